"""Make the new-user CPU trainings of lockbox batch 2026-12-18nu22.

python make_runs.py                 # all runs, two worker processes
python make_runs.py --only text/fish-mlp-adam-cosine-print   # re-make one run

Every run writes runs/<format>/<run-name>/ exactly as its logger leaves it.
Data are generated with numpy here; nothing is downloaded. Seeds are fixed.
"""
import os
import sys

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import csv
import json
import logging
import math
import shutil
import signal
import subprocess
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")


# --------------------------------------------------------------------------------------------
# data (numpy only)
# --------------------------------------------------------------------------------------------
def fish_data(n, seed, label_noise=0.04):
    """Fish species (K=5) from length cm, mass g, dorsal fin rays, gill rakers, water temp C, depth m."""
    rng = np.random.default_rng(seed)
    # perch, trout, carp, mackerel, cod
    prof = np.array([
        [25, 250, 14, 24, 16, 6],
        [35, 500, 12, 18, 11, 3],
        [45, 1800, 19, 22, 20, 4],
        [30, 350, 11, 30, 15, 40],
        [60, 2500, 13, 20, 7, 90],
    ], dtype=float)
    y = rng.integers(0, 5, n)
    spread = np.array([0.22, 0.45, 0.10, 0.12, 0.20, 0.55])
    x = prof[y] * np.exp(rng.normal(0, 1, (n, 6)) * spread)
    x[:, 1] *= (x[:, 0] / prof[y, 0]) ** 2  # heavier when longer
    flip = rng.random(n) < label_noise
    y = np.where(flip, rng.integers(0, 5, n), y)
    return x.astype(np.float32), y.astype(np.int64)


def fish_feats(x):
    z = np.log(x)
    return ((z - FISH_MU) / FISH_SD).astype(np.float32)


_fx, _ = fish_data(4000, 999)
FISH_MU, FISH_SD = np.log(_fx).mean(0), np.log(_fx).std(0)


def runs_data(n, seed, L=14, V=3):
    """Longest run of equal symbols in a 14-token sequence over 3 symbols: <=2, 3, 4, >=5 (K=4)."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, V, (n, L))
    # make longer runs more common so the classes are less skewed
    for i in range(n):
        r = rng.integers(1, 7)
        s = rng.integers(0, L - r + 1)
        x[i, s:s + r] = x[i, s]
    best = np.ones(n, dtype=int)
    cur = np.ones(n, dtype=int)
    for t in range(1, L):
        cur = np.where(x[:, t] == x[:, t - 1], cur + 1, 1)
        best = np.maximum(best, cur)
    y = np.clip(best - 2, 0, 3)
    return x.astype(np.int64), y.astype(np.int64)


def kettle_data(n, seed):
    """Seconds to boil: volume L, start temp C, power W, altitude m, lid (0/1), scale (mm). Target log-s standardised."""
    rng = np.random.default_rng(seed)
    vol = rng.uniform(0.3, 1.7, n)
    t0 = rng.uniform(4, 30, n)
    pw = rng.choice([1200, 1800, 2200, 3000], n) * rng.normal(1, 0.03, n)
    alt = rng.uniform(0, 3500, n)
    lid = rng.integers(0, 2, n)
    scale = rng.exponential(0.6, n)
    tb = 100 - alt / 300.0
    eff = 0.82 - 0.10 * (1 - lid) - 0.05 * np.minimum(scale, 2)
    sec = (vol * 4186 * (tb - t0) + 900 * 60 * (1 - lid) * vol) / (pw * eff)
    sec = sec * rng.normal(1, 0.04, n)
    x = np.stack([vol, t0, pw, alt, lid, scale], 1)
    return x.astype(np.float32), np.log(sec).astype(np.float32)


_kx, _ky = kettle_data(4000, 998)
KET_MU, KET_SD = _kx.mean(0), _kx.std(0)
KY_MU, KY_SD = _ky.mean(), _ky.std()


def kettle_feats(x):
    return ((x - KET_MU) / KET_SD).astype(np.float32)


SEG = {0: "abcdef", 1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd", 6: "afgedc", 7: "abc", 8: "abcdefg",
       9: "abcdfg"}


def seg7_data(n, seed, noise=0.35):
    """Seven-segment digit (K=10) on a noisy 14x10 image, random offset, thickness and brightness."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 10, n)
    img = np.zeros((n, 14, 10), np.float32)
    for i in range(n):
        oy, ox = rng.integers(0, 3), rng.integers(0, 3)
        th = rng.integers(1, 3)
        b = rng.uniform(0.6, 1.2)
        h, w = 5, 5
        segs = {"a": (oy, ox, oy + th, ox + w + 1), "g": (oy + h, ox, oy + h + th, ox + w + 1),
                "d": (oy + 2 * h, ox, oy + 2 * h + th, ox + w + 1),
                "f": (oy, ox, oy + h + 1, ox + th), "b": (oy, ox + w, oy + h + 1, ox + w + th),
                "e": (oy + h, ox, oy + 2 * h + 1, ox + th), "c": (oy + h, ox + w, oy + 2 * h + 1, ox + w + th)}
        for s in SEG[int(y[i])]:
            r0, c0, r1, c1 = segs[s]
            img[i, r0:r1, c0:c1] = b
    img += rng.normal(0, noise, img.shape).astype(np.float32)
    return img[:, None], y.astype(np.int64)


