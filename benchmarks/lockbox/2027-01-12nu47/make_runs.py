#!/usr/bin/env python
"""Lock-box batch 2027-01-12nu47: 50 small real trainings "a new user wrote".

    python make_runs.py                      # makes every run (two at a time, each in its own process)
    python make_runs.py --only text/cipher_mlp_adam[,csv/spring_mlp,...]   # re-makes the named runs

Each run writes only what its logger writes, into runs/<format>/<run-name>/.  Text runs print to stdout and the
driver appends stdout+stderr to the run's log file, as `python train.py >> train.log 2>&1` would (unbuffered).
Faults are made in the code (a wrong constant, a missing line, a bug) - marked `# BUG` below - never by editing numbers.
"""
import argparse
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")
SCRATCH = os.path.join(tempfile.gettempdir(), "nu47_scratch")

# --------------------------------------------------------------------------------------------------------------------
# the 50 runs
# style: A/B/C/D text styles, csv, jsonl, pandas, tb, tbx, lightning, keras_csv, keras_json, keras_pd, hf
# --------------------------------------------------------------------------------------------------------------------
R = []


def run(name, style, task, model, opt, lr, epochs, **kw):
    d = dict(name=name, style=style, task=task, model=model, opt=opt, lr=lr, epochs=epochs)
    d.update(kw)
    R.append(d)


