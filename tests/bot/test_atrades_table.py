"""Atrades at the table (issue 41): the undo's words for a guild's moves, the end that says
why and the last round told when it is known, the host's rule options (AT-D12's two
readings, starting money), and the words players read (tiles, eras, mergers, the
Government's chart), through Discord (SimCord)."""

from __future__ import annotations

import random
from typing import Any

from bot.games.atrades.plugin import TEXTS
from bot.games.atrades.texts import company
from bot.games.base import GameTexts
from bot.players import names_of
from tests.drivers.atrades import Atrades, private, seed, undo_step, until  # noqa: F401 (a fixture, by name)
from tests.drivers.project_mars import components_of
from tools.demo import menu_with


def dm_text(member: Any) -> str:
    return "\n".join(str(m.content) for m in member.user.dm_channel.history())


def channel_text(game: Atrades) -> str:
    return "\n".join(str(m.content) for m in game.channel.history())


# -- 7: the undo's words -----------------------------------------------------------------------


async def test_an_undone_merger_is_told_with_its_companies_named_not_as_mentions(
    simcord_env: Any,
) -> None:
    """The starter's DM after `/match undo what:step` names the merger's companies (it said
    "your merge (cube; company <@5>; other <@1>)": a company's number read as a user)."""
    game = Atrades(simcord_env, 3)
    await game.start()
    await until(game, random.Random(3), lambda s: s.merger is not None)
    state = await game.state()
    assert state.merger is not None
    starter = game.member(state.guilds[state.merger.starter].player)
    first, second = state.merger.companies
    await undo_step(game)
    said = dm_text(starter)
    assert f"- your merger of {company(first)} and {company(second)}" in said, said
    assert "<@" not in said


def test_a_moves_values_become_names_only_where_they_are_player_ids() -> None:
    """Every game's undo words: a player id in a move is their name; a number is itself."""
    names = names_of([])
    move = {"type": "swap", "company": "5", "to": "123456789012345678"}
    assert GameTexts.move(TEXTS, move, names, []) == "swap (company 5; to <@123456789012345678>)"
    assert TEXTS.move({"type": "merge", "company": "5", "other": 1}, names, []) == (
        "merger of Rations 5 and Rations 1 (a cube on the merger track)"
    )


# -- 8: the end says why, and the last round is told when it is sure -------------------------


async def test_the_last_round_is_told_in_the_channel_and_the_end_says_why(
    simcord_env: Any,
) -> None:
    """Four guilds end when no starting tile is left: the channel is told the round is the
    last as soon as the last tile is taken, and the end says why (it said "Round 4 is over.
    🏁 The game is over" with every guild holding cubes)."""
    game = Atrades(simcord_env, 2)
    await game.start(computers=2)
    await until(game, random.Random(5), lambda s: s.ended, moves=400)
    state = await game.state()
    said = channel_text(game)
    last = f"⏳ **Round {state.round} is the last**: no starting tile is left to acquire. The "
    assert said.count(last) == 1, said[-3000:]
    over = "🏁 **The game is over** (no starting tile is left to acquire): "
    assert said.index(last) < said.index(f"**Round {state.round} is over.**") < said.index(over)


# -- 13, 14: the host's rule options -------------------------------------------------------------


async def test_starting_money_and_the_lost_banks_reading_are_lobby_options(
    simcord_env: Any,
) -> None:
    """`money` (one a board, in initiative order, as printed boards show it) and
    `loser_bank:merged` (AT-D12's other reading): the lobby says both, the guilds start with
    their board's money; a mistyped amount is refused privately, opening no lobby; `/help
    game:atrades` says both readings of a lost company's bank."""
    game = Atrades(simcord_env, 2)
    wrong = await game.host.slash(game.channel, "match create atrades", money="18, 19")
    assert private(wrong) and wrong.response.content.startswith("`money`: type one amount")
    assert await game.bot.storage.open_match_in(game.channel.id) is None
    await game.start(
        guilds="Veil Cartel, Glass Road Syndicate", money="$18, 19, 20, 21, 22", loser_bank="merged"
    )
    state = await game.state()
    assert [g.money for g in state.guilds] == [22, 19]
    assert state.options.loser_bank == "merged"
    said = channel_text(game)
    assert (
        "starting money: Silt Runners $18, Glass Road Syndicate $19, Ember Exchange $20, "
        "Hollow Moon Trust $21 and Veil Cartel $22; in a player merger, a lost company's bank "
        "goes onto the merged company's bank"
    ) in said
    page = await game.players[0].slash(game.channel, "help", game="atrades")
    # The game in short, over two pages when a translation is long (the pseudo-locale's).
    first = str(page.response.content)
    after = await game.players[0].click(page.response, label="Next")
    short = f"{first}\n{after.response.content}"
    assert "`loser_bank:supply`" in short
    assert "`loser_bank:merged`), it goes onto the merged company's bank" in short


