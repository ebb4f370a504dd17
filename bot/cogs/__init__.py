"""Slash commands, one cog per family."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import DealerBot


async def setup(bot: DealerBot) -> None:
    from bot.cogs.config import ConfigCog
    from bot.cogs.matches import MatchCog
    from bot.cogs.play import PlayCog
    from bot.cogs.seasons import SeasonCog
    from bot.games.registry import PLUGINS

    await bot.add_cog(MatchCog(bot))
    await bot.add_cog(PlayCog(bot))
    await bot.add_cog(ConfigCog(bot))
    await bot.add_cog(SeasonCog(bot))
    for plugin in PLUGINS.values():
        if plugin.cog is not None:
            await bot.add_cog(plugin.cog(bot))
