"""Make the lock-box batch 2026-11-30nu4: small real trainings a new user might write, run on CPU.

    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py [name ...]

Without names every run is made, one after another, each in its own process (``--one NAME``).
Data are generated with numpy here (no downloads); every run has a fixed seed.
Runs write into runs/<format>/<name>/. Print logs get stdout+stderr redirected to a file by the driver.
"""
import json
import math
import os
import signal
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")

# ----------------------------------------------------------------------------------------- data (numpy)


def circles(n, k=3, seed=0):
    r = np.random.default_rng(seed)
    y = r.integers(0, k, n)
    ang = r.uniform(0, 2 * np.pi, n)
    rad = 1.0 + y + r.normal(0, 0.28, n)
    X = np.stack([rad * np.cos(ang), rad * np.sin(ang)], 1) / k
    return X.astype(np.float32), y


def checkerboard(n, seed=0, cells=4):
    r = np.random.default_rng(seed)
    X = r.uniform(-1, 1, (n, 2))
    y = ((np.floor((X[:, 0] + 1) * cells / 2) + np.floor((X[:, 1] + 1) * cells / 2)) % 2).astype(int)
    return X.astype(np.float32), y


def gmm(n, k, d=16, seed=0, spread=1.0):
    centers = np.random.default_rng(1000 + k).normal(0, 1.0, (k, d)) * 1.6
    r = np.random.default_rng(seed)
    y = r.integers(0, k, n)
    X = centers[y] + r.normal(0, spread, (n, d))
    return X.astype(np.float32), y


def polyreg(n, seed=0):
    r = np.random.default_rng(seed)
    x = r.uniform(-2, 2, n)
    y = 0.5 * x ** 3 - x ** 2 + 0.3 * x + 1 + r.normal(0, 0.5, n)
    return x[:, None].astype(np.float32), y[:, None].astype(np.float32)


def credit(n, seed=0):
    """Tabular credit scoring: raw numeric columns (income in currency units!) and 3 categorical columns."""
    r = np.random.default_rng(seed)
    income = r.lognormal(10.5, 0.5, n)
    age = r.integers(18, 80, n).astype(float)
    debt = r.beta(2, 5, n)
    loans = r.poisson(2, n).astype(float)
    job = r.integers(0, 6, n)
    housing = r.integers(0, 3, n)
    purpose = r.integers(0, 8, n)
    job_eff = np.array([0.8, 0.3, -0.2, -0.6, 0.1, -1.0])
    pur_eff = np.array([0.2, -0.4, 0.5, -0.8, 0.0, 0.3, -0.3, 0.6])
    z = (np.log(income) - 10.5) * 1.6 - 3.5 * (debt - 0.28) - 0.35 * (loans - 2) + 0.02 * (age - 45) \
        + job_eff[job] + pur_eff[purpose] + 0.4 * (housing == 1) + r.normal(0, 0.7, n)
    y = (z > 0).astype(int)
    num = np.stack([income, age, debt, loans], 1).astype(np.float32)
    cat = np.stack([job, housing, purpose], 1)
    return num, cat, y


def sortseq(n, L=6, V=10, seed=0):
    r = np.random.default_rng(seed)
    X = r.integers(0, V, (n, L))
    return X, np.sort(X, 1)


SYL = [["ka", "ta", "mi", "ro", "shi", "no", "ki", "yu"],
       ["ber", "ling", "hau", "stein", "mann", "dorf", "el", "ger"],
       ["lo", "pe", "gar", "ci", "ez", "ra", "mon", "te"],
       ["ov", "ski", "vla", "dim", "ko", "na", "zh", "in"],
       ["mac", "fer", "gus", "don", "al", "ach", "ie", "ly"]]
ALPHA = "abcdefghijklmnopqrstuvwxyz"


def names(n, seed=0, k=4, maxlen=14):
    r = np.random.default_rng(seed)
    y = r.integers(0, k, n)
    ids = np.zeros((n, maxlen), dtype=np.int64)
    for i in range(n):
        sy = SYL[y[i]] + SYL[(y[i] + 1) % k][:2]  # some overlap between languages
        s = "".join(r.choice(sy) for _ in range(r.integers(2, 4)))[:maxlen]
        ids[i, :len(s)] = [ALPHA.index(c) + 1 for c in s]
    return ids, y


def signals(n, T=64, seed=0, noise=0.4):
    r = np.random.default_rng(seed)
    t = np.linspace(0, 1, T)
    f = r.uniform(1, 5, (n, 2))
    ph = r.uniform(0, 2 * np.pi, (n, 2))
    clean = np.sin(2 * np.pi * f[:, :1] * t + ph[:, :1]) + 0.5 * np.sin(2 * np.pi * f[:, 1:] * t + ph[:, 1:])
    step = (t[None] > r.uniform(0.2, 0.8, (n, 1))) * r.normal(0, 0.7, (n, 1))
    clean = clean + step
    noisy = clean + r.normal(0, noise, clean.shape)
    return noisy[:, None].astype(np.float32), clean[:, None].astype(np.float32)


def shapes(n, size=16, seed=0):
    """4 classes of random filled shapes: disc, square, triangle, cross, on a noisy background."""
    r = np.random.default_rng(seed)
    y = r.integers(0, 4, n)
    img = r.normal(0, 0.15, (n, 1, size, size)).astype(np.float32)
    yy, xx = np.mgrid[0:size, 0:size]
    for i in range(n):
        s = r.uniform(3, 6)
        cx, cy = r.uniform(s, size - s, 2)
        if y[i] == 0:
            m = (xx - cx) ** 2 + (yy - cy) ** 2 <= s ** 2
        elif y[i] == 1:
            m = (abs(xx - cx) <= s * 0.8) & (abs(yy - cy) <= s * 0.8)
        elif y[i] == 2:
            m = (yy - cy <= s * 0.8) & (yy - cy >= -s) & (abs(xx - cx) <= (yy - cy + s) * 0.55)
        else:
            m = ((abs(xx - cx) <= 1) & (abs(yy - cy) <= s)) | ((abs(yy - cy) <= 1) & (abs(xx - cx) <= s))
        img[i, 0][m] += 1.0
    return img, y


def multilabel(n, d=20, L=6, seed=0):
    W = np.random.default_rng(77).normal(0, 1, (d, L))
    r = np.random.default_rng(seed)
    X = r.normal(0, 1, (n, d))
    Y = ((X @ W) / np.sqrt(d) + r.normal(0, 0.3, (n, L)) > 0.6).astype(np.float32)
    return X.astype(np.float32), Y


def moons2d(n, seed=0):
    r = np.random.default_rng(seed)
    a = r.uniform(0, np.pi, n)
    side = r.integers(0, 2, n)
    x = np.where(side, 1 - np.cos(a), np.cos(a))
    y = np.where(side, 0.5 - np.sin(a), np.sin(a))
    return (np.stack([x, y], 1) + r.normal(0, 0.06, (n, 2))).astype(np.float32)


# ----------------------------------------------------------------------------------------- torch helpers


def T():
    import torch
    torch.manual_seed(0)
    torch.set_num_threads(1)
    return torch


def mlp(d_in, d_out, hidden=64, depth=2, dropout=0.0, bn=False, act=None):
    import torch.nn as nn
    layers, d = [], d_in
    for _ in range(depth):
        layers.append(nn.Linear(d, hidden))
        if bn:
            layers.append(nn.BatchNorm1d(hidden))
        layers.append(act() if act else nn.ReLU())
        if dropout:
            layers.append(nn.Dropout(dropout))
        d = hidden
    layers.append(nn.Linear(d, d_out))
    return nn.Sequential(*layers)


