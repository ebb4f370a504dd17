"""One scenario test (or a few) per card of Project Mars, all 27 (PM-10): each test's name
starts with the card's key, and its docstring says which behaviour of the card's text
(bot/games/project_mars/rules.py, with the rulings of docs/rules/project-mars.md) it checks."""

from __future__ import annotations

from games.project_mars.card_details import CARDS
from tests.project_mars.helpers import (
    at,
    card,
    choose,
    decision,
    junk,
    of_type,
    on_field,
    parts,
    pass_,
    play,
    pwr,
    resolve,
    start,
    view,
)

# -- attack / offense ---------------------------------------------------------------------------


def test_scout_reveals_one_random_card_of_the_opponents_hand() -> None:
    """Scout in the attack row: one random card of the opponent's hand is revealed to all."""
    match = start(["Scout"], ["Outpost", "Sniper", "Medic"])
    events = play(match, "ann", "Scout", "attack-1")
    [revealed] = of_type(events, "cards_revealed")
    assert revealed["player"] == "bob" and revealed["by"] == "scout"
    assert revealed["audience"].kind == "public"
    [shown] = revealed["cards"]
    assert match.state.seats["bob"].revealed == [shown["id"]]
    assert shown["id"] in match.state.seats["bob"].hand
    assert [c.model_dump() for c in view(match, None).sides["bob"].revealed] == [
        {k: v for k, v in shown.items() if k != "id"}
    ]


def test_drone_reveals_as_many_cards_as_the_enemy_column_holds() -> None:
    """Drone: X random cards, X = the opponent's cards in the Drone's column."""
    match = start(
        ["Drone"], ["Defense Turret", "Outpost", "Medic", "Sniper", "Infantry"], first="bob"
    )
    play(match, "bob", "Defense Turret", "attack-2")
    pass_(match, "ann")
    play(match, "bob", "Outpost", "defence-2")
    [revealed] = of_type(play(match, "ann", "Drone", "attack-2"), "cards_revealed")
    assert len(revealed["cards"]) == 2
    assert len(set(match.state.seats["bob"].revealed)) == 2


def test_drone_over_an_empty_enemy_column_reveals_nothing() -> None:
    match = start(["Drone"], ["Defense Turret", "Medic"], first="bob")
    play(match, "bob", "Defense Turret", "attack-2")
    events = play(match, "ann", "Drone", "attack-3")
    assert of_type(events, "cards_revealed") == []
    assert match.state.seats["bob"].revealed == []


def test_android_destroys_a_trap_it_is_placed_on_without_triggering_it() -> None:
    """Android in the attack row on a trap: the trap goes to the junkyard, untriggered."""
    match = start(["Spy"], ["Android", "Medic"])
    play(match, "ann", "Spy", "attack-1")
    events = play(match, "bob", "Android", "attack-1")
    assert [e["card"]["key"] for e in of_type(events, "trap_disarmed")] == ["spy"]
    assert of_type(events, "trap_triggered") == []
    assert match.state.pending is None and match.state.turn == "ann"
    assert at(match, "bob", "attack-1") == "android"
    assert junk(match, "ann") == ["spy"]


