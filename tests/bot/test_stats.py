"""Stats through Discord (SimCord): the results a finished match leaves (Auction Auction,
Project Mars, High Bid), `/stats`, `/leaderboard` and `/match list`; and the migration that
ranks the matches that ended before results were kept."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import discord
import psycopg
import pytest

from bot.flows import lobby
from bot.games.registry import PLUGINS
from bot.players import COMPUTER, COMPUTER_NAME, COMPUTER_USER, player_id
from bot.rating import Skill, replayed, shown
from bot.stats import (
    COUNTED,
    LEADERBOARD_RULE,
    RATING_ORDER,
    WINS_ORDER,
    leaderboard_text,
    placed,
    rank_stored,
)
from bot.storage import Standing, Storage
from bot.storage.migrations import MIGRATIONS, Migration
from games.auction_auction import ENGINE as AUCTION_AUCTION
from games.core.drawing.words import ordinal, plural
from games.core.engine import Engine
from games.core.errors import RuleError
from games.core.match import Match
from games.project_mars import ENGINE as PROJECT_MARS
from games.registry import ENGINES
from tests.bot.conftest import Table, make_bot
from tests.drivers.common import results
from tests.drivers.mars_auction import Auction
from tests.drivers.project_mars import Mars
from tests.toy_game.engine import ENGINE as HIGH_BID
from tests.toy_game.plugin import PLUGIN as HIGH_BID_PLUGIN


@pytest.fixture
def high_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    """High Bid registered the way the registries list every game (tests/toy_game); asked
    for before the bot, which makes each game's `/match create` command when it starts."""
    monkeypatch.setitem(ENGINES, HIGH_BID.game, HIGH_BID)
    monkeypatch.setitem(PLUGINS, HIGH_BID_PLUGIN.game, HIGH_BID_PLUGIN)


@pytest.fixture
def dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Matches dealt from a known seed: each test's match goes the same way every run."""
    monkeypatch.setattr(lobby, "new_seed", lambda: 11)


def pings(env: Any, message: Any) -> list[int]:
    """The members a message notified (SimCord applies the allowed mentions)."""
    stored = env.backend.messages[message.channel_id][message.id]
    return list(stored.ping_user_ids)


def expected(engine: Engine[Any, Any], state: Any, user_ids: list[int]) -> dict[int, Any]:
    """What the engine's placings give each member (practice: against the computer)."""
    placings = engine.placings(state)
    assert placings is not None
    practice = COMPUTER_USER in user_ids
    return {
        u: (placings.places.get(player_id(u)), player_id(u) in placings.winners, practice)
        for u in user_ids
        if u != COMPUTER_USER
    }


async def test_an_auction_auction_match_counts_for_its_players_and_a_cancelled_one_does_not(
    simcord_env: Any, dealt: None
) -> None:
    t = Table(simcord_env, 4)
    await t.start(rounds=1)
    rnd = random.Random(3)
    while (await t.state()).phase != "ended":
        await t.play_random_phase(rnd, by_button=False)
        await t.close_phase()
    ids = [p.id for p in t.players]
    stored = await results(t.bot.storage, t.match_id)
    assert stored == expected(AUCTION_AUCTION, await t.state(), ids)
    winners = [u for u, (_, won, _) in stored.items() if won]
    assert winners, "an Auction Auction match has a first place"
    ended = t.match_id

    lobby = await t.open()
    await t.host.click(lobby, label="Start")
    confirm = await t.host.slash(t.channel, "match cancel")
    await t.host.click(confirm.response, label="Yes, cancel the match")
    assert await results(t.bot.storage, t.match_id) == {}, "a cancelled match counts for nobody"

    winner = next(p for p in t.players if p.id == winners[0])
    r = await winner.slash(t.channel, "stats")
    assert r.ephemeral, "stats are private unless asked otherwise"
    [past] = await t.bot.storage.past_matches(t.guild.id, winner.id, None, [t.channel.id], 5)
    assert past.match_id == ended
    skills = replayed([[(u, place) for u, (place, _, _) in stored.items()]])
    assert r.response.content == (
        f"📊 **Stats of <@{winner.id}>** in this server\n"
        f"**Auction Auction**: 1 match, 1 won (100%) · rating {shown(skills[winner.id]):,}\n"
        "**Last matches**\n"
        f"• <t:{int(past.ended_at)}:d> · Auction Auction in <#{t.channel.id}>: 🏆 won"
    )
    loser = next(p for p in t.players if p.id not in winners)
    r = await winner.slash(t.channel, "stats", member=loser, game="Auction Auction")
    place = stored[loser.id][0]
    assert place is not None and place > 1
    assert (
        f"**Auction Auction**: 1 match, 0 won (0%) · rating {shown(skills[loser.id]):,}"
    ) in r.response.content
    assert r.response.content.endswith(f"Auction Auction in <#{t.channel.id}>: {ordinal(place)}")


