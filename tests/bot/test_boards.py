"""The render workers behind `bot.boards`: what they return is what rendering in turn
returns, an error or a dying worker fails only its own job, the workers outlive event
loops and stop when the bot closes, and a job done before is answered without a worker."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot import boards
from bot.app import create_bot
from bot.games.mars_auction.texts import MarsAuctionTexts, SettlementShown
from bot.games.project_mars.texts import ProjectMarsTexts, RoundBoard
from bot.games.registry import plugin_for
from bot.render_worker import WORKER_NICENESS
from bot.season_board import standings_board
from games.auction_auction import ENGINE
from games.auction_auction.model import Result, Standing
from games.auction_auction.views import CardView
from games.core.drawing import Board
from games.core.match import Match
from games.project_mars.events import MarsMatchEnded
from tests.render.golden import seen
from tools import render_samples
from tools.render_samples import GENRE, Played

#: Tests of the workers themselves: the boards they draw are compared with boards drawn here.
pytestmark = pytest.mark.pictures

GAME = "auction-auction"


@pytest.fixture(scope="module")
def played() -> Played:
    return render_samples.five_players()


@pytest.fixture(autouse=True)
def no_kept_replies() -> None:
    """Each test's jobs reach a worker (a job an earlier test did would not)."""
    boards._REPLIES.clear()


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The pickled jobs sent to a worker, in order."""
    sent: list[bytes] = []
    ask = boards._POOL.ask

    async def counting(message: bytes) -> bytes:
        sent.append(message)
        return await ask(message)

    monkeypatch.setattr(boards._POOL, "ask", counting)
    return sent


@pytest.fixture
def own_pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[boards._Pool]:
    """A pool of its own, for a test that kills or stops workers: the process's pool, whose
    worker has every game's fonts loaded (a cold one takes a quarter of a second over its
    first card), is left to the other tests, and no worker killed here is handed one of
    theirs."""
    pool = boards._Pool(1)
    monkeypatch.setattr(boards, "_POOL", pool)
    yield pool
    pool.shutdown()


def seen_all(drawn: list[Board | None]) -> list[tuple[bytes, str, str, str] | None]:
    """What a person gets of each board (`seen`: its pixels and words, not its PNG's bytes,
    which another process may deflate otherwise)."""
    return [None if board is None else seen(board) for board in drawn]


def a_view(played: Played) -> CardView:
    return next(iter(played.views.values()))


async def busy_worker(job: asyncio.Task[Any]) -> boards._Worker:
    """The worker rendering `job`, once it has one; the job's own error if it ends first
    (a job that never reached a worker would otherwise be waited for forever)."""
    while not boards._POOL.busy:
        if job.done():
            job.result()
            raise AssertionError("the job ended without reaching a worker")
        await asyncio.sleep(0)
    return next(iter(boards._POOL.busy))


async def test_boards_from_the_workers_equal_those_rendered_in_turn(played: Played) -> None:
    events = [e.told().to_json() for e in [*played.access, *played.lots.values()]]
    views = list(played.views.values())
    got = await asyncio.gather(
        *(boards.board(plugin_for(GAME).texts, event, played.names) for event in events),
        *(boards.card(plugin_for(GAME).texts, view, played.names) for view in views),
    )
    ui = plugin_for(GAME).texts
    expected = [ui.board(event, played.names) for event in events]
    expected += [ui.card(view, played.names) for view in views]
    assert all(board is not None for board in got)
    assert seen_all(got) == seen_all(expected)


async def test_project_mars_and_season_boards_come_from_the_workers_too() -> None:
    pm = render_samples.mars_match()
    game = ProjectMarsTexts.game
    result = render_samples.shown(pm.result)
    events = [
        *(
            RoundBoard(
                round=c.round, winner=c.winner, score=c.score, players=c.players, laid=c.fields
            )
            .told()
            .to_json()
            for c in pm.rounds
        ),
        MarsMatchEnded(**dict(result)).told().to_json(),
    ]
    season = render_samples.season_standings()
    got = await asyncio.gather(
        *(boards.board(plugin_for(game).texts, event, pm.names) for event in events),
        boards.status_board(plugin_for(game).texts, pm.table, pm.names),
        boards.card(plugin_for(game).texts, pm.hand, pm.names),
        boards.standings(season),
    )
    ui = plugin_for(game).texts
    expected = [ui.board(event, pm.names) for event in events]
    expected += [
        ui.status_board(pm.table, pm.names),
        ui.card(pm.hand, pm.names),
        standings_board(season),
    ]
    assert all(board is not None for board in got)
    assert seen_all(got) == seen_all(expected)


async def test_mars_auction_boards_come_from_the_workers_too() -> None:
    ma = render_samples.auction_matches()
    texts = MarsAuctionTexts()
    settled = render_samples.shown(ma.settlement)
    shown = SettlementShown(
        auction=settled.auction, generation=settled.generation, players=settled.players
    )
    events = [shown.told().to_json(), render_samples.shown(ma.final).told().to_json()]
    assert ma.limited is not None and ma.unlimited is not None
    views = [ma.limited, ma.unlimited]
    got = await asyncio.gather(
        *(boards.board(texts, event, ma.names) for event in events),
        *(boards.status_board(texts, view, ma.names) for view in views),
    )
    assert got == [
        *(texts.board(event, ma.names) for event in events),
        *(texts.status_board(view, ma.names) for view in views),
    ]
    assert all(board is not None for board in got)


async def test_a_job_is_any_top_level_function_and_its_arguments() -> None:
    assert await boards.render(divmod, 17, 5) == (3, 2)
    with pytest.raises(ZeroDivisionError):
        await boards.render(divmod, 1, 0)


async def test_an_error_in_a_worker_reaches_the_caller_with_where_it_was_raised(
    played: Played,
) -> None:
    view = a_view(played)
    # A hand no rule names: the card cannot word it.
    standing = Standing(player=view.me.player, place=1, hand="bogus", cubes={}, cash=0)
    result = Result(
        standings=[standing],
        tokens_of_life={},
        garnets={},
        elimination_candidates=[],
        prize_pool_increase=0,
    )
    broken = view.model_copy(update={"phase": "ended", "result": result})
    with pytest.raises(KeyError) as caught:
        await boards.card(plugin_for(GAME).texts, broken, played.names)
    assert "raised in the render worker" in "".join(caught.value.__notes__)
    card = await boards.card(plugin_for(GAME).texts, a_view(played), played.names)
    assert card == plugin_for(GAME).texts.card(a_view(played), played.names)


async def test_a_worker_that_dies_fails_its_job_and_is_replaced(own_pool: boards._Pool) -> None:
    # A job that cannot be done before the kill (a card could be, and its reply be read).
    job = asyncio.create_task(boards.render(time.sleep, 60))
    worker = await busy_worker(job)
    worker.process.kill()
    with pytest.raises(boards.WorkerDied):
        await job
    assert worker.process.returncode is not None
    assert worker not in own_pool.idle
    assert await boards.render(divmod, 17, 5) == (3, 2)
    assert own_pool.idle and worker not in own_pool.idle


async def test_a_worker_that_died_while_idle_is_replaced_before_the_next_job(
    own_pool: boards._Pool,
) -> None:
    assert await boards.render(divmod, 17, 5) == (3, 2)
    dead = list(own_pool.idle)
    assert dead
    for worker in dead:
        worker.process.kill()
        worker.process.wait()
    # Another job than the first, whose reply is kept (it would be answered without one).
    assert await boards.render(divmod, 18, 5) == (3, 3)
    assert own_pool.idle and not set(dead) & set(own_pool.idle)


async def test_a_render_cancelled_midway_stops_its_worker(own_pool: boards._Pool) -> None:
    job = asyncio.create_task(boards.render(time.sleep, 60))
    worker = await busy_worker(job)
    job.cancel()
    with pytest.raises(asyncio.CancelledError):
        await job
    assert worker.process.returncode is not None
    assert worker not in own_pool.idle
    assert await boards.render(divmod, 17, 5) == (3, 2)


def test_the_workers_outlive_an_event_loop(played: Played) -> None:
    first = asyncio.run(boards.card(plugin_for(GAME).texts, a_view(played), played.names))
    workers = list(boards._POOL.idle)
    again = asyncio.run(boards.card(plugin_for(GAME).texts, a_view(played), played.names))
    assert again == first
    assert boards._POOL.idle == workers


async def test_closing_the_bot_stops_the_workers(own_pool: boards._Pool, tmp_path: Path) -> None:
    assert await boards.render(divmod, 17, 5) == (3, 2)
    workers = list(own_pool.idle)
    assert workers
    # Closed as `python -m bot` closes it: on leaving `async with` (discord.py's sharded
    # client cannot be closed before it is entered).
    async with create_bot(tmp_path / "dealer.db"):
        pass
    assert not own_pool.idle
    assert all(worker.process.returncode is not None for worker in workers)


async def test_the_workers_run_at_a_lower_priority_not_an_idle_one() -> None:
    """A worker yields to the bot's loop but still gets CPU on a busy host: the normal policy
    at a higher nice value (under SCHED_IDLE, boards took a minute on a loaded machine).
    Asked with `os`'s own functions: a function of this module would have the worker import
    the module, and with it the whole bot (0.7 s of CPU)."""
    policy = await boards.render(os.sched_getscheduler, 0)
    niceness = await boards.render(os.getpriority, os.PRIO_PROCESS, 0)
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert policy == os.SCHED_OTHER
    assert niceness == min(19, mine + WORKER_NICENESS)


async def test_a_job_done_before_is_not_sent_to_a_worker_again(
    played: Played, asked: list[bytes]
) -> None:
    texts = plugin_for(GAME).texts
    first = await boards.card(texts, a_view(played), played.names)
    again = await boards.card(texts, a_view(played), played.names)
    assert len(asked) == 1
    assert again == first == texts.card(a_view(played), played.names)


async def test_a_different_job_is_sent_to_a_worker(played: Played, asked: list[bytes]) -> None:
    texts = plugin_for(GAME).texts
    mine, theirs = list(played.views.values())[:2]
    renamed = {player: f"{name} II" for player, name in played.names.items()}
    first = await boards.card(texts, mine, played.names)
    card = await boards.card(texts, theirs, played.names)
    other_names = await boards.card(texts, mine, renamed)
    assert len(asked) == 3
    assert card == texts.card(theirs, played.names) != first
    assert other_names == texts.card(mine, renamed) != first


async def test_without_pictures_the_bots_process_makes_the_words_alone(
    played: Played, asked: list[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`PICTURES` off (the suite's tests that read no picture), the bot's own process makes
    the board's words as drawn, its PNG empty, as a worker would (from the job's pickle), and
    no worker is asked; the job is another job than the drawn one's, so neither is answered
    with the other's kept reply."""
    texts = plugin_for(GAME).texts
    view = a_view(played)
    drawn = await boards.card(texts, view, played.names)
    monkeypatch.setattr(boards, "PICTURES", False)
    told = await boards.card(texts, view, played.names)
    assert len(asked) == 1, "only the drawn board reached a worker"
    assert drawn is not None and drawn.png.startswith(b"\x89PNG")
    assert told == replace(drawn, png=b"")


