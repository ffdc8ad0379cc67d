"""## What it detects
A run that stopped before its end: before the planned ``max_steps`` (HF ``trainer_state.json``), with its
last progress line still expecting time to go (an ETA of more than three logging intervals) or printed in
the middle of an epoch, stopped from outside (a kill or interrupt message at the end of the log, a signal's exit code, a KILLED status) with its
learning rate not annealed, or while its loss was still clearly improving (no planned length known, the
learning rate not annealed, the validation loss - if logged - not against it).

## Why it matters
The final model is not the one the run was planned to produce; if the job was killed (time limit,
OOM, preemption), resuming from the last checkpoint is cheap and usually improves the model.

## Example
``sample_runs/schedule-ended-early-grad-accum`` is the opposite case (the schedule ends early but
the run goes on); a real example is ``hf_trainer_state/trocr-gradnorm-huge-killed`` in
``../shared/real_runs`` (1,400 of 10,000 steps).

## Options
- ``min_missing``: the share of the planned steps (max_steps) that must be missing to report the run.
- ``min_recent_drop``: fewest relative loss drop over the last ~30% of the run for "still clearly improving".
- ``z``: the recent drop must also exceed this many standard errors of the minibatch noise.
- ``min_decel_ratio``: the recent rate of improvement must be at least this fraction of the earlier rate (a converging curve is finished, not cut off).
- ``annealed_ratio``: a final LR at or below this fraction of its peak means the schedule completed.
- ``min_points``: fewest finite training-loss points for the "still improving" test.

A run whose log says its early-stopping rule ended it ("the monitored metric did not improve in the last 10
records", "Epoch 29: early stopping") ended as planned, however far from its maximum length: not reported.

Progress toward a planned step count is read from the run's own iteration counter when it logs one (``iter``,
``global_step``, ``num_updates``: never decreasing, past the last step) on an axis that counts something else
(W&B's row number), so a finished 5,000-iteration run logged in 21 rows is not "0% done". A planned number of
epochs in the settings (a TensorBoard text summary's ``epochs=40``) beside no epoch counter is compared with the
step axis: every series at whole, distinct steps counts at most that many epochs (an epoch takes at least one
step), so five readings at steps 1-5 of a 40-epoch plan stopped by epoch 5 at the latest.

With no plan stated, the logged LR can state one: a cosine decay from the peak gives its length T from its first
readings (each reading alone says T, and they agree to 2% only for a cosine: a schedule built for 100 epochs and
stopped at 12 is at 97% of its peak), and a smooth linear or cosine decay past its middle is extrapolated to 0. An
exponential or inverse-sqrt decay has no end and states nothing; a plan read from the LR is told with 0.8x the
confidence of a stated one.

## References
FORMATS.md 4.1 (``global_step < max_steps`` in the final checkpoint = run ended early);
seeds/000 10.16 Debugging training: 'Learning rate schedule'.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._gradients import last_key as _last_key
from curvedoc.detectors._progress import (LR_END_INTERVALS, clean, lr_cosine_end, lr_decay_end, lr_ran_out,
                                         lr_still_warming, noise_sigma, prepared, window_median)
from curvedoc._fmt import fmt_num, fmt_pct, fmt_step
from curvedoc.detectors._signal import median_se
from curvedoc.detectors._signal import shared
from curvedoc.detectors._ending import SIGNAL_EXITS, eta_left, inside_epoch, where_in_epoch
from curvedoc.model.roles import rl_marker
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_missing: float
    min_recent_drop: float
    z: float
    min_decel_ratio: float
    annealed_ratio: float
    min_points: int


def _int(x) -> int | None:
    try:
        if isinstance(x, bool) or x is None:
            return None
        f = float(x)
        if not math.isfinite(f):
            return None
        return int(f)
    except (TypeError, ValueError):
        return None


def _trend(run: Run, p: Params) -> dict | None:
    """Recent improvement of the training loss (None when it cannot be judged)."""
    if "train_loss" not in run.roles:
        return None
    s = prepared(run, "train_loss")
    n = len(s)
    if n < max(p.min_points, 8):
        return None
    v = s.to_numpy(dtype=np.float64)
    pos = bool((v > 0).all())
    x = np.log(v) if pos else v
    a_early, a_mid, a_end = window_median(x, 0.3, 0.5), window_median(x, 0.6, 0.8), window_median(x, 0.9, 1.0)
    if pos:
        recent, earlier = a_mid - a_end, a_early - a_mid  # log drops (positive = improving)
    else:
        den = max(abs(a_mid), 1e-12)
        recent, earlier = (a_mid - a_end) / den, (a_early - a_mid) / max(abs(a_early), 1e-12)
    sigma = noise_sigma(x)
    k_mid = max(1, int(0.2 * n))
    k_end = max(1, int(0.1 * n))
    se = median_se(sigma, k_mid, k_end) if math.isfinite(sigma) else 0.0
    if not pos:
        se /= max(abs(a_mid), 1e-12)
    # per unit of run: the windows' centres are 0.3 apart (early->mid) and 0.25 apart (mid->end)
    rate_recent, rate_earlier = recent / 0.25, earlier / 0.3
    return {"recent_drop": recent, "earlier_drop": earlier, "rate_recent": rate_recent,
            "rate_earlier": rate_earlier, "se": se, "log_space": pos, "steps": s.index.to_numpy(), "v": v}


def _still_improving(run: Run, p: Params, tr: dict | None) -> bool:
    if tr is None:
        return False
    raw = run.series("train_loss").to_numpy(dtype=np.float64)
    if len(raw) and not np.isfinite(raw[-1]):
        return False  # the loss ends NaN/Inf: the run diverged (divergence's finding), it did not stop early
    if tr["recent_drop"] < p.min_recent_drop or tr["recent_drop"] < p.z * tr["se"]:
        return False
    if tr["rate_earlier"] > 0 and tr["rate_recent"] < p.min_decel_ratio * tr["rate_earlier"]:
        return False  # converging: the curve is bending flat
    return True


def _val_against(run: Run, p: Params) -> bool:
    """True when the validation loss says more training would not help: rising from its best, or (with
    enough evaluations) no longer clearly falling."""
    if "val_loss" not in run.roles:
        return False
    vs = prepared(run, "val_loss")
    vv = vs.to_numpy(dtype=np.float64)
    if len(vv) < 4:
        return False
    best = float(vv.min())
    last = float(np.median(vv[-2:]))
    scale = max(abs(best), 1e-12)
    if (last - best) / scale > 0.02 and int(np.argmin(vv)) < len(vv) - 2:
        return True
    if len(vv) >= 5:
        mid, end = window_median(vv, 0.5, 0.75), window_median(vv, 0.8, 1.0)
        if (mid - end) / max(abs(mid), 1e-12) < p.min_recent_drop / 2:
            return True
    return False


def _annealed(run: Run, p: Params) -> bool:
    if "lr" not in run.roles:
        return False
    s = clean(run.series("lr"))
    lr = s.to_numpy(dtype=np.float64)
    if len(lr) < 3 or lr.max() <= 0:
        return False
    # (slack: min_lr = lr/10 exactly); a smooth decay that reaches 0 within the next intervals ran out too
    return lr_ran_out(s.index.to_numpy(), lr, p.annealed_ratio * (1.0 + 1e-3))


PLANNED_STEP_KEYS = ("max_steps", "num_steps", "total_steps", "train_steps", "num_train_steps", "max_iters",
                     "max_iter", "train_iters", "total_iters", "num_iterations", "iterations", "total_training_steps",
                     # the long spellings ("max_iterations=90000" in an argparse Namespace)
                     "max_iterations", "total_iterations", "max_iteration")
PLANNED_EPOCH_KEYS = ("epochs", "num_epochs", "max_epochs", "n_epochs", "num_train_epochs", "total_epochs",
                      # singular spellings of the same setting ("--n_epoch=100", "max_epoch: 300")
                      "n_epoch", "num_epoch", "max_epoch", "nepochs", "nepoch")


# a plan is named by its unit and a word saying it is the whole of it, in either order and any case ('epochs_planned',
# 'TotalEpochs', 'target_steps'); a name with any other word is another setting ('warmup_epochs', 'save_steps',
# 'patience_epochs', 'steps_per_epoch' -- two units)
_PLAN_WORDS = frozenset({"planned", "plan", "total", "max", "num", "n", "target", "train", "training", "of"})
_PLAN_UNITS = {"epoch": frozenset({"epoch", "epochs"}),
               "step": frozenset({"step", "steps", "iter", "iters", "iteration", "iterations", "updates"})}


@functools.lru_cache(maxsize=4096)
def _plan_unit(key: str) -> str | None:
    """'epoch' / 'step' when ``key`` (a last key part) names a planned number of epochs / steps by its words (cached:
    asked of every setting and every tag a run has, and a text log may have thousands)."""
    words = [w for w in re.split(r"[_\-\s]+|(?<=[a-z])(?=[A-Z])", key) if w]
    low = {w.lower() for w in words}
    units = [u for u, ws in _PLAN_UNITS.items() if low & ws]
    if len(units) != 1 or not low & _PLAN_WORDS or not low <= _PLAN_WORDS | _PLAN_UNITS[units[0]]:
        return None
    return units[0]


@functools.lru_cache(maxsize=8)
def _keys_unit(keys: tuple[str, ...]) -> str | None:
    """The unit a list of plan spellings names ('epoch' for :data:`PLANNED_EPOCH_KEYS`, 'step' for
    :data:`PLANNED_STEP_KEYS`): its spellings' own unit, by their words or as a bare unit word ('epochs')."""
    for unit, words in _PLAN_UNITS.items():
        if any(_plan_unit(k) == unit or k in words for k in keys):
            return unit
    return None


