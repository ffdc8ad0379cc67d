"""Shared code of the CSV and JSON readers: column-to-number conversion, step selection, the
vectorised wide-to-long melt, and the checks every tabular log gets (duplicate steps, restarts).

A *table* here is a pandas frame with one row per log call and one column per key. Conventions:

* a cell that is empty / null / missing is **no point** (sparse logs have many);
* a cell that says ``nan``, ``NaN``, ``inf``, ``-Infinity``, ``1e400``... is a point whose value is
  NaN / +-inf (a diverged run must stay visible, not vanish);
* a column whose content is mostly not numbers (names, dates, modes) is skipped and reported once;
* the step column is the x axis, not a tag; an ``epoch`` column is always kept as a tag as well.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from curvedoc.model.run import ImportIssue, make_frame

# Tokens that mean "no value here" (no point). Everything else that is not a number is garbage,
# except the NaN spellings below, which are points with value NaN.
MISSING_TOKENS = ["", "null", "NULL", "Null", "None", "none", "NA", "N/A", "n/a", "<NA>", "#N/A", "NaT", "nat"]
NAN_LITERALS = frozenset({"nan", "+nan", "-nan", "nan(ind)", "-nan(ind)", "nan%"})
# infinity as it is written (with any padding): its sign
_INF_SIGN = {"inf": 1.0, "+inf": 1.0, "infinity": 1.0, "+infinity": 1.0, "-inf": -1.0, "-infinity": -1.0}

# Absolute wall-clock columns: used as wall_time, not kept as tags.
WALL_CLOCK_NAMES = ("wall_time", "walltime", "wall time", "timestamp", "_timestamp", "datetime", "date_time")
# Elapsed-time columns: kept as tags, and used as wall_time when they only ever grow.
ELAPSED_TIME_NAMES = ("time", "time/time_elapsed", "elapsed", "elapsed_time", "_runtime", "total/duration")
# the columns a record writes the time its training still expects to take in (LLaMA-Factory's "remaining_time":
# "3 days, 17:51:32", detectron2's "eta_seconds")
REMAINING_TIME_NAMES = ("remaining_time", "remaining", "eta", "eta_seconds", "time_left", "time_remaining")
_CLOCK_TEXT = re.compile(r"\s*(?:(?P<d>\d+)\s*days?,?\s*)?(?:(?P<h>\d+):)?(?P<m>\d{1,2}):(?P<s>\d{1,2}(?:\.\d+)?)\s*")


def clock_seconds(cell: object) -> float | None:
    """Seconds of a duration cell: a number of seconds, or a clock text ('3 days, 17:51:32', '0:01:48', '05:12');
    None for anything else."""
    if isinstance(cell, (int, float)) and not isinstance(cell, bool):
        f = _big_number(cell)  # (a whole number past a float's range is none: no duration, no crash)
        return f if math.isfinite(f) and f >= 0 else None
    m = _CLOCK_TEXT.fullmatch(str(cell)) if cell is not None else None
    if m is None:
        return None
    try:
        return (int(m.group("d") or 0) * 86400 + int(m.group("h") or 0) * 3600 + int(m.group("m")) * 60
                + float(m.group("s")))
    except OverflowError:  # (a day count past a float's range)
        return None


def time_still_to_go(lefts: Sequence[float]) -> float | None:
    """The last of a log's remaining-time readings (seconds, in order; the last two are read) when it says the
    training still had time to go: more than a minute and more than three logging intervals (the fall between the
    last two readings) -- a finished run's last reading says 0, or at most one interval. None otherwise. The rule
    for a printed progress line's ETA and a record's remaining-time column alike."""
    if not lefts:
        return None
    left = lefts[-1]
    step = lefts[-2] - left if len(lefts) >= 2 else 0
    return left if left > 60 and left > 3 * max(step, 0) else None


def time_left_at_end(df: pd.DataFrame, names: Sequence[str]) -> int | None:
    """Seconds of training the last record still expected, from its remaining-time column
    (:data:`REMAINING_TIME_NAMES`; :func:`time_still_to_go`'s rule). None when no record says."""
    for i, name in enumerate(names):
        if norm_name(name) not in REMAINING_TIME_NAMES:
            continue
        cells = [s for s in map(clock_seconds, df.iloc[:, i].tolist()) if s is not None]
        if not cells:
            continue
        left = time_still_to_go(cells)
        return None if left is None else int(left)
    return None


# A column is skipped as non-numeric when more than this share of its non-empty cells are not numbers.
GARBAGE_SHARE_TO_SKIP = 0.5


def norm_name(name: object) -> str:
    return " ".join(str(name).strip().lower().split())


@dataclass
class NumericColumn:
    name: str
    values: np.ndarray  # float64, one per row
    present: np.ndarray  # bool, one per row: True where a point exists


@dataclass
class Conversion:
    columns: list[NumericColumn] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # non-numeric columns
    bad_cells: dict[str, int] = field(default_factory=dict)  # numeric columns with a few garbage cells


def _big_number(v: object) -> float:
    """Per-element conversion for a column pandas refused (ints beyond float range)."""
    if isinstance(v, bool) or v is None:
        return math.nan
    if isinstance(v, int):
        try:
            return float(v)
        except OverflowError:
            return math.inf if v > 0 else -math.inf
    try:
        return float(v)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return math.nan


_WRAPPED = re.compile(r"^\s*(?:torch\.)?(?:tensor|array|np\.float\d*|numpy\.float\d*|float\d*|Decimal)\(\s*\[?\s*"
                      r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|nan|inf|-inf)\s*\]?\s*(?:,[^()]*)?\)\s*$")
_DECIMAL_COMMA = re.compile(r"^\s*([-+]?\d+),(\d+)\s*$")


