"""JSON training logs: JSON lines (one object per log call; Detectron2 ``metrics.json``, fairseq
``--log-format json``, MMEngine ``scalars.json``...), a Keras ``history.history`` dump (one object of
lists, index = epoch), a JSON list of objects, and a bare JSON list of numbers (``json.dump(losses, f)``: one value per
step, named by the file -- ``loss_log.json`` -> ``loss_log``; rows of numbers are unnamed columns ``column_1``...).
A file whose one JSON value is a string holding the history (JSON dumped twice, or ``str(history.history)``, a
Python repr) is read from inside the string; the repr by a literal-only parser, never evaluated
(:func:`_python_literal`).

Sources: ``detectron2``, ``jsonl``, ``keras-history``, ``json``, ``json-list``.

Parsing: the whole file goes through ONE ``json.loads`` call (the lines joined into a JSON array), which
measured ~2x faster than ``json.loads`` per line and, unlike ``pandas.read_json``/``pyarrow.json``, keeps
``NaN``/``Infinity`` apart from missing keys and survives ``1e400`` and mixed types. Only a file with bad
lines (a truncated last line, garbage) falls back to a per-line parse that skips and counts them.

Records: nested objects flatten to ``a/b`` keys (depth capped at :data:`MAX_DEPTH`), strings that are
numbers become numbers (fairseq writes ``"loss": "4.655"``), lists/booleans/text are skipped and
reported once. Step key: ``step``, ``global_step``, ``iteration``, ``iter``, ``_step``, ... then ``epoch``
as a last resort, else the line index.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers import _tabular as T
from curvedoc.importers import literals
from curvedoc.importers._base import (
    RunData,
    RunSpec,
    decode_text,
    is_lfs_pointer,
    read_bytes,
)
from curvedoc.importers.literals import python_literal
from curvedoc.model.metrics import classify, named_split, tokens
from curvedoc.model.run import ImportIssue

STEP_KEYS = (
    "step", "global_step", "iteration", "iter", "_step", "train/global_step", "trainer/global_step",
    "num_updates", "update", "it", "total_timesteps", "time/total_timesteps",
    # LLaMA-Factory's trainer_log.jsonl counts its optimizer steps as current_steps (beside its plan, total_steps)
    "current_steps",
)
EPOCH_KEYS = ("epoch",)
DETECTRON2_KEYS = {"total_loss", "data_time", "eta_seconds", "loss_cls", "loss_box_reg", "rank_data_time",
                   "loss_rpn_cls", "fast_rcnn/cls_accuracy"}
MAX_DEPTH = 8  # nesting levels flattened into a/b/c keys; deeper values are dropped and reported
MAX_LINE_CHARS = 64 * 1024 * 1024  # longer lines are skipped (a log record is never that long)
# records x distinct keys past which a sparse log (most keys absent from most records: a key per record, a new
# metric name every few steps) is not made a table: a table of it costs records x keys cells (0.78 MB of such
# JSON lines asked for 2.4 GB); it is read key by key instead, in memory linear in its values
SPARSE_CELLS = 4_000_000
SPARSE_DENSITY = 0.05  # at most this share of the cells holding a value


def _record_kinds(cols, step_col, steps: np.ndarray) -> tuple[str | None, np.ndarray | None]:
    """Records of different kinds in one file: (a note when the step only seems to go back, a mask of the
    evaluation records or None).

    MMEngine's ``scalars.json`` writes training records (loss, lr, data_time ...) and evaluation records (mIoU,
    coco/bbox_mAP, accuracy/top1, and again data_time / time) in one stream; an epoch-based loop numbers the
    evaluation records by epoch while the training records count iterations. A kind of record that holds no loss
    and no learning rate, beside one that does, holds evaluation results: its keys that name no split are
    held-out values (``val/mIoU``), and its bookkeeping keys no longer collide with the training records' at the
    same step. When the records fall into kinds by the keys they hold and the step never goes back within any
    kind, the step only seems to go back where they alternate: each kind keeps its own clock (the rules that
    compare an epoch-numbered evaluation with training read it through the epoch counter) and no restart is
    reported; a restart shows as a step going back within a kind."""
    own = [c for c in cols if c is not step_col]
    if len(steps) < 3 or not own:
        return None, None
    sig = np.stack([c.present for c in own], axis=1)
    kinds, inv = np.unique(sig, axis=0, return_inverse=True)
    inv = np.asarray(inv).ravel()
    if len(kinds) < 2 or len(kinds) > 8:
        return None, None
    from curvedoc.model.roles import infer_role

    def training(keys) -> bool:
        return any((r := infer_role(k)) is not None and r[0] in ("train_loss", "lr") for k in keys)

    kind_cols = [[c for c, on in zip(own, kinds[k]) if on] for k in range(len(kinds))]
    is_train = [training([c.name for c in ks]) for ks in kind_cols]
    evaluation = None
    if any(is_train) and not all(is_train):
        evaluation = np.isin(inv, [k for k, t in enumerate(is_train) if not t])
    if not bool(np.any(steps[1:] < steps[:-1])):
        return None, evaluation
    spans = []
    for k in range(len(kinds)):
        st = steps[inv == k]
        if len(st) >= 2 and bool(np.any(st[1:] < st[:-1])):
            return None, evaluation  # this kind's own step goes back: a restart
        spans.append((len(st), int(st[0]), int(st[-1]), [c.name for c in kind_cols[k]]))
    spans.sort(key=lambda x: -x[2])
    shown = "; ".join(f"{n} record(s) with {', '.join(repr(k) for k in keys[:3])}{' ...' if len(keys) > 3 else ''} "
                      f"at steps {a:,}-{b:,}" for n, a, b, keys in spans[:3])
    note = (f"the records hold {len(kinds)} kinds of values, each on its own step count ({shown}): the step only "
            "seems to go back where they alternate, so no restart is read into it")
    return note, evaluation


def _held_out_columns(cols, rows: np.ndarray) -> tuple[list, list[str]]:
    """The evaluation records' values kept apart from the training records': a key both kinds write (MMEngine's
    ``data_time``) is split in two, its evaluation part under ``val/``, so the two never share a series; a key
    only evaluation records hold is renamed ``val/...`` only when its name alone would read as a training value
    (``accuracy/top1``: an accuracy with no split word is a training accuracy), so ``bbox/AP`` or ``mIoU`` keep
    the names the user knows. Returns the columns and the ``val/`` names given."""
    from curvedoc.model.roles import infer_role

    out, moved = [], []
    for c in cols:
        ev = c.present & rows
        if not ev.any() or named_split(c.name) is not None or c.name in STEP_KEYS:
            out.append(c)
        elif (c.present & ~rows).any():
            out.append(T.NumericColumn(c.name, c.values, c.present & ~rows))
            out.append(T.NumericColumn("val/" + c.name, c.values, ev))
            moved.append("val/" + c.name)
        else:
            r, m = infer_role(c.name), classify(c.name)
            if (r is not None and r[0].startswith("train_")) or (m is not None and m[2] == "train"):
                c.name = "val/" + c.name
                moved.append(c.name)
            out.append(c)
    return out, moved


def _constant(name: str) -> Any:
    # NaN stays a *string* so that, in a column, it stays apart from missing keys (which pandas
    # also stores as NaN); the column conversion turns it into a NaN point.
    if name == "NaN":
        return "NaN"
    return math.inf if name == "Infinity" else -math.inf


def _loads(s: str) -> Any:
    return json.loads(s, parse_constant=_constant)


def read(spec: RunSpec) -> RunData:
    path = Path(spec.files[0])
    return read_json_file(path, prefix=spec.prefixes.get(str(path), ""))


# --------------------------------------------------------------------------- parsing
def _decode(data: bytes, path: Path, issues: list[ImportIssue]) -> str:
    if is_lfs_pointer(data[:64]):
        raise LoadError(path, "Git LFS pointer, not the data (run `git lfs pull`)", kind="lfs-pointer")
    if T.looks_binary(data):
        raise UnsupportedFormat(path, "binary data, not JSON")
    return decode_text(data, path, issues)


# JSON lines longer than this are parsed in pieces of CHUNK_CHARS: a parsed record is a Python dict of boxed
# floats, ten times the bytes of its line, so holding every record at once made the peak ~10x the frame
CHUNK_CHARS = 8 * 1024 * 1024


def _chunked_frame(text: str, path: Path, issues: list[ImportIssue]) -> pd.DataFrame:
    """The records frame of a big JSON-lines text, parsed a piece at a time (cut at line ends); only the last
    piece may end in a half-written line."""
    frames = []
    pos, n = 0, len(text)
    while pos < n:
        end = n if n - pos <= CHUNK_CHARS else text.find("\n", pos + CHUNK_CHARS)
        end = n if end < 0 else end + 1
        records = _parse_lines(text[pos:end], path, issues)
        pos = end
        if records:
            if _sparse([r for r in records if isinstance(r, dict)]):
                raise _SparseLog()
            try:
                frames.append(_records_frame(records, path, issues))
            except LoadError:
                pass  # a piece with no object record: its lines were counted as bad rows
        del records
    if not frames:
        why = "; ".join(i.message for i in issues if i.kind in ("bad-rows", "too-deep", "truncated", "long-line"))
        raise UnsupportedFormat(path, "no JSON record could be read" + (f" ({why})" if why else ""))
    rows = sum(len(f) for f in frames)
    union = len(set().union(*(f.columns for f in frames)))
    values = sum(int(f.notna().to_numpy().sum()) for f in frames)
    if rows * union > SPARSE_CELLS and values < SPARSE_DENSITY * rows * union:
        raise _SparseLog()  # pieces with keys of their own: one table of all would be mostly empty
    return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True, sort=False)


def _chunked_records(text: str, path: Path, issues: list[ImportIssue]):
    """The records of a big JSON-lines text, a piece at a time (as :func:`_chunked_frame` cuts it)."""
    pos, n = 0, len(text)
    while pos < n:
        end = n if n - pos <= CHUNK_CHARS else text.find("\n", pos + CHUNK_CHARS)
        end = n if end < 0 else end + 1
        yield _parse_lines(text[pos:end], path, issues)
        pos = end


# --------------------------------------------------------------------------- sparse logs


class _SparseLog(Exception):
    """A piece of a big file is sparse: the whole file is read key by key."""


def _sparse(dicts: list) -> bool:
    """Most cells of the records' table would be empty, and it would be big (see :data:`SPARSE_CELLS`)."""
    if len(dicts) < 2:
        return False
    keys: set = set()
    values = 0
    for d in dicts:
        if isinstance(d, dict):
            keys.update(d)
            values += len(d)
    cells = len(dicts) * len(keys)
    return cells > SPARSE_CELLS and values < SPARSE_DENSITY * cells


