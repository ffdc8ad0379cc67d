#!/usr/bin/env python
"""Lock-box batch 2026-12-31nu35: ~50 small CPU trainings written the way a new user would write them.

python make_runs.py                      # (re)make every run, 2 at a time, each in its own process
python make_runs.py --only text/t01_orchard_mlp_cosine   # (re)make one run

Every run writes to runs/<format>/<run-name>/ exactly as its logger leaves it. Data are generated with numpy
(fixed seeds); HF models are built from configs. Nothing is downloaded and no weights are kept.
"""
import os
import sys
import json
import math
import time
import shutil
import signal
import argparse
import subprocess

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")


# ----------------------------------------------------------------------------------------------------------------
# data (all numpy, fixed seeds)
# ----------------------------------------------------------------------------------------------------------------
def _std(xtr, xva):
    mu, sd = xtr.mean(0), xtr.std(0) + 1e-8
    return (xtr - mu) / sd, (xva - mu) / sd


def data_orchard(seed=35, ntr=1600, nva=500, raw=False):
    """apple ripeness stage (unripe / turning / ripe / overripe), K = 4, from 7 orchard measurements."""
    rng = np.random.default_rng(seed)
    n = ntr + nva
    r = rng.normal(0, 1, n)                                   # latent ripeness
    firm = 9.0 - 2.2 * r + rng.normal(0, 1.0, n)              # penetrometer kgf
    brix = 11.0 + 1.8 * r + rng.normal(0, 1.1, n)             # soluble solids
    starch = 3.0 + 1.5 * np.clip(r + 1.5, 0, None) + rng.normal(0, 0.8, n)
    hue = 100.0 - 25.0 * np.tanh(r) + rng.normal(0, 8, n)
    ethyl = np.exp(0.8 * r) + rng.normal(0, 0.4, n)
    days = 120 + 15 * r + rng.normal(0, 12, n)
    acid = 0.9 - 0.25 * r + rng.normal(0, 0.15, n)
    X = np.stack([firm, brix, starch, hue, ethyl, days, acid], 1).astype(np.float32)
    s = r + rng.normal(0, 0.35, n)
    q = np.quantile(s, [0.25, 0.5, 0.75])
    y = np.digitize(s, q).astype(np.int64)
    flip = rng.random(n) < 0.05
    y[flip] = rng.integers(0, 4, flip.sum())
    Xtr, Xva = X[:ntr], X[ntr:]
    if not raw:
        Xtr, Xva = _std(Xtr, Xva)
    return Xtr.astype(np.float32), y[:ntr], Xva.astype(np.float32), y[ntr:]


def data_smelt(seed=36, ntr=1500, nva=500):
    """steel hardness after heat treatment (regression) from 6 process settings; x and y standardised."""
    rng = np.random.default_rng(seed)
    n = ntr + nva
    c = rng.uniform(0.1, 0.9, n)
    tq = rng.uniform(800, 950, n)
    tt = rng.uniform(150, 650, n)
    th = np.exp(rng.uniform(np.log(0.5), np.log(8), n))
    rate = np.exp(rng.uniform(np.log(2), np.log(120), n))
    cr = rng.uniform(0, 3, n)
    hv = (20 + 60 * np.sqrt(c) * (1 - np.exp(-rate / 20)) - 0.04 * (tt - 150) * (1 + 0.3 * np.log(th))
          + 4 * cr + 0.02 * (tq - 850) + rng.normal(0, 1.5, n))
    X = np.stack([c, tq, tt, np.log(th), np.log(rate), cr], 1).astype(np.float32)
    Xtr, Xva = X[:ntr], X[ntr:]
    Xtr_s, Xva_s = _std(Xtr, Xva)
    mu, sd = hv[:ntr].mean(), hv[:ntr].std()
    y = ((hv - mu) / sd).astype(np.float32)
    return Xtr_s.astype(np.float32), y[:ntr], Xva_s.astype(np.float32), y[ntr:], Xva


def data_pond(seed=37, ntr=1500, nva=500):
    """5 water-quality alert tags from 9 sonde readings; tag j = [(x.a_j)^2 - x.b_j + noise > 70th pct]."""
    rng = np.random.default_rng(seed)
    n = ntr + nva
    L = rng.normal(0, 0.4, (9, 9)) + np.eye(9)
    X = rng.normal(0, 1, (n, 9)) @ L.T
    A = rng.normal(0, 1, (9, 5)) * (rng.random((9, 5)) < 0.45)
    B = rng.normal(0, 1, (9, 5)) * (rng.random((9, 5)) < 0.45)
    s = (X @ A) ** 2 / 3.0 - X @ B + rng.normal(0, 0.5, (n, 5))
    thr = np.quantile(s[:ntr], 0.70, axis=0)
    Y = (s > thr).astype(np.float32)
    Xtr, Xva = _std(X[:ntr], X[ntr:])
    return Xtr.astype(np.float32), Y[:ntr], Xva.astype(np.float32), Y[ntr:]


