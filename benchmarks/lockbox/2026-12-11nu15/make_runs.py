"""Make the 2026-12-11nu15 lock-box runs: small real CPU trainings written the way a new user writes them.

Usage: python make_runs.py            # all runs, one subprocess per run, 2 at a time
       python make_runs.py RUNNAME    # one run (used by the driver)

Tasks (all data generated with numpy here, fixed seeds):
  segs       - which digit 0-9 a noisy 16x10 seven-segment display shows (K=10)
  distinct   - how many distinct symbols (3..7) a 10-token sequence over 8 symbols holds (K=5)
  projectile - horizontal range in metres of a projectile from speed, angle and launch height (regression)
  triage     - emergency-department triage level 1-4 from 8 vital signs (K=4)
"""
import json, math, os, signal, subprocess, sys, time, csv, logging
from concurrent.futures import ThreadPoolExecutor

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
PY = sys.executable

import numpy as np


# ----------------------------------------------------------------------------- data
SEG = {0: "abcdef", 1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd", 6: "afgedc", 7: "abc", 8: "abcdefg", 9: "abcdfg"}


def seg_pixels(s):
    return {"a": [(2, c) for c in range(3, 7)], "b": [(r, 7) for r in range(3, 8)], "c": [(r, 7) for r in range(9, 13)],
            "d": [(13, c) for c in range(3, 7)], "e": [(r, 2) for r in range(9, 13)], "f": [(r, 2) for r in range(3, 8)],
            "g": [(8, c) for c in range(3, 7)]}[s]


def make_segs(n, seed):
    rng = np.random.default_rng(seed)
    X = np.zeros((n, 1, 16, 10), np.float32)
    y = rng.integers(0, 10, n)
    for i in range(n):
        dy, dx = rng.integers(-1, 2, 2)
        b = rng.uniform(0.5, 1.0)
        dim = rng.choice(list(SEG[y[i]])) if rng.random() < 0.15 else None
        for s in SEG[y[i]]:
            v = b * (0.35 if s == dim else 1.0)
            for r, c in seg_pixels(s):
                X[i, 0, r + dy, c + dx] = v
        X[i, 0] += rng.normal(0, 0.4, (16, 10))
    return X, y.astype(np.int64)


def make_distinct(n, seed):
    rng = np.random.default_rng(seed)
    X = np.zeros((n, 10), np.int64)
    y = rng.integers(0, 5, n)
    for i in range(n):
        d = y[i] + 3
        syms = rng.choice(8, d, replace=False)
        seq = np.concatenate([syms, rng.choice(syms, 10 - d)])
        X[i] = rng.permutation(seq)
    return X, y.astype(np.int64)


def make_projectile(n, seed):
    rng = np.random.default_rng(seed)
    v = rng.uniform(5, 60, n)           # m/s
    ang = rng.uniform(5, 80, n)         # degrees
    h = rng.uniform(0, 30, n)           # m
    th = np.radians(ang)
    g = 9.81
    R = v * np.cos(th) / g * (v * np.sin(th) + np.sqrt((v * np.sin(th)) ** 2 + 2 * g * h))
    R = R * (1 + rng.normal(0, 0.03, n))
    X = np.stack([v, ang, h], 1).astype(np.float32)
    return X, R.astype(np.float32)


def make_triage(n, seed):
    rng = np.random.default_rng(seed)
    age = rng.uniform(18, 90, n); hr = rng.normal(90, 25, n); sbp = rng.normal(125, 28, n)
    spo2 = np.clip(rng.normal(95, 4, n), 70, 100); temp = rng.normal(37.3, 1.0, n); rr = rng.normal(19, 6, n)
    pain = rng.integers(0, 11, n).astype(float); gcs = np.clip(15 - rng.exponential(1.2, n).round(), 3, 15)
    score = (np.abs(hr - 80) / 20 + np.abs(sbp - 120) / 25 + np.maximum(0, 95 - spo2) / 2 + np.abs(temp - 37) / 0.8
             + np.abs(rr - 16) / 5 + pain / 4 + (15 - gcs) * 0.8 + (age > 70) * 0.6)
    score = score + rng.normal(0, 0.4, n)
    q = np.quantile(score, [0.25, 0.5, 0.75])
    y = np.digitize(score, q)
    flip = rng.random(n) < 0.05
    y[flip] = rng.integers(0, 4, flip.sum())
    X = np.stack([age, hr, sbp, spo2, temp, rr, pain, gcs], 1).astype(np.float32)
    return X, y.astype(np.int64)


def standardise(tr, va):
    m, s = tr.mean(0), tr.std(0) + 1e-8
    return (tr - m) / s, (va - m) / s


def load(task, ntr, nva=600, seed=0, raw=False):
    f = {"segs": make_segs, "distinct": make_distinct, "projectile": make_projectile, "triage": make_triage}[task]
    Xtr, ytr = f(ntr, seed + 1)
    Xva, yva = f(nva, seed + 1000)
    if task in ("triage", "projectile") and not raw:
        Xtr, Xva = standardise(Xtr, Xva)
    return Xtr.astype(np.float32) if Xtr.dtype != np.int64 else Xtr, ytr, \
        Xva.astype(np.float32) if Xva.dtype != np.int64 else Xva, yva


# ----------------------------------------------------------------------------- models
def torch_models():
    import torch
    import torch.nn as nn

    class CNN(nn.Module):
        def __init__(self, ch=16, bn=False, drop=0.0):
            super().__init__()
            B = (lambda c: nn.BatchNorm2d(c)) if bn else (lambda c: nn.Identity())
            self.f = nn.Sequential(nn.Conv2d(1, ch, 3, padding=1), B(ch), nn.ReLU(), nn.MaxPool2d(2),
                                   nn.Conv2d(ch, 2 * ch, 3, padding=1), B(2 * ch), nn.ReLU(), nn.MaxPool2d(2),
                                   nn.Flatten(), nn.Dropout(drop), nn.Linear(2 * ch * 4 * 2, 64), nn.ReLU(),
                                   nn.Linear(64, 10))

        def forward(self, x):
            return self.f(x)

    def MLP(i, o, h=64, n=2, drop=0.0, bn=False):
        L = []
        d = i
        for _ in range(n):
            L += [nn.Linear(d, h)] + ([nn.BatchNorm1d(h)] if bn else []) + [nn.ReLU()] + ([nn.Dropout(drop)] if drop else [])
            d = h
        return nn.Sequential(nn.Flatten(), *L, nn.Linear(d, o))

    class SeqRNN(nn.Module):
        def __init__(self, kind="gru", h=64, relu_gain=None):
            super().__init__()
            self.emb = nn.Embedding(8, 16)
            if kind == "gru":
                self.rnn = nn.GRU(16, h, batch_first=True)
            else:
                self.rnn = nn.RNN(16, h, batch_first=True, nonlinearity="relu")
                if relu_gain:
                    with torch.no_grad():
                        self.rnn.weight_hh_l0.copy_(relu_gain * torch.eye(h))
            self.out = nn.Linear(h, 5)

        def forward(self, x):
            o, _ = self.rnn(self.emb(x))
            return self.out(o[:, -1])

    class SeqTransformer(nn.Module):
        def __init__(self, d=48):
            super().__init__()
            self.emb = nn.Embedding(8, d)
            self.pos = nn.Parameter(torch.randn(10, d) * 0.1)
            layer = nn.TransformerEncoderLayer(d, 4, 96, dropout=0.0, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2)
            self.out = nn.Linear(d, 5)

        def forward(self, x):
            return self.out(self.enc(self.emb(x) + self.pos).mean(1))

    class SeqCNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(8, 16)
            self.c = nn.Sequential(nn.Conv1d(16, 64, 3, padding=1), nn.ReLU(), nn.Conv1d(64, 64, 3, padding=1), nn.ReLU())
            self.out = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 5))

        def forward(self, x):
            h = self.c(self.emb(x).transpose(1, 2))
            return self.out(h.max(2).values)

    return dict(CNN=CNN, MLP=MLP, SeqRNN=SeqRNN, SeqTransformer=SeqTransformer, SeqCNN=SeqCNN)


