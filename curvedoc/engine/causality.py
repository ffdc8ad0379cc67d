"""Which finding explains which, so that a run's causes follow its strongest evidence.

- One phenomenon is reported once: a finding whose evidence says ``supersedes`` (V001 naming the cause of a
  metric's decline) replaces the findings it names on that tag.
- A finding whose evidence says ``restates`` makes a stronger statement of what the findings it names say on that
  tag: they stay, as info.
- ``[[consequence]]`` entries of the rule files (rules/causes.toml says what each means): a collapse that an
  explosion began before is the explosion's effect: its causes become the explosion's (the entry's ``lead``
  first), without the causes the explosion rules out, and its evidence says ``explained_by``.
- ``[[signature]]`` entries: a series shape that singles one cause out (a gradient norm rising with the loss
  through the whole run: gradients that accumulate) puts that cause first in the findings of the rules it
  concerns, and of the findings they explain.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:  # imported by the checks that read a curve: a cached audit imports this module and reads none
    import numpy as np

from curvedoc.engine.findings import Finding, fill_template
from curvedoc.engine.rules import Catalog, Origin, Signature
from curvedoc.vocab import severity_rank

# the fixes a finding lists: those of its first causes, the first fixes of each
FIX_CAUSES = 2
FIXES_PER_CAUSE = 2


def fixes_for(cause_ids: Sequence[str], evidence: dict[str, Any], catalog: Catalog) -> tuple[str, ...]:
    """The fixes to list with a finding whose causes are ``cause_ids`` (most likely first)."""
    out: list[str] = []
    for cid in list(cause_ids)[:FIX_CAUSES]:
        for t in catalog.causes[cid].fixes[:FIXES_PER_CAUSE]:
            fx = fill_template(t, evidence)
            if fx and fx not in out:
                out.append(fx)
    return tuple(out)


def _with_causes(f: Finding, cause_ids: Sequence[str], catalog: Catalog, **evidence: Any) -> Finding:
    ids = tuple(dict.fromkeys(c for c in cause_ids if c in catalog.causes))
    ev = {**f.evidence, **evidence}
    return dataclasses.replace(f, cause_ids=ids, causes=tuple(catalog.causes[c].title for c in ids),
                               fixes=fixes_for(ids, ev, catalog), evidence=ev)


def drop_superseded(findings: list[Finding]) -> list[Finding]:
    """A finding whose evidence says ``supersedes: [[rule name, tag], ...]`` explains what those rules found on that
    tag (V001 calling a held-out metric's decline overfitting, where metric-regression saw the same decline): their
    findings on the tag are left out, so one phenomenon is reported once, by the rule that names its cause."""
    gone = {(str(r), str(t)) for f in findings for r, t in (f.evidence.get("supersedes") or ())}
    if not gone:
        return findings
    return [f for f in findings if (f.name, str(f.evidence.get("tag"))) not in gone]


def demote_restated(findings: list[Finding]) -> list[Finding]:
    """A finding whose evidence says ``restates: [[rule name, tag], ...]`` makes a stronger statement of what those
    rules found on that tag (a model at chance 'fits nothing', which is underfitting's 'the loss stays high'): their
    findings on the tag, at its severity or below, become info and name it (``restated_by``), so the run's severity
    and its warnings come from the verdict with the evidence, and the context stays in the report."""
    by: dict[tuple[str, str], Finding] = {}
    for f in findings:
        if f.severity == "info":
            continue
        for r, t in f.evidence.get("restates") or ():
            by.setdefault((str(r), str(t)), f)
    if not by:
        return findings
    out = []
    for f in findings:
        g = by.get((f.name, str(f.evidence.get("tag"))))
        if g is not None and g is not f and f.severity != "info" and \
                severity_rank(f.severity) >= severity_rank(g.severity):  # (worst first: not worse than g)
            f = dataclasses.replace(f, severity="info", evidence={**f.evidence, "restated_by": g.code})
        out.append(f)
    return out


def _span(f: Finding) -> tuple[int, int] | None:
    if f.steps is not None:
        return int(f.steps[0]), int(f.steps[1])
    return None if f.step is None else (int(f.step), int(f.step))


def _number(v: Any) -> float | None:
    import numpy as np

    try:
        x = float(v)
    except (TypeError, ValueError):
        return None
    return x if np.isfinite(x) else None


def _origin_reach(f: Finding, o: Origin) -> tuple[int, int] | None:
    """(onset, last step it reaches) of a finding that passes the origin's evidence minimums, else None."""
    if f.name != o.rule:
        return None
    for key, least in o.min:
        v = _number(f.evidence.get(key))
        if v is None or v < least:
            return None
    span = _span(f)
    if span is None:
        return None
    extra = _number(f.evidence.get(o.recovery)) if o.recovery else None
    return span[0], span[1] + int(extra or 0)


def explain_consequences(findings: list[Finding], catalog: Catalog, first_step: int | None) -> list[Finding]:
    """Give each finding that an origin's explosion began before (see rules/causes.toml, [[consequence]]) the
    origin's causes; the earliest such origin explains it."""
    out = list(findings)
    for link in catalog.consequences:
        for i, f in enumerate(out):
            within = next((w for r, w in link.effects if r == f.name), None)
            span = _span(f)
            if within is None or span is None or f.evidence.get("explained_by"):
                continue
            start, end = span
            best: tuple[int, Finding] | None = None
            for g in findings:
                if g is f:
                    continue
                for o in link.origins:
                    reach = _origin_reach(g, o)
                    if reach is None:
                        continue
                    onset, last = reach
                    if first_step is not None and onset <= first_step:
                        continue  # there from the first point: no 'before'
                    if onset > start + within * (end - start) or last < start:
                        continue
                    if best is None or onset < best[0]:
                        best = (onset, g)
            if best is None:
                continue
            g = best[1]
            own = [c for c in f.cause_ids if c not in link.drop]
            out[i] = _with_causes(f, [*link.lead, *g.cause_ids, *own], catalog,
                                  explained_by={"code": g.code, "name": g.name, "step": best[0]})
            if f.name in link.as_info and f.severity != "info":
                # the symptom of the explosion that explains it: the origin carries the severity, this says what
                # it did to the metric
                out[i] = dataclasses.replace(out[i], severity="info")
    return out


def _monotone_rise(values: np.ndarray, chunks: float, min_step: float) -> bool:
    import numpy as np

    v = values[np.isfinite(values) & (values > 0)]
    k = int(chunks)
    if k < 2 or len(v) < 3 * k:
        return False  # too few points for a median per part
    med = np.array([np.median(np.log10(part)) for part in np.array_split(v, k)])
    return bool(np.all(np.diff(med) >= min_step))


SHAPES: dict[str, Callable[..., bool]] = {"monotone-rise": _monotone_rise}


def _has_shape(run, sig: Signature) -> bool:
    """Every group of the signature's roles has a logged series of its shape."""
    import numpy as np

    def fits(role: str) -> bool:
        tag = run.roles.get(role)
        return tag is not None and SHAPES[sig.shape](run.series(tag).to_numpy(dtype=np.float64), **sig.params)

    return bool(sig.roles) and all(any(fits(r) for r in group) for group in sig.roles)


def apply_signatures(findings: list[Finding], catalog: Catalog, run) -> list[Finding]:
    """Put a signature's cause first in the findings of its rules (and of the findings they explain) when the
    run's series has its shape."""
    out = list(findings)
    for sig in catalog.signatures:
        concerned = [i for i, f in enumerate(out)
                     if f.name in sig.rules or (f.evidence.get("explained_by") or {}).get("name") in sig.rules]
        if not concerned or run is None or not _has_shape(run, sig):
            continue
        for i in concerned:
            f = out[i]
            out[i] = _with_causes(f, [sig.cause, *f.cause_ids], catalog)
    return out


# the series an explosion is measured on: the run's first point among them is where its training is first seen
TRAINING_ROLES = ("train_loss", "grad_norm", "grad_norm_sq")


def _first_step(run) -> int | None:
    firsts = []
    for role in TRAINING_ROLES:
        tag = run.roles.get(role)
        if tag is not None:
            idx = run.series(tag).index
            if len(idx):
                firsts.append(int(idx.min()))
    return min(firsts) if firsts else None


def attribute(findings: list[Finding], catalog: Catalog, run=None) -> list[Finding]:
    """One phenomenon reported once (a finding that names the cause of another's on the same tag supersedes it),
    then consequences (an explosion's effects take its causes), then signatures (which reach the findings that
    consequences explain)."""
    findings = demote_restated(drop_superseded(findings))
    findings = explain_consequences(findings, catalog, None if run is None else _first_step(run))
    return apply_signatures(findings, catalog, run)
