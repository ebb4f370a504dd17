"""What a player may do now, as the contract's actions: sealed bids on houses or lots, gifts
and garnet trades (AA-5, AA-9, AA-14, AA-15)."""

from __future__ import annotations

from collections.abc import Iterator

from games.auction_auction.cash import GARNET_VALUE, money
from games.auction_auction.model import BLACK_MARKET, HOUSES, Lot, Seat, State, lot_name
from games.core.contract import Action, Amount, Choice, Pick
from games.core.speech import N_


def targets(state: State, player: str) -> list[str]:
    """What `player` may bid on now: houses in the Access phase, their lots after."""
    seat = state.seats.get(player)
    if seat is None or seat.kicked or state.phase == "ended":
        return []
    if state.phase == "access":
        return list(HOUSES)
    return [lot.id for lot in state.lots[seat.location or BLACK_MARKET]]


def legal_actions(state: State, player: str) -> list[Action]:
    """A sealed bid on each house (AA-5: $0 to cash) or on each lot of the player's
    location (AA-9: $1 up to the cash no other standing bid holds; $0 withdraws a standing
    bid, AA-D2); a gift to another player still in (AA-15, AA-D6: $1 up to the cash no
    bid holds); a garnet trade while a garnet is left (AA-14). Gifts and trades are taken
    in every phase until the end (AA-D5); a removed player has nothing (AA-D3)."""
    seat = state.seats.get(player)
    if seat is None or seat.kicked or state.phase == "ended":
        return []
    actions = _bids(state, seat)
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


def can_bid(state: State, seat: Seat) -> bool:
    """Whether `_bids` offers the seat anything, without building the actions (`turn`
    asks it of every player after every move, for the status)."""
    if state.phase == "ended" or seat.kicked:
        return False
    return state.phase == "access" or any(True for _ in _lot_bounds(state, seat))


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


def _bids(state: State, seat: Seat) -> list[Action]:
    if state.phase == "access":
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
