"""The engine: run every selected rule's detector on every run, turn hits into findings,
rank the likely causes, and give each run a status and a score.

    report = curvedoc.diagnose("runs/exp1", select=["D", "overfitting"], params={"divergence": {"min_rise": 0.5}})
    report = curvedoc.diagnose("runs/exp1", settings=Settings.build(select=["D"]))   # the same, built once

The configuration is one frozen :class:`~curvedoc.engine.config.Settings` (the keywords are put on top of it by
:func:`resolve_settings`); a :class:`Plan` (the selected rules with their parameters) is built from it once and used
for every run; reading gets its :class:`~curvedoc.importers.context.ReadContext` from it, passed to every read. A
run's report (:mod:`curvedoc.engine.report`) holds typed parts (:mod:`curvedoc.engine.results`).
"""

from __future__ import annotations

import dataclasses
import math
import os
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from curvedoc.engine.causality import attribute, fixes_for
from curvedoc.engine.config import Settings
from curvedoc.engine.findings import Finding, fill_template
from curvedoc.engine.report import Report, RunReport
from curvedoc.engine.results import CauseRank, Coverage, Issue, Problem, RoleSummary, SkippedRule
from curvedoc.engine.rules import Catalog, Rule, load_catalog, make_params
from curvedoc.engine.scoring import SEVERITY_WEIGHT, run_score, run_status
from curvedoc.errors import ConfigError
from curvedoc.vocab import Severity, Status

@dataclass
class Plan:
    """Selected rules with their validated parameters: built once, used for every run."""

    catalog: Catalog
    rules: list[tuple[Rule, Any, Any]]  # (rule, detector spec, params instance)
    settings: Settings

    @classmethod
    def build(cls, settings: Settings) -> "Plan":
        from curvedoc.detectors import registry

        catalog = load_catalog(settings.rules_dirs)
        detectors = registry()
        for name in settings.params:
            if catalog.get(name) is None:
                raise ConfigError(f"parameters given for unknown rule {name!r}{catalog.did_you_mean(name)}")
        chosen = []
        for rule in catalog.select(settings.select, settings.ignore):
            spec = detectors.get(rule.name)
            if spec is None:
                raise ConfigError(f"rule {rule.name!r} ({rule.code}) has no detector")
            overrides = settings.params.get(rule.name) or settings.params.get(rule.code) or {}
            chosen.append((rule, spec, make_params(rule, spec.params, overrides)))
        return cls(catalog, chosen, settings)


# A curve needs this many finite points to have a shape (start, middle, end); fewer is not a training signal.
MIN_SIGNAL_POINTS = 3
# The training signal a run is judged on, in order of preference. A quality metric stands in when no loss is
# logged (reinforcement learning: the return or success rate; a run that logs only accuracy or mAP).
SIGNAL_ROLES = ("train_loss", "val_loss")


def _finite_count(run, tag: str) -> int:
    import numpy as np

    v = run.series(tag).to_numpy(dtype=np.float64)
    return int(np.isfinite(v).sum())


