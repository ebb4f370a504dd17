"""What every engine's rule tests check of a refused move."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.errors import RuleError
from games.core.match import Match


def refused(match: Match, actor: str, move: dict[str, Any]) -> RuleError:
    """The RuleError `move` raises; the state and the record are left untouched."""
    before = match.state.model_dump(mode="json")
    moves = len(match.record.moves)
    with pytest.raises(RuleError) as caught:
        match.submit(actor, move)
    assert match.state.model_dump(mode="json") == before
    assert len(match.record.moves) == moves
    return caught.value
