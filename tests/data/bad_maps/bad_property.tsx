<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tiles" tilewidth="16" tileheight="16" tilecount="2" columns="2">
 <image source="tiles.png" width="32" height="16"/>
 <tile id="1">
  <properties>
   <property name="height" type="int" value="tall"/>
  </properties>
 </tile>
</tileset>
