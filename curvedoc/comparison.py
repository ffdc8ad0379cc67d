"""``curvedoc compare``: runs against a baseline run, through the same engine as ``diagnose``.

    report = curvedoc.compare("runs/new", baseline="golden/")      # a Report, like diagnose's
    report.run(".").comparison.verdict                             # 'matches' | 'worse' | 'better' | ...

Every run is diagnosed with the selected rules and with the baseline attached, which makes the comparison
rule (C001 baseline-departure) applicable: each curve the two share is checked against the baseline's noise
band (``curvedoc/detectors/_baseline.py``). Findings the baseline has too are moved out of the run's
findings into ``comparison.shared_findings`` (a :class:`~curvedoc.engine.results.Comparison`) -- a comparison answers "did this change make training
worse?", and a spike the baseline also had is not news -- so the status, the score and the exit code count
only what is new. A finding is the baseline's when the baseline has the same code *starting at about the same
point* (within :data:`ONSET_SHARE` of the runs' length): a divergence at 10% of training is not the
baseline's divergence in its last 5 steps. A curve of the run that turns non-finite (NaN, inf) where the
baseline's is still finite is worse, never "no data" to skip. A baseline with no curve of 3+ finite points
cannot be compared with: an error (LoadError), not a pass. Several baseline runs at the baseline path (seeds of one recipe) form one baseline whose
band includes their spread.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any, Iterable, Mapping, Sequence

from curvedoc.detectors.baseline_departure import hparams_diff  # the comparison rule's module (C001)
from curvedoc.engine import Plan, diagnose_run, rank_causes, resolve_settings, unreadable_report, view_for
from curvedoc.engine.config import Settings
from curvedoc.engine.report import Report, RunReport
from curvedoc.engine.results import BaselineInfo, Comparison
from curvedoc.engine.scoring import run_score, run_status
from curvedoc.errors import ConfigError, LoadError
from curvedoc.vocab import WARNING_OR_WORSE

RULE = "baseline-departure"
# two findings of one code are one event when their onsets are within this share of the runs' length in steps
ONSET_SHARE = 0.1
# the command-line / keyword shortcuts for the comparison rule's parameters
SHORTCUTS = ("band", "rtol", "atol", "seed_rtol", "align")


def _load(target, settings: Settings, what: str, storage_options=None) -> tuple[list, list]:
    """(runs, failures) at ``target``: a path or storage URL, a Run, or a list of runs."""
    from curvedoc.model.run import Run

    if isinstance(target, Run):
        return [target], []
    if isinstance(target, (list, tuple)) and target and all(isinstance(r, Run) for r in target):
        return list(target), []
    if not isinstance(target, (str, os.PathLike)):
        raise TypeError(f"{what} must be a path, a Run or a list of Runs, not {type(target).__name__}")
    from curvedoc.importers import load_all, reading_context

    res = load_all(target, settings.roles, with_base=True, storage_options=storage_options,
                   context=reading_context(settings), must_exist=True)  # a target that does not exist raises
    return res.runs, res.failures


def _band_params(plan: Plan):
    """The comparison rule's parameters from the plan (rule data + overrides); a bad ``align`` is a ConfigError."""
    from curvedoc.detectors import registry
    from curvedoc.detectors.baseline_departure import band_params
    from curvedoc.engine.rules import make_params

    rule = plan.catalog.rules[RULE]
    overrides = plan.settings.params.get(RULE) or plan.settings.params.get(rule.code) or {}
    try:
        return band_params(make_params(rule, registry()[RULE].params, overrides))
    except ValueError as exc:
        raise ConfigError(f"{RULE}: {exc}") from None


def _verdict(rr: RunReport, series: Sequence[dict[str, Any]]) -> str:
    compared = [s for s in series if s.get("compared")]
    if not compared:
        return "not-compared"
    sides = {s.get("side") for s in compared}
    new_bad = any(f.severity in WARNING_OR_WORSE and f.code != "C001" for f in rr.findings)
    if "worse" in sides or new_bad:
        return "worse"
    if "better" in sides:
        return "better"
    if "different" in sides:
        return "different"
    return "matches"


def _span(runs: Sequence) -> float:
    """The longest step range among ``runs`` (0 when none has a step)."""
    import numpy as np

    out = 0.0
    for r in runs:
        st = r.scalars["step"].to_numpy() if len(r.scalars) else np.zeros(0)
        if len(st):
            out = max(out, float(st.max()) - float(st.min()))
    return out


