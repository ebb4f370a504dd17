"""One place answers errors (issue #40, item 4): handlers raise, and `bot.errors.answer_error`
answers, called only where discord.py hands a handler's error over (the command tree, a
control's callback, a form's dispatch); no handler in `bot/` catches a refusal to answer it
itself, and `guarded` is gone."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
BOT = ROOT / "bot"

#: The refusals a member is answered in words (`bot.errors.REFUSALS` and what derives from
#: them in `bot/`), by the names an `except` clause would catch them by.
REFUSALS = {
    "UserError",
    "RuleError",
    "Busy",
    "Mistyped",
    "EarlierDecision",
    "MatchDamaged",
    "BadLabel",
    "CheckFailure",
    "TransformerError",
}
#: Where a handler's error is handed to `answer_error`: (module, function).
ANSWERERS = {
    ("bot/app.py", "on_error"),
    ("bot/app.py", "on_interaction"),
    ("bot/components.py", "callback"),
    ("bot/errors.py", "answered"),
}
#: The calls that answer an interaction.
ANSWERING = {"send_message", "edit_message", "send", "edit_original_response", "send_modal"}


def caught(handler: ast.ExceptHandler) -> set[str]:
    """The names of the exception classes an `except` clause catches."""
    if handler.type is None:
        return {"BaseException"}
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return {t.id if isinstance(t, ast.Name) else ast.unparse(t).split(".")[-1] for t in types}


def answers_a_refusal(handler: ast.ExceptHandler) -> bool:
    """Whether an `except` clause catching a refusal answers an interaction with its words
    (the error itself, `str` of it or its `message`), instead of raising it (or another) on.
    A fact the error carries (`MatchDamaged.what`) may be part of an answer that is not a
    refusal (/match log's record of a damaged match)."""
    if not caught(handler) & REFUSALS or handler.name is None:
        return False
    body = ast.Module(body=handler.body, type_ignores=[])
    for call in ast.walk(body):
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr in ANSWERING
        ):
            continue
        facts = {
            id(node.value)
            for node in ast.walk(call)
            if isinstance(node, ast.Attribute) and node.attr != "message"
        }
        if any(
            isinstance(node, ast.Name) and node.id == handler.name and id(node) not in facts
            for node in ast.walk(call)
        ):
            return True
    return False


def functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


@pytest.fixture(scope="module")
def modules() -> dict[str, ast.Module]:
    """`bot/`'s modules parsed once for the tests here, which read them (parsing them takes
    a third of a second of CPU). Not kept past them: every full collection of the garbage
    collector walks all the nodes alive."""
    return {str(p.relative_to(ROOT)): ast.parse(p.read_text()) for p in BOT.rglob("*.py")}


def handler_of(caught_as: str, then: str) -> ast.ExceptHandler:
    """The `except` clause of a handler that catches `caught_as` and does `then`."""
    tree = ast.parse(
        f"async def f(interaction):\n    try:\n        await g()\n"
        f"    except {caught_as} as error:\n        {then}\n"
    )
    [handler] = [n for n in ast.walk(tree) if isinstance(n, ast.ExceptHandler)]
    return handler


def test_the_checks_see_a_handler_answering_its_own_refusal() -> None:
    answer = "await interaction.response.send_message(error.message, ephemeral=True)"
    assert answers_a_refusal(handler_of("(UserError, KeyError)", answer))
    assert answers_a_refusal(handler_of("UserError", "await interaction.followup.send(str(error))"))
    assert not answers_a_refusal(handler_of("KeyError", answer))
    assert not answers_a_refusal(handler_of("RuleError", "raise UserError(str(error)) from None"))
    damaged = "await interaction.response.send_message(f'{error.what} is damaged')"
    assert not answers_a_refusal(handler_of("MatchDamaged", damaged))


def test_no_handler_answers_a_refusal_itself(modules: dict[str, ast.Module]) -> None:
    own = [
        f"{path}:{handler.lineno}"
        for path, tree in modules.items()
        for handler in ast.walk(tree)
        if isinstance(handler, ast.ExceptHandler) and answers_a_refusal(handler)
    ]
    assert own == []


def test_errors_are_answered_in_one_place(modules: dict[str, ast.Module]) -> None:
    """`answer_error` is called only where discord.py hands over what a handler raised."""
    callers = {
        (path, function.name)
        for path, tree in modules.items()
        for function in functions(tree)
        for node in ast.walk(function)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "answer_error"
        # Only the innermost function that makes the call counts.
        and not any(
            inner is not function and node in set(ast.walk(inner)) for inner in functions(function)
        )
    }
    assert callers == ANSWERERS


def test_guarded_is_gone(modules: dict[str, ast.Module]) -> None:
    named = [
        f"{path}:{node.lineno}"
        for path, tree in modules.items()
        for node in ast.walk(tree)
        if (isinstance(node, ast.Name) and node.id == "guarded")
        or (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == "guarded")
        or (isinstance(node, ast.alias) and node.name == "guarded")
    ]
    assert named == []