def data_lastodd(seed=38, ntr=1200, nva=300, T=14):
    """tokens 0..5; the tag at each position is the most recent odd token so far (none/1/3/5 -> 0..3), K = 4."""
    rng = np.random.default_rng(seed)
    n = ntr + nva
    X = rng.integers(0, 6, (n, T))
    Y = np.zeros((n, T), np.int64)
    cur = np.zeros(n, np.int64)
    for t in range(T):
        odd = X[:, t] % 2 == 1
        cur = np.where(odd, (X[:, t] + 1) // 2, cur)
        Y[:, t] = cur
    return X[:ntr], Y[:ntr], X[ntr:], Y[ntr:]


def data_tally(seed=39, ntr=900, nva=250, T=12):
    """HF task: tokens 0..9, label = tertile of the token sum (K = 3)."""
    rng = np.random.default_rng(seed)
    n = ntr + nva
    X = rng.integers(0, 10, (n, T))
    s = X.sum(1)
    q = np.quantile(s[:ntr], [1 / 3, 2 / 3])
    y = np.digitize(s, q, right=True)
    return X[:ntr], y[:ntr], X[ntr:], y[ntr:]


# ----------------------------------------------------------------------------------------------------------------
# loggers for the plain-torch loop
# ----------------------------------------------------------------------------------------------------------------
class PrintLog:
    """print() to stdout; the driver redirects stdout/stderr into train.log."""

    def __init__(self, d, metric):
        self.metric = metric

    def start(self, cfg):
        print(">>> config: " + ", ".join(f"{k}={v}" for k, v in shown(cfg).items()))

    def step(self, gs, loss, gn, lr):
        pass

    def epoch(self, ep, E, tr, va, m, lr):
        print(f"[ep {ep:02d}/{E}] trn_cost={tr:.4f} | heldout_cost={va:.4f} | heldout_{self.metric}={m:.4f} | lr={lr:.3e}")

    def end(self):
        print("finished.")


class LoggingLog:
    def __init__(self, d, metric):
        import logging
        self.metric = metric
        lg = logging.getLogger("runner")
        lg.setLevel(logging.INFO)
        if not lg.handlers:
            h = logging.FileHandler(os.path.join(d, "train.log"), mode="a")
            h.setFormatter(logging.Formatter("%(asctime)s | %(levelname)-7s | %(name)s | %(message)s"))
            lg.addHandler(h)
        self.lg = lg

    def start(self, cfg):
        self.lg.info("job start; settings %s", shown(cfg))

    def step(self, gs, loss, gn, lr):
        pass

    def epoch(self, ep, E, tr, va, m, lr):
        self.lg.info(f"epoch {ep} of {E} -> train cost {tr:.5f}, validation cost {va:.5f}, "
                     f"validation {self.metric} {m:.4f}, learning rate {lr:.2e}")

    def end(self):
        self.lg.info("job done")


class TqdmLog:
    def __init__(self, d, metric):
        self.metric = metric

    def start(self, cfg):
        from tqdm import tqdm
        tqdm.write("hyper-parameters: " + json.dumps(shown(cfg)))

    def bar(self, it, ep):
        from tqdm import tqdm
        return tqdm(it, desc=f"epoch {ep}", file=sys.stdout, ncols=90, mininterval=0, miniters=1, leave=False)

    def step(self, gs, loss, gn, lr):
        pass

    def epoch(self, ep, E, tr, va, m, lr):
        from tqdm import tqdm
        tqdm.write(f"epoch {ep}/{E} summary: mean train cost {tr:.4f}; valid cost {va:.4f}; "
                   f"valid {self.metric} {m:.4f}; lr {lr:.3g}")

    def end(self):
        from tqdm import tqdm
        tqdm.write("all epochs done")


class CsvWriterLog:
    def __init__(self, d, metric):
        import csv
        self.f = open(os.path.join(d, "progress.csv"), "a", newline="")
        self.w = csv.writer(self.f)
        self.w.writerow(["epoch", "loss_train", "loss_valid", f"{metric}_valid", "lr"])
        self.f.flush()

    def start(self, cfg):
        pass

    def step(self, *a):
        pass

    def epoch(self, ep, E, tr, va, m, lr):
        self.w.writerow([ep, f"{tr:.6f}", f"{va:.6f}", f"{m:.6f}", f"{lr:.6g}"])
        self.f.flush()

    def end(self):
        self.f.close()


class JsonlLog:
    def __init__(self, d, metric):
        self.metric = metric
        self.f = open(os.path.join(d, "events.jsonl"), "a")

    def _w(self, rec):
        self.f.write(json.dumps(rec) + "\n")
        self.f.flush()

    def start(self, cfg):
        self._w({"event": "config", **shown(cfg)})

    def step(self, gs, loss, gn, lr):
        if gs % 25 == 0:
            self._w({"event": "batch", "iter": gs, "batch_loss": loss, "grad_l2": gn})

    def epoch(self, ep, E, tr, va, m, lr):
        self._w({"event": "epoch_end", "epoch": ep, "train_objective": tr, "valid_objective": va,
                 f"valid_{self.metric}": m, "learning_rate": lr})

    def end(self):
        self._w({"event": "done"})
        self.f.close()


class PandasLog:
    def __init__(self, d, metric):
        self.d, self.metric, self.rows = d, metric, []

    def start(self, cfg):
        pass

    def step(self, *a):
        pass

    def epoch(self, ep, E, tr, va, m, lr):
        self.rows.append({"epoch_no": ep, "tr_loss": tr, "va_loss": va, f"va_{self.metric}": m, "step_size": lr})

    def end(self):
        import pandas as pd
        pd.DataFrame(self.rows).to_csv(os.path.join(self.d, "curve_table.csv"), index=False)


class TBLog:
    def __init__(self, d, metric, x=False):
        if x:
            from tensorboardX import SummaryWriter
        else:
            from torch.utils.tensorboard import SummaryWriter
        self.w = SummaryWriter(log_dir=d)
        self.metric = metric

    def start(self, cfg):
        self.w.add_text("setup", json.dumps(shown(cfg)), 0)

    def step(self, gs, loss, gn, lr):
        if gs % 10 == 0:
            self.w.add_scalar("batch/loss", loss, gs)
            self.w.add_scalar("batch/grad_l2", gn, gs)
            self.w.add_scalar("sched/lr", lr, gs)

    def epoch(self, ep, E, tr, va, m, lr, gs=None):
        self.w.add_scalar("epoch/train_loss", tr, ep)
        self.w.add_scalar("epoch/valid_loss", va, ep)
        self.w.add_scalar(f"epoch/valid_{self.metric}", m, ep)
        self.w.flush()

    def end(self):
        self.w.close()


# the fault switches live in the code, not in what the user logs as the run's settings
HIDDEN = {"no_zero_grad", "shuffle_labels", "manual_bce", "kill_at", "crash_at", "frozen", "mse_on_ids",
          "sched_per_batch", "val_unscaled", "double_softmax", "no_eval", "tiny_train", "planned_epochs"}


def shown(cfg):
    return {k: v for k, v in cfg.items() if not k.startswith("_") and k not in HIDDEN}


LOGGERS = {"print": PrintLog, "logging": LoggingLog, "tqdm": TqdmLog, "csvw": CsvWriterLog, "jsonl": JsonlLog,
           "pandas": PandasLog, "tb": TBLog, "tbx": lambda d, m: TBLog(d, m, x=True)}


# ----------------------------------------------------------------------------------------------------------------
# plain torch loop with fault switches
# ----------------------------------------------------------------------------------------------------------------
def build_model(cfg, nin, nout):
    import torch.nn as nn
    if cfg["task"] == "lastodd":
        class Tagger(nn.Module):
            def __init__(s):
                super().__init__()
                s.emb = nn.Embedding(6, 24)
                kind = cfg.get("rnn", "gru")
                if kind == "gru":
                    s.rnn = nn.GRU(24, cfg.get("hidden", 48), batch_first=True)
                elif kind == "lstm":
                    s.rnn = nn.LSTM(24, cfg.get("hidden", 48), batch_first=True)
                else:
                    s.rnn = nn.RNN(24, cfg.get("hidden", 48), batch_first=True, nonlinearity=kind)
                s.out = nn.Linear(cfg.get("hidden", 48), 4)

            def forward(s, x):
                h, _ = s.rnn(s.emb(x))
                return s.out(h)
        return Tagger()
    h = cfg.get("hidden", 64)
    layers, k = [], nin
    for _ in range(cfg.get("depth", 2)):
        layers.append(nn.Linear(k, h))
        if cfg.get("bn"):
            layers.append(nn.BatchNorm1d(h))
        layers.append(nn.ReLU())
        if cfg.get("dropout"):
            layers.append(nn.Dropout(cfg["dropout"]))
        k = h
    layers.append(nn.Linear(k, nout))
    if cfg.get("double_softmax"):
        layers.append(nn.Softmax(dim=1))   # BUG: CrossEntropyLoss applies log-softmax again
    return nn.Sequential(*layers)


def fit(cfg, rundir, launch=0):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(cfg.get("seed", 0) + launch)
    np.random.seed(cfg.get("seed", 0) + launch)
    task = cfg["task"]
    if task == "orchard":
        Xtr, ytr, Xva, yva = data_orchard()
        nout, metric = 4, "acc"
    elif task == "smelt":
        Xtr, ytr, Xva, yva, Xva_raw = data_smelt()
        if cfg.get("val_unscaled"):
            Xva = Xva_raw.astype(np.float32)   # BUG: forgot to apply the train scaler to the validation inputs
        nout, metric = 1, "r2"
    elif task == "pond":
        Xtr, ytr, Xva, yva = data_pond()
        nout, metric = 5, "f1"
    else:
        Xtr, ytr, Xva, yva = data_lastodd()
        nout, metric = 4, "tokacc"
    if cfg.get("tiny_train"):
        Xtr, ytr = Xtr[: cfg["tiny_train"]], ytr[: cfg["tiny_train"]]
    if cfg.get("shuffle_labels"):
        rng = np.random.default_rng(5)
        Xtr = Xtr[rng.permutation(len(Xtr))]   # BUG: "shuffled the data" -- but only X, not y
    if cfg.get("mse_on_ids"):
        nout = 1
    nin = Xtr.shape[1]
    model = build_model(cfg, nin, nout)
    ttype = torch.long if task == "lastodd" else torch.float32
    Xtr_t, Xva_t = torch.tensor(Xtr, dtype=ttype), torch.tensor(Xva, dtype=ttype)
    ytr_t, yva_t = torch.tensor(ytr), torch.tensor(yva)

    def loss_fn(out, y):
        if cfg.get("mse_on_ids"):
            return F.mse_loss(out.squeeze(1), y.float())   # BUG: regression loss on class ids
        if task in ("orchard",):
            return F.cross_entropy(out, y)
        if task == "lastodd":
            return F.cross_entropy(out.reshape(-1, 4), y.reshape(-1))
        if task == "smelt":
            return F.mse_loss(out.squeeze(1), y)
        if cfg.get("manual_bce"):
            p = torch.sigmoid(out)
            return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()   # BUG: no eps -> log(0)
        return F.binary_cross_entropy_with_logits(out, y)

    def metric_fn(out, y):
        if cfg.get("mse_on_ids"):
            return (out.squeeze(1).round().clamp(0, 3).long() == y).float().mean().item()
        if task == "orchard":
            return (out.argmax(1) == y).float().mean().item()
        if task == "lastodd":
            return (out.argmax(-1) == y).float().mean().item()
        if task == "smelt":
            return 1.0 - F.mse_loss(out.squeeze(1), y).item() / y.var().item()
        pred = (out > 0).float()
        tp = (pred * y).sum().item()
        return 2 * tp / (pred.sum().item() + y.sum().item() + 1e-9)

    params = model.parameters()
    if cfg.get("frozen"):
        params = build_model(cfg, nin, nout).parameters()   # BUG: optimizer built on a fresh, unused model
    wd = cfg.get("wd", 0.0)
    if cfg["opt"] == "sgd":
        opt = torch.optim.SGD(params, lr=cfg["lr"], momentum=cfg.get("mom", 0.9), weight_decay=wd)
    elif cfg["opt"] == "adamw":
        opt = torch.optim.AdamW(params, lr=cfg["lr"], weight_decay=wd)
    else:
        opt = torch.optim.Adam(params, lr=cfg["lr"], weight_decay=wd)
    bs = cfg.get("bs", 64)
    E = cfg["epochs"]
    nb = math.ceil(len(Xtr) / bs)
    sch, sk = None, cfg.get("sched")
    if sk == "cos":
        wu = cfg.get("warmup", 0) * nb
        total = cfg.get("planned_epochs", E) * nb
        sch = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda s: (s + 1) / wu if s < wu else 0.5 * (1 + math.cos(math.pi * min(1.0, (s - wu) / max(1, total - wu)))))
    elif sk == "step":
        sch = torch.optim.lr_scheduler.StepLR(opt, step_size=cfg.get("step_size", 10), gamma=cfg.get("gamma", 0.3))
    elif sk == "plateau":
        sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=3)
    elif sk == "onecycle":
        sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=cfg["lr"], total_steps=cfg["planned_epochs"] * nb)
    per_batch = sk in ("cos", "onecycle") or cfg.get("sched_per_batch")
    log = cfg["_logger"](rundir, metric)
    log.start(cfg)
    gs = 0
    best, bad = float("inf"), 0
    g = torch.Generator().manual_seed(cfg.get("seed", 0) + launch)
    for ep in range(1, E + 1):
        if not cfg.get("no_train_switch") or ep == 1:
            model.train()
        perm = torch.randperm(len(Xtr_t), generator=g)
        idx = range(nb)
        if isinstance(log, TqdmLog):
            idx = log.bar(idx, ep)
        tot, cnt = 0.0, 0
        for b in idx:
            if cfg.get("kill_at") and ep == cfg["kill_at"] and b == nb // 2:
                sys.stdout.flush()
                os.kill(os.getpid(), signal.SIGKILL)   # the job gets OOM-killed / preempted mid-epoch
            if cfg.get("crash_at") and launch == 0 and ep == cfg["crash_at"] and b == nb // 3:
                raise RuntimeError("node lost (simulated preemption)")
            bi = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr_t[bi], ytr_t[bi]
            if not cfg.get("no_zero_grad"):
                opt.zero_grad()
            out = model(xb)
            loss = loss_fn(out, yb)
            loss.backward()
            gn = torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.get("clip") or float("inf")).item()
            opt.step()
            if sch is not None and per_batch:
                sch.step()
            gs += 1
            lv = loss.item()
            tot += lv * len(bi)
            cnt += len(bi)
            log.step(gs, lv, gn, opt.param_groups[0]["lr"])
            if isinstance(log, TqdmLog):
                idx.set_postfix(cost=f"{lv:.4f}")
        if isinstance(log, TqdmLog):
            idx.close()
        if not cfg.get("no_eval"):
            model.eval()
        with torch.no_grad():
            out = model(Xva_t)
            va = loss_fn(out, yva_t).item()
            m = metric_fn(out, yva_t)
        lr_now = opt.param_groups[0]["lr"]
        log.epoch(ep, E, tot / cnt, va, m, lr_now)
        if sch is not None and not per_batch:
            if sk == "plateau":
                sch.step(va)
            else:
                sch.step()
        if cfg.get("early_stop"):
            if va < best - 1e-4:
                best, bad = va, 0
            else:
                bad += 1
                if bad >= cfg["early_stop"]:
                    break
    log.end()