# --------------------------------------------------------------------------------------------
# torch models
# --------------------------------------------------------------------------------------------
def torch_mods():
    import torch
    import torch.nn as nn

    class MLP(nn.Module):
        def __init__(self, d_in, d_out, h=64, depth=2, drop=0.0, bn=False):
            super().__init__()
            layers, d = [], d_in
            for _ in range(depth):
                layers += [nn.Linear(d, h)]
                if bn:
                    layers += [nn.BatchNorm1d(h)]
                layers += [nn.ReLU()]
                if drop:
                    layers += [nn.Dropout(drop)]
                d = h
            self.body = nn.Sequential(*layers)
            self.out = nn.Linear(d, d_out)

        def forward(self, x):
            return self.out(self.body(x))

    class CNN(nn.Module):
        def __init__(self, k=10, c1=8, c2=16, drop=0.0, bn=False):
            super().__init__()
            self.f = nn.Sequential(nn.Conv2d(1, c1, 3, padding=1), nn.BatchNorm2d(c1) if bn else nn.Identity(), nn.ReLU(),
                                   nn.MaxPool2d(2), nn.Conv2d(c1, c2, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
            self.drop = nn.Dropout(drop)
            self.out = nn.Linear(c2 * 3 * 2, k)

        def forward(self, x):
            return self.out(self.drop(self.f(x).flatten(1)))

    class SeqRNN(nn.Module):
        def __init__(self, V=3, k=4, h=32, cell="gru", relu_gain=None):
            super().__init__()
            self.emb = nn.Embedding(V, 16)
            if cell == "gru":
                self.rnn = nn.GRU(16, h, batch_first=True)
            else:
                self.rnn = nn.RNN(16, h, batch_first=True, nonlinearity="relu")
                if relu_gain:
                    with torch.no_grad():
                        self.rnn.weight_hh_l0.copy_(relu_gain * torch.eye(h) + 0.05 * torch.randn(h, h))
            self.out = nn.Linear(h, k)

        def forward(self, x):
            o, _ = self.rnn(self.emb(x))
            return self.out(o[:, -1])

    class SeqTF(nn.Module):
        def __init__(self, V=3, k=4, d=32, L=14):
            super().__init__()
            self.emb = nn.Embedding(V, d)
            self.pos = nn.Parameter(torch.randn(L, d) * 0.1)
            layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
            self.out = nn.Linear(d, k)

        def forward(self, x):
            return self.out(self.enc(self.emb(x) + self.pos).mean(1))

    return MLP, CNN, SeqRNN, SeqTF


# --------------------------------------------------------------------------------------------
# plain-torch loggers
# --------------------------------------------------------------------------------------------
class TextLog:
    """Several wordings a new user might print."""

    def __init__(self, path, style, append=False, every=None):
        self.style = style
        self.every = every
        mode = "a" if append else "w"
        if style.startswith("logging"):
            self.lg = logging.getLogger("trainer")
            self.lg.handlers.clear()
            self.lg.setLevel(logging.INFO)
            h = logging.FileHandler(path, mode=mode)
            fmt = "%(asctime)s %(levelname)s %(message)s" if style == "logging" else "[%(levelname)s] %(name)s: %(message)s"
            h.setFormatter(logging.Formatter(fmt))
            self.lg.addHandler(h)
            self.f = None
        else:
            self.f = open(path, mode)
            self.lg = None

    def w(self, s):
        if self.lg:
            self.lg.info(s)
        else:
            print(s, file=self.f, flush=True)

    def start(self, msg):
        self.w(msg)

    def step(self, gstep, ep, loss, lr, gn=None):
        if self.style != "tqdm" and (not self.every or gstep % self.every):
            return
        if self.style == "print_step":
            self.w(f"[step {gstep:5d}] loss: {loss:.4f}  lr: {lr:.2e}")
        elif self.style == "logging":
            self.w(f"it={gstep} batch_loss={loss:.5f}")
        elif self.style == "tqdm":
            pass
        if self.style == "tqdm":
            from tqdm import tqdm
            if getattr(self, "bar_ep", None) != ep:
                self.bar = tqdm(desc=f"epoch {ep}", file=self.f, mininterval=0, miniters=8, ncols=100, ascii=True)
                self.bar_ep = ep
            self.bar.set_postfix(batch_loss=f"{loss:.3f}", refresh=False)
            self.bar.update(1)

    def epoch(self, ep, E, tr, va, acc, lr, gstep=None):
        s = self.style
        if s == "print":
            a = "" if acc is None else f" acc {100 * acc:.1f}%"
            self.w(f"ep {ep}/{E} | trn {tr:.4f} | dev {va:.4f}{a} | lr {lr:.3g}")
        elif s == "print2":
            a = "" if acc is None else f", val accuracy = {acc:.4f}"
            self.w(f"Epoch {ep:02d}: training loss = {tr:.4f}, validation loss = {va:.4f}{a}")
        elif s == "print_step":
            a = "" if acc is None else f" / accuracy {acc:.3f}"
            self.w(f"== eval @ step {gstep}: loss {va:.4f}{a}")
        elif s == "logging":
            a = "" if acc is None else f" valid_acc={acc:.4f}"
            self.w(f"epoch={ep} train_loss={tr:.5f} valid_loss={va:.5f}{a} lr={lr:.3e}")
        elif s == "logging2":
            a = "" if acc is None else f" | hit-rate {acc:.3f}"
            self.w(f"finished epoch {ep} of {E} | mean loss {tr:.4f} | held-out loss {va:.4f}{a}")
        elif s == "tqdm":
            from tqdm import tqdm
            if getattr(self, "bar", None) is not None:
                self.bar.close()
                self.bar = None
            a = "" if acc is None else f" top1={acc:.3f}"
            tqdm.write(f"epoch {ep:>3} done  loss={tr:.4f}  val_loss={va:.4f}{a}", file=self.f)

    def close(self, msg=None):
        if msg:
            self.w(msg)
        if self.f:
            self.f.close()
        if self.lg:
            for h in self.lg.handlers:
                h.close()


class CsvLog:
    def __init__(self, path, kind, append=False, step_every=None):
        self.kind, self.path, self.step_every = kind, path, step_every
        self.rows = []
        mode = "a" if append else "w"
        if kind == "writer":
            self.f = open(path, mode, newline="")
            self.cw = csv.writer(self.f)
            if not append or os.path.getsize(path) == 0:
                self.cw.writerow(["epoch", "train_loss", "val_loss", "val_acc", "lr"])
        elif kind == "dict":
            self.f = open(path, mode, newline="")
            self.cw = csv.DictWriter(self.f, ["epoch", "loss", "val_loss", "val_accuracy", "seconds"])
            self.cw.writeheader()
            self.t0 = time.time()
        elif kind == "jsonl":
            self.f = open(path, mode)
        elif kind == "pandas":
            self.f = None

    def start(self, msg):
        pass

    def step(self, gstep, ep, loss, lr, gn=None):
        if self.step_every and gstep % self.step_every == 0:
            if self.kind == "jsonl":
                r = {"kind": "train", "step": gstep, "loss": round(loss, 6), "lr": lr}
                if gn is not None:
                    r["grad_norm"] = round(gn, 5)
                self.f.write(json.dumps(r) + "\n")
                self.f.flush()
            elif self.kind == "pandas":
                self.rows.append({"step": gstep, "trn/loss": loss, "trn/lr": lr})

    def epoch(self, ep, E, tr, va, acc, lr, gstep=None):
        if self.kind == "writer":
            self.cw.writerow([ep, f"{tr:.6f}", f"{va:.6f}", "" if acc is None else f"{acc:.4f}", f"{lr:.6g}"])
            self.f.flush()
        elif self.kind == "dict":
            self.cw.writerow({"epoch": ep, "loss": round(tr, 6), "val_loss": round(va, 6),
                              "val_accuracy": None if acc is None else round(acc, 4),
                              "seconds": round(time.time() - self.t0, 2)})
            self.f.flush()
        elif self.kind == "jsonl":
            r = {"kind": "eval", "epoch": ep, "step": gstep, "train_loss": tr, "eval_loss": va}
            if acc is not None:
                r["eval_acc"] = acc
            if not self.step_every:
                r["lr"] = lr
            self.f.write(json.dumps(r) + "\n")
            self.f.flush()
        elif self.kind == "pandas":
            r = {"epoch": ep, "step": gstep, "trn/loss_epoch": tr, "dev/loss": va}
            if acc is not None:
                r["dev/acc"] = acc
            if not self.step_every:
                r["trn/lr"] = lr
            self.rows.append(r)

    def close(self, msg=None):
        if self.kind == "pandas":
            import pandas as pd
            pd.DataFrame(self.rows).to_csv(self.path, index=False)
        elif self.f:
            self.f.close()


class TbLog:
    def __init__(self, logdir, lib, tags, step_every=None, gn=False):
        if lib == "torch":
            from torch.utils.tensorboard import SummaryWriter
        else:
            from tensorboardX import SummaryWriter
        self.w = SummaryWriter(logdir)
        self.tags, self.step_every, self.gn = tags, step_every, gn

    def start(self, msg):
        pass

    def step(self, gstep, ep, loss, lr, gn=None):
        if self.step_every and gstep % self.step_every == 0:
            self.w.add_scalar(self.tags["step"], loss, gstep)
            if self.gn and gn is not None:
                self.w.add_scalar(self.tags.get("gn", "grad_norm"), gn, gstep)

    def epoch(self, ep, E, tr, va, acc, lr, gstep=None):
        x = gstep if self.tags.get("by_step") else ep
        if "train" in self.tags:
            self.w.add_scalar(self.tags["train"], tr, x)
        self.w.add_scalar(self.tags["val"], va, x)
        if acc is not None and "acc" in self.tags:
            self.w.add_scalar(self.tags["acc"], acc, x)
        if "lr" in self.tags:
            self.w.add_scalar(self.tags["lr"], lr, x)
        self.w.flush()

    def close(self, msg=None):
        self.w.close()


# --------------------------------------------------------------------------------------------
# the plain-torch training loop, with the knobs where new users go wrong
# --------------------------------------------------------------------------------------------
def fit(name, task, model_fn, log, epochs=20, lr=1e-3, opt="adam", bs=64, wd=0.0, mom=0.9, sched=None,
        sched_epochs=None, warmup=0, clip=None, patience=None, n_train=None, zero_grad=True, use_eval=True,
        loss_kind=None, eval_on_train=False, shuffle_labels=False, frozen=False, rebuild_model=False, bf16=False,
        kill_at=None, preempt_at=None, resume_from=None, ckpt=None, feat_fn=None, seed=0, leak=False,
        plateau_patience=3):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(seed)
    np.random.seed(seed)
    torch.set_num_threads(1)

    if task == "fish":
        xtr, ytr = fish_data(1600, 1 + seed)
        xva, yva = fish_data(500, 101)
        ff = feat_fn or fish_feats
        xtr, xva = ff(xtr), ff(xva)
        K = 5
    elif task == "runs":
        xtr, ytr = runs_data(3000, 2 + seed)
        xva, yva = runs_data(600, 102)
        K = 4
    elif task == "kettle":
        xtr, ytr = kettle_data(1600, 3 + seed)
        xva, yva = kettle_data(500, 103)
        ff = feat_fn or kettle_feats
        xtr, xva = ff(xtr), ff(xva)
        ytr, yva = (ytr - KY_MU) / KY_SD, (yva - KY_MU) / KY_SD
        K = None
    elif task == "seg7":
        xtr, ytr = seg7_data(2000, 4 + seed)
        xva, yva = seg7_data(500, 104)
        K = 10
    if n_train:
        xtr, ytr = xtr[:n_train], ytr[:n_train]
    if shuffle_labels:
        # "shuffle the training set" -- but only the labels got permuted
        ytr = ytr[np.random.default_rng(7).permutation(len(ytr))]
    if leak:
        # dev set built from a pool that still contains the training rows
        k = int(0.8 * len(xva))
        xva = np.concatenate([xtr[:k], xva[k:]])
        yva = np.concatenate([ytr[:k], yva[k:]])
    if eval_on_train:
        xva, yva = xtr, ytr  # "val_loader = DataLoader(train_ds)" copy-paste
    Xtr, Ytr, Xva, Yva = map(torch.as_tensor, (xtr, ytr, xva, yva))

    model = model_fn()
    if loss_kind is None:
        loss_kind = "mse" if K is None else "ce"
    if frozen:
        for n_, p in model.named_parameters():
            p.requires_grad = n_ == "out.bias"
    params = [p for p in model.parameters() if p.requires_grad]
    if bf16:
        model = model.to(torch.bfloat16)
        params = list(model.parameters())
    if opt == "adam":
        optim = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    elif opt == "adamw":
        optim = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    elif opt == "sgd":
        optim = torch.optim.SGD(params, lr=lr, momentum=mom, weight_decay=wd)
    elif opt == "rmsprop":
        optim = torch.optim.RMSprop(params, lr=lr, weight_decay=wd)
    if rebuild_model:
        model = model_fn()  # re-created after the optimizer was built ("to reset it")
    nb = math.ceil(len(Xtr) / bs)
    T = sched_epochs or epochs
    sch = None
    if sched == "cosine":
        sch = torch.optim.lr_scheduler.CosineAnnealingLR(optim, T_max=T)
    elif sched == "step":
        sch = torch.optim.lr_scheduler.StepLR(optim, step_size=max(1, T // 3), gamma=0.3)
    elif sched == "step_per_batch":
        sch = torch.optim.lr_scheduler.StepLR(optim, step_size=max(1, T // 3), gamma=0.3)
    elif sched == "plateau":
        sch = torch.optim.lr_scheduler.ReduceLROnPlateau(optim, factor=0.3, patience=plateau_patience)
    elif sched == "warmcos":
        tot_steps = T * nb
        wsteps = warmup * nb
        sch = torch.optim.lr_scheduler.LambdaLR(
            optim, lambda s: (s + 1) / wsteps if s < wsteps else 0.5 * (1 + math.cos(math.pi * (s - wsteps) / max(1, tot_steps - wsteps))))
    elif sched == "onecycle":
        sch = torch.optim.lr_scheduler.OneCycleLR(optim, max_lr=lr, total_steps=T * nb)
    per_batch = sched in ("warmcos", "onecycle", "step_per_batch")

    start_ep = 1
    if resume_from and os.path.exists(resume_from):
        st = torch.load(resume_from, weights_only=False)
        model.load_state_dict(st["model"])
        optim.load_state_dict(st["optim"])
        if sch is not None and st.get("sched"):
            sch.load_state_dict(st["sched"])
        start_ep = st["epoch"] + 1
    log.start(f"starting {name}: {len(Xtr)} train / {len(Xva)} val, {sum(p.numel() for p in model.parameters())} params")

    def lossf(out, y):
        if loss_kind == "ce":
            return F.cross_entropy(out, y)
        if loss_kind == "softmax_ce":
            return F.cross_entropy(F.softmax(out, 1), y)
        if loss_kind == "mse":
            return F.mse_loss(out.squeeze(-1), y)
        if loss_kind == "mse_ids":
            return F.mse_loss(out.squeeze(-1), y.float())

    def predict_acc(out, y):
        if K is None:
            return None
        if loss_kind == "mse_ids":
            return (out.squeeze(-1).round().clamp(0, K - 1).long() == y).float().mean().item()
        return (out.argmax(1) == y).float().mean().item()

    rng = np.random.default_rng(seed + 11)
    gstep = (start_ep - 1) * nb
    best, bad = float("inf"), 0
    model.train()
    for ep in range(start_ep, epochs + 1):
        if use_eval:
            model.train()
        perm = torch.as_tensor(rng.permutation(len(Xtr)))
        tot, cnt = 0.0, 0
        for b in range(nb):
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr[idx], Ytr[idx]
            if bf16:
                xb = xb.to(torch.bfloat16) if xb.is_floating_point() else xb
            if zero_grad:
                optim.zero_grad()
            out = model(xb).float()
            loss = lossf(out, yb)
            loss.backward()
            gn = None
            if clip:
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), clip))
            else:
                gs = [p.grad.float().norm() for p in model.parameters() if p.grad is not None]
                gn = float(torch.stack(gs).norm()) if gs else 0.0
            optim.step()
            if per_batch and sch is not None:
                sch.step()
            gstep += 1
            li = loss.item()
            tot += li * len(idx)
            cnt += len(idx)
            log.step(gstep, ep, li, optim.param_groups[0]["lr"], gn)
            if kill_at and ep == kill_at and b == nb // 2:
                os.kill(os.getpid(), signal.SIGKILL)
            if preempt_at and ep == preempt_at and b == nb // 3:
                os.kill(os.getpid(), signal.SIGKILL)
        tr = tot / cnt
        if use_eval:
            model.eval()
        with torch.no_grad():
            xv = Xva.to(torch.bfloat16) if (bf16 and Xva.is_floating_point()) else Xva
            out = model(xv).float()
            va = lossf(out, Yva).item()
            acc = predict_acc(out, Yva)
        lr_now = optim.param_groups[0]["lr"]
        log.epoch(ep, epochs, tr, va, acc, lr_now, gstep)
        if sch is not None and not per_batch:
            if sched == "plateau":
                sch.step(va)
            else:
                sch.step()
        if ckpt and ep % 5 == 0:
            torch.save({"model": model.state_dict(), "optim": optim.state_dict(),
                        "sched": sch.state_dict() if sch is not None and sched != "plateau" else None, "epoch": ep}, ckpt)
        if patience:
            if va < best - 1e-4:
                best, bad = va, 0
            else:
                bad += 1
                if bad >= patience:
                    log.close(f"early stopping at epoch {ep}: no improvement for {patience} epochs (best {best:.4f})")
                    return
    log.close("done." if not hasattr(log, "style") else f"training finished after {epochs} epochs")


# --------------------------------------------------------------------------------------------
# Lightning runs
# --------------------------------------------------------------------------------------------
def lightning_run(rd, task, epochs=15, lr=1e-3, shuffle_labels=False, n_train=None, rebuild=False, sched=None, seed=0):
    import torch
    import torch.nn.functional as F
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    torch.set_num_threads(1)
    L.seed_everything(seed, verbose=False)
    MLP, CNN, SeqRNN, SeqTF = torch_mods()
    if task == "fish":
        xtr, ytr = fish_data(1600, 21 + seed); xva, yva = fish_data(500, 101)
        xtr, xva = fish_feats(xtr), fish_feats(xva); mk = lambda: MLP(6, 5, 48); reg = False
    elif task == "seg7":
        xtr, ytr = seg7_data(2000, 22 + seed); xva, yva = seg7_data(500, 104); mk = lambda: CNN(10); reg = False
    elif task == "runs":
        xtr, ytr = runs_data(3000, 23 + seed); xva, yva = runs_data(600, 102); mk = lambda: SeqRNN(); reg = False
    elif task == "kettle":
        xtr, ytr = kettle_data(1600, 24 + seed); xva, yva = kettle_data(500, 103)
        xtr, xva = kettle_feats(xtr), kettle_feats(xva)
        ytr, yva = (ytr - KY_MU) / KY_SD, (yva - KY_MU) / KY_SD
        mk = lambda: MLP(6, 1, 128, depth=3); reg = True
    if n_train:
        xtr, ytr = xtr[:n_train], ytr[:n_train]
    if shuffle_labels:
        ytr = np.random.default_rng(3).permutation(ytr)
    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.as_tensor(xtr), torch.as_tensor(ytr)),
                                     batch_size=64, shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.as_tensor(xva), torch.as_tensor(yva)),
                                     batch_size=256)

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = mk()

        def _loss(self, b):
            x, y = b
            o = self.net(x)
            if reg:
                return F.mse_loss(o.squeeze(-1), y), None
            return F.cross_entropy(o, y), (o.argmax(1) == y).float().mean()

        def training_step(self, b, i):
            l, _ = self._loss(b)
            self.log("train_loss", l, on_step=False, on_epoch=True)
            return l

        def validation_step(self, b, i):
            l, a = self._loss(b)
            self.log("val_loss", l)
            if a is not None:
                self.log("val_acc", a)

        def configure_optimizers(self):
            if rebuild:
                opt = torch.optim.Adam(self._old.parameters(), lr=lr)
            else:
                opt = torch.optim.Adam(self.parameters(), lr=lr)
            if sched == "plateau":
                return {"optimizer": opt, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(
                    opt, factor=0.3, patience=2), "monitor": "val_loss"}}
            if sched == "cosine":
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)}
            return opt

    m = Lit()
    if rebuild:
        m._old = mk()  # optimizer gets the parameters of a stale copy of the network
    tr = L.Trainer(max_epochs=epochs, logger=CSVLogger(rd, name="lightning_logs"), enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, callbacks=[LearningRateMonitor("epoch")],
                   accelerator="cpu", devices=1, log_every_n_steps=10)
    tr.fit(m, tl, vl)


