"""A player's guild board for their 1-on-1, from their own view (AT-D27: their money and
sealed bids are theirs alone): money, standing bids, cubes left and on each track, their
companies with banks and levels, their technologies and those open to research, and what
they may do now."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from games.atrades.data import CUBES, TECHNOLOGY_BY_ID, level
from games.atrades.events import Paid
from games.atrades.model import TRACKS
from games.atrades.render.hexes import TYPE_STYLES
from games.atrades.render.words import (
    Name,
    company_name,
    effect_words,
    phase_title,
    seat_letter,
    seats,
    technology_words,
    tile_mark,
    title_namer,
    track_name,
)
from games.atrades.views import Board, CompanyView, GuildCard, GuildView, Mine, PlayerView
from games.core.contract import Action, Amount
from games.core.drawing import BadgeStyle, Canvas, fonts
from games.core.drawing import Board as Picture
from games.core.drawing.board import ALT_TEXT
from games.core.drawing.palette import (
    ACCENT,
    DARK_TEXT,
    FAINT,
    GOLD,
    LINE,
    MUTED,
    PANEL,
    PANEL_RAISED,
    SEATS,
    TEXT,
    mix,
)
from games.core.drawing.words import listed
from games.core.speech import _, engine_words, ngettext

WIDTH = 960
MARGIN = 28
CUBE = 18
SECTION = 30
LINE_H = 26
SECRET = BadgeStyle(DARK_TEXT, GOLD)


def _mine(view: PlayerView) -> tuple[Mine, GuildView, int]:
    """The viewer's secrets, their public guild and their seat."""
    me = view.me
    seat = seats(view).index(me.player)
    return me, view.guilds[seat], seat


def _companies(view: Board, player: str) -> list[CompanyView]:
    return [c for c in view.companies if c.owner == player and not c.flipped]


def _open(view: PlayerView) -> list[str]:
    """AT-19, AT-20: technologies still to be had in an open era."""
    return [t for t in view.technologies if TECHNOLOGY_BY_ID[t].era <= view.era]


def payment_words(view: Board, bid: Paid) -> str:
    """A turn-order bid in words (AT-7): "$2 from your money", "$5: $3 from Wiring 12's
    bank and $2 from your money"."""
    parts = []
    if bid.from_company:
        named = [c for c in view.companies if c.initiative == bid.company]
        bank = (
            _("{company}'s bank").format(company=company_name(named[0]))
            if named
            else _("a company's bank")
        )
        parts.append(_("${amount} from {bank}").format(amount=bid.from_company, bank=bank))
    if bid.from_money:
        parts.append(_("${amount} from your money").format(amount=bid.from_money))
    if len(parts) == 1:
        return parts[0]
    if not parts:
        return f"${bid.total}"
    return _("${total}: {parts}").format(total=bid.total, parts=listed(parts))


def _secrets(view: Board, me: Mine) -> list[str]:
    out = []
    if me.bid is not None:
        out.append(_("Your turn-order bid: {bid}.").format(bid=payment_words(view, me.bid)))
    if me.final_in:
        final = me.final_bid
        out.append(
            _("Your final sealed bid: ${amount}.").format(amount=final)
            if final is not None
            else _("You dropped out.")
        )
    return out


def _may(actions: list[Action]) -> list[str]:
    """The player's legal actions by their labels, an amount's bounds after its label."""
    labels = []
    for action in actions:
        label = engine_words(action.label)
        amounts = [s for s in action.steps if isinstance(s, Amount)]
        if amounts:
            label = _("{action} (${least} to ${most})").format(
                action=label, least=amounts[0].min, most=amounts[0].max
            )
        labels.append(label)
    return labels


def _idle(view: PlayerView, name: Name) -> str:
    """Why a player has nothing to do: what the match waits for."""
    return _("Nothing for you to do now. {title}.").format(title=phase_title(view, name))


def _section(canvas: Canvas, y: int, title: str, note: str = "") -> int:
    canvas.text(MARGIN, y + 14, title, size=14, bold=True, fill=ACCENT)
    if note:
        canvas.text(WIDTH - MARGIN, y + 14, note, size=13, fill=MUTED, align="right")
    return y + SECTION


