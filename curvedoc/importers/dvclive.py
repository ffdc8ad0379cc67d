"""DVCLive output folder (``dvclive/`` by default; any folder holding ``plots/metrics/``).

What DVCLive writes (``Live.log_metric`` / ``Live.next_step``, and its Keras, Lightning, HF and XGBoost
callbacks):

* ``plots/metrics/<name>.tsv``: one file per metric, tab-separated with a header ``timestamp step <name>``
  (older versions: ``step <name>``); ``timestamp`` is in milliseconds. ``/`` in a metric name is stored as
  sub-folders, so ``plots/metrics/train/loss.tsv`` is the metric ``train/loss``: the folder is walked and
  the tag rebuilt from the relative path. A metric logged once (a summary written at the end, such as the
  HF callback's ``train/loss``) is a file with one row.
* ``params.yaml``: the logged parameters -> ``hparams`` (nested keys flattened with ``.``).
* ``metrics.json``: the latest value of every metric and the last ``step`` -> ``meta["summary"]``; the
  curves come from the TSV files, which hold every point.
* The HF Trainer's callback (``report_to="dvclive"``) calls ``next_step()`` once per ``Trainer.log`` -- training,
  evaluation and final summary rows alike -- so its ``step`` counts log calls, not training steps. Every such row
  logs the Trainer's ``epoch`` (``global_step / steps_per_epoch``) and ``params.yaml`` holds the TrainingArguments:
  the first training row (``loss``) is at ``logging_steps`` (1 with ``logging_first_step``), which gives the steps
  per epoch, and each row goes to its training step ``epoch x steps_per_epoch`` -- when those come out whole and in
  order (a resumed run's would not: then the counter stays). :func:`_hf_steps`.
* ``plots/images``, ``plots/sklearn``, ``report.html``, ``dvc.yaml`` are not training curves and are left alone.

A row that does not parse is counted and reported, never fatal; a TSV that cannot be read is reported and
the other metrics are kept.
"""

from __future__ import annotations

import io
import math
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where a file is read: discovery imports this module for its folder test only
    import pandas as pd

from curvedoc.errors import LoadError
from curvedoc.importers._base import RunData, RunSpec, check_file, decode_text, read_bytes, walk_files
from curvedoc.model.run import ImportIssue, concat_frames, make_frame

SOURCE = "dvclive"
METRICS_DIR = ("plots", "metrics")


def is_dvclive_dir(d: Path, dirnames: list[str] | None = None) -> bool:
    """A DVCLive output folder: ``plots/metrics/`` inside it (the names DVCLive always uses)."""
    if dirnames is not None and "plots" not in dirnames:
        return False
    from curvedoc.importers._base import active_tree

    tree = active_tree()  # discovery walking object storage: the listing knows
    return tree.is_dir(d.joinpath(*METRICS_DIR)) if tree is not None else d.joinpath(*METRICS_DIR).is_dir()


def _tsv_files(top: Path, issues: list[ImportIssue]) -> list[tuple[str, Path]]:
    """(metric name, file) of every ``.tsv`` under ``plots/metrics``: the name is the path without the suffix."""
    return [(key[: -len(".tsv")], p) for key, p in walk_files(top, issues) if key.lower().endswith(".tsv")]


