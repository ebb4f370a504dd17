"""The event collector of `games.core`: a move's events in the order told, each with its
audience."""

from __future__ import annotations

from games.core.collector import Collector
from games.core.events import Audience, PlayerForfeited, PlayerKicked


def test_events_are_kept_in_order_with_their_audiences() -> None:
    table = Collector()
    table.public(PlayerKicked, player="ann")
    table.private("bob", PlayerForfeited, player="bob")
    assert [(e.type, e.audience) for e in table.events] == [
        ("player_kicked", Audience.public()),
        ("player_forfeited", Audience.to("bob")),
    ]
    assert [e.to_json()["player"] for e in table.events] == ["ann", "bob"]
    assert table.events[0].model == PlayerKicked(player="ann")


def test_a_collector_extends_the_list_it_is_given() -> None:
    told = [PlayerKicked(player="ann").told()]
    table = Collector(told)
    table.public(PlayerKicked, player="bob")
    assert table.events is told
    assert len(told) == 2