def run_torch(cfg, rundir):
    if cfg.get("crash_at"):
        try:
            fit(cfg, rundir, launch=0)
        except RuntimeError as e:
            print(f"Traceback (most recent call last):\nRuntimeError: {e}", file=sys.stderr)
            sys.stderr.flush()
        # relaunched by hand with the same command; the logger appends to the same file
        fit(cfg, rundir, launch=1)
    else:
        fit(cfg, rundir)


# ----------------------------------------------------------------------------------------------------------------
# Lightning
# ----------------------------------------------------------------------------------------------------------------
def run_lightning(cfg, rundir):
    import torch
    import torch.nn.functional as F
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    from torch.utils.data import TensorDataset, DataLoader
    L.seed_everything(cfg.get("seed", 0), verbose=False)
    task = cfg["task"]
    if task == "orchard":
        Xtr, ytr, Xva, yva = data_orchard()
        if cfg.get("tiny_train"):
            Xtr, ytr = Xtr[:cfg["tiny_train"]], ytr[:cfg["tiny_train"]]
        nout = 4
    elif task == "smelt":
        Xtr, ytr, Xva, yva, _ = data_smelt()
        nout = 1
    elif task == "pond":
        Xtr, ytr, Xva, yva = data_pond()
        nout = 5
    else:
        Xtr, ytr, Xva, yva = data_lastodd()
        nout = 4
    nin = Xtr.shape[1]
    net = build_model(cfg, nin, nout)

    class Mod(L.LightningModule):
        def __init__(s):
            super().__init__()
            s.net = net

        def _loss(s, x, y):
            out = s.net(x)
            if task == "orchard":
                return F.cross_entropy(out, y), (out.argmax(1) == y).float().mean()
            if task == "lastodd":
                return F.cross_entropy(out.reshape(-1, 4), y.reshape(-1)), (out.argmax(-1) == y).float().mean()
            if task == "smelt":
                l = F.mse_loss(out.squeeze(1), y)
                return l, F.l1_loss(out.squeeze(1), y)
            l = F.binary_cross_entropy_with_logits(out, y)
            pred = (out > 0).float()
            return l, 2 * (pred * y).sum() / (pred.sum() + y.sum() + 1e-9)

        def training_step(s, b, i):
            l, _ = s._loss(*b)
            s.log("train_loss", l, on_step=False, on_epoch=True)
            return l

        def validation_step(s, b, i):
            l, m = s._loss(*b)
            s.log("val_loss", l, on_epoch=True)
            s.log("val_" + cfg["metric"], m, on_epoch=True)

        def configure_optimizers(s):
            o = torch.optim.Adam(s.parameters(), lr=cfg["lr"], weight_decay=cfg.get("wd", 0)) if cfg["opt"] == "adam" \
                else torch.optim.SGD(s.parameters(), lr=cfg["lr"], momentum=cfg.get("mom", 0.0))
            if cfg.get("sched") == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(
                    o, factor=0.5, patience=2), "monitor": "val_loss"}}
            if cfg.get("sched") == "cos":
                return [o], [torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=cfg.get("planned_epochs", cfg["epochs"]))]
            return o

    ttype = torch.long if task == "lastodd" else torch.float32
    dtr = DataLoader(TensorDataset(torch.tensor(Xtr, dtype=ttype), torch.tensor(ytr)), batch_size=cfg.get("bs", 64),
                     shuffle=True)
    dva = DataLoader(TensorDataset(torch.tensor(Xva, dtype=ttype), torch.tensor(yva)), batch_size=512)
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(rundir, name="lightning_logs"),
                   callbacks=[LearningRateMonitor(logging_interval="epoch")], enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, accelerator="cpu", devices=1,
                   gradient_clip_val=cfg.get("clip"), num_sanity_val_steps=0)
    tr.fit(Mod(), dtr, dva)


