"""The program's entry point (``gmtool``, ``python -m gmtool``): what runs before anything else.

Three things make the first paint cheaper without skipping any work the GM needs:

- The cyclic garbage collector is paused until the main window's first paint
  (:mod:`gmtool.startup.collector`; :mod:`gmtool.app` resumes it).
- pydantic is imported before PySide6: PySide6 hooks every ``import`` statement run after
  it (see :mod:`gmtool.ui.qt_imports`); pydantic's own imports then never pass through it.
  It is imported without ``importlib.metadata`` and OpenSSL (:mod:`gmtool.startup.lean_pydantic`).
- :func:`gmtool.ui.qt_imports.skip_source_reads` stops that hook from reading the source
  of every module imported after PySide6.
"""

from __future__ import annotations

from gmtool.startup.collector import pause_collector, resume_collector


def main(argv: list[str] | None = None) -> int:
    """Start gmtool (the arguments of :func:`gmtool.app.parse_args`); the exit status."""
    pause_collector()
    from gmtool.startup.lean_pydantic import import_pydantic

    import_pydantic()  # before PySide6, see the module docstring

    from gmtool.ui.qt_imports import skip_source_reads

    skip_source_reads()
    from gmtool.app import main as run

    try:
        return run(argv)
    finally:
        resume_collector()  # the program never painted (no campaign chosen, an error): tidy up anyway
