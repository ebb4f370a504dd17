"""Discord's limits on a message (`bot.limits`): a long text goes on in another message."""

from __future__ import annotations

from bot.limits import MESSAGE, pages
from bot.presenter import _short


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


def test_a_turn_dm_keeps_whole_lines_and_says_how_many_more_the_channel_shows() -> None:
    """The one short DM of a turn (`/match notify how:dm`) with news longer than a message (a
    5-player display's 80 cards, in a language longer than English): the head, the first
    lines whole, in order, then how many lines more the channel shows, then the clock; one
    message within Discord's limit, nothing cut. News that fits is kept whole."""
    head, clock = "🔔 Your turn in **Mars Auction** (match #7).", "⏰ Deadline: in 5 minutes."
    news = ["Opened:\n" + "\n".join(f"{n} " + "card " * 9 for n in range(60)), "Bid on."]
    said = _short(head, news, clock)
    lines = said.split("\n")
    assert len(said) <= MESSAGE and "…" not in "".join(lines[:-2])
    assert lines[0] == head and lines[-1] == clock
    shown = lines[1:-2]
    every = ["Opened:", *(f"{n} " + "card " * 9 for n in range(60)), "Bid on."]
    assert shown == every[: len(shown)] and 30 < len(shown) < len(every)
    assert lines[-2] == f"…and {len(every) - len(shown)} more lines in the channel."
    assert _short(head, ["Bid on.", "Two\nlines."], clock) == "\n".join(
        [head, "Bid on.", "Two", "lines.", clock]
    )
