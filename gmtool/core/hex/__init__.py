"""Hex maps for the hex games, game-neutral and exact (no Qt, no float, no epsilon in a verdict).

:mod:`.coords` (cube/axial coordinates, distance, sides and facings, rings, offset labels),
:mod:`.line` (the exact line between two hex centres: crossed hexes, divided edges, corner
touches), :mod:`.bearing` (where another hex lies seen from a unit's hex and facing). The
conventions and worked examples are those of ``shared/spec/hex.md`` (flat-top hexes, facing 0 =
the side at the top, sides clockwise; coordinates after Red Blob Games' guide to hexagonal grids).
"""
