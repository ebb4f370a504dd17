"""What a guild may do now, as the engine contract's actions (docs/engine-contract.md): each
move with the steps a player answers, in order. Every list is built from `choices.py` and
the money a guild holds, so each action it offers is one the rules accept."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from games.atrades.choices import free_hexes, govt_companies, merger_pairs, technologies
from games.atrades.data import TECHNOLOGY_BY_ID, TYPE_NAMES, company_called, starting_type
from games.atrades.flow import acting, bidders, company_name
from games.atrades.market import expansion_hexes
from games.atrades.merger import to_bid
from games.atrades.model import Company, State
from games.atrades.money import capacity, owned
from games.core.contract import Action, Amount, BoardAction, Choice, Pick
from games.core.speech import N_

if TYPE_CHECKING:
    from games.atrades.views import PublicView

PURSE = "purse"
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

# The actions that are always the same, made once (frozen, and their moves never changed).
_DECLINE_EXPANSION = Action(key="decline", label=DO_NOT_EXPAND, move={"type": "decline"})
_PASS_AUCTION = Action(key="pass", label=PASS_AUCTION, move={"type": "pass"})
_DROP_OUT = Action(
    key="drop", label=N_("Drop out"), move={"type": "final_bid", "amount": None}, sealed=True
)
_DECLINE_FREE_ACQUIRE = Action(key="decline", label=LET_FREE_ACQUIRE_GO, move={"type": "decline"})
_PASS_TURN = Action(key="pass", label=PASS_TURN, move={"type": "pass"})


# -- each decision's actions (`decisions.TABLE`) ------------------------------------------


def bid_actions(state: State, seat: int) -> list[Action]:
    """The turn-order bids: every guild still in may bid, or bid again (AT-D23)."""
    return [_bid(state, seat)]


def expansion_actions(state: State, seat: int) -> list[Action]:
    """The market's next expansion: its company's owner expands it or lets it go."""
    return [make() for make in expansion_offers(state, seat)]


def expansion_offers(state: State, seat: int) -> list[Callable[[], Action]]:
    """`expansion_actions`, each made when it is called: a random playout that lets the
    expansion go makes no pick of the hexes it could grow onto."""
    grower = state.company(state.expansions[0])
    if grower.owner != seat:
        return []
    return [partial(_expand, state, grower), partial(made, _DECLINE_EXPANSION)]


def _expand(state: State, grower: Company) -> Action:
    """AT-D19: the company grows onto one of the free hexes next to it."""
    hexes = _hex_regions(state, expansion_hexes(state, grower.initiative))
    return _expand_action(company_name(grower), *hexes)


@lru_cache(maxsize=1024)
def _expand_action(company: str, labels: tuple[str, ...], regions: tuple[str, ...]) -> Action:
    """The expansion of this company onto these hexes (frozen, so built once for the many
    times they are the same)."""
    return Action(
        key="expand",
        label=_expand_label(company),
        move={"type": "expand"},
        steps=[_hex_pick(labels, regions, N_("Where it grows"))],
    )


def open_actions(state: State, seat: int) -> list[Action]:
    """An open round of a merger's auction: the guild whose turn it is raises (what it can
    pay, AT-12) or passes."""
    merger = state.merger
    assert merger is not None
    if to_bid(merger) != seat:
        return []
    least, most = max(len(merger.track), merger.high + 1), capacity(state, seat)
    if least > most:
        return [_PASS_AUCTION]
    return [_raise(least, most, merger.leader is None), _PASS_AUCTION]


@lru_cache(maxsize=1024)
def _raise(least: int, most: int, opening: bool) -> Action:
    """An open round's raise (or opening bid) within these bounds (built once per bounds)."""
    return Action(
        key="raise",
        label=OPEN_BIDDING if opening else RAISE,
        move={"type": "raise"},
        steps=[Amount(min=least, max=most, label=YOUR_BID)],
    )


def sealed_actions(state: State, seat: int) -> list[Action]:
    """The final sealed round: each guild still bidding makes its final bid or drops out."""
    merger = state.merger
    assert merger is not None
    if seat not in bidders(merger) or seat in merger.sealed:
        return []
    most = capacity(state, seat)
    if merger.high + 1 > most:
        return [_DROP_OUT]
    return [_final_bid(merger.high + 1, most), _DROP_OUT]


