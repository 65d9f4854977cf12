<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tokens" tilewidth="16" tileheight="16" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="creature">
  <properties>
   <property name="side" value="monsters"/>
  </properties>
  <image width="16" height="16" source="../images/token.png"/>
 </tile>
 <tile id="3">
  <image width="48" height="32" source="../images/backdrop.png"/>
 </tile>
</tileset>
