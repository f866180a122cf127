"""Messages name attributes as the form does ("Body", 「体力」), never by code ("BOD"); the Japanese words are the sheet's (強靱力)."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language, tr
from gmtool.games.shadowrun.library.validation import validate_template
from gmtool.games.shadowrun.sr5.rules.describe_tests import readable_key


@pytest.mark.parametrize(("language", "body", "agility"), [("en", "Body", "Agility"), ("ja", "強靱力", "敏捷力")])
def test_messages_name_attributes_in_the_forms_words(language: str, body: str, agility: str) -> None:
    set_language(language)
    error = RulesError("error.attribute_range", field="attr.BOD", attribute="BOD", low=1, high=6, value=9)
    assert body in error.message() and "BOD" not in error.message()
    assert readable_key("AGI+3") == f"{agility} + 3"
    assert readable_key("Climb") == "Climb"  # a label stays as the GM typed it
    from tests.gui.test_library_window import template_data

    _template, messages = validate_template(template_data("Ganger", attributes={"BOD": 3, "AGI": 3, "REA": 3,
                                                                                 "STR": 3, "WIL": 3, "LOG": 3,
                                                                                 "INT": 3, "CHA": 3, "EDG": 99}))
    text = " ".join(messages.values())
    assert "EDG" not in text and tr("attr.EDG") in text
    set_language("en")
