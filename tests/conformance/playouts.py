"""The machinery of the conformance suite (`test_conformance.py`): random playouts of every
engine in `games.registry.ENGINES` through `Match`, hostile moves built from the engine's own
move schema, and the checks made at each step, the typed seam's among them (`check_events`,
`typed_json`); the contract and typed-view tests use it too."""

from __future__ import annotations

import contextlib
import functools
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pydantic_core
import pytest
from hypothesis import Phase, settings
from hypothesis import strategies as st

from bot import steps
from bot.components import controls_fit
from games.core.contract import Action, Amount, BoardAction, Forfeit, Turn, random_answers
from games.core.engine import HOST, STATE_VERSION_KEY, Engine
from games.core.errors import RuleError
from games.core.events import Event, GameEvent, Viewer, read_event
from games.core.match import Match, MatchRecord, replay
from games.core.views import GameView
from games.registry import ENGINES

#: Someone who is not in the match.
STRANGER = "zed"
#: Every random match must end within this many drawn moves.
MAX_MOVES = 10_000
#: A resampled pair is followed until this many host moves (phase ends, mostly) have been
#: played in it, so that the phase its secret belongs to is resolved and the next one played.
PAIR_HOST_MOVES = 2
#: How many resampled pairs are followed at once; the chance that a player's move starts one
#: when there is room; how many start just before each host move.
PAIRS = 12
PAIR_CHANCE = 0.3
PAIRS_BEFORE_HOST = 2
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lou")


GARBAGE: tuple[dict[str, Any], ...] = (
    {},
    {"type": "bid"},
    {"type": "bid", "target": "x", "amount": "12"},
    {"type": "nope"},
    {"type": None},
    {"type": 7},
    {"type": ["bid"]},
    {"type": "bid", "target": None, "amount": 5},
    {"type": "bid", "target": "x", "amount": 1.5},
    {"type": "bid", "target": "x", "amount": True},
    {"type": "bid", "target": ["x"], "amount": {"n": 1}},
    {"type": "give", "to": STRANGER, "amount": 10**12},
    {"type": "close_phase", "by": HOST},
    {"by": HOST},
)


#: No move takes a number this large (nobody holds a trillion of anything) or a negative one.
HUGE = 10**12
HOSTILE_INTS = (-HUGE, -1, 0, HUGE, 2**64)
#: Values of the wrong JSON type for any field.
WRONG_TYPES: tuple[Any, ...] = (None, "", "12", 1.5, True, [], {}, -1)

ENGINE_IDS = sorted(ENGINES)
#: Without hypothesis's explain phase, which traces every line: a failing playout (one that
#: never ends, above all) is then reported in seconds instead of minutes, and the assertion
#: messages say what went wrong.
CHECKS = settings(max_examples=40, phases=[p for p in Phase if p != Phase.explain])


def names(count: int) -> list[str]:
    return [*NAMES, *(f"player{i}" for i in range(len(NAMES), count))][:count]


@dataclass(frozen=True)
class Setup:
    players: list[str]
    options: dict[str, Any]
    seed: int
    playout_seed: int


def draw_setup(data: st.DataObject, engine: Engine[Any, Any]) -> Setup:
    count = data.draw(st.integers(engine.min_players, engine.max_players), label="players")
    players = names(count)
    options = engine.sample_options(players, data.draw(st.randoms(), label="options"))
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    playout_seed = data.draw(st.integers(0, 2**32 - 1), label="playout seed")
    return Setup(players, options, seed, playout_seed)


def as_json(value: Any, what: str) -> Any:
    """`value` must be plain JSON: it survives a trip through JSON text unchanged (no tuples,
    no int keys, no NaN or infinity). pydantic-core writes and reads the text: as strict as
    `json.dumps`/`json.loads` here, in half the time."""
    try:
        copy = pydantic_core.from_json(pydantic_core.to_json(value), allow_inf_nan=False)
    except (pydantic_core.PydanticSerializationError, ValueError) as error:
        raise AssertionError(f"{what} is not plain JSON: {value!r} ({error})") from None
    assert copy == value, f"{what} is not plain JSON: {value!r}"
    return copy


def as_json_since(value: Any, known: Any, what: str, also: Any = None) -> Any:
    """`as_json(value)` where `known` was found plain JSON before: of an object, only the
    values that differ from `known`'s go through JSON (one equal to a plain JSON value is plain
    JSON too), and the copy keeps `known`'s others. `also`: another object found plain JSON
    (another viewer's view of the same state, whose public part is this one's), whose values
    count as known too."""
    if not isinstance(value, dict) or not isinstance(known, dict):
        return as_json(value, what)
    if value == known:
        return known
    other = also if isinstance(also, dict) else {}
    copy = {}
    for key, inner in value.items():
        assert isinstance(key, str), f"{what} is not plain JSON: the key {key!r}"
        if key in known and known[key] == inner:
            copy[key] = known[key]
        elif key in other and other[key] == inner:
            copy[key] = other[key]
        else:
            copy[key] = as_json(inner, f"{what}, {key!r}")
    return copy


