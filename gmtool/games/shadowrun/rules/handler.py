"""The shape of a decide handler, both editions: a command of one kind decided on a state into its events."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from gmtool.core.messages import Event

StateT = TypeVar("StateT")

# The command is Any: a table of handlers is looked up by the command's kind, and each handler takes its own
# command class (a parameter typed Command would refuse them all: a callable's parameters are contravariant).
Handler = Callable[[StateT, Any, random.Random], list[Event]]