# text, style A (print -> train.log)
run("text/cipher_mlp_adam", "A", "cipher", "mlp", "adam", 1e-3, 15)
run("text/spring_cnn_sgd_lr4", "A", "spring", "cnn", "sgdm", 4.0, 25)              # BUG: lr 4 (meant 0.04?)
run("text/quake_mlp_killed", "A", "quake", "mlp", "adam", 1e-3, 35, kill_at=11)    # job killed at epoch 11
run("text/morse_bigru", "A", "morse", "bigru", "adam", 3e-3, 20)
# text, style B (logging FileHandler, append mode -> run.log)
run("text/allergy_mlp", "B", "allergy", "mlp", "adam", 1e-3, 25)
run("text/spring_mlp_relaunch", "B", "spring", "mlp", "adam", 1e-3, 25, relaunch_kill_at=9)
run("text/cipher_mlp_sgd_1e-5", "B", "cipher", "mlp", "sgd", 1e-5, 25)            # BUG: lr 1e-5, plain SGD
run("text/quake_mlp_sgdm", "B", "quake", "mlp", "sgdm", 0.02, 30)
# text, style C (tqdm bars + summary lines -> console.txt)
run("text/morse_gru_nozerograd", "C", "morse", "gru", "sgdm", 0.05, 20, nozerograd=True)
run("text/cipher_mlp_sgdm", "C", "cipher", "mlp", "sgdm", 0.02, 15)
run("text/spring_mlp_60rows", "C", "spring", "mlp_wide", "adam", 3e-3, 150, n_train=60)  # BUG: n_train slice
run("text/allergy_mlp_steplr_batch", "C", "allergy", "mlp", "adam", 3e-3, 25, sched="steplr_batch")
# text, style D (markdown table -> stdout.txt)
run("text/quake_mlp_shuffled_labels", "D", "quake", "mlp_wide", "adam", 3e-3, 40, permute=True)
run("text/morse_cnn", "D", "morse", "cnn", "adam", 3e-3, 20)
run("text/spring_mlp_wd", "D", "spring", "mlp", "adamw_plain", 1e-3, 25, wd=5.0, coupled_wd=True)  # BUG: wd 5
run("text/allergy_mlp_adamw", "D", "allergy", "mlp", "adamw", 2e-3, 25)
# csv via f.write
run("csv/cipher_mlp_rmsprop", "csv", "cipher", "mlp", "rmsprop", 5e-4, 15)
run("csv/morse_lstm_cosine_t60", "csv", "morse", "lstm", "adam", 3e-3, 20, sched="cos_long")  # BUG: T_max=60
run("csv/quake_mlp_leak", "csv", "quake", "mlp", "adam", 1e-3, 25, leak=True)      # BUG: label column kept in X
run("csv/spring_mlp", "csv", "spring", "mlp", "adam", 1e-3, 30)
# jsonl
run("jsonl/allergy_mlp_adam_lr05", "jsonl", "allergy", "mlp", "adam", 0.5, 25)    # BUG: lr 0.5
run("jsonl/spring_mlp_cosine", "jsonl", "spring", "mlp", "adam", 2e-3, 30, sched="cos")
run("jsonl/cipher_mlp_softmax_ce", "jsonl", "cipher", "mlp", "adam", 1e-3, 15, softmax_ce=True)  # BUG
run("jsonl/morse_bigru", "jsonl", "morse", "bigru", "adam", 3e-3, 15)
# pandas history.csv
run("pandas/quake_mlp", "pandas", "quake", "mlp", "adam", 1e-3, 30)
run("pandas/cipher_mlp_stale_optimizer", "pandas", "cipher", "mlp", "adam", 1e-3, 20, stale_opt=True)  # BUG
run("pandas/allergy_mlp_rmsprop", "pandas", "allergy", "mlp", "rmsprop", 5e-4, 25)
# torch SummaryWriter
run("tb/morse_bigru", "tb", "morse", "bigru", "adam", 3e-3, 15)
run("tb/spring_rnn_sgd03", "tb", "spring", "rnn", "sgd", 0.3, 25)                  # BUG: no clipping, lr 0.3
run("tb/cipher_mlp", "tb", "cipher", "mlp", "adamw", 1e-3, 15)
run("tb/quake_mlp_frozen", "tb", "quake", "mlp", "adam", 1e-3, 30, frozen=True)    # BUG: freezes all but head
run("tb/allergy_mlp_lr1e-6", "tb", "allergy", "mlp", "adam", 1e-6, 25)             # BUG: lr 1e-6
# tensorboardX
run("tbx/quake_mlp_rmsprop_lr1", "tbx", "quake", "mlp", "rmsprop", 1.0, 30)        # BUG: lr 1.0
run("tbx/spring_cnn", "tbx", "spring", "cnn", "adam", 1e-3, 25)
run("tbx/morse_gru_adam_lr03", "tbx", "morse", "gru", "adam", 0.3, 15)             # BUG: lr 0.3
run("tbx/cipher_mlp_adamw", "tbx", "cipher", "mlp", "adamw", 1e-3, 15)
# Lightning CSVLogger
run("lightning/spring_mlp", "lightning", "spring", "mlp", "adam", 1e-3, 25)
run("lightning/quake_mlp_80rows", "lightning", "quake", "mlp_wide", "adam", 3e-3, 120, n_train=80)  # BUG
run("lightning/cipher_mlp_cosine", "lightning", "cipher", "mlp", "adam", 2e-3, 15, sched="cos")
run("lightning/morse_gru_sgd1e-3", "lightning", "morse", "gru", "sgd", 1e-3, 15)   # BUG: lr 1e-3 plain SGD
run("lightning/allergy_mlp", "lightning", "allergy", "mlp", "adam", 1e-3, 25)
# Keras 3, torch backend
run("keras/quake_dense", "keras_csv", "quake", "dense", "adam", 1e-3, 25)
run("keras/cipher_dense_sgd5", "keras_csv", "cipher", "dense", "sgd", 5.0, 25)    # BUG: lr 5
run("keras/spring_dense", "keras_json", "spring", "dense", "adam", 1e-3, 30)
run("keras/allergy_dense_l2", "keras_json", "allergy", "dense", "adam", 1e-3, 25, l2=1.0)  # BUG: l2 1.0
run("keras/morse_dense", "keras_pd", "morse", "dense", "adam", 1e-3, 40)
# HF Trainer, tiny Llama LM on `hop`
run("hf/hop_llama", "hf", "hop", "llama", "adamw", 1e-3, 10)
run("hf/hop_llama_lr1", "hf", "hop", "llama", "adamw", 1.0, 10)                     # BUG: lr 1.0
run("hf/hop_llama_lr1e-6", "hf", "hop", "llama", "adamw", 1e-6, 10)                # BUG: lr 1e-6
run("hf/hop_llama_cosine", "hf", "hop", "llama", "adamw", 2e-3, 10, hf_sched="cosine")

BY_NAME = {r["name"]: r for r in R}
TEXT_FILE = {"A": "train.log", "B": "run.log", "C": "console.txt", "D": "stdout.txt"}
METRIC = {"cipher": "acc", "spring": "r2", "allergy": "f1", "morse": "acc", "quake": "acc"}


