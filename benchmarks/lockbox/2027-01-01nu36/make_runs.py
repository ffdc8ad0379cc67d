"""lockbox 2027-01-01nu36 - ~50 small CPU trainings "a new user wrote".

python make_runs.py                 # make every run (2 at a time, subprocesses)
python make_runs.py --only text/reef_sgd_hot   # re-make one run

Tasks (numpy, fixed seeds):
  reef     - coral-reef condition (healthy / bleaching / algal / rubble; K=4, log K=1.386) from 10 water readings
  glacier  - regression: standardised summer mass loss of a glacier cell from degree days, albedo, debris, elevation...
  playlist - multi-label: 6 mood tags from 10 audio descriptors
  window3  - sequence tagging: 16 tokens over 0..4, tag at t = (x[t] + x[t-1] + x[t-2]) mod 3
  brace    - (HF only) sequence regression: 14 tokens over ( ) a b, target = standardised max nesting depth
"""
import os, sys, json, math, time, signal, subprocess, argparse, shutil

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")

import numpy as np

# ----------------------------------------------------------------------------- data
def make_task(name, seed=0, n_train=None):
    rng = np.random.default_rng({"reef": 11, "glacier": 22, "playlist": 33, "window3": 44, "brace": 55}[name] + seed)
    if name == "reef":
        n = 1500
        temp = rng.normal(28, 1.5, n); ph = rng.normal(8.05, 0.08, n); turb = rng.gamma(2, 1.5, n)
        nitr = rng.gamma(1.5, 0.6, n); depth = rng.uniform(1, 25, n); fish = rng.poisson(12, n).astype(float)
        urchin = rng.gamma(2, 1, n); wave = rng.gamma(3, 0.4, n); sal = rng.normal(35, 0.7, n); par = rng.normal(0, 1, n)
        X = np.stack([temp, ph, turb, nitr, depth, fish, urchin, wave, sal, par], 1)
        s_bleach = 1.3 * (temp - 29) - 0.05 * depth + 0.3 * par + rng.normal(0, 0.6, n)
        s_algal = 1.1 * nitr - 0.12 * fish - 0.5 * urchin + 0.4 * turb + rng.normal(0, 0.6, n)
        s_rubble = 0.9 * wave - 0.06 * depth - 6 * (ph - 8.05) + rng.normal(0, 0.6, n)
        s_ok = np.zeros(n) + 0.6
        S = np.stack([s_ok, s_bleach, s_algal, s_rubble], 1)
        y = S.argmax(1)
        X = (X - X.mean(0)) / X.std(0)
        kind, K = "cls", 4
    elif name == "glacier":
        n = 1400
        pdd = rng.gamma(4, 80, n); albedo = rng.uniform(0.15, 0.8, n); debris = rng.exponential(0.15, n)
        elev = rng.normal(3200, 400, n); slope = rng.uniform(2, 40, n); aspect = rng.uniform(0, 2 * np.pi, n)
        snow = rng.gamma(2, 0.6, n); cloud = rng.uniform(0, 1, n)
        melt = (0.006 * pdd * (1 - albedo) * (1.5 * np.exp(-debris / 0.1) + 0.4)
                + 0.4 * np.cos(aspect) * (1 - cloud) - 0.3 * snow - 0.0004 * (elev - 3200) + rng.normal(0, 0.12, n))
        X = np.stack([pdd, albedo, debris, elev, slope, np.cos(aspect), np.sin(aspect), snow, cloud], 1)
        X = (X - X.mean(0)) / X.std(0)
        y = ((melt - melt.mean()) / melt.std()).astype(np.float32)
        kind, K = "reg", None
    elif name == "playlist":
        n = 1400
        Z = rng.normal(0, 1, (n, 4))
        A = rng.normal(0, 1, (4, 10))
        X = Z @ A + rng.normal(0, 0.5, (n, 10))  # tempo, energy, valence, ... (correlated)
        W = rng.normal(0, 1, (10, 6))
        L = X @ W / 3 + 0.7 * np.sin(X[:, [0, 1, 2, 3, 4, 5]] * 1.5) + rng.normal(0, 0.4, (n, 6))
        thr = np.quantile(L, [0.55, 0.6, 0.7, 0.65, 0.75, 0.5], axis=0).diagonal()
        y = (L > thr).astype(np.float32)
        X = (X - X.mean(0)) / X.std(0)
        kind, K = "ml", 6
    elif name == "window3":
        n = 1500
        X = rng.integers(0, 5, (n, 16))
        pad = np.concatenate([np.zeros((n, 2), int), X], 1)
        y = (pad[:, 2:] + pad[:, 1:-1] + pad[:, :-2]) % 3
        kind, K = "seq", 3
    elif name == "brace":
        n = 1200
        X = rng.integers(0, 4, (n, 14))  # 0 '(' 1 ')' 2 a 3 b
        depth = np.zeros(n); cur = np.zeros(n)
        for t in range(14):
            cur = np.where(X[:, t] == 0, cur + 1, np.where(X[:, t] == 1, np.maximum(cur - 1, 0), cur))
            depth = np.maximum(depth, cur)
        y = ((depth - depth.mean()) / depth.std()).astype(np.float32)
        kind, K = "reg", None
    nv = 300
    Xtr, ytr, Xva, yva = X[:-nv], y[:-nv], X[-nv:], y[-nv:]
    if n_train is not None:
        Xtr, ytr = Xtr[:n_train], ytr[:n_train]
    return dict(Xtr=Xtr, ytr=ytr, Xva=Xva, yva=yva, kind=kind, K=K, name=name)


