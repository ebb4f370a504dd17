"""Project Mars through Discord (SimCord): challenges, the 1-on-1's menus, the practice
opponent, deadlines, restarts, and what each person may read."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.components import ChallengeButton
from bot.computer import Computer
from bot.flows import lobby
from bot.games.project_mars.texts import ProjectMarsTexts
from bot.players import COMPUTER, COMPUTER_NAME, player_id
from bot.service import MatchService
from games.core.drawing.words import join
from games.core.match import MatchRecord, RecordedMove
from games.core.match import replay as replay_record
from games.project_mars import ENGINE
from games.project_mars.card_details import CARDS
from games.project_mars.decks import READY_DECKS
from games.project_mars.model import CardFace, card_words
from tests.bot.conftest import make_bot, readable, replay, replay_refused
from tests.drivers.common import close_dms_of
from tests.drivers.project_mars import Mars, components_of, custom_ids, private
from tests.project_mars import helpers
from tests.words import ruling_ids_sent

GAME = "project-mars"
MINUTE = 60
#: Discord user ids: what an engine sentence shows where a name should be.
RAW_ID = re.compile(r"\d{15,21}")


@pytest.fixture
def seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """Matches dealt from a known seed, so a test knows which cards come (it still checks)."""
    monkeypatch.setattr(lobby, "new_seed", lambda: 4)
    return 4


def unique_names(deck: str, other: str) -> set[str]:
    """Card names in `deck` and not in `other`."""
    theirs = set(READY_DECKS[other].cards)
    return {CARDS[k].name for k in READY_DECKS[deck].cards if k not in theirs}


@pytest.mark.slow
async def test_a_challenged_match_played_through_the_menus_equals_the_replay_of_its_record(
    simcord_env: Any,
) -> None:
    t = Mars(simcord_env)
    watch = t.guild.create_text_channel("watch")
    message = await t.challenge(deck="vanguard", turn_minutes=30, spectators=watch)
    assert f"<@{t.bob.id}>" in message.content and "challenges you" in message.content
    stored = simcord_env.backend.messages[message.channel_id][message.id]
    assert list(stored.ping_user_ids) == [t.bob.id], "the challenge pings the one challenged"
    await t.start(message)
    await t.play_out(random.Random(6))
    assert t.match_id not in t.bot.service._states, "an ended match's state is not kept"
    state = await t.state()
    assert state.phase == "ended"
    channel = "\n".join(m.content for m in t.channel.history())
    assert "The match is over" in channel
    assert "Round 1 is over" in channel
    watched = [m.content for m in watch.history()]
    assert len(watched) == len(state.rounds), "the spectators get each round's result"
    assert "Round 1: " in watched[-1] and "TPR" in watched[-1]

    log = await t.ann.slash(t.channel, "match log")
    assert log.ephemeral, log.response.content
    record = json.loads(await log.response.attachments[0].read())
    assert record["players"] == ["ann", "bob"]
    assert record["options"] == {"decks": {"ann": "vanguard"}}
    report = replay(record)
    assert report["finished"] and report["rejected"] == []
    names = {player_id(t.ann.id): "ann", player_id(t.bob.id): "bob"}
    expected = state.result.model_dump(mode="json")
    assert report["result"]["winner"] == (names[expected["winner"]] if expected["winner"] else None)
    assert report["result"]["wins"] == {names[p]: n for p, n in expected["wins"].items()}
    assert ruling_ids_sent(simcord_env) == []


async def test_a_practice_match_against_the_computer_is_recorded_and_replays(
    simcord_env: Any,
) -> None:
    t = Mars(simcord_env)
    await t.practice(deck="fortress")
    assert f"against {COMPUTER_NAME}" in t.channel_text()
    ann = t.pid(t.ann)
    await t.play_against_the_computer(random.Random(2))
    state = await t.state()
    assert state.phase == "ended"
    moves = await t.bot.storage.moves(t.match_id)
    assert {actor for _, actor, _ in moves} >= {ann, COMPUTER}
    row = await t.bot.storage.match(t.match_id)
    raw = MatchRecord(
        game=GAME,
        seed=row.seed,
        options=row.options,
        players=[ann, COMPUTER],
        moves=[RecordedMove(by=actor, **move) for _, actor, move in moves],
    )
    replayed = [e.to_json() for e in replay_record(ENGINE, raw).events]
    assert await t.stored_events() == replayed, "the log holds the engine's events, no more"
    assert f"**{COMPUTER_NAME}** plays" in t.readable_by(t.ann), "the turn's DM says it"
    bare = [
        m.content
        for m in t.channel.history()
        if COMPUTER in m.content.replace(COMPUTER_NAME, "").replace("a practice match", "")
    ]
    assert not bare, bare

    log = await t.ann.slash(t.channel, "match log")
    record = json.loads(await log.response.attachments[0].read())
    assert record["players"] == ["ann", COMPUTER_NAME]
    assert any(m["by"] == COMPUTER_NAME for m in record["moves"])
    report = replay(record)
    assert report["finished"] and report["rejected"] == []
    names = {ann: "ann", COMPUTER: COMPUTER_NAME}
    assert report["result"]["wins"] == {names[p]: n for p, n in state.result.wins.items()}
    assert ruling_ids_sent(simcord_env) == []


@pytest.mark.slow
async def test_two_computer_seats_play_a_whole_match_on_their_own(simcord_env: Any) -> None:
    """A lobby whose two seats a host gives to the computer (the creator leaves hers): once
    started it plays to its end with nobody's help, and its record replays to the same
    result."""
    t = Mars(simcord_env)
    lobby = (await t.ann.slash(t.channel, "match create project-mars")).response
    t.match_id = (await t.bot.storage.open_match_in(t.channel.id)).id
    await t.ann.click(lobby, label="Leave")
    r = await t.ann.slash(t.channel, "match add-bot", count=2)
    assert r.ephemeral and "Dealer bot 1, Dealer bot 2 take seats" in (r.response.content)
    await t.ann.click(lobby, label="Start")
    state = await t.state()
    assert state.phase == "ended", "no person had to move"
    moves = await t.bot.storage.moves(t.match_id)
    assert {actor for _, actor, _ in moves} == {"computer-1", "computer-2"}
    log = await t.ann.slash(t.channel, "match log")
    record = json.loads(await log.response.attachments[0].read())
    assert record["players"] == ["Dealer bot 1", "Dealer bot 2"]
    report = replay(record)
    assert report["finished"] and report["rejected"] == []
    names = {"computer-1": "Dealer bot 1", "computer-2": "Dealer bot 2"}
    assert report["result"]["wins"] == {names[p]: n for p, n in state.result.wins.items()}
    assert not t.ann.user.dm_channel.history(), "ann plays no part: nothing is sent to her"


async def test_a_move_delivered_later_shows_the_table_from_what_was_stored(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table shown after a move is made at its delivery from the views stored for it
    (the view kept by the delivery before, the match's state after it), never from the
    match replayed from its setup."""
    t = Mars(simcord_env)
    await t.start()
    await t.until(random.Random(4), lambda view: view["phase"] == "turn")
    turn = (await t.view(None))["turn"]
    outcome = await t.bot.service.submit(t.match_id, turn, {"type": "pass"})
    [item] = await t.bot.storage.pending_events(t.match_id)
    assert item.seq == outcome.seq and item.view_before is None, "the view before was kept"
    kept = await t.bot.storage.delivered_view(t.match_id)
    assert kept is not None and kept[0] == outcome.seq - 1
    monkeypatch.setattr(MatchService, "replay", replay_refused)
    board = await t.bot.storage.status_message(t.match_id)
    before = next(m for m in t.channel.history() if m.id == board).attachments
    await t.bot.presenter.flush(t.match_id)
    # The status edit (it draws the table in a render worker) runs in a task of its own,
    # which SimCord does not wait for when the test, not an interaction, started it.
    await asyncio.gather(*t.bot.presenter.status._workers.values())
    after = next(m for m in t.channel.history() if m.id == board).attachments
    assert after and after[0].id != before[0].id, "the board message shows the new table"
    assert await t.bot.storage.pending_events(t.match_id) == []
    state = await t.bot.service.state(await t.bot.service.row(t.match_id))
    kept = await t.bot.storage.delivered_view(t.match_id)
    assert kept == (outcome.seq, ENGINE.view(state, None).model_dump_json())


