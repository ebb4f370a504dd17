"""The MARSBOT draft as a match: both modes played through `Match`, the Dealer rulings MB-D1...
of docs/rules/marsbot-draft.md, the refusals (a card not in the catalogue, a pile of the wrong
size, a pick before the player's own, a corporation without a priority), and replays."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.engine import HOST
from games.core.errors import RuleError
from games.core.match import Match, MatchRecord, replay
from games.marsbot_draft import ENGINE
from games.marsbot_draft.draft import BONUS_CARD
from games.marsbot_draft.model import Options
from games.marsbot_draft.piles import project_cards
from games.marsbot_draft.priority import CORPORATIONS
from games.tm_catalogue import builtin

ANN = "ann"
TRACKS = {
    "building": 5,
    "space": 4,
    "event": 6,
    "science": 7,
    "power": 3,
    "earth": 8,
    "plant": 9,
}


def start(seed: int = 1, **options: Any) -> tuple[Match, list[dict[str, Any]]]:
    match, events = Match.start(ENGINE, [ANN], options, seed)
    return match, [e.to_json() for e in events]


def play(match: Match, actor: str, **move: Any) -> list[dict[str, Any]]:
    return [e.to_json() for e in match.submit(actor, move)]


def of(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    [found] = [e for e in events if e["type"] == kind]
    return found


def refused(match: Match, actor: str, code: str, **move: Any) -> str:
    before = ENGINE.dump_state(match.state)
    moves = len(match.record.moves)
    with pytest.raises(RuleError) as caught:
        match.submit(actor, move)
    assert caught.value.code == code, caught.value
    assert ENGINE.dump_state(match.state) == before and len(match.record.moves) == moves
    return caught.value.message


# -- the whole draft -----------------------------------------------------------------------------


def test_mb_d5_mb_d7_whole_draft_swaps_piles_four_rounds_then_discard_deck_and_buy() -> None:
    match, events = start(corporation="Saturn Systems")
    started = of(events, "draft_started")
    assert started["marsbot_pile"] is None, "MB-D12: MARSBOT's first pile is face down"
    mine, theirs = started["player_pile"], [c.name for c in match.state.marsbot_pile]
    assert len(mine) == len(theirs) == 4 and not set(mine) & set(theirs)
    for round_ in range(1, 5):
        view = ENGINE.view(match.state, ANN)
        assert view.phase == "pick" and view.round == round_
        assert [c.name for c in view.player_pile] == mine
        shown = theirs if round_ > 1 else []
        assert [c.name for c in view.marsbot_pile] == shown, "MB-D12"
        told = play(match, ANN, type="take", card=mine[-1])
        picked = of(told, "marsbot_picked")
        assert picked["pile"] == theirs and picked["own"] == mine[-1]
        assert picked["chosen"] in picked["candidates"] and set(picked["keys"]) == set(theirs)
        mine, theirs = [c for c in theirs if c != picked["chosen"]], mine[:-1]
    discarded = of(told, "marsbot_discarded")
    assert len(discarded["kept"]) == 4
    assert discarded["chosen"] is None or discarded["chosen"] in discarded["candidates"]
    deck = of(told, "action_deck_shuffled")["deck"]
    assert BONUS_CARD in deck and len(deck) == (5 if discarded["chosen"] is None else 4)
    opened = of(told, "phase_opened")
    assert opened["phase"] == "buy" and len(opened["cards"]) == 4
    ended = play(match, ANN, type="buy", cards=opened["cards"][:2])
    assert of(ended, "cards_bought") == {
        "type": "cards_bought",
        "audience": {"kind": "public"},
        "cards": opened["cards"][:2],
        "cost": 6,
    }
    result = ENGINE.result(match.state)
    assert result is not None and result["bought"] == opened["cards"][:2]
    assert result["deck"] == deck and match.finished


def test_mb_d6_whole_draft_deals_catalogue_project_cards_from_the_seed() -> None:
    projects = {c.name for c in project_cards(Options())}
    assert len(projects) == 215
    dealt = set()
    for seed in range(10):
        match, events = start(seed=seed, corporation="Teractor")
        started = of(events, "draft_started")
        cards = [*started["player_pile"], *(c.name for c in match.state.marsbot_pile)]
        assert len(set(cards)) == 8 and set(cards) <= projects
        assert of(start(seed=seed, corporation="Teractor")[1], "draft_started") == started
        dealt |= set(cards)
    assert len(dealt) > 40


def test_mb_d6_a_whole_draft_with_venus_next_deals_its_cards() -> None:
    """Venus Next's 49 projects join the 215 of the default sets; a draft without it deals
    none of them, one with it deals them among the others."""
    venus = {c.name for c in builtin().select(expansions={"venus"})}
    with_venus = Options(sets=["base", "corpera", "prelude", "venus"])
    assert len(project_cards(with_venus)) == 215 + 49
    dealt: dict[bool, set[str]] = {False: set(), True: set()}
    for seed in range(12):
        for chosen in (False, True):
            sets = {"sets": with_venus.sets} if chosen else {}
            match, events = start(seed=seed, corporation="Celestic", **sets)
            started = of(events, "draft_started")
            dealt[chosen] |= {*started["player_pile"], *(c.name for c in match.state.marsbot_pile)}
    assert not dealt[False] & venus
    assert dealt[True] & venus and dealt[True] - venus


def test_a_draft_stored_before_the_sets_option_deals_from_the_default_sets() -> None:
    options = Options.model_validate({"mode": "whole-draft", "corporation": "Teractor"})
    assert options.sets == ["base", "corpera", "prelude"]
    with pytest.raises(ValueError, match="each set may be listed once"):
        Options.model_validate({"sets": ["venus", "venus"]})
    with pytest.raises(ValueError, match="host"):
        Options.model_validate({"sets": ["host"]})


def test_whole_draft_picks_by_priority_and_replays_from_its_record() -> None:
    match, _ = start(seed=9, corporation="CrediCor")
    while not match.finished:
        view = ENGINE.view(match.state, ANN)
        if view.phase == "buy":
            play(match, ANN, type="buy", cards=[])
            break
        costs = {c.name: c.cost for c in match.state.marsbot_pile}
        picked = of(play(match, ANN, type="take", card=view.player_pile[0].name), "marsbot_picked")
        assert costs[picked["chosen"]] == max(costs.values())
        assert picked["keys"] == {name: [cost] for name, cost in costs.items()}
    record = MatchRecord.model_validate_json(match.record.model_dump_json())
    again = replay(ENGINE, record)
    assert again.rejected == [] and again.match.finished
    assert ENGINE.dump_state(again.match.state) == ENGINE.dump_state(match.state)


def test_a14_mb_d4_marsbot_pick_is_told_only_with_the_players_own_card() -> None:
    """A14: the bot computes MARSBOT's pick; the player sees it only once theirs is made: no
    view or event before the player's card holds MARSBOT's pick of the round."""
    match, _ = start(corporation="Celestic")
    view = ENGINE.view(match.state, ANN)
    assert view.rounds == [] and view.marsbot_kept == []
    told = play(match, ANN, type="take", card=view.player_pile[0].name)
    assert [e["type"] for e in told] == ["card_taken", "marsbot_picked", "phase_opened"]


def test_whole_draft_refuses_a_card_not_in_the_pile_or_the_catalogue() -> None:
    match, _ = start(corporation="Celestic")
    theirs = [c.name for c in match.state.marsbot_pile]
    assert "is not in your pile: take" in refused(
        match, ANN, "not_in_pile", type="take", card=theirs[0]
    )
    message = refused(match, ANN, "unknown_card", type="take", card="Ganymed colony")
    assert "no card called 'Ganymed colony'" in message
    refused(match, ANN, "wrong_mode", type="pick", cards=theirs)
    refused(match, ANN, "not_now", type="buy", cards=[])
    refused(match, "bob", "not_playing", type="take", card=theirs[0])
    refused(match, HOST, "not_playing", type="take", card=theirs[0])


def test_brutal_difficulty_keeps_all_four_cards_and_the_deck_has_five() -> None:
    match, _ = start(corporation="Teractor", difficulty="brutal")
    while ENGINE.view(match.state, ANN).phase == "pick":
        told = play(match, HOST, type="close_phase")
    discarded = of(told, "marsbot_discarded")
    assert (discarded["chosen"], discarded["candidates"]) == (None, [])
    assert discarded["why"] == "Brutal difficulty: MARSBOT keeps all 4 cards"
    assert len(of(told, "action_deck_shuffled")["deck"]) == 5


def test_mb_d11_five_floaters_keep_the_fourth_card() -> None:
    """§3.0: with 5 or more floaters MARSBOT spends 5 to keep its 4th card instead of
    discarding one; with 4 it discards as usual; on Brutal it spends none."""
    match, _ = start(corporation="Teractor", floaters=7)
    while ENGINE.view(match.state, ANN).phase == "pick":
        told = play(match, HOST, type="close_phase")
    discarded = of(told, "marsbot_discarded")
    assert (discarded["chosen"], discarded["floaters_spent"]) == (None, 5)
    assert discarded["why"] == (
        "MARSBOT spends 5 of its 7 floaters to keep all 4 cards (§3.0): take 5 floaters off "
        "its board"
    )
    assert len(of(told, "action_deck_shuffled")["deck"]) == 5
    few, _ = start(corporation="Teractor", floaters=4, seed=3)
    while ENGINE.view(few.state, ANN).phase == "pick":
        told = play(few, HOST, type="close_phase")
    assert of(told, "marsbot_discarded")["floaters_spent"] == 0
    brutal, _ = start(corporation="Teractor", floaters=9, difficulty="brutal")
    while ENGINE.view(brutal.state, ANN).phase == "pick":
        told = play(brutal, HOST, type="close_phase")
    assert of(told, "marsbot_discarded")["floaters_spent"] == 0


def test_mb_d11_no_floater_is_spent_when_nothing_would_be_discarded() -> None:
    """Every card MARSBOT kept matches its priority (Celestic: Jovian ones): none would go,
    so no floater keeps one."""
    match, _ = start(mode="table", corporation="Celestic", floaters=9)
    first_pile = [f"J{n}:5:jovian" for n in range(1, 5)]
    mine = [f"J{n}:5:jovian" for n in range(5, 8)]
    first = of(play(match, ANN, type="pick", cards=first_pile), "marsbot_picked")
    second = of(play(match, ANN, type="pick", cards=mine), "marsbot_picked")
    left = [c for c in first_pile if not c.startswith(f"{first['chosen']}:")]
    play(match, ANN, type="pick", cards=left[:2])
    back = [c for c in mine if not c.startswith(f"{second['chosen']}:")]
    play(match, ANN, type="pick", cards=back[:1])
    discarded = of(play(match, ANN, type="discard"), "marsbot_discarded")
    assert (discarded["chosen"], discarded["candidates"]) == (None, [])
    assert discarded["floaters_spent"] == 0 and "floaters" not in discarded["why"]


def test_mb_d8_close_phase_takes_the_first_card_then_buys_nothing() -> None:
    match, events = start(corporation="Thorgate")
    first = of(events, "draft_started")["player_pile"][0]
    turn = ENGINE.turn(match.state)
    assert ENGINE.clocks["step"].default_seconds is None and turn.must == [ANN] == turn.may
    assert turn.phase.on_deadline == "You take the first card of your pile."
    told = play(match, HOST, type="close_phase")
    assert of(told, "card_taken") == {
        "type": "card_taken",
        "audience": {"kind": "public"},
        "round": 1,
        "card": first,
        "default": True,
        "only": False,
    }
    refused(match, ANN, "host_only", type="close_phase")
    for _ in range(3):
        play(match, HOST, type="close_phase")
    ended = play(match, HOST, type="close_phase")
    assert of(ended, "cards_bought")["cards"] == [] and match.finished


def test_mb_d9_a_kick_or_a_forfeit_ends_the_draft() -> None:
    match, _ = start(corporation="Thorgate")
    told = play(match, ANN, type="forfeit")
    assert [e["type"] for e in told] == ["player_forfeited", "match_ended"]
    assert of(told, "match_ended")["ended"] == "forfeit" and ENGINE.turn(match.state).out == [ANN]
    refused(match, ANN, "ended", type="forfeit")
    kicked, _ = start(corporation="Thorgate")
    refused(kicked, HOST, "unknown_player", type="kick", player="bob")
    assert of(play(kicked, HOST, type="kick", player=ANN), "match_ended")["ended"] == "kick"
    placings = ENGINE.placings(kicked.state)
    assert placings is not None and (placings.places, placings.winners) == ({}, [])


def test_mb_d10_a_finished_draft_places_its_drafter_and_nobody_wins() -> None:
    match, _ = start(corporation="Thorgate")
    assert ENGINE.placings(match.state) is None
    while not ENGINE.is_finished(match.state):
        match.submit(HOST, {"type": "close_phase"})
    placings = ENGINE.placings(match.state)
    assert placings is not None and (placings.places, placings.winners) == ({ANN: 1}, [])


# -- at the table ---------------------------------------------------------------------------------


ROUND_1 = ["Io Mining Industries", "Ganymede Colony", "Space Station", "Comet"]
MINE_1 = ["Birds", "Asteroid", "Research Outpost", "Power Plant"]


def table(**options: Any) -> Match:
    match, events = start(mode="table", corporation="Celestic", **options)
    opened = of(events, "phase_opened")
    assert (opened["phase"], opened["round"], opened["size"]) == ("pick", 1, 4)
    return match


def test_table_mode_four_rounds_then_discard_and_deck() -> None:
    match = table()
    first = of(play(match, ANN, type="pick", cards=ROUND_1), "marsbot_picked")
    assert first["candidates"] == ["Io Mining Industries", "Ganymede Colony"]
    assert first["why"].startswith("Celestic: Venus 0 > Jovian 1; tied with ")
    second = of(play(match, ANN, type="pick", cards=MINE_1[1:]), "marsbot_picked")
    assert second["chosen"] in MINE_1[1:]
    left = [c for c in ROUND_1 if c != first["chosen"]]
    view = ENGINE.view(match.state, ANN)
    assert [c.name for c in view.player_pile] == [c for c in MINE_1[1:] if c != second["chosen"]]
    assert view.expected is None, "the player's card of round 2 is not known"
    third = of(play(match, ANN, type="pick", cards=left[:2]), "marsbot_picked")
    back = [c for c in MINE_1[1:] if c != second["chosen"]]
    last = play(match, ANN, type="pick", cards=back[:1])
    assert of(last, "phase_opened")["phase"] == "discard"
    assert third["chosen"] in left[:2]
    discarded = of(play(match, ANN, type="discard"), "marsbot_discarded")
    assert len(discarded["kept"]) == 4
    ended = play(match, ANN, type="deck")
    deck = of(ended, "action_deck_shuffled")["deck"]
    assert BONUS_CARD in deck and of(ended, "match_ended")["ended"] == "done"


def test_table_mode_the_players_own_cards_tell_the_piles_to_come() -> None:
    match = table(own_first=True)
    play(match, ANN, type="take", card=MINE_1[0])
    first = of(play(match, ANN, type="pick", cards=ROUND_1), "marsbot_picked")
    assert first["own"] == MINE_1[0]
    yours = [c for c in ROUND_1 if c != first["chosen"]]
    view = ENGINE.view(match.state, ANN)
    assert [c.name for c in view.player_pile] == yours
    message = refused(match, ANN, "not_in_pile", type="take", card=MINE_1[1])
    assert "what MARSBOT left of its round-1 pile" in message
    play(match, ANN, type="take", card=yours[0])
    play(match, ANN, type="pick", cards=MINE_1[1:])
    view = ENGINE.view(match.state, ANN)
    assert view.expected == [c for c in yours[1:]], "round 1's pile less both cards taken"


def test_table_mode_refuses_a_pick_before_the_players_own() -> None:
    match = table(own_first=True)
    message = refused(match, ANN, "own_first", type="pick", cards=ROUND_1)
    assert "only after yours" in message
    play(match, ANN, type="take", card=MINE_1[0])
    refused(match, ANN, "already_taken", type="take", card=MINE_1[1])


def test_table_mode_refuses_a_pile_of_the_wrong_size() -> None:
    match = table()
    message = refused(match, ANN, "pile_size", type="pick", cards=ROUND_1[:3])
    assert message == (
        "MARSBOT's pile in round 1 has 4 cards (4 in round 1, one fewer each round), not 3."
    )
    play(match, ANN, type="pick", cards=ROUND_1)
    refused(match, ANN, "pile_size", type="pick", cards=MINE_1)


def test_table_mode_refuses_a_card_not_in_the_catalogue_or_named_twice() -> None:
    match = table()
    refused(match, ANN, "unknown_card", type="pick", cards=[*ROUND_1[:3], "Nonesuch"])
    refused(match, ANN, "repeated_card", type="pick", cards=[*ROUND_1[:3], "space station"])
    refused(match, ANN, "not_a_project", type="pick", cards=[*ROUND_1[:3], "Helion"])
    written = of(
        play(match, ANN, type="pick", cards=[*ROUND_1[:3], "Venus Governor:4:venus+venus"]),
        "marsbot_picked",
    )
    assert written["chosen"] == "Venus Governor" and written["keys"]["Venus Governor"] == [2, 0]


def test_mb_d3_table_mode_refuses_cards_from_the_wrong_pile() -> None:
    match = table()
    first = of(play(match, ANN, type="pick", cards=ROUND_1), "marsbot_picked")
    message = refused(match, ANN, "not_in_pile", type="pick", cards=[ROUND_1[2], *MINE_1[1:3]])
    took = first["chosen"] == ROUND_1[2]
    assert message.startswith("MARSBOT took" if took else f"{ROUND_1[2]} was in MARSBOT's pile")
    play(match, ANN, type="pick", cards=MINE_1[1:])
    message = refused(match, ANN, "not_in_pile", type="pick", cards=["Birds", "Comet"])
    assert "In round 3 MARSBOT's pile is what is left of its round-1 pile" in message


def test_mb_d8_table_close_phase_ends_a_round_but_makes_the_discard_and_the_deck() -> None:
    match = table()
    turn = ENGINE.turn(match.state)
    assert turn.phase.on_deadline == "The draft closes where it stands."
    closed = play(match, HOST, type="close_phase")
    assert of(closed, "match_ended")["ended"] == "closed"
    match = table()
    for cards in (ROUND_1, MINE_1[:3]):
        play(match, ANN, type="pick", cards=cards)
    view = ENGINE.view(match.state, ANN)
    play(
        match,
        ANN,
        type="pick",
        cards=[c for c in ROUND_1 if c != view.rounds[0].chosen][:2],
    )
    view = ENGINE.view(match.state, ANN)
    back = [c.name for c in view.rounds[1].pile if c.name != view.rounds[1].chosen]
    play(match, ANN, type="pick", cards=back[:1])
    assert of(play(match, HOST, type="close_phase"), "marsbot_discarded")
    assert of(play(match, HOST, type="close_phase"), "match_ended")["ended"] == "done"


# -- options ----------------------------------------------------------------------------------


def test_mb_d2_a_random_corporation_leaves_out_the_players_own_and_aridor_without_tracks() -> None:
    _, events = start(own_corporation="celestic")
    drawn = of(events, "draft_started")["drawn"]
    expected = [c.name for c in CORPORATIONS if c.name not in ("Celestic", "Aridor")]
    assert drawn["candidates"] == expected and drawn["chosen"] in expected
    _, events = start(tracks=TRACKS)
    assert "Aridor" in of(events, "draft_started")["drawn"]["candidates"]
    chosen = {of(start(seed=s)[1], "draft_started")["corporation"] for s in range(40)}
    assert len(chosen) > 5


def test_aridor_freezes_its_lowest_track_at_the_start() -> None:
    match, events = start(mode="table", corporation="Aridor", tracks=TRACKS)
    assert of(events, "draft_started")["priority"] == "power+jovian"
    assert of(events, "draft_started")["track"] == "power"
    picked = of(
        play(match, ANN, type="pick", cards=["Power Plant", *ROUND_1[:3]]), "marsbot_picked"
    )
    assert picked["keys"]["Power Plant"] == [1] and picked["keys"]["Io Mining Industries"] == [1]
    assert picked["keys"]["Space Station"] == [0]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"corporation": "Helion"}, "has no draft priority"),  # MB-D1
        ({"corporation": "Nobody"}, "no MARSBOT corporation with a draft priority"),
        ({"corporation": "Celestic", "own_corporation": "celestic"}, "different corporation"),
        ({"corporation": "Aridor"}, "needs MARSBOT's track levels"),
        ({"corporation": "Celestic", "tracks": TRACKS}, "tracks are for Aridor's priority"),
        ({"own_first": True}, "own_first is for the table mode"),
        ({"tracks": {"building": 1}}, "missing: space"),
        ({"mode": "auction"}, "mode"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_options_the_draft_does_not_take_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        start(**options)


def test_mb_d1_the_draft_is_for_one_player() -> None:
    with pytest.raises(ValueError, match="takes 1 to 1 players, not 2"):
        Match.start(ENGINE, ["ann", "bob"], {}, 1)