# --------------------------------------------------------------------------------------------
# Keras runs
# --------------------------------------------------------------------------------------------
def keras_run(rd, kind, task, epochs=20, lr=1e-3, opt="adam", drop=0.0, from_logits_bug=False, early=False,
              plateau=False, seed=0):
    import keras
    keras.utils.set_random_seed(seed)
    if task == "fish":
        xtr, ytr = fish_data(1600, 31 + seed); xva, yva = fish_data(500, 101)
        xtr, xva = fish_feats(xtr), fish_feats(xva); K = 5
    elif task == "seg7":
        xtr, ytr = seg7_data(2000, 32 + seed); xva, yva = seg7_data(500, 104)
        xtr, xva = xtr.reshape(len(xtr), -1), xva.reshape(len(xva), -1); K = 10
    elif task == "kettle":
        xtr, ytr = kettle_data(1600, 34 + seed); xva, yva = kettle_data(500, 103)
        xtr, xva = kettle_feats(xtr), kettle_feats(xva)
        ytr, yva = (ytr - KY_MU) / KY_SD, (yva - KY_MU) / KY_SD; K = None
    elif task == "runs":
        xtr, ytr = runs_data(3000, 33 + seed); xva, yva = runs_data(600, 102)
        xtr = np.eye(3, dtype=np.float32)[xtr].reshape(len(xtr), -1)
        xva = np.eye(3, dtype=np.float32)[xva].reshape(len(xva), -1); K = 4
    layers = [keras.Input((xtr.shape[1],)), keras.layers.Dense(64, activation="relu")]
    if drop:
        layers.append(keras.layers.Dropout(drop))
    layers.append(keras.layers.Dense(64, activation="relu"))
    if drop:
        layers.append(keras.layers.Dropout(drop))
    if K is None:
        layers.append(keras.layers.Dense(1))
        loss, metrics = "mse", ["mae"]
    else:
        layers.append(keras.layers.Dense(K, activation="softmax"))
        loss = keras.losses.SparseCategoricalCrossentropy(from_logits=from_logits_bug)
        metrics = ["accuracy"]
    model = keras.Sequential(layers)
    o = keras.optimizers.Adam(lr) if opt == "adam" else keras.optimizers.SGD(lr, momentum=0.9)
    model.compile(optimizer=o, loss=loss, metrics=metrics)
    cbs = []
    if kind == "keras_csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(rd, "training.log")))
    if early:
        cbs.append(keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True))
    if plateau:
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=3))
    h = model.fit(xtr, ytr, validation_data=(xva, yva), epochs=epochs, batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if kind == "keras_history_json":
        with open(os.path.join(rd, "history.json"), "w") as f:
            json.dump(hist, f)
    elif kind == "keras_history_csv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(rd, "history.csv"))


# --------------------------------------------------------------------------------------------
# HF Trainer runs (models built from configs, nothing downloaded)
# --------------------------------------------------------------------------------------------
def hf_run(rd, arch, epochs=4, lr=1e-3, sched="linear", warmup=0.1, seed=0):
    import torch
    import transformers as T
    torch.set_num_threads(1)
    T.set_seed(seed)
    V = 3 + 2  # 3 symbols + [CLS] + [PAD]
    xtr, _ = runs_data(2000, 41 + seed)
    xva, _ = runs_data(400, 102)
    # task "major": which of the 3 symbols is most frequent in the 14 tokens (ties: the lowest symbol); K = 3
    ytr = np.stack([(xtr == v).sum(1) for v in range(3)], 1).argmax(1)
    yva = np.stack([(xva == v).sum(1) for v in range(3)], 1).argmax(1)

    class DS(torch.utils.data.Dataset):
        def __init__(self, x, y):
            self.x = np.concatenate([np.full((len(x), 1), 3), x], 1)
            self.y = y

        def __len__(self):
            return len(self.y)

        def __getitem__(self, i):
            return {"input_ids": torch.as_tensor(self.x[i]), "attention_mask": torch.ones(15, dtype=torch.long),
                    "labels": torch.as_tensor(self.y[i])}

    common = dict(vocab_size=V, num_labels=3, pad_token_id=4)
    if arch == "gptj":
        cfg = T.GPTJConfig(n_embd=48, n_layer=2, n_head=4, n_positions=32, rotary_dim=8, n_inner=96, **common)
        model = T.GPTJForSequenceClassification(cfg)
    elif arch == "convbert":
        cfg = T.ConvBertConfig(hidden_size=48, embedding_size=48, num_hidden_layers=2, num_attention_heads=4,
                               intermediate_size=96, max_position_embeddings=32, conv_kernel_size=5, **common)
        model = T.ConvBertForSequenceClassification(cfg)
    elif arch == "squeezebert":
        cfg = T.SqueezeBertConfig(hidden_size=48, embedding_size=48, num_hidden_layers=2, num_attention_heads=4,
                                  intermediate_size=96, max_position_embeddings=32, q_groups=2, k_groups=2, v_groups=2,
                                  post_attention_groups=2, intermediate_groups=2, output_groups=2, **common)
        model = T.SqueezeBertForSequenceClassification(cfg)
    elif arch == "bigbird":
        cfg = T.BigBirdConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                              max_position_embeddings=32, attention_type="original_full", **common)
        model = T.BigBirdForSequenceClassification(cfg)

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}

    args = T.TrainingArguments(output_dir=rd, num_train_epochs=epochs, learning_rate=lr, per_device_train_batch_size=32,
                               per_device_eval_batch_size=128, eval_strategy="steps", eval_steps=25, logging_steps=10,
                               save_strategy="no", report_to=[], lr_scheduler_type=sched, warmup_steps=int(warmup * epochs * 63),
                               seed=seed, use_cpu=True, disable_tqdm=True, dataloader_num_workers=0)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(xtr, ytr), eval_dataset=DS(xva, yva),
                   compute_metrics=metrics)
    tr.train()
    tr.save_state()


