"""Fonts for board images: the faces bundled in `assets/fonts/`, chosen per character.

DejaVu Sans sets the text. Hangul (a Korean board, a Korean name) is set in NanumSquare, whose
syllables are all there (Droid Sans Fallback has three of the 11,172). A character DejaVu lacks
otherwise (an emoji, a CJK ideograph in a player's name) is set in Noto Emoji or Droid Sans
Fallback instead, so names are drawn as people wrote
them rather than as empty boxes. Which face has which character is read from each face's
`cmap` table once; faces are opened once per size. Latin and Hangul text is measured and
drawn from glyphs rasterized once, at their advances and pair kernings (`_set`): the pixels
of shaping and rasterizing it whole, without doing so for every new word; other text (marks,
right to left, emoji, ideographs) is shaped whole by raqm. Everything here is cached and pure.
"""

from __future__ import annotations

import re
import struct
import threading
import unicodedata
from bisect import bisect_right
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache, lru_cache
from math import ceil
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from PIL import Image, ImageDraw, ImageFont, features

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore


def _fonts_folder() -> Path:
    """Where the faces are: an installed wheel carries the repository's `assets/fonts/` as
    this package's data `assets/fonts/` (see setup.py); a source checkout (an editable install,
    or the source tree on the path) has them at the repository's top level."""
    here = Path(__file__).resolve().parent
    packaged = here / "assets" / "fonts"
    return packaged if packaged.is_dir() else here.parents[2] / "assets" / "fonts"


FONTS = _fonts_folder()

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
EMOJI = "NotoEmoji.ttf"
CJK = "DroidSansFallbackFull.ttf"
HANGUL = "NanumSquareR.ttf"

ELLIPSIS = "…"
#: Emoji are drawn a little smaller than letters so that they sit inside the line.
EMOJI_SCALE = 0.9
#: More combining marks than this on one letter are dropped ("Zalgo" names).
MAX_MARKS = 2
_LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
_JOINER = "\u200d"
#: FreeType faces may be used by one thread at a time, and faces are shared between boards;
#: renders in threads (the tests do; the bot renders in worker processes) take turns only
#: while they measure or rasterize text.
_FREETYPE = threading.RLock()
_EXTENDERS = {"\ufe0e", "\ufe0f", "\u20e3"}
#: The ligatures DejaVu Sans forms by default (its `liga`), longest first, as regex
#: alternatives: text is cut into them and single characters the way the shaper joins them.
_UNITS = re.compile("ffi|ffl|ff|fi|fl|.", re.DOTALL)


