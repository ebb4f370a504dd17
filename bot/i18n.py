"""The bot's words in the reader's language: gettext catalogues read with Babel, English as the
source (docs/translating.md).

Each language's catalogue is `bot/locales/<code>/LC_MESSAGES/dealer.po`, compiled in memory
the first time a text is asked for in that language (Babel's `write_mo`): no compiled `.mo`
file is kept or built, so a catalogue edited is the catalogue used, in a source checkout and
in a wheel alike. Reading one takes Babel a tenth of a second, which most processes (a render
worker drawing in English, a tool, a bot that stops before it syncs its commands) need not
spend: the catalogues and their template are read when first needed, not at import.

Who reads what (issue 46): an answer only its asker sees is in the member's own language
(`interaction.locale`, set by `bot.errors.begin`); a post in a channel is in the server's
(`/config language`, else the server's Discord language, else English: `server_language`).
The language in force is a context variable (as Red-DiscordBot keeps its locale), so a text
written anywhere below an interaction or a delivery is in the right language without every
function handing it on; `speaking` changes it for a block.

Texts are marked for extraction with `_` (translated where they are written), `N_` (a module
constant, translated where it is used: `_(CONSTANT)`), `ngettext` (a count's plural forms) and
discord.py's `locale_str` (command metadata, translated by `bot.app.CommandTexts`).
"""

from __future__ import annotations

import functools
import gettext
import io
import re
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from babel import Locale
from babel.dates import format_datetime
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from games.core import speech
from games.core.errors import RuleError

if TYPE_CHECKING:
    # Only named: the render workers import this module and draw without discord.py (its
    # import is a third of a worker's start).
    import discord

#: The catalogues' folder and their gettext domain.
LOCALES = Path(__file__).parent / "locales"
DOMAIN = "dealer"
#: The source language: its texts are the catalogues' message ids.
SOURCE = "en"
#: The pseudo-locale's code: every text wrapped in `OPEN`…`CLOSE` and lengthened (`pseudo`).
PSEUDO = "qps"
OPEN, CLOSE, PAD = "⟦", "⟧", "‧"
#: What a pseudo-translated text is lengthened by (a translation often runs 30 to 40 % longer
#: than the English: a text that fits only in English shows up in the pseudo-locale).
PSEUDO_GROWTH = 0.4


class _Pseudo(gettext.NullTranslations):
    """The pseudo-locale: each text wrapped and lengthened, its `{placeholders}` kept."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def pseudo(text: str) -> str:
    """`text` as the pseudo-locale writes it: `⟦text‧‧‧‧‧⟧`, about 40 % longer."""
    return f"{OPEN}{text}{PAD * max(1, round(len(text) * PSEUDO_GROWTH))}{CLOSE}"


@dataclass(frozen=True, slots=True)
class Language:
    """One language's texts (its compiled catalogue) and formats (its Babel locale)."""

    code: str
    translations: gettext.NullTranslations
    locale: Locale

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.translations.ngettext(singular, plural, count)

    def number(self, value: float) -> str:
        """A number as this language writes it (`12,345` / `12 345`)."""
        return format_decimal(value, locale=self.locale)

    def moment(self, when: datetime) -> str:
        """A date and time as this language writes it (Babel's medium format)."""
        return format_datetime(when, "medium", locale=self.locale)