def _flat_items(d: dict, prefix: str, depth: int, state: dict):
    for k, v in d.items():
        name = f"{prefix}{k}"
        if isinstance(v, dict):
            if depth >= MAX_DEPTH:
                state["deep"] += 1
            else:
                yield from _flat_items(v, name + "/", depth + 1, state)
        elif _one_scalar(v):
            yield name, v[0]  # a one-row table's value ({"loss": [0.5]})
        elif isinstance(v, (list, tuple)):
            state["lists"].add(name)
        else:
            yield name, v


def _number(v: Any) -> float | None:
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, (int, float)):
        try:
            return float(v)
        except OverflowError:
            return math.inf if v > 0 else -math.inf
    if isinstance(v, str):
        t = v.strip()
        if t in ("NaN", "nan"):
            return math.nan
        try:
            return float(t) if t and len(t) < 64 else None
        except ValueError:
            return None
    return None


def _sparse_run(pieces, path: Path, issues: list[ImportIssue], prefix: str, source: str) -> RunData:
    """A sparse JSON log read key by key: each record's numeric values become points at the record's step (its
    step key, else its epoch, else its index), in memory linear in the values, never a records x keys table."""
    from curvedoc.model.run import make_frame

    tag_ids: dict[str, int] = {}
    tags, steps, values = [], [], []
    step_names = {T.norm_name(k) for k in STEP_KEYS}
    epoch_names = {T.norm_name(k) for k in EPOCH_KEYS}
    state = {"deep": 0, "lists": set()}
    n = other = no_step = 0
    used_step = None
    for records in pieces:
        for rec in records:
            if not isinstance(rec, dict):
                other += 1
                continue
            items = [(k, x) for k, v in _flat_items(rec, "", 1, state) if (x := _number(v)) is not None]
            step = None
            for names in (step_names, epoch_names):
                for k, x in items:
                    if T.norm_name(k) in names and math.isfinite(x) and x == int(x) and abs(x) < 2 ** 62:
                        step, used_step = int(x), used_step or k
                        break
                if step is not None:
                    break
            if step is None:
                step = n
                no_step += 1
            for k, x in items:
                if k == used_step:
                    continue
                name = prefix + k
                tags.append(tag_ids.setdefault(name, len(tag_ids)))
                steps.append(step)
                values.append(x)
            n += 1
    if not n:
        raise LoadError(path, "no data rows (no JSON object records)", kind="header-only")
    if not values:
        raise UnsupportedFormat(path, "no numeric values: not a training log")
    names = np.empty(len(tag_ids), dtype=object)
    for k, i in tag_ids.items():
        names[i] = k
    codes = np.asarray(tags, dtype=np.int64)
    frame = make_frame(pd.Categorical.from_codes(codes, categories=list(names)), np.asarray(steps, dtype=np.int64),
                       np.asarray(values, dtype=np.float64), None, str(path))
    issues.append(ImportIssue(
        "sparse-records",
        f"{len(tag_ids):,} distinct keys over {n:,} records, most records holding few of them: read key by key "
        "(points at each record's step), not as a table of records x keys", file=str(path), severity="info"))
    if other:
        issues.append(ImportIssue("bad-rows", f"{other} record(s) are not JSON objects and were skipped",
                                  file=str(path), count=other))
    if state["deep"]:
        issues.append(ImportIssue("too-deep", f"{state['deep']} value(s) nested deeper than {MAX_DEPTH} levels were "
                                  "dropped", file=str(path), count=state["deep"]))
    if used_step is not None and no_step:
        issues.append(ImportIssue("rows-without-step", f"{no_step} record(s) have no step; they take their index",
                                  file=str(path), count=no_step, severity="info"))
    issues.extend(T.duplicate_issues(frame, str(path)))
    meta = {"rows": n, "step_column": used_step, "sparse": True}
    return RunData(frame=frame, source=source, meta=meta, issues=issues)


