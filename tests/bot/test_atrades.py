"""Atrades through Discord (SimCord): whole games of people played to the end through the
board message's controls and the 1-on-1s, equal to the replay of their `/match log`
record; the refusals (a hex taken, not your turn, a raise over what you can pay, a
stranger) private and changing nothing; and what each person may read."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot.games.atrades.plugin import TEXTS
from bot.players import computer_name, player_id
from games.atrades import ENGINE
from games.atrades.data import GUILDS, REGIONS
from games.atrades.flow import company_name
from games.core.drawing.words import join
from games.core.engine import HOST
from tests.atrades.engine_table import market_table
from tests.bot.conftest import replay
from tests.drivers.atrades import (
    GAME,
    Atrades,
    private,
    seed,  # noqa: F401 (a fixture, by name)
)
from tests.drivers.project_mars import components_of
from tests.words import DASHED_RULING_ID, ruling_ids_sent
from tools.demo import menu_with, unstamped


def _ids(message: Any) -> list[str]:
    return [unstamped(str(c.get("custom_id", ""))) for c in components_of(message)]


async def play_to_the_end(game: Atrades, rnd: random.Random, moves: int = 400) -> None:
    for _ in range(moves):
        if (await game.state()).ended:
            return
        await game.move(rnd)
    raise AssertionError("the game did not end")


# -- whole games -------------------------------------------------------------------------------


@pytest.mark.slow
async def test_three_people_play_a_whole_game_equal_to_its_replay(simcord_env: Any) -> None:
    """Acquires, mergers with open and sealed rounds, settlements, free Acquires, Government
    sales and expansions, all through Discord; one board message carries the controls."""
    game = Atrades(simcord_env, 3)
    await game.start(turn_minutes=30)
    await play_to_the_end(game, random.Random(3))
    state = await game.state()
    report = replay(await game.record())
    assert report["rejected"] == [] and report["finished"], report
    names = {player_id(m.id): m.name for m in game.players}
    result = ENGINE.result(state)
    assert result is not None
    assert report["result"]["places"] == {names[p]: n for p, n in result["places"].items()}
    assert report["result"]["money"] == {names[p]: n for p, n in result["money"].items()}
    assert report["result"]["rounds"] == state.round >= 2
    assert not ruling_ids_sent(simcord_env, DASHED_RULING_ID)
    board_id = await game.bot.storage.status_message(game.match_id)
    [board] = [m for m in game.channel.history() if m.id == board_id]
    assert board.attachments and "Atrades map" in (board.attachments[0].description or ""), (
        "the board message carries the map, with its alt text"
    )
    with_maps = [m for m in game.channel.history() if m.attachments]
    assert with_maps == [board], "the map is edited on the one board message, not posted anew"
    cards = [m for m in game.players[0].user.dm_channel.history() if m.attachments]
    assert cards, "the 1-on-1 comes with the guild board's picture"


async def test_two_people_and_dealers_seat_play_a_whole_game_equal_to_its_replay(
    simcord_env: Any,
) -> None:
    """Dealer's seat (`/match add-bot`) moves by itself from its own view whenever the game
    waits for it; the game ends and its record replays to the same result."""
    game = Atrades(simcord_env, 2)
    await game.start(computers=1)
    await play_to_the_end(game, random.Random(5))
    state = await game.state()
    seat = player_id(-1)
    assert seat in [g.player for g in state.guilds]
    record = await game.record()
    report = replay(record)
    assert report["rejected"] == [] and report["finished"], report
    result = ENGINE.result(state)
    assert result is not None
    names = {**{player_id(m.id): m.name for m in game.players}, seat: computer_name(1)}
    assert report["result"]["money"] == {names[p]: n for p, n in result["money"].items()}
    assert sum(move["by"] == computer_name(1) for move in record["moves"]) >= 10
    said = "\n".join(m.content for m in game.channel.history())
    last = said[said.index(f"**Round {state.round} is over.**") :]
    assert "Next era" not in last.split("\n")[0], "no era follows the last round"


@pytest.mark.slow
async def test_five_computer_seats_play_a_whole_game_equal_to_its_replay(
    simcord_env: Any,
) -> None:
    """Five computer seats (`/match add-bot count:5`) play a whole game by themselves, each
    from its own view, and its `/match log` record replays to the same result."""
    game = Atrades(simcord_env, 0)
    await game.start(computers=5)
    state = await game.state()
    assert state.ended, "the computer seats play to the end without anyone's help"
    seats = [player_id(-n) for n in range(1, 6)]
    assert sorted(g.player for g in state.guilds) == sorted(seats)
    record = await game.record()
    report = replay(record)
    assert report["rejected"] == [] and report["finished"], report
    result = ENGINE.result(state)
    assert result is not None
    names = {player_id(-n): computer_name(n) for n in range(1, 6)}
    assert report["result"]["places"] == {names[p]: n for p, n in result["places"].items()}
    assert report["result"]["money"] == {names[p]: n for p, n in result["money"].items()}
    assert {move["by"] for move in record["moves"]} >= set(names.values())


async def test_a_strong_seat_plays_a_whole_game_and_its_record_names_its_level(
    simcord_env: Any,
) -> None:
    """`/match add-bot level:strong` (issue 45) seats a seat that plans each of its moves
    from its own view; with a normal seat beside it, the two play a whole game by themselves,
    and the `/match log` record names each seat's level and replays to the same result."""
    game = Atrades(simcord_env, 0)
    created = await game.host.slash(game.channel, f"match create {GAME}")
    seated = await game.host.slash(game.channel, "match add-bot", level="strong")
    assert seated.ephemeral
    assert "Dealer bot 1 takes a seat: Dealer plays it at level strong" in seated.response.content
    await game.host.slash(game.channel, "match add-bot")
    started = await game.host.click(created.response, label="Start")
    assert started.response.content.startswith("The match has started"), started.response
    row = await game.bot.storage.last_match_in(game.channel.id)
    assert row is not None
    game.match_id = row.id
    state = await game.state()
    assert state.ended, "the computer seats play to the end without anyone's help"
    record = await game.record()
    assert record["computers"] == {computer_name(1): "strong", computer_name(2): "normal"}
    assert sum(move["by"] == computer_name(1) for move in record["moves"]) >= 10
    report = replay(record)
    assert report["rejected"] == [] and report["finished"], report
    result = ENGINE.result(state)
    assert result is not None
    names = {player_id(-n): computer_name(n) for n in (1, 2)}
    assert report["result"]["money"] == {names[p]: n for p, n in result["money"].items()}


