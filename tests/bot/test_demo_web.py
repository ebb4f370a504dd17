"""`python -m tools.demo <game> --web [--port N]`: the demo match played, then its pages
served on 127.0.0.1, their addresses printed one a line until the demo is interrupted."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tools.demo import main

ROOT = Path(__file__).resolve().parents[2]


#: How long the demo may take to stop before the test calls it hung.
HANG = 600


def interruptible() -> None:
    """Ctrl-C stops the demo, as in a person's terminal, even where the tests were started
    with it ignored (a shell's background job ignores it, and so did the demo then)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.mark.slow
def test_the_demo_serves_its_match_page_and_its_replay() -> None:
    """The tool run as people run it, in a process of its own (slow: a whole match)."""
    port = free_port()
    demo = subprocess.Popen(
        [sys.executable, "-m", "tools.demo", "auction-auction", "--web", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=interruptible,
    )
    try:
        assert demo.stdout is not None
        page, replay = demo.stdout.readline().strip(), demo.stdout.readline().strip()
        assert page.startswith(f"http://127.0.0.1:{port}/m/"), (page, demo.stderr)
        assert replay == f"{page}/replay"
        with urllib.request.urlopen(page) as answer:
            assert answer.status == 200
            assert "the match is over" in answer.read().decode()
        with urllib.request.urlopen(f"{replay}?step=1") as answer:
            assert answer.status == 200
            assert "Auction Auction: the replay" in answer.read().decode()
    finally:
        demo.send_signal(signal.SIGINT)
        # A guard against a demo that never stops, not a time it must meet.
        _, errors = demo.communicate(timeout=HANG)
    assert demo.returncode == 0, errors
    assert "Traceback" not in errors


@pytest.mark.parametrize(
    "argv", [["--web", "--port"], ["--web", "--port", "http"], ["--web", "--port", "70000"]]
)
def test_a_wrong_port_is_told_with_the_usage(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert "--web [--port N]" in capsys.readouterr().err
