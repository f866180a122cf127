"""An attack through the journal, for both Shadowrun editions: one command, one journal entry.

The GM's choices (attacker, weapon and mode, target, distance, the rows of the
modifier tables, the defence, typed dice) form an :class:`~.messages.Attack`
command. Deciding it rolls the attack, defence and soak tests from the entry's
own dice stream (or reads the typed faces), resolves it with
:mod:`gmtool.games.shadowrun.rules.damage`, and emits every fact as events: the action paid,
rounds fired, :class:`~.messages.AttackResolved` with each breakdown, faces and
the odds at the moment of the roll, effects used up or added (prone on a
knockdown). One undo reverts all of it. Each edition supplies an adapter
(``sr5/attack.py``, ``sr4/attack.py``).

Called shots (``Attack.called_shot``, SR5-CS1..CS9, SR4 p. 160) are in :mod:`.called`;
SR5 suppressive fire (mode ``suppressive``, :class:`~.messages.MarkSuppressed`,
:class:`~.messages.SuppressionTest`; SR5-F8/F9) in :mod:`.suppression`.
"""
