"""`python -m games simulate <game>`: whole matches between Dealer's computer seats, each at
its level (`--seats strong,normal,normal,normal`), played as the bot plays them (each seat
from its own view and legal actions, the host closing a phase nobody is waited for), with
the figures that say the game ends and who wins: matches ended and stuck, moves found
breaking conservation, rounds played, the win rate per seat and per level, and each level's
decision times (the median and the 95th percentile, in seconds: on the clock, and of the
process's CPU, which a loaded machine does not inflate)."""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.seats import LEVELS, ComputerPlayer, Seat
from games.registry import COMPUTERS, engine_for

#: A match that has not ended after this many moves is stuck.
MOVES_AT_MOST = 20_000
#: How long a strong seat may search for one decision, in seconds, as in the bot.
BUDGET = 2.0


def parse_seats(text: str, computer: ComputerPlayer, engine: Engine[Any, Any]) -> list[str]:
    """The seats' levels from `normal,strong,...`; raises ValueError naming what is wrong."""
    seats = [word.strip() for word in text.split(",")]
    wrong = [s for s in seats if s not in computer.levels]
    if wrong:
        raise ValueError(
            f"{engine.title}'s computer player plays at {', '.join(computer.levels)}, "
            f"not {', '.join(wrong)}"
        )
    if not engine.min_players <= len(seats) <= engine.max_players:
        raise ValueError(
            f"{engine.title} takes {engine.min_players} to {engine.max_players} seats, "
            f"not {len(seats)}"
        )
    return seats


def _stop(budget: float | None, iterations: int | None) -> Callable[[int], bool]:
    """A strong seat's search stops after `iterations` (the same every run), else after
    `budget` seconds."""
    if iterations is not None:
        return lambda done: done >= iterations
    end = time.monotonic() + (BUDGET if budget is None else budget)
    return lambda _done: time.monotonic() >= end


def play(
    game: str,
    seats: list[str],
    seed: int,
    budget: float | None = None,
    iterations: int | None = None,
    timings: dict[str, list[float]] | None = None,
    cpu: dict[str, list[float]] | None = None,
    decided: Callable[[Any, Seat, dict[str, Any] | None], None] | None = None,
) -> tuple[Any, int, int, bool]:
    """One match: its final state, the moves found breaking conservation, the rounds played
    (the highest round any phase named), and whether it got stuck. `decided` is told each
    seat's decision with the state it was made in (tests/conformance/test_fair_seats.py)."""
    engine = engine_for(game)
    computer = COMPUTERS[game]
    names = [f"p{i}" for i in range(len(seats))]
    level = dict(zip(names, seats, strict=True))
    state, _ = engine.setup(names, engine.parse_options({}), seed)
    conserved = engine.conserved(state)
    violations = rounds = 0
    done: set[str] = set()
    wait: tuple[str, ...] = ()
    for moves in range(MOVES_AT_MOST):
        if engine.is_finished(state):
            return state, violations, rounds, False
        turn = engine.turn(state)
        rounds = max([rounds, *(p.round or 0 for p in turn.phases)])
        if turn.wait != wait:
            wait, done = turn.wait, set()
        owed = [*turn.must, *(p for p in turn.may if computer.several and p not in turn.must)]
        moved = False
        for player in (p for p in owed if p not in done):
            actions = engine.legal_actions(state, player)
            if not actions:
                continue
            number = names.index(player) + 1
            seat = Seat(player, number, seed, moves, level[player], _stop(budget, iterations))
            began, began_cpu = time.perf_counter(), time.process_time()
            move = computer.levels[level[player]](engine.view(state, player), actions, seat)
            if timings is not None:
                timings[level[player]].append(time.perf_counter() - began)
            if cpu is not None:
                cpu[level[player]].append(time.process_time() - began_cpu)
            if decided is not None:
                decided(state, seat, move)
            if move is None:
                done.add(player)
                continue
            engine.apply(state, player, engine.parse_move(move))
            moved = True
            break
        hosted = computer.host(engine.view(state, None)) if computer.host and not moved else None
        if hosted is not None:
            engine.apply(state, HOST, engine.parse_move(hosted))
        elif not moved:
            try:
                engine.apply(state, HOST, engine.parse_move({"type": "close_phase"}))
            except RuleError:
                return state, violations, rounds, True
        if engine.conserved(state) != conserved:
            violations += 1
    return state, violations, rounds, True


def simulate(
    game: str,
    seats: list[str],
    games: int,
    seed: int = 0,
    budget: float | None = None,
    iterations: int | None = None,
) -> dict[str, Any]:
    """Plays `games` matches of `seats` (each seat's level), seeds from `seed` on."""
    ended = stuck = violations = rounds = 0
    wins: dict[int, float] = defaultdict(float)
    timings: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    for number in range(games):
        state, broken, played, got_stuck = play(
            game, seats, seed + number, budget, iterations, timings, cpu
        )
        violations += broken
        if got_stuck:
            stuck += 1
            continue
        ended += 1
        rounds += played
        winners = _winners(game, state)
        for winner in winners:
            wins[int(winner[1:])] += 1 / len(winners)
    per_level: dict[str, float] = defaultdict(float)
    for index, level in enumerate(seats):
        per_level[level] += wins[index] / seats.count(level)
    share = ended or 1
    return {
        "game": game,
        "games": games,
        "seed": seed,
        "seats": seats,
        "ended": ended,
        "stuck": stuck,
        "conservation_violations": violations,
        "rounds": round(rounds / ended, 2) if ended else None,
        "fair_share": round(1 / len(seats), 3),
        "win_rate": {
            "seat": {str(i): round(wins[i] / share, 3) for i in range(len(seats))},
            "level": {lv: round(per_level[lv] / share, 3) for lv in LEVELS if lv in seats},
        },
        "decision_seconds": _spread(timings),
        "decision_cpu_seconds": _spread(cpu),
    }


def _spread(timings: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    """Each level's median and 95th percentile of its decisions' times."""
    return {
        lv: {"median": round(statistics.median(times), 4), "p95": round(_p95(times), 4)}
        for lv, times in sorted(timings.items())
    }


def _winners(game: str, state: Any) -> list[str]:
    """Who won the finished match: the engine's placings, or in a game without winners
    those who came away with the most (`ComputerPlayer.standings`)."""
    engine = engine_for(game)
    placings = engine.placings(state)
    winners = placings.winners if placings is not None else []
    standings = COMPUTERS[game].standings
    if winners or standings is None:
        return winners
    worths = standings(engine.view(state, None))
    best = max(worths.values(), default=0.0)
    return [p for p, w in worths.items() if w == best]


def _p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
