"""Shadowrun in the window, both editions: the attack panel and its modifier tables, effects, grunt groups."""
