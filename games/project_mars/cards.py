"""What each of the 27 cards does when it is played (PM-2, PM-3, PM-10; Dealer rulings PM-D*);
what cards do at resolution is counted in `counting.py` (PM-7).

Placement (`resolve_step`): effects that happen at once when a card is played — its own
effect, a trap it triggers (PM-3), a utility card. A handler either finishes, or returns an
`Ask`: a decision the rules must wait for. It is called again with the option chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core.speech import N_
from games.project_mars.card_details import CARDS, Subtype
from games.project_mars.events import (
    BonusGiven,
    BoostChosen,
    CardsDisabled,
    CardsDiscarded,
    CardTraded,
    Discarded,
    FieldCard,
    PwrZeroed,
    RevealBlocked,
    RevealsBlocked,
)
from games.project_mars.model import Decision, Option, Placed, Step, column_of, row_of
from games.project_mars.table import Table

FAVORABLE_BONUS = 2
SPY_LIMIT = 2


# -- placement -----------------------------------------------------------------------------


@dataclass
class Ask:
    """A decision to wait for. `auto`: with a single option it is taken at once, which is
    allowed only when the options follow from what both players can see."""

    decision: Decision
    auto: bool = True


Handler = Callable[[Table, Step, str | None], Ask | None]


def disarms(key: str, slot: str) -> bool:
    """Android, in the attack row (PM-2), destroys a trap it is placed on untriggered."""
    return key == "android" and row_of(slot) == "attack"


def _label(table: Table, card_id: str, field: str, slot: str) -> str:
    return f"{table.name(card_id)} ({field}, {slot})"


def _targets(
    table: Table, field: str, subtype: Subtype, column: int | None, *, zeroed: bool = True
) -> list[Option]:
    """Face-up cards of a subtype on a field (in one column if given); `zeroed` False leaves
    out the cards whose PWR was already set to 0."""
    return [
        Option(id=placed.card, label=_label(table, placed.card, field, slot))
        for slot, placed in table.face_up(field)
        if CARDS[table.card(placed.card).key].has(subtype)
        and (column is None or column_of(slot) == column)
        and (zeroed or not placed.zeroed)
    ]


def _hand_options(table: Table, player: str) -> list[Option]:
    """A player's hand cards as options; a revealed one says that everyone will see it go
    (PM-D21)."""
    seat = table.seat(player)
    return [
        Option(
            id=c,
            label=(
                N_("{card} (revealed: everyone sees it go)").format(card=table.name(c))
                if c in seat.revealed
                else table.name(c)
            ),
        )
        for c in seat.hand
    ]


def _ask(
    table: Table,
    step: Step,
    player: str,
    kind: str,
    prompt: str,
    options: list[Option],
    *,
    auto: bool = True,
    secret: bool = False,
) -> Ask:
    card = step.trap if step.kind == "trap" and step.trap else step.card
    return Ask(
        Decision(
            player=player,
            kind=kind,
            card=card,
            slot=step.slot,
            prompt=prompt,
            options=options,
            secret=secret,
        ),
        auto,
    )


def _placed(table: Table, card_id: str) -> tuple[str, str, Placed] | None:
    where = table.locate(card_id)
    if where is None:
        return None
    field, slot = where
    placed = table.seat(field).field[slot]
    assert placed is not None
    return field, slot, placed


def _scout(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Scout: the opponent reveals one random card from their hand (PM-6)."""
    owner = table.card(step.card).owner
    table.reveal_random(table.other(owner), 1, "scout")
    return None


