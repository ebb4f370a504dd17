"""Words that board images and their alt texts share: lists, counts and places."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from games.core.speech import _


def join(items: Sequence[str], conjunction: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (or "a, b or c"), in English: what an engine says
    (its sentences are English message ids, `games.core.speech`)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def listed(items: Sequence[str], conjunction: Literal["and", "or"] = "and") -> str:
    """ "a", "a and b", "a, b and c" (or "a, b or c"), in the language in force: what the
    render and the bot say."""
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: a list's last item after the others ("a, b and c"); {items} are the
    # others, apart by commas.
    listed = _("{items} or {last}") if conjunction == "or" else _("{items} and {last}")
    return listed.format(items=", ".join(items[:-1]), last=items[-1])


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 garnet", "3 garnets", "-1 garnet"; `many` for irregular plurals."""
    return f"{n} {word if abs(n) == 1 else many or word + 's'}"


def signed(n: int, word: str, many: str | None = None) -> str:
    """ "+1 garnet", "-2 garnets": a change."""
    return f"{n:+d} {word if abs(n) == 1 else many or word + 's'}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def placed(n: int) -> str:
    """A place in a ranking as the language in force writes it alone: "2nd", "2.", "2위"."""
    # TRANSLATORS: a place in a ranking, alone; {ordinal} is English's "2nd", {place} the bare
    # number, for "2." or "2위".
    return _("{ordinal}").format(ordinal=ordinal(n), place=n)


def a(noun: str) -> str:
    """The noun after its indefinite article, by its first letter: "a Mars Auction", "an
    Auction Auction" (no noun the bot says starts with a vowel sounded otherwise)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
