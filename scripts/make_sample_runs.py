#!/usr/bin/env python3
"""Generate ``sample_runs/``: real training runs with known, deliberately injected faults.

Every run here is produced by actual gradient descent on CPU with a tiny PyTorch model on a
generated data set (nothing is drawn from a formula), so the logs carry real minibatch noise,
warmup bumps, eval noise and interacting symptoms. Each run is written by one function in
:data:`RUNS` in the log format of one real framework, together with an ``expected.toml`` that
says which curvedoc detectors must fire (and in which step range) and which must not.

Usage::

    pip install .[samples]                       # torch + tensorboardX (never needed by curvedoc)
    python scripts/make_sample_runs.py           # regenerate everything into <repo>/sample_runs
    python scripts/make_sample_runs.py --list
    python scripts/make_sample_runs.py --only grokking-modadd healthy-mlp-cosine --out /tmp/runs

Determinism: every run seeds torch and numpy itself, uses one CPU thread and deterministic
algorithms, and writes synthetic-but-plausible wall times (a fixed start plus a fixed seconds per
step), so regenerating gives the same numbers (file names of TensorBoard event files still carry
the current time, host and pid, as real writers do).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import shutil
import struct
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / "sample_runs"
T0 = 1767225600.0  # 2026-01-01T00:00:00Z: fixed start of every run's wall clock

RUNS: dict = {}  # name -> function(out_dir: Path) -> Expected

# A variant of every recipe, for `curvedoc compare` test pairs (set by --reseed / --lr-scale / --bug / --write-as):
# reseed changes the model initialisation and the minibatch order but never the data set (same recipe, another
# seed); lr_scale multiplies the recipe's learning rate; bug injects a data-pipeline bug; write_as writes the same
# curves in another format. The defaults reproduce sample_runs/ exactly.
VARIANT = {"reseed": 0, "lr_scale": 1.0, "bug": None, "write_as": None}
BUGS = {"label-noise": "40% of the training labels (targets) are replaced by those of other examples",
        "label-noise-late": "from the middle of the run on, 40% of the training labels (targets) are replaced by "
                            "those of other examples (a corrupted data shard swapped in mid-run)"}


def _reseeded(seed: int) -> int:
    """The seed of what a reseed changes (initialisation, batch order): the recipe's own when not reseeded."""
    return seed + 7919 * int(VARIANT["reseed"])


def _torch():
    import torch

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    return torch


def seed_all(seed: int):
    torch = _torch()
    torch.manual_seed(_reseeded(seed))
    np.random.seed(_reseeded(seed))
    return np.random.default_rng(seed)  # recipes draw data from this one: a reseed keeps the data set


# ----------------------------------------------------------------------------------------------
# What a run must show (written to expected.toml)


@dataclass
class Expected:
    description: str
    healthy: bool = False
    expect: list = field(default_factory=list)  # [(detector, lo, hi)]
    absent: list = field(default_factory=list)
    notes: dict = field(default_factory=dict)  # extra facts for tests / README (written as [facts])
    fmt: str = ""


def _toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        return repr(float(v))
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    raise TypeError(type(v))


def write_expected(run_dir: Path, gen_name: str, exp: Expected):
    lines = [
        f"description = {_toml_value(exp.description)}",
        f"generator = {_toml_value(gen_name)}",
        f"format = {_toml_value(exp.fmt)}",
        f"healthy = {_toml_value(exp.healthy)}",
        f"absent = {_toml_value(list(exp.absent))}",
    ]
    for det, lo, hi in exp.expect:
        lines += ["", "[[expect]]", f"detector = {_toml_value(det)}", f"step = [{int(lo)}, {int(hi)}]"]
    if exp.notes:
        lines += ["", "[facts]  # injected fault parameters, for tests and the README (not read by curvedoc)"]
        for k, v in exp.notes.items():
            lines.append(f"{k} = {_toml_value(v)}")
    (run_dir / "expected.toml").write_text("\n".join(lines) + "\n")


def register(name):
    def deco(fn):
        RUNS[name] = fn
        return fn

    return deco


# ----------------------------------------------------------------------------------------------
# Log recorder + one writer per real-world format


class Log:
    """Records what a training loop logs: rows of (kind, step, {key: value})."""

    def __init__(self, sec_per_step: float = 0.05):
        self.rows: list[tuple[str, int, dict]] = []
        self.sec = sec_per_step

    def __call__(self, step, kind="train", **kv):
        self.rows.append((kind, int(step), {k: float(v) for k, v in kv.items()}))

    def wall(self, step):
        return T0 + step * self.sec

    def series(self, key):
        st = [s for _, s, d in self.rows if key in d]
        va = [d[key] for _, s, d in self.rows if key in d]
        return np.array(st), np.array(va)


def _write_as(log: Log, folder: Path) -> bool:
    """Write ``log`` in VARIANT['write_as'] format into ``folder`` instead of the recipe's own format (for
    cross-format comparisons); True when it did. A key logged under several row kinds (Keras' train/validation
    ``epoch_loss``) is prefixed with its kind so nothing collides."""
    fmt = VARIANT["write_as"]
    if not fmt:
        return False
    kinds: dict[str, set] = {}
    for kind, _, d in log.rows:
        for k in d:
            kinds.setdefault(k, set()).add(kind)
    flat = Log(log.sec)
    for kind, s, d in log.rows:
        flat(s, kind, **{(f"{kind}_{k}" if len(kinds[k]) > 1 and kind != "train" else k): v for k, v in d.items()})
    folder.mkdir(parents=True, exist_ok=True)
    if fmt == "jsonl":
        write_jsonl(flat, folder / "metrics.jsonl")
    elif fmt == "csv":
        cols = sorted({k for _, _, d in flat.rows for k in d})
        write_csv(flat, folder / "metrics.csv", cols)
    else:
        raise SystemExit(f"--write-as {fmt}: choose jsonl or csv")
    return True


def write_torch_tb(log: Log, logdir: Path):
    if _write_as(log, logdir):
        return
    from torch.utils.tensorboard import SummaryWriter

    w = SummaryWriter(log_dir=str(logdir))
    for _, step, d in log.rows:
        for k, v in d.items():
            w.add_scalar(k, v, step, walltime=log.wall(step))
    w.close()


def write_tbx(log: Log, logdir: Path):
    if _write_as(log, logdir):
        return
    import logging

    from tensorboardX import SummaryWriter

    logging.getLogger("tensorboardX.x2num").setLevel(logging.ERROR)  # NaN values are written on purpose

    w = SummaryWriter(logdir=str(logdir))
    for _, step, d in log.rows:
        for k, v in d.items():
            w.add_scalar(k, v, step, walltime=log.wall(step))
    w.close()


def write_tf2(log: Log, logdir: Path, content: bool = True, subdirs: dict | None = None):
    """TF2-style tensor scalars (what tf.summary.scalar / the Keras callback write).

    ``content=True`` packs the float32 in ``tensor_content`` (TF's C++ writer), else ``float_val``
    (tensorboard's Python ``scalar_pb``). ``subdirs`` maps a row kind to a sub-folder (Keras'
    ``train/`` and ``validation/``)."""
    if _write_as(log, logdir):
        return
    from tensorboard.compat.proto import event_pb2, summary_pb2, tensor_pb2, tensor_shape_pb2, types_pb2
    from tensorboard.summary.writer.event_file_writer import EventFileWriter

    meta = summary_pb2.SummaryMetadata(
        plugin_data=summary_pb2.SummaryMetadata.PluginData(plugin_name="scalars"),
        data_class=summary_pb2.DATA_CLASS_SCALAR,
    )
    writers = {}

    def writer(kind):
        sub = (subdirs or {}).get(kind, "")
        if sub not in writers:
            d = logdir / sub if sub else logdir
            d.mkdir(parents=True, exist_ok=True)
            writers[sub] = EventFileWriter(str(d), filename_suffix=".v2")
        return writers[sub]

    for kind, step, d in log.rows:
        vals = []
        for k, v in d.items():
            if content:
                t = tensor_pb2.TensorProto(dtype=types_pb2.DT_FLOAT, tensor_shape=tensor_shape_pb2.TensorShapeProto(),
                                           tensor_content=struct.pack("<f", v))
            else:
                t = tensor_pb2.TensorProto(dtype=types_pb2.DT_FLOAT, tensor_shape=tensor_shape_pb2.TensorShapeProto(),
                                           float_val=[v])
            vals.append(summary_pb2.Summary.Value(tag=k, tensor=t, metadata=meta))
        ev = event_pb2.Event(wall_time=log.wall(step), step=step, summary=summary_pb2.Summary(value=vals))
        writer(kind).add_event(ev)
    for w in writers.values():
        w.close()


def _fmt(v):
    if v is None:
        return ""
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(float(np.float32(v))) if abs(v) >= 1e-30 or v == 0 else repr(v)


def _num(v):
    """Float as loggers print it: float32 precision, integral values as ints."""
    v = float(v)
    if math.isfinite(v) and v == int(v) and abs(v) < 2**53:
        return int(v)
    return float(np.float32(v)) if math.isfinite(v) else v


def write_csv(log: Log, path: Path, columns: list[str], step_col="step", merge_rows=False):
    """Plain CSV from a hand-written loop: one row per log call, empty cells where nothing was logged."""
    if VARIANT["write_as"] and path.name != "metrics.csv" and _write_as(log, path.parent):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = log.rows
    if merge_rows:  # one row per step with every key logged at that step
        merged: dict[int, dict] = {}
        for _, s, d in rows:
            merged.setdefault(s, {}).update(d)
        rows = [("train", s, d) for s, d in sorted(merged.items())]
    with open(path, "w") as f:
        f.write(",".join([step_col] + columns) + "\n")
        for _, s, d in rows:
            f.write(",".join([str(s)] + [_fmt(d[c]) if c in d else "" for c in columns]) + "\n")