class Coverage:
    """The code points a font has glyphs for, as sorted ranges."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        merged: list[tuple[int, int]] = []
        for start, end in sorted(ranges):
            if merged and start <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
            else:
                merged.append((start, end))
        self._starts = [start for start, _ in merged]
        self._ends = [end for _, end in merged]

    def __contains__(self, char: object) -> bool:
        if not isinstance(char, str) or len(char) != 1:
            return False
        point = ord(char)
        index = bisect_right(self._starts, point) - 1
        return index >= 0 and point <= self._ends[index]


def _cmap_ranges(data: bytes) -> list[tuple[int, int]]:
    """Code point ranges mapped to a glyph, from a TrueType/OpenType `cmap` table (formats 4
    and 12, the Unicode ones every font here has)."""
    tables = struct.unpack_from(">H", data, 4)[0]
    cmap = None
    for i in range(tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap = offset
    if cmap is None:
        raise ValueError("font has no cmap table")
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    found: dict[int, int] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        unicode = platform == 0 or (platform == 3 and encoding in (1, 10))
        fmt = struct.unpack_from(">H", data, cmap + offset)[0]
        if unicode and fmt in (4, 12):
            found.setdefault(fmt, cmap + offset)
    if 12 in found:
        at = found[12]
        groups = struct.unpack_from(">I", data, at + 12)[0]
        return [
            (start, end)
            for start, end, _ in struct.iter_unpack(">III", data[at + 16 : at + 16 + 12 * groups])
        ]
    if 4 not in found:
        raise ValueError("font has no Unicode cmap of format 4 or 12")
    return _format4(data, found[4])


def _format4(data: bytes, at: int) -> list[tuple[int, int]]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts_at = at + 16 + 2 * segments
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, starts_at + 2 * segments)
    offsets_at = starts_at + 4 * segments
    offsets = struct.unpack_from(f">{segments}H", data, offsets_at)
    ranges: list[tuple[int, int]] = []
    for i in range(segments):
        start, end = starts[i], ends[i]
        if start == 0xFFFF:
            continue
        if offsets[i] == 0:
            ranges.extend((c, c) for c in range(start, end + 1) if (c + deltas[i]) & 0xFFFF)
            continue
        for c in range(start, end + 1):
            where = offsets_at + 2 * i + offsets[i] + 2 * (c - start)
            if struct.unpack_from(">H", data, where)[0]:
                ranges.append((c, c))
    return ranges


@cache
def coverage(filename: str) -> Coverage:
    return Coverage(_cmap_ranges((FONTS / filename).read_bytes()))


@cache
def face(filename: str, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """One face at one pixel size, opened once."""
    with _FREETYPE:
        font = ImageFont.truetype(str(FONTS / filename), size, layout_engine=_LAYOUT)
        if filename == EMOJI:
            font.set_variation_by_axes([700 if bold else 400])
    return font


def _emoji_like(cluster: str) -> bool:
    return (
        ord(cluster[0]) >= 0x1F000
        or "\ufe0f" in cluster
        or _JOINER in cluster
        or "\u20e3" in cluster
    )


def _hangul(cluster: str) -> bool:
    """Whether the cluster is Korean script: a syllable, or a jamo (conjoining or compatibility)."""
    point = ord(cluster[0])
    return 0xAC00 <= point <= 0xD7A3 or 0x1100 <= point <= 0x11FF or 0x3130 <= point <= 0x318F


def _chain(cluster: str, bold: bool) -> tuple[str, ...]:
    text = BOLD if bold else REGULAR
    if _emoji_like(cluster):
        return (EMOJI, text, CJK)
    if _hangul(cluster):
        return (HANGUL, CJK)
    return (text, CJK, EMOJI)


def clusters(text: str) -> list[str]:
    """The text cut into user-perceived characters, close enough for names: a letter with its
    marks, an emoji with its modifiers and joined parts, a flag's two letters."""
    out: list[str] = []
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        previous = out[-1] if out else ""
        attach = bool(previous) and (
            category in ("Mn", "Me", "Mc")
            or char in _EXTENDERS
            or char == _JOINER
            or previous.endswith(_JOINER)
            or 0x1F3FB <= ord(char) <= 0x1F3FF
            or 0xE0020 <= ord(char) <= 0xE007F
            or (_regional(char) and _regional(previous[-1]) and len(previous) == 1)
        )
        if attach:
            if category in ("Mn", "Me"):
                marks += 1
                if marks > MAX_MARKS:
                    continue
            out[-1] += char
        else:
            marks = 0
            out.append(char)
    return out


def _regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def clean(text: str) -> str:
    """A name fit for one line: control characters and line breaks become spaces, runs of
    spaces one space."""
    spaced = "".join(
        " " if unicodedata.category(c) in ("Cc", "Zl", "Zp", "Cs", "Co") else c for c in text
    )
    return " ".join(spaced.split())


_Mask = tuple[Image.Image, int, int]
#: Per face, the characters that the shaper (raqm: HarfBuzz) sets as nothing more than each
#: glyph at its advance, the kerning of each pair and `_UNITS`' ligatures: Latin (ASCII, Latin-1,
#: Latin Extended-A, which hold every Czech letter) and the punctuation the boards use in
#: DejaVu Sans, and Hangul syllables in NanumSquare. A run of these is measured from the
#: kept advances and pair kernings (`_glyph`, `_kerning`) and drawn from kept glyphs, which
#: gives the pixels of shaping and rasterizing the run whole
#: (`tests/render/test_fonts.py` compares them); any other run is shaped whole. DejaVu Sans
#: has every character of `_LATIN`, so such a text is one run in the text face.
_LATIN = re.compile("[ -~\u00a0-\u017f€·–—…★‘’“”„]*")
_SET_BY_GLYPHS = {REGULAR: _LATIN, BOLD: _LATIN, HANGUL: re.compile("[\uac00-\ud7a3]*")}
#: Glyphs and pairs kept: every glyph of a few faces and sizes, and the pairs that occur.
GLYPHS_KEPT = 8192
PAIRS_KEPT = 65536


