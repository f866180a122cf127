"""Shadowrun 4 as the shell knows it at start-up (plain data; the rules load with an SR4 encounter)."""

from gmtool.games.shadowrun.editions import edition_manifest

MANIFEST = edition_manifest("sr4", {"en": "Shadowrun 4", "ja": "シャドウラン4版"}, order=20)