def coverage(run, ran: Sequence[Rule], skipped: Sequence[SkippedRule], errored: set[str],
             min_points: Mapping[str, int] | None = None) -> Coverage:
    """What was analysed: the training signal, the rules that ran on it, and why a run is not assessed.

    A run is *assessed* when a training signal with at least MIN_SIGNAL_POINTS finite points exists (the
    training loss; failing that the validation loss; failing that a quality metric) and at least one
    selected rule that reads that signal ran without error (``errored``: codes of the rules that raised) on
    enough points to judge it: ``min_points`` (rule code -> its ``min_points`` parameter) says how many each
    needs, and a signal shorter than the fewest of them was not judged -- a 3-point run is not 'checked and
    fine'."""
    from curvedoc.model.roles import rl_marker

    roles = run.roles
    signal = signal_tag = None
    short = []
    rl = rl_marker(run) is not None
    for role in SIGNAL_ROLES:
        if role in roles and not rl:
            n = _finite_count(run, roles[role])
            if n >= MIN_SIGNAL_POINTS:
                signal, signal_tag = role, roles[role]
                break
            short.append(f"{role} {roles[role]!r} has {n} finite point{'s' if n != 1 else ''}")
    metrics = [m for m in run.metrics if m.points >= MIN_SIGNAL_POINTS]
    signal_note = ""
    if signal is None and metrics:
        signal, signal_tag = "metric", metrics[0].tag
        # say why a metric stands in: a reinforcement-learning run logs losses, but they track a moving target
        # (critic/value losses grow with the value scale), so its return or success rate is the signal
        signal_note = ("reinforcement learning: its loss tracks a moving target" if rl else
                       # a loss logged with too few numbers (NaN at every reading) is not 'no loss logged'
                       "; ".join(short) if short else "no loss logged")
    readers = [r for r in ran if r.code not in errored and any(signal in g for g in r.needs)] if signal else []
    need = {r.code: int(min_points[r.code]) for r in readers if min_points and r.code in min_points}
    needed = min(need.values()) if need else 0
    points = (next((m.points for m in metrics if m.tag == signal_tag), 0) if signal == "metric"
              else _finite_count(run, signal_tag)) if signal else 0
    too_short = bool(readers) and points < needed
    fewest = ", ".join(f"{r.code} {r.name}" for r in readers if need.get(r.code) == needed)
    readers = [] if too_short else [r for r in readers if need.get(r.code, 0) <= points]
    reason = ""
    if signal is None:
        shown = ", ".join(repr(t) for t in list(run.tags)[:8]) + (" ..." if len(run.tags) > 8 else "")
        why = "; ".join(short) if short else (f"no training loss, validation loss or quality metric with "
                                               f"{MIN_SIGNAL_POINTS}+ points was recognised")
        reason = f"{why} (tags: {shown or 'none'}); --role train_loss=TAG sets one"
    elif too_short:
        reason = (f"too short to judge: {signal} {signal_tag!r} has {points} finite point{'s' if points != 1 else ''}, "
                  f"and a verdict needs at least {needed} ({fewest}, the rule reading it that needs the fewest)")
    elif not readers:
        reason = f"no selected rule reads {signal} ({signal_tag!r}): check --select/--ignore"
    applicable = len(ran) + sum(1 for s in skipped if s.missing or s.why)
    from curvedoc.model.roles import other_losses

    losses = other_losses(run)
    try:
        family_tags = {t for layers in run.family_map().values() for t in layers.values()}
    except Exception:  # pragma: no cover - a listing must never fail a run the rules could read
        family_tags = set()
    read = set(roles.values()) | {m.tag for m in run.metrics} | set(losses) | family_tags
    return Coverage(
        assessed=bool(readers),
        signal=signal,
        signal_tag=signal_tag,
        signal_note=signal_note,
        rules_ran=tuple(r.code for r in ran),
        rules_on_signal=tuple(r.code for r in readers),
        fraction=round(len(ran) / applicable, 3) if applicable else 0.0,
        metrics=tuple(m.to_dict() for m in run.metrics),
        other_losses=tuple(losses),
        unused_tags=tuple(t for t in run.tags if t not in read),
        reason=reason,
        loss_kind=_loss_kind(run) if signal == "train_loss" else {},
    )


def _loss_kind(run) -> dict:
    from curvedoc.detectors import loss_kind

    try:
        return loss_kind(run)
    except Exception:  # pragma: no cover - a description must never fail a run the rules could read
        return {}


def rank_causes(findings: Sequence[Finding], catalog: Catalog, top: int = 3) -> list[CauseRank]:
    """Aggregate each finding's ranked causes, weighted by severity x confidence x 1/rank."""
    scores: dict[str, float] = {}
    support: dict[str, list[str]] = {}
    best_finding: dict[str, Finding] = {}
    for f in findings:
        w = SEVERITY_WEIGHT.get(f.severity, 0.02) * f.confidence
        for rank, cid in enumerate(f.cause_ids):
            contrib = w / (rank + 1)
            scores[cid] = scores.get(cid, 0.0) + contrib
            support.setdefault(cid, [])
            if f.code not in support[cid]:
                support[cid].append(f.code)
            if cid not in best_finding or contrib > SEVERITY_WEIGHT.get(best_finding[cid].severity, 0) * best_finding[cid].confidence:
                best_finding[cid] = f
    total = sum(scores.values()) or 1.0
    out = []
    for cid, sc in sorted(scores.items(), key=lambda kv: -kv[1])[:top]:
        cause = catalog.causes.get(cid)
        if cause is None:
            continue
        ev = dict(best_finding[cid].evidence)
        out.append(CauseRank(id=cid, title=cause.title, weight=round(sc / total, 3), supported_by=tuple(support[cid]),
                             fixes=tuple(fill_template(t, ev) for t in cause.fixes)))
    return out