# --------------------------------------------------------------------------------------------
# the runs
# --------------------------------------------------------------------------------------------
def M():
    return torch_mods()


def _text(rd, fname, style, every=None, append=False):
    return TextLog(os.path.join(rd, fname), style, append=append, every=every)


def R_text(name, rd):
    MLP, CNN, SeqRNN, SeqTF = M()
    T = lambda st, fn="train.log", every=None, append=False: _text(rd, fn, st, every, append)
    if name == "fish-mlp-adam-cosine-print":
        fit(name, "fish", lambda: MLP(6, 5, 64, drop=0.1), T("print", "stdout.txt"), epochs=30, lr=2e-3, sched="cosine", wd=1e-4)
    elif name == "fish-mlp-sgd-lr8-print":
        fit(name, "fish", lambda: MLP(6, 5, 64), T("print", "stdout.txt"), epochs=30, lr=8.0, opt="sgd")
    elif name == "runs-gru-clip-plateau-logging":
        fit(name, "runs", lambda: SeqRNN(), T("logging"), epochs=20, lr=3e-3, clip=1.0, sched="plateau")
    elif name == "runs-relu-rnn-noclip-logging":
        fit(name, "runs", lambda: SeqRNN(cell="relu", relu_gain=1.4), T("logging", every=20), epochs=15, lr=0.02, opt="sgd")
    elif name == "seg7-cnn-stepdecay-tqdm":
        fit(name, "seg7", lambda: CNN(), T("tqdm", "progress.log"), epochs=15, lr=0.05, opt="sgd", sched="step")
    elif name == "seg7-cnn-nozerograd-tqdm":
        fit(name, "seg7", lambda: CNN(), T("tqdm", "progress.log"), epochs=15, lr=0.05, opt="sgd", zero_grad=False)
    elif name == "kettle-mlp-earlystop-print2":
        fit(name, "kettle", lambda: MLP(6, 1, 64), T("print2", "out.txt"), epochs=60, lr=1e-3, patience=6)
    elif name == "kettle-mlp-adam-lr1e-6-print2":
        fit(name, "kettle", lambda: MLP(6, 1, 64), T("print2", "out.txt"), epochs=30, lr=1e-6)
    elif name == "fish-mlp-labels-permuted-logging2":
        fit(name, "fish", lambda: MLP(6, 5, 64), T("logging2"), epochs=25, lr=1e-3, shuffle_labels=True)
    elif name == "runs-transformer-warmup-cosine-stepprint":
        fit(name, "runs", lambda: SeqTF(), T("print_step", "log.txt", every=25), epochs=12, lr=1e-3, sched="warmcos", warmup=2)
    elif name == "fish-mlp-sigkill-print":
        fit(name, "fish", lambda: MLP(6, 5, 64), T("print", "stdout.txt"), epochs=40, lr=1e-3, sched="cosine", kill_at=14)
    elif name == "seg7-cnn-relaunch-append-logging2":
        ck = "/tmp/nu22_seg7_relaunch.pt"
        if os.environ.get("NU22_SECOND") == "1":
            fit(name, "seg7", lambda: CNN(), T("logging2", append=True), epochs=16, lr=2e-3, ckpt=ck, resume_from=ck)
        elif os.environ.get("NU22_FIRST") == "1":
            fit(name, "seg7", lambda: CNN(), T("logging2"), epochs=16, lr=2e-3, ckpt=ck, preempt_at=9)
        else:
            if os.path.exists(ck):
                os.remove(ck)
            sub_launch(f"text/{name}", {"NU22_FIRST": "1"})
            sub_launch(f"text/{name}", {"NU22_SECOND": "1"})
            if os.path.exists(ck):
                os.remove(ck)
    elif name == "kettle-mlp-steplr-per-batch-print":
        fit(name, "kettle", lambda: MLP(6, 1, 64), T("print", "stdout.txt"), epochs=30, lr=1e-2, opt="sgd", sched="step_per_batch")
    elif name == "seg7-mlp-tiny-train-print":
        fit(name, "seg7", lambda: torch_flat_mlp(), T("print", "stdout.txt"), epochs=150, lr=1e-3, n_train=60, bs=20)
    elif name == "fish-mlp-bf16-sgd-logging":
        fit(name, "fish", lambda: MLP(6, 5, 64), T("logging"), epochs=25, lr=1e-3, opt="sgd", mom=0.0, bf16=True)
    elif name == "runs-gru-adam-print2":
        fit(name, "runs", lambda: SeqRNN(h=48), T("print2", "out.txt"), epochs=18, lr=2e-3, clip=5.0)


