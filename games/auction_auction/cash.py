"""Bonus Cash and Cash Transfers: the $10 bonus owed to a player who held $0 and bid nothing
(AA-13), money given between players (AA-15), a garnet traded for $10 (AA-14)."""

from __future__ import annotations

from games.auction_auction.events import CashGiven, GarnetTraded
from games.auction_auction.model import Give, Seat, State
from games.core.errors import RuleError
from games.core.events import Audience, Event, tell

BONUS = 10
GARNET_VALUE = 10


def money(amount: int) -> str:
    return f"${amount}"


def give(state: State, actor: str, seat: Seat, move: Give) -> list[Event]:
    """AA-15: 1 <= amount <= cash not committed to a standing sealed bid; only the two
    players learn of it."""
    receiver = state.seats.get(move.to)
    if receiver is None or receiver.kicked:
        raise RuleError("unknown_player", "{player} is not playing in this match.", player=move.to)
    if move.to == actor:
        raise RuleError("self_gift", "You cannot give money to yourself.")
    if move.amount < 1:
        raise RuleError("bad_amount", "A gift must be at least $1.")
    free = seat.cash - seat.committed()
    if move.amount > free:
        if seat.committed():
            raise RuleError(
                "over_budget",
                "You hold {cash}, {promised} of it promised to your sealed bids, so you can "
                "give at most {free}.",
                cash=money(seat.cash),
                promised=money(seat.committed()),
                free=money(free),
            )
        raise RuleError(
            "over_budget",
            "You hold {cash}, so you can give at most {free}.",
            cash=money(seat.cash),
            free=money(free),
        )
    seat.cash -= move.amount
    receiver.cash += move.amount
    return [
        tell(CashGiven, Audience.to(actor, move.to), giver=actor, to=move.to, amount=move.amount)
    ]


def trade_garnet(actor: str, seat: Seat, state: State) -> list[Event]:
    """AA-14: one garnet from the season balance becomes $10, privately, for good."""
    if seat.garnets < 1:
        raise RuleError("no_garnets", "You have no garnets to trade.")
    seat.garnets -= 1
    seat.cash += GARNET_VALUE
    state.minted += GARNET_VALUE
    traded = tell(
        GarnetTraded,
        Audience.to(actor),
        player=actor,
        amount=GARNET_VALUE,
        garnets_left=seat.garnets,
    )
    return [traded]


def note_bonus(state: State, player: str, seat: Seat, bid_nothing: bool) -> None:
    """AA-13: held $0 when the phase opened and bid only $0 -> $10 when the next opens
    (nothing after the last phase)."""
    last = state.phase == "auction" and state.round == state.options.rounds
    if seat.broke_at_open and bid_nothing and not last and not seat.kicked:
        state.owed_bonus.append(player)
