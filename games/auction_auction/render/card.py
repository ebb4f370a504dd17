"""`one_on_one_card`: a player's own cash, cubes, garnets, location and standing sealed bids,
for their 1-on-1, and its alt text."""

from __future__ import annotations

from functools import partial

from games.auction_auction.cash import GARNET_VALUE
from games.auction_auction.hands import hand_of
from games.auction_auction.model import (
    BLACK_MARKET,
    COLOUR_NAMES,
    HAND_LABELS,
    HOUSES,
    PHASES,
    lot_number,
    place_name,
)
from games.auction_auction.render.parts import (
    GAP,
    KICKER,
    MARGIN,
    REMOVED_WORDS,
    Name,
    access_bid_words,
    cash_words,
    cubes_words,
    match_words,
    money,
)
from games.auction_auction.views import CardView, OwnSeat, PlayerView
from games.core.drawing import Board, Canvas, NameSource, namer
from games.core.drawing.palette import ACCENT, BAD, FAINT, GARNET, MUTED, PANEL, ROW_ALT, TEXT
from games.core.drawing.words import listed, ordinal
from games.core.speech import _

CARD_WIDTH = 800


def one_on_one_card(view: CardView, names: NameSource) -> Board:
    """A player's own card for their DM, from what of their view it draws (`card_view`):
    cash and what of it is promised to sealed bids, garnets, cubes and the hand they make,
    location, and the sealed bids standing now. Other players' sealed bids are not in a view,
    so they cannot be here."""
    me = view.me
    name = namer(names)
    return Board.drawn(
        partial(_one_on_one_card_png, view, me, name), _card_alt(view, me, name), "one-on-one.png"
    )


def _one_on_one_card_png(view: CardView, me: OwnSeat, name: Name) -> bytes:
    """`one_on_one_card`'s picture, its PNG."""
    colours = list(view.colours)
    rows = _card_rows(view, me)
    body = 64 + max(1, len(rows)) * 44 + 14
    height = 100 + 20 + 118 + GAP + 112 + GAP + body + 22
    canvas = Canvas(CARD_WIDTH, height)
    right = CARD_WIDTH - MARGIN
    notes = [
        _("Round {round} of {rounds}").format(round=view.round, rounds=view.rounds),
        _(PHASES[view.phase]),
    ]
    kicker = _("YOUR 1-ON-1 · {game}").format(game=KICKER)
    top = canvas.title_bar(kicker, name(me.player), notes, margin=MARGIN) + 20
    tile_w = (CARD_WIDTH - 2 * MARGIN - 2 * GAP) // 3
    tiles = _card_tiles(view, me)
    for i, (label, value, note, accent) in enumerate(tiles):
        x = MARGIN + i * (tile_w + GAP)
        canvas.rect((x, top, x + tile_w, top + 118), PANEL, radius=14)
        canvas.text(x + 18, top + 26, label, size=13, bold=True, fill=MUTED)
        canvas.text(
            x + 18,
            top + 62,
            value,
            size=28,
            bold=True,
            fill=accent,
            max_width=tile_w - 36,
            min_size=20,
        )
        canvas.text(x + 18, top + 96, note, size=15, fill=MUTED, max_width=tile_w - 36)
    top += 118 + GAP
    canvas.rect((MARGIN, top, right, top + 112), PANEL, radius=14)
    canvas.text(MARGIN + 18, top + 26, _("YOUR CUBES"), size=13, bold=True, fill=MUTED)
    x = MARGIN + 18
    for colour in colours:
        x += canvas.cube(x, top + 70, colour, 36) + 8
        count = me.cubes.get(colour, 0)
        x += canvas.text(
            x, top + 70, f"×{count}", size=22, bold=True, fill=TEXT if count else FAINT
        )
        x += 22
    hand = _(HAND_LABELS[hand_of(me.cubes, colours)])
    canvas.text(right - 18, top + 26, _("HAND"), size=13, bold=True, fill=MUTED, align="right")
    canvas.text(right - 18, top + 70, hand, size=24, bold=True, fill=ACCENT, align="right")
    top += 112 + GAP
    canvas.rect((MARGIN, top, right, top + body), PANEL, radius=14)
    heading = _("YOUR SEALED BIDS") if view.phase != "ended" else _("THE MATCH IS OVER")
    canvas.text(MARGIN + 18, top + 28, heading, size=13, bold=True, fill=MUTED)
    if view.phase == "auction" and not me.kicked:
        promised = _("{promised} promised of {cash}").format(
            promised=money(me.committed), cash=money(me.cash)
        )
        canvas.text(right - 18, top + 28, promised, size=15, fill=MUTED, align="right")
    y = top + 64
    if not rows:
        canvas.text(MARGIN + 18, y + 22 - 4, "—", size=18, fill=FAINT)
    for i, (label, lot_colour, count, amount, note) in enumerate(rows):
        if i % 2 == 0:
            canvas.rect((MARGIN + 10, y, right - 10, y + 44), ROW_ALT, radius=8)
        x = MARGIN + 18
        x += canvas.text(x, y + 22, label, size=18, bold=lot_colour is not None)
        if lot_colour is not None:
            x += 12
            x += canvas.cubes(x, y + 22, lot_colour, count, 26, gap=4)
            shade = _(COLOUR_NAMES.get(lot_colour, lot_colour))
            canvas.text(x + 10, y + 22, f"{count}× {shade}", size=15, fill=MUTED)
        if amount is not None:
            canvas.text(right - 18, y + 22, money(amount), size=20, bold=True, align="right")
        elif note:
            canvas.text(right - 18, y + 22, note, size=16, fill=FAINT, align="right")
        y += 44
    return canvas.png()


