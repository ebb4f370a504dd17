"""The MARSBOT draft in Discord: `/match create marsbot-draft` (a whole draft, or one at the
table), the `/marsbot` commands (start a draft at the table, enter MARSBOT's pile, the card
you take, the discard and the action deck), and card names that autocomplete from the
catalogue. The 1-on-1's controls are the generic ones, walking the engine's legal actions (a
whole draft's card menu, the buy menu and **Buy none**, the table's discard and deck
buttons); the table's card and pile are typed with the commands (`by_command`).

A draft has one player, so it starts as soon as it is created, for its creator.
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.components import EarlierButton
from bot.errors import UserError
from bot.games.marsbot_draft.texts import MarsbotDraftTexts
from bot.games.plugin import GamePlugin
from bot.games.tm_sets import chosen_sets, set_choices
from bot.handlers import handlers
from bot.i18n import refusal
from games.core.contract import Action
from games.core.drawing.words import Listed
from games.core.errors import RuleError, typed
from games.marsbot_draft.cards import CARD_SEPARATOR, PART_SEPARATOR
from games.marsbot_draft.priority import (
    CORPORATIONS,
    corporation,
    find_corporation,
    parse_levels,
    without_priority,
)
from games.tm_catalogue import DEFAULT_EXPANSIONS, PROJECT_TYPES, CardType, builtin, fold

Interaction = discord.Interaction[Any]
TEXTS = MarsbotDraftTexts()
CORPORATION: tuple[CardType] = ("corporation",)
#: The word that leaves MARSBOT's corporation to be drawn at random.
RANDOM = "random"
#: Discord's limits: 25 choices of at most 100 characters.
CHOICES = 25
CHOICE_LENGTH = 100
MODES = [
    app_commands.Choice(
        name=locale_str("whole draft: the bot deals the piles"), value="whole-draft"
    ),
    app_commands.Choice(name=locale_str("at the table: you enter MARSBOT's piles"), value="table"),
]
DIFFICULTIES = [
    app_commands.Choice(name=locale_str("normal (any difficulty below Brutal)"), value="normal"),
    app_commands.Choice(name=locale_str("brutal: MARSBOT keeps all four cards"), value="brutal"),
]
SPIRE_RULES = [
    app_commands.Choice(
        name=locale_str("czech: discard a card with the fewest tags"), value="czech"
    ),
    app_commands.Choice(
        name=locale_str("english: keep the most tags, discard another"), value="english"
    ),
]
ARIDOR_TRACKS = [
    app_commands.Choice(name=locale_str("one level: a track's tags count alike"), value="level"),
    app_commands.Choice(
        name=locale_str("cascade: a track's tags in printed order"), value="cascade"
    ),
]


def draft_options(
    mode: str,
    corporation: str | None,
    own_corporation: str | None,
    difficulty: str | None,
    spire_rule: str | None,
    tracks: str | None,
    aridor_tracks: str | None,
    own_first: bool | None,
    floaters: int | None = None,
    sets: str | None = None,
) -> dict[str, Any]:
    """A draft's options from the command's; UserError for a corporation without a priority,
    for track levels the bot cannot read and for a name that is no set, saying why."""
    options: dict[str, Any] = {"mode": mode}
    if sets is not None:
        options["sets"] = chosen_sets(sets)
    try:
        if corporation is not None and corporation.strip().lower() != RANDOM:
            options["corporation"] = find_corporation(corporation).name
        if tracks is not None:
            options["tracks"] = parse_levels(tracks)
        if own_corporation is not None and own_corporation.strip():
            options["own_corporation"] = own_corporation_named(own_corporation)
    except RuleError as error:
        raise UserError(refusal(error)) from None
    given = {
        "difficulty": difficulty,
        "spire_rule": spire_rule,
        "aridor_tracks": aridor_tracks,
        "own_first": own_first,
        "floaters": floaters,
    }
    options.update({key: value for key, value in given.items() if value is not None})
    return options


def own_corporation_named(text: str) -> str:
    """The player's own corporation (MB-D2: a random draw leaves it out) as the bot names
    it: one with a draft priority, or one without (the catalogue's, and those the rulebook
    names). RuleError for any other name, with the corporations it may have meant, so that a
    typo is not taken and left in the draw."""
    found = corporation(text)
    if found is not None:
        return found.name
    known = without_priority(text)
    if known is not None:
        return known
    folded = {fold(name): name for name in corporation_names_known()}
    near = [folded[n] for n in get_close_matches(fold(text), folded, n=3, cutoff=0.6)]
    if near:
        raise RuleError(
            "unknown_corporation",
            "There is no corporation called {typed}. Did you mean {near}?",
            typed=typed(text),
            near=Listed(tuple(near), "or"),
        )
    raise RuleError(
        "unknown_corporation", "There is no corporation called {typed}.", typed=typed(text)
    )


def corporation_names_known() -> list[str]:
    """Every corporation's name: the catalogue's and MARSBOT's with a priority."""
    return sorted(
        {c.name for c in CORPORATIONS} | {c.name for c in builtin().select(types=CORPORATION)}
    )


