"""The Atrades Govt. merger (AT-17, AT-18, AT-D18): the chart exactly as printed, top to
bottom, rows skipped when short, the rest to the supply, the tiles flipped."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.atrades.actions import acquire
from games.atrades.govt import cities_next_to, govt_merger
from games.atrades.market import market
from games.atrades.payout import govt_payout
from tests.atrades.refuse import refused
from tests.atrades.table import company, show, sound, table


@pytest.mark.parametrize(
    ("money", "vp", "rows", "to_supply"),
    [
        (0, 0, [], 0),
        (2, 0, [], 2),
        (3, 3, [(3, 3)], 0),
        # Each row is paid once: $6 is 3 VP and $3 back, not 3 + 3.
        (6, 3, [(3, 3)], 3),
        # $10: row 7 then row 3 (8), not one 7 and $3 back.
        (10, 8, [(7, 5), (3, 3)], 0),
        # $24 is short of 25: 15, then 7, then $2 is short of 3.
        (24, 12, [(15, 7), (7, 5)], 2),
        (25, 11, [(25, 11)], 0),
        # $40: 25, the second 25 skipped, then 15; each row is paid once.
        (40, 18, [(25, 11), (15, 7)], 0),
        (50, 20, [(25, 11), (25, 9)], 0),
        (75, 35, [(25, 11), (25, 9), (15, 7), (7, 5), (3, 3)], 0),
        (80, 35, [(25, 11), (25, 9), (15, 7), (7, 5), (3, 3)], 5),
    ],
)
def test_at17_at18_the_chart(
    money: int, vp: int, rows: list[tuple[int, int]], to_supply: int
) -> None:
    payout = govt_payout(money)
    assert (payout.vp, payout.rows, payout.to_supply) == (vp, rows, to_supply)


@given(st.integers(0, 1000))
def test_at17_at18_every_dollar_is_dispersed_or_returned(money: int) -> None:
    payout = govt_payout(money)
    assert sum(d for d, _ in payout.rows) + payout.to_supply == money
    assert payout.vp == sum(p for _, p in payout.rows)


def test_at17_at18_selling_to_the_govt() -> None:
    state = table(3)
    company(state, 3, 0, "F3", bank=40)
    assert cities_next_to(state, 3) == [1]
    state.guilds[0].tracks["bureaucracy"] = 1
    payout = govt_merger(state, 0, 3)
    assert payout.vp == 18
    assert state.guilds[0].money == 36
    assert (state.guilds[0].cubes, state.guilds[0].tracks["bureaucracy"]) == (6, 2)
    sold = state.company(3)
    assert (sold.flipped, sold.bank, sold.hexes) == (True, 0, ["F3"])
    assert (state.created, state.destroyed) == (40 + 18, 40)
    sound(state)
    # AT-18: the flipped tile still takes its hex and sells nothing.
    assert market(state) == []
    show(state, 4)
    refused(state, "taken", lambda: acquire(state, 1, 4, "F3"))
    refused(state, "not_your_company", lambda: govt_merger(state, 0, 3))


def test_at17_at_d18_bureaucracy_counted_before_the_cube() -> None:
    state = table(3)
    company(state, 7, 1, "F4", bank=9)
    assert cities_next_to(state, 7) == [2]
    state.guilds[1].tracks["bureaucracy"] = 1
    message = refused(state, "bureaucracy_low", lambda: govt_merger(state, 1, 7))
    assert message == (
        "The city next to company 7 needs 2 cubes on your bureaucracy track; you have 1."
    )
    state.guilds[1].tracks["bureaucracy"] = 2
    assert govt_merger(state, 1, 7).vp == 5 + 0
    assert state.guilds[1].money == 19 + 5
    sound(state)


def test_at17_refusals() -> None:
    state = table(3)
    company(state, 12, 0, "L3", bank=9)
    company(state, 3, 1, "F3", bank=9)
    state.guilds[0].tracks["bureaucracy"] = 5
    assert refused(state, "no_city", lambda: govt_merger(state, 0, 12)) == (
        "Company 12 is not next to a city."
    )
    refused(state, "not_your_company", lambda: govt_merger(state, 0, 3))
    state.guilds[1].tracks["bureaucracy"] = 5
    state.guilds[1].cubes = 0
    refused(state, "no_cubes", lambda: govt_merger(state, 1, 3))
