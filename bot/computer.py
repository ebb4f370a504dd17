"""Computer seats: seats the bot plays itself; and the moves players have no choice about,
which the bot makes for them.

A computer seat's moves come from the game's computer player (`GamePlugin.computer`), a pure
function of the seat's own view and the seat (`Seat`): it sees what a person in that seat may
see and nothing else. Each computer seat the phase waits for moves after a short pause, as a
person would (`pause`, the `COMPUTER_PAUSE` setting); when the phase waits for several at
once (sealed bids), they all move when the one pause is over, each from its own view. In a game
whose seats move several times in one wait (`GamePlugin.computer_moves_several`: a seat
bids on each lot it wants), a seat that may act moves again after each pause
until its player decides it has nothing more to do there (None), which is remembered until
the wait changes (after a restart, the seat is asked once more, and says so again). A player whose
one legal action is `forced` (a menu of one: the last card of a pile) has it made for them at
once, as they would have made it. Each move goes through `MatchService.submit` like anyone's,
so it is in the record and the replay. A `strong` seat (its level, kept with the seat)
searches for up to `STRONG_BUDGET` seconds, within the pause (its thinking is part of it, the
seats waited for at once sharing it), in a worker thread so that the bot's loop goes on
meanwhile.

The moves are made by one task per match, so that nobody waits through the pauses: woken
after every move that may make some due, when a host resumes a paused match, after a
deadline, and on start-up for every running match where a move may be owed (one with a
computer seat, or of a game that makes moves for its players: one query, so a start-up costs
nothing for the others), so a restart loses nothing. A match set aside (its record damaged,
`MatchService.set_aside`) makes no move, and stops no other.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from bot.games.registry import plugin_for
from bot.players import is_computer_user, seat_id
from bot.presenter import Presenter
from bot.service import MatchDamaged, MatchService
from bot.settings import COMPUTER_PAUSE
from bot.storage import MatchRow, Storage
from bot.storage.backend import Busy
from games.core.contract import random_answers
from games.core.errors import RuleError
from games.core.seats import LEVELS, Seat
from games.registry import ENGINES, engine_for

log = logging.getLogger(__name__)

#: More moves than a whole match among computer seats makes: a guard against an engine that
#: never lets one end.
MAX_MOVES = 20_000
#: How long a `strong` seat may search for one decision, in seconds, at most: less when the
#: seats' pause is shorter (the pause is how long a move takes, the search included).
STRONG_BUDGET = 2.0


@dataclass(frozen=True, slots=True)
class Decided:
    """A computer seat's move, the wait and the view it was chosen in."""

    wait: tuple[str, ...]
    view: object
    move: dict[str, Any]


