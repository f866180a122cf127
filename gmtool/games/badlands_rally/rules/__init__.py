"""Badlands Rally's rules (no Qt), from the digest ``shared/seeds/002`` (rules BR-1 to BR-20)."""
