"""Make the lock-box batch 2026-11-29nu3: small real trainings on the CPU, logged the way a new user would.

Usage:  OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py [run ...]     (default: every run)

Each run is trained in its own process (``python make_runs.py --one <format>/<name> [--launch k]``), one at a
time, with fixed seeds. All data is generated with numpy below (no downloads). Files go to ``runs/<format>/<name>/``.
Text-log runs have their stdout/stderr redirected to a file by the parent, as ``python train.py > train.log 2>&1``
would. Nothing in here reads or imports curvedoc.
"""
from __future__ import annotations

import csv
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
RUNS = HERE / "runs"
TMP = Path(os.environ.get("NU3_TMP", "/tmp/nu3_make_runs"))

REGISTRY: dict[str, dict] = {}


def run(name, how, stdout=None, launches=1):
    """Register a training. ``stdout``: file name (in the run folder) the parent redirects stdout+stderr to."""
    def deco(fn):
        REGISTRY[name] = dict(fn=fn, how=how, stdout=stdout, launches=launches)
        return fn
    return deco


# ----------------------------------------------------------------------------------------------------------------
# data (numpy only)
# ----------------------------------------------------------------------------------------------------------------

def spirals(n, k=3, noise=0.25, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    r = rng.uniform(0.1, 1.0, n)
    t = r * 3.2 + y * 2 * np.pi / k + rng.normal(0, noise, n) * r
    X = np.stack([r * np.cos(t), r * np.sin(t)], 1).astype(np.float32)
    return X, y.astype(np.int64)


def xorish(n, dims=10, seed=0):
    """Label = sign(x0*x1) with 8 distractor dimensions and 5% label noise."""
    rng = np.random.default_rng(seed)
    X = rng.normal(0, 1, (n, dims)).astype(np.float32)
    y = (X[:, 0] * X[:, 1] > 0).astype(np.int64)
    flip = rng.random(n) < 0.05
    y[flip] = 1 - y[flip]
    return X, y


def sine_reg(n, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-3, 3, (n, 1)).astype(np.float32)
    y = (np.sin(2 * x) + 0.3 * x + rng.normal(0, 0.1, (n, 1))).astype(np.float32)
    return x, y


_SYL = ["ka", "lo", "mi", "ne", "tu", "ra", "shi", "po", "de", "vu", "zen", "ba", "qua", "fi", "go", "ye"]


def vocab(size=400, seed=1):
    rng = np.random.default_rng(seed)
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(_SYL, rng.integers(1, 4))))
    return sorted(words)


def sentiment(n, seed=0, vsize=400, length=24):
    """Bag-of-words sentiment: 40 positive and 40 negative words in a generated vocabulary, the rest neutral."""
    V = vocab(vsize)
    rng = np.random.default_rng(1000 + seed)
    pos, neg = np.arange(2, 42), np.arange(42, 82)
    y = rng.integers(0, 2, n)
    ids = rng.integers(82, vsize, (n, length))
    for i in range(n):
        m = rng.integers(1, 5)
        main = rng.choice(pos if y[i] else neg, m)
        other = rng.choice(neg if y[i] else pos, rng.integers(0, m))
        slots = rng.choice(length, len(main) + len(other), replace=False)
        ids[i, slots] = np.concatenate([main, other])
    bow = np.zeros((n, vsize), np.float32)
    for i in range(n):
        np.add.at(bow[i], ids[i], 1.0)
    return ids.astype(np.int64), bow, y.astype(np.int64), V


_SEG = {  # seven-segment strokes on a 5 x 9 box: (x0, y0, x1, y1)
    "a": (0, 0, 4, 0), "b": (4, 0, 4, 4), "c": (4, 4, 4, 8), "d": (0, 8, 4, 8),
    "e": (0, 4, 0, 8), "f": (0, 0, 0, 4), "g": (0, 4, 4, 4)}
_DIG = ["abcdef", "bc", "abged", "abgcd", "fgbc", "afgcd", "afgedc", "abc", "abcdefg", "abcdfg"]


def digits(n, seed=0, size=28):
    """28x28 'handwritten-like' digits: seven-segment strokes with random shift, scale, slant, thickness, noise."""
    rng = np.random.default_rng(seed)
    X = np.zeros((n, size, size), np.float32)
    y = rng.integers(0, 10, n)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    for i in range(n):
        sc = rng.uniform(1.9, 2.4)
        ox, oy = rng.uniform(6, 11), rng.uniform(3, 6)
        slant = rng.uniform(-0.25, 0.25)
        th = rng.uniform(0.9, 1.6)
        img = np.zeros((size, size), np.float32)
        for s in _DIG[y[i]]:
            x0, y0, x1, y1 = _SEG[s]
            p0 = np.array([ox + sc * x0 + slant * sc * (8 - y0), oy + sc * y0]) + rng.normal(0, 0.5, 2)
            p1 = np.array([ox + sc * x1 + slant * sc * (8 - y1), oy + sc * y1]) + rng.normal(0, 0.5, 2)
            d = p1 - p0
            t = np.clip(((xx - p0[0]) * d[0] + (yy - p0[1]) * d[1]) / (d @ d + 1e-6), 0, 1)
            dist = np.hypot(xx - (p0[0] + t * d[0]), yy - (p0[1] + t * d[1]))
            img = np.maximum(img, np.clip(1.5 - dist / th, 0, 1))
        img = img * rng.uniform(0.7, 1.0) + rng.normal(0, 0.08, img.shape)
        X[i] = np.clip(img, 0, 1)
    return X, y.astype(np.int64)


def series(n_steps=3000, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(n_steps)
    ar = np.zeros(n_steps)
    for i in range(1, n_steps):
        ar[i] = 0.8 * ar[i - 1] + rng.normal(0, 0.15)
    s = np.sin(2 * np.pi * t / 50) + 0.5 * np.sin(2 * np.pi * t / 13 + 1) + ar
    return s.astype(np.float32)


def windows(s, w=24):
    X = np.stack([s[i:i + w] for i in range(len(s) - w)])[:, :, None]
    y = s[w:][:, None]
    return X.astype(np.float32), y.astype(np.float32)


def charseq(n_chars=60000, seed=0):
    """English-like text from a tiny phrase grammar (for char-level LMs)."""
    rng = np.random.default_rng(seed)
    subj = ["the cat", "a dog", "my friend", "the old man", "some birds", "the river", "our team"]
    verb = ["sees", "likes", "runs past", "carries", "finds", "watches", "follows"]
    obj = ["the ball", "a red house", "the moon", "many apples", "the long road", "a small boat"]
    out = []
    while sum(map(len, out)) < n_chars:
        out.append(f"{rng.choice(subj)} {rng.choice(verb)} {rng.choice(obj)}. ")
    text = "".join(out)[:n_chars]
    chars = sorted(set(text))
    return text, chars


def ring_gaussians(n, seed=0):
    rng = np.random.default_rng(seed)
    k = rng.integers(0, 8, n)
    ang = 2 * np.pi * k / 8
    return (np.stack([2 * np.cos(ang), 2 * np.sin(ang)], 1) + rng.normal(0, 0.05, (n, 2))).astype(np.float32)


# ----------------------------------------------------------------------------------------------------------------
# torch helpers
# ----------------------------------------------------------------------------------------------------------------

def T():
    import torch
    torch.set_num_threads(1)
    return torch


def mlp(sizes, act="relu", dropout=0.0, bn=False):
    torch = T()
    nn = torch.nn
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            if bn:
                layers.append(nn.BatchNorm1d(sizes[i + 1]))
            layers.append({"relu": nn.ReLU, "tanh": nn.Tanh, "gelu": nn.GELU}[act]())
            if dropout:
                layers.append(nn.Dropout(dropout))
    return nn.Sequential(*layers)


def small_cnn(bn=False, ch=8):
    torch = T()
    nn = torch.nn
    return nn.Sequential(
        nn.Conv2d(1, ch, 3, padding=1), *( [nn.BatchNorm2d(ch)] if bn else []), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(ch, 2 * ch, 3, padding=1), *( [nn.BatchNorm2d(2 * ch)] if bn else []), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(2 * ch * 49, 64), nn.ReLU(), nn.Linear(64, 10))


def tiny_transformer(vocab_size, n_cls=2, d=32, layers=2, seqlen=24):
    torch = T()
    nn = torch.nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab_size, d)
            self.pos = nn.Parameter(torch.randn(seqlen, d) * 0.02)
            layer = nn.TransformerEncoderLayer(d, 2, 64, dropout=0.1, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, layers)
            self.head = nn.Linear(d, n_cls)

        def forward(self, x):
            h = self.enc(self.emb(x) + self.pos[: x.shape[1]])
            return self.head(h.mean(1))
    return Net()


def patch_transformer(d=32):
    """Digits as 16 patches of 7x7 -> a 2-layer encoder."""
    torch = T()
    nn = torch.nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(49, d)
            self.pos = nn.Parameter(torch.randn(16, d) * 0.02)
            layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2)
            self.head = nn.Linear(d, 10)

        def forward(self, x):
            p = x.reshape(-1, 4, 7, 4, 7).permute(0, 1, 3, 2, 4).reshape(-1, 16, 49)
            return self.head(self.enc(self.proj(p) + self.pos).mean(1))
    return Net()