def build(task, kind, **kw):
    M = torch_models()
    if task == "segs":
        return M["CNN"](**kw) if kind == "cnn" else M["MLP"](160, 10, h=128, **kw)
    if task == "distinct":
        return {"gru": lambda: M["SeqRNN"]("gru", **kw), "relurnn": lambda: M["SeqRNN"]("relu", **kw),
                "transformer": lambda: M["SeqTransformer"](), "cnn": lambda: M["SeqCNN"]()}[kind]()
    if task == "triage":
        return M["MLP"](8, 4, **kw)
    if task == "projectile":
        return M["MLP"](3, 1, **kw)


# ----------------------------------------------------------------------------- a plain torch loop with hooks
class Hooks:
    def step(self, step, loss, lr, gn): pass
    def epoch(self, ep, d): pass


def fit(model, data, cfg, hooks, task):
    import torch
    import torch.nn as nn
    torch.manual_seed(cfg.get("seed", 0))
    Xtr, ytr, Xva, yva = data
    Xtr, Xva = torch.tensor(Xtr), torch.tensor(Xva)
    reg = task == "projectile"
    if reg:
        ym, ys = float(ytr.mean()), float(ytr.std())
        if cfg.get("raw_target"):
            ym, ys = 0.0, 1.0
        ytr_t = torch.tensor((ytr - ym) / ys).float()
        yva_t = torch.tensor((yva - ym) / ys).float()
    else:
        ytr_t, yva_t = torch.tensor(ytr), torch.tensor(yva)
        if cfg.get("shuffle_labels"):
            g = np.random.default_rng(7)
            ytr_t = torch.tensor(g.permutation(ytr))
    if cfg.get("frozen"):
        for n_, p in model.named_parameters():
            p.requires_grad = False
        last = list(model.parameters())[-1]
        last.requires_grad = True
    params = [p for p in model.parameters() if p.requires_grad]
    o, lr = cfg.get("opt", "adam"), cfg["lr"]
    opt = {"adam": lambda: torch.optim.Adam(params, lr=lr, weight_decay=cfg.get("wd", 0)),
           "adamw": lambda: torch.optim.AdamW(params, lr=lr, weight_decay=cfg.get("wd", 0.01)),
           "sgd": lambda: torch.optim.SGD(params, lr=lr, momentum=cfg.get("mom", 0.9)),
           "rmsprop": lambda: torch.optim.RMSprop(params, lr=lr)}[o]()
    E, bs = cfg["epochs"], cfg.get("bs", 64)
    nb = math.ceil(len(Xtr) / bs)
    sch, per_step = None, False
    s = cfg.get("sched")
    if s == "cos":
        sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg.get("plan", E))
    elif s == "step":
        sch = torch.optim.lr_scheduler.StepLR(opt, cfg.get("step_size", 10), 0.3)
    elif s == "onecycle":
        sch, per_step = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=E * nb), True
    elif s == "warmcos":
        W, T = cfg.get("warm", 100), E * nb
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda k: (k + 1) / W if k < W else 0.5 * (1 + math.cos(math.pi * (k - W) / max(1, T - W))))
        per_step = True
    elif s == "plateau":
        sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=3)
    if reg:
        crit = nn.SmoothL1Loss() if cfg.get("loss") == "huber" else nn.MSELoss()
    elif cfg.get("loss") == "mse_idx":
        crit = None
    else:
        crit = nn.CrossEntropyLoss()

    def lossf(out, yb):
        if reg:
            return crit(out.squeeze(1), yb)
        if crit is None:  # wrong loss: regress the class index with the first logit
            return ((out[:, 0] - yb.float()) ** 2).mean()
        return crit(out, yb)

    start = cfg.get("start_epoch", 1)
    if cfg.get("resume_from") and os.path.exists(cfg["resume_from"]):
        ck = torch.load(cfg["resume_from"])
        model.load_state_dict(ck["model"]); opt.load_state_dict(ck["opt"])
        if sch is not None and "sched" in ck:
            sch.load_state_dict(ck["sched"])
        start = ck["epoch"] + 1
    step = (start - 1) * nb
    best, bad = float("inf"), 0
    gen = torch.Generator().manual_seed(cfg.get("seed", 0) + start)
    for ep in range(start, E + 1):
        if not (cfg.get("eval_bug") and ep > 1):
            model.train()
        perm = torch.randperm(len(Xtr), generator=gen)
        tot, cnt = 0.0, 0
        for b in range(nb):
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr[idx], ytr_t[idx]
            if not cfg.get("no_zero_grad"):
                opt.zero_grad()
            loss = lossf(model(xb), yb)
            loss.backward()
            gn = torch.nn.utils.clip_grad_norm_(params, cfg.get("clip", 1e9))
            opt.step()
            if per_step:
                sch.step()
            step += 1
            tot += loss.item() * len(idx); cnt += len(idx)
            hooks.step(step, loss.item(), opt.param_groups[0]["lr"], float(gn))
            if cfg.get("step_cap") and step >= cfg["step_cap"]:
                break
        model.eval()
        with torch.no_grad():
            out = model(Xva)
            vl = lossf(out, yva_t).item()
            if reg:
                metric = float((out.squeeze(1) * ys + ym - torch.tensor(yva)).abs().mean())
            elif crit is None:
                metric = float((out[:, 0].round().clamp(0, out.shape[1] - 1).long() == yva_t).float().mean())
            else:
                metric = float((out.argmax(1) == yva_t).float().mean())
        lr_now = opt.param_groups[0]["lr"]
        if sch is not None and not per_step:
            sch.step(vl) if s == "plateau" else sch.step()
        d = dict(train_loss=tot / max(cnt, 1), val_loss=vl, metric=metric, lr=lr_now, step=step)
        hooks.epoch(ep, d)
        if cfg.get("nan_raise") and not math.isfinite(d["train_loss"]):
            raise ValueError(f"Loss is nan at epoch {ep}, stopping training")
        if cfg.get("ckpt"):
            if ep % cfg.get("ckpt_every", 1) == 0:
                ck = {"model": model.state_dict(), "opt": opt.state_dict(), "epoch": ep}
                if sch is not None:
                    ck["sched"] = sch.state_dict()
                torch.save(ck, cfg["ckpt"])
        if cfg.get("kill_at") and ep == cfg["kill_at"]:
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        if cfg.get("patience"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["patience"]:
                    hooks.early_stop(ep) if hasattr(hooks, "early_stop") else None
                    break
        if cfg.get("step_cap") and step >= cfg["step_cap"]:
            break
    return model


# ----------------------------------------------------------------------------- logging styles
class PrintEpoch(Hooks):
    """print(f"...") once per epoch; wording chosen per run."""
    def __init__(self, fmt, E):
        self.fmt, self.E = fmt, E

    def epoch(self, ep, d):
        print(self.fmt.format(ep=ep, E=self.E, pct=100 * d["metric"], **d), flush=True)


class LoggingEpoch(Hooks):
    def __init__(self, E, name):
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stdout)
        self.log, self.E = logging.getLogger(name), E

    def epoch(self, ep, d):
        self.log.info("epoch %d/%d | train loss %.4f | dev loss %.4f | dev acc %.3f | lr %.2e", ep, self.E,
                      d["train_loss"], d["val_loss"], d["metric"], d["lr"])