def write_lightning_csv(log: Log, root: Path, hparams: dict, columns: list[str]):
    """Lightning CSVLogger: lightning_logs/version_0/metrics.csv (sparse rows) + hparams.yaml."""
    if _write_as(log, root):
        return
    d = root / "lightning_logs" / "version_0"
    d.mkdir(parents=True, exist_ok=True)
    with open(d / "metrics.csv", "w") as f:
        f.write(",".join(columns) + "\n")
        for _, s, row in log.rows:
            row = dict(row)
            row["step"] = s
            f.write(",".join((str(int(row[c])) if c in ("step", "epoch") else _fmt(row[c])) if c in row else ""
                             for c in columns) + "\n")
    with open(d / "hparams.yaml", "w") as f:
        for k, v in hparams.items():
            f.write(f"{k}: {v}\n")


def write_jsonl(log: Log, path: Path, step_key="step", extra=None):
    if VARIANT["write_as"] and path.name != "metrics.jsonl" and _write_as(log, path.parent):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as f:
        for _, s, d in log.rows:
            obj = {step_key: s}
            obj.update({k: _num(v) for k, v in d.items()})
            if extra:
                obj.update(extra(s))
            f.write(json.dumps(obj) + "\n")  # NaN/Infinity written as Python's json does


def write_hf_state(log: Log, path: Path, max_steps: int, logging_steps: int, eval_steps: int,
                   num_train_epochs: int, batch_size: int, steps_per_epoch: int):
    if _write_as(log, path.parent):
        return
    hist = []
    last = 0
    for kind, s, d in log.rows:
        row = {k: _num(v) for k, v in d.items()}
        row["epoch"] = round(s / steps_per_epoch, 4)
        row["step"] = s
        if kind == "eval":
            row.setdefault("eval_runtime", 0.4123)
            row.setdefault("eval_samples_per_second", 2483.1)
            row.setdefault("eval_steps_per_second", 38.8)
        hist.append(row)
        last = max(last, s)
    tl = [d["loss"] for k, s, d in log.rows if "loss" in d and k == "train"]
    hist.append({"epoch": round(last / steps_per_epoch, 4), "step": last, "total_flos": 1.0e12,
                 "train_loss": float(np.nanmean(tl)), "train_runtime": round(last * log.sec, 3),
                 "train_samples_per_second": round(batch_size / log.sec, 3),
                 "train_steps_per_second": round(1 / log.sec, 3)})
    state = {
        "best_metric": None, "best_model_checkpoint": None, "epoch": round(last / steps_per_epoch, 4),
        "eval_steps": eval_steps, "global_step": last, "is_hyper_param_search": False,
        "is_local_process_zero": True, "is_world_process_zero": True, "log_history": hist,
        "logging_steps": logging_steps, "max_steps": max_steps, "num_input_tokens_seen": 0,
        "num_train_epochs": num_train_epochs, "save_steps": max_steps, "stateful_callbacks": {},
        "total_flos": 1.0e12, "train_batch_size": batch_size, "trial_name": None, "trial_params": None,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(state, indent=2) + "\n")


def write_mlflow(log: Log, root: Path, run_name: str, params: dict, exp_id="1", exp_name="samples",
                 status=3):
    if _write_as(log, root):
        return
    run_id = hashlib.md5(run_name.encode()).hexdigest()
    ed = root / "mlruns" / exp_id
    rd = ed / run_id
    (rd / "metrics").mkdir(parents=True, exist_ok=True)
    (rd / "params").mkdir(parents=True, exist_ok=True)
    (rd / "tags").mkdir(parents=True, exist_ok=True)
    (rd / "artifacts").mkdir(parents=True, exist_ok=True)
    ms = int(T0 * 1000)
    last = max(s for _, s, _ in log.rows)
    (ed / "meta.yaml").write_text(
        f"artifact_location: mlflow-artifacts:/{exp_id}\ncreation_time: {ms}\nexperiment_id: '{exp_id}'\n"
        f"last_update_time: {ms}\nlifecycle_stage: active\nname: {exp_name}\n")
    (rd / "meta.yaml").write_text(
        f"artifact_uri: mlflow-artifacts:/{exp_id}/{run_id}/artifacts\nend_time: {int(log.wall(last) * 1000)}\n"
        f"entry_point_name: ''\nexperiment_id: '{exp_id}'\nlifecycle_stage: active\nrun_id: {run_id}\n"
        f"run_name: {run_name}\nrun_uuid: {run_id}\nsource_name: ''\nsource_type: 4\nsource_version: ''\n"
        f"start_time: {ms}\nstatus: {status}\ntags: []\nuser_id: curvedoc\n")
    files: dict[str, list[str]] = {}
    for _, s, d in log.rows:
        for k, v in d.items():
            vv = "nan" if math.isnan(v) else repr(float(v))
            files.setdefault(k, []).append(f"{int(log.wall(s) * 1000)} {vv} {s}")
    for k, lines in files.items():
        p = rd / "metrics" / k
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("\n".join(lines) + "\n")
    for k, v in params.items():
        (rd / "params" / k).write_text(str(v))
    (rd / "tags" / "mlflow.runName").write_text(run_name)
    (rd / "tags" / "mlflow.user").write_text("curvedoc")


# ----------------------------------------------------------------------------------------------
# Data sets (all generated, seeded)


def gaussian_mixture(rng, n, k, d=20, clusters=3, sep=1.0, noise=1.0):
    """k classes, each a union of ``clusters`` Gaussian blobs in d dims (not linearly separable).

    Blob centres are N(0, sep^2) per coordinate, so two centres are ~sep*sqrt(2d) apart; with the
    defaults the classes overlap (Bayes accuracy well below 100%)."""
    centers = rng.normal(0, sep, size=(k, clusters, d))
    y = rng.integers(0, k, size=n)
    c = rng.integers(0, clusters, size=n)
    x = centers[y, c] + rng.normal(0, noise, size=(n, d))
    return x.astype(np.float32), y.astype(np.int64)


def mixture_split(seed, n_train, n_val, k, **kw):
    rng = np.random.default_rng(seed)
    x, y = gaussian_mixture(rng, n_train + n_val, k, **kw)
    return x[:n_train], y[:n_train], x[n_train:], y[n_train:]


def spirals(rng, n, k, noise=0.25, turns=1.5):
    y = rng.integers(0, k, size=n)
    t = rng.uniform(0.15, 1.0, size=n)
    ang = t * turns * 2 * math.pi + y * 2 * math.pi / k
    x = np.stack([t * np.cos(ang), t * np.sin(ang)], 1) * 2 + rng.normal(0, noise * t[:, None], size=(n, 2))
    return x.astype(np.float32), y.astype(np.int64)


def digit_images(rng, n, k=10, size=12):
    """Digit-like 12x12 glyphs: one random stroke pattern per class, randomly shifted and noised."""
    protos = np.zeros((k, size, size), np.float32)
    prng = np.random.default_rng(1234)
    for c in range(k):
        for _ in range(4):  # four strokes per glyph
            x0, y0 = prng.integers(2, size - 2, 2)
            dx, dy = prng.integers(-1, 2, 2)
            for t in range(6):
                xi, yi = np.clip(x0 + dx * t, 1, size - 2), np.clip(y0 + dy * t, 1, size - 2)
                protos[c, yi, xi] = 1.0
    y = rng.integers(0, k, size=n)
    imgs = np.empty((n, 1, size, size), np.float32)
    for i in range(n):
        sh = rng.integers(-1, 2, 2)
        img = np.roll(protos[y[i]], tuple(sh), axis=(0, 1)) * rng.uniform(0.6, 1.2)
        imgs[i, 0] = img + rng.normal(0, 0.45, (size, size))
    return imgs, y.astype(np.int64)


GRAMMAR = {
    "S": [["NP", "VP", "."], ["NP", "VP", "PP", "."], ["the", "N", "said", "that", "NP", "VP", "."]],
    "NP": [["the", "N"], ["a", "ADJ", "N"], ["the", "ADJ", "N"], ["N2"]],
    "VP": [["V", "NP"], ["V"], ["V", "NP", "PP"]],
    "PP": [["P", "NP"]],
    "N": [["cat"], ["dog"], ["bird"], ["child"], ["robot"], ["farmer"], ["river"], ["tree"]],
    "N2": [["alice"], ["bob"], ["carol"]],
    "ADJ": [["small"], ["green"], ["old"], ["quiet"], ["happy"]],
    "V": [["sees"], ["likes"], ["follows"], ["paints"], ["finds"]],
    "P": [["near"], ["under"], ["with"], ["behind"]],
}


def grammar_text(rng, n_sentences):
    def expand(sym, depth=0):
        if sym not in GRAMMAR:
            return [sym]
        opts = GRAMMAR[sym]
        choice = opts[rng.integers(0, len(opts))] if depth < 4 else opts[0]
        return [w for s in choice for w in expand(s, depth + 1)]

    return " ".join(" ".join(expand("S")) for _ in range(n_sentences))


def char_corpus(seed, n_sentences=3000):
    rng = np.random.default_rng(seed)
    text = grammar_text(rng, n_sentences)
    vocab = sorted(set(text))
    ids = np.array([vocab.index(c) for c in text], np.int64)
    cut = int(len(ids) * 0.9)
    return ids[:cut], ids[cut:], len(vocab)


def lm_batch(rng, ids, bs, seq):
    starts = rng.integers(0, len(ids) - seq - 1, size=bs)
    x = np.stack([ids[s:s + seq] for s in starts])
    y = np.stack([ids[s + 1:s + seq + 1] for s in starts])
    return x, y


# ----------------------------------------------------------------------------------------------
# Small training helpers


def mlp(din, hidden, dout, act="relu", depth=2, dropout=0.0, bn=False):
    torch = _torch()
    nn = torch.nn
    layers = []
    d = din
    for _ in range(depth):
        layers.append(nn.Linear(d, hidden))
        if bn:
            layers.append(nn.BatchNorm1d(hidden))
        layers.append({"relu": nn.ReLU(), "sigmoid": nn.Sigmoid(), "tanh": nn.Tanh(), "gelu": nn.GELU()}[act])
        if dropout:
            layers.append(nn.Dropout(dropout))
        d = hidden
    layers.append(nn.Linear(d, dout))
    return nn.Sequential(*layers)


def global_grad_norm(model):
    torch = _torch()
    gs = [p.grad.detach().flatten() for p in model.parameters() if p.grad is not None]
    return float(torch.linalg.vector_norm(torch.cat(gs))) if gs else 0.0


