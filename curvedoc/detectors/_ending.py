"""How a log shows the way its run ended: the exit codes of a process ended by a signal, a last training record
inside an epoch, a progress line still expecting time to go. Crashed-run and unfinished-schedule both read them
(crashed-run for what stopped the run, unfinished-schedule for what the stop cost)."""

from __future__ import annotations

import math

import numpy as np

from curvedoc.detectors._signal import shared
from curvedoc.model.run import Run

# exit codes of a process ended by a signal (128 + N): what stopped it (unfinished-schedule reads them too)
SIGNAL_EXITS = {130: "Ctrl-C", 137: "SIGKILL", 143: "SIGTERM"}


@shared  # asked by crashed-run and by unfinished-schedule of the same run
def inside_epoch(run: Run) -> tuple[int, int, int] | None:
    """(epoch, batch, batches) when the importer found the log's last training record inside an epoch (batch i of
    N, i < N: ``meta["ends_inside_epoch"]``), else None. Unfinished-schedule reads it too."""
    mid = run.meta.get("ends_inside_epoch")
    if not isinstance(mid, dict):
        return _inside_epoch_by_clock(run) or _epoch_summary_missing(run) or _epoch_opened_last(run)
    try:
        e, i, nb = int(mid["epoch"]), int(mid["batch"]), int(mid["batches"])
    except (KeyError, TypeError, ValueError):
        return None
    return (e, i, nb) if 0 <= i < nb else None


