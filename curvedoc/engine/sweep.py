"""Sweep statistics: what the reports of many runs say together -- the ranking, the counts, the hyperparameters
that separate failing runs from the others, failures every run shares, identical curves, the best run.

    sweep_analysis(report.runs, fingerprints)   # the ``sweep`` section of an audit report
    separating_hparams(runs)                     # "divergence in 7 of 7 runs with lr >= 0.003, in 0 of 21 below"

Pure functions of run reports (findings-only :class:`RunReport`, from workers, the cache or a results stream): no
file is read or written here, no process started. :func:`sweep_report` builds an audit's :class:`Report` from the
per-input result lists the workers send back (see :mod:`curvedoc.engine.worker`).
"""

from __future__ import annotations

import bisect
import math
import re
from typing import Any, Iterable

from curvedoc.engine.report import Report, RunReport
from curvedoc.engine.results import Problem, SweepSummary
from curvedoc.vocab import STATUSES, WARNING_OR_WORSE, Status, status_rank

_KV = re.compile(r"(?:^|[_/,\-\s])([A-Za-z][A-Za-z0-9.]*)=([^_/,\s=]+)")


def name_hparams(name: str) -> dict[str, Any]:
    """``key=value`` parts of a run's path: ``lr=3e-3_bs=64/seed=1`` -> {lr: 0.003, bs: 64, seed: 1}."""
    out: dict[str, Any] = {}
    for k, v in _KV.findall(name):
        out[k] = _num(v)
    return out


def _num(v: Any) -> Any:
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, (int, float)):
        return v
    s = str(v).strip()
    try:
        f = float(s)
    except ValueError:
        return s
    if math.isfinite(f) and f == int(f) and re.fullmatch(r"[+-]?\d+", s):
        return int(f)
    return f


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3g}"
    return str(v)


def _flat_hparams(rr: RunReport) -> dict[str, Any]:
    hp = {}
    for k, v in (rr.hparams or {}).items():
        if isinstance(v, (str, int, float, bool)) or v is None:
            hp[str(k)] = _num(v)
    hp.update(name_hparams(rr.run))
    return hp


def fisher_greater(a: int, b: int, c: int, d: int) -> float:
    """One-sided Fisher exact test of the 2x2 table [[a, b], [c, d]] (alternative 'greater', as
    ``scipy.stats.fisher_exact``): the probability, with the margins fixed, of a top-left count of ``a`` or more.
    Exact in integers (math.comb), so the audit does not import scipy.stats (about a second per process)."""
    import math

    row1, row2, col1 = a + b, c + d, a + c
    n = row1 + row2
    if min(a, b, c, d) < 0 or n == 0:
        return 1.0
    hi = min(row1, col1)
    num = sum(math.comb(col1, x) * math.comb(n - col1, row1 - x) for x in range(a, hi + 1))
    return min(1.0, num / math.comb(n, row1))


