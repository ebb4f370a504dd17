"""Words that board images and their alt texts share: lists, counts and places."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from babel import Locale
from babel.lists import format_list

from games.core import speech
from games.core.speech import _

#: English as Dealer writes a list, without a serial comma ("a, b and c"), as its texts and
#: the engines' stored texts always have: the CLDR's British English patterns.
ENGLISH = Locale.parse("en_GB")


def listed(
    items: Sequence[str], conjunction: Literal["and", "or"] = "and", locale: Locale | None = None
) -> str:
    """ "a", "a and b", "a, b and c" (or "a, b or c"), as the language in force (or `locale`)
    lists: by the Unicode CLDR's list patterns (Babel's `format_list`), "a, b a c" in Czech,
    "a, b 및 c" in Korean, English's as `ENGLISH`. What the render, the bot and an engine's
    refusals say (`Listed`)."""
    language = locale or speech.locale()
    return format_list(
        list(items),
        style="or" if conjunction == "or" else "standard",
        locale=ENGLISH if language.language == "en" else language,
    )


def join(items: Sequence[str], conjunction: Literal["and", "or"] = "and") -> str:
    """A list in an engine's own text, in English whatever the language in force (`listed`):
    an engine's sentences are English message ids (`games.core.speech`), stored with its
    events."""
    return listed(items, conjunction, ENGLISH)


@dataclass(frozen=True, slots=True)
class Listed:
    """A list an engine's refusal names (a `RuleError` value): written as `listed` writes it,
    in the language of the sentence it fills, the reader's (`bot.i18n.refusal`)."""

    items: tuple[str, ...]
    conjunction: Literal["and", "or"] = "and"

    def __str__(self) -> str:
        return listed(self.items, self.conjunction)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


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
