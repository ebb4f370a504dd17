"""Every game's whole match, played once through Discord (SimCord) by its leak-scan driver
(`tests/leaks/drivers/`), and three properties checked on that one match:

- the leak scan (`tests/leaks/scan.py`): after every interaction, nobody reads what they may
  not know yet;
- every control used twice acts once (issue 42, `tests/leaks/doubler.py`): each second use is
  refused in words and changes nothing;
- the live status tells one moment (`Moments`): after every interaction its words, its image
  and the image's alt text come from the match as it stands.

Each property was a test of its own, each playing the same matches (131 s of CPU on a loaded
2-core VM); the checks of one do not touch what the others look at: a second use changes no
state and no status, and the status asked for is one more reply the leak scan reads."""

from __future__ import annotations

import json
from collections.abc import Mapping
from contextlib import nullcontext
from typing import Any

import pytest
from simcord.results import to_discord_message

from bot import boards
from bot.flows import lobby
from bot.games.base import GameTexts
from bot.games.registry import plugin_for
from bot.i18n import pseudo_locale
from bot.players import name_table, names_of
from games.core.drawing.board import drawing
from games.core.drawing.words import join
from games.core.views import GameView
from games.registry import engine_for
from tests.bot.pseudo import english
from tests.leaks.doubler import doubling
from tests.leaks.drivers import DRIVERS
from tests.leaks.scan import Driver, Scan, play_through

#: The matches, the long ones marked slow (`pytest -m "not slow"` leaves them out).
MATCHES = [
    pytest.param(name, marks=[pytest.mark.slow] if DRIVERS[name].slow else [])
    for name in sorted(DRIVERS)
]


class Moments(Scan):
    """The leak scan, with the status checked after every interaction too: the status message
    in the channel and an onlooker's `/match status` compared with the match's state now: the
    phase's title, who it waits for and the game's own status (`GameTexts.status`) in the
    words, and, as the image, the public view drawn now (`GameTexts.status_board`: the live
    status message of a game with a live board, `/match status` in every game), told by its
    alt text. An image left from an earlier step (a keep already made, a settled auction, a
    finished match, an earlier round's results) has another alt text than the image of the
    match now."""

    def __init__(self, driver: Driver, *, pseudo: bool) -> None:
        super().__init__(driver)
        #: Whether the bot works in the pseudo-locale (`--pseudo-locale`): its image's alt
        #: text is longer there, so cut elsewhere, and reaches SimCord with the markers taken
        #: out.
        self.pseudo = pseudo
        #: How many moments were checked.
        self.checked = 0
        #: The alt text of the status image (None: no image) by the public view it is drawn
        #: from and the players' names (`status_alt`).
        self.alts: dict[tuple[str, tuple[tuple[str, str], ...]], str | None] = {}

    async def search(self) -> None:
        """The status checked first, so that the leak scan reads the `/match status` reply
        it asked for."""
        await self.moment()
        await super().search()

    async def moment(self) -> None:
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
        alt = self.status_alt(texts, view, table)
        where = f"step {self.step} ({row.status}, move {self.seq})"

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

    def status_alt(
        self, texts: GameTexts, view: GameView | dict[str, Any], table: Mapping[str, str]
    ) -> str | None:
        """The alt text of the public view drawn (`GameTexts.status_board`), or None if the
        game draws none. Drawn once for each view and names: a board is a pure function of
        them, and the status is checked again after every interaction, most of which change
        neither (an answer, a refused second click, a menu opened). Drawn as the bot's
        workers draw it (`bot.boards.PICTURES`): the alt text is the board's words, which
        are the same whether its picture is drawn or not."""
        key = (
            json.dumps(view.to_json() if isinstance(view, GameView) else view, sort_keys=True),
            tuple(sorted(table.items())),
        )
        if key not in self.alts:
            with pseudo_locale() if self.pseudo else nullcontext(), drawing(boards.PICTURES):
                drawn = texts.status_board(view, table)
                self.alts[key] = english(drawn.description()) if drawn is not None else None
        return self.alts[key]


@pytest.mark.parametrize("game", MATCHES)
async def test_a_whole_match_leaks_nothing_acts_once_per_control_and_shows_its_moment(
    simcord_env: Any, game: str, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    driver = DRIVERS[game](simcord_env)
    monkeypatch.setattr(lobby, "new_seed", lambda: driver.seed)
    doubler = doubling(driver, monkeypatch)
    pseudo = bool(request.config.getoption("--pseudo-locale"))
    scan = await play_through(driver, scanner=lambda d: Moments(d, pseudo=pseudo))
    assert isinstance(scan, Moments)
    assert scan.engine.is_finished(scan.state), "the match was played to its end"
    assert doubler.checked, "no control made a move"
    assert scan.checked > 2, "the status was checked during the match, not only at its ends"
