"""The limited variant's moves (L6-L9): markers on one or two cards, or a pass for the round."""

from __future__ import annotations

from games.core.errors import RuleError
from games.mars_auction import budgets, flow, phases
from games.mars_auction.events import (
    MarkersPlaced,
    MarkersReceipt,
    Passed,
    PriceWarning,
)
from games.mars_auction.model import (
    MAX_ON_CARD,
    MAX_PER_ROUND,
)
from games.mars_auction.table import Board


def place(board: Board, player: str, numbers: list[int]) -> None:
    state = board.state
    phases.my_turn(state, player)
    if state.options.variant != "limited":
        raise RuleError("wrong_variant", "Markers are the limited variant's; raise or pass.")
    cards = {c.number: c for c in state.display}
    open_ = {c.number for c in phases.biddable(state)}
    for number in numbers:
        card = cards.get(number)
        if card is None:
            raise RuleError("no_card", "There is no card {number} on display.", number=number)
        if number not in open_:
            if card.done:
                raise RuleError(
                    "not_open",
                    "Card {number} ({card}) has been evaluated.",
                    number=number,
                    card=card.name,
                )
            raise RuleError(
                "not_open",
                "Card {number} ({card}) is not bid on in round {round}.",
                number=number,
                card=card.name,
                round=state.round,
            )
        mine = card.markers.get(player, 0) + numbers.count(number)
        if mine > MAX_ON_CARD:
            raise RuleError(
                "card_full",
                "That would put {mine} of your markers on {card}; at most {most}.",
                mine=mine,
                card=card.name,
                most=MAX_ON_CARD,
            )
    seat = board.seat(player)
    if seat.placed + len(numbers) > MAX_PER_ROUND:
        raise RuleError(
            "round_full",
            "You have put out {placed} of your {most} markers this round.",
            placed=seat.placed,
            most=MAX_PER_ROUND,
        )
    after = budgets.unsettled(state, player) + len(numbers)
    budget = budgets.budget(state, player)
    if after > budget:
        raise RuleError(
            "budget",
            "Your markers would come to {after} M€, and you have {budget} M€ to pay with.",
            after=after,
            budget=budget,
        )
    for number in numbers:
        card = cards[number]
        card.markers[player] = card.markers.get(player, 0) + 1
    seat.placed += len(numbers)
    board.public(MarkersPlaced, player=player, cards=list(numbers))
    left = budget - after
    board.private(player, MarkersReceipt, player=player, cards=list(numbers), left=left)
    if left < budgets.price(state, player):
        board.private(
            player, PriceWarning, player=player, left=left, price=budgets.price(state, player)
        )
    flow.next_turn(board)


def pass_(board: Board, player: str) -> None:
    """L6: a pass is for the rest of the round."""
    phases.my_turn(board.state, player)
    board.seat(player).passed = True
    board.public(Passed, player=player, auto=False)
    flow.next_turn(board)