# ----------------------------------------------------------------------------------------------------------------
# Keras 3 (torch backend)
# ----------------------------------------------------------------------------------------------------------------
def run_keras(cfg, rundir):
    import keras
    keras.utils.set_random_seed(cfg.get("seed", 0))
    task = cfg["task"]
    if task == "orchard":
        Xtr, ytr, Xva, yva = data_orchard()
        head, loss, mets = keras.layers.Dense(4, activation="softmax"), "sparse_categorical_crossentropy", ["accuracy"]
    elif task == "smelt":
        Xtr, ytr, Xva, yva, _ = data_smelt()
        head, loss, mets = keras.layers.Dense(1), "mse", ["mae"]
    else:
        Xtr, ytr, Xva, yva = data_pond()
        head = keras.layers.Dense(5, activation="sigmoid")
        loss, mets = cfg.get("loss", "binary_crossentropy"), ["binary_accuracy"]
    reg = keras.regularizers.l2(cfg["l2"]) if cfg.get("l2") else None
    layers = [keras.Input((Xtr.shape[1],))]
    for _ in range(cfg.get("depth", 2)):
        layers.append(keras.layers.Dense(cfg.get("hidden", 64), activation="relu", kernel_regularizer=reg))
        if cfg.get("dropout"):
            layers.append(keras.layers.Dropout(cfg["dropout"]))
    layers.append(head)
    model = keras.Sequential(layers)
    opt = keras.optimizers.SGD(cfg["lr"], momentum=0.9) if cfg["opt"] == "sgd" else keras.optimizers.Adam(cfg["lr"])
    model.compile(optimizer=opt, loss=loss, metrics=mets)
    cbs = []
    if cfg.get("early_stop"):
        cbs.append(keras.callbacks.EarlyStopping(monitor="val_loss", patience=cfg["early_stop"], restore_best_weights=True))
    if cfg.get("plateau"):
        cbs.append(keras.callbacks.ReduceLROnPlateau(monitor="val_loss", factor=0.5, patience=3))
    if cfg["out"] == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(rundir, "training.log")))
    h = model.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=cfg["epochs"], batch_size=cfg.get("bs", 64),
                  verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if cfg["out"] == "json":
        with open(os.path.join(rundir, "history.json"), "w") as f:
            json.dump(hist, f, indent=1)
    elif cfg["out"] == "csv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(rundir, "history.csv"))