def _duplicate_keys(body: str, lines: int = 50) -> str | None:
    """A key repeated inside one of the first records (json keeps the last value silently), or None. Only the
    first lines of a JSON-lines file are checked: a logger writes the same keys every line."""
    def hook(pairs):
        seen = set()
        for k, _ in pairs:
            if k in seen:
                raise _Dup(k)
            seen.add(k)
        return dict(pairs)

    pos = 0
    for _ in range(lines):  # line by line from the start: splitting would copy the whole body
        if pos >= len(body):
            break
        nl = body.find("\n", pos)
        end = len(body) if nl < 0 else nl
        ln = body[pos:end].strip()
        pos = end + 1
        if not ln.startswith("{") or len(ln) > 1_000_000:
            continue
        try:
            json.loads(ln, object_pairs_hook=hook)
        except _Dup as d:
            return str(d.args[0])
        except (ValueError, RecursionError):
            continue
    return None


class _Dup(Exception):
    pass


def _parse_lines(text: str, path: Path, issues: list[ImportIssue]) -> list[Any]:
    """JSON lines -> parsed values (bad lines skipped and counted)."""
    lines = [ln for ln in text.split("\n") if ln.strip()]
    long = [i for i, ln in enumerate(lines) if len(ln) > MAX_LINE_CHARS]
    if long:
        issues.append(ImportIssue(
            "long-line",
            f"{len(long)} line(s) longer than {MAX_LINE_CHARS // 2**20} M characters were skipped",
            file=str(path), count=len(long),
        ))
        drop = set(long)
        lines = [ln for i, ln in enumerate(lines) if i not in drop]
    if not lines:
        return []
    cut_last = not text.endswith("\n") and not text.endswith("\r")
    if cut_last and len(lines) > 1:
        # the usual damage: a run killed mid-write. If the last line alone does not parse, keep the
        # one-call fast path for all the lines before it.
        try:
            _loads(lines[-1])
        except (ValueError, RecursionError):
            try:
                head = _loads("[" + ",".join(lines[:-1]) + "]")
            except (ValueError, RecursionError):
                head = None
            if head is not None:
                issues.append(ImportIssue(
                    "truncated",
                    "the last line is cut short (job killed while writing?); it was dropped, every complete record kept",
                    file=str(path), count=1,
                ))
                return head
    try:
        return _loads("[" + ",".join(lines) + "]")
    except (ValueError, RecursionError):
        pass
    # per-line fallback: keep what parses, count the rest
    out: list[Any] = []
    bad = deep = 0
    last_bad = False  # the last line is not valid JSON
    for i, ln in enumerate(lines):
        try:
            out.append(_loads(ln))
        except RecursionError:
            deep += 1
        except ValueError:
            bad += 1
            last_bad = i == len(lines) - 1
    if last_bad and cut_last:
        bad -= 1
        issues.append(ImportIssue(
            "truncated",
            "the last line is cut short (job killed while writing?); it was dropped, every complete record kept",
            file=str(path), count=1,
        ))
    if bad:
        issues.append(ImportIssue(
            "bad-rows", f"{bad} line(s) are not valid JSON and were skipped", file=str(path), count=bad,
        ))
    if deep:
        issues.append(ImportIssue(
            "too-deep",
            f"{deep} line(s) nest too deeply to parse and were skipped", file=str(path), count=deep,
        ))
    return out


def _records_frame(records: list[Any], path: Path, issues: list[ImportIssue]) -> pd.DataFrame:
    dicts = [r for r in records if isinstance(r, dict)]
    n_other = len(records) - len(dicts)
    if n_other:
        issues.append(ImportIssue(
            "bad-rows", f"{n_other} record(s) are not JSON objects and were skipped", file=str(path), count=n_other,
        ))
    if not dicts:
        raise LoadError(path, "no data rows (no JSON object records)", kind="header-only")
    df = pd.DataFrame.from_records(dicts) if len(dicts) else pd.DataFrame()
    df.columns = [str(c) for c in df.columns]
    state = {"deep": 0, "lists": set()}
    df = _flatten(df, 1, state)
    if state["deep"]:
        issues.append(ImportIssue(
            "too-deep",
            f"{state['deep']} value(s) nested deeper than {MAX_DEPTH} levels were dropped",
            file=str(path), count=state["deep"],
        ))
    if state["lists"]:
        names = sorted(state["lists"])
        issues.append(ImportIssue(
            "non-scalar-values",
            f"{len(names)} key(s) hold lists, not numbers, and were skipped: " + ", ".join(repr(n) for n in names[:8]),
            file=str(path), count=len(names), severity="info",
        ))
    return df


def _flatten(df: pd.DataFrame, depth: int, state: dict) -> pd.DataFrame:
    """Expand columns holding dicts into ``parent/child`` columns; drop list values (reported)."""
    if df.shape[1] == 0:
        return df
    parts: list[pd.DataFrame | pd.Series] = []
    changed = False
    for name in df.columns:
        col = df[name]
        if col.dtype != object:
            parts.append(col)
            continue
        kinds = col.map(lambda v: 1 if isinstance(v, dict) else (2 if isinstance(v, (list, tuple)) else 0))
        kinds = kinds.to_numpy()
        if (kinds == 2).any() and all(_one_scalar(v) for v in col.to_numpy()[kinds == 2]):
            # every list of the column holds one scalar: a record written from a one-row table ({"loss": [0.5]},
            # pandas' to_dict('list') of each row), whose value is that scalar
            col = col.map(lambda v: v[0] if isinstance(v, (list, tuple)) else v)
            kinds = np.where(kinds == 2, 0, kinds)
            changed = True
        if not kinds.any():
            parts.append(col)
            continue
        changed = True
        is_list = kinds == 2
        is_dict = kinds == 1
        if is_list.any():
            state["lists"].add(name)
        scalar = col.where(kinds == 0)
        if (kinds == 0).any() and scalar.notna().any():
            parts.append(scalar.rename(name))
        if is_dict.any():
            if depth >= MAX_DEPTH:
                state["deep"] += int(is_dict.sum())
                continue
            sub = pd.DataFrame.from_records(
                [v if d else {} for v, d in zip(col.to_numpy(), is_dict)], index=df.index
            )
            sub.columns = [f"{name}/{c}" for c in sub.columns]
            parts.append(_flatten(sub, depth + 1, state))
    if not changed:
        return df
    if not parts:
        return df.iloc[:, :0]
    out = pd.concat(parts, axis=1)
    if out.columns.duplicated().any():
        out = out.loc[:, ~out.columns.duplicated(keep="last")]
    return out


