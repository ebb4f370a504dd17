"""`python -m tools.string_reads`: the string-keyed reads across the seam between `games/` and
`bot/`, per module and in total (issue 39's count).

A string-keyed read is a subscript by a string constant (`view["phase"]`, but not a type's
`Literal["phase_opened"]`) or a `.get` whose first argument is a string constant
(`event.get("forced")`): what a typed view or event read
as an attribute (`view.phase`) replaces, and what mypy cannot check. The modules counted are
those that read views and events: the games' plug-ins (`bot/games/`), every game's render and
computer-player modules (`games/<game>/render*`, `games/<game>/playout.py`), and the generic
modules that handle views (`SEAM_MODULES`). What remains once every game is typed is JSON at
the storage boundary and Discord payloads.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The generic modules of the bot that handle views and events.
SEAM_MODULES = tuple(
    f"bot/{name}.py"
    for name in ("presenter", "status", "steps", "components", "computer", "boards")
)


def reads(source: str) -> int:
    """The string-keyed reads in one module's source."""
    count = 0
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Subscript) and _text(node.slice) and not _literal(node.value)) or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and _text(node.args[0])
        ):
            count += 1
    return count


def _text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _literal(node: ast.expr) -> bool:
    """`Literal`, whose subscript is a type (an event model's tag), not a read."""
    return isinstance(node, ast.Name) and node.id == "Literal"


def modules(root: Path = ROOT) -> Iterator[Path]:
    """The modules the count covers, in path order."""
    games = sorted(p for p in (root / "games").iterdir() if p.is_dir() and p.name != "core")
    found: list[Path] = sorted((root / "bot" / "games").rglob("*.py"))
    for game in games:
        found += sorted(game.glob("render*.py")) + sorted(game.glob("render/**/*.py"))
        found += sorted(game.glob("playout.py"))
    found += [root / name for name in SEAM_MODULES]
    yield from found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.string_reads", description=__doc__)
    parser.add_argument(
        "--all", action="store_true", help="list modules without any read too (default: not)"
    )
    args = parser.parse_args(argv)
    total = 0
    for path in modules():
        count = reads(path.read_text(encoding="utf-8"))
        total += count
        if count or args.all:
            print(f"{count:5}  {path.relative_to(ROOT)}")
    print(f"{total:5}  total")
    return 0


if __name__ == "__main__":
    sys.exit(main())
