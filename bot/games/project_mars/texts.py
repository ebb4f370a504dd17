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
from typing import Any, ClassVar

from bot.games.base import GameTexts, Names, is_computer, named
from bot.games.project_mars.rules import RULES
from games.core.contract import Action, Answer, Choice
from games.core.drawing.board import Board
from games.core.drawing.words import join, plural
from games.project_mars.decks import READY_DECKS
from games.project_mars.model import CARDS, MULLIGAN_MAX, winner_first
from games.project_mars.render import (
    card_words,
    fields_at_resolution,
    final_board,
    hand_card,
    public_board,
    round_board,
    where,
)

#: The bot's own events: the table after a move, and a round's count.
BOARD_SHOWN = "board_shown"
ROUND_BOARD = "round_board"
PHASES_WITH_TABLE = frozenset({"turn", "choice"})
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


def cards_text(cards: Sequence[Mapping[str, Any]]) -> str:
    return join([f"**{c['name']}**" for c in cards]) or "nothing"


def hand_text(hand: Sequence[Mapping[str, Any]]) -> str:
    listed = [card_words(c) + (" 👁 revealed" if c.get("revealed") else "") for c in hand]
    return ", ".join(listed) or "no cards"


def deck_list(cards: Mapping[str, int]) -> str:
    return ", ".join(f"{n}× {CARDS[k].name if k in CARDS else k}" for k, n in cards.items())


def _choice(event: dict[str, Any], who: str) -> str:
    """A choice a card asks for (`phase_opened` of the choice phase), `who` making it ("ann
    chooses", "you choose")."""
    card = event.get("card") or {}
    options = event.get("options")
    listed = f" Options: {'; '.join(o['label'] for o in options)}." if options else ""
    return (
        f"**Round {event['round']} — {who}** for {card.get('name', 'a card')}: "
        f"{event.get('prompt', '')}{listed}"
    )


