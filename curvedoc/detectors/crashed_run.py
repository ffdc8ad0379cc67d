"""## What it detects
A run that crashed or was killed, from what the log itself records: a non-zero exit code (W&B exit record),
a FAILED or KILLED run status (MLflow), a traceback, out-of-memory or kill message at the end of a printed
log (importer issue ``crash``), or a W&B run with no exit record at all (killed without a chance to write
one, or still running: reported as a warning with lower confidence). A printed log whose earlier launches
ended in an error before the job was started again (importer issue ``crash-restarted``: an error message,
then training whose clock starts again) gets an info: the final launch may have finished. So does a printed log
that simply stops in the middle of its work -- its last record inside an epoch, or its last progress line still
expecting time to go -- with no error and no closing record: killed or died without a word (or still running);
and one that ends on its last record, nothing after it, short of the plan it states (epoch 13 of 40). So does a
run of any format short of its stated plan whose stated early-stopping ``patience`` cannot have ended it: every
held-out series the rule could watch had its best reading fewer than ``patience`` evaluations before the end
(Ultralytics writes nothing after its last epoch: results.csv at epoch 10 of 100 with patience 50).

## Why it matters
The curves stop where the process died; the final checkpoint is not the one planned, and the reason (OOM,
time limit, preemption, a bug, Ctrl-C) decides what to do next. A crashed run must never pass as healthy
because its few logged points looked fine.

## Example
``wandb_offline/loss-plateau-79u2qtit`` (exit code 255 after 41 of 500 steps); an MLflow store whose runs
are FAILED before they logged a metric.

## Options
- ``min_confidence``: findings below this confidence are dropped (the no-exit-record case is 0.5).
- ``plan_missing``: a printed log ending on its last record is read as stopped from outside when it fell short of its stated plan by at least this share ...
- ``plan_min_units``: ... and, for a plan in epochs, by at least this many epochs (a ``range(1, N)`` loop ends one short by design).

## References
W&B ``RunExitRecord.exit_code``; MLflow ``RunStatus`` (FAILED = 4, KILLED = 5); FORMATS.md 4.1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._ending import SIGNAL_EXITS, cut_off
from curvedoc.detectors._gradients import last_key
from curvedoc.detectors.unfinished_schedule import BOUND_SAID, plan_shortfall
from curvedoc._fmt import fmt_step
from curvedoc.model.run import Run

FAILED_STATUS = {"FAILED", "KILLED"}
_EXIT_NOTE = {**{code: f" ({name})" for code, name in SIGNAL_EXITS.items()},
              137: " (SIGKILL: OOM killer or a scheduler)", 255: " (an uncaught error or interrupt)"}
CRASH_KINDS = {"crash", "traceback", "killed"}


@dataclass(frozen=True)
class Params:
    min_confidence: float
    plan_missing: float
    plan_min_units: int


def _last_step(run: Run) -> int | None:
    if not run.n_points:
        return None
    col = run.scalars["step"]
    return int(col.to_numpy().max() if col.dtype.kind in "iu" else col.max())  # int64 (make_frame): numpy's max


def _well_short(short: tuple | None, p: Params) -> tuple | None:
    """A plan shortfall (:func:`plan_shortfall`'s (reached, planned, label, unit)) that misses ``plan_missing`` of the
    plan at least, and ``plan_min_units`` epochs when it counts epochs, its label without the bound's words; None for
    a run that fell short by less (or reached its plan)."""
    if short is None:
        return None
    reached, planned, label, unit = short
    missing = planned - reached
    if missing < p.plan_missing * planned or (unit == "epoch" and missing < p.plan_min_units):
        return None
    return reached, planned, label.replace(BOUND_SAID, ""), unit


def _silent_short_of_plan(run: Run, p: Params) -> str:
    """Where a printed log that ends on its last record stopped in the plan it states ('' when it does not): the
    importer found nothing after the last record (``meta["ends_on_record"]``: no closing summary, test score, 'done'
    or error), the log states no early stop, and the run fell short of its stated plan (planned epochs or steps, not
    one read from the LR) by ``plan_missing`` of it at least, and by ``plan_min_units`` epochs when it counts epochs.
    A program that reached the end of its training loop -- its planned length or its own early stop -- usually
    prints something after it; one killed between two records (SIGKILL, the OOM killer, a lost node, a closed
    terminal) cannot."""
    if not run.meta.get("ends_on_record") or run.meta.get("early_stopped"):
        return ""
    short = _well_short(plan_shortfall(run), p)
    if short is None:
        return ""
    reached, planned, label, unit = short
    if unit == "epoch":
        return f"at epoch {reached:g} of {planned:g} planned ({label}; {reached / planned:.0%} done)"
    return f"at step {fmt_step(int(reached))} of {fmt_step(int(planned))} planned ({label}; {reached / planned:.0%} done)"


_EARLY_STOP_SWITCHES = ("early_stopping", "early_stop", "use_early_stopping", "earlystopping")


def _patience_of(run: Run) -> tuple[int, str] | None:
    """(the early-stopping patience the run's settings state, how it is said): ``patience: 50`` in Ultralytics'
    args.yaml, an ``early_stopping.patience`` in a config -- not an LR scheduler's (ReduceLROnPlateau's patience lowers
    the LR, it stops nothing); (0, ...) when the settings switch early stopping off (``early_stopping: false``); None
    when they say nothing of it."""
    hp = run.hparams or {}
    for key, val in hp.items():
        if last_key(key) in _EARLY_STOP_SWITCHES and val is False:
            return 0, f"early stopping is off ({key}: false)"
    for key, val in hp.items():
        low = str(key).lower()
        if last_key(key) in ("patience", "early_stopping_patience", "es_patience") and isinstance(val, (int, float)) \
                and not isinstance(val, bool) and val >= 1 and float(val).is_integer() \
                and not any(w in low for w in ("sched", "plateau", "lr_", "lr.", "lr/", "reduce")):
            return int(val), f"the early-stopping patience of {int(val)} it states"
    return None


def _short_of_plan_before_patience(run: Run, p: Params) -> str:
    """Where a run that fell short of its stated plan stopped, when the early-stopping rule it states could not have
    ended it ('' otherwise): the rule stops after ``patience`` evaluations without a new best, and every held-out
    series the rule could watch (the validation loss, each held-out quality rate) had its best reading fewer than
    ``patience`` readings before the end -- so the run was stopped from outside (killed, crashed, interrupted) or is
    still running. A framework that writes nothing after its last epoch (Ultralytics' results.csv) says no more."""
    if run.meta.get("early_stopped"):
        return ""
    stated = _patience_of(run)
    short = _well_short(plan_shortfall(run), p) if stated is not None else None
    if short is None:
        return ""
    patience, said = stated
    reached, planned, label, unit = short
    at = f"epoch {reached:g}" if unit == "epoch" else f"step {fmt_step(int(reached))}"
    if patience == 0:
        return f"at {at} of {planned:g} planned ({label}; {reached / planned:.0%} done), and {said}"
    watched = []
    if "val_loss" in run.roles:
        watched.append((run.roles["val_loss"], False))
    watched += [(m.tag, m.higher_is_better) for m in run.metrics if m.split == "val"]
    since = []
    for tag, higher in watched:
        v = run.tag_values(tag)
        v = v[np.isfinite(v)]
        if len(v) < 2:
            continue
        best = int(np.argmax(v) if higher else np.argmin(v))
        since.append(len(v) - 1 - best)
    if not since or max(since) >= patience:
        return ""
    return (f"at {at} of {planned:g} planned ({label}; {reached / planned:.0%} done), {max(since)} evaluation(s) after "
            f"its best held-out reading -- fewer than {said}, so that rule cannot have ended it")


@detector("crashed-run", params=Params)
def crashed_run(run: Run, p: Params) -> Iterator[Hit]:
    last = _last_step(run)
    where = f" after step {fmt_step(last)}" if last is not None else " before logging any point"
    hits: list[Hit] = []
    code = run.meta.get("exit_code")
    if isinstance(code, int) and code != 0:
        what = _EXIT_NOTE.get(code, "")
        hits.append(Hit(f"the run exited with code {code}{what}{where}", step=last, confidence=0.95,
                        evidence={"exit_code": code, "last_step": last}))
    status = str(run.meta.get("status") or "").upper()
    if status in FAILED_STATUS:
        hits.append(Hit(f"the tracking store marks the run {status}{where}", step=last, confidence=0.95,
                        evidence={"status": status, "last_step": last}))
    for issue in run.issues:
        if issue.kind in CRASH_KINDS:
            hits.append(Hit(f"{issue.message}{where}", step=last, confidence=0.9,
                            evidence={"last_step": last, "crash": issue.message[:200]}))
            break
    if not hits:
        # an earlier launch appended to the same log died and the job was started again: the run that follows
        # may have finished, so this is worth knowing, not a failure of the run
        for issue in run.issues:
            if issue.kind == "crash-restarted":
                hits.append(Hit(issue.message, step=None, confidence=0.7, severity="info",
                                evidence={"earlier_crashes": issue.count}))
                break
    if not hits and run.meta.get("finished") is False:
        hits.append(Hit(f"the log has no exit record: the process was killed{where} (or is still running)",
                        step=last, confidence=0.5, severity="warning", evidence={"last_step": last}))
    if not hits:
        cut = cut_off(run)
        if cut:
            # a printed log that stops mid-epoch (or with its progress bar still expecting time to go) and says
            # nothing more: the process died or was killed without a word (SIGKILL, OOM killer, a lost node, a
            # closed terminal), or it is still being written. With no error message this is evidence, not proof:
            # worth knowing (unfinished-schedule says what it cost), not a failure by itself
            hits.append(Hit(f"the log {cut} and has no closing record or error message: the process was probably "
                            f"killed or died without a word{where} (or is still running)", step=last, confidence=0.5,
                            severity="info", evidence={"last_step": last, "cut_off": cut}))
    if not hits:
        short = _silent_short_of_plan(run, p)
        if short:
            hits.append(Hit(f"the log ends on its last record {short}, with nothing after it (no closing summary, no "
                            f"test score, no error, no early-stopping line): the process was probably killed or died "
                            f"without a word (or is still running, or an early-stopping rule that prints "
                            "nothing ended it)", step=last, confidence=0.5, severity="info",
                            evidence={"last_step": last, "short_of_plan": short}))
    if not hits and isinstance(run.meta.get("ends_at_start"), str):
        # the last words of the log start the training, and nothing follows: no record, no error, no 'done'
        hits.append(Hit(f"the log ends where the training starts ({run.meta['ends_at_start']}), with no training "
                        "record and no error message after it: the process died or was killed before its first "
                        "report (out of memory at the first batch, a lost node, a closed terminal), or is still "
                        "running", step=last, confidence=0.5, severity="info",
                        evidence={"last_step": last, "ends_at_start": run.meta["ends_at_start"]}))
    if not hits:
        short = _short_of_plan_before_patience(run, p)
        if short:
            hits.append(Hit(f"the run stopped {short}: the process was probably stopped from outside (killed, "
                            "crashed, interrupted) or is still running", step=last, confidence=0.5, severity="info",
                            evidence={"last_step": last, "short_of_plan": short}))
    for h in hits[:1]:
        if h.confidence >= p.min_confidence:
            yield h