async def corporations(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The corporations with a draft priority, and `random`."""
    typed = fold(current)
    shown = [
        app_commands.Choice(name=f"{c.name} ({c.priority.written()})", value=c.name)
        for c in CORPORATIONS
        if typed in fold(c.name)
    ]
    if typed in fold(RANDOM):
        shown.insert(0, app_commands.Choice(name="random", value=RANDOM))
    return shown[:CHOICES]


async def own_corporations(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Any corporation: the catalogue's and MARSBOT's with a priority."""
    typed = fold(current)
    known = corporation_names_known()
    return [app_commands.Choice(name=n, value=n) for n in known if typed in fold(n)][:CHOICES]


async def complete_cards(
    interaction: Interaction, current: str, *, many: bool
) -> list[app_commands.Choice[str]]:
    """Project cards of the channel's draft's sets whose names match what is being typed,
    each with its printed number; with `many`, the last of the names separated by `;`,
    completed after the ones before it (those left out). A card written out
    (`name:cost:tags`) gets no suggestion."""
    last = current.rpartition(CARD_SEPARATOR)[2] if many else current
    if PART_SEPARATOR in last:
        return []
    here = await handlers(interaction).play.game_here(interaction)
    options = here[1] if here is not None and here[0] == TEXTS.game else {}
    found = builtin().complete(
        current,
        separator=CARD_SEPARATOR if many else None,
        expansions=options.get("sets", DEFAULT_EXPANSIONS),
        types=PROJECT_TYPES,
        limit=CHOICES,
        longest=CHOICE_LENGTH,
    )
    return [
        app_commands.Choice(name=f"{text} ({card.number})"[-CHOICE_LENGTH:], value=text)
        if card.number
        else app_commands.Choice(name=text, value=text)
        for text, card in found
    ]


#: The options `/match create marsbot-draft` and `/marsbot start` share, described alike.
DESCRIBED = {
    "own_corporation": locale_str("Your corporation: a random draw leaves it out"),
    "difficulty": locale_str("Brutal: MARSBOT keeps all four cards"),
    "spire_rule": locale_str("Spire's discard (default czech)"),
    "tracks": locale_str("Aridor: MARSBOT's track levels, 'building 3, space 5, event 2, …'"),
    "aridor_tracks": locale_str(
        "Aridor: a track's several tags as one level (default) or a cascade"
    ),
    "own_first": locale_str("At the table: name your own card before each of MARSBOT's piles"),
    "floaters": locale_str("MARSBOT's floaters: with 5 or more it spends 5 to keep its 4th card"),
    "sets": locale_str(
        "The sets dealt and suggested, e.g. 'base, corpera, prelude, venus' (default: those 3)"
    ),
}


async def sets_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    return set_choices(current)


def create() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="marsbot-draft",
        description=locale_str("Draft against MARSBOT, the Terraforming Mars automa"),
    )
    @app_commands.describe(
        corporation=locale_str(
            "MARSBOT's corporation, one with a draft priority (default: random)"
        ),
        mode=locale_str("The bot deals the piles (default), or you enter them from the table"),
        **DESCRIBED,
    )
    @app_commands.choices(
        mode=MODES, difficulty=DIFFICULTIES, spire_rule=SPIRE_RULES, aridor_tracks=ARIDOR_TRACKS
    )
    @app_commands.autocomplete(
        corporation=corporations, own_corporation=own_corporations, sets=sets_choices
    )
    async def marsbot_draft(
        interaction: Interaction,
        corporation: str | None = None,
        mode: str | None = None,
        own_corporation: app_commands.Range[str, 1, 60] | None = None,
        difficulty: str | None = None,
        spire_rule: str | None = None,
        tracks: app_commands.Range[str, 1, 200] | None = None,
        aridor_tracks: str | None = None,
        own_first: bool | None = None,
        floaters: app_commands.Range[int, 0, 999] | None = None,
        sets: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await _open(
            interaction,
            mode or "whole-draft",
            corporation,
            own_corporation,
            difficulty,
            spire_rule,
            tracks,
            aridor_tracks,
            own_first,
            floaters,
            sets,
        )

    return marsbot_draft


async def _open(interaction: Interaction, mode: str, *args: Any) -> None:
    options = draft_options(mode, *args)
    await handlers(interaction).lobby.create(interaction, TEXTS.game, options, {}, None)


class MarsbotCog(
    commands.GroupCog, group_name="marsbot", group_description=locale_str("MARSBOT's draft")
):
    """`/marsbot`: a draft at the table, and the moves of any draft by command."""

    @app_commands.command(
        name="start", description=locale_str("Start a MARSBOT draft at your table")
    )
    @app_commands.describe(
        corporation=locale_str("MARSBOT's corporation, one with a draft priority (or random)"),
        **DESCRIBED,
    )
    @app_commands.choices(
        difficulty=DIFFICULTIES, spire_rule=SPIRE_RULES, aridor_tracks=ARIDOR_TRACKS
    )
    @app_commands.autocomplete(
        corporation=corporations, own_corporation=own_corporations, sets=sets_choices
    )
    async def start(
        self,
        interaction: Interaction,
        corporation: str | None = None,
        own_corporation: app_commands.Range[str, 1, 60] | None = None,
        difficulty: str | None = None,
        spire_rule: str | None = None,
        tracks: app_commands.Range[str, 1, 200] | None = None,
        aridor_tracks: str | None = None,
        own_first: bool | None = None,
        floaters: app_commands.Range[int, 0, 999] | None = None,
        sets: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await _open(
            interaction,
            "table",
            corporation,
            own_corporation,
            difficulty,
            spire_rule,
            tracks,
            aridor_tracks,
            own_first,
            floaters,
            sets,
        )

    @app_commands.command(
        name="pick", description=locale_str("MARSBOT's pile this round: it picks a card")
    )
    @app_commands.describe(
        cards=locale_str("The pile's cards, separated by ';' (name:cost:tag+tag for others)")
    )
    async def pick(self, interaction: Interaction, cards: app_commands.Range[str, 1, 600]) -> None:
        move = {"type": "pick", "cards": [c for c in cards.split(CARD_SEPARATOR) if c.strip()]}
        await handlers(interaction).play.submit_here(interaction, move, "marsbot pick")

    @pick.autocomplete("cards")
    async def pick_cards(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await complete_cards(interaction, current, many=True)

    @app_commands.command(name="take", description=locale_str("The card you take this round"))
    @app_commands.describe(
        card=locale_str("The card's name (name:cost:tag+tag for a card of another set)")
    )
    async def take(self, interaction: Interaction, card: app_commands.Range[str, 1, 100]) -> None:
        move = {"type": "take", "card": card}
        await handlers(interaction).play.submit_here(interaction, move, "marsbot take")

    @take.autocomplete("card")
    async def take_card(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await complete_cards(interaction, current, many=False)

    @app_commands.command(
        name="discard", description=locale_str("MARSBOT's discard, after the fourth round")
    )
    async def discard(self, interaction: Interaction) -> None:
        move = {"type": "discard"}
        await handlers(interaction).play.submit_here(interaction, move, "marsbot discard")

    @app_commands.command(name="deck", description=locale_str("Shuffle MARSBOT's action deck"))
    async def deck(self, interaction: Interaction) -> None:
        move = {"type": "deck"}
        await handlers(interaction).play.submit_here(interaction, move, "marsbot deck")


class BuyNone(EarlierButton, template=r"dealer:mb:buy-none:\d+"):
    """**Buy none** as earlier versions posted it (`dealer:mb:buy-none:<match>`), not saying
    which decision it was for: refused politely (`bot.components.earlier_version`)."""


def by_command(action: Action) -> bool:
    """A draft at the table's own card and MARSBOT's pile: picks typed among the catalogue,
    made with `/marsbot take` and `/marsbot pick`, whose card names autocomplete (a form's
    would not), so the 1-on-1 shows no control for them (MB-D3, MB-D4)."""
    return action.pick is not None and action.pick.typed


PLUGIN = GamePlugin(
    texts=TEXTS,
    create=create,
    cog=MarsbotCog,
    dynamic_items=(BuyNone,),
    by_command=by_command,
)
