"""MARSBOT's draft as pure functions: one test (or more) per ruling A1-A15 of
marsbot-corporations.en.md §4, per special corporation (CrediCor, Spire, Aridor), and the
rulebook's Celestic and Saturn Systems examples. Each test's name starts with what it checks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from games.core.errors import RuleError
from games.core.rng import RandomSource
from games.marsbot_draft.cards import DraftCard, parse_card, parse_cards
from games.marsbot_draft.draft import (
    BONUS_CARD,
    Decision,
    action_deck,
    discard,
    discard_why,
    key,
    pick,
    pick_why,
)
from games.marsbot_draft.priority import (
    CORPORATIONS,
    LowestTrack,
    MostExpensive,
    MostTags,
    Tags,
    corporation,
    find_corporation,
    freeze,
    lowest_track,
    parse_levels,
    parse_priority,
    tags,
)

CELESTIC = tags("venus", "jovian")
SATURN = tags("jovian", "space")
LEVELS = {
    "building": 5,
    "space": 4,
    "event": 6,
    "science": 7,
    "power": 3,
    "earth": 8,
    "plant": 9,
}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules" / "marsbot-draft.md"


def pile(text: str) -> list[DraftCard]:
    return parse_cards(text)


def drawn_over_seeds(cards: list[DraftCard], decide: object, seeds: int = 200) -> Counter[str]:
    """How often each card is chosen by `decide(cards, rng)` over many seeds."""
    assert callable(decide)
    counts: Counter[str] = Counter()
    for seed in range(seeds):
        decision = decide(cards, RandomSource(seed=seed))
        counts[str(decision.chosen)] += 1
    return counts


# -- the rulebook's examples ------------------------------------------------------------------


def test_celestic_example_venus_governor_first_then_one_venus_jovian_breaking_ties() -> None:
    """Example 1: two Venus symbols first (Venus Governor, #255, not in the catalogue: written
    out); then one Venus, those with Jovian first; then a Jovian card; random when none."""
    governor = "Venus Governor:4:venus+venus"
    venus_jovian = "Jovian Venus Probe:9:venus+jovian"
    venus = "Venus Plain:7:venus"
    order = [governor, venus_jovian, venus, "Io Mining Industries", "Space Station"]
    rng = RandomSource(seed=3)
    for start in range(len(order) - 1):
        decision = pick(pile(";".join(order[start:])), CELESTIC, rng)
        assert decision.chosen == parse_card(order[start]).name
        assert decision.candidates == [decision.chosen]
    assert key(parse_card(governor), CELESTIC) == (2, 0)
    assert key(parse_card(venus_jovian), CELESTIC) == (1, 1)
    two_jovian = pick(pile("Venus Plain:7:venus;Double:5:jovian+jovian"), CELESTIC, rng)
    assert two_jovian.chosen == "Venus Plain", "one Venus beats two Jovian (A3)"


def test_celestic_example_jovian_cards_tied_are_drawn_at_random() -> None:
    cards = pile("Io Mining Industries;Ganymede Colony;Space Station;Asteroid")
    counts = drawn_over_seeds(cards, lambda c, r: pick(c, CELESTIC, r))
    assert set(counts) == {"Io Mining Industries", "Ganymede Colony"}
    decision = pick(cards, CELESTIC, RandomSource(seed=1))
    assert decision.candidates == ["Io Mining Industries", "Ganymede Colony"]
    other = (
        "Ganymede Colony" if decision.chosen == "Io Mining Industries" else "Io Mining Industries"
    )
    assert pick_why("Celestic", CELESTIC, decision) == (
        f"Celestic: Venus 0 > Jovian 1; tied with {other}, drawn at random"
    )


def test_celestic_example_no_listed_symbol_draws_among_all() -> None:
    cards = pile("Space Station;Asteroid;Research Outpost")
    decision = pick(cards, CELESTIC, RandomSource(seed=0))
    assert decision.candidates == ["Space Station", "Asteroid", "Research Outpost"]
    assert pick_why("Celestic", CELESTIC, decision) == (
        "Celestic: no card has Venus or Jovian, so it is drawn at random among all 3"
    )


def test_saturn_systems_example_ganymede_colony_then_asteroid_mining_then_space_station() -> None:
    """Example 2: Ganymede Colony (081) > Asteroid Mining Consortium (002) > Space Station
    (025, "Orbital Station" in the Czech edition)."""
    saturn = find_corporation("Saturn Systems").priority
    assert saturn == SATURN
    cards = pile("Space Station;Asteroid Mining Consortium;Ganymede Colony")
    assert [c.number for c in cards] == ["025", "002", "081"]
    rng = RandomSource(seed=0)
    ranked = []
    while cards:
        decision = pick(cards, SATURN, rng)
        ranked.append(decision.chosen)
        cards = [c for c in cards if c.name != decision.chosen]
    assert ranked == ["Ganymede Colony", "Asteroid Mining Consortium", "Space Station"]
    assert rng.draws == 0, "no tie, no draw"


# -- A1 to A15 ---------------------------------------------------------------------------------


def test_a1_the_lost_icons_are_restored_celestic_venus_jovian_saturn_jovian_space() -> None:
    assert find_corporation("Celestic").priority == Tags(levels=(("venus",), ("jovian",)))
    assert find_corporation("Saturn Systems").priority == Tags(levels=(("jovian",), ("space",)))
    assert find_corporation("celestic").number == "C26"
    assert key(parse_card("Research Coordination"), tags("building")) == (0,), "wild is wild"


def test_a2_only_pick_and_discard_change_the_action_deck_is_the_kept_cards_and_a_bonus() -> None:
    kept = pile("Space Station;Asteroid;Comet;Ganymede Colony")
    rng = RandomSource(seed=5)
    deck = action_deck(kept[:3], rng)
    assert sorted(deck) == sorted([*(c.name for c in kept[:3]), BONUS_CARD])
    assert len(action_deck(kept, rng)) == 5, "4 cards kept, nothing discarded: 5"
    decks = {tuple(action_deck(kept[:3], RandomSource(seed=s))) for s in range(30)}
    assert len(decks) > 1, "the deck is shuffled"


def test_a3_levels_compare_lexicographically_totals_count_within_a_level() -> None:
    assert key(parse_card("Two:5:jovian+jovian"), CELESTIC) == (0, 2)
    assert key(parse_card("One:5:venus"), CELESTIC) > key(
        parse_card("Two:5:jovian+jovian"), CELESTIC
    )
    side_by_side = tags("plant+animal+microbe")
    assert key(parse_card("Advanced Ecosystems"), side_by_side) == (3,)
    both = pick(
        pile("Advanced Ecosystems;Two:5:plant+plant;Birds"), side_by_side, RandomSource(seed=0)
    )
    assert both.chosen == "Advanced Ecosystems"


def test_a4_aridor_multi_tag_track_is_one_level_or_a_cascade_as_an_option() -> None:
    levels = {**LEVELS, "power": 1}
    assert lowest_track(levels).id == "power"
    one = freeze(LowestTrack(), levels)
    assert one == Tags(levels=(("power", "jovian"),))
    cascade = freeze(LowestTrack(), levels, "cascade")
    assert cascade == Tags(levels=(("power",), ("jovian",)))
    cards = pile("Io Mining Industries;Power Plant")
    counts = drawn_over_seeds(cards, lambda c, r: pick(c, one, r))
    assert set(counts) == {"Io Mining Industries", "Power Plant"}, "equal weight: a tie"
    assert pick(cards, cascade, RandomSource(seed=0)).chosen == "Power Plant"


def test_a5_the_event_tag_counts() -> None:
    asteroid = parse_card("Asteroid")
    assert asteroid.tags == ("space", "event")
    assert key(asteroid, MostTags()) == (2,)
    palladin = find_corporation("Palladin Shipping").priority
    assert isinstance(palladin, Tags)
    decision = pick(pile("Space Station;Asteroid"), palladin, RandomSource(seed=0))
    assert decision.chosen == "Asteroid" and decision.keys["Asteroid"] == [1, 1]
    assert parse_card("Written:3:event").tags == ("event",)


def test_a6_wild_tags_never_count_not_even_for_spire() -> None:
    assert parse_card("Research Coordination").tags == ("wild",)
    assert key(parse_card("Research Coordination"), MostTags()) == (0,)
    assert key(parse_card("Odd:5:wild+wild"), MostTags()) == (0,)
    decision = pick(pile("Odd:5:wild+wild;Space Station"), MostTags(), RandomSource(seed=0))
    assert decision.chosen == "Space Station"
    with pytest.raises(RuleError, match="wild tag is never counted"):
        parse_priority("wild>space")


def test_a7_ties_and_no_match_are_drawn_uniformly_among_all_tied() -> None:
    cards = pile("Space Station;Asteroid;Comet;Research Outpost")
    counts = drawn_over_seeds(cards, lambda c, r: pick(c, tags("earth"), r), seeds=400)
    assert set(counts) == {c.name for c in cards}, "no match: every card is tied"
    assert min(counts.values()) > 60, counts
    tied = drawn_over_seeds(cards, lambda c, r: pick(c, tags("space"), r), seeds=400)
    assert set(tied) == {"Space Station", "Asteroid", "Comet"}, "Research Outpost has no space"


def test_a7_every_draw_comes_from_the_seeded_generator() -> None:
    cards = pile("Space Station;Asteroid;Comet")
    first = pick(cards, tags("space"), RandomSource(seed=11))
    again = pick(cards, tags("space"), RandomSource(seed=11))
    assert first == again
    rng = RandomSource(seed=11)
    pick(cards, tags("space"), rng)
    assert rng.draws == 1


def test_a8_at_most_one_card_is_discarded_at_random_among_the_unprotected() -> None:
    kept = pile("Space Station;Birds;Comet;Research Outpost")
    counts = drawn_over_seeds(kept, lambda c, r: discard(c, tags("space"), r), seeds=300)
    assert set(counts) == {"Birds", "Research Outpost"}
    decision = discard(kept, tags("space"), RandomSource(seed=2))
    assert decision.candidates == ["Birds", "Research Outpost"]
    assert decision.chosen in decision.candidates
    protected = discard(
        pile("Space Station;Asteroid;Comet;Ganymede Colony"), tags("space"), RandomSource(seed=2)
    )
    assert protected.chosen is None and protected.candidates == []
    assert discard_why("Astrodrill", tags("space"), protected) == (
        "Astrodrill: every card has Space, so none is discarded"
    )


def test_a9_credicor_uses_the_printed_cost_and_protects_every_card_at_the_top() -> None:
    credicor = find_corporation("CrediCor").priority
    assert credicor == MostExpensive()
    kept = pile("Io Mining Industries;Top:41:;Comet;Space Station")
    decision = discard(kept, credicor, RandomSource(seed=0))
    assert decision.candidates == ["Comet", "Space Station"]
    same = pile("A:10:;B:10:;C:10:;D:10:")
    none = discard(same, credicor, RandomSource(seed=0))
    assert none.chosen is None
    assert discard_why("CrediCor", credicor, none) == (
        "CrediCor: all 4 cards cost 10 M€, so none is discarded"
    )


def test_a10_spire_discards_a_card_with_the_fewest_tags_czech_or_keeps_the_most_english() -> None:
    kept = pile("Three:1:science+space+power;Two:1:earth+city;OneA:1:plant;OneB:1:animal")
    czech = drawn_over_seeds(kept, lambda c, r: discard(c, MostTags(), r))
    assert set(czech) == {"OneA", "OneB"}
    english = drawn_over_seeds(
        kept, lambda c, r: discard(c, MostTags(), r, spire_rule="english"), seeds=300
    )
    assert set(english) == {"Two", "OneA", "OneB"}
    decision = discard(kept, MostTags(), RandomSource(seed=1), spire_rule="english")
    assert discard_why("Spire", MostTags(), decision, spire_rule="english").startswith(
        "Spire: keeps the most tags (Three, 3); "
    )
    level = pile("A:1:space+earth;B:1:plant+city;C:1:event+space;D:1:jovian+jovian")
    for rule in ("czech", "english"):
        assert discard(level, MostTags(), RandomSource(seed=0), spire_rule=rule).chosen is None


def test_a11_aridor_venus_card_is_not_protected_but_not_preferred() -> None:
    levels = {**LEVELS, "power": 3, "venus": 3}
    frozen = freeze(LowestTrack(), levels)
    assert frozen == Tags(levels=(("power", "jovian"),)), "energy before Venus at 3 and 3"
    kept = pile("Power Plant;Venus Card:5:venus;Space Station;Io Mining Industries")
    counts = drawn_over_seeds(kept, lambda c, r: discard(c, frozen, r), seeds=300)
    assert set(counts) == {"Venus Card", "Space Station"}


def test_a12_aridor_priority_is_frozen_at_the_draft_start_and_venus_only_with_venus_next() -> None:
    assert freeze(LowestTrack(), LEVELS) == Tags(levels=(("power", "jovian"),))
    with_venus = freeze(LowestTrack(), {**LEVELS, "venus": 0})
    assert with_venus == Tags(levels=(("venus",),))
    assert freeze(CELESTIC, None) is CELESTIC, "other priorities are what their card shows"
    with pytest.raises(RuleError, match="give the levels of MARSBOT's tracks"):
        freeze(LowestTrack(), None)


def test_a13_and_a15_are_outside_the_draft_and_the_rules_page_says_so() -> None:
    """A13 (the cubes a corporation's setup uses) and A15 (when round-start effects run)
    concern the game around the draft; the bot does nothing for them and its rules page says
    what it does for every ruling."""
    text = DOCS.read_text(encoding="utf-8")
    for ruling in (f"A{n}" for n in range(1, 16)):
        assert f"**{ruling}**" in text, f"{ruling} is not in docs/rules/marsbot-draft.md"
    for ruling in ("A13", "A15"):
        entry = text.split(f"**{ruling}**", 1)[1].split("\n- ", 1)[0]
        assert "outside the draft" in entry, entry


def test_a14_the_bot_computes_the_pick_the_player_does_not_choose_it() -> None:
    """The pick is a function of the pile, the priority and the generator alone."""
    cards = pile("Space Station;Asteroid;Ganymede Colony")
    decisions = {pick(cards, SATURN, RandomSource(seed=s)).chosen for s in range(20)}
    assert decisions == {"Ganymede Colony"}


# -- the special corporations -------------------------------------------------------------


def test_credicor_picks_the_most_expensive_ties_drawn() -> None:
    credicor = find_corporation("credicor").priority
    assert isinstance(credicor, MostExpensive)
    cards = pile("Comet;Space Station;Big Asteroid;Pricey:27:")
    decision = pick(cards, credicor, RandomSource(seed=4))
    assert decision.candidates == ["Big Asteroid", "Pricey"]
    assert decision.keys == {
        "Comet": [21],
        "Space Station": [10],
        "Big Asteroid": [27],
        "Pricey": [27],
    }
    assert pick_why("CrediCor", credicor, decision).startswith(
        "CrediCor: the most expensive, 27 M€; tied with "
    )


def test_spire_picks_the_most_tags() -> None:
    spire = find_corporation("Spire").priority
    assert isinstance(spire, MostTags)
    decision = pick(pile("Space Station;Ganymede Colony;Asteroid"), spire, RandomSource(seed=0))
    assert decision.chosen == "Ganymede Colony"
    assert pick_why("Spire", spire, decision) == "Spire: the most tags, 3"
    czech = discard(
        pile("Ganymede Colony;Asteroid;Space Station;Comet"), spire, RandomSource(seed=0)
    )
    assert czech.candidates == ["Space Station"]
    assert discard_why("Spire", spire, czech) == "Spire: Space Station has the fewest tags (1)"


def test_aridor_takes_the_lowest_track_with_its_levels_as_input() -> None:
    aridor = find_corporation("Aridor")
    assert isinstance(aridor.priority, LowestTrack)
    levels = parse_levels("building 5, space 4, event 6, science 7, jovian 3, earth 8, plant 2")
    assert levels["power"] == 3 and lowest_track(levels).id == "plant"
    frozen = freeze(aridor.priority, levels)
    assert frozen == Tags(levels=(("plant", "animal", "microbe"),))
    decision = pick(pile("Advanced Ecosystems;Birds;Space Station"), frozen, RandomSource(seed=0))
    assert decision.chosen == "Advanced Ecosystems"
    assert pick_why("Aridor", frozen, decision) == "Aridor: Plant+Animal+Microbe 3"
    tied = {**LEVELS, "building": 3, "power": 3}
    assert lowest_track(tied).id == "building", "a tie goes to the track printed highest"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("building 5, space 4", "missing: event, science, power, earth, plant"),
        ("building 5, space 4, moon 3", "'moon' is no track"),
        ("building five", "is not a track and its level"),
        ("building 5, building 4", "given twice"),
        ("building 500, space 4, event 6, science 7, power 3, earth 8, plant 2", "from 0 to 99"),
    ],
)
def test_aridor_track_levels_are_checked(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        parse_levels(text)


def test_every_corporation_priority_is_as_transcribed() -> None:
    table = {c.name: c.priority.written() for c in CORPORATIONS}
    assert table == {
        "CrediCor": "most-expensive",
        "Saturn Systems": "jovian>space",
        "Teractor": "earth",
        "Tharsis Republic": "city",
        "Thorgate": "power",
        "Cheung Shing MARS": "building",
        "Point Luna": "earth",
        "Valley Trust": "science",
        "Astrodrill": "space",
        "Pharmacy Union": "science",
        "Recyclon": "building",
        "Splice": "microbe",
        "Celestic": "venus>jovian",
        "Aphrodite": "plant>animal>venus",
        "Aridor": "lowest-track",
        "Arklight": "animal>plant",
        "Ecotec": "plant>microbe>animal",
        "Kuiper Cooperative": "space",
        "Palladin Shipping": "space>event",
        "Spire": "most-tags",
        "Tycho Magnetics": "power>science",
    }
    unconfirmed = {c.name for c in CORPORATIONS if not c.confirmed}
    assert unconfirmed == {
        "Aphrodite",
        "Arklight",
        "Ecotec",
        "Kuiper Cooperative",
        "Palladin Shipping",
        "Tycho Magnetics",
    }


# -- cards and priorities as typed ------------------------------------------------------------


def test_cards_are_named_from_the_catalogue_or_written_out() -> None:
    assert parse_card("ganymede colony").name == "Ganymede Colony"
    odd = parse_card("Odd:5:wild+wild")
    assert (odd.name, odd.cost, odd.tags, odd.number) == ("Odd", 5, ("wild", "wild"), None)
    assert odd.written() == "Odd:5:wild+wild"
    assert parse_card("Space Station:10:space").number == "025", "the same facts: that card"
    assert parse_card("Ganymede Colony:20:space+jovian+city").name == "Ganymede Colony", (
        "its tags in another order are the same facts"
    )
    assert parse_card("Blank:3:").tags == ()


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("Ganymed colony", "unknown_card", "Did you mean Ganymede Colony"),
        ("Helion", "not_a_project", "only project cards are drafted"),
        ("Odd:five:space", "bad_card", "is not a whole number from 0 to 100"),
        ("Odd:5:spaec", "bad_card", "'spaec' is no tag"),
        ("Odd:5", "bad_card", "name:cost:tag+tag"),
        ("Space Station:11:space", "bad_card", "is in the catalogue (cost 10, tags space)"),
        ("Odd:5:event+event", "bad_card", "one event tag"),
    ],
)
def test_bad_cards_are_refused_with_a_sentence(text: str, code: str, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_card(text)
    assert caught.value.code == code and message in caught.value.message


def test_a_pile_names_each_card_once() -> None:
    assert [c.name for c in parse_cards("Asteroid; Comet ;")] == ["Asteroid", "Comet"]
    with pytest.raises(RuleError, match="Asteroid is named twice"):
        parse_cards("Asteroid;asteroid")


def test_priorities_are_a_corporation_or_written_out() -> None:
    assert parse_priority("celestic") == ("Celestic", CELESTIC)
    assert parse_priority("building>space") == (None, tags("building", "space"))
    assert parse_priority("energy") == (None, tags("power"))
    assert parse_priority("most-expensive") == (None, MostExpensive())
    assert parse_priority("most tags") == (None, MostTags())
    assert parse_priority("power+jovian>earth")[1] == Tags(levels=(("power", "jovian"), ("earth",)))
    with pytest.raises(RuleError) as caught:
        parse_priority("Helion")
    assert caught.value.code == "no_priority"
    with pytest.raises(RuleError) as unknown:
        parse_priority("Nobody Inc")
    assert unknown.value.code == "bad_priority"
    assert corporation("Mining Guild") is None


def test_a_decision_reports_chosen_candidates_and_keys() -> None:
    decision = Decision(chosen="A", candidates=["A", "B"], keys={"A": [1], "B": [1]})
    assert decision.report() == {
        "chosen": "A",
        "candidates": ["A", "B"],
        "keys": {"A": [1], "B": [1]},
    }
    assert decision.drawn
