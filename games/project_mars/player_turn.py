"""PLAYER TURN: a card played (on a slot of the own field, a trap face down on the enemy's,
a utility card to the utility area), a decision answered, or a pass (PM-2, PM-3, PM-5)."""

from __future__ import annotations

from games.core.errors import RuleError, typed
from games.project_mars.cards import disarms
from games.project_mars.events import (
    CardPlayed,
    ChoiceMade,
    FaceDownPlayed,
    Passed,
    TrapDisarmed,
    TrapSet,
    TrapTriggered,
    UtilityPlayed,
)
from games.project_mars.flow import next_turn, run_steps
from games.project_mars.model import SLOTS, Choose, Placed, Play, State, Step
from games.project_mars.table import Table
from games.project_mars.waits import decision


def check_turn(state: State, actor: str) -> None:
    if decision(state) == "choice" and state.pending is not None:
        raise RuleError(
            "waiting_for_choice",
            "The game waits for {player} to choose first.",
            player=state.pending.player,
        )
    if decision(state) != "turn":
        raise RuleError("not_now", "Cards are played once both players are ready.")
    if state.turn != actor:
        raise RuleError("not_your_turn", "It is {player}'s turn.", player=state.turn)


def play_slots(state: State, player: str, card_id: str) -> list[str] | None:
    """Where a hand card may go now: slots (of the player's field, or of the enemy's for a
    trap), [] for a utility card, None when it cannot be played (PM-3, PM-5)."""
    seat = state.seats[player]
    spec = state.cards[card_id].spec
    if spec.kind == "utility":
        return None if seat.utility_played else []
    if spec.trap:
        enemy = state.seats[Table(state).other(player)]
        return [s for s in SLOTS if enemy.field[s] is None]
    return [
        s
        for s in SLOTS
        if (placed := seat.field[s]) is None or (placed.face_down and placed.owner != player)
    ]


def check_play(state: State, actor: str, move: Play) -> None:
    check_turn(state, actor)
    seat = state.seats[actor]
    if move.card not in seat.hand:
        raise RuleError(
            "not_in_hand", "You have no card {card} in your hand.", card=typed(move.card)
        )
    spec = state.cards[move.card].spec
    slots = play_slots(state, actor, move.card)
    if spec.kind == "utility":
        if slots is None:
            raise RuleError("utility_used", "You have already played a utility card this round.")
        if move.slot is not None:
            raise RuleError(
                "bad_slot",
                "{card} goes to the utility area: play it with no slot.",
                card=spec.name,
            )
        return
    if move.slot is None or move.slot not in SLOTS:
        raise RuleError(
            "bad_slot",
            "Choose a slot for {card}: one of {slots}.",
            card=spec.name,
            slots=", ".join(SLOTS),
        )
    if move.slot not in (slots or []) and spec.trap:
        raise RuleError(
            "bad_slot",
            "{card} must go on an empty slot of the enemy's field; {slot} is taken.",
            card=spec.name,
            slot=move.slot,
        )
    if move.slot not in (slots or []):
        raise RuleError(
            "bad_slot",
            "{card} must go on an empty slot of your field, or one holding an enemy trap; "
            "{slot} is taken.",
            card=spec.name,
            slot=move.slot,
        )


def play(table: Table, player: str, card_id: str, slot: str | None) -> None:
    """PM-2, PM-3, PM-5: put the card down, then run what it triggers."""
    state = table.state
    seat = table.seat(player)
    spec = table.spec(card_id)
    table.leave_hand(player, card_id, seen=not spec.trap)
    state.passes = 0
    if spec.kind == "utility":
        seat.utility_played = card_id
        state.limbo.append(card_id)
        table.public(UtilityPlayed, player=player, card=table.shown(card_id))
        state.steps = [Step(kind="effect", card=card_id)]
    elif spec.trap:
        assert slot is not None
        enemy = table.other(player)
        table.seat(enemy).field[slot] = Placed(card=card_id, owner=player, face_down=True)
        table.private(
            player, TrapSet, player=player, card=table.shown(card_id), field=enemy, slot=slot
        )
        table.public(FaceDownPlayed, player=player, field=enemy, slot=slot)
        state.steps = []
    else:
        assert slot is not None
        trap = seat.field[slot]
        seat.field[slot] = None
        if trap is not None and disarms(spec.key, slot):
            table.junk(trap.card)
            table.public(
                CardPlayed, player=player, card=table.shown(card_id), field=player, slot=slot
            )
            table.public(
                TrapDisarmed,
                card=table.shown(trap.card),
                owner=trap.owner,
                field=player,
                slot=slot,
                by=spec.key,
            )
            trap = None
        else:
            table.public(
                CardPlayed, player=player, card=table.shown(card_id), field=player, slot=slot
            )
        seat.field[slot] = Placed(card=card_id, owner=player)
        state.steps = [Step(kind="effect", card=card_id, slot=slot)]
        if trap is not None:
            state.limbo.append(trap.card)
            table.public(
                TrapTriggered,
                card=table.shown(trap.card),
                owner=trap.owner,
                field=player,
                slot=slot,
                by=table.shown(card_id),
            )
            state.steps.insert(0, Step(kind="trap", card=card_id, slot=slot, trap=trap.card))
    run_steps(table, None)


def check_choice(state: State, actor: str, move: Choose) -> None:
    pending = state.pending
    if decision(state) != "choice" or pending is None:
        raise RuleError("no_choice", "Nothing is waiting for a choice now.")
    if pending.player != actor:
        raise RuleError("not_your_choice", "{player} makes this choice.", player=pending.player)
    if move.option not in {o.id for o in pending.options}:
        raise RuleError(
            "bad_option",
            "That is not one of the options: {options}.",
            options=", ".join(o.id for o in pending.options),
        )


def choose(table: Table, player: str, option: str) -> None:
    pending = table.state.pending
    assert pending is not None
    label = next(o.label for o in pending.options if o.id == option)
    if pending.secret:
        table.private(
            player, ChoiceMade, player=player, kind=pending.kind, option=option, label=label
        )
    else:
        table.public(ChoiceMade, player=player, kind=pending.kind, option=option, label=label)
    table.state.pending = None
    run_steps(table, option)


def pass_turn(table: Table, player: str, *, auto: bool) -> None:
    table.state.passes += 1
    table.public(Passed, player=player, auto=auto)
    next_turn(table, table.other(player))
