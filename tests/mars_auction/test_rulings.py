"""The Mars Auction Variant ruling by ruling (RULINGS.md §2: L1-L18, U1-U8; Dealer's MA-D1...
in docs/rules/mars-auction.md), and the worked example (mars-auction-example.md) card by card."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.engine import HOST
from games.core.events import Event
from games.core.match import Match
from games.mars_auction import ENGINE, budgets, phases
from games.mars_auction.dealing import catalogue_for
from games.mars_auction.model import State
from games.mars_auction.views import PlayerView
from games.tm_catalogue import DEFAULT_EXPANSIONS, builtin
from games.tm_catalogue.model import Expansion
from tests.refusals import refused

CATALOGUE = builtin()
#: The cards of the default sets (base game, Corporate Era, Prelude).
DEFAULT = CATALOGUE.select(expansions=DEFAULT_EXPANSIONS)
PROJECTS = [c.name for c in DEFAULT if c.is_project]
PRELUDES = [c.name for c in DEFAULT if c.type == "prelude"]
#: Corporations with their starting M€ (CrediCor 57, Teractor 60, PhoboLog 23, Helion 42...).
CORPS = {c.name: c.starting_mc for c in DEFAULT if c.type == "corporation"}
#: A list from before Turmoil was built in: its Terralabs has other tags than the catalogue's
#: TerraLabs Research, and is read as the list's own card (`catalogue_for`).
TERRALABS_CSV = "name,type,cost,tags,starting M€\nTerralabs Research,corporation,,earth,14\n"


def of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.type == kind]


def research(players: list[str], budgets: list[int], cards: list[str], **options: Any) -> Match:
    """A match that auctions only research phases, opened on `cards` with these budgets."""
    match, _ = Match.start(
        ENGINE, players, {"start": "research", "first_player": players[0], **options}, 1
    )
    match.submit(HOST, {"type": "research", "cards": cards, "first_player": players[0]})
    for player, amount in zip(players, budgets, strict=True):
        match.submit(player, {"type": "budget", "amount": amount})
    return match


def place(match: Match, player: str, *cards: int) -> list[Event]:
    return match.submit(player, {"type": "place", "cards": list(cards)})


def setup(players: list[str], display: list[str], **options: Any) -> Match:
    match, _ = Match.start(
        ENGINE, players, {"display": display, "first_player": players[0], **options}, 1
    )
    return match


#: The first project of a two-player setup display: after 4 companies and 8 preludes.
FIRST_PROJECT = 13


def setup_display(n: int, companies: list[str] | None = None) -> list[str]:
    corps = companies or ["CrediCor", "Teractor", "PhoboLog", "Helion", "Ecoline", "Thorgate"]
    corps = corps[: 2 * n]
    return [*corps, *PRELUDES[: 4 * n], *PROJECTS[: 10 * n]]


def state(match: Match) -> State:
    assert isinstance(match.state, State)
    return match.state


def player_view(match: Match, player: str) -> PlayerView:
    """A player's own view, checked to be one."""
    view = ENGINE.view(state(match), player)
    assert isinstance(view, PlayerView)
    return view


# -- the worked example ---------------------------------------------------------------------

EXAMPLE_CARDS = PROJECTS[:12]


def play_the_example(**options: Any) -> tuple[Match, list[Event]]:
    """mars-auction-example.md: A, B and C hold 10, 6 and 20 M€; the bidding ends with c1: A2
    B2, c2: C3, c3: A1 C1, c5: B3 C1, c6: A3 B1, c7: C2, c9: A1."""
    match = research(["A", "B", "C"], [10, 6, 20], EXAMPLE_CARDS, **options)
    for player, cards in [
        ("A", (1, 1)), ("B", (1, 1)), ("C", (2, 2)),
        ("A", (3,)), ("B", (5, 5)), ("C", (2,)),
        ("A", (6, 6)), ("B", (5,)), ("C", (3,)),
        ("A", (6,)), ("B", (6,)), ("C", (5,)),
        ("A", (9,)),
    ]:  # fmt: skip
        place(match, player, *cards)
    assert state(match).seats["B"].passed, "B's 6 markers are all its M€ pay for: B has passed"
    place(match, "C", 7, 7)
    match.submit("A", {"type": "pass"})
    events = match.submit("C", {"type": "pass"})
    return match, events


