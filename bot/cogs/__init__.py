"""Slash commands, one cog per family; `bot.app` adds them, each with the flows it calls."""
