"""Members' Discord languages as SimCord sends them, for tests that read Czech and Korean
(`real_languages`, in tests/bot/conftest.py, skips those in the pseudo-locale), and the
check of the English left in what a Czech or Korean player reads (`english_left`)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import discord
import pytest
from babel.messages.pofile import read_po
from simcord import interactions as simcord_interactions

from bot.i18n import LOCALES, language
from tests.bot.pseudo import NOT_WORDS, PRINTED_NAMES
from tools.demo import locale_payloads
from tools.i18n_catalogues import TEMPLATE

#: A Discord language Dealer has no catalogue for (German until someone adds it: a new
#: catalogue must not break the tests that need one Dealer does not speak).
UNSPOKEN = next(
    locale.value
    for locale in discord.Locale
    if language(locale).code == "en" and not locale.value.startswith("en")
)

#: A word as the check reads it: "1-on-1" and "don't" are one.
_WORD = re.compile(r"[\w'’-]*[^\W\d_][\w'’-]*")
#: Words one after the other in a sentence: a run the check reads for English.
_RUN = re.compile(r"[\w'’-]+(?:[ ,]+[\w'’-]+)*")
#: What in a catalogue's text is no word of its language: its placeholders, and what it
#: quotes as printed (a card's „the field“, the show *The Genius*).
_NOT_ITS_OWN = re.compile(r"\{[^{}]*\}|„[^“]*“|“[^”]*”|\"[^\"]*\"|(?<!\*)\*[^*]+\*(?!\*)")
#: Three English words in a row: a sentence, or a part of one (names are one or two words).
SENTENCE_WORDS = 3


def reading(monkeypatch: pytest.MonkeyPatch, locales: dict[int, str]) -> None:
    """Members' Discord languages, by user id (SimCord sends every interaction as en-US)."""
    payload = locale_payloads(lambda user_id: locales.get(user_id, "en-US"))
    monkeypatch.setattr(simcord_interactions, "base_payload", payload)


def _words(text: str) -> set[str]:
    text = PRINTED_NAMES.sub(" ", NOT_WORDS.sub(" ", _NOT_ITS_OWN.sub(" ", text)))
    return {word.casefold() for word in _WORD.findall(text)}


@functools.cache
def _vocabulary(catalogue: Path, translated: bool) -> frozenset[str]:
    """Every word of a catalogue's texts: of its English ids, or of its translations."""
    with catalogue.open("rb") as source:
        messages = [m for m in read_po(source) if m.id]
    found: set[str] = set()
    for message in messages:
        said = message.string if translated else message.id
        for text in (said,) if isinstance(said, str) else said or ():
            found |= _words(text or "")
    return frozenset(found)


def english_words(code: str) -> frozenset[str]:
    """The words of Dealer's English that its translation into `code` never uses."""
    translated = _vocabulary(LOCALES / code / "LC_MESSAGES" / "dealer.po", True)
    return _vocabulary(TEMPLATE, False) - translated


def english_left(text: str, code: str) -> list[str]:
    """The English sentences (or parts of one: `SENTENCE_WORDS` English words in a row) in
    `text`, which a player reading `code` reads: names printed in the English edition,
    mentions, links, code and file names aside (the pseudo-locale's check's)."""
    english = english_words(code)
    rest = PRINTED_NAMES.sub(" ", NOT_WORDS.sub(" ", text))
    found = []
    for run in _RUN.finditer(rest):
        words = re.split(r"[ ,]+", run.group())
        row: list[str] = []
        for word in [*words, ""]:
            if word.casefold() in english and _WORD.fullmatch(word):
                row.append(word)
                continue
            if len(row) >= SENTENCE_WORDS:
                found.append(" ".join(row))
            row = []
    return found
