"""The MARSBOT draft's engine: one player's generation-2-onward draft against MARSBOT, as a
record (marsbot-corporations.en.md §3, RULINGS.md §3; Dealer rulings MB-D1... in
docs/rules/marsbot-draft.md). The moves, options and state are in `model`; the pick, the
discard and the action deck are the pure functions of `draft`.

Every event is public: the draft is the player's own, and nothing in it is secret from the
channel it is played in. No phase has a deadline (MB-D8): the draft waits for its player.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from pydantic import TypeAdapter

from games.core.contract import (
    Action,
    Choice,
    Clock,
    Forfeit,
    Phase,
    Placings,
    Turn,
    random_answers,
)
from games.core.contract import Pick as PickChoices
from games.core.drawing.words import join
from games.core.engine import HOST, Engine
from games.core.errors import RuleError
from games.core.events import Event, PlayerForfeited, PlayerKicked, Viewer, read_event
from games.core.rng import RandomSource
from games.marsbot_draft import samples
from games.marsbot_draft.cards import DraftCard, parse_card, parse_cards
from games.marsbot_draft.draft import (
    BONUS_CARD,
    action_deck,
    discard,
    discard_why,
    pick,
    pick_why,
    unprotected,
)
from games.marsbot_draft.events import (
    ActionDeckShuffled,
    CardsBought,
    CardTaken,
    DraftEnded,
    DraftEvent,
    DraftPhaseOpened,
    DraftStarted,
    Drawn,
    MarsbotDiscarded,
    MarsbotPicked,
)
from games.marsbot_draft.model import (
    CARD_PRICE,
    PILE,
    ROUNDS,
    Buy,
    ClosePhase,
    Deck,
    Discard,
    Ending,
    Kick,
    Move,
    Options,
    Pick,
    Round,
    State,
    Take,
)
from games.marsbot_draft.priority import (
    CORPORATIONS,
    LowestTrack,
    Tags,
    find_corporation,
    freeze,
    lowest_track,
)
from games.marsbot_draft.views import DiscardMade, DraftView, PlayedRound
from games.tm_catalogue import PROJECT_TYPES, Expansion, builtin, fold, numbered

GAME = "marsbot-draft"
MARSBOT = "MARSBOT"
#: §3.0: with this many floaters or more, MARSBOT spends them to keep its fourth card.
FLOATERS_TO_KEEP = 5


def project_cards(options: Options) -> tuple[DraftCard, ...]:
    """Every project card of the catalogue a game of the draft's sets deals, in catalogue
    order: what a whole draft deals from (MB-D6), Venus Next's when it is in."""
    return _project_cards(tuple(options.sets))


@cache
def _project_cards(expansions: tuple[Expansion, ...]) -> tuple[DraftCard, ...]:
    return tuple(
        DraftCard(name=c.name, cost=c.cost, tags=c.tags, number=c.number)
        for c in builtin().select(expansions=expansions, types=PROJECT_TYPES)
        if c.cost is not None
    )


def names(cards: list[DraftCard]) -> list[str]:
    return [card.name for card in cards]


def _named(cards: list[DraftCard], card: DraftCard) -> DraftCard | None:
    """The card of `cards` that is `card` (cards are told apart by their names)."""
    return next((c for c in cards if fold(c.name) == fold(card.name)), None)


def pile_size(round_: int) -> int:
    """A pile holds 4 cards in round 1 and one fewer each round (§3.3)."""
    return PILE - round_ + 1


