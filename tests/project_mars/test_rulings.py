"""Scenario tests for Project Mars, one or more per ruling of RULINGS.md §4 (PM-1 to PM-10)
and per Dealer ruling (PM-D1..., written down in docs/rules/project-mars.md). Each test's
name starts with the ruling it checks."""

from __future__ import annotations

import pytest

from bot.games.project_mars.rules import RULES
from games.core.engine import HOST
from games.core.events import Event
from games.core.match import Match
from games.project_mars import ENGINE
from games.project_mars.card_details import CARDS
from games.project_mars.decks import (
    DEFAULT_DECK,
    READY_DECKS,
    DeckError,
    check_deck,
    parse_deck_text,
    resolve_deck,
)
from games.project_mars.model import RoundResult, Score
from games.project_mars.resolution import match_over
from games.project_mars.table import card_view
from games.project_mars.views import PlayerView
from tests.project_mars.helpers import (
    PLAYERS,
    at,
    card,
    choose,
    close,
    deck,
    fresh,
    junk,
    next_round,
    of_type,
    on_field,
    own,
    parts,
    pass_,
    placed,
    play,
    play_round,
    pwr,
    resolve,
    start,
    tpr,
    view,
)
from tests.refusals import refused

# -- PM-1 decks ------------------------------------------------------------------------------


def test_pm1_ready_decks_are_legal_and_described() -> None:
    assert len(READY_DECKS) >= 3
    for ready in READY_DECKS.values():
        keys = ready.keys()
        assert len(keys) == 30
        assert sum(CARDS[k].kind == "utility" for k in keys) <= 3
        assert ready.name and ready.strategy.endswith(".")
        assert resolve_deck(ready.name.upper()) == (ready.key, keys)


def test_pm1_a_custom_list_matches_names_in_any_case_with_counts() -> None:
    keys = check_deck(["3x scout", "DRONE x2", "2 Cyber-Soldier", "sinkhole", *["Outpost"] * 22])
    assert keys.count("scout") == 3 and keys.count("drone") == 2
    assert keys.count("cyber-soldier") == 2 and len(keys) == 30
    assert parse_deck_text("3x Scout\nDrone, Medic;\n") == ["3x Scout", "Drone", " Medic"]


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        (["Outpost"] * 29, "A deck has exactly 30 cards; this list has 29."),
        (["Outpost"] * 31, "A deck has exactly 30 cards; this list has 31."),
        (
            ["2x EMP Bomb", "2x Sinkhole", *["Outpost"] * 26],
            "A deck may hold at most 3 utility cards; this one has 4 (2x EMP Bomb, 2x Sinkhole).",
        ),
    ],
)
def test_pm1_a_custom_list_needs_30_cards_and_at_most_3_utility(
    entries: list[str], message: str
) -> None:
    with pytest.raises(DeckError) as refused_deck:
        check_deck(entries)
    assert str(refused_deck.value) == message


def test_pm1_unknown_names_are_all_listed_with_a_hint() -> None:
    with pytest.raises(DeckError) as refused_deck:
        check_deck(["Scoot", "Dragon", *["Outpost"] * 28])
    message = str(refused_deck.value)
    assert message.startswith(
        "There is no card called 'Scoot', 'Dragon'. Did you mean Scout, Drone? The cards are: "
    )
    assert "The cards are: Scout, Drone, Android" in message


def test_pm1_a_player_submits_their_own_list_and_only_two_play() -> None:
    match, _ = fresh()
    move = {"type": "deck", "cards": ["Scoot", *["Outpost"] * 29]}
    error = refused(match, "ann", move)
    assert error.code == "bad_deck" and "Did you mean Scout?" in error.message
    events = match.submit("ann", {"type": "deck", "cards": deck("Scout", "Scout", "Scout")})
    [chosen] = of_type(events, "deck_chosen")
    assert chosen["cards"] == {"scout": 3, "defense-turret": 27}
    with pytest.raises(ValueError, match="2 to 2 players"):
        Match.start(ENGINE, ["ann", "bob", "cy"], {}, 1)


# -- PM-2 rows -------------------------------------------------------------------------------


def test_pm2_an_offense_effect_works_only_in_the_attack_row() -> None:
    match = start(["Scout", "Medic"], ["Outpost"])
    scout = card(match, "ann", "Scout")
    assert of_type(play(match, "ann", "Scout", "defence-1"), "cards_revealed") == []
    pass_(match, "bob")
    play(match, "ann", "Medic", "defence-2")
    resolved = resolve(match)
    assert resolved["score"]["pwr"][scout] == 2
    assert parts(resolved, "ann")["medic"] == 0


def test_pm2_a_guardian_effect_works_only_in_the_defence_row() -> None:
    match = start(["Outpost"], ["Medic"])
    outpost = card(match, "ann", "Outpost")
    play(match, "ann", "Outpost", "attack-1")
    resolved = resolve(match)
    assert resolved["score"]["pwr"][outpost] == 3
    assert parts(resolved, "ann")["outpost"] == 0


