#!/usr/bin/env python
"""Lock-box batch 2027-01-11nu46: 50 small trainings "a new user wrote".

python make_runs.py                       # make every run (two at a time, each in its own process)
python make_runs.py --only text/loan_mlp_adam   # re-make one run

Each run writes into runs/<format>/<run-name>/ exactly what its logger leaves.  Text runs print to stdout,
which the driver redirects into the run folder (as `python train.py > train.log 2>&1` would).
Faults are made in the code (wrong constants, missing lines, loop bugs); no number is edited afterwards.
"""
import argparse
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

import numpy as np

# ----------------------------------------------------------------------------------------------------------
# data-generating processes
# ----------------------------------------------------------------------------------------------------------
CHORDS = [(0, 4, 7), (0, 3, 7), (0, 3, 6), (0, 4, 8), (0, 2, 7), (0, 5, 7)]  # maj min dim aug sus2 sus4


def make_chord(n, rng):
    """K=6: chord quality from a noisy 12-bin chroma vector + a noisy 12-bin bass vector, random root."""
    y = rng.integers(0, 6, n)
    root = rng.integers(0, 12, n)
    chroma = rng.normal(0, 0.18, (n, 12))
    bass = rng.normal(0, 0.18, (n, 12))
    for i in range(n):
        notes = [(root[i] + k) % 12 for k in CHORDS[y[i]]]
        for nt in notes:
            chroma[i, nt] += rng.uniform(0.5, 1.0)
        if rng.random() < 0.5:  # passing note
            chroma[i, rng.integers(0, 12)] += rng.uniform(0.2, 0.6)
        b = root[i] if rng.random() < 0.75 else notes[rng.integers(1, 3)]
        bass[i, b] += rng.uniform(0.4, 1.0)
    x = np.concatenate([chroma, bass], 1).astype(np.float32)
    return x, y.astype(np.int64)


def make_loan(n, rng):
    """regression: standardised log of total interest paid on a fixed-rate amortised loan."""
    principal = np.exp(rng.uniform(np.log(5e3), np.log(5e5), n))
    rate = rng.uniform(0.01, 0.15, n)
    years = rng.integers(1, 31, n).astype(float)
    r = rate / 12
    m = years * 12
    pay = principal * r / (1 - (1 + r) ** (-m))
    interest = m * pay - principal
    t = np.log(interest) + rng.normal(0, 0.2, n)
    x = np.stack([np.log(principal), rate, years, rng.normal(0, 1, n), rng.uniform(0, 1, n)], 1)
    return x, t


def make_poly(n, rng):
    """multi-label (5 tags): properties of a random cubic from 9 noisy samples on [-2, 2]."""
    a, b, c, d = rng.normal(0, 1, (4, n))
    xs = np.linspace(-2, 2, 9)
    vals = a[:, None] * xs ** 3 + b[:, None] * xs ** 2 + c[:, None] * xs + d[:, None]
    vals = vals + rng.normal(0, 0.3, vals.shape)
    disc = 18 * a * b * c * d - 4 * b ** 3 * d + b ** 2 * c ** 2 - 4 * a * c ** 3 - 27 * a ** 2 * d ** 2
    p = lambda z: a * z ** 3 + b * z ** 2 + c * z + d
    grid = np.linspace(-1, 1, 41)
    pv = np.stack([p(z) for z in grid], 1)
    root_in = (np.sign(pv[:, 1:]) != np.sign(pv[:, :-1])).any(1)
    tags = np.stack([a > 0, disc > 0, d > 0, root_in, c > 0], 1).astype(np.float32)
    return vals.astype(np.float32), tags


def make_hiker(n, rng, T=32):
    """per-step 3-way tagging: climbing / level / descending from a noisy altitude trace."""
    x = np.zeros((n, T), np.float32)
    y = np.zeros((n, T), np.int64)
    for i in range(n):
        alt, t = 0.0, 0
        while t < T:
            seg = rng.integers(3, 10)
            s = rng.integers(0, 3)
            slope = {0: rng.uniform(0.4, 1.2), 1: 0.0, 2: -rng.uniform(0.4, 1.2)}[s]
            for _ in range(seg):
                if t >= T:
                    break
                alt += slope
                x[i, t] = alt
                y[i, t] = s
                t += 1
    x = x + rng.normal(0, 0.35, x.shape).astype(np.float32)
    x = x - x[:, :1]
    return (x / 5.0)[..., None].astype(np.float32), y


def make_meteor(n, rng):
    """binary (~27% positive): is a sky-camera detection a real meteor, from 8 track features."""
    f = rng.normal(0, 1, (n, 8))
    logit = 1.6 * np.tanh(f[:, 0] * f[:, 1]) + 1.2 * f[:, 2] - 0.7 * f[:, 3] ** 2 + 0.8 * np.sin(2 * f[:, 4]) - 0.6
    y = (rng.random(n) < 1 / (1 + np.exp(-2.5 * logit))).astype(np.float32)
    return f.astype(np.float32), y


