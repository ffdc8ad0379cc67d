"""## What it detects
A first training loss far from log(K), the cross-entropy a freshly initialised K-class classifier
should start at, and the double-softmax signature:

* **far above**: the first logged loss is several times log(K) - over-confident wrong logits from a
  large final-layer initialisation or unnormalised inputs. K comes from ``num_classes`` or from a first
  accuracy at 1/K; without K, only a first loss far above the uniform loss of even the largest
  tokenizer vocabularies (``max_classes``) is reported, and never for regression, detection or
  composite (sum of heads) losses.
* **double softmax**: the loss starts at log(K) but every logged value stays above
  log(1 + (K-1)/e), the lowest loss a cross-entropy over *probabilities* can reach, while the run
  presses against that floor. With K read from the first loss alone and nothing else saying the loss is a
  cross-entropy (no accuracy, loss name or class count), the match is one coincidental witness: told as info.

A loss far *below* log(K) at the start is not reported: fine-tuning a pretrained model starts there.

## Why it matters
A wrong starting loss means the output layer or the loss is set up wrongly; the first part of
training is spent undoing the initialisation, or (double softmax) learning is crippled for the whole
run and converges to a worse model.

## Example
``sample_runs/initial-loss-off`` (final layer initialised 30x too large) and
``sample_runs/initial-loss-off-double-softmax``.

## Options
- ``num_classes``: K if you know it (0 = infer).
- ``max_classes``: the largest class count / vocabulary considered when K is unknown.
- ``max_classes_with_acc``: the largest class count assumed when K is unknown but a per-example accuracy is logged (a classifier, not a language model).
- ``ratio_known``: with K known, fire when the first loss is at least this multiple of log(K).
- ``ratio_unknown``: with K unknown, fire when the first loss is at least this multiple of log(max_classes) (or of log(max_classes_with_acc) for a classifier).
- ``max_first_frac``: the first logged point must lie within this fraction of the run's step span from its start (otherwise the initial loss was not logged).
- ``max_recover_frac``: with K unknown, the loss must come down to the largest plausible log K within this fraction of the run (a bad start is transient; a loss that stays above is on another scale).
- ``transient_frac``: a first loss far above log(K) that is back at log(K) by the next logged value, or within this fraction of the run, cost at most one logging interval: info, not a warning.
- ``max_start_drop``: a first loss at least this many times the level reached at 5% of the run (and at no plausible log K) is a broken start.
- ``floor_margin``: double softmax: the tail must come within this relative margin of the floor log(1 + (K-1)/e).
- ``floor_min_acc``: double softmax with K read from the floor itself: the training accuracy the run must end at.
- ``first_noise_z``: the first loss is one noisy point: its ratio to log K must also exceed exp(this many times the run's point-to-point noise in log space).

## References
seeds/000 10.16 Debugging training: 'Sanity checks before launching a long run' ('Check loss at
initialisation ... log K'); seeds/002 'Step 2: Verify the Expected Initial Loss' and 'Step 5:
Architecture Bugs - The Double Softmax Trap'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors import _instability as I
from curvedoc.detectors._progress import (
    stated_k,
    accuracy,
    clean,
    k_from_acc,
    more_classes_than,
    k_from_loss,
    k_label,
    loss_kind,
    looks_non_ce,
    ce_evidence,
    resumed_session,
    subsample,
    window_median,
)
from curvedoc._fmt import fmt_num, fmt_step
from curvedoc.detectors._signal import np_median
from curvedoc.model.roles import infer_role
from curvedoc.model.run import Run


@dataclass(frozen=True)
class Params:
    num_classes: int
    max_classes: int
    max_classes_with_acc: int
    ratio_known: float
    ratio_unknown: float
    max_first_frac: float
    max_recover_frac: float
    floor_margin: float
    max_start_drop: float
    first_noise_z: float
    floor_min_acc: float
    transient_frac: float


def double_softmax_floor(k: int) -> float:
    """Lowest cross-entropy reachable when the logits passed to it are probabilities in [0, 1]."""
    return math.log(1.0 + (k - 1) / math.e)


@detector("initial-loss-off", params=Params)
def initial_loss_off(run: Run, p: Params) -> Iterator[Hit]:
    s = clean(run.series("train_loss"))
    n = len(s)
    if n < 3:
        return
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    if (v <= 0).any():
        return
    span = float(steps[-1] - steps[0])
    # was the start of training logged at all? (a resumed run, or logging that starts late)
    # (a log whose first point is its first logging interval -- step 10 of a Trainer logging every 10 steps -- did
    # log the start: nothing was due before it)
    first_interval = len(steps) >= 2 and steps[0] <= steps[1] - steps[0]
    if steps[0] > 0 and span > 0 and steps[0] > p.max_first_frac * float(steps[-1]) and not first_interval:
        return
    if resumed_session(run):
        return  # a session appended after another that opens where that one ended: its first loss is a trained model's
    first = float(v[0])
    second = float(v[1])

    def above_noise(ratio: float) -> bool:
        # the first loss is one logged point, as noisy as any other: a per-step loss of a small batch that swings
        # +-50% from one point to the next puts its first value at 2x log K by chance; the ratio must clear that
        # noise too (measured only for a ratio that already passes the fixed bound: most runs stop before)
        noise = I.diff_noise(np.log(v))
        return ratio >= (math.exp(p.first_noise_z * noise) if math.isfinite(noise) else 1.0)

    k, k_src = None, None
    k_given = stated_k(run, p.num_classes)
    if k_given:
        k, k_src = k_given, "num_classes"
    elif not loss_kind(run).get("kind", "").startswith("a token cross-entropy"):
        def others_agree(ka: int, role: str) -> bool:
            # a K-way model at its start scores about 1/K on every split: another accuracy of the run whose first
            # three readings sit below 1/K by more than the tolerance the 1/K reading allows itself (15%: 0.04
            # beside a train accuracy of 0.5; a first-epoch training accuracy of 0.37 beside validation accuracies
            # of 0.44-0.48 read as 1/2) says 1/K is not where the model started -- a model learning from chance
            # scores at least about 1/K over its first epochs, on every split
            for other in ("train_acc", "val_acc"):
                if other != role:
                    oa = accuracy(run, other).to_numpy(dtype=np.float64)
                    oa = oa[np.isfinite(oa)]
                    if len(oa) >= 3 and np_median(oa[:3]) * ka < 1.0 - 0.15:
                        return False
            # the K an accuracy at 1/K names must fit the loss: a model that left chance (an accuracy of the run
            # ending above the 1/K band the K was read from) while its loss never once came down to log K is not a
            # K-way cross-entropy over that K -- the loss is on another scale, or K is another number (an ImageNet
            # model resumed at 32% top-1 read as '1/3', a 7-class skin-lesion model at the majority share read as
            # '1/2'). A model that never left chance (an LR far too high) keeps its K
            # the untrained model's loss is the other witness of K: a first loss at log K' of a round class count
            # (within 1%: 2.30 = log 10) that is not this K says the accuracy's 1/K is a coincidence (a seq2seq
            # over ten digits whose token accuracy sits near 1/3 after it learned the input-free baseline)
            kl = k_from_loss(first, 0.01, cands=(2, 3, 4, 5, 10, 100, 1000))
            if kl is not None and kl != ka:
                return False
            if float(np.min(v)) > math.log(ka):
                for other in ("train_acc", "val_acc"):
                    oa = accuracy(run, other).to_numpy(dtype=np.float64)
                    oa = oa[np.isfinite(oa)]
                    if len(oa) >= 3 and window_median(oa, 0.85, 1.0) * ka > 1.15:
                        return False
            return True

        # an accuracy at 1/K names a K-way classifier; a language model's token accuracy of 0.25 after its first
        # epoch says nothing of a vocabulary of thousands, so the loss kind decides whether K may come from it
        for role in ("train_acc", "val_acc"):
            acc = accuracy(run, role)
            # the first THREE accuracies must sit at 1/K: one value could be an epoch average that
            # happens to equal 1/K for a smaller K (e.g. 0.5 after one epoch of a 10-class task)
            if len(acc) < 3:
                continue
            av = acc.to_numpy(dtype=np.float64)
            # when the first accuracy comes later than the first loss (an evaluation every 40 steps), it describes
            # the initial model only if the model never left chance: then every accuracy of the run must sit at 1/K
            aligned = abs(int(acc.index[0]) - int(steps[0])) <= max(1, 0.02 * span)
            a = av[:3] if aligned else av
            ka = k_from_acc(np_median(a), tol=0.15, k_max=p.max_classes, k_above=more_classes_than(run))
            if ka and bool(np.all(np.abs(a * ka - 1.0) <= 0.15)) and others_agree(ka, role):  # at chance, not rising
                k = ka
                k_src = (f"first {role.replace('_', ' ')} values at 1/K" if aligned
                         else f"every {role.replace('_', ' ')} value at 1/K")
                break
    non_ce = looks_non_ce(run)

    # a stated K names the classes, not the loss: a total that sums several logged parts (a segmentation loss +
    # an auxiliary head) or sits beside regression/detection metrics starts wherever its parts put it
    if k is not None and not non_ce:
        chance = math.log(k)
        ratio = first / chance
        if ratio >= p.ratio_known and above_noise(ratio):
            yield _far_above(steps, v, first, second, chance, ratio, k, k_src,
                             0.85 if k_src == "num_classes" else 0.7, p, run.roles.get("train_loss"))
            return
    elif not non_ce and ce_evidence(run):
        # with K unknown the bound is the uniform loss of the largest vocabularies, which only a cross-entropy has:
        # a detection total (SSD's localisation + confidence sums start at 20-30), a physics residual or a
        # regression error starts wherever its scale puts it, so something must say the loss is a cross-entropy.
        # A run that logs a per-example accuracy is a classifier: its K is far below a tokenizer vocabulary,
        # so the bound on log K is much tighter. Only a plain accuracy name says so: the accuracy of a part of
        # the output ('token_acc', 'Seq Acc', 'val_Obj_Accuracy') belongs to a language model, a seq2seq or a
        # detector whose loss is not one classifier's cross-entropy
        kmax, kind = p.max_classes, "vocabularies"
        acc_tags = [run.roles[r] for r in ("train_acc", "val_acc") if r in run.roles]
        if acc_tags and all((r := infer_role(t)) is not None and r[1] == 0 for t in acc_tags):
            kmax, kind = min(p.max_classes, p.max_classes_with_acc), "classifiers (an accuracy is logged)"
        chance_max = math.log(kmax)
        ratio = first / chance_max
        # a bad start is transient: the output layer is rescaled within the first part of training and the loss
        # comes down through log K. A loss that stays above every plausible log K for most of the run is on
        # another scale (summed over frames or tokens, a regression target), not badly initialised
        below = np.flatnonzero(v <= chance_max)
        recovers = len(below) > 0 and (span <= 0 or float(steps[below[0]] - steps[0]) <= p.max_recover_frac * span)
        if ratio >= p.ratio_unknown and recovers and above_noise(ratio):
            yield _far_above(steps, v, first, second, chance_max, ratio, None, kind, 0.6, p, run.roles.get("train_loss"))
            return

    hit = _transient_start(steps, v, first, span, p, _first_lr(run))
    if hit is not None:
        yield hit
        return

    # double softmax: starts at log K, never gets below log(1 + (K-1)/e), presses against it. A whole-run check (the
    # rule data's whole_run_checks): a slow run passes just above that floor on its way down, and on the part
    # written so far 'never below it' cannot be told from 'not below it yet'
    if non_ce or n < 20:
        return
    head = window_median(v, 0.0, 0.02)
    from_floor = False
    if k is None:
        # two agreeing readings (a training accuracy near 1 and a flat level at log(1 + (K-1)/e) for a whole K) name
        # K more surely than one first loss within 3% of a log K (an epoch-mean first reading of a 6-class model,
        # 1.65, is 2.8% from log 5)
        k = _k_from_floor(run, v, p)
        if k is not None:
            from_floor, k_src = True, "the level it flattens at, with a training accuracy near 1"
        else:
            k = k_from_loss(head, 0.03, cands=(2, 3, 4, 5, 10, 100, 1000))
            k_src = "first loss at log K"
            if k is None:
                return
    chance = math.log(k)
    if abs(head - chance) > 0.1 * chance and not from_floor:
        return
    floor = double_softmax_floor(k)
    vmin = float(v.min())
    tail = window_median(v, 0.85, 1.0)
    low = float(np.quantile(subsample(v[int(0.5 * n):]), 0.05))
    if vmin < floor * (1 - 1e-3):
        return  # a value below the floor is impossible with probabilities as logits
    if tail > floor * (1 + p.floor_margin) or low > floor * (1 + p.floor_margin / 2):
        return  # not close enough to the floor to tell double softmax from slow learning
    if chance - floor < 0.2 * chance:
        return  # floor too close to log K to tell anything (K=2 ... only with tight evidence)
    if window_median(v, 0.6, 0.75) > tail * (1 + p.floor_margin):
        # still falling by more than the margin from the third quarter to the end: a slow learner passing over the
        # floor on its way down (a binary classifier at 0.37 -> 0.32 over its last ten epochs), not one pressed
        # against it -- a loss held up by probabilities fed as logits flattens as it nears the floor
        return
    if from_floor:
        acc_end = window_median(accuracy(run, "train_acc").to_numpy(dtype=np.float64), 0.85, 1.0)
        yield Hit(
            f"train_loss flattens at {tail:.4f} (never below {vmin:.4f}) while the training accuracy reaches "
            f"{acc_end:.3f}: a model that gets nearly every example right should drive a cross-entropy towards 0, "
            f"but this one presses against {floor:.4f} = log(1 + (K-1)/e) for K={k}, the lowest loss a "
            "cross-entropy can give when it receives probabilities instead of logits; K is read from that level "
            "alone, which label smoothing or noisy labels can match by chance (about one time in ten), so this is "
            "worth checking rather than a warning",
            step=int(steps[0]), confidence=0.6,
            evidence={"num_classes": k, "double_softmax_floor": floor, "min_loss": vmin, "last_loss": tail,
                      "train_acc_end": acc_end, "k_from": "floor"},
            causes=("double-softmax", "wrong-loss", "bad-init"), check="double-softmax", severity="info",
        )
        return
    # K read from the first loss alone, on a loss nothing else names a cross-entropy (no accuracy, no loss name, no
    # class count): one coincidental witness -- a regression loss starting at 1.09 and ending at 0.56 matches
    # log 3 and its floor 0.55 by chance -- told as information, as underfitting tells 'high against log K' then
    lone_k = k_src == "first loss at log K" and loss_kind(run).get("kind") == "of unknown kind"
    yield Hit(
        f"train_loss starts at {fmt_num(head)} ≈ log({k}) = {fmt_num(chance)} but never goes below "
        f"{fmt_num(vmin)}: it presses against {fmt_num(floor)} = log(1 + (K-1)/e), the lowest loss a "
        f"cross-entropy can give when it receives probabilities instead of logits ({k_label(k)}, {k_src}"
        + ("; nothing else the run logs says the loss is a cross-entropy, so this is worth checking rather than a "
           "warning)" if lone_k else ")"),
        step=int(steps[0]), confidence=0.75 if k_src == "num_classes" else 0.65,
        evidence={"num_classes": k, "chance_loss": chance, "first_loss": first, "double_softmax_floor": floor,
                  "min_loss": vmin, "last_loss": tail},
        causes=("double-softmax", "wrong-loss", "bad-init"), check="double-softmax",
        severity="info" if lone_k else None,
    )


def _k_from_floor(run: Run, v: np.ndarray, p: Params) -> int | None:
    """K read from the level a cross-entropy flattens at, when its start did not name K (an epoch-mean first
    reading is already below log K): the training accuracy ends at ``floor_min_acc`` or more -- the model gets
    nearly every training example right, so its loss should head for 0 -- while the loss flattens at a level that
    equals log(1 + (K-1)/e) for a whole K (3 to ``max_classes``) within a tenth of ``floor_margin``. A loss held
    up for another reason (label smoothing, noisy labels) sits at a level with no such K, or at most by chance
    one time in ~10 given the tolerance; two agreeing readings (the accuracy and the whole K) are needed."""
    acc = accuracy(run, "train_acc").to_numpy(dtype=np.float64)
    acc = acc[np.isfinite(acc)]
    if len(acc) < 5 or window_median(acc, 0.85, 1.0) < p.floor_min_acc:
        return None
    tail = window_median(v, 0.85, 1.0)
    kf = 1.0 + math.e * math.expm1(tail)
    k = int(round(kf))
    if not 3 <= k <= p.max_classes:
        return None
    if abs(tail - double_softmax_floor(k)) > 0.1 * p.floor_margin * double_softmax_floor(k):
        return None
    return k


def _first_lr(run: Run) -> float | None:
    """The learning rate at the run's first logged LR reading, or None when no LR is logged."""
    if "lr" not in run.roles:
        return None
    lr = clean(run.series("lr")).to_numpy(dtype=np.float64)
    return float(lr[0]) if len(lr) else None


