"""The built-in catalogue's data (games/tm_catalogue/cards.json): its integrity, its totals per
expansion and type, a cross-check against the reference facts kept for tests, and the card
names the rulebooks use."""

from __future__ import annotations

import json
import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from games.tm_catalogue import TAGS, Card, builtin, fold
from games.tm_catalogue.catalogue import DATA, dumps, loads

#: The project's shared documents beside the repository (`../shared`, as the issues cite them):
#: the rulebooks and reference facts for tests, which the project may not copy. The tests that
#: read them are skipped where they are not at hand.
SHARED = Path(__file__).resolve().parents[3] / "shared"
REFERENCE = SHARED / "data" / "tm-cards.json"
RULES = SHARED / "rules"
#: The tags the issue lists; the built-in sets print no other (venus, moon… are later sets').
BUILT_IN_TAGS = {
    "building", "space", "science", "power", "earth", "jovian",
    "plant", "microbe", "animal", "city", "event", "wild",
}  # fmt: skip


def cards() -> tuple[Card, ...]:
    return builtin().cards


def test_the_file_is_as_the_build_script_writes_it() -> None:
    """The build script writes through `dumps`; the committed file is byte for byte what
    `dumps` gives for its own contents, so it was not edited by hand into another form (the
    source repository is not at hand in CI to run the script itself)."""
    text = resources.files("games.tm_catalogue").joinpath(DATA).read_text(encoding="utf-8")
    source, loaded = loads(text)
    assert dumps(source, loaded) == text
    assert source.repository == "terraforming-mars/terraforming-mars"
    assert re.fullmatch(r"[0-9a-f]{40}", source.commit)
    numbers = [card.number or "" for card in loaded]
    assert numbers == sorted(numbers)


def test_numbers_and_names_are_unique() -> None:
    assert len({card.number for card in cards()}) == len(cards()) == 268
    assert len({card.name for card in cards()}) == 268
    assert len({fold(card.name) for card in cards()}) == 268


def test_numbers_are_the_printed_ones() -> None:
    """Base game and Corporate Era projects share 001-208; Prelude numbers its preludes P01-P35
    and its projects P36-P42; corporations are R-numbered."""
    by_kind: dict[str, set[str]] = {"project": set(), "prelude": set(), "corporation": set()}
    for card in cards():
        by_kind["project" if card.is_project else card.type].add(card.number or "")
    assert by_kind["project"] == {f"{n:03d}" for n in range(1, 209)} | {
        f"P{n}" for n in range(36, 43)
    }
    assert by_kind["prelude"] == {f"P{n:02d}" for n in range(1, 36)}
    assert all(re.fullmatch(r"R\d\d", number) for number in by_kind["corporation"])


def test_tags_and_types_are_known() -> None:
    used = Counter(tag for card in cards() for tag in card.tags)
    assert set(used) == BUILT_IN_TAGS
    assert set(TAGS[:12]) == BUILT_IN_TAGS
    assert used["wild"] == 2  # Research Network (prelude), Research Coordination (P40)
    assert {card.type for card in cards()} == {
        "corporation", "prelude", "automated", "active", "event",
    }  # fmt: skip


def test_costs_and_starting_mc() -> None:
    costs = [card.cost for card in cards() if card.is_project]
    assert all(cost is not None and 0 <= cost <= 100 for cost in costs)
    dearest = max(cards(), key=lambda card: card.cost or 0)
    assert (dearest.name, dearest.cost) == ("Io Mining Industries", 41)
    assert min(cost or 0 for cost in costs) == 0  # Indentured Workers
    for card in cards():
        if card.type == "corporation":
            assert card.cost is None and card.starting_mc is not None, card
            assert 23 <= card.starting_mc <= 60, card  # PhoboLog 23 ... Teractor 60
        else:
            assert card.starting_mc is None, card
        if card.type == "prelude":
            assert card.cost is None, card


def test_event_cards_carry_the_event_tag() -> None:
    for card in cards():
        assert card.tags.count("event") == (card.type == "event"), card


def test_totals_per_expansion_and_type() -> None:
    """Base game: 137 projects and 11 corporations (Beginner Corporation among them);
    Corporate Era: 71 projects and 2 corporations (137 + 71 = 208); Prelude: 35 preludes,
    7 projects and 5 corporations."""
    assert Counter((card.expansion, card.type) for card in cards()) == {
        ("base", "automated"): 80,
        ("base", "active"): 33,
        ("base", "event"): 24,
        ("base", "corporation"): 11,
        ("corpera", "automated"): 32,
        ("corpera", "active"): 26,
        ("corpera", "event"): 13,
        ("corpera", "corporation"): 2,
        ("prelude", "prelude"): 35,
        ("prelude", "automated"): 5,
        ("prelude", "active"): 1,
        ("prelude", "event"): 1,
        ("prelude", "corporation"): 5,
    }