def _names_plan(key: str, keys: tuple[str, ...]) -> bool:
    """Whether a setting's or tag's key (its last dotted/slashed part, case kept: camelCase splits words) names the
    plan ``keys`` list (:data:`PLANNED_EPOCH_KEYS` or :data:`PLANNED_STEP_KEYS`): one of its spellings, or a name of
    the same unit by its words."""
    key = re.split(r"[./]", str(key).strip())[-1]
    if key.lower() in keys:
        return True
    unit = _plan_unit(key)
    return unit is not None and unit == _keys_unit(keys)


def _hparam(run: Run, keys: tuple[str, ...]) -> tuple[int, str] | None:
    """The first positive integer hyperparameter whose last dotted/slashed key part is one of ``keys`` (or names the
    same plan by its words: :func:`_plan_unit`), the listed spellings first."""
    found: dict[str, tuple[int, str]] = {}  # by the listed spelling, or by the last key part of a name by its words
    for key, val in (run.hparams or {}).items():
        k = _last_key(key)
        if k not in found and (k in keys or _names_plan(key, keys)):
            v = _int(val)
            if v is not None and v > 0 and not isinstance(val, bool):
                found[k] = (v, str(key))
    for k in (*keys, *sorted(k for k in found if k not in keys)):
        if k in found:
            return found[k]
    return _plan_column(run, keys)


