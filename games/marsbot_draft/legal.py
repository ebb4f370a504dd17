"""What the player may do, as the contract's actions: a card to take, MARSBOT's pile, its
discard and action deck at the table, the cards to buy. Which of them are offered now is the
open decision's (`games.marsbot_draft.decisions`)."""

from __future__ import annotations

from games.core.contract import Action, Choice
from games.core.contract import Pick as PickChoices
from games.core.speech import N_
from games.marsbot_draft.cards import DraftCard
from games.marsbot_draft.model import CARD_PRICE, State
from games.marsbot_draft.piles import forced, own_pile, pile_limits, pile_size, project_cards
from games.tm_catalogue import fold, numbered


def _choice(card: DraftCard) -> Choice:
    tags = ", ".join(card.tags) or N_("no tags")
    return Choice(
        value=card.written(),
        label=numbered(card.name),
        description=N_("{cost} M€ · {tags}").format(cost=card.cost, tags=tags),
    )


def round_actions(state: State) -> list[Action]:
    """A whole draft's round (§3.3): a card to take from the player's pile."""
    choices = PickChoices(
        field="card", choices=[_choice(c) for c in state.player_pile], label=N_("Your card")
    )
    take = Action(
        key="take",
        label=N_("Take a card"),
        move={"type": "take"},
        steps=[choices],
        forced=forced(state),
    )
    return [take]


def table_round_actions(state: State) -> list[Action]:
    """A round at the table: the card the player took, until they have said it, and
    MARSBOT's pile, once their card is in with `own_first` (MB-D4, A14)."""
    actions: list[Action] = []
    if state.own is None:
        yours = own_pile(state)
        offered = list(project_cards(state.options)) if yours is None else yours
        choices = PickChoices(
            field="card", choices=[_choice(c) for c in offered], label=N_("Your card"), typed=True
        )
        actions.append(
            Action(
                key="take", label=N_("The card you take"), move={"type": "take"}, steps=[choices]
            )
        )
    if state.own is not None or not state.options.own_first:
        barred, within = pile_limits(state)
        offered = (
            [c for c in project_cards(state.options) if fold(c.name) not in barred]
            if within is None
            else within
        )
        size = pile_size(state.round)
        pile = PickChoices(
            field="cards",
            choices=[_choice(c) for c in offered],
            min=size,
            max=size,
            label=N_("MARSBOT's pile"),
            as_list=True,
            typed=True,
        )
        actions.append(
            Action(key="pick", label=N_("MARSBOT's pile"), move={"type": "pick"}, steps=[pile])
        )
    return actions


def discard_actions(state: State) -> list[Action]:
    """At the table, MARSBOT's discard (§3.4): the player says when it is made."""
    return [Action(key="discard", label=N_("MARSBOT's discard"), move={"type": "discard"})]


def deck_actions(state: State) -> list[Action]:
    """At the table, MARSBOT's action deck (§3.4): the player says when it is shuffled."""
    return [Action(key="deck", label=N_("MARSBOT's action deck"), move={"type": "deck"})]


def buy_actions(state: State) -> list[Action]:
    """§3.5: buying some of the cards kept, or none."""
    return _buys(state.player_kept)


def _buys(kept: list[DraftCard]) -> list[Action]:
    """§3.5: buying some of the cards kept (a menu of them), or none, its own action: a
    menu sends at least one choice."""
    none = Action(key="buy-none", label=N_("Buy none"), move={"type": "buy", "cards": []})
    if not kept:
        return [none]
    cards = PickChoices(
        field="cards",
        choices=[_choice(c) for c in kept],
        min=1,
        max=len(kept),
        label=N_("Cards to buy, {price} M€ each").format(price=CARD_PRICE),
        as_list=True,
    )
    return [
        Action(key="buy", label=N_("Buy your cards"), move={"type": "buy"}, steps=[cards]),
        none,
    ]