class Forecaster:
    @staticmethod
    def make(kind="lstm", hidden=32):
        torch = T()
        nn = torch.nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = {"lstm": nn.LSTM, "gru": nn.GRU}[kind](1, hidden, batch_first=True)
                self.out = nn.Linear(hidden, 1)

            def forward(self, x):
                h, _ = self.rnn(x)
                return self.out(h[:, -1])
        return Net()


def grad_norm(model):
    torch = T()
    g = [p.grad.detach().flatten() for p in model.parameters() if p.grad is not None]
    if not g:
        return 0.0
    return float(torch.linalg.vector_norm(torch.cat(g)))


def train_steps(model, opt, X, y, loss_fn, epochs, bs, seed, sched=None, sched_per="epoch", zero_grad=True,
                clip=None, start_epoch=0):
    """Yield (epoch, batch_index, n_batches, loss, grad_norm) after every optimiser step."""
    torch = T()
    rng = np.random.default_rng(seed)
    n = len(X)
    nb = math.ceil(n / bs)
    for ep in range(start_epoch, epochs):
        perm = rng.permutation(n)
        for bi in range(nb):
            idx = torch.as_tensor(perm[bi * bs:(bi + 1) * bs])
            model.train()
            out = model(X[idx])
            loss = loss_fn(out, y[idx])
            if zero_grad:
                opt.zero_grad()
            loss.backward()
            if clip:
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), clip))
            else:
                gn = grad_norm(model)
            opt.step()
            if sched is not None and sched_per == "step":
                sched.step()
            yield ep, bi, nb, float(loss), gn
        if sched is not None and sched_per == "epoch":
            sched.step()


def evaluate(model, X, y, loss_fn, kind="cls", train_mode=False, bs=512):
    torch = T()
    model.train(train_mode)
    losses, correct, n = 0.0, 0, 0
    with torch.no_grad():
        for i in range(0, len(X), bs):
            out = model(X[i:i + bs])
            losses += float(loss_fn(out, y[i:i + bs])) * len(out)
            if kind == "cls":
                correct += int((out.argmax(1) == y[i:i + bs]).sum())
            n += len(out)
    model.train()
    return losses / n, (correct / n if kind == "cls" else None)


def tensors(*arrays):
    torch = T()
    return [torch.as_tensor(a) for a in arrays]


def seed_all(s):
    torch = T()
    torch.manual_seed(s)
    np.random.seed(s)


def kill_self():
    """Die the way an OOM-killer or `kill -9` ends a job: no exception, no atexit, no flush of Python's buffers."""
    os.kill(os.getpid(), signal.SIGKILL)


# ----------------------------------------------------------------------------------------------------------------
# text logs
# ----------------------------------------------------------------------------------------------------------------

@run("text_log/spiral-mlp-print-pipes", "3-class spirals, MLP 2-64-64-3, Adam 1e-2, 60 epochs; print() per epoch with | "
     "separators, redirected to train.log", stdout="train.log")
def _(d):
    torch = T(); seed_all(1)
    Xtr, ytr = tensors(*spirals(1500, 3, seed=1)); Xva, yva = tensors(*spirals(500, 3, seed=2))
    m = mlp([2, 64, 64, 3]); opt = torch.optim.Adam(m.parameters(), 1e-2); ce = torch.nn.CrossEntropyLoss()
    print(f"train={len(Xtr)} val={len(Xva)} params={sum(p.numel() for p in m.parameters())}")
    run_loss = []
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 60, 64, 1):
        run_loss.append(l)
        if bi == nb - 1:
            vl, va = evaluate(m, Xva, yva, ce)
            print(f"epoch {ep + 1:3d} | loss {np.mean(run_loss):.4f} | val_loss {vl:.4f} | val_acc {va:.3f}")
            run_loss = []


@run("text_log/digits-cnn-sgd-lr2-logging-ts", "synthetic 28x28 digits, small CNN, SGD lr=2.0 momentum 0.9 (LR far "
     "too high), 6 epochs; logging.basicConfig(filename=train.log) with asctime, step lines every 10 steps and "
     "'Eval' lines per epoch")
def _(d):
    import logging
    torch = T(); seed_all(2)
    logging.basicConfig(filename=str(d / "train.log"), level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("train")
    Xtr, ytr = digits(2400, 10); Xva, yva = digits(600, 11)
    Xtr, ytr, Xva, yva = tensors(Xtr[:, None], ytr, Xva[:, None], yva)
    m = small_cnn(); opt = torch.optim.SGD(m.parameters(), lr=2.0, momentum=0.9); ce = torch.nn.CrossEntropyLoss()
    log.info("Starting training: lr=2.0 momentum=0.9 batch=64 epochs=6")
    step = 0
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 6, 64, 2):
        step += 1
        if step % 10 == 0:
            log.info("step %d loss=%.4f", step, l)
        if bi == nb - 1:
            vl, va = evaluate(m, Xva, yva, ce)
            log.info("Eval epoch %d: loss %.4f acc %.4f", ep + 1, vl, va)
    log.info("done")


@run("text_log/sentiment-logreg-tqdm", "bag-of-words sentiment (generated vocabulary of 400 words), logistic regression, "
     "SGD lr 0.5, 15 epochs; tqdm bar per epoch with a loss postfix, then a 'val:' line", stdout="train.log")
def _(d):
    from tqdm import tqdm
    torch = T(); seed_all(3)
    _, bow, y, _ = sentiment(3000, 3); Xtr, ytr, Xva, yva = tensors(bow[:2400], y[:2400], bow[2400:], y[2400:])
    m = torch.nn.Linear(400, 2); opt = torch.optim.SGD(m.parameters(), lr=0.5); ce = torch.nn.CrossEntropyLoss()
    gen = train_steps(m, opt, Xtr, ytr, ce, 15, 32, 3)
    for ep in range(15):
        bar = tqdm(range(75), desc=f"Epoch {ep + 1}/15", mininterval=0)
        for _ in bar:
            _, _, _, l, _ = next(gen)
            bar.set_postfix(loss=f"{l:.4f}")
        bar.close()
        vl, va = evaluate(m, Xva, yva, ce)
        print(f"val: loss={vl:.4f} acc={va:.4f}", flush=True)


@run("text_log/lr-sweep-xor-mlp-two-runs", "XOR-ish table (10 dims), MLP 10-32-32-2; a sweep loop trains lr=3.0 "
     "then lr=0.05 (SGD momentum 0.9) in turn, 40 epochs each, printing both into one file", stdout="sweep.log")
def _(d):
    torch = T()
    Xtr, ytr = xorish(2000, seed=4); Xdv, ydv = xorish(500, seed=5)
    Xtr, ytr, Xdv, ydv = tensors(Xtr, ytr, Xdv, ydv)
    ce = torch.nn.CrossEntropyLoss()
    for lr in [3.0, 0.05]:
        seed_all(4)
        m = mlp([10, 32, 32, 2]); opt = torch.optim.SGD(m.parameters(), lr=lr, momentum=0.9)
        print(f"==== run lr={lr} ====")
        acc_l = []
        for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 40, 50, 4):
            acc_l.append(l)
            if bi == nb - 1:
                vl, va = evaluate(m, Xdv, ydv, ce)
                print(f"ep {ep + 1}/40 train {np.mean(acc_l):.4f} dev {vl:.4f} dev_acc {va:.3f}")
                acc_l = []
        print(f"final dev acc for lr={lr}: {va:.3f}")


@run("text_log/forecast-lstm-resumed", "sine+AR time series, LSTM(32) one-step forecaster, Adam 3e-3, 30 epochs; the "
     "first launch saves a checkpoint every 5 epochs and is SIGKILLed during epoch 13, the relaunch appends to the "
     "same log (>>), resumes from epoch 10 and finishes", stdout="train.log", launches=2)
def _(d, launch=1):
    torch = T(); seed_all(5)
    s = series(2600, 5); X, y = windows(s); Xtr, ytr, Xva, yva = tensors(X[:2000], y[:2000], X[2000:], y[2000:])
    m = Forecaster.make("lstm"); opt = torch.optim.Adam(m.parameters(), 3e-3); mse = torch.nn.MSELoss()
    ck = TMP / "forecast-lstm-resumed.pt"
    start = 0
    if launch == 2:
        state = torch.load(ck)
        m.load_state_dict(state["model"]); opt.load_state_dict(state["opt"]); start = state["epoch"]
        print(f"Resuming from checkpoint {ck.name} at epoch {start}")
    else:
        ck.parent.mkdir(parents=True, exist_ok=True)
        print("Starting training from scratch")
    ls = []
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, mse, 30, 64, 5 + start, start_epoch=start):
        ls.append(l)
        if launch == 1 and ep == 12 and bi == 20:
            kill_self()
        if bi == nb - 1:
            vl, _ = evaluate(m, Xva, yva, mse, kind="reg")
            print(f"[epoch {ep + 1}] train_mse={np.mean(ls):.5f} val_mse={vl:.5f}")
            ls = []
            if (ep + 1) % 5 == 0:
                torch.save({"model": m.state_dict(), "opt": opt.state_dict(), "epoch": ep + 1}, ck)
                print(f"saved checkpoint at epoch {ep + 1}")
    print("Training finished")