def test_the_worked_example_card_by_card() -> None:
    match, events = play_the_example()
    awarded = [(a["number"], a["winner"], a["paid"]) for a in of(events, "card_awarded")]
    assert awarded[:7] == [
        (1, "A", 2),
        (5, "B", 3),
        (6, "A", 3),
        (2, "C", 3),
        (3, "C", 1),
        (7, "C", 2),
        (9, "A", 1),
    ]
    assert [(a["number"], a["winner"]) for a in of(events, "card_awarded")[7:]] == [
        (4, None), (8, None), (10, None), (11, None), (12, None),
    ]  # fmt: skip
    first = of(events, "card_awarded")[0]
    assert first["markers"] == {"A": 2, "B": 2}, "B's two markers return"
    money = {p: s.money for p, s in state(match).seats.items()}
    assert money == {"A": 4, "B": 3, "C": 14}
    assert state(match).step == "buy"

    a_won = [EXAMPLE_CARDS[0], EXAMPLE_CARDS[5], EXAMPLE_CARDS[8]]
    error = refused(match, "A", {"type": "buy", "cards": a_won})
    assert error.code == "cannot_afford" and "4 M€ left" in error.message
    match.submit("A", {"type": "buy", "cards": a_won[:2]})
    match.submit("B", {"type": "buy", "cards": [EXAMPLE_CARDS[4]]})
    c_won = [EXAMPLE_CARDS[1], EXAMPLE_CARDS[2], EXAMPLE_CARDS[6]]
    events = match.submit("C", {"type": "buy", "cards": c_won})
    [bought] = of(events, "projects_bought")
    assert bought["players"] == {
        "A": {"bought": a_won[:2], "discarded": a_won[2:], "paid": 4},
        "B": {"bought": [EXAMPLE_CARDS[4]], "discarded": [], "paid": 2},
        "C": {"bought": c_won, "discarded": [], "paid": 6},
    }
    assert {p: s.money for p, s in state(match).seats.items()} == {"A": 0, "B": 1, "C": 8}
    [settled] = of(events, "auction_settled")
    assert {p: e["paid_now"] for p, e in settled["players"].items()} == {"A": 10, "B": 5, "C": 12}
    assert state(match).step == "waiting"


def test_the_worked_example_with_c_as_terralabs() -> None:
    """L18: C's bids would be 2 + 0 + 1, and each purchase 1 M€."""
    match, _ = Match.start(
        ENGINE,
        ["A", "B", "C"],
        {"start": "research", "first_player": "A", "cards_csv": TERRALABS_CSV},
        1,
    )
    state(match).seats["C"].corporation = "Terralabs Research"
    match.submit(HOST, {"type": "research", "cards": EXAMPLE_CARDS})
    for player, amount in zip("ABC", [10, 6, 20], strict=True):
        match.submit(player, {"type": "budget", "amount": amount})
    for player, cards in [
        ("A", (1, 1)), ("B", (1, 1)), ("C", (2, 2)), ("A", (3,)), ("B", (5, 5)),
        ("C", (2,)), ("A", (6, 6)), ("B", (5,)), ("C", (3,)), ("A", (6,)), ("B", (6,)),
        ("C", (5,)), ("A", (9,)), ("C", (7, 7)),
    ]:  # fmt: skip
        place(match, player, *cards)
    match.submit("A", {"type": "pass"})
    events = match.submit("C", {"type": "pass"})
    paid = {a["number"]: a["paid"] for a in of(events, "card_awarded") if a["winner"] == "C"}
    assert paid == {2: 2, 3: 0, 7: 1}
    assert state(match).seats["C"].money == 17
    match.submit("A", {"type": "buy", "cards": []})
    match.submit("B", {"type": "buy", "cards": []})
    c_won = [EXAMPLE_CARDS[1], EXAMPLE_CARDS[2], EXAMPLE_CARDS[6]]
    events = match.submit("C", {"type": "buy", "cards": c_won})
    assert of(events, "projects_bought")[0]["players"]["C"]["paid"] == 3


# -- limited: L1-L18 ------------------------------------------------------------------------


def test_l1_the_display_is_numbered_in_the_rulebooks_order() -> None:
    display = setup_display(2)
    _, events = Match.start(ENGINE, ["ann", "bob"], {"display": display}, 1)
    [dealt] = of(events, "display_dealt")
    assert [(c["number"], c["name"]) for c in dealt["cards"]] == list(enumerate(display, 1))
    assert [c["kind"] for c in dealt["cards"][:6]] == ["company"] * 4 + ["prelude"] * 2
    shuffled = [display[4], *display[:4], *display[5:]]
    with pytest.raises(ValueError, match="the order companies, preludes, projects"):
        Match.start(ENGINE, ["ann", "bob"], {"display": shuffled}, 1)


def test_a_display_the_setup_cannot_use_is_refused_as_an_option() -> None:
    """A setup display wrong for the players seated (or a catalogue too short to deal from)
    is refused as options are, with a ValueError naming the option: what the bot's Start and
    `python -m games replay` turn into a sentence, not a rule error of a move."""
    with pytest.raises(ValueError, match=r"^Invalid options: display: A display for 3 players"):
        Match.start(ENGINE, ["ann", "bob", "cy"], {"display": setup_display(2)}, 1)
    with pytest.raises(ValueError, match=r"^Invalid options: display: .*Did you mean"):
        Match.start(ENGINE, ["ann", "bob"], {"display": ["Credicorp", *setup_display(2)[1:]]}, 1)
    only_preludes = {"expansions": ["prelude"]}
    with pytest.raises(ValueError, match=r"^Invalid options: sets: The catalogue has 5"):
        Match.start(ENGINE, ["a", "b", "c", "d", "e"], only_preludes, 1)


