"""The bot's channel words as a web page shows them: what Discord's markdown does to them,
done in HTML, with everything typed by people escaped first."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from markupsafe import Markup, escape

#: Discord's timestamp (`<t:1700000000:R>`), its escaped form.
_STAMP = re.compile(r"&lt;t:(\d{1,12})(?::[tTdDfFR])?&gt;")
#: A member's or a role's mention (`<@123>`, `<@&123>`), a channel's, a custom emoji's.
_MENTION = re.compile(r"&lt;@[!&]?\d+&gt;")
_CHANNEL = re.compile(r"&lt;#\d+&gt;")
_EMOJI = re.compile(r"&lt;a?:(\w+):\d+&gt;")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])[*_](?![\s*_])(.+?)(?<![\s*_])[*_](?![\w*])")
_CODE = re.compile(r"`([^`]+)`")


def html(text: str) -> Markup:
    """`text` (a status or an event's words, as the channel shows them) as HTML: escaped,
    then Discord's bold, italics and code as tags, a timestamp as a `<time>` the page's
    script words in the reader's own clock, a mention as a plain word (the page knows no
    member's name that the text does not say), line breaks kept."""
    done = str(escape(text))
    done = _STAMP.sub(_time, done)
    done = _MENTION.sub("@member", done)
    done = _CHANNEL.sub("#channel", done)
    done = _EMOJI.sub(r":\1:", done)
    done = _CODE.sub(r"<code>\1</code>", done)
    done = _BOLD.sub(r"<strong>\1</strong>", done)
    done = _ITALIC.sub(r"<em>\1</em>", done)
    return Markup(done.replace("\n", "<br>\n"))


def _time(found: re.Match[str]) -> str:
    moment = datetime.fromtimestamp(int(found[1]), UTC)
    stamp = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    return f'<time datetime="{stamp}">{moment.strftime("%d %b %Y %H:%M UTC")}</time>'


def when(at: float) -> Markup:
    """A moment as a `<time>` (`html`'s)."""
    return Markup(_STAMP.sub(_time, f"&lt;t:{int(at)}&gt;"))
