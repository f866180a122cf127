"""Helpers for testing games against gmtool's contract; importable by plug-in authors (no Qt, no game).

:func:`gmtool.testing.conformance.check_game` is the conformance kit: every game gmtool ships and any
plug-in should pass it (``docs/plugins-contract.md``).
"""
