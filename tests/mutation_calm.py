"""A pytest plug-in for the mutation runs only (``make mutate``: [tool.mutmut] ``pytest_add_cli_args``).

Under the load of a mutation run on a shared machine, Hypothesis may generate inputs too slowly for
its health check, and the failed check stops mutmut's first, instrumented run of the tests (no mutant
is then tested at all). Here a slow generation is no failure: a mutant is killed by a test's
assertions, not by the machine's speed. ``make test`` does not load this.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("mutation", suppress_health_check=[HealthCheck.too_slow], deadline=None)
settings.load_profile("mutation")