@lru_cache(maxsize=1024)
def _final_bid(least: int, most: int) -> Action:
    """The final sealed round's bid within these bounds (built once per bounds)."""
    return Action(
        key="final_bid",
        label=N_("Make your final bid"),
        move={"type": "final_bid"},
        sealed=True,
        steps=[Amount(min=least, max=most, label=N_("Your final bid in $"))],
    )


def settle_actions(state: State, seat: int) -> list[Action]:
    """The auction's winner settles it: where it pays from, the merged company where the
    choice is theirs, the free bureaucracy cube (AT-14 to AT-16)."""
    merger = state.merger
    assert merger is not None
    if merger.winner != seat:
        return []
    steps: list[Pick | Amount] = [_sources(state, seat, merger.high, fixed=True)]
    a, b = (state.company(c) for c in merger.companies)
    if [a.owner, b.owner].count(seat) != 1:
        steps.append(
            Pick(
                field="survivor",
                label=N_("The merged company is"),
                choices=[_company_choice(state, c.initiative) for c in (a, b)],
            )
        )
    steps.append(
        Pick(
            field="cube",
            label=N_("The free bureaucracy cube"),
            choices=[
                Choice(value="take", label=N_("Take it")),
                Choice(value="leave", label=N_("Leave it")),
            ],
        )
    )
    return [
        Action(
            key="settle",
            label=_settle_label(merger.high),
            move={"type": "settle"},
            steps=steps,
        )
    ]


def free_acquire_actions(state: State, seat: int) -> list[Action]:
    """A free Acquire owed after a merger (AT-15): taken or let go."""
    return [make() for make in free_acquire_offers(state, seat)]


def free_acquire_offers(state: State, seat: int) -> list[Callable[[], Action]]:
    """`free_acquire_actions`, each made when it is called: a random playout that lets the
    free Acquire go makes no pick of the free land."""
    if state.free_acquires[0] != seat:
        return []
    return [partial(_acquire, state, TAKE_FREE_ACQUIRE), partial(made, _DECLINE_FREE_ACQUIRE)]


def turn_actions(state: State, seat: int) -> list[Action]:
    """The acting guild's action: Acquire, Merge with or without a cube, a Govt. merger,
    Research, Pass."""
    return [make() for make in turn_offers(state, seat)]


def turn_offers(state: State, seat: int) -> list[Callable[[], Action]]:
    """`turn_actions`, each action made when it is called: a random playout makes only the
    one it draws (making each of them was most of a playout's time, issue 43)."""
    if acting(state) != seat or state.flow.acted:
        return []
    out: list[Callable[[], Action]] = []
    guild = state.seat(seat)
    free = free_hexes(state) if guild.cubes and state.display else []
    if free:
        out.append(partial(_acquire, state, ACQUIRE, free))
    pairs = merger_pairs(state, seat)
    if pairs:
        for cube in (True, False) if guild.cubes else (False,):
            out.append(partial(_merge, state, pairs, cube))
    sellable = govt_companies(state, seat)
    if sellable:
        out.append(partial(_govt, state, sellable))
    cards = technologies(state, seat)
    if cards:
        out.append(partial(_research, tuple(cards), _purse_and_banks(state, seat)))
    out.append(partial(made, _PASS_TURN))
    return out


def made(action: Action) -> Action:
    """An action already made, as an offer (`decisions.offers`) gives it when called."""
    return action


# -- each decision's board buttons, from the public view alone (AT-D27) ------------------------
#
# Whether the acting guild can pay for a technology or a raise is its own business, so the
# board shows every kind of action the decision may offer, and a button for one the guild
# cannot make now is answered in private. The sealed rounds (turn-order bids, a merger's
# final bids) have none: each player bids in their 1-on-1.


