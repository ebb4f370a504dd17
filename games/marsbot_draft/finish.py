"""The draft's end: MARSBOT's discard (§3.4, with its floaters, §3.0), its action deck and
the player's buying of the cards they kept (§3.5), and the result."""

from __future__ import annotations

from typing import Any

from games.core.drawing.words import Listed
from games.core.errors import RuleError
from games.core.events import Event
from games.core.speech import N_
from games.marsbot_draft.cards import parse_cards
from games.marsbot_draft.draft import BONUS_CARD, action_deck, discard, discard_why, unprotected
from games.marsbot_draft.events import ActionDeckShuffled, CardsBought, DraftEnded, MarsbotDiscarded
from games.marsbot_draft.model import CARD_PRICE, Ending, State
from games.marsbot_draft.phases import expect
from games.marsbot_draft.piles import _named, names

#: §3.0: with this many floaters or more, MARSBOT spends them to keep its fourth card.
FLOATERS_TO_KEEP = 5


def marsbot_discards(state: State) -> Event:
    """§3.4: at most one card, none on Brutal (A8-A11), none when MARSBOT spends 5 of its
    floaters to keep its fourth card (§3.0, MB-D11)."""
    brutal = state.options.difficulty == "brutal"
    floaters = state.options.floaters
    rule = state.options.spire_rule
    # Floaters keep the card a discard would take: none are spent when none would go.
    would_go = unprotected(state.marsbot_kept, state.priority, rule)
    spends = FLOATERS_TO_KEEP if would_go and not brutal and floaters >= FLOATERS_TO_KEEP else 0
    kept = names(state.marsbot_kept)
    decision = discard(
        state.marsbot_kept,
        state.priority,
        state.rng,
        spire_rule=rule,
        brutal=brutal or bool(spends),
    )
    state.discard = decision
    state.discard_why = (
        f"MARSBOT spends {spends} of its {floaters} floaters to keep all "
        f"{len(kept)} cards (§3.0): take {spends} floaters off its board"
        if spends
        else discard_why(
            state.corporation, state.priority, decision, spire_rule=rule, brutal=brutal
        )
    )
    if decision.chosen is not None:
        state.discarded = next(c for c in state.marsbot_kept if c.name == decision.chosen)
        state.marsbot_kept = [c for c in state.marsbot_kept if c.name != decision.chosen]
    if state.options.mode == "table":
        state.phase = "deck"
    return MarsbotDiscarded(
        kept=kept,
        chosen=decision.chosen,
        candidates=decision.candidates,
        keys=decision.keys,
        why=state.discard_why,
        floaters_spent=spends,
    ).told()


def shuffle_action_deck(state: State) -> Event:
    """§3.5: MARSBOT's cards and one bonus card, shuffled (MB-D5)."""
    state.deck = action_deck(state.marsbot_kept, state.rng)
    return ActionDeckShuffled(deck=list(state.deck), bonus=BONUS_CARD).told()


def buy(state: State, texts: list[str]) -> list[Event]:
    """§3.5: the player buys any of the cards they kept, 3 M€ each."""
    expect(state, "whole-draft", "buy", N_("Buying cards"))
    cards = parse_cards(texts)
    bought: list[str] = []
    for card in cards:
        mine = _named(state.player_kept, card)
        if mine is None:
            raise RuleError(
                "not_kept",
                "{card} is not one of your cards: you may buy {cards}.",
                card=card.name,
                cards=Listed(tuple(names(state.player_kept)), "or"),
            )
        bought.append(mine.name)
    state.bought = bought
    told = CardsBought(cards=bought, cost=CARD_PRICE * len(bought)).told()
    return end_draft(state, "done", [told])


def end_draft(
    state: State, how: Ending, events: list[Event], *, out: str | None = None
) -> list[Event]:
    if out is not None:
        state.out.append(out)
    state.phase = "ended"
    state.ended = how
    return [*events, DraftEnded(**(draft_result(state) or {})).told()]


def draft_result(state: State) -> dict[str, Any] | None:
    if state.phase != "ended":
        return None
    return {
        "corporation": state.corporation,
        "ended": state.ended,
        "marsbot_kept": names(state.marsbot_kept),
        "discarded": state.discarded.name if state.discarded else None,
        "deck": state.deck,
        "player_kept": names(state.player_kept),
        "bought": state.bought,
        "picks": [r.decision.chosen for r in state.rounds],
    }
