"""How Dealer is installed: the lock files pin every dependency `pyproject.toml` names, at a
version it allows, and the bot runs on what the tests ran on (the runtime lock pins what the
dev lock pins); CI and the Dockerfile run the README's own commands. What these cannot see,
CI checks after installing: that each lock brings in nothing it does not pin
(`python -m tools.check_lock`, and `pip check` on the runtime lock alone)."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tools.check_lock import differences, pinned_version, read_lock

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
RUNTIME = read_lock(ROOT / "requirements.txt")
DEV = read_lock(ROOT / "requirements-dev.txt")


def unmet(requirements: list[str], lock: dict[str, Requirement]) -> list[str]:
    """The requirements `lock` does not pin at a version they allow, one line each."""
    said: list[str] = []
    for text in requirements:
        wanted = Requirement(text)
        pin = lock.get(canonicalize_name(wanted.name))
        version = pin and pinned_version(pin)
        if not version:
            said.append(f"{wanted.name} is not pinned")
        elif not wanted.specifier.contains(version, prereleases=True):
            said.append(f"{wanted.name} is pinned at {version}, not {wanted.specifier}")
    return said


def test_every_pin_is_one_version() -> None:
    for lock in (RUNTIME, DEV):
        assert [str(r) for r in lock.values() if pinned_version(r) is None] == []


def test_the_runtime_lock_meets_the_dependencies() -> None:
    assert unmet(PROJECT["dependencies"], RUNTIME) == []


def test_the_dev_lock_meets_the_dependencies_and_the_dev_tools() -> None:
    dev = PROJECT["optional-dependencies"]["dev"]
    assert unmet([*PROJECT["dependencies"], *dev], DEV) == []


def test_the_bot_runs_on_what_the_tests_ran_on() -> None:
    assert {name: str(DEV.get(name)) for name in RUNTIME} == {
        name: str(pin) for name, pin in RUNTIME.items()
    }


def test_a_stale_lock_is_told() -> None:
    """What the checks above and CI's say when the lock falls behind `pyproject.toml`."""
    assert unmet(["Pillow>=99", "left-pad>=1"], RUNTIME) == [
        f"Pillow is pinned at {pinned_version(RUNTIME['pillow'])}, not >=99",
        "left-pad is not pinned",
    ]
    lock = {
        "a": Requirement("a==1.0"),
        "b": Requirement("b==2.0"),
        "c": Requirement("c==3.0 ; sys_platform == 'no-such-platform'"),
        "d": Requirement("d>=1"),
    }
    installed = {"a": "1.0", "b": "2.1", "pip": "26.0", "e": "5.0"}
    assert differences(lock, installed) == [
        "e is installed at 5.0 but not in the lock",
        "b is installed at 2.1; the lock pins 2.0",
        "d is not pinned to one version in the lock",
    ]


def commands(text: str) -> list[str]:
    """The shell commands of a text's ```sh blocks, without their comments."""
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    lines = [line.split("  #", 1)[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line]


def setup_section(readme: str) -> str:
    return readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]


def test_ci_runs_the_readmes_set_up() -> None:
    """`.ci/run` runs the README's install command and then its test command (`.ci/test`)."""
    readme = commands(setup_section((ROOT / "README.md").read_text(encoding="utf-8")))
    install = next(c for c in readme if c.startswith("pip install -r requirements-dev.txt"))
    test = next(c for c in readme if c.startswith("pytest"))
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci.index(install) < ci.index(".ci/test")
    step = (ROOT / ".ci" / "test").read_text(encoding="utf-8").splitlines()
    assert f'{test} "$@"' in step


@pytest.mark.parametrize(
    ("exit_status", "said"),
    [(0, ""), (1, ""), (2, ""), (5, "error: pytest collected no tests: CI checked nothing\n")],
)
def test_cis_test_step_fails_when_pytest_does(tmp_path: Path, exit_status: int, said: str) -> None:
    """A failed test (1), an interrupted or unusable run (2) and no tests at all (5, said in
    words) fail CI; only a run whose tests all passed (0) does not."""
    fake = tmp_path / "pytest"
    fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" > {tmp_path / "args"}\nexit {exit_status}\n')
    fake.chmod(0o755)
    done = subprocess.run(
        [str(ROOT / ".ci" / "test"), "-q"],
        env={**os.environ, "PATH": f"{tmp_path}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (exit_status, said)
    assert (tmp_path / "args").read_text() == "-n auto -q\n"


def test_the_dockerfile_installs_as_the_readme_says() -> None:
    """The image is made by the README's server install, in its order, and nothing else
    installs into it."""
    readme = commands(setup_section((ROOT / "README.md").read_text(encoding="utf-8")))
    server = [c for c in readme if c.startswith("pip install") and "-dev" not in c]
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    installs = [
        " ".join(re.sub(r"--mount=\S+", "", line.removeprefix("RUN ")).split())
        for line in dockerfile.splitlines()
        if line.startswith("RUN ") and "pip " in line
    ]
    assert server == ["pip install -r requirements.txt", "pip install --no-deps ."]
    assert installs == server
