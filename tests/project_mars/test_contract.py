"""Project Mars's side of the engine contract (docs/engine-contract.md): the turn and what
its deadline does, the legal actions next to `legal`, sealed moves, and the defaults of a
game that gives a season nothing."""

from __future__ import annotations

from games.core.contract import Action
from games.core.engine import HOST
from games.core.match import Match
from games.project_mars import ENGINE
from games.project_mars.decks import READY_DECKS
from games.project_mars.rules import PHASE_SECONDS
from tests.project_mars.helpers import (
    PLAYERS,
    card,
    choose,
    next_round,
    pass_,
    play,
    play_round,
    start,
)


def actions(match: Match, player: str) -> dict[str, Action]:
    return {a.key: a for a in ENGINE.legal_actions(match.state, player)}


def values(action: Action) -> list[str]:
    assert action.pick is not None, f"{action.key} has no pick"
    return [c.value for c in action.pick.choices]


def test_play_actions_match_legal() -> None:
    """PM-2, PM-3, PM-5: one action per playable card, with the slots `legal` lists (a
    utility card with none), then a pass; only a trap is sealed."""
    match = start(["Scout", "Spy", "EMP Bomb"], ["Medic"])
    legal = ENGINE.legal(match.state, "ann")
    mine = ENGINE.legal_actions(match.state, "ann")
    assert [a.key for a in mine] == [f"play:{p.card}" for p in legal.plays] + ["pass"]
    for action, play_ in zip(mine, legal.plays, strict=False):
        assert action.move == {"type": "play", "card": play_.card}
        assert (values(action) if play_.slots else []) == play_.slots
        assert action.pick is None or action.pick.max == 1
        assert action.sealed is (play_.card == card(match, "ann", "Spy"))
    by_card = {a.move["card"]: a for a in mine if a.type == "play"}
    assert by_card[card(match, "ann", "EMP Bomb")].pick is None
    assert by_card[card(match, "ann", "Scout")].label == "Play Scout"
    spy = by_card[card(match, "ann", "Spy")]
    assert spy.pick is not None and spy.pick.choices[0].label == "bob's attack row, lane 1"
    assert ENGINE.legal_actions(match.state, "bob") == []


def test_a_slot_holding_an_enemy_trap_says_so() -> None:
    """PM-3: the enemy may play a card onto a face-down trap, and sees that one lies there."""
    match = start(["Landmine"], ["Medic"])
    play(match, "ann", "Landmine", "attack-2")
    medic = actions(match, "bob")[f"play:{card(match, 'bob', 'Medic')}"]
    assert medic.pick is not None
    slots = {c.value: c for c in medic.pick.choices}
    assert slots["attack-2"].description == "A face-down card of ann lies here"
    assert slots["attack-1"].description is None
    assert slots["attack-1"].label == "Your attack row, lane 1"


def test_the_turn_waits_for_the_player_to_act_and_its_deadline_is_a_pass() -> None:
    """PM-5, PM-D15: on a turn only its player may act; when the deadline passes they pass."""
    match = start(["Scout"], ["Medic"])
    turn = ENGINE.turn(match.state)
    assert (turn.must, turn.may, turn.out) == (["ann"], ["ann"], [])
    assert turn.phase.name == "turn" and turn.phase.round == 1
    assert turn.phase.title == "Round 1: ann's turn"
    assert turn.phase.on_deadline == "ann passes."
    assert turn.phase.clock is not None
    assert ENGINE.clocks[turn.phase.clock].default_seconds == PHASE_SECONDS


def test_a_decision_is_a_pick_of_its_options_sealed_only_when_its_answer_stays_secret() -> None:
    """PM-D15: the Spy's victim chooses, in the open; PM-D14: a Research Station's answers
    stay secret, so its action is sealed and its deadline names no option."""
    match = start(["Spy"], ["Scout", "Medic"])
    play(match, "ann", "Spy", "attack-2")
    play(match, "bob", "Scout", "attack-2")
    [spy] = ENGINE.legal_actions(match.state, "bob")
    assert (spy.key, spy.sealed, values(spy)) == ("choose", False, ["return", "destroy"])
    turn = ENGINE.turn(match.state)
    assert turn.phase.title == "Round 1: bob's choice for the Spy"
    assert turn.phase.on_deadline == (
        "bob takes the first option: Send the Spy back to ann's field."
    )
    match = start(["Research Station", "Outpost"], ["Medic"], extra={"ann": ["EMP Bomb"]})
    play(match, "ann", "Research Station", "defence-1")
    [trade] = ENGINE.legal_actions(match.state, "ann")
    assert trade.sealed is True and values(trade)[0] == "keep"
    assert ENGINE.turn(match.state).phase.on_deadline == "ann takes the first option."
    choose(match, "ann", card(match, "ann", "Outpost"))
    [utility] = ENGINE.legal_actions(match.state, "ann")
    assert (utility.sealed, values(utility)) == (True, ["emp-bomb"])
    assert utility.build({"option": ["emp-bomb"]}) == {"type": "choose", "option": "emp-bomb"}


