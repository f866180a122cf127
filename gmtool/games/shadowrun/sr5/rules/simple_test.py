"""SR5's simple test are the ones both editions share (:mod:`gmtool.games.shadowrun.rules.simple_test`)."""

from gmtool.games.shadowrun.rules.simple_test import *  # noqa: F403
