"""Ready decks and the checking of a player's own list (PM-1).

A deck is 30 card keys. A player names a ready deck (`vanguard`) or gives 30 card names;
names are matched case-insensitively, ignoring spaces and hyphens, and an entry may carry a
count (`3x Scout`, `3 Scout`, `Scout x3`). Anything wrong comes back as a `DeckError`: a
refusal (`bad_deck`) whose template is one plain sentence (or two) a player can act on.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from games.core.errors import RuleError, typed
from games.core.speech import N_
from games.project_mars.card_details import CARDS

#: PLAYER DECK: a deck is 30 cards, up to 3 of them utility cards (PM-1).
DECK_SIZE = 30
MAX_UTILITY = 3
#: A deck as a player gives it: the name of a ready deck, or a list of 30 card names (PM-1).
DeckChoice = str | list[str]
#: How many unknown entries of a pasted list a refusal names.
UNKNOWN_SHOWN = 5


class DeckError(RuleError, ValueError):
    """A deck the rules do not accept: a refusal (`bad_deck`, its template marked for the
    catalogue) to the player who chose it, and a ValueError to the options that preset it."""

    def __init__(self, template: str, **values: object) -> None:
        super().__init__("bad_deck", template, **values)


@dataclass(frozen=True)
class ReadyDeck:
    key: str
    name: str
    #: How the deck plays, marked for the catalogue: the bot says it in the reader's language.
    strategy: str
    cards: dict[str, int]

    def keys(self) -> list[str]:
        return [key for key, copies in self.cards.items() for _ in range(copies)]


READY_DECKS: dict[str, ReadyDeck] = {
    deck.key: deck
    for deck in (
        ReadyDeck(
            "vanguard",
            "Vanguard",
            N_(
                "Infantry in the attack row, buffed by Medics and Siege Vehicles, behind solid "
                "guardians: win lanes and stack TPR."
            ),
            {
                "infantry": 6,
                "humvee": 3,
                "cyber-soldier": 2,
                "medic": 3,
                "siege-vehicle": 2,
                "strike-team": 3,
                "outpost": 3,
                "defense-turret": 3,
                "comms-station": 2,
                "favorable-conditions": 2,
                "top-secret-information": 1,
            },
        ),
        ReadyDeck(
            "machine-uprising",
            "Machine Uprising",
            N_(
                "Artificial cards: Sentinel pairs for +6, Cybernetics Labs and Comms Stations for "
                "PWR, Scouts and Drones to read the enemy's hand."
            ),
            {
                "sentinel": 6,
                "cyber-soldier": 3,
                "drone": 3,
                "android": 3,
                "scout": 3,
                "cybernetics-lab": 3,
                "comms-station": 2,
                "defense-system": 2,
                "outpost": 2,
                "sinkhole": 1,
                "top-secret-information": 1,
                "toxic-gas": 1,
            },
        ),
        ReadyDeck(
            "shadow-ops",
            "Shadow Ops",
            N_(
                "Control: traps on the enemy field, Snipers, Ballistic Missiles and Artillery to "
                "destroy what they build, sturdy guardians to win on PWR."
            ),
            {
                "landmine": 4,
                "spy": 3,
                "stealth-op": 2,
                "sniper": 3,
                "ballistic-missiles": 3,
                "artillery-cannon": 3,
                "defense-turret": 4,
                "outpost": 3,
                "research-station": 2,
                "emp-bomb": 1,
                "toxic-gas": 1,
                "sinkhole": 1,
            },
        ),
        ReadyDeck(
            "fortress",
            "Fortress",
            N_(
                "Buildings in the defence row: Outposts and Turrets for raw PWR, Comms Stations "
                "between them, Defense Systems against machines."
            ),
            {
                "outpost": 5,
                "defense-turret": 5,
                "comms-station": 3,
                "defense-system": 3,
                "ballistic-missiles": 2,
                "sniper": 2,
                "research-station": 1,
                "medic": 3,
                "infantry": 3,
                "emp-bomb": 1,
                "favorable-conditions": 1,
                "sinkhole": 1,
            },
        ),
    )
}
#: The deck a player gets when the deck phase closes before they chose (PM-D1).
DEFAULT_DECK = "vanguard"


def _squash(name: str) -> str:
    return re.sub(r"[\s_\-.'’]+", "", name.lower())


_BY_SQUASHED: dict[str, str] = {_squash(card.name): card.key for card in CARDS.values()}
#: The ways an entry carries a count, each with its groups named.
_COUNTED = (
    re.compile(r"^(?P<count>[0-9]+)\s*[x×*]?\s+(?P<name>.+)$", re.IGNORECASE),
    re.compile(r"^(?P<count>[0-9]+)\s*[x×*]\s*(?P<name>.+)$", re.IGNORECASE),
    re.compile(r"^(?P<name>.+?)\s+[x×*]\s*(?P<count>[0-9]+)$", re.IGNORECASE),
)


def card_key(name: str) -> str | None:
    """The key of the card called `name` (any case, spaces or hyphens), or None."""
    return _BY_SQUASHED.get(_squash(name))


def _copies(count: str) -> int:
    """An entry's count, at most a whole deck's worth (a longer number is refused, not
    expanded)."""
    if len(count) > len(str(DECK_SIZE)) or int(count) > DECK_SIZE:
        raise DeckError(
            N_("A deck has {size} cards, so no entry counts {count} copies."),
            size=DECK_SIZE,
            count=typed(count),
        )
    return int(count)


def _entry(text: str) -> tuple[str, int]:
    """(name, copies) of one list entry such as `Scout`, `3x Scout`, `3 Scout`, `Scout x3`."""
    stripped = text.strip()
    for pattern in _COUNTED:
        found = pattern.match(stripped)
        if found:
            return found["name"].strip(), _copies(found["count"])
    return stripped, 1


def _suggest(name: str) -> str | None:
    """The card whose name is closest to `name`, if one is close."""
    close = difflib.get_close_matches(_squash(name), list(_BY_SQUASHED), n=1, cutoff=0.6)
    return CARDS[_BY_SQUASHED[close[0]]].name if close else None


def parse_deck_text(text: str) -> list[str]:
    """The entries of a pasted list: one per line or separated by commas or semicolons."""
    return [part for part in re.split(r"[\n,;]+", text) if part.strip()]


def check_deck(entries: list[str]) -> list[str]:
    """PM-1: the 30 card keys of a player's own list, or DeckError saying what is wrong."""
    keys: list[str] = []
    unknown: list[str] = []
    for entry in entries:
        name, copies = _entry(entry)
        key = card_key(name)
        if key is None:
            unknown.append(name)
            continue
        keys.extend([key] * copies)
    if unknown:
        _refuse_unknown(unknown)
    if len(keys) != DECK_SIZE:
        raise DeckError(
            N_("A deck has exactly {size} cards; this list has {count}."),
            size=DECK_SIZE,
            count=len(keys),
        )
    utility = Counter(key for key in keys if CARDS[key].kind == "utility")
    if sum(utility.values()) > MAX_UTILITY:
        listed = ", ".join(f"{n}x {CARDS[k].name}" for k, n in sorted(utility.items()))
        raise DeckError(
            N_("A deck may hold at most {most} utility cards; this one has {count} ({cards})."),
            most=MAX_UTILITY,
            count=sum(utility.values()),
            cards=listed,
        )
    return keys


