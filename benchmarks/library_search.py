"""NPC library search with 10,000 templates: p95 of a mix of searches, in milliseconds.

A fresh campaign in a temporary folder gets 10,000 made-up templates (half SR4,
half SR5; names, tags and notes in English and Japanese; documents of about
1.5 KB) through :class:`LibraryStore.add`. The searches are what a GM types or
clicks in a library panel: a word of a name, a Japanese substring, a word of the
notes, two words, a game filter, one or two tags, text with game and tag, and a
rare word; each returns every match (no limit), as summaries without documents.
Every search runs ``ROUNDS`` times after one warm-up round; the p95 is over all
of them. Listing a whole game (5,000 summaries) is timed on its own, and so is
the first search after reopening the campaign (it loads the in-memory index).

Run alone: ``python -m benchmarks.library_search``.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gmtool.storage.campaign import Campaign
from gmtool.storage.library_store import LibraryStore

TEMPLATES = 10_000
ROUNDS = 30
TARGET_P95_MS = 16.0
SEED = 6

ROLES = ("Ganger", "Security Guard", "Corporate Mage", "Street Samurai", "Decker", "Shaman", "Lone Star Officer",
         "Yakuza Soldier", "Troll Bouncer", "Rigger", "Knight Errant Trooper", "Razorboy", "Adept", "Fixer")
JA_ROLES = ("ギャング", "警備員", "企業魔術師", "ストリート・サムライ", "デッカー", "シャーマン", "ヤクザの兵隊",
            "トロールの用心棒", "リガー", "ナイト・エラント隊員")
GANGS = ("Ancients", "Halloweeners", "Red Hot Nukes", "Cutters", "Spikes", "Crimson Crush", "赤龍会", "鬼火組")
TAGS = ("gang", "security", "corp", "magic", "matrix", "rigger", "police", "yakuza", "street", "elite",
        "boss", "grunt", "spirit", "drone", "seattle", "tokyo", "ヤクザ", "警察", "魔法", "ボス")
NOTE_WORDS = ("ambush", "warehouse", "docks", "Renraku", "Aztechnology", "armored", "SMG", "shotgun", "drone",
              "spirit", "barrier", "alarm", "patrol", "倉庫", "港", "待ち伏せ", "警報", "巡回", "ドローン")


def make_document(rng: random.Random, game: str, name: str) -> dict[str, Any]:
    """A made-up template document of about 1.5 KB (the store never reads inside it)."""
    attributes = {a: rng.randint(1, 6) for a in ("BOD", "AGI", "REA", "STR", "WIL", "LOG", "INT", "CHA", "EDG")}
    skills = {f"skill_{i}": rng.randint(1, 6) for i in range(rng.randint(6, 14))}
    gear = [{"name": f"item {rng.randint(1, 500)}", "rating": rng.randint(0, 6)} for _ in range(rng.randint(3, 10))]
    return {"schema_version": 1, "game": game, "name": name, "attributes": attributes, "skills": skills,
            "gear": gear, "armor": rng.randint(0, 15), "description": "x" * rng.randint(200, 600)}


def populate(store: LibraryStore, count: int = TEMPLATES, seed: int = SEED) -> None:
    rng = random.Random(seed)
    for i in range(count):
        game = ("sr4", "sr5")[i % 2]
        role = rng.choice(JA_ROLES if rng.random() < 0.3 else ROLES)
        name = f"{rng.choice(GANGS)} {role} {i}"
        tags = rng.sample(TAGS, rng.randint(1, 4))
        notes = " ".join(rng.choice(NOTE_WORDS) for _ in range(rng.randint(5, 30)))
        if i == count // 3:
            notes += " Mr. Johnson's double"
        store.add(game, name, make_document(rng, game, name), tags=tags,
                  professional_rating=rng.randint(0, 6), notes=notes)


SEARCHES: tuple[dict[str, Any], ...] = (
    {"text": "samurai"},
    {"text": "ギャング"},
    {"text": "warehouse"},
    {"text": "troll bouncer"},
    {"text": "ganger", "game": "sr5"},
    {"tags": ("yakuza",)},
    {"tags": ("boss", "magic")},
    {"text": "docks", "game": "sr4", "tags": ("gang",)},
    {"text": "johnson"},
    {"text": "赤龍会", "tags": ("ヤクザ",)},
)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed_ms(call: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = call()
    return (time.perf_counter() - start) * 1000.0, result


def measure_library_search(count: int = TEMPLATES, rounds: int = ROUNDS) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="gmtool-library-bench-") as folder:
        path = Path(folder) / "library.gmtool"
        campaign = Campaign.create(path)
        try:
            start = time.perf_counter()
            populate(campaign.library, count)
            add_ms = (time.perf_counter() - start) * 1000.0 / count
        finally:
            campaign.close()
        campaign = Campaign.open(path, keep_backups=0)
        try:
            load_ms = timed_ms(lambda: campaign.library.search("samurai"))[0]
            samples: list[float] = []
            hits: list[int] = []
            for round_no in range(rounds + 1):
                for query in SEARCHES:
                    ms, found = timed_ms(lambda q=query: campaign.library.search(**q))
                    if round_no:  # round 0 warms the page cache
                        samples.append(ms)
                    hits.append(len(found))
            list_ms = [timed_ms(lambda: campaign.library.templates("sr5"))[0] for _ in range(rounds)]
        finally:
            campaign.close()
    return {
        "library_search_p95_ms": percentile(samples, 0.95),
        "library_search_p50_ms": statistics.median(samples),
        "library_search_median_hits": float(statistics.median(hits)),
        "library_list_game_p95_ms": percentile(list_ms, 0.95),
        "library_index_load_ms": load_ms,
        "library_add_mean_ms": add_ms,
    }


if __name__ == "__main__":
    for key, value in measure_library_search().items():
        sys.stdout.write(f"{key}: {value:.3f}\n")
