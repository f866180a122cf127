"""The NPC library: templates prepared before the session, their validation and JSON exchange."""