async def test_an_error_is_not_kept_but_raised_again_by_a_worker(asked: list[bytes]) -> None:
    for _ in range(2):
        with pytest.raises(ZeroDivisionError):
            await boards.render(divmod, 1, 0)
    assert len(asked) == 2


def test_the_replies_kept_stay_within_their_bound_dropping_the_least_recently_used() -> None:
    replies = boards._Replies(limit=100)
    replies.put(b"a", bytes(40))
    replies.put(b"b", bytes(40))
    assert replies.get(b"a") == bytes(40)
    replies.put(b"c", bytes(40))
    assert replies.size == 80
    assert replies.get(b"b") is None
    assert replies.get(b"a") == bytes(40)
    assert replies.get(b"c") == bytes(40)
    replies.put(b"d", bytes(101))
    assert replies.get(b"d") is None
    assert replies.size == 80
    replies.put(b"e", bytes(100))
    assert list(replies.replies) == [b"e"]
    assert replies.size == 100


async def test_a_card_is_asked_for_with_only_what_it_draws(asked: list[bytes]) -> None:
    """Another player's submission changes the view, another player's name the names, not
    the card (`card_input`): no second job. The player's own name is a new card."""
    texts = plugin_for(GAME).texts
    match, _ = Match.start(ENGINE, list(render_samples.FIVE), {}, seed=1)
    played = Played(dict(render_samples.FIVE), match)
    played.bid("501", GENRE, 12)
    first = await boards.card(texts, played.view("501"), played.names)
    played.bid("502", GENRE, 40)
    again = await boards.card(texts, played.view("501"), played.names)
    renamed = {**played.names, "502": "Someone Else"}
    other_renamed = await boards.card(texts, played.view("501"), renamed)
    assert len(asked) == 1
    assert other_renamed == again == first == texts.card(played.view("501"), played.names)
    mine_renamed = await boards.card(texts, played.view("501"), {**renamed, "501": "Annie"})
    assert len(asked) == 2
    assert mine_renamed == texts.card(played.view("501"), {**renamed, "501": "Annie"}) != first


async def test_a_game_without_cards_asks_no_worker(asked: list[bytes]) -> None:
    ma = render_samples.auction_matches()
    texts = MarsAuctionTexts()
    assert ma.limited is not None
    assert await boards.card(texts, ma.limited, ma.names) is None
    assert await boards.card(texts, ma.unlimited, {}) is None
    assert texts.card(ma.limited, ma.names) is None
    assert len(asked) == 0