class _Glyph(NamedTuple):
    """A glyph's coverage mask (FreeType's bitmap, as Pillow's core image: `getmask2` gives
    it so, and pasting it without an `Image` around it saves a call per glyph), the mask's
    offset from the pen and its size, and the glyph's advance (26.6 fixed point)."""

    mask: ImagingCore
    dx: int
    dy: int
    width: int
    height: int
    advance: int


#: A glyph placed in a run: its mask, the mask's left and top from the run's pen start on the
#: baseline, its width and height.
_Placed = tuple["ImagingCore", int, int, int, int]


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of text set in one face. Set by glyphs (`_set`): the glyphs that cover
    pixels, placed, and whether any glyph's mask reaches over an earlier one's; shaped whole:
    no glyphs (None)."""

    text: str
    font: ImageFont.FreeTypeFont
    width: float
    glyphs: tuple[_Placed, ...] | None = None
    overlapping: bool = False


@lru_cache(maxsize=GLYPHS_KEPT)
def _glyph(unit: str, font: ImageFont.FreeTypeFont) -> _Glyph:
    """A glyph (a character, or a ligature): glyphs land on whole pixels, so each is
    rasterized once and drawn anywhere. Its mask is cut to the pixels it covers (none for a
    space): fewer glyphs' masks then reach over their neighbours'."""
    with _FREETYPE:
        advance = round(font.getlength(unit) * 64)
        mask, (dx, dy) = font.getmask2(unit, "L", anchor="ls")
    box = mask.getbbox()
    if box is None:
        return _Glyph(mask, dx, dy, 0, 0, advance)
    left, top, right, bottom = box
    return _Glyph(mask.crop(box), dx + left, dy + top, right - left, bottom - top, advance)


@lru_cache(maxsize=PAIRS_KEPT)
def _kerning(first: str, second: str, font: ImageFont.FreeTypeFont) -> int:
    """What the shaper adds to `first`'s advance before `second` (26.6 fixed point)."""
    with _FREETYPE:
        both = round(font.getlength(first + second) * 64)
    return both - _glyph(first, font).advance - _glyph(second, font).advance


def _set(text: str, font: ImageFont.FreeTypeFont) -> Run:
    """A run set by glyphs (`_UNITS`): each at its pen position (26.6 fixed point: the
    advances and pair kernings before it) rounded to a pixel, half up, as FreeType's callers
    do; its width the pens' end."""
    placed: list[_Placed] = []
    pen = 0
    previous = ""
    right = -(1 << 20)
    overlapping = False
    glyph, kerning = _glyph, _kerning  # locals: this loop runs for every letter measured
    for unit in _UNITS.findall(text):
        if previous:
            pen += kerning(previous, unit, font)
        mask, dx, dy, width, height, advance = glyph(unit, font)
        if width:
            left = ((pen + 32) >> 6) + dx
            if left < right:
                overlapping = True
            if left + width > right:
                right = left + width
            placed.append((mask, left, dy, width, height))
        pen += advance
        previous = unit
    return Run(text, font, pen / 64, tuple(placed), overlapping)


def _shaped(text: str, name: str, font: ImageFont.FreeTypeFont) -> Run:
    """A run measured: by its glyphs where `_SET_BY_GLYPHS` allows, else shaped whole."""
    simple = _SET_BY_GLYPHS.get(name)
    if simple is not None and simple.fullmatch(text):
        return _set(text, font)
    with _FREETYPE:
        return Run(text, font, font.getlength(text))


