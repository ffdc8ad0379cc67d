"""YOLOv5 / Ultralytics-YOLOv3 ``results.txt``: the per-epoch table those trainers wrote before ``results.csv``.

The file, byte by byte: no header; one line per epoch, written by ``train.py`` as
``('%10s' * 2 + '%10.4g' * 6) % ('%g/%g' % (epoch, epochs - 1), mem, *mloss, targets.shape[0], imgs.shape[-1])``
followed by ``'%10.4g' * 7 % results`` -- 15 right-aligned, whitespace-separated fields:

====  ===========================  =========================================================================
col   YOLOv5                       Ultralytics YOLOv3 (2020)
====  ===========================  =========================================================================
0     ``epoch/last_epoch``         same (``0/99``: the plan is ``last_epoch + 1`` epochs)
1     GPU memory (``4.54G``)       same
2-4   train box, obj, cls loss     train GIoU, obj, cls loss
5     train total loss             same
6     targets in the last batch    same
7     image size                   same
8-9   precision, recall            same
10    mAP@0.5                      same
11    mAP@0.5:0.95                 F1
12-14 val box, obj, cls loss       val GIoU, obj, cls loss
====  ===========================  =========================================================================

What this relies on: YOLOv5's ``utils/plots.py`` ``plot_results`` (``usecols=[2, 3, 4, 8, 9, 12, 13, 14, 10, 11]``
titled Box, Objectness, Classification, Precision, Recall, val Box, val Objectness, val Classification, mAP@0.5,
mAP@0.5:0.95; YOLOv3's same call is titled ... mAP@0.5, F1) and both ``train.py`` TensorBoard tag lists, whose names
the series take here so that the rest of curvedoc treats a results.txt as the ``results.csv`` / events of the same
trainer: ``train/box_loss`` (``train/giou_loss``), ``train/obj_loss``, ``train/cls_loss``, ``metrics/precision``,
``metrics/recall``, ``metrics/mAP_0.5``, ``metrics/mAP_0.5:0.95`` (``metrics/F1``), ``val/box_loss``...; the GPU
memory ``gpu_mem_gb``, the target count ``train/targets``, the image size a setting (``img_size``) when it never
changes. The total loss (column 5) is the sum of the three parts, which neither trainer logged anywhere else: it is
not made a series, since as the training loss it would be set against one part of the validation loss (there is no
validation total) -- ``meta['total_loss']`` says so.

Which trainer wrote a file: column 11 is mAP@0.5:0.95 (YOLOv5) unless it exceeds mAP@0.5 (column 10) at some epoch
-- a mean over stricter IoU thresholds never can, F1 can -- then it is F1 and the losses are GIoU (YOLOv3). A file
where F1 stayed below mAP@0.5 throughout is read as YOLOv5's (the two are then indistinguishable by content).

The x axis is the epoch (also an ``epoch`` tag); ``meta['num_epochs']`` the plan. Settings beside the file
(``opt.yaml``, ``hyp.yaml``) are read as for ``results.csv``. Lines that are not such a row are counted and
skipped; a file where fewer than half the lines are is not a results.txt.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from curvedoc.errors import LoadError, UnsupportedFormat
from curvedoc.importers import _tabular as T
from curvedoc.importers._base import RunData, RunSpec, decode_text, is_lfs_pointer, read_bytes
from curvedoc.importers.sniffers import YOLO_TXT_ROW as ROW
from curvedoc.model.run import ImportIssue

N_FIELDS = 15
YOLOV5_NAMES = ("train/box_loss", "train/obj_loss", "train/cls_loss", "train/total_loss", "train/targets", "img_size",
                "metrics/precision", "metrics/recall", "metrics/mAP_0.5", "metrics/mAP_0.5:0.95",
                "val/box_loss", "val/obj_loss", "val/cls_loss")
YOLOV3_NAMES = ("train/giou_loss", "train/obj_loss", "train/cls_loss", "train/total_loss", "train/targets", "img_size",
                "metrics/precision", "metrics/recall", "metrics/mAP_0.5", "metrics/F1",
                "val/giou_loss", "val/obj_loss", "val/cls_loss")
_MEM_UNIT = {b"G": 1.0, b"M": 1e-3, b"K": 1e-6, b"": 1.0}
# '%10.4g' keeps 4 significant digits: column 11 above column 10 by more than that rounding is no mAP@0.5:0.95
_ROUNDING = 5e-4


def read(spec: RunSpec) -> RunData:
    path = Path(spec.files[0])
    return read_results_txt(path, prefix=spec.prefixes.get(str(path), ""))


def read_results_txt(path: Path, prefix: str = "") -> RunData:
    path = Path(path)
    issues: list[ImportIssue] = []
    data = read_bytes(path)
    if is_lfs_pointer(data[:64]):
        raise LoadError(path, "Git LFS pointer, not the data (run `git lfs pull`)", kind="lfs-pointer")
    text = decode_text(data, path, issues)
    del data
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise LoadError(path, "empty file", kind="empty")
    rows, bad = [], 0
    for ln in lines:
        m = ROW.match(ln.encode("utf-8", "replace"))
        if m is None:
            bad += 1
            continue
        g = m.groups()
        mem = float(g[2]) * _MEM_UNIT[g[3]]
        rows.append([float(g[0]), float(g[1]), mem, *(float(x) for x in g[4:])])
    if len(rows) * 2 < len(lines):
        raise UnsupportedFormat(path, f"only {len(rows)} of {len(lines)} lines are YOLO results.txt rows "
                                      f"({N_FIELDS} fields: 'epoch/last', GPU memory, 13 numbers)")
    if bad:
        issues.append(ImportIssue(
            "bad-rows", f"{bad} of {len(lines)} line(s) are not results.txt rows ({N_FIELDS} whitespace-separated "
            "fields) and were skipped", file=str(path), count=bad))
    a = np.asarray(rows, dtype=np.float64)
    epoch, last, mem, vals = a[:, 0], a[:, 1], a[:, 2], a[:, 3:]
    v3 = bool(np.any(vals[:, 9] > vals[:, 8] + _ROUNDING))
    names = YOLOV3_NAMES if v3 else YOLOV5_NAMES
    n = len(a)
    ones = np.ones(n, dtype=bool)
    cols = [T.NumericColumn(prefix + "epoch", epoch, ones), T.NumericColumn(prefix + "gpu_mem_gb", mem, ones)]
    hparams: dict = {}
    for j, name in enumerate(names):
        if name == "train/total_loss":
            continue
        if name == "img_size" and np.all(vals[:, j] == vals[0, j]):
            hparams["img_size"] = int(vals[0, j])
            continue
        cols.append(T.NumericColumn(prefix + name, vals[:, j], ones))
    steps = epoch.astype(np.int64)
    frame = T.melt(cols, steps, None, str(path))
    issue = T.restart_issue(steps, str(path), what="epoch")
    if issue:
        issues.append(issue)
    issues.extend(T.duplicate_issues(frame, str(path), steps))
    meta: dict = {"rows": n, "step_column": "epoch", "trainer": "yolov3" if v3 else "yolov5",
                  "total_loss": "column 5, the sum of the three train loss parts: not read as a series"}
    plans = np.unique(last)
    meta["num_epochs"] = int(plans[-1]) + 1 if len(plans) == 1 else int(last[-1]) + 1
    if len(plans) > 1:
        issues.append(ImportIssue(
            "plan-changed", f"the planned last epoch changes within the file ({', '.join(f'{p:g}' for p in plans[:5])})"
            f": the last row's plan ({int(last[-1]) + 1} epochs) is taken", file=str(path), severity="info"))
    from curvedoc.importers.csvlog import yolo_settings  # opt.yaml / hyp.yaml beside it, as beside results.csv

    for k, v in yolo_settings(path, cols, meta, issues).items():
        hparams.setdefault(k, v)
    return RunData(frame=frame, source="yolo-txt", hparams=hparams, meta=meta, issues=issues)