class StepPrinter(Hooks):
    def __init__(self, every, E, word="eval"):
        self.every, self.E, self.word, self.run = every, E, word, []

    def step(self, step, loss, lr, gn):
        self.run.append(loss)
        if step % self.every == 0:
            print(f"step {step}  loss {np.mean(self.run):.4f}  lr {lr:.5f}", flush=True)
            self.run = []

    def epoch(self, ep, d):
        print(f"==> {self.word} after epoch {ep}/{self.E}: {self.word}_loss={d['val_loss']:.4f} {self.word}_acc={d['metric']:.4f}", flush=True)


class TqdmHooks(Hooks):
    def __init__(self, E, nb):
        from tqdm import tqdm
        self.tqdm, self.E, self.nb, self.bar = tqdm, E, nb, None

    def step(self, step, loss, lr, gn):
        if self.bar is None:
            self.bar = self.tqdm(total=self.nb, desc=f"Epoch {self.ep}", file=sys.stdout, mininterval=0, ncols=90)
        self.bar.update(1)
        self.bar.set_postfix(loss=f"{loss:.3f}")

    def start(self, ep):
        self.ep = ep

    def epoch(self, ep, d):
        if self.bar is not None:
            self.bar.close(); self.bar = None
        print(f"Epoch {ep}: train_loss: {d['train_loss']:.4f}, valid_loss: {d['val_loss']:.4f}, valid_acc: {d['metric']:.2%}", flush=True)
        self.ep = ep + 1


class CSVHooks(Hooks):
    def __init__(self, path, cols, names, sep=",", mode="w", header=True, step_cols=None):
        new = not os.path.exists(path) or mode == "w"
        self.f = open(path, mode, newline="")
        self.w = csv.writer(self.f, delimiter=sep)
        self.cols, self.names = cols, names
        if header and new:
            self.w.writerow(names); self.f.flush()

    def epoch(self, ep, d):
        d = dict(d, epoch=ep)
        self.w.writerow([("%.6g" % d[c]) if isinstance(d[c], float) else d[c] for c in self.cols]); self.f.flush()


