"""Persistence: the SQLite campaign file, settings, and (later) import/export."""
