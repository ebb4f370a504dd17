"""Project Mars in the leak scan: a challenged match and a practice match, each played to
the end through the 1-on-1's menus, searched between the card menu and the slot menu too.
Facts are a card's name or key (`stealth-op`), a card's id (`a07`: one physical card of the
match) and a ready deck's name. (These two matches took over from the per-game fingerprint
test that came first.)

A card's name is a fact only of what the person does not know by that name already, so the
two sides bring decks with no card in common: every card of the opponent's hand, deck and
face-down traps is unknown until the engine shows it. Knowledge is kept by name: once a Spy
has been shown, another Spy of the same side is no longer a secret. The ready decks'
catalogue in the deck menu (each deck named with its description) names nobody's deck.
"""

from __future__ import annotations

import functools
import random
import re
from datetime import UTC, datetime
from typing import Any

from bot.players import COMPUTER
from games.project_mars.card_details import CARDS
from games.project_mars.decks import READY_DECKS
from games.project_mars.practice import DECKS
from tests.drivers.project_mars import Mars, private
from tests.leaks.scan import Driver, Person, Scan, leaves

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
#: of them (checked below), so all of the computer's cards are secrets for ann.
AGAINST_THE_COMPUTER = (
    "3x Scout, 3x Drone, 3x Android, 5x Sentinel, 4x Landmine, 3x Stealth Op, 3x Spy, "
    "3x Artillery Cannon, 2x Cybernetics Lab, Toxic Gas"
)

#: When the practice match's people are made, so their ids and the match the computer plays
#: with them: two minutes into SimCord's clock (its day starts at 2026-01-01 00:00 UTC), well
#: after the bot's start-up. Like `seed`, an instant whose match hides and shows cards in
#: every way `HIDDEN` and `SHOWN` name.
PEOPLE_AT = datetime(2026, 1, 1, 0, 2, tzinfo=UTC)

#: Card words: the name as printed and the key (`stealth-op`), each mapped to the name.
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


@functools.cache
def card_facts(text: str) -> frozenset[str]:
    """The cards a text names, by name or key, and the card ids it gives. Kept for each text:
    the scan reads the same strings (a card's key, an id) in every view after every move."""
    return frozenset({f"card {CARD_WORDS[w]}" for w in CARD_RE.findall(text)}) | {
        f"card id {i}" for i in ID_RE.findall(text)
    }


def disjoint(*lists: str) -> bool:
    names = [{CARD_WORDS[w] for w in CARD_RE.findall(cards)} for cards in lists]
    return all(not (a & b) for i, a in enumerate(names) for b in names[i + 1 :])


def ready_list(deck: str) -> str:
    return ", ".join(CARDS[k].name for k in READY_DECKS[deck].cards)


class Played(Mars):
    """Mars whose plays are searched between the card menu and the slot menu as well."""

    scan: Scan | None = None

    async def between_menus(self, shown: Any) -> None:
        if self.scan is not None:
            await self.scan.search()


