"""The MARSBOT draft through Discord (SimCord): a whole draft played with the 1-on-1's menus
and a draft at the table played with `/marsbot`, each replayed from its `/match log` record;
the refusals (a card not in the catalogue, a pile of the wrong size, a pick before the
player's own, a corporation without a priority), private and changing nothing; the
autocompletes and `/help`."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.flows import lobby
from games.marsbot_draft import ENGINE
from games.tm_catalogue import builtin, numbered
from tests.bot.conftest import make_bot, readable, replay
from tests.drivers.marsbot_draft import GAME, ROUND_1, Draft, result_of
from tests.drivers.project_mars import custom_ids
from tests.words import ruling_ids_sent


@pytest.fixture(autouse=True)
def seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """Drafts dealt from a known seed (the tests still read what was dealt)."""
    monkeypatch.setattr(lobby, "new_seed", lambda: 5)
    return 5


async def test_a_whole_draft_is_played_with_the_menus_and_replays_from_its_record(
    simcord_env: Any,
) -> None:
    t = Draft(simcord_env)
    r = await t.ann.slash(t.channel, f"match create {GAME}", corporation="Saturn Systems")
    assert not r.ephemeral and "ann's match has started" in r.response.content
    await t.opened()
    started = t.channel_text()
    assert "MARSBOT plays **Saturn Systems** (C08), priority Jovian > Space." in started
    assert "Round 1: Your pile:" in started, "the dealt piles' image, in its alt text"
    m = t.match_id
    for round_ in range(1, 4):
        view = await t.view()
        assert view.phase == "pick" and view.round == round_
        dm = t.last_with(f"dealer:actpick:{m}:take")
        assert f"Round {round_} of 4: your card" in dm.content
        card = view.player_pile[0].name
        r = await t.take(card)
        assert r.ephemeral and "Sorry" not in r.response.content, r.response.content
        picked = (await t.view()).rounds[round_ - 1]
        line = f"🤖 Round {round_}: MARSBOT takes **{picked.chosen}**. {picked.why}."
        assert line in t.channel_text()
        assert f"you take **{card}**" in t.channel_text()
    last = (await t.view()).rounds[3]
    assert f"🤖 Round 4: MARSBOT takes **{last.chosen}**." in t.channel_text(), (
        "round 4's one card is taken for the player (MB-D13)"
    )
    view = await t.view()
    assert view.phase == "buy" and view.deck is not None
    assert "MARSBOT's action deck, from the top: 1. " in t.channel_text()
    bought = [c.name for c in view.player_kept[:2]]
    r = await t.act("buy", {"cards": bought})
    assert r.ephemeral, r.response.content
    text = t.channel_text()
    listed = f"**{numbered(bought[0])}** and **{numbered(bought[1])}**"
    assert f"You buy {listed} for 6 M€." in text
    assert "**The draft is over.** MARSBOT keeps" in text
    assert "MARSBOT's action deck, top first:" in text, "the final board's alt text"
    state = await t.state()
    record = await t.log()
    assert record["players"] == ["ann"] and record["options"]["corporation"] == "Saturn Systems"
    report = replay(record)
    assert report["finished"] and report["rejected"] == []
    assert report["result"] == ENGINE.result(state)
    assert ruling_ids_sent(simcord_env) == []


async def test_a_draft_at_the_table_is_played_with_marsbot_commands_and_replays(
    simcord_env: Any,
) -> None:
    t = Draft(simcord_env)
    r = await t.ann.slash(t.channel, "marsbot start", corporation="celestic", own_first=True)
    assert not r.ephemeral, r.response.content
    await t.opened()
    assert "name the card you take with `/marsbot take`" in t.channel_text()
    await t.ann.slash(t.channel, "marsbot take", card="birds")
    r = await t.ann.slash(t.channel, "marsbot pick", cards=ROUND_1)
    assert r.ephemeral
    first = "🤖 Round 1: MARSBOT took **Venus Governor**. Celestic: Venus 2 > Jovian 0."
    assert r.response.content.startswith(f"✅ Accepted.\n{first}"), r.response.content
    assert "🤖 Round 1: MARSBOT takes **Venus Governor**. Celestic: Venus 2 > Jovian 0." in (
        t.channel_text()
    )
    assert "left: **Io Mining Industries (092)**, **Ganymede Colony (081)** and " in (
        t.channel_text()
    )
    await t.ann.slash(t.channel, "marsbot take", card="Comet")
    await t.ann.slash(t.channel, "marsbot pick", cards="Asteroid;Research Outpost;Power Plant")
    await t.ann.slash(t.channel, "marsbot take", card="Asteroid")
    view = await t.view()
    assert view.expected == ["Io Mining Industries", "Ganymede Colony"]
    should = "should be **Io Mining Industries (092)** and **Ganymede Colony (081)**."
    assert f"MARSBOT's pile {should}" in t.channel_text()
    me = await t.ann.slash(t.channel, "me")
    assert me.ephemeral and f"It {should}" in me.response.content, me.response.content
    r = await t.ann.slash(t.channel, "marsbot pick", cards="Io Mining Industries; Ganymede Colony")
    picked = (await t.view()).rounds[-1]
    assert picked.candidates == ["Io Mining Industries", "Ganymede Colony"]
    other = next(c for c in picked.candidates if c != picked.chosen)
    assert f"Celestic: Venus 0 > Jovian 1; tied with {other}, drawn at random." in (
        r.response.content
    )
    await t.ann.slash(t.channel, "marsbot take", card=other)
    expected = (await t.view()).expected
    assert expected is not None
    [last] = expected
    r = await t.ann.slash(t.channel, "marsbot pick", cards=last)
    assert "MARSBOT's discard (`/marsbot discard` or the button)" in r.response.content
    dm = t.last_with(f"dealer:act:{t.match_id}:discard")
    r = await t.ann.user.click(dm, custom_id=f"dealer:act:{t.match_id}:discard")
    assert r.ephemeral and "Sorry" not in r.response.content, r.response.content
    assert "🗑️ MARSBOT discards **" in t.channel_text()
    r = await t.ann.slash(t.channel, "marsbot deck")
    assert r.ephemeral, r.response.content
    text = t.channel_text()
    assert "🂠 MARSBOT's action deck, from the top: 1. " in text
    assert "the bonus card (draw it from your bonus deck)" in text
    assert "**The draft is over.** MARSBOT keeps" in text
    state = await t.state()
    record = await t.log()
    assert record["options"] == {"mode": "table", "corporation": "Celestic", "own_first": True}
    assert record["moves"][1] == {
        "by": "ann",
        "type": "pick",
        "cards": [
            "Io Mining Industries",
            " Ganymede Colony",
            " Venus Governor:4:venus+venus",
            " Comet",
        ],
    }
    report = replay(record)
    assert report["finished"] and report["rejected"] == []
    assert report["result"] == ENGINE.result(state)
    assert ruling_ids_sent(simcord_env) == []


async def test_bad_input_gets_a_private_answer_and_changes_nothing(simcord_env: Any) -> None:
    t = Draft(simcord_env)
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("marsbot start", {"corporation": "Helion"}, "Helion's MARSBOT card has no draft priority"),
        (
            "marsbot start",
            {"corporation": "Nobody"},
            "no MARSBOT corporation with a draft priority",
        ),
        ("marsbot start", {"corporation": "Aridor"}, "needs MARSBOT's track levels"),
        ("marsbot start", {"corporation": "Aridor", "tracks": "building x"}, "is not a track"),
        (f"match create {GAME}", {"corporation": "Mining Guild"}, "has no draft priority"),
        (f"match create {GAME}", {"own_first": True}, "own_first is for the table mode"),
        ("marsbot pick", {"cards": "Comet"}, "There is no open match in this channel"),
    ]
    for command, options, words in cases:
        r = await t.ann.slash(t.channel, command, **options)
        assert r.ephemeral and words in r.response.content, (command, r.response.content)
        assert await t.bot.storage.open_match_in(t.channel.id) is None
    await t.ann.slash(t.channel, "marsbot start", corporation="Saturn Systems", own_first=True)
    await t.opened()
    stranger = t.guild.add_member(simcord_env.create_user("zed"))
    for member, command, options, words in [
        (t.ann, "marsbot pick", {"cards": ROUND_1}, "MARSBOT's pick is shown only after yours"),
        (t.ann, "marsbot take", {"card": "Ganymed colony"}, "Did you mean Ganymede Colony"),
        (t.ann, "marsbot discard", {}, "MARSBOT's discard is not open now: Round 1 of 4"),
        (stranger, "marsbot take", {"card": "Comet"}, "You are not playing in this match."),
        (t.ann, "marsbot start", {"corporation": "Spire"}, "already has an open match"),
    ]:
        r = await member.slash(t.channel, command, **options)
        assert r.ephemeral and words in r.response.content, (command, r.response.content)
        assert await t.moves() == 0
    await t.ann.slash(t.channel, "marsbot take", card="Birds")
    for cards, words in [
        ("Comet; Asteroid", "MARSBOT's pile in round 1 has 4 cards"),
        ("Comet; Asteroid; Birds; Lichen", "Birds is the card you took this round."),
        (
            "Comet; Asteroid; Lichen; Nonesuch",
            "There is no card called 'Nonesuch' in the catalogue",
        ),
        ("Comet; Asteroid; Lichen; Helion", "Helion is a corporation card"),
        ("Comet; Asteroid; Lichen; Odd:x:space", "is not a whole number"),
    ]:
        r = await t.ann.slash(t.channel, "marsbot pick", cards=cards)
        assert r.ephemeral and words in r.response.content, (cards, r.response.content)
        assert await t.moves() == 1
    assert "Sorry" not in "\n".join(readable(t.channel.history(viewer=t.ann)))
    assert ruling_ids_sent(simcord_env) == []


async def test_a_whole_draft_refuses_table_moves_and_buys_none_with_its_button(
    simcord_env: Any,
) -> None:
    t = Draft(simcord_env)
    await t.ann.slash(t.channel, f"match create {GAME}", corporation="Spire", difficulty="brutal")
    await t.opened()
    r = await t.ann.slash(t.channel, "marsbot pick", cards=ROUND_1)
    assert r.ephemeral and "Entering MARSBOT's pile is for a draft at the table" in (
        r.response.content
    )
    dm = t.last_with(f"dealer:actpick:{t.match_id}:take")
    view = await t.view()
    theirs = (await t.state()).marsbot_pile[0].name
    r = await t.ann.slash(t.channel, "marsbot take", card=theirs)
    assert r.ephemeral and f"{theirs} is not in your pile" in r.response.content
    for _ in range(3):
        r = await t.ann.slash(t.channel, "match close-phase")
        assert r.ephemeral and r.response.content.startswith("You closed"), r.response.content
    assert (await t.view()).phase == "buy", "round 4's one card was taken for ann"
    text = t.channel_text()
    assert "Brutal difficulty: MARSBOT keeps all 4 cards." in text
    assert "you take the first card of your pile" in text
    r = await t.ann.user.select(
        dm, [view.player_pile[0].name], custom_id=f"dealer:actpick:{t.match_id}:take"
    )
    assert r.ephemeral and r.response.content.startswith(
        "That menu was for an earlier decision: Round 1 of 4: your card ("
    )
    buy = t.last_with(f"dealer:act:{t.match_id}:buy-none")
    assert f"dealer:actpick:{t.match_id}:buy" in custom_ids(buy), "the menu, and Buy none"
    r = await t.ann.user.click(buy, custom_id=f"dealer:act:{t.match_id}:buy-none")
    assert r.ephemeral, r.response.content
    assert "You buy none of your cards." in t.channel_text()
    assert result_of(await t.state())["bought"] == []


async def test_the_menus_and_buttons_work_after_a_restart(simcord_env: Any, db_path: Any) -> None:
    t = Draft(simcord_env)
    await t.ann.slash(t.channel, f"match create {GAME}", corporation="Thorgate")
    await t.opened()
    take = t.last_with(f"dealer:actpick:{t.match_id}:take")
    card = (await t.view()).player_pile[1].name
    await simcord_env.restart_bot(make_bot(db_path))
    r = await t.ann.user.select(take, [card], custom_id=f"dealer:actpick:{t.match_id}:take")
    assert r.ephemeral and "Sorry" not in r.response.content, r.response.content
    assert (await t.view()).player_kept[0].name == card
    for _ in range(3):
        await t.ann.slash(t.channel, "match close-phase")
    buy = t.last_with(f"dealer:act:{t.match_id}:buy-none")
    await simcord_env.restart_bot(make_bot(db_path))
    r = await t.ann.user.click(buy, custom_id=f"dealer:act:{t.match_id}:buy-none")
    assert r.ephemeral and "Sorry" not in r.response.content, r.response.content
    assert result_of(await t.state())["bought"] == []


async def post_earlier(t: Draft, custom_id: str) -> Any:
    """A message with a button as the previous version posted it, in the channel."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Buy none", custom_id=custom_id))
    await t.bot.get_channel(t.channel.id).send("An earlier 1-on-1", view=view)
    view.stop()
    return t.channel.history()[-1]


