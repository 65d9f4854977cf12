"""The ``hidden`` custom property: what belongs to the game master, and the picture players may see.

A layer (tile, object, image or group layer) or an object with the bool property ``hidden = true``
is the game master's: players must not see it. A hidden group hides everything in it, and a
creature on a hidden layer is a hidden creature. The loader reads the property into
``LayerBase.hidden`` and ``MapObject.hidden`` (the object's or layer's own property, not its tile's);
``render --players`` draws :func:`players_view`. Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import replace

from game.tiled import model as m

HIDDEN = "hidden"
"""The property's name (Tiled type ``bool``)."""

HIDDEN_CLASS = "hidden"
"""The ``.tiled-project`` class with the single member ``hidden``: Tiled 1.8 has no plain bool
property types, only classes, so a layer or an object takes a property of this class."""

CLASSES_WITH_HIDDEN = ("creature", HIDDEN_CLASS)
"""The ``.tiled-project`` classes with a ``hidden`` member: a class property of one of them counts as
its members set one by one (the source's own plain ``hidden`` wins), as for terrain and creatures."""


def hidden_value(props: m.Properties) -> m.PropertyValue | None:
    """The ``hidden`` a layer or an object sets, unchecked; None when it sets none."""
    value = props.get(HIDDEN)
    if isinstance(value, m.ClassValue) and value.type_name in CLASSES_WITH_HIDDEN:
        value = None  # a property named "hidden" of our class: its member decides, below
    if value is not None:
        return value
    for nested in props.values():  # at most the source's properties, already capped by the loader
        if isinstance(nested, m.ClassValue) and nested.type_name in CLASSES_WITH_HIDDEN and HIDDEN in nested.members:
            value = nested.members[HIDDEN]
    return value


def players_view(tmap: m.TiledMap) -> m.TiledMap:
    """The map as players may see it: every layer and object marked hidden left out (a hidden group
    with everything in it)."""
    return replace(tmap, layers=_shown(tmap.layers))


def _shown(layers: tuple[m.Layer, ...]) -> tuple[m.Layer, ...]:
    out: list[m.Layer] = []
    for layer in layers:  # the loader capped the number of layers and objects
        if layer.base.hidden:
            continue
        if isinstance(layer, m.GroupLayer):
            layer = replace(layer, layers=_shown(layer.layers))
        elif isinstance(layer, m.ObjectLayer) and any(obj.hidden for obj in layer.objects):
            layer = replace(layer, objects=tuple(obj for obj in layer.objects if not obj.hidden))
        out.append(layer)
    return tuple(out)
