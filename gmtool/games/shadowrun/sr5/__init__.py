"""Shadowrun 5th edition. Imports nothing: the manifest must stay cheap to load."""
