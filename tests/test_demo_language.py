"""Issue 30: a new campaign's demos are made in the window's language — names, sides, weapons, maps — and
stay as made (they are the campaign's data); only the made-up texts differ between the languages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pydantic import ValidationError

from gmtool.core.demo_text import english, in_language, is_translated
from gmtool.core.entry_points import load_object
from gmtool.core.i18n import set_language
from gmtool.core.registry import registry
from gmtool.core.resources import resource_path
from gmtool.games.shadowrun.sr4.rules.demo import SR4DemoEncounter, sr4_demo_definition
from gmtool.storage.workspace import Workspace

DEMO_FILES = [("sr5", "demo_encounter.json"), ("sr4", "demo_encounter.json"), ("sr4", "demo_matrix.json"),
              ("badlands_rally", "demo_race.json"), ("aura_battler", "demo_duel.json")]
MADE_UP = ("name", "seat", "side", "course", "sky")  # the keys that hold the demo's made-up texts
REFERENCES = ("combatant", "rigger", "owner_name", "machine", "pilot")  # an entry naming another, in English
JAPANESE_KEEPS = {"IC", "SR"}  # in the Japanese names: black IC (seeds/000), the edition (SR4)


def _raw(folder: str, file: str) -> Any:
    return json.loads(resource_path(folder, file).read_text(encoding="utf-8"))


def _walk(value: Any, key: str = "") -> list[tuple[str, Any]]:
    """Every (key, value) in a JSON document, nested ones included."""
    found = [(key, value)]
    if isinstance(value, dict) and not is_translated(value):
        for k, v in value.items():
            found += _walk(v, k)
    elif isinstance(value, list):
        for v in value:
            found += _walk(v, key)
    return found


def test_a_text_given_per_language_is_read_in_one() -> None:
    data = {"name": {"en": "Demo Lark", "ja": "デモ・ラーク"}, "guns": [{"name": {"en": "Demo gun", "ja": "デモ砲"}}],
            "side": "West", "skills": {"pistols": 3}, "other": {"ja": "英語なし"}}
    assert in_language(data, "ja") == {"name": "デモ・ラーク", "guns": [{"name": "デモ砲"}], "side": "West",
                                       "skills": {"pistols": 3}, "other": {"ja": "英語なし"}}
    assert english(data)["name"] == "Demo Lark" and in_language({"en": "Only English"}, "ja") == "Only English"
    assert not is_translated({"en": 3}) and not is_translated({"pistols": "3"}) and not is_translated({"ja": "名前"})


def test_a_name_without_english_is_refused_by_the_demos_model() -> None:
    raw = _raw("sr4", "demo_encounter.json")
    raw["combatants"][0]["name"] = {"ja": "英語の名前がない"}  # English is required (it names the entry)
    with pytest.raises(ValidationError):
        SR4DemoEncounter.model_validate(raw, context={"language": "ja"})


@pytest.mark.parametrize(("folder", "file"), DEMO_FILES)
def test_every_made_up_text_is_given_in_english_and_japanese(folder: str, file: str) -> None:
    """A demo entry holds its names in both languages (adding a combatant is one entry); the Japanese is
    Japanese and says "demo" or "made up" where the English does; references name an entry in English."""
    raw = _raw(folder, file)
    found = _walk(raw)
    texts = [value for key, value in found if key in MADE_UP and not isinstance(value, dict | list) or is_translated(value)]
    assert texts and all(is_translated(t) for t in texts), [t for t in texts if not is_translated(t)]
    for text in texts:
        assert set(text) == {"en", "ja"} and text["en"] != text["ja"], text
        assert set(re.findall(r"[A-Za-z]{2,}", text["ja"])) <= JAPANESE_KEEPS, text
        if "demo" in text["en"].lower() or "made up" in text["en"]:
            assert "デモ" in text["ja"] or "架空" in text["ja"], text
    named = {t["en"] for t in texts}
    for key, value in found:
        if key in REFERENCES and isinstance(value, str):
            assert value in named or folder == "sr4" and file == "demo_matrix.json", (key, value)


def test_the_matrix_icons_owner_is_a_combatant_of_the_sr4_demo() -> None:
    owners = [e["owner_name"] for e in _raw("sr4", "demo_matrix.json")["icons"] if e.get("owner_name")]
    assert owners and set(owners) <= set(sr4_demo_definition("ja").keys)


def test_a_combatant_added_with_its_two_names_is_one_entry() -> None:
    """What adding a made-up combatant takes (a technomancer, say): one entry with both names; a drone or an
    icon can name it by its English name, whatever the language."""
    raw = _raw("sr4", "demo_encounter.json")
    raw["combatants"] = raw["combatants"][:7] + [
        dict(raw["combatants"][2], name={"en": "Echo (demo technomancer)", "ja": "エコー（デモ・テクノマンサー）"})]
    for language, name in (("en", "Echo (demo technomancer)"), ("ja", "エコー（デモ・テクノマンサー）")):
        demo = SR4DemoEncounter.model_validate(raw, context={"language": language})
        assert demo.combatants[-1].name == name and demo.combatant_id("Echo (demo technomancer)") == "c8"


def _demos(language: str) -> dict[str, Any]:
    return {m.key: load_object(m.demo)(language) for m in registry().manifests() if m.demo is not None}


def _leaves(a: Any, b: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any, Any]]:
    """The leaves of two JSON documents of the same shape, side by side (a shape that differs fails)."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and a.keys() == b.keys(), path
        return [leaf for k in a for leaf in _leaves(a[k], b[k], (*path, k))]
    if isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), path
        return [leaf for i, (x, y) in enumerate(zip(a, b, strict=True)) for leaf in _leaves(x, y, (*path, str(i)))]
    return [(path, a, b)]