@lru_cache(maxsize=4096)
def runs(text: str, size: int, bold: bool = False) -> tuple[Run, ...]:
    """`text` split into runs by the first face that has each character; characters no face
    has are left out."""
    primary = BOLD if bold else REGULAR
    pieces: list[tuple[str, str]] = []
    if _LATIN.fullmatch(text):  # all in the text face (the common case, found at once)
        pieces = [(primary, text)] if text else []
    for cluster in [] if pieces or not text else clusters(text):
        chosen = next(
            (name for name in _chain(cluster, bold) if cluster[0] in coverage(name)), None
        )
        if chosen is None:
            continue
        if pieces and pieces[-1][0] == chosen:
            pieces[-1] = (chosen, pieces[-1][1] + cluster)
        else:
            pieces.append((chosen, cluster))
    out: list[Run] = []
    for name, piece in pieces:
        px = round(size * EMOJI_SCALE) if name == EMOJI else size
        out.append(_shaped(piece, name, face(name, px, bold and name != CJK)))
    return tuple(out)


def width(text: str, size: int, bold: bool = False) -> int:
    return round(sum(run.width for run in runs(text, size, bold)))


@cache
def cap_height(size: int, bold: bool = False) -> int:
    """Height of a capital letter: text is centred on it, so that rows of names, figures and
    badges line up by eye."""
    font = face(BOLD if bold else REGULAR, size)
    with _FREETYPE:
        box = font.getbbox("H", anchor="ls")
    return round(-box[1])


def _rasterize(text: str, font: ImageFont.FreeTypeFont, advance: float) -> _Mask:
    """`text` as a coverage mask, and the mask's offset from the pen position on the
    baseline. The mask is drawn on the run's advance and the face's line height, with room
    around for overhanging strokes and marks, then cut to the pixels the text covers: a
    paste costs by the mask's area (about half of it was blank), and blank pixels change
    nothing."""
    pad = round(font.size) // 3 + 2
    with _FREETYPE:
        ascent, descent = (round(v) for v in font.getmetrics())
        mask = Image.new("L", (ceil(advance) + 2 * pad, ascent + descent + 2 * pad), 0)
        ImageDraw.Draw(mask).text((pad, pad + ascent), text, font=font, fill=255, anchor="ls")
    left, top, right, bottom = mask.getbbox() or (0, 0, 1, 1)
    return mask.crop((left, top, right, bottom)), left - pad, top - pad - ascent


_Key = tuple[str, ImageFont.FreeTypeFont]
#: Runs drawn once (their next drawing keeps a mask) and runs drawn more often, with their
#: masks; both bounded, oldest first out. A run drawn once is drawn straight onto the board
#: (shaped whole, or its kept glyphs pasted one by one when their masks do not overlap), which
#: costs less than making a mask; every way gives the same pixels.
_SEEN: OrderedDict[_Key, None] = OrderedDict()
_MASKS: OrderedDict[_Key, _Mask] = OrderedDict()
TEXT_CACHE = 4096


def _remember(table: OrderedDict[_Key, Any], key: _Key, value: Any) -> None:
    table[key] = value
    if len(table) > TEXT_CACHE:
        table.popitem(last=False)


def clear_text_caches() -> None:
    """Forget measured and rasterized text (faces, their glyphs and pair kernings stay): for
    benchmarks of renders whose words are all new."""
    with _FREETYPE:
        runs.cache_clear()
        _SEEN.clear()
        _MASKS.clear()


def draw(
    image: Image.Image,
    x: float,
    middle: float,
    text: str,
    size: int,
    fill: tuple[int, int, int],
    *,
    bold: bool = False,
) -> int:
    """Draw `text` on `image` from `x`, its capitals centred on `middle`; returns the width
    drawn. A run drawn a second time is kept as a mask: boards repeat their figures, labels
    and names."""
    baseline = round(middle + cap_height(size, bold) / 2)
    left = float(x)
    for run in runs(text, size, bold):
        if not run.text.isspace():
            _draw_run(image, round(left), baseline, run, fill)
        left += run.width
    return round(left - x)


def _draw_run(
    image: Image.Image, x: int, baseline: int, run: Run, fill: tuple[int, int, int]
) -> None:
    key = (run.text, run.font)
    with _FREETYPE:
        cached = _MASKS.get(key)
        if cached is None and key not in _SEEN:
            _remember(_SEEN, key, None)
            if run.glyphs is None:
                ImageDraw.Draw(image).text(
                    (x, baseline), run.text, font=run.font, fill=fill, anchor="ls"
                )
                return
            if not run.overlapping:
                _paste_glyphs(image, x, baseline, run.glyphs, fill)
                return
    if cached is None:
        glyphs = run.glyphs
        cached = _rasterize(run.text, run.font, run.width) if glyphs is None else _composed(glyphs)
        with _FREETYPE:
            _remember(_MASKS, key, cached)
    mask, dx, dy = cached
    image.paste(
        fill, (x + dx, baseline + dy, x + dx + mask.width, baseline + dy + mask.height), mask
    )