def test_a_dealt_setup_deals_from_the_chosen_sets_only() -> None:
    """`expansions` (the bot's `sets:`): the default deals the base game, Corporate Era and
    Prelude, as before the option; with Venus Next and Prelude 2, their cards are dealt too,
    and a Prelude 2 card that needs Colonies or Turmoil is not."""
    default = {c.name for c in CATALOGUE.select(expansions=("base", "corpera", "prelude"))}
    chosen: list[Expansion] = ["base", "corpera", "prelude", "venus", "prelude2"]
    allowed = {c.name for c in CATALOGUE.select(expansions=chosen)}
    seen: dict[str, set[str]] = {"default": set(), "venus": set()}
    for seed in range(8):
        for key, options in (("default", {}), ("venus", {"expansions": chosen})):
            _, events = Match.start(ENGINE, ["a", "b", "c", "d", "e"], options, seed)
            seen[key] |= {c["name"] for c in of(events, "display_dealt")[0]["cards"]}
    assert seen["default"] <= default
    assert seen["venus"] <= allowed and seen["venus"] - default
    expansions = {c.expansion for c in CATALOGUE.cards if c.name in seen["venus"]}
    assert {"venus", "prelude2"} <= expansions
    assert "Colonial Envoys" not in allowed and "Venus Contract" in allowed
    with pytest.raises(ValueError, match="each set may be listed once"):
        Match.start(ENGINE, ["a", "b"], {"expansions": ["venus", "venus"]}, 1)


def test_a_list_stored_before_the_new_sets_deals_as_it_did() -> None:
    """MA-D8 and stored matches: a host's list naming a card that is now built in (Venus
    Governor, Venus Next) with its facts still has it dealt with the default sets (it is the
    host's); one that names it with other facts is read against the default sets, as when it
    was accepted, instead of refusing the match."""
    same = "name,type,cost,tags,starting M€\nVenus Governor,automated,4,venus+venus,\n"
    dealt: set[Expansion] = {"base", "corpera", "prelude", "host"}
    assert "Venus Governor" in {c.name for c in catalogue_for(same).select(expansions=dealt)}
    assert "Venus Governor" not in {c.name for c in CATALOGUE.select(expansions=dealt)}
    other = "name,type,cost,tags,starting M€\nVenus Governor,automated,5,venus,\n"
    old = catalogue_for(other).get("Venus Governor")
    assert old is not None and (old.expansion, old.cost, old.tags) == ("host", 5, ("venus",))
    bad = "name,type,cost,tags,starting M€\nOdd Card,blue,5,,\n"
    with pytest.raises(ValueError, match=r"^Invalid options: cards_csv: line 2: the type 'blue'"):
        catalogue_for(bad)


def test_l2_to_l5_evaluation_order_and_tie_breaks() -> None:
    """L2: by total, then number; L3: most markers wins, the others take theirs back; L4:
    fewer cards won in this evaluation; L5: closer to the round's first player."""
    match = research(["ann", "bob", "cy"], [20, 20, 20], PROJECTS[:12])
    place(match, "ann", 4, 4)  # card 4: ann 2
    place(match, "bob", 2)  # card 2: bob 1
    place(match, "cy", 2)  # card 2: bob 1, cy 1 (tie)
    place(match, "ann", 2)  # card 2: ann 1, bob 1, cy 1 (a three-way tie)
    place(match, "bob", 4, 4)  # card 4: ann 2, bob 2
    match.submit("cy", {"type": "pass"})
    match.submit("ann", {"type": "pass"})
    events = match.submit("bob", {"type": "pass"})
    awarded = of(events, "card_awarded")
    assert [a["number"] for a in awarded[:2]] == [4, 2], "L2: 4 markers before 3"
    assert awarded[0]["winner"] == "ann", "L5: ann is the round's first player"
    assert awarded[1]["winner"] == "bob", "L4: ann has won a card in this evaluation"


def test_l6_one_or_two_markers_or_a_final_pass() -> None:
    match = research(["ann", "bob"], [20, 20], PROJECTS[:8])
    assert refused(match, "bob", {"type": "place", "cards": [1]}).code == "not_your_turn"
    bad = refused(match, "ann", {"type": "place", "cards": [1, 2, 3]})
    assert bad.code == "bad_move"
    place(match, "ann", 1, 2)
    match.submit("bob", {"type": "pass"})
    place(match, "ann", 3)
    assert state(match).to_act == "ann", "bob's pass is final: ann goes on alone"


def test_l7_at_most_three_markers_of_one_player_on_a_card_across_setup_rounds() -> None:
    match = setup(["ann", "bob"], setup_display(2))
    project = FIRST_PROJECT
    place(match, "ann", project, project)
    match.submit("bob", {"type": "pass"})
    place(match, "ann", 1)
    error = refused(match, "ann", {"type": "place", "cards": [project, project]})
    assert error.code == "card_full" and "at most 3" in error.message
    match.submit("ann", {"type": "pass"})
    assert state(match).round == 2 and state(match).to_act == "bob"
    match.submit("bob", {"type": "pass"})
    place(match, "ann", project)
    error = refused(match, "ann", {"type": "place", "cards": [project]})
    assert error.code == "card_full", "the markers of round 1 count (L7)"


def test_l8_at_most_fifteen_new_markers_a_round() -> None:
    match = research(["ann", "bob"], [100, 100], PROJECTS[:8])
    place(match, "ann", 1, 2)
    match.submit("bob", {"type": "pass"})
    for pair in [(3, 4), (5, 6), (7, 8), (1, 2), (3, 4), (5, 6)]:
        place(match, "ann", *pair)
    error = refused(match, "ann", {"type": "place", "cards": [8, 8]})
    assert error.code == "round_full" and "14 of your 15" in error.message
    place(match, "ann", 8)
    assert state(match).seats["ann"].passed, "no legal placement left: ann has passed"
    assert state(match).step == "buy"


