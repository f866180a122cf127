"""The Aura Battler duel's library (no Qt): machine cards with their pilots, and their exchange files."""
