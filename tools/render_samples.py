"""`python -m tools.render_samples OUT_DIR [--language cs|ko]`: sample board images of every
kind, to look at; with `--language`, drawn in that language (docs/translating.md).

The samples come from matches played through the engine (`Match.start`, then `submit` with
scripted moves), so they show what the engine really announces: a 12-player match with all
five colours and names that are long, non-Latin or full of emoji, and a 5-player match with
the default colours; a Project Mars match played by its practice player in both seats; and
MARSBOT drafts, one dealt whole and one at the table with a card written out; and an Atrades
match of five greedy computer seats (its map and guild boards). Every other game of the
registry (`bot/games/registry.py`) gets the images its texts draw of a random match.
Each board is written as a PNG beside a `.txt` with its alt text, and one line per board is
printed: file, size in pixels and kilobytes, render time.

The golden-image tests (`tests/render/`) draw the same samples.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from bot.games.mars_auction.texts import MarsAuctionTexts, SettlementShown
from bot.games.project_mars.texts import ProjectMarsTexts, RoundBoard
from bot.games.registry import PLUGINS, plugin_for
from bot.i18n import CHOICES, language, speaking
from bot.season_board import standings_board
from games.atrades import ENGINE as ATRADES_ENGINE
from games.atrades.playout import greedy_player
from games.atrades.render import render_guild, render_map
from games.atrades.views import GuildCard
from games.atrades.views import PlayerView as AtradesPlayerView
from games.atrades.views import PublicView as AtradesView
from games.auction_auction import ENGINE
from games.auction_auction import views as auction_views
from games.auction_auction.events import AccessResolved, AuctionEnded, AuctionResolved
from games.auction_auction.model import BLACK_MARKET
from games.auction_auction.render import (
    access_board,
    card_view,
    final_board,
    location_board,
    one_on_one_card,
)
from games.auction_auction.views import CardView
from games.core.drawing import Board
from games.core.engine import HOST
from games.core.errors import RuleError
from games.core.events import Event
from games.core.match import Match
from games.mars_auction import ENGINE as AUCTION_ENGINE
from games.mars_auction.events import MarsAuctionEnded
from games.mars_auction.render import display_board, settlement_board
from games.mars_auction.views import PublicView as AuctionView
from games.mars_auction.views import Settlement
from games.marsbot_draft import ENGINE as DRAFT_ENGINE
from games.marsbot_draft.render import draft_board
from games.marsbot_draft.views import DraftView
from games.project_mars import ENGINE as MARS_ENGINE
from games.project_mars import render as mars
from games.project_mars.events import MarsMatchEnded
from games.project_mars.model import Result
from games.project_mars.practice import practice_move
from games.project_mars.views import CountedRound, PlayerView, PublicView

USAGE = "usage: python -m tools.render_samples OUT_DIR [--language CODE]"
#: The games whose samples are made here by hand; every other registered game's come from a
#: random match (`random_match_boards`).
HAND_MADE = frozenset(
    {"auction-auction", "project-mars", "mars-auction", "marsbot-draft", "atrades"}
)
DRE, GENRE, WOLLEY = "dr-e-appraisings", "genre-shop", "wolley-limited"

#: Player ids as the bot has them (Discord user ids as strings) and their display names.
TWELVE: dict[str, str] = {
    "301": "Annabelle",
    "302": "Bartholomew von Habsburg-Lothringen",
    "303": "Лена Смирнова",
    "304": "王小明",
    "305": "Zoë 🦊",
    "306": "Γιώργος",
    "307": "dev_null",
    "308": "🎲 Dice Goblin 🎲",
    "309": "Ólafur Arnalds",
    "310": "ياسمين",
    "311": "Kai",
    "312": "Marguerite-Élise de la Fontaine",
}
FIVE: dict[str, str] = {
    "501": "Ann",
    "502": "Ben",
    "503": "Cleo",
    "504": "Dev",
    "505": "Eve",
}


@dataclass
class Played:
    """What a scripted match announced, and views taken on the way."""

    names: dict[str, str]
    match: Match
    access: list[AccessResolved] = field(default_factory=list)
    #: (round, location) -> that location's auction_resolved event.
    lots: dict[tuple[int, str], AuctionResolved] = field(default_factory=dict)
    #: A label -> what of a player's view their card draws, taken mid-phase with sealed bids
    #: standing.
    views: dict[str, CardView] = field(default_factory=dict)
    result: AuctionEnded | None = None
    capacity: int = 3

    def note(self, events: list[Event]) -> None:
        for event in events:
            told = event.model
            if isinstance(told, AccessResolved):
                self.access.append(told)
            elif isinstance(told, AuctionResolved):
                self.lots[(told.round, told.location)] = told
            elif isinstance(told, AuctionEnded):
                self.result = told

    def bid(self, player: str, target: str, amount: int) -> None:
        self.note(self.match.submit(player, {"type": "bid", "target": target, "amount": amount}))

    def close(self) -> None:
        self.note(self.match.submit(HOST, {"type": "close_phase"}))

    def view(self, player: str) -> auction_views.PlayerView:
        view = ENGINE.view(self.match.state, player)
        assert isinstance(view, auction_views.PlayerView)
        return view

    def card(self, player: str) -> CardView:
        """What of the player's view their card draws."""
        return card_view(self.view(player))


