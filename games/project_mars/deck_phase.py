"""PLAYER DECK: a player's deck chosen, shuffled and dealt ids (PM-1, PM-D1)."""

from __future__ import annotations

from games.core.errors import RuleError
from games.project_mars.card_details import CARDS
from games.project_mars.decks import DeckChoice, resolve_deck
from games.project_mars.events import DeckChosen, DeckSubmitted
from games.project_mars.model import Card, ChooseDeck, State
from games.project_mars.table import Table
from games.project_mars.waits import decision


def check_deck_move(state: State, actor: str, move: ChooseDeck) -> None:
    if decision(state) != "deck":
        raise RuleError("not_now", "Decks are chosen before the first round only.")
    if state.seats[actor].deck_name is not None:
        raise RuleError("deck_chosen", "You have already chosen your deck.")
    if (move.deck is None) == (move.cards is None):
        raise RuleError(
            "bad_deck",
            "Choose either a ready deck by its name or your own list of 30 cards, not "
            "both and not neither.",
        )
    # A deck refused is a `DeckError`, the refusal `bad_deck`.
    resolve_deck(move.deck if move.deck is not None else move.cards or [])


def take_deck(table: Table, player: str, choice: DeckChoice) -> None:
    """PM-1: the deck is shuffled and its cards get ids that say nothing but the owner."""
    state = table.state
    name, keys = resolve_deck(choice)
    prefix = "ab"[state.players.index(player)]
    seat = table.seat(player)
    seat.deck_name = name
    for number, key in enumerate(state.rng.shuffled(keys), 1):
        card = Card(id=f"{prefix}{number:02d}", owner=player, key=key)
        state.cards[card.id] = card
        seat.deck.append(card.id)
    state.dealt[player] = len(keys)
    counts = {k: keys.count(k) for k in CARDS if k in keys}
    table.private(player, DeckChosen, player=player, deck=name, cards=counts)
    table.public(DeckSubmitted, player=player)
