"""The MARSBOT draft in the leak scan: ann drafts a whole draft against MARSBOT through her
1-on-1's menus and buys cards with them; an onlooker reads the channel. Every event is
public, but the state holds what nobody may see yet: MARSBOT's first pile, face down until
MARSBOT picks from it (MB-D12). Facts are the catalogue's cards, by name."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core.events import Viewer
from games.marsbot_draft import ENGINE
from games.marsbot_draft.model import State
from games.marsbot_draft.views import DraftView
from tests.drivers.marsbot_draft import Draft
from tests.leaks.drivers.tm_cards import cards_in, cards_named
from tests.leaks.scan import Driver, Person, Scan


class MarsbotDraft(Driver):
    game = "marsbot-draft"
    seed = 5

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.rnd = random.Random(25)
        self.t = Draft(env)

    async def start(self) -> None:
        t = self.t
        onlooker = t.guild.add_member(self.env.create_user("onlooker"))
        r = await t.ann.slash(t.channel, "match create marsbot-draft", corporation="Saturn Systems")
        assert not r.ephemeral, r.response.content
        await t.opened()
        self.match_id = t.match_id
        self.channel = t.channel
        self.people = [
            Person("ann", t.ann, (await t.state()).player, [t.channel], host=True),
            Person("an onlooker", onlooker, None, [t.channel]),
        ]

    async def step(self, scan: Scan) -> bool:
        t = self.t
        view = await t.view()
        m = t.match_id
        if view.phase == "ended":
            return False
        if view.phase == "pick":
            card = self.rnd.choice(view.player_pile).name
            dm = t.last_with(f"dealer:actpick:{m}:take")
            r = await t.ann.user.select(dm, [card], custom_id=f"dealer:actpick:{m}:take")
        else:
            kept = [c.name for c in view.player_kept]
            bought = self.rnd.sample(kept, self.rnd.randint(1, min(2, len(kept))))
            dm = t.last_with(f"dealer:actpick:{m}:buy")
            r = await t.ann.user.select(dm, bought, custom_id=f"dealer:actpick:{m}:buy")
        assert r.ephemeral and "Sorry" not in r.response.content, r.response.content
        return True

    def facts(self, data: Any) -> set[str]:
        return cards_in(data)

    def found(self, text: str, pieces: list[tuple[str, str]]) -> set[str]:
        return cards_named(text)

    def inject(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The bot's engine shows MARSBOT's first pile face up in its views (the scan's own copy
        of the engine, another instance, does not)."""
        view = ENGINE.view

        def shown(state: State, viewer: Viewer) -> DraftView:
            seen = view(state, viewer)
            return seen.model_copy(update={"marsbot_pile": list(state.marsbot_pile)})

        monkeypatch.setattr(ENGINE, "view", shown)
