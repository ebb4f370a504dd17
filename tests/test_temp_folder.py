"""Where the suite's temporary files go (tests/conftest.py): a memory-backed folder with room
for them, unless the person running the suite chose a TMPDIR of their own."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.conftest import RAM_FOLDER_ROOM, TEMP_FOLDER_SETTINGS, ram_temp_folder


def room(free: int) -> Callable[[str], SimpleNamespace]:
    """What `os.statvfs` says of a folder with `free` bytes free."""
    return lambda folder: SimpleNamespace(f_bavail=free // 4096, f_frsize=4096)


def no_folder_of_ones_own(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in TEMP_FOLDER_SETTINGS:
        monkeypatch.delenv(name, raising=False)


def test_a_folder_with_room_is_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    no_folder_of_ones_own(monkeypatch)
    monkeypatch.setattr(os, "statvfs", room(RAM_FOLDER_ROOM))
    assert ram_temp_folder(str(tmp_path)) == str(tmp_path)


def test_a_small_folder_is_passed_by(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A container's 64 MB /dev/shm."""
    no_folder_of_ones_own(monkeypatch)
    monkeypatch.setattr(os, "statvfs", room(64 << 20))
    assert ram_temp_folder(str(tmp_path)) is None


def test_a_missing_or_read_only_folder_is_passed_by(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_folder_of_ones_own(monkeypatch)
    monkeypatch.setattr(os, "statvfs", room(RAM_FOLDER_ROOM))
    assert ram_temp_folder(str(tmp_path / "missing")) is None
    monkeypatch.setattr(os, "access", lambda folder, mode: False)
    assert ram_temp_folder(str(tmp_path)) is None


@pytest.mark.parametrize("setting", TEMP_FOLDER_SETTINGS)
def test_a_temporary_folder_of_ones_own_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: str
) -> None:
    no_folder_of_ones_own(monkeypatch)
    monkeypatch.setenv(setting, str(tmp_path))
    monkeypatch.setattr(os, "statvfs", room(RAM_FOLDER_ROOM))
    assert ram_temp_folder(str(tmp_path)) is None


def test_an_empty_setting_is_no_folder_of_ones_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As `tempfile` passes an empty TMPDIR by, so does the choice of the memory folder."""
    no_folder_of_ones_own(monkeypatch)
    monkeypatch.setenv("TMPDIR", "")
    monkeypatch.setattr(os, "statvfs", room(RAM_FOLDER_ROOM))
    assert ram_temp_folder(str(tmp_path)) == str(tmp_path)
