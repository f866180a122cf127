"""Shadowrun 5 as the shell knows it at start-up (plain data; the rules load with an SR5 encounter)."""

from gmtool.core.readings import ReadingOption
from gmtool.games.shadowrun.editions import edition_manifest

MANIFEST = edition_manifest(
    "sr5", {"en": "Shadowrun 5", "ja": "シャドウラン5版"}, order=10,
    readings=(  # where the digest and the book disagree (Preferences → Rules)
        ReadingOption(key="sr5_multiple_attacks", rule="SR5-CS9", page=196),
        ReadingOption(key="sr5_harder_knock", rule="SR5-CS3", page=195),
        ReadingOption(key="sr5_knockdown", rule="SR5-A5", page=194),
    ),
)