def _stated_where(run: Run, key: str) -> str:
    """Where a plan was read: the hyperparameters, or a column of the log (:func:`_plan_column`)."""
    said = key == "num_epochs" and _int(run.meta.get("num_epochs")) is not None  # the plan a text log printed
    return "hyperparameter" if said or key in (run.hparams or {}) else "logged in every record"


def _plan_column(run: Run, keys: tuple[str, ...]) -> tuple[int, str] | None:
    """A plan written into every record instead of the settings: a logged column named as one of ``keys`` (a JSON-lines
    log's ``"epochs": 20`` beside ``"epoch": 7``) holding the same positive whole number on each of at least three
    records. A counter is no plan: the column the run counts its epochs or steps by is never one."""
    counters = {run.roles.get("epoch"), run.roles.get("step")}
    for tag in run.tags:
        if tag in counters or not _names_plan(tag, keys):
            continue
        v = clean(run.series(tag)).to_numpy(dtype=np.float64)
        if len(v) >= 3 and float(v[0]) >= 1 and float(v[0]).is_integer() and bool(np.all(v == v[0])):
            return int(v[0]), str(tag)
    return None


ITERATION_COUNTER_KEYS = ("iter", "iters", "iteration", "global_step", "global_iter", "num_updates", "updates",
                          "step", "steps", "optimizer_step", "current_steps", "current_step")


