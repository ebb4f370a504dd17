"""How a match's page and its replay are made: pure functions of what the event loop read
from the store, called in the web pages' own worker process (`bot.boards.for_pages`), never
on the bot's event loop. Replaying a match's record, wording its public events, drawing its
board and writing the page's HTML and JSON are CPU work: done on the loop, each page built
there delayed every interaction behind it (a `/bid` waited 1.35 s once with pollers on its
match's page, docs/performance.md), and done in the bot's render workers, it queued the
images a move's answer waits for (its 1-on-1 card) behind the pages'.

Only what the channel was told goes in: the live status's words and public view
(`LiveStatus.moment`), the delivered log entries' events (`Storage.delivered_events`), and,
for a game that presents its events with the public views around each move
(`GameTexts.wants_views`), the record to replay them from."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import jinja2
from markupsafe import Markup, escape

from bot.games.base import GameTexts
from bot.i18n import _, current, ngettext
from bot.players import Names, names_in
from bot.web.words import html, when
from games.core.contract import Turn
from games.core.drawing.words import listed
from games.core.errors import RuleError
from games.core.events import Event
from games.registry import engine_for

#: The pages' templates, their words marked `_()` for the catalogue (Jinja2's i18n extension
#: with the bot's own gettext: a page is rendered in the language in force, its server's), the
#: page's language its `<html lang>` (`lang()`). A translation comes escaped, as markup, so
#: that its `format` escapes the values it is given but the markup among them (a `<time>`).
TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("bot.web", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    extensions=["jinja2.ext.i18n"],
)
TEMPLATES.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=lambda message: escape(_(message)),
    ngettext=lambda singular, plural, n: escape(ngettext(singular, plural, n)),
)
TEMPLATES.globals["lang"] = lambda: current().locale.language

#: A delivered log entry as the store gives it: its seq, when, and its events as JSON.
Entry = tuple[int, float, list[dict[str, Any]]]


class Unreadable(ValueError):
    """A part of a match's record (its options, a move) that cannot be read: the match is
    set aside (`MatchService.set_aside`), as when the bot itself replays it."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


@dataclass(frozen=True, slots=True)
class Record:
    """A match's record as a page replays it: its seats, its options as stored, its seed,
    and its accepted moves (seq, actor, move) up to the last entry the channel was told of."""

    game: str
    seats: list[str]
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, str, dict[str, Any]]]


@dataclass(frozen=True, slots=True)
class Told:
    """One public event's words on the page, with when it happened."""

    seq: int
    at: Markup
    text: Markup


@dataclass(frozen=True, slots=True)
class Page:
    """A match's page at one version (`version`, its ETag), with its poll's answer (`body`,
    JSON) made once for every poller of that version."""

    version: str
    title: str
    status: Markup
    deadline: float | None
    over: bool
    png: bytes | None
    alt: str
    events: list[Told]
    body: bytes
    #: The code of the language it is written in (its server's).
    language: str


@dataclass(frozen=True, slots=True)
class PageFacts:
    """What a match's page is built from (`match_page`): what the loop read for it."""

    version: str
    #: The page's own path, which its board and its poll are under.
    base: str
    title: str
    #: The live status's words (`LiveStatus.moment`).
    status: str
    deadline: float | None
    over: bool
    #: The status image (`LiveStatus.image`, drawn from the public view) and its words
    #: (`Board.words`: at length where its alt text in Discord is a summary).
    png: bytes | None
    alt: str
    texts: GameTexts
    #: The players' names (`name_table`).
    names: dict[str, str]
    entries: list[Entry]
    #: For a game that presents its events from the public views (`GameTexts.wants_views`).
    record: Record | None


def match_page(facts: PageFacts) -> Page:
    """The page of `facts`, its poll's answer included."""
    names = names_in(facts.names)
    entries = facts.entries
    if facts.record is not None:
        entries = [(w.seq, w.at, w.events) for w in walk(facts.record, facts.texts, entries, True)]
    told = [
        Told(number, when(at), text)
        for number, at, events in entries
        for text in public_texts(facts.texts, events, names)
    ]
    told.reverse()
    page = Page(
        facts.version,
        facts.title,
        html(facts.status),
        facts.deadline,
        facts.over,
        facts.png,
        facts.alt,
        told,
        b"",
        current().code,
    )
    live = TEMPLATES.get_template("live.html").render(page=page, base=facts.base)
    answer = {
        "version": page.version,
        "status": str(page.status),
        "deadline": page.deadline,
        "over": page.over,
        "alt": page.alt,
        "board": page.png is not None,
        "events": [{"seq": e.seq, "at": str(e.at), "text": str(e.text)} for e in told],
        "html": live,
    }
    return replace(page, body=json.dumps(answer).encode())


