"""Badlands Rally's part of the main window (Qt): the order, the gear sheet, the course map and the
race's actions. Imported only when a rally encounter is opened."""