def global_weight_norm(model):
    torch = _torch()
    return float(torch.linalg.vector_norm(torch.cat([p.detach().flatten() for p in model.parameters()])))


def evaluate(model, x, y, bs=1000, loss="ce"):
    torch = _torch()
    F = torch.nn.functional
    was = model.training
    model.eval()
    tot, acc, n = 0.0, 0.0, 0
    with torch.no_grad():
        for i in range(0, len(x), bs):
            xb, yb = x[i:i + bs], y[i:i + bs]
            out = model(xb)
            if loss == "ce":
                tot += float(F.cross_entropy(out, yb, reduction="sum"))
                acc += float((out.argmax(-1) == yb).sum())
            else:
                tot += float(F.mse_loss(out, yb, reduction="sum")) / (yb[0].numel() if yb.dim() > 1 else 1)
            n += len(xb)
    model.train(was)
    return tot / n, acc / n


def warmup_cosine(step, warmup, total, floor=0.0):
    if step < warmup:
        return (step + 1) / warmup
    p = min(1.0, (step - warmup) / max(1, total - warmup))
    return floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * p))


class Batches:
    """Epoch-wise minibatches: shuffled each epoch (or in a fixed order), drop_last."""

    def __init__(self, n, bs, rng, shuffle=True, order=None):
        self.n, self.bs, self.rng, self.shuffle, self.order = n, bs, rng, shuffle, order
        self.per_epoch = n // bs
        self.epoch = 0
        self._perm = None
        self._i = 0

    def next(self):
        if self._perm is None or self._i >= self.per_epoch:
            if self._perm is not None:
                self.epoch += 1
            if self.order is not None:
                self._perm = self.order
            else:
                self._perm = self.rng.permutation(self.n) if self.shuffle else np.arange(self.n)
            self._i = 0
        idx = self._perm[self._i * self.bs:(self._i + 1) * self.bs]
        self._i += 1
        return idx


def T(a):
    torch = _torch()
    return torch.from_numpy(np.ascontiguousarray(a))


def classifier_run(*, seed, model, opt, x, y, xv, yv, steps, bs, log: Log, keys: dict, lr_fn=None,
                   log_every=1, eval_every=100, clip=None, batches=None, corrupt=None, epoch_key=None,
                   weight_key=None, grad_key=None, loss_fn=None, eval_fn=None, acc_key=None, one_based=False,
                   extra=None):
    """Standard minibatch loop. ``keys`` maps loss/val_loss/val_acc/lr to the tag names to log."""
    torch = _torch()
    F = torch.nn.functional
    rng = np.random.default_rng(_reseeded(seed) + 1)
    y_bad = None
    if VARIANT["bug"] in ("label-noise", "label-noise-late"):  # 40% of the targets belong to other examples
        brng = np.random.default_rng(seed + 99)
        y_bad = np.array(y, copy=True)
        pick = np.flatnonzero(brng.random(len(y)) < 0.4)
        y_bad[pick] = y_bad[brng.permutation(pick)]
        if VARIANT["bug"] == "label-noise":
            y, y_bad = y_bad, None
    xt, yt, xvt, yvt = T(x), T(y), T(xv), T(yv)
    batches = batches or Batches(len(x), bs, rng)
    for g in opt.param_groups:
        g["lr"] *= VARIANT["lr_scale"]
    base = [g["lr"] for g in opt.param_groups]
    loss_fn = loss_fn or F.cross_entropy
    for step in range(steps):
        if y_bad is not None and step == steps // 2:
            yt = T(y_bad)
        if lr_fn is not None:
            for g, b in zip(opt.param_groups, base):
                g["lr"] = b * lr_fn(step)
        idx = T(batches.next())
        xb, yb = xt[idx], yt[idx]
        if corrupt is not None:
            xb, yb = corrupt(step, xb, yb)
        out = model(xb)
        loss = loss_fn(out, yb)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        if clip is not None:
            gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), clip))
        else:
            gn = global_grad_norm(model) if grad_key else 0.0
        opt.step()
        ls = step + 1 if one_based else step
        if ls % log_every == 0 or step == steps - 1:
            d = {keys["loss"]: loss.item()}
            if "lr" in keys:
                d[keys["lr"]] = opt.param_groups[0]["lr"]
            if grad_key:
                d[grad_key] = gn
            if epoch_key:
                d[epoch_key] = batches.epoch + batches._i / batches.per_epoch
            if weight_key:
                d[weight_key] = global_weight_norm(model)
            if acc_key:
                d[acc_key] = float((out.argmax(-1) == yb).float().mean())
            if extra:
                d.update(extra(step, model))
            log(ls, "train", **d)
        if eval_every and (step + 1) % eval_every == 0:
            vl, va = (eval_fn or evaluate)(model, xvt, yvt)
            d = {keys["val_loss"]: vl}
            if "val_acc" in keys:
                d[keys["val_acc"]] = va
            log(step + 1, "eval", **d)
    return model


def _rise_step(steps, vals, frac_of_min=1.5, sustain=20):
    """First step after which vals stay above frac_of_min * running min for `sustain` points (or NaN)."""
    run_min = np.inf
    for i, v in enumerate(vals):
        if not np.isfinite(v):
            return int(steps[i])
        run_min = min(run_min, v)
        if all((not np.isfinite(w)) or w > frac_of_min * run_min for w in vals[i:i + sustain]) and i + sustain <= len(vals):
            return int(steps[i])
    return None


# ==============================================================================================
# Healthy runs


@register("healthy-mlp-cosine")
def healthy_mlp_cosine(out: Path) -> Expected:
    torch = _torch()
    seed_all(0)
    x, y, xv, yv = mixture_split(0, 8000, 2000, 10)
    model = mlp(20, 128, 10)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.05)
    steps = 1500
    log = Log(0.031)
    classifier_run(seed=0, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=64, log=log,
                   keys={"loss": "train/loss", "val_loss": "val/loss", "val_acc": "val/accuracy", "lr": "train/learning_rate"},
                   lr_fn=lambda s: warmup_cosine(s, 100, steps), log_every=5, eval_every=100,
                   grad_key="train/grad_norm", epoch_key="epoch", weight_key="weight_norm")
    write_torch_tb(log, out)
    return Expected("10-class Gaussian-mixture MLP (20-128-128-10), AdamW 3e-3 wd 0.05, 100-step linear warmup then "
                    "cosine to 0, batch 64, 1500 steps. Nothing injected.", healthy=True, fmt="tfevents (torch SummaryWriter)",
                    absent=["divergence", "loss-spikes", "overfitting", "plateau-at-chance", "weight-norm-growth",
                            "schedule-ended-early", "exploding-gradients", "clip-saturation"])


@register("healthy-mlp-constant-lr")
def healthy_mlp_constant(out: Path) -> Expected:
    torch = _torch()
    seed_all(1)
    x, y, xv, yv = mixture_split(1, 16000, 2000, 10)
    model = mlp(20, 96, 10)
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    log = Log(0.012)
    classifier_run(seed=1, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=1500, bs=64, log=log,
                   keys={"loss": "loss", "val_loss": "val_loss", "val_acc": "val_acc", "lr": "lr"},
                   log_every=10, eval_every=100, epoch_key="epoch")
    write_csv(log, out / "log.csv", ["epoch", "loss", "lr", "val_loss", "val_acc"])
    return Expected("10-class Gaussian-mixture MLP, SGD momentum 0.9 at a constant LR 0.02, batch 64, 1500 steps, "
                    "written by a hand-rolled loop to a plain CSV. Nothing injected.", healthy=True, fmt="csv",
                    absent=["divergence", "loss-spikes", "overfitting", "plateau-at-chance", "schedule-ended-early",
                            "oscillation", "constant-loss"])


class CharGRU:
    pass


def _lm_model(kind, vocab, d=64):
    torch = _torch()
    nn = torch.nn

    class GRULM(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab, d)
            self.rnn = nn.GRU(d, d * 2, batch_first=True)
            self.out = nn.Linear(d * 2, vocab)

        def forward(self, x):
            return self.out(self.rnn(self.emb(x))[0])

    class TinyTransformer(nn.Module):
        def __init__(self, seq=48):
            super().__init__()
            self.emb = nn.Embedding(vocab, d)
            self.pos = nn.Parameter(torch.randn(seq, d) * 0.02)
            layer = nn.TransformerEncoderLayer(d, 4, d * 4, dropout=0.0, batch_first=True, norm_first=True)
            self.enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
            self.ln = nn.LayerNorm(d)
            self.out = nn.Linear(d, vocab)
            self.register_buffer("mask", nn.Transformer.generate_square_subsequent_mask(seq))

        def forward(self, x):
            n = x.shape[1]
            h = self.emb(x) + self.pos[:n]
            h = self.enc(h, mask=self.mask[:n, :n], is_causal=True)
            return self.out(self.ln(h))

    return GRULM() if kind == "gru" else TinyTransformer()


def lm_run(*, seed, kind, steps, lr, warmup, bs, seq, log: Log, keys, log_every, eval_every, sched="cosine",
           clip=1.0, step_base=0, epoch_tokens=None):
    torch = _torch()
    F = torch.nn.functional
    seed_all(seed)
    tr, va, vocab = char_corpus(seed)
    model = _lm_model(kind, vocab)
    lr = lr * VARIANT["lr_scale"]
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
    rng = np.random.default_rng(_reseeded(seed) + 7)
    vrng = np.random.default_rng(seed + 8)
    vx, vy = lm_batch(vrng, va, 128, seq)
    vx, vy = T(vx), T(vy)
    for step in range(steps):
        if sched == "cosine":
            f = warmup_cosine(step, warmup, steps)
        else:  # HF linear
            f = (step + 1) / warmup if step < warmup else max(0.0, (steps - step) / (steps - warmup))
        for g in opt.param_groups:
            g["lr"] = lr * f
        xb, yb = lm_batch(rng, tr, bs, seq)
        if VARIANT["bug"] == "label-noise":  # 40% of the next-token targets replaced by random tokens
            noisy = rng.random(yb.shape) < 0.4
            yb = np.where(noisy, rng.integers(0, vocab, size=yb.shape), yb)
        out = model(T(xb))
        loss = F.cross_entropy(out.reshape(-1, vocab), T(yb).reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), clip))
        opt.step()
        s = step + step_base
        if (step + step_base) % log_every == 0:
            d = {keys["loss"]: loss.item(), keys["lr"]: opt.param_groups[0]["lr"]}
            if "grad_norm" in keys:
                d[keys["grad_norm"]] = gn
            if "epoch" in keys:
                d[keys["epoch"]] = (step + 1) * bs * seq / len(tr)
            log(s, "train", **d)
        if (step + step_base) % eval_every == 0:
            model.eval()
            with torch.no_grad():
                vl = float(F.cross_entropy(model(vx).reshape(-1, vocab), vy.reshape(-1)))
            model.train()
            log(s, "eval", **{keys["val_loss"]: vl})
    return vocab, len(tr)


