"""The host's moves: a player removed (PM-D17) or conceding (PM-D22), and a phase closed,
everyone awaited taking the default (PM-D15)."""

from __future__ import annotations

from games.core.errors import RuleError
from games.core.events import PlayerForfeited, PlayerKicked
from games.project_mars.deck_phase import take_deck
from games.project_mars.decks import DEFAULT_DECK
from games.project_mars.events import DefaultsApplied
from games.project_mars.flow import after_deck, after_mulligan_step, awaiting
from games.project_mars.mulligan import keep, mulligan
from games.project_mars.player_turn import choose, pass_turn
from games.project_mars.resolution import end_match
from games.project_mars.table import Table


def kick(table: Table, player: str) -> None:
    """PM-D17: a removed player forfeits; the other player wins at once."""
    if player not in table.state.players:
        raise RuleError("unknown_player", f"{player} is not playing in this match.")
    remove(table, player, PlayerKicked)


def remove(table: Table, player: str, why: type[PlayerKicked | PlayerForfeited]) -> None:
    """PM-D17: a player kicked or conceding (PM-D22) forfeits (`why` tells which); the other
    player wins at once."""
    table.seat(player).kicked = True
    table.public(why, player=player)
    table.state.pending = None
    end_match(table, table.other(player), player)


def close_phase(table: Table) -> None:
    """PM-D15: whoever must act takes the default: the first ready deck, keeping the whole
    back hand, no mulligan, a pass, or a decision's first option."""
    state = table.state
    awaited = awaiting(state)
    table.public(DefaultsApplied, round=state.round, phase=state.phase, players=awaited)
    if state.phase == "deck":
        for player in awaited:
            take_deck(table, player, DEFAULT_DECK)
        after_deck(table)
    elif state.phase == "mulligan":
        for player in awaited:
            seat = table.seat(player)
            if not seat.kept:
                keep(table, player, list(seat.back_hand))
            if not seat.ready:
                mulligan(table, player, [])
        after_mulligan_step(table)
    elif state.phase == "choice" and state.pending is not None:
        choose(table, state.pending.player, state.pending.options[0].id)
    elif state.turn is not None:
        pass_turn(table, state.turn, auto=True)
