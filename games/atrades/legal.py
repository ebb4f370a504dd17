"""What a guild may do now, as the engine contract's actions (docs/engine-contract.md): each
move with the steps a player answers, in order. Every list is built from `choices.py` and
the money a guild holds, so each action it offers is one the rules accept. Each decision
offers its actions as `Offered`: made when asked, or drawn by a random playout without
being made."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, NamedTuple

from games.atrades.choices import (
    each_free_hex,
    each_govt_company,
    each_merger_pair,
    each_technology,
    exists,
    free_hexes,
    govt_companies,
    merger_pairs,
    technologies,
)
from games.atrades.data import TECHNOLOGY_BY_ID, TYPE_NAMES, company_called, starting_type
from games.atrades.flow import acting, company_name
from games.atrades.market import free_land_next_to
from games.atrades.merger import bidders, to_bid
from games.atrades.model import Company, Merger, State
from games.atrades.money import capacity, owned
from games.atrades.outline import (
    ACQUIRE,
    BID_FOR_TURN_ORDER,
    DO_NOT_EXPAND,
    GOVT,
    LET_FREE_ACQUIRE_GO,
    MERGE,
    MERGE_FREE,
    OPEN_BIDDING,
    PASS_AUCTION,
    PASS_TURN,
    PAY_FROM,
    RAISE,
    RESEARCH,
    TAKE_FREE_ACQUIRE,
    YOUR_BID,
    company_label,
    expand_label,
    settle_label,
)
from games.core.contract import Action, Amount, Choice, Pick
from games.core.speech import N_

if TYPE_CHECKING:
    pass

PURSE = "purse"
# The actions that are always the same, made once (frozen, and their moves never changed).
_DECLINE_EXPANSION = Action(key="decline", label=DO_NOT_EXPAND, move={"type": "decline"})
_PASS_AUCTION = Action(key="pass", label=PASS_AUCTION, move={"type": "pass"})
_DROP_OUT = Action(
    key="drop", label=N_("Drop out"), move={"type": "final_bid", "amount": None}, sealed=True
)
_DECLINE_FREE_ACQUIRE = Action(key="decline", label=LET_FREE_ACQUIRE_GO, move={"type": "decline"})
_PASS_TURN = Action(key="pass", label=PASS_TURN, move={"type": "pass"})


# -- what a decision offers, made when asked, drawn without making it --------------------------


class Offered(NamedTuple):
    """One legal action, made only when asked (`make`: the bot and the computer seats ask),
    and the move a random playout draws from it (`draw`): what `random_build` draws from the
    action made, amounts among the lowest (`small_amount`), by the same draws of `rnd` in the
    same order, without making it. Making the action a random playout drew was most of its
    time (issue 43); tests/atrades/test_random_move.py holds each draw to the action's."""

    make: Callable[[], Action]
    draw: Callable[[random.Random], dict[str, Any]]

    @classmethod
    def fixed(cls, action: Action) -> Offered:
        """An action already made, with nothing to answer: its move is drawn as it is."""
        return cls(partial(made, action), partial(_as_it_is, action))


def made(action: Action) -> Action:
    """An action already made, as an offer gives it when asked."""
    return action


def _as_it_is(action: Action, rnd: random.Random) -> dict[str, Any]:
    return dict(action.move)


# The offers of the actions that are always the same, made once.
_DECLINE_EXPANSION_OFFER = Offered.fixed(_DECLINE_EXPANSION)
_PASS_AUCTION_OFFER = Offered.fixed(_PASS_AUCTION)
_DROP_OUT_OFFER = Offered.fixed(_DROP_OUT)
_DECLINE_FREE_ACQUIRE_OFFER = Offered.fixed(_DECLINE_FREE_ACQUIRE)
_PASS_TURN_OFFER = Offered.fixed(_PASS_TURN)


def small_amount(rnd: random.Random, least: int, most: int) -> int:
    """A random playout's amount: one of the four lowest it may be (so that money lasts)."""
    return rnd.randint(least, min(most, least + 3))


def _picked(rnd: random.Random, count: int) -> int:
    """Which of `count` choices `random_build` picks in a pick of one, by the same draws: the
    number picked, always 1, then one choice, as `rnd.sample(choices, 1)` draws it (one
    number below the count, as `rnd.choice` draws it, without sampling's set-up)."""
    rnd.randint(1, 1)
    return rnd.choice(range(count))


def _one_of(rnd: random.Random, values: Sequence[Any]) -> Any:
    """The value of the choice `random_build` picks among choices of these values."""
    return values[_picked(rnd, len(values))]


