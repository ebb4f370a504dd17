"""The player merger (AT-11 to AT-16): declared, auctioned in open rounds and a final sealed
round, paid out around the track, and settled (money, free acquires, the type, the free
bureaucracy cubes)."""

from __future__ import annotations

from pydantic import BaseModel

from games.atrades.actions import need_cube, place_cube
from games.atrades.model import Company, Merger, Payment, State
from games.atrades.money import capacity, check_payment, take
from games.atrades.payout import Side, auction_track, pay_around, shares
from games.core.errors import RuleError
from games.core.speech import N_


def start_merger(state: State, seat: int, company: int, other: int, *, cube: bool) -> Merger:
    """AT-11, AT-12: the starter names a company of theirs and one adjacent to it
    (AT-D13: any other company in business, theirs or not), places a cube on the merger track
    or not, the cubes go on the auction track, and the auction's rounds are the two levels
    added (AT-D6); bidding goes clockwise, seat after seat, from the starter's left (AT-D22)."""
    if state.merger is not None:
        raise RuleError("merger_under_way", "A merger is already under way.")
    if cube:
        need_cube(state, seat)
    mine = state.company(company)
    target = state.company(other)
    refusal = merger_refusal(state, seat, mine, target)
    if refusal is not None:
        raise refusal
    if cube:
        place_cube(state, seat, "merger")
    seats = len(state.guilds)
    state.merger = Merger(
        starter=seat,
        companies=(company, other),
        cube=cube,
        track=auction_track(mine.size, target.size),
        rounds=mine.level + target.level,
        order=[(seat + step) % seats for step in range(1, seats + 1)],
    )
    return state.merger


def merger_refusal(state: State, seat: int, mine: Company, target: Company) -> RuleError | None:
    """Why `seat` may not merge `mine` with `target` (AT-11, AT-D13, AT-D14), or None."""
    if mine.owner != seat or mine.flipped:
        return RuleError(
            "not_your_company",
            "Company {company} is not yours to merge.",
            company=mine.initiative,
        )
    if target.initiative == mine.initiative:
        return RuleError("same_company", "A merger joins two different companies.")
    if target.flipped:
        return RuleError(
            "flipped",
            "Company {company} was sold to the Govt. and is out of play.",
            company=target.initiative,
        )
    if not state.geography().touching(mine.hexes, target.hexes):
        return RuleError(
            "not_adjacent",
            "Companies {a} and {b} are not next to each other.",
            a=mine.initiative,
            b=target.initiative,
        )
    for survivor, lost in ((mine, target), (target, mine)):
        needed = _tiles_needed(survivor, lost)
        if state.supply[survivor.type] < needed:
            return RuleError(
                "tile_supply",
                "The supply lacks the {type} tiles this merger could need ({needed}, {left} left).",
                type=survivor.type,
                needed=needed,
                left=state.supply[survivor.type],
            )
    return None


def _tiles_needed(survivor: Company, lost: Company) -> int:
    """Tiles of the survivor's type that replace the lost company's: all of them when the
    type changes, else only its starting tile, which leaves the game (AT-D14)."""
    return 1 if survivor.type == lost.type else lost.size


def _merger(state: State) -> Merger:
    if state.merger is None:
        raise RuleError("no_merger", "No merger is under way.")
    return state.merger


def to_bid(merger: Merger) -> int | None:
    """Whose turn it is in an open round, or None outside them."""
    if merger.step != "open":
        return None
    return merger.order[merger.turn]


def open_bid(state: State, seat: int, amount: int) -> None:
    """AT-12: the opening bid is at least $1 per cube on the track, every later one raises
    it; AT-13: no bid is over the bidder's money and one company's bank."""
    merger = _merger(state)
    _my_turn(merger, seat)
    least = max(len(merger.track), merger.high + 1)
    if amount < least:
        if merger.leader is None:
            raise RuleError(
                "bid_low",
                "You bid ${amount}, but an opening bid is at least $1 per cube on the track, "
                "${least}.",
                amount=amount,
                least=least,
            )
        raise RuleError(
            "bid_low",
            "You bid ${amount}, but a raise is at least ${least}.",
            amount=amount,
            least=least,
        )
    _affordable(state, seat, amount)
    merger.high = amount
    merger.leader = seat
    _advance(merger)


