"""Atrades's pictures (issue 23): goldens of the map and the guild board, alt texts that carry
the facts, labels that are the engine's own, and that the map shows nothing hidden: two
states that differ only in personal money and sealed bids draw the same map, byte for byte.
No connector crosses a hex's label: its line passes under, its ring stays off a tile's label
and badge."""

from __future__ import annotations

import io
from itertools import combinations
from math import dist
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.i18n import PSEUDO, language, speaking
from games.atrades import ENGINE
from games.atrades.data import REGIONS
from games.atrades.model import Payment, State, lay_out
from games.atrades.render import render_guild, render_map
from games.atrades.render.hexes import (
    BADGE,
    CONNECTOR,
    HEX_W,
    MARK_DY,
    connector_ends,
    crosses,
    label_box,
    map_key,
    positions,
    region_hexes,
    static_layer,
    tile_end,
)
from games.atrades.views import GuildCard, Mine, PlayerView
from games.core.contract import Amount, Pick
from games.core.drawing import Board
from games.core.drawing.board import ALT_TEXT
from games.core.match import Match
from tests.render.golden import MAX_BYTES, assert_matches_golden
from tools import render_samples
from tools.render_samples import ATRADES, AtradesPlayed, atrades_playout


@pytest.fixture(scope="module")
def at() -> AtradesPlayed:
    return render_samples.atrades_match()


def boards(at: AtradesPlayed) -> dict[str, Board]:
    return {
        "atrades-map-5-players-ended": render_map(at.ended, at.names),
        "atrades-map-merger": render_map(at.merger, at.names),
        "atrades-guild-bidding": render_guild(at.bidding, at.names),
        "atrades-guild-auction": render_guild(at.auction, at.names),
    }


@pytest.fixture(scope="module")
def drawn(at: AtradesPlayed) -> dict[str, Board]:
    """`boards` drawn once per module (per pytest-xdist worker), for the tests that only read
    them (a `Board` is frozen)."""
    return boards(at)


@pytest.mark.parametrize(
    "name",
    [
        "atrades-map-5-players-ended",
        "atrades-map-merger",
        "atrades-guild-bidding",
        "atrades-guild-auction",
    ],
)
def test_atrades_picture_matches_its_golden_image(
    name: str, drawn: dict[str, Board], tmp_path: Path
) -> None:
    assert_matches_golden(name, drawn[name], tmp_path)


def test_atrades_pictures_are_deterministic_small_and_phone_wide(drawn: dict[str, Board]) -> None:
    first = drawn
    assert first == boards(render_samples.atrades_match())
    for board in first.values():
        picture = Image.open(io.BytesIO(board.png))
        assert picture.format == "PNG"
        assert picture.width == 960
        assert len(board.png) < MAX_BYTES, board.filename


def test_the_sample_has_what_the_pictures_must_handle(at: AtradesPlayed) -> None:
    """Five guilds, six regions, a company sold to the Government, a merger with a high bid,
    a standing turn-order bid, a raise offered."""
    assert len(at.ended.guilds) == 5 and len(at.ended.regions) == 6
    assert any(c.flipped for c in at.ended.companies)
    assert at.merger.merger is not None and at.merger.merger.leader is not None
    assert at.bidding.view.me.bid is not None
    assert "raise" in {a.key for a in at.auction.actions}


def test_every_hex_has_its_own_place_and_the_engines_label(at: AtradesPlayed) -> None:
    """Each hex of each region is drawn once, no two overlapping, under the label the engine
    uses: every land hex of the view's map is one of them, and no hex is left out."""
    view = at.ended
    places = positions(map_key(view))
    every = {h.label for r in view.regions for h in region_hexes(r.centre)}
    assert set(places) == every and len(every) == 19 * len(view.regions)
    assert set(view.map) <= every
    for a, b in combinations(places.values(), 2):
        assert dist(a, b) >= HEX_W - 0.5