def _unwrapped(cells: list) -> tuple[np.ndarray, np.ndarray] | None:
    """Values of cells that are numbers in a wrapper or with a decimal comma (NaN where not); None when none is.
    Decimal commas count only when the column shows them as decimals (some value without exactly three digits
    after the comma, or a leading '0,'): '1,234' alone could be a thousands separator."""
    out = np.full(len(cells), np.nan)
    matched = np.zeros(len(cells), dtype=bool)
    commas = []
    for i, c in enumerate(cells):
        if not isinstance(c, str):
            continue
        m = _WRAPPED.match(c)
        if m:
            try:
                out[i] = float(m.group(1))
                matched[i] = True
            except ValueError:
                pass
            continue
        m = _DECIMAL_COMMA.match(c)
        if m:
            commas.append((i, m))
    if commas and any(len(m.group(2)) != 3 or m.group(1).lstrip("+-") == "0" for _, m in commas):
        for i, m in commas:
            out[i] = float(f"{m.group(1)}.{m.group(2)}")
            matched[i] = True
    return (out, matched) if matched.any() else None


def convert_column(col: pd.Series) -> tuple[np.ndarray, np.ndarray, int, int] | None:
    """(values, present, n_garbage, n_nonempty) for one column, or None when it holds no numbers.

    Numeric columns: NaN means "empty cell" (NaN *literals* never reach a numeric column because the
    readers keep them as strings). Text/object columns are converted with ``pd.to_numeric``; the
    cells that stay NaN are split into missing (no point), NaN literal (point) and garbage (no point,
    counted).
    """
    kind = col.dtype.kind
    if kind in "iu":
        v = col.to_numpy(dtype=np.float64)
        return v, np.ones(len(v), dtype=bool), 0, len(v)
    if kind == "f":
        v = col.to_numpy(dtype=np.float64)
        present = ~np.isnan(v)
        return v, present, 0, int(present.sum())
    if kind == "b":
        return None
    missing = col.isna().to_numpy()
    nonempty = int((~missing).sum())
    if nonempty == 0:
        return None
    try:
        num = pd.to_numeric(col, errors="coerce")
        v = np.asarray(num, dtype=np.float64)
    except (OverflowError, TypeError, ValueError):
        v = np.fromiter((_big_number(x) for x in col.to_numpy(dtype=object)), dtype=np.float64, count=len(col))
    nan_v = np.isnan(v)
    candidates = nan_v & ~missing
    if candidates.any():  # white space only (padded columns) is an empty cell too
        blank = col[candidates].map(lambda x: isinstance(x, str) and not x.strip()).to_numpy(dtype=bool)
        if blank.any():
            missing = missing.copy()
            missing[np.flatnonzero(candidates)[blank]] = True
            candidates = nan_v & ~missing
            nonempty = int((~missing).sum())
            if nonempty == 0:
                return None
    if candidates.any():
        # numbers as the logging code printed them: 'tensor(0.4521)', "tensor(0.45, device='cuda:0')",
        # 'np.float32(0.45)', 'array(0.45, dtype=float32)', and decimal commas ('0,4521' in a ';' CSV)
        idx = np.flatnonzero(candidates)
        un = _unwrapped(col.iloc[idx].tolist())
        if un is not None:
            fixed, got = un
            v = v.copy()
            v[idx[got]] = fixed[got]
            candidates = candidates.copy()
            candidates[idx[got]] = False
    if candidates.any():
        # an infinity written with the padding of a fixed-width column ('                    inf' in Ultralytics'
        # results.csv): pandas reads a padded '  0.5' but not a padded '  inf' -- a loss gone to infinity is a point
        idx = np.flatnonzero(candidates)
        sign = col.iloc[idx].map(lambda x: _INF_SIGN.get(x.strip().lower(), 0.0) if isinstance(x, str) else 0.0)
        sign = sign.to_numpy(dtype=np.float64)
        if sign.any():
            hit = sign != 0.0
            v = v.copy()
            v[idx[hit]] = sign[hit] * np.inf
            candidates = candidates.copy()
            candidates[idx[hit]] = False
    is_nan_literal = np.zeros(len(v), dtype=bool)
    if candidates.any():
        sub = col[candidates]
        lit = sub.map(lambda x: isinstance(x, str) and x.strip().lower() in NAN_LITERALS)
        is_nan_literal[np.flatnonzero(candidates)] = lit.to_numpy(dtype=bool)
    garbage = candidates & ~is_nan_literal
    present = ~missing & ~garbage
    n_garbage = int(garbage.sum())
    if not present.any():
        return None
    return v, present, n_garbage, nonempty


def convert_table(df: pd.DataFrame, names: Sequence[str] | None = None) -> Conversion:
    """Convert every column of ``df`` (named ``names``, default the frame's columns) to numbers."""
    out = Conversion()
    names = list(names) if names is not None else [str(c) for c in df.columns]
    for i, name in enumerate(names):
        col = df.iloc[:, i]
        res = convert_column(col)
        if res is None:
            if int(col.notna().sum()):
                out.skipped.append(name)
            continue
        values, present, n_garbage, nonempty = res
        if n_garbage and n_garbage > GARBAGE_SHARE_TO_SKIP * nonempty:
            out.skipped.append(name)
            continue
        if n_garbage:
            out.bad_cells[name] = n_garbage
        out.columns.append(NumericColumn(name, values, present))
    return out


def unnamed_columns(n: int, path) -> list[str]:
    """The names of a table's ``n`` unnamed columns: one column is the file's own series and takes its name
    (``loss_log.csv`` -> ``loss_log``: the writer named the file after the one thing it holds); several are
    ``column_1``, ``column_2``... -- the file's name cannot say which column is which, and guessing a loss would
    judge the wrong curve."""
    stem = path.name.split(".")[0] or "value"
    return [stem] if n == 1 else [f"column_{i + 1}" for i in range(n)]


def counter_and_value(values: np.ndarray) -> bool:
    """Whether a header-less table of two columns (``values``: rows x 2) is a counter and one value -- what
    ``f.write(f"{epoch},{loss}\n")`` into ``loss_log.txt`` leaves: the first column whole numbers that rise on nearly
    every row (a launch appended may start it again), the second not a counter. Then the first is the step and the
    second the file's one series, named after it as a one-column file's is (:func:`unnamed_columns`)."""
    if values.ndim != 2 or values.shape[1] != 2 or values.shape[0] < 3:
        return False
    a, b = values[:, 0], values[:, 1]
    if not (np.isfinite(a).all() and np.all(a == np.floor(a))):
        return False
    d = np.diff(a)
    if (d > 0).mean() < 0.9:
        return False
    fb = b[np.isfinite(b)]
    return len(fb) >= 3 and not (np.all(fb == np.floor(fb)) and (np.diff(fb) > 0).mean() >= 0.9)