async def test_buy_none_of_the_previous_version_is_refused_politely(
    simcord_env: Any,
) -> None:
    """The previous version's **Buy none** (`dealer:mb:buy-none:<match>`) did not say which
    decision it was for: refused in words, changing nothing, whether buying is open or not."""
    t = Draft(simcord_env)
    await t.ann.slash(t.channel, f"match create {GAME}", corporation="Spire")
    await t.opened()
    old = await post_earlier(t, f"dealer:mb:buy-none:{t.match_id}")
    for _ in range(2):
        r = await t.ann.click(old, custom_id=f"dealer:mb:buy-none:{t.match_id}")
        assert r.ephemeral and r.response.content.startswith(
            "That button was posted by an earlier version of Dealer"
        )
        assert await t.moves() == 0


async def test_a_draft_at_the_table_offers_its_commands_not_forms(simcord_env: Any) -> None:
    """At the table the card and MARSBOT's pile are typed with `/marsbot take` and `/marsbot
    pick` (names autocomplete): the 1-on-1 has no control for them, so no DM is sent for a
    round; the discard gets its button."""
    t = Draft(simcord_env)
    await t.ann.slash(t.channel, "marsbot start", corporation="Thorgate", own_first=True)
    await t.opened()
    me = await t.ann.slash(t.channel, "me")
    assert me.ephemeral and not me.response.components, me.response.content
    took = await t.ann.slash(t.channel, "marsbot take", card="Birds")
    assert took.ephemeral and not took.response.components
    assert not t.ann.user.dm_channel or not t.ann.user.dm_channel.history()