async def refused(game: Atrades, result: Any, before: str, *words: str) -> str:
    """The answer was a private refusal saying `words`, and the game did not change."""
    assert private(result), result.response.content
    content = str(result.response.content)
    assert all(w in content for w in words), content
    assert await game.dump() == before
    return content


async def test_refusals_are_private_and_change_nothing(simcord_env: Any) -> None:
    """Not your turn, a stranger, a hex taken (typed by its label), a raise over what you
    can pay, a pass out of turn: each refused privately, the game unchanged."""
    game = Atrades(simcord_env, 3)
    await game.start()
    rnd = random.Random(3)
    m = game.match_id
    for _ in range(3):  # the turn-order bids, in the 1-on-1s
        await game.move(rnd)
    state = await game.state()
    first, second = (game.member(p) for p in (state.guilds[s].player for s in state.order[:2]))
    before = await game.dump()
    board = game.board()
    acquire = f"dealer:act:{m}:acquire"
    await refused(game, await second.click(board, custom_id=acquire), before, "not open now")
    stranger = await game.onlooker.click(board, custom_id=acquire)
    await refused(game, stranger, before, "not playing in this match")

    # The first guild acquires by typing the hex's label (any case) in place of the menus.
    tile = str(state.display[0])
    asked = await first.click(board, custom_id=acquire)
    picked = await first.select(asked.response, [tile], custom_id=menu_with(asked.response, tile))
    typing = next(i for i in _ids(picked.response) if i.startswith(f"dealer:acttype:{m}:"))
    form = await first.click(picked.response, custom_id=typing)
    assert form.modal is not None
    hexes = [h for h, cell in state.board.items() if cell["terrain"] == "habitable"]
    taken = hexes[0]
    done = await first.submit_modal(form, {"amount": taken.lower()})
    assert private(done) and "✅" in done.response.content, done.response.content
    assert (await game.state()).occupied()[taken] == int(tile)

    # The next guild types the same hex: it is taken.
    before = await game.dump()
    tile = str((await game.state()).display[0])
    asked = await second.click(game.board(), custom_id=acquire)
    picked = await second.select(asked.response, [tile], custom_id=menu_with(asked.response, tile))
    typing = next(i for i in _ids(picked.response) if i.startswith(f"dealer:acttype:{m}:"))
    form = await second.click(picked.response, custom_id=typing)
    assert form.modal is not None
    await refused(game, await second.submit_modal(form, {"amount": taken}), before, taken)

    # On to a merger's open round: a raise over what the bidder holds, a pass out of turn.
    for _ in range(60):
        state = await game.state()
        if state.merger is not None and state.merger.step == "open":
            break
        await game.move(rnd)
    else:
        raise AssertionError("no merger came")
    bidder = ENGINE.turn(state).must[0]
    [raise_] = [a for a in ENGINE.legal_actions(state, bidder) if a.key == "raise"]
    assert raise_.amount is not None
    other = next(m for m in game.players if player_id(m.id) != bidder)
    before = await game.dump()
    out_of_turn = await other.click(game.board(), custom_id=f"dealer:act:{m}:pass")
    await refused(game, out_of_turn, before, "not open now")
    form = await game.member(bidder).click(game.board(), custom_id=f"dealer:act:{m}:raise")
    assert form.modal is not None
    too_much = await game.member(bidder).submit_modal(form, {"amount": str(raise_.amount.max + 1)})
    await refused(game, too_much, before, f"${raise_.amount.max + 1}")

    # The host takes the merger back to its start: the starter's action is open again.
    starter = state.merger.starter
    undo = await game.host.slash(game.channel, "match undo", what="step")
    yes = next(i for i in _ids(undo.response) if i.startswith("dealer:undo:"))
    await game.host.click(undo.response, custom_id=yes)
    state = await game.state()
    assert state.merger is None and ENGINE.turn(state).must == [state.guilds[starter].player]
    assert [a.key for a in ENGINE.legal_actions(state, state.guilds[starter].player)]


