"""`python -m bot`: a missing token is one clear line, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_bot(tmp_path: Path, *args: str, token: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DISCORD_TOKEN"] = token
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_missing_token_is_one_clear_line(tmp_path: Path) -> None:
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "DISCORD_TOKEN is not set" in done.stderr


def test_unknown_arguments_show_usage(tmp_path: Path) -> None:
    done = run_bot(tmp_path, "nonsense")
    assert done.returncode == 2 and "usage: python -m bot" in done.stderr
