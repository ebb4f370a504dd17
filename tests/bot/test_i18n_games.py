"""The games in Czech and Korean (issue 46): the mechanisms every game's texts use — the
render's words in the language of the request that asked for the image, the engines' labels,
titles and refusals worded by the bot — and Korean drawn with the bundled fonts."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot import boards
from bot.flows.lobby import _option as lobby_option
from bot.games.registry import PLUGINS
from bot.i18n import engine_words, language, message_ids, refusal, speaking
from games.core import speech
from games.core.drawing import fonts
from games.core.errors import RuleError
from games.mars_auction import ENGINE as MARS_AUCTION
from games.tm_catalogue import UnknownCard, builtin
from games.tm_catalogue.sets import UnknownSet, parse_sets
from tests.bot.conftest import Table
from tests.drivers.languages import reading
from tools import render_samples
from tools.i18n_catalogues import CONVERTED_GAMES, ROOT

UNTIMED = "No clock: the phase waits for the host to close it."


async def test_a_board_is_drawn_in_the_language_of_the_request_and_cached_per_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The language travels with the job to the worker, whose words read its catalogue; the
    same job in another language is another job, not the first one's reply. (Drawn: words
    alone are made in the bot's own process, `bot.boards.render`.)"""
    monkeypatch.setattr(boards, "PICTURES", True)
    assert await boards.render(speech._, UNTIMED) == UNTIMED
    with speaking(language("cs")):
        assert await boards.render(speech._, UNTIMED) == (
            "Bez hodin: fáze čeká, až ji pořadatel uzavře."
        )
    with speaking(language("ko")):
        assert await boards.render(speech._, UNTIMED) == (
            "시간 제한 없음: 진행자가 단계를 닫을 때까지 기다려요."
        )
    assert await boards.render(speech._, UNTIMED) == UNTIMED


def test_games_words_are_english_without_the_bot_and_the_bots_language_within_it() -> None:
    with speaking(language("cs")):
        assert speech._(UNTIMED) == "Bez hodin: fáze čeká, až ji pořadatel uzavře."
    assert speech._(UNTIMED) == UNTIMED


def test_an_engines_refusal_is_worded_from_its_template_and_values() -> None:
    """The engine raises a code, an English template and values; the English is filled in
    as before, and the bot words the template through the catalogue."""
    error = RuleError("bad_move", "That move is not understood: {why}", why="no 'amount'")
    assert error.message == "That move is not understood: no 'amount'"
    assert refusal(error) == error.message
    with speaking(language("cs")):
        assert refusal(error) == "Tomuto tahu nerozumím: no 'amount'"
    with speaking(language("ko")):
        assert refusal(error) == "이 수를 이해할 수 없어요: no 'amount'"


def test_an_engines_filled_in_text_is_matched_to_its_template() -> None:
    """A label or title an engine filled in (`N_(template).format(...)`) is translated as its
    template, with the values found in it; a text the catalogue lacks stays as it is."""
    with speaking(language("cs")):
        assert engine_words("That move is not understood: 7") == "Tomuto tahu nerozumím: 7"
        assert engine_words("Not a text of Dealer's") == "Not a text of Dealer's"
    assert engine_words("That move is not understood: 7") == "That move is not understood: 7"


def test_the_catalogues_refusals_and_the_options_are_worded_in_the_language() -> None:
    """A card or a set that is none, and the Mars Auction's display of such a card when the
    match starts (the options' refusal wrapping the catalogue's), are said in the reader's
    language: what a host typed and the cards' names stay as typed and printed."""
    with pytest.raises(UnknownCard) as card:
        builtin().find("Ganymed colony")
    with pytest.raises(UnknownSet) as sets:
        parse_sets("base, venuss")
    with pytest.raises(ValueError) as display:
        MARS_AUCTION.setup(
            ["1", "2"],
            MARS_AUCTION.parse_options({"display": ["Credicorp", "Ganymed colony"]}),
            0,
        )
    assert str(display.value).startswith("Invalid options: display: There is no card called")
    with speaking(language("cs")):
        assert refusal(card.value) == (
            "V katalogu není žádná karta jménem 'Ganymed colony'. Mysleli jste Ganymede Colony?"
        )
        assert refusal(sets.value).startswith("Žádná sada se nejmenuje 'venuss'. Sady jsou base")
        assert engine_words(str(display.value)).startswith(
            "Neplatné volby: display: V katalogu není žádná karta jménem"
        )
    with speaking(language("ko")):
        assert refusal(card.value) == (
            "카탈로그에 'Ganymed colony'(이)라는 카드가 없어요. Ganymede Colony을(를) 말씀하신 "
            "건가요?"
        )
        assert refusal(sets.value).startswith("'venuss'(이)라는 세트는 없어요.")