def test_only_the_made_up_texts_differ_between_the_languages() -> None:
    english_demos, japanese_demos = _demos("en"), _demos("ja")
    for game, demo in english_demos.items():
        other = japanese_demos[game]
        assert (demo.seed, [type(c) for c in demo.commands]) == (other.seed, [type(c) for c in other.commands])
        assert demo.name != other.name
        leaves = _leaves([c.model_dump(mode="json") for c in demo.commands],
                         [c.model_dump(mode="json") for c in other.commands])
        differ = {path[-1] for path, a, b in leaves if a != b}
        assert differ and differ <= {"name", "seat", "side"}, (game, differ)  # every number, hex and key the same


def test_a_campaign_made_in_japanese_holds_the_japanese_demos_and_keeps_them() -> None:
    set_language("ja")
    workspace = Workspace.open_default()
    try:
        japanese = _demos("ja")
        assert [(i.ruleset, i.name) for i in workspace.encounters()] == [(k, d.name) for k, d in japanese.items()]
        sr5 = workspace.encounter.state
        assert [c.sheet.name for c in sr5.combatants.values()][:3] == [
            "ケストレル（デモ）", "ブリック（デモ）", "ヌル（デモ）"]
        rally = workspace.with_encounter(workspace.encounters()[2].id).encounter.state
        assert [(g.name, g.seat) for g in rally.gears.values()][0] == ("デモ・サンドホッパー", "アイコ")
        assert rally.course is not None and rally.course.name == "デモ：ダストボウル周回コース（架空）"
        duel = workspace.with_encounter(workspace.encounters()[3].id).encounter.state
        assert [(u.machine.name, u.pilot.name, u.side) for u in duel.units.values()][0] == (
            "デモ・ラーク", "デモ・パイロット アヤ", "西軍")
        workspace.with_encounter(workspace.encounters()[0].id)
    finally:
        workspace.close()
    set_language("en")  # the GM switches to English later: the campaign's names stay as they were made
    again = Workspace.open_default()
    try:
        assert again.encounter_name == "デモ：レドモンド搬入口の待ち伏せ"
        assert next(iter(again.encounter.state.combatants.values())).sheet.name == "ケストレル（デモ）"
    finally:
        again.close()


def test_a_campaign_made_in_english_keeps_the_english_demos() -> None:
    workspace = Workspace.open_default()
    try:
        infos = workspace.encounters()
        assert [i.name for i in infos] == [d.name for d in _demos("en").values()]
        assert next(iter(workspace.encounter.state.combatants.values())).sheet.name == "Kestrel (demo runner)"
        sr4 = workspace.with_encounter(infos[1].id).encounter.state
        assert [i.sheet.name for i in sr4.matrix.icons.values()][0] == "Patch's commlink (demo persona)"
        rally = workspace.with_encounter(infos[2].id).encounter.state
        assert rally.gears["g1"].weapons[0].name == "Demo autocannon"
        duel = workspace.with_encounter(infos[3].id).encounter.state
        assert duel.sky is not None and duel.sky.name == "Demo: open sky with a few clouds (made up)"
    finally:
        workspace.close()


def test_a_reference_to_no_entry_is_refused_by_the_demos_model() -> None:
    from gmtool.games.aura_battler.rules.cards import DemoDuel

    raw = _raw("sr4", "demo_encounter.json")
    raw["vehicles"][0]["rigger"] = "デモ・警備リガー"  # named in Japanese, not by its English name
    with pytest.raises(ValidationError, match="names no combatant"):
        SR4DemoEncounter.model_validate(raw, context={"language": "ja"})
    duel = _raw("aura_battler", "demo_duel.json")
    duel["units"][0]["machine"] = "Lark"
    with pytest.raises(ValidationError, match="names no machine"):
        DemoDuel.model_validate(duel, context={"language": "ja"})


def test_a_demo_file_that_is_not_the_model_is_refused_naming_the_file_and_what_is_wrong() -> None:
    from pydantic import BaseModel

    from gmtool.core.demo_text import load_demo
    from gmtool.core.errors import ResourceError

    class Needs(BaseModel):
        needed: int

    with pytest.raises(ResourceError) as caught:
        load_demo(Needs, "en", "sr4", "demo_matrix.json")
    message = caught.value.message()
    assert message.startswith("The data file sr4/demo_matrix.json is invalid: ")
    assert "needed\n  Field required" in message  # pydantic's own account of the field missing
