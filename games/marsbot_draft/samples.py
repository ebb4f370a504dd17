"""Option sets worth playing random MARSBOT drafts with (`Engine.sample_options`)."""

from __future__ import annotations

import random
from typing import Any

from games.core.engine import some_of
from games.marsbot_draft.priority import CORPORATIONS, MAIN_TRACKS, TRACKS


def sample_options(players: list[str], rnd: random.Random) -> dict[str, Any]:
    """Both modes, a corporation named or drawn (Aridor with its track levels), the player's
    own corporation left out of the draw, the difficulty and the rules' options."""
    corporation = rnd.choice([None, *(c.name for c in CORPORATIONS)])
    options: dict[str, Any] = {
        "mode": rnd.choice(["table", "whole-draft"]),
        **some_of(
            rnd,
            {
                "difficulty": lambda: rnd.choice(["normal", "brutal"]),
                "spire_rule": lambda: rnd.choice(["czech", "english"]),
                "aridor_tracks": lambda: rnd.choice(["level", "cascade"]),
                "floaters": lambda: rnd.choice([0, 4, 5, 12]),
            },
        ),
    }
    if corporation is not None:
        options["corporation"] = corporation
    else:
        options["own_corporation"] = rnd.choice(["Helion", "Celestic", "Saturn Systems"])
    if corporation in (None, "Aridor") and rnd.random() < 0.5:
        venus = rnd.random() < 0.5
        tracks = [t.id for t in TRACKS if t.id != "venus" or venus]
        options["tracks"] = {t: rnd.randint(0, 12) for t in tracks}
    elif corporation == "Aridor":
        options["tracks"] = dict.fromkeys(MAIN_TRACKS, 3)
    if options["mode"] == "table":
        options["own_first"] = rnd.random() < 0.5
    return options