# ----------------------------------------------------------------------------------------------------------------
# HF Trainer (models from configs)
# ----------------------------------------------------------------------------------------------------------------
def run_hf(cfg, rundir):
    import torch
    import transformers as tf
    tf.set_seed(cfg.get("seed", 0))
    Xtr, ytr, Xva, yva = data_tally()
    arch = cfg["arch"]
    common = dict(vocab_size=12, num_labels=3, max_position_embeddings=32)
    if arch == "rembert":
        conf = tf.RemBertConfig(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128,
                                input_embedding_size=32, output_embedding_size=32, pad_token_id=11, **common)
        model = tf.RemBertForSequenceClassification(conf)
    elif arch == "bloom":
        conf = tf.BloomConfig(hidden_size=64, n_layer=2, n_head=4, pad_token_id=11, vocab_size=12, num_labels=3)
        model = tf.BloomForSequenceClassification(conf)
    elif arch == "data2vec":
        conf = tf.Data2VecTextConfig(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128,
                                     pad_token_id=11, **common)
        model = tf.Data2VecTextForSequenceClassification(conf)
    else:
        conf = tf.XLMRobertaConfig(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128,
                                   pad_token_id=11, **common)
        model = tf.XLMRobertaForSequenceClassification(conf)

    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y):
            s.X, s.y = X, y

        def __len__(s):
            return len(s.X)

        def __getitem__(s, i):
            return {"input_ids": torch.tensor(self_bos(s.X[i])), "attention_mask": torch.ones(len(s.X[i]) + 1, dtype=torch.long),
                    "labels": torch.tensor(int(s.y[i]))}

    def self_bos(x):
        return [10] + list(int(v) for v in x)

    def cm(ev):
        logits, labels = ev
        return {"accuracy": float((np.argmax(logits, -1) == labels).mean())}

    args = tf.TrainingArguments(output_dir=rundir, eval_strategy="epoch", logging_strategy="steps", logging_steps=10,
                                save_strategy="no", report_to=[], num_train_epochs=cfg["epochs"],
                                learning_rate=cfg["lr"], per_device_train_batch_size=32, per_device_eval_batch_size=128,
                                warmup_steps=cfg.get("warmup_steps", 0), lr_scheduler_type=cfg.get("sched", "linear"),
                                weight_decay=cfg.get("wd", 0.0), use_cpu=True, seed=cfg.get("seed", 0),
                                disable_tqdm=True, dataloader_num_workers=0, max_grad_norm=cfg.get("clip", 1.0))
    trainer = tf.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva),
                         compute_metrics=cm)
    trainer.train()
    trainer.save_state()