def make_resnet(ch=16, k=4):
    import torch.nn as nn
    import torch.nn.functional as F

    class Block(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.c1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
            self.b1 = nn.BatchNorm2d(c)
            self.c2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
            self.b2 = nn.BatchNorm2d(c)

        def forward(self, x):
            return F.relu(x + self.b2(self.c2(F.relu(self.b1(self.c1(x))))))

    class ResNetTiny(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(1, ch, 3, padding=1, bias=False), nn.BatchNorm2d(ch), nn.ReLU())
            self.b1 = Block(ch)
            self.down = nn.Sequential(nn.Conv2d(ch, 2 * ch, 3, stride=2, padding=1), nn.ReLU())
            self.b2 = Block(2 * ch)
            self.fc = nn.Linear(2 * ch, k)

        def forward(self, x):
            x = self.b2(self.down(self.b1(self.stem(x))))
            return self.fc(x.mean((2, 3)))

    return ResNetTiny()


def make_gru_clf(vocab=27, k=4, emb=16, hid=48):
    import torch.nn as nn

    class GRUClf(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab, emb, padding_idx=0)
            self.gru = nn.GRU(emb, hid, batch_first=True)
            self.fc = nn.Linear(hid, k)

        def forward(self, x):
            lens = (x > 0).sum(1).clamp(min=1)
            out, _ = self.gru(self.emb(x))
            last = out[range(len(x)), lens - 1]
            return self.fc(last)

    return GRUClf()


def make_attnpool_clf(vocab=27, k=4, emb=24):
    import torch
    import torch.nn as nn

    class AttnPool(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab, emb, padding_idx=0)
            self.pos = nn.Embedding(16, emb)
            self.score = nn.Linear(emb, 1)
            self.fc = nn.Sequential(nn.Linear(emb, 32), nn.ReLU(), nn.Linear(32, k))

        def forward(self, x):
            h = self.emb(x) + self.pos(torch.arange(x.shape[1]))[None]
            s = self.score(torch.tanh(h)).squeeze(-1).masked_fill(x == 0, -1e9)
            return self.fc((torch.softmax(s, 1)[..., None] * h).sum(1))

    return AttnPool()


def make_sorter(V=10, hid=64):
    import torch.nn as nn

    class Sorter(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(V, 16)
            self.enc = nn.GRU(16, hid, batch_first=True, bidirectional=True)
            self.dec = nn.GRU(2 * hid, hid, batch_first=True)
            self.out = nn.Linear(hid, V)

        def forward(self, x):
            h, _ = self.enc(self.emb(x))
            d, _ = self.dec(h)
            return self.out(d)  # (B, L, V)

    return Sorter()


def make_mixer(d=16, tokens=4, k=12, depth=2, hid=32):
    import torch.nn as nn

    class MixerBlock(nn.Module):
        def __init__(self, t, c):
            super().__init__()
            self.n1 = nn.LayerNorm(c)
            self.tok = nn.Sequential(nn.Linear(t, hid), nn.GELU(), nn.Linear(hid, t))
            self.n2 = nn.LayerNorm(c)
            self.ch = nn.Sequential(nn.Linear(c, hid), nn.GELU(), nn.Linear(hid, c))

        def forward(self, x):
            x = x + self.tok(self.n1(x).transpose(1, 2)).transpose(1, 2)
            return x + self.ch(self.n2(x))

    class Mixer(nn.Module):
        def __init__(self):
            super().__init__()
            self.t, self.c = tokens, d // tokens
            self.inp = nn.Linear(self.c, 16)
            self.blocks = nn.Sequential(*[MixerBlock(tokens, 16) for _ in range(depth)])
            self.head = nn.Linear(16, k)

        def forward(self, x):
            x = self.inp(x.view(len(x), self.t, self.c))
            return self.head(self.blocks(x).mean(1))

    return Mixer()


def make_denoiser(ch=16):
    import torch.nn as nn
    return nn.Sequential(nn.Conv1d(1, ch, 7, padding=3), nn.ReLU(), nn.Conv1d(ch, ch, 7, padding=3), nn.ReLU(),
                         nn.Conv1d(ch, ch, 7, padding=3), nn.ReLU(), nn.Conv1d(ch, 1, 7, padding=3))


def minibatches(n, bs, r):
    idx = r.permutation(n)
    for i in range(0, n, bs):
        yield idx[i:i + bs]


def grad_norm(model):
    import torch
    g = [p.grad.detach().norm() for p in model.parameters() if p.grad is not None]
    return float(torch.norm(torch.stack(g))) if g else 0.0


def fit(model, opt, Xtr, ytr, Xva, yva, epochs, bs, loss_fn, on_step=None, on_epoch=None, sched=None,
        sched_per_step=False, zero_grad=True, metric="acc", seed=0, max_steps=None, eval_every=None,
        clip=None, eval_train_mode=False):
    """A plain PyTorch loop. on_step(step, epoch, loss, gnorm, lr) after every batch; on_epoch(epoch, tr, va)
    after every epoch (tr: mean train loss / acc of the epoch, va: validation loss / metric)."""
    import torch
    r = np.random.default_rng(seed)
    Xtr_t, ytr_t = torch.as_tensor(Xtr), torch.as_tensor(ytr)
    Xva_t, yva_t = torch.as_tensor(Xva), torch.as_tensor(yva)
    step = 0

    def evaluate():
        if not eval_train_mode:
            model.eval()
        with torch.no_grad():
            out = model(Xva_t)
            l = float(loss_fn(out, yva_t))
            m = score(out, yva_t, metric)
        model.train()
        return l, m

    for ep in range(1, epochs + 1):
        model.train()
        tl, tc, tn = 0.0, 0.0, 0
        for b in minibatches(len(Xtr), bs, r):
            xb, yb = Xtr_t[b], ytr_t[b]
            if zero_grad:
                opt.zero_grad()
            out = model(xb)
            loss = loss_fn(out, yb)
            loss.backward()
            gn = grad_norm(model)
            if clip:
                torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
            opt.step()
            if sched is not None and sched_per_step:
                sched.step()
            step += 1
            lv = float(loss)
            tl += lv * len(b)
            tc += score(out.detach(), yb, metric) * len(b)
            tn += len(b)
            if on_step:
                ev = evaluate() if (eval_every and step % eval_every == 0) else None
                on_step(step, ep, lv, gn, opt.param_groups[0]["lr"], ev)
            if max_steps and step >= max_steps:
                break
        if sched is not None and not sched_per_step:
            sched.step()
        va = evaluate()
        if on_epoch:
            stop = on_epoch(ep, (tl / tn, tc / tn), va)
            if stop:
                break
        if max_steps and step >= max_steps:
            break
    return model


def score(out, y, metric):
    import torch
    if metric == "acc":
        if out.dim() == 3:
            return float((out.argmax(-1) == y).float().mean())
        return float((out.argmax(-1) == y).float().mean())
    if metric == "bin":
        return float(((out.squeeze(-1) > 0).long() == y.long()).float().mean())
    if metric == "mlabel":
        return float(((out > 0).float() == y).float().mean())
    if metric == "mae":
        return float((out - y).abs().mean())
    return 0.0


def seq_ce(out, y):
    import torch.nn.functional as F
    return F.cross_entropy(out.reshape(-1, out.shape[-1]), y.reshape(-1))


def split(X, y, n_val):
    return X[n_val:], y[n_val:], X[:n_val], y[:n_val]


def std(Xtr, Xva):
    m, s = Xtr.mean(0), Xtr.std(0) + 1e-6
    return ((Xtr - m) / s).astype(np.float32), ((Xva - m) / s).astype(np.float32)


def outdir(fmt, name):
    d = os.path.join(RUNS_DIR, fmt, name)
    os.makedirs(d, exist_ok=True)
    return d


RUNS = {}
PRINT_LOG = {}  # name -> file name inside the run folder that gets stdout+stderr of the process


def run(fmt, name, printlog=None):
    def deco(f):
        RUNS[name] = (fmt, f)
        if printlog:
            PRINT_LOG[name] = printlog
        return f
    return deco


# ======================================================================================== text logs (15)


@run("text_log", "circles-mlp-sgd-keraslike-print", printlog="train.log")
def _(d):
    torch = T()
    X, y = circles(1500, 3, seed=1)
    Xtr, ytr, Xva, yva = split(X, y, 300)
    model = mlp(2, 3, 32, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def ep(e, tr, va):
        print(f"Epoch {e}/40 - loss: {tr[0]:.4f} - accuracy: {tr[1]:.4f} - val_loss: {va[0]:.4f} - val_accuracy: {va[1]:.4f}")
    fit(model, opt, Xtr, ytr, Xva, yva, 40, 32, torch.nn.CrossEntropyLoss(), on_epoch=ep)


@run("text_log", "gmm20-mlp-sgd-lr3-logging-ts")
def _(d):
    import logging
    torch = T()
    logging.basicConfig(filename=os.path.join(d, "run.log"), level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("train")
    X, y = gmm(4000, 20, seed=2)
    Xtr, ytr, Xva, yva = split(X, y, 800)
    Xtr, Xva = std(Xtr, Xva)
    model = mlp(16, 20, 128, 2)
    opt = torch.optim.SGD(model.parameters(), lr=3.0, momentum=0.9)
    log.info("config: lr=3.0 momentum=0.9 batch=64 epochs=25 classes=20")

    def st(s, e, l, g, lr, ev):
        if s % 10 == 0:
            log.info("epoch %d step %d loss %.4f", e, s, l)

    def ep(e, tr, va):
        log.info("epoch %d done: train_loss %.4f train_acc %.4f | val_loss %.4f val_acc %.4f", e, tr[0], tr[1], va[0], va[1])
    fit(model, opt, Xtr, ytr, Xva, yva, 25, 64, torch.nn.CrossEntropyLoss(), on_step=st, on_epoch=ep)


@run("text_log", "checker-mlp-adam-cosine-logging-plain")
def _(d):
    import logging
    torch = T()
    logging.basicConfig(filename=os.path.join(d, "output.log"), level=logging.INFO)
    log = logging.getLogger(__name__)
    X, y = checkerboard(3000, seed=3)
    Xtr, ytr, Xva, yva = split(X, y, 600)
    model = mlp(2, 2, 96, 3)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 60)

    def ep(e, tr, va):
        log.info(f"Epoch {e:02d}  train loss={tr[0]:.4f}  lr={sched.get_last_lr()[0]:.2e}")
        if e % 5 == 0:
            log.info(f"Eval @ epoch {e}: loss={va[0]:.4f} acc={va[1]*100:.2f}%")
    fit(model, opt, Xtr, ytr, Xva, yva, 60, 64, torch.nn.CrossEntropyLoss(), on_epoch=ep, sched=sched)


@run("text_log", "names-gru-tqdm-postfix", printlog="stdout.txt")
def _(d):
    from tqdm import tqdm
    torch = T()
    X, y = names(3000, seed=4)
    Xtr, ytr, Xva, yva = split(X, y, 500)
    model = make_gru_clf()
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    lossf = torch.nn.CrossEntropyLoss()
    Xt, yt = torch.as_tensor(Xtr), torch.as_tensor(ytr)
    r = np.random.default_rng(0)
    for e in range(1, 9):
        bar = tqdm(list(minibatches(len(Xtr), 32, r)), desc=f"epoch {e}", mininterval=0, file=sys.stdout)
        for b in bar:
            opt.zero_grad()
            loss = lossf(model(Xt[b]), yt[b])
            loss.backward()
            opt.step()
            bar.set_postfix(loss=f"{loss.item():.4f}")
        model.eval()
        with torch.no_grad():
            o = model(torch.as_tensor(Xva))
            print(f"val: loss {lossf(o, torch.as_tensor(yva)).item():.4f}, acc {(o.argmax(1).numpy() == yva).mean():.3f}")
        model.train()


@run("text_log", "sort-seq2seq-gru-per-step", printlog="log.txt")
def _(d):
    torch = T()
    X, Y = sortseq(6000, seed=5)
    Xtr, Ytr, Xva, Yva = split(X, Y, 500)
    model = make_sorter()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)

    def st(s, e, l, g, lr, ev):
        if s % 10 == 0:
            print(f"[step {s:4d}] loss: {l:.4f}  grad_norm: {g:.3f}")
        if ev:
            print(f"  dev  | step {s} | loss {ev[0]:.4f} | token_acc {ev[1]:.4f}")
    fit(model, opt, Xtr, Ytr, Xva, Yva, 6, 64, seq_ce, on_step=st, eval_every=100)


@run("text_log", "lr-sweep-gmm12-two-runs", printlog="sweep.log")
def _(d):
    torch = T()
    X, y = gmm(3000, 12, seed=6)
    Xtr, ytr, Xva, yva = split(X, y, 600)
    Xtr, Xva = std(Xtr, Xva)
    for lr in (0.01, 4.0):
        torch.manual_seed(0)
        print(f"=== lr = {lr} ===")
        model = mlp(16, 12, 64, 2)
        opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, nesterov=True)

        def ep(e, tr, va):
            print(f"epoch {e}: loss={tr[0]:.4f}, val_loss={va[0]:.4f}, val_acc={va[1]:.4f}")
        fit(model, opt, Xtr, ytr, Xva, yva, 20, 32, torch.nn.CrossEntropyLoss(), on_epoch=ep)


@run("text_log", "shapes-resnet-killed-resumed", printlog="train.out")
def _(d):
    torch = T()
    ck = os.path.join("/tmp", "nu4_shapes_ckpt.pt")
    X, y = shapes(1600, seed=7)
    Xtr, ytr, Xva, yva = split(X, y, 300)
    model = make_resnet(8)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
    start = 0
    if os.environ.get("NU4_RESUME") and os.path.exists(ck):
        st = torch.load(ck)
        model.load_state_dict(st["model"])
        opt.load_state_dict(st["opt"])
        start = st["epoch"]
        print(f"Resuming from {ck} (epoch {start})")
    lossf = torch.nn.CrossEntropyLoss()
    Xt, yt, Xv, yv = map(torch.as_tensor, (Xtr, ytr, Xva, yva))
    r = np.random.default_rng(start)
    for e in range(start + 1, 13):
        tl = 0
        for b in minibatches(len(Xtr), 32, r):
            opt.zero_grad()
            loss = lossf(model(Xt[b]), yt[b])
            loss.backward()
            opt.step()
            tl += loss.item() * len(b)
        model.eval()
        with torch.no_grad():
            o = model(Xv)
            vl, va = lossf(o, yv).item(), (o.argmax(1) == yv).float().mean().item()
        model.train()
        print(f"Epoch {e:3d} | train loss {tl/len(Xtr):.4f} | val loss {vl:.4f} | val acc {va:.4f}")
        if e % 3 == 0:
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": e}, ck)
            print(f"saved checkpoint at epoch {e}")
        if e == 8 and not os.environ.get("NU4_RESUME"):
            os.kill(os.getpid(), signal.SIGKILL)


@run("text_log", "polyreg-mlp-killed-midway", printlog="train.log")
def _(d):
    torch = T()
    X, y = polyreg(2000, seed=8)
    Xtr, ytr, Xva, yva = split(X, y, 400)
    model = mlp(1, 1, 64, 2, act=torch.nn.Tanh)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def st(s, e, l, g, lr, ev):
        if s % 5 == 0:
            print(f"it {s} mse={l:.4f}")
        if s == 460:
            os.kill(os.getpid(), signal.SIGKILL)

    def ep(e, tr, va):
        print(f"epoch {e} finished, val mse {va[0]:.4f}")
    fit(model, opt, Xtr, ytr, Xva, yva, 30, 32, torch.nn.MSELoss(), on_step=st, on_epoch=ep, metric="mae")


@run("text_log", "multilabel-handwritten-bce-log0", printlog="train.log")
def _(d):
    torch = T()
    X, Y = multilabel(3000, seed=9)
    X = X * 40.0  # large raw feature scale
    Xtr, Ytr, Xva, Yva = split(X, Y, 500)
    model = mlp(20, 6, 64, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def bce(z, y):
        p = torch.sigmoid(z)
        return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()

    def ep(e, tr, va):
        print(f"Epoch {e} | Train loss: {tr[0]:.5f} | Test loss: {va[0]:.5f} | Test label-acc: {va[1]:.4f}")
    fit(model, opt, Xtr, Ytr, Xva, Yva, 25, 64, bce, on_epoch=ep, metric="mlabel")


@run("text_log", "addsum-relu-rnn-exploding", printlog="train.log")
def _(d):
    torch = T()
    r = np.random.default_rng(10)
    X = r.uniform(0, 1, (3000, 40, 1)).astype(np.float32)
    y = X.sum(1).astype(np.float32) / 10.0
    Xtr, ytr, Xva, yva = split(X, y, 400)

    class RNNReg(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.rnn = torch.nn.RNN(1, 64, batch_first=True, nonlinearity="relu")
            with torch.no_grad():
                self.rnn.weight_hh_l0.copy_(torch.eye(64) * 1.05 + torch.randn(64, 64) * 0.05)
            self.fc = torch.nn.Linear(64, 1)

        def forward(self, x):
            o, _ = self.rnn(x)
            return self.fc(o[:, -1])
    model = RNNReg()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def st(s, e, l, g, lr, ev):
        print(f"step {s} loss {l:.6g} gnorm {g:.6g}")

    def ep(e, tr, va):
        print(f"== epoch {e} val_loss {va[0]:.6g}")
    fit(model, opt, Xtr, ytr, Xva, yva, 6, 64, torch.nn.MSELoss(), on_step=st, on_epoch=ep, metric="mae")


@run("text_log", "denoise1d-cnn-stopped-after-15-steps", printlog="train.log")
def _(d):
    torch = T()
    X, Y = signals(2000, seed=11)
    Xtr, Ytr, Xva, Yva = split(X, Y, 300)
    model = make_denoiser()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def st(s, e, l, g, lr, ev):
        print(f"step={s} loss={l:.5f}")
    fit(model, opt, Xtr, Ytr, Xva, Yva, 1, 32, torch.nn.MSELoss(), on_step=st, max_steps=15, metric="mae",
        on_epoch=lambda e, tr, va: print(f"val_loss={va[0]:.5f}"))


@run("text_log", "credit-mlp-forgot-zero-grad", printlog="train.log")
def _(d):
    torch = T()
    num, cat, y = credit(5000, seed=12)
    num = np.log1p(num)
    num = (num - num.mean(0)) / num.std(0)
    oh = np.concatenate([np.eye(6)[cat[:, 0]], np.eye(3)[cat[:, 1]], np.eye(8)[cat[:, 2]]], 1)
    X = np.concatenate([num, oh], 1).astype(np.float32)
    Xtr, ytr, Xva, yva = split(X, y, 1000)
    model = mlp(X.shape[1], 2, 64, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def st(s, e, l, g, lr, ev):
        if s % 20 == 0:
            print(f"ep {e} it {s} :: loss {l:.4f}")
        if ev:
            print(f"ep {e} it {s} :: dev loss {ev[0]:.4f} dev acc {ev[1]:.4f}")
    fit(model, opt, Xtr, ytr, Xva, yva, 10, 64, torch.nn.CrossEntropyLoss(), on_step=st, eval_every=125,
        zero_grad=False)


@run("text_log", "gmm8-mlp-dropout-on-at-eval", printlog="train.log")
def _(d):
    torch = T()
    X, y = gmm(2400, 8, seed=13, spread=1.6)
    Xtr, ytr, Xva, yva = split(X, y, 600)
    Xtr, Xva = std(Xtr, Xva)
    model = mlp(16, 8, 256, 2, dropout=0.6)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def ep(e, tr, va):
        print(f"{e}\ttrain_loss {tr[0]:.4f}\ttrain_acc {tr[1]:.4f}\tval_loss {va[0]:.4f}\tval_acc {va[1]:.4f}")
    print("epoch\tmetrics")
    fit(model, opt, Xtr, ytr, Xva, yva, 30, 64, torch.nn.CrossEntropyLoss(), on_epoch=ep, eval_train_mode=True)


@run("text_log", "gmm5-hinge-linear-svm", printlog="svm.log")
def _(d):
    torch = T()
    X, y = gmm(2000, 5, seed=14, spread=1.4)
    Xtr, ytr, Xva, yva = split(X, y, 400)
    model = torch.nn.Linear(16, 5)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, weight_decay=1e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, 10, 0.3)

    def ep(e, tr, va):
        print(f"epoch {e:02d}; hinge {tr[0]:.4f}; lr {opt.param_groups[0]['lr']:.4g}")
        print(f"    Test: hinge {va[0]:.4f}; accuracy {va[1]:.4f}")
    fit(model, opt, Xtr, ytr, Xva, yva, 30, 32, torch.nn.MultiMarginLoss(), on_epoch=ep, sched=sched)


@run("text_log", "siamese-gmm-cosine-embedding", printlog="train.log")
def _(d):
    torch = T()
    X, y = gmm(3000, 10, d=16, seed=15, spread=1.3)
    r = np.random.default_rng(15)
    i = r.integers(0, 3000, 6000)
    j = np.where(r.uniform(size=6000) < 0.5, i, r.integers(0, 3000, 6000))
    same = y[i] == y[j]
    j[same & (i == j)] = [r.choice(np.where(y == y[a])[0]) for a in i[same & (i == j)]]
    P = np.stack([X[i], X[j]], 1).astype(np.float32)
    t = np.where(y[i] == y[j], 1.0, -1.0).astype(np.float32)
    Ptr, ttr, Pva, tva = split(P, t, 1000)
    enc = mlp(16, 8, 64, 2)

    class Siam(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.enc = enc

        def forward(self, p):
            return torch.stack([self.enc(p[:, 0]), self.enc(p[:, 1])], 1)
    lf = torch.nn.CosineEmbeddingLoss(margin=0.2)

    def loss(o, t_):
        return lf(o[:, 0], o[:, 1], t_)
    model = Siam()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def ep(e, tr, va):
        print(f"epoch={e}, train_loss={tr[0]:.4f}, valid_loss={va[0]:.4f}")
    fit(model, opt, Ptr, ttr, Pva, tva, 25, 64, loss, on_epoch=ep, metric="none")


# ======================================================================================== csv / jsonl by hand (8)


@run("csv_custom", "polyreg-mlp-adam-csv-writer")
def _(d):
    import csv
    torch = T()
    X, y = polyreg(2000, seed=16)
    Xtr, ytr, Xva, yva = split(X, y, 400)
    model = mlp(1, 1, 64, 2, act=torch.nn.Tanh)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    f = open(os.path.join(d, "history.csv"), "w", newline="")
    w = csv.writer(f)
    w.writerow(["epoch", "train_mse", "val_mse", "val_mae"])

    def ep(e, tr, va):
        w.writerow([e, round(tr[0], 5), round(va[0], 5), round(va[1], 5)])
    fit(model, opt, Xtr, ytr, Xva, yva, 80, 64, torch.nn.MSELoss(), on_epoch=ep, metric="mae")
    f.close()


@run("csv_custom", "gmm40-mlp-adam-lr0.5-dictwriter")
def _(d):
    import csv
    torch = T()
    X, y = gmm(6000, 40, seed=17)
    Xtr, ytr, Xva, yva = split(X, y, 1000)
    Xtr, Xva = std(Xtr, Xva)
    model = mlp(16, 40, 128, 2)
    opt = torch.optim.Adam(model.parameters(), lr=0.5)
    f = open(os.path.join(d, "log.csv"), "w", newline="")
    w = csv.DictWriter(f, ["step", "epoch", "loss", "val_loss", "val_acc"])
    w.writeheader()

    def st(s, e, l, g, lr, ev):
        row = {"step": s, "epoch": e, "loss": f"{l:.5f}"}
        if ev:
            row.update(val_loss=f"{ev[0]:.5f}", val_acc=f"{ev[1]:.4f}")
        w.writerow(row)
    fit(model, opt, Xtr, ytr, Xva, yva, 8, 64, torch.nn.CrossEntropyLoss(), on_step=st, eval_every=40)
    f.close()


@run("csv_custom", "credit-embedding-mlp-labels-shuffled-jsonl")
def _(d):
    torch = T()
    num, cat, y = credit(1400, seed=18)
    num = np.log1p(num)
    num = ((num - num.mean(0)) / num.std(0)).astype(np.float32)
    r = np.random.default_rng(18)
    ntr = 600
    y_tr = y[:ntr].copy()
    r.shuffle(y_tr)  # the bug: labels shuffled on their own, apart from the rows

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.e = torch.nn.ModuleList([torch.nn.Embedding(6, 4), torch.nn.Embedding(3, 2), torch.nn.Embedding(8, 4)])
            self.m = mlp(4 + 10, 2, 256, 3)

        def forward(self, x):
            n, c = x[:, :4], x[:, 4:].long()
            return self.m(torch.cat([n] + [e(c[:, i]) for i, e in enumerate(self.e)], 1))
    X = np.concatenate([num, cat.astype(np.float32)], 1)
    model = Net()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    f = open(os.path.join(d, "metrics.jsonl"), "w")

    def ep(e, tr, va):
        f.write(json.dumps({"epoch": e, "train_loss": tr[0], "train_acc": tr[1], "valid_loss": va[0], "valid_acc": va[1]}) + "\n")
    fit(model, opt, X[:ntr], y_tr, X[ntr:], y[ntr:], 120, 32, torch.nn.CrossEntropyLoss(), on_epoch=ep)
    f.close()


@run("csv_custom", "multilabel-tagging-bce-jsonl-steps")
def _(d):
    torch = T()
    X, Y = multilabel(4000, seed=19)
    Xtr, Ytr, Xva, Yva = split(X, Y, 600)
    model = mlp(20, 6, 128, 2, dropout=0.1)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=0.01)
    f = open(os.path.join(d, "train_log.jsonl"), "w")

    def st(s, e, l, g, lr, ev):
        if s % 5 == 0:
            f.write(json.dumps({"type": "train", "it": s, "bce": round(l, 5), "lr": lr}) + "\n")
        if ev:
            f.write(json.dumps({"type": "eval", "it": s, "eval_bce": round(ev[0], 5), "eval_label_acc": round(ev[1], 4)}) + "\n")
    fit(model, opt, Xtr, Ytr, Xva, Yva, 15, 32, torch.nn.BCEWithLogitsLoss(), on_step=st, eval_every=106, metric="mlabel")
    f.close()


@run("csv_custom", "ddpm-moons-mlp-per-step-csv")
def _(d):
    torch = T()
    data = torch.as_tensor(moons2d(8000, seed=20))
    Tn = 50
    betas = torch.linspace(1e-4, 0.05, Tn)
    abar = torch.cumprod(1 - betas, 0)
    net = mlp(3, 2, 128, 3, act=torch.nn.SiLU)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    f = open(os.path.join(d, "loss_log.csv"), "w")
    f.write("iteration,noise_mse\n")
    g = torch.Generator().manual_seed(20)
    for it in range(1, 1501):
        idx = torch.randint(0, len(data), (128,), generator=g)
        x0 = data[idx]
        t = torch.randint(0, Tn, (128,), generator=g)
        eps = torch.randn(x0.shape, generator=g)
        xt = abar[t].sqrt()[:, None] * x0 + (1 - abar[t]).sqrt()[:, None] * eps
        loss = ((net(torch.cat([xt, (t[:, None].float() / Tn)], 1)) - eps) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        f.write(f"{it},{loss.item():.6f}\n")
    f.close()


@run("csv_custom", "denoise1d-cnn-unnormalised-join")
def _(d):
    torch = T()
    X, Y = signals(2000, seed=21)
    X, Y = X * 500 + 2000, Y * 500 + 2000  # raw sensor counts, never normalised
    Xtr, Ytr, Xva, Yva = split(X, Y, 300)
    model = make_denoiser()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    f = open(os.path.join(d, "train.csv"), "w")
    f.write(",".join(["epoch", "loss", "val_loss"]) + "\n")

    def ep(e, tr, va):
        f.write(",".join([str(e), f"{tr[0]:.3f}", f"{va[0]:.3f}"]) + "\n")
    fit(model, opt, Xtr, Ytr, Xva, Yva, 25, 32, torch.nn.MSELoss(), on_epoch=ep, metric="mae")
    f.close()


@run("csv_custom", "checker-mlp-sgd-lr1e-5-pandas")
def _(d):
    import pandas as pd
    torch = T()
    X, y = checkerboard(3000, seed=22)
    Xtr, ytr, Xva, yva = split(X, y, 600)
    model = mlp(2, 2, 96, 3)
    opt = torch.optim.SGD(model.parameters(), lr=1e-5)
    rows = []

    def ep(e, tr, va):
        rows.append({"epoch": e, "train/loss": tr[0], "train/acc": tr[1], "val/loss": va[0], "val/acc": va[1]})
    fit(model, opt, Xtr, ytr, Xva, yva, 50, 64, torch.nn.CrossEntropyLoss(), on_epoch=ep)
    pd.DataFrame(rows).to_csv(os.path.join(d, "results.csv"), index=False)


@run("csv_custom", "names-embbag-mse-on-onehot")
def _(d):
    import csv
    torch = T()
    X, y = names(3000, seed=23)
    Xtr, ytr, Xva, yva = split(X, y, 500)

    class Bag(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.bag = torch.nn.EmbeddingBag(27 * 27, 32, mode="mean")
            self.fc = torch.nn.Linear(32, 4)

        def forward(self, x):
            bi = x[:, :-1] * 27 + x[:, 1:]
            off = None
            return self.fc(self.bag(bi, off))
    model = Bag()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)

    def mse_onehot(o, t):  # the wrong loss for a 4-way classification: MSE between raw scores and one-hot
        return torch.nn.functional.mse_loss(o, torch.nn.functional.one_hot(t, 4).float())
    f = open(os.path.join(d, "log.csv"), "w", newline="")
    w = csv.writer(f, delimiter=";")
    w.writerow(["Epoch", "TrainLoss", "ValLoss", "ValAcc"])

    def ep(e, tr, va):
        w.writerow([e, f"{tr[0]:.5f}", f"{va[0]:.5f}", f"{va[1]:.4f}"])
    fit(model, opt, Xtr, ytr, Xva, yva, 40, 32, mse_onehot, on_epoch=ep)
    f.close()


# ======================================================================================== tensorboard SummaryWriter (8)


def writer(d):
    from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(log_dir=d)


@run("tfevents", "shapes-resnet-sgd-steplr")
def _(d):
    torch = T()
    X, y = shapes(2000, seed=24)
    Xtr, ytr, Xva, yva = split(X, y, 400)
    model = make_resnet(8)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.StepLR(opt, 5, 0.2)
    w = writer(d)

    def st(s, e, l, g, lr, ev):
        w.add_scalar("Loss/train", l, s)

    def ep(e, tr, va):
        w.add_scalar("Loss/val", va[0], e * 50)
        w.add_scalar("Acc/val", va[1], e * 50)
        w.add_scalar("lr", opt.param_groups[0]["lr"], e * 50)
    fit(model, opt, Xtr, ytr, Xva, yva, 12, 32, torch.nn.CrossEntropyLoss(), on_step=st, on_epoch=ep, sched=sched)
    w.close()


@run("tfevents", "shapes-resnet-sgd-lr2-momentum")
def _(d):
    torch = T()
    X, y = shapes(2000, seed=25)
    Xtr, ytr, Xva, yva = split(X, y, 400)
    model = make_resnet(8)
    opt = torch.optim.SGD(model.parameters(), lr=2.0, momentum=0.9)
    w = writer(d)

    def st(s, e, l, g, lr, ev):
        w.add_scalar("train_loss", l, s)

    def ep(e, tr, va):
        w.add_scalar("val_loss", va[0], e)
        w.add_scalar("val_accuracy", va[1], e)
    fit(model, opt, Xtr, ytr, Xva, yva, 10, 32, torch.nn.CrossEntropyLoss(), on_step=st, on_epoch=ep)
    w.close()


@run("tfevents", "sort-gru-adam-lr0.3")
def _(d):
    torch = T()
    X, Y = sortseq(5000, seed=26)
    Xtr, Ytr, Xva, Yva = split(X, Y, 500)
    model = make_sorter()
    opt = torch.optim.Adam(model.parameters(), lr=0.3)
    w = writer(d)

    def st(s, e, l, g, lr, ev):
        w.add_scalar("loss/train", l, s)
        w.add_scalar("grad/norm", g, s)
        if ev:
            w.add_scalar("loss/dev", ev[0], s)
            w.add_scalar("acc/dev", ev[1], s)
    fit(model, opt, Xtr, Ytr, Xva, Yva, 5, 64, seq_ce, on_step=st, eval_every=50)
    w.close()


@run("tfevents", "gmm12-mixer-adam-early-stopping")
def _(d):
    torch = T()
    X, y = gmm(3000, 12, seed=27, spread=1.5)
    Xtr, ytr, Xva, yva = split(X, y, 600)
    Xtr, Xva = std(Xtr, Xva)
    model = make_mixer()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    w = writer(d)
    best = [1e9, 0]

    def st(s, e, l, g, lr, ev):
        if s % 5 == 0:
            w.add_scalar("train/loss", l, s)
            w.add_scalar("train/grad_norm", g, s)

    def ep(e, tr, va):
        w.add_scalar("eval/loss", va[0], e)
        w.add_scalar("eval/accuracy", va[1], e)
        if va[0] < best[0] - 1e-3:
            best[:] = [va[0], 0]
        else:
            best[1] += 1
        return best[1] >= 5  # patience 5
    fit(model, opt, Xtr, ytr, Xva, yva, 100, 32, torch.nn.CrossEntropyLoss(), on_step=st, on_epoch=ep)
    w.close()


@run("tfevents", "siamese-tiny-pairs-300-epochs")
def _(d):
    torch = T()
    X, y = gmm(400, 10, d=16, seed=28, spread=1.8)
    r = np.random.default_rng(28)
    i = r.integers(0, 400, 800)
    j = np.where(r.uniform(size=800) < 0.5, [r.choice(np.where(y == y[a])[0]) for a in i], r.integers(0, 400, 800))
    P = np.stack([X[i], X[j]], 1).astype(np.float32)
    t = (y[i] == y[j]).astype(np.float32)
    Ptr, ttr, Pva, tva = P[:40], t[:40], P[400:], t[400:]  # 40 training pairs

    class Siam(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.enc = mlp(16, 16, 128, 2)
            self.head = torch.nn.Linear(1, 1)

        def forward(self, p):
            a, b = self.enc(p[:, 0]), self.enc(p[:, 1])
            return self.head(-(a - b).pow(2).sum(1, keepdim=True)).squeeze(1)
    model = Siam()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    w = writer(d)

    def ep(e, tr, va):
        w.add_scalar("contrastive/train", tr[0], e)
        w.add_scalar("contrastive/val", va[0], e)
        w.add_scalar("pair_acc/val", va[1], e)
    fit(model, opt, Ptr, ttr, Pva, tva, 300, 40, torch.nn.BCEWithLogitsLoss(), on_epoch=ep, metric="bin")
    w.close()


@run("tfevents", "circles-frozen-all-but-bias")
def _(d):
    torch = T()
    X, y = circles(2000, 3, seed=29)
    Xtr, ytr, Xva, yva = split(X, y, 400)
    model = mlp(2, 3, 64, 2)
    for p in model.parameters():
        p.requires_grad = False
    model[-1].bias.requires_grad = True
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    w = writer(d)

    def st(s, e, l, g, lr, ev):
        w.add_scalar("train/ce", l, s)

    def ep(e, tr, va):
        w.add_scalar("valid/ce", va[0], s_of(e))
        w.add_scalar("valid/acc", va[1], s_of(e))

    def s_of(e):
        return e * 50
    fit(model, opt, Xtr, ytr, Xva, yva, 30, 32, torch.nn.CrossEntropyLoss(), on_step=st, on_epoch=ep)
    w.close()


@run("tfevents", "polyreg-targets-rolled-misaligned")
def _(d):
    torch = T()
    X, y = polyreg(2000, seed=30)
    Xtr, ytr, Xva, yva = split(X, y, 400)
    ytr = np.roll(ytr, 1, axis=0)  # off-by-one when the target column was built: every x gets its neighbour's y
    model = mlp(1, 1, 64, 3, act=torch.nn.Tanh)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    w = writer(d)

    def ep(e, tr, va):
        w.add_scalar("mse", tr[0], e)
        w.add_scalar("val_mse", va[0], e)
    fit(model, opt, Xtr, ytr, Xva, yva, 60, 64, torch.nn.MSELoss(), on_epoch=ep, metric="mae")
    w.close()


@run("tfevents", "denoise1d-cnn-cosine-add-scalars")
def _(d):
    torch = T()
    X, Y = signals(2400, seed=31)
    Xtr, Ytr, Xva, Yva = split(X, Y, 400)
    model = make_denoiser(24)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 20 * 63)
    w = writer(d)

    def st(s, e, l, g, lr, ev):
        if s % 10 == 0:
            w.add_scalar("lr", lr, s)
            w.add_scalars("mse", {"train": l}, s)
        if ev:
            w.add_scalars("mse", {"val": ev[0]}, s)
    fit(model, opt, Xtr, Ytr, Xva, Yva, 20, 32, torch.nn.MSELoss(), on_step=st, sched=sched, sched_per_step=True,
        eval_every=63, metric="mae")
    w.close()


# ======================================================================================== Lightning (5)


def lit_module(model, loss_fn, opt_fn, names, metric="acc", sched_fn=None, kill_at=None):
    import lightning as L
    import torch

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.model = model

        def training_step(self, batch, i):
            x, y = batch
            o = self.model(x)
            loss = loss_fn(o, y)
            self.log(names[0], loss, on_step=True, on_epoch=True)
            if kill_at and self.global_step == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return loss

        def validation_step(self, batch, i):
            x, y = batch
            o = self.model(x)
            self.log(names[1], loss_fn(o, y))
            self.log(names[2], score(o, y, metric))

        def configure_optimizers(self):
            opt = opt_fn(self.parameters())
            if sched_fn:
                return {"optimizer": opt, "lr_scheduler": sched_fn(opt)}
            return opt
    return Lit()


def lit_fit(d, lit, Xtr, ytr, Xva, yva, epochs, bs, logger="csv", callbacks=(), **kw):
    import lightning as L
    import torch
    from torch.utils.data import DataLoader, TensorDataset
    L.seed_everything(0, verbose=False)
    lg = (L.pytorch.loggers.CSVLogger(d) if logger == "csv" else L.pytorch.loggers.TensorBoardLogger(d))
    tr = DataLoader(TensorDataset(torch.as_tensor(Xtr), torch.as_tensor(ytr)), batch_size=bs, shuffle=True)
    va = DataLoader(TensorDataset(torch.as_tensor(Xva), torch.as_tensor(yva)), batch_size=256)
    trainer = L.Trainer(max_epochs=epochs, logger=lg, enable_checkpointing=False, enable_progress_bar=False,
                        enable_model_summary=False, accelerator="cpu", devices=1, callbacks=list(callbacks), **kw)
    trainer.fit(lit, tr, va)


@run("lightning_csv", "gmm5-mlp-cosine-lrmonitor")
def _(d):
    import lightning as L
    torch = T()
    X, y = gmm(3000, 5, seed=32, spread=1.8)
    Xtr, ytr, Xva, yva = split(X, y, 600)
    Xtr, Xva = std(Xtr, Xva)
    lit = lit_module(mlp(16, 5, 64, 2), torch.nn.CrossEntropyLoss(),
                     lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9),
                     ["train_loss", "val_loss", "val_acc"],
                     sched_fn=lambda o: torch.optim.lr_scheduler.CosineAnnealingLR(o, 20))
    lit_fit(d, lit, Xtr, ytr, Xva, yva, 20, 32, callbacks=[L.pytorch.callbacks.LearningRateMonitor("epoch")],
            log_every_n_steps=10)


@run("lightning_csv", "checker-mlp-sgd-lr5")
def _(d):
    torch = T()
    X, y = checkerboard(3000, seed=33)
    Xtr, ytr, Xva, yva = split(X, y, 600)
    lit = lit_module(mlp(2, 2, 96, 3), torch.nn.CrossEntropyLoss(),
                     lambda p: torch.optim.SGD(p, lr=5.0, momentum=0.9),
                     ["loss", "val/loss", "val/acc"])
    lit_fit(d, lit, Xtr, ytr, Xva, yva, 15, 32, log_every_n_steps=5)


@run("tfevents", "credit-mlp-lightning-tensorboard")
def _(d):
    torch = T()
    num, cat, y = credit(5000, seed=34)
    num = np.log1p(num)
    num = (num - num.mean(0)) / num.std(0)
    oh = np.concatenate([np.eye(6)[cat[:, 0]], np.eye(3)[cat[:, 1]], np.eye(8)[cat[:, 2]]], 1)
    X = np.concatenate([num, oh], 1).astype(np.float32)
    Xtr, ytr, Xva, yva = split(X, y, 1000)
    lit = lit_module(mlp(X.shape[1], 2, 64, 2, dropout=0.2), torch.nn.CrossEntropyLoss(),
                     lambda p: torch.optim.Adam(p, lr=1e-3), ["train_ce", "valid_ce", "valid_accuracy"])
    lit_fit(d, lit, Xtr, ytr, Xva, yva, 12, 64, logger="tb", log_every_n_steps=20)


@run("lightning_csv", "names-attnpool-killed-epoch6")
def _(d):
    torch = T()
    X, y = names(3000, seed=35)
    Xtr, ytr, Xva, yva = split(X, y, 500)
    lit = lit_module(make_attnpool_clf(), torch.nn.CrossEntropyLoss(),
                     lambda p: torch.optim.Adam(p, lr=2e-3), ["train_loss", "val_loss", "val_acc"],
                     kill_at=5 * 79 + 40)
    lit_fit(d, lit, Xtr, ytr, Xva, yva, 12, 32, log_every_n_steps=10)


@run("lightning_csv", "shapes-cnn-64-images-overfit")
def _(d):
    torch = T()
    X, y = shapes(464, seed=36)
    Xtr, ytr, Xva, yva = X[:64], y[:64], X[64:], y[64:]
    cnn = torch.nn.Sequential(torch.nn.Conv2d(1, 32, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
                              torch.nn.Conv2d(32, 64, 3, padding=1), torch.nn.ReLU(), torch.nn.Flatten(),
                              torch.nn.Linear(64 * 64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 4))
    lit = lit_module(cnn, torch.nn.CrossEntropyLoss(), lambda p: torch.optim.Adam(p, lr=1e-3),
                     ["train_loss", "val_loss", "val_acc"])
    lit_fit(d, lit, Xtr, ytr, Xva, yva, 60, 16, log_every_n_steps=4)


# ======================================================================================== Keras 3 (5)


def keras_xy(X, y):
    return np.asarray(X, np.float32), np.asarray(y)


@run("keras_csvlogger", "circles-dense-adam")
def _(d):
    import keras
    keras.utils.set_random_seed(0)
    X, y = circles(2000, 3, seed=37)
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(32, activation="relu"),
                          keras.layers.Dense(32, activation="relu"), keras.layers.Dense(3)])
    m.compile(optimizer=keras.optimizers.Adam(3e-3), loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    m.fit(X, y, batch_size=32, epochs=30, validation_split=0.2, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(d, "training.csv"))])


@run("keras_csvlogger", "gmm20-dense-adam-lr2")
def _(d):
    import keras
    keras.utils.set_random_seed(0)
    X, y = gmm(4000, 20, seed=38)
    X = (X - X.mean(0)) / X.std(0)
    m = keras.Sequential([keras.Input((16,)), keras.layers.Dense(128, activation="relu"),
                          keras.layers.Dense(128, activation="relu"), keras.layers.Dense(20, activation="softmax")])
    m.compile(optimizer=keras.optimizers.Adam(2.0), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(X, y, batch_size=64, epochs=20, validation_split=0.2, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(d, "log.csv"))])