async def test_the_drafter_hosts_undo_and_forfeit(simcord_env: Any) -> None:
    """The creator hosts their draft: `/match undo` takes a round back (MARSBOT's pick with
    it), and `/match forfeit` stops the draft (MB-D9)."""
    t = Draft(simcord_env)
    await t.ann.slash(t.channel, "marsbot start", corporation="Thorgate")
    await t.opened()
    await t.ann.slash(t.channel, "marsbot pick", cards="Power Plant; Comet; Birds; Asteroid")
    assert (await t.view()).round == 2
    asked = await t.ann.slash(t.channel, "match undo")
    assert asked.ephemeral and "ann's pick" in asked.response.content, asked.response.content
    (row,) = asked.response.components
    button, _keep = row["components"]
    done = await t.ann.click(asked.response, custom_id=button["custom_id"])
    assert "↩️ Done" in done.response.content, done.response.content
    view = await t.view()
    assert (view.round, view.rounds, view.marsbot_kept) == (1, [], [])
    asked = await t.ann.slash(t.channel, "match forfeit")
    (row,) = asked.response.components
    button, _keep = row["components"]
    assert "The draft stops where it stands." in asked.response.content
    await t.ann.click(asked.response, custom_id=button["custom_id"])
    assert "ann stops the draft." in t.channel_text()
    assert result_of(await t.state())["ended"] == "forfeit"
    assert ruling_ids_sent(simcord_env) == []


