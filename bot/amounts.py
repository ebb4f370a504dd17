r"""Numbers as people type them: the one reading of an amount of dollars in a form or option,
and of a list of whole numbers (card numbers). Only the digits 0-9 count, everywhere alike:
superscripts, full-width digits and other scripts' digits (which `\d`, `str.isdigit` and
`int()` take in part) are refused, not read as numbers."""

from __future__ import annotations

import re

from bot.errors import UserError
from bot.i18n import _
from games.core.errors import typed

MAX_AMOUNT = 10**9

#: A whole number as people type one.
NUMBER = "[0-9]+"
#: A list of them: `3 7`, `3, 7`, `3 and 7`, `3;7`, `3 & 7`, `3+7`.
NUMBER_LIST = re.compile(rf"\s*{NUMBER}(?:\s*(?:,|;|&|\+|and|\s)\s*{NUMBER})*\s*", re.IGNORECASE)


#: An amount as people type one: ASCII digits, in groups of three when they are separated
#: (by a comma, a space or an apostrophe, as people write large numbers), with an optional `$`
#: before or after (or, after, the Mars games' `M€`, `MC` or `€`). No sign (`-0` and `+5`
#: are refused like `-1`: no amount is signed), no decimal point, no underscore (Python's way
#: of grouping digits, not people's).
AMOUNT = re.compile(
    r"\$?\s*"
    rf"(?P<digits>[0-9]{{1,3}}(?:[,' \u00a0\u2009\u202f’][0-9]{{3}})+|{NUMBER})"
    r"\s*(?:\$|M€|MC|€)?",
    re.IGNORECASE,
)


def parse_amount(text: str, money: tuple[str, str] = ("dollars", "25 or $1,200")) -> int:
    """A whole number typed in a form (`AMOUNT`, around it spaces only), or one polite
    refusal saying what an amount is, in the game's `money` (`GameTexts.money`: its name, and
    examples), for whatever else was typed: a sign, a fraction, other digits than 0-9."""
    found = AMOUNT.fullmatch(text.strip())
    if found is None:
        shown = typed(text) if text.strip() else _("An empty answer")
        name, examples = money
        raise UserError(
            _(
                "{typed} is not an amount: type a whole number of {money} with the digits 0-9, "
                "such as {examples}."
            ).format(typed=shown, money=_(name), examples=_(examples))
        )
    digits = re.sub(r"[^0-9]", "", found["digits"])
    if len(digits.lstrip("0")) > len(str(MAX_AMOUNT)) or int(digits) > MAX_AMOUNT:
        raise UserError(_("That amount is far more than anyone holds."))
    return int(digits)


def parse_numbers(text: str) -> list[int] | None:
    """The whole numbers of a list a person typed (`NUMBER_LIST`), or None when the text is
    not one, or holds a number above any amount (`MAX_AMOUNT`, as `parse_amount`)."""
    if NUMBER_LIST.fullmatch(text) is None:
        return None
    found = re.findall(NUMBER, text)
    if any(len(n.lstrip("0")) > len(str(MAX_AMOUNT)) or int(n) > MAX_AMOUNT for n in found):
        return None
    return [int(n) for n in found]


def is_number(text: str) -> bool:
    """Whether `text` is one whole number, as `parse_numbers` reads one."""
    return re.fullmatch(NUMBER, text) is not None