@run("text_log/xor-sgd-lr1e-5-per-step", "XOR-ish table, MLP 10-64-64-2, plain SGD lr=1e-5 (far too low), 1500 steps; "
     "'it N: loss x' every 5 steps, a final validation line", stdout="out.txt")
def _(d):
    torch = T(); seed_all(6)
    Xtr, ytr = xorish(3000, seed=6); Xva, yva = xorish(600, seed=7)
    Xtr, ytr, Xva, yva = tensors(Xtr, ytr, Xva, yva)
    m = mlp([10, 64, 64, 2]); opt = torch.optim.SGD(m.parameters(), lr=1e-5); ce = torch.nn.CrossEntropyLoss()
    it = 0
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 25, 50, 6):
        it += 1
        if it % 5 == 0:
            print(f"it {it}: loss {l:.5f}")
    vl, va = evaluate(m, Xva, yva, ce)
    print(f"validation loss {vl:.5f} accuracy {va:.4f}")


@run("text_log/digits-mlp-no-zero-grad-logging", "digits flattened, MLP 784-128-10, SGD lr 0.05 momentum 0.9 without "
     "optimizer.zero_grad() (gradients accumulate), 8 epochs; logging.basicConfig() default format (no timestamps) "
     "to stderr, redirected", stdout="train.log")
def _(d):
    import logging
    logging.basicConfig(level=logging.INFO)
    log = logging.getLogger(__name__)
    torch = T(); seed_all(7)
    Xtr, ytr = digits(2400, 12); Xva, yva = digits(600, 13)
    Xtr, ytr, Xva, yva = tensors(Xtr.reshape(-1, 784), ytr, Xva.reshape(-1, 784), yva)
    m = mlp([784, 128, 10]); opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)
    ce = torch.nn.CrossEntropyLoss()
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 8, 32, 7, zero_grad=False):
        if bi % 15 == 0:
            log.info("epoch %d batch %d/%d loss %.4f", ep, bi, nb, l)
        if bi == nb - 1:
            vl, va = evaluate(m, Xva, yva, ce)
            log.info("validation after epoch %d: loss %.4f, accuracy %.2f%%", ep, vl, 100 * va)


@run("text_log/charlm-relu-rnn-no-clip", "char-level LM on generated text, vanilla RNN with ReLU (128 units), SGD lr "
     "0.3 momentum 0.9, no gradient clipping, 1200 steps; 'step | loss | grad_norm' every 10 steps, val every 200",
     stdout="train.log")
def _(d):
    torch = T(); seed_all(8); nn = torch.nn
    text, chars = charseq(60000, 8); ix = {c: i for i, c in enumerate(chars)}
    data = torch.as_tensor([ix[c] for c in text]); V = len(chars)
    tr, va = data[:54000], data[54000:]

    class RNNLM(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(V, 32); self.rnn = nn.RNN(32, 128, nonlinearity="relu", batch_first=True)
            self.out = nn.Linear(128, V)

        def forward(self, x):
            return self.out(self.rnn(self.emb(x))[0])
    m = RNNLM(); opt = torch.optim.SGD(m.parameters(), lr=0.3, momentum=0.9); ce = nn.CrossEntropyLoss()
    g = torch.Generator().manual_seed(8)
    for step in range(1, 1201):
        st = torch.randint(0, len(tr) - 65, (32,), generator=g)
        x = torch.stack([tr[s:s + 64] for s in st]); yy = torch.stack([tr[s + 1:s + 65] for s in st])
        loss = ce(m(x).reshape(-1, V), yy.reshape(-1))
        opt.zero_grad(); loss.backward(); gn = grad_norm(m); opt.step()
        if step % 10 == 0:
            print(f"step {step:5d} | loss {loss.item():.4f} | grad_norm {gn:.3f}")
        if step % 200 == 0:
            with torch.no_grad():
                vx = va[:-1][:4096].reshape(64, 64); vy = va[1:][:4096].reshape(64, 64)
                vl = ce(m(vx).reshape(-1, V), vy.reshape(-1)).item()
            print(f"          val loss {vl:.4f}")


@run("text_log/sentiment-transformer-killed", "token-id sentiment, 2-layer transformer (d=32), AdamW 1e-3, planned 10 "
     "epochs; 'Epoch e/10 [batch b/63] loss: x' every 5 batches, killed with SIGKILL during epoch 4 (block-buffered "
     "stdout: the last lines never reach the file)", stdout="train.log")
def _(d):
    torch = T(); seed_all(9)
    ids, _, y, _ = sentiment(2500, 9)
    Xtr, ytr, Xva, yva = tensors(ids[:2000], y[:2000], ids[2000:], y[2000:])
    m = tiny_transformer(400); opt = torch.optim.AdamW(m.parameters(), 1e-3); ce = torch.nn.CrossEntropyLoss()
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 10, 32, 9):
        if bi % 5 == 0:
            print(f"Epoch {ep + 1}/10 [batch {bi + 1}/{nb}] loss: {l:.4f}")
        if ep == 3 and bi == 40:
            kill_self()
        if bi == nb - 1:
            vl, va = evaluate(m, Xva, yva, ce)
            print(f"Epoch {ep + 1}/10 validation: loss {vl:.4f} acc {va:.4f}")


@run("text_log/spiral-tiny-train-dev-every5", "4-class spirals but only 48 training points, MLP 2-256-256-4, Adam 3e-3, "
     "400 epochs (full batch); train line every epoch, 'dev' line every 5 epochs", stdout="log.txt")
def _(d):
    torch = T(); seed_all(10)
    Xtr, ytr = tensors(*spirals(48, 4, noise=0.4, seed=10)); Xdv, ydv = tensors(*spirals(800, 4, noise=0.4, seed=11))
    m = mlp([2, 256, 256, 4]); opt = torch.optim.Adam(m.parameters(), 3e-3); ce = torch.nn.CrossEntropyLoss()
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 400, 48, 10):
        print(f"epoch {ep + 1} train_loss {l:.5f}")
        if (ep + 1) % 5 == 0:
            vl, va = evaluate(m, Xdv, ydv, ce)
            print(f"epoch {ep + 1} dev_loss {vl:.5f} dev_acc {va:.4f}")


@run("text_log/digits-handmade-ce-log0-raw-pixels", "digits with raw 0-255 pixels, MLP 784-64-10, SGD lr 0.01, "
     "hand-written cross-entropy -log(softmax(z)[y]) (softmax underflows to 0 -> log(0)), 6 epochs; 'Train' lines "
     "every 20 batches and 'Test' lines per epoch", stdout="train.log")
def _(d):
    torch = T(); seed_all(11)
    Xtr, ytr = digits(2400, 14); Xte, yte = digits(600, 15)
    Xtr, ytr, Xte, yte = tensors((Xtr * 255).reshape(-1, 784), ytr, (Xte * 255).reshape(-1, 784), yte)

    def my_ce(z, t):
        p = torch.exp(z) / torch.exp(z).sum(1, keepdim=True)
        return -torch.log(p[torch.arange(len(t)), t]).mean()
    m = mlp([784, 64, 10]); opt = torch.optim.SGD(m.parameters(), lr=0.01)
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, my_ce, 6, 32, 11):
        if bi % 20 == 0:
            print(f"Train Epoch: {ep + 1} [{bi * 32}/{len(Xtr)}]\tLoss: {l:.6f}")
        if bi == nb - 1:
            tl, ta = evaluate(m, Xte, yte, my_ce)
            print(f"\nTest set: Average loss: {tl:.4f}, Accuracy: {int(ta * len(Xte))}/{len(Xte)} ({100 * ta:.0f}%)\n")


@run("text_log/cartpole-reinforce-numpy", "CartPole written in numpy (Euler physics, 200-step cap), linear softmax "
     "policy trained with REINFORCE + mean baseline, lr 0.01, 400 episodes; one line per episode", stdout="pg.log")
def _(d):
    rng = np.random.default_rng(12)
    W = np.zeros((4, 2))

    def step(s, a):
        x, xd, th, thd = s
        f = 10.0 if a == 1 else -10.0
        ct, st = math.cos(th), math.sin(th)
        tmp = (f + 0.05 * thd * thd * st) / 1.1
        tha = (9.8 * st - ct * tmp) / (0.5 * (4 / 3 - 0.1 * ct * ct / 1.1))
        xa = tmp - 0.05 * tha * ct / 1.1
        s = np.array([x + 0.02 * xd, xd + 0.02 * xa, th + 0.02 * thd, thd + 0.02 * tha])
        return s, abs(s[0]) > 2.4 or abs(s[2]) > 0.2095
    running = None
    for ep in range(1, 401):
        s = rng.uniform(-0.05, 0.05, 4); grads, rews = [], []
        for t in range(200):
            z = s @ W; p = np.exp(z - z.max()); p /= p.sum()
            a = rng.choice(2, p=p)
            g = -np.outer(s, p); g[:, a] += s
            grads.append(g); s, done = step(s, a); rews.append(1.0)
            if done:
                break
        R = len(rews)
        ret = np.cumsum(rews[::-1])[::-1]
        ret = (ret - ret.mean()) / (ret.std() + 1e-8)
        for g, r in zip(grads, ret):
            W += 0.01 * g * r
        running = R if running is None else 0.95 * running + 0.05 * R
        print(f"episode {ep:4d}  return {R:6.1f}  running_return {running:7.2f}")


