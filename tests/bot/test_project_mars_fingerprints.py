"""Project Mars: no card identity reaches anyone before the engine has told it to them.

At every step of a whole match (every interaction, the practice opponent's answers
included) everything each person can newly read is searched for the fingerprints of what
they may not know yet: a card's name or key, a card's id, a ready deck's name. What a person
may know is decided by the engine alone, never by the bot: the test replays the accepted
moves on its own copy of the engine, and a person knows what appears anywhere in their own
view after any move so far (their hand and deck, the public table) and in the events whose
audience reaches them. What is searched: the text, embeds, file names, alt texts and
controls (labels, placeholders, menu options) of every message of the match channel (with
only their own ephemeral replies), of the spectators' channel, of the threads they may open
and of their DMs with the bot (the 1-on-1 and its private replies). The ready decks'
catalogue in the deck menu (each deck named with its description) names nobody's deck.

A card's name is a fingerprint only of what the person does not know by that name already,
so the two sides bring decks with no card in common: every card of the opponent's hand,
deck and face-down traps is a fingerprint until the engine shows it. Knowledge is kept by
name: once a Spy has been shown, another Spy of the same side is no longer a fingerprint.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from simcord.backend.errors import SetupError

from bot.flows import lobby
from bot.players import COMPUTER
from games.core.engine import HOST
from games.core.events import Event
from games.project_mars import ENGINE
from games.project_mars.decks import READY_DECKS
from games.project_mars.model import CARDS
from games.project_mars.practice import DECKS
from tests.bot.test_project_mars import Mars, private

#: In the challenge ann brings this ready deck (traps, Research Station, Sinkhole) and bob
#: his own list with no card in common with it (Scout and Drone to reveal, Android to
#: disarm, Top Secret Information to destroy face-down traps).
ANNS_DECK = "shadow-ops"
BOBS_LIST = (
    "3x Scout, 3x Drone, 2x Android, 2x Cyber Soldier, 3x Sentinel, 2x Humvee, 2x Medic, "
    "Siege Vehicle, 2x Strike Team, 2x Infantry, 2x Defense System, 2x Cybernetics Lab, "
    "2x Comms Station, Favorable Conditions, Top Secret Information"
)
#: The practice opponent brings one of its ready decks; this list shares no card with any
#: of them (checked below), so all of the computer's cards are fingerprints for ann.
AGAINST_THE_COMPUTER = (
    "3x Scout, 3x Drone, 3x Android, 5x Sentinel, 4x Landmine, 3x Stealth Op, 3x Spy, "
    "3x Artillery Cannon, 2x Cybernetics Lab, Toxic Gas"
)

#: Card fingerprints: the name as printed and the key (`stealth-op`), each mapped to the name.
CARD_WORDS = {**{c.name: c.name for c in CARDS.values()}, **{k: c.name for k, c in CARDS.items()}}
DECK_WORDS = {
    **{d.name: d.name for d in READY_DECKS.values()},
    **{k: d.name for k, d in READY_DECKS.items()},
}


def _words(words: dict[str, str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


CARD_RE = _words(CARD_WORDS)
DECK_RE = _words(DECK_WORDS)
#: A card id (`a07`): it names one physical card of the match.
ID_RE = re.compile(r"(?<![\w-])[a-z]\d{2}(?![\w-])")
#: The ready decks' descriptions, the same for everyone who is offered the decks: they name
#: cards, but nobody's.
CATALOGUE = {d.name: d.strategy for d in READY_DECKS.values()}


@pytest.fixture
def seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """Matches dealt from a known seed (the matches below are checked to show and hide
    cards in every way the rules have)."""
    monkeypatch.setattr(lobby, "new_seed", lambda: 4)
    return 4


def catalogued(pieces: list[tuple[str, str]]) -> set[str]:
    """The ready decks a message offers with their descriptions (the deck menu): naming them
    there names nobody's deck. Discord cuts a menu option's description at 100 characters."""
    return {
        name
        for name, strategy in CATALOGUE.items()
        for _, text in pieces
        if strategy in text or (len(text) >= 40 and strategy.startswith(text))
    }


def uncatalogued(text: str) -> str:
    """`text` without the ready decks' descriptions."""
    for strategy in CATALOGUE.values():
        text = text.replace(strategy, "")
    return "" if len(text) >= 40 and any(s.startswith(text) for s in CATALOGUE.values()) else text


