"""The cyclic garbage collector paused while a report is assembled from plain data.

Reading 1,000 cached results and building the report allocates a few hundred thousand dicts and lists that all stay
alive to the end; the collector, triggered every 700 allocations, kept walking them and every object the imports
left behind (pandas, numpy) without finding anything to free: ~0.3 s of a 1.3 s cached audit. Nothing built inside
the block is cyclic garbage, so pausing it frees nothing later; it is switched back on (if it was on) on the way out.
"""

from __future__ import annotations

import contextlib
import gc
from typing import Iterator


_FREEZE_AT_END = False


def freeze_at_end_of_pauses() -> None:
    """For a process that ends with the command that calls this (``curvedoc audit``): what a pause leaves alive is
    frozen (``gc.freeze``: never scanned again) when the pause ends, instead of scanned by the collection the pause
    put off -- every object made in it sits in the youngest generation, and that one collection cost ~0.1 s of a
    0.6 s cached audit. Frozen objects that later become cyclic garbage stay until the process exits, which is why
    the library's callers (a notebook, a long ``watch``) never get this."""
    global _FREEZE_AT_END
    _FREEZE_AT_END = True


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if _FREEZE_AT_END:
                gc.freeze()
            gc.enable()


__all__ = ["freeze_at_end_of_pauses", "paused_gc"]
