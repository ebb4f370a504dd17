"""`python -m games ...` for tests: in this process (fast), or as a separate process.

`in_process` calls the CLI's `main(argv)` with standard input, output and error replaced by
byte buffers behind text streams that decode and encode as this interpreter's own standard
streams do (as a process started from it with the same environment has them), and reports
what a finished process would: the exit status (`main`'s return value, or a `SystemExit`'s
code) and the bytes written to stdout and stderr. An exception `main` lets escape is raised
to the test, where a process would have printed a traceback and exited 1: either way the
test fails. tests/test_replay_cli.py checks that both ways print the same bytes and exit
with the same status.
"""

from __future__ import annotations

import io
import locale
import subprocess
import sys
from pathlib import Path

from games.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
Completed = subprocess.CompletedProcess[bytes]


def _bytes(stdin: str | bytes | None) -> bytes:
    return stdin.encode() if isinstance(stdin, str) else (stdin or b"")


def _stream(name: str, data: bytes = b"") -> io.TextIOWrapper:
    """A text stream over `data` set up as the interpreter set up its own stream `name`."""
    own = getattr(sys, f"__{name}__", None)
    encoding = own.encoding if own is not None else locale.getpreferredencoding(False)
    errors = own.errors if own is not None else "strict"
    return io.TextIOWrapper(io.BytesIO(data), encoding=encoding, errors=errors, newline="\n")


def in_process(*args: str, stdin: str | bytes | None = None) -> Completed:
    """`python -m games *args`, run by calling `games.__main__.main` here."""
    streams = {name: _stream(name) for name in ("stdout", "stderr")}
    given = _stream("stdin", _bytes(stdin))
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = given, streams["stdout"], streams["stderr"]
    try:
        try:
            status = main(list(args))
        except SystemExit as exit:
            code = exit.code
            status = code if isinstance(code, int) else (0 if code is None else 1)
            if code is not None and not isinstance(code, int):
                print(code, file=sys.stderr)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    out = {}
    for name, stream in streams.items():
        stream.flush()
        buffer = stream.buffer
        assert isinstance(buffer, io.BytesIO)
        out[name] = buffer.getvalue()
    return subprocess.CompletedProcess(["python", "-m", "games", *args], status, **out)


def as_process(*args: str, stdin: str | bytes | None = None) -> Completed:
    """`python -m games *args` in a process of its own, from the repository's root."""
    return subprocess.run(
        [sys.executable, "-m", "games", *args],
        input=_bytes(stdin),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
