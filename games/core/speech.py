"""The words games/ writes for people, looked up in the bot's message catalogues without
games/ importing the bot (docs/translating.md, "For developers").

Engines stay language-free: they mark the English of their labels, phase titles and clock
labels with `N_` (an identity: the text is the catalogue's message id, filled with `format`
after it is marked), and raise `RuleError` with an English template and its values. Only the
bot words them, in the reader's language.

The render's words (`games/*/render*`: what an image and its alt text say) are sentences made
here, so they ask `_` and `ngettext`, and `engine_words` for an engine's text a view carries
(a phase's title). They read the catalogue of the language the bot put in
force (`bot.i18n` installs its `current` as the `source` when it is imported; a render worker
runs each job in the language of the request that asked for it, `bot.boards.render`). With no
source installed (games/ used on its own: its tests, the command-line players) the words are
English.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from typing import Protocol

from babel import Locale


class Catalogue(Protocol):
    """One language's texts and its Babel locale, for its formats (`bot.i18n.Language`)."""

    @property
    def locale(self) -> Locale: ...

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, count: int) -> str: ...


class _English(gettext.NullTranslations):
    """English, the source: the message ids themselves."""

    locale = Locale.parse("en")


_ENGLISH = _English()


def _english() -> Catalogue:
    return _ENGLISH


def _as_is(text: str) -> str:
    return text


_source: Callable[[], Catalogue] = _english
_engine: Callable[[str], str] = _as_is


def use(source: Callable[[], Catalogue], engine: Callable[[str], str]) -> None:
    """Read the words from the catalogue `source` returns when asked (the language in force),
    and an engine's texts as `engine` words them (`bot.i18n.engine_words`)."""
    global _source, _engine
    _source, _engine = source, engine


def _(message: str) -> str:
    """`message` in the language in force."""
    return _source().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a text for `count`, by the language in force's plural rules."""
    return _source().ngettext(singular, plural, count)


def locale() -> Locale:
    """The Babel locale of the language in force, for what it formats (a list's pattern)."""
    return _source().locale


def engine_words(text: str) -> str:
    """An engine's text (marked with `N_`, filled in) in the language in force."""
    return _engine(text)


def N_(message: str) -> str:
    """Mark an engine's text for the catalogue; the bot translates it where it words it."""
    return message
