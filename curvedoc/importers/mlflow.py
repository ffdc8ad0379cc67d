"""MLflow file store run folder: ``mlruns/<experiment_id>/<run_id>/`` (FORMATS.md 4.4).

* ``metrics/<key>``: one line per logged value, ``"<timestamp_ms> <value> <step>"``. Keys may contain
  spaces, and ``/`` in a key is stored as sub-directories, so ``metrics/`` is walked recursively and
  the key rebuilt from the relative path. Each file is parsed with pandas' C parser (vectorised);
  lines that do not parse are counted and reported, never fatal. Very old clients wrote
  ``"<timestamp_ms> <value>"`` without a step: the line order is used as the step then.
* ``params/<key>``: the file content is the value -> ``hparams`` (numbers parsed as numbers).
* ``meta.yaml`` -> ``meta`` (``status`` int -> RUNNING/SCHEDULED/FINISHED/FAILED/KILLED,
  ``run_name``, ``start_time`` / ``end_time`` in ms), ``tags/mlflow.runName`` as the run name when
  ``meta.yaml`` has none. User, source paths and artifact URIs are not copied (reports must not
  echo them).
* ``wall_time`` = ``timestamp_ms / 1000``. Points are ordered by wall time (the file store keeps
  one file per key, so write order across keys is only known from the timestamps).
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from curvedoc.errors import LoadError
from curvedoc.importers._base import RunData, RunSpec, check_file, decode_text, is_lfs_pointer, read_bytes, walk_files
from curvedoc.model.run import ImportIssue, empty_frame, make_frame

SOURCE = "mlflow"

# mlflow.entities.RunStatus (org.mlflow.api.proto.Service.RunStatus)
RUN_STATUS = {1: "RUNNING", 2: "SCHEDULED", 3: "FINISHED", 4: "FAILED", 5: "KILLED"}
_MAX_PARAM_BYTES = 1 << 20
_NUM_RE = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


# ----------------------------------------------------------------------------- metrics
def _parse_metric(path: Path, key: str, issues: list[ImportIssue]) -> list[np.ndarray] | None:
    """[steps int64, values, wall times in s] of one metric file, made for the run's frame (a list: the frame's
    builder lets go of each array as it uses it); None when the file holds no point."""
    data = read_bytes(path)
    if is_lfs_pointer(data[:64]):
        issues.append(ImportIssue("lfs-pointer", f"metric {key!r} is a Git LFS pointer, not the data; skipped",
                                  file=str(path)))
        return None
    if not data.strip():
        return None
    n_lines = sum(1 for ln in data.splitlines() if ln.strip())
    buf = io.BytesIO(data)
    names = ["ts", "value", "step"]
    try:
        df = pd.read_csv(buf, sep=" ", header=None, names=names, engine="c", dtype=np.float64,
                         skip_blank_lines=True, on_bad_lines="skip", skipinitialspace=True,
                         encoding_errors="replace")
        ts, val, stp = (df[c].to_numpy(np.float64) for c in names)
        bad = np.zeros(len(df), dtype=bool)
    except (ValueError, pd.errors.ParserError, UnicodeDecodeError):
        # some line holds text where a number belongs: parse as strings and coerce per column
        buf.seek(0)
        try:
            df = pd.read_csv(buf, sep=" ", header=None, names=names, engine="c", dtype=str,
                             skip_blank_lines=True, on_bad_lines="skip", skipinitialspace=True,
                             keep_default_na=False, encoding_errors="replace")
        except (ValueError, pd.errors.ParserError) as exc:
            issues.append(ImportIssue("bad-rows", f"metric {key!r}: cannot parse ({exc}); skipped",
                                      file=str(path), count=n_lines))
            return None
        ts = pd.to_numeric(df["ts"], errors="coerce").to_numpy(np.float64)
        val = pd.to_numeric(df["value"], errors="coerce").to_numpy(np.float64)
        stp_raw = df["step"]
        stp = pd.to_numeric(stp_raw.replace("", np.nan), errors="coerce").to_numpy(np.float64)
        # a value that is NaN after coercion but was not a NaN literal is a bad line
        literal_nan = df["value"].str.strip().str.lower().isin(["nan", "-nan", "+nan"]).to_numpy()
        bad = (np.isnan(val) & ~literal_nan) | np.isnan(ts) | (np.isnan(stp) & (stp_raw.fillna("") != "").to_numpy())
    skipped = n_lines - len(df)
    no_step = np.isnan(stp)
    if len(stp) and no_step.all() and not bad.any():
        # old two-column format "<timestamp> <value>": keep the write order as the step
        stp = np.arange(len(stp), dtype=np.float64)
        issues.append(ImportIssue("no-step", f"metric {key!r} has no step column (old MLflow file format); "
                                  "line order used as the step", file=str(path), severity="info"))
    else:
        bad |= no_step
    bad |= np.abs(stp) > 2**62
    n_bad = int(bad.sum()) + skipped
    if n_bad:
        issues.append(ImportIssue("bad-rows", f"metric {key!r}: {n_bad} of {n_lines} lines are not "
                                  "'<timestamp_ms> <value> <step>'; skipped", file=str(path), count=n_bad))
    keep = ~bad
    ts, val, stp = ts[keep], val[keep], stp[keep]
    if len(val) == 0:
        return None
    return [stp.astype(np.int64), val, ts / 1000.0]


# ----------------------------------------------------------------------------- params / meta
def param_value(text: str) -> Any:
    s = text.strip()
    if _NUM_RE.match(s):
        try:
            return int(s) if re.fullmatch(r"[+-]?\d+", s) else float(s)
        except ValueError:
            return s
    low = s.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("nan", "inf", "-inf", "+inf", "infinity", "-infinity"):
        return float(low.replace("infinity", "inf"))
    if low in ("none", "null"):
        return None
    return s


def _read_small_text(p: Path, issues: list[ImportIssue]) -> str | None:
    try:
        size = check_file(p)
        if size > _MAX_PARAM_BYTES:
            issues.append(ImportIssue("too-large", f"{p.name}: {size:,} bytes, skipped", file=str(p), severity="info"))
            return None
        return decode_text(read_bytes(p), p, issues)
    except LoadError as exc:
        issues.append(ImportIssue("unreadable", f"{p.name}: {exc.reason}", file=str(p), severity="info"))
        return None


def _read_meta(root: Path, issues: list[ImportIssue]) -> dict[str, Any]:
    p = root / "meta.yaml"
    if not p.is_file():
        issues.append(ImportIssue("missing-meta", "no meta.yaml in the run folder", file=str(p), severity="info"))
        return {}
    text = _read_small_text(p, issues)
    if text is None:
        return {}
    import yaml

    from curvedoc.importers._yaml import StrictSafeLoader  # CSafeLoader segfaults on deep nesting

    try:
        doc = yaml.load(text, Loader=StrictSafeLoader)  # noqa: S506 - a SafeLoader
    except yaml.constructor.ConstructorError:
        issues.append(ImportIssue("unsafe-yaml", "meta.yaml holds Python object tags; not read", file=str(p)))
        return {}
    except RecursionError:
        issues.append(ImportIssue("unreadable", "meta.yaml nests too deeply to parse; not read", file=str(p)))
        return {}
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        issues.append(ImportIssue("unreadable", "meta.yaml is not valid YAML" + (f" (line {line + 1})" if line is not None else ""),
                                  file=str(p)))
        return {}
    if not isinstance(doc, dict):
        issues.append(ImportIssue("unreadable", "meta.yaml is not a mapping", file=str(p)))
        return {}
    meta: dict[str, Any] = {}
    for k in ("run_id", "run_name", "experiment_id", "lifecycle_stage", "start_time", "end_time"):
        v = doc.get(k)
        if v is not None and v != "":
            meta[k] = v
    status = doc.get("status")
    if isinstance(status, int) and not isinstance(status, bool):
        meta["status_code"] = status
        meta["status"] = RUN_STATUS.get(status, f"UNKNOWN({status})")
    elif isinstance(status, str) and status:
        meta["status"] = status.upper()
    for k in ("start_time", "end_time"):
        v = meta.get(k)
        if isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) < 1e300:  # 10**400 ms: no time
            meta[k.replace("_time", "_s")] = v / 1000.0
    return meta


# ----------------------------------------------------------------------------- reader
def _metrics_frame(parts: list[tuple[str, str, list]]) -> pd.DataFrame:
    """The run's frame from each metric's (key, file, [steps, values, walls]), in that order, then ordered by wall
    time (stable: the file store keeps one file per key, so only the timestamps tell the write order across keys).
    Built a column at a time, each metric's array let go (set to None in its list) once its column is made, and put
    in wall-time order as it is made: concatenating the metrics' frames, then reordering the result, had the
    metrics' frames, their concatenation and its reordered copy alive at once (issue 41: 4.2x the frame at the
    reader's peak, now 2.6x)."""
    if not parts:
        return empty_frame()
    lengths = np.array([len(a[0]) for _, _, a in parts], dtype=np.int64)
    keys = [key for key, _, _ in parts]
    names = [name for _, name, _ in parts]
    arrays = [a for _, _, a in parts]

    def column(i: int) -> np.ndarray:
        out = np.concatenate([a[i] for a in arrays]) if len(arrays) > 1 else arrays[0][i]
        for a in arrays:
            a[i] = None
        return out

    walls = column(2)
    order = None
    if len(walls) > 1 and not np.all(walls[1:] >= walls[:-1]):
        order = np.argsort(walls, kind="stable")
        walls = walls[order]
    steps = column(0)
    if order is not None:
        steps = steps[order]
    values = column(1)
    if order is not None:
        values = values[order]
    codes = np.repeat(np.arange(len(keys), dtype=np.int8 if len(keys) < 128 else np.int32), lengths)
    if order is not None:
        codes = codes[order]
    tag = pd.Categorical.from_codes(codes, categories=keys)
    src = pd.Categorical.from_codes(codes.copy(), categories=names)
    return make_frame(tag, steps, values, walls, src, take=True)


