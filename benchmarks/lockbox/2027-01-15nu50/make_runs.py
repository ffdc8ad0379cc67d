"""Lock-box batch 2027-01-15nu50: 50 small real trainings "a new user wrote".

python make_runs.py                 # make all runs (two at a time, each in its own process)
python make_runs.py --only fmt/name # re-make one run
Each run's files in runs/<fmt>/<name>/ are exactly what its logger wrote.
"""
import argparse, json, logging, math, os, shutil, signal, subprocess, sys, time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

import numpy as np

# ----------------------------------------------------------------------------------------------
# data-generating processes (all numpy, fixed seeds)
# ----------------------------------------------------------------------------------------------

def gen_orbit(n, rng):
    """4-way: shape of a noisy 16-point 2-D track: circle, ellipse, inward spiral, straight fly-by."""
    T = 16
    y = rng.integers(0, 4, n)
    X = np.zeros((n, 2, T), np.float32)
    for i in range(n):
        ph = rng.uniform(0, 2 * np.pi)
        sweep = rng.uniform(1.2 * np.pi, 2 * np.pi)
        t = ph + np.linspace(0, sweep, T)
        R = rng.uniform(0.7, 1.3)
        if y[i] == 0:
            x1, x2 = R * np.cos(t), R * np.sin(t)
        elif y[i] == 1:
            b = R * rng.uniform(0.35, 0.7)
            x1, x2 = R * np.cos(t), b * np.sin(t)
        elif y[i] == 2:
            k = rng.uniform(0.5, 1.0) / sweep
            r = R * np.exp(-k * (t - ph))
            x1, x2 = r * np.cos(t), r * np.sin(t)
        else:
            d = rng.uniform(-0.6, 0.6)
            s = np.linspace(-1.3, 1.3, T) * R
            x1, x2 = s, np.full(T, d)
        rot = rng.uniform(0, 2 * np.pi)
        c, s_ = np.cos(rot), np.sin(rot)
        a1, a2 = c * x1 - s_ * x2, s_ * x1 + c * x2
        a1 = a1 + rng.normal(0, 0.1) + rng.normal(0, 0.09, T)
        a2 = a2 + rng.normal(0, 0.1) + rng.normal(0, 0.09, T)
        X[i, 0], X[i, 1] = a1, a2
    return X, y.astype(np.int64)


def gen_kite(n, rng, leak=False):
    """regression: standardised log lift of a kite, 0.5 rho v^2 A CL(alpha, AR), 5% noise, + 2 noise columns."""
    v = rng.uniform(3, 15, n)
    A = rng.uniform(1, 6, n)
    al = np.deg2rad(rng.uniform(4, 28, n))
    Tc = rng.uniform(-5, 30, n)
    AR = rng.uniform(1.5, 6, n)
    rho = 101325 / (287.05 * (Tc + 273.15))
    CL = 2 * np.pi * np.sin(al) * np.cos(al) / (1 + 2 / AR)
    L = 0.5 * rho * v ** 2 * A * CL
    t = np.log(L) + rng.normal(0, 0.05, n)
    t = (t - 4.2) / 1.05
    cols = [v, A, np.rad2deg(al), Tc, AR, rng.normal(0, 1, n), rng.uniform(0, 1, n)]
    if leak:
        cols.append(t + rng.normal(0, 0.1, n))  # "line tension" column that is really the target
    X = np.stack(cols, 1)
    return X.astype(np.float32), t.astype(np.float32)


LAMP_POS = np.array([[0.5, 0.5], [3.5, 0.8], [2.0, 2.2], [0.7, 3.6], [3.4, 3.3]])
SENS_POS = np.array([[0.0, 0.0], [2.0, 0.0], [4.0, 0.0], [0.0, 2.0], [4.0, 2.0], [0.0, 4.0], [2.0, 4.0], [4.0, 4.0]])


def gen_lamps(n, rng):
    """multi-label (5): which lamps are on in a room, from 8 light-sensor readings (inverse-square + ambient + noise)."""
    Y = (rng.uniform(size=(n, 5)) < 0.3).astype(np.float32)
    d2 = ((SENS_POS[:, None, :] - LAMP_POS[None, :, :]) ** 2).sum(-1)  # 8 x 5
    W = 1.0 / (d2 + 0.6)
    bright = rng.uniform(0.6, 1.4, (n, 5))
    amb = rng.uniform(0, 0.6, (n, 1))
    S = (Y * bright) @ W.T + amb + rng.normal(0, 0.06, (n, 8))
    X = np.log1p(np.clip(S, 0, None) * 4)
    return X.astype(np.float32), Y


