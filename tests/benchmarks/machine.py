"""What the benchmark programs say about the machine they ran on; and, since every one of
them imports this module first, the checkout's root on the import path: the programs run as
`python tests/benchmarks/<bench>.py` from a checkout, and some draw their samples with
`tools/` (a developer's package of the checkout, not installed with the bot)."""

from __future__ import annotations

import os
import platform
import sys
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
