"""The Mars Auction in Discord: its `/match create mars-auction` options (a host's own card
list as a CSV attachment, a setup display typed by name), the host's `/mars` commands, and
its card-numbers forms (the rest of its controls are the generic ones, from the engine's
legal actions, on the board message for the player to move)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.errors import UserError
from bot.games.mars_auction.controls import (
    DYNAMIC_ITEMS,
    NUMBERS_FORM,
    answer_numbers_form,
    end_view,
    more_controls,
)
from bot.games.mars_auction.texts import MarsAuctionTexts
from bot.games.plugin import NOTIFY_CHOICES, Form, GamePlugin, clock_options
from bot.games.tm_sets import chosen_sets, set_choices, typed_sets
from bot.handlers import Handlers, handlers
from bot.i18n import _, engine_words, ngettext, number, refusal
from bot.players import player_id
from games.core.errors import RuleError
from games.mars_auction import COMPUTER, ENGINE
from games.mars_auction.dealing import catalogue_for
from games.mars_auction.model import MAX_MC, Options
from games.mars_auction.views import PublicView
from games.tm_catalogue import (
    PROJECT_TYPES,
    CardType,
    Catalogue,
    Expansion,
    HostListError,
    parse_host_list,
)
from games.tm_catalogue.host_list import MAX_BYTES

Interaction = discord.Interaction[Any]
TEXTS = MarsAuctionTexts()
VARIANTS = [
    app_commands.Choice(name=locale_str("limited: markers, 1 or 2 a turn"), value="limited"),
    app_commands.Choice(
        name=locale_str("unlimited: card by card, raise or pass"), value="unlimited"
    ),
]
STARTS = [
    app_commands.Choice(
        name=locale_str("the setup auction, then research auctions"), value="setup"
    ),
    app_commands.Choice(
        name=locale_str("research auctions only (setup dealt at the table)"), value="research"
    ),
]
#: A suggestion's name, as Discord shows it, is at most 100 characters (its end is kept).
SUGGESTION = 100


def card_names(text: str) -> list[str]:
    """Card names as a host types them: separated by `;`."""
    return [name.strip() for name in text.split(";") if name.strip()]


def suggestions(
    current: str,
    catalogue: Catalogue,
    types: Collection[CardType] | None,
    expansions: Collection[Expansion],
) -> list[app_commands.Choice[str]]:
    """Autocomplete of the last name of a `;`-separated list (`Catalogue.complete`: the names
    before it kept, the cards already named left out, a list past Discord's 100 characters
    typed in full), of the match's sets and the host's list, each suggestion with its card's
    number and facts."""
    out: list[app_commands.Choice[str]] = []
    dealt = {*expansions, "host"}
    for value, card in catalogue.complete(current, types=types, expansions=dealt):
        facts = f"{card.type}, starts with {card.starting_mc} M€" if card.starting_mc else card.type
        if card.cost is not None:
            facts = f"{card.type}, {card.cost} M€"
        number = f"{card.number}, " if card.number else ""
        shown = f"{value} ({number}{facts})"[-SUGGESTION:]
        out.append(app_commands.Choice(name=shown, value=value))
    return out


async def host_list(attachment: discord.Attachment) -> str:
    """A host's CSV card list (MA-D8), checked line by line: its text, for `cards_csv`."""
    if attachment.size > MAX_BYTES:
        raise UserError(
            _("`cards`: {file} is {size} kB; a card list may be at most {most} kB.").format(
                file=attachment.filename,
                size=number(round(attachment.size / 1000)),
                most=MAX_BYTES // 1000,
            )
        )
    data = await attachment.read()
    try:
        parse_host_list(data)
    except HostListError as error:
        lines = [_("`cards`: {file} cannot be used.").format(file=attachment.filename)]
        lines += [refusal(problem) for problem in error.errors]
        if error.more:
            lines.append(
                ngettext(
                    "… and {count} more problem.", "… and {count} more problems.", error.more
                ).format(count=error.more)
            )
        raise UserError("\n".join(lines)) from None
    return data.decode("utf-8-sig")


