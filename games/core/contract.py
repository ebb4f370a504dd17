"""The engine contract's data: what any game tells the bot about now, in one typed shape.

`Engine.turn` says which phases the match is in (nested: a merger's open round inside a
player's action inside a round), on which kind of clock the innermost one runs, what its
deadline does and who may or must act; `Engine.legal_actions` says what one player may do
now, as actions whose inputs are ordered steps (a pick, an amount) the bot walks as controls
and turns back into moves with `Action.build`; `Engine.season_outcome` says what a finished
match gives a Genius season's ledger, and `Engine.placings` who won it and who came where.
Everything here is JSON-ready (`model_dump(mode="json")`) and frozen.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from operator import attrgetter
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    model_validator,
)

#: The longest action key: the bot's controls carry it, with the match and what was picked,
#: in custom ids of at most 100 characters.
MAX_KEY = 40
#: The most choices one menu lists (Discord's limit): a multi-select pick with more is typed.
MENU_OPTIONS = 25
#: Characters a choice's value may not hold: the bot's controls carry the answers given so
#: far in custom ids, steps apart by "|", the values of a multi-select by ",".
SEPARATORS = frozenset("|,")

#: A choice's value and the steps it brings, read by C-level scans: an engine's pick may hold a
#: hundred choices (the free hexes of a map), checked each time it is made (issue 43).
_VALUE = attrgetter("value")
_THEN = attrgetter("then")

#: What one step was answered with: an amount, one picked value, or the values of a
#: multi-select (or of a pick whose field is a list).
Answer = int | str | list[str]


class _CheckedOnce(BaseModel, frozen=True):
    """A frozen model whose own check (`_check`) runs once, when it is made (its ValueError
    a ValidationError, as a validator's). pydantic runs a model's validators again each time
    the model is put into another, so every action built checked each of its picks again,
    and each choice with steps the picks it holds; a wrap validator that let a made model
    through still cost a Python call at every nesting (issue 43: the actions random playouts
    build). `model_post_init` runs only when the model is made."""

    def model_post_init(self, context: Any, /) -> None:
        self._check()

    def _check(self) -> None:
        """Raises ValueError when the model's fields do not fit together."""


class Clock(BaseModel, frozen=True):
    """A kind of decision a game's phases wait on (a sealed round, a turn, an open round of
    raise or pass) and how long it lasts unless the host sets a length for that kind."""

    #: For people, as the lobby and `/match create`'s help name it: "Each turn".
    label: str
    #: None: no deadline unless the host sets one (the phase waits for the host).
    default_seconds: int | None

    @model_validator(mode="after")
    def _positive(self) -> Clock:
        if self.default_seconds is not None and self.default_seconds <= 0:
            raise ValueError("a clock's default length is positive, or None for no deadline")
        return self


class Phase(BaseModel, frozen=True):
    """One phase the match is in now: the innermost one (`Turn.phase`) or one enclosing it
    (`Turn.enclosing`)."""

    #: The engine's own phase id: "access", "auction", "deck", "turn", ...
    name: str
    #: For people: "Access phase, round 2", "Round 1: ann's turn" (players by their ids).
    title: str
    round: int | None = None
    #: The kind of decision it waits on: a key of the engine's `clocks`, whose length (the
    #: host's for that kind, else its default) is this phase's when it is the innermost.
    #: None: it runs on no clock, and nothing happens by itself (the match is over, or it
    #: waits for the host).
    clock: str | None
    #: This occurrence of the phase: it differs from the id of the phase before it at the same
    #: depth, even where name and title repeat (ann's second turn in a row), and stays the same
    #: while the phase lasts. A new wait begins exactly when an id of the stack changes.
    id: Annotated[str, Field(min_length=1, max_length=MAX_KEY)]
    #: One sentence: what happens when the deadline passes (the bot then submits the host's
    #: `{"type": "close_phase"}`).
    on_deadline: str


class Turn(BaseModel, frozen=True):
    """Who the match waits for now."""

    #: The innermost phase: the one whose clock runs and whose deadline closes it.
    phase: Phase
    #: The phases enclosing it, outermost first (a round, then a player's action, then a
    #: merger); empty in a game whose phases do not nest.
    enclosing: list[Phase] = Field(default_factory=list)
    #: Seated players, in seat order.
    players: list[str]
    #: Removed (kicked, forfeited) players.
    out: list[str]
    #: Players the phase still waits for: reminders go to them, the status shows them as not
    #: submitted.
    must: list[str]
    #: Players who may act now (their `legal_actions` are not empty). Not always a superset
    #: of `must`: `must` is shown to everyone, so a game decides it from public facts, and who
    #: may act can depend on a player's secrets (an Auction Auction player's cash).
    may: list[str]

    @model_validator(mode="after")
    def _nested(self) -> Turn:
        if not set(self.must) | set(self.may) <= set(self.players) - set(self.out):
            raise ValueError("must and may are players who are not out")
        return self

    @property
    def phases(self) -> list[Phase]:
        """Every phase the match is in, outermost first, the innermost last."""
        return [*self.enclosing, self.phase]

    @property
    def wait(self) -> tuple[str, ...]:
        """The wait signal: the ids of the phases, outermost first. It changes exactly when
        a new wait begins (for `must`, on the innermost phase's clock), and a move that
        changes it tells the public something (the conformance suite checks both)."""
        return tuple(p.id for p in self.phases)


class Amount(_CheckedOnce, frozen=True):
    """A step: a whole number the player fills in, from `min` to `max`."""

    kind: Literal["amount"] = "amount"
    #: The move field it fills.
    field: str = "amount"
    min: int
    max: int
    label: str = "Amount"

    def _check(self) -> None:
        if self.min > self.max:
            raise ValueError(f"an amount from {self.min} to {self.max} is empty")


def _plain(value: str) -> str:
    """A choice's value holds none of the `SEPARATORS`. (Checked as the field is validated,
    once per choice: a model's own after-validator runs again each time the model is put into
    another, which made a pick of a hundred choices with steps of their own check ten thousand
    values.)"""
    if not SEPARATORS.isdisjoint(value):
        raise ValueError(f"a choice's value holds none of {''.join(sorted(SEPARATORS))!r}")
    return value


class Choice(BaseModel, frozen=True):
    """One of a pick's choices."""

    #: What goes into the move; a menu option's value holds at most 100 characters, and none
    #: of the `SEPARATORS`.
    value: Annotated[str, Field(min_length=1, max_length=100), AfterValidator(_plain)]
    #: For people.
    label: Annotated[str, Field(max_length=100)]
    description: str | None = None
    #: The menu it is listed in, where a pick's choices are grouped (by kind, by region).
    group: str | None = None
    #: The steps that follow when it is picked (an adjacent company after a company, an
    #: amount up to what the chosen source holds): a later step's choices or bounds that
    #: depend on this one. Only a pick of one value (not a list) has choices with steps.
    then: list[Step] = Field(default_factory=list)


class Pick(_CheckedOnce, frozen=True):
    """A step: choices the player picks from, one (`max` 1) or several (a multi-select)."""

    kind: Literal["pick"] = "pick"
    #: The move field it fills.
    field: str
    choices: list[Choice]
    min: int = 1
    #: Above 1: a multi-select, and the move field is a list; otherwise a single value.
    max: int = 1
    label: str = "Choose"
    #: The move field is a list even when at most one may be picked (a move that takes a list
    #: of cards, offered a single card).
    as_list: bool = False
    #: People may type a choice (its value or its label, as a hex's "B4"): the bot offers a
    #: form where the choices are too many to list. A multi-select of more choices than one
    #: menu lists must be typed, and so must a pick of one whose choices need more than 25
    #: menus of at most 25 choices of one group each (the bot lists a pick of one in such
    #: menus, a menu of the menus first where there are more than five).
    typed: bool = False

    def _check(self) -> None:
        values = list(map(_VALUE, self.choices))
        if len(set(values)) != len(values):
            raise ValueError("a pick's choices have distinct values")
        if not 0 <= self.min <= self.max <= len(self.choices):
            raise ValueError(
                f"a pick of {self.min} to {self.max} among {len(self.choices)} choices is not "
                "possible"
            )
        if self.takes_list and any(map(_THEN, self.choices)):
            raise ValueError("only a pick of one value has choices with steps of their own")
        if not self.typed and not self._listable():
            raise ValueError(f"{len(self.choices)} choices are too many to list: make it typed")

    def _listable(self) -> bool:
        """Whether menus can list the choices: a multi-select's in one, a pick of one's in at
        most 25 menus of at most 25 choices of one group each."""
        if self.takes_list:
            return len(self.choices) <= MENU_OPTIONS
        if len(self.choices) <= MENU_OPTIONS:
            return True
        sizes = Counter(choice.group for choice in self.choices)
        return sum(-(-n // MENU_OPTIONS) for n in sizes.values()) <= MENU_OPTIONS

    @property
    def takes_list(self) -> bool:
        """Whether the move field is a list of the picked values."""
        return self.as_list or self.max > 1

    def choice(self, value: str) -> Choice | None:
        """The choice of `value`, or None."""
        return next((c for c in self.choices if c.value == value), None)


#: One input of an action: a pick or an amount, told apart by `kind`.
Step = Annotated[Pick | Amount, Field(discriminator="kind")]
Choice.model_rebuild()


class Action(_CheckedOnce, frozen=True):
    """One thing a player may do now: a move with its fixed fields and the steps the player
    answers to fill in the rest. The bot walks the steps as controls (a button, menus, a form)
    and builds the move with `build`."""

    #: Stable and unique among this player's actions now, e.g. "bid:genre-shop"; no "|".
    key: Annotated[str, Field(max_length=MAX_KEY, pattern=r"^[^|]+$")]
    #: "Genre Shop", "Play Scout", "Pass".
    label: str
    #: The move with its fixed fields: {"type": "bid", "target": "genre-shop"}.
    move: dict[str, Any]
    #: What the player fills in, in order; a pick's chosen choice may bring steps of its own
    #: (`Choice.then`), which come next.
    steps: list[Step] = Field(default_factory=list)
    #: The move stays secret until a reveal (its type is one of the engine's `sealed_moves`).
    sealed: bool = False
    #: The player has no choice: this is all they may do, with nothing to fill in but the one
    #: choice of its pick. The bot makes the move for them at once (its events say so) and
    #: shows no control for it.
    forced: bool = False

    def _check(self) -> None:
        if not isinstance(self.move.get("type"), str):
            raise ValueError("an action's move has a type")
        if self.forced and any(
            not isinstance(step, Pick) or len(step.choices) != 1 for step in self.walk()
        ):
            raise ValueError("a forced action's steps are picks of one choice")
        _check_fields(self.steps, {"type", *self.move})

    @property
    def type(self) -> str:
        """The move's type."""
        return str(self.move["type"])

    @property
    def pick(self) -> Pick | None:
        """The action's first pick among its own steps (not those a choice brings), if any."""
        return next((s for s in self.steps if isinstance(s, Pick)), None)

    @property
    def amount(self) -> Amount | None:
        """The action's first amount among its own steps (not those a choice brings), if any."""
        return next((s for s in self.steps if isinstance(s, Amount)), None)

    def walk(self) -> Iterator[Step]:
        """Every step the action may ask, whatever is picked: its steps and, depth first, those
        each choice brings."""
        return _walk(self.steps)

    def path(self, answers: Mapping[str, Answer]) -> Iterator[Step]:
        """The steps asked, in order, given the answers so far (keyed by field): a pick's
        chosen choice puts its own steps next."""
        pending = list(self.steps)
        while pending:
            step = pending.pop(0)
            yield step
            if isinstance(step, Pick) and not step.takes_list:
                chosen = step.choice(str(answers.get(step.field)))
                if chosen is not None:
                    pending[:0] = chosen.then

    def next_step(self, answers: Mapping[str, Answer]) -> Step | None:
        """The first step not yet answered, or None when the move is complete."""
        return next((s for s in self.path(answers) if s.field not in answers), None)

    def build(self, answers: Mapping[str, Answer] | None = None) -> dict[str, Any]:
        """The full move: the fixed fields and each step's answer in its field. Raises
        ValueError for answers the action does not take, a missing one, an amount that is no
        whole number, or picks not among the choices, repeated, or more or fewer than the pick
        allows: mistakes of the code building controls, or an answer to a control no longer
        open. An amount out of its bounds is left to the engine, whose refusal says what is
        wrong in the game's words."""
        given = dict(answers or {})
        move = dict(self.move)
        for step in self.path(dict(given)):
            if step.field not in given:
                raise ValueError(f"{self.key} needs {step.field}")
            answer = given.pop(step.field)
            if isinstance(step, Amount):
                if isinstance(answer, bool) or not isinstance(answer, int):
                    raise ValueError(f"{self.key}: {step.field} is a whole number")
                move[step.field] = answer
                continue
            if isinstance(answer, int):
                raise ValueError(f"{self.key}: {step.field} is picked, not a number")
            chosen = [answer] if isinstance(answer, str) else list(answer)
            if len(set(chosen)) != len(chosen) or any(step.choice(v) is None for v in chosen):
                raise ValueError(f"{self.key}: pick distinct values among the choices")
            if not step.min <= len(chosen) <= step.max:
                raise ValueError(f"{self.key}: pick {step.min} to {step.max} choices")
            if step.takes_list:
                move[step.field] = chosen
            elif chosen:
                move[step.field] = chosen[0]
        if given:
            raise ValueError(f"{self.key} takes no {', '.join(sorted(given))}")
        return move


def random_answers(
    action: Action,
    rnd: random.Random,
    amount: Callable[[Amount], int] | None = None,
    count: Callable[[Pick], int] | None = None,
) -> dict[str, Answer]:
    """Answers to every step of `action` drawn with `rnd`, for random playouts and computer
    players: amounts from `amount` (by default anywhere in the step's bounds), and as many
    choices as `count` says (by default any number the pick allows) drawn among a pick's."""
    return {step.field: answer for step, answer in _drawn(action, rnd, amount, count)}


def random_build(
    action: Action,
    rnd: random.Random,
    amount: Callable[[Amount], int] | None = None,
    count: Callable[[Pick], int] | None = None,
) -> dict[str, Any]:
    """`action.build(random_answers(action, rnd, amount, count))`, by the same draws of
    `rnd`, without checking the answers again: each is one of the action's own choices or an
    amount `amount` gave. What an engine's random playout plays (issue 43)."""
    move = dict(action.move)
    for step, answer in _drawn(action, rnd, amount, count):
        if isinstance(step, Amount) or step.takes_list or not isinstance(answer, list):
            move[step.field] = answer
    return move


def _drawn(
    action: Action,
    rnd: random.Random,
    amount: Callable[[Amount], int] | None,
    count: Callable[[Pick], int] | None,
) -> Iterator[tuple[Step, Answer]]:
    """Each step `action.path` asks, in turn, with the answer drawn for it: a pick's values
    (a list, where its field takes one or nothing was picked; else the one value, whose
    choice's steps come next)."""
    pending = list(action.steps)
    while pending:
        step = pending.pop(0)
        if isinstance(step, Amount):
            yield step, amount(step) if amount is not None else rnd.randint(step.min, step.max)
            continue
        count_ = count(step) if count is not None else rnd.randint(step.min, step.max)
        picked = rnd.sample(step.choices, count_)
        if step.takes_list or not picked:
            yield step, [c.value for c in picked]
            continue
        yield step, picked[0].value
        pending[:0] = picked[0].then


def _walk(steps: list[Step]) -> Iterator[Step]:
    for step in steps:
        yield step
        if isinstance(step, Pick):
            for choice in step.choices:
                yield from _walk(choice.then)


def _check_fields(steps: list[Step], taken: set[str]) -> None:
    """Along every path through `steps`, each step fills a field of its own, and none that the
    move fixes (its `type` included)."""
    for index, step in enumerate(steps):
        if step.field in taken:
            raise ValueError(f"two parts of an action fill {step.field!r}")
        taken = taken | {step.field}
        if isinstance(step, Pick):
            if not any(map(_THEN, step.choices)):
                continue
            rest = steps[index + 1 :]
            # Choices often bring the same steps (one source pick for every card of a cost):
            # the path through them is checked once.
            checked: set[tuple[int, ...]] = set()
            for then in [choice.then for choice in step.choices if choice.then]:
                brought = tuple(map(id, then))
                if brought not in checked:
                    checked.add(brought)
                    _check_fields([*then, *rest], taken)


class BoardAction(BaseModel, frozen=True):
    """A button the channel's board may show for the decision played there
    (`Engine.board_actions`): the key of the acting player's action it stands for, and its
    label. Pressed, it walks that player's own legal action of the same key privately, or
    says why they have none such now (not theirs to make, or not one they can pay)."""

    key: Annotated[str, Field(max_length=MAX_KEY, pattern=r"^[^|]+$")]
    label: str
    #: The action declines something (a pass, letting an offer go): shown as the lesser button.
    declines: bool = False


class Forfeit(BaseModel):
    """A player concedes: every engine takes it from a seated player who is not out, at any
    moment of a running match (not only when the phase waits for them); what it means is the
    game's (Project Mars: the opponent wins; Auction Auction: the player leaves as by a kick).
    It is no `Action`: the bot offers it as `/match forfeit`, not as a control of a phase."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["forfeit"] = "forfeit"


class SeasonOutcome(BaseModel, frozen=True):
    """What a finished match gives a Genius season's ledger."""

    #: player -> place (1 is first), for the ledger entries' wording.
    places: dict[str, int]
    #: Prizes in garnets.
    garnets: dict[str, int]
    tokens_of_life: dict[str, int]
    #: Elimination candidates.
    candidates: list[str]
    pool_increase: int = 0
    #: Why the prize pool grows, in the game's words ("everyone held four cubes").
    pool_reason: str | None = None


class Placings(BaseModel, frozen=True):
    """How a finished match placed its players: what the bot's stats and leaderboards count."""

    #: player -> place (1 is first); players the game ranks equal share a place. A player the
    #: game does not rank (one removed from the match, say) is not in it.
    places: dict[str, int]
    #: Who won: some or all of the players in first place (all of them, where the game gives
    #: a shared first place the win), or nobody (a draw).
    winners: list[str]

    @model_validator(mode="after")
    def _first(self) -> Placings:
        if any(place < 1 for place in self.places.values()):
            raise ValueError("places count from 1")
        if len(set(self.winners)) != len(self.winners) or any(
            self.places.get(p) != 1 for p in self.winners
        ):
            raise ValueError("the winners are distinct players in first place")
        return self