def _drone(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Drone: X random cards of the opponent's hand are revealed, X being the number of the
    opponent's cards in the enemy column as the Drone is placed (PM-7)."""
    owner = table.card(step.card).owner
    enemy = table.other(owner)
    assert step.slot is not None
    table.reveal_random(enemy, len(table.column(enemy, column_of(step.slot))), "drone")
    return None


def _artillery(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Artillery Cannon: destroys every infantry card (Infantry, Cyber Soldier, Humvee) on the
    enemy's field (PM-D7)."""
    enemy = table.other(table.card(step.card).owner)
    for slot, placed in table.face_up(enemy):
        if CARDS[table.card(placed.card).key].infantry:
            table.destroy(enemy, slot, "artillery-cannon")
    return None


def _siege(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Siege Vehicle: its owner picks a VEHICLE card on their own field; it gets +2 PWR at
    resolution while both stay (PM-7, PM-D12)."""
    owner = table.card(step.card).owner
    if choice is None:
        options = _targets(table, owner, "vehicle", None)
        if not options:
            return None
        return _ask(
            table,
            step,
            owner,
            "siege_vehicle",
            N_("Choose a vehicle for Siege Vehicle's +2 PWR."),
            options,
        )
    found = _placed(table, step.card)
    assert found is not None
    found[2].boosts = choice
    table.public(BoostChosen, card=table.shown(step.card), owner=owner, target=table.shown(choice))
    return None


def _strike_team(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Strike Team: its owner picks an enemy UNIT card anywhere on the enemy's field; its PWR
    becomes 0 (PM-D13)."""
    owner = table.card(step.card).owner
    enemy = table.other(owner)
    if choice is None:
        options = _targets(table, enemy, "unit", None, zeroed=False)
        if not options:
            return None
        return _ask(
            table,
            step,
            owner,
            "strike_team",
            N_("Choose an enemy UNIT card to bring to PWR 0."),
            options,
        )
    found = _placed(table, choice)
    assert found is not None
    field, slot, placed = found
    placed.zeroed = True
    table.public(
        PwrZeroed, card=table.shown(choice), owner=enemy, field=field, slot=slot, by="strike-team"
    )
    return None


def _destroy_in_column(subtype: Subtype, key: str, prompt: str) -> Handler:
    """Sniper (an enemy UNIT) and Ballistic Missiles (a BUILDING): destroy one such card of
    the enemy column; its owner picks when there are two (`prompt` asks which)."""

    def handler(table: Table, step: Step, choice: str | None) -> Ask | None:
        owner = table.card(step.card).owner
        enemy = table.other(owner)
        assert step.slot is not None
        if choice is None:
            options = _targets(table, enemy, subtype, column_of(step.slot))
            if not options:
                return None
            return _ask(
                table,
                step,
                owner,
                key.replace("-", "_"),
                prompt,
                options,
            )
        found = _placed(table, choice)
        assert found is not None
        table.destroy(found[0], found[1], key)
        return None

    return handler


def _research_station(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Research Station: its owner may trade a hand card for a utility card of their choice
    from their deck; the traded card goes into the deck (PM-D14). Both choices are private
    and always asked, and no public event tells whether the trade happened, so the opponent
    learns nothing of the deck: only that a hand card was picked (the second question)."""
    owner = table.card(step.card).owner
    seat = table.seat(owner)
    if step.stage == 0 and choice is None:
        if not seat.hand:
            return None
        options = [Option(id="keep", label=N_("Trade nothing")), *_hand_options(table, owner)]
        return _ask(
            table,
            step,
            owner,
            "research_station",
            N_(
                "Choose a hand card to trade in for a utility card from your deck, or trade "
                "nothing."
            ),
            options,
            secret=True,
        )
    if step.stage == 0:
        if choice == "keep":
            return None
        assert choice is not None
        step.chosen = [choice]
        step.stage = 1
        utilities = sorted(
            {table.card(c).key for c in seat.deck if table.spec(c).kind == "utility"},
            key=list(CARDS).index,
        )
        options = [Option(id=k, label=CARDS[k].name) for k in utilities] or [
            Option(id="none", label=N_("Your deck has no utility card left: keep your card"))
        ]
        return _ask(
            table,
            step,
            owner,
            "research_station_utility",
            N_("Choose the utility card to take from your deck."),
            options,
            auto=False,
            secret=True,
        )
    if choice == "none":
        return None
    given = step.chosen[0]
    taken = next(c for c in seat.deck if table.card(c).key == choice)
    table.leave_hand(owner, given, seen=False)
    seat.deck.remove(taken)
    seat.deck.append(given)
    seat.hand.append(taken)
    table.private(owner, CardTraded, player=owner, gave=table.shown(given), took=table.shown(taken))
    return None


EFFECTS: dict[str, Handler] = {
    "scout": _scout,
    "drone": _drone,
    "artillery-cannon": _artillery,
    "siege-vehicle": _siege,
    "strike-team": _strike_team,
    "sniper": _destroy_in_column(
        "unit", "sniper", N_("Choose an enemy UNIT in the enemy column for Sniper to destroy.")
    ),
    "ballistic-missiles": _destroy_in_column(
        "building",
        "ballistic-missiles",
        N_("Choose a building in the enemy column for Ballistic Missiles to destroy."),
    ),
    "research-station": _research_station,
}


# -- utility cards -------------------------------------------------------------------------


def _everywhere(table: Table) -> list[tuple[str, str, Placed]]:
    """Every card on both fields, face up or down: "the field" of a utility card (PM-D5)."""
    return [
        (player, slot, placed)
        for player in table.state.players
        for slot, placed in table.seat(player).field.items()
        if placed is not None
    ]


def _emp(table: Table, step: Step, choice: str | None) -> Ask | None:
    """EMP Bomb: every face-up ARTIFICIAL card on both fields is disabled for the round: PWR 0,
    effects nullified, it stays on the field (PM-D19)."""
    hit = []
    for field, slot, placed in _everywhere(table):
        if not placed.face_down and table.spec(placed.card).has("artificial"):
            placed.disabled = True
            hit.append(FieldCard(card=table.shown(placed.card), field=field, slot=slot))
    table.public(CardsDisabled, cards=hit, by="emp-bomb")
    return None


def _top_secret(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Top Secret Information: every GHOST card and every trap card on both fields, face up
    or face down, goes to its owner's junkyard."""
    for field, slot, placed in _everywhere(table):
        spec = table.spec(placed.card)
        if placed.face_down or spec.trap or spec.has("ghost"):
            table.destroy(field, slot, "top-secret-information")
    return None


def _favorable(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Favorable Conditions: every face-up UNIT card on both fields gets +2 PWR for the
    round; cards played later do not (PM-D19)."""
    hit = []
    for field, slot, placed in _everywhere(table):
        if not placed.face_down and table.spec(placed.card).has("unit"):
            placed.bonus += FAVORABLE_BONUS
            hit.append(FieldCard(card=table.shown(placed.card), field=field, slot=slot))
    table.public(BonusGiven, cards=hit, amount=FAVORABLE_BONUS, by="favorable-conditions")
    return None


def _toxic_gas(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Toxic Gas: every face-up UNIT card on both fields is destroyed, and until the round
    ends no card of either hand is revealed (PM-D9)."""
    for field, slot, placed in _everywhere(table):
        if not placed.face_down and table.spec(placed.card).has("unit"):
            table.destroy(field, slot, "toxic-gas")
    table.state.immune = True
    table.public(RevealsBlocked, by="toxic-gas")
    return None


def _sinkhole(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Sinkhole: one enemy BUILDING destroyed per hand card discarded, as many as its owner
    likes: pick a building (or stop), then the card to discard for it (or stop) (PM-D18)."""
    owner = table.card(step.card).owner
    enemy = table.other(owner)
    seat = table.seat(owner)
    if step.stage == 1 and choice is not None:
        step.stage = 0
        if choice == "stop":
            return None
        building = step.chosen.pop()
        table.leave_hand(owner, choice, seen=False)
        table.junk(choice)
        table.private(
            owner, CardsDiscarded, player=owner, cards=[table.shown(choice)], by="sinkhole"
        )
        table.public(Discarded, player=owner, count=1, by="sinkhole")
        found = _placed(table, building)
        assert found is not None
        table.destroy(found[0], found[1], "sinkhole")
        return _sinkhole(table, step, None)
    if choice is None:
        buildings = _targets(table, enemy, "building", None)
        if not buildings or not seat.hand:
            return None
        return _ask(
            table,
            step,
            owner,
            "sinkhole",
            N_("Choose an enemy building to destroy (you will discard a card for it), or stop."),
            [Option(id="stop", label=N_("Stop")), *buildings],
        )
    if choice == "stop":
        return None
    step.chosen = [choice]
    step.stage = 1
    options = [
        Option(id="stop", label=N_("Discard nothing and stop")),
        *_hand_options(table, owner),
    ]
    return _ask(
        table,
        step,
        owner,
        "sinkhole_discard",
        N_("Choose the hand card to discard for the {card}.").format(card=table.name(choice)),
        options,
        secret=True,
    )


UTILITIES: dict[str, Handler] = {
    "emp-bomb": _emp,
    "top-secret-information": _top_secret,
    "favorable-conditions": _favorable,
    "toxic-gas": _toxic_gas,
    "sinkhole": _sinkhole,
}


# -- traps ---------------------------------------------------------------------------------


def _victim_card(table: Table, step: Step) -> tuple[str, str, Placed] | None:
    """The card placed on the trap, if it is still where it was placed."""
    found = _placed(table, step.card)
    if found is None or found[1] != step.slot:
        return None
    return found


def _landmine(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Landmine: the card placed on it is destroyed if it is a UNIT; a BUILDING's PWR is set
    to 0 instead."""
    assert step.trap is not None
    found = _victim_card(table, step)
    if found is not None:
        field, slot, placed = found
        spec = table.spec(placed.card)
        if spec.has("unit"):
            table.destroy(field, slot, "landmine")
        elif spec.has("building"):
            placed.zeroed = True
            table.public(
                PwrZeroed,
                card=table.shown(placed.card),
                owner=field,
                field=field,
                slot=slot,
                by="landmine",
            )
    table.junk(step.trap)
    return None


def _stealth_op(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Stealth Op: the player who triggered it chooses: reveal a hand card of their choice
    (one not revealed yet), or the Stealth Op goes face up to its owner's field (PM-D8).
    Under Toxic Gas it goes to the junkyard and nothing is revealed (PM-D9)."""
    assert step.trap is not None and step.slot is not None
    victim = table.card(step.card).owner
    if table.state.immune:
        table.junk(step.trap)
        table.public(RevealBlocked, player=victim, by="stealth-op")
        return None
    if choice is None:
        seat = table.seat(victim)
        options = [
            Option(
                id="return",
                label=N_("Send the Stealth Op back to {player}'s field").format(
                    player=table.other(victim)
                ),
            )
        ]
        options += [
            Option(id=c, label=N_("Reveal your {card}").format(card=table.name(c)))
            for c in seat.hand
            if c not in seat.revealed
        ]
        return _ask(
            table,
            step,
            victim,
            "stealth_op",
            N_(
                "Stealth Op: reveal a card of your choice from your hand, or send the Stealth Op "
                "back to its owner's field."
            ),
            options,
            secret=True,
        )
    if choice == "return":
        table.send_back(step.trap, step.slot)
        return None
    table.reveal(victim, [choice], "stealth-op")
    table.junk(step.trap)
    return None


def _spy(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Spy: the player who triggered it chooses: the card they placed is destroyed if its
    printed PWR is 2 or less (otherwise nothing happens), or the Spy goes face up to its
    owner's field (PM-D8)."""
    assert step.trap is not None and step.slot is not None
    victim = table.card(step.card).owner
    if choice is None:
        spec = table.spec(step.card)
        fate = (
            N_("Lose your {card}; the Spy goes to the junkyard")
            if (spec.pwr or 0) <= SPY_LIMIT
            else N_("The Spy goes to the junkyard; your {card} ({pwr} PWR) stays")
        ).format(card=spec.name, pwr=spec.pwr)
        back = N_("Send the Spy back to {player}'s field").format(player=table.other(victim))
        options = [
            Option(id="return", label=back),
            Option(id="destroy", label=fate),
        ]
        return _ask(
            table,
            step,
            victim,
            "spy",
            N_(
                "Spy: lose the card you placed if it has 2 or less PWR, or send the Spy back to "
                "its owner's field."
            ),
            options,
            auto=False,
        )
    if choice == "return":
        table.send_back(step.trap, step.slot)
        return None
    found = _victim_card(table, step)
    if found is not None and (table.spec(step.card).pwr or 0) <= SPY_LIMIT:
        table.destroy(found[0], found[1], "spy")
    table.junk(step.trap)
    return None


TRAPS: dict[str, Handler] = {"landmine": _landmine, "stealth-op": _stealth_op, "spy": _spy}


def resolve_step(table: Table, step: Step, choice: str | None) -> Ask | None:
    """Run one step: a trap triggered, a utility card's effect, or a placed card's effect,
    which happens only if the card is still where it was placed and its row lets it work
    (PM-2). Cards whose behaviour is all at resolution (see `score`) do nothing here."""
    if step.kind == "trap":
        assert step.trap is not None
        return TRAPS[table.card(step.trap).key](table, step, choice)
    spec = table.spec(step.card)
    if spec.kind == "utility":
        return UTILITIES[spec.key](table, step, choice)
    handler = EFFECTS.get(spec.key)
    found = _placed(table, step.card)
    if handler is None or found is None or found[1] != step.slot:
        return None
    if spec.row != row_of(found[1]) or found[2].disabled:
        return None
    return handler(table, step, choice)