# ----------------------------------------------------------------------------- torch helpers
def torch_models():
    import torch, torch.nn as nn

    class MLP(nn.Module):
        def __init__(self, d_in, d_out, hidden=(64, 64), drop=0.0, bn=False):
            super().__init__()
            layers, d = [], d_in
            for h in hidden:
                layers += [nn.Linear(d, h)] + ([nn.BatchNorm1d(h)] if bn else []) + [nn.ReLU()] + ([nn.Dropout(drop)] if drop else [])
                d = h
            layers.append(nn.Linear(d, d_out))
            self.net = nn.Sequential(*layers)

        def forward(self, x):
            return self.net(x)

    class Tagger(nn.Module):
        def __init__(self, cell="gru", vocab=5, K=3, emb=16, hid=32):
            super().__init__()
            self.cell = cell
            self.emb = nn.Embedding(vocab, emb)
            if cell == "gru":
                self.rnn = nn.GRU(emb, hid, batch_first=True)
            elif cell == "lstm":
                self.rnn = nn.LSTM(emb, hid, batch_first=True)
            elif cell == "rnn":
                self.rnn = nn.RNN(emb, hid, batch_first=True, nonlinearity="relu")
            elif cell == "conv":
                self.rnn = nn.Conv1d(emb, hid, 3, padding=2)
            self.out = nn.Linear(hid, K)

        def forward(self, x):
            e = self.emb(x)
            if self.cell == "conv":
                h = torch.relu(self.rnn(e.transpose(1, 2))[:, :, : x.shape[1]]).transpose(1, 2)
            else:
                h, _ = self.rnn(e)
            return self.out(h)

    return MLP, Tagger


def build_model(task, arch="mlp", **kw):
    MLP, Tagger = torch_models()
    if task["kind"] == "seq":
        return Tagger(cell=kw.pop("cell", "gru"), K=task["K"], **kw)
    d_out = 1 if task["kind"] == "reg" else task["K"]
    return MLP(task["Xtr"].shape[1], d_out, **kw)


def tensors(task):
    import torch
    f = lambda a: torch.tensor(a, dtype=torch.long if task["kind"] in ("cls", "seq") else torch.float32) if a.dtype.kind in "iu" or task["kind"] != "cls" else torch.tensor(a)
    if task["kind"] == "seq":
        Xtr, Xva = torch.tensor(task["Xtr"], dtype=torch.long), torch.tensor(task["Xva"], dtype=torch.long)
        ytr, yva = torch.tensor(task["ytr"], dtype=torch.long), torch.tensor(task["yva"], dtype=torch.long)
    else:
        Xtr, Xva = torch.tensor(task["Xtr"], dtype=torch.float32), torch.tensor(task["Xva"], dtype=torch.float32)
        if task["kind"] == "cls":
            ytr, yva = torch.tensor(task["ytr"], dtype=torch.long), torch.tensor(task["yva"], dtype=torch.long)
        else:
            ytr, yva = torch.tensor(task["ytr"], dtype=torch.float32), torch.tensor(task["yva"], dtype=torch.float32)
    return Xtr, ytr, Xva, yva


def default_loss(task):
    import torch.nn.functional as F
    k = task["kind"]
    if k == "cls":
        return lambda out, y: F.cross_entropy(out, y)
    if k == "reg":
        return lambda out, y: F.mse_loss(out.squeeze(-1), y)
    if k == "ml":
        return lambda out, y: F.binary_cross_entropy_with_logits(out, y)
    return lambda out, y: F.cross_entropy(out.reshape(-1, out.shape[-1]), y.reshape(-1))


def metric(task, out, y):
    import torch
    k = task["kind"]
    if k in ("cls", "seq"):
        return (out.argmax(-1) == y).float().mean().item()
    if k == "reg":
        p = out.squeeze(-1)
        return (1 - ((p - y) ** 2).sum() / ((y - y.mean()) ** 2).sum()).item()
    p = (out > 0).float()
    tp = (p * y).sum(); fp = (p * (1 - y)).sum(); fn = ((1 - p) * y).sum()
    return (2 * tp / (2 * tp + fp + fn + 1e-9)).item()


METRIC_NAME = {"cls": "acc", "seq": "tok_acc", "reg": "r2", "ml": "f1"}


def fit(task, model, opt, epochs, log, sched=None, sched_per="epoch", zero_grad=True, eval_mode=True, clip=None,
        bs=64, loss_fn=None, kill_at=None, eval_on_train=False, patience=None, plateau=None, warmup_steps=0,
        base_lr=None, seed=0, ytr_override=None, Xtr_override=None, metric_loss_fn=None):
    """plain torch loop; log(epoch, dict) once per epoch. Faults come in through the switches."""
    import torch
    torch.manual_seed(seed)
    Xtr, ytr, Xva, yva = tensors(task)
    if ytr_override is not None:
        ytr = ytr_override
    if Xtr_override is not None:
        Xtr = Xtr_override
    if eval_on_train:
        Xva, yva = Xtr, ytr
    loss_fn = loss_fn or default_loss(task)
    val_loss_fn = metric_loss_fn or loss_fn
    n = len(Xtr)
    g = torch.Generator().manual_seed(seed)
    best, bad, step = float("inf"), 0, 0
    for ep in range(1, epochs + 1):
        model.train()
        perm = torch.randperm(n, generator=g)
        tot, cnt, gn_max = 0.0, 0, 0.0
        for i in range(0, n, bs):
            idx = perm[i:i + bs]
            if warmup_steps and step < warmup_steps:
                for pg in opt.param_groups:
                    pg["lr"] = base_lr * (step + 1) / warmup_steps
            out = model(Xtr[idx])
            loss = loss_fn(out, ytr[idx])
            if zero_grad:
                opt.zero_grad()
            loss.backward()
            gn = torch.nn.utils.clip_grad_norm_(model.parameters(), clip if clip else float("inf"))
            gn_max = max(gn_max, float(gn))
            opt.step()
            step += 1
            if sched is not None and sched_per == "batch":
                sched.step()
            tot += loss.item() * len(idx); cnt += len(idx)
        if eval_mode:
            model.eval()
        with torch.no_grad():
            out = model(Xva)
            vl = val_loss_fn(out, yva).item()
            vm = metric(task, out, yva)
        lr = opt.param_groups[0]["lr"]
        log(ep, dict(train_loss=tot / cnt, val_loss=vl, val_metric=vm, lr=lr, grad_norm=gn_max))
        if sched is not None and sched_per == "epoch":
            sched.step()
        if plateau is not None:
            plateau.step(vl)
        if kill_at is not None and ep == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        if patience is not None:
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= patience:
                    log(None, dict(stopped=ep))
                    break