async def test_a_solo_draft_speaks_to_its_one_player_and_takes_the_last_card_for_them(
    simcord_env: Any,
) -> None:
    """The drafter hosts their own draft: no text tells them that the phase waits for the host.
    In round 4 their pile holds one card: Dealer takes it for them, says so, and never offers
    a one-card menu."""
    t = Draft(simcord_env)
    await t.ann.slash(t.channel, f"match create {GAME}", corporation="Saturn Systems")
    await t.opened()
    m = t.match_id
    replies = []
    for _ in range(3):
        card = (await t.view()).player_pile[0].name
        r = await t.take(card)
        replies.append(r.response.content)
    view = await t.view()
    assert view.phase == "buy", "round 4 was played with the only card left"
    last = view.player_kept[-1].name
    assert f"Round 4: the last card of your pile, **{last}**, is yours: taken for you." in (
        t.channel_text()
    )
    status = await t.ann.slash(t.channel, "match status")
    me = await t.ann.slash(t.channel, "me")
    said = "\n".join(
        [
            t.channel_text(),
            *replies,
            status.response.content,
            me.response.content,
            *[d.content for d in t.ann.user.dm_channel.history()],
        ]
    )
    assert "waits for the host" not in said
    assert "No clock: the draft waits for its player." in status.response.content
    for message in t.ann.user.dm_channel.history():
        for row in message.components:
            for control in row.children:
                if getattr(control, "custom_id", None) == f"dealer:actpick:{m}:take":
                    assert len(control.options) > 1, "no menu of one card"
    closed = await t.ann.slash(t.channel, "match close-phase")
    assert closed.response.content.startswith("You closed"), closed.response.content
    record = await t.log()
    takes = [move for move in record["moves"] if move["type"] == "take"]
    assert len(takes) == 4 and takes[-1] == {"by": "ann", "type": "take", "card": last}
    report = replay(record)
    assert report["finished"] and report["rejected"] == []


