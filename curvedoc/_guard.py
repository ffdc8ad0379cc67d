"""Per-run time guard: one pathological run must not stall an audit of a thousand.

Reading and diagnosing one run is bounded by ``max-seconds`` (``[tool.curvedoc] max-seconds = 300``)
or the environment variable ``CURVEDOC_MAX_SECONDS_PER_RUN`` (which wins); ``0`` disables the guard.
A run that takes longer becomes an ``unreadable`` entry whose reason says so::

    took longer than 300 s (limit: max-seconds)

The guard uses ``SIGALRM`` (an interval timer) in the main thread of the process, which is where
audit workers and the CLI run. Elsewhere (another thread, a platform without ``SIGALRM``) it does
nothing: the run is simply not bounded. The exception it raises, :class:`RunTimeout`, derives from
``BaseException`` so a reader's broad ``except Exception`` cannot swallow it; a long call inside C
code (one huge ``pandas.read_csv``) is interrupted when it returns to Python.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

DEFAULT_MAX_SECONDS = 300.0
ENV = "CURVEDOC_MAX_SECONDS_PER_RUN"

__all__ = ["DEFAULT_MAX_SECONDS", "ENV", "RunTimeout", "guard_available", "max_seconds", "time_guard"]


class RunTimeout(BaseException):
    """One run took longer than the limit. ``reason`` is the one-line text for the report."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.reason = f"took longer than {seconds:g} s (limit: max-seconds)"
        super().__init__(self.reason)


def _parse(value: Any) -> float | None:
    """Seconds from a config/env value; None for 'no limit' (0, negative, 'none', 'off')."""
    if value is None:
        return None
    if isinstance(value, str):
        s = value.strip().lower()
        if s in ("", "none", "off", "no", "false", "inf", "infinity", "unlimited"):
            return None
        value = float(s)  # ValueError for junk: the caller decides
    x = float(value)
    if not math.isfinite(x) or x <= 0:
        return None
    return x


def max_seconds(settings: Any = None) -> float | None:
    """The per-run limit in seconds, or None when disabled.

    ``CURVEDOC_MAX_SECONDS_PER_RUN`` wins over ``settings.max_seconds`` (``[tool.curvedoc] max-seconds``),
    which wins over :data:`DEFAULT_MAX_SECONDS`. A malformed environment value is ignored.
    """
    env = os.environ.get(ENV)
    if env is not None and env.strip():
        try:
            return _parse(env)
        except ValueError:
            pass
    configured = getattr(settings, "max_seconds", None) if settings is not None else None
    if configured is not None:
        try:
            return _parse(configured)
        except ValueError:
            pass
    return DEFAULT_MAX_SECONDS


def guard_available() -> bool:
    """True where :func:`time_guard` can interrupt (SIGALRM exists and we are in the main thread)."""
    return hasattr(signal, "SIGALRM") and hasattr(signal, "setitimer") and (
        threading.current_thread() is threading.main_thread())


@contextlib.contextmanager
def time_guard(seconds: float | None) -> Iterator[None]:
    """Raise :class:`RunTimeout` if the block runs longer than ``seconds`` (None: no limit).

    Nests with an outer timer: the outer timer's remaining time is restored on exit (and fires at
    once if it ran out meanwhile); the outer handler is put back.
    """
    if not seconds or not guard_available():
        yield
        return

    def on_alarm(signum, frame):
        raise RunTimeout(seconds)

    t0 = time.monotonic()
    old_handler = signal.signal(signal.SIGALRM, on_alarm)
    prev_delay, prev_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    if prev_delay and prev_delay < seconds:
        # an outer limit is shorter: keep honouring it (it will raise through the outer handler)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        signal.setitimer(signal.ITIMER_REAL, prev_delay, prev_interval)
        yield
        return
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if prev_delay:
            left = prev_delay - (time.monotonic() - t0)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-6), prev_interval)
