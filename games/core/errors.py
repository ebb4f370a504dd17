"""Rule errors: a stable code for programs and a sentence a player understands."""


class RuleError(Exception):
    """A move the rules do not allow. Raising it must leave the state untouched.

    `code` is stable (tests, records and the bot rely on it). `template` is the refusal in
    English with `{placeholders}`, `values` fill them (numbers, player ids, what a person
    typed): the template is the message id the bot's catalogues translate it by
    (docs/translating.md), so an engine never writes a sentence in a language. `message` is
    the English filled in ("You bid $60 in total but hold $45."), for the engine's own
    users (tests, the command-line players, logs).
    """

    def __init__(self, code: str, message: str, **values: object) -> None:
        self.code = code
        self.template = message
        self.values = values
        self.message = message.format(**values) if values else message
        super().__init__(self.message)

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