def test_the_maps_words_at_length_say_where_everything_is(
    at: AtradesPlayed, drawn: dict[str, Board]
) -> None:
    """The web page's words for the map (`Board.detail`): every hex of every company, city,
    connector and guild."""
    view = at.ended
    alt = drawn["atrades-map-5-players-ended"].detail
    assert alt.startswith("Atrades map, era 2. The game is over: 王小明 wins.")
    for region in view.regions:
        assert f"{region.name}: demand {region.demand} of 10;" in alt
    for a, b in view.connectors:
        assert f"{a} to {b}" in alt
    sold = next(c for c in view.companies if c.flipped)
    hexes = " and ".join(sold.hexes)
    assert f"Rations {sold.initiative}, sold to the Government, on {hexes}" in alt
    rich = max((c for c in view.companies if not c.flipped), key=lambda c: c.bank)
    assert f"of {at.names[rich.owner]} on " in alt and f"bank ${rich.bank}" in alt
    cities = [(label, cell.city) for label, cell in view.map.items() if cell.terrain == "city"]
    assert cities
    for label, city in cities:
        assert f"{city} at {label}" in alt
    assert "Zoë 🦊: seat D, Veil Cartel, 3 cubes left" in alt
    eve = view.guild("805")
    assert eve is not None
    sentence = alt.split("Eve: ")[1]
    assert sentence.startswith("seat E, Hollow Moon Trust, 3 cubes left")
    assert sentence.endswith(f", ${eve.money}."), "money is told once the game is over"


@pytest.mark.parametrize("code", ["en", "cs", "ko", PSEUDO])
def test_the_maps_alt_text_is_a_summary_that_fits_discord(at: AtradesPlayed, code: str) -> None:
    """Discord takes 1,024 characters of an alt text, and one cut loses the board's end: the
    map's is a summary that fits in every language, the pseudo-locale's longer words too,
    with 16 companies on the map and the longest names; its words at length stay whole."""
    with speaking(language(code)):
        boards = [render_map(at.ended, at.names), render_map(at.merger, at.names)]
    assert len(at.ended.companies) == 16
    for board in boards:
        assert len(board.alt) <= ALT_TEXT < len(board.detail), board.alt
        assert board.description() == board.alt


def test_the_maps_summary_gives_each_regions_companies_and_the_seats(at: AtradesPlayed) -> None:
    """Each company by its region, its owner's seat and its size, in words where they fit
    (the map at the end); as its tile shows it where they do not (the merger's map, which
    says the merger too); and who sits in each seat, their money once the game is over."""
    ended = render_map(at.ended, at.names).alt
    assert (
        "Arrakeen Flats 8/10: Spice 17 of seat E, 1 hex, Wiring 13 of seat B, 1 hex, Liquids 7 "
        "of seat A, 1 hex, Rations 4 of seat A, 1 hex, Rations 2 of seat D, 3 hexes, Rations 1 "
        "of seat C, 3 hexes;"
    ) in ended
    assert "Rations 3, sold to the Government, 2 hexes." in ended
    assert ended.endswith(
        "Seats in turn order (guild, action cubes left): B Bartholomew von "
        "Habsburg-Lothringen (Glass Road Syndicate, 3, $18); C 王小明 (Ember Exchange, 3, $36); "
        "A Ann (Silt Runners, 3, $14); D Zoë 🦊 (Veil Cartel, 3, $11); E Eve (Hollow Moon "
        "Trust, 3, $5)."
    )
    merger = render_map(at.merger, at.names).alt
    assert "Merger: Bartholomew von Habsburg-Lothringen put Liquids 9 and Wiring 10" in merger
    assert "Carthag Rim 6/10: S18 D 1, S16 E 1, W10 A 2, L9 B 2, R5 C 3;" in merger
    assert "$" not in merger.split("Seats in turn order")[1], "money is secret until the end"


def test_the_merger_map_names_the_guild_to_raise_or_pass(
    at: AtradesPlayed, drawn: dict[str, Board]
) -> None:
    merger = at.merger.merger
    assert merger is not None
    alt = drawn["atrades-map-merger"].detail
    to_bid = merger.to_bid
    assert to_bid is not None and to_bid in merger.bidders and len(merger.bidders) > 1
    assert f"{at.names[to_bid]} to raise or pass" in alt
    for other in merger.bidders:
        if other != to_bid:
            assert f"{at.names[other]} to raise" not in alt


def test_free_land_in_the_alt_text_is_what_the_engine_offers(at: AtradesPlayed) -> None:
    """The hexes the alt text calls free are exactly those the Acquire action offers, by
    the same labels."""
    match, _ = Match.start(ENGINE, list(ATRADES)[:3], {}, 5)
    player = ENGINE.turn(match.state).must[0]
    match.submit(player, {"type": "bid", "pay_from": "purse", "amount": 1})
    for other in ENGINE.turn(match.state).must:
        match.submit(other, {"type": "bid", "pay_from": "purse", "amount": 0})
    actor = ENGINE.turn(match.state).must[0]
    view = ENGINE.view(match.state, actor)
    acquire = next(a for a in ENGINE.legal_actions(match.state, actor) if a.key == "acquire")
    hexes = acquire.steps[1]
    assert isinstance(hexes, Pick)
    offered = {c.value for c in hexes.choices}
    alt = render_map(view, ATRADES).detail
    listed = set()
    for part in alt.split("free land: ")[1:]:
        listed |= set(part.split(".")[0].replace(" and ", ", ").split(", "))
    assert listed == offered and len(offered) > 20