def gen_elevator(n, rng, T=32):
    """per-step 3-way tagging: stopped / going up / going down, from a noisy accelerometer + noisy vibration level."""
    X = np.zeros((n, T, 2), np.float32)
    Y = np.zeros((n, T), np.int64)
    for i in range(n):
        v = np.zeros(T)
        t = 0
        moving = rng.uniform() < 0.4
        while t < T:
            if moving:
                L = rng.integers(3, 9)
                v[t:t + L] = rng.choice([-1, 1])
            else:
                L = rng.integers(2, 7)
            t += L
            moving = not moving
        a = np.diff(np.concatenate([[0.0], v]))
        X[i, :, 0] = a + rng.normal(0, 0.2, T)
        X[i, :, 1] = np.abs(v) * 0.8 + rng.normal(0, 0.45, T)
        Y[i] = np.where(v > 0, 1, np.where(v < 0, 2, 0))
    return X, Y


def gen_forgery(n, rng):
    """binary: forged signature from 8 pen-stroke features; labels drawn from a sigmoid of a nonlinear score."""
    X = rng.normal(0, 1, (n, 8))
    speed, press, pvar, tremor, lifts, slant, dur, curv = X.T
    z = (1.4 * tremor + 1.1 * np.tanh(1.5 * lifts) - 0.9 * speed + 0.9 * speed * slant
         + 0.6 * (dur ** 2 - 1) - 0.5 * pvar - 1.2)
    y = (rng.uniform(size=n) < 1 / (1 + np.exp(-2.0 * z))).astype(np.float32)
    return X.astype(np.float32), y


TASKS = {"orbit": gen_orbit, "kite": gen_kite, "lamps": gen_lamps, "elevator": gen_elevator, "forgery": gen_forgery}
METRIC = {"orbit": "acc", "kite": "r2", "lamps": "f1", "elevator": "acc", "forgery": "acc"}


def make_data(task, n_train, n_val, seed, **kw):
    rng = np.random.default_rng(1000 + seed)
    X, y = TASKS[task](n_train + n_val, rng, **kw)
    Xtr, Xva, ytr, yva = X[:n_train], X[n_train:], y[:n_train], y[n_train:]
    if task in ("kite", "lamps", "forgery"):
        mu, sd = Xtr.mean(0), Xtr.std(0) + 1e-6
        Xtr, Xva = (Xtr - mu) / sd, (Xva - mu) / sd
    return Xtr, ytr, Xva, yva

# ----------------------------------------------------------------------------------------------
# run table
# ----------------------------------------------------------------------------------------------

def R(fmt, name, task, model, opt="adam", lr=1e-3, epochs=25, **kw):
    d = dict(fmt=fmt, name=name, task=task, model=model, opt=opt, lr=lr, epochs=epochs)
    d.update(kw)
    return d