@dataclass(frozen=True, slots=True)
class Walked:
    """A delivered log entry of a match replayed: its seq, when, its events, and the public
    view and the turn after it (None once the match is over)."""

    seq: int
    at: float
    events: list[dict[str, Any]]
    view: Any
    turn: Turn | None


def walk(record: Record, texts: GameTexts, entries: list[Entry], presented: bool) -> list[Walked]:
    """The delivered log `entries`, each with the public view and the turn after it, the
    record replayed once up to the last of them; with `presented`, their events with the
    game's own presentation added (`GameTexts.add_events`, from the public views before and
    after each move). A move the channel has not been told of (not delivered) is replayed,
    and shown in none. Unreadable for options or a move that cannot be read or that the
    rules refuse."""
    engine = engine_for(record.game)
    try:
        options = engine.parse_options(record.options)
    except ValueError:
        raise Unreadable("its options") from None
    state, _ = engine.setup(record.seats, options, record.seed)
    moves = {move[0]: move for move in record.moves}
    before = engine.view(state, None)
    told = {number: (at, events) for number, at, events in entries}
    walked = []
    for number in sorted(told.keys() | moves.keys()):
        if number in moves:
            seq, actor, move = moves[number]
            try:
                engine.apply(state, actor, engine.parse_move(move))
            except (ValueError, RuleError):
                # As when the bot loads the match (`MatchService.state`): a stored move the
                # rules refuse is a record that is not what was played.
                raise Unreadable(f"move {seq}") from None
        after = engine.view(state, None)
        if number in told:
            at, events = told[number]
            if presented:
                events = texts.add_events(before, events, after)
            turn = None if engine.is_finished(state) else engine.turn(state)
            walked.append(Walked(number, at, events, after, turn))
        before = after
    return walked


def public_texts(texts: GameTexts, events: list[dict[str, Any]], names: Names) -> list[Markup]:
    """The words of `events` the channel reads (their public ones), as HTML."""
    told = []
    for data in events:
        if Event.from_json(data).audience.kind == "public":
            text = texts.describe(data, names)
            if text:
                told.append(html(text))
    return told


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: when, the status words, the public texts, and the public view
    the board is drawn from."""

    at: Markup
    status: Markup
    events: list[Markup]
    view: Any


def replay_steps(
    record: Record, texts: GameTexts, names: dict[str, str], entries: list[Entry]
) -> list[Step]:
    """The steps of a match's replay (`bot.web.replays`): each delivered entry that told the
    channel something, in words or in a public view or status words unlike the step before."""
    named = names_in(names)
    steps: list[Step] = []
    shown: tuple[str, str] = ("", "")
    for walked in walk(record, texts, entries, texts.wants_views):
        told = public_texts(texts, walked.events, named)
        status = _status(record.game, texts, walked, named)
        now = (json.dumps(_json(walked.view), sort_keys=True), str(status))
        if steps and not told and now == shown:
            continue
        shown = now
        steps.append(Step(when(walked.at), status, told, walked.view))
    return steps


def _json(view: Any) -> Any:
    """A public view as JSON (a typed one dumped), to tell one step's from the next."""
    dump = getattr(view, "model_dump", None)
    return view if dump is None else dump(mode="json")


def _status(game: str, texts: GameTexts, walked: Walked, names: Names) -> Markup:
    """The status words at a step, as the live status said them then (`LiveStatus.moment`),
    without the clock: the phase and who it waited for, and the game's own status."""
    title = engine_for(game).title
    own = texts.status(walked.view, names)
    if walked.turn is None:
        over = _("🏁 **{game}** — the match is over.").format(game=title)
        return html(f"{over}\n{own}")
    waiting = listed([names(p) for p in walked.turn.must]) or _("nobody")
    phase = texts.engine_text(walked.turn.phase.title, names)
    waits = _("Waiting for: {players}.").format(players=waiting)
    return html(f"**{title}** — {phase}\n{waits}\n{own}")