def test_the_guild_board_shows_the_players_own_secrets(
    at: AtradesPlayed, drawn: dict[str, Board]
) -> None:
    board = drawn["atrades-guild-bidding"]
    me = at.bidding.view.me
    assert me.bid is not None
    assert f"your money ${me.money} (only you see it)" in board.alt
    assert f"Your turn-order bid: ${me.bid.from_money} from your money." in board.alt
    assert "You may now: Bid for turn order" in board.alt
    auction = drawn["atrades-guild-auction"].alt
    raise_ = next(a for a in at.auction.actions if a.key == "raise")
    amount = raise_.steps[0]
    assert isinstance(amount, Amount)
    low, high = amount.min, amount.max
    assert auction.endswith(f"You may now: Raise (${low} to ${high}); Pass (out of this auction).")
    player = at.auction.view.me.player
    mine = [c for c in at.auction.view.companies if c.owner == player]
    for company in mine:
        assert f"bank ${company.bank})" in auction


def test_at_the_end_the_guild_board_no_longer_calls_money_secret(at: AtradesPlayed) -> None:
    """AT-D27: everyone sees every guild's money once the game is over."""
    guild = at.ended.guild("801")
    assert guild is not None and guild.money is not None
    money = guild.money
    me = Mine(player="801", money=money, bid=None, final_bid=None, final_in=False)
    view = PlayerView(**dict(at.ended), me=me)
    alt = render_guild(GuildCard(view=view, actions=[]), at.names).alt
    assert f"round 4, era 2: your money ${money}. Cubes:" in alt
    assert alt.endswith("Nothing for you to do now. The game is over: 王小明 wins.")


def _played(seed: int) -> dict[str, State]:
    """States of a 5-player game of greedy seats: round 2's turn-order bids with bids
    standing, and a merger's final sealed round with a bid in."""
    found: dict[str, State] = {}
    for match, _ in atrades_playout(seed):
        state = match.state
        if state.round == 2 and state.flow.step == "bids" and len(state.bids) >= 2:
            found.setdefault("bids", state.model_copy(deep=True))
        if state.merger is not None and state.merger.step == "sealed" and state.merger.sealed:
            found.setdefault("sealed", state.model_copy(deep=True))
    return found


def _secrets_changed(state: State) -> State:
    """The same game with every hidden fact different: each guild's money, each standing
    turn-order bid and each sealed final bid."""
    other = state.model_copy(deep=True)
    for guild in other.guilds:
        guild.money += 13
    for seat in other.bids:
        other.bids[seat] = Payment(from_money=7)
    if other.merger is not None:
        for seat in other.merger.sealed:
            other.merger.sealed[seat] = 42
    return other


def test_the_map_is_the_same_whatever_the_hidden_facts_are() -> None:
    """AT-D27: rendered from the public view, the map cannot change when only personal money
    or a sealed bid does; a player's guild board does change with their own money (so the
    comparison can fail), and not with another's."""
    states = _played(2)
    assert set(states) == {"bids", "sealed"}
    for state in states.values():
        other = _secrets_changed(state)
        assert render_map(ENGINE.view(other, None), ATRADES) == render_map(
            ENGINE.view(state, None), ATRADES
        )
        mine = ENGINE.view(state, "801")
        assert render_map(mine, ATRADES) == render_map(ENGINE.view(state, None), ATRADES), (
            "a player's view draws the public map: their own money is not on it"
        )
        assert render_guild(card(other, "801"), ATRADES) != render_guild(
            card(state, "801"), ATRADES
        )
    state = states["bids"]
    someone_else = state.model_copy(deep=True)
    someone_else.guilds[1].money += 13
    someone_else.bids[1] = Payment(from_money=9)
    assert render_guild(card(someone_else, "801"), ATRADES) == render_guild(
        card(state, "801"), ATRADES
    )


def card(state: State, player: str) -> GuildCard:
    """A guild board's input as the bot makes it: the player's view and legal actions."""
    view = ENGINE.view(state, player)
    assert isinstance(view, PlayerView)
    return GuildCard(view=view, actions=ENGINE.legal_actions(state, player))


