"""Discord's limits on a message (`bot.limits`): a long text goes on in another message."""

from __future__ import annotations

from bot.limits import pages


def test_a_part_longer_than_a_message_goes_on_at_its_line_breaks_not_cut() -> None:
    """A text longer than a message (a 5-player display's list of cards) is split at its
    lines, in order, each message within the limit; a short part still joins the message
    before it, and only a line too long for any message is cut."""
    display = "\n".join(["Display:", "a" * 12, "b" * 12, "c" * 12])
    assert pages(["Opened.", display], limit=30) == [
        "Opened.\nDisplay:\n" + "a" * 12,
        "b" * 12 + "\n" + "c" * 12,
    ]
    assert pages(["x" * 40], limit=30) == ["x" * 29 + "…"]
    assert pages(["one", "two"], separator="\n\n", limit=30) == ["one\n\ntwo"]
