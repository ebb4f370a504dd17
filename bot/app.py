"""The bot: resources opened in `setup_hook`, commands in cogs, one error handler."""

from __future__ import annotations

import gc
import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot import boards
from bot.cogs.config import ConfigCog
from bot.cogs.help import HelpCog
from bot.cogs.matches import MatchCog
from bot.cogs.play import PlayCog
from bot.cogs.seasons import SeasonCog
from bot.cogs.stats import StatsCog
from bot.components import (
    ACT_FORM,
    BID_FORM,
    DYNAMIC_ITEMS,
    answer_bid_form,
    answer_removed,
    answer_step_form,
)
from bot.computer import Computer
from bot.dispatcher import Dispatcher
from bot.errors import answer_error, answering_refusals, begin
from bot.flows.common import Gate, Settle
from bot.flows.help import Help
from bot.flows.host import Host
from bot.flows.lobby import Lobby
from bot.flows.play import Play
from bot.flows.seasons import Seasons
from bot.flows.stats import Stats
from bot.flows.undo import Undoing
from bot.games.plugin import Form
from bot.games.registry import PLUGINS
from bot.handlers import Handlers
from bot.i18n import N_, PSEUDO, SOURCE, Heard, _, speaking, spoken
from bot.presenter import Presenter
from bot.rest import retrying
from bot.service import MatchService
from bot.settings import COMPUTER_PAUSE
from bot.stats import rank_stored
from bot.storage import Durability, Storage
from bot.storage.backend import POOL_SIZE, WAITS, Waits
from bot.web.pages import MatchPages
from bot.web.seasons import SeasonPages
from bot.web.server import WebConfig, WebServer

log = logging.getLogger(__name__)

#: The answer to a DM (English: a message carries no language of its sender's).
DM_HELP = N_(
    "Hi! I'm Dealer, the game host bot. I only take slash commands: `/help` explains the "
    "games, `/me` shows your 1-on-1 and `/bid` sends a sealed bid."
)


#: Every button and menu the bot answers: the generic ones and the games' own.
ALL_DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    *DYNAMIC_ITEMS,
    *(item for plugin in PLUGINS.values() for item in plugin.dynamic_items),
)
#: Every form the bot answers: the generic ones and the games' own.
FORMS: tuple[Form, ...] = (
    Form(ACT_FORM, answer_step_form),
    Form(BID_FORM, answer_bid_form),
    *(form for plugin in PLUGINS.values() for form in plugin.forms),
)


@dataclass(frozen=True, slots=True)
class Flows:
    lobby: Lobby
    play: Play
    host: Host
    seasons: Seasons
    undo: Undoing
    help: Help


class CommandTexts(app_commands.Translator):
    """Command, option and choice descriptions in every language Dealer speaks, from the same
    catalogues (discord.py calls `translate` for each text of each command as it syncs them).
    Names stay as they are: texts, the help and the docs name the commands in English. A
    description made of values (a clock option's: `bot.games.plugin.clock_description`)
    carries the function that writes it (`locale_str`'s extra `words`), called in each
    language."""

    NAMES = (
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    )

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in self.NAMES:
            return None
        found = spoken(locale.value)
        if found is None or found.code in (SOURCE, PSEUDO):
            return None
        words = string.extras.get("words")
        if words is not None:
            with speaking(found):
                text = words()
        else:
            text = found.gettext(string.message)
        return text if text != string.message else None


#: Marks a command whose callback answers its refusals (`DealerTree.add_command`).
ANSWERING = "_dealer_answering"


