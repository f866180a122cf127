"""Importers that turn other programs' files (Chummer) into library templates."""