def read(spec: RunSpec) -> RunData:
    root = spec.root
    if root.is_file():  # meta.yaml or a metric file was named
        root = root.parent
    issues: list[ImportIssue] = []
    mdir = root / "metrics"
    if not mdir.is_dir():
        raise LoadError(root, "not an MLflow run folder: no metrics/ folder", kind="bad-format")

    meta = _read_meta(root, issues)
    if "run_name" not in meta:
        t = root / "tags" / "mlflow.runName"
        if t.is_file():
            name = _read_small_text(t, issues)
            if name and name.strip():
                meta["run_name"] = name.strip()

    parts: list[tuple[str, str, list]] = []  # (key, file, its arrays) of each metric with points
    keys = []
    for key, p in walk_files(mdir, issues):
        try:
            check_file(p)
            arrays = _parse_metric(p, key, issues)
        except LoadError as exc:
            issues.append(ImportIssue("unreadable", f"metric {key!r}: {exc.reason}; skipped", file=str(p)))
            continue
        keys.append(key)
        if arrays is not None:
            parts.append((key, str(p), arrays))
    frame = _metrics_frame(parts)
    if not keys:
        issues.append(ImportIssue("empty-history", "metrics/ holds no metric files: nothing was logged", file=str(mdir)))
    meta["metric_keys"] = len(keys)

    hparams: dict[str, Any] = {}
    pdir = root / "params"
    if pdir.is_dir():
        for key, p in walk_files(pdir, issues):
            text = _read_small_text(p, issues)
            if text is not None:
                hparams[key] = param_value(text)

    status = meta.get("status")
    if status == "RUNNING" and meta.get("end_time") is None:
        issues.append(ImportIssue("run-status", "status RUNNING and no end_time: the run crashed without end_run "
                                  "or is still running", severity="info"))
    elif status in ("FAILED", "KILLED"):
        issues.append(ImportIssue("run-status", f"MLflow status {status}: the run did not finish normally",
                                  severity="info"))
    if meta.get("lifecycle_stage") == "deleted":
        issues.append(ImportIssue("deleted-run", "the run is marked deleted in MLflow (lifecycle_stage: deleted)",
                                  severity="info"))
    return RunData(frame=frame, source=SOURCE, hparams=hparams, meta=meta, issues=issues)
