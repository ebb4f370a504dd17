"""Project Mars as an engine (RULINGS.md §4, PM-1 to PM-10; Dealer rulings PM-D1... in
docs/rules/project-mars.md).

The flow: deck phase (players without a preset deck choose one), then three rounds at most.
A round opens with every player's back-hand step (rounds 2 and 3) and mulligan, both players
at once; then players take turns, one card or a pass each, answering the decisions cards ask
for; two passes in succession, or two empty hands, resolve the round. Each time the rules
wait for someone, a public `phase_opened` names them; the host's `close_phase` (what a
deadline sends) makes everyone named take the default.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.core.contract import Action, Clock, Forfeit, Placings, Turn
from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Event, PlayerForfeited, Viewer
from games.core.rng import RandomSource
from games.core.speech import N_
from games.project_mars import decisions, samples
from games.project_mars.deck_phase import check_deck_move, take_deck
from games.project_mars.events import MatchStarted, PMEvent
from games.project_mars.flow import (
    after_deck,
    after_mulligan_step,
    open_phase,
    start_match,
)
from games.project_mars.host import kick, remove
from games.project_mars.model import (
    MOVES,
    ROUNDS,
    Choose,
    ChooseDeck,
    ClosePhase,
    Keep,
    Kick,
    Legal,
    Mulligan,
    Pass,
    Play,
    Seat,
    State,
)
from games.project_mars.mulligan import check_keep, check_mulligan, keep, mulligan
from games.project_mars.options import Options
from games.project_mars.player_turn import (
    check_choice,
    check_play,
    check_turn,
    choose,
    pass_turn,
    play,
)
from games.project_mars.playout import conserved, random_move
from games.project_mars.table import Table
from games.project_mars.views import PublicView, view
from games.project_mars.waits import decision, deck_must

#: The default length of every phase: a turn, a decision, a round's start, the deck phase
#: (PM-D15: each has its own deadline).
PHASE_SECONDS = 10 * 60


class ProjectMars(Engine[State, Options]):
    game = "project-mars"
    title = "Project Mars"
    min_players = 2
    max_players = 2
    state_type = State
    options_type = Options
    moves = MOVES
    events = TypeAdapter(PMEvent)
    #: PM-D15: each turn, each decision and each round's start has its own deadline.
    clocks: ClassVar[Mapping[str, Clock]] = {
        "turn": Clock(
            label=N_("Each turn, decision, round start and deck choice"),
            default_seconds=PHASE_SECONDS,
        )
    }
    sample_options = staticmethod(samples.sample_options)
    #: Secret until a reveal: the deck chosen (PM-D1), the back-hand cards kept and the cards
    #: traded in a mulligan (how many is public), a trap set face down (PM-3: its slot is
    #: seen, not the card), and the answers of `SEALED_CHOICES`.
    sealed_moves: ClassVar[frozenset[str]] = frozenset(
        {"deck", "keep", "mulligan", "play", "choose"}
    )
    secret_fields: ClassVar[Mapping[str, frozenset[str]]] = {"play": frozenset({"card"})}
    #: PM-D8: a round's end turns every trap still face down face up for everyone.
    reveal_events: ClassVar[frozenset[str]] = frozenset({"round_resolved"})

    # -- setup -----------------------------------------------------------------------------

    def setup(self, players: list[str], options: Options, seed: int) -> tuple[State, list[Event]]:
        unknown = sorted(set(options.decks) - set(players))
        if unknown:
            why = N_("decks names non-players {players}.").format(players=", ".join(unknown))
            raise ValueError(N_("Invalid options: {why}").format(why=why))
        state = State(
            options=options,
            players=list(players),
            seats={p: Seat() for p in players},
            rng=RandomSource(seed=seed),
        )
        table = Table(state)
        table.public(MatchStarted, players=list(players), rounds=ROUNDS)
        for player in players:
            if player in options.decks:
                take_deck(table, player, options.decks[player])
        if all(state.seats[p].deck_name for p in players):
            start_match(table)
        else:
            open_phase(table, "deck", deck_must(state))
        return state, table.events

    # -- moves -----------------------------------------------------------------------------

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if decision(state) == "ended":
            raise RuleError("match_over", "The match is over; no more moves are taken.")
        table = Table(state)
        if isinstance(move, ClosePhase | Kick):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, Kick):
                kick(table, move.player)
            else:
                decisions.close_phase(table)
            return table.events
        if actor not in state.players:
            raise RuleError("not_a_player", "Only players of this match can do that.")
        if isinstance(move, Forfeit):
            remove(table, actor, PlayerForfeited)
            return table.events
        if isinstance(move, ChooseDeck):
            check_deck_move(state, actor, move)
        elif isinstance(move, Keep):
            check_keep(state, actor, move)
        elif isinstance(move, Mulligan):
            check_mulligan(state, actor, move)
        elif isinstance(move, Play):
            check_play(state, actor, move)
        elif isinstance(move, Pass):
            check_turn(state, actor)
        elif isinstance(move, Choose):
            check_choice(state, actor, move)
        self._do(table, actor, move)
        return table.events

    def _do(self, table: Table, actor: str, move: Any) -> None:
        """Carry out a move already checked."""
        if isinstance(move, ChooseDeck):
            take_deck(table, actor, move.deck if move.deck is not None else move.cards or [])
            after_deck(table)
        elif isinstance(move, Keep):
            keep(table, actor, move.cards)
            after_mulligan_step(table)
        elif isinstance(move, Mulligan):
            mulligan(table, actor, move.cards)
            after_mulligan_step(table)
        elif isinstance(move, Play):
            play(table, actor, move.card, move.slot)
        elif isinstance(move, Pass):
            pass_turn(table, actor, auto=False)
        elif isinstance(move, Choose):
            choose(table, actor, move.option)

    # -- reading ---------------------------------------------------------------------------

    def is_finished(self, state: State) -> bool:
        return decision(state) == "ended"

    def result(self, state: State) -> dict[str, Any] | None:
        return state.result.model_dump(mode="json") if state.result else None

    def placings(self, state: State) -> Placings | None:
        """Once the match has ended: its winner first and the other player second (PM-8; a
        removed player forfeits, PM-D17), or, in a draw, both first and nobody winning."""
        result = state.result
        if result is None:
            return None
        if result.winner is None:
            return Placings(places=dict.fromkeys(state.players, 1), winners=[])
        return Placings(
            places={p: 1 if p == result.winner else 2 for p in state.players},
            winners=[result.winner],
        )

    def legal(self, state: State, player: str) -> Legal:
        """What `player` may do now, for menus and for random and practice players."""
        return decisions.legal_moves(state, player)

    # -- the contract ----------------------------------------------------------------------

    def turn(self, state: State) -> Turn:
        return decisions.turn(state)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        return decisions.legal_actions(state, player)

    def view(self, state: State, viewer: Viewer) -> PublicView:
        return view(state, viewer)

    # -- playouts and checks ---------------------------------------------------------------

    def random_move(self, state: State, rnd: random.Random) -> tuple[str, Any]:
        return random_move(state, rnd)

    def conserved(self, state: State) -> dict[str, int]:
        return conserved(state)