async def test_undo_never_reopens_marsbots_face_down_pile(simcord_env: Any) -> None:
    """MB-D12: in a whole draft MARSBOT's round-1 pile is face down until it picks; its pick
    shows it. `/match undo` of the round-1 card is refused at once (round 1 would open again
    with the pile now known); a round-2 card may still be taken back."""
    t = Draft(simcord_env)
    await t.ann.slash(t.channel, f"match create {GAME}", corporation="Saturn Systems")
    await t.opened()
    for _ in range(2):
        card = (await t.view()).player_pile[0].name
        await t.take(card)
    assert (await t.view()).round == 3
    asked = await t.ann.slash(t.channel, "match undo")
    (row,) = asked.response.components
    button = next(c for c in row["components"] if c["custom_id"].startswith("dealer:undo:"))
    done = await t.ann.click(asked.response, custom_id=button["custom_id"])
    assert "↩️ Done" in done.response.content, done.response.content
    assert (await t.view()).round == 2, "round 2 hides nothing: taken back"
    moves = await t.moves()
    refused = await t.ann.slash(t.channel, "match undo")
    assert refused.ephemeral and not refused.response.components
    assert "Round 1 cannot be taken back: MARSBOT's pile was face down" in (
        refused.response.content
    )
    phase = await t.ann.slash(t.channel, "match undo", what="phase")
    assert phase.ephemeral and not phase.response.components
    assert "Round 1 cannot be taken back" in phase.response.content
    assert (await t.view()).round == 2 and await t.moves() == moves


async def test_a_random_corporation_leaves_out_the_players_own(simcord_env: Any) -> None:
    """MB-D2. A name that is no corporation is refused (a typo was taken, and left nothing out
    of the draw); one typed in another case is the corporation's."""
    t = Draft(simcord_env)
    for typo, said in [
        ("Celestik", "There is no corporation called 'Celestik'. Did you mean Celestic?"),
        ("Helion corp", "There is no corporation called 'Helion corp'. Did you mean Helion?"),
        ("Nobody Inc", "There is no corporation called 'Nobody Inc'."),
    ]:
        r = await t.ann.slash(
            t.channel, "marsbot start", corporation="random", own_corporation=typo
        )
        assert r.ephemeral and r.response.content == said, r.response.content
    assert await t.bot.storage.open_match_in(t.channel.id) is None
    await t.ann.slash(t.channel, "marsbot start", corporation="random", own_corporation="celestic")
    await t.opened()
    view = await t.view()
    assert view.corporation != "Celestic"
    assert "drawn at random among 19 corporations" in t.channel_text()