def _one_scalar(v: Any) -> bool:
    """A list or tuple of exactly one number, numeric string or null."""
    return isinstance(v, (list, tuple)) and len(v) == 1 and (v[0] is None or (
        isinstance(v[0], (int, float, str)) and not isinstance(v[0], bool)))


def _scalar_list(v: Any) -> bool:
    return isinstance(v, list) and all(not isinstance(x, (dict, list)) for x in v)


def _grouped_lists(v: dict, depth: int = 2) -> bool:
    """Whether every value of ``v`` is a list of scalars, or -- ``depth`` levels down at most -- a dict whose values
    all are: a history grouped by split, by output, or both."""
    return all(_scalar_list(x) or (depth > 1 and isinstance(x, dict) and x and _grouped_lists(x, depth - 1))
               for x in v.values())


def _leaves(v: dict, prefix: str):
    """(``prefix/key/..``, list) for every non-empty list of a grouped history (:func:`_grouped_lists`)."""
    for k, x in v.items():
        if isinstance(x, dict):
            yield from _leaves(x, f"{prefix}/{k}")
        elif x:
            yield f"{prefix}/{k}", x


def _history_frame(obj: dict, path: Path, issues: list[ImportIssue]) -> pd.DataFrame | None:
    """Keras ``history.history`` (dict of lists) or pandas ``to_json()`` (dict of {index: value}); a history
    grouped one level deeper -- ``{"loc_loss": {"train": [...], "validation": [...]}}`` or ``{"train": {"loss":
    [...]}, "val": {...}}``, the per-epoch lists a hand-written loop keeps per split -- is read as ``loc_loss/train``,
    ``train/loss`` ...: the outer and inner names together say what the list is and which split it belongs to; and
    two levels deeper, by split and then by output (Ludwig's ``training_statistics.json``: ``{"training": {"combined":
    {"loss": [..]}, "Consumption": {"loss": [..], "r2": [..]}}, "validation": {..}, "test": {..}}``), read as
    ``training/combined/loss`` ..."""
    series: dict[str, pd.Series] = {}
    others = []
    for k, v in obj.items():
        if _scalar_list(v):
            series[str(k)] = pd.Series(v, dtype=object)
        elif isinstance(v, dict) and v and _grouped_lists(v) and (leaves := list(_leaves(v, str(k)))):
            for name, iv in leaves:
                series[name] = pd.Series(iv, dtype=object)
        elif isinstance(v, dict) and v and all(str(i).lstrip("-").isdigit() for i in v) and all(
            not isinstance(x, (dict, list)) for x in v.values()
        ):
            idx = [int(i) for i in v]
            series[str(k)] = pd.Series(list(v.values()), index=idx, dtype=object)
        else:
            others.append(str(k))
    if not series:
        return None
    if others:
        issues.append(ImportIssue(
            "non-scalar-values",
            f"{len(others)} key(s) are not per-epoch lists and were skipped: " + ", ".join(repr(o) for o in others[:8]),
            file=str(path), count=len(others), severity="info",
        ))
    df = pd.DataFrame(series)
    if not all(isinstance(i, (int, np.integer)) for i in df.index):
        return None
    df = df.sort_index()
    return df


def _epoch_keyed(obj: dict) -> tuple[pd.DataFrame, np.ndarray] | None:
    """A dict of per-epoch records keyed by the epoch's number (``{"1": {"train_loss": 18.75, "val_loss": 2.34},
    "2": {..}}``: json.dump of the dict a loop filled each epoch, pandas' ``to_json(orient="index")``): one row per
    key, the key its step -- the table the records make, as a list of them would. None unless every key is a whole
    number (two at least) and every value a record holding a number."""
    if len(obj) < 2 or not all(isinstance(k, str) and k.strip().lstrip("-").isdigit() for k in obj):
        return None
    if not all(isinstance(v, dict) and any(_number(x) is not None for x in v.values()
                                           if not isinstance(x, (dict, list))) for v in obj.values()):
        return None
    keys = np.asarray([int(k) for k in obj], dtype=np.int64)
    return pd.DataFrame.from_records(list(obj.values())), keys


def _split_record_lists(inner: dict, keys: list[str]) -> tuple[list[dict], str, list[str]] | None:
    """(records, axis, split names) of lists of per-epoch records kept apart by split (``{"train": [{"epoch": 1,
    "loss": ..}, ..], "val": [{"epoch": 5, "dice": ..}, ..]}``): one log, the training split's list and a held-out
    one's, on the step or epoch key every record of every list holds and that never goes back within a list. Each
    other key is named by its split ('train/dice', 'val/dice': the same name on two splits is two series), the
    records in order of the axis, training first at a tie. None when the lists are not named by splits (one
    training and one held-out at least) or share no axis."""
    # (a key that is a split's name alone: 'train', 'val', 'validation' -- not 'train_history' or 'val/records')
    splits = [k for k in keys if named_split(k) is not None and len(tokens(k)) == 1]
    if len({named_split(k) for k in splits}) < 2:
        return None
    splits.sort(key=lambda k: named_split(k) != "train")

    def axis_ok(a: str) -> bool:
        for k in splits:
            vals = [_number(r.get(a)) for r in inner[k]]
            if any(v is None for v in vals) or any(b < a_ for a_, b in zip(vals, vals[1:])):
                return False
        return True

    axis = next((a for a in (*EPOCH_KEYS, *STEP_KEYS) if axis_ok(a)), None)
    if axis is None:
        return None
    records = [{axis: r[axis], **{f"{k}/{key}": v for key, v in r.items() if key != axis}}
               for k in splits for r in inner[k]]
    records.sort(key=lambda r: _number(r[axis]))  # stable: the training record first at a tie
    return records, axis, splits


def _history_beside_settings(doc: dict) -> dict:
    """The history a JSON object holds under a key of its own beside its settings (``{"config": {..}, "results":
    {"num_epochs": 34, "train_loss": [..], "test_acc": [..]}}``: a course's experiment runner), or ``doc`` itself:
    the one value that is a dict holding lists of two numbers or more, when no list of numbers sits at the top."""
    if any(_scalar_list(v) and len(v) >= 2 for v in doc.values()):
        return doc
    found = [v for v in doc.values() if isinstance(v, dict) and any(_scalar_list(x) and len(x) >= 2 for x in v.values())]
    return found[0] if len(found) == 1 else doc


