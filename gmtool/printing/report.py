"""The turn-log report: the fight round by round, as a document model (pure Python, no Qt).

:func:`build_report` replays the encounter's journal (never rolling: state is the
fold of the recorded events) and cuts it into combat turns. Each turn gets a
snapshot of the state at its start and the turn's events in words with their
breakdown (an attack's: each test, the damage value, the armour, the damage; see
:mod:`.breakdown`). Everything in the model is already worded in the report's language,
so the renderers (:mod:`.html`, :mod:`.markdown`, :mod:`.pdf`) only lay it out.

Choices (said here because the rules do not say them):
- The report prints the fight as it stands: the commands in effect. Undone
  commands and the undo/redo lines themselves are left out (the turn log panel
  keeps them); their count is given in the header.
- A turn's snapshot is the state once the entry that started the turn is applied,
  i.e. with initiative rolled and the first pass begun: the order and scores exist
  only then. Events before the first turn form a "before the first turn" section.
- A journal entry that ends one turn and starts the next is split at the
  event that starts the turn (the game's ``round_started``): what comes before it belongs to the turn that ends.
- A game played on a hex map (its manifest declares the ``map`` capability: ``board(state, language)``
  answers a :class:`~gmtool.core.hex.board.Board`; the report names no game) gets a map per
  section as it stood at the section's *end*: after the turn's last event, before the next turn
  starts (the setup section: the starting positions). The end, not the start: the start of turn N
  is the end of turn N − 1, and the end shows where the turn's events left the units. The same
  replay gives every map (a board taken at each turn's boundary); no command is decided again.
- A game whose turns go by another name (a race's rounds) gives its own keys for the title and the
  section headings: a game declaring ``report_words`` maps a ``report.*`` key to its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from gmtool.core.declared import map_rules, report_words
from gmtool.core.display import Breakdown, BreakdownPart, OrderLayout, OrderRow, Snapshot
from gmtool.core.encounter import Encounter
from gmtool.core.game import OpaqueRules
from gmtool.core.hex.board import Board
from gmtool.core.i18n import in_language, tr
from gmtool.core.journal import JournalEntry, UndoStacks
from gmtool.core.messages import Event
from gmtool.core.registry import registry

SETUP_ROUND = 0


@dataclass(frozen=True)
class ReportOptions:
    """Which turns to print (inclusive; None: from the setup / to the last), in which language, and
    whether a game played on a map gets a map per turn (``maps``)."""

    first_round: int | None = None
    last_round: int | None = None
    language: str = "en"
    maps: bool = True

    def includes(self, round_number: int) -> bool:
        low = SETUP_ROUND if self.first_round is None else self.first_round
        high = round_number if self.last_round is None else self.last_round
        return low <= round_number <= high


@dataclass(frozen=True)
class SnapshotRow:
    """One combatant at the start of a turn, in words: its place, name, score, one cell per track
    of the game's layout, and its badges."""

    order: str
    name: str
    score: str
    cells: tuple[str, ...]
    badges: str
    current: bool


@dataclass(frozen=True)
class EventLine:
    seq: int
    kind: str
    text: str
    heading: bool
    breakdown: Breakdown | None
    parts: tuple[BreakdownPart, ...] = ()  # an exchange of tests (an attack): each test and figure


@dataclass(frozen=True)
class RoundSection:
    number: int  # 0: before the first turn
    title: str
    snapshot_title: str
    snapshot: tuple[SnapshotRow, ...]  # empty before the first turn
    events: tuple[EventLine, ...]
    board: Board | None = None  # the map at the section's end (a game played on a map)
    map_title: str = ""


@dataclass(frozen=True)
class ReportLabels:
    """The fixed words of the document, in the report's language."""

    columns: tuple[str, ...]  # order, name, the game's score, its tracks, its badges
    events: str
    no_events: str
    pool: str
    modifiers: str
    dice: str
    odds: str
    current: str


