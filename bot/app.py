"""The bot: resources opened in `setup_hook`, commands in cogs, one error handler."""

from __future__ import annotations

import gc
import logging
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import boards
from bot.actions import Actions
from bot.components import BID_FORM, DYNAMIC_ITEMS, answer_bid_form
from bot.computer import Computer
from bot.dispatcher import Dispatcher
from bot.errors import already_replied, reply_error
from bot.games.plugin import Form
from bot.games.registry import PLUGINS
from bot.presenter import Presenter
from bot.season_actions import SeasonActions
from bot.service import MatchService
from bot.storage import Durability, Storage

log = logging.getLogger(__name__)

DM_HELP = (
    "Hi! I'm Dealer, the game host bot. I only take slash commands: `/help` explains the "
    "games, `/me` shows your 1-on-1 and `/bid` sends a sealed bid."
)


#: Every form the bot sends: the amount form, and each game's own.
FORMS: tuple[Form, ...] = (
    Form(BID_FORM, answer_bid_form),
    *(form for plugin in PLUGINS.values() for form in plugin.forms),
)


class DealerTree(app_commands.CommandTree["DealerBot"]):
    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        if already_replied(error):
            log.error(
                "unexpected error in /%s",
                interaction.command and interaction.command.qualified_name,
                exc_info=error,
            )
            return
        await reply_error(interaction, error)


class DealerBot(commands.Bot):
    storage: Storage
    service: MatchService
    presenter: Presenter
    dispatcher: Dispatcher
    actions: Actions
    season_actions: SeasonActions
    computer: Computer

    def __init__(
        self,
        database_path: str | Path,
        *,
        dev_guild_id: int | None = None,
        database_sync: Durability = "full",
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=DealerTree,
            help_command=None,
            # Nothing reads discord.py's message cache (an interaction carries its message,
            # and the persistent views need none): sent messages are not kept in memory.
            max_messages=None,
            # What people typed (season names, reasons, targets) is sometimes repeated in a
            # message: it may name a member but never ping @everyone, @here or a role.
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.database_path = database_path
        self.database_sync: Durability = database_sync
        self.dev_guild_id = dev_guild_id
        self.ready_before = False

    def now(self) -> float:
        return discord.utils.utcnow().timestamp()

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.database_path, self.database_sync)
        self.dispatcher = Dispatcher(self)
        self.service = MatchService(
            self.storage,
            self.now,
            self.dispatcher.poke,
            presents_views=lambda game: PLUGINS[game].texts.wants_views,
        )
        self.presenter = Presenter(self)
        self.actions = Actions(self)
        self.season_actions = SeasonActions(self)
        self.computer = Computer(self)
        self.add_dynamic_items(
            *DYNAMIC_ITEMS, *(item for p in PLUGINS.values() for item in p.dynamic_items)
        )
        from bot.cogs import setup as add_cogs

        await add_cogs(self)
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.dispatcher.start()

    async def on_ready(self) -> None:
        await self.presenter.flush()
        await self.computer.resume_all()
        # What is alive once the bot is ready (modules, discord.py's caches, the bot's own
        # parts) mostly stays alive: frozen, the garbage collector stops walking it, which
        # makes its full collections, the longest pauses of the event loop, several times
        # shorter (docs/performance.md). A frozen object is still freed when its last
        # reference goes, but a cycle of them is collected only here: at the first READY in
        # the process, and at each later READY of this bot (a full reconnect, after which
        # discord.py rebuilds its caches), it collects once in full and freezes what is alive.
        if gc.get_freeze_count() == 0 or self.ready_before:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
        self.ready_before = True

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Forms are answered from their custom id (none is kept in memory)."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        for form in FORMS:
            found = form.custom_id.fullmatch(custom_id)
            if found is not None:
                await form.answer(interaction, found)
                return

    async def on_message(self, message: discord.Message) -> None:
        if message.guild is None and not message.author.bot and message.author != self.user:
            await message.channel.send(DM_HELP)

    async def close(self) -> None:
        if hasattr(self, "dispatcher"):
            await self.dispatcher.stop()
        if hasattr(self, "storage"):
            await self.storage.close()
        boards.shutdown()
        await super().close()


def create_bot(
    database_path: str | Path,
    *,
    dev_guild_id: int | None = None,
    database_sync: Durability = "full",
) -> DealerBot:
    """The bot, not started (tests start it in SimCord; `python -m bot` logs it in)."""
    return DealerBot(database_path, dev_guild_id=dev_guild_id, database_sync=database_sync)
