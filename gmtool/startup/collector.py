"""The cyclic garbage collector during start-up: paused from the first line until the main
window's first paint.

Start-up builds some 60,000 long-lived objects (modules, classes, Qt wrappers, the campaign)
and makes almost no garbage (about 500 objects), yet the collector would walk them all
several times, one full collection alone costing 30–40 ms. At the first paint everything
made so far is moved out of the collector's sight (``gc.freeze``): later collections, during
key presses, no longer walk it either. The few hundred start-up objects that were already
garbage stay allocated (a few kilobytes).
"""

from __future__ import annotations

import gc

_paused = False


def pause_collector() -> None:
    """Pause the cyclic garbage collector (if it runs) until :func:`resume_collector`."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_collector() -> None:
    """Freeze what start-up made (see the module docstring) and let the collector run again.

    Does nothing unless :func:`pause_collector` paused it: a program that imports
    :mod:`gmtool.app` itself (the tests) keeps its own collector settings.
    """
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
