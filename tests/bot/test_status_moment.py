"""The live status tells one moment: its words, its image and the image's alt text come from
the match as it stands, after every step of every game, and at the end.

Every game's leak-scan driver (`tests/leaks/drivers/`) plays a whole match at random through
Discord (SimCord); after each of its interactions the status message in the channel and an
onlooker's `/match status` are compared with the match's state now: the phase's title, who
it waits for and the game's own status (`GameTexts.status`) in the words, and, as the image,
the public view drawn now (`GameTexts.status_board`: the live status message of a game with a
live board, `/match status` in every game), told by its alt text. An image left from an
earlier step (a keep already made, a settled auction, a finished match, an earlier round's
results) has another alt text than the image of the match now."""

from __future__ import annotations

import random
from contextlib import nullcontext
from typing import Any

import pytest
from simcord.results import to_discord_message

from bot.flows import lobby
from bot.games.registry import plugin_for
from bot.i18n import pseudo_locale
from bot.players import COMPUTER_NAME, name_table, names_of
from games.core.drawing.words import join
from games.registry import engine_for
from tests.bot.conftest import Table
from tests.bot.pseudo import english
from tests.drivers.mars_auction import SETUP, Auction, to_the_purchases
from tests.drivers.project_mars import Mars
from tests.leaks.drivers import DRIVERS
from tests.leaks.scan import Scan

MATCHES = [
    pytest.param(name, marks=[pytest.mark.slow] if DRIVERS[name].slow else [])
    for name in sorted(DRIVERS)
]


class Moments(Scan):
    """The driver's match, with the status checked (not searched for leaks) after every
    interaction."""

    checked = 0
    #: Whether the bot works in the pseudo-locale (`--pseudo-locale`): its image's alt text is
    #: longer there, so cut elsewhere, and reaches SimCord with the markers taken out.
    pseudo = False

    async def search(self) -> None:
        driver = self.driver
        bot = driver.bot
        row = await self.row()
        players = await bot.service.players(row.id)
        names, table = names_of(players), name_table(players)
        texts = plugin_for(row.game).texts
        engine = engine_for(row.game)
        state = await bot.service.state(row)
        view = engine.view(state, None)
        title = engine.title
        if row.status == "ended":
            words = [f"🏁 **{title}** — the match is over.\n{texts.status(view, names)}"]
        else:
            turn = engine.turn(state)
            waiting = join([names(p) for p in turn.must]) or "nobody"
            words = [
                f"**{title}** — {texts.engine_text(turn.phase.title, names)}",
                f"Waiting for: {waiting}.",
                texts.status(view, names),
            ]
        with pseudo_locale() if self.pseudo else nullcontext():
            drawn = texts.status_board(view, table)
            alt = english(drawn.description()) if drawn is not None else None
        where = f"step {self.step} ({row.status}, move {self.seq})"
        self.step += 1

        message_id = await bot.storage.status_message(row.id)
        assert message_id is not None, where
        posted = driver.env.backend.messages[row.public_channel_id][message_id]
        live = to_discord_message(driver.env, posted)
        for said in words:
            assert said in live.content, f"{where}: the status message says {said!r}"
        shown = [a.description for a in live.attachments]
        assert shown == ([alt] if texts.live_board_events and alt else []), (
            f"{where}: the status message's image is of another moment than its words"
        )

        # Someone who plays no part where there is one (a practice match has only its player).
        asker = next((p for p in driver.people if p.pid is None), driver.people[0])
        asked = await asker.member.slash(driver.channel, "match status")
        assert asked.ephemeral, where
        for said in words:
            assert said in asked.response.content, f"{where}: /match status says {said!r}"
        shown = [a.description for a in asked.response.attachments]
        assert shown == ([alt] if alt else []), (
            f"{where}: /match status shows an image of another moment than its words"
        )
        self.checked += 1


@pytest.mark.parametrize("game", MATCHES)
async def test_the_status_image_and_words_tell_the_same_moment_after_every_step(
    simcord_env: Any, game: str, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    driver = DRIVERS[game](simcord_env)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)
    await driver.start()
    scan = Moments(driver)
    scan.pseudo = bool(request.config.getoption("--pseudo-locale"))
    await scan.begin()
    while await driver.step(scan):
        await scan.check()
    await scan.check()
    assert scan.engine.is_finished(scan.state), "the match was played to its end"
    assert scan.checked > 2, "checked during the match, not only at its start and end"


