"""The shell's own words in Czech and Korean (issue 46): `/match undo` and `/match unkick`,
the service's refusals, the clock options' descriptions, compared to their exact
translations. The server speaks Czech; its host reads Korean."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot.app import DM_HELP
from bot.i18n import _, language, speaking
from tests.bot.conftest import Table
from tests.drivers.languages import reading
from tests.drivers.seasons import Series

#: These tests read Czech and Korean, which the pseudo-locale replaces.
pytestmark = pytest.mark.usefixtures("real_languages")

GENRE = "genre-shop"
MINUTE = 60


async def in_czech(table: Table) -> None:
    """The server's language set to Czech (`/config language`) by a member who may."""
    role = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(table.env.create_user("admin"), roles=[role])
    await admin.slash(table.channel, "config language", language="cs")


def notices(table: Table) -> list[str]:
    """What the channel was told of undos."""
    return [m.content for m in table.channel.history() if m.content.startswith("↩️")]


def yes(asked: Any) -> str:
    """The custom id of a confirmation's Yes (its first button)."""
    (row,) = asked.response.components
    return str(row["components"][0]["custom_id"])


async def test_an_undo_is_asked_and_told_in_each_readers_language(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Korean host's question and its answer are in Korean, each sentence whole; the
    channel hears in the server's Czech, and so does the player whose bid went, in their
    DMs; the service's refusals (a pause of a paused match, an un-kick of a member never
    removed) are in the Korean host's language."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60)
    await in_czech(t)
    reading(monkeypatch, {t.host.id: "ko"})
    p1 = t.players[1]
    await p1.slash(t.channel, "bid", target=GENRE, amount=37)

    asked = await t.host.slash(t.channel, "match undo")
    assert asked.ephemeral and asked.response.content == (
        "Auction Auction 매치 #1에서 되돌릴까요? 되돌릴 것: player1님의 비공개 입찰. 매치는 "
        "그 수를 빼고 기록에서 다시 만들어져요. 채널에는 무엇이 되돌려졌는지만 알리고, 비공개 "
        "금액은 절대 알리지 않아요. 따로 알림을 받는 사람: player1."
    )
    (row,) = asked.response.components
    assert [b["label"] for b in row["components"]] == ["네, 되돌리기", "아니요, 그대로 둘게요"]
    done = await t.host.click(asked.response, custom_id=yes(asked))
    assert done.response.content == "↩️ 완료, 되돌렸어요: player1님의 비공개 입찰."
    assert notices(t) == ["↩️ Pořadatel vzal zpět: nabídka (tajný tah hráče player1)."]
    assert p1.user.dm_channel.last_message.content == (
        "↩️ Pořadatel vzal zpět tahy v zápase Auction Auction #1:\n"
        "- nabídka $37 na Genre Shop (váš tah)\n"
        "Váš 1-on-1 (`/me`) ukazuje, jak teď stojíte."
    )

    await simcord_env.advance_time(20 * MINUTE)
    closed = await t.host.slash(t.channel, "match close-phase")
    assert closed.response.content == (
        "**입장 단계, 3라운드 중 1라운드**을(를) 마감했어요. 지금: **경매 단계, 3라운드 중 "
        "1라운드**."
    )
    asked = await t.host.slash(t.channel, "match undo", what="phase")
    assert asked.response.content == (
        "Auction Auction 매치 #1에서 되돌릴까요? 되돌릴 것: 내 단계 마감. 다시 열리는 단계: "
        "입장 단계, 3라운드 중 1라운드. 매치는 그 수를 빼고 기록에서 다시 만들어져요. 채널에는 "
        "무엇이 되돌려졌는지만 알리고, 비공개 금액은 절대 알리지 않아요. 따로 알림을 받는 사람: "
        "player0, player1, player2, player3."
    )
    done = await t.host.click(asked.response, custom_id=yes(asked))
    assert done.response.content == (
        "↩️ 완료, 되돌렸어요: 내 단계 마감. 다시 열리는 단계: 입장 단계, 3라운드 중 1라운드."
    )
    stored = await t.bot.storage.match(t.match_id)
    assert stored is not None and stored.deadline is not None
    assert (
        "↩️ Pořadatel vzal zpět: uzavření fáze (tah pořadatele). Znovu je otevřeno: Vstupní "
        f"fáze, kolo 1 z 3. Uzavře se <t:{int(stored.deadline)}:R>."
    ) in notices(t)

    await t.host.slash(t.channel, "match pause")
    again = await t.host.slash(t.channel, "match pause")
    assert again.ephemeral and again.response.content == "매치가 이미 일시정지돼 있어요."
    r = await t.host.slash(t.channel, "match unkick", member=t.players[2])
    assert (
        r.ephemeral
        and r.response.content == "진행자가 이 매치에서 그 플레이어를 제외하지 않았어요."
    )
    r = await p1.slash(t.channel, "bid", target=GENRE, amount=5)
    assert r.ephemeral and r.response.content == (
        "The match is paused by the host; try again when it resumes."
    ), "an English reader reads English"


@pytest.mark.first_start
async def test_the_clock_options_are_described_in_every_language(simcord_env: Any) -> None:
    """`/match create <game>`'s clock options carry their descriptions in Czech and Korean,
    the engine's clock label in them translated too; the commands' fingerprint is made from
    what is sent, translations and all (`DealerTree.sync_changed`)."""
    sent = next(
        r.json
        for r in simcord_env.http_requests
        if r.method == "PUT" and r.path.endswith("/commands")
    )
    match = next(c for c in sent if c["name"] == "match")
    create = next(o for o in match["options"] if o["name"] == "create")
    game = next(o for o in create["options"] if o["name"] == "auction-auction")
    phase = next(o for o in game["options"] if o["name"] == "phase_minutes")
    assert phase["description"] == (
        "Minutes for each access or auction phase (1 to 10080; default 1440)"
    )
    assert phase["description_localizations"] == {
        "cs": "Minuty – každá vstupní nebo aukční fáze (1 až 10080; výchozí 1440)",
        "ko": "각 입장·경매 단계의 시간(분) (1~10080; 기본 1440)",
    }