def unique_names(names: Iterable[str]) -> list[str]:
    """Strip names and make them unique (``loss``, ``loss.1``) so each is one tag."""
    seen: set[str] = set()
    out = []
    for n in names:
        base = str(n).strip() or "unnamed"
        name, k = base, 0
        while name in seen:
            k += 1
            name = f"{base}.{k}"
        seen.add(name)
        out.append(name)
    return out


# --------------------------------------------------------------------------- steps
# the coarse counters a table or a record log without a step is read along: the epoch, or (an RL script's
# per-episode table) the episode -- the CSV and the JSON-lines readers alike
COARSE_COUNTERS = ("epoch", "episode", "episodes")

def find_column(cols: Sequence[NumericColumn], candidates: Sequence[str]) -> NumericColumn | None:
    by_norm = {}
    for c in cols:
        by_norm.setdefault(norm_name(c.name), c)
    for cand in candidates:
        c = by_norm.get(cand)
        if c is not None and c.present.any():
            return c
    return None


def integral_steps(col: NumericColumn) -> np.ndarray | None:
    """The column as int64 steps (missing cells carried forward), or None if it is not integral."""
    v = col.values
    p = col.present & np.isfinite(v)
    if not p.any():
        return None
    good = v[p]
    if not np.all(good == np.floor(good)) or np.abs(good).max() > 2**62:
        return None
    if p.all():
        return v.astype(np.int64)
    # carry the last known step forward (eval rows written right after a train row); rows before
    # the first step get the first step
    idx = np.where(p, np.arange(len(v)), -1)
    np.maximum.accumulate(idx, out=idx)
    first = int(np.flatnonzero(p)[0])
    idx[idx < 0] = first
    return v[idx].astype(np.int64)


def wall_time_of(cols: Sequence[NumericColumn], raw: pd.DataFrame | None = None,
                 raw_names: Sequence[str] | None = None) -> tuple[np.ndarray | None, str | None, bool]:
    """(wall_time per row, column name, is_absolute_clock). Absolute clocks are not tags."""
    by_norm = {norm_name(c.name): c for c in cols}
    for cand in WALL_CLOCK_NAMES:
        c = by_norm.get(cand)
        if c is not None and c.present.any():
            v = np.where(c.present, c.values, np.nan)
            med = np.nanmedian(v) if np.isfinite(v).any() else np.nan
            if med > 1e14:  # microseconds / nanoseconds
                v = v / (1e6 if med < 1e17 else 1e9)
            elif med > 1e11:  # milliseconds
                v = v / 1e3
            return v, c.name, True
    # date/time strings in a wall-clock column
    if raw is not None and raw_names is not None:
        for i, name in enumerate(raw_names):
            if norm_name(name) in WALL_CLOCK_NAMES + ("date", "time") and raw.iloc[:, i].dtype.kind not in "iufb":
                col = raw.iloc[:, i]
                try:
                    ts = pd.to_datetime(col, errors="coerce", utc=True, format="mixed")
                except (TypeError, ValueError):
                    continue
                ok = ts.notna().to_numpy()
                if ok.sum() >= max(1, 0.5 * col.notna().sum()):
                    secs = (ts - pd.Timestamp("1970-01-01", tz="UTC")).dt.total_seconds().to_numpy(dtype=np.float64)
                    return secs, name, True
    for cand in ELAPSED_TIME_NAMES:
        c = by_norm.get(cand)
        if c is not None and c.present.any():
            v = c.values[c.present]
            if len(v) and np.all(np.isfinite(v)) and np.all(np.diff(v) >= 0):
                return np.where(c.present, c.values, np.nan), c.name, False
    return None, None, False


# --------------------------------------------------------------------------- melt
def melt(
    cols: Sequence[NumericColumn],
    steps: np.ndarray,
    wall_time: np.ndarray | None,
    source_file: str,
) -> pd.DataFrame:
    """Wide -> long: one point per present cell, in write order (row by row, column order within a row).

    Vectorised over a (rows x columns) matrix of the values, read in C order (row by row): where every cell is
    present the matrix itself is the value column and each row's step/wall_time is repeated once per column;
    otherwise the flat positions of the present cells give each point's row and column (the tag code). No pair of
    int64 index arrays (16 bytes a cell) is made.
    """
    n = len(steps)
    k = len(cols)
    if n == 0 or k == 0:
        return make_frame(pd.Categorical([]), np.empty(0, np.int64), np.empty(0), None, source_file)
    present = np.empty((n, k), dtype=bool)
    values = np.empty((n, k), dtype=np.float64)
    for j, c in enumerate(cols):
        present[:, j] = c.present
        values[:, j] = c.values
    code_type = np.int8 if k <= np.iinfo(np.int8).max else np.int32  # what pandas keeps of the codes anyway
    if present.all():
        del present
        point_values = values.reshape(-1)  # a view: the matrix is the value column
        point_steps = np.repeat(steps, k)
        wt = np.repeat(wall_time, k) if wall_time is not None else None
        codes = np.tile(np.arange(k, dtype=code_type), n)
    else:
        flat = np.flatnonzero(present)  # C order: row by row
        del present
        point_values = values.reshape(-1)[flat]
        del values
        rows, colix = np.divmod(flat, k)
        del flat
        codes = colix.astype(code_type)
        del colix
        point_steps = steps[rows]
        wt = wall_time[rows] if wall_time is not None else None
        del rows
    tags = pd.Categorical.from_codes(codes, categories=[c.name for c in cols])
    return make_frame(tags, point_steps, point_values, wt, source_file, take=True)


# --------------------------------------------------------------------------- checks
def _steps_rise_per_tag(codes: np.ndarray, steps: np.ndarray, n_tags: int) -> bool:
    """Every tag's steps strictly increase in the frame's order (then no (tag, step) pair repeats). One pass per tag
    for the few tags of most logs; a stable sort by tag code alone (a counting sort of small integers) for many.
    The lexsort by (tag, step) that finds the repeats costs several times as much CPU and memory (a 2M-line text
    log: 0.5 s and ~300 MB of index and sorted copies), and most logs have none."""
    if n_tags <= 32:
        for i in range(-1 if len(codes) and codes.min() < 0 else 0, n_tags):  # (-1: a point without a tag)
            s = steps[codes == i]
            if len(s) > 1 and not np.all(s[1:] > s[:-1]):
                return False
        return True
    order = np.argsort(codes, kind="stable")
    c, s = codes[order], steps[order]
    del order
    return not np.any((c[1:] == c[:-1]) & (s[1:] <= s[:-1]))


