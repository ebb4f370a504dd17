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
(`GameTexts.wants_views`), the record to replay them from.

The worker keeps, for each of the last `KEPT` matches whose page or replay it built, how far
that build went (`Progress`: the record replayed and the entries worded up to its version), and
builds the next version by extending it with the new moves and entries only: a version's build
costs what changed since the last one, not the match's length (a full replay at every version
was quadratic over a match: 11 s of the worker's CPU over the leak scan's longest match). What
it keeps is what that build was given and made, nothing more; it is used again only for the
same match, the same names, language and record's start, and only when the new record and
entries extend it exactly; anything else (an undo, a worker started anew) is
built from the start, and the page is the same either way to the byte
(`tests/bot/test_web_progress.py`). A replay's steps go back to the bot the same way: only
those it does not hold yet (`Steps`), not every step at every version (each handed back
whole, the worker pickled and the bot unpickled 22 MB over the leak scan's longest match, a
second of CPU)."""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field, replace
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
    """A match's record as a page replays it: its match's id, its seats, its options as
    stored, its seed, and its accepted moves (seq, actor, move) up to the last entry the
    channel was told of."""

    match: int
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
    #: The match's id.
    match: int
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
    """The page of `facts`, its poll's answer included: its events worded by extending the
    match's `Progress` with the entries new since its last build."""
    names = names_in(facts.names)
    record = facts.record
    header = None if record is None else _header(record)
    progress = _progress("page", facts.match, (header, facts.names), record, facts.entries)
    if record is None:
        walked: list[Entry] = progress.new_entries
    else:
        walked = [(w.seq, w.at, w.events) for w in progress.walk(facts.texts, True)]
    progress.made.extend(
        Told(number, when(at), text)
        for number, at, events in walked
        for text in public_texts(facts.texts, events, names)
    )
    told = progress.made[::-1]
    _keep("page", facts.match, progress)
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


#: How many matches' builds the pages' worker keeps to extend (`Progress`), pages and replays
#: apart: the ones read now.
KEPT = 32

Move = tuple[int, str, dict[str, Any]]


@dataclass(slots=True)
class Progress:
    """How far the builds of one match's page (or replay) went, kept in the pages' worker:
    what they were given (`given`: the record's start, the names; the language; the record's
    moves and the delivered entries so far, `moves` and `entries`), the record replayed that
    far (`state`, the public view after it, `before`, the last seq replayed, `last`), and what
    they made of it (`made`: the page's worded events, or the replay's steps and what the last
    one showed, `shown`). `new_moves` and `new_entries` are those of the version being built
    that it has not replayed yet. `engine` is the game's, None for a page made from its
    entries alone. `ident` tells it from every other progress, in this worker or one started
    anew: the replay's steps the bot holds are the first ones of the progress they came from
    (`Steps`), which only adds to them."""

    given: tuple[Any, ...]
    ident: str = field(default_factory=lambda: secrets.token_hex(8))
    moves: list[Move] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    new_moves: list[Move] = field(default_factory=list)
    new_entries: list[Entry] = field(default_factory=list)
    engine: Any = None
    state: Any = None
    before: Any = None
    last: int = -1
    made: list[Any] = field(default_factory=list)
    shown: tuple[str, str] = ("", "")

    def extends(self, moves: list[Move], entries: list[Entry]) -> bool:
        """Whether `moves` and `entries` are exactly what this progress replayed followed by
        moves and entries after the last of them, which it takes as new: the same record,
        further on. A record with a move taken back or changed, or an entry delivered
        behind one already read, is not."""
        if moves[: len(self.moves)] != self.moves or entries[: len(self.entries)] != self.entries:
            return False
        new_moves, new_entries = moves[len(self.moves) :], entries[len(self.entries) :]
        if any(number <= self.last for number, *_ in (*new_moves, *new_entries)):
            return False
        self.moves, self.entries = moves, entries
        self.new_moves, self.new_entries = new_moves, new_entries
        return True

    def walk(self, texts: GameTexts, presented: bool) -> list[Walked]:
        """The new delivered entries, each with the public view and the turn after it, the
        record replayed on from where it was up to the last of them; with `presented`, their
        events with the game's own presentation added (`GameTexts.add_events`, from the
        public views before and after each move). A move the channel has not been told of
        (not delivered) is replayed, and shown in none. Unreadable for a move that cannot be
        read or that the rules refuse."""
        engine = self.engine
        moves = {move[0]: move for move in self.new_moves}
        told = {number: (at, events) for number, at, events in self.new_entries}
        walked = []
        for number in sorted(told.keys() | moves.keys()):
            if number in moves:
                seq, actor, move = moves[number]
                try:
                    engine.apply(self.state, actor, engine.parse_move(move))
                except (ValueError, RuleError):
                    # As when the bot loads the match (`MatchService.state`): a stored move the
                    # rules refuse is a record that is not what was played.
                    raise Unreadable(f"move {seq}") from None
            after = engine.view(self.state, None)
            if number in told:
                at, events = told[number]
                if presented:
                    events = texts.add_events(self.before, events, after)
                turn = None if engine.is_finished(self.state) else engine.turn(self.state)
                walked.append(Walked(number, at, events, after, turn))
            self.before = after
            self.last = number
        return walked


