"""Seeded randomness kept in the state, so that moves stay pure and a match is its record.

Each draw seeds a fresh `random.Random` from the match seed and a draw counter, so the
state holds two integers instead of a generator's internal buffer, and a state restored
from JSON draws exactly what the original would have. Engines write every outcome they
draw into an event (see ARCHITECTURE: log chance outcomes).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")


class RandomSource(BaseModel):
    seed: int
    draws: int = 0

    def _next(self) -> random.Random:
        generator = random.Random(f"{self.seed}/{self.draws}")
        self.draws += 1
        return generator

    def choice(self, options: Sequence[T]) -> T:
        if not options:
            raise ValueError("choice from an empty sequence")
        return self._next().choice(options)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self._next().shuffle(out)
        return out

    def randint(self, low: int, high: int) -> int:
        return self._next().randint(low, high)
