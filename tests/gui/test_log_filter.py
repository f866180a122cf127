"""The turn log's filter bar: one combatant, one kind of line, words (Japanese too); headings
stay above the lines kept; clicking a line of the filtered log still rewinds to that event."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.log_shape import LOG_SHAPE
from gmtool.viewmodels import roles
from gmtool.viewmodels.log_filter import families, line_families, search_form

HEADING_KINDS = frozenset(kind for kind, _level in LOG_SHAPE.headings)
FAMILIES = families(LOG_SHAPE)


def _fight(window, phases: int = 4) -> None:  # noqa: ANN001
    window.action("roll_initiative").trigger()
    for _ in range(phases):
        window.action("next_phase").trigger()


def _shown(panel) -> list[tuple[int, str, tuple[str, ...], str]]:  # noqa: ANN001
    """(source row, kind, combatants, text) of every line the filtered view shows."""
    proxy = panel.proxy
    rows = []
    for r in range(proxy.rowCount()):
        source = proxy.mapToSource(proxy.index(r, 0))
        line = panel.model.line(source.row())
        rows.append((source.row(), line.kind, line.combatants, line.text))
    return rows


def _events(shown):  # noqa: ANN001, ANN202
    return [row for row in shown if row[1] not in HEADING_KINDS and row[1] != "header"]


def test_the_proxy_passes_the_model_tester_while_filtering_and_growing(qtbot, window, model_testers) -> None:
    panel = window.log_panel
    model_testers(panel.proxy)
    panel.set_filter(combatant="c1")
    _fight(window)
    panel.set_filter(family="initiative", search="kestrel")
    window.action("undo").trigger()
    panel.set_filter()
    assert panel.proxy.rowCount() == panel.model.rowCount()


def test_a_combatant_keeps_only_the_lines_about_them_under_their_headings(qtbot, window) -> None:
    _fight(window)
    panel = window.log_panel
    everything = panel.model.rowCount()
    about_c1 = [r for r in range(everything) if "c1" in panel.model.line(r).combatants]
    panel.set_filter(combatant="c1")
    shown = _shown(panel)
    assert [row[0] for row in _events(shown)] == about_c1  # every line about c1, and only those
    assert all("Kestrel" in row[3] for row in _events(shown))
    kinds = [row[1] for row in shown]
    assert kinds[0] == "header" and "turn_started" in kinds and "pass_started" in kinds
    panel.combatant.setCurrentIndex(0)  # "Everyone"
    assert panel.proxy.rowCount() == everything


def test_the_combatant_combo_lists_everyone_the_log_names(qtbot, window) -> None:
    panel = window.log_panel
    ids = [panel.combatant.itemData(i) for i in range(panel.combatant.count())]
    assert ids[0] is None and set(ids[1:]) == set(window.bridge.state.combatants)
    window.run(window.view.edit("c2", "name", "Brick the Second"))
    names = [panel.combatant.itemText(i) for i in range(panel.combatant.count())]
    assert "Brick the Second" in names and "Brick (demo runner)" not in names
    window.run(window.view.remove("c2"))  # gone from the fight, still in the log under the name it had
    assert panel.combatant.itemText(panel.combatant.findData("c2")) == "Brick the Second"
    assert panel.model.combatant_names()["c2"] == "Brick the Second"


def test_a_kind_keeps_its_family_and_the_headings_with_lines_under_them(qtbot, window) -> None:
    _fight(window)
    panel = window.log_panel
    panel.set_filter(family="initiative")
    kinds = {row[1] for row in _events(_shown(panel))}
    assert kinds and kinds <= {"initiative_rolled", "action_phase_ended", "turn_ended", "scores_reduced"}
    assert "combatant_added" not in kinds
    panel.set_filter(family="other")
    shown = _shown(panel)
    assert {row[1] for row in _events(shown)} == {"combatant_added"}
    assert not [row for row in shown if row[1] in HEADING_KINDS]  # no added combatant under any turn


def test_a_new_line_brings_back_its_hidden_heading(qtbot, window) -> None:
    _fight(window)
    panel = window.log_panel
    panel.set_filter(family="history")
    assert [row[1] for row in _shown(panel)] == ["header"]  # nothing undone yet: no heading either
    window.action("undo").trigger()
    assert [row[1] for row in _shown(panel)] == ["header", "turn_started", "pass_started", "undo"]


def test_search_ignores_case_and_finds_words(qtbot, window) -> None:
    _fight(window)
    panel = window.log_panel
    panel.search.setText("GANGER 2")
    lines = _events(_shown(panel))
    assert lines and all("Ganger 2" in row[3] for row in lines)
    expected = [r for r in range(panel.model.rowCount()) if "ganger 2" in panel.model.line(r).text.lower()]
    assert [row[0] for row in lines] == [r for r in expected if panel.model.line(r).kind != "header"]
    panel.search.clear()
    assert panel.proxy.rowCount() == panel.model.rowCount()


def test_search_folds_width_and_kana_for_japanese_names(qtbot, window) -> None:
    window.run(window.view.edit("c4", "name", "ガンナー"))
    _fight(window)
    panel = window.log_panel
    for typed in ("がんなー", "ｶﾞﾝﾅｰ", "ガンナー"):
        panel.search.setText(typed)
        lines = _events(_shown(panel))
        assert lines and all("ガンナー" in row[3] for row in lines), typed
    panel.search.setText("がんなーず")
    assert _events(_shown(panel)) == []
    assert search_form("ＡＢＣ Kestrel") == "abc kestrel"


def test_search_in_a_japanese_log(qtbot, workspace) -> None:
    from gmtool.ui.main_window import MainWindow

    set_language("ja")
    window = MainWindow(workspace)
    qtbot.addWidget(window)
    _fight(window, 1)
    panel = window.log_panel
    assert panel.search.placeholderText() == "ログを検索…"
    panel.search.setText("イニシアティブ")
    lines = _events(_shown(panel))
    assert lines and {row[1] for row in lines} == {"initiative_rolled"}
    assert panel.kind.itemText(panel.kind.findData("edge")) == "エッジ"


def test_clicking_a_filtered_line_rewinds_to_that_event(qtbot, window) -> None:
    _fight(window)
    panel = window.log_panel
    panel.set_filter(combatant="c6")
    proxy = panel.proxy
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data(roles.EVENT_KIND) == "action_phase_ended")
    index = proxy.index(row, 0)
    source = proxy.mapToSource(index)
    assert source.row() != row  # the filter really moved the line
    panel.view.setCurrentIndex(index)
    panel.view.clicked.emit(index)
    seq = panel.model.data(source, roles.SEQ)
    number = panel.model.data(source, roles.EVENT_NUMBER)
    assert window.bridge.past == (seq, number + 1)
    assert "Corp Guard" in window.rewind_label.text()
    window.action("back_to_now").trigger()
    heading = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data(roles.EVENT_KIND) == "pass_started")
    panel.view.clicked.emit(proxy.index(heading, 0))
    assert window.bridge.past is not None and window.bridge.state.pass_number == 1


def test_setting_a_source_line_as_current_maps_it_into_the_filtered_view(qtbot, window) -> None:
    _fight(window)
    panel = window.log_panel
    panel.set_filter(combatant="c3")
    source = panel.model.index(next(r for r in range(panel.model.rowCount()) if "c3" in panel.model.line(r).combatants), 0)
    panel.view.setCurrentIndex(source)
    assert panel.view.currentIndex().model() is panel.proxy
    assert panel.proxy.mapToSource(panel.view.currentIndex()).row() == source.row()
    hidden = panel.model.index(1, 0)  # Kestrel joins: not about c3
    panel.view.setCurrentIndex(hidden)
    assert panel.view.currentIndex() == QModelIndex()


def test_every_family_has_a_label_and_an_unknown_kind_is_other() -> None:
    from gmtool.core.i18n import catalogue
    from gmtool.viewmodels.log_model import LogLine

    for language in ("en", "ja"):
        assert all(f"log_filter.kind.{family}" in catalogue(language).messages for family in FAMILIES)
    from gmtool.games.shadowrun.rules.log_shape import log_families
    from gmtool.games.shadowrun.rules.turn_events import SheetChanged

    def edit(field: str) -> SheetChanged:
        return SheetChanged(combatant="c1", name="Ayla", field=field, old=0, new=2)

    assert line_families(LogLine(1, "something_new", "", 0, ())) == {"other"}
    assert LOG_SHAPE.families_of("attack_resolved") == {"tests", "damage"}
    assert log_families(edit("stun_damage")) == {"damage"}  # a GM typing damage by hand
    assert line_families(LogLine(1, "sheet_changed", "", 0, (), log_families(edit("name")))) == {"other"}


def test_zones_full_defence_and_called_shots_are_kept_with_their_families() -> None:
    """The audit's new lines are found under the kind a GM would pick, not under "Other"."""
    from gmtool.viewmodels.log_model import LogLine

    def families(kind: str) -> frozenset[str]:
        return line_families(LogLine(1, kind, "", 0, (), LOG_SHAPE.families_of(kind)))

    assert families("suppressive_fire_started") == {"actions", "effects"}
    assert families("suppressive_fire_ended") == {"effects"}
    assert families("zone_marked") == {"effects"}
    assert families("full_defence_declared") == {"actions", "effects"}
    assert families("called_shot_resolved") == {"tests"}
    assert families("suppression_tested") == {"tests"}
