"""## What it detects
Records the importer skipped: truncated or corrupt event-file records, half-written CSV/JSON lines,
LFS pointer stubs among the files of a run, the marker lines of an unresolved git merge conflict (two versions
of the log interleaved). And a series that cannot be what it says: a gradient norm
logged as exactly 0.0 at a share ``min_zero_share`` of its points while the training loss is non-zero and
moving (the norm was not measured there), or a loss-named series that holds one negative whole number at every
one of its points ('Loss: -1.0000', a placeholder printed where the loss should be). And a held-out loss or a part of a loss
that is NaN or infinite at a few points and finite again afterwards (reported as info): those evaluations are
not measurements -- an evaluation on a degenerate batch, an fp16 overflow in an early evaluation -- and plotting
tools drop them without a word; a point a later session re-wrote at the same step is still counted, since it
is in the log. A non-finite training loss is divergence's business, and a loss non-finite to its end or at
every point is not an isolated glitch -- unless the training loss is NaN/inf at every point while a quality rate
the run logs rose by 10 points of its scale or more: the model learned, so its weights are finite and it is the
logged loss that is broken (a warning); likewise every loss in the log at exactly 0.0 at every point beside a model
that learned (a loss of zero has no gradient: the logged one is not the one trained on). And a training loss exactly 0
at two readings or more (a quarter of them at least), each between readings of an ordinary level: means over no batches (an epoch whose input ran
out), not measurements.

A file that its writer left inside its last record (a job stopped mid-write, or a copy taken while the run was still
writing; a file cut at a 4 KiB block boundary is a copy cut short instead) lost that one record only: said as info.

## Why it matters
Points are missing; other readers drop them silently.

## Example
A CSV log with half-written rows inside it (two processes writing at once); an event file cut 7 bytes short (job
killed mid-write: its last record lost, an info).

## Options
- ``min_skipped``: fewest skipped records worth a finding.
- ``min_zero_share``: share of a gradient norm's points at exactly 0.0 (with a moving loss) worth a finding.
- ``max_skipped_share``: below this share the zeros are steps a mixed-precision loss scaler skipped (information); at or above it the norm is not measured (a warning).

## References
FORMATS.md 1.7.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc._fmt import fmt_num, fmt_step
from curvedoc.detectors import Hit, detector
from curvedoc.model.run import Run

# the kinds an importer gives a file that ends inside its last record (count = records lost)
END_CUT_KINDS = frozenset({"truncated-record", "truncated"})
KINDS = {"truncated-record", "truncated", "corrupt-records", "bad-rows", "bad-lines", "lfs-pointer", "bad-chunks",
         "invalid-utf8", "truncated-json", "merge-conflict"}


@dataclass(frozen=True)
class Params:
    min_skipped: int
    min_zero_share: float
    max_skipped_share: float


@detector("damaged-log", params=Params)
def damaged_log(run: Run, p: Params) -> Iterator[Hit]:
    yield from _skipped_records(run, p)
    yield from _zero_grad_norm(run, p)
    yield from _placeholder_losses(run, p)
    yield from _nonfinite_points(run, p)
    yield from _nan_loss_while_learning(run)
    yield from _zero_losses_while_learning(run)
    yield from _empty_epochs(run)


def _learned(run: Run) -> tuple[str, float, float] | None:
    """(tag, first, last) of the evidence that the model learned whatever its logged loss says -- a quality rate that
    rose by ``LEARNED_GAIN`` of its scale (``rate_rose``), or a held-out rate that changed between evaluations and
    ended higher (``held_out_moved``) -- or None: what the broken-loss readings below stand on."""
    from curvedoc.detectors._progress import held_out_moved, rate_rose

    return rate_rose(run) or held_out_moved(run)


def _nan_loss_while_learning(run: Run) -> Iterator[Hit]:
    """A training loss that is NaN/inf at every point while a quality rate the run logs rose by ``LEARNED_GAIN`` of its
    scale or more, or a held-out rate changed between evaluations and ended higher (``held_out_moved``): the weights
    cannot be NaN (the model's predictions changed for the better), so the logged loss is what is broken -- a mean
    overflowing in fp16, a loss computed over an empty or fully masked batch -- and its curve says nothing.
    Divergence leaves such a run to this rule."""
    tag = run.roles.get("train_loss")
    if tag is None or tag not in run.tag_counts():
        return
    v = run.tag_values(tag)
    if not len(v) or np.isfinite(v).any():
        return
    rose = _learned(run)
    if rose is None:
        return
    metric, first, last = rose
    steps = run.tag_steps(tag)
    also = ""
    val = run.roles.get("val_loss")
    if val is not None and val in run.tag_counts() and not np.isfinite(run.tag_values(val)).any():
        also = f" (and {val} at every one of its points)"
    yield Hit(
        f"{tag} is NaN/inf at every one of its {len(v):,} points{also} while {metric} rose from {first:.3g} to "
        f"{last:.3g}: the model learned, so it is the logged loss that is broken (a mean overflowing in fp16, a loss "
        "over an empty or fully masked batch), not the training; its curve says nothing",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.8,
        evidence={"tag": tag, "nonfinite_points": int(len(v)), "metric": metric, "metric_first": first,
                  "metric_last": last},
    )


ZERO_MIN_POINTS = 5  # fewer exact zeros could be a loss that reached 0 on a few easy batches


def _zero_losses_while_learning(run: Run) -> Iterator[Hit]:
    """Every loss-named series of the run (training and held-out losses and their parts) exactly 0.0 at every one of
    at least ``ZERO_MIN_POINTS`` points while a quality rate rose by ``LEARNED_GAIN`` of its scale (``rate_rose``) or
    a held-out rate changed and ended higher (``held_out_moved``): a loss of exactly zero has no gradient, so a model
    that learned was trained on a loss that is not the one in the log -- the columns were written before the loss
    was computed, or from a variable that was never filled. The twin of a loss NaN at every point beside a model that
    learned (:func:`_nan_loss_while_learning`). One zero part beside a non-zero loss is a part the task does not use
    (a single-class detector's classification loss) and says nothing; a loss at zero beside nothing that learned is
    constant-loss's."""
    from curvedoc.model.roles import infer_role

    losses = []
    for tag, n in run.tag_counts().items():
        r = infer_role(tag)
        if r is None or r[0] not in ("train_loss", "val_loss"):
            continue
        v = run.tag_values(tag)
        if n < ZERO_MIN_POINTS or not (np.isfinite(v).all() and (v == 0.0).all()):
            return  # a loss with a non-zero value, or too few points to tell
        losses.append((tag, n))
    if not losses:
        return
    rose = _learned(run)
    if rose is None:
        return
    metric, first, last = rose
    tag, n = losses[0]
    steps = run.tag_steps(tag)
    names = ", ".join(t for t, _ in losses[:4]) + (f" and {len(losses) - 4} more" if len(losses) > 4 else "")
    yield Hit(
        f"every loss in the log ({names}) is exactly 0 at every one of its points ({n:,} for {tag}) while {metric} "
        f"rose from {first:.3g} to {last:.3g}: a loss of exactly zero has no gradient, so the model was trained on a "
        "loss that is not the one logged (written before it was computed, or from a variable never filled); the loss "
        "curves say nothing",
        step=int(steps[0]), steps=(int(steps[0]), int(steps[-1])), confidence=0.8,
        evidence={"mode": "zero-losses", "series": [t for t, _ in losses], "points": int(n), "metric": metric,
                  "metric_first": first, "metric_last": last},
        causes=("log-damaged",),
    )


# a zero reading stands among readings this far above it (a share of the loss's median level): a loss that comes
# down near 0 and prints 0.0000 at times sits beside readings near 0 too
EMPTY_NEIGHBOUR_SHARE = 0.1
# ... and the zero readings are this share of the loss's readings at least: epochs with no batches come in a pattern
# (every second epoch, every one after the input ran out), where a per-step loss logged 0 at a few steps is a step a
# mixed-precision scaler skipped or a rank that logged nothing (the zero-grad-norm reading's story)
EMPTY_MIN_SHARE = 0.25


def _empty_epochs(run: Run) -> Iterator[Hit]:
    """A training loss that reads exactly 0.0 at two readings or more -- ``EMPTY_MIN_SHARE`` of them at least -- each
    beside readings of an ordinary level (both
    neighbours at least ``EMPTY_NEIGHBOUR_SHARE`` of the loss's median positive reading) and with positive readings
    after the first zero: a loss cannot fall to exactly zero and come back at once -- those readings are means over
    no batches (an epoch whose input ran out: Keras with ``steps_per_epoch`` past the data writes 0 for every
    training mean and repeats the validation scores). Not measurements: the curve is to be read without them."""
    tag = run.roles.get("train_loss")
    if tag is None or tag not in run.tag_counts():
        return
    v = run.tag_values(tag)
    steps = run.tag_steps(tag)
    ok = np.isfinite(v)
    v, steps = v[ok], steps[ok]
    zeros = np.flatnonzero(v == 0.0)
    pos = v[v > 0]
    if len(zeros) < max(2, EMPTY_MIN_SHARE * len(v)) or len(pos) < 2 or (v < 0).any() \
            or not (np.flatnonzero(v > 0) > zeros[0]).any():
        return
    level = float(np.median(pos))
    floor = EMPTY_NEIGHBOUR_SHARE * level
    for i in zeros:
        near = [v[j] for j in (i - 1, i + 1) if 0 <= j < len(v) and v[j] != 0.0]
        if not near or min(near) < floor:
            return  # a zero beside small readings: a loss that came down near 0, printed at its resolution
    shown = ", ".join(fmt_step(int(steps[i])) for i in zeros[:6]) + (" ..." if len(zeros) > 6 else "")
    yield Hit(
        f"{tag} reads exactly 0 at {len(zeros)} of its {len(v):,} readings (steps {shown}), each between readings "
        f"of an ordinary level (median {fmt_num(level)}): a loss cannot fall to zero and come back at once -- those "
        "readings are means over no batches (an epoch whose input ran out), not measurements",
        step=int(steps[zeros[0]]), steps=(int(steps[zeros[0]]), int(steps[zeros[-1]])), confidence=0.8,
        evidence={"mode": "empty-epochs", "tag": tag, "zero_readings": int(len(zeros)), "readings": int(len(v)),
                  "level": level},
        causes=("input-exhausted",),
    )


NONFINITE_MIN_FINITE = 3  # finite points a series needs around its non-finite ones to be a curve with glitches


def _nonfinite_points(run: Run, p: Params) -> Iterator[Hit]:
    """A held-out loss, or a part of a loss, that is NaN/inf at some of its points and finite again by its last
    point. Every write counts (Run.tag_values): a session appended to the same log may have re-written the step.
    The training loss is left to divergence (a NaN that comes and goes is its warning), and so are the parts of a
    training loss summed from its parts (a non-finite part makes the sum non-finite)."""
    from curvedoc.model.roles import infer_role, other_losses

    train = run.roles.get("train_loss")
    counts = run.tag_counts()
    derived_train = train is not None and train not in counts
    cands = [run.roles["val_loss"]] if run.roles.get("val_loss") in counts else []
    for t in other_losses(run):
        r = infer_role(t)
        if t != train and not (derived_train and r is not None and r[0] == "train_loss"):
            cands.append(t)
    found = []
    for tag in dict.fromkeys(cands):
        v = run.tag_values(tag)
        bad = ~np.isfinite(v)
        if not bad.any() or not np.isfinite(v[-1]) or int((~bad).sum()) < NONFINITE_MIN_FINITE:
            continue
        steps = run.tag_steps(tag)[bad]
        kinds = sorted({"NaN" if np.isnan(x) else "inf" for x in v[bad]})
        found.append((tag, int(bad.sum()), len(v), sorted({int(s) for s in steps}), "/".join(kinds)))
    if not found:
        return
    parts = []
    for tag, nb, n, steps, kinds in found[:4]:
        at = ", ".join(f"{s:,}" for s in steps[:3]) + (" ..." if len(steps) > 3 else "")
        parts.append(f"{tag} is {kinds} at {nb} of its {n:,} points (step{'s' if len(steps) > 1 else ''} {at})")
    more = f", and {len(found) - 4} more series" if len(found) > 4 else ""
    first = min(s for f in found for s in f[3])
    yield Hit(
        "; ".join(parts) + more + ", and finite again afterwards: those evaluations are not measurements (a degenerate "
        "batch, an fp16 overflow), and plots and rules skip them",
        step=first, confidence=0.8, severity="info",
        evidence={"mode": "non-finite-points", "series": {f[0]: f[1] for f in found}, "first_step": first},
        causes=("numerical-instability", "fp16-overflow", "log-damaged"),
    )


PLACEHOLDER_MIN_POINTS = 5  # fewer prints of one value could be a loss that happens to repeat


def _placeholder_losses(run: Run, p: Params) -> Iterator[Hit]:
    """A loss-named series that holds the same negative whole number at every point ('Loss: -1.0000' printed by a
    wrapper that never computed it): a placeholder the logger wrote where the value should be, not a measurement.
    Role inference already leaves it out; the report says so, because a reader of the raw log would take it for
    the loss (a real loss is not negative, and none stays at one whole number over many prints)."""
    from curvedoc.model.roles import infer_role, is_placeholder

    found = []
    for tag, n in run.tag_counts().items():
        r = infer_role(tag)
        if r is None or r[0] not in ("train_loss", "val_loss") or n < PLACEHOLDER_MIN_POINTS:
            continue
        if is_placeholder(run, tag):
            found.append((tag, n, float(run.tag_values(tag)[0])))
    if not found:
        return
    tag, n, v = found[0]
    more = f" (and {len(found) - 1} more such series)" if len(found) > 1 else ""
    yield Hit(
        f"{tag} holds {v:g} at every one of its {n:,} points{more}: a placeholder the logger printed where the loss "
        "should be, not a measured loss; it is left out of the analysis",
        confidence=0.85,
        evidence={"mode": "placeholder-loss", "tag": tag, "value": v, "points": n, "series": len(found)},
        causes=("log-damaged",),
    )


def _zero_grad_norm(run: Run, p: Params) -> Iterator[Hit]:
    """A gradient norm logged as exactly 0.0 at many steps while the training loss is non-zero and moving: a
    model whose loss changes has a gradient, so the norm was not measured there (sharded optimizers such as
    DeepSpeed ZeRO report 0, skipped or overflowed steps log 0). The series cannot be trusted."""
    if "grad_norm" not in run.roles or "train_loss" not in run.roles:
        return
    g = run.series("grad_norm")
    gv = g.to_numpy(dtype=np.float64)
    fin = np.isfinite(gv)
    if fin.sum() < 10:
        return
    zero = fin & (gv == 0.0)
    share = float(zero.sum()) / float(fin.sum())
    if share < p.min_zero_share or zero.all():
        return  # (all zero: a frozen model, which the loss rules judge)
    loss = run.series("train_loss")
    lv = loss.to_numpy(dtype=np.float64)
    lok = np.isfinite(lv)
    if lok.sum() < 10:
        return
    at = np.interp(g.index.to_numpy()[zero].astype(float), loss.index.to_numpy()[lok].astype(float), lv[lok])
    # the loss non-zero at (nearly) every such step: a batch of size 1 can have a zero loss now and then
    if not (float(np.mean(at != 0.0)) >= 0.9 and float(np.std(lv[lok])) > 0):
        return
    tag = run.roles["grad_norm"]
    first = int(g.index.to_numpy()[zero][0])
    # a minority of isolated zeros is what mixed precision writes for the steps its loss scaler skipped after an
    # overflow: normal operation, said for the reader of the gradient rules (info); zeros at half the steps or more
    # are a norm that is not measured (a ZeRO-sharded optimizer), a gap in the log (the rule's warning)
    skipped = share < p.max_skipped_share
    why = ("steps skipped after a mixed-precision overflow log 0, or a sharded optimizer such as DeepSpeed ZeRO does"
           if skipped else "a sharded optimizer such as DeepSpeed ZeRO, or skipped steps")
    yield Hit(
        f"{tag} is exactly 0 at {int(zero.sum())} of its {int(fin.sum())} points ({share:.0%}, first at step "
        f"{first:,}) while the training loss is non-zero and changing: a model whose loss moves has a gradient, so "
        f"the norm was not measured at those steps ({why}); gradient rules read that series with care",
        step=first, confidence=0.8, severity="info" if skipped else None,
        evidence={"zero_share": round(share, 4), "zero_points": int(zero.sum()), "tag": tag, "mode": "zero-grad-norm"},
        causes=("log-damaged", "fp16-overflow"),
    )


def _skipped_records(run: Run, p: Params) -> Iterator[Hit]:
    issues = [i for i in run.issues if i.kind in KINDS]
    if not issues:
        return
    skipped = sum(i.count or 1 for i in issues)
    if skipped < p.min_skipped:
        return
    files = sorted({i.file for i in issues if i.file})
    detail = "; ".join(i.message for i in issues[:3])
    # a file cut inside its last record by its writer (an event file whose size is no whole number of 4 KiB blocks,
    # a history's last JSON line) lost that one record: the job stopped mid-write, or the file was copied while the
    # run was still writing (a Colab session's TensorBoard file of a finished 100-epoch run, 33 bytes short). One
    # point at the end is said, as info; a copy cut at a block boundary (what came after is unknown), damage inside
    # a file, or more than one record is a warning
    last_only = len(issues) == 1 and issues[0].kind in END_CUT_KINDS and (issues[0].count or 1) == 1 \
        and issues[0].severity == "info"  # the importer's reading: the writer stopped, no copy cut at a block
    yield Hit(
        f"{skipped:,} damaged record(s)/line(s) skipped in {len(files) or 1} file(s): {detail}"
        + ("; only the file's last record was lost" if last_only else ""),
        confidence=0.95, severity="info" if last_only else None,
        evidence={"skipped": skipped, "files": len(files)},
    )
