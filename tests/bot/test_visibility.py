"""No sealed figure reaches anyone before its time (RULINGS.md §1, visibility table)."""

from __future__ import annotations

from typing import Any

from tests.bot.conftest import Table, seen_by, seen_publicly

#: Distinct odd amounts: no cash figure a player could see equals any of them.
ACCESS_BIDS = [11, 13, 17, 19, 23, 29]
HOUSES = [
    "genre-shop",
    "genre-shop",
    "dr-e-appraisings",
    "dr-e-appraisings",
    "wolley-limited",
    "wolley-limited",
]


async def test_sealed_bids_stay_sealed_until_their_time(simcord_env: Any) -> None:
    t = Table(simcord_env, 6)
    spectator = t.guild.add_member(simcord_env.create_user("spectator"))
    await t.start(phase_minutes=60)

    for member, house, amount in zip(t.players, HOUSES, ACCESS_BIDS, strict=True):
        await t.bid_by_button(member, house, amount)
    for i, member in enumerate(t.players):
        text = seen_by(t, member)
        assert f"${ACCESS_BIDS[i]}" in text, "a player sees their own sealed bid"
        for j, amount in enumerate(ACCESS_BIDS):
            if j != i:
                assert f"${amount}" not in text, f"player{i} saw player{j}'s sealed bid"
    public = seen_publicly(t, spectator)
    assert not any(f"${a}" in public for a in ACCESS_BIDS)

    await t.close_phase()
    public = seen_publicly(t, spectator)
    assert all(f"${a}" in public for a in ACCESS_BIDS), "AA-8: access bids are public after"

    # Auction phase: each pair is alone in its house; lot bids are told to the house only.
    lot_bids = {
        0: ("genre-shop:1", 31),
        1: ("genre-shop:2", 37),
        2: ("dr-e-appraisings:1", 41),
        3: ("dr-e-appraisings:3", 43),
        4: ("wolley-limited:1", 47),
        5: ("wolley-limited:4", 53),
    }
    for i, (lot, amount) in lot_bids.items():
        r = await t.players[i].slash(t.channel, "bid", target=lot, amount=amount)
        assert r.ephemeral and "is recorded" in r.response.content, r.response.content
    for i, member in enumerate(t.players):
        text = seen_by(t, member)
        for j, (_, amount) in lot_bids.items():
            assert (f"${amount}" in text) == (i == j), (i, j)
    await t.close_phase()
    for i, member in enumerate(t.players):
        text = seen_by(t, member)
        for j, (_, amount) in lot_bids.items():
            same_house = i // 2 == j // 2
            assert (f"${amount}" in text) == same_house, f"AA-12: player{i} vs player{j}"
    public = seen_publicly(t, spectator)
    assert not any(f"${a}" in public for _, a in lot_bids.values())


async def test_spectator_channel_gets_the_full_picture_after_each_phase(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    watchers = t.guild.create_text_channel("watchers")
    await t.start(phase_minutes=60, spectators=watchers)
    await t.bid_by_button(t.players[0], "genre-shop", 11)
    assert not any("$11" in m.content for m in watchers.history())
    await t.close_phase()
    await t.players[0].slash(t.channel, "bid", target="genre-shop:1", amount=7)
    assert not any("$7" in m.content for m in watchers.history())
    await t.close_phase()
    text = "\n".join(m.content for m in watchers.history())
    assert "Genre Shop $11" in text and "player0 $7" in text


async def test_boards_come_with_their_messages(simcord_env: Any) -> None:
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    card = t.players[0].user.dm_channel.last_message
    assert card.attachments and card.attachments[0].filename.endswith(".png")
    assert "$100" in (card.attachments[0].description or "")
    await t.players[0].slash(t.channel, "bid", target="genre-shop", amount=11)
    await t.close_phase()
    results = next(m for m in t.channel.history() if "access results" in m.content)
    png = await results.attachments[0].read()
    assert png.startswith(b"\x89PNG")
    assert "$11" in (results.attachments[0].description or "")
    thread = next(th for th in t.channel.threads if "genre-shop" in (th.name or ""))
    await t.players[0].slash(t.channel, "bid", target="genre-shop:1", amount=7)
    await t.close_phase()
    lots = [m for m in thread.history(viewer=t.players[0]) if m.attachments]
    assert lots and "$7" in (lots[-1].attachments[0].description or "")
    mine = await t.players[0].slash(t.channel, "me")
    assert mine.ephemeral and mine.response.attachments
