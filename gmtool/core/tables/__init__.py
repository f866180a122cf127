"""Modifier tables any game can use: the engine, its context a parameter (the game's)."""