class _Catalogue(gettext.NullTranslations):
    """A language's catalogue, read from its `.po` file and compiled in memory when the
    first of its texts is asked for."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code

    @functools.cached_property
    def compiled(self) -> gettext.GNUTranslations:
        with (LOCALES / self.code / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
            catalogue = read_po(source, locale=self.code)
        compiled = io.BytesIO()
        write_mo(compiled, catalogue, use_fuzzy=False)
        compiled.seek(0)
        return gettext.GNUTranslations(compiled)

    def gettext(self, message: str) -> str:
        return self.compiled.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.compiled.ngettext(msgid1, msgid2, n)


def _languages() -> dict[str, Language]:
    found = {
        SOURCE: Language(SOURCE, gettext.NullTranslations(), Locale.parse(SOURCE)),
        PSEUDO: Language(PSEUDO, _Pseudo(), Locale.parse(SOURCE)),
    }
    for folder in sorted(LOCALES.iterdir()):
        if (folder / "LC_MESSAGES" / f"{DOMAIN}.po").is_file():
            found[folder.name] = Language(
                folder.name, _Catalogue(folder.name), Locale.parse(folder.name)
            )
    return found


#: Every language Dealer speaks, by code: English, the catalogues', and the pseudo-locale.
LANGUAGES = _languages()
ENGLISH = LANGUAGES[SOURCE]
#: The languages a server may choose with `/config language` (the pseudo-locale is for tests).
CHOICES = tuple(code for code in LANGUAGES if code != PSEUDO)

#: Set where every reader reads the pseudo-locale (the test harness's `--pseudo-locale`, in
#: the bot's own work only: `pseudo_locale`).
_everyone_pseudo: ContextVar[bool] = ContextVar("everyone_pseudo", default=False)
_current: ContextVar[Language] = ContextVar("language", default=ENGLISH)


def language(code: str | discord.Locale | None) -> Language:
    """The language for a Discord locale or a stored code (`cs`, `ko`, `en-US`…); English for
    one Dealer does not speak."""
    if _everyone_pseudo.get():
        return LANGUAGES[PSEUDO]
    if code is None:
        return ENGLISH
    return spoken(str(code)) or ENGLISH


def spoken(code: str) -> Language | None:
    """The catalogue for a Discord locale (`pt-BR`) or a stored code: the catalogue named so
    (`pt_BR`, as gettext names a region's), else its language's (`pt`); None for none."""
    return (
        LANGUAGES.get(code)
        or LANGUAGES.get(code.replace("-", "_"))
        or LANGUAGES.get(code.replace("_", "-").split("-")[0])
    )


@contextmanager
def pseudo_locale() -> Iterator[None]:
    """Every reader reads the pseudo-locale in this block, and in the tasks it starts."""
    token = _everyone_pseudo.set(True)
    try:
        yield
    finally:
        _everyone_pseudo.reset(token)


def current() -> Language:
    """The language texts are written in here."""
    return LANGUAGES[PSEUDO] if _everyone_pseudo.get() else _current.get()


@contextmanager
def speaking(language_: Language) -> Iterator[Language]:
    """Write the texts of a block in `language_`."""
    token = _current.set(language_)
    try:
        yield language_
    finally:
        _current.reset(token)


def speak(language_: Language) -> None:
    """Write the texts of the rest of the current task in `language_` (an interaction's, which
    discord.py runs in a task of its own: `bot.errors.begin`)."""
    _current.set(language_)


def server_language(stored: str | None, guild: discord.Guild | None) -> Language:
    """A server's language: the one `/config language` stored, else the server's Discord
    language when Dealer speaks it (`guild.preferred_locale`), else English."""
    if stored is not None:
        return language(stored)
    return language(guild.preferred_locale if guild is not None else None)


class Heard:
    """Each member's Discord language as their last interaction told it, for the latest
    `kept` members this process heard from since it started: what a DM answers a message in,
    Discord giving a message no language (English for a member not heard from)."""

    def __init__(self, kept: int = 10_000) -> None:
        self.kept = kept
        self._codes: OrderedDict[int, str] = OrderedDict()

    def tell(self, user_id: int, locale: discord.Locale) -> None:
        self._codes[user_id] = locale.value
        self._codes.move_to_end(user_id)
        while len(self._codes) > self.kept:
            self._codes.popitem(last=False)

    def language(self, user_id: int) -> Language:
        return language(self._codes.get(user_id))


class Languages(Protocol):
    """Where the servers' chosen languages are kept (`bot.storage.Storage`)."""

    async def language(self, guild_id: int) -> str | None: ...


async def server_speaks(
    storage: Languages, client: discord.Client, guild_id: int | None
) -> Language:
    """The language of what Dealer posts in a server's channels (`server_language`), and of
    its DMs to members who did not ask (Discord tells a member's own language only with
    their interactions)."""
    if guild_id is None:
        return language(None)
    return server_language(await storage.language(guild_id), client.get_guild(guild_id))


def _(message: str) -> str:
    """`message` in the language in force."""
    return current().gettext(message)


def N_(message: str) -> str:
    """Mark a constant for extraction; it is translated where it is used, with `_`."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a text for `count`, by the language in force's plural rules."""
    return current().ngettext(singular, plural, count)


def number(value: float) -> str:
    """A number as the language in force writes it."""
    return current().number(value)


#: A template's placeholder (`{round}`), the only kind the engines' marked texts hold.
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: How deep a filled-in template's values are read as engines' texts in turn ("Access phase"
#: in "Access phase, round 1 of 3").
_NESTING = 2


@functools.cache
def _templates() -> tuple[frozenset[str], list[tuple[re.Pattern[str], str]]]:
    """The template's message ids, and a pattern for each of the engines' texts (flagged
    `engine` there: `tools.i18n_catalogues`) that has placeholders and words around them,
    most words first: what an engine's filled-in text is matched against. Read when a text
    is first said in another language than English, which needs neither."""
    ids: list[str] = []
    engines: list[str] = []
    with (LOCALES / f"{DOMAIN}.pot").open("rb") as source:
        for message in read_po(source):
            if isinstance(message.id, str) and message.id:
                ids.append(message.id)
                if "engine" in message.flags:
                    engines.append(message.id)
    patterns = []
    for template in engines:
        parts = _PLACEHOLDER.split(template)
        words = "".join(parts[0::2])
        if len(parts) == 1 or sum(c.isalpha() for c in words) < 3 or "{" in words:
            continue
        seen: set[str] = set()
        pattern = ""
        for index, part in enumerate(parts):
            if index % 2 == 0:
                pattern += re.escape(part)
            elif part in seen:
                pattern += f"(?P={part})"
            else:
                seen.add(part)
                pattern += f"(?P<{part}>.*?)"
        patterns.append((len(words), re.compile(pattern, re.DOTALL), template))
    patterns.sort(key=lambda found: -found[0])
    return frozenset(ids), [(pattern, template) for _, pattern, template in patterns]


def message_ids() -> frozenset[str]:
    """Every message id of the catalogues (their template's)."""
    return _templates()[0]


def engine_words(text: str) -> str:
    """An engine's text (an action's or a step's label, a phase's title, a clock's label) in
    the language in force. Engines mark their English (`games.core.speech.N_`) and fill a
    template with `format`; the text is its message id when it has no values, else it is
    matched against the catalogue's templates and the translation filled with the values
    found, each read as an engine's text in turn. A text the catalogue lacks stays as it is."""
    said = current()
    if said.code == SOURCE:
        return text
    return _engine_words(said.code, text, _NESTING)


@functools.lru_cache(maxsize=4096)
def _engine_words(code: str, text: str, depth: int) -> str:
    said = LANGUAGES[code]
    ids, filled = _templates()
    if text in ids:
        return said.gettext(text)
    if text.endswith(".") and text[:-1] in ids:
        # A marked phrase ended as a sentence (a reason `explain` puts a full stop after).
        return said.gettext(text[:-1]).rstrip(".") + "."
    if depth == 0:
        return text
    for pattern, template in filled:
        found = pattern.fullmatch(text)
        if found is not None:
            values = {k: _engine_words(code, v, depth - 1) for k, v in found.groupdict().items()}
            return said.gettext(template).format(**values)
    return text


def said_again(text: str, templates: Sequence[str], *, depth: int = _NESTING) -> str:
    """A text kept in English (in the database), made from one of `templates` (each marked
    `N_` where it is written), in the language in force: its template translated and filled
    with the values it was made with, each said again in turn (a match's title inside a
    ledger's reason) or else read as an engine's text; as kept when it is none of them (a
    reason a host typed)."""
    if current().code == SOURCE:
        return text
    for template in templates:
        found = _stored_pattern(template).fullmatch(text)
        if found is not None:
            values = {}
            for key, value in found.groupdict().items():
                again = said_again(value, templates, depth=depth - 1) if depth > 0 else value
                values[key] = again if again != value else engine_words(value)
            return _(template).format(**values)
    return text


@functools.lru_cache(maxsize=256)
def _stored_pattern(template: str) -> re.Pattern[str]:
    parts = _PLACEHOLDER.split(template)
    return re.compile(
        "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
        ),
        re.DOTALL,
    )


def refusal(error: RuleError) -> str:
    """An engine's refusal in the language in force: its template translated and filled with
    its values (a value that is an engine's text translated too), or, for one raised without
    values, its sentence read as an engine's text (`engine_words`)."""
    if not error.values:
        return engine_words(error.message)
    values = {k: engine_words(v) if isinstance(v, str) else v for k, v in error.values.items()}
    return _(error.template).format(**values)


# The render's words and the engines' texts (games/) read the language in force too.
speech.use(current, engine_words)
