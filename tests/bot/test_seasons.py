"""Genius series through Discord: seasons, the ledger, garnet trades, prizes, eliminations."""

from __future__ import annotations

import csv
import io
import random
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest

from bot.players import player_id
from bot.presenter import Presenter
from bot.season_board import WITHHELD
from bot.storage import LedgerEntry
from bot.storage.seasons import SeasonStore
from tests.bot.conftest import make_bot, readable
from tests.drivers.seasons import Series
from tests.words import ruling_ids_sent


async def test_a_season_of_two_matches_keeps_its_ledger(simcord_env: Any) -> None:
    t = Series(simcord_env, 4)
    started = await t.boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    assert not started.ephemeral and "**Season Spring** has started" in started.response.content
    assert "every Auction Auction match started in this server counts for it" in (
        started.response.content
    ), "Project Mars and the other games count for no season"

    lobby = await t.open(phase_minutes=60, rounds=1)
    assert "Counts for **season Spring**" in lobby.content
    await t.host.click(lobby, label="Start")
    state = await t.state()
    assert all(seat.garnets == 3 for seat in state.seats.values())
    assert set(await t.balances()) == {f"player{i}" for i in range(4)}

    trader = t.players[0]
    r = await trader.slash(t.channel, "garnet-trade")
    assert r.ephemeral and "Garnets left: 2" in r.response.content, r.response.content
    trade = [row for row in await t.ledger() if row.kind == "trade"]
    assert [(row.name, row.garnets, row.pending) for row in trade] == [("player0", -1, True)]
    assert (await t.balances())["player0"].garnets == 2

    # AA-14: the trade is private until the match ends; public standings leave it out.
    standings = await t.players[1].slash(t.channel, "season standings")
    text = "\n".join(readable([standings.response]))
    assert "player0: 3 garnets" in text and WITHHELD in text
    assert "player0: 2 garnets" not in text and "2 garnets" not in text
    mine = await trader.slash(t.channel, "season history")
    assert "-1 garnet — spent in Auction Auction match" in mine.response.content
    assert "only you see this" in mine.response.content
    theirs = await t.players[1].slash(t.channel, "season history", member=trader.user)
    assert "-1 garnet" not in theirs.response.content

    await t.play_to_end(random.Random(5))
    result = (await t.state()).result
    assert result is not None
    rows = await t.ledger()
    prizes = {row.name: (row.garnets, row.tokens) for row in rows if row.kind == "prize"}
    names = {str(p.id): p.name for p in t.players}
    expected = {
        names[p]: (result.garnets.get(p, 0), result.tokens_of_life.get(p, 0))
        for p in {*result.garnets, *result.tokens_of_life}
    }
    assert prizes == expected and prizes
    candidates = [row.name for row in rows if row.kind == "candidate"]
    assert candidates == [names[p] for p in result.elimination_candidates]
    assert not any(row.pending for row in rows)
    announcement = next(
        m.content
        for m in t.channel.history()
        if "Season Spring: the ledger is updated" in m.content
    )
    for p in result.elimination_candidates:
        assert names[p] in announcement.split("Elimination candidates:")[1]
    assert "tokens of life" in announcement

    # The second match deals the balances the first one left.
    after_first = await t.balances()
    lobby = await t.open(phase_minutes=60, rounds=1)
    await t.host.click(lobby, label="Start")
    state = await t.state()
    for p in t.players:
        assert state.seats[str(p.id)].garnets == after_first[p.name].garnets
    await t.play_to_end(random.Random(6))
    second = (await t.state()).result
    assert second is not None
    final = await t.balances()
    for p in t.players:
        pid = str(p.id)
        won = second.garnets.get(pid, 0)
        assert final[p.name].garnets == after_first[p.name].garnets + won
        assert final[p.name].tokens == sum(r.tokens_of_life.get(pid, 0) for r in (result, second))
    pool = sum(r.prize_pool_increase for r in (result, second))
    standings = await t.players[2].slash(t.channel, "season standings")
    assert f"Prize pool: ${pool}." in standings.response.content
    assert standings.response.attachments[0].filename == "season-standings.png"
    assert "player0" in (standings.response.attachments[0].description or "")
    assert ruling_ids_sent(simcord_env) == []