def _transient_start(steps, v, first, span, p: Params, lr0: float | None = None) -> Hit | None:
    """A first loss many times the level the run settles at within its first 5% -- and not the log K of any
    plausible class count or vocabulary (where every from-scratch classifier starts) -- is a broken start: a
    fine-tune whose weights were not loaded for the first step, a first batch with wrong labels or scale, a loss
    summed before it is averaged. The run recovered, so this is info; it holds for any loss, detection and
    composite losses included, because it compares the loss with itself. At an LR of 1 or more (``lr0``, the first
    logged) the LR is named first: no recipe starts there."""
    n = len(v)
    hot = lr0 is not None and lr0 >= I.EXTREME_LR
    if n < 4 or span <= 0 or (n < 10 and not hot):
        # (a short log's first mean far above the rest is as often a fast learner's first epoch -- 0.15 then 0.0065
        # for a 5-epoch MLP -- as a broken start, unless an LR of 1 or more says what threw it)
        return None
    if n < 10:
        # a short log (8 per-epoch means) has no '5% of the run' to settle by: its first reading must stand above
        # EVERY later one by the bound (a fine-tune at lr 2 whose first logged mean is 6.6e6, the rest 49-106)
        i5 = n - 1
        settled = float(np.max(v[1:]))
    else:
        i5 = max(3, int(np.searchsorted(steps, steps[0] + 0.05 * span)))
        settled = np_median(v[max(1, i5 - 3): i5 + 2])
    if not settled > 0 or first < p.max_start_drop * settled:
        return None
    if k_from_loss(first, 0.05) is not None:
        return None  # a from-scratch model at log K: the expected start, however far it then falls
    at = int(steps[min(i5, n - 1)])
    by = (f"the {fmt_num(settled)} the run settles at by step {fmt_step(at)} (5% of the run)" if n >= 10 else
          f"the highest of the {n - 1} readings after it ({fmt_num(settled)})")
    why = (f"the first steps ran at LR {fmt_num(lr0)}, where each step moves every weight by its whole gradient or "
           "more: the weights were thrown before the loss came down" if hot else
           "the first steps ran on a broken start (weights not loaded yet, a bad first batch, a loss summed instead "
           "of averaged)")
    return Hit(
        f"the first train_loss {fmt_num(first)} at step {fmt_step(steps[0])} is {first / settled:.0f}x {by}, "
        f"and it is not log(K) for any plausible class count: {why}",
        step=int(steps[0]), steps=(int(steps[0]), at), confidence=0.6,
        evidence={"first_loss": first, "settled_loss": settled, "ratio": round(first / settled, 2),
                  "mode": "transient-start"},
        causes=("lr-too-high", "bad-init", "bad-batch") if hot else ("bad-init", "bad-batch", "wrong-loss"),
        severity="info",
    )