@run("text_log/vae-digits-semicolons", "digits, MLP VAE (784-256-8 latent), Adam 1e-3, BCE+KL, 12 epochs; "
     "'step=N; recon=; kl=; total=' every 10 steps and a 'val total' line per epoch", stdout="vae.log")
def _(d):
    torch = T(); seed_all(13); nn = torch.nn; F = torch.nn.functional
    Xtr, _ = digits(2400, 16); Xva, _ = digits(600, 17)
    Xtr, Xva = tensors(Xtr.reshape(-1, 784), Xva.reshape(-1, 784))

    class VAE(nn.Module):
        def __init__(self):
            super().__init__()
            self.enc = mlp([784, 256, 16]); self.dec = mlp([8, 256, 784])

        def forward(self, x):
            mu, lv = self.enc(x).chunk(2, 1)
            z = mu + torch.randn_like(mu) * (0.5 * lv).exp()
            return self.dec(z), mu, lv
    m = VAE(); opt = torch.optim.Adam(m.parameters(), 1e-3)

    def parts(x):
        xr, mu, lv = m(x)
        rec = F.binary_cross_entropy_with_logits(xr, x, reduction="sum") / len(x)
        kl = -0.5 * torch.sum(1 + lv - mu ** 2 - lv.exp()) / len(x)
        return rec, kl
    step = 0
    rng = np.random.default_rng(13)
    for ep in range(12):
        perm = rng.permutation(len(Xtr))
        for i in range(0, len(Xtr), 64):
            rec, kl = parts(Xtr[perm[i:i + 64]]); loss = rec + kl
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
            if step % 10 == 0:
                print(f"step={step}; recon={rec.item():.3f}; kl={kl.item():.3f}; total={loss.item():.3f}")
        with torch.no_grad():
            rec, kl = parts(Xva)
        print(f"epoch {ep + 1} done; val total {rec.item() + kl.item():.3f}")


@run("text_log/contrastive-frozen-but-bias", "contrastive pairs (two noisy views of 32-d vectors), MLP encoder 32-64-16 "
     "with requires_grad=False on every parameter except the last bias, InfoNCE (t=0.2), Adam 1e-3, 600 steps; "
     "logging.FileHandler with '%(asctime)s | %(message)s'")
def _(d):
    import logging
    torch = T(); seed_all(14); F = torch.nn.functional
    log = logging.getLogger("contrastive"); log.setLevel(logging.INFO)
    h = logging.FileHandler(d / "train.log"); h.setFormatter(logging.Formatter("%(asctime)s | %(message)s"))
    log.addHandler(h)
    base = torch.as_tensor(np.random.default_rng(14).normal(0, 1, (5000, 32)).astype(np.float32))
    enc = mlp([32, 64, 16])
    for name, p in enc.named_parameters():
        p.requires_grad = name == "2.bias"
    opt = torch.optim.Adam([p for p in enc.parameters() if p.requires_grad], 1e-3)
    log.info("trainable parameters: %d", sum(p.numel() for p in enc.parameters() if p.requires_grad))
    g = torch.Generator().manual_seed(14)

    def batch_loss(x):
        a = F.normalize(enc(x + 0.3 * torch.randn(x.shape, generator=g)), dim=1)
        b = F.normalize(enc(x + 0.3 * torch.randn(x.shape, generator=g)), dim=1)
        logits = a @ b.T / 0.2
        t = torch.arange(len(x))
        return F.cross_entropy(logits, t), (logits.argmax(1) == t).float().mean().item()
    for step in range(1, 601):
        idx = torch.randint(0, 4000, (128,), generator=g)
        loss, acc = batch_loss(base[idx])
        opt.zero_grad(); loss.backward(); opt.step()
        if step % 10 == 0:
            log.info("step %d loss %.4f top1 %.3f", step, loss.item(), acc)
        if step % 100 == 0:
            with torch.no_grad():
                vl, vacc = batch_loss(base[4000:4128])
            log.info("val step %d loss %.4f top1 %.3f", step, vl.item(), vacc)


# ----------------------------------------------------------------------------------------------------------------
# csv / jsonl written by hand
# ----------------------------------------------------------------------------------------------------------------

@run("csv_custom/sine-mlp-cosine-csvwriter", "sine regression, MLP 1-64-64-1 tanh, Adam 5e-3 with CosineAnnealingLR over "
     "150 epochs; csv.writer row per epoch (epoch, train_mse, val_mse, lr)")
def _(d):
    torch = T(); seed_all(20)
    Xtr, ytr = tensors(*sine_reg(800, 20)); Xva, yva = tensors(*sine_reg(200, 21))
    m = mlp([1, 64, 64, 1], act="tanh"); opt = torch.optim.Adam(m.parameters(), 5e-3)
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 150); mse = torch.nn.MSELoss()
    with open(d / "history.csv", "w", newline="") as f:
        w = csv.writer(f); w.writerow(["epoch", "train_mse", "val_mse", "lr"])
        ls = []
        for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, mse, 150, 64, 20, sched=sch):
            ls.append(l)
            if bi == nb - 1:
                lr = opt.param_groups[0]["lr"]
                vl, _ = evaluate(m, Xva, yva, mse, kind="reg")
                w.writerow([ep, f"{np.mean(ls):.6f}", f"{vl:.6f}", f"{lr:.6g}"]); ls = []


@run("csv_custom/spiral-shuffled-labels-dictwriter", "5-class spirals with the training labels permuted (np.random."
     "permutation applied to y only), MLP 2-128-128-5, Adam 3e-3, 150 epochs; csv.DictWriter per epoch")
def _(d):
    torch = T(); seed_all(21)
    Xtr, ytr = spirals(600, 5, seed=21); ytr = np.random.default_rng(21).permutation(ytr)
    Xva, yva = spirals(600, 5, seed=22)
    Xtr, ytr, Xva, yva = tensors(Xtr, ytr, Xva, yva)
    m = mlp([2, 128, 128, 5]); opt = torch.optim.Adam(m.parameters(), 3e-3); ce = torch.nn.CrossEntropyLoss()
    with open(d / "metrics.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["epoch", "loss", "acc", "val_loss", "val_acc"]); w.writeheader()
        ls = []
        for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 150, 64, 21):
            ls.append(l)
            if bi == nb - 1:
                tl, ta = evaluate(m, Xtr, ytr, ce); vl, va = evaluate(m, Xva, yva, ce)
                w.writerow(dict(epoch=ep + 1, loss=round(np.mean(ls), 5), acc=round(ta, 4), val_loss=round(vl, 5),
                                val_acc=round(va, 4))); ls = []


@run("csv_custom/digits-raw-pixels-pandas-steps", "digits with raw 0-255 pixels (not normalised), MLP 784-128-10, SGD lr "
     "0.01 momentum 0.9, 5 epochs; a list of dicts (per step, val columns on every 25th step) -> DataFrame.to_csv")
def _(d):
    import pandas as pd
    torch = T(); seed_all(22)
    Xtr, ytr = digits(2400, 18); Xva, yva = digits(600, 19)
    Xtr, ytr, Xva, yva = tensors((Xtr * 255).reshape(-1, 784), ytr, (Xva * 255).reshape(-1, 784), yva)
    m = mlp([784, 128, 10]); opt = torch.optim.SGD(m.parameters(), lr=0.01, momentum=0.9)
    ce = torch.nn.CrossEntropyLoss(); rows = []; step = 0
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 5, 32, 22):
        step += 1; r = {"step": step, "epoch": ep, "train_loss": l}
        if step % 25 == 0:
            r["val_loss"], r["val_accuracy"] = evaluate(m, Xva, yva, ce)
        rows.append(r)
    pd.DataFrame(rows).to_csv(d / "log.csv", index=False)


@run("csv_custom/sentiment-nllloss-on-logits", "bag-of-words sentiment, MLP 400-64-2, NLLLoss on raw logits (the "
     "log_softmax forgotten), Adam 1e-3, 20 epochs; hand-joined CSV lines per epoch (loss can go negative)")
def _(d):
    torch = T(); seed_all(23)
    _, bow, y, _ = sentiment(3000, 23); Xtr, ytr, Xva, yva = tensors(bow[:2400], y[:2400], bow[2400:], y[2400:])
    m = mlp([400, 64, 2]); opt = torch.optim.Adam(m.parameters(), 1e-3); nll = torch.nn.NLLLoss()
    with open(d / "train_log.csv", "w") as f:
        f.write("epoch,train_loss,val_loss,val_acc\n"); ls = []
        for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, nll, 20, 32, 23):
            ls.append(l)
            if bi == nb - 1:
                vl, va = evaluate(m, Xva, yva, nll)
                f.write(",".join([str(ep + 1), f"{np.mean(ls):.5f}", f"{vl:.5f}", f"{va:.4f}"]) + "\n"); ls = []