def separating_hparams(runs: list[RunReport], min_group: int = 3, min_gap: float = 0.6,
                       max_p: float = 0.05, max_per_outcome: int = 3) -> list[dict[str, Any]]:
    """Hyperparameters whose values separate runs with a finding (or failing runs) from the others.

    For each outcome (each finding name with warning/error severity, and ``failing``) and each
    hyperparameter with at least two values: numeric ones are split at the threshold that best
    separates the outcome (``>= t`` vs ``< t``), categorical ones value-vs-rest. A statement is kept
    when both groups have ``min_group`` runs or the outcome group does, the rate difference is at
    least ``min_gap`` and Fisher's exact test gives p <= ``max_p``.
    """
    readable = [r for r in runs if r.status != Status.UNREADABLE]
    if len(readable) < 2 * min_group:
        return []
    hps = [_flat_hparams(r) for r in readable]
    keys = sorted({k for hp in hps for k in hp})
    outcomes: dict[str, list[bool]] = {}
    names = sorted({f.name for r in readable for f in r.findings if f.severity in WARNING_OR_WORSE})
    for n in names:
        outcomes[n] = [any(f.name == n and f.severity in WARNING_OR_WORSE for f in r.findings) for r in readable]
    outcomes[Status.FAILING.value] = [r.status == Status.FAILING for r in readable]
    # the candidate splits depend on the hyperparameters only: built once, each with its two groups' sizes and a way
    # to count an outcome's runs in them -- by bisection in the sorted values for a numeric hyperparameter (the runs
    # >= t are those at or after t in the sorted values), by the members' indexes for a categorical one. Exact
    # counts in plain Python: a cached audit of 1,000 runs builds this report without importing numpy.
    splits = []
    for k in keys:
        vals = [hp.get(k) for hp in hps]
        n_present = sum(1 for v in vals if v is not None)
        if n_present < 2 * min_group:
            continue
        distinct = {v for v in vals if v is not None}
        if len(distinct) < 2 or len(distinct) > max(50, len(vals) // 2) and not all(
            isinstance(v, (int, float)) for v in distinct
        ):
            continue
        numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in distinct)
        candidates = []
        if numeric:
            xs = [float(v) if v is not None else math.nan for v in vals]
            # a NaN value is in neither group of any threshold (x >= t and x < t are both false), nor is any value
            # in a group of a NaN threshold: left out of the sorted values, and a NaN threshold's groups are empty
            ordered = sorted(x for x in xs if x == x)
            cuts = sorted(distinct)[1:]
            thresholds = [float(t) for t in cuts]
            for t, tf in zip(cuts, thresholds):
                below = bisect.bisect_left(ordered, tf) if tf == tf else 0
                above = len(ordered) - below if tf == tf else 0
                candidates.append((above, below, f"{k} >= {_fmt(t)}", "below"))
                candidates.append((below, above, f"{k} < {_fmt(t)}", f"with {k} >= {_fmt(t)}"))
            splits.append((k, len(distinct), candidates, ("numeric", xs, thresholds)))
        else:
            members = []
            for v in sorted(distinct, key=str):
                grp = [i for i, x in enumerate(vals) if x is not None and x == v]
                members.append(grp)
                candidates.append((len(grp), n_present - len(grp), f"{k} = {_fmt(v)}", "with other values"))
            splits.append((k, len(distinct), candidates, ("categorical", vals, members)))
    results = []
    for outcome, flags in outcomes.items():
        n_pos = sum(1 for f in flags if f)
        if n_pos < min_group or n_pos == len(flags):
            continue
        found: dict[str, tuple] = {}
        for k, n_distinct, candidates, (kind, data, parts) in splits:
            if kind == "numeric":  # the outcome's runs among those >= t and < t
                pos = sorted(x for x, f in zip(data, flags) if f and x == x)
                counts = []
                for tf in parts:
                    below = bisect.bisect_left(pos, tf) if tf == tf else 0
                    above = len(pos) - below if tf == tf else 0
                    counts += [(above, below), (below, above)]
            else:  # the outcome's runs with the value and with the others
                pos_present = sum(1 for v, f in zip(data, flags) if f and v is not None)
                counts = []
                for grp in parts:
                    a = sum(1 for i in grp if flags[i])
                    counts.append((a, pos_present - a))
            for i, ((bs, ds, label, rest_label), (a, c)) in enumerate(zip(candidates, counts)):
                if bs < 1 or ds < 1 or a < min_group:
                    continue
                b, d = bs, ds
                gap = a / b - c / d
                if gap < min_gap:
                    continue
                p = fisher_greater(a, b - a, c, d - c)
                if p > max_p:
                    continue
                # ties (two hparams separating equally well) go to the one with fewer distinct values:
                # a 3-value learning rate explains more than a 20-value run index
                score = (round(gap, 6), -p, -n_distinct, a)
                if k not in found or score > found[k][0]:
                    found[k] = (score, {
                        "outcome": outcome,
                        "hparam": k,
                        "condition": label,
                        "with": [a, b],
                        "without": [c, d],
                        "p_value": round(p, 6),
                        "statement": f"{outcome} in {a} of {b} runs with {label}, in {c} of {d} {rest_label}",
                    })
        ranked = sorted(found.values(), key=lambda t: t[0], reverse=True)
        results.extend(stmt for _, stmt in ranked[:max_per_outcome])
    order = {o: i for i, o in enumerate(outcomes)}
    results.sort(key=lambda r: (r["outcome"] == Status.FAILING, order[r["outcome"]]))
    return results


