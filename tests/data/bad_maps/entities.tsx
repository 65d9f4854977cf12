<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tileset [<!ENTITY lol "lol">]>
<tileset name="&lol;" tilewidth="16" tileheight="16" tilecount="2" columns="2">
 <image source="tiles.png" width="32" height="16"/>
</tileset>
