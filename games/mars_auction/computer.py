"""The Mars Auction's computer player: a pure function of one seat's view (`PlayerView`: what
that player may know, MA-D3) and its legal actions, never of the state.

What a card is worth to it (`Worth`): a corporation its starting M€ and its ability; a
prelude a fixed sum; a project the card it is to play, its printed cost above `DEAR_FROM`
counting against it; each card more for every tag it shares with the corporation, and the
projects together for the tags they share. What a player comes away with is the worth of what
they hold less the M€ they paid (`standings`): the auction has no winner (MA-D10), and that is
how `python -m games simulate` ranks its seats.

How it plays each decision the auction asks of a player:

- Markers (limited, L6-L9): it puts them where winning gains most for what it costs: a card
  is won with one marker more than anyone else's (L3; ties, L4-L5, are left to others: it
  never aims at a tie), at most 3 (L7); a project's markers are paid, and it is bought for
  its price (L16, L18); a company's or prelude's markers less one (L11, with one card of the
  kind won), against the one a player draws free when they win none (L14, MA-D4). Two markers
  go on one card when it needs two, else on the two best cards. It spends at most a share
  of its M€ on one auction (`SETUP_SHARE`, `RESEARCH_SHARE`), keeping the rest for the game
  and for later generations, and passes (final, L6) when nothing more is worth its markers.
- Bids (unlimited, U2-U5): the least raise while the card is worth more to it than the bid
  (an English auction: the card goes for about what the second bidder thought it worth),
  within the same share of its M€ (a project's price kept back, L16); the opener opens at 0.
- Keeps (L15, U7): the corporation and the preludes worth most to it. Buys (L16): the won
  projects worth more than their price, best first, as many as its M€ buys.
- Budgets (L9, MA-D5): a computer seat plays no Terraforming Mars at the table, so it states
  the M€ of a plain game (`notional_budget`): its corporation's starting M€ and `INCOME`
  each generation, less what it paid in the auctions and `PLAYED` of the printed cost of
  the projects it holds (played since). What it spends now is not there later.

Each decision draws its eagerness (how far above or below its worth it goes, `JITTER`) from
the seat's random source for that point of the match (`Seat.rng`), so that seats alike do
not bid alike, and a restart asks the same.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.core.contract import Action, Amount, Pick
from games.core.seats import Seat
from games.mars_auction.model import KEEP, MAX_ON_CARD, PRICE, Kind
from games.mars_auction.views import CardView, PlayerView, PublicView
from games.tm_catalogue import builtin

#: A corporation's ability beside its starting M€; a prelude; a project before its tags.
CORPORATION = 8.0
PRELUDE = 10.0
PROJECT = 5.0
#: Each tag a card shares with the corporation; each pair of projects sharing a tag.
CORPORATION_TAG = 1.5
PAIR_TAG = 0.25
#: A project's printed cost above this counts against it, by `DEAR` a M€.
DEAR_FROM = 25
DEAR = 0.2
#: The notional game's M€ a generation, and the share of a held project's cost played.
INCOME = 25
PLAYED = 0.5
#: The share of its M€ a seat spends on the setup's auction, and on a research auction.
SETUP_SHARE = 0.6
RESEARCH_SHARE = 0.8
#: How far a decision's eagerness strays from the worth, up or down, as a share.
JITTER = 0.2
#: The research auctions a match between computer seats alone plays before its host ends
#: it (`host_move`: `python -m games simulate`).
GENERATIONS = 4


@dataclass(frozen=True, slots=True)
class Facts:
    """What the computer seat reads of a card: its tags (an event's own tag left out),
    printed cost and starting M€."""

    tags: frozenset[str]
    cost: int
    starting_mc: int


NO_FACTS = Facts(frozenset(), 0, 0)


@lru_cache(maxsize=4096)
def _catalogue_facts(name: str) -> Facts:
    card = builtin().get(name)
    if card is None:
        return NO_FACTS
    return _facts(tuple(card.tags), card.cost, card.starting_mc)


@lru_cache(maxsize=4096)
def _facts(tags: tuple[str, ...], cost: int | None, starting_mc: int | None) -> Facts:
    return Facts(frozenset(tags) - {"event"}, cost or 0, starting_mc or 0)


class _Tally:
    """A holding's worth counted card by card, in `Worth.holding`'s order (a sum of floats is
    the same to the last bit only when added in the same order): the corporation, each
    prelude, each project, then the pairs of projects sharing a tag."""

    __slots__ = ("ours", "pairs", "tags", "value")

    def __init__(self, corporation: Facts | None) -> None:
        self.ours = corporation.tags if corporation is not None else frozenset()
        self.value = 0.0
        if corporation is not None:
            self.value += corporation.starting_mc + CORPORATION
        #: How many of the projects counted so far have each tag, and how many pairs share one.
        self.tags: dict[str, int] = {}
        self.pairs = 0

    def copy(self) -> _Tally:
        other = _Tally.__new__(_Tally)
        other.ours = self.ours
        other.value = self.value
        other.tags = dict(self.tags)
        other.pairs = self.pairs
        return other

    def prelude(self, facts: Facts) -> None:
        self.value += PRELUDE + CORPORATION_TAG * len(facts.tags & self.ours)

    def project(self, facts: Facts) -> None:
        self.value += PROJECT + CORPORATION_TAG * len(facts.tags & self.ours)
        self.value -= DEAR * max(0, facts.cost - DEAR_FROM)
        for tag in facts.tags:
            held = self.tags.get(tag, 0)
            self.pairs += held
            self.tags[tag] = held + 1

    def total(self) -> float:
        return self.value + PAIR_TAG * self.pairs


class Worth:
    """What cards are worth to the players, from the facts a view shows: a card on display
    by its own facts (a host's card too, MA-D8), any other by the catalogue's."""

    def __init__(self, display: Iterable[CardView]) -> None:
        self._shown = {c.name: _facts(tuple(c.tags), c.cost, c.starting_mc) for c in display}

    def facts(self, name: str) -> Facts:
        return self._shown.get(name) or _catalogue_facts(name)

    def tally(
        self, corporation: str | None, preludes: Iterable[str], projects: Iterable[str]
    ) -> _Tally:
        """A corporation, preludes and projects counted (`holding`), for more to be added."""
        tally = _Tally(self.facts(corporation) if corporation else None)
        for name in preludes:
            tally.prelude(self.facts(name))
        for name in projects:
            tally.project(self.facts(name))
        return tally

    def holding(
        self, corporation: str | None, preludes: Iterable[str], projects: Iterable[str]
    ) -> float:
        """What a corporation, preludes and projects are worth together."""
        return self.tally(corporation, preludes, projects).total()


def _holdings(view: PublicView, player: str) -> tuple[str | None, list[str], list[str]]:
    """What the player holds and has won in this auction, not yet kept or bought."""
    seat = view.seats[player]
    kinds = {c.name: c.kind for c in view.display}
    won = [n for n in seat.won if kinds.get(n) != "company"]
    companies = [n for n in seat.won if kinds.get(n) == "company"]
    corporation = seat.corporation or (companies[0] if companies else None)
    preludes = [*seat.preludes, *(n for n in won if kinds.get(n) == "prelude")]
    projects = [*seat.projects, *(n for n in won if kinds.get(n) == "project")]
    return corporation, preludes, projects


def standings(view: PublicView) -> dict[str, float]:
    """What each player still in comes away with: the worth of what they hold less the M€
    they paid (MA-D10: the auction itself has no winner). Before the match is over, what
    they would if the auction stopped now: with what they won in it, and the cards their
    markers or bid lead on, at that price (L3, L11, L16)."""
    worth = Worth(view.display)
    if view.result is not None:
        return {
            p: worth.holding(h.corporation, h.preludes, h.projects) - h.paid
            for p, h in view.result.players.items()
            if not view.seats[p].kicked
        }
    out: dict[str, float] = {}
    for player, seat in view.seats.items():
        if seat.kicked:
            continue
        corporation, preludes, projects = _holdings(view, player)
        paid = seat.paid
        for card, bid in _leading(view, player):
            if card.kind == "company":
                # L15: of the companies they would win, they keep the one worth most.
                held = [n for n in (card.name, corporation) if n]
                corporation = max(held, key=lambda n: worth.holding(n, preludes, projects))
            elif card.kind == "prelude":
                preludes = [*preludes, card.name]
            else:
                projects = [*projects, card.name]
            paid += bid - 1 if card.kind != "project" and view.variant == "limited" else bid
            paid += PRICE if card.kind == "project" else 0
        out[player] = worth.holding(corporation, preludes, projects) - paid
    return out


def _leading(view: PublicView, player: str) -> Iterable[tuple[CardView, int]]:
    """The cards not evaluated yet that the player's markers lead on (L3), or whose bid
    stands (U3), with the bid."""
    lot = view.lot.high if view.lot is not None else None
    for card in view.display:
        if card.done:
            continue
        if lot is not None and view.lot is not None and card.number == view.lot.number:
            if lot[0] == player:
                yield card, lot[1]
            continue
        mine = card.markers.get(player, 0)
        if mine and all(m < mine for p, m in card.markers.items() if p != player):
            yield card, mine


class Gains:
    """What winning each card adds to the seat's worth, worked out once per decision: a
    project's worth with what it holds; a company's or a prelude's over the average of its
    kind not won on display, as a player who wins too few draws one free (L14, MA-D4)."""

    def __init__(self, view: PlayerView) -> None:
        self.worth = worth = Worth(view.display)
        self.held = corporation, preludes, projects = _holdings(view, view.me.player)
        self.tally = worth.tally(corporation, preludes, projects)
        self.before = self.tally.total()
        spare = [c.name for c in view.display if c.kind == "prelude" and c.winner is None]
        self.prelude = sum(worth.holding(corporation, [*preludes, n], projects) for n in spare)
        self.prelude /= max(1, len(spare))
        spare = [c.name for c in view.display if c.kind == "company" and c.winner is None]
        self.company = sum(worth.holding(n, preludes, projects) for n in spare)
        self.company /= max(1, len(spare))

    def __call__(self, card: CardView) -> float:
        corporation, preludes, projects = self.held
        if card.kind == "project":
            tally = self.tally.copy()
            tally.project(self.worth.facts(card.name))
            return tally.total() - self.before
        if card.kind == "prelude":
            return self.worth.holding(corporation, [*preludes, card.name], projects) - self.prelude
        return self.worth.holding(card.name, preludes, projects) - self.company


@dataclass(frozen=True, slots=True)
class Style:
    """How a seat makes the normal seat's decisions: how far each decision's eagerness
    strays from a card's gain, up or down, as a share, and what counts that gain."""

    jitter: float = JITTER
    gains: type[Gains] = Gains


#: The normal seat's style.
NORMAL = Style()


def _cost(view: PlayerView, card: CardView, bid: int) -> int:
    """What winning `card` for `bid` costs the seat: a project's bid and its price (L16,
    L18); a company's or prelude's bid less the one card won (L11), in full in the
    unlimited variant (U6)."""
    if card.kind == "project":
        return bid + view.me.price
    return bid if view.variant == "unlimited" else max(0, bid - 1)


def _spendable(view: PlayerView) -> int:
    """The M€ the seat spends on this auction still: its share of its M€ (L9's budget)."""
    share = SETUP_SHARE if view.auction == "setup" else RESEARCH_SHARE
    budget = view.me.budget + view.me.company_bids
    if view.auction == "research":
        spent = sum(c.bid for c in view.display if c.winner == view.me.player)
    else:
        spent = view.seats[view.me.player].paid
    return int(share * (budget + spent)) - spent


def _action(actions: list[Action], key: str) -> Action | None:
    return next((a for a in actions if a.key == key), None)


def _pick(action: Action) -> Pick:
    step = action.steps[0]
    assert isinstance(step, Pick)
    return step


def place(
    view: PlayerView, actions: list[Action], rnd: random.Random, style: Style = NORMAL
) -> dict[str, Any]:
    """Limited (L6-L9): markers where winning gains most over its cost, or a pass."""
    placing = _action(actions, "place")
    if placing is None:
        return {"type": "pass"}
    open_ = {int(c.value): c for c in _pick(placing).choices}
    me = view.me.player
    eager = 1 + rnd.uniform(-style.jitter, style.jitter)
    gain = style.gains(view)
    left = _spendable(view) - sum(
        _cost(view, c, c.markers.get(me, 0))
        for c in view.display
        if not c.done and c.markers.get(me)
    )
    wanted: list[tuple[float, int, int]] = []
    for card in view.display:
        if card.number not in open_:
            continue
        mine = card.markers.get(me, 0)
        top = max((m for p, m in card.markers.items() if p != me), default=0)
        need = top + 1 - mine
        most = 2 if open_[card.number].then and view.me.room >= 2 else 1
        if not 0 < need <= most or top + 1 > MAX_ON_CARD:
            continue
        extra = _cost(view, card, top + 1) - _cost(view, card, mine)
        surplus = eager * gain(card) - _cost(view, card, top + 1)
        if surplus > 0 and extra <= left:
            wanted.append((surplus, need, card.number))
    if not wanted:
        return {"type": "pass"}
    wanted.sort(key=lambda w: (-w[0], w[2]))
    _, need, number = wanted[0]
    if need == 2:
        return {"type": "place", "cards": [number, number]}
    second = next((n for _, k, n in wanted[1:] if k == 1), None)
    if second is not None and open_[number].then and view.me.room >= 2:
        return {"type": "place", "cards": [number, second]}
    return {"type": "place", "cards": [number]}


def bid(
    view: PlayerView, actions: list[Action], rnd: random.Random, style: Style = NORMAL
) -> dict[str, Any]:
    """Unlimited (U2-U5): the least raise while the card is worth more than the bid, within
    the seat's share of its M€; the opener opens at 0; else a pass."""
    raising = _action(actions, "raise")
    lot = view.lot
    assert lot is not None
    if raising is None:
        return {"type": "pass"}
    step = raising.steps[0]
    assert isinstance(step, Amount)
    card = next(c for c in view.display if c.number == lot.number)
    cost = _cost(view, card, step.min)
    wanted = cost < (1 + rnd.uniform(-style.jitter, style.jitter)) * style.gains(view)(card)
    if lot.high is None or (wanted and cost <= _spendable(view)):
        return raising.build({step.field: step.min})
    return {"type": "pass"}


def keep(view: PlayerView, actions: list[Action]) -> dict[str, Any]:
    """L15, U7: the corporation or the preludes worth most to the seat."""
    action = _action(actions, "keep")
    assert action is not None
    names = [c.value for c in _pick(action).choices]
    worth = Worth(view.display)
    corporation, preludes, projects = _holdings(view, view.me.player)
    kind: Kind = view.kind or "company"
    if kind == "company":
        best = max(names, key=lambda n: (worth.holding(n, preludes, projects), n))
        return action.build({"cards": [best]})
    kept = max(
        itertools.combinations(names, KEEP[kind]),
        key=lambda pair: (
            worth.holding(corporation, [*view.seats[view.me.player].preludes, *pair], projects),
            pair,
        ),
    )
    return action.build({"cards": list(kept)})


def buy(view: PlayerView, actions: list[Action], style: Style = NORMAL) -> dict[str, Any]:
    """L16: the won projects worth more than their price, best first, as many as its M€
    buys (the pick's most)."""
    action = _action(actions, "buy")
    if action is None:
        return {"type": "buy", "cards": []}
    pick = _pick(action)
    cards = {c.name: c for c in view.display}
    gain = style.gains(view)
    ranked = sorted((gain(cards[c.value]), c.value) for c in pick.choices if c.value in cards)[::-1]
    chosen = [name for value, name in ranked if value > view.me.price][: pick.max]
    if not chosen:
        return {"type": "buy", "cards": []}
    return action.build({"cards": chosen})


def notional_budget(view: PublicView, player: str) -> int:
    """A computer seat's M€ at a research auction: what a plain game of Terraforming Mars
    would leave it (above)."""
    seat = view.seats[player]
    worth = Worth(view.display)
    start = worth.facts(seat.corporation).starting_mc if seat.corporation else 0
    played = PLAYED * sum(worth.facts(n).cost for n in seat.projects)
    return max(0, math.floor(start + INCOME * view.generation - seat.paid - played))


def decide(
    view: PlayerView, actions: list[Action], rnd: random.Random, style: Style = NORMAL
) -> dict[str, Any] | None:
    """The seat's move at level normal, played in `style`: the one decision open to it
    (above); None when the auction asks nothing of it."""
    if not actions:
        return None
    keys = {a.key for a in actions}
    if "budget" in keys:
        return {"type": "budget", "amount": notional_budget(view, view.me.player)}
    if "keep" in keys:
        return keep(view, actions)
    if keys & {"buy", "buy_none"}:
        return buy(view, actions, style)
    if view.variant == "unlimited":
        return bid(view, actions, rnd, style)
    return place(view, actions, rnd, style)


def normal_seat(view: PlayerView, actions: list[Action], seat: Seat) -> dict[str, Any] | None:
    """A computer seat's move at level normal, its eagerness drawn for this seat at this
    point of the match (`Seat.rng`): the same after a restart."""
    return decide(view, actions, seat.rng())


def host_move(view: PublicView) -> dict[str, Any] | None:
    """The host of a match between computer seats alone (`python -m games simulate`): a
    research auction after each settled one, `GENERATIONS` of them, then the end (MA-D6)."""
    if view.step != "waiting":
        return None
    if view.generation < GENERATIONS:
        return {"type": "research", "first_player": view.next_first_player}
    return {"type": "end"}
