"""The displays (RULINGS.md §2, "At the beginning of the game" and "In the research phase of
the game"): the catalogue a match deals from, a display entered by name or dealt, and laid out
numbered in the rulebook's order (L1)."""

from __future__ import annotations

from functools import lru_cache

from games.core.errors import RuleError
from games.mars_auction.events import (
    Chosen,
    DealtCard,
    DisplayDealt,
)
from games.mars_auction.model import (
    KINDS,
    RESEARCH_PER_PLAYER,
    SETUP_PER_PLAYER,
    DisplayCard,
    Kind,
    State,
    kind_of,
)
from games.mars_auction.table import Board
from games.tm_catalogue import (
    DEFAULT_EXPANSIONS,
    Card,
    Catalogue,
    Expansion,
    builtin,
    parse_host_list,
)

#: Not dealt at random: the rulebook's beginners' corporation has no place in an auction.
NOT_DEALT = frozenset({"Beginner Corporation"})


@lru_cache(maxsize=16)
def catalogue_for(cards_csv: str | None) -> Catalogue:
    """The built-in catalogue, with a host's own cards when given (MA-D8). A list that names
    a card of a set built in later (Venus Next, Colonies, Turmoil, Prelude 2, promos) with
    other facts was accepted when the catalogue held the default sets alone, and is read as
    it was then: against those sets, its cards its own (a match stored before still loads;
    a list uploaded now is checked against the whole catalogue by the bot first)."""
    if cards_csv is None:
        return builtin()
    try:
        return parse_host_list(cards_csv)
    except ValueError:
        pass
    try:
        return parse_host_list(
            cards_csv, Catalogue(builtin().select(expansions=DEFAULT_EXPANSIONS))
        )
    except ValueError as error:
        raise ValueError(f"Invalid options: cards_csv: {error}") from None


def named_display(
    state: State, catalogue: Catalogue, names: list[str], *, setup: bool
) -> list[Card]:
    """A display entered by name, in L1 order: its counts per kind and order checked."""
    cards: list[Card] = []
    for name in names:
        found = catalogue.match(name)
        if found is None:
            catalogue.find(name)  # raises, naming what may have been meant
            raise AssertionError
        if found.name in state.dealt or any(c.name == found.name for c in cards):
            raise RuleError("dealt_twice", "{card} is dealt twice in this game.", card=found.name)
        cards.append(found)
    n = len(state.players)
    wanted: dict[Kind, int] = (
        {k: v * n for k, v in SETUP_PER_PLAYER.items()}
        if setup
        else {"company": 0, "prelude": 0, "project": RESEARCH_PER_PLAYER * n}
    )
    got = {k: sum(kind_of(c.type) == k for c in cards) for k in KINDS}
    if setup and got["prelude"] == 0:
        wanted["prelude"] = 0  # a game without the Prelude expansion (MA-D9)
    if got != wanted:
        # Counts alone, every kind's: a language words them without picking plural forms.
        raise RuleError(
            "display_size",
            "A display for {players} players holds {companies} companies, {preludes} preludes "
            "and {projects} projects; these names hold {named_companies}, {named_preludes} and "
            "{named_projects}.",
            players=n,
            companies=wanted["company"],
            preludes=wanted["prelude"],
            projects=wanted["project"],
            named_companies=got["company"],
            named_preludes=got["prelude"],
            named_projects=got["project"],
        )
    kinds = [KINDS.index(kind_of(c.type)) for c in cards]
    if kinds != sorted(kinds):
        raise RuleError(
            "display_order", "List the display in the order companies, preludes, projects."
        )
    return cards


@lru_cache(maxsize=16)
def dealable(
    catalogue: Catalogue, expansions: frozenset[Expansion]
) -> dict[Kind, tuple[Card, ...]]:
    """The catalogue's cards a match of these sets deals at random, by kind, in catalogue
    order (worked out once per catalogue and sets: every display is dealt from them)."""
    cards = catalogue.select(expansions=expansions)
    return {
        kind: tuple(c for c in cards if kind_of(c.type) == kind and c.name not in NOT_DEALT)
        for kind in KINDS
    }


def dealt_display(state: State, catalogue: Catalogue, per_player: dict[Kind, int]) -> list[Card]:
    """Cards dealt from the catalogue with the match's generator, none dealt twice."""
    dealable_ = dealable(catalogue, frozenset({*state.options.expansions, "host"}))
    dealt = set(state.dealt)
    cards: list[Card] = []
    for kind in KINDS:
        count = per_player.get(kind, 0) * len(state.players)
        if not count:
            continue
        pool = [c for c in dealable_[kind] if c.name not in dealt]
        if kind == "prelude" and not pool:
            continue  # no Prelude expansion: the setup has no preludes (MA-D9)
        if len(pool) < count:
            raise _short(kind, len(pool), count)
        cards += state.rng.shuffled(pool)[:count]
    return cards


def _short(kind: Kind, left: int, count: int) -> RuleError:
    """A catalogue too short for a display, by the kind it lacks."""
    if kind == "company":
        return RuleError(
            "catalogue_short",
            "The catalogue has {left} companies left to deal, not {count}.",
            left=left,
            count=count,
        )
    if kind == "prelude":
        return RuleError(
            "catalogue_short",
            "The catalogue has {left} preludes left to deal, not {count}.",
            left=left,
            count=count,
        )
    return RuleError(
        "catalogue_short",
        "The catalogue has {left} projects left to deal, not {count}.",
        left=left,
        count=count,
    )


def lay_out(
    board: Board, cards: list[Card], opener: tuple[Chosen, str | None] | None = None
) -> None:
    """L1: the display, numbered 1..N in the rulebook's order; `opener`: why its first
    player opens it (a research auction's `chosen` and `after`, L17)."""
    state = board.state
    state.display = [
        DisplayCard(
            number=number,
            name=card.name,
            kind=kind_of(card.type),
            cost=card.cost,
            starting_mc=card.starting_mc,
            tags=list(card.tags),
        )
        for number, card in enumerate(cards, 1)
    ]
    state.dealt += [card.name for card in cards]
    dealt = [
        DealtCard(
            number=c.number,
            name=c.name,
            kind=c.kind,
            cost=c.cost,
            starting_mc=c.starting_mc,
            tags=list(c.tags),
        )
        for c in state.display
    ]
    first = state.players[state.starter]
    if opener is None:
        board.public(
            DisplayDealt,
            auction=state.auction,
            generation=state.generation,
            first_player=first,
            cards=dealt,
        )
        return
    chosen, after = opener
    board.public(
        DisplayDealt,
        auction=state.auction,
        generation=state.generation,
        first_player=first,
        chosen=chosen,
        after=after,
        cards=dealt,
    )
