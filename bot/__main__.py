"""`python -m bot` runs Dealer (the demo without Discord is `python -m tools.demo`)."""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord
from pydantic import ValidationError

from bot.app import create_bot
from bot.settings import Settings


def run() -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        first = error.errors()[0]
        setting = "_".join(str(part) for part in first["loc"]).upper()
        print(f"error: {setting}: {first['msg']}", file=sys.stderr)
        return 2
    if settings.discord_token is None:
        print(
            "error: DISCORD_TOKEN is not set; put it in the environment or in .env "
            "(see .env.example).",
            file=sys.stderr,
        )
        return 2
    discord.utils.setup_logging(level=logging.INFO)
    bot = create_bot(
        settings.database_path,
        dev_guild_id=settings.dev_guild_id,
        database_sync=settings.database_sync,
        docs_url=None if settings.docs_url is None else str(settings.docs_url),
    )
    try:
        asyncio.run(bot.start(settings.discord_token.get_secret_value()))
    except discord.LoginFailure:
        print("error: Discord refused DISCORD_TOKEN; check the token.", file=sys.stderr)
        return 2
    except (OSError, aiohttp.ClientError) as error:
        print(
            f"error: cannot reach Discord ({error.__class__.__name__}: {error}).", file=sys.stderr
        )
        return 2
    except KeyboardInterrupt:
        pass
    return 0


def main(argv: list[str]) -> int:
    if argv:
        print(
            "usage: python -m bot (the demo without Discord is python -m tools.demo)",
            file=sys.stderr,
        )
        return 2
    return run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