@run("csv_custom/contrastive-infonce-jsonl", "contrastive pairs (two noisy, masked views of 32-d vectors), MLP encoder "
     "32-128-32, InfoNCE t=0.1, Adam 1e-3, 800 steps; json.dumps line every 10 steps, eval line every 100")
def _(d):
    torch = T(); seed_all(24); F = torch.nn.functional
    base = torch.as_tensor(np.random.default_rng(24).normal(0, 1, (6000, 32)).astype(np.float32))
    enc = mlp([32, 128, 32]); opt = torch.optim.Adam(enc.parameters(), 1e-3)
    g = torch.Generator().manual_seed(24)

    def views(x):
        mk = (torch.rand(x.shape, generator=g) > 0.2).float()
        return (x + 0.5 * torch.randn(x.shape, generator=g)) * mk

    def nce(x):
        a = F.normalize(enc(views(x)), dim=1); b = F.normalize(enc(views(x)), dim=1)
        lg = a @ b.T / 0.1; t = torch.arange(len(x))
        return F.cross_entropy(lg, t), (lg.argmax(1) == t).float().mean().item()
    with open(d / "log.jsonl", "w") as f:
        for step in range(1, 801):
            loss, acc = nce(base[torch.randint(0, 5000, (256,), generator=g)])
            opt.zero_grad(); loss.backward(); opt.step()
            if step % 10 == 0:
                f.write(json.dumps({"step": step, "loss": round(loss.item(), 5), "pair_acc": round(acc, 4)}) + "\n")
            if step % 100 == 0:
                with torch.no_grad():
                    el, ea = nce(base[5000:5256])
                f.write(json.dumps({"step": step, "eval_loss": round(el.item(), 5), "eval_pair_acc": round(ea, 4)}) + "\n")


@run("csv_custom/gan-ring-jsonl", "GAN on a ring of 8 Gaussians, MLP G (8-64-64-2) and D (2-64-64-1), Adam 2e-4 "
     "betas (0.5, 0.999), 3000 steps; jsonl every 20 steps with d_loss, g_loss, D(x), D(G(z))")
def _(d):
    torch = T(); seed_all(25); F = torch.nn.functional
    data = torch.as_tensor(ring_gaussians(20000, 25))
    G = mlp([8, 64, 64, 2]); D = mlp([2, 64, 64, 1])
    og = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.5, 0.999)); od = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.5, 0.999))
    g = torch.Generator().manual_seed(25)
    with open(d / "gan_log.jsonl", "w") as f:
        for step in range(1, 3001):
            real = data[torch.randint(0, len(data), (128,), generator=g)]
            fake = G(torch.randn(128, 8, generator=g))
            dr, df = D(real), D(fake.detach())
            dl = F.binary_cross_entropy_with_logits(dr, torch.ones_like(dr)) + F.binary_cross_entropy_with_logits(df, torch.zeros_like(df))
            od.zero_grad(); dl.backward(); od.step()
            dg = D(fake)
            gl = F.binary_cross_entropy_with_logits(dg, torch.ones_like(dg))
            og.zero_grad(); gl.backward(); og.step()
            if step % 20 == 0:
                f.write(json.dumps({"iter": step, "d_loss": dl.item(), "g_loss": gl.item(),
                                    "D_x": torch.sigmoid(dr).mean().item(), "D_G_z": torch.sigmoid(df).mean().item()}) + "\n")


@run("csv_custom/forecast-gru-earlystop", "sine+AR time series, GRU(32) forecaster, Adam 2e-3, up to 80 epochs with "
     "early stopping (patience 6 on val MAE); csv with epoch, train_loss, val_loss, val_mae, best flag")
def _(d):
    torch = T(); seed_all(26)
    s = series(2600, 26); X, y = windows(s); Xtr, ytr, Xva, yva = tensors(X[:2000], y[:2000], X[2000:], y[2000:])
    m = Forecaster.make("gru"); opt = torch.optim.Adam(m.parameters(), 2e-3); mse = torch.nn.MSELoss()
    best, bad = 1e9, 0
    with open(d / "training.csv", "w", newline="") as f:
        w = csv.writer(f); w.writerow(["epoch", "train_loss", "val_loss", "val_mae", "is_best"]); ls = []
        for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, mse, 80, 64, 26):
            ls.append(l)
            if bi == nb - 1:
                vl, _ = evaluate(m, Xva, yva, mse, kind="reg")
                with torch.no_grad():
                    m.eval(); mae = float((m(Xva) - yva).abs().mean())
                isb = mae < best - 1e-4
                w.writerow([ep + 1, round(np.mean(ls), 6), round(vl, 6), round(mae, 6), int(isb)]); ls = []
                if isb:
                    best, bad = mae, 0
                else:
                    bad += 1
                    if bad >= 6:
                        break


@run("csv_custom/digits-patch-transformer-adam-lr0.1-jsonl", "digits as 16 patches of 7x7, 2-layer transformer "
     "(d=32), Adam lr=0.1 (far too high), 6 epochs; jsonl per 5 steps and per-epoch eval records")
def _(d):
    torch = T(); seed_all(27)
    Xtr, ytr = digits(2400, 20); Xva, yva = digits(600, 21)
    Xtr, ytr, Xva, yva = tensors(Xtr, ytr, Xva, yva)
    m = patch_transformer(); opt = torch.optim.Adam(m.parameters(), 0.1); ce = torch.nn.CrossEntropyLoss()
    with open(d / "metrics.jsonl", "w") as f:
        step = 0
        for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 6, 64, 27):
            step += 1
            if step % 5 == 0:
                f.write(json.dumps({"step": step, "epoch": ep, "train/loss": l}) + "\n")
            if bi == nb - 1:
                vl, va = evaluate(m, Xva, yva, ce)
                f.write(json.dumps({"step": step, "epoch": ep, "eval/loss": vl, "eval/acc": va}) + "\n")


# ----------------------------------------------------------------------------------------------------------------
# torch.utils.tensorboard SummaryWriter
# ----------------------------------------------------------------------------------------------------------------

def writer(d):
    from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(log_dir=str(d))


@run("tfevents/digits-cnn-adam-lr0.5", "digits, small CNN, Adam lr=0.5 (far too high), 6 epochs; SummaryWriter tags "
     "train/loss (every step), val/loss and val/acc (per epoch)")
def _(d):
    torch = T(); seed_all(30)
    Xtr, ytr = digits(2400, 30); Xva, yva = digits(600, 31)
    Xtr, ytr, Xva, yva = tensors(Xtr[:, None], ytr, Xva[:, None], yva)
    m = small_cnn(); opt = torch.optim.Adam(m.parameters(), 0.5); ce = torch.nn.CrossEntropyLoss()
    w = writer(d); step = 0
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 6, 64, 30):
        w.add_scalar("train/loss", l, step); step += 1
        if bi == nb - 1:
            vl, va = evaluate(m, Xva, yva, ce)
            w.add_scalar("val/loss", vl, step); w.add_scalar("val/acc", va, step)
    w.close()


@run("tfevents/spiral-mlp-steplr", "3-class spirals, MLP 2-64-64-3, SGD lr 0.1 momentum 0.9 with StepLR(20, 0.3), 60 "
     "epochs; tags Loss/train, Loss/valid, Accuracy/valid, LR (per epoch)")
def _(d):
    torch = T(); seed_all(31)
    Xtr, ytr = tensors(*spirals(1500, 3, seed=31)); Xva, yva = tensors(*spirals(500, 3, seed=32))
    m = mlp([2, 64, 64, 3]); opt = torch.optim.SGD(m.parameters(), 0.1, momentum=0.9)
    sch = torch.optim.lr_scheduler.StepLR(opt, 20, 0.3); ce = torch.nn.CrossEntropyLoss()
    w = writer(d); ls = []
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 60, 32, 31, sched=sch):
        ls.append(l)
        if bi == nb - 1:
            vl, va = evaluate(m, Xva, yva, ce)
            w.add_scalar("Loss/train", np.mean(ls), ep); w.add_scalar("Loss/valid", vl, ep)
            w.add_scalar("Accuracy/valid", va, ep); w.add_scalar("LR", opt.param_groups[0]["lr"], ep); ls = []
    w.close()


@run("tfevents/sentiment-transformer-gradnorm", "token-id sentiment, 2-layer transformer, AdamW 1e-3, linear warmup "
     "100 steps then constant, clip 1.0, 8 epochs; tags loss, grad_norm, lr every 5 steps, eval_loss/eval_acc "
     "every 50 steps")