# ----------------------------------------------------------------------------------------------------------------
# the runs
# ----------------------------------------------------------------------------------------------------------------
R = {}


def add(key, **cfg):
    R[key] = cfg


# ---- text logs (16)
add("text/t01_orchard_mlp_warmcos", kind="torch", log="print", task="orchard", opt="adamw", lr=3e-3, wd=1e-2, epochs=30,
    sched="cos", warmup=2, dropout=0.1)
add("text/t02_orchard_sgd_lr8", kind="torch", log="print", task="orchard", opt="sgd", lr=8.0, epochs=25)
add("text/t03_smelt_stepdecay", kind="torch", log="logging", task="smelt", opt="adam", lr=3e-3, epochs=40, sched="step",
    step_size=12, gamma=0.3)
add("text/t04_smelt_no_zero_grad", kind="torch", log="logging", task="smelt", opt="sgd", lr=1e-2, mom=0.9, epochs=30,
    no_zero_grad=True)
add("text/t05_lastodd_gru_clip", kind="torch", log="tqdm", task="lastodd", rnn="gru", opt="adam", lr=3e-3, epochs=20,
    clip=1.0)
add("text/t06_lastodd_relu_rnn_hot", kind="torch", log="tqdm", task="lastodd", rnn="relu", hidden=64, opt="sgd", lr=0.6,
    mom=0.9, epochs=20)
