"""Project Mars practice opponent against a uniformly random player: a program, not a test.

    .venv/bin/python tests/benchmarks/bench_practice.py [--games 200] [--deck fortress]

Plays complete matches between `games.project_mars.practice.practice_move` and a player who
picks uniformly among the legal moves of its own view (a ready deck, any subset of its back
hand, any mulligan, pass or any card on any slot, any option). Both decide from their own
view only; the practice seat takes the first seat in even games and the second in odd ones.
Game n uses match seed n and practice seed n. Prints wins, draws and losses of the practice
player, by seat and by the random player's deck, and the time per match. Target: the
practice player wins at least 80 % of the games.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections import Counter
from typing import Any

from machine import cpu_model, pin_to_one_core

from games.core.match import Match
from games.project_mars import ENGINE
from games.project_mars.decks import READY_DECKS
from games.project_mars.model import Legal
from games.project_mars.practice import practice_move
from games.project_mars.views import PlayerView

TARGET_WIN_RATE = 0.8
PLAYERS = ["ann", "bob"]


def random_move(legal: Legal, rnd: random.Random) -> dict[str, Any]:
    """A uniformly random legal move, from the seat's legal moves (`ProjectMars.legal`)."""
    if legal.deck:
        return {"type": "deck", "deck": rnd.choice(sorted(READY_DECKS))}
    if legal.keep is not None:
        return {"type": "keep", "cards": [c for c in legal.keep if rnd.random() < 0.5]}
    if legal.mulligan is not None:
        cards = legal.mulligan.cards
        count = rnd.randint(0, min(legal.mulligan.max, len(cards)))
        return {"type": "mulligan", "cards": rnd.sample(cards, count)}
    if legal.choose:
        return {"type": "choose", "option": rnd.choice(legal.choose).id}
    moves: list[dict[str, Any]] = [{"type": "pass"}]
    for play in legal.plays:
        if play.target == "utility":
            moves.append({"type": "play", "card": play.card})
        moves.extend({"type": "play", "card": play.card, "slot": s} for s in play.slots)
    return rnd.choice(moves)


def play(game: int, deck: str | None) -> tuple[str, str, str]:
    """One match; (outcome for the practice player: win/draw/loss, its seat, the random
    player's deck)."""
    practice = PLAYERS[game % 2]
    rnd = random.Random(f"random player {game}")
    options = {"decks": {practice: deck}} if deck else {}
    match, _ = Match.start(ENGINE, PLAYERS, options, game)
    while not match.finished:
        player = ENGINE.view(match.state, None).to_act[0]
        if player == practice:
            view = ENGINE.view(match.state, player)
            assert isinstance(view, PlayerView)
            move = practice_move(view, ENGINE.legal_actions(match.state, player), game)
        else:
            move = random_move(ENGINE.legal(match.state, player), rnd)
        match.submit(player, move)
    result = match.state.result
    assert result is not None
    other = PLAYERS[1 - game % 2]
    outcome = "draw" if result.winner is None else "win" if result.winner == practice else "loss"
    return outcome, practice, match.state.seats[other].deck_name or "?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="matches to play")
    parser.add_argument(
        "--deck", choices=sorted(READY_DECKS), help="preset the practice player's deck"
    )
    args = parser.parse_args()
    pinned = pin_to_one_core()
    totals: Counter[str] = Counter()
    by_seat: dict[str, Counter[str]] = {p: Counter() for p in PLAYERS}
    by_deck: dict[str, Counter[str]] = {}
    began = time.perf_counter()
    for game in range(args.games):
        outcome, seat, deck = play(game, args.deck)
        totals[outcome] += 1
        by_seat[seat][outcome] += 1
        by_deck.setdefault(deck, Counter())[outcome] += 1
    elapsed = time.perf_counter() - began

    def line(counts: Counter[str]) -> str:
        games = sum(counts.values())
        return (
            f"{counts['win']} won, {counts['draw']} drawn, {counts['loss']} lost "
            f"of {games} ({counts['win'] / games:.1%} won)"
        )

    print(f"machine: {os.cpu_count()} cores, {cpu_model()}, {pinned}")
    print(f"python: {sys.version.split()[0]} ({platform.python_implementation()})")
    print(f"practice deck: {args.deck or 'its own choice'}")
    print(f"practice player: {line(totals)}")
    for seat, counts in by_seat.items():
        print(f"  in the {'first' if seat == PLAYERS[0] else 'second'} seat: {line(counts)}")
    for deck, counts in sorted(by_deck.items()):
        print(f"  against {deck}: {line(counts)}")
    print(f"time: {elapsed / args.games * 1000:.0f} ms per match, {elapsed:.1f} s in all")
    met = totals["win"] / args.games >= TARGET_WIN_RATE
    print(f"target (win >= {TARGET_WIN_RATE:.0%}):", "met" if met else "MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
