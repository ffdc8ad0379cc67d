"""TensorBoard event files read by tbparse instead of curvedoc's own decoder (``--reader tbparse``).

curvedoc's TFRecord decoder (:mod:`curvedoc.importers.tfevents`) is the default: 50-100x faster, every CRC
checked, damage reported record by record. tbparse is the reference it is tested against, and this reader makes
it selectable: to check a surprising finding against an independent reader, or to read a file the decoder
cannot. Source: ``tfevents``, with ``meta["reader"] = "tbparse"``.

What it reads: every scalar point (``simple_value``) and every single-number tensor (TF2's ``tf.summary.scalar``)
of each event file, with its step and wall time; a sub-folder's tags get the sub-folder as a prefix
(``train/loss``), as the native reader does. What it does not do: damage detection (tbparse skips a bad record
silently, so damaged files are only noted), separating unrelated runs written into one folder. Hyperparameters come from the
``_hparams_`` plugin record (through tbparse) and the ``hparams.yaml`` beside the files (the native reader's code),
merged as the native reader merges them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from curvedoc.errors import LoadError
from curvedoc.importers._base import RunData, RunSpec, check_file
from curvedoc.model.run import ImportIssue, make_frame

SOURCE = "tfevents"


def _points(path: Path):
    """(tags, steps, values, walls, hparams) of one event file through tbparse's SummaryReader."""
    from tbparse import SummaryReader

    r = SummaryReader(str(path), pivot=False, extra_columns={"wall_time"},
                      event_types={"scalars", "tensors", "hparams", "text"})
    tags: list[str] = []
    steps: list[int] = []
    values: list[float] = []
    walls: list[float] = []
    for df in (r.scalars, r.tensors):
        if df is None or not len(df):
            continue
        for t, s, v, w in zip(df["tag"], df["step"], df["value"], df.get("wall_time", [np.nan] * len(df))):
            if isinstance(v, np.ndarray):
                if v.size != 1:
                    continue  # a histogram, an image: not a scalar
                v = v.reshape(-1)[0]
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, np.integer, np.floating)):
                continue
            tags.append(str(t))
            steps.append(int(s))
            values.append(float(v))
            walls.append(float(w))
    hparams: dict = {}
    hp = r.hparams
    if hp is not None and len(hp):
        # the hparams plugin's session-start record (Lightning's TensorBoardLogger, add_hparams): a run's settings
        # live there when no hparams.yaml was kept beside the file
        for t, v in zip(hp["tag"], hp["value"]):
            hparams.setdefault(str(t), v.item() if isinstance(v, np.generic) else v)
    tx = r.text
    if tx is not None and len(tx):
        # the settings the run wrote as text (HF's 'args' JSON, a script's add_text config), as the native reader
        from curvedoc.importers._textsettings import text_settings

        for k, v in text_settings((str(t), str(v)) for t, v in zip(tx["tag"], tx["value"])).items():
            hparams.setdefault(k, v)
    return tags, steps, values, walls, hparams


def read(spec: RunSpec) -> RunData:
    from curvedoc.importers.tfevents import has_yaml_hparams, load_yaml_hparams, rel_path, sort_files

    root = Path(spec.root)
    files = sort_files([Path(f) for f in spec.files])
    if not files:
        raise LoadError(root, "no event files", kind="unreadable")
    issues: list[ImportIssue] = []
    cols: tuple[list, list, list, list, list] = ([], [], [], [], [])
    plugin_hp: dict = {}
    for f in files:
        check_file(f)
        try:
            tags, steps, values, walls, file_hp = _points(f)
        except Exception as exc:  # tbparse raises whatever TensorBoard's loader raises on a damaged file
            issues.append(ImportIssue("unreadable", f"tbparse could not read it: {type(exc).__name__}: {exc}",
                                      file=str(f)))
            continue
        for k, v in file_hp.items():
            plugin_hp.setdefault(k, v)
        prefix = spec.prefixes.get(str(f), "")
        rel = rel_path(f, root)
        cols[0].extend(prefix + t for t in tags)
        cols[1].extend(steps)
        cols[2].extend(values)
        cols[3].extend(walls)
        cols[4].extend([rel] * len(tags))
    if not cols[0]:
        raise LoadError(files[0] if len(files) == 1 else root, "no scalar data (read with tbparse)", kind="no-scalars")
    frame = make_frame(cols[0], cols[1], cols[2], cols[3], cols[4])
    # a later file writing steps an earlier one already holds with another value: a restarted job (the later write
    # wins in series()); the same value again is an echo (Hugging Face's end-of-training summary), as the native reader
    n = 0
    if len(files) > 1:
        again = frame.duplicated(["tag", "step"], keep="first") & (frame["source_file"] != cols[4][0])
        n = int((again & ~frame.duplicated(["tag", "step", "value"], keep="first")).sum())
    if n:
        issues.append(ImportIssue("duplicate-steps", f"{n} point(s) repeat a (tag, step) an earlier event file of "
                                  "the folder already holds (resumed or restarted job?); the later write wins",
                                  count=n))
    dirs = sorted({f.parent for f in files} | ({root} if root.is_dir() else set()))
    hparams = dict(plugin_hp)
    # hparams.yaml keeps the types (ints stay ints); the plugin stores doubles -- as the native reader merges them
    hparams.update(load_yaml_hparams(dirs, issues, root) if has_yaml_hparams(dirs) else {})
    issues.append(ImportIssue("reader", "read with tbparse (--reader tbparse): no damage detection, record checksums "
                              "not reported", severity="info"))
    return RunData(frame=frame, source=SOURCE, hparams=hparams,
                   meta={"reader": "tbparse", "files": len(files)}, issues=issues)
