"""End of Round (AT-25, AT-D7, AT-D9) and End of Game (AT-26, AT-27, AT-D20)."""

from __future__ import annotations

from games.atrades.model import Options, setup
from games.atrades.rounds import end_round, winners
from tests.atrades.refuse import refused
from tests.atrades.table import company, table


def test_at25_at_d7_the_display_is_refilled_to_players_plus_one() -> None:
    state = setup(["a", "b", "c"], Options(), seed=4)
    pool = list(state.pool)
    kept = state.display[1:]
    state.display = kept
    done = end_round(state)
    assert done.refilled == pool[:1]
    assert state.display == sorted([*kept, pool[0]])
    assert state.pool == pool[1:]
    assert (state.round, state.ended) == (2, False)


def test_at_d9_the_era_follows_the_schedule() -> None:
    state = setup(["a", "b"], Options(), seed=4)
    eras = []
    for _ in range(5):
        eras.append(end_round(state).era)
    assert eras == [1, 2, 2, 3, 3]
    assert state.round == 6


def test_at26_the_game_ends_when_a_guild_is_out_of_cubes() -> None:
    state = table(3)
    state.display = [1, 2, 3, 4]
    state.guilds[1].cubes = 0
    state.guilds[2].money = 30
    done = end_round(state)
    assert (done.ended, done.winners) == (True, [2])
    assert state.round == 1
    refused(state, "game_over", lambda: end_round(state))


def test_at26_the_game_ends_when_no_company_is_left_to_acquire() -> None:
    state = table(2)
    state.pool = [5]
    state.display = []
    assert not end_round(state).ended
    state.display = []
    assert end_round(state).ended


def test_at27_at_d20_money_wins_then_banks_then_shared() -> None:
    state = table(3)
    state.guilds[0].money = 30
    state.guilds[1].money = 30
    state.guilds[2].money = 29
    company(state, 3, 2, "F3", bank=50)
    assert winners(state) == [0, 1]
    company(state, 7, 1, "F4", bank=1)
    assert winners(state) == [1]
    sold = company(state, 12, 0, "L3", bank=5)
    sold.flipped = True
    assert winners(state) == [1]


def test_the_round_waits_for_what_is_pending() -> None:
    state = table(2)
    state.free_acquires = [0]
    refused(state, "round_pending", lambda: end_round(state))