RUNLIST = [
    # text style A (train.log, print)
    R("text", "orbit_mlp_adam", "orbit", "mlp", style="A"),
    R("text", "kite_mlp_sgd_lr2", "kite", "mlp", opt="sgd", lr=2.0, style="A"),
    R("text", "elevator_gru", "elevator", "gru", lr=3e-3, epochs=20, style="A"),
    R("text", "lamps_mlp_60rows", "lamps", "mlp_wide", n_train=60, epochs=60, lr=3e-3, style="A"),
    # style B (run.log, logging)
    R("text", "forgery_mlp", "forgery", "mlp", style="B"),
    R("text", "orbit_cnn_relaunch", "orbit", "cnn", epochs=20, style="B", restart_at=9),
    R("text", "kite_mlp_cosine", "kite", "mlp", sched="cosine", epochs=30, style="B"),
    R("text", "elevator_lstm_nozerograd", "elevator", "lstm", lr=3e-3, epochs=20, style="B", no_zero_grad=True),
    # style C (console.txt, tqdm)
    R("text", "lamps_mlp_bn", "lamps", "mlp_bn", style="C"),
    R("text", "forgery_mlp_sgd_1e-4", "forgery", "mlp", opt="sgd", lr=1e-4, style="C"),
    R("text", "orbit_mlp_killed", "orbit", "mlp", epochs=30, style="C", kill_at=11),
    R("text", "kite_mlp_sgd_mom", "kite", "mlp", opt="sgdm", lr=0.02, epochs=30, style="C"),
    # style D (stdout.txt)
    R("text", "elevator_bigru", "elevator", "bigru", lr=3e-3, epochs=15, style="D"),
    R("text", "orbit_mlp_steplr_perbatch", "orbit", "mlp", opt="sgdm", lr=0.1, epochs=25, sched="step_batch", style="D"),
    R("text", "forgery_mlp_cosine", "forgery", "mlp", sched="cosine", epochs=30, style="D"),
    R("text", "lamps_mlp_shuffled_labels", "lamps", "mlp", style="D", permute=True),
    # csv
    R("csv", "kite_mlp", "kite", "mlp"),
    R("csv", "orbit_mlp_stale_optimizer", "orbit", "mlp", stale_opt=True),
    R("csv", "lamps_mlp", "lamps", "mlp", epochs=30),
    R("csv", "elevator_gru_cosine60", "elevator", "gru", lr=3e-3, epochs=20, sched="cosine", t_max=60),
    # jsonl
    R("jsonl", "forgery_mlp", "forgery", "mlp", epochs=30),
    R("jsonl", "kite_mlp_wd1", "kite", "mlp", wd=1.0, epochs=30),
    R("jsonl", "orbit_cnn", "orbit", "cnn", lr=3e-3, epochs=40),
    R("jsonl", "elevator_relurnn_sgd_lr05", "elevator", "rnn", opt="sgd", lr=0.5, epochs=20),
    # pandas
    R("pandas", "lamps_mlp_cosine", "lamps", "mlp", sched="cosine", epochs=30),
    R("pandas", "kite_mlp_tension_col", "kite", "mlp", leak=True),
    R("pandas", "forgery_mlp_50rows", "forgery", "mlp_wide", n_train=50, epochs=80, lr=3e-3),
    # tb
    R("tb", "orbit_mlp", "orbit", "mlp"),
    R("tb", "kite_mlp_adam_lr03", "kite", "mlp", lr=0.3),
    R("tb", "elevator_gru", "elevator", "gru", lr=3e-3, epochs=20),
    R("tb", "lamps_mlp", "lamps", "mlp", epochs=30),
    R("tb", "forgery_mlp_dropout_noeval", "forgery", "mlp_drop", epochs=30, no_eval=True),
    # tbx
    R("tbx", "orbit_mlp_frozen_body", "orbit", "mlp", frozen=True, epochs=25),
    R("tbx", "kite_mlp", "kite", "mlp", epochs=30),
    R("tbx", "lamps_mlp_adam_lr1", "lamps", "mlp", lr=1.0),
    R("tbx", "elevator_gru", "elevator", "gru", lr=3e-3, epochs=20),
    # lightning
    R("lightning", "forgery_mlp", "forgery", "mlp", epochs=25),
    R("lightning", "kite_mlp_cosine", "kite", "mlp", sched="cosine", epochs=30),
    R("lightning", "orbit_mlp_adam_1e-6", "orbit", "mlp", lr=1e-6, epochs=20),
    R("lightning", "lamps_mlp", "lamps", "mlp", epochs=25),
    R("lightning", "elevator_gru_val_is_train", "elevator", "gru", lr=3e-3, epochs=15, val_is_train=True),
    # keras
    R("keras", "kite_dense_csvlogger", "kite", "dense", epochs=30, out="csvlogger"),
    R("keras", "orbit_dense_sgd_lr5", "orbit", "dense", opt="sgd", lr=5.0, epochs=20, out="json"),
    R("keras", "lamps_dense", "lamps", "dense", epochs=30, out="json"),
    R("keras", "forgery_dense_sigmoid_fromlogits", "forgery", "dense", epochs=30, out="pandas", sig_logits=True),
    R("keras", "elevator_dense_csvlogger", "elevator", "dense", epochs=30, out="csvlogger"),
    # hf
    R("hf", "palin_llama", "palin", "llama", lr=3e-3, epochs=10),
    R("hf", "palin_gpt2_lr005", "palin", "gpt2", lr=0.05, epochs=10),
    R("hf", "palin_mistral", "palin", "mistral", lr=3e-3, epochs=10),
    R("hf", "palin_gpt2_lr1e-7", "palin", "gpt2", lr=1e-7, epochs=10),
]
RUNS_BY_KEY = {f"{r['fmt']}/{r['name']}": r for r in RUNLIST}

# ----------------------------------------------------------------------------------------------
# models
# ----------------------------------------------------------------------------------------------

