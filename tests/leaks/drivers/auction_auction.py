"""Auction Auction in the leak scan: four players bid at random through their 1-on-1's
buttons and forms and through `/bid`, one gives money, and the host, who does not play,
closes every phase; an onlooker reads the channel (and the web pages) and the host a private
spectators' channel too. The match counts for a season, which a series host starts first: the
onlooker reads its page as well. Facts are money figures (`$11`): a sealed bid, a gift, each
player's cash."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.players import player_id
from games.auction_auction.cash import GARNET_VALUE
from tests.drivers.common import private_channel
from tests.drivers.seasons import Series
from tests.leaks.scan import Driver, Person, Scan, numbers

MONEY = re.compile(r"\$(\d+)")
#: The garnet trade's fixed price (AA-14) as its control reads: a rule's figure, not a bid.
GARNET_TRADE = f"Trade a garnet for ${GARNET_VALUE}"


class AuctionAuction(Driver):
    game = "auction-auction"
    #: Empty seats the host gives to Dealer's computer player before starting.
    computers = 0

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.rnd = random.Random(25)
        self.t = Series(env, 4)
        #: The players still to bid in the phase `phase`, and whether someone has given.
        self.queue: list[Any] = []
        self.phase: tuple[int, str] = (0, "")
        self.given = False

    async def start(self) -> None:
        t = self.t
        watchers = private_channel(t, "watchers")
        onlooker = t.guild.add_member(self.env.create_user("onlooker"))
        await t.boss.slash(t.channel, "season start", name="Leaks", starting_garnets=3)
        lobby = await t.open(phase_minutes=60, rounds=2, spectators=watchers)
        if self.computers:
            seated = await t.host.slash(t.channel, "match add-bot", count=self.computers)
            assert seated.ephemeral and "Dealer plays" in seated.response.content
        await t.host.click(lobby, label="Start")
        self.match_id = t.match_id
        self.channel = t.channel
        self.people = [
            *(Person(m.name, m, player_id(m.id), [t.channel]) for m in t.players),
            Person("the host", t.host, None, [t.channel, watchers], host=True),
            Person("an onlooker", onlooker, None, [t.channel]),
        ]

    async def step(self, scan: Scan) -> bool:
        t = self.t
        state = await t.state()
        if state.phase == "ended":
            return False
        if (state.round, state.phase) != self.phase:
            self.phase = (state.round, state.phase)
            self.queue = self.rnd.sample(t.players, len(t.players))
        if not self.queue:
            await t.close_phase()
            return True
        member = self.queue.pop()
        me = (await t.view(member)).me
        targets = await t.targets(member)
        if not self.given and state.phase == "auction" and me.uncommitted > 3:
            self.given = True
            other = next(p for p in t.players if p is not member)
            r = await member.slash(t.channel, "give", member=other.user, amount=3)
            assert r.ephemeral, r.response.content
            return True
        if me.kicked or not targets:
            return True
        amount = self.rnd.randint(0 if state.phase == "access" else 1, max(1, me.cash // 3))
        if amount > me.uncommitted:
            return True
        target = self.rnd.choice(targets)
        if self.rnd.random() < 0.5:
            r = await t.bid_by_button(member, target, amount)
        else:
            r = await member.slash(t.channel, "bid", target=target, amount=amount)
        assert r.ephemeral and f"${amount}" in r.response.content, r.response.content
        return True

    def facts(self, data: Any) -> set[str]:
        return numbers(data, "$N")

    def found(self, text: str, pieces: list[tuple[str, str]]) -> set[str]:
        return {f"${n}" for n in MONEY.findall(text.replace(GARNET_TRADE, ""))}

    def finished(self, scan: Scan) -> None:
        assert scan.web is not None and scan.web.season, "the season's page was read"


class AuctionAuctionComputers(AuctionAuction):
    """Two people and two of Dealer's computer seats (`/match add-bot count:2`, issue 45):
    the seats bid from their own views as each phase opens; what they bid is as secret as
    anyone's."""

    computers = 2

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.rnd = random.Random(45)
        self.t = Series(env, 2)
