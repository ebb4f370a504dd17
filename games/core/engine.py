"""The engine protocol every game implements.

An engine is data plus pure functions (after boardgame.io's `Game`): `setup` makes the first
state from players, options and a seed; `apply` checks a move completely before touching
anything, then changes the state and returns the events; `view` is what one viewer may know.
Engines are synchronous and deterministic: no clock, no I/O, randomness only from the
`RandomSource` kept in the state.

The contract the bot reads without knowing the game (`docs/engine-contract.md`): `turn` (the
phases, nested, the innermost one's clock, what its deadline does, who must and who may act),
`clocks` (the kinds of decision and their default lengths),
`legal_actions` (what one player may do now, as `Action`s), `view` and `events` (what a
viewer may know, and what happened: typed models in a game migrated to the typed seam,
JSON in the others), `audit` (the host's full
picture), `season_outcome` and `garnets_spent` (what a season's ledger takes from a match),
`placings` (who won a finished match and who came where), `sealed_moves` (moves secret
until a reveal) and the versioned state text (`dump_state_json`, `load_state_json`,
`upgrade`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

import pydantic_core
from pydantic import BaseModel, TypeAdapter, ValidationError

from games.core.contract import Action, BoardAction, Clock, Placings, SeasonOutcome, Turn
from games.core.errors import RuleError, typed
from games.core.events import Event, Viewer
from games.core.speech import N_
from games.core.views import GameView

#: The actor name of the host in records and `apply`; no player may be called this.
HOST = "host"
#: The key of `dump_state_json`'s text that carries the state's version; text without it
#: (what `state.model_dump_json()` wrote before versions) is version 1.
STATE_VERSION_KEY = "state_version"

S = TypeVar("S", bound=BaseModel)
OptionsT = TypeVar("OptionsT", bound=BaseModel)


def explain(error: ValidationError, *, tagged: bool = False) -> str:
    """One sentence naming what was wrong with a move or options, for a person to read.
    `tagged`: the input was a union told apart by its `type`, whose tag heads each location."""
    first = error.errors()[0]
    ctx = first.get("ctx", {})
    kind = first["type"]
    parts = [str(part) for part in first["loc"] if not isinstance(part, int)]
    where = ".".join(parts[1:] if tagged else parts)
    if kind == "union_tag_invalid":
        return f"there is no move called {typed(ctx['tag'])}; the moves are {ctx['expected_tags']}."
    if kind == "union_tag_not_found":
        return "the move has no type."
    if kind == "missing":
        return f"{where} is missing."
    if kind == "extra_forbidden":
        return f"{where} is not something this takes."
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"{where} must be a whole number."
    message = str(ctx.get("error", first["msg"])).rstrip(".")
    return f"{where}: {message[0].lower()}{message[1:]}." if where else f"{message}."


class Engine(ABC, Generic[S, OptionsT]):
    """One game's rules. Subclasses set the class attributes and implement the methods."""

    game: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: type[S]
    options_type: type[OptionsT]
    #: A pydantic adapter for the game's moves: a union discriminated by `type`.
    moves: TypeAdapter[Any]
    #: A pydantic adapter for the game's events, a union of `GameEvent` models discriminated
    #: by `type`, in a game whose events and views are typed (its `view` returns a
    #: `GameView`); None in a game not migrated to the typed seam yet, whose events' fields
    #: and views are plain JSON (docs/engine-contract.md, "Typed across the seam").
    events: ClassVar[TypeAdapter[Any] | None] = None
    #: The version of the state's stored form; raised, with an `upgrade` from the one before,
    #: whenever a change to the state would stop an older snapshot from loading as it is.
    state_version: ClassVar[int] = 1
    #: The version of the rules a new match plays by. A game raises it when it corrects a
    #: rule so that a record would play differently, and takes an option `rules_version`
    #: (left out: 1, the rules as first played) saying which rules a match plays by, so that
    #: older records replay as they were played (docs/records.md, "Rules versions").
    rules_version: ClassVar[int] = 1
    #: The kinds of decision its phases wait on, each with its default length
    #: (`Phase.clock` names one): a host sets a length per kind.
    clocks: ClassVar[Mapping[str, Clock]]
    #: Move types whose content is secret until a reveal (a sealed bid): an `Action` of one of
    #: them may be `sealed`, and no public event of its move tells its secret fields.
    sealed_moves: ClassVar[frozenset[str]] = frozenset()
    #: The secret fields of a sealed move type, where not all of them are (a face-down card's
    #: slot is seen, the card is not); a type not listed keeps every field but `type` secret.
    secret_fields: ClassVar[Mapping[str, frozenset[str]]] = {}
    #: Public events that lift the seal: from one of them on, the secrets of sealed moves may
    #: show (a phase's bids announced when it closes, traps turned face up at a round's end).
    reveal_events: ClassVar[frozenset[str]] = frozenset()
    #: The options take each player's season garnet balance (`garnets`), which the match's
    #: moves may spend (`garnets_spent`).
    takes_garnets: ClassVar[bool] = False
    #: Whether a finished match is a contest its players won, lost or drew (`placings`).
    #: False: it decides no game (a MARSBOT draft), and the bot's stats count it as played
    #: only, apart from matches, and leave it off the leaderboard.
    contest: ClassVar[bool] = True
    #: Whether `legal_actions` may mark an action `forced` (a player's only move, which the
    #: bot makes for them): only then does the bot look for one after each move.
    forces_moves: ClassVar[bool] = False

    def parse_options(self, raw: dict[str, Any]) -> OptionsT:
        """Match options from JSON; raises ValueError with a readable sentence."""
        try:
            return self.options_type.model_validate(raw)
        except ValidationError as error:
            raise ValueError(N_("Invalid options: {why}").format(why=explain(error))) from None

    def new_match_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        """A new match's options: naming the rules version it plays by (`rules_version`),
        in a game that has had more than one; unchanged in the others."""
        if self.rules_version == 1:
            return raw
        return {**raw, "rules_version": self.rules_version}

    def parse_move(self, raw: dict[str, Any]) -> Any:
        """A move from JSON (without its `by`); raises RuleError `bad_move`."""
        try:
            # The adapter's own validator, without `TypeAdapter.validate_python`'s wrapping:
            # a random playout parses every move it draws (issue 43).
            return self.moves.validator.validate_python(raw)
        except ValidationError as error:
            raise RuleError(
                "bad_move",
                "That move is not understood: {why}",
                why=explain(error, tagged=True),
            ) from None

    def check_players(self, players: list[str]) -> None:
        """Raises ValueError unless the player list suits this game."""
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {len(players)}."
            )
        if len(set(players)) != len(players):
            raise ValueError("Each player may be seated only once.")
        if HOST in players or any(not p.strip() for p in players):
            raise ValueError(f"Player names must be non-empty and not {HOST!r}.")

    def dump_state(self, state: S) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def load_state(self, data: dict[str, Any]) -> S:
        return self.state_type.model_validate(data)

    def dump_state_json(self, state: S) -> str:
        """The state as stored text: its JSON with the top-level key `state_version`, so that
        older readers (`state_type.model_validate_json`, which ignores the key) still load it.
        The key is put in front of pydantic's own text, a quarter of the time of dumping the
        state through `json`."""
        if STATE_VERSION_KEY in self.state_type.model_fields:
            raise ValueError(f"{self.title}'s state has its own {STATE_VERSION_KEY!r} field")
        body = state.model_dump_json()
        head = f'{{"{STATE_VERSION_KEY}":{self.state_version}'
        return head + ("}" if body == "{}" else "," + body[1:])

    def load_state_json(self, text: str) -> S:
        """A state from stored text, brought up to `state_version` by `upgrade` first. Text
        without a version (written before versions, by `state.model_dump_json()`) is version
        1. Raises ValueError for text that is no stored state or is of a newer version."""
        kind = type(self)
        if (
            kind.upgrade is Engine.upgrade
            and kind.load_state is Engine.load_state
            and text.startswith(f'{{"{STATE_VERSION_KEY}":{self.state_version},')
            and self.state_type.model_config.get("extra") != "forbid"
        ):
            # Text of this version, which the default `upgrade` and `load_state` take as it
            # is: validated as it is parsed, in one pass (`state_type` ignores the version's
            # key, where it does not forbid extra keys), a quarter to a third quicker than
            # parsing it into Python objects first.
            return self.state_type.model_validate_json(text)
        # pydantic's parser shares equal strings (the player ids all over a state), as
        # `model_validate_json` does: a state loaded this way takes a fifth less memory than
        # one parsed by `json.loads` (docs/performance.md).
        data = pydantic_core.from_json(text, cache_strings=True)
        if not isinstance(data, dict):
            raise ValueError(f"A stored {self.title} state is a JSON object.")
        version = data.pop(STATE_VERSION_KEY, 1)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise ValueError(f"A stored state's version is a whole number from 1, not {version!r}.")
        if version > self.state_version:
            raise ValueError(
                f"This {self.title} state is of version {version}, newer than this Dealer's "
                f"{self.state_version}: it was written by a newer Dealer."
            )
        return self.load_state(self.upgrade(data, version))

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """A stored state of `version` brought up to `state_version`. A game that raises its
        `state_version` overrides this for the older versions and leaves the current one to
        this default, which returns it unchanged and refuses any other version."""
        if version == self.state_version:
            return data
        raise ValueError(
            f"{self.title} cannot read a stored state of version {version}; it reads version "
            f"{self.state_version}."
        )

    @abstractmethod
    def setup(self, players: list[str], options: OptionsT, seed: int) -> tuple[S, list[Event]]:
        """The first state and the events announcing it."""

    @abstractmethod
    def apply(self, state: S, actor: str, move: Any) -> list[Event]:
        """Apply `move` by `actor` (a player or HOST) to `state` in place.

        Raises RuleError, with the state untouched, when the move is not allowed now.
        """

    @abstractmethod
    def view(self, state: S, viewer: Viewer) -> GameView | dict[str, Any]:
        """What `viewer` (a player, HOST, or None for the public) may know now: a `GameView`
        in a game with typed `events`, JSON in a game not migrated yet."""

    def view_json(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """`view` as JSON, where it leaves the process (a record of views, a comparison of
        what two viewers know)."""
        view = self.view(state, viewer)
        return view.to_json() if isinstance(view, GameView) else view

    def summary(self, state: S, player: str) -> GameView | dict[str, Any]:
        """The part of `view(state, player)` that a player's own summary needs (what they
        hold, what they have submitted, what they may do now): every key it has holds what
        the view holds there. The bot answers each move with it (the player's 1-on-1 text,
        and the controls of a game that has its own), so a game whose view is costly to build
        narrows it to what those read; by default it is the whole view."""
        return self.view(state, player)

    @abstractmethod
    def is_finished(self, state: S) -> bool: ...

    @abstractmethod
    def turn(self, state: S) -> Turn:
        """The phases now (the innermost and those enclosing it), with their clocks, ids and
        what the innermost's deadline does; the seated players,
        the removed ones, who the phase still waits for (`must`) and who may act (`may`:
        exactly the players whose `legal_actions` are not empty)."""

    @abstractmethod
    def legal_actions(self, state: S, player: str) -> list[Action]:
        """What `player` may do now, each action with its move's fixed fields and what the
        player fills in; empty for anyone not in `turn(state).may`. Every move an action
        builds within its bounds is accepted by `apply`."""

    def board_actions(self, public: GameView | dict[str, Any]) -> list[BoardAction]:
        """The buttons the channel's board shows for the decision played now, read from the
        public view (`view(state, None)`, or its JSON) and nothing else, so they tell the
        channel nothing it may not see: one for each kind of action the acting player may
        have (their unsealed legal actions' keys, and those they may have but cannot afford
        now). Empty
        (the default) for a game whose players act from their 1-on-1s or whose board shows
        the acting player's own controls (`GamePlugin.controls_on_board`)."""
        return []

    def audit(self, state: S) -> dict[str, Any]:
        """The host's full picture (the secrets of phases that have closed), as JSON; by
        default nothing beyond the host's view."""
        return {}

    def season_outcome(self, state: S) -> SeasonOutcome | None:
        """What the finished match gives a season's ledger; None while it runs, and always
        for a game that gives a season nothing (the default)."""
        return None

    def undo_refusal(self, state: S, undone: list[Event]) -> str | None:
        """Why the moves that told `undone` may not be taken back, `state` being the match
        rebuilt without them: they showed what was hidden when a decision that would be open
        again was made, so a player would make it again knowing what they may not. One
        sentence for the host; None (the default) when they may be taken back."""
        return None

    @abstractmethod
    def placings(self, state: S) -> Placings | None:
        """Who won the finished match and each player's place, as the game ranks them (a
        shared first place, a draw, a removed player left unranked); None while it runs."""

    def garnets_spent(self, events: list[Event]) -> dict[str, int]:
        """How many season garnets each player spent by the move that told `events` (only a
        game that `takes_garnets` spends any)."""
        return {}

    @abstractmethod
    def result(self, state: S) -> dict[str, Any] | None:
        """The final result as JSON once the match has ended, else None."""

    def sample_options(self, players: list[str], rnd: random.Random) -> dict[str, Any]:
        """Options worth playing a random match of `players` with, drawn with `rnd` (the
        conformance suite's random matches, whose draws shrink when one fails); by default
        none: the defaults."""
        return {}

    @abstractmethod
    def random_move(self, state: S, rnd: random.Random) -> tuple[str, Any]:
        """A plausible move (actor, move) for random playouts; the host's phase-ending moves
        must come up often enough that every random match ends."""

    @abstractmethod
    def conserved(self, state: S) -> dict[str, int]:
        """Quantities no move may change (money and cubes net of what rules create or spend)."""


def some_of(rnd: random.Random, draws: Mapping[str, Callable[[], Any]]) -> dict[str, Any]:
    """Each option of `draws` left out or drawn (half the time each), for `sample_options`."""
    return {key: draw() for key, draw in draws.items() if rnd.random() < 0.5}
