"""The cards of a MARSBOT draft: a project card's name, printed cost and printed tags, from the
Terraforming Mars catalogue (`games.tm_catalogue`) or written out for a card it does not hold.

A card is named as a person types it: a catalogue name in any case, without its accents or
punctuation ("ganymede colony"), or `name:cost:tag+tag` for a card of another expansion
(`Venus Governor:4:venus+venus`, `Odd:5:wild+wild`, `Blank:3:` for none). A pile is names
separated by `;`. An event card carries its printed `event` tag (A5): the catalogue's do, and a
written-out event card writes it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.core.errors import RuleError, typed
from games.core.speech import N_
from games.tm_catalogue import TAGS, Catalogue, Tag, builtin, fold
from games.tm_catalogue.model import MAX_COST, MAX_TAGS, name_problem

#: What separates the cards of a pile as typed, and the parts of a written-out card.
CARD_SEPARATOR = ";"
PART_SEPARATOR = ":"
TAG_SEPARATOR = "+"
#: The longest written-out card: it goes back into menus and autocompletes as it is written,
#: whose values hold at most 100 characters.
MAX_WRITTEN = 100
#: How a written-out card looks, for the sentences that explain it.
WRITTEN_OUT = "`name:cost:tag+tag` (such as `Venus Governor:4:venus+venus`)"
_TAGS: dict[str, Tag] = {tag: tag for tag in TAGS}


class DraftCard(BaseModel):
    """A project card as the draft needs it: its name, printed cost (A9: discounts are
    ignored) and printed tags, duplicates kept and `event` among them for an event card
    (A5). `number` is the catalogue's printed number, None for a written-out card."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    cost: int
    tags: tuple[Tag, ...]
    number: str | None = None

    def written(self) -> str:
        """The card as a person types it again: its name for a catalogue card, else
        `name:cost:tag+tag`."""
        if self.number is not None:
            return self.name
        return PART_SEPARATOR.join((self.name, str(self.cost), TAG_SEPARATOR.join(self.tags)))


def _from_catalogue(text: str, catalogue: Catalogue) -> DraftCard:
    card = catalogue.find(text)
    if not card.is_project or card.cost is None:
        raise RuleError(
            "not_a_project",
            "{card} is a {type} card: only project cards are drafted.",
            card=card.name,
            type=card.type,
        )
    return DraftCard(name=card.name, cost=card.cost, tags=card.tags, number=card.number)


def _written_out(text: str, catalogue: Catalogue) -> DraftCard:
    parts = [part.strip() for part in text.split(PART_SEPARATOR)]
    if len(parts) != 3:
        raise RuleError(
            "bad_card",
            "{typed} is neither a card of the catalogue nor a card written out as {form}.",
            typed=typed(text),
            form=WRITTEN_OUT,
        )
    if len(text) > MAX_WRITTEN:
        raise RuleError(
            "bad_card",
            "A card written out takes at most {limit} characters.",
            limit=MAX_WRITTEN,
        )
    name, cost_text, tags_text = parts
    problem = name_problem(name)
    if problem:
        raise RuleError("bad_card", "In {typed}, {problem}.", typed=typed(text), problem=problem)
    if not cost_text.isascii() or not cost_text.isdigit() or not 0 <= int(cost_text) <= MAX_COST:
        raise RuleError(
            "bad_card",
            "In {typed}, the cost {cost} is not a whole number from 0 to {limit}.",
            typed=typed(text),
            cost=typed(cost_text),
            limit=MAX_COST,
        )
    tags: list[Tag] = []
    for word in tags_text.split(TAG_SEPARATOR) if tags_text else []:
        tag = _TAGS.get(word.strip().lower())
        if tag is None:
            raise RuleError(
                "bad_card",
                "In {typed}, {tag} is no tag; the tags are {tags}.",
                typed=typed(text),
                tag=typed(word.strip()),
                tags=", ".join(TAGS),
            )
        tags.append(tag)
    if len(tags) > MAX_TAGS:
        raise RuleError(
            "bad_card",
            "In {typed}, a card has at most {limit} tags.",
            typed=typed(text),
            limit=MAX_TAGS,
        )
    if tags.count("event") > 1:
        raise RuleError(
            "bad_card", "In {typed}, an event card carries one event tag.", typed=typed(text)
        )
    card = DraftCard(name=name, cost=int(cost_text), tags=tuple(tags))
    known = catalogue.match(name)
    if known is not None:
        # The same facts, the tags in any order (as a host's list is compared to the catalogue).
        same = (
            known.is_project and known.cost == card.cost and sorted(known.tags) == sorted(card.tags)
        )
        if not same:
            raise RuleError(
                "bad_card",
                "{card} is in the catalogue (cost {cost}, tags {tags}), not as {typed}: write "
                "its name alone, or give your card another name.",
                card=known.name,
                cost=known.cost,
                tags="+".join(known.tags) or N_("none"),
                typed=typed(text),
            )
        return _from_catalogue(known.name, catalogue)
    return card


def parse_card(text: str, catalogue: Catalogue | None = None) -> DraftCard:
    """The card `text` names: a catalogue project card by its name as typed, or a card
    written out as `name:cost:tag+tag`. Raises RuleError (`unknown_card` with the names it may
    have meant, `not_a_project`, `bad_card`)."""
    catalogue = builtin() if catalogue is None else catalogue
    text = text.strip()
    if not text:
        raise RuleError("bad_card", "A card's name is missing.")
    if PART_SEPARATOR in text:
        return _written_out(text, catalogue)
    return _from_catalogue(text, catalogue)


def parse_cards(texts: list[str] | str, catalogue: Catalogue | None = None) -> list[DraftCard]:
    """The cards of a pile: a list of names, or one text of names separated by `;` (empty
    names, as after a last `;`, are skipped). No card may be named twice. Raises RuleError."""
    if isinstance(texts, str):
        texts = texts.split(CARD_SEPARATOR)
    cards = [parse_card(text, catalogue) for text in texts if text.strip()]
    seen: set[str] = set()
    for card in cards:
        if fold(card.name) in seen:
            raise RuleError("repeated_card", "{card} is named twice.", card=card.name)
        seen.add(fold(card.name))
    return cards