class JsonlHooks(Hooks):
    def __init__(self, path, every=None, keys=None):
        self.f, self.every, self.keys = open(path, "w"), every, keys or {}

    def step(self, step, loss, lr, gn):
        if self.every and step % self.every == 0:
            self.f.write(json.dumps({"step": step, "loss": round(loss, 5), "lr": lr}) + "\n"); self.f.flush()

    def epoch(self, ep, d):
        rec = {"epoch": ep}
        rec.update({k2: (round(d[k], 6) if isinstance(d[k], float) else d[k]) for k, k2 in self.keys.items()})
        self.f.write(json.dumps(rec) + "\n"); self.f.flush()


class TBHooks(Hooks):
    def __init__(self, logdir, every=10, tags=None, gn=False, torch_writer=True):
        if torch_writer:
            from torch.utils.tensorboard import SummaryWriter
        else:
            from tensorboardX import SummaryWriter
        self.w, self.every, self.gn = SummaryWriter(logdir), every, gn
        self.tags = tags or {"train_loss": "Loss/train", "val_loss": "Loss/val", "metric": "Accuracy/val", "lr": "lr"}
        self.acc = []

    def step(self, step, loss, lr, gn):
        self.acc.append(loss)
        if step % self.every == 0:
            self.w.add_scalar("train/loss_step", float(np.mean(self.acc)), step); self.acc = []
            if self.gn:
                self.w.add_scalar("train/grad_norm", gn, step)

    def epoch(self, ep, d):
        for k, t in self.tags.items():
            self.w.add_scalar(t, d[k], ep)
        self.w.flush()


# ----------------------------------------------------------------------------- run definitions
R = {}


def run(fmt, name):
    def deco(f):
        R[name] = (fmt, f)
        return f
    return deco


def out(name):
    fmt = R[name][0]
    d = os.path.join(RUNS, fmt, name)
    os.makedirs(d, exist_ok=True)
    return d


# --- text logs (stdout redirected by the driver to train.log / output.txt)
@run("text_log", "segs-cnn-adam-20ep")
def _(o):
    E = 20
    print("training SegCNN on 6000 seven-segment images, 20 epochs, adam lr=1e-3, batch 64")
    fit(build("segs", "cnn"), load("segs", 6000), dict(epochs=E, lr=1e-3),
        PrintEpoch("epoch {ep}/{E} - train loss {train_loss:.4f} - val loss {val_loss:.4f} - val acc {metric:.4f}", E), "segs")
    print("done.")


@run("text_log", "segs-cnn-sgd-lr2-tqdm")
def _(o):
    E = 15
    h = TqdmHooks(E, math.ceil(5000 / 64)); h.start(1)
    fit(build("segs", "cnn"), load("segs", 5000), dict(epochs=E, lr=2.0, opt="sgd", mom=0.9), h, "segs")


@run("text_log", "triage-mlp-logging-30ep")
def _(o):
    E = 30
    h = LoggingEpoch(E, "triage")
    h.log.info("dataset: 4000 train / 600 dev patients, 8 vitals, 4 triage levels")
    fit(build("triage", "mlp", h=64), load("triage", 4000), dict(epochs=E, lr=2e-3, opt="adamw", sched="cos"), h, "triage")
    h.log.info("finished")


@run("text_log", "triage-mlp-shuffled-labels")
def _(o):
    E = 40
    print("Triage MLP | epochs=40 | SGD lr 0.05 momentum 0.9")
    fit(build("triage", "mlp", h=128), load("triage", 3000), dict(epochs=E, lr=0.05, opt="sgd", shuffle_labels=True),
        PrintEpoch("Epoch [{ep}/{E}] Train Loss: {train_loss:.4f} | Test Loss: {val_loss:.4f} | Test Acc: {pct:.2f}%", E), "triage")


@run("text_log", "distinct-gru-steps")
def _(o):
    E = 12
    print("GRU(64) counting distinct symbols; 8000 sequences; Adam 3e-3; clip 1.0")
    fit(build("distinct", "gru"), load("distinct", 8000), dict(epochs=E, lr=3e-3, clip=1.0, bs=64), StepPrinter(50, E, "eval"), "distinct")


@run("text_log", "distinct-relurnn-explode")
def _(o):
    E = 20
    print("ReLU RNN, recurrent weights init 1.6*I (identity-RNN trick), SGD lr 0.05")
    fit(build("distinct", "relurnn", relu_gain=1.6), load("distinct", 4000),
        dict(epochs=E, lr=0.05, opt="sgd", mom=0.9, nan_raise=True),
        PrintEpoch("[epoch {ep:02d}] loss={train_loss:.4f} val_loss={val_loss:.4f} val_acc={metric:.3f}", E), "distinct")


@run("text_log", "projectile-mlp-no-zerograd")
def _(o):
    E = 40
    print("projectile range regressor (MLP 3-64-64-1), Adam 1e-3, MSE on standardised range")
    fit(build("projectile", "mlp"), load("projectile", 3000), dict(epochs=E, lr=1e-3, no_zero_grad=True),
        PrintEpoch("ep {ep} train_mse {train_loss:.5f} valid_mse {val_loss:.5f} valid_mae_m {metric:.2f}", E), "projectile")


@run("text_log", "projectile-mlp-cosine-60ep")
def _(o):
    E = 60
    print("projectile MLP, AdamW 3e-3, cosine over 60 epochs")
    fit(build("projectile", "mlp", h=96), load("projectile", 4000), dict(epochs=E, lr=3e-3, opt="adamw", sched="cos"),
        PrintEpoch("Epoch {ep}/{E}  loss {train_loss:.5f}  val_loss {val_loss:.5f}  val_MAE {metric:.2f} m  lr {lr:.2e}", E), "projectile")


