"""Situational modifier tables as data (resources/tables) and the modifier engine that applies them."""