class ProjectMars(Driver):
    """A challenged match: ann (the host) brings a ready deck, bob his own list; carol, who
    plays no part, reads the channel and the spectators' channel, as both players do."""

    game = "project-mars"
    seed = 4
    slow = True
    #: The match this seed deals hides and shows cards in every way the rules have.
    HIDDEN = frozenset(
        {"trap_set", "face_down_played", "cards_drawn", "mulliganed", "back_hand_kept"}
    )
    SHOWN = frozenset(
        {"trap_triggered", "cards_revealed", "card_traded", "choice_made", "round_resolved"}
    )

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.t = Played(env)
        self.rnd = random.Random(5)
        self.pass_rate = 0.45
        self.deck_to_bring: tuple[Any, str] | None = None
        self.channels: list[Any] = []

    async def start(self) -> None:
        assert disjoint(BOBS_LIST, ready_list(ANNS_DECK))
        t = self.t
        watchers = t.guild.create_text_channel("watch")
        carol = t.guild.add_member(self.env.create_user("carol"))
        challenge = await t.challenge(deck=ANNS_DECK, spectators=watchers)
        # Before answering, bob and a bystander ask what this is: the answer is public and
        # must not tell which deck ann brings (docs/bot.md: "who has submitted (never what)").
        for member in (t.bob, carol):
            await member.slash(t.channel, "match status")
        await t.start(challenge)
        self.started(watchers)
        self.people += [
            Person("bob", t.bob, t.pid(t.bob), self.channels),
            Person("carol, who plays no part", carol, None, self.channels),
        ]
        self.deck_to_bring = (t.bob, BOBS_LIST)

    def started(self, watchers: Any) -> None:
        """The match is running: ann, its host, plays in it; everyone reads both channels."""
        t = self.t
        self.match_id = t.match_id
        self.channel = t.channel
        self.channels = [t.channel, watchers]
        self.people = [Person("ann", t.ann, t.pid(t.ann), self.channels, host=True)]

    async def step(self, scan: Scan) -> bool:
        t = self.t
        t.scan = scan
        if self.deck_to_bring is not None:
            member, cards = self.deck_to_bring
            self.deck_to_bring = None
            await self.bring_deck(scan, member, cards)
            return True
        view = await t.view(None)
        if view["phase"] == "ended":
            return False
        assert COMPUTER not in view["to_act"], "the computer moves as soon as it is its turn"
        r = await t.act(view["to_act"][0], self.rnd, pass_rate=self.pass_rate)
        assert private(r) and "Sorry" not in r.response.content, r.response.content
        return True

    async def bring_deck(self, scan: Scan, member: Any, cards: str) -> None:
        """Press My own list and paste `cards`, searching between the two."""
        t = self.t
        dm = t.last_with(member, f"dealer:pm:deck-list:{t.match_id}")
        shown = await member.user.click(dm, custom_id=f"dealer:pm:deck-list:{t.match_id}")
        assert shown.modal is not None
        await scan.search()
        r = await member.user.submit_modal(shown, {"cards": cards})
        assert r.ephemeral and "Your deck: **your own list**" in r.response.content

    def facts(self, data: Any) -> set[str]:
        found: set[str] = set()
        for _, leaf in leaves(data):
            if isinstance(leaf, str):
                found |= card_facts(leaf)
                if leaf in READY_DECKS:
                    found.add(f"deck {READY_DECKS[leaf].name}")
        return found

    def found(self, text: str, pieces: list[tuple[str, str]]) -> set[str]:
        offered = catalogued(pieces)
        text = uncatalogued(text)
        return {*card_facts(text)} | {
            f"deck {DECK_WORDS[w]}" for w in DECK_RE.findall(text) if DECK_WORDS[w] not in offered
        }

    def finished(self, scan: Scan) -> None:
        assert scan.events >= self.HIDDEN | self.SHOWN, scan.events
        # The search read every kind of text: each player read cards they know in texts,
        # alt texts and menus, and a member who plays no part in texts and alt texts.
        for person in self.people:
            kinds = {"text", "alt text", "control"} if person.pid else {"text", "alt text"}
            assert kinds <= person.named, (person.label, person.named)


class ProjectMarsPractice(ProjectMars):
    """A practice match: ann against the computer, bringing a list that shares no card with
    any of its decks; bob, who plays no part, reads the channel and the spectators' one."""

    SHOWN = frozenset({"trap_triggered", "cards_revealed", "choice_made", "round_resolved"})
    slow = False

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.rnd = random.Random(7)
        self.pass_rate = 0.15

    async def start(self) -> None:
        assert all(disjoint(AGAINST_THE_COMPUTER, ready_list(deck)) for deck in DECKS)
        # The practice player draws its choices from its view, which names ann by her Discord
        # id, and SimCord makes an id from its clock and the ids made before in the same
        # millisecond. That clock is not only the test's: a timer of the bot that comes due
        # on the machine's clock moves it (PostgreSQL's driver waits for the server in steps
        # of 0.1 s), so the bot's start-up takes more of it on a loaded machine. People made
        # at one instant, the first ids of its millisecond, have the same ids every time, and the
        # match below the same moves however loaded the machine is.
        now = self.env.now()
        assert now < PEOPLE_AT, f"the bot's start-up took SimCord's clock to {now}"
        await self.env.advance_time((PEOPLE_AT - now).total_seconds())
        t = self.t = Played(self.env)
        watchers = t.guild.create_text_channel("watch")
        await t.practice(spectators=watchers)
        self.started(watchers)
        self.people.append(Person("bob, who plays no part", t.bob, None, self.channels))
        self.deck_to_bring = (t.ann, AGAINST_THE_COMPUTER)

    def finished(self, scan: Scan) -> None:
        assert scan.state.seats[COMPUTER].deck_name in DECKS
        super().finished(scan)