def made_all(offers: list[Offered]) -> list[Action]:
    """The offers' actions, each made."""
    return [offer.make() for offer in offers]


# -- each decision's offers (`decisions.TABLE`) ------------------------------------------


def bid_offers(state: State, seat: int) -> list[Offered]:
    """The turn-order bids: every guild still in may bid, or bid again (AT-D23)."""
    money = state.seat(seat).money
    banks = tuple((c.initiative, c.bank) for c in owned(state, seat) if c.bank)
    return [Offered(partial(_bid_action, money, banks), partial(_draw_bid, money, banks))]


def _draw_bid(money: int, banks: tuple[tuple[int, int], ...], rnd: random.Random) -> dict[str, Any]:
    sources = _bid_sources(money, banks)
    value, least, most = sources[_picked(rnd, len(sources))] if banks else sources[0]
    return {"type": "bid", "pay_from": value, "amount": small_amount(rnd, least, most)}


def _bid_sources(money: int, banks: tuple[tuple[int, int], ...]) -> list[tuple[str, int, int]]:
    """AT-7: where a turn-order bid may come from and its bounds there: personal money, up
    to it; a company's bank (by its initiative), then personal money ($1 at least from the
    bank)."""
    return [(PURSE, 0, money), *((str(c), 1, bank + money) for c, bank in banks)]


def expansion_offers(state: State, seat: int) -> list[Offered]:
    """The market's next expansion: its company's owner expands it or lets it go; the hexes
    it could grow onto are worked out only when the expansion is made or drawn."""
    grower = state.company(state.expansions[0])
    if grower.owner != seat:
        return []
    return [
        Offered(partial(_expand, state, grower), partial(_draw_expand, state, grower)),
        _DECLINE_EXPANSION_OFFER,
    ]


def _expand(state: State, grower: Company) -> Action:
    """AT-D19: the company grows onto one of the free hexes next to it."""
    hexes = _hex_regions(state, free_land_next_to(state, grower))
    return _expand_action(company_name(grower), *hexes)


def _draw_expand(state: State, grower: Company, rnd: random.Random) -> dict[str, Any]:
    return {"type": "expand", "hex": _one_of(rnd, free_land_next_to(state, grower))}


@lru_cache(maxsize=1024)
def _expand_action(company: str, labels: tuple[str, ...], regions: tuple[str, ...]) -> Action:
    """The expansion of this company onto these hexes (frozen, so built once for the many
    times they are the same)."""
    return Action(
        key="expand",
        label=expand_label(company),
        move={"type": "expand"},
        steps=[_hex_pick(labels, regions, N_("Where it grows"))],
    )


def open_offers(state: State, seat: int) -> list[Offered]:
    """An open round of a merger's auction: the guild whose turn it is raises (what it can
    pay, AT-12) or passes."""
    merger = state.merger
    assert merger is not None
    if to_bid(merger) != seat:
        return []
    least, most = max(len(merger.track), merger.high + 1), capacity(state, seat)
    if least > most:
        return [_PASS_AUCTION_OFFER]
    return [
        Offered(
            partial(_raise, least, most, merger.leader is None),
            partial(_draw_amount, "raise", least, most),
        ),
        _PASS_AUCTION_OFFER,
    ]


def _draw_amount(kind: str, least: int, most: int, rnd: random.Random) -> dict[str, Any]:
    return {"type": kind, "amount": small_amount(rnd, least, most)}


@lru_cache(maxsize=1024)
def _raise(least: int, most: int, opening: bool) -> Action:
    """An open round's raise (or opening bid) within these bounds (built once per bounds)."""
    return Action(
        key="raise",
        label=OPEN_BIDDING if opening else RAISE,
        move={"type": "raise"},
        steps=[Amount(min=least, max=most, label=YOUR_BID)],
    )


def sealed_offers(state: State, seat: int) -> list[Offered]:
    """The final sealed round: each guild still bidding makes its final bid or drops out."""
    merger = state.merger
    assert merger is not None
    if seat not in bidders(merger) or seat in merger.sealed:
        return []
    least, most = merger.high + 1, capacity(state, seat)
    if least > most:
        return [_DROP_OUT_OFFER]
    return [
        Offered(partial(_final_bid, least, most), partial(_draw_amount, "final_bid", least, most)),
        _DROP_OUT_OFFER,
    ]


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


