"""Text set by glyphs (`fonts._SET_BY_GLYPHS`: kept glyphs at their advances, pair kernings
and DejaVu's ligatures) gives the pixels and widths of the shaper (raqm) setting each run
whole: every card name of the catalogue, every word of the boards in Czech and Korean, and
the ligatures' neighbours."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from PIL import Image, ImageDraw

from games.core.drawing import fonts
from games.tm_catalogue import builtin, numbered

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "locales"
INK = (231, 201, 97)
PAPER = (24, 29, 41)


def _translated_words(code: str) -> set[str]:
    """Every word of the language's catalogue with a letter beyond ASCII (the card names
    have the rest), placeholders left out."""
    with (LOCALES / code / "LC_MESSAGES" / "dealer.po").open("rb") as po:
        catalogue = read_po(po)
    words: set[str] = set()
    for message in catalogue:
        said = message.string
        strings = [said] if isinstance(said, str) else list(said or ())
        for string in strings:
            words.update(
                w for w in string.split() if not w.isascii() and "{" not in w and "}" not in w
            )
    return words


def _shaped_whole(text: str, size: int, bold: bool) -> tuple[Image.Image, int]:
    """`text` drawn the way `fonts.draw` lays it out, each run shaped and drawn whole."""
    image = Image.new("RGB", (fonts.width(text, size, bold) + 80, 3 * size + 20), PAPER)
    baseline = round(1.5 * size + 10 + fonts.cap_height(size, bold) / 2)
    left = 20.0
    for run in fonts.runs(text, size, bold):
        ImageDraw.Draw(image).text(
            (round(left), baseline), run.text, font=run.font, fill=INK, anchor="ls"
        )
        left += run.font.getlength(run.text)
    return image, round(left - 20)


def _differing(texts: Iterable[str], size: int, bold: bool) -> list[str]:
    """The texts whose drawing or width by `fonts.draw` is not the shaper's."""
    differing = []
    for text in dict.fromkeys(texts):
        fonts.clear_text_caches()
        expected, expected_width = _shaped_whole(text, size, bold)
        drawn = Image.new("RGB", expected.size, PAPER)
        used = fonts.draw(drawn, 20, 1.5 * size + 10, text, size, INK, bold=bold)
        again = Image.new("RGB", expected.size, PAPER)
        fonts.draw(again, 20, 1.5 * size + 10, text, size, INK, bold=bold)  # from the mask
        same = drawn.tobytes() == expected.tobytes() == again.tobytes()
        if not same or used != expected_width:
            differing.append(text)
    return differing


def test_card_names_are_set_by_glyphs_as_the_shaper_sets_them() -> None:
    names = [numbered(card.name) for card in builtin()]
    assert any("ffi" in name or "fi" in name for name in names)  # ligatures among them
    assert all(run.glyphs is not None for name in names for run in fonts.runs(name, 14, True))
    assert _differing(names, 14, True) == []


@pytest.mark.parametrize("code", ["cs", "ko"])
def test_the_boards_words_are_set_by_glyphs_as_the_shaper_sets_them(code: str) -> None:
    words = sorted(_translated_words(code))
    assert len(words) > 300
    assert _differing(words, 13, code == "ko") == []


def test_ligatures_and_their_neighbours_are_set_as_the_shaper_sets_them() -> None:
    letters = "fil"
    texts = [a + b + c + d for a in letters for b in letters for c in letters for d in letters]
    texts += ["Efficient Office", "Affluent fjord", "Offline ﬁle", "Ŧffļ", "of · fi – ff…"]
    assert _differing(texts, 17, False) == []
    assert _differing(texts, 11, True) == []


def test_text_the_glyphs_cannot_set_is_shaped_whole() -> None:
    """Combining marks, Hebrew (right to left), emoji, ideographs and conjoining jamo."""
    mixed = "Zoë a\u0301\u0302 שלום 🦊 王 ㄱㅏ 한국"
    runs = [(run.text, run.glyphs is not None) for run in fonts.runs(mixed, 15)]
    assert runs == [
        ("Zoë a\u0301\u0302 שלום ", False),
        ("🦊", False),
        (" ", True),
        ("王", False),
        (" ", True),
        ("ㄱㅏ", False),
        (" ", True),
        ("한국", True),
    ]
    assert _differing([mixed, "Μαρία", "Ǆemal"], 15, False) == []
