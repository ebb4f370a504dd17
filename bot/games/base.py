"""A game's texts in Discord: what its events, 1-on-1s and status say, and its images.

This part of a game's plug-in imports no Discord library: the render workers load it to draw
its boards (`bot.boards`). The rest of the plug-in (its commands and controls) is
`bot.games.plugin.GamePlugin`.

Two kinds of texts live side by side until every game is typed (docs/engine-contract.md,
"Typed across the seam"): `TypedTexts`, for a game whose engine has typed views and events,
reads views as its game's `GameView` model and each event as its model, each text a method
marked `@text` for the model it takes; `GameTexts` alone, for a game not migrated yet,
reads them as JSON. The generic bot hands both the same things: the view the engine gave
(`view` parameters are typed `Any` for that reason), an event as its envelope's JSON, and
the legal actions the service worked out.
"""

from __future__ import annotations

import functools
import operator
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, ClassVar, Generic, TypeVar, cast, get_type_hints

from pydantic import Field, TypeAdapter

from bot.i18n import N_, _, engine_words, refusal
from bot.players import Names as Names
from bot.players import is_computer as is_computer
from games.core.contract import Action, Answer
from games.core.drawing.board import Board
from games.core.drawing.words import listed
from games.core.errors import RuleError
from games.core.events import Event, GameEvent, read_event
from games.core.views import GameView

#: How the player to move in a turn-based game (one with `live_board_events`) is told, each
#: way as the lobby words it: a mention in the channel under the board, or a DM (a short one
#: with a link to the board; their 1-on-1, where their controls are private). A host's
#: choice (`/match notify`, `MatchRow.notify`).
NOTIFY: dict[str, str] = {"mention": N_("a mention in the channel"), "dm": N_("a DM")}

#: What starts a section of a game's rules (`GameTexts.rules`): `## ` and its title.
SECTION = "## "


def rules_text(lines: Sequence[str]) -> str:
    """A game's rules in the language in force, from their lines' message ids: a section's
    title after `SECTION` (which stays out of its message id, so that a translation cannot
    lose it), an empty line as it is."""
    return "\n".join(
        SECTION + _(line.removeprefix(SECTION))
        if line.startswith(SECTION)
        else _(line)
        if line
        else line
        for line in lines
    )


#: An event as the texts take it: its envelope's JSON (as the log stores it), or the engine's
#: event itself (a move's outcome), whose model is read as it is (`TypedTexts.read`).
Envelope = dict[str, Any] | Event

#: Player ids as they appear inside engine sentences: Discord user ids, and the computer seats
#: ("practice", not in the name "Dealer (practice)" that seats stored before have;
#: "computer-2").
_PLAYER_ID = re.compile(r"\b(\d{15,21}|practice(?!\))|computer-\d+)\b")


def _value_words(value: Any, names: Names) -> str:
    """A move's value as people read it: a player's name for their id (only a text that is a
    player id: a company's number "5" is no user's mention), lists joined (moves hold no
    deeper values)."""
    if isinstance(value, str):
        return named(value, names)
    if isinstance(value, list):
        return listed([_value_words(v, names) for v in value])
    return str(value)


def named(text: str, names: Names) -> str:
    """An engine sentence (an option's label, a rule error) with the player ids in it turned
    into the names people see."""
    return _PLAYER_ID.sub(lambda found: names(found[1]), text)


