"""/help through Discord: the overview of the commands (every command it names exists), each
game's rules paged with Previous and Next (to both ends, after a restart, refused politely to
anyone but who opened them), the documentation's link when DOCS_URL is set, and never a path
of the repository (docs/…md), which a Discord user cannot open."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest
from pydantic import ValidationError

import bot.__main__ as entry
import bot.app
from bot.components import RulesPageButton, rules_view
from bot.flows.help import TITLE, Page, page_text, rule_pages
from bot.games.base import GameTexts
from bot.games.registry import PLUGINS
from bot.i18n import LANGUAGES, PSEUDO, pseudo_locale, speaking
from bot.limits import MESSAGE
from bot.settings import Settings
from games.auction_auction.model import HAND_LABELS, LOCATION_NAMES
from games.project_mars.card_details import CARDS
from games.project_mars.decks import READY_DECKS
from tests.bot.conftest import make_bot
from tests.bot.pseudo import english
from tests.drivers.help import page_of, read_all_pages
from tests.toy_game.plugin import PLUGIN as HIGH_BID

DOCS = "https://dealer.example/docs"
#: What a Discord user cannot open: a path of the repository.
REPOSITORY_PATH = re.compile(r"docs/|\.md\b|\]\(")


def buttons(message: Any) -> list[dict[str, Any]]:
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    return [c for row in rows for c in row["components"]]


def button(message: Any, label: str) -> dict[str, Any]:
    return next(b for b in buttons(message) if b.get("label") == label)


def commands_of(bot: Any) -> dict[str, bool]:
    """Every command's qualified name (`match create`), and whether it is a group."""
    found: dict[str, bool] = {}

    def walk(command: Any) -> None:
        children = getattr(command, "commands", None)
        found[command.qualified_name] = children is not None
        for child in children or []:
            walk(child)

    for command in bot.tree.get_commands():
        walk(command)
    return found


def check_commands(text: str, known: dict[str, bool]) -> None:
    """Every `/command` in `text` is a command of the bot, and a group's subcommand too."""
    for span in re.findall(r"`/([^`]+)`", text):
        words = span.split()
        name = words[0]
        assert name in known, f"/{span}: no such command"
        for word in words[1:]:
            if f"{name} {word}" not in known:
                break
            name = f"{name} {word}"
        rest = words[len(name.split()) :]
        if known[name] and rest:
            assert not re.fullmatch(r"[a-z-]+", rest[0]), f"/{span}: no such subcommand"


def shown_book(request: pytest.FixtureRequest, texts: GameTexts) -> list[Page]:
    """The pages the bot shows of `texts`' rules: under `--pseudo-locale` its texts are
    longer, so may take more pages, and the test reads them with the markers taken out."""
    if not request.config.getoption("--pseudo-locale"):
        return rule_pages(texts)
    with pseudo_locale():
        book = rule_pages(texts)
    return [Page(english(page.title), english(page.text)) for page in book]