def torch_flat_mlp():
    import torch.nn as nn
    MLP = M()[0]

    class F(nn.Module):
        def __init__(self):
            super().__init__()
            self.m = MLP(140, 10, 128)
            self.out = self.m.out

        def forward(self, x):
            return self.m(x.flatten(1))
    return F()


def R_csv(name, rd):
    MLP, CNN, SeqRNN, SeqTF = M()
    P = lambda fn: os.path.join(rd, fn)
    if name == "fish-mlp-dropout-wd-dictwriter":
        fit(name, "fish", lambda: MLP(6, 5, 96, drop=0.3), CsvLog(P("log.csv"), "dict"), epochs=30, lr=1e-3, opt="adamw", wd=0.05)
    elif name == "fish-mlp-adam-lr1-csvwriter":
        fit(name, "fish", lambda: MLP(6, 5, 64), CsvLog(P("metrics.csv"), "writer"), epochs=25, lr=1.0)
    elif name == "kettle-mlp-std-zero-pandas":
        def ff(x):  # standardise with the statistics of this subset: the 'lid' column of the batch export is all 1
            x = x.copy(); x[:, 4] = 1.0
            return (x - x.mean(0)) / x.std(0)
        fit(name, "kettle", lambda: MLP(6, 1, 64), CsvLog(P("history.csv"), "pandas"), epochs=20, lr=1e-3, feat_fn=ff)
    elif name == "seg7-cnn-softmax-then-ce-jsonl":
        fit(name, "seg7", lambda: CNN(), CsvLog(P("log.jsonl"), "jsonl", step_every=20), epochs=15, lr=2e-3,
            loss_kind="softmax_ce")
    elif name == "runs-gru-steps-jsonl":
        fit(name, "runs", lambda: SeqRNN(), CsvLog(P("log.jsonl"), "jsonl", step_every=15), epochs=15, lr=3e-3, clip=1.0, sched="cosine")
    elif name == "kettle-mlp-val-is-train-pandas":
        fit(name, "kettle", lambda: MLP(6, 1, 64), CsvLog(P("history.csv"), "pandas"), epochs=40, lr=1e-3, eval_on_train=True)
    elif name == "fish-mlp-dev-overlap-csvwriter":
        fit(name, "fish", lambda: MLP(6, 5, 128, depth=3), CsvLog(P("metrics.csv"), "writer"), epochs=60, lr=2e-3, leak=True, n_train=400)
    elif name == "seg7-cnn-heavy-wd-dictwriter":
        fit(name, "seg7", lambda: CNN(), CsvLog(P("log.csv"), "dict"), epochs=15, lr=1e-3, wd=0.5)
    elif name == "runs-gru-cosine-cut-short-jsonl":
        fit(name, "runs", lambda: SeqRNN(), CsvLog(P("log.jsonl"), "jsonl"), epochs=14, sched_epochs=60, lr=3e-3, sched="cosine", clip=1.0)


