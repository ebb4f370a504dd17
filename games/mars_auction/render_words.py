"""The words of the Mars Auction's board images and their alt texts, in the language in force
(`games.core.speech`): the auction and its step for a title, a card's facts, each player's
state, and the alt texts themselves. Card and corporation names stay as printed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal

from games.core.drawing.board import ALT_TEXT
from games.core.drawing.palette import SEAT_LETTERS
from games.core.drawing.words import listed
from games.core.speech import N_, _, ngettext
from games.mars_auction.events import DealtCard, Holdings, MarsAuctionEnded
from games.mars_auction.views import CardView, PublicView, SeatView, SettledSeat, Settlement
from games.tm_catalogue import numbered

Name = Callable[[str], str]
#: The kinds of cards in L1 order, by the word on the section each heads (said through `_`).
KIND_TITLES = {"company": N_("Companies"), "prelude": N_("Preludes"), "project": N_("Projects")}
#: A player's badge for the step now: whose turn it is, who passed, who left.
Badge = Literal["turn", "passed", "left", ""]


def letter(players: Sequence[str], player: str) -> str:
    """A player's seat letter, A to E, in seat order."""
    return SEAT_LETTERS[players.index(player)] if player in players else "?"


def card_facts(card: DealtCard, *, short: bool = False) -> str:
    """What a card costs to play, or what a corporation starts with: "12 M€", "starts with
    47 M€" ("start 47 M€" `short`, on a card's tile); nothing for a prelude."""
    if card.starting_mc is not None:
        # TRANSLATORS: a corporation's starting M€ on its small tile: as short as can be.
        said = _("start {amount} M€") if short else _("starts with {amount} M€")
        return said.format(amount=card.starting_mc)
    if card.cost is not None:
        return f"{card.cost} M€"
    return ""


def auction_words(view: PublicView) -> str:
    """ "Setup auction, round 2 of 3", "Generation 3's research auction"; before the first
    research auction of a match that starts with them (generation 0), "Research auctions"."""
    if view.auction == "setup":
        if view.variant == "limited":
            return _("Setup auction, round {round} of {rounds}").format(round=view.round, rounds=3)
        return _("Setup auction")
    if not view.generation:
        return _("Research auctions")
    return _("Generation {generation}'s research auction").format(generation=view.generation)


def step_words(view: PublicView, name: Name) -> str:
    """What the match waits for now, for a title."""
    step = view.step
    if step == "bidding" and view.to_act:
        return _("{player}'s turn").format(player=name(view.to_act))
    if step == "budget":
        return _("stating budgets")
    if step == "keep":
        return {
            "prelude": _("keeping preludes"),
            "project": _("keeping projects"),
        }.get(view.kind or "company", _("keeping companies"))
    if step == "buy":
        return _("buying won projects")
    if step == "waiting":
        return _("settled") if view.generation or view.auction == "setup" else _("not begun")
    return _("over")


def card_at(view: PublicView, number: int) -> CardView:
    """The card of the display numbered `number`."""
    return next(c for c in view.display if c.number == number)


def markers_words(markers: Mapping[str, int], name: Name) -> str:
    """ "ann 2, bob 1"."""
    return ", ".join(f"{name(p)} {n}" for p, n in markers.items() if n)


def badge_words(badge: Badge) -> str:
    """What a player's badge says."""
    return {"turn": _("turn"), "passed": _("passed"), "left": _("left")}.get(badge, "")


def player_state(view: PublicView, player: str) -> tuple[str, Badge]:
    """(what the player's line says, their badge) for the step now."""
    seat = view.seats[player]
    if seat.kicked:
        return "", "left"
    step = view.step
    if step == "bidding":
        lot = view.lot
        turn = view.to_act == player
        if view.variant == "limited":
            words = ngettext(
                "{count} marker of 15 this round", "{count} markers of 15 this round", seat.placed
            ).format(count=seat.placed)
            return words, "turn" if turn else "passed" if seat.passed else ""
        high = lot.high if lot else None
        words = (
            _("high bid {amount} M€").format(amount=high[1]) if high and high[0] == player else ""
        )
        if turn:
            return words, "turn"
        if lot and player in lot.passed:
            return words, "passed"
        return words, ""
    if step == "budget":
        return (_("budget in") if seat.has_budget else _("stating a budget")), ""
    if step in ("keep", "buy"):
        if seat.chosen:
            return _("has chosen"), ""
        return (_("choosing") if player in view.choosers else ""), ""
    return "", ""


def holds(seat: SeatView) -> str:
    """ "CrediCor · 2 preludes · 3 projects"."""
    parts = []
    if seat.corporation:
        parts.append(seat.corporation)
    if seat.preludes:
        count = len(seat.preludes)
        parts.append(ngettext("{count} prelude", "{count} preludes", count).format(count=count))
    if seat.projects:
        count = len(seat.projects)
        parts.append(ngettext("{count} project", "{count} projects", count).format(count=count))
    return " · ".join(parts)


