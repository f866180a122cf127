"""A broken house-rule file is named to the GM at start (file, line, reason), in their language."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.core.i18n import set_language
from gmtool.games.shadowrun.rules.attack.plan import use_tables
from gmtool.games.shadowrun.rules.tables.folder import house_rules_folder
from gmtool.games.shadowrun.rules.tables.loader import load_tables
from tests.test_tables_house_rules import BAD_SCHEMA, write


@pytest.mark.parametrize("language", ["en", "ja"])
def test_broken_house_rules_are_reported(monkeypatch, tmp_path: Path, language: str) -> None:
    from gmtool import app

    set_language(language)
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(app.QMessageBox, "warning", lambda parent, title, text: shown.append((title, text)))
    write(house_rules_folder(tmp_path), "b.toml", BAD_SCHEMA)
    try:
        problems = app.use_house_tables(tmp_path)
    finally:
        use_tables(load_tables())
    app.report_house_problems(None, problems)
    [(title, text)] = shown
    assert title == {"en": "House rules", "ja": "ハウスルール"}[language]
    assert "b.toml" in text and {"en": "line 13", "ja": "13 行目"}[language] in text
