"""Weapons: damage codes, firing modes, recoil, ammunition and reloading, called shots."""
