"""Shadowrun in the window, both editions: the order and sheet, the attack panel and its modifier tables, effects,
grunt groups, the shared view adapter, and the library dialogs (template editor, encounter builder)."""