class ProjectMarsTexts(GameTexts):
    game = "project-mars"
    title = "Project Mars"
    forfeit = "Your opponent wins the match at once."
    board_events: ClassVar[frozenset[str]] = frozenset({ROUND_BOARD, "match_ended"})
    phase_closing_events: ClassVar[frozenset[str]] = frozenset({"round_resolved"})
    #: The spectators get the rounds' public results (`audit`).
    spectators_see_sealed = False
    wants_views = True
    combine_messages = True
    live_board_events: ClassVar[frozenset[str]] = frozenset({BOARD_SHOWN})
    announces: ClassVar[frozenset[str]] = frozenset({"phase_opened"})
    #: No export while the match runs (PM-D16).
    record_withheld = "its seed deals every hand, which nobody may see while it runs"

    # -- events ----------------------------------------------------------------------------

    def describe(self, event: dict[str, Any], names: Names) -> str | None:
        text = self.handled(event, names)
        return None if text is None else worded(text, names)

    def describe_to(self, event: dict[str, Any], reader: str, names: Names) -> str | None:
        """A turn or a choice that opens for `reader` alone, as it heads their own 1-on-1:
        to them, in the second person."""
        if event["type"] != "phase_opened" or event["players"] != [reader]:
            return self.describe(event, names)
        if event["phase"] == "choice":
            return worded(_choice(event, "you choose"), names)
        if event["phase"] == "turn":
            return f"**Round {event['round']} — your turn:** play a card or pass."
        return self.describe(event, names)

    def _on_match_started(self, event: dict[str, Any], names: Names) -> str:
        who = " against ".join(f"**{names(p)}**" for p in event["players"])
        return (
            f"**Project Mars begins**: {who}, best of {event['rounds']} rounds. How to play: "
            "`/help game:project-mars`."
        )

    def _on_deck_submitted(self, event: dict[str, Any], names: Names) -> str:
        return f"{names(event['player'])} has a deck."

    def _on_deck_chosen(self, event: dict[str, Any], names: Names) -> str:
        deck = READY_DECKS.get(event["deck"])
        title = deck.name if deck else "your own list"
        return f"Your deck: **{title}** ({deck_list(event['cards'])})."

    def _on_first_player_drawn(self, event: dict[str, Any], names: Names) -> str:
        return f"🎲 {names(event['player'])} is drawn to play first."

    def _on_round_started(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"**Round {event['round']} begins**; {names(event['starter'])} plays first. "
            "Everyone draws up to 10 cards."
        )

    def _on_cards_drawn(self, event: dict[str, Any], names: Names) -> str:
        return f"You draw {cards_text(event['cards'])}."

    def _on_mulligan_done(self, event: dict[str, Any], names: Names) -> str:
        count = int(event["count"])
        if count == 0:
            return f"{names(event['player'])} keeps their hand."
        return f"{names(event['player'])} trades in {plural(count, 'card')}."

    def _on_mulliganed(self, event: dict[str, Any], names: Names) -> str:
        if not event["traded"]:
            return "You keep your hand."
        return f"You trade in {cards_text(event['traded'])} and draw {cards_text(event['drawn'])}."

    def _on_back_hand_chosen(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"{names(event['player'])} keeps {plural(int(event['kept']), 'back-hand card')} "
            f"({event['discarded']} to the junkyard)."
        )

    def _on_back_hand_kept(self, event: dict[str, Any], names: Names) -> str:
        dropped = (
            f"; to the junkyard: {cards_text(event['discarded'])}" if event["discarded"] else ""
        )
        return f"From your back hand you keep {cards_text(event['kept'])}{dropped}."

    def _on_phase_opened(self, event: dict[str, Any], names: Names) -> str:
        phase = event["phase"]
        round_ = f"Round {event['round']}"
        waiting = join([names(p) for p in event["players"]])
        if phase == "deck":
            return (
                "**Choose your decks.** Pick a ready deck, or paste your own list of 30 cards, "
                f"in your 1-on-1. Waiting for {waiting}."
            )
        if phase == "mulligan":
            keep = "choose the back-hand cards to keep, then " if event["round"] > 1 else ""
            return (
                f"**{round_} — mulligan.** In your 1-on-1, {keep}trade in up to "
                f"{MULLIGAN_MAX} cards or keep your hand. Waiting for {waiting}."
            )
        if phase == "choice":
            return _choice(event, f"{waiting} chooses")
        if all(is_computer(p) for p in event["players"]):
            return f"**{round_} — {waiting}'s turn.**"
        return f"**{round_} — {waiting}'s turn.** Play a card or pass, in their 1-on-1."

    def _on_passed(self, event: dict[str, Any], names: Names) -> str:
        how = " (automatically)" if event.get("auto") else ""
        return f"{names(event['player'])} passes{how}."

    def _on_defaults_applied(self, event: dict[str, Any], names: Names) -> str | None:
        if not event["players"]:
            return None
        who = join([names(p) for p in event["players"]])
        default = DEFAULTS.get(event["phase"], "the default")
        return f"⏰ Time is up for {who}: the default is taken ({default})."

    def _on_card_played(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"**{names(event['player'])}** plays **{card_words(event['card'])}** in their "
            f"{where(event['slot'])}."
        )

    def _on_face_down_played(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"**{names(event['player'])}** sets a face-down card on {names(event['field'])}'s "
            f"field ({where(event['slot'])})."
        )

    def _on_trap_set(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"Your **{event['card']['name']}** lies face down on {names(event['field'])}'s field "
            f"({where(event['slot'])})."
        )

    def _on_trap_triggered(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"💥 {names(event['field'])}'s **{event['by']['name']}** sets off "
            f"{names(event['owner'])}'s trap: **{event['card']['name']}**!"
        )

    def _on_trap_disarmed(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"{names(event['field'])}'s {cause(event['by'])} disarms {names(event['owner'])}'s "
            f"trap **{event['card']['name']}**: it goes to the junkyard untriggered."
        )

    def _on_utility_played(self, event: dict[str, Any], names: Names) -> str:
        return f"**{names(event['player'])}** plays the utility card **{event['card']['name']}**."

    def _on_card_destroyed(self, event: dict[str, Any], names: Names) -> str:
        owner = names(event["owner"])
        if event.get("face_down"):
            return (
                f"{owner}'s face-down **{event['card']['name']}** on {names(event['field'])}'s "
                f"field is destroyed by {cause(event['by'])}."
            )
        return (
            f"{owner}'s **{event['card']['name']}** ({where(event['slot'])}) is destroyed by "
            f"{cause(event['by'])}."
        )

    def _on_trap_returned(self, event: dict[str, Any], names: Names) -> str:
        owner = names(event["owner"])
        if not event.get("slot"):
            return (
                f"{owner}'s **{event['card']['name']}** has no room on their field and goes to "
                "the junkyard."
            )
        return (
            f"{owner}'s **{event['card']['name']}** goes back face up to their field "
            f"({where(event['slot'])})."
        )

    def _on_cards_revealed(self, event: dict[str, Any], names: Names) -> str:
        shown = join([f"**{card_words(c)}**" for c in event["cards"]])
        return f"👁 {names(event['player'])} reveals {shown} ({cause(event['by'])})."

    def _on_revealed_card_left(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"👁 {names(event['player'])}'s revealed **{event['card']['name']}** leaves their hand."
        )

    def _on_reveal_blocked(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"Toxic Gas keeps {names(event['player'])}'s hand hidden: {cause(event['by'])} "
            "reveals nothing."
        )

    def _on_reveals_blocked(self, event: dict[str, Any], names: Names) -> str:
        return "☣️ Toxic Gas: no card can be revealed for the rest of the round."

    def _on_cards_disabled(self, event: dict[str, Any], names: Names) -> str:
        hit = [f"{names(h['field'])}'s **{h['card']['name']}**" for h in event["cards"]]
        if not hit:
            return f"{cause(event['by'])} finds no ARTIFICIAL card to disable."
        return f"⚡ {cause(event['by'])} disables {join(hit)} for the round."

    def _on_bonus_given(self, event: dict[str, Any], names: Names) -> str:
        hit = [f"{names(h['field'])}'s **{h['card']['name']}**" for h in event["cards"]]
        if not hit:
            return f"{cause(event['by'])} finds no UNIT card on the field."
        return f"{cause(event['by'])}: +{event['amount']} PWR for {join(hit)}."

    def _on_pwr_zeroed(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"{names(event['owner'])}'s **{event['card']['name']}** drops to PWR 0 "
            f"({cause(event['by'])})."
        )

    def _on_boost_chosen(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"{names(event['owner'])}'s Siege Vehicle boosts their **{event['target']['name']}** "
            "(+2 PWR at resolution)."
        )

    def _on_card_traded(self, event: dict[str, Any], names: Names) -> str:
        return f"You trade **{event['gave']['name']}** for **{event['took']['name']}**."

    def _on_discarded(self, event: dict[str, Any], names: Names) -> str:
        return (
            f"{names(event['player'])} discards {plural(int(event['count']), 'card')} "
            f"({cause(event['by'])})."
        )

    def _on_cards_discarded(self, event: dict[str, Any], names: Names) -> str:
        return f"You discard {cards_text(event['cards'])} ({cause(event['by'])})."

    def _on_choice_made(self, event: dict[str, Any], names: Names) -> str:
        if event.get("audience", {}).get("kind") == "players":
            return f"You chose: {event['label']}."
        return f"{names(event['player'])} chooses: {event['label']}."

    def _on_round_resolved(self, event: dict[str, Any], names: Names) -> str:
        score = event["score"]
        winner = event.get("winner")
        tpr = " to ".join(str(score["tpr"][p]) for p in winner_first(score["tpr"], winner))
        outcome = f"{names(winner)} wins it" if winner else "a draw"
        lanes = ", ".join(
            f"{i} {names(w) if w else 'nobody'}" for i, w in enumerate(score["lanes"], 1)
        )
        wins = ", ".join(f"{names(p)} {n}" for p, n in event["wins"].items())
        lines = [
            f"**Round {event['round']} is over: {outcome}, TPR {tpr}.** Lanes: {lanes}. "
            f"Rounds won: {wins}."
        ]
        if event.get("traps"):
            traps = join(
                [
                    f"{names(t['owner'])}'s {t['card']['name']} ({names(t['field'])}'s "
                    f"{where(t['slot'])})"
                    for t in event["traps"]
                ]
            )
            lines.append(f"Traps left unsprung: {traps}.")
        return "\n".join(lines)

    def _on_match_ended(self, event: dict[str, Any], names: Names) -> str:
        wins: dict[str, int] = event.get("wins", {})
        winner = event.get("winner")
        tally = " to ".join(str(wins[p]) for p in winner_first(wins, winner))
        if event.get("forfeit"):
            return (
                f"🏁 **The match is over**: {names(event['forfeit'])} forfeits, "
                f"**{names(winner)}** wins."
                if winner
                else "🏁 **The match is over.**"
            )
        if winner is None:
            return f"🏁 **The match is over: a draw** ({tally} in rounds)."
        return f"🏁 **The match is over: {names(winner)} wins {tally}** in rounds."

    def _on_player_kicked(self, event: dict[str, Any], names: Names) -> str:
        return f"The host removed {names(event['player'])} from the match."

    def _on_player_forfeited(self, event: dict[str, Any], names: Names) -> str:
        return f"{names(event['player'])} has conceded the match."

    # -- the bot's own events ------------------------------------------------------------

    def add_events(
        self, before: dict[str, Any], events: list[dict[str, Any]], after: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """The round's count right after `round_resolved`, and the table after the
        `phase_opened` that hands the turn (or a choice) to someone. Moves committed by
        earlier versions carry these already (they were stored): they stay as they are."""
        if any(e["type"] in (ROUND_BOARD, BOARD_SHOWN) for e in events):
            return events
        public = [e for e in events if e["audience"]["kind"] == "public"]
        fields = fields_at_resolution(before, public)
        last_opened = max(
            (
                i
                for i, e in enumerate(events)
                if e["type"] == "phase_opened" and e["phase"] in PHASES_WITH_TABLE
            ),
            default=None,
        )
        out: list[dict[str, Any]] = []
        for index, event in enumerate(events):
            out.append(event)
            if event["type"] == "round_resolved" and fields is not None:
                out.append(
                    {
                        "type": ROUND_BOARD,
                        "audience": {"kind": "public"},
                        "round": event["round"],
                        "winner": event["winner"],
                        "score": event["score"],
                        "players": list(before["players"]),
                        "fields": fields,
                    }
                )
            if index == last_opened:
                out.append({"type": BOARD_SHOWN, "audience": {"kind": "public"}, "view": after})
        return out

    # -- a player's 1-on-1 ----------------------------------------------------------------

    def one_on_one(self, view: dict[str, Any], actions: list[Action], names: Names) -> str:
        me = view.get("me")
        if not me:
            return "You are not playing in this match."
        head = f"**Your 1-on-1 — Project Mars, round {view['round']}**"
        if me["player"] in view["kicked"]:
            return f"{head}\nYou no longer play in this match (removed by the host, or conceded)."
        if view["phase"] == "ended":
            return f"{head}\nThe match is over."
        legal = view.get("legal") or {}
        others = [p for p in view["players"] if p != me["player"]]
        wins = ", ".join(
            f"{'you' if p == me['player'] else names(p)} {view['sides'][p]['wins']}"
            for p in view["players"]
        )
        lines = [head, f"Rounds won: {wins}."]
        if legal.get("deck"):
            decks = "\n".join(f"- **{d.name}**: {d.strategy}" for d in READY_DECKS.values())
            lines.append(
                "**Choose your deck** in the menu below, or press **My own list** to paste 30 "
                f"cards (at most 3 utility cards).\n{decks}"
            )
            return "\n".join(lines)
        if legal.get("keep") is not None:
            lines.append(f"Your back hand: {hand_text(me['back_hand'])}.")
            lines.append(
                "**Choose the back-hand cards to keep** in the menu (the rest go to the "
                "junkyard), or press **Keep all** or **Keep none**. Then you draw up to 10."
                if legal["keep"]
                else "Press **Keep none** (there is nothing to keep). Then you draw up to 10."
            )
            return "\n".join(lines)
        lines.append(f"Your hand ({len(me['hand'])}): {hand_text(me['hand'])}.")
        mulligan = legal.get("mulligan")
        if mulligan is not None:
            lines.append(
                f"**Mulligan:** pick up to {mulligan['max']} cards to trade in for random cards "
                "of your deck, or press **Keep my hand**. Once per round."
            )
        elif legal.get("choose"):
            pending = view.get("pending") or {}
            lines.append(f"**Your choice:** {pending.get('prompt', 'choose an option')}")
            lines.append("Choose in the menu below.")
        elif legal.get("pass"):
            tpr = (view.get("projection") or {}).get("tpr", {})
            standing = ", ".join(
                f"{'you' if p == me['player'] else names(p)} {tpr.get(p, 0)}"
                for p in view["players"]
            )
            lines.append(f"TPR if the round ended now: {standing}.")
            lines.append(
                "**Your turn:** pick a card to play (or a trap to set) in its menu, then where it "
                "goes; or press **Pass**."
            )
        else:
            awaited = [p for p in view["to_act"] if p != me["player"]] or others
            # A computer seat moves on its own, after a short pause.
            lines.append(
                f"{join([names(p) for p in awaited])} moves on its own: its move comes in the "
                "match's channel."
                if all(is_computer(p) for p in awaited)
                else f"Waiting for {join([names(p) for p in awaited])}."
            )
        return "\n".join(lines)

    def status(self, view: dict[str, Any], names: Names) -> str:
        """The rounds won, the cards in each hand and the TPR as the fields stand; at the
        end, who won and by how many rounds (the winner's first)."""
        players = view["players"]
        sides = view["sides"]
        wins = ", ".join(f"{names(p)} {sides[p]['wins']}" for p in players)
        if view["phase"] == "ended":
            result = view.get("result") or {}
            winner = result.get("winner")
            tally = " to ".join(str(n) for n in sorted(result["wins"].values(), reverse=True))
            if winner is None:
                return f"A draw, {tally} in rounds."
            if result.get("forfeit"):
                return f"{names(result['forfeit'])} forfeits: **{names(winner)}** wins."
            return f"**{names(winner)}** wins {tally} in rounds."
        hands = ", ".join(f"{names(p)} {sides[p]['hand_count']}" for p in players)
        tpr = (view.get("projection") or {}).get("tpr", {})
        standing = ", ".join(f"{names(p)} {tpr.get(p, 0)}" for p in players)
        return (
            f"Round {view['round']} · Rounds won: {wins} · Cards in hand: {hands}\n"
            f"TPR if the round ended now: {standing}"
        )

    def results(
        self, events: list[dict[str, Any]], view: dict[str, Any], names: Names
    ) -> str | None:
        """The round's outcome for the player (PM-7: lanes and TPR, theirs first) and the
        rounds won so far; at the end, how their match ended (PM-8)."""
        me = view.get("me")
        if not me or me["player"] in view["kicked"]:
            return None
        player = me["player"]
        lines = []
        for event in events:
            if event["type"] == "round_resolved":
                lines.append(self._my_round(event, player, names))
            elif event["type"] == "match_ended":
                lines.append(self._my_match(event, player, names))
        if not lines:
            return None
        return "\n".join(["📋 **Your results**", *lines])

    @staticmethod
    def _my_round(event: dict[str, Any], player: str, names: Names) -> str:
        score = event["score"]
        other = next(p for p in score["tpr"] if p != player)
        winner = event.get("winner")
        if winner is None:
            outcome = "a draw"
        else:
            outcome = "you win it" if winner == player else f"{names(other)} wins it"
        lanes = sum(1 for w in score["lanes"] if w == player)
        wins = event["wins"]
        return (
            f"Round {event['round']}: {outcome}, TPR {score['tpr'][player]} to "
            f"{score['tpr'][other]} (you won {plural(lanes, 'lane')} of "
            f"{len(score['lanes'])}). Rounds won: you {wins.get(player, 0)}, "
            f"{names(other)} {wins.get(other, 0)}."
        )

    @staticmethod
    def _my_match(event: dict[str, Any], player: str, names: Names) -> str:
        wins: dict[str, int] = event.get("wins", {})
        other = next((p for p in wins if p != player), None)
        mine, theirs = wins.get(player, 0), wins.get(other, 0) if other else 0
        winner, forfeit = event.get("winner"), event.get("forfeit")
        if winner == player:
            how = f"{names(forfeit)} forfeits" if forfeit else f"{mine} to {theirs} in rounds"
            return f"🏁 **Your final card:** 1st of 2, you win the match ({how})."
        if winner is None:
            return f"🏁 **Your final card:** a draw, {mine} to {theirs} in rounds."
        how = "you forfeit" if forfeit == player else f"{theirs} to {mine} in rounds"
        return f"🏁 **Your final card:** 2nd of 2, {names(winner)} wins the match ({how})."

    def audit(self, host_view: dict[str, Any], names: Names) -> str:
        """For the spectators' channel after each round: Project Mars has no sealed
        submissions (the host sees the public view), so the full picture is the rounds'
        results."""
        rounds = host_view.get("rounds") or []
        if not rounds:
            return "No round has been resolved yet."
        lines = ["**Project Mars — rounds so far**"]
        for played in rounds:
            tpr = played["score"]["tpr"]
            winner = played.get("winner")
            figures = " to ".join(f"{names(p)} {tpr[p]}" for p in winner_first(tpr, winner))
            outcome = f"{names(winner)} won" if winner else "drawn"
            lines.append(f"Round {played['round']}: {outcome}, TPR {figures}.")
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
        kind = move["type"]

        def first(event_type: str) -> dict[str, Any] | None:
            return next((e for e in told if e["type"] == event_type), None)

        if kind == "play":
            trap = first("trap_set") or first("face_down_played")
            if trap is not None:
                card = f" {trap['card']['name']}" if "card" in trap else ""
                return (
                    f"face-down trap{card} on {names(trap['field'])}'s field "
                    f"({where(trap['slot'])})"
                )
            utility = first("utility_played")
            if utility is not None:
                return f"play of the utility card {utility['card']['name']}"
            played = first("card_played")
            return (
                f"play of {played['card']['name']} ({where(played['slot'])})"
                if played is not None
                else "play"
            )
        if kind == "deck":
            chosen = first("deck_chosen")
            if chosen is None:
                return "choice of deck"
            deck = READY_DECKS.get(chosen["deck"])
            return f"choice of deck ({deck.name if deck else 'an own list'})"
        if kind == "keep":
            kept = first("back_hand_kept")
            if kept is not None:
                listed = join([c["name"] for c in kept["kept"]]) or "none"
                return f"choice of back-hand cards to keep ({listed})"
            counted = first("back_hand_chosen")
            how_many = f" ({counted['kept'] or 'none'} kept)" if counted is not None else ""
            return f"choice of back-hand cards to keep{how_many}"
        if kind == "mulligan":
            traded = first("mulliganed")
            done = first("mulligan_done")
            if traded is not None and traded["traded"]:
                return f"mulligan ({join([c['name'] for c in traded['traded']])} traded in)"
            if done is not None and done["count"]:
                return f"mulligan ({plural(int(done['count']), 'card')} traded in)"
            return "mulligan (the hand kept)"
        if kind == "choose":
            made = first("choice_made")
            return (
                f"answer ({worded(made['label'], names)})" if made is not None else "secret answer"
            )
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

    def board(self, event: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        if event["type"] == ROUND_BOARD:
            return round_board(event, names)
        if event["type"] == "match_ended":
            return final_board(event, names)
        return None

    def status_board(self, view: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        """The table as it stands (once over, headed by the result): on the board message,
        and `/match status`."""
        return public_board(view, names)

    def card(self, view: dict[str, Any], names: Mapping[str, str]) -> Board | None:
        me = view.get("me")
        if not me or view["phase"] in ("deck", "ended") or me["player"] in view["kicked"]:
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
