"""The garbage collector waits while an interaction is being answered (issue 43).

CPython collects its young objects whenever enough of them have been made, wherever that
happens: in about a quarter of the spans from a `/bid`'s arrival to its answer the young
generation was collected, in one of forty the middle one too (several times longer), now and
then the whole heap (docs/performance.md, "A move's answer"). From an interaction's start
(`bot.errors.begin`) to its first answer, or to its handler's end if that comes first,
`COLLECTOR` holds the collector off; when the last interaction held lets go, it is on again,
and a collection that came due meanwhile runs at once, by CPython's own rules (which of the
generations, and whether the whole heap is worth it), after the answer has gone.

An answer takes milliseconds, so the collector is off for little of a busy bot's time; should
interactions come so close together that one always holds it, the young generation is
collected when one starts with `MOST` times CPython's threshold waiting, and not let grow
without end."""

from __future__ import annotations

import gc

#: How many times CPython's threshold of the young generation may wait while interactions
#: hold the collector off: an interaction that starts with more waiting collects it first.
MOST = 20


class Collector:
    """The interactions that hold the collector off (see the module's doc)."""

    def __init__(self) -> None:
        self._holding = 0

    def hold(self) -> bool:
        """The collector off until `release`, unless something else turned it off (then it
        is theirs to turn on: False, and nothing to release)."""
        if not self._holding and not gc.isenabled():
            return False
        threshold = gc.get_threshold()[0]
        # A threshold of 0 turns automatic collection off: nothing to keep from growing.
        if threshold and gc.get_count()[0] >= MOST * threshold:
            gc.collect(0)
        self._holding += 1
        gc.disable()
        return True

    def release(self) -> None:
        """One interaction that `hold` held has been answered (or its handler has ended)."""
        self._holding -= 1
        if not self._holding:
            gc.enable()


#: The process's one collector.
COLLECTOR = Collector()
