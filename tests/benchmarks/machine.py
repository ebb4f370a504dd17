"""What the benchmark programs say about the machine they ran on."""

from __future__ import annotations

import os
import platform
from pathlib import Path


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
