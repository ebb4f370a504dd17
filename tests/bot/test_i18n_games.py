"""The games in Czech and Korean (issue 46): the mechanisms every game's texts use — the
render's words in the language of the request that asked for the image, the engines' labels,
titles and refusals worded by the bot — and Korean drawn with the bundled fonts."""

from __future__ import annotations

import ast

from PIL import Image, ImageDraw

from bot import boards
from bot.i18n import MESSAGE_IDS, engine_words, language, refusal, speaking
from games.core import speech
from games.core.drawing import fonts
from games.core.errors import RuleError
from tools.i18n_catalogues import CONVERTED_GAMES, ROOT

UNTIMED = "No clock: the phase waits for the host to close it."


async def test_a_board_is_drawn_in_the_language_of_the_request_and_cached_per_language() -> None:
    """The language travels with the job to the worker, whose words read its catalogue; the
    same job in another language is another job, not the first one's reply."""
    assert await boards.render(speech._, UNTIMED) == UNTIMED
    with speaking(language("cs")):
        assert await boards.render(speech._, UNTIMED) == (
            "Bez hodin: fáze čeká, až ji hostitel uzavře."
        )
    with speaking(language("ko")):
        assert await boards.render(speech._, UNTIMED) == (
            "시간 제한 없음: 호스트가 단계를 닫을 때까지 기다려요."
        )
    assert await boards.render(speech._, UNTIMED) == UNTIMED


def test_games_words_are_english_without_the_bot_and_the_bots_language_within_it() -> None:
    with speaking(language("cs")):
        assert speech._(UNTIMED) == "Bez hodin: fáze čeká, až ji hostitel uzavře."
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
    assert run.font.path.endswith(fonts.HANGUL)  # type: ignore[attr-defined]
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
                elif template.value not in MESSAGE_IDS:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} not extracted")
    assert not found