async def test_prizes_are_paid_once_across_a_crash_at_the_end(
    simcord_env: Any, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Crashes")
    await t.start(phase_minutes=60, rounds=1)
    rnd = random.Random(3)
    await t.play_random_phase(rnd, by_button=False)
    await t.close_phase()
    await t.play_random_phase(rnd, by_button=False)

    # The process dies inside the transaction that ends the match: nothing of it is kept.
    def die(self: SeasonStore, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("match") is not None:
            raise KeyboardInterrupt
        return original(self, *args, **kwargs)

    original = SeasonStore._append
    monkeypatch.setattr(SeasonStore, "_append", die)
    with pytest.raises(KeyboardInterrupt):
        await t.bot.service.submit(t.match_id, "host", {"type": "close_phase"})
    monkeypatch.undo()
    assert not [row for row in await t.ledger() if row.kind == "prize"]
    await simcord_env.restart_bot(make_bot(db_path))
    assert (await t.state()).phase == "auction"

    # Then it dies after the commit, before anything is posted.
    async def crash_before_delivery(self: Presenter, match_id: int | None = None) -> None:
        return None

    monkeypatch.setattr(Presenter, "flush", crash_before_delivery)
    await t.close_phase()
    monkeypatch.undo()
    await simcord_env.restart_bot(make_bot(db_path))
    await simcord_env.restart_bot(make_bot(db_path))

    rows = await t.ledger()
    result = (await t.state()).result
    assert result is not None
    paid = [row for row in rows if row.kind == "prize"]
    assert len(paid) == len({*result.garnets, *result.tokens_of_life}) > 0
    announced = [m for m in t.channel.history() if "ledger is updated" in m.content]
    assert len(announced) == 1
    again = await t.host.slash(t.channel, "match close-phase")
    assert again.ephemeral and "no open match" in again.response.content
    assert len([row for row in await t.ledger() if row.kind == "prize"]) == len(paid)


async def test_eliminated_members_cannot_join_until_reinstated(simcord_env: Any) -> None:
    t = Series(simcord_env, 5)
    await t.boss.slash(t.channel, "season start", name="Cuts")
    out = t.players[4]
    r = await t.boss.slash(t.channel, "season eliminate", member=out, reason="lost the deathmatch")
    assert "is **eliminated**" in r.response.content
    lobby = (await t.host.slash(t.channel, "match create auction-auction")).response
    for p in t.players[:4]:
        await p.click(lobby, label="Join")
    refused = await out.click(lobby, label="Join")
    assert refused.ephemeral and "eliminated from season Cuts" in refused.response.content
    row = await t.bot.storage.open_match_in(t.channel.id)
    assert row is not None
    assert [p.name for p in await t.bot.storage.players(row.id)] == [f"player{i}" for i in range(4)]

    again = await t.boss.slash(t.channel, "season eliminate", member=out)
    assert again.ephemeral and "already eliminated" in again.response.content
    await t.boss.slash(t.channel, "season reinstate", member=out, reason="won a token")
    joined = await out.click(lobby, label="Join")
    assert not joined.ephemeral or "eliminated" not in joined.response.content
    assert len(await t.bot.storage.players(row.id)) == 5

    # Eliminated after joining: Start takes them out of the lobby and asks again.
    await t.boss.slash(t.channel, "season eliminate", member=out)
    start = await t.host.click(lobby, label="Start")
    assert start.ephemeral and "player4 is eliminated" in start.response.content
    assert "press Start again" in start.response.content
    assert len(await t.bot.storage.players(row.id)) == 4
    started = await t.host.click(lobby, label="Start")
    assert "started with 4 players" in started.response.content
    history = await t.players[0].slash(t.channel, "season history", member=out.user)
    lines = history.response.content
    assert "eliminated — lost the deathmatch" in lines and "reinstated — won a token" in lines
    assert "(by <@" in lines


async def test_a_bot_takes_no_part_in_a_season(simcord_env: Any) -> None:
    t = Series(simcord_env, 2)
    await t.boss.slash(t.channel, "season start", name="Members", starting_garnets=3)
    other = t.guild.add_member(simcord_env.create_user("otherbot", bot=True))
    for command, options in [
        ("season enrol", {}),
        ("season adjust", {"garnets": 1, "reason": "x"}),
        ("season eliminate", {}),
        ("season reinstate", {}),
    ]:
        r = await t.boss.slash(t.channel, command, member=other, **options)
        assert r.ephemeral and r.response.content == (
            "otherbot is a bot: only members play, so only they take part in a season."
        ), (command, r.response.content)
    assert [row.kind for row in await t.ledger()] == []


async def test_a_long_history_comes_as_a_file_read_outside_discord(simcord_env: Any) -> None:
    """Past the lines a reply holds, the whole history is a file: plain text, with dates and
    names instead of Discord's markup, which nothing outside Discord reads."""
    t = Series(simcord_env, 2)
    await t.boss.slash(t.channel, "season start", name="Long", starting_garnets=3)
    for i in range(20):
        await t.boss.slash(
            t.channel, "season adjust", member=t.players[0], garnets=1, reason=f"r{i}"
        )
    history = await t.players[1].slash(t.channel, "season history")
    body = (await history.response.attachments[0].read()).decode()
    lines = body.splitlines()
    day = simcord_env.now().astimezone(UTC).date().isoformat()
    assert lines[0] == "Season Long — All ledger entries (21):"
    assert lines[1] == f"{day} player0: +3 garnets — enrolled (by boss)", lines[1]
    assert lines[-1] == f"{day} player0: +1 garnet — r19 (by boss)"
    assert "<t:" not in body and "<@" not in body and "_" not in body


async def test_season_commands_are_for_hosts(simcord_env: Any) -> None:
    t = Series(simcord_env, 2)
    member = t.players[0]
    for command, args in [
        ("season start", {"name": "Mine"}),
        ("season end", {}),
        ("season adjust", {"member": t.players[1], "garnets": 5, "reason": "because"}),
        ("season eliminate", {"member": t.players[1]}),
        ("season reinstate", {"member": t.players[1]}),
        ("season enrol", {"member": t.players[1]}),
    ]:
        r = await member.slash(t.channel, command, **args)
        assert r.ephemeral and "Only a host can do that" in r.response.content, command
    assert await t.bot.storage.open_season(t.guild.id) is None
    await t.boss.slash(t.channel, "season start", name="Theirs")
    season = await t.season()
    for command, args in [
        ("season adjust", {"member": t.players[1], "garnets": 5, "reason": "because"}),
        ("season eliminate", {"member": t.players[1]}),
        ("season end", {}),
    ]:
        r = await member.slash(t.channel, command, **args)
        assert r.ephemeral and "Only a host can do that" in r.response.content, command
    assert await t.ledger() == [] and (await t.season()).id == season.id

    # The host role set with /config host-role makes a host too.
    role = t.guild.create_role("Hosts")
    helper = t.guild.add_member(simcord_env.create_user("helper"), roles=[role])
    await t.boss.slash(t.channel, "config host-role", role=role)
    ok = await helper.slash(t.channel, "season enrol", member=t.players[1])
    assert "is enrolled in **season Theirs** with 3 garnets" in ok.response.content


async def test_adjustments_never_take_a_balance_below_zero(simcord_env: Any) -> None:
    t = Series(simcord_env, 2)
    await t.boss.slash(t.channel, "season start", name="Floors", starting_garnets=1)
    p = t.players[0]
    r = await t.boss.slash(t.channel, "season adjust", member=p, garnets=-2, reason="penalty")
    assert r.ephemeral and "never go below zero" in r.response.content
    assert [row.kind for row in await t.ledger()] == ["enrol"]
    r = await t.boss.slash(t.channel, "season adjust", member=p, tokens=-1, reason="penalty")
    assert r.ephemeral and "never go below zero" in r.response.content
    r = await t.boss.slash(t.channel, "season adjust", member=p, reason="nothing")
    assert r.ephemeral and "Nothing to change" in r.response.content
    r = await t.boss.slash(
        t.channel, "season adjust", member=p, garnets=2, tokens=1, reason="bonus round"
    )
    assert not r.ephemeral and "+2 garnets and +1 token of life (bonus round)" in (
        r.response.content
    )
    assert "Now: 3 garnets, 1 token of life" in r.response.content
    adjust = (await t.ledger())[-1]
    assert (adjust.kind, adjust.reason, adjust.by_user) == ("adjust", "bonus round", t.boss.id)
    await t.boss.slash(t.channel, "season adjust", member=p, garnets=-2, reason="one left")
    standings = await t.players[1].slash(t.channel, "season standings")
    assert "1. player0: 1 garnet, 1 token of life" in standings.response.content


async def test_a_trade_the_ledger_cannot_cover_is_refused(simcord_env: Any) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Tight", starting_garnets=1)
    await t.start(phase_minutes=60)
    p = t.players[0]
    # The garnet goes after the match dealt it (a trade in another match of the season, say;
    # a host may not take it while this one runs): the ledger has none left.
    entry = LedgerEntry(p.id, "adjust", "fine", garnets=-1)
    await t.bot.storage.append_ledger((await t.season()).id, [entry], by=t.boss.id, at=0.0)
    before = await t.state()
    cash = before.seats[str(p.id)].cash
    r = await p.slash(t.channel, "garnet-trade")
    assert r.ephemeral and "no garnet left for you to trade" in r.response.content
    after = await t.state()
    assert after.seats[str(p.id)].cash == cash and after.seats[str(p.id)].garnets == 1
    assert (await t.balances())["player0"].garnets == 0
    r = await t.players[1].slash(t.channel, "garnet-trade")
    assert "Garnets left: 0" in r.response.content
    r = await t.players[1].slash(t.channel, "garnet-trade")
    assert r.ephemeral and "no garnets to trade" in r.response.content.lower()


async def test_nothing_the_season_says_tells_of_a_trade_while_its_match_runs(
    simcord_env: Any,
) -> None:
    """AA-D9: the standings, a member's history, the export and a host's refused adjustment
    read the same whether a player of the running match traded or not."""
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Poker face", starting_garnets=3)
    await t.start(phase_minutes=60)
    trader, other, reader = t.players[0], t.players[2], t.players[1]

    async def told() -> list[str]:
        standings = await reader.slash(t.channel, "season standings")
        histories = [
            await reader.slash(t.channel, "season history", member=p.user) for p in (trader, other)
        ]
        export = await reader.slash(t.channel, "season export")
        data = (await export.response.attachments[0].read()).decode()
        return [
            *readable([standings.response]),
            *(
                h.response.content.replace(h_name, "someone")
                for h, h_name in zip(histories, ("player0", "player2"), strict=True)
            ),
            export.response.content,
            data,
        ]

    async def refusals() -> list[str]:
        texts = []
        for p in (trader, other):
            r = await t.boss.slash(t.channel, "season adjust", member=p, garnets=-3, reason="x")
            assert r.ephemeral
            texts.append(r.response.content.replace(p.name, "someone"))
        return texts

    before, refused_before = await told(), await refusals()
    assert WITHHELD in before[0]
    assert (
        refused_before
        == [
            "someone is playing a match of this season: garnets can be taken away once it ends "
            "(their trades in it stay private until then)."
        ]
        * 2
    )
    await trader.slash(t.channel, "garnet-trade")
    await trader.slash(t.channel, "garnet-trade")
    assert (await t.balances())["player0"].garnets == 1
    assert await told() == before
    assert await refusals() == refused_before
    # A member who plays in no running match of the season may lose garnets.
    bystander = t.guild.add_member(simcord_env.create_user("bystander"))
    await t.boss.slash(t.channel, "season enrol", member=bystander)
    r = await t.boss.slash(t.channel, "season adjust", member=bystander, garnets=-3, reason="x")
    assert not r.ephemeral and "Now: 0 garnets" in r.response.content, r.response.content


async def test_a_second_match_is_dealt_the_balances_the_standings_show(simcord_env: Any) -> None:
    """AA-D9: player0 traded in a running match of the season; a second match, whose host
    reads its record while it runs, is dealt player0's balance as the standings show it
    (it was dealt the one that told of the trade)."""
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Twice", starting_garnets=3)
    await t.start(phase_minutes=60)
    await t.players[0].slash(t.channel, "garnet-trade")
    second = t.guild.create_text_channel("second")
    lobby = (await t.host.slash(second, "match create auction-auction")).response
    for p in t.players:
        await p.click(lobby, label="Join")
    await t.host.click(lobby, label="Start")
    row = await t.bot.storage.open_match_in(second.id)
    assert row is not None and row.status == "running"
    state = await t.bot.service.state(row)
    assert state.seats[player_id(t.players[0].id)].garnets == 3
    # The garnet it no longer has cannot be traded twice (AA-D8).
    for _ in range(2):
        await t.players[0].slash(second, "garnet-trade")
    r = await t.players[0].slash(second, "garnet-trade")
    assert r.ephemeral and "no garnet left for you to trade" in r.response.content


async def test_a_cancelled_match_refunds_its_garnet_trades(simcord_env: Any) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Refunds")
    await t.start(phase_minutes=60)
    await t.players[0].slash(t.channel, "garnet-trade")
    await t.players[0].slash(t.channel, "garnet-trade")
    assert (await t.balances())["player0"].garnets == 1
    ask = await t.host.slash(t.channel, "match cancel")
    await t.host.click(ask.response, custom_id=f"dealer:cancel:{t.match_id}")
    assert (await t.balances())["player0"].garnets == 3
    refunds = [row for row in await t.ledger(pending=False) if row.kind == "refund"]
    assert [(r.name, r.garnets) for r in refunds] == [("player0", 1), ("player0", 1)]
    assert refunds[0].reason == f"refund: match #{t.match_id} was cancelled"
    history = await t.players[1].slash(t.channel, "season history", member=t.players[0].user)
    assert history.response.content.count("-1 garnet —") == 2
    assert history.response.content.count("+1 garnet —") == 2


async def test_the_csv_export_is_the_ledger(simcord_env: Any) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name='Export, "quoted"')
    await t.start(phase_minutes=60, rounds=1)
    await t.boss.slash(t.channel, "season adjust", member=t.players[1], garnets=2, reason="a, b")
    await t.players[0].slash(t.channel, "garnet-trade")
    await t.play_to_end(random.Random(9))
    await t.boss.slash(t.channel, "season eliminate", member=t.players[2])

    r = await t.players[3].slash(t.channel, "season export")
    assert r.ephemeral
    data = (await r.response.attachments[0].read()).decode()
    rows = list(csv.DictReader(io.StringIO(data)))
    ledger = await t.ledger()
    assert [int(row["entry"]) for row in rows] == [e.id for e in ledger]
    for row, entry in zip(rows, ledger, strict=True):
        assert row["season"] == 'Export, "quoted"'
        assert row["kind"] == entry.kind and row["reason"] == entry.reason
        assert int(row["garnets"]) == entry.garnets and int(row["tokens_of_life"]) == entry.tokens
        assert int(row["prize_pool"]) == entry.pool
        assert row["member"] == (entry.name or "")
    totals: dict[str, int] = {}
    for row in rows:
        if row["member"]:
            totals[row["member"]] = totals.get(row["member"], 0) + int(row["garnets"])
    assert totals == {name: b.garnets for name, b in (await t.balances()).items()}
    assert any(row["eliminated"] == "yes" for row in rows)


async def test_the_csv_export_neutralises_spreadsheet_formulas(simcord_env: Any) -> None:
    """Text a host typed that a spreadsheet would run (`=`, `+`, `-`, `@`) is exported with
    a leading apostrophe, which spreadsheets show as the text it is; numbers stay numbers."""
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name='=HYPERLINK("http://x","y")')
    reasons = ["+1+1", "-2+3", "@SUM(A1)", "=cmd|'/c calc'!A0", "-1"]
    await t.boss.slash(t.channel, "season enrol", member=t.players[0])
    for i, reason in enumerate(reasons):
        garnets = -1 if i % 2 else 1
        r = await t.boss.slash(
            t.channel, "season adjust", member=t.players[0], garnets=garnets, reason=reason
        )
        assert "garnet" in r.response.content and "never" not in r.response.content
    r = await t.boss.slash(t.channel, "season export")
    data = (await r.response.attachments[0].read()).decode()
    rows = list(csv.DictReader(io.StringIO(data)))
    assert {row["season"] for row in rows} == {'\'=HYPERLINK("http://x","y")'}
    assert [row["reason"] for row in rows if row["kind"] == "adjust"] == [
        "'" + reason for reason in reasons
    ]
    adjusted = [row["garnets"] for row in rows if row["kind"] == "adjust"]
    assert adjusted == ["1", "-1", "1", "-1", "1"], "numbers stay numbers"