def _paste_glyphs(
    image: Image.Image,
    x: int,
    baseline: int,
    glyphs: tuple[_Placed, ...],
    fill: tuple[int, int, int],
) -> None:
    """Glyphs whose masks do not overlap, drawn one by one: the pixels of their run drawn
    whole, as no pixel is blended twice."""
    image.load()
    paste = image.im.paste
    for mask, left, top, width, height in glyphs:
        left, top = x + left, baseline + top
        paste(fill, (left, top, left + width, top + height), mask)


def _composed(glyphs: tuple[_Placed, ...]) -> _Mask:
    """Glyphs as one mask, like `_rasterize`'s, each laid over the ones before it (coverage
    over coverage, which is what pasting full coverage through a glyph does): drawing the
    mask once gives the pixels of drawing their run whole."""
    if not glyphs:
        return Image.new("L", (1, 1), 0), 0, 0
    left = min(g[1] for g in glyphs)
    top = min(g[2] for g in glyphs)
    right = max(g[1] + g[3] for g in glyphs)
    bottom = max(g[2] + g[4] for g in glyphs)
    out = Image.new("L", (right - left, bottom - top), 0)
    paste = out.im.paste
    for mask, x, y, width, height in glyphs:
        x, y = x - left, y - top
        paste(255, (x, y, x + width, y + height), mask)
    return out, left, top


def ellipsize(text: str, size: int, max_width: float, *, bold: bool = False) -> str:
    """`text` shortened with an ellipsis at a character boundary so that it fits `max_width`;
    unchanged if it fits."""
    if width(text, size, bold) <= max_width:
        return text
    parts = clusters(text)
    low, high = 0, len(parts)
    while low < high:
        middle = (low + high + 1) // 2
        candidate = "".join(parts[:middle]).rstrip() + ELLIPSIS
        if width(candidate, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return "".join(parts[:low]).rstrip() + ELLIPSIS if low else ELLIPSIS


def fit_size(text: str, size: int, min_size: int, max_width: float, *, bold: bool = False) -> int:
    """The largest size from `size` down to `min_size` at which `text` fits `max_width`
    (`min_size` if none does)."""
    for candidate in range(size, min_size - 1, -1):
        if width(text, candidate, bold) <= max_width:
            return candidate
    return min_size


def wrap(text: str, size: int, max_width: float, *, bold: bool = False) -> list[str]:
    """`text` broken into lines at spaces so that each fits `max_width`; a word longer than
    a line is cut with an ellipsis."""
    lines: list[str] = []
    line, used = "", 0
    space = width(" ", size, bold)
    for word in text.split():
        w = width(word, size, bold)
        if line and used + space + w <= max_width:
            line, used = f"{line} {word}", used + space + w
            continue
        if line:
            lines.append(line)
        line = word if w <= max_width else ellipsize(word, size, max_width, bold=bold)
        used = min(w, round(max_width))
    if line:
        lines.append(line)
    return lines


def wrap_fitted(
    text: str, size: int, min_size: int, max_width: float, lines: int, *, bold: bool = False
) -> tuple[int, list[str]]:
    """`text` wrapped into at most `lines` lines of `max_width`, at the largest size from
    `size` down to `min_size` at which it takes no more; only a text that needs more lines
    even at `min_size` is cut, its last line with an ellipsis. Returns the size and lines."""
    whole = " ".join(text.split())
    for candidate in range(size, min_size - 1, -1):
        wrapped = wrap(text, candidate, max_width, bold=bold)
        if len(wrapped) <= lines and " ".join(wrapped) == whole:  # no word cut
            return candidate, wrapped
    wrapped = wrap(text, min_size, max_width, bold=bold)
    last = ellipsize(" ".join(wrapped[lines - 1 :]), min_size, max_width, bold=bold)
    return min_size, [*wrapped[: lines - 1], last]
