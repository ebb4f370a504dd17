"""Golden images: a rendered board compared with its stored image, with a small pixel
tolerance, and the size every board image stays under."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from games.core.drawing import Board

GOLDEN = Path(__file__).parent / "golden"


UPDATE = os.environ.get("UPDATE_GOLDENS") == "1"


TOLERANCE = 32


MAX_DIFFERENT = 0.0005


MAX_BYTES = 300 * 1024


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def seen(board: Board) -> tuple[bytes, str, str, str]:
    """What a person gets of a board: its picture's pixels, its alt text, its file name and
    its detail. Not its PNG's bytes: the same picture may deflate into other bytes on
    another thread or process (`games.core.drawing.canvas.png_bytes`)."""
    return image(board.png).tobytes(), board.alt, board.filename, board.detail


def assert_matches_golden(name: str, board: Board, tmp_path: Path) -> None:
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(board.png)
        return
    assert path.exists(), f"no golden {path.name}; run with UPDATE_GOLDENS=1 to write it"
    actual, expected = image(board.png), image(path.read_bytes())
    assert actual.size == expected.size, f"{name}: {actual.size} != golden {expected.size}"
    r, g, b = ImageChops.difference(actual, expected).split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    different = sum(worst.histogram()[TOLERANCE + 1 :])
    share = different / (actual.width * actual.height)
    if share > MAX_DIFFERENT:
        (tmp_path / f"{name}.png").write_bytes(board.png)
        worst.point(lambda v: 255 if v > TOLERANCE else 0).save(tmp_path / f"{name}-diff.png")
        pytest.fail(
            f"{name}: {share:.2%} of pixels differ from the golden (allowed "
            f"{MAX_DIFFERENT:.2%}); the new image and a diff are in {tmp_path}"
        )
