"""Weapons: damage codes, firing modes, recoil, ammunition and reloading, called shots.

Modules: ``damage_code`` (codes and Strength formulas, via ``formula``), ``weapon`` (the
model), ``chummer_fields`` (Chummer's spellings → :class:`Weapon`), ``catalogue`` (the
shipped weapons), ``ranges``, ``ammo``, ``magazine``, ``firing`` with ``firing_modes_sr5``
and ``firing_modes_sr4``, ``recoil``, ``reload``, ``called_shots`` with
``called_shots_sr5`` and ``called_shots_sr4``, and ``suppressive``. Tables live in
``resources/weapons/``.
"""