def _(d):
    torch = T(); seed_all(32)
    ids, _, y, _ = sentiment(2500, 32); Xtr, ytr, Xva, yva = tensors(ids[:2000], y[:2000], ids[2000:], y[2000:])
    m = tiny_transformer(400); opt = torch.optim.AdamW(m.parameters(), 1e-3)
    sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 100)); ce = torch.nn.CrossEntropyLoss()
    w = writer(d); step = 0
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 8, 32, 32, sched=sch, sched_per="step", clip=1.0):
        step += 1
        if step % 5 == 0:
            w.add_scalar("loss", l, step); w.add_scalar("grad_norm", g, step)
            w.add_scalar("lr", opt.param_groups[0]["lr"], step)
        if step % 50 == 0:
            vl, va = evaluate(m, Xva, yva, ce)
            w.add_scalar("eval_loss", vl, step); w.add_scalar("eval_acc", va, step)
    w.close()


@run("tfevents/digits-cnn-bn-eval-in-train-mode", "digits, CNN with BatchNorm, Adam 1e-3, 6 epochs; validation run "
     "without model.eval() in mini-batches of 4 (BatchNorm uses batch statistics at evaluation); tags training_loss, "
     "validation_loss, validation_accuracy")
def _(d):
    torch = T(); seed_all(33)
    Xtr, ytr = digits(2400, 33); Xva, yva = digits(600, 34)
    Xtr, ytr, Xva, yva = tensors(Xtr[:, None], ytr, Xva[:, None], yva)
    m = small_cnn(bn=True); opt = torch.optim.Adam(m.parameters(), 1e-3); ce = torch.nn.CrossEntropyLoss()
    w = writer(d); step = 0
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 6, 64, 33):
        step += 1
        if step % 2 == 0:
            w.add_scalar("training_loss", l, step)
        if step % 25 == 0:
            vl, va = evaluate(m, Xva, yva, ce, train_mode=True, bs=4)
            w.add_scalar("validation_loss", vl, step); w.add_scalar("validation_accuracy", va, step)
    w.close()


@run("tfevents/vae-digits-elbo-per-step", "digits, conv-free MLP VAE (784-200-10 latent), Adam 2e-3, 10 epochs; "
     "per-step tags vae/recon, vae/kl, vae/elbo and per-epoch val/elbo")
def _(d):
    torch = T(); seed_all(34); F = torch.nn.functional; nn = torch.nn
    Xtr, _ = digits(2000, 35); Xva, _ = digits(500, 36); Xtr, Xva = tensors(Xtr.reshape(-1, 784), Xva.reshape(-1, 784))
    enc = mlp([784, 200, 20]); dec = mlp([10, 200, 784])
    opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), 2e-3)

    def elbo(x):
        mu, lv = enc(x).chunk(2, 1); z = mu + torch.randn_like(mu) * (0.5 * lv).exp()
        rec = F.binary_cross_entropy_with_logits(dec(z), x, reduction="sum") / len(x)
        kl = -0.5 * torch.sum(1 + lv - mu ** 2 - lv.exp()) / len(x)
        return rec, kl
    w = writer(d); step = 0; rng = np.random.default_rng(34)
    for ep in range(10):
        perm = rng.permutation(len(Xtr))
        for i in range(0, len(Xtr), 50):
            rec, kl = elbo(Xtr[perm[i:i + 50]]); loss = rec + kl
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
            w.add_scalar("vae/recon", rec.item(), step); w.add_scalar("vae/kl", kl.item(), step)
            w.add_scalar("vae/elbo", loss.item(), step)
        with torch.no_grad():
            rec, kl = elbo(Xva)
        w.add_scalar("val/elbo", (rec + kl).item(), step)
    w.close()


@run("tfevents/xor-mlp-20-steps", "XOR-ish table, MLP 10-32-2, Adam 1e-3, stopped after 20 steps (a quick try that "
     "was left as is); tags loss and acc per step, one val_loss at the end")
def _(d):
    torch = T(); seed_all(35)
    Xtr, ytr = xorish(2000, seed=35); Xva, yva = xorish(500, seed=36); Xtr, ytr, Xva, yva = tensors(Xtr, ytr, Xva, yva)
    m = mlp([10, 32, 2]); opt = torch.optim.Adam(m.parameters(), 1e-3); ce = torch.nn.CrossEntropyLoss()
    w = writer(d); step = 0
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 1, 64, 35):
        with torch.no_grad():
            acc = float((m(Xtr[:256]).argmax(1) == ytr[:256]).float().mean())
        w.add_scalar("loss", l, step); w.add_scalar("acc", acc, step); step += 1
        if step == 20:
            break
    vl, va = evaluate(m, Xva, yva, ce)
    w.add_scalar("val_loss", vl, step); w.add_scalar("val_acc", va, step)
    w.close()


@run("tfevents/forecast-targets-misaligned", "sine+AR windows whose targets were shuffled separately from the inputs "
     "(X and y built from two different permutations), LSTM forecaster, Adam 3e-3, 25 epochs; tags mse/train, "
     "mse/val (val targets aligned correctly)")
def _(d):
    torch = T(); seed_all(36)
    s = series(2600, 36); X, y = windows(s)
    rng = np.random.default_rng(36)
    Xtr, ytr = X[:2000][rng.permutation(2000)], y[:2000][rng.permutation(2000)]
    Xtr, ytr, Xva, yva = tensors(Xtr, ytr, X[2000:], y[2000:])
    m = Forecaster.make("lstm"); opt = torch.optim.Adam(m.parameters(), 3e-3); mse = torch.nn.MSELoss()
    w = writer(d); step = 0
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, mse, 25, 64, 36):
        step += 1
        w.add_scalar("mse/train", l, step)
        if bi == nb - 1:
            vl, _ = evaluate(m, Xva, yva, mse, kind="reg"); w.add_scalar("mse/val", vl, step)
    w.close()


@run("tfevents/bow-mlp-add-scalars-dropout", "bag-of-words sentiment, MLP 400-128-2 with dropout 0.3, SGD lr 0.1 "
     "momentum 0.9, 25 epochs; add_scalars('loss', {train, val}) and add_scalars('accuracy', {train, val}) per epoch "
     "(one sub-directory per curve)")
def _(d):
    torch = T(); seed_all(37)
    _, bow, y, _ = sentiment(3000, 37); Xtr, ytr, Xva, yva = tensors(bow[:2400], y[:2400], bow[2400:], y[2400:])
    m = mlp([400, 128, 2], dropout=0.3); opt = torch.optim.SGD(m.parameters(), 0.1, momentum=0.9)
    ce = torch.nn.CrossEntropyLoss(); w = writer(d); ls = []
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 25, 32, 37):
        ls.append(l)
        if bi == nb - 1:
            vl, va = evaluate(m, Xva, yva, ce); _, ta = evaluate(m, Xtr, ytr, ce)
            w.add_scalars("loss", {"train": np.mean(ls), "val": vl}, ep)
            w.add_scalars("accuracy", {"train": ta, "val": va}, ep); ls = []
    w.close()


@run("tfevents/spiral-adamw-onecycle-max3", "3-class spirals, MLP 2-64-64-3, AdamW with OneCycleLR(max_lr=3.0) over "
     "40 epochs (far too high a peak); tags train_loss, lr per step, val_loss/val_accuracy per epoch")
def _(d):
    torch = T(); seed_all(38)
    Xtr, ytr = tensors(*spirals(1500, 3, seed=38)); Xva, yva = tensors(*spirals(500, 3, seed=39))
    m = mlp([2, 64, 64, 3]); opt = torch.optim.AdamW(m.parameters(), 3.0)
    nb = math.ceil(1500 / 64)
    sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3.0, total_steps=40 * nb); ce = torch.nn.CrossEntropyLoss()
    w = writer(d); step = 0
    for ep, bi, nb, l, g in train_steps(m, opt, Xtr, ytr, ce, 40, 64, 38, sched=sch, sched_per="step"):
        w.add_scalar("train_loss", l, step); w.add_scalar("lr", opt.param_groups[0]["lr"], step); step += 1
        if bi == nb - 1:
            vl, va = evaluate(m, Xva, yva, ce)
            w.add_scalar("val_loss", vl, step); w.add_scalar("val_accuracy", va, step)
    w.close()


# ----------------------------------------------------------------------------------------------------------------
# Lightning
# ----------------------------------------------------------------------------------------------------------------

def lit_module(net, loss="ce", opt="adam", lr=1e-3, sched=None, momentum=0.0):
    import lightning as L
    torch = T()

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = net
            self.save_hyperparameters({"optimizer": opt, "lr": lr, "loss": loss, "momentum": momentum,
                                       "scheduler": sched or "none"})

        def forward(self, x):
            return self.net(x)

        def _loss(self, out, y):
            return torch.nn.functional.cross_entropy(out, y) if loss == "ce" else torch.nn.functional.mse_loss(out, y)

        def training_step(self, b, i):
            x, y = b; out = self(x); l = self._loss(out, y)
            self.log("train_loss", l, on_step=True, on_epoch=False)
            if loss == "ce":
                self.log("train_acc", (out.argmax(1) == y).float().mean(), on_step=True, on_epoch=False)
            return l

        def validation_step(self, b, i):
            x, y = b; out = self(x)
            self.log("val_loss", self._loss(out, y), on_epoch=True, prog_bar=False)
            if loss == "ce":
                self.log("val_acc", (out.argmax(1) == y).float().mean(), on_epoch=True)

        def configure_optimizers(self):
            o = (torch.optim.Adam(self.parameters(), lr) if opt == "adam"
                 else torch.optim.SGD(self.parameters(), lr, momentum=momentum))
            if sched == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, self.trainer.max_epochs)}
            return o
    return Lit()


