"""Runs that are still being written: a bounded in-memory run, and a monitor that diagnoses it as it grows.

Shared by ``curvedoc watch`` (:mod:`curvedoc.watch`) and the training-loop callbacks
(:mod:`curvedoc.integrations`). One engine: the monitor calls :func:`curvedoc.engine.diagnose_run` with the
usual plan on a :class:`~curvedoc.model.run.Run` whose ``meta["live"]`` is true, which makes the engine leave
out the rules that judge a finished run (``whole_run = true`` in the rule data: schedule ended early,
unfinished, crashed, underfitting) and the checks of other rules that need its end (``whole_run_checks``: at chance
with nothing else to show it, flat within noise at a learning rate above 0, double softmax). Detectors never ask
whether a run is live: they judge the points they are given.

**Bounded cost.** A :class:`LiveRun` keeps, per tag, the first ``HEAD`` points and the last ``RECENT`` points
exactly, and the points between binned pairwise (mean of two neighbours; a non-finite value wins, so a NaN is
never averaged away) whenever they outgrow ``MIDDLE``. So every diagnosis sees at most
HEAD + 2 x MIDDLE + RECENT points per tag however long the run, appending costs amortised O(1) per point, and a
poll costs what was appended. Old spikes were reported while they were recent; the old part keeps its trend.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

import numpy as np
import pandas as pd

from curvedoc.vocab import at_or_above  # offered here as before (in __all__); declared with the vocabulary

HEAD = 512  # first points kept exactly: the initial loss, the warmup
RECENT = 8192  # last points kept exactly: what is happening now
MIDDLE = 4096  # the binned part is halved when it grows past twice this


class _Series:
    __slots__ = ("steps", "values", "walls", "n")

    def __init__(self):
        self.steps = np.empty(1024, np.int64)
        self.values = np.empty(1024, np.float64)
        self.walls = np.empty(1024, np.float64)
        self.n = 0

    def extend(self, steps: np.ndarray, values: np.ndarray, walls: np.ndarray) -> None:
        k = len(steps)
        if self.n + k > len(self.steps):
            cap = max(2 * len(self.steps), self.n + k)
            for name in ("steps", "values", "walls"):
                old = getattr(self, name)
                new = np.empty(cap, old.dtype)
                new[: self.n] = old[: self.n]
                setattr(self, name, new)
        self.steps[self.n : self.n + k] = steps
        self.values[self.n : self.n + k] = values
        self.walls[self.n : self.n + k] = walls
        self.n += k
        self._compact()

    def _compact(self) -> None:
        while self.n - HEAD - RECENT > 2 * MIDDLE:
            self._halve()

    def _halve(self) -> None:
        mid = self.n - HEAD - RECENT
        a, b = HEAD, HEAD + (mid // 2) * 2  # an even number of middle points, paired
        s, v, w = self.steps[a:b], self.values[a:b], self.walls[a:b]
        v0, v1 = v[0::2], v[1::2]
        mean = 0.5 * (v0 + v1)
        bad = ~np.isfinite(v0) | ~np.isfinite(v1)
        # a non-finite value survives binning (NaN first, then +-inf): a divergence is never averaged away
        mean = np.where(bad, np.where(np.isnan(v0) | np.isnan(v1), np.nan, np.where(~np.isfinite(v1), v1, v0)), mean)
        m = len(mean)
        tail = self.n - b
        self.steps[a : a + m] = s[1::2]  # a bin stands at its later step
        self.values[a : a + m] = mean
        self.walls[a : a + m] = w[1::2]
        self.steps[a + m : a + m + tail] = self.steps[b : self.n]
        self.values[a + m : a + m + tail] = self.values[b : self.n]
        self.walls[a + m : a + m + tail] = self.walls[b : self.n]
        self.n = a + m + tail


class LiveRun:
    """A run being written, kept bounded. ``append`` adds points; ``snapshot()`` gives a :class:`Run` for the
    engine (``meta["live"] = True``)."""

    def __init__(self, name: str, source: str = "live", *, path=None, hparams: Mapping[str, Any] | None = None,
                 meta: Mapping[str, Any] | None = None):
        self.name = name
        self.source = source
        self.path = path
        self.hparams: dict[str, Any] = dict(hparams or {})
        self.meta: dict[str, Any] = dict(meta or {})
        self.issues: list = []  # what the importer said of the log read so far (a restart, damage ...)
        self._tags: dict[str, _Series] = {}
        self.points = 0  # points appended in all (before binning)
        self.version = 0

    def append(self, tag: str, steps, values, walls=None) -> None:
        steps = np.asarray(steps, dtype=np.int64).reshape(-1)
        values = np.asarray(values, dtype=np.float64).reshape(-1)
        if walls is None:
            walls = np.full(len(steps), time.time())
        walls = np.asarray(walls, dtype=np.float64).reshape(-1)
        if not len(steps):
            return
        self._tags.setdefault(str(tag), _Series()).extend(steps, values, walls)
        self.points += len(steps)
        self.version += 1

    def append_scalars(self, frame: pd.DataFrame) -> None:
        """Append a long frame (tag, step, value, wall_time), as importers make."""
        if frame is None or not len(frame):
            return
        tags = frame["tag"].astype(str).to_numpy()
        order = np.argsort(tags, kind="stable")
        tags = tags[order]
        steps = frame["step"].to_numpy()[order]
        values = frame["value"].to_numpy(dtype=np.float64)[order]
        walls = frame["wall_time"].to_numpy(dtype=np.float64)[order] if "wall_time" in frame else None
        cuts = np.flatnonzero(tags[1:] != tags[:-1]) + 1
        for a, b in zip(np.r_[0, cuts], np.r_[cuts, len(tags)]):
            self.append(tags[a], steps[a:b], values[a:b], None if walls is None else walls[a:b])

    def log(self, step: int, metrics: Mapping[str, Any], wall: float | None = None) -> None:
        """Append one step's metrics (a dict of numbers; anything that is not a number is ignored)."""
        w = time.time() if wall is None else wall
        for k, v in metrics.items():
            try:
                x = float(v.item() if hasattr(v, "item") else v)
            except (TypeError, ValueError):
                continue
            self.append(k, [int(step)], [x], [w])

    def steps_back(self, frame: pd.DataFrame) -> tuple[int, int, str] | None:
        """(last step kept, first step given, tag) for the first tag of a long frame about to be appended whose
        first step is before the tag's last step here (a resumed job appended to the log), else None."""
        if frame is None or not len(frame):
            return None
        firsts = frame.groupby(frame["tag"].astype(str), sort=False)["step"].first()
        for tag, first in firsts.items():
            s = self._tags.get(str(tag))
            if s is not None and s.n and int(first) < int(s.steps[s.n - 1]):
                return int(s.steps[s.n - 1]), int(first), str(tag)
        return None

    @property
    def tags(self) -> list[str]:
        return sorted(self._tags)

    def kept_points(self) -> int:
        return sum(s.n for s in self._tags.values())

    def snapshot(self, live: bool = True):
        """The run as the engine sees it now (held-out series written against the epoch index placed on the
        training clock, as a whole read places them: :func:`~curvedoc.model.axes.place_epoch_indexed`)."""
        from curvedoc.model.axes import place_epoch_indexed
        from curvedoc.model.run import Run, make_frame

        tags, steps, values, walls = [], [], [], []
        for tag, s in self._tags.items():
            tags.append(np.full(s.n, tag, dtype=object))
            steps.append(s.steps[: s.n])
            values.append(s.values[: s.n])
            walls.append(s.walls[: s.n])
        if tags:
            frame = make_frame(np.concatenate(tags), np.concatenate(steps), np.concatenate(values),
                               np.concatenate(walls))
        else:
            frame = make_frame([], [], [])
        frame, moved = place_epoch_indexed(frame)
        meta = dict(self.meta)
        meta["live"] = live
        return Run(self.name, self.source, frame, hparams=self.hparams, meta=meta, path=self.path,
                   issues=list(self.issues) + ([moved] if moved is not None else []))