def test_l9_markers_only_while_the_budget_pays_for_them() -> None:
    match = research(["ann", "bob"], [3, 20], PROJECTS[:8])
    place(match, "ann", 1, 2)
    place(match, "bob", 1)
    error = refused(match, "ann", {"type": "place", "cards": [3, 4]})
    assert error.code == "budget" and "4 M€" in error.message and "3 M€" in error.message
    events = place(match, "ann", 3)
    [warning] = of(events, "price_warning")
    assert warning == {"player": "ann", "left": 0, "price": 2}
    assert all(e.audience.kind == "players" for e in events if e.type == "price_warning")


def test_l9_l18_the_warning_names_terralabs_price() -> None:
    match, _ = Match.start(
        ENGINE,
        ["ann", "bob"],
        {"start": "research", "first_player": "ann", "cards_csv": TERRALABS_CSV},
        1,
    )
    state(match).seats["ann"].corporation = "Terralabs Research"
    match.submit(HOST, {"type": "research", "cards": PROJECTS[:8]})
    match.submit("ann", {"type": "budget", "amount": 1})
    match.submit("bob", {"type": "budget", "amount": 5})
    [warning] = of(place(match, "ann", 1), "price_warning")
    assert warning == {"player": "ann", "left": 0, "price": 1}


def test_l9_the_setup_budget_is_the_lowest_displayed_corporations() -> None:
    companies = ["CrediCor", "Teractor", "PhoboLog", "Helion"]
    match = setup(["ann", "bob"], setup_display(2, companies))
    assert state(match).setup_budget == 23, "PhoboLog's 23 M€"
    chosen = setup(["ann", "bob"], setup_display(2, companies), setup_budget=5)
    assert state(chosen).setup_budget == 5


def test_l10_l11_company_bids_settled_after_the_corporation_with_one_off_per_card() -> None:
    """The rulebook's example: Anne won 2 companies with bids 2 and 1; she keeps one,
    receives its starting M€, then pays 3 - 2 = 1 M€."""
    companies = ["CrediCor", "Teractor", "PhoboLog", "Helion"]
    match = setup(["anne", "bill"], setup_display(2, companies))
    place(match, "anne", 1, 1)
    place(match, "bill", 3)
    place(match, "anne", 2)
    match.submit("bill", {"type": "pass"})
    events = match.submit("anne", {"type": "pass"})
    awarded = of(events, "card_awarded")
    assert [(a["card"], a["winner"], a["paid"]) for a in awarded[:3]] == [
        ("CrediCor", "anne", 2),
        ("Teractor", "anne", 1),
        ("PhoboLog", "bill", 1),
    ]
    assert state(match).step == "keep"
    events = match.submit("anne", {"type": "keep", "cards": ["Teractor"]})
    [chosen] = of(events, "corporations_chosen")
    assert chosen["players"]["anne"] == {"corporation": "Teractor", "paid": 1}
    assert chosen["players"]["bill"] == {"corporation": "PhoboLog", "paid": 0}
    assert state(match).seats["anne"].money == 59 and state(match).seats["bill"].money == 23
    assert "CrediCor" in [e["card"] for e in of(events, "card_discarded")]


def test_l12_l11_prelude_bids_are_paid_less_one_per_prelude() -> None:
    match = setup(["ann", "bob"], setup_display(2))
    match.submit("ann", {"type": "pass"})
    match.submit("bob", {"type": "pass"})  # companies: one each, drawn (L14)
    assert state(match).round == 2
    first = state(match).to_act
    other = "bob" if first == "ann" else "ann"
    place(match, first or "", 5, 5)
    place(match, other, 7, 7)
    place(match, first or "", 6, 6)
    place(match, other, 7)
    place(match, first or "", 8)
    match.submit(other, {"type": "pass"})
    evaluated = match.submit(first or "", {"type": "pass"})
    assert state(match).step == "keep", f"{first} won preludes 5, 6 and 8: two are kept"
    seat = state(match).seats[first or ""]
    before = seat.money or 0
    events = match.submit(first or "", {"type": "keep", "cards": [PRELUDES[0], PRELUDES[1]]})
    [chosen] = of(events, "preludes_chosen")
    assert chosen["players"][first]["paid"] == 2, "L11: bids 2 + 2 + 1, less 1 per prelude"
    assert state(match).seats[first or ""].money == before - 2
    drawn = [d for d in of(evaluated, "card_drawn") if d["player"] == other]
    assert len(drawn) == 1, f"{other} won one prelude and draws the second (L14)"
    assert chosen["players"][other]["paid"] == 2, (
        "L11: one prelude won with 3 markers, less 1 for the one won; the drawn one is free "
        "and takes nothing off"
    )


def test_l14_too_few_companies_or_preludes_are_drawn_free_and_shown() -> None:
    match = setup(["ann", "bob"], setup_display(2))
    match.submit("ann", {"type": "pass"})
    events = match.submit("bob", {"type": "pass"})
    drawn = of(events, "card_drawn")
    assert [(d["player"], d["kind"]) for d in drawn] == [("ann", "company"), ("bob", "company")]
    assert set(drawn[0]["candidates"]) == {"CrediCor", "Teractor", "PhoboLog", "Helion"}
    assert drawn[1]["card"] not in drawn[1]["candidates"] or drawn[1]["card"] != drawn[0]["card"]
    [chosen] = of(events, "corporations_chosen")
    assert chosen["players"]["ann"]["paid"] == 0 and chosen["players"]["bob"]["paid"] == 0


