"""Widgets and windows. They show view models and hold no rules."""