def checked_display(text: str, options: dict[str, Any], cards_csv: str | None) -> list[str]:
    """A setup display typed by a host (MA-D8's cards included, `cards_csv`), checked as far
    as it can be before the players are seated: every name a card, 2 companies per player for
    2 to 5 players, and the engine's own checks (counts per kind, L1 order, no card twice)
    for that many players, with the match's other `options`. Start checks it again against
    the players seated."""
    names = card_names(text)
    catalogue = catalogue_for(cards_csv)
    cards = []
    for name in names:
        try:
            cards.append(catalogue.find(name))
        except RuleError as error:
            raise UserError(f"`display`: {refusal(error)}") from None
    companies = sum(card.type == "corporation" for card in cards)
    if companies % 2 or not 2 <= companies // 2 <= ENGINE.max_players:
        raise UserError(
            ngettext(
                "`display`: a setup display starts with 2 companies per player (4 to 10, for 2 "
                "to 5 players), and these names hold {count} company. List every card on your "
                "table, separated by `;`: the companies, then the preludes, then the projects.",
                "`display`: a setup display starts with 2 companies per player (4 to 10, for 2 "
                "to 5 players), and these names hold {count} companies. List every card on your "
                "table, separated by `;`: the companies, then the preludes, then the projects.",
                companies,
            ).format(count=companies)
        )
    seats = [str(seat) for seat in range(1, companies // 2 + 1)]
    try:
        ENGINE.setup(
            seats, ENGINE.parse_options({**options, "display": names, "first_player": None}), 0
        )
    except ValueError as error:
        # The engine's refusal of the display is the cause of its options' error.
        cause = error.__cause__
        said = refusal(cause) if isinstance(cause, RuleError) else engine_words(str(error))
        raise UserError(f"`display`: {said}") from None
    return names


def create() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="mars-auction",
        description=locale_str(
            "Open a Mars Auction lobby here: Terraforming Mars cards dealt by bidding"
        ),
    )
    @app_commands.describe(
        variant=locale_str("limited: markers (default); unlimited: card by card"),
        start=locale_str("The setup auction first (default), or research auctions only"),
        first_player=locale_str(
            "Who holds the starting player marker first (default: drawn at random)"
        ),
        setup_budget=locale_str(
            "M€ to bid with before having a corporation (default: lowest on display)"
        ),
        sets=locale_str(
            "The sets dealt from, e.g. 'base, corpera, prelude, venus' (default: those 3)"
        ),
        display=locale_str(
            "Your table's setup display: companies, preludes, then projects, separated by ;"
        ),
        cards=locale_str("Your own cards: a CSV file with name, type, cost, tags, starting M€"),
        notify=locale_str(
            "How the player to move is told: a mention in the channel, or a DM (default: a mention)"
        ),
    )
    @app_commands.choices(variant=VARIANTS, start=STARTS, notify=NOTIFY_CHOICES)
    @clock_options("mars-auction")
    async def mars_auction(
        interaction: Interaction,
        variant: str | None = None,
        start: str | None = None,
        first_player: discord.Member | None = None,
        setup_budget: app_commands.Range[int, 0, MAX_MC] | None = None,
        sets: app_commands.Range[str, 1, 200] | None = None,
        display: str | None = None,
        cards: discord.Attachment | None = None,
        notify: str | None = None,
        *,
        clocks: dict[str, int],
    ) -> None:
        await _create(
            interaction,
            variant,
            start,
            first_player,
            clocks,
            setup_budget,
            sets,
            display,
            cards,
            notify,
        )

    @mars_auction.autocomplete("display")
    async def display_names(
        interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        expansions = typed_sets(getattr(interaction.namespace, "sets", None))
        return suggestions(current, catalogue_for(None), None, expansions)

    @mars_auction.autocomplete("sets")
    async def set_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return set_choices(current)

    return mars_auction


async def _create(
    interaction: Interaction,
    variant: str | None,
    start: str | None,
    first_player: discord.Member | None,
    clocks: dict[str, int],
    setup_budget: int | None,
    sets: str | None,
    display: str | None,
    cards: discord.Attachment | None,
    notify: str | None,
) -> None:
    if first_player is not None and first_player.bot:
        raise UserError(_("`first_player`: bots cannot play; name a member who joins."))
    expansions = None if sets is None else chosen_sets(sets)
    cards_csv = None if cards is None else await host_list(cards)
    if display is not None and start == "research":
        raise UserError(
            _(
                "`display` is the setup's display; with `start:research` the host enters each "
                "research display with `/mars research cards:`."
            )
        )
    # The options as the lobby stores them (JSON): those the host gave, none of the others.
    given = {
        "variant": variant,
        "start": start,
        "first_player": None if first_player is None else player_id(first_player.id),
        "setup_budget": setup_budget,
        "expansions": expansions,
        "cards_csv": cards_csv,
    }
    options: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    if display is not None:
        options = {**options, "display": checked_display(display, options, cards_csv)}
    await handlers(interaction).lobby.create(
        interaction, TEXTS.game, options, clocks, None, notify=notify
    )


async def _this_game(interaction: Interaction, flows: Handlers) -> dict[str, Any]:
    """The options of this channel's match, which must be a Mars Auction."""
    here = await flows.play.game_here(interaction)
    if here is None:
        raise UserError(_("There is no open match in this channel."))
    game, options = here
    if game != TEXTS.game:
        raise UserError(_("This channel's match is not a Mars Auction: `/mars` commands run one."))
    return options


class MarsCog(
    commands.GroupCog,
    group_name="mars",
    group_description=locale_str("Mars Auction: research auctions, budgets and the end"),
):
    """The Mars Auction's own commands: the host opens research auctions and ends the match;
    players state their budgets (the host may set one for a player)."""

    @app_commands.command(
        name="research",
        description=locale_str(
            "Host: open the next generation's research auction (dealt, or your cards)"
        ),
    )
    @app_commands.describe(
        cards=locale_str(
            "The research display as on your table: project names in its order, separated by ;"
        ),
        first_player=locale_str(
            "The generation's first player, who opens the auction (default: the seat after the "
            "last generation's)"
        ),
    )
    async def research(
        self,
        interaction: Interaction,
        cards: str | None = None,
        first_player: discord.Member | None = None,
    ) -> None:
        await self._research(interaction, cards, first_player)

    async def _research(
        self, interaction: Interaction, cards: str | None, first_player: discord.Member | None
    ) -> None:
        """L17: the move always names the generation's first player: the host's, or the
        engine's default, so that it is the same in a match of `rules_version` 1 (where a
        move without one is opened by the marker's holder, MA-D11)."""
        flows = handlers(interaction)
        await _this_game(interaction, flows)
        first = (
            await flows.play.seat_here(interaction, first_player)
            if first_player is not None
            else PublicView.model_validate(
                await flows.host.hosted_view(interaction)
            ).next_first_player
        )
        named = {} if cards is None else {"cards": card_names(cards)}
        move = {"type": "research", "first_player": first, **named}
        await flows.host.host_move(interaction, move, said=_("You opened a research auction."))

    @research.autocomplete("cards")
    async def research_cards(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        here = await handlers(interaction).play.game_here(interaction)
        options = Options.model_validate(
            here[1] if here is not None and here[0] == TEXTS.game else {}
        )
        return suggestions(
            current, catalogue_for(options.cards_csv), PROJECT_TYPES, options.expansions
        )

    @app_commands.command(
        name="end", description=locale_str("Host: end the match between generations")
    )
    async def end(self, interaction: Interaction) -> None:
        await self._end(interaction)

    async def _end(self, interaction: Interaction) -> None:
        flows = handlers(interaction)
        await _this_game(interaction, flows)
        match_id = await flows.host.hosted_match(interaction, check={"type": "end"})
        await interaction.response.send_message(
            _(
                "End the Mars Auction for everyone? The result lists what each player holds and "
                "paid; no more research auctions can be opened."
            ),
            view=end_view(match_id),
            ephemeral=True,
        )

    @app_commands.command(
        name="budget",
        description=locale_str(
            "Your M€ for this research auction (private); a host may set a player's"
        ),
    )
    @app_commands.describe(
        amount=locale_str("The M€ you hold for this research auction"),
        member=locale_str("Host: the player whose budget you set (they alone are told it)"),
    )
    async def budget(
        self,
        interaction: Interaction,
        amount: app_commands.Range[int, 0, MAX_MC],
        member: discord.Member | None = None,
    ) -> None:
        await self._budget(interaction, amount, member)

    async def _budget(
        self, interaction: Interaction, amount: int, member: discord.Member | None
    ) -> None:
        flows = handlers(interaction)
        await _this_game(interaction, flows)
        move: dict[str, Any] = {"type": "budget", "amount": amount}
        if member is None:
            await flows.play.submit_here(interaction, move, "mars budget")
            return
        player = await flows.play.seat_here(interaction, member)
        await flows.host.host_move(
            interaction,
            {**move, "for": player},
            said=_("You set {player}'s budget; only they are told it.").format(player=player),
        )


PLUGIN = GamePlugin(
    texts=TEXTS,
    create=create,
    cog=MarsCog,
    dynamic_items=DYNAMIC_ITEMS,
    forms=(Form(NUMBERS_FORM, answer_numbers_form),),
    more_controls=more_controls,
    controls_on_board=True,
    computer=COMPUTER,
)