@run("text_log", "triage-mlp-tiny-train")
def _(o):
    E = 300
    print("quick experiment: 40 labelled patients only, big MLP, 300 epochs")

    class Every10(Hooks):
        def epoch(self, ep, d):
            if ep % 10 == 0 or ep == 1:
                print(f"epoch {ep:3d}: train {d['train_loss']:.4f}  val {d['val_loss']:.4f}  acc {d['metric']:.3f}", flush=True)
    fit(build("triage", "mlp", h=256), load("triage", 40), dict(epochs=E, lr=1e-3, bs=16), Every10(), "triage")


@run("text_log", "segs-mlp-debug-stepcap")
def _(o):
    E = 30
    print("MLP on flattened seven-seg images; plan: 30 epochs x 94 steps, Adam 1e-3")
    fit(build("segs", "mlp"), load("segs", 6000), dict(epochs=E, lr=1e-3, step_cap=150),
        PrintEpoch("epoch {ep}/{E} train_loss={train_loss:.4f} val_loss={val_loss:.4f} val_acc={metric:.4f}", E), "segs")
    print("Training complete!")


@run("text_log", "distinct-transformer-killed")
def _(o):
    E = 30
    print("2-layer transformer encoder, Adam 1e-3 warmup+cosine, 30 epochs")
    fit(build("distinct", "transformer"), load("distinct", 6000), dict(epochs=E, lr=1e-3, sched="warmcos", warm=200, kill_at=11),
        PrintEpoch("epoch {ep}/{E} | loss {train_loss:.4f} | val loss {val_loss:.4f} | val acc {metric:.4f} | lr {lr:.6f}", E), "distinct")


@run("text_log", "triage-mlp-killed-resumed")
def _(o):
    E = 40
    ck = "/tmp/nu15_triage_ckpt.pt"
    fmt = "epoch {ep}/{E}  train_loss {train_loss:.4f}  val_loss {val_loss:.4f}  val_acc {metric:.4f}"
    cfg = dict(epochs=E, lr=1e-3, sched="step", step_size=15, ckpt=ck, ckpt_every=5, seed=3)
    if os.environ.get("NU15_RESUME"):
        print(f"resuming from {ck}")
        cfg["resume_from"] = ck
        fit(build("triage", "mlp"), load("triage", 4000), cfg, PrintEpoch(fmt, E), "triage")
        os.remove(ck)
    else:
        if os.path.exists(ck):
            os.remove(ck)
        print("triage MLP, Adam 1e-3, StepLR(15, 0.3), checkpoint every 5 epochs")
        fit(build("triage", "mlp"), load("triage", 4000), dict(cfg, kill_at=23), PrintEpoch(fmt, E), "triage")


@run("text_log", "projectile-mlp-sgd-lr1e-5")
def _(o):
    E = 50
    print("projectile MLP SGD lr=1e-5 (momentum 0.9)")
    fit(build("projectile", "mlp"), load("projectile", 3000), dict(epochs=E, lr=1e-5, opt="sgd"),
        PrintEpoch("{ep}/{E} train={train_loss:.5f} dev={val_loss:.5f} dev_mae={metric:.2f}", E), "projectile")


@run("text_log", "segs-cnn-bn-evalmode")
def _(o):
    E = 20
    print("CNN with BatchNorm + Dropout 0.5, Adam 1e-3")
    fit(build("segs", "cnn", bn=True, drop=0.5), load("segs", 4000), dict(epochs=E, lr=1e-3, eval_bug=True),
        PrintEpoch("Epoch {ep}/{E}: train_loss={train_loss:.4f}, val_loss={val_loss:.4f}, val_accuracy={metric:.4f}", E), "segs")


@run("text_log", "distinct-gru-two-runs-appended")
def _(o):
    # the user ran the script twice with `>> log.txt`; the driver appends both launches to one file
    E = 10
    lr = float(os.environ.get("NU15_LR", "3e-3"))
    print(f"=== run lr={lr} ===")
    fit(build("distinct", "gru"), load("distinct", 5000), dict(epochs=E, lr=lr, clip=1.0),
        PrintEpoch("epoch {ep} train loss {train_loss:.4f} val loss {val_loss:.4f} val acc {metric:.4f}", E), "distinct")


@run("text_log", "triage-mlp-onecycle-pct")
def _(o):
    E = 25
    print("Triage net w/ BatchNorm+Dropout, OneCycle max_lr 0.01")
    fit(build("triage", "mlp", h=128, bn=True, drop=0.2), load("triage", 5000), dict(epochs=E, lr=0.01, sched="onecycle"),
        PrintEpoch("Ep {ep:2d}/{E} | train loss {train_loss:.3f} | val loss {val_loss:.3f} | val acc {pct:.1f}%", E), "triage")


# --- custom CSV / JSON lines written by hand
@run("csv_custom", "segs-cnn-steplr-csv")
def _(o):
    fit(build("segs", "cnn", ch=12), load("segs", 5000), dict(epochs=24, lr=2e-3, sched="step", step_size=8),
        CSVHooks(os.path.join(o, "metrics.csv"), ["epoch", "train_loss", "val_loss", "metric", "lr"],
                 ["epoch", "train_loss", "val_loss", "val_acc", "lr"]), "segs")


@run("csv_custom", "triage-mlp-adam-lr1")
def _(o):
    fit(build("triage", "mlp"), load("triage", 4000), dict(epochs=30, lr=1.0),
        CSVHooks(os.path.join(o, "log.csv"), ["epoch", "train_loss", "val_loss", "metric"], ["epoch", "loss", "val_loss", "val_acc"]), "triage")


