"""The arithmetic of both mergers, with no state: the player merger's auction track and its
payout around the track (AT-11, AT-14), and the Atrades Govt. payout chart (AT-17). The
calculators (`python -m games atrades payout|govt`) print exactly these."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from games.atrades.data import GOVT_TABLE

Side = Literal["A", "B"]


def auction_track(starter_size: int, other_size: int) -> list[Side]:
    """AT-11: the cubes as placed, left to right: the starter's company ("A") first, then
    the other ("B"), alternately, the larger company's remaining cubes after the smaller's
    run out. Sizes 3 and 1 give A B A A."""
    if starter_size < 1 or other_size < 1:
        raise ValueError("A company takes at least one space.")
    track: list[Side] = []
    for index in range(max(starter_size, other_size)):
        if index < starter_size:
            track.append("A")
        if index < other_size:
            track.append("B")
    return track


def pay_around(spaces: int, amount: int) -> list[int]:
    """AT-14: the winning bid laid one dollar per space from left to right, then from the
    leftmost again, until it is all down: $7 on 3 spaces is 3, 2, 2."""
    if spaces < 1:
        raise ValueError("The track has at least one space.")
    if amount < 0:
        raise ValueError("A bid is not negative.")
    whole, rest = divmod(amount, spaces)
    return [whole + (1 if index < rest else 0) for index in range(spaces)]


def shares(track: list[Side], spaces: list[int]) -> dict[Side, int]:
    """The dollars on each company's spaces."""
    out: dict[Side, int] = {"A": 0, "B": 0}
    for side, dollars in zip(track, spaces, strict=True):
        out[side] += dollars
    return out


class GovtPayout(BaseModel):
    """AT-17, AT-18: the chart's rows paid (dispersion, payout), the payout they add up to,
    and the money left on the company card that goes back to the supply."""

    vp: int
    rows: list[tuple[int, int]]
    to_supply: int


def govt_payout(money: int) -> GovtPayout:
    """AT-17, AT-18: the chart top to bottom, each row once: a row is paid when the money
    left covers its dispersion and skipped otherwise; what is left at the end returns to the
    supply. $40 pays rows 25 and 15 (11 + 7 = 18 VP), not 25 and 7 and 3."""
    if money < 0:
        raise ValueError("A company holds no less than $0.")
    left = money
    rows: list[tuple[int, int]] = []
    for dispersion, payout in GOVT_TABLE:
        if left >= dispersion:
            left -= dispersion
            rows.append((dispersion, payout))
    return GovtPayout(vp=sum(p for _, p in rows), rows=rows, to_supply=left)
