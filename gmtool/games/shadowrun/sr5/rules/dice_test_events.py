"""SR5's dice test events are the ones both editions share (:mod:`gmtool.games.shadowrun.rules.dice_test_events`)."""

from gmtool.games.shadowrun.rules.dice_test_events import *  # noqa: F403