def test_l15_more_companies_than_kept_the_bids_still_paid() -> None:
    match = setup(["ann", "bob"], setup_display(2))
    place(match, "ann", 1, 2)
    place(match, "bob", 3)
    place(match, "ann", 4)
    match.submit("bob", {"type": "pass"})
    match.submit("ann", {"type": "pass"})
    assert refused(match, "ann", {"type": "keep", "cards": ["CrediCor", "Teractor"]}).code == (
        "keep_count"
    )
    assert refused(match, "ann", {"type": "keep", "cards": ["PhoboLog"]}).code == "not_won"
    assert refused(match, "bob", {"type": "keep", "cards": ["PhoboLog"]}).code == (
        "nothing_to_choose"
    )
    events = match.submit("ann", {"type": "keep", "cards": ["helion"]})
    [chosen] = of(events, "corporations_chosen")
    assert chosen["players"]["ann"] == {"corporation": "Helion", "paid": 0}, "3 bids - 3 cards"


def test_l16_won_projects_bought_for_two_the_rest_discarded() -> None:
    match = research(["ann", "bob"], [5, 5], PROJECTS[:8])
    place(match, "ann", 1, 2)
    place(match, "bob", 3)
    match.submit("ann", {"type": "pass"})
    match.submit("bob", {"type": "pass"})
    assert state(match).seats["ann"].money == 3
    assert refused(match, "ann", {"type": "buy", "cards": PROJECTS[:2]}).code == "cannot_afford"
    assert refused(match, "ann", {"type": "buy", "cards": [PROJECTS[5]]}).code == "not_won"
    match.submit("ann", {"type": "buy", "cards": [PROJECTS[1]]})
    events = match.submit("bob", {"type": "buy", "cards": []})
    [bought] = of(events, "projects_bought")
    assert bought["players"]["ann"] == {
        "bought": [PROJECTS[1]], "discarded": [PROJECTS[0]], "paid": 2,
    }  # fmt: skip
    assert state(match).seats["ann"].paid == 4 and state(match).seats["ann"].money == 1


def test_l17_the_setup_rounds_and_the_starting_player_passing_on() -> None:
    match = setup(["ann", "bob", "cy"], setup_display(3))
    assert state(match).round == 1 and state(match).to_act == "ann"
    kinds_open = {c.kind for c in phases.biddable(state(match))}
    assert kinds_open == {"company", "prelude", "project"}
    for player in ("ann", "bob", "cy"):
        match.submit(player, {"type": "pass"})
    assert state(match).round == 2 and state(match).to_act == "bob", "bob starts round 2"
    assert {c.kind for c in phases.biddable(state(match))} == {"prelude", "project"}
    assert refused(match, "bob", {"type": "place", "cards": [1]}).code == "not_open"
    for player in ("bob", "cy", "ann"):
        match.submit(player, {"type": "pass"})
    assert state(match).round == 3 and state(match).to_act == "cy"
    assert {c.kind for c in phases.biddable(state(match))} == {"project"}
    for player in ("cy", "ann", "bob"):
        events = match.submit(player, {"type": "pass"})
    assert state(match).step == "waiting"
    assert of(events, "starter_passed") == [{"player": "ann"}]
    match.submit(HOST, {"type": "research"})
    assert len(state(match).display) == 12, "players*4 projects"
    assert state(match).step == "budget"


def through_the_setup(match: Match) -> None:
    """Everyone passes until the setup is settled; the first cards of each kind are kept."""
    while state(match).step != "waiting":
        match.submit(HOST, {"type": "close_phase"})


def budgets_in(match: Match, amount: int = 10) -> None:
    for player in state(match).players:
        match.submit(player, {"type": "budget", "amount": amount})


def test_l17_a_research_auction_is_opened_by_the_generations_first_player() -> None:
    """ann is the setup's first player; the marker passes three times in the setup (back to
    ann with 3 players), but generation 1's research auction is opened by the seat after the
    last generation's first player: bob, then cy; the host may name another."""
    match = setup(["ann", "bob", "cy"], setup_display(3))
    through_the_setup(match)
    assert state(match).players[state(match).starter] == "ann", "the marker is back with ann"
    assert ENGINE.view(state(match), None).next_first_player == "bob"
    events = match.submit(HOST, {"type": "research", "first_player": "bob"})
    [dealt] = of(events, "display_dealt")
    assert (dealt["first_player"], dealt["chosen"], dealt["after"]) == ("bob", "next", "ann")
    budgets_in(match)
    assert state(match).to_act == "bob"
    while state(match).step != "waiting":
        match.submit(HOST, {"type": "close_phase"})
    assert ENGINE.view(state(match), None).next_first_player == "cy"
    assert refused(match, HOST, {"type": "research", "first_player": "dee"}).code == (
        "unknown_player"
    )
    events = match.submit(HOST, {"type": "research", "first_player": "ann"})
    [dealt] = of(events, "display_dealt")
    assert (dealt["first_player"], dealt["chosen"], dealt["after"]) == ("ann", "host", "bob")
    budgets_in(match)
    assert state(match).to_act == "ann", "named by the host"
    assert ENGINE.view(state(match), None).next_first_player == "bob"


