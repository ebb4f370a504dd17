"""The catalogue's look-ups: exact name, number, a name as typed, autocomplete search and
filters; the shape rules every card obeys; and the package's place beside the games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from games.registry import ENGINES
from games.tm_catalogue import (
    DEFAULT_EXPANSIONS,
    PROJECT_TYPES,
    SEARCH_LIMIT,
    Card,
    Catalogue,
    UnknownCard,
    builtin,
    builtin_source,
    fold,
)


def names(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [card.name for card in cards]


def project(name: str, cost: int = 5, tags: tuple[str, ...] = (), **fields: object) -> Card:
    return Card.model_validate(
        {"number": None, "name": name, "type": "automated", "expansion": "host", "cost": cost,
         "tags": tags, "starting_mc": None, **fields}
    )  # fmt: skip


def test_the_built_in_catalogue_is_read_once() -> None:
    assert builtin() is builtin()
    assert builtin_source().repository == "terraforming-mars/terraforming-mars"


def test_importing_the_package_reads_no_data_and_the_registry_passes_it_by() -> None:
    """The registry imports every package of games/; this one has no ENGINE, so it is no
    game, and importing it (as the registry does) does not read the card data."""
    script = (
        "import games.registry as r, games.tm_catalogue as t, games.tm_catalogue.catalogue as c;"
        "print('auction-auction' in r.ENGINES, hasattr(t, 'ENGINE'), c._builtin.cache_info())"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=root)
    assert done.stdout.strip() == (
        "True False CacheInfo(hits=0, misses=0, maxsize=None, currsize=0)"
    ), done.stderr
    assert not [e for e in ENGINES.values() if type(e).__module__.startswith("games.tm_catalogue")]


def test_exact_name_and_number() -> None:
    birds = builtin().get("Birds")
    assert birds is not None
    assert (birds.number, birds.type, birds.cost, birds.tags) == ("072", "active", 10, ("animal",))
    assert builtin().get("birds") is None
    assert "Birds" in builtin() and "birds" not in builtin()
    assert builtin().by_number("072") == birds
    prelude = builtin().by_number("P01")
    assert prelude is not None and (prelude.name, prelude.type) == ("Allied Bank", "prelude")
    assert builtin().by_number("72") is None
    corporation = builtin().get("CrediCor")
    assert corporation is not None
    assert (corporation.number, corporation.cost, corporation.starting_mc) == ("R08", None, 57)


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Inventors' Guild", "Inventors' Guild"),
        ("inventors guild", "Inventors' Guild"),
        ("INVENTORS GUILD", "Inventors' Guild"),
        ("  ceo’s favorite   project ", "CEO's Favorite Project"),
        ("anti gravity technology", "Anti-Gravity Technology"),
        ("Ecolíne", "Ecoline"),
        ("thorgate", "Thorgate"),
    ],
)
def test_a_name_as_typed(typed: str, name: str) -> None:
    card = builtin().match(typed)
    assert card is not None and card.name == name
    assert builtin().find(typed).name == name


def test_an_unknown_name_is_refused_with_the_nearest_names() -> None:
    with pytest.raises(UnknownCard) as caught:
        builtin().find("Ganymed colony")
    assert caught.value.code == "unknown_card"
    assert caught.value.message == (
        "There is no card called 'Ganymed colony' in the catalogue. Did you mean Ganymede Colony?"
    )
    with pytest.raises(UnknownCard) as caught:
        builtin().find("Mining")
    assert caught.value.message == (
        "There is no card called 'Mining' in the catalogue. "
        "Did you mean Mining Area, Mining Colony or Mining Expedition?"
    )
    with pytest.raises(UnknownCard) as caught:
        builtin().find("x" * 200)
    assert caught.value.message == (f"There is no card called '{'x' * 39}…' in the catalogue.")


def test_search_ranks_whole_name_then_start_then_word_then_inside() -> None:
    assert names(builtin().search("asteroid"))[:5] == [
        "Asteroid",
        "Asteroid Deflection System",
        "Asteroid Hollowing",
        "Asteroid Mining",
        "Asteroid Mining Consortium",
    ]
    assert names(builtin().search("asteroid", expansions=DEFAULT_EXPANSIONS))[:5] == [
        "Asteroid",
        "Asteroid Mining",
        "Asteroid Mining Consortium",
        "Aerobraked Ammonia Asteroid",
        "Beam From A Thorium Asteroid",
    ]
    assert names(builtin().search("gan")) == [
        "Ganymede Colony",
        "Terraforming Ganymede",
        "Designed Microorganisms",
        "Focused Organization",
    ]
    assert names(builtin().search("guild")) == ["Inventors' Guild", "Mining Guild"]


def test_search_ignores_case_accents_spaces_and_punctuation() -> None:
    assert names(builtin().search("ÍO MIN")) == ["Io Mining Industries"]
    assert names(builtin().search("inventorsgu")) == ["Inventors' Guild"]
    assert names(builtin().search("ceo's")) == ["CEO's Favorite Project"]
    assert names(builtin().search("anti-grav")) == ["Anti-Gravity Technology"]
    assert builtin().search("zzz") == []
    assert builtin().search("!!!")[:1] == builtin().search("")[:1]


def test_search_limits_and_filters() -> None:
    everything = builtin().search("")
    assert len(everything) == SEARCH_LIMIT == 25
    assert names(everything) == sorted(names(everything), key=str.casefold)
    assert len(builtin().search("", limit=1000)) == len(builtin()) == 546
    assert names(builtin().search("a", limit=2)) == ["Acquired Company", "Acquired Space Agency"]
    preludes = builtin().search("mining", types={"prelude"})
    assert names(preludes) == ["Mining Operations", "Galilean Mining", "Old Mining Colony"]
    corpera = builtin().search("space", expansions={"corpera"})
    assert names(corpera) == ["Space Elevator", "Space Station"]
    assert builtin().search("birds", expansions={"prelude"}) == []


def test_select_by_expansion_and_type() -> None:
    corporations = builtin().select(types={"corporation"})
    assert len(corporations) == 49
    assert len(builtin().select(expansions=DEFAULT_EXPANSIONS, types={"corporation"})) == 18
    assert len(builtin().select(expansions={"venus"}, types=PROJECT_TYPES)) == 49
    assert len(builtin().select(expansions={"base", "corpera"}, types=PROJECT_TYPES)) == 208
    assert len(builtin().select(expansions={"prelude"}, types={"prelude"})) == 35
    assert len(builtin().select(expansions={"prelude"}, types=PROJECT_TYPES)) == 7
    assert builtin().select() == builtin().cards
    assert builtin().select(expansions={"host"}) == ()
    numbers = [card.number or "" for card in builtin().select(types={"event"})]
    assert numbers == sorted(numbers)


def test_a_catalogue_refuses_the_same_name_or_number_twice() -> None:
    with pytest.raises(ValueError, match="'Birds' and 'birds' are the same name"):
        Catalogue([project("Birds"), project("birds")])
    with pytest.raises(ValueError, match="'A' and 'B' both have 001"):
        Catalogue([project("A", number="001"), project("B", number="001")])
    assert len(Catalogue([project("A"), project("B")])) == 2


def test_fold() -> None:
    assert fold("Inventors' Guild") == "inventors guild"
    assert fold("  Ÿ-Wing\tÉCLAIR ") == "y wing eclair"
    assert fold("ß") == "ss"
    assert fold("—") == ""


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"type": "corporation", "cost": None}, "a corporation needs its starting M€"),
        ({"type": "corporation", "starting_mc": 40}, "a corporation has no cost"),
        ({"starting_mc": 40}, "only a corporation has starting M€"),
        ({"cost": None}, "an automated project card needs its cost"),
        ({"type": "prelude"}, "a prelude has no cost"),
        ({"cost": 101}, "a cost must be between 0 and 100 M€"),
        ({"cost": -1}, "a cost must be between 0 and 100 M€"),
        ({"type": "corporation", "cost": None, "starting_mc": 101}, "between 0 and 100"),
        ({"tags": ("space",) * 9}, "a card may have at most 8 tags"),
        ({"type": "event"}, "an event card carries the event tag once"),
        ({"type": "event", "tags": ("event", "event")}, "carries the event tag once"),
        ({"tags": ("event",)}, "only an event card carries the event tag"),
        ({"name": ""}, "the name is missing"),
        ({"name": " Birds"}, "a name may not begin or end with a space"),
        ({"name": "x" * 61}, "a name may be at most 60 characters long"),
        ({"name": "Bi\x00rds"}, "a name may not contain control characters"),
        ({"name": "+++"}, "a name needs a letter or a digit"),
        ({"tags": ("venuss",)}, "Input should be 'building'"),
        ({"type": "green"}, "Input should be 'corporation'"),
    ],
)
def test_a_card_that_breaks_the_shape_rules_cannot_exist(
    fields: dict[str, object], problem: str
) -> None:
    base = {"name": "Odd", "cost": 5}
    with pytest.raises(ValidationError, match=problem):
        project(**{**base, **fields})  # type: ignore[arg-type]


def test_cards_are_frozen_values() -> None:
    card = project("Odd", tags=("wild", "wild"))
    with pytest.raises(ValidationError):
        card.cost = 6  # type: ignore[misc]
    assert card == project("Odd", tags=("wild", "wild"))
    assert hash(card) == hash(project("Odd", tags=("wild", "wild")))
    assert card.is_project and not builtin().select(types={"prelude"})[0].is_project


def test_complete_finishes_the_last_name_of_a_list() -> None:
    """The autocomplete of a `;`-separated list: the names before the last kept as typed
    (trimmed), the cards they name left out, the whole list the suggestion, and no list
    longer than Discord fills in."""
    catalogue = builtin()
    assert [text for text, _ in catalogue.complete("arctic al")] == ["Arctic Algae"]
    found = catalogue.complete(" Birds ;arctic al", types=["active", "automated", "event"])
    assert [(text, card.name) for text, card in found] == [("Birds; Arctic Algae", "Arctic Algae")]
    assert catalogue.complete("Arctic Algae; arctic al") == [], "a card is named once"
    long = "; ".join(["Arctic Algae", "Asteroid", "Big Asteroid", "Comet", "Deimos Down"] * 2)
    long += "; Bir"
    assert catalogue.complete(long) == []
    assert catalogue.complete("a;b", separator=None) == catalogue.complete("a;b", separator="|")
    assert len(catalogue.complete("", limit=5)) == 5
