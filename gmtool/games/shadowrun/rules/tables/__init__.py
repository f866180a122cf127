"""Situational modifier tables as data (resources/tables: their models, loader and the GM's house rules)
and the Shadowrun context and rules the core's engine (:mod:`gmtool.core.tables.engine`) is given."""
