"""`python -m tools.check_lock [LOCK]`: whether this Python environment is exactly LOCK
(default `requirements-dev.txt`): every package installed is pinned there at the version
installed, and every pin that applies to this platform and Python is installed.

CI runs it right after the README's install command (`pip install -r requirements-dev.txt
-e ".[dev]"`): had the lock missed a dependency, pip would have fetched it unpinned, and that
shows here. The lock files are made by `uv pip compile` (their first lines say how); this
module also reads them for `tests/test_lock.py`.
"""

from __future__ import annotations

import sys
from importlib.metadata import distributions
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

USAGE = "usage: python -m tools.check_lock [LOCK]"
#: What every virtual environment starts with, and the project itself.
NOT_LOCKED = {"pip", "setuptools", "dealer"}


def read_lock(path: Path) -> dict[str, Requirement]:
    """The lock's requirements by normalized name (comments and `# via` notes left out)."""
    found: dict[str, Requirement] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            requirement = Requirement(text)
            found[canonicalize_name(requirement.name)] = requirement
    return found


def pinned_version(requirement: Requirement) -> str | None:
    """The version of a `name==version` pin; None for anything looser."""
    specifiers = list(requirement.specifier)
    if len(specifiers) == 1 and specifiers[0].operator == "==" and "*" not in specifiers[0].version:
        return specifiers[0].version
    return None


def differences(lock: dict[str, Requirement], installed: dict[str, str]) -> list[str]:
    """What keeps `installed` (name -> version) from being exactly `lock`, one line each."""
    wanted = {
        name: pinned_version(requirement)
        for name, requirement in lock.items()
        if requirement.marker is None or requirement.marker.evaluate()
    }
    said = [
        f"{name} is installed at {version} but not in the lock"
        for name, version in sorted(installed.items())
        if name not in wanted and name not in NOT_LOCKED
    ]
    for name, version in sorted(wanted.items()):
        if version is None:
            said.append(f"{name} is not pinned to one version in the lock")
        elif name not in installed:
            said.append(f"{name} {version} is in the lock but not installed")
        elif installed[name] != version:
            said.append(f"{name} is installed at {installed[name]}; the lock pins {version}")
    return said


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print(USAGE, file=sys.stderr)
        return 2
    path = Path(argv[0] if argv else "requirements-dev.txt")
    installed = {str(canonicalize_name(d.metadata["Name"])): d.version for d in distributions()}
    said = differences(read_lock(path), installed)
    for line in said:
        print(f"{path}: {line}", file=sys.stderr)
    if said:
        print(
            f"{path} does not describe this environment: regenerate it (its first lines say "
            "how) or install from it afresh.",
            file=sys.stderr,
        )
        return 1
    print(f"{path}: this environment is exactly the lock ({len(installed)} packages).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
