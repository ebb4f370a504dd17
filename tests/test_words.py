"""Players read rules in words: no ruling id ("(L9)", "(AA-11)", "MB-D12") in any text the
code can show them. Ruling ids belong in docstrings, comments, docs, the audit and tests."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.words import RULING_ID

ROOT = Path(__file__).resolve().parent.parent


def _texts(path: Path) -> list[tuple[int, str]]:
    """Every string literal of a module but its docstrings (of the module, its classes and
    functions), with its line. One walk: it meets a definition before the strings inside it."""
    docstrings: set[int] = set()
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            found.append((node.lineno, node.value))
    return found


def test_no_string_the_code_can_show_names_a_ruling() -> None:
    """Messages, refusals (RuleError and UserError sentences), embeds, image headers and
    footers, alt texts, command descriptions and help pages are all string literals of
    `bot/` and `games/`."""
    hits = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for folder in ("bot", "games")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, text in _texts(path)
        if RULING_ID.search(text)
    ]
    assert hits == []


def test_the_pattern_tells_a_ruling_from_a_card_number() -> None:
    for ruling in ("(L9)", "(MB-D12)", "(AA-11)", "AA-D11", "(PM-4)", "U2", "A4", "MA-D7"):
        assert RULING_ID.search(ruling), ruling
    for text in ("C01 CrediCor", "P01", "R00", "2 – 24 TPR", "L", "LA9", "player1", "$10"):
        assert not RULING_ID.search(text), text