def settle_offers(state: State, seat: int) -> list[Offered]:
    """The auction's winner settles it (`_settle`)."""
    merger = state.merger
    assert merger is not None
    if merger.winner != seat:
        return []
    return [
        Offered(partial(_settle, state, seat, merger), partial(_draw_settle, state, seat, merger))
    ]


#: AT-16: whether the winner takes the free bureaucracy cube, as the settlement asks it.
_CUBE = (("take", N_("Take it")), ("leave", N_("Leave it")))


def _settle(state: State, seat: int, merger: Merger) -> Action:
    """Where the winner pays from, the merged company where the choice is theirs, the free
    bureaucracy cube (AT-14 to AT-16)."""
    steps: list[Pick | Amount] = [_sources(state, seat, merger.high, fixed=True)]
    if _survivor_chosen(state, seat, merger):
        steps.append(
            Pick(
                field="survivor",
                label=N_("The merged company is"),
                choices=[_company_choice(state, c) for c in merger.companies],
            )
        )
    steps.append(
        Pick(
            field="cube",
            label=N_("The free bureaucracy cube"),
            choices=[Choice(value=value, label=label) for value, label in _CUBE],
        )
    )
    return Action(
        key="settle", label=settle_label(merger.high), move={"type": "settle"}, steps=steps
    )


def _survivor_chosen(state: State, seat: int, merger: Merger) -> bool:
    """AT-15, AT-16: the winner chooses the merged company unless they owned exactly one of
    the two."""
    return [state.company(c).owner for c in merger.companies].count(seat) != 1


def _draw_settle(state: State, seat: int, merger: Merger, rnd: random.Random) -> dict[str, Any]:
    payers = _payers(_purse_and_banks(state, seat), merger.high, fixed=True)
    move = {"type": "settle", "pay_from": _one_of(rnd, payers)[0]}
    if _survivor_chosen(state, seat, merger):
        move["survivor"] = str(_one_of(rnd, merger.companies))
    move["cube"] = _one_of(rnd, _CUBE)[0]
    return move


def free_acquire_offers(state: State, seat: int) -> list[Offered]:
    """A free Acquire owed after a merger (AT-15): taken or let go; the free land is worked
    out only when the Acquire is made or drawn."""
    if state.free_acquires[0] != seat:
        return []
    return [
        Offered(partial(_acquire, state, TAKE_FREE_ACQUIRE), partial(_draw_acquire, state)),
        _DECLINE_FREE_ACQUIRE_OFFER,
    ]


def turn_offers(state: State, seat: int) -> list[Offered]:
    """The acting guild's action: Acquire, Merge with or without a cube, a Govt. merger,
    Research, Pass. Each is offered where it has something to choose from; what that is
    (the free land, the mergers, ...) is worked out only when it is made or drawn."""
    if acting(state) != seat or state.flow.acted:
        return []
    out: list[Offered] = []
    guild = state.seat(seat)
    taken = state.occupied()
    if guild.cubes and state.display and exists(each_free_hex(state, taken)):
        out.append(Offered(partial(_acquire, state, ACQUIRE), partial(_draw_acquire, state)))
    if exists(each_merger_pair(state, seat, taken)):
        for cube in (True, False) if guild.cubes else (False,):
            out.append(
                Offered(partial(_merge, state, seat, cube), partial(_draw_merge, state, seat, cube))
            )
    if exists(each_govt_company(state, seat)):
        out.append(Offered(partial(_govt, state, seat), partial(_draw_govt, state, seat)))
    if exists(each_technology(state, seat)):
        out.append(
            Offered(partial(_research_of, state, seat), partial(_draw_research, state, seat))
        )
    out.append(_PASS_TURN_OFFER)
    return out


# -- each decision's board buttons, from the public view alone (AT-D27) ------------------------
#
def _draw_govt(state: State, seat: int, rnd: random.Random) -> dict[str, Any]:
    return {"type": "govt", "company": str(_one_of(rnd, govt_companies(state, seat)))}


def _govt(state: State, seat: int) -> Action:
    """AT-D6: one of the guild's companies sold to the Government."""
    sellable = govt_companies(state, seat)
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


