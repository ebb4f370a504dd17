"""Keep and buy (L10-L16, U6, U7): the companies and preludes a player keeps, the won projects
they buy; sealed until everyone asked has chosen (MA-D3)."""

from __future__ import annotations

from games.core.errors import RuleError, typed
from games.mars_auction import budgets, flow, phases
from games.mars_auction.events import (
    ChoiceMade,
    ChoiceReceived,
)
from games.mars_auction.model import (
    KEEP,
    Kind,
)
from games.mars_auction.table import Board
from games.tm_catalogue import (
    fold,
)


def keep(board: Board, player: str, names: list[str]) -> None:
    """L15: the companies or preludes kept, of more won than a player keeps."""
    state = board.state
    kind = state.kind or "company"
    mine = phases.won(state, player, kind)
    if len(mine) <= KEEP[kind]:
        if kind == "company":
            raise RuleError("nothing_to_choose", "You keep the companies you won.")
        raise RuleError("nothing_to_choose", "You keep the preludes you won.")
    chosen = named(mine, names, kind)
    if len(chosen) != KEEP[kind]:
        if kind == "company":
            raise RuleError(
                "keep_count", "Keep exactly {count} of your companies.", count=KEEP[kind]
            )
        raise RuleError("keep_count", "Keep exactly {count} of your preludes.", count=KEEP[kind])
    board.seat(player).choice = chosen
    board.private(player, ChoiceMade, player=player, cards=chosen, step="keep")
    board.public(ChoiceReceived, player=player, step="keep")
    flow.after_keep(board)


def buy(board: Board, player: str, names: list[str]) -> None:
    """L16: the won projects bought, at their price each."""
    state = board.state
    mine = phases.won(state, player, "project")
    if not mine:
        raise RuleError("nothing_to_choose", "You won no project in this auction.")
    chosen = named(mine, names, "project")
    price = budgets.price(state, player) * len(chosen)
    money = board.seat(player).money or 0
    if price > money:
        raise RuleError(
            "cannot_afford",
            "{count} projects cost {price} M€, and you have {money} M€ left.",
            count=len(chosen),
            price=price,
            money=money,
        )
    board.seat(player).choice = chosen
    board.private(player, ChoiceMade, player=player, cards=chosen, step="buy")
    board.public(ChoiceReceived, player=player, step="buy")
    flow.after_buy(board)


def named(mine: list[str], names: list[str], kind: Kind) -> list[str]:
    by_fold = {fold(n): n for n in mine}
    chosen: list[str] = []
    for name in names:
        found = by_fold.get(fold(name))
        if found is None:
            raise _not_won(kind, typed(name), ", ".join(mine))
        if found in chosen:
            raise RuleError("repeated", "{card} is listed twice.", card=found)
        chosen.append(found)
    return chosen


def _not_won(kind: Kind, name: str, cards: str) -> RuleError:
    """A keep or buy naming a card the player did not win, with the cards they won."""
    if kind == "company":
        return RuleError(
            "not_won",
            "You did not win {name} in this auction; your companies: {cards}.",
            name=name,
            cards=cards,
        )
    if kind == "prelude":
        return RuleError(
            "not_won",
            "You did not win {name} in this auction; your preludes: {cards}.",
            name=name,
            cards=cards,
        )
    return RuleError(
        "not_won",
        "You did not win {name} in this auction; your projects: {cards}.",
        name=name,
        cards=cards,
    )
