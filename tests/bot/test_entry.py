"""`python -m bot`: a start that cannot go on is one clear line and exit status 2 (75 when
Discord is out of reach), not a traceback, and leaves nothing unclosed (no asyncio "Unclosed
client session" at exit).

Discord is stood in for by a local HTTP server (discord.py's API address pointed at it), so
the real login path runs: its HTTP session is opened, then refused or cut off.
"""

from __future__ import annotations

import contextlib
import http.server
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.settings import MUST_BE, Settings
from bot.storage.migrations import MIGRATIONS

SETTINGS = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DATABASE_URL",
    "DATABASE_SYNC",
    "DEV_GUILD_ID",
    "DISCORD_API_URL",
    "SHARD_COUNT",
    "SHARD_IDS",
    "COMPUTER_PAUSE",
)
#: `python -m bot` with discord.py's API address replaced first.
BOOT = (
    "import sys, discord.http\n"
    "discord.http.Route.BASE = sys.argv[1]\n"
    "from bot.__main__ import main\n"
    "sys.exit(main([]))\n"
)


def bot_command(api: str | None) -> list[str]:
    """`python -m bot` itself, or, given `api`, with discord.py's API address replaced."""
    if api is None:
        return [sys.executable, "-m", "bot"]
    return [sys.executable, "-c", BOOT, api]


#: The checkout under test: the bot's processes import its `bot`, not the one installed.
CHECKOUT = Path(__file__).resolve().parents[2]


def environment(**settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(CHECKOUT), env.get("PYTHONPATH")]))
    env.update(settings)
    return env


