"""The engine contract's own parts: the models' checks and `Action.build`, the versioned state
text, and proof that the conformance suite's contract checks catch an engine that breaks the
contract (a sealed move told to the public, an action refused, a player who may act left out
of `may`, a move accepted from someone who may not act)."""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import pytest
from pydantic import ConfigDict, ValidationError

from games.atrades.engine import Atrades
from games.atrades.outline import PASS_TURN
from games.auction_auction import ENGINE as AUCTION_AUCTION
from games.auction_auction.model import Bid, State
from games.auction_auction.rules import AuctionAuction
from games.core.contract import (
    MAX_KEY,
    Action,
    Amount,
    BoardAction,
    Choice,
    Clock,
    Forfeit,
    Phase,
    Pick,
    Placings,
    Turn,
    random_answers,
)
from games.core.engine import HOST, STATE_VERSION_KEY
from games.core.errors import RuleError
from games.core.events import Audience, Event
from games.core.match import Match
from games.core.views import GameView
from games.registry import ENGINES
from tests.conformance.playouts import Playout, Setup, check_replays, leaks, names

SEAT = ["ann", "bob", "cy", "dee"]


def choices(*values: str) -> list[Choice]:
    return [Choice(value=v, label=v.title()) for v in values]


# -- the models -----------------------------------------------------------------------------


def give() -> Action:
    return Action(
        key="give",
        label="Give money",
        move={"type": "give"},
        steps=[Pick(field="to", choices=choices("bob", "cy")), Amount(min=1, max=40)],
    )


def merge() -> Action:
    """A company, then one of its neighbours, then a bid up to what the company's bank holds:
    a later step's choices and bounds depending on an earlier answer (Atrades's merger)."""
    return Action(
        key="merge",
        label="Merge",
        move={"type": "merge"},
        steps=[
            Pick(
                field="company",
                label="Your company",
                choices=[
                    Choice(
                        value="c1",
                        label="Rations 3",
                        group="Rations",
                        then=[Pick(field="other", choices=choices("c2", "c3"))],
                    ),
                    Choice(
                        value="c4",
                        label="Spice 12",
                        group="Spice",
                        then=[Pick(field="other", choices=choices("c2"))],
                    ),
                ],
            ),
            Pick(
                field="pay_from",
                choices=[
                    Choice(value="purse", label="Your money", then=[Amount(min=1, max=9)]),
                    Choice(value="c1", label="Rations 3's bank", then=[Amount(min=1, max=30)]),
                ],
            ),
        ],
    )


def test_build_fills_the_amount_and_a_single_pick() -> None:
    assert give().build({"to": "cy", "amount": 12}) == {"type": "give", "to": "cy", "amount": 12}


def test_a_later_step_follows_the_choice_made_before_it() -> None:
    action = merge()
    assert action.next_step({}) == action.steps[0]
    after_c4 = action.next_step({"company": "c4"})
    assert isinstance(after_c4, Pick)
    assert [c.value for c in after_c4.choices] == ["c2"]
    paying = action.next_step({"company": "c4", "other": "c2"})
    assert paying is not None and paying.field == "pay_from"
    from_bank = action.next_step({"company": "c4", "other": "c2", "pay_from": "c1"})
    assert isinstance(from_bank, Amount) and from_bank.max == 30
    answers: dict[str, Any] = {"company": "c4", "other": "c2", "pay_from": "purse", "amount": 5}
    assert action.next_step(answers) is None
    assert action.build(answers) == {
        "type": "merge",
        "company": "c4",
        "other": "c2",
        "pay_from": "purse",
        "amount": 5,
    }


def test_build_refuses_a_neighbour_of_another_company() -> None:
    """c3 is c1's neighbour, not c4's: the steps after c4 do not offer it."""
    with pytest.raises(ValueError, match="among the choices"):
        merge().build({"company": "c4", "other": "c3", "pay_from": "purse", "amount": 5})


def test_walk_reaches_every_step_whatever_is_picked() -> None:
    fields = [s.field for s in merge().walk()]
    assert fields == ["company", "other", "other", "pay_from", "amount", "amount"]