def R_csv_fix(name):
    return name


def R_tb(name, rd):
    MLP, CNN, SeqRNN, SeqTF = M()
    A = {"train": "Loss/train", "val": "Loss/val", "acc": "Accuracy/val", "lr": "LR"}
    B = {"train": "train/loss_epoch", "val": "valid/loss", "acc": "valid/accuracy", "lr": "opt/lr", "step": "train/loss_step",
         "gn": "train/grad_norm"}
    if name == "seg7-cnn-onecycle-summarywriter":
        fit(name, "seg7", lambda: CNN(bn=True), TbLog(rd, "torch", A), epochs=12, lr=1e-2, opt="adamw", wd=1e-3, sched="onecycle")
    elif name == "runs-relu-rnn-noclip-tbx":
        fit(name, "runs", lambda: SeqRNN(cell="relu", relu_gain=1.1), TbLog(rd, "tbx", B, step_every=10, gn=True), epochs=15, lr=0.01, opt="sgd")
    elif name == "fish-mlp-frozen-summarywriter":
        fit(name, "fish", lambda: MLP(6, 5, 64), TbLog(rd, "torch", A), epochs=20, lr=1e-3, frozen=True)
    elif name == "kettle-mlp-warmup-cosine-summarywriter":
        fit(name, "kettle", lambda: MLP(6, 1, 96), TbLog(rd, "torch", {"train": "mse/train", "val": "mse/val", "lr": "lr"}),
            epochs=30, lr=3e-3, sched="warmcos", warmup=3)
    elif name == "seg7-cnn-no-eval-mode-tbx":
        fit(name, "seg7", lambda: CNN(bn=True, drop=0.5), TbLog(rd, "tbx", B, step_every=20), epochs=15, lr=2e-3, use_eval=False)
    elif name == "runs-transformer-adam-lr3e-2-tbx":
        fit(name, "runs", lambda: SeqTF(), TbLog(rd, "tbx", B, step_every=20), epochs=10, lr=3e-2)
    elif name == "fish-mlp-mse-on-class-ids-summarywriter":
        fit(name, "fish", lambda: MLP(6, 1, 64), TbLog(rd, "torch", A), epochs=25, lr=1e-3, loss_kind="mse_ids")
    elif name == "kettle-mlp-clip-gradnorm-tbx":
        fit(name, "kettle", lambda: MLP(6, 1, 64, depth=3), TbLog(rd, "tbx", {"val": "eval/mse", "lr": "opt/lr", "step": "train/mse",
            "gn": "train/grad_norm", "by_step": True}, step_every=10, gn=True), epochs=25, lr=2e-3, clip=1.0, sched="cosine")
    elif name == "runs-gru-resumed-same-logdir-summarywriter":
        ck = "/tmp/nu22_runs_resume.pt"
        if os.environ.get("NU22_SECOND") == "1":
            fit(name, "runs", lambda: SeqRNN(), TbLog(rd, "torch", A), epochs=20, lr=3e-3, clip=1.0, ckpt=ck, resume_from=ck)
        elif os.environ.get("NU22_FIRST") == "1":
            fit(name, "runs", lambda: SeqRNN(), TbLog(rd, "torch", A), epochs=20, lr=3e-3, clip=1.0, ckpt=ck, preempt_at=13)
        else:
            if os.path.exists(ck):
                os.remove(ck)
            sub_launch(f"tensorboard/{name}", {"NU22_FIRST": "1"})
            time.sleep(1.1)  # new event file name
            sub_launch(f"tensorboard/{name}", {"NU22_SECOND": "1"})
            if os.path.exists(ck):
                os.remove(ck)


