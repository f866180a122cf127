"""An attack through the journal, for both Shadowrun editions: one command, one journal entry.

The GM's choices (attacker, weapon and mode, target, distance, the rows of the
modifier tables, the defence, typed dice) form an :class:`~.messages.Attack`
command. Deciding it rolls the attack, defence and soak tests from the entry's
own dice stream (or reads the typed faces), resolves it with
:mod:`gmtool.rulesets.damage`, and emits every fact as events: the action paid,
rounds fired, :class:`~.messages.AttackResolved` with each breakdown, faces and
the odds at the moment of the roll, effects used up or added (prone on a
knockdown). One undo reverts all of it. Each edition supplies an adapter
(``sr5/attack.py``, ``sr4/attack.py``).
"""