@register("healthy-gru-charlm")
def healthy_gru_charlm(out: Path) -> Expected:
    log = Log(0.021)
    steps, bs, seq = 600, 32, 40
    vocab, ntr = lm_run(seed=2, kind="gru", steps=steps, lr=3e-3, warmup=50, bs=bs, seq=seq, log=log,
                        keys={"loss": "loss", "lr": "learning_rate", "grad_norm": "grad_norm", "val_loss": "eval_loss"},
                        log_every=10, eval_every=100, sched="linear", step_base=1)
    spe = max(1, ntr // (bs * seq))
    write_hf_state(log, out / "trainer_state.json", max_steps=steps, logging_steps=10, eval_steps=100,
                   num_train_epochs=math.ceil(steps / spe), batch_size=bs, steps_per_epoch=spe)
    return Expected(f"Character-level GRU language model (vocab {vocab}) on text from a small synthetic grammar, "
                    "AdamW 3e-3 with HF-style linear warmup/decay, clip 1.0, 600 steps, logged like the HF Trainer "
                    "(logging_steps=10, eval_steps=100). Nothing injected.", healthy=True, fmt="hf-trainer-state",
                    absent=["divergence", "loss-spikes", "overfitting", "plateau-at-chance", "unfinished-schedule",
                            "initial-loss-off", "clip-saturation"])


@register("healthy-transformer-lm")
def healthy_transformer_lm(out: Path) -> Expected:
    log = Log(0.045)
    vocab, _ = lm_run(seed=3, kind="transformer", steps=500, lr=2e-3, warmup=50, bs=32, seq=40, log=log,
                      keys={"loss": "Loss/train", "lr": "lr", "val_loss": "Loss/val"},
                      log_every=2, eval_every=50)
    write_tbx(log, out)
    return Expected(f"2-layer pre-LN causal transformer (d=64) on characters of a synthetic grammar (vocab {vocab}), "
                    "AdamW 2e-3, 50-step warmup + cosine, clip 1.0, 500 steps, tensorboardX. Nothing injected.",
                    healthy=True, fmt="tfevents (tensorboardX)",
                    absent=["divergence", "loss-spikes", "overfitting", "plateau-at-chance", "initial-loss-off"])


@register("healthy-regression")
def healthy_regression(out: Path) -> Expected:
    torch = _torch()
    seed_all(4)
    rng = np.random.default_rng(4)
    n = 6000
    x = rng.uniform(-2, 2, size=(n, 8)).astype(np.float32)
    yy = (np.sin(2 * x[:, 0]) + 0.5 * x[:, 1] ** 2 - x[:, 2] * x[:, 3] + 0.3 * x[:, 4]
          + rng.normal(0, 0.3, n)).astype(np.float32)[:, None]
    model = mlp(8, 64, 1, act="tanh")
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    log = Log(0.01)
    steps = 2500
    classifier_run(seed=4, model=model, opt=opt, x=x[:5000], y=yy[:5000], xv=x[5000:], yv=yy[5000:], steps=steps,
                   bs=64, log=log, keys={"loss": "loss", "val_loss": "val_loss", "lr": "lr"},
                   lr_fn=lambda s: warmup_cosine(s, 200, steps, floor=0.05), log_every=10, eval_every=100,
                   loss_fn=torch.nn.functional.mse_loss,
                   eval_fn=lambda m, a, b: evaluate(m, a, b, loss="mse"))
    write_mlflow(log, out, "healthy-regression", {"lr": 0.002, "batch_size": 64, "optimizer": "Adam",
                                                  "max_steps": steps, "scheduler": "warmup_cosine"})
    return Expected("MLP regression (8 inputs, tanh, MSE) of a smooth nonlinear target with noise sd 0.3, Adam 2e-3 "
                    "with 200-step warmup and cosine to 5%, 2500 steps, logged to an MLflow file store. Nothing injected.",
                    healthy=True, fmt="mlflow", absent=["divergence", "loss-spikes", "overfitting", "plateau-at-chance",
                                                        "underfitting", "schedule-ended-early"])


def _cnn(k=10):
    torch = _torch()
    nn = torch.nn
    return nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Flatten(), nn.Linear(32 * 9, 64), nn.ReLU(), nn.Linear(64, k))