def test_random_answers_complete_every_path() -> None:
    rnd = random.Random(3)
    action = merge()
    for _ in range(30):
        answers = random_answers(action, rnd)
        move = action.build(answers)
        bank = {"purse": 9, "c1": 30}[move["pay_from"]]
        assert 1 <= move["amount"] <= bank


def test_a_multi_select_fills_a_list_and_as_list_does_with_one_choice() -> None:
    keep = Pick(field="cards", choices=choices("a01", "a02", "a03"), min=0, max=3)
    single = Pick(field="cards", choices=choices("a01"), min=0, max=1, as_list=True)
    action = Action(key="keep", label="Keep", move={"type": "keep"}, steps=[keep])
    assert action.build({"cards": ["a03", "a01"]}) == {"type": "keep", "cards": ["a03", "a01"]}
    assert action.build({"cards": []}) == {"type": "keep", "cards": []}
    lone = Action(key="keep", label="Keep", move={"type": "keep"}, steps=[single])
    assert lone.build({"cards": ["a01"]}) == {"type": "keep", "cards": ["a01"]}
    assert lone.build({"cards": []}) == {"type": "keep", "cards": []}


def test_an_optional_single_pick_left_empty_leaves_its_field_out() -> None:
    pick = Pick(field="slot", choices=choices("attack-1"), min=0)
    action = Action(
        key="play:a01", label="Play Scout", move={"type": "play", "card": "a01"}, steps=[pick]
    )
    assert action.build({"slot": []}) == {"type": "play", "card": "a01"}


@pytest.mark.parametrize(
    ("answers", "wrong"),
    [
        ({"to": "bob"}, "needs amount"),
        ({"amount": 5}, "needs to"),
        ({"to": "zed", "amount": 5}, "among the choices"),
        ({"to": ["bob", "bob"], "amount": 5}, "distinct"),
        ({"to": ["bob", "cy"], "amount": 5}, "pick 1 to 1"),
        ({"to": "bob", "amount": "5"}, "whole number"),
        ({"to": 3, "amount": 5}, "not a number"),
        ({"to": "bob", "amount": 5, "note": "hi"}, "takes no note"),
    ],
)
def test_build_refuses_what_the_action_does_not_take(answers: dict[str, Any], wrong: str) -> None:
    with pytest.raises(ValueError, match=wrong):
        give().build(answers)


def test_an_amount_out_of_bounds_is_left_to_the_engine() -> None:
    """The engine's refusal says what is wrong in the game's words ("You bid $60 but hold
    $45."), so `build` fills an amount out of bounds as it is."""
    action = Action(
        key="bid:genre-shop",
        label="Genre Shop",
        move={"type": "bid", "target": "genre-shop"},
        steps=[Amount(min=0, max=45)],
    )
    assert action.build({"amount": 60})["amount"] == 60


def test_the_wait_signal_is_the_ids_of_the_phases_outermost_first() -> None:
    round_ = Phase(name="round", title="Round 2", clock=None, id="r2", on_deadline="-")
    merger = Phase(name="merger", title="A merger", clock=None, id="m1", on_deadline="-")
    raise_ = Phase(name="open", title="Raise or pass", clock="open", id="o3", on_deadline="-")
    turn = Turn(
        phase=raise_, enclosing=[round_, merger], players=["a"], out=[], must=["a"], may=["a"]
    )
    assert turn.phases == [round_, merger, raise_]
    assert turn.wait == ("r2", "m1", "o3")


