"""Shadowrun 5th edition rules (Qt-free): the ruleset object is in game.py."""
