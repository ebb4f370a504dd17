"""One leak scan for every game: a whole match played through SimCord by the game's driver,
and after every interaction everything each person can read searched for what they may not
know yet.

What a person may know is the engine's word alone, never the bot's: the scan replays the
accepted moves on its own copy of the engine (checked equal to the bot's state after every
step) and a person knows the facts of every view they were given along the way (their
player's view, the host's when they host, the public one) and of every event whose audience
reaches them. Everything anyone could learn is the *universe*: every view, every event (the
internal ones too), the whole state and the sealed moves of the record. A leak is

1. a fact of the universe read by someone who does not know it (a card in another player's
   hand, a sealed bid's figure, MARSBOT's face-down pile), or
2. a secret of a sealed move (`Engine.sealed_moves`, `secret_fields`) read in a new text,
   before the first of the engine's `reveal_events`, by someone it was not told to, who has
   not been told it since and does not see it in their own view: a fact everybody knows by
   name (a company on the display) still must not come up as soon as someone kept it.

What is read, for each person: the text, embeds, file names, alt texts and controls (labels,
placeholders, menu options) of every message of the channels they read (their own ephemeral
replies included, no one else's: `/match status`, `/me`, `/stats`, `/match log` among them,
which the people ask in turn as the match goes), the names and messages of the threads they
may open, their DMs with the bot, and the JSON files they are given (searched as data). A
text read before is not searched again; an edited one (the live status) is searched anew.
Whoever plays no part also reads the match's web pages (`bot/web`), which anyone with their
address may open, after every interaction, as they read the channel: the match's page (its
HTML as text, its board's alt text) and its poll's JSON (each line of their text, as a line
read before is not searched again), every step of its replay as it is
made (its script's JSON) and the replay's page at its last step, all three anew once the
page's version has changed (its poll's ETag, as the page's script polls), and the page of the
season the match counts for, if any.

How a game plugs in (as engines plug into `tests/conformance/`): a game of the registries is
scanned by the generic driver (`drivers/any_game.py`: the demo's match, its facts whole
numbers) unless it has a `Driver` subclass of its own in `tests/leaks/drivers/`, named in
`OWN` (each of the five games has). A driver brings

- `start`: a server, the people (`Person`) and the channels they read; the match started
  through Discord;
- `step`: one player's move through Discord, as players make it (buttons, menus, forms,
  commands); False once the match is over;
- `facts` and `found`: the game's fingerprints, in JSON (a view, an event, a move) and in a
  text. Auction Auction's are money figures (`$11`), Project Mars's card names, card ids and
  deck names;
- `inject`: a leak the scan must catch (`tests/leaks/test_leaks.py` checks that it does).

Atrades plugs in the same way (`drivers/atrades.py`): three guilds play a whole game through
its controls, the merger auctions' open and sealed rounds included; its facts are money
figures; its sealed moves and reveals come from its engine.
"""

from __future__ import annotations

import copy
import html
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, ClassVar

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer
from pydantic import TypeAdapter
from simcord.backend.access import can_access_channel
from simcord.backend.errors import SetupError
from simcord.backend.models import EPHEMERAL_FLAG
from simcord.backend.models import Message as SimMessage
from simcord.results import to_discord_message

from bot.app import DealerBot
from bot.presenter import Presenter
from bot.storage.db import MatchRow
from bot.web.pages import MatchPages
from bot.web.server import application
from games.core.contract import Action
from games.core.engine import HOST, Engine
from games.core.events import Event, Viewer
from games.registry import engine_for

#: What the strings of an embed's JSON under these keys are: what Discord shows of it
#: (title, description, fields, footer, author, provider), not its urls.
EMBED_TEXT = {"title", "description", "name", "value", "text"}

#: A viewer's legal actions, as the scan reads them: JSON text under the key `legal`.
LEGAL = TypeAdapter(dict[str, list[Action]])


def _embed_texts(data: Any, key: str = "") -> Iterator[str]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _embed_texts(v, k)
    elif isinstance(data, list):
        for item in data:
            yield from _embed_texts(item, key)
    elif isinstance(data, str) and key in EMBED_TEXT:
        yield data


