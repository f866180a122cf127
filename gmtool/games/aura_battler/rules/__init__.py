"""The Aura Battler duel's rules (no Qt), from the digest ``shared/seeds/003`` (rules AB-12 to AB-22)."""
