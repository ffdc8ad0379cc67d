"""Series of one run logged against different clocks: held-out evaluations written against the epoch index.

A script that logs its training loss at every optimizer step and evaluates once per epoch often writes the
evaluation against the epoch number (``writer.add_scalar("val/acc", acc, epoch)``, MMEngine's ``val`` records,
``Test set: Average loss`` after each epoch of a print log). Read as they are, the evaluations of epochs 1-20 sit
at steps 1-20 of a run of 1,260 steps: beside the untrained model, not beside the training they measured, and every
rule that pairs training and held-out values (the gap between them, chance after a blow-up, the best checkpoint)
pairs the wrong points. :func:`place_epoch_indexed` puts them back at the end of each epoch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where a frame is read (see curvedoc.model.run)
    import numpy as np
    import pandas as pd

from curvedoc.model.metrics import named_split
from curvedoc.model.run import ImportIssue

#: fewest evaluations that make an epoch index (fewer say nothing about a clock)
MIN_EPOCHS = 3
#: fewest readings of the training clock's densest series
MIN_DENSE = 20
#: an epoch index ends within this share of the training clock's last step (20 epochs of a 1,260-step run: 1.6%)
MAX_INDEX_SHARE = 0.05


def _is_index(steps: np.ndarray, last: int) -> bool:
    """0, 1, 2 ... or 1, 2, 3 ... (every integer once), at least MIN_EPOCHS of them, ending within MAX_INDEX_SHARE
    of ``last``."""
    import numpy as np

    return (len(steps) >= MIN_EPOCHS and int(steps[0]) in (0, 1) and bool(np.all(np.diff(steps) == 1))
            and int(steps[-1]) <= MAX_INDEX_SHARE * last)


def _epochs_counted(frame: pd.DataFrame, names: list[str], moved: set[str]) -> int | None:
    """How many epochs the run's own epoch counter (a series its name makes the ``epoch`` role, on the training
    clock) says it ran: its largest value, counted from 1; None without one."""
    import numpy as np

    from curvedoc.model.roles import infer_role

    best = None
    for t in names:
        if t in moved or (r := infer_role(t)) is None or r[0] != "epoch":
            continue
        v = frame.loc[frame["tag"] == t, "value"].to_numpy(np.float64)
        v = v[np.isfinite(v)]
        if len(v):
            n = int(np.floor(v.max())) + (1 if float(v.min()) < 1 else 0)
            best = n if best is None else max(best, n)
    return best


def place_epoch_indexed(frame: pd.DataFrame) -> tuple[pd.DataFrame, ImportIssue | None]:
    """``frame`` with its held-out series written against the epoch index moved onto the training clock, and the
    note that says so (None, and the frame itself, when there is nothing to move).

    The training clock is the last step of the densest series that no split word names held-out (at least
    MIN_DENSE readings). A held-out series (a split word: val, eval, test, dev ...) whose steps are 0/1, 2, 3 ...
    E with E within MAX_INDEX_SHARE of that last step counts epochs; the series written on exactly the same steps
    (an epoch's time, its training summary) count them too. Epoch e (counted from 1) is placed at the end of its
    share of the training clock, ``round(e * last / E)``: evaluations run at an epoch's end, and the epochs of one
    training are of one length. Not when the run's own epoch counter says fewer epochs than the index counts (it
    indexes something else: the batches of a validation pass). A frame read in windows (watch) is left as it is:
    its clock is not the run's."""
    import numpy as np

    if not len(frame):
        return frame, None
    import pandas as pd

    tags = frame["tag"] if isinstance(frame["tag"].dtype, pd.CategoricalDtype) else frame["tag"].astype("category")
    names = [str(c) for c in tags.cat.categories]
    codes = tags.cat.codes.to_numpy()
    steps = frame["step"].to_numpy(np.int64)
    counts = np.bincount(codes[codes >= 0], minlength=len(names))
    # one pass over the points for each tag's last step; the steps themselves only for the few short series that can
    # be an index (a long log's millions of points are not sorted per tag)
    top = np.full(len(names), np.iinfo(np.int64).min)  # read for tags with points only
    np.maximum.at(top, codes[codes >= 0], steps[codes >= 0])  # numpy's grouped max: no pandas groupby per frame
    held = {i for i, t in enumerate(names) if counts[i] and named_split(t) == "val"}
    dense = [int(top[i]) for i in range(len(names)) if i not in held and counts[i] >= MIN_DENSE]
    if not dense or max(dense) <= 0:
        return frame, None
    last = max(dense)
    short = [i for i in range(len(names)) if MIN_EPOCHS <= counts[i] and int(top[i]) <= MAX_INDEX_SHARE * last]
    if not short or not held & set(short):
        return frame, None
    sel = np.isin(codes, short)
    groups = {names[i]: np.unique(steps[sel & (codes == i)]) for i in short}
    held = {names[i] for i in held}
    indexed = {tuple(s.tolist()) for t, s in groups.items() if t in held and _is_index(s, last)}
    if not indexed:
        return frame, None
    moved = sorted(t for t, s in groups.items() if _is_index(s, last) and tuple(s.tolist()) in indexed)
    # epochs counted from 1 across the moved series (a 0-based index: epoch 0 is the first)
    epochs = max(int(groups[t][-1]) + (1 if int(groups[t][0]) == 0 else 0) for t in moved)
    counter = _epochs_counted(frame, names, set(moved))
    if counter is not None and epochs > counter + 1:
        # the run's own epoch counter says fewer epochs than the index counts: it indexes something else (the
        # batches of one validation pass, logged per batch)
        return frame, None
    per = last / epochs
    out = frame.copy()
    step = steps.copy()
    for t in moved:
        rows = codes == names.index(t)
        e1 = step[rows] + (1 if int(groups[t][0]) == 0 else 0)
        step[rows] = np.rint(e1 * per).astype(np.int64)
    out["step"] = step
    first, lastidx = min(int(groups[t][0]) for t in moved), max(int(groups[t][-1]) for t in moved)
    said = ", ".join(repr(t) for t in moved[:4]) + (f" and {len(moved) - 4} more" if len(moved) > 4 else "")
    note = ImportIssue(
        "epoch-axis",
        f"{said} {'was' if len(moved) == 1 else 'were'} logged against the epoch index ({first}-{lastidx}) while "
        f"training ran to step {last:,}: placed at the end of each epoch (epoch e at step e x {per:,.4g})",
        count=int(sum(len(groups[t]) for t in moved)), severity="info")
    return out, note


__all__ = ["place_epoch_indexed", "MIN_EPOCHS", "MIN_DENSE", "MAX_INDEX_SHARE"]
