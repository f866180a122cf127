"""The program's entry point (``gmtool``, ``python -m gmtool``): what runs before anything else.

Three things make the first paint cheaper without skipping any work the GM needs:

- The cyclic garbage collector is paused from the first line until the main window's
  first paint (:func:`resume_collector`, called by :mod:`gmtool.app`). Start-up builds
  some 60,000 long-lived objects (modules, classes, Qt wrappers, the campaign) and makes
  almost no garbage (about 500 objects), yet the collector would walk them all several
  times, one full collection alone costing 30–40 ms. At the first paint everything made
  so far is moved out of the collector's sight (``gc.freeze``): later collections, during
  key presses, no longer walk it either. The few hundred start-up objects that were
  already garbage stay allocated (a few kilobytes).
- pydantic is imported before PySide6: PySide6 hooks every ``import`` statement run after
  it (see :mod:`gmtool.ui.qt_imports`); pydantic's own imports then never pass through it.
- :func:`gmtool.ui.qt_imports.skip_source_reads` stops that hook from reading the source
  of every module imported after PySide6.
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


def main(argv: list[str] | None = None) -> int:
    """Start gmtool (the arguments of :func:`gmtool.app.parse_args`); the exit status."""
    pause_collector()
    import pydantic  # noqa: F401 - before PySide6, see the module docstring

    from gmtool.ui.qt_imports import skip_source_reads

    skip_source_reads()
    from gmtool.app import main as run

    try:
        return run(argv)
    finally:
        resume_collector()  # the program never painted (no campaign chosen, an error): tidy up anyway