# ----------------------------------------------------------------------------- run registry
RUNS = {}


def run(fmt, name, healthy_intent, desc):
    def deco(fn):
        RUNS[f"{fmt}/{name}"] = dict(fn=fn, fmt=fmt, name=name, intent=healthy_intent, desc=desc)
        return fn
    return deco


def rdir(key, fresh=True):
    d = os.path.join(RUNS_DIR, key)
    if fresh and os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d, exist_ok=True)
    return d


def opt_sched(model, kind, lr, epochs, wd=0.0, sched=None, steps_per_epoch=None, momentum=0.9):
    import torch
    if kind == "sgd":
        opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum, weight_decay=wd)
    elif kind == "adam":
        opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=wd)
    elif kind == "adamw":
        opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=wd)
    elif kind == "rmsprop":
        opt = torch.optim.RMSprop(model.parameters(), lr=lr, weight_decay=wd)
    s = None
    if sched == "cosine":
        s = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    elif sched == "step":
        s = torch.optim.lr_scheduler.StepLR(opt, step_size=max(1, epochs // 3), gamma=0.3)
    elif sched == "exp":
        s = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.93)
    return opt, s


# ---- text-log styles (each run prints in its own wording)
def text_logger(d, style, tag, epochs, fname="train.log", mode="w"):
    import logging
    path = os.path.join(d, fname)
    fh = open(path, mode, buffering=1)
    lg = None
    if style == "logging":
        lg = logging.getLogger(tag + str(time.time()))
        lg.setLevel(logging.INFO)
        h = logging.FileHandler(path, mode="a")
        h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s".replace("%(name)s", tag)))
        lg.addHandler(h)
        fh.close(); fh = None

    def emit(s):
        if lg:
            lg.info(s)
        else:
            fh.write(s + "\n"); fh.flush()
    mname = None

    def log(ep, m):
        if ep is None:
            emit(f"early stop triggered after epoch {m['stopped']}")
            return
        mn = m
        if style == "print":
            emit(f"[{tag}] round {ep}/{epochs} | fit {mn['train_loss']:.4f} | holdout {mn['val_loss']:.4f} | score {mn['val_metric']:.4f} | step-size {mn['lr']:.2e}")
        elif style == "logging":
            emit(f"pass={ep} fit_loss={mn['train_loss']:.5f} check_loss={mn['val_loss']:.5f} check_score={mn['val_metric']:.4f} lr={mn['lr']:.3g}")
        elif style == "kv":
            emit(f"ep {ep:03d} :: trn {mn['train_loss']:.4f} :: dev {mn['val_loss']:.4f} :: dev_quality {mn['val_metric']:.3f} :: gnorm {mn['grad_norm']:.3f}")
        elif style == "tqdm":
            emit(f"Epoch {ep}: 100%|##########| {epochs}/{epochs} [00:00<00:00] mean_loss={mn['train_loss']:.4f}, vloss={mn['val_loss']:.4f}, vscore={mn['val_metric']:.4f}")
        elif style == "prose":
            emit(f"finished sweep {ep} of {epochs}: training objective {mn['train_loss']:.4f}, held-out objective {mn['val_loss']:.4f}, held-out quality {mn['val_metric']:.4f} (lr {mn['lr']:.5f})")
    return log, emit


def write_jsonl(path, mode="w"):
    fh = open(path, mode, buffering=1)

    def log(ep, m):
        if ep is None:
            fh.write(json.dumps({"event": "early_stop", "at": m["stopped"]}) + "\n"); return
        fh.write(json.dumps({"sweep": ep, "fit_obj": m["train_loss"], "holdout_obj": m["val_loss"], "holdout_q": m["val_metric"],
                             "lr_now": m["lr"], "grad_l2_max": m["grad_norm"]}) + "\n")
    return log


def write_csv(path):
    import csv
    fh = open(path, "w", newline="", buffering=1)
    w = csv.writer(fh)
    w.writerow(["sweep", "fit_obj", "holdout_obj", "holdout_q", "lr_now"])

    def log(ep, m):
        if ep is None:
            return
        w.writerow([ep, f"{m['train_loss']:.6g}", f"{m['val_loss']:.6g}", f"{m['val_metric']:.6g}", f"{m['lr']:.6g}"]); fh.flush()
    return log


def write_tb(d, use_x=False, with_gn=False, tag_prefix="fit"):
    if use_x:
        from tensorboardX import SummaryWriter
    else:
        from torch.utils.tensorboard import SummaryWriter
    w = SummaryWriter(d)

    def log(ep, m):
        if ep is None:
            return
        w.add_scalar(f"{tag_prefix}/objective", m["train_loss"], ep)
        w.add_scalar("holdout/objective", m["val_loss"], ep)
        w.add_scalar("holdout/quality", m["val_metric"], ep)
        w.add_scalar("opt/lr", m["lr"], ep)
        if with_gn:
            w.add_scalar("opt/grad_l2_max", m["grad_norm"], ep)
        w.flush()
    log.close = w.close
    return log


# ============================================================================= plain-torch runs (text / csv / jsonl / tb)
def simple(key, task_name, style_or_fmt, epochs=30, opt="adam", lr=1e-3, wd=0.0, sched=None, model_kw=None, fit_kw=None,
           n_train=None, prep=None, seed=0, tb_x=False, with_gn=False):
    import torch
    torch.manual_seed(seed)
    task = make_task(task_name, n_train=n_train)
    model = build_model(task, **(model_kw or {}))
    fk = dict(fit_kw or {})
    if prep is not None:
        model, fk = prep(task, model, fk)
    o, s = opt_sched(model, opt, lr, epochs, wd=wd, sched=sched)
    fk.setdefault("sched", s)
    if "plateau" in fk and fk["plateau"] == "yes":
        fk["plateau"] = torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.3, patience=3)
    if fk.get("warmup_steps"):
        fk["base_lr"] = lr
    d = rdir(key)
    fmt = key.split("/")[0]
    if fmt == "text":
        log, _ = text_logger(d, style_or_fmt, task_name, epochs)
    elif fmt == "jsonl":
        log = write_jsonl(os.path.join(d, "history.jsonl"))
    elif fmt == "csv":
        log = write_csv(os.path.join(d, "history.csv"))
    elif fmt == "tb":
        log = write_tb(d, use_x=tb_x, with_gn=with_gn)
    fit(task, model, o, epochs, log, seed=seed, **fk)
    if hasattr(log, "close"):
        log.close()