def _parse_tsv(path: Path, tag: str, issues: list[ImportIssue]) -> pd.DataFrame | None:
    import numpy as np
    import pandas as pd

    text = decode_text(read_bytes(path), path, issues)
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        issues.append(ImportIssue("empty-history", f"metric {tag!r}: empty file", file=str(path), severity="info"))
        return None
    header = [h.strip() for h in lines[0].split("\t")]
    if "step" not in header or len(header) < 2:
        issues.append(ImportIssue("bad-format", f"metric {tag!r}: no 'step' column in the header {lines[0][:80]!r}; "
                                  "skipped", file=str(path)))
        return None
    value_col = next((i for i in range(len(header) - 1, -1, -1) if header[i] not in ("step", "timestamp")), None)
    if value_col is None:
        issues.append(ImportIssue("bad-format", f"metric {tag!r}: no value column; skipped", file=str(path)))
        return None
    # a row with more fields than the header is damaged: skipped and counted with the rows that do not parse, never
    # cut to fit (pandas would cut a first such row with a ParserWarning, and skip the later ones)
    body = "\n".join(ln for ln in lines[1:] if ln.count("\t") < len(header))
    if not body.strip():
        if any(ln.strip() for ln in lines[1:]):
            issues.append(ImportIssue("bad-lines", f"metric {tag!r}: no row parses; skipped", file=str(path)))
        return None
    raw = pd.read_csv(io.StringIO(body), sep="\t", header=None, names=header, dtype=str, engine="c",
                      on_bad_lines="skip", keep_default_na=False, index_col=False)
    step = pd.to_numeric(raw["step"], errors="coerce").to_numpy(dtype=np.float64)
    value = pd.to_numeric(raw.iloc[:, value_col].str.strip(), errors="coerce").to_numpy(dtype=np.float64)
    literal_nan = raw.iloc[:, value_col].str.strip().str.lower().isin(["nan", "inf", "-inf", "+inf"]).to_numpy()
    # a step must be a whole number an int64 holds (a hostile 1e300 would wrap)
    ok = np.isfinite(step) & (np.abs(step) < 2.0**62) & (np.isfinite(value) | literal_nan) & (step == np.round(step))
    bad = (len(lines) - 1) - int(ok.sum()) - sum(1 for ln in lines[1:] if not ln.strip())
    if bad > 0:
        issues.append(ImportIssue("bad-lines", f"metric {tag!r}: {bad} row(s) that do not parse were skipped",
                                  file=str(path), count=bad))
    if not ok.any():
        return None
    wall = np.full(int(ok.sum()), np.nan)
    if "timestamp" in header:
        ts = pd.to_numeric(raw["timestamp"], errors="coerce").to_numpy(dtype=np.float64)[ok]
        wall = ts / 1000.0  # DVCLive writes milliseconds
    return make_frame([tag] * int(ok.sum()), step[ok].astype(np.int64), value[ok], wall, str(path))


