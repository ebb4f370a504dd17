"""The typed wait signal in the presenter (issue 21): what a move did to the match's wait is
the contract's (`Turn.wait`), stored with the move in the outbox (`bot.service.Wait`), so a
delivery after a restart knows it; a move stored before the bot kept it (no `wait`) still
delivers, the same, its wait worked out from the record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.service import Wait
from games.core.contract import Phase, Turn
from tests.bot.conftest import Table, make_bot


def phase(id_: str, clock: str | None = "turn") -> Phase:
    return Phase(name=id_, title=f"Phase {id_}", clock=clock, id=id_, on_deadline="-")


def turn(*ids: str, must: list[str] | None = None) -> Turn:
    phases = [phase(i) for i in ids]
    return Turn(
        phase=phases[-1],
        enclosing=phases[:-1],
        players=["a", "b"],
        out=[],
        must=must if must is not None else ["a"],
        may=["a", "b"],
    )


def began(before: tuple[str, ...] | None, after: Turn) -> list[str]:
    return [p.id for p in Wait.after(before, after).began]


def test_a_wait_begins_at_the_outermost_phase_whose_id_changed() -> None:
    assert began(None, turn("r1", "a1")) == ["r1", "a1"], "the setup begins every phase"
    assert began(("r1", "a1"), turn("r1", "a1")) == [], "the same wait goes on"
    assert began(("r1", "a1"), turn("r1", "a2")) == ["a2"]
    assert began(("r1", "a1"), turn("r2", "a1")) == ["r2", "a1"], "a new round: both"
    assert began(("r1", "a1"), turn("r1", "a1", "m1", "o1")) == ["m1", "o1"], "a merger inside"
    assert began(("r1", "a1", "m1", "o4"), turn("r1", "a1")) == ["a1"], "back out: the action"
    wait = Wait.after(("r1", "a1"), turn("r1", "a2", must=["b"]))
    assert wait.opened and wait.calls and wait.must == ("b",) and wait.may == ("a", "b")
    assert Wait.from_json(wait.to_json()) == wait
    assert not Wait.after(("r1", "a1"), turn("r1", "a1")).opened


def test_the_end_is_a_new_wait_that_calls_nobody() -> None:
    ended = Turn(phase=phase("ended", None), players=["a"], out=[], must=[], may=[])
    wait = Wait.after(("p-1",), ended, ended=True)
    assert wait.opened and not wait.calls and wait.ended
    assert Wait.from_json(wait.to_json()) == wait


async def test_a_move_stored_before_the_wait_was_kept_delivers_the_same(
    simcord_env: Any, db_path: Path
) -> None:
    """The close of an Access phase, delivered; then stored again as the previous version
    kept it (no `wait`) and not yet delivered, as after a crash: after a restart it is
    delivered as it was the first time, the next phase's deadline and My 1-on-1 button in
    the channel and each player's 1-on-1 by DM."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    for member in t.players:
        await member.slash(t.channel, "bid", target="genre-shop", amount=5)
    posts = len(t.channel.history())
    dms = {m.id: len(m.user.dm_channel.history()) for m in t.players}
    await t.close_phase()
    first = [m.content for m in t.channel.history()[posts:]]
    told = {m.id: [d.content for d in m.user.dm_channel.history()[dms[m.id] :]] for m in t.players}
    assert any("Closes <t:" in text for text in first), first
    assert all(len(texts) == 1 and "Your 1-on-1" in texts[0] for texts in told.values())
    assert await t.bot.storage.pending_events(t.match_id) == [], "delivered"
    seq = await t.bot.storage.last_seq(t.match_id)
    [(stored,)] = await t.bot.storage.backend.read(
        "SELECT wait FROM log WHERE match_id = ? AND seq = ?", (t.match_id, seq)
    )
    assert '"began"' in stored, "kept with the move"
    await t.bot.storage._execute(
        "UPDATE log SET wait = NULL, delivered = 0 WHERE match_id = ? AND seq = ?",
        (t.match_id, seq),
    )
    posts = len(t.channel.history())
    dms = {m.id: len(m.user.dm_channel.history()) for m in t.players}
    await simcord_env.restart_bot(make_bot(db_path))
    again = [m.content for m in t.channel.history()[posts:]]
    threads = "Auction Auction · round"  # made the first time, kept: not made again
    assert again == [text for text in first if not text.startswith(threads)]
    for member in t.players:
        texts = [d.content for d in member.user.dm_channel.history()[dms[member.id] :]]
        assert texts == told[member.id], member.name
    assert await t.bot.storage.pending_events(t.match_id) == []
