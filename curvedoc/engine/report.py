"""Reports: the result of diagnosing one or many runs.

``Report.to_dict()`` is the documented JSON contract::

    {"curvedoc_version": str,
     "runs": [{"run", "source", "status", "score", "roles", "findings": [...], "skipped": [...],
               "errors": [...], ...}],
     "sweep": {...} | absent}

A :class:`RunReport` holds findings, not data frames, so audit workers can send it between
processes cheaply; ``RunReport.run`` keeps the :class:`Run` when it is at hand (for plots). Its parts are typed
(:mod:`curvedoc.engine.results`: ``coverage``, ``skipped``, ``top_causes``, ``comparison``; a report's ``sweep`` and
``problems``), each with ``to_dict()`` giving its object of the JSON contract.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from curvedoc.engine.findings import Finding, jsonable
from curvedoc.engine.results import (BaselineInfo, CauseRank, Comparison, Coverage, Issue, Problem, RoleSummary,
                                     SkippedRule, SweepSummary)
from curvedoc.vocab import Status, failing_severities


@dataclass
class RunReport:
    run: str
    source: str
    status: str
    score: float
    roles: dict[str, str] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    skipped: list[SkippedRule] = field(default_factory=list)  # selected rules that did not run, and why
    errors: list[str] = field(default_factory=list)
    points: int = 0
    path: str = ""
    tags: dict[str, int] = field(default_factory=dict)
    issues: list[Issue] = field(default_factory=list)  # what the importer noticed, or why the run is unreadable
    role_notes: list[str] = field(default_factory=list)
    top_causes: list[CauseRank] = field(default_factory=list)
    hparams: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)
    summary: dict[str, RoleSummary] = field(default_factory=dict)  # role -> first/last/best of its curve
    coverage: Coverage | None = None  # what was analysed (engine.coverage); None for an unreadable run
    comparison: Comparison | None = None  # against a baseline (curvedoc compare), else None
    run_obj: Any = field(default=None, repr=False, compare=False)  # the RunView the run was diagnosed through, when in memory

    @property
    def top_finding(self) -> Finding | None:
        return min(self.findings, key=Finding.sort_key) if self.findings else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "run": self.run,
            "source": self.source,
            "status": self.status,
            "score": round(float(self.score), 1),
            "points": int(self.points),
            "path": self.path,
            "roles": dict(self.roles),
            "role_notes": list(self.role_notes),
            "findings": [f.to_dict() for f in sorted(self.findings, key=Finding.sort_key)],
            "top_causes": jsonable([c.to_dict() for c in self.top_causes]),
            "skipped": [s.to_dict() for s in self.skipped],
            "errors": list(self.errors),
            "issues": jsonable([i.to_dict() for i in self.issues]),
            "tags": dict(self.tags),
            "hparams": jsonable(self.hparams),
            "summary": jsonable({role: s.to_dict() for role, s in self.summary.items()}),
            "coverage": jsonable(self.coverage.to_dict()) if self.coverage is not None else {},
            **({"comparison": jsonable(self.comparison.to_dict())} if self.comparison is not None else {}),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "RunReport":
        return cls(
            run=d["run"],
            source=d.get("source", ""),
            status=d["status"],
            score=float(d.get("score", 0)),
            roles=dict(d.get("roles") or {}),
            findings=[Finding.from_dict(f, d["run"]) for f in d.get("findings") or []],
            skipped=[SkippedRule.from_dict(s) for s in d.get("skipped") or []],
            errors=list(d.get("errors") or []),
            points=int(d.get("points") or 0),
            path=d.get("path", ""),
            tags=dict(d.get("tags") or {}),
            issues=[Issue.from_dict(i) for i in d.get("issues") or []],
            role_notes=list(d.get("role_notes") or []),
            top_causes=[CauseRank.from_dict(c) for c in d.get("top_causes") or []],
            hparams=dict(d.get("hparams") or {}),
            summary={role: RoleSummary.from_dict(s) for role, s in (d.get("summary") or {}).items()},
            coverage=Coverage.from_dict(d["coverage"]) if d.get("coverage") else None,
            comparison=Comparison.from_dict(d["comparison"]) if d.get("comparison") is not None else None,
        )


@dataclass
class Report:
    runs: list[RunReport] = field(default_factory=list)
    curvedoc_version: str = ""
    sweep: SweepSummary | None = None  # an audit's statistics (curvedoc.engine.sweep)
    problems: list[Problem] = field(default_factory=list)  # discovery problems (symlink loops, unsupported files)
    target: str = ""
    baseline: BaselineInfo | None = None  # curvedoc compare: the baseline's path, runs and their diagnosis

    def __post_init__(self):
        if not self.curvedoc_version:
            from curvedoc import __version__

            self.curvedoc_version = __version__

    # ------------------------------------------------------------- queries
    @property
    def findings(self) -> list[Finding]:
        return [f for r in self.runs for f in r.findings]

    def run(self, name: str) -> RunReport:
        for r in self.runs:
            if r.run == name:
                return r
        raise KeyError(name)

    def exit_status(self, fail_on: str = "error") -> int:
        """0: nothing at or above ``fail_on``; 1: something was; 2: nothing could be read."""
        if not self.runs or all(r.status == Status.UNREADABLE for r in self.runs):
            return 2
        levels = failing_severities(fail_on)
        return 1 if any(f.severity in levels for f in self.findings) else 0

    def statistics(self) -> list[dict[str, Any]]:
        """Counts per rule across every run, most frequent first (like ``ruff --statistics``)."""
        counts: dict[tuple[str, str, str], int] = {}
        runs_with: dict[tuple[str, str, str], set[str]] = {}
        for r in self.runs:
            for f in r.findings:
                key = (f.code, f.name, f.severity)
                counts[key] = counts.get(key, 0) + 1
                runs_with.setdefault(key, set()).add(r.run)
        rows = [
            {"code": k[0], "name": k[1], "severity": k[2], "count": n, "runs": len(runs_with[k])}
            for k, n in counts.items()
        ]
        rows.sort(key=lambda x: (-x["count"], x["code"]))
        return rows

    # ------------------------------------------------------------- output
    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"curvedoc_version": self.curvedoc_version, "runs": [r.to_dict() for r in self.runs]}
        if self.sweep is not None:
            d["sweep"] = jsonable(self.sweep.to_dict())
        if self.problems:
            d["problems"] = [p.to_dict() for p in self.problems]
        if self.baseline is not None:
            d["baseline"] = jsonable(self.baseline.to_dict())
        return d

    def to_json(self, indent: int | None = 2) -> str:
        from curvedoc._gcpause import paused_gc

        from curvedoc._json import dumps_indented

        with paused_gc():  # the dict and the text are built of plain data: nothing for the collector to free
            d = self.to_dict()
            if indent is None:
                return json.dumps(d, ensure_ascii=False, allow_nan=False)
            return dumps_indented(d, indent)  # json.dumps(d, indent=indent, ...)'s text, several times faster

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Report":
        return cls(
            runs=[RunReport.from_dict(r) for r in d.get("runs", [])],
            curvedoc_version=d.get("curvedoc_version", ""),
            sweep=SweepSummary.from_dict(d["sweep"]) if d.get("sweep") is not None else None,
            problems=[Problem.from_dict(p) for p in d.get("problems") or []],
            baseline=BaselineInfo.from_dict(d["baseline"]) if d.get("baseline") is not None else None,
        )

    def to_frame(self):
        """One row per finding: run, code, name, severity, confidence, step, step_start, step_end, message."""
        import pandas as pd

        rows = []
        for r in self.runs:
            for f in sorted(r.findings, key=Finding.sort_key):
                rows.append(
                    {
                        "run": r.run,
                        "status": r.status,
                        "code": f.code,
                        "name": f.name,
                        "severity": f.severity,
                        "confidence": f.confidence,
                        "step": f.step,
                        "step_start": f.steps[0] if f.steps else f.step,
                        "step_end": f.steps[1] if f.steps else f.step,
                        "message": f.message,
                        "causes": "; ".join(f.causes),
                    }
                )
        cols = ["run", "status", "code", "name", "severity", "confidence", "step", "step_start", "step_end",
                "message", "causes"]
        return pd.DataFrame(rows, columns=cols)

    def render(self, fmt: str = "text", **kw) -> str:
        from curvedoc.reporters import render

        return render(self, fmt, **kw)

    def plot(self, run: str | int | None = None):
        """A matplotlib figure of one run's curves with its findings marked; for a compared run (curvedoc.compare),
        its curves against the baseline's with the band shaded.

        In a notebook the figure shows itself: as the value of a cell's last line, or, when assigned
        (``fig = report.plot(0)``), at the end of the cell, as pyplot's inline figures do; ``display(fig)`` shows
        it again. ``fig.savefig("run.png")`` writes it to a file."""
        from curvedoc.reporters.plots import compare_figure, plot_run, show_at_cell_end

        if run is None:
            rr = self.runs[0]
        elif isinstance(run, int):
            rr = self.runs[run]
        else:
            rr = self.run(run)
        fig = compare_figure(rr) if rr.comparison is not None else None
        if fig is None:
            fig = plot_run(rr)
        show_at_cell_end(fig)
        return fig

    def _repr_html_(self) -> str:
        from curvedoc.reporters import render

        return render(self, "html", fragment=True)

    def __str__(self) -> str:
        try:
            return self.render("text", color=False)
        except Exception:  # pragma: no cover - the reporter must never make printing a report fail
            return self.to_json()