def _ink(text: str, face: str | None = None) -> Image.Image:
    """`text` in white on black, cropped to its ink: through the bot's font chain, or in one
    `face` alone (which draws a character it lacks as its `.notdef` box)."""
    image = Image.new("L", (80, 80), 0)
    if face is None:
        fonts.draw(image, 10, 40, text, 40, 255)  # type: ignore[arg-type]
    else:
        ImageDraw.Draw(image).text((10, 10), text, font=fonts.face(face, 40), fill=255)
    box = image.getbbox()
    assert box is not None, f"{text!r} drew nothing"
    return image.crop(box)


def _boxed(ink: Image.Image) -> bool:
    """Whether the ink is a box: its top and bottom rows inked from end to end."""
    top = [ink.getpixel((x, 0)) for x in range(ink.width)]
    bottom = [ink.getpixel((x, ink.height - 1)) for x in range(ink.width)]
    return all(top) and all(bottom)


def test_korean_is_drawn_in_the_bundled_fonts_not_as_boxes() -> None:
    """A Hangul syllable is set in the face of the bundled fonts that has it, and its ink is a
    letter's, not the box a face draws for a character it lacks (`.notdef`)."""
    (run,) = fonts.runs("한", 40)
    assert str(run.font.path).endswith(fonts.HANGUL)
    assert _boxed(_ink("한", fonts.REGULAR)), "DejaVu Sans has no Hangul: its .notdef box"
    assert not _boxed(_ink("한"))
    assert not _boxed(_ink("경매"))


def test_every_refusal_of_a_converted_game_is_a_template_the_catalogue_holds() -> None:
    """A converted game's `RuleError` takes a literal English template (the catalogue's
    message id) and its values: an f-string there is a sentence the bot cannot translate."""
    found = []
    for game in CONVERTED_GAMES:
        for path in sorted((ROOT / "games" / game).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "RuleError"
                ):
                    continue
                template = node.args[1] if len(node.args) > 1 else None
                if not (isinstance(template, ast.Constant) and isinstance(template.value, str)):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                elif template.value not in message_ids():
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} not extracted")
    assert not found


#: What an Auction Auction match says, in Czech and in Korean: the channel's opening of the
#: Access phase, a player's private answer to `/bid`, an engine's refusal, the 1-on-1's gift
#: menu, the bid form's field, and the access board's alt text.
AUCTION_AUCTION = {
    "cs": {
        "opening": "**Kolo 1 — Vstupní fáze.** Pošlete tajnou nabídku na jeden aukční dům",
        "bid": "Vaše tajná nabídka $7 na Genre Shop je zapsaná.",
        "refusal": "Nabídl jste $500, ale máte $100.",
        "give": "Dát peníze: komu",
        "field": "Tajná nabídka v dolarech",
        "alt": "Auction Auction, kolo 1, výsledky vstupu. Dr. E Appraisings: žádné nabídky.",
    },
    "ko": {
        "opening": "**1라운드 — 입장 단계.** 경매장 하나(Dr. E Appraisings, Genre Shop, Wolley",
        "bid": "Genre Shop에 대한 $7 비공개 입찰을 기록했어요.",
        "refusal": "$500을 입찰했지만 가진 돈은 $100이에요.",
        "give": "돈 주기: 받는 사람",
        "field": "비공개 입찰 금액 (달러)",
        "alt": "Auction Auction, 1라운드, 입장 결과. Dr. E Appraisings: 입찰 없음.",
    },
}


