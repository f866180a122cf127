"""SR5's describe tests are the ones both editions share (:mod:`gmtool.games.shadowrun.rules.describe_tests`)."""

from gmtool.games.shadowrun.rules.describe_tests import *  # noqa: F403
