"""A host's own card list (CSV): what loads, and every refusal naming its line and column."""

from __future__ import annotations

import pytest

from games.tm_catalogue import Card, Catalogue, HostListError, builtin, parse_host_list
from games.tm_catalogue.host_list import MAX_ROWS

HEADER = "name,type,cost,tags,starting M€\n"


def added(catalogue: Catalogue) -> list[tuple[object, ...]]:
    return [
        (card.name, card.type, card.cost, card.tags, card.starting_mc, card.expansion)
        for card in catalogue.cards[len(builtin()) :]
    ]


def problems(text: str | bytes, base: Catalogue | None = None) -> list[str]:
    with pytest.raises(HostListError) as caught:
        parse_host_list(text, base)
    assert str(caught.value).startswith(caught.value.problems[0])
    return list(caught.value.problems)


def test_a_list_adds_its_cards_after_the_built_in_ones() -> None:
    """Cards of a set the catalogue does not hold are added; a line naming a built-in card
    with its facts (Venus Governor, Venus Next) adds nothing."""
    catalogue = parse_host_list(
        HEADER
        + "Moon Observatory,automated,4,moon+moon,\n"
        + "Selene Holdings,corporation,,plant moon,47\n"
        + "Comet for the Moon,event,11,space,\n"
        + "Venus Governor,automated,4,venus+venus,\n"
    )
    assert catalogue.cards[: len(builtin())] == builtin().cards
    assert added(catalogue) == [
        ("Moon Observatory", "automated", 4, ("moon", "moon"), None, "host"),
        ("Selene Holdings", "corporation", None, ("plant", "moon"), 47, "host"),
        ("Comet for the Moon", "event", 11, ("space", "event"), None, "host"),
    ]
    assert [card.name for card in catalogue.search("moon", expansions={"host"})] == [
        "Moon Observatory",
        "Comet for the Moon",
    ]
    assert catalogue.select(expansions={"host"}, types={"corporation"})[0].name == "Selene Holdings"
    assert catalogue.find("selene holdings").starting_mc == 47
    assert (
        catalogue.get("Moon Observatory") is not None and builtin().get("Moon Observatory") is None
    )


def test_the_columns_may_come_in_any_order_and_spelling() -> None:
    catalogue = parse_host_list(
        "Starting MC; TAGS ;Cost;Type;Name\n;Jovian Wild;12;Automated;Odd One\n"
    )
    assert added(catalogue) == [("Odd One", "automated", 12, ("jovian", "wild"), None, "host")]
    catalogue = parse_host_list(
        "name\tstarting_mc\ttype\tcost\ttags\nTabbed\t35\tcorporation\t\t\n"
    )
    assert added(catalogue) == [("Tabbed", "corporation", None, (), 35, "host")]


def test_bytes_with_a_byte_order_mark_blank_lines_quotes_and_trailing_commas() -> None:
    text = (
        "\ufeff" + HEADER + "\n"
        '"Odd, the Card",event,3,event+science,,,\r\n'
        "\n"
        "  Spaced  ,  active , 2 , plant ,\n"
    )
    catalogue = parse_host_list(text.encode("utf-8"))
    assert added(catalogue) == [
        ("Odd, the Card", "event", 3, ("event", "science"), None, "host"),
        ("Spaced", "active", 2, ("plant",), None, "host"),
    ]


def test_a_card_already_in_the_catalogue_with_the_same_facts_is_that_card() -> None:
    catalogue = parse_host_list(HEADER + "birds,Active,10,animal,\nOdd,prelude,,,\n")
    assert added(catalogue) == [("Odd", "prelude", None, (), None, "host")]
    assert catalogue.find("Birds") == builtin().get("Birds")
    assert len(parse_host_list(HEADER + "Birds,active,10,animal,\n")) == len(builtin())


def test_a_name_clashing_with_a_different_card_is_refused() -> None:
    assert problems(HEADER + "Birds,active,11,animal,\n") == [
        "line 2: 'Birds' is already in the catalogue (base game: active, cost 10, tags animal), "
        "and this line says active, cost 11, tags animal."
    ]
    assert problems(HEADER + "credicor,corporation,,,50\n") == [
        "line 2: 'credicor' is already in the catalogue (base game: corporation, no tags, "
        "starting M€ 57), and this line says corporation, no tags, starting M€ 50."
    ]
    assert problems(HEADER + "Odd,automated,1,,\n\nodd,automated,1,,\n") == [
        "line 4: 'odd' is already on line 2."
    ]