# -- what a person can read ------------------------------------------------------------------

#: What the strings of an embed's JSON under these keys are: what Discord shows of it
#: (title, description, fields, footer, author, provider), not its urls.
EMBED_TEXT = {"title", "description", "name", "value", "text"}


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


def message_pieces(message: discord.Message) -> Iterator[tuple[str, str]]:
    """(kind, text) of everything of a message a reader sees: its text, each embed, each
    attachment's file name and alt text, and its controls."""
    yield "text", message.content
    for embed in message.embeds:
        for text in _embed_texts(embed.to_dict()):
            yield "embed", text
    for attachment in message.attachments:
        yield "file name", attachment.filename
        yield "alt text", attachment.description or ""
    for row in message.components:
        for text in _control_texts(row if isinstance(row, dict) else row.to_dict()):
            yield "control", text


# -- what a person may know ------------------------------------------------------------------


@dataclass
class Person:
    """Someone watching the match: a player (by engine id) or a member who plays no part."""

    label: str
    member: Any
    pid: str | None
    host: bool = False
    #: What the engine has told them so far: card names, card ids, ready deck names.
    names: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)
    decks: set[str] = field(default_factory=set)
    #: (message id, text) already searched.
    read: set[tuple[int, str]] = field(default_factory=set)
    #: The kinds of text in which they read a card they know (the search reads them all).
    named: set[str] = field(default_factory=set)

    def reached_by(self, event: Event) -> bool:
        return event.audience.reaches(self.pid) or (self.host and event.audience.reaches(HOST))

    def learn(self, data: Any) -> None:
        """Everything card-like anywhere in `data` (a view or an event), sentences included."""
        stack = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif isinstance(item, list | tuple):
                stack.extend(item)
            elif isinstance(item, str):
                self.names.update(CARD_WORDS[w] for w in CARD_RE.findall(item))
                self.ids.update(ID_RE.findall(item))
                if item in READY_DECKS:
                    self.decks.add(READY_DECKS[item].name)

    def secrets(self, text: str, cards: dict[str, str], offered: set[str]) -> list[str]:
        """The fingerprints in `text` of what they have not been told; `cards` maps each
        card id of the match to its name, `offered` are the ready decks of the catalogue
        that the message shows."""
        found: list[str] = []
        in_play = set(cards.values())
        for word in CARD_RE.findall(text):
            if CARD_WORDS[word] in in_play and CARD_WORDS[word] not in self.names:
                found.append(word)
        for card_id in ID_RE.findall(text):
            if card_id in cards and card_id not in self.ids:
                found.append(f"{card_id} (the id of a {cards[card_id]})")
        for word in DECK_RE.findall(text):
            if DECK_WORDS[word] not in self.decks | offered:
                found.append(f"{word} (a deck)")
        return found


