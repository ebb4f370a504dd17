"""The hex toolkit (games/core/hex.py): axial coordinates as the Red Blob Games guide has
them, labels people type, connectors, and tiles placed on a board."""

from __future__ import annotations

import pytest

from games.core.hex import DIRECTIONS, Hex, Links, hexagon, parse_label, place


def test_neighbours_are_the_six_directions_of_the_guide() -> None:
    assert Hex(2, 2).neighbours() == [
        Hex(3, 2),
        Hex(3, 1),
        Hex(2, 1),
        Hex(1, 2),
        Hex(1, 3),
        Hex(2, 3),
    ]
    assert all(Hex(0, 0).distance(d) == 1 for d in DIRECTIONS)


def test_distance_is_the_cube_distance_not_the_axial_sum() -> None:
    # (0,0) to (2,-2): two steps along one direction; |dq| + |dr| would say 4.
    assert Hex(0, 0).distance(Hex(2, -2)) == 2
    assert Hex(0, 0).distance(Hex(2, 2)) == 4
    assert Hex(1, 3).distance(Hex(1, 3)) == 0
    assert Hex(-1, 4).s == -3


def test_rotation_by_sixths() -> None:
    assert Hex(1, 0).rotated(1) == Hex(0, 1)
    assert Hex(1, 0).rotated(2) == Hex(-1, 1)
    assert Hex(1, 0).rotated(3) == Hex(-1, 0)
    assert Hex(2, -1).rotated(-1) == Hex(2, -1).rotated(5)
    assert all(h.rotated(6) == h for h in hexagon(2))
    # A turn keeps every distance from the centre.
    assert sorted(h.rotated(1).distance(Hex(0, 0)) for h in hexagon(2)) == sorted(
        h.distance(Hex(0, 0)) for h in hexagon(2)
    )


@pytest.mark.parametrize(
    ("text", "hex_"),
    [
        ("B4", Hex(1, 3)),
        ("b4", Hex(1, 3)),
        ("  a1 ", Hex(0, 0)),
        ("Z10", Hex(25, 9)),
        ("AA1", Hex(26, 0)),
        ("ab12", Hex(27, 11)),
    ],
)
def test_labels_parse_case_insensitively(text: str, hex_: Hex) -> None:
    assert parse_label(text) == hex_


def test_labels_round_trip() -> None:
    for q in (0, 1, 25, 26, 51, 52, 700):
        for r in (0, 3, 99):
            assert parse_label(Hex(q, r).label) == Hex(q, r)
    assert Hex(1, 3).label == "B4"
    assert Hex(26, 0).label == "AA1"


@pytest.mark.parametrize("text", ["", "4B", "B", "B0", "B-1", "B 4", "B4!", "é4", "B99999"])
def test_garbage_is_refused_with_a_clear_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a hex"):
        parse_label(text)


def test_off_board_hexes_have_no_label() -> None:
    with pytest.raises(ValueError, match="off the labelled board"):
        _ = Hex(-1, 0).label


def test_hexagon_sizes() -> None:
    assert len(hexagon(0)) == 1
    assert len(hexagon(1)) == 7
    assert len(hexagon(2)) == 19
    assert set(hexagon(1, Hex(3, 3))) == {Hex(3, 3), *Hex(3, 3).neighbours()}


def test_place_turns_a_tile_about_its_centre_then_moves_it() -> None:
    tile = {Hex(0, 0): "centre", Hex(1, 0): "east"}
    assert place(tile, Hex(5, 2)) == {Hex(5, 2): "centre", Hex(6, 2): "east"}
    assert place(tile, Hex(5, 2), turns=1) == {Hex(5, 2): "centre", Hex(5, 3): "east"}


def test_connectors_are_adjacency_in_all_aspects() -> None:
    a, b, c = Hex(0, 0), Hex(0, 2), Hex(1, 0)
    links = Links([(a, b)])
    assert links.adjacent(a, b) and links.adjacent(b, a)
    assert links.adjacent(a, c)
    assert not links.adjacent(b, c)
    assert links.neighbours(a) == [*a.neighbours(), b]
    assert links.touching([b], [a, Hex(9, 9)])
    assert not Links().touching([b], [a])


def test_around_a_group_lists_each_outside_neighbour_once() -> None:
    group = [Hex(0, 0), Hex(1, 0)]
    around = list(Links().around(group))
    assert len(around) == len(set(around)) == 8
    assert not set(around) & set(group)


def test_a_connector_to_itself_is_refused() -> None:
    with pytest.raises(ValueError, match="two hexes"):
        Links([(Hex(1, 1), Hex(1, 1))])


def test_a_refusal_echoes_what_was_typed_on_one_short_line() -> None:
    with pytest.raises(ValueError) as caught:
        parse_label("B4\n" + "x" * 200)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 120
    assert message.startswith("'B4 xxx")