def test_l17_a_research_move_naming_no_first_player_opens_with_the_next_player() -> None:
    """MA-D11: a research move that names nobody is opened by the player after the last
    generation's first player, not by the marker's holder: ann opened the setup and the
    marker is back with her, so bob opens generation 1, then cy generation 2."""
    match = setup(["ann", "bob", "cy"], setup_display(3), rules_version=2)
    through_the_setup(match)
    assert state(match).players[state(match).starter] == "ann", "the marker is back with ann"
    events = match.submit(HOST, {"type": "research"})
    [dealt] = of(events, "display_dealt")
    assert (dealt["first_player"], dealt["chosen"], dealt["after"]) == ("bob", "next", "ann")
    budgets_in(match)
    assert state(match).to_act == "bob"
    through_the_setup(match)
    events = match.submit(HOST, {"type": "research"})
    [dealt] = of(events, "display_dealt")
    assert (dealt["first_player"], dealt["chosen"], dealt["after"]) == ("cy", "next", "bob")


def test_l17_a_research_move_without_a_first_player_replays_as_before() -> None:
    """Records without `rules_version` (written before versions, by rules 1): the starting
    player marker's holder opens, as it did when they were played."""
    match = setup(["ann", "bob", "cy"], setup_display(3))
    through_the_setup(match)
    events = match.submit(HOST, {"type": "research"})
    assert of(events, "display_dealt")[0]["chosen"] == "marker"
    budgets_in(match)
    assert state(match).to_act == "ann"


def test_the_rules_version_is_written_into_new_matches_and_none_newer_is_read() -> None:
    """New matches play by the newest rules and say so in their options (and so in their
    record); a record of rules this Dealer does not know is refused, not played otherwise."""
    assert ENGINE.new_match_options({"variant": "unlimited"}) == {
        "variant": "unlimited",
        "rules_version": 2,
    }
    match, _ = Match.start(ENGINE, ["ann", "bob"], {"rules_version": 2}, 1)
    assert match.record.options == {"rules_version": 2}
    with pytest.raises(ValueError, match="rules_version"):
        ENGINE.parse_options({"rules_version": 3})


def test_u5_an_opener_with_no_m_euros_opens_at_0_and_is_warned() -> None:
    """U2: ann must open; U5: she can pay 0, so 0 is her one bid. Won so, the project cannot
    be bought (L16: 2 M€): she is warned privately when she bids, as a placement is (L9);
    a bid that leaves the price is not warned."""
    match = research(["ann", "bob"], [0, 20], PROJECTS[:8], variant="unlimited")
    [bid] = [a for a in ENGINE.legal_actions(state(match), "ann") if a.key == "raise"]
    assert bid.amount is not None
    assert (bid.amount.min, bid.amount.max, bid.amount.label) == (
        0,
        0,
        "All you can pay: 0 M€",
    )
    assert refused(match, "ann", {"type": "pass"}).code == "must_open"
    events = match.submit("ann", {"type": "raise", "amount": 0})
    assert of(events, "price_warning") == [
        {"player": "ann", "left": 0, "price": 2, "number": 1, "card": PROJECTS[0]}
    ]
    events = match.submit("bob", {"type": "pass"})
    assert of(events, "card_awarded")[0]["winner"] == "ann"
    events = match.submit("bob", {"type": "raise", "amount": 18})
    assert of(events, "price_warning") == [], "20 − 18 leaves the 2 M€ to buy it"


def test_l17_with_start_research_the_first_auction_is_opened_by_the_first_player() -> None:
    match, _ = Match.start(
        ENGINE, ["ann", "bob", "cy"], {"start": "research", "first_player": "cy"}, 1
    )
    assert ENGINE.view(state(match), None).next_first_player == "cy"


def test_l17_unlimited_the_generations_first_player_opens_the_first_card() -> None:
    match = setup(["ann", "bob", "cy"], setup_display(3), variant="unlimited")
    through_the_setup(match)
    first = ENGINE.view(state(match), None).next_first_player
    assert first == "bob"
    match.submit(HOST, {"type": "research", "first_player": first})
    budgets_in(match)
    lot = state(match).lot
    assert lot is not None and lot.number == 1 and lot.opener == "bob"


def test_l18_terralabs_pays_one_less_per_bid_but_not_in_the_company_auction() -> None:
    companies = ["Terralabs Research", "Teractor", "PhoboLog", "Helion"]
    match = setup(["ann", "bob"], setup_display(2, companies), cards_csv=TERRALABS_CSV)
    place(match, "ann", 1, 1)
    match.submit("bob", {"type": "pass"})
    events = match.submit("ann", {"type": "pass"})
    assert of(events, "card_awarded")[0]["paid"] == 2, "the company auction is full price"
    seat = state(match).seats["ann"]
    assert seat.corporation == "Terralabs Research" and seat.money == 14 - 1
    while state(match).to_act != "ann":
        match.submit(state(match).to_act or "", {"type": "pass"})
    place(match, "ann", FIRST_PROJECT, FIRST_PROJECT)
    while state(match).step == "bidding":
        match.submit(state(match).to_act or "", {"type": "pass"})
    card = next(c for c in state(match).display if c.number == FIRST_PROJECT)
    assert card.winner == "ann" and card.bid == 1, "2 markers, 1 less"
    assert state(match).seats["ann"].money == 12
    assert state(match).step == "buy" and player_view(match, "ann").me.price == 1


def unlimited(players: list[str], budgets: list[int], cards: list[str]) -> Match:
    return research(players, budgets, cards, variant="unlimited")