def duplicate_issues(frame: pd.DataFrame, file: str, row_steps: np.ndarray | None = None) -> list[ImportIssue]:
    """Report (tag, step) pairs written more than once: a warning when the values differ."""
    if len(frame) < 2:
        return []
    if row_steps is not None and (len(row_steps) < 2 or np.all(row_steps[1:] > row_steps[:-1])):
        return []  # one point per tag per row and strictly increasing rows: no repeats possible
    steps = frame["step"].to_numpy()
    if _steps_rise_per_tag(frame["tag"].cat.codes.to_numpy(), steps, len(frame["tag"].cat.categories)):
        return []  # the usual log: no repeats, known without sorting every point by (tag, step)
    codes = frame["tag"].cat.codes.to_numpy().astype(np.int64)
    vals = frame["value"].to_numpy()
    order = np.lexsort((steps, codes))
    c, s, v = codes[order], steps[order], vals[order]
    same = (c[1:] == c[:-1]) & (s[1:] == s[:-1])
    n_dup = int(same.sum())
    if not n_dup:
        return []
    differ = same & ~((v[1:] == v[:-1]) | (np.isnan(v[1:]) & np.isnan(v[:-1])))
    n_diff = int(differ.sum())
    cats = frame["tag"].cat.categories
    if n_diff:
        tags = sorted({str(cats[i]) for i in c[1:][differ]})
        shown = ", ".join(tags[:5]) + (" ..." if len(tags) > 5 else "")
        return [ImportIssue(
            "duplicate-steps",
            f"{n_diff} point(s) repeat a step already written for the same tag with a different value "
            f"({shown}); all are kept, the later write wins in series()",
            file=file, count=n_diff,
        )]
    tags = sorted({str(cats[i]) for i in c[1:][same]})
    return [ImportIssue(
        "duplicate-steps",
        f"{n_dup} point(s) repeat a step with the same value ({', '.join(tags[:5])}); kept",
        file=file, count=n_dup, severity="info",
    )]


def epoch_positions(steps: np.ndarray, epoch: np.ndarray) -> np.ndarray | None:
    """Steps laid end to end when the step column counts positions INSIDE the epoch (``epoch,batch,loss`` with the
    batch starting again at 0 every epoch): every fall of the step comes with a rise of the epoch, the epoch never
    falls, and within an epoch the step only grows. Then step ``b`` of epoch ``e`` is ``(e - e0) * L + b``, ``L`` the
    epoch's length in steps (the largest position plus the usual stride between logged positions). None when the
    step does not restart with the epoch (a global counter, or a restart that is a new session)."""
    if len(steps) < 3 or len(epoch) != len(steps) or not np.all(np.isfinite(epoch)):
        return None
    e = epoch.astype(np.float64)
    if np.any(np.diff(e) < 0) or np.any(e != np.round(e)):
        return None
    ds = np.diff(steps)
    de = np.diff(e)
    falls = ds < 0
    if not falls.any() or np.any(falls & (de <= 0)) or np.any((de > 0) & ~falls & (steps[1:] > steps[0])):
        # no restart; a restart inside an epoch; or an epoch that begins without the position going back to the start
        return None
    inside = ds[(de == 0) & (ds > 0)]
    stride = int(np.median(inside)) if len(inside) else 1
    length = int(steps.max()) + stride
    return (e - e[0]).astype(np.int64) * length + steps.astype(np.int64)


def ended_inside_epoch(steps: np.ndarray, epoch: np.ndarray) -> dict | None:
    """Where a table whose step counts positions inside the epoch (:func:`epoch_positions`) stops short of an
    epoch's end: every complete epoch (all but the last, at least two) reached the same last position ``P``, and the
    last epoch's last position is below it -- the run was cut off inside that epoch (``{"epoch", "batch",
    "batches"}``, the meta key ``ends_inside_epoch`` text logs set the same way). None otherwise."""
    e = epoch.astype(np.float64)
    last = float(e[-1])
    done = sorted(set(e[e < last].tolist()))
    if len(done) < 2:
        return None
    ends = {int(steps[e == x].max()) for x in done}
    if len(ends) != 1:
        return None
    end = ends.pop()
    reached = int(steps[e == last].max())
    if reached >= end:
        return None
    return {"epoch": int(last), "batch": reached, "batches": end}


def restart_issue(steps: np.ndarray, file: str, what: str = "step") -> ImportIssue | None:
    """Where the row step goes backwards (a resumed run appended to the same file)."""
    if len(steps) < 2:
        return None
    back = np.flatnonzero(steps[1:] < steps[:-1]) + 1
    if not len(back):
        return None
    where = ", ".join(f"row {int(i) + 1} ({what} {int(steps[i - 1])} -> {int(steps[i])})" for i in back[:5])
    return ImportIssue(
        "restart",
        f"the {what} goes back {len(back)} time(s) (resumed or restarted run appended to the same file?): "
        f"{where}{' ...' if len(back) > 5 else ''}; every row is kept, overlapping steps resolve to the later write",
        file=file, count=len(back),
    )