def _settings_of(rest: dict) -> dict | None:
    """The scalar settings of a JSON object's other keys (a 'config' dict flattened one level: config.lr), or None."""
    out = {}
    for k, v in rest.items():
        if isinstance(v, dict):
            out.update({f"{k}.{ik}": iv for ik, iv in v.items() if isinstance(iv, (int, float, str, bool))})
        elif isinstance(v, (int, float, str, bool)):
            out[str(k)] = v
    return out or None


def _record_histories(doc: list) -> list[tuple[str, dict]] | None:
    """A list of records each holding a whole training's history and naming it (``[{"neural_net_name": "ResNet
    base", "loss_records_for_each_epoch": {"train": [..], "test": [..]}, "accuracy_records_for_each_epoch": {..}},
    ..]``: a script that trained several models and dumped them together): (name, history) per record, the history
    the record's per-epoch lists (one level of grouping, as :func:`_history_frame` reads a history); None unless every
    record is a dict that names itself (a string value) and holds a list of three numbers or more named for a training
    quantity (_HISTORY_WORD)."""
    if not doc or not all(isinstance(r, dict) for r in doc):
        return None
    out = []
    for r in doc:
        hist = {k: v for k, v in r.items() if _scalar_list(v) or (
            isinstance(v, dict) and v and all(_scalar_list(x) for x in v.values()))}
        # (a curve is named for a training quantity and has three readings or more: a prediction's 'bbox' of four
        # numbers beside its 'image_id' is no history, nor is a record that names nothing)
        named = [f"{k}/{ik}" for k, v in hist.items() for ik, x in (v.items() if isinstance(v, dict) else [("", v)])
                 if _a_curve(f"{k}/{ik}", x)]
        name = next((str(v) for v in r.values() if isinstance(v, str) and v.strip()), None)
        if not named or name is None:
            return None
        out.append((name, hist))
    return out


def _keyed_histories(doc: dict) -> list[tuple[str, dict]] | None:
    """A JSON object of whole trainings' histories keyed by their names (``{"sp_metrics": {"train_losses": [..],
    "val_losses": [..], "best_epoch": 18}, "rp_metrics": {..}, "timestamp": ".."}``: a script that trained two models
    and saved them together): (key, that history's lists) for each of two or more values that are objects holding a
    list of three numbers or more named for a training quantity (_HISTORY_WORD) beside scalars of their own (a best
    epoch, a setting), the document's other keys scalars or settings. A history grouped by split
    (``{"train": {"loss": [..]}, "val": {..}}``, lists only) is one training's and read as one table before this is
    asked. None otherwise."""
    out = []
    for k, v in doc.items():
        if isinstance(v, list):
            return None
        if not isinstance(v, dict):
            continue
        lists = {str(ik): iv for ik, iv in v.items() if _scalar_list(iv) and iv}
        if any(_a_curve(ik, iv) for ik, iv in lists.items()):
            out.append((str(k), lists))
        elif any(isinstance(iv, (list, dict)) for iv in v.values()):
            return None  # nested deeper, or lists of something else: not this shape
    return out if len(out) >= 2 else None


_HISTORY_WORD = re.compile(r"(?i)loss|acc|error|reward|return|metric|f1|iou|map|bleu|perplex|score")


def _a_curve(name: str, values: list) -> bool:
    """A list that is a training curve in a named history: three readings or more, named for a training quantity
    (_HISTORY_WORD) -- a prediction's 'bbox' of four numbers is none."""
    return len(values) >= 3 and _HISTORY_WORD.search(name) is not None


def _history_runs(several: list[tuple[str, dict]], path: Path, issues: list[ImportIssue],
                  prefix: str) -> list[RunData]:
    """One run per named history of :func:`_record_histories`, named after it (``#ResNet base``); a history whose
    lists are all empty is said, not read."""
    runs = []
    empty = []
    for name, hist in several:
        mine: list[ImportIssue] = list(issues)
        df = _history_frame({k: v for k, v in hist.items() if v}, path, mine)
        if df is None or df.empty:
            empty.append(name)
            continue
        names = T.unique_names(df.columns)
        conv = T.convert_table(df, names)
        if not conv.columns:
            empty.append(name)
            continue
        d = _run(df, names, conv, conv.columns, "keras-history", df.index.to_numpy(dtype=np.int64), path, prefix, mine)
        d.name_suffix = "#" + re.sub(r"\s+", " ", name.strip())[:60]
        d.meta["segment"] = name
        runs.append(d)
    if not runs:
        raise UnsupportedFormat(path, "a list of named histories, every one of them empty: no numeric values")
    if empty:
        runs[0].issues.append(ImportIssue(
            "empty-history", f"{len(empty)} of the file's {len(several)} named histories hold no numbers: "
            + ", ".join(repr(e) for e in empty[:5]), file=str(path), severity="info"))
    return runs


def _grouped_history(obj: dict, record_keys: list[str]) -> pd.DataFrame | None:
    """A history dict whose per-epoch lists hold numbers for some keys and a record per epoch for others --
    ``{"train_loss": [...], "val_loss": [...], "val_metrics": [{"mse": .., "r2": ..}, ...], "learning_rates": [...]}``,
    the lists a hand-written loop keeps -- is one table: every list is one value per epoch (all the same length), a
    record list read as ``val_metrics/mse`` ...; None when the lengths differ (the records are then a log of their own,
    ``{"log_history": [...]}``) or when no list is of numbers."""
    scalar = {str(k): v for k, v in obj.items() if _scalar_list(v) and v}
    if not scalar:
        return None
    lengths = {len(v) for v in scalar.values()} | {len(obj[k]) for k in record_keys}
    if len(lengths) != 1:
        return None
    parts = [pd.DataFrame({k: pd.Series(v, dtype=object) for k, v in scalar.items()})]
    for k in record_keys:
        sub = pd.DataFrame.from_records(obj[k])
        sub.columns = [f"{k}/{c}" for c in sub.columns]
        parts.append(sub)
    return pd.concat(parts, axis=1)


_COMPLETE_LIST = re.compile(r'"((?:[^"\\]|\\.){1,200})"\s*:\s*(\[[^\[\]{}"]*\])')


def _cut_history(body: str, path: Path, issues: list[ImportIssue]) -> pd.DataFrame | None:
    """A history dump (one object of per-epoch lists) cut short -- the job killed while ``json.dump`` wrote it, a
    partial copy: the lists that are complete before the cut (``"loss": [...]``) are read, the rest is lost and the
    file reported as truncated (damaged). None when no complete list of numbers is there."""
    found: dict[str, list] = {}
    end = 0
    for m in _COMPLETE_LIST.finditer(body):
        try:
            values = _loads(m.group(2))
        except (ValueError, RecursionError):
            continue
        if values and all(_plain_number(v) for v in values):
            found.setdefault(json.loads(f'"{m.group(1)}"'), values)
            end = m.end()
    if not found:
        return None
    df = _history_frame(found, path, issues)
    if df is None:
        return None
    issues[:] = [i for i in issues if i.kind not in ("bad-rows", "bad-lines", "truncated", "long-line")]
    issues.append(ImportIssue(
        "truncated", f"the JSON document is cut short (not valid JSON: it ends {len(body) - end:,} character(s) after "
        f"the last complete list); the {len(found)} complete list(s) before the cut were read "
        f"({', '.join(map(repr, list(found)[:6]))}), whatever came after is lost", file=str(path), count=1))
    return df


