"""A game of the registry without a driver of its own, in the leak scan: the demo's match
(`tools.demo.GameDemo`: its people join through the lobby, each person the match waits for
takes a random legal action through the generic controls, the host closes a phase that waits
for nobody), read by its players, its host and an onlooker. Its facts are its whole numbers,
as any text writes them: a game whose facts read otherwise (card names, `$11`) or whose
steps the generic controls cannot take brings a driver of its own."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.games.registry import plugin_for
from bot.players import names_of, player_id
from bot.presenter import Presenter
from bot.storage.db import MatchRow, PlayerRow
from games.core.events import Event
from tests.leaks.scan import Driver, Person, Scan, numbers
from tools.demo import GameDemo

#: A whole number in a text, not part of a longer word or number ("1-on-1", "3.5").
WHOLE = re.compile(r"(?<![\w.-])\d+(?![\w.-])")


class AnyGame(Driver):
    """The scan of the game `game` through the demo's generic walk (`of` makes the class)."""

    game = ""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.demo = GameDemo(env, random.Random(self.seed), game=self.game)

    @classmethod
    def of(cls, game: str, seed: int = Driver.seed) -> type[AnyGame]:
        """The scan of `game`'s match dealt from `seed` (its choices drawn from it too)."""
        return type(f"AnyGame[{game}]", (cls,), {"game": game, "seed": seed})

    async def start(self) -> None:
        demo = self.demo
        onlooker = demo.guild.add_member(self.env.create_user("onlooker"))
        await demo.begin()
        self.match_id, self.channel = demo.match_id, demo.channel
        self.people = [
            *(Person(p.name, p, player_id(p.id), [demo.channel]) for p in demo.players),
            Person("the host", demo.host, None, [demo.channel], host=True),
            Person("an onlooker", onlooker, None, [demo.channel]),
        ]

    async def step(self, scan: Scan) -> bool:
        return await self.demo.step()

    def inject(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A presenter that says every event's text in the match's channel too, whoever the
        event is told to (a sealed bid's receipt among them: the reply to the bid shows it
        its bidder, so no DM carries it that the default injection could show)."""
        deliver = Presenter._deliver

        async def told_everyone(
            self: Presenter, row: MatchRow, players: list[PlayerRow], event: Event, mail: Any
        ) -> None:
            text = plugin_for(row.game).texts.describe(event.to_json(), names_of(players))
            if event.audience.kind != "public" and text is not None:
                await self.channel_send(row.public_channel_id, text)
            await deliver(self, row, players, event, mail)

        monkeypatch.setattr(Presenter, "_deliver", told_everyone)

    def facts(self, data: Any) -> set[str]:
        return numbers(data, "N")

    def found(self, text: str, pieces: list[tuple[str, str]]) -> set[str]:
        return set(WHOLE.findall(text))
