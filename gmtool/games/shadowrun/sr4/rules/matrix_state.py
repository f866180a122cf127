"""What an SR4 encounter keeps of the Matrix (000 §5, §6): icons, hacks, threads, signatures.

An icon is a persona (a user's commlink; its user is a combatant, the ``owner``), an agent, IC,
a sprite or a node. Its sheet is :class:`~.matrix_messages.IconSheet`; the running values
(Matrix damage, modes, tasks owed) are here. The state is folded from the Matrix events only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmtool.games.shadowrun.sr4.rules.matrix_messages import IconSheet


@dataclass
class Icon:
    id: str
    sheet: IconSheet
    sim: str = "ar"  # SR4-X4: ar / cold / hot
    pan: str = "active"  # SR4-X1: active / passive / hidden
    damage: int = 0  # boxes on the Matrix condition monitor
    tasks: int = 0  # SR4-T4: a sprite's tasks owed
    registered: bool = False  # SR4-T3: a registered sprite (no longer the one compiled)


@dataclass
class Hack:
    """SR4-X2 / X3: hacking a node for a personal account, an extended test each interval."""

    id: int
    icon: str
    node: str
    method: str  # on_the_fly / probe
    threshold: int
    detect_threshold: int  # the hacker's Stealth: the node's hits to detect him
    rolls: int = 0
    accumulated: int = 0
    node_accumulated: int = 0
    finished: bool = False
    detected: bool = False


@dataclass
class Thread:
    """SR4-T1: a sustained complex form (its −2 is the owner's effect ``effect``)."""

    id: int
    icon: str
    form: str
    rating: int
    effect: int | None


@dataclass
class Signature:
    """SR4-T2: a resonance signature, hours = the attribute used."""

    id: int
    icon: str
    name: str  # the technomancer's persona (kept when the icon leaves)
    rating: int


@dataclass
class MatrixState:
    icons: dict[str, Icon] = field(default_factory=dict)
    next_icon: int = 1
    hacks: dict[int, Hack] = field(default_factory=dict)
    next_hack: int = 1
    threads: dict[int, Thread] = field(default_factory=dict)
    next_thread: int = 1
    signatures: dict[int, Signature] = field(default_factory=dict)
    next_signature: int = 1
