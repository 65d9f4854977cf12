"""What ``tactics`` reads of a piece on the board and of its sheet (:class:`Piece`, :class:`Sheet`), and the
type of a piece's id (:data:`PieceId`)."""

from __future__ import annotations

from typing import NewType, Protocol

from game.grid import Cell

PieceId = NewType("PieceId", str)
"""A piece's id on the board (a ruleset's creature ids are these: seed 000's ``CreatureId`` is this type)."""


class Sheet(Protocol):
    """What ``tactics`` reads of a piece's sheet: its size. Sheets are immutable: answers worked out from
    one (its threat reach, whether it can flank) are kept per sheet, by identity."""

    @property
    def size(self) -> int:
        """1: one cell; n: an n x n square space on square grids (every piece fills one hex on hex grids)."""
        ...


class Piece(Protocol):
    """What ``tactics`` reads of a piece on the board; the rest (conditions, hit points) only its rules
    read."""

    @property
    def id(self) -> PieceId: ...

    @property
    def cell(self) -> Cell:
        """The anchor cell: the top-left cell of a large piece's space on squares."""
        ...

    @property
    def side(self) -> str: ...

    @property
    def dead(self) -> bool:
        """Off the board for every purpose (dead pieces neither block nor threaten nor flank)."""
        ...

    @property
    def template(self) -> Sheet:
        """Its sheet."""
        ...
