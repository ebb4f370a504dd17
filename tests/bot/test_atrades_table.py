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