def expansion_outline(public: PublicView) -> list[BoardAction]:
    return [
        BoardAction(key="expand", label=_expand_label(company_called(public.expansions[0]))),
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
    return [BoardAction(key="settle", label=_settle_label(merger.high))]


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


def _expand_label(company: str) -> str:
    return N_("Expand {company}").format(company=company)


def _settle_label(price: int) -> str:
    return N_("Pay ${price} and settle").format(price=price)


def _govt(state: State, sellable: list[int]) -> Action:
    """AT-D6: one of the guild's companies sold to the Government."""
    return Action(
        key="govt",
        label=GOVT,
        move={"type": "govt"},
        steps=[
            Pick(
                field="company",
                label=N_("The company"),
                choices=[_company_choice(state, c) for c in sellable],
            )
        ],
    )


def _bid(state: State, seat: int) -> Action:
    """AT-6, AT-7: from personal money (up to it) or a company (up to its bank and the
    money); a new bid replaces a standing one (AT-D23)."""
    banks = tuple(
        (company.initiative, company_name(company), company.bank)
        for company in owned(state, seat)
        if company.bank
    )
    return _bid_action(state.seat(seat).money, banks)


@lru_cache(maxsize=4096)
def _bid_action(money: int, banks: tuple[tuple[int, str, int], ...]) -> Action:
    """The bid from this money and these companies' banks (built once per situation); a
    guild with no bank to pay from is asked the amount alone (a menu of one choice, "your
    money", before it asked nothing)."""
    if not banks:
        return Action(
            key="bid",
            label=BID_FOR_TURN_ORDER,
            move={"type": "bid", "pay_from": PURSE},
            sealed=True,
            steps=[_your_bid(0, money)],
        )
    choices = [_bid_from_purse(money)]
    choices.extend(_bid_from_bank(*company, money) for company in banks)
    return Action(
        key="bid",
        label=BID_FOR_TURN_ORDER,
        move={"type": "bid"},
        sealed=True,
        steps=[Pick(field="pay_from", label=PAY_FROM, choices=choices)],
    )


@lru_cache(maxsize=1024)
def _bid_from_purse(money: int) -> Choice:
    """A bid from personal money (frozen: built once for every bid from as much money)."""
    label = N_("Your money (${money})").format(money=money)
    return Choice(value=PURSE, label=label, then=[_your_bid(0, money)])


@lru_cache(maxsize=4096)
def _bid_from_bank(initiative: int, name: str, bank: int, money: int) -> Choice:
    """A bid from a company's bank, then personal money (built once per situation)."""
    return Choice(
        value=str(initiative),
        label=N_("{company}'s bank (${bank}), then your money").format(company=name, bank=bank),
        then=[_your_bid(1, bank + money)],
    )


@lru_cache(maxsize=4096)
def _your_bid(least: int, most: int) -> Amount:
    """A bid's amount within these bounds (frozen: built once, shared)."""
    return Amount(min=least, max=most, label=YOUR_BID)


def _purse_and_banks(state: State, seat: int) -> tuple[int, tuple[tuple[str, int], ...]]:
    """A guild's money and its companies with money in the bank, by name: what its payment
    choices are made of."""
    banks = tuple((company_name(c), c.bank) for c in owned(state, seat) if c.bank)
    return state.seat(seat).money, banks


@lru_cache(maxsize=4096)
def _research(cards: tuple[str, ...], purse: tuple[int, tuple[tuple[str, int], ...]]) -> Action:
    """AT-19: a technology, then where its cost is paid from (built once per situation)."""
    choices = []
    for t in cards:
        card = TECHNOLOGY_BY_ID[t]
        choices.append(
            Choice(
                value=t,
                label=N_("{technology} (${cost})").format(technology=card.name, cost=card.cost),
                then=[_payable(purse, card.cost, fixed=False)],
            )
        )
    return Action(
        key="research",
        label=RESEARCH,
        move={"type": "research"},
        steps=[Pick(field="technology", label=N_("The technology"), choices=choices)],
    )


def _sources(state: State, seat: int, cost: int, *, fixed: bool = False) -> Pick:
    return _payable(_purse_and_banks(state, seat), cost, fixed=fixed)


@lru_cache(maxsize=4096)
def _payable(purse: tuple[int, tuple[tuple[str, int], ...]], cost: int, *, fixed: bool) -> Pick:
    """AT-7, AT-D24: where a fixed cost can be paid from: the purse if it holds it, each
    company of the guild's whose bank and the purse together hold it."""
    money, banks = purse
    choices = []
    if money >= cost:
        choices.append(Choice(value=PURSE, label=N_("Your money (${money})").format(money=money)))
    for name, bank in banks:
        if bank + money >= cost:
            choices.append(
                Choice(
                    value=name.rsplit(" ", 1)[1],
                    label=(
                        N_("{company}'s bank (${bank}), then your money")
                        if bank < cost
                        else N_("{company}'s bank (${bank})")
                    ).format(company=name, bank=bank),
                )
            )
    if not choices and fixed:
        choices.append(Choice(value=PURSE, label=N_("Your money (${money})").format(money=money)))
    return Pick(field="pay_from", label=PAY_FROM, choices=choices)


def _acquire(state: State, label: str, free: list[str] | None = None) -> Action:
    """AT-9: a starting tile of the display, then free land (`free`, worked out when not
    given)."""
    labels = free_hexes(state) if free is None else free
    return _acquire_action(tuple(state.display), *_hex_regions(state, labels), label)


@lru_cache(maxsize=1024)
def _acquire_action(
    display: tuple[int, ...], labels: tuple[str, ...], regions: tuple[str, ...], label: str
) -> Action:
    """The Acquire of these tiles and hexes (frozen, so built once for the many times they
    are the same: a display and a map change only with an Acquire)."""
    where = _hex_pick(labels, regions, N_("Where it starts"))
    steps = [_tiles_pick(display), where]
    return Action(key="acquire", label=label, move={"type": "acquire"}, steps=steps)


@lru_cache(maxsize=1024)
def _tiles_pick(display: tuple[int, ...]) -> Pick:
    """The pick of a starting tile on display (frozen, so built once per display: the land
    free changes with every expansion, the display only with an Acquire)."""
    return Pick(
        field="tile",
        label=N_("The starting tile"),
        choices=[_choice(str(n), f"{TYPE_NAMES[starting_type(n)]} {n}") for n in display],
    )


def _hex_regions(state: State, labels: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The hexes and the name of the region each lies in."""
    names, board = [r.name for r in state.regions], state.board
    return tuple(labels), tuple([names[board[h]["region"]] for h in labels])


def _hexes(state: State, labels: list[str], label: str) -> Pick:
    """A typed pick of hexes ("B4"), in menus by region."""
    return _hex_pick(*_hex_regions(state, labels), label)


@lru_cache(maxsize=1024)
def _hex_pick(labels: tuple[str, ...], regions: tuple[str, ...], label: str) -> Pick:
    """The pick of these hexes (frozen, so built once for the many times a map is the same)."""
    return Pick(
        field="hex",
        label=label,
        typed=True,
        choices=[_choice(h, h, g) for h, g in zip(labels, regions, strict=True)],
    )


@lru_cache(maxsize=8192)
def _choice(value: str, label: str, group: str | None = None) -> Choice:
    """A choice with no steps after it (frozen: built once, shared by every pick)."""
    return Choice(value=value, label=label, group=group)


def _merge(state: State, pairs: list[tuple[int, int]], cube: bool) -> Action:
    targets: dict[int, list[int]] = {}
    for mine, other in pairs:
        targets.setdefault(mine, []).append(other)
    key = tuple(
        (_company_label(state, mine), tuple(_company_label(state, o) for o in others))
        for mine, others in targets.items()
    )
    return _merge_action(key, cube)


@lru_cache(maxsize=4096)
def _merge_action(
    targets: tuple[tuple[tuple[str, str], tuple[tuple[str, str], ...]], ...], cube: bool
) -> Action:
    """AT-11: a company of the guild's, then one next to it (built once per situation)."""
    choices = [
        Choice(
            value=mine[0],
            label=mine[1],
            then=[
                Pick(
                    field="other",
                    label=N_("The company next to it"),
                    choices=[_choice(v, label) for v, label in others],
                )
            ],
        )
        for mine, others in targets
    ]
    label = MERGE if cube else MERGE_FREE
    return Action(
        key="merge" if cube else "merge_free",
        label=label,
        move={"type": "merge", "cube": cube},
        steps=[Pick(field="company", label=N_("Your company"), choices=choices)],
    )


def _company_label(state: State, initiative: int) -> tuple[str, str]:
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


def _company_choice(state: State, initiative: int) -> Choice:
    return _choice(*_company_label(state, initiative))
