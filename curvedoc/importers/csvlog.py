"""CSV training logs: generic per-step CSV, Lightning ``metrics.csv``, Keras ``CSVLogger``,
Ultralytics/YOLO ``results.csv`` and RL ``progress.csv`` (OpenAI baselines / Stable-Baselines3).

The flavour is recognised from the header (and, for Lightning, the ``hparams.yaml`` beside it), never
from the file name alone. Parsing is pandas' C engine on the whole file; nothing loops per line.

What each flavour does with the x axis:

* ``csv``: a step-like column (``step``, ``global_step``, ``iteration``...); else an ``epoch`` column that
  only grows; else the row index.
* ``lightning-csv``: the ``step`` column. Train, validation and LR-monitor values live on different rows;
  empty cells are simply no point.
* ``keras-csv``: no step column; the epoch counter.
* ``yolo-csv``: the ``epoch`` column (header cells are space-padded).
* ``rl-progress-csv``: ``total/steps``, ``time/total_timesteps``, ``steps_done``... else the row index.
* ``sb3-monitor``: Stable-Baselines3's ``monitor.csv`` (a ``#{"t_start": ..., "env_id": ...}`` line, then ``r,l,t``
  per episode): the timesteps done (running sum of ``l``); ``r`` is read as ``episode_reward``, ``l`` as
  ``episode_length``, ``t_start + t`` is the wall clock (:func:`_monitor_run`).

A table whose first line is already a row of numbers (or pandas' default labels ``0,1,...``) has unnamed columns: one
column takes the file's name (``loss_log.csv`` -> ``loss_log``), and so does the value beside a counter in a table of
two (``1,6.2338`` ...: ``step`` and ``loss_log``, what ``f.write(f"{epoch},{loss}")`` leaves); more are ``column_1``,
``column_2``... and the run says so -- nothing is guessed to be the loss (``--role train_loss=column_1`` names it).

In every flavour the ``epoch`` column is also kept as an ``epoch`` tag.

Rows that name their split (a text column holding only split words, a training one and a held-out one among them:
``split`` = train / val each epoch) keep each split apart: a held-out row's values are read as ``val/<name>``, and
an epoch shared by a train row and a val row is one point of each, not a counter starting again.

One file may hold several runs, one after another: ``CSVLogger(append=True)`` sessions (the epoch starts again at
0), results of several trainings concatenated (a repeated header line, a counter back at its start), a sweep with
a ``model`` column. Such a file is read as one run per segment, named ``<file>#1``, ``#2``... or by the config
value (``sweep.csv#resnet18``), before any rule runs, so no rule ever compares across the boundary; a counter
that goes back to a LATER point and goes on is a resumed run, kept as one run (the restart is reported, the later
write wins). See :func:`curvedoc.importers._tabular.split_rows`.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from curvedoc._fmt import fmt_num
from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers import _tabular as T
from curvedoc.importers._base import (
    RunData,
    RunSpec,
    decode_text,
    is_lfs_pointer,
    read_bytes,
)
from curvedoc.model.metrics import classify
from curvedoc.model.run import ImportIssue

STEP_NAMES = (
    "step", "global_step", "globalstep", "global step", "trainer/global_step", "train/global_step", "iteration",
    "iter", "iters", "steps", "_step", "total/steps", "time/total_timesteps", "num_updates", "updates", "update",
    "it", "batch", "total_timesteps", "timesteps_total", "num_timesteps",
    # an evolutionary search's clock (NEAT, DEAP, evolution strategies): one row per generation or per genome of it
    "generation",
)
RL_STEP_NAMES = (
    "total/steps", "time/total_timesteps", "steps_done", "total_timesteps", "timesteps_total", "num_timesteps",
    "total_steps", "env_steps", "timesteps",
)
RL_PREFIXES = ("rollout/", "time/", "total/", "stats_o/", "stats_g/", "eval/mean_reward", "reference_")
RL_NAMES = {
    "steps_done", "episode_reward", "ep_rew_mean", "episode_reward_mean", "test/success_rate",
    "train/success_rate", "rollout/ep_rew_mean", "eprewmean", "episode_len_mean",
}
YOLO_NAMES = {
    "train/box_loss", "train/obj_loss", "train/dfl_loss", "metrics/map_0.5", "metrics/map_0.5:0.95",
    "metrics/map50(b)", "metrics/map50-95(b)", "x/lr0", "lr/pg0",
}
# a CSV without any step column must at least have a column named like a metric to be taken as a log
METRIC_WORDS = re.compile(
    r"loss|acc|lr|learning|rate|reward|return|err|mse|mae|f1|auc|map|iou|dice|ppl|perplex|bleu|rouge|wer|cer|"
    r"score|epoch|step|iter|grad|norm|metric|val|train|test|eval|precision|recall|kl|entropy|q_|episode"
)


MAX_COLUMNS = 10_000  # a header wider than this is refused (no training log logs 10k metrics per row)


def read(spec: RunSpec) -> RunData:
    path = Path(spec.files[0])
    return read_csv_file(path, prefix=spec.prefixes.get(str(path), ""))


# --------------------------------------------------------------------------- text -> table
def _decode(data: bytes, path: Path, issues: list[ImportIssue]) -> str:
    if is_lfs_pointer(data[:64]):
        raise LoadError(path, "Git LFS pointer, not the data (run `git lfs pull`)", kind="lfs-pointer")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 export (Excel, PowerShell)
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    if T.looks_binary(data):
        # a .csv full of binary bytes is a damaged log (partial copy, wrong file), not "some other CSV"
        raise LoadError(path, "binary data, not a CSV (damaged or not a text file)", kind="binary")
    return decode_text(data, path, issues)


def _sniff_sep(header: str, path: Path) -> str:
    if path.suffix.lower() == ".tsv":
        return "\t"
    counts = {sep: header.count(sep) for sep in (",", "\t", ";", "|")}
    best = max(counts, key=lambda s: (counts[s], s == ","))
    return best if counts[best] else ","


_SKIPPED_LINE = re.compile(r"Skipping line (\d+): expected \d+ fields, saw (\d+)")


def _second_record_kind(skipped: list[tuple[int, int]]) -> tuple[int, float] | None:
    """(field count, lines between them) when the rows pandas skipped for having more fields than the header are a
    second kind of record rather than damage: at least 3, every one with the same field count, never two in a row
    (each sits between rows of the header's kind) and evenly spaced (every gap within half of the median gap of
    the next: a row written once an epoch). Damage is irregular -- a torn or interleaved write gives varying counts
    at no fixed rhythm -- and a block of consecutive wider rows is a different file appended, not a record kind."""
    if len(skipped) < 3 or len({n for _, n in skipped}) != 1:
        return None
    lines = np.array(sorted(line for line, _ in skipped), dtype=np.float64)
    gaps = np.diff(lines)
    med = float(np.median(gaps))
    if gaps.min() < 2 or np.any(np.abs(gaps - med) > 0.5 * med):
        return None
    return skipped[0][1], med


def _drop_short_rows(text: str, sep: str, n_header: int, path: Path, issues: list[ImportIssue]) -> str:
    """The text without the few rows that have fewer fields than the header: a record cut at its start or end, or
    spliced with another, in the middle of the file (two writers at once, a resumed job overwriting, a copy taken
    while the file was rewritten). Read by position, its values would land under the wrong names ('.667079,0.103915,
    ...' -- the epoch and the loss gone -- gives epoch 0.667 and every loss shifted one column), so such a row is
    dropped and reported. Only when they are few (at most 3, or 2% of the rows): a script that writes its
    evaluation columns only at some epochs ('3,0.41' under 'epoch,loss,val_loss' at every epoch without an
    evaluation) leaves short rows by design, read as they are."""
    need = n_header - 1
    if need <= 0 or text.count("\n") < 3:
        return text
    lines = text.split("\n")
    short = [i for i in range(1, len(lines)) if lines[i].strip() and lines[i].count(sep) < need]
    if not short:
        return text
    short = [i for i in short if _field_count(lines[i].rstrip("\r"), sep) < n_header]  # (quoted separators)
    rows = sum(1 for ln in lines[1:] if ln.strip())
    if not short or len(short) > max(3, int(0.02 * rows)):
        return text
    first = lines[short[0]].rstrip("\r")
    shown = first if len(first) <= 60 else first[:57] + "..."
    issues.append(ImportIssue(
        "bad-rows",
        f"{len(short)} row(s) before the end of the file have fewer fields than the header's {n_header} (the first at "
        f"line {short[0] + 1}: {shown!r}): a record cut or spliced with another, whose values would fall under the "
        "wrong names; dropped, every complete row kept",
        file=str(path), count=len(short),
    ))
    drop = set(short)
    return "\n".join(ln for i, ln in enumerate(lines) if i not in drop)


def _field_count(line: str, sep: str) -> int:
    try:
        return len(next(csv.reader([line], delimiter=sep)))
    except (csv.Error, StopIteration):
        return line.count(sep) + 1


_NUMBER_CELL = re.compile(r"\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*|\s*[-+]?(?i:nan|inf|infinity)\s*")


def _unnamed_header(header: str, sep: str) -> str | None:
    """Whether the first line names no column: ``"data"`` -- every cell a number (``np.savetxt(..., delimiter=",")``,
    ``f.write(f"{loss},{reward}\\n")``: the first line is already a row); ``"labels"`` -- pandas' default column
    labels ``0,1,...,n-1`` (``pd.DataFrame(array).to_csv(index=False)``), a header that names nothing; else None.
    An empty cell at the end (a trailing separator) is no column."""
    cells = header.split(sep)
    if cells and not cells[-1].strip():
        cells = cells[:-1]
    if len(cells) >= 2 and not cells[0].strip() and [c.strip() for c in cells[1:]] == [str(i) for i in range(len(cells) - 1)]:
        # (pandas' default labels after its unnamed index column: ``pd.Series(losses).to_csv(path)`` writes ',0',
        # ``pd.DataFrame(array).to_csv(path)`` ',0,1,2': the index is the row counter, the rest name nothing)
        return "labels"
    if not cells or any(not _NUMBER_CELL.fullmatch(c) for c in cells):
        return None
    if [c.strip() for c in cells] == [str(i) for i in range(len(cells))]:
        return "labels"
    return "data"


def _parse(text: str, path: Path, issues: list[ImportIssue]) -> tuple[pd.DataFrame, list[str], str, bool]:
    """The CSV as a frame of raw cells, its stripped unique column names, the separator and whether the columns
    are unnamed (no header line, or pandas' default labels: see :func:`_unnamed_header`)."""
    text = text.lstrip("\ufeff")
    if not text or text.isspace():
        raise LoadError(path, "empty file", kind="empty")
    # leading blank lines do not make a header
    text = text.lstrip("\r\n")
    text = _drop_merge_conflict_markers(text, path, issues)
    first_nl = text.find("\n")
    header = text if first_nl < 0 else text[:first_nl]
    sep = _sniff_sep(header, path)
    n_header = _field_count(header.rstrip("\r"), sep)
    unnamed = _unnamed_header(header.rstrip("\r"), sep) if n_header <= MAX_COLUMNS else None
    if n_header > MAX_COLUMNS:
        # pandas renames duplicate column names in quadratic time: 2M columns would take hours
        raise LoadError(path, f"the header has {n_header:,} columns, over the {MAX_COLUMNS:,}-column limit "
                        "(not a training log?)", kind="too-large")

    # A job killed mid-write leaves a last line without its newline. If it has fewer fields than the
    # header it is certainly cut short: drop it (a cut number would be a wrong value, not a missing one).
    if first_nl >= 0 and not text.endswith(("\n", "\r")):
        last_nl = text.rfind("\n")
        last = text[last_nl + 1:]
        if last.strip() and _field_count(last.rstrip("\r"), sep) < n_header:
            text = text[: last_nl + 1]
            issues.append(ImportIssue(
                "truncated",
                "the last line is cut short (job killed while writing?); it was dropped, every complete row kept",
                file=str(path), count=1,
            ))
        elif last.strip():
            issues.append(ImportIssue(
                "no-final-newline",
                "the file does not end with a newline; its last row was kept but may be incomplete",
                file=str(path), severity="info",
            ))

    text = _drop_short_rows(text, sep, n_header, path, issues)
    payload = io.BytesIO(text.encode("utf-8"))  # bytes: the C tokenizer is ~1.6x faster than on a StringIO
    del text  # the caller keeps no reference either: one copy of the file while pandas parses it, not two
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            df = pd.read_csv(
                payload,
                sep=sep,
                engine="c",
                encoding="utf-8",
                keep_default_na=False,
                na_values=T.MISSING_TOKENS,
                on_bad_lines="warn",
                # rows one field wider than the header are never an index column: pandas would shift every name
                # one column right ('step,loss' over '0,2.3,50.0' read the 50.0 as the loss)
                index_col=False,
                header=None if unnamed == "data" else "infer",
                skip_blank_lines=True,
                low_memory=False,
            )
        except pd.errors.EmptyDataError:
            raise LoadError(path, "empty file", kind="empty") from None
        except (pd.errors.ParserError, ValueError, UnicodeError) as exc:
            msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            if "out of memory" in msg:  # pandas' C tokenizer reports a failed allocation as a parser error
                raise MemoryError(msg) from None
            raise LoadError(path, f"malformed CSV: {msg}", kind="malformed") from None
    if any("does not match length of data" in str(w.message) for w in caught):
        issues.append(ImportIssue(
            "bad-rows", "rows have more fields than the header: the values were read by position under its names "
            "and the fields past them dropped", file=str(path),
        ))
    skipped = [(int(m.group(1)), int(m.group(2))) for w in caught for m in _SKIPPED_LINE.finditer(str(w.message))]
    bad = sum(str(w.message).count("Skipping line") for w in caught)
    kind = _second_record_kind(skipped) if bad == len(skipped) else None
    if kind is not None:
        issues.append(ImportIssue(
            "other-record-kind",
            f"{bad} row(s) of another kind ({kind[0]} fields under a {n_header}-column header) recur between the rows, "
            f"one every ~{kind[1]:g} lines: a second record the script writes on purpose (a per-epoch summary?), not "
            "damage; they were skipped, having no names for their fields",
            file=str(path), count=bad, severity="info",
        ))
    elif bad:
        issues.append(ImportIssue(
            "bad-rows",
            f"{bad} row(s) have more fields than the header and were skipped",
            file=str(path), count=bad,
        ))
    if unnamed:
        if df.shape[1] and df.iloc[:, -1].isna().all() and header.rstrip("\r").rstrip(" ").endswith(sep):
            df = df.iloc[:, :-1]  # a trailing separator on every line: no column
        if len(df) == 0:
            raise LoadError(path, "no data rows (a header of pandas' default labels only)", kind="header-only")
        if header.startswith(sep) and df.shape[1] >= 3:
            first = pd.to_numeric(df.iloc[:, 0], errors="coerce").to_numpy(dtype=np.float64)
            if len(first) and np.array_equal(first, np.arange(len(first))):
                df = df.iloc[:, 1:]  # pandas' index column before its default labels: the row counter, no column
        df.columns = T.unnamed_columns(df.shape[1], path)
        if df.shape[1] >= 2:
            num = df.apply(pd.to_numeric, errors="coerce").to_numpy(dtype=np.float64)
            if df.shape[1] == 2 and T.counter_and_value(num):
                df.columns = ["step", T.unnamed_columns(1, path)[0]]
            elif df.shape[1] > 2:
                # a counter first and several values beside it ('episode,reward,epsilon' written without its header):
                # the counter is the step -- where it starts again, a new training -- and the values keep their
                # column numbers, nothing guessed about which is the loss. A coarser count before it that never goes
                # down ('epoch, batch, loss, ..': the epoch 0 on every row of a run cut inside its first epoch) leaves
                # the counter the second column
                lead = num[:, 0]
                coarse = bool(np.isfinite(lead).all() and np.all(lead == np.floor(lead)) and np.all(np.diff(lead) >= 0))
                for j in (0, 1) if coarse else (0,):
                    if j + 1 < df.shape[1] and T.counter_and_value(num[:, j:j + 2]):
                        df.columns = [*df.columns[:j], "step", *df.columns[j + 1:]]
                        break
        return df, list(df.columns), sep, True
    names = T.unique_names(df.columns)
    if len(df) == 0:
        raise LoadError(path, "no data rows (header only)", kind="header-only")
    raw = [c.strip().strip('"') for c in header.rstrip("\r").split(sep)] if n_header <= 10_000 else []
    dups = sorted({c for c in raw if c and raw.count(c) > 1}) if len(raw) != len(set(raw)) else []
    if dups:
        issues.append(ImportIssue(
            "duplicate-columns",
            f"the header repeats {', '.join(repr(c) for c in dups[:5])}: the later copies are read as separate tags "
            f"({', '.join(repr(n) for n in names if any(n.startswith(d + '.') for d in dups[:5]))[:200]})",
            file=str(path), count=len(dups), severity="info",
        ))
    return df, names, sep, False


_CONFLICT_MARKER = re.compile(r"^(?:<{7}(?: .*)?|={7}|>{7}(?: .*)?|\|{7}(?: .*)?)\r?$", re.M)


def _drop_merge_conflict_markers(text: str, path: Path, issues: list[ImportIssue]) -> str:
    """A log committed with an unresolved git merge conflict holds two versions of itself between ``<<<<<<<``,
    ``=======`` and ``>>>>>>>`` lines (``|||||||`` with diff3): the marker lines are not rows and are dropped, both
    versions' rows are read (their step counters tell them apart), and the file is reported as damaged -- which
    version is the real log is for its owner to say. Only a complete conflict (an opening and a closing marker, in
    that order) counts: a lone ``=======`` is a separator some scripts print."""
    if "<<<<<<<" not in text or ">>>>>>>" not in text:
        return text
    marks = [(m.start(), m.group(0)[0]) for m in _CONFLICT_MARKER.finditer(text)]
    opens = [i for i, (_, c) in enumerate(marks) if c == "<"]
    if not opens or not any(c == ">" for _, c in marks[opens[0]:]):
        return text
    lines = [text.count("\n", 0, pos) + 1 for pos, _ in marks]
    issues.append(ImportIssue(
        "merge-conflict",
        f"the file holds an unresolved git merge conflict (marker lines {', '.join(map(str, lines[:6]))}"
        f"{' ...' if len(lines) > 6 else ''}): two versions of the log are interleaved; the marker lines were "
        "dropped and both versions' rows read",
        file=str(path), count=len(marks),
    ))
    return _CONFLICT_MARKER.sub("", text)


def _drop_repeated_headers(df: pd.DataFrame, names: list[str], path: Path,
                           issues: list[ImportIssue]) -> tuple[pd.DataFrame, np.ndarray]:
    """Rows that repeat the header (two CSV files concatenated): dropped; their positions returned."""
    text_cols = [i for i in range(df.shape[1]) if df.dtypes.iloc[i].kind not in "iufb"]
    if not text_cols or df.shape[1] < 2:
        return df, np.empty(0, dtype=np.int64)
    hits = np.zeros(len(df), dtype=np.int32)
    for i in text_cols:
        col = df.iloc[:, i]
        hits += (col.astype("string").str.strip() == names[i]).fillna(False).to_numpy(dtype=bool)
    is_header = hits >= max(2, (df.shape[1] + 1) // 2)
    if not is_header.any():
        return df, np.empty(0, dtype=np.int64)
    pos = np.flatnonzero(is_header)
    # row numbers in the kept frame where a new block starts
    starts = pos - np.arange(len(pos))
    issues.append(ImportIssue(
        "repeated-header",
        f"the header line appears again {len(pos)} time(s) inside the file (files concatenated?); those lines were skipped",
        file=str(path), count=len(pos), severity="info",
    ))
    return df.loc[~is_header].reset_index(drop=True), starts


_COLON_COUNTER = r"\s*\d+\s*:\s*"  # (matched whole: str.fullmatch)


def _colon_counters(df: pd.DataFrame) -> pd.DataFrame:
    """A column every cell of which is a whole number with a colon after it ('0:', '1:', ... under an 'Epoch'
    header: ``f.write(f"{epoch}:\t{loss}")``) holds that number: the colon is the print's punctuation, not text. Read
    as text, the counter made the table look keyed by labels (one row per item), and the file was refused."""
    out = df
    for i in range(df.shape[1]):
        col = df.iloc[:, i]
        if col.dtype.kind in "iufb" or not len(col):
            continue
        cells = col.astype("string")
        if bool(cells.str.fullmatch(_COLON_COUNTER).fillna(False).all()):
            if out is df:
                out = df.copy()  # (the caller's frame is left as it was)
            out.isetitem(i, pd.to_numeric(cells.str.replace(":", "", regex=False).str.strip()).astype("int64"))
    return out


def _unnamed_issue(names: list[str], path: Path) -> ImportIssue:
    if len(names) == 2 and names[0] == "step":
        return ImportIssue(
            "no-header", f"the file has no header: its two columns of numbers are read as a counter (the step) and "
            f"one value, {names[1]!r}, the file's name", file=str(path), severity="info")
    if len(names) == 1:
        return ImportIssue(
            "no-header", f"the file has no header: its one column of numbers is read as {names[0]!r}, the file's name, "
            "one value per row (the row number is the step)", file=str(path), severity="info")
    counted = "step" in names
    values = [n for n in names if n != "step"]
    where = suggest = ""
    if counted:
        at = names.index("step")
        where = f"a counter (the step, {'its first column' if at == 0 else f'its column {at + 1}'}) and "
        suggest = names[at + 1] if at + 1 < len(names) else ""
    return ImportIssue(
        "no-header",
        f"the file has no header: its {len(names)} columns of numbers are read as {where}"
        + f"{', '.join(map(repr, values[:6]))}{' ...' if len(values) > 6 else ''}"
        + ("" if counted else ", one row per step")
        + f" -- nothing says which is the loss, so no column is judged as one until you say so "
        f"(--role train_loss={suggest or values[0]})",
        file=str(path), severity="warning")


# --------------------------------------------------------------------------- Stable-Baselines3 Monitor
MONITOR_COLUMNS = ("r", "l", "t")
# what SB3's Monitor writes per episode (stable_baselines3/common/monitor.py: the ``info["episode"]`` keys), under
# the names its own logger and the RL markers of the role table know an episode's return and length by
MONITOR_NAMES = {"r": "episode_reward", "l": "episode_length"}


def _monitor_comment(text: str) -> tuple[str, dict | None]:
    """(the text after SB3's Monitor comment line, the comment's JSON) when the file starts with one: Monitor writes
    ``#`` + ``json.dumps({"t_start": ..., "env_id": ...})`` before the ``r,l,t`` header. Any other text: (it, None)."""
    body = text.lstrip("\ufeff")
    if not body.startswith("#{"):
        return text, None
    nl = body.find("\n")
    line = body[1:nl if nl >= 0 else len(body)].rstrip("\r")
    try:
        meta = json.loads(line)
    except (ValueError, RecursionError):
        return text, None
    if not isinstance(meta, dict) or "t_start" not in meta:
        return text, None
    return (body[nl + 1:] if nl >= 0 else ""), meta


def _monitor_run(df: pd.DataFrame, names: list[str], header: dict, path: Path, prefix: str,
                 issues: list[ImportIssue]) -> RunData:
    """A Stable-Baselines3 ``monitor.csv``: one row per finished episode -- ``r`` its return, ``l`` its length in
    environment steps, ``t`` seconds since ``t_start`` (then any ``info_keywords`` columns). The x axis is the
    timesteps done when the episode ended (the running sum of ``l``: the step count SB3's own logger plots against);
    the wall clock is ``t_start + t``. ``r`` is read as ``episode_reward`` and ``l`` as ``episode_length``: an RL
    run, judged on its return. Several Monitor files of one vectorised env are one file each (one run each)."""
    conv = T.convert_table(df, names)
    cols = {T.norm_name(c.name): c for c in conv.columns}
    r, length, t = (cols.get(k) for k in MONITOR_COLUMNS)
    if r is None or length is None:
        raise UnsupportedFormat(path, "a Stable-Baselines3 Monitor file whose 'r' or 'l' column holds no numbers")
    keep = length.present & np.isfinite(length.values) & (length.values >= 0)
    dropped = int((~keep).sum())
    if not keep.any():
        raise UnsupportedFormat(path, "a Stable-Baselines3 Monitor file with no episode length ('l') to count steps by")
    steps = np.cumsum(np.where(keep, length.values, 0)).astype(np.int64)[keep]
    wall = None
    t0 = header.get("t_start")
    if t is not None and isinstance(t0, (int, float)) and math.isfinite(t0):
        wall = np.where(t.present, t.values + float(t0), np.nan)[keep]
    tag_cols = []
    for c in conv.columns:
        if c is t:
            continue
        name = MONITOR_NAMES.get(T.norm_name(c.name), c.name)
        tag_cols.append(T.NumericColumn(prefix + name, c.values[keep], c.present[keep]))
    if dropped:
        issues.append(ImportIssue(
            "rows-without-step", f"{dropped} episode row(s) have no length 'l' and were left out (the step is the "
            "running sum of the lengths)", file=str(path), count=dropped))
    frame = T.melt(tag_cols, steps, wall, str(path))
    for iss in (T.skipped_issue(conv.skipped, str(path)), T.bad_cells_issue(conv.bad_cells, str(path))):
        if iss:
            issues.append(iss)
    meta = {"rows": int(len(df)), "separator": ",", "step_column": "timesteps (running sum of l)",
            "episodes": int(keep.sum())}
    hparams = {k: v for k, v in header.items() if k != "t_start" and isinstance(v, (str, int, float, bool))}
    return RunData(frame=frame, source="sb3-monitor", hparams=hparams, meta=meta, issues=issues)


# --------------------------------------------------------------------------- flavours
def _flavour(names: list[str], path: Path) -> str:
    low = [T.norm_name(n) for n in names]
    lowset = set(low)
    has_step = any(s in lowset for s in STEP_NAMES)
    if "step" in lowset and "epoch" in lowset and (
        path.name == "metrics.csv"
        or (path.parent / "hparams.yaml").is_file()
        or any(n.startswith("lr-") or n.endswith(("_step", "_epoch")) for n in low)
    ):
        return "lightning-csv"
    if low and low[0] == "epoch" and (lowset & YOLO_NAMES or any(n.startswith("metrics/map") for n in low)):
        return "yolo-csv"
    if (
        any(n.startswith(RL_PREFIXES) for n in low)
        or lowset & RL_NAMES
        or (path.name == "progress.csv" and not has_step)
    ):
        return "rl-progress-csv"
    rest = [n for n in names[1:]]
    if (
        low and low[0] == "epoch" and not has_step and len(rest) >= 1
        and rest == sorted(rest)
        and any("loss" in n or "acc" in n for n in low[1:])
    ):
        return "keras-csv"
    return "csv"


def yolo_settings(path: Path, frame_cols: list[T.NumericColumn], meta: dict, issues: list[ImportIssue]) -> dict:
    """The settings Ultralytics writes beside ``results.csv``: ``args.yaml`` (YOLOv8 and later), ``opt.yaml`` and
    ``hyp.yaml`` (YOLOv5), merged in that order (the first that names a key wins). They state the plan (``epochs``)
    and the early-stopping rule (``patience``): when the run's last epoch is ``patience`` or more epochs after its
    best fitness (0.1 x mAP50 + 0.9 x mAP50-95, Ultralytics' own), the trainer stopped it as planned --
    ``meta['early_stopped']`` says so, as a text log's 'early stopping' line does."""
    hp: dict = {}
    for name in ("args.yaml", "opt.yaml", "hyp.yaml"):
        for k, v in _hparams_beside(path, issues, name).items():
            hp.setdefault(k, v)
    patience = hp.get("patience")
    epoch = T.find_column(frame_cols, ("epoch",))
    if isinstance(patience, (int, float)) and not isinstance(patience, bool) and patience > 0 and epoch is not None:
        norm = {T.norm_name(c.name): c for c in frame_cols}
        m50 = next((norm[k] for k in ("metrics/map50(b)", "metrics/map_0.5", "metrics/map50(m)") if k in norm), None)
        m95 = next((norm[k] for k in ("metrics/map50-95(b)", "metrics/map_0.5:0.95", "metrics/map50-95(m)")
                    if k in norm), None)
        e = np.where(epoch.present, epoch.values, np.nan)
        if m50 is not None and m95 is not None and np.isfinite(e).any():
            fit = 0.1 * np.where(m50.present, m50.values, np.nan) + 0.9 * np.where(m95.present, m95.values, np.nan)
            ok = np.isfinite(fit) & np.isfinite(e)
            if ok.any():
                best = float(e[ok][int(np.argmax(fit[ok]))])
                if float(np.nanmax(e)) - best >= float(patience):
                    meta["early_stopped"] = True
    return hp


def _resumed_counter(ep: np.ndarray) -> bool:
    """An epoch counter that grows by one row at a time and, where it goes back, lands on a LATER epoch than its
    first one and grows again: a job killed and resumed from a checkpoint into the same file (1..13, then 9..24) --
    one run whose restart is reported, as the module says, not a row count."""
    d = np.diff(ep)
    back = d <= 0  # an epoch written twice in a row is a relaunch re-writing it (one session never repeats an epoch)
    return bool(back.any()) and bool(np.all(d[~back] > 0)) and bool(np.all(ep[1:][back] > ep[0]))


def lightning_settings(path: Path, issues: list[ImportIssue]) -> dict:
    """The settings beside a Lightning ``metrics.csv``: the module's ``hparams.yaml``, then the ``config.yaml``
    LightningCLI saves into the same folder (its ``trainer:`` section states the plan), the first naming a key
    winning."""
    from curvedoc.importers._yaml import LIGHTNING_SETTINGS

    hp: dict = {}
    for name in LIGHTNING_SETTINGS:
        for k, v in _hparams_beside(path, issues, name).items():
            hp.setdefault(k, v)
    return hp


def _hparams_beside(path: Path, issues: list[ImportIssue], name: str = "hparams.yaml") -> dict:
    """A settings file beside the log (Lightning's ``hparams.yaml`` beside ``metrics.csv``, Ultralytics'
    ``args.yaml``), read with the safe tolerant loader."""
    hp = path.parent / name
    if not hp.is_file():
        return {}
    try:
        raw = read_bytes(hp)
    except LoadError as exc:
        issues.append(ImportIssue("bad-hparams", f"{name}: {exc.reason}", file=str(hp), severity="info"))
        return {}
    from curvedoc.importers._yaml import flatten_hparams, lightning_settings_file, load_yaml_tolerant, truncation_note

    try:
        obj = load_yaml_tolerant(raw)
    except Exception as exc:  # noqa: BLE001 - yaml.YAMLError and anything a hostile file may provoke
        issues.append(ImportIssue(
            "bad-hparams", f"{name} is not readable YAML ({type(exc).__name__}); hparams from it ignored",
            file=str(hp), severity="info",
        ))
        return {}
    n_tags = raw.count(b"!!python/")
    if n_tags:
        issues.append(ImportIssue(
            "unsafe-yaml",
            f"{name} holds {n_tags} Python object tag(s) (!!python/...); read safely without executing them, "
            "only plain values kept",
            file=str(hp), count=n_tags, severity="info",
        ))
    if not isinstance(obj, dict) or not lightning_settings_file(name, obj):
        return {}
    cut: dict = {}
    flat = dict(flatten_hparams(obj, stats=cut))
    if cut.get("truncated"):  # an alias bomb or a huge config: what was dropped is said, not dropped silently
        issues.append(ImportIssue("truncated-hparams", truncation_note(name), file=str(hp)))
    return flat


# --------------------------------------------------------------------------- main
def read_csv_file(path: Path, prefix: str = "") -> RunData | list[RunData]:
    """One CSV log: its run, or -- when the file holds several runs one after another (appended sessions, a
    sweep with a ``model`` column) -- one :class:`RunData` per run, named ``#1``, ``#2``... or ``#<value>``."""
    path = Path(path)
    issues: list[ImportIssue] = []
    # the file's bytes and its text are not kept past the parse (each is as large as the file)
    text, monitor = _monitor_comment(_decode(read_bytes(path), path, issues))
    df, names, sep, unnamed = _parse(text, path, issues)
    del text
    if monitor is not None and [T.norm_name(n) for n in names[:3]] == list(MONITOR_COLUMNS):
        return _monitor_run(df, names, monitor, path, prefix, issues)
    if unnamed:
        issues.append(_unnamed_issue(names, path))
    df, header_starts = _drop_repeated_headers(df, names, path, issues)
    if len(df) == 0:
        raise LoadError(path, "no data rows (header only)", kind="header-only")
    df = _colon_counters(df)
    runs = _wandb_chart_runs(df, names)
    if runs is not None:
        out = []
        for run_name, (sub, sub_names) in runs.items():
            got = _table_runs(sub, sub_names, sep, path, prefix, [*issues, ImportIssue(
                "chart-export", f"a W&B chart export: the columns of {len(runs)} run(s) side by side ('<run> - "
                "<key>', with __MIN/__MAX range columns); this run's columns are read as its own, the range "
                "columns dropped", file=str(path), severity="info")], header_starts)
            for d in got if isinstance(got, list) else [got]:
                d.name_suffix = f"#{run_name[:60]}{d.name_suffix}"
                out.append(d)
        return out if len(out) > 1 else out[0]
    return _table_runs(df, names, sep, path, prefix, issues, header_starts)


# W&B's chart export ("Export panel data as CSV"): a step column, then per run and key "<run name> - <key>" and its
# smoothing band "<run name> - <key>__MIN" / "__MAX"
_CHART_COLUMN = re.compile(r"(?P<run>.+?) - (?P<key>.+?)(?P<band>__MIN|__MAX)?")


def _wandb_chart_runs(df: pd.DataFrame, names: list[str]) -> dict[str, tuple[pd.DataFrame, list[str]]] | None:
    """{run name: (its table, its column names)} of a W&B chart export, or None: every column but the first (the
    step) is '<run> - <key>' and the band columns (__MIN, __MAX) are there -- the mark of the export. Each run's table
    is the step and its own keys (band columns dropped); its rows where all its keys are empty are not its rows (the
    export pads a shorter run with blank cells)."""
    if len(names) < 3 or not any(n.endswith(("__MIN", "__MAX")) for n in names[1:]):
        return None
    groups: dict[str, list[tuple[int, str]]] = {}  # run -> (column, key)
    for i, n in enumerate(names[1:], start=1):
        m = _CHART_COLUMN.fullmatch(str(n))
        if m is None:
            return None
        if m.group("band"):
            continue
        groups.setdefault(m.group("run").strip(), []).append((i, m.group("key").strip()))
    if not groups:
        return None
    out = {}
    for run, cols in groups.items():
        sub = df.iloc[:, [0, *(i for i, _ in cols)]].copy()
        sub_names = [names[0]] + [key for _, key in cols]
        sub.columns = sub_names
        filled = sub.iloc[:, 1:].apply(lambda c: c.astype("string").str.strip().fillna("") != "").any(axis=1)
        sub = sub.loc[filled.to_numpy()].reset_index(drop=True)
        if len(sub):
            out[run] = (sub, sub_names)
    return out or None


def _table_runs(df: pd.DataFrame, names: list[str], sep: str, path: Path, prefix: str, issues: list[ImportIssue],
                header_starts: np.ndarray) -> RunData | list[RunData]:
    """The run(s) of a parsed table (:func:`read_csv_file` after the parse)."""
    # a pandas-written index column (empty header name) is a row counter, not a metric
    counted = False
    if names and str(df.columns[0]).startswith("Unnamed: 0") and df.dtypes.iloc[0].kind in "iu":
        df = df.iloc[:, 1:]
        names = names[1:]
        counted = True

    flavour = _flavour(names, path)
    conv = T.convert_table(df, names)
    if flavour == "lightning-csv":
        # a table named like Lightning's (epoch, step, 'trn/loss_epoch') but written whole rows at a time by pandas:
        # its training loss empty at every row is NaN -- a training loss is what each row of a training log is
        # written for. Only the training loss: a held-out column may be empty at every row because no validation
        # has run yet (a log read while it is written, its header known in advance)
        _empty_columns_as_nan(df, names, conv, path, issues, only=_training_loss_name)
    if flavour in ("csv", "keras-csv"):
        _empty_columns_as_nan(df, names, conv, path, issues, counted=counted)
        if not _empty_tails_as_nan(conv, path, issues):
            _blank_rows_as_nan(conv, path, issues)
    said = T.split_column(df)
    if said is not None:
        # rows that name their split ('split' = train / val each epoch): each split keeps its own series
        conv.columns = T.held_out_parts(conv.columns, said[1], (*STEP_NAMES, "epoch", "epochs"))
        issues.append(ImportIssue(
            "record-kinds", f"the rows name their split in {said[0]!r}: the held-out rows' values are read as "
            "val/<name>, apart from the training rows'", file=str(path), severity="info"))
    cols = conv.columns

    # TensorBoard's own CSV export ("Wall time,Step,Value"): the value is the file's one tag
    low = {T.norm_name(c.name): c for c in cols}
    if set(low) == {"wall time", "step", "value"}:
        low["value"].name = path.stem

    segs = _segments(df, names, conv, flavour, header_starts)
    if len(segs) == 1:
        return _run(df, names, conv, cols, flavour, path, prefix, issues, header_starts, sep, said is not None)
    x = _counter_column(cols, flavour)

    def part(frame, sub, mine, seg):
        hs = np.asarray([h - seg.start for h in header_starts if seg.start < h < seg.end], dtype=np.int64)
        return _run(frame, names, conv, sub, flavour, path, prefix, mine, hs, sep, said is not None)

    return T.split_runs(df, names, conv, cols, segs, path, issues, x.name if x is not None else "step", part)


def _measured(name: str) -> bool:
    """A loss or a quality metric (by its name): it has a number at every row, so an empty cell is a NaN pandas wrote;
    a setting may be None (also an empty cell)."""
    return "loss" in T.norm_name(name) or classify(name) is not None


def _row_counter(cols: list[T.NumericColumn]) -> tuple[T.NumericColumn | None, bool]:
    """The column a table's rows count by (a step, else the epoch or episode) and whether it climbs throughout:
    filled on every row and strictly rising (no appended launch going back over it)."""
    counter = T.find_column(cols, (*STEP_NAMES, *T.COARSE_COUNTERS))
    climbs = counter is not None and bool(counter.present.all()) and bool(np.all(np.diff(counter.values) > 0))
    return counter, climbs


def _empty_tails_as_nan(conv: T.Conversion, path: Path, issues: list[ImportIssue]) -> bool:
    """A loss or a quality metric filled in every row up to some row and empty in every row after it (two or more),
    in a table whose every other column is filled in every row, its counter climbing throughout: the rows went on and
    a writer of whole rows had no number for it -- pandas' ``to_csv`` writes NaN as an empty cell, so a loss that
    went NaN mid-run (``pd.DataFrame(history).to_csv``) leaves exactly this. Those cells are read as NaN (and said),
    as :func:`_empty_columns_as_nan` reads a column empty from the first row; a table with another column filled
    in some rows only (Lightning's, per-step rows beside per-epoch ones) or a counter that goes back (an appended
    launch, which may log other columns) is left as it is."""
    cols = conv.columns
    n = len(cols[0].values) if cols else 0
    if n < 4:
        return False
    tails = []
    for c in cols:
        if c.present.all():
            continue
        idx = np.flatnonzero(c.present)
        if len(idx) == 0 or idx[-1] != len(idx) - 1 or n - len(idx) < 2:
            return False  # not a filled prefix and an empty tail: a sparse table, left as it is
        tails.append((c, len(idx)))
    if not tails or not all(_measured(c.name) for c, _ in tails):
        return False
    counter, climbs = _row_counter(cols)
    if counter is not None and counter.present.all() and not climbs:
        return False
    for c, j in tails:
        c.values = c.values.copy()
        c.values[j:] = np.nan
        c.present = np.ones(n, dtype=bool)
    first = min(j for _, j in tails)
    issues.append(ImportIssue(
        "empty-tail",
        f"{len(tails)} column(s) filled up to row {first + 1} and empty in every row after it while the other columns "
        f"go on ({', '.join(repr(c.name) for c, _ in tails[:5])}): a writer of whole rows had no number for them -- "
        "pandas writes NaN as an empty cell -- so they are read as NaN there", file=str(path), count=len(tails)))
    return True


def _blank_rows_as_nan(conv: T.Conversion, path: Path, issues: list[ImportIssue]) -> None:
    """Rows of a table of several logging intervals (a training loss every step, a validation loss every epoch) that
    carry no loss or quality metric at all, only their counter, clocks and schedule (columns that never turn back), all
    after the last value of some of them. A row of a wide table exists because something was logged at its step, and
    a writer of whole rows (``pd.DataFrame(records).to_csv``) writes NaN as an empty cell: once a loss goes NaN the rows
    go on, blank. Those columns (the ones that had stopped before such a row) are read as NaN on the blank rows after
    their last value (and said). Left alone: a table with a blank row before any column stopped (rows that log only a
    setting are its habit), rows still holding a number that goes up and down (data a reader took for a series), a
    measured column that begins after the stop (a new phase logs other columns), a counter that goes back (an
    appended launch), fewer than two blank rows."""
    cols = conv.columns
    n = len(cols[0].values) if cols else 0
    if n < 4:
        return
    measured = [c for c in cols if _measured(c.name) and c.present.any()]
    if not measured:
        return
    any_measured = np.zeros(n, dtype=bool)
    for c in measured:
        any_measured |= c.present
    blank = ~any_measured
    if int(blank.sum()) < 2:
        return
    first_blank = int(np.argmax(blank))
    last = {c.name: int(np.flatnonzero(c.present)[-1]) for c in measured}
    firsts = [int(np.argmax(c.present)) for c in measured]
    stopped = [c for c in measured if last[c.name] < first_blank]
    if not stopped or max(firsts) > first_blank:
        return  # a blank row before anything stopped, or a column that begins after: not a NaN tail
    counter, climbs = _row_counter(cols)
    if counter is None or not climbs:
        return
    measured_ids = {id(c) for c in measured}
    for c in cols:
        # what a blank row may still hold: counters and clocks (never going back) and a schedule (an LR decaying or
        # held); a column that goes up and down there is data the table went on logging (a number a reader took
        # for a series), and the rows are not blank
        if c is counter or id(c) in measured_ids or not (c.present & blank).any():
            continue
        d = np.diff(c.values[c.present])
        if not (bool(np.all(d >= 0)) or bool(np.all(d <= 0))):
            return
    x = counter.values
    for c in stopped:
        j = last[c.name]
        if c.present[: j + 1].all():
            # logged on every row up to its last value: NaN on every row after it (a row holding only a metric
            # that stayed a number, an accuracy at a NaN model's constant guess, had the loss too)
            rows = np.arange(n) > j
        elif int(c.present.sum()) >= 2:
            # logged every few rows (a validation loss): NaN on the blank rows its own interval apart (a column
            # logged once has no interval to go by: left as it is)
            interval = float(np.median(np.diff(x[c.present])))
            rows = np.zeros(n, dtype=bool)
            prev = x[j]
            for r in np.flatnonzero(blank & (np.arange(n) > j)):
                if x[r] - prev >= interval * (1.0 - 1e-9):
                    rows[r], prev = True, x[r]
        else:
            continue
        c.values = c.values.copy()
        c.values[rows] = np.nan
        c.present = c.present | rows
    issues.append(ImportIssue(
        "blank-rows",
        f"{int(blank.sum())} row(s) from row {first_blank + 1} on hold no loss or metric, only their "
        f"{counter.name!r}, after the last value of {len(stopped)} column(s) "
        f"({', '.join(repr(c.name) for c in stopped[:5])}): a writer of whole rows had no number for them -- pandas "
        "writes NaN as an empty cell -- so they are read as NaN there", file=str(path), count=int(blank.sum())))


def _training_loss_name(name: str) -> bool:
    """Whether a column name says it is a training loss: the word 'loss' and no held-out split's word."""
    from curvedoc.model.roles import split_word

    return "loss" in re.split(r"[^a-z0-9]+", name.lower()) and split_word(name) == "train"


def _empty_columns_as_nan(df: pd.DataFrame, names: list[str], conv: T.Conversion, path: Path,
                          issues: list[ImportIssue], only=None, counted: bool = False) -> None:
    """A column named in the header and empty in every row of a table whose other columns are filled in every
    row: a writer of whole rows had no number for it at any row. pandas' ``to_csv`` writes NaN as an empty cell,
    so a loss that was NaN from the first epoch (``pd.DataFrame(history).to_csv``) leaves exactly this. A loss or a
    quality metric (by its name) is read as NaN at every row (and said), not dropped: a training whose loss was never
    a number is not 'no loss logged'. A setting may be None (also an empty cell): left out, as before. A sparse
    table (Lightning's, a column filled in some rows only) is left as it is. ``counted``: pandas wrote its row index
    (the unnamed first column, dropped before) -- a filled column of its own, so a frame every one of whose values
    was NaN (``pd.DataFrame(history.history).to_csv`` of a Keras fit that went NaN at its first batch) still counts
    as whole rows written."""
    have = {c.name for c in conv.columns}
    filled = [c for c in conv.columns if c.present.any()]
    if len(df) < 3 or not (filled or counted) or not all(bool(c.present.all()) for c in filled):
        return

    empty = []
    for c in conv.columns:  # (pandas read the empty cells as NaN floats)
        if not c.present.any() and _measured(c.name) and (only is None or only(c.name)):
            c.values, c.present = np.full(len(df), np.nan), np.ones(len(df), dtype=bool)
            empty.append(c.name)
    for i, n in enumerate(names):  # (or kept them as text: no column at all)
        if n not in have and n not in conv.skipped and _measured(n) and (only is None or only(n)) \
                and not bool(df.iloc[:, i].notna().any()):
            conv.columns.append(T.NumericColumn(n, np.full(len(df), np.nan), np.ones(len(df), dtype=bool)))
            empty.append(n)
    if empty:
        issues.append(ImportIssue(
            "empty-column",
            f"{len(empty)} column(s) empty in every one of the {len(df):,} rows while the others are filled in every "
            f"row ({', '.join(repr(n) for n in empty[:5])}): a writer of whole rows had no number for them -- pandas "
            "writes NaN as an empty cell -- so they are read as NaN", file=str(path), count=len(empty)))


def _x_column(cols: list[T.NumericColumn], flavour: str) -> T.NumericColumn | None:
    """The step-like column a flavour reads as its x axis (None for Keras, and for a generic CSV without one: those
    fall back to the epoch, see :func:`_counter_column` and :func:`_run`)."""
    if flavour == "lightning-csv":
        return T.find_column(cols, ("step",))
    if flavour == "yolo-csv":
        return T.find_column(cols, ("epoch",))
    if flavour == "rl-progress-csv":
        return T.find_column(cols, RL_STEP_NAMES)
    if flavour == "csv":
        counted = _counted_per_row(cols)
        return counted[1] if counted is not None else T.find_column(cols, STEP_NAMES)
    return None


def _one_epoch_every_row(epochs: np.ndarray) -> bool:
    """The same epoch on every one of three rows or more of a Keras log: fit(epochs=1) called in a loop with
    CSVLogger(append=True). Each row is one epoch of a session started again, so the counter says nothing of the
    order -- the rows do: one run, read row by row (read on the epoch, every row but the last would be overwritten
    at epoch 0; split at each 'restart', it would be as many one-row runs)."""
    return len(epochs) >= 3 and bool(np.all(epochs == epochs[0]))


def _counted_per_row(cols: list[T.NumericColumn]) -> tuple[T.NumericColumn, T.NumericColumn] | None:
    """(step-named column, coarse counter) when a generic CSV's step-named column goes back at two rows or more
    while an epoch or episode counter beside it grows at every row: the 'steps' of a per-episode RL table (episode,
    steps, total_reward: how long each episode lasted) counts something per row, not the run's progress -- the
    episode goes on, so no row starts a new run and none overwrites another. The coarse counter is then the x axis
    and the per-row count a tag. None otherwise."""
    x = T.find_column(cols, STEP_NAMES)
    coarse = T.find_column(cols, T.COARSE_COUNTERS)
    if x is None or coarse is None or coarse is x or not coarse.present.all() or not x.present.all():
        return None
    ep = T.integral_steps(coarse)
    if ep is None or len(ep) < 3 or not bool(np.all(np.diff(ep) > 0)):
        return None
    xv = x.values[np.isfinite(x.values)]
    if len(xv) != len(ep) or (int((np.diff(xv) < 0).sum()) < 2 and not float(np.ptp(xv)) == 0.0):
        # (one number at every row -- every episode ran out the same time limit, 'steps' 100 beside episodes 1-500
        # -- counts per row too: a counter of the run's progress grows)
        return None
    return x, coarse


def _segments(df: pd.DataFrame, names: list[str], conv: T.Conversion, flavour: str,
              header_starts: np.ndarray) -> list[T.Segment]:
    """The runs the rows of one CSV hold (see :func:`curvedoc.importers._tabular.split_rows`)."""
    cols = conv.columns
    epoch_col = T.find_column(cols, ("epoch",))
    x = _counter_column(cols, flavour)
    counter = None
    if x is not None and T.integral_steps(x) is not None:
        counter = np.where(x.present & np.isfinite(x.values), x.values, np.nan)
        if flavour == "keras-csv" and _one_epoch_every_row(counter):
            counter = None  # a loop of one-epoch fits: one run (see _run)
    epoch = None
    if epoch_col is not None and x is not None and epoch_col is not x:
        epoch = np.where(epoch_col.present, epoch_col.values, np.nan)
    config = T.config_columns(df, names, conv.skipped)
    kind = T.row_kinds(cols) if counter is not None else None
    return T.split_rows(len(df), counter, x.name if x is not None else "step", epoch=epoch, config=config,
                        header_starts=header_starts, row_kind=kind)




def _counter_column(cols: list[T.NumericColumn], flavour: str) -> T.NumericColumn | None:
    """The counter whose restarts split a file into runs: the x axis, else (Keras, a generic CSV) the epoch or the
    episode."""
    x = _x_column(cols, flavour)
    if x is None and flavour in ("keras-csv", "csv"):
        x = T.find_column(cols, T.COARSE_COUNTERS)
    return x


def _run(df: pd.DataFrame, names: list[str], conv: T.Conversion, cols: list[T.NumericColumn], flavour: str,
         path: Path, prefix: str, issues: list[ImportIssue], header_starts: np.ndarray, sep: str,
         split_rows: bool = False) -> RunData:
    """The run held by the rows of ``df`` (``cols``: its numeric columns over the same rows; ``split_rows``: the rows
    name their split, so a train row and a val row may share an epoch)."""
    issues = list(issues)
    n_rows = len(df)
    meta: dict = {"rows": int(n_rows), "separator": sep}

    # ---- the x axis
    step_col = _x_column(cols, flavour)
    steps: np.ndarray | None = None
    epoch_col = T.find_column(cols, ("epoch",))
    counted = _counted_per_row(cols) if flavour == "csv" else None
    if counted is not None:
        back = int((np.diff(counted[0].values) < 0).sum())
        moves = f"goes back at {back} of {n_rows:,} rows" if back else \
            f"is {fmt_num(float(counted[0].values[0]))} at every row"
        issues.append(ImportIssue(
            "per-row-count",
            f"{counted[0].name!r} {moves} while {counted[1].name!r} grows at every row: "
            f"it counts something per row (an episode's length), not the run's progress, so {counted[1].name!r} is "
            f"the x axis and {counted[0].name!r} a tag", file=str(path), severity="info"))
    if step_col is not None:
        steps = T.integral_steps(step_col)
        if steps is None:
            issues.append(ImportIssue(
                "non-integer-steps",
                f"column {step_col.name!r} is not a whole-number counter; the row index is the step",
                file=str(path), severity="info",
            ))
            step_col = None
        elif not step_col.present.all():
            missing = int((~step_col.present).sum())
            issues.append(ImportIssue(
                "rows-without-step",
                f"{missing} row(s) have no {step_col.name!r}; they take the step of the row before",
                file=str(path), count=missing, severity="info",
            ))
    if steps is not None and flavour == "csv" and step_col is not None and epoch_col is not None \
            and epoch_col is not step_col and epoch_col.present.all():
        # a position counted inside the epoch (the batch starts again at 0 every epoch): laid end to end, not restarts
        inside = T.epoch_positions(steps, epoch_col.values)
        if inside is not None:
            mid = T.ended_inside_epoch(steps, epoch_col.values)
            if mid is not None:
                meta["ends_inside_epoch"] = mid
            steps = inside
            meta["step_inside_epoch"] = step_col.name
    coarse = T.find_column(cols, T.COARSE_COUNTERS)  # the epoch column first
    if steps is None and flavour in ("keras-csv", "csv") and coarse is not None and coarse.present.all():
        # Keras: the epoch, also where a resumed session goes back over epochs already written (the restart is
        # reported, the later write wins); a generic CSV: an epoch (or episode) column that only grows
        ep = T.integral_steps(coarse)
        kinds = T.row_kinds(cols) if ep is not None else None
        if ep is not None and not split_rows and kinds is not None and \
                T.coarser_than_rows(ep, (ep[1:] == ep[:-1]) & (kinds[1:] == kinds[:-1])):
            ep = None  # written on every batch's row (0 x 20, 1 x 20 ...): the rows are the steps, the epoch a tag
        if ep is not None and flavour == "keras-csv" and _one_epoch_every_row(ep):
            issues.append(ImportIssue(
                "resumed",
                f"{coarse.name!r} is {T.num_text(ep[0])} on every one of the {n_rows:,} rows: fit() was started again for "
                "each epoch (a loop of one-epoch fits appending to the log), so the rows in file order are the epochs",
                file=str(path), count=n_rows - 1))
            ep = None
        if ep is not None and (flavour == "keras-csv" or np.all(np.diff(ep) > 0)
                               or (split_rows and np.all(np.diff(ep) >= 0)) or _resumed_counter(ep)):
            steps = ep
            step_col = coarse
    if steps is None:
        why = T.per_item_table(df, names)
        if why:
            raise UnsupportedFormat(path, why)
        if flavour == "keras-csv":
            flavour = "csv"
        steps = np.arange(n_rows, dtype=np.int64)
    else:
        issue = T.restart_issue(steps, str(path), what=step_col.name if step_col else "step") \
            or T.clock_reset_issue(cols, steps, str(path), what=step_col.name if step_col else "step")
        if issue:
            issues.append(issue)
    if len(header_starts):
        meta["blocks"] = [0] + [int(steps[min(s, n_rows - 1)]) for s in header_starts]

    # ---- wall time
    wall, wall_name, absolute = T.wall_time_of(cols, df, names)

    # ---- tags: every numeric column but the x axis (epoch is always a tag) and an absolute clock
    tag_cols = [
        c for c in cols
        if not (step_col is not None and c is step_col and T.norm_name(c.name) != "epoch")
        and not (absolute and c.name == wall_name)
    ]
    blank = T.not_evaluated_rows(tag_cols, str(path))
    if blank:
        issues.append(blank)
    if prefix:
        tag_cols = [T.NumericColumn(prefix + c.name, c.values, c.present) for c in tag_cols]
    if not tag_cols:
        why = "no numeric columns" if not cols else "no numeric columns besides the step"
        raise UnsupportedFormat(path, f"{why}: not a training log")
    if flavour == "csv" and (step_col is None) and not any(METRIC_WORDS.search(T.norm_name(c.name)) for c in tag_cols) \
            and not any(i.kind == "no-header" for i in issues):  # (unnamed columns: said, not refused)
        raise UnsupportedFormat(path, "no step column and no column named like a metric: not a training log")

    frame = T.melt(tag_cols, steps, wall, str(path))
    skipped = [c for c in conv.skipped if c != wall_name]  # a date/time text column read as the wall clock
    for iss in (T.skipped_issue(skipped, str(path)), T.bad_cells_issue(conv.bad_cells, str(path))):
        if iss:
            issues.append(iss)
    issues.extend(T.duplicate_issues(frame, str(path), steps))

    meta["step_column"] = step_col.name if step_col is not None else None
    if flavour == "lightning-csv":
        hparams = lightning_settings(path, issues)
    elif flavour == "yolo-csv":
        hparams = yolo_settings(path, conv.columns, meta, issues)
    else:
        hparams = {}
    return RunData(frame=frame, source=flavour, hparams=hparams, meta=meta, issues=issues)
