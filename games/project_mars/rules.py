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

from games.core.contract import Action, Choice, Clock, Forfeit, Phase, Pick, Placings, Turn
from games.core.engine import HOST, Engine
from games.core.errors import RuleError, typed
from games.core.events import Event, GameEvent, PlayerForfeited, PlayerKicked, Viewer
from games.core.rng import RandomSource
from games.project_mars import samples
from games.project_mars.cards import disarms, projection, resolve_step, score, units
from games.project_mars.decks import DEFAULT_DECK, READY_DECKS, DeckError, resolve_deck
from games.project_mars.events import (
    BackHandChosen,
    BackHandKept,
    CardPlayed,
    ChoiceMade,
    ChoiceOffered,
    DeckChosen,
    DeckSubmitted,
    DefaultsApplied,
    FaceDownPlayed,
    FirstPlayerDrawn,
    MarsMatchEnded,
    MarsPhaseOpened,
    MatchStarted,
    MulliganDone,
    Mulliganed,
    Passed,
    PMEvent,
    RoundResolved,
    RoundStarted,
    TrapDisarmed,
    TrapSet,
    TrapTriggered,
    UnsprungTrap,
    UtilityPlayed,
)
from games.project_mars.model import (
    CARDS,
    DECK_SIZE,
    HAND_SIZE,
    MOVES,
    MULLIGAN_MAX,
    ROUNDS,
    SLOTS,
    Card,
    CardDef,
    Choose,
    ChooseDeck,
    ClosePhase,
    DeckChoice,
    Keep,
    Kick,
    Legal,
    Mulligan,
    MulliganLegal,
    Options,
    Pass,
    Placed,
    Play,
    PlayLegal,
    Result,
    RoundResult,
    Score,
    Seat,
    State,
    Step,
    card_words,
    column_of,
    row_of,
)
from games.project_mars.model import Phase as PhaseName
from games.project_mars.table import Table, card_face, card_view
from games.project_mars.views import (
    HandCard,
    Me,
    PendingView,
    PlayerView,
    PublicView,
    SideView,
    SlotView,
)

#: The default length of every phase: a turn, a decision, a round's start, the deck phase
#: (PM-D15: each has its own deadline).
PHASE_SECONDS = 10 * 60
#: Decisions whose answer stays secret: which hand card a Research Station trades and for
#: which utility card (PM-D14), which hand card Sinkhole discards (PM-D18). A Stealth Op's
#: answer shows itself at once (a card revealed, or the trap back face up, PM-D8).
SEALED_CHOICES = frozenset({"research_station", "research_station_utility", "sinkhole_discard"})