# -- connectors and labels ---------------------------------------------------------------------


def connector_pixels(image: Image.Image, box: tuple[float, float, float, float]) -> int:
    """How many pixels in the box are a connector's yellow (a dash or a ring)."""
    region = image.convert("RGB").crop((round(box[0]), round(box[1]), round(box[2]), round(box[3])))
    r, g, b = ImageChops.difference(region, Image.new("RGB", region.size, CONNECTOR)).split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return sum(worst.histogram()[:17])


def test_a_connector_passes_under_the_labels_it_crosses_on_the_reviewers_map() -> None:
    """Habbanya Erg, turned so that its connector runs B8 to E8 along the row, through D8's
    middle: D8's label is drawn over the line on a patch of sand, so no yellow is in it (the
    line ran through the letters); the line is still drawn either side of it."""
    state, _ = ENGINE.setup([f"p{n}" for n in range(5)], ENGINE.parse_options({}), 7)
    view = ENGINE.view(state, None)
    assert ("B8", "E8") in view.connectors and view.map["D8"].terrain == "habitable"
    at = positions(map_key(view))
    land = tuple(sorted((label, cell.terrain, cell.city) for label, cell in view.map.items()))
    layer = static_layer(map_key(view), land, tuple(view.connectors))
    left, top, right, bottom = label_box("D8", at["D8"], top=False)
    assert connector_pixels(layer, (left, top, right, bottom)) == 0
    (start, _), (end, _) = connector_ends(at["B8"], at["E8"])
    assert connector_pixels(layer, (start + 6, top, left - 1, bottom)) > 40
    assert connector_pixels(layer, (right + 1, top, end - 6, bottom)) > 10


def test_no_connector_crosses_a_hex_label_on_any_region_turned_any_way() -> None:
    """Every region tile, turned every way: no connector's yellow lies on any hex's label
    (a line that crosses one passes under it), and lines do cross labels."""
    crossed = []
    for turn in range(6):
        for names in (REGIONS[:6], REGIONS[1:]):
            placed, board, connectors = lay_out(list(names), [turn] * 6)
            key = tuple((p.name, p.centre, p.turns) for p in placed)
            land = tuple(
                sorted(
                    (label, cell["terrain"], cell["city"])
                    for label, cell in board.items()
                    if cell["terrain"] != "desert"
                )
            )
            layer = static_layer(key, land, tuple(connectors))
            at = positions(key)
            lines = [connector_ends(at[a], at[b]) for a, b in connectors]
            for label, terrain, _ in land:
                box = label_box(label, at[label], top=terrain == "city")
                assert connector_pixels(layer, box) == 0, f"a connector crosses {label}'s label"
                if any(crosses(line, box) for line in lines):
                    crossed.append(label)
    # Shield Wall's and Habbanya Erg's connectors run through hexes' middles, Tuono Basin's
    # past its city's label: 40 labels of the 72 regions laid out.
    assert len(crossed) == 40, crossed


#: The top of the map on the map board: under the title bar (100 pixels) and a gap of 16.
MAP_TOP = 116


def test_a_connectors_ring_on_a_tile_covers_neither_its_label_nor_its_badge(
    at: AtradesPlayed, drawn: dict[str, Board]
) -> None:
    """Over a company tile, a connector's end is ringed towards the tile's rim, clear of its
    label and its owner's badge (in the sample, K5's label and N1's badge were under it)."""
    view = at.ended
    picture = Image.open(io.BytesIO(drawn["atrades-map-5-players-ended"].png))
    places = {label: (x, y + MAP_TOP) for label, (x, y) in positions(map_key(view)).items()}
    tiled = {label for c in view.companies for label in c.hexes}
    ends = [
        (hex_, end)
        for a, b in view.connectors
        for hex_, end in zip((a, b), connector_ends(places[a], places[b]), strict=True)
        if hex_ in tiled
    ]
    assert {"K5", "N1"} <= {hex_ for hex_, _ in ends}
    for hex_, end in ends:
        x, y = places[hex_]
        ring_x, ring_y = tile_end(hex_, (x, y), end, "GOVT")
        assert connector_pixels(picture, (ring_x - 3, ring_y - 3, ring_x + 3, ring_y + 3)) > 10
        assert connector_pixels(picture, label_box(hex_, (x, y), top=True)) == 0, hex_
        badge = (x - BADGE / 2, y + MARK_DY - BADGE / 2, x + BADGE / 2, y + MARK_DY + BADGE / 2)
        assert connector_pixels(picture, badge) == 0, hex_
