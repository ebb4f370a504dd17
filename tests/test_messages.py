"""Malformed moves and options are explained in plain sentences, not validator jargon."""

import pytest

from games.auction_auction import ENGINE
from games.core.errors import RuleError


@pytest.mark.parametrize(
    ("move", "sentence"),
    [
        ({"type": "nope"}, "there is no move called 'nope'; the moves are 'bid', 'give'"),
        ({}, "the move has no type."),
        ({"type": "bid", "amount": 3}, "target is missing."),
        ({"type": "bid", "target": "genre-shop", "amount": "12"}, "amount must be a whole number."),
        ({"type": "trade_garnet", "amount": 3}, "amount is not something this takes."),
    ],
)
def test_bad_moves_are_explained(move: dict[str, object], sentence: str) -> None:
    with pytest.raises(RuleError) as refused:
        ENGINE.parse_move(move)
    assert refused.value.code == "bad_move"
    assert refused.value.message.startswith(f"That move is not understood: {sentence}")


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({"colours": ["red", "red", "green"]}, "Invalid options: each colour may be listed once."),
        ({"starting_cash": "lots"}, "Invalid options: starting_cash must be a whole number."),
        ({"nonsense": 1}, "Invalid options: nonsense is not something this takes."),
    ],
)
def test_bad_options_are_explained(options: dict[str, object], sentence: str) -> None:
    with pytest.raises(ValueError) as refused:
        ENGINE.parse_options(options)
    assert str(refused.value) == sentence