@register("healthy-cnn-digits")
def healthy_cnn_digits(out: Path) -> Expected:
    torch = _torch()
    seed_all(5)
    rng = np.random.default_rng(5)
    x, y = digit_images(rng, 5000)
    model = _cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    log = Log(0.02)
    bs, steps = 64, 4 * (4000 // 64)
    spe = 4000 // 64
    lrs = Log()
    classifier_run(seed=5, model=model, opt=opt, x=x[:4000], y=y[:4000], xv=x[4000:], yv=y[4000:], steps=steps, bs=bs,
                   log=lrs, keys={"loss": "train_loss_step", "val_loss": "val_loss", "val_acc": "val_acc"},
                   log_every=1, eval_every=spe, epoch_key="epoch")
    # Lightning: train rows every log_every_n_steps=10 (step = global step, epoch integer), lr-Adam rows with empty
    # epoch, then per epoch one validation row and one train_loss_epoch row.
    ep_losses = []
    for kind, s, d in lrs.rows:
        if kind == "train":
            ep_losses.append(d["train_loss_step"])
            if (s + 1) % 10 == 0:
                log(s, "train", epoch=int(d["epoch"] - 1e-9) if s else 0, train_loss_step=d["train_loss_step"])
                log(s, "lr", **{"lr-Adam": 1e-3})
        else:
            e = s // spe - 1
            log(s - 1, "eval", epoch=e, val_loss=d["val_loss"], val_acc=d["val_acc"])
            log(s - 1, "train", epoch=e, train_loss_epoch=float(np.mean(ep_losses)))
            ep_losses = []
    write_lightning_csv(log, out, {"lr": 0.001, "batch_size": 64, "max_epochs": 4, "num_classes": 10},
                        ["epoch", "lr-Adam", "step", "train_loss_epoch", "train_loss_step", "val_acc", "val_loss"])
    return Expected("Small CNN on 12x12 digit-like glyphs (10 classes, shifts + noise), Adam 1e-3, 4 epochs of 62 "
                    "steps, Lightning CSVLogger layout (sparse rows, log_every_n_steps=10). Nothing injected.",
                    healthy=True, fmt="lightning-csv",
                    absent=["divergence", "loss-spikes", "overfitting", "plateau-at-chance", "epoch-boundary-jumps"])


@register("healthy-keras-tf2")
def healthy_keras_tf2(out: Path) -> Expected:
    torch = _torch()
    seed_all(6)
    x, y, xv, yv = mixture_split(6, 6000, 1500, 5)
    model = mlp(20, 64, 5)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    inner = Log()
    bs = 64
    spe = 6000 // bs
    epochs = 12
    classifier_run(seed=6, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=spe * epochs, bs=bs, log=inner,
                   keys={"loss": "loss", "val_loss": "val_loss", "val_acc": "val_acc"}, log_every=1,
                   eval_every=spe, acc_key="acc")
    log = Log(1.5)
    tl, ta = [], []
    for kind, s, d in inner.rows:
        if kind == "train":
            tl.append(d["loss"])
            ta.append(d["acc"])
        else:
            e = s // spe - 1
            log(e, "train", epoch_loss=float(np.mean(tl)), epoch_accuracy=float(np.mean(ta)), epoch_learning_rate=1e-3)
            log(e, "validation", epoch_loss=d["val_loss"], epoch_accuracy=d["val_acc"])
            tl, ta = [], []
    write_tf2(log, out, content=True, subdirs={"train": "train", "validation": "validation"})
    return Expected("5-class Gaussian-mixture MLP trained 12 epochs with Adam 1e-3, logged per epoch the way the Keras "
                    "TensorBoard callback does (train/ and validation/ sub-runs, TF2 tensor scalars epoch_loss, "
                    "epoch_accuracy; step = epoch). Nothing injected.", healthy=True, fmt="tfevents (TF2 tensors, Keras layout)",
                    absent=["divergence", "loss-spikes", "overfitting", "plateau-at-chance"])


# ==============================================================================================
# Divergence


@register("divergence-lr-nan")
def divergence_lr_nan(out: Path) -> Expected:
    torch = _torch()
    seed_all(10)
    x, y, xv, yv = mixture_split(10, 4000, 1000, 10)
    model = mlp(20, 128, 10)
    opt = torch.optim.SGD(model.parameters(), lr=8.0, momentum=0.9)  # intended 0.08: a missing "e-2"
    log = Log(0.01)
    classifier_run(seed=10, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=200, bs=64, log=log,
                   keys={"loss": "loss", "val_loss": "val_loss", "lr": "lr"}, log_every=1, eval_every=50,
                   grad_key="grad_norm")
    write_jsonl(log, out / "metrics.jsonl")
    s, v = log.series("loss")
    bad = np.flatnonzero(~np.isfinite(v))
    first = int(s[bad[0]]) if len(bad) else int(s[np.argmax(v)])
    return Expected(f"10-class MLP trained with SGD momentum at lr=8 (a typo for 0.08). The loss blows up and is "
                    f"NaN/inf from step {first} on; the loop keeps going and keeps logging NaN, as real scripts do.",
                    fmt="jsonl", expect=[("divergence", 0, first)],
                    absent=["overfitting", "grokking", "schedule-ended-early", "plateau-at-chance", "constant-loss"],
                    notes={"first_nonfinite_step": first, "lr": 8.0})


@register("divergence-warmup-too-high")
def divergence_warmup_too_high(out: Path) -> Expected:
    torch = _torch()
    seed_all(11)
    x, y, xv, yv = mixture_split(11, 8000, 2000, 10)
    model = mlp(20, 128, 10, depth=3)
    peak, warm, steps = 0.1, 600, 1500
    opt = torch.optim.Adam(model.parameters(), lr=peak)
    log = Log(0.02)
    classifier_run(seed=11, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=64, log=log,
                   keys={"loss": "train/loss", "val_loss": "val/loss", "val_acc": "val/acc", "lr": "train/lr"},
                   lr_fn=lambda s: min(1.0, (s + 1) / warm), log_every=2, eval_every=100, grad_key="train/grad_norm")
    write_torch_tb(log, out)
    s, v = log.series("train/loss")
    sm = np.convolve(np.nan_to_num(v, nan=1e3), np.ones(10) / 10, mode="same")
    imin = int(np.argmin(sm[5:-5])) + 5
    rise = _rise_step(s, sm, 1.5, 50) or int(s[imin])
    return Expected(f"4-layer MLP with Adam and a linear LR warmup over {warm} steps to {peak} (about 30x too high), "
                    f"then held constant. The loss first falls (min near step {int(s[imin])}), then climbs as the LR "
                    "grows; most ReLUs die and the net collapses to predicting the class prior (loss ~log 10) for the rest of the run.", fmt="tfevents (torch SummaryWriter)",
                    expect=[("divergence", int(s[imin]), max(rise + 200, int(s[imin]) + 300))],
                    absent=["overfitting", "grokking", "schedule-ended-early", "initial-loss-off"],
                    notes={"loss_min_step": int(s[imin]), "sustained_rise_step": rise, "peak_lr": peak})


# ==============================================================================================
# Plateau at chance


class DesyncedBatches(Batches):
    """The bug: inputs and labels are shuffled by two different permutations each epoch."""

    def __init__(self, n, bs, rng):
        super().__init__(n, bs, rng)
        self._perm_y = None

    def next(self):
        new_epoch = self._perm is None or self._i >= self.per_epoch
        idx = super().next()
        if new_epoch:
            self._perm_y = self.rng.permutation(self.n)
        return idx, self._perm_y[(self._i - 1) * self.bs:self._i * self.bs]


def _desync_loop(*, seed, k, model, opt, x, y, xv, yv, steps, bs, log, keys, log_every, eval_every, epoch_key=None):
    torch = _torch()
    F = torch.nn.functional
    rng = np.random.default_rng(seed + 1)
    b = DesyncedBatches(len(x), bs, rng)
    xt, yt, xvt, yvt = T(x), T(y), T(xv), T(yv)
    for step in range(steps):
        ix, iy = b.next()
        out = model(xt[T(ix)])
        loss = F.cross_entropy(out, yt[T(iy)])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if step % log_every == 0 or step == steps - 1:
            d = {keys["loss"]: loss.item(), keys["acc"]: float((out.argmax(-1) == yt[T(iy)]).float().mean())}
            if "lr" in keys:
                d[keys["lr"]] = opt.param_groups[0]["lr"]
            if epoch_key:
                d[epoch_key] = b.epoch + b._i / b.per_epoch
            log(step, "train", **d)
        if (step + 1) % eval_every == 0:
            vl, va = evaluate(model, xvt, yvt)
            log(step + 1, "eval", **{keys["val_loss"]: vl, keys["val_acc"]: va})


def _plateau_expected(k, steps, fmt, how):
    return Expected(f"{k}-class classifier whose {how}, so inputs carry no information about the labels: the loss "
                    f"sits at ln({k}) = {math.log(k):.3f} for the whole run.", fmt=fmt,
                    expect=[("plateau-at-chance", 0, steps // 2)],
                    absent=["divergence", "overfitting", "grokking", "exploding-gradients", "initial-loss-off"],
                    notes={"num_classes": k, "log_k": math.log(k)})


@register("plateau-chance-k2")
def plateau_chance_k2(out: Path) -> Expected:
    torch = _torch()
    seed_all(20)
    x, y, xv, yv = mixture_split(20, 6000, 1000, 2)
    model = mlp(20, 64, 2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    log = Log(0.01)
    steps = 1500
    _desync_loop(seed=20, k=2, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=64, log=log,
                 keys={"loss": "train/loss", "acc": "train/acc", "val_loss": "val/loss", "val_acc": "val/acc"},
                 log_every=5, eval_every=100)
    write_tbx(log, out)
    return _plateau_expected(2, steps, "tfevents (tensorboardX)",
                             "data loader shuffles inputs and labels with two different permutations every epoch")


@register("plateau-chance-k10")
def plateau_chance_k10(out: Path) -> Expected:
    torch = _torch()
    seed_all(21)
    x, y, xv, yv = mixture_split(21, 8000, 2000, 10)
    model = mlp(20, 128, 10)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    log = Log(0.01)
    steps = 2000
    _desync_loop(seed=21, k=10, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=64, log=log,
                 keys={"loss": "train_loss", "acc": "train_acc", "val_loss": "val_loss", "val_acc": "val_acc", "lr": "lr"},
                 log_every=10, eval_every=125, epoch_key="epoch")
    write_csv(log, out / "metrics.csv", ["epoch", "train_loss", "train_acc", "lr", "val_loss", "val_acc"])
    return _plateau_expected(10, steps, "csv", "labels are drawn through a second, independent shuffle of the "
                             "training set (an index bug in a custom Dataset)")


@register("plateau-chance-k100")
def plateau_chance_k100(out: Path) -> Expected:
    torch = _torch()
    seed_all(22)
    x, y, xv, yv = mixture_split(22, 10000, 2000, 100, clusters=1, sep=1.5)
    model = mlp(20, 256, 100)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
    log = Log(0.012)
    steps = 1200
    _desync_loop(seed=22, k=100, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=128, log=log,
                 keys={"loss": "loss", "acc": "accuracy", "val_loss": "val_loss", "val_acc": "val_accuracy", "lr": "lr"},
                 log_every=4, eval_every=100)
    write_jsonl(log, out / "train_log.jsonl")
    return _plateau_expected(100, steps, "jsonl", "labels come from a separately shuffled label array (inputs and "
                             "targets out of sync)")


# ==============================================================================================
# Overfitting, epoch-boundary jumps


@register("overfitting-small-data")
def overfitting_small_data(out: Path) -> Expected:
    torch = _torch()
    seed_all(30)
    x, y, xv, yv = mixture_split(30, 300, 2000, 10)
    model = mlp(20, 512, 10, depth=3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    inner = Log()
    bs, epochs = 30, 100
    spe = 300 // bs
    classifier_run(seed=30, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=spe * epochs, bs=bs, log=inner,
                   keys={"loss": "train_loss_step", "val_loss": "val_loss", "val_acc": "val_acc"}, log_every=1,
                   eval_every=spe)
    log = Log(0.03)
    tl = []
    for kind, s, d in inner.rows:
        if kind == "train":
            tl.append(d["train_loss_step"])
            if (s + 1) % 5 == 0:
                log(s, "train", epoch=s // spe, train_loss_step=d["train_loss_step"])
        else:
            e = s // spe - 1
            log(s - 1, "eval", epoch=e, val_loss=d["val_loss"], val_acc=d["val_acc"])
            log(s - 1, "train", epoch=e, train_loss_epoch=float(np.mean(tl)))
            tl = []
    write_lightning_csv(log, out, {"lr": 0.001, "hidden": 512, "n_train": 300, "weight_decay": 0.0, "max_epochs": epochs},
                        ["epoch", "step", "train_loss_epoch", "train_loss_step", "val_acc", "val_loss"])
    s, v = log.series("val_loss")
    imin = int(np.argmin(v))
    return Expected("3x512 MLP trained on only 300 examples of the 10-class mixture (2000 held out), Adam 1e-3, no "
                    f"weight decay, no dropout, 100 epochs. Validation loss bottoms out at step {int(s[imin])} and "
                    "climbs from there while the training loss goes to ~0.", fmt="lightning-csv",
                    expect=[("overfitting", max(0, int(s[imin]) - 100), int(s[imin]) + 300)],
                    absent=["divergence", "plateau-at-chance", "underfitting", "loss-spikes", "grokking"],
                    notes={"val_min_step": int(s[imin]), "n_train": 300})


@register("epoch-jumps-sorted-by-difficulty")
def epoch_jumps(out: Path) -> Expected:
    torch = _torch()
    F = torch.nn.functional
    seed_all(31)
    rng = np.random.default_rng(31)
    x, y, xv, yv = mixture_split(31, 4096, 1000, 10, sep=0.8)
    # the bug: the dataset was saved sorted by a "difficulty" score (here the loss of a quick linear probe)
    # and the DataLoader has shuffle=False, so every epoch runs easy -> hard
    probe = torch.nn.Linear(20, 10)
    popt = torch.optim.Adam(probe.parameters(), lr=1e-2)
    for _ in range(200):
        popt.zero_grad()
        F.cross_entropy(probe(T(x)), T(y)).backward()
        popt.step()
    with torch.no_grad():
        diff = F.cross_entropy(probe(T(x)), T(y), reduction="none").numpy()
    order = np.argsort(diff, kind="stable")
    model = mlp(20, 128, 10)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
    bs = 32
    spe = 4096 // bs
    epochs = 5
    log = Log(0.015)
    batches = Batches(4096, bs, rng, order=order)
    classifier_run(seed=31, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=spe * epochs, bs=bs, log=log,
                   keys={"loss": "loss", "val_loss": "eval_loss", "val_acc": "eval_accuracy", "lr": "learning_rate"},
                   log_every=2, eval_every=spe, grad_key="grad_norm", batches=batches, one_based=True)
    write_hf_state(log, out / "trainer_state.json", max_steps=spe * epochs, logging_steps=2, eval_steps=spe,
                   num_train_epochs=epochs, batch_size=bs, steps_per_epoch=spe)
    bounds = [spe * e for e in range(1, epochs)]
    return Expected("10-class MLP whose training set is stored sorted by difficulty (a linear probe's loss) and read "
                    "with shuffle=False: every epoch goes from easy to hard examples, so the loss climbs through each "
                    f"epoch and drops at every boundary (steps {bounds}). HF Trainer log, logging_steps=2.",
                    fmt="hf-trainer-state", expect=[("epoch-boundary-jumps", 0, spe * epochs)],
                    absent=["divergence", "plateau-at-chance", "grokking", "constant-loss"],
                    notes={"steps_per_epoch": spe, "epoch_boundaries": bounds})


# ==============================================================================================
# Loss spikes, clipping


SPIKE_STEPS = [300, 620, 950]


def _spike_run(seed, clip):
    torch = _torch()
    seed_all(seed)
    x, y, xv, yv = mixture_split(seed, 8000, 2000, 10)
    model = mlp(20, 128, 10)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    log = Log(0.01)

    def corrupt(step, xb, yb):
        # a shard written without normalisation: this batch's features are in raw units (x40)
        if step in SPIKE_STEPS:
            return xb * 40.0, yb
        return xb, yb

    return model, opt, x, y, xv, yv, log, corrupt


@register("loss-spikes-corrupt-batches")
def loss_spikes_noclip(out: Path) -> Expected:
    model, opt, x, y, xv, yv, log, corrupt = _spike_run(40, None)
    classifier_run(seed=40, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=1300, bs=64, log=log,
                   keys={"loss": "Loss/train", "val_loss": "Loss/val", "val_acc": "Accuracy/val", "lr": "lr"},
                   log_every=1, eval_every=100, grad_key="grad_norm", corrupt=corrupt)
    write_torch_tb(log, out)
    return Expected(f"10-class MLP, SGD momentum 0.05, no gradient clipping. At steps {SPIKE_STEPS} the batch comes "
                    "from a shard that was never normalised (features x40): the loss jumps 20-50x on that batch, "
                    "the huge unclipped gradient knocks the weights off, and the loss recovers over the next ~50 steps.",
                    fmt="tfevents (torch SummaryWriter)", expect=[("loss-spikes", SPIKE_STEPS[0] - 2, SPIKE_STEPS[-1] + 20)],
                    absent=["divergence", "plateau-at-chance", "overfitting", "oscillation", "constant-loss"],
                    notes={"spike_steps": SPIKE_STEPS, "clip": "none"})


@register("loss-spikes-clipped")
def loss_spikes_clipped(out: Path) -> Expected:
    model, opt, x, y, xv, yv, log, corrupt = _spike_run(41, 1.0)
    classifier_run(seed=41, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=1300, bs=64, log=log,
                   keys={"loss": "train/loss", "val_loss": "val/loss", "val_acc": "val/acc", "lr": "train/lr"},
                   log_every=1, eval_every=100, grad_key="train/grad_norm", corrupt=corrupt, clip=5.0)
    write_tbx(log, out)
    return Expected(f"Same corrupted batches as loss-spikes-corrupt-batches (steps {SPIKE_STEPS}, features x40) but "
                    "with clip_grad_norm_(max_norm=5): the loss still spikes on the bad batch (the forward pass sees "
                    "it), the pre-clip grad norm jumps, but the update is bounded and the next steps are barely hurt.",
                    fmt="tfevents (tensorboardX)", expect=[("loss-spikes", SPIKE_STEPS[0] - 2, SPIKE_STEPS[-1] + 20)],
                    absent=["divergence", "plateau-at-chance", "overfitting", "oscillation", "clip-saturation",
                            "exploding-gradients"],
                    notes={"spike_steps": SPIKE_STEPS, "clip": 5.0})


@register("clip-saturation")
def clip_saturation(out: Path) -> Expected:
    torch = _torch()
    seed_all(42)
    x, y, xv, yv = mixture_split(42, 8000, 2000, 10)
    model = mlp(20, 128, 10)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    thr = 0.02
    log = Log(0.01)
    steps = 1500
    classifier_run(seed=42, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=64, log=log,
                   keys={"loss": "train/loss", "val_loss": "val/loss", "val_acc": "val/accuracy", "lr": "train/lr"},
                   log_every=3, eval_every=100, grad_key="train/grad_norm", clip=thr,
                   extra=lambda s, m: {"max_grad_norm": thr})
    write_torch_tb(log, out)
    s, g = log.series("train/grad_norm")
    frac = float(np.mean(g > thr))
    return Expected(f"10-class MLP, SGD momentum lr 0.1 with clip_grad_norm_(max_norm={thr}) -- about 50x below the "
                    f"typical gradient norm. The logged pre-clip norm exceeds the threshold on {frac:.0%} of the steps, "
                    "so every update is a fixed-length step and training crawls.", fmt="tfevents (torch SummaryWriter)",
                    expect=[("clip-saturation", 0, steps // 2)],
                    absent=["divergence", "exploding-gradients", "loss-spikes", "vanishing-gradients"],
                    notes={"max_grad_norm": thr, "fraction_clipped": round(frac, 4)})


# ==============================================================================================
# Schedule ended early (scheduler stepped per micro-batch under gradient accumulation)


@register("schedule-ended-early-grad-accum")
def schedule_ended_early(out: Path) -> Expected:
    torch = _torch()
    F = torch.nn.functional
    seed_all(50)
    rng = np.random.default_rng(51)
    x, y, xv, yv = mixture_split(50, 12000, 2000, 10, sep=0.8)
    model = mlp(20, 128, 10)
    opt_steps, accum, warm, lr0 = 900, 3, 30, 3e-4
    opt = torch.optim.AdamW(model.parameters(), lr=lr0, weight_decay=0.01)
    # get_linear_schedule_with_warmup(num_training_steps=opt_steps), but stepped after every micro-batch
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: (s + 1) / warm if s < warm else max(0.0, (opt_steps - s) / (opt_steps - warm)))
    b = Batches(len(x), 32, rng)
    xt, yt, xvt, yvt = T(x), T(y), T(xv), T(yv)
    log = Log(0.03)
    for step in range(opt_steps):
        tot = 0.0
        for _ in range(accum):
            idx = T(b.next())
            loss = F.cross_entropy(model(xt[idx]), yt[idx]) / accum
            loss.backward()
            tot += loss.item()
            sched.step()  # BUG: belongs after opt.step(), once per optimizer step
        lr_used = opt.param_groups[0]["lr"]
        opt.step()
        opt.zero_grad(set_to_none=True)
        if (step + 1) % 5 == 0:
            log(step + 1, "train", train_loss=tot, learning_rate=lr_used)
        if (step + 1) % 50 == 0:
            vl, va = evaluate(model, xvt, yvt)
            log(step + 1, "eval", val_loss=vl, val_accuracy=va)
    write_mlflow(log, out, "schedule-ended-early", {"learning_rate": lr0, "gradient_accumulation_steps": accum,
                                                    "warmup_steps": warm, "max_steps": opt_steps,
                                                    "lr_scheduler_type": "linear", "per_device_train_batch_size": 32})
    s, lr = log.series("learning_rate")
    zero = int(s[np.flatnonzero(lr <= 1e-4 * lr0)[0]])
    return Expected(f"10-class MLP, AdamW {lr0}, linear warmup/decay schedule sized for {opt_steps} optimizer steps, "
                    f"gradient accumulation {accum} -- but scheduler.step() is called after every micro-batch, so the "
                    f"LR reaches 0 at optimizer step ~{zero} ({zero / opt_steps:.0%} of training) while the loss is still "
                    "falling; the remaining steps do nothing. MLflow file store.", fmt="mlflow",
                    expect=[("schedule-ended-early", zero - 40, zero + 40)],
                    absent=["divergence", "plateau-at-chance", "overfitting", "loss-spikes"],
                    notes={"lr_zero_step": zero, "max_steps": opt_steps, "grad_accum": accum})


# ==============================================================================================
# Grokking


GROK = {"seed": 61, "p": 41, "frac": 0.45, "steps": 2000, "hidden": 64}


@register("grokking-modadd")
def grokking_modadd(out: Path) -> Expected:
    torch = _torch()
    F = torch.nn.functional
    nn = torch.nn
    seed_all(GROK["seed"])
    p, frac, steps, H = GROK["p"], GROK["frac"], GROK["steps"], GROK["hidden"]
    a, b = torch.meshgrid(torch.arange(p), torch.arange(p), indexing="ij")
    a, b = a.flatten(), b.flatten()
    y = (a + b) % p
    perm = torch.randperm(p * p)
    ntr = int(frac * p * p)
    tr, va = perm[:ntr], perm[ntr:]

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(p, H)
            self.l1 = nn.Linear(2 * H, 2 * H)
            self.l2 = nn.Linear(2 * H, p)

        def forward(self, a, b):
            return self.l2(torch.relu(self.l1(torch.cat([self.emb(a), self.emb(b)], -1))))

    model = Net()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=1.0, betas=(0.9, 0.98))
    log = Log(0.003)
    for step in range(steps):
        out_ = model(a[tr], b[tr])
        loss = F.cross_entropy(out_, y[tr])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if step % 10 == 0 or step == steps - 1:
            with torch.no_grad():
                vo = model(a[va], b[va])
                vl = float(F.cross_entropy(vo, y[va]))
                vacc = float((vo.argmax(-1) == y[va]).float().mean())
            tacc = float((out_.argmax(-1) == y[tr]).float().mean())
            log(step, "train", epoch_loss=loss.item(), epoch_accuracy=tacc)
            log(step, "validation", epoch_loss=vl, epoch_accuracy=vacc)
    write_tf2(log, out, content=True, subdirs={"train": "train", "validation": "validation"})
    s, ta = log.series("epoch_accuracy")
    tr_rows = [(st, d) for k, st, d in log.rows if k == "train"]
    va_rows = [(st, d) for k, st, d in log.rows if k == "validation"]
    t99 = next(st for st, d in tr_rows if d["epoch_accuracy"] >= 0.99)
    v50 = next((st for st, d in va_rows if d["epoch_accuracy"] >= 0.5), steps)
    v90 = next((st for st, d in va_rows if d["epoch_accuracy"] >= 0.9), steps)
    return Expected(f"(a + b) mod {p} with {frac:.0%} of the pairs for training, embedding + 1-hidden-layer MLP, "
                    f"full-batch AdamW lr 1e-2 with weight decay 1.0, {steps} steps. Train accuracy reaches 99% at step "
                    f"{t99}; validation accuracy stays near chance (1/{p}) for hundreds of steps, then climbs past 50% "
                    f"at step {v50} and 90% at step {v90}. Logged like Keras (train/ + validation/ TF2 tensor scalars).",
                    fmt="tfevents (TF2 tensors, Keras layout)", expect=[("grokking", t99, v90)],
                    absent=["plateau-at-chance", "divergence", "constant-loss", "underfitting", "overfitting"],
                    notes={"p": p, "train_fraction": frac, "train_acc_99_step": t99, "val_acc_50_step": v50,
                           "val_acc_90_step": v90})


# ==============================================================================================
# Gradients


@register("exploding-gradients-no-clip")
def exploding_gradients(out: Path) -> Expected:
    torch = _torch()
    F = torch.nn.functional
    seed_all(70)
    rng = np.random.default_rng(70)
    n = 6000
    x = rng.normal(0, 1, (n, 16)).astype(np.float32)
    yy = (np.sin(x[:, :4]).sum(1) + 0.5 * x[:, 4] * x[:, 5] + rng.normal(0, 0.1, n)).astype(np.float32)[:, None]
    model = mlp(16, 128, 1, depth=4)
    steps, warm, peak = 800, 800, EXPLODE_PEAK_LR
    opt = torch.optim.SGD(model.parameters(), lr=peak, momentum=0.9)  # no clip_grad_norm_
    log = Log(0.01)
    classifier_run(seed=70, model=model, opt=opt, x=x[:5000], y=yy[:5000], xv=x[5000:], yv=yy[5000:], steps=steps,
                   bs=64, log=log, keys={"loss": "train/loss", "val_loss": "eval/loss", "lr": "train/learning_rate"},
                   lr_fn=lambda s: (s + 1) / warm, log_every=2, eval_every=50, grad_key="train/grad_norm",
                   weight_key="train/weight_norm", loss_fn=F.mse_loss, eval_fn=lambda m, a, b: evaluate(m, a, b, loss="mse"))
    write_tbx(log, out)
    s, g = log.series("train/grad_norm")
    fin = np.isfinite(g)
    base = float(np.median(g[fin][(s[fin] > 50) & (s[fin] < 250)]))
    big = np.flatnonzero(~fin | (g > 100 * base))
    onset = int(s[big[0]]) if len(big) else int(s[-1])
    return Expected(f"4-hidden-layer ReLU MLP regression (MSE), SGD momentum 0.9 with a linear LR ramp to {peak} over "
                    "the whole run and NO gradient clipping. Once the LR crosses the stability limit the updates "
                    f"feed back into the gradients: the grad norm (~{base:.2g} early on) grows by orders of magnitude "
                    f"-- past 100x by step {onset} -- and ends in inf/NaN. The loss already drifts up from its minimum (~step "
                    "300) as the LR grows, so divergence is expected anywhere from there to the NaN.",
                    fmt="tfevents (tensorboardX)",
                    expect=[("exploding-gradients", max(0, onset - 150), onset + 20), ("divergence", 300, onset + 30)],
                    absent=["vanishing-gradients", "plateau-at-chance", "overfitting", "grokking", "clip-saturation"],
                    notes={"grad_norm_early_median": base, "grad_norm_100x_step": onset, "peak_lr": peak})


EXPLODE_PEAK_LR = 0.2


@register("vanishing-gradients-sigmoid")
def vanishing_gradients(out: Path) -> Expected:
    torch = _torch()
    seed_all(71)
    x, y, xv, yv = mixture_split(71, 8000, 2000, 10)
    depth = 12
    model = mlp(20, 64, 10, act="sigmoid", depth=depth)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    linears = [m for m in model if isinstance(m, torch.nn.Linear)]

    def per_layer(step, m):
        return {f"grad_norm/layer_{i:02d}": float(lin.weight.grad.norm()) for i, lin in enumerate(linears)}

    log = Log(0.02)
    steps = 1500
    classifier_run(seed=71, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=64, log=log,
                   keys={"loss": "train/loss", "val_loss": "val/loss", "val_acc": "val/acc"},
                   log_every=10, eval_every=100, grad_key="grad_norm", extra=per_layer)
    write_torch_tb(log, out)
    first = log.series("grad_norm/layer_00")[1]
    last = log.series(f"grad_norm/layer_{depth:02d}")[1]
    ratio = float(np.median(last / np.maximum(first, 1e-30)))
    return Expected(f"{depth}-hidden-layer sigmoid MLP (width 64, default init), SGD momentum lr 0.05 on the 10-class "
                    f"mixture. Per-layer weight-gradient norms are logged: the first layer's is ~{ratio:.0e}x smaller "
                    "than the last layer's, and the loss barely leaves ln(10).",
                    fmt="tfevents (torch SummaryWriter)", expect=[("vanishing-gradients", 0, steps // 2)],
                    absent=["exploding-gradients", "divergence", "overfitting", "loss-spikes", "clip-saturation"],
                    notes={"depth": depth, "median_last_over_first_grad_ratio": ratio})


# ==============================================================================================
# Constant loss, eval-mode bug, underfitting, initial loss off


@register("constant-loss-lr-zero")
def constant_loss(out: Path) -> Expected:
    torch = _torch()
    F = torch.nn.functional
    seed_all(80)
    rng = np.random.default_rng(80)
    n = 2000
    x = rng.normal(0, 1, (n, 6)).astype(np.float32)
    yy = (0.5 * np.tanh(x[:, 0] * x[:, 1]) + 0.4 * np.sin(x[:, 2]) + rng.normal(0, 0.2, n)).astype(np.float32)[:, None]
    model = mlp(6, 64, 1)
    warmup, steps = 1000, 800
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    # BUG: integer division -- the factor is 0 for every step before `warmup`, and warmup > the whole run
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1, s // warmup))
    xt, yt = T(x[:1600]), T(yy[:1600])
    xv, yv = T(x[1600:]), T(yy[1600:])
    log = Log(0.004)
    for step in range(steps):  # small data set: full-batch training
        loss = F.mse_loss(model(xt), yt)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        lr = opt.param_groups[0]["lr"]
        sched.step()
        if step % 4 == 0:
            log(step, "train", train_loss=loss.item(), lr=lr)
        if (step + 1) % 50 == 0:
            with torch.no_grad():
                log(step + 1, "eval", val_loss=float(F.mse_loss(model(xv), yv)))
    write_csv(log, out / "history.csv", ["train_loss", "lr", "val_loss"])
    s, v = log.series("train_loss")
    return Expected("Full-batch MLP regression (MSE) whose warmup factor is `min(1, step // warmup)` with warmup=1000 "
                    f"> the {steps}-step run: integer division makes the LR exactly 0, the weights never change, and "
                    f"the logged loss is the same number ({v[0]:.6g}) at every step.", fmt="csv",
                    expect=[("constant-loss", 0, steps // 2)],
                    absent=["divergence", "loss-spikes", "overfitting", "oscillation", "initial-loss-off", "grokking"],
                    notes={"constant_value": float(v[0])})


@register("eval-mode-bug-batchnorm")
def eval_mode_bug(out: Path) -> Expected:
    torch = _torch()
    F = torch.nn.functional
    seed_all(81)
    x, y, xv, yv = mixture_split(81, 8192, 2000, 10)
    order = np.argsort(yv, kind="stable")  # validation set stored sorted by class (no shuffle for eval)
    xv, yv = xv[order], yv[order]
    model = mlp(20, 128, 10, bn=True, dropout=0.3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def eval_train_mode(m, a, b):  # BUG: model.eval() forgotten -> BatchNorm uses each val batch's own stats
        tot, acc = 0.0, 0.0
        with torch.no_grad():
            for i in range(0, len(a), 200):
                o = m(a[i:i + 200])
                tot += float(F.cross_entropy(o, b[i:i + 200], reduction="sum"))
                acc += float((o.argmax(-1) == b[i:i + 200]).sum())
        return tot / len(a), acc / len(a)

    inner = Log()
    bs = 64
    spe = 8192 // bs
    epochs = 8
    classifier_run(seed=81, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=spe * epochs, bs=bs, log=inner,
                   keys={"loss": "train_loss_step", "val_loss": "val_loss", "val_acc": "val_acc"}, log_every=1,
                   eval_every=spe // 2, eval_fn=eval_train_mode)
    log = Log(0.02)
    tl = []
    for kind, s, d in inner.rows:
        if kind == "train":
            tl.append(d["train_loss_step"])
            if (s + 1) % 10 == 0:
                log(s, "train", epoch=s // spe, train_loss_step=d["train_loss_step"])
        else:
            log(s - 1, "eval", epoch=(s - 1) // spe, val_loss=d["val_loss"], val_acc=d["val_acc"])
            if s % spe == 0:
                log(s - 1, "train", epoch=(s - 1) // spe, train_loss_epoch=float(np.mean(tl)))
                tl = []
    write_lightning_csv(log, out, {"lr": 0.001, "dropout": 0.3, "batch_norm": True, "val_check_interval": 0.5},
                        ["epoch", "step", "train_loss_epoch", "train_loss_step", "val_acc", "val_loss"])
    return Expected("MLP with BatchNorm and dropout 0.3 on the 10-class mixture; validation runs WITHOUT model.eval() "
                    "on a class-sorted validation set, so BatchNorm normalises each single-class batch by its own "
                    "statistics and wipes out the class signal: val loss sits far above the train loss from the first "
                    "evaluation on. Lightning CSV, validation twice per epoch.", fmt="lightning-csv",
                    expect=[("train-val-gap", 0, spe * 2)],
                    absent=["divergence", "plateau-at-chance", "loss-spikes", "grokking"])


@register("underfitting-linear-model")
def underfitting_linear(out: Path) -> Expected:
    torch = _torch()
    seed_all(82)
    x, y, xv, yv = mixture_split(82, 8000, 2000, 10, clusters=10)
    model = torch.nn.Linear(20, 10)  # the "baseline" left in the config instead of the MLP
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    log = Log(0.005)
    steps = 1500
    classifier_run(seed=82, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=64,
                   log=log, keys={"loss": "loss", "val_loss": "val_loss", "val_acc": "val_accuracy", "lr": "lr"},
                   log_every=5, eval_every=100, acc_key="accuracy", epoch_key="epoch")
    write_csv(log, out / "training_log.csv", ["epoch", "loss", "accuracy", "lr", "val_loss", "val_accuracy"])
    s, v = log.series("val_loss")
    _, va = log.series("val_accuracy")
    return Expected("A single Linear layer (multinomial logistic regression) left in the config instead of the MLP, "
                    "on a 10-class mixture whose classes are unions of 10 Gaussian blobs each (not linearly separable): "
                    f"train and val loss both stall at ~{v[-1]:.2f} (ln 10 = 2.30) with ~{va[-1]:.0%} accuracy from "
                    "the first hundred steps on.", fmt="csv",
                    expect=[("underfitting", 0, steps)],
                    absent=["divergence", "overfitting", "loss-spikes", "grokking", "exploding-gradients",
                            "plateau-at-chance"],
                    notes={"final_val_loss": float(v[-1]), "final_val_accuracy": float(va[-1]), "log_k": math.log(10)})


@register("initial-loss-off-bad-init")
def initial_loss_off(out: Path) -> Expected:
    torch = _torch()
    seed_all(83)
    x, y, xv, yv = mixture_split(83, 8000, 2000, 10)
    model = mlp(20, 128, 10)
    with torch.no_grad():  # BUG: "init_scale=30" meant for a different architecture, applied to the output layer
        model[-1].weight.mul_(30.0)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    log = Log(0.01)
    classifier_run(seed=83, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=1500, bs=64, log=log,
                   keys={"loss": "train/loss", "val_loss": "eval/loss", "val_acc": "eval/accuracy", "lr": "train/learning_rate"},
                   log_every=5, eval_every=100, grad_key="train/grad_norm")
    # MLflow params carry the class count, as real training scripts log it (num_classes / num_labels):
    # without K a first loss of 7.3 could be a uniform start over ~1,500 classes
    write_mlflow(log, out, "initial-loss-off-bad-init", {"num_classes": 10, "lr": 0.001, "optimizer": "Adam",
                                                         "batch_size": 64, "init_scale": 30})
    s, v = log.series("train/loss")
    return Expected("10-class MLP whose output layer weights were multiplied by 30 at init: the first loss is "
                    f"{v[0]:.1f} instead of ln(10) = 2.30 (confidently wrong logits); it then comes down slowly. "
                    "MLflow file store; the class count is logged as the param num_classes.",
                    fmt="mlflow", expect=[("initial-loss-off", 0, 20)],
                    absent=["plateau-at-chance", "constant-loss", "grokking", "divergence"],
                    notes={"first_loss": float(v[0]), "log_k": math.log(10)})


@register("weight-norm-growth-no-wd")
def weight_norm_growth(out: Path) -> Expected:
    torch = _torch()
    seed_all(84)
    x, y, xv, yv = mixture_split(84, 8000, 2000, 5)
    model = mlp(20, 128, 5, bn=True)  # Linear -> BatchNorm: the hidden weights are scale-invariant
    opt = torch.optim.Adam(model.parameters(), lr=WN_LR)  # and there is no weight decay to hold them
    log = Log(0.01)
    steps = 3000
    classifier_run(seed=84, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=64, log=log,
                   keys={"loss": "loss", "val_loss": "val_loss", "val_acc": "val_accuracy", "lr": "learning_rate"},
                   log_every=10, eval_every=100, weight_key="weight_norm", grad_key="grad_norm")
    write_tf2(log, out, content=False)
    s, w = log.series("weight_norm")
    return Expected(f"5-class MLP with BatchNorm after each hidden Linear, Adam lr {WN_LR} and NO weight decay. The "
                    "loss is blind to the scale of the BN-normalised weights, every Adam step adds a roughly orthogonal "
                    "increment, and nothing pulls them back: the global weight norm grows steadily "
                    f"({w[0]:.1f} -> {w[-1]:.1f}) without levelling off. TF2 tensor scalars (float_val).",
                    fmt="tfevents (TF2 tensors, float_val)", expect=[("weight-norm-growth", 0, steps)],
                    absent=["divergence", "plateau-at-chance", "weight-norm-collapse", "exploding-gradients"],
                    notes={"weight_norm_first": float(w[0]), "weight_norm_last": float(w[-1])})


@register("oscillation-high-lr-tiny-batch")
def oscillation(out: Path) -> Expected:
    torch = _torch()
    seed_all(85)
    x, y, xv, yv = mixture_split(85, 8000, 2000, 10)
    model = mlp(20, 128, 10)
    opt = torch.optim.SGD(model.parameters(), lr=OSC_LR)
    steps = 3000
    log = Log(0.005)
    classifier_run(seed=85, model=model, opt=opt, x=x, y=y, xv=xv, yv=yv, steps=steps, bs=4, log=log,
                   keys={"loss": "loss", "val_loss": "val_loss", "val_acc": "val_acc", "lr": "lr"},
                   log_every=5, eval_every=250)
    write_jsonl(log, out / "metrics.jsonl")
    return Expected(f"10-class MLP, plain SGD at lr {OSC_LR} with batch size 4: after a quick initial drop the "
                    "per-step loss bounces over more than an order of magnitude (10th-90th percentile ~0.05-2.5) with "
                    "no downward trend for the rest of the run, and the val loss drifts up.",
                    fmt="jsonl", expect=[("oscillation", 100, steps)],
                    absent=["divergence", "plateau-at-chance", "constant-loss", "grokking"])


OSC_LR = 0.2
WN_LR = 1e-2


# ==============================================================================================
# Driver


def generate(name: str, out: Path, variant: dict | None = None) -> tuple[Expected, float]:
    """Run one generator into ``out/<name>`` (wiped first); returns its Expected and the seconds it took. A
    variant run gets a ``variant.toml`` saying what differs instead of the recipe's ``expected.toml``."""
    fn = RUNS[name]
    run_dir = Path(out) / name
    if run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.mkdir(parents=True)
    t = time.perf_counter()
    exp = fn(run_dir)
    dt = time.perf_counter() - t
    if variant:
        lines = [f"recipe = {_toml_value(name)}"] + [f"{k} = {_toml_value(v)}" for k, v in variant.items()]
        if variant.get("bug"):
            lines.append(f"bug_description = {_toml_value(BUGS[variant['bug']])}")
        (run_dir / "variant.toml").write_text("\n".join(lines) + "\n")
    else:
        write_expected(run_dir, fn.__name__, exp)
    return exp, dt


README_HEAD = """# sample_runs

Real training runs with known faults, made by actual gradient descent on CPU by
[`scripts/make_sample_runs.py`](../scripts/make_sample_runs.py) (tiny PyTorch models on generated data;
`pip install .[samples]`, then `python scripts/make_sample_runs.py`; `--list`, `--only NAME...`, `--out DIR`).
Nothing here is drawn from a formula: the curves carry real minibatch noise, warmup bumps, eval noise and
interacting symptoms. Each folder holds the log in the format of one real framework and an `expected.toml`
(format in the detector catalogue): the detectors that must fire with their step range, the near misses that
must not fire (`absent`), and `healthy = true` for runs that must yield no warning or error at all.
The `[facts]` table records the injected fault's parameters (not read by curvedoc).

This file is generated from the `expected.toml` files; do not edit it by hand.

| run | format | what was done | must fire (step range) | must not fire |
|---|---|---|---|---|
"""


def write_readme(out: Path):
    import tomllib

    rows = []
    for d in sorted(p for p in Path(out).iterdir() if (p / "expected.toml").is_file()):
        e = tomllib.loads((d / "expected.toml").read_text())
        fire = "healthy: nothing" if e.get("healthy") else ", ".join(
            f"{x['detector']} [{x['step'][0]}, {x['step'][1]}]" for x in e.get("expect", []))
        rows.append(f"| `{d.name}` | {e.get('format', '')} | {e['description'].replace('|', '/')} | {fire} | "
                    f"{', '.join(e.get('absent', []))} |")
    (Path(out) / "README.md").write_text(README_HEAD + "\n".join(rows) + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: <repo>/sample_runs)")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="generate only these runs")
    ap.add_argument("--list", action="store_true", help="list the runs and exit")
    ap.add_argument("--reseed", type=int, default=0, metavar="K",
                    help="variant: the same recipe and data with another initialisation and batch order")
    ap.add_argument("--lr-scale", type=float, default=1.0, metavar="F", help="variant: learning rate times F")
    ap.add_argument("--bug", choices=sorted(BUGS), default=None, help="variant: inject a data-pipeline bug")
    ap.add_argument("--write-as", choices=["jsonl", "csv"], default=None,
                    help="variant: write the curves as JSONL or CSV instead of the recipe's own format")
    args = ap.parse_args(argv)
    VARIANT.update(reseed=args.reseed, lr_scale=args.lr_scale, bug=args.bug, write_as=args.write_as)
    variant = {k: v for k, v in VARIANT.items() if v not in (0, 1.0, None)}
    if args.list:
        for n, fn in RUNS.items():
            print(f"{n:36s} {fn.__name__}")
        return 0
    names = args.only or list(RUNS)
    unknown = [n for n in names if n not in RUNS]
    if unknown:
        ap.error(f"unknown run(s): {', '.join(unknown)} (see --list)")
    try:
        import torch  # noqa: F401
    except ImportError:
        print("torch is needed to generate the sample runs: pip install '.[samples]'", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    total = time.perf_counter()
    for n in names:
        _, dt = generate(n, args.out, variant)
        print(f"{n:36s} {dt:6.1f} s", flush=True)
    if not variant:
        write_readme(args.out)
    print(f"{len(names)} run(s) in {time.perf_counter() - total:.1f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