def _to_finding(rule: Rule, hit, catalog: Catalog, run_name: str) -> Finding:
    cause_ids = list(hit.causes) if hit.causes else list(rule.causes)
    cause_ids = [c for c in cause_ids if c in catalog.causes]
    ev = dict(hit.evidence)
    if hit.check and hit.check in rule.whole_run_checks:
        ev["whole_run_check"] = hit.check  # said only once the run has ended (never by watch or a callback mid-run)
    fixes = fixes_for(cause_ids, ev, catalog)
    sev = hit.severity or rule.severity
    conf = float(hit.confidence)
    if not math.isfinite(conf):
        conf = 0.5
    return Finding(
        code=rule.code,
        name=rule.name,
        severity=sev,
        confidence=max(0.0, min(1.0, conf)),
        message=hit.message,
        step=None if hit.step is None else int(hit.step),
        steps=None if hit.steps is None else (int(hit.steps[0]), int(hit.steps[1])),
        evidence=ev,
        causes=tuple(catalog.causes[c].title for c in cause_ids),
        fixes=fixes,
        cause_ids=tuple(cause_ids),
        marks=tuple(int(m) for m in hit.marks),
        run=run_name,
    )


def run_summary(run) -> dict[str, RoleSummary]:
    """A few numbers for tables and sweep analysis (no frames): first/last/best of the losses."""
    import numpy as np

    out: dict[str, RoleSummary] = {}
    for role in ("train_loss", "val_loss", "val_acc"):
        if role not in run.roles:
            continue
        s = run.series(role)
        v = s.to_numpy(dtype=np.float64)
        fin = np.isfinite(v)
        if not fin.any():
            out[role] = RoleSummary(points=int(len(v)))
            continue
        vf = v[fin]
        steps = s.index.to_numpy()[fin]
        best_i = int(np.argmax(vf)) if role.endswith("acc") else int(np.argmin(vf))
        out[role] = RoleSummary(
            first=float(vf[0]),
            last=float(v[-1]) if math.isfinite(v[-1]) else float(vf[-1]),
            best=float(vf[best_i]),
            best_step=int(steps[best_i]),
            last_step=int(s.index[-1]),
            points=int(len(v)),
        )
    return out


class Applicability:
    """Which rules can judge a run: the roles it logs (and the families, a quality metric, a baseline), and
    whether it is a reinforcement-learning run. Built once per run; :meth:`skip` says why a rule cannot run."""

    def __init__(self, run) -> None:
        from curvedoc.model.metrics import RL_KINDS
        from curvedoc.model.roles import family_names, rl_marker

        present = set(run.roles) | {fam for fam in family_names() if run.family(fam)}
        if any(m.points >= MIN_SIGNAL_POINTS for m in run.metrics):
            present.add("metric")
        if getattr(run, "baseline", None):
            present.add("baseline")
        # a reinforcement-learning loss (critic, policy, TD error) tracks a moving target: it may grow with the
        # value scale and need not level off, so the rules that expect a loss to fall judge the return instead
        self.rl_tag = rl_marker(run)
        if self.rl_tag is not None and any(m.points >= MIN_SIGNAL_POINTS and m.kind in RL_KINDS for m in run.metrics):
            present.add("rl_return")
        self.present = present
        self.no_loss = present - {"train_loss", "val_loss"} if self.rl_tag is not None else present
        self.live = bool(run.meta.get("live"))

    def judges(self, rule: Rule, hit) -> bool:
        """Whether ``hit`` is reported: a hit of one of the rule's whole-run checks waits for the end of a live run
        (the detector computed it as on a finished run; its evidence needs the run's end)."""
        return not (self.live and hit.check and hit.check in rule.whole_run_checks)

    def applies(self, rule: Rule) -> bool:
        """False when ``rule`` does not apply at all, and is not listed as skipped either: a comparison rule outside
        a comparison, a whole-run rule on a live run."""
        if rule.missing_roles(self.present) == ["baseline"]:
            return False  # a comparison rule outside a comparison: not applicable, not 'skipped for lack of a tag'
        return not (self.live and rule.whole_run)  # judged when the run has ended (watch does a last full pass)

    def skip(self, rule: Rule) -> SkippedRule | None:
        """None when ``rule`` (one that :meth:`applies`) runs; else why not: the roles it needs that are missing,
        or why it does not apply to this run."""
        missing = rule.missing_roles(self.present)
        if missing:
            return SkippedRule(name=rule.name, code=rule.code, missing=tuple(missing))
        if not rule.rl_loss and rule.missing_roles(self.no_loss):
            return SkippedRule(name=rule.name, code=rule.code, missing=(),
                               why=f"reinforcement learning ({self.rl_tag!r} logged): its loss need not fall")
        return None