@run("csv_custom", "projectile-mlp-raw-units")
def _(o):
    fit(build("projectile", "mlp"), load("projectile", 3000, raw=True), dict(epochs=40, lr=1e-3, raw_target=True),
        CSVHooks(os.path.join(o, "history.csv"), ["epoch", "train_loss", "val_loss", "metric"],
                 ["epoch", "train_mse", "val_mse", "val_mae_m"], sep=";"), "projectile")


@run("csv_custom", "distinct-gru-mse-on-index")
def _(o):
    fit(build("distinct", "gru"), load("distinct", 5000), dict(epochs=20, lr=2e-3, loss="mse_idx"),
        JsonlHooks(os.path.join(o, "train_log.jsonl"), keys={"train_loss": "train_loss", "val_loss": "val_loss", "metric": "val_acc"}), "distinct")


@run("csv_custom", "segs-mlp-frozen")
def _(o):
    fit(build("segs", "mlp"), load("segs", 5000), dict(epochs=25, lr=1e-3, frozen=True),
        JsonlHooks(os.path.join(o, "log.jsonl"), keys={"train_loss": "loss", "val_loss": "val_loss", "metric": "val_accuracy"}), "segs")


@run("csv_custom", "triage-mlp-plateau-jsonl")
def _(o):
    fit(build("triage", "mlp", h=96, drop=0.1), load("triage", 5000), dict(epochs=45, lr=3e-3, sched="plateau"),
        JsonlHooks(os.path.join(o, "metrics.jsonl"), keys={"train_loss": "train_loss", "val_loss": "valid_loss",
                                                           "metric": "valid_acc", "lr": "lr"}), "triage")


@run("csv_custom", "projectile-mlp-cos100-stopped12")
def _(o):
    # cosine planned for 100 epochs; the user set epochs=12 "to check it runs" and kept the result
    fit(build("projectile", "mlp"), load("projectile", 4000), dict(epochs=12, plan=100, lr=3e-3, sched="cos"),
        CSVHooks(os.path.join(o, "metrics.csv"), ["epoch", "train_loss", "val_loss", "metric", "lr"],
                 ["epoch", "train_loss", "val_loss", "val_mae", "lr"]), "projectile")


@run("csv_custom", "distinct-cnn-steps-jsonl")
def _(o):
    fit(build("distinct", "cnn"), load("distinct", 6000), dict(epochs=15, lr=2e-3),
        JsonlHooks(os.path.join(o, "log.jsonl"), every=25, keys={"val_loss": "val_loss", "metric": "val_acc"}), "distinct")


@run("csv_custom", "segs-cnn-shuffled-labels")
def _(o):
    fit(build("segs", "cnn", ch=24), load("segs", 1500), dict(epochs=60, lr=2e-3, shuffle_labels=True),
        CSVHooks(os.path.join(o, "results.csv"), ["epoch", "train_loss", "val_loss", "metric"], ["epoch", "train_loss", "test_loss", "test_acc"]), "segs")


@run("csv_custom", "triage-mlp-sigkill-csv")
def _(o):
    fit(build("triage", "mlp"), load("triage", 4000), dict(epochs=50, lr=1e-3, sched="cos", kill_at=19),
        CSVHooks(os.path.join(o, "train_log.csv"), ["epoch", "train_loss", "val_loss", "metric", "lr"],
                 ["epoch", "train_loss", "val_loss", "val_acc", "lr"]), "triage")


# --- tensorboard SummaryWriter
@run("tfevents", "segs-cnn-warmcos-tb")
def _(o):
    fit(build("segs", "cnn"), load("segs", 6000), dict(epochs=18, lr=2e-3, sched="warmcos", warm=150), TBHooks(o, every=20), "segs")


@run("tfevents", "distinct-transformer-sgd-lr5-tb")
def _(o):
    fit(build("distinct", "transformer"), load("distinct", 5000), dict(epochs=15, lr=5.0, opt="sgd", mom=0.9), TBHooks(o, every=20), "distinct")


@run("tfevents", "triage-mlp-adam1e-6-tb")
def _(o):
    fit(build("triage", "mlp"), load("triage", 4000), dict(epochs=30, lr=1e-6),
        TBHooks(o, every=20, tags={"train_loss": "loss/train", "val_loss": "loss/valid", "metric": "acc/valid"}, torch_writer=False), "triage")


@run("tfevents", "projectile-mlp-clip-gn-tb")
def _(o):
    fit(build("projectile", "mlp", h=96), load("projectile", 4000), dict(epochs=40, lr=2e-3, clip=1.0, sched="cos"),
        TBHooks(o, every=20, gn=True, tags={"train_loss": "train/loss", "val_loss": "val/loss", "metric": "val/mae_m", "lr": "train/lr"}), "projectile")


@run("tfevents", "distinct-relurnn-nan-tb")
def _(o):
    fit(build("distinct", "relurnn", relu_gain=1.8), load("distinct", 4000), dict(epochs=15, lr=0.02, opt="sgd", mom=0.9),
        TBHooks(o, every=10, gn=True), "distinct")


@run("tfevents", "segs-cnn-tiny-train-tb")
def _(o):
    fit(build("segs", "cnn", ch=24), load("segs", 60), dict(epochs=150, lr=1e-3, bs=16),
        TBHooks(o, every=20, tags={"train_loss": "epoch/train_loss", "val_loss": "epoch/val_loss", "metric": "epoch/val_acc"}), "segs")


@run("tfevents", "triage-mlp-no-zerograd-tb")
def _(o):
    fit(build("triage", "mlp"), load("triage", 4000), dict(epochs=30, lr=1e-3, no_zero_grad=True), TBHooks(o, every=20, torch_writer=False), "triage")


@run("tfevents", "projectile-mlp-huber-steplr-tb")
def _(o):
    fit(build("projectile", "mlp"), load("projectile", 4000), dict(epochs=45, lr=3e-3, loss="huber", sched="step", step_size=15),
        TBHooks(o, every=50, tags={"train_loss": "Loss/train", "val_loss": "Loss/val", "metric": "MAE_m/val", "lr": "LR"}), "projectile")


