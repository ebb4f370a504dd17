"""The map everyone looks at, from the public view (AT-D27): the regions with their names and
demand tracks, terrain, cities, connectors, the company tiles with their type, initiative and
owner, sold companies, the starting tiles to acquire and the guilds in turn order."""

from __future__ import annotations

from functools import lru_cache, partial

from PIL import Image, ImageDraw

from games.atrades.data import REGION_BY_NAME, TYPES, starting_type
from games.atrades.model import TRACKS
from games.atrades.render.hexes import (
    HEADER_H,
    ISLAND_W,
    MARGIN,
    TYPE_STYLES,
    WIDTH,
    connector_dots,
    connector_ends,
    islands,
    map_key,
    paste_hex,
    positions,
    static_layer,
    tile_end,
    tile_image,
)
from games.atrades.render.words import (
    Name,
    company_name,
    company_words,
    display_words,
    merger_words,
    phase_title,
    seat_letter,
    seats,
    supply_words,
    technology_words,
    tile_mark,
    title_namer,
    track_name,
)
from games.atrades.views import Board, CompanyView, GuildView, MergerView, PublicView
from games.core.drawing import BadgeStyle, Canvas, Column, Table, Text, fonts
from games.core.drawing import Board as Picture
from games.core.drawing.board import ALT_TEXT
from games.core.drawing.canvas import FOOTER_LINE, wrap_footer
from games.core.drawing.palette import (
    ACCENT,
    BACKGROUND,
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
from games.core.drawing.table import Draw
from games.core.drawing.words import listed, placed
from games.core.hex import parse_label
from games.core.speech import _, ngettext

KICKER = "ATRADES"
ROW_H = 38


def legend_text() -> str:
    """The key under the map, in the language in force."""
    return _(
        "R Rations, L Liquids, W Wiring, S Spice: a tile shows its type's letter and its "
        "company's initiative; the disc is its owner's seat letter. Grey striped tiles were "
        "sold to the Government. Ringed numbers are cities. Dashed lines are connectors: the "
        "hexes they join are adjacent. Type a hex's label, such as B4, to choose it. Cubes on "
        "the tracks: ACQ Acquire, MRG Merger, BUR Bureaucracy, RES Research."
    )


def _seat_style(view: Board, player: str) -> tuple[str, BadgeStyle]:
    players = seats(view)
    fill, ink = (
        SEATS[players.index(player) % len(SEATS)] if player in players else (MUTED, DARK_TEXT)
    )
    return seat_letter(view, player), BadgeStyle(ink, fill)


def _demand(canvas: Canvas, top: int, view: PublicView) -> None:
    """Each region's demand: the figure beside its name and its track (AT-D2)."""
    for island, region in zip(islands(len(view.regions)), view.regions, strict=True):
        demand = region.demand
        spaces = REGION_BY_NAME[region.name].demand_max
        y = top + island.top
        right = island.left + ISLAND_W
        canvas.text(
            right,
            y + 16,
            _("DEMAND {demand}").format(demand=demand),
            size=14,
            bold=True,
            fill=ACCENT,
            align="right",
        )
        canvas.image.paste(track(demand, spaces), (island.left, y + 32))


@lru_cache(maxsize=32)
def track(demand: int, spaces: int) -> Image.Image:
    """A demand track of `spaces` spaces, those up to `demand` filled (drawn once each)."""
    gap = 3
    track = Canvas(ISLAND_W, HEADER_H - 44, PANEL)
    w = (ISLAND_W - gap * (spaces - 1)) / spaces
    for space in range(spaces):
        x0, x1 = round(space * (w + gap)), round(space * (w + gap) + w)
        fill = ACCENT if space < demand else PANEL_RAISED
        track.rect((x0, 0, x1, track.height), fill, radius=3)
    return track.image


@lru_cache(maxsize=4)
def legend(text: str) -> Image.Image:
    """The key under the map (the same on every map in a language: drawn once each)."""
    lines = wrap_footer([text], WIDTH, MARGIN)
    legend = Canvas(WIDTH, FOOTER_LINE * len(lines))
    legend.footer(lines, margin=MARGIN, top=0)
    return legend.image


def _region_of(view: PublicView, label: str) -> int:
    return view.map[label].region


def _tiles(canvas: Canvas, top: int, view: PublicView) -> None:
    """Every company tile: its type's colour and letter, its initiative, its owner's disc; a
    sold company's tiles grey and striped. Then the connectors' ends again, over the tiles,
    clear of their labels and badges."""
    at = positions(map_key(view))
    # TRANSLATORS: what a company tile sold to the Government shows under its mark, in small
    # capitals on a hex: a short word.
    sold = _("GOVT")
    for company in view.companies:
        kind, flipped = company.type, company.flipped
        mark = tile_mark(kind, company.initiative)
        letter, style = _seat_style(view, company.owner)
        owner = None if flipped else (letter, style.fill, style.ink)
        for label in company.hexes:
            x, y = at[label]
            paste_hex(
                canvas.image,
                tile_image(kind, flipped, label, mark, owner, sold if flipped else ""),
                (x, y + top),
            )
    draw = ImageDraw.Draw(canvas.image)
    tiled = {label for company in view.companies for label in company.hexes}
    for a, b in view.connectors:
        ends = zip((a, b), connector_ends(at[a], at[b]), strict=True)
        rings = [
            tile_end(hex_, at[hex_], end, sold) if hex_ in tiled else end for hex_, end in ends
        ]
        connector_dots(draw, tuple((x, y + top) for x, y in rings))


def _display(canvas: Canvas, top: int, view: PublicView) -> int:
    """The starting tiles face up, the pile and the plain tiles left. Returns the y below."""
    canvas.rect((MARGIN, top, WIDTH - MARGIN, top + 44), PANEL, radius=8)
    middle = top + 22
    x = (
        MARGIN
        + 14
        + canvas.text(MARGIN + 14, middle, _("TO ACQUIRE"), size=13, bold=True, fill=MUTED)
        + 12
    )
    if not view.display:
        x += canvas.text(x, middle, _("no starting tile left"), size=15, fill=FAINT)
    for number in view.display:
        kind = starting_type(number)
        fill, ink, _letter = TYPE_STYLES[kind]
        x += (
            canvas.badge(
                x, middle, tile_mark(kind, number), BadgeStyle(ink, fill), size=13, upper=False
            )
            + 6
        )
    supply = view.supply
    plain = " · ".join(f"{TYPE_STYLES[t][2]} {supply[t]}" for t in TYPES)
    canvas.text(
        WIDTH - MARGIN - 14,
        middle,
        _("pile {pool} · plain tiles {plain}").format(pool=view.pool, plain=plain),
        size=14,
        fill=MUTED,
        align="right",
        max_width=WIDTH - MARGIN - 14 - x - 10,
    )
    return top + 44


#: The least room the merger panel's label takes before its words (more for a longer word).
MERGER_LABEL = 84


def _merger_label() -> tuple[str, int]:
    """The merger panel's label and the room it takes."""
    label = _("MERGER")
    return label, max(MERGER_LABEL, fonts.width(label, 13, True) + 18)


def _merger_lines(view: Board, merger: MergerView, name: Name) -> tuple[int, list[str]]:
    """The merger under way in words, on at most two lines: the text size and the lines."""
    room = WIDTH - 2 * MARGIN - _merger_label()[1] - 28
    return fonts.wrap_fitted(merger_words(view, merger, name), 14, 12, room, 2)


def _merger(canvas: Canvas, top: int, size: int, lines: list[str]) -> int:
    """The merger under way, in a gold panel. Returns the y below it."""
    height = 20 + 20 * len(lines)
    canvas.rect(
        (MARGIN, top, WIDTH - MARGIN, top + height),
        mix(PANEL, GOLD, 0.12),
        radius=8,
        outline=mix(LINE, GOLD, 0.4),
    )
    label, room = _merger_label()
    canvas.text(MARGIN + 14, top + 20, label, size=13, bold=True, fill=GOLD)
    for index, line in enumerate(lines):
        canvas.text(MARGIN + room + 14, top + 20 + 20 * index, line, size=size)
    return top + height


def _status(view: PublicView, player: str, guild: GuildView) -> Text:
    if guild.out:
        return Text(_("left"), FAINT)
    if view.ended:
        place = (view.places or {}).get(player)
        return Text(placed(place) if place else "", GOLD, True)
    if view.step == "bids":
        return Text(_("bid in"), TEXT) if player in view.bid else Text(_("to bid"), ACCENT, True)
    merger = view.merger
    if merger is not None and player in merger.bidders:
        return _bidder(merger, player)
    if player == view.acting:
        return Text(_("to act"), ACCENT, True)
    growing = view.expansions[:1]
    if view.step == "expansions" and any(
        c.initiative in growing and c.owner == player for c in view.companies
    ):
        return Text(_("to expand"), ACCENT, True)
    return Text("")


def _bidder(merger: MergerView, player: str) -> Text:
    """A guild still in a merger's auction: the one to raise or pass in an open round, the
    ones yet to make a final bid in the sealed round, the winner to pay (the others are
    outbid); in an open round the others wait their turn."""
    if merger.step == "open":
        mine = player == merger.to_bid
        return Text(_("to raise"), ACCENT, True) if mine else Text(_("bidding"), TEXT)
    if merger.step == "sealed":
        done = player in merger.final_in
        return Text(_("bid in"), TEXT) if done else Text(_("to bid"), ACCENT, True)
    if player == merger.winner:
        return Text(_("to pay"), ACCENT, True)
    return Text(_("outbid"), FAINT)


def _who(view: Board, player: str, name: Name) -> Draw:
    """A table cell: the player's seat badge and name."""
    letter, style = _seat_style(view, player)

    def draw(canvas: Canvas, x: int, middle: int, w: int) -> None:
        used = canvas.badge(x, middle, letter, style, size=12) + 8
        canvas.text(x + used, middle, name(player), size=16, bold=True, max_width=w - used)

    return draw


def _numbers(title: str, width: int) -> Column:
    """A column of numbers, right-aligned, as wide as `width` or its title in the table's
    header (small capitals), whichever is wider: a longer word is never cut."""
    return Column(title, max(width, fonts.width(title.upper(), 13, True)), "right")


def _guilds(canvas: Canvas, top: int, view: PublicView, name: Name) -> int:
    """The guilds in turn order: who, their board, what they are doing, cubes left, cubes
    on each track, technologies, and money at the end (hidden before: AT-D27)."""
    by_player = {g.player: g for g in view.guilds}
    statuses = [_status(view, player, by_player[player]) for player in view.order]
    doing = max([94, *(fonts.width(s.value, 16, s.bold) for s in statuses)])
    columns = [
        Column(_("In turn order"), 0),
        Column(_("Guild"), 188),
        Column("", doing),
        _numbers(_("Cubes"), 50),
        # TRANSLATORS: the short names of the tracks, as the map's key gives them (ACQ
        # Acquire, MRG Merger, BUR Bureaucracy, RES Research), over narrow columns.
        _numbers(_("Acq"), 34),
        _numbers(_("Mrg"), 34),
        _numbers(_("Bur"), 34),
        _numbers(_("Res"), 34),
        _numbers(_("Tech"), 42),
        _numbers(_("Money") if view.ended else "", 62),
    ]
    table = Table(canvas, MARGIN, WIDTH - MARGIN, columns, row_height=ROW_H, size=16)
    y = table.header(top)
    for index, (player, status) in enumerate(zip(view.order, statuses, strict=True)):
        guild = by_player[player]
        tracks = guild.tracks
        money = guild.money
        y = table.row(
            y,
            [
                _who(view, player, name),
                Text(guild.guild, MUTED),
                status,
                str(guild.cubes),
                *(str(tracks[track]) for track in TRACKS),
                str(len(guild.technologies)),
                f"${money}" if money is not None else "",
            ],
            fill=PANEL if index % 2 == 0 else mix(PANEL, BACKGROUND, 0.5),
        )
    return y


def map_board(view: PublicView, name: Name) -> Picture:
    """The map and the table around it, from the public view (or a player's: only its public
    fields are read)."""
    return Picture.drawn(
        partial(_map_board_png, view, name),
        map_alt(view, name),
        "atrades-map.png",
        detail=map_detail(view, name),
    )


def _map_board_png(view: PublicView, name: Name) -> bytes:
    """`map_board`'s picture, its PNG."""
    land = tuple(sorted((label, cell.terrain, cell.city) for label, cell in view.map.items()))
    layer = static_layer(map_key(view), land, tuple(view.connectors))
    key = legend(legend_text())
    size, merger = _merger_lines(view, view.merger, name) if view.merger else (0, [])
    merger_h = 28 + 20 * len(merger) if merger else 0
    height = (
        100
        + 16
        + layer.height
        + 16
        + 44
        + 8
        + merger_h
        + 34
        + ROW_H * len(view.order)
        + 12
        + key.height
        + 12
    )
    canvas = Canvas(WIDTH, height)
    count = len(view.companies)
    notes = [
        _("era {era}").format(era=view.era),
        ngettext("{count} company", "{count} companies", count).format(count=count),
    ]
    title = phase_title(view, title_namer(name))
    y = canvas.title_bar(KICKER, title, notes, margin=MARGIN) + 16
    canvas.image.paste(layer, (0, y))
    _demand(canvas, y, view)
    _tiles(canvas, y, view)
    y = _display(canvas, y + layer.height + 16, view) + 8
    if merger:
        y = _merger(canvas, y, size, merger) + 8
    y = _guilds(canvas, y, view, name)
    canvas.image.paste(key, (0, y + 12))
    return canvas.png()


def _reading_order(label: str) -> tuple[int, int]:
    """Row by row, then along the row: the order a reader goes over the map."""
    hex_ = parse_label(label)
    return hex_.r, hex_.q


def _opening(view: PublicView, name: Name, *, merger: bool = True) -> list[str]:
    """The phase, and a merger under way (unless `merger` is False): what every telling of
    the map starts with."""
    parts = [
        _("Atrades map, era {era}. {title}.").format(era=view.era, title=phase_title(view, name))
    ]
    if view.merger and merger:
        parts.append(_("Merger: {merger}.").format(merger=merger_words(view, view.merger, name)))
    return parts


def _by_region(view: PublicView) -> dict[int, list[CompanyView]]:
    companies: dict[int, list[CompanyView]] = {}
    for company in view.companies:
        companies.setdefault(_region_of(view, company.hexes[0]), []).append(company)
    return companies


def _to_acquire(view: PublicView) -> str:
    return _("To acquire: {display}; {pool} in the pile.").format(
        display=display_words(view.display), pool=view.pool
    )


def _company_size(view: Board, company: CompanyView) -> str:
    """ "Wiring 13 of seat B, 2 hexes"; a sold company "Rations 3, sold, 2 hexes"."""
    count = len(company.hexes)
    if company.flipped:
        said = ngettext(
            "{company}, sold to the Government, {count} hex",
            "{company}, sold to the Government, {count} hexes",
            count,
        )
    else:
        said = ngettext(
            "{company} of seat {seat}, {count} hex",
            "{company} of seat {seat}, {count} hexes",
            count,
        )
    return said.format(
        company=company_name(company), seat=seat_letter(view, company.owner), count=count
    )


def _company_mark(view: Board, company: CompanyView, sold: str) -> str:
    """ "W13 B 2" as the map's tile shows it (type letter and initiative, the owner's seat
    letter, GOVT for a sold one), and its size in hexes."""
    owner = sold if company.flipped else seat_letter(view, company.owner)
    return f"{tile_mark(company.type, company.initiative)} {owner} {len(company.hexes)}"


def _regions(view: PublicView, *, marks: bool) -> str:
    """Each region's demand and companies, by their words or (`marks`) their tiles' marks."""
    sold = _("GOVT")
    companies = _by_region(view)
    regions = []
    for index, region in enumerate(view.regions):
        here = [
            _company_mark(view, c, sold) if marks else _company_size(view, c)
            for c in companies.get(index, [])
        ]
        most = REGION_BY_NAME[region.name].demand_max
        regions.append(f"{region.name} {region.demand}/{most}: {', '.join(here) or _('none')}")
    if marks:
        said = _(
            "Each region, its demand of its track's spaces, and its companies as their tiles "
            "show them (type letter and initiative, owner's seat or {sold}, hexes): {regions}."
        )
    else:
        said = _("Each region, its demand of its track's spaces, and its companies: {regions}.")
    return said.format(sold=sold, regions="; ".join(regions))


def _seats(view: PublicView, name: Name) -> str:
    """Who sits in each seat, in turn order, with their guild and cubes left, their money
    once the game is over (AT-D27)."""
    guilds = {g.player: g for g in view.guilds}
    seats = []
    for player in view.order:
        guild = guilds[player]
        facts = [guild.guild, str(guild.cubes)]
        if guild.money is not None:
            facts.append(f"${guild.money}")
        if guild.out:
            facts.append(_("left the game"))
        seats.append(f"{seat_letter(view, player)} {name(player)} ({', '.join(facts)})")
    return _("Seats in turn order (guild, action cubes left): {seats}.").format(
        seats="; ".join(seats)
    )


def map_alt(view: PublicView, name: Name) -> str:
    """The map in a summary that fits an alt text (`ALT_TEXT`, in the language in force, the
    pseudo-locale's too): the phase and a merger under way, each region's demand and its
    companies (each by its owner's seat and its size), the starting tiles to acquire, and who
    sits in each seat. Where that runs past, the companies are said as their tiles show them
    ("W13 B 2"), then the merger is left to the status message, which tells it. Every hex,
    city, connector, free hex, track and technology is in `map_detail`, the web page's words
    for the map (the status message lists the companies with their banks)."""
    said = ""
    for marks, merger in ((False, True), (True, True), (True, False)):
        parts = [
            *_opening(view, name, merger=merger),
            _regions(view, marks=marks),
            _to_acquire(view),
            _seats(view, name),
        ]
        said = " ".join(parts)
        if len(said) <= ALT_TEXT:
            break
    return said


def map_detail(view: PublicView, name: Name) -> str:
    """The map in words at length, for the web page (no limit there): the phase, each region
    with its demand, cities, connectors and companies (their hexes and banks), free land, the
    starting tiles to acquire, the plain tiles left, the guilds in turn order with their
    tracks and technologies."""
    parts = _opening(view, name)
    companies_by_region = _by_region(view)
    taken = {label for c in view.companies for label in c.hexes}
    for index, region in enumerate(view.regions):
        cells = sorted(
            ((label, cell) for label, cell in view.map.items() if cell.region == index),
            key=lambda pair: _reading_order(pair[0]),
        )
        cities = [
            _("{city} at {hex}").format(city=cell.city, hex=label)
            for label, cell in cells
            if cell.terrain == "city"
        ]
        free = [
            label for label, cell in cells if cell.terrain == "habitable" and label not in taken
        ]
        joined = [
            _("{a} to {b}").format(a=a, b=b)
            for a, b in view.connectors
            if _region_of(view, a) == index
        ]
        most = REGION_BY_NAME[region.name].demand_max
        words = [_("demand {demand} of {most}").format(demand=region.demand, most=most)]
        words.append(
            ngettext("city {cities}", "cities {cities}", len(cities)).format(cities=listed(cities))
        )
        if joined:
            words.append(_("connector {connectors}").format(connectors=listed(joined)))
        here = [company_words(c, name) for c in companies_by_region.get(index, [])]
        words.append(
            _("companies: {companies}").format(companies=listed(here)) if here else _("no company")
        )
        words.append(
            _("free land: {hexes}").format(hexes=listed(free)) if free else _("no free land")
        )
        parts.append(f"{region.name}: {'; '.join(words)}.")
    parts.append(_to_acquire(view))
    parts.append(_("Plain tiles left: {supply}.").format(supply=supply_words(view.supply)))
    guilds = {g.player: g for g in view.guilds}
    for player in view.order:
        guild = guilds[player]
        tracks = guild.tracks
        on_tracks = ", ".join(f"{track_name(track).lower()} {tracks[track]}" for track in TRACKS)
        facts = [
            _("seat {letter}").format(letter=seat_letter(view, player)),
            guild.guild,
            # TRANSLATORS: a guild's action cubes not yet spent, of any number.
            _("{count} cubes left").format(count=guild.cubes),
            _("on the tracks: {tracks}").format(tracks=on_tracks),
        ]
        if guild.technologies:
            owned = listed([technology_words(t) for t in guild.technologies])
            facts.append(_("technologies {technologies}").format(technologies=owned))
        if guild.money is not None:
            facts.append(f"${guild.money}")
        if guild.out:
            facts.append(_("left the game"))
        parts.append(f"{name(player)}: {', '.join(facts)}.")
    return " ".join(parts)