def test_u1_u2_u3_card_by_card_opening_at_zero_raises_and_final_passes() -> None:
    match = unlimited(["ann", "bob", "cy"], [10, 10, 10], PROJECTS[:12])
    lot = state(match).lot
    assert lot is not None and lot.number == 1 and lot.opener == "ann"
    assert refused(match, "ann", {"type": "pass"}).code == "must_open"
    match.submit("ann", {"type": "raise", "amount": 0})
    assert refused(match, "bob", {"type": "raise", "amount": 0}).code == "too_low"
    match.submit("bob", {"type": "raise", "amount": 2})
    match.submit("cy", {"type": "pass"})
    match.submit("ann", {"type": "raise", "amount": 3})
    events = match.submit("bob", {"type": "pass"})
    [won] = of(events, "card_awarded")
    assert (won["number"], won["winner"], won["paid"]) == (1, "ann", 3)
    assert won["bids"] == [["ann", 0], ["bob", 2], ["ann", 3]]
    assert state(match).seats["ann"].money == 7


def test_u4_the_starting_player_passes_on_after_each_card() -> None:
    match = unlimited(["ann", "bob", "cy"], [10, 10, 10], PROJECTS[:12])
    match.submit("ann", {"type": "raise", "amount": 0})
    match.submit("bob", {"type": "pass"})
    events = match.submit("cy", {"type": "pass"})
    assert of(events, "starter_passed") == [{"player": "bob"}]
    lot = state(match).lot
    assert lot is not None and lot.number == 2 and lot.opener == "bob"


def test_u5_a_bid_no_higher_than_the_player_can_pay() -> None:
    match = unlimited(["ann", "bob"], [4, 10], PROJECTS[:8])
    error = refused(match, "ann", {"type": "raise", "amount": 5})
    assert error.code == "budget" and "at most 4 M€" in error.message
    match.submit("ann", {"type": "raise", "amount": 4})
    match.submit("bob", {"type": "raise", "amount": 5})
    assert state(match).lot is not None and state(match).lot.number == 2, (  # type: ignore[union-attr]
        "ann cannot raise past 4: she has passed"
    )


def test_u6_u7_companies_kept_without_reduction_in_the_unlimited_setup() -> None:
    match = setup(["ann", "bob"], setup_display(2), variant="unlimited")
    for number in range(1, 5):
        lot = state(match).lot
        assert lot is not None and lot.number == number
        opener = lot.opener
        other = "bob" if opener == "ann" else "ann"
        match.submit(opener, {"type": "raise", "amount": 1})
        match.submit(other, {"type": "pass"})
    # Each player opened two companies and won both, for 1 M€ each.
    assert state(match).step == "keep"
    ann_won = [n for n in state(match).seats["ann"].won]
    events = match.submit("ann", {"type": "keep", "cards": ann_won[:1]})
    assert of(events, "corporations_chosen") == []
    bob_won = [n for n in state(match).seats["bob"].won]
    events = match.submit("bob", {"type": "keep", "cards": bob_won[:1]})
    [chosen] = of(events, "corporations_chosen")
    assert chosen["players"]["ann"]["paid"] == 2, "U6: 1 + 1, no reduction"


def test_u5_setup_company_bids_are_capped_by_the_setup_budget() -> None:
    match = setup(["ann", "bob"], setup_display(2), variant="unlimited", setup_budget=3)
    events = match.submit("ann", {"type": "raise", "amount": 3})
    card = match.state.display[0].name
    assert of(events, "passed") == [{"player": "bob", "number": 1, "card": card, "auto": True}], (
        "bob cannot pay 4 of his 3: he has passed"
    )
    assert budgets.available(state(match), "ann") == 0, "3 M€ of company bids, settled later"
    events = match.submit("bob", {"type": "raise", "amount": 0})
    assert of(events, "card_awarded")[0]["winner"] == "bob", "ann cannot raise: she passed"
    lot = state(match).lot
    assert lot is not None and lot.opener == "ann"
    error = refused(match, "ann", {"type": "raise", "amount": 1})
    assert error.code == "budget" and "at most 0 M€" in error.message
    match.submit("ann", {"type": "raise", "amount": 0})


def test_u8_terralabs_pays_one_less_for_each_card_won() -> None:
    match, _ = Match.start(
        ENGINE,
        ["ann", "bob"],
        {"start": "research", "first_player": "ann", "variant": "unlimited",
         "cards_csv": TERRALABS_CSV},
        1,
    )  # fmt: skip
    state(match).seats["ann"].corporation = "Terralabs Research"
    match.submit(HOST, {"type": "research", "cards": PROJECTS[:8]})
    match.submit("ann", {"type": "budget", "amount": 10})
    match.submit("bob", {"type": "budget", "amount": 10})
    match.submit("ann", {"type": "raise", "amount": 3})
    events = match.submit("bob", {"type": "pass"})
    assert of(events, "card_awarded")[0]["paid"] == 2
    assert state(match).seats["ann"].money == 8


# -- Dealer's rulings -------------------------------------------------------------------------