def clock_reset_issue(cols: Sequence[NumericColumn], steps: np.ndarray, file: str,
                      what: str = "step") -> ImportIssue | None:
    """Where a run's elapsed-time column (``time``, ``elapsed``: seconds since its process started, counting up)
    falls back to near zero while the step counts on: the process was started again there and went on from a
    saved state (Ultralytics' results.csv after ``resume=True``: 3,363 s at epoch 10, 309 s at epoch 11). Read
    only on rows whose steps never go back (that is :func:`restart_issue`'s), with at least six readings, and each
    fall to below half the value before it and within three of the clock's typical per-row increments of zero --
    what a fresh process has counted after one row; a clock that jitters or is per-row (an epoch's duration) is
    not one that starts again. None when no such fall is found."""
    by_norm = {norm_name(c.name): c for c in cols}
    for cand in ELAPSED_TIME_NAMES:
        c = by_norm.get(cand)
        if c is None or len(c.values) != len(steps):
            continue
        v = c.values[c.present].astype(np.float64)
        st = steps[c.present]
        if len(v) < 6 or not np.all(np.isfinite(v)) or bool((v < 0).any()) or bool((np.diff(st) <= 0).any()):
            return None
        d = np.diff(v)
        back = np.flatnonzero(d < 0)
        up = d[d > 0]
        if not len(back) or len(back) > max(1, len(v) // 6) or not len(up):
            return None
        inc = float(np.median(up))
        if not all(v[i + 1] <= 0.5 * v[i] and v[i + 1] <= 3.0 * inc for i in back):
            return None
        where = ", ".join(f"{what} {int(st[i + 1])} ({v[i]:,.0f} -> {v[i + 1]:,.0f})" for i in back[:5])
        return ImportIssue(
            "resumed",
            f"the elapsed-time column {c.name!r} starts again from near 0 {len(back)} time(s) while the {what} counts "
            f"on: at {where}{' ...' if len(back) > 5 else ''}; the process was started again there and went on "
            "from a saved state",
            file=file, count=len(back),
        )
    return None


def skipped_issue(skipped: Sequence[str], file: str) -> ImportIssue | None:
    if not skipped:
        return None
    shown = ", ".join(repr(s) for s in skipped[:8]) + (" ..." if len(skipped) > 8 else "")
    return ImportIssue(
        "non-numeric-columns",
        f"{len(skipped)} column(s) hold text, not numbers, and were skipped: {shown}",
        file=file, count=len(skipped), severity="info",
    )


def bad_cells_issue(bad: dict[str, int], file: str) -> ImportIssue | None:
    if not bad:
        return None
    total = sum(bad.values())
    shown = ", ".join(f"{k} ({v})" for k, v in list(bad.items())[:6])
    return ImportIssue(
        "bad-values",
        f"{total} cell(s) in numeric columns are not numbers and were skipped: {shown}",
        file=file, count=total,
    )


def looks_binary(data: bytes) -> bool:
    """NUL bytes or mostly control bytes in the first 8 KB."""
    head = data[:8192]
    if not head:
        return False
    if b"\x00" in head:
        return True
    ctrl = sum(head.count(bytes([b])) for b in range(32) if b not in (9, 10, 12, 13))
    return ctrl > 0.1 * len(head)


_DATEISH = re.compile(r"^\s*\d{1,4}[-/.:]\d{1,2}[-/.:]\d{1,4}")


def per_item_table(df: pd.DataFrame, names: Sequence[str] | None = None) -> str | None:
    """Why a table without any step, epoch or iteration column is one row per ITEM, not per training step (None
    when it may be a log): rows keyed by a first column of distinct names (a per-class report: class, precision,
    recall), or records carrying an id that repeats or runs backwards (COCO-style predictions: image_id,
    category_id, score). A training log's rows follow the run's progress; these rows follow a list of things,
    and reading their row number as a step would invent a curve."""
    if df is None or len(df) < 3 or df.shape[1] < 2:
        return None
    names = list(names) if names is not None else [str(c) for c in df.columns]
    first = df.iloc[:, 0]
    if first.dtype == object or pd.api.types.is_string_dtype(first.dtype):
        vals = [str(v).strip() for v in first.tolist() if v is not None and str(v).strip() not in ("", "nan")]
        if len(vals) >= 3:
            numeric = sum(1 for v in vals if _number_like(v))
            if numeric == 0 and len(set(vals)) >= 0.8 * len(vals) and not any(_DATEISH.match(v) for v in vals[:20]):
                return (f"one row per {names[0]!r} ({', '.join(vals[:3])}...), not per training step: a per-item "
                        "table, with no step, epoch or iteration column")
    for name, col in zip(names, df.columns):
        low = norm_name(name)
        if low == "id" or low.endswith((" id", "_id")) or (
                low.endswith("id") and low[:-2].endswith(("image", "category", "class", "sample", "item", "object",
                                                          "sentence", "doc"))):
            v = pd.to_numeric(df[col], errors="coerce").to_numpy(dtype=np.float64)
            v = v[np.isfinite(v)]
            if len(v) >= 3 and np.any(np.diff(v) <= 0):
                return (f"records of {name!r} (it repeats or runs backwards), not training steps: per-item "
                        "predictions or annotations, with no step, epoch or iteration column")
    return None


def _number_like(s: str) -> bool:
    try:
        float(s.replace(",", "."))
        return True
    except ValueError:
        return False


# --------------------------------------------------------------------------- several runs in one table
# Values that name a data split of ONE run (rows of train, then rows of val), never a run of their own
SPLIT_VALUES = frozenset({"train", "training", "val", "valid", "validation", "eval", "evaluation", "test", "dev"})
# A column of run names changes value rarely: blocks of at least this many rows on average (a per-row 'mode' or
# 'phase' column that alternates is bookkeeping inside one run)
MIN_BLOCK_ROWS = 3
# Launches appended to one log are a handful (the real corpus holds up to 7 in a file); a counter that starts again
# this many times is a counter inside one run, not a run counter -- unless it is the epoch (see split_rows)
MAX_RUNS_PER_FILE = 100


@dataclass
class Segment:
    """Rows ``start:end`` of a table that hold one run, and why a run starts at ``start``.

    ``label`` names the run inside its file (the config value, or its position); ``rerun`` says the rows start a
    new training of something the file already holds (an epoch counter back at its start, a config value seen
    before), rather than the next member of a sweep; ``why`` says in words what starts it (empty for the first)."""

    start: int
    end: int
    label: str = ""
    rerun: bool = False
    why: str = ""
    kind: str = ""  # what starts it: "config" (a config value changes), "counter" (back at its start), "header"


def config_columns(df: pd.DataFrame, names: Sequence[str], text_columns: Iterable[str]) -> tuple[list[str], np.ndarray] | None:
    """The text columns that name the run of each row (``model``, ``config``, ``optimizer``...), with the label of
    every row; None when there are none.

    Such a column holds a value in every row, is not a date or a data split (train/val), changes value at least
    once, and its rows form contiguous blocks (on average :data:`MIN_BLOCK_ROWS` rows or more per block): a sweep
    written into one file, one block per run."""
    text = set(text_columns)
    n = len(df)
    picked: list[str] = []
    cols: list[np.ndarray] = []
    for i, name in enumerate(names):
        if name not in text or norm_name(name) in WALL_CLOCK_NAMES + ("date", "time"):
            continue
        s = df.iloc[:, i].astype("string").str.strip()
        if s.isna().any() or (s == "").any():
            continue
        vals = s.to_numpy(dtype=object)
        n_blocks = int(np.count_nonzero(vals[1:] != vals[:-1])) + 1
        if n_blocks < 2 or n_blocks * MIN_BLOCK_ROWS > n:
            continue
        distinct = set(vals.tolist())
        if {v.lower() for v in distinct} <= SPLIT_VALUES or any(_DATEISH.match(v) for v in list(distinct)[:20]):
            continue
        picked.append(name)
        cols.append(vals)
    if not picked:
        return None
    labels = cols[0] if len(cols) == 1 else np.array([",".join(t) for t in zip(*cols)], dtype=object)
    n_blocks = int(np.count_nonzero(labels[1:] != labels[:-1])) + 1
    if n_blocks * MIN_BLOCK_ROWS > n:
        return None
    return picked, labels


def _last_before(idx: np.ndarray, i: int) -> int | None:
    """The last row number in the sorted ``idx`` below ``i`` (None when there is none)."""
    k = int(np.searchsorted(idx, i))
    return int(idx[k - 1]) if k else None


def _first_from(idx: np.ndarray, lo: int, hi: int) -> int | None:
    """The first row number in the sorted ``idx`` within ``lo:hi`` (None when there is none)."""
    k = int(np.searchsorted(idx, lo))
    return int(idx[k]) if k < len(idx) and idx[k] < hi else None


def coarser_than_rows(v: np.ndarray, stays: np.ndarray) -> bool:
    """Whether the counter ``v`` (one value per row) holds its value over several rows of one kind (``stays``: where
    a row repeats the value of the row before and is of the same kind) at least as often as it steps up, and steps up
    somewhere: an epoch written on every batch's row (0 x 20, 1 x 20, ...) counts
    something coarser than the rows, which are positions inside it -- neither restarts nor one point per value.
    (A counter that never steps up and repeats its start, 0, 0, 0, is one-epoch sessions appended; 1, 1, 1, 2 a
    relaunch writing its first epoch again.)"""
    if len(v) < 2:
        return False
    # blocks of one value: a new block wherever the value changes (or repeats across another kind of row)
    starts = np.flatnonzero(np.concatenate([[True], ~stays]))
    lengths = np.diff(np.concatenate([starts, [len(v)]]))
    up = int((v[1:] > v[:-1]).sum())
    # at least three blocks, most of them several rows long, the value stepping up between them: 1, 1, 1, 2 is a
    # relaunch writing its first epoch again, 0 x 20, 1 x 20, 2 x 20 an epoch counted on every batch's row
    return up >= 2 and len(lengths) >= 3 and float(np.median(lengths)) >= 2


def split_rows(n: int, counter: np.ndarray | None, counter_name: str, *, epoch: np.ndarray | None = None,
               config: tuple[list[str], np.ndarray] | None = None, header_starts: Sequence[int] = (),
               row_kind: np.ndarray | None = None) -> list[Segment]:
    """Where a table holds several runs one after another, its row ranges (one :class:`Segment` per run).

    ``counter``: the x axis per row (NaN where a row has none); ``epoch``: a second, coarser counter (NaN where
    absent) that must agree; ``config``: :func:`config_columns`; ``header_starts``: rows where a repeated header
    line stood; ``row_kind``: a key per row of which columns it fills (a train row and a val row differ; see
    :func:`row_kinds`). The
    principles:

    * config blocks: one run per block, named by its value -- unless the counter simply goes on across a block
      change (then the column names phases of one run);
    * a counter that goes back to (or below) the value its run started at starts a new run, but only if every
      counter of that row agrees (an epoch column, where there is one, goes back too): a resumed run goes back
      to a later point and goes on, and stays one run (its overlap is the restart the readers report). A counter
      that stays at its start value is back at its start too when the row is of the same kind as the one before
      (a one-epoch run followed by another), not when it is another kind of row at the same step (eval rows). A
      new run starts with the kind of row its predecessor started with (a training record, not an evaluation
      record numbered by epoch);
    * a repeated header line starts a new run only where no counter says the rows go on.
    """
    idx = np.flatnonzero(np.isfinite(counter)) if counter is not None else np.empty(0, dtype=np.int64)
    eidx = np.flatnonzero(np.isfinite(epoch)) if epoch is not None else np.empty(0, dtype=np.int64)
    bounds: list[tuple[int, bool, str, str]] = []  # (row, rerun, why, kind)
    labels = None
    if config is not None:
        names, labels = config
        change = [int(i) for i in np.flatnonzero(labels[1:] != labels[:-1]) + 1]
        goes_on = False
        for i in change:
            j = _last_before(idx, i)
            if counter is not None and np.isfinite(counter[i]) and j is not None and counter[i] > counter[j]:
                goes_on = True
                break
        if goes_on:
            labels = None  # the counter goes on across the change: phases of one run, not runs
        else:
            what = ", ".join(repr(c) for c in names)
            seen = {labels[0]}
            for i in change:
                again = labels[i] in seen
                seen.add(labels[i])
                why = (f"{what} changes from {labels[i - 1]!r} to {labels[i]!r} at row {i + 1}"
                       + (", a value already trained earlier in the file" if again else ""))
                bounds.append((i, again, why, "config"))
    if counter is not None:
        config_cuts = [b[0] for b in bounds]
        v = counter[idx]
        stays = v[1:] == v[:-1]
        if row_kind is not None:
            stays &= row_kind[idx[1:]] == row_kind[idx[:-1]]
        else:
            stays[:] = False
        if coarser_than_rows(v, stays):
            stays[:] = False  # positions inside a coarse counter (an epoch written on every batch's row): no restarts
        back = idx[1:][(v[1:] < v[:-1]) | stays]  # rows where the counter goes back (or stays, same kind of row)
        last_cut = 0
        for i in back.tolist():
            k = int(np.searchsorted(config_cuts, i, side="right"))
            seg0 = max(last_cut, config_cuts[k - 1] if k else 0)
            if seg0 == i:
                continue  # a config block starts here already
            first = _first_from(idx, seg0, i)
            if first is None or counter[i] > counter[first]:
                continue  # back to a later point than its run started at: a resume, not a new run
            if row_kind is not None and row_kind[i] != row_kind[first]:
                continue  # not the kind of row the run started with (an eval record numbered by epoch)
            if epoch is not None:
                e0 = _first_from(eidx, seg0, i)
                if not np.isfinite(epoch[i]) or (e0 is not None and epoch[i] > epoch[e0]):
                    continue  # the epoch does not go back with it: a counter inside the epoch, or an eval row
            prev = counter[_last_before(idx, i)]
            bounds.append((i, True, f"the {counter_name} counter starts again at row {i + 1} "
                                    f"({counter_name} {num_text(prev)} -> {num_text(counter[i])})", "counter"))
            last_cut = i
        resets = [b for b in bounds if b[3] == "counter"]
        # the epoch itself going back (the counter is the epoch, or an epoch column goes back with it at every cut)
        # starts a training again however often it does: nothing inside one training counts epochs from 1 again
        epochs_back = epoch is not None or norm_name(counter_name) == "epoch"
        if (len(resets) >= MAX_RUNS_PER_FILE and not epochs_back) \
                or (len(resets) > 2 and (len(resets) + 1) * MIN_BLOCK_ROWS > n):
            # a counter that starts again every few rows, or hundreds of times, counts something inside ONE run
            # (the batches of an epoch, a phase), not launches: no split (the readers report where it goes back)
            bounds = [b for b in bounds if b[3] != "counter"]
    else:
        cut = {b[0] for b in bounds}
        for h in header_starts:
            h = int(h)
            if 0 < h < n and h not in cut:
                bounds.append((h, True, f"the header line is repeated before row {h + 1} (logs concatenated)",
                               "header"))
    if not bounds:
        return [Segment(0, n)]
    bounds.sort()
    starts = [0] + [b[0] for b in bounds]
    segs = [Segment(s, e) for s, e in zip(starts, starts[1:] + [n])]
    for seg, (_, rerun, why, kind) in zip(segs[1:], bounds):
        seg.rerun, seg.why, seg.kind = rerun, why, kind
    if labels is None:
        for k, seg in enumerate(segs, 1):
            seg.label = str(k)
    else:
        count: dict[str, int] = {}
        for seg in segs:
            base = _label(str(labels[seg.start]))
            count[base] = count.get(base, 0) + 1
            seg.label = base if count[base] == 1 else f"{base}.{count[base]}"
    return segs


_TRAIN_WORDS = frozenset({"train", "training"})
_HELD_OUT_WORDS = frozenset({"val", "valid", "validation", "eval", "evaluation", "test", "dev"})


def split_column(df: pd.DataFrame) -> tuple[str, np.ndarray] | None:
    """(column, mask of the held-out records) when a text column names each record's split -- a script's
    ``{"type": "train", ...}`` / ``{"type": "eval", ...}``, a ``split`` or ``mode`` key: every value it holds is a
    split word, a training one and a held-out one among them. The records' own words say which are evaluation
    results, more surely than the keys they hold (both kinds may log a ``loss``)."""
    for name in df.columns:
        col = df[name]
        if col.dtype != object and not pd.api.types.is_string_dtype(col.dtype):
            continue
        vals = col.dropna()
        split_words = _TRAIN_WORDS | _HELD_OUT_WORDS
        # (the first 200 values decide cheaply before a whole text column -- timestamps, paths -- is scanned)
        if not len(vals) or not all(isinstance(v, str) and v.strip().lower() in split_words for v in vals.iloc[:200]):
            continue
        words = {str(v).strip().lower() for v in vals.unique()[:8]}
        if len(words) > 6 or not words <= split_words or not words & _TRAIN_WORDS or not words & _HELD_OUT_WORDS:
            continue
        mask = col.map(lambda v: isinstance(v, str) and v.strip().lower() in _HELD_OUT_WORDS).to_numpy(dtype=bool)
        return str(name), mask
    return None


def held_out_parts(cols: Sequence[NumericColumn], held: np.ndarray, counters: Iterable[str]) -> list[NumericColumn]:
    """The columns of a table whose rows name their split (:func:`split_column`): a value column filled on held-out
    rows is split in two -- its training rows keep the name, its held-out rows become ``val/<name>`` -- so a table
    that writes 'loss' on its train and its val rows never mixes them in one series. Counters (the step, the epoch)
    stay whole: both kinds of row sit on the same clock."""
    keep = {norm_name(c) for c in counters}
    out = []
    for c in cols:
        ev = c.present & held
        if norm_name(c.name) in keep or not ev.any():
            out.append(c)
            continue
        if (c.present & ~held).any():
            out.append(NumericColumn(c.name, c.values, c.present & ~held))
        out.append(NumericColumn("val/" + c.name, c.values, ev))
    return out


def row_kinds(cols: Sequence[NumericColumn]) -> np.ndarray | None:
    """A small integer per row naming which of ``cols`` it fills: rows of one kind (training records, evaluation
    records, an LR monitor's rows) share it."""
    if not cols:
        return None
    filled = np.packbits(np.column_stack([c.present for c in cols]), axis=1)
    return np.unique(filled, axis=0, return_inverse=True)[1].reshape(-1)


def describe_split(segs: Sequence[Segment], counter_name: str, config_names: Sequence[str] = ()) -> str:
    """Where and why a table was split, in one clause: "the epoch counter starts again at rows 21, 41, 61"."""
    def rows(kind):
        r = [s.start + 1 for s in segs[1:] if s.kind == kind]
        shown = ", ".join(str(x) for x in r[:8]) + (f" ... ({len(r)} in all)" if len(r) > 8 else "")
        return f"row{'s' if len(r) > 1 else ''} {shown}" if r else ""

    parts = []
    if rows("config"):
        parts.append(f"{', '.join(repr(c) for c in config_names)} changes value at {rows('config')}")
    if rows("counter"):
        parts.append(f"the {counter_name} counter starts again at {rows('counter')}")
    if rows("header"):
        parts.append(f"the header line is repeated before {rows('header')}")
    return "; ".join(parts)


# issues about the end of a file belong to the run the file ends with, not to every run it holds
_LAST_ROWS_KINDS = frozenset({"truncated", "no-final-newline"})


def segment_issues(file: str, segs: Sequence[Segment], k: int, how: str,
                   file_issues: Sequence[ImportIssue], n_rows: int) -> list[ImportIssue]:
    """The issues of run ``k`` (1-based) of a file split into ``segs``: the file's own (those about its last rows
    only on the last run), where the file was split, and -- for a new training appended after others -- a
    restart note (I001)."""
    seg = segs[k - 1]
    name = file.replace("\\", "/").rsplit("/", 1)[-1]
    out = [i for i in file_issues if i.kind not in _LAST_ROWS_KINDS or seg.end == n_rows]
    out.append(ImportIssue(
        "segments",
        f"{name} holds {len(segs)} runs one after another ({how}): this is run {k} of {len(segs)} "
        f"({seg.label!r}, rows {seg.start + 1}-{seg.end}), read on its own so that no rule compares across "
        "the boundary",
        file=file, count=len(segs), severity="info",
    ))
    if seg.rerun:
        out.append(ImportIssue(
            "restart",
            f"a new training appended to {name}: {seg.why}; read as a run of its own, not stitched to the rows "
            "before",
            file=file, count=None,
        ))
    return out


def segment_meta(segs: Sequence[Segment], k: int) -> dict:
    """``meta["segment"]`` of run ``k`` (1-based): its place in the file (rows are 1-based, inclusive)."""
    seg = segs[k - 1]
    return {"index": k, "of": len(segs), "label": seg.label, "rows": [seg.start + 1, seg.end],
            "new_training": seg.rerun}


def split_runs(df: pd.DataFrame, names: Sequence[str], conv, cols: Sequence[NumericColumn], segs: Sequence[Segment],
               path, issues: Sequence[ImportIssue], counter_name: str, read_part) -> list:
    """One run per segment of a table that holds several (launches appended one after another, a config column
    naming each run): the columns and rows of each segment, its issues (:func:`segment_issues`) and its name suffix
    and ``meta["segment"]``, with the per-format reading left to ``read_part(frame, columns, issues, segment)``
    (a RunData). The config column that names the runs is read as their names, not skipped as text."""
    config = config_columns(df, names, conv.skipped)
    config_names = config[0] if config is not None and any(s.kind == "config" for s in segs) else []
    conv.skipped = [c for c in conv.skipped if c not in config_names]
    how = describe_split(segs, counter_name, config_names)
    out = []
    for k, seg in enumerate(segs, 1):
        sub = slice_columns(cols, seg.start, seg.end)
        if not any(c.present.any() for c in sub):
            continue
        mine = segment_issues(str(path), segs, k, how, issues, len(df))
        d = read_part(df.iloc[seg.start:seg.end].reset_index(drop=True), sub, mine, seg)
        d.name_suffix = f"#{seg.label}"
        d.meta["segment"] = segment_meta(segs, k)
        if k > 1 and seg.kind != "config":
            before = session_ends(cols, segs[k - 2])
            if before:
                d.meta["continued_from"] = before
        out.append(d)
    return out


def session_ends(cols: Sequence[NumericColumn], seg: Segment) -> dict[str, list[float]]:
    """``meta["continued_from"]`` of a session appended after ``seg``: each numeric column's first and last finite
    value in that session before it, ``{name: [first, last]}`` -- facts, for a rule to see whether this session
    picked up where that one left off (a stage resumed from its weights) or started again from scratch."""
    out: dict[str, list[float]] = {}
    for c in slice_columns(cols, seg.start, seg.end):
        v = c.values[c.present]
        v = v[np.isfinite(v)]
        if len(v) >= 2:
            out[c.name] = [float(v[0]), float(v[-1])]
    return out


def slice_columns(cols: Sequence[NumericColumn], start: int, end: int) -> list[NumericColumn]:
    return [NumericColumn(c.name, c.values[start:end], c.present[start:end]) for c in cols]


def _label(value: str) -> str:
    """A config value as part of a run name: one line, no path separators, at most 60 characters."""
    s = re.sub(r"[\s/\\]+", "_", value.strip())[:60]
    return s or "unnamed"


def num_text(x: float) -> str:
    """A counter's value as printed: a whole number without its '.0', else its shortest form."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def not_evaluated_rows(cols: list[NumericColumn], path: str) -> ImportIssue | None:
    """Blank the held-out cells of rows where evaluation did not run, and say so.

    A results table written every epoch with validation run only some epochs (Ultralytics ``val=False`` until the
    last epoch, a validation interval) fills the skipped rows with 0.0 in every held-out column. A real evaluation
    never scores exactly 0 on every validation loss and every quality metric at once, so a row where all of them
    are exactly 0 while other rows hold non-zero values is a placeholder, not a measurement: its held-out cells
    become missing. Needs a held-out loss among the columns (a row of metrics alone at 0 can be a model at 0 mAP)."""
    from curvedoc.model.metrics import classify
    from curvedoc.model.roles import infer_role

    held = []
    has_loss = False
    for c in cols:
        r = infer_role(c.name)
        if r is not None and r[0] == "val_loss":
            held.append(c)
            has_loss = True
            continue
        m = classify(c.name)
        if m is not None and m[2] == "val":
            held.append(c)
    if not has_loss or len(held) < 2:
        return None
    zero = np.ones(len(held[0].values), dtype=bool)
    seen = np.zeros(len(held[0].values), dtype=bool)
    for c in held:
        zero &= ~c.present | (c.values == 0.0)
        seen |= c.present
    zero &= seen
    nonzero_rows = seen & ~zero
    if not zero.any() or not nonzero_rows.any():
        return None
    for c in held:
        c.present = c.present & ~zero
    count = int(zero.sum())
    return ImportIssue(
        "not-evaluated",
        f"{count} row(s) hold 0.0 in every validation loss and metric ({', '.join(c.name for c in held[:4])}"
        f"{' ...' if len(held) > 4 else ''}): evaluation did not run there; those cells are read as missing",
        file=path, count=count, severity="info",
    )