@run("keras_csvlogger", "credit-raw-features-sgd")
def _(d):
    import keras
    keras.utils.set_random_seed(0)
    num, cat, y = credit(5000, seed=39)
    X = np.concatenate([num, cat.astype(np.float32)], 1)  # raw income etc., categories as integers
    m = keras.Sequential([keras.Input((7,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid")])
    m.compile(optimizer=keras.optimizers.SGD(0.01), loss="binary_crossentropy", metrics=["accuracy"])
    m.fit(X, y.astype(np.float32), batch_size=64, epochs=20, validation_split=0.2, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(d, "credit_log.csv"))])


@run("keras_history_json", "polyreg-dense-earlystopping")
def _(d):
    import keras
    keras.utils.set_random_seed(0)
    X, y = polyreg(2000, seed=40)
    m = keras.Sequential([keras.Input((1,)), keras.layers.Dense(64, activation="tanh"),
                          keras.layers.Dense(64, activation="tanh"), keras.layers.Dense(1)])
    m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="mse", metrics=["mae"])
    h = m.fit(X, y, batch_size=32, epochs=200, validation_split=0.2, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(patience=8, restore_best_weights=True)])
    with open(os.path.join(d, "history.json"), "w") as f:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f, indent=1)


@run("keras_history_json", "multilabel-dense-adam-lr1e-6")
def _(d):
    import keras
    keras.utils.set_random_seed(0)
    X, Y = multilabel(3000, seed=41)
    m = keras.Sequential([keras.Input((20,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(6, activation="sigmoid")])
    m.compile(optimizer=keras.optimizers.Adam(1e-6), loss="binary_crossentropy", metrics=["binary_accuracy"])
    h = m.fit(X, Y, batch_size=32, epochs=25, validation_split=0.2, verbose=0)
    with open(os.path.join(d, "hist.json"), "w") as f:
        json.dump(h.history, f)


# ======================================================================================== HF Trainer (5)


class _DS:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def hf_names(seed, n):
    import torch
    X, y = names(n, seed=seed, maxlen=14)
    ids = np.where(X > 0, X + 2, 0)  # 0 pad, 1 cls; letters 3..28
    ids = np.concatenate([np.ones((n, 1), int), ids], 1)
    return [{"input_ids": torch.as_tensor(a), "attention_mask": torch.as_tensor((a > 0).astype(int)),
             "labels": torch.as_tensor(int(b))} for a, b in zip(ids, y)]


def hf_sort(seed, n):
    import torch
    X, Y = sortseq(n, L=6, seed=seed)
    seq = np.concatenate([X + 2, np.full((n, 1), 12), Y + 2], 1)  # digits 2..11, 12 = '>'
    lab = seq.copy()
    lab[:, :7] = -100
    return [{"input_ids": torch.as_tensor(s), "labels": torch.as_tensor(l)} for s, l in zip(seq, lab)]


def hf_acc(p):
    return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}


def hf_train(d, model, train, evald, lr, steps=None, epochs=None, bs=32, eval_steps=25, log_steps=5,
             compute_metrics=None, sched="linear", warmup=0.0):
    import transformers
    args = transformers.TrainingArguments(
        output_dir=d, learning_rate=lr, per_device_train_batch_size=bs, per_device_eval_batch_size=128,
        max_steps=steps or -1, num_train_epochs=epochs or 1, eval_strategy="steps", eval_steps=eval_steps,
        logging_steps=log_steps, save_strategy="no", report_to=["tensorboard"], seed=0, use_cpu=True,
        lr_scheduler_type=sched, warmup_steps=int(warmup * (steps or 0)), dataloader_num_workers=0, disable_tqdm=True)
    tr = transformers.Trainer(model=model, args=args, train_dataset=_DS(train), eval_dataset=_DS(evald),
                              compute_metrics=compute_metrics)
    res = tr.train()
    tr.log_metrics("train", res.metrics)
    tr.save_metrics("train", res.metrics)
    m = tr.evaluate()
    tr.save_metrics("eval", m)
    tr.save_state()


def tiny_bert(k=4, seed=0):
    import transformers
    transformers.set_seed(seed)
    cfg = transformers.BertConfig(vocab_size=32, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                                  intermediate_size=64, max_position_embeddings=32, num_labels=k)
    return transformers.BertForSequenceClassification(cfg)


def tiny_gpt2(seed=0):
    import transformers
    transformers.set_seed(seed)
    cfg = transformers.GPT2Config(vocab_size=16, n_positions=16, n_embd=48, n_layer=2, n_head=2)
    return transformers.GPT2LMHeadModel(cfg)


@run("hf_trainer_state", "bert-tiny-names-healthy")
def _(d):
    T()
    hf_train(d, tiny_bert(), hf_names(42, 3000), hf_names(43, 400), 2e-3, steps=300, eval_steps=30,
             compute_metrics=hf_acc, warmup=0.1)


@run("hf_trainer_state", "bert-tiny-names-lr200")
def _(d):
    T()
    hf_train(d, tiny_bert(), hf_names(44, 3000), hf_names(45, 400), 200.0, steps=200, eval_steps=25,
             compute_metrics=hf_acc)


@run("hf_trainer_state", "gpt2-tiny-sort-lm-cosine")
def _(d):
    T()
    hf_train(d, tiny_gpt2(), hf_sort(46, 6000), hf_sort(47, 300), 3e-3, steps=400, eval_steps=40, bs=64,
             sched="cosine", warmup=0.05)


@run("hf_trainer_state", "gpt2-tiny-sort-40-examples-overfit")
def _(d):
    T()
    hf_train(d, tiny_gpt2(), hf_sort(48, 40), hf_sort(49, 300), 3e-3, epochs=100, eval_steps=10, bs=8,
             log_steps=5, sched="constant")


@run("hf_trainer_state", "bert-tiny-names-lr1e-7")
def _(d):
    T()
    hf_train(d, tiny_bert(), hf_names(50, 3000), hf_names(51, 400), 1e-7, steps=250, eval_steps=50,
             compute_metrics=hf_acc)


# ======================================================================================== driver


def run_one(name):
    fmt, f = RUNS[name]
    f(outdir(fmt, name))


def drive(names_):
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1",
               TOKENIZERS_PARALLELISM="false", HF_HUB_OFFLINE="1", TRANSFORMERS_NO_ADVISORY_WARNINGS="1")
    for name in names_:
        fmt, _f = RUNS[name]
        d = outdir(fmt, name)
        for root, dirs, files in os.walk(d, topdown=False):
            for x in files:
                os.remove(os.path.join(root, x))
            for x in dirs:
                os.rmdir(os.path.join(root, x))
        t0 = time.time()
        passes = [dict()]
        if name == "shapes-resnet-killed-resumed":
            passes = [dict(), dict(NU4_RESUME="1")]
        for extra in passes:
            if name in PRINT_LOG:
                with open(os.path.join(d, PRINT_LOG[name]), "a") as out:
                    rc = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", name], cwd=d,
                                        env=dict(env, **extra), stdout=out, stderr=subprocess.STDOUT).returncode
            else:
                rc = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", name], cwd=d,
                                    env=dict(env, **extra), stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE).returncode
            print(f"{name}: exit {rc}, {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        run_one(sys.argv[2])
    else:
        drive(sys.argv[1:] or list(RUNS))
