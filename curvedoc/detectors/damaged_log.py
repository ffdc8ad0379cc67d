"""## What it detects
Records the importer skipped: truncated or corrupt event-file records, half-written CSV/JSON lines,
LFS pointer stubs among the files of a run. And a series that cannot be what it says: a gradient norm
logged as exactly 0.0 at a share ``min_zero_share`` of its points while the training loss is non-zero and
moving (the norm was not measured there), or a loss-named series that holds one negative whole number at every
one of its points ('Loss: -1.0000', a placeholder printed where the loss should be).

## Why it matters
Points are missing; other readers drop them silently.

## Example
An event file cut 7 bytes short (job killed mid-write).

## Options
- ``min_skipped``: fewest skipped records worth a finding.
- ``min_zero_share``: share of a gradient norm's points at exactly 0.0 (with a moving loss) worth a finding.

## References
FORMATS.md 1.7.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np

from curvedoc.detectors import Hit, detector
from curvedoc.model.run import Run

KINDS = {"truncated-record", "truncated", "corrupt-records", "bad-rows", "bad-lines", "lfs-pointer", "bad-chunks",
         "invalid-utf8", "truncated-json"}


@dataclass(frozen=True)
class Params:
    min_skipped: int
    min_zero_share: float


@detector("damaged-log", params=Params)
def damaged_log(run: Run, p: Params) -> Iterator[Hit]:
    yield from _skipped_records(run, p)
    yield from _zero_grad_norm(run, p)
    yield from _placeholder_losses(run, p)


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
    yield Hit(
        f"{tag} is exactly 0 at {int(zero.sum())} of its {int(fin.sum())} points ({share:.0%}, first at step "
        f"{first:,}) while the training loss is non-zero and changing: a model whose loss moves has a gradient, so "
        "the norm was not measured at those steps (a sharded optimizer such as DeepSpeed ZeRO, or skipped steps); "
        "gradient rules read that series with care",
        step=first, confidence=0.8,
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
    yield Hit(
        f"{skipped:,} damaged record(s)/line(s) skipped in {len(files) or 1} file(s): {detail}",
        confidence=0.95,
        evidence={"skipped": skipped, "files": len(files)},
    )