def _whole_epochs(run: Run, min_points: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(epoch values, their steps) of the run's epoch counter when it is whole-numbered and never goes back, with at
    least ``min_points`` finite readings; else None (a fractional epoch, a restart, no counter)."""
    tag = run.roles.get("epoch")
    if tag is None:
        return None
    s = run.series(tag)
    e = s.to_numpy(dtype=np.float64)
    ok = np.isfinite(e)
    e, st = e[ok], s.index.to_numpy()[ok]
    if len(e) < min_points or np.any(e != np.round(e)) or np.any(np.diff(e) < 0):
        return None
    return e, st


def _inside_epoch_by_clock(run: Run) -> tuple[int, int, int] | None:
    """(epoch, steps into it, steps per epoch) from the whole-number epoch the run logs beside its steps: the steps
    where the epoch moves on give its length (two complete epochs at least, their lengths within one logging interval),
    and a last logged step short of its epoch's end (the epoch before's last step plus a length) by more than two
    logging intervals (and 2% of the epoch) was cut off --
    an epoch-based training ends at an epoch's end. None when the epoch is fractional (HF's ``epoch`` 2.54: a
    max_steps plan ends anywhere), goes back (a restart), or the log is per epoch."""
    counter = _whole_epochs(run, 10)
    if counter is None:
        return None
    e, st = counter
    starts = st[np.flatnonzero(np.diff(e) > 0) + 1]  # the first logged step of each epoch after the first
    lengths = np.diff(starts)
    interval = float(np.median(np.diff(st)))
    # (logged every few steps, an epoch's first logged step moves by up to one interval: 60, 60, 70 for 63 a epoch)
    if len(lengths) < 2 or float(lengths.max() - lengths.min()) > max(interval, 0.1 * float(lengths.max())):
        return None
    length = float(np.mean(lengths))
    prev_end = float(st[e < e[-1]][-1]) if np.any(e < e[-1]) else None  # the last logged step of the epoch before
    if prev_end is None or int(np.sum(e == e[-1])) < 2:
        return None  # (a lone row in a new epoch is the framework's closing record: Lightning's test row at max_epochs)
    pos = float(st[-1]) - prev_end
    if length <= 2 * interval or length - pos <= max(2 * interval, 0.02 * length):
        return None
    return int(e[-1]), int(pos), int(round(length))


def _epoch_summary_missing(run: Run) -> tuple[int, int, int] | None:
    """(epoch, steps into it, steps per epoch) when every complete epoch ended with a summary the run writes once
    per epoch (a validation loss, Lightning's ``*_epoch`` values: one reading in each whole-number epoch from the
    first; Lightning writes an ``on_epoch`` value at every epoch's end, so one complete epoch with its summary already
    shows the habit) and the training loss went on into the next epoch without one: the run stopped inside
    that epoch (Lightning's CSVLogger flushed a last ``train_loss_step`` row, then the process was killed). The
    epoch's length is the summaries' median spacing (with one summary: from the training's first step to it); None
    when the training loss's last step is a full epoch past
    the last summary (a summary every few epochs), or the epoch is fractional, goes back, or is missing."""
    tag, loss = run.roles.get("epoch"), run.roles.get("train_loss")
    counter = _whole_epochs(run, 3)
    if counter is None or loss is None:
        return None
    e, est = counter
    ls = run.series(loss)
    if not len(ls):
        return None
    last = int(ls.index[-1])
    at = np.searchsorted(est, last, side="right") - 1
    if at < 0:
        return None
    epoch_last = int(e[at])
    first = int(e[0])
    # a summary has one reading in each complete epoch from the first: exactly epoch_last - first of them (the count
    # picks the candidates before any tag's steps are read: a log may have thousands of tags)
    for t, count in run.tag_counts().items():
        if t in (tag, loss) or count != epoch_last - first:
            continue
        st = run.tag_steps(t)
        if not len(st) or int(st[-1]) >= last:
            continue
        idx = np.searchsorted(est, st, side="right") - 1
        if np.any(idx < 0):
            continue
        ep = e[idx].astype(np.int64)
        if not np.array_equal(ep, np.arange(first, first + len(ep))) or int(ep[-1]) != epoch_last - 1:
            continue
        if len(st) >= 2:
            length = float(np.median(np.diff(st)))
        else:
            # one complete epoch: from step 0 to its summary, when the training loss was logged from the run's
            # beginning (its first step within a twentieth of that epoch or one logging interval: 49 when logged
            # every 50 steps)
            t0 = int(ls.index[0])
            every = float(np.median(np.diff(ls.index.to_numpy()))) if len(ls) >= 2 else 0.0
            length = float(int(st[0]) + 1) if 0 <= t0 <= max(0.05 * int(st[0]), every) else 0.0
        pos = last - int(st[-1])
        if length > 0 and 0 < pos < length:
            return epoch_last, int(pos), int(round(length))
    return None


def _epoch_opened_last(run: Run) -> tuple[int, int, int] | None:
    """(epoch, 0, steps per epoch) when the run's last record is an epoch's first: a learning rate logged once per
    epoch at its start (Lightning's LearningRateMonitor with ``logging_interval='epoch'``), each reading before a
    summary the run writes once per epoch at its end (a validation or epoch-mean loss) and the next epoch's reading
    after it -- one more reading than summaries, the last after every other record. That last reading opened an epoch
    that never wrote anything else: the run stopped inside it (killed during the epoch). A run that ends on its
    schedule or by early stopping ends on its last epoch's summary (no new epoch is opened after the decision).
    None otherwise, or with fewer than three summaries (nothing shows the once-per-epoch habit)."""
    lr = run.roles.get("lr")
    if lr is None:
        return None
    lst = run.tag_steps(lr)
    if len(lst) < 4:
        return None
    ends = {t: run.tag_steps(t) for t in run.tags if t != lr}
    if not ends or any(len(st) and int(st[-1]) >= int(lst[-1]) for st in ends.values()):
        return None  # the LR reading is not the last record (or shares its step with another tag's)
    for role in ("val_loss", "train_loss"):
        tag = run.roles.get(role)
        if tag is None or tag not in ends:
            continue
        st = ends[tag]
        if len(st) != len(lst) - 1 or len(st) < 3:
            continue
        # each epoch: its LR reading, then its summary, then the next epoch's LR reading
        if np.all(lst[:-1] < st) and np.all(st < lst[1:]):
            length = int(round(float(np.median(np.diff(st)))))
            return len(st), 0, max(length, 1)
    return None


def where_in_epoch(mid: tuple[int, int, int]) -> str:
    """Where in its epoch a log stopped, as a phrase: 'at batch 40 of 157', or 'at its start, on the epoch's first
    record with nothing after it' for an epoch the log only opened."""
    if mid[1] == 0:
        return "at its start, on the epoch's first record with nothing after it"
    return f"at batch {mid[1]:,} of {mid[2]:,}"


def eta_left(run: Run) -> int:
    """Seconds of training the log's last progress line still expected to go (``meta["eta_at_end_s"]``), 0 when it
    expected none or the log has no ETA. Unfinished-schedule reads it too."""
    v = run.meta.get("eta_at_end_s")
    if v is None or isinstance(v, bool):
        return 0
    try:
        f = float(v)
    except (TypeError, ValueError):
        return 0
    return int(f) if math.isfinite(f) and f > 0 else 0


def training_summary_missing(run: Run) -> tuple[int, str] | None:
    """(epoch, the held-out series) when the training loss is written once per epoch, one reading in each whole-number
    epoch from the first, and a held-out series written once per epoch beside it has one reading more: the last
    epoch's, after the training loss's last. Lightning writes an epoch's validation row at its validation's end and
    the training row (``on_epoch`` values) right after it, at the training epoch's end: a log that holds the first and
    not the second stopped between the two (the process was killed, or its last rows were never flushed)."""
    counter = _whole_epochs(run, 3)
    loss, held = run.roles.get("train_loss"), run.roles.get("val_loss")
    if counter is None or loss is None or held is None:
        return None
    e, est = counter
    ls, vs = run.tag_steps(loss), run.tag_steps(held)
    if len(ls) < 2 or len(vs) != len(ls) + 1 or int(vs[-1]) <= int(ls[-1]):
        return None

    def epochs(st):
        idx = np.searchsorted(est, st, side="right") - 1
        return None if np.any(idx < 0) else e[idx].astype(np.int64)

    le, ve = epochs(ls), epochs(vs)
    if le is None or ve is None or not np.array_equal(le, np.arange(le[0], le[0] + len(le))) \
            or not np.array_equal(ve, np.arange(le[0], le[0] + len(ve))):
        return None
    return int(ve[-1]), held


def cut_off(run: Run) -> str:
    """How a printed log shows it stopped in the middle of its work ('' when it does not): its last training
    record sits inside an epoch (batch i of N, i < N), its last progress line still expected time to go, or its last
    epoch wrote its held-out row and not the training row written after it (:func:`training_summary_missing`)."""
    mid = inside_epoch(run)
    if mid is not None:
        return f"ends inside epoch {mid[0]}, {where_in_epoch(mid)},"
    gap = training_summary_missing(run)
    if gap is not None:
        return (f"ends after epoch {gap[0]}'s {gap[1]} row, without the training loss's row of that epoch (written "
                "right after it)")
    eta = eta_left(run)
    if eta > 0:
        return f"ends on a progress line that still expected {eta:,} s of training to go"
    return ""
