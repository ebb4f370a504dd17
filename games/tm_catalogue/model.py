"""A Terraforming Mars card as facts: number, name, type, printed cost, tags, starting M€ and
expansion. No card text: what a card does is not needed to auction it or to draft by tags.

The shape rules (`shape_problem`) are checked where a card is made, whether it comes from the
built-in data or from a host's list, so a card that breaks them cannot exist.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, model_validator

from games.core.speech import N_

CardType = Literal["corporation", "prelude", "automated", "active", "event"]
#: Every tag the source repository knows; the built-in sets use the first thirteen (to
#: `venus`, Venus Next's), and `moon`, `mars`, `crime` and `clone` may come with a host's list.
Tag = Literal[
    "building",
    "space",
    "science",
    "power",
    "earth",
    "jovian",
    "plant",
    "microbe",
    "animal",
    "city",
    "event",
    "wild",
    "venus",
    "moon",
    "mars",
    "crime",
    "clone",
]
#: The sets, as the source repository names its modules: `base` and `corpera` (Corporate Era)
#: share the numbers 001-208; `prelude` is Prelude, `venus` Venus Next, `prelude2` Prelude 2,
#: `promo` the promo cards; `host` marks a card from a host's own list.
Expansion = Literal[
    "base", "corpera", "prelude", "venus", "colonies", "turmoil", "prelude2", "promo", "host"
]

CARD_TYPES: tuple[CardType, ...] = get_args(CardType)
PROJECT_TYPES: frozenset[CardType] = frozenset({"automated", "active", "event"})
TAGS: tuple[Tag, ...] = get_args(Tag)
EXPANSIONS: tuple[Expansion, ...] = get_args(Expansion)
BUILT_IN_EXPANSIONS: tuple[Expansion, ...] = EXPANSIONS[:-1]
#: The sets a match deals from unless its host chooses others.
DEFAULT_EXPANSIONS: tuple[Expansion, ...] = ("base", "corpera", "prelude")
#: The sets' titles: their printed names, and words (marked `N_`) for the base game, the
#: promos and a host's list, which a reader reads in their language (`sets_title`).
EXPANSION_TITLES: dict[Expansion, str] = {
    "base": N_("base game"),
    "corpera": "Corporate Era",
    "prelude": "Prelude",
    "venus": "Venus Next",
    "colonies": "Colonies",
    "turmoil": "Turmoil",
    "prelude2": "Prelude 2",
    "promo": N_("promos"),
    "host": N_("the host's list"),
}

#: Limits on any card, the built-in ones far inside them (the dearest built-in project,
#: Earth Elevator, costs 43 M€; the richest corporation starts with 60 M€).
MAX_COST = 100
MAX_STARTING_MC = 100
MAX_NAME_LENGTH = 60
MAX_TAGS = 8


class Card(BaseModel):
    """One card. `cost` is the printed cost of a project card (None for corporations and
    preludes); `starting_mc` the M€ a corporation starts with (None for other cards); `number`
    the printed card number ("001", "P01", "R08"), None for a card of a host's list. An event
    card carries the `event` tag (marsbot-corporations.en.md §3.1, A5)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: str | None
    name: str
    type: CardType
    expansion: Expansion
    cost: int | None
    tags: tuple[Tag, ...]
    starting_mc: int | None
    #: The other sets a card is only dealt with (a Prelude 2 card that needs Venus Next).
    requires: tuple[Expansion, ...] = ()
    #: The sets whose cards replace this one: it is not dealt when one of them is in (the
    #: promos' Deimos Down replaces the base game's).
    replaced_by: tuple[Expansion, ...] = ()

    @model_validator(mode="after")
    def _check_shape(self) -> Card:
        problem = name_problem(self.name) or shape_problem(
            self.type, self.cost, self.tags, self.starting_mc
        )
        if problem:
            raise ValueError(f"{self.name!r}: {problem}")
        return self

    @property
    def is_project(self) -> bool:
        return self.type in PROJECT_TYPES

    def dealt_with(self, expansions: Collection[Expansion]) -> bool:
        """Whether a game of these sets deals this card: its set is in, so are the sets it
        requires, and none that replaces it."""
        return (
            self.expansion in expansions
            and all(other in expansions for other in self.requires)
            and not any(other in expansions for other in self.replaced_by)
        )


def name_problem(name: str) -> str | None:
    """What is wrong with a card's name, as a sentence (an engine's text), or None."""
    if not name:
        return N_("the name is missing")
    if name != name.strip():
        return N_("a name may not begin or end with a space")
    if len(name) > MAX_NAME_LENGTH:
        return N_("a name may be at most {most} characters long").format(most=MAX_NAME_LENGTH)
    if any(unicodedata.category(char).startswith("C") for char in name):
        return N_("a name may not contain control characters")
    if not fold(name):
        return N_("a name needs a letter or a digit")
    return None


def shape_problem(
    type: CardType, cost: int | None, tags: tuple[Tag, ...], starting_mc: int | None
) -> str | None:
    """What is wrong with these facts for a card of this type, as a sentence (an engine's
    text), or None."""
    if type == "corporation":
        if starting_mc is None:
            return N_("a corporation needs its starting M€")
        if cost is not None:
            return N_("a corporation has no cost")
    elif starting_mc is not None:
        return N_("only a corporation has starting M€")
    if type in PROJECT_TYPES and cost is None:
        return N_("an {type} project card needs its cost").format(type=type)
    if type == "prelude" and cost is not None:
        return N_("a prelude has no cost")
    if cost is not None and not 0 <= cost <= MAX_COST:
        return N_("a cost must be between 0 and {most} M€").format(most=MAX_COST)
    if starting_mc is not None and not 0 <= starting_mc <= MAX_STARTING_MC:
        return N_("starting M€ must be between 0 and {most}").format(most=MAX_STARTING_MC)
    if len(tags) > MAX_TAGS:
        return N_("a card may have at most {most} tags").format(most=MAX_TAGS)
    events = tags.count("event")
    if type == "event" and events != 1:
        return N_("an event card carries the event tag once")
    if type != "event" and events:
        return N_("only an event card carries the event tag")
    return None


def fold(text: str) -> str:
    """`text` as names are compared when a person types them: accents dropped, case folded,
    everything but letters and digits ignored ("Inventors' Guild" and "inventors guild" fold
    the same), words joined by one space."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
    return " ".join("".join(char if char.isalnum() else " " for char in plain).split())