async def test_a_trap_is_set_face_down_and_triggered_without_leaking_what_it_is(
    simcord_env: Any, seed: int
) -> None:
    t = Mars(simcord_env)
    await t.start(deck="shadow-ops")
    ann, bob = t.pid(t.ann), t.pid(t.bob)
    rnd = random.Random(seed)
    await t.until(rnd, lambda v: v["phase"] == "turn" and v["turn"] == ann)
    view = await t.view(ann)
    traps = [p for p in view["legal"]["plays"] if p["target"] == "enemy"]
    assert traps, "this seed deals ann a trap"
    hand = {c["id"]: c for c in view["me"]["hand"]}
    trap = next((p for p in traps if hand[p["card"]]["key"] == "spy"), traps[0])
    name = hand[trap["card"]]["name"]
    slot = trap["slots"][0]
    bob_before = t.seen_ids(t.bob)
    spectator = t.guild.add_member(simcord_env.create_user("spectator"))

    r = await t.play(ann, trap["card"], slot)
    assert r.ephemeral, r.response.content
    t.note(t.ann, r)
    bob_new = t.readable_by(t.bob, bob_before)
    assert "sets a face-down card on bob's field" in bob_new
    assert name not in bob_new, "the victim may not learn which trap lies on their field"
    assert name not in "\n".join(readable(t.channel.history(viewer=spectator)))
    assert f"Your **{name}** lies face down on bob's field" in r.response.content
    field = (await t.view(None))["sides"][bob]["field"][slot]
    assert field["face_down"] and field["card"] is None

    # bob plays a card of his onto the face-down card: the trap is set off, publicly.
    await t.until(rnd, lambda v: v["phase"] == "turn" and v["turn"] == bob, moves=1)
    bob_view = await t.view(bob)
    onto = next(p for p in bob_view["legal"]["plays"] if slot in p["slots"])
    await t.play(bob, onto["card"], slot)
    channel = t.channel_text()
    assert f"sets off ann's trap: **{name}**!" in channel
    view = await t.view(bob)
    if view["phase"] == "choice":
        assert view["pending"]["player"] == bob
        choose = t.last_with(t.bob, t.menu("choose"))
        picked = await t.bob.user.select(choose, ["return"], custom_id=t.menu("choose"))
        assert picked.ephemeral, picked.response.content
        assert f"ann's **{name}** goes back face up to their field" in t.channel_text()
        assert any(
            placed and placed["card"] and placed["card"]["name"] == name
            for placed in (await t.view(None))["sides"][ann]["field"].values()
        )
    assert (
        not (await t.view(None))["sides"][bob]["field"][slot]
        or not (await t.view(None))["sides"][bob]["field"][slot]["face_down"]
    )