def build_model(task, kind):
    import torch.nn as nn
    torch_in = {"orbit": 32, "kite": 7, "lamps": 8, "forgery": 8}
    out = {"orbit": 4, "kite": 1, "lamps": 5, "forgery": 1, "elevator": 3}[task]

    class Flat(nn.Module):
        def __init__(self, body):
            super().__init__(); self.body = body
        def forward(self, x):
            return self.body(x.reshape(x.shape[0], -1))

    class Seq(nn.Module):
        def __init__(self, cell, bi=False):
            super().__init__()
            kw = dict(input_size=2, hidden_size=32, batch_first=True, bidirectional=bi)
            self.rnn = {"gru": nn.GRU, "lstm": nn.LSTM}.get(cell, nn.RNN)(**kw, **({"nonlinearity": "relu"} if cell == "rnn" else {}))
            self.head = nn.Linear(64 if bi else 32, out)
        def forward(self, x):
            h, _ = self.rnn(x)
            return self.head(h)

    class CNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.f = nn.Sequential(nn.Conv1d(2, 16, 3, padding=1), nn.ReLU(), nn.Conv1d(16, 32, 3, padding=1), nn.ReLU(),
                                   nn.AdaptiveAvgPool1d(4))
            self.head = nn.Sequential(nn.Flatten(), nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, out))
        def forward(self, x):
            return self.head(self.f(x))

    if task == "elevator":
        return Seq(kind.replace("bi", ""), bi=kind.startswith("bi"))
    if kind == "cnn":
        return CNN()
    d = torch_in[task] + (1 if task == "kite" and kind == "mlp_leak" else 0)
    if kind == "mlp_wide":
        return Flat(nn.Sequential(nn.Linear(d, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, out)))
    if kind == "mlp_bn":
        return Flat(nn.Sequential(nn.Linear(d, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Linear(64, 64), nn.BatchNorm1d(64),
                                  nn.ReLU(), nn.Linear(64, out)))
    if kind == "mlp_drop":
        return Flat(nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Dropout(0.3), nn.Linear(64, 64), nn.ReLU(), nn.Dropout(0.3),
                                  nn.Linear(64, out)))
    return Flat(nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, out)))


def loss_fn(task):
    import torch.nn.functional as F
    if task == "orbit":
        return lambda o, y: F.cross_entropy(o, y)
    if task == "elevator":
        return lambda o, y: F.cross_entropy(o.reshape(-1, 3), y.reshape(-1))
    if task == "kite":
        return lambda o, y: F.mse_loss(o.squeeze(-1), y)
    return lambda o, y: F.binary_cross_entropy_with_logits(o.squeeze(-1) if o.shape[-1] == 1 else o, y)


def metric_fn(task, outs, ys):
    import torch
    o, y = torch.cat(outs), torch.cat(ys)
    if task == "orbit":
        return (o.argmax(1) == y).float().mean().item()
    if task == "elevator":
        return (o.argmax(-1) == y).float().mean().item()
    if task == "kite":
        p = o.squeeze(-1)
        return 1 - ((p - y) ** 2).sum().item() / ((y - y.mean()) ** 2).sum().item()
    if task == "forgery":
        return ((o.squeeze(-1) > 0).float() == y).float().mean().item()
    p = (o > 0).float()
    tp = (p * y).sum().item(); fp = (p * (1 - y)).sum().item(); fn = ((1 - p) * y).sum().item()
    return 2 * tp / max(2 * tp + fp + fn, 1e-9)

# ----------------------------------------------------------------------------------------------
# loggers for the hand-written torch loop
# ----------------------------------------------------------------------------------------------

class TextA:  # print to train.log
    def __init__(self, d, cfg):
        self.f = open(os.path.join(d, "train.log"), "a"); self.cfg = cfg; self.m = METRIC[cfg["task"]]
    def start(self):
        c = self.cfg
        print(f"=== {c['task']} :: {c['model']} :: {c['opt'].upper()}(lr={c['lr']}) x {c['epochs']} epochs ===", file=self.f, flush=True)
    def epoch(self, e, tr, va, m, lr):
        print(f"epoch#{e:02d}/{self.cfg['epochs']}  loss: train {tr:.4f} / val {va:.4f}  |  {self.m}: {m:.4f}  |  lr: {lr:.3e}",
              file=self.f, flush=True)
    def step(self, *a): pass
    def bar(self, it, e): return it
    def end(self, best, be):
        print(f"=== end: best val {best:.4f} at epoch#{be:02d} ===", file=self.f, flush=True)


