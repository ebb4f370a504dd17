"""The pseudo-locale's check (`pytest --pseudo-locale`, docs/translating.md): every text the bot
sent to Discord in a SimCord test holds no sentence outside the pseudo-locale's `⟦…⟧` (a text
not passed through the catalogue), no marker cut off (a text cut to fit), and nothing past
Discord's limits.

The bot's requests are recorded as it sent them (`recording`), and reach SimCord with the
markers and their padding taken out: the tests read the English they were written for, so the
whole suite runs in the pseudo-locale unchanged, while the check reads what the bot wrote."""

from __future__ import annotations

import copy
import functools
import io
import re
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import discord
import discord.state
import pytest
from simcord.http import router as simcord_router

from bot import seasons
from bot.app import DealerBot
from bot.games.base import GameTexts
from bot.games.registry import PLUGINS
from bot.i18n import CLOSE, OPEN, PAD, PSEUDO, language, message_ids, pseudo_locale
from games.atrades.data import GUILDS, REGIONS, TECHNOLOGIES
from games.core.drawing.board import Board
from games.core.errors import RuleError
from games.marsbot_draft.priority import CORPORATIONS
from games.project_mars.card_details import CARDS as PROJECT_MARS_CARDS
from games.tm_catalogue import TAGS, builtin
from games.tm_catalogue.host_list import COLUMNS
from games.tm_catalogue.model import CARD_TYPES
from tools.i18n_catalogues import CONVERTED_GAMES

#: Discord's limits on what a message carries (characters).
MESSAGE, BUTTON, OPTION, FORM_TITLE = 2000, 80, 100, 45
#: Discord's limit on an attachment's description, an image's alt text (`Board.description`
#: cuts one longer to fit, so the check reads the alt text whole: `recording`).
ALT_TEXT = 1024

_WRAPPED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
#: What stands in a text that is not a sentence to translate: mentions, channels, roles and
#: times as Discord writes them, links, code, and the names of files.
NOT_WORDS = re.compile(
    r"<(?:@[!&]?|#|t:)\d+(?::\w)?>|https?://\S+|`[^`]*`|\b[\w-]+\.(?:json|csv|png)\b"
)
#: Three words in a row: a sentence, or a part of one (names are one or two words).
_SENTENCE = re.compile(r"[A-Za-z][a-z']+(?:[ ,]+[A-Za-z][a-z']+){2,}")
#: What stays as printed in the English edition, whatever the language (docs/translating.md):
#: the names of Terraforming Mars's cards and MARSBOT's corporations, the tags, which are the
#: words players type in commands (`venus>jovian`, `name:cost:tag+tag`), as are the columns
#: and card types of a host's card list (`name,type,cost,tags,starting M€`), Atrades's guilds,
#: regions and technologies, and Project Mars's cards ("Top Secret Information") (names are no
#: sentence, but some run to three words).
PRINTED_NAMES = re.compile(
    # Not `\b`: a name may end in a full stop ("Morning Star Inc.").
    r"(?<!\w)(?:"
    + "|".join(
        re.escape(name)
        for name in sorted(
            {
                *(card.name for card in builtin().cards),
                *(corporation.name for corporation in CORPORATIONS),
                *TAGS,
                *COLUMNS,
                *CARD_TYPES,
                *(guild.name for guild in GUILDS),
                *(region.name for region in REGIONS),
                *(technology.name for technology in TECHNOLOGIES),
                *(card.name for card in PROJECT_MARS_CARDS.values()),
            },
            key=len,
            reverse=True,
        )
    )
    + r")(?!\w)"
)


def _balanced(text: str) -> str:
    """`text` with a not-yet-converted text split over messages (a rules section over pages)
    marked at the cut too."""
    start, end = text.find(UNCONVERTED_OPEN), text.find(UNCONVERTED_CLOSE)
    if end != -1 and (start == -1 or end < start):
        text = UNCONVERTED_OPEN + text
    if text.rfind(UNCONVERTED_OPEN) > text.rfind(UNCONVERTED_CLOSE):
        text += UNCONVERTED_CLOSE
    return text