@pytest.mark.slow
async def test_project_mars_counts_a_challenge_and_shows_practice_apart(
    simcord_env: Any, dealt: None
) -> None:
    t = Mars(simcord_env)
    await t.start()
    await t.play_out(random.Random(6))
    challenge = t.match_id
    stored = await results(t.bot.storage, challenge)
    assert stored == expected(PROJECT_MARS, await t.state(), [t.ann.id, t.bob.id])
    [said] = ratings_said(t.channel)
    skills = replayed([[(u, place) for u, (place, _, _) in stored.items()]])
    first, second = sorted(stored, key=lambda u: (stored[u][0] or 3, u))
    names = {t.ann.id: "ann", t.bob.id: "bob"}
    assert said == (
        f"📈 Ratings: {names[first]} {shown(skills[first]):,} "
        f"({shown(skills[first]) - 1000:+d}), {names[second]} {shown(skills[second]):,} "
        f"(−{1000 - shown(skills[second])})."
    ), "under the end on the live board's game too"

    await t.practice()
    kicked = await t.ann.slash(t.channel, "match kick", member=t.ann)
    assert kicked.response.content.startswith("You removed ann"), "the computer wins (PM-D17)"
    assert await results(t.bot.storage, t.match_id) == {t.ann.id: (2, False, True)}

    r = await t.ann.slash(t.channel, "stats", game="project-mars")
    won = stored[t.ann.id][1]
    assert (
        f"**Project Mars**: 1 match, {int(won)} won ({100 if won else 0}%) · "
        "practice against Dealer: 1 match, 0 won · rating "
    ) in r.response.content
    lines = r.response.content.splitlines()
    assert lines[-2].endswith(f"Project Mars (practice) in <#{t.channel.id}>: 2nd")
    challenge_line = "🏆 won" if won else ("a draw" if stored[t.ann.id][0] == 1 else "2nd")
    assert lines[-1].endswith(f"Project Mars in <#{t.channel.id}>: {challenge_line}")

    board = await t.bob.slash(t.channel, "leaderboard", game="Project Mars")
    assert COMPUTER_NAME not in board.response.content and "<@0>" not in board.response.content
    assert "1 match" in board.response.content, "the practice match is left out"