# --------------------------------------------------------------------------------------------------------------------
# data (numpy only)
# --------------------------------------------------------------------------------------------------------------------
def make_data(task, seed=1234):
    import numpy as np
    rng = np.random.default_rng(seed + zlib.crc32(task.encode()) % 1000)
    if task == "cipher":
        # messages over 12 symbols with a fixed skewed unigram law, Caesar-shifted by s in 0..7; X = symbol histogram
        base = np.random.default_rng(7).permutation(12)
        p = 1.0 / (np.arange(12) + 1.0) ** 0.7
        p = p[base] / p.sum()
        def gen(n):
            s = rng.integers(0, 8, n)
            L = 16
            msgs = rng.choice(12, size=(n, L), p=p)
            msgs = (msgs + s[:, None]) % 12
            X = np.stack([np.bincount(m, minlength=12) for m in msgs]).astype(np.float32) / L
            return X, s.astype(np.int64)
        Xtr, ytr = gen(20000)
        Xva, yva = gen(3000)
    elif task == "spring":
        # damped oscillator samples -> standardised log damping ratio
        t = np.arange(24) * 0.25
        def gen(n):
            zeta = np.exp(rng.uniform(np.log(0.02), np.log(0.5), n))
            w = rng.uniform(1.5, 4.0, n)
            A = rng.uniform(0.5, 2.0, n)
            ph = rng.uniform(0, 2 * np.pi, n)
            wd = w * np.sqrt(1 - zeta ** 2)
            x = A[:, None] * np.exp(-zeta[:, None] * w[:, None] * t) * np.cos(wd[:, None] * t + ph[:, None])
            x = x + rng.normal(0, 0.05, x.shape)
            return x.astype(np.float32), np.log(zeta)
        Xtr, ytr = gen(4000)
        Xva, yva = gen(1000)
        mu, sd = ytr.mean(), ytr.std()
        ytr = ((ytr - mu) / sd).astype(np.float32)
        yva = ((yva - mu) / sd).astype(np.float32)
    elif task == "allergy":
        # 6 allergen tags (latent), 10 skin-test readings with cross-reactivity, patient-level reactivity scale
        prev = np.array([0.35, 0.25, 0.2, 0.3, 0.15, 0.4])
        W = np.zeros((10, 6))
        W[np.arange(6), np.arange(6)] = 1.6
        W[6] = [0.9, 0.9, 0, 0, 0, 0]
        W[7] = [0, 0, 0.8, 0.8, 0, 0]
        W[8] = [0, 0, 0, 0, 1.0, 0.7]
        W[9] = [0.5, 0, 0, 0.5, 0, 0.5]
        W[0, 1] = 0.8; W[2, 3] = 0.7; W[5, 4] = 0.9
        def gen(n):
            T = (rng.random((n, 6)) < prev).astype(np.float32)
            scale = np.exp(rng.normal(0, 0.3, (n, 1)))
            X = scale * (T @ W.T) + rng.normal(0, 0.55, (n, 10))
            return X.astype(np.float32), T
        Xtr, ytr = gen(4000)
        Xva, yva = gen(1000)
    elif task == "morse":
        # noisy on/off keying; tag each step gap(0) / dot(1, 2 steps on) / dash(2, 5 steps on)
        def gen(n):
            L = 40
            X = np.zeros((n, L), np.float32)
            Y = np.zeros((n, L), np.int64)
            for i in range(n):
                pos = int(rng.integers(0, 3))
                on = np.zeros(L)
                while pos < L:
                    k = 1 if rng.random() < 0.5 else 2
                    ln = 2 if k == 1 else 5
                    Y[i, pos:pos + ln] = k
                    on[pos:pos + ln] = 1
                    pos += ln + int(rng.integers(1, 4))
                amp = rng.uniform(0.7, 1.3)
                X[i] = amp * on + rng.normal(0, 0.3, L) + 0.1 * np.sin(rng.uniform(0, 6) + np.arange(L) / 6)
            return X, Y
        Xtr, ytr = gen(3000)
        Xva, yva = gen(600)
    elif task == "quake":
        # quarry blast (1) vs earthquake (0) from 7 event features; labels drawn from a sigmoid
        def gen(n):
            depth = np.exp(rng.normal(1.5, 0.9, n))
            hour = rng.uniform(0, 24, n)
            mag = rng.gamma(2.0, 0.6, n) + 1.0
            ps = rng.normal(0, 1, n)
            dist = np.exp(rng.normal(2.5, 1.0, n))
            weekday = (rng.random(n) < 5 / 7).astype(float)
            day = ((hour > 8) & (hour < 17)).astype(float)
            logit = (2.2 * day * weekday - 1.1 * np.log(depth) + 1.3 * np.tanh(ps) - 0.9 * (np.log(dist) - 2.5)
                     - 0.8 * (mag - 2.2) ** 2 + 0.6)
            y = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(np.float32)
            X = np.stack([np.log(depth), np.sin(hour / 24 * 2 * np.pi), np.cos(hour / 24 * 2 * np.pi), mag, ps,
                          np.log(dist), weekday], 1).astype(np.float32)
            return X, y
        Xtr, ytr = gen(4000)
        Xva, yva = gen(1000)
    else:
        raise ValueError(task)
    if task in ("cipher", "allergy", "quake"):
        mu, sd = Xtr.mean(0), Xtr.std(0) + 1e-6
        Xtr = ((Xtr - mu) / sd).astype(np.float32)
        Xva = ((Xva - mu) / sd).astype(np.float32)
    return Xtr, ytr, Xva, yva