TASKS = {
    "chord": dict(fn=make_chord, kind="multiclass", k=6, metric="acc", nin=24),
    "loan": dict(fn=make_loan, kind="reg", metric="r2", nin=5),
    "poly": dict(fn=make_poly, kind="multilabel", k=5, metric="f1", nin=9),
    "hiker": dict(fn=make_hiker, kind="tag", k=3, metric="acc", nin=1),
    "meteor": dict(fn=make_meteor, kind="binary", metric="acc", nin=8),
}


def get_data(task, n_train, n_val, seed, leak=False):
    rng = np.random.default_rng(1000 + seed)
    fn = TASKS[task]["fn"]
    x, y = fn(n_train + n_val, rng)
    if task == "loan":
        mu, sd = x[:n_train].mean(0), x[:n_train].std(0)
        x = ((x - mu) / sd).astype(np.float32)
        ym, ys = y[:n_train].mean(), y[:n_train].std()
        y = ((y - ym) / ys).astype(np.float32)
    if task in ("poly",):
        mu, sd = x[:n_train].mean(0), x[:n_train].std(0)
        x = ((x - mu) / sd).astype(np.float32)
    if leak:  # label copied into the features by a merge gone wrong
        x = np.concatenate([x, (y[:, None] if y.ndim == 1 else y).astype(np.float32)], 1)
    return x[:n_train], y[:n_train], x[n_train:], y[n_train:]


# ----------------------------------------------------------------------------------------------------------
# run specs
# ----------------------------------------------------------------------------------------------------------
R = {}


def spec(name, **kw):
    R[name] = kw


# text, style A (print sentences, train.log)
spec("text/loan_mlp_adam", task="loan", model="mlp", lr=2e-3, epochs=30, style="A")
spec("text/loan_mlp_sgd_lr_3", task="loan", model="mlp", opt="sgd", mom=0.9, lr=3.0, epochs=25, style="A")
spec("text/chord_mlp_oom_killed", task="chord", model="mlp", dropout=0.1, lr=1e-3, epochs=40, style="A", kill_at=14)
spec("text/hiker_gru_relaunched", task="hiker", model="gru", lr=3e-3, epochs=18, style="A", relaunch_kill=7)
# style B (logging module -> run.log)
spec("text/chord_cnn_cosine", task="chord", model="cnn", lr=3e-3, epochs=12, sched="cos", style="B")
spec("text/poly_mlp_adamw_lr_1e-6", task="poly", model="mlp", opt="adamw", lr=1e-6, epochs=25, style="B")
spec("text/meteor_mlp_no_zero_grad", task="meteor", model="mlp", opt="sgd", mom=0.9, lr=0.02, epochs=30,
     zero_grad=False, style="B")
spec("text/hiker_lstm", task="hiker", model="lstm", lr=4e-3, epochs=20, style="B")
# style C (tqdm bars + tqdm.write -> output.txt)
spec("text/poly_cnn_tqdm", task="poly", model="cnn", lr=2e-3, epochs=25, style="C")
spec("text/chord_mlp_rmsprop_lr_0p5", task="chord", model="mlp", opt="rmsprop", lr=0.5, epochs=20, style="C")
spec("text/loan_mlp_steplr_every_batch", task="loan", model="mlp", lr=3e-3, epochs=30, sched="step", step=40,
     gamma=0.2, sched_per_batch=True, style="C")
spec("text/hiker_bigru_tqdm", task="hiker", model="bigru", lr=3e-3, epochs=15, style="C")
# style D (fixed-width table -> stdout.txt)
spec("text/meteor_mlp_table", task="meteor", model="mlp", lr=2e-3, epochs=30, style="D")
spec("text/loan_mlp_weight_decay_3", task="loan", model="mlp", opt="adam", lr=2e-3, wd=3.0, epochs=30,
     style="D")
spec("text/chord_mlp_60_rows", task="chord", model="mlp", hidden=256, depth=3, lr=2e-3, epochs=150, n_train=60,
     bs=16, style="D")
spec("text/hiker_cnn_val_rows_in_train", task="hiker", model="tcn", lr=3e-3, epochs=20, style="D",
     val_in_train=True)

# csv (csv.writer metrics.csv)
spec("csv/loan_mlp_cosine", task="loan", model="mlp", lr=3e-3, epochs=30, sched="cos", fmt="csv")
spec("csv/chord_mlp_labels_shuffled", task="chord", model="mlp", lr=2e-3, epochs=30, perm_labels=True, fmt="csv")
spec("csv/meteor_mlp_sigmoid_into_bcelogits", task="meteor", model="mlp", lr=2e-3, epochs=30, sigmoid_out=True,
     fmt="csv")
