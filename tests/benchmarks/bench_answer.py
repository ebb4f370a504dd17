"""A move's answer beside `/help`'s (issue 43, items 3 and 4): a program that prints figures.

    .venv/bin/python tests/benchmarks/bench_answer.py [--samples 300] [--sync full] [--bare]
        [--parts]

One bot on an SQLite file (`DATABASE_SYNC=full` by default) through SimCord, holding an
Auction Auction match (4 players, one hour phases) and a 5-player Atrades match (people
making the greedy player's moves through Discord: buttons, menus and forms, as
`tests/bot/test_atrades.py` plays; a match that ends is followed by another). `--samples`
of each, interleaved at random, one interaction at a time (SimCord runs one at a time, so
each move comes alone):

- `/help`;
- a lone `/bid` (a random bid the player may make);
- an Atrades move: the interaction that commits it (its last step);
- a WAL sync: not the bot's, this disk's (`bench_commit.SyncProbe`: a 4 KB write past the
  end of a file and its `fdatasync`, in the database's folder), as a commit with
  `DATABASE_SYNC=full` waits for one before a move is answered. Its p99 over `/help`'s is a
  floor under a move's ratio that no code of the bot can lower.

Each is timed from the interaction's creation in SimCord to the bot's first answer to it (a
reply, an edit of the message clicked, a deferral), the bot's work in between; the time the
members take to decide, and what the bot does after its answer (delivering the move's
messages, adding the player's card to the answer), are not. Two ends of that span are
printed, each with its p50 / p99 / mean, each move's p99 over `/help`'s, and the CPU time the
process spent in it (`time.process_time`: the commit thread's too; p50, p99 and each move's p99
over `/help`'s), which a VM whose other guests take its cores moves far less than the wall
clock (the target is the wall clock's; the CPU ratio tells a slower move from a busier VM):

- "to the HTTP layer": until the bot hands its answer to discord.py's HTTP layer (the
  interaction-callback request reaches the webhook adapter, SimCord's in place of
  discord.py's, which on Discord would send it). What follows is Discord's work, done on its
  servers: SimCord taking the answer in (checking and copying its components, storing the
  message, telling the members). Traced, that part of a `/bid`'s span runs none of the
  bot's code and 4 of its 42,100 bytecodes are discord.py's (a357946's
  docs/performance.md, "A move's answer");
- "to its answer": until SimCord records the answer (the old measure, that work included).

`--bare` answers each move with "✅ Accepted." alone (`Presenter.reply` without the receipts,
the 1-on-1 and its controls, and without the card it adds to the answer afterwards, so that
less runs between interactions too): not how the bot answers, the floor under what an answer
holds; with `--sync normal` too, the floor without the durable commit's sync.

`--parts` also prints the CPU time of the calls a move's answer waits for (`PARTS`), p50 and
mean per call by the kind of interaction that made it: what of a move's answer is the move
itself (finding it, applying it, recording it) rather than its words. A call's CPU time is the
process's from its start to its end: its commit thread's work is in it, as is that of any
other task that ran while it waited (with one interaction at a time, little). Timing each call
adds a little CPU to the spans around it.

Targets: a lone `/bid` within 1.5 x `/help`, an Atrades move within 2 x (p99). On a shared,
loaded machine compare runs of one session side by side; the load average is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
from bench_bot import install_probes, ms, percentile, random_bid, verdict
from bench_commit import SyncProbe
from machine import cpu_model
from simcord.backend.models.interaction import Interaction as SimInteraction
from simcord.http.client import FakeWebhookAdapter

from bot.app import create_bot
from bot.flows.play import Play
from bot.presenter import Presenter
from bot.service import MatchService
from bot.storage import Durability
from bot.storage.db import Storage
from tests.bot.conftest import QuickSettlingEnv, Table
from tests.drivers.atrades import Atrades
from tools.demo import SETTLE_TIMEOUT

SEED = 1
#: The route of an interaction's answer (discord.py's `Route.path`).
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
TARGETS = {"/bid": 1.5, "Atrades move": 2.0}
#: The disk's kind (module doc): timed beside the interactions, at the same moments.
SYNC = "a WAL sync"
#: A move's whole answer with `--bare`.
BARE = "✅ Accepted."


#: The two ends of an interaction's span (module doc): its answer's hand-over to discord.py's
#: HTTP layer, and its answer as SimCord records it.
ENDS = ("to the HTTP layer", "to its answer")

Stamp = tuple[float, float]

#: The calls `--parts` times: a `/bid`'s finding its action among the player's legal actions,
#: a move's being applied and committed (`MatchService.submit`), and, of that, its being
#: written (`Storage.record_move`).
PARTS: tuple[tuple[type, str], ...] = (
    (Play, "_bid"),
    (MatchService, "submit"),
    (Storage, "record_move"),
)


def stamp() -> Stamp:
    """Now: the wall clock and the process's CPU time."""
    return time.perf_counter(), time.process_time()


