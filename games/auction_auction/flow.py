"""How a match of Auction Auction runs on: each round an Access phase then an Auction phase,
each closed by its deadline or the host; the Game Ending after the last round (AA-16 to
AA-18); and who may act in the phase now (the contract's `turn` and `phase`)."""

from __future__ import annotations

from games.auction_auction.access import players_at, resolve_access
from games.auction_auction.auction import resolve_auction
from games.auction_auction.cash import BONUS
from games.auction_auction.events import AuctionEnded, AuctionPhaseOpened, BonusPaid, LotsOffered
from games.auction_auction.hands import final_result
from games.auction_auction.legal import can_bid, recipients
from games.auction_auction.model import PHASES, State
from games.core.contract import Phase, Turn
from games.core.events import Audience, Event
from games.core.speech import N_


def open_phase(state: State) -> list[Event]:
    """Open the current phase: pay AA-13 bonuses owed, note who holds $0, show lots."""
    events: list[Event] = []
    for player in state.owed_bonus:
        state.seats[player].cash += BONUS
        state.minted += BONUS
        events.append(BonusPaid(player=player, amount=BONUS).told(Audience.to(player)))
    state.owed_bonus = []
    for seat in state.seats.values():
        seat.broke_at_open = seat.cash == 0
    assert state.phase != "ended"
    opened = (
        # each house's spots (AA-3)
        AuctionPhaseOpened(round=state.round, phase="access", spots=state.options.house_capacity)
        if state.phase == "access"
        else AuctionPhaseOpened(round=state.round, phase="auction")
    )
    events.append(opened.told())
    if state.phase == "auction":
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


def close_phase(state: State) -> list[Event]:
    if state.phase == "access":
        events = resolve_access(state)
        state.phase = "auction"
        return events + open_phase(state)
    events = resolve_auction(state)
    if state.round == state.options.rounds:
        return events + end_match(state)
    state.round += 1
    state.phase = "access"
    for seat in state.seats.values():
        seat.location = None
    return events + open_phase(state)


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


def turn(state: State) -> Turn:
    """The players still in who have something to do may act: a bid until the phase
    closes, replacing the last one; a gift (AA-15) or a garnet trade (AA-14) at any time.
    In the Access phase that is all of them ($0 is a bid, AA-5). The phase waits for a
    sealed bid from everyone still in who has none standing (AA-D13): whether they can make one
    depends on their cash, which is theirs to know (AA-14, AA-15), and `must` is shown to
    everyone."""
    active = [p for p in state.players if not state.seats[p].kicked]
    bidders = [p for p in active if can_bid(state, state.seats[p])]
    return Turn(
        phase=phase(state),
        players=list(state.players),
        out=[p for p in state.players if state.seats[p].kicked],
        must=[p for p in active if not state.seats[p].has_submitted()]
        if state.phase != "ended"
        else [],
        may=[
            p for p in active if p in bidders or recipients(state, p) or state.seats[p].garnets >= 1
        ]
        if state.phase != "ended"
        else [],
    )


def phase(state: State) -> Phase:
    if state.phase == "ended":
        return Phase(
            name="ended",
            title=PHASES["ended"],
            clock=None,
            id="ended",
            on_deadline=N_("Nothing: the match is over."),
        )
    if state.phase == "access":
        passes = N_(
            "Bids not in by then count as none: those players bid $0 for no house and "
            "spend the round in the Black Market."
        )
    else:
        passes = N_(
            "Bids not in by then count as none; each lot goes to the highest amount "
            "exactly one player bid on it."
        )
    return Phase(
        name=state.phase,
        title=N_("{phase}, round {round} of {rounds}").format(
            phase=PHASES[state.phase], round=state.round, rounds=state.options.rounds
        ),
        round=state.round,
        clock="phase",
        id=f"{state.phase}-{state.round}",
        on_deadline=passes,
    )