def run_bot(
    tmp_path: Path, api: str | None = None, **settings: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        bot_command(api),
        cwd=tmp_path,
        env=environment(**settings),
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def run_main(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., subprocess.CompletedProcess[str]]:
    """`python -m bot`'s `main` called in this process, as `run_bot` runs it (in `tmp_path`,
    with only the given settings in the environment), for the starts that end before
    anything is opened: what it prints and returns. `test_missing_token_is_one_clear_line`
    runs that path as a process of its own."""
    monkeypatch.chdir(tmp_path)

    def run(*args: str, **settings: str) -> subprocess.CompletedProcess[str]:
        for name in SETTINGS:
            monkeypatch.delenv(name, raising=False)
        for name, value in settings.items():
            monkeypatch.setenv(name, value)
        capsys.readouterr()
        status = main(list(args))
        said = capsys.readouterr()
        return subprocess.CompletedProcess(["python", "-m", "bot", *args], status, *said)

    return run


class FakeDiscord(http.server.BaseHTTPRequestHandler):
    """Refuses every request as Discord refuses a wrong token (401), or, with `hold`, does
    not answer until released."""

    hold: threading.Event | None = None
    arrived = threading.Event()

    def do_GET(self) -> None:
        type(self).arrived.set()
        if self.hold is not None:
            self.hold.wait(30)
            return
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


#: How often, in seconds, the stand-in for Discord looks whether it is to stop: its
#: `serve_forever`'s own half second was waited out at the end of each test that used it.
STOP_POLL = 0.01


@pytest.fixture
def discord_api() -> Iterator[tuple[str, type[FakeDiscord]]]:
    handler: type[FakeDiscord] = type("Handler", (FakeDiscord,), {"arrived": threading.Event()})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, args=(STOP_POLL,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/api/v10", handler
    if handler.hold is not None:
        handler.hold.set()
    server.shutdown()
    server.server_close()


def assert_one_error(done: subprocess.CompletedProcess[str], line: str) -> None:
    """Exit status 2, `line` as the only error and the last thing said, nothing unclosed."""
    assert done.returncode == 2
    assert done.stdout == ""
    said = done.stderr.splitlines()
    assert [s for s in said if s.startswith("error:")] == [f"error: {line}"]
    assert said[-1] == f"error: {line}"
    assert "Traceback" not in done.stderr
    assert "Unclosed" not in done.stderr
    assert "voice will NOT be supported" not in done.stderr, "a warning about voice, unused"


def test_missing_token_is_one_clear_line(tmp_path: Path) -> None:
    done = run_bot(tmp_path, DISCORD_TOKEN="")
    assert_one_error(
        done, "DISCORD_TOKEN is not set; put it in the environment or in .env (see .env.example)."
    )
    assert done.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("setting", "value", "line"),
    [
        (
            "DEV_GUILD_ID",
            "abc",
            "DEV_GUILD_ID must be a number (a server's id), or empty; it is 'abc'.",
        ),
        (
            "DEV_GUILD_ID",
            "-5",
            "DEV_GUILD_ID must be a number (a server's id), or empty; it is '-5'.",
        ),
        ("DATABASE_SYNC", "fast", "DATABASE_SYNC must be full or normal; it is 'fast'."),
        (
            "COMPUTER_PAUSE",
            "90",
            "COMPUTER_PAUSE must be a number of seconds from 0 to 60 (default 1.5); it is '90'.",
        ),
        (
            "COMPUTER_PAUSE",
            "soon",
            "COMPUTER_PAUSE must be a number of seconds from 0 to 60 (default 1.5); it is 'soon'.",
        ),
        (
            "DATABASE_PATH",
            "no-such-folder/dealer.db",
            "DATABASE_PATH must be the path of a file in an existing folder (default dealer.db); "
            "it is 'no-such-folder/dealer.db' (there is no folder no-such-folder).",
        ),
        (
            "DATABASE_PATH",
            ".",
            "DATABASE_PATH must be the path of a file in an existing folder (default dealer.db); "
            "it is '.' (. is a folder).",
        ),
        (
            "SHARD_COUNT",
            "0",
            "SHARD_COUNT must be the number of shards the bot runs on in all (1 or more), or "
            "empty; it is '0'.",
        ),
        (
            "SHARD_IDS",
            "4-2",
            "SHARD_IDS must be the shards this process runs, as numbers below SHARD_COUNT (0-3, "
            "or 4,5, or 0-1,6), or empty for all of them; it is '4-2' (the range 4-2 runs "
            "backwards).",
        ),
        (
            "DISCORD_API_URL",
            "nirn:8080",
            "DISCORD_API_URL must be the web address of Discord's API or of a proxy in front of "
            "it (http://127.0.0.1:8080/api/v10), or empty; it is 'nirn:8080'.",
        ),
        (
            "DATABASE_URL",
            "mysql://dealer:secret@db/dealer",
            "DATABASE_URL must be a PostgreSQL address (postgresql://user:password@host:5432/"
            "database), or empty for the SQLite file DATABASE_PATH; it is "
            "'mysql://dealer:***@db/dealer' (it does not start with postgresql://).",
        ),
        (
            "DATABASE_URL",
            "postgresql://dealer:secret@db/dealer?sslmode",
            "DATABASE_URL must be a PostgreSQL address (postgresql://user:password@host:5432/"
            "database), or empty for the SQLite file DATABASE_PATH; it is "
            "'postgresql://dealer:***@db/dealer?sslmode' (it is not a well-formed address).",
        ),
    ],
)
def test_a_wrong_setting_is_named_in_words(
    run_main: Callable[..., subprocess.CompletedProcess[str]], setting: str, value: str, line: str
) -> None:
    done = run_main(DISCORD_TOKEN="x.y.z", **{setting: value})
    assert_one_error(done, line)
    assert done.stderr.count("\n") == 1


def test_each_wrong_setting_has_its_line(
    run_main: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    done = run_main(DEV_GUILD_ID="12.5", DATABASE_SYNC="off")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "error: DEV_GUILD_ID must be a number (a server's id), or empty; it is '12.5'.",
        "error: DATABASE_SYNC must be full or normal; it is 'off'.",
    ]


@pytest.mark.parametrize(
    ("shards", "line"),
    [
        ({"SHARD_IDS": "0-1"}, "SHARD_IDS needs SHARD_COUNT, the number of shards in all."),
        (
            {"SHARD_IDS": "2,4", "SHARD_COUNT": "4"},
            "SHARD_IDS names shard 4, but SHARD_COUNT=4 numbers the shards 0 to 3.",
        ),
        (
            {"SHARD_IDS": "0-1", "SHARD_COUNT": "4"},
            "SHARD_IDS runs some of the shards here and the others in other processes, which "
            "must share one database: set DATABASE_URL to a PostgreSQL server (the SQLite file "
            "DATABASE_PATH serves one process only).",
        ),
    ],
)
def test_shards_that_do_not_add_up(
    run_main: Callable[..., subprocess.CompletedProcess[str]], shards: dict[str, str], line: str
) -> None:
    done = run_main(DISCORD_TOKEN="x.y.z", **shards)
    assert_one_error(done, line)


def test_settings_written_loosely_are_understood(
    run_main: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    """Blank means the default, and the durability may be written in capitals; the start
    then goes on to the token (refused here, so that nothing connects)."""
    done = run_main(DEV_GUILD_ID=" ", DATABASE_SYNC="NORMAL", DATABASE_PATH="", COMPUTER_PAUSE="")
    assert done.stderr.splitlines() == [
        "error: DISCORD_TOKEN is not set; put it in the environment or in .env (see .env.example)."
    ]


@pytest.mark.slow
def test_a_token_discord_refuses(
    tmp_path: Path, discord_api: tuple[str, type[FakeDiscord]]
) -> None:
    """Discord's own address. `slow`: the quick run has a token refused by the address
    `DISCORD_API_URL` names (the next test), which `python -m bot` answers in the same line."""
    api, handler = discord_api
    done = run_bot(tmp_path, api=api, DISCORD_TOKEN="not.a.token")
    assert handler.arrived.is_set()
    assert_one_error(done, "Discord refused DISCORD_TOKEN; check the token.")


def test_discord_api_url_sends_the_requests_there(
    tmp_path: Path, discord_api: tuple[str, type[FakeDiscord]]
) -> None:
    """What a shared rate-limiting proxy needs (docs/deploying.md): the login goes to it."""
    api, handler = discord_api
    done = run_bot(tmp_path, DISCORD_TOKEN="not.a.token", DISCORD_API_URL=api)
    assert handler.arrived.is_set()
    assert_one_error(done, "Discord refused DISCORD_TOKEN; check the token.")


@pytest.mark.slow
def test_discord_out_of_reach(tmp_path: Path) -> None:
    """A passing trouble: exit status 75 (EX_TEMPFAIL), which a supervisor may retry."""
    done = run_bot(tmp_path, api="http://127.0.0.1:1/api/v10", DISCORD_TOKEN="x.y.z")
    assert done.returncode == 75
    assert done.stderr.splitlines()[-1].startswith("error: cannot reach Discord (")
    assert "Traceback" not in done.stderr and "Unclosed" not in done.stderr


@pytest.mark.slow
def test_a_database_that_cannot_be_used(tmp_path: Path) -> None:
    """The database is opened once logged in (`setup_hook`): login stands in for Discord's."""
    (tmp_path / "notes.db").write_text("not a database, just notes\n" * 100)
    done = boot_with_database(tmp_path, "notes.db")
    assert_one_error(
        done, "the database DATABASE_PATH=notes.db cannot be used: file is not a database."
    )


def test_sigterm_stops_it_cleanly(
    tmp_path: Path, discord_api: tuple[str, type[FakeDiscord]]
) -> None:
    """What `docker stop` and systemd send: the bot closes and exits 0 (here while it logs
    in, its HTTP session open and waiting)."""
    api, handler = discord_api
    handler.hold = threading.Event()
    bot = subprocess.Popen(
        bot_command(api),
        cwd=tmp_path,
        env=environment(DISCORD_TOKEN="x.y.z"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert handler.arrived.wait(30)
        bot.send_signal(signal.SIGTERM)
        out, err = bot.communicate(timeout=30)
    finally:
        bot.kill()
    assert bot.returncode == 0
    assert out == ""
    assert "error:" not in err and "Traceback" not in err and "Unclosed" not in err


def test_unknown_arguments_show_usage(
    run_main: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    done = run_main("nonsense")
    assert done.returncode == 2 and "usage: python -m bot" in done.stderr


def test_every_setting_says_what_it_must_be() -> None:
    assert set(MUST_BE) == set(Settings.model_fields)


def test_the_computer_pause_is_a_number_of_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPUTER_PAUSE", raising=False)
    assert Settings(_env_file=None).computer_pause == 1.5
    monkeypatch.setenv("COMPUTER_PAUSE", "0.25")
    assert Settings(_env_file=None).computer_pause == 0.25


def boot_with_database(
    tmp_path: Path, name: str, **settings: str
) -> subprocess.CompletedProcess[str]:
    """`python -m bot` up to opening the database (`setup_hook`), login standing in for
    Discord's."""
    boot = (
        "import sys\n"
        "from bot.app import DealerBot\n"
        "async def login(self, token): await self.setup_hook()\n"
        "DealerBot.login = login\n"
        "from bot.__main__ import main\n"
        "sys.exit(main([]))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", boot],
        cwd=tmp_path,
        env=environment(DISCORD_TOKEN="x.y.z", DATABASE_PATH=name, **settings),
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
def test_a_postgresql_server_out_of_reach_is_one_line_without_its_password(
    tmp_path: Path,
) -> None:
    """DATABASE_URL chooses PostgreSQL over the file; a server that cannot be reached is
    named in the server's words on one line, the password left out."""
    done = boot_with_database(
        tmp_path, "unused.db", DATABASE_URL="postgresql://dealer:secret@127.0.0.1:1/dealer"
    )
    assert_one_error(
        done,
        "the database DATABASE_URL=postgresql://dealer:***@127.0.0.1:1/dealer cannot be used: "
        "connection failed: connection to server at "
        '"127.0.0.1", port 1 failed: Connection refused Is the server running on that host '
        "and accepting TCP/IP connections?.",
    )
    assert "secret" not in done.stderr
    assert not (tmp_path / "unused.db").exists()


#: The rollback-journal variant is `slow`: the quick run refuses a newer database in WAL mode.
@pytest.mark.parametrize("journal", ["wal", pytest.param("delete", marks=pytest.mark.slow)])
def test_a_database_from_a_newer_dealer_is_refused_and_left_untouched(
    tmp_path: Path, journal: str
) -> None:
    """A rollback to an older Dealer must not run on a schema it does not know (#25): one
    line naming both versions, and the file not switched to WAL, not written, byte for byte
    (nor a journal or shared-memory file made beside it)."""
    path = tmp_path / "newer.db"
    newer = len(MIGRATIONS) + 1
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA journal_mode={journal}")
        db.execute("CREATE TABLE later (x INTEGER)")
        db.execute(f"PRAGMA user_version={newer}")
        db.commit()
    before = path.read_bytes()
    files = sorted(p.name for p in tmp_path.iterdir())
    done = boot_with_database(tmp_path, "newer.db")
    assert_one_error(
        done,
        f"the database DATABASE_PATH=newer.db cannot be used: it was written by a newer Dealer "
        f"(database version {newer}; this Dealer knows versions up to {len(MIGRATIONS)}). Run "
        "that Dealer, or restore a backup this one made.",
    )
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == files