async def test_a_games_rules_turn_forward_and_back_to_both_ends(
    simcord_env: Any, request: pytest.FixtureRequest
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    texts = PLUGINS["auction-auction"].texts
    book = shown_book(request, texts)
    first = await ann.slash(channel, "help", game="auction-auction")
    assert first.ephemeral
    shown = first.response
    opening = shown.content
    assert page_of(shown) == (1, len(book)) and len(book) > 2
    assert shown.content.startswith("## Auction Auction · In short\n**Auction Auction**")
    assert button(shown, "Previous")["disabled"] is True
    assert button(shown, "Next").get("disabled", False) is False
    titles = [book[0].title]
    for number in range(2, len(book) + 1):
        turned = await ann.click(shown, label="Next")
        assert turned.response.id == shown.id, "the page changes in place"
        shown = turned.response
        assert page_of(shown) == (number, len(book))
        titles.append(shown.content.split("\n")[0].removeprefix("## Auction Auction · "))
    assert titles == [page.title for page in book]
    assert "Access phase: getting into a house" in titles and "Hands, places and prizes" in titles
    assert button(shown, "Next")["disabled"] is True
    assert button(shown, "Previous").get("disabled", False) is False
    for number in range(len(book) - 1, 0, -1):
        shown = (await ann.click(shown, label="Previous")).response
        assert page_of(shown) == (number, len(book))
    assert shown.content == opening, "back at the first page"


async def test_a_page_past_either_end_shows_the_nearest(
    simcord_env: Any, request: pytest.FixtureRequest
) -> None:
    """Previous on the first page and Next on the last are disabled; a button that still asks
    for a page past the ends (a client that has not caught up, rules that grew shorter since
    the page was shown) gets the nearest page, not an error. A button names its page, so a
    second quick click on Next shows the same page again rather than skipping one."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    texts = PLUGINS["project-mars"].texts
    book = shown_book(request, texts)

    async def stale() -> Any:
        view = discord.ui.View()
        view.add_item(RulesPageButton(texts.game, 0, ann.id, "Previous"))
        view.add_item(RulesPageButton(texts.game, len(book) + 5, ann.id, "Next"))
        await simcord_env.bot.get_channel(channel.id).send("stale", view=view)
        return channel.last_message

    before = await ann.click(await stale(), label="Previous")
    assert before.response.content == page_text(texts, book, 1)
    after = await ann.click(await stale(), label="Next")
    assert after.response.content == page_text(texts, book, len(book))
    assert page_of(after.response) == (len(book), len(book))


async def test_the_pages_turn_after_a_restart(
    simcord_env: Any, db_path: Path, request: pytest.FixtureRequest
) -> None:
    book = shown_book(request, PLUGINS["project-mars"].texts)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    shown = (await ann.slash(channel, "help", game="project-mars")).response
    shown = (await ann.click(shown, label="Next")).response
    assert page_of(shown)[0] == 2
    await simcord_env.restart_bot(make_bot(db_path))
    turned = await ann.click(shown, label="Next")
    assert page_of(turned.response)[0] == 3
    assert turned.response.content.startswith(f"## Project Mars · {book[2].title}\n")
    assert book[2].title == "A round" or request.config.getoption("--pseudo-locale")


async def test_someone_elses_pages_are_refused_politely(simcord_env: Any) -> None:
    """Pages are private; should a copy of someone's pages reach another member, their click
    is refused privately and the page does not change. A game that is gone is said so."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    texts = PLUGINS["auction-auction"].texts
    book = rule_pages(texts)
    sent = simcord_env.bot.get_channel(channel.id)
    view = rules_view(texts.game, 1, len(book), ann.id, None)
    await sent.send(page_text(texts, book, 1), view=view)
    copy = channel.last_message
    refused = await bob.click(copy, label="Next")
    assert refused.ephemeral and refused.response.content == (
        "These rules pages were opened by someone else. `/help game:` opens your own."
    )
    assert channel.last_message.content == page_text(texts, book, 1), "unchanged"
    await sent.send("gone", view=rules_view("chess", 1, 3, ann.id, None))
    gone = await ann.click(channel.last_message, label="Next")
    assert gone.ephemeral and gone.response.content.startswith("Unknown game 'chess'")


async def test_the_documentation_link_is_shown_only_when_set(
    simcord_env: Any, db_path: Path
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    overview = await ann.slash(channel, "help")
    messages = [overview.response, *overview.followups]
    assert all(m.components == [] for m in messages), "no DOCS_URL, no link"
    page = (await ann.slash(channel, "help", game="auction-auction")).response
    assert [b["label"] for b in buttons(page)] == ["Previous", "Next"]

    await simcord_env.restart_bot(make_bot(db_path, docs_url=DOCS))
    overview = await ann.slash(channel, "help")
    last = [overview.response, *overview.followups][-1]
    assert [(b["label"], b["url"]) for b in buttons(last)] == [("Dealer's documentation", DOCS)]
    page = (await ann.slash(channel, "help", game="auction-auction")).response
    assert [b["label"] for b in buttons(page)] == ["Previous", "Next", "Dealer's documentation"]
    turned = (await ann.click(page, label="Next")).response
    assert button(turned, "Dealer's documentation")["url"] == DOCS


async def test_no_help_names_a_repository_path_or_a_missing_command(
    simcord_env: Any, request: pytest.FixtureRequest
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    overview = await ann.slash(channel, "help")
    texts = [m.content for m in (overview.response, *overview.followups)]
    assert "`/help game:<game>`" in texts[0]
    for game in PLUGINS:
        pages = await read_all_pages(ann, channel, game)
        assert len(pages) == len(shown_book(request, PLUGINS[game].texts))
        texts.extend(pages)
    known = commands_of(simcord_env.bot)
    for text in texts:
        assert len(text) <= MESSAGE
        assert REPOSITORY_PATH.search(text) is None, text
        check_commands(text, known)


async def test_a_game_without_rules_has_one_page(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLUGINS, HIGH_BID.game, HIGH_BID)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    r = await ann.slash(channel, "help", game="High Bid")
    assert r.ephemeral and r.response.content == (
        f"## High Bid · In short\n{HIGH_BID.texts.help()}\n\n-# Page 1 of 1"
    )
    assert r.response.components == [], "one page: nothing to turn"


@pytest.mark.parametrize("code", ["en", "cs", "ko", PSEUDO])
def test_every_page_fits_and_no_paragraph_is_cut(code: str) -> None:
    """The pages are made from the rules' paragraphs: each fits a message whole, written in
    what Discord shows (no table, no link, no repository path), in every language and in the
    pseudo-locale's 40 % longer words (a paragraph longer than a page goes on between its
    lines: Atrades's mergers)."""
    for plugin in PLUGINS.values():
        texts = plugin.texts
        with speaking(LANGUAGES[code]):
            rules = texts.rules()
            book = rule_pages(texts)
            shown = [page_text(texts, book, n) for n in range(1, len(book) + 1)]
        assert rules is not None
        assert all(len(text) <= MESSAGE and "…" not in text for text in shown)
        assert all(len(f"{texts.title} · {page.title}") <= TITLE for page in book)
        everything = "\n".join(shown)
        for line in rules.splitlines():
            if line.strip() and not line.startswith("## "):
                assert line in everything, line
            assert not line.lstrip().startswith("|"), f"a table row: {line}"
        assert REPOSITORY_PATH.search(rules) is None


def test_the_rules_name_every_card_deck_house_and_hand() -> None:
    mars = PLUGINS["project-mars"].texts.rules() or ""
    assert all(f"**{card.name}**" in mars for card in CARDS.values())
    assert all(f"**{deck.name}**" in mars for deck in READY_DECKS.values())
    auction = PLUGINS["auction-auction"].texts.rules() or ""
    assert all(f"**{name}**" in auction for name in LOCATION_NAMES.values())
    assert all(f"**{label}**" in auction for label in HAND_LABELS.values())


def test_the_auction_auction_rules_keep_its_hidden_trick() -> None:
    """AA-4: which colours a location offers is seen only inside it (the rules page is for
    anyone, in or out of a match). The rules say how many lots of how many cubes, as the
    rulebook does; never which colours a house offers, nor why (the names' anagrams)."""
    auction = PLUGINS["auction-auction"].texts.rules() or ""
    assert "anagram" not in auction.lower()
    colour = re.compile(r"\b(red|yellow|green|blue|purple)\b", re.IGNORECASE)
    for line in auction.splitlines():
        if any(name in line for name in LOCATION_NAMES.values()):
            assert colour.search(line) is None, line


def test_docs_url_is_a_setting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOCS_URL", DOCS)
    assert str(Settings().docs_url) == DOCS
    monkeypatch.setenv("DOCS_URL", " ")
    assert Settings().docs_url is None
    monkeypatch.setenv("DOCS_URL", "docs/index.md")
    with pytest.raises(ValidationError, match="docs_url"):
        Settings()


def test_python_m_bot_passes_docs_url_to_the_bot(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("DOCS_URL", DOCS)
    made: dict[str, Any] = {}

    class Started:
        async def __aenter__(self) -> Started:
            return self

        async def __aexit__(self, *exc: object) -> None:
            return None

        async def start(self, token: str) -> None:
            made["token"] = token

    def create_bot(path: Path, **options: Any) -> Started:
        made.update(options)
        return Started()

    monkeypatch.setattr(bot.app, "create_bot", create_bot)
    assert entry.run() == 0
    assert made["docs_url"] == DOCS and made["token"] == "token"


async def test_a_word_that_fits_several_games_offers_them(simcord_env: Any) -> None:
    """`/help game:auction` is not 'unknown': it names the games it could be (#25)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    r = await ann.slash(channel, "help", game="auction")
    assert r.ephemeral and r.response.content == (
        "'auction' fits 2 games: Auction Auction (`auction-auction`) or Mars Auction "
        "(`mars-auction`). Name one of them."
    )
    r = await ann.slash(channel, "stats", game="mars")
    assert r.ephemeral and r.response.content.startswith(
        "'mars' fits 3 games: Project Mars (`project-mars`), Mars Auction (`mars-auction`) or "
        "MARSBOT draft (`marsbot-draft`)."
    ), r.response.content
    r = await ann.slash(channel, "help", game="chess")
    assert r.response.content.startswith("Unknown game 'chess'")