class Fingerprints:
    """The engine's own copy of the match, and each person's reading of Discord."""

    def __init__(self, t: Mars, people: list[Person], channels: list[Any]) -> None:
        self.t = t
        self.people = people
        self.channels = channels
        self.state: Any = None
        self.seq = 0
        self.step = 0
        self.events: Counter[str] = Counter()
        #: What the deadlines of the phases so far do, as the engine says it for everyone
        #: (`Phase.on_deadline`, which the status shows): a rule, naming nobody's cards or
        #: deck ("gets Vanguard" is the deck phase's default).
        self.rules: set[str] = set()

    async def begin(self) -> None:
        """From the start of the match: the engine's copy dealt from the match's players,
        options and seed, then a first search."""
        row = await self.t.bot.storage.match(self.t.match_id)
        assert row is not None and row.status == "running"
        players = list((await self.t.view(None))["players"])
        self.state, events = ENGINE.setup(players, ENGINE.parse_options(row.options), row.seed)
        self.told(events)
        await self.check()

    def told(self, events: list[Event]) -> None:
        for event in events:
            self.events[event.type] += 1
            for person in self.people:
                if person.reached_by(event):
                    person.learn(event.to_json())
        for person in self.people:
            person.learn(ENGINE.view(self.state, person.pid))
            if person.host:
                person.learn(ENGINE.view(self.state, HOST))
        self.rules.add(ENGINE.turn(self.state).phase.on_deadline)

    async def check(self) -> None:
        """After a step: apply the moves the bot accepted since the last one, each person
        learning from every view along the way (not only the last) and from the events
        that reach them; then search what each of them can newly read."""
        for seq, actor, move in await self.t.bot.storage.moves(self.t.match_id, after=self.seq):
            self.told(ENGINE.apply(self.state, actor, ENGINE.parse_move(move)))
            self.seq = seq
        assert ENGINE.dump_state(self.state) == ENGINE.dump_state(await self.t.state())
        self.search()

    def search(self) -> None:
        """Search what each person can newly read (a text read before is not searched
        again; an edit is searched anew)."""
        self.step += 1
        cards = {card.id: CARDS[card.key].name for card in self.state.cards.values()}
        leaks: list[str] = []
        for person in self.people:
            for message_id, pieces in self.readable(person):
                offered = catalogued(pieces)
                for kind, text in pieces:
                    if not text or (message_id, text) in person.read:
                        continue
                    person.read.add((message_id, text))
                    searched = uncatalogued(text)
                    for rule in self.rules:
                        searched = searched.replace(rule, "")
                    if any(CARD_WORDS[w] in person.names for w in CARD_RE.findall(searched)):
                        person.named.add(kind)
                    found = person.secrets(searched, cards, offered)
                    if found:
                        leaks.append(
                            f"step {self.step}: {person.label} read {', '.join(found)} "
                            f"in the {kind} {text[:400]!r}"
                        )
        assert not leaks, "\n".join(leaks[:5])

    def readable(self, person: Person) -> Iterator[tuple[int, list[tuple[str, str]]]]:
        """(message id, [(kind, text)]) of everything `person` can read now: the channels
        (their own ephemeral replies included, no one else's), the threads they may open,
        and their DMs with the bot (their ephemeral replies there included)."""
        member = person.member
        histories: list[list[discord.Message]] = []
        for channel in self.channels:
            histories.append(channel.history(viewer=member))
            for thread in channel.threads:
                try:
                    histories.append(thread.history(viewer=member))
                except SetupError:  # a private thread they are not in
                    continue
                yield thread.id, [("thread name", thread.name or "")]
        histories.append(member.user.dm_channel.history(viewer=member.user))
        for history in histories:
            for message in history:
                yield message.id, list(message_pieces(message))


class Played(Mars):
    """Mars whose plays are searched between the card menu and the slot menu as well."""

    watch: Fingerprints

    def between_menus(self) -> None:
        self.watch.search()


async def bring_deck(t: Played, member: Any, cards: str) -> None:
    """Press My own list and paste `cards`, searching after each step."""
    dm = t.last_with(member, f"dealer:pm:deck-list:{t.match_id}")
    shown = await member.user.click(dm, custom_id=f"dealer:pm:deck-list:{t.match_id}")
    assert shown.modal is not None
    t.watch.search()
    r = await member.user.submit_modal(shown, {"cards": cards})
    assert r.ephemeral and "Accepted" in r.response.content, r.response.content
    await t.watch.check()


def ready_list(deck: str) -> str:
    return ", ".join(CARDS[k].name for k in READY_DECKS[deck].cards)


def disjoint(*lists: str) -> bool:
    names = [{CARD_WORDS[w] for w in CARD_RE.findall(cards)} for cards in lists]
    return all(not (a & b) for i, a in enumerate(names) for b in names[i + 1 :])


