"""Shadowrun, 4th and 5th edition. Imports nothing: the manifests below it must stay cheap to load."""
