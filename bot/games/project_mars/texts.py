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
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from bot.games.base import (
    SECTION,
    Envelope,
    Names,
    TypedTexts,
    is_computer,
    named,
    rules_text,
    text,
)
from bot.games.project_mars.rules import RULES
from bot.i18n import N_, _, engine_words, ngettext
from games.core.contract import Action, Answer, Choice
from games.core.drawing.board import Board
from games.core.drawing.words import listed
from games.core.events import Event, GameEvent, PlayerForfeited, PlayerKicked, event_models
from games.project_mars.card_details import CARDS
from games.project_mars.decks import READY_DECKS, ReadyDeck
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
    versus,
    where,
)
from games.project_mars.views import CountedRound, HandCard, PlayerView, PublicView, SlotView

PHASES_WITH_TABLE = frozenset({"turn", "choice"})
_ROUNDS = TypeAdapter(list[RoundResult])
#: What a deadline takes for a player who did not act, by phase (PM-D9).
DEFAULTS = {
    "deck": N_("the Vanguard deck"),
    "mulligan": N_("keeping their whole back hand and their hand"),
    "turn": N_("a pass"),
    "choice": N_("the first option"),
}


_SLOT = re.compile(r"\b(attack|defence)-([1-4])\b")


def worded(text: str, names: Names) -> str:
    """An engine sentence as players read it: names for player ids, "defence row, lane 2"
    for `defence-2`."""
    return _SLOT.sub(lambda found: where(found[0]), named(text, names))


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
    return listed([f"**{c.name}**" for c in cards]) or _("nothing")


def hand_text(hand: Sequence[CardFace]) -> str:
    shown = [
        _("{card} 👁 revealed").format(card=card_words(c))
        if isinstance(c, HandCard) and c.revealed
        else card_words(c)
        for c in hand
    ]
    return ", ".join(shown) or _("no cards")


def deck_list(cards: Mapping[str, int]) -> str:
    return ", ".join(f"{n}× {CARDS[k].name if k in CARDS else k}" for k, n in cards.items())


def deck_title(key: str) -> str:
    """A ready deck's name, or "your own list" for a list of the player's own."""
    deck = READY_DECKS.get(key)
    return deck.name if deck else _("your own list")


def strategy(deck: ReadyDeck) -> str:
    """A ready deck's strategy in the language in force (`decks.py` marks it)."""
    return _(deck.strategy)


