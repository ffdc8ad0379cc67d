"""Synthetic families of training runs for the generalisation tests (issue: right on runs nobody tuned on).

Each family draws many runs from a generative description of one kind of training (its loss kind, K, length,
logging interval, evaluation count, noise), never from a visible real run, and writes them in the formats people
actually have: TensorBoard event files, a Lightning-style ``metrics.csv``, a print log, an HF ``trainer_state.json``.
The tests assert a verdict for every member, so a rule that fits one corpus and not the family fails here.

Import it as ``from _families import ...`` (like ``_helpers``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

FORMATS = ("tfevents", "csv", "printlog", "hf")


@dataclass
class Curves:
    """One training: the steps of the training log, its series, and the evaluations (their own steps)."""

    steps: np.ndarray
    train_loss: np.ndarray
    lr: np.ndarray
    eval_steps: np.ndarray
    val_loss: np.ndarray | None = None
    val_acc: np.ndarray | None = None
    train_acc: np.ndarray | None = None
    hparams: dict = field(default_factory=dict)
    loss_name: str = "loss"


def lr_blowup_to_chance(seed: int, *, k: int | None = None, n: int | None = None) -> Curves:
    """LR far too high: the loss starts near log K, explodes by 10^2-10^9 within the first few logged steps,
    then sits at or just above log K for the rest of the run while validation accuracy is 1/K at every
    evaluation (the model collapsed to predicting one class or the prior)."""
    rng = np.random.default_rng(seed)
    k = k or int(rng.choice([2, 3, 5, 10, 10, 10, 20, 100, 200]))
    n = n or int(rng.integers(40, 3000))
    every = int(rng.choice([1, 5, 10, 20, 50]))
    steps = np.arange(n, dtype=np.int64) * every
    c = math.log(k)
    loss = np.empty(n)
    loss[0] = c * (1 + rng.uniform(-0.02, 0.06))
    peak_at = int(rng.integers(1, max(2, min(6, n // 10))))
    peak = c * 10 ** rng.uniform(2, 9)
    rise = np.geomspace(loss[0], peak, peak_at + 1)[1:]
    loss[1 : peak_at + 1] = rise
    fall_n = int(rng.integers(1, max(2, min(8, n // 8))))
    level = c * (1 + rng.uniform(0.0, 0.12))
    fall = np.geomspace(peak, level * 1.5, fall_n + 1)[1:]
    loss[peak_at + 1 : peak_at + 1 + fall_n] = fall[: max(0, n - peak_at - 1)]
    rest = peak_at + 1 + fall_n
    noise = rng.uniform(0.005, 0.06) * c
    if rest < n:
        loss[rest:] = level + np.abs(rng.normal(0, noise, n - rest)) * rng.choice([-1, 1], n - rest) * 0.7
        loss[rest:] = np.maximum(loss[rest:], c * 0.97)
    lr_val = float(rng.choice([1.0, 2.0, 3.0, 0.3, 30.0]))
    lr = np.full(n, lr_val)
    n_eval = int(rng.integers(4, 30))
    eval_steps = np.unique(np.linspace(steps[-1] / n_eval, steps[-1], n_eval).astype(np.int64))
    m = len(eval_steps)
    val_size = int(rng.choice([500, 1000, 2000, 10000]))
    if rng.random() < 0.4:  # a balanced val set and a model predicting one class: exactly 1/K
        val_acc = np.full(m, 1.0 / k)
    else:
        val_acc = np.clip(rng.normal(1.0 / k, math.sqrt((1 / k) * (1 - 1 / k) / val_size), m), 0, 1)
    val_loss = c * (1 + rng.uniform(0.0, 0.15, m))
    if rng.random() < 0.3:  # the first evaluation still carries the explosion
        val_loss[0] = c * 10 ** rng.uniform(1, 4)
    return Curves(steps, loss, lr, eval_steps, val_loss=val_loss, val_acc=val_acc,
                  hparams={"lr": lr_val, "optimizer": "SGD", "momentum": 0.9})


# ---------------------------------------------------------------------------------------------------- writers
def keras_csvlogger(path: Path, loss, acc, val_loss, val_acc, *, loss_fmt: str = ".4f", acc_fmt: str = ".4f") -> Path:
    """A Keras CSVLogger file (``training.log``: epoch, accuracy, loss, val_accuracy, val_loss) in a new ``path``."""
    path.mkdir()
    rows = ["epoch,accuracy,loss,val_accuracy,val_loss"]
    rows += [f"{e},{a:{acc_fmt}},{l:{loss_fmt}},{va:{acc_fmt}},{vl:{loss_fmt}}"
             for e, (l, a, vl, va) in enumerate(zip(loss, acc, val_loss, val_acc))]
    (path / "training.log").write_text("\n".join(rows) + "\n")
    return path


def write(c: Curves, fmt: str, folder: Path) -> Path:
    """Write ``c`` in ``fmt`` under ``folder`` (created); returns the path to give curvedoc."""
    folder.mkdir(parents=True, exist_ok=True)
    return {"tfevents": _tfevents, "csv": _csv, "printlog": _printlog, "hf": _hf}[fmt](c, folder)


def summary_writer(logdir: Path):
    """tensorboardX's ``SummaryWriter``, its events written to the file as they are added: the same records, bytes
    and file, without the process queue and thread the writer hands each event through (two thirds of the cost of
    writing the thousands of points of a synthetic run). Where a tensorboardX release lays its writer out otherwise,
    the writer as it comes."""
    from tensorboardX import SummaryWriter

    w = SummaryWriter(str(logdir))
    events = getattr(getattr(w, "file_writer", None), "event_writer", None)
    write = getattr(getattr(events, "_ev_writer", None), "write_event", None)
    if write is not None:
        events.add_event = write
    return w


def _tfevents(c: Curves, folder: Path) -> Path:
    w = summary_writer(folder)
    for i, (s, v, lr) in enumerate(zip(c.steps, c.train_loss, c.lr)):
        w.add_scalar(f"train/{c.loss_name}", float(v), int(s))
        w.add_scalar("train/lr", float(lr), int(s))
        if c.train_acc is not None:
            w.add_scalar("train/acc", float(c.train_acc[i]), int(s))
    for i, s in enumerate(c.eval_steps):
        if c.val_loss is not None:
            w.add_scalar(f"val/{c.loss_name}", float(c.val_loss[i]), int(s))
        if c.val_acc is not None:
            w.add_scalar("val/acc", float(c.val_acc[i]), int(s))
    w.close()
    return folder


def _csv(c: Curves, folder: Path) -> Path:
    """Lightning CSVLogger layout: one row per logging call, empty cells where a metric was not logged; an
    evaluation row follows the training row of its step."""
    ln = c.loss_name
    per_epoch = max(1, int(c.steps[-1]) // max(1, len(c.eval_steps)))
    rows = []  # (step, order, text)
    for s, v, lr in zip(c.steps, c.train_loss, c.lr):
        rows.append((int(s), 0, f"{int(s) // per_epoch},{int(s)},{lr!r},{float(v)!r},,"))
    for i, s in enumerate(c.eval_steps):
        vl = "" if c.val_loss is None else repr(float(c.val_loss[i]))
        va = "" if c.val_acc is None else repr(float(c.val_acc[i]))
        rows.append((int(s), 1, f"{int(s) // per_epoch},{int(s)},,,{vl},{va}"))
    rows.sort(key=lambda r: r[:2])
    p = folder / "metrics.csv"
    p.write_text("\n".join([f"epoch,step,lr-SGD,train_{ln},val_{ln},val_acc"] + [r[2] for r in rows]) + "\n")
    return p


def _events(c: Curves):
    """(step, is_eval, index) in the order a training loop writes them: an evaluation after the step it follows."""
    out = [(int(st), 0, i) for i, st in enumerate(c.steps)] + [(int(st), 1, i) for i, st in enumerate(c.eval_steps)]
    return sorted(out)


def _printlog(c: Curves, folder: Path) -> Path:
    """What a hand-written loop prints: a step line per logging interval, a validation line per evaluation."""
    lines = [f"Namespace(lr={c.lr[0]!r}, optimizer='SGD', momentum=0.9)"]
    total = int(c.steps[-1])
    for st, is_eval, i in _events(c):
        if not is_eval:
            lines.append(f"step {st}/{total} | loss {float(c.train_loss[i]):.4f} | lr {float(c.lr[i]):.4g}")
            continue
        parts = []
        if c.val_loss is not None:
            parts.append(f"val_loss {float(c.val_loss[i]):.4f}")
        if c.val_acc is not None:
            parts.append(f"val_acc {float(c.val_acc[i]):.4f}")
        lines.append(f"step {st}/{total} | " + " | ".join(parts))
    p = folder / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return p


def _hf(c: Curves, folder: Path) -> Path:
    hist = []
    total = int(c.steps[-1])
    for st, is_eval, i in _events(c):
        epoch = round(st / max(total, 1) * 3, 4)
        if not is_eval:
            if st == 0:
                continue  # the Trainer logs from step logging_steps on
            hist.append({"epoch": epoch, "learning_rate": float(c.lr[i]), "loss": round(float(c.train_loss[i]), 4),
                         "step": st})
            continue
        row = {"epoch": epoch, "step": st, "eval_runtime": 1.0}
        if c.val_loss is not None:
            row["eval_loss"] = float(c.val_loss[i])
        if c.val_acc is not None:
            row["eval_accuracy"] = float(c.val_acc[i])
        hist.append(row)
    state = {"global_step": total, "max_steps": total, "num_train_epochs": 3,
             "logging_steps": int(c.steps[1] - c.steps[0]) if len(c.steps) > 1 else 1,
             "log_history": hist, "epoch": 3.0}
    p = folder / "trainer_state.json"
    p.write_text(json.dumps(state, indent=2))
    return p


def shuffled_labels(seed: int, *, k: int | None = None, n: int | None = None) -> Curves:
    """Training labels shuffled: the model memorises the training set (loss from log K towards 0, training accuracy
    towards 1) while validation accuracy stays at 1/K the whole run and the validation loss climbs above log K."""
    rng = np.random.default_rng(seed)
    k = k or int(rng.choice([2, 5, 10, 10, 100]))
    n = n or int(rng.integers(60, 3000))
    every = int(rng.choice([1, 10, 50]))
    steps = np.arange(n, dtype=np.int64) * every
    c = math.log(k)
    x = np.arange(n) / n
    tau = rng.uniform(0.2, 0.6)
    loss = c * np.exp(-x / tau) * (1 + 0.02 * rng.standard_normal(n)) + 0.01
    loss = np.clip(loss * np.exp(rng.normal(0, rng.uniform(0.02, 0.15), n)), 1e-4, None)
    lr = np.full(n, float(rng.choice([1e-3, 3e-4, 0.05])))
    m = int(rng.integers(5, 30))
    eval_steps = np.unique(np.linspace(steps[-1] / m, steps[-1], m).astype(np.int64))
    me = len(eval_steps)
    size = int(rng.choice([500, 2000, 10000]))
    val_acc = np.clip(rng.normal(1 / k, math.sqrt((1 / k) * (1 - 1 / k) / size), me), 0, 1)
    val_loss = c * (1 + np.linspace(0.0, rng.uniform(0.3, 2.0), me)) * (1 + 0.01 * rng.standard_normal(me))
    train_acc = np.clip(1 / k + (1 - 1 / k) * (1 - np.exp(-x / tau)), 0, 1)
    return Curves(steps, loss, lr, eval_steps, val_loss=val_loss, val_acc=val_acc, train_acc=train_acc,
                  hparams={"lr": float(lr[0])})
