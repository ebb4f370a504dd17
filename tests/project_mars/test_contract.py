"""Project Mars's side of the engine contract (docs/engine-contract.md): the turn and what
its deadline does, the legal actions next to `legal`, sealed moves, and the defaults of a
game that gives a season nothing."""

from __future__ import annotations

from games.core.contract import Action, Choice, Pick
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


def slots_of(action: Action, card_id: str) -> list[Choice]:
    """The slot choices that come once `card_id` is picked in `action`."""
    assert action.pick is not None
    picked = action.pick.choice(card_id)
    assert picked is not None, f"{card_id} is not among {action.key}'s cards"
    [where] = picked.then
    assert isinstance(where, Pick) and where.field == "slot"
    return where.choices


def test_a_turn_is_a_card_then_its_slot_a_trap_then_an_enemy_slot_or_a_pass() -> None:
    """PM-2, PM-3, PM-5: `play` picks a hand card, then the slot it takes (a utility card
    takes none); `trap` picks a trap, then a slot of the enemy's field, and only it is sealed;
    then a pass. The cards are those `legal` lists, with the slots it lists."""
    match = start(["Scout", "Spy", "EMP Bomb"], ["Medic"])
    legal = {p.card: p.slots for p in ENGINE.legal(match.state, "ann").plays}
    mine = actions(match, "ann")
    assert list(mine) == ["play", "trap", "pass"]
    scout, spy, emp = (card(match, "ann", name) for name in ("Scout", "Spy", "EMP Bomb"))
    traps = [c for c in legal if match.state.cards[c].spec.trap]
    assert spy in traps and scout not in traps and emp not in traps
    assert values(mine["play"]) == [c for c in legal if c not in traps]
    assert values(mine["trap"]) == traps
    assert [m.sealed for m in mine.values()] == [False, True, False]
    assert all(m.type == "play" for m in (mine["play"], mine["trap"]))
    play_ = mine["play"]
    assert play_.pick is not None and play_.pick.max == 1
    labels = {c.value: c.label for c in play_.pick.choices}
    assert (labels[scout], labels[emp]) == ("Scout (PWR 2)", "EMP Bomb (utility)")
    assert [c.value for c in slots_of(play_, scout)] == legal[scout]
    assert slots_of(play_, scout)[0].label == "Your attack row, lane 1"
    assert play_.pick.choice(emp).then == []  # type: ignore[union-attr]
    first = legal[scout][0]
    assert play_.build({"card": scout, "slot": first}) == {
        "type": "play",
        "card": scout,
        "slot": first,
    }
    assert play_.build({"card": emp}) == {"type": "play", "card": emp}
    enemy = slots_of(mine["trap"], spy)
    assert [c.value for c in enemy] == legal[spy]
    assert enemy[0].label == "bob's attack row, lane 1"
    assert ENGINE.legal_actions(match.state, "bob") == []


def test_a_slot_holding_an_enemy_trap_says_so() -> None:
    """PM-3: the enemy may play a card onto a face-down trap, and sees that one lies there."""
    match = start(["Landmine"], ["Medic"])
    play(match, "ann", "Landmine", "attack-2")
    slots = {
        c.value: c for c in slots_of(actions(match, "bob")["play"], card(match, "bob", "Medic"))
    }
    assert slots["attack-2"].description == "A face-down card of ann lies here"
    assert slots["attack-1"].description is None
    assert slots["attack-1"].label == "Your attack row, lane 1"


def test_a_card_the_opponent_has_seen_says_so() -> None:
    """A Scout reveals a hand card to everyone until it is played: its owner reads which
    of their cards it is where they pick it."""
    match = start(["Scout"], ["Medic", "Landmine"])
    play(match, "ann", "Scout", "attack-1")
    [shown] = match.state.seats["bob"].revealed
    choices = {c.value: c for c in actions(match, "bob")["play"].pick.choices}  # type: ignore[union-attr]
    choices.update({c.value: c for c in actions(match, "bob")["trap"].pick.choices})  # type: ignore[union-attr]
    assert choices.pop(shown).description == "Revealed to your opponent"
    assert choices and all(c.description is None for c in choices.values())


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


def test_keep_and_mulligan_are_multi_selects_or_their_shortcuts() -> None:
    """End of a round: some of the back hand's cards kept into the new hand, all, or none;
    PM-9, PM-D2: one to three hand cards traded in, or the hand kept. Each fills a list, even
    with one card to pick, and each is sealed (which cards is secret)."""
    match = start()
    pass_(match, "ann")
    pass_(match, "bob")
    assert match.state.round == 2 and match.state.phase == "mulligan"
    turn = ENGINE.turn(match.state)
    assert turn.must == PLAYERS and turn.phase.title == "Round 2: back hands and mulligans"
    back = match.state.seats["ann"].back_hand
    mine = actions(match, "ann")
    assert list(mine) == ["keep", "keep-all", "keep-none"]
    assert all(a.sealed for a in mine.values())
    keep = mine["keep"]
    assert keep.pick is not None and (keep.pick.min, keep.pick.max) == (1, 1) == (1, len(back))
    assert keep.build({"cards": back}) == {"type": "keep", "cards": back}
    assert mine["keep-all"].build({}) == {"type": "keep", "cards": back}
    assert mine["keep-none"].build({}) == {"type": "keep", "cards": []}
    match.submit("ann", mine["keep-all"].build({}))
    assert match.state.seats["ann"].back_hand == []
    mine = actions(match, "ann")
    assert list(mine) == ["mulligan", "keep-hand"]
    mulligan = mine["mulligan"]
    assert mulligan.pick is not None and (mulligan.pick.min, mulligan.pick.max) == (1, 3)
    assert values(mulligan) == match.state.seats["ann"].hand
    assert mine["keep-hand"].build({}) == {"type": "mulligan", "cards": []}


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
