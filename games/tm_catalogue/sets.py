"""The sets a Terraforming Mars match deals from, as a host chooses them (`sets:`): read from
what they type (`parse_sets`: "base, corpera, venus" or the sets' titles, "Venus Next"),
suggested as they type (`complete_sets`), and checked where options are read (`Sets`).

A match's options keep the sets as `expansions`, a list of the catalogue's expansion names;
a match stored before the option existed has none and deals from `DEFAULT_EXPANSIONS`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from games.core.drawing.words import Listed, listed
from games.core.errors import RuleError, typed
from games.core.speech import N_, engine_words
from games.tm_catalogue.model import (
    BUILT_IN_EXPANSIONS,
    EXPANSION_TITLES,
    Expansion,
    fold,
)

#: What separates the sets a host types.
SEPARATOR = ","
#: Each set by its name and by its title, as typed (folded): `venus`, `venus next`.
_NAMED: dict[str, Expansion] = {
    fold(word): expansion
    for expansion in BUILT_IN_EXPANSIONS
    for word in (expansion, EXPANSION_TITLES[expansion])
} | {"promos": "promo", "promo cards": "promo", "corporate era": "corpera"}


class UnknownSet(RuleError):
    """A set name that is none of the built-in sets (code `unknown_set`)."""


def set_names() -> Listed:
    """The sets, as a refusal lists them: "base (base game), corpera (Corporate Era), …"."""
    return Listed(
        tuple(
            name
            if fold(name) == fold(EXPANSION_TITLES[name])
            else f"{name} ({EXPANSION_TITLES[name]})"
            for name in BUILT_IN_EXPANSIONS
        )
    )


def sets_title(expansions: list[Expansion]) -> str:
    """The sets as a sentence names them, in the language in force: "base game, Corporate Era
    and Venus Next" (the printed names as printed)."""
    return listed([engine_words(EXPANSION_TITLES[expansion]) for expansion in expansions])


def parse_sets(text: str) -> list[Expansion]:
    """The sets `text` names, separated by commas, in the catalogue's order; UnknownSet for a
    name that is no set, or for none at all."""
    found: set[Expansion] = set()
    for part in text.split(SEPARATOR):
        if not fold(part):
            continue
        expansion = _NAMED.get(fold(part))
        if expansion is None:
            raise UnknownSet(
                "unknown_set",
                N_("There is no set called {typed}. The sets are {sets}, separated by commas."),
                typed=typed(part.strip()),
                sets=set_names(),
            )
        found.add(expansion)
    if not found:
        raise UnknownSet("unknown_set", N_("Name at least one set: {sets}."), sets=set_names())
    return [expansion for expansion in BUILT_IN_EXPANSIONS if expansion in found]


def complete_sets(text: str) -> list[str]:
    """Autocomplete of a list of sets as a host types it: the last name completed to each set
    it may start, the names before it kept (a name that is no set offers nothing)."""
    head, _, last = text.rpartition(SEPARATOR)
    try:
        before = parse_sets(head) if fold(head) else []
    except UnknownSet:
        return []
    prefix = "".join(f"{name}{SEPARATOR} " for name in before)
    return [
        prefix + name
        for name in BUILT_IN_EXPANSIONS
        if name not in before
        and any(fold(word).startswith(fold(last)) for word in (name, EXPANSION_TITLES[name]))
    ]


def _checked(expansions: list[Expansion]) -> list[Expansion]:
    if not expansions:
        raise ValueError("name at least one set")
    if len(set(expansions)) != len(expansions):
        raise ValueError("each set may be listed once")
    if "host" in expansions:
        raise ValueError("a host's own cards come with their list, not as a set")
    return expansions


#: A match option: the built-in sets it deals from, each once (a host's own list is no set).
Sets = Annotated[list[Expansion], AfterValidator(_checked)]