def test_pm2_an_android_in_the_defence_row_triggers_the_trap() -> None:
    match = start(["Landmine"], ["Android"])
    play(match, "ann", "Landmine", "defence-1")
    events = play(match, "bob", "Android", "defence-1")
    assert [e["card"]["key"] for e in of_type(events, "trap_triggered")] == ["landmine"]


# -- PM-3 traps ------------------------------------------------------------------------------


def test_pm3_a_trap_lies_face_down_on_an_empty_enemy_slot() -> None:
    match = start(["Spy", "Landmine"], ["Outpost"], first="bob")
    play(match, "bob", "Outpost", "defence-1")
    error = refused(
        match, "ann", {"type": "play", "card": card(match, "ann", "Spy"), "slot": "defence-1"}
    )
    assert error.code == "bad_slot"
    spy = card(match, "ann", "Spy")
    events = play(match, "ann", "Spy", "attack-1")
    [public] = of_type(events, "face_down_played")
    assert (public["player"], public["field"], public["slot"]) == ("ann", "bob", "attack-1")
    assert public["audience"].kind == "public" and "card" not in public
    [private] = of_type(events, "trap_set")
    assert private["audience"].players == ("ann",) and private["card"]["id"] == spy
    seen_by_bob = placed(match, "bob", "bob", "attack-1")
    assert seen_by_bob.face_down and seen_by_bob.card is None and seen_by_bob.pwr is None
    assert placed(match, None, "bob", "attack-1").card is None
    assert placed(match, "ann", "bob", "attack-1").card == card_view(match.state.cards[spy])
    assert spy not in view(match, None).projection.pwr


def test_pm3_a_card_played_on_a_trap_triggers_it_and_it_goes_to_the_junkyard() -> None:
    match = start(["Landmine"], ["Defense Turret"])
    play(match, "ann", "Landmine", "attack-2")
    events = play(match, "bob", "Defense Turret", "attack-2")
    assert [e["owner"] for e in of_type(events, "trap_triggered")] == ["ann"]
    assert at(match, "bob", "attack-2") == "defense-turret"
    assert junk(match, "ann") == ["landmine"]


# -- PM-4 lanes ------------------------------------------------------------------------------


def test_pm4_lanes_are_compared_first_then_tpr_is_counted() -> None:
    """More PWR in a column wins the lane: +1 TPR. Ann has less PWR but three lanes."""
    match = start(
        ["Defense Turret", "Humvee", "Humvee"],
        ["Defense Turret", "Defense Turret", "Comms Station"],
    )
    for ann_card, ann_slot, bob_card, bob_slot in [
        ("Defense Turret", "attack-1", "Defense Turret", "attack-4"),
        ("Humvee", "attack-2", "Defense Turret", "defence-4"),
        ("Humvee", "attack-3", "Comms Station", "defence-3"),
    ]:
        play(match, "ann", ann_card, ann_slot)
        play(match, "bob", bob_card, bob_slot)
    resolved = resolve(match)
    assert resolved["score"]["lanes"] == ["ann", "ann", "ann", "bob"]
    assert (parts(resolved, "ann")["pwr"], parts(resolved, "bob")["pwr"]) == (7, 8)
    assert tpr(resolved) == {"ann": 10, "bob": 9}
    assert resolved["winner"] == "ann"
    for player in PLAYERS:
        assert tpr(resolved)[player] == sum(parts(resolved, player).values())