@pytest.mark.parametrize("code", ["cs", "ko"])
async def test_an_auction_auction_match_speaks_the_servers_and_the_members_language(
    real_languages: None, simcord_env: Any, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    """The channel and the 1-on-1 DMs Dealer sends unasked are in the server's language, the
    answers to a member's own commands and clicks in theirs: the server speaks `code`, the
    first player too, the second the other language."""
    other = "ko" if code == "cs" else "cs"
    said, theirs = AUCTION_AUCTION[code], AUCTION_AUCTION[other]
    t = Table(simcord_env, 4, language=code)
    ann, bob = t.players[0], t.players[1]
    reading(monkeypatch, {ann.id: code, bob.id: other, t.host.id: code})
    lobby = (await t.host.slash(t.channel, "match create auction-auction")).response
    join, start = ("Připojit se", "Začít") if code == "cs" else ("참가", "시작")
    for player in t.players:
        await player.click(lobby, label=join)
    await t.host.click(lobby, label=start)
    row = await t.bot.storage.open_match_in(t.channel.id)
    assert row is not None
    t.match_id = row.id
    assert any(said["opening"] in m.content for m in t.channel.history()), [
        m.content for m in t.channel.history()
    ]

    dm = ann.user.dm_channel.history(viewer=ann.user)
    menus = {
        c.get("placeholder")
        for m in dm
        for row in m.components
        for c in row.to_dict()["components"]
    }
    assert said["give"] in menus, menus
    shown = await ann.user.click(
        next(m for m in reversed(dm) if m.components),
        custom_id=f"dealer:act:{t.match_id}:bid:wolley-limited",
    )
    assert shown.modal is not None
    [field] = [c for row in shown.modal["components"] for c in row["components"]]
    assert field["label"] == said["field"]

    r = await ann.slash(t.channel, "bid", target="genre-shop", amount=7)
    assert r.ephemeral and r.response.content.startswith(said["bid"] + "\n\n")
    r = await bob.slash(t.channel, "bid", target="genre-shop", amount=7)
    assert r.ephemeral and r.response.content.startswith(theirs["bid"] + "\n\n")
    r = await bob.slash(t.channel, "bid", target="wolley-limited", amount=500)
    assert r.ephemeral and r.response.content == theirs["refusal"]

    await t.host.slash(t.channel, "match close-phase")
    board = next(m for m in reversed(t.channel.history()) if m.attachments)
    assert (board.attachments[0].description or "").startswith(said["alt"])


#: What a MARSBOT draft says, in Czech and in Korean (the Czech MARSBOT text's words):
#: the channel's start, the 1-on-1's step and its menu, a refusal, the board's alt text.
MARSBOT_DRAFT = {
    "cs": {
        "start": "**MARSBOT draft** pro ann: MARSBOT hraje za **Saturn Systems** (C08), "
        "priorita Jovian > Space.",
        "step": "Kolo 1 z 4: vaše karta",
        "menu": "Vzít kartu: vaše karta",
        "refusal": "Zadání MARSBOTovy hromádky je pro draft u stolu: v tomto celém draftu "
        "rozdává hromádky bot a MARSBOTův odhoz i akční balíček dělá sám.",
        "alt": "MARSBOT draft, ann proti MARSBOTovi za Saturn Systems (priorita Jovian > "
        "Space). Kolo 1 z 4: vaše karta. Kolo 1: vaše hromádka: ",
    },
    "ko": {
        "start": "ann님의 **MARSBOT 드래프트**: MARSBOT의 기업은 **Saturn Systems** (C08), "
        "우선순위 Jovian > Space.",
        "step": "4라운드 중 1라운드: 내 카드",
        "menu": "카드 가져가기: 내 카드",
        "refusal": "MARSBOT 더미 입력은(는) 테이블 드래프트용이에요: 이 전체 드래프트에서는 봇이 "
        "더미를 나누고 MARSBOT의 버리기와 행동 덱도 직접 해요.",
        "alt": "MARSBOT 드래프트, ann 대 Saturn Systems의 MARSBOT (우선순위 Jovian > Space). "
        "4라운드 중 1라운드: 내 카드. 1라운드: 내 더미: ",
    },
}


@pytest.mark.parametrize("code", ["cs", "ko"])
async def test_a_marsbot_draft_speaks_czech_and_korean(
    real_languages: None, simcord_env: Any, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    """A whole draft in a server and by a member who speak `code`: the channel's start, the
    1-on-1 DM with its step and its menu, the refusal of a table move, the board's alt text."""
    said = MARSBOT_DRAFT[code]
    guild = simcord_env.create_guild(preferred_locale=code)
    channel = guild.create_text_channel("mars")
    ann = guild.add_member(simcord_env.create_user("ann"))
    reading(monkeypatch, {ann.id: code})
    await ann.slash(channel, "match create marsbot-draft", corporation="Saturn Systems")
    posted = [m.content for m in channel.history()]
    assert any(said["start"] in text for text in posted), posted
    board = next(m for m in channel.history() if m.attachments)
    assert (board.attachments[0].description or "").startswith(said["alt"])

    dm = [m for m in ann.user.dm_channel.history() if m.components]
    assert dm and said["step"] in dm[-1].content, [m.content for m in dm]
    menus = {c.get("placeholder") for row in dm[-1].components for c in row.to_dict()["components"]}
    assert said["menu"] in menus, menus

    r = await ann.slash(channel, "marsbot pick", cards="Comet; Birds")
    assert r.ephemeral and r.response.content == said["refusal"]


def test_render_samples_draws_the_boards_in_a_language(tmp_path: Path) -> None:
    """`python -m tools.render_samples OUT --language ko` draws every sample in Korean."""
    assert render_samples.main([str(tmp_path), "--language", "ko"]) == 0
    alt = (tmp_path / "access-5-players.txt").read_text(encoding="utf-8")
    assert alt.startswith("Auction Auction, 1라운드, 입장 결과. Dr. E Appraisings: 입장: ")
    assert render_samples.main([str(tmp_path), "--language", "xx"]) == 2


@pytest.mark.parametrize(("code", "said"), [("cs", "tajná"), ("ko", "비공개")])
def test_the_lobby_says_the_black_markets_colour_is_secret_in_its_language(
    code: str, said: str
) -> None:
    """AA-4: the lobby's options say the Black Market's colour is a secret, in the server's
    language (it said "secret" in English in the Czech and Korean demos)."""
    texts = PLUGINS["auction-auction"].texts
    with speaking(language(code)):
        shown = texts.shown_options({"black_market_colour": "red"})
        assert lobby_option(shown["black_market_colour"]) == said