def problems_of(text: str, limit: int, where: str) -> Iterator[str]:
    """What is wrong with one text the bot sent (`where` names it in the report)."""
    if len(text) > limit:
        yield f"{where} is {len(text)} characters, past Discord's {limit}: {text[:80]!r}…"
    rest = _balanced(text)
    while True:
        stripped = _WRAPPED.sub(" ", _UNCONVERTED.sub(" ", rest))
        if stripped == rest:
            break
        rest = stripped
    if OPEN in rest or CLOSE in rest:
        yield f"{where} has a text cut off (a marker without its pair): {text[-80:]!r}"
        return
    rest = PRINTED_NAMES.sub(" ", NOT_WORDS.sub(" ", rest))
    for found in _SENTENCE.finditer(rest):
        yield f"{where} holds a sentence not in the catalogue: {found.group()!r} in {text!r}"


#: The games converted (`tools.i18n_catalogues.CONVERTED_GAMES`, by their plug-ins' names):
#: every game of `games/`. Their texts, controls, clock labels and refusals are checked as
#: the bot's own are.
CONVERTED = frozenset(game.replace("_", "-") for game in CONVERTED_GAMES)

#: What is not converted is marked `⟪…⟫` by `mark_not_yet_converted` and let pass: the words
#: of a game outside `games/` (a test's own, High Bid in tests/toy_game). Nothing else may be
#: on this list:
#: - every text of such a game's plug-in texts (its methods' words, its rules line by line,
#:   its sentences `untimed`, `forfeit` and `record_withheld`, its `played_as` and `money`
#:   words);
#: - its own buttons, menus and forms (its plug-in's `dynamic_items` and `forms`);
#: - the refusals (`RuleError`) whose template is not in the catalogue, and their sentences
#:   the plug-ins pass on (`engine_text`, `refusal`: `GameTexts` methods);
#: - the labels of a form and of its fields (the engines' action and step labels: "Your sealed
#:   bid in dollars"), checked for Discord's limits only;
#: - the computer seats' names ("Dealer bot 1"), two words the check passes anyway.
UNCONVERTED_OPEN, UNCONVERTED_CLOSE = "⟪", "⟫"
_UNCONVERTED = re.compile(
    f"{UNCONVERTED_OPEN}[^{UNCONVERTED_OPEN}{UNCONVERTED_CLOSE}]*{UNCONVERTED_CLOSE}"
)


def unconverted(text: str) -> str:
    """`text` marked as not converted yet, in the bot's work (the test's own stays as it is)."""
    if language(None).code != PSEUDO:
        return text
    return f"{UNCONVERTED_OPEN}{text}{UNCONVERTED_CLOSE}"


def _converted(texts: Any) -> bool:
    """Whether `texts` (a game's texts, or anything else a wrapped method is called on) are
    of a game converted whole."""
    return getattr(texts, "game", None) in CONVERTED


def _marked_word(word: str) -> Callable[[Any], str]:
    return lambda texts: word if _converted(texts) else unconverted(word)


def _marked_words(words: tuple[str, ...]) -> Callable[[Any], tuple[str, ...]]:
    return lambda texts: words if _converted(texts) else tuple(unconverted(w) for w in words)


