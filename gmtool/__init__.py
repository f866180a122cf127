"""gmtool: a desktop combat tracker for game masters."""

__version__ = "0.1.0"  # the one place the version is written (pyproject reads it; About shows it)
