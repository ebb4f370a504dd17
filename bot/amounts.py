"""Amounts as people type them: the one reading of a number of dollars in a form or option."""

from __future__ import annotations

import re

from bot.errors import UserError
from games.core.errors import typed

MAX_AMOUNT = 10**9


#: An amount as people type one: ASCII digits, in groups of three when they are separated
#: (by a comma, a space, an apostrophe or an underscore), with an optional `$` before or after
#: and an optional minus sign (refused with its own sentence).
AMOUNT = re.compile(
    r"(?P<minus>-)?\s*\$?\s*(?P<minus_after>-)?"
    r"(?P<digits>[0-9]{1,3}(?:[,' _\u00a0\u2009\u202f’][0-9]{3})+|[0-9]+)\s*\$?"
)


def parse_amount(text: str) -> int:
    """A whole number of dollars typed in a form, or a polite refusal saying what an amount
    is. Only the digits 0-9 count: superscripts, full-width digits and other scripts' digits
    are refused, not read as numbers."""
    found = AMOUNT.fullmatch(text.strip())
    if found is None or (found["minus"] and found["minus_after"]):
        shown = typed(text) if text.strip() else "An empty answer"
        raise UserError(
            f"{shown} is not an amount: type a whole number of dollars with the digits 0-9, "
            "such as 25 or $1,200."
        )
    digits = re.sub(r"[^0-9]", "", found["digits"])
    if len(digits.lstrip("0")) > len(str(MAX_AMOUNT)) or int(digits) > MAX_AMOUNT:
        raise UserError("That amount is far more than anyone holds.")
    amount = int(digits)
    if amount and (found["minus"] or found["minus_after"]):
        raise UserError("A bid cannot be negative.")
    return amount