async def test_a_match_outside_any_season_only_announces_its_prizes(simcord_env: Any) -> None:
    t = Series(simcord_env, 4)
    await t.start(phase_minutes=60, rounds=1)
    await t.play_to_end(random.Random(2))
    channel = "\n".join(m.content for m in t.channel.history())
    assert "The match is over" in channel and "Elimination candidates" in channel
    assert "ledger" not in channel
    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.season_id is None
    r = await t.players[0].slash(t.channel, "season standings")
    assert r.ephemeral and "no season yet" in r.response.content


async def test_the_standings_answer_privately_unless_a_host_shows_them_to_the_channel(
    simcord_env: Any,
) -> None:
    """A spectator and the host asking for the standings each get them privately: nothing
    is posted, so nothing twice. A host shows them to everyone with `public:True`; a member
    who is not a host asking that gets them privately, told why."""
    t = Series(simcord_env, 2)
    carol = t.guild.add_member(simcord_env.create_user("carol"))
    await t.boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    await t.boss.slash(t.channel, "season enrol", member=t.players[0])
    other = t.players[1]  # asks nothing: reads what the channel shows everyone
    posted = len(t.channel.history(viewer=other))
    for member in (carol, t.boss):
        r = await member.slash(t.channel, "season standings")
        assert r.ephemeral, "the standings answer only who asked"
        assert "1. player0: 3 garnets" in r.response.content
        assert [a.filename for a in r.response.attachments] == ["season-standings.png"]
    assert len(t.channel.history(viewer=other)) == posted, "nobody else sees them"

    r = await carol.slash(t.channel, "season standings", public=True)
    assert r.ephemeral and r.response.content.startswith(
        "Only a host shows the standings to the channel"
    )
    assert "1. player0: 3 garnets" in r.response.content
    assert len(t.channel.history(viewer=other)) == posted

    r = await t.boss.slash(t.channel, "season standings", public=True)
    assert not r.ephemeral and "1. player0: 3 garnets" in r.response.content
    shown = [m for m in t.channel.history(viewer=other) if m.id == r.response.id]
    assert len(t.channel.history(viewer=other)) == posted + 1 and len(shown) == 1
    assert [a.filename for a in shown[0].attachments] == ["season-standings.png"]


