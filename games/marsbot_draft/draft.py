"""MARSBOT's draft as pure functions (marsbot-corporations.en.md §3.1-§3.5): a card's key under
a priority, the pick from a pile, the discard from the four cards kept, and the action deck.

Every random choice is drawn from the match's seeded generator (`RandomSource`, §3.6) and
reported as a `Decision`: the card chosen, the candidates it was drawn among, and every card's
key, so that a player can check the bot (A7). A draw is made only among two candidates or more.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.core.drawing.words import join, plural
from games.core.rng import RandomSource
from games.marsbot_draft.cards import DraftCard
from games.marsbot_draft.priority import MostExpensive, MostTags, Tags

SpireRule = Literal["czech", "english"]
#: The bonus card shuffled into MARSBOT's action deck (§3.5), drawn by the player from their
#: bonus deck: the deck shows where it lies.
BONUS_CARD = "Bonus card"


class Decision(BaseModel):
    """A pick or a discard: the card chosen (None: nothing is discarded), the cards it was
    drawn among (one: no draw was made; none: nothing could be chosen), and each card's key
    under the priority (higher is better, compared level by level)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    chosen: str | None
    candidates: list[str]
    keys: dict[str, list[int]]

    @property
    def drawn(self) -> bool:
        """Whether the choice was drawn at random."""
        return len(self.candidates) > 1

    def report(self) -> dict[str, object]:
        """`{"chosen", "candidates", "keys"}`: what the command line prints."""
        return self.model_dump(mode="json")


def tag_count(card: DraftCard) -> int:
    """A card's tags, wild ones not counted (§2, A6) and the event tag counted (A5)."""
    return sum(1 for tag in card.tags if tag != "wild")


def key(card: DraftCard, priority: Tags | MostExpensive | MostTags) -> tuple[int, ...]:
    """§3.1: a card's key, compared lexicographically, higher better. A tag priority counts
    each level's tags on the card, duplicates and side-by-side symbols summed within a level
    (A3); the wild tag is never counted."""
    if isinstance(priority, MostExpensive):
        return (card.cost,)
    if isinstance(priority, MostTags):
        return (tag_count(card),)
    return tuple(sum(1 for tag in card.tags if tag in level) for level in priority.levels)


def _keys(
    cards: Sequence[DraftCard], priority: Tags | MostExpensive | MostTags
) -> dict[str, list[int]]:
    return {card.name: list(key(card, priority)) for card in cards}


def _draw(candidates: list[str], rng: RandomSource) -> str | None:
    if not candidates:
        return None
    return candidates[0] if len(candidates) == 1 else rng.choice(candidates)


def pick(
    pile: Sequence[DraftCard], priority: Tags | MostExpensive | MostTags, rng: RandomSource
) -> Decision:
    """§3.3: the card of `pile` that best matches the priority; among cards tied on the best
    key, one drawn at random; when no card matches, every card is tied (A7)."""
    if not pile:
        raise ValueError("a pick from an empty pile")
    keys = _keys(pile, priority)
    best = max(keys.values())
    candidates = [card.name for card in pile if keys[card.name] == best]
    return Decision(chosen=_draw(candidates, rng), candidates=candidates, keys=keys)


def unprotected(
    kept: Sequence[DraftCard],
    priority: Tags | MostExpensive | MostTags,
    spire_rule: SpireRule = "czech",
) -> list[str]:
    """§3.4: the cards the discard may take (A8), in their order.

    - a tag priority (and Aridor's, A11): the cards with no tag of any level;
    - CrediCor: every card cheaper than the most expensive, which are all protected (A9);
      none when all cost the same;
    - Spire, `czech` (the default, A10): the cards with the fewest tags; `english`: every card
      with fewer tags than the most; in both, none when all have as many tags.
    """
    keys = _keys(kept, priority)
    if isinstance(priority, Tags):
        return [card.name for card in kept if sum(keys[card.name]) == 0]
    values = {card.name: keys[card.name][0] for card in kept}
    if len(set(values.values())) <= 1:
        return []
    if isinstance(priority, MostTags) and spire_rule == "czech":
        fewest = min(values.values())
        return [name for name, value in values.items() if value == fewest]
    top = max(values.values())
    return [name for name, value in values.items() if value < top]


