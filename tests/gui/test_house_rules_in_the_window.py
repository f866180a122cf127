"""Issue 13: house rules load when a campaign opens and on File → Reload house rules; their rows
show in the modifier panels marked as house rules; a broken file is named (file, line, reason) in
a dialog and in the status line. Before, nothing called the loader from the window's path."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from gmtool.games.shadowrun.gui.modifier_table_model import ROW_KEY
from gmtool.storage.paths import data_dir
from gmtool.storage.settings import Settings
from gmtool.storage.workspace import Workspace

GLARE = """\
schema_version = 1

[[rows]]
table = "sr5.attacker"
id = "neon_glare"
label = { en = "Neon glare", ja = "ネオンの眩しさ" }
value = -1
"""
BROKEN = 'schema_version = 1\n\n[[rows]]\ntable = "sr5.attacker"\nid = "x"\nlabel = { en = "X", ja = "X" }\nvalue = 500\n'


def _labels(window) -> dict[str, str]:  # noqa: ANN001
    model = window.parts.attack_panel.attack_tables.model
    found = {}
    for t in range(model.rowCount()):
        parent = model.index(t, 0)
        for r in range(model.rowCount(parent)):
            index = model.index(r, 0, parent)
            found[model.data(index, ROW_KEY)] = model.data(index)
    return found


def _app(monkeypatch):  # noqa: ANN001, ANN202
    from gmtool import app as app_module

    warned: list[str] = []
    monkeypatch.setattr(app_module.QMessageBox, "warning", lambda _p, _t, text: warned.append(text))
    return app_module.GmtoolApp(QApplication.instance(), Settings(), False), warned


def _open(qtbot, gm):  # noqa: ANN001, ANN202
    gm.switch_to(Workspace.open_default())
    gm.window.action("roll_initiative").trigger()
    _show_attack(gm.window)
    return gm.window


def _show_attack(window) -> None:  # noqa: ANN001 - the attack of the actor on Brick, its tables planned
    brick = next(c.id for c in window.bridge.state.combatants.values() if c.sheet.name.startswith("Brick"))
    window.bridge.select(brick)
    window.action("attack").trigger()


def _restore_shipped_tables() -> None:
    from gmtool.games.shadowrun.rules.attack.plan import use_tables
    from gmtool.games.shadowrun.rules.tables.loader import load_tables

    use_tables(load_tables())


def test_house_rows_load_with_the_campaign_marked_as_house_rules(qtbot, monkeypatch) -> None:
    folder = data_dir() / "tables"
    folder.mkdir(parents=True)
    (folder / "glare.toml").write_text(GLARE, encoding="utf-8")
    gm, warned = _app(monkeypatch)
    try:
        window = _open(qtbot, gm)
        labels = _labels(window)
        glare = [label for key, label in labels.items() if key.endswith("neon_glare")]
        assert glare == ["Neon glare (house rule)"], labels
        assert warned == []
    finally:
        gm.shutdown()
        if gm.window is not None:
            gm.window.close()
            gm.window.deleteLater()
        _restore_shipped_tables()


def test_reload_picks_up_a_new_file_and_reports_a_broken_one(qtbot, monkeypatch) -> None:
    gm, warned = _app(monkeypatch)
    try:
        window = _open(qtbot, gm)
        assert not any(key.endswith("neon_glare") for key in _labels(window))
        folder = data_dir() / "tables"
        folder.mkdir(parents=True)
        (folder / "glare.toml").write_text(GLARE, encoding="utf-8")
        window._actions["reload_house_rules"].trigger()
        window = gm.window  # rebuilt on the new tables
        _show_attack(window)
        assert any(label == "Neon glare (house rule)" for label in _labels(window).values())
        assert window.status.text() == "House rules reloaded: 0 tables and 1 row of your own in use."
        (folder / "z-broken.toml").write_text(BROKEN, encoding="utf-8")
        window._actions["reload_house_rules"].trigger()
        qtbot.waitUntil(lambda: bool(warned))
        assert "z-broken.toml, line 7" in warned[0] and "99" in warned[0]
        assert gm.window.status.text().startswith("1 house-rule file could not be loaded")
        _show_attack(gm.window)
        assert any(label == "Neon glare (house rule)" for label in _labels(gm.window).values())  # the good one stays
    finally:
        gm.shutdown()
        if gm.window is not None:
            gm.window.close()
            gm.window.deleteLater()
        _restore_shipped_tables()