# --- prep helpers implementing faults
def prep_shuffle_labels(task, model, fk):
    import torch
    _, ytr, _, _ = tensors(task)
    g = torch.Generator().manual_seed(7)
    fk["ytr_override"] = ytr[torch.randperm(len(ytr), generator=g)]  # "shuffle the data" - but only the labels
    return model, fk


def prep_sorted_X(task, model, fk):
    import torch
    Xtr, _, _, _ = tensors(task)
    fk["Xtr_override"] = Xtr[torch.argsort(Xtr[:, 0])]  # sorted inputs by the first column, forgot to sort y with it
    return model, fk


def prep_fresh_model(task, model, fk):
    # optimizer is made from `model` (in simple), but the loop trains a re-created model -> nothing moves
    new = build_model(task, hidden=(64, 64))
    fk["_swap"] = new
    return model, fk


def prep_zero_init(task, model, fk):
    import torch
    for p in model.parameters():
        torch.nn.init.zeros_(p)
    return model, fk


def prep_double_softmax(task, model, fk):
    import torch, torch.nn.functional as F
    fk["loss_fn"] = lambda out, y: F.cross_entropy(torch.softmax(out, -1), y)
    return model, fk


def prep_mse_ids(task, model, fk):
    import torch.nn.functional as F
    # K-way class ids regressed with MSE on the first output, prediction rounded for accuracy
    fk["loss_fn"] = lambda out, y: F.mse_loss(out[:, 0], y.float())
    return model, fk


def prep_log0(task, model, fk):
    import torch
    def bce(out, y):
        p = torch.sigmoid(out)
        return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()  # hand-written BCE, no eps
    fk["loss_fn"] = bce
    return model, fk


def prep_std_div(task, model, fk):
    import torch
    Xtr, _, Xva, _ = tensors(task)
    # "re-standardise" with a per-batch-of-one constant column: glacier inputs plus an all-ones bias column
    Xtr2 = torch.cat([Xtr, torch.ones(len(Xtr), 1)], 1)
    Xtr2 = (Xtr2 - Xtr2.mean(0)) / Xtr2.std(0)  # std of the constant column is 0 -> 0/0 = NaN
    task["Xtr"] = Xtr2.numpy(); task["Xva"] = torch.cat([Xva, torch.ones(len(Xva), 1)], 1).numpy()
    model2 = build_model(task, hidden=(64, 32))
    return model2, fk


# registry ----------------------------------------------------------------------
def R(fmt, name, healthy, desc, **kw):
    key = f"{fmt}/{name}"
    RUNS[key] = dict(fn=lambda k=key, kw=kw: simple(k, **kw), fmt=fmt, name=name, intent=healthy, desc=desc)