def phase(**fields: Any) -> Phase:
    return Phase(
        **{
            "name": "turn",
            "title": "T",
            "clock": "turn",
            "id": "t1",
            "on_deadline": "A pass.",
            **fields,
        }
    )


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
                steps=[
                    Amount(field="target", min=0, max=1),
                    Pick(field="target", choices=choices("a")),
                ],
            ),
            "fill 'target'",
        ),
        (
            lambda: Action(
                key="k",
                label="K",
                move={"type": "bid", "target": "x"},
                steps=[Pick(field="target", choices=choices("a"))],
            ),
            "fill 'target'",
        ),
        (
            lambda: Action(
                key="k",
                label="K",
                move={"type": "merge"},
                steps=[
                    Pick(
                        field="company",
                        choices=[Choice(value="c1", label="C1", then=[Amount(min=1, max=2)])],
                    ),
                    Amount(min=1, max=2),
                ],
            ),
            "fill 'amount'",
        ),
        (
            # Each choice's own steps are a path of their own, the second's too.
            lambda: Action(
                key="k",
                label="K",
                move={"type": "merge"},
                steps=[
                    Pick(
                        field="company",
                        choices=[
                            Choice(value="c1", label="C1", then=[Amount(field="x", min=1, max=2)]),
                            Choice(value="c2", label="C2", then=[Amount(min=1, max=2)]),
                        ],
                    ),
                    Amount(min=1, max=2),
                ],
            ),
            "fill 'amount'",
        ),
        (lambda: Choice(value="a,b", label="A and B"), "holds none of"),
        (lambda: Choice(value="", label="Nothing"), "at least 1 character"),
        (
            lambda: Pick(field="cards", choices=choices(*(f"c{i}" for i in range(26))), max=2),
            "too many to list",
        ),
        (
            lambda: Pick(field="card", choices=choices(*(f"c{i}" for i in range(626)))),
            "too many to list",
        ),
        (
            lambda: Pick(
                field="cards",
                max=2,
                choices=[Choice(value="a", label="A", then=[Amount(min=1, max=2)]), *choices("b")],
            ),
            "only a pick of one value",
        ),
        (lambda: Clock(label="Each turn", default_seconds=0), "positive"),
        (lambda: phase(id=""), "at least 1 character"),
        (
            lambda: Turn(
                phase=phase(), players=["ann", "bob"], out=["bob"], must=["bob"], may=["bob"]
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


class StrictState(State):
    """Auction Auction's state, refusing keys it does not know."""

    model_config = ConfigDict(extra="forbid")


class StrictAuctionAuction(AuctionAuction):
    state_type: type[State] = StrictState


def test_a_state_that_forbids_unknown_keys_loads_its_text() -> None:
    """`load_state_json` validates this version's text as it is parsed only where the state
    model ignores the version's key; a model that forbids unknown keys is loaded the long way,
    the key taken off first."""
    engine = StrictAuctionAuction()
    _, state = started("auction-auction")
    strict = StrictState.model_validate(state.model_dump())
    loaded = engine.load_state_json(engine.dump_state_json(strict))
    assert isinstance(loaded, StrictState)
    assert engine.dump_state(loaded) == engine.dump_state(strict)


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
            a.model_copy(update={"steps": [Amount(min=0, max=a.amount.max + 1)]})
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


class MeddlingAuctionAuction(PermissiveAuctionAuction):
    """Says the first player may do nothing and refuses their moves, but counts each in the
    state first."""

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        if actor == state.players[0] and not isinstance(move, Forfeit):
            state.cubes_discarded += 1
            raise RuleError("not_now", "Not now.")
        return super().apply(state, actor, move)


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


class StuckAuctionAuction(AuctionAuction):
    """Keeps one phase id for the whole match: the bot would start no new clock."""

    def turn(self, state: State) -> Turn:
        turn = super().turn(state)
        return turn.model_copy(update={"phase": turn.phase.model_copy(update={"id": "one"})})


class WhisperingAuctionAuction(AuctionAuction):
    """Begins a new wait whenever the first player's cash changes, which a private gift does
    without telling the public."""

    def turn(self, state: State) -> Turn:
        turn = super().turn(state)
        cash = state.seats[state.players[0]].cash
        phase = turn.phase.model_copy(update={"id": f"{turn.phase.id}-{cash}"})
        return turn.model_copy(update={"phase": phase})


class ClocklessAuctionAuction(AuctionAuction):
    """Runs its phases on a clock it does not have."""

    def turn(self, state: State) -> Turn:
        turn = super().turn(state)
        return turn.model_copy(update={"phase": turn.phase.model_copy(update={"clock": "hour"})})


class CrowdedAuctionAuction(AuctionAuction):
    """Offers thirty ways to give money: more than the controls can show."""

    def legal_actions(self, state: State, player: str) -> list[Action]:
        actions = super().legal_actions(state, player)
        give = next((a for a in actions if a.key == "give"), None)
        if give is None:
            return actions
        return actions + [give.model_copy(update={"key": f"give:{n}"}) for n in range(30)]


class SealedBoardAuctionAuction(AuctionAuction):
    """Puts a Give button on the channel's board, though a gift is sealed."""

    def board_actions(self, public: GameView | dict[str, Any]) -> list[BoardAction]:
        return [BoardAction(key="give", label="Give money")]


class PasslessAtrades(Atrades):
    """Leaves Pass off the board's buttons during a guild's action."""

    def board_actions(self, public: GameView | dict[str, Any]) -> list[BoardAction]:
        return [b for b in super().board_actions(public) if b.label != PASS_TURN]


def test_the_board_check_catches_a_button_missing_for_an_unsealed_action() -> None:
    with pytest.raises(AssertionError, match=r"no button for .*'s pass"):
        Playout(PasslessAtrades(), Setup(SEAT, {}, 3, 3), contract=True).run()


@pytest.mark.parametrize(
    ("engine", "caught"),
    [
        (SealedBoardAuctionAuction(), "the board shows .*'s sealed give, made in private"),
        (LeakyAuctionAuction(), 'sealed .* tells the public \\["amount 0 in bid_echoed'),
        (StuckAuctionAuction(), "changed the phase from .* but not its id"),
        (WhisperingAuctionAuction(), "began a new wait .* but told the public nothing"),
        (ClocklessAuctionAuction(), "runs on 'hour', not one of \\['phase'\\]"),
        (CrowdedAuctionAuction(), "are cut: too many"),
        (OverreachingAuctionAuction(), "legal action bid:.* was refused"),
        (ForgetfulAuctionAuction(), "have legal actions"),
        (PermissiveAuctionAuction(), "ann, who may not act, made"),
        (MeddlingAuctionAuction(), "ann's refused .* changed it"),
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


# -- the random matches' other checks have teeth --------------------------------------------


class MessyAuctionAuction(AuctionAuction):
    """Counts a refused move in the state before refusing it."""

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        try:
            return super().apply(state, actor, move)
        except RuleError:
            state.cubes_discarded += 0 if actor == HOST else 1
            raise


class LoadedAuctionAuction(AuctionAuction):
    """Plays a state read back from its text differently: creates a dollar per move there."""

    def __init__(self) -> None:
        self.loaded: list[State] = []

    def load_state(self, data: dict[str, Any]) -> State:
        state = super().load_state(data)
        self.loaded.append(state)
        return state

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        events = super().apply(state, actor, move)
        if any(state is loaded for loaded in self.loaded):
            state.minted += 1
        return events


# The engines below break the contract on purpose, for its checks to catch: some return a
# plain dict where the typed contract wants a view (hence `type: ignore[override]`).
class PeepingAuctionAuction(AuctionAuction):
    """Shows every viewer the first player's cash, which a private gift changes."""

    def view(self, state: State, viewer: Any) -> dict[str, Any]:  # type: ignore[override]
        first = state.seats[state.players[0]].cash
        return {**super().view(state, viewer).to_json(), "first": first}


class TupleAuctionAuction(AuctionAuction):
    """Shows how many phases closed as a tuple, once one has: no plain JSON."""

    def view(self, state: State, viewer: Any) -> dict[str, Any]:  # type: ignore[override]
        closed = (len(state.closed),) if state.closed else []
        return {**super().view(state, viewer).to_json(), "closed": closed}


class MintingAuctionAuction(AuctionAuction):
    """Gives a player a dollar from nowhere with each of their moves once bids were paid."""

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        events = super().apply(state, actor, move)
        if actor in state.seats and state.paid:
            state.seats[actor].cash += 1
        return events


class TupleSummaryAuctionAuction(AuctionAuction):
    """Sums a player's part up with a tuple where their view holds a list: no plain JSON."""

    def summary(self, state: State, player: str) -> dict[str, Any]:  # type: ignore[override]
        return {**super().summary(state, player).to_json(), "players": tuple(state.players)}


class PartialSummaryAuctionAuction(AuctionAuction):
    """Sums a player's part up with a round their view does not show."""

    def summary(self, state: State, player: str) -> dict[str, Any]:  # type: ignore[override]
        return {**super().summary(state, player).to_json(), "round": state.round + 1}


class TellingAuctionAuction(AuctionAuction):
    """Shows everyone but the players the total of the standing sealed access bids."""

    def view(self, state: State, viewer: Any) -> dict[str, Any]:  # type: ignore[override]
        bids = [s.access_bid[1] for s in state.seats.values() if s.access_bid is not None]
        told = 0 if viewer in state.seats else sum(bids)
        return {**super().view(state, viewer).to_json(), "bids": told}


class ForgetfulRecordAuctionAuction(AuctionAuction):
    """Starts every match after the first it sets up with a dollar less for the first player:
    a replay of its record is not the match played."""

    def __init__(self) -> None:
        self.started = 0

    def setup(self, players: list[str], options: Any, seed: int) -> tuple[State, list[Event]]:
        state, events = super().setup(players, options, seed)
        self.started += 1
        if self.started > 1:
            state.seats[players[0]].cash -= 1
        return state, events


class ShuffledEventsAuctionAuction(AuctionAuction):
    """Tells its events' fields in the reverse of their models' order: what the log stores
    would not be what the models write."""

    def apply(self, state: State, actor: str, move: Any) -> list[Event]:
        told = super().apply(state, actor, move)
        return [Event(e.type, e.audience, dict(reversed(e.data.items()))) for e in told]


class UntypedViewAuctionAuction(AuctionAuction):
    """Gives the public its view as JSON, not as its model."""

    def view(self, state: State, viewer: Any) -> Any:
        view = super().view(state, viewer)
        return view.to_json() if viewer is None else view


EVERY_CHECK = {"hostile": True, "twin": True, "views": True, "resample": True}
#: Every check, the typed seam's included (Auction Auction is on it).
TYPED_CHECK = {**EVERY_CHECK, "typed": True}


def checked(engine: AuctionAuction, checks: dict[str, bool]) -> Playout:
    """One match with `checks` on, and `check_replays` after it."""
    setup = Setup(SEAT, {"starting_cash": 15}, 3, 3)
    live = Playout(engine, setup, **checks).run()
    check_replays(engine, live)
    return live


@pytest.mark.parametrize(
    ("make", "checks", "caught"),
    [
        (MessyAuctionAuction, EVERY_CHECK, "refused .* changed the state"),
        (LoadedAuctionAuction, EVERY_CHECK, "a state loaded from JSON played differently"),
        (PeepingAuctionAuction, EVERY_CHECK, "the view of 'cy' differs between two matches"),
        (
            PeepingAuctionAuction,
            {"views": True},
            "of 'bob' changed after ann .*'give'.*no event reached",
        ),
        (TupleAuctionAuction, EVERY_CHECK, "the view of ann, 'closed' is not plain JSON: \\(1,\\)"),
        (MintingAuctionAuction, EVERY_CHECK, "changed conserved values"),
        (TupleSummaryAuctionAuction, {"views": True}, "a summary, 'players' is not plain JSON"),
        (PartialSummaryAuctionAuction, {"views": True}, "the summary of 'ann' is not part of"),
        (TellingAuctionAuction, EVERY_CHECK, "the view of 'host' tells bob .*'bid'"),
        (ForgetfulRecordAuctionAuction, EVERY_CHECK, "assert '.*' == '.*'"),
        (ShuffledEventsAuctionAuction, TYPED_CHECK, "does not read back as it was emitted"),
        (UntypedViewAuctionAuction, TYPED_CHECK, "the view of None is no model"),
    ],
)
def test_the_random_matches_checks_catch_a_broken_engine(
    make: Any, checks: dict[str, bool], caught: str
) -> None:
    """Each check of `test_random_matches_pass_every_check` fails a match of an engine that
    breaks what it checks, with the others on (the views' check also alone: resampling comes
    first)."""
    with pytest.raises(AssertionError, match=caught):
        checked(make(), checks)


def test_every_check_passes_with_the_real_engine() -> None:
    live = checked(AuctionAuction(), TYPED_CHECK)
    assert live.rejected > 0
    assert live.compared_bids > 0
