"""Per-run time and memory guards: one pathological run must not stall or sink an audit of a thousand.

Reading and diagnosing one run is bounded by ``max-seconds`` (``[tool.curvedoc] max-seconds = 300``)
or the environment variable ``CURVEDOC_MAX_SECONDS_PER_RUN`` (which wins); ``0`` disables the guard.
A run that takes longer becomes an ``unreadable`` entry whose reason says so::

    took longer than 300 s (limit: max-seconds)

The guard uses ``SIGALRM`` (an interval timer) in the main thread of the process, which is where
audit workers and the CLI run. Elsewhere (another thread, a platform without ``SIGALRM``) it does
nothing: the run is simply not bounded. The exception it raises, :class:`RunTimeout`, derives from
``BaseException`` so a reader's broad ``except Exception`` cannot swallow it; a long call inside C
code (one huge ``pandas.read_csv``) is interrupted when it returns to Python.

Memory: in an audit each worker process limits its data size (``RLIMIT_DATA``) to what it holds plus
``max-memory-mb`` (``CURVEDOC_MAX_MEMORY_MB`` wins; default 80% of the machine's memory shared among the
workers); a run that needs more fails on its own as ``needed more than N MB of memory``.
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

__all__ = ["DEFAULT_MAX_SECONDS", "ENV", "MEMORY_ENV", "MemoryGuard", "RunTimeout", "active_deadline", "active_timeout",
           "guard_available", "max_memory_bytes", "max_seconds", "memory_reason", "time_guard"]

# (monotonic deadline, seconds) of each time guard in force in this thread's process, innermost last: for code
# that runs long inside C and can check a deadline itself (SQLite's progress handler)
_ACTIVE: list[tuple[float, float]] = []


def active_deadline() -> float | None:
    """The ``time.monotonic()`` at which the nearest time guard in force fires, or None (no limit)."""
    return min(d for d, _ in _ACTIVE) if _ACTIVE else None


def active_timeout() -> "RunTimeout | None":
    """The :class:`RunTimeout` the nearest guard in force raises (for code that stopped at its deadline)."""
    return RunTimeout(min(_ACTIVE)[1]) if _ACTIVE else None


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
    _ACTIVE.append((t0 + seconds, seconds))
    try:
        yield
    finally:
        _ACTIVE.remove((t0 + seconds, seconds))
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if prev_delay:
            left = prev_delay - (time.monotonic() - t0)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-6), prev_interval)


# ------------------------------------------------------------------------------------------ memory
MEMORY_ENV = "CURVEDOC_MAX_MEMORY_MB"
MEMORY_SHARE = 0.8  # default budget: this share of the machine's memory, split between the workers


def _physical_bytes() -> int | None:
    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return None


def max_memory_bytes(settings: Any = None, workers: int = 1) -> int | None:
    """The memory one run may use on top of what its process holds already, in bytes; None when disabled.

    ``CURVEDOC_MAX_MEMORY_MB`` wins over ``settings.max_memory_mb`` (``[tool.curvedoc] max-memory-mb``); ``0``
    disables the guard. Default: ``MEMORY_SHARE`` of the machine's memory divided among the ``workers`` that read
    runs at the same time (never below 1 GiB), so that one run too large for the machine fails on its own instead
    of calling in the kernel's OOM killer on the whole audit.
    """
    for value in (os.environ.get(MEMORY_ENV), getattr(settings, "max_memory_mb", None)):
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        try:
            mb = _parse(value)
        except ValueError:
            continue
        return int(mb * 1024 * 1024) if mb else None
    phys = _physical_bytes()
    if not phys:
        return None
    return max(1 << 30, int(MEMORY_SHARE * phys / max(1, workers)))


def _data_bytes() -> int | None:
    """This process's data size as the kernel counts it against RLIMIT_DATA (VmData), Linux only."""
    try:
        with open("/proc/self/status", "rb") as fh:
            for line in fh:
                if line.startswith(b"VmData:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


class MemoryGuard:
    """RLIMIT_DATA set to the process's present data size plus a budget: an allocation past it raises
    ``MemoryError`` in the run that made it (numpy, pandas and Python all report it), which then becomes that
    run's unreadable entry; the process and the other runs go on. Linux only (elsewhere it does nothing).
    ``restore()`` puts the previous limit back (the in-process path of an audit, a notebook)."""

    active_mb: float | None = None  # the budget in force in this process, for the message

    def __init__(self, budget: int | None):
        self.budget = budget
        self.previous = None
        try:
            import resource
        except ImportError:  # pragma: no cover - Windows
            return
        base = _data_bytes()
        if not budget or base is None or not hasattr(resource, "RLIMIT_DATA"):
            return
        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        want = base + budget
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        if soft != resource.RLIM_INFINITY and soft <= want:
            return  # a tighter limit is already in force: keep it
        try:
            resource.setrlimit(resource.RLIMIT_DATA, (want, hard))
        except (ValueError, OSError):
            return
        self.previous = (soft, hard)
        MemoryGuard.active_mb = budget / (1024 * 1024)

    def restore(self) -> None:
        if self.previous is None:
            return
        import resource

        try:
            resource.setrlimit(resource.RLIMIT_DATA, self.previous)
        except (ValueError, OSError):  # pragma: no cover
            pass
        self.previous = None
        MemoryGuard.active_mb = None


def memory_reason() -> str:
    """The one-line reason of a run that ran out of memory."""
    mb = MemoryGuard.active_mb
    if mb:
        return f"needed more than {mb:,.0f} MB of memory (limit: max-memory-mb)"
    return "ran out of memory"