def _plain_number(x: Any) -> bool:
    """A JSON number (or NaN/Infinity, or null: a missing value), not a boolean."""
    return x is None or x == "NaN" or (isinstance(x, (int, float)) and not isinstance(x, bool))


# a string holding a Python literal is parsed only up to this size and bracket depth: ast's parser recurses per
# nesting level (a deep one overflows the C stack) and holds a node per token (a 64 MB history is already ~1 GB)
PY_LITERAL_MAX_CHARS = literals.PY_LITERAL_MAX_CHARS
PY_LITERAL_MAX_DEPTH = literals.PY_LITERAL_MAX_DEPTH


def _unwrap_string(doc: str, path: Path, issues: list[ImportIssue]) -> Any:
    """The value a JSON file holds as one string: ``json.dump(json.dumps(h), f)`` (JSON inside a JSON string) or
    ``json.dump(str(history.history), f)`` (a Python dict's repr). The repr is read by :func:`_python_literal`, never
    evaluated: only literals (numbers, strings, lists, tuples, dicts, ``nan``/``inf``, numpy scalar reprs such as
    ``np.float64(0.5)``) are accepted, so no code in the file can run."""
    inner = doc.strip()
    if not inner or inner[0] not in "[{":
        raise UnsupportedFormat(path, "a single JSON string, not a training log")
    try:
        value = _loads(inner)
        how = "JSON written again as a JSON string (json.dumps twice)"
    except (ValueError, RecursionError):
        value = _python_literal(inner, path)
        how = ("a Python repr written as a JSON string (json.dump(str(history.history)) or the like); read as literal "
               "values only, nothing evaluated")
    if not isinstance(value, (dict, list)):
        raise UnsupportedFormat(path, "a JSON string holding a single value, not a training log")
    issues.append(ImportIssue("string-wrapped", f"the file's JSON value is one string holding {how}", file=str(path),
                              severity="info"))
    return value


def _python_literal(text: str, path: Path) -> Any:
    """A JSON string's Python repr, read by the shared literal reader (:func:`curvedoc.importers.literals.python_literal`)
    within this module's limits (:data:`PY_LITERAL_MAX_CHARS`, :data:`PY_LITERAL_MAX_DEPTH`): nothing is evaluated."""
    return python_literal(text, path, what="a JSON string holding a Python repr", max_chars=PY_LITERAL_MAX_CHARS,
                          max_depth=PY_LITERAL_MAX_DEPTH, unparsed="a JSON string that is neither JSON nor a Python literal")


