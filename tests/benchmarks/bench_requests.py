"""How many requests the bot makes to Discord, per flow: a program that prints figures.

    .venv/bin/python tests/benchmarks/bench_requests.py [--runs N]

Counted through SimCord at discord.py's HTTP layer: every REST request the bot makes
(`HTTPClient.request`: posts, edits, DMs, `GET /users/{id}`, threads; not the start-up's
command sync), and apart from them
the interaction responses and follow-ups to the member who acted (they go through discord.py's
webhook adapter and are the answer the member waits for, not noise). The flows:

- Auction Auction, 12 players, one hour phases: the match start (the host's Start), a move
  (one `/bid`), a reminder round (half time of the Access phase), each phase close (the host's
  `/match close-phase`; the Auction phase's close is the one with the location results), and
  the whole match, lobby to the end;
- a whole 5-player Mars Auction (setup auction and one research auction, then the end);
- a whole Project Mars match (two members, a challenge);
- a whole MARSBOT draft (one member);
- what 500 Auction Auction phase closes in the same minute cost: requests, and the time to
  drain them at Discord's global 50 requests/s. discord.py waits out each route's limit
  before it sends (no 429); a channel takes 5 messages per 5 s, so a close that posts more
  than 5 messages to one channel also waits on that, whatever the global rate.

The players make random legal moves from fixed seeds (the SimCord tests' helpers), so a run
plays the same matches each time; the counts change only with the bot. `--runs` repeats the
whole measurement (each run prints its figures; the summary gives min / median / max).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import platform
import random
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from machine import cpu_model
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter

from bot.app import create_bot
from bot.flows import lobby
from tests.bot.conftest import QuickSettlingEnv, Table
from tests.bot.test_mars_auction import Auction, play_to_the_end
from tests.bot.test_marsbot_draft import GAME as DRAFT
from tests.bot.test_marsbot_draft import Draft
from tests.bot.test_project_mars import Mars

GLOBAL_RATE = 50  # requests per second, Discord's global limit for a bot
CHANNEL_BURST = 5  # messages per channel per 5 seconds
CHANNEL_WINDOW = 5.0
CLOSES = 500
AA_PLAYERS = 12
#: Seconds SimCord waits for the bot to settle: a shared, busy machine renders slowly, and
#: a count does not depend on time.
SETTLE_TIMEOUT = 60.0
#: The start-up's command sync, which SimCord lets run late, in the first flow of a bot.
STARTUP = ("/applications/", "/oauth2/")


class Count:
    """The requests made while it is open: REST requests by route, interaction answers."""

    def __init__(self) -> None:
        self.rest: Counter[str] = Counter()
        #: Messages posted, by channel id (the per-channel limit).
        self.posts: Counter[str] = Counter()
        self.interaction = 0

    @property
    def total(self) -> int:
        return sum(self.rest.values())

    def users(self) -> int:
        return sum(n for route, n in self.rest.items() if route.startswith("GET /users/{"))


COUNT = Count()


def install_probes() -> None:
    rest = FakeHTTPClient.request
    hook = FakeWebhookAdapter.request

    async def counted(self: FakeHTTPClient, route: Any, **kwargs: Any) -> Any:
        if not route.path.startswith(STARTUP):
            COUNT.rest[f"{route.method} {route.path}"] += 1
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            COUNT.posts[str(route.channel_id)] += 1
        return await rest(self, route, **kwargs)

    async def answered(self: FakeWebhookAdapter, route: Any, session: Any, **kwargs: Any) -> Any:
        COUNT.interaction += 1
        return await hook(self, route, session, **kwargs)

    FakeHTTPClient.request = counted  # type: ignore[method-assign]
    FakeWebhookAdapter.request = answered  # type: ignore[method-assign]


async def counted(work: Awaitable[Any]) -> Count:
    """The requests made while `work` runs (SimCord settles the bot after each action, so
    the messages a command causes are counted with it)."""
    global COUNT
    COUNT = Count()
    await work
    return COUNT


Flow = Callable[[QuickSettlingEnv], Awaitable[dict[str, Count]]]


async def auction_auction(env: QuickSettlingEnv) -> dict[str, Count]:
    global COUNT
    figures: dict[str, Count] = {}
    whole = Count()

    def add(count: Count) -> None:
        whole.rest.update(count.rest)
        whole.interaction += count.interaction

    t = Table(env, AA_PLAYERS)
    opened = Count()
    COUNT = opened
    lobby_message = await t.open(phase_minutes=60)
    add(opened)
    figures["AA: match start"] = await counted(t.host.click(lobby_message, label="Start"))
    add(figures["AA: match start"])
    rnd = random.Random(4)
    first = True
    closes = 0
    while (await t.state()).phase != "ended":
        for number, member in enumerate(t.players):
            if closes == 0 and number == AA_PLAYERS // 2:
                # half time of the first phase, half of the players still to bid
                figures["AA: a reminder round"] = await counted(env.advance_time(30 * 60 + 1))
                add(figures["AA: a reminder round"])
            view = await t.view(member)
            me, targets = view.me, await t.targets(member)
            if me.kicked or not targets:
                continue
            amount = rnd.randint(0 if view.phase == "access" else 1, max(1, me.cash // 3))
            if amount > me.uncommitted:
                continue
            target = rnd.choice(targets)
            bid = await counted(member.slash(t.channel, "bid", target=target, amount=amount))
            add(bid)
            if first:
                figures["AA: a move (/bid)"] = bid
                first = False
        phase = (await t.state()).phase
        close = await counted(t.close_phase())
        add(close)
        closes += 1
        figures.setdefault(f"AA: {phase} phase close (first)", close)
    figures["AA: whole match (12 players)"] = whole
    return figures


async def mars_auction(env: QuickSettlingEnv) -> dict[str, Count]:
    table = Auction(env, 5)

    async def whole() -> None:
        await table.start()
        await play_to_the_end(table, random.Random(5), research=[None], pass_rate=0.45)

    return {"Mars Auction: whole match (5 players, setup + 1 research)": await counted(whole())}


async def project_mars(env: QuickSettlingEnv) -> dict[str, Count]:
    t = Mars(env)

    async def whole() -> None:
        message = await t.challenge(deck="vanguard", turn_minutes=30)
        await t.start(message)
        await t.play_out(random.Random(6))

    return {"Project Mars: whole match (2 players)": await counted(whole())}


async def marsbot_draft(env: QuickSettlingEnv) -> dict[str, Count]:
    t = Draft(env)

    async def whole() -> None:
        await t.ann.slash(t.channel, f"match create {DRAFT}", corporation="Saturn Systems")
        await t.opened()
        m = t.match_id
        # Rounds 1 to 3; round 4's one card is taken for the player (MB-D13).
        for _ in range(3):
            view = await t.view()
            dm = t.last_with(f"dealer:actpick:{m}:take")
            card = view.player_pile[0].name
            await t.ann.user.select(dm, [card], custom_id=f"dealer:actpick:{m}:take")
        view = await t.view()
        dm = t.last_with(f"dealer:actpick:{m}:buy")
        bought = [c.name for c in view.player_kept[:2]]
        await t.ann.user.select(dm, bought, custom_id=f"dealer:actpick:{m}:buy")
        assert (await t.view()).phase == "ended"

    return {"MARSBOT draft: whole draft": await counted(whole())}


async def run_flow(flow: Flow, folder: Path) -> dict[str, Count]:
    bot = create_bot(folder / f"{flow.__name__}.db")
    env = QuickSettlingEnv(bot, settle_timeout=SETTLE_TIMEOUT, shard_count=1)
    await env.start()
    await env.settle()
    try:
        return await flow(env)
    finally:
        await env.shutdown()
        await bot.storage.close()


def drain(close: Count) -> tuple[int, float]:
    """500 such closes at once: their requests, and the seconds to send them at 50/s (or
    longer when one close posts more than one channel's limit to one channel)."""
    total = CLOSES * close.total
    busiest = max(close.posts.values(), default=0)
    per_channel = math.ceil(busiest / CHANNEL_BURST - 1) * CHANNEL_WINDOW if busiest else 0.0
    return total, max(total / GLOBAL_RATE, per_channel)


async def measure() -> dict[str, Count]:
    figures: dict[str, Count] = {}
    with tempfile.TemporaryDirectory() as folder:
        for flow in (auction_auction, mars_auction, project_mars, marsbot_draft):
            figures.update(await run_flow(flow, Path(folder)))
    return figures


def show(figures: dict[str, Count]) -> None:
    for name, count in figures.items():
        routes = ", ".join(f"{route} ×{n}" for route, n in count.rest.most_common())
        print(
            f"  {name}: {count.total} requests ({count.users()} GET /users), "
            f"{count.interaction} interaction answers"
        )
        print(f"      {routes}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    lobby.new_seed = lambda: 11  # type: ignore[attr-defined]  # the SimCord tests' matches
    install_probes()
    print(f"{platform.python_version()} on {cpu_model()}")
    runs: list[dict[str, Count]] = []
    for run in range(args.runs):
        print(f"run {run + 1}:")
        figures = await measure()
        show(figures)
        runs.append(figures)
    print("summary (min / median / max of the runs, non-interaction requests):")
    for name in runs[0]:
        totals = [r[name].total for r in runs]
        print(f"  {name}: {min(totals)} / {statistics.median(totals)} / {max(totals)}")
    closes = [r["AA: auction phase close (first)"] for r in runs]
    drains = [drain(c) for c in closes]
    seconds = [d[1] for d in drains]
    print(
        f"  {CLOSES} Auction-phase closes of 12 players: {drains[0][0]} requests, drained in "
        f"{min(seconds):.0f} / {statistics.median(seconds):.0f} / {max(seconds):.0f} s at "
        f"{GLOBAL_RATE}/s (target under 240 s: met in "
        f"{sum(s < 240 for s in seconds)} of {len(seconds)} runs)"
    )


if __name__ == "__main__":
    asyncio.run(main())
