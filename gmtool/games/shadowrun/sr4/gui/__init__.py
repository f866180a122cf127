"""Shadowrun 4 in the window: the view adapter the shell draws the encounter with."""