def test_the_deck_phase_offers_the_ready_decks() -> None:
    """PM-1, PM-D1: each player without a deck picks a ready deck, in secret; the deadline
    gives Vanguard. A list of 30 cards is the game's own form, not an action."""
    match, _ = Match.start(ENGINE, PLAYERS, {"decks": {"bob": "fortress"}}, 3)
    turn = ENGINE.turn(match.state)
    assert (turn.phase.name, turn.phase.round, turn.must, turn.may) == (
        "deck",
        None,
        ["ann"],
        ["ann"],
    )
    assert "Vanguard" in turn.phase.on_deadline
    [deck] = ENGINE.legal_actions(match.state, "ann")
    assert deck.sealed is True and values(deck) == list(READY_DECKS)
    match.submit("ann", deck.build({"deck": "shadow-ops"}))
    assert match.state.seats["ann"].deck_name == "shadow-ops"


def test_keep_and_mulligan_are_multi_selects_that_fill_a_list() -> None:
    """End of a round: the back hand's cards, any of them, kept into the new hand; PM-9,
    PM-D2: up to three hand cards traded in. Both fill a list, even with one card to pick."""
    match = start()
    pass_(match, "ann")
    pass_(match, "bob")
    assert match.state.round == 2 and match.state.phase == "mulligan"
    turn = ENGINE.turn(match.state)
    assert turn.must == PLAYERS and turn.phase.title == "Round 2: back hands and mulligans"
    [keep] = ENGINE.legal_actions(match.state, "ann")
    back = match.state.seats["ann"].back_hand
    assert keep.pick is not None and (keep.pick.min, keep.pick.max) == (0, 1) == (0, len(back))
    assert keep.build({"cards": back}) == {"type": "keep", "cards": back}
    match.submit("ann", keep.build({"cards": back}))
    [mulligan] = ENGINE.legal_actions(match.state, "ann")
    assert mulligan.pick is not None and (mulligan.pick.min, mulligan.pick.max) == (0, 3)
    assert values(mulligan) == match.state.seats["ann"].hand
    assert mulligan.build({"cards": []}) == {"type": "mulligan", "cards": []}


def test_a_kicked_player_has_no_actions_and_nobody_else_does_either() -> None:
    """PM-D17: a removed player forfeits, which ends the match."""
    match = start(["Scout"], ["Medic"])
    match.submit(HOST, {"type": "kick", "player": "ann"})
    assert ENGINE.legal_actions(match.state, "ann") == []
    assert ENGINE.legal_actions(match.state, "bob") == []
    turn = ENGINE.turn(match.state)
    assert (turn.out, turn.must, turn.may) == (["ann"], [], [])
    assert (turn.phase.name, turn.phase.clock) == ("ended", None)


def test_project_mars_gives_a_season_nothing() -> None:
    """Project Mars has no garnets and no prizes: the contract's defaults."""
    match = start(["Scout"], ["Medic"])
    assert ENGINE.takes_garnets is False
    assert ENGINE.audit(match.state) == {}
    events = match.submit(HOST, {"type": "kick", "player": "bob"})
    assert ENGINE.season_outcome(match.state) is None
    assert ENGINE.garnets_spent(events) == {}


def test_placings_put_the_winner_first_and_a_draw_wins_nobody() -> None:
    """PM-8: the winner first, the other second; a drawn match places both first and nobody
    wins it. PM-D17: a removed player forfeits, so comes second. None before the end."""
    won = start(["Defense Turret"], ["Medic"])
    assert ENGINE.placings(won.state) is None
    play_round(won, "ann")
    next_round(won)
    play_round(won, "ann")
    placings = ENGINE.placings(won.state)
    assert placings is not None
    assert (placings.places, placings.winners) == ({"ann": 1, "bob": 2}, ["ann"])

    drawn = start(["Defense Turret"], ["Medic"])
    play_round(drawn, None)
    next_round(drawn)
    play_round(drawn, "bob")
    next_round(drawn)
    play_round(drawn, None)
    placings = ENGINE.placings(drawn.state)
    assert placings is not None
    assert (placings.places, placings.winners) == ({"ann": 1, "bob": 1}, [])

    kicked = start(["Scout"], ["Medic"])
    kicked.submit(HOST, {"type": "kick", "player": "ann"})
    placings = ENGINE.placings(kicked.state)
    assert placings is not None
    assert (placings.places, placings.winners) == ({"ann": 2, "bob": 1}, ["bob"])
