"""What the SR4 Matrix panel shows and sends, without widgets: the choices for each deed, the odds
text before the roll (:mod:`..rules.matrix_odds`) and the command the GM's choices make.

Deeds: Matrix perception (SR4-X5, T2), cybercombat (X6), hacking on the fly / probing and their
rolls (X2, X3), threading and dropping a thread (T1), compiling and registering a sprite (T4, T3),
erasing a signature (T2), the AR / VR and PAN modes (X4, X1) and removing an icon. The acting icon
is chosen first and offered only the deeds it can do (:func:`deeds_for`: black IC attacks with its
Black Hammer, never with an Attack program it does not run; only a technomancer threads).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import term_label, tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.sr4.rules import matrix_messages as mx
from gmtool.games.shadowrun.sr4.rules import matrix_odds
from gmtool.games.shadowrun.sr4.rules.matrix_hacking import HACKERS
from gmtool.games.shadowrun.sr4.rules.matrix_pools import is_technomancer, matrix, monitor
from gmtool.games.shadowrun.sr4.rules.state import EncounterState

DEEDS = (
    "perception", "cybercombat", "hack_on_the_fly", "probe", "roll_hack", "thread", "drop_thread", "compile",
    "register", "erase_signature", "mode", "remove",
)
# What each deed asks for besides the acting icon: its target list, and which inputs.
TARGETS = {
    "perception": "perceivable", "cybercombat": "icons", "hack_on_the_fly": "nodes", "probe": "nodes",
    "roll_hack": "hacks", "drop_thread": "threads", "register": "sprites", "erase_signature": "signatures",
}
NEEDS_ICON = frozenset({"perception", "cybercombat", "hack_on_the_fly", "probe", "thread", "compile", "mode", "remove"})
CHARGED = frozenset({"perception", "cybercombat", "roll_hack", "thread", "compile", "erase_signature"})  # matrix_phase
# What each deed asks for, besides the icon (the tab shows only these).
INPUTS: dict[str, tuple[str, ...]] = {
    "perception": ("target", "number", "charge"), "cybercombat": ("target", "program", "full_defence", "charge"),
    "hack_on_the_fly": ("target",), "probe": ("target",), "roll_hack": ("target", "charge"),
    "thread": ("form", "number", "sustain", "charge"), "drop_thread": ("target",),
    "compile": ("sprite", "number", "charge"), "register": ("target",), "erase_signature": ("target", "charge"),
    "mode": ("sim", "pan"), "remove": (),
}


@dataclass
class Choices:
    """The GM's current choices in the panel."""

    deed: str = "perception"
    icon: str | None = None
    target: str | None = None  # an icon id, "h<n>" hack, "t<n>" thread, "s<n>" signature
    program: str = "attack"
    sprite_kind: str = "crack"
    number: int = 1  # the threshold, or the rating
    form: str = ""
    full_defence: bool = False
    sustain: bool = True
    sim: str = "ar"
    pan: str = "active"
    charge_action: bool = True  # in a combat turn, a persona's test takes its user's complex action
    extra: dict[str, str] = field(default_factory=dict)


def icon_rows(state: EncounterState) -> list[tuple[str, str]]:
    return [(i.id, i.sheet.name) for i in matrix(state).icons.values()]


def program_rows(state: EncounterState, icon_id: str | None) -> list[tuple[str, str]]:
    """The attack programs the icon runs (rating ≥ 1), with their ratings."""
    i = matrix(state).icons.get(icon_id or "")
    if i is None:
        return []
    return [(p, f"{tr(f'matrix.program.{p}')} {i.sheet.programs[p]}") for p in mx.ATTACK_PROGRAMS
            if i.sheet.programs.get(p, 0) >= 1]


def deeds_for(state: EncounterState, icon_id: str | None) -> tuple[str, ...]:
    """The deeds the icon can do (an empty Matrix: none)."""
    m = matrix(state)
    i = m.icons.get(icon_id or "")
    if i is None:
        return ()
    techno = is_technomancer(i)
    can = {
        "perception": True, "cybercombat": bool(program_rows(state, i.id)),
        "hack_on_the_fly": i.sheet.kind in HACKERS, "probe": i.sheet.kind in HACKERS,
        "roll_hack": any(h.icon == i.id and not h.finished for h in m.hacks.values()),
        "thread": techno, "compile": techno, "drop_thread": any(t.icon == i.id for t in m.threads.values()),
        "register": techno and any(s.sheet.kind == "sprite" and s.sheet.owner == i.sheet.owner and not s.registered
                                   for s in m.icons.values()),
        "erase_signature": any(sig.icon == i.id for sig in m.signatures.values()), "mode": True, "remove": True,
    }
    return tuple(deed for deed in DEEDS if can[deed])


