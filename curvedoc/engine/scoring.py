"""A run's score and status from its findings: the two numbers every report ranks runs by.

``run_status`` says failing / warning / healthy / not-assessed; ``run_score`` is 100 for a run checked in full
with nothing found, lower for each finding by its severity's weight times its confidence. Used by the engine for
each diagnosis and by ``curvedoc compare`` when a comparison adds findings.
"""

from __future__ import annotations

from typing import Sequence

from curvedoc.engine.findings import Finding
from curvedoc.engine.results import Coverage
from curvedoc.vocab import Severity, Status

# How much one finding of each severity lowers the score (times its confidence).
SEVERITY_WEIGHT = {Severity.ERROR: 0.6, Severity.WARNING: 0.25, Severity.INFO: 0.02}


def run_score(findings: Sequence[Finding], cov: Coverage | None = None) -> float:
    """100 x the product of (1 - severity weight x confidence) over the findings, scaled by coverage: a run
    whose rules mostly could not run (missing roles) cannot score as well as one checked in full, and a run
    that was not assessed keeps at most half."""
    s = 1.0
    for f in findings:
        s *= 1.0 - SEVERITY_WEIGHT.get(f.severity, 0.0) * max(0.0, min(1.0, f.confidence))
    if cov is not None:
        frac = float(1.0 if cov.fraction is None else cov.fraction) if cov.assessed else 0.0
        s *= 0.5 + 0.5 * frac
    return round(100.0 * s, 1)


def run_status(findings: Sequence[Finding], assessed: bool = True) -> str:
    """failing / warning from the worst finding; otherwise healthy only when the run was assessed (the core
    checks ran on a training signal), else not-assessed: 'healthy' must mean 'checked and fine'."""
    sev = {f.severity for f in findings}
    if Severity.ERROR in sev:
        return Status.FAILING
    if Severity.WARNING in sev:
        return Status.WARNING
    return Status.HEALTHY if assessed else Status.NOT_ASSESSED