def R_lightning(name, rd):
    if name == "fish-mlp":
        lightning_run(rd, "fish", epochs=20, lr=2e-3, sched="cosine")
    elif name == "seg7-cnn-plateau":
        lightning_run(rd, "seg7", epochs=15, lr=3e-3, sched="plateau")
    elif name == "runs-gru-lr1e-5":
        lightning_run(rd, "runs", epochs=12, lr=1e-5)
    elif name == "kettle-mlp-40-rows":
        lightning_run(rd, "kettle", epochs=300, lr=3e-3, n_train=40)
    elif name == "seg7-cnn-shuffled-targets":
        lightning_run(rd, "seg7", epochs=15, lr=3e-3, shuffle_labels=True)
    elif name == "fish-mlp-optimizer-on-stale-net":
        lightning_run(rd, "fish", epochs=20, lr=2e-3, rebuild=True)


def R_keras(fmt, name, rd):
    if name == "fish-dense":
        keras_run(rd, fmt, "fish", epochs=25, lr=1e-3)
    elif name == "seg7-dense-sgd-lr5":
        keras_run(rd, fmt, "seg7", epochs=20, lr=5.0, opt="sgd")
    elif name == "kettle-dense-earlystop":
        keras_run(rd, fmt, "kettle", epochs=80, lr=1e-3, early=True)
    elif name == "runs-dense-dropout0.9":
        keras_run(rd, fmt, "runs", epochs=25, lr=1e-3, drop=0.9)
    elif name == "seg7-dense-plateau":
        keras_run(rd, fmt, "seg7", epochs=25, lr=1e-3, plateau=True, drop=0.2)
    elif name == "fish-dense-softmax-fromlogits":
        keras_run(rd, fmt, "fish", epochs=25, lr=1e-3, from_logits_bug=True)