class DealerTree(app_commands.CommandTree["DealerBot"]):
    """The slash commands: each answered in time and in the member's language (`begin`); what
    one raises is answered here (`answer_error`)."""

    def add_command(
        self,
        command: app_commands.Command[Any, ..., Any]
        | app_commands.ContextMenu
        | app_commands.Group,
        /,
        *,
        guild: discord.abc.Snowflake | None = discord.utils.MISSING,
        guilds: Sequence[discord.abc.Snowflake] = discord.utils.MISSING,
        override: bool = False,
    ) -> None:
        """Add a command (or a group of them) whose refusals are answered as they leave it
        (`answering_refusals`)."""
        commands_ = (
            command.walk_commands() if isinstance(command, app_commands.Group) else [command]
        )
        for each in commands_:
            if isinstance(each, app_commands.Command) and not hasattr(each, ANSWERING):
                each._callback = cast(Any, answering_refusals(each._callback))
                setattr(each, ANSWERING, True)
        super().add_command(command, guild=guild, guilds=guilds, override=override)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if interaction.type is not discord.InteractionType.autocomplete:
            begin(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        await answer_error(interaction, error)

    async def sync_changed(self, storage: Storage, guild: discord.Object | None) -> None:
        """Send the slash commands to Discord (every server's, or `guild`'s) only if they
        differ from those last sent for this application there, as `storage` remembers: a
        start with the same commands sends nothing (discord.py advises syncing only when the
        commands change; Discord limits how often they may be written). The commands are
        compared with their translations (`CommandTexts`), so a new or changed
        translation is sent too."""
        commands = self._get_all_commands(guild=guild)
        translator = self.translator
        payload = (
            [await command.get_translated_payload(self, translator) for command in commands]
            if translator is not None
            else [command.to_dict(self) for command in commands]
        )
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
        fingerprint = hashlib.sha256(text.encode()).hexdigest()
        scope = f"{self.client.application_id}/{guild.id if guild else 'global'}"
        if await storage.synced_commands(scope) != fingerprint:
            await self.sync(guild=guild)
            await storage.save_synced_commands(scope, fingerprint)


class DealerBot(commands.AutoShardedBot):
    """The bot, on `shard_count` shards (None: Discord's recommended number) of which it runs
    `shard_ids` (None: all). Gateway events without a server, every DM among them, reach
    shard 0 only, so any process may apply a move to any match (docs/deploying.md)."""

    tree: DealerTree
    storage: Storage
    service: MatchService
    presenter: Presenter
    computer: Computer
    dispatcher: Dispatcher
    #: What buttons and forms reach through `interaction.client` (`bot.handlers`).
    flows: Handlers
    #: Each member's language as their last interaction told it (the DM help's).
    heard: Heard
    #: Whether a bot of this process has frozen what was alive at its first READY (`on_ready`).
    froze: ClassVar[bool] = False

    def __init__(
        self,
        database_path: str | Path,
        *,
        dev_guild_id: int | None = None,
        database_sync: Durability = "full",
        docs_url: str | None = None,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
        computer_pause: float = COMPUTER_PAUSE,
        waits: Waits = WAITS,
        pool_size: int = POOL_SIZE,
        web: WebConfig | None = None,
    ) -> None:
        # Only the events Dealer uses: servers, their channels, threads and roles (`guilds`:
        # the caches its permission checks and channel lookups read) and the messages of its
        # DMs (`dm_messages`: the DM help; its own come back too, and are passed by).
        # Interactions come with no intent. Discord's default would also send every message
        # of every channel it can see, every edit, reaction and "is typing", each parsed and
        # dropped, and who sits in which voice channel (whom discord.py then kept as members:
        # a member the bot needs is asked of Discord, `bot.flows.common.member_of`).
        intents = discord.Intents.none()
        intents.guilds = intents.dm_messages = True
        # Dealer joins no voice channel: discord.py's start-up warnings that voice would need
        # PyNaCl and davey say nothing to whoever runs it.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=DealerTree,
            help_command=None,
            # Nothing reads discord.py's message cache (an interaction carries its message,
            # and the persistent views need none): sent messages are not kept in memory.
            max_messages=None,
            # What people typed (card and season names, reasons, targets) is sometimes
            # repeated in a message, where it must ping nobody: no message pings anyone but
            # the members it calls by design, each named by id (`bot.messages.pinging`).
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=shard_count,
            # discord.py's default (all the shards) is its argument left out, not None.
            **cast("dict[str, Any]", {} if shard_ids is None else {"shard_ids": list(shard_ids)}),
        )
        retrying(self)
        self.database_path = database_path
        self.database_sync: Durability = database_sync
        self.dev_guild_id = dev_guild_id
        #: The project's web documentation (`DOCS_URL`), linked under /help; None: no link.
        self.docs_url = docs_url
        #: How long a computer seat takes over a move, in seconds (`COMPUTER_PAUSE`).
        self.computer_pause = computer_pause
        #: How long a PostgreSQL connection waits on other processes (`DATABASE_LOCK_TIMEOUT`…).
        self.waits = waits
        #: The PostgreSQL connections this process keeps (`DATABASE_POOL_SIZE`).
        self.pool_size = pool_size
        #: Where the matches' web pages are served (`WEB_PORT`); None: no web server.
        self.web = web
        self.web_server: WebServer | None = None
        self.heard = Heard()
        self.ready_before = False

    def now(self) -> float:
        return discord.utils.utcnow().timestamp()

    async def setup_hook(self) -> None:
        """Open the database and make the bot's parts, each handed what it uses."""
        self.storage = storage = await Storage.open(
            self.database_path,
            self.database_sync,
            rank=rank_stored,
            waits=self.waits,
            pool_size=self.pool_size,
        )
        self.service = service = MatchService(
            storage,
            self.now,
            lambda: self.dispatcher.poke(),
            presents_views=lambda game: PLUGINS[game].texts.wants_views,
            set_aside=lambda row, what: self.presenter.tell_set_aside(row, what),
        )
        self.presenter = presenter = Presenter(self, storage, service, self.now)
        self.computer = computer = Computer(storage, service, presenter, self.computer_pause)
        if self.web is not None:
            pages = MatchPages(self, storage, service, presenter.status, self.web.public_url)
            presenter.status.web_link = pages.link
            self.web_server = WebServer(pages, self.web)
            await self.web_server.start()
        self.dispatcher = Dispatcher(storage, service, presenter, computer, self.now)
        gate = Gate(self, storage, service)
        settle = Settle(presenter, computer)
        lobby = Lobby(self, storage, service, presenter, gate, settle, self.now)
        play = Play(storage, service, presenter, gate, settle)
        host = Host(service, presenter, computer, gate, lobby, settle)
        seasons = Seasons(storage, service.seasons, gate)
        if self.web is not None:
            seasons.web_link = SeasonPages(storage, service.seasons, self.web.public_url).link
        undoing = Undoing(service, presenter, gate, settle)
        help_ = Help(self.docs_url)
        self.flows = Flows(lobby, play, host, seasons, undoing, help_)
        self.add_dynamic_items(*ALL_DYNAMIC_ITEMS)
        await self.add_cog(MatchCog(lobby, host, play, undoing))
        await self.add_cog(PlayCog(play, gate))
        await self.add_cog(HelpCog(help_))
        await self.add_cog(ConfigCog(storage))
        await self.add_cog(SeasonCog(seasons))
        await self.add_cog(StatsCog(Stats(storage)))
        for plugin in PLUGINS.values():
            if plugin.cog is not None:
                await self.add_cog(plugin.cog())
        await self.tree.set_translator(CommandTexts())
        guild = discord.Object(self.dev_guild_id) if self.dev_guild_id else None
        if guild:
            self.tree.copy_global_to(guild=guild)
        await self.tree.sync_changed(storage, guild)
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
        # (`DealerBot.froze` says whether a bot of the process did: `gc.get_freeze_count()`
        # counts the frozen objects one by one, a hundred thousand and more.)
        if not DealerBot.froze or self.ready_before:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            DealerBot.froze = True
        self.ready_before = True

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Forms are answered from their custom id (none is kept in memory; what one raises
        is answered by `answer_error`, as a command's and a control's is), and so is a click
        on a control its message no longer has (`answer_removed`). Every interaction
        tells its member's language (`heard`)."""
        self.heard.tell(interaction.user.id, interaction.locale)
        if interaction.type is discord.InteractionType.component:
            await answer_removed(interaction, ALL_DYNAMIC_ITEMS)
            return
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        for form in FORMS:
            found = form.custom_id.fullmatch(custom_id)
            if found is not None:
                begin(interaction)
                try:
                    await form.answer(interaction, found)
                except Exception as error:
                    await answer_error(interaction, error)
                return

    async def on_message(self, message: discord.Message) -> None:
        if message.guild is None and not message.author.bot and message.author != self.user:
            # A message carries no language: the member's last interaction tells it.
            with speaking(self.heard.language(message.author.id)):
                text = _(DM_HELP)
            await message.channel.send(text)

    async def close(self) -> None:
        await self.stop_parts()
        boards.shutdown()
        await super().close()

    async def stop_parts(self) -> None:
        """Stop the bot's own work, then close its database: the deadlines, the computer
        seats and the status messages first, so that none of them is left writing to a
        closed database. (Each part is there once `setup_hook` made it.)"""
        if self.web_server is not None:
            await self.web_server.stop()
        if hasattr(self, "dispatcher"):
            await self.dispatcher.stop()
        if hasattr(self, "computer"):
            await self.computer.stop()
        if hasattr(self, "presenter"):
            await self.presenter.status.stop()
        if hasattr(self, "storage"):
            await self.storage.close()


def create_bot(
    database_path: str | Path,
    *,
    dev_guild_id: int | None = None,
    database_sync: Durability = "full",
    docs_url: str | None = None,
    shard_count: int | None = None,
    shard_ids: Sequence[int] | None = None,
    computer_pause: float = COMPUTER_PAUSE,
    waits: Waits = WAITS,
    pool_size: int = POOL_SIZE,
    web: WebConfig | None = None,
) -> DealerBot:
    """The bot, not started (tests start it in SimCord; `python -m bot` logs it in)."""
    return DealerBot(
        database_path,
        dev_guild_id=dev_guild_id,
        database_sync=database_sync,
        docs_url=docs_url,
        shard_count=shard_count,
        shard_ids=shard_ids,
        computer_pause=computer_pause,
        waits=waits,
        pool_size=pool_size,
        web=web,
    )