async def test_names_autocomplete_from_the_catalogue_the_last_name_being_typed(
    simcord_env: Any,
) -> None:
    t = Draft(simcord_env)
    cards = await t.ann.autocomplete(
        t.channel, "marsbot pick", "cards", "Io Mining Industries; ganym"
    )
    assert cards[0] == {
        "name": "Io Mining Industries; Ganymede Colony (081)",
        "value": "Io Mining Industries; Ganymede Colony",
    }
    repeated = await t.ann.autocomplete(t.channel, "marsbot pick", "cards", "Comet; com")
    assert "Comet; Comet" not in [c["value"] for c in repeated]
    assert await t.ann.autocomplete(t.channel, "marsbot pick", "cards", "Odd:5:") == []
    card = await t.ann.autocomplete(t.channel, "marsbot take", "card", "space stat")
    assert card[0]["value"] == "Space Station"
    helion = await t.ann.autocomplete(t.channel, "marsbot take", "card", "helion")
    assert helion == [], "only project cards are drafted"
    corporations = await t.ann.autocomplete(t.channel, "marsbot start", "corporation", "")
    assert corporations[0]["value"] == "random" and len(corporations) == 22
    celestic = await t.ann.autocomplete(t.channel, "marsbot start", "corporation", "cel")
    assert celestic == [{"name": "Celestic (venus>jovian)", "value": "Celestic"}]
    own = await t.ann.autocomplete(t.channel, f"match create {GAME}", "own_corporation", "hel")
    assert [c["value"] for c in own] == ["Helion"]
    venus = await t.ann.autocomplete(t.channel, "marsbot take", "card", "venus gov")
    assert venus == [], "Venus Next is not a default set"


async def test_a_whole_draft_with_venus_next_deals_its_cards(simcord_env: Any) -> None:
    """`sets:` a name that is no set is refused privately, naming the sets, and opens nothing;
    a whole draft of Venus Next deals its cards, and the names suggested are its."""
    t = Draft(simcord_env)
    bad = await t.ann.slash(t.channel, "marsbot start", sets="venus, moon")
    assert bad.ephemeral and bad.response.content.startswith(
        "`sets`: There is no set called 'moon'. The sets are base (base game)"
    )
    assert await t.bot.storage.open_match_in(t.channel.id) is None
    offered = await t.ann.autocomplete(t.channel, f"match create {GAME}", "sets", "base, v")
    assert offered == [{"name": "base, venus", "value": "base, venus"}]
    r = await t.ann.slash(t.channel, f"match create {GAME}", corporation="Celestic", sets="venus")
    assert not r.ephemeral and "ann's match has started" in r.response.content
    me = await t.ann.slash(t.channel, "me")
    assert "Sets: Venus Next." in me.response.content, me.response.content
    await t.opened()
    state = await t.state()
    venus = {c.name for c in builtin().select(expansions={"venus"})}
    dealt = [c.name for c in (*state.player_pile, *state.marsbot_pile)]
    assert len(dealt) == 8 and set(dealt) <= venus
    suggested = await t.ann.autocomplete(t.channel, "marsbot take", "card", "venus gov")
    assert suggested == [{"name": "Venus Governor (255)", "value": "Venus Governor"}]


async def test_help_explains_the_draft(simcord_env: Any) -> None:
    t = Draft(simcord_env)
    r = await t.ann.slash(t.channel, "help", game=GAME)
    assert r.ephemeral and len(r.response.content) <= 2000
    for words in (
        "/marsbot start",
        "/marsbot pick",
        "/marsbot take",
        "/match create marsbot-draft",
    ):
        assert words in r.response.content
    for typed in ("MARSBOT draft", "marsbot"):
        again = await t.ann.slash(t.channel, "help", game=typed)
        assert again.response.content == r.response.content, typed
    r = await t.ann.slash(t.channel, "help", game="mars")
    assert "'mars' fits 3 games" in r.response.content, "the start of three games' names"
    assert ruling_ids_sent(simcord_env) == []