def loaders(Xtr, ytr, Xva, yva, bs):
    torch = T()
    from torch.utils.data import DataLoader, TensorDataset
    g = torch.Generator().manual_seed(0)
    return (DataLoader(TensorDataset(Xtr, ytr), bs, shuffle=True, generator=g),
            DataLoader(TensorDataset(Xva, yva), 256))


def lit_trainer(d, logger="csv", max_epochs=10, callbacks=(), **kw):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    lg = CSVLogger(str(d)) if logger == "csv" else TensorBoardLogger(str(d), name="lightning_logs")
    return L.Trainer(max_epochs=max_epochs, logger=lg, enable_checkpointing=False, enable_progress_bar=False,
                     enable_model_summary=False, accelerator="cpu", devices=1, callbacks=list(callbacks),
                     deterministic=True, **kw)


@run("lightning_csv/spiral-mlp-cosine-lrmonitor", "4-class spirals, MLP 2-64-64-4, Adam 5e-3 + CosineAnnealingLR, "
     "50 epochs; Lightning CSVLogger with LearningRateMonitor, log_every_n_steps=10")
def _(d):
    import lightning as L
    from lightning.pytorch.callbacks import LearningRateMonitor
    L.seed_everything(40, workers=True); T()
    tr, va = loaders(*tensors(*spirals(1600, 4, seed=40), *spirals(400, 4, seed=41)), 64)
    lit_trainer(d, max_epochs=50, callbacks=[LearningRateMonitor("epoch")], log_every_n_steps=10).fit(
        lit_module(mlp([2, 64, 64, 4]), lr=5e-3, sched="cosine"), tr, va)


@run("lightning_csv/digits-cnn-sgd-lr3", "digits, small CNN, SGD lr=3.0 momentum 0.9 (far too high), 5 epochs; "
     "Lightning CSVLogger, log_every_n_steps=5")
def _(d):
    import lightning as L
    L.seed_everything(41, workers=True); T()
    Xtr, ytr = digits(2400, 42); Xva, yva = digits(600, 43)
    tr, va = loaders(*tensors(Xtr[:, None], ytr, Xva[:, None], yva), 64)
    lit_trainer(d, max_epochs=5, log_every_n_steps=5).fit(
        lit_module(small_cnn(), opt="sgd", lr=3.0, momentum=0.9), tr, va)


@run("lightning_csv/forecast-lstm-adam-lr1e-6", "sine+AR windows, LSTM forecaster, Adam lr=1e-6 (far too low), "
     "20 epochs; Lightning CSVLogger, log_every_n_steps=10")
def _(d):
    import lightning as L
    L.seed_everything(42, workers=True); T()
    s = series(2600, 42); X, y = windows(s)
    tr, va = loaders(*tensors(X[:2000], y[:2000], X[2000:], y[2000:]), 64)
    lit_trainer(d, max_epochs=20, log_every_n_steps=10).fit(
        lit_module(Forecaster.make("lstm"), loss="mse", lr=1e-6), tr, va)


@run("tfevents/lightning-tb-sentiment-transformer", "token-id sentiment, 2-layer transformer, Adam 5e-4, 8 epochs, "
     "validation twice per epoch (val_check_interval=0.5); Lightning TensorBoardLogger")
def _(d):
    import lightning as L
    L.seed_everything(43, workers=True); T()
    ids, _, y, _ = sentiment(2500, 43)
    tr, va = loaders(*tensors(ids[:2000], y[:2000], ids[2000:], y[2000:]), 32)
    lit_trainer(d, logger="tb", max_epochs=8, log_every_n_steps=5, val_check_interval=0.5).fit(
        lit_module(tiny_transformer(400), lr=5e-4), tr, va)


@run("lightning_csv/digits-mlp-killed-epoch-6", "digits flattened, MLP 784-256-10, Adam 1e-3, planned 15 epochs; "
     "Lightning CSVLogger (log_every_n_steps=5, flushed every 100 steps), SIGKILLed at batch 30 of epoch 6")
def _(d):
    import lightning as L
    L.seed_everything(44, workers=True); T()
    Xtr, ytr = digits(2400, 44); Xva, yva = digits(600, 45)
    tr, va = loaders(*tensors(Xtr.reshape(-1, 784), ytr, Xva.reshape(-1, 784), yva), 32)

    class Killer(L.Callback):
        def on_train_batch_end(self, trainer, pl, out, batch, bi):
            if trainer.current_epoch == 6 and bi == 30:
                kill_self()
    lit_trainer(d, max_epochs=15, log_every_n_steps=5, callbacks=[Killer()]).fit(
        lit_module(mlp([784, 256, 10]), lr=1e-3), tr, va)


# ----------------------------------------------------------------------------------------------------------------
# Keras 3 (torch backend)
# ----------------------------------------------------------------------------------------------------------------

def keras_setup(seed):
    os.environ.setdefault("KERAS_BACKEND", "torch")
    import keras
    T()
    keras.utils.set_random_seed(seed)
    return keras


@run("keras_csvlogger/digits-cnn-12ep", "digits, Keras Conv2D(8)-Pool-Conv2D(16)-Pool-Dense(64)-Dense(10), Adam 1e-3, "
     "12 epochs, validation_split 0.2; CSVLogger('training_log.csv')")
def _(d):
    keras = keras_setup(50); L = keras.layers
    X, y = digits(3000, 50)
    m = keras.Sequential([keras.Input((28, 28, 1)), L.Conv2D(8, 3, activation="relu", padding="same"), L.MaxPooling2D(),
                          L.Conv2D(16, 3, activation="relu", padding="same"), L.MaxPooling2D(), L.Flatten(),
                          L.Dense(64, activation="relu"), L.Dense(10, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(X[..., None], y, epochs=12, batch_size=64, validation_split=0.2, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(str(d / "training_log.csv"))])


@run("keras_csvlogger/sine-mlp-sgd-lr5", "sine regression, Keras Dense(64,tanh)x2, SGD lr=5.0 momentum 0.9 (far too "
     "high), MSE, 40 epochs; CSVLogger")
def _(d):
    keras = keras_setup(51); L = keras.layers
    X, y = sine_reg(1000, 51)
    m = keras.Sequential([keras.Input((1,)), L.Dense(64, activation="tanh"), L.Dense(64, activation="tanh"), L.Dense(1)])
    m.compile(keras.optimizers.SGD(5.0, momentum=0.9), "mse", metrics=["mae"])
    m.fit(X, y, epochs=40, batch_size=32, validation_split=0.2, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(str(d / "log.csv"))])


@run("keras_history_json/spiral-earlystop", "3-class spirals, Keras Dense(64)x2, Adam 1e-2, up to 200 epochs with "
     "EarlyStopping(patience=10, restore_best_weights); json.dump(history.history)")
def _(d):
    keras = keras_setup(52); L = keras.layers
    X, y = spirals(2000, 3, seed=52)
    m = keras.Sequential([keras.Input((2,)), L.Dense(64, activation="relu"), L.Dense(64, activation="relu"),
                          L.Dense(3, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-2), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(X, y, epochs=200, batch_size=64, validation_split=0.25, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(patience=10, restore_best_weights=True)])
    with open(d / "history.json", "w") as f:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f, indent=1)


@run("keras_history_json/bow-mlp-300-docs-80ep", "bag-of-words sentiment with only 300 training documents, Keras "
     "Dense(256)-Dense(256)-Dense(1, sigmoid), Adam 1e-3, 80 epochs; pandas.DataFrame(history.history).to_json")
def _(d):
    import pandas as pd
    keras = keras_setup(53); L = keras.layers
    _, bow, y, _ = sentiment(1300, 53)
    m = keras.Sequential([keras.Input((400,)), L.Dense(256, activation="relu"), L.Dense(256, activation="relu"),
                          L.Dense(1, activation="sigmoid")])
    m.compile(keras.optimizers.Adam(1e-3), "binary_crossentropy", metrics=["accuracy"])
    h = m.fit(bow[:300], y[:300].astype("float32"), epochs=80, batch_size=32, verbose=0,
              validation_data=(bow[300:], y[300:].astype("float32")))
    pd.DataFrame(h.history).to_json(d / "history.json")


@run("keras_csvlogger/digits-mlp-adam-lr1", "digits flattened, Keras Dense(128)-Dense(10), Adam lr=1.0 (far too high), "
     "10 epochs; CSVLogger with separator=';'")
def _(d):
    keras = keras_setup(54); L = keras.layers
    X, y = digits(3000, 54)
    m = keras.Sequential([keras.Input((784,)), L.Dense(128, activation="relu"), L.Dense(10, activation="softmax")])
    m.compile(keras.optimizers.Adam(1.0), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(X.reshape(-1, 784), y, epochs=10, batch_size=64, validation_split=0.2, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(str(d / "training.log"), separator=";")])


@run("keras_history_json/forecast-lstm-reducelr", "sine+AR windows, Keras LSTM(32)-Dense(1), Adam 3e-3 with "
     "ReduceLROnPlateau(factor 0.5, patience 3), 40 epochs; json.dump(history.history) incl. learning_rate")
def _(d):
    keras = keras_setup(55); L = keras.layers
    s = series(2600, 55); X, y = windows(s)
    m = keras.Sequential([keras.Input((24, 1)), L.LSTM(32), L.Dense(1)])
    m.compile(keras.optimizers.Adam(3e-3), "mse", metrics=["mae"])
    h = m.fit(X[:2000], y[:2000], epochs=40, batch_size=64, validation_data=(X[2000:], y[2000:]), verbose=0,
              callbacks=[keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3)])
    with open(d / "history.json", "w") as f:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f)


