"""What each game's Japanese window keeps in Latin letters, and why: the abbreviations and words its
digest (shared/seeds/…) writes in Latin letters. The scans of ``test_japanese_ui`` and
``test_sr4_japanese`` count any other run of Latin letters as English (see ``gm_sight.english_left``).
"""

from __future__ import annotations

JAPANESE_TRPG = {"GM", "NPC"}  # as Japanese tabletop players write them (seeds/000 and 001: GM); the library's NPCs
SHADOWRUN = JAPANESE_TRPG | {
    "SR",  # the editions' names SR4 and SR5
    "AP", "DV", "SA", "SS", "BF", "FA", "LB",  # seeds/001: AP, DV, the firing modes (SA, SS, BF, FA, LB)
    "IC", "AR", "VR", "PAN",  # seeds/000: IC, AR, VR, PAN
    "APDS",  # the ammunition as the books print it (APDS弾)
    # model designations inside the catalogue's Japanese weapon names, as Japanese books print them
    # (resources/weapons/sr*_weapons.json: AK-97, アレス・プレデターIV, FN HAR, HK-227, …)
    "AK", "AS", "EX", "FN", "HAR", "HK", "IV", "MA",
}
BADLANDS_RALLY = JAPANESE_TRPG | {
    "MR", "MOS", "MOF", "POW",  # seeds/002
    "CP",  # the standings' "CP1": the usual Japanese shorthand of チェックポイント, spelt out in the map's legend
    "Vibro", "Blade", "Autocannon", "Rifle", "Rocket", "Pack",  # weapons seeds/002 names in Latin letters (Twins)
}
AURA_BATTLER = JAPANESE_TRPG | {"PP", "FF", "FR", "FL", "BR", "BL", "BB"}  # seeds/003: PP and the six sectors
