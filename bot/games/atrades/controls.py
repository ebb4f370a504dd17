"""Atrades's board controls: layout only. The buttons on the match's board message (its live
status message in the channel) for the decision played there: a guild's action, a raise
or pass in an open round, the winner's settlement, a free Acquire, an expansion. Each is the
generic control of the action with that key (`bot.components.ActButton`): pressed, it walks
the presser's own legal action (a tile, then a hex by region's menu; a company, then a
neighbour; pay-from, then an amount) privately, or refuses politely when the presser has
no such action now (not their turn, a stranger).

Which buttons the board shows is read from the public view only, never from the acting
guild's legal actions: those depend on its personal money (whether it can afford a
technology or a raise), which the channel may not see (AT-D27). A button for something
the guild cannot afford answers it with its 1-on-1's reason. The sealed rounds (turn-order
bids, a merger's final bids) have no board controls: each player bids in their 1-on-1."""

from __future__ import annotations

from typing import Any

import discord

from bot.components import ActButton, stateless_view
from bot.games.atrades.texts import company

PRIMARY = discord.ButtonStyle.primary
SECONDARY = discord.ButtonStyle.secondary


def board_actions(view: dict[str, Any]) -> list[tuple[str, str, discord.ButtonStyle]]:
    """(action key, label, style) of each button the board shows for the public `view`."""
    merger = view.get("merger")
    if view.get("ended") or view.get("step") == "bids":
        return []
    if view.get("step") == "expansions":
        grower = company(view["expansions"][0])
        return [("expand", f"Expand {grower}", PRIMARY), ("decline", "Do not expand", SECONDARY)]
    if merger is not None:
        if merger["step"] == "open":
            opening = "Raise" if merger["leader"] else "Open the bidding"
            return [("raise", opening, PRIMARY), ("pass", "Pass (out of this auction)", SECONDARY)]
        if merger["step"] == "payment" and merger["winner"]:
            return [("settle", f"Pay ${merger['high']} and settle", PRIMARY)]
        return []
    if view.get("free_acquires"):
        return [
            ("acquire", "Take your free Acquire", PRIMARY),
            ("decline", "Let the free Acquire go", SECONDARY),
        ]
    if view.get("acting") is None:
        return []
    return [
        ("acquire", "Acquire", PRIMARY),
        ("merge", "Merge (a cube on the merger track)", PRIMARY),
        ("merge_free", "Merge without a cube", PRIMARY),
        ("govt", "Sell to the Government", PRIMARY),
        ("research", "Research", PRIMARY),
        ("pass", "Pass (a cube is spent)", SECONDARY),
    ]


def board_controls(match_id: int, event: dict[str, Any]) -> discord.ui.View | None:
    """The buttons of the board message shown with a `board_shown` event (None: none)."""
    buttons = board_actions(event.get("view") or {})
    if not buttons:
        return None
    view = stateless_view()
    for key, label, style in buttons:
        view.add_item(ActButton(match_id, key, label, style))
    return view
