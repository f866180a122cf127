"""SR4 Matrix work as the GM reads it in the log, and the odds shown before a signature is looked for.

000 = the SR4 digest (``shared/seeds/000_85eb82309217704e.txt``) §5-6; hits are fives and sixes (line 9); faces are
typed (X-2). The icons are those of ``tests/test_sr4_matrix_words.py``: Deck's commlink (Hacking 4, Computer 4,
Exploit 4, Analyze 4, Stealth 3), a node (Analyze 4, Firewall 4, System 4), the technomancer Weaver (Resonance 4,
Compiling 4, Willpower 5).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules import matrix_odds
from tests.test_sr4_matrix_words import NODE, PERSONA, TECHNO, Run, lines


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


@pytest.mark.rule("SR4-X2")
def test_on_the_fly_against_firewall_one_needs_one_hit_and_the_log_follows_the_hack() -> None:
    # 000 line 273: ハッキング + [侵入] (【ファイアウォール】、1イニシアティブ・パス): Firewall 1 → threshold 1; the node rolls
    # Analyze 4 + Firewall 1 = 5 dice each time, extended, against the hacker's Stealth 3.
    run = Run(PERSONA, NODE.model_copy(update={"firewall": 1}))
    assert lines(run.run(mx.StartHack(icon="m1", node="m2", method="on_the_fly"))) == [
        "Deck's commlink hacks Node on the fly: threshold 1, interval 1 initiative pass; "
        "the node detects at 3 hits (Stealth)."]
    first = lines(run.run(mx.RollHack(hack=1, faces=(1, 2, 2, 3, 4, 2, 3, 2), node_faces=(5, 6, 6, 2, 3))))
    assert first == [  # Hacking 4 + Exploit 4 = 8 dice, no hit: 0 of 1; the node's 3 hits reach Stealth 3
        "Deck's commlink — Hacking (extended): Hacking +4 Exploit +4 = 8 dice vs 0: [1 2 2 3 4 2 3 2] (typed) → 0 hits, "
        "hits counted",
        "Node — detection (extended): Analyze +4 Firewall +1 = 5 dice vs 0: [5 6 6 2 3] (typed) → 3 hits, hits counted",
        "Deck's commlink hacks Node: 0/1 after 1 roll. Node detects the hacker (3/3)."]
    second = lines(run.run(mx.RollHack(hack=1, faces=(5, 2, 2, 3, 4, 2, 3, 2))))
    assert second[-1] == "Deck's commlink gets a personal account on Node (2 rolls). Node detects the hacker (3/3)."


@pytest.mark.rule("SR4-X3")
def test_a_probe_that_glitches_critically_fails_in_words() -> None:
    # 000 line 279: probing, threshold System 4 + Firewall 4 = 8; eight dice, five ones and no hit: a critical
    # glitch (SR4-D2, D3), and the hack ends.
    run = Run(PERSONA, NODE)
    run.run(mx.StartHack(icon="m1", node="m2", method="probe"))
    said = lines(run.run(mx.RollHack(hack=1, faces=(1, 1, 1, 1, 1, 2, 3, 2))))
    assert said == ["Deck's commlink — Hacking (extended): Hacking +4 Exploit +4 = 8 dice vs 0: [1 1 1 1 1 2 3 2] "
                    "(typed) → 0 hits, CRITICAL GLITCH",
                    "Deck's commlink's hack of Node fails (critical glitch)."]


@pytest.mark.rule("SR4-T4")
def test_the_compiling_lines_say_the_tasks_owed_or_the_failure_and_the_fading() -> None:
    # 000 lines 365-377: Resonance 4 + Compiling 4 = 8 dice vs the sprite's rating in dice; net hits = tasks;
    # fading = the sprite's hits × 2, at least 2; stun at a rating ≤ Resonance 4, physical above.
    run = Run(TECHNO)
    said = lines(run.run(mx.CompileSprite(icon="m1", sprite_kind="crack", rating=3, faces=(5, 6, 5, 6, 1, 2, 3, 4),
                                          sprite_faces=(5, 1, 2), fading_faces=(5, 1, 2, 3, 4, 2, 3, 4, 2))))
    # 4 hits against 1: 3 tasks; fading max(2, 1 × 2) = 2, Willpower 5 + Resonance 4 = 9 dice, 1 hit: 1 box, stun.
    assert ("Weaver compiles a Crack sprite (rating 3): 3 tasks owed; it is gone after 8 hours unless registered. "
            "Fading 2, 1 resisted, 1 box of stun damage.") in said
    tie = Run(TECHNO)
    said = lines(tie.run(mx.CompileSprite(icon="m1", sprite_kind="data", rating=5, faces=(5, 6, 1, 1, 2, 2, 3, 4),
                                          sprite_faces=(5, 6, 2, 3, 4), fading_faces=(1, 2, 3, 4, 2, 3, 4, 2, 3))))
    # 2 against 2 (line 374: a tie is not compiled); fading 2 × 2 = 4, none resisted; rating 5 > 4: physical.
    assert "Weaver fails to compile a Data sprite (rating 5). Fading 4, 0 resisted, 4 boxes of physical damage." in said


@pytest.mark.rule("SR4-X5")
def test_the_perception_roll_is_named_in_the_log() -> None:
    # 000 line 295: コンピュータ + [分析]: 4 + 4 = 8 dice against a threshold 2; two hits.
    run = Run(PERSONA, NODE)
    said = lines(run.run(mx.MatrixPerception(icon="m1", target="m2", threshold=2, faces=(5, 6, 1, 2, 3, 4, 2, 3))))
    assert said == ["Deck's commlink — Matrix perception: Computer +4 Analyze +4 = 8 dice vs 2: [5 6 1 2 3 4 2 3] "
                    "(typed) → 2 hits, success, 0 net hits",
                    "Deck's commlink spots Node (2 hits, 2 needed)."]


@pytest.mark.rule("SR4-T2")
def test_the_odds_of_finding_a_resonance_signature_need_three_hits() -> None:
    # 000 line 343: a resonance signature is found by Matrix perception (3). Computer 4 + Analyze 4 = 8 dice:
    # P(0) = (2/3)^8 = 256/6561, P(1) = 8·(1/3)(2/3)^7 = 1024/6561, P(2) = 28·(1/3)^2(2/3)^6 = 1792/6561;
    # P(≥ 3) = 1 − 3072/6561 = 3489/6561.
    run = Run(PERSONA, TECHNO)
    run.run(mx.ThreadForm(icon="m2", form="A", rating=1, sustain=False, faces=(1, 2, 2, 3, 4, 2, 3)))
    odds = matrix_odds.perception(run.state, "m1", None, 1, 0)
    assert odds.chances == (("matrix.odds.spot", pytest.approx(float(Fraction(3489, 6561)), abs=1e-12)),)