def _play_freely(played: Played, rnd: random.Random) -> None:
    """The remaining phases, each player choosing from their own view with `rnd`: a house and
    a modest amount, then a few lots at the location they entered."""
    while not played.match.finished:
        phase = played.match.state.phase
        for player in played.names:
            me = played.view(player).me
            targets = ENGINE.targets(played.match.state, player)
            if phase == "access":
                if rnd.random() < 0.9:
                    amount = rnd.randint(0, max(0, me.cash // 4))
                    played.bid(player, rnd.choice(targets), amount)
                continue
            budget = me.cash // 2
            for lot in rnd.sample(targets, k=min(len(targets), rnd.randint(0, 3))):
                amount = rnd.randint(1, 12)
                if amount <= budget:
                    played.bid(player, lot, amount)
                    budget -= amount
        played.close()


def twelve_players_at_auction() -> Played:
    """12 players, all five colours, some garnets, in round 1's Auction phase with every
    scripted lot bid standing. At Dr. E Appraisings a $15 tie did not fit and kept both out,
    leaving a spot empty; four players are in the Black Market. At Genre Shop a tie on the
    double green will let a lower bid win, and other lots will be discarded."""
    options = {
        "colours": ["red", "yellow", "green", "blue", "purple"],
        "black_market_colour": "blue",
        "garnets": {"301": 2, "305": 4, "309": 1},
    }
    match, _ = Match.start(ENGINE, list(TWELVE), options, seed=44)
    played = Played(dict(TWELVE), match)
    for player, house, amount in [
        ("301", DRE, 30),
        ("302", DRE, 22),
        ("303", DRE, 15),
        ("304", DRE, 15),
        ("305", GENRE, 18),
        ("306", GENRE, 12),
        ("307", GENRE, 9),
        ("308", GENRE, 4),
        ("309", WOLLEY, 10),
        ("310", WOLLEY, 10),
        ("311", WOLLEY, 0),
    ]:
        played.bid(player, house, amount)
    played.views["access"] = played.card("301")
    played.close()
    for player, lot, amount in [
        ("301", f"{DRE}:1", 25),
        ("302", f"{DRE}:1", 24),
        ("302", f"{DRE}:3", 10),
        ("301", f"{DRE}:4", 5),
        ("302", f"{DRE}:4", 5),
        ("305", f"{GENRE}:1", 20),
        ("306", f"{GENRE}:1", 20),
        ("307", f"{GENRE}:1", 6),
        ("305", f"{GENRE}:2", 8),
        ("306", f"{GENRE}:3", 5),
        ("307", f"{GENRE}:3", 5),
        ("306", f"{GENRE}:4", 11),
        ("305", f"{GENRE}:4", 3),
        ("307", f"{GENRE}:6", 7),
        ("309", f"{WOLLEY}:1", 15),
        ("310", f"{WOLLEY}:1", 12),
        ("311", f"{WOLLEY}:1", 12),
        ("311", f"{WOLLEY}:2", 9),
        ("310", f"{WOLLEY}:6", 4),
        ("303", f"{BLACK_MARKET}:1", 30),
        ("304", f"{BLACK_MARKET}:1", 30),
        ("308", f"{BLACK_MARKET}:1", 10),
        ("312", f"{BLACK_MARKET}:1", 2),
        ("312", f"{BLACK_MARKET}:2", 8),
        ("304", f"{BLACK_MARKET}:2", 3),
    ]:
        played.bid(player, lot, amount)
    played.views["auction"] = played.card("305")
    return played


def twelve_players() -> Played:
    """The match of `twelve_players_at_auction` played to its end: round 1 as scripted, the
    other rounds by a seeded policy."""
    played = twelve_players_at_auction()
    played.close()
    _play_freely(played, random.Random(12))
    return played


def crowded_black_market() -> Played:
    """12 players, nobody bids for a house, so all of them are in the Black Market and bid on
    its two lots: the busiest location board there can be."""
    match, _ = Match.start(ENGINE, list(TWELVE), {"black_market_colour": "green"}, seed=3)
    played = Played(dict(TWELVE), match)
    played.close()
    double = [25, 25, 20, 18, 18, 15, 12, 9, 9, 6, 3, 1]
    for (player, amount), single in zip(
        zip(TWELVE, double, strict=True), [5, 0, 7, 0, 5, 0, 4, 0, 0, 2, 0, 0], strict=True
    ):
        played.bid(player, f"{BLACK_MARKET}:1", amount)
        if single:
            played.bid(player, f"{BLACK_MARKET}:2", single)
    played.close()
    return played


def five_players() -> Played:
    """5 players with the default colours, played by a seeded policy from the start."""
    match, _ = Match.start(ENGINE, list(FIVE), {"garnets": {"503": 3}}, seed=7)
    played = Played(dict(FIVE), match)
    played.bid("501", GENRE, 12)
    played.views["access"] = played.card("501")
    _play_freely(played, random.Random(5))
    played.views["ended"] = played.card("503")
    return played


#: Project Mars's two seats: a name with an emoji, and one too long for its place.
MARS: dict[str, str] = {"601": "Zoë 🦊", "602": "Bartholomew von Habsburg-Lothringen"}


@dataclass
class MarsPlayed:
    """A Project Mars match played by the practice player in both seats, and what it showed:
    the table at its busiest (face-down traps, a revealed card), the trap owner's hand card
    then, a hand card at round 2's back-hand step, each round's count and the result."""

    names: dict[str, str]
    table: PublicView | None = None
    hand: PlayerView | None = None
    keep: PlayerView | None = None
    rounds: list[CountedRound] = field(default_factory=list)
    result: Result | None = None


T = TypeVar("T")


def shown(seen: T | None) -> T:
    """What the sample match showed, which it always does."""
    assert seen is not None
    return seen


def mars_match(seed: int = 5) -> MarsPlayed:
    """Shadow Ops (601: traps, snipers) against Machine Uprising (602: scouts, sentinels),
    played to its end by `practice_move` from each seat's own view; round boards made as the
    bot makes them (`ProjectMarsTexts.add_events`)."""
    ui = ProjectMarsTexts()
    decks = {"601": "shadow-ops", "602": "machine-uprising"}
    match, _ = Match.start(MARS_ENGINE, list(MARS), {"decks": decks}, seed=seed)
    played = MarsPlayed(dict(MARS))
    best = -1.0
    while not match.finished:
        actor = MARS_ENGINE.turn(match.state).must[0]
        before = MARS_ENGINE.view(match.state, None)
        seat = MARS_ENGINE.view(match.state, actor)
        assert isinstance(seat, PlayerView)
        actions = MARS_ENGINE.legal_actions(match.state, actor)
        events = match.submit(actor, practice_move(seat, actions, seed))
        after = MARS_ENGINE.view(match.state, None)
        for added in ui.add_events(before, [e.to_json() for e in events], after):
            told = ui.read(added)
            if isinstance(told, RoundBoard):
                played.rounds.append(told.counted())
            elif isinstance(told, MarsMatchEnded):
                played.result = Result(
                    winner=told.winner, wins=told.wins, forfeit=told.forfeit, rounds=told.rounds
                )
        own = MARS_ENGINE.view(match.state, "601")
        assert isinstance(own, PlayerView)
        keys = {a.key for a in MARS_ENGINE.legal_actions(match.state, "601")}
        if played.keep is None and "keep" in keys:
            played.keep = own
        if after.phase == "turn":
            slots = [p for side in after.sides.values() for p in side.field.values() if p]
            face_down = sum(1 for p in slots if p.face_down)
            revealed = sum(len(side.revealed) for side in after.sides.values())
            busy = (face_down > 0) + (revealed > 0) + len(slots) / 16
            if busy > best:
                best, played.table, played.hand = busy, after, own
    return played


#: The Mars Auction's five seats: a long name, a CJK name and an emoji.
FIVE_AUCTION: dict[str, str] = {
    "701": "Ann",
    "702": "Bartholomew von Habsburg-Lothringen",
    "703": "王小明",
    "704": "Zoë 🦊",
    "705": "Eve",
}


@dataclass
class AuctionPlayed:
    """Mars Auctions played by scripted players, and what they showed: the 5-player setup
    display in round 1 (markers of every seat, a pass), an unlimited card with its bids, a
    research auction's settlement as the bot makes it (`MarsAuctionTexts.add_events`) and
    the end."""

    names: dict[str, str]
    limited: AuctionView | None = None
    unlimited: AuctionView | None = None
    settlement: Settlement | None = None
    final: MarsAuctionEnded | None = None


def _auction_move(state: Any, rnd: random.Random) -> tuple[str, dict[str, Any]]:
    """A legal move of whoever the auction waits for: markers or a modest bid, a pass one
    time in four; a budget of 30 to 45 M€; the first choices of a keep or a buy."""
    player = AUCTION_ENGINE.turn(state).must[0]
    actions = {a.key: a for a in AUCTION_ENGINE.legal_actions(state, player)}
    if "budget" in actions:
        return player, actions["budget"].build({"amount": rnd.randint(30, 45)})
    action = actions.get("place") or actions.get("raise")
    if action is None or ("pass" in actions and rnd.random() < 0.25):
        action = actions.get("pass") or next(iter(actions.values()))
    if action.amount is not None:
        return player, action.build({"amount": min(action.amount.max, action.amount.min + 1)})
    if action.pick is not None:
        count = action.pick.max if action.key == "keep" else min(1, action.pick.max)
        choices = [c.value for c in action.pick.choices]
        picked = rnd.sample(choices, count) if action.key == "place" else choices[:count]
        return player, action.build({action.pick.field: picked})
    return player, action.build()


def auction_matches(seed: int = 3) -> AuctionPlayed:
    """Five players (the long names and emoji of `FIVE_AUCTION`): a limited setup auction,
    its display kept when it holds the most markers, played to its end and through a research
    auction; and an unlimited one of three players up to a card with three bids."""
    ui = MarsAuctionTexts()
    rnd = random.Random(seed)
    played = AuctionPlayed(dict(FIVE_AUCTION))
    match, _ = Match.start(AUCTION_ENGINE, list(FIVE_AUCTION), {"first_player": "702"}, seed)
    generations, busiest = 0, -1
    while not match.finished:
        if match.state.step == "waiting":
            move = {"type": "end"} if generations else {"type": "research"}
            generations += 1
            for event in match.submit(HOST, move):
                if isinstance(event.model, MarsAuctionEnded):
                    played.final = event.model
            continue
        before = AUCTION_ENGINE.view(match.state, None)
        events = match.submit(*_auction_move(match.state, rnd))
        after = AUCTION_ENGINE.view(match.state, None)
        for added in ui.add_events(before, [e.to_json() for e in events], after):
            told = ui.read(added)
            if isinstance(told, SettlementShown) and told.auction == "research":
                played.settlement = told.settlement()
        markers = sum(sum(c.markers.values()) for c in after.display if not c.done)
        if after.step == "bidding" and after.auction == "setup" and markers > busiest:
            busiest, played.limited = markers, after
    match, _ = Match.start(
        AUCTION_ENGINE, list(FIVE_AUCTION)[:3], {"variant": "unlimited", "start": "research"}, seed
    )
    match.submit(HOST, {"type": "research"})
    for player in list(FIVE_AUCTION)[:3]:
        match.submit(player, {"type": "budget", "amount": 20})
    while not (match.state.lot and len(match.state.lot.bids) >= 3):
        match.submit(*_auction_move(match.state, rnd))
    played.unlimited = AUCTION_ENGINE.view(match.state, None)
    return played


#: The MARSBOT draft's player, with a long name.
DRAFTER = {"701": "Marguerite-Élise de la Fontaine"}


def marsbot_drafts() -> dict[str, DraftView]:
    """Views of MARSBOT drafts: a whole draft (Saturn Systems) after its second round and at
    its end, and a draft at the table (Celestic) after a round with a written-out Venus card
    and a tie."""
    views: dict[str, DraftView] = {}
    whole, _ = Match.start(DRAFT_ENGINE, list(DRAFTER), {"corporation": "Saturn Systems"}, 8)
    for _ in range(2):
        whole.submit(HOST, {"type": "close_phase"})
    views["whole-round-3"] = DRAFT_ENGINE.view(whole.state, None)
    for _ in range(2):
        whole.submit(HOST, {"type": "close_phase"})
    kept = [c.name for c in DRAFT_ENGINE.view(whole.state, None).player_kept]
    whole.submit("701", {"type": "buy", "cards": kept[:2]})
    views["whole-ended"] = DRAFT_ENGINE.view(whole.state, None)
    table, _ = Match.start(
        DRAFT_ENGINE, list(DRAFTER), {"mode": "table", "corporation": "Celestic"}, 4
    )
    pile = ["Io Mining Industries", "Ganymede Colony", "Venus Governor:4:venus+venus", "Comet"]
    table.submit("701", {"type": "pick", "cards": pile})
    table.submit("701", {"type": "pick", "cards": ["Asteroid", "Research Outpost", "Birds"]})
    views["table-round-3"] = DRAFT_ENGINE.view(table.state, None)
    return views


#: Atrades's five seats: a long name, a CJK name and an emoji.
ATRADES: dict[str, str] = {
    "801": "Ann",
    "802": "Bartholomew von Habsburg-Lothringen",
    "803": "王小明",
    "804": "Zoë 🦊",
    "805": "Eve",
}


@dataclass
class AtradesPlayed:
    """An Atrades match of greedy computer seats played to its end, and the views it showed:
    the map at its end and in a merger's auction with a high bid; a guild board in round 2's
    turn-order bids with the player's own bid standing, and one in the merger's auction."""

    names: dict[str, str]
    ended: AtradesView
    merger: AtradesView
    bidding: GuildCard
    auction: GuildCard


def atrades_playout(seed: int, players: int = 5) -> Iterator[tuple[Match, str]]:
    """A seeded Atrades match of greedy computer seats (the seats of `ATRADES`), move by
    move to its end: the match after each move and who made it (the host closes a phase
    nobody is left to act in)."""
    match, _ = Match.start(ATRADES_ENGINE, list(ATRADES)[:players], {}, seed)
    rnd = random.Random(seed)
    while not match.finished:
        waiting = ATRADES_ENGINE.turn(match.state).must
        if not waiting:
            match.submit(HOST, {"type": "close_phase"})
            yield match, HOST
            continue
        player = waiting[0]
        seen = ATRADES_ENGINE.summary(match.state, player)
        actions = ATRADES_ENGINE.legal_actions(match.state, player)
        match.submit(player, greedy_player(seen, actions, rnd))
        yield match, player


def atrades_match(seed: int = 2, players: int = 5) -> AtradesPlayed:
    """Seed 2's five greedy seats sell a company to the Government and run three mergers."""
    names = dict(list(ATRADES.items())[:players])
    merger: AtradesView | None = None
    auction: GuildCard | None = None
    bidding: GuildCard | None = None
    for match, player in atrades_playout(seed, players):
        state = match.state
        if merger is None and state.merger is not None and state.merger.leader is not None:
            merger = ATRADES_ENGINE.view(state, None)
            bidder = ATRADES_ENGINE.turn(state).must
            if bidder:
                auction = _guild_card(state, bidder[0])
        if bidding is None and state.round == 2 and state.flow.step == "bids" and state.bids:
            bidding = _guild_card(state, player)
    assert merger is not None and auction is not None and bidding is not None
    ended = ATRADES_ENGINE.view(match.state, None)
    return AtradesPlayed(names, ended=ended, merger=merger, bidding=bidding, auction=auction)


def _guild_card(state: Any, player: str) -> GuildCard:
    """A guild board as the bot draws it: the player's view and their legal actions."""
    view = ATRADES_ENGINE.view(state, player)
    assert isinstance(view, AtradesPlayerView)
    return GuildCard(view=view, actions=ATRADES_ENGINE.legal_actions(state, player))


def season_standings() -> dict[str, Any]:
    """A season of 12 members after a few matches: one eliminated, some candidates, a trade
    of a running match withheld (the data `bot.seasons.standings_data` makes)."""
    rows = [
        {"name": name, "garnets": g, "tokens": t, "candidacies": c, "eliminated": out}
        for name, g, t, c, out in [
            ("Hyunmin", 7, 6, 0, False),
            ("Sangmin", 5, 3, 0, False),
            ("Eunji", 6, 3, 1, False),
            ("Jinho, the very patient strategist", 3, 3, 0, False),
            ("Yoohyun", 4, 0, 1, False),
            ("Dongmin", 2, 0, 0, False),
            ("Kyungran", 3, 0, 0, False),
            ("Junsang", 1, 0, 1, False),
            ("Sooyeon", 0, 0, 2, False),
            ("Noah", 5, 0, 0, False),
            ("Yeonjin", 2, 0, 1, True),
            ("Seongjin", 0, 0, 2, True),
        ]
    ]
    return {
        "season": "Season 3: The Auction",
        "open": True,
        "pool": 30,
        "running": True,
        "rows": rows,
    }


def boards() -> dict[str, Callable[[], Board]]:
    """Every sample: a file stem -> a function drawing it (so that it can be timed)."""
    big, crowded, small = twelve_players(), crowded_black_market(), five_players()
    big_end, small_end = big.result, small.result
    assert big_end is not None and small_end is not None
    pm = mars_match()
    drafts = marsbot_drafts()
    out: dict[str, Callable[[], Board]] = {
        "access-12-players": lambda: access_board(
            big.access[0], big.names, house_capacity=big.capacity
        ),
        "access-12-players-round-2": lambda: access_board(
            big.access[1], big.names, house_capacity=big.capacity
        ),
        "lots-12-players-genre-shop": lambda: location_board(big.lots[(1, GENRE)], big.names),
        "lots-12-players-black-market": lambda: location_board(
            big.lots[(1, BLACK_MARKET)], big.names
        ),
        "lots-12-players-dr-e-appraisings": lambda: location_board(big.lots[(1, DRE)], big.names),
        "lots-12-players-all-in-black-market": lambda: location_board(
            crowded.lots[(1, BLACK_MARKET)], crowded.names
        ),
        "one-on-one-auction": lambda: one_on_one_card(big.views["auction"], big.names),
        "one-on-one-access": lambda: one_on_one_card(big.views["access"], big.names),
        "final-12-players": lambda: final_board(big_end, big.names),
        "access-5-players": lambda: access_board(small.access[0], small.names),
        "lots-5-players": lambda: location_board(next(iter(small.lots.values())), small.names),
        "one-on-one-5-players-access": lambda: one_on_one_card(small.views["access"], small.names),
        "one-on-one-5-players-ended": lambda: one_on_one_card(small.views["ended"], small.names),
        "final-5-players": lambda: final_board(small_end, small.names),
        "season-standings-12-members": lambda: standings_board(season_standings()),
        "mars-table": lambda: mars.public_board(shown(pm.table), pm.names),
        "mars-hand-with-traps": lambda: mars.hand_card(shown(pm.hand), pm.names),
        "mars-hand-back-hand": lambda: mars.hand_card(shown(pm.keep), pm.names),
        "mars-result": lambda: mars.final_board(shown(pm.result), pm.names),
    }
    for stem, view in drafts.items():
        out[f"marsbot-draft-{stem}"] = partial(draft_board, view, DRAFTER)
    for event in pm.rounds:
        out[f"mars-round-{event.round}"] = partial(mars.round_board, event, pm.names)
    ma = auction_matches()
    out |= {
        "mars-auction-setup-5-players": lambda: display_board(shown(ma.limited), ma.names),
        "mars-auction-unlimited-card": lambda: display_board(shown(ma.unlimited), ma.names),
        "mars-auction-settlement": lambda: settlement_board(shown(ma.settlement), ma.names),
        "mars-auction-final": lambda: settlement_board(shown(ma.final), ma.names),
    }
    at = atrades_match()
    out |= {
        "atrades-map-5-players-ended": lambda: render_map(at.ended, at.names),
        "atrades-map-merger": lambda: render_map(at.merger, at.names),
        "atrades-guild-bidding": lambda: render_guild(at.bidding, at.names),
        "atrades-guild-auction": lambda: render_guild(at.auction, at.names),
    }
    for game in sorted(set(PLUGINS) - HAND_MADE):
        out |= random_match_boards(game)
    return out


#: The players of a game's random match, for a game whose samples are not made here by hand.
ANY_GAME: dict[str, str] = {
    "901": "Annabelle",
    "902": "Bartholomew von Habsburg-Lothringen",
    "903": "Zoë 🦊",
    "904": "王小明",
    "905": "Kai",
    "906": "ياسمين",
}
#: A random match's moves drawn before it must have ended.
MAX_MOVES = 10_000


def random_match_boards(game: str, seed: int = 1) -> dict[str, Callable[[], Board]]:
    """The samples of a registered game that has none made here by hand: a random match of
    its engine (the options it draws, `Engine.sample_options`), and the first image its
    texts draw of each kind of event, its public status at the end and the first player's
    card at the end, those it draws."""
    plugin = plugin_for(game)
    engine, texts = plugin.engine, plugin.texts
    rnd = random.Random(seed)
    players = [str(901 + n) for n in range(max(engine.min_players, min(3, engine.max_players)))]
    names = {p: ANY_GAME.get(p, f"Player {p}") for p in players}
    match, told = Match.start(engine, players, engine.sample_options(players, rnd), seed)
    for _ in range(MAX_MOVES):
        if match.finished:
            break
        actor, move = engine.random_move(match.state, rnd)
        try:
            told += match.submit(actor, engine.moves.dump_python(move, mode="json"))
        except RuleError:
            continue
    else:
        raise RuntimeError(f"a random match of {game} did not end in {MAX_MOVES} moves")
    out: dict[str, Callable[[], Board]] = {}
    for event in told:
        data = event.to_json()
        stem = f"{game}-{event.type}".replace("_", "-")
        if stem not in out and texts.board(data, names) is not None:
            out[stem] = partial(shown_board, texts.board, data, names)
    ended = {
        f"{game}-status-ended": partial(texts.status_board, engine.view(match.state, None), names),
        f"{game}-card-ended": partial(texts.card, engine.view(match.state, players[0]), names),
    }
    out |= {stem: partial(shown_board, draw) for stem, draw in ended.items() if draw()}
    return out


def shown_board(draw: Callable[..., Board | None], *args: Any) -> Board:
    """A board a game draws for these inputs (it was seen to draw one)."""
    return shown(draw(*args))


def main(argv: list[str]) -> int:
    code = None
    if len(argv) == 3 and argv[1] == "--language":
        argv, code = argv[:1], argv[2]
    if len(argv) != 1 or argv[0].startswith("-") or (code is not None and code not in CHOICES):
        print(USAGE, file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    samples = boards()
    for stem, draw in samples.items():
        started = time.perf_counter()
        with speaking(language(code)):
            board = draw()
        elapsed = (time.perf_counter() - started) * 1000
        (out / f"{stem}.png").write_bytes(board.png)
        (out / f"{stem}.txt").write_text(board.alt + "\n", encoding="utf-8")
        print(f"{stem}.png  {len(board.png) / 1024:6.1f} KB  {elapsed:6.1f} ms")
    print(f"wrote {len(samples)} boards and their alt texts to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