def check_events(engine: Engine[Any, Any], events: list[Event]) -> None:
    """Each event validates against the engine's union of event models (`Engine.events`), and
    its model puts it back in the same envelope, its fields in the same order (what the log
    stores, byte for byte)."""
    assert engine.events is not None, f"{engine.game} is not on the typed seam"
    for event in events:
        stored = event.to_json()
        told = read_event(engine.events, stored)
        assert isinstance(told, GameEvent) and told.type == event.type
        assert list(told.told(event.audience).to_json().items()) == list(stored.items()), (
            f"{event.type} does not read back as it was emitted"
        )


def typed_json(view: Any, what: str, read_back: set[tuple[type, bytes]]) -> dict[str, Any]:
    """A view or summary of an engine on the typed seam as JSON: it is a `GameView` that
    validates as its own model and reads back from its JSON text as it was. (Read from the
    text, as a render worker or a page reads it: in two thirds of the time pydantic takes to
    read the same JSON as Python objects.) `read_back` holds the models and texts found to
    read back so far, and gets this one: a text its model has read back once reads back the
    same again, so it is not read twice (a viewer's view that a move left alone, a stranger's
    that is the public's, the host's that is the public's in a game where the host knows what
    the public knows). The
    model read back must write the same text (its JSON written by pydantic-core as the text
    was: in less time than its JSON as Python objects takes to write and compare)."""
    assert isinstance(view, GameView), f"{what} is no model"
    given = view.to_json()
    text = pydantic_core.to_json(given)
    if (type(view), text) not in read_back:
        again = type(view).model_validate_json(text)
        assert again.model_dump_json().encode() == text, f"{what} does not read back"
        read_back.add((type(view), text))
    return given


def reaches(event: Event, viewer: Viewer) -> bool:
    """Whether `viewer` is told `event` (the host being `HOST`)."""
    return event.audience.reaches(viewer, host=HOST)


def seen_by(events: list[Event], viewer: Viewer) -> list[dict[str, Any]]:
    return [e.to_json() for e in events if reaches(e, viewer)]