def hop_data(n, rng):
    import numpy as np
    x = np.zeros((n, 20), np.int64)
    x[:, 0] = rng.integers(0, 11, n)
    for i in range(1, 20):
        d = np.where(rng.random(n) < 0.7, 1, 2)
        x[:, i] = (x[:, i - 1] + d) % 11
    return x


# --------------------------------------------------------------------------------------------------------------------
# torch models
# --------------------------------------------------------------------------------------------------------------------
def build_model(task, model, n_in, n_out):
    import torch.nn as nn

    class Tagger(nn.Module):
        def __init__(self, kind):
            super().__init__()
            self.kind = kind
            if kind == "bigru":
                self.rnn = nn.GRU(1, 32, batch_first=True, bidirectional=True)
                self.head = nn.Linear(64, 3)
            elif kind == "gru":
                self.rnn = nn.GRU(1, 48, batch_first=True)
                self.head = nn.Linear(48, 3)
            elif kind == "lstm":
                self.rnn = nn.LSTM(1, 32, batch_first=True, bidirectional=True)
                self.head = nn.Linear(64, 3)
            else:  # cnn tagger
                self.net = nn.Sequential(nn.Conv1d(1, 24, 7, padding=3), nn.ReLU(), nn.Conv1d(24, 32, 7, padding=3),
                                         nn.ReLU(), nn.Conv1d(32, 3, 5, padding=2))

        def forward(self, x):
            if self.kind == "cnn":
                return self.net(x[:, None, :]).transpose(1, 2)
            h, _ = self.rnn(x[:, :, None])
            return self.head(h)

    class SpringCNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.f = nn.Sequential(nn.Conv1d(1, 8, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
                                   nn.Conv1d(8, 16, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2))
            self.head = nn.Sequential(nn.Flatten(), nn.Linear(96, 64), nn.ReLU(), nn.Linear(64, 1))

        def forward(self, x):
            return self.head(self.f(x[:, None, :]))[:, 0]

    class SpringRNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.rnn = nn.RNN(1, 32, batch_first=True, nonlinearity="relu")
            self.head = nn.Linear(32, 1)

        def forward(self, x):
            h, _ = self.rnn(x[:, :, None])
            return self.head(h[:, -1])[:, 0]

    class MLP(nn.Module):
        def __init__(self, width):
            super().__init__()
            self.net = nn.Sequential(nn.Linear(n_in, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(),
                                     nn.Linear(width, n_out))

        def forward(self, x):
            out = self.net(x)
            return out[:, 0] if n_out == 1 else out

    if task == "morse":
        return Tagger(model)
    if model == "cnn":
        return SpringCNN()
    if model == "rnn":
        return SpringRNN()
    return MLP(256 if model == "mlp_wide" else 64)


def loss_and_metric(task):
    import torch
    import torch.nn.functional as F

    if task == "cipher":
        return (lambda o, y: F.cross_entropy(o, y)), (lambda o, y: (o.argmax(1) == y).float().mean().item())
    if task == "spring":
        return (lambda o, y: F.mse_loss(o, y)), (lambda o, y: 1 - ((o - y) ** 2).sum().item() / ((y - y.mean()) ** 2).sum().item())
    if task == "allergy":
        def f1(o, y):
            p = (o > 0).float()
            tp = (p * y).sum().item()
            return 2 * tp / max(1e-9, p.sum().item() + y.sum().item())
        return (lambda o, y: F.binary_cross_entropy_with_logits(o, y)), f1
    if task == "morse":
        return ((lambda o, y: F.cross_entropy(o.reshape(-1, 3), y.reshape(-1))),
                (lambda o, y: (o.argmax(-1) == y).float().mean().item()))
    if task == "quake":
        return ((lambda o, y: F.binary_cross_entropy_with_logits(o, y)),
                (lambda o, y: ((o > 0).float() == y).float().mean().item()))
    raise ValueError(task)


def n_out_of(task):
    return {"cipher": 8, "spring": 1, "allergy": 6, "morse": 3, "quake": 1}[task]


def make_opt(cfg, params):
    import torch
    o, lr, wd = cfg["opt"], cfg["lr"], cfg.get("wd", 0.0)
    if o == "adam":
        return torch.optim.Adam(params, lr=lr, weight_decay=wd), "Adam"
    if o == "adamw":
        return torch.optim.AdamW(params, lr=lr, weight_decay=wd or 0.01), "AdamW"
    if o == "adamw_plain":
        return torch.optim.Adam(params, lr=lr, weight_decay=wd), "Adam"
    if o == "sgd":
        return torch.optim.SGD(params, lr=lr, weight_decay=wd), "SGD"
    if o == "sgdm":
        return torch.optim.SGD(params, lr=lr, momentum=0.9, weight_decay=wd), "SGD"
    if o == "rmsprop":
        return torch.optim.RMSprop(params, lr=lr, weight_decay=wd), "RMSprop"
    raise ValueError(o)


# --------------------------------------------------------------------------------------------------------------------
# loggers
# --------------------------------------------------------------------------------------------------------------------
class Logger:
    def __init__(self, cfg, rundir):
        self.cfg, self.dir = cfg, rundir
        self.m = METRIC[cfg["task"]]

    def start(self, optname):
        pass

    def step(self, gstep, loss, gnorm):
        pass

    def epoch(self, e, tl, vl, mv, lr):
        pass

    def end(self):
        pass


class TextA(Logger):
    def start(self, optname):
        c = self.cfg
        print(f"** {c['task']}/{c['model']} :: {optname.lower()} lr={c['lr']} :: {c['epochs']} epochs **")
        self.best = (float("inf"), 0)

    def epoch(self, e, tl, vl, mv, lr):
        N = self.cfg["epochs"]
        print(f"({e}/{N}) tr.loss {tl:.4f}  va.loss {vl:.4f}  va.{self.m} {mv:.4f}  @lr {lr:.2e}")
        if vl < self.best[0]:
            self.best = (vl, e)

    def end(self):
        print(f"** done, best va.loss {self.best[0]:.4f} at epoch {self.best[1]} **")


class TextB(Logger):
    def start(self, optname):
        import logging
        c = self.cfg
        self.log = logging.getLogger("fit")
        self.log.setLevel(logging.INFO)
        h = logging.FileHandler(os.path.join(self.dir, "run.log"), mode="a")
        h.setFormatter(logging.Formatter("%(asctime)s :: %(levelname)s :: %(name)s :: %(message)s"))
        self.log.addHandler(h)
        self.log.info(f"launch {c['task']}/{c['model']} opt={optname} lr={c['lr']} epochs={c['epochs']}")

    def epoch(self, e, tl, vl, mv, lr):
        self.log.info(f"ep#{e:03d} objective(train)={tl:.5f} objective(valid)={vl:.5f} valid.{self.m}={mv:.4f} "
                      f"lr={lr:.3g}")

    def end(self):
        self.log.info("complete")


class TextC(Logger):
    def start(self, optname):
        c = self.cfg
        print(f"[{c['task']}] model={c['model']} optimizer={optname} lr={c['lr']} max_epochs={c['epochs']}")

    def epoch(self, e, tl, vl, mv, lr):
        print(f"summary: epoch {e} -> loss {tl:.4f} (val {vl:.4f}, {self.m} {mv:.4f}, lr {lr:.1e})")

    def end(self):
        print("[done]")


class TextD(Logger):
    def start(self, optname):
        c = self.cfg
        print(f"# {c['task']} {c['model']} ({optname}, lr {c['lr']}, {c['epochs']} epochs)")
        print()
        print(f"| epoch | train | valid | {self.m} | lr |")
        print("|---:|---:|---:|---:|---:|")

    def epoch(self, e, tl, vl, mv, lr):
        print(f"| {e} | {tl:.4f} | {vl:.4f} | {mv:.4f} | {lr:.2e} |")

    def end(self):
        print()
        print("finished")


class CsvLog(Logger):
    def start(self, optname):
        self.f = open(os.path.join(self.dir, "metrics.csv"), "w")
        self.f.write(f"epoch,train_loss,test_loss,test_{self.m},lr\n")

    def epoch(self, e, tl, vl, mv, lr):
        self.f.write(f"{e},{tl:.6f},{vl:.6f},{mv:.6f},{lr:.6g}\n")
        self.f.flush()

    def end(self):
        self.f.close()


class JsonlLog(Logger):
    def start(self, optname):
        self.f = open(os.path.join(self.dir, "log.jsonl"), "w")
        self.g = 0

    def step(self, gstep, loss, gnorm):
        self.g = gstep

    def epoch(self, e, tl, vl, mv, lr):
        self.f.write(json.dumps({"step": self.g, "epoch": e, "train/loss": tl, "valid/loss": vl,
                                 f"valid/{self.m}": mv, "lr": lr}) + "\n")
        self.f.flush()

    def end(self):
        self.f.close()


class PandasLog(Logger):
    def start(self, optname):
        self.rows = []

    def epoch(self, e, tl, vl, mv, lr):
        import pandas as pd
        self.rows.append({"epoch": e, "loss": tl, "val_loss": vl, f"val_{self.m}": mv, "lr": lr})
        pd.DataFrame(self.rows).to_csv(os.path.join(self.dir, "history.csv"), index=False)


class TbLog(Logger):
    def start(self, optname):
        from torch.utils.tensorboard import SummaryWriter
        self.w = SummaryWriter(log_dir=self.dir)

    def step(self, gstep, loss, gnorm):
        if gstep % 10 == 0:
            self.w.add_scalar("iter/loss", loss, gstep)
            self.w.add_scalar("iter/grad_norm", gnorm, gstep)

    def epoch(self, e, tl, vl, mv, lr):
        self.w.add_scalar("loss/training", tl, e)
        self.w.add_scalar("loss/validation", vl, e)
        self.w.add_scalar(f"metric/{self.m}", mv, e)
        self.w.add_scalar("hparam/lr", lr, e)

    def end(self):
        self.w.close()


class TbxLog(Logger):
    def start(self, optname):
        from tensorboardX import SummaryWriter
        self.w = SummaryWriter(logdir=self.dir)

    def epoch(self, e, tl, vl, mv, lr):
        self.w.add_scalar("training/loss_epoch", tl, e)
        self.w.add_scalar("validation/loss", vl, e)
        self.w.add_scalar(f"validation/{self.m}", mv, e)
        self.w.add_scalar("lr", lr, e)

    def end(self):
        self.w.close()


LOGGERS = {"A": TextA, "B": TextB, "C": TextC, "D": TextD, "csv": CsvLog, "jsonl": JsonlLog, "pandas": PandasLog,
           "tb": TbLog, "tbx": TbxLog}


# --------------------------------------------------------------------------------------------------------------------
# plain torch loop
# --------------------------------------------------------------------------------------------------------------------
def torch_run(cfg, rundir):
    import numpy as np
    import torch
    torch.set_num_threads(1)
    seed = zlib.crc32(cfg["name"].encode()) % 10000
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    task = cfg["task"]
    Xtr, ytr, Xva, yva = make_data(task)
    if cfg.get("leak"):
        # BUG: the target was meant to be dropped from the feature table, but stays in as the last column
        Xtr = np.concatenate([Xtr, ytr[:, None] + rng.normal(0, 0.1, (len(ytr), 1)).astype(np.float32)], 1)
        Xva = np.concatenate([Xva, yva[:, None] + rng.normal(0, 0.1, (len(yva), 1)).astype(np.float32)], 1)
    if cfg.get("n_train"):
        Xtr, ytr = Xtr[:cfg["n_train"]], ytr[:cfg["n_train"]]  # BUG: a debug slice left in
    if cfg.get("permute"):
        ytr = ytr[rng.permutation(len(ytr))]  # BUG: shuffled y separately from X
    Xtr, ytr, Xva, yva = map(torch.as_tensor, (Xtr, ytr, Xva, yva))
    n_in = Xtr.shape[1] if Xtr.dim() == 2 else Xtr.shape[-1]
    model = build_model(task, cfg["model"], n_in, n_out_of(task))
    if cfg.get("frozen"):
        # BUG: meant to freeze nothing; a left-over "freeze the body" line from a fine-tuning script
        for p in model.net[:-1].parameters():
            p.requires_grad = False
    opt, optname = make_opt(cfg, [p for p in model.parameters() if p.requires_grad])
    if cfg.get("stale_opt"):
        model = build_model(task, cfg["model"], n_in, n_out_of(task))  # BUG: "fresh init" after the optimizer
    lossf, metf = loss_and_metric(task)
    if cfg.get("softmax_ce"):
        base = lossf
        lossf = lambda o, y: base(torch.softmax(o, 1), y)  # BUG: softmax before cross_entropy
    bs = 64
    steps_per_epoch = math.ceil(len(Xtr) / bs)
    sched = None
    s = cfg.get("sched")
    if s == "cos":
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg["epochs"])
    elif s == "cos_long":
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=60)  # BUG: planned 60 epochs, loop runs 20
    elif s == "steplr_batch":
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=30, gamma=0.5)  # BUG: stepped every batch below
    log = LOGGERS[cfg["style"]](cfg, rundir)
    log.start(optname)
    kill_at = cfg.get("kill_at") or int(os.environ.get("NU47_KILL_AT", "0") or 0)
    g = 0
    for e in range(1, cfg["epochs"] + 1):
        model.train()
        perm = torch.randperm(len(Xtr))
        tot, n = 0.0, 0
        batches = range(0, len(Xtr), bs)
        if cfg["style"] == "C":
            from tqdm import tqdm
            batches = tqdm(batches, desc=f"ep {e}/{cfg['epochs']}", file=sys.stdout, miniters=10, mininterval=0,
                           ncols=90)
        for i in batches:
            idx = perm[i:i + bs]
            out = model(Xtr[idx])
            loss = lossf(out, ytr[idx])
            if not cfg.get("nozerograd"):
                opt.zero_grad()
            loss.backward()
            gn = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf")).item()
            opt.step()
            if s == "steplr_batch":
                sched.step()
            g += 1
            tot += loss.item() * len(idx)
            n += len(idx)
            log.step(g, loss.item(), gn)
            if cfg["style"] == "C":
                batches.set_postfix(loss=f"{loss.item():.4f}")
        if cfg["style"] == "C":
            batches.close()
        lr_now = opt.param_groups[0]["lr"]
        if sched is not None and s != "steplr_batch":
            sched.step()
        model.eval()
        with torch.no_grad():
            out = model(Xva)
            vl = lossf(out, yva).item()
            mv = metf(out, yva)
        log.epoch(e, tot / n, vl, mv, lr_now)
        if kill_at and e == kill_at:
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)  # the job was killed (OOM killer / scancel) here
    log.end()


