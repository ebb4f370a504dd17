"""The Turn Order phase: sealed bids from money and one company (AT-6, AT-7), returned to the
supply (AT-8), equal bids settled by initiative (AT-D8)."""

from __future__ import annotations

from games.atrades.model import Payment
from games.atrades.turn_order import initiative_total, resolve_turn_order, submit_bid
from tests.atrades.refuse import refused
from tests.atrades.table import company, sound, table


def test_at6_at8_highest_first_and_bids_back_to_the_supply() -> None:
    state = table(3)
    company(state, 4, 0, "F3", bank=6)
    submit_bid(state, 0, Payment(company=4, from_company=5, from_money=2))
    submit_bid(state, 1, Payment(from_money=9))
    submit_bid(state, 2, Payment(from_money=3))
    # Nothing is paid while bids are sealed.
    assert [g.money for g in state.guilds] == [18, 19, 20]
    assert resolve_turn_order(state) == [1, 0, 2]
    assert [g.money for g in state.guilds] == [16, 10, 17]
    assert state.company(4).bank == 1
    assert state.destroyed == 7 + 9 + 3
    assert state.bids == {}
    sound(state)


def test_at_d8_equal_bids_go_to_the_lower_initiative_total() -> None:
    state = table(3)
    # p0's guild initiative 1 plus company 17: 18; p1: 2 + 3 = 5; p2: 3 alone.
    company(state, 17, 0, "F3")
    company(state, 3, 1, "G1")
    assert [initiative_total(state, s) for s in range(3)] == [18, 5, 3]
    for seat in range(3):
        submit_bid(state, seat, Payment(from_money=4))
    assert resolve_turn_order(state) == [2, 1, 0]
    sound(state)


def test_at_d8_equal_totals_go_to_the_lower_guild_initiative() -> None:
    state = table(3)
    company(state, 2, 0, "F3")  # 1 + 2 = 3, as p2's 3 alone; p1: 2 + 9 = 11
    company(state, 9, 1, "G1")
    for seat in range(3):
        submit_bid(state, seat, Payment())
    assert resolve_turn_order(state) == [0, 2, 1]


def test_at7_a_bid_over_money_and_one_company_is_refused() -> None:
    state = table(3)
    company(state, 4, 0, "F3", bank=6)
    company(state, 8, 0, "G1", bank=5)
    message = refused(state, "bid_over", lambda: submit_bid(state, 0, Payment(from_money=25)))
    assert message == ("You bid $25, but your money and one company's bank hold at most $24.")
    # Two companies' banks together are not one company's.
    refused(
        state,
        "short_bank",
        lambda: submit_bid(state, 0, Payment(company=8, from_company=6, from_money=2)),
    )
    refused(
        state,
        "short_money",
        lambda: submit_bid(state, 0, Payment(company=4, from_company=1, from_money=19)),
    )
    company(state, 12, 1, "D3", bank=9)
    refused(
        state,
        "not_your_company",
        lambda: submit_bid(state, 0, Payment(company=12, from_company=1)),
    )


def test_one_bid_a_round_and_all_before_resolving() -> None:
    state = table(2)
    submit_bid(state, 0, Payment(from_money=1))
    refused(state, "bid_twice", lambda: submit_bid(state, 0, Payment(from_money=2)))
    message = refused(state, "bids_missing", lambda: resolve_turn_order(state))
    assert message == "Still to bid for turn order: p1."


def test_a_payments_fields_are_its_json() -> None:
    """What the turn order's event and audit tell of each bid is the payment's JSON."""
    for paid in (
        Payment(),
        Payment(from_money=9),
        Payment(company=4, from_company=5, from_money=2),
        Payment(company=12, from_company=3),
    ):
        assert paid.fields() == paid.model_dump()
        assert list(paid.fields()) == list(Payment.model_fields)
