"""`python -m games atrades payout|govt`: Atrades' merger arithmetic for players at a table
and for bug reports, printed as one JSON object on one line.

`payout --sizes S1,S2 --bid N`: the auction track as the cubes are placed (A the starter's
company of S1 spaces, B the other of S2, AT-11), the dollars on each space after N is paid
around it (AT-14), and each company's share. `govt --money N`: the Govt. chart's payout for a
company holding $N (AT-17).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from games.atrades.payout import auction_track, govt_payout, pay_around, shares
from games.core.errors import typed

#: Larger than any company or bid a game can have; beyond it an argument is a typing slip.
MOST = 10_000


class _Refused(Exception):
    pass


def add_arguments(atrades: argparse.ArgumentParser) -> None:
    """`atrades payout` and `atrades govt`: the arguments of the CLI's `atrades` command."""
    actions = atrades.add_subparsers(dest="action", required=True)
    payout = actions.add_parser(
        "payout",
        help="a player merger's auction track and the winning bid paid around it",
        description="a player merger's auction track and the winning bid paid around it",
    )
    payout.add_argument("--sizes", required=True, help="the two companies' spaces, as S1,S2")
    payout.add_argument("--bid", required=True, help="the winning bid in dollars")
    govt = actions.add_parser(
        "govt",
        help="the Atrades Govt. payout for a company's money",
        description="the Atrades Govt. payout for a company's money",
    )
    govt.add_argument("--money", required=True, help="the dollars on the company's card")


def _count(text: str, what: str, least: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise _Refused(f"{what} is a whole number, not {typed(text)}.") from None
    if not least <= value <= MOST:
        raise _Refused(f"{what} is from {least} to {MOST}, not {value}.")
    return value


def run(args: argparse.Namespace) -> int:
    """Print the figures; a bad argument exits 2 with one line on standard error."""
    try:
        if args.action == "payout":
            report = _payout(args.sizes, args.bid)
        else:
            result = govt_payout(_count(args.money, "--money", 0))
            report = {
                "vp": result.vp,
                "rows": [list(row) for row in result.rows],
                "to_supply": result.to_supply,
            }
    except _Refused as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")
    return 0


def _payout(sizes_text: str, bid_text: str) -> dict[str, Any]:
    parts = sizes_text.split(",")
    if len(parts) != 2:
        raise _Refused(f"--sizes is two companies' spaces, like 3,2, not {typed(sizes_text)}.")
    sizes = [_count(part, "A company's size", 1) for part in parts]
    track = auction_track(sizes[0], sizes[1])
    bid = _count(bid_text, "--bid", 0)
    if bid < len(track):
        raise _Refused(
            f"A winning bid is at least $1 per cube on the track, ${len(track)}; not ${bid}."
        )
    spaces = pay_around(len(track), bid)
    return {"track": track, "spaces": spaces, "shares": shares(track, spaces)}
