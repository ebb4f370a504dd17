"""The games' own words in Czech and Korean (issue 46): a match played with the server in Czech
and a member reading Korean, its channel posts in the server's language, each member's private
answers and rules pages in their own, compared to their exact translations."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.players import player_id
from games.atrades import ENGINE as ATRADES
from games.atrades.data import company_called
from tests.drivers.atrades import Atrades, private, seed  # noqa: F401 (a fixture, by name)
from tests.drivers.languages import reading
from tests.drivers.mars_auction import SETUP, Auction
from tests.drivers.project_mars import Mars, components_of

#: These tests read Czech and Korean, which the pseudo-locale replaces.
pytestmark = pytest.mark.usefixtures("real_languages")


def page_of(result: Any) -> str:
    return str(result.response.content)


async def test_atrades_speaks_czech_in_the_channel_and_korean_to_a_korean_member(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The match's first post is in the server's Czech; the Korean member's sealed bid is
    confirmed to them in Korean, their 1-on-1 (`/me`) and the rules (`/help`) too."""
    game = Atrades(simcord_env, 2, language="cs")
    ann, bob = game.players
    reading(monkeypatch, {ann.id: "ko"})
    await game.start()
    state = await game.state()
    guilds = {g.player: g.guild for g in state.guilds}
    # Czech lists with a no-break space after its "a" (the CLDR's pattern, Babel's).
    seats = " a\xa0".join(f"**{m.name}** ({guilds[player_id(m.id)]})" for m in (ann, bob))
    regions = [r.name for r in state.regions]
    tiles = [company_called(n) for n in state.display]
    begins = (
        f"**Atrades začíná**: {seats}. Regiony: {', '.join(regions[:-1])} a\xa0{regions[-1]}. "
        f"Vyložené startovní dílky: {', '.join(tiles[:-1])} a\xa0{tiles[-1]}. Každé kolo začíná "
        "tajnými nabídkami na pořadí tahu ve vašem 1-on-1. Jak hrát: `/help game:atrades`."
    )
    assert any(str(m.content).startswith(begins) for m in game.channel.history())

    me = await ann.slash(game.channel, "me")
    assert private(me)
    guild = guilds[player_id(ann.id)]
    assert page_of(me).startswith(
        "**내 길드 보드 — Atrades, 1라운드 (1시대)**\n"
        f"나는 **{guild}**예요. 내 돈: **$20** (나만 볼 수 있어요).\n"
        "남은 행동 큐브: **7** · 트랙: 인수 0, 합병 0, 관료제 0, 연구 0.\n"
        "지금은 가진 회사가 없어요.\n"
        "**지금: 턴 순서 입찰**을 아래에서 하세요. 내 돈이나 회사 하나의 금고에서(부족하면 내 "
        "돈에서) 내요. 가장 높은 입찰이 먼저 해요."
    ), page_of(me)

    rnd = random.Random(3)
    while player_id(ann.id) not in ATRADES.turn(await game.state()).must:
        await game.move(rnd)
    bid = next(a for a in ATRADES.legal_actions(await game.state(), player_id(ann.id)))
    assert bid.key == "bid"
    result = await game.play(ann, bid, {"amount": 3, "pay_from": "purse"})
    assert private(result)
    assert page_of(result).startswith(
        "🔒 내 턴 순서 입찰: **$3**, 내 돈에서. 모든 입찰이 들어올 때까지 아무도 못 봐요. "
        "그 전까지는 다시 입찰해서 바꿀 수 있어요.\n\n**내 길드 보드 — Atrades, 1라운드"
    ), page_of(result)
    channel = "\n".join(str(m.content) for m in game.channel.history())
    assert "ann nabídl na pořadí tahu." in channel

    rules = await ann.slash(game.channel, "help", game="atrades")
    assert private(rules)
    assert page_of(rules).startswith(
        "## Atrades · 요약\n**Atrades** (2~5명): 길드들이 사막 행성 지도에 회사를 세우고, "
        "시장에 상품을 팔고, 경매로 회사를 합병해 회사 돈을 자기 돈으로 만들어요. 끝날 때 개인 "
        "자금이 가장 많은 사람이 이겨요.\n**매 라운드:**"
    )
    page = await ann.click(rules.response, label="다음")
    assert page_of(page).startswith(
        "## Atrades · 게임\n2~5명이 하는 게임이에요. 각자 사막 행성의 투기꾼 **길드**를 이끌어요."
    ), page_of(page)