def test_cyber_soldier_counts_as_an_infantry_card() -> None:
    match = start(["Infantry", "Cyber Soldier"], ["Medic"])
    play(match, "ann", "Infantry", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Cyber Soldier", "defence-2")
    assert parts(resolve(match), "ann")["infantry"] == 2


def test_sentinel_adds_6_with_another_sentinel_in_its_column() -> None:
    """Sentinel (attack row) + another Sentinel in the same column: +6 TPR, once per pair; a
    Sentinel with no partner in its column adds nothing."""
    match = start(["Sentinel", "Sentinel", "Sentinel"], ["Medic"])
    play(match, "ann", "Sentinel", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Sentinel", "defence-1")
    pass_(match, "bob")
    play(match, "ann", "Sentinel", "attack-2")
    assert parts(resolve(match), "ann")["sentinel"] == 6


def test_landmine_destroys_a_unit_placed_on_it() -> None:
    match = start(["Landmine"], ["Infantry", "Medic"])
    play(match, "ann", "Landmine", "defence-4")
    infantry = card(match, "bob", "Infantry")
    events = play(match, "bob", "Infantry", "defence-4")
    assert [e["card"]["key"] for e in of_type(events, "trap_triggered")] == ["landmine"]
    assert not on_field(match, infantry)
    assert junk(match, "bob") == ["infantry"] and junk(match, "ann") == ["landmine"]


def test_landmine_sets_a_buildings_pwr_to_0_and_spares_other_cards() -> None:
    match = start(["Landmine", "Landmine"], ["Outpost", "Defense Turret", "Medic"])
    play(match, "ann", "Landmine", "defence-1")
    outpost = card(match, "bob", "Outpost")
    play(match, "bob", "Outpost", "defence-1")
    play(match, "ann", "Landmine", "defence-2")
    turret = card(match, "bob", "Defense Turret")
    play(match, "bob", "Defense Turret", "defence-2")
    assert (pwr(match, outpost), pwr(match, turret)) == (0, 3)
    assert match.state.seats["bob"].field["defence-1"].zeroed


def test_stealth_op_victim_may_reveal_a_card_of_their_choice() -> None:
    """Stealth Op: the opponent chooses; revealing a card of their choice sends the Stealth
    Op to the junkyard."""
    match = start(["Stealth Op"], ["Outpost", "Medic", "Scout"])
    play(match, "ann", "Stealth Op", "defence-3")
    events = play(match, "bob", "Outpost", "defence-3")
    pending = match.state.pending
    assert pending is not None and pending.player == "bob" and pending.kind == "stealth_op"
    medic = card(match, "bob", "Medic")
    assert [o.id for o in pending.options] == ["return", *match.state.seats["bob"].hand]
    [opened] = of_type(events, "phase_opened")
    assert opened["players"] == ["bob"] and opened["options"] is None
    revealed = of_type(choose(match, "bob", medic), "cards_revealed")
    assert [c["id"] for c in revealed[0]["cards"]] == [medic]
    assert junk(match, "ann") == ["stealth-op"]
    assert at(match, "bob", "defence-3") == "outpost"


def test_stealth_op_victim_may_send_it_back_to_its_owners_field() -> None:
    match = start(["Stealth Op"], ["Outpost", "Medic"])
    stealth = card(match, "ann", "Stealth Op")
    play(match, "ann", "Stealth Op", "defence-3")
    play(match, "bob", "Outpost", "defence-3")
    choose(match, "bob", "return")
    assert at(match, "ann", "defence-3") == "stealth-op"
    assert pwr(match, stealth) == 2
    assert match.state.seats["bob"].revealed == []


def test_humvee_counts_as_an_infantry_card_in_any_row() -> None:
    match = start(["Infantry", "Humvee"], ["Medic"])
    play(match, "ann", "Infantry", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Humvee", "defence-4")
    assert parts(resolve(match), "ann")["infantry"] == 2


def test_medic_adds_4_to_tpr_in_the_attack_row() -> None:
    match = start(["Medic", "Medic"], ["Outpost"])
    play(match, "ann", "Medic", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Medic", "attack-2")
    assert parts(resolve(match), "ann")["medic"] == 8


def test_artillery_cannon_destroys_every_enemy_infantry_card() -> None:
    match = start(
        ["Artillery Cannon"], ["Infantry", "Humvee", "Cyber Soldier", "Outpost"], first="bob"
    )
    for name, slot in [
        ("Infantry", "attack-1"),
        ("Humvee", "attack-2"),
        ("Cyber Soldier", "defence-3"),
    ]:
        play(match, "bob", name, slot)
        pass_(match, "ann")
    play(match, "bob", "Outpost", "defence-1")
    events = play(match, "ann", "Artillery Cannon", "attack-4")
    destroyed = sorted(e["card"]["key"] for e in of_type(events, "card_destroyed"))
    assert destroyed == ["cyber-soldier", "humvee", "infantry"]
    assert at(match, "bob", "defence-1") == "outpost"


def test_siege_vehicle_boosts_the_vehicle_its_owner_picks() -> None:
    match = start(["Humvee", "Humvee", "Siege Vehicle"], ["Medic"])
    first, second = card(match, "ann", "Humvee"), card(match, "ann", "Humvee", nth=1)
    play(match, "ann", "Humvee", "attack-1")
    pass_(match, "bob")
    play(match, "ann", "Humvee", "attack-2")
    pass_(match, "bob")
    play(match, "ann", "Siege Vehicle", "attack-3")
    pending = match.state.pending
    assert pending is not None and pending.player == "ann"
    assert [o.id for o in pending.options] == [first, second]
    choose(match, "ann", second)
    assert (pwr(match, first), pwr(match, second)) == (2, 4)


def test_siege_vehicle_with_one_vehicle_boosts_it_without_asking() -> None:
    match = start(["Humvee", "Siege Vehicle"], ["Medic"])
    humvee = card(match, "ann", "Humvee")
    play(match, "ann", "Humvee", "defence-1")
    pass_(match, "bob")
    events = play(match, "ann", "Siege Vehicle", "attack-3")
    assert match.state.pending is None
    assert [e["target"]["id"] for e in of_type(events, "boost_chosen")] == [humvee]
    assert pwr(match, humvee) == 4


def test_infantry_adds_1_per_infantry_on_the_field_once() -> None:
    """Infantry: +1 per infantry card on both fields; two Infantry do not double it."""
    match = start(["Infantry", "Infantry"], ["Humvee"])
    play(match, "ann", "Infantry", "attack-1")
    play(match, "bob", "Humvee", "attack-1")
    play(match, "ann", "Infantry", "attack-2")
    resolved = resolve(match)
    assert parts(resolved, "ann")["infantry"] == 3
    assert parts(resolved, "bob")["infantry"] == 0


def test_strike_team_brings_an_enemy_unit_to_pwr_0() -> None:
    match = start(["Strike Team"], ["Infantry", "Medic", "Outpost"], first="bob")
    infantry, medic = card(match, "bob", "Infantry"), card(match, "bob", "Medic")
    play(match, "bob", "Infantry", "attack-1")
    pass_(match, "ann")
    play(match, "bob", "Medic", "defence-4")
    pass_(match, "ann")
    play(match, "bob", "Outpost", "defence-1")
    play(match, "ann", "Strike Team", "attack-3")
    pending = match.state.pending
    assert pending is not None and {o.id for o in pending.options} == {infantry, medic}
    choose(match, "ann", infantry)
    assert pwr(match, infantry) == 0 and on_field(match, infantry)


def test_spy_victim_may_lose_a_card_of_2_pwr_or_less() -> None:
    """Spy: the opponent chooses; "destroy" loses their placed card if it has 2 or less PWR,
    and the card's own effect (Scout's reveal) never happens."""
    match = start(["Spy"], ["Scout", "Medic"])
    play(match, "ann", "Spy", "attack-2")
    scout = card(match, "bob", "Scout")
    play(match, "bob", "Scout", "attack-2")
    pending = match.state.pending
    assert pending is not None and pending.player == "bob" and pending.kind == "spy"
    assert decision(match, "bob").slot == "attack-2"
    events = choose(match, "bob", "destroy")
    assert not on_field(match, scout)
    assert of_type(events, "cards_revealed") == []
    assert junk(match, "ann") == ["spy"] and junk(match, "bob") == ["scout"]


def test_spy_destroy_spares_a_card_of_more_than_2_pwr() -> None:
    match = start(["Spy"], ["Outpost", "Medic"])
    play(match, "ann", "Spy", "defence-2")
    play(match, "bob", "Outpost", "defence-2")
    choose(match, "bob", "destroy")
    assert at(match, "bob", "defence-2") == "outpost"
    assert junk(match, "ann") == ["spy"]


def test_spy_victim_may_send_it_back_to_its_owners_field() -> None:
    match = start(["Spy"], ["Scout", "Medic"])
    spy = card(match, "ann", "Spy")
    play(match, "ann", "Spy", "attack-2")
    play(match, "bob", "Scout", "attack-2")
    events = choose(match, "bob", "return")
    assert at(match, "ann", "attack-2") == "spy" and pwr(match, spy) == 2
    assert at(match, "bob", "attack-2") == "scout"
    assert len(of_type(events, "cards_revealed")) == 1


# -- defense / guardian -------------------------------------------------------------------------


def test_outpost_adds_2_to_tpr_in_the_defence_row() -> None:
    match = start(["Outpost"], ["Medic"])
    outpost = card(match, "ann", "Outpost")
    play(match, "ann", "Outpost", "defence-1")
    assert pwr(match, outpost) == 3
    assert parts(resolve(match), "ann")["outpost"] == 2


def test_defense_system_disables_an_artificial_card_in_the_enemy_column_at_resolution() -> None:
    """Defense System: chosen at resolution, the attack-row artificial card first; a card
    played after the Defense System is caught too."""
    match = start(["Defense System"], ["Scout", "Drone", "Medic"])
    play(match, "ann", "Defense System", "defence-1")
    drone, scout = card(match, "bob", "Drone"), card(match, "bob", "Scout")
    play(match, "bob", "Drone", "defence-1")
    pass_(match, "ann")
    play(match, "bob", "Scout", "attack-1")
    assert (pwr(match, scout), pwr(match, drone)) == (0, 1)
    resolved = resolve(match)
    assert resolved["score"]["disabled"] == [scout]
    assert resolved["score"]["pwr"][drone] == 1


def test_research_station_trades_a_hand_card_for_a_utility_card_of_the_deck() -> None:
    match = start(["Research Station", "Outpost"], ["Medic"], extra={"ann": ["EMP Bomb"]})
    outpost = card(match, "ann", "Outpost")
    play(match, "ann", "Research Station", "defence-1")
    pending = match.state.pending
    spare = card(match, "ann", "Defense Turret")
    assert pending is not None and [o.id for o in pending.options] == ["keep", outpost, spare]
    assert decision(match, "bob").options is None
    choose(match, "ann", outpost)
    pending = match.state.pending
    assert pending is not None and [o.id for o in pending.options] == ["emp-bomb"]
    events = choose(match, "ann", "emp-bomb")
    assert match.state.seats["ann"].hand == [spare, card(match, "ann", "EMP Bomb")]
    assert outpost in match.state.seats["ann"].deck
    [traded] = of_type(events, "card_traded")
    assert traded["audience"].players == ("ann",)
    assert (traded["gave"]["id"], traded["took"]["key"]) == (outpost, "emp-bomb")


def test_cybernetics_lab_gives_1_pwr_artificial_cards_plus_1() -> None:
    """Cybernetics Lab: ARTIFICIAL cards printed with 1 PWR gain +1; two labs do not stack."""
    match = start(["Cybernetics Lab", "Cybernetics Lab", "Drone", "Scout"], ["Medic"])
    drone, scout = card(match, "ann", "Drone"), card(match, "ann", "Scout")
    for name, slot in [
        ("Cybernetics Lab", "defence-1"),
        ("Cybernetics Lab", "defence-2"),
        ("Drone", "attack-3"),
        ("Scout", "attack-4"),
    ]:
        play(match, "ann", name, slot)
        if match.state.turn == "bob":
            pass_(match, "bob")
    assert (pwr(match, drone), pwr(match, scout)) == (2, 2)


def test_comms_station_gives_its_neighbours_plus_2_once() -> None:
    """Comms Station: the cards left and right of it in its row get +2, from one Comms
    Station only; it gets no bonus itself; the row above is not beside it."""
    match = start(
        ["Comms Station", "Comms Station", "Outpost", "Defense Turret", "Infantry"], ["Medic"]
    )
    comms = card(match, "ann", "Comms Station")
    outpost, turret = card(match, "ann", "Outpost"), card(match, "ann", "Defense Turret")
    infantry = card(match, "ann", "Infantry")
    for name, slot in [
        ("Comms Station", "defence-1"),
        ("Outpost", "defence-2"),
        ("Comms Station", "defence-3"),
        ("Defense Turret", "defence-4"),
        ("Infantry", "attack-2"),
    ]:
        play(match, "ann", name, slot)
        if match.state.turn == "bob":
            pass_(match, "bob")
    assert (pwr(match, outpost), pwr(match, turret)) == (5, 5)
    assert (pwr(match, comms), pwr(match, infantry)) == (0, 2)


def test_ballistic_missiles_destroy_a_building_in_the_enemy_column() -> None:
    match = start(
        ["Ballistic Missiles"], ["Outpost", "Cybernetics Lab", "Research Station"], first="bob"
    )
    outpost, lab = card(match, "bob", "Outpost"), card(match, "bob", "Cybernetics Lab")
    play(match, "bob", "Outpost", "defence-2")
    pass_(match, "ann")
    play(match, "bob", "Cybernetics Lab", "attack-2")
    pass_(match, "ann")
    play(match, "bob", "Research Station", "defence-3")
    choose(match, "bob", "keep")
    play(match, "ann", "Ballistic Missiles", "defence-2")
    pending = match.state.pending
    assert pending is not None and {o.id for o in pending.options} == {outpost, lab}
    choose(match, "ann", lab)
    assert not on_field(match, lab) and on_field(match, outpost)
    assert at(match, "bob", "defence-3") == "research-station"


def test_defense_turret_is_3_pwr_and_nothing_else() -> None:
    match = start(["Defense Turret"], ["Medic"])
    turret = card(match, "ann", "Defense Turret")
    events = play(match, "ann", "Defense Turret", "attack-1")
    assert [e.type for e in events] == ["card_played", "phase_opened"]
    assert pwr(match, turret) == 3


def test_sniper_destroys_an_enemy_unit_in_the_enemy_column() -> None:
    match = start(["Sniper", "Sniper"], ["Infantry", "Defense Turret", "Medic"], first="bob")
    infantry, medic = card(match, "bob", "Infantry"), card(match, "bob", "Medic")
    play(match, "bob", "Infantry", "attack-2")
    pass_(match, "ann")
    play(match, "bob", "Medic", "attack-3")
    play(match, "ann", "Sniper", "defence-2")
    assert not on_field(match, infantry) and on_field(match, medic)
    play(match, "bob", "Defense Turret", "defence-4")
    events = play(match, "ann", "Sniper", "defence-4")
    assert of_type(events, "card_destroyed") == []


# -- utility ------------------------------------------------------------------------------------


def test_emp_bomb_disables_every_artificial_card_on_both_fields() -> None:
    match = start(["Sentinel", "EMP Bomb"], ["Scout", "Drone", "Medic"], first="bob")
    scout, drone = card(match, "bob", "Scout"), card(match, "bob", "Drone")
    sentinel = card(match, "ann", "Sentinel")
    play(match, "bob", "Scout", "attack-1")
    play(match, "ann", "Sentinel", "attack-2")
    pass_(match, "bob")
    events = play(match, "ann", "EMP Bomb")
    assert sorted(c["card"]["id"] for c in of_type(events, "cards_disabled")[0]["cards"]) == sorted(
        [scout, sentinel]
    )
    play(match, "bob", "Drone", "attack-3")
    assert (pwr(match, scout), pwr(match, sentinel), pwr(match, drone)) == (0, 0, 1)
    assert "emp-bomb" in junk(match, "ann")


def test_top_secret_information_destroys_ghost_and_trap_cards_on_both_fields() -> None:
    match = start(["Landmine", "Top Secret Information", "Medic"], ["Sniper", "Spy", "Outpost"])
    play(match, "ann", "Landmine", "attack-1")
    play(match, "bob", "Sniper", "defence-2")
    play(match, "ann", "Medic", "attack-4")
    play(match, "bob", "Spy", "attack-3")
    play(match, "ann", "Top Secret Information")
    assert at(match, "bob", "attack-1") is None and at(match, "bob", "defence-2") is None
    assert at(match, "ann", "attack-3") is None and at(match, "ann", "attack-4") == "medic"
    assert sorted(junk(match, "ann")) == ["landmine", "top-secret-information"]
    assert sorted(junk(match, "bob")) == ["sniper", "spy"]


def test_favorable_conditions_gives_every_unit_on_the_field_plus_2() -> None:
    """Favorable Conditions: units on both fields when it is played; not cards played later."""
    match = start(["Infantry", "Favorable Conditions", "Infantry"], ["Medic", "Outpost", "Scout"])
    mine, theirs = card(match, "ann", "Infantry"), card(match, "bob", "Medic")
    later = card(match, "ann", "Infantry", nth=1)
    outpost = card(match, "bob", "Outpost")
    play(match, "ann", "Infantry", "attack-1")
    play(match, "bob", "Medic", "attack-1")
    play(match, "ann", "Favorable Conditions")
    play(match, "bob", "Outpost", "defence-1")
    play(match, "ann", "Infantry", "attack-2")
    assert (pwr(match, mine), pwr(match, theirs)) == (4, 2)
    assert (pwr(match, later), pwr(match, outpost)) == (2, 3)


def test_toxic_gas_destroys_every_unit_and_stops_reveals() -> None:
    match = start(["Infantry", "Toxic Gas", "Scout"], ["Medic", "Outpost", "Sniper"])
    play(match, "ann", "Infantry", "attack-1")
    play(match, "bob", "Medic", "attack-1")
    play(match, "ann", "Toxic Gas")
    assert at(match, "ann", "attack-1") is None and at(match, "bob", "attack-1") is None
    play(match, "bob", "Outpost", "defence-1")
    events = play(match, "ann", "Scout", "attack-2")
    assert of_type(events, "cards_revealed") == []
    assert match.state.seats["bob"].revealed == []
    assert view(match, None).immune is True


def test_sinkhole_destroys_one_enemy_building_per_card_discarded() -> None:
    match = start(
        ["Sinkhole", "Scout", "Medic", "Infantry"],
        ["Outpost", "Comms Station", "Cybernetics Lab", "Defense Turret"],
        first="bob",
    )
    outpost, comms = card(match, "bob", "Outpost"), card(match, "bob", "Comms Station")
    scout, medic = card(match, "ann", "Scout"), card(match, "ann", "Medic")
    for name, slot in [
        ("Outpost", "defence-1"),
        ("Comms Station", "defence-2"),
        ("Cybernetics Lab", "defence-3"),
    ]:
        play(match, "bob", name, slot)
        if name != "Cybernetics Lab":
            pass_(match, "ann")
    play(match, "ann", "Sinkhole")
    choose(match, "ann", outpost)
    assert match.state.pending is not None and match.state.pending.secret
    choose(match, "ann", scout)
    choose(match, "ann", comms)
    choose(match, "ann", medic)
    choose(match, "ann", "stop")
    assert at(match, "bob", "defence-1") is None and at(match, "bob", "defence-2") is None
    assert at(match, "bob", "defence-3") == "cybernetics-lab"
    hand = [match.state.cards[c].key for c in match.state.seats["ann"].hand]
    assert hand == ["infantry", "defense-turret"]
    assert sorted(junk(match, "ann")) == ["medic", "scout", "sinkhole"]
    assert match.state.turn == "bob"


def test_every_card_has_a_test_here() -> None:
    """PM-10: a scenario test per card, named after its key."""
    names = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    for key in CARDS:
        assert any(n.startswith(key.replace("-", "_")) for n in names), key
