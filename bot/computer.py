"""The practice opponent: a seat the bot plays itself.

Its moves come from the game's practice player, a pure function of the seat's own view
(`GamePlugin.practice`): it sees what a player in that seat may see and nothing
else. Each move goes through `MatchService.submit` like anyone's, so it is in the record and
the replay. The computer moves right after the move that made it its turn, when a host
resumes a paused match, and on start-up for every match where it owes a move, so a restart
loses nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict

from bot.errors import UserError
from bot.games.registry import plugin_for
from bot.players import COMPUTER, COMPUTER_USER
from bot.presenter import Presenter
from bot.service import MatchService
from bot.storage import Storage
from games.core.errors import RuleError

log = logging.getLogger(__name__)

#: More moves than any turn's chain of decisions can need: a guard against a loop.
MAX_MOVES = 50


class Computer:
    def __init__(self, storage: Storage, service: MatchService, presenter: Presenter) -> None:
        self.storage = storage
        self.service = service
        self.presenter = presenter
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def act(self, match_id: int) -> None:
        """Make every move the computer owes in the match now, each committed and delivered
        before the next is chosen from the view it leads to."""
        async with self._locks[match_id]:
            for _ in range(MAX_MOVES):
                if not await self._move(match_id):
                    return
            log.warning("the computer stopped after %s moves in match %s", MAX_MOVES, match_id)

    async def _move(self, match_id: int) -> bool:
        """One move if one is owed; whether one was made."""
        service = self.service
        row = await service.row(match_id)
        if row is None or row.status != "running" or row.paused:
            return False
        players = await service.players(match_id)
        if not any(p.user_id == COMPUTER_USER for p in players):
            return False
        decide = plugin_for(row.game).practice
        if decide is None:
            return False
        if COMPUTER not in (await service.turn(row)).may:
            return False
        view = await service.view(row, COMPUTER)
        try:
            move = decide(view, row.seed)
        except ValueError:
            log.exception("the practice player of match %s found no move", match_id)
            return False
        try:
            outcome = await service.submit(match_id, COMPUTER, move)
        except (RuleError, UserError) as error:
            # Another move (a deadline) may have come first: try again from the new view,
            # but not from the same one.
            log.warning("practice move %s of match %s refused: %s", move, match_id, error)
            return await service.view(row, COMPUTER) != view
        await self.presenter.present(outcome)
        return True

    async def resume_all(self) -> None:
        """On start-up: every open match where the computer owes a move makes it."""
        for row in await self.storage.open_matches_of(COMPUTER_USER):
            if row.status == "running":
                await self.act(row.id)