# --- Lightning
def lit_run(o, task, model, data, E, lr, opt="adam", logger="csv", sched=None, patience=None, log_every=20, name="lightning_logs"):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    from lightning.pytorch.callbacks import EarlyStopping, LearningRateMonitor
    torch.manual_seed(0)
    Xtr, ytr, Xva, yva = data
    reg = task == "projectile"
    if reg:
        m, s = ytr.mean(), ytr.std()
        ytr, yva = ((ytr - m) / s).astype(np.float32), ((yva - m) / s).astype(np.float32)
    dl = lambda X, y, sh: torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(X), torch.tensor(y)), batch_size=64, shuffle=sh)

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__(); self.m = model

        def _loss(self, b):
            x, y = b
            out = self.m(x)
            if reg:
                out = out.squeeze(1)
                return torch.nn.functional.mse_loss(out, y), (out - y).abs().mean() * float(s)
            return torch.nn.functional.cross_entropy(out, y), (out.argmax(1) == y).float().mean()

        def training_step(self, b, i):
            l, _ = self._loss(b)
            self.log("train_loss", l, on_step=True, on_epoch=True)
            return l

        def validation_step(self, b, i):
            l, a = self._loss(b)
            self.log("val_loss", l, prog_bar=True)
            self.log("val_mae" if reg else "val_acc", a)

        def configure_optimizers(self):
            op = torch.optim.Adam(self.parameters(), lr=lr) if opt == "adam" else torch.optim.SGD(self.parameters(), lr=lr, momentum=0.9)
            if sched == "cos":
                return {"optimizer": op, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(op, E)}
            return op

    lg = CSVLogger(o, name=name) if logger == "csv" else TensorBoardLogger(o, name=name)
    cbs = [LearningRateMonitor("epoch")]
    if patience:
        cbs.append(EarlyStopping("val_loss", patience=patience))
    tr = L.Trainer(max_epochs=E, logger=lg, callbacks=cbs, log_every_n_steps=log_every, enable_progress_bar=False,
                   enable_model_summary=False, enable_checkpointing=False, accelerator="cpu", devices=1)
    tr.fit(Lit(), dl(Xtr, ytr, True), dl(Xva, yva, False))


@run("tfevents", "distinct-gru-lightning-tb")
def _(o):
    lit_run(o, "distinct", build("distinct", "gru"), load("distinct", 6000), 12, 3e-3, logger="tb")


@run("lightning_csv", "triage-lit-earlystop")
def _(o):
    lit_run(o, "triage", build("triage", "mlp", h=128, drop=0.2), load("triage", 4000), 80, 1e-3, patience=6)


@run("lightning_csv", "segs-lit-cnn-adam0.5")
def _(o):
    lit_run(o, "segs", build("segs", "cnn"), load("segs", 5000), 12, 0.5)


@run("lightning_csv", "projectile-lit-cosine")
def _(o):
    lit_run(o, "projectile", build("projectile", "mlp", h=96), load("projectile", 4000), 40, 3e-3, sched="cos")


@run("lightning_csv", "distinct-lit-gru")
def _(o):
    lit_run(o, "distinct", build("distinct", "gru"), load("distinct", 6000), 15, 2e-3, sched="cos")


@run("lightning_csv", "segs-lit-cnn-cosine")
def _(o):
    lit_run(o, "segs", build("segs", "cnn"), load("segs", 5000), 15, 2e-3, sched="cos")


@run("lightning_csv", "triage-lit-sgd-lr1e-4")
def _(o):
    lit_run(o, "triage", build("triage", "mlp"), load("triage", 4000), 30, 1e-4, opt="sgd")


# --- Keras
def keras_model(task, kind="dense"):
    import keras
    from keras import layers
    keras.utils.set_random_seed(0)
    if task == "segs":
        return keras.Sequential([keras.Input((16, 10)), layers.Flatten(), layers.Dense(128, activation="relu"), layers.Dense(10, activation="softmax")])
    if task == "triage":
        return keras.Sequential([keras.Input((8,)), layers.Dense(128, activation="relu"), layers.Dense(128, activation="relu"), layers.Dense(4, activation="softmax")])
    if task == "projectile":
        return keras.Sequential([keras.Input((3,)), layers.Dense(64, activation="relu"), layers.Dense(64, activation="relu"), layers.Dense(1)])
    if task == "distinct":
        return keras.Sequential([keras.Input((10,)), layers.Embedding(8, 16), layers.Conv1D(64, 3, padding="same", activation="relu"),
                                 layers.Conv1D(64, 3, padding="same", activation="relu"), layers.GlobalMaxPooling1D(),
                                 layers.Dense(64, activation="relu"), layers.Dense(5, activation="softmax")])


def kdata(task, n):
    Xtr, ytr, Xva, yva = load(task, n)
    if task == "segs":
        Xtr, Xva = Xtr[:, 0], Xva[:, 0]
    if task == "projectile":
        m, s = ytr.mean(), ytr.std()
        ytr, yva = (ytr - m) / s, (yva - m) / s
    return Xtr, ytr, Xva, yva


@run("keras_csvlogger", "triage-keras-earlystop")
def _(o):
    import keras
    Xtr, ytr, Xva, yva = kdata("triage", 4000)
    m = keras_model("triage"); m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=100, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(o, "training.log")), keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True)])


@run("keras_csvlogger", "segs-keras-sgd-lr3")
def _(o):
    import keras
    Xtr, ytr, Xva, yva = kdata("segs", 5000)
    m = keras_model("segs"); m.compile(optimizer=keras.optimizers.SGD(3.0, momentum=0.9), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=20, batch_size=64, verbose=0, callbacks=[keras.callbacks.CSVLogger(os.path.join(o, "log.csv"))])


