"""The service layer: the one place where moves are applied and committed.

Handlers parse input and call `submit`; a confirmation is shown only after `submit` has
returned, i.e. after the move and its events (the presenter's outbox) were committed, with
a snapshot and the next phase's timers in the same transaction when the move began a new wait
(the contract's wait signal, `Turn.wait`, changed; and, when it ended the match, the season's
prizes and every member's result).
Each match has a lock, so two clicks or two players at once are applied one after the other
against the latest state.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import math
import random
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from bot import i18n
from bot.errors import UserError
from bot.games.base import named
from bot.games.registry import plugin_for
from bot.i18n import N_, engine_words
from bot.players import (
    Names,
    is_computer,
    is_computer_user,
    names_of,
    player_id,
    renamed,
    seat_id,
)
from bot.seasons import MATCH_TITLE, REFUND_CANCELLED, REFUND_UNDONE, SeasonService
from bot.stats import results_of
from bot.storage import (
    DamagedRecord,
    Handover,
    LedgerRefused,
    LoggedWait,
    MatchMoved,
    MatchRow,
    PlayerRow,
    Snapshot,
    Storage,
    TimerRow,
)
from games.core.contract import Action, Phase, Turn
from games.core.engine import HOST
from games.core.errors import RuleError
from games.core.events import Event
from games.core.seats import LEVELS
from games.registry import ENGINES, engine_for

T = TypeVar("T")

log = logging.getLogger(__name__)

#: How many times a move is decided, at most, when other processes keep moving the match.
MOVE_TRIES = 5
#: On a shared database (several processes), how long a remembered row or state of a match
#: is used before it is read again, in seconds: what a player is shown may lag another
#: process's move by this much, never a move's own check.
FRESH_FOR = 1.0
#: A snapshot is written with every host move, every move that opens a phase or ends the
#: match, and every this many moves; loading replays the moves after the last one.
SNAPSHOT_EVERY = 250
#: How many of a match's latest moves this process keeps in memory (`Recent`): a control
#: shown before them is checked against the stored log.
RECENT_MOVES = 64
#: What a control of a match that has ended answers (and the lead of `/me` after it).
MATCH_OVER = N_("This match is over.")
NOT_STARTED = N_("This match has not started yet.")
ALREADY_PAUSED = N_("The match is already paused.")


class MatchDamaged(UserError):
    """What every command on a match set aside answers: what of its stored record cannot be
    read, and what its host can still do (`MatchService.set_aside`)."""

    def __init__(self, match_id: int, what: str) -> None:
        self.what = what
        super().__init__(
            i18n._(
                "Match #{match} cannot go on: {what} in its stored record cannot be read, so its "
                "host can only export what remains of its record with `/match log` and end it "
                "with `/match cancel`."
            ).format(match=match_id, what=damage_words(what))
        )


#: What of a match's stored record cannot be read (`MatchRow.damaged`), as stored: English
#: text, said in the reader's language where it is shown (`damage_words`).
DAMAGES = (
    N_("move {seq}"),
    N_("its game (“{game}”)"),
    N_("a move refused on replay"),
    N_("its options"),
)


def damage_words(what: str) -> str:
    """What of a record is damaged (one of `DAMAGES`, filled in), in the language in force."""
    return i18n.said_again(what, DAMAGES)


def clock_lengths(row: MatchRow) -> dict[str, int | None]:
    """How long each kind of decision of the match's game lasts (`Engine.clocks`): the
    host's length for that kind, else the one length a host chose for every phase (a match
    created before clocks per kind), else the clock's default; None: no deadline."""
    return {
        kind: row.clocks.get(kind) or row.phase_seconds or clock.default_seconds
        for kind, clock in engine_for(row.game).clocks.items()
    }


def phase_length(row: MatchRow, turn: Turn) -> int | None:
    """How long the innermost phase now open lasts: its clock's length in this match; None:
    it has no deadline (no clock, or one without a length)."""
    kind = turn.phase.clock
    return None if kind is None else clock_lengths(row).get(kind)


def opening_timers(now: float, length: int | None) -> list[tuple[str, float]]:
    """The timers of a phase that opens now: none for a phase without a deadline."""
    return phase_timers(now, length, length) if length else []


def phase_timers(now: float, remaining: float, length: float) -> list[tuple[str, float]]:
    """The deadline and its reminder, at half time, while that is still ahead: one reminder
    per deadline, so nobody reads the same 1-on-1 twice for one decision."""
    deadline = now + remaining
    reminder = deadline - length / 2
    return [("deadline", deadline)] + ([("reminder", reminder)] if now < reminder else [])


#: A move as replayed: its seq, actor, move and the events it told.
Told = tuple[int, str, dict[str, Any], list[Event]]


@dataclass(frozen=True, slots=True)
class Replayed:
    """A match rebuilt from its record: the state, and each move's seq, actor, move and
    events, with the wait signal (`Turn.wait`) before the first move and after each."""

    state: Any
    moves: list[Told]
    waits: list[tuple[str, ...]]

    def opened(self, index: int, depth: int | None = None) -> bool:
        """Whether move `index` began a new wait; with `depth`, a new phase at that depth or
        one enclosing it (0: the outermost)."""
        before, after = self.waits[index], self.waits[index + 1]
        if depth is None:
            return before != after
        return before[: depth + 1] != after[: depth + 1]


