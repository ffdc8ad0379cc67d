"""## What it detects
A training loss that does not move at all: exactly constant, constant up to float rounding, or
(for a frozen model that still sees different minibatches) varying only by data-order noise around a
level that is the same at the first logged point, in every segment of the run and at its end. Or a validation
loss that is the same number at every one of five or more evaluations (from the first fifth of the run on): the
model's held-out outputs never change (at log K, only when it is exactly the same number: a prior predictor whose
weights still move changes its last digits, which is plateau-at-chance's reading); exactly 0 at every one of them is
no measurement at all (a validation loop over an empty loader). Or parts of a loss exactly 0 at
every reading while another part moves, beside quality scores that are 0 at every evaluation: heads that never
received a target (labels missing or empty).

## Why it matters
Nothing is being learned: the graph is detached, the parameters are frozen, the optimizer never
steps, or the learning rate is 0. Every step of the run is wasted compute. A loss flat within its
noise looks the same when the parameters move far too slowly to show (SGD at 1e-5, Adam at 1e-6):
underfitting's "never learned", whose causes put a learning rate too low first, is reported beside
it then; an exactly constant or frozen loss is this finding alone.

## Example
``sample_runs/constant-loss`` (the optimizer is built over a frozen copy of the parameters).

## Options
- ``min_points``: fewest finite points needed.
- ``flat_rel_tol``: relative spread (max - min) / |median| below which the loss counts as constant outright.
- ``noisy_min_points``: fewest points for the noisy (frozen model, varying batches) test.
- ``segments``: number of equal segments whose medians must all agree with the overall median.
- ``z``: how many standard errors of a segment median a segment may deviate and still count as flat.
- ``max_rel_move``: largest relative deviation of any segment median (or of the first points) from the run's median, whatever the noise.
- ``trend_floor``: in the noisy case, a robust trend (Theil-Sen, 99% interval excluding zero) that moves the loss by more than this share of its level over the run shows it responds to training, slowly: no finding.
- ``frozen_min_share``: a loss that is the same number at every point from some step on is frozen when that stretch covers at least this share of the run.
- ``frozen_min_digits``: a stretch of one identical printed number counts only when it has at least this many significant digits (0.0012 may be a converged loss at its printed precision).
- ``max_first_frac``: the noisy test needs the start of training in the log: a first logged step beyond this fraction of the last one is a late stretch of a run (resumed, or logging started late).
- ``max_grad_trend``: a logged gradient norm whose first and last fifths differ by more than this factor shows the parameters move (no finding in the noisy case; a validation loss or another loss component that moves vetoes it too, and a noisy level at log K of a common class count is left to plateau-at-chance). A gradient norm clearly above 0 under a learning rate above 0 also vetoes the noisy case: the parameters are updated, so the model learns nothing visible (underfitting) rather than being frozen.

## References
seeds/000 10.16 Debugging training: 'Common pathologies' table ('Loss exactly constant: detached
gradient; loss.detach() or model not in train mode'); seeds/002 'Loss plateaus? ... Check that the
optimizer is stepping'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _instability as I
from curvedoc.detectors._progress import (
    clean,
    evaluation_wrote_zeros,
    k_of_level,
    late_first_evaluation,
    looks_non_ce,
    noise_sigma,
    prepared,
    subsample,
    trend_ratio,
)
from curvedoc._fmt import fmt_num, fmt_step
from curvedoc.detectors._signal import median_se, theil_sen
from curvedoc.detectors._signal import median as sig_median
from curvedoc.detectors._signal import np_median as sig_np_median
from curvedoc.model.roles import other_losses, rl_marker
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    min_points: int
    flat_rel_tol: float
    noisy_min_points: int
    segments: int
    z: float
    max_rel_move: float
    max_grad_trend: float
    max_first_frac: float
    frozen_min_share: float
    frozen_min_digits: int
    trend_floor: float


def _causes(run: Run) -> tuple[tuple[str, ...], dict]:
    causes = ["frozen-params", "optimizer-not-stepping", "wrong-loss"]
    ev: dict = {}
    if "lr" in run.roles:
        lr = prepared(run, "lr").to_numpy(dtype=np.float64)
        if len(lr):
            top = ev["lr_max"] = float(np.max(lr))
            if np.all(lr == 0):
                causes = ["optimizer-not-stepping", "frozen-params", "wrong-loss"]
            elif top > 0 and float(np.mean(lr <= _NEGLIGIBLE_LR * top)) >= 0.75:
                # the schedule held the LR 10,000x or more below its peak over most of the run (a StepLR meant per
                # epoch stepped per batch: 1e-3 -> 1e-61): the updates stopped because the LR did
                causes = ["scheduler-misaligned", "schedule-decayed-early", "optimizer-not-stepping"]
            elif top >= I.EXTREME_LR:
                # an LR of 1 or more throws the weights where the units die (every ReLU off, a saturated output):
                # a loss that froze after it is the step's doing, not parameters never trained
                causes = ["lr-too-high", "frozen-params", "optimizer-not-stepping"]
            elif 0 < top <= _TINY_LR:
                # a peak LR of 1e-6 or less: an Adam step moves each weight by about the LR, so a few thousand steps
                # move it by 1e-3 at most -- nothing a loss shows (an HF fine-tune at lr 1e-7)
                causes = ["lr-too-low", "frozen-params", "optimizer-not-stepping"]
    return tuple(causes), ev


# a peak LR at or below this trains nothing visible in a run of ordinary length
_TINY_LR = 1e-6


# an LR this share of its peak or less moves no weight a loss could show: 10,000x below the peak of any schedule
_NEGLIGIBLE_LR = 1e-4


def _frozen_tail(v: np.ndarray, steps: np.ndarray, p: Params) -> tuple[int, float] | None:
    """(first index, share of the step span) of the longest stretch at the end of the run where the loss stays the
    same number (its spread within ``flat_rel_tol`` of its level, as the whole-run test), when it covers at least
    ``frozen_min_share`` of the run, has at least ``min_points`` points, and -- when every point is the very same
    number -- that number has at least ``frozen_min_digits`` significant digits: one coarse printed value (0.0012
    at every epoch) is as often a converged loss creeping below the printed precision as a frozen model, while 1.08311 +- 1e-4 for 400 epochs
    (a model collapsed to the class prior after a blow-up) or 0.0333 repeated is a model that no longer changes.
    A stretch that moves only one way, however little (a full-batch fit converging), is not frozen: a frozen model
    on changing minibatches scatters both ways around its level."""
    n = len(v)  # finite points (the caller's clean series)
    if n < max(p.min_points, 3):
        return None
    # the stretch at the end whose spread stays within flat_rel_tol of its level (as for the whole run), read
    # backwards from the last point: its length is the first point that breaks it
    r = v[::-1]
    tol = p.flat_rel_tol * abs(float(v[-1]))
    same = np.maximum.accumulate(r[:64]) - np.minimum.accumulate(r[:64]) <= tol  # a moving loss breaks it at once
    if same.all() and n > 64:  # the running spread of a prefix is the whole one's first values
        same = np.maximum.accumulate(r) - np.minimum.accumulate(r) <= tol
    j = n - int(np.argmin(same)) if not same.all() else 0
    if j == 0 or n - j < max(p.min_points, 3):
        return None  # the whole run (the exact test above) or too short a stretch
    span = float(steps[-1] - steps[0])
    share = float(steps[-1] - steps[j]) / span if span > 0 else (n - j) / n
    if share < p.frozen_min_share:
        return None
    tail = v[j:]
    if float(np.ptp(tail)) == 0.0:
        coarse = _significant_digits(float(tail[0])) < p.frozen_min_digits
        if coarse and not _printed_exactly(v[max(0, j - 20):j], float(tail[0])):
            return None  # one coarse printed value (0.0012, 0.0): a loss still creeping below the printed precision
    else:
        d = np.diff(tail)
        if min(float(np.mean(d > 0)), float(np.mean(d < 0))) < 0.1:
            return None  # creeping one way (a full-batch fit converging): not frozen, however small the steps
        head = float(np.median(v[: max(1, min(20, n // 50))]))
        if _trend_beyond_noise(tail, progress=head - float(np.min(v))):
            return None  # scattering both ways around a level that still moves: a summed loss creeping down
    return j, share


def _trend_beyond_noise(tail: np.ndarray, progress: float, z: float = 4.0, share: float = 0.02) -> bool:
    """Whether the medians of the first and last fifth of ``tail`` differ by more than ``z`` standard errors of
    that difference (the noise measured from point-to-point differences) and by ``share`` of the run's ``progress``
    (its start down to its lowest point): a frozen model on changing minibatches scatters around one level, while a
    loss with a large irreducible part (a VAE's summed ELBO at 995, within 1e-3 of its level) that creeps from 995.5
    to 994.8 under its scatter -- 5% of its fall from 1,008 -- is still learning. A model collapsed to the class
    prior drifting by 1e-4 is detectable and still frozen for practical purposes. Needs 10+ points."""
    n = len(tail)
    if n < 10 or not progress > 0:
        return False
    k = max(2, n // 5)
    noise = 1.4826 * float(np.median(np.abs(np.diff(tail) - np.median(np.diff(tail))))) / math.sqrt(2.0)
    if not noise > 0:
        return False
    se = 1.25 * noise / math.sqrt(k) * math.sqrt(2.0)
    moved = abs(float(np.median(tail[:k])) - float(np.median(tail[-k:])))
    return moved > z * se and moved >= share * progress


def _printed_exactly(before: np.ndarray, rep: float) -> bool:
    """Whether the points just before a stretch of one repeated number were written at full precision: most of them
    need more than 6 decimal places (2.6e-08, 0.00029137) and more than the repeated number does. A log printed with
    a fixed number of decimals (4: 0.0331, 0.0012, 0.0000) never shows that, so its repeated number may be the
    printed precision hiding a loss that still creeps; at full precision the repeated number is the value itself --
    a loss that underflowed to exactly 0 (saturated outputs: no gradient flows any more) or a model that stopped."""
    before = before[np.isfinite(before)]
    if len(before) < 3:
        return False
    need = max(6, _decimals(rep))
    return float(np.mean([_decimals(float(x)) > need for x in before])) >= 0.8


def _decimals(x: float) -> int:
    """Decimal places the number needs (0.0012 -> 4, 2.6e-08 -> 9, 0 -> 0)."""
    if not math.isfinite(x):
        return 0
    return next((d for d in range(0, 18) if round(x, d) == x), 18)


def _significant_digits(x: float) -> int:
    """How many significant digits the number needs (0.0012 -> 2, 1.08311 -> 6, 0 -> 0)."""
    if x == 0 or not math.isfinite(x):
        return 0
    return next((d for d in range(1, 18) if float(f"{x:.{d}g}") == x), 17)


def _val_level_moves(vv: np.ndarray, p: Params) -> bool:
    """Whether a validation loss moves: with 10 or more evaluations, the medians of its first and last fifths (or
    any fifth) differ from its median by more than ``max_rel_move / 5``; with fewer, its max-min spread does."""
    vv = vv[np.isfinite(vv)]
    if len(vv) < 3:
        return False
    scale = max(abs(float(np.median(vv))), 1e-12)
    if len(vv) < 10:
        return (float(vv.max()) - float(vv.min())) / scale > p.max_rel_move / 5
    meds = np.array([sig_median(x) for x in np.array_split(vv, 5)])
    return float(np.max(np.abs(meds - float(np.median(vv))))) / scale > p.max_rel_move / 5


def _gradients_flow(run: Run) -> bool:
    """A logged gradient norm whose median is clearly above 0 (1e-8) and a logged learning rate above 0."""
    if "grad_norm" not in run.roles or "lr" not in run.roles:
        return False
    g = prepared(run, "grad_norm").to_numpy(dtype=np.float64)
    lr = prepared(run, "lr").to_numpy(dtype=np.float64)
    return len(g) >= 3 and len(lr) >= 1 and float(np.median(g)) > 1e-8 and float(np.max(lr)) > 0


@detector("constant-loss", params=Params)
def constant_loss(run: Run, p: Params) -> Iterator[Hit]:
    hits = list(_training_loss(run, p)) if "train_loss" in run.roles else []
    hits = hits or list(_held_out_loss(run, p))
    yield from hits or _dead_parts(run, p)


def _dead_parts(run: Run, p: Params) -> Iterator[Hit]:
    """Parts of a loss that are exactly 0 at every one of at least ``min_points`` readings, beside held-out quality
    scores that are exactly 0 at every evaluation (at least three of them, none of the run's quality scores ever
    above 0): the heads those parts train never received a target. A loss computed on real targets is above 0 at
    least sometimes, and a model trained on its task scores something; a detector whose box, keypoint and
    objectness losses are 0.0 in every epoch while only its class loss falls, and whose every mAP is 0, was given
    images without labels (empty or missing label files, a dataset config that matches no annotation) and learned to
    predict background. One part exactly 0 beside scores that moved is a term switched off, not this."""
    dead, moving = [], []
    for tag in other_losses(run):
        s = clean(run.series(tag))
        v = s.to_numpy(dtype=np.float64)
        if len(v) < p.min_points:
            continue
        (dead if bool(np.all(v == 0)) else moving).append((tag, v, s.index.to_numpy()))
    if not dead or not moving:
        return  # every part 0 is the whole loss's (the exactly-constant reading), or no part is
    if evaluation_wrote_zeros(run):
        return  # the held-out parts are zeros written where no evaluation ran (validation off), not dead heads
    scores = [m for m in run.metrics if m.rate and m.higher_is_better]
    if not scores:
        return
    held = []
    for m in scores:
        v = clean(run.series(m.tag)).to_numpy(dtype=np.float64)
        if len(v) and bool(np.any(v != 0)):
            return  # a score above 0: the model scores something on its task
        if m.split == "val" and len(v) >= 3:
            held.append((m.tag, len(v)))
    if not held:
        return
    names = [t for t, _, _ in dead]
    shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    tag0, v0, _ = moving[0]
    steps = dead[0][2]
    n_eval = max(n for _, n in held)
    yield Hit(
        f"{shown} {'is' if len(names) == 1 else 'are'} exactly 0 at every one of {len(dead[0][1])} readings while "
        f"{tag0} moves ({fmt_num(float(v0[0]))} -> {fmt_num(float(v0[-1]))}), and every quality score "
        f"({', '.join(t for t, _ in held[:3])}{' ...' if len(held) > 3 else ''}) is 0 at all {n_eval} evaluations: "
        "the heads those parts train never received a target",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.85,
        evidence={"tag": names[0], "dead_parts": names, "moving_part": tag0, "scores": [t for t, _ in held],
                  "mode": "dead-parts"},
        causes=("labels-missing", "labels-detached", "wrong-loss"),
    )


def _held_out_loss(run: Run, p: Params) -> Iterator[Hit]:
    """A validation loss that is the same number at every one of at least ``min_points`` evaluations (within
    ``flat_rel_tol`` relative), the first of them within the first fifth of the training: the model's held-out
    outputs never change -- a frozen model, an optimizer that never steps, or an evaluation that reads a stale
    checkpoint. A learning model moves its validation loss by more than a thousandth between its first evaluations
    and later ones, even a converged fine-tune; a validation loss alone (no training loss logged) is read the same
    way."""
    if "val_loss" not in run.roles:
        return
    s = clean(run.series("val_loss"))
    n = len(s)
    if n < max(p.min_points, 5):
        return
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    level = float(np.median(v))
    if level == 0 and bool(np.all(v == 0)):
        yield from _held_out_zero(run, s)
        return
    spread = float(np.ptp(v)) / max(abs(level), 1e-12)
    if spread > p.flat_rel_tol or level == 0:
        return
    if spread > 0 and level > 0 and not looks_non_ce(run) and k_of_level(run, level, 0.03) is not None:
        # the same number to rounding at log K: a model predicting the class prior (its weights still moving in
        # digits the log does not show), plateau-at-chance's reading. Exactly the same number at every evaluation is
        # a model whose held-out outputs never changed, whatever level they sit at: frozen
        return
    if late_first_evaluation(run, steps):
        return  # evaluated only late in the run: a converged stretch, not the model's whole history
    tag = run.roles["val_loss"]
    same = "exactly the same number" if spread == 0 else f"the same to {spread:.1e} relative"
    causes, ev = _causes(run)
    yield Hit(
        f"{tag} is {same}, {fmt_num(level, 6)}, at all {n:,} evaluations (steps {fmt_step(steps[0])}-"
        f"{fmt_step(steps[-1])}): the model's held-out outputs never change -- nothing is learned, or the evaluation "
        "reads a model that is not the one being trained",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.85 if n >= 10 else 0.7,
        evidence={"tag": tag, "level": level, "points": n, "rel_spread": spread, "first_step": int(steps[0]),
                  "last_step": int(steps[-1]), **ev},
        causes=causes,
    )


def _held_out_zero(run: Run, s) -> Iterator[Hit]:
    """A validation loss that is exactly 0 at every one of its five or more evaluations was never measured: no
    model scores a loss of exactly 0 on held-out data at its first evaluation and at every one after, whatever it
    learned (a cross-entropy, a squared error or a margin loss of a real model is above 0 at least somewhere, and a
    training loss that is not 0 says the model is not perfect). What writes it is an evaluation loop that ran over
    no batch (an empty or mis-split validation loader) and logged its accumulator's starting value, or a variable
    logged that the loop never updated. Model selection on it keeps an arbitrary checkpoint."""
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    if late_first_evaluation(run, steps):
        return
    tag = run.roles["val_loss"]
    train = ""
    if "train_loss" in run.roles:
        t = clean(run.series("train_loss")).to_numpy(dtype=np.float64)
        if len(t) and not bool(np.any(t != 0)):
            return  # the training loss is exactly 0 too: the exactly-constant reading of the whole loss
        if len(t) >= 2:
            train = (f" while {run.roles['train_loss']} moved ({fmt_num(float(t[0]))} -> {fmt_num(float(t[-1]))})")
    n = len(v)
    yield Hit(
        f"{tag} is exactly 0 at all {n:,} evaluations (steps {fmt_step(steps[0])}-{fmt_step(steps[-1])}){train}: no "
        "held-out loss was measured -- the validation loop ran over no batch or logged a value it never updated, and "
        "a checkpoint chosen on it is arbitrary",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.85 if n >= 10 else 0.7,
        evidence={"tag": tag, "level": 0.0, "points": n, "first_step": int(steps[0]), "last_step": int(steps[-1]),
                  "mode": "held-out-zero"},
        causes=("eval-not-computed",), severity="warning",
    )


def _training_loss(run: Run, p: Params) -> Iterator[Hit]:
    s = clean(run.series("train_loss"))
    n = len(s)
    if n < max(p.min_points, 3):
        return
    v_all = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    v = subsample(v_all)  # every k-th point: keeps the minibatch noise, bounds the cost
    level = sig_np_median(v)
    scale = max(abs(level), 1e-12)
    lo, hi = float(v_all.min()), float(v_all.max())
    spread = (hi - lo) / scale
    causes, ev = _causes(run)
    base_ev = {"tag": run.roles.get("train_loss", "train_loss"), "level": level, "points": n,
               "first_step": int(steps[0]), "last_step": int(steps[-1]), "rel_spread": spread, **ev,
               # a loss that does not move at all (the same number, or frozen from some step on) never learned:
               # this finding names the frozen model, underfitting's 'never learned' on the same loss is the same
               # phenomenon said without the freeze: it stays beside this one as context (info), its causes (an LR
               # too low, too little capacity) below this finding's. The flat-within-noise case below leaves it at
               # its own severity (see there)
               "restates": [["underfitting", run.roles.get("train_loss", "train_loss")]]}

    if spread <= p.flat_rel_tol:
        exact = hi == lo
        if exact and level < 0 and level == round(level):
            # the same negative whole number at every point is the placeholder a script prints for a loss it
            # did not compute ('Loss: -1.0000'), not a loss that does not move
            return
        what = "exactly constant" if exact else f"constant to {spread:.1e} relative"
        yield Hit(
            f"train_loss is {what} at {fmt_num(level, 6 if not exact else 4)} over all {n:,} points "
            f"(steps {fmt_step(steps[0])}-{fmt_step(steps[-1])}): the loss does not respond to training at all",
            step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.95 if n >= 10 else 0.8,
            evidence=base_ev, causes=causes,
        )
        return

    rl = rl_marker(run) is not None
    frozen = _frozen_tail(v_all, steps, p)
    if rl and (frozen is None or float(np.ptp(v_all[frozen[0]:])) != 0.0):
        # a reinforcement-learning loss tracks a moving target and need not settle or fall: only a loss that is
        # the very same number (above: everywhere; here: from some step to the end, e.g. 0.0 in every row once
        # the policy collapsed) is judged there -- that is no update, or no loss computed, in any training
        return
    if frozen is not None:
        j, share = frozen
        same = "exactly" if float(np.ptp(v_all[j:])) == 0.0 else f"to {p.flat_rel_tol:.0e} relative"
        yield Hit(
            f"train_loss is frozen from step {fmt_step(steps[j])} to the end: {fmt_num(float(v_all[-1]), 6)} {same} "
            f"at all {n - j:,} points ({share:.0%} of the run's steps), after moving "
            f"before it "
            f"({fmt_num(float(v_all[0]))} at step {fmt_step(steps[0])}): from there on the model no longer changes",
            step=int(steps[j]), steps=(int(steps[j]), int(steps[-1])), confidence=0.9,
            evidence={**base_ev, "frozen_from": int(steps[j]), "frozen_share": round(share, 4),
                      "level": float(v_all[-1])}, causes=causes,
        )
        return

    if n < p.noisy_min_points:
        return
    # a log that begins well after the start of training (a job resumed at step 14,001 of 15,550) shows a stretch
    # of a run that may simply have converged: flat within noise there is not 'frozen'. Only an exactly
    # constant loss (above) is a fault whatever part of the run was logged
    if steps[0] > 0 and steps[0] > p.max_first_frac * float(steps[-1]):
        return
    m = len(v)
    nseg = max(2, min(p.segments, m // 5))
    parts = np.array_split(v, nseg)
    meds = []
    for x in parts:  # a segment beyond the cap of tol_seg below is not flat whatever the noise: no more asked then
        meds.append(sig_median(x))
        if abs(meds[-1] - level) > p.max_rel_move * scale:
            return
    dev = np.abs(np.array(meds) - level)
    sigma = noise_sigma(v)
    if not math.isfinite(sigma):
        return
    if sigma == 0:
        # most consecutive values identical (e.g. a constant loss with a few blips or coarse rounding)
        frac_equal = float(np.mean(np.diff(v) == 0))
        if frac_equal < 0.9:
            return
        sigma = max(float(np.std(v)), 1e-12 * scale)
    seg_len = min(len(x) for x in parts)
    se = median_se(sigma, seg_len)
    k = max(3, min(20, int(0.02 * m)))
    head = float(np.median(v[:k]))
    se_head = median_se(sigma, k)
    tol_seg = min(p.z * se, p.max_rel_move * scale)
    tol_head = p.z * se_head  # 20 points: the noise, not the cap, bounds what can be told apart
    if dev.max() > tol_seg or abs(head - level) > tol_head:
        return
    # a slow steady trend hides inside segment medians of a noisy minibatch loss (epoch means 91.7 -> 87.2 under
    # per-batch swings of +-15%): a robust slope over the whole run whose 99% interval excludes zero and that
    # moves the loss by more than trend_floor of its level says it responds to training, slowly -- a frozen model's
    # loss has data-order noise and no trend
    slope, s_lo, s_hi = theil_sen(subsample(steps).astype(np.float64), v)  # the points v kept
    if math.isfinite(slope) and (s_lo > 0 or s_hi < 0) and \
            abs(slope) * float(steps[-1] - steps[0]) > p.trend_floor * scale:
        return
    # the parameters visibly move when a logged gradient norm trends (a frozen model's does not)
    for role in ("grad_norm", "grad_norm_sq", "weight_norm"):
        tr = trend_ratio(run, role)
        limit = math.log(p.max_grad_trend) * (2.0 if role == "grad_norm_sq" else 1.0)
        if role == "weight_norm":
            limit = math.log(1.001)
        if tr is not None and tr > limit:
            return
    # gradients that flow (a logged gradient norm clearly above 0) under a learning rate above 0: the parameters are
    # being updated, so a loss whose level does not move beyond its noise is a model that learns nothing visible
    # (underfitting says so, with its causes), not a frozen one -- frozen parameters or a detached graph give a
    # gradient norm of 0, an optimizer that never steps is told by an LR of 0 or by no gradient logged at all
    if _gradients_flow(run):
        return
    # flat with noise exactly at log K (a common class count): the model sits at the class prior, which
    # plateau-at-chance reports with the more useful causes (labels detached first); an EXACTLY constant
    # loss is still reported above
    if level > 0 and not looks_non_ce(run) and k_of_level(run, level, 0.03) is not None:
        return
    # a validation loss whose level moves shows the model changes in a way that matters (a frozen model scores
    # a fixed set identically); and a flat total can hide moving components (an adversarial loss = task -
    # lambda * domain). The level, not the max-min spread, is what counts: a model stalled at a constant
    # prediction scatters its validation loss by a few percent around one level for 50 epochs (a few evaluations
    # 8% high), which is as stalled as its training loss
    if "val_loss" in run.roles and _val_level_moves(prepared(run, "val_loss").to_numpy(dtype=np.float64), p):
        return
    train_tag = run.roles.get("train_loss")
    others = [t for t in run.tags if t != train_tag and "loss" in t.lower() and t not in run.roles.values()][:12]
    for tag in others:
        tr = trend_ratio(run, tag)
        if tr is not None and tr > math.log(1.0 + 2 * p.max_rel_move):
            return
    rel_noise = sigma / scale
    worst = float(dev.max() / scale)
    conf = 0.7
    if ev.get("lr_max") == 0:
        conf = 0.9
    yield Hit(
        f"train_loss does not move: its median is {fmt_num(level)} in each of {nseg} segments of the run "
        f"(largest deviation {worst * 100:.2f}%, within {p.z:g} standard errors of the minibatch noise "
        f"{rel_noise * 100:.1f}%), and the first points ({fmt_num(head)}) already sit there "
        f"(steps {fmt_step(steps[0])}-{fmt_step(steps[-1])})",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=conf,
        # flat within its noise is what a model updated too slowly looks like as much as a frozen one (a data-order
        # noise on an unchanged level cannot tell them apart): underfitting's reading of the same loss, whose causes
        # put a learning rate too low and too little capacity first, stands beside this one rather than under it
        evidence={**{k: v for k, v in base_ev.items() if k != "restates"}, "noise_rel": rel_noise,
                  "max_segment_dev_rel": worst, "head": head, "segments": nseg},
        causes=causes,
        # 'flat within its noise' over the part written so far is also a slow start (2.30 -> 2.23 over the first
        # ~80 steps at lr 0.01): only the finished run, or a learning rate of 0, says frozen. The exactly constant
        # and frozen-tail tests above need neither
        check="" if ev.get("lr_max") == 0 else "flat-within-noise",
    )
