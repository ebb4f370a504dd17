"""A round's start: the back hand sorted (End Round: cards kept into the new hand, the rest
to the junkyard) and the mulligan (PM-9, PM-D2), both players at once."""

from __future__ import annotations

from games.core.errors import RuleError
from games.project_mars.events import BackHandChosen, BackHandKept, MulliganDone, Mulliganed
from games.project_mars.model import HAND_SIZE, MULLIGAN_MAX, Keep, Mulligan, State
from games.project_mars.table import Table
from games.project_mars.waits import decision


def skip_empty_mulligans(table: Table) -> None:
    """PM-D2: a player whose deck is empty has nothing to mulligan for."""
    for player in table.state.players:
        seat = table.seat(player)
        if seat.kept and not seat.ready and not seat.deck:
            seat.ready = True
            table.public(MulliganDone, player=player, count=0)


def check_keep(state: State, actor: str, move: Keep) -> None:
    seat = state.seats[actor]
    if decision(state) != "mulligan" or seat.kept:
        raise RuleError("not_now", "There is no back hand for you to sort now.")
    if len(set(move.cards)) != len(move.cards):
        raise RuleError("bad_cards", "Each card may be listed once.")
    stray = [c for c in move.cards if c not in seat.back_hand]
    if stray:
        raise RuleError(
            "not_in_back_hand", "{cards} is not in your back hand.", cards=", ".join(stray)
        )


def keep(table: Table, player: str, kept: list[str]) -> None:
    """End Round: take any back-hand cards into the new hand, draw up to 10 from the deck,
    then the rest of the back hand goes to the junkyard."""
    seat = table.seat(player)
    seat.hand.extend(kept)
    dropped = [c for c in seat.back_hand if c not in kept]
    seat.back_hand = []
    table.private(
        player,
        BackHandKept,
        player=player,
        kept=[table.shown(c) for c in kept],
        discarded=[table.shown(c) for c in dropped],
    )
    table.public(BackHandChosen, player=player, kept=len(kept), discarded=len(dropped))
    table.draw(player, HAND_SIZE - len(seat.hand), "round_start")
    for card in dropped:
        table.junk(card)
    seat.kept = True
    skip_empty_mulligans(table)


def check_mulligan(state: State, actor: str, move: Mulligan) -> None:
    seat = state.seats[actor]
    if decision(state) != "mulligan" or seat.ready:
        raise RuleError("not_now", "You can mulligan only once, at the start of a round.")
    if not seat.kept:
        raise RuleError("keep_first", "First choose which back-hand cards to keep.")
    if len(set(move.cards)) != len(move.cards):
        raise RuleError("bad_cards", "Each card may be listed once.")
    stray = [c for c in move.cards if c not in seat.hand]
    if stray:
        raise RuleError("not_in_hand", "{cards} is not in your hand.", cards=", ".join(stray))
    limit = min(MULLIGAN_MAX, len(seat.deck))
    if len(move.cards) <= limit:
        return
    if limit == MULLIGAN_MAX:
        raise RuleError("too_many", "You may trade in at most {most} cards.", most=MULLIGAN_MAX)
    raise RuleError(
        "too_many",
        "You may trade in only {most}, as your deck holds {count}.",
        most=limit,
        count=len(seat.deck),
    )


def mulligan(table: Table, player: str, traded: list[str]) -> None:
    """Trade in up to three cards: their replacements are drawn first, then the traded
    cards are shuffled into the deck (PM-D2). No hand card is revealed yet: reveals come
    from cards played in turns, and each round starts with none (so no card leaves the
    hand unseen after it was revealed, PM-D21)."""
    seat = table.seat(player)
    assert not seat.revealed, "a hand card revealed before the mulligan"
    order = table.state.rng.shuffled(seat.deck) if traded else list(seat.deck)
    drawn, seat.deck = order[: len(traded)], order[len(traded) :]
    for old, new in zip(traded, drawn, strict=True):
        seat.hand[seat.hand.index(old)] = new
    seat.deck.extend(traded)
    seat.ready = True
    table.private(
        player,
        Mulliganed,
        player=player,
        traded=[table.shown(c) for c in traded],
        drawn=[table.shown(c) for c in drawn],
    )
    table.public(MulliganDone, player=player, count=len(traded))