# --------------------------------------------------------------------------- main
def read_json_file(path: Path, prefix: str = "") -> RunData | list[RunData]:
    """One JSON log: its run, or one :class:`RunData` per run when launches were appended to the file (``#1``,
    ``#2``...; see :func:`curvedoc.importers._tabular.split_rows`)."""
    path = Path(path)
    issues: list[ImportIssue] = []
    settings = None  # a first record that holds the run's settings (_leading_settings)
    text = _decode(read_bytes(path), path, issues).lstrip("\ufeff")  # the bytes are not kept beside their text
    body = text.strip()
    if not body:
        raise LoadError(path, "empty file", kind="empty")

    dup = _duplicate_keys(body)
    if dup:
        issues.append(ImportIssue(
            "duplicate-keys",
            f"a record repeats the key {dup!r}: JSON keeps only its last value (the earlier ones are lost)",
            file=str(path), severity="info",
        ))
    source = "jsonl"
    index: np.ndarray | None = None
    doc: Any = None
    whole_ok = False
    if body[0] in "[{\"":
        try:
            doc = _loads(body)
            whole_ok = True
        except (ValueError, RecursionError):  # JSON lines, or a damaged document: read line by line
            whole_ok = False
    if whole_ok and isinstance(doc, str):
        doc = _unwrap_string(doc, path, issues)
    if not whole_ok and body[0] == "{" and "\n" in body and re.search(r"[{,]\s*-?\d+\s*:", body[:4096]):
        # a dict printed by Python, or written by hand, with numbers for keys ('{"ep1":\n{\n0:575981.94,\n1:..'):
        # no JSON (its keys are not strings), one Python literal -- read by the shared literal reader, nothing
        # evaluated; a body that is not one either is read line by line as before
        try:
            lit = _python_literal(body, path)
        except LoadError:
            lit = None
        if isinstance(lit, dict) and lit:
            doc, whole_ok = lit, True
            issues.append(ImportIssue("not-json", "the file is a Python dict literal, not JSON (its keys are numbers, "
                                      "not strings): read as that literal", file=str(path), severity="info"))

    if whole_ok and isinstance(doc, list) and doc and (all(_plain_number(x) for x in doc) or all(
            isinstance(r, list) and r and all(_plain_number(x) for x in r) for r in doc)):
        # a bare list of numbers (json.dump(losses, f)): one value per step, named by the file; a list of rows of
        # numbers: unnamed columns (see _tabular.unnamed_columns)
        rows = [[x] for x in doc] if not isinstance(doc[0], list) else doc
        width = max(len(r) for r in rows)
        names = T.unnamed_columns(width, path)
        df = pd.DataFrame([r + [None] * (width - len(r)) for r in rows], columns=names, dtype=object)
        issues.append(ImportIssue(
            "no-header", f"the file is a bare JSON list of {len(rows):,} {'numbers' if width == 1 else 'rows of numbers'}"
            f" with no names: read as {', '.join(map(repr, names[:6]))}{' ...' if width > 6 else ''}, one value per "
            "step (the list index)" + ("" if width == 1 else f"; nothing says which is the loss (--role "
                                       f"train_loss={names[0]} names it)"),
            file=str(path), severity="info" if width == 1 else "warning"))
        doc = None
        conv = T.convert_table(df, names)
        if not conv.columns:
            raise UnsupportedFormat(path, "a JSON list of nulls: no numeric values")
        return _run(df, names, conv, conv.columns, "json-list", np.arange(len(df), dtype=np.int64), path, prefix,
                    issues)

    if whole_ok and isinstance(doc, dict):
        inner = doc.get("history") if isinstance(doc.get("history"), dict) else _history_beside_settings(doc)
        if inner is not doc:
            settings = _settings_of({k: v for k, v in doc.items() if v is not inner})
        # lists of records ({"log_history": [{...}, ...]}); records with no number of their own (per-class tables
        # nested inside each epoch's entry) are no log of their own beside per-epoch lists
        lists_of_dicts = [k for k, v in inner.items() if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)
                          and any(_number(y) is not None for x in v for y in x.values()
                                  if not isinstance(y, (dict, list)))]
        keyed = _epoch_keyed(inner)
        if keyed is None:
            hist = _history_frame(inner, path, issues) if not lists_of_dicts else _grouped_history(inner, lists_of_dicts)
        if keyed is not None:
            source = "json"
            df, index = keyed
        elif hist is not None:
            source = "keras-history"
            df = hist
            index = df.index.to_numpy(dtype=np.int64)
        elif lists_of_dicts:  # {"log_history": [{...}, ...]} and the like
            source = "json"
            merged = _split_record_lists(inner, lists_of_dicts)
            if merged is not None:
                records, axis, splits = merged
                issues.append(ImportIssue(
                    "split-record-lists", f"the records of {len(splits)} splits are kept in lists of their own "
                    f"({', '.join(map(repr, splits))}): read as one log on their common {axis!r}, each value named by "
                    f"its split ('{splits[0]}/<key>')", file=str(path), severity="info"))
                df = _records_frame(records, path, issues)
            else:
                key = max(lists_of_dicts, key=lambda k: len(inner[k]))
                others = [k for k in lists_of_dicts if k != key]
                if others:
                    issues.append(ImportIssue(
                        "other-record-lists", f"read the longest list of records, {key!r} ({len(inner[key]):,}); "
                        f"not read: {', '.join(f'{k!r} ({len(inner[k]):,})' for k in others[:4])}",
                        file=str(path), severity="warning"))
                if _sparse(inner[key]):
                    return _sparse_run([inner[key]], path, issues, prefix, source)
                df = _records_frame(inner[key], path, issues)
        elif (several := _keyed_histories(doc)) is not None:
            return _history_runs(several, path, issues, prefix)
        else:
            df = _records_frame([doc], path, issues)
            if not any(T.norm_name(c) in STEP_KEYS + EPOCH_KEYS for c in df.columns):
                raise UnsupportedFormat(path, "a single JSON object of values (a summary or config), not a training log")
    elif whole_ok and isinstance(doc, list) and (several := _record_histories(doc)) is not None:
        return _history_runs(several, path, issues, prefix)
    elif whole_ok and isinstance(doc, list):
        source = "json"
        if _sparse([r for r in doc if isinstance(r, dict)]):
            return _sparse_run([doc], path, issues, prefix, source)
        df = _records_frame(doc, path, issues)
    elif whole_ok:
        raise UnsupportedFormat(path, "a single JSON value, not a training log")
    else:
        if body[0] == "[":
            # a JSON list cut short: read it as one object per line
            body_l = body[1:]
            lines = [ln.strip().rstrip(",") for ln in body_l.split("\n")]
            lines = [ln for ln in lines if ln and ln not in ("]", "],")]
            source = "json"
            text_lines = "\n".join(lines) + ("\n" if text.endswith("\n") and body.endswith("]") else "")
            records = _parse_lines(text_lines, path, issues)
        elif len(text) > CHUNK_CHARS:
            # the pieces are cut from the text: its stripped copy (as big as the file) is not needed beside them
            records = body = None
            try:
                df = _chunked_frame(text, path, issues)
            except _SparseLog:
                issues[:] = [i for i in issues if i.kind not in ("bad-rows", "too-deep", "truncated", "long-line")]
                return _sparse_run(_chunked_records(text, path, issues), path, issues, prefix, source)
        else:
            records = _parse_lines(text, path, issues)
            # (a cut history's lines of bare numbers parse as records of their own, none of them an object)
            hist = _cut_history(body, path, issues) \
                if body[0] == "{" and not any(isinstance(r, dict) for r in records) else None
            if hist is not None:
                df, source, records = hist, "keras-history", None
                index = df.index.to_numpy(dtype=np.int64)
        if records is not None:
            if not records:
                why = "; ".join(i.message for i in issues if i.kind in ("bad-rows", "too-deep", "truncated", "long-line"))
                raise UnsupportedFormat(path, "no JSON record could be read" + (f" ({why})" if why else ""))
            settings = _leading_settings(records)
            if settings is not None:
                records = records[1:]
                issues.append(ImportIssue(
                    "settings-record", f"the first record holds the run's settings ({len(settings):,} keys, none of "
                    "them in any later record): read as its hyperparameters, not as a point", file=str(path),
                    severity="info"))
            summary = _trailing_summary(records)
            if summary is not None:
                records = records[:-1]
                issues.append(ImportIssue(
                    "summary-record", f"the last record holds the run's summary ({len(summary):,} keys under one name "
                    "no other record has): not read as a point of any curve", file=str(path), severity="info"))
            if _sparse([r for r in records if isinstance(r, dict)]):
                return _with_settings(_sparse_run([records], path, issues, prefix, source), settings)
            df = _records_frame(records, path, issues)

    # the file's text and the parsed records are all in df now: let them go before the table is
    # converted and melted (beside it they took 3x the frame: importer_memory.py's JSON lines peaked at 7.1x)
    text = body = doc = records = None  # noqa: F841
    names = T.unique_names(df.columns)
    conv = T.convert_table(df, names)
    cols = conv.columns
    if not cols:
        raise UnsupportedFormat(path, "no numeric values: not a training log")
    lowset = {T.norm_name(c.name) for c in cols}
    if source == "jsonl" and "iteration" in lowset and len(lowset & DETECTRON2_KEYS) >= 2:
        source = "detectron2"

    segs = _segments(df, names, conv) if index is None else [T.Segment(0, len(df))]
    if len(segs) == 1:
        return _with_settings(_run(df, names, conv, cols, source, index, path, prefix, issues), settings)
    # launches appended to one file (the step back at its start): one run each, before any rule runs
    x = _counter(cols)
    return _with_settings(T.split_runs(df, names, conv, cols, segs, path, issues, x.name if x is not None else "step",
                                       lambda frame, sub, mine, seg: _run(frame, names, conv, sub, source, None, path,
                                                                          prefix, mine)), settings)


def _wrapped(record: Any) -> dict | None:
    """The settings or summary one key wraps, ``{"_meta": {...}}``, ``{"config": {...}}``: the inner object of a record
    that holds nothing else. None otherwise."""
    if isinstance(record, dict) and len(record) == 1:
        inner = next(iter(record.values()))
        if isinstance(inner, dict) and inner:
            return inner
    return None


def _trailing_summary(records: list[Any]) -> dict | None:
    """The last record of a JSON-lines log when it wraps the run's summary under one key of its own (``{"_summary":
    {"final_test_acc": .., "grok_step": ..}}``) that no other record has, after at least two measurements: written
    once at the end, no point of any curve. Its scalar values; None otherwise."""
    if len(records) < 3 or not isinstance(records[-1], dict):
        return None
    inner = _wrapped(records[-1])
    if inner is None:
        return None
    key = next(iter(records[-1]))
    if any(isinstance(r, dict) and key in r for r in records[:-1]):
        return None
    return {str(k): v for k, v in inner.items() if isinstance(v, (int, float, str, bool))}