async def test_a_member_with_no_match_gets_a_friendly_sentence(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    mine = await ann.slash(channel, "stats")
    assert mine.ephemeral
    assert mine.response.content == (
        "You have not finished a match in this server yet. `/match list` shows the open "
        "matches to join, and `/match create` opens one."
    )
    theirs = await ann.slash(channel, "stats", member=bob, game="project-mars")
    assert theirs.response.content == (
        f"<@{bob.id}> has not finished a Project Mars match in this server yet."
    )
    board = await ann.slash(channel, "leaderboard")
    assert board.response.content.startswith("Nobody has finished a match in this server yet")
    wrong = await ann.slash(channel, "stats", game="chess")
    assert wrong.ephemeral and "Unknown game 'chess'" in wrong.response.content
    games = await ann.autocomplete(channel, "stats", "game", "auction a")
    assert [c["value"] for c in games] == ["auction-auction"]
    robot = guild.add_member(simcord_env.create_user("robot", bot=True))
    bot = await ann.slash(channel, "stats", member=robot)
    assert bot.ephemeral and "Bots keep no stats" in bot.response.content


async def test_a_marsbot_draft_is_counted_apart_as_a_draft_played(simcord_env: Any) -> None:
    """MB-D10: a solo draft decides no game: `/stats` counts it as a draft played, never a
    match won, lost or drawn, and the leaderboard leaves it out."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("mars")
    ann = guild.add_member(simcord_env.create_user("ann"))
    created = await ann.slash(channel, "match create marsbot-draft", corporation="Thorgate")
    assert not created.ephemeral, created.response.content
    for _ in range(6):
        closed = await ann.slash(channel, "match close-phase")
        if "The match is over." in closed.response.content:
            break
    row = await simcord_env.bot.storage.open_match_in(channel.id)
    assert row is None, "the draft is over"
    mine = await ann.slash(channel, "stats")
    text = mine.response.content
    assert "**MARSBOT draft**: 1 draft played" in text, text
    assert "won" not in text and "a draw" not in text and "%" not in text, text
    assert ": draft played" in text, text
    board = await ann.slash(channel, "leaderboard")
    assert board.response.content.startswith("Nobody has finished a match in this server yet")
    drafts = await ann.slash(channel, "leaderboard", game="marsbot-draft")
    assert drafts.ephemeral and drafts.response.content == (
        "A MARSBOT draft decides no winner: `/stats` counts each draft played, and there is "
        "no leaderboard."
    )


async def duel(channel: Any, members: list[Any], winner: Any, computers: int = 0) -> None:
    """A High Bid match of `members` (the first opens it) and `computers` computer seats
    (`/match add-bot`): `winner` bids 10, the other members 3 each, so that without computer
    seats `winner` wins with the highest bid and the others share second place."""
    first = members[0]
    lobby = (await first.slash(channel, "match create high-bid")).response
    for member in members:
        await member.click(lobby, label="Join")
    if computers:
        seated = await first.slash(channel, "match add-bot", count=computers)
        assert seated.ephemeral and "Dealer plays" in seated.response.content
    await first.click(lobby, label="Start")
    for member in members:
        amount = 10 if member is winner else 3
        r = await member.slash(channel, "bid", target="bid", amount=amount)
        assert r.ephemeral and "recorded" in r.response.content, r.response.content
    closed = await first.slash(channel, "match close-phase")
    assert closed.response.content.startswith("You closed")


async def last_match(env: Any, channel: Any) -> Any:
    """The channel's last match, over."""
    row = await env.bot.storage.last_match_in(channel.id)
    assert row is not None and row.status == "ended"
    return row


async def test_a_match_of_three_members_and_two_computer_seats_counts_for_the_members(
    high_bid: None, simcord_env: Any, dealt: None
) -> None:
    """#41: a match of two members or more counts for each of them (not practice), however
    many computer seats filled the table; one member against computer seats stays practice.
    A computer seat counts for nothing."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob, cy = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cy"))
    await duel(channel, [ann, bob, cy], ann, computers=2)
    row = await last_match(simcord_env, channel)
    state = await simcord_env.bot.service.state(row)
    ids = [ann.id, bob.id, cy.id]
    seated = [p.user_id for p in await simcord_env.bot.storage.players(row.id)]
    assert seated == [*ids, -1, -2]
    placings = expected(HIGH_BID, state, ids)
    counted = {u: (place, won, False) for u, (place, won, _) in placings.items()}
    assert await results(simcord_env.bot.storage, row.id) == counted
    mine = (await ann.slash(channel, "stats")).response.content
    assert "practice" not in mine and "**High Bid**: 1 match, " in mine, mine
    board = (await bob.slash(channel, "leaderboard")).response.content
    for user_id in ids:
        assert f"<@{user_id}> — {plural(int(counted[user_id][1]), 'win')} in 1 match" in board
    assert "<@-" not in board and "Dealer (computer" not in board

    await duel(channel, [cy], cy, computers=1)
    alone = await last_match(simcord_env, channel)
    stored = await results(simcord_env.bot.storage, alone.id)
    assert [(u, practice) for u, (_, _, practice) in stored.items()] == [(cy.id, True)]
    theirs = (await cy.slash(channel, "stats")).response.content
    assert "· practice against Dealer: 1 match, " in theirs, theirs
    board = (await cy.slash(channel, "leaderboard")).response.content
    once = f"<@{cy.id}> — {plural(int(counted[cy.id][1]), 'win')} in 1 match"
    assert once in board, "the practice match is left out"


async def test_the_leaderboard_orders_by_wins_then_win_rate_then_fewer_matches(
    high_bid: None, simcord_env: Any
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    a, b, c, d, e, f = (guild.add_member(simcord_env.create_user(n)) for n in "abcdef")
    for members, winner in [
        ([a, e], a),
        ([a, e], a),
        ([b, e], b),
        ([b, e], b),
        ([c, b], c),
        ([d, f], d),
    ]:
        await duel(channel, members, winner)
    board = await e.slash(channel, "leaderboard", public=True)
    assert not board.ephemeral
    assert board.response.content.splitlines()[:7] == [
        "🏆 **Leaderboard — all games** in this server",
        f"1. <@{a.id}> — 2 wins in 2 matches (100%)",
        f"2. <@{b.id}> — 2 wins in 3 matches (67%)",
        f"3. <@{c.id}> — 1 win in 1 match (100%)",
        f"3. <@{d.id}> — 1 win in 1 match (100%)",
        f"5. <@{f.id}> — 0 wins in 1 match (0%)",
        f"6. <@{e.id}> — 0 wins in 4 matches (0%)",
    ]
    assert f"-# The order: {WINS_ORDER}; ratings are per game" in board.response.content
    assert pings(simcord_env, board.response) == [], "names are mentions that ping nobody"

    answer = await b.slash(channel, "stats", public=True)
    assert not answer.ephemeral and f"**Stats of <@{b.id}>**" in answer.response.content
    assert "**High Bid**: 3 matches, 2 won (67%) · rating " in answer.response.content
    assert pings(simcord_env, answer.response) == []

    standings = await simcord_env.bot.storage.standings(guild.id, None, [channel.id])
    short = leaderboard_text(standings, "top", viewer=e.id, size=2)
    assert short.splitlines()[-2:] == ["…", f"6. <@{e.id}> — 0 wins in 4 matches (0%)"]

    other = simcord_env.create_guild()
    elsewhere = await other.add_member(a.user).slash(other.create_text_channel("x"), "stats")
    assert elsewhere.response.content.startswith("You have not finished a match in this server")


def ratings_said(channel: Any) -> list[str]:
    """The rating lines under the ends of the channel's matches."""
    return [
        line
        for message in channel.history()
        for line in message.content.splitlines()
        if line.startswith("📈 Ratings")
    ]


async def test_a_games_leaderboard_ranks_by_its_rating(high_bid: None, simcord_env: Any) -> None:
    """#41: each game has a Weng-Lin rating per server (openskill's Plackett-Luce), moved by
    every match of two to twelve members, a shared place a tie: a game's leaderboard ranks
    by it (equal ratings share a place), `/stats` shows it, and the end of each match shows
    each member's new rating and its change. The figures are openskill's: 1000 + 40 x
    (mu - 3 sigma)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    a, b, c, d, e, f = (guild.add_member(simcord_env.create_user(n)) for n in "abcdef")
    await duel(channel, [a, e], a)
    assert ratings_said(channel) == ["📈 Ratings: a 1,138 (+138), e 927 (−73)."]
    await duel(channel, [a, e], a)
    await duel(channel, [b, a], b)
    await duel(channel, [c, d, f], c)
    assert ratings_said(channel)[-1] == "📈 Ratings: c 1,130 (+130), d 976 (−24), f 976 (−24)."
    assert len(ratings_said(channel)) == 4, "one line per match"
    board = await e.slash(channel, "leaderboard", game="high-bid")
    lines = board.response.content.splitlines()
    assert lines[:7] == [
        "🏆 **Leaderboard — High Bid** in this server",
        f"1. <@{a.id}> — rating 1,161 · 2 wins in 3 matches (67%)",
        f"1. <@{b.id}> — rating 1,161 · 1 win in 1 match (100%)",
        f"3. <@{c.id}> — rating 1,130 · 1 win in 1 match (100%)",
        f"4. <@{d.id}> — rating 976 · 0 wins in 1 match (0%)",
        f"4. <@{f.id}> — rating 976 · 0 wins in 1 match (0%)",
        f"6. <@{e.id}> — rating 875 · 0 wins in 2 matches (0%)",
    ]
    assert lines[7] == f"-# The order: {RATING_ORDER}. {COUNTED}"
    own = await b.slash(channel, "stats")
    assert "**High Bid**: 1 match, 1 won (100%) · rating 1,161" in own.response.content
    stored = await simcord_env.bot.storage.skills(guild.id, "high-bid")
    assert {u: shown(s) for u, s in stored.items()} == {
        a.id: 1161,
        b.id: 1161,
        c.id: 1130,
        d.id: 976,
        e.id: 875,
        f.id: 976,
    }


def test_members_without_a_rating_follow_the_rated_in_the_order_of_wins() -> None:
    """A member whose matches of the game could not be rated (they ended before ratings, of
    a state this Dealer could not rank) is listed after the rated ones, by wins."""
    standings = [Standing(1, 3, 3), Standing(2, 2, 1), Standing(3, 1, 0), Standing(4, 4, 0)]
    skills = {3: Skill(30.0, 2.0), 4: Skill(20.0, 2.0)}
    ranked = [(place, s.user_id) for place, s in placed(standings, skills)]
    assert ranked == [(1, 3), (2, 4), (3, 1), (4, 2)]
    assert [(p, s.user_id) for p, s in placed(standings)] == [(1, 1), (2, 2), (3, 3), (4, 4)]


async def test_a_match_moves_ratings_once_across_a_restart_and_a_redelivery(
    high_bid: None, simcord_env: Any, db_path: Path | str
) -> None:
    """A match's end and its rating change commit together, once: a restart that delivers
    the end again (as after a crash before it was posted) says the same ratings, moved once."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    await duel(channel, [ann, bob], ann)
    said = ratings_said(channel)
    assert said == ["📈 Ratings: ann 1,138 (+138), bob 927 (−73)."]
    storage = simcord_env.bot.storage
    row = await last_match(simcord_env, channel)
    before = await storage.skills(guild.id, "high-bid")
    await storage._execute(
        "UPDATE log SET delivered = 0 WHERE match_id = ? AND seq = ?",
        (row.id, await storage.last_seq(row.id)),
    )
    await simcord_env.restart_bot(make_bot(db_path))
    assert ratings_said(channel) == said * 2, "delivered again, with the same figures"
    assert await simcord_env.bot.storage.skills(guild.id, "high-bid") == before
    board = await bob.slash(channel, "leaderboard", game="high-bid")
    assert f"1. <@{ann.id}> — rating 1,138 · 1 win in 1 match" in board.response.content


async def test_match_list_shows_the_servers_open_matches_privately(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    lobby_channel = guild.create_text_channel("auction")
    mars_channel = guild.create_text_channel("mars")
    ann, bob, cy = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cy"))
    hidden = guild.create_text_channel(
        "staff",
        overwrites={
            guild.default_role: discord.PermissionOverwrite(view_channel=False),
            ann: discord.PermissionOverwrite(view_channel=True),
            simcord_env.bot.user: discord.PermissionOverwrite(view_channel=True),
        },
    )
    opened = await ann.slash(lobby_channel, "match create auction-auction")
    await bob.click(opened.response, label="Join")
    challenge = await ann.slash(mars_channel, "match create project-mars", opponent=bob)
    mars = await simcord_env.bot.storage.open_match_in(mars_channel.id)
    await bob.click(challenge.response, custom_id=f"dealer:challenge:accept:{mars.id}:{bob.id}")
    await ann.slash(hidden, "match create auction-auction")
    other = simcord_env.create_guild()
    elsewhere = other.create_text_channel("games")
    dee = other.add_member(simcord_env.create_user("dee"))
    await dee.slash(elsewhere, "match create auction-auction")

    listed = await cy.slash(lobby_channel, "match list")
    assert listed.ephemeral
    row = await simcord_env.bot.storage.open_match_in(lobby_channel.id)
    lobby_link = (
        f"https://discord.com/channels/{guild.id}/{lobby_channel.id}/{row.lobby_message_id}"
    )
    mars = await simcord_env.bot.storage.match(mars.id)
    mars_link = f"https://discord.com/channels/{guild.id}/{mars_channel.id}/{mars.lobby_message_id}"
    assert listed.response.content.splitlines() == [
        "**Open matches in this server**",
        f"• **Auction Auction** in <#{lobby_channel.id}> ([lobby message]({lobby_link})): "
        "lobby, not started · 1/12 players",
        f"• **Project Mars** in <#{mars_channel.id}> ([lobby message]({mars_link})): "
        "Choosing decks · 2 players",
    ]
    seen_by_ann = await ann.slash(mars_channel, "match list")
    assert f"<#{hidden.id}>" in seen_by_ann.response.content, "ann may read #staff"

    third = simcord_env.create_guild()
    empty = await third.add_member(cy.user).slash(third.create_text_channel("x"), "match list")
    assert empty.ephemeral and empty.response.content == (
        "No match is open in this server right now. Open one with `/match create`."
    )


# -- the migration ---------------------------------------------------------------------------


def played_out(engine: Engine[Any, Any], players: list[str], seed: int) -> Any:
    """A finished match's state, from random moves (`Engine.random_move`)."""
    match, _ = Match.start(engine, players, {}, seed)
    rnd = random.Random(seed)
    while not match.finished:
        actor, move = engine.random_move(match.state, rnd)
        try:
            match.submit(actor, engine.moves.dump_python(move, mode="json"))
        except RuleError:  # a random move may be refused; the next one plays
            continue
    return match.state


def old_database(path: Path) -> int:
    """A database as the version before results were kept, with four matches: an Auction
    Auction and a Project Mars practice match that ended, one cancelled and one running;
    returns the version."""
    version = next(
        i for i, m in enumerate(MIGRATIONS) if isinstance(m, Migration) and "results" in m.sql
    )
    db = sqlite3.connect(path, isolation_level=None)
    for script in MIGRATIONS[:version]:
        assert isinstance(script, str)
        db.executescript(script)
    db.execute(f"PRAGMA user_version={version}")
    aa = played_out(AUCTION_AUCTION, ["101", "102", "103", "104"], 5)
    pm = played_out(PROJECT_MARS, ["201", COMPUTER], 8)
    matches = [
        (1, "auction-auction", "ended", AUCTION_AUCTION.dump_state_json(aa), [101, 102, 103, 104]),
        (2, "project-mars", "ended", PROJECT_MARS.dump_state_json(pm), [201, COMPUTER_USER]),
        (3, "auction-auction", "cancelled", None, [101, 102, 103, 104]),
        (4, "auction-auction", "running", AUCTION_AUCTION.dump_state_json(aa), [101, 102]),
    ]
    for match_id, game, status, state, seated in matches:
        db.execute(
            "INSERT INTO matches (id, guild_id, channel_id, game, host_id, status, options, "
            "seed, phase_seconds, state, state_seq, created_at) "
            "VALUES (?, 7, ?, ?, 101, ?, '{}', 1, 0, ?, 2, 0)",
            (match_id, 70 + match_id, game, status, state),
        )
        for joined, user_id in enumerate(seated):
            db.execute(
                "INSERT INTO match_players (match_id, user_id, name, joined) VALUES (?, ?, ?, ?)",
                (match_id, user_id, f"user{user_id}", joined),
            )
        for seq, at in ((0, 1000.0 * match_id), (1, 1000.0 * match_id + 60)):
            db.execute(
                "INSERT INTO log (match_id, seq, events, at) VALUES (?, ?, '[]', ?)",
                (match_id, seq, at),
            )
    db.close()
    return version


async def test_the_migration_ranks_the_matches_that_ended_before_it(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    version = old_database(path)
    aa = AUCTION_AUCTION.load_state_json(
        sqlite3.connect(path).execute("SELECT state FROM matches WHERE id = 1").fetchone()[0]
    )
    storage = await Storage.open(path, rank=rank_stored)
    try:
        assert await results(storage, 1) == expected(AUCTION_AUCTION, aa, [101, 102, 103, 104])
        assert set(await results(storage, 2)) == {201}, "the practice opponent is no member"
        assert await results(storage, 3) == {} and await results(storage, 4) == {}
        channels = await storage.result_channels(7)
        practice = await storage.tallies(7, 201, None, channels)
        assert [(t.game, t.practice, t.played) for t in practice] == [("project-mars", True, 1)]
        [past] = await storage.past_matches(7, 201, None, channels, 5)
        assert (past.match_id, past.channel_id, past.ended_at) == (2, 72, 2060.0)
    finally:
        await storage.close()
    again = await Storage.open(path, rank=rank_stored)
    try:
        count = await again.backend.read("SELECT COUNT(*) FROM results")
        assert count[0][0] == 5, "ranked once: opening again adds nothing"
    finally:
        await again.close()
    assert version + 1 <= len(MIGRATIONS)


async def test_the_migration_without_engines_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    version = old_database(path)
    with pytest.raises(RuntimeError, match="needs their games' engines"):
        await Storage.open(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == version
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "results" not in tables, "the failed migration was rolled back whole"
    db.close()


async def unrated_database(store: Path | str) -> dict[int, Any]:
    """A database (SQLite or PostgreSQL) as the version before ratings, with results filed by
    that version's rule (a computer seat made a match practice): a High Bid match of two
    members and a computer seat, then one of the two members alone, one of a game this
    Dealer does not know, and one member against a computer seat; returns the High Bid
    matches' final states. (The migrations after the ratings', `matches.damaged`, the seats
    handed over, the web pages' columns, `matches.status_drift`, the computer seats' levels,
    `seasons.web_token`, the servers' language, the views kept for delivery and PostgreSQL's
    `dealer_append_move(s)`, are taken back too.)"""
    await (await Storage.open(store)).close()
    version = len(MIGRATIONS) - 10
    postgres = isinstance(store, str)
    db: Any = (
        psycopg.connect(store, autocommit=True)
        if isinstance(store, str)
        else sqlite3.connect(store, isolation_level=None)
    )

    def run(sql: str, parameters: tuple[Any, ...] = ()) -> None:
        db.execute(sql.replace("?", "%s") if postgres else sql, parameters)

    run("DROP TABLE seat_handovers")
    run("ALTER TABLE match_players DROP COLUMN seat")
    run("ALTER TABLE matches DROP COLUMN damaged")
    run("DROP INDEX matches_by_web_token")
    run("ALTER TABLE matches DROP COLUMN web_token")
    run("ALTER TABLE matches DROP COLUMN web")
    run("ALTER TABLE matches DROP COLUMN status_drift")
    run("ALTER TABLE match_players DROP COLUMN level")
    run("DROP INDEX seasons_by_web_token")
    run("ALTER TABLE seasons DROP COLUMN web_token")
    run("ALTER TABLE guild_config DROP COLUMN language")
    if postgres:
        run("DROP FUNCTION dealer_append_moves")
        run("DROP FUNCTION dealer_append_move")
    run("ALTER TABLE log DROP COLUMN view_before")
    run("ALTER TABLE matches DROP COLUMN view")
    run("ALTER TABLE matches DROP COLUMN view_seq")
    run("DROP TABLE ratings")
    for column in ("prior_mu", "prior_sigma", "mu", "sigma"):
        run(f"ALTER TABLE results DROP COLUMN {column}")
    run(
        f"UPDATE dealer_schema SET version = {version}"
        if postgres
        else f"PRAGMA user_version={version}"
    )
    states = {
        1: played_out(HIGH_BID, ["101", "102", "computer-1"], 4),
        2: played_out(HIGH_BID, ["101", "102"], 5),
        4: played_out(HIGH_BID, ["103", "computer-1"], 6),
    }
    matches = [
        (1, "high-bid", [101, 102, -1], True),
        (2, "high-bid", [101, 102], False),
        (3, "chess", [101, 102], False),
        (4, "high-bid", [103, -1], True),
    ]
    for match_id, game, seated, practice in matches:
        state = HIGH_BID.dump_state_json(states[match_id]) if match_id in states else "{}"
        run(
            "INSERT INTO matches (id, guild_id, channel_id, game, host_id, status, options, "
            "seed, phase_seconds, state, state_seq, created_at) "
            "VALUES (?, 7, 70, ?, 101, 'ended', '{}', 1, 0, ?, 2, 0)",
            (match_id, game, state),
        )
        for joined, user_id in enumerate(seated):
            run(
                "INSERT INTO match_players (match_id, user_id, name, joined) VALUES (?, ?, ?, ?)",
                (match_id, user_id, f"user{user_id}", joined),
            )
            if user_id > 0:
                place, won = (
                    expected(HIGH_BID, states[match_id], [user_id])[user_id][:2]
                    if match_id in states
                    else (1, False)
                )
                run(
                    "INSERT INTO results (match_id, user_id, guild_id, channel_id, game, place,"
                    " won, practice, ended_at) VALUES (?, ?, 7, 70, ?, ?, ?, ?, ?)",
                    (match_id, user_id, game, place, int(won), int(practice), 5000.0 - match_id),
                )
    db.close()
    return states


async def test_the_migration_files_matches_of_two_members_as_counted_and_rates_them(
    high_bid: None, store: Path | str
) -> None:
    """#41: the results filed as practice because a computer seat filled the table count
    again once two members or more played; every counted match is rated, in the order the
    matches ended (here 2 before 1); a match that cannot be ranked stays unrated."""
    states = await unrated_database(store)
    storage = await Storage.open(store, rank=rank_stored)
    try:
        first = expected(HIGH_BID, states[1], [101, 102])
        assert await results(storage, 1) == {u: (p, w, False) for u, (p, w, _) in first.items()}
        assert {u: practice for u, (_, _, practice) in (await results(storage, 4)).items()} == {
            103: True
        }, "one member against a computer seat stays practice"
        second = expected(HIGH_BID, states[2], [101, 102])
        order = [[(u, second[u][0]) for u in (101, 102)], [(u, first[u][0]) for u in (101, 102)]]
        assert await storage.skills(7, "high-bid") == replayed(order)
        assert await storage.skills(7, "chess") == {}
        changes = await storage.rating_changes(1)
        assert {c.user_id: c.after for c in changes} == replayed(order)
        assert await storage.rating_changes(3) == [] and await storage.rating_changes(4) == []
    finally:
        await storage.close()


def test_a_match_that_cannot_be_ranked_is_refused_for_the_migration_to_leave_out() -> None:
    """`rank_stored` raises ValueError, which the backfill logs and passes over."""
    with pytest.raises(ValueError, match="Unknown game"):
        rank_stored("chess", "{}", [1, 2])
    running, _ = Match.start(AUCTION_AUCTION, ["1", "2", "3", "4"], {}, 2)
    with pytest.raises(ValueError, match="not of a finished match"):
        rank_stored("auction-auction", AUCTION_AUCTION.dump_state_json(running.state), [1, 2])


async def test_help_lists_the_stats_commands_the_match_list_and_the_rematch(
    simcord_env: Any,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    r = await ann.slash(channel, "help")
    shown = "\n".join([r.response.content, *(f.content for f in r.followups)])
    for words in ("`/stats [member] [game]`", "`/leaderboard [game]`", "`/match list`"):
        assert words in shown
    assert "**Rematch**" in shown and LEADERBOARD_RULE in shown


async def test_stats_and_the_leaderboard_count_only_matches_the_asker_may_read(
    high_bid: None, simcord_env: Any
) -> None:
    """A member who cannot read a private match channel learns nothing of its matches from
    `/stats` or `/leaderboard`; a public answer counts only matches everyone may read (#25)."""
    guild = simcord_env.create_guild()
    games = guild.create_text_channel("games")
    ann, bob, cy = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cy"))
    staff = guild.create_text_channel(
        "staff",
        overwrites={
            guild.default_role: discord.PermissionOverwrite(view_channel=False),
            ann: discord.PermissionOverwrite(view_channel=True),
            bob: discord.PermissionOverwrite(view_channel=True),
            simcord_env.bot.user: discord.PermissionOverwrite(view_channel=True),
        },
    )
    await duel(staff, [ann, bob], ann)
    await duel(staff, [ann, bob], ann)
    await duel(games, [bob, ann], bob)

    # Ratings too count only what the asker may read: rated again from those matches alone
    # (ann 927 and bob 1,138 after the match in #games; 1,140 and 1,033 after all three).
    seen = await cy.slash(games, "stats", member=ann)
    text = seen.response.content
    assert "**High Bid**: 1 match, 0 won (0%) · rating 927\n" in text, text
    assert f"<#{staff.id}>" not in seen.response.content
    board = await cy.slash(games, "leaderboard")
    assert board.response.content.splitlines()[1:3] == [
        f"1. <@{bob.id}> — 1 win in 1 match (100%)",
        f"2. <@{ann.id}> — 0 wins in 1 match (0%)",
    ]
    rated = await cy.slash(games, "leaderboard", game="high-bid")
    assert rated.response.content.splitlines()[1:3] == [
        f"1. <@{bob.id}> — rating 1,138 · 1 win in 1 match (100%)",
        f"2. <@{ann.id}> — rating 927 · 0 wins in 1 match (0%)",
    ]
    own = await ann.slash(games, "stats")
    assert "**High Bid**: 3 matches, 2 won (67%) · rating 1,140\n" in own.response.content
    assert f"<#{staff.id}>" in own.response.content
    public = await ann.slash(games, "stats", public=True)
    assert "**High Bid**: 1 match, 0 won (0%) · rating 927\n" in public.response.content
    there = await ann.slash(staff, "leaderboard", game="high-bid", public=True)
    assert f"1. <@{ann.id}> — rating 1,140 · 2 wins in 3 matches (67%)" in there.response.content


async def test_a_match_in_a_channel_the_bot_cannot_find_counts_for_nobody(
    high_bid: None, simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    games, annex = guild.create_text_channel("games"), guild.create_text_channel("annex")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    await duel(games, [ann, bob], ann)
    await duel(annex, [ann, bob], ann)
    found = discord.Guild.get_channel_or_thread

    def gone(self: discord.Guild, channel_id: int) -> Any:
        return None if channel_id == annex.id else found(self, channel_id)

    monkeypatch.setattr(discord.Guild, "get_channel_or_thread", gone)
    own = await ann.slash(games, "stats")
    assert "**High Bid**: 1 match, 1 won (100%)" in own.response.content, own.response.content
    board = await bob.slash(games, "leaderboard")
    assert f"1. <@{ann.id}> — 1 win in 1 match (100%)" in board.response.content


async def test_a_mars_auction_is_counted_apart_as_an_auction_played(simcord_env: Any) -> None:
    """MA-D10: the auction decides no game (Terraforming Mars is won at the table): `/stats`
    counts it as an auction played, never a draw, and the leaderboard leaves it out, so it
    lowers nobody's share of wins."""
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(start="research", first_player=ann)
    await table.end()
    text = (await ann.slash(table.channel, "stats")).response.content
    assert "**Mars Auction**: 1 auction played" in text, text
    assert "won" not in text and "a draw" not in text and "%" not in text, text
    board = await bob.slash(table.channel, "leaderboard")
    assert board.response.content.startswith("Nobody has finished a match in this server yet")
    auctions = await ann.slash(table.channel, "leaderboard", game="mars-auction")
    assert auctions.ephemeral and auctions.response.content == (
        "A Mars Auction decides no winner: `/stats` counts each auction played, and there is "
        "no leaderboard."
    )
    none_yet = await bob.slash(table.channel, "stats", game="auction-auction")
    assert none_yet.response.content.startswith(
        "You have not finished an Auction Auction match in this server yet."
    )