def R_hf(name, rd):
    if name == "major-gptj":
        hf_run(rd, "gptj", epochs=6, lr=2e-3)
    elif name == "major-convbert-cosine":
        hf_run(rd, "convbert", epochs=6, lr=1e-3, sched="cosine")
    elif name == "major-squeezebert-lr2e-7":
        hf_run(rd, "squeezebert", epochs=4, lr=2e-7)
    elif name == "major-bigbird":
        hf_run(rd, "bigbird", epochs=6, lr=1e-3)


ALL = [
    "text/fish-mlp-adam-cosine-print", "text/fish-mlp-sgd-lr8-print", "text/runs-gru-clip-plateau-logging",
    "text/runs-relu-rnn-noclip-logging", "text/seg7-cnn-stepdecay-tqdm", "text/seg7-cnn-nozerograd-tqdm",
    "text/kettle-mlp-earlystop-print2", "text/kettle-mlp-adam-lr1e-6-print2", "text/fish-mlp-labels-permuted-logging2",
    "text/runs-transformer-warmup-cosine-stepprint", "text/fish-mlp-sigkill-print", "text/seg7-cnn-relaunch-append-logging2",
    "text/kettle-mlp-steplr-per-batch-print", "text/seg7-mlp-tiny-train-print", "text/fish-mlp-bf16-sgd-logging",
    "text/runs-gru-adam-print2",
    "csv_custom/fish-mlp-dropout-wd-dictwriter", "csv_custom/fish-mlp-adam-lr1-csvwriter",
    "csv_custom/kettle-mlp-std-zero-pandas", "csv_custom/seg7-cnn-softmax-then-ce-jsonl", "csv_custom/runs-gru-steps-jsonl",
    "csv_custom/kettle-mlp-val-is-train-pandas", "csv_custom/fish-mlp-dev-overlap-csvwriter",
    "csv_custom/seg7-cnn-heavy-wd-dictwriter", "csv_custom/runs-gru-cosine-cut-short-jsonl",
    "tensorboard/seg7-cnn-onecycle-summarywriter", "tensorboard/runs-relu-rnn-noclip-tbx",
    "tensorboard/fish-mlp-frozen-summarywriter", "tensorboard/kettle-mlp-warmup-cosine-summarywriter",
    "tensorboard/seg7-cnn-no-eval-mode-tbx", "tensorboard/runs-transformer-adam-lr3e-2-tbx",
    "tensorboard/fish-mlp-mse-on-class-ids-summarywriter", "tensorboard/kettle-mlp-clip-gradnorm-tbx",
    "tensorboard/runs-gru-resumed-same-logdir-summarywriter",
    "lightning_csv/fish-mlp", "lightning_csv/seg7-cnn-plateau", "lightning_csv/runs-gru-lr1e-5",
    "lightning_csv/kettle-mlp-40-rows", "lightning_csv/seg7-cnn-shuffled-targets", "lightning_csv/fish-mlp-optimizer-on-stale-net",
    "keras_csvlogger/fish-dense", "keras_csvlogger/seg7-dense-sgd-lr5", "keras_history_json/kettle-dense-earlystop",
    "keras_history_json/runs-dense-dropout0.9", "keras_history_csv/seg7-dense-plateau",
    "keras_history_csv/fish-dense-softmax-fromlogits",
    "hf_trainer/major-gptj", "hf_trainer/major-convbert-cosine", "hf_trainer/major-squeezebert-lr2e-7", "hf_trainer/major-bigbird",
]
SUBPROC = {"text/fish-mlp-sigkill-print"}


def sub_launch(key, env):
    e = dict(os.environ)
    e.update(env)
    subprocess.run([sys.executable, os.path.abspath(__file__), "--only", key, "--inner"], env=e,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_one(key, inner=False):
    fmt, name = key.split("/", 1)
    rd = os.path.join(RUNS, fmt, name)
    first_or_second = os.environ.get("NU22_FIRST") or os.environ.get("NU22_SECOND")
    if not first_or_second:
        if key in SUBPROC and not inner:
            shutil.rmtree(rd, ignore_errors=True)
            os.makedirs(rd)
            sub_launch(key, {})
            return
        if not inner or key not in SUBPROC:
            shutil.rmtree(rd, ignore_errors=True)
            os.makedirs(rd)
    if fmt == "text":
        R_text(name, rd)
    elif fmt == "csv_custom":
        R_csv(name, rd)
    elif fmt == "tensorboard":
        R_tb(name, rd)
    elif fmt == "lightning_csv":
        R_lightning(name, rd)
    elif fmt.startswith("keras"):
        R_keras(fmt, name, rd)
    elif fmt == "hf_trainer":
        R_hf(name, rd)


def main():
    a = sys.argv[1:]
    if "--only" in a:
        make_one(a[a.index("--only") + 1], inner="--inner" in a)
        return
    if "--worker" in a:
        i, n = map(int, a[a.index("--worker") + 1].split("/"))
        for j, key in enumerate(ALL):
            if j % n == i:
                t = time.time()
                try:
                    make_one(key)
                except Exception as ex:  # keep going; the report shows it
                    print(f"FAILED {key}: {ex!r}", flush=True)
                print(f"{key} {time.time() - t:.1f}s", flush=True)
        return
    ps = [subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", f"{i}/2"]) for i in range(2)]
    for p in ps:
        p.wait()


if __name__ == "__main__":
    main()
