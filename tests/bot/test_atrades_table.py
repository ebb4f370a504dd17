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
from tests.bot.test_atrades import Atrades, private, seed  # noqa: F401 (a fixture, by name)
from tests.bot.test_project_mars import components_of


def dm_text(member: Any) -> str:
    return "\n".join(str(m.content) for m in member.user.dm_channel.history())


def channel_text(game: Atrades) -> str:
    return "\n".join(str(m.content) for m in game.channel.history())


async def until(game: Atrades, rnd: random.Random, done: Any, moves: int = 200) -> None:
    """Greedy moves through Discord until `done(state)`."""
    for _ in range(moves):
        if done(await game.state()):
            return
        await game.move(rnd)
    raise AssertionError("it did not come")


async def undo_step(game: Atrades) -> None:
    undo = await game.host.slash(game.channel, "match undo", what="step")
    yes = next(
        str(c["custom_id"])
        for c in components_of(undo.response)
        if str(c.get("custom_id", "")).startswith("dealer:undo:")
    )
    await game.host.click(undo.response, custom_id=yes)


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
    assert "`loser_bank:supply`" in page.response.content
    assert "`loser_bank:merged`), it goes onto the merged company's bank" in (page.response.content)
