"""`python -m games replay FILE`: play a match record and print what happened as JSON.
`python -m games marsbot pick|discard ...`: MARSBOT's draft pick or discard as JSON
(`games/marsbot_draft/cli.py`).
`python -m games atrades payout|govt ...`: Atrades' merger payouts as JSON
(`games/atrades/cli.py`).
`python -m games simulate GAME --games N [--seed S] [--seats strong,normal,...]
[--iterations I | --budget SECONDS]`: N matches between Dealer's computer seats, one level a
seat, with who wins per seat and per level, as JSON (`games/simulate.py`).
`python -m games simulate atrades --games N [--seed S] [--players P] [--seats greedy|random]`:
Atrades' own figures of docs/rules/atrades.md "Balance" (every seat greedy, or random), as
JSON.

FILE may be `-` for standard input. A malformed file, or any bad argument, exits with status 2
and one line on standard error; a rejected move is reported in the output and skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn

#: Each command and its line of help. A command's arguments are added, and its game
#: imported, only when it is the command given: `python -m games marsbot ...` imports no
#: other game (start-up is most of such a command's time, docs/performance.md).
COMMANDS = {
    "replay": "replay a match record",
    "marsbot": "MARSBOT's draft pick or discard",
    "atrades": "Atrades' merger payouts",
    "simulate": "games between computer seats",
}


class _Parser(argparse.ArgumentParser):
    """Its refusals of the arguments are one line on standard error and status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message}\n")


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _parser(command: str | None) -> _Parser:
    """The command line's parser, with the arguments of `command` alone (None: of none)."""
    parser = _Parser(prog="python -m games", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in COMMANDS.items():
        command_parser = commands.add_parser(name, help=text)
        if name == command:
            _add_arguments(name, command_parser)
    return parser


def _add_arguments(command: str, parser: argparse.ArgumentParser) -> None:
    if command == "replay":
        parser.add_argument("file", help="the record's path, or - for standard input")
    elif command == "marsbot":
        from games.marsbot_draft import cli as marsbot

        marsbot.add_arguments(parser)
    elif command == "atrades":
        from games.atrades import cli as atrades

        atrades.add_arguments(parser)
    else:
        from games.registry import COMPUTERS

        parser.add_argument("game", choices=sorted(COMPUTERS), help="the game")
        parser.add_argument("--games", type=int, required=True, help="how many games")
        parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
        parser.add_argument(
            "--seats",
            default=None,
            help="each seat's level, e.g. strong,normal,normal,normal (default: four normal, "
            "two in a two-player game); for Atrades' own figures, greedy or random (its "
            "default)",
        )
        parser.add_argument(
            "--iterations",
            type=int,
            default=None,
            help="a strong seat's search stops after this many tries (the same every run)",
        )
        parser.add_argument(
            "--budget",
            type=float,
            default=None,
            help="else after this many seconds a decision (default 2)",
        )
        parser.add_argument(
            "--players", type=int, default=4, help="Atrades' own figures: seats, 2 to 5"
        )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = _parser(next((word for word in argv if word in COMMANDS), None))
    args = parser.parse_args(argv)
    if args.command == "marsbot":
        from games.marsbot_draft import cli as marsbot

        return marsbot.run(args)
    if args.command == "atrades":
        from games.atrades import cli as atrades

        return atrades.run(args)
    if args.command == "simulate":
        if not 1 <= args.games <= 1_000_000:
            parser.error("--games is from 1 to 1000000")
        json.dump(_simulate(parser, args), sys.stdout)
        sys.stdout.write("\n")
        return 0
    return _replay(args.file)


def _simulate(parser: _Parser, args: argparse.Namespace) -> dict[str, object]:
    """The figures of `simulate`: Atrades' own without levels named, else those of
    `games.simulate`."""
    from games.atrades.simulate import PLAYERS

    if args.game == "atrades" and (args.seats is None or args.seats in PLAYERS):
        from games.atrades.simulate import simulate as atrades

        if not 2 <= args.players <= 5:
            parser.error("--players is from 2 to 5")
        return atrades(args.games, args.seed, args.players, args.seats or "greedy")
    from games.registry import COMPUTERS, engine_for
    from games.simulate import parse_seats, simulate

    engine = engine_for(args.game)
    default = ",".join(["normal"] * (2 if engine.max_players == 2 else 4))
    try:
        seats = parse_seats(args.seats or default, COMPUTERS[args.game], engine)
    except ValueError as error:
        parser.error(str(error))
    if args.iterations is not None and args.iterations < 1:
        parser.error("--iterations is at least 1")
    return simulate(args.game, seats, args.games, args.seed, args.budget, args.iterations)


def _replay(file: str) -> int:
    try:
        text = _read(file)
    except OSError as error:
        return _refused(f"cannot read {file}: {error.strerror}")
    except ValueError as error:
        return _refused(str(error))
    # Imported once there is a record to replay: the engines are most of the command's time.
    from pydantic import ValidationError

    from games.core.engine import explain
    from games.core.match import MatchRecord, replay
    from games.registry import engine_for

    try:
        record = MatchRecord.model_validate_json(text)
        report = replay(engine_for(record.game), record)
    except ValidationError as error:
        return _refused(f"not a match record: {explain(error)}")
    except ValueError as error:
        return _refused(str(error))
    json.dump(report.to_json(), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def _refused(line: str) -> int:
    """Say why on one line of standard error; the exit status."""
    print(f"error: {line}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
