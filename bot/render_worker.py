"""A process that renders board images for `bot.boards`: `python -m bot.render_worker
[NICENESS]` (`WORKER_NICENESS` unless given).

It reads jobs from stdin and writes each one's result to stdout, both as a pickle after its
length (`HEADER`). A job is `(function, args)`, the function pickled by name (`bot.boards.render`);
a result is `(True, function(*args))` or `(False, the exception raised)`. The fonts and text
caches stay loaded from one job to the next. It exits when stdin closes.
"""

from __future__ import annotations

import gc
import os
import pickle
import struct
import sys
import traceback

#: The length of the pickle that follows.
HEADER = struct.Struct("!Q")

#: How much lower the worker's scheduling priority (its nice value) is than the bot's. Lower,
#: so that a waking event loop takes the core from a rendering worker; not none (Linux's
#: SCHED_IDLE): on a host whose other processes keep the cores busy, an idle-class worker gets
#: almost no CPU and boards took a minute to arrive (issue 25). At 5 the kernel gives the
#: loop three times the worker's share of a contested core, and the worker a quarter of one
#: against a busy process of the default priority.
WORKER_NICENESS = 5
#: The web pages' worker's (`bot.boards.for_pages`): lower again, so that the kernel gives a
#: rendering worker of the bot's three times its share of a contested core.
PAGE_NICENESS = 10


def lower_priority(niceness: int = WORKER_NICENESS) -> None:
    """Run below the bot's own process, yet still run when the host is busy."""
    os.nice(niceness)


def answer(job: bytes, where: str) -> bytes:
    """The pickled reply to the pickled job `job`: `(True, function(*args))`, or `(False,
    the exception raised)` with a note of its traceback and of `where` it was raised."""
    try:
        function, args = pickle.loads(job)
        reply = (True, function(*args))
    except Exception as error:
        error.add_note(f"raised in {where}:\n{traceback.format_exc()}")
        reply = (False, error)
    return pickle.dumps(reply, pickle.HIGHEST_PROTOCOL)


def main() -> None:
    lower_priority(int(sys.argv[1]) if len(sys.argv) > 1 else WORKER_NICENESS)
    jobs = sys.stdin.buffer
    results = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    # Anything printed goes to stderr: a stray line on stdout would corrupt a result.
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    # The first job imports what the worker draws with (a game's texts and its engine's
    # models): objects that live as long as the worker, which the garbage collector, left on,
    # walks again and again as they are made. Off until that job is done, then they are
    # frozen, so that no collection walks them again.
    gc.disable()
    while header := jobs.read(HEADER.size):
        message = answer(jobs.read(HEADER.unpack(header)[0]), "the render worker")
        results.write(HEADER.pack(len(message)))
        results.write(message)
        results.flush()
        if not gc.isenabled():
            gc.freeze()
            gc.enable()


if __name__ == "__main__":
    main()
