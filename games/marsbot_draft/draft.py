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

from games.core.drawing.words import join
from games.core.rng import RandomSource
from games.core.speech import N_
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


def _others(decision: Decision) -> list[str]:
    """The cards tied with the one chosen."""
    return [name for name in decision.candidates if name != decision.chosen]


def _tied(decision: Decision) -> str:
    others = _others(decision)
    return N_("; tied with {cards}, drawn at random").format(cards=join(others)) if others else ""


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
        return N_("{head}: the last card of the pile, nothing to choose").format(head=head)
    best = decision.keys[chosen]
    tied = _tied(decision)
    if isinstance(priority, MostExpensive):
        return N_("{head}: the most expensive, {cost} M€{tied}").format(
            head=head, cost=best[0], tied=tied
        )
    if isinstance(priority, MostTags):
        return N_("{head}: the most tags, {count}{tied}").format(
            head=head, count=best[0], tied=tied
        )
    if sum(best) == 0:
        among = (
            N_("both")
            if len(decision.keys) == 2
            else N_("all {count}").format(count=len(decision.keys))
        )
        return N_("{head}: no card has {tags}, so it is drawn at random among {among}").format(
            head=head, tags=join(priority.titles(), "or"), among=among
        )
    levels = _levels(best, priority)
    if not tied:
        return f"{head}: {levels}"
    # One template, not `tied` after the levels: a bot translates an engine's text only when
    # the whole of it is a template filled in (`bot.i18n.engine_words`).
    return N_("{head}: {levels}; tied with {cards}, drawn at random").format(
        head=head, levels=levels, cards=join(_others(decision))
    )


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
    count = len(keys)
    if brutal:
        return N_("Brutal difficulty: MARSBOT keeps all {count} cards").format(count=count)
    chosen = decision.chosen
    among = (
        N_("; drawn at random among {cards}").format(cards=join(decision.candidates))
        if decision.drawn
        else ""
    )
    if isinstance(priority, Tags):
        wanted = join(priority.titles(), "or")
        if chosen is None:
            return N_("{head}: every card has {tags}, so none is discarded").format(
                head=head, tags=wanted
            )
        return N_("{head}: {card} has no {tags}{among}").format(
            head=head, card=chosen, tags=wanted, among=among
        )
    values = {name: value[0] for name, value in keys.items()}
    if chosen is None:
        shown = next(iter(values.values()), 0)
        if isinstance(priority, MostExpensive):
            return N_("{head}: all {count} cards cost {cost} M€, so none is discarded").format(
                head=head, count=count, cost=shown
            )
        if shown == 1:
            return N_("{head}: all {count} cards have 1 tag, so none is discarded").format(
                head=head, count=count
            )
        return N_("{head}: all {count} cards have {tags} tags, so none is discarded").format(
            head=head, count=count, tags=shown
        )
    top = max(values.values())
    kept_best = join([name for name, value in values.items() if value == top])
    facts = dict(head=head, best=kept_best, top=top, card=chosen, value=values[chosen], among=among)
    if isinstance(priority, MostExpensive):
        return N_(
            "{head}: keeps the most expensive ({best}, {top} M€); {card} costs {value} M€{among}"
        ).format(**facts)
    if spire_rule == "czech":
        return N_("{head}: {card} has the fewest tags ({value}){among}").format(**facts)
    return N_("{head}: keeps the most tags ({best}, {top}); {card} has {value}{among}").format(
        **facts
    )