def card_view(view: PlayerView | CardView) -> CardView:
    """What of a player's view `one_on_one_card` draws: the round and phase, the colours, the
    player's own part, the lots where they bid and the result. Not who else has submitted or
    the houses' public results, which change while the card stays the same."""
    if isinstance(view, CardView):
        return view
    where = view.me.location or BLACK_MARKET
    lots = view.lots or {}
    return CardView(
        round=view.round,
        rounds=view.rounds,
        phase=view.phase,
        colours=view.colours,
        me=view.me,
        lots={where: lots[where]} if where in lots else {},
        result=view.result,
    )


def _card_tiles(view: CardView, me: OwnSeat) -> list[tuple[str, str, str, tuple[int, int, int]]]:
    cash, committed = me.cash, me.committed
    cash_note = (
        _("{free} free · {bid} bid").format(free=money(me.uncommitted), bid=money(committed))
        if committed
        else _("none promised to bids")
    )
    garnets = me.garnets
    garnet_note = (
        _("1 trades for {price}").format(price=money(GARNET_VALUE))
        if garnets
        else _("season balance")
    )
    if me.kicked:
        where, where_note = _("Out"), _("removed or conceded")
    elif view.phase == "ended":
        where, where_note = "—", _("the match is over")
    elif me.location is None:
        where, where_note = _("No house yet"), _("bid in the Access phase")
    else:
        where = place_name(me.location)
        where_note = _("where you bid in round {round}").format(round=view.round)
    return [
        (_("CASH"), money(cash), cash_note, TEXT),
        (_("GARNETS"), str(garnets), garnet_note, GARNET if garnets else TEXT),
        (_("LOCATION"), where, where_note, BAD if me.kicked else TEXT),
    ]


def _card_rows(view: CardView, me: OwnSeat) -> list[tuple[str, str | None, int, int | None, str]]:
    """(label, lot colour, lot count, amount, note) for each line of standing submissions."""
    if me.kicked:
        return [(_(REMOVED_WORDS), None, 0, None, "")]
    if view.phase == "ended":
        return [(_final_words(view, me), None, 0, None, "")]
    if view.phase == "access":
        bid = me.access_bid
        if bid is None:
            return [(_("No bid yet: no bid means the Black Market."), None, 0, None, "")]
        return [(HOUSES.get(bid.house, bid.house), None, 0, bid.amount, "")]
    lots = view.lots.get(me.location or BLACK_MARKET, [])
    bids = me.lot_bids
    return [
        (
            _("Lot {number}").format(number=lot_number(lot.id)),
            lot.colour,
            lot.count,
            bids.get(lot.id),
            _("no bid"),
        )
        for lot in lots
    ]


def _final_words(view: CardView, me: OwnSeat) -> str:
    standings = view.result.standings if view.result is not None else []
    mine = next((s for s in standings if s.player == me.player), None)
    if mine is None:
        return _("The match is over.")
    # TRANSLATORS: {ordinal} is English's "2nd"; {place} the bare number, for "2." or "2위".
    return _("You finished {ordinal} with {hand}.").format(
        ordinal=ordinal(mine.place), place=mine.place, hand=_(HAND_LABELS[mine.hand])
    )


def _card_alt(view: CardView, me: OwnSeat, name: Name) -> str:
    colours = list(view.colours)
    cubes = listed([cubes_words(c, me.cubes.get(c, 0)) for c in colours])
    parts = [
        _("Your 1-on-1, {player}: {match}.").format(
            player=name(me.player), match=match_words(view.round, view.rounds, view.phase)
        ),
        f"{cash_words(me)}.",
        _("Cubes: {cubes}; hand: {hand}.").format(
            cubes=cubes, hand=_(HAND_LABELS[hand_of(me.cubes, colours)])
        ),
    ]
    if me.kicked:
        parts.append(_(REMOVED_WORDS))
        return " ".join(parts)
    if view.phase == "ended":
        parts.append(_final_words(view, me))
        return " ".join(parts)
    if me.location is not None:
        parts.append(_("Location: {location}.").format(location=place_name(me.location)))
    rows = _card_rows(view, me)
    if view.phase == "access":
        parts.append(access_bid_words(me.access_bid))
    else:
        said = [
            f"{label} ({cubes_words(colour or '', count)}) {money(amount)}"
            for label, colour, count, amount, _note in rows
            if amount is not None
        ]
        parts.append(_("Your sealed lot bids: {bids}.").format(bids=listed(said) or _("none")))
    return " ".join(parts)
