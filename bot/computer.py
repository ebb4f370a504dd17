"""The practice opponent: a seat the bot plays itself; and the moves players have no choice
about, which the bot makes for them.

The practice opponent's moves come from the game's practice player, a pure function of the
seat's own view (`GamePlugin.practice`): it sees what a player in that seat may see and
nothing else. A player whose one legal action is `forced` (a menu of one: the last card of a
pile) has it made for them, as they would have made it. Each move goes
through `MatchService.submit` like anyone's, so it is in the record and the replay. These
moves are made right after the move that made them due, when a host resumes a paused match,
and on start-up for every running match, so a restart loses nothing.
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
from bot.storage import MatchRow, Storage
from games.core.contract import Answer, Pick
from games.core.errors import RuleError
from games.registry import engine_for

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
        """Make every move the computer owes in the match now, and every forced move, each
        committed and delivered before the next is chosen from the view it leads to."""
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
        if await self._forced(row):
            return True
        players = await service.players(match_id)
        if not any(p.user_id == COMPUTER_USER for p in players):
            return False
        decide = plugin_for(row.game).practice
        if decide is None:
            return False
        if COMPUTER not in (await service.turn(row)).must:
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

    async def _forced(self, row: MatchRow) -> bool:
        """A player's move they have no choice about (their one legal action, `forced`),
        made for them; whether one was made."""
        if not engine_for(row.game).forces_moves:
            return False
        for player in (await self.service.turn(row)).must:
            actions = await self.service.actions(row, player)
            if len(actions) != 1 or not actions[0].forced:
                continue
            action = actions[0]
            answers: dict[str, Answer] = {}
            while (step := action.next_step(answers)) is not None:
                assert isinstance(step, Pick)
                values = [c.value for c in step.choices]
                answers[step.field] = values if step.takes_list else values[0]
            move = action.build(answers)
            try:
                outcome = await self.service.submit(row.id, player, move)
            except (RuleError, UserError) as error:
                # Another move may have come first (a deadline, the player's own).
                log.warning("forced move %s of match %s refused: %s", move, row.id, error)
                return False
            await self.presenter.present(outcome)
            return True
        return False

    async def resume_all(self) -> None:
        """On start-up: every running match where a move is owed (the computer's, or one a
        player has no choice about) makes it."""
        for row in await self.storage.running_matches():
            await self.act(row.id)
