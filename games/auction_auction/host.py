"""The host's removal of a player (AA-D3) and a player conceding (AA-D11)."""

from __future__ import annotations

from games.auction_auction.model import Kick, State
from games.core.errors import RuleError
from games.core.events import Event, PlayerForfeited, PlayerKicked


def kick(state: State, move: Kick) -> list[Event]:
    """Dealer ruling AA-D3: the kicked player's standing submissions count as none; they
    keep what they hold but make no more moves and are not ranked at the end."""
    seat = state.seats.get(move.player)
    if seat is None:
        raise RuleError(
            "unknown_player", "{player} is not playing in this match.", player=move.player
        )
    if seat.kicked:
        raise RuleError("already_kicked", "{player} was already removed.", player=move.player)
    if players_left(state) <= 1:
        raise RuleError("last_player", "The last player cannot be removed; cancel instead.")
    return remove(state, PlayerKicked(player=move.player))


def players_left(state: State) -> int:
    return sum(not s.kicked for s in state.seats.values())


def remove(state: State, why: PlayerKicked | PlayerForfeited) -> list[Event]:
    """A player leaves the match, kicked (AA-D3) or conceding (AA-D11): their standing
    submissions count as none; they keep what they hold but make no more moves and are
    not ranked at the end. The last player left is neither kicked nor conceding."""
    seat = state.seats[why.player]
    seat.kicked = True
    seat.access_bid = None
    seat.lot_bids.clear()
    return [why.told()]
