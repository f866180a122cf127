"""Shadowrun's own item-data roles (the initiative order's flags, condition monitors, passes, effects and
action list); their numbers are kept apart from the shell's (:mod:`gmtool.viewmodels.roles`)."""

from __future__ import annotations

from gmtool.viewmodels.roles import USER

FLAGS = USER + 5  # tuple[str, ...]: acted, delayed, out, seized, blitzed, typed
CONDITION = USER + 6  # tuple[int, int, int, int]: physical, physical boxes, stun, stun boxes
PASSES_LEFT = USER + 7  # int
EFFECTS = USER + 13  # tuple[str, ...]: effect badges with time left
EFFECT_ID = USER + 14  # int
ACTION_KEY = USER + 15  # str: a key of the action list
ACTION_KIND = USER + 16  # str: free, simple or complex
PASS_LADDER = USER + 17  # tuple[int, tuple[str, ...]] | None: the current pass and each pass's state
