"""What tests check of the words people read."""

from __future__ import annotations

import json
import re
from typing import Any

#: A ruling id of `rules/RULINGS.md` and `docs/rules/`: AA-11, AA-D11, PM-4, PM-D22, MA-D7,
#: MB-D12, AT-9, AT-D25, and the Mars Auction's L1-L18 and U1-U8 and MARSBOT's A1-A15.
RULING_ID = re.compile(r"\b(?:(?:AA|PM|MA|MB|AT)-D?\d+|[LUA]\d{1,2})\b")
#: The ruling ids with a dash: in an Atrades match, "L3" and "A1" are hexes of the map.
DASHED_RULING_ID = re.compile(r"\b(?:AA|PM|MA|MB|AT)-D?\d+\b")


def ruling_ids_sent(env: Any, pattern: re.Pattern[str] = RULING_ID) -> list[str]:
    """Every ruling id in what the bot sent to Discord during a SimCord test: messages,
    edits, replies, forms, embeds, alt texts and file names, thread names, command
    descriptions, each with the request that carried it."""
    return [
        f"{request.method} {request.path}: …{text[max(0, hit.start() - 60) : hit.end() + 20]}…"
        for request in env.http_requests
        for text in [json.dumps(request.json, ensure_ascii=False)]
        for hit in pattern.finditer(text)
    ]