async def test_a_scout_reveals_a_hand_card_to_everyone_until_it_is_played(
    simcord_env: Any, seed: int
) -> None:
    t = Mars(simcord_env)
    await t.start(deck="machine-uprising")
    ann, bob = t.pid(t.ann), t.pid(t.bob)
    rnd = random.Random(seed)
    await t.until(rnd, lambda v: v["phase"] == "turn" and v["turn"] == ann)
    view = await t.view(ann)
    hand = {c["id"]: c for c in view["me"]["hand"]}
    scout = next(p for p in view["legal"]["plays"] if hand[p["card"]]["key"] == "scout")
    attack = next(s for s in scout["slots"] if s.startswith("attack"))
    await t.play(ann, scout["card"], attack)
    revealed = (await t.view(None))["sides"][bob]["revealed"]
    assert len(revealed) == 1, "Scout reveals one card of bob's hand"
    card = revealed[0]["name"]
    channel = [m for m in t.channel.history() if "reveals" in m.content][-1]
    assert f"bob reveals **{card}" in channel.content
    assert f"Revealed from bob's hand: {card}" in channel.attachments[0].description
    mine = t.last_with(t.bob, t.button("pass"))
    assert "👁 revealed" in mine.content
    options = [o for c in components_of(mine) for o in c.get("options", [])]
    shown = [o["label"] for o in options if o.get("description") == "Revealed to your opponent"]
    assert shown == [card_words(CardFace.model_validate(revealed[0]))], "the menus say which"
    assert ", revealed" in mine.attachments[0].description


@pytest.mark.slow
async def test_a_restart_mid_round_loses_nothing_and_old_menus_still_work(
    simcord_env: Any, db_path: Path, seed: int
) -> None:
    t = Mars(simcord_env)
    await t.start()
    rnd = random.Random(seed)
    await t.until(
        rnd,
        lambda v: (
            v["phase"] == "turn"
            and sum(1 for side in v["sides"].values() for p in side["field"].values() if p) >= 3
        ),
    )
    before = (await t.state()).model_dump()
    turn = (await t.view(None))["turn"]
    play = next(p for p in (await t.view(turn))["legal"]["plays"] if p["target"] == "own")
    menu = t.last_with(t.member(turn), t.menu("play"))

    await simcord_env.restart_bot(make_bot(db_path))

    assert (await t.state()).model_dump() == before
    user = t.member(turn).user
    asked = await user.select(menu, [play["card"]], custom_id=t.menu("play"))
    assert asked.ephemeral, asked.response.content
    assert "Where does your **" in asked.response.content
    await simcord_env.restart_bot(make_bot(db_path))
    slot = f"{t.menu('play')}|{play['card']}"
    done = await user.select(asked.response, [play["slots"][0]], custom_id=slot)
    assert "Your 1-on-1" in done.response.content, done.response.content  # not a refusal
    assert (await t.view(None))["turn"] != turn
    await t.play_out(rnd)


