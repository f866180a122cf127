"""The Aura Battler hex duel (issue 17, in progress): not yet a registered game — its rules are being
built (the hit value and the open-ended damage first) and it has no manifest, window or encounter."""
