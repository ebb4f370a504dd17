"""The card catalogue's search, as autocomplete runs it: a program that prints figures, not a
test (it was a timed test, which a busy machine could fail: issue 25).

    .venv/bin/python tests/benchmarks/bench_catalogue.py [--rounds 200]

Searches the built-in catalogue for what a member types letter by letter (`a`, `as`, ...,
`asteroid m`), an accented letter, nothing, and words no card has, one after another on one
core, `rounds` times over, and prints the time of one search: mean, min, median, p99 and
max. Target: a mean under 5 ms (an autocomplete answers within Discord's 3 s, many times a
second); the maximum is what else the machine ran meanwhile.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from machine import cpu_model, pin_to_one_core

from games.tm_catalogue import builtin

QUERIES = ["a", "as", "ast", "aste", "aster", "asteroid m", "é", "", "zz", "x"]
TARGET_MS = 5.0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv)
    pinned = pin_to_one_core()
    catalogue = builtin()
    catalogue.search("warm up")
    times: list[float] = []
    for _ in range(args.rounds):
        for query in QUERIES:
            started = time.perf_counter_ns()
            catalogue.search(query)
            times.append((time.perf_counter_ns() - started) / 1e6)
    times.sort()
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"{cpu_model()}, {pinned}, Python {platform.python_version()}")
    print(f"{len(times)} searches of {len(catalogue.cards)} cards")
    mean = statistics.fmean(times)
    print(
        f"one search: mean {mean:.3f} ms (target under {TARGET_MS:g} ms: "
        f"{'met' if mean < TARGET_MS else 'missed'}), min {times[0]:.3f} ms, "
        f"median {statistics.median(times):.3f} ms, p99 {p99:.3f} ms, max {times[-1]:.3f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