def _same_event(f, b, tol: float) -> bool:
    """Finding ``f`` of the run is the baseline's finding ``b``: same code, and onsets within ``tol`` steps
    (a finding about the whole run, with no onset, matches by code)."""
    if f.code != b.code:
        return False
    if f.step is None or b.step is None:
        return f.step is None and b.step is None
    return abs(int(f.step) - int(b.step)) <= tol


def _first_nonfinite(run, tag: str):
    """The first step at which ``tag`` is NaN or infinite, or None."""
    import numpy as np

    try:
        s = run.series(tag)
    except KeyError:
        return None
    v = s.to_numpy(dtype=np.float64)
    bad = ~np.isfinite(v)
    return int(s.index[int(np.argmax(bad))]) if bad.any() else None


def _nonfinite_series(run, bases: Sequence, series: list[dict[str, Any]], notes: list[str]) -> None:
    """A curve of the run that turns non-finite where the baseline's is still finite is worse from there (the
    band comparison sees only finite points, and would read the rest as "no data")."""
    for s in series:
        at = _first_nonfinite(run, s["run_tag"])
        if at is None:
            continue
        base_at = [_first_nonfinite(b, s["baseline_tag"]) for b in bases]
        base_last = max((int(b.series(s["baseline_tag"]).index.max()) for b in bases
                         if len(b.series(s["baseline_tag"]))), default=None)
        if base_last is None or at > base_last:
            continue  # past the baseline's end: nothing to compare with there
        if all(a is not None and a <= at for a in base_at):
            continue  # the baseline was already non-finite there too
        s["compared"], s["side"] = True, "worse"
        s["left_step"] = at if s.get("left_step") is None else min(int(s["left_step"]), at)
        s["nonfinite_step"] = at
        notes.append(f"{s['run_tag']} is non-finite (NaN or inf) from step {at:,}, where the baseline's "
                     f"{s['baseline_tag']} is still finite: worse from there")


def compare_runs(runs: Sequence, bases: Sequence, base_reports: Sequence[RunReport], plan: Plan) -> list[RunReport]:
    """Diagnose each run with the baseline attached and fold the comparison into its report."""
    from curvedoc.detectors.baseline_departure import compare_run

    bp = _band_params(plan)
    base_findings = [f for br in base_reports for f in br.findings]
    base_span = _span(bases)
    out = []
    for run in runs:
        run = view_for(run, plan, baseline=bases)  # the view the detectors read, the baseline attached
        rr = diagnose_run(run, plan)
        cmp = compare_run(run, bases, bp)  # the baseline-departure detector's comparison, from the view's memo
        run.comparison = cmp  # for the plots of the HTML report and notebooks (rr.run_obj is this view)
        tol = ONSET_SHARE * max(base_span, _span([run]))
        shared = [f for f in rr.findings if f.code != "C001" and any(_same_event(f, b, tol) for b in base_findings)]
        new = [f for f in rr.findings if f not in shared]
        resolved = []
        seen = set()
        for f in base_findings:
            if f.code != "C001" and not any(_same_event(g, f, tol) for g in rr.findings) and (f.code, f.step) not in seen:
                seen.add((f.code, f.step))
                resolved.append({"code": f.code, "name": f.name, "severity": f.severity, "message": f.message,
                                 "step": f.step, "baseline_run": f.run})
        rr.findings = new
        rr.status = run_status(new, bool(rr.coverage is not None and rr.coverage.assessed))
        rr.score = run_score(new, rr.coverage)
        rr.top_causes = rank_causes(new, plan.catalog)
        series = [s.to_dict() for s in cmp.series]
        notes = list(cmp.notes)
        _nonfinite_series(run, bases, series, notes)
        rr.comparison = Comparison(
            baseline=tuple(b.name for b in bases),
            verdict=_verdict(rr, series),
            axis=cmp.axis,
            axis_reason=cmp.axis_reason,
            notes=tuple(notes),
            new_findings=tuple(sorted({f.code for f in new})),
            shared_findings=tuple(f.to_dict() for f in shared),
            resolved_findings=tuple(resolved),
            series=tuple(series),
            hparams_diff=tuple(hparams_diff(run.hparams, bases[0].hparams)),
        )
        out.append(rr)
    return out


def _comparable(run) -> bool:
    """The run has a curve with 3+ finite points: something a run can be compared with."""
    import numpy as np

    return any(int(np.isfinite(run.tag_values(t)).sum()) >= 3 for t in run.tags)