def test_ma_d3_budgets_and_choices_stay_private_until_revealed_together() -> None:
    match, _ = Match.start(ENGINE, ["ann", "bob"], {"start": "research"}, 1)
    match.submit(HOST, {"type": "research", "cards": PROJECTS[:8]})
    events = match.submit("ann", {"type": "budget", "amount": 17})
    public = [e.data for e in events if e.audience.kind == "public"]
    assert public == [{"player": "ann"}] and "17" not in str(public)
    assert player_view(match, "bob").seats["ann"].has_budget is True
    assert not isinstance(ENGINE.view(state(match), None), PlayerView), "no budget for the public"
    events = match.submit(HOST, {"type": "budget", "amount": 9, "for": "bob"})
    [stated] = [e for e in events if e.type == "budget_stated"]
    assert stated.audience.players == ("bob",) and stated.data["by_host"] is True
    assert refused(match, "ann", {"type": "budget", "amount": 1, "for": "bob"}).code == (
        "host_only"
    )


def test_ma_d5_the_deadlines_defaults() -> None:
    match, _ = Match.start(ENGINE, ["ann", "bob"], {"start": "research"}, 1)
    match.submit(HOST, {"type": "research"})
    match.submit("ann", {"type": "budget", "amount": 8})
    events = match.submit(HOST, {"type": "close_phase"})
    assert of(events, "defaults_applied")[0]["players"] == ["bob"]
    assert state(match).seats["bob"].money == 0, "no M€ known for bob yet: 0"
    assert state(match).step == "bidding"
    first = state(match).to_act
    match.submit(HOST, {"type": "close_phase"})
    assert state(match).seats[first or ""].passed


def test_ma_d6_the_host_opens_generations_and_ends_between_them() -> None:
    match, _ = Match.start(ENGINE, ["ann", "bob"], {"start": "research"}, 1)
    assert state(match).step == "waiting"
    assert refused(match, "ann", {"type": "research"}).code == "host_only"
    assert refused(match, HOST, {"type": "close_phase"}).code == "nothing_to_close"
    match.submit(HOST, {"type": "research"})
    assert refused(match, HOST, {"type": "research"}).code == "auction_running"
    assert refused(match, HOST, {"type": "end"}).code == "auction_running"
    for _ in range(10):
        if state(match).step == "waiting":
            break
        match.submit(HOST, {"type": "close_phase"})
    events = match.submit(HOST, {"type": "end"})
    [ended] = of(events, "match_ended")
    assert ended["generations"] == 1 and set(ended["players"]) == {"ann", "bob"}
    assert ENGINE.placings(state(match)) is not None


def test_ma_d7_a_player_who_leaves_takes_their_markers_off() -> None:
    match = research(["ann", "bob", "cy"], [10, 10, 10], PROJECTS[:12])
    place(match, "ann", 1, 1)
    place(match, "bob", 2)
    events = match.submit("bob", {"type": "forfeit"})
    assert of(events, "player_forfeited") == [{"player": "bob"}]
    card = next(c for c in state(match).display if c.number == 2)
    assert card.markers == {}
    assert state(match).to_act == "cy"
    assert refused(match, "bob", {"type": "pass"}).code == "kicked"


def test_ma_d9_a_setup_without_preludes_deals_and_draws_none() -> None:
    display = ["CrediCor", "Teractor", "PhoboLog", "Helion", *PROJECTS[:20]]
    for variant in ("limited", "unlimited"):
        match = setup(["ann", "bob"], display, variant=variant)
        for _ in range(200):
            if state(match).step == "waiting":
                break
            match.submit(HOST, {"type": "close_phase"})
        assert state(match).step == "waiting", variant
        assert all(seat.preludes == [] for seat in state(match).seats.values()), variant
        assert all(seat.corporation for seat in state(match).seats.values()), variant


def test_a_display_entered_by_name_is_checked() -> None:
    match, _ = Match.start(ENGINE, ["ann", "bob"], {"start": "research"}, 1)
    short = refused(match, HOST, {"type": "research", "cards": PROJECTS[:7]})
    assert short.code == "display_size" and short.message == (
        "A display for 2 players holds 0 companies, 0 preludes and 8 projects; these names hold "
        "0, 0 and 7."
    )
    one = refused(match, HOST, {"type": "research", "cards": ["Teractor"]})
    assert one.message.endswith("these names hold 1, 0 and 0."), one.message
    none = refused(match, HOST, {"type": "research", "cards": []})
    assert none.message.endswith("these names hold 0, 0 and 0."), none.message
    unknown = refused(match, HOST, {"type": "research", "cards": [*PROJECTS[:7], "Nonsense"]})
    assert unknown.code == "unknown_card"
    twice = refused(match, HOST, {"type": "research", "cards": [*PROJECTS[:7], PROJECTS[0]]})
    assert twice.code == "dealt_twice"
    match.submit(HOST, {"type": "research", "cards": PROJECTS[:8]})
    for _ in range(10):
        if state(match).step == "waiting":
            break
        match.submit(HOST, {"type": "close_phase"})
    again = refused(match, HOST, {"type": "research", "cards": PROJECTS[:8]})
    assert again.code == "dealt_twice", "no card dealt twice in one game"


def test_no_card_is_dealt_twice_in_a_game() -> None:
    match, _ = Match.start(ENGINE, ["ann", "bob", "cy", "dee", "eve"], {}, 3)
    for _ in range(300):
        if state(match).step == "waiting":
            if state(match).generation == 3:
                break
            match.submit(HOST, {"type": "research"})
        else:
            match.submit(HOST, {"type": "close_phase"})
    dealt = state(match).dealt
    assert len(dealt) == len(set(dealt)) == 5 * 16 + 3 * 5 * 4 + 0
