"""## What it detects
A validation loss far above the training loss from the very first evaluations, a gap that does not
close: the ratio val/train (val against the smoothed training loss at the same step) is at least
``min_ratio`` at the first evaluations, over the run as a whole and at the end, and the validation
loss did not turn upward (a rise after a minimum is overfitting's business).

Or a gap that is there almost at once: within the first ``early_span`` of the training the training loss made
``fit_share`` of its drop and val/train reached ``min_ratio``, and the gap holds, validation staying at or above ``untrained_share`` of the untrained training loss, at
``hold_share`` of the later evaluations (a model that memorises its training set in the first few percent of
the run and learns nothing that transfers), reported even when validation then rises.

Or, with no validation loss or no gap in it, a gap in what the model gets right: its training accuracy at least
``acc_gap`` of the scale above its held-out accuracy over the last third of the run.

Or the gap the other way round, as info: the training loss ``min_ratio`` squared times the validation loss or more at
the first evaluations, over the run and at the end -- a training objective holding a term the evaluation does not (a
weight penalty, dropout, label smoothing or mixup, a summed loss): the held-out loss is the one to judge.

Or a gap that opens: over the second half of the evaluations the training loss keeps falling while the
validation loss has stopped improving (flat or rising), and val/train ends at least ``open_ratio`` after
growing by ``open_growth`` -- the point where early stopping would have stopped the run. Reported as info
(training past that point is wasted, not broken); validation need not rise, so this holds where the
overfitting rule (a rising validation, a warning) stays silent.

## Why it matters
A gap present from the first evaluation is rarely generalisation: it points at the evaluation path
(model.eval() forgotten, BatchNorm batch statistics, dropout on), at preprocessing or augmentation
that differs between train and validation, or at a loss computed differently on the two sides.

## Example
sample_runs/eval-mode-bug (validation run with the model left in train mode); real:
``tfod-ssd-mobnet-tf2`` (eval classification loss 10.6 vs train 0.27 at its only evaluation).

## Options
- ``min_ratio``: smallest val/train ratio (start, overall and end) that counts as far above.
- ``few_evals``: below this many evaluations the ratio must reach ``min_ratio`` squared.
- ``max_val_rise``: largest rise of the validation loss from its minimum to its end (log space) before the case is left to overfitting.
- ``max_gap_growth``: largest growth of the log ratio from start to end (log space) before the case is left to overfitting.
- ``max_early_progress``: share of the training loss's (log) progress made before the first evaluation up to which that evaluation counts as early; a gap at an early evaluation is reported even if validation rises later.
- ``open_ratio``: smallest val/train ratio at the end for a gap that opened during the run.
- ``open_growth``: smallest growth of the log ratio from the first to the last evaluations for a gap that opened.
- ``val_stall``: largest log-space improvement of validation over the second half of the evaluations that counts as stalled.
- ``min_train_fall``: smallest log-space fall of the training loss over that second half (the gap opens because training goes on).
- ``min_open_evals``: below this many evaluations (3 at least) a gap that opens must end at ``min_ratio`` squared.
- ``early_span``: a gap reaching ``min_ratio`` within this share of the training counts as there from the start ...
- ``fit_share``: ... when the training loss had made this share of its whole drop by then (it fit at once) ...
- ``hold_share``: ... and the gap holds at this share of the evaluations after that (validation may rise meanwhile) ...
- ``untrained_share``: ... with validation at or above this share of the untrained training loss throughout.
- ``acc_agree``: a gap beside training and validation accuracies within this share of the scale of each other is
  reported as info (the losses differ in how they are computed, not in what the model gets right).
- ``acc_gap``: with no loss gap (or no validation loss), a training accuracy this share of the scale above the
  held-out one (medians of their last thirds) is the gap read in what the model gets right.
- ``acc_gap_info``: a smaller accuracy gap (from this share of the scale up to ``acc_gap``) is told as an info.
- ``acc_min_evals``: fewest points of each accuracy for that reading.
- ``perfect_acc``: a loss gap beside a held-out accuracy whose last quarter is at this share of its scale or more
  (every held-out example right) is an info: the losses differ in computation or confidence, not in what the model
  gets right.
- ``eval_works_acc``: a gap there from the first evaluation beside a held-out accuracy that reaches this share of its
  scale (and no training accuracy to compare) is a working evaluation's generalisation gap: an info.

## References
seeds/000 10.16 Debugging training, table 'Validation loss much higher than training'; seeds/002
'Forgetting model.eval()' (the most common silent bug).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _generalization as gx
from curvedoc._fmt import fmt_num, fmt_step
from curvedoc.detectors._progress import accuracy, saw_start, window_median
from curvedoc.detectors._signal import mad
from curvedoc.detectors._signal import np_median
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_ratio: float
    few_evals: int
    max_val_rise: float
    max_gap_growth: float
    max_early_progress: float
    open_ratio: float
    open_growth: float
    val_stall: float
    min_train_fall: float
    min_open_evals: int
    early_span: float
    fit_share: float
    hold_share: float
    untrained_share: float
    acc_agree: float
    eval_works_acc: float
    acc_gap: float
    acc_gap_info: float
    acc_min_evals: int
    perfect_acc: float


def _thirds(x: np.ndarray) -> tuple[float, float]:
    """Medians of the first and last thirds of ``x`` (log values): their difference is the progress made."""
    t = max(1, len(x) // 3)
    return np_median(x[:t]), np_median(x[-t:])


def _opening_gap(run: Run, p: Params, vs, vr, vw, t_at, r) -> Iterator[Hit]:
    """The gap that opens: over the second half of the evaluations the training loss keeps falling while
    validation has stopped improving, and val/train ends at least ``open_ratio`` after growing by
    ``open_growth`` (log). Validation need not rise (that is V001 overfitting's signature); this is the point
    where the seeds' advice is early stopping: more epochs only widen the generalisation gap."""
    n = len(vs)
    if n < 3:
        return
    # with fewer than min_open_evals evaluations a half holds one or two of them: the gap must then end at least
    # min_ratio squared (4x, as the few-evaluations rule of the constant gap), a size no stalled-by-chance
    # validation of a healthy run reaches (an HF fine-tune with 3 evaluations: 3x -> 29x while eval_loss stalled)
    end_floor = math.log(p.open_ratio) if n >= p.min_open_evals else 2.0 * math.log(p.min_ratio)
    half = n // 2
    v_a, v_b = _thirds(vw[half:])
    t_a, t_b = _thirds(t_at[half:])
    val_gain, train_fall = v_a - v_b, t_a - t_b
    k = max(1, min(3, math.ceil(0.2 * n)))
    r_start, r_end = np_median(r[:k]), np_median(r[n - k:])
    if not (val_gain <= p.val_stall and train_fall >= p.min_train_fall and r_end >= end_floor
            and r_end - r_start >= p.open_growth):
        return
    best = int(np.argmin(gx.smooth_sparse(vw)))
    val_tag = run.roles.get("val_loss", "val_loss")
    train_tag = run.roles.get("train_loss", "train_loss")
    ratio_start, ratio_end = math.exp(min(700.0, r_start)), math.exp(min(700.0, r_end))
    trend = "rose" if val_gain < -p.val_stall else "stalled"
    msg = (f"the gap between {val_tag} and {train_tag} opened from {ratio_start:.2f}x to {ratio_end:.1f}x: over the "
           f"second half of the {n} evaluations (steps {fmt_step(int(vs[half]))}-{fmt_step(int(vs[-1]))}) "
           f"{train_tag} fell {1 - math.exp(-train_fall):.0%} while {val_tag} {trend} "
           f"({fmt_num(float(gx.raw(v_a, True)))} -> {fmt_num(float(gx.raw(v_b, True)))}; best "
           f"{fmt_num(float(vr[best]))} at step {fmt_step(int(vs[best]))})")
    conf = 0.5 + 0.45 * float(np.mean([gx.ratio01(r_end - math.log(p.open_ratio), math.log(2.0)),
                                       gx.ratio01(r_end - r_start - p.open_growth, 0.7),
                                       gx.clip01((n - p.min_open_evals) / 10)]))
    yield Hit(
        msg,
        step=int(vs[half]),
        steps=(int(vs[half]), int(vs[-1])),
        confidence=round(min(0.9, conf), 3),
        evidence={"ratio_start": ratio_start, "ratio_end": ratio_end, "evals": int(n), "mode": "opening",
                  "val_gain_second_half": val_gain, "train_fall_second_half": train_fall,
                  "best_val_step": int(vs[best])},
        causes=("too-many-epochs", "overfitting-capacity", "weight-decay-too-low"),
        tags=(val_tag, train_tag),
        # info: the run went on past the point where early stopping would have stopped it, which is worth
        # knowing but not a fault; a validation loss that then rises is the overfitting rule's warning
        severity="info",
    )


@detector("train-val-gap", params=Params)
def train_val_gap(run: Run, p: Params) -> Iterator[Hit]:
    ratios = _held_out_ratios(run, p)
    hits = list(_loss_gap(run, p, ratios)) if ratios is not None else []
    if hits:
        yield from hits
        return
    acc = _accuracy_gap(run, p)
    if acc is not None:
        yield acc
        return
    if ratios is not None:
        yield from _train_above(run, p, ratios)


def _train_above(run: Run, p: Params, ratios: tuple) -> Iterator[Hit]:
    """The gap the other way round: the training loss ``min_ratio`` squared times the validation loss or more at the
    first evaluations, over the run and at the end (the same three readings as a validation loss far above the training
    one). The two are not measuring the same thing: the training objective holds a term the evaluation does not (a
    weight penalty, dropout, label smoothing or mixup, a loss summed instead of averaged) -- what the training loss
    says is then no reading of how the model does. An info: a regularised model trains so by design, and the held-out
    loss is the one to judge (a Keras model at lr 5e-7 whose 'loss' 5.99 -> 5.56 stood 6x its val_loss 0.94 -> 0.88
    at matching accuracies)."""
    vs, r = ratios[0], -ratios[4]  # log(train / val) at the evaluations inside the training's range
    if len(vs) < 3 or not np.all(np.isfinite(r)):
        return
    k = max(1, len(r) // 5)
    first, mid, end = float(np.median(r[:k])), float(np.median(r)), float(np.median(r[-k:]))
    # min_ratio squared, the bar this rule sets where its evidence is thin: regularisers raise the training loss by
    # design (label smoothing alone puts a confident classifier's training loss at 2-4x an unsmoothed validation loss)
    floor = 2.0 * math.log(p.min_ratio)
    if min(first, mid, end) < floor:
        return
    t_name, v_name = run.roles["train_loss"], run.roles["val_loss"]
    yield Hit(
        f"{t_name} stands {math.exp(mid):.1f}x above {v_name} over the run ({math.exp(first):.1f}x at the first "
        f"evaluations, {math.exp(end):.1f}x at the end): the training objective holds a term the evaluation does not "
        "(a weight penalty, dropout, label smoothing or mixup, a loss summed instead of averaged or scaled by the "
        "gradient-accumulation steps), so the training loss is no reading of how the model does -- judge the held-out "
        "loss",
        step=int(vs[0]), steps=(int(vs[0]), int(vs[-1])), confidence=0.7, severity="info",
        evidence={"mode": "train-above", "ratio_first": math.exp(first), "ratio_median": math.exp(mid),
                  "ratio_end": math.exp(end)},
        causes=("eval-metric-mismatch",))


def _accuracy_gap(run: Run, p: Params) -> Hit | None:
    """The gap read in what the model gets right: the training accuracy's last third (median) at least ``acc_gap``
    of the scale above the held-out accuracy's, with ``acc_min_evals`` evaluations of each -- a model that scores 25
    points more on the examples it trains on than on held-out ones memorises (or is evaluated in another mode), with
    or without a validation loss to show it. A validation loss that says otherwise was judged first (this runs only
    when the loss test found no gap); healthy runs' accuracies differ by a few points to ~20 (a regularised model,
    a small validation set), memorising ones by 25-100."""
    ta, va = accuracy(run, "train_acc"), accuracy(run, "val_acc")
    if len(ta) < p.acc_min_evals or len(va) < p.acc_min_evals:
        return None
    t, v = ta.to_numpy(dtype=np.float64), va.to_numpy(dtype=np.float64)
    t_end, v_end = window_median(t, 2.0 / 3.0, 1.0), window_median(v, 2.0 / 3.0, 1.0)
    if not (math.isfinite(t_end) and math.isfinite(v_end)) or t_end - v_end < p.acc_gap_info:
        return None
    v_best = float(np.max(v))
    tt, vt = run.roles["train_acc"], run.roles["val_acc"]
    start = int(va.index[int(len(va) * 2 // 3)])
    msg = (f"{tt} ends at {t_end:.3f} and {vt} at {v_end:.3f} (medians of their last thirds, from step "
           f"{fmt_step(start)}): the model gets {100 * (t_end - v_end):.0f} points more right on its training data "
           f"than on held-out data (best held-out {v_best:.3f})")
    severity = None
    if t_end - v_end < p.acc_gap:
        # a gap of 10-25 points: worth knowing (the model fits what it trains on better than what it has not seen),
        # but within what a regularised model on a hard held-out split shows -- information, not a warning
        severity = "info"
        msg += (f"; under {100 * p.acc_gap:.0f} points, within what a regularised model on a hard held-out split "
                "shows")
    return Hit(msg, step=start, steps=(start, int(va.index[-1])), severity=severity,
               confidence=round(0.55 + 0.35 * min(1.0, max(0.0, t_end - v_end - p.acc_gap) / p.acc_gap), 3),
               evidence={"train_acc_end": t_end, "val_acc_end": v_end, "gap": t_end - v_end, "val_acc_best": v_best,
                         "series": [tt, vt]},
               causes=("overfitting-capacity", "memorisation-multi-epoch", "eval-mode-bug"), tags=(tt, vt))


def _held_out_ratios(run: Run, p: Params) -> tuple | None:
    """The validation loss against the training loss at each evaluation, read once for both directions of the gap:
    (eval steps, raw and log validation values, the training level at those steps, log(val / train), the training
    level, the training steps), for the evaluations inside the training's range (an eval before the first train log
    has no train level); None when either loss is missing or not positive, or no evaluation falls in that range."""
    if not run.has("train_loss", "val_loss") or not (p.min_ratio > 1):
        return None
    vs, vr, vw, v_log = gx.prepare(run.series("val_loss"))
    ts, tr, _, t_log = gx.prepare(run.series("train_loss"), work=False)
    if len(vs) < 1 or len(ts) < 3 or not (v_log and t_log):
        return None  # a ratio needs positive losses on both sides
    tol = max(1, int(0.02 * (float(ts[-1]) - float(ts[0]))))
    m = (vs >= ts[0]) & (vs <= min(int(ts[-1]) + tol, np.iinfo(np.int64).max))  # no int64 wrap-around
    if not m.any():
        return None
    vs, vr, vw = vs[m], vr[m], vw[m]
    # trailing level: the train loss up to each eval step (a centred window would leak later, lower values
    # into the first evaluations)
    train = gx.Level(ts, tr, True, frac=0.02, center=False)
    t_at = train.at(vs)
    if not np.all(np.isfinite(t_at)):
        return None
    return vs, vr, vw, t_at, vw - t_at, train, ts


def _loss_gap(run: Run, p: Params, ratios: tuple) -> Iterator[Hit]:
    vs, vr, vw, t_at, r, train, ts = ratios  # r = log(val / train)
    hits = list(_from_first_eval(run, p, vs, vr, vw, t_at, r, train, saw_start(ts))) or list(_opened_at_once(run, p, vs, vr, t_at, r,
                                                                                              train, ts))
    for h in hits or _opening_gap(run, p, vs, vr, vw, t_at, r):
        yield _weighed(run, h, p)


def _as_info(h: Hit, why: str, cause: str, **evidence) -> Hit:
    """``h`` told as an info: ``why`` added to its message, ``cause`` first among its causes, ``evidence`` kept."""
    return dataclasses.replace(h, severity="info", message=f"{h.message}; but {why}",
                               causes=(cause,) + tuple(c for c in (h.causes or ()) if c != cause),
                               evidence={**h.evidence, **evidence})


def _weighed(run: Run, h: Hit, p: Params) -> Hit:
    """A loss gap beside training and validation accuracies that agree (within ``acc_agree`` of the scale: the medians
    of their last quarters, and over the whole run) is no gap in what the model gets right: an evaluation left in train mode, a shifted
    validation set or a model that memorised would show in the held-out accuracy. The two losses differ in scale --
    computed or normalised differently (summed over a set of another size, another reduction) --, worth knowing and
    not a warning: info, with the computation first among the causes."""
    if h.severity == "info":
        return h
    ta, va = accuracy(run, "train_acc"), accuracy(run, "val_acc")
    v = va.to_numpy(dtype=np.float64)
    v_end = window_median(v, 0.75, 1.0) if len(va) >= 3 else math.nan
    if math.isfinite(v_end) and v_end >= p.perfect_acc:
        # a held-out accuracy at its ceiling (the median of its last quarter at perfect_acc or more) gets every
        # held-out example right: there is no gap in what the model gets right, whatever the losses say. A
        # validation loss computed on probabilities has a floor above 0 (log(1 + (K-1)/e): 0.551 for 3 classes, an
        # Ultralytics classifier's val loss at 100% top-1), and a confident model's training loss goes on to 0
        return _as_info(h, f"the held-out accuracy is {v_end:.3f}: every held-out example is right, so the losses "
                           "differ in how they are computed or in confidence, not in what the model gets right",
                        "eval-metric-mismatch", val_acc_end=v_end)
    if len(ta) < 3 and len(va) >= 3 and "train_progress_before_first_eval" in h.evidence:
        # a gap there from the first evaluation says 'the evaluation path is broken' (train mode, shifted data) --
        # which a held-out accuracy at eval_works_acc or more refutes: a broken evaluation scores far below what
        # the model does. With no training accuracy to compare, the gap is a generalisation gap of a working
        # evaluation (a fine-tune whose first logged loss is already low): worth knowing, an info
        if math.isfinite(v_end) and v_end >= p.eval_works_acc:
            return _as_info(h, f"the held-out accuracy reaches {v_end:.3f}: the evaluation works, and the gap is how "
                               "much better the model fits its training data than unseen data",
                            "overfitting-capacity", val_acc_end=v_end)
    if len(ta) < 3 or len(va) < 3:
        return h
    t = ta.to_numpy(dtype=np.float64)
    t_end = window_median(t, 0.75, 1.0)
    t_all, v_all = window_median(t, 0.0, 1.0), window_median(v, 0.0, 1.0)
    if not all(math.isfinite(x) for x in (t_end, v_end, t_all, v_all)):
        return h
    if abs(t_end - v_end) > p.acc_agree or abs(t_all - v_all) > p.acc_agree:
        return h  # apart at the end, or over the run (a gap through half of it that closed later)
    return _as_info(h, f"the training and validation accuracies agree ({t_end:.3f} vs {v_end:.3f}): the model does "
                       "as well on held-out data, so the two losses differ in how they are computed or normalised, "
                       "not in what the model gets right",
                    "eval-metric-mismatch", train_acc_end=t_end, val_acc_end=v_end)


def _raw_progress(train, level: float) -> float:
    """Share of the training loss's whole drop (its first level to its lowest), in raw loss units, made by the time
    it is at ``level`` (log space): a loss going to ~0 has made most of its progress once it is 10x down, whatever
    log space says."""
    head = math.exp(min(700.0, float(train.y[0])))
    floor = math.exp(min(700.0, float(np.min(train.y))))
    return gx.clip01((head - math.exp(min(700.0, level))) / max(head - floor, 1e-300))


def _opened_at_once(run: Run, p: Params, vs, vr, t_at, r, train, ts) -> Iterator[Hit]:
    """The gap that is there almost from the start: within the first ``early_span`` of the training the
    training loss made ``fit_share`` of its whole (raw-scale) drop and val/train reached ``min_ratio``, and the
    gap holds at ``hold_share`` of the evaluations after that, even if validation then rises. A model that fits
    its training set within a few percent of the run and never comes near it on held-out data does not
    generalise at all (memorisation, or held-out data unlike the training data); an ordinary overfit opens its
    gap as the training loss keeps falling, and is the overfitting rule's business."""
    n = len(vs)
    span = float(ts[-1] - ts[0])
    need = math.log(p.min_ratio)
    t_head = math.exp(min(700.0, float(train.y[0])))
    # far above training AND not much better than the untrained model: as the training loss goes to ~0 the ratio
    # alone grows without bound for a model that generalises well (val 0.05 against train 1e-4)
    apart = (r >= need) & (vr >= p.untrained_share * t_head)
    reached = np.flatnonzero(apart)
    if n < p.min_open_evals or span <= 0 or len(reached) == 0:
        return
    j = int(reached[0])
    after = r[j:]
    early_end = float(ts[0]) + p.early_span * span
    if float(vs[j]) > early_end or len(after) < p.min_open_evals:
        return
    fit = _raw_progress(train, float(train.at([early_end])[0]))
    if fit < p.fit_share:
        return
    held = float(np.mean(apart[j:]))
    if held < p.hold_share:
        return
    ratio_all = math.exp(min(700.0, np_median(after)))
    val_tag = run.roles.get("val_loss", "val_loss")
    train_tag = run.roles.get("train_loss", "train_loss")
    msg = (f"{val_tag} is {math.exp(min(700.0, float(r[j]))):.1f}x {train_tag} from step {fmt_step(int(vs[j]))} "
           f"({fmt_num(float(vr[j]))} vs {fmt_num(gx.raw(float(t_at[j]), True))}, {float(vs[j] - ts[0]) / span:.1%} "
           f"into the run) and, at {held:.0%} of the {len(after)} evaluations after it, stays at least "
           f"{p.min_ratio:g}x it and at least {p.untrained_share:.0%} of the starting training loss "
           f"{fmt_num(t_head)} (median ratio {ratio_all:.3g}x); {train_tag} made {fit:.0%} of its drop in the first {p.early_span:.0%} "
           f"of the run: the model fits its training data almost at once and never comes near it on held-out data")
    conf = 0.5 + 0.4 * float(np.mean([gx.ratio01(np_median(after) - need, math.log(10.0)),
                                      gx.clip01((held - p.hold_share) / (1.0 - p.hold_share + 1e-9))]))
    yield Hit(
        msg, step=int(vs[j]), steps=(int(vs[j]), int(vs[-1])), confidence=round(min(0.9, conf), 3),
        evidence={"mode": "opened-at-once", "ratio_median": ratio_all, "opened_step": int(vs[j]),
                  "opened_share": float(vs[j] - ts[0]) / span, "train_fit_share": fit, "held_share": held, "evals": int(n)},
        causes=("overfitting-capacity", "val-distribution-shift", "eval-mode-bug"),
        tags=(val_tag, train_tag),
    )


def _from_first_eval(run: Run, p: Params, vs, vr, vw, t_at, r, train, seen: bool = True) -> Iterator[Hit]:
    """The gap that is there from the first evaluation and does not close (an evaluation-path bug). Read as 'from
    the start' only when the log saw its run's start (``seen``, :func:`saw_start`): a log that opens at epoch 31 of a
    resumed run shows the gap 30 unseen epochs of fitting left, an ordinary generalisation gap as often as a broken
    evaluation, and its first training reading is no untrained model's loss -- then told as information."""
    n = len(vs)
    k = max(1, min(3, math.ceil(0.2 * n)))
    r_start = np_median(r[:k])
    r_end = np_median(r[n - k:])
    r_all = np_median(r)
    need = math.log(p.min_ratio) * (2.0 if n < p.few_evals else 1.0)
    if min(r_start, r_end, r_all) < need:
        return
    # how early is the first evaluation? textbook: the training loss has barely moved yet
    drop_before_first_eval = _raw_progress(train, float(t_at[0]))
    # early: the first evaluation came before the training loss made most of its progress, and the gap is
    # already there at that very evaluation (not only later, as when a model memorises within a few evals)
    early = seen and n > 1 and drop_before_first_eval <= p.max_early_progress and float(r[0]) >= need
    # validation at the first evaluation WORSE than the training loss the run started from (and the gap
    # already there): a model that merely generalises less well than it fits cannot do that, so the finding
    # keeps its weight however late the first evaluation came. Not enough to call a late evaluation early,
    # though: a fine-tune starts from a low pretrained loss and its overfitting validation sits just above it
    worse_than_start = seen and float(vw[0]) >= float(train.y[0]) and float(r[0]) >= need
    # a gap at an early evaluation is there before the model could fit the training set: report it even
    # if validation then rises. Otherwise leave rising curves and gaps that open to the overfitting rule.
    sm = gx.smooth_sparse(vw)
    val_rise = float(np.median(vw[n - k:]) - np.min(sm)) if n >= 3 else 0.0
    growth = r_end - r_start
    if not early and (val_rise > p.max_val_rise or growth > p.max_gap_growth):
        return
    stability = mad(r) if n >= 3 else float("nan")
    ratio_start, ratio_end, ratio_all = (math.exp(min(700.0, x)) for x in (r_start, r_end, r_all))
    conf = 0.45 + 0.5 * float(np.mean([
        gx.ratio01(r_all - need, math.log(3.0)),
        gx.clip01((n - 1) / 4),
        1.0 - drop_before_first_eval,
    ]))
    val_tag = run.roles.get("val_loss", "val_loss")
    train_tag = run.roles.get("train_loss", "train_loss")
    first = "the first evaluation" if k == 1 else f"the first {k} evaluations"
    msg = (
        f"{val_tag} is {ratio_start:.1f}x {train_tag} at {first} (step {fmt_step(int(vs[0]))}: "
        f"{fmt_num(float(vr[0]))} vs {fmt_num(gx.raw(float(t_at[0]), True))})"
    )
    if n > 1:
        msg += (f" and the gap does not close: {ratio_end:.1f}x at step {fmt_step(int(vs[-1]))}, median "
                f"{ratio_all:.1f}x over {n} evaluations")
    else:
        msg += " (one evaluation only: it cannot show whether the gap closes)"
    if drop_before_first_eval > 0.5:
        msg += (f"; the training loss had already made {drop_before_first_eval:.0%} of its progress before the "
                f"first evaluation, so an ordinary generalisation gap cannot be ruled out")
    # a late first evaluation with validation below the untrained training loss: the training loss had
    # already made most of its progress, so the ratio alone cannot tell a broken evaluation from an
    # ordinary generalisation gap of a model that fits its training set (train -> ~0 inflates the ratio)
    late = (drop_before_first_eval > p.max_early_progress or not seen) and not worse_than_start
    if late:
        conf = min(conf, 0.5)
    if not seen:
        msg += (f"; the log opens at step {fmt_step(int(vs[0]))}, after its run's start (a resumed run), so the gap "
                "may have opened in the steps it does not show")
    causes = ("eval-mode-bug", "val-distribution-shift", "eval-metric-mismatch")
    if np.isfinite(stability) and stability < 0.1 and n >= 5 and ratio_all >= 3:
        # a constant factor between two curves that move together: the losses are computed differently
        causes = ("eval-metric-mismatch", "eval-mode-bug", "val-distribution-shift")
    yield Hit(
        msg,
        step=int(vs[0]),
        steps=(int(vs[0]), int(vs[-1])),
        confidence=round(min(0.95, conf), 3),
        evidence={
            "ratio_start": ratio_start,
            "ratio_end": ratio_end,
            "ratio_median": ratio_all,
            "val_first": float(vr[0]),
            "train_at_first_eval": gx.raw(float(t_at[0]), True),
            "first_eval_step": int(vs[0]),
            "evals": int(n),
            "train_progress_before_first_eval": drop_before_first_eval,
            **({"ratio_spread_log": float(stability)} if np.isfinite(stability) else {}),
        },
        causes=causes,
        severity="info" if late else None,
        tags=(val_tag, train_tag),
    )