class TextB:  # logging FileHandler (append) to run.log
    def __init__(self, d, cfg):
        self.cfg = cfg; self.m = METRIC[cfg["task"]]
        self.log = logging.getLogger(f"nu50.{cfg['task']}")
        self.log.setLevel(logging.INFO)
        h = logging.FileHandler(os.path.join(d, "run.log"), mode="a")
        h.setFormatter(logging.Formatter("%(asctime)s | %(levelname)-7s | %(name)s | %(message)s"))
        self.log.addHandler(h)
    def start(self):
        c = self.cfg
        self.log.info(f"begin {c['task']}/{c['model']} opt={c['opt']} lr={c['lr']} epochs={c['epochs']}")
    def epoch(self, e, tr, va, m, lr):
        self.log.info(f"epoch {e} complete  tr={tr:.5f}  va={va:.5f}  {self.m}={m:.4f}  lr={lr:.1e}")
    def step(self, *a): pass
    def bar(self, it, e): return it
    def end(self, best, be):
        self.log.info("all epochs complete")


class TextC:  # tqdm bars into console.txt
    def __init__(self, d, cfg):
        self.f = open(os.path.join(d, "console.txt"), "a"); self.cfg = cfg; self.m = METRIC[cfg["task"]]
    def start(self):
        print(f"### console: {self.cfg['task']} {self.cfg['model']} ({self.cfg['opt']}, lr {self.cfg['lr']})", file=self.f, flush=True)
    def bar(self, it, e):
        from tqdm import tqdm
        self.pb = tqdm(it, file=self.f, desc=f"ep {e}/{self.cfg['epochs']}", leave=False, mininterval=0, ncols=90)
        return self.pb
    def step(self, gs, loss, gn):
        if gs % 8 == 0:
            self.pb.set_postfix(loss=f"{loss:.3f}")
    def epoch(self, e, tr, va, m, lr):
        from tqdm import tqdm
        self.pb.close()
        tqdm.write(f"[done {e:02d}/{self.cfg['epochs']}] avg_loss={tr:.4f} val_loss={va:.4f} val_{self.m}={m:.4f} lr={lr:.2e}",
                   file=self.f)
        self.f.flush()
    def end(self, best, be):
        print("### console closed", file=self.f, flush=True)


class TextD:  # stdout.txt
    def __init__(self, d, cfg):
        self.f = open(os.path.join(d, "stdout.txt"), "a"); self.cfg = cfg; self.m = METRIC[cfg["task"]]; self.t0 = time.time()
    def start(self):
        c = self.cfg
        print(f"Run config -> task={c['task']} model={c['model']} opt={c['opt']} lr={c['lr']} epochs={c['epochs']}", file=self.f, flush=True)
    def epoch(self, e, tr, va, m, lr):
        ms = f"{100 * m:.2f}%" if self.m in ("acc", "f1") else f"{m:.4f}"
        print(f"<{e:02d}/{self.cfg['epochs']}> train={tr:.4f} :: val={va:.4f} :: {self.m}={ms} :: lr={lr:.1e} :: "
              f"{time.time() - self.t0:.1f}s", file=self.f, flush=True)
    def step(self, *a): pass
    def bar(self, it, e): return it
    def end(self, best, be):
        print(f"DONE {self.cfg['epochs']} epochs, best val={best:.4f} (epoch {be})", file=self.f, flush=True)


class CsvLog:
    def __init__(self, d, cfg):
        self.m = METRIC[cfg["task"]]
        self.f = open(os.path.join(d, "metrics.csv"), "w")
        self.f.write(f"epoch,train_objective,val_objective,val_{self.m},lr\n"); self.f.flush()
    def start(self): pass
    def bar(self, it, e): return it
    def step(self, *a): pass
    def epoch(self, e, tr, va, m, lr):
        self.f.write(f"{e},{tr:.6f},{va:.6f},{m:.6f},{lr:.6g}\n"); self.f.flush()
    def end(self, *a): self.f.close()


class JsonlLog:
    def __init__(self, d, cfg):
        self.m = METRIC[cfg["task"]]; self.f = open(os.path.join(d, "log.jsonl"), "w"); self.t0 = time.time()
    def start(self): pass
    def bar(self, it, e): return it
    def step(self, *a): pass
    def epoch(self, e, tr, va, m, lr):
        self.f.write(json.dumps({"epoch_idx": e, "loss_trn": tr, "loss_val": va, f"{self.m}_val": m, "lr_cur": lr,
                                 "secs": round(time.time() - self.t0, 2)}) + "\n"); self.f.flush()
    def end(self, *a): self.f.close()