async def test_the_hosts_controls_help_and_stats_work_in_atrades(simcord_env: Any) -> None:
    """status, pause and resume, extend, close-phase (the missing bids are $0), undo, kick
    and forfeit down to the last guild, who wins; `/help game:atrades` pages the rules and
    `/stats` counts the game."""
    game = Atrades(simcord_env, 4)
    ann, bob, cleo, dev = game.players
    await game.start(bids_minutes=10, open_minutes=5)
    status = await game.onlooker.slash(game.channel, "match status")
    assert status.ephemeral and "Round 1: sealed turn-order bids" in status.response.content
    assert "Waiting for: ann, bob, cleo and dev." in status.response.content
    row = await game.bot.storage.match(game.match_id)
    assert row is not None and row.deadline == simcord_env.now().timestamp() + 10 * 60
    for command, answer in [
        ("match pause", "Paused."),
        ("match resume", "Resumed."),
        ("match close-phase", "You closed **Round 1: sealed turn-order bids"),
    ]:
        r = await game.host.slash(game.channel, command)
        assert r.response.content.startswith(answer), r.response.content
    state = await game.state()
    assert state.flow.step == "actions" and state.round == 1
    assert "⏰ ann did not bid in time: $0." in await game.board_text()
    refused = await game.host.slash(game.channel, "match undo")
    assert refused.ephemeral and not refused.response.components
    assert refused.response.content.startswith(
        "The bids of that sealed round have been shown to everyone"
    ), "AT-D23: taking back the close-phase would reopen the bids, every one known"
    state = await game.state()
    mover = state.guilds[state.order[state.flow.turn]].player
    [passing] = [a for a in ENGINE.legal_actions(state, mover) if a.key == "pass"]
    before = await game.dump()
    await game.play(game.member(mover), passing, {})
    assert await game.dump() != before
    undo = await game.host.slash(game.channel, "match undo")
    yes = next(c for c in _ids(undo.response) if c.startswith("dealer:undo:"))
    await game.host.click(undo.response, custom_id=yes)
    assert await game.dump() == before, "the pass is taken back"
    extended = await game.host.slash(game.channel, "match extend", minutes=5)
    assert extended.response.content == "Extended by 5 minutes."
    # AT-D27: the host sees what the public sees; the seed deals the pile's order.
    log = await game.host.slash(game.channel, "match log")
    assert log.ephemeral and not log.response.attachments
    assert log.response.content == (
        "The record of an Atrades match is given once the match is over: its seed deals the "
        "face-down pile of starting tiles."
    )

    help_page = await bob.slash(game.channel, "help", game="atrades")
    assert help_page.ephemeral and "**Atrades** (2 to 5 players)" in help_page.response.content
    assert any(i.startswith("dealer:rules:atrades:2:") for i in _ids(help_page.response))

    kicked = await game.host.slash(game.channel, "match kick", member=ann)
    assert kicked.response.content.startswith("You removed ann from the match."), (
        kicked.response.content
    )
    assert 0 in (await game.state()).out
    for member in (bob, cleo):
        asked = await member.slash(game.channel, "match forfeit")
        assert "Your guild leaves the game" in asked.response.content
        await member.click(asked.response, custom_id=f"dealer:forfeit:{game.match_id}")
    state = await game.state()
    assert state.ended and state.winners == [3], "the last guild left wins (AT-D26)"
    channel = "\n".join(m.content for m in game.channel.history())
    assert "The host removed ann's guild from the game." in channel
    assert "cleo has conceded: their guild leaves the game." in channel
    assert "🏁 **The game is over** (one guild is left in the game): **dev** wins." in channel
    stats = await dev.slash(game.channel, "stats", game="atrades")
    assert "**Atrades**: 1 match, 1 won (100%)" in stats.response.content, stats.response.content


