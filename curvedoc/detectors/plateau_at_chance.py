"""## What it detects
The training loss sits at the loss of uniform guessing, log(K) nats for a K-class cross-entropy, for
most of the run: the model never beats chance. K comes from the ``num_classes`` option, or from a
training accuracy that sits at 1/K, or (more cautiously) from a loss level that matches log(K) for a
round class count (2-5, 10, 100, 1000, common tokenizer vocabularies) on a loss that starts there
too; for any other plausible count (6-32, round counts to 1,000) a loss that starts at log K and sits there
needs an accuracy at chance for that K as its second witness. With only an accuracy logged, an accuracy flat at 1/K is reported the same way. A loss that
started at log(K), exploded and came back to sit at or just above it is at chance after a blow-up; and a
validation accuracy that never beat 1/K is reported whatever the loss did, with the causes the evidence
points to (a loss explosion first: the learning rate; a fitted training split: the labels); with no held-out
accuracy, a training accuracy that never beat 1/K after the training loss exploded is read the same way. A validation
accuracy that repeats one number at 1/K from some evaluation to the end (at least half of them and
``min_evals``) collapsed to one output there, whatever it scored before: judged on that stretch (read at 1/K
only, never as a majority share; not when the training loss went NaN, which is divergence's). After a blow-up
(a loss at ``explode_ratio`` x log K, or NaN) the evaluations since, when they are most of them, are judged on their
own, one number at every one of them being K's second reading and the held-out loss read over them only: a model
that learned, went NaN and scored exactly 1/K ever after sat at chance from the blow-up on. A run thrown up more than
once, that slid to chance over a few evaluations after its last explosion, is judged on the final stretch that never
beats chance (a third of the evaluations at least, and most of those since that explosion); so is a model that learned
and was knocked back to 1/K for its last third of evaluations or more with its training loss back at log K (K between
neighbouring counts decided by that loss), the fall's metric regression kept beside it as context. Held-out numbers
identical at every evaluation beside an LR logged at 0 throughout are the same weights evaluated again, not chance. In reinforcement
learning the chance level is the untrained policy's return, the run's start: an agent none of whose returns,
rewards or success rates shows a rise from its start beyond its own wander and ``rl_floor`` of its spread never beat
a random policy. Without K or the class shares (a model that learned only the prior of an unbalanced set scores the
majority share, not 1/K, at a loss a little below log K), a classifier whose held-out accuracy never moved off its
first evaluation -- never ``still_max_rise`` above it, a median at most ``still_max_level``, wandering rather than
climbing -- while its training loss stood still after its first fifth predicts what it predicted at the start: said
as a warning, with both readings of the level (chance, or the majority class).

## Why it matters
A classifier whose loss never leaves log(K) has learned nothing, not even slowly: the labels are
detached from the inputs, the loss is wrong, the optimizer is not updating, or the learning rate is so
high that the model collapses to the class prior. More steps will not help; the pipeline needs fixing.

## Example
``sample_runs/plateau-chance-k10`` (labels shuffled independently of the inputs: train loss flat at
log 10 = 2.303).

## Options
- ``num_classes``: K if you know it (0 = infer from the accuracy or the loss level).
- ``match_tol``: relative distance between the plateau level and log(K) that still counts as a match when K is inferred from the loss.
- ``band``: half-width of the chance band around log(K), relative to log(K).
- ``min_share``: fewest share of the run's steps spent inside the band (longest contiguous stretch).
- ``max_head_excess``: with K inferred from the loss alone, how far above log(K) the first points may start (relative); a loss that fell from far above onto log(K) is more likely a regression loss that converged there.
- ``start_tol``: with K inferred from the loss alone, a loss that started more than this above log(K) (where an untrained K-way classifier starts) came down onto the level ...
- ``settle_tol``: ... and must then sit at log(K) within this (a model predicting the prior scores its entropy: log K for balanced classes); a level a few percent off log(K) is a coincidence.
- ``max_drift``: largest change between the first and last fifth of the plateau, relative to log(K); a loss that keeps creeping down is learning, however slowly.
- ``acc_slack``: an accuracy counts as "at chance" while it is within this fraction of the way from 1/K to 1.
- ``min_points``: fewest finite points needed.
- ``frozen_min_points``: an accuracy identical at every point needs only this many.
- ``max_excess_above``: with K confirmed by more than the plateau's level, how far above log(K) it may sit.
- ``explode_ratio``: a training loss this many times log(K) exploded (the learning rate comes first then).
- ``thrown_first_ratio``: a first reading this many times log(K), K confirmed by an accuracy at 1/K (or stated), beside
  a model at chance from its second reading on: the first step threw it there (an epoch mean over a blow-up).
- ``val_margin``: how far above 1/K (as a share of the way to 1) a validation accuracy may reach and still never have beaten chance.
- ``share_gap``: K unknown: a held-out accuracy whose evaluations over the last half of the run all score one of 2-5 numbers summing to 1 or less, at least this far apart (and three examples apart on the evaluation set's grid), is a model predicting one class for every example: those numbers are class shares.
- ``metric_floor``: a bounded higher-is-better validation rate (accuracy, mAP, dice, F1, success) whose best stays below this share of its scale never left the floor.
- ``min_evals``: fewest evaluations of a held-out metric for the floor to count (three do for a validation accuracy when the training loss exploded first).
- ``learning_floor``: a localisation score (mAP, IoU, dice) at the floor is left to underfitting when the training loss clearly fell by at least this much (log units) while the validation loss did not rise: the model learns, too slowly.
- ``learning_z``: how many standard errors of that fall (from the run's own noise) its lower bound uses.
- ``fitted_factor``: a training loss that fell by this factor or more fitted its training data: a localisation score at the floor beside it stays at chance.
- ``metric_zero_share``: a higher-is-better metric that is exactly 0 at this share of its evaluations (and at its median) never produced a correct output.
- ``max_noise``: with K inferred, the largest point-to-point noise (sigma) of the plateau relative to log(K); a model at chance predicts the same distribution for every input, so its minibatch loss barely moves.
- ``min_plan_share``: a run that stopped before this share of its stated plan is not judged at chance from its level alone (an explosion, a collapse or a fitted training split still make the verdict).
- ``rl_floor``: an RL agent learned when one of its returns/rewards/success rates rose from its start by this share of its own spread (5th to 95th percentile) ...
- ``rl_z``: ... after taking off this many standard errors of its wander (medians of consecutive 5% blocks).
- ``rl_min_points``: fewest readings of an RL metric for that test.
- ``still_min_evals``: K unknown: fewest held-out accuracy evaluations (the first within the first fifth) for 'never moved off its first evaluation' ...
- ``still_max_rise``: ... no evaluation more than this share of the scale above the first ...
- ``still_max_level``: ... a median evaluation right on at most this share of the examples ...
- ``still_max_up_share``: ... better than the evaluation before at no more than this share of them (wandering, not climbing) ...
- ``still_max_fall``: ... while the training loss fell by at most this share from its first readings ...
- ``still_max_late_fall``: ... and by at most this share from its second fifth on ...
- ``still_auc_margin``: ... and no held-out ROC-AUC sits this far above 0.5.
- ``still_frozen_range``: a held-out and a training accuracy each within this range at every evaluation, at one share,
  are a model whose decisions never changed: judged whatever their level and however the loss crept.
- ``thrown_ratio``: K unknown, any loss kind: a first reading this many times the loss's end level, beside a gradient norm as many times its later level or an LR of 1 or more at the start, is a blow-up before the log; a loss flat from where it came back down is at a constant predictor's level (a warning).
- ``thrown_settle``: ... 'came back down': within this multiple of the end level, in the first fifth of the run.

## References
seeds/000 10.16 Debugging training: 'Loss curves' (loss plateaus at chance level) and the checklist
'Check loss at initialisation'; seeds/002 'Step 2: Verify the Expected Initial Loss' (table of log K).
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.detectors._progress import (
    still_exploring,
    evaluation_wrote_zeros,
    stated_k,
    acc_at_chance,
    accuracy,
    chance_margin,
    beat_chance,
    clean,
    k_from_acc,
    more_classes_than,
    top_k_of,
    LOSS_K,
    ROUND_K,
    LOCALISATION_KINDS,
    k_from_loss,
    k_label,
    k_of_level,
    late_rate_levels,
    lm_metric,
    VOCAB_SIZES,
    learning_slowly,
    late_first_evaluation,
    REGRESSION_KIND,
    TOKEN_CE_KIND,
    rate_rose,
    rl_change,
    rl_unchanged,
    rl_never_improved,
    longest_true_run,
    lr_still_warming,
    lr_zero_throughout,
    adversarial,
    looks_non_ce,
    loss_kind,
    never_beat_chance,
    plausible_k,
    noise_sigma,
    penalty_decay,
    prepared,
    step_weights,
    thrown_then_flat,
    window_median,
)
from curvedoc._fmt import fmt_num, fmt_pct, fmt_step
from curvedoc.detectors._gradients import layer_grad_spread
from curvedoc.detectors._signal import fifth_medians, first_nonfinite_step, median_se, rolling_median, theil_sen, window
from curvedoc.detectors._signal import np_median
from curvedoc.detectors._signal import shared
from curvedoc.model.metrics import RL_KINDS, tokens, trade_off_halves
from curvedoc.model.run import Run
from curvedoc.detectors.unfinished_schedule import plan_reached


@dataclass(frozen=True)
class Params:
    num_classes: int
    share_gap: float
    match_tol: float
    band: float
    min_share: float
    max_head_excess: float
    max_drift: float
    acc_slack: float
    min_points: int
    max_noise: float
    metric_floor: float
    metric_zero_share: float
    min_evals: int
    frozen_min_points: int
    max_excess_above: float
    explode_ratio: float
    thrown_first_ratio: float
    val_margin: float
    learning_floor: float
    learning_z: float
    fitted_factor: float
    start_tol: float
    settle_tol: float
    min_plan_share: float
    rl_floor: float
    rl_z: float
    rl_min_points: int
    still_min_evals: int
    still_max_rise: float
    still_max_level: float
    still_max_fall: float
    still_max_up_share: float
    still_max_late_fall: float
    still_auc_margin: float
    still_frozen_range: float
    thrown_ratio: float
    thrown_settle: float


def _span_share(steps: np.ndarray, a: int, b: int) -> float:
    span = float(steps[-1] - steps[0])
    if span <= 0:
        return 1.0 if b - a + 1 == len(steps) else (b - a + 1) / len(steps)
    w = step_weights(steps)
    return float(w[a : b + 1].sum())


@detector("plateau-at-chance", params=Params)
def plateau_at_chance(run: Run, p: Params) -> Iterator[Hit]:
    hits = []
    # the loss decides when it can be judged; a loss with too few finite values (NaN from the first step) cannot,
    # and then the training accuracy is the evidence, as in a run that logs no loss
    loss_judged = len(prepared(run, "train_loss")) >= max(p.min_points, 3)
    if loss_judged:
        hits = list(_from_loss(run, p))
    elif "train_acc" in run.roles:
        why = "its training loss has no finite values to judge" if "train_loss" in run.roles else \
            "no training loss is logged"
        hits = list(_from_accuracy(run, p, why))
    if not hits and loss_judged:
        hits = list(_classifier_part_at_chance(run, p))
    if not hits:
        hits = list(_from_validation(run, p))
    if not hits:
        hits = list(_held_out_loss_at_chance(run, p))
    if not hits:
        hits = list(_from_metric(run, p))
    if not hits:
        hits = list(_auc_at_chance(run, p))
    if not hits:
        hits = list(_rl_never_improved(run, p))
    if not hits and not loss_judged:
        hits = list(_few_points_at_log_k(run, p))
    if not hits and loss_judged:
        hits = list(_held_out_never_moved(run, p))
    if not hits and loss_judged:
        hits = list(_thrown_then_flat(run, p))
    if hits and not any(k in hits[0].evidence for k in ("exploded_to", "exploded_at", "train_fitted", "collapsed_at")):
        plan = plan_reached(run)
        if plan is not None and plan[0] < p.min_plan_share:
            # stopped within the first part of its stated plan (2 epochs of 400): a model at chance there is also a
            # slow start, as on a live run -- unless an explosion, a collapse or a fitted training split says more
            return
    for h in hits[:1]:
        tl = run.roles.get("train_loss")
        k = h.evidence.get("num_classes")
        said = {"exploded_to", "exploded_at", "train_fitted"} & set(h.evidence)
        if tl is not None and h.severity is None and not said and isinstance(k, int) \
                and (thrown := _thrown_at_first(run, k, p)) is not None:
            # at chance from the second reading on, after a first reading far above log K (_thrown_at_first): the
            # first step threw it there -- the learning rate first among the causes, as after any explosion
            h = dataclasses.replace(
                h, message=f"after {thrown['tag']} was thrown to {fmt_num(thrown['peak'])} at its first reading "
                           f"(step {fmt_step(thrown['step'])}, {fmt_num(thrown['ratio'])}x log K), {h.message}",
                causes=_AFTER_BLOWUP,
                evidence={**h.evidence, "exploded_to": thrown["peak"], "exploded_at": thrown["step"],
                          "supersedes": [*(h.evidence.get("supersedes") or []), *_superseded_after_blowup(run)]})
        if tl is not None and ["underfitting", tl] not in (h.evidence.get("supersedes") or []):
            # a model at chance fits nothing: underfitting's "the loss stays high" is this verdict said again,
            # without its evidence of chance; it stays as context (its causes add an LR too low and too little
            # capacity), below the verdict it restates
            h.evidence["restates"] = [*(h.evidence.get("restates") or []), ["underfitting", tl]]
        if tl is not None and h.severity != "warning" and ["constant-loss", tl] not in (h.evidence.get("supersedes") or []):
            # a model at chance predicts the same prior for every input, so its loss does not move: constant-loss's
            # "the loss does not respond to training" is this verdict's level said without its reading of chance
            # (log K, the class prior); it stays as context, below the verdict with the evidence. Only a verdict that
            # read the level (an error): the K-free 'never moved' warning reads no level, and a frozen loss beside it
            # is evidence of its own
            h.evidence["restates"] = [*(h.evidence.get("restates") or []), ["constant-loss", tl]]
        if h.severity is None and "num_classes" in h.evidence:
            # a model at chance, K read: its held-out loss wanders about log K and its held-out accuracy about 1/K --
            # overfitting's 'the validation loss rose from its minimum' and metric-regression's 'the accuracy fell from
            # its best' read that wander (or the fall onto chance) as faults of their own; they stay as context
            # (overfitting only when the training loss itself sits at log K: a model memorising its training labels
            # while its held-out score stays at chance overfits in earnest, and says so beside the verdict)
            said_ctx = [["overfitting", run.roles["val_loss"]]] if "val_loss" in run.roles \
                and "plateau_level" in h.evidence else []
            said_ctx += [["metric-regression", m.tag] for m in run.metrics if m.split == "val" and m.kind == "accuracy"]
            h.evidence["restates"] = [*(h.evidence.get("restates") or []), *said_ctx]
        if tl is not None and ("exploded_to" in h.evidence or "exploded_at" in h.evidence):
            # the loss exploded and the model then sat at chance: a first loss far above log K is that explosion's
            # first reading (an LR far too high, which this verdict names first), not a badly initialised output
            # layer -- initial-loss-off's reading of it stays as context, below the verdict
            h.evidence["restates"] = [*(h.evidence.get("restates") or []), ["initial-loss-off", tl]]
        yield h


_CLASSIFIER_PART = re.compile(r"(^|[^a-z])(cls|class|classification|classifier|ce|xent|cross_?entropy|nll)([^a-z]|$)")
# a classifier part's class count may be any round one -- CUB's 200, a 128-way head -- besides those a loss level
# names alone: its name says it is a classifier's loss, which a total's does not
_PART_K = LOSS_K + tuple(k for k in ROUND_K if k not in LOSS_K)


# the class counts a held-out loss at log K is read against (LOSS_K without the tokenizer vocabularies: a language
# model's validation loss is judged by its own rules)
_HELD_OUT_K = (2, 3, 4, 5, 10, 100, 1000)


def _held_out_loss_at_chance(run: Run, p: Params) -> Iterator[Hit]:
    """A validation cross-entropy that never went clearly below a uniform guess's loss: K read twice -- the first
    evaluation within ``match_tol`` of log K for a common class count and the training loss's first reading within
    ``start_tol`` of it (an untrained K-way classifier) -- and then every one of at least ``min_evals`` evaluations at
    or above (1 - ``band``) log K, none more than twice it (a blow-up is another reading's), and not creeping down
    (its first and last fifths within ``max_drift`` of log K: a loss that keeps falling is a slow learner,
    underfitting's); the training loss read from the run's start; no held-out quality rate rose by a tenth of its scale
    (a training accuracy rising is the training split memorised, as the training loss falling is), and
    every held-out accuracy or rate the run logs never above chance for that K either (a large evaluation set's 0.56 beside a
    loss at 0.97 log 2 is learning, proven). Whatever the training loss did (a training split memorised with labels
    unrelated to the inputs falls while this one stays), the held-out predictions never beat the class prior: the
    model is at chance where it matters."""
    if "val_loss" not in run.roles or "train_loss" not in run.roles or looks_non_ce(run) or adversarial(run) \
            or lm_metric(run) or rate_rose(run, held_out=True) is not None:
        return  # (a training accuracy that rose is the training split fitted, which this reading allows for)
    s = clean(run.series("val_loss"))
    v = s.to_numpy(dtype=np.float64)
    ts = clean(run.series("train_loss"))
    tv = ts.to_numpy(dtype=np.float64)
    if len(v) < p.min_evals or len(tv) < 3 or not (v > 0).all() or not _starts_at_start(ts.index.to_numpy()):
        return
    k = next((c for c in _HELD_OUT_K if abs(v[0] / math.log(c) - 1.0) <= p.match_tol
              and abs(tv[0] / math.log(c) - 1.0) <= p.start_tol), None)
    if k is None:
        return
    lk = math.log(k)
    if float(v.min()) < (1.0 - p.band) * lk or float(np.median(v)) > 2.0 * lk:
        return
    head, end = fifth_medians(v)
    if (head - end) / lk > p.max_drift:
        return  # still creeping down toward the band's edge: learning, slowly
    for m in run.metrics:
        if m.split == "val" and m.rate and m.higher_is_better:
            a = clean(run.series(m.tag)).to_numpy(dtype=np.float64) / m.scale
            if len(a) >= 3 and beat_chance(a, k, p.val_margin, p.acc_slack):
                # a held-out rate above chance for this K: the model learned something that transfers (one below
                # 1/K all along -- the wrong majority of an unbalanced evaluation set -- never beat chance either)
                return
    steps = s.index.to_numpy()
    fitted = _train_fitted(run, lk, 1.0 / k, p)
    tail = window_median(tv, 0.75, 1.0)
    why = (f"; meanwhile the training split was fitted ({fitted}): what it learned does not transfer at all"
           if fitted is not None else
           f"; {run.roles['train_loss']} went from {fmt_num(float(tv[0]))} to {fmt_num(tail)}")
    yield Hit(
        f"{run.roles['val_loss']} never beat a uniform guess: all {len(v)} evaluations from step "
        f"{fmt_step(steps[0])} to {fmt_step(steps[-1])} stay at or above {fmt_num((1.0 - p.band) * lk)} (lowest "
        f"{fmt_num(float(v.min()))}, last {fmt_num(float(v[-1]))}) vs log({k}) = {fmt_num(lk)} for {k_label(k)} (the first "
        f"evaluation and the first training loss both at log K){why}",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.75,
        evidence={"tag": run.roles["val_loss"], "num_classes": k, "lowest": float(v.min()), "evaluations": int(len(v)),
                  "k_source": "first validation and training losses at log K", **({"train_fitted": fitted} if fitted else {})},
        causes=_FIT_BUT_CHANCE if fitted is not None else None,
        check=_check(run, _from_zero(steps), 0, len(steps), p, corroborated=True),
    )


def _classifier_part_at_chance(run: Run, p: Params) -> Iterator[Hit]:
    """A classification head at chance inside a multi-part loss: a training-loss part whose name says it is a
    classification loss (cls, class, classification, ce, xent, cross-entropy, nll) judged as a training loss of
    its own -- the same readings, K from its level alone under the strict tests of a level-only K (it started at
    log K and sits within ``settle_tol`` of it, with the noise of a prior predictor). A multi-task model whose
    200-way head sits at ln 200 = 5.298 from the first step to the last while a regression head moves fits nothing
    in that head, and the sum of the parts hides it (the regression part's hundreds of units drown 5.3)."""
    from curvedoc.model.roles import infer_role, other_losses, tag_stem
    from curvedoc.model.run import RunView

    parts = [t for t in other_losses(run) if _CLASSIFIER_PART.search(tag_stem(t))]
    # (which split a part measures, by the words other_losses read its role from)
    held = {t for t in parts if (infer_role(t) or ("",))[0] == "val_loss"}
    twin = {tag_stem(t): t for t in held}
    for tag in parts:
        if tag in held:
            continue  # a held-out part: read beside its training part, not alone
        roles = {"train_loss": tag}
        if tag_stem(tag) in twin:
            roles["val_loss"] = twin[tag_stem(tag)]
        view = RunView(run, roles=roles)
        if len(prepared(view, "train_loss")) < max(p.min_points, 3):
            continue
        for h in _from_loss(view, p, _PART_K):
            yield h
            return


def _auc_at_chance(run: Run, p: Params) -> Iterator[Hit]:
    """An ROC-AUC that never beat chance. A random ranking scores 0.5 whatever the class count and balance, so an AUC
    needs no K: every evaluation (``min_evals`` or more, the held-out split when the run logs one) at or below 0.5
    plus the accuracy test's margin (``val_margin`` of the way to 1, or four times the evaluations' own scatter, never
    beyond ``acc_slack``), its median within that margin of 0.5 (one clearly below ranks the classes the wrong way
    round: something was learned) and not climbing through the run: the model never ranked one example above
    another better than a coin. Not in adversarial training (a discriminator at 0.5 is the generator winning)."""
    if adversarial(run) or loss_kind(run).get("kind", "").startswith("an adversarial"):
        return
    aucs = [m for m in run.metrics if m.kind == "auc" and m.higher_is_better and m.rate]
    split = "val" if any(m.split == "val" for m in aucs) else "train"
    for m in aucs:
        if m.split != split:
            continue
        s = clean(run.series(m.tag))
        v = s.to_numpy(dtype=np.float64) / m.scale
        steps = s.index.to_numpy()
        if len(v) < p.min_evals or _climbing(v):
            continue
        margin = chance_margin(v, 2, p.val_margin, p.acc_slack, 0.5)
        med = float(np.median(v))
        if float(np.max(v)) > 0.5 + margin or abs(med - 0.5) > margin:
            continue
        name = m.tag if "auc" in m.tag.lower() else f"{m.tag} (ROC-AUC)"
        yield Hit(f"{name} never beat chance: all {len(v)} evaluations from step {fmt_step(int(steps[0]))} "
                  f"to {fmt_step(int(steps[-1]))} stay at or below {0.5 + margin:.3f} (median {med:.3f}, best "
                  f"{float(np.max(v)):.3f}) vs 0.5, what a random ranking scores whatever the class count: the model "
                  "never ranked one example above another better than a coin",
                  step=int(steps[-1]), steps=(int(steps[0]), int(steps[-1])), confidence=0.75,
                  evidence={"metric": m.tag, "auc_median": med, "auc_best": float(np.max(v)),
                            "evaluations": int(len(v)), "margin": margin},
                  causes=("labels-detached", "lr-too-low", "wrong-loss", "capacity"),
                  # a stretch at chance and nothing else: on a run still being written, judged once it has ended
                  check=_check(run, _from_zero(steps), 0, len(steps), p, corroborated=False))
        return


def _rl_never_improved(run: Run, p: Params) -> Iterator[Hit]:
    """An agent that never beat its untrained policy (:func:`rl_never_improved`: in reinforcement learning the
    chance level is the return the untrained, random policy collects -- the start of the run), as context (info).
    The verdict is underfitting's, which reads the same metric the same way: an agent's return has no chance level
    of its own (no K names it, unlike an accuracy at 1/K or a loss at log K), so 'never beat where it started' is
    a run that learned nothing in its schedule -- what practitioners call an agent that does not learn. A return
    that is exactly 0 at most evaluations (a sparse reward never once collected) is a floor with a meaning of its
    own, and stays this rule's verdict (:func:`_from_metric`)."""
    judged = rl_never_improved(run, p.rl_min_points, p.rl_floor, p.rl_z)
    if not judged:
        return
    tag, first, last, spread, n, end, wander = judged[0]
    also = f"; so did {len(judged) - 1} more such metric{'s' if len(judged) > 2 else ''}" if len(judged) > 1 else ""
    msg = (f"{tag} ends where the untrained policy started: {fmt_num(last)} (median of its last 15%) against "
           f"{fmt_num(first)} at the start over {n} readings to step {fmt_step(end)}, "
           f"{rl_change(last - first, wander, p.rl_floor)} of its own spread ({fmt_num(spread)}){also}: the agent "
           "collects what a random policy collects") if spread > 0 else \
        f"{rl_unchanged(tag, first, n, end)}{also}: the agent collects what a random policy collects"
    exploring = still_exploring(run)
    if exploring is not None:
        # the policy still acted at random most of the time: its returns are a random policy's by design
        msg += (f" -- but {exploring[0]} still ends at {fmt_num(exploring[1])}: the policy acted at random most of "
                "the time by design, so the exploration schedule had barely begun rather than nothing being learned")
    yield Hit(msg, step=end, steps=(0, end), confidence=0.75,
              evidence={"metric": tag, "start": first, "end": last, "spread": spread, "points": n,
                        "rl_never_improved": True, **({"exploration_rate": exploring[1]} if exploring else {})},
              causes=("too-few-steps", "lr-too-low") if exploring else
              ("lr-too-low", "optimizer-not-stepping", "wrong-loss", "capacity"),
              severity="info")


def _few_points_at_log_k(run: Run, p: Params) -> Iterator[Hit]:
    """A training loss logged at 2 to ``min_points`` - 1 points, every one within ``match_tol`` of log K for a class
    count a loss level names alone (2-5, 10, 100, 1000, a tokenizer vocabulary), beside no accuracy that left chance
    (``acc_slack`` of the way from 1/K to 1): the model sat at a uniform guess at every point the log shows (a binary
    classifier's 0.696 and 0.700, an LM fine-tune's 10.78 at log 50257). Too few points to tell a model stuck there
    from one that would leave it with more training, and nothing but the level names K: an info."""
    if "train_loss" not in run.roles or looks_non_ce(run) or lr_still_warming(run) is not None:
        return
    s = clean(run.series("train_loss"))
    v = s.to_numpy(dtype=np.float64)
    if not 2 <= len(v) < p.min_points or (v <= 0).any():
        return
    k = k_from_loss(float(np.median(v)), p.match_tol)
    if k is None:
        return
    chance = math.log(k)
    if float(np.max(np.abs(v / chance - 1.0))) > p.match_tol:
        return
    for role in ("train_acc", "val_acc"):
        a = accuracy(run, role).to_numpy(dtype=np.float64)
        a = a[np.isfinite(a)]
        if len(a) and float(np.max(a)) > 1.0 / k + p.acc_slack * (1.0 - 1.0 / k):
            return  # an accuracy that left chance: the model does something, whatever its loss level
    steps = s.index.to_numpy()
    yield Hit(
        f"{run.roles['train_loss']} sits at log({k:,}) = {fmt_num(chance)}, the loss of a uniform guess over "
        f"{k_label(k)}, at all {len(v)} of its points (steps {fmt_step(steps[0])}-{fmt_step(steps[-1])}, within "
        f"{p.match_tol:.0%}): at chance wherever the log looks, if it is a {k:,}-way cross-entropy -- too few points to "
        "tell a model stuck there from one that needed more training",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.45, severity="info",
        evidence={"num_classes": k, "chance_loss": chance, "points": int(len(v)), "mode": "few-points"},
        check=SO_FAR,
    )


# The check of a finding whose evidence is "at chance for most of the run" and nothing else: every classifier starts
# at log K and a model in warmup may stay there a while, so on the part of a run written so far it is also a slow
# start. Listed in the rule data's whole_run_checks: judged once the run has ended. A finding corroborated by more
# (the loss exploded first, the model had learned and fell back, the training split was fitted while validation
# stayed at chance) or covering most of the run's PLANNED length is no slow start and is judged at any point.
SO_FAR = "chance-so-far"


def _horizon(run: Run) -> int | None:
    """The planned last step of the run (``max_steps`` from the trainer state or a 'step x/N' log), if known."""
    try:
        planned = int(run.meta.get("max_steps") or 0)
    except (TypeError, ValueError):
        return None
    return planned if planned > 0 else None


def _planned_share(run: Run, steps: np.ndarray, a: int, b: int) -> float:
    """The share of the run's PLANNED length between ``steps[a]`` and ``steps[b]`` (0 when no length is planned)."""
    horizon = _horizon(run)
    if not horizon or len(steps) == 0:
        return 0.0
    span = max(float(horizon - steps[0]), float(steps[-1] - steps[0]), 1.0)
    return float(steps[b] - steps[a]) / span


def _from_zero(steps: np.ndarray) -> np.ndarray:
    """Evaluation steps with the run's start (step 0) put first: evaluations judge the run from its start to the
    last one, however late the first came."""
    return np.concatenate([[0], np.asarray(steps, dtype=np.int64)])


def _check(run: Run, steps: np.ndarray, a: int, b: int, p: Params, corroborated: bool) -> str:
    """'' (judged at any point) when the evidence is more than a stretch at chance or that stretch covers
    ``min_share`` of the planned run; else :data:`SO_FAR` (judged on the finished run)."""
    return "" if corroborated or _planned_share(run, steps, a, b) >= p.min_share else SO_FAR


def _from_metric(run: Run, p: Params) -> Iterator[Hit]:
    """Held-out quality metrics that never leave the floor. A bounded higher-is-better rate (accuracy, mAP,
    dice, F1, success rate) is at the floor when its BEST evaluation stays below ``metric_floor`` of its
    scale; any higher-is-better metric (rewards included, whatever their scale) when it is exactly 0 at most
    evaluations. It fires only when EVERY such metric of the run is at the floor: a model that learned anything
    useful scores above a tenth of the scale, and one metric stuck at 0 beside another that improves is a broken
    metric computation, not a model at chance (an F1 of 0 beside an accuracy of 0.69). Validation-split metrics,
    and in RL runs the success rate / reward / return as well; in a log of rates and no loss, none named held-out,
    the rates by the exactly-0 reading only."""
    from curvedoc.model.roles import rl_marker

    rl = rl_marker(run) is not None
    if evaluation_wrote_zeros(run):
        return  # held-out losses all exactly 0: no evaluation ran (validation off), its scores of 0 say nothing
    # a training score of the same kind far from the floor means the model learned its training set: a held-out
    # metric stuck at the floor beside it is memorisation (overfitting, train-val gap, grokking), not a model at
    # chance. Only like compares with like: a detector's proposal-classifier accuracy of 98% (background is most
    # proposals) says nothing about a box mAP of 0.
    learned = _learned_train_kinds(run)
    # precision and recall trade against each other: where a metric combining them is logged, it judges
    halves = trade_off_halves(run.metrics)
    judged = []
    # a log of quality rates and no loss at all, none of them named as held-out: a rate exactly 0 at (nearly) every
    # evaluation says the same by the zero reading only -- the model never produced a correct positive, on whatever
    # split it was scored (an epoch table of Precision, Recall, F1 all 0.0 beside constant confusion counts). Beside
    # a logged loss the split matters (a training accuracy stuck at 0 while the loss falls is a broken metric), and a
    # training score merely low is a model early in learning, so the floor-share reading stays held-out only
    train_zero = not rl and "train_loss" not in run.roles and "val_loss" not in run.roles \
        and not any(m.split == "val" for m in run.metrics if m.higher_is_better)
    broke = first_nonfinite_step(run.series("train_loss")) if "train_loss" in run.roles else None
    for m in run.metrics:
        zero_only = train_zero and m.split == "train"
        if not m.higher_is_better or not (m.split == "val" or (rl and m.kind in RL_KINDS) or zero_only):
            continue
        if m.tag in halves:
            continue
        if m.kind in learned and not zero_only:
            return
        s = run.series(m.tag)
        steps = s.index.to_numpy()[np.isfinite(s.to_numpy(dtype=np.float64))]
        # every evaluation the log recorded counts, a restarted session's re-evaluation at a step already written
        # included: the question is whether ANY evaluation left the floor
        v = run.tag_values(m.tag)
        v = v[np.isfinite(v)]
        if len(v) < max(p.min_evals, 3) or len(steps) == 0:
            continue
        held = _between_evaluations(v)
        if held is not None:
            # zeros written between the evaluations that ran (a table with a row per epoch, scored every 5th): the
            # evaluations are the nonzero readings
            v = v[held]
            steps = steps[held] if len(steps) == len(held) else steps
            if len(v) < 3:
                continue
        zero_share = float(np.mean(v == 0))
        best = float(np.max(v))
        if broke is not None and len(steps) == len(v) and best >= p.metric_floor * m.scale \
                and not bool(np.any(v[steps >= broke] != 0)) and bool(np.all(steps[v != 0] < broke)):
            # useful until the training loss turned NaN/Inf and 0 from there on: the score fell with the weights --
            # the breakdown's consequence, which divergence tells -- not a model that never produced anything
            continue
        if m.rate and best < p.metric_floor * m.scale and not zero_only:
            why = f"its best is {fmt_num(best)}, below {p.metric_floor:.0%} of the scale"
            strength = 1.0 - best / (p.metric_floor * m.scale)
        elif zero_share >= p.metric_zero_share and float(np.median(v)) == 0.0:
            why = f"it is exactly 0 at {zero_share:.0%} of them (best {fmt_num(best)})"
            strength = zero_share
        else:
            return  # a metric that left the floor: the model learned something
        if _climbing(v / m.scale) and \
                learning_slowly(run, p.learning_floor, p.learning_z, p.fitted_factor, p.min_points) is not None:
            # climbing through its evaluations beside a training loss that clearly fell (short of fitting) and a
            # validation loss that did not rise: learning, too slowly (underfitting's), not at the floor -- a score
            # creeping up beside a loss that never moved is still a model at chance
            return
        judged.append((strength, m, v, steps, why))
    if judged and all(float(np.ptp(j[2])) == 0.0 for j in judged) and _held_out_loss_halved(run) and \
            not {"f1", "precision", "recall"} & {j[1].kind for j in judged}:
        # the same number at every evaluation beside a validation loss that fell by half or more: the model does
        # well on held-out data by its own loss, so that metric is not computed for this task (a regression
        # script's 'Val Acc: 0.00'), not a model at chance. (An F1, precision or recall of exactly 0 at every
        # evaluation is computed, and says no positive -- no entity -- was ever predicted right: a tagger answering
        # 'O' everywhere while its loss falls, not a metric the task has no use for)
        return
    if not judged or lr_still_warming(run) is not None:
        # (every evaluation inside a warmup that never ended says nothing about the floor: the model has hardly
        # been trained -- unfinished-schedule reports the run)
        return
    if any(j[1].kind in LOCALISATION_KINDS for j in judged) and \
            learning_slowly(run, p.learning_floor, p.learning_z, p.fitted_factor, p.min_points) is not None:
        # a detector's or segmenter's score has no chance level: at the floor beside a training loss that clearly
        # fell (by less than the order of magnitude that fits the training data) and a validation loss that did not
        # rise, the model is learning too little in this run -- underfitting's, not a model stuck at the prior
        return
    _, m, v, steps, why = max(judged, key=lambda j: j[0])
    also = f"; so are the other {len(judged) - 1} such metrics" if len(judged) > 1 else ""
    evidence = {"metric": m.tag, "best": float(np.max(v)), "evaluations": int(len(v))}
    # the training loss thrown above the untrained model's own first loss and kept there: the step was too large
    start = _untrained_loss(run)
    worse = _worse_than_guessing(run, start, p) if start is not None else None
    if worse is not None:
        why += (f"; {run.roles['train_loss']} sits at {worse:.1f}x its untrained first loss over most of the run: the "
                f"steps were too large for the model")
        evidence["supersedes"] = _superseded_after_blowup(run)
    yield Hit(
        f"{m.tag} ({m.kind}) never leaves the floor over {len(v)} evaluations from step {fmt_step(steps[0])} to "
        f"{fmt_step(steps[-1])}: {why}{also}; the model never produces a useful output",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.7 if len(v) >= 5 else 0.55,
        evidence=evidence, causes=_AFTER_BLOWUP if worse is not None else None,
        check=_check(run, _from_zero(steps), 0, len(steps), p, corroborated=False),
    )


def _between_evaluations(v: np.ndarray) -> np.ndarray | None:
    """A mask of the real evaluations of a metric whose log writes 0 between them: the nonzero readings (at least
    three) fall on a fixed cadence -- every k-th row, k >= 2, from within the first k rows to within the last k --
    and every other row is exactly 0. A table with one row per epoch that scores BLEU every 5th epoch and writes
    0.0000 in the others holds four placeholders for each evaluation; a model at the floor scores 0 at evaluations
    that do not keep to a cadence, and one that scores on a cadence scored. None otherwise."""
    nz = np.flatnonzero(v != 0)
    if len(nz) < 3:
        return None
    k = int(nz[1] - nz[0])
    if k < 2 or not bool(np.all(np.diff(nz) == k)) or nz[0] >= k or len(v) - 1 - nz[-1] >= k:
        return None
    return v != 0


# causes of a model at chance after its loss exploded: the step was too large (or grew too fast) for the model
_AFTER_BLOWUP = ("lr-too-high", "no-warmup", "numerical-instability", "bad-init", "labels-detached")
# causes of a model that learned and came back to chance without an order-of-magnitude explosion: steps too large
# for a later stage (a one-cycle peak, a warmup to too high an LR), or numbers that went unstable
_BACK_AT_CHANCE = ("lr-too-high", "no-warmup", "numerical-instability", "labels-detached")
# causes of a model at chance whose logged loss started far above log K and came down by a steady factor per reading:
# a weight penalty (L2, a kernel regulariser) added to the loss, shrinking the weights until only the prior is left
_AFTER_PENALTY = ("weight-decay-too-high", "lr-too-high", "bad-init")
# causes of a validation score at chance while the training split was fitted: what the model learned does not
# transfer at all, so the training labels (or the validation pipeline) are unrelated to the inputs
_FIT_BUT_CHANCE = ("labels-detached", "eval-mode-bug", "delayed-generalisation", "overfitting-capacity")


def _superseded_after_blowup(run: Run) -> list[list[str]]:
    """A model put at chance by a loss explosion has underfitting's symptoms for the opposite reason (a step too
    large, not too small or a model too weak): the chance verdict, whose causes put the LR first, replaces it. Without
    an explosion both are reported -- the model predicts the prior (chance) and fits nothing (underfitting, whose
    causes add a learning rate too low and too little capacity): practitioners name both."""
    return [["underfitting", run.roles.get("train_loss", "train_loss")]]


def _blowup(run: Run, scale: float, explode_ratio: float) -> dict | None:
    """The training loss exploded: a finite value at least ``explode_ratio`` times ``scale`` that the loss climbed
    to, or non-finite values after a finite start. ``scale`` is log K, the loss a fresh K-class classifier starts
    at, with K confirmed by more than this loss. A climb is a peak with an earlier reading at most half of it; a
    first logged value already that high is the explosion (logged after it began) only when no untrained
    classifier starts there -- above the log of the largest vocabulary: below it, a first value that the loss then
    only falls from is where a classifier over more classes than K started (a next-item model's log 7,000 = 8.9
    is 12.8x log 2), and the K is what is in doubt, not the step size. Read from every raw point: an explosion
    lasts a few steps and bin medians would hide it.
    Returns {'tag', 'step', 'peak', 'ratio'} or None."""
    tag = run.roles.get("train_loss")
    if tag is None:
        return None
    s = run.series("train_loss")
    v = s.to_numpy(dtype=np.float64)
    fin = np.isfinite(v)
    if fin.sum() < 3 or scale <= 0:
        return None
    steps = s.index.to_numpy()
    start = int(np.argmax(fin))
    i = int(np.argmax(np.where(fin, v, -np.inf)))
    peak = float(v[i])
    climbed = i > start and float(np.min(v[start:i][fin[start:i]])) <= 0.5 * peak
    if peak >= explode_ratio * scale and (climbed or peak > math.log(max(VOCAB_SIZES))):
        return {"tag": tag, "step": int(steps[i]), "peak": peak, "ratio": peak / scale}
    bad = np.flatnonzero(~fin[start:])
    if len(bad):
        j = start + int(bad[0])
        return {"tag": tag, "step": int(steps[j]), "peak": float("inf"), "ratio": float("inf")}
    return None


def _penalty_not_blowup(run: Run, blow: dict | None) -> dict | None:
    """:func:`penalty_decay`'s reading of the training loss when the explosion ``_blowup`` found (``blow``) is its first
    reading: a weight penalty in the logged loss decaying from there, not a blow-up. None otherwise."""
    s = prepared(run, "train_loss")
    if blow is None or not len(s) or blow["step"] != int(s.index[0]):
        return None
    return penalty_decay(run)


def _thrown_at_first(run: Run, k: int, p: Params) -> dict | None:
    """The training loss's first reading ``thrown_first_ratio`` x log K or more, at the run's start, with every reading
    after it at log K (their median ``_sits_at`` it): no untrained K-class model starts there, and one thrown off its
    start by a bad initialisation alone comes back to learn -- the first step (or the first epoch, whose mean holds the
    blow-up: Adam at 0.5, 6.62 = 4.8x log 4, then 1.39-1.41) threw the model to chance. K must be read from more than
    the loss (an accuracy at 1/K, or stated): the caller's. Returns ``_blowup``'s dict for that reading, or None."""
    s = prepared(run, "train_loss")
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    if k < 2 or len(v) < 3 or not _starts_at_start(steps):
        return None
    chance = math.log(k)
    if not v[0] >= p.thrown_first_ratio * chance or not _sits_at(float(np.median(v[1:])), chance, p):
        return None
    return {"tag": run.roles.get("train_loss", "train_loss"), "step": int(steps[0]), "peak": float(v[0]),
            "ratio": float(v[0]) / chance}


def _first_thrown(run: Run, scale: float, explode_ratio: float) -> int:
    """The first step at which the training loss reached ``explode_ratio`` times ``scale`` or went non-finite (after
    a finite start); the last step when it never did."""
    s = run.series("train_loss")
    v = s.to_numpy(dtype=np.float64)
    st = s.index.to_numpy()
    fin = np.isfinite(v)
    start = int(np.argmax(fin)) if fin.any() else 0
    up = np.flatnonzero((v >= explode_ratio * scale) | (~fin & (np.arange(len(v)) > start)))
    return int(st[up[0]]) if len(up) else int(st[-1])


def _k_after_blowup(run: Run, tail: float, p: Params) -> int | None:
    """K of a loss that started at log K, exploded (``explode_ratio`` x log K), and came back to sit at or just
    above log K: three readings of one K (start, return, flat tail), not a coincidence of one level."""
    s = run.series("train_loss")
    v = s.to_numpy(dtype=np.float64)
    v = v[np.isfinite(v)]
    if len(v) < max(p.min_points, 3):
        return None
    k = k_from_loss(float(v[0]), p.match_tol)
    if k is None:
        return None
    chance = math.log(k)
    if not _sits_at(tail, chance, p):
        return None
    peak = float(np.max(v))
    if peak < p.explode_ratio * max(chance, float(v[0])):
        return None
    return k


def _sits_at(level: float, chance_loss: float, p: Params) -> bool:
    """A loss level at or just above the chance loss: at most ``band`` below it, ``max_excess_above`` above it (a
    model predicting the class prior, slightly miscalibrated)."""
    return -p.band <= level / chance_loss - 1.0 <= p.max_excess_above


# a loss whose last quarter sits this much (relative) below its third quarter is still falling: no level yet
_STILL_FALLING = 0.1
# a plateau whose readings all lie within this share of log K of each other (constant-loss's flat_rel_tol) is a
# model whose weights barely move: the causes that stop updates come before detached labels
_STILL_SPREAD = 1e-3


@shared  # asked two or three times per run (the K readings of the validation accuracy and of the losses)
def _late_loss_levels(run: Run) -> list[tuple[str, float]]:
    """(role, late level: median of the last quarter) of the training and validation losses, each one only where
    the loss has reached a level (its last quarter at most _STILL_FALLING below its third)."""
    out = []
    for role in ("train_loss", "val_loss"):
        if role in run.roles:
            v = prepared(run, role).to_numpy(dtype=np.float64)
            if len(v) >= 3:
                late = window_median(v, 0.75, 1.0)
                if len(v) >= 8 and window_median(v, 0.5, 0.75) - late > _STILL_FALLING * abs(late):
                    continue  # still falling into that level (3.3 -> 1.9 -> 1.45 -> 1.18): passing log K, not at it
                out.append((role, late))
    return out


def _loss_levels(run: Run) -> list[tuple[str, float]]:
    """Where the losses sit late (:func:`_late_loss_levels`) and where they start: the first logged training and
    validation losses (a fresh K-class model starts at log K, so a start at log K reads
    K as well as a plateau there -- a model that memorised shuffled labels leaves log K on both losses, one down
    and one up, but started there)."""
    out = _late_loss_levels(run)
    for role in ("train_loss", "val_loss"):
        if role in run.roles:
            s = clean(run.series(role))
            v = s.to_numpy(dtype=np.float64)
            steps = s.index.to_numpy()
            # a training loss starts at log K only at initialisation: its first point must be the start of the run
            # (within 2% of its steps), not a value logged after some learning
            if len(v) < 3:
                continue  # (a loss NaN at every point has no start to read)
            at_start = role == "val_loss" or steps[0] <= 0.02 * max(float(steps[-1]), 1.0)
            if at_start:
                out.append((role, float(v[0])))
    return out


# the largest majority share a binary prior predictor is recognised at: H(0.8) = 0.50 nats, 72% of log 2
_MAX_PRIOR_SHARE = 0.8


def _one_class_everywhere(run: Run, v: np.ndarray, steps: np.ndarray, p: Params) -> tuple[int, float] | None:
    """(evaluations, share) when the run's own held-out precision and recall say the model predicted the positive
    class for every example: at an evaluation where recall is 1 and precision equals the accuracy (below 1), no
    example was predicted negative -- with recall 1 no positive is missed, so the accuracy is (TP + TN) / N and the
    precision TP / (TP + FP); the two are equal only when TN or FP is 0, and FP = 0 with recall 1 is a perfect
    score. That is an identity, not a tolerance: the accuracy is then the positive share of the evaluation set, what
    a constant predictor scores. Counted when it holds at half of the evaluations or more (``min_evals`` at least)
    and at the last one: the held-out predictions are one class, whatever the training split did."""
    prec = [m for m in run.metrics if m.kind == "precision" and m.split == "val" and m.rate]
    rec = [m for m in run.metrics if m.kind == "recall" and m.split == "val" and m.rate]
    if len(prec) != 1 or len(rec) != 1 or len(v) < p.min_evals:
        return None
    ps, rs = clean(run.series(prec[0].tag)) / prec[0].scale, clean(run.series(rec[0].tag)) / rec[0].scale
    hits = []
    for st, a in zip(steps.tolist(), v.tolist()):
        if st not in ps.index or st not in rs.index:
            continue
        pv, rv = float(ps.loc[st]), float(rs.loc[st])
        hits.append(abs(rv - 1.0) <= 1e-6 and abs(pv - a) <= 1e-4 and a < 1.0 - 1e-6)
    if len(hits) < p.min_evals or not hits[-1] or sum(hits) < max(p.min_evals, 0.5 * len(v)):
        return None
    q = float(np.median([a for a, h in zip(v.tolist(), hits) if h]))
    return sum(hits), q


def _binary_prior(run: Run, v: np.ndarray, p: Params) -> tuple[int, str, float] | None:
    """(2, why, q) for a binary task with unbalanced classes whose model predicts the prior: the validation
    accuracy sits at one value q >= 0.5 (the majority share of a fixed evaluation set) at half of the evaluations
    or more, and a loss sits at the prior's entropy H(q) = -(q log q + (1-q) log(1-q)) <= log 2 (within the chance
    band below, ``max_excess_above`` above). A model that learned anything moves its accuracy off the majority
    share and its loss below H(q); a balanced 90%-accurate classifier whose loss happens to be near H(0.9) does
    not repeat one accuracy at half of its evaluations."""
    if len(v) >= 2 * p.min_evals and 0.5 <= float(v[0]) < 1.0 and _same_number(v) and not _outputs_moving(run, float(v[0]), p):
        # the very same accuracy at every evaluation from the first one on, over twice the evaluations the floor
        # test needs: the held-out predictions never changed while training went on -- a model that predicts one
        # class everywhere scores that class's share (0.987 of a segmentation's background pixels), however high
        # that share is. A classifier that learned moves its accuracy at least while it learns; one repeated
        # value at a few evaluations is a small evaluation set's granularity (above _MAX_PRIOR_SHARE the loss
        # test below cannot tell the two apart, this one can)
        q = float(np.median(v))
        return 2, (f"the accuracy is the same number, {q:.4f}, at all {len(v)} evaluations from the first: the "
                   "held-out predictions never change"), q
    two = _two_shares(v) if len(v) >= p.min_evals else None
    if two is not None:
        # every evaluation scores one of two numbers that sum to 1 (0.522 and 0.478): the two class shares of a fixed
        # binary evaluation set, i.e. the accuracy of predicting one class for every example, then the other. A
        # model that learned anything scores something else at least once
        q = two
        return 2, (f"binary: every one of the {len(v)} evaluations scores {q:.3f} or {1 - q:.3f}, the two class "
                   "shares: the model predicts one class for every example"), q
    vals, counts = np.unique(v, return_counts=True)
    i = int(np.argmax(counts))
    q = float(vals[i])
    if counts[i] < max(3, 0.5 * len(v)) or not 0.5 <= q <= _MAX_PRIOR_SHARE:
        # above ~0.8 the prior's entropy (< 0.5 nats) is as low as a good classifier's loss, and a converged
        # classifier's accuracy repeats on a small evaluation set too: the two readings no longer tell them apart
        return None
    h = _prior_loss(q)
    for role, level in _late_loss_levels(run):
        if _sits_at(level, h, p):
            return 2, (f"binary: the accuracy repeats {q:.3f} at {counts[i]} of {len(v)} evaluations and "
                       f"{run.roles[role]} sits at the entropy of that prior, {fmt_num(h)}"), q
    return None


def _settled_on_prior(run: Run, q: float, p: Params) -> tuple[int, str, float] | None:
    """(K, why, q) when an accuracy that collapsed onto one number q sits beside a late training or validation loss
    settled (the halves of its last quarter within ``settle_tol`` of each other: a loss still sliding down only passes
    by a level) where a predictor of the class prior sits:
    - for a majority share q (0.5 to ``_MAX_PRIOR_SHARE``), within ``settle_tol`` of the entropy of that prior, H(q)
      (K = 2): an all-negative multi-label tagger squeezed there by a weight penalty, its binary accuracy 0.74 = 1 -
      prevalence, its loss 0.5735 = H(0.26);
    - for a share below 0.5, at log K (the chance band) for a plausible K with 1/K below q: outputs near uniform
      whose argmax is one class for every example, scoring that class's share of an unbalanced set (a 4-class model
      thrown by Adam at lr 0.3, its accuracy 0.3422 at each of its last 13 evaluations, its losses 1.365 and 1.37
      beside ln 4 = 1.386).
    A model that learned anything scores below those losses at that accuracy; a collapse is otherwise read at 1/K
    only (a converged model's small evaluation set repeats its high score), and a settled loss on the prior's is what
    tells a prior predictor from it."""
    if not 0.0 < q <= _MAX_PRIOR_SHARE:
        return None
    h = _prior_loss(q) if q >= 0.5 else None
    for role, level in _late_loss_levels(run):
        if h is not None:
            # at H(q), or a little below it (at most the chance band): a multi-label model's binary accuracy is the
            # mean of its labels' majority shares, and predicting each label's prior scores the mean of their
            # entropies -- below the entropy of the mean share (H is concave), by a few percent for prevalences
            # spread over 0.2-0.4 (an all-negative tagger squeezed by a weight penalty: 0.572 beside H(0.7225) = 0.591)
            ks = [2] if -p.band <= level / h - 1.0 <= p.settle_tol else []
        else:
            ks = [k for k in _plausible_near(level, p) if 1.0 / k < q]
        if not ks:
            continue
        # settled there: the two halves of its last quarter within settle_tol of each other -- a loss still sliding
        # down past H(q) (a slow learner on a 14-example evaluation set, 0.533 -> 0.514) only passes by it
        late = prepared(run, role).to_numpy(dtype=np.float64)
        late = late[len(late) - max(4, len(late) // 4):]
        half = len(late) // 2
        if abs(float(np.median(late[:half])) / float(np.median(late[half:])) - 1.0) > p.settle_tol:
            continue
        if h is not None:
            return 2, (f"the accuracy stays at {q:.4f}, a majority share, while {run.roles[role]} settled at "
                       f"{fmt_num(level)}, the entropy of that prior ({fmt_num(h)}): the model predicts the prior"), q
        k = ks[0]
        return k, (f"the accuracy stays at {q:.4f} (one class predicted for every example: its share) while "
                   f"{run.roles[role]} settled at {fmt_num(level)}, log({k}) = {fmt_num(math.log(k))}, a uniform "
                   "guess's loss"), q
    return None


def _repeated_share_at_log_k(run: Run, v: np.ndarray, p: Params) -> tuple[int, str, float] | None:
    """(K, why, q) when the held-out accuracy repeats one number q < 1 at 80% of its evaluations or more (``min_evals``
    at least) and a late loss level sits at log K for a plausible K with 1/K below q: the argmax never changes (one
    class predicted for every example, its share q of the evaluation set) while the outputs stay near uniform (the
    loss of a uniform guess) -- a model at chance on an unbalanced K-class set, whose majority share is what a
    constant predictor scores (a 5-class text classifier at 0.3265 for 14 of 15 evaluations, its losses at 1.63 =
    ln 5). A model that learned moves its accuracy; a converged one whose small evaluation set repeats its score has
    a loss far below log K; a validation loss that fell by more than 5% meanwhile says the outputs changed (an
    evaluation set of a few examples hides that in one count). Not on a collapse's tail (read at 1/K only)."""
    if len(v) < max(p.min_evals, 5):
        return None
    vals, counts = np.unique(np.round(v, 6), return_counts=True)
    i = int(np.argmax(counts))
    q = float(vals[i])
    if counts[i] < 0.8 * len(v) or not 0.0 < q <= _MAX_PRIOR_SHARE:
        # (above the binary reading's cap a repeated score is as likely a converged model on a small evaluation
        # set, whose loss can sit near some log K by coincidence: 0.955 beside a double softmax's floor at 1.09)
        return None
    if _held_out_loss_improved(run):
        return None  # the held-out loss improved meanwhile: the outputs changed (a few examples hide it in one count)
    for role, level in _late_loss_levels(run):
        for k in _plausible_near(level, p):
            if 1.0 / k < q:
                return k, (f"the accuracy repeats {q:.4f} at {counts[i]} of {len(v)} evaluations (one class predicted "
                           f"for every example: its share) while {run.roles[role]} sits at log({k}) = "
                           f"{fmt_num(math.log(k))}, a uniform guess's loss"), q
    return None


def _held_out_loss_improved(run: Run) -> bool:
    """Whether the validation loss fell by more than 5% (medians of its first and last fifths; the practical floor of
    the loss rules): held-out outputs that changed, for the better."""
    f = _val_loss_fifths(run, 3)
    return f is not None and math.log(f[0] / f[1]) > 0.05


def _val_loss_fifths(run: Run, min_evals: int, since: int | None = None) -> tuple[float, float] | None:
    """(first, last): the medians of the validation loss's first and last fifths (its evaluations from ``since`` on),
    when it has ``min_evals`` evaluations or more, all positive; else None -- what the readings of a held-out loss
    that moved, improved or halved compare."""
    if "val_loss" not in run.roles:
        return None
    vs = clean(run.series("val_loss"))
    if since is not None:
        vs = vs[vs.index >= since]
    v = vs.to_numpy(dtype=np.float64)
    if len(v) < min_evals or (v <= 0).any():
        return None
    return fifth_medians(v)


def _two_shares(v: np.ndarray) -> float | None:
    """The larger of the two values an accuracy series takes when it takes exactly two that sum to 1 (the two class
    shares of a binary evaluation set: a constant predictor of one class, then of the other), else None. Within
    0.01: an accuracy averaged over batches weighs a last, smaller batch as a full one, so the shares it reports can
    sum to 1.004 (0.35625 + 0.6475). Every such evaluation is a constant predictor's score: none beat chance, whichever
    share most of them show."""
    u = _share_values(v)
    return float(u[1]) if u is not None and len(u) == 2 else None


def _late_shares(v: np.ndarray, p: Params) -> tuple[int, tuple[int, str, float]] | None:
    """(start, (K, why, q)) when every evaluation from ``start`` to the end -- the last half at least, ``min_evals``
    or more -- scores one of 2 to 5 numbers (twice as many evaluations as numbers at least) that together sum to 1
    or less (within 0.01) and lie at least ``share_gap`` apart: a few of the class shares of a fixed evaluation set, i.e. a model that
    predicts one class for every example at each of those evaluations (a different class from time to time). Unlike
    :func:`_class_shares` the evaluations before ``start`` may score anything (a model thrown about by an LR far too
    high, before it settles on predicting a class). A model whose predictions are mixed scatters over many numbers;
    one that hovers near a level scores neighbouring numbers, not a few numbers far apart that leave room for the
    other classes' shares. q is the largest of them (no constant predictor scores less than the majority share), K
    the fewest classes those shares allow (one more than their count when they leave a share of 0.01 or more
    unclaimed)."""
    n = len(v)
    late = np.round(v[n // 2:], 6)
    if len(late) < max(p.min_evals, 6):
        return None
    u = np.unique(late)
    if not 2 <= len(u) <= 5 or len(late) < 2 * len(u) or float(u.sum()) > 1.01 or float(u[0]) <= 0.0:
        return None
    grid = _count_grid(u)
    if float(np.min(np.diff(u))) < max(p.share_gap, 3.0 / grid if grid else 0.0) - 1e-9:
        # (the tolerance: 0.29 - 0.26 is 0.0299999 in binary) numbers one or two examples apart on the evaluation
        # set's own grid (4/17, 5/17, 6/17) are a model hovering at its level, not class shares
        return None
    start = n // 2
    keep = set(u.tolist())
    while start > 0 and float(np.round(v[start - 1], 6)) in keep:
        start -= 1
    k = len(u) + (1 if 1.0 - float(u.sum()) >= 0.01 else 0)
    shown = ", ".join(f"{x:.4f}" for x in u)
    return start, (k, (f"every one of the {n - start} evaluations from there on scores one of {len(u)} numbers "
                       f"({shown}) that leave room for each other as class shares of one evaluation set: the model "
                       "predicts one class for every example"), float(u[-1]))


def _count_grid(u: np.ndarray, largest: int = 2000) -> int | None:
    """The smallest evaluation-set size N (up to ``largest``) of which every value in ``u`` is a whole count k/N
    (within float32 rounding: an accuracy Keras or a tracker wrote as a float32), or None: the grid an accuracy over
    a fixed set of examples moves on."""
    for n in range(2, largest + 1):
        c = u * n
        if bool(np.all(np.abs(c - np.round(c)) <= 2e-6 * n + 1e-9)):
            return n
    return None


def _share_values(v: np.ndarray) -> np.ndarray | None:
    """The distinct values of an accuracy series (to 6 decimals) when they could be a fixed evaluation set's class
    shares -- they sum to 1 within 0.01 and none is 1 -- else None: what :func:`_two_shares` and
    :func:`_class_shares` count."""
    u = np.unique(np.round(v, 6))
    return u if abs(float(u.sum()) - 1.0) <= 0.01 and float(u[-1]) < 1.0 else None


def _loss_at_chance(run: Run, k: int, chance: float, p: Params) -> bool:
    """A late training or validation loss level sits where a predictor of the prior sits: at log K for a chance
    accuracy of 1/K, at the prior's entropy H(q) for a majority share q (:func:`_sits_at`)."""
    if not (abs(chance - 1.0 / k) < 1e-12 or 0.5 <= chance < 1.0):
        return False
    h = _prior_loss(chance)
    return any(_sits_at(level, h, p) for _, level in _late_loss_levels(run))


def _prior_loss(q: float) -> float:
    """The loss of a predictor of the class prior that scores accuracy ``q``: the prior's entropy H(q) for a binary
    majority share q >= 0.5 (log 2 at 0.5), log K for a chance accuracy q = 1/K below it."""
    if q >= 0.5:
        return -(q * math.log(q) + (1.0 - q) * math.log(1.0 - q)) if q < 1.0 else 0.0
    return math.log(max(2, round(1.0 / q)))


def _prior_loss_bound(run: Run, q: float) -> float:
    """The largest loss a predictor of a class prior scoring majority share ``q`` >= 0.5 can sit at when the task may
    have more than two classes: H(q) + (1 - q) log(K - 1), the remaining share spread evenly over the other K - 1
    classes. K is bounded by the untrained model's loss, about log K: the training loss's first reading, 5% up and
    rounded (a first epoch mean sits a little below log K: 1.01 for three classes, log 3 = 1.10).
    A three-class set with a majority of 0.68 has a prior entropy of 0.85, not the binary 0.63; a loss settling at
    0.86 beside an accuracy of 0.6765 at every evaluation is the prior learned, not outputs that still change.
    0 when there is no first reading above log 2 or no majority share, or when the training split is fitted (a model
    that learned, whose held-out outputs change though a small evaluation set repeats one count)."""
    if not 0.5 <= q < 1.0 or "train_loss" not in run.roles:
        return 0.0
    t = clean(run.series("train_loss")).to_numpy(dtype=np.float64)
    if not len(t) or not math.isfinite(float(t[0])) or float(t[0]) <= math.log(2.0):
        return 0.0
    k = round(math.exp(min(float(t[0]) * 1.05, 30.0)))
    if k < 3:
        return 0.0
    h = -(q * math.log(q) + (1.0 - q) * math.log(1.0 - q)) + (1.0 - q) * math.log(k - 1)
    # a fitted training split -- its loss below half that entropy, or a training accuracy half of the way from the
    # majority share to 1 -- is a model that learned: its held-out outputs change, whatever one count repeats
    if window_median(t, 0.75, 1.0) < 0.5 * h or any(
            m.split == "train" and m.kind == "accuracy" and m.higher_is_better and lvl >= q + 0.5 * (1.0 - q)
            for m, lvl in late_rate_levels(run)):
        return 0.0
    return h


def _outputs_moving(run: Run, q: float, p: Params, since: int | None = None) -> bool:
    """A validation loss that says the held-out outputs are still changing while an accuracy beside it repeats the
    value ``q``: it moved by more than 5% (medians of its first and last fifths; the practical floor of the loss
    rules) and ends above what a constant predictor scoring ``q`` can sit at -- the entropy of its prior, at most
    log 2 for a binary share q >= 0.5 (or :func:`_prior_loss_bound` when the first loss allows more classes) and
    log K for q = 1/K -- by more than ``max_excess_above``. A constant
    predictor's loss either sits still (a dead network's 14.4 at every epoch) or settles onto that entropy while the
    prior is learned (within ``max_excess_above`` of it, or 0.05 nats for the small entropies of a share near 1); a
    loss still falling well above it belongs to a model whose outputs change, and an accuracy
    over a few examples (3/6 at ten evaluations) hides that in one count. ``since``: only the evaluations from that
    step on (the stretch an accuracy repeats its value over)."""
    f = _val_loss_fifths(run, 3, since) if 0.0 < q < 1.0 else None
    if f is None:
        return False
    first, last = f
    if abs(math.log(last / first)) <= 0.05:
        return False
    h = max(_prior_loss(q), _prior_loss_bound(run, q))
    # settled: within max_excess_above of the entropy, or 0.05 nats of it for the tiny entropies of a share near 1
    return last > max((1.0 + p.max_excess_above) * h, h + 0.05)


def _after_blowup(run: Run, v: np.ndarray, steps: np.ndarray, k_given: int | None,
                  p: Params) -> tuple[int, np.ndarray] | None:
    """(step, mask of the evaluations after it) when the training loss exploded (``_blowup``, K read from the late
    evaluations' level at 1/K or stated) after some evaluations that beat chance, and the evaluations after the
    explosion's peak are most of them (at least half, and at least ``min_evals``, or three as for a short run
    that blew up)."""
    late = v[len(v) // 2:]
    k = k_given or k_from_acc(float(np.median(late)), tol=0.1, k_max=1000, k_above=more_classes_than(run))
    if not k or k < 2 or never_beat_chance(v, k, p.val_margin, p.acc_slack, 1.0 / k):
        return None
    blow = _blowup(run, math.log(k), p.explode_ratio)
    if blow is None:
        return None
    keep = steps > blow["step"]
    n = int(keep.sum())
    if n == len(v) or n < max(3, 0.5 * len(v)):
        return None
    if not never_beat_chance(v[keep], k, p.val_margin, p.acc_slack, 1.0 / k):
        # the evaluations after the largest explosion still beat chance for a while: a run thrown up more than once
        # (58,208 at its first step, 1,461 at epoch 11) collapses after a later explosion. The stretch at the end that
        # never beats chance, when it is most of the evaluations from the last explosion before it on, is judged
        later = _last_blowup_before_chance(run, v, steps, k_given, p)
        if later is not None:
            return later
    return int(blow["step"]), keep


def _last_blowup_before_chance(run: Run, v: np.ndarray, steps: np.ndarray, k_given: int | None,
                               p: Params) -> tuple[int, np.ndarray] | None:
    """(step, mask) of the final stretch of evaluations that never beat chance (1/K), when it holds at least a third of
    them and ``min_evals``, and the training loss exploded (``explode_ratio`` x log K, or non-finite) before it began:
    the last such explosion's step, and that stretch, which must be most of the evaluations since the explosion (a
    model sliding to chance over a few evaluations after it, 0.37, 0.31, 0.38, 0.33, then 0.20 to the end). K is
    stated or read from the final third's level (the late half holds the slide)."""
    n = len(v)
    at = _chance_tail(v, k_given, n // 3, p)
    if at is None:
        return None
    k, t = at
    if t < max(p.min_evals, n / 3) or t == n:
        return None
    start = int(steps[n - t])
    s = run.series("train_loss") if "train_loss" in run.roles else None
    if s is None or not len(s):
        return None
    lv = s.to_numpy(dtype=np.float64)
    ls = s.index.to_numpy()
    up = np.flatnonzero(((lv >= p.explode_ratio * math.log(k)) | ~np.isfinite(lv)) & (ls < start))
    if not len(up):
        return None
    at = int(ls[up[-1]])
    if t < 0.5 * int((steps > at).sum()):
        return None
    return at, steps >= start


def _chance_tail(v: np.ndarray, k_given: int | None, last: int, p: Params) -> tuple[int, int] | None:
    """(K, how many evaluations at the end of ``v`` never beat chance together), K stated or read from the median
    of the last ``last`` evaluations (at least ``min_evals``) at 1/K; None without a K."""
    n = len(v)
    k = k_given or k_from_acc(float(np.median(v[-max(p.min_evals, last):])), tol=0.1, k_max=1000)
    if not k or k < 2:
        return None
    t = 0
    while t < n and never_beat_chance(v[n - t - 1:], k, p.val_margin, p.acc_slack, 1.0 / k):
        t += 1
    return k, t


def _back_at_chance(run: Run, v: np.ndarray, steps: np.ndarray, k_given: int | None,
                    p: Params) -> tuple[int, np.ndarray, float, int] | None:
    """(first step, mask, the training loss's level there, K) of a final stretch of evaluations that never beats chance
    (1/K) after earlier ones did, with the training loss back at log K over that stretch -- a model that learned,
    lost it and sits at the uniform guess, whether or not its loss was ever thrown an order of magnitude up (an LR
    too high for the later stage of a one-cycle schedule throws it 3x and drops it back to log K; AdamW at lr 1.5
    climbs to 0.75 and is knocked back by a spike to 2.8x log K). Two readings of one chance level over the same
    stretch: the accuracy at 1/K and the loss a uniform K-way prediction scores (``_sits_at`` log K), at least as many
    of its readings there as the stretch has evaluations. K is stated, or each count whose 1/K the stretch's level
    matches (0.176 is 1/6 within 6% and 1/5 within 12%), tried in the order of their match, the loss's level deciding
    between them. The stretch is a third of the evaluations at least (``min_evals`` too) and not all of them (a run at
    chance from its first evaluation is the whole-run test's). A training loss far below log K beside held-out
    accuracy at chance is a model that fitted its training data: not this."""
    n = len(v)
    if "train_loss" not in run.roles:
        return None
    if k_given:
        ks = [k_given]
    else:
        level = float(np.median(v[-max(p.min_evals, n // 3):]))
        ks = sorted({k for k in (int(math.floor(1.0 / level)), int(math.ceil(1.0 / level)))
                     # (the bound compared with a float's slack: 0.23 x 5 is 1.1500000000000001)
                     if level > 0 and 2 <= k <= 1000 and abs(level * k - 1.0) <= 0.15 + 1e-9},
                    key=lambda k: abs(level * k - 1.0)) if 0 < level <= 0.55 else []
    s = prepared(run, "train_loss")
    lvs, lst = s.to_numpy(dtype=np.float64), s.index.to_numpy()
    for k in ks:
        at = _chance_tail(v, k, n // 3, p)
        if at is None:
            continue
        t = at[1]
        if t == n or t < max(p.min_evals, n / 3):
            continue
        start = int(steps[n - t])
        lv = lvs[lst >= start]
        lv = lv[np.isfinite(lv)]
        if len(lv) < max(3, t):
            continue
        level = float(np.median(lv))
        if _sits_at(level, math.log(k), p):
            return start, steps >= start, level, k
    return None


def _loss_went_non_finite(run: Run) -> bool:
    """The training loss has NaN/inf readings (its weights, and so the outputs, went non-finite)."""
    if "train_loss" not in run.roles:
        return False
    return bool((~np.isfinite(run.series("train_loss").to_numpy(dtype=np.float64))).any())


def _frozen_tail(v: np.ndarray, p: Params, share: float = 0.5, least: int = 0) -> int:
    """How many evaluations at the end of ``v`` are the same number, when they are most of them (at least ``share``
    of them -- half -- and at least ``min_evals`` and ``least``, and not all: that is the whole-run test's), else 0.
    A held-out accuracy that repeats one value at every evaluation to the end is a predictor that stopped changing (a collapse to one class after a
    blow-up); a learning model's accuracy over a real evaluation set moves in its last digits."""
    n = len(v)
    same = v == v[-1]
    tail = n if bool(same.all()) else n - 1 - int(np.flatnonzero(~same)[-1])
    return tail if max(p.min_evals, least, share * n) <= tail < n else 0


def _same_number(v: np.ndarray) -> bool:
    """Every value the same number up to float32 rounding (a relative spread of 1e-6: an accuracy averaged over
    batches in float32 reads 0.98660713 or 0.98660702 for the same count of correct predictions)."""
    return float(np.ptp(v)) <= 1e-6 * max(abs(float(np.median(v))), 1e-12)


def _balanced(tag: str) -> bool:
    """Whether an accuracy's name says it is balanced (the mean recall over classes: 'val_bacc',
    'balanced_accuracy', 'val/balAcc')."""
    toks = tokens(tag)
    return any(t in ("bacc", "balacc", "balanced") for t in toks) or ("bal" in toks and "acc" in toks)


def _never_better_than_uniform(run: Run, q: float, evaluations: int) -> bool:
    """An accuracy repeating exactly 1/K (q; K from 2 to 1,000) beside a validation cross-entropy that is at or above
    log K at every one of at least as many evaluations, and not falling (its last fifth no more than 5% below its
    first): the held-out outputs change (the loss moves) but never to anything better than a uniform guess, by the
    loss or by the accuracy -- both readings say chance (a video classifier at 0.5 at all four evaluations while its
    loss goes 1.53 -> 2.37). A small evaluation set can hide a learning model's progress in one repeated count; it
    cannot also hold its loss above log K without improving it."""
    if not 0.0 < q < 1.0 or "val_loss" not in run.roles or looks_non_ce(run):
        return False
    k = round(1.0 / q)
    if not 2 <= k <= 1000 or abs(q * k - 1.0) > 1e-6:
        return False
    v = prepared(run, "val_loss").to_numpy(dtype=np.float64)
    if len(v) < max(3, evaluations) or not bool(np.isfinite(v).all()) or float(v.min()) < math.log(k):
        return False
    # ... and it did not improve either (medians of its first and last fifths): a loss falling toward log K from
    # above is a model whose outputs get better, which a few-example set's repeated count hides
    f = _val_loss_fifths(run, 3)
    return f is not None and f[1] >= 0.95 * f[0]


def _val_loss_below_chance(run: Run, k: int, p: Params, since: int | None = None) -> bool:
    """A validation loss whose median sits well below log K (by more than three chance bands): the held-out
    predictions are better than the class prior, so the model is not at chance on that split whatever an
    accuracy beside it says (it is computed on something else, or thresholded wrongly). A loss that goes negative is
    no cross-entropy of predicted probabilities (NLLLoss on raw scores, a sign error): it says nothing of them.
    ``since``: only the evaluations after that step are read -- those the accuracy is judged on (after an explosion,
    the readings from before it describe a model that no longer exists)."""
    if "val_loss" not in run.roles:
        return False
    s = prepared(run, "val_loss")
    if since is not None:
        s = s[s.index > since]
    v = s.to_numpy(dtype=np.float64)
    return len(v) >= 3 and bool((v >= 0).all()) and float(np.median(v)) < (1.0 - 3.0 * p.band) * math.log(k)


def _climbing(v: np.ndarray) -> bool:
    """A held-out accuracy that rose through its evaluations: its last third's median at least 1.5x its first third's
    and above it by six of its point-to-point noise sigmas, with at least six evaluations (a token accuracy going
    3.6% -> 4.4% -> ... -> 9.2% at an LR of 1e-6). Whatever its level, a model whose held-out score keeps climbing is
    learning, too slowly perhaps (underfitting's), not sitting at chance; an accuracy at chance scatters around one
    level, and one that collapsed falls."""
    n = len(v)
    if n < 6:
        return False
    t = n // 3
    first, last = np_median(v[:t]), np_median(v[-t:])
    sigma = noise_sigma(v)
    return first > 0 and last >= 1.5 * first and math.isfinite(sigma) and last - first > 6.0 * sigma


def _class_shares(v: np.ndarray, p: Params) -> tuple[int, str, float] | None:
    """(K, why, q) when every evaluation scores one of exactly K >= 3 numbers that sum to 1 (within 0.01, as
    :func:`_two_shares`), over at least ``min_evals`` evaluations and twice as many as K: the K class shares of a
    fixed evaluation set, i.e. a model that predicts one class for every example at every evaluation (a different
    one from time to time). K is the count of those numbers, whatever level they sit at -- on an unbalanced set the
    shares (0.30, 0.30, 0.25, 0.15) name no 1/K, and the median of such a series reads K wrong -- and the chance
    level q is the largest share: no constant predictor scores more. A model that learned anything, or whose
    predictions are mixed, scores other numbers: an at-chance model on a set of a few hundred examples scatters over
    many values, not K. (K = 2 is :func:`_binary_prior`'s.)"""
    u = _share_values(v)
    k = 0 if u is None else len(u)
    if k < 3 or len(v) < max(p.min_evals, 2 * k):
        return None
    return k, (f"every one of the {len(v)} evaluations scores one of {k} numbers that sum to 1, the {k} class "
               "shares: the model predicts one class for every example"), float(u[-1])


def _val_k(run: Run, v: np.ndarray, sigma: float, frozen: bool, p: Params) -> tuple[int, str] | None:
    """K of a validation accuracy sitting at chance, read twice: (1) from a loss whose late level (or start) sits at
    or just above log K for a plausible K (the class counts of common tasks, as for a loss alone) with the accuracy's
    median at 1/K within its own noise -- a small evaluation set scatters an accuracy at 1/100 over 0.002-0.014,
    too noisy to read K from it alone; (2) from the accuracy's median at 1/K (10%), confirmed by a loss at log K
    or by an accuracy identical at every evaluation. None when the two readings do not agree on one K."""
    med = float(np.median(v))
    # the median of n readings scattered by sigma has a standard error of 1.25 sigma / sqrt(n); the accuracy only has
    # to agree with the K the loss reads (it does not name K itself here), so 'within its own noise' is 3 of them
    noise = 3.0 * 1.25 * sigma / math.sqrt(len(v)) if math.isfinite(sigma) else 0.0
    levels = _loss_levels(run)
    for role, level in levels:
        for k in LOSS_K:
            if _sits_at(level, math.log(k), p) and abs(med - 1.0 / k) <= max(0.1 / k, noise):
                return k, f"from {run.roles[role]} at log K and the accuracy at 1/K"
    # the same two readings for any plausible class count (a 7-class emotion set, 12 waveform classes): round counts
    # are tried first because they are the commoner tasks, but a loss SETTLED at log K beside an accuracy at 1/K is
    # the signature of a model predicting the uniform prior whatever K is. Only where the losses settle: between 1
    # and 3 nats some integer's log lies within 2% of any first reading (a 10-class model logged after its first
    # minibatches starts 'at log 7'). The K whose log is nearest a level wins
    best = None
    for role, level in _late_loss_levels(run):
        for k in _plausible_near(level, p):
            if abs(med - 1.0 / k) <= max(0.1 / k, noise):
                err = abs(level / math.log(k) - 1.0)
                if best is None or err < best[0]:
                    best = (err, k, role)
    if best is not None:
        return best[1], f"from {run.roles[best[2]]} at log K and the accuracy at 1/K"
    # the validation loss's first evaluation at log K, the accuracy's first evaluations at 1/K, and a training split
    # that went on to be fitted: what the model learns never reached held-out data from the first evaluation on --
    # labels unrelated to the inputs, whose accuracy may then drift below 1/K as the model memorises a wrong mapping
    first_val = _first_val_loss(run)
    near = _plausible_near(first_val, p) if first_val is not None else []
    if near:
        # (the K whose log the first validation loss is nearest; its accuracy's first evaluations nearer 1/K than
        # 2/K or 0 -- half of 1/K either way -- which the scatter of a set of a few hundred examples allows)
        k = min(near, key=lambda c: abs(first_val / math.log(c) - 1.0))
        head = float(np.median(v[: max(3, len(v) // 5)]))
        if abs(first_val / math.log(k) - 1.0) <= p.match_tol and abs(head - 1.0 / k) <= 0.5 / k \
                and _train_fitted(run, math.log(k), 1.0 / k, p) is not None:
            return k, "from the first validation loss at log K and the first accuracies at 1/K"
    if lm_metric(run):
        # a text-generation metric (perplexity, BLEU ...) says the model generates tokens: its accuracy is a token
        # accuracy whose K is a vocabulary, whose chance is ~1/30,000 -- a level near 1/16 names no K
        return None
    k = k_from_acc(med, tol=0.1, k_max=1000, k_above=more_classes_than(run))
    if k is None:
        return None
    # a K read from the accuracy alone (any integer) is confirmed only by where a loss settles: a start that happens
    # to sit at log K for some integer is a coincidence as often as not
    for role, level in _late_loss_levels(run):
        if _sits_at(level, math.log(k), p):
            return k, f"from the accuracy at 1/K and {run.roles[role]} at log K"
    if frozen:
        return k, "from the accuracy level, identical at every evaluation"
    first = _untrained_loss(run)
    if first is not None and abs(first / math.log(k) - 1.0) <= p.match_tol:
        # the untrained model's own loss (read before any update had moved it) is log K: a fresh K-way classifier
        return k, "from the accuracy at 1/K and the untrained model's first loss at log K"

    if _blowup(run, math.log(k), p.explode_ratio) is not None:
        # a training loss that exploded (to explode_ratio x log K, or to NaN) is not a slow K'-way learner passing
        # through 1/K: the explosion is the second reading
        return k, "from the accuracy at 1/K, after the training loss exploded"
    return None


def _held_out_loss_halved(run: Run) -> bool:
    """The validation loss's last fifth sits at half its first fifth or lower (medians; at least 4 evaluations)."""
    f = _val_loss_fifths(run, 4)
    return f is not None and f[1] <= 0.5 * f[0]


def _first_val_loss(run: Run) -> float | None:
    """The validation loss's first evaluation (at least 4 evaluations), or None."""
    if "val_loss" not in run.roles:
        return None
    v = clean(run.series("val_loss")).to_numpy(dtype=np.float64)
    return float(v[0]) if len(v) >= 4 and v[0] > 0 else None


def _untrained_loss(run: Run) -> float | None:
    """The training loss's first reading when it was logged before training could move it: at the run's first step,
    within the first 1% of its steps (step 0 of a per-step print), else None."""
    if "train_loss" not in run.roles:
        return None
    s = clean(run.series("train_loss"))
    if len(s) < 3:
        return None
    steps = s.index.to_numpy()
    if float(steps[0]) > max(1.0, 0.01 * float(steps[-1])):
        return None
    v = float(s.iloc[0])
    return v if math.isfinite(v) and v > 0 else None


def _starts_at_start(steps: np.ndarray) -> bool:
    """The first reading is the run's start: the first its logging interval could write (step 9 of a loss logged every
    10 steps) or within 2% of the run's steps (at least 2 readings)."""
    return len(steps) >= 2 and not steps[0] > max(0.02 * float(steps[-1]), np_median(np.diff(steps)))


def _start_reading(run: Run, level: float) -> float:
    """The training loss's first reading when it is the run's start -- the first record its logging interval could
    write, or within 2% of its steps (as :func:`_k_from_start` reads it) -- and stands out of the run's own range:
    above every later reading and by more than 3 sigmas of the point-to-point noise above ``level`` (one reading is
    as noisy as any other: a small-batch loss that swings 0.01-3 and reaches its first value again later says
    nothing by its first value), else NaN."""
    s = clean(run.series("train_loss"))
    v = s.to_numpy(dtype=np.float64)
    if len(v) < 3 or not _starts_at_start(s.index.to_numpy()):
        return float("nan")
    sigma = noise_sigma(v)
    if not math.isfinite(sigma) or float(v[0]) - level <= 3.0 * sigma or float(v[0]) <= float(np.max(v[1:])):
        return float("nan")
    return float(v[0])


def _worse_than_guessing(run: Run, chance_loss: float, p: Params) -> float | None:
    """The training loss's level over the last three quarters of the run, as a multiple of ``chance_loss`` (log K,
    or the untrained model's first loss), when it sits at least 1 + max_head_excess times above it: a model made
    worse than a uniform guess and kept there -- the step too large for it (without the 10x explosion
    :func:`_blowup` needs). None otherwise."""
    if "train_loss" not in run.roles:
        return None
    v = prepared(run, "train_loss").to_numpy(dtype=np.float64)
    if len(v) < 4 or chance_loss <= 0:
        return None
    level = window_median(v, 0.25, 1.0)
    return level / chance_loss if level >= (1.0 + p.max_head_excess) * chance_loss else None


def _started_wider(run: Run, k: int, acc_tail: float, p: Params) -> bool:
    """The run began as a classifier over more classes than the K its late loss level names: the untrained model's
    first training loss, or the first validation loss, sits at log K' (within ``match_tol``) for a K' > K, and the
    accuracy has left 1/K' (beyond ``acc_slack``). A 6-way model that started at log 6 = 1.79 and fell to 1.15 with
    accuracy 0.42 has learned: its loss meets log 3 by coincidence, and 0.42 is no chance level for 6 classes."""
    for first in (_untrained_loss(run), _first_val_loss(run)):
        if first is None:
            continue
        for wide in _plausible_near(first, p):
            if wide > k and abs(first / math.log(wide) - 1.0) <= p.match_tol \
                    and not acc_at_chance(acc_tail, wide, p.acc_slack):
                return True
    return False


def _plausible_near(level: float, p: Params) -> list[int]:
    """The plausible class counts (:func:`plausible_k`: every integer up to 32, round counts above) whose log K
    a loss ``level`` sits at or just above (:func:`_sits_at`), nearest first."""
    if not math.isfinite(level) or level <= 0 or level / (1.0 + p.max_excess_above) > math.log(1001):
        return []  # (class counts above 1,000 are vocabularies, read from LOSS_K only)
    lo = math.exp(level / (1.0 + p.max_excess_above))
    hi = math.exp(level / (1.0 - p.band))
    ks = [k for k in range(max(2, math.floor(lo)), min(1001, math.ceil(hi)) + 1) if plausible_k(k)]
    ks = [k for k in ks if _sits_at(level, math.log(k), p)]
    return sorted(ks, key=lambda k: abs(level / math.log(k) - 1.0))


def _k_from_start(run: Run, v: np.ndarray, steps: np.ndarray, tail: float, acc_tail: float, p: Params) -> int | None:
    """K of a training loss that starts at log K and sits there, for any plausible class count, when an accuracy
    beside it is at chance for that K: a fresh K-class model's first loss is log K (its outputs are near uniform),
    so a first reading at the run's start (within 2% of its steps), the late level and the accuracy give three
    readings of one K (the first reading is the start when no more than one logging interval or 2% of the run's
    steps came before it). Round counts (:data:`LOSS_K`) are read from the level alone elsewhere; this is the same
    question for a 7-class or 12-class task, which needs the accuracy as its second witness."""
    if not math.isfinite(acc_tail) or len(v) < 3:
        return None
    if not _starts_at_start(steps):
        return None
    # the start read as the median of the first points (at least 3, 5% of them): one minibatch's scatter moves a first
    # reading of log 20 by a class or two
    start = float(np.median(v[: max(3, int(0.05 * len(v)))]))
    for k in _plausible_near(start, p):
        chance = math.log(k)
        if abs(start / chance - 1.0) > p.match_tol or not _sits_at(tail, chance, p):
            continue
        if acc_at_chance(acc_tail, k, p.acc_slack):
            return k
        return None  # the nearest K decides; a farther one is a looser reading of the same start
    return None


def _train_fitted(run: Run, chance_loss: float, chance_acc: float, p: Params) -> str | None:
    """How the training split shows the model fitted it (a training accuracy at least half of the way from chance
    to 1, or a training loss below half of the chance loss late in the run), or None. A loss that went negative
    fitted nothing: it is no cross-entropy (NLLLoss on raw scores), unbounded below."""
    for m, t in late_rate_levels(run):
        if m.split == "train" and m.kind == "accuracy" and m.higher_is_better and \
                t >= chance_acc + 0.5 * (1.0 - chance_acc):
            return f"{m.tag} reached {t:.3f}"
    v = prepared(run, "train_loss").to_numpy(dtype=np.float64) if "train_loss" in run.roles else np.array([])
    if len(v) >= 3 and bool((v >= 0).all()):
        tail = window_median(v, 0.75, 1.0)
        if tail < 0.5 * chance_loss:
            return f"{run.roles['train_loss']} fell to {fmt_num(tail)}, far below log K = {fmt_num(chance_loss)}"
    return None


def _from_validation(run: Run, p: Params) -> Iterator[Hit]:
    """A held-out accuracy that never beat chance: every evaluation at or below 1/K plus a margin, whatever the
    training loss did before. K is stated (``num_classes`` or a class-count hyperparameter) or read from the
    accuracy level 1/K, and then confirmed by a second reading: a loss sitting at or just above log K, or an
    accuracy identical at every evaluation (a predictor that no longer changes). The margin is the larger of
    ``val_margin`` of the way from 1/K to 1 and four times the evaluations' own noise, and at most ``acc_slack``
    (where learning is proven). Causes follow the evidence: a loss explosion first puts the learning rate first,
    a fitted training split puts the labels first.

    A run that logs no held-out accuracy (a print log of 'iter=N, loss=x, acc=y') is judged on its training accuracy
    the same way, only after its training loss exploded (``explode_ratio`` x log K, K read from that accuracy's level,
    or NaN): a model thrown by a step too large fits nothing, not even the batches it trains on; without an explosion a
    training accuracy at chance is the loss rules' reading."""
    k_given = stated_k(run, p.num_classes)
    if not k_given and (adversarial(run) or loss_kind(run).get("kind", "").startswith("an adversarial")):
        # in an adversarial training the accuracies are a discriminator's (a steganalyser's, a domain classifier's):
        # at chance is the generator winning -- the goal, not a model that learned nothing
        return
    found = []
    judged = 0
    accs = [m for m in run.metrics if m.kind == "accuracy" and m.higher_is_better and m.rate]
    split = "val" if any(m.split == "val" for m in accs) else "train"
    if any(m.split == split and top_k_of(m.tag) == 1 for m in accs):
        # a top-k accuracy (k > 1) beside the top-1 of the same split is the same model's looser score, whose chance
        # is k/K, not 1/K -- and 1 by construction when K <= k (Ultralytics logs top-5 for a binary classifier): the
        # top-1 judges, the top-k neither confirms nor vetoes it
        accs = [m for m in accs if m.split != split or top_k_of(m.tag) == 1]
    for m in accs:
        if m.split != split:
            continue
        s = run.series(m.tag)
        vals = s.to_numpy(dtype=np.float64)
        fin = np.isfinite(vals)
        v = vals[fin] / m.scale
        steps = s.index.to_numpy()[fin]
        if len(v) < 3:
            continue
        if split == "train":
            if looks_non_ce(run):
                continue  # an 'accuracy' beside a regression or composite loss counts exact matches of real numbers
            kt = k_given or k_from_acc(float(np.median(v)), tol=0.1, k_max=1000, k_above=more_classes_than(run))
            bt = None if kt is None else _blowup(run, math.log(kt), p.explode_ratio)
            if bt is None or bt["step"] <= int(run.series("train_loss").index[0]):
                # a training accuracy at chance without an explosion is the loss rules' reading; and a first reading
                # far above log K is where the run started (another loss kind, a bad init), not a step thrown away
                continue
            if int((steps > _first_thrown(run, math.log(kt), p.explode_ratio)).sum()) < p.min_evals:
                # the readings after the loss was first thrown up must be enough to say the model sat at chance
                # there (a run that crashed three steps after its loss took off has no such stretch)
                continue
        if len(v) < p.min_evals:
            # fewer evaluations than min_evals could all fall inside a warm-up -- unless the training loss exploded
            # (to explode_ratio x log K) first: a model blown up is not warming up (a 3-epoch fine-tune at lr 80)
            kf = k_from_acc(float(np.median(v)), tol=0.1, k_max=1000, k_above=more_classes_than(run)) if not k_given else k_given
            if kf is None or _blowup(run, math.log(kf), p.explode_ratio) is None:
                continue
        judged += 1
        if _climbing(v):
            continue  # rising through its evaluations: a model learning (slowly), not one at chance
        # identical at every evaluation: the held-out predictions never changed -- unless the validation loss moved
        # meanwhile (it did: the predictions changed, and an evaluation set of a few examples hides it in one count)
        if float(np.ptp(v)) == 0.0 and lr_zero_throughout(run, 4) is not None:
            # weights that no step moves (an LR at 0 at every one of four readings or more) score the same at every
            # evaluation, whatever they learned before the first: the one model evaluated again, not one answering one
            # class to every input (schedule-ended-early's reading)
            continue
        frozen = float(np.ptp(v)) == 0.0 and (not _outputs_moving(run, float(v[0]), p)
                                               or _never_better_than_uniform(run, float(v[0]), len(v)))
        collapsed_at = None
        tail = _frozen_tail(v, p)
        if not tail and not frozen and _settled_on_prior(run, float(v[-1]), p) is not None:
            # a shorter stretch (a third of the evaluations, 6 at least) will do when a loss settled where a prior
            # predictor's sits says what the one number is (the collapse's K is then read from that loss, below)
            tail = _frozen_tail(v, p, share=1.0 / 3.0, least=6)
        if not frozen and tail and not _outputs_moving(run, float(v[-1]), p, since=int(steps[-tail])) \
                and not _loss_went_non_finite(run) and _two_shares(v) is None:
            # the same number at every evaluation from some point to the end (most of them): the predictions
            # collapsed to one output and stayed there, whatever the model scored before -- judged on that stretch
            # (unless the training loss had turned NaN/inf by then: outputs of NaN weights are divergence's finding;
            # and not when every evaluation is one of the two class shares: a constant predictor from the first)
            collapsed_at = int(steps[-tail])
            whole = v, steps
            v, steps, frozen = v[-tail:], steps[-tail:], True
        exploded_at = returned = None
        alternating = False
        if not frozen and collapsed_at is None:
            cut = _after_blowup(run, v, steps, k_given, p)
            back = _back_at_chance(run, v, steps, k_given, p)
            if back is not None and cut is not None and not back[0] > int(steps[steps > cut[0]][0]):
                back = None  # at chance from the explosion on: judged after it (the LR threw it there)
            if back is not None:
                # evaluations that beat chance, then a final stretch at 1/K with the training loss back at log K:
                # judged on that stretch, as after an explosion
                returned = back[0], back[2], back[3]
                v, steps = v[back[1]], steps[back[1]]
            elif cut is not None:
                # evaluations before the training loss exploded scored above chance, every one since has not: the
                # model was at chance from the explosion on, whatever it had learned before -- judged on those
                exploded_at, keep = cut
                v, steps = v[keep], steps[keep]
                # one number at every evaluation since the explosion is the second reading of K: a predictor that no
                # longer changes (weights gone NaN or inf output one class, whose share is 1/K on a balanced set)
                frozen = float(np.ptp(v)) == 0.0
        sigma = noise_sigma(v)
        chance = shares = None
        if k_given:
            k, src = k_given, "num_classes"
        elif returned is not None:
            k, src = returned[2], f"from the accuracy at 1/K and {run.roles['train_loss']} at log K over that stretch"
        else:
            # only the K class shares at every evaluation: the strongest reading, taken first (a loss a little above
            # log K' for a neighbouring K' must not name another K whose 1/K the majority share then exceeds)
            ks = _class_shares(v, p) if collapsed_at is None else None
            one = _one_class_everywhere(run, v, steps, p) if ks is None else None
            if one is not None:
                # a constant predictor of the positive class, by the run's own precision and recall: the accuracy is
                # a class share (scored at every such evaluation, whichever class it is), and chance the larger of
                # the two shares, what predicting the majority class scores
                ks = (2, f"at {one[0]} of {len(v)} evaluations recall is 1 and precision equals the accuracy "
                         f"({one[1]:.4f}): the model predicts the positive class for every held-out example",
                      max(one[1], 1.0 - one[1]))
            # else the late evaluations only at a few class shares: one class predicted for every example there,
            # whatever the evaluations before scored (judged on that stretch, as a collapse); a reading of the
            # shares comes before one of 1/K, as above
            late = _late_shares(v, p) if ks is None and collapsed_at is None and not _loss_went_non_finite(run) \
                else None
            if late is not None:
                start, ks = late
                if start > 0:
                    collapsed_at, alternating = int(steps[start]), True
                    v, steps = v[start:], steps[start:]
            if ks is None and collapsed_at is not None:
                # a collapse onto one number q beside a loss settled where a predictor of the prior sits (H(q) for a
                # majority share, log K for a lesser one): that loss names what q is -- before a reading of q as 1/K,
                # which the loss would contradict (0.342 read as 1/3 beside losses at ln 4)
                ks = _settled_on_prior(run, float(v[-1]), p)
            if ks is not None:
                chance = shares = ks[2]
            else:
                ks = _val_k(run, v, sigma, frozen, p)
            if ks is None and collapsed_at is None:
                # (a collapse is read at 1/K only: a converged model's small evaluation set repeats its high score
                # at every late evaluation, which a majority share cannot be told from)
                ks = _binary_prior(run, v, p)
                if ks is None:
                    ks = _repeated_share_at_log_k(run, v, p)
                    if ks is not None:
                        shares = ks[2]
                if ks is None:
                    continue  # one reading of K is a coincidence as often as not (0.33 is also a slow 100-way learner)
                chance = ks[2]
            if ks is None and collapsed_at is not None:
                # the tail's one number is no 1/K, but the same number at 80% of ALL the evaluations beside a loss at
                # log K is the whole run's reading: one class predicted from the start (its share of an unbalanced
                # set), the odd evaluation between (0.227 once among nine 0.373s) a flicker, not learning lost
                ks = _repeated_share_at_log_k(run, whole[0], p)
                if ks is not None:
                    (v, steps), collapsed_at, frozen = whole, None, False
                    chance = shares = ks[2]
            if ks is None:
                continue
            k, src = ks[0], ks[1]
        if chance is None:
            chance = 1.0 / k
            if _val_loss_below_chance(run, k, p, since=exploded_at if returned is None else returned[0] - 1) \
                    and not (frozen and _balanced(m.tag)):
                # (a balanced accuracy -- the mean recall over classes -- is 1/K for any constant predictor, whatever
                # the class shares, while that predictor's loss is the entropy of an unbalanced prior, below log K:
                # one number at 1/K at every evaluation is chance however low the loss beside it)
                continue
        margin = chance_margin(v, k, p.val_margin, p.acc_slack, chance)
        if margin >= 0.5 * (1.0 - chance) and not _loss_at_chance(run, k, chance, p):
            # an evaluation set so small that its own sampling scatter at chance reaches half of the way to a
            # perfect score (six validation examples: an accuracy in sixths): it cannot tell a model at chance from
            # one that learned, so 'never beat chance' is no evidence of chance -- unless a loss says so by sitting
            # where a prior predictor's sits
            continue
        # (every evaluation at one of the class shares is a constant predictor's score, whichever share most of
        # them show: none beat chance)
        if not never_beat_chance(v, k, p.val_margin, p.acc_slack, chance) and shares is None and \
                not (collapsed_at is None and _two_shares(v) == chance):
            bp = _binary_prior(run, v, p) if k == 2 and not k_given and collapsed_at is None else None
            if bp is None or not (_two_shares(v) == bp[2] or never_beat_chance(v, 2, p.val_margin, p.acc_slack, bp[2])):
                continue
            # above 1/2, but only at the two class shares of an unbalanced binary set (0.54 and 0.46 after a blow-up):
            # the majority share is the chance level a constant predictor scores
            src, chance = bp[1], bp[2]
            margin = chance_margin(v, k, p.val_margin, p.acc_slack, chance)
        best = float(np.max(v))
        found.append((m, k, src, v, steps, best, chance, margin, frozen, collapsed_at, int(fin.sum()), exploded_at,
                      returned, alternating))
    if not found or len(found) < judged:
        # a model at chance is at chance on every held-out accuracy: one eval set (or a top-5 beside a top-1) that
        # clearly beat its chance level says the model learned something, as for the floor test of other metrics
        return
    m, k, src, v, steps, best, chance, margin, frozen, collapsed_at, n_evals, exploded_at, returned, alternating = \
        found[0]
    chance_loss = math.log(k)
    blow = _blowup(run, chance_loss, p.explode_ratio)
    fitted = _train_fitted(run, chance_loss, chance, p)
    worse = _worse_than_guessing(run, chance_loss, p) if blow is None else None
    penalty = _penalty_not_blowup(run, blow)
    if penalty is not None:
        causes = _AFTER_PENALTY
        why = (f"; {blow['tag']} started at {fmt_num(blow['peak'])} ({fmt_num(blow['ratio'])}x log K) and came down by "
               f"a steady factor of {penalty['factor']:.2f} a reading over its first {penalty['readings']}, to where it "
               "settled: a weight penalty in the logged loss shrinking the weights (an L2 / kernel regulariser too "
               "strong), not an explosion")
    elif blow is not None:
        causes = _AFTER_BLOWUP
        why = (f"; {blow['tag']} exploded to {fmt_num(blow['peak'])} at step {fmt_step(blow['step'])} "
               f"({fmt_num(blow['ratio'])}x log K) first")
    elif worse is not None:
        causes = _AFTER_BLOWUP
        why = (f"; {run.roles['train_loss']} sits at {worse:.1f}x log K over most of the run, worse than a uniform "
               f"guess: the steps were too large for the model")
    elif returned is not None:
        causes = _BACK_AT_CHANCE
        why = (f"; {run.roles['train_loss']} is back at log K over that stretch (median {fmt_num(returned[1])}): "
               "the model lost what it had learned")
    elif fitted is not None:
        causes = _FIT_BUT_CHANCE
        why = f"; meanwhile the training split was fitted ({fitted}): what it learned does not transfer at all"
    else:
        causes = None
        why = ""
    loss_txt = ""
    if "train_loss" in run.roles and abs(chance - 1.0 / k) < 1e-12:  # a majority share has no log K to compare
        lv = prepared(run, "train_loss").to_numpy(dtype=np.float64)
        if len(lv) >= 3:
            loss_txt = (f"; {run.roles['train_loss']} ends at {fmt_num(window_median(lv, 0.75, 1.0))} vs "
                        f"log({k:,}) = {fmt_num(chance_loss)}")
    same = " (identical at every evaluation)" if frozen else ""
    before = n_evals - len(v)  # the evaluations left out before a collapse or an explosion
    ms = clean(run.series(m.tag))
    pre = ms[ms.index < steps[0]].to_numpy(dtype=np.float64) / m.scale
    above = int(np.sum(pre > chance + margin))
    earlier = (f"{before} earlier evaluation{'s' if before != 1 else ''} above it" if above == before else
               f"{before} earlier evaluation{'s' if before != 1 else ''}, {above or 'none'} of them above it")
    if collapsed_at is not None:
        same = (f" (after {before} earlier evaluation{'s' if before != 1 else ''} that scored other numbers)"
                if alternating else
                f" (identical at every evaluation from step {fmt_step(collapsed_at)} on, after {earlier}: the "
                "predictions collapsed to one output)")
    also = f"; so do {len(found) - 1} other validation accuracies" if len(found) > 1 else ""
    ref = (f"1/K = {chance:.3f} for {k_label(k)}" if abs(chance - 1.0 / k) < 1e-12 else
           f"{chance:.3f}, the share of the majority class")
    # from 10 evaluations on the test reads the running median (never_beat_chance): say so when one evaluation
    # went above the limit by itself
    reads, read = ("evaluations", "evaluation") if m.split == "val" else ("readings", "reading")
    stay = (f"all {len(v)} {reads} from step {fmt_step(steps[0])} to {fmt_step(steps[-1])} stay at or below "
            f"{chance + margin:.3f}, best {best:.3f}" if best <= chance + margin else
            f"its running median over {len(v)} {reads} from step {fmt_step(steps[0])} to {fmt_step(steps[-1])} "
            f"stays at or below {chance + margin:.3f} (best single {read} {best:.3f})")
    verdict = ("never beat chance" if collapsed_at is None and exploded_at is None and returned is None else
               f"sat at chance from step {fmt_step(returned[0])} to the end ({earlier})" if returned is not None else
               f"sat at chance from step {fmt_step(collapsed_at)} to the end" if collapsed_at is not None else
               f"sat at chance after the training loss exploded at step {fmt_step(exploded_at)} "
               f"({earlier})")
    msg = f"{m.tag} ({'validation' if m.split == 'val' else 'training'} accuracy) {verdict}: {stay}{same}, vs {ref} " \
          f"({src}){loss_txt}{why}{also}"
    conf = 0.9 if (src != "num_classes" or frozen) else 0.85
    if len(v) < 5:
        conf *= 0.85
    ev = {"metric": m.tag, "tag": m.tag, "num_classes": k, "chance_acc": chance, "best": best,
          "evaluations": int(len(v)), "k_source": src, "margin": round(margin, 6)}
    if worse is not None:
        ev["supersedes"] = _superseded_after_blowup(run)
        ev["loss_vs_log_k"] = round(worse, 3)
    if blow is not None:
        ev["supersedes"] = _superseded_after_blowup(run)
        ev["exploded_to"] = blow["peak"]
        ev["exploded_at"] = blow["step"]
    if fitted is not None:
        ev["train_fitted"] = fitted
    if returned is not None or collapsed_at is not None:
        # the fall back to chance (or onto the collapsed value) is this finding's verdict; the metric regression that
        # saw the same fall stays beside it as context (its best checkpoint, before the fall, is the one to keep)
        ev["returned_at" if returned is not None else "collapsed_at"] = \
            returned[0] if returned is not None else collapsed_at
        ev["restates"] = ev.get("restates", []) + [["metric-regression", m.tag]]
    # every evaluation so far at chance is also a slow start's first evaluations, unless the loss exploded first
    # or the training split was fitted meanwhile (neither happens to a slow healthy start)
    yield Hit(msg, step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=conf, evidence=ev,
              causes=tuple(causes) if causes else None,
              check=_check(run, _from_zero(steps), 0, len(steps), p, corroborated=blow is not None or fitted is not None))


def _learned_train_kinds(run: Run) -> set[str]:
    """Kinds of higher-is-better training-split rates whose late level is at least half their scale: the model
    learned its training set by that measure."""
    return {m.kind for m, t in late_rate_levels(run) if m.split == "train" and m.higher_is_better and t >= 0.5}


def _accuracy_metric_tail(run: Run) -> float:
    """The highest late level (as a fraction) of any accuracy the run logs, NaN when it logs none. A model at
    chance cannot score far above 1/K on any split, so the most lenient accuracy decides (a label-smoothed loss
    has a high floor while its accuracy is 0.98)."""
    levels = [t for m, t in late_rate_levels(run) if m.kind == "accuracy"]
    return max(levels) if levels else float("nan")


def _acc_read(run: Run, acc, level: float) -> tuple[str, str]:
    """(split, tag) of the accuracy a message quotes: the training accuracy, else the metric whose late level it is."""
    if len(acc) >= 3 and math.isfinite(window_median(acc.to_numpy(), 0.75, 1.0)):
        return "training", run.roles["train_acc"]
    for m, t in late_rate_levels(run):
        if m.kind == "accuracy" and t == level:
            return ("validation" if m.split == "val" else "training"), m.tag
    return "", ""


def _from_loss(run: Run, p: Params, cands: tuple[int, ...] = LOSS_K) -> Iterator[Hit]:
    s = prepared(run, "train_loss")
    n = len(s)
    if n < max(p.min_points, 3):
        return
    v = s.to_numpy(dtype=np.float64)
    steps = s.index.to_numpy()
    if (v <= 0).any():
        return  # cross-entropy is positive; a signed loss is something else
    tail = window_median(v, 0.75, 1.0)
    head = window_median(v, 0.0, 0.05)

    acc = accuracy(run, "train_acc")
    acc_tail = window_median(acc.to_numpy(), 0.75, 1.0) if len(acc) >= 3 else float("nan")
    if not math.isfinite(acc_tail):
        acc_tail = _accuracy_metric_tail(run)

    k_src = None
    k_given = stated_k(run, p.num_classes)
    if k_given:
        k, k_src = k_given, "given"
    else:
        k = k_of_level(run, tail, p.match_tol, cands)
        if k is None:  # a plateau that ended before the tail: the run's median sits on it
            k = k_of_level(run, np_median(v), p.match_tol, cands)
        k_blow = _k_after_blowup(run, tail, p)
        if k_blow is not None and k in (None, k_blow):
            # started at log K, exploded, came back to (just above) log K: the start names K, the return confirms it
            k, k_src = k_blow, "loss+blowup"
        if k is None:
            k = _k_from_start(run, v, steps, tail, acc_tail, p)
            if k is not None:
                k_src = "start+acc"
        if k is None:
            return
        if math.isfinite(acc_tail):
            if not acc_at_chance(acc_tail, k, p.acc_slack) and not _never_left_log_k(run, v, steps, k, acc_tail, p):
                return  # the accuracy shows learning: a loss near log(K) is a coincidence (or imbalance)
            if k_src is None:
                if _started_wider(run, k, acc_tail, p):
                    return
                k_src = "loss+acc" if acc_at_chance(acc_tail, k, p.acc_slack) else "losses"
        else:
            why = looks_non_ce(run)
            if why:
                return
            if k_src is None and rate_rose(run) is not None:
                # K from the level alone, and a quality rate (IoU, F1, mAP ...) rose by a tenth of its scale or more
                # from its first readings to its last: the model learned, so a loss near log K met it by
                # coincidence (a segmentation loss whose floor is high: 0.76 -> 0.70 beside an IoU 0.23 -> 0.65)
                return
            if k_src is None and k < min(VOCAB_SIZES) and lm_metric(run):
                return  # a text-generation metric (perplexity, BLEU) says language model: its K is a vocabulary
            k_src = k_src or "loss"
    # the smoothed level and the noise only once a K is known (most runs stop above: no K fits their loss)
    w = window(n, 0.08, 3)
    sm = rolling_median(s, w, center=True).to_numpy(dtype=np.float64)
    sigma_pt = noise_sigma(v)
    chance = math.log(k)
    band = p.band * chance
    if math.isfinite(sigma_pt):
        # a very noisy minibatch loss: the rolling median itself wanders by a few standard errors -- but never by half
        # of log K: a level that far from log K is not the prior's whatever the noise (a loss thrown to 5-20x log K
        # and bouncing there has a 'band' of tens of nats by this count, and is no chance plateau)
        band = max(band, min(4.0 * median_se(sigma_pt, w), 0.5 * chance))
    # with K confirmed by more than the plateau's own level, "at chance" includes a little above log K: a model
    # collapsed by a too-high learning rate predicts a slightly miscalibrated prior (5-15% above log K)
    band_hi = max(band, p.max_excess_above * chance) if k_src != "loss" else band
    # ... and with an accuracy at chance beside it, a little below log K too: a model predicting the prior of a mildly
    # unbalanced set scores that prior's entropy (shares .4/.3/.2/.1 of 4 classes: 1.28 nats, 7.6% under log 4), and
    # one knocked about by steps too large wanders around it (AdamW at lr 0.5: 1.26-1.46 about ln 4)
    band_lo = max(band, 0.5 * p.max_excess_above * chance) if k_src == "loss+acc" else band
    inband = (sm - chance <= band_hi) & (chance - sm <= band_lo)
    seg = longest_true_run(inband)
    if seg is None:
        return
    a, b = seg
    share = _span_share(steps, a, b)
    if share < p.min_share:
        return
    if k_src == "loss":
        # fell onto log(K) from far above: likely a converged non-classification loss. The untrained model's own
        # reading says it best when it was logged (a fine-tune's first record at 2.17 falling to 1.15 = log 3 over a
        # few records: the median of the first 5% of records is already down at 1.3)
        start = _start_reading(run, tail)
        lead = head if not math.isfinite(start) else max(head, start)
        if lead > chance * (1.0 + p.max_head_excess):
            return
        # came down onto the level from above where an untrained K-way classifier starts (at log K): only a level
        # AT log K says prior. A model whose outputs no longer depend on the input scores the class prior's entropy
        # on every batch -- log K itself for balanced classes -- while a fine-tune that hovers a few percent off
        # log K (a LoRA SFT at 1.42 nats, ln 4 = 1.386) met it by coincidence
        if lead > chance * (1.0 + p.start_tol) and abs(tail / chance - 1.0) > p.settle_tol:
            return  # the last quarter's median: where the loss settled, not the way down inside the band
    plateau = v[a : b + 1]
    allowed = p.max_drift
    if len(plateau) >= 10:
        drift = abs(window_median(plateau, 0.8, 1.0) - window_median(plateau, 0.0, 0.2)) / chance
        # two medians of a fifth of the plateau each: allow 4 standard errors of their difference
        m = max(1, len(plateau) // 5)
        sigma = noise_sigma(plateau)
        if math.isfinite(sigma):
            allowed = max(allowed, 4.0 * median_se(sigma, m, m) / chance)
    else:
        drift = abs(plateau[-1] - plateau[0]) / chance
    # a loss that comes down onto log K from just above it and stays there (1.14 -> 1.10 = ln 3) is a model
    # settling on the class prior, not learning: learning takes the loss through log K and below it. A downward
    # drift is no evidence of learning when the run ends inside the band (its last quarter, not only the plateau's
    # last fifth, at or above log K less the band) and the plateau ends closer to log K than it began
    late = window_median(plateau, 0.8, 1.0)
    settling = (tail >= chance - band and window_median(plateau, 0.0, 0.2) >= late
                and abs(late - chance) <= abs(window_median(plateau, 0.0, 0.2) - chance)
                and late >= chance - band / 2)
    if drift > allowed and not settling:
        return  # creeping down (or up) through the band: slow learning, not a chance plateau
    if len(plateau) >= 20 and not settling:
        # the same question with every point instead of two fifths: a robust trend whose 99% interval excludes
        # zero and that moves the loss by more than max_drift over the plateau is learning, however noisy the
        # minibatches (two fifths of a short noisy plateau cannot tell a steady 20% fall from noise)
        slope, s_lo, s_hi = theil_sen(steps[a : b + 1], plateau)
        move = abs(slope) * float(steps[b] - steps[a]) / chance if math.isfinite(slope) else 0.0
        if (s_hi < 0 or s_lo > 0) and move > p.max_drift:
            return
    if k_src != "given" and len(plateau) >= 4:
        # a model at chance outputs the same distribution whatever the input, so its minibatch loss is nearly
        # constant (a few % of log K in practice); a loss bouncing by tens of percent comes from confident,
        # input-dependent predictions, and its median only happens to sit near some log(K)
        # With K read from the level alone, the bound is in nats: a prior predictor's minibatch loss scatters by
        # the spread of -log p(y) over the batch, which does not grow with K, so the binary bound (max_noise x
        # log 2) holds for every K; confirmed K (an accuracy at chance, a start at log K) keeps the relative bound
        limit = p.max_noise * (min(chance, math.log(2.0)) if k_src == "loss" else chance)
        sigma_plateau = noise_sigma(plateau)
        if math.isfinite(sigma_plateau) and sigma_plateau > limit:
            return
    if math.isfinite(acc_tail) and not acc_at_chance(acc_tail, k, p.acc_slack) \
            and not _never_left_log_k(run, v, steps, k, acc_tail, p):
        return
    still = -band <= tail - chance <= band_hi and b >= n - max(2, int(0.05 * n))
    level = float(np.median(v[a : b + 1]))

    acc_txt = ""
    acc_split, acc_tag = _acc_read(run, acc, acc_tail)
    if math.isfinite(acc_tail):
        acc_txt = f"; {acc_split} accuracy {acc_tag} {acc_tail:.3f} vs chance 1/K = {1.0 / k:.3f}"
        if not acc_at_chance(acc_tail, k, p.acc_slack):
            acc_txt += (", the arg-max of outputs that stayed uniform (the losses never left log K): an unbalanced set's "
                        "larger classes, not learning")
    loss_name = f"the training loss {run.roles['train_loss']}"
    src_txt = {"given": "num_classes", "loss+acc": "from the loss level and the accuracy",
               "loss": "inferred from the loss level",
               "start+acc": "from the first loss, which started there, and an accuracy at chance for that K",
               "loss+blowup": "from the first loss, which started there before the loss exploded",
               "losses": "from the training and validation losses, both at log K from the start"}[k_src]
    blow = _blowup(run, chance, p.explode_ratio)
    if blow is not None and blow["step"] > int(steps[min(a + w, n - 1)]):
        blow = None  # a spike well inside the plateau is not what put the model there
    if blow is None and a <= 1 and still and k_src in ("loss+acc", "given"):
        blow = _thrown_at_first(run, k, p)
    blow_txt = ""
    penalty = _penalty_not_blowup(run, blow)
    if penalty is not None:
        blow_txt = (f"after {blow['tag']} came down from {fmt_num(blow['peak'])} ({fmt_num(blow['ratio'])}x log K) by a "
                    f"steady factor of {penalty['factor']:.2f} a reading -- a weight penalty in the logged loss, "
                    "not an explosion -- ")
    elif blow is not None:
        blow_txt = (f"after {blow['tag']} exploded to {fmt_num(blow['peak'])} at step {fmt_step(blow['step'])} "
                    f"({fmt_num(blow['ratio'])}x log K), ")
    if still:
        msg = (f"{blow_txt}{loss_name} sits at {fmt_num(level)} ≈ log({k:,}) = {fmt_num(chance)}, the loss of uniform guessing "
               f"over {k_label(k)} ({src_txt}), from step {fmt_step(steps[a])} to the end "
               f"({fmt_pct(share).lstrip('+')} of the run){acc_txt}")
        severity = None
    else:
        msg = (f"{loss_name} sat at {fmt_num(level)} ≈ log({k:,}) = {fmt_num(chance)} (chance for {k_label(k)}, "
               f"{src_txt}) from step {fmt_step(steps[a])} to {fmt_step(steps[b])} "
               f"({fmt_pct(share).lstrip('+')} of the run) before it started to learn{acc_txt}")
        severity = "warning"
    conf = {"given": 0.85, "loss+acc": 0.95, "loss": 0.75, "loss+blowup": 0.85, "start+acc": 0.85,
            "losses": 0.85}[k_src]
    if k > 1001 and k_src == "loss":
        conf = 0.6
    conf *= 0.85 + 0.15 * min(1.0, (share - p.min_share) / max(1e-9, 1.0 - p.min_share))
    if not still:
        conf *= 0.6

    causes = ["labels-detached", "wrong-loss", "lr-too-high", "frozen-params", "optimizer-not-stepping"]
    spread = float(np.ptp(v[a : b + 1])) / chance if b > a else 0.0
    lr_zero = False
    if "lr" in run.roles:
        lr = prepared(run, "lr").to_numpy(dtype=np.float64)
        lr_zero = len(lr) > 0 and bool(np.all(lr == 0))
    if lr_zero:
        causes = ["optimizer-not-stepping", "frozen-params", "labels-detached", "wrong-loss", "lr-too-high"]
    elif spread < 1e-6:
        causes = ["frozen-params", "optimizer-not-stepping", "labels-detached", "wrong-loss", "lr-too-high"]
    elif spread < _STILL_SPREAD:
        # within a tenth of a percent of log K over the whole plateau: the weights barely move (SGD at 1e-5, a decay
        # that crushed them), while a model fed detached labels memorises some of its training split and moves
        causes = ["frozen-params", "optimizer-not-stepping", "lr-too-low", "labels-detached", "wrong-loss"]
    # The loss had already been far below chance before the plateau: the labels cannot be detached
    # from the inputs (the model learned them); a collapse back to the class prior after training
    # went unstable points to the learning rate first.
    before = v[: a]
    learned_before = len(before) >= 3 and float(np.min(sm[: a])) < chance * (1.0 - 3.0 * p.band)
    if (learned_before or blow is not None) and not lr_zero:
        causes = list(_AFTER_PENALTY) if penalty is not None else list(_AFTER_BLOWUP) if blow is not None else \
            ["lr-too-high", "numerical-instability", "no-warmup", "wrong-loss", "labels-detached"]
    # The gradient reaching some layers is orders of magnitude below the rest: the signal dies on its way
    # down (saturating activations, deep stacks without normalisation), so the model cannot leave chance
    # even with correct labels -- that is the first thing to check.
    layer_spread = layer_grad_spread(run)
    if layer_spread is not None and layer_spread >= 1e3 and not lr_zero and not learned_before:
        causes = ["vanishing-gradients"] + [c for c in causes if c != "vanishing-gradients"]
    ev = {
        "num_classes": k,
        "chance_loss": round(chance, 6),
        "plateau_level": level,
        "plateau_start": int(steps[a]),
        "plateau_end": int(steps[b]),
        "plateau_share": round(share, 4),
        "plateau_drift": round(drift, 5),
        "k_source": k_src,
        "first_loss": float(v[0]),
        "last_loss": tail,
        "learned_before_plateau": bool(learned_before),
        "layer_grad_spread": layer_spread,
        "supersedes": _superseded_after_blowup(run) if blow is not None else [],
    }
    if still and not learned_before and blow is None:
        # at chance from the start to the end: the model learned nothing, so a metric's 'best' was never a learned
        # state and its fall from there (or its swings) is noise, not a regression (or an oscillation)
        ev["supersedes"] += [[rule, m.tag] for m in run.metrics for rule in ("metric-regression", "oscillation")]
    if math.isfinite(acc_tail):
        ev["acc_level"] = acc_tail  # the accuracy read, named by its tag and split
        ev["acc_tag"], ev["acc_split"] = acc_tag, acc_split
        ev["chance_acc"] = 1.0 / k
    if blow is not None:
        ev["exploded_to"] = blow["peak"]
        ev["exploded_at"] = blow["step"]
    yield Hit(msg, step=int(steps[a]), steps=(int(steps[a]), int(steps[b])), confidence=min(conf, 0.97),
              evidence=ev, severity=severity, causes=tuple(causes),
              check=_check(run, steps, a, b, p, corroborated=blow is not None or learned_before))


def _never_left_log_k(run: Run, v: np.ndarray, steps: np.ndarray, k: int, acc_tail: float, p: Params) -> bool:
    """The losses never left log K: the training loss from its first reading at the run's start (the untrained
    model's) to its last, read as the medians of its five fifths, and the validation loss at every one of at least
    ``min_evals`` evaluations, all within ``band`` of log K. A cross-entropy that stays at log K on both splits from
    the start is a model whose outputs are (near) uniform whatever the input -- it learned nothing, and kept nothing
    of the training split either -- so an accuracy a little above 1/K is the arg-max of near-equal outputs landing
    on an unbalanced evaluation set's larger classes (0.36 on a set whose largest class is 35%), not learning. Only
    up to twice ``acc_slack`` of the way from 1/K to 1: beyond that an accuracy says the model learned whatever its
    loss says (a loss that is not the arg-max's, label smoothing)."""
    if not acc_at_chance(acc_tail, k, 2.0 * p.acc_slack) or "val_loss" not in run.roles or len(v) < 5 \
            or not _starts_at_start(steps):
        return False
    chance = math.log(k)
    val = clean(run.series("val_loss")).to_numpy(dtype=np.float64)
    if len(val) < p.min_evals:
        return False
    fifths = [float(np.median(part)) for part in np.array_split(v, 5)]
    return all(abs(x / chance - 1.0) <= p.band for x in [float(v[0]), *fifths, *val])


def _from_accuracy(run: Run, p: Params, why: str = "no training loss is logged") -> Iterator[Hit]:
    acc = accuracy(run, "train_acc")
    n = len(acc)
    v = acc.to_numpy(dtype=np.float64)
    steps = acc.index.to_numpy()
    # an accuracy printed identical at every point is a predictor that no longer changes (NaN weights, a dead
    # network): no noise to average out, so a few points suffice
    frozen = n >= max(p.frozen_min_points, 2) and float(np.ptp(v)) == 0.0 and steps[-1] > steps[0]
    if n < max(p.min_points, 3) and not frozen:
        return
    tail = window_median(v, 0.75, 1.0)
    k_given = stated_k(run, p.num_classes)
    if k_given:
        k, src = k_given, "num_classes"
    else:
        k = k_from_acc(tail, tol=0.1, k_max=1000, k_above=more_classes_than(run))
        if k is None:
            return
        src = "inferred from the accuracy level"
    chance = 1.0 / k
    sm = rolling_median(acc, window(n, 0.05, 3), center=True).to_numpy(dtype=np.float64)
    inband = sm <= chance + p.acc_slack * (1.0 - chance)
    if not k_given:
        inband &= np.abs(sm - chance) <= max(0.1 * chance, 0.02)
    seg = longest_true_run(inband)
    if seg is None:
        return
    a, b = seg
    share = _span_share(steps, a, b)
    if share < p.min_share or b < n - max(2, int(0.05 * n)):
        return
    level = float(np.median(v[a : b + 1]))
    same = (f" (exactly {fmt_num(level, 4)} at all {n} points: a predictor whose outputs no longer change)"
            if frozen else "")
    yield Hit(
        f"the training accuracy {run.roles['train_acc']} sits at {level:.3f} ≈ 1/K = {chance:.3f} for K={k} ({src}) from step {fmt_step(steps[a])} "
        f"to the end ({fmt_pct(share).lstrip('+')} of the run){same}; {why}",
        step=int(steps[a]), steps=(int(steps[a]), int(steps[b])),
        confidence=0.8 if src == "num_classes" else 0.55,
        evidence={"num_classes": k, "chance_acc": chance, "acc_level": level, "plateau_start": int(steps[a]),
                  "plateau_end": int(steps[b]), "plateau_share": round(share, 4)},
        check=_check(run, steps, a, b, p, corroborated=False),
    )


def _frozen_share(run: Run, split: str, p: Params) -> float | None:
    """The median of a top-1 accuracy of ``split`` that stayed within ``still_frozen_range`` of its scale at every one
    of at least ``still_min_evals`` readings (a model whose decisions did not change), or None -- also when another
    quality rate of the run moved ``still_max_rise`` or more (a segmenter's Dice rising beside a pixel accuracy frozen
    at the background's 0.999: the accuracy counts the majority class, the model still learns), or when the
    held-out accuracy is this one's copy (the same readings: one writer's two names for one evaluation)."""
    accs = {m.split: m for m in run.metrics
            if m.kind == "accuracy" and m.rate and m.higher_is_better and top_k_of(m.tag) == 1}
    m = accs.get(split)
    if m is None:
        return None
    a = clean(run.series(m.tag)).to_numpy(dtype=np.float64) / m.scale
    if len(a) < p.still_min_evals or not 0.0 < float(np.median(a)) < 1.0 or float(np.ptp(a)) > p.still_frozen_range:
        return None
    for o in run.metrics:
        if o.rate and o.higher_is_better and o.kind != "accuracy":
            b = clean(run.series(o.tag)).to_numpy(dtype=np.float64) / o.scale
            if len(b) >= 3 and float(np.ptp(b)) >= p.still_max_rise:
                return None
    other = next((x for sp, x in accs.items() if sp != split), None)
    if other is not None:
        b = clean(run.series(other.tag)).to_numpy(dtype=np.float64) / other.scale
        if len(b) == len(a) and np.array_equal(a, b):
            return None
    return float(np.median(a))


def _held_out_never_moved(run: Run, p: Params) -> Iterator[Hit]:
    """A classifier that never got better than its first evaluation, K unknown: its held-out top-1 accuracy, evaluated
    at least ``still_min_evals`` times from the first fifth of the run on, never rose ``still_max_rise`` of its scale
    above its first evaluation, got at most ``still_max_level`` of the examples right at the median evaluation (and
    more than none: a score of exactly 0 is a metric that never counted) and was better than the evaluation before at
    no more than ``still_max_up_share`` of them (it wanders, it does not climb), while the training loss fell by at
    most ``still_max_fall`` from its first readings and by at most ``still_max_late_fall`` from its second fifth on
    (the prior is learned at once, then nothing; the first fifth may hold an explosion it fell back from -- or, with
    both accuracies frozen at one share, ``still_frozen_range``, at any level and however the loss crept), no rate rose
    by 10 points (a training accuracy included: ``rate_rose``), no held-out ROC-AUC sits ``still_auc_margin`` above
    0.5, and no other reading of this detector spoke. A model that learns anything from its inputs moves its held-out
    accuracy off where the untrained or barely trained model scored it -- chance for balanced classes, the majority
    share for unbalanced ones (a model that learned the class prior only, at a loss near the prior's entropy, a little
    below log K): whether that number is 1/K or the majority share needs K or the class shares, but a score that never
    moved from it while the loss stood still is the model predicting what it predicted at the start. Not judged:
    regression, language-model or adversarial losses (their 'accuracy' is no class guess), agents, a first evaluation
    after the first fifth (what came before is unseen), a training loss that went NaN or infinite (divergence's)."""
    from curvedoc.model.roles import rl_marker

    kind = loss_kind(run).get("kind")
    if kind in (REGRESSION_KIND, TOKEN_CE_KIND) or lm_metric(run) or adversarial(run) or rl_marker(run) is not None:
        return
    if _loss_went_non_finite(run):
        return  # weights gone NaN predict garbage, not the prior: divergence's verdict
    t = prepared(run, "train_loss")
    tv = t.to_numpy(dtype=np.float64)
    if len(tv) < max(p.min_points, 5) or (tv <= 0).any():
        return
    head = float(np.median(tv[: max(1, min(5, int(0.01 * len(tv))))]))
    tail = window_median(tv, 0.85, 1.0)
    fall = 1.0 - tail / head
    if fall > p.still_max_fall:
        return  # the training loss fell far: the model fits its training data (what did not transfer is overfitting's)
    # a training loss still falling from its second fifth on leaves only a model whose decisions never changed
    creeping = 1.0 - tail / window_median(tv, 0.2, 0.4) > p.still_max_late_fall
    frozen_train = _frozen_share(run, "train", p)
    if rate_rose(run) is not None:
        return  # a rate rose by 10 points, a training accuracy included: the model learns from its inputs
    for m in run.metrics:
        if m.kind == "auc" and m.rate and m.higher_is_better and m.split == "val":
            au = clean(run.series(m.tag)).to_numpy(dtype=np.float64) / m.scale
            if len(au) and window_median(au, 0.5, 1.0) >= 0.5 + p.still_auc_margin:
                return  # a held-out ROC-AUC well above 0.5 (chance whatever K) ranks by the inputs: the model learned
    best = None
    for m in run.metrics:
        if not (m.kind == "accuracy" and m.rate and m.higher_is_better and m.split == "val") or top_k_of(m.tag) != 1:
            continue
        s = clean(run.series(m.tag))
        a = s.to_numpy(dtype=np.float64) / m.scale
        if len(a) < p.still_min_evals or a.min() < 0 or a.max() > 1:
            continue
        if late_first_evaluation(run, s.index.to_numpy()):
            continue
        rise = float(a.max() - a[0])
        # (a held-out accuracy within still_frozen_range at every evaluation beside a training one frozen at the same
        # share: the model predicts one answer for every input, the majority class -- whatever that share is, 0.707 of
        # a binary set, and however its loss creeps toward the prior's entropy)
        frozen = frozen_train is not None and float(np.ptp(a)) <= p.still_frozen_range \
            and abs(float(np.median(a)) - frozen_train) <= 10 * p.still_frozen_range
        if rise > p.still_max_rise or not 0.0 < float(np.median(a)) <= (1.0 if frozen else p.still_max_level):
            continue
        if creeping and not frozen:
            continue
        if float(np.mean(np.diff(a) > 0)) > p.still_max_up_share:
            continue  # better at nearly every evaluation: climbing, however slowly -- a slow learner, not chance
        if best is None or rise < best[1]:
            best = (m, rise, s, a, frozen)
    if best is None:
        return
    m, rise, s, a, frozen = best
    steps = s.index.to_numpy()
    unit = m.scale
    if frozen:
        msg = (f"{m.tag} stayed within {fmt_num(float(np.ptp(a)) * unit)} of {fmt_num(float(np.median(a)) * unit)} "
               f"at all {len(a)} evaluations (to step {fmt_step(int(steps[-1]))}), and the training accuracy at the "
               f"same share, while {run.roles.get('train_loss', 'train_loss')} moved "
               f"{fmt_pct(-fall)} ({fmt_num(head)} -> {fmt_num(tail)}): the model gives one answer to every input -- "
               "the majority class, whose share both splits hold (K and the class shares are not in the log)")
    else:
        msg = (f"{m.tag} never got better than its first evaluation: {fmt_num(float(a[0]) * unit)} at step "
               f"{fmt_step(int(steps[0]))}, at most {fmt_num(float(a.max()) * unit)} over {len(a)} evaluations (to "
               f"step {fmt_step(int(steps[-1]))}), never {fmt_pct(p.still_max_rise).lstrip('+')} of its scale above "
               f"it, while {run.roles.get('train_loss', 'train_loss')} fell only "
               f"{fmt_pct(max(fall, 0.0)).lstrip('+')} ({fmt_num(head)} -> {fmt_num(tail)}): the model predicts what "
               "it predicted at the start -- chance, or the majority class of an unbalanced set (K and the class "
               "shares are not in the log)")
    yield Hit(msg, step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.6,
              evidence={"series": m.tag, "tag": m.tag, "first": float(a[0]) * unit, "best": float(a.max()) * unit,
                        "evaluations": int(len(a)), "train_loss_fall": round(fall, 4), "mode": "never-moved"},
              causes=("frozen-params", "labels-detached", "lr-too-low", "optimizer-not-stepping", "lr-too-high"),
              severity="warning", tags=(m.tag,))


def _thrown_then_flat(run: Run, p: Params) -> Iterator[Hit]:
    """K unknown, the loss of any kind: thrown far up before its first reading (``thrown_ratio`` times its end level,
    beside a gradient norm as many times its later level or an LR of 1 or more at the start) and flat from where it
    came back down to the end (:func:`thrown_then_flat`, at ``learning_floor`` and ``learning_z``), with no held-out
    loss or quality metric improving from then on. After a step that large a network that learns nothing more gives
    the same output whatever its input -- the constant that minimises its loss, the class prior of a classifier or the
    mean of a regression's target: chance, for its loss. A warning: the level is not read against a K, the explosion
    and the flat rest say it (a regression fine-tune at LR 0.5, 6,934 at step 10, then 1.0 to the end beside an
    evaluation flat at the mean predictor's MSE; Adam at LR 3 on a 4-class task, 5,599 then 1.4-1.6)."""
    t = thrown_then_flat(run, p.thrown_ratio, p.thrown_settle, p.learning_floor, p.learning_z)
    if t is None:
        return
    held = t["held"]
    witness = "" if held is None else (f"; {held['tag']} moved only {fmt_pct(held['change'])} over "
                                       f"{held['evaluations']} evaluations from step {fmt_step(held['first_step'])}")
    noisy = ", within its noise" if t["fall"] >= p.learning_floor else ""
    yield Hit(
        f"{t['tag']} was thrown far up before its first reading ({fmt_num(t['first'])} at step "
        f"{fmt_step(t['first_step'])}, {fmt_num(t['ratio'])}x its level at the end; {t['why']}), and from where it "
        f"came back down (step {fmt_step(t['settled_step'])}) it learned nothing: {fmt_num(t['head'])} over the first "
        f"third of the rest, {fmt_num(t['tail'])} over the last ({fmt_pct(math.expm1(-t['fall']))}{noisy}){witness}, "
        "and nothing else the run logs improved: the model gives the output of a constant predictor, chance for its "
        "loss",
        step=t["settled_step"], steps=(t["settled_step"], int(run.series("train_loss").index[-1])), confidence=0.75,
        severity="warning", causes=_AFTER_BLOWUP,
        evidence={"tag": t["tag"], "exploded_to": t["first"], "exploded_at": t["first_step"],
                  "settled_step": t["settled_step"], "settled_loss": t["head"], "last_loss": t["tail"],
                  "variant": "thrown-then-flat", "supersedes": _superseded_after_blowup(run)},
    )
