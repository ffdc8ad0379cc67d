"""Guard a training loop from a project's own test suite (pytest or any runner that reports AssertionError).

Train a few hundred steps on CPU, point these at the log, and the test fails with curvedoc's report as the
message::

    from curvedoc.testing import assert_healthy, assert_matches_baseline, assert_overfits

    def test_training_still_works(tmp_path):
        train(max_steps=300, log_dir=tmp_path)                  # your loop, writing any supported format
        assert_healthy(tmp_path)                                  # no warning or error, and really checked
        assert_matches_baseline(tmp_path, "tests/golden/run")     # not worse than the curves you trust

    def test_model_can_memorise_one_batch(tmp_path):
        train(max_steps=200, log_dir=tmp_path, subset=32, regularisation=False)
        assert_overfits(tmp_path)                                 # the loss falls to ~0: the seeds' golden rule

Each returns what it checked (a :class:`~curvedoc.engine.report.Report`, or the final loss) so a test can
look further. ``assert_healthy`` and ``assert_matches_baseline`` take the keywords of :func:`curvedoc.diagnose`,
``settings=`` (a :class:`~curvedoc.engine.config.Settings` built once, e.g. for a whole test module) among them.
"""

from __future__ import annotations

import math
import os
from typing import Any, Iterable, Mapping

from curvedoc.reporters import render
from curvedoc.vocab import FAIL_ON_LEVELS, Status, failing_severities

__all__ = ["assert_healthy", "assert_matches_baseline", "assert_overfits"]


def _check_level(fail_on: str) -> None:
    if fail_on not in FAIL_ON_LEVELS:
        raise ValueError(f"fail_on must be one of {', '.join(FAIL_ON_LEVELS)}, got {fail_on!r}")


def _problems(report, fail_on: str, what: str) -> list[str]:
    """Why the report does not pass: unreadable or unchecked runs, and findings at or above ``fail_on``."""
    why = []
    if not report.runs:
        why.append(f"no training run found at {report.target or 'the path'}")
    for rr in report.runs:
        if rr.status == Status.UNREADABLE:
            why.append(f"{rr.run}: could not be read ({rr.errors[0] if rr.errors else 'unknown reason'})")
        elif rr.status == Status.NOT_ASSESSED:
            reason = rr.coverage.reason if rr.coverage is not None else None
            why.append(f"{rr.run}: nothing was checked ({reason if reason is not None else 'no training signal'})")
    if report.runs and report.exit_status(fail_on) == 1:
        n = sum(1 for f in report.findings if f.severity in failing_severities(fail_on))
        why.append(f"{n} finding(s) at or above '{fail_on}' {what}")
    return why


def _fail(why: list[str], report) -> None:
    text = render(report, "text", color=False)
    raise AssertionError("curvedoc: " + "; ".join(why) + "\n\n" + text)


def assert_healthy(
    path,
    *,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    fail_on: str = "warning",
    params: Mapping[str, Mapping[str, Any]] | None = None,
    roles: Mapping[str, str] | None = None,
    config: str | os.PathLike | None = None,
    settings=None,
):
    """Diagnose ``path`` (a log file, run folder, folder of runs, or a Run) and raise ``AssertionError`` with the
    report when a finding at or above ``fail_on`` (default ``warning``: a healthy run has none) is present, or
    when a run could not be read or was not assessed ("healthy" must mean checked and fine). Returns the
    Report."""
    import curvedoc

    _check_level(fail_on)
    report = curvedoc.diagnose(path, select=select, ignore=ignore, params=params, roles=roles, config=config,
                               settings=settings)
    why = _problems(report, fail_on, "")
    if why:
        _fail(why, report)
    return report


def assert_matches_baseline(
    path,
    baseline,
    *,
    fail_on: str = "error",
    band: float | None = None,
    rtol: float | None = None,
    atol: float | None = None,
    seed_rtol: float | None = None,
    align: str | None = None,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] | None = None,
    params: Mapping[str, Mapping[str, Any]] | None = None,
    roles: Mapping[str, str] | None = None,
    config: str | os.PathLike | None = None,
    settings=None,
):
    """Compare ``path`` with ``baseline`` (:func:`curvedoc.compare`) and raise ``AssertionError`` with the report
    when a finding the baseline does not have is at or above ``fail_on`` (default ``error``: a curve that became
    worse than the baseline, or a new error such as a divergence), when no curve could be compared, or when a
    run could not be read. Better than the baseline passes. Returns the Report."""
    import curvedoc

    _check_level(fail_on)
    report = curvedoc.compare(path, baseline, select=select, ignore=ignore, params=params, roles=roles,
                              config=config, band=band, rtol=rtol, atol=atol, seed_rtol=seed_rtol, align=align,
                              settings=settings)
    why = _problems(report, fail_on, "that the baseline does not have")
    for rr in report.runs:
        if rr.comparison is not None and rr.comparison.verdict == "not-compared":
            why.append(f"{rr.run}: no curve could be compared with the baseline "
                       f"({'; '.join(rr.comparison.notes) or 'no shared role, metric or loss tag'})")
    if why:
        _fail(why, report)
    return report


def assert_overfits(path, *, target: float | None = None, rel: float = 0.01, role: str = "train_loss",
                    tail: int = 5) -> float:
    """The seeds' golden rule: a model trained on one small batch (or a tiny subset, no regularisation) must
    drive its training loss to about zero; if it cannot, something is broken (labels, loss, a frozen layer, a
    learning rate far off).

    Passes when the training loss at the end (the median of its last ``tail`` points, so one noisy step
    neither passes nor fails it) is at most ``target`` -- or, with no ``target``, at most ``rel`` (1%) of its
    first value, which holds for any loss scale. Raises ``AssertionError`` with the numbers and the run's
    diagnosis otherwise; returns the final loss."""
    import numpy as np

    import curvedoc
    from curvedoc.model.run import Run

    runs = [path] if isinstance(path, Run) else curvedoc.load(path)
    if len(runs) != 1:
        raise AssertionError(f"curvedoc: assert_overfits needs one run, found {len(runs)} at {path}")
    run = runs[0]
    s = run.series(role)
    v = s.to_numpy(dtype=np.float64)
    fin = np.isfinite(v)
    name = run.tag_for(role) or role
    report = curvedoc.diagnose(run)
    if fin.sum() < 2:
        _fail([f"{run.name}: no {role} curve with 2+ finite points to judge (tags: {', '.join(run.tags[:8])})"], report)
    if not np.isfinite(v[-1]):
        _fail([f"{run.name}: {name} ends non-finite ({v[-1]}) at step {int(s.index[-1]):,}"], report)
    vals = v[fin]
    first = float(vals[0])
    final = float(np.median(vals[-tail:]))
    limit = float(target) if target is not None else rel * abs(first)
    if not math.isfinite(final) or final > limit:
        how = f"target {target:g}" if target is not None else f"{rel:.0%} of its first value {first:.4g}"
        _fail([f"{run.name}: {name} did not overfit: it ends at {final:.4g} (median of the last {min(tail, len(vals))} "
               f"points, step {int(s.index[-1]):,}), above {how} = {limit:.4g}. A model that cannot memorise a "
               "tiny subset has a bug: check that labels match inputs, that the loss gets logits, that every "
               "parameter receives gradients, and the learning rate"], report)
    return final
