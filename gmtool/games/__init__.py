"""The games, one package each; registered by entry points (``gmtool.games``), never imported by the shell."""