# -- 16: words -------------------------------------------------------------------------------


def test_the_words_of_a_round_a_sale_a_settlement_and_a_company_label() -> None:
    """The era is said only when the next round opens a new one (it said "Next era: 1"); the
    Government's chart says what it took and paid (it said "$3 → $3"); the settlement says
    the merged company's bank; one tile is "1 tile"."""
    names = names_of([])
    ended = {"type": "round_ended", "round": 1, "refilled": [], "era": 1, "last": False}
    assert TEXTS.describe(ended, names) == "**Round 1 is over.**"
    ended |= {"round": 2, "era": 2}
    assert TEXTS.describe(ended, names) == "**Round 2 is over.** Round 3 opens era 2."
    sold = {
        "type": "sold_to_govt",
        "player": "p0",
        "company": 5,
        "rows": [[7, 5], [3, 3]],
        "vp": 8,
        "to_supply": 1,
    }
    assert TEXTS.describe(sold, names) == (
        "**p0** sells **Rations 5** to the Atrades Government: the chart takes $7 of its bank "
        "for $5 and $3 for $3: **$8** to their personal money; $1 goes back to the supply. "
        "Its tiles are flipped."
    )
    settled = {
        "type": "merger_settled",
        "winner": "p1",
        "price": 13,
        "company": None,
        "from_company": 0,
        "spaces": [5, 4, 4],
        "paid": {"p0": 9},
        "survivor": 7,
        "bank": 4,
        "free_acquires": [],
        "bureaucracy": [],
    }
    said = TEXTS.describe(settled, names)
    assert said is not None and said.startswith(
        "**p1** pays **$13** (personal money); the merged company is **Liquids 7**, its bank $4."
    )


async def test_a_guild_that_sold_its_only_company_owns_none_now_and_a_removed_player_is_told(
    simcord_env: Any,
) -> None:
    """The 1-on-1 of a guild without a company says it owns none now (it said "no company
    yet" after a sale); the player the host removes is told in their DMs."""
    game = Atrades(simcord_env, 3)
    ann = game.players[0]
    await game.start()
    shown = await ann.slash(game.channel, "me")
    assert "You own no company now." in shown.response.content
    kicked = await game.host.slash(game.channel, "match kick", member=ann)
    assert kicked.response.content.startswith("You removed ann from the match.")
    assert "The host removed you from the match: your guild leaves the game." in dm_text(ann)


async def test_a_bid_without_a_bank_asks_the_amount_alone(simcord_env: Any) -> None:
    """A guild whose companies hold no money bids from its money: the bid button opens the
    amount form at once (a menu with the one choice "your money" came first)."""
    game = Atrades(simcord_env, 2)
    await game.start()
    ann = game.players[0]
    dm = ann.user.dm_channel.id
    card = game.newest(dm, f"dealer:act:{game.match_id}:bid", f"dealer:actpick:{game.match_id}:")
    asked = await ann.user.click(card, custom_id=f"dealer:act:{game.match_id}:bid")
    assert asked.modal is not None, asked.response.content if asked.response else asked
    done = await ann.user.submit_modal(asked, {"amount": "3"})
    assert private(done) and "🔒" in done.response.content, done.response.content
    assert (await game.state()).bids[0].from_money == 3


async def test_a_mistyped_hex_is_asked_again_with_the_tile_kept(simcord_env: Any) -> None:
    """An Acquire's hex typed wrong is refused with a button to type it again, the tile
    picked before kept (it restarted the Acquire from the tile)."""
    game = Atrades(simcord_env, 2)
    await game.start()
    rnd = random.Random(3)
    await until(game, rnd, lambda s: s.flow.step == "actions")
    state = await game.state()
    first = game.member(state.guilds[state.order[0]].player)
    m = game.match_id
    tile = str(state.display[0])
    asked = await first.click(game.board(), custom_id=f"dealer:act:{m}:acquire")
    picked = await first.select(asked.response, [tile], custom_id=menu_with(asked.response, tile))
    typing = next(
        str(c["custom_id"])
        for c in components_of(picked.response)
        if str(c.get("custom_id", "")).startswith(f"dealer:acttype:{m}@")
    )
    form = await first.click(picked.response, custom_id=typing)
    wrong = await first.submit_modal(form, {"amount": "ZZ99"})
    assert private(wrong) and "ZZ99" in wrong.response.content, wrong.response.content
    [again] = [c for c in components_of(wrong.response) if c.get("label") == "Type it again"]
    assert again["custom_id"] == typing, "the tile picked before is carried"
    free = next(h for h, c in state.board.items() if c["terrain"] == "habitable")
    form = await first.click(wrong.response, custom_id=again["custom_id"])
    assert form.modal is not None
    done = await first.submit_modal(form, {"amount": free})
    assert private(done) and "✅" in done.response.content, done.response.content
    assert (await game.state()).occupied()[free] == int(tile)
