"""docs/records.md's MARSBOT draft section: its records replay through `python -m games replay`
as shown, with every event listed in the abridged output in that order."""

from __future__ import annotations

import json
from typing import Any

from tests.games_cli import ROOT, in_process


def replayed(record: dict[str, Any]) -> dict[str, Any]:
    done = in_process("replay", "-", stdin=json.dumps(record))
    assert (done.returncode, done.stderr) == (0, b""), done.stderr.decode()
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_the_marsbot_draft_examples_in_the_records_doc_are_what_replay_prints() -> None:
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    section = text.split("## MARSBOT draft", 1)[1]
    blocks = [json.loads(block.split("```", 1)[0]) for block in section.split("```json\n")[1:]]
    table, whole = [b for b in blocks if b.get("game") == "marsbot-draft"]
    shown = next(b for b in blocks if "events" in b)
    result = next(b for b in blocks if "picks" in b and "game" not in b)
    report = replayed(table)
    events = [e for e in shown["events"] if isinstance(e, dict)]
    assert report["events"][: len(events)] == events
    [abridged] = [e for e in shown["events"] if isinstance(e, str)]
    more = report["events"][len(events) :]
    assert abridged.startswith(f"… {len(more)} more:")
    listed = [part.split(" (")[0] for part in abridged.split("more: ", 1)[1].split(", ")]
    assert listed == [e["type"] for e in more]
    assert (report["finished"], report["rejected"]) == (shown["finished"], shown["rejected"])
    assert report["result"] == shown["result"]
    report = replayed(whole)
    assert (report["finished"], report["rejected"]) == (True, [])
    assert report["result"] == result