class GameTexts(ABC):
    game: ClassVar[str]
    title: ClassVar[str]
    #: Event types that close a phase: after them the spectator channel gets the full picture
    #: of the phase, and each player their own results (`results`).
    phase_closing_events: ClassVar[frozenset[str]] = frozenset()
    #: Whether that full picture shows sealed submissions no player may see, so that no
    #: player may read the spectators' channel.
    spectators_see_sealed: ClassVar[bool] = True
    #: Event types whose message carries a board image (`board` returns one for them).
    board_events: ClassVar[frozenset[str]] = frozenset()
    #: Whether a player's 1-on-1 carries a card (`card`); a game without one (its board is
    #: in the channel) asks no render worker for it.
    draws_cards: ClassVar[bool] = True
    #: The model of the public view `add_events` takes, before and after each move (read
    #: back through it where the delivery stored it); None: it takes none.
    public_view: ClassVar[type[GameView] | None] = None
    #: Whether the public texts of one move go out as one message (with its board), and the
    #: private texts of one move as one message per player.
    combine_messages: ClassVar[bool] = False
    #: Event types of a turn-based game's live board (a game that `combine_messages`): the
    #: board is not posted anew each turn but shown on the match's one board message, its
    #: live status message (`bot.status`), edited with the move's public texts and the
    #: controls of whoever may act now.
    live_board_events: ClassVar[frozenset[str]] = frozenset()
    #: Event types of a live board's game that close a stretch of play worth telling the
    #: channel (a round's end): the move's public texts go there, even when the wait it
    #: opens is played in private (sealed bids in each 1-on-1), which tells the channel
    #: nothing else.
    digest_events: ClassVar[frozenset[str]] = frozenset()
    #: Event types that announce a new wait in the game's words (what to do now, by whom):
    #: the phase's deadline and the My 1-on-1 button go with the first of them, and a live
    #: board's notice in the channel leaves it out (the board says it). Whether a wait began,
    #: for whom and on which clock is the contract's (`bot.service.Wait`), never these; a
    #: move that begins one without them gets the phase's title.
    announces: ClassVar[frozenset[str]] = frozenset()
    #: The players' slash commands that make moves in this game (`/bid`, `/give`...).
    commands: ClassVar[frozenset[str]] = frozenset()
    #: Why a host may not export the record while the match runs, as `/match log` says it
    #: ("its seed deals …"); None: they may, up to the last closed phase. A game whose seed
    #: deals what is hidden says what.
    record_withheld: ClassVar[str | None] = None
    #: The words of the game's kinds of move, by type, each marked `N_` (`kind`): what the
    #: host's `/match undo` calls a player's move without showing what was in it.
    move_kinds: ClassVar[Mapping[str, str]] = {}
    #: What the clock says of a phase without a deadline (`Phase.default_seconds` None).
    untimed: ClassVar[str] = N_("No clock: the phase waits for the host to close it.")
    #: What one match of this game is called where matches are counted (`/stats`), one and
    #: several: a game that is no contest (`Engine.contest`) is counted as these played.
    played_as: ClassVar[tuple[str, str]] = (N_("match"), N_("matches"))
    #: The game's money as a form's refusal names it: its name, and how amounts look.
    money: ClassVar[tuple[str, str]] = (N_("dollars"), N_("25 or $1,200"))
    #: What conceding (`/match forfeit`) does in this game, for its confirmation.
    forfeit: ClassVar[str] = N_("You leave the match and make no more moves.")

    #: The names of the game's options as the lobby lists them, by the option's field, each
    #: a message id (`N_`); an option not named here is shown by its field, "_" as spaces.
    option_names: ClassVar[dict[str, str]] = {}

    def option_name(self, option: str) -> str:
        """An option's name in the lobby's list, in the language in force."""
        name = self.option_names.get(option)
        return option.replace("_", " ") if name is None else _(name)

    def place(self, location: str) -> str:
        """A location's name as people read it (a location thread's name); by default its id."""
        return location

    def handled(self, event: dict[str, Any], names: Names) -> str | None:
        """The text of the method `_on_<event type>`, for texts that keep one method per
        event; None when there is none (the event is not announced)."""
        handler = getattr(self, f"_on_{event['type']}", None)
        return None if handler is None else cast("str | None", handler(event, names))

    @abstractmethod
    def describe(self, event: dict[str, Any], names: Names) -> str | None:
        """The message for one event, or None when it is not announced."""

    def describe_to(self, event: Envelope, reader: str, names: Names) -> str | None:
        """The message for a private event as `reader`, one of its audience, reads it, or for
        a public announcement as one of the players it calls reads it in their own DM (the
        turn that opens for them, heading their 1-on-1): a game words what is about one
        reader in the second person here ("You gave $7 to ben.", "Your turn: play a card or
        pass."). By default, `describe`. The event is its envelope's JSON, or the engine's
        event itself (a move's outcome: `TypedTexts` read its model as it was made)."""
        return self.describe(event if isinstance(event, dict) else event.to_json(), names)

    @abstractmethod
    def one_on_one(self, view: Any, actions: list[Action], names: Names) -> str:
        """A player's private summary from their view (`Engine.summary`): what they hold and
        may do now, the latter from `actions`, their legal actions as the service worked them
        out (a game not migrated yet reads its view's copy instead)."""

    @abstractmethod
    def status(self, view: Any, names: Names) -> str:
        """The game's own part of the public status (`/match status` and the live status
        message), from the public view: the bot writes the phase's title, its clock and who
        the phase waits for above it (`bot.status`). Who has submitted (never what), the
        score; once the match is over, its result."""

    @abstractmethod
    def audit(self, host_view: Any, names: Names) -> str:
        """Every sealed submission of the phase that closed last, for the spectators' channel,
        from the host's view with the engine's audit merged in (`MatchService.host_picture`)."""

    @abstractmethod
    def board(self, event: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        """The image that goes with an event's message, or None. Called in a worker process:
        it must be pure (it renders only what the event's audience may see)."""

    def status_board(self, view: Any, names: Mapping[str, str]) -> Board | None:
        """The image of the public status (the live status message of a game with a live
        board, and `/match status`): the public view drawn, the same view the status words
        (`status`) were made from, so that the image, its alt text and the words tell one
        moment. Pure, like `board`. None (the default): the game draws no picture of where
        it stands, only of what happened (its boards are posted as they come)."""
        return None

    @abstractmethod
    def card(self, view: Any, names: Mapping[str, str]) -> Board | None:
        """A player's 1-on-1 card from their view, or None. Pure, like `board`."""

    def card_of(self, view: Any, actions: list[Action]) -> Any:
        """What a player's card is drawn from: their view (`Engine.view`), and for a game
        whose card shows what they may do, their legal actions as the service worked them
        out. By default the view alone."""
        return view

    def card_input(self, view: Any, names: Mapping[str, str]) -> tuple[Any, Mapping[str, str]]:
        """The part of a player's view and of the names that `card` draws, which the bot sends
        to the render worker: by default all of them. A game whose card draws less says so
        here, so that inputs that differ only elsewhere (who else has submitted, another
        player's name) make the same job, answered from the replies `bot.boards` keeps
        instead of drawn again."""
        return view, names

    @abstractmethod
    def help(self) -> str:
        """How to play in short, with the game's commands: its part of `/help`, and the first
        page of `/help game:<game>`."""

    def rules(self) -> str | None:
        """The game's rules as players read them, in Discord's markdown, each `## ` line
        starting a section: `/help game:<game>` pages them after `help()`. None when the game
        has none (its `/help game:` page is `help()` alone)."""
        return None

    def add_events(
        self, before: Any, events: list[dict[str, Any]], after: Any
    ) -> list[dict[str, Any]]:
        """A move's events (as JSON, audience included) with the game's own public
        presentation put where it belongs, made from the public views before and after the
        move: the table to show, say. Asked at delivery only for a game with a `public_view`;
        never stored (the log holds the engine's events alone), so made again, the same, when
        a delivery is repeated. The engine's events stay as they are, in their order."""
        return events

    @property
    def wants_views(self) -> bool:
        """Whether `add_events` wants the public views before and after each move."""
        return self.public_view is not None

    def results(self, events: list[dict[str, Any]], view: Any, names: Names) -> str | None:
        """A player's own results of the phase a move just closed (a `phase_closing_events`
        event among `events`), or of the match it ended (their final card): made from the
        move's events that reach the player (as JSON) and the player's own view after it.
        They go to the player's 1-on-1 alone, so they may say what only this player may see,
        but nothing else. None: nothing to tell."""
        return None

    def confirm(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str | None:
        """The question asked before `action` is taken from a control with `answers` to its
        steps (a move that cannot be taken back, say), or None to take it at once."""
        return None

    def step_text(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str:
        """The message above the controls of `action`'s next step (its menus), given the
        `answers` so far: by default the action's label. A game words the step around what
        was picked ("Where does your **Scout (PWR 2)** go?")."""
        return f"**{self.engine_text(action.label, names)}**"

    def engine_text(self, text: str, names: Names) -> str:
        """An engine's text (an action's label, a phase's title) as players read it: in the
        language in force (`bot.i18n.engine_words`), the players by their names."""
        return named(engine_words(text), names)

    def refusal(self, error: RuleError, names: Names) -> str:
        """An engine's refusal as the player reads it: in the language in force
        (`bot.i18n.refusal`), the players by their names."""
        return named(refusal(error), names)

    def move(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str:
        """A move in words, after "your" or "the host's" (what `/match undo` takes back), for
        a reader who may know it in full (its player; everyone, for the host's moves); `told`
        are the move's events that reach that reader (as JSON), for a game whose move alone
        does not say what was played (a card by its id): by default its kind and its fields,
        each value in words; the host's closing of a phase and removal of a player, which
        every game has, as such. A game words its own moves here."""
        if move["type"] == "close_phase":
            return _("closing of the phase")
        if move["type"] == "kick":
            return _("removal of {player}").format(player=names(move["player"]))
        fields = []
        for key, value in move.items():
            if key == "type" or value is None or value is False:
                continue
            label = key.rstrip("_").replace("_", " ")
            fields.append(label if value is True else f"{label} {_value_words(value, names)}")
        kind = str(move["type"]).replace("_", " ")
        return kind + (f" ({'; '.join(fields)})" if fields else "")

    def kind(self, move_type: str) -> str:
        """A kind of move in words (`/match undo`'s words for a sealed move, or for one
        everyone saw that `seen` does not word): the game's `move_kinds` in the language in
        force, else its type's own words."""
        marked = self.move_kinds.get(move_type)
        return _(marked) if marked is not None else move_type.replace("_", " ")

    def seen(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str | None:
        """A move everyone saw, in words after "ann's" or "the host's" (the host's `/match
        undo` question and the channel's notice), from `told`, its public events (as JSON);
        None: as every game's, by its kind, "sealed" before the kind of one of the engine's
        `sealed_moves`, and the host's in full (`move`). A game whose moves of one type are
        sealed only at times (a card played face up, or a trap set face down) words them
        here, from what everyone was told."""
        return None

    def options_text(self, options: dict[str, Any], names: Names) -> str | None:
        """The match options in words for the lobby, or None for the generic list."""
        return None

    def shown_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options the lobby's generic list shows, everyone reads it: a game keeps out of
        it an option that is a secret of the match. By default, all of them."""
        return options


V = TypeVar("V", bound=GameView)
E = TypeVar("E", bound=GameEvent)
T = TypeVar("T", bound="TypedTexts[Any, Any]")
M = TypeVar("M", bound=GameEvent)
#: A text of one event model: the message for it, or None when it is not announced.
Text = Callable[[T, M, Names], str | None]
_TEXT_MARK = "_dealer_text"


def text(method: Text[T, M]) -> Text[T, M]:
    """Marks a method of `TypedTexts` as the text of the event model its `event` parameter
    is annotated with (`def card_taken(self, event: CardTaken, names: Names) -> str`): the
    texts dispatch each event to it by the model's `type`. A text for a model that does not
    exist, or a misspelt field of the model, is a mypy error; a text for a model that is not
    among the game's events is refused when the class is made."""
    setattr(method, _TEXT_MARK, True)
    return method


class TypedTexts(GameTexts, Generic[V, E]):
    """The texts of a game whose engine has typed views and events, `V` its view model and
    `E` the union of the event models it words. A subclass sets `event_types` (those models:
    its engine's, `event_models(TheUnion)`, and any the plug-in adds), marks one method per
    worded event with `@text`, and draws an event's image in `board_of`. The JSON the
    generic bot hands (`describe`, `board`) is read back through the models here, and nowhere
    else; an engine's event handed as it was made (`describe_to` of a move's own events) is
    read as its model."""

    event_types: ClassVar[tuple[type[GameEvent], ...]] = ()
    #: The texts by event type, gathered from the `@text` methods of the class and its bases.
    _texts: ClassVar[dict[str, Callable[..., str | None]]] = {}
    #: An adapter for `event_types`, told apart by `type`, made with the class.
    _events: ClassVar[TypeAdapter[Any]]
    _kinds: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._texts = dict(cls._texts)
        if cls.event_types:
            union = functools.reduce(operator.or_, cls.event_types)
            cls._events = TypeAdapter(cast(Any, Annotated)[union, Field(discriminator="type")])
            cls._kinds = frozenset(_kind(model) for model in cls.event_types)
        for name, member in vars(cls).items():
            if not getattr(member, _TEXT_MARK, False):
                continue
            model = get_type_hints(member).get("event")
            if model not in cls.event_types:
                raise TypeError(f"{cls.__name__}.{name} words {model}, not one of its events")
            kind = _kind(model)
            if kind in cls._texts and cls._texts[kind].__name__ != name:
                raise TypeError(f"{cls.__name__} has two texts for {kind}")
            cls._texts[kind] = member

    def read(self, event: Envelope) -> E | None:
        """An event's envelope JSON read back through the models, or an engine's event as it
        was made: its model, validated when it was made, is not written as JSON to be read
        back (a move's answer words its receipts so, issue 43). None for an event this game
        does not have (one the bot adds to every game: a season's announcement)."""
        if isinstance(event, Event):
            if event.type not in self._kinds:
                return None
            model = event.model
            if model is not None:
                return cast(E, model)
            event = event.to_json()
        if event["type"] not in self._kinds:
            return None
        told: E = read_event(self._events, event)
        return told

    def tell(self, event: E, names: Names) -> str | None:
        """The text of one event model, by its type; None when the game words none."""
        said = self._texts.get(event.type)
        return None if said is None else said(self, event, names)

    def describe(self, event: Envelope, names: Names) -> str | None:
        told = self.read(event)
        return None if told is None else self.tell(told, names)

    def describe_to(self, event: Envelope, reader: str, names: Names) -> str | None:
        return self.describe(event, names)

    def board(self, event: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        told = self.read(event)
        return None if told is None else self.board_of(told, names)

    @abstractmethod
    def board_of(self, event: E, names: Mapping[str, str]) -> Board | None:
        """The image that goes with an event's message, or None; pure, like `board`."""


def _kind(model: type[GameEvent]) -> str:
    """An event model's type tag."""
    return str(model.model_fields["type"].default)
