"""The host's moves: a player removed (PM-D17) or conceding (PM-D22), and what closing each
decision does, everyone awaited taking the default (PM-D15; which applies is the open
decision's, `games.project_mars.decisions.TABLE`)."""

from __future__ import annotations

from games.core.errors import RuleError
from games.core.events import PlayerForfeited, PlayerKicked
from games.project_mars.deck_phase import take_deck
from games.project_mars.decks import DEFAULT_DECK
from games.project_mars.events import DefaultsApplied
from games.project_mars.flow import after_deck, after_mulligan_step
from games.project_mars.mulligan import keep, mulligan
from games.project_mars.player_turn import choose, pass_turn
from games.project_mars.resolution import end_match
from games.project_mars.table import Table


def kick(table: Table, player: str) -> None:
    """PM-D17: a removed player forfeits; the other player wins at once."""
    if player not in table.state.players:
        raise RuleError("unknown_player", "{player} is not playing in this match.", player=player)
    remove(table, player, PlayerKicked)


def remove(table: Table, player: str, why: type[PlayerKicked | PlayerForfeited]) -> None:
    """PM-D17: a player kicked or conceding (PM-D22) forfeits (`why` tells which); the other
    player wins at once."""
    table.seat(player).kicked = True
    table.public(why, player=player)
    table.state.pending = None
    end_match(table, table.other(player), player)


def _defaults(table: Table, awaited: list[str]) -> None:
    """PM-D15: the players awaited take the defaults, told to everyone."""
    state = table.state
    table.public(DefaultsApplied, round=state.round, phase=state.phase, players=awaited)


def close_deck(table: Table, awaited: list[str]) -> None:
    """PM-D15: whoever has not chosen a deck gets the first ready deck."""
    _defaults(table, awaited)
    for player in awaited:
        take_deck(table, player, DEFAULT_DECK)
    after_deck(table)


def close_mulligan(table: Table, awaited: list[str]) -> None:
    """PM-D15: whoever has not finished keeps their whole back hand and mulligans nothing."""
    _defaults(table, awaited)
    for player in awaited:
        seat = table.seat(player)
        if not seat.kept:
            keep(table, player, list(seat.back_hand))
        if not seat.ready:
            mulligan(table, player, [])
    after_mulligan_step(table)


def close_choice(table: Table, awaited: list[str]) -> None:
    """PM-D15: the choice's first option is taken."""
    _defaults(table, awaited)
    pending = table.state.pending
    assert pending is not None
    choose(table, pending.player, pending.options[0].id)


def close_turn(table: Table, awaited: list[str]) -> None:
    """PM-D15: the player whose turn it is passes."""
    _defaults(table, awaited)
    player = table.state.turn
    assert player is not None
    pass_turn(table, player, auto=True)