def _choice(card: DraftCard) -> Choice:
    tags = ", ".join(card.tags) or "no tags"
    return Choice(
        value=card.written(), label=numbered(card.name), description=f"{card.cost} M€ · {tags}"
    )


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
        "step": Clock(label="Each step of the draft", default_seconds=None)
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
        return state, [started, self._opened(state)]

    # -- moves ------------------------------------------------------------------------------

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if state.phase == "ended":
            raise RuleError("ended", "The draft is over.")
        if isinstance(move, Forfeit):  # MB-D9: conceding or a kick ends the draft
            self._player(state, actor)
            return self._end(state, "forfeit", [PlayerForfeited(player=actor).told()], out=actor)
        if isinstance(move, ClosePhase | Kick):
            if actor != HOST:
                raise RuleError("host_only", "Only the host can do that.")
            if isinstance(move, Kick):
                if move.player != state.player:
                    raise RuleError("unknown_player", f"{move.player} is not in this draft.")
                kicked = PlayerKicked(player=move.player).told()
                return self._end(state, "kick", [kicked], out=move.player)
            return self._close(state)
        self._player(state, actor)
        if isinstance(move, Take):
            return self._take(state, move.card)
        if isinstance(move, Pick):
            return self._pick(state, move.cards)
        if isinstance(move, Discard):
            self._expect(state, "table", "discard", "MARSBOT's discard")
            return [self._discard(state), self._opened(state)]
        if isinstance(move, Deck):
            self._expect(state, "table", "deck", "MARSBOT's action deck")
            return self._end(state, "done", [self._deck(state)])
        assert isinstance(move, Buy)
        return self._buy(state, move.cards)

    def _player(self, state: State, actor: str) -> None:
        if actor != state.player or actor in state.out:
            raise RuleError("not_playing", f"This is {state.player}'s draft: only they play it.")

    def _expect(self, state: State, mode: str, phase: str, what: str) -> None:
        if state.options.mode != mode:
            raise RuleError(
                "wrong_mode",
                f"{what} is for a draft at the table: in this whole draft the bot deals the "
                "piles and makes MARSBOT's discard and action deck itself."
                if mode == "table"
                else f"{what} is for a whole draft: at the table you buy your cards yourself.",
            )
        if state.phase != phase:
            raise RuleError("not_now", f"{what} is not open now: {self._title(state)}.")

    def _take(self, state: State, text: str) -> list[Event]:
        """The player's own card: from their pile in a whole draft (MARSBOT then picks, and
        the piles swap); at the table, the card they took, before MARSBOT's pile (MB-D4)."""
        self._expect(state, state.options.mode, "pick", "Taking a card")
        card = parse_card(text)
        if state.options.mode == "whole-draft":
            mine = _named(state.player_pile, card)
            if mine is None:
                raise RuleError(
                    "not_in_pile",
                    f"{card.name} is not in your pile: take "
                    f"{join(names(state.player_pile), 'or')}.",
                )
            return self._whole_round(state, mine, default=False)
        if state.own is not None:
            raise RuleError(
                "already_taken",
                f"You have already taken {state.own.name} this round; MARSBOT's pile is next.",
            )
        yours = self._own_pile(state)
        if yours is not None:
            found = _named(yours, card)
            if found is None:
                raise RuleError(
                    "not_in_pile",
                    f"Your pile this round is what MARSBOT left of its round-{state.round - 1} "
                    f"pile, {join(names(yours))}: {card.name} is not in it.",
                )
            card = found
        state.own = card
        taken = CardTaken(round=state.round, card=state.own.name, default=False, only=False)
        return [taken.told()]

    def _own_pile(self, state: State) -> list[DraftCard] | None:
        """Table mode: the player's pile this round, where it is known: from round 2, what
        MARSBOT left of its pile of the round before."""
        if state.round < 2:
            return None
        last = state.rounds[state.round - 2]
        return [c for c in last.pile if c.name != last.decision.chosen]

    def _pile_limits(self, state: State) -> tuple[dict[str, str], list[DraftCard] | None]:
        """Table mode: why a card cannot be in MARSBOT's pile this round (by folded name),
        and from round 3 the cards it comes from: the pile MARSBOT had two rounds before,
        less its pick and the player's card of the round before (MB-D3)."""
        barred: dict[str, str] = {}
        if state.own is not None:
            barred[fold(state.own.name)] = f"{state.own.name} is the card you took this round."
        if state.round >= 2:
            last = state.rounds[state.round - 2]
            for card in last.pile:
                barred[fold(card.name)] = (
                    f"MARSBOT took {card.name} last round."
                    if card.name == last.decision.chosen
                    else f"{card.name} was in MARSBOT's pile last round: the piles swap every "
                    "round, so it is in yours now."
                )
            if last.own is not None:
                barred[fold(last.own.name)] = f"You took {last.own.name} last round."
        within = None
        if state.round >= 3:
            back = state.rounds[state.round - 3]
            within = [
                c
                for c in back.pile
                if c.name != back.decision.chosen and fold(c.name) not in barred
            ]
        return barred, within

    def _expected(self, state: State) -> list[str] | None:
        """Table mode: MARSBOT's pile this round as written, when the rounds before tell it
        (from round 3, once the player's card of the round before is known); else None."""
        if state.options.mode != "table" or state.phase != "pick":
            return None
        within = self._pile_limits(state)[1]
        if within is None or len(within) != pile_size(state.round):
            return None
        return [card.written() for card in within]

    def _pick(self, state: State, texts: list[str]) -> list[Event]:
        """Table mode: MARSBOT's pile this round, then its pick (§3.3); with `own_first`,
        only after the player's own card (MB-D4, A14)."""
        self._expect(state, "table", "pick", "Entering MARSBOT's pile")
        if state.options.own_first and state.own is None:
            raise RuleError(
                "own_first",
                "First say which card you take from your own pile: MARSBOT's pick is shown "
                "only after yours.",
            )
        cards = parse_cards(texts)
        size = pile_size(state.round)
        if len(cards) != size:
            raise RuleError(
                "pile_size",
                f"MARSBOT's pile in round {state.round} has {size} card"
                f"{'s' if size != 1 else ''} (4 in round 1, one fewer each round), not "
                f"{len(cards)}.",
            )
        barred, within = self._pile_limits(state)
        for card in cards:
            if fold(card.name) in barred:
                raise RuleError("not_in_pile", barred[fold(card.name)])
            if within is not None and _named(within, card) is None:
                back = state.round - 2
                raise RuleError(
                    "not_in_pile",
                    f"In round {state.round} MARSBOT's pile is what is left of its round-{back} "
                    f"pile: {join(names(within))}. {card.name} is not in it.",
                )
        if within is not None:
            cards = [_named(within, card) or card for card in cards]
        decision = pick(cards, state.priority, state.rng)
        why = pick_why(state.corporation, state.priority, decision)
        chosen = next(c for c in cards if c.name == decision.chosen)
        state.rounds.append(
            Round(round=state.round, pile=cards, own=state.own, decision=decision, why=why)
        )
        state.marsbot_kept.append(chosen)
        if state.own is not None:
            state.player_kept.append(state.own)
        picked = self._picked(state.rounds[-1])
        state.own = None
        state.round += 1
        if state.round > ROUNDS:
            state.phase = "discard"
        return [picked, self._opened(state)]

    def _whole_round(self, state: State, mine: DraftCard, *, default: bool) -> list[Event]:
        """A round of a whole draft: the player's card, MARSBOT's pick from its pile, the
        swap (§3.3); after the fourth, the discard and the action deck at once (MB-D7)."""
        pile = list(state.marsbot_pile)
        only = self._forced(state)
        decision = pick(pile, state.priority, state.rng)
        why = pick_why(state.corporation, state.priority, decision)
        chosen = next(c for c in pile if c.name == decision.chosen)
        state.rounds.append(
            Round(round=state.round, pile=pile, own=mine, decision=decision, why=why)
        )
        state.player_kept.append(mine)
        state.marsbot_kept.append(chosen)
        left_mine = [c for c in state.player_pile if c.name != mine.name]
        left_marsbot = [c for c in pile if c.name != chosen.name]
        state.player_pile, state.marsbot_pile = left_marsbot, left_mine
        events = [
            CardTaken(round=state.round, card=mine.name, default=default, only=only).told(),
            self._picked(state.rounds[-1]),
        ]
        state.round += 1
        if state.round > ROUNDS:
            events += [self._discard(state), self._deck(state)]
            state.phase = "buy"
        return [*events, self._opened(state)]

    def _picked(self, played: Round) -> Event:
        return MarsbotPicked(
            round=played.round,
            pile=names(played.pile),
            own=played.own.name if played.own else None,
            chosen=played.chosen,
            candidates=played.decision.candidates,
            keys=played.decision.keys,
            why=played.why,
        ).told()

    def _discard(self, state: State) -> Event:
        """§3.4: at most one card, none on Brutal (A8-A11), none when MARSBOT spends 5 of its
        floaters to keep its fourth card (§3.0, MB-D11)."""
        brutal = state.options.difficulty == "brutal"
        floaters = state.options.floaters
        rule = state.options.spire_rule
        # Floaters keep the card a discard would take: none are spent when none would go.
        would_go = unprotected(state.marsbot_kept, state.priority, rule)
        spends = FLOATERS_TO_KEEP if would_go and not brutal and floaters >= FLOATERS_TO_KEEP else 0
        kept = names(state.marsbot_kept)
        decision = discard(
            state.marsbot_kept,
            state.priority,
            state.rng,
            spire_rule=rule,
            brutal=brutal or bool(spends),
        )
        state.discard = decision
        state.discard_why = (
            f"MARSBOT spends {spends} of its {floaters} floaters to keep all "
            f"{len(kept)} cards (§3.0): take {spends} floaters off its board"
            if spends
            else discard_why(
                state.corporation, state.priority, decision, spire_rule=rule, brutal=brutal
            )
        )
        if decision.chosen is not None:
            state.discarded = next(c for c in state.marsbot_kept if c.name == decision.chosen)
            state.marsbot_kept = [c for c in state.marsbot_kept if c.name != decision.chosen]
        if state.options.mode == "table":
            state.phase = "deck"
        return MarsbotDiscarded(
            kept=kept,
            chosen=decision.chosen,
            candidates=decision.candidates,
            keys=decision.keys,
            why=state.discard_why,
            floaters_spent=spends,
        ).told()

    def _deck(self, state: State) -> Event:
        """§3.5: MARSBOT's cards and one bonus card, shuffled (MB-D5)."""
        state.deck = action_deck(state.marsbot_kept, state.rng)
        return ActionDeckShuffled(deck=list(state.deck), bonus=BONUS_CARD).told()

    def _buy(self, state: State, texts: list[str]) -> list[Event]:
        """§3.5: the player buys any of the cards they kept, 3 M€ each."""
        self._expect(state, "whole-draft", "buy", "Buying cards")
        cards = parse_cards(texts)
        bought: list[str] = []
        for card in cards:
            mine = _named(state.player_kept, card)
            if mine is None:
                raise RuleError(
                    "not_kept",
                    f"{card.name} is not one of your cards: you may buy "
                    f"{join(names(state.player_kept), 'or')}.",
                )
            bought.append(mine.name)
        state.bought = bought
        told = CardsBought(cards=bought, cost=CARD_PRICE * len(bought)).told()
        return self._end(state, "done", [told])

    def _close(self, state: State) -> list[Event]:
        """MB-D8: the host's close-phase takes a phase's default: in a whole draft the first
        card of the player's pile, or buying nothing; at the table, the discard or the deck,
        which need nothing from the player; a table round, which does, closes the draft."""
        if state.phase == "buy":
            return self._buy(state, [])
        if state.options.mode == "whole-draft":
            return self._whole_round(state, state.player_pile[0], default=True)
        if state.phase == "discard":
            return [self._discard(state), self._opened(state)]
        if state.phase == "deck":
            return self._end(state, "done", [self._deck(state)])
        return self._end(state, "closed", [])

    def _end(
        self, state: State, how: Ending, events: list[Event], *, out: str | None = None
    ) -> list[Event]:
        if out is not None:
            state.out.append(out)
        state.phase = "ended"
        state.ended = how
        return [*events, DraftEnded(**(self.result(state) or {})).told()]

    @staticmethod
    def _forced(state: State) -> bool:
        """MB-D13: a whole draft's last round leaves the player one card: no choice, so the
        bot takes it for them."""
        return (
            state.options.mode == "whole-draft"
            and state.phase == "pick"
            and len(state.player_pile) == 1
        )

    @staticmethod
    def _marsbot_pile_shown(state: State) -> list[DraftCard]:
        """MARSBOT's pile as the player may see it (MB-D12): in a whole draft its first pile
        is face down until MARSBOT picks from it (§2, §3.3: the player never sees MARSBOT's
        pick first); from round 2 on it is what the player passed it."""
        if state.options.mode == "whole-draft" and state.round == 1:
            return []
        return list(state.marsbot_pile)

    def _opened(self, state: State) -> Event:
        state.waits += 1
        data: dict[str, Any] = {"phase": state.phase}
        if state.phase == "pick":
            data["round"] = state.round
            data["size"] = pile_size(state.round)
            if state.options.mode == "whole-draft":
                data["player_pile"] = names(state.player_pile)
                data["marsbot_pile"] = names(self._marsbot_pile_shown(state)) or None
                data["forced"] = self._forced(state)
            else:
                yours = self._own_pile(state)
                data["player_pile"] = names(yours) if yours is not None else None
                data["expected"] = self._expected(state)
                data["own_first"] = state.options.own_first
        if state.phase == "buy":
            data["cards"] = names(state.player_kept)
        return DraftPhaseOpened(**data).told()

    # -- the contract -----------------------------------------------------------------------

    def _title(self, state: State) -> str:
        if state.phase == "pick":
            what = (
                f"MARSBOT's pile of {pile_size(state.round)}"
                if state.options.mode == "table"
                else "your card"
            )
            return f"Round {state.round} of {ROUNDS}: {what}"
        return {
            "discard": "MARSBOT's discard",
            "deck": "MARSBOT's action deck",
            "buy": "Buying your cards",
            "ended": "The draft is over",
        }[state.phase]

    def turn(self, state: State) -> Turn:
        table = state.options.mode == "table"
        on_deadline = {
            "pick": "The draft closes where it stands."
            if table
            else "You take the first card of your pile.",
            "discard": "MARSBOT discards.",
            "deck": "MARSBOT's action deck is shuffled.",
            "buy": "You buy none of your cards.",
            "ended": "Nothing: the draft is over.",
        }[state.phase]
        phase = Phase(
            name=state.phase,
            title=self._title(state),
            round=state.round if state.phase == "pick" else None,
            clock=None if state.phase == "ended" else "step",
            id="ended" if state.phase == "ended" else f"{state.phase}-{state.waits}",
            on_deadline=on_deadline,
        )
        active = [] if state.phase == "ended" else [state.player]
        return Turn(phase=phase, players=[state.player], out=state.out, must=active, may=active)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        if player != state.player or state.phase == "ended":
            return []
        if state.phase == "buy":
            return self._buys(state.player_kept)
        if state.phase in ("discard", "deck"):
            label = "MARSBOT's discard" if state.phase == "discard" else "MARSBOT's action deck"
            return [Action(key=state.phase, label=label, move={"type": state.phase})]
        if state.options.mode == "whole-draft":
            choices = PickChoices(
                field="card", choices=[_choice(c) for c in state.player_pile], label="Your card"
            )
            take = Action(
                key="take",
                label="Take a card",
                move={"type": "take"},
                steps=[choices],
                forced=self._forced(state),
            )
            return [take]
        actions: list[Action] = []
        if state.own is None:
            yours = self._own_pile(state)
            offered = list(project_cards(state.options)) if yours is None else yours
            choices = PickChoices(
                field="card", choices=[_choice(c) for c in offered], label="Your card", typed=True
            )
            actions.append(
                Action(
                    key="take", label="The card you take", move={"type": "take"}, steps=[choices]
                )
            )
        if state.own is not None or not state.options.own_first:
            barred, within = self._pile_limits(state)
            offered = (
                [c for c in project_cards(state.options) if fold(c.name) not in barred]
                if within is None
                else within
            )
            size = pile_size(state.round)
            pile = PickChoices(
                field="cards",
                choices=[_choice(c) for c in offered],
                min=size,
                max=size,
                label="MARSBOT's pile",
                as_list=True,
                typed=True,
            )
            actions.append(
                Action(key="pick", label="MARSBOT's pile", move={"type": "pick"}, steps=[pile])
            )
        return actions

    @staticmethod
    def _buys(kept: list[DraftCard]) -> list[Action]:
        """§3.5: buying some of the cards kept (a menu of them), or none, its own action: a
        menu sends at least one choice."""
        none = Action(key="buy-none", label="Buy none", move={"type": "buy", "cards": []})
        if not kept:
            return [none]
        cards = PickChoices(
            field="cards",
            choices=[_choice(c) for c in kept],
            min=1,
            max=len(kept),
            label=f"Cards to buy, {CARD_PRICE} M€ each",
            as_list=True,
        )
        return [
            Action(key="buy", label="Buy your cards", move={"type": "buy"}, steps=[cards]),
            none,
        ]

    # -- views and the end ------------------------------------------------------------------

    def view(self, state: State, viewer: Viewer) -> DraftView:
        """The same for everyone (every event is public)."""
        corporation = find_corporation(state.corporation)
        priority = state.priority
        table = state.options.mode == "table"
        yours = (self._own_pile(state) or []) if table else state.player_pile
        discard = state.discard
        return DraftView(
            player=state.player,
            mode=state.options.mode,
            corporation=corporation.name,
            priority=priority.written(),
            levels=priority.titles() if isinstance(priority, Tags) else None,
            kind=priority.kind,
            phase=state.phase,
            title=self._title(state),
            round=state.round,
            player_pile=list(yours) if state.phase == "pick" else [],
            marsbot_pile=self._marsbot_pile_shown(state),
            rounds=[
                PlayedRound(
                    round=r.round,
                    pile=list(r.pile),
                    own=r.own,
                    chosen=r.chosen,
                    candidates=list(r.decision.candidates),
                    keys=dict(r.decision.keys),
                    why=r.why,
                )
                for r in state.rounds
            ],
            player_kept=list(state.player_kept),
            marsbot_kept=list(state.marsbot_kept),
            discarded=state.discarded,
            deck=state.deck,
            bought=state.bought,
            number=corporation.number,
            confirmed=corporation.confirmed,
            track=state.track,
            difficulty=state.options.difficulty,
            spire_rule=state.options.spire_rule,
            own_first=state.options.own_first,
            sets=list(state.options.sets),
            size=pile_size(state.round) if state.phase == "pick" else None,
            own=state.own,
            expected=self._expected(state),
            discard=DiscardMade(
                chosen=discard.chosen,
                candidates=list(discard.candidates),
                keys=dict(discard.keys),
                why=state.discard_why,
            )
            if discard
            else None,
            cost=CARD_PRICE * len(state.bought) if state.bought is not None else None,
            ended=state.ended,
        )

    def is_finished(self, state: State) -> bool:
        return state.phase == "ended"

    def result(self, state: State) -> dict[str, Any] | None:
        if state.phase != "ended":
            return None
        return {
            "corporation": state.corporation,
            "ended": state.ended,
            "marsbot_kept": names(state.marsbot_kept),
            "discarded": state.discarded.name if state.discarded else None,
            "deck": state.deck,
            "player_kept": names(state.player_kept),
            "bought": state.bought,
            "picks": [r.decision.chosen for r in state.rounds],
        }

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
        return (
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
        actions = self.legal_actions(state, state.player)
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
