"""## What it detects
A quality metric measured on held-out data (accuracy, mAP, F1, BLEU/ROUGE, WER/CER, perplexity ...) that
ends clearly worse than its best while training went on: the level of the last evaluations is below the best
one by more than the metric's own evaluation-to-evaluation noise and by a minimum that is meaningful in the
metric's units (percentage points for bounded rates such as accuracy or mAP, a relative change for unbounded
positive metrics such as WER or perplexity, a share of the observed range for rewards that can be negative).
The direction comes from the metric's name (accuracy: higher is better; WER: lower is better). In a
reinforcement-learning run the episode return / reward / success rate is checked the same way, once it rose above
its start (the random policy's level) by as much as the fall must be; in a run that
logs a validation loss but no training loss, the validation loss is. When one file holds several appended
training sessions (a CSVLogger that restarted from scratch), only the last session is judged. Of several metrics of the same kind
(one accuracy per eval set) the worst regression is reported and the others are counted. With fewer than 20
evaluations the best is one evaluation, so it must stand on a level: one of its neighbours must also clear half the
bar over the final level (a lone lucky episode or a small set's scatter above both neighbours is no best to fall
from); a best at the first evaluation stands as the level a fine-tune started from. A score read at several
thresholds (mAP50 and mAP50-95 of one head) is one measure: a threshold that fell while a sibling rose by more is a
trade between thresholds, not a regression.

## Why it matters
The metric is what the model is for. A run that keeps training past its best evaluation ships a worse model
than it had, whatever the losses say; early stopping or checkpoint selection on the metric fixes the outcome,
and the cause (overfitting, a learning rate that became too high, a broken data stream) fixes the run.

## Example
``hf_trainer_state/whisper-tr-killed-evalrise``: eval_wer 17.7 at step 250, then 29.6, 31.3 ... 28.4 at step
1,500 while training went on; ``lightning_csv/yolov3-lr0.09-nan-collapse``: val class accuracy 32% -> 3.7%.

## Options
- ``min_points``: fewest finite evaluations of the metric.
- ``min_drop_rate``: for bounded rates (accuracy, mAP, F1 ...): smallest drop from the best, as a fraction of the full scale (0.05 = 5 points of 100%).
- ``min_drop_share``: for a higher-is-better rate, the smallest drop as a share of its best, when that is below ``min_drop_rate`` (a metric that peaked low).
- ``min_drop_rate_low``: ... never below this share of the full scale.
- ``share_min_best``: ... and only for a best at this share of the scale or more (below it the score never left its floor).
- ``min_drop_log``: for positive unbounded metrics (WER, perplexity, loss): smallest relative worsening in log space (0.1 = 10%).
- ``min_drop_range``: for metrics that can be negative (returns): smallest drop as a share of the observed range.
- ``noise_z``: the drop must also exceed this many robust sigmas of the evaluation noise (from second differences of the raw evaluations, so a trend is not noise; for a rolling median, its standard error).
- ``alpha``: the best is the largest of the n - k levels before the tail, so the bar is the 1 - alpha / (n - k) normal quantile when that exceeds ``noise_z``.
- ``smooth_min_points``: from this many points on, the series is judged on its rolling median (a tenth of the points wide).
- ``tail_frac``: share of the evaluations (after the best) whose median is the final level; 1 evaluation below 6.
- ``few_evals_factor``: with fewer than 6 evaluations (noise not measurable) the drop must clear this many times the floor.
- ``tiny_eval_set``: an accuracy whose values show an evaluation set of at most this many examples (or of any size the printing cannot explain) has at least their sampling scatter as its noise.
- ``chance_margin``: an accuracy that never left 1/K by more than this share of the way to 1 (or four times its own scatter: plateau-at-chance's test) is not judged.
- ``chance_slack``: the chance margin never exceeds this share of the way from 1/K to 1.

## References
Practitioners' guide (seeds/002) 'Overfitting: the crossover' and 'early stopping'; seeds/003 'Monitor the
metric you care about, not just the loss'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from statistics import NormalDist
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._instability import last_session
from curvedoc.detectors._progress import eval_set_size, k_from_acc, never_beat_chance, set_size_not_printing, stated_k
from curvedoc._fmt import fmt_num, fmt_step
from curvedoc.detectors._signal import mad, median_se, rolling_median_values
from curvedoc.detectors._signal import np_median
from curvedoc.model.metrics import Metric, breakdowns, primary
from curvedoc.model.roles import rl_marker
from curvedoc.model.run import Run

RL_KINDS = {"return", "reward", "success"}


@dataclass(frozen=True)
class Params:
    min_points: int
    min_drop_rate: float
    min_drop_log: float
    min_drop_range: float
    noise_z: float
    alpha: float
    tail_frac: float
    smooth_min_points: int
    few_evals_factor: float
    chance_margin: float
    chance_slack: float
    tiny_eval_set: int
    min_drop_share: float | None  # (None: the rate's floor is min_drop_rate alone -- overfitting's use)
    min_drop_rate_low: float
    share_min_best: float


def lead_metrics(run: Run) -> list[Metric]:
    """The lead held-out metric and the others of its kind (one per eval set), in the run's metric order; not the
    lead's breakdowns by class or group (:func:`curvedoc.model.metrics.breakdowns`): the aggregate judges the model."""
    lead = primary(run.metrics, run.tag_counts(), "val")
    if lead is None:
        return []
    parts = breakdowns(run.metrics, lead)
    return [m for m in run.metrics if m.split == "val" and m.kind == lead.kind and m.tag not in parts]


