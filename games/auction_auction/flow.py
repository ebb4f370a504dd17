"""How a match of Auction Auction runs on: each round an Access phase then an Auction phase,
each opened and closed here (by its deadline or the host); the Game Ending after the last
round (AA-16 to AA-18). Which of them is open, and what it offers, is
`games.auction_auction.decisions`'."""

from __future__ import annotations

from games.auction_auction.access import players_at, resolve_access
from games.auction_auction.auction import resolve_auction
from games.auction_auction.cash import BONUS
from games.auction_auction.events import AuctionEnded, AuctionPhaseOpened, BonusPaid, LotsOffered
from games.auction_auction.hands import final_result
from games.auction_auction.model import State
from games.core.events import Audience, Event


def _opening(state: State) -> list[Event]:
    """A phase opens: pay the AA-13 bonuses owed, note who holds $0."""
    events: list[Event] = []
    for player in state.owed_bonus:
        state.seats[player].cash += BONUS
        state.minted += BONUS
        events.append(BonusPaid(player=player, amount=BONUS).told(Audience.to(player)))
    state.owed_bonus = []
    for seat in state.seats.values():
        seat.broke_at_open = seat.cash == 0
    return events


def open_access(state: State) -> list[Event]:
    """The round's Access phase opens, with each house's spots (AA-3)."""
    state.phase = "access"
    events = _opening(state)
    opened = AuctionPhaseOpened(
        round=state.round, phase="access", spots=state.options.house_capacity
    )
    return [*events, opened.told()]


def open_auction(state: State) -> list[Event]:
    """The round's Auction phase opens; each location's lots are shown to the players in it
    (AA-9), or to everyone when lots are revealed publicly."""
    state.phase = "auction"
    events = [*_opening(state), AuctionPhaseOpened(round=state.round, phase="auction").told()]
    for location, lots in state.lots.items():
        inside = players_at(state, location)
        if not inside and not state.options.reveal_lots_publicly:
            continue
        audience = (
            Audience.public()
            if state.options.reveal_lots_publicly
            else Audience.at(location, inside)
        )
        offered = LotsOffered(round=state.round, location=location, lots=list(lots))
        events.append(offered.told(audience))
    return events


def close_access(state: State) -> list[Event]:
    """AA-6 to AA-8: the Access bids are resolved, and the Auction phase opens."""
    return resolve_access(state) + open_auction(state)


def close_auction(state: State) -> list[Event]:
    """AA-10 to AA-12: the lot bids are resolved; then the next round's Access phase opens,
    everyone out of the houses, or after the last round the match ends."""
    events = resolve_auction(state)
    if state.round == state.options.rounds:
        return events + end_match(state)
    state.round += 1
    for seat in state.seats.values():
        seat.location = None
    return events + open_access(state)


def end_match(state: State) -> list[Event]:
    """AA-16 hands and places, AA-17 prizes, AA-18 everything revealed publicly."""
    ranked = [p for p in state.players if not state.seats[p].kicked]
    state.result = final_result(ranked, state.seats, state.options.colours)
    state.phase = "ended"
    for seat in state.seats.values():
        seat.location = None
    result = state.result
    ended = AuctionEnded(
        standings=result.standings,
        tokens_of_life=result.tokens_of_life,
        garnets=result.garnets,
        elimination_candidates=result.elimination_candidates,
        prize_pool_increase=result.prize_pool_increase,
    )
    return [ended.told()]
