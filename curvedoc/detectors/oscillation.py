"""## What it detects
Late-training oscillation: over the last ``late_frac`` of the points the training loss bounces from one
logged point to the next (robust step-to-step noise of log(loss), from first differences, at least
``min_rel_noise``) while its median level makes no progress (its fall does not clear ``max_late_drop`` by
``progress_z`` standard errors of the two medians compared: swings riding on a loss that fell that much are a run
still converging, however noisy), the
noise grew compared with the run's own earlier noise (``min_noise_ratio``) with swings not small
compared with all the progress the run made (``min_noise_vs_progress``, in loss units) -- or, without
growth, the noise is wild (``high_noise``, the loss changes by a factor of 2+ from one point to the next)
and the swings are as large as a good part of the progress (``high_noise_vs_progress``).

This keeps healthy runs silent: small-batch runs that are noisy but still improving (by their own median level,
or by a validation loss that kept falling through the late stretch), runs that converged
and whose noise shrank or stayed moderate, and memorisation runs whose loss is already tiny compared with
where it started (however noisy in log space). A loss stuck at one level with little noise is a plateau (P rules), not
oscillation. For losses that are not all positive the noise is taken relative to the late level.

## Why it matters
The last part of training buys nothing: the learning rate is too high for the end of training (no decay)
or the batch too small, and the final weights are a random draw from the bouncing region.

## Example
``sample_runs/oscillation-high-lr`` (constant high learning rate, small batch: the loss bounces late).

## Options
- ``min_points``: fewest finite loss points.
- ``late_frac``: fraction of the points (at the end) examined.
- ``min_rel_noise``: robust step-to-step noise of log(loss) in the late part that counts as high.
- ``max_late_drop``: the late median level fell by less than this (log units) = no progress.
- ``progress_z``: ... a fall counts as progress when it clears ``max_late_drop`` by this many standard errors of the two medians.
- ``min_noise_ratio``: late noise at least this multiple of the earlier noise.
- ``noise_growth_z``: ...and beyond this many standard errors of the ratio of two noise estimates (few points).
- ``min_noise_vs_progress``: late swings at least this fraction of the progress since the start.
- ``high_noise``: late noise so high that it counts even without growth...
- ``tiny_batch``: with a stated batch size up to this, growth of the step noise is not evidence (near per-example losses).
- ``val_min_evals``: validation swings (judged when the training loss does not oscillate): fewest evaluations.
- ``val_min_swing``: validation swings: median |change| between consecutive evaluations (log space).
- ``val_min_reversals``: validation swings: share of consecutive pairs of moves that are large and in opposite directions.
- ``val_swing_vs_progress``: validation swings: median |change| in loss units as a fraction of the progress the
  validation loss made (from the untrained model's loss -- its first evaluation, or the training loss's first
  reading when that came earlier and is higher -- to its best).
- ``metric_min_evals``: held-out quality-rate swings (judged when no loss oscillates): fewest evaluations.
- ``metric_min_swing``: ...median |change| between consecutive late evaluations, on the rate's 0-1 scale.
- ``metric_swing_vs_progress``: ...that median as a fraction of all the progress the rate made.
- ``high_noise_vs_progress``: ...when the swings are also at least this fraction of the progress since the start.

## References
seeds/001 table 'Batch Loss Variance'; seeds/002 'Loss oscillates wildly without converging';
seeds/003 'Lower learning rate (with more epochs)'.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _instability as I
from curvedoc.detectors import _signal as sig
from curvedoc.detectors._gradients import last_key as _last_key
from curvedoc.detectors._progress import eval_set_size
from curvedoc.model.metrics import trade_off_halves
from curvedoc.model.run import Run


MAD_LOG_VAR = 1.65  # m x the variance of log(diff_noise) over m first differences of white noise (simulated: 1.57-1.73 for
# m = 10-200; independent values would give 1.36, consecutive differences are correlated)


@dataclass(frozen=True)
class Params:
    min_points: int
    late_frac: float
    min_rel_noise: float
    max_late_drop: float
    progress_z: float
    min_noise_ratio: float
    noise_growth_z: float
    min_noise_vs_progress: float
    high_noise: float
    high_noise_vs_progress: float
    val_min_evals: int
    val_min_swing: float
    val_min_reversals: float
    metric_min_evals: int
    metric_min_swing: float
    metric_swing_vs_progress: float
    val_swing_vs_progress: float
    tiny_batch: int


@detector("oscillation", params=Params)
def oscillation(run: Run, p: Params) -> Iterator[Hit]:
    hits = list(_train_oscillation(run, p))
    if not hits and "val_loss" in run.roles:
        hits = list(_val_swings(run, p))
    if not hits:
        hits = list(_metric_swings(run, p))
    yield from hits


def _metric_swings(run: Run, p: Params) -> Iterator[Hit]:
    """A held-out quality rate (accuracy, mIoU, mAP, F1 ...) that, over the second half of its evaluations, jumps
    from one evaluation to the next by a median of at least ``metric_min_swing`` (absolute, on its 0-1 scale) and
    at least ``metric_swing_vs_progress`` of all the progress it made (first tenth -> late median), reversing
    direction at least half the time, while its level makes no progress over that half (its robust Theil-Sen
    trend over that half climbs less than one median swing). The validation-side twin of the training-loss noise-vs-progress test: a
    healthy metric's late changes are small next to what the run gained; one that swings by a third of it
    cannot tell one checkpoint from the next. An accuracy whose evaluation set's size N shows in its values (every one
    a multiple of 1/N) swings by at least twice the binomial noise of a difference of two evaluations on N examples,
    or the set's own noise explains it. The series with the largest swings against progress is reported."""
    best = None
    halves = trade_off_halves(run.metrics)  # precision/recall beside mAP/F1: they swing against each other
    for m, s, a, h, swing in _late_rate_swings(run, p.metric_min_evals):
        if m.tag in halves:
            continue
        a = a if m.higher_is_better else -a
        late = a[h:]
        d = np.diff(late)
        progress = float(np.median(late)) - float(np.median(a[: max(1, len(a) // 10)]))
        if progress <= 0 or swing < p.metric_min_swing:
            continue  # no progress is another rule's (plateau, regression); small swings are evaluation noise
        n_set = eval_set_size(np.abs(a)) if m.kind == "accuracy" else 0
        if n_set:
            # the evaluation set's size shows in the values (every one a multiple of 1/N): two evaluations of one
            # model on N examples differ by a median ~1.35 binomial sigmas; swings within twice that (sqrt 2 x two
            # sigmas) are the set's own noise, whatever the model does (per-batch test accuracies of 64 examples)
            lvl = float(np.median(np.abs(late)))
            if swing <= 2.0 * math.sqrt(2.0) * math.sqrt(max(lvl * (1.0 - lvl), 0.0) / n_set):
                continue
        climb = sig.theil_sen(np.arange(len(late), dtype=np.float64), late)[0] * (len(late) - 1)
        if climb >= swing:
            continue  # its robust trend still climbs more than a swing over the second half: noisy, but improving
        rev = float(np.mean(np.sign(d[:-1]) != np.sign(d[1:]))) if len(d) > 1 else 0.0
        ratio = swing / progress
        if ratio >= p.metric_swing_vs_progress and rev >= 0.5 and (best is None or ratio > best[0]):
            best = (ratio, m, s, swing, progress, rev, h)
    if best is None:
        return
    ratio, m, s, swing, progress, rev, h = best
    steps = s.index.to_numpy()
    v = s.to_numpy(dtype=np.float64)
    lo, hi = float(np.min(v[h:])), float(np.max(v[h:]))
    unit = m.scale
    msg = (f"{m.tag} swings from one evaluation to the next by a median {sig.fmt_num(swing * unit)} over its last "
           f"{len(v) - h} evaluations (steps {sig.fmt_step(int(steps[h]))}-{sig.fmt_step(int(steps[-1]))}; range "
           f"{sig.fmt_num(lo)}-{sig.fmt_num(hi)}), {ratio:.0%} of all the progress it made "
           f"({sig.fmt_num(progress * unit)}), reversing direction at {rev:.0%} of the turns: validation cannot tell "
           f"one checkpoint from the next")
    yield Hit(msg, step=int(steps[h]), steps=(int(steps[h]), int(steps[-1])),
              confidence=round(0.5 + 0.3 * I.clamp01(ratio / p.metric_swing_vs_progress - 1.0), 3),
              evidence={"series": m.tag, "tag": m.tag, "median_swing": swing * unit, "progress": progress * unit,
                        "swing_vs_progress": ratio, "reversal_share": rev, "evaluations": int(len(v))},
              causes=("lr-too-high", "noisy-gradients", "lr-too-high-late"), tags=(m.tag,))


def _val_swings(run: Run, p: Params) -> Iterator[Hit]:
    """A validation loss that swings by large factors from one evaluation to the next, reversing direction:
    the median |change| between consecutive evaluations is at least ``val_min_swing`` (log space) and at
    least ``val_min_reversals`` of the consecutive pairs of moves are large moves in opposite directions (up
    then down, or down then up). A healthy validation curve moves a few percent per evaluation, mostly in one
    direction; one that jumps +-40% back and forth cannot tell one checkpoint from another -- unless the swings,
    in the loss's own units, are a small part (``val_swing_vs_progress``) of all the progress the validation loss
    made from the untrained model's loss (its first evaluation, or the training loss's first reading when that came
    earlier and is higher): a loss that fell to 1% of its start swings by large factors on tiny values, which is
    practically nothing."""
    s = sig.finite(run.series("val_loss"))
    v = s.to_numpy(dtype=np.float64)
    if len(v) < p.val_min_evals or (v <= 0).any():
        return
    steps = s.index.to_numpy()
    d = np.diff(np.log(v))
    big = np.abs(d) >= p.val_min_swing
    med = float(np.median(np.abs(d)))
    rev = big[:-1] & big[1:] & (np.sign(d[:-1]) != np.sign(d[1:]))
    share = float(np.mean(rev)) if len(rev) else 0.0
    if med < p.val_min_swing or share < p.val_min_reversals:
        return
    # the swings in the loss's own units against all the progress the validation loss made (from the untrained
    # model's loss to its best): a loss that fell to 1% of where it started moves by a large factor on tiny values.
    # The first evaluation can come after the model learned (a fine-tune evaluated every 100 steps that learned its
    # task in 50): the untrained model's loss is then the training loss's first reading, when that is higher
    amp = float(np.median(np.abs(np.diff(v))))
    start = float(v[0])
    if "train_loss" in run.roles:
        t = sig.finite(run.series("train_loss"))
        if len(t) and float(t.iloc[0]) > 0 and int(t.index[0]) <= int(steps[0]):
            start = max(start, float(t.iloc[0]))
    progress = float(start - np.min(v))
    if progress > 0 and amp < p.val_swing_vs_progress * progress:
        return
    tag = run.roles.get("val_loss", "val_loss")
    i = int(np.argmax(np.abs(d)))
    lo, hi = float(np.min(v)), float(np.max(v))
    steady = _steady_rate(run, p)
    msg = (f"{tag} swings from one evaluation to the next by a median +-{sig.fmt_pct(math.expm1(med)).lstrip('+')}, "
           f"reversing direction at {int(rev.sum())} of {len(rev)} consecutive pairs of evaluations (largest: "
           f"{sig.fmt_num(float(v[i]))} -> {sig.fmt_num(float(v[i + 1]))} at step {sig.fmt_step(int(steps[i + 1]))}; "
           f"range {sig.fmt_num(lo)}-{sig.fmt_num(hi)} over {len(v)} evaluations)")
    if steady is None:
        msg += ": validation cannot tell one checkpoint from the next"
    else:
        msg += (f", while {steady[0]} moved a median {sig.fmt_num(steady[1])} between its last {steady[2]} "
                "evaluations: the checkpoints score alike on the task, the loss swings on a few examples' confidence")
    yield Hit(msg, step=int(steps[1]), steps=(int(steps[0]), int(steps[-1])),
              confidence=round(0.5 + 0.35 * I.clamp01(share / p.val_min_reversals - 1.0), 3),
              evidence={"series": tag, "tag": tag, "median_swing": math.expm1(med), "reversal_share": share,
                        "evaluations": int(len(v)), **({"steady_metric": steady[0]} if steady else {})},
              causes=("lr-too-high", "noisy-gradients", "lr-too-high-late"), tags=(tag,),
              severity="info" if steady is not None else None)


def _steady_rate(run: Run, p: Params) -> tuple[str, float, int] | None:
    """A held-out quality rate (accuracy, F1, mAP ...) of at least ``val_min_evals`` evaluations whose consecutive
    changes over the second half of them are a median below ``metric_min_swing`` of its 0-1 scale: (tag, that
    median in the rate's units, evaluations judged), the steadiest such rate; None otherwise. Beside it a swinging
    validation loss is practically nothing: the checkpoints score alike on the task."""
    best = None
    for m, _s, a, h, swing in _late_rate_swings(run, p.val_min_evals):
        if swing < p.metric_min_swing and (best is None or swing < best[1] / best[3]):
            best = (m.tag, swing * m.scale, len(a) - h, m.scale)
    return None if best is None else best[:3]


def _late_rate_swings(run: Run, min_evals: int) -> Iterator[tuple]:
    """(metric, its finite series, its values on the 0-1 scale, the index of its second half, the median |change|
    between consecutive evaluations over that half) of every held-out quality rate with at least ``min_evals``
    evaluations and values inside its scale."""
    for m in run.metrics:
        if not (m.rate and m.split == "val") or m.points < min_evals:
            continue
        s = sig.finite(run.series(m.tag))
        a = s.to_numpy(dtype=np.float64) / m.scale
        if len(a) < min_evals or a.min() < 0 or a.max() > 1:
            continue
        h = len(a) // 2
        yield m, s, a, h, float(np.median(np.abs(np.diff(a[h:]))))


def _train_oscillation(run: Run, p: Params) -> Iterator[Hit]:
    f = sig.finite(run.series("train_loss"))
    n = len(f)
    if n < max(p.min_points, 12):
        return
    y, logspace = I.finite_positive_log(f)
    yv = y.to_numpy(dtype=np.float64)
    steps = y.index.to_numpy()
    L = max(6, round(n * p.late_frac))
    if L >= n - 3:
        return
    late = yv[n - L:]
    ref = yv[int(0.1 * n): n - L]
    if len(ref) < 6:
        ref = yv[: n - L]
    noise_late = I.diff_noise(late)
    noise_ref = I.diff_noise(ref)
    if not math.isfinite(noise_late) or noise_late <= 0:
        return
    q = max(2, L // 4)
    first_q, last_q = sig.np_median(late[:q]), sig.np_median(late[-q:])
    late_level = sig.np_median(late)
    # the start level: the first 2% of the points (at most 20: a loss falling fast from its untrained value), or the
    # first tenth when its median sits higher -- 20 readings of a per-example loss that jumps 2-20x from one point to
    # the next put their median anywhere in that scatter, and the progress measured from it is then no progress
    head = max(sig.np_median(yv[: sig.window(n, 0.02, lo=1, hi=20)]), sig.np_median(yv[: max(1, n // 10)]))
    if logspace:
        rel_noise = noise_late
        drop = first_q - last_q
        amp = math.exp(late_level) * noise_late
        progress = math.exp(head) - math.exp(late_level)
    else:
        if float(np.min(late)) < 0.0 < float(np.max(late)):
            return  # a loss that crosses zero has no level to compare swings with (the ratio would be meaningless)
        level = max(abs(late_level), 1e-12)
        rel_noise = noise_late / level
        drop = (first_q - last_q) / level
        amp = noise_late
        progress = head - late_level
    nvp = amp / progress if progress > 0 else math.inf
    ratio = noise_late / noise_ref if math.isfinite(noise_ref) and noise_ref > 0 else math.inf
    # 'no progress': the level's fall does not clear the practical floor by progress_z standard errors of the two
    # medians of q points. Three of them would read a noisy run still converging (0.19 -> 0.13 under +-87% swings) as
    # one standing still; none would read a level standing still under such swings as progress one time in five
    se = sig.median_se(rel_noise, q, q)
    if rel_noise < p.min_rel_noise or drop >= p.max_late_drop + p.progress_z * se:
        return
    # the two noise levels are estimates from len(late) and len(ref) differences: their ratio must clear what sampling
    # alone gives (a noise estimate from m differences has var(log) ~ 1.65 / m), or a short equally-noisy run "grows" by chance
    chance = p.noise_growth_z * math.sqrt(MAD_LOG_VAR / max(len(late) - 1, 1) + MAD_LOG_VAR / max(len(ref) - 1, 1))
    grew = ratio >= max(p.min_noise_ratio, math.exp(chance)) and nvp >= p.min_noise_vs_progress
    bs = _batch_size(run)
    if bs is not None and bs <= p.tiny_batch:
        # a batch of a handful of examples logs almost a per-example loss: as the model learns, easy examples go
        # to ~0 and hard ones stay high, so the step-to-step noise in log space GROWS while the model improves;
        # growth is no evidence here, only wild noise against the progress is
        grew = False
    # wild late noise that was as wild before (from a tenth of the run on) while the level under it kept falling from
    # that stretch to the late one (beyond the noise of the two medians) is the logging's grain -- near per-example
    # losses of a tiny batch, a model still learning under them -- not an oscillation the end of training fell into
    # (a too-high LR bouncing around a level it stopped leaving stays: no fall from the earlier stretch)
    grain = logspace and math.isfinite(noise_ref) and noise_ref >= p.high_noise and \
        float(np.median(ref)) - late_level >= max(p.max_late_drop, 3.0 * sig.median_se(rel_noise, len(ref), len(late)))
    wild = rel_noise >= p.high_noise and nvp >= p.high_noise_vs_progress and not grain
    if not (grew or wild):
        return

    start = int(steps[n - L])
    if _held_out_still_improving(run, int(steps[0]), start, p):
        # the validation loss kept falling through the late stretch: the model still converges under the swings, so
        # they are the minibatch loss's sampling noise (a per-batch progress-bar loss near 0.1 swings by 100%+ on a
        # few hard examples), and the end of training bought something
        return
    ev = {"late_start_step": start, "late_noise": rel_noise, "earlier_noise": noise_ref if logspace else None,
          "noise_ratio": ratio if math.isfinite(ratio) else None, "late_drop": drop,
          "late_level": math.exp(late_level) if logspace else late_level,
          "start_level": math.exp(head) if logspace else head,
          "noise_vs_progress": nvp if math.isfinite(nvp) else None}
    causes = ["lr-too-high-late", "noisy-gradients", "lr-too-high"]
    lr_txt = ""
    if "lr" in run.roles:
        lr = sig.finite(run.series("lr"))
        if len(lr) >= 3:
            lv = lr.to_numpy(dtype=np.float64)
            peak = float(np.max(lv))
            late_lr = float(np.median(lv[lr.index.to_numpy() >= start])) if (lr.index >= start).any() else float(lv[-1])
            if peak > 0:
                ev["late_lr"] = late_lr
                ev["lr_peak"] = peak
                if late_lr >= 0.5 * peak:
                    lr_txt = f"; the LR was not decayed ({sig.fmt_num(late_lr)} late vs peak {sig.fmt_num(peak)})"
                else:
                    lr_txt = f"; the LR was already decayed to {sig.fmt_num(late_lr)} ({sig.fmt_pct(late_lr / peak - 1)} from its peak)"
                    causes = ["noisy-gradients", "lr-too-high-late", "lr-too-high"]
    noise_pct = math.exp(rel_noise) - 1 if logspace else rel_noise
    earlier = (f" (earlier: +-{sig.fmt_pct(math.exp(noise_ref) - 1).lstrip('+')})"
               if logspace and math.isfinite(noise_ref) else "")
    lvl = (lambda x: sig.fmt_num(math.exp(x))) if logspace else (lambda x: sig.fmt_num(x))
    msg = (f"over the last {sig.fmt_pct(L / n).lstrip('+')} of the points (steps {sig.fmt_step(start)}-"
           f"{sig.fmt_step(int(steps[-1]))}) the loss swings +-{sig.fmt_pct(noise_pct).lstrip('+')} from one logged "
           f"point to the next{earlier} while its median level went {lvl(first_q)} -> {lvl(last_q)}; the swings are "
           f"{'larger than' if not math.isfinite(nvp) or nvp >= 1 else 'comparable to'} all the progress since the start "
           f"({lvl(head)} -> {lvl(late_level)}){lr_txt}")
    margin = min(rel_noise / p.min_rel_noise, (nvp if math.isfinite(nvp) else 4.0) / p.min_noise_vs_progress) - 1.0
    conf = min(0.85, 0.5 + 0.35 * I.clamp01(margin))
    yield Hit(msg, step=start, steps=(start, int(steps[-1])), confidence=conf, evidence=ev, causes=tuple(causes))


def _held_out_still_improving(run: Run, first: int, start: int, p: Params) -> bool:
    """The validation loss's evaluations from ``start`` on (at least 2) sit below those of the stretch as long
    before it (medians, log space) by ``max_late_drop`` or more: held-out, the model still improved over the stretch
    the training loss swings in."""
    if "val_loss" not in run.roles:
        return False
    s = sig.finite(run.series("val_loss"))
    s = s[s > 0]
    if len(s) < 4:
        return False
    st, v = s.index.to_numpy(), np.log(s.to_numpy(dtype=np.float64))
    before = max(first, start - (int(st[-1]) - start))
    late, prev = v[st >= start], v[(st >= before) & (st < start)]
    if len(late) < 2 or len(prev) < 1:
        return False
    return float(np.median(prev)) - float(np.median(late)) >= p.max_late_drop


_BATCH_KEYS = ("batch_size", "bs", "per_device_train_batch_size", "train_batch_size", "micro_batch_size",
               "train_micro_batch_size_per_gpu", "batch")


def _batch_size(run: Run) -> int | None:
    """The training batch size stated in the hyperparameters (the last part of a dotted key) or by the framework's
    own state (an HF ``trainer_state.json`` keeps ``train_batch_size`` beside ``max_steps``), or None."""
    found = {}
    for key, val in [*(run.hparams or {}).items(), *(run.meta or {}).items()]:
        k = _last_key(key).replace("-", "_")
        if k in _BATCH_KEYS and isinstance(val, (int, float)) and not isinstance(val, bool) and 0 < val < 1e9:
            found.setdefault(k, int(val))
    return next((found[k] for k in _BATCH_KEYS if k in found), None)
