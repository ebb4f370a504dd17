"""`python -m games simulate atrades`: whole games between computer seats (playout.py), with
the figures that show the game ends and is fair: how many games ended or got stuck, money or
tiles found not conserved, rounds played, who won by guild board and by seat, and what the
guilds chose to do (docs/rules/atrades.md "Balance")."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.atrades.decisions import must
from games.atrades.engine import Atrades
from games.atrades.playout import Player, greedy_player, random_player
from games.core.engine import HOST

#: A game that has not ended after this many moves is stuck.
MOVES_AT_MOST = 3_000
#: The actions a guild chooses on its turn, whose shares the simulation counts.
TURN_ACTIONS = ("acquire", "merge", "govt", "research", "pass")
PLAYERS: dict[str, Player] = {"greedy": greedy_player, "random": random_player}


def play(
    engine: Atrades, players: int, seed: int, seats: list[Player]
) -> tuple[Any, Counter[str], Counter[str], int, bool]:
    """One game: the final state, the turn actions and technologies chosen, the moves found
    breaking conservation, and whether it got stuck."""
    names = [f"p{i}" for i in range(players)]
    state, _ = engine.setup(names, engine.parse_options({}), seed)
    rnd = random.Random(seed)
    chosen: Counter[str] = Counter()
    techs: Counter[str] = Counter()
    violations = 0
    for _ in range(MOVES_AT_MOST):
        if engine.is_finished(state):
            return state, chosen, techs, violations, False
        waiting = must(state)
        if not waiting:
            actor, move = HOST, {"type": "close_phase"}
        else:
            seat = waiting[0]
            actor = names[seat]
            move = seats[seat](
                engine.summary(state, actor), engine.legal_actions(state, actor), rnd
            )
            if state.flow.step == "actions" and state.merger is None and not state.free_acquires:
                chosen[move["type"]] += 1
                if move["type"] == "research":
                    techs[move["technology"]] += 1
        engine.apply(state, actor, engine.parse_move(move))
        if any(engine.conserved(state).values()):
            violations += 1
    return state, chosen, techs, violations, True


def simulate(games: int, seed: int = 0, players: int = 4, seat: str = "greedy") -> dict[str, Any]:
    """Plays `games` games of `players` computer seats of one kind, seeds from `seed` on."""
    engine = Atrades()
    kind = PLAYERS[seat]
    ended = stuck = violations = rounds = 0
    chosen: Counter[str] = Counter()
    techs: Counter[str] = Counter()
    by_guild: dict[str, float] = {}
    played_guild: Counter[str] = Counter()
    by_seat: dict[int, float] = {}
    for number in range(games):
        state, turn_moves, researched, broken, got_stuck = play(
            engine, players, seed + number, [kind] * players
        )
        chosen += turn_moves
        techs += researched
        violations += broken
        stuck += got_stuck
        if got_stuck:
            continue
        ended += 1
        rounds += state.round
        for guild in state.guilds:
            played_guild[guild.guild] += 1
        for winner in state.winners:
            guild = state.guilds[winner].guild
            by_guild[guild] = by_guild.get(guild, 0) + 1 / len(state.winners)
            by_seat[winner] = by_seat.get(winner, 0) + 1 / len(state.winners)
    total_choices = sum(chosen.values()) or 1
    total_techs = sum(techs.values()) or 1
    return {
        "games": games,
        "players": players,
        "seats": seat,
        "ended": ended,
        "stuck": stuck,
        "conservation_violations": violations,
        "rounds": round(rounds / ended, 2) if ended else None,
        "win_rate": {
            "guild": {
                g: round(by_guild.get(g, 0) / played_guild[g], 3) for g in sorted(played_guild)
            },
            "seat": {str(s): round(by_seat.get(s, 0) / (ended or 1), 3) for s in range(players)},
        },
        "fair_share": round(1 / players, 3),
        "actions": {a: round(chosen[a] / total_choices, 3) for a in TURN_ACTIONS},
        "technologies": {t: round(n / total_techs, 3) for t, n in sorted(techs.items())},
    }