def _paragraph(canvas: Canvas, y: int, lines: Sequence[str], fill: tuple[int, int, int]) -> int:
    for line in lines:
        canvas.text(MARGIN + 14, y + LINE_H // 2, line, size=16, fill=fill)
        y += LINE_H
    return y


def _tracks(canvas: Canvas, y: int, guild: GuildView, seat: int) -> int:
    """Four panels, one per track, with the guild's cubes on it; then the cubes left."""
    fill = SEATS[seat % len(SEATS)][0]
    w = (WIDTH - 2 * MARGIN - 3 * 10) // 4
    for index, track in enumerate(TRACKS):
        x = MARGIN + index * (w + 10)
        count = guild.tracks[track]
        canvas.rect((x, y, x + w, y + 74), PANEL, radius=10)
        number = canvas.text(x + w - 14, y + 18, str(count), size=18, bold=True, align="right")
        title = track_name(track).upper()
        canvas.text(
            x + 14, y + 18, title, size=13, bold=True, fill=MUTED, max_width=w - 36 - number
        )
        per_row = (w - 28 + 4) // (CUBE + 4)
        for cube in range(min(count, 2 * per_row)):
            row, column = divmod(cube, per_row)
            cx, cy = x + 14 + column * (CUBE + 4), y + 34 + row * (CUBE + 2)
            canvas.rect((cx, cy, cx + CUBE, cy + CUBE - 2), fill, radius=4, outline=LINE)
    y += 84
    left = guild.cubes
    canvas.rect((MARGIN, y, WIDTH - MARGIN, y + 40), PANEL, radius=10)
    used = canvas.text(MARGIN + 14, y + 20, _("CUBES LEFT"), size=13, bold=True, fill=MUTED)
    x = MARGIN + 28 + used
    for cube in range(max(CUBES, left)):
        box = (x, y + 11, x + CUBE, y + 29)
        if cube < left:
            canvas.rect(box, fill, radius=4, outline=LINE)
        else:
            canvas.rect(box, PANEL, radius=4, outline=mix(LINE, PANEL, 0.3))
        x += CUBE + 6
    canvas.text(
        x + 8, y + 20, _("{left} of {total}").format(left=left, total=CUBES), size=15, fill=TEXT
    )
    return y + 40


def _company_rows(canvas: Canvas, y: int, companies: Sequence[CompanyView]) -> int:
    for index, company in enumerate(companies):
        fill = PANEL if index % 2 == 0 else mix(PANEL, PANEL_RAISED, 0.5)
        canvas.rect((MARGIN, y, WIDTH - MARGIN, y + 36), fill, radius=8)
        kind = company.type
        colour, ink, _letter = TYPE_STYLES[kind]
        mark = tile_mark(kind, company.initiative)
        used = canvas.badge(MARGIN + 14, y + 18, mark, BadgeStyle(ink, colour), size=13)
        canvas.text(MARGIN + 24 + used, y + 18, company_name(company), size=16, bold=True)
        size = len(company.hexes)
        canvas.text(
            MARGIN + 250,
            y + 18,
            ngettext(
                "{count} tile, level {level}: {hexes}",
                "{count} tiles, level {level}: {hexes}",
                size,
            ).format(count=size, level=level(size), hexes=", ".join(company.hexes)),
            size=15,
            fill=MUTED,
            max_width=WIDTH - 2 * MARGIN - 250 - 140,
        )
        canvas.text(
            WIDTH - MARGIN - 14,
            y + 18,
            _("bank ${amount}").format(amount=company.bank),
            size=16,
            bold=True,
            align="right",
        )
        y += 40
    return y


def guild_board(card: GuildCard, name: Name) -> Picture:
    """The player's own guild board, from their view and their legal actions."""
    return Picture.drawn(
        partial(_guild_board_png, card, name), guild_alt(card, name), "atrades-guild.png"
    )


def _guild_board_png(card: GuildCard, name: Name) -> bytes:
    """`guild_board`'s picture, its PNG."""
    view = card.view
    me, guild, seat = _mine(view)
    player = me.player
    companies = _companies(view, player)
    owned = [technology_words(t) for t in guild.technologies]
    researchable = [
        _("{technology} (${cost}): {effect}").format(
            technology=TECHNOLOGY_BY_ID[t].name,
            cost=TECHNOLOGY_BY_ID[t].cost,
            effect=effect_words(t),
        )
        for t in _open(view)
    ]
    text_w = WIDTH - 2 * MARGIN - 28
    secrets = [line for s in _secrets(view, me) for line in fonts.wrap(s, 16, text_w)]
    techs = [line for t in owned or [_("None yet.")] for line in fonts.wrap(t, 16, text_w)]
    offered = [line for t in researchable or [_("None.")] for line in fonts.wrap(t, 16, text_w)]
    may = [line for a in _may(card.actions) for line in fonts.wrap(f"• {a}", 16, text_w)]
    may = may or fonts.wrap(_idle(view, name), 16, text_w)
    height = 100 + 16 + 52 + 12 + 84 + 40 + 16
    height += (SECTION + LINE_H * len(secrets) + 10) if secrets else 0
    height += SECTION + max(1, len(companies)) * 40 + 10
    height += SECTION + LINE_H * len(techs) + 10
    height += SECTION + LINE_H * len(offered) + 10
    height += SECTION + LINE_H * len(may) + 16
    canvas = Canvas(WIDTH, height)
    title = f"{title_namer(name)(player)} · {guild.guild}"
    notes = [
        _("round {round}, era {era}").format(round=view.round, era=view.era),
        _("seat {letter}").format(letter=seat_letter(view, player)),
    ]
    kicker = _("ATRADES · YOUR GUILD BOARD")
    y = canvas.title_bar(kicker, title, notes, margin=MARGIN) + 16
    y = _money(canvas, y, me, view.ended) + 12
    y = _tracks(canvas, y, guild, seat) + 16
    if secrets:
        y = _section(
            canvas, y, _("YOUR SEALED BIDS"), _("only you see these until they are revealed")
        )
        y = _paragraph(canvas, y, secrets, TEXT) + 10
    y = _section(canvas, y, _("YOUR COMPANIES ({count})").format(count=len(companies)))
    if companies:
        y = _company_rows(canvas, y, companies) + 10
    else:
        y = _paragraph(canvas, y, [_("No company yet.")], FAINT) + 14 + 10
    y = _section(canvas, y, _("YOUR TECHNOLOGIES"))
    y = _paragraph(canvas, y, techs, TEXT if owned else FAINT) + 10
    y = _section(canvas, y, _("OPEN TO RESEARCH"), _("era {era} and before").format(era=view.era))
    y = _paragraph(canvas, y, offered, MUTED) + 10
    y = _section(canvas, y, _("WHAT YOU MAY DO NOW"))
    _paragraph(canvas, y, may, TEXT)
    return canvas.png()


def _money(canvas: Canvas, y: int, me: Mine, ended: bool) -> int:
    """The player's money, marked as theirs alone until the game is over (AT-D27)."""
    canvas.rect((MARGIN, y, WIDTH - MARGIN, y + 52), mix(PANEL, GOLD, 0.1), radius=10)
    used = canvas.text(MARGIN + 14, y + 26, _("YOUR MONEY"), size=13, bold=True, fill=MUTED)
    x = MARGIN + 28 + used
    x += canvas.text(x, y + 26, f"${me.money}", size=26, bold=True, fill=GOLD) + 16
    if not ended:
        canvas.badge(x, y + 26, _("only you see this"), SECRET, size=12)
    return y + 52


def guild_alt(card: GuildCard, name: Name) -> str:
    """The guild board in words; where that runs past an alt text's `ALT_TEXT` (in the
    language in force), the technologies by their names alone (the image and the rules say
    what each does), then without those open to research: an alt text is never cut."""
    for brevity in (0, 1, 2):
        said = _guild_words(card, name, brevity)
        if len(said) <= ALT_TEXT:
            break
    return said


def _guild_words(card: GuildCard, name: Name, brevity: int) -> str:
    """The guild board said as short as `brevity`: 0 whole, 1 the technologies by name, 2 as
    1 without those open to research (the image lists them)."""
    short = brevity > 0
    view = card.view
    me, guild, _seat = _mine(view)
    player = me.player
    tracks = guild.tracks
    whose = {
        "player": name(player),
        "guild": guild.guild,
        "letter": seat_letter(view, player),
        "round": view.round,
        "era": view.era,
        "money": me.money,
    }
    head = (
        _(
            "Your guild board, {player} ({guild}, seat {letter}), round {round}, era {era}: "
            "your money ${money}."
        )
        if view.ended
        else _(
            "Your guild board, {player} ({guild}, seat {letter}), round {round}, era {era}: "
            "your money ${money} (only you see it)."
        )
    )
    on_tracks = ", ".join(f"{track_name(t).lower()} {tracks[t]}" for t in TRACKS)
    parts = [
        head.format(**whose),
        *_secrets(view, me),
        _("Cubes: {left} of {total} left; on the tracks: {tracks}.").format(
            left=guild.cubes, total=CUBES, tracks=on_tracks
        ),
    ]
    companies = [
        _("{company} on {hexes} (level {level}, bank ${bank})").format(
            company=company_name(c), hexes=listed(c.hexes), level=level(len(c.hexes)), bank=c.bank
        )
        for c in _companies(view, player)
    ]
    parts.append(
        _("Your companies: {companies}.").format(companies=listed(companies))
        if companies
        else _("No company yet.")
    )
    owned = [
        TECHNOLOGY_BY_ID[t].name if short and t in TECHNOLOGY_BY_ID else technology_words(t)
        for t in guild.technologies
    ]
    parts.append(
        _("Your technologies: {technologies}.").format(technologies=listed(owned))
        if owned
        else _("No technology yet.")
    )
    researchable = [
        TECHNOLOGY_BY_ID[t].name
        if short
        else _("{technology} (${cost})").format(
            technology=TECHNOLOGY_BY_ID[t].name, cost=TECHNOLOGY_BY_ID[t].cost
        )
        for t in _open(view)
    ]
    if researchable and brevity < 2:
        parts.append(
            _("Open to research: {technologies}.").format(technologies=listed(researchable))
        )
    labels = _may(card.actions)
    parts.append(
        _("You may now: {actions}.").format(actions="; ".join(labels))
        if labels
        else _idle(view, name)
    )
    return " ".join(parts)
