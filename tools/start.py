"""`./dealer` (`python -m tools.start [ARGS]`): Dealer from a clone. With `DISCORD_TOKEN` set,
in the environment or `.env`, it runs the bot as `python -m bot` does (ARGS go to it);
without one, the offline demo (`python -m tools.demo [ARGS]`: a whole match through a
simulated Discord, printed and saved to `demo-out/`), then how to connect a real server. A
setting that is wrong stops it as it stops `python -m bot`, token or not."""

from __future__ import annotations

import sys
from typing import Literal

from pydantic import ValidationError

from bot import __main__ as bot_main
from bot.settings import Settings, explain

#: What `./dealer` says after the demo: how to run Dealer in a real server.
CONNECT = """\
That was Dealer's offline demo: no Discord token is set. To run Dealer in your own server:
  1. cp .env.example .env
  2. Create a bot in the Discord developer portal (https://discord.com/developers/applications),
     copy its token into .env as DISCORD_TOKEN=...
  3. Invite it to your server: docs/bot.md, "Setting up the bot", gives the scopes and permissions.
  4. ./dealer again: with the token it runs the bot."""


def chosen(settings: Settings) -> Literal["bot", "demo"]:
    """The bot when a token is set, else the demo."""
    return "demo" if settings.discord_token is None else "bot"


def main(argv: list[str]) -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        return bot_main.fail(*explain(error))
    if chosen(settings) == "bot":
        return bot_main.main(argv)
    from tools import demo

    status = demo.main(argv)
    print(f"\n{CONNECT}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