class Computer:
    def __init__(
        self,
        storage: Storage,
        service: MatchService,
        presenter: Presenter,
        pause: float = COMPUTER_PAUSE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.storage = storage
        self.service = service
        self.presenter = presenter
        self.pause = pause
        #: The clock a pause and a strong seat's thinking are measured on, in seconds.
        self.clock = clock
        self._tasks: dict[int, asyncio.Task[None]] = {}
        #: Matches woken while their task was busy: it looks once more before it ends.
        self._again: set[int] = set()
        #: Matches whose task is in a pause (where closing the bot may stop it).
        self._pausing: set[int] = set()
        #: Running matches where no move can ever be owed (`_owes_nothing`): woken, they
        #: start no task.
        self._idle: set[int] = set()
        #: Per match, the wait (`Turn.wait`) and the computer seats done with it (their
        #: player decided None there).
        self._done: dict[int, tuple[tuple[str, ...], set[str]]] = {}
        self._closing = False

    def wake(self, match_id: int) -> None:
        """Make every move owed in the match now (and those they lead to), in the match's
        task: started here, or told to look again if it is running."""
        if self._closing or match_id in self._idle:
            return
        task = self._tasks.get(match_id)
        if task is not None and not task.done():
            self._again.add(match_id)
            return
        self._tasks[match_id] = asyncio.get_running_loop().create_task(
            self._run(match_id), name=f"dealer-computer-{match_id}"
        )

    def seated(self, match_id: int) -> None:
        """A computer seat took over a running match's seat (`/match replace`): the match may
        owe moves from now on, and does if the seat's turn has come."""
        self._idle.discard(match_id)
        self.wake(match_id)

    async def resume_all(self) -> None:
        """On start-up: every running match where a move may be owed (a computer seat's, or
        one a player has no choice about) makes it."""
        forcing = [game for game, engine in ENGINES.items() if engine.forces_moves]
        for match_id in await self.storage.owing_matches(forcing):
            self.wake(match_id)

    async def stop(self) -> None:
        """The bot is closing: a move being made is finished, a pause is cut short (the
        next start makes its move)."""
        self._closing = True
        for match_id in self._pausing:
            self._tasks[match_id].cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _run(self, match_id: int) -> None:
        try:
            for _ in range(MAX_MOVES):
                self._again.discard(match_id)
                if self._closing:
                    return
                if not await self._move(match_id) and match_id not in self._again:
                    return
            log.warning("the computer stopped after %s moves in match %s", MAX_MOVES, match_id)
        except MatchDamaged:
            pass  # set aside, in one line of the log
        except Exception:
            log.exception("the computer seats of match %s stopped", match_id)
        finally:
            self._tasks.pop(match_id, None)

    async def _move(self, match_id: int) -> bool:
        """The moves owed now, if any: a forced one, or after a pause those of the computer
        seats the phase waits for; whether one was made."""
        row = await self.service.row(match_id)
        if row is None or row.status != "running" or row.paused:
            self._done.pop(match_id, None)
            return False
        await self.service.undamaged(row)
        if await self._owes_nothing(row):
            self._idle.add(match_id)
            return False
        if await self._forced(row):
            return True
        owing = await self._owing(row)
        if not owing:
            return False
        # The pause is how long the seats take over their moves, thinking included: each
        # decides within its share of it, and they move together once it is over.
        began = self.clock()
        chosen: list[tuple[str, Decided]] = []
        self._pausing.add(match_id)
        try:
            for index, (number, player) in enumerate(owing, 1):
                share = began + self.pause * index / len(owing)
                decided = await self._decide(match_id, number, player, share)
                if decided is not None:
                    chosen.append((player, decided))
            await asyncio.sleep(max(0.0, began + self.pause - self.clock()))
        finally:
            self._pausing.discard(match_id)
        moved = False
        for player, decided in chosen:
            moved = await self._seat_move(match_id, player, decided) or moved
        return moved

    async def _computers(self, row: MatchRow) -> list[str]:
        """The match's computer seats, in seat order, when its game has a computer player."""
        return list(await self._levels(row))

    async def _levels(self, row: MatchRow) -> dict[str, str]:
        """The match's computer seats, in seat order, each with its level (`normal` for a
        seat stored before levels), when its game has a computer player."""
        if plugin_for(row.game).computer is None:
            return {}
        seats = await self.service.players(row.id)
        return {seat_id(p): p.level or LEVELS[0] for p in seats if is_computer_user(p.user_id)}

    async def _owes_nothing(self, row: MatchRow) -> bool:
        """Whether no move can ever be owed in the running match: its game forces none and
        no seat of it is the computer's (its seats are fixed once it runs). Most matches: the
        moves after the first start no task to find nothing."""
        return not engine_for(row.game).forces_moves and not await self._computers(row)

    async def _owing(self, row: MatchRow) -> list[tuple[int, str]]:
        """The computer seats the phase waits for (each with its number among the match's
        computer seats, in seat order), when the game has a computer player; in a game whose
        seats move several times in one wait, those that may act there too. A seat done with
        the wait is owed nothing more in it."""
        computers = await self._computers(row)
        if not computers:  # who must act is not worked out for nothing
            return []
        turn = await self.service.turn(row)
        owed = set(turn.must)
        player = plugin_for(row.game).computer
        if player is not None and player.several:
            owed |= set(turn.may)
        wait, done = self._done.get(row.id, ((), set()))
        if wait != turn.wait:
            done = set()
            self._done[row.id] = (turn.wait, done)
        return [
            (number, pid)
            for number, pid in enumerate(computers, 1)
            if pid in owed and pid not in done
        ]

    async def _decide(
        self, match_id: int, number: int, player: str, until: float
    ) -> Decided | None:
        """A computer seat's move, chosen from its view as it is now (another seat's move
        may have changed it since the pause began), a strong seat's search stopping at
        `until` (its share of the pause) or after `STRONG_BUDGET`, whichever is first; None
        when it has none to make (when its player decided None, it is done with the wait)."""
        row = await self.service.row(match_id)
        computer = plugin_for(row.game).computer if row is not None else None
        if row is None or computer is None or row.status != "running" or row.paused:
            return None
        turn = await self.service.turn(row)
        if player not in turn.must and not (computer.several and player in turn.may):
            return None
        view = await self.service.view(row, player)
        actions = await self.service.actions(row, player)
        level = (await self._levels(row)).get(player, LEVELS[0])
        # A level the game no longer offers (none is taken away yet) plays normal.
        decide = computer.levels.get(level, computer.levels[LEVELS[0]])
        moves = await self.service.moves_made(row)
        end = min(until, self.clock() + STRONG_BUDGET)
        seat = Seat(player, number, row.seed, moves, level, _stop_at(self.clock, end))
        try:
            if level == LEVELS[0]:
                move = decide(view, actions, seat)
            else:
                normal = computer.levels[LEVELS[0]]
                move = await _searched(match_id, level, (decide, normal), view, actions, seat)
        except ValueError:
            log.exception("the computer player of match %s found no move", match_id)
            return None
        if move is None:
            wait, done = self._done.setdefault(match_id, ((), set()))
            if wait == turn.wait:
                done.add(player)
            return None
        return Decided(turn.wait, view, move)

    async def _seat_move(self, match_id: int, player: str, decided: Decided) -> bool:
        """A computer seat's move, decided during the pause, made if the match still runs
        and waits for the same decision; whether it was made (or is to be chosen again)."""
        row = await self.service.row(match_id)
        computer = plugin_for(row.game).computer if row is not None else None
        if row is None or computer is None or row.status != "running" or row.paused:
            return False
        if (await self.service.turn(row)).wait != decided.wait:
            return True  # a deadline or the host moved on meanwhile: it chooses again
        try:
            outcome = await self.service.submit(match_id, player, decided.move, again=False)
        except Busy:
            # Another process held the match too long: the seat tries again after its pause.
            log.warning("computer move of match %s waited too long for the match", match_id)
            return True
        except (RuleError, UserError) as error:
            # Another move (a deadline) may have come first: the seat looks again from the
            # new view, but not from the same one.
            log.warning("computer move %s of match %s refused: %s", decided.move, match_id, error)
            return bool(await self.service.view(row, player) != decided.view)
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
            # Every pick of a forced action has one choice: the answers draw nothing.
            answers = random_answers(
                actions[0], random.Random(0), count=lambda pick: len(pick.choices)
            )
            move = actions[0].build(answers)
            try:
                outcome = await self.service.submit(row.id, player, move, again=False)
            except (RuleError, UserError) as error:
                # Another move may have come first (a deadline, the player's own).
                log.warning("forced move %s of match %s refused: %s", move, row.id, error)
                return False
            await self.presenter.present(outcome)
            return True
        return False


def _stop_at(clock: Callable[[], float], end: float) -> Callable[[int], bool]:
    """A strong seat's search stops at `end` on `clock` (asked with the iterations done)."""
    return lambda _done: clock() >= end


async def _searched(
    match_id: int,
    level: str,
    players: tuple[Callable[..., Any], Callable[..., Any]],
    view: Any,
    actions: Any,
    seat: Seat,
) -> Any:
    """The move of a level that searches (`players`: its player, then the normal one's), in
    a thread, taking up to its share of the pause while the loop goes on. A search that fails
    plays the normal seat's move, so that one fault of a stronger player leaves the match
    going, logged by `_fault` (no value of the worlds it sampled)."""
    decide, normal = players
    try:
        return await asyncio.to_thread(decide, view, actions, seat)
    except Exception as error:
        log.error(
            "the %s computer player of match %s failed (%s); it plays normal",
            level,
            match_id,
            _fault(error),
        )
        return normal(view, actions, seat)


def _fault(error: BaseException) -> str:
    """A fault's type and the place it was raised (file, line, function), nothing of its
    message, values or frames: a search fails inside a world it sampled, the seat's own hand
    and M€ beside what it drew for the others, and a refusal's words name such sums ("You
    bid $60 in total but hold $45."), which the bot's log, read by its operator, must not
    show."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return type(error).__name__
    place = frames[-1]
    return f"{type(error).__name__} at {place.filename}:{place.lineno} in {place.name}"