class PandasLog:
    def __init__(self, d, cfg):
        self.m = METRIC[cfg["task"]]; self.p = os.path.join(d, "history.csv"); self.rows = []
    def start(self): pass
    def bar(self, it, e): return it
    def step(self, *a): pass
    def epoch(self, e, tr, va, m, lr):
        import pandas as pd
        self.rows.append({"Epoch": e, "Train Loss": tr, "Val Loss": va, f"Val {self.m.upper()}": m, "LR": lr})
        pd.DataFrame(self.rows).to_csv(self.p, index=False)
    def end(self, *a): pass


class TbLog:
    def __init__(self, d, cfg):
        from torch.utils.tensorboard import SummaryWriter
        self.w = SummaryWriter(log_dir=d); self.m = METRIC[cfg["task"]]
    def start(self): pass
    def bar(self, it, e): return it
    def step(self, gs, loss, gn):
        if gs % 10 == 0:
            self.w.add_scalar("step/loss", loss, gs); self.w.add_scalar("step/grad_norm", gn, gs)
    def epoch(self, e, tr, va, m, lr):
        self.w.add_scalar("epoch/train_loss", tr, e); self.w.add_scalar("epoch/val_loss", va, e)
        self.w.add_scalar(f"epoch/val_{self.m}", m, e); self.w.add_scalar("epoch/lr", lr, e); self.w.flush()
    def end(self, *a): self.w.close()


class TbxLog:
    def __init__(self, d, cfg):
        from tensorboardX import SummaryWriter
        self.w = SummaryWriter(logdir=d); self.m = METRIC[cfg["task"]]
    def start(self): pass
    def bar(self, it, e): return it
    def step(self, *a): pass
    def epoch(self, e, tr, va, m, lr):
        self.w.add_scalar("trainLoss", tr, e); self.w.add_scalar("valLoss", va, e)
        self.w.add_scalar(f"val{self.m.upper()}", m, e); self.w.add_scalar("lr", lr, e); self.w.flush()
    def end(self, *a): self.w.close()


LOGGERS = {"A": TextA, "B": TextB, "C": TextC, "D": TextD, "csv": CsvLog, "jsonl": JsonlLog, "pandas": PandasLog,
           "tb": TbLog, "tbx": TbxLog}

# ----------------------------------------------------------------------------------------------
# plain torch loop
# ----------------------------------------------------------------------------------------------

def run_torch(cfg, d):
    import torch
    seed = cfg.get("seed", abs(hash(cfg["name"])) % 1000 if False else sum(map(ord, cfg["name"])) % 997)
    torch.manual_seed(seed)
    task = cfg["task"]
    n_train = cfg.get("n_train", 2000)
    Xtr, ytr, Xva, yva = make_data(task, n_train, 500, seed=7, **({"leak": True} if cfg.get("leak") else {}))
    if cfg.get("permute"):
        ytr = ytr[np.random.default_rng(3).permutation(len(ytr))]
    if cfg.get("val_is_train"):
        Xva, yva = Xtr, ytr
    Xtr, ytr, Xva, yva = map(torch.tensor, (Xtr, ytr, Xva, yva))
    kind = cfg["model"] if not (task == "kite" and cfg.get("leak")) else "mlp_leak"
    model = build_model(task, kind)
    opt_model = build_model(task, kind) if cfg.get("stale_opt") else model  # BUG when stale_opt: optimizer on another instance
    if cfg.get("frozen"):
        # "freeze the feature extractor, train the head" -- but the body was never trained
        for n_, p in model.named_parameters():
            p.requires_grad = n_.startswith("body.4")
    params = [p for p in opt_model.parameters() if p.requires_grad]
    wd = cfg.get("wd", 0.0)
    if cfg["opt"] == "sgd":
        opt = torch.optim.SGD(params, lr=cfg["lr"], weight_decay=wd)
    elif cfg["opt"] == "sgdm":
        opt = torch.optim.SGD(params, lr=cfg["lr"], momentum=0.9, weight_decay=wd)
    else:
        opt = torch.optim.Adam(params, lr=cfg["lr"], weight_decay=wd)
    E = cfg["epochs"]
    sched = None
    if cfg.get("sched") == "cosine":
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg.get("t_max", E))
    elif cfg.get("sched") == "step_batch":
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.9)  # meant per epoch
    lf = loss_fn(task)
    log = LOGGERS[cfg.get("style", cfg["fmt"])](d, cfg)
    log.start()
    bs = 64
    g = torch.Generator().manual_seed(seed)
    kill_at = int(os.environ.get("KILL_AT", cfg.get("kill_at", 0)))
    best, be, gs = float("inf"), 0, 0
    for e in range(1, E + 1):
        model.train()
        perm = torch.randperm(len(Xtr), generator=g)
        batches = [perm[i:i + bs] for i in range(0, len(Xtr), bs)]
        tot, cnt = 0.0, 0
        for idx in log.bar(batches, e):
            xb, yb = Xtr[idx], ytr[idx]
            if not cfg.get("no_zero_grad"):
                opt.zero_grad()
            loss = lf(model(xb), yb)
            loss.backward()
            gn = math.sqrt(sum(float((p.grad ** 2).sum()) for p in model.parameters() if p.grad is not None))
            opt.step()
            if cfg.get("sched") == "step_batch":
                sched.step()
            gs += 1
            tot += loss.item() * len(idx); cnt += len(idx)
            log.step(gs, loss.item(), gn)
        if sched is not None and cfg.get("sched") != "step_batch":
            lr_now = opt.param_groups[0]["lr"]; sched.step()
        else:
            lr_now = opt.param_groups[0]["lr"]
        if not cfg.get("no_eval"):
            model.eval()
        outs, ys, vl, vn = [], [], 0.0, 0
        with torch.no_grad():
            for i in range(0, len(Xva), 250):
                o = model(Xva[i:i + 250]); yb = yva[i:i + 250]
                vl += lf(o, yb).item() * len(yb); vn += len(yb); outs.append(o); ys.append(yb)
        va = vl / vn
        m = metric_fn(task, outs, ys)
        log.epoch(e, tot / cnt, va, m, lr_now)
        if va < best:
            best, be = va, e
        if kill_at and e == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
    log.end(best, be)

