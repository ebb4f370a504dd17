"""Atrades in Discord: its `/match create atrades` options (regions, guild boards, the
minutes of each kind of decision), its board's buttons (the engine's outline,
`board_outline`) and its computer seat (the greedy player of `games.atrades.playout`, from
the seat's own view and legal actions)."""

from __future__ import annotations

from typing import Any, NamedTuple

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.errors import UserError
from bot.games.atrades.texts import AtradesTexts
from bot.games.plugin import NOTIFY_CHOICES, GamePlugin, clock_options
from bot.handlers import handlers
from bot.i18n import _, ngettext
from games.atrades import COMPUTER
from games.atrades.data import GUILDS, REGIONS
from games.atrades.model import MAX_PLAYERS, MAX_STARTING_MONEY
from games.core.drawing.words import listed as listing

TEXTS = AtradesTexts()
#: AT-D12's two readings, as the host picks one (`Options.loser_bank`).
LOSER_BANK_CHOICES = [
    app_commands.Choice(name=locale_str("back to the supply (default)"), value="supply"),
    app_commands.Choice(name=locale_str("onto the merged company's bank"), value="merged"),
]


def named_pieces(text: str, known: list[str], what: str, most: int) -> list[str]:
    """Region or guild names as a host types them (apart by commas, any case), each known
    and named once, at most `most`; refused with the names there are, and text with no name
    in it (only commas and spaces) refused as such. The regions named are laid out first
    and the guild boards named go to the first seats; a match that needs more (players + 1
    regions, a board a seat) draws the rest (AT-D28)."""
    by_name = {name.lower(): name for name in known}
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise UserError(
            _(
                "`{option}`: no name was given, only commas or spaces. Type the names apart by "
                "commas, such as `{first}, {second}`, from: {known}; or leave `{option}` out to "
                "have them drawn at random."
            ).format(option=what, first=known[0], second=known[1], known=", ".join(known))
        )
    unknown = [name for name in names if name.lower() not in by_name]
    if unknown:
        raise UserError(
            ngettext(
                "`{option}`: {unknown} is not one of them. Name them apart by commas, from: "
                "{known}.",
                "`{option}`: {unknown} are not one of them. Name them apart by commas, from: "
                "{known}.",
                len(unknown),
            ).format(
                option=what,
                unknown=listing([f"“{n[:40]}”" for n in unknown]),
                known=", ".join(known),
            )
        )
    chosen = [by_name[name.lower()] for name in names]
    if len(set(chosen)) != len(chosen) or len(chosen) > most:
        raise UserError(
            _("`{option}`: name each at most once, and at most {most} of them.").format(
                option=what, most=most
            )
        )
    return chosen


def create() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="atrades",
        description=locale_str(
            "Open an Atrades lobby here: guilds, companies and mergers on a desert map"
        ),
    )
    @app_commands.describe(
        regions=locale_str(
            "The map's first regions, apart by commas (players + 1 in all; the rest drawn)"
        ),
        guilds=locale_str(
            "Guild boards for the first seats, in seat order, apart by commas (the rest drawn)"
        ),
        money=locale_str(
            "Starting money: one amount for every guild, or 5 in initiative order (default 20)"
        ),
        loser_bank=locale_str(
            "A lost company's bank in a player merger: to the supply (default) or merged"
        ),
        spectators=locale_str("A channel that gets each sealed round once it is revealed"),
        thread=locale_str("Play the match in a new thread of this channel (default no)"),
        notify=locale_str(
            "How the player to move is told: a mention in the channel, or a DM (default: a mention)"
        ),
    )
    @app_commands.choices(notify=NOTIFY_CHOICES, loser_bank=LOSER_BANK_CHOICES)
    @clock_options("atrades")
    async def atrades(
        interaction: discord.Interaction[Any],
        regions: str | None = None,
        guilds: str | None = None,
        money: str | None = None,
        loser_bank: str | None = None,
        spectators: discord.TextChannel | None = None,
        thread: bool | None = None,
        notify: str | None = None,
        *,
        clocks: dict[str, int],
    ) -> None:
        await _create(
            interaction,
            Named(regions=regions, guilds=guilds, money=money, loser_bank=loser_bank),
            clocks,
            spectators,
            thread=bool(thread),
            notify=notify,
        )

    return atrades


class Named(NamedTuple):
    """The rule options as the host typed them (None: left out)."""

    regions: str | None
    guilds: str | None
    money: str | None
    loser_bank: str | None


def starting_money(text: str) -> list[int]:
    """AT-D1, the `money` option: one amount for every guild board, or one a board in the
    boards' initiative order, apart by commas ("$" allowed), each a whole number of dollars
    up to `MAX_STARTING_MONEY`."""
    parts = [part.strip().removeprefix("$").strip() for part in text.split(",")]
    boards = listing([g.name for g in GUILDS])
    if (
        len(parts) not in (1, len(GUILDS))
        or not all(part.isdecimal() for part in parts)
        or any(int(part) > MAX_STARTING_MONEY for part in parts)
    ):
        raise UserError(
            _(
                "`money`: type one amount in dollars for every guild board, such as `20`, or "
                "{boards_count} apart by commas, one a board in initiative order ({boards}), "
                "such as `18, 19, 20, 21, 22`; each from 0 to {most}."
            ).format(boards_count=len(GUILDS), boards=boards, most=MAX_STARTING_MONEY)
        )
    return [int(part) for part in parts]


async def _create(
    interaction: discord.Interaction[Any],
    named: Named,
    clocks: dict[str, int],
    spectators: discord.TextChannel | None,
    *,
    thread: bool,
    notify: str | None,
) -> None:
    regions, guilds = named.regions, named.guilds
    chosen = {
        "regions": None
        if regions is None
        else named_pieces(regions, [r.name for r in REGIONS], "regions", MAX_PLAYERS + 1),
        "guilds": None
        if guilds is None
        else named_pieces(guilds, [g.name for g in GUILDS], "guilds", MAX_PLAYERS),
        "money": None if named.money is None else starting_money(named.money),
        "loser_bank": named.loser_bank,
    }
    options = {option: value for option, value in chosen.items() if value is not None}
    await handlers(interaction).lobby.create(
        interaction, TEXTS.game, options, clocks, spectators, thread=thread, notify=notify
    )


PLUGIN = GamePlugin(
    texts=TEXTS,
    create=create,
    board_outline=True,
    computer=COMPUTER,
)