class Hostile:
    """Moves that should be refused, built without knowing the game's rules: wrong actors,
    fields of real moves replaced by hostile values, moves of every shape in the engine's
    move schema filled with odd values, and garbage dicts. Some turn out legal (the host
    kicking a player); those are simply played. `forbidden` says which must be refused."""

    def __init__(self, engine: Engine[Any, Any], players: list[str]) -> None:
        self.players = players
        self.actors = [*players, HOST, STRANGER]
        self.strings: list[str] = [*players, HOST, STRANGER, "", "x", "nowhere:99"]
        self.ints: list[int] = list(HOSTILE_INTS)
        self.shapes = move_shapes(engine)
        self.kinds = {
            kind[1] for shape in self.shapes if isinstance(kind := shape.get("type"), tuple)
        }
        self.host_kinds: set[str] = set()
        self.player_kinds: set[str] = set()

    def learn(self, actor: str, raw: dict[str, Any]) -> None:
        """Remember who makes which kind of move, and the values real moves use (targets, lot
        ids), to be put where they do not belong."""
        (self.host_kinds if actor == HOST else self.player_kinds).add(raw["type"])
        for value in raw.values():
            if isinstance(value, str) and value not in self.strings:
                self.strings.append(value)

    def forbidden(self, actor: str, raw: Any) -> str | None:
        """Why no engine may accept this move, or None when it may be legal."""
        if actor != HOST and actor not in self.players:
            return "a move by someone not in the match"
        kind = raw.get("type")
        if not isinstance(kind, str) or kind not in self.kinds:
            return "a move of no known type"
        if actor == HOST and kind in self.player_kinds - self.host_kinds:
            return "the host making a player's move"
        if actor != HOST and kind in self.host_kinds - self.player_kinds:
            return "a player making the host's move"
        for value in raw.values():
            if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value < HUGE:
                return "a negative or huge number"
        return None

    def value_like(self, rnd: random.Random, value: Any, actor: str) -> Any:
        if rnd.random() < 0.2:
            return rnd.choice(WRONG_TYPES)
        if isinstance(value, bool):
            return not value
        if isinstance(value, int):
            return rnd.choice([*self.ints, -value, value * 10**9])
        if isinstance(value, str):
            return rnd.choice([actor, *self.strings])
        return rnd.choice(WRONG_TYPES)

    def built(self, rnd: random.Random) -> tuple[str, dict[str, Any]]:
        """A move of a random shape from the schema, by anyone, with odd field values."""
        shape = rnd.choice(self.shapes)
        raw: dict[str, Any] = {}
        for name, kind in shape.items():
            if isinstance(kind, tuple):
                raw[name] = kind[1]
            elif rnd.random() < 0.05:
                continue
            elif kind == "integer":
                raw[name] = rnd.choice([*self.ints, rnd.randint(1, 50)])
            elif kind == "string":
                pool = self.players if rnd.random() < 0.5 else self.strings
                raw[name] = rnd.choice(pool)
            else:
                raw[name] = rnd.choice(WRONG_TYPES)
        # The host half the time: host moves are the ones most likely to be legal by chance.
        actor = HOST if rnd.random() < 0.5 else rnd.choice(self.actors)
        return actor, raw

    def around(self, rnd: random.Random, actor: str, raw: dict[str, Any]) -> list[tuple[str, Any]]:
        """A few hostile variations on the real move (actor, raw)."""
        wrong_actor = rnd.choice(self.players) if actor == HOST else HOST
        candidates: list[tuple[str, Any]] = [
            (STRANGER, raw),
            (wrong_actor, raw),
            (actor, {**raw, "unexpected": 1}),
            (rnd.choice(self.actors), rnd.choice(GARBAGE)),
            self.built(rnd),
        ]
        fields = [k for k in raw if k != "type"]
        if fields:
            name = rnd.choice(fields)
            candidates.append((actor, {**raw, name: self.value_like(rnd, raw[name], actor)}))
            candidates.append((actor, {k: v for k, v in raw.items() if k != name}))
        return rnd.sample(candidates, rnd.randint(1, 3))

    def alternatives(
        self, rnd: random.Random, raw: dict[str, Any], count: int
    ) -> list[dict[str, Any]]:
        """Other moves of the same kind by the same player: the same move with one field
        changed to a plausible value, to resample that player's secret."""
        fields = [k for k in raw if k != "type"]
        out: list[dict[str, Any]] = []
        for _ in range(count if fields else 0):
            name = rnd.choice(fields)
            value = raw[name]
            if isinstance(value, int) and not isinstance(value, bool):
                other: Any = rnd.choice([value + 1, max(0, value - 1), value * 2, value // 2])
            elif isinstance(value, str):
                other = rnd.choice(self.strings)
            else:
                continue
            if other != value:
                out.append({**raw, name: other})
        return out


@functools.cache
def move_shapes(engine: Engine[Any, Any]) -> tuple[Mapping[str, Any], ...]:
    """Each move kind of the engine's schema: field -> JSON type, or ("const", value). Read-only
    and worked out once per engine (an engine's move schema does not change)."""
    schema = engine.moves.json_schema()
    defs = schema.get("$defs", {})
    variants = schema.get("oneOf") or schema.get("anyOf") or [schema]
    shapes = []
    for variant in variants:
        body = defs[variant["$ref"].rsplit("/", 1)[-1]] if "$ref" in variant else variant
        shapes.append(
            {
                name: ("const", prop["const"]) if "const" in prop else prop.get("type")
                for name, prop in body.get("properties", {}).items()
            }
        )
    assert shapes, f"{engine.game}: no move shapes in the move schema"
    return tuple(MappingProxyType(shape) for shape in shapes)


@dataclass
class Pair:
    """Two copies of the match that differ by one player's move (the same kind of move with a
    different secret), fed the same moves since: the viewers who have been told the same
    things in both must see the same views."""

    states: tuple[Any, Any]
    viewers: list[Viewer]
    host_moves_left: int = PAIR_HOST_MOVES


@dataclass
class Playout:
    """One random match played through `Match.submit`, checking every move on the way.

    Always checked: rejected moves change neither state nor record; accepted moves keep
    `conserved`; events and results are plain JSON; `result` is None until the end; the match
    ends within MAX_MOVES; afterwards every move is refused. The flags add: hostile moves
    tried around each real move, views compared before/after every move, a twin state loaded
    from JSON fed the same moves, and resampled pairs compared viewer by viewer. `typed`, for
    an engine on the typed seam: every event of the match read back through its model
    (`check_events`) and, with `views`, every view and summary those checks read validated as
    its model (`typed_json`): the views are built once for both.
    """

    engine: Engine[Any, Any]
    setup: Setup
    hostile: bool = False
    views: bool = False
    twin: bool = False
    resample: bool = False
    contract: bool = False
    typed: bool = False
    match: Match = field(init=False)
    events: list[dict[str, Any]] = field(init=False)
    viewers: list[Viewer] = field(init=False)
    rejected: int = 0
    accepted: int = 0
    compared_bids: int = 0
    sealed_checked: int = 0
    #: New waits seen begin (the wait signal changing), with the contract's checks.
    waits: int = 0
    _rnd: random.Random = field(init=False)
    #: Draws the picks of built actions, apart from `_rnd` so that the match played is the
    #: same with and without the contract's checks.
    _picks: random.Random = field(init=False)
    _out: list[str] = field(init=False, default_factory=list)
    _fuzz: Hostile = field(init=False)
    _views: dict[Viewer, Any] = field(init=False, default_factory=dict)
    #: With `typed`: the views' and summaries' models and texts found to read back
    #: (`typed_json`).
    _read_back: set[tuple[type, bytes]] = field(init=False, default_factory=set)
    _pairs: list[Pair] = field(init=False, default_factory=list)
    #: The state's text when no move has been accepted since it was taken (every refusal
    #: since then took a fresh one and found it equal), else None.
    _dumped: str | None = field(init=False, default=None)
    #: With `twin`: a state loaded from the state's text that has refused every move since,
    #: as the state has, and dumped that text after each refusal (so it is still a loaded copy
    #: of the state), else None.
    _twin: Any = field(init=False, default=None)
    #: `conserved` of the state since the last accepted move (refusals leave its text, so
    #: the state, as it was), else None.
    _conserved: dict[str, int] | None = field(init=False, default=None)
    #: With `contract`: the state's turn since the last accepted move (refusals leave its
    #: text, so the state, as it was), else None. `check_contract` asks the engine afresh.
    _turn: Turn | None = field(init=False, default=None)
    #: The last text `loaded` found to round-trip.
    _round_trip: str | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        s = self.setup
        self.match, events = Match.start(self.engine, s.players, s.options, s.seed)
        self.events = [as_json(e.to_json(), "a setup event") for e in events]
        if self.typed:
            check_events(self.engine, events)
        self.viewers = [*s.players, HOST, None]
        self._rnd = random.Random(s.playout_seed)
        self._picks = random.Random(f"{s.playout_seed}/picks")
        self._fuzz = Hostile(self.engine, s.players)
        if self.views:
            self._views = {v: as_json(self.view_json(v), f"the view of {v}") for v in self.viewers}

    @property
    def state(self) -> Any:
        return self.match.state

    def dump(self, state: Any | None = None) -> str:
        """The state's stored text (`Engine.dump_state_json`): two states are the same when
        their texts are, down to the order of the keys inside them."""
        return self.engine.dump_state_json(self.state if state is None else state)

    def dumped(self) -> str:
        """The state's text: the last one taken, unless a move has been accepted since."""
        if self._dumped is None:
            self._dumped = self.dump()
        return self._dumped

    def view_json(self, viewer: Viewer) -> dict[str, Any]:
        """The view of `viewer` now, as JSON; with `typed`, checked as its model."""
        if self.typed:
            view = self.engine.view(self.state, viewer)
            return typed_json(view, f"the view of {viewer}", self._read_back)
        return self.engine.view_json(self.state, viewer)

    def run(self) -> Playout:
        engine = self.engine
        assert self.engine.result(self.state) is None
        draws = 0
        while not engine.is_finished(self.state):
            draws += 1
            assert draws <= MAX_MOVES, f"no end after {MAX_MOVES} moves"
            if self.contract:
                self.check_contract()
            before = self.dumped()
            actor, move = engine.random_move(self.state, self._rnd)
            self._dumped = self.dump()
            assert self._dumped == before, "random_move changed the state"
            raw = engine.moves.dump_python(move, mode="json")
            self._fuzz.learn(actor, raw)
            if self.resample and actor == HOST:
                self.resample_before_host_move()
            self.step(actor, raw)
            if self.hostile:
                for hostile_actor, hostile_raw in self._fuzz.around(self._rnd, actor, raw):
                    if engine.is_finished(self.state):
                        break
                    why = self._fuzz.forbidden(hostile_actor, hostile_raw)
                    accepted = self.step(hostile_actor, hostile_raw)
                    assert not (why and accepted), (
                        f"{why} was accepted: {hostile_actor} {hostile_raw}"
                    )
        result = engine.result(self.state)
        assert result is not None, "a finished match has no result"
        as_json(result, "the result")
        if self.contract:
            self.check_contract()
        self.check_all_refused()
        return self

    def check_contract(self) -> None:
        """The contract now: (1) `may` is exactly the players with legal actions, and a move
        built from one of their actions is refused to every other player, the removed ones
        included, changing nothing; (2) every legal action is accepted, built at its bounds
        and between (down whichever path its picks take), and can be shown by the bot's
        generic controls, none cut (`controls_fit`, `steps.shown`); (3) the turn is well
        formed (its model checks must and may within players - out), its phases run on the
        engine's clocks, it seats the match's players and never brings anyone back;
        (4) sealed actions are of sealed move types and tell the public no secret before a
        reveal; (5) the state text round-trips, and so does the text written before versions;
        and the audit and the season's share are JSON, the latter only at the end; the placings
        come exactly at the end, placing every player still in (and nobody else). (`step`
        checks that a move spends garnets only of its own player, and only in a game that
        `takes_garnets`.) (6) A forfeit is refused to the host, a stranger and the removed
        players, changing nothing; any other player's is accepted and puts them out, or ends
        the match, or is refused only to the last player left; after the end, everyone's is
        refused. (7) The board's buttons (`check_board`)."""
        engine, state = self.engine, self.state
        # The copies below are made from the dump (validating it is the quickest copy).
        before = engine.dump_state(state)
        turn = self._turn = engine.turn(state)
        assert isinstance(turn, Turn)
        assert Turn.model_validate(as_json(turn.model_dump(mode="json"), "the turn")) == turn
        assert turn.players == self.setup.players, "the turn does not seat the match's players"
        for phase in turn.phases:
            assert phase.clock is None or phase.clock in engine.clocks, (
                f"{phase.name} runs on {phase.clock!r}, not one of {sorted(engine.clocks)}"
            )
        assert set(self._out) <= set(turn.out), f"{self._out} were out, now only {turn.out}"
        self._out = list(turn.out)
        actions = {p: engine.legal_actions(state, p) for p in turn.players}
        assert engine.legal_actions(state, STRANGER) == [], "a stranger has legal actions"
        may = [p for p in turn.players if actions[p]]
        assert sorted(turn.may) == may and len(set(turn.may)) == len(may), (
            f"may is {turn.may}, but {may} have legal actions"
        )
        assert engine.dump_state(state) == before, "turn or legal_actions changed the state"
        # With `views`, the public view is the one `check_views` took after the last accepted
        # move (refused moves leave the state as it was, which is checked).
        shown = self._views[None] if self.views else engine.view_json(state, None)
        # The public's texts, which a sealed action's events may repeat (`leaks`).
        sealed = any(action.sealed for player in may for action in actions[player])
        public = strings_in(shown) if sealed else set()
        built: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for player in may:
            keys = [a.key for a in actions[player]]
            assert len(set(keys)) == len(keys), f"{player}'s action keys repeat: {keys}"
            assert controls_fit(actions[player]), f"{player}'s actions {keys} are cut: too many"
            cut = [problem for action in actions[player] for problem in steps.shown(action)]
            assert not cut, f"the controls cannot show {cut}"
            for action in actions[player]:
                built[player, action.key] = self.builds(action)
                self.check_action(before, player, action, built[player, action.key], public)
        # Refused moves leave the copy as it was (that is checked), so one copy serves all.
        spare = engine.load_state(before)
        text = engine.dump_state_json(spare)
        for outsider in [p for p in turn.players if p not in may]:
            for player in may:
                for action in actions[player]:
                    raw = self._picks.choice(built[player, action.key])
                    self.check_outsider_refused(spare, text, outsider, player, raw)
        self.check_board(shown, actions, may)
        self.check_forfeit(before, turn)
        self.check_state_text(before)
        as_json(engine.audit(state), "the audit")
        outcome = engine.season_outcome(state)
        finished = engine.is_finished(state)
        assert outcome is None or finished, "a season outcome before the end"
        if outcome is not None:
            as_json(outcome.model_dump(mode="json"), "the season outcome")
            named = {*outcome.places, *outcome.garnets, *outcome.tokens_of_life}
            assert named | set(outcome.candidates) <= set(turn.players)
        placings = engine.placings(state)
        assert (placings is not None) == finished, "placings before the end, or none at it"
        if placings is not None:
            as_json(placings.model_dump(mode="json"), "the placings")
            stayed = set(turn.players) - set(turn.out)
            assert stayed <= set(placings.places) <= set(turn.players), (
                f"{placings.places} does not place the players still in, {sorted(stayed)}"
            )

    def builds(self, action: Action) -> list[dict[str, Any]]:
        """The action built with every amount at its min, at its max and between, and with
        as few and as many picks as each pick allows (drawn at random among its choices,
        down whichever path the picks take)."""

        def lowest(step: Any) -> int:
            return int(step.min)

        def middle(step: Amount) -> int:
            return (step.min + step.max) // 2

        def highest(step: Any) -> int:
            return int(step.max)

        return [
            action.build(random_answers(action, self._picks, amount=amount, count=count))
            for amount, count in ((lowest, lowest), (middle, lowest), (highest, highest))
        ]

    def check_action(
        self,
        before: dict[str, Any],
        player: str,
        action: Action,
        builds: list[dict[str, Any]],
        public: set[str],
    ) -> None:
        """Each of the action's `builds` (each different one once: the engine is
        deterministic) is accepted in a copy of the state `before`, and tells no secret."""
        engine = self.engine
        assert action.type in self._fuzz.kinds, f"{action.key} builds an unknown move type"
        assert not action.sealed or action.type in engine.sealed_moves, (
            f"{action.key} is sealed, but {action.type!r} is not one of the sealed moves"
        )
        for raw in [b for i, b in enumerate(builds) if b not in builds[:i]]:
            copy = engine.load_state(before)
            try:
                events = engine.apply(copy, player, engine.parse_move(raw))
            except RuleError as error:
                raise AssertionError(
                    f"{player}'s legal action {action.key}, built as {raw}, was refused: {error!r}"
                ) from None
            if action.sealed:
                self.sealed_checked += 1
                told = leaks(engine, raw, events, public)
                assert not told, f"{player}'s sealed {raw} tells the public {told}"

    def check_outsider_refused(
        self, copy: Any, text: str, outsider: str, player: str, raw: dict[str, Any]
    ) -> None:
        """`player`'s move `raw` is refused to `outsider` in `copy` (of the state, whose
        stored text is `text`), which it leaves as it was."""
        try:
            self.engine.apply(copy, outsider, self.engine.parse_move(raw))
        except RuleError:
            assert self.engine.dump_state_json(copy) == text, (
                f"{outsider}'s refused {raw} changed it"
            )
            return
        raise AssertionError(f"{outsider}, who may not act, made {player}'s move {raw}")

    def check_forfeit(self, before: dict[str, Any], turn: Turn) -> None:
        """(6) of `check_contract`, each forfeit in a copy of the state `before`. A refused one
        leaves its copy as it was (that is checked), so the next forfeit is tried in the same
        copy; one accepted leaves the next a fresh copy."""
        forfeit = self.engine.parse_move(Forfeit().model_dump())
        finished = self.engine.is_finished(self.state)
        active = [] if finished else [p for p in turn.players if p not in turn.out]
        copy = None
        for actor in [HOST, STRANGER, *turn.players]:
            if copy is None:
                copy = self.engine.load_state(before)
            try:
                events = self.engine.apply(copy, actor, forfeit)
            except RuleError as error:
                assert self.engine.dump_state(copy) == before, (
                    f"{actor}'s refused forfeit changed it"
                )
                assert actor not in active or (error.code == "last_player" and len(active) == 1), (
                    f"{actor}'s forfeit was refused: {error}"
                )
                continue
            assert actor in active, f"{actor}, who does not play, forfeited"
            after = self.engine.turn(copy)
            assert actor in after.out or self.engine.is_finished(copy), (
                f"{actor} forfeited, still in"
            )
            public = [e.type for e in events if e.audience.kind == "public"]
            assert "player_forfeited" in public, f"{actor}'s forfeit told the public {public}"
            copy = None

    def check_state_text(self, before: dict[str, Any]) -> None:
        engine = self.engine
        text = engine.dump_state_json(self.state)
        assert json.loads(text)[STATE_VERSION_KEY] == engine.state_version
        assert engine.dump_state(engine.load_state_json(text)) == before
        unversioned = self.state.model_dump_json()
        assert engine.dump_state(engine.load_state_json(unversioned)) == before

    def check_board(
        self, shown: dict[str, Any], actions: dict[str, list[Action]], may: list[str]
    ) -> None:
        """(7) The board's outline, read from the public view `shown` (`board_actions`):
        unique `BoardAction`s; when it shows any, a button for every unsealed legal action of
        each player who may act, and none for a sealed one (made in private)."""
        outline = self.engine.board_actions(shown)
        assert all(isinstance(b, BoardAction) for b in outline), f"{outline} are no BoardActions"
        keys = [b.key for b in outline]
        assert len(set(keys)) == len(keys), f"the board's keys repeat: {keys}"
        if not outline:
            return
        for player in may:
            for action in actions[player]:
                if action.sealed:
                    assert action.key not in keys, (
                        f"the board shows {player}'s sealed {action.key}, made in private"
                    )
                else:
                    assert action.key in keys, (
                        f"the board shows {keys}, no button for {player}'s {action.key}"
                    )

    def check_all_refused(self) -> None:
        """After the end, every move is refused: each one played, and hostile ones."""
        tried = [(m.by, m.payload()) for m in self.match.record.moves]
        tried += [self._fuzz.built(self._rnd) for _ in range(20)]
        tried += [(actor, raw) for raw in GARBAGE for actor in (HOST, self.setup.players[0])]
        for actor, raw in tried:
            assert not self.step(actor, raw), f"{actor} {raw} accepted after the end"
        assert self.engine.is_finished(self.state)

    def step(self, actor: str, raw: Any) -> bool:
        """Submit one move and check it; True when it was accepted."""
        engine = self.engine
        before = self.dumped()
        kept = self._conserved if self._conserved is not None else engine.conserved(self.state)
        recorded = len(self.match.record.moves)
        twin = self._twin
        if self.twin and twin is None:
            twin = self.loaded(before)
        waited = self._turn
        if self.contract and waited is None:
            waited = engine.turn(self.state)
        try:
            events = self.match.submit(actor, raw)
        except RuleError as error:
            assert isinstance(error.code, str) and error.code, f"{error!r} has no code"
            assert isinstance(error.message, str) and error.message, f"{error!r} has no message"
            self._dumped = self.dump()
            assert self._dumped == before, f"refused {actor} {raw} ({error.code}) changed the state"
            assert len(self.match.record.moves) == recorded, "a refused move was recorded"
            if twin is not None:
                if self.check_twin_refuses(twin, actor, raw, error):
                    assert self.dump(twin) == before, (
                        f"refused {actor} {raw} changed the loaded state"
                    )
                self._twin = twin
            self.follow_pairs(actor, raw)
            self.rejected += 1
            return False
        self._dumped = self._twin = self._turn = None
        self.accepted += 1
        self.events.extend(as_json(e.to_json(), f"event {e.type}") for e in events)
        if self.typed:
            check_events(engine, events)
        self._conserved = engine.conserved(self.state)
        assert self._conserved == kept, f"{actor} {raw} changed conserved values"
        finished = engine.is_finished(self.state)
        assert (engine.result(self.state) is not None) == finished, "result before the end"
        if twin is not None:
            self.check_twin_accepts(twin, actor, raw, events)
        if waited is not None:
            self._turn = engine.turn(self.state)
            self.check_wait(waited, self._turn, f"{actor} {raw}", events)
        if self.contract:
            spent = engine.garnets_spent(events)
            assert set(spent) <= ({actor} if engine.takes_garnets else set()), (
                f"{actor} {raw} spent the garnets {spent}"
            )
            assert all(n > 0 for n in spent.values()), f"{actor} {raw} spent {spent} garnets"
        if self.views:
            self.check_views(actor, raw, events)
        self.follow_pairs(actor, raw)
        if (
            self.resample
            and actor in self.setup.players
            and not finished
            and len(self._pairs) < PAIRS
            and self._rnd.random() < PAIR_CHANCE
        ):
            self.start_pair(before, actor, raw)
        return True

    def loaded(self, text: str) -> Any:
        """The state rebuilt from its stored text (`Engine.load_state_json`), which must dump
        the same text. (Checked once per text: a text loaded again, as the twin and the
        resampled pairs load the state before a move several times over, loads the same
        state.)"""
        state = self.engine.load_state_json(text)
        if text != self._round_trip:
            assert self.dump(state) == text, "state JSON round trip changed the dump"
            self._round_trip = text
        return state

    def check_wait(self, before: Turn, after: Turn, move: str, events: list[Event]) -> None:
        """The wait signal (`Turn.wait`): a new wait begins only by a move that tells the
        public something, and the phases' public facts (their names, titles, rounds, clocks,
        how deep they nest) change only with a new wait, so the bot misses none."""

        def facts(turn: Turn) -> list[tuple[Any, ...]]:
            return [(p.name, p.title, p.round, p.clock) for p in turn.phases]

        if after.wait == before.wait:
            assert facts(after) == facts(before), (
                f"{move} changed the phase from {facts(before)} to {facts(after)}, but not its id "
                f"{after.wait}"
            )
            return
        self.waits += 1
        public = [e.type for e in events if e.audience.kind == "public"]
        assert public, f"{move} began a new wait {after.wait} but told the public nothing"

    def check_twin_refuses(self, twin: Any, actor: str, raw: Any, error: RuleError) -> bool:
        """The loaded copy `twin` refuses the move as the match did. Returns whether the engine
        was handed the copy: a move that `parse_move` refuses never reaches it (two refusals
        in five), so it needs no dump to be found as it was."""
        try:
            move = self.engine.parse_move(raw)
        except RuleError as refused:
            assert (refused.code, refused.message) == (error.code, error.message)
            return False
        with pytest.raises(RuleError) as caught:
            self.engine.apply(twin, actor, move)
        assert (caught.value.code, caught.value.message) == (error.code, error.message)
        return True

    def check_twin_accepts(self, twin: Any, actor: str, raw: Any, events: list[Event]) -> None:
        twin_events = self.engine.apply(twin, actor, self.engine.parse_move(raw))
        assert [e.to_json() for e in twin_events] == [e.to_json() for e in events]
        assert self.dump(twin) == self.dumped(), "a state loaded from JSON played differently"
        assert self.engine.conserved(twin) == self._conserved
        assert self.engine.result(twin) == self.engine.result(self.state)

    def check_views(self, actor: str, raw: Any, events: list[Event]) -> None:
        """A viewer none of the move's events reaches sees the same view as before."""
        after: dict[Viewer, Any] = {}
        last = None
        for v in self.viewers:
            view = self.view_json(v)
            after[v] = last = as_json_since(view, self._views[v], f"the view of {v}", last)
        assert self.view_json(STRANGER) == after[None], "a stranger is no spectator"
        if type(self.engine).summary is not Engine.summary:
            self.check_summaries(after)
        for viewer in self.viewers:
            if not any(reaches(e, viewer) for e in events):
                assert after[viewer] == self._views[viewer], (
                    f"the view of {viewer!r} changed after {actor} {raw}, "
                    "though no event reached them"
                )
        self._views = after

    def check_summaries(self, views: dict[Viewer, Any]) -> None:
        """Each player's summary is part of their view (`views`, as JSON), in an engine with a
        `summary` of its own: `Engine.summary`'s is the view itself, which would be built again
        and found part of itself."""
        for player in self.setup.players:
            view = views[player]
            # The view is plain JSON: of the summary, only what differs from it goes through
            # JSON (and then fails the check below).
            given = self.engine.summary(self.state, player)
            if self.typed:
                given = typed_json(given, f"the summary of {player!r}", self._read_back)
            elif isinstance(given, GameView):
                given = given.to_json()
            summary = as_json_since(given, view, "a summary")
            assert all(k in view and view[k] == v for k, v in summary.items()), (
                f"the summary of {player!r} is not part of their view"
            )

    def start_pair(self, before: str, actor: str, raw: dict[str, Any]) -> bool:
        """Start a pair from the state `before`: `actor` plays `raw` in one copy and a variant
        of it (one field changed) in the other. Every viewer the two told the same things must
        see the same views. Returns whether a pair started. (The variant is tried first: most
        are refused, and then no copy is needed for `raw`.)"""
        for alternative in self._fuzz.alternatives(self._rnd, raw, 2):
            other = self.loaded(before)
            try:
                told_other = self.engine.apply(other, actor, self.engine.parse_move(alternative))
                one = self.loaded(before)
                told = self.engine.apply(one, actor, self.engine.parse_move(raw))
            except RuleError:
                continue
            same = same_told(self.viewers, told, told_other)
            for viewer in same:
                assert self.engine.view_json(one, viewer) == self.engine.view_json(other, viewer), (
                    f"the view of {viewer!r} tells {actor} {raw} from {actor} {alternative}"
                )
            if raw.get("type") == "bid" and None in same:
                self.compared_bids += 1
            # The host's audit view shows closed phases' secrets by design, so only players
            # and the public are followed past this move.
            self._pairs.append(Pair((one, other), [v for v in same if v != HOST]))
            return True
        return False

    def resample_before_host_move(self) -> None:
        """Secrets matter most when a phase resolves, and a secret made long before may be
        replaced before then; so just before a host move, pairs start from a player's extra
        move made in copies of the match (the match itself is left alone)."""
        for _ in range(PAIRS_BEFORE_HOST):
            if len(self._pairs) >= PAIRS:
                return
            before = self.dumped()
            copy = self.loaded(before)
            for _attempt in range(10):
                actor, move = self.engine.random_move(copy, self._rnd)
                if actor != HOST:
                    raw = self.engine.moves.dump_python(move, mode="json")
                    if self.start_pair(before, actor, raw):
                        break

    def follow_pairs(self, actor: str, raw: Any) -> None:
        """Feed the move just tried in the match to every pair and drop the viewers told
        something different; after each host move (where phases resolve and secrets come out)
        the viewers left must see the same views in both. A pair ends when its two copies
        take a move differently, it has no viewers left, or it has seen its host moves."""
        kept = []
        for pair in self._pairs:
            told: list[list[Event] | None] = []
            for state in pair.states:
                try:
                    told.append(self.engine.apply(state, actor, self.engine.parse_move(raw)))
                except RuleError:
                    told.append(None)
            one, other = told
            if (one is None) != (other is None):
                continue
            if one is not None and other is not None:
                pair.viewers = same_told(pair.viewers, one, other)
                if actor == HOST:
                    pair.host_moves_left -= 1
                    for viewer in pair.viewers:
                        assert self.engine.view_json(
                            pair.states[0], viewer
                        ) == self.engine.view_json(pair.states[1], viewer), (
                            f"the view of {viewer!r} differs between two matches that told "
                            f"them the same things (after {actor} {raw})"
                        )
            if pair.viewers and pair.host_moves_left > 0:
                kept.append(pair)
        self._pairs = kept


def leaves(value: Any, key: str | None = None) -> list[tuple[str | None, Any]]:
    """Every plain value inside JSON `value`, with the key of the object that holds it, in
    document order. (A stack, not nested generators: the contract's checks look through the
    events of every sealed action built.)"""
    out: list[tuple[str | None, Any]] = []
    todo: list[tuple[str | None, Any]] = [(key, value)]
    while todo:
        held_by, item = todo.pop()
        if isinstance(item, dict):
            todo.extend((str(name), inner) for name, inner in reversed(item.items()))
        elif isinstance(item, list):
            todo.extend((held_by, inner) for inner in reversed(item))
        else:
            out.append((held_by, item))
    return out


def strings_in(value: Any) -> set[str]:
    return {leaf for _, leaf in leaves(value) if isinstance(leaf, str)}


def leaks(
    engine: Engine[Any, Any], raw: dict[str, Any], events: list[Event], public: set[str]
) -> list[str]:
    """What the public events of a sealed move `raw`, up to the first of the engine's
    `reveal_events`, tell of its secret fields: a secret text anywhere (a house, a lot, a
    card id), a secret number under a key named like its field (a bid's `amount`). Texts the
    public view already showed before the move (`public`: a house's name once an Access phase
    closed, a revealed card) are no secret of this move. A sealed move with no secret field
    is a secret as a whole: the public is told nothing of it."""
    told: list[dict[str, Any]] = []
    for event in events:
        if event.type in engine.reveal_events:
            break
        if event.audience.reaches(None, host=HOST):
            told.append(event.to_json())
    if not told:
        return []
    named = engine.secret_fields.get(raw["type"])
    fields = sorted(named if named is not None else (k for k in raw if k != "type"))
    if not fields:
        return [f"{e['type']}, of a secret move" for e in told]
    secrets = [
        (name, secret)
        for name in fields
        for _, secret in leaves(raw.get(name))
        if isinstance(secret, str | int) and not isinstance(secret, bool)
    ]
    found = []
    for shown in told:
        for key, leaf in leaves(shown):
            for name, secret in secrets:
                if isinstance(secret, str):
                    hit = leaf == secret and secret not in public
                else:
                    hit = type(leaf) is int and leaf == secret and key is not None and name in key
                if hit:
                    found.append(f"{name} {secret!r} in {shown['type']} (under {key!r})")
    return found


def same_told(viewers: list[Viewer], events: list[Event], other: list[Event]) -> list[Viewer]:
    """The viewers who read the same events in both lists."""
    if events == other:
        return list(viewers)
    return [v for v in viewers if seen_by(events, v) == seen_by(other, v)]


def ends(engine: Engine[Any, Any], setup: Setup) -> int:
    """Plays a bare random match (no checks, so it is cheap even when it never ends) and
    returns how many moves were drawn; fails unless it ends within MAX_MOVES."""
    state, _ = engine.setup(setup.players, engine.parse_options(setup.options), setup.seed)
    rnd = random.Random(setup.playout_seed)
    for drawn in range(1, MAX_MOVES + 1):
        actor, move = engine.random_move(state, rnd)
        with contextlib.suppress(RuleError):
            engine.apply(state, actor, move)
        if engine.is_finished(state):
            return drawn
    raise AssertionError(f"no end after {MAX_MOVES} random moves")


def play(engine: Engine[Any, Any], data: st.DataObject, **checks: bool) -> Playout:
    """A checked playout of a drawn setup; a bare playout first fails fast on matches that do
    not end, as checked moves get slow when a state keeps growing."""
    setup = draw_setup(data, engine)
    ends(engine, setup)
    return Playout(engine, setup, **checks).run()


def check_replays(engine: Engine[Any, Any], live: Playout) -> None:
    """The record survives its JSON text, and replaying it (as it is, and as read back from
    its text) gives the live match's events and state, the same twice over, with nothing
    rejected."""
    record = live.match.record
    text = record.model_dump_json()
    parsed = MatchRecord.model_validate_json(text)
    assert parsed == record
    assert MatchRecord.model_validate(json.loads(text)) == record
    replays = [replay(engine, record), replay(engine, parsed)]
    for again in replays:
        assert again.rejected == []
        assert engine.dump_state_json(again.match.state) == live.dump()
        assert [e.to_json() for e in again.events] == live.events
        assert again.match.record == record
    assert replays[0].to_json() == replays[1].to_json()
    as_json(replays[1].to_json(), "the replay report")