# ----------------------------------------------------------------------------------------------
# lightning
# ----------------------------------------------------------------------------------------------

def run_lightning(cfg, d):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    seed = sum(map(ord, cfg["name"])) % 997
    L.seed_everything(seed, verbose=False)
    task = cfg["task"]; m = METRIC[task]
    Xtr, ytr, Xva, yva = make_data(task, cfg.get("n_train", 2000), 500, seed=7)
    if cfg.get("val_is_train"):
        Xva, yva = Xtr, ytr  # BUG: validation loader built from the training arrays
    lf = loss_fn(task)

    class Mod(L.LightningModule):
        def __init__(self):
            super().__init__(); self.net = build_model(task, cfg["model"])
        def training_step(self, b, i):
            loss = lf(self.net(b[0]), b[1]); self.log("train_loss", loss, on_step=False, on_epoch=True); return loss
        def validation_step(self, b, i):
            o = self.net(b[0]); self.log("val_loss", lf(o, b[1]))
            self.log(f"val_{m}", metric_fn(task, [o], [b[1]]))
        def configure_optimizers(self):
            opt = torch.optim.Adam(self.parameters(), lr=cfg["lr"])
            if cfg.get("sched") == "cosine":
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg["epochs"])}
            return opt

    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)), batch_size=64, shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xva), torch.tensor(yva)), batch_size=len(Xva))
    cbs = [LearningRateMonitor(logging_interval="epoch")] if cfg.get("sched") else []
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(d, name="lightning_logs", version=0), callbacks=cbs,
                   enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False, accelerator="cpu",
                   num_sanity_val_steps=0)
    tr.fit(Mod(), tl, vl)

# ----------------------------------------------------------------------------------------------
# keras
# ----------------------------------------------------------------------------------------------

