"""A quieter channel (issue 41, items 2-5): a whole Atrades game of three people and two
computer seats leaves at most 40 messages in its channel (it posted 75) and nobody gets the
same DM twice, yet every person is called, once, to each turn of theirs on the board (also
a lone person against computer seats); one reminder per deadline; each sealed round once in
the spectators' channel; each round's end told in the channel. Through Discord (SimCord)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from simcord.http.client import FakeHTTPClient

from bot.limits import MESSAGE
from bot.players import player_id
from games.atrades import ENGINE
from tests.bot.conftest import Posted, calls, make_bot
from tests.drivers.atrades import Atrades, seed  # noqa: F401 (a fixture, by name)

MINUTE = 60
REMINDER = "⏰ Reminder"
#: The companies a round's market lists as expanding, and a company's name.
EXPANDING = re.compile(r"Expanding: ([^.]*)\.")
COMPANY = re.compile(r"[A-Z][a-z]+ \d+")


@dataclass
class Written:
    """The bot's posts without a file (not a board), in posting order, as it wrote them (in
    the pseudo-locale its words wrapped and lengthened): each one's channel and text when
    posted, and its text after its latest edit."""

    posts: list[tuple[int, int]] = field(default_factory=list)
    first: dict[int, str] = field(default_factory=dict)
    latest: dict[int, str] = field(default_factory=dict)

    def overflowed(self, channel_id: int, message_id: int) -> bool:
        """Whether the post `message_id` calls nobody and began where the post before it in
        its channel had no room for its texts: together they run past a message's length
        (in a language longer than English, a stretch of moves may fill a post)."""
        if (channel_id, message_id) not in self.posts or "<@" in self.first[message_id]:
            return False
        before = self.posts[: self.posts.index((channel_id, message_id))]
        newest = [m for c, m in before if c == channel_id]
        return bool(newest) and (
            len(self.latest[newest[-1]]) + 1 + len(self.first[message_id]) > MESSAGE
        )


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> Iterator[Written]:
    """Every post without a file the bot makes from now on, as it wrote it (`Written`)."""
    made = Written()
    original = FakeHTTPClient.request

    async def recorded(self: FakeHTTPClient, route: Any, **kwargs: Any) -> Any:
        answer = await original(self, route, **kwargs)
        text = (kwargs.get("json") or {}).get("content")
        if route.path.startswith("/channels/{channel_id}/messages") and text is not None:
            if route.method == "POST" and not kwargs.get("files"):
                made.posts.append((int(answer["channel_id"]), int(answer["id"])))
                made.first[int(answer["id"])] = text
            if route.method in ("POST", "PATCH"):
                made.latest[int(answer["id"])] = text
        return answer

    monkeypatch.setattr(FakeHTTPClient, "request", recorded)
    yield made


def dms(member: Any) -> list[str]:
    return [str(m.content) for m in member.user.dm_channel.history()]


def people_waited_for(game: Atrades, state: Any, people: set[str]) -> list[str]:
    return [p for p in ENGINE.turn(state).must if p in people]


async def board_turn(game: Atrades, state: Any, people: set[str]) -> tuple[str, int] | None:
    """The turn on the board a person is to be called to (a mention: the match's default):
    one player may act, a person none of whose actions is sealed (those are played in
    private, from the 1-on-1 by DM), and another's move opened it (the reply to a move of
    their own tells them); with the number of moves made, which tells one turn from the
    next. None when the state waits for no such turn."""
    may = ENGINE.turn(state).may
    if len(may) != 1 or may[0] not in people:
        return None
    [person] = may
    if any(action.sealed for action in ENGINE.legal_actions(state, person)):
        return None
    moves = await game.bot.storage.moves(game.match_id)
    return (person, len(moves)) if moves and moves[-1][1] != person else None


def told_by_pings(posted: dict[int, Posted]) -> Counter[str]:
    """How many times each member was pinged, by player id; each message that pings calls
    those it pings to act, and nobody else."""
    told: Counter[str] = Counter()
    for message in posted.values():
        assert sorted(message.pinged) == sorted(calls(message.text)), message.text
        told.update(player_id(uid) for uid in message.pinged)
    return told


async def test_a_four_round_game_with_two_computer_seats_leaves_at_most_40_messages(
    simcord_env: Any, pings: dict[int, Posted], written: Written
) -> None:
    """Three people and two computer seats play Atrades to its end (4 rounds, cleo removed
    in round 4), half of every fourth person's decision left to run out: a reader of the
    channel sees at most 40 messages at the end, the board among them (75 posts before: a
    post per computer move; 56 with 13 boards left behind as they moved down; 41 with a
    notice of its own for every call to act, the board's included), not counting a post
    begun only because the newest post was full (none in English; a language longer than
    English fills posts sooner: `Written.overflowed`), no person the same DM
    twice (two identical reminders per deadline before), every person pinged once for each
    turn of theirs on the board, some by the board itself as it came down, and the
    spectators' channel each sealed round once, as it is revealed (8 growing posts before:
    every round so far)."""
    game = Atrades(simcord_env, 3)
    watchers = game.guild.create_text_channel("watchers")
    await game.start(computers=2, turn_minutes=30, bids_minutes=30, spectators=watchers)
    rnd = random.Random(3)
    people = {player_id(m.id) for m in game.players}
    decisions = 0
    opened: set[tuple[str, int]] = set()
    for _ in range(600):
        state = await game.state()
        if state.ended:
            break
        if (turn := await board_turn(game, state, people)) is not None:
            opened.add(turn)
        if state.round == 4 and player_id(game.players[2].id) in people:
            await game.host.slash(game.channel, "match kick", member=game.players[2])
            people.discard(player_id(game.players[2].id))
            continue
        if not people_waited_for(game, state, people):
            await simcord_env.advance_time(5)
            continue
        decisions += 1
        if decisions % 4 == 0:
            await simcord_env.advance_time(25 * MINUTE)
            if not people_waited_for(game, await game.state(), people):
                continue
        await game.move(rnd)
    state = await game.state()
    assert state.ended and state.round == 4
    for member in game.players:
        told = Counter(dms(member))
        assert [text[:80] for text, n in told.items() if n > 1] == [], member.name
        assert any(REMINDER in text for text in told), "some reminders were sent"
    closed = (await game.bot.service.host_picture(await game.bot.service.row(game.match_id)))[
        "closed"
    ]
    shown = [str(m.content) for m in watchers.history()]
    assert len(shown) == len(closed) >= 4, shown
    assert len(set(shown)) == len(shown)
    assert sum("round 1's turn-order bids" in text for text in shown) == 1
    said = [str(m.content) for m in game.channel.history()]
    # A computer seat's move starts a post only where the newest post is full.
    alone = [
        str(m.content)
        for m in game.channel.history()
        if str(m.content).startswith(("💰 Dealer bot", "**Dealer bot"))
        and "<@" not in str(m.content)
        and not written.overflowed(game.channel.id, m.id)
    ]
    assert alone == [], "a computer seat's move is added to the newest post, not posted alone"
    channel = "\n".join(said)
    for number in (1, 2, 3, 4):
        assert channel.count(f"**Round {number} is over.**") == 1, number
    expanding = {c for found in EXPANDING.findall(channel) for c in COMPANY.findall(found)}
    expansions = set(
        re.findall(r"(\w+ \d+)\*\* expands onto|(\w+ \d+) (?:does not|can no)", channel)
    )
    assert expanding and expanding <= {c for pair in expansions for c in pair if c}, (
        "each one listed is told"
    )
    seen = [m for m in game.channel.history() if not m.flags.ephemeral]
    [board] = [m for m in seen if m.id == await game.bot.storage.status_message(game.match_id)]
    assert board.attachments, "the board, drawn, is still in the channel"
    assert not any("moved down" in str(m.content) for m in seen), "no board left behind"
    overflowed = [m for m in seen if written.overflowed(game.channel.id, m.id)]
    assert len(seen) - len(overflowed) <= 40, [str(m.content)[:60] for m in seen]
    told = told_by_pings(pings)
    assert told == Counter(person for person, _ in opened), "each turn told once"
    assert len(opened) >= 20, "the people had turns on the board"
    assert any(m.picture and m.pinged for m in pings.values()), "a board came down calling"


async def test_a_lone_person_against_computer_seats_is_called_to_each_turn(
    simcord_env: Any, pings: dict[int, Posted]
) -> None:
    """One person and two computer seats play Atrades to its end: after the computer seats'
    moves every turn is the person's again, and each is told by a ping (skipping a mention
    when the same person was just mentioned left them uncalled), by a notice or by the
    board as it comes down."""
    game = Atrades(simcord_env, 1)
    await game.start(computers=2)
    [ann] = game.players
    people = {player_id(ann.id)}
    rnd = random.Random(5)
    opened: set[tuple[str, int]] = set()
    for _ in range(300):
        state = await game.state()
        if state.ended:
            break
        if (turn := await board_turn(game, state, people)) is not None:
            opened.add(turn)
        if people_waited_for(game, state, people):
            await game.move(rnd)
        else:
            await simcord_env.advance_time(5)
    assert state.ended and len(opened) >= 10, opened
    assert told_by_pings(pings) == Counter({player_id(ann.id): len(opened)})
    by_board = [m for m in pings.values() if m.pinged and m.picture]
    assert by_board and len(by_board) < len(opened), "by notices and by the board"


async def test_one_reminder_per_deadline(simcord_env: Any) -> None:
    """A 30-minute bid phase and a 30-minute turn: each person who has not acted gets one
    reminder, at half time (two identical ones before: at half time and 10 minutes before
    the end)."""
    game = Atrades(simcord_env, 3)
    await game.start(turn_minutes=30, bids_minutes=30)
    await simcord_env.advance_time(25 * MINUTE)
    for member in game.players:
        assert sum(REMINDER in text for text in dms(member)) == 1, member.name
    rnd = random.Random(3)
    for _ in range(3):
        await game.move(rnd)
    state = await game.state()
    [first] = ENGINE.turn(state).must
    member = game.member(first)
    before = sum(REMINDER in text for text in dms(member))
    await simcord_env.advance_time(25 * MINUTE)
    assert sum(REMINDER in text for text in dms(member)) == before + 1


async def test_computer_moves_after_a_restart_start_a_new_post_and_none_is_lost(
    simcord_env: Any, db_path: Path
) -> None:
    """The newest post the computer seats' moves are added to is forgotten by a restart:
    their next moves start a new post, and every move of round 1 is in the channel once."""
    game = Atrades(simcord_env, 2)
    await game.start(computers=2)
    rnd = random.Random(3)
    people = {player_id(m.id) for m in game.players}
    restarted = False
    for _ in range(100):
        state = await game.state()
        if state.round > 1:
            break
        if not restarted and state.flow.step == "actions":
            await simcord_env.restart_bot(make_bot(db_path))
            restarted = True
        if people_waited_for(game, state, people):
            await game.move(rnd)
        else:
            await simcord_env.advance_time(5)
    assert restarted
    channel = "\n".join(str(m.content) for m in game.channel.history())
    acquired = re.findall(r"\*\*[^*]+\*\* acquires: \*\*[^*]+\*\*", channel)
    assert len(acquired) == len(set(acquired)) == 4, acquired
    assert channel.count("**Round 1 is over.**") == 1