def _refuse_unknown(unknown: list[str]) -> None:
    """The names of a list that are no card's, the first `UNKNOWN_SHOWN` quoted (with how
    many more), the cards whose names are close to them, and every card's name."""
    shown = ", ".join(typed(name) for name in unknown[:UNKNOWN_SHOWN])
    more = len(unknown) - UNKNOWN_SHOWN
    if more > 0:
        shown = N_("{names} and {more} more").format(names=shown, more=more)
    close = list(dict.fromkeys(c for c in map(_suggest, unknown[:UNKNOWN_SHOWN]) if c))
    known = ", ".join(card.name for card in CARDS.values())
    if close:
        raise DeckError(
            N_("There is no card called {names}. Did you mean {close}? The cards are: {known}."),
            names=shown,
            close=", ".join(close),
            known=known,
        )
    raise DeckError(
        N_("There is no card called {names}. The cards are: {known}."), names=shown, known=known
    )


def ready_deck(name: str) -> ReadyDeck | None:
    """The ready deck called `name` (its key or its name, any case), or None."""
    squashed = _squash(name)
    return next(
        (d for d in READY_DECKS.values() if squashed in (_squash(d.key), _squash(d.name))),
        None,
    )


def resolve_deck(choice: DeckChoice) -> tuple[str, list[str]]:
    """(deck name or `custom`, the 30 card keys) of a ready deck's name or a list of cards."""
    name, keys = _resolved(choice if isinstance(choice, str) else tuple(choice))
    return name, list(keys)


@lru_cache(maxsize=256)
def _resolved(choice: str | tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """`resolve_deck`, worked out once per deck: a state's options hold the preset decks,
    checked again each time a stored state is loaded. A refused deck is not kept."""
    if isinstance(choice, str):
        deck = ready_deck(choice)
        if deck is None:
            raise DeckError(
                N_("There is no ready deck called {name}; the ready decks are {decks}."),
                name=typed(choice),
                decks=", ".join(d.key for d in READY_DECKS.values()),
            )
        return deck.key, tuple(deck.keys())
    return "custom", tuple(check_deck(list(choice)))