# ---------------- text (16)
R("text", "reef_sgd_hot", False, "SGD momentum 0.9 at lr 6.0 (meant 0.06)", task_name="reef", style_or_fmt="print", epochs=25, opt="sgd", lr=6.0)
R("text", "reef_adam_lr05", False, "Adam lr 0.5", task_name="reef", style_or_fmt="logging", epochs=25, opt="adam", lr=0.5, model_kw=dict(hidden=(128, 128)))
R("text", "glacier_adam_1e6", False, "Adam lr 1e-6 (typo for 1e-3)", task_name="glacier", style_or_fmt="tqdm", epochs=30, opt="adam", lr=1e-6)
R("text", "window3_rnn_noclip", False, "ReLU RNN, SGD lr 0.3, no clipping", task_name="window3", style_or_fmt="kv", epochs=25, opt="sgd", lr=0.3, model_kw=dict(cell="rnn", hid=64), fit_kw=dict(bs=32))
R("text", "reef_tiny_train", False, "60 training rows, 256-wide MLP, 200 epochs", task_name="reef", style_or_fmt="prose", epochs=200, opt="adam", lr=3e-3, n_train=60, model_kw=dict(hidden=(256, 256)), fit_kw=dict(bs=16))
R("text", "glacier_sgd_step", True, "SGD + StepLR, healthy", task_name="glacier", style_or_fmt="print", epochs=30, opt="sgd", lr=0.02, sched="step")
R("text", "reef_adamw_cosine", True, "AdamW wd 1e-2 + cosine, healthy", task_name="reef", style_or_fmt="logging", epochs=30, opt="adamw", lr=3e-3, wd=1e-2, sched="cosine", model_kw=dict(drop=0.2))
R("text", "playlist_warmup", True, "Adam with 60-step warmup, healthy", task_name="playlist", style_or_fmt="kv", epochs=30, opt="adam", lr=2e-3, fit_kw=dict(warmup_steps=60))
R("text", "window3_gru_clip", True, "GRU + clipping 1.0, healthy", task_name="window3", style_or_fmt="tqdm", epochs=30, opt="adam", lr=5e-3, model_kw=dict(cell="gru"), fit_kw=dict(clip=1.0))
R("text", "glacier_early_stop", True, "Adam + early stopping patience 5", task_name="glacier", style_or_fmt="prose", epochs=80, opt="adam", lr=3e-3, fit_kw=dict(patience=5))
R("text", "reef_softmax_twice", False, "softmax output then CrossEntropyLoss", task_name="reef", style_or_fmt="kv", epochs=30, opt="adam", lr=1e-3, prep=prep_double_softmax)
R("text", "playlist_wd_huge", False, "AdamW weight_decay=5.0 (meant 5e-4)", task_name="playlist", style_or_fmt="print", epochs=30, opt="adamw", lr=3e-3, wd=5.0)
R("text", "glacier_sorted_x", False, "sorted X by column 0 without y", task_name="glacier", style_or_fmt="logging", epochs=30, opt="adam", lr=2e-3, prep=prep_sorted_X)
R("text", "reef_zero_init", False, "all weights initialised to zero", task_name="reef", style_or_fmt="tqdm", epochs=25, opt="adam", lr=1e-3, prep=prep_zero_init)
R("text", "window3_lstm_plateau", True, "LSTM + ReduceLROnPlateau", task_name="window3", style_or_fmt="prose", epochs=30, opt="adam", lr=4e-3, model_kw=dict(cell="lstm"), fit_kw=dict(plateau="yes"))

# ---------------- csv / jsonl (10)
R("csv", "reef_labels_shuffled", False, "labels permuted apart from inputs", task_name="reef", style_or_fmt="csv", epochs=40, opt="adam", lr=3e-3, model_kw=dict(hidden=(128, 128)), prep=prep_shuffle_labels)
R("csv", "glacier_cosine", True, "Adam + cosine, healthy", task_name="glacier", style_or_fmt="csv", epochs=30, opt="adam", lr=3e-3, sched="cosine")
R("csv", "window3_steplr_per_batch", False, "StepLR(step_size=epochs//3) stepped every batch", task_name="window3", style_or_fmt="csv", epochs=30, opt="adam", lr=5e-3, sched="step", model_kw=dict(cell="gru"), fit_kw=dict(sched_per="batch"))
R("csv", "playlist_mse_no", True, "RMSprop + exp decay, healthy", task_name="playlist", style_or_fmt="csv", epochs=30, opt="rmsprop", lr=1e-3, sched="exp")
R("csv", "reef_mse_on_ids", False, "MSE on class ids", task_name="reef", style_or_fmt="csv", epochs=30, opt="adam", lr=2e-3, prep=prep_mse_ids)
R("jsonl", "playlist_no_zero_grad", False, "forgot optimizer.zero_grad()", task_name="playlist", style_or_fmt="jsonl", epochs=30, opt="adam", lr=2e-3, fit_kw=dict(zero_grad=False))
R("jsonl", "playlist_log0", False, "hand-written BCE log(sigmoid) without eps, lr 0.05", task_name="playlist", style_or_fmt="jsonl", epochs=30, opt="adam", lr=0.05, model_kw=dict(hidden=(128, 128)), prep=prep_log0)
R("jsonl", "glacier_const_col", False, "standardised with a constant column -> 0/0", task_name="glacier", style_or_fmt="jsonl", epochs=25, opt="adam", lr=2e-3, prep=prep_std_div)
R("jsonl", "window3_conv_healthy", True, "1-D conv tagger, Adam + step", task_name="window3", style_or_fmt="jsonl", epochs=30, opt="adam", lr=3e-3, sched="step", model_kw=dict(cell="conv", hid=48))
R("jsonl", "reef_dropout_plateau", True, "MLP dropout 0.3, ReduceLROnPlateau", task_name="reef", style_or_fmt="jsonl", epochs=35, opt="adam", lr=3e-3, model_kw=dict(drop=0.3), fit_kw=dict(plateau="yes"))