def _leading_settings(records: list[Any]) -> dict | None:
    """The first record of a JSON-lines log when it is the run's settings rather than a measurement (openai/glow's
    train.txt, scripts that write ``json.dumps(vars(args))`` before their first record, or wrap them under one key,
    ``{"_meta": {...}}``): at least 5 keys, none of which any later record repeats, and some value a measurement never
    is (text, a flag, null). Its scalar values are the run's hyperparameters. None otherwise."""
    if len(records) < 2 or not isinstance(records[0], dict):
        return None
    first = _wrapped(records[0]) or records[0]
    if len(first) < 5:
        return None
    later: set = set()
    for r in records[1:]:
        if isinstance(r, dict):
            later.update(r)
    if set(first) & later or not any(isinstance(v, (str, bool)) or v is None for v in first.values()):
        return None
    return {str(k): v for k, v in first.items() if isinstance(v, (int, float, str, bool)) and not
            (isinstance(v, str) and len(v) > 500)}


def _with_settings(result: RunData | list[RunData], settings: dict | None) -> RunData | list[RunData]:
    """``result`` with ``settings`` (:func:`_leading_settings`) under its hyperparameters (the files beside it win)."""
    if settings:
        for rd in result if isinstance(result, list) else [result]:
            rd.hparams = {**settings, **rd.hparams}
    return result


def _counter(cols) -> T.NumericColumn | None:
    """The records' step counter (else their epoch or episode), when it counts in whole numbers."""
    for cands in (STEP_KEYS, T.COARSE_COUNTERS):
        cand = T.find_column(cols, cands)
        if cand is not None and T.integral_steps(cand) is not None:
            return cand
    return None


def _segments(df: pd.DataFrame, names: list[str], conv: T.Conversion) -> list[T.Segment]:
    """The runs the records of one file hold (see :func:`curvedoc.importers._tabular.split_rows`): launches
    appended to one log, each starting its step count again."""
    cols = conv.columns
    x = _counter(cols)
    counter = np.where(x.present & np.isfinite(x.values), x.values, np.nan) if x is not None else None
    ep = T.find_column(cols, EPOCH_KEYS)
    epoch = np.where(ep.present, ep.values, np.nan) if ep is not None and x is not None and ep is not x else None
    return T.split_rows(len(df), counter, x.name if x is not None else "step", epoch=epoch,
                        config=T.config_columns(df, names, conv.skipped),
                        row_kind=T.row_kinds([c for c in cols if c is not x]) if x is not None else None)


def _run(df: pd.DataFrame, names: list[str], conv: T.Conversion, cols: list, source: str, index: np.ndarray | None,
         path: Path, prefix: str, issues: list[ImportIssue]) -> RunData:
    """The run held by the records of ``df`` (``cols``: its numeric columns over the same records)."""
    issues = list(issues)

    # ---- x axis
    step_col: T.NumericColumn | None = None
    steps: np.ndarray | None = None
    not_curves: list = []  # step keys refused as the step that are counters all the same
    if index is not None:
        steps = index
    else:
        for cands in (STEP_KEYS, T.COARSE_COUNTERS):
            cand = T.find_column(cols, cands)
            if cand is None:
                continue
            st = T.integral_steps(cand)
            if st is None:
                fin = cand.values[cand.present & np.isfinite(cand.values)]
                if len(fin) and np.all(fin == np.floor(fin)) and np.abs(fin).max() > 2**62:
                    # whole numbers, but past what a step can hold: a counter all the same, never a curve
                    not_curves.append(cand)
                    issues.append(ImportIssue(
                        "step-out-of-range",
                        f"key {cand.name!r} counts past 2^62 (up to {np.abs(fin).max():.4g}), beyond what a step can "
                        "hold; not used as the step (points numbered by record instead) nor read as a curve",
                        file=str(path), severity="warning",
                    ))
                    continue
                issues.append(ImportIssue(
                    "non-integer-steps", f"key {cand.name!r} is not a whole-number counter; not used as the step",
                    file=str(path), severity="info",
                ))
                continue
            step_col, steps = cand, st
            if not cand.present.all():
                missing = int((~cand.present).sum())
                issues.append(ImportIssue(
                    "rows-without-step",
                    f"{missing} record(s) have no {cand.name!r}; they take the step of the record before",
                    file=str(path), count=missing, severity="info",
                ))
            break
        if steps is None:
            why = T.per_item_table(df, names)
            if why:
                raise UnsupportedFormat(path, why)
            steps = np.arange(len(df), dtype=np.int64)
        else:
            note, evaluation = _record_kinds(cols, step_col, steps)
            said = T.split_column(df)
            if said is not None and said[1].any():
                # the records say their split: the held-out ones are evaluation results whatever keys they hold
                evaluation = said[1]
                note = note or (f"the records name their split in {said[0]!r} (training and evaluation records in one "
                                "stream): each split keeps its own values")
            if evaluation is not None:
                cols, moved = _held_out_columns(cols, evaluation)
                if note and moved:
                    note += (f"; the kind with no loss and no learning rate holds evaluation results, read as held-out "
                             f"values ({', '.join(repr(n) for n in moved[:4])}{' ...' if len(moved) > 4 else ''})")
            if note:
                issues.append(ImportIssue("record-kinds", note, file=str(path), severity="info"))
            else:
                iss = T.restart_issue(steps, str(path), what=step_col.name)
                if iss:
                    issues.append(iss)

    wall, wall_name, absolute = T.wall_time_of(
        [c for c in cols if T.norm_name(c.name) not in T.ELAPSED_TIME_NAMES], df, names
    )
    tag_cols = [
        c for c in cols
        if not (step_col is not None and c is step_col and T.norm_name(c.name) != "epoch")
        and not (absolute and c.name == wall_name) and not any(c is x for x in not_curves)
    ]
    if not tag_cols:
        raise UnsupportedFormat(path, "no numeric values besides the step: not a training log")
    if prefix:
        tag_cols = [T.NumericColumn(prefix + c.name, c.values, c.present) for c in tag_cols]
    frame = T.melt(tag_cols, steps, wall, str(path))
    skipped = [c for c in conv.skipped if c != wall_name]  # a date/time text column read as the wall clock
    for iss in (T.skipped_issue(skipped, str(path)), T.bad_cells_issue(conv.bad_cells, str(path))):
        if iss:
            issues.append(iss)
    issues.extend(T.duplicate_issues(frame, str(path), steps))
    meta = {"rows": len(df), "step_column": step_col.name if step_col is not None else None}
    left = T.time_left_at_end(df, names)
    if left is not None:
        meta["eta_at_end_s"] = left  # (the last record still expected this long to go: read as a printed ETA is)
    return RunData(frame=frame, source=source, meta=meta, issues=issues)