def footer(view: PublicView) -> list[str]:
    """The rules under the display that explain it."""
    if view.variant == "limited":
        return [
            _(
                "Each chip is a player's markers on the card (their seat letter and how many). "
                "A card goes to the most markers; ties to fewer cards won in this evaluation, "
                "then closer to the round's first player. ★ holds the starting player marker."
            )
        ]
    return [
        _(
            "Cards are auctioned one by one; a raise is at least 1 M€ more, a pass is final for "
            "the card, and the last bidder left wins it. ★ holds the starting player marker."
        )
    ]


def variant_words(view: PublicView) -> str:
    """ "limited variant"."""
    return _("limited variant") if view.variant == "limited" else _("unlimited variant")


def _card_words(card: CardView, name: Name, *, short: bool = False) -> str:
    """ "12 Inventors' Guild (006) (9 M€): markers ann 2"; `short`, by its name alone, without
    its printed number and what it costs: "12 Inventors' Guild: markers ann 2"."""
    if short:
        head = f"{card.number} {card.name}"
    else:
        facts = card_facts(card)
        head = f"{card.number} {numbered(card.name)}" + (f" ({facts})" if facts else "")
    if card.done:
        winner = card.winner
        if winner is None:
            return _("{card}: discarded").format(card=head)
        if card.drawn:
            return _("{card}: drawn by {player}, free").format(card=head, player=name(winner))
        return _("{card}: won by {player} for {amount} M€").format(
            card=head, player=name(winner), amount=card.bid
        )
    markers = markers_words(card.markers, name)
    return _("{card}: markers {markers}").format(card=head, markers=markers) if markers else head


def _player_words(view: PublicView, player: str, name: Name) -> str:
    """A player in the alt text: their name and seat letter, what they are doing, what they
    hold."""
    words, badge = player_state(view, player)
    state = {"turn": _("their turn"), "left": _("left the match"), "passed": _("passed")}
    bits = [b for b in (words, state.get(badge, "")) if b]
    held = holds(view.seats[player])
    if held:
        bits.append(_("holds {cards}").format(cards=held))
    who = f"{name(player)} ({letter(list(view.players), player)})"
    return who + (f": {', '.join(bits)}" if bits else "")


def display_alt(view: PublicView, name: Name) -> str:
    """The display board in words: the turn, the card up for auction, the players, then the
    cards (those with markers first). Where that runs past an alt text's `ALT_TEXT` (in the
    language in force: a 5-player setup's 80 cards), shorter (`tellings`): the message that
    dealt the cards lists them all. An alt text is never cut."""
    said = [
        _("Mars Auction, {auction}: {step}.").format(
            auction=auction_words(view), step=step_words(view, name)
        ),
        _("{player} holds the starting player marker.").format(player=name(view.starter)),
    ]
    lot = view.lot if view.step == "bidding" else None
    if lot:
        card = card_at(view, lot.number)
        bids = ", ".join(f"{name(p)} {a} M€" for p, a in lot.bids) or _("none yet")
        said.append(
            _("Up for auction: card {number}, {card}; bids: {bids}.").format(
                number=card.number, card=numbered(card.name), bids=bids
            )
        )
        if lot.passed:
            passed = listed([name(p) for p in lot.passed])
            said.append(_("Passed on it: {players}.").format(players=passed))
    states = [_player_words(view, player, name) for player in view.players]
    said.append(_("Players: {players}.").format(players="; ".join(states)))
    marked = [c for c in view.display if not c.done and any(c.markers.values())]
    first = {c.number for c in marked}  # not `in marked`: 80 x 80 model comparisons
    rest = [c for c in view.display if c.number not in first]
    others = ngettext(
        "{count} other card is on the display, as the message that dealt it lists it.",
        "{count} other cards are on the display, as the message that dealt them lists them.",
        len(rest),
    ).format(count=len(rest))
    # From the most said to the least: every card; every card by its name alone; the
    # cards with markers and a count of the others; those cards by their numbers and markers
    # alone; the counts.
    tellings = [
        [_cards_words(group, name) for group in (marked, rest) if group],
        [_cards_words(group, name, short=True) for group in (marked, rest) if group],
        [_cards_words(marked, name), others] if marked else [],
        [
            _("Markers by card number: {cards}.").format(
                cards="; ".join(f"{c.number} {markers_words(c.markers, name)}" for c in marked)
            ),
            others,
        ]
        if marked
        else [],
    ]
    for cards in tellings:
        whole = " ".join([*said, *cards])
        if cards and len(whole) <= ALT_TEXT:
            return whole
    counts = ngettext(
        "{count} card has markers, {others} has none; the message that dealt them lists them.",
        "{count} cards have markers, {others} have none; the message that dealt them lists them.",
        len(marked),
    ).format(count=len(marked), others=len(rest))
    return " ".join([*said, counts])