def _iteration_reached(run: Run, last: int) -> int:
    """The iteration a run reached when it logs its own iteration counter (nanoGPT's ``iter``, W&B's
    ``trainer/global_step``, fairseq's ``num_updates``) on a step axis that counts something else (W&B's row
    number ``_step``): the counter's last value when it never decreases, is whole and runs past the last step;
    else the last step. A planned ``max_iters`` is compared with that, not with a count of logging events."""
    best = last
    for tag in run.tags:
        if _last_key(tag) not in ITERATION_COUNTER_KEYS:
            continue
        v = clean(run.series(tag)).to_numpy(dtype=np.float64)
        if len(v) >= 2 and bool(np.all(np.diff(v) >= 0)) and float(v[-1]) > best and float(v[-1]).is_integer():
            best = int(v[-1])
    return best


def _planned_from_hparams(run: Run) -> tuple[int, int, str] | None:
    """(planned, reached, label) from the hyperparameters: a planned number of steps compared with the last
    logged step, or a planned number of epochs compared with the epoch counter. Logged steps can count samples or
    tokens rather than optimizer steps, so a planned step count is only used when the run's steps do not
    exceed it (a count in other units would)."""
    if "train_loss" not in run.roles and "epoch" not in run.roles:
        return None
    # the plan the importer read as such ('Epoch 3/15', 'Epochs: 100') before any number a settings line happens to
    # give under an epoch key ('epochs 1-100' read as epochs = 1)
    said = _int(run.meta.get("num_epochs"))
    ep = (said, "num_epochs") if said and said > 0 else _hparam(run, PLANNED_EPOCH_KEYS)
    reached = None
    if "epoch" in run.roles:
        e = clean(run.series("epoch")).to_numpy(dtype=np.float64)
        if len(e) >= 2:
            reached = float(e.max()) + (1.0 if float(e.min()) == 0.0 and float(e.max()) == int(e.max()) else 0.0)
        elif len(e) == 1 and ep is not None and float(e[0]) in (0.0, 1.0) and ep[0] >= 2:
            # one row, the first epoch any counter gives (0 or 1): a counter from 0 would have written epoch 0 first,
            # so 'Epoch 1/2' alone is the first of two -- one epoch done, whichever way the counter counts
            reached = 1.0
        elif len(e) == 1 and ep is not None and float(e[0]) == int(e[0]) and 2.0 * (float(e[0]) + 1.0) <= ep[0]:
            # one later row (a results table written once, then the run stopped; or a log's tail): whether its
            # counter starts at 0 or 1, epoch e means e or e + 1 epochs done, both far short of a plan at least twice
            # that -- 'epoch 5 of 30'
            reached = float(e[0]) + (1.0 if float(e[0]) == 0.0 else 0.0)
    bound = None
    if ep is not None and reached is None:
        bound = _steps_bound_epochs(run)
        if bound is not None and bound < ep[0]:
            reached = float(bound)
        else:
            bound = None
    if ep is not None and reached is not None and reached >= 0.999 * ep[0]:
        # the epoch counter reached the planned epochs: the run finished, and a step count short of a planned
        # step count is in another unit (DVCLive counts logging events, some loggers count samples)
        return None
    st = _hparam(run, PLANNED_STEP_KEYS)
    if st is not None and "train_loss" in run.roles:
        s = run.series("train_loss")
        if len(s):
            last = _iteration_reached(run, int(s.index[-1]))
            if 0 < last <= st[0]:
                return st[0], last, f"{st[1]} ({_stated_where(run, st[1])})"
    if ep is not None and reached is not None:
        # an integer epoch counter at the planned last epoch does not prove that epoch completed, so only a
        # shortfall is used (the still-improving test decides the rest)
        if 0 < reached < ep[0]:
            if bound is not None:
                return ep[0], reached, f"{ep[1]} (epochs, {_stated_where(run, ep[1])}){BOUND_SAID}"
            return ep[0], reached, f"{ep[1]} (epochs, {_stated_where(run, ep[1])})"
    return None