def open_pass(state: State, seat: int) -> None:
    """AT-12: a guild that passes is out for the rest of the auction."""
    merger = _merger(state)
    _my_turn(merger, seat)
    merger.out.append(seat)
    _advance(merger)


def _my_turn(merger: Merger, seat: int) -> None:
    if to_bid(merger) != seat:
        raise RuleError("not_your_bid", "It is not your turn to bid in this auction.")


def _affordable(state: State, seat: int, amount: int) -> None:
    most = capacity(state, seat)
    if amount > most:
        raise RuleError(
            "bid_over",
            "You bid ${amount}, but your money and one company's bank hold at most ${most}.",
            amount=amount,
            most=most,
        )


def bidders(merger: Merger) -> list[int]:
    """The guilds still bidding in a merger's auction."""
    out = merger.out
    return [s for s in merger.order if s not in out]


def _advance(merger: Merger) -> None:
    """The next turn of the open rounds: AT-D15: the leader is not asked to raise their own
    bid; the auction ends when one bidder is left with the bid (AT-13), and after the last
    open round goes to the sealed round (AT-13) or, with nobody bidding at all, is over."""
    in_play = bidders(merger)
    if merger.leader is not None and in_play == [merger.leader]:
        _won(merger, merger.leader)
        return
    if not in_play:
        merger.step = "payment"
        return
    for turn in range(merger.turn + 1, len(merger.order)):
        seat = merger.order[turn]
        if seat not in merger.out and seat != merger.leader:
            merger.turn = turn
            return
    merger.round += 1
    if merger.round < merger.rounds:
        merger.turn = -1
        _advance(merger)
        return
    merger.step = "sealed"
    merger.sealed = {}


def _won(merger: Merger, seat: int) -> None:
    merger.step = "payment"
    merger.winner = seat


def sealed_bid(state: State, seat: int, amount: int | None) -> None:
    """AT-13: in the final round every guild still in hides a bid above the last open bid,
    or (AT-D16) drops out with None; when all are in, the highest wins, equal highest bids
    going to the earlier in the bidding order, and if every one dropped out the last open
    bid wins."""
    merger = _merger(state)
    if merger.step != "sealed" or seat not in bidders(merger):
        raise RuleError("not_sealed_bidder", "You are not bidding in this auction's last round.")
    if seat in merger.sealed:
        raise RuleError("bid_twice", "You have already made your final bid.")
    if amount is not None:
        if amount <= merger.high:
            raise RuleError(
                "bid_low",
                "A final bid is more than the last bid, ${high}; not ${amount}.",
                high=merger.high,
                amount=amount,
            )
        _affordable(state, seat, amount)
    merger.sealed[seat] = amount
    if len(merger.sealed) < len(bidders(merger)):
        return
    merger.out.extend(s for s in merger.order if s in merger.sealed and merger.sealed[s] is None)
    best = max((a for a in merger.sealed.values() if a is not None), default=None)
    if best is None:
        assert merger.leader is not None
        _won(merger, merger.leader)
        return
    merger.high = best
    merger.leader = next(s for s in merger.order if merger.sealed.get(s) == best)
    _won(merger, merger.leader)


class Settlement(BaseModel):
    """What a merger did: who won and paid what, the dollars on the track's spaces, who was
    paid what, which company survives and its new bank, who is owed a free Acquire, and the
    free cubes."""

    winner: int | None
    price: int
    spaces: list[int]
    paid: dict[int, int]
    survivor: int | None
    bank: int
    free_acquires: list[int]
    bureaucracy: list[int]


def cancel_unbid(state: State) -> Settlement:
    """AT-D17: an auction in which nobody bid ends with no merger; a cube placed stays."""
    merger = _merger(state)
    if merger.step != "payment" or merger.winner is not None:
        raise RuleError("merger_won", "This auction has a winner to settle.")
    state.merger = None
    return Settlement(
        winner=None,
        price=0,
        spaces=[],
        paid={},
        survivor=None,
        bank=0,
        free_acquires=[],
        bureaucracy=[],
    )


