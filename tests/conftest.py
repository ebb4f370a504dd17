"""Settings of the whole suite."""

import gc
import os
import sys
import tempfile
from collections.abc import Iterator

# Python's bytecode caches (`__pycache__/`, ignored by git) are kept even where
# PYTHONDONTWRITEBYTECODE is set, as it is on the VM the suite's times are measured on: without
# them every pytest worker compiles the whole checkout and rewrites every test module's
# asserts again (collecting took 6 s of CPU per worker instead of 2), and every process a
# test starts (`python -m bot`, the render workers, the command-line tools) compiles what it
# imports (tests/bot/test_entry.py's processes took 17 s instead of 13). The processes tests
# start write theirs too: a module that only they import (bot/storage/postgres.py, imported
# by no test of the SQLite store but by `python -m bot` given a PostgreSQL address) was
# otherwise compiled anew by every one of them.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

#: The least free space a memory-backed folder needs for the suite's temporary files to go
#: there: a whole run writes about 50 MB (pytest keeps only a failed test's, see
#: `tmp_path_retention_policy` in pyproject.toml), so a container's usual 64 MB `/dev/shm` is
#: passed by.
RAM_FOLDER_ROOM = 1 << 30

#: The settings by which Python's `tempfile` takes a folder of one's own, in its order (an
#: empty one it passes by).
TEMP_FOLDER_SETTINGS = ("TMPDIR", "TEMP", "TMP")


def ram_temp_folder(folder: str = "/dev/shm") -> str | None:
    """`folder` if it can hold the suite's temporary files (it is there, writable and has
    `RAM_FOLDER_ROOM` free), else None; a temporary folder of one's own (any of
    `TEMP_FOLDER_SETTINGS` set, as `tempfile` reads them) always wins."""
    if any(os.environ.get(name) for name in TEMP_FOLDER_SETTINGS):
        return None
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        return None
    stats = os.statvfs(folder)
    return folder if stats.f_bavail * stats.f_frsize >= RAM_FOLDER_ROOM else None


# The tests' temporary files (`tmp_path`: every SimCord test's database, the processes' files)
# are kept in memory where the machine has a folder for it. A database commit there costs
# no wait for the disk: on the 2-core VM the quick run took 28.3 / 28.7 / 31.2 s against
# 30.7 / 33.2 / 34.4 s on the disk's /tmp (alternate runs), and 1.5 s less system CPU. That a
# confirmed move is synced to the disk is checked by what SQLite is told
# (tests/bot/test_storage.py), which does not depend on the file system.
tempfile.tempdir = ram_temp_folder()

# The youngest generation is collected after 10,000 allocations, not 700 (Python's default;
# the bot keeps it). Each SimCord test makes and drops a bot, whose discord.py client, caches
# and event loop are cycles of objects; collected every 700, many objects a test drops soon
# after were still alive at a collection, moved on to the older generations and walked again
# there, and every full collection walks all that is alive and not frozen in the process.
# `tests/bot -m "not slow"` in one process, SQLite, quiet AMD VM, counted with `gc.callbacks`:
# 7,998 young, 726 middle and 12 full collections, 5.8 s in the collector, 75.5-76.1 s of CPU,
# peak 340 MB; with this, 507, 45 and 8, 4.2 s, 63.5 s of CPU, peak 296 MB.
gc.set_threshold(10_000, *gc.get_threshold()[1:])

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from bot import boards  # noqa: E402

# The helpers the tests share are not test modules: their asserts are rewritten as a test
# module's are, so that a failing one says what it compared (`assert 'a' == 'b'`), which
# tests of the checks match on.
pytest.register_assert_rewrite("tests.drivers", "tests.conformance.playouts", "tests.render.golden")

# A loaded machine makes the suite slower, never red (issue 25): no example has a deadline
# and slow data generation is no failure, whatever else a test's own settings say. The example
# database (.hypothesis/) is shared by pytest-xdist's workers, which is safe: each test runs in
# one worker, and the database writes every entry to a temporary file renamed into place.
settings.register_profile("dealer", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dealer")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked `sqlite_only` (it reads the SQLite file or its writer itself) keeps its
    SQLite variant only."""
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        params = getattr(item, "callspec", None)
        on_postgres = params is not None and params.params.get("store") == "postgres"
        (dropped if on_postgres and item.get_closest_marker("sqlite_only") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--pseudo-locale",
        action="store_true",
        help="run the SimCord tests in the pseudo-locale and fail on any text the bot sent that "
        "is not in the catalogue, cut off, or past Discord's limits (docs/translating.md)",
    )


@pytest.fixture(autouse=True, scope="session")
def words_only_boards(pytestconfig: pytest.Config) -> Iterator[None]:
    """The bot's boards are made as words alone, their PNG empty (`bot.boards.PICTURES`): a
    board's words, which tests read (alt texts, leak scans, pages), come from the same code
    either way, and drawing was most of the suite's CPU (docs/performance.md). A test that
    reads pictures is marked `pictures` (`pictures_drawn`); the pseudo-locale run draws
    every board, so the bot's pictures are drawn through every SimCord test there with its
    longest texts (padded), and tests/render draws each render function's directly."""
    if pytestconfig.getoption("--pseudo-locale"):
        yield
        return
    boards.PICTURES = False
    try:
        yield
    finally:
        boards.PICTURES = True


@pytest.fixture(autouse=True)
def pictures_drawn(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test marked `pictures` has the bot's boards drawn."""
    if request.node.get_closest_marker("pictures"):
        monkeypatch.setattr(boards, "PICTURES", True)
