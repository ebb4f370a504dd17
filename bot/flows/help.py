"""/help: the overview of the commands, and each game's rules, paged, in Discord.

A game's pages are its summary (`GameTexts.help`), then the sections of its rules
(`GameTexts.rules`), a section too long for one message going on over the pages it needs.
They are made again from the game's texts at every click (they cost a split of a string), so
a page button carries only the game, the page and who opened them (`RulesPageButton`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.components import docs_view, rules_view
from bot.errors import UserError
from bot.games.base import GameTexts
from bot.games.registry import PLUGINS, game_named
from bot.i18n import N_, _
from bot.limits import MESSAGE, fit, pages
from bot.messages import message
from bot.seasons import season_games
from bot.stats import LEADERBOARD_RULE

#: Room in a page's message for its heading and its page line.
FRAME = 160
#: The longest section title a page heading takes (tests/bot/test_help.py holds the games to it).
TITLE = 100
_SECTION = re.compile(r"^## ", re.MULTILINE)

HOSTING = N_(
    "**Hosting:** `/match create <game>` opens a lobby with Join/Start buttons (or "
    "`/match join` and `/match leave`). Hosts (the creator, Manage Server, or the role set by "
    "`/config host-role`) can `/match start`, `/match close-phase`, `/match extend`, "
    "`/match pause`, `/match resume`, `/match kick` (in a lobby: frees the seat), "
    "`/match unkick`, `/match undo` (the last move, or reopen the last phase), "
    "`/match replace` (a player's seat to another member, or to Dealer's computer player), "
    "`/match add-bot [count] [level]` (Dealer plays empty seats, in a game with a computer "
    "player, normal or strong), "
    "`/match remove-bot`, `/match log`, `/match notify` (a turn-based game: the player to move "
    "mentioned, or told by DM), `/match web` (the match's web page on or off) and "
    "`/match cancel`. `/match status` shows who has "
    "submitted (never what); `/me` shows your 1-on-1, also after the match has ended; a "
    "player concedes with `/match forfeit`. `/match list` shows the server's open matches; "
    "the **Rematch** button under a match's result opens a new lobby with the same players "
    "and options."
)
STATS = N_(
    "**Stats:** `/stats [member] [game]`: matches played and won and the rating per game, "
    "and the last ones; `/leaderboard [game]`: the server's members. {leaderboard_rule} The "
    "end of a rated match shows each member's new rating and its change. Both answer "
    "privately unless `public:True`."
)
SEASONS = N_(
    "**Seasons (Genius series):** a host runs `/season start name:…`; while it is open, "
    "every {games} match started in the server counts for it: players are "
    "enrolled with the "
    "season's starting garnets, `/garnet-trade` spends them, and each match's prizes "
    "and elimination candidates go to the ledger. `/season standings`, "
    "`/season history` and `/season export` read it (privately; a host may show the "
    "standings to the channel with `public:True`); hosts `/season adjust`, "
    "`/season eliminate`, `/season reinstate`, `/season enrol` and `/season end`."
)


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    text: str


def whole(parts: list[str], room: int) -> list[str]:
    """`parts` (paragraphs) with one longer than `room` split between its lines (a rules
    section's lines, a game's summary: each a whole message id, which a translation may
    lengthen past a message), so that no part is cut to fit."""
    split: list[str] = []
    for part in parts:
        split += [part] if len(part) <= room else pages(part.split("\n"), limit=room)
    return split


def rule_pages(texts: GameTexts) -> list[Page]:
    """The pages of `/help game:<game>`: the game in short (split between its lines, which
    a translation may lengthen past one page), then its rules section by section, each split
    between paragraphs over as many pages as it needs (a paragraph longer than a page between
    its lines)."""
    room = MESSAGE - FRAME
    sections = [(_("In short"), texts.help().split("\n"), "\n")]
    for section in _SECTION.split(texts.rules() or "")[1:]:
        title, _sep, body = section.partition("\n")
        paragraphs = [p.strip() for p in body.strip().split("\n\n") if p.strip()]
        sections.append((title.strip(), whole(paragraphs, room), "\n\n"))
    book = []
    for heading, parts, separator in sections:
        for n, text in enumerate(pages(parts, separator=separator, limit=room)):
            book.append(
                Page(_("{title} (continued)").format(title=heading) if n else heading, text)
            )
    return book


def page_text(texts: GameTexts, book: list[Page], number: int) -> str:
    """Page `number` (from 1) of `book` as its message says it."""
    page = book[number - 1]
    heading = fit(f"{texts.title} · {page.title}", TITLE)
    footer = _("Page {number} of {pages}").format(number=number, pages=len(book))
    return fit(f"## {heading}\n{page.text}\n\n-# {footer}")


class Help:
    def __init__(self, docs_url: str | None) -> None:
        #: The project's web documentation (`DOCS_URL`): a link button under /help, if set.
        self.docs_url = docs_url

    async def show(self, interaction: discord.Interaction[Any], game: str | None) -> None:
        """`/help [game]`: the overview of the games and the commands, or a game's rules from
        their first page, privately."""
        if game is None:
            await self._overview(interaction)
            return
        texts = self._texts(game)
        book = rule_pages(texts)
        view = rules_view(texts.game, 1, len(book), interaction.user.id, self.docs_url)
        await interaction.response.send_message(
            **message(page_text(texts, book, 1), view, None), ephemeral=True
        )

    async def page(
        self, interaction: discord.Interaction[Any], game: str, number: int, owner: int
    ) -> None:
        """A Previous or Next button: page `number` of `game`'s rules, in place of the page
        shown. Only who opened them may turn them (anyone else is told how to open their
        own); a page past either end (the rules grew shorter since) shows the nearest."""
        if interaction.user.id != owner:
            raise UserError(
                _("These rules pages were opened by someone else. `/help game:` opens your own.")
            )
        texts = self._texts(game)
        book = rule_pages(texts)
        number = min(max(number, 1), len(book))
        await interaction.response.edit_message(
            content=page_text(texts, book, number),
            view=rules_view(texts.game, number, len(book), owner, self.docs_url),
        )

    async def _overview(self, interaction: discord.Interaction[Any]) -> None:
        titles = ", ".join(p.title for p in PLUGINS.values())
        intro = _(
            "**Dealer** hosts these games: {titles}. `/help game:<game>` shows a game's full "
            "rules, page by page."
        ).format(titles=titles)
        games = [p.texts.help() for p in PLUGINS.values()]
        about = [
            _(HOSTING),
            _(STATS).format(leaderboard_rule=_(LEADERBOARD_RULE)),
            _(SEASONS).format(games=season_games()),
        ]
        packed = pages(whole([intro, *games, *about], MESSAGE), separator="\n\n")
        for n, text in enumerate(packed):
            view = docs_view(self.docs_url) if n == len(packed) - 1 else None
            if n == 0:
                await interaction.response.send_message(**message(text, view, None), ephemeral=True)
            else:
                await interaction.followup.send(**message(text, view, None), ephemeral=True)

    @staticmethod
    def _texts(game: str) -> GameTexts:
        """A game's texts by its id or its title, as typed (`game_named`)."""
        return game_named(game).texts
