"""## What it detects
Training (and validation) loss that improved little from the start, has stopped improving, and stays
high: well above 0 relative to log(K) for a K-class task, or with a training accuracy far from 1.
Train and validation sit close together (no generalisation gap), the signature of a model that cannot
fit even its training data. Without a scale reference (K, an accuracy, or the quality rates the run logs:
mAP, F1, ...) the detector stays silent: "high" cannot be judged from a loss value alone. A loss still falling
at the end vetoes it, unless the fall no longer buys anything: the LR schedule has ended, or no quality rate
moved over the second half. A detector or segmenter whose localisation score (mAP, IoU, dice) never left its
floor while its loss clearly fell (by less than an order of magnitude) learned too little in the run.
A K read only from the first reading of a loss nothing else names (no accuracy, quality rate or loss kind) is
one coincidental witness: "high against log K" alone is then told as info; so is the verdict when the logged accuracy
does not bear that K out (its first readings are not at 1/K, within half of 1/K or 5 points): the chance level both signs are
measured from is then a guess. A loss that crawled -- it fell a few
percent over the whole run from its untrained start, in a straight line, no slower at the end than at the start
-- moved too little to bend its curve: the steps are too small (an LR far too low, a frozen model).

## Why it matters
The model is too weak for the task, or the learning rate too low, or the schedule decayed too early:
more epochs at this setting will not help, and regularisation would make it worse.

## Example
``sample_runs/underfitting`` (a linear model on a non-linearly separable task).

## Options
- ``num_classes``: K if you know it (0 = infer from an accuracy at 1/K or a first loss at log K).
- ``max_improvement``: largest relative drop of the training loss from its start that still counts as "little improvement".
- ``max_late_improvement``: largest relative drop over the second half of the run that still counts as "stopped improving".
- ``high_frac``: the final loss counts as high when it is at least this fraction of log(K).
- ``max_norm_acc``: the final accuracy counts as low when it is at most this fraction of the way from chance to 1.
- ``high_loss_norm_acc``: the same limit when the final loss is also high against log(K): two agreeing signs.
- ``max_gap``: largest |log(val / train)| for "train and val close together".
- ``min_points``: fewest finite training-loss points.
- ``k_isolation``: a K read from the first loss alone must be unambiguous: no other candidate's log K within this many times the 5% tolerance.
- ``max_lm_small_k``: a K read from the loss up to this size is ignored when a text-generation metric (BLEU, ROUGE, perplexity ...) says the model is a language model.
- ``lr_ended_frac``: the LR schedule has ended when the last LR is at most this fraction of its peak; a loss still falling then does not veto.
- ``near_prior_frac``: a loss that ends at this fraction of log K or more (with a low accuracy or quality rate) is underfitting's even while it still falls.
- ``early_gain``: 'never learned' is vetoed by a quality rate this share of its scale above its first three readings.
- ``early_factor``: ... or by another logged loss that ended at 1/early_factor of its first three readings or less.
- ``flat_metric``: a quality rate that rose at most this much (0-1 scale) over the second half (or fell) has stopped improving; a loss still creeping then does not veto (unless the validation loss still fell too, beside a rate above ``floor_rate``).
- ``min_improvement``: with only a quality rate as the evidence, the loss must have fallen at least this much (a loss that never moved is constant-loss's).
- ``never_min_points``: fewest finite training-loss points for the "never learned" check (no K needed).
- ``crawl_min_points``: fewest finite training-loss points for the "crawled" reading (its shape needs more than its fall).
- ``never_floor``: "never learned" when the loss's fall from its start to its end is shown below this relative floor (by the training loss, or, when its minibatch noise cannot show it, by a validation loss evaluated from the first fifth of the run on), with nothing else improving.
- ``never_max_rise``: ... or, when the fall's upper bound is below ``never_floor`` but the noise cannot bound a rise inside it, when the loss ended less than this (log units) above its start: a larger rise is told by its rise (divergence).
- ``never_z``: how many standard errors of the two medians (from the run's own noise) the fall's upper bound uses.
- ``floor_rate``: a detector or segmenter learned too little when every held-out score stays below this share of its scale, a localisation score (mAP, IoU, dice) among them, while its training loss clearly fell and its validation loss did not rise. A rate above it that stood still beside a validation loss still falling is no sign that a creeping loss buys nothing.
- ``floor_min_evals``: fewest evaluations of each held-out score for that check.
- ``min_plan_share``: a run that stopped before this share of its stated plan (epochs or steps) is not judged: too early to tell (nor is one whose LR was still warming up at its last step: its schedule never reached its peak).
- ``chance_low``: a loss that ends at chance (log K) is underfitting's too when it sat there the whole run: its running median never below this multiple of log K (it never learned and fell back) ...
- ``chance_high``: ... and no point of it (or of its twin at another granularity) above this multiple of log K (it never exploded); the never-learned and poor-fit readings also stand down when the loss was thrown to this multiple of its median level, or ended at this multiple of where it started.
- ``solved_rate``: a held-out quality rate whose last readings sit at this share of its scale or more says the model works: 'never learned' stands down (the loss may have reached its floor before the first reading).
- ``rl_floor``: an RL agent learned nothing when no return, reward or success rate it logs rose from its start by this share of its own spread (plateau-at-chance's measure and value; only the returns are read on an RL run).
- ``rl_z``: ... less this many standard errors of the metric's own wander.
- ``rl_min_points``: fewest readings of an RL metric for that test.
- ``crawl_max_fall``: a loss that fell clearly but by less than this (log units) over the whole run, from its untrained start, ...
- ``r2_floor``: a held-out R² (coefficient of determination) that never rose above this over the run -- or ended back at it while the training loss fitted no better than at the R²'s best -- says the model predicts no better than the target's mean.
- ``crawl_min_ratio``: ... and no slower over the second half than this share of its fall over the first crawled.
- ``fitted_factor``: a training loss that fell by this factor or more fitted its training data (a score at the floor then is plateau-at-chance's).

## References
seeds/000 10.16 Debugging training: 'Loss curves' ('Training loss high, validation loss higher:
underfitting' and 'Loss decreases then plateaus far above expected'); seeds/002 'Underfitting: Both
Curves High and Flat'; seeds/003 'Underfitting: Both Losses Plateau Too High'.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._progress import (
    accuracy,
    adversarial,
    clean,
    noise_sigma,
    k_from_acc,
    more_classes_than,
    top_k_of,
    k_from_first_loss,
    late_first_evaluation,
    running_best,
    LOCALISATION_KINDS,
    REGRESSION_KIND,
    TOKEN_CE_KIND,
    learning_slowly,
    lm_metric,
    looks_non_ce,
    loss_fall,
    loss_kind,
    lr_ran_out,
    lr_still_warming,
    prepared,
    rl_change,
    rl_unchanged,
    rl_never_improved,
    still_exploring,
    stated_k,
    window_median,
)
from curvedoc._fmt import fmt_num, fmt_pct, fmt_step
from curvedoc.detectors._signal import fifth_medians, median_se, rolling_median_values
from curvedoc.detectors._signal import median as sig_median
from curvedoc.model.metrics import rate_scale, trade_off_halves
from curvedoc.model.roles import infer_role, other_losses, rl_marker, split_word, tag_stem
from curvedoc.detectors.unfinished_schedule import plan_reached, reached_plan
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    num_classes: int
    max_improvement: float
    max_late_improvement: float
    high_frac: float
    max_norm_acc: float
    max_gap: float
    min_points: int
    k_isolation: float
    max_lm_small_k: int
    lr_ended_frac: float
    near_prior_frac: float
    flat_metric: float
    min_improvement: float
    high_loss_norm_acc: float
    never_min_points: int
    never_floor: float
    never_z: float
    never_max_rise: float
    floor_rate: float
    floor_min_evals: int
    fitted_factor: float
    early_gain: float
    early_factor: float
    chance_low: float
    chance_high: float
    min_plan_share: float
    rl_floor: float
    rl_z: float
    rl_min_points: int
    solved_rate: float
    crawl_max_fall: float
    crawl_min_ratio: float
    crawl_min_points: int
    r2_floor: float


def _rates(run: Run) -> tuple[list[tuple[str, str, np.ndarray]], str]:
    """The quality rates (accuracy, mAP, F1, ... higher-better, bounded) of one split, as fractions: the held-out
    split when it logs any, else the training split. [(tag, kind, values)], split name."""
    out: dict[str, list] = {"val": [], "train": []}
    for m in run.metrics:
        if not (m.rate and m.higher_is_better) or m.points < 3:
            continue
        a = run.series(m.tag).to_numpy(dtype=np.float64) / m.scale
        a = a[np.isfinite(a)]
        if len(a) >= 3 and a.min() >= 0 and rate_scale(float(a.max())) == 1.0:
            out[m.split].append((m.tag, m.kind, a))
    return (out["val"], "validation") if out["val"] else (out["train"], "training")


# a ranking metric named with its cut-off k ('Recall@20', 'ndcg_at_10', 'precision@5'; a whole number, where mAP@0.5
# names an IoU threshold), and the kinds such a name makes a retrieval score
_AT_CUTOFF = re.compile(r"(?i)(?:@|_at_|-at-)\d+(?![\d.])")
_CUTOFF_KINDS = frozenset({"recall", "precision", "ndcg", "mrr", "hit_ratio"})


@detector("underfitting", params=Params)
def underfitting(run: Run, p: Params) -> Iterator[Hit]:
    plan = plan_reached(run)
    if plan is not None and plan[0] < p.min_plan_share:
        # stopped within the first part of its stated plan (part of epoch 1 of 100): too early to say the model
        # cannot fit or that more training will not help -- unfinished-schedule says where it stopped
        return
    if lr_still_warming(run) is not None and not reached_plan(run):
        # ... and so did one whose LR was still warming up at its last step: the schedule never reached its peak,
        # so how well the model fits says nothing yet (unfinished-schedule says the warmup never ended) -- unless the
        # run reached the length it states: a warmup longer than the training, and the model got all the training
        # it will get
        return
    if rl_marker(run) is not None:
        # an agent's loss tracks a moving target and need not fall: whether it learned is read from its returns
        yield from _agent_never_learned(run, p)
        return
    # a detector or segmenter whose every held-out score sat at its floor while its loss fell is told by that
    # reading first: more specific than a poor fit read off its rates (a precision swinging with the threshold among
    # them), with its own first cause (too few steps)
    hits = list(_localisation_floor(run, p))
    if not hits:
        hits = list(_poor_fit(run, p))
    if not hits:
        hits = list(_never_learned(run, p))
    if not hits:
        hits = list(_no_better_than_the_mean(run, p))
    if not hits:
        hits = list(_crawled(run, p))
    if not hits:
        hits = list(_head_at_floor(run, p))
    yield from hits[:1]


_HEAD = re.compile(r"\(([A-Za-z])\)\s*$")


def _head_at_floor(run: Run, p: Params) -> Iterator[Hit]:
    """One head of a multi-head model that learned nothing while another learned: the held-out scores are named per
    head (Ultralytics' ``mAP50(B)`` for boxes, ``(M)`` masks, ``(P)`` pose keypoints), every score of one head stays
    below ``floor_rate`` of its scale at every one of at least ``floor_min_evals`` evaluations while a score of
    another head left that floor (a precision or recall beside the mAP that combines them is no score here: it swings
    with the confidence threshold -- a keypoint precision of 0.26 at a recall of 0.004). The model trains -- the other head shows it -- but this head's task is not learned
    in the run (a keypoint head at mAP 0 for 50 epochs beside boxes at 0.88): too little capacity or signal for it, a
    loss weight too low, or labels the head cannot use."""
    heads: dict[str, list] = {}
    halves = trade_off_halves(run.metrics)
    for m in run.metrics:
        if m.split != "val" or not (m.rate and m.higher_is_better):
            continue
        h = _HEAD.search(m.tag)
        if h is None:
            continue
        v = run.tag_values(m.tag)
        v = v[np.isfinite(v)] / m.scale
        if len(v):
            heads.setdefault(h.group(1).upper(), []).append((m, v))
    if len(heads) < 2:
        return
    # a precision or recall beside the mAP that combines them swings with the confidence threshold (a keypoint
    # precision of 0.26 at a recall of 0.004): the head's other scores say whether it left the floor
    learned = [k for k, ms in heads.items()
               if any(float(np.max(v)) >= p.floor_rate for m, v in ([x for x in ms if x[0].tag not in halves] or ms))]
    if not learned:
        return  # no head left the floor: the whole model's (localisation floor, plateau-at-chance)
    for k, ms in heads.items():
        if k in learned or any(len(v) < p.floor_min_evals for _, v in ms):
            continue
        ms = [(m, v) for m, v in ms if m.tag not in halves] or ms
        m, v = max(ms, key=lambda mv: (mv[0].kind in LOCALISATION_KINDS, len(mv[1])))
        other_m, other_v = max(((om, ov) for kk in learned for om, ov in heads[kk]),
                               key=lambda mv: (mv[0].kind in LOCALISATION_KINDS, float(np.max(mv[1]))))
        steps = clean(run.series(m.tag)).index.to_numpy()
        level = f"exactly 0 at all {len(v)} evaluations" if bool(np.all(v == 0)) else \
            f"at most {fmt_num(float(np.max(v)) * m.scale)} over {len(v)} evaluations, below {p.floor_rate:.0%} of " \
            "its scale"
        n_other = sum(1 for om, ov in heads[k] if om.tag != m.tag and float(np.max(ov)) < p.floor_rate)
        also = "" if not n_other else \
            f" (as {'is' if n_other == 1 else 'are'} the head's other {n_other} score{'' if n_other == 1 else 's'})"
        yield Hit(
            f"the ({k}) head never learned: {m.tag} is {level}{also}, while the other "
            f"head's {other_m.tag} reached {fmt_num(float(np.max(other_v)) * other_m.scale)}: the model trains, this "
            "head's task is not learned in the run",
            step=int(steps[-1]), steps=(int(steps[0]), int(steps[-1])), confidence=0.6,
            evidence={"metric": m.tag, "head": k, "best": float(np.max(v)) * m.scale, "evaluations": int(len(v)),
                      "other_metric": other_m.tag, "mode": "head-at-floor"},
            causes=("capacity", "lr-too-low", "too-few-steps"),
        )
        return


def _agent_never_learned(run: Run, p: Params) -> Iterator[Hit]:
    """An RL agent whose returns never rose above what its untrained policy collected (:func:`rl_never_improved`,
    plateau-at-chance's measure and thresholds): it learned nothing in the run. This is the verdict (plateau-at-chance
    says the same as context: a return has no chance level that a K names); a policy that learned and lost it is
    metric-regression's.
    No training loss is needed: an agent's loss tracks a moving target and says nothing of how well it fits."""
    judged = rl_never_improved(run, p.rl_min_points, p.rl_floor, p.rl_z)
    if not judged:
        return
    tag, first, last, spread, n, end, wander = judged[0]
    exploring = still_exploring(run)
    why = "the agent learned nothing in the run" if exploring is None else (
        f"the agent learned nothing it acted on in the run -- {exploring[0]} still ends at {fmt_num(exploring[1])}: "
        "the exploration schedule had barely begun")
    said = (f"{tag} never rose above where the untrained policy started: {fmt_num(last)} at the end (median of "
            f"its last 15%) against {fmt_num(first)} at the start over {n} readings to step {fmt_step(end)}, "
            f"{rl_change(last - first, wander, p.rl_floor)} of its own spread ({fmt_num(spread)})") if spread > 0 \
        else rl_unchanged(tag, first, n, end)
    yield Hit(f"{said}: {why}",
              step=end, steps=(0, end), confidence=0.75,
              # (the run's training loss names the finding when it has one, as underfitting's other readings do:
              # plateau-at-chance restates underfitting on it whichever of its readings found the model at chance)
              evidence={"tag": run.roles.get("train_loss", tag), "metric": tag, "start": first, "end": last,
                        "spread": spread, "points": n},
              causes=("too-few-steps", "lr-too-low") if exploring else ("lr-too-low", "capacity", "schedule-decayed-early"))


def _localisation_floor(run: Run, p: Params) -> Iterator[Hit]:
    """A detector or segmenter that learned too little in this run: every held-out score it logs stays below
    ``floor_rate`` of its scale at every one of at least ``floor_min_evals`` evaluations, at least one of them a
    localisation score (mAP, AP, AR, IoU, dice: no chance level -- a model that learned nothing scores 0, and the
    score rises only once boxes or masks get good), while the training loss clearly fell, by less than
    ``fitted_factor``, and the validation loss did not rise. The model is learning, too slowly to be useful within
    the run (too few epochs, an LR too low, too little capacity or data); a score at the floor beside a loss that
    did not move, rose or fell by an order of magnitude (the training data fitted) is plateau-at-chance's."""
    halves = trade_off_halves(run.metrics)
    judged, few = [], []
    for m in run.metrics:
        if m.split != "val" or not m.higher_is_better or m.tag in halves:
            continue
        v = run.tag_values(m.tag)
        v = v[np.isfinite(v)]
        if not len(v):
            continue
        best = float(np.max(v))
        if not m.rate or best >= p.floor_rate * m.scale:
            return  # a held-out score that left the floor (or one without a scale): the model does something
        (judged if len(v) >= p.floor_min_evals else few).append((m, best, len(v)))
    loc = [j for j in judged if j[0].kind in LOCALISATION_KINDS]
    if not loc:
        if not judged and any(j[0].kind in LOCALISATION_KINDS for j in few):
            yield from _floor_so_far(run, few, p)
        return
    slow = learning_slowly(run, p.never_floor, p.never_z, p.fitted_factor, p.min_points)
    if slow is None:
        return
    m, best, n, steps, also = _floor_pick(run, loc, len(judged) - 1)
    tag = run.roles.get("train_loss", "train_loss")
    yield Hit(
        f"{m.tag} ({m.kind}) stayed at its floor over {n} evaluations: its best is {fmt_num(best)}, below "
        f"{p.floor_rate:.0%} of the scale{also}, while {tag} fell only {fmt_pct(slow['fall']).lstrip('+')} (from "
        f"{fmt_num(slow['first'])} to {fmt_num(slow['last'])}) and the validation loss did not rise: the model is "
        f"learning, too little to be useful in this run",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.65,
        evidence={"metric": m.tag, "best": best, "evaluations": n, "first_loss": slow["first"],
                  "last_loss": slow["last"], "mode": "localisation-floor"},
        causes=("too-few-steps", "lr-too-low", "capacity"),
    )


def _floor_pick(run: Run, loc: list, others: int) -> tuple:
    """(metric, best, evaluations, its steps, the clause naming the other scores at the floor) of the localisation
    score evaluated most often among ``loc`` ((metric, best, evaluations) triples)."""
    m, best, n = max(loc, key=lambda j: j[2])
    steps = clean(run.series(m.tag)).index.to_numpy()
    also = "" if not others else \
        " (as is the other held-out score)" if others == 1 else f" (as are the other {others} held-out scores)"
    return m, best, n, steps, also


def _floor_so_far(run: Run, few: list, p: Params) -> Iterator[Hit]:
    """A detector or segmenter evaluated fewer than ``floor_min_evals`` times (a run of 1-3 epochs), every held-out
    score at its floor at every evaluation: it has learned nothing useful in this run. Too few evaluations to tell a
    slow learner from one that only needed longer, so an info: what the run shows, not a verdict on the setup."""
    loc = [j for j in few if j[0].kind in LOCALISATION_KINDS]
    m, best, n, steps, also = _floor_pick(run, loc, len(few) - 1)
    yield Hit(
        f"{m.tag} ({m.kind}) is at its floor at {'its only evaluation' if n == 1 else f'each of its {n} evaluations'}"
        f": its best is {fmt_num(best)}, below {p.floor_rate:.0%} of the scale{also}. The model has learned nothing "
        "useful in this run, which is too short to tell whether it learns too slowly or only needed longer",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.5, severity="info",
        evidence={"metric": m.tag, "best": best, "evaluations": n, "mode": "floor-so-far"},
        causes=("too-few-steps", "lr-too-low", "capacity"),
    )


def _never_learned(run: Run, p: Params) -> Iterator[Hit]:
    """The training loss did not end clearly below where it started, whatever happened in between, and nothing
    else the run logs improved: a model that never learned. Needs no K and no scale: the start and the end are
    robust medians of the first 5% and the last 15% of the points (at least 3 each), compared in log space (a
    relative change) with the run's own point-to-point noise (and the first reading alone, when it stands above the
    end by the floor beyond one point's noise, counts as learning that happened within the first points), and the
    finding needs the change to be shown SMALLER than ``never_floor`` both ways (its ``never_z``-sigma bounds inside
    it): a short or noisy run whose change cannot be measured is not judged, a loss that ended clearly above its
    start is divergence's. A loss that fell well below its start in between and came back is divergence's; a
    quality metric or a validation loss that improved says the model learned."""
    if adversarial(run):
        return  # a GAN's losses score a game and need not fall: a generator's loss rises as its discriminator learns
    f = loss_fall(run, "train_loss", max(p.never_min_points, 10))
    if f is None:
        return  # too short, a signed loss (no relative change), or a log that starts late and did not see the start
    g, m, a, b, head, tail, sigma, se = f["g"], f["m"], f["a"], f["b"], f["head"], f["tail"], f["sigma"], f["se"]
    steps = f["steps"]
    fall = f["fall"]  # log units: 0.05 = the loss ended ~5% below its start
    lo, hi = fall - p.never_z * se, fall + p.never_z * se
    held = None
    # did it learn? the fall's upper bound below the floor says no, whether the loss stayed put or ended above its
    # start; a rise as large as divergence's is that rule's reading, not this one's
    rose = hi < p.never_floor and lo <= -p.never_floor and -fall < p.never_max_rise
    if lo >= p.never_floor or (hi <= -p.never_floor and -fall >= p.never_max_rise):
        return  # it clearly fell by the floor or more (learning), or rose far (divergence's, not one that stayed put)
    if not rose and not -p.never_floor < lo <= hi < p.never_floor:
        # the training loss's noise cannot show its change is inside the floor: a validation loss evaluated from early
        # on can (a whole-set evaluation has no minibatch noise), since the training loss did not clearly move either
        held = _held_out_flat(run, p)
        if held is None:
            return  # the noise cannot tell
    if g[0] - tail > p.never_floor + p.never_z * math.hypot(sigma, median_se(sigma, b)):
        # the very first reading (the untrained model) sits above the end by the floor beyond one point's noise:
        # a short run that learned within its first points (2.83 -> 2.57 in two epochs, then converged), which the
        # median of the first points hides
        return
    w = max(3, m // 10) | 1
    low = float(np.min(rolling_median_values(g, w, 1, center=True)))
    # the lowest of many running medians sits ~3 of its standard errors below the level by chance alone; a loss that
    # ended above its start needs only one floor of a fall on the way to have learned and lost it -- 'never learned'
    # would name the wrong fault (a Keras forecaster 2.88e-4 -> 2.68e-4, then thrown back to 3.10e-4 for its last ten
    # epochs) -- where one that stayed put needs three
    if head - low > (1.0 if rose else 3.0) * p.never_floor + p.never_z * se + 3.0 * median_se(sigma, w):
        return  # it learned and lost it again: divergence (or a restart) says so
    if _something_improved(run, p) or _localises(run):
        return
    if _thrown_above(run, float(np.exp(np.median(g))), p.chance_high):
        return  # thrown to twice its level or more on the way (an LR far too high): divergence / chance say it
    tag = run.roles.get("train_loss", "train_loss")
    change = math.expm1(-fall)
    if rose:
        within = (f"so with its noise ({fmt_pct(math.expm1(p.never_z * se)).lstrip('+')} at {p.never_z:g} sigma) it "
                  f"fell by less than {p.never_floor:.0%} at best, if it fell at all")
    elif held is None:
        within = (f"a change within {p.never_floor:.0%} with its noise "
                  f"({fmt_pct(math.expm1(p.never_z * se)).lstrip('+')} at {p.never_z:g} sigma)")
    else:
        within = (f"too noisy to bound by itself, but {held['tag']} moved only {fmt_pct(held['change'])} over "
                  f"{held['evaluations']} evaluations from step {fmt_step(held['first_step'])}, within "
                  f"{p.never_floor:.0%} with its noise")
    yield Hit(
        f"{tag} never learned: it ends at {fmt_num(math.exp(tail))}, {fmt_pct(change)} from the "
        f"{fmt_num(math.exp(head))} it started at (medians of the first {a} and last {b} of {m:,} points, steps "
        f"{fmt_step(steps[0])}-{fmt_step(steps[-1])}), {within}; nothing else the run logs improved either",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.7,
        evidence={"tag": tag, "first_loss": math.exp(head), "last_loss": math.exp(tail), "change": round(change, 4),
                  "noise_bound": round(p.never_z * se, 4), "mode": "never-learned"},
        causes=("lr-too-low", "capacity", "optimizer-not-stepping", "frozen-params", "labels-detached"),
    )


def _r2_back_to_the_mean(run: Run, s, p: Params) -> bool:
    """A held-out R² that rose above ``r2_floor`` and ended back at it or below (the median of its last tenth of
    evaluations, 3 at least), while the training loss at the end fits its data no better than at the R²'s best (not
    ``never_floor`` lower: a model that kept fitting its training data as its held-out score fell overfits, which is
    overfitting's story). The model at the end predicts the target's mean, whatever it did on the way."""
    v = s.to_numpy(dtype=np.float64)
    k = max(3, len(v) // 10)
    if float(np.median(v[-k:])) > p.r2_floor or "train_loss" not in run.roles:
        return False
    t = clean(run.series("train_loss"))
    tv = t.to_numpy(dtype=np.float64)
    if len(tv) < 3 or (tv <= 0).any():
        return False
    i = int(np.argmax(rolling_median_values(v, max(1, len(v) // 10) | 1, 1, center=True)))
    at = np.searchsorted(t.index.to_numpy(), s.index[i])
    w = max(1, len(tv) // 20)
    then = float(np.median(tv[max(0, at - w): at + w + 1]))
    end = float(np.median(tv[-max(3, len(tv) // 10):]))
    return math.log(then / end) < p.never_floor


def _no_better_than_the_mean(run: Run, p: Params) -> Iterator[Hit]:
    """A held-out coefficient of determination (R²) that never rose above ``r2_floor`` over at least
    ``floor_min_evals`` evaluations (its running median a tenth of them wide from 10 on, as a chance verdict reads an
    accuracy): R² = 0 is what predicting the target's mean scores -- a regression's chance level -- so a model whose
    best held-out R² stays there learned nothing it can use on new data, whatever its training loss did. Values
    outside [-inf, 1] are no R²."""
    # (a validation set's R² before a test set's: the one scored to steer the training)
    for m in sorted(run.metrics, key=lambda m: split_word(m.tag) == "test"):
        if m.kind != "r2" or m.split != "val" or not m.higher_is_better:
            continue
        s = clean(run.series(m.tag))
        v = s.to_numpy(dtype=np.float64)
        if len(v) < p.floor_min_evals or float(np.max(v)) > 1.0:
            continue
        best = running_best(v)
        back = False
        if best > p.r2_floor:
            if not _r2_back_to_the_mean(run, s, p):
                return  # a held-out R² above the floor: the model explains part of the target's variance
            back = True
        raw = run.tag_values(run.roles["train_loss"]) if "train_loss" in run.roles else np.empty(0)
        tr = raw[np.isfinite(raw) & (raw > 0)]
        if len(tr) and (not np.isfinite(raw).all() or _rose_from_low(tr, p.chance_high)):
            # the training loss was thrown far above a level it had reached, or broke (NaN/Inf): the held-out R² went
            # down with the weights -- divergence's story, not a model too weak to explain its target. (A loss that
            # only fell, 0.0104 -> 0.0002 beside an R² of -0.35 -- a target whose variance is below that MSE -- was
            # thrown nowhere: its start is where it began)
            return
        held = run.tag_values(run.roles["val_loss"]) if "val_loss" in run.roles else np.empty(0)
        held = held[np.isfinite(held) & (held > 0)]
        if len(tr) >= 3 and len(held) >= 3 and \
                float(np.median(held[-3:])) >= p.fitted_factor * float(np.median(tr[-3:])):
            # the training loss ended an order of magnitude (fitted_factor) below the held-out loss: the model fits
            # its training data, and a held-out R² at the mean's level beside it is a gap between the splits (inputs
            # scaled for one and not the other, a held-out set from elsewhere) -- train-val-gap's and overfitting's
            # story, not a model too weak to explain its target
            return
        steps = s.index.to_numpy()
        if back:
            k = max(3, len(v) // 10)
            yield Hit(
                f"{m.tag} (held-out R²) ended at {fmt_num(float(np.median(v[-k:])))} (median of its last {k} of {len(v)} "
                f"evaluations, to step {fmt_step(steps[-1])}) after reaching {fmt_num(best)}, while "
                f"{run.roles.get('train_loss', 'the training loss')} fitted its data no better than then: at the end "
                "the model predicts no better than the mean of the target",
                step=int(steps[-1]), steps=(int(steps[0]), int(steps[-1])), confidence=0.7,
                evidence={"tag": m.tag, "best_r2": round(best, 6), "evaluations": int(len(v)), "mode": "r2-back-to-zero"},
                causes=("capacity", "lr-too-low", "labels-detached", "frozen-params"),
            )
            return
        read = "best" if len(v) < 10 else "best running median"
        yield Hit(
            f"{m.tag} (held-out R²) never rose above {p.r2_floor:g} over {len(v)} evaluations (steps "
            f"{fmt_step(steps[0])}-{fmt_step(steps[-1])}; {read} {fmt_num(best)}, last {fmt_num(float(v[-1]))}): the "
            "model predicts no better than the mean of the target",
            step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.75,
            evidence={"tag": m.tag, "best_r2": round(best, 6), "evaluations": int(len(v)), "mode": "r2-at-zero"},
            causes=("capacity", "lr-too-low", "labels-detached", "frozen-params"),
        )
        return


def _crawled(run: Run, p: Params) -> Iterator[Hit]:
    """A loss that crawled: it fell clearly (by ``never_z`` standard errors) but by less than ``crawl_max_fall`` over
    the whole run, from its untrained start, and no slower in the second half than in the first (the second half's
    fall at least ``crawl_min_ratio`` of the first's: medians of the first 5%, the middle tenth and the last 15%).
    A model that learns bends its loss curve -- a fast fall that slows as it converges -- while one whose steps are
    too small to move it (an LR 100-1000x too low, a model frozen but for a bias) draws a straight, shallow line
    from its first reading to its last: nowhere near converged, and at this rate a run many times longer would still
    not halve the loss. Not judged: a log that starts late (:func:`loss_fall`, or opens past epoch 2), a first
    reading far above the rest (a fall within the first points, then a crawl: that model learned), a language
    model's token loss (a pretrained
    model continued on more text falls a few percent in a straight line by design), a GAN's game, a validation loss
    that fell by ``crawl_max_fall`` or more, or a held-out quality rate that rose by ``early_gain`` of its scale (the
    model learned something its loss does not show)."""
    f = loss_fall(run, "train_loss", p.crawl_min_points)
    if f is None or adversarial(run) or loss_kind(run).get("kind") == TOKEN_CE_KIND:
        return
    if "epoch" in run.roles:
        ep = clean(run.series("epoch")).to_numpy(dtype=np.float64)
        if len(ep) and float(ep[0]) > 2.0:
            return  # the log opens at epoch 16 (a capture of a terminal that lost its history): no untrained start
    g, fall, se, sigma = f["g"], f["fall"], f["se"], f["sigma"]
    if fall - p.never_z * se <= 0 or fall >= p.crawl_max_fall:
        return
    mid = window_median(g, 0.45, 0.55)
    first, second = f["head"] - mid, mid - f["tail"]
    if first <= 0 or second < p.crawl_min_ratio * first:
        return  # it slowed down (a curve that bends: converging) or stood still for a half
    if float(g[0]) - f["tail"] > 2.0 * fall + p.never_z * sigma:
        return  # the first reading stands far above: it fell within the first points, then crawled
    if _thrown_above(run, float(np.exp(np.median(g))), p.chance_high):
        return
    if "val_loss" in run.roles:
        vv = clean(run.series("val_loss")).to_numpy(dtype=np.float64)
        if len(vv) >= 3 and (vv > 0).all():
            v0, v1 = fifth_medians(vv)
            if math.log(v0 / v1) >= p.crawl_max_fall:
                return
    for m in run.metrics:
        if m.split == "val" and m.rate and m.higher_is_better:
            mv = clean(run.series(m.tag)).to_numpy(dtype=np.float64) / m.scale
            if len(mv) >= 3:
                lo, hi = fifth_medians(mv)
                if hi - lo >= p.early_gain:
                    return
    tag = run.roles.get("train_loss", "train_loss")
    steps = f["steps"]
    halve = math.log(2.0) / fall

    def pct(x: float) -> str:  # a fall of a few percent, to a tenth of a point (the halves then add up)
        return f"{-100.0 * math.expm1(-x):.1f}%"

    yield Hit(
        f"{tag} crawled: it fell only {pct(fall)} over the whole run (from {fmt_num(math.exp(f['head']))} to "
        f"{fmt_num(math.exp(f['tail']))}, steps {fmt_step(steps[0])}-{fmt_step(steps[-1])}), in a straight line "
        f"({pct(first)} in the first half, {pct(second)} in the second): the steps are too small to bend the curve "
        f"-- at this rate halving the loss would take {halve:.0f}x this run",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.6,
        evidence={"tag": tag, "first_loss": math.exp(f["head"]), "last_loss": math.exp(f["tail"]),
                  "fall": round(fall, 4), "first_half": round(first, 4), "second_half": round(second, 4),
                  "mode": "crawled"},
        causes=("lr-too-low", "frozen-params", "capacity"),
    )


def _held_out_flat(run: Run, p: Params) -> dict | None:
    """The validation loss as the precise witness of a loss that never moved: evaluated at least 4 times, the first
    within the first fifth of the run's steps (before a slow learner's progress would show), positive, and its change
    from the first to the last fifth of its evaluations (medians, log space) shown within ``never_floor`` both ways
    with ``never_z`` standard errors of its own point-to-point noise. None otherwise."""
    if "val_loss" not in run.roles or "train_loss" not in run.roles:
        return None
    s = clean(run.series("val_loss"))
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    if len(v) < 4 or (v <= 0).any() or late_first_evaluation(run, steps):
        return None
    g = np.log(v)
    k = max(1, len(g) // 5)
    change = sig_median(g[-k:]) - sig_median(g[:k])
    sigma = noise_sigma(g)
    if not math.isfinite(sigma):
        return None
    se = median_se(sigma, k, k)
    if abs(change) + p.never_z * se >= p.never_floor:
        return None
    return {"tag": run.roles["val_loss"], "change": math.expm1(change), "evaluations": int(len(v)),
            "first_step": int(steps[0])}


def _localises(run: Run) -> bool:
    """A held-out localisation score (mAP, AP, AR, IoU, dice: no chance level -- a model that learned nothing scores 0)
    at half of its scale or more over the run (its median): the model finds and outlines its objects, so it learned,
    before this log if not in it (a detector resumed from its trained weights, mAP50 0.93 from its first epoch, whose
    loss no longer falls)."""
    for m in run.metrics:
        if m.kind in LOCALISATION_KINDS and m.rate and m.higher_is_better and m.split == "val":
            v = clean(run.series(m.tag)).to_numpy(dtype=np.float64)
            if len(v) >= 3 and float(np.median(v)) / m.scale >= 0.5:
                return True
    return False


def _something_improved(run: Run, p: Params) -> bool:
    """A validation loss that ended clearly below its start, or a quality metric that moved the good way by more
    than the floor (``flat_metric`` of a rate's scale; ``never_floor`` relative otherwise) -- or something the run
    learned within its first fifth and kept: a quality rate ``early_gain`` of its scale above its first readings (the
    untrained model's score: the median of the first three), another logged loss (a part, an auxiliary head) at
    1/``early_factor`` of its first readings or less -- or a held-out quality rate that ends at ``solved_rate`` of
    its scale or more (the task solved: the loss reached its floor before the log's first reading). A diffusion
    model's noise-prediction loss stays flat by nature while its retrieval head goes from 0.04 to 1.0 accuracy in
    five epochs: the run learned."""
    for tag in other_losses(run):
        ov = clean(run.series(tag)).to_numpy(dtype=np.float64)
        if len(ov) >= 6 and (ov > 0).all():
            if float(np.median(ov[:3])) >= p.early_factor * window_median(ov, 0.85, 1.0):
                return True
    if "val_loss" in run.roles:
        vv = clean(run.series("val_loss")).to_numpy(dtype=np.float64)
        if len(vv) >= 3 and (vv > 0).all():
            first, last = fifth_medians(vv)
            if math.log(first / last) > p.never_floor:
                return True
    for metric in run.metrics:
        mv = clean(run.series(metric.tag)).to_numpy(dtype=np.float64)
        if len(mv) < 3:
            continue
        first, last = fifth_medians(mv)
        sign = 1.0 if metric.higher_is_better else -1.0
        if metric.rate:
            if sign * (last - first) / metric.scale > p.flat_metric:
                return True
            if metric.higher_is_better and metric.split == "val" and len(mv) >= 3 \
                    and window_median(mv, 0.85, 1.0) / metric.scale >= p.solved_rate:
                return True  # a held-out score near perfect: the model works (it learned before the first reading)
            if len(mv) >= 6 and sign * (window_median(mv, 0.85, 1.0) - float(np.median(mv[:3]))) / metric.scale \
                    >= p.early_gain:
                return True  # learned within the first fifth and kept
        elif first != 0 and sign * (last - first) / abs(first) > p.never_floor:
            return True
    return False


def _rose_from_low(v: np.ndarray, factor: float) -> bool:
    """Whether a positive loss rose above ``factor`` times the lowest level it had reached before (a running minimum
    over its points, read on running medians 5% of the points wide, 3 at least, and beyond four sigmas of its
    point-to-point noise): thrown up after it had come down."""
    if len(v) < 3:
        return False
    w = max(3, len(v) // 20) | 1
    m = rolling_median_values(np.log(v), w, 1, center=True)
    sigma = noise_sigma(np.log(v))
    jump = max(math.log(factor), 4.0 * sigma if math.isfinite(sigma) else 0.0)
    low = np.minimum.accumulate(m)
    return bool(np.any(m[1:] - low[:-1] > jump))


def _thrown_above(run: Run, base: float, factor: float) -> bool:
    """Whether the training loss -- every point of it, and of its twins at another granularity (Lightning's
    ``train_loss_epoch`` beside ``train_loss_step``: an epoch mean of 10.7 holds a blow-up that the per-step points
    logged every 5 steps missed) -- went above ``factor`` times ``base``, and beyond four sigmas of the loss's own
    point-to-point noise (log space) over it, or non-finite: an explosion, however brief -- not a noisy batch of a
    per-batch loss that swings by half its level."""
    main = run.roles.get("train_loss")
    if main is None:
        return False
    v = run.tag_values(main)
    v = v[np.isfinite(v) & (v > 0)]
    sigma = noise_sigma(np.log(v)) if len(v) >= 3 else float("nan")
    level = base * max(factor, math.exp(4.0 * sigma) if math.isfinite(sigma) else factor)
    for tag in [main] + [t for t in run.tags if t != main and tag_stem(t) == tag_stem(main)
                         and (infer_role(t) or ("", 0))[0] == "train_loss"]:
        raw = run.tag_values(tag)
        if len(raw) and (not np.isfinite(raw).all() or float(np.max(raw)) > level):
            return True
    return False


def _sat_at_chance(run: Run, v: np.ndarray, chance: float, p: Params) -> bool:
    """The training loss sat at chance (log K) the whole run: no point thrown above ``chance_high`` times log K (an
    explosion, however brief: a step too large) and its running median (windows of a twentieth of the points) never
    below ``chance_low`` times log K (a model that learned and collapsed back). Such a model
    predicts the prior because it never learned (an LR far too low, a model too weak, a frozen network):
    underfitting's reading, reported beside plateau-at-chance's."""
    if _thrown_above(run, chance, p.chance_high):
        return False
    w = max(3, len(v) // 20) | 1
    rm = rolling_median_values(v, w, 1, center=True)
    rm = rm[np.isfinite(rm)]
    return bool(len(rm)) and float(rm.min()) >= p.chance_low * chance


def _poor_fit(run: Run, p: Params) -> Iterator[Hit]:
    s = prepared(run, "train_loss")
    n = len(s)
    if n < max(p.min_points, 5):
        return
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    if (v <= 0).any():
        return
    head = float(np.median(v[: max(1, min(5, int(0.01 * n)))]))  # the start: a few points, not a stretch
    mid = window_median(v, 0.4, 0.6)
    tail = window_median(v, 0.85, 1.0)
    improvement = 1.0 - tail / head
    late = 1.0 - tail / mid
    if improvement > p.max_improvement:
        return  # learned a lot
    if _thrown_above(run, float(np.median(v)), p.chance_high):
        return  # thrown to twice its level or more (an LR far too high): divergence / chance say it, not a weak model
    if tail >= p.chance_high * min(head, float(v[0])):
        # it ended at twice where it started or more (the untrained model's first reading, or the first few): the
        # loss grew away -- an LR far too high threw it there at once and it stayed -- which is divergence's, not a
        # model that "improved little"
        return
    w = max(3, n // 50) | 1
    if float(np.min(rolling_median_values(v, w, 1, center=True))) < (1.0 - p.max_improvement) * tail:
        # it learned (a level held over 2% of the run well below where it ended) and lost it: divergence's (a
        # OneCycle peak of 3 that threw a loss of 0.4 back to log K), not a model too weak to fit
        return
    if late < -2.0 * p.max_late_improvement:
        return  # rising again: not a plateau (divergence, restarted sessions...)
    # 'still learning' is only a veto while learning can go on: a run whose LR schedule has ended, or whose task
    # metric no longer moves, keeps what it has (checked below, with the metric)
    moving = [f"train_loss still fell {fmt_pct(late).lstrip('+')} over the second half"] \
        if late > p.max_late_improvement else []

    # validation: close to train and stalled too (if logged)
    val_ev: dict = {}
    val_fell = False
    if "val_loss" in run.roles:
        vs = prepared(run, "val_loss")
        vv = vs.to_numpy(dtype=np.float64)
        if len(vv) >= 3 and (vv > 0).all():
            v_tail = window_median(vv, 0.7, 1.0) if len(vv) >= 5 else float(vv[-1])
            v_mid = window_median(vv, 0.35, 0.65) if len(vv) >= 5 else float(np.median(vv))
            gap = math.log(v_tail / tail)
            if abs(gap) > p.max_gap:
                return  # a generalisation gap is another story (overfitting / train-val-gap)
            if 1.0 - v_tail / v_mid > p.max_late_improvement:
                moving.append(f"val_loss still fell {fmt_pct(1.0 - v_tail / v_mid).lstrip('+')}")
                val_fell = True
            val_ev = {"val_last": v_tail, "gap_log": round(gap, 4)}

    # how high is high: needs K or an accuracy -- a classification accuracy: one logged beside a regression or
    # reconstruction loss (Keras' 'accuracy' of a model with continuous targets) counts exact matches of real numbers
    # and says nothing about the fit
    regression = loss_kind(run).get("kind") == REGRESSION_KIND
    acc = accuracy(run, "train_acc")
    acc_role = "train"
    if len(acc) < 3:
        acc = accuracy(run, "val_acc")
        acc_role = "validation"
    if regression:
        acc = acc.iloc[:0]
    acc_tail = window_median(acc.to_numpy(), 0.8, 1.0) if len(acc) >= 3 else float("nan")
    k, k_src = None, None
    k_given = stated_k(run, p.num_classes)
    non_ce = looks_non_ce(run)
    if k_given and not non_ce:
        k, k_src = k_given, "num_classes"
    elif k_given:
        # a stated K names the classes, not the loss: a detector's total (classification + box + points parts) or a
        # regression error is not a K-way cross-entropy, so log K says nothing of how high it is
        k, k_src = None, None
    elif not non_ce and loss_kind(run).get("kind") != TOKEN_CE_KIND:
        # (a token cross-entropy's K is a vocabulary, and a language model's first logged loss is a pretrained
        # model's or a window mean, not a uniform guess over it: log K read from it is a coincidence)
        k = k_from_first_loss(v, head, 0.05, p.k_isolation)
        if k is not None and k <= p.max_lm_small_k and lm_metric(run):
            k = None  # a text-generation metric says language model: its K is a vocabulary, the match a coincidence
        k_src = "first loss" if k else None
        if k is None and len(acc) >= 3:
            # an accuracy starting at 1/K, confirmed by a first loss near log K
            ka = k_from_acc(float(np.median(acc.to_numpy()[:3])), k_above=more_classes_than(run))
            if ka and abs(head - math.log(ka)) <= 0.1 * math.log(ka):
                k, k_src = ka, "first accuracy and loss"
    reasons = []
    high_loss = False
    if k is not None:
        chance = math.log(k)
        if tail >= 0.95 * chance and not _sat_at_chance(run, v, chance, p):
            # at chance after an explosion (the step too large: the opposite cause) or after learning and falling
            # back (a collapse): plateau-at-chance's verdict, with its causes, is the whole story
            return
        high_loss = tail >= p.high_frac * chance
        if high_loss:
            reasons.append(f"{fmt_num(tail)} is {tail / chance:.0%} of log({k:,}) = {fmt_num(chance)} ({k_src})")
    # a loss still at >= high_frac of log K is one sign of a poor fit, a middling accuracy another: together they make
    # the case one strong sign makes alone, so with a high loss the accuracy must come closer to 1 to clear the run
    acc_limit = p.high_loss_norm_acc if high_loss else p.max_norm_acc
    low_acc = False
    if math.isfinite(acc_tail):
        chance_acc = 1.0 / k if k else 0.0
        norm = (acc_tail - chance_acc) / max(1e-9, 1.0 - chance_acc)
        if norm > acc_limit:
            return  # the accuracy says the model fits the data reasonably well
        low_acc = True
        reasons.append(f"{acc_role} accuracy only {acc_tail:.3f}" + (f" (chance {chance_acc:.3f})" if k else ""))
    # every quality rate the run logs (accuracy, mAP, F1, precision/recall ...): the best of them must be low too
    rates, rate_split = _rates(run)
    if regression:
        rates = [r for r in rates if r[1] != "accuracy"]
    # a top-k accuracy (k > 1) counts a label among k guesses: its chance level is k/K, so it is judged from there
    # when K is known and larger than k, and says nothing of the fit otherwise (a top-5 accuracy of a 2- or 4-class
    # task is 1 by construction; of a 6-class one, 0.83 at chance) -- the top-1 accuracy beside it does
    rates = [r for r in rates if r[1] != "accuracy" or top_k_of(r[0]) == 1 or (k is not None and top_k_of(r[0]) < k)]
    # a retrieval hit rate (hit@k over a catalogue) has no level that means 'poor': a random ranking scores k/N and
    # the best reachable depends on the catalogue and k (a recommender's 0.09 at hit@10 over thousands of items can
    # be good); it says the model learned when it rises, never that its level is low
    # -- and so has a recall, precision or NDCG at a cut-off (Recall@20 of a recommender: the share of a user's items
    # in the top 20 of thousands, 0.09 after a good training)
    rates = [r for r in rates if r[1] != "hit_ratio" and not (r[1] in _CUTOFF_KINDS and _AT_CUTOFF.search(r[0]))]
    rate_ends = [(window_median(a, 0.8, 1.0), window_median(a, 0.4, 0.6), tag) for tag, _kind, a in rates]
    low_rates = False
    if rate_ends:
        best_end, best_mid, best_tag = max(rate_ends)
        # an accuracy among them is judged from chance like the accuracy above (other rates have no chance level)
        best_norm = max((e - top_k_of(tag) / k) / (1.0 - top_k_of(tag) / k) if k and kind == "accuracy" else e
                        for (e, _m, _t), (tag, kind, _a) in zip(rate_ends, rates))
        if best_norm > acc_limit:
            return  # a quality rate says the model does its task reasonably well
        if not low_acc and improvement >= p.min_improvement:
            # a loss that hardly moved beside a poor quality rate never learned at all: constant-loss's and
            # plateau-at-chance's; underfitting is a model that learned a little and stopped, still poor
            low_rates = True
            reasons.append(f"the best {rate_split} quality rate, {best_tag}, ends at only {best_end:.3f}")
    if not (high_loss or low_acc or low_rates):
        return
    lr_ev = {}
    lr_ended = False
    if "lr" in run.roles:
        lrs = prepared(run, "lr")
        lr = lrs.to_numpy(dtype=np.float64)
        if len(lr) and lr.max() > 0:
            lr_ev = {"lr_max": float(lr.max()), "lr_last": float(lr[-1])}
            lr_ended = lr_ran_out(lrs.index.to_numpy(), lr, p.lr_ended_frac)
    if moving:
        # the loss still falls: underfitting only where that fall no longer buys anything, with a low quality rate
        # as the evidence -- the LR schedule has run out (the run is over: what it learned is what it has), or no
        # quality rate rose more than flat_metric over the second half (the loss creeps, the task does not: a rate
        # that fell meanwhile shows the creeping loss buys nothing either -- the rates here are all higher-better)
        # (a precision or recall beside the mAP or F1 that combines them swings with the confidence threshold: it
        # neither says the task moved nor that it stood still -- trade_off_halves)
        halves = trade_off_halves(run.metrics)
        judged = [r for r in rate_ends if r[2] not in halves] or rate_ends
        # -- unless the validation loss still fell over the second half too, beside a rate that has left its floor
        # (floor_rate of its scale): held-out, the model still improves, and a rate standing still meanwhile is
        # saturating or noisy, not evidence that the creep buys nothing (a token accuracy stuck at 0.07 is: the
        # model predicts the commonest token whatever its loss still gains)
        flat = bool(judged) and all(e - m <= p.flat_metric for e, m, _ in judged) \
            and not (val_fell and max(e for e, _, _ in judged) >= p.floor_rate)
        # ... or the run ended with a loss still within a tenth of log K: whatever it still gains, a model whose
        # predictions are that close to the uniform prior after the whole run has learned too little in it (a binary
        # classifier at 0.67 nats, 97% of log 2, with 60% accuracy after 15 epochs)
        near_prior = k is not None and tail >= p.near_prior_frac * math.log(k)
        if not (low_acc or low_rates) or not (lr_ended or flat or near_prior):
            return
        why_over = "the LR schedule had ended" if lr_ended else \
            f"no quality rate rose more than {p.flat_metric:g} over the second half" if flat else \
            f"it is still within {1 - p.near_prior_frac:.0%} of log({k:,})"
        moving_txt = " and ".join(moving) + f", but {why_over}"
    conf = 0.55 + 0.15 * high_loss + 0.15 * (low_acc or low_rates) + (0.05 if val_ev else 0.0) - (0.1 if moving else 0.0)
    changed = f"changed {fmt_pct(-late)} over the second half of the run" if not moving else moving_txt
    msg = (f"train_loss improved only {fmt_pct(improvement).lstrip('+')} (from {fmt_num(head)} to {fmt_num(tail)}) and "
           f"{changed}; it stays high: " + "; ".join(reasons))
    if val_ev:
        msg += f"; val_loss {fmt_num(val_ev['val_last'])} is close to it"
    plateau_step = int(steps[int(0.4 * n)])
    causes = ["capacity", "lr-too-low", "schedule-decayed-early", "vanishing-gradients"]
    if lr_ev and lr_ev["lr_last"] <= 0.05 * lr_ev["lr_max"] and \
            window_median(prepared(run, "lr").to_numpy(dtype=np.float64), 0.4, 0.6) <= 0.1 * lr_ev["lr_max"]:
        causes = ["schedule-decayed-early", "capacity", "lr-too-low", "vanishing-gradients"]
    # a K read from one first reading of a loss nothing else names is a coincidence as often as not (the 5% windows
    # around log 2 ... log 1000 cover a third of the values a loss of unknown kind starts at): with no accuracy or
    # quality rate beside it, 'high against log K' is the only sign, and it is told as info
    lone_k = k_src == "first loss" and not (low_acc or low_rates) and loss_kind(run).get("kind") == "of unknown kind"
    # ... and so is a K the logged accuracy does not bear out: its first readings are not at 1/K (nearer it than 2/K
    # or 0: half of 1/K either way, and 5 points at least -- the scatter a small set allows) -- an epoch's mean accuracy of 0.52 beside an
    # epoch's mean loss of 1.07 (log 3 by coincidence, a 4-class task that learned in its first epoch): both the
    # 'high loss' and the 'low accuracy' are then measured from a guessed chance level
    if k_src == "first loss" and len(acc) >= 3 and not lone_k:
        lone_k = abs(float(np.median(acc.to_numpy()[:3])) - 1.0 / k) > max(0.5 / k, 0.05)
    yield Hit(
        msg, step=plateau_step, steps=(plateau_step, int(steps[-1])), confidence=min(conf, 0.9),
        severity="info" if lone_k else None,
        evidence={"tag": run.roles.get("train_loss", "train_loss"), "first_loss": head, "last_loss": tail,
                  "improvement": round(improvement, 4),
                  "late_improvement": round(late, 4), "num_classes": k, "acc_last": acc_tail if math.isfinite(acc_tail) else None,
                  **val_ev, **lr_ev},
        causes=tuple(causes),
    )
