"""Atrades and the Mars Auction in Czech and Korean (issue 46): their boards and alt texts
drawn in the language of the request, and Atrades's engine words (a phase's title, an
action's label, a refusal) worded by the bot, in its 1-on-1s and its answers too."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import engine_words, language, refusal, speaking
from games.atrades import ENGINE as ATRADES
from games.atrades.render import render_guild, render_map
from games.core.drawing import Board
from games.core.errors import RuleError
from games.core.match import Match
from games.mars_auction.render import display_board, settlement_board
from tests.drivers.atrades import (
    Atrades,
    private,
    seed,  # noqa: F401 (a fixture, by name)
)
from tests.drivers.languages import reading
from tools import render_samples
from tools.render_samples import AtradesPlayed, AuctionPlayed, shown


@pytest.fixture(scope="module")
def at() -> AtradesPlayed:
    return render_samples.atrades_match()


@pytest.fixture(scope="module")
def ma() -> AuctionPlayed:
    return render_samples.auction_matches()


def _atrades(at: AtradesPlayed) -> dict[str, Board]:
    return {
        "map": render_map(at.merger, at.names),
        "guild": render_guild(at.auction, at.names),
    }


def _mars_auction(ma: AuctionPlayed) -> dict[str, Board]:
    return {
        "display": display_board(shown(ma.limited), ma.names),
        "unlimited": display_board(shown(ma.unlimited), ma.names),
        "settlement": settlement_board(shown(ma.settlement), ma.names),
    }


#: How each board's alt text begins, in each language: the render's words, and the engine's
#: label of an action ("Raise") the guild board lists.
ALT = {
    "cs": {
        "map": "Mapa Atrades, éra 2. Kolo 3: dražba o fúzi. Fúze: Bartholomew von "
        "Habsburg-Lothringen dal Liquids 9 a Wiring 10 do fúze; kolo 1 z 2, poslední je tajné; "
        "nejvyšší nabídka $4 od 王小明; ve hře: 王小明, Zoë 🦊, Eve, Ann a\xa0Bartholomew von "
        "Habsburg-Lothringen; přihodit nebo pasovat má Zoë 🦊. Každý region, jeho poptávka z "
        "polí jeho stupnice a jeho společnosti, jak je ukazují jejich dílky (písmeno typu a "
        "iniciativa, místo majitele nebo VLÁDA, hexy): Habbanya Erg 1/10: žádné; ",
        "guild": "Vaše cechovní deska, Zoë 🦊 (Veil Cartel, místo D), kolo 3, éra 2: vaše "
        "peníze $15 (vidíte je jen vy). Kostky: zbývá 5 z 7; na stupnicích: akvizice 2, fúze 0, "
        "byrokracie 0, výzkum 0. Vaše společnosti: Spice 18 na T3 (úroveň 1, pokladna $5) a\xa0"
        "Liquids 8 na P9 (úroveň 1, pokladna $3). Zatím žádná technologie. K výzkumu: ",
        "guild-end": "Teď můžete: Přihodit ($5 až $20); Pas (odchod z této dražby).",
        "display": "Mars Auction, Úvodní aukce, kolo 2 z 3: na tahu je Bartholomew von "
        "Habsburg-Lothringen. Žeton začínajícího hráče má 王小明. Hráči: Ann (A): 1 značka z 15 "
        "v tomto kole, pas, má United Nations Mars Initiative; ",
        "unlimited": "Mars Auction, Aukce výzkumu generace 1: na tahu je 王小明. ",
        # Past 1,024 characters with the cards' numbers in Czech: the cards by name.
        "settlement": "Mars Auction: aukce výzkumu generace 1 je vyrovnaná. Ann: United Nations "
        "Mars Initiative; předehry Smelting Plant, Eccentric Sponsor; projekty (1) Technology "
        "Demonstration; zaplaceno teď 0 M€, celkem 9 M€.",
    },
    "ko": {
        "map": "Atrades 지도, 2시대. 3라운드: 합병 경매. 합병: Bartholomew von Habsburg-Lothringen"
        "님이 Liquids 9·Wiring 10 합병을 제안; 2라운드 중 1라운드, 마지막은 비공개; 최고 입찰 "
        "$4 (王小明); 남은 입찰자: 王小明, Zoë 🦊, Eve, Ann 및 Bartholomew von "
        "Habsburg-Lothringen; Zoë 🦊님이 올리거나 패스할 차례. 지역별 수요(트랙 칸 수 중)와 회사: "
        "Habbanya Erg 1/10: 없음; Arrakeen Flats 2/10: E 자리의 Spice 17, 헥스 1개; ",
        "guild": "내 길드 보드, Zoë 🦊 (Veil Cartel, D 자리), 3라운드, 2시대: 내 돈 $15 (나만 볼 "
        "수 있어요). 큐브: 7개 중 5개 남음. 트랙: 인수 2, 합병 0, 관료제 0, 연구 0. 내 회사: ",
        "guild-end": "지금 할 수 있는 것: 올리기 ($5~$20); 패스 (이 경매에서 빠져요).",
        "display": "Mars Auction, 셋업 경매, 3라운드 중 2라운드: Bartholomew von "
        "Habsburg-Lothringen님 차례. 시작 플레이어 마커는 王小明님이 가져요. 플레이어: Ann (A): "
        "이번 라운드 마커 15개 중 1개, 패스, 보유 United Nations Mars Initiative; ",
        "unlimited": "Mars Auction, 1세대 연구 경매: 王小明님 차례. ",
        "settlement": "Mars Auction: 1세대 연구 경매 정산 완료. Ann: 기업 United Nations Mars "
        "Initiative (R32); 프렐류드 Smelting Plant (P30) 및 Eccentric Sponsor (P11); 프로젝트 (1) "
        "Technology Demonstration (204); 이번 경매에서 0 M€, 모두 9 M€ 냄.",
    },
}


@pytest.mark.parametrize("code", ["cs", "ko"])
def test_the_atrades_and_mars_auction_boards_are_drawn_in_the_language_in_force(
    at: AtradesPlayed, ma: AuctionPlayed, code: str
) -> None:
    """Each board's alt text is the catalogue's translation, the engine's labels among it, and
    its image differs from the English one (its words are drawn in the language); names of
    companies, guilds, regions, technologies and cards stay as printed."""
    english = {**_atrades(at), **_mars_auction(ma)}
    with speaking(language(code)):
        translated = {**_atrades(at), **_mars_auction(ma)}
    said = ALT[code]
    for name, board in translated.items():
        assert board.alt.startswith(said[name]), (name, board.alt)
        assert board.png != english[name].png, name
    assert translated["guild"].alt.endswith(said["guild-end"]), translated["guild"].alt
    assert english["guild"].alt.endswith(
        "You may now: Raise ($5 to $20); Pass (out of this auction)."
    )


#: An Atrades engine's filled-in texts and their words in Czech and in Korean: a phase's
#: title, an action's label, a clock's label.
ENGINE_TEXTS = {
    "cs": {
        "Round 3: ann's action": "Kolo 3: akce hráče ann",
        "Expand Wiring 12": "Rozšířit Wiring 12",
        "Each guild's action": "Akce každého cechu",
        "Open round 1 of 2, the last sealed: bob to raise or pass": (
            "Otevřené kolo 1 z 2, poslední je tajné: přihodit nebo pasovat má bob"
        ),
    },
    "ko": {
        "Round 3: ann's action": "3라운드: ann님의 행동",
        "Expand Wiring 12": "Wiring 12 확장",
        "Each guild's action": "각 길드의 행동",
        "Open round 1 of 2, the last sealed: bob to raise or pass": (
            "공개 라운드 2번 중 1번째, 마지막은 비공개: bob님이 올리거나 패스할 차례"
        ),
    },
}


@pytest.mark.parametrize("code", ["cs", "ko"])
def test_atrades_engine_labels_titles_and_refusals_are_worded_by_the_catalogue(code: str) -> None:
    """Atrades marks its labels and titles and raises its refusals as templates with values:
    the bot words them in the language in force, the English stays as the engine wrote it."""
    assert ATRADES.clocks["turn"].label == "Each guild's action"
    for text, words in ENGINE_TEXTS[code].items():
        with speaking(language(code)):
            assert engine_words(text) == words
        assert engine_words(text) == text
    match = _acquiring()
    acting = ATRADES.turn(match.state).must[0]
    with pytest.raises(RuleError) as caught:
        match.submit(acting, {"type": "acquire", "tile": 99, "hex": "B4"})
    shown_tile = caught.value
    assert shown_tile.code == "tile_not_shown" and shown_tile.message.startswith(
        "Starting tile 99 is not on display (on display: "
    )
    with speaking(language(code)):
        worded = refusal(shown_tile)
    start = {"cs": "Startovní dílek 99 není vyložený (vyložené: ", "ko": "시작 타일 99은(는) "}
    assert worded.startswith(start[code]), worded


def _acquiring() -> Match:
    """An Atrades match whose acting guild may Acquire."""
    match, _events = Match.start(ATRADES, ["ann", "bob"], {}, 7)
    for player in ("ann", "bob"):
        match.submit(player, {"type": "bid", "pay_from": "purse", "amount": 0})
    return match


#: What a guild reads when it bids $500 for turn order holding $20, in each language.
BID_OVER = {
    "cs": "Nabídl jste $500, ale vaše peníze a pokladna jedné společnosti mají nejvýš $20.",
    "ko": "$500을 입찰했지만 내 돈과 회사 하나의 금고를 합쳐도 최대 $20이에요.",
}


@pytest.mark.parametrize("code", ["cs", "ko"])
async def test_an_atrades_refusal_reaches_the_player_in_their_language(
    real_languages: None, simcord_env: Any, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    """A guild bids more for turn order than it holds, in its 1-on-1's form: the engine's
    refusal reaches it privately, in its own Discord language, and the game does not change."""
    game = Atrades(simcord_env, 3, language=code)
    reading(monkeypatch, {m.id: code for m in game.players})
    await game.start()
    ann = game.players[0]
    assert (await game.state()).guilds[0].money == 20
    bid = f"dealer:act:{game.match_id}:bid"
    form = await ann.user.click(game.newest(ann.user.dm_channel.id, bid), custom_id=bid)
    assert form.modal is not None
    before = await game.dump()
    answer = await ann.user.submit_modal(form, {"amount": "500"})
    assert private(answer) and answer.response.content == BID_OVER[code]
    assert await game.dump() == before