# --------------------------------------------------------------------------------------------------------------------
# Lightning
# --------------------------------------------------------------------------------------------------------------------
def lightning_run(cfg, rundir):
    import numpy as np
    import torch
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    torch.set_num_threads(1)
    seed = zlib.crc32(cfg["name"].encode()) % 10000
    L.seed_everything(seed, verbose=False)
    task = cfg["task"]
    Xtr, ytr, Xva, yva = make_data(task)
    if cfg.get("n_train"):
        Xtr, ytr = Xtr[:cfg["n_train"]], ytr[:cfg["n_train"]]  # BUG: a debug slice left in
    n_in = Xtr.shape[1]
    m = METRIC[task]
    lossf, metf = loss_and_metric(task)

    class LM(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.model = build_model(task, cfg["model"], n_in, n_out_of(task))

        def training_step(self, b, i):
            x, y = b
            loss = lossf(self.model(x), y)
            self.log("train_loss", loss, on_step=False, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            o = self.model(x)
            self.log("val_loss", lossf(o, y))
            self.log(f"val_{m}", metf(o, y))

        def configure_optimizers(self):
            opt, _ = make_opt(cfg, self.parameters())
            if cfg.get("sched") == "cos":
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg["epochs"])}
            return opt

    from torch.utils.data import DataLoader, TensorDataset
    tr = DataLoader(TensorDataset(torch.as_tensor(Xtr), torch.as_tensor(ytr)), batch_size=64, shuffle=True)
    va = DataLoader(TensorDataset(torch.as_tensor(Xva), torch.as_tensor(yva)), batch_size=len(Xva))
    cbs = [LearningRateMonitor(logging_interval="epoch")] if cfg.get("sched") else []
    trainer = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(rundir, name="lightning_logs", version=0),
                        callbacks=cbs, enable_checkpointing=False, enable_progress_bar=False,
                        enable_model_summary=False, accelerator="cpu", devices=1, log_every_n_steps=1000,
                        num_sanity_val_steps=0)
    trainer.fit(LM(), tr, va)


