"""gmtool: a desktop combat tracker for game masters."""