spec("csv/hiker_gru_cosine_planned_60", task="hiker", model="gru", lr=3e-3, epochs=20, sched="cos", t_max=60,
     fmt="csv")
# jsonl
spec("jsonl/poly_mlp", task="poly", model="mlp", lr=2e-3, epochs=30, fmt="jsonl")
spec("jsonl/chord_mlp_opt_on_first_model", task="chord", model="mlp", lr=2e-3, epochs=20, stale_opt=True,
     fmt="jsonl")
spec("jsonl/meteor_mlp_80_rows", task="meteor", model="mlp", hidden=256, depth=3, lr=3e-3, epochs=120,
     n_train=80, bs=16, fmt="jsonl")
spec("jsonl/loan_mlp_body_frozen", task="loan", model="mlp", lr=3e-3, epochs=30, frozen=True, fmt="jsonl")
# pandas history csv
spec("pandas/hiker_gru", task="hiker", model="gru", lr=3e-3, epochs=20, fmt="pandas")
spec("pandas/poly_mlp_labels_rolled", task="poly", model="mlp", lr=2e-3, epochs=25, roll_labels=True,
     fmt="pandas")
spec("pandas/chord_cnn_warmup_cosine", task="chord", model="cnn", lr=3e-3, epochs=12, sched="warmcos", warm=2,
     fmt="pandas")
# torch SummaryWriter
spec("tb/loan_mlp", task="loan", model="mlp", lr=2e-3, epochs=25, fmt="tb")
spec("tb/chord_cnn_adam_lr_0p3", task="chord", model="cnn", lr=0.3, epochs=20, fmt="tb")
spec("tb/hiker_gru_clip", task="hiker", model="gru", lr=5e-3, epochs=18, clip=1.0, fmt="tb")
spec("tb/poly_mlp_bn_train_mode_in_val", task="poly", model="mlp", bn=True, lr=2e-3, epochs=25, no_eval=True,
     fmt="tb")
spec("tb/meteor_mlp_label_leak", task="meteor", model="mlp", lr=2e-3, epochs=20, leak=True, fmt="tb")
# tensorboardX
spec("tbx/chord_mlp", task="chord", model="mlp", dropout=0.1, lr=2e-3, epochs=20, fmt="tbx")
spec("tbx/loan_mlp_sgd_lr_1e-5", task="loan", model="mlp", opt="sgd", mom=0.0, lr=1e-5, epochs=25, fmt="tbx")
spec("tbx/hiker_relu_rnn_sgd_lr_0p5", task="hiker", model="rnn", opt="sgd", mom=0.9, lr=0.5, epochs=18, fmt="tbx")
spec("tbx/poly_mlp_cosine", task="poly", model="mlp", lr=3e-3, epochs=25, sched="cos", fmt="tbx")
# Lightning CSVLogger
spec("lightning/loan_mlp", task="loan", model="mlp", lr=2e-3, epochs=25, fmt="lightning")
spec("lightning/chord_mlp_steplr", task="chord", model="mlp", dropout=0.1, lr=3e-3, epochs=25, sched="step", step=10,
     gamma=0.3, fmt="lightning")
spec("lightning/hiker_gru_lr_1e-5", task="hiker", model="gru", lr=1e-5, epochs=15, fmt="lightning")
spec("lightning/poly_mlp_120_rows", task="poly", model="mlp", hidden=256, depth=3, lr=3e-3, epochs=100,
     n_train=120, bs=16, fmt="lightning")
spec("lightning/meteor_mlp_sgd_lr_30", task="meteor", model="mlp", opt="sgd", mom=0.9, lr=30.0, epochs=20,
     fmt="lightning")
# Keras 3 (torch backend)
spec("keras/loan_dense_csvlogger", task="loan", lr=2e-3, epochs=30, fmt="keras", out="csvlogger")
spec("keras/chord_dense_history_json", task="chord", lr=2e-3, epochs=15, fmt="keras", out="json")
spec("keras/poly_dense_l2_0p5", task="poly", lr=2e-3, epochs=25, l2=0.5, fmt="keras", out="csvlogger")
spec("keras/meteor_dense_adam_lr_2", task="meteor", lr=2.0, epochs=20, fmt="keras", out="json")
spec("keras/hiker_dense_history_csv", task="hiker", lr=2e-3, epochs=25, fmt="keras", out="pandas")
# HF Trainer (tiny GPT-2 on a synthetic token language)
spec("hf/stride_gpt2_linear", task="stride", lr=3e-3, epochs=12, fmt="hf", sched="linear")
spec("hf/stride_gpt2_cosine_warmup", task="stride", lr=3e-3, epochs=12, fmt="hf", sched="cosine", warmup=0.1)
spec("hf/stride_gpt2_lr_1e-6", task="stride", lr=1e-6, epochs=12, fmt="hf", sched="linear")
spec("hf/stride_gpt2_lr_0p5", task="stride", lr=0.5, epochs=12, fmt="hf", sched="linear")

