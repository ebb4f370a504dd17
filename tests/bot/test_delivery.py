"""One delivery path (issue 39): a move of a game that presents its moves with the public views
around them (`GameTexts.public_view`) is delivered from what was stored with it and with the
delivery before it, never from the match replayed from its setup: the same messages, once
each, whether the bot delivers it at once or after a crash and a restart."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.errors import UserError
from bot.i18n import pseudo_locale
from bot.service import MatchService
from games.core.errors import RuleError
from games.registry import engine_for
from tests.bot.conftest import make_bot, replay_refused
from tests.drivers.atrades import Atrades
from tests.drivers.common import status_edits_done
from tests.drivers.mars_auction import Auction
from tests.drivers.marsbot_draft import Draft
from tests.drivers.project_mars import Mars

#: Each game whose texts present its moves with the views around them.
GAMES = ["project-mars", "atrades", "mars-auction", "marsbot-draft"]
#: A link to a message, its channel's part kept.
LINK = re.compile(r"(https://discord\.com/channels/\d+/\d+)/\d+")


async def started(env: Any, game: str) -> tuple[int, Any, list[Any]]:
    """A match of `game` started through Discord: its id, its channel, and the members who
    may read its messages."""
    if game == "project-mars":
        mars = Mars(env)
        await mars.start()
        return mars.match_id, mars.channel, [mars.ann, mars.bob]
    if game == "marsbot-draft":
        draft = Draft(env)
        r = await draft.ann.slash(draft.channel, "match create marsbot-draft")
        assert not r.ephemeral, r.response.content
        await draft.opened()
        return draft.match_id, draft.channel, [draft.ann]
    table = Atrades(env, 3) if game == "atrades" else Auction(env, 3)
    await table.start()
    return table.match_id, table.channel, [table.host, *table.players, table.onlooker]


async def moved(bot: Any, match_id: int, rnd: random.Random) -> int | None:
    """A random move the match accepts (`Engine.random_move`), committed and not delivered:
    its seq, or None once the match is over."""
    row = await bot.storage.match(match_id)
    if row.status != "running":
        return None
    engine = engine_for(row.game)
    for _ in range(50):
        actor, move = engine.random_move(await bot.service.state(row), rnd)
        try:
            outcome = await bot.service.submit(
                match_id, actor, engine.moves.dump_python(move, mode="json")
            )
        except (RuleError, UserError):
            continue
        seq: int = outcome.seq
        return seq
    raise AssertionError("no random move was accepted")


def posted(channel: Any, members: list[Any]) -> list[list[tuple[str, list[str]]]]:
    """Every message the bot has posted where these members read: in the match's channel and
    its threads, and in each member's DMs, in order (its text and its images' descriptions).
    A link to a message (the board, posted anew where it has drifted up its channel) reads
    without that message's id."""
    places = [
        channel,
        *channel.threads,
        *(m.user.dm_channel for m in members if m.user.dm_channel is not None),
    ]
    return [
        [
            (LINK.sub(r"\1", m.content), [a.description or "" for a in m.attachments])
            for m in place.history()
        ]
        for place in places
    ]


def since(
    before: list[list[tuple[str, list[str]]]], now: list[list[tuple[str, list[str]]]]
) -> list[list[tuple[str, list[str]]]]:
    return [place[len(before[i]) if i < len(before) else 0 :] for i, place in enumerate(now)]


@pytest.mark.parametrize(
    ("game", "stored_by"),
    [*((game, "this version") for game in GAMES), ("project-mars", "the version before")],
)
async def test_moves_undelivered_at_a_crash_go_out_after_the_restart_as_they_would_have(
    simcord_env: Any,
    db_path: Path | str,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    game: str,
    stored_by: str,
) -> None:
    """Moves committed and not delivered when the bot stops (a crash between the commit and
    the messages; the second and later of them stored while the one before was undelivered)
    go out after the restart exactly as the bot delivered them without one, once each, and
    neither time is the match replayed from its setup. Moves stored by the version before,
    which kept no views for their delivery, still go out the same after a restart, their
    views rebuilt from the record. The deliveries the test asks for are the bot's work, in
    its language (the pseudo-locale's under `--pseudo-locale`, as after the restart): an alt
    text says less where its whole would run past Discord's limit in that language."""
    match_id, channel, members = await started(simcord_env, game)
    bot = simcord_env.bot
    as_the_bot = (
        pseudo_locale if request.config.getoption("--pseudo-locale") else contextlib.nullcontext
    )
    rnd = random.Random(7)
    for _ in range(2):
        seq = await moved(bot, match_id, rnd)
        assert seq is not None
        with as_the_bot():
            await bot.presenter.flush(match_id)
    await status_edits_done(bot)
    kept = await bot.storage.delivered_view(match_id)
    assert kept is not None, "the delivery kept the view after its last move"
    [(drift,)] = await bot.storage.backend.read(
        "SELECT status_drift FROM matches WHERE id = ?", (match_id,)
    )
    with monkeypatch.context() as refused:
        refused.setattr(MatchService, "replay", replay_refused)
        refused.setattr(MatchService, "views_around", replay_refused)
        undelivered = [s for s in [await moved(bot, match_id, rnd) for _ in range(3)] if s]
        assert len(undelivered) >= 2
        pending = await bot.storage.pending_events(match_id)
        assert [i.seq for i in pending] == undelivered
        assert pending[0].view_before is None, "the view before it was kept by the last delivery"
        assert all(i.view_before is not None for i in pending[1:]), "stored with the move"

        first = posted(channel, members)
        with as_the_bot():
            await bot.presenter.flush(match_id)
        await status_edits_done(bot)
        second = posted(channel, members)
        at_once = since(first, second)
        assert any(at_once), "the moves said something"
        assert await bot.storage.pending_events(match_id) == []

    # The same moves undelivered again, as the crash left them: then a restart.
    await bot.storage._execute(
        "UPDATE log SET delivered = 0 WHERE match_id = ? AND seq >= ?",
        (match_id, undelivered[0]),
    )
    await bot.storage._execute(
        "UPDATE matches SET view_seq = ?, view = ?, status_drift = ? WHERE id = ?",
        (*kept, drift, match_id),
    )
    if stored_by == "this version":
        monkeypatch.setattr(MatchService, "replay", replay_refused)
        monkeypatch.setattr(MatchService, "views_around", replay_refused)
    else:
        await bot.storage._execute(
            "UPDATE log SET view_before = NULL WHERE match_id = ?", (match_id,)
        )
        await bot.storage._execute(
            "UPDATE matches SET view_seq = NULL, view = NULL WHERE id = ?", (match_id,)
        )
    await simcord_env.restart_bot(make_bot(db_path))
    await status_edits_done(simcord_env.bot)
    third = posted(channel, members)
    assert since(second, third) == at_once
    assert await simcord_env.bot.storage.pending_events(match_id) == []

    await simcord_env.restart_bot(make_bot(db_path))
    await status_edits_done(simcord_env.bot)
    assert posted(channel, members) == third, "once each"
