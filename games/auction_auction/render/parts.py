"""What every board of Auction Auction shares: its sizes, and the words for money and cubes its
images and alt texts share; and the sentences of a player's 1-on-1, which its texts and its
card's alt text both say (`match_words`, `cash_words`, `access_bid_words`, `REMOVED_WORDS`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.auction_auction.events import AccessResolved
from games.auction_auction.model import COLOUR_NAMES, HOUSES, PHASES
from games.auction_auction.views import AccessRound, OwnSeat, StandingAccessBid
from games.core.speech import N_, _, ngettext

WIDTH = 960
MARGIN = 28
GAP = 16
KICKER = "AUCTION AUCTION"
Name = Callable[[str], str]
#: A round's access results: the `access_resolved` event, or a closed Access phase of a view.
Access = AccessResolved | AccessRound


def money(amount: int) -> str:
    return f"${amount:,}"


def cubes_words(colour: str, count: int) -> str:
    """ "2 red cubes", in the language in force."""
    colour = _(COLOUR_NAMES.get(colour, colour))
    return ngettext("{count} {colour} cube", "{count} {colour} cubes", count).format(
        count=count, colour=colour
    )


#: A 1-on-1 of a player removed by the host (AA-D3) or who conceded (AA-D11): a message id,
#: translated where it is said.
REMOVED_WORDS = N_("You no longer play in this match (removed by the host, or conceded).")


def match_words(round_: int, rounds: int, phase: str) -> str:
    """Where the match stands, as a 1-on-1 heads it."""
    return _("Auction Auction, round {round} of {rounds}, {phase}").format(
        round=round_, rounds=rounds, phase=_(PHASES[phase])
    )


def cash_words(me: OwnSeat) -> str:
    """A player's cash, what of it no sealed bid promises (AA-15), and their garnets (the
    words 1-on-1s said before the card had an alt text: stored matches still say them)."""
    return _("Cash: ${cash} (${free} not promised to sealed bids) · Garnets: {garnets}").format(
        cash=me.cash, free=me.uncommitted, garnets=me.garnets
    )


def access_bid_words(bid: StandingAccessBid | None) -> str:
    """A player's standing sealed access bid (AA-5), or that none means the Black Market."""
    if bid is None:
        return _("You have not bid for a house yet (no bid = the Black Market).")
    return _("Your sealed access bid: {house}, ${amount}.").format(
        house=HOUSES.get(bid.house, bid.house), amount=bid.amount
    )


CHIP_H = 38
CHIP_GAP = 10
#: Names in chips are cut to this width, so that one long name does not take a row.
CHIP_NAME = 210


def wrap_chips(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """Indices of items laid out left to right, wrapping to new rows to stay within `room`."""
    rows: list[list[int]] = []
    used = room + 1
    for index, w in enumerate(widths):
        if rows and used + gap + w <= room:
            rows[-1].append(index)
            used += gap + w
        else:
            rows.append([index])
            used = w
    return rows
