"""A step's label said inside a menu's placeholder keeps the names and capitals in it."""

from __future__ import annotations

import pytest

from bot.components import inside


@pytest.mark.parametrize(
    ("label", "said"),
    [
        ("Where the Cyber Soldier goes", "where the Cyber Soldier goes"),
        ("Your attack row, lane 2", "your attack row, lane 2"),
        ("M€ to bid", "M€ to bid"),
        ("PWR to spend", "PWR to spend"),
        ("Kam půjde Cyber Soldier", "kam půjde Cyber Soldier"),
        ("카드", "카드"),
        ("", ""),
        ("⟦Where it goes‧‧‧⟧", "⟦where it goes‧‧‧⟧"),
        ("(Optional) where it goes", "(optional) where it goes"),
        ("⟦", "⟦"),
    ],
)
def test_a_steps_label_inside_a_sentence_lowers_its_first_letter_only(
    label: str, said: str
) -> None:
    assert inside(label) == said