def _control_texts(data: Any) -> Iterator[str]:
    """The labels, placeholders and menu options (label, description, emoji) of a message's
    controls, however nested; not their custom ids or option values, which are not shown."""
    if isinstance(data, list):
        for item in data:
            yield from _control_texts(item)
        return
    if not isinstance(data, dict):
        return
    for k in ("label", "placeholder", "description", "content", "title"):
        if isinstance(data.get(k), str):
            yield data[k]
    if isinstance(data.get("emoji"), dict):
        yield data["emoji"].get("name") or ""
    for k in ("options", "components", "accessory", "items"):
        if k in data:
            yield from _control_texts(data[k])


def message_pieces(message: SimMessage) -> list[tuple[str, str]]:
    """(kind, text) of everything of a message a reader sees: its text, each embed, each
    attachment's file name and alt text, and its controls, read from the message as Discord
    sends it to their client (SimCord's record of it)."""
    pieces = [("text", message.content)]
    for embed in message.embeds:
        pieces += [("embed", text) for text in _embed_texts(embed)]
    for attachment in message.attachments:
        pieces.append(("file name", attachment["filename"]))
        pieces.append(("alt text", attachment.get("description") or ""))
    for row in message.components:
        pieces += [("control", text) for text in _control_texts(row)]
    return pieces


def shown_to(messages: Iterable[SimMessage], viewer: Any) -> list[SimMessage]:
    """Those of `messages` that `viewer` sees, oldest first."""
    ordered = sorted(messages, key=attrgetter("id"))
    # Everyone sees a message that is not ephemeral (`visible_to` says so, in a call more).
    return [m for m in ordered if not m.flags & EPHEMERAL_FLAG or m.visible_to(viewer.id)]


def leaves(data: Any) -> Iterator[tuple[str | None, Any]]:
    """(key, value) of every leaf of a JSON value, dict keys included as leaves of their own."""
    # A leaf is given as it is met, only what holds more is put on the stack (its types as a
    # tuple, which isinstance reads faster than a union): a view or a player's legal actions
    # hold tens of thousands of leaves.
    stack: list[tuple[str | None, Any]] = [(None, data)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, dict):
            for k, v in item.items():
                yield None, k
                if isinstance(v, (dict, list, tuple)):
                    stack.append((str(k), v))
                else:
                    yield str(k), v
        elif isinstance(item, list | tuple):
            for v in item:
                if isinstance(v, (dict, list, tuple)):
                    stack.append((key, v))
                else:
                    yield key, v
        else:
            yield key, item


@dataclass
class Person:
    """Someone watching the match: a player (by engine id), a host, or someone who plays no
    part (`pid` None, `host` False); `channels` are the channels they read besides their DMs."""

    label: str
    member: Any
    pid: str | None
    channels: list[Any]
    host: bool = False
    #: The facts the engine has told them so far.
    known: set[str] = field(default_factory=set)
    #: (message id, text) already searched.
    read: set[tuple[int, str]] = field(default_factory=set)
    #: The pieces (`Scan.pieces`) of each message they searched, as they last searched it.
    searched: dict[int, list[tuple[str, str]]] = field(default_factory=dict)
    #: The kinds of text in which they read a fact they know (the search reads them all).
    named: set[str] = field(default_factory=set)
    #: The most facts they did not know at once: what the scan looked for in their reading.
    unknown: int = 0

    @property
    def viewers(self) -> list[Viewer]:
        return [None, *([self.pid] if self.pid else []), *([HOST] if self.host else [])]

    def reached_by(self, event: Event) -> bool:
        return any(event.audience.reaches(viewer) for viewer in self.viewers)


@dataclass
class Sealed:
    """A sealed move of the record, not yet revealed: its secret's facts, the people it was
    told to (by label), and what each other person has been told since."""

    facts: set[str]
    told: set[str]
    since: dict[str, set[str]] = field(default_factory=dict)