def compare(
    target,
    baseline,
    *,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    params: Mapping[str, Mapping[str, Any]] | None = None,
    roles: Mapping[str, str] | None = None,
    fail_on: str | None = None,
    rules_dirs: Iterable[str] | None = None,
    config: str | os.PathLike | Settings | None = None,
    band: float | None = None,
    rtol: float | None = None,
    atol: float | None = None,
    seed_rtol: float | None = None,
    align: str | None = None,
    storage_options: Mapping[str, Any] | None = None,
    settings: Settings | None = None,
) -> Report:
    """Compare the run(s) at ``target`` (a path, a Run, or a list of paths / runs) with ``baseline`` (a path
    holding one run or several seeds of one recipe, or Runs).

    ``band`` (noise standard deviations), ``rtol``, ``atol``, ``seed_rtol`` and ``align`` set the comparison
    rule's parameters (``params={"baseline-departure": {...}}`` does the same). ``settings`` (built once with
    :meth:`Settings.build <curvedoc.engine.config.Settings.build>`) configures the comparison as for
    :func:`curvedoc.diagnose`; the keywords apply on top of it. Returns a :class:`Report` whose
    runs carry ``comparison``; :meth:`Report.exit_status` counts only findings the baseline does not have.
    Raises :class:`LoadError` when a path does not exist or the baseline holds no readable run, and
    :class:`ConfigError` for unknown rules or parameters.
    """
    shortcuts = {k: v for k, v in zip(SHORTCUTS, (band, rtol, atol, seed_rtol, align)) if v is not None}
    merged = {k: dict(v) for k, v in (params or {}).items()}
    if shortcuts:
        merged.setdefault(RULE, {}).update(shortcuts)
    targets = list(target) if isinstance(target, (list, tuple)) and not _all_runs(target) else [target]
    first = targets[0] if targets and isinstance(targets[0], (str, os.PathLike)) else None
    settings = resolve_settings(first, select=select, ignore=ignore, params=merged, roles=roles, fail_on=fail_on,
                                rules_dirs=rules_dirs, config=config, settings=settings)
    plan = Plan.build(settings)
    _band_params(plan)  # a bad align (keyword, --param or pyproject) fails before anything is read
    bases, base_fail = _load(baseline, settings, "baseline", storage_options)
    if not bases:
        reasons = "; ".join(f"{f.path}: {f.reason}" for f in base_fail[:3])
        raise LoadError(str(baseline), "no readable training run in the baseline" + (f" ({reasons})" if reasons else ""),
                        kind="nothing-readable")
    flat = [b.name for b in bases if not _comparable(b)]
    if flat:
        raise LoadError(str(baseline), f"the baseline cannot be compared with: {', '.join(flat[:3])} "
                        f"{'has' if len(flat) == 1 else 'have'} no curve with 3 or more finite values "
                        "(all NaN, inf or too short)", kind="not-comparable")
    base_reports = [diagnose_run(b, plan) for b in bases]
    report = Report(target=", ".join(str(t) for t in targets if isinstance(t, (str, os.PathLike))))
    report.baseline = BaselineInfo(
        path=str(baseline) if isinstance(baseline, (str, os.PathLike)) else "",
        runs=tuple({"run": br.run, "source": br.source, "status": br.status, "score": br.score, "path": br.path,
                    "findings": [f.to_dict() for f in br.findings]} for br in base_reports),
        unreadable=tuple(f.to_dict() for f in base_fail),
    )
    base_paths = {os.path.realpath(str(b.path)) for b in bases if b.path is not None}
    for t in targets:
        runs, failures = _load(t, settings, "the run", storage_options)
        report.runs.extend(compare_runs(runs, bases, base_reports, plan))
        for f in failures:
            report.runs.append(unreadable_report(f.name, f.path, f.reason, f.kind))
    names = [rr.run for rr in report.runs]
    if len(set(names)) < len(names):  # the same run name under several paths: name them by path instead
        for rr in report.runs:
            if names.count(rr.run) > 1 and rr.path:
                rr.run = os.path.relpath(rr.path) if not os.path.isabs(str(targets[0])) else rr.path
    for rr in report.runs:
        if rr.comparison is not None and rr.path and os.path.realpath(rr.path) in base_paths:
            rr.comparison = dataclasses.replace(
                rr.comparison, notes=("this run is the baseline itself: it matches trivially", *rr.comparison.notes))
    return report


def _all_runs(x) -> bool:
    from curvedoc.model.run import Run

    return bool(x) and all(isinstance(r, Run) for r in x)


__all__ = ["compare", "compare_runs"]
