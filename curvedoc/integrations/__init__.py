"""Training-loop callbacks: curvedoc beside a running job, in memory, no files needed.

    from curvedoc.integrations.hf import CurvedocCallback          # transformers.Trainer(callbacks=[...])
    from curvedoc.integrations.lightning import CurvedocCallback   # lightning.Trainer(callbacks=[...])
    from curvedoc.integrations.keras import CurvedocCallback       # model.fit(..., callbacks=[...])

Each feeds what the framework logs into a :class:`~curvedoc.live.LiveRun`, diagnoses it with the usual rules
every ``every`` steps (rules that judge a finished run wait for the end of training), reports each new finding
once through the framework's logger, and with ``stop_on`` (a severity, or rule selectors such as
``["D001", "G001"]``) asks the trainer to stop. The framework is imported only by its own module.

What enters the run is what the framework says is new, at the step it gives it: a value logged once is one point,
never re-sampled from a "latest metrics" dict at every batch (that turns one validation into dozens), and a value
is read as what it is (Keras' batch running means become the batches' values). So a check on the first N logged
points gives what ``curvedoc diagnose`` gives for the framework's own log holding those N points (whole-run rules
and checks aside), and the run is named as that log's format, so the rules that know a format's conventions agree too.
"""

from __future__ import annotations

import logging
from typing import Any, Iterable, Mapping, Sequence

from curvedoc.live import Event, LiveRun, Monitor
from curvedoc.vocab import FAIL_ON_LEVELS, Severity, at_or_above


class LiveDiagnosis:
    """The framework-independent part of every callback: collect metrics, diagnose every ``every`` steps, keep
    the new findings, decide whether to stop."""

    def __init__(self, *, every: int = 50, stop_on: str | Sequence[str] | None = "error", name: str = "training",
                 select: Iterable[str] | None = None, ignore: Iterable[str] | None = None,
                 params: Mapping[str, Mapping[str, Any]] | None = None, roles: Mapping[str, str] | None = None,
                 logger: logging.Logger | None = None, source: str = "live", settings=None):
        if int(every) < 1:
            raise ValueError(f"every must be a positive number of steps, got {every!r}")
        self.every = int(every)
        self.stop_levels: str | None = None
        self.stop_codes: set[str] = set()
        # one plan for the whole training: ``settings`` (a frozen curvedoc Settings) with the keywords on top
        self.monitor = Monitor(select=select, ignore=ignore, params=params, roles=roles, settings=settings)
        if isinstance(stop_on, str) and stop_on in FAIL_ON_LEVELS:
            self.stop_levels = stop_on
        elif stop_on is not None:
            sel = [stop_on] if isinstance(stop_on, str) else list(stop_on)
            self.stop_codes = {r.code for r in self.monitor.plan.catalog.select(sel)}  # unknown selectors raise
        # named as the framework's own log reads (hf-trainer-state, lightning-csv ...): the rules that know a format's
        # conventions treat the live run as they treat that log
        self.live = LiveRun(name, source)
        self.findings: list = []  # every finding reported so far (curvedoc Finding objects)
        self.stop_reason: Any = None  # the finding that asked the trainer to stop
        self.logger = logger or logging.getLogger("curvedoc")
        self._last = None

    @property
    def can_stop(self) -> bool:
        """Can a finding ask the trainer to stop (``stop_on`` is neither None nor "never")?"""
        return bool(self.stop_codes) or self.stop_levels not in (None, "never")

    def log(self, step: int, metrics: Mapping[str, Any]) -> None:
        self.live.log(step, metrics)

    def due(self, step: int) -> bool:
        return self._last is None or step - self._last >= self.every

    def check(self, step: int | None = None) -> bool:
        """Diagnose now; report new findings; True when training should stop."""
        self._last = step if step is not None else self._last
        if not self.live.points:
            return False
        return self._handle(self.monitor.check(self.live))

    def finish(self) -> None:
        """End of training: every rule, whole-run ones included, on everything logged."""
        if self.live.points:
            self._handle(self.monitor.finish(self.live.snapshot(live=False)), stop=False)

    def _handle(self, events: list[Event], stop: bool = True) -> bool:
        should = False
        for ev in events:
            f = ev.finding
            self.findings.append(f)
            where = f" at step {f.step:,}" if f.step is not None else ""
            level = {Severity.ERROR: logging.ERROR, Severity.WARNING: logging.WARNING}.get(f.severity, logging.INFO)
            self.logger.log(level, f"curvedoc {f.code} {f.name} ({f.severity}){where}: {f.message}")
            if stop and self.stop_reason is None and (f.code in self.stop_codes or at_or_above(f.severity, self.stop_levels)):
                self.stop_reason = f
                self.logger.log(level, f"curvedoc: asking the trainer to stop ({f.code} {f.name})")
                should = True
        return should


__all__ = ["LiveDiagnosis"]