class Driver(ABC):
    """One game's part of the scan: how its match is played through Discord and what its
    facts look like (the module docstring says how a game plugs in)."""

    game: ClassVar[str]
    #: The seed the match is dealt from (`bot.flows.lobby.new_seed`): a driver plays the same
    #: match every time.
    seed: ClassVar[int] = 25
    #: Whether its whole match is one of the suite's long tests.
    slow: ClassVar[bool] = False

    def __init__(self, env: Any) -> None:
        self.env = env
        self.people: list[Person] = []
        self.match_id = 0
        #: Where `/match status`, `/me`, `/stats` and `/match log` are asked.
        self.channel: Any = None

    @property
    def bot(self) -> DealerBot:
        bot: DealerBot = self.env.bot
        return bot

    @abstractmethod
    async def start(self) -> None:
        """Seat the people, start the match through Discord, set `people`, `match_id` and
        `channel`."""

    @abstractmethod
    async def step(self, scan: Scan) -> bool:
        """One move through Discord (`scan.search()` between the interactions of a move made
        in several); False once the match is over."""

    @abstractmethod
    def facts(self, data: Any) -> set[str]:
        """The game's facts in a JSON value (a view, an event, a move, the state)."""

    @abstractmethod
    def found(self, text: str, pieces: list[tuple[str, str]]) -> set[str]:
        """The facts a text states (`pieces`: every text of its message)."""

    def finished(self, scan: Scan) -> None:  # noqa: B027 (a hook most drivers leave empty)
        """Checks, once the match is over, that it went where the scan must look (the events
        that hide and show things, the kinds of text the people read): none by default."""

    def inject(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A leak the scan must catch: every private message posted in the match's channel
        too, as a presenter that mixed up where to send would."""
        original = Presenter.dm

        async def dm(self: Presenter, row: MatchRow, user_id: int, text: str, **kw: Any) -> bool:
            await self.channel_send(row.public_channel_id, text)
            return await original(self, row, user_id, text, **kw)

        monkeypatch.setattr(Presenter, "dm", dm)


#: A web page's markup that is no text a reader sees: its script and style, and its tags.
MARKUP = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.DOTALL)


#: The season's prize pool as its page states it (`templates/season.html`).
POOL = re.compile(r"prize pool \$\d+")
#: The replay's own counters as its page states them ("Step 3 of 4", "← Step 2"): where the
#: replay is, not a figure of the game.
STEPS = re.compile(r"\b[Ss]tep\s+\d+(?:\s+of\s+\d+)?")


def lines_of(kind: str, text: str) -> list[tuple[str, str]]:
    """(kind, line) of each line of a page's text: a page shows again the events it showed
    before, and, as with the channel's messages, a line read before is not searched again (a
    card's printed cost in an old display is no budget told)."""
    return [(kind, line) for line in text.split("\n") if line.strip()]


def page_text(markup: str) -> str:
    """What a web page shows as text."""
    return html.unescape(MARKUP.sub(" ", markup))


class WebPage:
    """The match's web page, as anyone with its address reads it (opened as its host would
    open it, where the channel is not public)."""

    def __init__(self, bot: DealerBot, match_id: int) -> None:
        self.bot = bot
        self.match_id = match_id
        self.pages = MatchPages(
            bot, bot.storage, bot.service, bot.presenter.status, "https://leaks.test"
        )
        self.client = TestClient(TestServer(application(self.pages)))
        self.token = ""
        #: The season's page's token, for a match of a season.
        self.season = ""
        #: How many of the replay's steps were read (each is read once it is made).
        self.steps = 0
        #: The lines of each string of the poll read so far (`poll_lines`).
        self.polled: dict[str, list[tuple[str, str]]] = {}
        #: The page's version last read (its poll's ETag) and what its page, poll and replay
        #: were then (`pieces`).
        self.version = ""
        self.read: list[tuple[str, str]] = []

    async def open(self) -> None:
        await self.client.start_server()
        await self.bot.storage.set_web(self.match_id, "on", by_host=True)
        row = await self.bot.storage.match(self.match_id)
        assert row is not None
        link = await self.pages.link(row)
        assert link is not None
        self.token = link.rsplit("/", 1)[1]
        if row.season_id is not None:
            self.season = await self.bot.storage.season_token(row.season_id)

    async def close(self) -> None:
        await self.client.close()

    async def pieces(self) -> list[tuple[str, str]]:
        """(kind, text) of the page now: its text, its board's alt text, and its poll's; its
        replay's; its season's page's. The page, its poll and its replay are read anew only
        once the poll's ETag, the page's version, has changed, as the page's own script polls:
        the bot builds all three once per version (`bot.web.built`) and answers a poll for the
        version the asker has with `304 Not Modified`, so until then they are what was read
        last. The season's page, which has no version, is read every time."""
        asked = {"If-None-Match": self.version} if self.version else {}
        poll = await self.client.get(f"/m/{self.token}/now", headers=asked)
        if poll.status != 304:
            assert poll.status == 200
            self.version = poll.headers["ETag"]
            page = await self.client.get(f"/m/{self.token}")
            assert page.status == 200
            facts = await poll.json()
            polled = [str(v) for _, v in leaves(facts) if isinstance(v, str)]
            self.read = [
                *lines_of("web page", page_text(await page.text())),
                ("web page's alt text", facts["alt"]),
                *(line for text in polled for line in self.poll_lines(text)),
                *await self.replay(),
            ]
        return self.read + await self.season_page()

    def poll_lines(self, text: str) -> list[tuple[str, str]]:
        """The lines of a string of the poll, worked out once for each string: the poll tells
        again every time most of what it told before."""
        if text not in self.polled:
            self.polled[text] = lines_of("web page's poll", page_text(text))
        return self.polled[text]

    async def replay(self) -> list[tuple[str, str]]:
        """The replay's steps made since the last reading (its script's JSON of each), and
        its page at its last step."""
        read: list[tuple[str, str]] = []
        steps = self.steps + 1
        number = max(self.steps - 1, 0)
        while number < steps:
            answer = await self.client.get(f"/m/{self.token}/replay.json?step={number}")
            assert answer.status == 200, number
            facts = await answer.json()
            steps = facts.pop("steps")
            del facts["step"]
            told = STEPS.sub("Step", page_text(json.dumps(facts, ensure_ascii=False)))
            read.append(("replay step", told))
            number += 1
        self.steps = steps
        page = await self.client.get(f"/m/{self.token}/replay?step={steps - 1}")
        assert page.status == 200
        return [*read, ("replay page", STEPS.sub("Step", page_text(await page.text())))]

    async def season_page(self) -> list[tuple[str, str]]:
        """The season's page, for a match of a season."""
        if not self.season:
            return []
        page = await self.client.get(f"/s/{self.season}")
        assert page.status == 200
        # The prize pool is the ledger's figure, told with the standings, not the game's.
        text = POOL.sub("prize pool", page_text(await page.text()))
        return [("season page", text)]


#: What the people ask as the match goes: `/match log` gives a host who does not play the
#: record of the closed phases and their audit while it runs.
ASKED = ("match status", "me", "stats", "match log")


class Scan:
    """The engine's own copy of the match, and each person's reading of Discord."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.engine: Engine[Any, Any] = type(engine_for(driver.game))()
        self.state: Any = None
        self.seq = 0
        self.step = 0
        self.universe: set[str] = set()
        self.sealed: list[Sealed] = []
        #: What the deadlines of the phases so far do, as the engine says it for everyone
        #: (`Phase.on_deadline`, which the status shows): a rule, naming nobody's secret.
        self.rules: set[str] = set()
        #: The facts of the JSON files already read, one a line, by attachment id (a file
        #: once sent never changes).
        self.files: dict[int, str] = {}
        self.events: set[str] = set()
        #: The facts of each viewer's view of `state` as it is now.
        self.view_facts: dict[Viewer, frozenset[str]] = {}
        #: The facts of each JSON text read so far (`facts_of`).
        self.facts_by_text: dict[str | bytes, frozenset[str]] = {}
        #: Each message's pieces as last worked out (`pieces`), by message id.
        self.pieces_of: dict[int, tuple[Any, list[tuple[str, str]]]] = {}
        #: The ids of each channel's messages and those a viewer sees (`history`), as last
        #: listed, by (channel id, viewer id).
        self.histories: dict[tuple[int, int], tuple[set[int], list[SimMessage]]] = {}
        #: The match's web page, once the match has started.
        self.web: WebPage | None = None

    @property
    def people(self) -> list[Person]:
        return self.driver.people

    async def row(self) -> MatchRow:
        row = await self.driver.bot.storage.match(self.driver.match_id)
        assert row is not None
        return row

    async def begin(self) -> None:
        """From the start of the match: the engine's copy dealt from the match's players,
        options and seed, then a first search."""
        row = await self.row()
        assert row.started
        service = self.driver.bot.service
        players = list(self.engine.turn(await service.state(row)).players)
        self.state, events = self.engine.setup(
            players, self.engine.parse_options(row.options), row.seed
        )
        self.told(events)
        await self.check()

    def told(self, events: list[Event]) -> None:
        """What `events` and the views after them tell each person; everything in the
        universe; which sealed moves they reveal."""
        for event in events:
            self.events.add(event.type)
            data = event.to_json()
            facts = self.driver.facts(data)
            self.universe |= facts
            for person in self.people:
                if person.reached_by(event):
                    person.known |= facts
                    for sealed in self.sealed:
                        sealed.since.setdefault(person.label, set()).update(facts)
            if event.audience.kind == "public" and event.type in self.engine.reveal_events:
                self.sealed.clear()
        self.universe |= self.driver.facts(self.engine.dump_state(self.state))
        viewers = {None, HOST, *self.engine.turn(self.state).players}
        viewers.update(viewer for person in self.people for viewer in person.viewers)
        # What a player is shown is their view and their legal actions (handed to their
        # 1-on-1 and card, no longer a copy inside a typed game's view).
        self.view_facts = {
            viewer: self.facts_of(json.dumps(self.engine.view_json(self.state, viewer)))
            | self.facts_of(LEGAL.dump_json({"legal": self.legal(viewer)}))
            for viewer in viewers
        }
        self.universe = self.universe.union(*self.view_facts.values())
        for person in self.people:
            for viewer in person.viewers:
                person.known |= self.view_facts[viewer]
        self.rules.add(self.engine.turn(self.state).phase.on_deadline)

    def legal(self, viewer: Viewer) -> list[Action]:
        if viewer is None or viewer == HOST:
            return []
        return self.engine.legal_actions(self.state, viewer)

    def facts_of(self, text: str | bytes) -> frozenset[str]:
        """The driver's facts of a JSON text, worked out once for each text: the views and
        legal actions are read after every move, and most are as they were (the Mars
        Auction's placement offers each pair of markers, 600 kB of JSON for each player,
        until the display changes)."""
        if text not in self.facts_by_text:
            self.facts_by_text[text] = frozenset(self.driver.facts(json.loads(text)))
        return self.facts_by_text[text]

    def apply(self, actor: str, move: dict[str, Any]) -> None:
        """One accepted move on the scan's copy: the mover knows it; a sealed one is kept
        until its reveal."""
        events = self.engine.apply(self.state, actor, self.engine.parse_move(move))
        facts = self.driver.facts(move)
        self.universe |= facts
        movers = [p for p in self.people if p.pid == actor or (p.host and actor == HOST)]
        for person in movers:  # who made a move knows what they did
            person.known |= facts
        if move["type"] in self.engine.sealed_moves:
            named = self.engine.secret_fields.get(move["type"])
            secret = {k: v for k, v in move.items() if k != "type" and (not named or k in named)}
            told = {p.label for p in movers} | {
                p.label
                for p in self.people
                if any(e.audience.kind != "public" and p.reached_by(e) for e in events)
            }
            sealed = Sealed(self.driver.facts(secret), told)
            self.sealed.append(sealed)
            self.universe |= sealed.facts
        self.told(events)

    async def check(self) -> None:
        """After a step: apply the moves the bot accepted since the last one, each person
        learning from every view along the way (not only the last) and from the events
        that reach them; then search what each of them can newly read."""
        bot = self.driver.bot
        for seq, actor, move in await bot.storage.moves(self.driver.match_id, after=self.seq):
            self.apply(actor, move)
            self.seq = seq
        stored = await bot.service.state(await self.row())
        assert self.engine.dump_state(self.state) == self.engine.dump_state(stored)
        if self.engine.is_finished(self.state):
            # The host of a match that is over is given its whole record (its seed deals
            # every hand): from then on, they may know it all.
            for person in self.people:
                if person.host:
                    person.known |= self.universe
        await self.search()

    async def ask(self, questions: list[tuple[Person, str]]) -> None:
        """Each (person, command) of `questions` asked in the match's channel."""
        for person, command in questions:
            await person.member.slash(self.driver.channel, command)
        await self.check()

    async def search(self) -> None:
        """Search what each person can newly read (a text read before is not searched
        again; an edit is searched anew)."""
        self.step += 1
        leaks: list[str] = []
        web = [] if self.web is None else await self.web.pieces()
        for person in self.people:
            person.unknown = max(person.unknown, len(self.universe - person.known))
            views = set().union(*(self.view_facts[viewer] for viewer in person.viewers))
            if person.pid is None and not person.host:
                for kind, text in web:
                    if text and (-1, text) not in person.read:
                        person.read.add((-1, text))
                        leaks += self.leaks(person, kind, text, web, views)
            for ident, message, thread_name in self.readable(person):
                if message is None:
                    pieces = [("thread name", thread_name)]
                    files: list[tuple[str, str]] = []
                else:
                    pieces = self.pieces(message)
                    # Searched as they are: each of their texts, and of the files of the
                    # attachments they were read from, is in `read`.
                    if person.searched.get(ident) is pieces:
                        continue
                    person.searched[ident] = pieces
                    files = await self.file_texts(message)
                for kind, text in [*pieces, *files]:
                    if not text or (ident, text) in person.read:
                        continue
                    person.read.add((ident, text))
                    leaks += self.leaks(person, kind, text, pieces, views)
        assert not leaks, "\n".join(leaks[:5])

    def leaks(
        self,
        person: Person,
        kind: str,
        text: str,
        pieces: list[tuple[str, str]],
        views: set[str],
    ) -> list[str]:
        """What `text` tells `person` that they may not know (`views`: the facts of the
        views they have now)."""
        searched = text
        for rule in self.rules:
            searched = searched.replace(rule, "")
        found = self.driver.found(searched, pieces)
        if found & person.known:
            person.named.add(kind)
        unknown = (found & self.universe) - person.known
        for sealed in self.sealed:
            if person.label not in sealed.told:
                unknown |= found & sealed.facts - sealed.since.get(person.label, set()) - views
        if not unknown:
            return []
        return [
            f"step {self.step}: {person.label} read {', '.join(sorted(unknown))} "
            f"in the {kind} {text[:400]!r}"
        ]

    def pieces(self, message: SimMessage) -> list[tuple[str, str]]:
        """The message's pieces (`message_pieces`), worked out once for everyone who reads
        it and again only once it is edited: kept with a copy of what they were read from,
        which the message as it is now is compared with."""
        shown = (message.content, message.embeds, message.attachments, message.components)
        kept = self.pieces_of.get(message.id)
        if kept is None or kept[0] != shown:
            kept = self.pieces_of[message.id] = (copy.deepcopy(shown), message_pieces(message))
        return kept[1]

    async def file_texts(self, message: SimMessage) -> list[tuple[str, str]]:
        """The JSON files of `message` as ("file", the facts of their data): a record or an
        audit is read as data, not as text."""
        found: list[tuple[str, str]] = []
        for attachment in message.attachments:
            if not attachment["filename"].endswith(".json"):
                continue
            ident = int(attachment["id"])
            if ident not in self.files:
                sent = to_discord_message(self.driver.env, message)
                data = await next(a for a in sent.attachments if a.id == ident).read()
                self.files[ident] = "\n".join(sorted(self.facts_of(data)))
            found.append(("file", self.files[ident]))
        return found

    def readable(self, person: Person) -> Iterator[tuple[int, SimMessage | None, str]]:
        """(id, message, "") of every message `person` can read now, and (id, None, name) of
        every thread they may open: the messages of the channels they read (their own
        ephemeral replies included, no one else's), the threads of those channels they may
        open, and their DMs with the bot."""
        member = person.member
        histories: list[list[SimMessage]] = []
        for channel in person.channels:
            history = self.history(channel, member)
            assert history is not None, f"{person.label} cannot read {channel.name}"
            histories.append(history)
            for thread in channel.threads:
                in_thread = self.history(thread, member)
                if in_thread is None:  # a private thread they are not in
                    continue
                histories.append(in_thread)
                yield thread.id, None, thread.name or ""
        dms = self.history(member.user.dm_channel, member.user)
        assert dms is not None
        histories.append(dms)
        for history in histories:
            for message in history:
                yield message.id, message, ""

    def history(self, channel: Any, viewer: Any) -> list[SimMessage] | None:
        """The messages of `channel` that `viewer` sees, oldest first (what
        `channel.history(viewer=viewer)` lists, without making each a `discord.Message`); None
        if they may not read the channel. Listed as the channel grows: the messages posted
        since the last listing are added to it when each has a later id than those before,
        and the channel is listed anew otherwise (one deleted, one of an earlier id). An edit
        changes neither a message's place nor who sees it (whether it is ephemeral: Discord
        lets an edit change no flag but SUPPRESS_EMBEDS, as SimCord's `merge_edit_flags` does;
        and the interaction whose invoker sees it)."""
        env = self.driver.env
        if not can_access_channel(env, channel.id, viewer, history=True):
            return None
        posted = env.backend.messages.get(channel.id, {})
        key = (channel.id, viewer.id)
        ids, listed = self.histories.get(key, (set(), []))
        if ids != posted.keys():
            new = posted.keys() - ids
            if ids <= posted.keys() and min(new) > max(ids, default=0):
                listed = listed + shown_to((posted[i] for i in new), viewer)
            else:
                listed = shown_to(posted.values(), viewer)
            self.histories[key] = (set(posted), listed)
        return listed

    def reads_what_discord_shows(self) -> None:
        """The messages `readable` lists for each person are those SimCord's
        `history(viewer=...)` shows them, with the same texts and files."""
        for person in self.people:
            member = person.member
            shown: list[discord.Message] = []
            for channel in person.channels:
                shown += channel.history(viewer=member)
                for thread in channel.threads:
                    try:
                        shown += thread.history(viewer=member)
                    except SetupError:  # a private thread they are not in
                        continue
            shown += member.user.dm_channel.history(viewer=member.user)
            listed = [m for _, m, _ in self.readable(person) if m is not None]
            assert [(m.id, m.content, [a.filename for a in m.attachments]) for m in shown] == [
                (m.id, m.content, [a["filename"] for a in m.attachments]) for m in listed
            ]


def numbers(data: Any, unit: str) -> set[str]:
    """Every whole number of a JSON value written as `unit` writes it (`$11`, `11 M€`), but a
    seed (the record's: how it replays, no figure of the game)."""
    return {
        unit.replace("N", str(value))
        for key, value in leaves(data)
        if isinstance(value, int) and not isinstance(value, bool) and key != "seed"
    }


async def play_through(
    driver: Driver, *, steps: int = 2000, scanner: Callable[[Driver], Scan] = Scan
) -> Scan:
    """The driver's whole match, searched after every interaction by the scan `scanner` makes
    for it (a Scan, or one that checks more as it searches). Everyone asks all they may ask
    (`ASKED`) at the start and once the match is over, and after each move one person asks one
    thing, in turn, so that each asks each thing every few moves (everyone asking everything
    after every move would take most of the suite's time)."""
    await driver.start()
    scan = scanner(driver)
    scan.web = WebPage(driver.bot, driver.match_id)
    await scan.web.open()
    try:
        everything = [(person, command) for command in ASKED for person in driver.people]
        await scan.begin()
        await scan.ask(everything)
        for done in range(steps):
            if not await driver.step(scan):
                await scan.ask(everything)
                assert all(person.unknown for person in driver.people), "nothing was secret"
                scan.reads_what_discord_shows()
                driver.finished(scan)
                return scan
            await scan.check()
            await scan.ask([everything[done % len(everything)]])
    finally:
        await scan.web.close()
    raise AssertionError("the match did not end")