class ProjectMarsTexts(TypedTexts[PublicView, Told]):
    game = "project-mars"
    title = "Project Mars"
    move_kinds: ClassVar[Mapping[str, str]] = {
        "deck": N_("choice of deck"),
        "keep": N_("choice of back-hand cards to keep"),
        "mulligan": N_("mulligan"),
        "play": N_("play"),
        "pass": N_("pass"),
        "choose": N_("answer"),
    }
    forfeit = N_("Your opponent wins the match at once.")
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
    record_withheld = N_("its seed deals every hand, which nobody may see while it runs")

    # -- events ----------------------------------------------------------------------------

    def describe(self, event: Envelope, names: Names) -> str | None:
        told = self.read(event)
        if told is None:
            return None
        # A secret answer is told to its chooser alone, in the second person: only the
        # envelope says to whom.
        audience = event.audience.kind if isinstance(event, Event) else event["audience"]["kind"]
        if isinstance(told, ChoiceMade) and audience == "players":
            return _("You chose: {choice}.").format(choice=self.engine_text(told.label, names))
        said = self.tell(told, names)
        return None if said is None else worded(said, names)

    def describe_to(self, event: Envelope, reader: str, names: Names) -> str | None:
        """A turn or a choice that opens for `reader` alone, as it heads their own 1-on-1:
        to them, in the second person."""
        told = self.read(event)
        if not isinstance(told, MarsPhaseOpened) or told.players != [reader]:
            return self.describe(event, names)
        if told.phase == "choice":
            return self._choice(told, names, None)
        if told.phase == "turn":
            return _("**Round {round} — your turn:** play a card or pass.").format(round=told.round)
        return self.describe(event, names)

    def _choice(self, event: MarsPhaseOpened, names: Names, chooser: str | None) -> str:
        """A choice a card asks for (`phase_opened` of the choice phase), made by `chooser`'s
        name, or by the reader (None)."""
        options = event.options
        said = (
            _("**Round {round} — you choose** for {card}: {prompt}")
            if chooser is None
            else _("**Round {round} — {player} chooses** for {card}: {prompt}")
        ).format(
            round=event.round,
            player=chooser,
            card=event.card.name if event.card is not None else _("a card"),
            prompt=self.engine_text(event.prompt or "", names),
        )
        if options:
            listed_options = "; ".join(self.engine_text(o.label, names) for o in options)
            said += " " + _("Options: {options}.").format(options=listed_options)
        return said

    @text
    def match_started(self, event: MatchStarted, names: Names) -> str:
        first, second = (names(p) for p in event.players)
        return ngettext(
            "**Project Mars begins**: **{player}** against **{opponent}**, best of {rounds} "
            "round. How to play: `/help game:project-mars`.",
            "**Project Mars begins**: **{player}** against **{opponent}**, best of {rounds} "
            "rounds. How to play: `/help game:project-mars`.",
            event.rounds,
        ).format(player=first, opponent=second, rounds=event.rounds)

    @text
    def deck_submitted(self, event: DeckSubmitted, names: Names) -> str:
        return _("{player} has a deck.").format(player=names(event.player))

    @text
    def deck_chosen(self, event: DeckChosen, names: Names) -> str:
        return _("Your deck: **{deck}** ({cards}).").format(
            deck=deck_title(event.deck), cards=deck_list(event.cards)
        )

    @text
    def first_player_drawn(self, event: FirstPlayerDrawn, names: Names) -> str:
        return _("🎲 {player} is drawn to play first.").format(player=names(event.player))

    @text
    def round_started(self, event: RoundStarted, names: Names) -> str:
        return _(
            "**Round {round} begins**; {player} plays first. Everyone draws up to 10 cards."
        ).format(round=event.round, player=names(event.starter))

    @text
    def cards_drawn(self, event: CardsDrawn, names: Names) -> str:
        return _("You draw {cards}.").format(cards=cards_text(event.cards))

    @text
    def mulligan_done(self, event: MulliganDone, names: Names) -> str:
        count = event.count
        if count == 0:
            return _("{player} keeps their hand.").format(player=names(event.player))
        return ngettext(
            "{player} trades in {count} card.", "{player} trades in {count} cards.", count
        ).format(player=names(event.player), count=count)

    @text
    def mulliganed(self, event: Mulliganed, names: Names) -> str:
        if not event.traded:
            return _("You keep your hand.")
        return _("You trade in {traded} and draw {drawn}.").format(
            traded=cards_text(event.traded), drawn=cards_text(event.drawn)
        )

    @text
    def back_hand_chosen(self, event: BackHandChosen, names: Names) -> str:
        return ngettext(
            "{player} keeps {count} back-hand card ({discarded} to the junkyard).",
            "{player} keeps {count} back-hand cards ({discarded} to the junkyard).",
            event.kept,
        ).format(player=names(event.player), count=event.kept, discarded=event.discarded)

    @text
    def back_hand_kept(self, event: BackHandKept, names: Names) -> str:
        if event.discarded:
            return _("From your back hand you keep {kept}; to the junkyard: {discarded}.").format(
                kept=cards_text(event.kept), discarded=cards_text(event.discarded)
            )
        return _("From your back hand you keep {kept}.").format(kept=cards_text(event.kept))

    @text
    def phase_opened(self, event: MarsPhaseOpened, names: Names) -> str:
        phase = event.phase
        waiting = listed([names(p) for p in event.players])
        if phase == "deck":
            return _(
                "**Choose your decks.** Pick a ready deck, or paste your own list of 30 cards, "
                "in your 1-on-1. Waiting for {players}."
            ).format(players=waiting)
        if phase == "mulligan":
            said = (
                _(
                    "**Round {round} — mulligan.** In your 1-on-1, choose the back-hand cards to "
                    "keep, then trade in up to {most} cards or keep your hand. Waiting for "
                    "{players}."
                )
                if event.round > 1
                else _(
                    "**Round {round} — mulligan.** In your 1-on-1, trade in up to {most} cards "
                    "or keep your hand. Waiting for {players}."
                )
            )
            return said.format(round=event.round, most=MULLIGAN_MAX, players=waiting)
        if phase == "choice":
            return self._choice(event, names, waiting)
        if all(is_computer(p) for p in event.players):
            return _("**Round {round} — {player}'s turn.**").format(
                round=event.round, player=waiting
            )
        return _(
            "**Round {round} — {player}'s turn.** Play a card or pass, in their 1-on-1."
        ).format(round=event.round, player=waiting)

    @text
    def passed(self, event: Passed, names: Names) -> str:
        said = _("{player} passes (automatically).") if event.auto else _("{player} passes.")
        return said.format(player=names(event.player))

    @text
    def defaults_applied(self, event: DefaultsApplied, names: Names) -> str | None:
        if not event.players:
            return None
        return _("⏰ Time is up for {players}: the default is taken ({default}).").format(
            players=listed([names(p) for p in event.players]),
            default=_(DEFAULTS.get(event.phase, N_("the default"))),
        )

    @text
    def card_played(self, event: CardPlayed, names: Names) -> str:
        return _("**{player}** plays **{card}** in their {slot}.").format(
            player=names(event.player), card=card_words(event.card), slot=where(event.slot)
        )

    @text
    def face_down_played(self, event: FaceDownPlayed, names: Names) -> str:
        return _("**{player}** sets a face-down card on {field}'s field ({slot}).").format(
            player=names(event.player), field=names(event.field), slot=where(event.slot)
        )

    @text
    def trap_set(self, event: TrapSet, names: Names) -> str:
        return _("Your **{card}** lies face down on {field}'s field ({slot}).").format(
            card=event.card.name, field=names(event.field), slot=where(event.slot)
        )

    @text
    def trap_triggered(self, event: TrapTriggered, names: Names) -> str:
        return _("💥 {field}'s **{card}** sets off {owner}'s trap: **{trap}**!").format(
            field=names(event.field),
            card=event.by.name,
            owner=names(event.owner),
            trap=event.card.name,
        )

    @text
    def trap_disarmed(self, event: TrapDisarmed, names: Names) -> str:
        return _(
            "{field}'s {card} disarms {owner}'s trap **{trap}**: it goes to the junkyard "
            "untriggered."
        ).format(
            field=names(event.field),
            card=cause(event.by),
            owner=names(event.owner),
            trap=event.card.name,
        )

    @text
    def utility_played(self, event: UtilityPlayed, names: Names) -> str:
        return _("**{player}** plays the utility card **{card}**.").format(
            player=names(event.player), card=event.card.name
        )

    @text
    def card_destroyed(self, event: CardDestroyed, names: Names) -> str:
        if event.face_down:
            return _(
                "{owner}'s face-down **{card}** on {field}'s field is destroyed by {cause}."
            ).format(
                owner=names(event.owner),
                card=event.card.name,
                field=names(event.field),
                cause=cause(event.by),
            )
        return _("{owner}'s **{card}** ({slot}) is destroyed by {cause}.").format(
            owner=names(event.owner),
            card=event.card.name,
            slot=where(event.slot),
            cause=cause(event.by),
        )

    @text
    def trap_returned(self, event: TrapReturned, names: Names) -> str:
        if not event.slot:
            return _(
                "{owner}'s **{card}** has no room on their field and goes to the junkyard."
            ).format(owner=names(event.owner), card=event.card.name)
        return _("{owner}'s **{card}** goes back face up to their field ({slot}).").format(
            owner=names(event.owner), card=event.card.name, slot=where(event.slot)
        )

    @text
    def cards_revealed(self, event: CardsRevealed, names: Names) -> str:
        return _("👁 {player} reveals {cards} ({cause}).").format(
            player=names(event.player),
            cards=listed([f"**{card_words(c)}**" for c in event.cards]),
            cause=cause(event.by),
        )

    @text
    def revealed_card_left(self, event: RevealedCardLeft, names: Names) -> str:
        return _("👁 {player}'s revealed **{card}** leaves their hand.").format(
            player=names(event.player), card=event.card.name
        )

    @text
    def reveal_blocked(self, event: RevealBlocked, names: Names) -> str:
        return _("Toxic Gas keeps {player}'s hand hidden: {cause} reveals nothing.").format(
            player=names(event.player), cause=cause(event.by)
        )

    @text
    def reveals_blocked(self, event: RevealsBlocked, names: Names) -> str:
        return _("☣️ Toxic Gas: no card can be revealed for the rest of the round.")

    @text
    def cards_disabled(self, event: CardsDisabled, names: Names) -> str:
        hit = [self._whose(h.field, h.card.name, names) for h in event.cards]
        if not hit:
            return _("{cause} finds no ARTIFICIAL card to disable.").format(cause=cause(event.by))
        return _("⚡ {cause} disables {cards} for the round.").format(
            cause=cause(event.by), cards=listed(hit)
        )

    @text
    def bonus_given(self, event: BonusGiven, names: Names) -> str:
        hit = [self._whose(h.field, h.card.name, names) for h in event.cards]
        if not hit:
            return _("{cause} finds no UNIT card on the field.").format(cause=cause(event.by))
        return _("{cause}: +{amount} PWR for {cards}.").format(
            cause=cause(event.by), amount=event.amount, cards=listed(hit)
        )

    @staticmethod
    def _whose(field: str, card: str, names: Names) -> str:
        """A card on a player's field: "ann's **Scout**"."""
        return _("{player}'s **{card}**").format(player=names(field), card=card)

    @text
    def pwr_zeroed(self, event: PwrZeroed, names: Names) -> str:
        return _("{owner}'s **{card}** drops to PWR 0 ({cause}).").format(
            owner=names(event.owner), card=event.card.name, cause=cause(event.by)
        )

    @text
    def boost_chosen(self, event: BoostChosen, names: Names) -> str:
        return _("{owner}'s Siege Vehicle boosts their **{card}** (+2 PWR at resolution).").format(
            owner=names(event.owner), card=event.target.name
        )

    @text
    def card_traded(self, event: CardTraded, names: Names) -> str:
        return _("You trade **{gave}** for **{took}**.").format(
            gave=event.gave.name, took=event.took.name
        )

    @text
    def discarded(self, event: Discarded, names: Names) -> str:
        return ngettext(
            "{player} discards {count} card ({cause}).",
            "{player} discards {count} cards ({cause}).",
            event.count,
        ).format(player=names(event.player), count=event.count, cause=cause(event.by))

    @text
    def cards_discarded(self, event: CardsDiscarded, names: Names) -> str:
        return _("You discard {cards} ({cause}).").format(
            cards=cards_text(event.cards), cause=cause(event.by)
        )

    @text
    def choice_made(self, event: ChoiceMade, names: Names) -> str:
        return _("{player} chooses: {choice}.").format(
            player=names(event.player), choice=self.engine_text(event.label, names)
        )

    @text
    def round_resolved(self, event: RoundResolved, names: Names) -> str:
        score = event.score
        winner = event.winner
        lanes = ", ".join(
            f"{i} {names(w) if w else _('nobody')}" for i, w in enumerate(score.lanes, 1)
        )
        said = (
            _(
                "**Round {round} is over: {player} wins it, TPR {tpr}.** Lanes: {lanes}. "
                "Rounds won: {wins}."
            )
            if winner
            else _(
                "**Round {round} is over: a draw, TPR {tpr}.** Lanes: {lanes}. Rounds won: {wins}."
            )
        ).format(
            round=event.round,
            player=names(winner) if winner else "",
            tpr=versus(score.tpr[p] for p in winner_first(score.tpr, winner)),
            lanes=lanes,
            wins=", ".join(f"{names(p)} {n}" for p, n in event.wins.items()),
        )
        lines = [said]
        if event.traps:
            traps = listed(
                [
                    _("{owner}'s {card} ({field}'s {slot})").format(
                        owner=names(t.owner),
                        card=t.card.name,
                        field=names(t.field),
                        slot=where(t.slot),
                    )
                    for t in event.traps
                ]
            )
            lines.append(_("Traps left unsprung: {traps}.").format(traps=traps))
        return "\n".join(lines)

    @text
    def match_ended(self, event: MarsMatchEnded, names: Names) -> str:
        wins = event.wins
        winner = event.winner
        rounds = versus(wins[p] for p in winner_first(wins, winner))
        if event.forfeit:
            return (
                _("🏁 **The match is over**: {player} forfeits, **{winner}** wins.").format(
                    player=names(event.forfeit), winner=names(winner)
                )
                if winner
                else _("🏁 **The match is over.**")
            )
        if winner is None:
            return _("🏁 **The match is over: a draw** ({rounds} in rounds).").format(rounds=rounds)
        return _("🏁 **The match is over: {winner} wins {rounds}** in rounds.").format(
            winner=names(winner), rounds=rounds
        )

    @text
    def player_kicked(self, event: PlayerKicked, names: Names) -> str:
        return _("The host removed {player} from the match.").format(player=names(event.player))

    @text
    def player_forfeited(self, event: PlayerForfeited, names: Names) -> str:
        return _("{player} has conceded the match.").format(player=names(event.player))

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
            return _("You are not playing in this match.")
        me = view.me
        head = _("**Your 1-on-1 — Project Mars, round {round}**").format(round=view.round)
        if me.player in view.kicked:
            return "\n".join(
                [head, _("You no longer play in this match (removed by the host, or conceded).")]
            )
        if view.phase == "ended":
            return "\n".join([head, _("The match is over.")])
        by_key = {action.key: action for action in actions}
        others = [p for p in view.players if p != me.player]
        lines = [head, _("Rounds won: {wins}.").format(wins=self._standing(view, names))]
        if "deck" in by_key:
            decks = "\n".join(f"- **{d.name}**: {strategy(d)}" for d in READY_DECKS.values())
            lines.append(
                _(
                    "**Choose your deck** in the menu below, or press **My own list** to paste 30 "
                    "cards (at most 3 utility cards)."
                )
                + f"\n{decks}"
            )
            return "\n".join(lines)
        if "keep-none" in by_key:
            lines.append(_("Your back hand: {cards}.").format(cards=hand_text(me.back_hand)))
            lines.append(
                _(
                    "**Choose the back-hand cards to keep** in the menu (the rest go to the "
                    "junkyard), or press **Keep all** or **Keep none**. Then you draw up to 10."
                )
                if "keep" in by_key
                else _("Press **Keep none** (there is nothing to keep). Then you draw up to 10.")
            )
            return "\n".join(lines)
        lines.append(
            _("Your hand ({count}): {cards}.").format(count=len(me.hand), cards=hand_text(me.hand))
        )
        if "keep-hand" in by_key:
            trade = by_key.get("mulligan")
            most = 0 if trade is None or trade.pick is None else trade.pick.max
            lines.append(
                _(
                    "**Mulligan:** pick up to {most} cards to trade in for random cards of your "
                    "deck, or press **Keep my hand**. Once per round."
                ).format(most=most)
            )
        elif "choose" in by_key:
            prompt = (
                self.engine_text(view.pending.prompt, names)
                if view.pending is not None and view.pending.prompt
                else _("choose an option")
            )
            lines.append(_("**Your choice:** {prompt}").format(prompt=prompt))
            lines.append(_("Choose in the menu below."))
        elif "pass" in by_key:
            lines.append(
                _("TPR if the round ended now: {standing}.").format(
                    standing=self._standing(view, names, tpr=True)
                )
            )
            lines.append(
                _(
                    "**Your turn:** pick a card to play (or a trap to set) in its menu, then where "
                    "it goes; or press **Pass**."
                )
            )
        else:
            awaited = [p for p in view.to_act if p != me.player] or others
            who = listed([names(p) for p in awaited])
            # A computer seat moves on its own, after a short pause.
            lines.append(
                _("{player} moves on its own: its move comes in the match's channel.").format(
                    player=who
                )
                if all(is_computer(p) for p in awaited)
                else _("Waiting for {players}.").format(players=who)
            )
        return "\n".join(lines)

    @staticmethod
    def _standing(view: PlayerView, names: Names, *, tpr: bool = False) -> str:
        """Each player's rounds won (or TPR as the fields stand), the reader as "you"."""
        figures = view.projection.tpr
        return ", ".join(
            _("you {figure}").format(figure=figure)
            if p == view.me.player
            else f"{names(p)} {figure}"
            for p, figure in (
                (p, figures.get(p, 0) if tpr else view.sides[p].wins) for p in view.players
            )
        )

    def status(self, view: PublicView, names: Names) -> str:
        """The rounds won, the cards in each hand and the TPR as the fields stand; at the
        end, who won and by how many rounds (the winner's first)."""
        players = view.players
        sides = view.sides
        if view.phase == "ended" and view.result is not None:
            result = view.result
            winner = result.winner
            rounds = versus(sorted(result.wins.values(), reverse=True))
            if winner is None:
                return _("A draw, {rounds} in rounds.").format(rounds=rounds)
            if result.forfeit:
                return _("{player} forfeits: **{winner}** wins.").format(
                    player=names(result.forfeit), winner=names(winner)
                )
            return _("**{winner}** wins {rounds} in rounds.").format(
                winner=names(winner), rounds=rounds
            )
        tpr = view.projection.tpr
        return _(
            "Round {round} · Rounds won: {wins} · Cards in hand: {hands}\n"
            "TPR if the round ended now: {standing}"
        ).format(
            round=view.round,
            wins=", ".join(f"{names(p)} {sides[p].wins}" for p in players),
            hands=", ".join(f"{names(p)} {sides[p].hand_count}" for p in players),
            standing=", ".join(f"{names(p)} {tpr.get(p, 0)}" for p in players),
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
        return "\n".join([_("📋 **Your results**"), *lines])

    @staticmethod
    def _my_round(event: RoundResolved, player: str, names: Names) -> str:
        score = event.score
        other = next(p for p in score.tpr if p != player)
        winner = event.winner
        if winner is None:
            outcome = _("a draw")
        elif winner == player:
            outcome = _("you win it")
        else:
            outcome = _("{player} wins it").format(player=names(other))
        lanes = sum(1 for w in score.lanes if w == player)
        wins = event.wins
        return ngettext(
            "Round {round}: {outcome}, TPR {mine} to {theirs} (you won {count} lane of "
            "{lanes}). Rounds won: you {my_wins}, {opponent} {their_wins}.",
            "Round {round}: {outcome}, TPR {mine} to {theirs} (you won {count} lanes of "
            "{lanes}). Rounds won: you {my_wins}, {opponent} {their_wins}.",
            lanes,
        ).format(
            round=event.round,
            outcome=outcome,
            mine=score.tpr[player],
            theirs=score.tpr[other],
            count=lanes,
            lanes=len(score.lanes),
            my_wins=wins.get(player, 0),
            opponent=names(other),
            their_wins=wins.get(other, 0),
        )

    @staticmethod
    def _my_match(event: MarsMatchEnded, player: str, names: Names) -> str:
        wins = event.wins
        other = next((p for p in wins if p != player), None)
        mine, theirs = wins.get(player, 0), wins.get(other, 0) if other else 0
        winner, forfeit = event.winner, event.forfeit
        if winner == player:
            how = (
                _("{player} forfeits").format(player=names(forfeit))
                if forfeit
                else _("{mine} to {theirs} in rounds").format(mine=mine, theirs=theirs)
            )
            return _("🏁 **Your final card:** 1st of 2, you win the match ({how}).").format(how=how)
        if winner is None:
            return _("🏁 **Your final card:** a draw, {mine} to {theirs} in rounds.").format(
                mine=mine, theirs=theirs
            )
        how = (
            _("you forfeit")
            if forfeit == player
            else _("{mine} to {theirs} in rounds").format(mine=theirs, theirs=mine)
        )
        return _("🏁 **Your final card:** 2nd of 2, {winner} wins the match ({how}).").format(
            winner=names(winner), how=how
        )

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """For the spectators' channel after each round: Project Mars has no sealed
        submissions (the host sees the public view, and the engine adds nothing to it), so
        the full picture is the rounds' results."""
        # The host's view with the engine's audit merged in, as JSON: its rounds read back
        # through their model.
        rounds = _ROUNDS.validate_python(host_view.get("rounds") or [])
        if not rounds:
            return _("No round has been resolved yet.")
        lines = [_("**Project Mars — rounds so far**")]
        for played in rounds:
            tpr = played.score.tpr
            winner = played.winner
            said = (
                _("Round {round}: {player} won, TPR {figures}.")
                if winner
                else _("Round {round}: drawn, TPR {figures}.")
            )
            lines.append(
                said.format(
                    round=played.round,
                    player=names(winner) if winner else "",
                    figures=versus(f"{names(p)} {tpr[p]}" for p in winner_first(tpr, winner)),
                )
            )
        return "\n".join(lines)

    def engine_text(self, text: str, names: Names) -> str:
        return worded(engine_words(text), names)

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
            return self._play(first(TrapSet) or first(FaceDownPlayed), first, names)
        if kind == "deck":
            chosen: DeckChosen | None = first(DeckChosen)
            if chosen is None:
                return _("choice of deck")
            deck = READY_DECKS.get(chosen.deck)
            return _("choice of deck ({deck})").format(deck=deck.name if deck else _("an own list"))
        if kind == "keep":
            kept: BackHandKept | None = first(BackHandKept)
            if kept is not None:
                return _("choice of back-hand cards to keep ({cards})").format(
                    cards=listed([c.name for c in kept.kept]) or _("none")
                )
            counted: BackHandChosen | None = first(BackHandChosen)
            if counted is None:
                return _("choice of back-hand cards to keep")
            return _("choice of back-hand cards to keep ({count} kept)").format(
                count=counted.kept or _("none")
            )
        if kind == "mulligan":
            traded: Mulliganed | None = first(Mulliganed)
            done: MulliganDone | None = first(MulliganDone)
            if traded is not None and traded.traded:
                return _("mulligan ({cards} traded in)").format(
                    cards=listed([c.name for c in traded.traded])
                )
            if done is not None and done.count:
                return ngettext(
                    "mulligan ({count} card traded in)",
                    "mulligan ({count} cards traded in)",
                    done.count,
                ).format(count=done.count)
            return _("mulligan (the hand kept)")
        if kind == "choose":
            made: ChoiceMade | None = first(ChoiceMade)
            if made is None:
                return _("secret answer")
            return _("answer ({choice})").format(choice=self.engine_text(made.label, names))
        if kind == "pass":
            return _("pass")
        return super().move(move, names, told)

    @staticmethod
    def _play(
        trap: TrapSet | FaceDownPlayed | None, first: Callable[[type[GameEvent]], Any], names: Names
    ) -> str:
        """A play in words: a trap set, a utility card or a card played face up."""
        if isinstance(trap, TrapSet):
            return _("face-down trap {card} on {field}'s field ({slot})").format(
                card=trap.card.name, field=names(trap.field), slot=where(trap.slot)
            )
        if trap is not None:
            return _("face-down trap on {field}'s field ({slot})").format(
                field=names(trap.field), slot=where(trap.slot)
            )
        utility: UtilityPlayed | None = first(UtilityPlayed)
        if utility is not None:
            return _("play of the utility card {card}").format(card=utility.card.name)
        played: CardPlayed | None = first(CardPlayed)
        if played is None:
            return _("play")
        return _("play of {card} ({slot})").format(card=played.card.name, slot=where(played.slot))

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
            said = _(
                "Where does your **{card}** go? A trap goes face down on your opponent's field."
            )
        else:
            said = _(
                "Where does your **{card}** go? [OFFENSE] effects work in the attack row, "
                "[GUARDIAN] effects in the defence row."
            )
        return said.format(card=self.engine_text(picked.label, names))

    def confirm(self, action: Action, answers: Mapping[str, Answer], names: Names) -> str | None:
        """A utility card takes effect at once, and only one may be played a round (PM-5):
        asked before it is played."""
        picked = _picked(action, answers)
        if picked is None or picked.then:
            return None
        return _(
            "Play **{card}**? It goes to your utility area and takes effect at once; you may "
            "play one utility card per round."
        ).format(card=self.engine_text(picked.label, names))

    def options_text(self, options: dict[str, Any], names: Names) -> str:
        decks = options.get("decks") or {}
        if not decks:
            return _("decks: each player picks theirs when the match starts")
        # Which deck a player brings is for them alone, even before the match starts (the
        # lobby and /match status are public): only that they have one.
        return "; ".join(
            _("{player} has chosen a deck").format(player=names(player)) for player in decks
        )

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
        return "\n".join(_(paragraph) for paragraph in HELP)

    def rules(self) -> str:
        """The rules, then the ready decks as `READY_DECKS` holds them."""
        decks = "\n\n".join(
            f"**{deck.name}**: {strategy(deck)}\n"
            + ", ".join(f"{n} {CARDS[key].name}" for key, n in deck.cards.items())
            for deck in READY_DECKS.values()
        )
        return f"{rules_text(RULES)}\n{SECTION}{_('Ready decks')}\n{decks}\n"


#: The game's part of `/help`, a message id a paragraph.
HELP = (
    N_(
        "**Project Mars** (2 players, best of 3 rounds). Bring a deck of 30 cards (a ready deck "
        "or your own list, at most 3 utility cards); draw 10, and once per round you may trade "
        "in up to 3 (mulligan)."
    ),
    N_(
        "**Turns:** play one card or pass. Your field has an attack row and a defence row of 4 "
        "slots; column n of both fields is lane n. [OFFENSE] effects work in the attack row, "
        "[GUARDIAN] effects in the defence row; PWR counts anywhere. A trap (Landmine, Stealth "
        "Op, Spy) goes face down on the enemy's field and is set off by the card played onto "
        "it. One utility card per round."
    ),
    N_(
        "**Resolution** when both pass in a row: each lane goes to the side with more PWR (+1 "
        "TPR); TPR adds your field's PWR and the card bonuses; higher TPR wins the round, two "
        "rounds win the match. Your hand left over is your back hand: keep any of it for the "
        "next round."
    ),
    N_(
        "**Playing:** in your 1-on-1 (DM, or **My 1-on-1** / `/me`): pick a card, then a slot, "
        "and answer what cards ask. When a turn's time runs out, you pass."
    ),
    N_(
        "**Starting:** `/match create project-mars opponent:@member` challenges a member; "
        "`practice:True` plays Dealer; with neither, a lobby opens (a host may seat Dealer with "
        "`/match add-bot`). Also `deck`, `turn_minutes`, and `thread:True` to play in a thread "
        "of the channel."
    ),
)
