"""Heavy Gear "Badlands Rally" (issue 16, in progress): a registered game whose race runs on the hex
map (course, gears, rounds, activations, speed and movement); its rules under ``rules/`` (no Qt),
its part of the window under ``gui/``. Attacks, damage, special moves and laps are still to come."""