async def test_marsbot_start_draws_a_corporation_when_none_is_named(simcord_env: Any) -> None:
    """MB-D2: left out, MARSBOT's corporation is drawn (the player's own left out)."""
    t = Draft(simcord_env)
    r = await t.ann.slash(t.channel, "marsbot start", own_corporation="Helion")
    assert not r.ephemeral, r.response.content
    row = await t.bot.storage.open_match_in(t.channel.id)
    assert row is not None and row.status == "running"
    state = await t.bot.service.state(row)
    assert state.corporation is not None and state.corporation != "Helion"


async def three_rounds(t: Draft) -> list[str]:
    """A whole draft (Saturn Systems, seed 5) through its first three rounds with the 1-on-1's
    menu, the first card each time: the private replies to the three picks."""
    await t.ann.slash(t.channel, f"match create {GAME}", corporation="Saturn Systems")
    await t.opened()
    replies = []
    for _ in range(3):
        card = (await t.view()).player_pile[0].name
        r = await t.take(card)
        assert r.ephemeral and "Sorry" not in r.response.content, r.response.content
        replies.append(r.response.content)
    return replies


async def test_round_4_taken_for_the_player_is_posted_once_resolved(simcord_env: Any) -> None:
    """Issue 47 (6), MB-D13: round 4, whose one card Dealer takes for the player, is not
    announced with a board headed "your card" just before the message that resolves it: the
    channel gets the resolution only, with its board."""
    t = Draft(simcord_env)
    await three_rounds(t)
    view = await t.view()
    assert view.phase == "buy"
    text = t.channel_text()
    assert "Dealer takes it for you" not in text
    assert "Round 4 of 4" not in text, "no board or line of round 4 before it is resolved"
    last = view.player_kept[-1].name
    resolved = f"Round 4: the last card of your pile, **{last}**, is yours: taken for you."
    assert text.count(resolved) == 1
    assert "MARSBOT's action deck, top first:" in text, "the resolution comes with its board"


async def test_the_reply_before_a_card_taken_for_the_player_lists_no_card_about_to_go(
    simcord_env: Any,
) -> None:
    """Issue 47 (6): the private reply to the round-3 pick does not list MARSBOT's cards as
    they stand just before round 4 is played for the player: its discard follows at once
    (seed 5: Gene Repair, which MARSBOT took in round 3), and the reply says so."""
    t = Draft(simcord_env)
    replies = await three_rounds(t)
    view = await t.view()
    assert view.discarded is not None and view.discarded.name == "Gene Repair"
    assert "Gene Repair" not in replies[2].split("🤖 Round 3")[1].split("\n", 1)[1]
    assert "MARSBOT keeps:" not in replies[2]
    assert "Dealer takes it for you" in replies[2]
    assert "then MARSBOT takes its last card, makes its discard and shuffles" in replies[2]


async def test_the_board_says_what_the_numbers_on_the_cards_count(simcord_env: Any) -> None:
    """Issue 47 (6): the board of MARSBOT's pick explains the numbers on the cards, in its
    image and its alt text, instead of "(keys: Jovian·Space)"."""
    t = Draft(simcord_env)
    await t.ann.slash(t.channel, f"match create {GAME}", corporation="Saturn Systems")
    await t.opened()
    card = (await t.view()).player_pile[0].name
    await t.take(card)
    chosen = (await t.view()).rounds[0].chosen
    text = t.channel_text()
    assert "keys:" not in text
    assert (
        f"Round 1: MARSBOT took {chosen}; the numbers count each card's Jovian tags, then its "
        "Space tags, and the most is taken" in text
    )
    assert "Jovian·Space 0·1" in text or "Jovian·Space 1·0" in text or "Jovian·Space 0·0" in text
