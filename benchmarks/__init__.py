"""gmtool's performance and durability measurements (run with ``python -m benchmarks``).

Kept empty on purpose: child programs (``python -m benchmarks.bare_window``,
``python -m benchmarks.fight_script``) import this package, and anything here
would add to their start-up time.
"""
