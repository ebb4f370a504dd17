"""games/ stays pure: no module in it imports discord, aiosqlite or asyncio (ARCHITECTURE)."""

import ast
from pathlib import Path

import pytest

FORBIDDEN = {"discord", "aiosqlite", "asyncio", "bot"}
GAMES = Path(__file__).resolve().parent.parent / "games"


@pytest.mark.parametrize("path", sorted(GAMES.rglob("*.py")), ids=lambda p: str(p.name))
def test_games_import_nothing_impure(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN, f"{path} imports {name}"