@dataclass(frozen=True, slots=True)
class Wait:
    """What a committed move (or a match's setup) did to the match's wait, read from the
    contract's wait signal (`Turn.wait`), never from an event's name: the phases it began,
    outermost first (none: the wait before it goes on), and, after it, who the match waits
    for (`Turn.must`) and who may act (`Turn.may`). The innermost phase began names the
    clock it runs on. Stored with the move in the outbox (`OutboxItem.wait`), so that a
    delivery after a restart knows it too."""

    began: tuple[Phase, ...]
    must: tuple[str, ...]
    may: tuple[str, ...]
    #: The move ended the match (`Engine.is_finished`).
    ended: bool = False

    @property
    def opened(self) -> bool:
        """Whether a new wait began."""
        return bool(self.began)

    @property
    def calls(self) -> bool:
        """Whether a new wait began for someone: a player must or may act in it (not the
        match's end, nor a wait for the host)."""
        return self.opened and bool(self.must or self.may)

    @classmethod
    def after(cls, before: tuple[str, ...] | None, turn: Turn, *, ended: bool = False) -> Wait:
        """The wait after a move, given the wait signal before it (None: the setup, which
        begins every phase): the phases from the outermost whose id changed; the innermost
        alone where the match went back out to a phase it was in (the stack is shorter).
        `ended`: the move ended the match."""
        phases = turn.phases
        if before == turn.wait:
            first = len(phases)
        elif before is None:
            first = 0
        else:
            changed = (i for i, (a, b) in enumerate(zip(before, turn.wait, strict=False)) if a != b)
            first = min(next(changed, len(before)), len(phases) - 1)
        return cls(tuple(phases[first:]), tuple(turn.must), tuple(turn.may), ended)

    def to_json(self) -> dict[str, Any]:
        return {
            "began": [phase.model_dump(mode="json") for phase in self.began],
            "must": list(self.must),
            "may": list(self.may),
            "ended": self.ended,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Wait:
        return cls(
            tuple(Phase.model_validate(phase) for phase in data["began"]),
            tuple(data["must"]),
            tuple(data["may"]),
            bool(data.get("ended", False)),
        )


class EarlierDecision(UserError):
    """A control shown for a decision that is no longer open to the one who used it
    (`MatchService.require_current`): `was` the innermost phase's title when it was shown and
    `now` the one now (player ids in them, None where unknown), and why it is over: `made`
    (they have moved since), `undone` (a host took moves back), `moved` (a new wait began) or
    `gone` (it names a move the match has not had)."""

    def __init__(self, was: str | None, now: str | None, reason: str) -> None:
        super().__init__(f"That control was for an earlier decision ({reason}).")
        self.was, self.now, self.reason = was, now, reason


@dataclass(frozen=True, slots=True)
class Undo:
    """Moves a host may take back (`/match undo`, `/match unkick`), and what the match would
    be without them. It holds while the match's log is as it was when it was planned."""

    match_id: int
    #: The moves taken back, oldest first.
    moves: list[Told]
    #: The last seq in the log when it was planned.
    last: int
    #: The phase open again after the undo, when a taken-back move had closed one.
    reopens: Phase | None

    @property
    def seqs(self) -> list[int]:
        return [seq for seq, *_ in self.moves]


class LastView:
    """The public view after a match's last move, for a game that presents its moves with
    the public views around them (the table shown with its events). It is built when first
    asked, once the move has been answered (its events delivered: `view_after`), not on the
    move's way to its answer (issue 43). It is built from the match's state, which the next
    move changes in place: a move that must store the view before it asks for it first
    (`MatchService._view_before`)."""

    def __init__(self, seq: int, view: Callable[[], Any]) -> None:
        #: The move's seq.
        self.seq = seq
        self._view = view
        self._built: Any = None

    def get(self) -> Any:
        if self._built is None:
            self._built = self._view()
        return self._built


@dataclass(frozen=True, slots=True)
class Made:
    """What a logged move did to its match's decisions (`MatchService.require_current`): who
    made it, its type, and whether it began a new wait."""

    seq: int
    actor: str | None
    kind: str | None
    began: bool

    @classmethod
    def logged(cls, entry: LoggedWait) -> Made:
        """From the stored log; an entry of earlier versions (no wait stored) began one."""
        began = entry.wait is None or bool(entry.wait.get("began"))
        return cls(entry.seq, entry.actor, entry.move.get("type"), began)


class Recent:
    """The moves this process committed to a match since it last read the match's state: on
    a database of one process (nothing else writes the log) they tell whether a control shown
    at a move since `base` is current without a read (`MatchService.require_current`, issue
    43). An undo forgets them (its seqs are never used again); only the latest
    `RECENT_MOVES` are kept."""

    def __init__(self, base: int) -> None:
        #: The seq from which on every move is here (the state read was after it).
        self.base = base
        self.moves: list[Made] = []

    @property
    def last(self) -> int:
        return self.moves[-1].seq if self.moves else self.base

    def add(self, move: Made) -> None:
        self.moves.append(move)
        if len(self.moves) > RECENT_MOVES:
            self.base = self.moves.pop(0).seq

    def since(self, shown: int) -> list[Made] | None:
        """The moves after `shown`, None when some of them are not here."""
        if shown < self.base:
            return None
        return [m for m in self.moves if m.seq > shown]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A committed move: its events as stored, and what presenting it needs besides."""

    match_id: int
    seq: int
    actor: str
    events: list[Event]
    #: The actor's own summary after the move (`Engine.summary`: a `GameView` in a typed
    #: game, JSON in the others); None for the host.
    summary: Any
    #: What the move did to the match's wait.
    wait: Wait


class MatchService:
    def __init__(
        self,
        storage: Storage,
        now: Callable[[], float],
        timers_changed: Callable[[], None] = lambda: None,
        presents_views: Callable[[str], bool] = lambda game: False,
        set_aside: Callable[[MatchRow, str], Awaitable[None]] | None = None,
    ) -> None:
        self.storage = storage
        #: Tells a match's host, once, that it was set aside (`set_aside`).
        self.told_set_aside = set_aside
        self.now = now
        self.seasons = SeasonService(storage, now)
        #: Called after every commit that changed a match's timers (the dispatcher's poke).
        self.timers_changed = timers_changed
        #: Whether a game's moves are presented with the public views around them.
        self.presents_views = presents_views
        self._states: dict[int, Any] = {}
        self._players: dict[int, list[PlayerRow]] = {}
        #: When `_players` of a match were read (on a shared database, a seat handed over
        #: by another process is seen once they are `FRESH_FOR` old).
        self._players_read: dict[int, float] = {}
        self._names: dict[int, Names] = {}
        #: The seq of the last move in the log, for the matches in `_states`.
        self._seqs: dict[int, int] = {}
        #: The moves committed since each remembered state was read, on a database of one
        #: process (`Recent`).
        self._recent: dict[int, Recent] = {}
        #: Rows of running matches, and which channel each runs in. Every write to a running
        #: match goes through this service, which drops the row it changed.
        self._rows: dict[int, MatchRow] = {}
        self._channels: dict[int, int] = {}
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        #: When each remembered row and state was read from the database (`_stale`).
        self._row_read: dict[int, float] = {}
        self._state_read: dict[int, float] = {}
        #: What was worked out of each remembered state (`_worked`): the state, its seq, and
        #: its turn and players' legal actions as asked.
        self._asked: dict[int, tuple[Any, int, dict[str | None, Any]]] = {}
        #: The public view after each match's last move, of a game that presents them.
        self._last_views: dict[int, LastView] = {}
        #: The public view that this process's last delivery of each match stored, and the
        #: seq of the log entry it is the view after (`viewed`).
        self._viewed: dict[int, tuple[int, Any]] = {}

    def lock(self, match_id: int) -> asyncio.Lock:
        return self._locks[match_id]

    def forget(self, match_id: int) -> None:
        self._states.pop(match_id, None)
        self._asked.pop(match_id, None)
        self._last_views.pop(match_id, None)
        self._viewed.pop(match_id, None)
        self._seqs.pop(match_id, None)
        self._recent.pop(match_id, None)
        self._players.pop(match_id, None)
        self._names.pop(match_id, None)
        self._changed(match_id)

    def _written(self, match_id: int, *, timers: bool = True) -> None:
        """A write to the match's row has committed: drop the cached row (only now, so that
        a reader during the write cannot keep the old one) and, when it may have changed the
        match's `timers`, let the dispatcher look.

        A move changes the row (its deadline, status or time left) and the timers only when
        it opens a phase, ends the match or fires a deadline; a snapshot taken on the way
        (`SNAPSHOT_EVERY`) or a host's move within a phase changes neither. A match has
        timers only while its row has a deadline, so a phase on no clock that opens after
        another on none leaves the dispatcher asleep (each look is a read of the timers)."""
        self._changed(match_id)
        if timers:
            self.timers_changed()

    def _changed(self, match_id: int) -> None:
        row = self._rows.pop(match_id, None)
        if row is not None:
            self._channels.pop(row.channel_id, None)

    def _remember(self, row: MatchRow | None) -> MatchRow | None:
        if row is not None and row.status == "running":
            self._rows[row.id] = row
            self._channels[row.channel_id] = row.id
            self._row_read[row.id] = self.now()
        return row

    def _stale(self, read: dict[int, float], match_id: int) -> bool:
        """Whether what this process remembers of a match, read at `read[match_id]`, is to be
        read again: on a shared database, once it is `FRESH_FOR` old (another process may
        have changed the match since; a move itself is always checked in its transaction)."""
        return self.storage.shared and self.now() - read.get(match_id, -math.inf) > FRESH_FOR

    async def row(self, match_id: int, *, checked: bool = False) -> MatchRow | None:
        """A match's row (running matches from memory). `checked`: for a move, which the
        store checks against the match under its row lock (`Storage.record_move`): the row
        remembered is used however old (a move refused as `MatchMoved` forgets it)."""
        row = self._rows.get(match_id)
        if row is not None and not checked and self._stale(self._row_read, match_id):
            self._changed(match_id)
            row = None
        return row if row is not None else self._remember(await self.storage.match(match_id))

    async def open_match_in(self, channel_id: int) -> MatchRow | None:
        """The lobby or running match of a channel."""
        match_id = self._channels.get(channel_id)
        if match_id is not None:
            return await self.row(match_id)
        return self._remember(await self.storage.open_match_in(channel_id))

    async def set_aside(self, row: MatchRow, what: str) -> MatchDamaged:
        """Set aside a match whose record is damaged at `what` (`Storage.set_aside`): the
        first to find it logs one line and has its host told; the refusal every command on
        it gets is returned, to raise."""
        self.forget(row.id)
        if await self.storage.set_aside(row.id, what):
            log.error("match %s set aside: %s in its stored record cannot be read", row.id, what)
            if self.told_set_aside is not None:
                await self.told_set_aside(row, what)
        return MatchDamaged(row.id, what)

    async def undamaged(self, row: MatchRow) -> None:
        """MatchDamaged for a match set aside, or whose row shows damage (its options, a
        game this bot does not know)."""
        if row.damaged is not None:
            raise await self.set_aside(row, row.damaged)
        if row.game not in ENGINES:
            raise await self.set_aside(row, f"its game (“{row.game[:40]}”)")

    async def logged(
        self, row: MatchRow, *, after: int = 0
    ) -> list[tuple[int, str, dict[str, Any]]]:
        """The match's accepted moves after `after` (`Storage.moves`); MatchDamaged, the
        match set aside, when one of them cannot be read."""
        try:
            return await self.storage.moves(row.id, after=after)
        except DamagedRecord as damage:
            raise await self.set_aside(row, damage.what) from None

    async def state(self, row: MatchRow, *, checked: bool = False) -> Any:
        """The match's current state: cached, or its snapshot plus the moves after it (a
        snapshot that cannot be read is rebuilt from the whole record and written back);
        MatchDamaged when the record cannot give it. `checked`: as `row`'s."""
        return (await self._state(row, checked=checked))[0]

    async def _state(self, row: MatchRow, *, checked: bool = False) -> tuple[Any, int]:
        """The match's current state and the seq of its last move: what controls laid out
        from it were shown for (`EarlierDecision`)."""
        state = self._states.get(row.id)
        if state is not None and not checked and self._stale(self._state_read, row.id):
            if await self.storage.last_seq(row.id) == self._seqs[row.id]:
                self._state_read[row.id] = self.now()
            else:
                state = None
        if state is not None:
            return state, self._seqs[row.id]
        await self.undamaged(row)
        stored = await self.storage.snapshot(row.id)
        if stored is None:
            raise UserError(i18n._(NOT_STARTED))
        engine = engine_for(row.game)
        try:
            state = engine.load_state_json(stored[0])
        except ValueError:
            state, seq = await self._rebuilt(row, stored[1])
        else:
            later = await self.logged(row, after=stored[1])
            for logged_seq, actor, move in later:
                try:
                    engine.apply(state, actor, engine.parse_move(move))
                except (ValueError, RuleError):
                    raise await self.set_aside(row, f"move {logged_seq}") from None
            seq = later[-1][0] if later else stored[1]
        # The row may be older than the state: a move that just ended the match. On a shared
        # database a move of this process may have committed while this was read: what it
        # left is newer, and stays.
        newer = self._seqs.get(row.id, -1) > seq
        if row.status == "running" and not engine.is_finished(state) and not newer:
            self._states[row.id] = state
            self._seqs[row.id] = seq
            self._state_read[row.id] = self.now()
            self._read_at(row.id, seq)
        return state, seq

    async def _rebuilt(self, row: MatchRow, stored_seq: int) -> tuple[Any, int]:
        """The state rebuilt from the match's whole record, its snapshot (of move
        `stored_seq`) being unreadable, and written back as the snapshot; with its seq."""
        log.warning("match %s: its snapshot cannot be read; rebuilt from its record", row.id)
        moves = await self.logged(row)
        try:
            state = (await self.replay(row, moves)).state
        except MatchDamaged:
            raise
        except UserError:  # an accepted move refused: the record is not what was played
            raise await self.set_aside(row, "a move refused on replay") from None
        # Moves taken back leave `stored_seq` past the log's last (`Storage.undo`).
        seq = max([stored_seq, *(m[0] for m in moves[-1:])])
        await self.storage.rebuilt_snapshot(
            row.id, engine_for(row.game).dump_state_json(state), seq
        )
        return state, seq

    async def moves_made(self, row: MatchRow) -> int:
        """How many moves a running match has had: the seq of its last move (0 before any)."""
        await self.state(row)
        return self._seqs.get(row.id, 0)

    async def turn(self, row: MatchRow) -> Turn:
        """The phase now and who may and must act (`Engine.turn`)."""
        return self._turn(row.game, row.id, await self.state(row))

    def _turn(self, game: str, match_id: int, state: Any) -> Turn:
        asked = self._worked(match_id, state)
        turn: Turn | None = asked.get(None)
        if turn is None:
            turn = asked[None] = engine_for(game).turn(state)
        return turn

    async def actions(self, row: MatchRow, player: str) -> list[Action]:
        """What `player` may do now (`Engine.legal_actions`)."""
        return (await self.decision(row, player))[1]

    async def decision(self, row: MatchRow, player: str) -> tuple[int, list[Action]]:
        """What `player` may do now, and the seq of the state it was worked out from: the
        decision controls laid out from these actions are shown for (`require_current`)."""
        state, seq = await self._state(row)
        asked = self._worked(row.id, state)
        actions: list[Action] | None = asked.get(player)
        if actions is None:
            actions = asked[player] = engine_for(row.game).legal_actions(state, player)
        return seq, list(actions)

    async def public(self, row: MatchRow) -> tuple[int, Any]:
        """The public view now (as `view` gives it), and the seq of the state it shows (as
        `decision`)."""
        state, seq = await self._state(row)
        return seq, engine_for(row.game).view(state, None)

    async def require_current(
        self, row: MatchRow, actor: str, shown: int, kind: str | None = None
    ) -> None:
        """Refuse (`EarlierDecision`) a control shown at move `shown` for a decision that is
        no longer `actor`'s: a control remembers what it was shown for, as boardgame.io's
        `stateID` does, and is taken only while that decision is open. A decision is the
        match's wait (`Turn.wait`) as one seat sees it, for one kind of move (`kind`, its
        type; None: any): it ends when a new wait begins, when the seat makes a move of that
        kind (another player's move in the same wait, a sealed bid beside mine, leaves it
        open, and so does my gift beside my bid), and when a host takes back the move it was
        shown after (`undo`; a
        decision shown before the moves taken back is open again, and one shown after the
        undo has a seq of its own, which the undo leaves unused). Read from the stored log,
        so that it holds across restarts and processes, unless this process holds every move
        since `shown` (`Recent`: on a database of one process, no read on a move's way to its
        answer); `submit` asks it again with the move, under the match's lock, so that of two
        clicks on one control only the first is taken."""
        last = (await self._state(row))[1]
        if shown > last:
            raise EarlierDecision(await self._title_at(row.id, last), None, "gone")
        if shown == last:
            # Shown at the match as it is: nothing was logged since, and no move taken back
            # (an undo leaves the seq after the moves it took back unused), so no read.
            return
        recent = self._recent.get(row.id)
        told = recent.since(shown) if recent is not None and recent.last == last else None
        logged = told
        if logged is None:
            stored = await self.storage.log_since(row.id, shown)
            logged = [Made.logged(e) for e in stored if e.seq <= last]
        reason = None
        if any(e.actor == actor and kind in (None, e.kind) for e in logged):
            reason = "made"
        elif (
            told is None
            and shown
            and any(m.seq == shown for m in await self.storage.undone(row.id))
        ):
            # Moves this process holds since `shown` (`Recent`) were not taken back: an undo
            # forgets them.
            reason = "undone"
        elif any(e.began for e in logged):
            reason = "moved"
        if reason is not None:
            was = await self._title_at(row.id, shown)
            now = self._turn(row.game, row.id, (await self._state(row))[0]).phase.title
            raise EarlierDecision(was, now, reason)

    async def _title_at(self, match_id: int, seq: int) -> str | None:
        """The innermost phase at move `seq`, as the log's stored waits tell it (None: not
        stored, for moves of earlier versions)."""
        began = await self.storage.phase_began(match_id, seq)
        return str(began[-1]["title"]) if began else None

    def _read_at(self, match_id: int, seq: int) -> None:
        """The match's state was read, after move `seq`: the moves this process commits from
        now on are kept (`Recent`), on a database nothing else writes."""
        if self.storage.shared:
            self._recent.pop(match_id, None)
        else:
            self._recent[match_id] = Recent(seq)

    def _worked(self, match_id: int, state: Any) -> dict[str | None, Any]:
        """What was worked out of the match's state now, kept for the next to ask while it is
        the state remembered at the same seq (a click's controls, its move, the reply, the
        1-on-1 and the live status each ask): the turn (key None) and each player's legal
        actions. Nothing is kept of a state not remembered (a match that has ended); a move
        drops what was kept before it changes the state."""
        seq = self._seqs.get(match_id, -1)
        kept = self._asked.get(match_id)
        if kept is not None and kept[0] is state and kept[1] == seq:
            return kept[2]
        asked: dict[str | None, Any] = {}
        if self._states.get(match_id) is state:
            self._asked[match_id] = (state, seq, asked)
        return asked

    async def audit(self, row: MatchRow) -> dict[str, Any]:
        """The host's full picture of the phases that have closed (`Engine.audit`)."""
        return engine_for(row.game).audit(await self.state(row))

    async def host_picture(self, row: MatchRow) -> dict[str, Any]:
        """The host's view with the engine's audit of the closed phases (`Engine.audit`)
        merged in: what a game's texts word for the spectators' channel (`GameTexts.audit`)."""
        state = await self.state(row)
        engine = engine_for(row.game)
        return {**engine.view_json(state, HOST), **engine.audit(state)}

    async def view(self, row: MatchRow, viewer: str | None) -> Any:
        """What `viewer` (a player id, HOST, or None for the public) may know now: the
        engine's view as it gives it (a `GameView` in a typed game, JSON in the others), for
        the game's own texts, render and computer seats to read."""
        return engine_for(row.game).view(await self.state(row), viewer)

    async def players(self, match_id: int) -> list[PlayerRow]:
        """The seated players; kept in memory once the match has started (its seats change
        only when the host hands one over, `hand_over`, which forgets them)."""
        players = self._players.get(match_id)
        if players is None or self._stale(self._players_read, match_id):
            self._names.pop(match_id, None)
            players = await self.storage.players(match_id)
            row = await self.row(match_id)
            if row is not None and row.status == "running":
                self._players[match_id] = players
                self._players_read[match_id] = self.now()
        return players

    async def names(self, match_id: int) -> Names:
        """The names people see, by player id; kept with the seated players."""
        # The players are read again when stale, and their names with them.
        return self.seated_names(match_id, await self.players(match_id))

    def seated_names(self, match_id: int, players: list[PlayerRow]) -> Names:
        """The names of a match's seated `players` as the caller read them (`players`): the
        ones kept with them when they are the players this process keeps, so that the
        interactions of a running match do not work them out each time; else worked out
        (never read: a match that has just ended keeps none)."""
        if self._players.get(match_id) is not players:
            return names_of(players)
        names = self._names.get(match_id)
        if names is None:
            names = self._names[match_id] = names_of(players)
        return names

    async def hand_over(self, row: MatchRow, handover: Handover) -> bool:
        """`/match replace`: the seat goes to another member or a computer seat, the engine
        none the wiser (its player id stays); False when the seats changed meanwhile."""
        done = await self.storage.hand_over(row.id, handover)
        self._players.pop(row.id, None)
        self._names.pop(row.id, None)
        return done

    async def dms_closed(self, match_id: int, user_id: int) -> None:
        """Remember that a player cannot be reached by DM (Discord error 50007)."""
        await self.storage.set_dm_closed(match_id, user_id, True)
        self._players.pop(match_id, None)
        self._names.pop(match_id, None)

    async def known(self, match_id: int, *, checked: bool = False) -> MatchRow:
        row = await self.row(match_id, checked=checked)
        if row is None or row.status == "cancelled":
            raise UserError(i18n._("This match no longer exists."))
        return row

    async def running(self, match_id: int, *, checked: bool = False) -> MatchRow:
        row = await self.known(match_id, checked=checked)
        if row.status == "lobby":
            raise UserError(i18n._(NOT_STARTED))
        if row.status == "ended":
            raise UserError(i18n._(MATCH_OVER))
        await self.undamaged(row)
        return row

    async def start(self, row: MatchRow, players: list[PlayerRow]) -> bool:
        """Deal the first state; False when the match had already left its lobby. In a
        server with an open season, the match counts for it: its players are enrolled and
        dealt their garnet balances. It plays by the game's newest rules, and its options say
        which (`rules_version`), so that its record replays by them."""
        engine = engine_for(row.game)
        ids = [seat_id(p) for p in players]
        season = await self.seasons.season_for(row)
        raw = engine.new_match_options(row.options)
        try:
            engine.check_players(ids)
            if season is not None:
                members = [(p.user_id, p.name) for p in players if not is_computer_user(p.user_id)]
                dealt = await self.seasons.deal(season, members)
                garnets = {player_id(user): n for user, n in dealt.items() if n}
                raw = {**raw, "garnets": garnets}
            state, events = engine.setup(ids, engine.parse_options(raw), row.seed)
        except ValueError as error:
            # An option may name a player (who starts, say): by name, not by id.
            raise UserError(named(engine_words(str(error)), names_of(players))) from None
        now = self.now()
        started = await self.storage.start_match(
            row.id,
            state=engine.dump_state_json(state),
            events=[e.to_json() for e in events],
            timers=opening_timers(now, phase_length(row, engine.turn(state))),
            at=now,
            options=raw,
            season_id=season.id if season else None,
            wait=Wait.after(None, engine.turn(state)).to_json(),
        )
        if started:
            self._states[row.id] = state
            self._seqs[row.id] = 0
            self._read_at(row.id, 0)
            self._written(row.id)
        return started

    async def submit(
        self,
        match_id: int,
        actor: str,
        move: dict[str, Any],
        *,
        timer: int | None = None,
        again: bool = True,
        shown: int | None = None,
    ) -> Outcome:
        """Apply and commit one move; raises RuleError or UserError with nothing changed.
        Only the engine's events are committed; what the outcome carries besides (the actor's
        summary, the public views around the move) is for presenting it. `timer`: the due
        timer the move fires (a deadline's close_phase; TimerGone when another process fired
        it; MatchMoved when other moves kept coming first, not a UserError: the deadline did
        not do nothing, it waits its next turn).

        The lock of this process orders the match's moves here; on a shared database, the
        lock on the match's row orders them across processes: a move decided on a state
        that another process has moved on since is refused by the store (MatchMoved), and
        decided again `MOVE_TRIES` times at most on the match read afresh (a player's move
        is their intent, taken in the order it arrives); with `again` False (the computer,
        which decides from the view) a UserError says the match moved on. `shown`: the move
        comes from a control shown at that move, taken only while its decision is open
        (`require_current`)."""
        for _ in range(MOVE_TRIES - 1 if again else 0):
            with contextlib.suppress(MatchMoved):
                return await self._submit(match_id, actor, move, timer, shown)
        try:
            return await self._submit(match_id, actor, move, timer, shown)
        except MatchMoved:
            if timer is not None:
                raise  # The dispatcher leaves the timer to fire again: its phase goes on.
            raise UserError(
                i18n._("The match moved on while your move was on its way; look again and retry.")
            ) from None

    async def _submit(
        self,
        match_id: int,
        actor: str,
        move: dict[str, Any],
        timer: int | None,
        shown: int | None = None,
    ) -> Outcome:
        async with self.lock(match_id):
            # What this process remembers of the match is not read again first: the store
            # checks the move against the match under its row lock (MatchMoved).
            row = await self.running(match_id, checked=True)
            if shown is not None:
                # Checked against the state the move is decided on: a move committed since
                # (by another process) makes the store refuse this one (MatchMoved), and it
                # is decided, and checked, again.
                await self.require_current(row, actor, shown, move.get("type"))
            # A player may concede at any moment (PM-D22), a pause included.
            if row.paused and actor != HOST and move.get("type") != "forfeit":
                # A refusal is not checked by the store: made on the match as it is now.
                row = await self.running(match_id)
                if row.paused:
                    raise UserError(
                        i18n._("The match is paused by the host; try again when it resumes.")
                    )
            engine = engine_for(row.game)
            parsed = engine.parse_move(move)
            state = await self.state(row, checked=True)
            views = self.presents_views(row.game)
            # The view before the move is stored with it only where nothing else would give it
            # after a crash: the view after the move before is not stored yet (its delivery
            # has not ended, or another process's delivery stored it). Otherwise the move's
            # way to its answer builds no view.
            before = (
                self._view_before(match_id, row.game, state).model_dump_json()
                if views and self.kept_view(match_id, self._seqs[match_id]) is None
                else None
            )
            waited = self._turn(row.game, match_id, state).wait
            # The state changes before its seq does (after the commit): what was worked out
            # of it before goes now.
            self._asked.pop(match_id, None)
            events = engine.apply(state, actor, parsed)
            seq = self._seqs[match_id] + 1
            now = self.now()
            turn = engine.turn(state)
            finished = engine.is_finished(state)
            wait = Wait.after(waited, turn, ended=finished)
            opened = wait.opened
            # Who holds each seat counts for a season's ledger and for results only.
            counted = row.season_id is not None or finished
            seated = await self.players(match_id) if counted else []
            ledger = await self.seasons.settle(
                row, events, engine.season_outcome(state) if finished else None, seated
            )
            placings = engine.placings(state) if finished else None
            results = (
                results_of(placings, [(p.user_id, seat_id(p)) for p in seated], engine.contest)
                if placings
                else None
            )
            snapshot = None
            # A host's move while paused (close-phase) opens the next phase paused: its clock
            # starts on resume, with the whole phase ahead. A phase on no clock has none to
            # stop (as `pause` says): it opens unpaused.
            length = phase_length(row, turn) if opened else None
            held = opened and row.paused and not finished and bool(length)
            if actor == HOST or opened or finished or seq % SNAPSHOT_EVERY == 0:
                timers = opening_timers(now, length)
                snapshot = Snapshot(
                    engine.dump_state_json(state),
                    finished,
                    timers if opened and not held else None,
                )
            try:
                await self.storage.record_move(
                    match_id,
                    seq,
                    actor=actor,
                    move=move,
                    events=[e.to_json() for e in events],
                    at=now,
                    snapshot=snapshot,
                    ledger=ledger,
                    results=results,
                    paused=row.paused,
                    timer=timer,
                    wait=wait.to_json(),
                    view_before=before,
                )
            except LedgerRefused:
                self.forget(match_id)
                raise UserError(
                    i18n._(
                        "The season's ledger has no garnet left for you to trade (your garnets "
                        "were spent in another match or taken off by a host)."
                    )
                ) from None
            except BaseException:
                self.forget(match_id)
                raise
            # The state this move was applied to, with its seq: a reader of this process that
            # read the match again meanwhile may have put an older one in its place.
            self._states[match_id], self._seqs[match_id] = state, seq
            recent = self._recent.get(match_id)
            if recent is not None and recent.last == seq - 1:
                recent.add(Made(seq, actor, move.get("type"), opened))
            else:
                self._recent.pop(match_id, None)
            self._asked[match_id] = (state, seq, {None: turn})
            if views:
                self._last_views[match_id] = LastView(seq, lambda: engine.view(state, None))
            outcome = Outcome(
                match_id=match_id,
                seq=seq,
                actor=actor,
                events=events,
                summary=engine.summary(state, actor) if actor != HOST else None,
                wait=wait,
            )
            if held and length:
                await self.storage.pause_remaining(match_id, length)
            if finished:
                self.forget(match_id)
            if snapshot is not None and (opened or finished or timer is not None):
                had = row.deadline is not None or timer is not None
                self._written(match_id, timers=had or bool(snapshot.timers))
                if snapshot.timers is not None and not finished and not self.storage.shared:
                    # The row as the commit left it (`Storage.record_move`'s new timers), so
                    # that the answer's clock reads no row (issue 43): on one process's
                    # database nothing else changed it.
                    deadlines = [due for kind, due in snapshot.timers if kind == "deadline"]
                    self._remember(
                        dataclasses.replace(
                            row, deadline=min(deadlines, default=None), paused_remaining=None
                        )
                    )
            return outcome

    def _view_before(self, match_id: int, game: str, state: Any) -> Any:
        """The public view of `state`, the match's now, which a move is about to change: the
        view after the last move (built now if nobody has asked for it yet: `LastView`), or
        built anew when that was of another seq: the match was read again since, into
        another state, and the last move's state is changed no more."""
        last = self._last_views.get(match_id)
        if last is not None and last.seq == self._seqs.get(match_id):
            return last.get()
        return engine_for(game).view(state, None)

    async def view_after(self, row: MatchRow, seq: int) -> Any | None:
        """The public view after log entry `seq` where it is the match's last: the one its
        move left (`LastView`), or made from the match's state (its snapshot and the moves
        after it, as any read of the match). None when the match has moved past it: the
        move after it stored the view before it (`Storage.view_before_next`)."""
        async with self.lock(row.id):
            last = self._last_views.get(row.id)
            if last is not None and last.seq == seq:
                return last.get()
            state, at = await self._state(row)
            return engine_for(row.game).view(state, None) if at == seq else None

    def viewed(self, match_id: int, seq: int, view: Any) -> None:
        """The public view after log entry `seq`, `view`, is stored (`Storage.delivered`):
        the match's next move need not store the view before it, and its delivery need not
        read it back (`kept_view`)."""
        self._viewed[match_id] = (seq, view)

    def kept_view(self, match_id: int, seq: int) -> Any | None:
        """The public view after log entry `seq` that this process's last delivery stored,
        as it was built; None when that delivery stored another (or none: a restart, another
        process delivered). The view after an entry is the same wherever it is built (an
        undo leaves the seqs it took back unused), so it is that entry's stored view, not
        parsed again: parsing the largest views took a fifth of a move's delivery."""
        kept = self._viewed.get(match_id)
        return kept[1] if kept is not None and kept[0] == seq else None

    async def check(self, match_id: int, actor: str, move: dict[str, Any]) -> bool:
        """Whether `move` would be accepted now: raises the RuleError (or UserError) that
        `submit` would, and changes nothing either way (the move is tried on a copy of the
        state and not recorded). For a question asked before a move: refused at once, not
        after the member has said yes. True when the move would end the match."""
        async with self.lock(match_id):
            row = await self.running(match_id)
            engine = engine_for(row.game)
            parsed = engine.parse_move(move)
            copy = engine.load_state_json(engine.dump_state_json(await self.state(row)))
            engine.apply(copy, actor, parsed)
            return engine.is_finished(copy)

    async def events_of(self, row: MatchRow, seq: int) -> list[dict[str, Any]]:
        """The events of log entry `seq` (0: the setup's) rebuilt from the match's record, for
        an entry whose stored copy cannot be read (`OutboxItem.events`)."""
        log.warning("match %s: the events of entry %s cannot be read; rebuilt", row.id, seq)
        if seq == 0:
            return [e.to_json() for e in (await self._setup(row))[1]]
        moves = [m for m in await self.logged(row) if m[0] <= seq]
        replayed = await self.replay(row, moves)
        return [e.to_json() for e in replayed.moves[-1][3]] if moves[-1:] else []

    async def views_around(self, row: MatchRow, seq: int) -> tuple[Any, Any]:
        """The public views before and after move `seq`, rebuilt from the match's record: for
        an entry stored by a version that kept no views for its delivery (`log.view_before`,
        `matches.view`)."""
        engine = engine_for(row.game)
        return await self._around(row, seq, lambda state: engine.view(state, None))

    async def wait_of(self, row: MatchRow, seq: int) -> Wait:
        """What log entry `seq` did to the match's wait, worked out from the record: for an
        entry written before the bot stored it with the entry (`OutboxItem.wait` None)."""
        engine = engine_for(row.game)
        before, after = await self._around(
            row, seq, lambda state: (engine.turn(state), engine.is_finished(state))
        )
        return Wait.after(None if seq == 0 else before[0].wait, after[0], ended=after[1])

    async def _around(self, row: MatchRow, seq: int, read: Callable[[Any], T]) -> tuple[T, T]:
        """What `read` makes of the match's state before and after move `seq`, rebuilt from
        its record."""
        moves = [m for m in await self.logged(row) if m[0] <= seq]
        last = moves[-1:] if moves and moves[-1][0] == seq else []
        state = (await self.replay(row, moves[: len(moves) - len(last)])).state
        before = read(state)
        await self.replay(row, last, state)
        return before, read(state)

    async def replay(
        self, row: MatchRow, moves: list[tuple[int, str, dict[str, Any]]], state: Any = None
    ) -> Replayed:
        """The match rebuilt from its setup (or on from `state`, which it changes) by
        `moves`; UserError, naming the move, when one of them is refused."""
        engine = engine_for(row.game)
        if state is None:
            state, _ = await self._setup(row)
        told: list[Told] = []
        waits = [engine.turn(state).wait]
        for seq, actor, move in moves:
            try:
                parsed = engine.parse_move(move)
            except ValueError:
                raise await self.set_aside(row, f"move {seq}") from None
            try:
                events = engine.apply(state, actor, parsed)
            except RuleError as error:
                raise UserError(
                    i18n._(
                        "Without those moves, move {seq} ({kind}) would be refused: {refusal} "
                        "So the match cannot be rebuilt without them."
                    ).format(
                        seq=seq,
                        kind=plugin_for(row.game).texts.kind(move["type"]),
                        refusal=i18n.refusal(error),
                    )
                ) from None
            told.append((seq, actor, move, events))
            waits.append(engine.turn(state).wait)
        return Replayed(state, told, waits)

    async def _setup(self, row: MatchRow) -> tuple[Any, list[Event]]:
        """The match as dealt: its first state and the setup's events (MatchDamaged when its
        options cannot be read)."""
        await self.undamaged(row)
        ids = [seat_id(p) for p in await self.players(row.id)]
        engine = engine_for(row.game)
        try:
            options = engine.parse_options(row.options)
        except ValueError:
            raise await self.set_aside(row, "its options") from None
        return engine.setup(ids, options, row.seed)

    async def plan_undo(
        self, row: MatchRow, *, phase: bool = False, step: bool = False, kick_of: str | None = None
    ) -> Undo:
        """What `/match undo` would take back: the last move (with the computer seats'
        moves after it), or with `phase` the move that closed the last phase (began the wait
        now) and every move since, or with `step` the move that began the phase enclosing the
        one now (a merger around its open round; the phase now where phases do not nest) and
        every move since; or what `/match unkick` would (`kick_of`: the host's kick of that
        player, the moves after it kept, which must all still be accepted and open no
        phase)."""
        if row.status != "running":
            raise UserError(
                i18n._("The match is over: its result stands and nothing can be undone.")
                if row.status == "ended"
                else i18n._("The match has not started yet.")
            )
        logged = await self.logged(row)
        whole = await self.replay(row, logged)
        opened = [whole.opened(i) for i in range(len(whole.moves))]
        if kick_of is not None:
            kicks = [
                i
                for i, (_, actor, move, _) in enumerate(whole.moves)
                if actor == HOST and move.get("type") == "kick" and move.get("player") == kick_of
            ]
            if not kicks:
                raise UserError(i18n._("The host has not removed them from this match."))
            first = kicks[-1]
            if any(opened[first + 1 :]):
                raise UserError(
                    i18n._(
                        "A phase has closed since they were removed, so taking the kick back "
                        "would change what was announced. Reopen the phase first (`/match undo "
                        "what:phase`), then un-kick them."
                    )
                )
            dropped = [whole.moves[first]]
        else:
            # The enclosing step: the phase around the innermost one (the innermost itself
            # where phases do not nest), whose start is the move that began it.
            depth = max(0, len(whole.waits[-1]) - 2) if step else None
            candidates = (
                [i for i in range(len(whole.moves)) if whole.opened(i, depth)]
                if phase or step
                else [i for i, m in enumerate(whole.moves) if not is_computer(m[1])]
            )
            if not candidates:
                raise UserError(
                    i18n._("Nothing has been played yet: there is no move to undo.")
                    if not (phase or step)
                    else i18n._("No phase has closed yet: there is none to reopen.")
                )
            first = candidates[-1]
            dropped = whole.moves[first:]
        seqs = {m[0] for m in dropped}
        rebuilt = await self.replay(row, [m for m in logged if m[0] not in seqs])
        engine = engine_for(row.game)
        refusal = engine.undo_refusal(rebuilt.state, [e for *_, events in dropped for e in events])
        if refusal is not None:
            raise UserError(engine_words(refusal))
        reopens = engine.turn(rebuilt.state).phase if any(opened[first:]) else None
        return Undo(row.id, dropped, logged[-1][0], reopens)

    async def undo(self, plan: Undo, by: int) -> MatchRow:
        """Take back the moves of `plan`: the match is rebuilt from its record without them
        and committed with a phase it reopens (and its clock) and their garnet trades given
        back (AA-D12). UserError, with nothing changed, when the log has moved on since the
        plan. Returns the row after it."""
        async with self.lock(plan.match_id):
            row = await self.running(plan.match_id)
            logged = await self.logged(row)
            if (
                not logged
                or logged[-1][0] != plan.last
                or not set(plan.seqs) <= {m[0] for m in logged}
            ):
                raise UserError(
                    i18n._(
                        "The match has moved on since you asked: run the command again to see "
                        "what it would take back now."
                    )
                )
            await self.state(row)
            highest = self._seqs[row.id]
            seqs = set(plan.seqs)
            rebuilt = await self.replay(row, [m for m in logged if m[0] not in seqs])
            engine = engine_for(row.game)
            timers, remaining = None, None
            if plan.reopens is not None:
                length = phase_length(row, engine.turn(rebuilt.state))
                if row.paused and length:
                    remaining = float(length)
                else:
                    timers = opening_timers(self.now(), length)
            try:
                await self.storage.undo(
                    row.id,
                    plan.seqs,
                    state=engine.dump_state_json(rebuilt.state),
                    # One seq more, left unused: controls shown after the undo are told from
                    # those shown after a move it took back (`require_current`), and a move
                    # decided before it elsewhere is refused (MatchMoved).
                    state_seq=highest + 1,
                    timers=timers,
                    paused_remaining=remaining,
                    by=by,
                    at=self.now(),
                    refund_reason=REFUND_UNDONE.format(
                        title=MATCH_TITLE.format(game=engine.title, match=row.id)
                    ),
                )
            finally:
                self.forget(row.id)
            self.timers_changed()
            return await self.running(row.id)

    async def set_notify(self, row: MatchRow, how: str) -> MatchRow:
        """How the player to move is told in an open match (`MatchRow.notify`); the row
        after it."""
        if not await self.storage.set_notify(row.id, how):
            raise UserError(i18n._(MATCH_OVER))
        self._written(row.id)
        return await self.known(row.id)

    async def cancel(self, match_id: int) -> None:
        reason = REFUND_CANCELLED.format(match=match_id)
        if not await self.storage.cancel_match(match_id, at=self.now(), refund_reason=reason):
            raise UserError(i18n._("This match is already over or cancelled."))
        self.forget(match_id)
        self.timers_changed()

    async def delete_timer(self, timer: TimerRow) -> None:
        """Delete a timer that fired without a move taking it; the match's row may have lost
        its deadline (`Storage.delete_timer`)."""
        await self.storage.delete_timer(timer)
        self._written(timer.match_id, timers=False)

    async def pause(self, row: MatchRow) -> None:
        if row.paused:
            raise UserError(i18n._(ALREADY_PAUSED))
        if row.deadline is None:
            # A phase on no clock, or on one with no length (`Engine.clocks`).
            raise UserError(i18n._("This phase has no clock to stop."))
        if not await self.storage.pause(row.id, max(0.0, row.deadline - self.now())):
            raise UserError(i18n._(ALREADY_PAUSED))
        self._written(row.id)

    async def resume(self, row: MatchRow) -> float:
        if row.paused_remaining is None:
            raise UserError(i18n._("The match is not paused."))
        length = phase_length(row, await self.turn(row)) or row.paused_remaining
        timers = phase_timers(self.now(), row.paused_remaining, length)
        await self.storage.set_timers(row.id, timers)
        self._written(row.id)
        return timers[0][1]

    async def extend(self, row: MatchRow, seconds: float) -> float | None:
        """Move the deadline; while paused, add to the time left. Returns the new deadline."""
        if row.paused_remaining is not None:
            await self.storage.pause_remaining(row.id, row.paused_remaining + seconds)
            self._written(row.id)
            return None
        if row.deadline is None:
            raise UserError(i18n._("This phase has no deadline to extend."))
        now = self.now()
        remaining = row.deadline - now + seconds
        length = phase_length(row, await self.turn(row)) or remaining
        timers = phase_timers(now, remaining, length)
        await self.storage.set_timers(row.id, timers)
        self._written(row.id)
        return timers[0][1]

    async def record(self, row: MatchRow, names: dict[str, str]) -> dict[str, Any]:
        """The match record, replayable with `python -m games replay`, players by username
        wherever the record names them (`renamed`). Of a match set aside, what remains: the
        moves before the first that cannot be read, the seats in their order, and no options
        where they cannot be read."""
        damaged = row.damaged is not None or row.game not in ENGINES
        try:
            logged = await self.storage.moves(row.id)
        except DamagedRecord as damage:
            logged, damaged = damage.readable, True
            await self.set_aside(row, damage.what)
        moves = [{"by": actor, **move} for _, actor, move in logged]
        seats = await self.players(row.id)
        if damaged:
            players = [seat_id(p) for p in seats]
        else:
            players = (await self.turn(row)).players if row.started else []
        record: dict[str, Any] = {
            "game": row.game,
            "seed": row.seed,
            "options": row.options,
            "players": players,
        }
        computers = {seat_id(p): p.level or LEVELS[0] for p in seats if is_computer_user(p.user_id)}
        if computers:
            # Only where there are any: a match of people's record reads as it always has.
            record["computers"] = computers
        record["moves"] = moves
        handovers = await self.storage.handovers(row.id)
        if handovers:
            # After how many of the record's moves: undone moves are not in it.
            record["handovers"] = [
                {
                    "seat": h.seat,
                    "from": h.from_name,
                    "to": h.to_name,
                    "moves": sum(seq <= h.moves for seq, _, _ in logged),
                }
                for h in handovers
            ]
        return cast("dict[str, Any]", renamed(record, names))


def new_seed() -> int:
    """A fresh match seed; the bot's only randomness outside the engines' seeded sources."""
    return random.SystemRandom().randrange(2**31)
