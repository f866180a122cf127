"""Shadowrun rules both editions share (Qt-free): sheets, effects, grunt groups, attack, damage,
weapons, the modifier tables, the rule readings."""
