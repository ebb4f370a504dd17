"""Words that board images and their alt texts share: lists, counts and places."""

from __future__ import annotations

from collections.abc import Sequence


def join(items: Sequence[str], conjunction: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (or "a, b or c")."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


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


def a(noun: str) -> str:
    """The noun after its indefinite article, by its first letter: "a Mars Auction", "an
    Auction Auction" (no noun the bot says starts with a vowel sounded otherwise)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