# --------------------------------------------------------------------------------------------------------------------
# Keras 3 (torch backend)
# --------------------------------------------------------------------------------------------------------------------
def keras_run(cfg, rundir):
    import numpy as np
    import torch
    torch.set_num_threads(1)
    import keras
    from keras import layers
    seed = zlib.crc32(cfg["name"].encode()) % 10000
    keras.utils.set_random_seed(seed)
    task = cfg["task"]
    Xtr, ytr, Xva, yva = make_data(task)
    reg = keras.regularizers.L2(cfg["l2"]) if cfg.get("l2") else None
    n_in = Xtr.shape[1]
    inp = keras.Input((n_in,))
    h = layers.Dense(64, activation="relu", kernel_regularizer=reg)(inp)
    h = layers.Dense(64, activation="relu", kernel_regularizer=reg)(h)
    if task == "morse":
        h = layers.Dense(128, activation="relu")(h)
        out = layers.Softmax()(layers.Reshape((40, 3))(layers.Dense(120)(h)))
        loss, metrics = "sparse_categorical_crossentropy", ["accuracy"]
    elif task == "cipher":
        out = layers.Dense(8, activation="softmax")(h)
        loss, metrics = "sparse_categorical_crossentropy", ["accuracy"]
    elif task == "quake":
        out = layers.Dense(1, activation="sigmoid")(h)
        loss, metrics = "binary_crossentropy", ["accuracy"]
    elif task == "allergy":
        out = layers.Dense(6, activation="sigmoid", kernel_regularizer=reg)(h)
        loss, metrics = "binary_crossentropy", ["binary_accuracy"]
    else:
        out = layers.Dense(1)(h)
        loss, metrics = "mse", ["mae"]
    model = keras.Model(inp, out)
    opt = {"adam": keras.optimizers.Adam, "sgd": keras.optimizers.SGD}[cfg["opt"]](learning_rate=cfg["lr"])
    model.compile(optimizer=opt, loss=loss, metrics=metrics)
    cbs = []
    if cfg["style"] == "keras_csv":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(rundir, "training.log")))
    hist = model.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=cfg["epochs"], batch_size=64, verbose=0,
                     callbacks=cbs)
    if cfg["style"] == "keras_json":
        with open(os.path.join(rundir, "history.json"), "w") as f:
            json.dump({k: [float(v) for v in vs] for k, vs in hist.history.items()}, f)
    elif cfg["style"] == "keras_pd":
        import pandas as pd
        pd.DataFrame(hist.history).to_csv(os.path.join(rundir, "history.csv"), index=False)