def view_for(run, plan: Plan, baseline: Sequence | None = None):
    """The :class:`~curvedoc.model.run.RunView` a diagnosis reads ``run`` with: the settings' role overrides when
    they name any (they replace those the run was read with), and ``baseline`` (else the one a view given already
    carries). With neither it is the run's own view (:meth:`Run.view() <curvedoc.model.run.Run.view>`), so a run
    diagnosed twice resolves its roles once; a view that already reads so is used as it is."""
    from curvedoc.model.run import RunView

    roles = dict(plan.settings.roles or {})
    if baseline is None and (not roles or (isinstance(run, RunView) and run.overrides == roles)):
        return run.view()
    return RunView(run, roles=roles or None, baseline=baseline if baseline is not None else run.baseline)


def diagnose_run(run, plan: Plan, keep_run: bool = True) -> RunReport:
    """Diagnose one loaded run with a prepared plan. Never raises for a detector bug.

    The detectors, the coverage and the causes read one :func:`view_for` the run (``run`` itself when it is a view
    that reads with the settings' overrides already); the report keeps that view (``run_obj``) for plots. ``run``
    is never written into. The rules share what several of them ask of the run (a series downsampled, its finite log
    values, the loss kind) for the length of the diagnosis (:func:`curvedoc.detectors.run_evidence`)."""
    from curvedoc.detectors import run_evidence

    with run_evidence():
        return _diagnose_run(run, plan, keep_run)


def _diagnose_run(run, plan: Plan, keep_run: bool) -> RunReport:
    run = view_for(run, plan)
    roles = dict(run.roles)
    can = Applicability(run)
    findings: list[Finding] = []
    skipped: list[SkippedRule] = []
    errors: list[str] = []
    ran: list[Rule] = []
    errored: set[str] = set()
    for rule, spec, params in plan.rules:
        if not can.applies(rule):
            continue
        skip = can.skip(rule)
        if skip is not None:
            skipped.append(skip)
            continue
        ran.append(rule)
        try:
            for hit in spec.func(run, params) or ():
                if not can.judges(rule, hit):
                    continue
                findings.append(_to_finding(rule, hit, plan.catalog, run.name))
        except Exception as exc:  # a detector bug becomes this rule's error; the other rules still run
            tb = traceback.extract_tb(exc.__traceback__)
            where = f" ({Path(tb[-1].filename).name}:{tb[-1].lineno})" if tb else ""
            errors.append(f"{rule.code} {rule.name}: {type(exc).__name__}: {exc}{where}")
            errored.add(rule.code)
    findings = attribute(findings, plan.catalog, run)
    findings.sort(key=Finding.sort_key)
    need = {rule.code: params.min_points for rule, _, params in plan.rules
            if isinstance(getattr(params, "min_points", None), int)}
    cov = coverage(run, ran, skipped, errored, need)
    if errored and cov.assessed:
        # a rule that failed checked nothing: 'healthy' must mean every selected rule that could run said so
        cov = dataclasses.replace(
            cov, assessed=False,
            reason=f"{len(errored)} rule(s) failed while checking this run ({', '.join(sorted(errored))}); see the errors")
    rr = RunReport(
        run=run.name,
        source=run.source,
        status=run_status(findings, cov.assessed),
        score=run_score(findings, cov),
        coverage=cov,
        roles=roles,
        findings=findings,
        skipped=skipped,
        errors=errors,
        points=run.n_points,
        path=str(run.path) if run.path is not None else "",
        tags=run.tag_counts(),
        issues=[Issue.from_dict(i.to_dict()) for i in run.issues],
        role_notes=list(run.role_notes),
        top_causes=rank_causes(findings, plan.catalog),
        hparams=dict(run.hparams),
        meta=dict(run.meta),
        summary=run_summary(run),
        run_obj=run if keep_run else None,
    )
    return rr