@run("keras_csvlogger", "projectile-keras-plateau")
def _(o):
    import keras
    Xtr, ytr, Xva, yva = kdata("projectile", 4000)
    m = keras_model("projectile"); m.compile(optimizer=keras.optimizers.Adam(3e-3), loss="mse", metrics=["mae"])
    m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=60, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(o, "training_log.csv")), keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=4)])


@run("keras_history_json", "distinct-keras-conv1d")
def _(o):
    import keras
    Xtr, ytr, Xva, yva = kdata("distinct", 6000)
    m = keras_model("distinct"); m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=20, batch_size=64, verbose=0)
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(os.path.join(o, "history.json"), "w"), indent=1)


@run("keras_history_json", "triage-keras-tiny-train")
def _(o):
    import keras
    Xtr, ytr, Xva, yva = kdata("triage", 50)
    m = keras_model("triage"); m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=250, batch_size=16, verbose=0)
    json.dump(h.history, open(os.path.join(o, "history.json"), "w"), default=float)


@run("keras_history_json", "segs-keras-softmax-mse")
def _(o):
    import keras
    Xtr, ytr, Xva, yva = kdata("segs", 5000)
    m = keras_model("segs"); m.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse", metrics=["accuracy"])  # wrong loss: MSE on one-hot targets with SGD
    h = m.fit(Xtr, keras.utils.to_categorical(ytr, 10), validation_data=(Xva, keras.utils.to_categorical(yva, 10)), epochs=20, batch_size=64, verbose=0)
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(os.path.join(o, "history.json"), "w"))


# --- HF Trainer (tiny models from configs)
def hf_run(o, arch, lr, epochs, n=4000, eval_steps=None, warmup=0, sched="linear"):
    import torch
    from transformers import Trainer, TrainingArguments, set_seed
    set_seed(0)
    if arch == "llama":
        from transformers import LlamaConfig, LlamaForSequenceClassification
        cfg = LlamaConfig(vocab_size=9, hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                          num_key_value_heads=2, max_position_embeddings=32, num_labels=5, pad_token_id=8)
        model = LlamaForSequenceClassification(cfg)
    else:
        from transformers import OPTConfig, OPTForSequenceClassification
        cfg = OPTConfig(vocab_size=9, hidden_size=48, ffn_dim=96, num_hidden_layers=2, num_attention_heads=4,
                        max_position_embeddings=32, word_embed_proj_dim=48, num_labels=5, pad_token_id=8, dropout=0.0)
        model = OPTForSequenceClassification(cfg)
    Xtr, ytr, Xva, yva = load("distinct", n)

    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X, y
        def __len__(s): return len(s.X)
        def __getitem__(s, i): return {"input_ids": torch.tensor(s.X[i]), "attention_mask": torch.ones(10, dtype=torch.long), "labels": int(s.y[i])}

    def cm(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    args = TrainingArguments(output_dir=o, num_train_epochs=epochs, learning_rate=lr, per_device_train_batch_size=32,
                             per_device_eval_batch_size=128, eval_strategy="steps" if eval_steps else "epoch", eval_steps=eval_steps,
                             logging_steps=25, save_strategy="no", report_to=[], seed=0, warmup_steps=warmup,
                             lr_scheduler_type=sched, use_cpu=True, dataloader_num_workers=0, disable_tqdm=True)
    tr = Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=cm)
    tr.train()
    tr.save_state()


@run("hf_trainer_state", "distinct-llama-healthy")
def _(o):
    hf_run(o, "llama", 2e-3, 8, eval_steps=125, warmup=100, sched="cosine")


@run("hf_trainer_state", "distinct-opt-healthy")
def _(o):
    hf_run(o, "opt", 1e-3, 6)


@run("hf_trainer_state", "distinct-llama-lr50")
def _(o):
    hf_run(o, "llama", 50.0, 5, eval_steps=125)


@run("hf_trainer_state", "distinct-opt-lr1e-7")
def _(o):
    hf_run(o, "opt", 1e-7, 5)


# ----------------------------------------------------------------------------- driver
TEXT_FILE = {"triage-mlp-logging-30ep": "train.log", "distinct-gru-steps": "output.txt", "projectile-mlp-cosine-60ep": "log.txt",
             "segs-cnn-sgd-lr2-tqdm": "stdout.txt", "distinct-gru-two-runs-appended": "log.txt"}


def launch(name):
    fmt = R[name][0]
    d = out(name)
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1")
    t0 = time.time()
    if fmt == "text_log":
        path = os.path.join(d, TEXT_FILE.get(name, "train.log"))
        if name == "triage-mlp-killed-resumed":
            with open(path, "w") as f:
                subprocess.run([PY, __file__, name], stdout=f, stderr=subprocess.STDOUT, env=env)
            with open(path, "a") as f:
                subprocess.run([PY, __file__, name], stdout=f, stderr=subprocess.STDOUT, env=dict(env, NU15_RESUME="1"))
        elif name == "distinct-gru-two-runs-appended":
            open(path, "w").close()
            for lr in ("3e-3", "1e-2"):
                with open(path, "a") as f:
                    subprocess.run([PY, __file__, name], stdout=f, stderr=subprocess.STDOUT, env=dict(env, NU15_LR=lr))
        else:
            with open(path, "w") as f:
                subprocess.run([PY, __file__, name], stdout=f, stderr=subprocess.STDOUT, env=env)
    else:
        r = subprocess.run([PY, __file__, name], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
        if r.returncode not in (0, -9):
            print(name, "FAILED", r.stderr[-2000:], flush=True)
    print(f"{name}: {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in R:
        import warnings; warnings.filterwarnings("ignore")
        R[sys.argv[1]][1](out(sys.argv[1]))
    else:
        names = sys.argv[1:] or list(R)
        with ThreadPoolExecutor(2) as ex:
            list(ex.map(launch, names))
