"""`python -m games replay FILE`: play a match record and print what happened as JSON.
`python -m games marsbot pick|discard ...`: MARSBOT's draft pick or discard as JSON
(`games/marsbot_draft/cli.py`).
`python -m games atrades payout|govt ...`: Atrades' merger payouts as JSON
(`games/atrades/cli.py`).
`python -m games simulate atrades --games N [--seed S] [--players P] [--seats greedy|random]`:
N games between computer seats, with the figures of docs/rules/atrades.md "Balance", as JSON.

FILE may be `-` for standard input. A malformed file, or any bad argument, exits with status 2
and one line on standard error; a rejected move is reported in the output and skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn

from pydantic import ValidationError

from games.atrades import cli as atrades
from games.atrades.simulate import PLAYERS, simulate
from games.core.engine import explain
from games.core.match import MatchRecord, replay
from games.marsbot_draft import cli as marsbot
from games.registry import engine_for


class _Parser(argparse.ArgumentParser):
    """Its refusals of the arguments are one line on standard error and status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message}\n")


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m games", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="replay a match record")
    replay_parser.add_argument("file", help="the record's path, or - for standard input")
    marsbot.add_parser(commands)
    atrades.add_parser(commands)
    simulate_parser = commands.add_parser("simulate", help="games between computer seats")
    simulate_parser.add_argument("game", choices=["atrades"], help="the game")
    simulate_parser.add_argument("--games", type=int, required=True, help="how many games")
    simulate_parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    simulate_parser.add_argument("--players", type=int, default=4, help="seats, 2 to 5")
    simulate_parser.add_argument(
        "--seats", choices=sorted(PLAYERS), default="greedy", help="the computer players"
    )
    args = parser.parse_args(argv)
    if args.command == "marsbot":
        return marsbot.run(args)
    if args.command == "atrades":
        return atrades.run(args)
    if args.command == "simulate":
        if not 1 <= args.games <= 1_000_000 or not 2 <= args.players <= 5:
            parser.error("--games is from 1 to 1000000 and --players from 2 to 5")
        figures = simulate(args.games, args.seed, args.players, args.seats)
        json.dump(figures, sys.stdout)
        sys.stdout.write("\n")
        return 0

    try:
        record = MatchRecord.model_validate_json(_read(args.file))
        report = replay(engine_for(record.game), record)
    except OSError as error:
        print(f"error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    except ValidationError as error:
        print(f"error: not a match record: {explain(error)}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    json.dump(report.to_json(), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
