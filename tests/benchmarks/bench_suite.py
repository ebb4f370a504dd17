"""The test suite's own times: a program that prints figures, not a test.

    .venv/bin/python tests/benchmarks/bench_suite.py [--runs 3] [--only whole|quick]

Runs the README's two test commands, `--runs` times each, alternating: the whole suite
(`pytest -n auto`) and the quick run (`pytest -n auto -m "not slow"`), each in a process of
its own from the checkout's root. Prints for each run its wall-clock time, the CPU time of the
run and everything it started (pytest's workers, render workers, the processes tests start),
the load average and the VM's pace (`machine.pace`) before it and pytest's last line; then
min / median / max of each command's wall-clock and CPU times, and in how many runs the
target was met. Targets (README), on the
2-core VM when quiet: the whole suite under 90 s, the quick run under 30 s. On a loaded
machine the wall clock counts the time other processes held the cores; the CPU time, divided
by the cores, is about what a quiet machine's wall clock would be.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time

from machine import CHECKOUT, cpu_model, pace

#: (name, pytest's arguments after `-n auto`, target in seconds of wall-clock time).
RUNS = {
    "whole": ([], 90.0),
    "quick": (["-m", "not slow"], 30.0),
}


def children_cpu() -> float:
    """CPU seconds of every finished child process, and of theirs, so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(arguments: list[str]) -> tuple[float, float, int, str]:
    """(wall seconds, CPU seconds, pytest's exit status, pytest's last line) of one run."""
    command = [sys.executable, "-m", "pytest", "-n", "auto", "-q", "-p", "no:cacheprovider"]
    began, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run(
        [*command, *arguments], cwd=CHECKOUT, capture_output=True, text=True, check=False
    )
    wall, used = time.perf_counter() - began, children_cpu() - cpu
    lines = done.stdout.strip().splitlines()
    return wall, used, done.returncode, lines[-1] if lines else done.stderr.strip()[-200:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="how many runs of each command")
    parser.add_argument("--only", choices=sorted(RUNS), help="time one command only")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, {cpu_model()}")
    print(f"python: {sys.version.split()[0]} ({platform.python_implementation()})")
    names = [args.only] if args.only else list(RUNS)
    walls: dict[str, list[float]] = {name: [] for name in names}
    cpus: dict[str, list[float]] = {name: [] for name in names}
    failed = False
    for run in range(1, args.runs + 1):
        for name in names:
            arguments, _target = RUNS[name]
            load, speed = os.getloadavg()[0], pace()
            wall, used, status, last = timed(arguments)
            failed |= status != 0
            walls[name].append(wall)
            cpus[name].append(used)
            print(
                f"run {run}, {name}: wall {wall:.1f} s, cpu {used:.1f} s, load {load:.1f} "
                f"and pace {speed:.0f} ms before; {last}",
                flush=True,
            )
    for name in names:
        target = RUNS[name][1]
        for what, figures in (("wall", walls[name]), ("cpu", cpus[name])):
            line = (
                f"{name} {what}: min {min(figures):.1f} s, median "
                f"{statistics.median(figures):.1f} s, max {max(figures):.1f} s"
            )
            if what == "wall":
                met = sum(f < target for f in figures)
                line += f"; under {target:.0f} s in {met} of {len(figures)} runs"
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
