"""The Mars Auction in the leak scan: two players run the limited variant's setup auction
and a research auction through the board's menus, the Card numbers form and their 1-on-1s;
they keep companies and buy projects from their 1-on-1's menus and state their budgets with
the form and `/mars budget`, one set by the host, who does not play; an onlooker reads the
channel. Facts are M€ figures (`654 M€`: a budget, a price, what is left) and card names (a
company kept, a project bought: sealed until everyone asked has chosen)."""

from __future__ import annotations

import random
import re
from typing import Any

from games.mars_auction import ENGINE
from tests.drivers.mars_auction import Auction
from tests.leaks.drivers.tm_cards import cards_in, cards_named
from tests.leaks.scan import Driver, Person, Scan, numbers

MONEY = re.compile(r"(\d+) M€")


class MarsAuction(Driver):
    game = "mars-auction"
    slow = True

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.rnd = random.Random(25)
        self.t = Auction(env, 2)
        self.research = 1
        #: How budgets were stated: by the 1-on-1's form, `/mars budget`, or by the host.
        self.hows: set[str] = set()

    #: The levels of the computer seats the host seats beside the players before starting.
    computers: tuple[str, ...] = ()

    async def start(self) -> None:
        t = self.t
        await t.start(self.computers, first_player=t.players[1])
        self.match_id = t.match_id
        self.channel = t.channel
        self.people = [
            *(Person(m.name, m, t.pid(m), [t.channel]) for m in t.players),
            Person("the host", t.host, None, [t.channel], host=True),
            Person("an onlooker", t.onlooker, None, [t.channel]),
        ]

    async def step(self, scan: Scan) -> bool:
        t = self.t
        state = await t.state()
        if state.step == "ended":
            return False
        if state.step == "waiting":
            if self.research:
                self.research -= 1
                r = await t.host_says("mars research")
                assert r.ephemeral, r.response.content
            else:
                await t.end()
            return True
        if state.step == "bidding":
            await t.turn(self.rnd, pass_rate=0.5)
            return True
        pid = ENGINE.turn(state).must[0]
        member = t.member(pid)
        if state.step == "budget":
            how = "host" if "host" not in self.hows else self.rnd.choice(["form", "command"])
            self.hows.add(how)
            r = await t.budget(member, self.rnd.randint(100, 999), how=how)
            assert r.ephemeral, r.response.content
            return True
        actions = ENGINE.legal_actions(state, pid)
        pick = next((a.pick for a in actions if a.pick is not None), None)
        names: list[str] = []
        if pick is not None:  # else Buy none is all there is
            count = self.rnd.randint(pick.min, pick.max)
            names = [c.value for c in self.rnd.sample(pick.choices, count)]
        r = await t.choose(member, state.step, names)
        assert r.ephemeral and r.response.content.startswith("You "), r.response.content
        return True

    def finished(self, scan: Scan) -> None:
        """Budgets were stated (and one told by the host, who does not play), companies kept
        and projects bought: every secret of MA-D3."""
        assert {"budget_stated", "corporations_chosen", "projects_bought"} <= scan.events
        assert self.hows >= {"host"}, self.hows

    def facts(self, data: Any) -> set[str]:
        return numbers(data, "N M€") | cards_in(data)

    def found(self, text: str, pieces: list[tuple[str, str]]) -> set[str]:
        return {f"{n} M€" for n in MONEY.findall(text)} | cards_named(text)


class MarsAuctionComputers(MarsAuction):
    """Two people and two of Dealer's computer seats, one strong and one normal (`/match
    add-bot`, issue 45): the seats bid, state budgets, keep and buy from their own views;
    their budgets and sealed choices are as secret as anyone's."""

    computers = ("strong", "normal")

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.rnd = random.Random(45)