@lru_cache(maxsize=4096)
def _bid_action(money: int, banks: tuple[tuple[int, int], ...]) -> Action:
    """AT-6, AT-7: the bid from this money and these companies' banks (`_bid_sources`; built
    once per situation); a new bid replaces a standing one (AT-D23). A guild with no bank to
    pay from is asked the amount alone (a menu of one choice, "your money", before it asked
    nothing)."""
    sources = _bid_sources(money, banks)
    if not banks:
        _, least, most = sources[0]
        return Action(
            key="bid",
            label=BID_FOR_TURN_ORDER,
            move={"type": "bid", "pay_from": PURSE},
            sealed=True,
            steps=[_your_bid(least, most)],
        )
    labels = [
        N_("Your money (${money})").format(money=money),
        *(
            N_("{company}'s bank (${bank}), then your money").format(
                company=company_called(initiative), bank=bank
            )
            for initiative, bank in banks
        ),
    ]
    choices = [
        _bid_from(value, label, least, most)
        for (value, least, most), label in zip(sources, labels, strict=True)
    ]
    return Action(
        key="bid",
        label=BID_FOR_TURN_ORDER,
        move={"type": "bid"},
        sealed=True,
        steps=[Pick(field="pay_from", label=PAY_FROM, choices=choices)],
    )


@lru_cache(maxsize=4096)
def _bid_from(value: str, label: str, least: int, most: int) -> Choice:
    """A bid from one source (frozen: built once per source and bounds, shared)."""
    return Choice(value=value, label=label, then=[_your_bid(least, most)])


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
    """The pick of where a fixed cost can be paid from (`_payers`), each by what it holds."""
    money = purse[0]
    choices = [
        Choice(
            value=value,
            label=N_("Your money (${money})").format(money=money)
            if name is None
            else (
                N_("{company}'s bank (${bank}), then your money")
                if bank < cost
                else N_("{company}'s bank (${bank})")
            ).format(company=name, bank=bank),
        )
        for value, name, bank in _payers(purse, cost, fixed=fixed)
    ]
    return Pick(field="pay_from", label=PAY_FROM, choices=choices)


def _payers(
    purse: tuple[int, tuple[tuple[str, int], ...]], cost: int, *, fixed: bool
) -> list[tuple[str, str | None, int]]:
    """AT-7, AT-D24: where a fixed cost can be paid from, as (the move's value, the company's
    name or None for the purse, what it holds): the purse if it holds it, each company of the
    guild's whose bank and the purse together hold it; where nothing does, the purse when the
    cost must be paid (`fixed`)."""
    money, banks = purse
    out: list[tuple[str, str | None, int]] = [(PURSE, None, money)] if money >= cost else []
    out.extend((name.rsplit(" ", 1)[1], name, bank) for name, bank in banks if bank + money >= cost)
    if not out and fixed:
        out.append((PURSE, None, money))
    return out


def _research_of(state: State, seat: int) -> Action:
    """AT-19: the technologies the guild can pay for now (`_research`)."""
    return _research(tuple(technologies(state, seat)), _purse_and_banks(state, seat))


def _draw_research(state: State, seat: int, rnd: random.Random) -> dict[str, Any]:
    card = _one_of(rnd, technologies(state, seat))
    purse = _purse_and_banks(state, seat)
    payers = _payers(purse, TECHNOLOGY_BY_ID[card].cost, fixed=False)
    return {"type": "research", "technology": card, "pay_from": _one_of(rnd, payers)[0]}


def _acquire(state: State, label: str) -> Action:
    """AT-9: a starting tile of the display, then free land."""
    free = free_hexes(state)
    return _acquire_action(tuple(state.display), *_hex_regions(state, free), label)


def _draw_acquire(state: State, rnd: random.Random) -> dict[str, Any]:
    tile = _one_of(rnd, state.display)
    return {"type": "acquire", "tile": str(tile), "hex": _one_of(rnd, free_hexes(state))}


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


def _merge(state: State, seat: int, cube: bool) -> Action:
    key = tuple(
        (company_label(state, mine), tuple(company_label(state, o) for o in others))
        for mine, others in _targets(state, seat).items()
    )
    return _merge_action(key, cube)


def _targets(state: State, seat: int) -> dict[int, list[int]]:
    """The mergers a guild could declare, by its company: the companies next to each."""
    targets: dict[int, list[int]] = {}
    for mine, other in merger_pairs(state, seat):
        targets.setdefault(mine, []).append(other)
    return targets


def _draw_merge(state: State, seat: int, cube: bool, rnd: random.Random) -> dict[str, Any]:
    targets = _targets(state, seat)
    mine = _one_of(rnd, list(targets))
    other = _one_of(rnd, targets[mine])
    return {"type": "merge", "cube": cube, "company": str(mine), "other": str(other)}


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


def _company_choice(state: State, initiative: int) -> Choice:
    return _choice(*company_label(state, initiative))
