"""The MARSBOT draft's engine: one player's generation-2-onward draft against MARSBOT, as a
record (marsbot-corporations.en.md §3, RULINGS.md §3; Dealer rulings MB-D1... in
docs/rules/marsbot-draft.md). The moves, options and state are in `model`; the pick, the
discard and the action deck are the pure functions of `draft`. The engine routes each move to
the part of the draft it belongs to: `rounds` (§3.3), `finish` (§3.4, §3.5), checked by
`phases`, over what `piles` knows of the piles; `decisions` says what the decision open now
offers (the host's close-phase, who may act, the legal actions).

Every event is public: the draft is the player's own, and nothing in it is secret from the
channel it is played in. No phase has a deadline (MB-D8): the draft waits for its player.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.core.contract import Action, Clock, Forfeit, Placings, Turn, random_answers
from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Event, PlayerForfeited, PlayerKicked, Viewer, read_event
from games.core.rng import RandomSource
from games.core.speech import N_
from games.marsbot_draft import samples
from games.marsbot_draft.decisions import close_phase, legal_actions, offer, turn
from games.marsbot_draft.events import DraftEvent, DraftStarted, Drawn, MarsbotPicked
from games.marsbot_draft.finish import (
    buy,
    draft_result,
    end_draft,
    marsbot_discards,
    shuffle_action_deck,
)
from games.marsbot_draft.model import (
    PILE,
    Buy,
    ClosePhase,
    Deck,
    Discard,
    Kick,
    Move,
    Options,
    Pick,
    State,
    Take,
)
from games.marsbot_draft.phases import check_player, expect, opened
from games.marsbot_draft.piles import names, project_cards
from games.marsbot_draft.priority import (
    CORPORATIONS,
    LowestTrack,
    find_corporation,
    freeze,
    lowest_track,
)
from games.marsbot_draft.rounds import pick_marsbot_pile, take
from games.marsbot_draft.views import DraftView, view
from games.tm_catalogue import fold

GAME = "marsbot-draft"
MARSBOT = "MARSBOT"


class MarsbotDraft(Engine[State, Options]):
    """MB-D1: one player's draft of one generation, MARSBOT played by the engine."""

    game = GAME
    title = "MARSBOT draft"
    min_players, max_players = 1, 1
    #: MB-D10: a draft decides no game; stats count it as a draft played.
    contest = False
    #: MB-D13: the last round's one card of a whole draft is taken for the player.
    forces_moves = True
    state_type, options_type = State, Options
    moves = TypeAdapter(Move)
    events = TypeAdapter(DraftEvent)
    #: MB-D8: no step of the draft has a deadline unless the host sets one.
    clocks: ClassVar[Mapping[str, Clock]] = {
        "step": Clock(label=N_("Each step of the draft"), default_seconds=None)
    }
    sample_options = staticmethod(samples.sample_options)

    # -- setup ------------------------------------------------------------------------------

    def setup(self, players: list[str], options: Options, seed: int) -> tuple[State, list[Event]]:
        """MB-D2: a corporation left out is drawn among those with a priority, but the
        player's own and, without track levels, Aridor. A12: the priority is frozen here.
        MB-D6: a whole draft deals the two piles from the catalogue's project cards."""
        rng = RandomSource(seed=seed)
        drawn: Drawn | None = None
        name = options.corporation
        if name is None:
            own = fold(options.own_corporation or "")
            candidates = [
                c.name
                for c in CORPORATIONS
                if fold(c.name) != own
                and (options.tracks or not isinstance(c.priority, LowestTrack))
            ]
            name = rng.choice(candidates)
            drawn = Drawn(chosen=name, candidates=candidates)
        corporation = find_corporation(name)
        try:
            priority = freeze(corporation.priority, options.tracks, options.aridor_tracks)
        except RuleError as error:
            raise ValueError(error.message) from None
        track = (
            lowest_track(options.tracks)
            if isinstance(corporation.priority, LowestTrack) and options.tracks
            else None
        )
        state = State(
            player=players[0],
            options=options,
            corporation=corporation.name,
            priority=priority,
            track=track.id if track else None,
            rng=rng,
        )
        piles: dict[str, Any] = {}
        if options.mode == "whole-draft":
            dealt = rng.shuffled(project_cards(options))[: 2 * PILE]
            state.player_pile, state.marsbot_pile = dealt[:PILE], dealt[PILE:]
            # MB-D12: MARSBOT's first pile stays face down until it picks from it.
            piles = {"player_pile": names(dealt[:PILE]), "marsbot_pile": None}
        started = DraftStarted(
            player=state.player,
            mode=options.mode,
            corporation=corporation.name,
            number=corporation.number,
            priority=priority.written(),
            drawn=drawn,
            track=track.id if track else None,
            difficulty=options.difficulty,
            spire_rule=options.spire_rule,
            own_first=options.own_first,
            **piles,
        ).told()
        return state, [started, opened(state)]

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if not offer(state).open:
            raise RuleError("ended", "The draft is over.")
        if isinstance(move, Forfeit):  # MB-D9: conceding or a kick ends the draft
            check_player(state, actor)
            return end_draft(state, "forfeit", [PlayerForfeited(player=actor).told()], out=actor)
        if isinstance(move, ClosePhase | Kick):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, Kick):
                if move.player != state.player:
                    raise RuleError(
                        "unknown_player", "{player} is not in this draft.", player=move.player
                    )
                kicked = PlayerKicked(player=move.player).told()
                return end_draft(state, "kick", [kicked], out=move.player)
            return close_phase(state)
        check_player(state, actor)
        if isinstance(move, Take):
            return take(state, move.card)
        if isinstance(move, Pick):
            return pick_marsbot_pile(state, move.cards)
        if isinstance(move, Discard):
            expect(state, "table", "discard", N_("MARSBOT's discard"))
            return [marsbot_discards(state), opened(state)]
        if isinstance(move, Deck):
            expect(state, "table", "deck", N_("MARSBOT's action deck"))
            return end_draft(state, "done", [shuffle_action_deck(state)])
        assert isinstance(move, Buy)
        return buy(state, move.cards)

    def is_finished(self, state: State) -> bool:
        return not offer(state).open

    def undo_refusal(self, state: State, undone: list[Event]) -> str | None:
        """MB-D12: in a whole draft, taking back the round-1 card would open round 1 again
        with MARSBOT's face-down pile, which its pick has shown: the player would choose again
        knowing it. Refused; later rounds hide nothing and may be taken back."""
        shown = any(
            isinstance(told := read_event(self.events, e.to_json()), MarsbotPicked)
            and told.round == 1
            for e in undone
        )
        if state.options.mode != "whole-draft" or not shown:
            return None
        return N_(
            "Round 1 cannot be taken back: MARSBOT's pile was face down when you took your "
            "card, and its pick has shown it, so you would choose again knowing it. The draft "
            "goes on from here (`/match forfeit` stops it); a later round can be taken back."
        )

    def placings(self, state: State) -> Placings | None:
        """MB-D10: the draft decides no game (Terraforming Mars against MARSBOT is won at the
        table): the drafter who saw it through is placed, and nobody wins; one who left is
        not placed."""
        if state.phase != "ended":
            return None
        return Placings(places={p: 1 for p in [state.player] if p not in state.out}, winners=[])

    def random_move(self, state: State, rnd: random.Random) -> tuple[str, Any]:
        roll = rnd.random()
        if roll < 0.02:
            return HOST, ClosePhase()
        if roll < 0.03:
            return state.player, Forfeit()
        if roll < 0.035:
            return HOST, Kick(player=state.player)
        actions = legal_actions(state, state.player)
        if not actions:
            return HOST, ClosePhase()
        action = rnd.choice(actions)
        return state.player, self.parse_move(action.build(random_answers(action, rnd)))

    def conserved(self, state: State) -> dict[str, int]:
        """A whole draft's eight cards are neither made nor lost: in the piles, kept, or
        discarded. At the table, cards come in with the moves: nothing is conserved."""
        if state.options.mode == "table":
            return {}
        held = (
            len(state.player_pile)
            + len(state.marsbot_pile)
            + len(state.player_kept)
            + len(state.marsbot_kept)
            + (1 if state.discarded else 0)
        )
        return {"cards": held}

    def turn(self, state: State) -> Turn:
        return turn(state)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        return legal_actions(state, player)

    def view(self, state: State, viewer: Viewer) -> DraftView:
        return view(state, viewer)

    def result(self, state: State) -> dict[str, Any] | None:
        return draft_result(state)