def test_a_list_may_be_added_to_another_catalogue() -> None:
    mine = parse_host_list(HEADER + "Odd,automated,1,,\n")
    assert problems(HEADER + "ODD,automated,2,,\n", mine) == [
        "line 2: 'ODD' is already in the catalogue (the host's list: automated, cost 1, no "
        "tags), and this line says automated, cost 2, no tags."
    ]
    only = parse_host_list(HEADER + "Even,automated,2,,\n", base=Catalogue([]))
    assert [card.name for card in only] == ["Even"]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("Odd,automated,abc,,", "line 2: the cost 'abc' is not a number."),
        ("Odd,automated,3.5,,", "line 2: the cost '3.5' is not a whole number."),
        ("Odd,automated,101,,", "line 2: the cost 101 is not between 0 and 100."),
        (
            "Odd,automated," + "9" * 5000 + ",,",
            "line 2: the cost 999999999999… is not between 0 and 100.",
        ),
        ("Odd,automated,-1,,", "line 2: the cost -1 is not between 0 and 100."),
        ("Odd,automated,,,", "line 2: an automated project card needs its cost."),
        ("Odd,corporation,,,", "line 2: a corporation needs its starting M€."),
        ("Odd,corporation,5,,40", "line 2: a corporation has no cost."),
        ("Odd,corporation,,,many", "line 2: the starting M€ 'many' is not a number."),
        ("Odd,corporation,,,101", "line 2: the starting M€ 101 is not between 0 and 100."),
        ("Odd,prelude,,,5", "line 2: only a corporation has starting M€."),
        ("Odd,prelude,3,,", "line 2: a prelude has no cost."),
        ("Odd,active,3,event,", "line 2: only an event card carries the event tag."),
        ("Odd,event,3,event event,", "line 2: an event card carries the event tag once."),
        ("Odd,active,3,wild wild wild wild wild wild wild wild wild,", "at most 8 tags."),
        (
            "Odd,green,3,,",
            "line 2: the type 'green' is not one of corporation, prelude, automated, active, "
            "event.",
        ),
        (
            "Odd,,3,,",
            "line 2: the type is missing (corporation, prelude, automated, active, event).",
        ),
        (
            "Odd,active,3,venuss,",
            "line 2: the tag 'venuss' is not one of building, space, science, power, earth, "
            "jovian, plant, microbe, animal, city, event, wild, venus, moon, mars, crime, clone.",
        ),
        (",active,3,,", "line 2: the name is missing."),
        ("+++,active,3,,", "line 2: the name '+++': a name needs a letter or a digit."),
        (
            f"{'N' * 61},active,3,,",
            f"line 2: the name '{'N' * 39}…': a name may be at most 60 characters long.",
        ),
        ("Odd,active,3,,,extra", "line 2: 6 values, but the first line names 5."),
    ],
)
def test_a_bad_line_is_refused_naming_the_line_and_the_column(line: str, problem: str) -> None:
    found = problems(HEADER + line + "\n")
    assert len(found) == 1
    assert found[0].endswith(problem)


def test_every_problem_of_a_line_and_of_the_file_is_listed() -> None:
    text = HEADER + "Good,automated,1,,\n" + "x,green,abc,venuss,\n" + "\n" + "Odd,automated,,,\n"
    assert problems(text) == [
        "line 3: the type 'green' is not one of corporation, prelude, automated, active, event.",
        "line 3: the cost 'abc' is not a number.",
        "line 3: the tag 'venuss' is not one of building, space, science, power, earth, jovian, "
        "plant, microbe, animal, city, event, wild, venus, moon, mars, crime, clone.",
        "line 5: an automated project card needs its cost.",
    ]


def test_at_most_ten_problems_are_listed_and_the_rest_counted() -> None:
    with pytest.raises(HostListError) as caught:
        parse_host_list(HEADER + ",automated,1,,\n" * 13)
    assert caught.value.problems == tuple(f"line {n}: the name is missing." for n in range(2, 12))
    assert str(caught.value).endswith("line 11: the name is missing.\n… and 3 more problems.")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "line 1: the first line must name the columns: name, type, cost, tags, starting M€."),
        (
            "Birds,active,10,animal,\n",
            "line 1: the first line must name the columns: name, type, cost, tags, starting M€.",
        ),
        ("name,type,cost,tags\n", "line 1: the column starting M€ is missing."),
        (
            "name,type,cost,tags,starting MC,Starting M€\n",
            "line 1: the column starting M€ is named twice.",
        ),
        (
            "name,type,cost,tags,starting M€,colour\n",
            "line 1: the column 'colour' is not one of name, type, cost, tags, starting M€.",
        ),
        (HEADER + "\n\n", "The list has no cards: add a line for each card."),
        (b"name,type\xff\n", "The file is not UTF-8 text; save it as CSV (UTF-8)."),
    ],
)
def test_a_file_that_is_no_card_list_is_refused(text: str | bytes, problem: str) -> None:
    assert problems(text) == [problem]


def test_the_limits_of_a_list() -> None:
    many = HEADER + "".join(f"Card {n},automated,1,,\n" for n in range(MAX_ROWS))
    assert len(parse_host_list(many)) == len(builtin()) + MAX_ROWS
    assert problems(many + "One More,automated,1,,\n") == ["The list has more than 2,000 cards."]
    huge = HEADER + ("Odd,automated,1,,\n" + " " * 1000) * 600
    assert problems(huge) == ["The file is 611 kB; a list may be at most 500 kB."]
    assert problems(huge.encode()) == ["The file is 611 kB; a list may be at most 500 kB."]


def test_a_host_card_is_a_card_like_any_other() -> None:
    catalogue = parse_host_list(HEADER + "Odd,event,0,,\n")
    assert len(catalogue) == len(builtin()) + 1
    assert catalogue.cards[-1] == Card(
        number=None,
        name="Odd",
        type="event",
        expansion="host",
        cost=0,
        tags=("event",),
        starting_mc=None,
    )