def test_starting_mc_of_every_corporation() -> None:
    assert {card.name: card.starting_mc for card in builtin().select(types={"corporation"})} == {
        "Beginner Corporation": 42, "CrediCor": 57, "Ecoline": 36, "Helion": 42,
        "Interplanetary Cinematics": 30, "Inventrix": 45, "Mining Guild": 30, "PhoboLog": 23,
        "Tharsis Republic": 40, "Thorgate": 48, "United Nations Mars Initiative": 40,
        "Saturn Systems": 42, "Teractor": 60, "Cheung Shing MARS": 44, "Point Luna": 38,
        "Robinson Industries": 47, "Valley Trust": 37, "Vitor": 48,
    }  # fmt: skip


#: Where the reference file (extracted by another script from the same commit) is wrong,
#: checked against the source: it cuts a name at an escaped apostrophe; it has no cost for
#: the cards that take their cost as a constructor default (cards Ares shares), and no entry
#: for the cards whose facts come through a parent class (Mining Area, Mining Rights); it keeps
#: the source's "88" for Heather, printed 088.
REFERENCE_NAMES = {"Inventors\\": "Inventors' Guild", "CEO\\": "CEO's Favorite Project"}
REFERENCE_WITHOUT_COST = {"Nuclear Zone": 10, "Ecological Zone": 12}
REFERENCE_NUMBERS = {"Heather": ("88", "088")}
NOT_IN_REFERENCE = {"Mining Area", "Mining Rights"}


@pytest.mark.skipif(not REFERENCE.is_file(), reason=f"{REFERENCE} is not here")
def test_projects_agree_with_the_reference_facts() -> None:
    """Every base, Corporate Era and Prelude project card of the reference file (tests only)
    has the same number, cost, tags and type here, but for the reference's known defects;
    none of its cards of other expansions is here."""
    reference = json.loads(REFERENCE.read_text(encoding="utf-8"))["cards"]
    ours = builtin()
    compared = set()
    for fact in reference:
        if fact["module"] not in ("base", "prelude"):
            assert ours.match(fact["name"]) is None, fact
            continue
        card = ours.get(REFERENCE_NAMES.get(fact["name"], fact["name"]))
        assert card is not None, fact
        compared.add(card.name)
        expansions = {"prelude"} if fact["module"] == "prelude" else {"base", "corpera"}
        assert card.expansion in expansions, fact
        theirs, printed = REFERENCE_NUMBERS.get(card.name, (fact["number"], fact["number"]))
        assert (fact["number"], card.number) == (theirs, printed), fact
        if card.name in REFERENCE_WITHOUT_COST:
            assert (fact["cost"], card.cost) == (None, REFERENCE_WITHOUT_COST[card.name])
        else:
            assert card.cost == fact["cost"], fact
        assert (card.tags, card.type) == (tuple(fact["tags"]), fact["type"]), fact
    projects = {card.name for card in ours if card.is_project}
    assert projects - compared == NOT_IN_REFERENCE
    assert len(compared) == 213


#: Cards the rulebooks name, with the file that names them. Those of the base game, Corporate
#: Era and Prelude are in the catalogue under the rulebooks' spelling (the source spells
#: Thorgate `ThorGate`; the build script takes the rulebook's).
RULEBOOK_NAMES = {
    "marsbot-corporations.en.md": [
        "CrediCor", "Ganymede Colony", "Asteroid Mining Consortium", "Space Station",
        "Saturn Systems", "Ecoline", "Teractor", "Point Luna", "Tharsis Republic", "Thorgate",
        "Cheung Shing MARS", "Valley Trust",
    ],
}  # fmt: skip
#: Cards the rulebooks name from other expansions, which a host's list may add: Venus Next
#: (Venus Governor, Celestic, Aphrodite), Colonies (Aridor, Arklight), Turmoil (Lakefront
#: Resorts, Pristar, Utopia Invest, TerraLabs Research — "Terralab" in mars-auction-variant.md,
#: "Terralabs" in RULINGS L18), promos (Pharmacy Union, Splice, Astrodrill, Recyclon, Kuiper
#: Cooperative, Tycho Magnetics), Prelude 2 (Ecotec, Palladin Shipping, Spire).
OTHER_EXPANSIONS = {
    "marsbot-corporations.en.md": [
        "Venus Governor", "Celestic", "Aphrodite", "Aridor", "Arklight", "Lakefront Resorts",
        "Pristar", "Utopia Invest", "Pharmacy Union", "Splice", "Astrodrill", "Recyclon",
        "Spire", "Kuiper Cooperative", "Ecotec", "Palladin Shipping", "Tycho Magnetics",
    ],
    "mars-auction-variant.md": ["Terralab"],
}  # fmt: skip


def test_the_rulebooks_names_are_the_catalogues() -> None:
    for names in RULEBOOK_NAMES.values():
        for name in names:
            assert builtin().get(name) is not None, name
    for names in OTHER_EXPANSIONS.values():
        for name in names:
            assert builtin().match(name) is None, name
            assert not builtin().search(name), name


@pytest.mark.skipif(not RULES.is_dir(), reason=f"{RULES} is not here")
def test_the_rulebooks_write_those_names() -> None:
    for listing in (RULEBOOK_NAMES, OTHER_EXPANSIONS):
        for file, names in listing.items():
            text = (RULES / file).read_text(encoding="utf-8")
            assert [name for name in names if name not in text] == [], file
