"""Project Mars in Discord: what each event, 1-on-1 and status says, and which images go with
them (RULINGS.md §4; the engine's view and events are documented in
`games/project_mars/model.py`).

Every move is told on the channel's one board message (the live status message): what
happened (the bot's `board_shown` event marks where it goes), whose turn it is now, and the
table as it stands (`status_board`, drawn from the public view the status words come from).
A move that resolves a round also gets the round's count (`round_board`: the fields as they
were counted, rebuilt from the public view before the move and the move's public events).
Engine texts that name players (option labels, prompts) carry player ids; `named` turns them
into the names people see.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from bot.games.base import Names, TypedTexts, is_computer, named, text
from bot.games.project_mars.rules import RULES
from games.core.contract import Action, Answer, Choice
from games.core.drawing.board import Board
from games.core.drawing.words import join, plural
from games.core.events import GameEvent, PlayerForfeited, PlayerKicked, event_models
from games.project_mars.card_details import CARDS
from games.project_mars.decks import READY_DECKS
from games.project_mars.events import (
    BackHandChosen,
    BackHandKept,
    BonusGiven,
    BoostChosen,
    CardDestroyed,
    CardPlayed,
    CardsDisabled,
    CardsDiscarded,
    CardsDrawn,
    CardsRevealed,
    CardTraded,
    ChoiceMade,
    DeckChosen,
    DeckSubmitted,
    DefaultsApplied,
    Discarded,
    FaceDownPlayed,
    FirstPlayerDrawn,
    MarsMatchEnded,
    MarsPhaseOpened,
    MatchStarted,
    MulliganDone,
    Mulliganed,
    Passed,
    PMEvent,
    PwrZeroed,
    RevealBlocked,
    RevealedCardLeft,
    RevealsBlocked,
    RoundResolved,
    RoundStarted,
    TrapDisarmed,
    TrapReturned,
    TrapSet,
    TrapTriggered,
    UtilityPlayed,
)
from games.project_mars.model import (
    MULLIGAN_MAX,
    CardFace,
    Result,
    RoundResult,
    Score,
    winner_first,
)
from games.project_mars.render import (
    card_words,
    fields_at_resolution,
    final_board,
    hand_card,
    public_board,
    round_board,
    where,
)
from games.project_mars.views import CountedRound, HandCard, PlayerView, PublicView, SlotView

PHASES_WITH_TABLE = frozenset({"turn", "choice"})
_ROUNDS = TypeAdapter(list[RoundResult])
DEFAULTS = {
    "deck": "the Vanguard deck",
    "mulligan": "keeping their whole back hand and their hand",
    "turn": "a pass",
    "choice": "the first option",
}


_SLOT = re.compile(r"\b(attack|defence)-([1-4])\b")


def worded(text: str, names: Names) -> str:
    """An engine sentence as players read it: names for player ids, "defence row, lane 2"
    for `defence-2`."""
    return _SLOT.sub(lambda found: f"{found[1]} row, lane {found[2]}", named(text, names))


def _picked(action: Action, answers: Mapping[str, Answer]) -> Choice | None:
    """The card picked so far in an action that plays one (`play`, `trap`), or None."""
    card = answers.get("card")
    if action.type != "play" or action.pick is None or not isinstance(card, str):
        return None
    return action.pick.choice(card)


def cause(key: str) -> str:
    """A card key as its name ("landmine" -> "Landmine"); anything else as it is."""
    card = CARDS.get(key)
    return card.name if card else key.replace("-", " ")


class BoardShown(GameEvent):
    """The bot's own event: the table after the move that hands the turn (or a choice) to
    someone, drawn from the public view after it."""

    type: Literal["board_shown"] = "board_shown"
    view: PublicView


class RoundBoard(GameEvent):
    """The bot's own event: a round's count, right after its `round_resolved` (what
    `CountedRound` holds; its `fields` are `laid` here, `GameEvent.fields` being taken)."""

    model_config = ConfigDict(validate_by_name=True, serialize_by_alias=True)

    type: Literal["round_board"] = "round_board"
    round: int
    winner: str | None
    score: Score
    players: list[str]
    laid: dict[str, dict[str, SlotView | None]] = Field(alias="fields")

    def counted(self) -> CountedRound:
        return CountedRound(
            round=self.round,
            winner=self.winner,
            score=self.score,
            players=self.players,
            fields=self.laid,
        )


#: What the texts read: the engine's events and the bot's own.
Told = PMEvent | BoardShown | RoundBoard


def cards_text(cards: Sequence[CardFace]) -> str:
    return join([f"**{c.name}**" for c in cards]) or "nothing"


def hand_text(hand: Sequence[CardFace]) -> str:
    listed = [
        card_words(c) + (" 👁 revealed" if isinstance(c, HandCard) and c.revealed else "")
        for c in hand
    ]
    return ", ".join(listed) or "no cards"


def deck_list(cards: Mapping[str, int]) -> str:
    return ", ".join(f"{n}× {CARDS[k].name if k in CARDS else k}" for k, n in cards.items())


def _choice(event: MarsPhaseOpened, who: str) -> str:
    """A choice a card asks for (`phase_opened` of the choice phase), `who` making it ("ann
    chooses", "you choose")."""
    card = event.card.name if event.card is not None else "a card"
    options = event.options
    listed = f" Options: {'; '.join(o.label for o in options)}." if options else ""
    return f"**Round {event.round} — {who}** for {card}: {event.prompt or ''}{listed}"


class ProjectMarsTexts(TypedTexts[PublicView, Told]):
    game = "project-mars"
    title = "Project Mars"
    forfeit = "Your opponent wins the match at once."
    event_types = (*event_models(PMEvent), BoardShown, RoundBoard)
    board_events: ClassVar[frozenset[str]] = frozenset({"round_board", "match_ended"})
    phase_closing_events: ClassVar[frozenset[str]] = frozenset({"round_resolved"})
    #: The spectators get the rounds' public results (`audit`).
    spectators_see_sealed = False
    public_view = PublicView
    combine_messages = True
    live_board_events: ClassVar[frozenset[str]] = frozenset({"board_shown"})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    #: No export while the match runs (PM-D16).
    record_withheld = "its seed deals every hand, which nobody may see while it runs"

    # -- events ----------------------------------------------------------------------------

    def describe(self, event: dict[str, Any], names: Names) -> str | None:
        told = self.read(event)
        if told is None:
            return None
        # A secret answer is told to its chooser alone, in the second person: only the
        # envelope says to whom.
        if isinstance(told, ChoiceMade) and event["audience"]["kind"] == "players":
            return worded(f"You chose: {told.label}.", names)
        said = self.tell(told, names)
        return None if said is None else worded(said, names)

    def describe_to(self, event: dict[str, Any], reader: str, names: Names) -> str | None:
        """A turn or a choice that opens for `reader` alone, as it heads their own 1-on-1:
        to them, in the second person."""
        told = self.read(event)
        if not isinstance(told, MarsPhaseOpened) or told.players != [reader]:
            return self.describe(event, names)
        if told.phase == "choice":
            return worded(_choice(told, "you choose"), names)
        if told.phase == "turn":
            return f"**Round {told.round} — your turn:** play a card or pass."
        return self.describe(event, names)

    @text
    def match_started(self, event: MatchStarted, names: Names) -> str:
        who = " against ".join(f"**{names(p)}**" for p in event.players)
        return (
            f"**Project Mars begins**: {who}, best of {event.rounds} rounds. How to play: "
            "`/help game:project-mars`."
        )

    @text
    def deck_submitted(self, event: DeckSubmitted, names: Names) -> str:
        return f"{names(event.player)} has a deck."

    @text
    def deck_chosen(self, event: DeckChosen, names: Names) -> str:
        deck = READY_DECKS.get(event.deck)
        title = deck.name if deck else "your own list"
        return f"Your deck: **{title}** ({deck_list(event.cards)})."

    @text
    def first_player_drawn(self, event: FirstPlayerDrawn, names: Names) -> str:
        return f"🎲 {names(event.player)} is drawn to play first."

    @text
    def round_started(self, event: RoundStarted, names: Names) -> str:
        return (
            f"**Round {event.round} begins**; {names(event.starter)} plays first. "
            "Everyone draws up to 10 cards."
        )

    @text
    def cards_drawn(self, event: CardsDrawn, names: Names) -> str:
        return f"You draw {cards_text(event.cards)}."

    @text
    def mulligan_done(self, event: MulliganDone, names: Names) -> str:
        count = event.count
        if count == 0:
            return f"{names(event.player)} keeps their hand."
        return f"{names(event.player)} trades in {plural(count, 'card')}."

    @text
    def mulliganed(self, event: Mulliganed, names: Names) -> str:
        if not event.traded:
            return "You keep your hand."
        return f"You trade in {cards_text(event.traded)} and draw {cards_text(event.drawn)}."

    @text
    def back_hand_chosen(self, event: BackHandChosen, names: Names) -> str:
        return (
            f"{names(event.player)} keeps {plural(event.kept, 'back-hand card')} "
            f"({event.discarded} to the junkyard)."
        )

    @text
    def back_hand_kept(self, event: BackHandKept, names: Names) -> str:
        dropped = f"; to the junkyard: {cards_text(event.discarded)}" if event.discarded else ""
        return f"From your back hand you keep {cards_text(event.kept)}{dropped}."

    @text
    def phase_opened(self, event: MarsPhaseOpened, names: Names) -> str:
        phase = event.phase
        round_ = f"Round {event.round}"
        waiting = join([names(p) for p in event.players])
        if phase == "deck":
            return (
                "**Choose your decks.** Pick a ready deck, or paste your own list of 30 cards, "
                f"in your 1-on-1. Waiting for {waiting}."
            )
        if phase == "mulligan":
            keep = "choose the back-hand cards to keep, then " if event.round > 1 else ""
            return (
                f"**{round_} — mulligan.** In your 1-on-1, {keep}trade in up to "
                f"{MULLIGAN_MAX} cards or keep your hand. Waiting for {waiting}."
            )
        if phase == "choice":
            return _choice(event, f"{waiting} chooses")
        if all(is_computer(p) for p in event.players):
            return f"**{round_} — {waiting}'s turn.**"
        return f"**{round_} — {waiting}'s turn.** Play a card or pass, in their 1-on-1."

    @text
    def passed(self, event: Passed, names: Names) -> str:
        how = " (automatically)" if event.auto else ""
        return f"{names(event.player)} passes{how}."

    @text
    def defaults_applied(self, event: DefaultsApplied, names: Names) -> str | None:
        if not event.players:
            return None
        who = join([names(p) for p in event.players])
        default = DEFAULTS.get(event.phase, "the default")
        return f"⏰ Time is up for {who}: the default is taken ({default})."

    @text
    def card_played(self, event: CardPlayed, names: Names) -> str:
        return (
            f"**{names(event.player)}** plays **{card_words(event.card)}** in their "
            f"{where(event.slot)}."
        )

    @text
    def face_down_played(self, event: FaceDownPlayed, names: Names) -> str:
        return (
            f"**{names(event.player)}** sets a face-down card on {names(event.field)}'s "
            f"field ({where(event.slot)})."
        )

    @text
    def trap_set(self, event: TrapSet, names: Names) -> str:
        return (
            f"Your **{event.card.name}** lies face down on {names(event.field)}'s field "
            f"({where(event.slot)})."
        )

    @text
    def trap_triggered(self, event: TrapTriggered, names: Names) -> str:
        return (
            f"💥 {names(event.field)}'s **{event.by.name}** sets off "
            f"{names(event.owner)}'s trap: **{event.card.name}**!"
        )

    @text
    def trap_disarmed(self, event: TrapDisarmed, names: Names) -> str:
        return (
            f"{names(event.field)}'s {cause(event.by)} disarms {names(event.owner)}'s "
            f"trap **{event.card.name}**: it goes to the junkyard untriggered."
        )

    @text
    def utility_played(self, event: UtilityPlayed, names: Names) -> str:
        return f"**{names(event.player)}** plays the utility card **{event.card.name}**."

    @text
    def card_destroyed(self, event: CardDestroyed, names: Names) -> str:
        owner = names(event.owner)
        if event.face_down:
            return (
                f"{owner}'s face-down **{event.card.name}** on {names(event.field)}'s "
                f"field is destroyed by {cause(event.by)}."
            )
        return (
            f"{owner}'s **{event.card.name}** ({where(event.slot)}) is destroyed by "
            f"{cause(event.by)}."
        )

    @text
    def trap_returned(self, event: TrapReturned, names: Names) -> str:
        owner = names(event.owner)
        if not event.slot:
            return (
                f"{owner}'s **{event.card.name}** has no room on their field and goes to "
                "the junkyard."
            )
        return (
            f"{owner}'s **{event.card.name}** goes back face up to their field "
            f"({where(event.slot)})."
        )

    @text
    def cards_revealed(self, event: CardsRevealed, names: Names) -> str:
        shown = join([f"**{card_words(c)}**" for c in event.cards])
        return f"👁 {names(event.player)} reveals {shown} ({cause(event.by)})."

    @text
    def revealed_card_left(self, event: RevealedCardLeft, names: Names) -> str:
        return f"👁 {names(event.player)}'s revealed **{event.card.name}** leaves their hand."

    @text
    def reveal_blocked(self, event: RevealBlocked, names: Names) -> str:
        return (
            f"Toxic Gas keeps {names(event.player)}'s hand hidden: {cause(event.by)} "
            "reveals nothing."
        )

    @text
    def reveals_blocked(self, event: RevealsBlocked, names: Names) -> str:
        return "☣️ Toxic Gas: no card can be revealed for the rest of the round."

    @text
    def cards_disabled(self, event: CardsDisabled, names: Names) -> str:
        hit = [f"{names(h.field)}'s **{h.card.name}**" for h in event.cards]
        if not hit:
            return f"{cause(event.by)} finds no ARTIFICIAL card to disable."
        return f"⚡ {cause(event.by)} disables {join(hit)} for the round."

    @text
    def bonus_given(self, event: BonusGiven, names: Names) -> str:
        hit = [f"{names(h.field)}'s **{h.card.name}**" for h in event.cards]
        if not hit:
            return f"{cause(event.by)} finds no UNIT card on the field."
        return f"{cause(event.by)}: +{event.amount} PWR for {join(hit)}."

    @text
    def pwr_zeroed(self, event: PwrZeroed, names: Names) -> str:
        return f"{names(event.owner)}'s **{event.card.name}** drops to PWR 0 ({cause(event.by)})."

    @text
    def boost_chosen(self, event: BoostChosen, names: Names) -> str:
        return (
            f"{names(event.owner)}'s Siege Vehicle boosts their **{event.target.name}** "
            "(+2 PWR at resolution)."
        )

    @text
    def card_traded(self, event: CardTraded, names: Names) -> str:
        return f"You trade **{event.gave.name}** for **{event.took.name}**."

    @text
    def discarded(self, event: Discarded, names: Names) -> str:
        return f"{names(event.player)} discards {plural(event.count, 'card')} ({cause(event.by)})."

    @text
    def cards_discarded(self, event: CardsDiscarded, names: Names) -> str:
        return f"You discard {cards_text(event.cards)} ({cause(event.by)})."

    @text
    def choice_made(self, event: ChoiceMade, names: Names) -> str:
        return f"{names(event.player)} chooses: {event.label}."

    @text
    def round_resolved(self, event: RoundResolved, names: Names) -> str:
        score = event.score
        winner = event.winner
        tpr = " to ".join(str(score.tpr[p]) for p in winner_first(score.tpr, winner))
        outcome = f"{names(winner)} wins it" if winner else "a draw"
        lanes = ", ".join(
            f"{i} {names(w) if w else 'nobody'}" for i, w in enumerate(score.lanes, 1)
        )
        wins = ", ".join(f"{names(p)} {n}" for p, n in event.wins.items())
        lines = [
            f"**Round {event.round} is over: {outcome}, TPR {tpr}.** Lanes: {lanes}. "
            f"Rounds won: {wins}."
        ]
        if event.traps:
            traps = join(
                [
                    f"{names(t.owner)}'s {t.card.name} ({names(t.field)}'s {where(t.slot)})"
                    for t in event.traps
                ]
            )
            lines.append(f"Traps left unsprung: {traps}.")
        return "\n".join(lines)

    @text
    def match_ended(self, event: MarsMatchEnded, names: Names) -> str:
        wins = event.wins
        winner = event.winner
        tally = " to ".join(str(wins[p]) for p in winner_first(wins, winner))
        if event.forfeit:
            return (
                f"🏁 **The match is over**: {names(event.forfeit)} forfeits, "
                f"**{names(winner)}** wins."
                if winner
                else "🏁 **The match is over.**"
            )
        if winner is None:
            return f"🏁 **The match is over: a draw** ({tally} in rounds)."
        return f"🏁 **The match is over: {names(winner)} wins {tally}** in rounds."

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return f"The host removed {names(event.player)} from the match."

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return f"{names(event.player)} has conceded the match."

    # -- the bot's own events ------------------------------------------------------------

    def add_events(
        self, before: PublicView, events: list[dict[str, Any]], after: PublicView
    ) -> list[dict[str, Any]]:
        """The round's count right after `round_resolved`, and the table after the
        `phase_opened` that hands the turn (or a choice) to someone. Moves committed by
        earlier versions carry these already (they were stored): they stay as they are."""
        told = [self.read(event) for event in events]
        if any(isinstance(e, BoardShown | RoundBoard) for e in told):
            return events
        public = [
            e
            for e, event in zip(told, events, strict=True)
            if e is not None
            and not isinstance(e, BoardShown | RoundBoard)
            # The envelope says who may read the event; the fields at resolution are drawn
            # from what everyone saw.
            and event["audience"]["kind"] == "public"
        ]
        fields = fields_at_resolution(before, public)
        last_opened = max(
            (
                i
                for i, e in enumerate(told)
                if isinstance(e, MarsPhaseOpened) and e.phase in PHASES_WITH_TABLE
            ),
            default=None,
        )
        out: list[dict[str, Any]] = []
        for index, (event, model) in enumerate(zip(events, told, strict=True)):
            out.append(event)
            if isinstance(model, RoundResolved) and fields is not None:
                counted = RoundBoard(
                    round=model.round,
                    winner=model.winner,
                    score=model.score,
                    players=list(before.players),
                    laid=fields,
                )
                out.append(counted.told().to_json())
            if index == last_opened:
                out.append(BoardShown(view=after).told().to_json())
        return out

    # -- a player's 1-on-1 ----------------------------------------------------------------

    def one_on_one(self, view: PublicView, actions: list[Action], names: Names) -> str:
        if not isinstance(view, PlayerView):
            return "You are not playing in this match."
        me = view.me
        head = f"**Your 1-on-1 — Project Mars, round {view.round}**"
        if me.player in view.kicked:
            return f"{head}\nYou no longer play in this match (removed by the host, or conceded)."
        if view.phase == "ended":
            return f"{head}\nThe match is over."
        by_key = {action.key: action for action in actions}
        others = [p for p in view.players if p != me.player]
        wins = ", ".join(
            f"{'you' if p == me.player else names(p)} {view.sides[p].wins}" for p in view.players
        )
        lines = [head, f"Rounds won: {wins}."]
        if "deck" in by_key:
            decks = "\n".join(f"- **{d.name}**: {d.strategy}" for d in READY_DECKS.values())
            lines.append(
                "**Choose your deck** in the menu below, or press **My own list** to paste 30 "
                f"cards (at most 3 utility cards).\n{decks}"
            )
            return "\n".join(lines)
        if "keep-none" in by_key:
            lines.append(f"Your back hand: {hand_text(me.back_hand)}.")
            lines.append(
                "**Choose the back-hand cards to keep** in the menu (the rest go to the "
                "junkyard), or press **Keep all** or **Keep none**. Then you draw up to 10."
                if "keep" in by_key
                else "Press **Keep none** (there is nothing to keep). Then you draw up to 10."
            )
            return "\n".join(lines)
        lines.append(f"Your hand ({len(me.hand)}): {hand_text(me.hand)}.")
        if "keep-hand" in by_key:
            trade = by_key.get("mulligan")
            most = 0 if trade is None or trade.pick is None else trade.pick.max
            lines.append(
                f"**Mulligan:** pick up to {most} cards to trade in for random cards "
                "of your deck, or press **Keep my hand**. Once per round."
            )
        elif "choose" in by_key:
            prompt = view.pending.prompt if view.pending is not None else "choose an option"
            lines.append(f"**Your choice:** {prompt}")
            lines.append("Choose in the menu below.")
        elif "pass" in by_key:
            tpr = view.projection.tpr
            standing = ", ".join(
                f"{'you' if p == me.player else names(p)} {tpr.get(p, 0)}" for p in view.players
            )
            lines.append(f"TPR if the round ended now: {standing}.")
            lines.append(
                "**Your turn:** pick a card to play (or a trap to set) in its menu, then where it "
                "goes; or press **Pass**."
            )
        else:
            awaited = [p for p in view.to_act if p != me.player] or others
            # A computer seat moves on its own, after a short pause.
            lines.append(
                f"{join([names(p) for p in awaited])} moves on its own: its move comes in the "
                "match's channel."
                if all(is_computer(p) for p in awaited)
                else f"Waiting for {join([names(p) for p in awaited])}."
            )
        return "\n".join(lines)

    def status(self, view: PublicView, names: Names) -> str:
        """The rounds won, the cards in each hand and the TPR as the fields stand; at the
        end, who won and by how many rounds (the winner's first)."""
        players = view.players
        sides = view.sides
        wins = ", ".join(f"{names(p)} {sides[p].wins}" for p in players)
        if view.phase == "ended" and view.result is not None:
            result = view.result
            winner = result.winner
            tally = " to ".join(str(n) for n in sorted(result.wins.values(), reverse=True))
            if winner is None:
                return f"A draw, {tally} in rounds."
            if result.forfeit:
                return f"{names(result.forfeit)} forfeits: **{names(winner)}** wins."
            return f"**{names(winner)}** wins {tally} in rounds."
        hands = ", ".join(f"{names(p)} {sides[p].hand_count}" for p in players)
        tpr = view.projection.tpr
        standing = ", ".join(f"{names(p)} {tpr.get(p, 0)}" for p in players)
        return (
            f"Round {view.round} · Rounds won: {wins} · Cards in hand: {hands}\n"
            f"TPR if the round ended now: {standing}"
        )

    def results(self, events: list[dict[str, Any]], view: PublicView, names: Names) -> str | None:
        """The round's outcome for the player (PM-7: lanes and TPR, theirs first) and the
        rounds won so far; at the end, how their match ended (PM-8)."""
        if not isinstance(view, PlayerView) or view.me.player in view.kicked:
            return None
        player = view.me.player
        lines = []
        for event in events:
            told = self.read(event)
            if isinstance(told, RoundResolved):
                lines.append(self._my_round(told, player, names))
            elif isinstance(told, MarsMatchEnded):
                lines.append(self._my_match(told, player, names))
        if not lines:
            return None
        return "\n".join(["📋 **Your results**", *lines])

    @staticmethod
    def _my_round(event: RoundResolved, player: str, names: Names) -> str:
        score = event.score
        other = next(p for p in score.tpr if p != player)
        winner = event.winner
        if winner is None:
            outcome = "a draw"
        else:
            outcome = "you win it" if winner == player else f"{names(other)} wins it"
        lanes = sum(1 for w in score.lanes if w == player)
        wins = event.wins
        return (
            f"Round {event.round}: {outcome}, TPR {score.tpr[player]} to "
            f"{score.tpr[other]} (you won {plural(lanes, 'lane')} of "
            f"{len(score.lanes)}). Rounds won: you {wins.get(player, 0)}, "
            f"{names(other)} {wins.get(other, 0)}."
        )

    @staticmethod
    def _my_match(event: MarsMatchEnded, player: str, names: Names) -> str:
        wins = event.wins
        other = next((p for p in wins if p != player), None)
        mine, theirs = wins.get(player, 0), wins.get(other, 0) if other else 0
        winner, forfeit = event.winner, event.forfeit
        if winner == player:
            how = f"{names(forfeit)} forfeits" if forfeit else f"{mine} to {theirs} in rounds"
            return f"🏁 **Your final card:** 1st of 2, you win the match ({how})."
        if winner is None:
            return f"🏁 **Your final card:** a draw, {mine} to {theirs} in rounds."
        how = "you forfeit" if forfeit == player else f"{theirs} to {mine} in rounds"
        return f"🏁 **Your final card:** 2nd of 2, {names(winner)} wins the match ({how})."

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """For the spectators' channel after each round: Project Mars has no sealed
        submissions (the host sees the public view, and the engine adds nothing to it), so
        the full picture is the rounds' results."""
        # The host's view with the engine's audit merged in, as JSON: its rounds read back
        # through their model.
        rounds = _ROUNDS.validate_python(host_view.get("rounds") or [])
        if not rounds:
            return "No round has been resolved yet."
        lines = ["**Project Mars — rounds so far**"]
        for played in rounds:
            tpr = played.score.tpr
            winner = played.winner
            figures = " to ".join(f"{names(p)} {tpr[p]}" for p in winner_first(tpr, winner))
            outcome = f"{names(winner)} won" if winner else "drawn"
            lines.append(f"Round {played.round}: {outcome}, TPR {figures}.")
        return "\n".join(lines)

    def engine_text(self, text: str, names: Names) -> str:
        return worded(text, names)

    def move(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str:
        """A player's move in words from `told`, its events that reach the reader, so that it
        names no more than they were told: a card played face up by its name and slot; a
        trap set face down by its name for its owner (`trap_set`), for everyone else by
        the slot of the face-down card alone (PM-3); the deck, the back-hand cards kept,
        the cards traded in and a secret answer likewise (PM-D1, PM-D14). The host's moves
        as every game's."""
        kind = move["type"]  # the move as the record holds it: JSON at the bot's edge
        events = [e for e in (self.read(event) for event in told) if e is not None]

        def first(model: type[GameEvent]) -> Any:
            return next((e for e in events if isinstance(e, model)), None)

        if kind == "play":
            trap: TrapSet | FaceDownPlayed | None = first(TrapSet) or first(FaceDownPlayed)
            if trap is not None:
                card = f" {trap.card.name}" if isinstance(trap, TrapSet) else ""
                return f"face-down trap{card} on {names(trap.field)}'s field ({where(trap.slot)})"
            utility: UtilityPlayed | None = first(UtilityPlayed)
            if utility is not None:
                return f"play of the utility card {utility.card.name}"
            played: CardPlayed | None = first(CardPlayed)
            return (
                f"play of {played.card.name} ({where(played.slot)})"
                if played is not None
                else "play"
            )
        if kind == "deck":
            chosen: DeckChosen | None = first(DeckChosen)
            if chosen is None:
                return "choice of deck"
            deck = READY_DECKS.get(chosen.deck)
            return f"choice of deck ({deck.name if deck else 'an own list'})"
        if kind == "keep":
            kept: BackHandKept | None = first(BackHandKept)
            if kept is not None:
                listed = join([c.name for c in kept.kept]) or "none"
                return f"choice of back-hand cards to keep ({listed})"
            counted: BackHandChosen | None = first(BackHandChosen)
            how_many = f" ({counted.kept or 'none'} kept)" if counted is not None else ""
            return f"choice of back-hand cards to keep{how_many}"
        if kind == "mulligan":
            traded: Mulliganed | None = first(Mulliganed)
            done: MulliganDone | None = first(MulliganDone)
            if traded is not None and traded.traded:
                return f"mulligan ({join([c.name for c in traded.traded])} traded in)"
            if done is not None and done.count:
                return f"mulligan ({plural(done.count, 'card')} traded in)"
            return "mulligan (the hand kept)"
        if kind == "choose":
            made: ChoiceMade | None = first(ChoiceMade)
            return f"answer ({worded(made.label, names)})" if made is not None else "secret answer"
        if kind == "pass":
            return "pass"
        return super().move(move, names, told)

    def seen(self, move: dict[str, Any], names: Names, told: list[dict[str, Any]]) -> str:
        """Every move as `move` words it from its public events: a play is sealed only when
        it sets a trap, so its kind alone would call a card played face up sealed."""
        return self.move(move, names, told)

    def step_text(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str:
        """Where a card goes once it is picked: a trap face down on the enemy's field (PM-3),
        any other card on the player's own, in the row where its effects work (PM-2)."""
        picked = _picked(action, answers)
        if picked is None:
            return super().step_text(action, answers, names)
        if action.key == "trap":
            return (
                f"Where does your **{picked.label}** go? A trap goes face down on your "
                "opponent's field."
            )
        return (
            f"Where does your **{picked.label}** go? [OFFENSE] effects work in the attack row, "
            "[GUARDIAN] effects in the defence row."
        )

    def confirm(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str | None:
        """A utility card takes effect at once, and only one may be played a round (PM-5):
        asked before it is played."""
        picked = _picked(action, answers)
        if picked is None or picked.then:
            return None
        return (
            f"Play **{picked.label}**? It goes to your utility area and takes effect at once; "
            "you may play one utility card per round."
        )

    def options_text(self, options: dict[str, Any], names: Names) -> str:
        decks = options.get("decks") or {}
        if not decks:
            return "decks: each player picks theirs when the match starts"
        # Which deck a player brings is for them alone, even before the match starts (the
        # lobby and /match status are public): only that they have one.
        return "; ".join(f"{names(player)} has chosen a deck" for player in decks)

    # -- images -----------------------------------------------------------------------------

    def board_of(self, event: Told, names: Mapping[str, str]) -> Board | None:
        if isinstance(event, RoundBoard):
            return round_board(event.counted(), names)
        if isinstance(event, MarsMatchEnded):
            result = Result(
                winner=event.winner, wins=event.wins, forfeit=event.forfeit, rounds=event.rounds
            )
            return final_board(result, names)
        return None

    def status_board(self, view: PublicView, names: Mapping[str, str]) -> Board | None:
        """The table as it stands (once over, headed by the result): on the board message,
        and `/match status`."""
        return public_board(view, names)

    def card(self, view: PublicView, names: Mapping[str, str]) -> Board | None:
        if (
            not isinstance(view, PlayerView)
            or view.phase in ("deck", "ended")
            or view.me.player in view.kicked
        ):
            return None
        return hand_card(view, names)

    def help(self) -> str:
        return (
            "**Project Mars** (2 players, best of 3 rounds). Bring a deck of 30 cards (a ready "
            "deck or your own list, at most 3 utility cards); draw 10, and once per round you "
            "may trade in up to 3 (mulligan).\n"
            "**Turns:** play one card or pass. Your field has an attack row and a defence row "
            "of 4 slots; column n of both fields is lane n. [OFFENSE] effects work in the "
            "attack row, [GUARDIAN] effects in the defence row; PWR counts anywhere. A trap "
            "(Landmine, Stealth Op, Spy) goes face down on the enemy's field and is set off "
            "by the card played onto it. One utility card per round.\n"
            "**Resolution** when both pass in a row: each lane goes to the side with more PWR "
            "(+1 TPR); TPR adds your field's PWR and the card bonuses; higher TPR wins the "
            "round, two rounds win the match. Your hand left over is your back hand: keep any "
            "of it for the next round.\n"
            "**Playing:** in your 1-on-1 (DM, or **My 1-on-1** / `/me`): pick a card, then a "
            "slot, and answer what cards ask. When a turn's time runs out, you pass.\n"
            "**Starting:** `/match create project-mars opponent:@member` challenges a "
            "member; `practice:True` plays Dealer; with neither, a lobby opens (a host may seat "
            "Dealer with `/match add-bot`). Also `deck`, `turn_minutes`, and `thread:True` to "
            "play in a thread of the channel."
        )

    def rules(self) -> str:
        """The rules, then the ready decks as `READY_DECKS` holds them."""
        decks = "\n\n".join(
            f"**{deck.name}**: {deck.strategy}\n"
            + ", ".join(f"{n} {CARDS[key].name}" for key, n in deck.cards.items())
            for deck in READY_DECKS.values()
        )
        return f"{RULES}\n## Ready decks\n{decks}\n"
