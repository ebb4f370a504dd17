"""The shape of `bot/`: no import cycle, and no game named outside its own plug-in."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.games.registry import PLUGINS

BOT = Path(__file__).parent.parent / "bot"


def module_name(path: Path) -> str:
    parts = path.relative_to(BOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Which `bot` modules each `bot` module imports, wherever the import stands (also under
    TYPE_CHECKING or inside a function)."""
    modules = {module_name(p): p for p in BOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    whole = f"{node.module}.{alias.name}"
                    found.add(whole if whole in modules else node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return out


def test_cycles_are_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_bot_has_no_import_cycle() -> None:
    graph = imports()
    assert graph.get("bot.app"), "the graph was read"
    assert cycles(graph) == []


def test_no_game_is_named_outside_its_plug_in() -> None:
    """Only a game's plug-in folder names it; the registry imports each plug-in."""
    for game, plugin in PLUGINS.items():
        folder = game.replace("-", "_")
        words = {game, folder, plugin.title.lower()}
        for path in BOT.rglob("*.py"):
            inside = path.is_relative_to(BOT / "games" / folder)
            if inside or path == BOT / "games" / "registry.py":
                continue
            text = path.read_text().lower()
            assert not [w for w in words if w in text], f"{path} names {plugin.title}"


def test_every_folder_of_code_is_a_package() -> None:
    """A folder of modules without `__init__.py` imports from a checkout (a namespace
    package) but is left out of the wheel (`find_packages`), so the installed bot would not
    start."""
    for top in ("bot", "games", "tools"):
        for folder in sorted(BOT.parent.joinpath(top).rglob("*")):
            if folder.is_dir() and folder.name != "__pycache__" and any(folder.glob("*.py")):
                assert (folder / "__init__.py").exists(), f"{folder} has no __init__.py"


def test_no_generic_module_looks_for_a_new_wait_or_the_end_by_an_events_name() -> None:
    """A new wait and the end are the contract's (`Turn.wait`, `Engine.is_finished`, stored
    with each move as `bot.service.Wait`): outside the games' plug-ins, no module of `bot/`
    names the engines' `phase_opened` or `match_ended` events (a game's texts word them, and
    declare the first in `announces`)."""
    for path in BOT.rglob("*.py"):
        if not path.is_relative_to(BOT / "games"):
            text = path.read_text()
            for name in ("phase_opened", "match_ended"):
                assert name not in text, f"{path} looks for {name}"
