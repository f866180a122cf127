"""The Aura Battler hex duel (issue 17): power points, sectors, hits and open-ended damage, from the
digest ``shared/seeds/003`` (rules AB-12 to AB-22). Movement is the GM's (the digest lacks it)."""