@dataclass(frozen=True)
class PartySection:
    """The campaign's party of the encounter's game between encounters, as the players may see it: a title,
    a note (changes of this encounter not carried back yet, or ""), the column heads and a row per member."""

    title: str
    note: str
    columns: tuple[str, str]
    rows: tuple[tuple[str, str], ...]


PartyRows = Callable[[], PartySection | None]
"""What the shell gives :func:`build_report` for the party (called in the report's language)."""


@dataclass(frozen=True)
class Report:
    language: str
    title: str
    subtitle: str
    labels: ReportLabels
    rounds: tuple[RoundSection, ...]
    event_count: int  # events printed
    party: PartySection | None = None  # the party between encounters (a game that carries something over)


@dataclass
class _Draft:
    """A round being collected while the journal is replayed."""

    number: int
    events: list[EventLine] = field(default_factory=list)
    snapshot: tuple[SnapshotRow, ...] = ()
    board: Board | None = None



def effective_entries(entries: list[JournalEntry]) -> tuple[list[JournalEntry], int]:
    """The command entries in effect, in journal order, and how many commands are undone."""
    stacks = UndoStacks()
    for entry in entries:
        stacks.push(entry)
    commands = sum(1 for e in entries if e.action == "do")
    return list(stacks.done), commands - len(stacks.done)


def round_numbers(encounter: Encounter) -> list[int]:
    """The sections a report of ``encounter`` can hold: 0 (before the first turn) if any, then each turn."""
    done, _undone = effective_entries(encounter.entries)
    numbers: list[int] = []
    for entry in done:
        for event in entry.events:
            started = encounter.ruleset.round_started(event)
            if started is not None:
                numbers.append(started)
            elif not numbers:
                numbers.append(SETUP_ROUND)
    return numbers


def build_report(encounter: Encounter, name: str, options: ReportOptions | None = None,
                 party: PartyRows | None = None) -> Report:
    """The report of an encounter (its ruleset, seed and journal), worded in ``options.language``;
    ``party``: the campaign's party of its game as the players may see it, printed after the turns."""
    options = options or ReportOptions()
    with in_language(options.language):
        report = _build(encounter, name, options)
        return replace(report, party=party()) if party is not None else report


def _build(encounter: Encounter, name: str, options: ReportOptions) -> Report:
    ruleset = encounter.ruleset
    layout: OrderLayout = ruleset.order_layout()
    state = ruleset.initial_state()
    done, undone = effective_entries(encounter.entries)
    drafts: list[_Draft] = [_Draft(SETUP_ROUND)]
    board = _board_of(ruleset, options)
    for entry in done:
        started = False
        for event in entry.events:
            number = ruleset.round_started(event)
            if number is not None:
                _take_board(drafts[-1], board, state, options)
                drafts.append(_Draft(number))
                started = True
            ruleset.apply(state, event)
            if options.includes(drafts[-1].number):
                drafts[-1].events.append(_event_line(entry.seq, event, ruleset))
        if started and options.includes(drafts[-1].number):
            drafts[-1].snapshot = _snapshot_rows(ruleset.snapshot(state, "gm"), layout)
    _take_board(drafts[-1], board, state, options)
    words = _words(ruleset)
    sections = tuple(_section(d, words) for d in drafts if options.includes(d.number) and (d.events or d.number))
    return Report(
        language=options.language,
        title=tr(words.get("report.title", "report.title"), name=name),
        subtitle=tr("report.subtitle", game=registry().manifest(ruleset.key).name(options.language),
                    seed=encounter.seed, undone=undone),
        labels=_labels(layout),
        rounds=sections,
        event_count=sum(len(s.events) for s in sections),
    )


def has_map(ruleset: OpaqueRules) -> bool:
    """Whether the game is played on a map (its manifest declares the ``map`` capability)."""
    return map_rules(ruleset) is not None


