"""What the benchmark programs say about the machine they ran on; and, since every one of
them imports this module first, the checkout's root on the import path: the programs run as
`python tests/benchmarks/<bench>.py` from a checkout, and some draw their samples with
`tools/` (a developer's package of the checkout, not installed with the bot)."""

from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path

CHECKOUT = str(Path(__file__).resolve().parents[2])
if CHECKOUT not in sys.path:
    sys.path.append(CHECKOUT)


def pin_to_one_core() -> str:
    """Run on one CPU, so that the figures are those of one core."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def pace() -> float:
    """Milliseconds of CPU time a fixed piece of pure Python takes here now (the best of three
    tries): a sign of the VM's speed beside a run's figures, taken before the run. It is no
    correction: the same tests' CPU time has moved by 15 % between runs whose paces read
    alike (the suite's, 3 December 2026 at 17:27 and 19:01 UTC), so runs compare side by side
    only."""

    def work() -> int:
        counts: dict[str, int] = {}
        for i in range(1_000_000):
            key = str(i % 1_000)
            counts[key] = counts.get(key, 0) + i
        return len(sorted(counts.items()))

    best = float("inf")
    for _ in range(3):
        began = time.process_time()
        work()
        best = min(best, time.process_time() - began)
    return best * 1_000