def match_over(rounds: list[RoundResult], wins: dict[str, int]) -> tuple[bool, str | None]:
    """PM-8 and PM-D4: (is the match over, its winner or None for a draw) after a round.
    Two round wins win. Round 1 won and round 2 drawn: the round-1 winner wins. Round 3
    decides: its winner wins; if it is drawn, nobody has won and the match is a draw, even
    when one player won round 2 after a drawn round 1."""
    done = len(rounds)
    leader = next((p for p, n in wins.items() if n >= 2), None)
    if leader is not None:
        return True, leader
    if done == 2 and rounds[0].winner is not None and rounds[1].winner is None:
        return True, rounds[0].winner
    if done < ROUNDS:
        return False, None
    return True, rounds[-1].winner


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
            label="Each turn, decision, round start and deck choice",
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
            raise ValueError(f"Invalid options: decks names non-players {', '.join(unknown)}.")
        state = State(
            options=options,
            players=list(players),
            seats={p: Seat() for p in players},
            rng=RandomSource(seed=seed),
        )
        table = Table(state)
        table.public(MatchStarted(players=list(players), rounds=ROUNDS))
        for player in players:
            if player in options.decks:
                self._take_deck(table, player, options.decks[player])
        if all(state.seats[p].deck_name for p in players):
            self._start_match(table)
        else:
            self._open(table, "deck", self.awaited(state))
        return state, table.events

    def _take_deck(self, table: Table, player: str, choice: DeckChoice) -> None:
        """PM-1: the deck is shuffled and its cards get ids that say nothing but the owner."""
        state = table.state
        name, keys = resolve_deck(choice)
        prefix = "ab"[state.players.index(player)]
        seat = table.seat(player)
        seat.deck_name = name
        for number, key in enumerate(state.rng.shuffled(keys), 1):
            card = Card(id=f"{prefix}{number:02d}", owner=player, key=key)
            state.cards[card.id] = card
            seat.deck.append(card.id)
        state.dealt[player] = len(keys)
        counts = {k: keys.count(k) for k in CARDS if k in keys}
        table.private(player, DeckChosen(player=player, deck=name, cards=counts))
        table.public(DeckSubmitted(player=player))

    def _start_match(self, table: Table) -> None:
        """Each player draws 10; PM-9: the first player of round 1 is drawn at random."""
        state = table.state
        state.starter = state.rng.choice(state.players)
        table.public(FirstPlayerDrawn(player=state.starter))
        self._begin_round(table)

    # -- helpers ---------------------------------------------------------------------------

    def awaited(self, state: State) -> list[str]:
        """Who must act now."""
        if state.phase == "deck":
            return [p for p in state.players if state.seats[p].deck_name is None]
        if state.phase == "mulligan":
            return [p for p in state.players if not state.seats[p].ready]
        if state.phase == "choice" and state.pending is not None:
            return [state.pending.player]
        if state.phase == "turn" and state.turn is not None:
            return [state.turn]
        return []

    def _open(self, table: Table, phase: PhaseName, players: list[str], **extra: Any) -> None:
        """A new decision is awaited: a new wait (`State.waits`), told to everyone."""
        table.state.waits += 1
        table.public(
            MarsPhaseOpened(round=table.state.round, phase=phase, players=players, **extra)
        )

    # -- moves -----------------------------------------------------------------------------

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if state.phase == "ended":
            raise RuleError("match_over", "The match is over; no more moves are taken.")
        table = Table(state)
        if isinstance(move, ClosePhase | Kick):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, Kick):
                self._kick(table, move.player)
            else:
                self._close_phase(table)
            return table.events
        if actor not in state.players:
            raise RuleError("not_a_player", "Only players of this match can do that.")
        if isinstance(move, Forfeit):
            self._remove(table, actor, PlayerForfeited(player=actor))
            return table.events
        if isinstance(move, ChooseDeck):
            self._check_deck_move(state, actor, move)
        elif isinstance(move, Keep):
            self._check_keep(state, actor, move)
        elif isinstance(move, Mulligan):
            self._check_mulligan(state, actor, move)
        elif isinstance(move, Play):
            self._check_play(state, actor, move)
        elif isinstance(move, Pass):
            self._check_turn(state, actor)
        elif isinstance(move, Choose):
            self._check_choice(state, actor, move)
        self._do(table, actor, move)
        return table.events

    def _do(self, table: Table, actor: str, move: Any) -> None:
        """Carry out a move already checked."""
        if isinstance(move, ChooseDeck):
            self._take_deck(table, actor, move.deck if move.deck is not None else move.cards or [])
            self._after_deck(table)
        elif isinstance(move, Keep):
            self._keep(table, actor, move.cards)
            self._after_mulligan_step(table)
        elif isinstance(move, Mulligan):
            self._mulligan(table, actor, move.cards)
            self._after_mulligan_step(table)
        elif isinstance(move, Play):
            self._play(table, actor, move.card, move.slot)
        elif isinstance(move, Pass):
            self._pass(table, actor, auto=False)
        elif isinstance(move, Choose):
            self._choose(table, actor, move.option)

    # -- deck phase ------------------------------------------------------------------------

    def _check_deck_move(self, state: State, actor: str, move: ChooseDeck) -> None:
        if state.phase != "deck":
            raise RuleError("not_now", "Decks are chosen before the first round only.")
        if state.seats[actor].deck_name is not None:
            raise RuleError("deck_chosen", "You have already chosen your deck.")
        if (move.deck is None) == (move.cards is None):
            raise RuleError(
                "bad_deck",
                "Choose either a ready deck by its name or your own list of 30 cards, not "
                "both and not neither.",
            )
        try:
            resolve_deck(move.deck if move.deck is not None else move.cards or [])
        except DeckError as error:
            raise RuleError("bad_deck", str(error)) from None

    def _after_deck(self, table: Table) -> None:
        if not self.awaited(table.state):
            self._start_match(table)

    # -- round start -----------------------------------------------------------------------

    def _begin_round(self, table: Table) -> None:
        """A round opens: hands are drawn to 10 (after the back-hand step in rounds 2 and 3),
        then every player may mulligan once (PM-9)."""
        state = table.state
        state.phase = "mulligan"
        state.turn = None
        state.passes = 0
        table.public(RoundStarted(round=state.round, starter=state.starter))
        for player in state.players:
            seat = table.seat(player)
            seat.ready = False
            seat.kept = not seat.back_hand
            if seat.kept:
                table.draw(player, HAND_SIZE - len(seat.hand), "round_start")
        self._skip_empty_mulligans(table)
        awaited = self.awaited(state)
        if awaited:
            self._open(table, "mulligan", awaited)
        else:
            self._start_turns(table)

    def _skip_empty_mulligans(self, table: Table) -> None:
        """PM-D2: a player whose deck is empty has nothing to mulligan for."""
        for player in table.state.players:
            seat = table.seat(player)
            if seat.kept and not seat.ready and not seat.deck:
                seat.ready = True
                table.public(MulliganDone(player=player, count=0))

    def _check_keep(self, state: State, actor: str, move: Keep) -> None:
        seat = state.seats[actor]
        if state.phase != "mulligan" or seat.kept:
            raise RuleError("not_now", "There is no back hand for you to sort now.")
        if len(set(move.cards)) != len(move.cards):
            raise RuleError("bad_cards", "Each card may be listed once.")
        stray = [c for c in move.cards if c not in seat.back_hand]
        if stray:
            raise RuleError("not_in_back_hand", f"{', '.join(stray)} is not in your back hand.")

    def _keep(self, table: Table, player: str, kept: list[str]) -> None:
        """End Round: take any back-hand cards into the new hand, draw up to 10 from the deck,
        then the rest of the back hand goes to the junkyard."""
        seat = table.seat(player)
        seat.hand.extend(kept)
        dropped = [c for c in seat.back_hand if c not in kept]
        seat.back_hand = []
        table.private(
            player,
            BackHandKept(
                player=player,
                kept=[table.shown(c) for c in kept],
                discarded=[table.shown(c) for c in dropped],
            ),
        )
        table.public(BackHandChosen(player=player, kept=len(kept), discarded=len(dropped)))
        table.draw(player, HAND_SIZE - len(seat.hand), "round_start")
        for card in dropped:
            table.junk(card)
        seat.kept = True
        self._skip_empty_mulligans(table)

    def _check_mulligan(self, state: State, actor: str, move: Mulligan) -> None:
        seat = state.seats[actor]
        if state.phase != "mulligan" or seat.ready:
            raise RuleError("not_now", "You can mulligan only once, at the start of a round.")
        if not seat.kept:
            raise RuleError("keep_first", "First choose which back-hand cards to keep.")
        if len(set(move.cards)) != len(move.cards):
            raise RuleError("bad_cards", "Each card may be listed once.")
        stray = [c for c in move.cards if c not in seat.hand]
        if stray:
            raise RuleError("not_in_hand", f"{', '.join(stray)} is not in your hand.")
        limit = min(MULLIGAN_MAX, len(seat.deck))
        if len(move.cards) > limit:
            why = (
                f"at most {MULLIGAN_MAX} cards"
                if limit == MULLIGAN_MAX
                else f"only {limit}, as your deck holds {len(seat.deck)}"
            )
            raise RuleError("too_many", f"You may trade in {why}.")

    def _mulligan(self, table: Table, player: str, traded: list[str]) -> None:
        """Trade in up to three cards: their replacements are drawn first, then the traded
        cards are shuffled into the deck (PM-D2). No hand card is revealed yet: reveals come
        from cards played in turns, and each round starts with none (so no card leaves the
        hand unseen after it was revealed, PM-D21)."""
        seat = table.seat(player)
        assert not seat.revealed, "a hand card revealed before the mulligan"
        order = table.state.rng.shuffled(seat.deck) if traded else list(seat.deck)
        drawn, seat.deck = order[: len(traded)], order[len(traded) :]
        for old, new in zip(traded, drawn, strict=True):
            seat.hand[seat.hand.index(old)] = new
        seat.deck.extend(traded)
        seat.ready = True
        table.private(
            player,
            Mulliganed(
                player=player,
                traded=[table.shown(c) for c in traded],
                drawn=[table.shown(c) for c in drawn],
            ),
        )
        table.public(MulliganDone(player=player, count=len(traded)))

    def _after_mulligan_step(self, table: Table) -> None:
        if not self.awaited(table.state):
            self._start_turns(table)

    def _start_turns(self, table: Table) -> None:
        state = table.state
        state.phase = "turn"
        state.passes = 0
        assert state.starter is not None
        self._next_turn(table, state.starter)

    # -- turns -----------------------------------------------------------------------------

    def _check_turn(self, state: State, actor: str) -> None:
        if state.phase == "choice" and state.pending is not None:
            raise RuleError(
                "waiting_for_choice",
                f"The game waits for {state.pending.player} to choose first.",
            )
        if state.phase != "turn":
            raise RuleError("not_now", "Cards are played once both players are ready.")
        if state.turn != actor:
            raise RuleError("not_your_turn", f"It is {state.turn}'s turn.")

    def play_slots(self, state: State, player: str, card_id: str) -> list[str] | None:
        """Where a hand card may go now: slots (of the player's field, or of the enemy's for a
        trap), [] for a utility card, None when it cannot be played (PM-3, PM-5)."""
        seat = state.seats[player]
        spec = state.cards[card_id].spec
        if spec.kind == "utility":
            return None if seat.utility_played else []
        if spec.trap:
            enemy = state.seats[Table(state).other(player)]
            return [s for s in SLOTS if enemy.field[s] is None]
        return [
            s
            for s in SLOTS
            if (placed := seat.field[s]) is None or (placed.face_down and placed.owner != player)
        ]

    def _check_play(self, state: State, actor: str, move: Play) -> None:
        self._check_turn(state, actor)
        seat = state.seats[actor]
        if move.card not in seat.hand:
            raise RuleError("not_in_hand", f"You have no card {typed(move.card)} in your hand.")
        spec = state.cards[move.card].spec
        slots = self.play_slots(state, actor, move.card)
        if spec.kind == "utility":
            if slots is None:
                raise RuleError(
                    "utility_used", "You have already played a utility card this round."
                )
            if move.slot is not None:
                raise RuleError(
                    "bad_slot", f"{spec.name} goes to the utility area: play it with no slot."
                )
            return
        if move.slot is None or move.slot not in SLOTS:
            raise RuleError(
                "bad_slot", f"Choose a slot for {spec.name}: one of {', '.join(SLOTS)}."
            )
        if move.slot not in (slots or []):
            where = (
                "an empty slot of the enemy's field"
                if spec.trap
                else "an empty slot of your field, or one holding an enemy trap"
            )
            raise RuleError("bad_slot", f"{spec.name} must go on {where}; {move.slot} is taken.")

    def _play(self, table: Table, player: str, card_id: str, slot: str | None) -> None:
        """PM-2, PM-3, PM-5: put the card down, then run what it triggers."""
        state = table.state
        seat = table.seat(player)
        spec = table.spec(card_id)
        table.leave_hand(player, card_id, seen=not spec.trap)
        state.passes = 0
        if spec.kind == "utility":
            seat.utility_played = card_id
            state.limbo.append(card_id)
            table.public(UtilityPlayed(player=player, card=table.shown(card_id)))
            state.steps = [Step(kind="effect", card=card_id)]
        elif spec.trap:
            assert slot is not None
            enemy = table.other(player)
            table.seat(enemy).field[slot] = Placed(card=card_id, owner=player, face_down=True)
            table.private(
                player, TrapSet(player=player, card=table.shown(card_id), field=enemy, slot=slot)
            )
            table.public(FaceDownPlayed(player=player, field=enemy, slot=slot))
            state.steps = []
        else:
            assert slot is not None
            trap = seat.field[slot]
            seat.field[slot] = None
            if trap is not None and disarms(spec.key, slot):
                table.junk(trap.card)
                table.public(
                    CardPlayed(player=player, card=table.shown(card_id), field=player, slot=slot)
                )
                table.public(
                    TrapDisarmed(
                        card=table.shown(trap.card),
                        owner=trap.owner,
                        field=player,
                        slot=slot,
                        by=spec.key,
                    )
                )
                trap = None
            else:
                table.public(
                    CardPlayed(player=player, card=table.shown(card_id), field=player, slot=slot)
                )
            seat.field[slot] = Placed(card=card_id, owner=player)
            state.steps = [Step(kind="effect", card=card_id, slot=slot)]
            if trap is not None:
                state.limbo.append(trap.card)
                table.public(
                    TrapTriggered(
                        card=table.shown(trap.card),
                        owner=trap.owner,
                        field=player,
                        slot=slot,
                        by=table.shown(card_id),
                    )
                )
                state.steps.insert(0, Step(kind="trap", card=card_id, slot=slot, trap=trap.card))
        self._run(table, None)

    def _run(self, table: Table, choice: str | None) -> None:
        """Resolve the steps in order; stop at a decision someone must make. A decision with
        a single option that both players can see coming is taken at once (PM-D15)."""
        state = table.state
        while state.steps:
            step = state.steps[0]
            ask = resolve_step(table, step, choice)
            choice = None
            if ask is None:
                state.steps.pop(0)
                if step.kind == "effect" and table.spec(step.card).kind == "utility":
                    table.junk(step.card)
                continue
            options = ask.decision.options
            if ask.auto and len(options) == 1:
                choice = options[0].id
                continue
            state.pending = ask.decision
            state.phase = "choice"
            decision = ask.decision
            if decision.secret:
                table.private(decision.player, ChoiceOffered(options=options))
            self._open(
                table,
                "choice",
                [decision.player],
                kind=decision.kind,
                card=table.shown(decision.card),
                slot=decision.slot,
                prompt=decision.prompt,
                options=None if decision.secret else options,
            )
            return
        state.pending = None
        state.phase = "turn"
        assert state.turn is not None
        self._next_turn(table, table.other(state.turn))

    def _check_choice(self, state: State, actor: str, move: Choose) -> None:
        pending = state.pending
        if state.phase != "choice" or pending is None:
            raise RuleError("no_choice", "Nothing is waiting for a choice now.")
        if pending.player != actor:
            raise RuleError("not_your_choice", f"{pending.player} makes this choice.")
        if move.option not in {o.id for o in pending.options}:
            listed = ", ".join(f"{o.id} ({o.label})" for o in pending.options)
            raise RuleError("bad_option", f"That is not one of the options: {listed}.")

    def _choose(self, table: Table, player: str, option: str) -> None:
        pending = table.state.pending
        assert pending is not None
        label = next(o.label for o in pending.options if o.id == option)
        made = ChoiceMade(player=player, kind=pending.kind, option=option, label=label)
        if pending.secret:
            table.private(player, made)
        else:
            table.public(made)
        table.state.pending = None
        self._run(table, option)

    def _pass(self, table: Table, player: str, *, auto: bool) -> None:
        table.state.passes += 1
        table.public(Passed(player=player, auto=auto))
        self._next_turn(table, table.other(player))

    def _next_turn(self, table: Table, player: str) -> None:
        """PM-5: turns alternate; two passes in succession, or two empty hands, resolve the
        round. PM-D20: only a player with no cards passes by themself."""
        state = table.state
        state.turn = player
        while True:
            if state.passes >= 2 or not any(table.seat(p).hand for p in state.players):
                self._resolve_round(table)
                return
            current = state.turn
            if table.seat(current).hand:
                self._open(table, "turn", [current])
                return
            state.passes += 1
            table.public(Passed(player=current, auto=True))
            state.turn = table.other(current)

    # -- resolution ------------------------------------------------------------------------

    def _resolve_round(self, table: Table) -> None:
        """PM-4, PM-7: count; PM-8: best of three; then the field goes to the junkyard and
        each hand becomes its back hand; PM-9: the loser starts the next round."""
        state = table.state
        counted = score(state.players, units(table))
        first, second = state.players
        tpr = counted.tpr
        winner = first if tpr[first] > tpr[second] else second if tpr[second] > tpr[first] else None
        state.rounds.append(RoundResult(round=state.round, winner=winner, score=counted))
        if winner is not None:
            table.seat(winner).wins += 1
        unsprung = [
            UnsprungTrap(card=table.shown(placed.card), owner=placed.owner, field=field, slot=slot)
            for field in state.players
            for slot, placed in table.seat(field).field.items()
            if placed is not None and placed.face_down
        ]
        table.public(
            RoundResolved(
                round=state.round,
                winner=winner,
                score=counted,
                traps=unsprung,
                wins={p: table.seat(p).wins for p in state.players},
            )
        )
        for field in state.players:
            seat = table.seat(field)
            for slot, placed in seat.field.items():
                if placed is not None:
                    seat.field[slot] = None
                    table.junk(placed.card)
        for player in state.players:
            seat = table.seat(player)
            seat.back_hand, seat.hand = seat.hand, []
            seat.revealed = []
            seat.utility_played = None
        state.immune = False
        state.pending = None
        over, champion = match_over(state.rounds, {p: table.seat(p).wins for p in state.players})
        if over:
            self._end(table, champion, None)
            return
        loser = None if winner is None else table.other(winner)
        assert state.starter is not None
        state.starter = loser if loser is not None else table.other(state.starter)
        state.round += 1
        self._begin_round(table)

    def _end(self, table: Table, winner: str | None, forfeit: str | None) -> None:
        state = table.state
        state.result = Result(
            winner=winner,
            wins={p: table.seat(p).wins for p in state.players},
            forfeit=forfeit,
            rounds=list(state.rounds),
        )
        state.phase = "ended"
        state.turn = None
        table.public(
            MarsMatchEnded(
                winner=winner,
                wins=state.result.wins,
                forfeit=forfeit,
                rounds=state.result.rounds,
            )
        )

    # -- host ------------------------------------------------------------------------------

    def _kick(self, table: Table, player: str) -> None:
        """PM-D17: a removed player forfeits; the other player wins at once."""
        if player not in table.state.players:
            raise RuleError("unknown_player", f"{player} is not playing in this match.")
        self._remove(table, player, PlayerKicked(player=player))

    def _remove(self, table: Table, player: str, why: GameEvent) -> None:
        """PM-D17: a player kicked or conceding (PM-D22) forfeits; the other player wins at
        once."""
        table.seat(player).kicked = True
        table.public(why)
        table.state.pending = None
        self._end(table, table.other(player), player)

    def _close_phase(self, table: Table) -> None:
        """PM-D15: whoever must act takes the default: the first ready deck, keeping the whole
        back hand, no mulligan, a pass, or a decision's first option."""
        state = table.state
        awaited = self.awaited(state)
        table.public(DefaultsApplied(round=state.round, phase=state.phase, players=awaited))
        if state.phase == "deck":
            for player in awaited:
                self._take_deck(table, player, DEFAULT_DECK)
            self._after_deck(table)
        elif state.phase == "mulligan":
            for player in awaited:
                seat = table.seat(player)
                if not seat.kept:
                    self._keep(table, player, list(seat.back_hand))
                if not seat.ready:
                    self._mulligan(table, player, [])
            self._after_mulligan_step(table)
        elif state.phase == "choice" and state.pending is not None:
            self._choose(table, state.pending.player, state.pending.options[0].id)
        elif state.turn is not None:
            self._pass(table, state.turn, auto=True)

    # -- reading ---------------------------------------------------------------------------

    def is_finished(self, state: State) -> bool:
        return state.phase == "ended"

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
        if player not in self.awaited(state):
            return Legal()
        seat = state.seats[player]
        if state.phase == "deck":
            return Legal(deck=True)
        if state.phase == "mulligan":
            if not seat.kept:
                return Legal(keep=list(seat.back_hand))
            return Legal(
                mulligan=MulliganLegal(cards=list(seat.hand), max=min(MULLIGAN_MAX, len(seat.deck)))
            )
        if state.phase == "choice" and state.pending is not None:
            return Legal(choose=list(state.pending.options))
        plays = []
        for card_id in seat.hand:
            slots = self.play_slots(state, player, card_id)
            if slots is None or (slots == [] and state.cards[card_id].spec.kind != "utility"):
                continue
            spec = state.cards[card_id].spec
            target = "utility" if spec.kind == "utility" else "enemy" if spec.trap else "own"
            plays.append(PlayLegal(card=card_id, name=spec.name, target=target, slots=slots))
        return Legal(pass_=True, plays=plays)

    # -- the contract ----------------------------------------------------------------------

    def turn(self, state: State) -> Turn:
        """The players awaited (`awaited`) both must and may act; nobody else may (PM-5: turns
        alternate; a round's start and the deck phase take both players at once)."""
        awaited = self.awaited(state)
        return Turn(
            phase=self._phase(state),
            players=list(state.players),
            out=[p for p in state.players if state.seats[p].kicked],
            must=awaited,
            may=list(awaited),
        )

    @staticmethod
    def _phase(state: State) -> Phase:
        """The phase with what its deadline does (PM-D15, PM-D1)."""
        if state.phase == "ended":
            return Phase(
                name="ended",
                title="Match over",
                clock=None,
                id="ended",
                on_deadline="Nothing: the match is over.",
            )
        if state.phase == "deck":
            return Phase(
                name="deck",
                title="Choosing decks",
                clock="turn",
                id=f"deck-{state.waits}",
                on_deadline="Whoever has not chosen a deck gets Vanguard.",
            )
        heading = f"Round {state.round}"
        if state.phase == "mulligan":
            steps = "back hands and mulligans" if state.round > 1 else "mulligans"
            return Phase(
                name="mulligan",
                title=f"{heading}: {steps}",
                round=state.round,
                clock="turn",
                id=f"mulligan-{state.waits}",
                on_deadline="Whoever has not finished keeps their whole back hand and trades "
                "nothing in.",
            )
        pending = state.pending
        if state.phase == "choice" and pending is not None:
            first = "the first option" + ("" if pending.secret else f": {pending.options[0].label}")
            return Phase(
                name="choice",
                title=f"{heading}: {pending.player}'s choice for the "
                f"{state.cards[pending.card].spec.name}",
                round=state.round,
                clock="turn",
                id=f"choice-{state.waits}",
                on_deadline=f"{pending.player} takes {first}.",
            )
        return Phase(
            name="turn",
            title=f"{heading}: {state.turn}'s turn",
            round=state.round,
            clock="turn",
            id=f"turn-{state.waits}",
            on_deadline=f"{state.turn} passes.",
        )

    def legal_actions(self, state: State, player: str) -> list[Action]:
        """`legal` as actions: a ready deck (a list of 30 cards is the game's own form, PM-1);
        some, all or none of the back-hand cards to keep; up to three hand cards to trade
        in, no more than the deck holds, or none (PM-9, PM-D2); a decision's options; a card
        to play, then the slot it takes (PM-2; a utility card takes none), a trap to set face
        down on a slot of the enemy's field (PM-3), and a pass (PM-5)."""
        legal = self.legal(state, player)
        if legal.deck:
            decks = [
                Choice(value=d.key, label=d.name, description=d.strategy)
                for d in READY_DECKS.values()
            ]
            return [
                Action(
                    key="deck",
                    label="Choose a ready deck",
                    move={"type": "deck"},
                    steps=[Pick(field="deck", choices=decks, label="Ready deck")],
                    sealed=True,
                )
            ]
        if legal.keep is not None:
            return self._keep_actions(state, player, legal.keep)
        if legal.mulligan is not None:
            return self._mulligan_actions(state, player, legal.mulligan)
        pending = state.pending
        if legal.choose and pending is not None:
            return [
                Action(
                    key="choose",
                    label=f"Choose for the {state.cards[pending.card].spec.name}",
                    move={"type": "choose"},
                    steps=[
                        Pick(
                            field="option",
                            choices=[Choice(value=o.id, label=o.label) for o in legal.choose],
                            label=pending.prompt,
                        )
                    ],
                    sealed=pending.kind in SEALED_CHOICES,
                )
            ]
        actions = self._play_actions(state, player, legal.plays)
        if legal.pass_:
            actions.append(Action(key="pass", label="Pass", move={"type": "pass"}))
        return actions

    def _keep_actions(self, state: State, player: str, back: list[str]) -> list[Action]:
        """The back hand at a round's start: some of its cards kept (the rest go to the
        junkyard), all of them, or none. Which cards is secret; how many is told."""
        none = Action(
            key="keep-none", label="Keep none", move={"type": "keep", "cards": []}, sealed=True
        )
        if not back:
            return [none]
        some = Action(
            key="keep",
            label="Keep some back-hand cards",
            move={"type": "keep"},
            steps=[
                Pick(
                    field="cards",
                    choices=[self._card_choice(state, player, c) for c in back],
                    max=len(back),
                    label="Back-hand cards to keep (the rest go to the junkyard)",
                    as_list=True,
                )
            ],
            sealed=True,
        )
        every = Action(
            key="keep-all", label="Keep all", move={"type": "keep", "cards": back}, sealed=True
        )
        return [some, every, none]

    def _mulligan_actions(self, state: State, player: str, mulligan: MulliganLegal) -> list[Action]:
        """PM-9, PM-D2: up to three hand cards traded in, no more than the deck holds, or
        none (the hand kept). Which cards is secret; how many is told."""
        most = min(mulligan.max, len(mulligan.cards))
        keep = Action(
            key="keep-hand",
            label="Keep my hand",
            move={"type": "mulligan", "cards": []},
            sealed=True,
        )
        if not most:
            return [keep]
        trade = Action(
            key="mulligan",
            label="Mulligan",
            move={"type": "mulligan"},
            steps=[
                Pick(
                    field="cards",
                    choices=[self._card_choice(state, player, c) for c in mulligan.cards],
                    max=most,
                    label=f"Hand cards to trade in (up to {most})",
                    as_list=True,
                )
            ],
            sealed=True,
        )
        return [trade, keep]

    @staticmethod
    def _card_choice(
        state: State, player: str, card_id: str, then: list[Pick] | None = None
    ) -> Choice:
        """One of the player's cards: its name and printed PWR, whether their opponent has
        seen it, and what is asked once it is picked."""
        shown = card_id in state.seats[player].revealed
        return Choice(
            value=card_id,
            label=card_words(card_face(state.cards[card_id])),
            description="Revealed to your opponent" if shown else None,
            then=list(then or []),
        )

    def _play_actions(self, state: State, player: str, plays: list[PlayLegal]) -> list[Action]:
        """A hand card to play, then the slot of the player's own field it takes, an enemy
        trap's included (PM-2, PM-D8; a utility card takes none); a trap to set face down,
        then the slot of the enemy's field (sealed: which trap is secret, PM-3)."""
        enemy = Table(state).other(player)
        cards: list[Choice] = []
        traps: list[Choice] = []
        for play in plays:
            spec = state.cards[play.card].spec
            slots = [self._slot_choice(state, player, enemy, spec, s) for s in play.slots]
            then = (
                []
                if play.target == "utility"
                else [Pick(field="slot", choices=slots, label=f"Where the {spec.name} goes")]
            )
            (traps if spec.trap else cards).append(
                self._card_choice(state, player, play.card, then)
            )
        actions = []
        if cards:
            actions.append(
                Action(
                    key="play",
                    label="Play a card",
                    move={"type": "play"},
                    steps=[Pick(field="card", choices=cards, label="Your card")],
                )
            )
        if traps:
            actions.append(
                Action(
                    key="trap",
                    label="Set a trap",
                    move={"type": "play"},
                    steps=[Pick(field="card", choices=traps, label="Your trap")],
                    sealed=True,
                )
            )
        return actions

    @staticmethod
    def _slot_choice(state: State, player: str, enemy: str, spec: CardDef, slot: str) -> Choice:
        where = f"{row_of(slot)} row, lane {column_of(slot)}"
        if spec.trap:
            return Choice(value=slot, label=f"{enemy}'s {where}")
        placed = state.seats[player].field[slot]
        return Choice(
            value=slot,
            label=f"Your {where}",
            description=(
                None if placed is None else f"A face-down card of {placed.owner} lies here"
            ),
        )

    def view(self, state: State, viewer: Viewer) -> PublicView:
        """PM visibility (docs/rules/project-mars.md, `games.project_mars.views`): a player
        gets their `PlayerView`, everyone else (the host and spectators, PM-D16) the
        `PublicView`."""
        counted = projection(tuple(state.players), tuple(units(Table(state))))
        me = viewer if viewer in state.players else None
        awaited = self.awaited(state)
        pending = None
        if state.pending is not None:
            decision = state.pending
            pending = PendingView(
                player=decision.player,
                kind=decision.kind,
                card=card_view(state.cards[decision.card]),
                slot=decision.slot,
                prompt=decision.prompt,
                options=(
                    decision.options if me == decision.player or not decision.secret else None
                ),
            )
        public = dict(
            round=state.round,
            phase=state.phase,
            players=list(state.players),
            kicked=[p for p in state.players if state.seats[p].kicked],
            to_act=awaited,
            submitted=[p for p in state.players if p not in awaited],
            turn=state.turn,
            starter=state.starter,
            passes=state.passes,
            immune=state.immune,
            sides={p: self._side(state, p, me, counted) for p in state.players},
            projection=counted,
            pending=pending,
            rounds=state.rounds,
            result=state.result,
        )
        if me is None:
            return PublicView(**public)
        return PlayerView(**public, me=self._me(state, me))

    def _side(self, state: State, player: str, viewer: str | None, counted: Score) -> SideView:
        seat = state.seats[player]
        field: dict[str, SlotView | None] = {}
        for slot, placed in seat.field.items():
            if placed is None:
                field[slot] = None
                continue
            shown = not placed.face_down or placed.owner == viewer
            field[slot] = SlotView(
                face_down=placed.face_down,
                owner=placed.owner,
                card=card_view(state.cards[placed.card]) if shown else None,
                pwr=None if placed.face_down else counted.pwr.get(placed.card),
                zeroed=placed.zeroed,
                disabled=placed.disabled or placed.card in counted.disabled,
                bonus=placed.bonus,
                boosts=placed.boosts,
            )
        return SideView(
            player=player,
            field=field,
            hand_count=len(seat.hand),
            revealed=sorted(
                (card_face(state.cards[c]) for c in seat.revealed),
                key=lambda face: list(CARDS).index(face.key),
            ),
            deck_count=len(seat.deck),
            back_hand_count=len(seat.back_hand),
            junkyard_count=len(seat.junkyard),
            utility_used=seat.utility_played is not None,
            utility_played=(
                card_view(state.cards[seat.utility_played]) if seat.utility_played else None
            ),
            deck_chosen=seat.deck_name is not None,
            kept=seat.kept,
            ready=seat.ready,
            wins=seat.wins,
        )

    def _me(self, state: State, player: str) -> Me:
        seat = state.seats[player]
        deck_cards: dict[str, int] = {}
        for card_id in seat.deck:
            key = state.cards[card_id].key
            deck_cards[key] = deck_cards.get(key, 0) + 1
        return Me(
            player=player,
            deck=seat.deck_name,
            hand=[
                HandCard(**dict(card_view(state.cards[c])), revealed=c in seat.revealed)
                for c in seat.hand
            ],
            back_hand=[card_view(state.cards[c]) for c in seat.back_hand],
            junkyard=[card_view(state.cards[c]) for c in seat.junkyard],
            deck_cards={k: deck_cards[k] for k in CARDS if k in deck_cards},
        )

    # -- playouts and checks ---------------------------------------------------------------

    def random_move(self, state: State, rnd: random.Random) -> tuple[str, Any]:
        """A legal move of someone awaited, mostly; the host closes the phase now and then
        and, rarely, removes a player."""
        roll = rnd.random()
        if roll < 0.002:
            return HOST, Kick(player=rnd.choice(state.players))
        awaited = self.awaited(state)
        if roll < 0.06 or not awaited:
            return HOST, ClosePhase()
        player = rnd.choice(awaited)
        legal = self.legal(state, player)
        if legal.deck:
            if rnd.random() < 0.7:
                return player, ChooseDeck(deck=rnd.choice(list(READY_DECKS)))
            return player, ChooseDeck(cards=self._random_list(rnd))
        if legal.keep is not None:
            return player, Keep(cards=[c for c in legal.keep if rnd.random() < 0.5])
        if legal.mulligan is not None:
            count = rnd.randint(0, legal.mulligan.max)
            return player, Mulligan(cards=rnd.sample(legal.mulligan.cards, count))
        if legal.choose:
            return player, Choose(option=rnd.choice(legal.choose).id)
        # A pass or (card, slot), the move made only of the one drawn: a hand of ten cards
        # may be played in dozens of ways.
        moves: list[tuple[str, str | None] | None] = [None]
        for play in legal.plays:
            if play.target == "utility":
                moves.append((play.card, None))
            moves.extend((play.card, s) for s in play.slots)
        drawn = rnd.choice(moves)
        if drawn is None:
            return player, Pass()
        card, slot = drawn
        return player, Play(card=card) if slot is None else Play(card=card, slot=slot)

    @staticmethod
    def _random_list(rnd: random.Random) -> list[str]:
        """A random list of card names, now and then one the rules refuse (PM-1)."""
        keys = list(CARDS)
        plain = [k for k in keys if CARDS[k].kind != "utility"]
        utility = [k for k in keys if CARDS[k].kind == "utility"]
        size = DECK_SIZE if rnd.random() < 0.9 else rnd.choice([29, 31])
        picked = [rnd.choice(utility) for _ in range(rnd.randint(0, 4))]
        picked += [rnd.choice(plain) for _ in range(size - len(picked))]
        return [CARDS[k].name.upper() if rnd.random() < 0.2 else CARDS[k].name for k in picked]

    def conserved(self, state: State) -> dict[str, int]:
        """Cards: each player's cards in all zones (deck, hand, back hand, junkyard, on a
        field, between zones) minus the cards they were dealt stays 0."""
        counts = {p: -state.dealt.get(p, 0) for p in state.players}
        for player, seat in state.seats.items():
            counts[player] += len(seat.deck) + len(seat.hand) + len(seat.back_hand)
            counts[player] += len(seat.junkyard)
            for placed in seat.field.values():
                if placed is not None:
                    counts[state.cards[placed.card].owner] += 1
        for card_id in state.limbo:
            counts[state.cards[card_id].owner] += 1
        return {f"cards of {p}": n for p, n in counts.items()}