def _marking(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def marked(*args: Any, **kwargs: Any) -> Any:
        said = method(*args, **kwargs)
        if args and _converted(args[0]):
            return said
        if isinstance(said, dict):
            return {unconverted(k): unconverted(str(v)) for k, v in said.items()}
        return unconverted(said) if isinstance(said, str) else said

    return marked


def _texts_classes() -> list[type[GameTexts]]:
    found, todo = [], [GameTexts]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def _rules(method: Callable[..., Any]) -> Callable[..., Any]:
    """A game's rules, marked line by line: `/help` cuts them into sections and pages."""

    @functools.wraps(method)
    def marked(*args: Any, **kwargs: Any) -> Any:
        said = method(*args, **kwargs)
        if not isinstance(said, str) or (args and _converted(args[0])):
            return said
        return "\n".join(
            "## " + unconverted(line[3:])
            if line.startswith("## ")
            else unconverted(line)
            if line
            else line
            for line in said.split("\n")
        )

    return marked


def mark_not_yet_converted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mark what `UNCONVERTED_OPEN`'s comment lists, for this test: on every class of game
    texts (`_marking` leaves a converted game's as they are), and the refusals."""
    for cls in _texts_classes():
        for name, value in list(vars(cls).items()):
            if name.startswith("_"):
                continue
            if name == "rules" and callable(value):
                monkeypatch.setattr(cls, name, _rules(value))
            elif callable(value) and not isinstance(value, type):
                monkeypatch.setattr(cls, name, _marking(value))
            elif name in ("untimed", "forfeit", "record_withheld") and isinstance(value, str):
                monkeypatch.setattr(cls, name, property(_marked_word(value)))
            elif name in ("played_as", "money") and isinstance(value, tuple):
                monkeypatch.setattr(cls, name, property(_marked_words(value)))
    original = RuleError.__init__

    def rule_error(self: RuleError, code: str, message: str, **values: object) -> None:
        """A refusal whose template the catalogue lacks is not converted yet."""
        if message in message_ids() or UNCONVERTED_OPEN in message:
            original(self, code, message, **values)
        else:
            original(self, code, unconverted(message), **values)

    monkeypatch.setattr(RuleError, "__init__", rule_error)


def let_typed_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a person typed and the bot shows as typed (a ledger entry's reason a host wrote,
    which `bot.seasons.reason_words` leaves as it is) is no text of the bot's: it is marked to
    pass as the not-yet-converted is."""
    words = seasons.reason_words

    def marked(reason: str) -> str:
        said = words(reason)
        return unconverted(said) if said == reason else said

    monkeypatch.setattr(seasons, "reason_words", marked)


def _game_control(custom_id: str | None) -> bool:
    """Whether a control or form is a game's own (its plug-in's buttons, menus and forms)."""
    if not custom_id:
        return False
    plugins = [plugin for game, plugin in PLUGINS.items() if game not in CONVERTED]
    templates = [
        item.__discord_ui_compiled_template__ for plugin in plugins for item in plugin.dynamic_items
    ] + [form.custom_id for plugin in plugins for form in plugin.forms]
    return any(template.fullmatch(custom_id) for template in templates)


#: The texts of a form that are the engines' labels (`UNCONVERTED_OPEN`'s comment).
ENGINE_WORDS = ("a form's title", "a form field's label")


def texts_sent(payload: Any, where: str = "message") -> Iterator[tuple[str, int, str]]:
    """Each text of one request's JSON with its limit and a name for the report."""
    if isinstance(payload, list):
        for item in payload:
            yield from texts_sent(item, where)
        return
    if not isinstance(payload, dict):
        return
    if isinstance(payload.get("content"), str):
        yield payload["content"], MESSAGE, where
    if isinstance(payload.get("alt"), str):
        yield payload["alt"], ALT_TEXT, "an image's alt text"
    kind = payload.get("type")
    if kind in (2, 3, 4) and _game_control(payload.get("custom_id")):
        return
    if "title" in payload and _game_control(payload.get("custom_id")):
        return
    if kind == 2 and isinstance(payload.get("label"), str):
        yield payload["label"], BUTTON, "a button"
    if kind in (3, 5, 6, 7, 8) and isinstance(payload.get("placeholder"), str):
        yield payload["placeholder"], OPTION * 3 // 2, "a menu's placeholder"
    for option in payload.get("options", []) if kind == 3 else []:
        yield option["label"], OPTION, "a menu option"
        if option.get("description"):
            yield option["description"], OPTION, "a menu option's description"
    if kind == 4:
        yield payload.get("label", ""), FORM_TITLE, "a form field's label"
        if payload.get("placeholder"):
            yield payload["placeholder"], OPTION, "a form field's placeholder"
    if "custom_id" in payload and "title" in payload and "components" in payload:
        yield payload["title"], FORM_TITLE, "a form's title"
    for key in ("data", "components"):
        if key in payload:
            yield from texts_sent(payload[key], where)


def problems(requests: list[Any]) -> list[str]:
    """What is wrong in every text the bot sent, save the commands it synced (their texts
    are translated per language by `bot.app.CommandTexts`, and checked apart)."""
    found: list[str] = []
    for request in requests:
        if request.method not in ("POST", "PATCH", "PUT") or request.path.endswith("/commands"):
            continue
        for text, limit, where in texts_sent(request.json):
            named = f"{where} ({request.method} {request.path})"
            if where in ENGINE_WORDS:
                found += [p for p in problems_of(text, limit, named) if "past Discord" in p]
            else:
                found += problems_of(text, limit, named)
    return found


@dataclass(frozen=True)
class Sent:
    """One request of the bot, as it sent it."""

    method: str
    path: str
    json: Any


_MARKS = re.compile(f"{PAD}*{CLOSE}|{OPEN}|{UNCONVERTED_OPEN}|{UNCONVERTED_CLOSE}")


def english(payload: Any) -> Any:
    """A request's JSON with the pseudo-locale's markers and padding taken out."""
    if isinstance(payload, str):
        return _MARKS.sub("", payload)
    if isinstance(payload, list):
        return [english(item) for item in payload]
    if isinstance(payload, dict):
        return {key: english(value) for key, value in payload.items()}
    return payload


def recording(monkeypatch: pytest.MonkeyPatch) -> list[Sent]:
    """Record every request of the bot's work as sent, and hand SimCord its English
    (`english`), the alt texts of its images too (recorded whole, as `{"alt": …}`, so that
    one cut to fit is past Discord's limit in the check)."""
    sent: list[Sent] = []
    dispatch = simcord_router.dispatch
    # Each alt text `Board.description` cut to fit Discord, by what it sent: the whole one.
    described: dict[str, str] = {}
    description = Board.description

    def cut(board: Board, limit: int = ALT_TEXT) -> str:
        said = description(board, limit)
        if said != board.alt:
            described[said] = board.alt
        return said

    monkeypatch.setattr(Board, "description", cut)

    def recorded(backend: Any, method: str, path: str, **fields: Any) -> Any:
        # What the test itself sends (a message it posts to set a scene) is not the bot's.
        if language(None).code == PSEUDO:
            sent.append(Sent(method, path, copy.deepcopy(fields.get("json"))))
        fields["json"] = english(fields.get("json"))
        # An image's alt text reaches SimCord with its file, not in the JSON; so does a text
        # the bot writes as a file (a long `/season history`). The check reads the alt text
        # as the board had it, before `Board.description` cut it to fit.
        for file in fields.get("files") or []:
            if isinstance(getattr(file, "description", None), str):
                if language(None).code == PSEUDO:
                    alt = described.get(file.description, file.description)
                    sent.append(Sent(method, path, {"alt": alt}))
                file.description = english(file.description)
            if file.filename.endswith(".txt") and isinstance(file.fp, io.BytesIO):
                text = english(file.fp.getvalue().decode())
                file.fp.seek(0)
                file.fp.truncate()
                file.fp.write(text.encode())
                file.fp.seek(0)
        return dispatch(backend, method, path, **fields)

    monkeypatch.setattr(simcord_router, "dispatch", recorded)
    return sent


def in_pseudo_locale(monkeypatch: pytest.MonkeyPatch, bot: discord.Client) -> None:
    """The bot's work in the pseudo-locale (`bot.i18n.pseudo_locale`), what the test does
    itself in English: every start's setting up, every event and every interaction the bot
    handles (and the tasks they start) runs in it. What is not converted yet is marked
    (`mark_not_yet_converted`)."""
    mark_not_yet_converted(monkeypatch)
    let_typed_pass(monkeypatch)
    run_event = discord.Client._run_event
    parse = discord.state.ConnectionState.parse_interaction_create
    setup_hook = DealerBot.setup_hook

    async def event(self: discord.Client, *args: Any, **kwargs: Any) -> None:
        with pseudo_locale():
            await run_event(self, *args, **kwargs)

    def interaction(self: discord.state.ConnectionState, data: Any) -> None:
        with pseudo_locale():
            parse(self, data)

    async def set_up(self: DealerBot) -> None:
        with pseudo_locale():
            await setup_hook(self)

    monkeypatch.setattr(discord.Client, "_run_event", event)
    # A restart's too (`env.restart_bot`): it syncs the commands as the first start did, so
    # that the same commands in the same language are not sent again.
    monkeypatch.setattr(DealerBot, "setup_hook", set_up)
    monkeypatch.setattr(discord.state.ConnectionState, "parse_interaction_create", interaction)
    # A state keeps its parsers bound from when it was made: the bot's made before this.
    state = bot._connection
    monkeypatch.setitem(state.parsers, "INTERACTION_CREATE", types.MethodType(interaction, state))
