"""Rule errors: a stable code for programs and a sentence a player understands."""


class RuleError(Exception):
    """A move the rules do not allow. Raising it must leave the state untouched.

    `code` is stable (tests, records and the bot rely on it); `message` is shown to the player
    as it is, so it is a whole, polite sentence ("You bid $60 in total but hold $45.").
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.message!r})"


#: How much of what a person typed a sentence repeats back to them.
TYPED_LIMIT = 40


def typed(value: object, limit: int = TYPED_LIMIT) -> str:
    """What a person typed, quoted for a sentence that repeats it: on one line, characters
    that do not print shown as `�`, and cut to `limit` characters, so an echo never outgrows
    the message it is in. Every sentence that quotes a move's or a command's text back goes
    through here."""
    text = "".join(c if c.isprintable() else "�" for c in " ".join(str(value).split()))
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return f"'{text}'"