def _cards_words(cards: Sequence[CardView], name: Name, *, short: bool = False) -> str:
    return "; ".join(_card_words(c, name, short=short) for c in cards) + "."


def holdings_rows(entry: Holdings) -> list[tuple[str, str]]:
    """(label, text) rows of a player's block: their corporation, preludes and projects,
    each card with its printed number."""
    corporation = entry.corporation
    projects = list(entry.projects)
    bought = set(entry.bought) if isinstance(entry, SettledSeat) else set()
    return [
        (_("Corporation"), numbered(corporation) if corporation else _("none yet")),
        (_("Preludes"), ", ".join(numbered(p) for p in entry.preludes) or _("none")),
        (
            _("Projects ({count})").format(count=len(projects)),
            ", ".join(
                _("{card} (new)").format(card=numbered(p)) if p in bought else numbered(p)
                for p in projects
            )
            or _("none"),
        ),
    ]


def settlement_title(event: Settlement | MarsAuctionEnded) -> str:
    """The settlement board's title: which auction is settled, or the final holdings."""
    if isinstance(event, MarsAuctionEnded):
        count = event.generations
        if not count:
            return _("Final holdings")
        return ngettext(
            "Final holdings · {count} research auction",
            "Final holdings · {count} research auctions",
            count,
        ).format(count=count)
    if event.auction == "setup":
        return _("The setup auction is settled")
    return _("Generation {generation}'s research auction is settled").format(
        generation=event.generation
    )


def who_left(player: str, entry: Holdings) -> str:
    """A player's name, "(left the match)" after it if they did."""
    if isinstance(entry, SettledSeat) and entry.left:
        return _("{player} (left the match)").format(player=player)
    return player


def settlement_alt(event: Settlement | MarsAuctionEnded, name: Name) -> str:
    """Each player's holdings and what they paid, the cards by their names and printed
    numbers, and the cards new to them; where that runs past an alt text's `ALT_TEXT` (in the
    language in force), a sentence a player with the cards by their names alone, the new ones
    not said again (the image marks them); then the projects by their count (the settlement's
    message lists them): an alt text is never cut."""
    for level in (0, 1, 2):
        said = _settlement_words(event, name, level)
        if len(said) <= ALT_TEXT:
            break
    return said


def _settlement_words(event: Settlement | MarsAuctionEnded, name: Name, level: int) -> str:
    if isinstance(event, MarsAuctionEnded):
        count = event.generations
        said = [
            ngettext(
                "Mars Auction, final holdings after {count} research auction.",
                "Mars Auction, final holdings after {count} research auctions.",
                count,
            ).format(count=count)
            if count
            else _("Mars Auction, final holdings.")
        ]
    elif event.auction == "setup":
        said = [_("Mars Auction: the setup auction is settled.")]
    else:
        said = [
            _("Mars Auction: generation {generation}'s research auction is settled.").format(
                generation=event.generation
            )
        ]
    entries: Mapping[str, Holdings] = event.players
    for player, entry in entries.items():
        said.append(_holder_words(who_left(name(player), entry), entry, level))
    return " ".join(said)


def _holder_words(who: str, entry: Holdings, level: int) -> str:
    """One player's holdings and what they paid (`settlement_alt`): 0 the cards by names and
    numbers, 1 by names, 2 the projects by their count."""
    projects = entry.projects
    settled = entry if isinstance(entry, SettledSeat) else None
    corporation = entry.corporation
    if level:
        values = {
            "player": who,
            "corporation": corporation or _("none yet"),
            "preludes": ", ".join(entry.preludes) or _("none"),
            "count": len(projects),
            # Level 2: the projects' count alone, the list left out (and its space).
            "projects": (", ".join(projects) or _("none")) if level < 2 else "",
            "paid": entry.paid,
        }
        said = (
            _(
                "{player}: {corporation}; preludes {preludes}; projects ({count}) {projects}; "
                "paid {paid} M€."
            ).format(**values)
            if settled is None
            else _(
                "{player}: {corporation}; preludes {preludes}; projects ({count}) {projects}; "
                "paid {now} M€ now, {paid} M€ in all."
            ).format(now=settled.paid_now, **values)
        )
        return said.replace(" ;", ";")
    paid = (
        _("paid {now} M€ in this auction, {paid} M€ in all").format(
            now=settled.paid_now, paid=settled.paid
        )
        if settled is not None
        else _("paid {amount} M€").format(amount=entry.paid)
    )
    parts = [
        _("corporation {card}").format(
            card=numbered(corporation) if corporation else _("none yet")
        ),
        _("preludes {cards}").format(
            cards=listed([numbered(p) for p in entry.preludes]) or _("none")
        ),
        _("projects ({count}) {cards}").format(
            count=len(projects), cards=listed([numbered(p) for p in projects]) or _("none")
        ),
    ]
    if settled is not None and settled.bought:
        parts.append(_("new: {cards}").format(cards=listed([numbered(p) for p in settled.bought])))
    return f"{who}: {'; '.join(parts)}; {paid}."
