"""What a player may do, as the contract's actions: sealed bids on houses or on lots, gifts
and garnet trades (AA-5, AA-9, AA-14, AA-15). Which of them are offered now is the open
decision's (`games.auction_auction.decisions`)."""

from __future__ import annotations

from collections.abc import Iterator

from games.auction_auction.cash import GARNET_VALUE, money
from games.auction_auction.model import BLACK_MARKET, HOUSES, Lot, Seat, State, lot_name
from games.core.contract import Action, Amount, Choice, Pick
from games.core.speech import N_


def house_targets(state: State, seat: Seat) -> list[str]:
    """AA-5: every house."""
    return list(HOUSES)


def lot_targets(state: State, seat: Seat) -> list[str]:
    """AA-9: the lots of the seat's location (the Black Market's when it entered no house)."""
    return [lot.id for lot in state.lots[seat.location or BLACK_MARKET]]


def side_actions(state: State, player: str, seat: Seat) -> list[Action]:
    """A gift to another player still in (AA-15, AA-D6: $1 up to the cash no bid holds) and
    a garnet trade while a garnet is left (AA-14): offered beside the bids in every phase
    until the end (AA-D5)."""
    actions: list[Action] = []
    free = seat.cash - seat.committed()
    others = recipients(state, player)
    if others:
        actions.append(
            Action(
                key="give",
                label=N_("Give money"),
                move={"type": "give"},
                steps=[
                    Pick(
                        field="to",
                        choices=[Choice(value=p, label=p) for p in others],
                        label=N_("To whom"),
                    ),
                    Amount(min=1, max=free, label=N_("Dollars to give")),
                ],
                sealed=True,
            )
        )
    if seat.garnets >= 1:
        actions.append(
            Action(
                key="trade_garnet",
                label=N_("Trade a garnet for {price}").format(price=money(GARNET_VALUE)),
                move={"type": "trade_garnet"},
                sealed=True,
            )
        )
    return actions


def recipients(state: State, player: str) -> list[str]:
    """Whom the player may give money to (AA-15, AA-D6): the others still in, when they
    hold cash no standing bid promises."""
    seat = state.seats[player]
    if seat.cash - seat.committed() < 1:
        return []
    return [p for p in state.players if p != player and not state.seats[p].kicked]


def has_lot_bids(state: State, seat: Seat) -> bool:
    """Whether `lot_bids` offers the seat anything, without building the actions (`turn`
    asks it of every player after every move, for the status)."""
    return any(True for _ in _lot_bounds(state, seat))


def _lot_bounds(state: State, seat: Seat) -> Iterator[tuple[Lot, int | None, int, int]]:
    """The lots of the seat's location it may bid on, with its standing bid and the bounds
    of a new one (AA-9: $1 up to the cash no other standing bid holds; $0 withdraws a
    standing bid, AA-D2)."""
    free = seat.cash - seat.committed()
    for lot in state.lots[seat.location or BLACK_MARKET]:
        standing = seat.lot_bids.get(lot.id)
        low = 1 if standing is None else 0
        high = free + (standing or 0)
        if high >= low:
            yield lot, standing, low, high


def house_bids(state: State, seat: Seat) -> list[Action]:
    """AA-5: a sealed bid on each house, $0 to the seat's cash."""
    return [
        Action(
            key=f"bid:{house}",
            label=name,
            move={"type": "bid", "target": house},
            steps=[Amount(min=0, max=seat.cash, label=N_("Your sealed bid in dollars"))],
            sealed=True,
        )
        for house, name in HOUSES.items()
    ]


def lot_bids(state: State, seat: Seat) -> list[Action]:
    """AA-9: a sealed bid on each lot of the seat's location it can afford (`_lot_bounds`)."""
    return [
        Action(
            key=f"bid:{lot.id}",
            label=lot_name(lot.id, lot.colour, lot.count),
            move={"type": "bid", "target": lot.id},
            steps=[
                Amount(
                    min=low,
                    max=high,
                    label=N_("Your sealed bid in dollars")
                    if standing is None
                    else N_("Your sealed bid in dollars (0 withdraws)"),
                )
            ],
            sealed=True,
        )
        for lot, standing, low, high in _lot_bounds(state, seat)
    ]