STYLE_FILE = {"A": "train.log", "B": "run.log", "C": "output.txt", "D": "stdout.txt"}


# ----------------------------------------------------------------------------------------------------------
# torch models
# ----------------------------------------------------------------------------------------------------------
def build_model(s, nin, nout):
    import torch.nn as nn
    m = s.get("model", "mlp")
    h = s.get("hidden", 64)
    if m == "mlp":
        layers, d = [], nin
        for _ in range(s.get("depth", 2)):
            layers += [nn.Linear(d, h)]
            if s.get("bn"):
                layers += [nn.BatchNorm1d(h)]
            layers += [nn.ReLU()]
            if s.get("dropout"):
                layers += [nn.Dropout(s["dropout"])]
            d = h
        layers += [nn.Linear(d, nout)]
        return nn.Sequential(*layers)
    if m == "cnn":  # 1-D conv over the feature axis
        class CNN(nn.Module):
            def __init__(self):
                super().__init__()
                self.ch = 2 if s["task"] == "chord" else 1
                pad = "circular" if s["task"] == "chord" else "zeros"
                self.c1 = nn.Conv1d(self.ch, 32, 3, padding=1, padding_mode=pad)
                self.c2 = nn.Conv1d(32, 32, 3, padding=1, padding_mode=pad)
                L = nin // self.ch
                self.fc = nn.Sequential(nn.Flatten(), nn.Linear(32 * L, 64), nn.ReLU(), nn.Linear(64, nout))

            def forward(self, x):
                x = x.view(x.shape[0], self.ch, -1)
                x = self.c2(self.c1(x).relu()).relu()
                return self.fc(x)
        return CNN()
    if m in ("gru", "lstm", "rnn", "bigru"):
        class Tagger(nn.Module):
            def __init__(self):
                super().__init__()
                bi = m == "bigru"
                if m == "lstm":
                    self.rnn = nn.LSTM(nin, 48, batch_first=True)
                    hd = 48
                elif m == "rnn":
                    self.rnn = nn.RNN(nin, 48, batch_first=True, nonlinearity="relu")
                    hd = 48
                else:
                    self.rnn = nn.GRU(nin, 48, batch_first=True, bidirectional=bi)
                    hd = 96 if bi else 48
                self.out = nn.Linear(hd, nout)

            def forward(self, x):
                o, _ = self.rnn(x)
                return self.out(o)
        return Tagger()
    if m == "tcn":
        class TCN(nn.Module):
            def __init__(self):
                super().__init__()
                self.c1 = nn.Conv1d(nin, 32, 5, padding=2)
                self.c2 = nn.Conv1d(32, 32, 5, padding=2)
                self.drop = nn.Dropout(0.1)
                self.out = nn.Conv1d(32, nout, 1)

            def forward(self, x):
                x = x.transpose(1, 2)
                x = self.drop(self.c2(self.c1(x).relu()).relu())
                return self.out(x).transpose(1, 2)
        return TCN()
    raise ValueError(m)


def make_opt(s, params):
    import torch
    name, lr, wd = s.get("opt", "adam"), s["lr"], s.get("wd", 0.0)
    if name == "adam":
        return torch.optim.Adam(params, lr=lr, weight_decay=wd)
    if name == "adamw":
        return torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    if name == "sgd":
        return torch.optim.SGD(params, lr=lr, momentum=s.get("mom", 0.0), weight_decay=wd)
    if name == "rmsprop":
        return torch.optim.RMSprop(params, lr=lr)
    raise ValueError(name)


def make_sched(s, opt, steps_per_epoch):
    import torch
    sc = s.get("sched")
    if sc == "cos":
        return torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=s.get("t_max", s["epochs"]))
    if sc == "step":
        return torch.optim.lr_scheduler.StepLR(opt, step_size=s["step"], gamma=s.get("gamma", 0.1))
    if sc == "warmcos":
        w, E = s["warm"], s["epochs"]
        return torch.optim.lr_scheduler.LambdaLR(
            opt, lambda e: (e + 1) / w if e < w else 0.5 * (1 + math.cos(math.pi * (e - w) / (E - w))))
    return None


def loss_and_metric(task, out, y, yvar=None):
    import torch
    import torch.nn.functional as F
    kind = TASKS[task]["kind"]
    if kind == "multiclass":
        return F.cross_entropy(out, y), (out.argmax(1) == y).float().mean().item()
    if kind == "tag":
        return F.cross_entropy(out.reshape(-1, out.shape[-1]), y.reshape(-1)), (out.argmax(-1) == y).float().mean().item()
    if kind == "reg":
        out = out.squeeze(-1)
        mse = F.mse_loss(out, y)
        return mse, 1.0 - mse.item() / yvar
    if kind == "binary":
        out = out.squeeze(-1)
        return F.binary_cross_entropy_with_logits(out, y), ((out > 0).float() == y).float().mean().item()
    if kind == "multilabel":
        pred = (out > 0).float()
        tp = (pred * y).sum().item()
        fp = (pred * (1 - y)).sum().item()
        fn = ((1 - pred) * y).sum().item()
        f1 = 2 * tp / max(2 * tp + fp + fn, 1e-9)
        return F.binary_cross_entropy_with_logits(out, y), f1


