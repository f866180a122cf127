"""Strength formulas in damage codes: ``STR+2``, ``STR/2+1``, ``min(STR,8)+2`` …

A tiny recursive-descent parser (numbers, ``STR``, ``+ - * /``, brackets, ``min``/``max``)
that never evaluates Python code. Division is exact; the final value is rounded up,
as Shadowrun rounds fractions up unless a rule says otherwise (SR4 ``(STR/2+1)P``
with Strength 5 is 4P). Strength may not appear subtracted, negated, multiplied by a
negative number or in a divisor, so every accepted formula grows with Strength.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import lru_cache
from typing import Union

from gmtool.core.errors import FileFormatError

Node = Union[tuple[str, Fraction], tuple[str], tuple[str, "Node", "Node"]]  # noqa: UP007 - a recursive alias needs Union
_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|(STR|MIN|MAX)|([-+*/(),]))")


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    position = 0
    upper = text.upper().replace("{", "").replace("}", "")
    while position < len(upper):
        if upper[position:].strip() == "":
            break
        match = _TOKEN.match(upper, position)
        if match is None:
            raise FileFormatError("weapons.error.formula", formula=text)
        tokens.append(next(group for group in match.groups() if group is not None))
        position = match.end()
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.index = 0

    def fail(self) -> FileFormatError:
        return FileFormatError("weapons.error.formula", formula=self.text)

    def peek(self) -> str | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise self.fail()
        self.index += 1
        return token

    def parse(self) -> Node:
        node = self.sum()
        if self.peek() is not None:
            raise self.fail()
        return node

    def sum(self) -> Node:
        node = self.product()
        while self.peek() in ("+", "-"):
            op = "add" if self.take() == "+" else "sub"
            node = (op, node, self.product())
        return node

    def product(self) -> Node:
        node = self.unary()
        while self.peek() in ("*", "/"):
            op = "mul" if self.take() == "*" else "div"
            node = (op, node, self.unary())
        return node

    def unary(self) -> Node:
        if self.peek() == "-":
            self.take()
            return ("sub", ("num", Fraction(0)), self.unary())
        if self.peek() == "+":
            self.take()
        return self.atom()

    def atom(self) -> Node:
        token = self.take()
        if token == "(":
            node = self.sum()
            self.take(")")
            return node
        if token == "STR":
            return ("str",)
        if token in ("MIN", "MAX"):
            self.take("(")
            left = self.sum()
            self.take(",")
            right = self.sum()
            self.take(")")
            return (token.lower(), left, right)
        if token[0].isdigit():
            return ("num", Fraction(token))
        raise self.fail()


def _uses_strength(node: Node) -> bool:
    return node[0] == "str" or any(isinstance(part, tuple) and _uses_strength(part) for part in node[1:])


def _constant(node: Node) -> Fraction:
    return _evaluate(node, Fraction(0))


def _check_monotone(node: Node, text: str) -> None:
    """Strength only ever adds: refuse formulas where more Strength could mean less damage."""
    if len(node) != 3:  # a number or Strength
        return
    kind, left, right = node
    bad = (
        (kind == "sub" and _uses_strength(right))
        or (kind == "div" and (_uses_strength(right) or _constant(right) <= 0))
        or (kind == "mul" and _uses_strength(left) and _uses_strength(right))
        or (kind == "mul" and _uses_strength(left) and _constant(right) < 0)
        or (kind == "mul" and _uses_strength(right) and _constant(left) < 0)
    )
    if bad:
        raise FileFormatError("weapons.error.formula", formula=text)
    _check_monotone(left, text)
    _check_monotone(right, text)


def _evaluate(node: Node, strength: Fraction) -> Fraction:
    if len(node) == 2:  # ("num", value)
        return node[1]
    if len(node) == 1:  # ("str",)
        return strength
    kind = node[0]
    left = _evaluate(node[1], strength)
    right = _evaluate(node[2], strength)
    if kind == "add":
        return left + right
    if kind == "sub":
        return left - right
    if kind == "mul":
        return left * right
    if kind == "div":
        return left / right
    return min(left, right) if kind == "min" else max(left, right)


@lru_cache(maxsize=512)
def parse_formula(text: str) -> Node:
    """The checked syntax tree of a Strength formula; FileFormatError when it is not one."""
    try:
        node = _Parser(text).parse()
        _check_monotone(node, text)
        _constant(node)  # a division by zero shows now, not at the table
    except ZeroDivisionError as exc:
        raise FileFormatError("weapons.error.formula", formula=text) from exc
    return node


def uses_strength(text: str) -> bool:
    """Whether the formula depends on Strength."""
    return _uses_strength(parse_formula(text))


def evaluate_formula(text: str, strength: int) -> int:
    """The formula's value for a Strength, rounded up."""
    return math.ceil(_evaluate(parse_formula(text), Fraction(strength)))
