"""`answer_removed` tells a click on a control its message still has (discord.py runs it)
from one the message no longer has by the custom ids of the message's components
(`_custom_ids`), read from the components discord.py parsed, without a view built of them."""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.components import ActButton, ActMenu, _custom_ids, docs_button, stateless_view


def test_a_message_s_custom_ids_are_those_of_the_view_it_was_sent_with() -> None:
    view = stateless_view()
    view.add_item(ActMenu(7, 3, "give", [discord.SelectOption(label="Ann", value="p1")]))
    for key in ("bid:a", "bid:b", "trade"):
        view.add_item(ActButton(7, 3, key, key, discord.ButtonStyle.primary))
    view.add_item(docs_button("https://example.org/docs"))
    # As discord.py parses the message's components: rows of buttons and menus.
    components = [discord.ActionRow(cast(Any, row)) for row in view.to_components()]
    found = [i for i in _custom_ids(components) if i is not None]
    assert found == [i.custom_id for i in view.children if isinstance(i, discord.ui.DynamicItem)]
    assert len(found) == 4 and found[0].startswith("dealer:actpick:")
    # The same button shown for another decision is one the message does not have.
    gone = ActButton(7, 2, "bid:a", "bid:a", discord.ButtonStyle.primary).custom_id
    assert gone not in _custom_ids(components)
