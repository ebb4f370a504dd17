"""The piles of a MARSBOT draft (marsbot-corporations.en.md §3.3): the project cards a whole
draft deals from (MB-D6), a pile's size each round, and what the player may know of each pile:
their own at the table (from round 2), MARSBOT's (MB-D3, MB-D12)."""

from __future__ import annotations

from functools import cache

from games.core.errors import RuleError
from games.marsbot_draft.cards import DraftCard
from games.marsbot_draft.model import PILE, Options, State
from games.tm_catalogue import PROJECT_TYPES, Expansion, builtin, fold


def project_cards(options: Options) -> tuple[DraftCard, ...]:
    """Every project card of the catalogue a game of the draft's sets deals, in catalogue
    order: what a whole draft deals from (MB-D6), Venus Next's when it is in."""
    return _project_cards(tuple(options.sets))


@cache
def _project_cards(expansions: tuple[Expansion, ...]) -> tuple[DraftCard, ...]:
    return tuple(
        DraftCard(name=c.name, cost=c.cost, tags=c.tags, number=c.number)
        for c in builtin().select(expansions=expansions, types=PROJECT_TYPES)
        if c.cost is not None
    )


def names(cards: list[DraftCard]) -> list[str]:
    return [card.name for card in cards]


def _named(cards: list[DraftCard], card: DraftCard) -> DraftCard | None:
    """The card of `cards` that is `card` (cards are told apart by their names)."""
    return next((c for c in cards if fold(c.name) == fold(card.name)), None)


def pile_size(round_: int) -> int:
    """A pile holds 4 cards in round 1 and one fewer each round (§3.3)."""
    return PILE - round_ + 1


def own_pile(state: State) -> list[DraftCard] | None:
    """Table mode: the player's pile this round, where it is known: from round 2, what
    MARSBOT left of its pile of the round before."""
    if state.round < 2:
        return None
    last = state.rounds[state.round - 2]
    return [c for c in last.pile if c.name != last.decision.chosen]


def pile_limits(state: State) -> tuple[dict[str, RuleError], list[DraftCard] | None]:
    """Table mode: why a card cannot be in MARSBOT's pile this round (by folded name: the
    refusal `not_in_pile`), and from round 3 the cards it comes from: the pile MARSBOT had
    two rounds before, less its pick and the player's card of the round before (MB-D3)."""
    barred: dict[str, RuleError] = {}
    if state.own is not None:
        barred[fold(state.own.name)] = RuleError(
            "not_in_pile", "{card} is the card you took this round.", card=state.own.name
        )
    if state.round >= 2:
        last = state.rounds[state.round - 2]
        for card in last.pile:
            barred[fold(card.name)] = (
                RuleError("not_in_pile", "MARSBOT took {card} last round.", card=card.name)
                if card.name == last.decision.chosen
                else RuleError(
                    "not_in_pile",
                    "{card} was in MARSBOT's pile last round: the piles swap every round, so "
                    "it is in yours now.",
                    card=card.name,
                )
            )
        if last.own is not None:
            barred[fold(last.own.name)] = RuleError(
                "not_in_pile", "You took {card} last round.", card=last.own.name
            )
    within = None
    if state.round >= 3:
        back = state.rounds[state.round - 3]
        within = [
            c for c in back.pile if c.name != back.decision.chosen and fold(c.name) not in barred
        ]
    return barred, within


def expected(state: State) -> list[str] | None:
    """Table mode: MARSBOT's pile this round as written, when the rounds before tell it
    (from round 3, once the player's card of the round before is known); else None."""
    if state.options.mode != "table" or state.phase != "pick":
        return None
    within = pile_limits(state)[1]
    if within is None or len(within) != pile_size(state.round):
        return None
    return [card.written() for card in within]


def forced(state: State) -> bool:
    """MB-D13: a whole draft's last round leaves the player one card: no choice, so the
    bot takes it for them."""
    return (
        state.options.mode == "whole-draft"
        and state.phase == "pick"
        and len(state.player_pile) == 1
    )


def marsbot_pile_shown(state: State) -> list[DraftCard]:
    """MARSBOT's pile as the player may see it (MB-D12): in a whole draft its first pile
    is face down until MARSBOT picks from it (§2, §3.3: the player never sees MARSBOT's
    pick first); from round 2 on it is what the player passed it."""
    if state.options.mode == "whole-draft" and state.round == 1:
        return []
    return list(state.marsbot_pile)