async def test_the_spectators_channel_gets_each_sealed_round_once_revealed(
    simcord_env: Any,
) -> None:
    """AT-D27: the spectators' channel gets each sealed round as it is revealed (it only
    ever said none had been: the texts were handed the host's view, which holds no closed
    round)."""
    game = Atrades(simcord_env, 3)
    spectators = game.guild.create_text_channel("spectators")
    await game.start(spectators=spectators)
    for member, amount in zip(game.players, (7, 3, 5), strict=True):
        state = await game.state()
        [bid] = [a for a in ENGINE.legal_actions(state, player_id(member.id)) if a.key == "bid"]
        await game.play(member, bid, {"pay_from": "purse", "amount": amount})
    assert [m.content for m in spectators.history()] == [
        "**Atrades — round 1's turn-order bids:** ann $7; bob $3; cleo $5."
    ]


# -- the lobby's options -----------------------------------------------------------------------


async def test_guild_boards_and_regions_named_for_fewer_seats_go_first_and_the_rest_are_drawn(
    simcord_env: Any,
) -> None:
    """AT-D28: two boards and one region named, three players join: Start starts the match
    (it failed with "Invalid options: Name 3 different guilds", then "Name 4 different
    regions"), the named boards in seat order, the third seat's drawn from the others; the
    named region first of the four, the rest drawn; the lobby says so."""
    game = Atrades(simcord_env, 3)
    started = await game.start(guilds="veil cartel, Silt Runners", regions=" shield wall")
    assert private(started) and started.response.content.startswith("The match has started")
    state = await game.state()
    boards = [g.guild for g in state.guilds]
    assert boards[:2] == ["Veil Cartel", "Silt Runners"]
    assert boards[2] in {"Glass Road Syndicate", "Ember Exchange", "Hollow Moon Trust"}
    regions = [r.name for r in state.regions]
    assert len(regions) == len(set(regions)) == 4
    assert regions[0] == "Shield Wall"
    said = [m.content for m in game.channel.history()]
    lobby_line = (
        "the map's regions: Shield Wall first, as many as it needs (one more than the players), "
        "the rest drawn at random; guild boards: Veil Cartel and Silt Runners, one a seat in "
        "seat order, the rest drawn at random"
    )
    assert sum(lobby_line in text for text in said) == 1, said[0]
    begins = (
        "**Atrades begins**: **ann** (Veil Cartel), **bob** (Silt Runners) and "
        f"**cleo** ({boards[2]}). The regions: {join(regions)}."
    )
    assert sum(text.startswith(begins) for text in said) == 1


def test_the_lobby_says_how_the_names_are_used_and_draws_none_past_every_seat() -> None:
    """AT-D28: names enough for the most players draw nothing; a lobby does not say "the
    rest drawn" then, and says that only as many as needed are used."""
    regions = [r.name for r in REGIONS[:6]]
    guilds = [g.name for g in GUILDS]
    assert TEXTS.options_text({"regions": regions, "guilds": guilds}, str) == (
        f"the map's regions: {join(regions)} first, as many as it needs (one more than the "
        f"players); guild boards: {join(guilds)}, one a seat in seat order"
    )