# ---------------- tensorboard (9)
R("tb", "reef_no_eval_bn", False, "BatchNorm+dropout 0.5, model.eval() never called", task_name="reef", style_or_fmt="tb", epochs=30, opt="adam", lr=2e-3, model_kw=dict(bn=True, drop=0.5), fit_kw=dict(eval_mode=False, bs=16))
R("tb", "glacier_eval_on_train", False, "val loader built from the train split", task_name="glacier", style_or_fmt="tb", epochs=30, opt="adam", lr=3e-3, fit_kw=dict(eval_on_train=True), tb_x=True)
R("tb", "window3_rnn_hot_gn", False, "vanilla ReLU RNN, Adam lr 0.05, no clipping; grad norm logged", task_name="window3", style_or_fmt="tb", epochs=25, opt="adam", lr=0.05, model_kw=dict(cell="rnn", hid=64), with_gn=True)
R("tb", "playlist_adam_hot", False, "Adam lr 0.3", task_name="playlist", style_or_fmt="tb", epochs=25, opt="adam", lr=0.3, tb_x=True)
R("tb", "glacier_tiny_overfit", False, "40 training rows, wide MLP, 300 epochs", task_name="glacier", style_or_fmt="tb", epochs=300, opt="adam", lr=3e-3, n_train=40, model_kw=dict(hidden=(256, 256)), fit_kw=dict(bs=8))
R("tb", "reef_cosine_tbx", True, "SGD nesterov-ish + cosine, healthy", task_name="reef", style_or_fmt="tb", epochs=30, opt="sgd", lr=0.05, sched="cosine", tb_x=True)
R("tb", "window3_gru_warmup", True, "GRU with warmup + clip, grad norm logged", task_name="window3", style_or_fmt="tb", epochs=30, opt="adam", lr=4e-3, model_kw=dict(cell="gru"), fit_kw=dict(warmup_steps=50, clip=1.0), with_gn=True)
R("tb", "playlist_healthy", True, "AdamW + step decay", task_name="playlist", style_or_fmt="tb", epochs=30, opt="adamw", lr=2e-3, wd=1e-3, sched="step")
R("tb", "glacier_sgd_lowlr", False, "SGD lr 1e-4 no momentum", task_name="glacier", style_or_fmt="tb", epochs=30, opt="sgd", lr=1e-4)


# ---------------- special text runs: frozen (optimizer on the wrong model), killed, relaunched, schedule cut short
def _frozen(key):
    import torch
    torch.manual_seed(0)
    task = make_task("playlist")
    model = build_model(task, hidden=(64, 64))
    opt, _ = opt_sched(model, "adam", 2e-3, 30)
    model = build_model(task, hidden=(96, 64))  # "try a bigger net" - optimizer still holds the old parameters
    d = rdir(key)
    log, _ = text_logger(d, "print", "playlist", 30)
    fit(task, model, opt, 30, log)


RUNS["text/playlist_optimizer_stale"] = dict(fn=lambda: _frozen("text/playlist_optimizer_stale"), fmt="text", name="playlist_optimizer_stale", intent=False, desc="optimizer built on the first model, then model re-created")


def _killed(key):
    import torch
    torch.manual_seed(0)
    task = make_task("glacier")
    model = build_model(task, hidden=(64, 64))
    opt, s = opt_sched(model, "adam", 2e-3, 40, sched="cosine")
    d = rdir(key)
    log, _ = text_logger(d, "logging", "glacier", 40)
    fit(task, model, opt, 40, log, sched=s, kill_at=14)


def _killed_parent(key):
    # the job is SIGKILLed (OOM killer in real life) - run in a child so the driver survives
    subprocess.run([sys.executable, __file__, "--child-kill", key])


RUNS["text/glacier_killed"] = dict(fn=lambda: _killed_parent("text/glacier_killed"), fmt="text", name="glacier_killed", intent=False, desc="SIGKILL at epoch 14 of 40")


def _relaunch(key):
    # first attempt dies at epoch 11 of 30, user relaunches the same command; the log file is opened in append mode
    d = rdir(key)
    subprocess.run([sys.executable, __file__, "--child-relaunch", key, "11"])
    subprocess.run([sys.executable, __file__, "--child-relaunch", key, "0"])


def _relaunch_child(key, kill):
    import torch
    torch.manual_seed(0)
    task = make_task("reef")
    model = build_model(task, hidden=(64, 64), drop=0.1)
    opt, s = opt_sched(model, "adam", 2e-3, 30, sched="cosine")
    d = os.path.join(RUNS_DIR, key)
    log, _ = text_logger(d, "kv", "reef", 30, mode="a")
    fit(task, model, opt, 30, log, sched=s, kill_at=(kill or None))


RUNS["text/reef_relaunch_append"] = dict(fn=lambda: _relaunch("text/reef_relaunch_append"), fmt="text", name="reef_relaunch_append", intent=False, desc="killed at 11/30, relaunched appending to same log")


def _cut_short(key):
    import torch
    torch.manual_seed(0)
    task = make_task("playlist")
    model = build_model(task, hidden=(64, 64))
    planned = 100
    opt, s = opt_sched(model, "sgd", 0.1, planned, sched="cosine")
    d = rdir(key)
    log, _ = text_logger(d, "prose", "playlist", planned)
    fit(task, model, opt, 25, log, sched=s)  # cosine over 100 epochs, loop stops at 25 (time budget)


RUNS["text/playlist_cosine_cut"] = dict(fn=lambda: _cut_short("text/playlist_cosine_cut"), fmt="text", name="playlist_cosine_cut", intent=False, desc="cosine T_max=100, stopped after 25")