def discard(
    kept: Sequence[DraftCard],
    priority: Tags | MostExpensive | MostTags,
    rng: RandomSource,
    *,
    spire_rule: SpireRule = "czech",
    brutal: bool = False,
) -> Decision:
    """§3.4: at most one card of the four MARSBOT kept is discarded (A8), drawn at random
    among the unprotected ones (`unprotected`); none when every card is protected. On Brutal
    difficulty MARSBOT keeps all four (§3.0): nothing is discarded or drawn."""
    keys = _keys(kept, priority)
    candidates = [] if brutal else unprotected(kept, priority, spire_rule)
    return Decision(chosen=_draw(candidates, rng), candidates=candidates, keys=keys)


def action_deck(kept: Sequence[DraftCard], rng: RandomSource) -> list[str]:
    """§3.5: MARSBOT's cards after the discard and one bonus card, shuffled: 4 cards, or 5
    when nothing was discarded. Returns the names from the top."""
    return rng.shuffled([*(card.name for card in kept), BONUS_CARD])


# -- why, in one line -----------------------------------------------------------------------


def _prefix(label: str | None, priority: Tags | MostExpensive | MostTags) -> str:
    return label or priority.written()


def _tied(decision: Decision) -> str:
    others = [name for name in decision.candidates if name != decision.chosen]
    return f"; tied with {join(others)}, drawn at random" if others else ""


def _levels(values: list[int], priority: Tags) -> str:
    return " > ".join(f"{title} {n}" for title, n in zip(priority.titles(), values, strict=True))


def pick_why(
    label: str | None, priority: Tags | MostExpensive | MostTags, decision: Decision
) -> str:
    """Why MARSBOT takes the card it takes, in one line: "Celestic: Venus 1 > Jovian 0; tied
    with Io Mining Industries, drawn at random"."""
    head = _prefix(label, priority)
    chosen = decision.chosen
    assert chosen is not None
    if len(decision.keys) == 1:
        return f"{head}: the last card of the pile, nothing to choose"
    best = decision.keys[chosen]
    if isinstance(priority, MostExpensive):
        return f"{head}: the most expensive, {best[0]} M€{_tied(decision)}"
    if isinstance(priority, MostTags):
        return f"{head}: the most tags, {best[0]}{_tied(decision)}"
    if sum(best) == 0:
        among = "both" if len(decision.keys) == 2 else f"all {len(decision.keys)}"
        return (
            f"{head}: no card has {join(priority.titles(), 'or')}, so it is drawn at random "
            f"among {among}"
        )
    return f"{head}: {_levels(best, priority)}{_tied(decision)}"


def discard_why(
    label: str | None,
    priority: Tags | MostExpensive | MostTags,
    decision: Decision,
    *,
    spire_rule: SpireRule = "czech",
    brutal: bool = False,
) -> str:
    """Why MARSBOT discards the card it discards, or none, in one line."""
    head = _prefix(label, priority)
    keys = decision.keys
    count = plural(len(keys), "card")
    if brutal:
        return f"Brutal difficulty: MARSBOT keeps all {count}"
    chosen = decision.chosen
    among = f"; drawn at random among {join(decision.candidates)}" if decision.drawn else ""
    if isinstance(priority, Tags):
        wanted = join(priority.titles(), "or")
        if chosen is None:
            return f"{head}: every card has {wanted}, so none is discarded"
        return f"{head}: {chosen} has no {wanted}{among}"
    values = {name: value[0] for name, value in keys.items()}
    if chosen is None:
        shown = next(iter(values.values()), 0)
        same = (
            f"cost {shown} M€"
            if isinstance(priority, MostExpensive)
            else f"have {plural(shown, 'tag')}"
        )
        return f"{head}: all {count} {same}, so none is discarded"
    top = max(values.values())
    kept_best = join([name for name, value in values.items() if value == top])
    if isinstance(priority, MostExpensive):
        return (
            f"{head}: keeps the most expensive ({kept_best}, {top} M€); {chosen} costs "
            f"{values[chosen]} M€{among}"
        )
    if spire_rule == "czech":
        return f"{head}: {chosen} has the fewest tags ({values[chosen]}){among}"
    return f"{head}: keeps the most tags ({kept_best}, {top}); {chosen} has {values[chosen]}{among}"