async def test_a_guilds_option_with_no_name_in_it_is_refused_saying_so(simcord_env: Any) -> None:
    """Only commas and spaces: refused privately as naming nothing (it said "nothing is not
    one of them"), with what to type; no lobby is opened."""
    game = Atrades(simcord_env, 2)
    created = await game.host.slash(game.channel, f"match create {GAME}", guilds=" , ,")
    assert private(created)
    assert created.response.content == (
        "`guilds`: no name was given, only commas or spaces. Type the names apart by commas, "
        "such as `Silt Runners, Glass Road Syndicate`, from: Silt Runners, Glass Road "
        "Syndicate, Ember Exchange, Hollow Moon Trust, Veil Cartel; or leave `guilds` out to "
        "have them drawn at random."
    )
    assert await game.bot.storage.open_match_in(game.channel.id) is None


def test_a_company_that_cannot_expand_is_said_with_why() -> None:
    """AT-D19, AT-D26: the market's message names a company that sold a good for every tile
    but cannot expand, and why; a company named under "Expanding:" that can no longer expand
    (another took the last tile of its type, or its guild left) is told so in words (it
    dropped from the line without a word)."""
    state = market_table()
    said: list[str] = []
    for actor, move in [
        ("p2", {"type": "pass"}),
        ("p0", {"type": "expand", "hex": "G2"}),
        (HOST, {"type": "kick", "player": "p2"}),
    ]:
        for event in ENGINE.apply(state, actor, ENGINE.parse_move(move)):
            text = TEXTS.describe(event.to_json(), str)
            if text and "xpand" in text and not text.startswith("**p"):
                said.append(text)
    assert said == [
        "**Round 1's market:** Rations 2: 1 good at $2 (+$2); Rations 3: 1 good at $2 (+$2); "
        "Rations 4: 1 good at $2 (+$2); Wiring 13: 1 good at $4 (+$4). Expanding: Rations 2, "
        "Rations 4 and Wiring 13. Rations 3 cannot expand: no free land is next to it.",
        "**Rations 2** expands onto G2.",
        "Rations 4 can no longer expand: no Rations tile is left in the supply.",
        "Wiring 13 can no longer expand: its guild has left the game.",
    ]


async def post_stale(game: Atrades, custom_id: str) -> Any:
    """A copy of a board's button as a player's client still shows it after the board was
    edited (the second click of a double click comes from it): in the channel, with that
    custom id."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Do not expand", custom_id=custom_id))
    await game.bot.get_channel(game.channel.id).send("The board as it was", view=view)
    view.stop()
    return game.channel.history()[-1]


async def test_a_double_click_on_decline_declines_one_expansion(simcord_env: Any) -> None:
    """Issue 42: a guild owes two expansion decisions in a row; the board, edited, shows the
    same **Do not expand** for the second. The second click of a double click, sent from the
    board as it was, is refused in words and declines nothing more (it declined both)."""
    game = Atrades(simcord_env, 3)
    await game.start()
    rnd = random.Random(1)
    people = {player_id(m.id) for m in game.players}
    for _ in range(400):
        state = await game.state()
        owners = [state.company(c).owner for c in state.expansions]
        if state.flow.step == "expansions" and owners[:2] == owners[:1] * 2 and len(owners) > 1:
            owner = state.guilds[owners[0]].player
            if owner in people:
                break
        await game.move(rnd)
    else:
        raise AssertionError("no guild owed two expansions in a row")
    owed = list(state.expansions)  # the state is the bot's own, which the moves change
    first, second = (company_name(state.company(c)) for c in owed[:2])
    member = game.member(owner)
    board = game.board()
    decline = next(
        str(c["custom_id"])
        for c in components_of(board)
        if unstamped(str(c.get("custom_id", ""))) == f"dealer:act:{game.match_id}:decline"
    )
    moves = len(await game.bot.storage.moves(game.match_id))
    done = await member.click(board, custom_id=decline)
    assert private(done), done.response.content
    assert len(await game.bot.storage.moves(game.match_id)) == moves + 1
    after = await game.dump()
    again = await member.click(await post_stale(game, decline), custom_id=decline)
    assert private(again) and again.response.content == (
        f"That button was for an earlier decision: {member.name} to expand {first} (you have "
        "made it since). The board shows the current one."
    ), again.response.content
    assert len(await game.bot.storage.moves(game.match_id)) == moves + 1
    assert await game.dump() == after
    assert (await game.state()).expansions == owed[1:], f"{second} is still owed"
