"""The catalogue: a set of cards with the look-ups games need — by exact name, by number, by a
name as a person types it, search for autocomplete, and filters by expansion and type.

The built-in catalogue (`builtin()`) is read once from the package's `cards.json` and kept;
the search keys of every card are computed when a catalogue is made, so a search (one per
keystroke of an autocomplete) only compares strings.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Iterator
from difflib import get_close_matches
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict

from games.core.drawing.words import Listed
from games.core.errors import RuleError, typed
from games.core.speech import N_
from games.tm_catalogue.model import Card, CardType, Expansion, fold

DATA = "cards.json"
#: Discord offers at most 25 autocomplete choices, and fills in at most 100 characters.
SEARCH_LIMIT = 25
COMPLETION_LENGTH = 100


class Source(BaseModel):
    """Where the built-in card facts were extracted from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    repository: str
    commit: str


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    source: Source
    cards: tuple[Card, ...]


class UnknownCard(RuleError):
    """A name that is no card of the catalogue (code `unknown_card`): a rule error, so an
    engine that looks up a card a move names may let it through to the player."""


class Catalogue:
    """Cards with unique names (also when folded: no two cards differ only in case, accents or
    punctuation) and unique numbers, in the order given. A game of some expansions deals a
    card of those (`Card.dealt_with`), and with `host` every card a host's list names."""

    def __init__(self, cards: Iterable[Card], hosted: Iterable[str] = ()) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        #: The names a host's list gives (`parse_host_list`): its own cards and the
        #: catalogue's it names, all dealt with the expansion `host`.
        self.hosted = frozenset(hosted)
        self._by_name: dict[str, Card] = {}
        self._by_folded: dict[str, Card] = {}
        self._by_number: dict[str, Card] = {}
        for card in self.cards:
            folded = fold(card.name)
            other = self._by_folded.get(folded)
            if other:
                raise ValueError(f"{other.name!r} and {card.name!r} are the same name")
            if card.number is not None and card.number in self._by_number:
                other = self._by_number[card.number]
                raise ValueError(f"{other.name!r} and {card.name!r} both have {card.number}")
            self._by_name[card.name] = self._by_folded[folded] = card
            if card.number is not None:
                self._by_number[card.number] = card
        #: Per card, its folded name without spaces and where each of its words starts in it.
        self._keys = [_search_key(card.name) for card in self.cards]
        self._alphabetical = sorted(
            range(len(self.cards)), key=lambda i: (self.cards[i].name.casefold(), i)
        )

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def get(self, name: str) -> Card | None:
        """The card with exactly this name, or None."""
        return self._by_name.get(name)

    def by_number(self, number: str) -> Card | None:
        """The card with this printed number ("001", "P01", "R08"), or None."""
        return self._by_number.get(number)

    def match(self, text: str) -> Card | None:
        """The card `text` names, as a person may type it: the exact name, or the name in
        another case, without its accents or punctuation ("inventors guild"); or None."""
        return self._by_name.get(text) or self._by_folded.get(fold(text))

    def find(self, text: str) -> Card:
        """`match`, raising UnknownCard (with up to three names it may have meant) when no
        card is named so."""
        card = self.match(text)
        if card:
            return card
        nearest = [card.name for card in self.search(text, limit=3)] or [
            self._by_folded[name].name
            for name in get_close_matches(fold(text), self._by_folded, n=3, cutoff=0.75)
        ]
        if nearest:
            raise UnknownCard(
                "unknown_card",
                N_("There is no card called {typed} in the catalogue. Did you mean {names}?"),
                typed=typed(text),
                names=Listed(tuple(nearest), "or"),
            )
        raise UnknownCard(
            "unknown_card",
            N_("There is no card called {typed} in the catalogue."),
            typed=typed(text),
        )

    def _dealt(self, card: Card, expansions: Collection[Expansion] | None) -> bool:
        return (
            expansions is None
            or card.dealt_with(expansions)
            or ("host" in expansions and card.name in self.hosted)
        )

    def select(
        self,
        *,
        expansions: Collection[Expansion] | None = None,
        types: Collection[CardType] | None = None,
    ) -> tuple[Card, ...]:
        """The cards of these types (None: any) that a game of these expansions deals (None:
        every card; `Card.dealt_with`), in catalogue order."""
        return tuple(
            card
            for card in self.cards
            if self._dealt(card, expansions) and (types is None or card.type in types)
        )

    def search(
        self,
        query: str,
        *,
        limit: int = SEARCH_LIMIT,
        expansions: Collection[Expansion] | None = None,
        types: Collection[CardType] | None = None,
    ) -> list[Card]:
        """Cards whose name matches `query` ignoring case, accents, spaces and punctuation,
        best first: the whole name, then names that start with it, then names with a word
        that starts with it, then names that contain it; alphabetical within each. An empty
        query lists cards alphabetically. At most `limit` cards, of these types and dealt in
        a game of these expansions (None: any; `Card.dealt_with`)."""
        wanted = fold(query).replace(" ", "")
        ranks: tuple[list[Card], ...] = ([], [], [], [])
        for index in self._alphabetical:
            card = self.cards[index]
            compact, starts = self._keys[index]
            if (
                wanted not in compact
                or not self._dealt(card, expansions)
                or (types is not None and card.type not in types)
            ):
                continue
            if compact == wanted:
                ranks[0].append(card)
            elif compact.startswith(wanted):
                ranks[1].append(card)
            elif any(compact.startswith(wanted, start) for start in starts):
                ranks[2].append(card)
            else:
                ranks[3].append(card)
        return [card for rank in ranks for card in rank][:limit]

    def complete(
        self,
        text: str,
        *,
        separator: str | None = ";",
        expansions: Collection[Expansion] | None = None,
        types: Collection[CardType] | None = None,
        limit: int = SEARCH_LIMIT,
        longest: int = COMPLETION_LENGTH,
    ) -> list[tuple[str, Card]]:
        """Autocomplete of a list of card names as a person types it: the last name (after the
        last `separator`; with none, the whole text) searched as `search` does, and each
        suggestion the whole list with it completed, with its card. The names before it are
        kept (written `a; b; `), the cards they name are left out, and a list longer than
        `longest` characters is not suggested (Discord fills in 100: a longer list is typed
        in full). At most `limit` suggestions, of these types and expansions (None: any), as
        `search` gives them."""
        head, _, last = text.rpartition(separator) if separator else ("", "", text)
        before = [part.strip() for part in head.split(separator)] if separator else []
        before = [part for part in before if part]
        prefix = "".join(f"{part}{separator} " for part in before)
        taken = {fold(part) for part in before}
        found: list[tuple[str, Card]] = []
        found_cards = self.search(
            last, limit=limit + len(taken), expansions=expansions, types=types
        )
        for card in found_cards:
            completed = prefix + card.name
            if fold(card.name) not in taken and len(completed) <= longest:
                found.append((completed, card))
        return found[:limit]


