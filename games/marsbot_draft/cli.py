"""`python -m games marsbot pick|discard`: MARSBOT's pick or discard for scripts and bug
reports, printed as one JSON object on one line, `{"chosen", "candidates", "keys"}`
(`Decision.report`).

PRIORITY is a corporation's name or a priority written out (`building>space`, `venus>jovian`,
`power+jovian>earth`, `most-expensive`, `most-tags`, `lowest-track`); Aridor's (lowest-track)
needs `--tracks`. CARDS are `;`-separated catalogue names, or `name:cost:tag+tag` for a card
the catalogue does not hold. Draws come from `--seed` (default 0), so a run is repeatable.
"""

from __future__ import annotations

import argparse
import json
import sys

from games.core.errors import RuleError
from games.core.rng import RandomSource
from games.marsbot_draft.cards import parse_cards
from games.marsbot_draft.draft import discard, pick
from games.marsbot_draft.priority import LowestTrack, freeze, parse_levels, parse_priority

#: MARSBOT keeps four cards, so it discards from four; a pick is from a pile of one to four.
KEPT = 4


def add_arguments(marsbot: argparse.ArgumentParser) -> None:
    """`marsbot pick` and `marsbot discard`: the arguments of the CLI's `marsbot` command."""
    actions = marsbot.add_subparsers(dest="action", required=True)
    for action, text in (
        ("pick", "the card MARSBOT takes from a pile of 1 to 4 cards"),
        ("discard", "the card MARSBOT discards from the 4 it kept, or none"),
    ):
        parser = actions.add_parser(action, help=text, description=text)
        parser.add_argument(
            "--priority",
            required=True,
            help="a corporation's name, or written out: building>space, most-expensive, ...",
        )
        parser.add_argument(
            "--cards", required=True, help="';'-separated names, or name:cost:tag+tag"
        )
        parser.add_argument("--seed", type=int, default=0, help="the draws' seed (default 0)")
        parser.add_argument(
            "--tracks", help="Aridor: MARSBOT's track levels, as 'building 3, space 5, ...'"
        )
        parser.add_argument(
            "--aridor-tracks",
            choices=("level", "cascade"),
            default="level",
            help="Aridor: a track's tags as one level (default) or a cascade",
        )
        if action == "discard":
            parser.add_argument("--spire-rule", choices=("czech", "english"), default="czech")
            parser.add_argument("--difficulty", choices=("normal", "brutal"), default="normal")


def run(args: argparse.Namespace) -> int:
    """Print the decision; a bad argument exits 2 with one line on standard error."""
    try:
        _, priority = parse_priority(args.priority)
        if args.tracks is not None and not isinstance(priority, LowestTrack):
            raise RuleError("bad_tracks", "--tracks is only for Aridor's lowest-track priority.")
        levels = parse_levels(args.tracks) if args.tracks is not None else None
        frozen = freeze(priority, levels, args.aridor_tracks)
        cards = parse_cards(args.cards)
        rng = RandomSource(seed=args.seed)
        if args.action == "pick":
            if not 1 <= len(cards) <= KEPT:
                raise RuleError(
                    "pile_size",
                    "A pile has 1 to {kept} cards, not {count}.",
                    kept=KEPT,
                    count=len(cards),
                )
            decision = pick(cards, frozen, rng)
        else:
            if len(cards) != KEPT:
                raise RuleError(
                    "pile_size",
                    "MARSBOT discards from the {kept} cards it kept, not {count}.",
                    kept=KEPT,
                    count=len(cards),
                )
            decision = discard(
                cards,
                frozen,
                rng,
                spire_rule=args.spire_rule,
                brutal=args.difficulty == "brutal",
            )
    except RuleError as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 2
    json.dump(decision.report(), sys.stdout)
    sys.stdout.write("\n")
    return 0
