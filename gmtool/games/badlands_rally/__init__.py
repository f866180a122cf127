"""Heavy Gear "Badlands Rally" (issue 16, in progress): not yet a registered game — its rules are
being built (the dice first) and it has no manifest, window or encounter yet."""