# ============================================================================= Lightning (6)
def _lightning(key, task_name, epochs, lr, fault=None, model_kw=None, n_train=None, sched=None):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    torch.manual_seed(0)
    task = make_task(task_name, n_train=n_train)
    Xtr, ytr, Xva, yva = tensors(task)
    if fault == "val_leak":
        Xva = torch.cat([Xva[:150], Xtr[:150]]); yva = torch.cat([yva[:150], ytr[:150]])
    lossf = default_loss(task)
    net = build_model(task, **(model_kw or {}))

    class M(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = net
            if fault == "frozen":
                for p in self.net.parameters():
                    p.requires_grad = False
                (self.net.out if hasattr(self.net, 'out') else self.net.net[-1]).bias.requires_grad = True  # "fine-tune the head" - but only its bias is left on

        def training_step(self, b, i):
            x, y = b
            loss = lossf(self.net(x), y)
            self.log("train_loss", loss, on_step=False, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            out = self.net(x)
            self.log("val_loss", lossf(out, y), on_epoch=True)
            self.log("val_" + METRIC_NAME[task["kind"]], metric(task, out, y), on_epoch=True)

        def configure_optimizers(self):
            opt = torch.optim.Adam([p for p in self.parameters() if p.requires_grad], lr=lr)
            if sched == "onecycle_short":
                s = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=60 * 17)  # planned 60 epochs
                return [opt], [{"scheduler": s, "interval": "step"}]
            if sched == "cosine":
                s = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
                return [opt], [s]
            return opt

    from torch.utils.data import TensorDataset, DataLoader
    dl = DataLoader(TensorDataset(Xtr, ytr), batch_size=64, shuffle=True)
    dv = DataLoader(TensorDataset(Xva, yva), batch_size=400)
    d = rdir(key)
    cbs = [L.pytorch.callbacks.LearningRateMonitor(logging_interval="epoch")] if sched else []
    if fault == "early_stop":
        cbs.append(L.pytorch.callbacks.EarlyStopping("val_loss", patience=4))
    tr = L.Trainer(max_epochs=epochs, logger=CSVLogger(d, name="", version=""), enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, callbacks=cbs, num_sanity_val_steps=0)
    tr.fit(M(), dl, dv)


def LR_(name, healthy, desc, **kw):
    key = f"lightning/{name}"
    RUNS[key] = dict(fn=lambda k=key, kw=kw: _lightning(k, **kw), fmt="lightning", name=name, intent=healthy, desc=desc)


LR_("reef_healthy_cosine", True, "Adam + cosine", task_name="reef", epochs=25, lr=3e-3, sched="cosine")
LR_("glacier_early_stop", True, "EarlyStopping patience 4", task_name="glacier", epochs=60, lr=3e-3, fault="early_stop")
LR_("window3_frozen_head_bias", False, "requires_grad False everywhere but the head bias", task_name="window3", epochs=20, lr=3e-3, fault="frozen", model_kw=dict(cell="gru"))
LR_("playlist_onecycle_cut", False, "OneCycle planned for 60 epochs, max_epochs=20", task_name="playlist", epochs=20, lr=5e-3, sched="onecycle_short")
LR_("reef_val_leak", False, "half of the val set copied from train", task_name="reef", epochs=40, lr=3e-3, model_kw=dict(hidden=(256, 256)), n_train=300)
LR_("glacier_plain", True, "Adam, plain", task_name="glacier", epochs=25, lr=2e-3)


# ============================================================================= Keras (6)
def _keras(key, task_name, epochs, lr, opt="adam", fault=None, out="csvlogger", n_train=None, cb=None):
    import keras
    keras.utils.set_random_seed(0)
    task = make_task(task_name, n_train=n_train)
    kind = task["kind"]
    Xtr, ytr, Xva, yva = task["Xtr"].astype("float32"), task["ytr"], task["Xva"].astype("float32"), task["yva"]
    if fault == "raw_units":
        # forgot to standardise: rebuild glacier inputs in raw units (degree days ~300, elevation ~3200 m)
        rng = np.random.default_rng(22)
        raw = make_task("glacier")  # same target
        scale = np.array([160, 0.2, 0.15, 400, 11, 0.7, 0.7, 0.85, 0.29], dtype="float32")
        shift = np.array([320, 0.47, 0.15, 3200, 21, 0, 0, 1.2, 0.5], dtype="float32")
        Xtr = Xtr * scale + shift; Xva = Xva * scale + shift
    if kind == "seq":
        inp = keras.Input((16,))
        h = keras.layers.Embedding(5, 16)(inp)
        h = keras.layers.GRU(32, return_sequences=True)(h)
        o = keras.layers.Dense(3, activation="softmax")(h)
        model = keras.Model(inp, o)
        loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
    else:
        layers = [keras.Input((Xtr.shape[1],)), keras.layers.Dense(64, activation="relu")]
        if fault == "l2_heavy":
            layers = [keras.Input((Xtr.shape[1],)), keras.layers.Dense(64, activation="relu", kernel_regularizer=keras.regularizers.l2(1.0)),
                      keras.layers.Dense(64, activation="relu", kernel_regularizer=keras.regularizers.l2(1.0))]
        else:
            layers.append(keras.layers.Dense(64, activation="relu"))
        if kind == "reg":
            layers.append(keras.layers.Dense(1)); loss, mets = "mse", ["mae"]
        elif kind == "ml":
            layers.append(keras.layers.Dense(6, activation="sigmoid")); loss, mets = "binary_crossentropy", ["binary_accuracy"]
        else:
            layers.append(keras.layers.Dense(4, activation="softmax")); loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
        model = keras.Sequential(layers)
    o = keras.optimizers.Adam(lr) if opt == "adam" else keras.optimizers.SGD(lr, momentum=0.9)
    model.compile(optimizer=o, loss=loss, metrics=mets)
    d = rdir(key)
    cbs = []
    if out == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training_log.csv")))
    if cb == "plateau":
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=3))
    h = model.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=epochs, batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if out == "json":
        json.dump(hist, open(os.path.join(d, "history.json"), "w"), indent=1)
    elif out == "histcsv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"))


def K_(name, healthy, desc, **kw):
    key = f"keras/{name}"
    RUNS[key] = dict(fn=lambda k=key, kw=kw: _keras(k, **kw), fmt="keras", name=name, intent=healthy, desc=desc)