class Answers:
    """When each interaction was created, handed its answer to discord.py's HTTP layer and
    was first answered (wall clock and the process's CPU time), and whether a move was
    committed while it was handled (SimCord runs one interaction at a time)."""

    def __init__(self) -> None:
        self.created: dict[int, Stamp] = {}
        self.handed: dict[int, Stamp] = {}
        self.answered: dict[int, Stamp] = {}
        self.committed: set[int] = set()
        self.current: int | None = None

    def install(self) -> None:
        answers = self
        made = SimInteraction.__init__

        def init(self: SimInteraction, *args: Any, **kwargs: Any) -> None:
            made(self, *args, **kwargs)
            answers.created[self.id] = stamp()
            answers.current = self.id

        SimInteraction.__init__ = init  # type: ignore[method-assign]

        def answering(original: Any) -> Any:
            def answer(self: SimInteraction, *args: Any, **kwargs: Any) -> None:
                answers.answered.setdefault(self.id, stamp())
                original(self, *args, **kwargs)

            return answer

        for name in ("respond_with_message", "defer", "defer_update", "update_source"):
            setattr(SimInteraction, name, answering(getattr(SimInteraction, name)))
        request = FakeWebhookAdapter.request

        async def handing(self: FakeWebhookAdapter, route: Any, *args: Any, **kwargs: Any) -> Any:
            # discord.py names the interaction of an answer (its callback) as the webhook.
            if route.path == CALLBACK:
                answers.handed.setdefault(int(route.webhook_id), stamp())
            return await request(self, route, *args, **kwargs)

        FakeWebhookAdapter.request = handing  # type: ignore[method-assign]
        submit = MatchService.submit

        async def committing(self: MatchService, *args: Any, **kwargs: Any) -> Any:
            outcome = await submit(self, *args, **kwargs)
            if answers.current is not None:
                answers.committed.add(answers.current)
            return outcome

        MatchService.submit = committing  # type: ignore[method-assign]

    def span(self, interaction: int, end: dict[int, Stamp]) -> Stamp:
        """How long (wall clock, CPU) from the interaction's creation to `end`'s stamp."""
        (wall, cpu), (created_wall, created_cpu) = end[interaction], self.created[interaction]
        return wall - created_wall, cpu - created_cpu

    def since(self, first: int, *, moves: bool) -> list[tuple[Stamp, Stamp]]:
        """The spans to the HTTP layer and to the answer (`ENDS`) of the interactions
        created after `first` (ids grow), those that committed a move (`moves`) or all."""
        return [
            (self.span(i, self.handed), self.span(i, self.answered))
            for i in self.created
            if i > first
            and i in self.answered
            and i in self.handed
            and (not moves or i in self.committed)
        ]


class Parts:
    """The CPU time of each call of `PARTS` (`--parts`), by the kind of interaction being
    measured when it was made (`kind`)."""

    def __init__(self) -> None:
        self.kind = "setting up"
        self.times: dict[tuple[str, str], list[float]] = {}

    def install(self) -> None:
        for owner, name in PARTS:
            setattr(owner, name, self._timing(f"{owner.__name__}.{name}", getattr(owner, name)))

    def _timing(self, part: str, call: Any) -> Any:
        parts = self

        async def timed(*args: Any, **kwargs: Any) -> Any:
            began = time.process_time()
            try:
                return await call(*args, **kwargs)
            finally:
                used = time.process_time() - began
                parts.times.setdefault((parts.kind, part), []).append(used)

        return timed

    def report(self) -> None:
        print(" parts (CPU per call, inside the interactions of each kind):")
        for (kind, part), times in self.times.items():
            print(
                f"  {kind:13} {part:26} p50 {1e3 * statistics.median(times):6.2f} ms"
                f"   mean {1e3 * statistics.fmean(times):6.2f} ms   n={len(times)}"
            )


