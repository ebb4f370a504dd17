"""Who is who: the engine ids, user ids and names of members and computer seats agree, and
a computer seat counts for nothing a member has (DMs, stats, a season's ledger)."""

from __future__ import annotations

from typing import cast

from bot.games.base import named
from bot.players import (
    COMPUTER,
    COMPUTER_USER,
    computer_name,
    computer_user,
    holder,
    is_computer,
    is_computer_user,
    names_of,
    player_id,
    seat_id,
    seat_of,
    user_id_of,
)
from bot.seasons import SeasonService
from bot.stats import results_of
from bot.storage import MatchRow, PlayerRow, Storage
from games.core.contract import Placings, SeasonOutcome
from games.core.seats import Seat

ANN = 123456789012345678


def own(*user_ids: int) -> list[tuple[int, str]]:
    """Seats held by the members (and computer seats) they were dealt to."""
    return [(u, player_id(u)) for u in user_ids]


def test_engine_ids_and_user_ids_go_both_ways() -> None:
    assert [player_id(u) for u in (ANN, COMPUTER_USER, computer_user(1), computer_user(12))] == [
        str(ANN),
        COMPUTER,
        "computer-1",
        "computer-12",
    ]
    assert user_id_of(str(ANN)) == ANN
    assert [user_id_of(p) for p in (COMPUTER, "computer-1", "computer-12")] == [None] * 3
    assert [is_computer_user(u) for u in (ANN, COMPUTER_USER, computer_user(3))] == [
        False,
        True,
        True,
    ]
    assert [is_computer(p) for p in (str(ANN), COMPUTER, "computer-3")] == [False, True, True]


def test_computer_seats_are_named_in_engine_sentences() -> None:
    seats = [
        PlayerRow(ANN, "ann", False),
        PlayerRow(COMPUTER_USER, "Dealer (practice)", False),
        PlayerRow(computer_user(2), computer_name(2), False),
    ]
    names = names_of(seats)
    text = f"{ANN} bids less than practice and computer-2; Dealer (practice) stays."
    assert named(text, names) == (
        "ann bids less than Dealer (practice) and Dealer bot 2; Dealer (practice) stays."
    )


def test_a_match_with_computer_seats_counts_as_practice_for_its_members_only() -> None:
    """One member against computer seats: practice, unrated; two members or more: counted
    and rated, whatever computer seats filled the table (#41); a game that is no contest is
    never rated; a computer seat has no row."""
    placings = Placings(places={"computer-1": 1, str(ANN): 2, COMPUTER: 3}, winners=["computer-1"])
    rows = results_of(placings, own(ANN, computer_user(1), COMPUTER_USER), True)
    assert [(r.user_id, r.place, r.won, r.practice, r.rated) for r in rows] == [
        (ANN, 2, False, True, False)
    ]
    alone = results_of(Placings(places={str(ANN): 1}, winners=[str(ANN)]), own(ANN), False)
    assert [(r.practice, r.rated) for r in alone] == [(False, False)]
    bob = ANN + 1
    three = Placings(
        places={"computer-1": 1, str(ANN): 2, str(bob): 2, "computer-2": 4}, winners=["computer-1"]
    )
    rows = results_of(three, own(ANN, computer_user(1), bob, computer_user(2)), True)
    assert [(r.user_id, r.place, r.practice, r.rated) for r in rows] == [
        (ANN, 2, False, True),
        (bob, 2, False, True),
    ]
    unranked = results_of(three, own(ANN, computer_user(1), bob, computer_user(2)), False)
    assert [(r.practice, r.rated) for r in unranked] == [(False, False), (False, False)]


def test_a_seat_handed_over_counts_for_whoever_holds_it_and_answers_to_them() -> None:
    """`/match replace`: ann's seat went to cleo: the engine still knows it by ann's id, but
    its place, its name and its DMs are cleo's; ann holds no seat; a seat handed to a
    computer seat has no member behind it."""
    cleo = ANN + 2
    players = [PlayerRow(cleo, "cleo", False, str(ANN)), PlayerRow(ANN + 1, "bob", False)]
    assert [seat_id(p) for p in players] == [str(ANN), str(ANN + 1)]
    assert (seat_of(players, cleo), seat_of(players, ANN)) == (str(ANN), None)
    assert holder(players, str(ANN)) == cleo
    assert names_of(players)(str(ANN)) == "cleo"
    placings = Placings(places={str(ANN): 1, str(ANN + 1): 2}, winners=[str(ANN)])
    rows = results_of(placings, [(p.user_id, seat_id(p)) for p in players], True)
    assert [(r.user_id, r.place, r.won) for r in rows] == [(cleo, 1, True), (ANN + 1, 2, False)]
    robot = [PlayerRow(computer_user(1), computer_name(1), False, str(ANN))]
    assert holder(robot, str(ANN)) is None


def test_each_seat_and_move_draws_anew_and_the_same_draw_repeats() -> None:
    first, other, later = (
        Seat("computer-1", 1, 7, 3),
        Seat("computer-2", 2, 7, 3),
        Seat("computer-1", 1, 7, 4),
    )
    draws = [s.rng().random() for s in (first, other, later)]
    assert len(set(draws)) == 3
    assert Seat("computer-1", 1, 7, 3).rng().random() == draws[0]


async def test_a_computer_seat_has_no_place_in_a_season_ledger() -> None:
    """A season match's end pays members' prizes and names their candidacies; a computer
    seat's share of them is written for nobody."""
    row = MatchRow(
        id=5,
        guild_id=1,
        channel_id=2,
        game="auction-auction",
        host_id=ANN,
        status="running",
        options={},
        seed=0,
        phase_seconds=None,
        spectator_channel_id=None,
        lobby_message_id=None,
        deadline=None,
        paused_remaining=None,
        started=True,
        season_id=9,
        in_thread=False,
        thread_id=None,
        clocks={},
    )
    outcome = SeasonOutcome(
        places={str(ANN): 1, "computer-1": 2},
        garnets={str(ANN): 3, "computer-1": 2},
        tokens_of_life={"computer-1": 1},
        candidates=["computer-1", str(ANN)],
    )
    written = await SeasonService(cast(Storage, None), lambda: 0.0).settle(
        row, [], outcome, [PlayerRow(ANN, "ann", False), PlayerRow(computer_user(1), "bot", False)]
    )
    assert written is not None
    assert [(e.user_id, e.kind, e.garnets) for e in written.entries] == [
        (ANN, "prize", 3),
        (ANN, "candidate", 0),
    ]
