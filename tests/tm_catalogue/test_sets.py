"""The sets a host chooses (`sets:`), as typed: names and titles, errors, suggestions."""

from __future__ import annotations

import pytest

from games.tm_catalogue.sets import UnknownSet, complete_sets, parse_sets


def test_sets_are_read_by_name_or_title_in_the_catalogues_order() -> None:
    assert parse_sets("venus, base, Corporate Era") == ["base", "corpera", "venus"]
    assert parse_sets("Venus Next,prelude 2, PROMOS ,colonies,turmoil") == [
        "venus", "colonies", "turmoil", "prelude2", "promo",
    ]  # fmt: skip
    assert parse_sets("base,,base, ") == ["base"]


def test_a_name_that_is_no_set_is_refused_with_the_sets() -> None:
    with pytest.raises(UnknownSet) as caught:
        parse_sets("base, venuss")
    assert caught.value.code == "unknown_set"
    assert caught.value.message == (
        "There is no set called 'venuss'. The sets are base (base game), corpera (Corporate "
        "Era), prelude, venus (Venus Next), colonies, turmoil, prelude2 (Prelude 2) and promo "
        "(promos), separated by commas."
    )
    with pytest.raises(UnknownSet, match="Name at least one set"):
        parse_sets(" , ")
    with pytest.raises(UnknownSet):
        parse_sets("host")


def test_suggestions_complete_the_last_set() -> None:
    assert complete_sets("") == [
        "base", "corpera", "prelude", "venus", "colonies", "turmoil", "prelude2", "promo",
    ]  # fmt: skip
    assert complete_sets("base, pre") == ["base, prelude", "base, prelude2"]
    assert complete_sets("base, venus next, v") == []
    assert complete_sets("base, Venus N") == ["base, venus"]
    assert complete_sets("bsae, v") == []
