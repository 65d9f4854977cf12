<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="16" tileheight="16" tilecount="8" columns="4">
 <image source="../images/terrain.png" width="64" height="32"/>
 <tile id="1" type="Wall">
  <properties>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="damage" value="1d6 fire"/>
   <property name="dangerous" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="dangerous" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="damage" value="2d4+1 poison"/>
   <property name="dangerous" type="bool" value="true"/>
   <property name="difficult" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="glow" type="color" value="#ff00ff00"/>
   <property name="steps" type="int" value="3"/>
   <property name="label" value="altar"/>
   <property name="lit" type="bool" value="true"/>
   <property name="lore" type="file" value="../images/token.png"/>
   <property name="weight" type="float" value="1.5"/>
  </properties>
 </tile>
</tileset>
