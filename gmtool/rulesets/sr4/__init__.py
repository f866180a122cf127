"""Shadowrun 4th edition. For now the core API of the Edge uses on initiative
(SR4-E6, SR4-E7); the SR4 combat turn that will use them comes later."""
