"""Atrades in the leak scan: three guilds play a whole game through Discord (the sealed
turn-order and final bids in their 1-on-1s, the actions, the open rounds of raise or pass
and the settlements on the board message, hexes picked from menus), the host, who does not
play, reads a private spectators' channel too, and an onlooker reads the channel. Facts are
money figures (`$11`): a sealed bid, a final bid, each guild's personal money, the banks."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.players import player_id
from games.atrades.data import TECHNOLOGIES
from tests.drivers.atrades import Atrades
from tests.leaks.scan import Driver, Person, Scan, numbers

MONEY = re.compile(r"\$(\d+)")
#: A technology's price as the texts and pictures name it ("Permit Office ($4)", "researches
#: **Permit Office** for $4"): the rules' data, which everyone may read, not a money figure
#: of the game.
PRICES = re.compile(
    "|".join(rf"{re.escape(t.name)}(?: \(\${t.cost}\)|\*\* for \${t.cost})" for t in TECHNOLOGIES)
)


class AtradesGame(Driver):
    game = "atrades"
    slow = True

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.rnd = random.Random(25)
        self.t = Atrades(env, 3)

    async def start(self) -> None:
        t = self.t
        watchers = t.guild.create_text_channel("watchers")
        await t.start(spectators=watchers)
        self.match_id = t.match_id
        self.channel = t.channel
        self.people = [
            *(Person(m.name, m, player_id(m.id), [t.channel]) for m in t.players),
            Person("the host", t.host, None, [t.channel, watchers], host=True),
            Person("an onlooker", t.onlooker, None, [t.channel]),
        ]

    async def step(self, scan: Scan) -> bool:
        if (await self.t.state()).ended:
            return False
        await self.t.move(self.rnd)
        return True

    def facts(self, data: Any) -> set[str]:
        return numbers(data, "$N")

    def found(self, text: str, pieces: list[tuple[str, str]]) -> set[str]:
        return {f"${n}" for n in MONEY.findall(PRICES.sub("", text))}

    def finished(self, scan: Scan) -> None:
        """Turn-order bids and a merger's final bids were made and revealed."""
        assert {"bid_made", "turn_order_resolved", "final_bid_made"} <= scan.events
        assert "final_bids_revealed" in scan.events