def target_rows(state: EncounterState, deed: str, actor: str | None = None) -> list[tuple[str, str]]:
    """(id, label) of what the deed can aim at (never the acting icon itself; its own hacks, threads
    and signatures)."""
    m, kind = matrix(state), TARGETS.get(deed)
    icons = list(m.icons.values())
    if kind in ("icons", "perceivable"):
        rows = [(i.id, i.sheet.name) for i in icons if i.id != actor]
        if kind == "perceivable":
            rows += [(f"s{s.id}", tr("matrix.panel.signature_row", name=s.name, hours=s.rating))
                     for s in m.signatures.values()]
        return rows
    if kind == "nodes":
        return [(i.id, i.sheet.name) for i in icons if i.sheet.kind == "node"]
    if kind == "sprites":
        return [(i.id, i.sheet.name) for i in icons if i.sheet.kind == "sprite" and not i.registered]
    if kind == "hacks":
        return [(f"h{h.id}", tr("matrix.panel.hack_row", name=m.icons[h.icon].sheet.name if h.icon in m.icons else "",
                                node=m.icons[h.node].sheet.name if h.node in m.icons else "", acc=h.accumulated,
                                threshold=h.threshold)) for h in m.hacks.values()
                if not h.finished and actor in (None, h.icon)]
    if kind == "threads":
        return [(f"t{t.id}", tr("matrix.panel.thread_row", form=t.form, rating=t.rating)) for t in m.threads.values()
                if actor in (None, t.icon)]
    if kind == "signatures":
        return [(f"s{s.id}", tr("matrix.panel.signature_row", name=s.name, hours=s.rating))
                for s in m.signatures.values() if deed == "perception" or actor in (None, s.icon)]
    return []


def _number(target: str | None) -> int:
    return int((target or "x0")[1:] or 0)


def command(c: Choices) -> Command:
    """The command the choices make (pydantic refuses what is malformed; the rules judge the rest)."""
    icon, target, deed = c.icon or "", c.target, c.deed
    if deed == "perception":
        if target and target.startswith("s"):
            return mx.MatrixPerception(icon=icon, signature=_number(target), charge_action=c.charge_action)
        return mx.MatrixPerception(icon=icon, target=target, threshold=max(1, c.number), charge_action=c.charge_action)
    if deed == "cybercombat":
        return mx.Cybercombat(icon=icon, target=target or "", program=c.program, full_defence=c.full_defence,
                              charge_action=c.charge_action)
    if deed in ("hack_on_the_fly", "probe"):
        return mx.StartHack(icon=icon, node=target or "", method="on_the_fly" if deed == "hack_on_the_fly" else "probe")
    if deed == "roll_hack":
        return mx.RollHack(hack=_number(target), charge_action=c.charge_action)
    if deed == "thread":
        return mx.ThreadForm(icon=icon, form=c.form.strip() or tr("matrix.panel.form_default"), rating=c.number,
                             sustain=c.sustain, charge_action=c.charge_action)
    if deed == "drop_thread":
        return mx.DropThread(thread=_number(target))
    if deed == "compile":
        return mx.CompileSprite(icon=icon, sprite_kind=c.sprite_kind, rating=max(1, c.number),
                                charge_action=c.charge_action)
    if deed == "register":
        return mx.RegisterSprite(icon=target or "")
    if deed == "erase_signature":
        return mx.EraseSignature(signature=_number(target), charge_action=c.charge_action)
    if deed == "mode":
        return mx.SetMatrixMode(icon=icon, sim=c.sim, pan=c.pan)
    return mx.RemoveIcon(icon=icon)


def odds(state: EncounterState, c: Choices) -> matrix_odds.MatrixOdds | None:
    """The odds of the roll the choices would make; None when the deed rolls nothing or lacks a choice."""
    try:
        if c.deed == "perception" and c.icon and c.target:
            sig = _number(c.target) if c.target.startswith("s") else None
            return matrix_odds.perception(state, c.icon, None if sig else c.target, sig, max(1, c.number))
        if c.deed == "cybercombat" and c.icon and c.target:
            return matrix_odds.attack(state, c.icon, c.target, c.program, c.full_defence)
        if c.deed == "roll_hack" and c.target:
            return matrix_odds.hack(state, _number(c.target))
        if c.deed == "thread" and c.icon:
            return matrix_odds.thread(state, c.icon)
        if c.deed == "compile" and c.icon:
            return matrix_odds.compile_odds(state, c.icon, max(1, c.number))
    except (GmtoolError, KeyError):
        return None
    return None


def terms_text(terms: tuple[tuple[str, int], ...]) -> str:
    total = sum(v for _, v in terms)
    return " ".join(f"{term_label(k)} {v:+d}" for k, v in terms) + " = " + tr("matrix.panel.dice", n=max(0, total))


def odds_text(o: matrix_odds.MatrixOdds | None) -> str:
    if o is None:
        return tr("matrix.panel.no_odds")
    lines = [terms_text(o.terms)]
    if o.other:
        lines.append(tr("matrix.panel.against", terms=terms_text(o.other)))
    lines += [tr(key, percent=f"{p * 100:.1f}") for key, p in o.chances]
    return "\n".join(lines)


def icon_lines(state: EncounterState) -> list[str]:
    """One line per icon: kind, attributes, modes, Matrix damage, tasks owed."""
    lines = []
    for i in matrix(state).icons.values():
        s = i.sheet
        text = tr("matrix.panel.icon_row", name=s.name, kind=tr(f"matrix.kind.{s.kind}"), r=s.response, s=s.system,
                  f=s.firewall, sig=s.signal, sim=tr(f"matrix.sim.{i.sim}"), pan=tr(f"matrix.pan.{i.pan}"),
                  damage=i.damage, monitor=monitor(i))
        if s.kind == "sprite":
            text += tr("matrix.panel.tasks", tasks=i.tasks) + (tr("matrix.panel.registered") if i.registered else "")
        lines.append(text)
    return lines