async def measure(
    folder: Path, samples: int, durability: Durability, parts: Parts | None = None
) -> dict[str, list[tuple[Stamp, Stamp]]]:
    bot = create_bot(folder / "answers.db", database_sync=durability, computer_pause=0)
    env = QuickSettlingEnv(bot, settle_timeout=SETTLE_TIMEOUT, shard_count=1)
    await env.start()
    answers = Answers()
    answers.install()
    rng = random.Random(SEED)
    times: dict[str, list[tuple[Stamp, Stamp]]] = {
        "/help": [],
        "/bid": [],
        "Atrades move": [],
        SYNC: [],
    }
    probe = SyncProbe(folder, growing=True)
    try:
        table = Table(env, 4)
        await table.start(phase_minutes=60)
        atrades = Atrades(env, 5)
        await atrades.start()
        order = [*times] * samples
        rng.shuffle(order)
        for kind in order:
            first = max(answers.created, default=0)
            if parts is not None:
                parts.kind = kind
            if kind == SYNC:
                began = stamp()
                probe.once()
                ended = stamp()
                span = (ended[0] - began[0], ended[1] - began[1])
                times[kind].append((span, span))
                continue
            if kind == "/help":
                member = rng.choice(table.players)
                await member.slash(table.channel, "help")
            elif kind == "/bid":
                member = rng.choice(table.players)
                move = await random_bid(bot.service, table.match_id, member, rng)
                if move is None:
                    continue
                await member.slash(
                    table.channel, "bid", target=move["target"], amount=move["amount"]
                )
            else:
                if (await atrades.state()).ended:
                    atrades = Atrades(env, 5)
                    await atrades.start()
                await atrades.move(rng)
            taken = answers.since(first, moves=kind != "/help")
            times[kind] += taken[-1:]
    finally:
        probe.close()
        await env.shutdown()
        await bot.storage.close()
    return times


def bare_answers() -> None:
    """Every move's answer "✅ Accepted." alone (`--bare`), where `Presenter.reply` sends it."""

    async def reply(
        self: Presenter,
        interaction: discord.Interaction[Any],
        row: Any,
        outcome: Any,
        players: Any,
        *,
        replace: bool = False,
    ) -> None:
        if replace:
            await interaction.response.edit_message(content=BARE, view=None)
        else:
            await interaction.response.send_message(BARE, ephemeral=True)

    Presenter.reply = reply  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=300, help="of each kind")
    parser.add_argument("--sync", choices=["full", "normal"], default="full")
    parser.add_argument("--bare", action="store_true", help='each move answered "✅ Accepted."')
    parser.add_argument("--parts", action="store_true", help="the CPU time of PARTS' calls too")
    args = parser.parse_args(argv)
    install_probes()
    if args.bare:
        bare_answers()
    parts = Parts() if args.parts else None
    if parts is not None:
        parts.install()
    load = os.getloadavg()[0]
    print(
        f"Dealer answer benchmark: Python {platform.python_version()} on {os.cpu_count()} CPUs"
        f" ({cpu_model()}); SQLite, DATABASE_SYNC={args.sync}"
        f"{'; moves answered bare' if args.bare else ''}; load average before: {load:.2f}"
    )
    with tempfile.TemporaryDirectory(prefix="dealer-answer-") as folder:
        measured = asyncio.run(measure(Path(folder), args.samples, args.sync, parts))
    for end, name in enumerate(ENDS):
        print(f" {name}:")
        helps = measured["/help"]
        help_p99 = percentile([spans[end][0] for spans in helps], 99)
        help_cpu_p99 = percentile([spans[end][1] for spans in helps], 99)
        for kind, times in measured.items():
            if kind == SYNC and end:
                continue  # not an interaction: one span, printed once
            values = [spans[end][0] for spans in times]
            cpu = [spans[end][1] for spans in times]
            line = (
                f"  {kind:13} p50 {ms(percentile(values, 50)):>8}   p99 "
                f"{ms(percentile(values, 99)):>8}   mean {ms(statistics.fmean(values)):>8}"
                f"   CPU p50 {ms(statistics.median(cpu)):>8}   CPU p99 {ms(percentile(cpu, 99)):>8}"
                f"   n={len(values)}"
            )
            if kind == SYNC:
                line += f"   p99 / /help's: {percentile(values, 99) / help_p99:.2f} (this disk)"
            if kind in TARGETS:
                ratio = percentile(values, 99) / help_p99
                # A bare answer is not the bot's: its ratio is a floor, not the target's measure.
                judged = (
                    "floor, not judged"
                    if args.bare
                    else f"target <= {TARGETS[kind]}: {verdict(ratio <= TARGETS[kind])}"
                )
                line += (
                    f"   p99 / /help's: {ratio:.2f} ({judged}); CPU p99 / /help's:"
                    f" {percentile(cpu, 99) / help_cpu_p99:.2f}"
                )
            print(line)
    if parts is not None:
        parts.report()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