# --------------------------------------------------------------------------------------------------------------------
# HF Trainer, tiny Llama LM on `hop`
# --------------------------------------------------------------------------------------------------------------------
def hf_run(cfg, rundir):
    import numpy as np
    import torch
    torch.set_num_threads(1)
    from transformers import LlamaConfig, LlamaForCausalLM, Trainer, TrainingArguments, set_seed
    seed = zlib.crc32(cfg["name"].encode()) % 10000
    set_seed(seed)
    rng = np.random.default_rng(99)
    tr, va = hop_data(2000, rng), hop_data(400, rng)

    class DS(torch.utils.data.Dataset):
        def __init__(self, a):
            self.a = torch.as_tensor(a)

        def __len__(self):
            return len(self.a)

        def __getitem__(self, i):
            return {"input_ids": self.a[i], "labels": self.a[i], "attention_mask": torch.ones_like(self.a[i])}

    conf = LlamaConfig(vocab_size=11, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                       num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=32,
                       bos_token_id=0, eos_token_id=0, pad_token_id=0)
    model = LlamaForCausalLM(conf)
    out = os.path.join(SCRATCH, cfg["name"].replace("/", "__"))
    args = TrainingArguments(output_dir=out, num_train_epochs=cfg["epochs"], per_device_train_batch_size=32,
                             per_device_eval_batch_size=200, learning_rate=cfg["lr"], weight_decay=0.0,
                             lr_scheduler_type=cfg.get("hf_sched", "linear"), logging_steps=10,
                             eval_strategy="epoch", save_strategy="no", report_to=[], use_cpu=True, seed=seed,
                             disable_tqdm=True, dataloader_num_workers=0)
    trainer = Trainer(model=model, args=args, train_dataset=DS(tr), eval_dataset=DS(va))
    trainer.train()
    trainer.save_state()
    shutil.copy(os.path.join(out, "trainer_state.json"), os.path.join(rundir, "trainer_state.json"))
    shutil.rmtree(out, ignore_errors=True)