async def test_ending_a_season(simcord_env: Any) -> None:
    t = Series(simcord_env, 4)
    await t.boss.slash(t.channel, "season start", name="Autumn")
    ask = await t.boss.slash(t.channel, "season end")
    assert ask.ephemeral and "End **season Autumn**?" in ask.response.content
    await t.start(phase_minutes=60, rounds=1)
    refused = await t.boss.slash(t.channel, "season end")
    assert refused.ephemeral and "still running" in refused.response.content
    assert not refused.response.components, "no confirmation while matches run (#14)"
    late = await t.boss.click(ask.response, custom_id=f"dealer:season-end:{(await t.season()).id}")
    assert late.ephemeral and "still running" in late.response.content
    await t.play_to_end(random.Random(4))
    season_id = (await t.season()).id
    ended = await t.boss.click(ask.response, custom_id=f"dealer:season-end:{season_id}")
    assert ended.ephemeral and "has ended" in ended.response.content
    assert await t.bot.storage.open_season(t.guild.id) is None
    final = t.channel.history()[-1]
    assert "**Season Autumn** has ended" in final.content and final.attachments
    twice = await t.boss.click(ask.response, custom_id=f"dealer:season-end:{season_id}")
    assert twice.ephemeral and "already ended" in twice.response.content
    r = await t.boss.slash(t.channel, "season adjust", member=t.players[0], garnets=1, reason="x")
    assert r.ephemeral and "no open season" in r.response.content
    old = await t.players[0].slash(t.channel, "season standings", season="autumn")
    assert "**Season Autumn** (ended)" in old.response.content
    names = await t.players[0].autocomplete(t.channel, "season standings", "season", "au")
    assert [c["value"] for c in names] == ["Autumn"]
    again = await t.boss.slash(t.channel, "season start", name="AUTUMN")
    assert again.ephemeral and "already had a season of that name" in again.response.content


async def test_a_season_named_season_is_not_named_twice_and_counts_agree(
    simcord_env: Any,
) -> None:
    t = Series(simcord_env, 4)
    r = await t.boss.slash(t.channel, "season start", name="Season 1", starting_garnets=1)
    assert "**Season 1** has started" in r.response.content
    assert "with 1 garnet when" in r.response.content, "one garnet, not 1 garnets"
    assert "Season Season" not in r.response.content
    r = await t.boss.slash(
        t.channel, "season adjust", member=t.players[0], reason="fair play", garnets=1
    )
    assert "+1 garnet (fair play)" in r.response.content and "Now: 2 garnets" in r.response.content
    r = await t.boss.slash(
        t.channel, "season adjust", member=t.players[0], reason="penalty", garnets=-1
    )
    assert "-1 garnet (penalty)" in r.response.content and "Now: 1 garnet," in r.response.content
    standings = await t.players[1].slash(t.channel, "season standings")
    assert "**Season 1** (open)" in standings.response.content
    assert "Season Season" not in standings.response.content
