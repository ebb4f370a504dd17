"""The matches' web pages: the channel's public view of a match, elsewhere (docs/web.md)."""