def test_pm4_two_cards_facing_an_empty_column_win_the_lane_by_default() -> None:
    """The rulebook: if the opponent places both his cards in a lane, you play on your lane or
    the opponent wins it by default — even with 0 PWR; one 0-PWR card wins nothing."""
    match = start(["Medic", "Medic", "Sentinel"], ["Outpost"])
    play(match, "ann", "Medic", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Medic", "defence-1")
    pass_(match, "bob")
    play(match, "ann", "Sentinel", "attack-2")
    resolved = resolve(match)
    assert resolved["score"]["lanes"] == ["ann", None, None, None]


def test_pm4_a_tied_lane_goes_to_nobody() -> None:
    match = start(["Defense Turret"], ["Outpost"])
    play(match, "ann", "Defense Turret", "attack-3")
    play(match, "bob", "Outpost", "attack-3")
    assert resolve(match)["score"]["lanes"] == [None, None, None, None]


# -- PM-5 turns ------------------------------------------------------------------------------


def test_pm5_turns_alternate_and_two_passes_in_succession_resolve() -> None:
    match = start(["Defense Turret", "Outpost"], ["Medic"])
    error = refused(match, "bob", {"type": "pass"})
    assert (error.code, error.message) == ("not_your_turn", "It is ann's turn.")
    pass_(match, "ann")
    play(match, "bob", "Medic", "attack-1")
    assert match.state.turn == "ann" and match.state.passes == 0
    play(match, "ann", "Outpost", "defence-1")
    pass_(match, "bob")
    events = pass_(match, "ann")
    assert [e["round"] for e in of_type(events, "round_resolved")] == [1]


def test_pm5_a_player_with_no_cards_passes_and_the_other_plays_on() -> None:
    match = start(["Defense Turret"], ["Medic", "Outpost", "Sniper"], spare=False)
    play(match, "ann", "Defense Turret", "attack-1")
    events = play(match, "bob", "Medic", "attack-1")
    assert [(e["player"], e["auto"]) for e in of_type(events, "passed")] == [("ann", True)]
    assert match.state.turn == "bob"
    play(match, "bob", "Outpost", "defence-1")
    assert match.state.turn == "bob"


def test_pm5_one_utility_card_per_player_per_round() -> None:
    match = start(["EMP Bomb", "Favorable Conditions"], ["Medic", "Outpost"])
    play(match, "ann", "EMP Bomb")
    play(match, "bob", "Medic", "attack-1")
    move = {"type": "play", "card": card(match, "ann", "Favorable Conditions")}
    assert refused(match, "ann", move).code == "utility_used"
    assert view(match, None).sides["ann"].utility_used is True
    assert all(p.target != "utility" for p in ENGINE.legal(match.state, "ann").plays)


# -- PM-6 reveals ----------------------------------------------------------------------------


def test_pm6_a_revealed_card_stays_visible_until_it_is_played() -> None:
    match = start(["Scout", "Medic"], ["Outpost"], spare=False)
    play(match, "ann", "Scout", "attack-1")
    [shown] = match.state.seats["bob"].revealed
    for viewer in ("ann", None, HOST):
        assert [c.key for c in view(match, viewer).sides["bob"].revealed] == [
            match.state.cards[shown].key
        ]
    hand = own(match, "bob").me.hand
    assert [c.revealed for c in hand] == [True]
    play(match, "bob", "Outpost", "defence-1")
    assert view(match, None).sides["bob"].revealed == []


# -- PM-7 timing -----------------------------------------------------------------------------


def test_pm7_placement_effects_resolve_at_once_on_the_enemy_column() -> None:
    """Sniper destroys at once, and only in its own column index of the enemy field."""
    match = start(["Sniper", "Sniper"], ["Infantry", "Infantry"], first="bob")
    in_two, in_three = card(match, "bob", "Infantry"), card(match, "bob", "Infantry", nth=1)
    play(match, "bob", "Infantry", "attack-2")
    pass_(match, "ann")
    play(match, "bob", "Infantry", "attack-3")
    events = play(match, "ann", "Sniper", "defence-3")
    assert [e["card"]["id"] for e in of_type(events, "card_destroyed")] == [in_three]
    assert on_field(match, in_two)


def test_pm7_continuous_bonuses_are_counted_at_resolution() -> None:
    """A Comms Station boosts a card played beside it later; a Siege Vehicle's boost is lost
    when its vehicle is destroyed before resolution."""
    match = start(["Comms Station", "Outpost", "Humvee", "Siege Vehicle"], ["Artillery Cannon"])
    outpost, humvee = card(match, "ann", "Outpost"), card(match, "ann", "Humvee")
    play(match, "ann", "Comms Station", "defence-2")
    pass_(match, "bob")
    play(match, "ann", "Outpost", "defence-3")
    pass_(match, "bob")
    play(match, "ann", "Humvee", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Siege Vehicle", "attack-2")
    play(match, "bob", "Artillery Cannon", "attack-4")
    resolved = resolve(match)
    assert resolved["score"]["pwr"][outpost] == 5
    assert humvee not in resolved["score"]["pwr"]


# -- PM-8 best of three ----------------------------------------------------------------------


def _rounds(*winners: str | None) -> list[RoundResult]:
    empty = Score(pwr={}, disabled=[], lanes=[], tpr={}, parts={})
    return [RoundResult(round=n, winner=w, score=empty) for n, w in enumerate(winners, 1)]


def _wins(*winners: str | None) -> dict[str, int]:
    return {p: winners.count(p) for p in PLAYERS}


@pytest.mark.parametrize(
    ("winners", "outcome"),
    [
        (("ann",), (False, None)),
        (("ann", "ann"), (True, "ann")),
        (("ann", None), (True, "ann")),
        (("ann", "bob"), (False, None)),
        ((None, "bob"), (False, None)),
        ((None, None), (False, None)),
        (("ann", "bob", "bob"), (True, "bob")),
        (("ann", "bob", None), (True, None)),
        ((None, "bob", "ann"), (True, "ann")),
        ((None, "bob", None), (True, None)),
        ((None, None, "ann"), (True, "ann")),
        ((None, None, None), (True, None)),
    ],
)
def test_pm8_best_of_three_with_the_draw_rules(
    winners: tuple[str | None, ...], outcome: tuple[bool, str | None]
) -> None:
    assert match_over(_rounds(*winners), _wins(*winners)) == outcome


def test_pm8_round_2_drawn_the_round_1_winner_wins_the_match() -> None:
    match = start(["Defense Turret"], ["Medic"])
    assert play_round(match, "ann")["winner"] == "ann"
    next_round(match)
    events = pass_(match, match.state.turn or "")
    events += pass_(match, match.state.turn or "")
    [ended] = of_type(events, "match_ended")
    assert ended["winner"] == "ann" and ended["wins"] == {"ann": 1, "bob": 0}
    assert ENGINE.result(match.state) == {k: v for k, v in ended.items() if k != "audience"}


def test_pm8_round_1_drawn_round_3_settles_the_match() -> None:
    match = start(["Defense Turret"], ["Medic"])
    assert play_round(match, None)["winner"] is None
    next_round(match)
    assert play_round(match, "bob")["winner"] == "bob"
    next_round(match)
    play_round(match, "ann")
    assert match.finished
    assert match.state.result is not None and match.state.result.winner == "ann"


def test_pm8_round_1_drawn_and_round_3_drawn_the_match_is_drawn() -> None:
    """Round 1 drawn: round 3 decides; drawn too, nobody has won the match after round 3,
    whoever won round 2 (PM-8, PM-D4)."""
    match = start(["Defense Turret"], ["Medic"])
    play_round(match, None)
    next_round(match)
    assert play_round(match, "bob")["winner"] == "bob"
    next_round(match)
    play_round(match, None)
    assert match.state.result is not None
    assert (match.state.result.winner, match.state.result.wins) == (None, {"ann": 0, "bob": 1})


# -- PM-9 first player, mulligans ------------------------------------------------------------


def test_pm9_the_first_player_of_round_1_is_drawn_at_random() -> None:
    firsts = set()
    for seed in range(20):
        _, events = fresh(seed, decks={"ann": "vanguard", "bob": "fortress"})
        [drawn] = of_type(events, "first_player_drawn")
        assert drawn["audience"].kind == "public"
        firsts.add(drawn["player"])
    assert firsts == {"ann", "bob"}


def test_pm9_the_loser_starts_the_next_round_after_a_draw_the_other_player() -> None:
    match = start(["Defense Turret"], ["Medic"], first="ann")
    play_round(match, None)
    assert match.state.starter == "bob"
    next_round(match)
    play_round(match, "bob")
    assert match.state.starter == "ann"
    next_round(match)
    assert match.state.turn == "ann"


def test_pm9_every_round_opens_with_a_mulligan_of_up_to_three_cards() -> None:
    match = start(["Defense Turret"], ["Medic"])
    play_round(match, "ann")
    assert match.state.phase == "mulligan" and match.state.round == 2
    for player in PLAYERS:
        match.submit(player, {"type": "keep", "cards": []})
    hand = list(match.state.seats["ann"].hand)
    error = refused(match, "ann", {"type": "mulligan", "cards": hand[:4]})
    assert (error.code, error.message) == ("too_many", "You may trade in at most 3 cards.")
    events = match.submit("ann", {"type": "mulligan", "cards": hand[:3]})
    [done] = of_type(events, "mulligan_done")
    assert done["count"] == 3 and done["audience"].kind == "public"
    assert len(match.state.seats["ann"].hand) == 10
    error = refused(match, "ann", {"type": "mulligan", "cards": []})
    assert error.code == "not_now"


# -- PM-10 every card written down and tested ------------------------------------------------


def test_pm10_every_card_has_its_paragraph_in_the_rules_players_read() -> None:
    """The cards are written down once, in the rules `/help game:project-mars` pages (and
    docs/rules/project-mars.md links to)."""
    text = "\n".join(RULES)  # a message id a line, in English
    for spec in CARDS.values():
        assert f"\n**{spec.name}** (" in text, spec.name


# -- Dealer rulings --------------------------------------------------------------------------


def test_pmd1_decks_are_chosen_in_secret_and_the_deadline_gives_vanguard() -> None:
    match, events = fresh()
    assert match.state.phase == "deck"
    assert of_type(events, "phase_opened")[0]["players"] == PLAYERS
    events = match.submit("ann", {"type": "deck", "deck": "Shadow Ops"})
    assert [e["audience"].players for e in of_type(events, "deck_chosen")] == [("ann",)]
    assert of_type(events, "deck_submitted")[0]["audience"].kind == "public"
    assert own(match, "bob").me.deck is None
    assert own(match, "ann").me.deck == "shadow-ops"
    close(match)
    assert match.state.seats["bob"].deck_name == DEFAULT_DECK
    assert match.state.phase == "mulligan"
    assert all(len(match.state.seats[p].hand) == 10 for p in PLAYERS)


def test_pmd2_a_mulligan_draws_the_replacements_before_returning_the_cards() -> None:
    for seed in range(10):
        match, _ = fresh(seed, decks={"ann": "vanguard", "bob": "vanguard"})
        traded = match.state.seats["ann"].hand[:3]
        events = match.submit("ann", {"type": "mulligan", "cards": traded})
        [done] = of_type(events, "mulliganed")
        assert not {c["id"] for c in done["drawn"]} & set(traded)
        assert set(traded) <= set(match.state.seats["ann"].deck)


def test_pmd2_no_more_cards_traded_than_the_deck_holds() -> None:
    match, _ = fresh(decks={"ann": "vanguard", "bob": "vanguard"})
    seat = match.state.seats["ann"]
    seat.junkyard, seat.deck = seat.deck[:-2], seat.deck[-2:]
    error = refused(match, "ann", {"type": "mulligan", "cards": seat.hand[:3]})
    assert error.message == "You may trade in only 2, as your deck holds 2."


def test_pmd3_cards_go_to_their_owners_junkyard_counted_in_public() -> None:
    match = start(["Landmine"], ["Infantry"])
    play(match, "ann", "Landmine", "attack-1")
    play(match, "bob", "Infantry", "attack-1")
    assert junk(match, "ann") == ["landmine"] and junk(match, "bob") == ["infantry"]
    public = view(match, None)
    assert public.sides["ann"].junkyard_count == 1 and not isinstance(public, PlayerView)
    assert [c.key for c in own(match, "ann").me.junkyard] == ["landmine"]


def test_pmd4_round_3_decides_when_rounds_1_and_2_split() -> None:
    match = start(["Defense Turret"], ["Medic"])
    play_round(match, "ann")
    next_round(match)
    play_round(match, "bob")
    next_round(match)
    play_round(match, None)
    assert match.state.result is not None
    assert (match.state.result.winner, match.state.result.wins) == (None, {"ann": 1, "bob": 1})


def test_pmd5_the_field_means_both_fields() -> None:
    """Favorable Conditions and Infantry count units and infantry on both fields."""
    match = start(["Infantry", "Favorable Conditions"], ["Infantry"])
    theirs = card(match, "bob", "Infantry")
    play(match, "ann", "Infantry", "attack-1")
    play(match, "bob", "Infantry", "attack-2")
    play(match, "ann", "Favorable Conditions")
    assert pwr(match, theirs) == 4
    resolved = resolve(match)
    assert parts(resolved, "ann")["infantry"] == 2 and parts(resolved, "bob")["infantry"] == 2


def test_pmd6_subtypes_are_as_printed_so_siege_vehicle_is_no_vehicle() -> None:
    match = start(["Siege Vehicle", "Siege Vehicle"], ["Medic"])
    play(match, "ann", "Siege Vehicle", "attack-1")
    pass_(match, "bob")
    events = play(match, "ann", "Siege Vehicle", "attack-2")
    assert match.state.pending is None and of_type(events, "boost_chosen") == []
    assert not CARDS["siege-vehicle"].has("vehicle") and not CARDS["spy"].subtypes


def test_pmd6_a_disabled_cyber_soldier_is_still_infantry() -> None:
    match = start(["Cyber Soldier", "EMP Bomb"], ["Infantry", "Artillery Cannon"])
    soldier = card(match, "ann", "Cyber Soldier")
    play(match, "ann", "Cyber Soldier", "defence-1")
    play(match, "bob", "Infantry", "attack-1")
    play(match, "ann", "EMP Bomb")
    assert pwr(match, soldier) == 0
    play(match, "bob", "Artillery Cannon", "attack-2")
    assert not on_field(match, soldier)


def test_pmd7_artillery_cannon_reaches_the_whole_enemy_field_from_the_attack_row() -> None:
    match = start(["Artillery Cannon", "Artillery Cannon"], ["Infantry", "Humvee"], first="bob")
    play(match, "bob", "Infantry", "defence-4")
    play(match, "ann", "Artillery Cannon", "defence-1")
    assert at(match, "bob", "defence-4") == "infantry"
    play(match, "bob", "Humvee", "attack-3")
    play(match, "ann", "Artillery Cannon", "attack-1")
    assert at(match, "bob", "defence-4") is None and at(match, "bob", "attack-3") is None


def test_pmd8_a_trap_sent_back_lands_in_the_same_slot_else_its_column_else_the_first() -> None:
    match = start(["Spy", "Outpost", "Spy", "Medic"], ["Scout", "Scout"])
    play(match, "ann", "Outpost", "attack-2")
    pass_(match, "bob")
    play(match, "ann", "Spy", "attack-2")
    play(match, "bob", "Scout", "attack-2")
    choose(match, "bob", "return")
    assert at(match, "ann", "defence-2") == "spy"
    play(match, "ann", "Medic", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Spy", "attack-1")
    play(match, "bob", "Scout", "attack-1")
    choose(match, "bob", "return")
    assert at(match, "ann", "defence-1") == "spy"


def test_pmd8_face_down_traps_count_for_nobody_and_turn_up_at_the_end() -> None:
    """A trap is no card in a column: it does not win a lane by default nor count for a
    Drone; it is shown face up when the round resolves."""
    match = start(["Landmine", "Landmine", "Drone"], ["Medic", "Outpost"], first="bob")
    play(match, "bob", "Medic", "attack-1")
    play(match, "ann", "Landmine", "defence-1")
    pass_(match, "bob")
    play(match, "ann", "Landmine", "attack-2")
    pass_(match, "bob")
    events = play(match, "ann", "Drone", "attack-2")
    assert of_type(events, "cards_revealed") == []
    resolved = resolve(match)
    assert resolved["score"]["lanes"][:2] == [None, "ann"]
    assert sorted(t["slot"] for t in resolved["traps"]) == ["attack-2", "defence-1"]
    assert all(t["card"]["key"] == "landmine" for t in resolved["traps"])


def test_pmd8_the_trap_resolves_before_the_card_s_own_effect() -> None:
    match = start(["Infantry", "Landmine"], ["Strike Team"])
    infantry = card(match, "ann", "Infantry")
    play(match, "ann", "Infantry", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Landmine", "attack-2")
    events = play(match, "bob", "Strike Team", "attack-2")
    kinds = [e.type for e in events]
    assert kinds.index("trap_triggered") < kinds.index("card_destroyed")
    assert match.state.pending is None and of_type(events, "pwr_zeroed") == []
    assert pwr(match, infantry) == 2


def test_pmd9_reveals_pick_hidden_cards_and_end_with_the_round() -> None:
    match = start(["Scout", "Scout"], ["Outpost", "Medic"], spare=False)
    play(match, "ann", "Scout", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Scout", "attack-2")
    assert sorted(match.state.seats["bob"].revealed) == sorted(match.state.seats["bob"].hand)
    resolve(match)
    assert match.state.seats["bob"].revealed == []


def test_pmd9_under_toxic_gas_a_stealth_op_reveals_nothing() -> None:
    match = start(["Toxic Gas", "Stealth Op"], ["Outpost", "Medic"])
    play(match, "ann", "Toxic Gas")
    pass_(match, "bob")
    play(match, "ann", "Stealth Op", "defence-2")
    events = play(match, "bob", "Outpost", "defence-2")
    assert match.state.pending is None
    assert of_type(events, "reveal_blocked")[0]["by"] == "stealth-op"
    assert "stealth-op" in junk(match, "ann")


def test_pmd10_a_zeroed_card_gets_no_bonus_and_comms_stations_get_none() -> None:
    match = start(
        ["Strike Team", "Favorable Conditions"],
        ["Infantry", "Comms Station", "Comms Station"],
        first="bob",
    )
    infantry = card(match, "bob", "Infantry")
    comms = card(match, "bob", "Comms Station")
    play(match, "bob", "Infantry", "attack-1")
    play(match, "ann", "Strike Team", "attack-2")
    play(match, "bob", "Comms Station", "defence-1")
    play(match, "ann", "Favorable Conditions")
    play(match, "bob", "Comms Station", "defence-2")
    assert (pwr(match, infantry), pwr(match, comms)) == (0, 0)


def test_pmd11_a_defense_system_in_the_attack_row_disables_nothing() -> None:
    match = start(["Defense System"], ["Scout"])
    play(match, "ann", "Defense System", "attack-1")
    play(match, "bob", "Scout", "attack-1")
    assert resolve(match)["score"]["disabled"] == []


def test_pmd12_siege_vehicle_picks_only_its_owners_vehicles() -> None:
    match = start(["Siege Vehicle"], ["Humvee"], first="bob")
    play(match, "bob", "Humvee", "attack-1")
    events = play(match, "ann", "Siege Vehicle", "attack-1")
    assert match.state.pending is None and of_type(events, "boost_chosen") == []


def test_pmd13_strike_team_reaches_any_column_and_skips_zeroed_units() -> None:
    match = start(["Strike Team", "Strike Team"], ["Infantry", "Medic"], first="bob")
    infantry, medic = card(match, "bob", "Infantry"), card(match, "bob", "Medic")
    play(match, "bob", "Infantry", "defence-4")
    play(match, "ann", "Strike Team", "attack-1")
    assert pwr(match, infantry) == 0
    play(match, "bob", "Medic", "attack-4")
    play(match, "ann", "Strike Team", "attack-2")
    assert match.state.pending is None
    assert match.state.seats["bob"].field["attack-4"].zeroed
    assert on_field(match, medic)


def test_pmd13_set_to_0_touches_only_pwr_not_the_cards_effect() -> None:
    """A zeroed Outpost has PWR 0 but still adds +2 TPR; a zeroed Medic still adds +4."""
    match = start(["Landmine", "Strike Team"], ["Outpost", "Medic"])
    play(match, "ann", "Landmine", "defence-1")
    outpost = card(match, "bob", "Outpost")
    play(match, "bob", "Outpost", "defence-1")
    pass_(match, "ann")
    play(match, "bob", "Medic", "attack-2")
    play(match, "ann", "Strike Team", "attack-3")
    assert match.state.seats["bob"].field["attack-2"].zeroed
    resolved = resolve(match)
    assert resolved["score"]["pwr"][outpost] == 0
    assert (parts(resolved, "bob")["outpost"], parts(resolved, "bob")["medic"]) == (2, 4)


def test_pmd14_research_station_always_asks_even_with_no_utility_left() -> None:
    match = start(["Research Station", "Outpost"], ["Medic"])
    outpost = card(match, "ann", "Outpost")
    play(match, "ann", "Research Station", "defence-1")
    choose(match, "ann", outpost)
    pending = match.state.pending
    assert pending is not None and [o.id for o in pending.options] == ["none"]
    choose(match, "ann", "none")
    assert outpost in match.state.seats["ann"].hand


def test_pmd15_a_single_visible_option_is_taken_without_asking() -> None:
    match = start(["Sniper"], ["Infantry"], first="bob")
    infantry = card(match, "bob", "Infantry")
    play(match, "bob", "Infantry", "attack-1")
    events = play(match, "ann", "Sniper", "defence-1")
    assert match.state.pending is None and not on_field(match, infantry)
    assert [e["phase"] for e in of_type(events, "phase_opened")] == ["turn"]


def test_pmd15_the_deadline_takes_the_default_for_whoever_must_act() -> None:
    match = start(["Spy", "Defense Turret"], ["Scout", "Medic"])
    events = close(match)
    assert [(e["player"], e["auto"]) for e in of_type(events, "passed")] == [("ann", True)]
    assert of_type(events, "phase_opened")[0]["players"] == ["bob"]
    play(match, "bob", "Scout", "attack-1")
    play(match, "ann", "Spy", "attack-2")
    play(match, "bob", "Medic", "attack-2")
    assert match.state.pending is not None
    events = close(match)
    assert of_type(events, "defaults_applied")[0]["players"] == ["bob"]
    assert at(match, "ann", "attack-2") == "spy"
    play_round(match, "ann")
    events = close(match)
    assert match.state.phase == "turn"
    assert all(len(match.state.seats[p].hand) == 10 for p in PLAYERS)
    assert [e["kept"] for e in of_type(events, "back_hand_chosen")] == [1, 1]


def test_pmd16_the_host_sees_the_public_view() -> None:
    match = start(["Spy", "Outpost"], ["Medic"])
    play(match, "ann", "Spy", "attack-1")
    assert view(match, HOST) == view(match, None)
    assert not isinstance(view(match, HOST), PlayerView)


def test_pmd17_a_removed_player_forfeits() -> None:
    match = start(["Outpost"], ["Medic"])
    assert refused(match, "ann", {"type": "kick", "player": "bob"}).code == "host_only"
    events = match.submit(HOST, {"type": "kick", "player": "bob"})
    [ended] = of_type(events, "match_ended")
    assert (ended["winner"], ended["forfeit"]) == ("ann", "bob")
    assert view(match, None).kicked == ["bob"]
    assert refused(match, "ann", {"type": "pass"}).code == "match_over"


def test_pmd22_a_player_concedes_out_of_turn_and_the_other_wins() -> None:
    match = start(["Outpost"], ["Medic"])
    assert match.state.turn == "ann"
    assert refused(match, HOST, {"type": "forfeit"}).code == "not_a_player"
    assert refused(match, "zed", {"type": "forfeit"}).code == "not_a_player"
    events = match.submit("bob", {"type": "forfeit"})
    assert [e.type for e in events] == ["player_forfeited", "match_ended"]
    assert events[0].data == {"player": "bob"} and events[0].audience.kind == "public"
    [ended] = of_type(events, "match_ended")
    assert (ended["winner"], ended["forfeit"]) == ("ann", "bob")
    assert refused(match, "ann", {"type": "forfeit"}).code == "match_over"


def test_pmd18_sinkhole_may_stop_before_discarding() -> None:
    match = start(["Sinkhole", "Scout"], ["Outpost"], first="bob")
    outpost = card(match, "bob", "Outpost")
    play(match, "bob", "Outpost", "defence-1")
    play(match, "ann", "Sinkhole")
    choose(match, "ann", outpost)
    choose(match, "ann", "stop")
    assert on_field(match, outpost) and len(match.state.seats["ann"].hand) == 2


def test_pmd19_a_disabled_sentinel_pair_adds_nothing() -> None:
    match = start(["Sentinel", "Sentinel"], ["EMP Bomb"])
    play(match, "ann", "Sentinel", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Sentinel", "defence-1")
    play(match, "bob", "EMP Bomb")
    assert parts(resolve(match), "ann")["sentinel"] == 0


def test_pmd20_a_player_with_cards_but_no_play_must_still_pass() -> None:
    match = start(["EMP Bomb", "Favorable Conditions"], ["Medic"], spare=False)
    play(match, "ann", "EMP Bomb")
    play(match, "bob", "Medic", "attack-1")
    assert match.state.turn == "ann"
    legal = ENGINE.legal(match.state, "ann")
    assert legal.pass_ is True and legal.plays == []
    pass_(match, "ann")
    assert match.finished is False and match.state.round == 2


def revealed_by_stealth_op(
    hand: list[str], shown: str, extra: tuple[str, ...] = ()
) -> tuple[Match, str]:
    """ann holds `hand` and reveals her `shown` to bob's Stealth Op; bob sets an Outpost in
    his defence-2, and it is ann's turn."""
    match = start(
        ["Outpost", *hand], ["Stealth Op", "Outpost"], first="bob", extra={"ann": list(extra)}
    )
    play(match, "bob", "Stealth Op", "defence-1")
    play(match, "ann", "Outpost", "defence-1")
    revealed = card(match, "ann", shown)
    choose(match, "ann", revealed)
    play(match, "bob", "Outpost", "defence-2")
    assert match.state.seats["ann"].revealed == [revealed] and match.state.turn == "ann"
    return match, revealed


def left(match: Match, events: list[Event], card_id: str) -> None:
    """The public was told that ann's revealed card left her hand, and her side no longer
    shows it."""
    [gone] = of_type(events, "revealed_card_left")
    assert gone["audience"].kind == "public" and gone["player"] == "ann"
    assert "id" not in gone["card"] and gone["card"]["key"] == match.state.cards[card_id].key
    assert view(match, "bob").sides["ann"].revealed == []


def test_pmd21_a_revealed_card_set_as_a_trap_is_seen_leaving_the_hand() -> None:
    match, landmine = revealed_by_stealth_op(["Landmine"], "Landmine")
    events = play(match, "ann", "Landmine", "attack-2")
    left(match, events, landmine)


def test_pmd21_a_revealed_card_played_face_up_needs_no_more_telling() -> None:
    match, medic = revealed_by_stealth_op(["Medic"], "Medic")
    events = play(match, "ann", "Medic", "attack-2")
    assert of_type(events, "revealed_card_left") == []
    [played] = of_type(events, "card_played")
    assert played["card"]["id"] == medic and view(match, "bob").sides["ann"].revealed == []


def test_pmd21_research_station_trading_a_revealed_card_shows_it_left() -> None:
    match, drone = revealed_by_stealth_op(
        ["Research Station", "Drone", "Drone"], "Drone", extra=("EMP Bomb",)
    )
    other = card(match, "ann", "Drone", nth=1)
    play(match, "ann", "Research Station", "defence-2")
    pending = match.state.pending
    assert pending is not None
    labels = {o.id: o.label for o in pending.options}
    assert labels[drone] == "Drone (revealed: everyone sees it go)" and labels[other] == "Drone"
    choose(match, "ann", drone)
    left(match, choose(match, "ann", "emp-bomb"), drone)


def test_pmd21_sinkhole_discarding_a_revealed_card_shows_it_left() -> None:
    match, medic = revealed_by_stealth_op(["Sinkhole", "Medic"], "Medic")
    outpost = match.state.seats["bob"].field["defence-2"]
    assert outpost is not None
    play(match, "ann", "Sinkhole")
    choose(match, "ann", outpost.card)
    left(match, choose(match, "ann", medic), medic)


def test_end_round_back_hand_cards_are_kept_then_the_hand_is_drawn_to_10() -> None:
    """The rulebook's End Round: back-hand cards first, then draws from the deck; the rest
    of the back hand goes to the junkyard."""
    match = start(["Defense Turret"], ["Medic", "Outpost"])
    play_round(match, "ann")
    back = list(match.state.seats["bob"].back_hand)
    events = match.submit("bob", {"type": "keep", "cards": back[:1]})
    assert match.state.seats["bob"].hand[0] == back[0]
    assert len(match.state.seats["bob"].hand) == 10
    assert [e["discarded"] for e in of_type(events, "back_hand_chosen")] == [len(back) - 1]
    assert junk(match, "bob")[-(len(back) - 1) :] == [match.state.cards[c].key for c in back[1:]]