# ----------------------------------------------------------------------------------------------------------------
# Hugging Face Trainer (tiny models from configs, no download)
# ----------------------------------------------------------------------------------------------------------------

class _ListDS:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def hf_cls_data(seed, n=2400, shuffle_labels=False):
    torch = T()
    ids, _, y, _ = sentiment(n, seed)
    ids = ids + 4  # 0..3 reserved ([PAD], [CLS], [SEP], [UNK])
    ids = np.concatenate([np.ones((n, 1), np.int64), ids], 1)
    ytr = y[:n - 400].copy()
    if shuffle_labels:
        ytr = np.random.default_rng(seed).permutation(ytr)
    mk = lambda X, Y: _ListDS([{"input_ids": torch.as_tensor(a), "attention_mask": torch.ones(len(a), dtype=torch.long),
                                 "labels": torch.as_tensor(b)} for a, b in zip(X, Y)])
    return mk(ids[:n - 400], ytr), mk(ids[n - 400:], y[n - 400:])


def hf_bert(seed):
    from transformers import BertConfig, BertForSequenceClassification
    T().manual_seed(seed)
    cfg = BertConfig(vocab_size=404, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                     intermediate_size=64, max_position_embeddings=32, num_labels=2)
    return BertForSequenceClassification(cfg)


def hf_args(d, seed, **kw):
    from transformers import TrainingArguments
    base = dict(output_dir=str(d), save_strategy="no", report_to=["tensorboard"], use_cpu=True, seed=seed,
                data_seed=seed, dataloader_num_workers=0, disable_tqdm=True)
    base.update(kw)
    return TrainingArguments(**base)


def hf_finish(tr, d, eval_ds=None):
    out = tr.train()
    tr.save_metrics("train", out.metrics)
    if eval_ds is not None:
        tr.save_metrics("eval", tr.evaluate())
    tr.save_state()


def hf_acc(p):
    return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}


@run("hf_trainer_state/bert-tiny-sentiment-4ep", "token-id sentiment, BertForSequenceClassification from a tiny "
     "BertConfig (2 layers, hidden 32), AdamW lr 1e-3 linear decay, warmup 30 steps, 4 epochs, eval every 50 steps")
def _(d):
    from transformers import Trainer
    tr_ds, va_ds = hf_cls_data(60)
    tr = Trainer(model=hf_bert(60), args=hf_args(d, 60, num_train_epochs=4, per_device_train_batch_size=32,
                 learning_rate=1e-3, warmup_steps=30, logging_steps=10, eval_strategy="steps", eval_steps=50),
                 train_dataset=tr_ds, eval_dataset=va_ds, compute_metrics=hf_acc)
    hf_finish(tr, d, va_ds)


@run("hf_trainer_state/bert-tiny-sentiment-lr100", "same tiny BERT and data, learning_rate=100 (far too high; the "
     "Trainer's default grad clipping 1.0 on), 4 epochs, eval every 50 steps")
def _(d):
    from transformers import Trainer
    tr_ds, va_ds = hf_cls_data(61)
    tr = Trainer(model=hf_bert(61), args=hf_args(d, 61, num_train_epochs=4, per_device_train_batch_size=32,
                 learning_rate=100.0, logging_steps=10, eval_strategy="steps", eval_steps=50),
                 train_dataset=tr_ds, eval_dataset=va_ds, compute_metrics=hf_acc)
    hf_finish(tr, d, va_ds)


def hf_lm_data(seed, block=64):
    torch = T()
    text, chars = charseq(40000, seed); ix = {c: i for i, c in enumerate(chars)}
    data = np.array([ix[c] for c in text])
    blocks = data[: len(data) // block * block].reshape(-1, block)
    mk = lambda B: _ListDS([{"input_ids": torch.as_tensor(b), "labels": torch.as_tensor(b)} for b in B])
    return mk(blocks[:-60]), mk(blocks[-60:]), len(chars)


def hf_llama(seed, V):
    from transformers import LlamaConfig, LlamaForCausalLM
    T().manual_seed(seed)
    cfg = LlamaConfig(vocab_size=V, hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                      num_key_value_heads=2, max_position_embeddings=64, tie_word_embeddings=True)
    return LlamaForCausalLM(cfg)


@run("hf_trainer_state/llama-tiny-charlm-cosine", "char-level LM on generated text, LlamaForCausalLM from a tiny "
     "LlamaConfig (2 layers, hidden 48), AdamW 3e-3 cosine, 5 warm-up steps, 3 epochs, eval each epoch")
def _(d):
    from transformers import Trainer
    tr_ds, va_ds, V = hf_lm_data(62)
    tr = Trainer(model=hf_llama(62, V), args=hf_args(d, 62, num_train_epochs=3, per_device_train_batch_size=16,
                 learning_rate=3e-3, lr_scheduler_type="cosine", warmup_steps=5, logging_steps=5,
                 eval_strategy="epoch"), train_dataset=tr_ds, eval_dataset=va_ds)
    hf_finish(tr, d, va_ds)


@run("hf_trainer_state/llama-tiny-charlm-killed-step-140", "same tiny Llama char LM, max_steps=400, eval every 50 "
     "steps; a callback writes trainer_state.json at every log (to watch the run) and the job is SIGKILLed at step 140")
def _(d):
    from transformers import Trainer, TrainerCallback
    tr_ds, va_ds, V = hf_lm_data(63)

    class Watch(TrainerCallback):
        def on_log(self, args, state, control, **kw):
            state.save_to_json(str(Path(args.output_dir) / "trainer_state.json"))

        def on_step_end(self, args, state, control, **kw):
            if state.global_step == 140:
                kill_self()
    tr = Trainer(model=hf_llama(63, V), args=hf_args(d, 63, max_steps=400, per_device_train_batch_size=16,
                 learning_rate=2e-3, lr_scheduler_type="linear", logging_steps=5, eval_strategy="steps",
                 eval_steps=50), train_dataset=tr_ds, eval_dataset=va_ds, callbacks=[Watch()])
    hf_finish(tr, d, va_ds)


@run("hf_trainer_state/bert-tiny-shuffled-labels-8ep", "tiny BERT sentiment with the training labels permuted "
     "(validation labels correct), AdamW 1e-3, 8 epochs, eval each epoch with accuracy")
def _(d):
    from transformers import Trainer
    tr_ds, va_ds = hf_cls_data(64, n=1400, shuffle_labels=True)
    tr = Trainer(model=hf_bert(64), args=hf_args(d, 64, num_train_epochs=8, per_device_train_batch_size=32,
                 learning_rate=1e-3, logging_steps=5, eval_strategy="epoch"),
                 train_dataset=tr_ds, eval_dataset=va_ds, compute_metrics=hf_acc)
    hf_finish(tr, d, va_ds)


# ----------------------------------------------------------------------------------------------------------------
# driver
# ----------------------------------------------------------------------------------------------------------------

def one(name, launch):
    d = RUNS / name
    d.mkdir(parents=True, exist_ok=True)
    fn = REGISTRY[name]["fn"]
    if REGISTRY[name]["launches"] > 1:
        fn(d, launch=launch)
    else:
        fn(d)


def main(argv):
    if argv[:1] == ["--one"]:
        one(argv[1], int(argv[3]) if len(argv) > 3 else 1)
        return
    names = argv or list(REGISTRY)
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1", KERAS_BACKEND="torch", PYTHONHASHSEED="0",
               TOKENIZERS_PARALLELISM="false", TF_CPP_MIN_LOG_LEVEL="2")
    total = 0.0
    for name in names:
        spec = REGISTRY[name]
        d = RUNS / name
        if d.exists():
            import shutil
            shutil.rmtree(d)
        d.mkdir(parents=True)
        t0 = time.time()
        for k in range(1, spec["launches"] + 1):
            cmd = [sys.executable, str(Path(__file__).resolve()), "--one", name, "--launch", str(k)]
            if spec["stdout"]:
                with open(d / spec["stdout"], "ab") as f:
                    rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env).returncode
            else:
                TMP.mkdir(parents=True, exist_ok=True)
                with open(TMP / (name.replace("/", "__") + ".out"), "wb") as f:
                    rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env).returncode
        dt = time.time() - t0
        total += dt
        print(f"{name:60s} rc={rc:4d} {dt:6.1f}s", flush=True)
    print(f"total {total:.0f}s")


if __name__ == "__main__":
    main(sys.argv[1:])
