"""Which writing a report needs (pure Python): Japanese text, in the report's language or typed in by the GM.

A PDF draws each character with an installed font; without a font that covers
Japanese, kana and kanji print as empty boxes. :func:`report_has_japanese`
tells the report dialog whether to check for such a font first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import astuple
from typing import Any

from gmtool.printing.report import Report

# Kana, kanji (with extension A), Japanese punctuation and half-width katakana.
JAPANESE = re.compile("[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")


def has_japanese(text: str) -> bool:
    return JAPANESE.search(text) is not None


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _strings(item)


def report_has_japanese(report: Report) -> bool:
    """Whether the report is in Japanese or holds Japanese text anywhere (names, effects, the GM's words)."""
    return report.language == "ja" or any(has_japanese(text) for text in _strings(astuple(report)))
