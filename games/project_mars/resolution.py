"""RESOLUTION and END ROUND: the round counted (PM-4, PM-7), its winner, the field to the
junkyard and the hands to the back hands; best of three (PM-8, PM-D4) and the match's end."""

from __future__ import annotations

from games.project_mars.counting import score, units
from games.project_mars.events import MarsMatchEnded, RoundResolved, UnsprungTrap
from games.project_mars.model import ROUNDS, Result, RoundResult
from games.project_mars.table import Table


def match_over(rounds: list[RoundResult], wins: dict[str, int]) -> tuple[bool, str | None]:
    """PM-8 and PM-D4: (is the match over, its winner or None for a draw) after a round.
    Two round wins win. Round 1 won and round 2 drawn: the round-1 winner wins. Round 3
    decides: its winner wins; if it is drawn, nobody has won and the match is a draw, even
    when one player won round 2 after a drawn round 1."""
    done = len(rounds)
    leader = next((p for p, n in wins.items() if n >= 2), None)
    if leader is not None:
        return True, leader
    if done == 2 and rounds[0].winner is not None and rounds[1].winner is None:
        return True, rounds[0].winner
    if done < ROUNDS:
        return False, None
    return True, rounds[-1].winner


def resolve_round(table: Table) -> str | None:
    """PM-4, PM-7: count, and the round's winner (None for a draw) gets the round; End
    Round: the field goes to the junkyard and each hand becomes its back hand. Returns the
    round's winner."""
    state = table.state
    counted = score(state.players, units(table))
    first, second = state.players
    tpr = counted.tpr
    winner = first if tpr[first] > tpr[second] else second if tpr[second] > tpr[first] else None
    state.rounds.append(RoundResult(round=state.round, winner=winner, score=counted))
    if winner is not None:
        table.seat(winner).wins += 1
    unsprung = [
        UnsprungTrap(card=table.shown(placed.card), owner=placed.owner, field=field, slot=slot)
        for field in state.players
        for slot, placed in table.seat(field).field.items()
        if placed is not None and placed.face_down
    ]
    table.public(
        RoundResolved,
        round=state.round,
        winner=winner,
        score=counted,
        traps=unsprung,
        wins={p: table.seat(p).wins for p in state.players},
    )
    for field in state.players:
        seat = table.seat(field)
        for slot, placed in seat.field.items():
            if placed is not None:
                seat.field[slot] = None
                table.junk(placed.card)
    for player in state.players:
        seat = table.seat(player)
        seat.back_hand, seat.hand = seat.hand, []
        seat.revealed = []
        seat.utility_played = None
    state.immune = False
    state.pending = None
    return winner


def end_match(table: Table, winner: str | None, forfeit: str | None) -> None:
    state = table.state
    state.result = Result(
        winner=winner,
        wins={p: table.seat(p).wins for p in state.players},
        forfeit=forfeit,
        rounds=list(state.rounds),
    )
    state.phase = "ended"
    state.turn = None
    table.public(
        MarsMatchEnded,
        winner=winner,
        wins=state.result.wins,
        forfeit=forfeit,
        rounds=state.result.rounds,
    )
