"""The shape of the code: no import cycle in `bot/` or `games/`, no game named outside its own
plug-in, and no class of `games/` over 500 lines nor module of code over 600 (issue 40)."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.games.registry import PLUGINS

ROOT = Path(__file__).parent.parent
BOT = ROOT / "bot"
GAMES = ROOT / "games"

#: The longest a class of `games/` may be, and a module of code.
CLASS_LINES = 500
MODULE_LINES = 600
#: Modules that are tables of printed matter (cards, tiles, prices) rather than code: they are
#: as long as the rulebook's lists and may pass `MODULE_LINES`.
DATA_TABLES = {
    # The 27 cards of Project Mars, each with its text word for word.
    "games/project_mars/card_details.py",
    # Atrades' guilds, region and company tiles, prices, technology cards and era schedule.
    "games/atrades/data.py",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(top: Path = BOT) -> dict[str, set[str]]:
    """Which modules of the package `top` each of its modules imports, wherever the import
    stands (also under TYPE_CHECKING or inside a function)."""
    modules = {module_name(p): p for p in top.rglob("*.py")}
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


def test_games_have_no_import_cycle() -> None:
    graph = imports(GAMES)
    assert "games.core.engine" in graph.get("games.atrades.engine", set()), "the graph was read"
    assert cycles(graph) == []


def imported_at_import(tree: ast.AST) -> set[str]:
    """The modules a module's code imports as it is itself imported: its imports but those
    inside a function or under `if TYPE_CHECKING:` (each `from m import n` as `m` and `m.n`)."""
    if isinstance(tree, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        return set()
    if isinstance(tree, ast.If) and ast.unparse(tree.test) == "TYPE_CHECKING":
        return set().union(*map(imported_at_import, tree.orelse))
    if isinstance(tree, ast.Import):
        return {alias.name for alias in tree.names}
    if isinstance(tree, ast.ImportFrom) and tree.module:
        return {tree.module, *(f"{tree.module}.{alias.name}" for alias in tree.names)}
    return set().union(*map(imported_at_import, ast.iter_child_nodes(tree)))


def loaded_with(starts: list[str]) -> dict[str, set[str]]:
    """The modules of `bot/` that importing `starts` loads (their packages included), each
    with what it imports as it is imported."""
    paths = {module_name(p): p for p in BOT.rglob("*.py")}
    loaded: dict[str, set[str]] = {}
    waiting = list(starts)
    while waiting:
        name = waiting.pop()
        if name in loaded or name not in paths:
            continue
        loaded[name] = imported_at_import(ast.parse(paths[name].read_text()))
        parents = [name.rsplit(".", depth)[0] for depth in range(1, name.count(".") + 1)]
        waiting += [*loaded[name], *parents]
    return loaded


def test_imported_at_import_leaves_out_functions_and_type_checking() -> None:
    code = (
        "import a\nfrom b import c\nif TYPE_CHECKING:\n    import d\nelse:\n    import e\n"
        "class K:\n    import f\ndef g():\n    import h\n"
    )
    assert imported_at_import(ast.parse(code)) == {"a", "b", "b.c", "e", "f"}


def test_the_render_workers_load_no_discord() -> None:
    """A render worker (`bot.render_worker`) imports `bot.boards` and the module of the function
    it is asked to call: a game's texts (`bot.games.base`) or a page's builder
    (`bot.web.build`), never discord.py, whose import (aiohttp's with it) would be a third of
    each worker's start."""
    starts = [
        "bot.boards",
        "bot.web.build",
        *(type(plugin.texts).__module__ for plugin in PLUGINS.values()),
    ]
    loaded = loaded_with(starts)
    assert {"bot", "bot.i18n", "bot.games", "bot.games.base"} <= loaded.keys(), "read"
    assert {
        name: found
        for name, imported in loaded.items()
        if (found := {m for m in imported if m.split(".")[0] in ("discord", "aiohttp")})
    } == {}


def too_long(name: str, text: str) -> list[str]:
    """The module `name` if its `text` is over `MODULE_LINES` lines, and each class in it
    over `CLASS_LINES` (as `name::Class`)."""
    found = [name] if len(text.splitlines()) > MODULE_LINES else []
    classes = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.ClassDef)]
    for node in classes:
        if (node.end_lineno or node.lineno) - node.lineno + 1 > CLASS_LINES:
            found.append(f"{name}::{node.name}")
    return found


def test_too_long_finds_long_classes_and_modules() -> None:
    body = "".join(f"    x{n} = {n}\n" for n in range(CLASS_LINES))
    longest = "class Long:\n" + body[: body.rindex("    x")]
    assert too_long("m.py", longest + "\n" * (MODULE_LINES - CLASS_LINES)) == []
    assert too_long("m.py", longest + "\n" * (MODULE_LINES - CLASS_LINES + 1)) == ["m.py"]
    assert too_long("m.py", "class Long:\n" + body) == ["m.py::Long"]


def test_no_class_or_module_of_games_is_too_long() -> None:
    """Issue 40: each engine reads like its rulebook, in modules small enough to read at once;
    card and data tables aside (`DATA_TABLES`)."""
    found = {
        entry
        for path in sorted(GAMES.rglob("*.py"))
        for entry in too_long(path.relative_to(ROOT).as_posix(), path.read_text())
    }
    assert found - DATA_TABLES == set()


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


def imported_test_modules(top: Path) -> list[str]:
    """Where a module under `top` imports a test module (`test_*.py`), as `path: module`;
    helpers tests share live in modules of their own (`tests/drivers/`)."""
    found = []
    for path in sorted(top.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            found += [
                f"{path.relative_to(ROOT)}: {name}"
                for name in names
                if name.startswith("tests.") and name.rsplit(".", 1)[-1].startswith("test_")
            ]
    return found


def test_no_module_imports_a_test_module() -> None:
    """Issue 40, item 5: the per-game drivers and shared helpers are in `tests/drivers/` (and
    the render and conformance helpers beside their tests), not in test modules others
    import."""
    assert imported_test_modules(ROOT / "tests") == []
    assert imported_test_modules(ROOT / "tools") == []