async def test_the_computer_makes_the_move_it_owes_after_a_restart(
    simcord_env: Any, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash between a player's move and the computer's answer: on start-up the computer
    finds it owes a move and makes it."""
    t = Mars(simcord_env)
    idle = Computer.wake

    def asleep(self: Computer, match_id: int) -> None:
        return None

    monkeypatch.setattr(Computer, "wake", asleep)
    await t.practice(deck="vanguard")
    assert COMPUTER in (await t.view(None))["to_act"]
    monkeypatch.setattr(Computer, "wake", idle)

    await simcord_env.restart_bot(make_bot(db_path))

    view = await t.view(None)
    assert COMPUTER not in view["to_act"]
    assert player_id(t.ann.id) in view["to_act"]
    assert await t.bot.storage.pending_events(t.match_id) == [], "its move went out"


async def test_a_turn_deadline_makes_the_default_pass(simcord_env: Any, seed: int) -> None:
    t = Mars(simcord_env)
    await t.start(deck="vanguard", turn_minutes=5)
    rnd = random.Random(seed)
    await t.until(rnd, lambda v: v["phase"] == "turn")
    first = (await t.view(None))["turn"]

    await simcord_env.advance_time(4 * MINUTE)
    assert (await t.view(None))["turn"] == first, "nothing happens before the deadline"
    await simcord_env.advance_time(MINUTE + 1)
    view = await t.view(None)
    assert view["turn"] != first and view["passes"] == 1
    channel = t.channel_text()
    who = t.member(first).name
    assert f"Time is up for {who}: the default is taken (a pass)" in channel
    assert f"{who} passes (automatically)" in channel

    await simcord_env.advance_time(5 * MINUTE + 1)
    assert "Round 1 is over" in t.channel_text(), "two passes in a row resolve the round"
    assert (await t.view(None))["round"] == 2


@pytest.mark.slow
async def test_nothing_secret_reaches_the_other_player_or_the_channel(
    simcord_env: Any, seed: int
) -> None:
    """After every move, what the opponent and a spectator can newly read (texts and alt
    texts) names none of a player's own cards that the table has not been shown by then."""
    t = Mars(simcord_env)
    spectator = t.guild.add_member(simcord_env.create_user("spectator"))
    message = await t.challenge(deck="shadow-ops")
    await t.start(message)
    watchers: dict[str, tuple[Callable[[], list[Any]], set[str]]] = {
        "bob": (lambda: t.messages_of(t.bob), unique_names("shadow-ops", "vanguard")),
        "ann": (lambda: t.messages_of(t.ann), unique_names("vanguard", "shadow-ops")),
        "the channel": (
            lambda: list(t.channel.history(viewer=spectator)),
            unique_names("shadow-ops", "vanguard") | unique_names("vanguard", "shadow-ops"),
        ),
    }
    # What came before any card was dealt (the ready decks' descriptions) is left out.
    read = {who: {m.id for m in messages()} for who, (messages, _) in watchers.items()}
    menu = t.last_with(t.bob, t.menu("deck"))
    await t.bob.user.select(menu, ["vanguard"], custom_id=t.menu("deck"))
    rnd = random.Random(seed)
    for _ in range(400):
        public = json.dumps(await t.public_events())
        for who, (messages, secret) in watchers.items():
            new = [m for m in messages() if m.id not in read[who]]
            read[who] |= {m.id for m in new}
            text = "\n".join(readable(new))
            assert not RAW_ID.search(text) or who != "the channel", "names, not ids"
            for name in secret:
                if re.search(rf"\b{re.escape(name)}\b", text):
                    assert f'"name": "{name}"' in public, f"{who} read {name} before it was shown"
        view = await t.view(None)
        if view["phase"] == "ended":
            return
        await t.act(view["to_act"][0], rnd)
    raise AssertionError("the match did not end")


async def test_strangers_wrong_turns_and_stale_menus_are_refused_politely(
    simcord_env: Any, seed: int
) -> None:
    t = Mars(simcord_env)
    carol = t.guild.add_member(simcord_env.create_user("carol"))
    message = await t.challenge()
    m = t.match_id
    r = await carol.click(message, custom_id=f"dealer:challenge:accept:{m}:{t.bob.id}")
    assert r.ephemeral and "only they can answer it" in r.response.content
    r = await carol.slash(t.channel, "match join")
    assert r.ephemeral and "challenge" in r.response.content
    r = await t.ann.slash(t.channel, "match start")
    assert r.ephemeral and "accepts it" in r.response.content
    r = await t.ann.slash(t.channel, "match leave")
    assert r.ephemeral and "`/match cancel`" in r.response.content
    assert (await t.bot.storage.match(m)).status == "lobby"
    await t.start(message)

    rnd = random.Random(seed)
    await t.until(rnd, lambda v: v["phase"] == "turn")
    r = await t.ann.slash(t.channel, "match log")
    assert r.ephemeral and "once the match is over" in r.response.content
    keep = t.last_with(t.ann, t.button("keep-hand"))
    r = await t.ann.user.click(keep, custom_id=t.button("keep-hand"))
    assert r.ephemeral and r.response.content.startswith(
        "That button was for an earlier decision: Round 1: "
    )

    r = await t.ann.slash(t.channel, "bid", target="a01", amount=3)
    assert r.ephemeral and "Project Mars has no `/bid`" in r.response.content
    phase = [x for x in t.channel.history() if f"dealer:me:{m}" in custom_ids(x)][-1]
    r = await carol.click(phase, custom_id=f"dealer:me:{m}")
    assert r.ephemeral and "not playing in this match" in r.response.content

    # The player to act plays; then their old menu is stale and the other's turn has come.
    first = (await t.view(None))["turn"]
    view = await t.view(first)
    play = next(p for p in view["legal"]["plays"] if p["target"] != "utility")
    member = t.member(first)
    key = "trap" if play["target"] == "enemy" else "play"
    asked = await member.user.select(
        t.last_with(member, t.menu(key)), [play["card"]], custom_id=t.menu(key)
    )
    custom_id = f"{t.menu(key)}|{play['card']}"
    done = await member.user.select(asked.response, [play["slots"][0]], custom_id=custom_id)
    assert "Accepted" in done.response.content
    again = await member.user.select(asked.response, [play["slots"][-1]], custom_id=custom_id)
    made = f"for an earlier decision: Round 1: {member.name}'s turn (you have made it since)"
    assert again.ephemeral and made in again.response.content
    assert not RAW_ID.search(again.response.content), "names, not ids"
    stale = t.last_with(member, t.menu(key))
    later = (await t.view(first))["me"]["hand"][0]["id"]
    r = await member.user.select(stale, [later], custom_id=t.menu(key))
    assert r.ephemeral and made in r.response.content
    state = (await t.state()).model_dump()
    r = await member.user.click(stale, custom_id=t.button("pass"))
    assert r.ephemeral and made in r.response.content
    assert (await t.state()).model_dump() == state, "a refused move changes nothing"
    assert ruling_ids_sent(simcord_env) == []


async def test_each_game_has_its_own_create_options(simcord_env: Any) -> None:
    """`/match create <game>`: a game's subcommand offers its own options and no other's."""
    t = Mars(simcord_env)
    create = t.bot.tree.get_command("match").get_command("create")
    options = {c.name: {p.name for p in c.parameters} for c in create.commands}
    assert options["project-mars"] == {
        "opponent",
        "practice",
        "deck",
        "turn_minutes",
        "spectators",
        "thread",
        "notify",
        "level",
    }
    assert "starting_cash" in options["auction-auction"]
    assert "opponent" not in options["auction-auction"]
    assert "thread" not in options["auction-auction"], "only Project Mars offers a thread"
    assert "phase_minutes" not in options["project-mars"]


async def test_bad_create_options_are_refused(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    r = await t.ann.slash(t.channel, "match create project-mars", deck="fortress")
    assert r.ephemeral and "goes with `opponent` or `practice`" in r.response.content
    r = await t.ann.slash(t.channel, "match create project-mars", opponent=t.ann)
    assert r.ephemeral and "cannot challenge yourself" in r.response.content
    r = await t.ann.slash(t.channel, "match create project-mars", opponent=t.bob, practice=True)
    assert r.ephemeral and "not both" in r.response.content
    r = await t.ann.slash(t.channel, "match create project-mars", level="normal")
    assert r.ephemeral and "goes with `practice`" in r.response.content
    assert await t.bot.storage.open_match_in(t.channel.id) is None


async def test_a_practice_match_keeps_its_opponents_level(simcord_env: Any) -> None:
    """`practice:True level:normal`: the practice opponent's seat is stored with its level."""
    t = Mars(simcord_env)
    await t.practice(level="normal")
    seats = await t.bot.storage.players(t.match_id)
    assert [(p.name, p.level) for p in seats] == [("ann", None), ("Dealer bot", "normal")]


async def test_a_strong_practice_opponent_plays_the_match_to_its_end(simcord_env: Any) -> None:
    """`practice:True level:strong` (issue 45): the opponent plans its turns from its own
    view, moves as soon as its turn comes, and the match ends; the record names it with its
    level and replays to the same result."""
    t = Mars(simcord_env)
    await t.practice(level="strong", deck="vanguard")
    seats = await t.bot.storage.players(t.match_id)
    assert [(p.name, p.level) for p in seats] == [("ann", None), ("Dealer bot", "strong")]
    ann = t.pid(t.ann)
    await t.play_against_the_computer(random.Random(3))
    state = await t.state()
    assert state.phase == "ended"
    log = await t.ann.slash(t.channel, "match log")
    record = json.loads(await log.response.attachments[0].read())
    assert record["computers"] == {COMPUTER_NAME: "strong"}
    plays = [m for m in record["moves"] if m["by"] == COMPUTER_NAME and m["type"] == "play"]
    assert len(plays) >= 5, "it played its turns"
    report = replay(record)
    assert report["finished"] and report["rejected"] == []
    names = {ann: "ann", COMPUTER: COMPUTER_NAME}
    assert report["result"]["wins"] == {names[p]: n for p, n in state.result.wins.items()}


async def test_a_host_seats_the_computer_in_a_lobby(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    r = await t.ann.slash(t.channel, "match create project-mars")
    lobby = r.response
    assert "Each turn, decision, round start and deck choice: 10 minutes" in lobby.content
    assert "each player picks theirs" in lobby.content
    assert "Players (1/2, at least 2): ann" in lobby.content, "the creator of a duel plays"
    t.match_id = (await t.bot.storage.open_match_in(t.channel.id)).id
    early = await t.ann.click(lobby, label="Start")
    assert early.ephemeral and "needs at least 2 players and 1 has joined" in (
        early.response.content
    )
    assert "`/match add-bot`" in early.response.content
    r = await t.bob.slash(t.channel, "match add-bot")
    assert r.ephemeral and "Only a host" in r.response.content
    again = await t.ann.click(lobby, label="Join")
    assert again.ephemeral and "already joined" in again.response.content
    r = await t.ann.slash(t.channel, "match add-bot", count=2)
    assert r.ephemeral and "room for 1 more player only" in r.response.content
    r = await t.ann.slash(t.channel, "match add-bot")
    assert r.ephemeral and "Dealer bot 1 takes a seat" in r.response.content
    r = await t.ann.slash(t.channel, "match add-bot")
    assert r.ephemeral and r.response.content == "The match is full (2 players)."
    seated = await t.bot.storage.players(t.match_id)
    assert [p.name for p in seated] == ["ann", "Dealer bot 1"], "refusals seat nobody"
    status = await t.ann.slash(t.channel, "match status")
    assert "Dealer bot 1" in status.response.content
    started = await t.ann.click(lobby, label="Start")
    assert "started with 2 players" in started.response.content
    ann = t.pid(t.ann)
    view = await t.view(None)
    assert view["players"] == [ann, "computer-1"] and view["to_act"] == [ann]
    rnd = random.Random(1)
    await t.act(ann, rnd)
    await t.act(ann, rnd)
    assert (await t.view(None))["phase"] in ("turn", "choice")


async def test_a_player_with_closed_dms_plays_through_my_one_on_one(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = Mars(simcord_env)
    close_dms_of(monkeypatch, t.ann.id)
    t.closed.add(t.ann.id)
    await t.practice()
    ann = t.pid(t.ann)
    rnd = random.Random(5)
    for _ in range(6):
        r = await t.act(ann, rnd, pass_rate=0)
        assert private(r) and "Sorry" not in r.response.content, r.response.content
    assert (await t.view(None))["phase"] in ("turn", "choice")
    shown = await t.open_one_on_one(t.ann)
    assert "Your 1-on-1" in shown.response.content
    assert shown.response.attachments, "the hand card comes with the ephemeral 1-on-1"
    assert not t.ann.user.dm_channel.history()


@pytest.mark.slow
async def test_a_match_in_a_season_counts_for_nothing_and_breaks_nothing(
    simcord_env: Any,
) -> None:
    t = Mars(simcord_env)
    boss_role = t.guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    boss = t.guild.add_member(simcord_env.create_user("boss"), roles=[boss_role])
    await boss.slash(t.channel, "season start", name="Spring", starting_garnets=3)
    message = await t.challenge(deck="fortress")
    assert "season" not in message.content.lower()
    await t.start(message)
    await t.play_out(random.Random(9))
    match = [m.content for m in t.channel.history() if m.id >= message.id]
    assert not any("season" in c.lower() or "garnet" in c.lower() for c in match)
    standings = await boss.slash(t.channel, "season standings")
    assert "ann" not in standings.response.content and "Nobody" in standings.response.content


async def test_help_explains_project_mars(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    r = await t.ann.slash(t.channel, "help", game=GAME)
    assert r.ephemeral
    for words in ("attack row", "lane", "TPR", "practice:True", "/match add-bot", "trap"):
        assert words in r.response.content
    assert len(r.response.content) <= 2000
    assert ruling_ids_sent(simcord_env) == []


async def test_a_player_brings_their_own_deck_list_through_the_form(
    simcord_env: Any, db_path: Path
) -> None:
    t = Mars(simcord_env)
    await t.start(deck="vanguard")
    m = t.match_id
    dm = t.last_with(t.bob, f"dealer:pm:deck-list:{m}")

    async def form() -> Any:
        shown = await t.bob.user.click(dm, custom_id=f"dealer:pm:deck-list:{m}")
        assert shown.modal is not None
        return shown

    short = "3x Infantry, 3x Medic, 3x Humvee, 3x Outpost, 3x Defense Turret, 3x Sentinel, " * 2
    r = await t.bob.user.submit_modal(await form(), {"cards": short[:-2] + ", Scout x5"})
    assert r.ephemeral and "exactly 30 cards; this list has 41" in r.response.content
    typo = "Infantri\n" + "\n".join(["Outpost"] * 29)
    r = await t.bob.user.submit_modal(await form(), {"cards": typo})
    assert r.ephemeral and "Did you mean Infantry?" in r.response.content
    assert (await t.state()).seats[t.pid(t.bob)].deck_name is None, "refusals change nothing"

    shown = await form()
    await simcord_env.restart_bot(make_bot(db_path))
    own = "3x Infantry\n3 Medic\nHumvee x3\n3x Outpost\n3x Defense Turret\n6x Sentinel\n"
    own += "3x Scout\n3x Comms Station\n2x Cybernetics Lab\nEMP Bomb"
    r = await t.bob.user.submit_modal(shown, {"cards": own})
    assert r.ephemeral and "Your deck: **your own list**" in r.response.content
    assert (await t.state()).seats[t.pid(t.bob)].deck_name == "custom"


async def test_host_controls_pause_resume_extend_close_and_kick(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    await t.practice(deck="vanguard")
    ann = t.pid(t.ann)
    rnd = random.Random(4)
    await t.until(rnd, lambda v: v["phase"] == "turn" and v["turn"] == ann)
    status = await t.ann.slash(t.channel, "match status")
    assert "ann's turn" in status.response.content and "closes" in status.response.content

    r = await t.ann.slash(t.channel, "match pause")
    assert r.response.content == "Paused."
    r = await t.ann.slash(t.channel, "match extend", minutes=5)
    assert r.response.content == "Extended by 5 minutes."
    r = await t.ann.slash(t.channel, "match extend", minutes=1)
    assert r.response.content == "Extended by 1 minute."
    assert "The host extended the phase by 1 minute: it has more time once resumed." in (
        t.channel_text()
    )
    menu = t.last_with(t.ann, t.button("pass"))
    r = await t.ann.user.click(menu, custom_id=t.button("pass"))
    assert "paused" in r.response.content
    await t.ann.slash(t.channel, "match close-phase")
    view = await t.view(None)
    assert view["turn"] == COMPUTER and view["passes"] == 1, "the host's default pass"
    await simcord_env.advance_time(60 * MINUTE)
    assert (await t.view(None))["turn"] == COMPUTER, "a paused match waits, the computer too"

    row = await t.bot.storage.match(t.match_id)
    assert row is not None and row.paused_remaining == 10 * MINUTE, "the new turn waits, whole"
    r = await t.ann.slash(t.channel, "match resume")
    assert r.response.content == "Resumed."
    view = await t.view(None)
    assert view["turn"] == ann or view["round"] == 2, "the computer moved once resumed"

    r = await t.bob.slash(t.channel, "match kick", member=t.ann)
    assert r.ephemeral and "Only a host" in r.response.content
    r = await t.ann.slash(t.channel, "match kick", member=t.ann)
    assert r.response.content == "You removed ann from the match. The match is over."
    result = (await t.state()).result
    assert result is not None and result.forfeit == ann and result.winner == COMPUTER
    assert f"ann forfeits, **{COMPUTER_NAME}** wins" in t.channel_text()
    assert ruling_ids_sent(simcord_env) == []


async def test_a_challenger_hosts_but_cannot_decide_the_match(simcord_env: Any, seed: int) -> None:
    """The challenger hosts a challenge, yet removing the opponent (a win), closing their
    turn (a pass) and an undo would decide the match for her: refused, nothing changes. A
    host who does not play may; pausing stays open to her, as does conceding."""
    t = Mars(simcord_env)
    await t.start()
    bob = t.pid(t.bob)
    await t.until(random.Random(seed), lambda v: v["phase"] == "turn" and v["turn"] == bob)
    before = await t.state()
    for command, options, what in [
        ("match kick", {"member": t.bob}, "removing a player"),
        ("match close-phase", {}, "closing a phase that waits for someone else"),
        ("match undo", {}, "an undo"),
        ("match unkick", {"member": t.bob}, "taking back a removal"),
        ("match cancel", {}, "cancelling it"),
    ]:
        r = await t.ann.slash(t.channel, command, **options)
        assert r.ephemeral and not r.response.components
        assert r.response.content.startswith(
            f"You play in this match, so {what} is for a host who does not play"
        ), r.response.content
    assert await t.state() == before
    assert (await t.ann.slash(t.channel, "match pause")).response.content == "Paused."
    role = t.guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    referee = t.guild.add_member(simcord_env.create_user("referee"), roles=[role])
    r = await referee.slash(t.channel, "match close-phase")
    assert r.response.content.startswith("You closed"), r.response.content
    assert (await t.view(None))["turn"] != bob
    r = await t.ann.slash(t.channel, "match kick", member=t.ann)
    assert r.response.content == "You removed ann from the match. The match is over."
    result = (await t.state()).result
    assert result is not None and (result.forfeit, result.winner) == (t.pid(t.ann), bob)


async def test_a_withdrawn_challenge_says_so_and_loses_its_buttons(simcord_env: Any) -> None:
    t = Mars(simcord_env)
    message = await t.challenge()
    asked = await t.ann.slash(t.channel, "match cancel")
    await t.ann.click(asked.response, custom_id=f"dealer:cancel:{t.match_id}")
    edited = next(m for m in t.channel.history() if m.id == message.id)
    assert (
        edited.content
        == f"**Project Mars** — a challenge to <@{t.bob.id}>.\n❌ Cancelled by the host."
    )
    assert edited.components == []


async def test_a_player_concedes_at_any_moment_a_pause_included(simcord_env: Any) -> None:
    """PM-D22: conceding ends the match at once, so the question promises no undo; a pause
    does not stop it (it stopped the Yes, after the question was asked)."""
    t = Mars(simcord_env)
    await t.start()
    assert (await t.ann.slash(t.channel, "match pause")).response.content == "Paused."
    asked = await t.bob.slash(t.channel, "match forfeit")
    assert asked.ephemeral and asked.response.content == (
        "Concede this Project Mars match? Your opponent wins the match at once. It ends the "
        "match: nobody can take it back."
    )
    await t.bob.click(asked.response, custom_id=f"dealer:forfeit:{t.match_id}")
    result = (await t.state()).result
    assert result is not None and (result.forfeit, result.winner) == (t.pid(t.bob), t.pid(t.ann))


def test_challenge_buttons_posted_by_earlier_versions_still_answer() -> None:
    """Before games became plug-ins, challenge buttons carried `dealer:pm:challenge:`."""
    template = ChallengeButton.__discord_ui_compiled_template__
    for custom_id in ("dealer:pm:challenge:accept:7:42", "dealer:challenge:accept:7:42"):
        found = template.fullmatch(custom_id)
        assert found is not None and (found["answer"], found["match"]) == ("accept", "7")


def test_the_result_gives_the_winners_score_first() -> None:
    """'wins 2 to 0', whichever seat won (#14)."""
    texts = ProjectMarsTexts()
    for wins in ({"ann": 0, "bob": 2}, {"bob": 2, "ann": 0}):
        event: dict[str, Any] = {
            "type": "match_ended",
            "audience": {"kind": "public"},
            "winner": "bob",
            "wins": wins,
            "forfeit": None,
            "rounds": [],
        }
        assert "bob wins 2 to 0** in rounds" in (texts.describe(event, str) or "")
    draw = {**event, "winner": None, "wins": {"ann": 1, "bob": 1}}
    assert "a draw** (1 to 1 in rounds)" in (texts.describe(draw, str) or "")


async def post_earlier(t: Mars, custom_id: str, options: list[str] | None = None) -> Any:
    """A message with one control as earlier versions posted it (a menu of `options`, or a
    button), in the channel."""
    view = discord.ui.View(timeout=None)
    if options is None:
        view.add_item(discord.ui.Button(label="earlier", custom_id=custom_id))
    else:
        choices = [discord.SelectOption(label=o, value=o) for o in options]
        view.add_item(discord.ui.Select(custom_id=custom_id, options=choices))
    await t.bot.get_channel(t.channel.id).send("An earlier 1-on-1", view=view)
    view.stop()
    return t.channel.history()[-1]


async def test_controls_of_earlier_versions_are_refused_politely(
    simcord_env: Any, seed: int
) -> None:
    """Menus and buttons posted before Project Mars played through the generic controls
    (`dealer:pm:deck:`, `dealer:pm:card:`, `dealer:pm:slot:`, `dealer:pm:pass:`…) did not say
    which decision they were for: each is refused in words, changing nothing."""
    t = Mars(simcord_env)
    await t.start(deck="vanguard")
    m = t.match_id
    state = (await t.state()).model_dump()
    old = await post_earlier(t, f"dealer:pm:deck:{m}", ["fortress"])
    r = await t.bob.select(old, ["fortress"], custom_id=f"dealer:pm:deck:{m}")
    assert r.ephemeral and r.response.content == (
        "That menu was posted by an earlier version of Dealer, which did not record the "
        "decision it was for: your 1-on-1 (`/me`) shows the current one."
    )
    old = await post_earlier(t, f"dealer:pm:pass:{m}")
    r = await t.bob.click(old, custom_id=f"dealer:pm:pass:{m}")
    assert r.ephemeral and r.response.content.startswith("That button was posted by an earlier")
    assert (await t.state()).model_dump() == state, "a refused control changes nothing"


def test_the_plug_in_words_the_slot_step_and_asks_before_a_utility_card() -> None:
    """Layout only: above the slot menu, the card picked and where its effects work (PM-2), or
    that a trap goes on the enemy's field (PM-3); before a utility card, a question (PM-5: one
    a round); any other step gets the action's label, and any other move no question."""
    texts = ProjectMarsTexts()
    match = helpers.start(["Scout", "Spy", "EMP Bomb"], ["Medic"])
    mine = {a.key: a for a in ENGINE.legal_actions(match.state, "ann")}
    scout, spy, emp = (helpers.card(match, "ann", n) for n in ("Scout", "Spy", "EMP Bomb"))
    asked = texts.step_text(mine["play"], {"card": scout}, str)
    assert asked.startswith("Where does your **Scout (PWR 2)** go? [OFFENSE] effects work")
    asked = texts.step_text(mine["trap"], {"card": spy}, str)
    assert asked == (
        "Where does your **Spy (PWR 2)** go? A trap goes face down on your opponent's field."
    )
    assert texts.step_text(mine["play"], {}, str) == "**Play a card**"
    question = texts.confirm(mine["play"], {"card": emp}, str)
    assert question is not None and question.startswith("Play **EMP Bomb (utility)**?")
    assert texts.confirm(mine["play"], {"card": scout, "slot": "attack-1"}, str) is None
    assert texts.confirm(mine["pass"], {}, str) is None


def test_an_empty_back_hand_is_offered_keep_none_alone() -> None:
    """A round's start with nothing left of the last hand: only Keep none, and the 1-on-1
    does not offer a Keep all it does not show."""
    match = helpers.start()
    helpers.pass_(match, "ann")
    helpers.pass_(match, "bob")
    match.state.seats["ann"].back_hand = []
    assert [a.key for a in ENGINE.legal_actions(match.state, "ann")] == ["keep-none"]
    view = ENGINE.view(match.state, "ann")
    text = ProjectMarsTexts().one_on_one(view, ENGINE.legal_actions(match.state, "ann"), str)
    assert "Your back hand: no cards." in text
    assert "Press **Keep none** (there is nothing to keep)." in text and "Keep all" not in text


def test_a_round_reads_the_winners_tpr_first() -> None:
    """'bob wins it, TPR 21 to 5', whichever seat won (#25); a draw in seat order."""
    texts = ProjectMarsTexts()
    score = {
        "tpr": {"ann": 5, "bob": 21},
        "lanes": ["bob", "ann", None],
        "pwr": {},
        "disabled": [],
        "parts": {},
    }
    event = {
        "type": "round_resolved",
        "audience": {"kind": "public"},
        "round": 1,
        "winner": "bob",
        "score": score,
        "traps": [],
        "wins": {},
    }
    assert "bob wins it, TPR 21 to 5.**" in (texts.describe(event, str) or "")
    drawn = {**event, "winner": None, "score": {**score, "tpr": {"ann": 7, "bob": 7}}}
    assert "a draw, TPR 7 to 7.**" in (texts.describe(drawn, str) or "")
    rounds = {"rounds": [{"round": 1, "winner": "bob", "score": score}]}
    assert "Round 1: bob won, TPR bob 21 to ann 5." in texts.audit(rounds, str)


def test_an_undo_words_each_move_from_what_its_reader_was_told() -> None:
    """`/match undo` words a Project Mars move from the events that reach its reader: its
    player reads their own move in full (their trap, deck, kept and traded cards, secret
    answer), everyone else only what they were told (PM-3, PM-D1, PM-D14); a card played
    face up is named, never called sealed."""
    texts = ProjectMarsTexts()
    match, _ = helpers.fresh(decks={"bob": "fortress"})

    def undone(player: str, move: dict[str, Any]) -> tuple[str, str]:
        """The move's words for its player (their DM), and for everyone (the host's
        question, the channel)."""
        events = match.submit(player, move)
        mine = [e.to_json() for e in events if e.audience.reaches(player)]
        public = [e.to_json() for e in events if e.audience.kind == "public"]
        return texts.move(move, str, mine), texts.seen(move, str, public)

    assert undone("ann", {"type": "deck", "deck": "shadow-ops"}) == (
        "choice of deck (Shadow Ops)",
        "choice of deck",
    )
    traded = match.state.seats["ann"].hand[:2]
    names = join([match.state.cards[c].spec.name for c in traded])
    assert undone("ann", {"type": "mulligan", "cards": traded}) == (
        f"mulligan ({names} traded in)",
        "mulligan (2 cards traded in)",
    )
    assert undone("bob", {"type": "mulligan", "cards": []}) == (
        "mulligan (the hand kept)",
        "mulligan (the hand kept)",
    )
    assert undone("ann", {"type": "pass"}) == ("pass", "pass")
    undone("bob", {"type": "pass"})
    kept = match.state.seats["ann"].back_hand[:2]
    names = join([match.state.cards[c].spec.name for c in kept])
    assert undone("ann", {"type": "keep", "cards": kept}) == (
        f"choice of back-hand cards to keep ({names})",
        "choice of back-hand cards to keep (2 kept)",
    )

    match = helpers.start(["Scout", "Spy", "EMP Bomb", "Research Station", "Outpost"], ["Humvee"])
    scout = helpers.card(match, "ann", "Scout")
    played = "play of Scout (attack row, lane 2)"
    assert undone("ann", {"type": "play", "card": scout, "slot": "attack-2"}) == (played, played)
    helpers.pass_(match, "bob")
    spy = helpers.card(match, "ann", "Spy")
    assert undone("ann", {"type": "play", "card": spy, "slot": "attack-1"}) == (
        "face-down trap Spy on bob's field (attack row, lane 1)",
        "face-down trap on bob's field (attack row, lane 1)",
    )
    helpers.play(match, "bob", "Humvee", "attack-1")
    answer = "answer (Send the Spy back to ann's field)"
    assert undone("bob", {"type": "choose", "option": "return"}) == (answer, answer)
    station = helpers.card(match, "ann", "Research Station")
    undone("ann", {"type": "play", "card": station, "slot": "defence-1"})
    outpost = helpers.card(match, "ann", "Outpost")
    assert undone("ann", {"type": "choose", "option": outpost}) == (
        "answer (Outpost)",
        "secret answer",
    )
    assert match.state.pending is not None
    helpers.choose(match, "ann", match.state.pending.options[0].id)
    helpers.pass_(match, "bob")
    emp = helpers.card(match, "ann", "EMP Bomb")
    utility = "play of the utility card EMP Bomb"
    assert undone("ann", {"type": "play", "card": emp}) == (utility, utility)
