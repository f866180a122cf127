"""The docs a newcomer follows (issue 32): README stays a front page of at most 200 lines, and every
relative link of README.md, ARCHITECTURE.md, CONTRIBUTING.md, benchmarks/README.md and docs/**/*.md
leads somewhere: the file (or folder) exists, and an ``#anchor`` names a heading of that file.
The keys the pages list are checked against the windows in tests/gui/test_keys_once.py."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")
PENDING: set[Path] = set()  # pages linked before they are written (none now)


def doc_pages(root: Path = ROOT) -> list[Path]:
    """The Markdown pages of the docs (the repository's own, not those of the virtual environment)."""
    pages = [root / name for name in ("README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "benchmarks/README.md")]
    return [page for page in pages if page.exists()] + sorted((root / "docs").rglob("*.md"))


def prose(text: str) -> list[str]:
    """The lines of a page outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading's anchor in a page (a repeated heading gets -1, -2 … as on GitHub)."""
    found: set[str] = set()
    for line in prose(page.read_text(encoding="utf-8")):
        heading = re.match(r"#{1,6}\s+(.*)", line)
        if heading:
            base = slug(heading.group(1))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def broken_links(pages: list[Path], pending: frozenset[Path] | set[Path] = frozenset()) -> list[str]:
    """Every relative link of ``pages`` whose file or heading is missing, as "page: link (why)"."""
    broken = []
    for page in pages:
        for line in prose(page.read_text(encoding="utf-8")):
            for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
                if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …
                    continue
                path_part, _, anchor = target.partition("#")
                path = (page.parent / path_part).resolve() if path_part else page
                if not path.exists():
                    if path not in pending:
                        broken.append(f"{page.name}: {target} (no such file)")
                    continue
                if anchor and (path.is_dir() or path.suffix != ".md" or anchor not in anchors(path)):
                    broken.append(f"{page.name}: {target} (no heading “{anchor}”)")
    return broken


def test_every_relative_link_of_the_docs_resolves() -> None:
    pages = doc_pages()
    assert len(pages) >= 20, pages  # README, ARCHITECTURE, CONTRIBUTING, benchmarks and the docs
    assert broken_links(pages, PENDING) == []


def test_a_missing_file_or_heading_is_reported(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text(
        "# Top\n\n[ok](docs/a.md#the-races-end) [gone](docs/b.md) [bad](docs/a.md#nowhere)\n"
        "![picture](docs/a.png) [web](https://example.org/x) `[code](docs/c.md)`\n", encoding="utf-8")
    (tmp_path / "docs" / "a.md").write_text(
        "# A\n\n## The race's end\n\n```\n# not a heading\n[in code](missing.md)\n```\n"
        "[up](../README.md#top) [self](#a) [none](#not-a-heading)\n", encoding="utf-8")
    (tmp_path / "docs" / "a.png").write_bytes(b"")
    broken = broken_links(doc_pages(tmp_path))
    assert broken == ["README.md: docs/b.md (no such file)", "README.md: docs/a.md#nowhere (no heading “nowhere”)",
                      "a.md: #not-a-heading (no heading “not-a-heading”)"]


def test_headings_become_the_anchors_github_makes() -> None:
    assert slug("The race's end and the scenarios") == "the-races-end-and-the-scenarios"
    assert slug("Revealing allocations, heavy damage, table mode, the report") == \
        "revealing-allocations-heavy-damage-table-mode-the-report"
    assert slug("Keys and focus: one rule in every window") == "keys-and-focus-one-rule-in-every-window"
    assert slug("Measurements (`make bench`)") == "measurements-make-bench"


def test_the_readme_is_a_front_page() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200
    text = "\n".join(lines)
    for target in ("docs/user/README.md", "ARCHITECTURE.md", "docs/plugins.md", "CONTRIBUTING.md",
                   "docs/rules-status.md", "benchmarks/README.md"):
        assert f"]({target}" in text, target
    for make in ("make run", "make test", "make bench"):
        assert make in text
