"""SR5's dice test commands are the ones both editions share (:mod:`gmtool.games.shadowrun.rules.dice_test_commands`)."""

from gmtool.games.shadowrun.rules.dice_test_commands import *  # noqa: F403