def run_keras(cfg, d):
    import keras
    seed = sum(map(ord, cfg["name"])) % 997
    keras.utils.set_random_seed(seed)
    task = cfg["task"]
    Xtr, ytr, Xva, yva = make_data(task, 2000, 500, seed=7)
    Xtr = Xtr.reshape(len(Xtr), -1); Xva = Xva.reshape(len(Xva), -1)
    inp = keras.Input((Xtr.shape[1],))
    h = keras.layers.Dense(64, activation="relu")(inp)
    h = keras.layers.Dense(64, activation="relu")(h)
    if task == "orbit":
        out = keras.layers.Dense(4, activation="softmax")(h); loss = "sparse_categorical_crossentropy"; mets = ["accuracy"]
    elif task == "kite":
        out = keras.layers.Dense(1)(h); loss = "mse"; mets = ["mae"]
    elif task == "lamps":
        out = keras.layers.Dense(5, activation="sigmoid")(h); loss = "binary_crossentropy"; mets = ["binary_accuracy"]
    elif task == "elevator":
        out = keras.layers.Reshape((32, 3))(keras.layers.Dense(96)(h))
        out = keras.layers.Softmax()(out); loss = "sparse_categorical_crossentropy"; mets = ["accuracy"]
    else:
        out = keras.layers.Dense(1, activation="sigmoid")(h)
        loss = keras.losses.BinaryCrossentropy(from_logits=bool(cfg.get("sig_logits"))); mets = ["binary_accuracy"]
    model = keras.Model(inp, out)
    opt = keras.optimizers.SGD(cfg["lr"]) if cfg["opt"] == "sgd" else keras.optimizers.Adam(cfg["lr"])
    model.compile(optimizer=opt, loss=loss, metrics=mets)
    cbs = [keras.callbacks.CSVLogger(os.path.join(d, "training.log"))] if cfg["out"] == "csvlogger" else []
    hist = model.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=cfg["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    if cfg["out"] == "json":
        with open(os.path.join(d, "history.json"), "w") as f:
            json.dump({k: [float(x) for x in v] for k, v in hist.history.items()}, f)
    elif cfg["out"] == "pandas":
        import pandas as pd
        pd.DataFrame(hist.history).to_csv(os.path.join(d, "history.csv"))

# ----------------------------------------------------------------------------------------------
# HF Trainer, tiny causal LM on palindromes: BOS a1..a8 SEP a8..a1 over 8 symbols
# ----------------------------------------------------------------------------------------------

def run_hf(cfg, d):
    import torch, transformers
    from transformers import Trainer, TrainingArguments
    transformers.logging.set_verbosity_error()
    seed = sum(map(ord, cfg["name"])) % 997
    transformers.set_seed(seed)
    V, BOS, SEP = 10, 9, 8

    def seqs(n, s):
        r = np.random.default_rng(s)
        a = r.integers(0, 8, (n, 8))
        return np.concatenate([np.full((n, 1), BOS), a, np.full((n, 1), SEP), a[:, ::-1]], 1)

    class DS(torch.utils.data.Dataset):
        def __init__(self, a): self.a = torch.tensor(a, dtype=torch.long)
        def __len__(self): return len(self.a)
        def __getitem__(self, i): return {"input_ids": self.a[i], "labels": self.a[i]}

    if cfg["model"] == "llama":
        conf = transformers.LlamaConfig(vocab_size=V, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                                        num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=32)
        model = transformers.LlamaForCausalLM(conf)
    elif cfg["model"] == "mistral":
        conf = transformers.MistralConfig(vocab_size=V, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                                          num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=32, head_dim=8)
        model = transformers.MistralForCausalLM(conf)
    else:
        conf = transformers.GPT2Config(vocab_size=V, n_embd=32, n_layer=2, n_head=4, n_positions=32, bos_token_id=BOS,
                                       eos_token_id=SEP)
        model = transformers.GPT2LMHeadModel(conf)
    args = TrainingArguments(output_dir=d, num_train_epochs=cfg["epochs"], learning_rate=cfg["lr"], per_device_train_batch_size=32,
                             per_device_eval_batch_size=128, logging_steps=10, eval_strategy="epoch", save_strategy="no",
                             report_to=[], seed=seed, use_cpu=True, disable_tqdm=True, warmup_steps=20)
    tr = Trainer(model=model, args=args, train_dataset=DS(seqs(2000, 11)), eval_dataset=DS(seqs(300, 12)))
    tr.train()
    tr.save_state()

# ----------------------------------------------------------------------------------------------

def run_one(key, kill_env=None):
    cfg = RUNS_BY_KEY[key]
    d = os.path.join(RUNS, cfg["fmt"], cfg["name"])
    if cfg.get("restart_at"):
        shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
        env = dict(os.environ, KILL_AT=str(cfg["restart_at"]))
        subprocess.run([sys.executable, __file__, "--child", key], env=env)          # first launch, killed
        env = dict(os.environ, KILL_AT="0")
        subprocess.run([sys.executable, __file__, "--child", key], env=env)          # relaunch, same log file
        return
    shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    subprocess.run([sys.executable, __file__, "--child", key], env=dict(os.environ))


def child(key):
    cfg = RUNS_BY_KEY[key]
    d = os.path.join(RUNS, cfg["fmt"], cfg["name"])
    fn = {"lightning": run_lightning, "keras": run_keras, "hf": run_hf}.get(cfg["fmt"], run_torch)
    fn(cfg, d)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--only"); ap.add_argument("--child")
    a = ap.parse_args()
    if a.child:
        child(a.child)
    elif a.only:
        run_one(a.only)
    else:
        from concurrent.futures import ThreadPoolExecutor
        t0 = time.time()
        with ThreadPoolExecutor(2) as ex:
            list(ex.map(run_one, list(RUNS_BY_KEY)))
        print(f"all runs made in {time.time() - t0:.0f}s")