def _search_key(name: str) -> tuple[str, frozenset[int]]:
    words = fold(name).split()
    starts, at = set(), 0
    for word in words:
        starts.add(at)
        at += len(word)
    return "".join(words), frozenset(starts)


def loads(text: str) -> tuple[Source, tuple[Card, ...]]:
    """The source and cards of a catalogue data file's text."""
    data = _Data.model_validate_json(text)
    return data.source, data.cards


def dumps(source: Source, cards: Iterable[Card]) -> str:
    """The data file's text: the source, then one card a line, so that a change of one card
    is one line of a diff. The build script writes it; loading and dumping gives it back."""
    lines = [
        json.dumps(card.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False)
        for card in cards
    ]
    head = json.dumps(source.model_dump(mode="json"), ensure_ascii=False)
    return f'{{"source": {head},\n "cards": [\n  ' + ",\n  ".join(lines) + "\n]}\n"


@cache
def _builtin() -> _Data:
    text = resources.files(__package__).joinpath(DATA).read_text(encoding="utf-8")
    return _Data.model_validate_json(text)


def builtin_source() -> Source:
    """Where the built-in cards were extracted from (repository and commit)."""
    return _builtin().source


def printed_number(name: str) -> str | None:
    """The printed number of the built-in card with exactly this name, so a table can find
    the physical card; None for a card of a host's list or written out."""
    card = builtin().get(name)
    return card.number if card else None


def numbered(name: str) -> str:
    """A card's name with its printed number beside it, "Venus Governor (255)", as cards are
    listed (menus, boards, settlements); the name alone when it has no number."""
    number = printed_number(name)
    return f"{name} ({number})" if number else name


@cache
def builtin() -> Catalogue:
    """Every corporation, prelude and project card of the official sets (`BUILT_IN_EXPANSIONS`:
    the base game, Corporate Era, Prelude, Venus Next, Colonies, Turmoil, Prelude 2 and the
    promos), read from the package data once and kept."""
    return Catalogue(_builtin().cards)