def read(spec: RunSpec) -> RunData:
    root = spec.root if spec.root.is_dir() else spec.root.parent
    top = root.joinpath(*METRICS_DIR)
    if not top.is_dir():
        raise LoadError(root, "not a DVCLive folder: no plots/metrics/ folder", kind="bad-format")
    issues: list[ImportIssue] = []
    frames = []
    for tag, p in _tsv_files(top, issues):
        try:
            check_file(p)
            f = _parse_tsv(p, tag, issues)
        except LoadError as exc:
            issues.append(ImportIssue("unreadable", f"metric {tag!r}: {exc.reason}; skipped", file=str(p)))
            continue
        if f is not None and len(f):
            frames.append(f)
    frame = concat_frames(frames)
    if not len(frame):
        raise LoadError(top, "DVCLive folder with no logged metric points", kind="unsupported-format")

    hparams: dict[str, Any] = {}
    params = root / "params.yaml"
    if params.is_file():
        from curvedoc.importers._yaml import flatten_hparams, load_yaml_tolerant

        try:
            check_file(params)
            data = load_yaml_tolerant(read_bytes(params))
            if isinstance(data, dict):
                cut: dict = {}
                hparams = flatten_hparams(data, stats=cut)
                if cut.get("truncated"):
                    from curvedoc.importers._yaml import truncation_note

                    issues.append(ImportIssue("truncated-hparams", truncation_note("params.yaml"), file=str(params)))
        except LoadError as exc:
            issues.append(ImportIssue("unreadable", f"params.yaml: {exc.reason}", file=str(params)))
        except Exception as exc:  # malformed YAML: the curves stand without their parameters
            issues.append(ImportIssue("bad-hparams", f"params.yaml could not be parsed ({type(exc).__name__}); "
                                      "parameters not read", file=str(params)))
    meta: dict[str, Any] = {}
    rekeyed = _hf_steps(frame, hparams)
    if rekeyed is not None:
        frame = rekeyed
        meta["step_axis"] = "HF Trainer steps (DVCLive's log-call counter mapped through the logged epoch)"
    summary = root / "metrics.json"
    if summary.is_file():
        try:
            check_file(summary)
            obj = json.loads(decode_text(read_bytes(summary), summary, issues))
            from curvedoc.importers._yaml import flatten_hparams  # PyYAML only when a run is read

            flat = flatten_hparams(obj) if isinstance(obj, dict) else {}
            meta["summary"] = {k: v for k, v in flat.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
        except (LoadError, ValueError, RecursionError):
            issues.append(ImportIssue("bad-format", "metrics.json is not valid JSON; the curves are read from the "
                                      "TSV files", file=str(summary), severity="info"))
    return RunData(frame=frame, source=SOURCE, hparams=hparams, meta=meta, issues=issues)


# TrainingArguments fields that mark params.yaml as the HF Trainer's
_HF_ARGS = ("logging_steps", "max_steps", "per_device_train_batch_size")


def _hf_steps(frame: pd.DataFrame, hparams: dict[str, Any]) -> pd.DataFrame | None:
    """The frame on the HF Trainer's step axis, or None (not the HF callback's layout, or the mapping is not exact).

    The callback's counter ``c`` -> ``round(epoch[c] x steps_per_epoch)``, steps per epoch from the first training
    row, which the Trainer logs at ``logging_steps`` (1 with ``logging_first_step``; a ratio below 1 is a share of
    ``max_steps``). Kept only when every mapped step is a whole number (within 1e-3), never decreases with the
    counter, and is positive: anything else (a resumed run, another logger's ``epoch``) leaves the counter."""
    if not all(isinstance(hparams.get(k), (int, float)) and not isinstance(hparams.get(k), bool) for k in _HF_ARGS):
        return None
    import numpy as np

    tags = frame["tag"].astype(str).to_numpy()
    steps = frame["step"].to_numpy()
    values = frame["value"].to_numpy(dtype=np.float64)
    is_epoch, is_loss = tags == "epoch", tags == "loss"
    if not is_epoch.any() or not is_loss.any():
        return None
    epoch_at = dict(zip(steps[is_epoch].tolist(), values[is_epoch].tolist()))
    if len(epoch_at) != int(is_epoch.sum()):  # one epoch value per call
        return None
    logging_steps = float(hparams["logging_steps"])
    if 0 < logging_steps < 1:
        logging_steps = float(math.ceil(logging_steps * float(hparams["max_steps"])))
    first = 1.0 if hparams.get("logging_first_step") is True else logging_steps
    e0 = epoch_at.get(int(steps[is_loss].min()))
    if not e0 or not math.isfinite(e0) or e0 <= 0 or first < 1:
        return None
    per_epoch = first / e0
    calls = np.array(sorted(epoch_at), dtype=np.int64)
    exact = np.array([epoch_at[c] for c in calls.tolist()]) * per_epoch
    mapped = np.round(exact)
    if (not np.all(np.isfinite(exact)) or np.any(np.abs(exact - mapped) > 1e-3) or np.any(mapped < 1)
            or np.any(np.diff(mapped) < 0)):
        return None
    pos = np.searchsorted(calls, steps)
    if np.any(pos >= len(calls)) or np.any(calls[np.minimum(pos, len(calls) - 1)] != steps):
        return None  # a point at a call that logged no epoch
    out = frame.copy()
    out["step"] = mapped.astype(np.int64)[pos]
    # the epoch of a training row and of the evaluation at the same step is one point
    same = out.duplicated(subset=["tag", "step", "value"], keep="first").to_numpy()
    return out[~same].reset_index(drop=True) if same.any() else out
