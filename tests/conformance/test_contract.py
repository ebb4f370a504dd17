"""The engine contract's own parts: the models' checks and `Action.build`, the versioned state
text, and proof that the conformance suite's contract checks catch an engine that breaks the
contract (a sealed move told to the public, an action refused, a player who may act left out
of `may`, a move accepted from someone who may not act)."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest
from pydantic import ValidationError

from games.auction_auction import ENGINE as AUCTION_AUCTION
from games.auction_auction.model import Bid, State
from games.auction_auction.rules import AuctionAuction
from games.core.contract import (
    MAX_KEY,
    Action,
    Amount,
    Choice,
    Forfeit,
    Phase,
    Pick,
    Placings,
    Turn,
)
from games.core.engine import HOST, STATE_VERSION_KEY
from games.core.errors import RuleError
from games.core.events import Audience, Event
from games.core.match import Match
from games.registry import ENGINES
from tests.conformance.test_conformance import Playout, Setup, leaks, names

SEAT = ["ann", "bob", "cy", "dee"]


def choices(*values: str) -> list[Choice]:
    return [Choice(value=v, label=v.title()) for v in values]


# -- the models -----------------------------------------------------------------------------


def test_build_fills_the_amount_and_a_single_pick() -> None:
    action = Action(
        key="give",
        label="Give money",
        move={"type": "give"},
        pick=Pick(field="to", choices=choices("bob", "cy")),
        amount=Amount(min=1, max=40),
    )
    assert action.build(amount=12, picked=["cy"]) == {"type": "give", "to": "cy", "amount": 12}


def test_a_multi_select_fills_a_list_and_as_list_does_with_one_choice() -> None:
    keep = Pick(field="cards", choices=choices("a01", "a02", "a03"), min=0, max=3)
    single = Pick(field="cards", choices=choices("a01"), min=0, max=1, as_list=True)
    action = Action(key="keep", label="Keep", move={"type": "keep"}, pick=keep)
    assert action.build(picked=["a03", "a01"]) == {"type": "keep", "cards": ["a03", "a01"]}
    assert action.build(picked=[]) == {"type": "keep", "cards": []}
    lone = Action(key="keep", label="Keep", move={"type": "keep"}, pick=single)
    assert lone.build(picked=["a01"]) == {"type": "keep", "cards": ["a01"]}
    assert lone.build(picked=[]) == {"type": "keep", "cards": []}


def test_an_optional_single_pick_left_empty_leaves_its_field_out() -> None:
    pick = Pick(field="slot", choices=choices("attack-1"), min=0)
    action = Action(key="play:a01", label="Play Scout", move={"type": "play", "card": "a01"})
    optional = action.model_copy(update={"pick": pick})
    assert optional.build(picked=[]) == {"type": "play", "card": "a01"}


@pytest.mark.parametrize(
    ("amount", "picked", "wrong"),
    [
        (None, ["bob"], "needs an amount"),
        (5, None, "pick 1 to 1"),
        (5, ["zed"], "among the choices"),
        (5, ["bob", "bob"], "distinct"),
        (5, ["bob", "cy"], "pick 1 to 1"),
    ],
)
def test_build_refuses_what_the_action_does_not_take(
    amount: int | None, picked: list[str] | None, wrong: str
) -> None:
    action = Action(
        key="give",
        label="Give money",
        move={"type": "give"},
        pick=Pick(field="to", choices=choices("bob", "cy")),
        amount=Amount(min=1, max=40),
    )
    with pytest.raises(ValueError, match=wrong):
        action.build(amount=amount, picked=picked)


def test_build_takes_no_amount_or_pick_an_action_does_not_have() -> None:
    action = Action(key="pass", label="Pass", move={"type": "pass"})
    with pytest.raises(ValueError, match="takes no amount"):
        action.build(amount=1)
    with pytest.raises(ValueError, match="takes no pick"):
        action.build(picked=["x"])


def test_an_amount_out_of_bounds_is_left_to_the_engine() -> None:
    """The engine's refusal says what is wrong in the game's words ("You bid $60 but hold
    $45."), so `build` fills an amount out of bounds as it is."""
    action = Action(
        key="bid:genre-shop",
        label="Genre Shop",
        move={"type": "bid", "target": "genre-shop"},
        amount=Amount(min=0, max=45),
    )
    assert action.build(amount=60)["amount"] == 60


@pytest.mark.parametrize(
    ("make", "wrong"),
    [
        (lambda: Amount(min=5, max=4), "is empty"),
        (lambda: Pick(field="cards", choices=choices("a01"), max=2), "not possible"),
        (lambda: Pick(field="cards", choices=choices("a01", "a01")), "distinct values"),
        (lambda: Choice(value="x", label="x" * 101), "at most 100 characters"),
        (lambda: Action(key="k", label="K", move={}), "has a type"),
        (
            lambda: Action(
                key="k",
                label="K",
                move={"type": "bid"},
                amount=Amount(field="target", min=0, max=1),
                pick=Pick(field="target", choices=choices("a")),
            ),
            "distinct fields",
        ),
        (
            lambda: Phase(name="turn", title="T", default_seconds=0, on_deadline="A pass."),
            "positive",
        ),
        (
            lambda: Turn(
                phase=Phase(name="turn", title="T", default_seconds=60, on_deadline="A pass."),
                players=["ann", "bob"],
                out=["bob"],
                must=["bob"],
                may=["bob"],
            ),
            "who are not out",
        ),
        (lambda: Placings(places={"ann": 0}, winners=[]), "count from 1"),
        (lambda: Placings(places={"ann": 1, "bob": 2}, winners=["bob"]), "in first place"),
        (lambda: Placings(places={"ann": 1}, winners=["ann", "ann"]), "distinct players"),
        (lambda: Placings(places={"ann": 1}, winners=["zed"]), "in first place"),
    ],
)
def test_the_models_refuse_what_makes_no_sense(make: Any, wrong: str) -> None:
    with pytest.raises(ValidationError, match=wrong):
        make()


# -- the state text -------------------------------------------------------------------------


def started(game: str) -> Any:
    engine = ENGINES[game]
    match, _ = Match.start(engine, names(engine.min_players), {}, 7)
    return engine, match.state


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_the_state_text_carries_its_version_and_loads_back(game: str) -> None:
    engine, state = started(game)
    text = engine.dump_state_json(state)
    assert json.loads(text)[STATE_VERSION_KEY] == 1
    assert engine.dump_state(engine.load_state_json(text)) == engine.dump_state(state)
    assert engine.dump_state(engine.state_type.model_validate_json(text)) == engine.dump_state(
        state
    ), "a reader from before versions no longer loads the text"


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_text_written_before_versions_loads_as_version_1(game: str) -> None:
    engine, state = started(game)
    old = state.model_dump_json()
    assert STATE_VERSION_KEY not in json.loads(old)
    assert engine.dump_state(engine.load_state_json(old)) == engine.dump_state(state)


class AuctionAuctionV2(AuctionAuction):
    """A later Auction Auction whose state is of version 2; its `upgrade` from version 1
    stands in for a real change by moving the round on, so that its work can be seen."""

    state_version: ClassVar[int] = 2
    upgraded: ClassVar[list[int]] = []

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        self.upgraded.append(version)
        if version == 1:
            return {**data, "round": data["round"] + 1}
        return super().upgrade(data, version)


def test_an_older_state_goes_through_the_games_upgrade() -> None:
    engine = AuctionAuctionV2()
    _, state = started("auction-auction")
    AuctionAuctionV2.upgraded.clear()
    assert engine.load_state_json(state.model_dump_json()).round == 2
    assert AuctionAuctionV2.upgraded == [1]
    AuctionAuctionV2.upgraded.clear()
    text = engine.dump_state_json(state)
    assert json.loads(text)[STATE_VERSION_KEY] == 2
    assert engine.load_state_json(text).round == 1
    assert AuctionAuctionV2.upgraded == [2]


@pytest.mark.parametrize(
    ("version", "wrong"),
    [(2, "newer than this Dealer's 1"), (0, "whole number from 1"), ("1", "whole number")],
)
def test_a_state_of_a_version_it_cannot_read_is_refused(version: Any, wrong: str) -> None:
    engine, state = started("auction-auction")
    text = json.dumps({STATE_VERSION_KEY: version, **engine.dump_state(state)})
    with pytest.raises(ValueError, match=wrong):
        engine.load_state_json(text)


def test_the_default_upgrade_refuses_a_version_it_does_not_know() -> None:
    engine, state = started("project-mars")
    data = engine.dump_state(state)
    assert engine.upgrade(data, 1) is data
    with pytest.raises(ValueError, match="cannot read a stored state of version 7"):
        engine.upgrade(data, 7)
    with pytest.raises(ValueError, match="JSON object"):
        engine.load_state_json("[]")


# -- the conformance checks have teeth ------------------------------------------------------


class LeakyAuctionAuction(AuctionAuction):
    """Tells everyone each sealed bid's amount as it is made."""

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        events = super().apply(state, actor, move)
        if isinstance(move, Bid):
            events.append(Event("bid_echoed", Audience.public(), {"amount": move.amount}))
        return events


class OverreachingAuctionAuction(AuctionAuction):
    """Offers access bids up to a dollar more than the player holds."""

    def legal_actions(self, state: State, player: str) -> list[Action]:
        return [
            a.model_copy(update={"amount": Amount(min=0, max=a.amount.max + 1)})
            if a.amount is not None and a.type == "bid"
            else a
            for a in super().legal_actions(state, player)
        ]


class ForgetfulAuctionAuction(AuctionAuction):
    """Leaves the last player out of `may`, though they have legal actions."""

    def turn(self, state: State) -> Turn:
        turn = super().turn(state)
        may = turn.may[:-1]
        return turn.model_copy(update={"may": may, "must": [p for p in turn.must if p in may]})


class PermissiveAuctionAuction(AuctionAuction):
    """Says the first player may do nothing, but takes their moves all the same."""

    def legal_actions(self, state: State, player: str) -> list[Action]:
        return [] if player == state.players[0] else super().legal_actions(state, player)

    def turn(self, state: State) -> Turn:
        turn = super().turn(state)
        first = state.players[0]
        return turn.model_copy(
            update={
                "may": [p for p in turn.may if p != first],
                "must": [p for p in turn.must if p != first],
            }
        )


class StubbornAuctionAuction(AuctionAuction):
    """Refuses every forfeit but the host's."""

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if isinstance(move, Forfeit) and actor != HOST:
            raise RuleError("no_quitting", "You may not concede.")
        return super().apply(state, actor, move)


class HostForfeitAuctionAuction(AuctionAuction):
    """Lets the host concede for the first player."""

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if isinstance(move, Forfeit) and actor == HOST:
            actor = state.players[0]
        return super().apply(state, actor, move)


@pytest.mark.parametrize(
    ("engine", "caught"),
    [
        (LeakyAuctionAuction(), 'sealed .* tells the public \\["amount 0 in bid_echoed'),
        (OverreachingAuctionAuction(), "legal action bid:.* was refused"),
        (ForgetfulAuctionAuction(), "have legal actions"),
        (PermissiveAuctionAuction(), "ann, who may not act, made"),
        (StubbornAuctionAuction(), "ann's forfeit was refused"),
        (HostForfeitAuctionAuction(), "host, who does not play, forfeited"),
    ],
)
def test_the_contract_checks_catch_an_engine_that_breaks_the_contract(
    engine: AuctionAuction, caught: str
) -> None:
    with pytest.raises(AssertionError, match=caught):
        Playout(engine, Setup(SEAT, {}, 3, 3), contract=True).run()


def test_the_same_playout_passes_with_the_real_engine() -> None:
    playout = Playout(AUCTION_AUCTION, Setup(SEAT, {}, 3, 3), contract=True).run()
    assert playout.sealed_checked > 0


def sealed_bid() -> tuple[dict[str, Any], list[Event], set[str]]:
    """A sealed access bid of $7 on Genre Shop, its events, and the public view's texts."""
    match, _ = Match.start(AUCTION_AUCTION, SEAT, {}, 1)
    raw = {"type": "bid", "target": "genre-shop", "amount": 7}
    public = {"ann", "bob", "cy", "dee", "access", "auction-auction"}
    return raw, match.submit("ann", raw), public


def test_leaks_finds_a_secret_number_under_its_fields_name_and_a_secret_text_anywhere() -> None:
    raw, events, public = sealed_bid()
    assert leaks(AUCTION_AUCTION, raw, events, public) == []
    told = [*events, Event("x", Audience.public(), {"bids": [{"amount": 7, "round": 1}]})]
    assert leaks(AUCTION_AUCTION, raw, told, public) == ["amount 7 in x (under 'amount')"]
    told = [*events, Event("x", Audience.public(), {"note": {"where": ["genre-shop"]}})]
    assert leaks(AUCTION_AUCTION, raw, told, public) == ["target 'genre-shop' in x (under 'where')"]


def test_leaks_passes_over_numbers_of_other_names_known_texts_and_private_events() -> None:
    raw, events, public = sealed_bid()
    told = [
        *events,
        Event("x", Audience.public(), {"round": 7, "house": "genre-shop"}),
        Event("y", Audience.to("ann"), {"amount": 7}),
    ]
    assert leaks(AUCTION_AUCTION, raw, told, {*public, "genre-shop"}) == []


def test_leaks_stops_at_a_reveal() -> None:
    raw, events, public = sealed_bid()
    told = [
        *events,
        Event("access_resolved", Audience.public(), {"bids": [{"amount": 7}]}),
        Event("x", Audience.public(), {"amount": 7}),
    ]
    assert leaks(AUCTION_AUCTION, raw, told, public) == []


def test_a_sealed_move_with_no_fields_tells_the_public_nothing() -> None:
    raw = {"type": "trade_garnet"}
    assert leaks(AUCTION_AUCTION, raw, [Event("y", Audience.to("ann"))], set()) == []
    told = [Event("garnet_spent", Audience.public(), {"player": "ann"})]
    assert leaks(AUCTION_AUCTION, raw, told, set()) == ["garnet_spent, of a secret move"]


def test_keys_and_values_fit_in_the_bots_controls() -> None:
    """A custom id holds 100 characters and a menu option's value 100 (Discord's limits)."""
    with pytest.raises(ValidationError):
        Action(key="k" * (MAX_KEY + 1), label="Bid", move={"type": "bid"})
    with pytest.raises(ValidationError):
        Choice(value="v" * 101, label="A long one")
    assert Action(key="k" * MAX_KEY, label="Bid", move={"type": "bid"}).key == "k" * MAX_KEY
