"""What the Atrades board shows of a decision (`Decision.outline`, from the public view
alone) and the labels its buttons and menus share with the actions `legal` makes: the buttons
of every kind of action a decision may offer, each answered in private when it is pressed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.atrades.data import company_called
from games.atrades.flow import company_name
from games.core.contract import BoardAction
from games.core.speech import N_

if TYPE_CHECKING:
    from games.atrades.model import State
    from games.atrades.views import PublicView

#: The actions' labels that the board's buttons share (`board_actions`).
DO_NOT_EXPAND = N_("Do not expand")
LET_FREE_ACQUIRE_GO = N_("Let the free Acquire go")
TAKE_FREE_ACQUIRE = N_("Take your free Acquire")
ACQUIRE = N_("Acquire")
MERGE = N_("Merge (a cube on the merger track)")
MERGE_FREE = N_("Merge without a cube")
GOVT = N_("Sell a company to the Government")
RESEARCH = N_("Research")
PASS_TURN = N_("Pass (a cube is spent)")
OPEN_BIDDING = N_("Open the bidding")
RAISE = N_("Raise")
PASS_AUCTION = N_("Pass (out of this auction)")
#: The steps' labels more than one action asks.
YOUR_BID = N_("Your bid in $")
BID_FOR_TURN_ORDER = N_("Bid for turn order")
PAY_FROM = N_("Pay from")


# Whether the acting guild can pay for a technology or a raise is its own business, so the
# board shows every kind of action the decision may offer, and a button for one the guild
# cannot make now is answered in private. The sealed rounds (turn-order bids, a merger's
# final bids) have none: each player bids in their 1-on-1.


def expansion_outline(public: PublicView) -> list[BoardAction]:
    return [
        BoardAction(key="expand", label=expand_label(company_called(public.expansions[0]))),
        BoardAction(key="decline", label=DO_NOT_EXPAND, declines=True),
    ]


def open_outline(public: PublicView) -> list[BoardAction]:
    assert public.merger is not None
    return [
        BoardAction(key="raise", label=RAISE if public.merger.leader else OPEN_BIDDING),
        BoardAction(key="pass", label=PASS_AUCTION, declines=True),
    ]


def settle_outline(public: PublicView) -> list[BoardAction]:
    merger = public.merger
    assert merger is not None
    if not merger.winner:
        return []
    return [BoardAction(key="settle", label=settle_label(merger.high))]


def free_acquire_outline(public: PublicView) -> list[BoardAction]:
    return [
        BoardAction(key="acquire", label=TAKE_FREE_ACQUIRE),
        BoardAction(key="decline", label=LET_FREE_ACQUIRE_GO, declines=True),
    ]


def turn_outline(public: PublicView) -> list[BoardAction]:
    if public.acting is None:
        return []
    return [
        BoardAction(key="acquire", label=ACQUIRE),
        BoardAction(key="merge", label=MERGE),
        BoardAction(key="merge_free", label=MERGE_FREE),
        BoardAction(key="govt", label=GOVT),
        BoardAction(key="research", label=RESEARCH),
        BoardAction(key="pass", label=PASS_TURN, declines=True),
    ]


def expand_label(company: str) -> str:
    return N_("Expand {company}").format(company=company)


def settle_label(price: int) -> str:
    return N_("Pay ${price} and settle").format(price=price)


def company_label(state: State, initiative: int) -> tuple[str, str]:
    """A company as a menu names it: its initiative, and its name, owner, tiles and bank."""
    company = state.company(initiative)
    owner = state.guilds[company.owner].player
    label = (
        N_("{company} ({owner}'s, {count} tile, ${bank})")
        if company.size == 1
        else N_("{company} ({owner}'s, {count} tiles, ${bank})")
    )
    return str(initiative), label.format(
        company=company_name(company), owner=owner, count=company.size, bank=company.bank
    )