add("text/t07_orchard_shuffled_x_only", kind="torch", log="print", task="orchard", opt="adam", lr=2e-3, hidden=256,
    epochs=40, shuffle_labels=True)
add("text/t08_pond_earlystop", kind="torch", log="print", task="pond", opt="adam", lr=2e-3, hidden=96, epochs=60,
    early_stop=6)
add("text/t09_pond_manual_bce", kind="torch", log="print", task="pond", opt="adam", lr=0.05, hidden=128, epochs=40,
    manual_bce=True)
add("text/t10_smelt_oom_killed", kind="torch", log="logging", task="smelt", opt="adam", lr=2e-3, epochs=40, sched="cos",
    warmup=1, kill_at=17)
add("text/t11_orchard_relaunch_append", kind="torch", log="logging", task="orchard", opt="adam", lr=1e-3, epochs=25,
    crash_at=11)
add("text/t12_smelt_lr_1e-6", kind="torch", log="print", task="smelt", opt="adam", lr=1e-6, epochs=30)
add("text/t13_orchard_80_samples", kind="torch", log="tqdm", task="orchard", opt="adam", lr=2e-3, hidden=256, depth=3,
    epochs=150, tiny_train=80, bs=16)
add("text/t14_lastodd_lstm_plateau", kind="torch", log="print", task="lastodd", rnn="lstm", opt="adam", lr=4e-3,
    epochs=25, sched="plateau", clip=5.0)
add("text/t15_pond_l2_heavy", kind="torch", log="logging", task="pond", opt="adam", lr=3e-3, wd=0.3, epochs=30)
add("text/t16_orchard_steplr_per_batch", kind="torch", log="print", task="orchard", opt="sgd", lr=0.1, mom=0.9,
    epochs=30, sched="step", step_size=10, gamma=0.1, sched_per_batch=True)

# ---- custom CSV / JSON lines (9)
add("csv_custom/c01_smelt_warmcos", kind="torch", log="csvw", task="smelt", opt="adamw", lr=4e-3, wd=1e-3, epochs=35,
    sched="cos", warmup=3)
add("csv_custom/c02_orchard_adam_lr0.5", kind="torch", log="jsonl", task="orchard", opt="adam", lr=0.5, epochs=25)
add("csv_custom/c03_lastodd_gru", kind="torch", log="jsonl", task="lastodd", rnn="gru", opt="adam", lr=3e-3, epochs=18, seed=3, hidden=32,
    clip=1.0)
add("csv_custom/c04_pond_opt_on_copy", kind="torch", log="pandas", task="pond", opt="adam", lr=3e-3, epochs=25,
    frozen=True)
add("csv_custom/c05_orchard_mse_on_ids", kind="torch", log="csvw", task="orchard", opt="adam", lr=2e-3, epochs=30,
    mse_on_ids=True)
add("csv_custom/c06_pond_plateau", kind="torch", log="pandas", task="pond", opt="adam", lr=3e-3, hidden=96, epochs=40,
    sched="plateau", dropout=0.1)
add("csv_custom/c07_lastodd_onecycle_cut", kind="torch", log="jsonl", task="lastodd", rnn="gru", opt="adam", lr=1e-2,
    epochs=10, sched="onecycle", planned_epochs=40, clip=1.0)
add("csv_custom/c08_smelt_relaunch_append", kind="torch", log="csvw", task="smelt", opt="adam", lr=2e-3, epochs=30,
    crash_at=13)
add("csv_custom/c09_smelt_val_unscaled", kind="torch", log="pandas", task="smelt", opt="adam", lr=2e-3, epochs=30,
    val_unscaled=True)

# ---- TensorBoard (9)
add("tensorboard/b01_orchard_warmcos", kind="torch", log="tb", task="orchard", opt="adamw", lr=3e-3, wd=1e-2, epochs=30,
    sched="cos", warmup=2)
add("tensorboard/b02_lastodd_tanh_rnn_noclip", kind="torch", log="tb", task="lastodd", rnn="tanh", hidden=64,
    opt="sgd", lr=2.0, mom=0.9, epochs=20)
add("tensorboard/b03_smelt_clip", kind="torch", log="tbx", task="smelt", opt="adam", lr=3e-3, epochs=35, clip=1.0,
    sched="step", step_size=15, gamma=0.3)
add("tensorboard/b04_pond_dropout_no_eval", kind="torch", log="tb", task="pond", opt="adam", lr=2e-3, hidden=128,
    dropout=0.6, epochs=30, no_eval=True)
add("tensorboard/b05_orchard_softmax_twice", kind="torch", log="tb", task="orchard", opt="sgd", lr=0.02, mom=0.9,
    epochs=30, double_softmax=True)
add("tensorboard/b06_smelt_adam_lr0.2", kind="torch", log="tbx", task="smelt", opt="adam", lr=0.2, epochs=30)
add("tensorboard/b07_lastodd_lstm", kind="torch", log="tbx", task="lastodd", rnn="lstm", opt="adam", lr=4e-3, epochs=20,
    clip=1.0, sched="cos", warmup=1)