#: The progress of the matches' pages and of their replays, by match id, the `KEPT` most
#: recently built of each kept (in the pages' worker).
PROGRESS: dict[str, OrderedDict[int, Progress]] = {"page": OrderedDict(), "replay": OrderedDict()}


def _header(record: Record) -> tuple[Any, ...]:
    """What a record starts from: its game, seats, options and seed."""
    return (record.game, tuple(record.seats), record.options, record.seed)


def _progress(
    kind: str, match: int, given: tuple[Any, ...], record: Record | None, entries: list[Entry]
) -> Progress:
    """The progress of match `match`'s page or replay (`kind`) taken out of `PROGRESS` and
    extended to `record` and `entries` (their new moves and entries to replay and word); a
    new one from the start (the record set up) when none is kept that was given the same
    (`given`, the language in force) and that they extend. Put back by `_keep` once the
    build is made: a build that fails keeps none, and the next builds from the start."""
    given = (*given, current().code)
    moves = [] if record is None else record.moves
    progress = PROGRESS[kind].pop(match, None)
    if progress is None or progress.given != given or not progress.extends(moves, entries):
        progress = Progress(given)
        if record is not None:
            engine = engine_for(record.game)
            try:
                options = engine.parse_options(record.options)
            except ValueError:
                raise Unreadable("its options") from None
            progress.engine = engine
            progress.state, _ = engine.setup(record.seats, options, record.seed)
            progress.before = engine.view(progress.state, None)
        progress.extends(moves, entries)
    return progress


def _keep(kind: str, match: int, progress: Progress) -> None:
    """`progress` kept as match `match`'s latest of `kind`, the oldest dropped past `KEPT`."""
    kept = PROGRESS[kind]
    kept[match] = progress
    while len(kept) > KEPT:
        kept.popitem(last=False)


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


@dataclass(frozen=True, slots=True)
class Steps:
    """A replay's steps as the pages' worker hands them back to the bot, which holds the
    steps of an earlier build: the `Progress` they come from (`made_by`), how many of the
    held steps they start with (`kept`: all of them where the worker extended the progress
    those came from, none where it built from the start), and the steps after those (`new`)."""

    made_by: str
    kept: int
    new: list[Step]

    def after(self, held: list[Step]) -> list[Step]:
        """Every step, the first `kept` of them those `held`."""
        return [*held[: self.kept], *self.new]


def replay_steps(
    record: Record,
    texts: GameTexts,
    names: dict[str, str],
    entries: list[Entry],
    made_by: str,
    held: int,
) -> Steps:
    """The steps of a match's replay (`bot.web.replays`): each delivered entry that told the
    channel something, in words or in a public view or status words unlike the step before;
    made by extending the match's `Progress` with the entries new since its last build.
    Handed back after the `held` first steps of the progress `made_by`, which the asker holds,
    where this build extends that progress (all of them otherwise)."""
    named = names_in(names)
    progress = _progress("replay", record.match, (_header(record), names), record, entries)
    steps: list[Step] = progress.made
    for walked in progress.walk(texts, texts.wants_views):
        told = public_texts(texts, walked.events, named)
        status = _status(record.game, texts, walked, named)
        now = (json.dumps(_json(walked.view), sort_keys=True), str(status))
        if steps and not told and now == progress.shown:
            continue
        progress.shown = now
        steps.append(Step(when(walked.at), status, told, walked.view))
    _keep("replay", record.match, progress)
    kept = held if made_by == progress.ident else 0
    return Steps(progress.ident, kept, steps[kept:])


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
