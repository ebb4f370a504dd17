"""`python -m bot` runs Dealer (the demo without Discord is `python -m tools.demo`)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sqlite3
import sys
from typing import TYPE_CHECKING

from pydantic import ValidationError

from bot.settings import Settings, explain
from bot.storage.migrations import NewerDatabase

if TYPE_CHECKING:
    from bot.app import DealerBot

#: The exit status of a start that cannot succeed as things are (a wrong setting or token).
CANNOT_START = 2
#: The exit status when Discord is out of reach: sysexits' EX_TEMPFAIL, for a supervisor
#: (systemd's `Restart=on-failure` with `RestartPreventExitStatus=2`) to try again later.
TRY_AGAIN = 75


def fail(*lines: str, status: int = CANNOT_START) -> int:
    """Say why the bot cannot start, one line each; returns the exit status."""
    for line in lines:
        print(f"error: {line}", file=sys.stderr)
    return status


async def serve(bot: DealerBot, token: str) -> None:
    """Run the bot until it stops, and close it however that happens (a refused token, no
    network, Ctrl-C, or SIGTERM: what `docker stop`, systemd and hosting platforms send), so
    that its HTTP session and database are closed rather than left to the garbage collector."""
    main = asyncio.current_task()
    assert main is not None
    # Windows has no signal handlers in asyncio; there, stopping is Ctrl-C or a kill.
    with contextlib.suppress(NotImplementedError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, main.cancel)
    async with bot:
        await bot.start(token)


def database_errors() -> tuple[type[Exception], ...]:
    """What a database that cannot be used raises: SQLite's errors, a newer Dealer's
    database, and psycopg's errors once psycopg is imported (only a PostgreSQL database
    imports it, and none of its errors can be raised before)."""
    psycopg = sys.modules.get("psycopg")
    return (sqlite3.Error, NewerDatabase, *(() if psycopg is None else (psycopg.Error,)))


def run() -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        return fail(*explain(error))
    if settings.discord_token is None:
        return fail(
            "DISCORD_TOKEN is not set; put it in the environment or in .env (see .env.example)."
        )
    return start(settings, settings.discord_token.get_secret_value())


def start(settings: Settings, token: str) -> int:
    """Log in with `token` and run the bot until it stops; the exit status."""
    # Imported only once the settings are right: discord.py, aiohttp, the games and the
    # store are most of a start's CPU (docs/performance.md), which a start that cannot go
    # on need not spend before saying so. What they make (modules, classes, pydantic's
    # schemas: hundreds of thousands of objects) lives as long as the process; the garbage
    # collector, left on, walks it again and again as it grows (a fifth of the imports'
    # CPU). Off while they run, then frozen, so that no collection walks it (the first
    # READY collects and freezes again: `DealerBot.on_ready`).
    gc.disable()
    try:
        import aiohttp
        import discord

        from bot.app import create_bot
        from bot.rest import route_through
        from bot.web.server import WebConfig
    finally:
        gc.freeze()
        gc.enable()

    discord.utils.setup_logging(level=logging.INFO)
    if settings.discord_api_url is not None:
        route_through(str(settings.discord_api_url))
    bot = create_bot(
        settings.database,
        dev_guild_id=settings.dev_guild_id,
        database_sync=settings.database_sync,
        docs_url=None if settings.docs_url is None else str(settings.docs_url),
        shard_count=settings.shard_count,
        shard_ids=settings.shard_ids,
        computer_pause=settings.computer_pause,
        waits=settings.waits,
        pool_size=settings.database_pool_size,
        web=(
            None
            if settings.web_port is None or settings.web_url is None
            else WebConfig(settings.web_host, settings.web_port, settings.web_url)
        ),
    )
    try:
        asyncio.run(serve(bot, token))
    except discord.LoginFailure:
        return fail("Discord refused DISCORD_TOKEN; check the token.")
    except (OSError, aiohttp.ClientError) as error:
        return fail(
            f"cannot reach Discord ({error.__class__.__name__}: {error}).", status=TRY_AGAIN
        )
    except database_errors() as error:
        # PostgreSQL's messages run over several lines ("…refused\n\tIs the server running…").
        reason = " ".join(str(error).split()).rstrip(".")
        return fail(f"the database {settings.database_setting} cannot be used: {reason}.")
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    return 0


def main(argv: list[str]) -> int:
    if argv:
        print(
            "usage: python -m bot (the demo without Discord is python -m tools.demo)",
            file=sys.stderr,
        )
        return CANNOT_START
    return run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