def _board_of(ruleset: OpaqueRules, options: ReportOptions) -> Callable[[object, str], Board | None] | None:
    """The game's ``board(state, language)`` when it is played on a map and maps are asked for."""
    on_map = map_rules(ruleset) if options.maps else None
    return on_map.board if on_map is not None else None


def _take_board(draft: _Draft, board: Callable[[object, str], Board | None] | None, state: object,
                options: ReportOptions) -> None:
    """The map as it stands now (the end of ``draft``'s section), if the section is printed."""
    if board is not None and options.includes(draft.number):
        draft.board = board(state, options.language)


def _event_line(seq: int, event: Event, ruleset: OpaqueRules) -> EventLine:
    return EventLine(
        seq=seq, kind=event.kind, text=ruleset.describe(event), heading=ruleset.log_shape().heading_level(event.kind) is not None,
        breakdown=ruleset.breakdown(event), parts=ruleset.breakdown_parts(event),
    )


def _words(ruleset: OpaqueRules) -> dict[str, str]:
    """The game's own keys for the report's fixed words, if it has any (the ``report_words`` capability)."""
    words = report_words(ruleset)
    return dict(words.report_words()) if words is not None else {}


def _section(draft: _Draft, words: dict[str, str]) -> RoundSection:
    def word(key: str, **values: object) -> str:
        return tr(words.get(key, key), **values)

    if draft.number == SETUP_ROUND:
        return RoundSection(SETUP_ROUND, word("report.setup"), "", (), tuple(draft.events),
                            draft.board, word("report.map_setup") if draft.board else "")
    return RoundSection(
        draft.number, word("report.round", turn=draft.number), word("report.snapshot", turn=draft.number),
        draft.snapshot, tuple(draft.events), draft.board, word("report.map_end", turn=draft.number) if draft.board else "",
    )


def _snapshot_rows(snapshot: Snapshot, layout: OrderLayout) -> tuple[SnapshotRow, ...]:
    return tuple(_row(row, layout) for row in snapshot.rows)


def _row(row: OrderRow, layout: OrderLayout) -> SnapshotRow:
    cells = []
    for key, _label in layout.track_columns:
        track = row.track(key)
        cells.append("—" if track is None else track.text())
    return SnapshotRow(
        order=str(row.rank + 1),
        name=row.name + (tr("report.npc_mark") if row.npc else ""),
        score="—" if row.score is None else row.score,
        cells=tuple(cells),
        badges=" · ".join(badge.text for badge in row.badges) if row.badges else "—",
        current=row.current,
    )


def _labels(layout: OrderLayout) -> ReportLabels:
    return ReportLabels(
        columns=(
            tr("report.column.order"), tr("report.column.name"), layout.score_label,
            *(label for _key, label in layout.track_columns), layout.badge_label,
        ),
        events=tr("report.events"),
        no_events=tr("report.no_events"),
        pool=tr("report.label.pool"),
        modifiers=tr("report.label.modifiers"),
        dice=tr("report.label.dice"),
        odds=tr("report.label.odds"),
        current=tr("report.current_mark"),
    )


def breakdown_rows(b: Breakdown, labels: ReportLabels, escape: Callable[[str], str]) -> list[str]:
    """A roll's breakdown as "label: value" rows (pool, each modifier with its source, the game's extras,
    dice, odds), each text through ``escape`` (HTML's or Markdown's)."""
    rows = []
    if b.pool:
        rows.append(f"{escape(labels.pool)}: {escape(b.pool)}")
    for m in b.modifiers:
        source = f" ({escape(m.source)})" if m.source else ""
        rows.append(f"{escape(labels.modifiers)}: {escape(m.label)} {escape(m.value)}{source}")
    rows.extend(f"{escape(label)}: {escape(text)}" for label, text in b.extras)
    if b.dice:
        rows.append(f"{escape(labels.dice)}: {escape(b.dice)}")
    if b.odds:
        rows.append(f"{escape(labels.odds)}: {escape(b.odds)}")
    return rows