# ----------------------------------------------------------------------------------------------------------
# loggers for hand-written torch loops
# ----------------------------------------------------------------------------------------------------------
class TextLog:
    def __init__(self, s, name, metric):
        self.s, self.style, self.m = s, s["style"], metric
        self.name = name
        if self.style == "B":
            import logging
            logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                                format="%(asctime)s [%(levelname)s] %(name)s - %(message)s")
            self.log = logging.getLogger("fit")

    def start(self):
        s = self.s
        o = s.get("opt", "adam")
        if self.style == "A":
            print(f"Starting training run: {s['task']} {s.get('model','mlp')}, optimizer {o}(lr={s['lr']}), "
                  f"{s['epochs']} epochs planned", flush=True)
        elif self.style == "B":
            self.log.info(f"task={s['task']} model={s.get('model','mlp')} optim={o} lr={s['lr']} epochs={s['epochs']}")
        elif self.style == "C":
            print(f"== {self.name.split('/')[1]} | {o} lr {s['lr']} | {s['epochs']} epochs ==", flush=True)
        elif self.style == "D":
            print(f"{'epoch':>5}  {'train_loss':>10}  {'val_loss':>10}  {'val_'+self.m:>8}  {'lr':>9}", flush=True)

    def epoch(self, e, E, tl, vl, vm, lr):
        if self.style == "A":
            print(f"epoch {e} done: mean train loss was {tl:.5f}, validation loss {vl:.5f}, "
                  f"validation {self.m} {vm:.4f} (lr={lr:.2e})", flush=True)
        elif self.style == "B":
            self.log.info(f"e={e}/{E} tl={tl:.4f} vl={vl:.4f} v{self.m}={vm:.4f} lrate={lr:.3g}")
        elif self.style == "C":
            from tqdm import tqdm
            tqdm.write(f"  -> ep {e}: loss {tl:.4f} / val {vl:.4f} / {self.m} {vm:.4f} / lr {lr:.2e}")
        elif self.style == "D":
            print(f"{e:>5}  {tl:>10.5f}  {vl:>10.5f}  {vm:>8.4f}  {lr:>9.2e}", flush=True)

    def step(self, *a):
        pass

    def end(self, best, beste):
        if self.style == "A":
            print(f"Finished. best validation loss {best:.5f} at epoch {beste}", flush=True)
        elif self.style == "B":
            self.log.info(f"done; best vl={best:.4f} (epoch {beste})")
        elif self.style == "C":
            print(f"== done, best val {best:.4f} ==", flush=True)
        elif self.style == "D":
            print("-" * 50, flush=True)


class CsvLog:
    def __init__(self, d, m):
        import csv
        self.f = open(os.path.join(d, "metrics.csv"), "w", newline="")
        self.w = csv.writer(self.f)
        self.w.writerow(["ep", "trainLoss", "validLoss", "valid" + m.upper(), "lr"])
        self.f.flush()

    def start(self): pass

    def step(self, *a): pass

    def epoch(self, e, E, tl, vl, vm, lr):
        self.w.writerow([e, f"{tl:.6f}", f"{vl:.6f}", f"{vm:.5f}", f"{lr:.6g}"])
        self.f.flush()

    def end(self, *a):
        self.f.close()


class JsonlLog:
    def __init__(self, d, m):
        self.f = open(os.path.join(d, "log.jsonl"), "w")
        self.m = m
        self.t0 = time.time()

    def start(self): pass

    def step(self, *a): pass

    def epoch(self, e, E, tl, vl, vm, lr):
        rec = {"i": e, "t_loss": round(tl, 6), "v_loss": round(vl, 6), "v_" + self.m: round(vm, 5), "lr": lr,
               "wall": round(time.time() - self.t0, 2)}
        self.f.write(json.dumps(rec) + "\n")
        self.f.flush()

    def end(self, *a):
        self.f.close()


class PandasLog:
    def __init__(self, d, m):
        self.path = os.path.join(d, "history.csv")
        self.rows, self.m = [], m

    def start(self): pass

    def step(self, *a): pass

    def epoch(self, e, E, tl, vl, vm, lr):
        import pandas as pd
        self.rows.append({"epoch": e, "training loss": tl, "validation loss": vl, "validation " + self.m: vm,
                          "learning rate": lr})
        pd.DataFrame(self.rows).to_csv(self.path, index=False)

    def end(self, *a): pass


