"""Attack resolution for both Shadowrun editions: opposed test outcome, damage, soak, monitors."""
