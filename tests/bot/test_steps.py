"""`bot.steps`: how a pick is listed in menus, the answers a control carries in its custom
id, and what a player types into a typed pick's form."""

from __future__ import annotations

import pytest

from bot.components import step_view
from bot.errors import UserError
from bot.i18n import LANGUAGES, speaking
from bot.steps import decode, encode, menus, shown, typed
from games.core.contract import Action, Amount, Choice, Pick


def lots(count: int, *, group: int = 0, **pick: object) -> Pick:
    """A pick of `count` lots, in groups of `group` (none: ungrouped)."""
    choices = [
        Choice(value=f"l{n}", label=f"Lot {n}", group=f"G{(n - 1) // group}" if group else None)
        for n in range(1, count + 1)
    ]
    return Pick(field="lot", choices=choices, label="The lot", **pick)


def test_a_pick_is_listed_by_group_and_25_a_menu() -> None:
    listed = menus(lots(60, group=30))
    assert [(m.title, len(m.choices)) for m in listed] == [
        ("G0 1-25", 25),
        ("G0 26-30", 5),
        ("G1 1-25", 25),
        ("G1 26-30", 5),
    ]
    assert [m.title for m in menus(lots(30))] == ["The lot 1-25", "The lot 26-30"]
    assert [m.title for m in menus(lots(7))] == [None]


def test_a_pick_that_fits_no_25_menus_is_typed() -> None:
    assert menus(lots(600, typed=True, group=20)) == []
    assert len(menus(lots(500, group=20))) == 25
    big = Action(key="bid", label="Bid", move={"type": "bid"}, steps=[lots(600, typed=True)])
    assert shown(big) == [], "a typed pick is shown as a form"


def test_a_multi_select_is_one_menu() -> None:
    assert len(menus(lots(25, max=2))) == 1
    assert menus(lots(26, max=2, typed=True)) == []


def test_the_answers_go_into_a_custom_id_and_come_back() -> None:
    action = Action(
        key="give",
        label="Give",
        move={"type": "give"},
        steps=[
            Pick(field="cards", choices=[Choice(value=v, label=v) for v in "abc"], max=3),
            Pick(
                field="to",
                choices=[Choice(value="bob", label="Bob", then=[Amount(min=1, max=9)])],
            ),
        ],
    )
    answers: dict[str, int | str | list[str]] = {"cards": ["a", "c"], "to": "bob", "amount": 4}
    assert encode(action, answers) == "a,c|bob|4"
    assert decode(action, "a,c|bob|4") == answers
    assert decode(action, "|bob") == {"cards": [], "to": "bob"}
    assert decode(action, "") == {}
    with pytest.raises(ValueError, match="fewer answers"):
        decode(action, "a|bob|4|5")


@pytest.mark.parametrize(
    ("text", "answer"),
    [("lot 7", "l7"), ("L7", "l7"), (" Lot 12 ", "l12")],
)
def test_a_typed_pick_takes_values_and_labels_in_any_case(text: str, answer: str) -> None:
    assert typed(lots(300, typed=True), text) == answer


def test_a_typed_multi_select_takes_several_apart_by_commas_or_semicolons() -> None:
    pick = lots(40, min=1, max=2, typed=True)
    assert typed(pick, "lot 3; l9") == ["l3", "l9"]
    with pytest.raises(ValueError, match="Name 1 to 2"):
        typed(pick, "l1, l2, l3")
    with pytest.raises(ValueError, match=r"“lot 41” is not one of the choices .*menus list"):
        typed(pick, "lot 41")


def test_a_typed_answer_that_is_none_of_a_few_choices_names_them() -> None:
    """A hex taken since the form was opened, say: the few that are left are named."""
    with pytest.raises(ValueError) as refused:
        typed(lots(3, typed=True), "d3")
    assert str(refused.value) == (
        "“d3” is not one of the choices (the lot): it is one of Lot 1, Lot 2 or Lot 3."
    )
    with pytest.raises(ValueError) as refused:
        typed(lots(1, typed=True), "lot 2")
    assert str(refused.value).endswith(": the one left is Lot 1.")


def test_a_typed_answer_is_refused_in_the_readers_language_and_taken_in_it() -> None:
    """The refusal lists the choices as the reader's controls show them, in their language
    (the engine's labels through the catalogue), and the label so listed is taken."""
    pick = Pick(
        field="to",
        label="Companies",
        choices=[Choice(value="buy", label="Acquire"), Choice(value="none", label="Buy none")],
        typed=True,
    )
    with speaking(LANGUAGES["cs"]):
        with pytest.raises(ValueError) as refused:
            typed(pick, "d3")
        assert str(refused.value) == (
            "„d3“ mezi možnostmi není (společnosti): vyberte Akvizice nebo Nekupovat nic."
        )
        assert typed(pick, "nekupovat NIC") == "none"
    with speaking(LANGUAGES["ko"]):
        with pytest.raises(ValueError) as refused:
            typed(Pick(field="to", label="Companies", choices=pick.choices[:1], typed=True), "x")
        assert str(refused.value) == "“x”은(는) 선택지에 없어요(회사): 남은 선택지는 인수뿐이에요."
        with pytest.raises(ValueError) as refused:
            typed(Pick(field="to", label="Companies", choices=pick.choices, max=2, typed=True), "")
        assert str(refused.value) == "1~2개를 쉼표로 구분해 적어 주세요(회사)."


def test_a_menu_of_menus_answered_with_one_that_is_not_there_is_refused_in_words() -> None:
    """A stale or forged menu number (the lots changed since, or a crafted custom id) is a
    polite refusal, not an error."""
    pick = lots(130, group=10)
    action = Action(key="bid", label="Bid", move={"type": "bid"}, steps=[pick])
    listed = menus(pick)
    with pytest.raises(UserError, match="not open any more"):
        step_view(1, 0, action, {}, str, listed, chunk=13)
    with pytest.raises(UserError, match="not open any more"):
        step_view(1, 0, action, {}, str, listed, chunk=-1)
    assert len(step_view(1, 0, action, {}, str, listed, chunk=12).children) == 1