class TbLog:
    def __init__(self, d, m, x=False):
        if x:
            from tensorboardX import SummaryWriter
            self.tags = ("Loss/Train", "Loss/Validation", m.upper() + "/Validation", "LearningRate", None, None)
        else:
            from torch.utils.tensorboard import SummaryWriter
            self.tags = ("train/epoch_loss", "val/epoch_loss", "val/" + m, "optim/lr", "train/batch_loss",
                         "train/grad_norm")
        self.w = SummaryWriter(d)

    def start(self): pass

    def step(self, g, loss, gn):
        if self.tags[4] and g % 5 == 0:
            self.w.add_scalar(self.tags[4], loss, g)
            self.w.add_scalar(self.tags[5], gn, g)

    def epoch(self, e, E, tl, vl, vm, lr):
        t = self.tags
        self.w.add_scalar(t[0], tl, e)
        self.w.add_scalar(t[1], vl, e)
        self.w.add_scalar(t[2], vm, e)
        self.w.add_scalar(t[3], lr, e)
        self.w.flush()

    def end(self, *a):
        self.w.close()


# ----------------------------------------------------------------------------------------------------------
# hand-written torch loop
# ----------------------------------------------------------------------------------------------------------
def run_torch(name, s, d, attempt):
    import torch
    torch.manual_seed(s.get("seed", 0) + attempt * 17)
    torch.set_num_threads(1)
    task = s["task"]
    ti = TASKS[task]
    ntr = s.get("n_train", {"hiker": 1500, "chord": 8000}.get(task, 3000))
    nva = 1000 if task != "hiker" else 500
    xtr, ytr, xva, yva = get_data(task, ntr, nva, s.get("seed", 0), leak=s.get("leak", False))
    if s.get("val_in_train"):  # "use all the data": concatenated val rows into the training set
        xtr, ytr = np.concatenate([xtr, xva]), np.concatenate([ytr, yva])
    rng = np.random.default_rng(7)
    if s.get("perm_labels"):
        ytr = ytr[rng.permutation(len(ytr))]
    if s.get("roll_labels"):  # off-by-one join between features and labels
        ytr = np.roll(ytr, 1, axis=0)
    nin = xtr.shape[-1]
    nout = {"multiclass": ti.get("k"), "tag": ti.get("k"), "multilabel": ti.get("k"), "reg": 1, "binary": 1}[ti["kind"]]
    Xtr, Ytr, Xva, Yva = map(torch.tensor, (xtr, ytr, xva, yva))
    yvar = float(np.var(yva)) if ti["kind"] == "reg" else None
    model = build_model(s, nin, nout)
    if s.get("stale_opt"):
        opt = make_opt(s, model.parameters())
        model = build_model(s, nin, nout)  # re-built "to reset it" after the optimizer was made
    else:
        if s.get("frozen"):
            for p in list(model.parameters())[:-2]:  # meant to freeze only the first layer
                p.requires_grad = False
        opt = make_opt(s, [p for p in model.parameters() if p.requires_grad])
    bs = s.get("bs", 64)
    spe = math.ceil(len(Xtr) / bs)
    sched = make_sched(s, opt, spe)
    fmt = s.get("fmt", "text")
    m = ti["metric"]
    if fmt == "text":
        lg = TextLog(s, name, m)
    elif fmt == "csv":
        lg = CsvLog(d, m)
    elif fmt == "jsonl":
        lg = JsonlLog(d, m)
    elif fmt == "pandas":
        lg = PandasLog(d, m)
    elif fmt in ("tb", "tbx"):
        lg = TbLog(d, m, x=fmt == "tbx")
    lg.start()
    E = s["epochs"]
    best, beste, g = float("inf"), 0, 0
    gen = torch.Generator().manual_seed(attempt)
    for e in range(1, E + 1):
        model.train()
        perm = torch.randperm(len(Xtr), generator=gen)
        tot, n = 0.0, 0
        batches = range(spe)
        if fmt == "text" and s["style"] == "C":
            from tqdm import tqdm
            batches = tqdm(batches, desc=f"ep {e}/{E}", leave=False, mininterval=0, ncols=80, file=sys.stdout)
        for b in batches:
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr[idx], Ytr[idx]
            out = model(xb)
            if s.get("sigmoid_out"):
                out = torch.sigmoid(out)  # "the model should output probabilities"
            loss, _ = loss_and_metric(task, out, yb, 1.0)
            if s.get("zero_grad", True):
                opt.zero_grad()
            loss.backward()
            gn = float(sum(p.grad.norm() ** 2 for p in model.parameters() if p.grad is not None) ** 0.5)
            if s.get("clip"):
                torch.nn.utils.clip_grad_norm_(model.parameters(), s["clip"])
            opt.step()
            if sched is not None and s.get("sched_per_batch"):
                sched.step()
            tot += loss.item() * len(idx)
            n += len(idx)
            g += 1
            lg.step(g, loss.item(), gn)
        if sched is not None and not s.get("sched_per_batch"):
            lr_now = opt.param_groups[0]["lr"]
            sched.step()
        else:
            lr_now = opt.param_groups[0]["lr"]
        if not s.get("no_eval"):
            model.eval()
        with torch.no_grad():
            out = model(Xva)
            if s.get("sigmoid_out"):
                out = torch.sigmoid(out)
            vl, vm = loss_and_metric(task, out, Yva, yvar)
        vl = vl.item()
        tl = tot / n
        if vl < best:
            best, beste = vl, e
        lg.epoch(e, E, tl, vl, vm, lr_now)
        if s.get("kill_at") == e or (attempt == 1 and s.get("relaunch_kill") == e):
            os.kill(os.getpid(), signal.SIGKILL)  # the job is killed (OOM killer / pre-emption)
    lg.end(best, beste)