def unreadable_report(name: str, path: str, reason: str, kind: str = "unreadable") -> RunReport:
    return RunReport(run=name, source="", status=Status.UNREADABLE, score=0.0, errors=[reason], path=path,
                     issues=[Issue(kind=kind, message=reason, file=path, count=None, severity=Severity.ERROR)])


def resolve_settings(
    target=None,
    *,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    params: Mapping[str, Mapping[str, Any]] | None = None,
    roles: Mapping[str, str] | None = None,
    fail_on: str | None = None,
    rules_dirs: Iterable[str] | None = None,
    config: str | os.PathLike | Settings | None = None,
    settings: Settings | None = None,
) -> Settings:
    """The settings the public functions' keywords ask for: :meth:`Settings.build` over ``settings`` (built
    already) or ``config`` (a settings file; None: the working directory's ``pyproject.toml``, never ``target``'s).
    Giving both ``settings`` and ``config`` is a mistake (:class:`TypeError`)."""
    if settings is not None and config is not None:
        raise TypeError("give settings= (built already) or config= (a settings file), not both")
    return Settings.build(settings if settings is not None else config, select=select, ignore=ignore,
                          params=params, roles=roles, fail_on=fail_on, rules_dirs=rules_dirs)


def diagnose(
    target,
    *,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    params: Mapping[str, Mapping[str, Any]] | None = None,
    roles: Mapping[str, str] | None = None,
    fail_on: str | None = None,
    rules_dirs: Iterable[str] | None = None,
    config: str | os.PathLike | Settings | None = None,
    storage_options: Mapping[str, Any] | None = None,
    settings: Settings | None = None,
) -> Report:
    """Diagnose a path (file, run folder or tree), a storage URL (``s3://bucket/runs``, with fsspec's
    ``storage_options``), a :class:`Run`, or a list of runs.

    Rules whose roles are missing are listed as skipped; a detector that raises becomes an error
    entry of that run; runs that cannot be read are present with status ``unreadable``.
    Unknown rules or parameters raise :class:`~curvedoc.errors.ConfigError`; a path that does not exist
    raises :class:`~curvedoc.errors.LoadError`.

    ``settings`` (a :class:`~curvedoc.engine.config.Settings`, built once with :meth:`Settings.build`) configures
    the diagnosis; the keywords, when given too, apply on top of it. Without it the keywords apply on top of
    ``config`` (a settings file), else of the working directory's ``pyproject.toml``.
    """
    from curvedoc.model.run import Run

    from curvedoc.importers import existing_target

    if isinstance(target, (str, os.PathLike)):
        target = existing_target(target)  # a mistyped path is a mistake to raise, not an empty report
    settings = resolve_settings(target, select=select, ignore=ignore, params=params, roles=roles,
                                fail_on=fail_on, rules_dirs=rules_dirs, config=config, settings=settings)
    plan = Plan.build(settings)
    report = Report(target=str(target) if isinstance(target, (str, os.PathLike)) else "")
    if isinstance(target, Run):
        runs, failures, problems = [target], [], []
    elif isinstance(target, (list, tuple)) and all(isinstance(r, Run) for r in target):
        runs, failures, problems = list(target), [], []
    else:
        from curvedoc._guard import RunTimeout, max_seconds, time_guard
        from curvedoc.importers import Failure, LoadResult, find_runs, read_into, reading_context

        disc = find_runs(target, storage_options=storage_options)  # a URL with nothing under it raises too
        res = LoadResult(problems=list(disc.problems))
        limit = max_seconds(settings)
        context = reading_context(settings)  # passed to every read: the size limit and the event-file reader
        for spec in disc.specs:  # read + diagnose one run at a time, under the per-run time guard
            try:
                with time_guard(limit):
                    done = [diagnose_run(run, plan) for run in read_into(res, spec, settings.roles, context)]
                report.runs.extend(done)
            except RunTimeout as exc:
                res.failures.append(Failure(spec.name, str(spec.root), exc.reason, "timeout"))
        runs, failures, problems = [], res.failures, res.problems
    for run in runs:
        report.runs.append(diagnose_run(run, plan))
    for f in failures:
        report.runs.append(unreadable_report(f.name, f.path, f.reason, f.kind))
    report.problems = [Problem.from_dict(p.to_dict()) for p in problems]
    return report


__all__ = ["diagnose", "diagnose_run", "Plan", "rank_causes", "resolve_settings", "unreadable_report", "view_for"]