K_("glacier_raw_units", False, "inputs not standardised (raw m, degree days)", task_name="glacier", epochs=30, lr=1e-3, fault="raw_units", out="csvlogger")
K_("reef_sgd_lr3", False, "SGD lr 3.0", task_name="reef", epochs=25, lr=3.0, opt="sgd", out="json")
K_("playlist_l2_heavy", False, "l2(1.0) on both hidden layers", task_name="playlist", epochs=30, lr=2e-3, fault="l2_heavy", out="histcsv")
K_("window3_gru_plateau", True, "GRU tagger + ReduceLROnPlateau", task_name="window3", epochs=25, lr=5e-3, out="csvlogger", cb="plateau")
K_("reef_healthy", True, "Adam, plain", task_name="reef", epochs=25, lr=2e-3, out="json")
K_("glacier_tiny", False, "60 training rows, 400 epochs", task_name="glacier", epochs=400, lr=3e-3, n_train=60, out="histcsv")


# ============================================================================= HF Trainer (4)
def _hf(key, arch, lr, epochs, wd=0.0, sched="linear", warmup=0.0):
    import torch, transformers as T
    from transformers import Trainer, TrainingArguments
    torch.manual_seed(0)
    task = make_task("brace")
    V = 6  # 4 symbols + pad + cls
    X = np.concatenate([np.full((len(task["Xtr"]) + len(task["Xva"]), 1), 5), np.concatenate([task["Xtr"], task["Xva"]])], 1)
    y = np.concatenate([task["ytr"], task["yva"]])
    common = dict(vocab_size=V, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
                  max_position_embeddings=32, num_labels=1, problem_type="regression", pad_token_id=4)
    if arch == "fnet":
        cfg = T.FNetConfig(**{k: v for k, v in common.items() if k != "num_attention_heads"}, type_vocab_size=1)
        M = T.FNetForSequenceClassification
    elif arch == "funnel":
        cfg = T.FunnelConfig(vocab_size=V, d_model=32, n_head=2, d_head=16, d_inner=64, block_sizes=[1, 1], num_labels=1,
                             problem_type="regression", pad_token_id=4)
        M = T.FunnelForSequenceClassification
    elif arch == "nystrom":
        cfg = T.NystromformerConfig(**common, num_landmarks=5, segment_means_seq_len=15)
        M = T.NystromformerForSequenceClassification
    elif arch == "gemma":
        cfg = T.GemmaConfig(vocab_size=V, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1,
                            head_dim=16, intermediate_size=64, max_position_embeddings=32, num_labels=1,
                            problem_type="regression", pad_token_id=4)
        M = T.GemmaForSequenceClassification
    model = M(cfg)

    class DS(torch.utils.data.Dataset):
        def __init__(self, a, b): self.a, self.b = a, b
        def __len__(self): return len(self.a)
        def __getitem__(self, i):
            return dict(input_ids=torch.tensor(self.a[i]), attention_mask=torch.ones(len(self.a[i]), dtype=torch.long),
                        labels=torch.tensor(self.b[i], dtype=torch.float32))
    n = len(task["Xtr"])
    d = rdir(key)
    args = TrainingArguments(output_dir=d, num_train_epochs=epochs, per_device_train_batch_size=32, per_device_eval_batch_size=128,
                             learning_rate=lr, weight_decay=wd, lr_scheduler_type=sched, warmup_steps=int(warmup * epochs * math.ceil(n / 32)), eval_strategy="epoch",
                             logging_strategy="steps", logging_steps=14, save_strategy="no", report_to=[], seed=0,
                             disable_tqdm=True, use_cpu=True)
    tr = Trainer(model=model, args=args, train_dataset=DS(X[:n], y[:n]), eval_dataset=DS(X[n:], y[n:]))
    tr.train()
    tr.save_state()
    for f in os.listdir(d):
        if f != "trainer_state.json":
            p = os.path.join(d, f)
            shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)


def H_(name, healthy, desc, **kw):
    key = f"hf/{name}"
    RUNS[key] = dict(fn=lambda k=key, kw=kw: _hf(k, **kw), fmt="hf", name=name, intent=healthy, desc=desc)


H_("brace_fnet_healthy", True, "FNet, lr 1e-3 linear with warmup", arch="fnet", lr=1e-3, epochs=8, warmup=0.1)
H_("brace_funnel_lr_hot", False, "Funnel, lr 0.5", arch="funnel", lr=0.5, epochs=8)
H_("brace_nystrom_lr_tiny", False, "Nystromformer, lr 1e-7", arch="nystrom", lr=1e-7, epochs=8)
H_("brace_gemma_cosine", True, "Gemma-style decoder, cosine, lr 2e-3", arch="gemma", lr=2e-3, epochs=8, sched="cosine", warmup=0.05)


# ============================================================================= driver
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--child-kill")
    ap.add_argument("--child-relaunch", nargs=2)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    if a.child_kill:
        _killed(a.child_kill); return
    if a.child_relaunch:
        _relaunch_child(a.child_relaunch[0], int(a.child_relaunch[1])); return
    if a.only:
        t = time.time()
        RUNS[a.only]["fn"]()
        print(f"{a.only} done in {time.time() - t:.1f}s", flush=True)
        return
    keys = list(RUNS)
    procs = []
    while keys or procs:
        while keys and len(procs) < a.jobs:
            k = keys.pop(0)
            procs.append((k, subprocess.Popen([sys.executable, __file__, "--only", k])))
        time.sleep(0.2)
        for k, p in list(procs):
            if p.poll() is not None:
                if p.returncode:
                    print("FAILED", k, p.returncode, flush=True)
                procs.remove((k, p))


if __name__ == "__main__":
    main()