def read_everywhere(people: list[Person]) -> None:
    """The search reads every kind of text: each player read cards they know in texts,
    alt texts and menus, and a member who plays no part in texts and alt texts."""
    for person in people:
        kinds = {"text", "alt text", "control"} if person.pid else {"text", "alt text"}
        assert kinds <= person.named, (person.label, person.named)


async def play_to_the_end(t: Played, rnd: random.Random, pass_rate: float) -> None:
    """The players to act make random legal moves through their menus until the match
    ends (the practice opponent answers by itself), searched after each."""
    for _ in range(400):
        view = await t.view(None)
        if view["phase"] == "ended":
            return
        assert COMPUTER not in view["to_act"], "the computer moves as soon as it is its turn"
        r = await t.act(view["to_act"][0], rnd, pass_rate=pass_rate)
        assert private(r) and "Sorry" not in r.response.content, r.response.content
        await t.watch.check()
    raise AssertionError("the match did not end")


@pytest.mark.slow
async def test_a_challenged_match_shows_nobody_a_card_before_the_engine_does(
    simcord_env: Any, seed: int
) -> None:
    assert disjoint(BOBS_LIST, ready_list(ANNS_DECK))
    t = Played(simcord_env)
    watchers = t.guild.create_text_channel("watch")
    carol = t.guild.add_member(simcord_env.create_user("carol"))
    challenge = await t.challenge(deck=ANNS_DECK, spectators=watchers)
    # Before answering, bob and a bystander ask what this is: the answer is public and
    # must not tell which deck ann brings (docs/bot.md: "who has submitted (never what)").
    for member in (t.bob, carol):
        await member.slash(t.channel, "match status")
    await t.start(challenge)
    people = [
        Person("ann", t.ann, t.pid(t.ann), host=True),
        Person("bob", t.bob, t.pid(t.bob)),
        Person("carol, who plays no part", carol, None),
    ]
    t.watch = Fingerprints(t, people, [t.channel, watchers])
    await t.watch.begin()
    await bring_deck(t, t.bob, BOBS_LIST)
    await play_to_the_end(t, random.Random(5), pass_rate=0.45)

    # The match this seed deals hides and shows cards in every way the rules have.
    hidden = {"trap_set", "face_down_played", "cards_drawn", "mulliganed", "back_hand_kept"}
    shown = {"trap_triggered", "cards_revealed", "card_traded", "choice_made", "round_resolved"}
    assert hidden | shown <= set(t.watch.events), t.watch.events
    read_everywhere(people)


async def test_a_practice_match_shows_nobody_a_card_before_the_engine_does(
    simcord_env: Any, seed: int
) -> None:
    assert all(disjoint(AGAINST_THE_COMPUTER, ready_list(deck)) for deck in DECKS)
    # The practice player draws its choices from its view, which names ann by her Discord id:
    # made in a new millisecond, her id does not depend on how many ids the bot's start-up
    # took (one per slash command), so neither does the match below.
    await simcord_env.advance_time(0.001)
    t = Played(simcord_env)
    watchers = t.guild.create_text_channel("watch")
    await t.practice(spectators=watchers)
    people = [
        Person("ann", t.ann, t.pid(t.ann), host=True),
        Person("bob, who plays no part", t.bob, None),
    ]
    t.watch = Fingerprints(t, people, [t.channel, watchers])
    await t.watch.begin()
    await bring_deck(t, t.ann, AGAINST_THE_COMPUTER)
    await play_to_the_end(t, random.Random(7), pass_rate=0.15)

    assert t.watch.state.seats[COMPUTER].deck_name in DECKS
    hidden = {"trap_set", "face_down_played", "cards_drawn", "mulliganed", "back_hand_kept"}
    shown = {"trap_triggered", "cards_revealed", "choice_made", "round_resolved"}
    assert hidden | shown <= set(t.watch.events), t.watch.events
    read_everywhere(people)