async def test_the_mars_auction_speaks_czech_in_the_channel_and_korean_to_a_korean_member(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The match's first post is in the server's Czech; the Korean member's bid is answered in
    Korean, their 1-on-1 (`/me`) and the rules (`/help`) too."""
    table = Auction(simcord_env, 2, language="cs")
    ann = table.players[0]
    reading(monkeypatch, {ann.id: "ko"})
    await table.start(variant="unlimited", first_player=ann, display="; ".join(SETUP))
    channel = "\n".join(str(m.content) for m in table.channel.history())
    assert (
        "**Mars Auction začíná** (neomezená varianta): **ann** a\xa0**bob**. Žeton začínajícího "
        "hráče má ann (určil pořadatel). Nejdřív je úvodní aukce. Jak hrát: "
        "`/help game:mars-auction`."
    ) in channel, channel

    raised = await table.raise_(ann, 5, in_one_on_one=False)
    assert private(raised)
    assert page_of(raised).startswith("**1 · CrediCor (R08)**에 **5 M€**를 입찰했어요."), page_of(
        raised
    )
    assert "ann nabízí **5 M€** za **1 · CrediCor (R08)**." in await table.board_text()

    me = await ann.slash(table.channel, "me")
    assert private(me)
    assert page_of(me).startswith(
        "**내 1-on-1 — Mars Auction**, 셋업 경매\n"
        "낼 수 있는 돈: **23 M€**, 기업을 갖기 전까지의 셋업 예산.\n"
        "가진 것: 아직 기업 없음; 프로젝트 0장; 지금까지 0 M€ 냄.\n"
        "bob님을 기다려요.\n"
    ), page_of(me)

    rules = await ann.slash(table.channel, "help", game="mars-auction")
    assert page_of(rules).startswith(
        "## Mars Auction · 요약\n**Mars Auction** (2~5명): 테라포밍 마스 카드를 입찰로 나눠요 — "
        "셋업의 회사, 프렐류드, 프로젝트, 그다음 세대마다 연구 카드.\n**제한:**"
    ), page_of(rules)
    page = await ann.click(rules.response, label="다음")
    assert page_of(page).startswith(
        "## Mars Auction · 게임\n테라포밍 마스 카드를 입찰로 나누는 방법이에요. 2~5명이 해요."
    ), page_of(page)


#: What Project Mars says at its start, in each language: the channel's post, the deck
#: phase's post, the DM of a player who has no deck yet, its button to a list of one's own,
#: and the DM of the player whose turn comes first.
PROJECT_MARS_WORDS = {
    "cs": (
        "**Project Mars začíná**: **ann** proti **bob**, hraje se na 3 kola. Jak hrát: "
        "`/help game:project-mars`.",
        "**Vyberte si balíčky.** Ve svém 1-on-1 vyberte hotový balíček, nebo vložte vlastní "
        "seznam 30 karet. Čeká se na: ann a\xa0bob.",
        "**Vyberte si balíček** v nabídce níže, nebo stiskněte **Vlastní seznam** a vložte 30 "
        "karet (nejvýš 3 karty utility).",
        "Vlastní seznam",
        "**Jste na tahu:** v nabídce vyberte kartu k zahrání (nebo past k položení), pak kam "
        "půjde; nebo stiskněte **Pas**.",
    ),
    "ko": (
        "**Project Mars 시작**: **ann** 대 **bob**, 3라운드 중 다승제예요. 하는 법: "
        "`/help game:project-mars`.",
        "**덱을 골라요.** 1-on-1에서 준비된 덱을 고르거나 카드 30장짜리 내 목록을 붙여 넣어요. "
        "기다리는 중: ann 및 bob.",
        "아래 메뉴에서 **덱을 골라요**. 또는 **내 목록**을 눌러 카드 30장을 붙여 넣어요(유틸리티 "
        "카드는 3장까지).",
        "내 목록",
        "**내 차례:** 메뉴에서 낼 카드(또는 놓을 함정)를 고르고 놓을 곳을 골라요. 또는 "
        "**패스**를 눌러요.",
    ),
}


@pytest.mark.parametrize("server", ["cs", "ko"])
async def test_project_mars_speaks_the_servers_language_and_each_members_own(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, server: str
) -> None:
    """A Project Mars match in a Czech or a Korean server: its channel posts and its DMs are
    in the server's language, the deck list's button too; a member reading the other
    language gets their 1-on-1 (`/me`) and the rules (`/help`) in theirs."""
    begins, decks, choose, own_list, your_turn = PROJECT_MARS_WORDS[server]
    t = Mars(simcord_env, language=server)
    reader = "ko" if server == "cs" else "cs"
    reading(monkeypatch, {t.ann.id: reader})
    await t.start()
    channel = t.channel_text()
    assert begins in channel, channel
    assert decks in channel, channel

    dm = t.last_with(t.bob, t.menu("deck"))
    assert choose in str(dm.content), dm.content
    labels = [c.get("label") for c in components_of(dm)]
    assert own_list in labels, labels

    me = await t.ann.slash(t.channel, "me")
    assert private(me)
    head = {
        "ko": "**내 1-on-1 — Project Mars, 1라운드**\n이긴 라운드: 나 0, bob 0.\n",
        "cs": "**Váš 1-on-1 — Project Mars, kolo 1**\nVyhraná kola: vy 0, bob 0.\n",
    }[reader]
    assert page_of(me).startswith(head), page_of(me)

    rnd = random.Random(5)
    await t.until(rnd, lambda view: view["phase"] == "turn")
    first = t.member((await t.view(None))["to_act"][0])
    turn = [str(m.content) for m in first.user.dm_channel.history()]
    assert your_turn in turn[-1], turn[-1]

    rules = await t.ann.slash(t.channel, "help", game="project-mars")
    assert page_of(rules).startswith(
        {
            "ko": "## Project Mars · 요약\n**Project Mars** (2인, 3라운드 중 2승).",
            "cs": "## Project Mars · Ve zkratce\n**Project Mars** (2 hráči, na dvě vítězná kola "
            "ze tří).",
        }[reader]
    ), page_of(rules)


async def test_project_mars_engine_words_speak_the_servers_language_and_refusals_the_members(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Project Mars's engine words (issue 46): the ready-deck menu and the turn's buttons
    in a Czech server's DMs, the phase's title on the channel's board; a Korean member's
    deck list refused in Korean, as the catalogue words the engine's template."""
    t = Mars(simcord_env, language="cs")
    reading(monkeypatch, {t.bob.id: "ko"})
    await t.start()
    dm = t.last_with(t.bob, t.menu("deck"))
    menu = next(c for c in components_of(dm) if c.get("custom_id", "").endswith(":deck"))
    assert menu["placeholder"] == "Vybrat hotový balíček: hotový balíček", menu
    board = t.channel_text()
    assert "**Project Mars** — Výběr balíčků" in board, board
    assert "Potom: Kdo nevybral balíček, dostane Vanguard." in board, board
    m = t.match_id
    shown = await t.bob.user.click(dm, custom_id=f"dealer:pm:deck-list:{m}")
    typo = "Infantri\n" + "\n".join(["Outpost"] * 29)
    refused = await t.bob.user.submit_modal(shown, {"cards": typo})
    assert private(refused)
    assert str(refused.response.content) == (
        "'Infantri'(이)라는 이름의 카드는 없어요. 혹시 Infantry인가요? 카드 목록: Scout, "
        "Drone, Android, Cyber Soldier, Sentinel, Landmine, Stealth Op, Humvee, Medic, "
        "Artillery Cannon, Siege Vehicle, Infantry, Strike Team, Spy, Outpost, Defense System, "
        "Research Station, Cybernetics Lab, Comms Station, Ballistic Missiles, Defense Turret, "
        "Sniper, EMP Bomb, Top Secret Information, Favorable Conditions, Toxic Gas, Sinkhole."
    ), refused.response.content

    rnd = random.Random(5)
    await t.until(rnd, lambda view: view["phase"] == "turn")
    first = t.member((await t.view(None))["to_act"][0])
    controls = components_of(t.last_with(first, t.button("pass")))
    assert [c.get("label") or c.get("placeholder") for c in controls] == [
        "Zahrát kartu: vaše karta",
        "Položit past: vaše past",
        "Pas",
    ], controls
    assert f"**Project Mars** — Kolo 1: tah hráče {first.name}" in t.channel_text()


async def test_the_mars_auction_engine_speaks_czech_and_korean(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Mars Auction's engine words (issue 46): a Czech member's refusal reads the
    catalogue's Czech, the phase's title in it too; the board's buttons are the server's
    Czech, the Korean member's form Korean."""
    table = Auction(simcord_env, 2, language="cs")
    ann, bob = table.players
    reading(monkeypatch, {ann.id: "ko", bob.id: "cs"})
    await table.start(variant="unlimited", first_player=ann, display="; ".join(SETUP))
    refused = await bob.slash(table.channel, "mars budget", amount=5)
    assert private(refused)
    assert page_of(refused) == (
        "Rozpočty se zadávají, když je vyložení výzkumu na stole (Úvodní aukce, karta 1 "
        "(CrediCor): na tahu je ann)."
    ), page_of(refused)
    labels = [c.label for row in table.board().components for c in row.children]
    assert "Zahájit dražbu" in labels, labels
    shown = await ann.click(table.board(), custom_id=f"dealer:act:{table.match_id}:raise")
    assert shown.modal is not None
    assert shown.modal["title"] == "입찰 열기", shown.modal
    late = await bob.click(table.board(), custom_id=f"dealer:act:{table.match_id}:raise")
    assert page_of(late) == (
        "To teď není otevřené (Úvodní aukce, karta 1 (CrediCor): na tahu je ann). Co můžete "
        "dělat, ukazuje váš 1-on-1 (`/me`)."
    ), page_of(late)


async def test_a_card_lists_problems_and_a_displays_refusal_read_czech(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Czech host's card list with a type that is none of the known ones is refused line by
    line in Czech (the type and the known ones as typed), and a display one prelude short by
    the engine's refusal in Czech, its counts too (issue 46)."""
    table = Auction(simcord_env, 2, language="cs")
    reading(monkeypatch, {table.host.id: "cs"})
    create = "match create mars-auction"
    bad_csv = "name,type,cost,tags,starting M€\nGood Corp,corporation,,,40\nBad Card,blue,5,,\n"
    csv = await table.host_says(create, cards=("mine.csv", bad_csv.encode()))
    assert page_of(csv) == (
        "`cards`: mine.csv nelze použít.\n"
        "řádek 3: typ 'blue' není žádný z těchto: corporation, prelude, automated, active, "
        "event."
    ), page_of(csv)
    short = await table.host_says(create, display="; ".join(SETUP[:4] + SETUP[5:]))
    assert page_of(short) == (
        "`display`: Vyložení pro 2 hráče má obsahovat společnosti: 4, předehry: 8 a projekty: "
        "20; tyto názvy obsahují: 4, 7 a 20."
    ), page_of(short)
