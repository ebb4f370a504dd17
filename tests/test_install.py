"""How Dealer is installed: the lock files pin every dependency `pyproject.toml` names, at a
version it allows, and the bot runs on what the tests ran on (the runtime lock pins what the
dev lock pins); CI and the Dockerfile run the README's own commands. What these cannot see,
CI checks after installing: that each lock brings in nothing it does not pin
(`python -m tools.check_lock`, and `pip check` on the runtime lock alone)."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import tools.demo
from bot import __main__ as bot_main
from tools import start
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


def test_the_set_up_is_two_commands_and_ci_runs_the_second() -> None:
    """The README's first block is `./dealer` and `./test`, POSIX sh scripts that share
    one install step; `.ci/run` runs `./test` in a fresh environment, then the lock check."""
    readme = setup_section((ROOT / "README.md").read_text(encoding="utf-8"))
    first = re.search(r"```sh\n(.*?)```", readme, re.DOTALL)
    assert first is not None
    assert commands(first.group(0)) == ["./dealer", "./test"]
    for script in ("dealer", "test"):
        text = (ROOT / script).read_text(encoding="utf-8")
        assert text.startswith("#!/bin/sh\n") and ". tools/install.sh\n" in text
        assert os.access(ROOT / script, os.X_OK)
    checked = subprocess.run(
        ["sh", "-n", "dealer", "test", "tools/install.sh"], cwd=ROOT, capture_output=True
    )
    assert checked.returncode == 0, checked.stderr
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci.index("rm -rf .ci-venv") < ci.index("DEALER_VENV=.ci-venv ./test")
    assert ci.index("DEALER_VENV=.ci-venv ./test") < ci.index(
        "python -m tools.check_lock requirements-dev.txt"
    )


def fake_environment(tmp_path: Path, pytest_status: int) -> Path:
    """A virtual environment whose Python logs each pip run and answers `-m pytest` with
    `pytest_status`, writing its arguments to `args`; anything else goes to this Python."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    fake = venv / "bin" / "python"
    fake.write_text(
        "#!/bin/sh\n"
        f'if [ "$1 $2" = "-m pip" ]; then echo pip >> {tmp_path / "pip"}; exit 0; fi\n'
        f'if [ "$1 $2" = "-m pytest" ]; then shift 2; printf "%s\\n" "$*" > {tmp_path / "args"};'
        f" exit {pytest_status}; fi\n"
        f'exec {sys.executable} "$@"\n'
    )
    fake.chmod(0o755)
    return venv


def run_test_command(venv: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(ROOT / "test"), *args],
        env={**os.environ, "DEALER_VENV": str(venv), "PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=60,
    )


def stamp() -> str:
    """What the install step keeps in the environment: the hash of what it installed from."""
    digest = hashlib.sha256()
    for name in ("requirements-dev.txt", "pyproject.toml", "setup.py"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest() + "\n"


@pytest.mark.parametrize(
    ("exit_status", "said"),
    [(0, ""), (1, ""), (2, ""), (5, "error: pytest collected no tests: nothing was checked\n")],
)
def test_the_test_command_fails_when_pytest_does(
    tmp_path: Path, exit_status: int, said: str
) -> None:
    """A failed test (1), an interrupted or unusable run (2) and no tests at all (5, said in
    words) fail `./test`, and CI with it; only a run whose tests all passed (0) does not.
    Its arguments follow the README's `pytest -n auto`."""
    venv = fake_environment(tmp_path, exit_status)
    (venv / ".dealer-installed").write_text(stamp())
    done = run_test_command(venv, "-q", "tests/test_words.py")
    assert (done.returncode, done.stderr) == (exit_status, said)
    assert (tmp_path / "args").read_text() == "-n auto -q tests/test_words.py\n"
    assert not (tmp_path / "pip").exists(), "the lock has not changed: nothing to install"


def test_the_install_step_runs_pip_only_when_the_lock_changed(tmp_path: Path) -> None:
    """A fresh environment is filled; a second run installs nothing; a lock (or
    pyproject.toml, setup.py) other than the one installed from is installed again."""
    venv = fake_environment(tmp_path, 0)
    for _ in range(2):
        assert run_test_command(venv).returncode == 0
    assert (tmp_path / "pip").read_text() == "pip\n"
    assert (venv / ".dealer-installed").read_text() == stamp()
    (venv / ".dealer-installed").write_text("an older lock\n")
    assert run_test_command(venv).returncode == 0
    assert (tmp_path / "pip").read_text() == "pip\npip\n"


def test_the_install_step_asks_for_python_3_11(tmp_path: Path) -> None:
    old = tmp_path / "python-old"
    old.write_text('#!/bin/sh\n[ "$1" = -V ] && echo "Python 3.10.13"\nexit 1\n')
    old.chmod(0o755)
    done = subprocess.run(
        [str(ROOT / "test")],
        env={**os.environ, "DEALER_VENV": str(tmp_path / "venv"), "PYTHON": str(old)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(
        f"error: Dealer needs Python 3.11 or newer, and '{old}' is Python 3.10.13"
    ), done.stderr
    assert not (tmp_path / "venv").exists()


def test_the_dealer_command_plays_the_demo_without_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No DISCORD_TOKEN in the environment or .env: the demo, with `./dealer`'s arguments,
    then how to connect a real server; with one, the bot."""
    ran: list[tuple[str, list[str]]] = []

    def demo(argv: list[str]) -> int:
        ran.append(("demo", argv))
        return 0

    def bot(argv: list[str]) -> int:
        ran.append(("bot", argv))
        return 0

    monkeypatch.setattr(tools.demo, "main", demo)
    monkeypatch.setattr(bot_main, "main", bot)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert start.main(["mars-auction"]) == 0
    assert ran == [("demo", ["mars-auction"])]
    said = capsys.readouterr().out
    assert said.endswith(start.CONNECT + "\n") and "cp .env.example .env" in said
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc.def\n")
    assert start.main([]) == 0
    assert ran[-1] == ("bot", [])
    monkeypatch.setenv("DEV_GUILD_ID", "abc")
    assert start.main([]) == 2, "a wrong setting stops it, as it stops python -m bot"


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