def sweep_analysis(runs: list[RunReport], fingerprints: dict[str, str | None]) -> SweepSummary:
    readable = [r for r in runs if r.status != Status.UNREADABLE]
    counts = {s: sum(1 for r in runs if r.status == s) for s in STATUSES}
    ranked = sorted(runs, key=lambda r: (status_rank(r.status), r.score, r.run))
    table = []
    for i, r in enumerate(ranked, 1):
        tf = r.top_finding
        table.append({"rank": i, "run": r.run, "status": r.status, "score": r.score,
                      "top_finding": f"{tf.code} {tf.name}" if tf else None,
                      "step": tf.step if tf else None,
                      "message": tf.message if tf else (r.errors[0] if r.errors else "")})
    findings_count: dict[str, int] = {}
    for r in runs:
        for name in {f.name for f in r.findings}:
            findings_count[name] = findings_count.get(name, 0) + 1
    # every run failing the same way
    shared = []
    if len(readable) >= 3:
        for name, n in sorted(findings_count.items(), key=lambda kv: -kv[1]):
            sev = {f.severity for r in readable for f in r.findings if f.name == name}
            if n >= 0.9 * len(readable) and sev & set(WARNING_OR_WORSE):
                shared.append({"finding": name, "runs": n, "of": len(readable),
                               "statement": f"{name} in {n} of {len(readable)} runs: likely a bug shared by the "
                                            "whole pipeline (data, loss, config), not a hyperparameter"})
    # identical curves
    groups: dict[str, list[str]] = {}
    for r in readable:
        fp = fingerprints.get(r.run)
        if fp:
            groups.setdefault(fp, []).append(r.run)
    duplicates = [sorted(v) for v in groups.values() if len(v) > 1]
    # best run by final validation loss (then by final train loss when no run has validation)
    best = None
    for role in ("val_loss", "train_loss"):
        cands = [(r.summary[role].last if role in r.summary else None, r) for r in readable
                 if r.status != Status.FAILING]
        cands = [(v, r) for v, r in cands if isinstance(v, (int, float)) and math.isfinite(v)]
        if cands:
            v, r = min(cands, key=lambda t: t[0])
            best = {"run": r.run, "by": f"final {role}", "value": v}
            break
    unreadable = [{"run": r.run, "path": r.path, "reason": r.errors[0] if r.errors else ""}
                  for r in runs if r.status == Status.UNREADABLE]
    return SweepSummary(
        runs=len(runs),
        status_counts=counts,
        ranking=tuple(table),
        finding_counts=dict(sorted(findings_count.items(), key=lambda kv: (-kv[1], kv[0]))),
        separating_hparams=tuple(separating_hparams(runs)),
        shared_failures=tuple(shared),
        duplicate_runs=tuple(tuple(g) for g in duplicates),
        best_run=best,
        unreadable=tuple(unreadable),
    )


def sweep_report(target: str, results: Iterable[list[dict[str, Any]] | None], problems: list[Problem]) -> Report:
    """The audit report from per-input result lists (run dicts and ``{"_problem": ...}``): findings only, the
    same whether they came from workers, the cache or a results stream."""
    report = Report(target=target)
    fingerprints: dict[str, str | None] = {}
    not_logs = []
    for res in results:
        for d in res or []:
            if "_problem" in d:
                if d["_problem"]:
                    not_logs.append(Problem.from_dict(d["_problem"]))
                continue
            rr = RunReport.from_dict(d)
            rr.meta["curves"] = d.get("_curves") or {}
            fingerprints[rr.run] = d.get("_fingerprint")
            report.runs.append(rr)
    report.runs.sort(key=lambda r: (status_rank(r.status), r.score, r.run))
    report.problems = list(problems) + not_logs
    report.sweep = sweep_analysis(report.runs, fingerprints)
    return report


__all__ = ["fisher_greater", "name_hparams", "separating_hparams", "sweep_analysis", "sweep_report"]