add("tensorboard/b08_pond_bn", kind="torch", log="tbx", task="pond", opt="adam", lr=2e-3, bn=True, epochs=30,
    sched="step", step_size=10, gamma=0.5)
add("tensorboard/b09_orchard_preempted", kind="torch", log="tbx", task="orchard", opt="adam", lr=1e-3, epochs=40,
    kill_at=14)

# ---- Lightning CSVLogger (6)
add("lightning_csv/l01_orchard", kind="lightning", task="orchard", metric="acc", opt="adam", lr=2e-3, epochs=25,
    dropout=0.1)
add("lightning_csv/l02_smelt_plateau", kind="lightning", task="smelt", metric="mae", opt="adam", lr=3e-3, epochs=35,
    sched="plateau")
add("lightning_csv/l03_pond_sgd_1e-4", kind="lightning", task="pond", metric="f1", opt="sgd", lr=1e-4, epochs=25)
add("lightning_csv/l04_lastodd_gru_clip", kind="lightning", task="lastodd", metric="tokacc", opt="adam", lr=3e-3,
    epochs=15, clip=1.0)
add("lightning_csv/l05_orchard_tiny", kind="lightning", task="orchard", metric="acc", opt="adam", lr=2e-3, hidden=256,
    depth=3, epochs=120, tiny_train=64, bs=16)
add("lightning_csv/l06_smelt_cos_cut", kind="lightning", task="smelt", metric="mae", opt="sgd", lr=0.05, epochs=12,
    sched="cos", planned_epochs=60)

# ---- Keras (6)
add("keras/k01_orchard_csvlogger", kind="keras", out="csvlogger", task="orchard", opt="adam", lr=2e-3, epochs=30)
add("keras/k02_smelt_earlystop_json", kind="keras", out="json", task="smelt", opt="adam", lr=2e-3, epochs=80,
    early_stop=8)
add("keras/k03_pond_cce_on_multilabel", kind="keras", out="csv", task="pond", opt="adam", lr=2e-3, epochs=30,
    loss="categorical_crossentropy")
add("keras/k04_orchard_sgd_lr6", kind="keras", out="csvlogger", task="orchard", opt="sgd", lr=6.0, epochs=25)
add("keras/k05_smelt_dropout_l2_heavy", kind="keras", out="json", task="smelt", opt="adam", lr=1e-3, epochs=30,
    dropout=0.7, l2=0.3)
add("keras/k06_pond_plateau_csv", kind="keras", out="csv", task="pond", opt="adam", lr=2e-3, epochs=35, plateau=True)

# ---- HF Trainer (4)
add("hf_trainer/h01_tally_rembert", kind="hf", arch="rembert", lr=1e-3, epochs=12, warmup_steps=30, sched="cosine")
add("hf_trainer/h02_tally_bloom_lr0.05", kind="hf", arch="bloom", lr=5e-2, epochs=10)
add("hf_trainer/h03_tally_data2vec", kind="hf", arch="data2vec", lr=1e-3, epochs=12, warmup_steps=30, wd=0.01)
add("hf_trainer/h04_tally_xlmr_lr1e-7", kind="hf", arch="xlmr", lr=1e-7, epochs=10)


def make_one(key):
    cfg = dict(R[key])
    rundir = os.path.join(RUNS, key)
    os.makedirs(rundir, exist_ok=True)
    kind = cfg.pop("kind")
    if kind == "torch":
        cfg["_logger"] = LOGGERS[cfg.pop("log")]
        run_torch(cfg, rundir)
    elif kind == "lightning":
        run_lightning(cfg, rundir)
    elif kind == "keras":
        run_keras(cfg, rundir)
    else:
        run_hf(cfg, rundir)


def launch(key):
    rundir = os.path.join(RUNS, key)
    if os.path.exists(rundir):
        shutil.rmtree(rundir)
    os.makedirs(rundir)
    cfg = R[key]
    env = dict(os.environ, PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1", PYTHONWARNINGS="ignore")
    if cfg.get("log") in ("print", "tqdm"):
        out = open(os.path.join(rundir, "train.log"), "w")
    else:
        os.makedirs("/tmp/nu35_driver", exist_ok=True)
        out = open(os.path.join("/tmp/nu35_driver", key.replace("/", "__") + ".out"), "w")
    p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child", key], stdout=out, stderr=subprocess.STDOUT,
                         env=env, cwd=rundir)
    return p, out, time.time()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--child")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    if a.child:
        make_one(a.child)
        return
    keys = a.only or list(R)
    pending, running = list(keys), []
    while pending or running:
        while pending and len(running) < a.jobs:
            k = pending.pop(0)
            running.append((k,) + launch(k))
        time.sleep(0.2)
        for item in list(running):
            k, p, out, t0 = item
            if p.poll() is not None:
                out.close()
                print(f"{k}: rc={p.returncode} {time.time() - t0:.1f}s", flush=True)
                running.remove(item)


if __name__ == "__main__":
    main()