def _far_above(steps, v, first, second, chance, ratio, k, k_src, conf, p: Params, tag: str | None) -> Hit:
    """The first loss far above log K (``tag``: the training loss's, named in the evidence so that a verdict that
    restates this finding -- plateau-at-chance after an explosion -- finds it). How long the loss takes to come down to log K is the cost of the bad
    start: back there by the next logged value, or within ``transient_frac`` of the run, it cost at most one
    logging interval -- the epoch mean of a first epoch whose first batches ran on a bad start, a first reading
    taken before the output layer rescaled itself -- and the run went on from where a good start would have put
    it: reported as info, as a broken start that recovered is (``_transient_start``). A loss that stays above
    log K for longer spent a visible part of the run undoing its start: a warning."""
    n = len(v)
    below = np.flatnonzero(v <= chance)
    back = int(steps[below[0]]) if len(below) else None
    span = float(steps[-1] - steps[0])
    quick = len(below) > 0 and (below[0] == 1 or (span > 0 and back - float(steps[0]) <= p.transient_frac * span))
    if k is not None:
        ref = f"log({k:,}) = {fmt_num(chance)}, the loss of a uniform guess over {k_label(k)} ({k_src})"
    else:
        ref = (f"{fmt_num(chance)} = log({math.exp(chance):,.0f}), the loss of a uniform guess over the classes of "
               f"the largest {k_src}, so above chance for every plausible K")
    times = f"{ratio:.1f}" if ratio < 1e4 else fmt_num(ratio)  # (an explosion's 2.71e+20, not 21 digits)
    msg = f"first train_loss {fmt_num(first)} at step {fmt_step(steps[0])} is {times}x {ref}"
    if back is not None:
        msg += f"; it first falls to that level at step {fmt_step(back)}"
    if n > 1:
        msg += f" (next logged value {fmt_num(second)})"
    if quick:
        share = (back - float(steps[0])) / span if span > 0 else 0.0
        msg += (f": a bad start that cost {'one logging interval' if below[0] == 1 else 'the first'}"
                f" ({share:.0%} of the run), undone before the run went on")
    return Hit(
        msg, step=int(steps[0]), confidence=min(0.9, conf + 0.05 * min(2.0, ratio - 1.0)),
        evidence={"first_loss": first, "chance_loss": chance, "ratio": round(ratio, 3), "num_classes": k,
                  "k_source": k_src, "tag": tag,
                  "recovered_step": back, "recovered_quickly": bool(quick)},
        causes=("bad-init", "wrong-loss"), severity="info" if quick else None,
    )