async def test_a_season_speaks_czech_in_the_channel_and_korean_to_a_korean_host(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A season in a Czech server run by a host who reads Korean: what `/season` posts for
    the channel, the match's lobby and the series' lines in its result are Czech ("garnety",
    "žetony života"); the host's private standings (their image's alt text too), history
    (the bot's own reasons translated, with their values) and refusals are Korean (가넷,
    생명의 징표)."""
    t = Series(simcord_env, 4)
    reading(monkeypatch, {t.boss.id: "ko"})
    await t.boss.slash(t.channel, "config language", language="cs")
    started = await t.boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    assert not started.ephemeral and started.response.content == (
        "🏁 Sezóna **„Spring“** začala. Členové se zapíšou, až poprvé zahrají některý z jejích "
        "zápasů (nebo až je zapíše pořadatel), a dostanou 3 garnety; každý zápas Auction "
        "Auction začatý na tomto serveru se do ní počítá, dokud ji pořadatel neukončí pomocí "
        "`/season end`."
    )
    created = await t.host.slash(
        t.channel, "match create auction-auction", phase_minutes=60, rounds=1
    )
    lobby = created.response
    assert "\nPočítá se do sezóny **„Spring“**: garnety se berou z knihy sezóny" in lobby.content
    for p in t.players:
        await p.click(lobby, label="Připojit se")
    row = await t.bot.storage.open_match_in(t.channel.id)
    assert row is not None
    t.match_id = row.id
    await t.host.click(lobby, label="Začít")
    await t.players[0].slash(t.channel, "garnet-trade")
    await t.play_to_end(random.Random(5))
    settled = [m.content for m in t.channel.history() if "kniha je aktualizovaná" in m.content]
    assert settled == [
        "**Sezóna „Spring“: kniha je aktualizovaná.**\n"
        "player2: +3 žetony života a +3 garnety.\n"
        "Kandidáti na vyřazení: player1 (žádné žetony života). Pravidla série uplatní "
        "pořadatel pomocí `/season eliminate`."
    ]

    standings = await t.boss.slash(t.channel, "season standings")
    assert standings.ephemeral and standings.response.content == (
        "**Spring 시즌** (진행 중) — 순위\n"
        "1. player2: 가넷 6개, 생명의 징표 3개\n"
        "2. player1: 가넷 3개, 생명의 징표 0개, 후보 ×1\n"
        "3. player3: 가넷 3개, 생명의 징표 0개\n"
        "4. player0: 가넷 2개, 생명의 징표 0개\n"
        "상금 풀: $0."
    )
    assert standings.response.attachments[0].description == (
        "Spring 시즌 순위 (진행 중), 상금 풀 $0. 1. player2: 가넷 6개, 생명의 징표 3개. "
        "2. player1: 가넷 3개, 생명의 징표 0개, 탈락 후보 1회. 3. player3: 가넷 3개, 생명의 "
        "징표 0개. 4. player0: 가넷 2개, 생명의 징표 0개."
    )
    history = await t.boss.slash(t.channel, "season history", member=t.players[0].user)
    assert history.response.content == (
        "**Spring 시즌** — player0님의 장부 기록 (2개):\n"
        "<t:1767225600:d> player0: 가넷 +3개 — 시즌 등록\n"
        "<t:1767225600:d> player0: 가넷 -1개 — Auction Auction 매치 #1에서 사용"
    )
    history = await t.boss.slash(t.channel, "season history", member=t.players[2].user)
    assert history.response.content.endswith(" — 1위, Auction Auction 매치 #1"), (
        history.response.content
    )

    adjusted = await t.boss.slash(
        t.channel, "season adjust", member=t.players[1], garnets=2, reason="bonus"
    )
    assert not adjusted.ephemeral and adjusted.response.content == (
        f"Sezóna **„Spring“** — {t.players[1].mention} +2 garnety (bonus). Teď: 5 garnetů, "
        f"0 žetonů života. (Zapsal(a) {t.boss.mention}.)"
    )
    await t.boss.slash(t.channel, "season eliminate", member=t.players[2])
    again = await t.boss.slash(t.channel, "season eliminate", member=t.players[2])
    assert (
        again.ephemeral and again.response.content == "player2님은 이미 Spring 시즌에서 탈락했어요."
    )


async def test_a_dm_is_answered_in_the_language_the_members_last_interaction_told(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord gives a message no language: the DM help answers in the one the member's last
    interaction told, English for a member who never used a command."""
    t = Table(simcord_env, 2)
    korean, stranger = t.players
    reading(monkeypatch, {korean.id: "ko"})
    await korean.slash(t.channel, "help")
    await korean.send_dm("hi")
    assert korean.user.dm_channel.last_message.content == said_in("ko", DM_HELP)
    await stranger.send_dm("hi")
    assert stranger.user.dm_channel.last_message.content == DM_HELP
    reading(monkeypatch, {korean.id: "cs"})
    await korean.slash(t.channel, "help")
    await korean.send_dm("hi again")
    assert korean.user.dm_channel.last_message.content == said_in("cs", DM_HELP)
    assert said_in("cs", DM_HELP) != DM_HELP != said_in("ko", DM_HELP)


def said_in(code: str, text: str) -> str:
    with speaking(language(code)):
        return _(text)