def candidates(run: Run) -> list[Metric]:
    """The metrics this rule judges: the lead validation metric and those of the same kind (one per eval set);
    in an RL run its returns / success rates; the validation loss when no training loss is logged and no held-out
    quality metric either (an mAP or an accuracy says what the model does; a validation loss rising beside it is
    over-confidence, the overfitting rule's reading, not a regression of the model)."""
    ms = run.metrics
    out: list[Metric] = lead_metrics(run)
    if rl_marker(run) is not None or not {"train_loss", "val_loss"} & set(run.roles):
        out += [m for m in ms if m.split == "train" and m.kind in RL_KINDS]
    if "val_loss" in run.roles and "train_loss" not in run.roles and not out:
        out.append(Metric(run.roles["val_loss"], "loss", False, "val", False, 1.0))
    return out


def assess(steps: np.ndarray, vals: np.ndarray, m: Metric, p: Params) -> dict | None:
    """The regression of one metric series, or None."""
    ok = np.isfinite(vals)
    steps, vals = steps[ok], vals[ok]
    n = len(vals)
    if n < p.min_points:
        return None
    sign = 1.0 if m.higher_is_better else -1.0
    if m.rate or m.kind == "r2":
        # (an R² is a share of the target's variance explained: unbounded below, but its drops read as a rate's, in
        # points of that share -- 0.008 -> -0.001 is no regression, whatever the range of a flat series)
        g = sign * vals / m.scale
        floor, unit = p.min_drop_rate, "rate"
    elif np.all(vals > 0):
        g = sign * np.log(vals)
        floor, unit = p.min_drop_log, "log"
    else:
        g = sign * vals
        rng = float(np.max(vals) - np.min(vals))
        if rng <= 0:
            return None
        floor, unit = p.min_drop_range * rng, "range"
    # evaluation noise from second differences of the raw series (a steady trend, up before the best or down after
    # it, is not noise): for white noise of sigma s, the second difference has sigma s*sqrt(6)
    sigma = float(mad(np.diff(g, 2)) / np.sqrt(6)) if n >= 6 else 0.0
    # an accuracy over N examples scatters by sqrt(q (1 - q) / N) from one evaluation to the next whatever the model
    # does (six validation examples: a sixth is one example): when the values show a set of a handful of examples
    # (multiples of 1/N, N up to tiny_eval_set), or of any size the printing cannot explain (88 from values printed
    # to three decimals: 0.943 = 83/88), that sampling scatter at the metric's median level is the least its noise
    # can be. (An N the printing explains -- two decimals read as N = 100 -- is not a set's size)
    binom = 0.0
    if m.kind == "accuracy" and m.rate:
        size = eval_set_size(vals / m.scale)
        if size > p.tiny_eval_set:
            size = set_size_not_printing(vals / m.scale, size)
        q = np_median(vals / m.scale)
        if 0 < size and 0 < q < 1:
            binom = float(np.sqrt(q * (1.0 - q) / size))
    sigma = max(sigma, binom)
    # a metric logged every step (an RL reward, a per-batch accuracy) is judged on its rolling median, so one lucky
    # batch is not 'the best' and a typical batch is not 'the end'
    w = max(3, n // 10) | 1 if n >= p.smooth_min_points else 1
    k = 1 if n < 6 else max(2, int(round(p.tail_frac * n)))
    levels = rolling_median_values(g, w, 1, center=True) if w > 1 else g
    stat = _drop(levels, k)
    if stat is None:
        return None
    i_best, best_level, final, drop = stat
    after = n - 1 - i_best
    if p.min_drop_share is not None and unit == "rate" and m.higher_is_better and p.share_min_best <= best_level < 1:
        # a fall is practically large against what the model reached: 4 points of an mAP whose best is 0.35 is more
        # than a tenth of it, as large to its user as 5 points of an accuracy near 0.5 -- never below
        # min_drop_rate_low, a validation set's own scatter; a best under share_min_best never left the floor
        # (a detector at mAP 0.045 after its first epoch and 0.006 after: nothing learned to lose)
        floor = max(p.min_drop_rate_low, min(floor, p.min_drop_share * best_level))
    if n >= 6:
        # the drop compares two levels: one evaluation each, or two w-point rolling medians (standard error
        # 1.25 s / sqrt(w) of a median; fewer points at the ends of a centred window). The noise s is measured on
        # the raw evaluations: second differences of a rolling median are mostly 0 and would call it nothing. On a
        # smoothed or not, the best is the largest of the n - k levels before the tail, so scatter alone lifts it
        # by more than any fixed multiple of its error as the run grows: the bar is the 1 - alpha / (n - k)
        # quantile of a normal, at least noise_z
        if w > 1:
            h = w // 2
            w_best = min(i_best, h) + min(n - 1 - i_best, h) + 1
            se = median_se(sigma, w_best, w)
        else:
            # one evaluation against the median of the last k; the tail's own error is not added: the MAD of a
            # handful of second differences already overstates the noise at the peak's kink, and a fuller error
            # would miss 10-point falls over 8 evaluations. Known cost: on 6-19 evaluations of pure noise the bar is
            # still reached ~13% of the time (the smoothed case: ~1%)
            se = sigma
        z = max(p.noise_z, NormalDist().inv_cdf(1.0 - p.alpha / max(1, n - k)))
        need = max(floor, z * se)
    else:
        # too few evaluations to measure their noise: the drop must clear the practical floor by a margin that
        # stands in for the unmeasured scatter
        need = max(p.few_evals_factor * floor, p.noise_z * binom * np.sqrt(2.0))
    if not drop > need:
        return None
    if w == 1 and n >= 6 and (i_best > 0 or m.kind in RL_KINDS):
        # one evaluation is the best: it must stand on a level the model was at, not be a lone excursion above
        # both its neighbours (a lucky episode, a small set's scatter; heavy tails beat a normal bar). A real peak
        # has a neighbour on it -- on the way up, or before a collapse: the higher neighbour must clear half the bar.
        # (A best at the first evaluation is where the model started: a fine-tune that only got worse -- but not an
        # agent's return, which starts at its random policy's level: a first lucky episode is scatter)
        near = levels[[j for j in (i_best - 1, i_best + 1) if 0 <= j < n]]
        if not float(np.max(near)) - final > 0.5 * need:
            return None
    if m.kind in RL_KINDS and n < 6:
        # a reward's floor is a share of its own observed range (it has no scale): over fewer than 6 readings -- below
        # which their noise cannot be measured (few_evals_factor) -- that range is the episodes' scatter itself, and
        # any best among three or four episodes clears a share of it
        return None
    if m.kind in RL_KINDS:
        # an agent's return starts at what its random policy earns, and its episodes scatter widely: a best that
        # never rose above the start by the same bar is the top of that scatter, not a learned policy to lose --
        # there is no regression without a gain first (an agent that never learned is underfitting's)
        # the first 5% of the episodes (at least 3): a lucky first episode must not lift the start. A few sparse
        # evaluations (fewer than smooth_min_points, read one by one) are deterministic runs of the policy, not
        # episodes' scatter: the first is the untrained policy itself, and when it is the lowest an agent that
        # learned within its first evaluation interval (-57 -> -7) did gain
        start = np_median(levels[: max(3, n // 20)])
        if w == 1:
            start = min(start, float(levels[0]))
        else:
            # ... and where the first 5% already holds the learning (a running mean of the return logged per rollout,
            # 11,900 at its first reading and 69,000 a few dozen readings on), the first three readings are the
            # untrained policy's: the start is the lower of the two (a lucky first episode lifts neither)
            start = min(start, np_median(g[:3]))
        if not best_level - start > need:
            return None
    return {"i_best": i_best, "best_step": int(steps[i_best]), "best": _raw(best_level, unit, sign, m.scale),
            "final": _raw(final, unit, sign, m.scale), "last_step": int(steps[-1]), "drop": drop, "need": need,
            "unit": unit, "after": after, "n": n, "strength": drop / need}


def _drop(g: np.ndarray, k: int) -> tuple[int, float, float, float] | None:
    """(index of the best level, the best level, the final level, best - final) of the levels of a series in 'higher
    is better' units (its centred rolling median, or the values themselves); None when the best is within the last k
    points."""
    n = len(g)
    i_best = int(np.argmax(g))
    if n - 1 - i_best < k:
        return None
    final = np_median(g[n - k:])
    return i_best, float(g[i_best]), final, float(g[i_best] - final)


def _at_chance(vals: np.ndarray, m: Metric, k_stated: int | None, p: Params) -> bool:
    """An accuracy whose every evaluation stays at 1/K within the chance margin (K stated, or read from its median
    at 1/K): a model at chance, whatever its evaluations wander by."""
    if m.kind != "accuracy" or not m.rate or not m.higher_is_better:
        return False
    v = vals[np.isfinite(vals)] / m.scale
    if len(v) < 3:
        return False
    k = k_stated or k_from_acc(np_median(v), tol=0.1, k_max=1000)
    return k is not None and never_beat_chance(v, k, p.chance_margin, p.chance_slack)


def _raw(g: float, unit: str, sign: float, scale: float) -> float:
    """Back from the work units to the metric's own."""
    if unit == "rate":
        return float(sign * g * scale)
    if unit == "log":
        return float(np.exp(sign * g))
    return float(sign * g)


def change_text(a: dict, m: Metric) -> str:
    if a["unit"] == "rate":
        pts = abs(a["final"] - a["best"]) / m.scale * 100
        return f"{pts:.1f} points {'lower' if m.higher_is_better else 'higher'}"
    if a["unit"] == "log":
        r = a["final"] / a["best"]
        return f"{abs(r - 1) * 100:.0f}% {'lower' if r < 1 else 'higher'}"
    return f"{'down' if m.higher_is_better else 'up'} {fmt_num(abs(a['final'] - a['best']))}"


_THRESHOLD = re.compile(r"[@_:.-]?\d+(?:\.\d+)?(?:[-:]\d+(?:\.\d+)?)?")


def _traded_for_a_threshold(run: Run, m: Metric, a: dict, cands: list[Metric], regressed: set[str]) -> bool:
    """The same score at other thresholds rose, over the stretch this one fell, by more than it fell:
    ``metrics/mAP50(P)`` and ``metrics/mAP50-95(P)``, ``acc1`` and ``acc5`` are one measure read at several
    thresholds (their names differ only by the numbers), so a threshold that lost points from its best to the end
    while a sibling -- on the same split, of the same kind, not itself regressed -- gained more from that best's
    step to the end (the median of its three evaluations nearest that step against the median of its last 15%) is
    the model trading loose matches for tight ones (keypoints placed more precisely, fewer matches at a lenient OKS),
    not a regression: the average over thresholds, COCO's primary score, rose meanwhile. A sibling that fell too, or
    rose less, leaves the regression standing."""
    key = _THRESHOLD.sub("", m.tag.lower())
    drop = abs(float(a["best"]) - float(a["final"]))
    for o in cands:
        if o.tag == m.tag or o.tag in regressed or o.kind != m.kind or o.split != m.split \
                or o.higher_is_better != m.higher_is_better or _THRESHOLD.sub("", o.tag.lower()) != key:
            continue
        s = run.series(o.tag)
        s = s[np.isfinite(s.to_numpy(dtype=np.float64))]
        if len(s) < 6:
            continue
        st, v = s.index.to_numpy(), s.to_numpy(dtype=np.float64)
        i = int(np.argmin(np.abs(st - a["best_step"])))
        at_best = np_median(v[max(0, i - 1): i + 2])
        k = max(1, int(0.15 * len(v)))
        rise = (np_median(v[-k:]) - at_best) * (1.0 if o.higher_is_better else -1.0)
        if rise > drop:
            return True
    return False


@detector("metric-regression", params=Params)
def metric_regression(run: Run, p: Params) -> Iterator[Hit]:
    found = []
    cands = candidates(run)
    k_stated = stated_k(run, 0)
    for m in cands:
        s = last_session(run, run.series(m.tag))
        if _at_chance(s.to_numpy(dtype=np.float64), m, k_stated, p):
            continue  # an accuracy that never left chance has no best to fall from: its ups and downs are noise
        if m.kind == "r2" and m.higher_is_better and \
                not float(np.nanmax(s.to_numpy(dtype=np.float64), initial=-np.inf)) > 0:
            continue  # ... nor an R² that never rose above 0, the mean predictor's score: a regression's chance level
        a = assess(s.index.to_numpy(), s.to_numpy(dtype=np.float64), m, p)
        if a is not None:
            found.append((m, a))
    found = [(m, a) for m, a in found if not _traded_for_a_threshold(run, m, a, cands, {x.tag for x, _ in found})]
    if not found:
        return
    found.sort(key=lambda ma: -ma[1]["strength"])
    m, a = found[0]
    word = "higher is better" if m.higher_is_better else "lower is better"
    others = ""
    same = [x for x, _ in found[1:]]
    if same:
        names = ", ".join(x.tag for x in same[:4]) + (" ..." if len(same) > 4 else "")
        others = f"; {len(found)} of {len(cands)} such metrics regressed (also {names})"
    conf = float(min(0.95, 0.45 + 0.08 * min(a["after"], 4) + 0.1 * min(2.0, a["strength"] - 1.0)))
    yield Hit(
        f"{m.tag} ({m.kind}, {word}) was best at step {fmt_step(a['best_step'])} ({fmt_num(a['best'])}) and ended "
        f"at {fmt_num(a['final'])}, {change_text(a, m)}, after {a['after']} more evaluation"
        f"{'s' if a['after'] != 1 else ''} up to step {fmt_step(a['last_step'])}{others}",
        step=a["best_step"],
        steps=(a["best_step"], a["last_step"]),
        confidence=conf,
        evidence={"tag": m.tag, "kind": m.kind, "best": a["best"], "best_step": a["best_step"], "final": a["final"],
                  "evaluations": a["n"], "after_best": a["after"], "regressed_metrics": len(found)},
    )
