"""Badlands Rally's templates in the campaign library (no Qt): gear cards the GM types and courses
(hex maps) made in the map editor or imported, and files of them."""