def settle(
    state: State, seat: int, payment: Payment, *, survivor: int | None, bureaucracy: bool
) -> Settlement:
    """AT-14 to AT-16 and AT-D12, AT-D14: the winner pays the bid around the track; each
    space's dollars go to the personal money of its cube's owner if they lost the company,
    or onto the surviving company's bank if the winner owned it; the winner's own targeted
    company's old bank returns to the supply (AT-15 replaces it), and so does a lost
    company's, or (the host's other reading of AT-D12, `loser_bank` "merged") it goes onto
    the merged company's bank; the lost company's tiles turn to the survivor's type;
    the owners who lost a company take free Acquires in turn order, one each (AT-D21); the
    winner may take a free bureaucracy cube, and then so does the starter if they placed no
    cube (AT-16)."""
    merger = _merger(state)
    if merger.step != "payment" or merger.winner is None:
        raise RuleError("not_settling", "This auction has no winner yet.")
    if seat != merger.winner:
        raise RuleError("not_winner", "Only the auction's winner pays and settles it.")
    a, b = (state.company(n) for n in merger.companies)
    check_payment(state, seat, payment, merger.high, N_("Your winning bid"))
    owners: dict[Side, int] = {"A": a.owner, "B": b.owner}
    keep = _survivor(seat, a, b, survivor)
    lost = b if keep is a else a
    take(state, seat, payment)
    spaces = pay_around(len(merger.track), merger.high)
    split = shares(merger.track, spaces)
    paid: dict[int, int] = {}
    bank = 0
    for side, owner in owners.items():
        if owner == seat:
            bank += split[side]
        else:
            paid[owner] = paid.get(owner, 0) + split[side]
            state.guilds[owner].money += split[side]
    kept = sum(c.bank for c in (a, b) if c.owner != seat and state.options.loser_bank == "merged")
    state.destroyed += a.bank + b.bank - kept
    bank += kept
    needed = _tiles_needed(keep, lost)
    state.supply[keep.type] -= needed
    if keep.type != lost.type:
        state.supply[lost.type] += lost.size - 1
    keep.hexes = keep.hexes + lost.hexes
    keep.owner = seat
    keep.bank = bank
    state.companies.remove(lost)
    losers = [o for o in dict.fromkeys(owners.values()) if o != seat]
    owed = [s for s in state.order if s in losers]
    state.free_acquires.extend(owed)
    cubes: list[int] = []
    if bureaucracy:
        cubes.append(seat)
        if merger.starter != seat and not merger.cube:
            cubes.append(merger.starter)
    for guild in cubes:
        state.guilds[guild].tracks["bureaucracy"] += 1
    state.merger = None
    return Settlement(
        winner=seat,
        price=merger.high,
        spaces=spaces,
        paid=paid,
        survivor=keep.initiative,
        bank=bank,
        free_acquires=owed,
        bureaucracy=cubes,
    )


def _survivor(seat: int, a: Company, b: Company, chosen: int | None) -> Company:
    """AT-15: a winner who owned exactly one of the two keeps it (the other turns to its
    type); otherwise (AT-16, AT-D14) the winner chooses which company's type and starting
    tile the merged company keeps."""
    mine = [c for c in (a, b) if c.owner == seat]
    if len(mine) == 1:
        if chosen is not None and chosen != mine[0].initiative:
            raise RuleError(
                "survivor_fixed",
                "You owned company {company}, so the merged company is it.",
                company=mine[0].initiative,
            )
        return mine[0]
    if chosen not in (a.initiative, b.initiative):
        raise RuleError(
            "choose_survivor",
            "Choose whether the merged company is {a} ({a_type}) or {b} ({b_type}).",
            a=a.initiative,
            a_type=a.type,
            b=b.initiative,
            b_type=b.type,
        )
    return a if chosen == a.initiative else b
