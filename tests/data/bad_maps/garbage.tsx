this is not a tileset at all