BOUND_SAID = " [bounded by the step count]"  # a plan label's tail: the epochs reached are an upper bound


def _steps_bound_epochs(run: Run) -> int | None:
    """An upper bound on the epochs a run without an epoch counter completed: the count of its step axis (its last
    step, plus one when it starts at 0), when every series it logs sits at whole, distinct steps, two or more. An
    epoch takes at least one optimizer step, and a per-epoch log that uses the epoch index as its step counts
    epochs exactly: either way no more epochs than that were done -- five readings at steps 1-5 of a run whose
    settings plan 40 epochs stopped by epoch 5 at the latest. None when a series is not on such an axis."""
    first, last = None, None
    for tag in run.tags:
        st = clean(run.series(tag)).index.to_numpy(dtype=np.float64)
        if len(st) < 2 or not bool(np.all(st == np.round(st))) or bool(np.any(np.diff(st) <= 0)) or st[0] < 0:
            return None
        first = st[0] if first is None else min(first, st[0])
        last = st[-1] if last is None else max(last, st[-1])
    if last is None:
        return None
    return int(last) + (1 if first == 0 else 0)


@shared  # asked by unfinished-schedule and, through plan_reached, by underfitting (and plateau-at-chance) of one run
def _stated_plan(run: Run) -> tuple[int | None, float | None, str, str, int | None]:
    """(planned, reached, the plan's name, its unit, the last step) from what the run states: the trainer's
    ``max_steps`` beside its ``global_step`` (or last logged step), else a planned number of steps or epochs in the
    hyperparameters that the run fell short of (``_planned_from_hparams``). Progress is counted in the plan's unit:
    the last step, or for a planned number of epochs the epochs reached (``last`` stays the step a finding points at:
    an epoch count is not a step). ``planned`` is None when no plan is stated."""
    max_steps = _int(run.meta.get("max_steps"))
    planned_from = "max_steps"
    last = _int(run.meta.get("global_step"))
    if last is None and "train_loss" in run.roles and len(run.series("train_loss")):
        last = int(run.series("train_loss").index[-1])
    reached, unit = last, "step"
    if not max_steps:
        hp = _planned_from_hparams(run)
        if hp is not None:
            max_steps, reached, planned_from = hp
            if "(epochs" in planned_from:
                unit = "epoch"
            else:
                last = reached
    return max_steps, reached, planned_from, unit, last


def plan_shortfall(run: Run) -> tuple[float, float, str, str] | None:
    """(reached, planned, the plan's name, its unit: 'epoch' or 'step') from what the run states
    (:func:`_stated_plan`); None when no plan is stated or the run reached it."""
    planned, reached, label, unit, _last = _stated_plan(run)
    if not planned or planned <= 0 or reached is None or not 0 <= reached < planned:
        return None
    return reached, planned, label, unit


def plan_reached(run: Run) -> tuple[float, str] | None:
    """(share of its planned length the run reached, the plan's name) from what the run states
    (:func:`_stated_plan`); None when no plan is stated or the run reached it. Other rules use it to leave a run
    stopped early in its plan to this one."""
    short = plan_shortfall(run)
    return None if short is None else (short[0] / short[1], short[2])


