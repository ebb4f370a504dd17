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