@dataclass
class Event:
    """A new finding on a live run (or the end of a watch): what ``watch`` prints and callbacks report."""

    kind: str  # 'finding' | 'end'
    run: str
    time: float
    finding: Any = None  # curvedoc.engine.findings.Finding
    path: str = ""
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d = {"event": self.kind, "run": self.run, "time": round(self.time, 3), "path": self.path}
        if self.finding is not None:
            d["finding"] = self.finding.to_dict()
        d.update(self.detail)
        return d


def finding_key(run: str, f) -> tuple:
    """What makes a finding 'the same' from one poll to the next: the run, the rule, the curve it is about and its
    severity. Its step range and numbers move as the run grows; a rule escalating to error is news."""
    tag = ""
    if getattr(f, "evidence", None):
        tag = str(f.evidence.get("tag") or f.evidence.get("curve") or "")
    return (run, f.code, tag, f.severity)


class Monitor:
    """Diagnoses live runs with one plan and reports each new finding once.

    ``check(live_run)`` diagnoses the run as it is now and returns the new findings as :class:`Event` s;
    ``finish(run)`` diagnoses a finished run (every rule, whole-run ones included) and returns what is new.

    The plan is ``plan`` (built already), else built once from ``settings`` (a frozen
    :class:`~curvedoc.engine.config.Settings`) with the keywords on top, as for :func:`curvedoc.diagnose`."""

    def __init__(self, plan=None, *, select: Iterable[str] | None = None, ignore: Iterable[str] | None = None,
                 params: Mapping[str, Mapping[str, Any]] | None = None, roles: Mapping[str, str] | None = None,
                 on_event: Callable[[Event], None] | None = None, settings=None):
        if plan is None:
            from curvedoc.engine import Plan, resolve_settings

            plan = Plan.build(resolve_settings(None, select=select, ignore=ignore, params=params, roles=roles,
                                               settings=settings))
        self.plan = plan
        self.seen: set[tuple] = set()
        self.on_event = on_event
        self.reports: dict[str, Any] = {}

    def _new(self, rr, path: str = "") -> list[Event]:
        out = []
        for f in rr.findings:
            key = finding_key(rr.run, f)
            if key in self.seen:
                continue
            self.seen.add(key)
            ev = Event("finding", rr.run, time.time(), f, path)
            out.append(ev)
            if self.on_event is not None:
                self.on_event(ev)
        return out

    def check(self, live: LiveRun) -> list[Event]:
        from curvedoc.engine import diagnose_run

        rr = diagnose_run(live.snapshot(live=True), self.plan, keep_run=False)
        self.reports[live.name] = rr
        return self._new(rr, str(live.path or ""))

    def finish(self, run, path: str = "") -> list[Event]:
        from curvedoc.engine import diagnose_run

        rr = diagnose_run(run, self.plan, keep_run=False)
        self.reports[run.name] = rr
        return self._new(rr, path)


__all__ = ["LiveRun", "Monitor", "Event", "finding_key", "at_or_above", "HEAD", "RECENT", "MIDDLE"]
