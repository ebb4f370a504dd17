"""`png_bytes` writes the PNG file itself (its rows deflated by ISA-L): the file is read here
chunk by chunk with the standard library's zlib, as any other decoder would, and must hold the
board's pixels."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image, ImageChops, ImageStat

from games.core.drawing import Canvas, png_bytes
from games.core.drawing.palette import ACCENT, TEXT

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """The file's chunks (type, data), each CRC checked."""
    assert png[:8] == SIGNATURE
    out: list[tuple[bytes, bytes]] = []
    at = 8
    while at < len(png):
        (length,) = struct.unpack_from(">I", png, at)
        kind, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack_from(">I", png, at + 8 + length)
        assert crc == zlib.crc32(kind + data), kind
        out.append((kind, data))
        at += 12 + length
    assert at == len(png)
    return out


def board(width: int, height: int) -> Image.Image:
    """A small board: flat panels, rounded corners, anti-aliased text in two colours."""
    canvas = Canvas(width, height)
    canvas.rect((10, 10, width - 10, height - 10), (40, 44, 52), radius=12, outline=ACCENT)
    canvas.text(24, height / 2, "Annabelle bids 17 · 王小明 🎲", size=18, fill=TEXT)
    canvas.cubes(24, height - 30, "blue", 3, 16)
    return canvas.image


@pytest.mark.parametrize("size", [(320, 120), (333, 97)])
def test_png_bytes_is_a_palette_png_any_decoder_reads(size: tuple[int, int]) -> None:
    image = board(*size)
    png = png_bytes(image)
    found = chunks(png)
    assert [kind for kind, _ in found] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    width, height, depth, colour_type, *methods = struct.unpack(">IIBBBBB", found[0][1])
    assert (width, height, depth, colour_type, methods) == (*size, 8, 3, [0, 0, 0])
    palette = found[1][1]
    assert len(palette) % 3 == 0 and 3 <= len(palette) <= 768
    rows = zlib.decompress(found[2][1])
    assert len(rows) == height * (width + 1)
    stride = width + 1
    assert all(rows[y * stride] == 0 for y in range(height))  # filter type: none
    indices = b"".join(rows[y * stride + 1 : (y + 1) * stride] for y in range(height))
    assert max(indices) < len(palette) // 3
    # The pixels the chunks spell out are those Pillow decodes, and the board's own.
    spelled = Image.frombytes("P", size, indices)
    spelled.putpalette(palette)
    decoded = Image.open(io.BytesIO(png))
    assert ImageChops.difference(spelled.convert("RGB"), decoded.convert("RGB")).getbbox() is None
    error = ImageStat.Stat(ImageChops.difference(image, decoded.convert("RGB"))).mean
    assert max(error) < 4  # per channel, on average: the palette fits the board


def test_png_bytes_is_deterministic_and_keeps_flat_colours_exact() -> None:
    image = board(320, 120)
    assert png_bytes(image) == png_bytes(image.copy())
    decoded = Image.open(io.BytesIO(png_bytes(image))).convert("RGB")
    assert decoded.getpixel((0, 0)) == image.getpixel((0, 0))
    assert decoded.getpixel((160, 20)) == image.getpixel((160, 20))
