"""A refusal changes nothing: the rule raises RuleError with the code, the state as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.atrades.model import State
from games.core.errors import RuleError


def refused(state: State, code: str, rule: Callable[[], object]) -> str:
    """Run `rule` (which acts on `state`), expect a refusal with `code`; the message."""
    before = state.model_dump()
    with pytest.raises(RuleError) as caught:
        rule()
    assert caught.value.code == code, caught.value
    assert state.model_dump() == before
    return caught.value.message
