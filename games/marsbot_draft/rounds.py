"""The draft's four rounds (§3.3): the player's own card, MARSBOT's pile and its pick (at the
table, MB-D4), or a whole draft's round with the piles swapped (MB-D7, MB-D13)."""

from __future__ import annotations

from games.core.drawing.words import Listed
from games.core.errors import RuleError
from games.core.events import Event
from games.core.speech import N_
from games.marsbot_draft.cards import DraftCard, parse_card, parse_cards
from games.marsbot_draft.draft import pick, pick_why
from games.marsbot_draft.events import CardTaken, MarsbotPicked
from games.marsbot_draft.finish import marsbot_discards, shuffle_action_deck
from games.marsbot_draft.model import ROUNDS, Round, State
from games.marsbot_draft.phases import expect, opened
from games.marsbot_draft.piles import _named, forced, names, own_pile, pile_limits, pile_size
from games.tm_catalogue import fold


def take(state: State, text: str) -> list[Event]:
    """The player's own card: from their pile in a whole draft (MARSBOT then picks, and
    the piles swap); at the table, the card they took, before MARSBOT's pile (MB-D4)."""
    expect(state, state.options.mode, "pick", N_("Taking a card"))
    card = parse_card(text)
    if state.options.mode == "whole-draft":
        mine = _named(state.player_pile, card)
        if mine is None:
            raise RuleError(
                "not_in_pile",
                "{card} is not in your pile: take {cards}.",
                card=card.name,
                cards=Listed(tuple(names(state.player_pile)), "or"),
            )
        return whole_round(state, mine, default=False)
    if state.own is not None:
        raise RuleError(
            "already_taken",
            "You have already taken {card} this round; MARSBOT's pile is next.",
            card=state.own.name,
        )
    yours = own_pile(state)
    if yours is not None:
        found = _named(yours, card)
        if found is None:
            raise RuleError(
                "not_in_pile",
                "Your pile this round is what MARSBOT left of its round-{round} pile, "
                "{cards}: {card} is not in it.",
                round=state.round - 1,
                cards=Listed(tuple(names(yours))),
                card=card.name,
            )
        card = found
    state.own = card
    taken = CardTaken(round=state.round, card=state.own.name, default=False, only=False)
    return [taken.told()]


def pick_marsbot_pile(state: State, texts: list[str]) -> list[Event]:
    """Table mode: MARSBOT's pile this round, then its pick (§3.3); with `own_first`,
    only after the player's own card (MB-D4, A14)."""
    expect(state, "table", "pick", N_("Entering MARSBOT's pile"))
    if state.options.own_first and state.own is None:
        raise RuleError(
            "own_first",
            "First say which card you take from your own pile: MARSBOT's pick is shown "
            "only after yours.",
        )
    cards = parse_cards(texts)
    size = pile_size(state.round)
    if len(cards) != size:
        raise RuleError(
            "pile_size",
            "MARSBOT's pile in round {round} has {size} (4 in round 1, one fewer each round), "
            "not {count}.",
            round=state.round,
            size=N_("1 card") if size == 1 else N_("{count} cards").format(count=size),
            count=len(cards),
        )
    barred, within = pile_limits(state)
    for card in cards:
        if fold(card.name) in barred:
            raise barred[fold(card.name)]
        if within is not None and _named(within, card) is None:
            back = state.round - 2
            raise RuleError(
                "not_in_pile",
                "In round {round} MARSBOT's pile is what is left of its round-{back} pile: "
                "{cards}. {card} is not in it.",
                round=state.round,
                back=back,
                cards=Listed(tuple(names(within))),
                card=card.name,
            )
    if within is not None:
        cards = [_named(within, card) or card for card in cards]
    decision = pick(cards, state.priority, state.rng)
    why = pick_why(state.corporation, state.priority, decision)
    chosen = next(c for c in cards if c.name == decision.chosen)
    state.rounds.append(
        Round(round=state.round, pile=cards, own=state.own, decision=decision, why=why)
    )
    state.marsbot_kept.append(chosen)
    if state.own is not None:
        state.player_kept.append(state.own)
    picked = marsbot_picked(state.rounds[-1])
    state.own = None
    state.round += 1
    if state.round > ROUNDS:
        state.phase = "discard"
    return [picked, opened(state)]


def whole_round(state: State, mine: DraftCard, *, default: bool) -> list[Event]:
    """A round of a whole draft: the player's card, MARSBOT's pick from its pile, the
    swap (§3.3); after the fourth, the discard and the action deck at once (MB-D7)."""
    pile = list(state.marsbot_pile)
    only = forced(state)
    decision = pick(pile, state.priority, state.rng)
    why = pick_why(state.corporation, state.priority, decision)
    chosen = next(c for c in pile if c.name == decision.chosen)
    state.rounds.append(Round(round=state.round, pile=pile, own=mine, decision=decision, why=why))
    state.player_kept.append(mine)
    state.marsbot_kept.append(chosen)
    left_mine = [c for c in state.player_pile if c.name != mine.name]
    left_marsbot = [c for c in pile if c.name != chosen.name]
    state.player_pile, state.marsbot_pile = left_marsbot, left_mine
    events = [
        CardTaken(round=state.round, card=mine.name, default=default, only=only).told(),
        marsbot_picked(state.rounds[-1]),
    ]
    state.round += 1
    if state.round > ROUNDS:
        events += [marsbot_discards(state), shuffle_action_deck(state)]
        state.phase = "buy"
    return [*events, opened(state)]


def marsbot_picked(played: Round) -> Event:
    return MarsbotPicked(
        round=played.round,
        pile=names(played.pile),
        own=played.own.name if played.own else None,
        chosen=played.chosen,
        candidates=played.decision.candidates,
        keys=played.decision.keys,
        why=played.why,
    ).told()