# --------------------------------------------------------------------------------------------------------------------
# driver
# --------------------------------------------------------------------------------------------------------------------
def child(name):
    cfg = BY_NAME[name]
    rundir = os.path.join(RUNS_DIR, name)
    os.makedirs(rundir, exist_ok=True)
    st = cfg["style"]
    if st == "lightning":
        lightning_run(cfg, rundir)
    elif st.startswith("keras"):
        keras_run(cfg, rundir)
    elif st == "hf":
        hf_run(cfg, rundir)
    else:
        torch_run(cfg, rundir)


def launch(name):
    cfg = BY_NAME[name]
    rundir = os.path.join(RUNS_DIR, name)
    shutil.rmtree(rundir, ignore_errors=True)
    os.makedirs(rundir)
    os.makedirs(SCRATCH, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONUNBUFFERED="1", KERAS_BACKEND="torch",
               TF_CPP_MIN_LOG_LEVEL="3", TOKENIZERS_PARALLELISM="false", HF_HUB_OFFLINE="1")
    env.pop("NU47_KILL_AT", None)
    st = cfg["style"]
    if st in ("A", "C", "D"):
        outpath = os.path.join(rundir, TEXT_FILE[st])
    else:
        outpath = os.path.join(SCRATCH, name.replace("/", "__") + ".out")
        if os.path.exists(outpath):
            os.remove(outpath)
    t0 = time.time()
    launches = []
    if cfg.get("relaunch_kill_at"):
        launches.append(dict(env, NU47_KILL_AT=str(cfg["relaunch_kill_at"])))
    launches.append(env)
    rcs = []
    for ev in launches:
        with open(outpath, "a") as f:
            p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", name], stdout=f,
                               stderr=subprocess.STDOUT, env=ev, cwd=HERE)
        rcs.append(p.returncode)
    print(f"{name:45s} rc={rcs} {time.time() - t0:5.1f}s", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--child", default="")
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()
    if a.child:
        child(a.child)
        return
    names = [n for n in a.only.split(",") if n] if a.only else [r["name"] for r in R]
    for n in names:
        assert n in BY_NAME, n
    with ThreadPoolExecutor(max_workers=min(2, a.j)) as ex:
        list(ex.map(launch, names))


if __name__ == "__main__":
    main()