# -- the moments the issue saw lag -------------------------------------------------------------


async def status_now(bot: Any, match_id: int, channel: Any) -> tuple[str, str]:
    """The status message's text and its image's alt text ("" without one)."""
    message_id = await bot.storage.status_message(match_id)
    message = next(m for m in channel.history() if m.id == message_id)
    alts = [a.description or "" for a in message.attachments]
    assert len(alts) <= 1
    return message.content, "".join(alts)


async def test_the_mars_auction_board_follows_a_keep_and_the_settled_setup(
    simcord_env: Any,
) -> None:
    """After ann kept her company the image no longer says she is choosing; once the setup
    is settled it says so, not that everyone is still buying."""
    table = Auction(simcord_env, 2)
    ann, bob = table.players
    await table.start(first_player=ann, display="; ".join(SETUP), setup_budget=40)
    await table.place(ann, [1, 2], how="numbers", in_one_on_one=False)
    await table.place(bob, [3, 4], how="menu", in_one_on_one=False)
    await table.pass_(ann, in_one_on_one=False)
    await table.pass_(bob, in_one_on_one=True)
    text, alt = await status_now(table.bot, table.match_id, table.channel)
    assert "Waiting for: ann and bob." in text
    assert "ann (A): choosing" in alt and "bob (B): choosing" in alt

    await table.choose(ann, "keep", ["Teractor"])
    text, alt = await status_now(table.bot, table.match_id, table.channel)
    assert "Waiting for: bob." in text
    assert "ann (A): has chosen" in alt and "bob (B): choosing" in alt, alt

    await table.choose(bob, "keep", ["Helion"])
    state = await to_the_purchases(table)
    await table.choose(ann, "buy", [state.display[12].name])
    await table.choose(bob, "buy", [])
    assert (await table.state()).step == "waiting"
    text, alt = await status_now(table.bot, table.match_id, table.channel)
    assert "Waiting for: nobody." in text
    assert alt.startswith("Mars Auction, Setup auction, round 3 of 3: settled."), alt
    assert "choosing" not in alt


async def test_a_finished_project_mars_match_shows_its_result_not_a_turn(
    simcord_env: Any,
) -> None:
    t = Mars(simcord_env)
    await t.practice(deck="fortress")
    rnd = random.Random(2)
    ann = t.pid(t.ann)
    while (await t.view(None))["phase"] != "ended":
        await t.act(ann, rnd)
    result = (await t.state()).result
    assert result is not None and result.winner is not None
    winner = t.ann.name if result.winner == ann else COMPUTER_NAME
    text, alt = await status_now(t.bot, t.match_id, t.channel)
    assert "the match is over" in text and f"**{winner}** wins" in text
    assert alt.startswith(f"Project Mars, Match over: {winner} wins."), alt
    assert "turn" not in alt
    asked = await t.ann.slash(t.channel, "match status")
    assert [a.description for a in asked.response.attachments] == [alt]


async def test_auction_auction_status_shows_no_earlier_rounds_results(
    simcord_env: Any,
) -> None:
    """In round 2's Access phase `/match status` shows no image (its bids are sealed), not
    round 1's access results; in its Auction phase, round 2's."""
    t = Table(simcord_env, 4)
    await t.start(phase_minutes=60, rounds=2)
    rnd = random.Random(3)
    await t.play_random_phase(rnd, by_button=False)
    await t.close_phase()
    asked = await t.host.slash(t.channel, "match status")
    assert [a.filename for a in asked.response.attachments] == ["access-round-1.png"]
    await t.play_random_phase(rnd, by_button=False)
    await t.close_phase()
    assert (await t.state()).round == 2
    asked = await t.host.slash(t.channel, "match status")
    assert asked.response.content.startswith("**Auction Auction** — Access phase, round 2 of 2")
    assert asked.response.attachments == []
    await t.play_random_phase(rnd, by_button=False)
    await t.close_phase()
    asked = await t.host.slash(t.channel, "match status")
    assert [a.filename for a in asked.response.attachments] == ["access-round-2.png"]