def reached_plan(run: Run) -> bool:
    """Whether the run states a planned length (:func:`_stated_plan`) and reached it: it got all the training it was
    set to have."""
    planned, reached, _name, _unit, _last = _stated_plan(run)
    return bool(planned and planned > 0 and reached is not None and reached >= planned)


def _lr_extrapolated(run: Run, p: Params) -> tuple[int, int, str] | None:
    """The planned end of a decaying LR schedule, extrapolated: after its peak the LR falls smoothly (linear
    or cosine decay, not steps) and at the last step it is still well above its floor; continuing the recent
    slope down to zero gives the step where the schedule was meant to end. A step schedule (flat at the end) or a
    constant LR says nothing."""
    if "lr" not in run.roles:
        return None
    s = clean(run.series("lr"))
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    n = len(v)
    if n < 10 or v.max() <= 0:
        return None
    skip = max(1, n // 20)  # the first points can be a transient (YOLO's bias-LR warmup starts 10x high)
    peak = float(np.max(v[skip:]))
    if v[-1] <= p.annealed_ratio * peak:
        return None
    label = "cosine LR schedule, whose cosine from the peak reaches 0 at step"
    ext = lr_cosine_end(steps, v, min_after=8)  # a cosine's first stretch says its length (too shallow for a slope)
    if ext is None:
        label = "schedule end (the LR's decay extrapolated to 0)"
        ext = lr_decay_end(steps, v, skip, min_after=8)
    if ext is None:
        return None
    end, gap = ext
    if end - float(steps[-1]) <= LR_END_INTERVALS * gap:
        # zero within the next two intervals and a half: the schedule ran out (see LR_END_INTERVALS)
        return None
    return int(round(end)), int(steps[-1]), label


def _still_warming(run: Run, p: Params) -> Hit | None:
    """The LR rose over the whole run and is at its maximum at the last step: the warmup never finished, so
    the schedule never reached its peak, let alone its decay (:func:`lr_still_warming`)."""
    warm = lr_still_warming(run)
    if warm is None:
        return None
    steps, v, tag = warm
    max_steps, _reached, _src, unit, _last = _stated_plan(run)
    if reached_plan(run):
        # the run reached the length it states and its LR was still rising: no run stopped early, a warmup set longer
        # than the training -- the whole run trained below the LR it was configured for (a warning: the settings,
        # not the job, are at fault)
        return Hit(f"the learning rate ({tag}) was still warming up at the last step {fmt_step(steps[-1])}, where the "
                   f"run reached its planned {fmt_step(max_steps)} {unit}{'s' if max_steps != 1 else ''}: it rose from {fmt_num(float(v[0]))} to "
                   f"{fmt_num(float(v[-1]))} over the whole run -- the warmup is longer than the training, so the "
                   "model never trained at the LR it was configured for",
                   step=int(steps[-1]), confidence=0.8, severity="warning",
                   evidence={"last_step": int(steps[-1]), "lr_first": float(v[0]), "lr_last": float(v[-1]),
                             "planned": int(max_steps), "mode": "warmup-longer-than-run"},
                   causes=("scheduler-misaligned",))
    return Hit(f"the learning rate ({tag}) was still warming up at the last step {fmt_step(steps[-1])}: it rose from "
               f"{fmt_num(float(v[0]))} to {fmt_num(float(v[-1]))} over the whole run, so the schedule never reached "
               "its peak or its decay (the warmup is longer than the training)",
               step=int(steps[-1]), confidence=0.75,
               evidence={"last_step": int(steps[-1]), "lr_first": float(v[0]), "lr_last": float(v[-1])},
               causes=("scheduler-misaligned", "run-killed"))


def _log_says_unfinished(run: Run, p: Params, last: int) -> tuple[str, float, dict] | None:
    """(sentence, confidence, evidence) when the log itself says the run did not reach its end, whatever its loss
    does: the last progress line still expects time to go (its ETA), the last training record sits inside an
    epoch, or the run was stopped from outside with its LR not annealed."""
    left = eta_left(run)
    if left > 0:
        return (f"the run's last progress line (step {fmt_step(last)}) still expected {_duration(left)} of training to "
                "go (its ETA): the run stopped before its end", 0.8, {"eta_at_end_s": left})
    mid = inside_epoch(run)
    if mid is not None:
        e, i, nb = mid
        return (f"the log ends inside epoch {e}, {where_in_epoch((e, i, nb))} (step {fmt_step(last)}): an "
                "epoch-based training ends at an epoch's end, so this one was cut off", 0.75,
                {"epoch": e, "batch": i, "batches": nb})
    stop = _stopped_from_outside(run)
    if stop and not _annealed(run, p):
        lr = "lr" in run.roles
        how = "its learning rate not annealed" if lr else "no planned length or annealed schedule to say it had finished"
        return (f"the run was stopped from outside at step {fmt_step(last)} ({stop}), with {how}: it did not finish "
                "its schedule", 0.75 if lr else 0.6, {"stopped_by": stop})
    return None


def _duration(seconds: int) -> str:
    d, rest = divmod(int(seconds), 86400)
    h, rest = divmod(rest, 3600)
    m, sec = divmod(rest, 60)
    return (f"{d} day{'s' if d != 1 else ''} " if d else "") + f"{h}:{m:02d}:{sec:02d}"


def _stopped_from_outside(run: Run) -> str | None:
    """What stopped the run from outside, when the log records it: a kill or interrupt message at the end of a
    printed log (KeyboardInterrupt, SIGTERM, a time limit, ...), an exit code that is a signal's (130, 137, 143), or
    a KILLED status. An interrupted run did not end by itself, so it did not finish its schedule (an error of its own
    -- a traceback, out of memory -- is crashed-run's finding, not this one's)."""
    for issue in run.issues:
        if issue.kind == "killed":
            return issue.message
    code = _int(run.meta.get("exit_code"))
    if code in SIGNAL_EXITS:
        return f"exit code {code}, {SIGNAL_EXITS[code]}"
    if str(run.meta.get("status", "")).upper() == "KILLED":
        return "status KILLED"
    return None


@detector("unfinished-schedule", params=Params)
def unfinished_schedule(run: Run, p: Params) -> Iterator[Hit]:
    if run.meta.get("early_stopped"):
        return  # the log says the framework's early-stopping rule ended the run: a planned end, however early
    # a reinforcement-learning loss tracks a moving target: its trend says nothing about being unfinished
    tr = _trend(run, p) if rl_marker(run) is None else None
    improving = tr is not None and _still_improving(run, p, tr)
    slope_txt = ""
    if tr is not None and tr["recent_drop"] > 0:
        drop = -math.expm1(-tr["recent_drop"]) if tr["log_space"] else tr["recent_drop"]
        slope_txt = f"the loss fell {fmt_pct(drop).lstrip('+')} over the last ~30% of the run"
    ev_trend = {}
    if tr is not None:
        ev_trend = {"recent_drop": round(float(tr["recent_drop"]), 5), "recent_rate": round(float(tr["rate_recent"]), 5),
                    "earlier_rate": round(float(tr["rate_earlier"]), 5)}

    warm = _still_warming(run, p)
    if warm is not None:
        yield warm
        return
    # progress toward the planned length, in its unit (see _stated_plan)
    max_steps, reached, planned_from, unit, last = _stated_plan(run)
    from_lr = False
    if not max_steps:
        ext = _lr_extrapolated(run, p)
        if ext is not None:
            max_steps, reached, planned_from = ext
            last, from_lr = reached, True
    if max_steps and max_steps > 0 and reached is not None and reached >= max_steps:
        return  # reached its planned length: finished, however the loss looks
    if max_steps and max_steps > 0 and reached is not None and 0 <= reached < max_steps:
        done = reached / max_steps
        save_steps = _int(run.meta.get("save_steps"))
        # a save interval is in steps: it says something only about a shortfall counted in steps, and only about a
        # checkpoint the step schedule wrote (at a multiple of save_steps): one saved at step 2 with save_steps 500
        # came from an epoch or a manual save, which a finished run would have made at its end too
        lag = (unit == "step" and save_steps is not None and save_steps > 0 and max_steps - reached < save_steps
               and reached % save_steps == 0)
        if done <= 1.0 - p.min_missing:
            if unit == "epoch" and planned_from.endswith(BOUND_SAID):
                msg = (f"the run stopped by epoch {reached:g} at the latest (its steps run to {fmt_step(last)}, and an "
                       f"epoch takes a step at least) of its planned {planned_from[:-len(BOUND_SAID)]} "
                       f"{max_steps:g} ({done:.0%} done at most)")
            elif unit == "epoch":
                at = f", last step {fmt_step(last)}" if last is not None else ""
                msg = (f"the run stopped at epoch {reached:g} of its planned {planned_from} {max_steps:g} ({done:.0%} "
                       f"done{at})")
            else:
                msg = (f"the run stopped at step {fmt_step(last)} of its planned {planned_from} {fmt_step(max_steps)} "
                       f"({done:.0%} done)")
            if lag:
                msg += (f" (less than one save interval, {fmt_step(save_steps)} steps, before the end: this may be the "
                        "last checkpoint's copy of a run that finished)")
            if improving:
                msg += f" while still improving: {slope_txt}"
            elif slope_txt:
                msg += f"; {slope_txt}"
            conf = (0.9 if improving else 0.8) * (0.6 if lag else 1.0) * (0.8 if from_lr else 1.0)
            if unit == "epoch":
                where = {"step": last} if last is not None else {}
                ev = {"last_step": last, "epochs_reached": reached, "planned_epochs": max_steps}
            else:
                where = {"step": last, "steps": (last, max_steps)}
                ev = {"last_step": last, "max_steps": max_steps}
            yield Hit(msg, confidence=conf, **where,
                      evidence={**ev, "share_completed": round(done, 4), **ev_trend}, causes=("run-killed",))
        return  # the planned length is known: it says everything about finishing

    said = _log_says_unfinished(run, p, last) if last is not None else None
    if said is not None:
        text, conf, ev = said
        yield Hit(text + (f"; {slope_txt}" if slope_txt else ""), step=last, confidence=conf,
                  evidence={"last_step": last, **ev, **ev_trend}, causes=("run-killed",))
        return
    if not improving or _annealed(run, p) or _val_against(run, p):
        return
    steps = tr["steps"]
    status = ""
    if run.meta.get("finished") is False:
        status = " (the log has no exit record: the process was killed)"
    elif str(run.meta.get("status", "")).upper() in ("FAILED", "KILLED"):
        status = f" (status {str(run.meta.get('status')).upper()})"
    msg = (f"the run ends at step {fmt_step(steps[-1])} while the loss is still clearly improving{status}: {slope_txt}, "
           f"at {tr['rate_recent'] / max(tr['rate_earlier'], 1e-12):.0%} of the earlier rate"
           if tr["rate_earlier"] > 0 else
           f"the run ends at step {fmt_step(steps[-1])} while the loss is still clearly improving{status}: {slope_txt}")
    msg += f"; last loss {fmt_num(float(np.median(tr['v'][-max(1, len(tr['v']) // 10):])))}"
    yield Hit(msg, step=int(steps[-1]), confidence=0.7 if status else 0.6,
              evidence={"last_step": int(steps[-1]), "tag": run.roles.get("train_loss", "train_loss"), **ev_trend},
              # nothing says it was stopped: it may have ended as planned, the plan too short for the model
              causes=("run-killed", "too-few-steps") if status else ("too-few-steps", "run-killed"))