# ----------------------------------------------------------------------------------------------------------
# Lightning
# ----------------------------------------------------------------------------------------------------------
def run_lightning(name, s, d):
    import torch
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    torch.set_num_threads(1)
    L.seed_everything(s.get("seed", 0), verbose=False)
    task = s["task"]
    ti = TASKS[task]
    ntr = s.get("n_train", {"hiker": 1500, "chord": 8000}.get(task, 3000))
    nva = 1000 if task != "hiker" else 500
    xtr, ytr, xva, yva = get_data(task, ntr, nva, s.get("seed", 0))
    nout = {"multiclass": ti.get("k"), "tag": ti.get("k"), "multilabel": ti.get("k"), "reg": 1, "binary": 1}[ti["kind"]]
    yvar = float(np.var(yva)) if ti["kind"] == "reg" else None
    m = ti["metric"]

    class Mod(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = build_model(s, xtr.shape[-1], nout)

        def training_step(self, batch, i):
            loss, _ = loss_and_metric(task, self.net(batch[0]), batch[1], 1.0)
            self.log("train_loss", loss, on_step=False, on_epoch=True)
            return loss

        def validation_step(self, batch, i):
            loss, met = loss_and_metric(task, self.net(batch[0]), batch[1], yvar)
            self.log("val_loss", loss)
            self.log("val_" + m, met)

        def configure_optimizers(self):
            opt = make_opt(s, self.parameters())
            sc = make_sched(s, opt, 0)
            if sc is None:
                return opt
            return {"optimizer": opt, "lr_scheduler": {"scheduler": sc, "interval": "epoch"}}

    tds = torch.utils.data.TensorDataset(torch.tensor(xtr), torch.tensor(ytr))
    vds = torch.utils.data.TensorDataset(torch.tensor(xva), torch.tensor(yva))
    tl = torch.utils.data.DataLoader(tds, batch_size=s.get("bs", 64), shuffle=True)
    vl = torch.utils.data.DataLoader(vds, batch_size=len(vds))
    cbs = [LearningRateMonitor(logging_interval="epoch")] if s.get("sched") else []
    tr = L.Trainer(max_epochs=s["epochs"], logger=CSVLogger(d, name="lightning_logs"), callbacks=cbs,
                   enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                   num_sanity_val_steps=0, accelerator="cpu", devices=1)
    tr.fit(Mod(), tl, vl)


# ----------------------------------------------------------------------------------------------------------
# Keras
# ----------------------------------------------------------------------------------------------------------
def run_keras(name, s, d):
    import keras
    import torch
    torch.set_num_threads(1)
    keras.utils.set_random_seed(s.get("seed", 0))
    task = s["task"]
    ti = TASKS[task]
    ntr = {"hiker": 1500, "chord": 8000}.get(task, 3000)
    nva = 1000 if task != "hiker" else 500
    xtr, ytr, xva, yva = get_data(task, ntr, nva, s.get("seed", 0))
    reg = keras.regularizers.l2(s["l2"]) if s.get("l2") else None
    kind = ti["kind"]
    if kind == "tag":
        xtr, xva = xtr.reshape(len(xtr), -1), xva.reshape(len(xva), -1)
    layers = [keras.Input((xtr.shape[1],)),
              keras.layers.Dense(64, activation="relu", kernel_regularizer=reg),
              keras.layers.Dense(64, activation="relu", kernel_regularizer=reg)]
    if kind == "multiclass":
        layers += [keras.layers.Dense(ti["k"], activation="softmax")]
        loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
    elif kind == "reg":
        layers += [keras.layers.Dense(1)]
        loss, mets = "mse", ["mae"]
    elif kind == "binary":
        layers += [keras.layers.Dense(1, activation="sigmoid")]
        loss, mets = "binary_crossentropy", ["accuracy"]
    elif kind == "multilabel":
        layers += [keras.layers.Dense(ti["k"], activation="sigmoid", kernel_regularizer=reg)]
        loss, mets = "binary_crossentropy", ["binary_accuracy"]
    elif kind == "tag":
        layers += [keras.layers.Dense(32 * 3), keras.layers.Reshape((32, 3)), keras.layers.Softmax()]
        loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
    model = keras.Sequential(layers)
    model.compile(optimizer=keras.optimizers.Adam(s["lr"]), loss=loss, metrics=mets)
    cbs = []
    if s["out"] == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.log")))
    h = model.fit(xtr, ytr, validation_data=(xva, yva), epochs=s["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vals] for k, vals in h.history.items()}
    if s["out"] == "json":
        with open(os.path.join(d, "history.json"), "w") as f:
            json.dump(hist, f)
    elif s["out"] == "pandas":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"), index_label="epoch")


# ----------------------------------------------------------------------------------------------------------
# HF Trainer: tiny GPT-2 language model on "stride" sequences
# ----------------------------------------------------------------------------------------------------------
def make_stride(n, rng, V=13, L=16):
    """x_i = (x0 + i*d) mod 13 with random start x0 and stride d in 1..12; 3% of tokens are typos."""
    x0 = rng.integers(0, V, n)
    dd = rng.integers(1, V, n)
    seq = (x0[:, None] + np.arange(L)[None, :] * dd[:, None]) % V
    typo = rng.random(seq.shape) < 0.03
    seq = np.where(typo, rng.integers(0, V, seq.shape), seq)
    return seq.astype(np.int64)


def run_hf(name, s, d):
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainingArguments
    torch.set_num_threads(1)
    torch.manual_seed(0)
    rng = np.random.default_rng(2027)
    tr, va = make_stride(2400, rng), make_stride(400, rng)

    class DS(torch.utils.data.Dataset):
        def __init__(self, a):
            self.a = torch.tensor(a)

        def __len__(self):
            return len(self.a)

        def __getitem__(self, i):
            return {"input_ids": self.a[i], "labels": self.a[i]}

    cfg = GPT2Config(vocab_size=13, n_positions=16, n_embd=48, n_layer=2, n_head=2, resid_pdrop=0.0,
                     embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=0, eos_token_id=0)
    model = GPT2LMHeadModel(cfg)
    tmp = os.path.join(d, "_out")
    args = TrainingArguments(output_dir=tmp, num_train_epochs=s["epochs"], per_device_train_batch_size=32,
                             per_device_eval_batch_size=200, learning_rate=s["lr"], lr_scheduler_type=s["sched"],
                             warmup_steps=int(s.get("warmup", 0.0) * 75 * s["epochs"]), logging_steps=10, eval_strategy="epoch",
                             save_strategy="no", report_to=[], seed=0, use_cpu=True, disable_tqdm=True,
                             dataloader_num_workers=0)
    t = Trainer(model=model, args=args, train_dataset=DS(tr), eval_dataset=DS(va))
    t.train()
    t.save_state()
    shutil.copy(os.path.join(tmp, "trainer_state.json"), os.path.join(d, "trainer_state.json"))
    shutil.rmtree(tmp)


# ----------------------------------------------------------------------------------------------------------
def run_one(name, attempt):
    s = R[name]
    d = os.path.join(RUNS, name)
    os.makedirs(d, exist_ok=True)
    fmt = s.get("fmt", "text")
    if fmt == "lightning":
        run_lightning(name, s, d)
    elif fmt == "keras":
        run_keras(name, s, d)
    elif fmt == "hf":
        run_hf(name, s, d)
    else:
        run_torch(name, s, d, attempt)


def launch(name):
    """start one run in its own process; text runs have stdout+stderr redirected into the run folder."""
    s = R[name]
    d = os.path.join(RUNS, name)
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONHASHSEED="0")
    cmd = [sys.executable, "-u", os.path.abspath(__file__), "--only", name, "--child"]
    if s.get("fmt", "text") == "text":
        path = os.path.join(d, STYLE_FILE[s["style"]])
        attempts = [1, 2] if s.get("relaunch_kill") else [0]
        for a in attempts:
            with open(path, "a") as f:  # `python train.py >> train.log 2>&1`
                subprocess.run(cmd + ["--attempt", str(a)], stdout=f, stderr=subprocess.STDOUT, env=env)
    else:
        with open(os.devnull, "w") as dn:
            subprocess.run(cmd + ["--attempt", "0"], stdout=dn, stderr=dn, env=env)
    return name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--child", action="store_true")
    ap.add_argument("--attempt", type=int, default=0)
    a = ap.parse_args()
    if a.child:
        run_one(a.only, a.attempt)
        return
    names = a.only.split(",") if a.only else list(R)  # --only a,b,c re-makes several
    from concurrent.futures import ThreadPoolExecutor
    t0 = time.time()
    with ThreadPoolExecutor(2) as ex:
        for n in ex.map(launch, names):
            print(f"{time.time()-t0:7.1f}s  {n}", flush=True)


if __name__ == "__main__":
    main()
