"""Make the lock-box batch 2026-11-29nu2: small real trainings on CPU, logged the way a new user would log them.

A second "new user" batch, written from scratch so that it does not repeat 2026-11-28nu: other data (1-D signals,
oriented-grating images, a "house price" table, an imbalanced binary table, a multi-label table, a 50-class table,
generated English-like text for char-level language models, a reverse-the-digits seq2seq task, disk masks for
segmentation), other models (Conv1d nets, a small residual CNN, GRU / vanilla RNN, a 2-layer transformer LM, a tiny
GPT-2 built from a config, an autoencoder, a fully-convolutional segmenter), other logging code and other fault
recipes (see FAULTS in SOURCES.md).

Usage (one training at a time; each run is its own process so a SIGKILL ends only that run):

    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py            # all runs
    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py NAME ...   # some runs

Output: runs/<format>/<name>/... (a run's folder is deleted and rewritten). For the print()/tqdm runs the driver
redirects stdout+stderr to the log file, as `python train.py > train.log 2>&1` would (block-buffered stdout).
A record of what each run printed (for the expected_series of the labels) goes to a temporary directory, never
into the batch.
"""
from __future__ import annotations

import csv
import json
import logging
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("KERAS_BACKEND", "torch")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

HERE = Path(__file__).resolve().parent
RUNS = HERE / "runs"
TMP = Path(tempfile.gettempdir()) / "lockbox-nu2"
CKPT = TMP / "ckpt"
REC = TMP / "printed"


# ================================================================================================================
# data (numpy, seeded)
# ================================================================================================================
def signals(n, k=6, length=64, noise=0.35, seed=0):
    """1-D waveforms: class = (shape in sine/square/sawtooth) x (frequency band); random phase, amplitude, noise."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    t = np.linspace(0, 1, length)[None, :]
    kind, band = y % 3, y // 3
    f = (2 + 3.0 * band + rng.uniform(0, 2.0, n))[:, None]
    ph = rng.uniform(0, 2 * np.pi, n)[:, None]
    amp = rng.uniform(0.6, 1.4, n)[:, None]
    s = np.sin(2 * np.pi * f * t + ph)
    sq = np.sign(s)
    saw = 2 * ((f * t + ph / (2 * np.pi)) % 1.0) - 1
    x = np.where(kind[:, None] == 0, s, np.where(kind[:, None] == 1, sq, saw)) * amp
    x = x + noise * rng.normal(size=x.shape)
    return x[:, None, :].astype(np.float32), y.astype(np.int64)


def gratings(n, k=10, size=16, noise=0.5, seed=0):
    """3-channel oriented gratings: class = orientation (k angles over 180 degrees), random frequency/phase/colour."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    yy, xx = np.mgrid[0:size, 0:size] / size
    ang = np.pi * y / k + rng.normal(0, 0.04, n)
    fr = rng.uniform(2.0, 4.0, n)
    ph = rng.uniform(0, 2 * np.pi, n)
    g = np.sin(2 * np.pi * fr[:, None, None] * (np.cos(ang)[:, None, None] * xx + np.sin(ang)[:, None, None] * yy)
               + ph[:, None, None])
    col = rng.uniform(0.3, 1.0, (n, 3))
    x = g[:, None] * col[:, :, None, None] + noise * rng.normal(size=(n, 3, size, size))
    return x.astype(np.float32), y.astype(np.int64)


def houses(n, seed=0, normalise=True):
    """'House price' table: area m2, rooms, age, distance km, floor, lot m2 -> price in k$ (nonlinear + noise)."""
    rng = np.random.default_rng(seed)
    area = rng.uniform(40, 300, n)
    rooms = np.clip(np.round(area / 35 + rng.normal(0, 1, n)), 1, 9)
    age = rng.uniform(0, 80, n)
    dist = rng.gamma(2.0, 5.0, n)
    floor = rng.integers(0, 12, n).astype(float)
    lot = rng.uniform(0, 2000, n)
    price = (2.2 * area + 15 * rooms - 1.1 * age - 60 * np.log1p(dist) + 3 * floor + 0.05 * lot
             + 0.004 * area * (80 - age) + rng.normal(0, 25, n))
    x = np.stack([area, rooms, age, dist, floor, lot], 1)
    if normalise:
        x = (x - x.mean(0)) / x.std(0)
        price = (price - price.mean()) / price.std()
    return x.astype(np.float32), price.astype(np.float32)


def imbalanced(n, d=12, pos=0.10, seed=0):
    """Binary table with ~10% positives: positive iff a nonlinear score is in its top `pos` fraction (+5% flips)."""
    rng = np.random.default_rng(seed)
    w = np.random.default_rng(1234).normal(size=(d,))
    v = np.random.default_rng(4321).normal(size=(d,))

    def draw(m):
        x = rng.normal(size=(m, d))
        s = x @ w + 1.5 * np.tanh(x @ v) * x[:, 0]
        return x, s

    x, s = draw(n)
    thr = np.quantile(draw(20000)[1], 1 - pos)
    y = (s > thr).astype(np.float32)
    flip = rng.random(n) < 0.02
    y = np.where(flip, 1 - y, y)
    return x.astype(np.float32), y.astype(np.float32)


def multilabel(n, d=24, L=8, seed=0):
    """Multi-label table: 8 tags, each on when a fixed random projection of tanh features is high (~15-40% on)."""
    rng = np.random.default_rng(seed)
    W = np.random.default_rng(77).normal(size=(d, 32)) / np.sqrt(d)
    V = np.random.default_rng(78).normal(size=(32, L))
    b = np.linspace(0.4, 1.2, L)
    x = rng.normal(size=(n, d))
    s = np.tanh(x @ W * 2) @ V / np.sqrt(32) * 2.5
    y = (s + 0.3 * rng.normal(size=s.shape) > b).astype(np.float32)
    return x.astype(np.float32), y


def many_classes(n, k=50, d=32, spread=0.55, seed=0):
    rng = np.random.default_rng(seed)
    protos = np.random.default_rng(99).normal(size=(k, d))
    y = rng.integers(0, k, n)
    x = protos[y] + spread * rng.normal(size=(n, d)) * np.sqrt(d) / 4
    return x.astype(np.float32), y.astype(np.int64)


WORDS = dict(
    det=["the", "a", "every", "one", "my", "this"],
    adj=["small", "red", "quiet", "old", "bright", "lazy", "clever", "green"],
    noun=["cat", "dog", "bird", "child", "robot", "farmer", "river", "teacher", "horse"],
    verb=["sees", "likes", "finds", "follows", "paints", "hears", "helps", "carries"],
    adv=["slowly", "today", "again", "quietly", "often"],
)


def sentence(rng):
    def np_():
        w = [rng.choice(WORDS["det"])]
        if rng.random() < 0.5:
            w.append(rng.choice(WORDS["adj"]))
        w.append(rng.choice(WORDS["noun"]))
        return w
    s = np_() + [rng.choice(WORDS["verb"])] + np_()
    if rng.random() < 0.4:
        s.append(rng.choice(WORDS["adv"]))
    return " ".join(s) + "."


def corpus(n_sent, seed=0):
    rng = np.random.default_rng(seed)
    return " ".join(sentence(rng) for _ in range(n_sent))


CHARS = sorted(set(" ." + "".join("".join(v) for v in WORDS.values())))
STOI = {c: i for i, c in enumerate(CHARS)}


def char_windows(text, ctx, n, rng):
    ids = np.array([STOI[c] for c in text], dtype=np.int64)
    starts = rng.integers(0, len(ids) - ctx - 1, n)
    x = np.stack([ids[s:s + ctx] for s in starts])
    y = np.stack([ids[s + 1:s + ctx + 1] for s in starts])
    return x, y


def reverse_task(n, length=8, vocab=10, seed=0):
    """seq2seq: input digits, target the same digits reversed. Tokens 0..9 digits, 10 = BOS."""
    rng = np.random.default_rng(seed)
    x = rng.integers(0, vocab, (n, length))
    return x.astype(np.int64), x[:, ::-1].copy().astype(np.int64)


def disks(n, size=20, seed=0):
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:size, 0:size]
    img = np.zeros((n, 1, size, size), np.float32)
    mask = np.zeros((n, 1, size, size), np.float32)
    for i in range(n):
        for _ in range(rng.integers(1, 4)):
            cy, cx, r = rng.uniform(3, size - 3), rng.uniform(3, size - 3), rng.uniform(2, 5)
            m = (yy - cy) ** 2 + (xx - cx) ** 2 <= r * r
            mask[i, 0][m] = 1
    img = mask * rng.uniform(0.5, 1.0, (n, 1, 1, 1)) + 0.45 * rng.normal(size=mask.shape)
    # distractor stripes that are not objects
    img += 0.4 * (rng.random((n, 1, 1, 1)) < 0.5) * np.sin(xx / 1.5)[None, None]
    return img.astype(np.float32), mask


# ================================================================================================================
# helpers
# ================================================================================================================
def T(seed):
    import torch
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    np.random.seed(seed)
    return torch


def out_dir(fmt, name):
    d = RUNS / fmt / name.split("/")[-1]
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    return d


class Printed:
    """Keeps what a text-log run printed (series -> list of [x, value-as-printed]) in a temp file for the labels."""

    def __init__(self, name):
        self.name, self.s = name, {}

    def add(self, key, x, txt):
        v = float(txt) if txt.lower() not in ("nan", "inf", "-inf") else txt
        self.s.setdefault(key, []).append([x, v])

    def save(self):
        REC.mkdir(parents=True, exist_ok=True)
        (REC / (self.name.replace("/", "__") + ".json")).write_text(json.dumps(self.s))


def batches(n, bs, rng):
    idx = rng.permutation(n)
    for i in range(0, n, bs):
        yield idx[i:i + bs]


def grad_norm(torch, model):
    g = [p.grad.detach().norm() for p in model.parameters() if p.grad is not None]
    return float(torch.norm(torch.stack(g))) if g else 0.0


def weight_norm(torch, model):
    return float(torch.norm(torch.stack([p.detach().norm() for p in model.parameters()])))


def conv1d_net(torch, k, ch=16, drop=0.0):
    nn = torch.nn
    return nn.Sequential(nn.Conv1d(1, ch, 7, padding=3), nn.ReLU(), nn.MaxPool1d(2),
                         nn.Conv1d(ch, 2 * ch, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
                         nn.Conv1d(2 * ch, 2 * ch, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool1d(1),
                         nn.Flatten(), nn.Dropout(drop), nn.Linear(2 * ch, k))


def resnetish(torch, k=10, ch=16):
    nn = torch.nn

    class Block(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.c1, self.b1 = nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c)
            self.c2, self.b2 = nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c)

        def forward(self, x):
            h = torch.relu(self.b1(self.c1(x)))
            return torch.relu(x + self.b2(self.c2(h)))

    return nn.Sequential(nn.Conv2d(3, ch, 3, padding=1, bias=False), nn.BatchNorm2d(ch), nn.ReLU(),
                         Block(ch), nn.Conv2d(ch, 2 * ch, 3, stride=2, padding=1), nn.ReLU(), Block(2 * ch),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2 * ch, k))


def mlp(torch, d_in, hidden, d_out, act="relu", drop=0.0):
    nn = torch.nn
    A = {"relu": nn.ReLU, "sigmoid": nn.Sigmoid, "tanh": nn.Tanh}[act]
    layers, d = [], d_in
    for h in hidden:
        layers += [nn.Linear(d, h), A()] + ([nn.Dropout(drop)] if drop else [])
        d = h
    layers.append(nn.Linear(d, d_out))
    return nn.Sequential(*layers)


def cls_eval(torch, model, x, y, bs=500):
    model_was = model.training
    with torch.no_grad():
        outs = [model(torch.from_numpy(x[i:i + bs])) for i in range(0, len(x), bs)]
    o = torch.cat(outs)
    t = torch.from_numpy(y)
    loss = float(torch.nn.functional.cross_entropy(o, t))
    acc = float((o.argmax(1) == t).float().mean())
    model.train(model_was)
    return loss, acc


class CharGRU:
    def __new__(cls, torch, vocab, emb=32, hid=128):
        nn = torch.nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.e = nn.Embedding(vocab, emb)
                self.r = nn.GRU(emb, hid, batch_first=True)
                self.o = nn.Linear(hid, vocab)

            def forward(self, x):
                return self.o(self.r(self.e(x))[0])
        return M()


class TinyLM:
    def __new__(cls, torch, vocab, ctx, d=64, layers=2, heads=4):
        nn = torch.nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.e = nn.Embedding(vocab, d)
                self.p = nn.Parameter(torch.zeros(1, ctx, d))
                layer = nn.TransformerEncoderLayer(d, heads, 4 * d, dropout=0.1, batch_first=True, norm_first=True)
                self.t = nn.TransformerEncoder(layer, layers)
                self.o = nn.Linear(d, vocab)
                self.register_buffer("mask", torch.triu(torch.full((ctx, ctx), float("-inf")), 1))

            def forward(self, x):
                n = x.shape[1]
                return self.o(self.t(self.e(x) + self.p[:, :n], mask=self.mask[:n, :n], is_causal=True))
        return M()


class Seq2Seq:
    def __new__(cls, torch, vocab=11, hid=96):
        nn = torch.nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.e = nn.Embedding(vocab, 32)
                self.enc = nn.GRU(32, hid, batch_first=True)
                self.dec = nn.GRU(32, hid, batch_first=True)
                self.o = nn.Linear(hid, vocab)

            def forward(self, src, tgt_in):
                _, h = self.enc(self.e(src))
                y, _ = self.dec(self.e(tgt_in), h)
                return self.o(y)
        return M()


def seg_net(torch, ch=16):
    nn = torch.nn
    return nn.Sequential(nn.Conv2d(1, ch, 3, padding=1), nn.ReLU(), nn.Conv2d(ch, ch, 3, padding=2, dilation=2),
                         nn.ReLU(), nn.Conv2d(ch, ch, 3, padding=4, dilation=4), nn.ReLU(), nn.Conv2d(ch, 1, 1))


def dice(torch, logits, mask):
    p = (logits > 0).float()
    return float((2 * (p * mask).sum() + 1) / (p.sum() + mask.sum() + 1))


def kill_now():
    sys.stdout.flush() if False else None   # a SIGKILL gives no chance to flush; nothing is done here on purpose
    os.kill(os.getpid(), signal.SIGKILL)


# ================================================================================================================
# text logs: print() / logging / tqdm (stdout+stderr redirected by the driver unless a FileHandler is used)
# ================================================================================================================
def t_signal_cnn_pipes(name):
    """healthy: Conv1d on 6-class signals, Adam 1e-3, 25 epochs, f-string with | separators."""
    torch = T(11); rec = Printed(name)
    (x, y), (xv, yv) = signals(3000, seed=1), signals(800, seed=2)
    m = conv1d_net(torch, 6); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(11)
    print(f"train={len(x)} val={len(xv)} classes=6")
    for e in range(1, 26):
        m.train(); tot = 0; nb = 0
        for b in batches(len(x), 64, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); tot += float(l); nb += 1
        m.eval(); vl, va = cls_eval(torch, m, xv, yv)
        a, b_, c = f"{tot / nb:.4f}", f"{vl:.4f}", f"{va:.4f}"
        print(f"ep {e:03d} | train_loss {a} | val_loss {b_} | val_acc {c}")
        rec.add("train_loss", e, a); rec.add("val_loss", e, b_); rec.add("val_acc", e, c)
    print("done.")
    rec.save()


def t_imbalanced_keras_style(name):
    """healthy: MLP on 10%-positive binary table, BCEWithLogits, Adam 3e-3, 20 epochs, Keras-style print lines."""
    torch = T(12); rec = Printed(name)
    x, y = imbalanced(4000, seed=3); xv, yv = imbalanced(1000, seed=4)
    m = mlp(torch, 12, [64, 32], 1); opt = torch.optim.Adam(m.parameters(), 3e-3); rng = np.random.default_rng(12)
    lf = torch.nn.BCEWithLogitsLoss()
    print(f"positives in train: {y.mean():.3f}")
    for e in range(1, 21):
        tot = n = cor = 0
        for b in batches(len(x), 128, rng):
            opt.zero_grad(); o = m(torch.from_numpy(x[b])).squeeze(1); t = torch.from_numpy(y[b])
            l = lf(o, t); l.backward(); opt.step()
            tot += float(l) * len(b); n += len(b); cor += float(((o > 0).float() == t).sum())
        with torch.no_grad():
            o = m(torch.from_numpy(xv)).squeeze(1); t = torch.from_numpy(yv)
            vl = float(lf(o, t)); p = (o > 0).float()
            va = float((p == t).float().mean()); rc = float((p * t).sum() / t.sum())
        vals = dict(loss=f"{tot / n:.4f}", acc=f"{cor / n:.4f}", val_loss=f"{vl:.4f}", val_acc=f"{va:.4f}",
                    val_recall=f"{rc:.4f}")
        print(f"epoch {e}/20 - " + " - ".join(f"{k}: {v}" for k, v in vals.items()))
        for k, v in vals.items():
            rec.add(k, e, v)
    rec.save()


def t_char_gru_tqdm(name):
    """healthy: char-level GRU LM on generated sentences, Adam 3e-3, 4 epochs x 60 steps, tqdm postfix + tqdm.write."""
    torch = T(13); rec = Printed(name)
    from tqdm import tqdm
    text = corpus(3000, seed=5); vtext = corpus(400, seed=6); V = len(CHARS)
    rng = np.random.default_rng(13)
    xv, yv = char_windows(vtext, 48, 300, np.random.default_rng(1))
    m = CharGRU(torch, V); opt = torch.optim.Adam(m.parameters(), 3e-3)
    step = 0
    for e in range(4):
        bar = tqdm(range(60), desc=f"Epoch {e}", mininterval=0, file=sys.stderr)
        for i in bar:
            xb, yb = char_windows(text, 48, 32, rng)
            opt.zero_grad(); o = m(torch.from_numpy(xb))
            l = torch.nn.functional.cross_entropy(o.reshape(-1, V), torch.from_numpy(yb).reshape(-1))
            l.backward(); opt.step(); step += 1
            bar.set_postfix(loss=f"{float(l):.3f}")
            rec.add("loss", step, f"{float(l):.3f}")
        bar.close()
        m.eval()
        with torch.no_grad():
            vl = float(torch.nn.functional.cross_entropy(m(torch.from_numpy(xv)).reshape(-1, V),
                                                          torch.from_numpy(yv).reshape(-1)))
        m.train()
        tqdm.write(f"epoch {e}: val_loss={vl:.4f} val_ppl={math.exp(vl):.2f}", file=sys.stderr)
        rec.add("val_loss", e, f"{vl:.4f}"); rec.add("val_ppl", e, f"{math.exp(vl):.2f}")
    rec.save()


def t_rnn_explode_logging(name):
    """fault: vanilla tanh RNN over 64 time steps, recurrent weights init large, SGD lr 0.5, no clipping."""
    torch = T(14); rec = Printed(name)
    d = out_dir("text_log", name)
    log = logging.getLogger(name); log.setLevel(logging.INFO)
    h = logging.FileHandler(d / "train.log", mode="w")
    h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")); log.addHandler(h)
    (x, y), (xv, yv) = signals(2000, k=6, seed=7), signals(500, k=6, seed=8)
    nn = torch.nn

    class R(nn.Module):
        def __init__(self):
            super().__init__()
            self.r = nn.RNN(1, 64, batch_first=True, nonlinearity="tanh")
            with torch.no_grad():
                self.r.weight_hh_l0.mul_(3.0)
            self.o = nn.Linear(64, 6)

        def forward(self, s):
            return self.o(self.r(s.transpose(1, 2))[0][:, -1])
    m = R(); opt = torch.optim.SGD(m.parameters(), lr=0.5); rng = np.random.default_rng(14)
    log.info("model: RNN(1->64, tanh) on 64-step signals, SGD lr=0.5, epochs=12")
    step = 0
    for e in range(1, 13):
        for b in batches(len(x), 32, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); gn = grad_norm(torch, m); opt.step(); step += 1
            if step % 10 == 0:
                log.info("epoch %d step %d loss %.4f grad_norm %.3f", e, step, float(l), gn)
                rec.add("loss", step, f"{float(l):.4f}"); rec.add("grad_norm", step, f"{gn:.3f}")
        vl, va = cls_eval(torch, m, xv, yv)
        log.info("epoch %d finished: val_loss %.4f val_acc %.4f", e, vl, va)
        rec.add("val_loss", e, f"{vl:.4f}"); rec.add("val_acc", e, f"{va:.4f}")
    log.info("training finished")
    rec.save()


def t_adam_no_zero_grad(name):
    """fault: regression MLP on the house table, Adam 1e-3, optimizer.zero_grad() never called, 40 epochs."""
    torch = T(15); rec = Printed(name)
    x, y = houses(2000, seed=9); xv, yv = houses(500, seed=10)
    # the validation split must use the train statistics; houses() standardises each split itself, close enough
    m = mlp(torch, 6, [64, 64], 1); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(15)
    for e in range(40):
        tot = n = 0
        for b in batches(len(x), 50, rng):
            l = torch.nn.functional.mse_loss(m(torch.from_numpy(x[b])).squeeze(1), torch.from_numpy(y[b]))
            l.backward(); opt.step(); tot += float(l) * len(b); n += len(b)
        with torch.no_grad():
            vl = float(torch.nn.functional.mse_loss(m(torch.from_numpy(xv)).squeeze(1), torch.from_numpy(yv)))
        a, b_ = f"{tot / n:.5f}", f"{vl:.5f}"
        print(f"Epoch: {e}, Train MSE: {a}, Val MSE: {b_}")
        rec.add("train_mse", e, a); rec.add("val_mse", e, b_)
    rec.save()


def t_dropout_at_eval(name):
    """fault: model.eval() never called (dropout 0.5 active at validation); 12-class signals, SGD 0.05 m0.9, 30 ep."""
    torch = T(16); rec = Printed(name)
    (x, y), (xv, yv) = signals(3000, k=12, seed=11), signals(800, k=12, seed=12)
    nn = torch.nn
    m = nn.Sequential(nn.Conv1d(1, 32, 7, padding=3), nn.ReLU(), nn.Dropout(0.5), nn.MaxPool1d(2),
                      nn.Conv1d(32, 32, 5, padding=2), nn.ReLU(), nn.Dropout(0.5), nn.AdaptiveAvgPool1d(4),
                      nn.Flatten(), nn.Linear(128, 64), nn.ReLU(), nn.Dropout(0.5), nn.Linear(64, 12))
    opt = torch.optim.SGD(m.parameters(), 0.05, momentum=0.9); rng = np.random.default_rng(16)
    for e in range(1, 31):
        tl = []
        for b in batches(len(x), 64, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); tl.append(float(l))
        with torch.no_grad():   # no m.eval(): dropout stays on
            o = m(torch.from_numpy(xv)); vl = float(torch.nn.functional.cross_entropy(o, torch.from_numpy(yv)))
            va = float((o.argmax(1) == torch.from_numpy(yv)).float().mean())
        s = [f"{np.mean(tl):.4f}", f"{vl:.4f}", f"{100 * va:.2f}"]
        print(f"Epoch [{e}/30]  Train Loss: {s[0]}  Val Loss: {s[1]}  Val Acc: {s[2]}%")
        rec.add("train_loss", e, s[0]); rec.add("val_loss", e, s[1]); rec.add("val_acc", e, s[2])
    rec.save()


def t_killed_mid_epoch_logging(name):
    """fault: 50-class table MLP, SGD 0.1 m0.9, 30 epochs planned; SIGKILL in the middle of epoch 14."""
    torch = T(17); rec = Printed(name)
    d = out_dir("text_log", name)
    logging.basicConfig(filename=d / "run.log", level=logging.INFO, format="[%(asctime)s] %(message)s",
                        datefmt="%Y-%m-%d %H:%M:%S")
    x, y = many_classes(5000, seed=13); xv, yv = many_classes(1000, seed=14)
    m = mlp(torch, 32, [256, 256], 50); opt = torch.optim.SGD(m.parameters(), 0.1, momentum=0.9)
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 30); rng = np.random.default_rng(17)
    logging.info("start: 30 epochs, 50 classes, %d train samples", len(x))
    for e in range(1, 31):
        for i, b in enumerate(batches(len(x), 100, rng), 1):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step()
            if i % 10 == 0:
                logging.info("epoch %d iter %d/50 loss %.4f lr %.5f", e, i, float(l), sch.get_last_lr()[0])
                rec.add("loss", (e - 1) * 50 + i, f"{float(l):.4f}")
            if e == 14 and i == 27:
                kill_now()
        vl, va = cls_eval(torch, m, xv, yv); sch.step()
        logging.info("epoch %d val loss %.4f val top1 %.4f", e, vl, va)
        rec.add("val_loss", e, f"{vl:.4f}"); rec.add("val_top1", e, f"{va:.4f}"); rec.save()


def t_restart_after_traceback(name, phase=1):
    """fault: run 1 dies with a traceback (checkpoint dir missing) after epoch 6 of 20; the user creates the dir and
    relaunches from scratch with `>> train.log`, so both launches are in one file."""
    torch = T(18); rec = Printed(name)
    if phase == 2 and (REC / (name.replace("/", "__") + ".json")).exists():
        rec.s = json.loads((REC / (name.replace("/", "__") + ".json")).read_text())
    (x, y), (xv, yv) = gratings(1500, k=10, seed=15), gratings(400, k=10, seed=16)
    m = resnetish(torch, 10, 12); opt = torch.optim.Adam(m.parameters(), 2e-3); rng = np.random.default_rng(18)
    ck = CKPT / "restart"
    if phase == 1 and ck.exists():
        shutil.rmtree(ck)
    if phase == 2:
        ck.mkdir(parents=True, exist_ok=True)
    print(f"=== launch {phase}: resnet-ish, 10 classes, Adam 2e-3, 20 epochs ===", flush=True)
    for e in range(1, 21):
        m.train(); tl = []
        for b in batches(len(x), 50, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); tl.append(float(l))
        m.eval(); vl, va = cls_eval(torch, m, xv, yv)
        s = [f"{np.mean(tl):.4f}", f"{vl:.4f}", f"{va:.3f}"]
        print(f"epoch={e} train_loss={s[0]} val_loss={s[1]} val_acc={s[2]}", flush=True)
        rec.add("train_loss", e, s[0]); rec.add("val_loss", e, s[1]); rec.add("val_acc", e, s[2]); rec.save()
        if e % 6 == 0:
            torch.save(m.state_dict(), ck / f"epoch{e}.pt")   # phase 1: FileNotFoundError -> traceback
    print("finished", flush=True)


def t_weight_decay_huge(name):
    """fault: AdamW lr 1e-3 weight_decay=50 on the 6-class signal Conv1d; logs weight norm; 20 epochs."""
    torch = T(19); rec = Printed(name)
    (x, y), (xv, yv) = signals(2400, seed=17), signals(600, seed=18)
    m = conv1d_net(torch, 6); opt = torch.optim.AdamW(m.parameters(), 1e-3, weight_decay=50.0)
    rng = np.random.default_rng(19); step = 0
    for e in range(20):
        for b in batches(len(x), 48, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); step += 1
            if step % 25 == 0:
                wn = weight_norm(torch, m)
                print(f"step={step} loss={float(l):.4f} weight_norm={wn:.4f}")
                rec.add("loss", step, f"{float(l):.4f}"); rec.add("weight_norm", step, f"{wn:.4f}")
        m.eval(); vl, va = cls_eval(torch, m, xv, yv); m.train()
        print(f"[val] epoch={e} loss={vl:.4f} acc={va:.4f}")
        rec.add("val_loss", e, f"{vl:.4f}"); rec.add("val_acc", e, f"{va:.4f}")
    rec.save()


def t_steplr_tiny_step(name):
    """fault: StepLR(step_size=2, gamma=0.1) per epoch on a 30-epoch run (lr 0.05 -> 5e-17); gratings CNN."""
    torch = T(20); rec = Printed(name)
    (x, y), (xv, yv) = gratings(1500, k=8, seed=19), gratings(400, k=8, seed=20)
    m = resnetish(torch, 8, 12); opt = torch.optim.SGD(m.parameters(), 0.05, momentum=0.9)
    sch = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.1); rng = np.random.default_rng(20)
    for e in range(30):
        m.train(); tl = []
        for b in batches(len(x), 60, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); tl.append(float(l))
        m.eval(); vl, va = cls_eval(torch, m, xv, yv); lr = sch.get_last_lr()[0]; sch.step()
        s = [f"{np.mean(tl):.4f}", f"{vl:.4f}", f"{va:.4f}", f"{lr:.2e}"]
        print(f"Epoch {e:2d} | lr {s[3]} | train {s[0]} | valid {s[1]} | acc {s[2]}")
        for k, v in zip(["train", "valid", "acc", "lr"], s):
            rec.add(k, e, v)
    rec.save()


def t_seq2seq_reverse(name):
    """healthy: GRU encoder-decoder reversing 8 digits, Adam 2e-3, 1500 iterations, '[it N]' lines every 50."""
    torch = T(21); rec = Printed(name)
    xs, ys = reverse_task(20000, seed=21); xv, yv = reverse_task(500, seed=22)
    m = Seq2Seq(torch); opt = torch.optim.Adam(m.parameters(), 2e-3); rng = np.random.default_rng(21)
    BOS = 10

    def run(src, tgt):
        tin = torch.cat([torch.full((len(tgt), 1), BOS), tgt[:, :-1]], 1)
        return m(src, tin)
    for it in range(1, 1501):
        b = rng.integers(0, len(xs), 64); src, tgt = torch.from_numpy(xs[b]), torch.from_numpy(ys[b])
        opt.zero_grad(); o = run(src, tgt)
        l = torch.nn.functional.cross_entropy(o.reshape(-1, 11), tgt.reshape(-1)); l.backward(); opt.step()
        if it % 50 == 0:
            with torch.no_grad():
                ov = run(torch.from_numpy(xv), torch.from_numpy(yv))
                vl = float(torch.nn.functional.cross_entropy(ov.reshape(-1, 11), torch.from_numpy(yv).reshape(-1)))
                ta = float((ov.argmax(-1) == torch.from_numpy(yv)).float().mean())
            print(f"[it {it}] loss {float(l):.4f} | val loss {vl:.4f} | tok_acc {ta:.3f}")
            rec.add("loss", it, f"{float(l):.4f}"); rec.add("val_loss", it, f"{vl:.4f}"); rec.add("tok_acc", it, f"{ta:.3f}")
    rec.save()


def t_handwritten_bce_log0(name):
    """fault: multi-label, loss written as -(y log p + (1-y) log(1-p)) on sigmoid outputs, Adam 0.03 -> p hits 0/1."""
    torch = T(22); rec = Printed(name)
    x, y = multilabel(3000, seed=23); xv, yv = multilabel(600, seed=24)
    x = x * 4; xv = xv * 4   # unscaled features make the logits large quickly
    m = mlp(torch, 24, [128, 128], 8); opt = torch.optim.Adam(m.parameters(), 0.03); rng = np.random.default_rng(22)

    def bce(p, t):
        return -(t * torch.log(p) + (1 - t) * torch.log(1 - p)).mean()
    step = 0
    for e in range(1, 16):
        for b in batches(len(x), 32, rng):
            opt.zero_grad(); p = torch.sigmoid(m(torch.from_numpy(x[b])))
            l = bce(p, torch.from_numpy(y[b])); l.backward(); opt.step(); step += 1
            if step % 20 == 0:
                print(f"step {step}: loss = {float(l):.4f}")
                rec.add("loss", step, f"{float(l):.4f}")
        with torch.no_grad():
            p = torch.sigmoid(m(torch.from_numpy(xv))); vl = float(bce(p, torch.from_numpy(yv)))
            f1 = float(2 * ((p > 0.5) * torch.from_numpy(yv)).sum() / ((p > 0.5).sum() + torch.from_numpy(yv).sum()))
        print(f"== epoch {e} == val_loss = {vl:.4f}  micro_f1 = {f1:.4f}")
        rec.add("val_loss", e, f"{vl:.4f}"); rec.add("micro_f1", e, f"{f1:.4f}")
    rec.save()


def t_onecycle_maxlr_high(name):
    """fault: OneCycleLR max_lr=3.0 (SGD momentum) on the 10-class gratings resnet-ish, 8 epochs, logging."""
    torch = T(23); rec = Printed(name)
    d = out_dir("text_log", name)
    lg = logging.getLogger("trainer"); lg.setLevel(logging.DEBUG)
    fh = logging.FileHandler(d / "training.log", mode="w")
    fh.setFormatter(logging.Formatter("%(asctime)s | %(levelname)-8s | %(message)s")); lg.addHandler(fh)
    (x, y), (xv, yv) = gratings(1600, seed=25), gratings(400, seed=26)
    m = resnetish(torch, 10, 12); opt = torch.optim.SGD(m.parameters(), 0.1, momentum=0.9, nesterov=True)
    spe = 32; sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3.0, epochs=8, steps_per_epoch=spe)
    rng = np.random.default_rng(23); step = 0
    for e in range(8):
        m.train()
        for b in batches(len(x), 50, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); sch.step(); step += 1
            if step % 4 == 0:
                lg.info(f"step {step:4d} | loss {float(l):.4f} | lr {sch.get_last_lr()[0]:.4f}")
                rec.add("loss", step, f"{float(l):.4f}"); rec.add("lr", step, f"{sch.get_last_lr()[0]:.4f}")
        m.eval(); vl, va = cls_eval(torch, m, xv, yv)
        lg.info(f"epoch {e} | val_loss {vl:.4f} | val_acc {va:.4f}")
        rec.add("val_loss", e, f"{vl:.4f}"); rec.add("val_acc", e, f"{va:.4f}")
    rec.save()


def t_overfit_tiny_trainset(name):
    """(meant healthy-ish) resnet-ish on only 120 gratings images (10 classes), Adam 1e-3, 80 epochs, one print
    line every 4 epochs."""
    torch = T(24); rec = Printed(name)
    (x, y), (xv, yv) = gratings(120, seed=27), gratings(500, seed=28)
    m = resnetish(torch, 10, 16); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(24)
    for e in range(1, 81):
        m.train(); tl = []
        for b in batches(len(x), 20, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); tl.append(float(l))
        if e % 4 == 0:
            m.eval(); vl, va = cls_eval(torch, m, xv, yv); trl, tra = cls_eval(torch, m, x, y)
            s = [f"{np.mean(tl):.4f}", f"{tra:.3f}", f"{vl:.4f}", f"{va:.3f}"]
            print(f"{e:>3}  loss={s[0]}  train_acc={s[1]}  val_loss={s[2]}  val_acc={s[3]}")
            for k, v in zip(["loss", "train_acc", "val_loss", "val_acc"], s):
                rec.add(k, e, v)
    rec.save()


# ================================================================================================================
# csv / jsonl written by hand
# ================================================================================================================
def c_autoencoder_csvwriter(name):
    """healthy: MLP autoencoder 64->32->8->32->64 on signals, MSE, Adam 1e-3, 60 epochs, csv.writer per epoch."""
    torch = T(31); d = out_dir("csv_custom", name)
    (x, _), (xv, _) = signals(3000, seed=31), signals(600, seed=32)
    x = x[:, 0]; xv = xv[:, 0]
    nn = torch.nn
    m = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 8), nn.ReLU(), nn.Linear(8, 32), nn.ReLU(),
                      nn.Linear(32, 64))
    opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(31)
    with open(d / "ae_log.csv", "w", newline="") as f:
        w = csv.writer(f); w.writerow(["epoch", "train_mse", "val_mse"])
        for e in range(60):
            tl = []
            for b in batches(len(x), 64, rng):
                xb = torch.from_numpy(x[b]); opt.zero_grad(); l = nn.functional.mse_loss(m(xb), xb)
                l.backward(); opt.step(); tl.append(float(l))
            with torch.no_grad():
                vb = torch.from_numpy(xv); vl = float(nn.functional.mse_loss(m(vb), vb))
            w.writerow([e, round(float(np.mean(tl)), 6), round(vl, 6)])


def c_multilabel_pandas_steps(name):
    """healthy: multi-label MLP, BCEWithLogits, Adam 1e-3, 12 epochs; pandas rows per 5 steps + eval rows."""
    torch = T(32); d = out_dir("csv_custom", name)
    import pandas as pd
    x, y = multilabel(4000, seed=33); xv, yv = multilabel(800, seed=34)
    m = mlp(torch, 24, [128, 64], 8); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(32)
    lf = torch.nn.BCEWithLogitsLoss(); rows = []; step = 0
    for e in range(12):
        for b in batches(len(x), 64, rng):
            opt.zero_grad(); l = lf(m(torch.from_numpy(x[b])), torch.from_numpy(y[b])); l.backward(); opt.step()
            step += 1
            if step % 5 == 0:
                rows.append({"step": step, "epoch": e, "train_loss": float(l)})
            if step % 100 == 0:
                with torch.no_grad():
                    o = m(torch.from_numpy(xv)); t = torch.from_numpy(yv)
                    p = (o > 0).float(); f1 = float(2 * (p * t).sum() / (p.sum() + t.sum()))
                rows.append({"step": step, "epoch": e, "val_loss": float(lf(o, t)), "val_micro_f1": f1})
    pd.DataFrame(rows).to_csv(d / "metrics.csv", index=False)


def c_bce_on_sigmoid_jsonl(name):
    """fault: BCEWithLogitsLoss applied to outputs that already went through sigmoid; multi-label; JSON lines."""
    torch = T(33); d = out_dir("csv_custom", name)
    x, y = multilabel(4000, seed=35); xv, yv = multilabel(800, seed=36)
    nn = torch.nn
    m = nn.Sequential(mlp(torch, 24, [128, 64], 8), nn.Sigmoid()); opt = torch.optim.Adam(m.parameters(), 1e-3)
    lf = nn.BCEWithLogitsLoss(); rng = np.random.default_rng(33); step = 0
    with open(d / "log.jsonl", "w") as f:
        for e in range(25):
            for b in batches(len(x), 64, rng):
                opt.zero_grad(); l = lf(m(torch.from_numpy(x[b])), torch.from_numpy(y[b])); l.backward(); opt.step()
                step += 1
                if step % 25 == 0:
                    f.write(json.dumps({"step": step, "loss": round(float(l), 5)}) + "\n")
            with torch.no_grad():
                p = m(torch.from_numpy(xv)); t = torch.from_numpy(yv)
                vl = float(lf(p, t)); q = (p > 0.5).float(); f1 = float(2 * (q * t).sum() / (q.sum() + t.sum()))
            f.write(json.dumps({"step": step, "epoch": e, "val_loss": round(vl, 5), "val_f1": round(f1, 4)}) + "\n")


def c_mse_on_class_index(name):
    """fault: 10-class gratings treated as regression: MSE between a single output and the class index; acc = round."""
    torch = T(34); d = out_dir("csv_custom", name)
    (x, y), (xv, yv) = gratings(1500, seed=37), gratings(400, seed=38)
    m = resnetish(torch, 1, 12); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(34)
    with open(d / "train_log.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["epoch", "loss", "accuracy", "val_loss", "val_accuracy"]); w.writeheader()
        for e in range(1, 21):
            m.train(); tl = []; tc = 0
            for b in batches(len(x), 50, rng):
                opt.zero_grad(); o = m(torch.from_numpy(x[b])).squeeze(1); t = torch.from_numpy(y[b]).float()
                l = torch.nn.functional.mse_loss(o, t); l.backward(); opt.step(); tl.append(float(l))
                tc += int((o.detach().round().clamp(0, 9) == t).sum())
            m.eval()
            with torch.no_grad():
                o = m(torch.from_numpy(xv)).squeeze(1); t = torch.from_numpy(yv).float()
                vl = float(torch.nn.functional.mse_loss(o, t)); va = float((o.round().clamp(0, 9) == t).float().mean())
            w.writerow({"epoch": e, "loss": f"{np.mean(tl):.4f}", "accuracy": f"{tc / len(x):.4f}",
                        "val_loss": f"{vl:.4f}", "val_accuracy": f"{va:.4f}"})


def c_labels_misaligned(name):
    """fault: labels sorted separately from the inputs (x shuffled, y not) -> no relation; 12-class signals, CSV."""
    torch = T(35); d = out_dir("csv_custom", name)
    (x, y), (xv, yv) = signals(3000, k=12, seed=39), signals(600, k=12, seed=40)
    perm = np.random.default_rng(0).permutation(len(x)); x = x[perm]   # the user shuffled x only
    m = conv1d_net(torch, 12, 24); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(35)
    with open(d / "history.csv", "w", newline="") as f:
        w = csv.writer(f); w.writerow(["epoch", "train_loss", "train_acc", "val_loss", "val_acc"])
        for e in range(1, 41):
            m.train(); tl = []
            for b in batches(len(x), 64, rng):
                opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
                l.backward(); opt.step(); tl.append(float(l))
            m.eval(); _, ta = cls_eval(torch, m, x, y); vl, va = cls_eval(torch, m, xv, yv)
            w.writerow([e, f"{np.mean(tl):.4f}", f"{ta:.4f}", f"{vl:.4f}", f"{va:.4f}"])


def c_houses_unnormalised(name):
    """fault: house table with raw inputs (areas in 100s, lot in 1000s) and raw prices (k$), SGD 1e-4; pandas."""
    torch = T(36); d = out_dir("csv_custom", name)
    import pandas as pd
    x, y = houses(2000, seed=41, normalise=False); xv, yv = houses(500, seed=42, normalise=False)
    m = mlp(torch, 6, [64, 64], 1); opt = torch.optim.SGD(m.parameters(), 1e-4, momentum=0.9)
    rng = np.random.default_rng(36); hist = []
    for e in range(30):
        tl = []
        for b in batches(len(x), 32, rng):
            opt.zero_grad(); l = torch.nn.functional.mse_loss(m(torch.from_numpy(x[b])).squeeze(1), torch.from_numpy(y[b]))
            l.backward(); opt.step(); tl.append(float(l))
        with torch.no_grad():
            vl = float(torch.nn.functional.mse_loss(m(torch.from_numpy(xv)).squeeze(1), torch.from_numpy(yv)))
        hist.append({"epoch": e + 1, "train_loss": np.mean(tl), "val_loss": vl})
    pd.DataFrame(hist).to_csv(d / "loss_history.csv", index=False)


def c_segmentation_one_eval(name):
    """healthy: dilated fully-conv segmenter on disk masks, BCEWithLogits, Adam 2e-3, 400 steps; JSON lines with a
    loss every 10 steps and ONE evaluation at the end."""
    torch = T(37); d = out_dir("csv_custom", name)
    x, mk = disks(2000, seed=43); xv, mv = disks(300, seed=44)
    m = seg_net(torch); opt = torch.optim.Adam(m.parameters(), 2e-3); rng = np.random.default_rng(37)
    lf = torch.nn.BCEWithLogitsLoss()
    with open(d / "train_metrics.jsonl", "w") as f:
        for s in range(1, 401):
            b = rng.integers(0, len(x), 16); opt.zero_grad()
            o = m(torch.from_numpy(x[b])); l = lf(o, torch.from_numpy(mk[b])); l.backward(); opt.step()
            if s % 10 == 0:
                f.write(json.dumps({"step": s, "train/bce": float(l), "train/dice": dice(torch, o, torch.from_numpy(mk[b]))}) + "\n")
        with torch.no_grad():
            o = m(torch.from_numpy(xv)); t = torch.from_numpy(mv)
            f.write(json.dumps({"step": 400, "eval/bce": float(lf(o, t)), "eval/dice": dice(torch, o, t)}) + "\n")


def c_batch1_high_lr(name):
    """fault: batch size 1 with SGD lr 0.05 momentum 0.9 on the imbalanced table: 3000 noisy per-step rows (csv)."""
    torch = T(38); d = out_dir("csv_custom", name)
    x, y = imbalanced(3000, seed=45); xv, yv = imbalanced(600, seed=46)
    m = mlp(torch, 12, [64, 64], 1); opt = torch.optim.SGD(m.parameters(), 0.05, momentum=0.9)
    lf = torch.nn.BCEWithLogitsLoss(); rng = np.random.default_rng(38)
    with open(d / "steps.csv", "w", newline="") as f:
        w = csv.writer(f); w.writerow(["step", "loss", "val_loss", "val_acc"])
        for s in range(1, 3001):
            i = rng.integers(0, len(x), 1); opt.zero_grad()
            l = lf(m(torch.from_numpy(x[i])).squeeze(1), torch.from_numpy(y[i])); l.backward(); opt.step()
            if s % 300 == 0:
                with torch.no_grad():
                    o = m(torch.from_numpy(xv)).squeeze(1); t = torch.from_numpy(yv)
                    w.writerow([s, f"{float(l):.5f}", f"{float(lf(o, t)):.5f}", f"{float(((o > 0).float() == t).float().mean()):.4f}"])
            else:
                w.writerow([s, f"{float(l):.5f}", "", ""])


def c_many_classes_jsonl_healthy(name):
    """healthy: 50-class table MLP, AdamW 2e-3 wd 1e-2 cosine, 35 epochs, hand-written JSON lines per epoch."""
    torch = T(39); d = out_dir("csv_custom", name)
    x, y = many_classes(6000, seed=47); xv, yv = many_classes(1500, seed=48)
    m = mlp(torch, 32, [256, 128], 50, drop=0.1); opt = torch.optim.AdamW(m.parameters(), 2e-3, weight_decay=1e-2)
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 35); rng = np.random.default_rng(39)
    with open(d / "metrics.jsonl", "w") as f:
        for e in range(35):
            m.train(); tl = []
            for b in batches(len(x), 128, rng):
                opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
                l.backward(); opt.step(); tl.append(float(l))
            m.eval(); vl, va = cls_eval(torch, m, xv, yv)
            f.write(json.dumps({"epoch": e, "lr": sch.get_last_lr()[0], "train_loss": float(np.mean(tl)),
                                "val_loss": vl, "val_acc": va}) + "\n")
            sch.step()


# ================================================================================================================
# SummaryWriter (tfevents)
# ================================================================================================================
def _sw(name, sub=None):
    from torch.utils.tensorboard import SummaryWriter
    d = out_dir("tfevents", name)
    return SummaryWriter(log_dir=str(d / sub) if sub else str(d))


def e_char_transformer_warmup_cosine(name):
    """healthy: 2-layer causal transformer char LM, AdamW 3e-3, 60-step warmup + cosine, 600 steps; val every 50."""
    torch = T(41); wr = _sw(name)
    text = corpus(4000, seed=51); vtext = corpus(400, seed=52); V = len(CHARS); ctx = 48
    xv, yv = char_windows(vtext, ctx, 256, np.random.default_rng(2))
    m = TinyLM(torch, V, ctx); opt = torch.optim.AdamW(m.parameters(), 3e-3, weight_decay=0.05)
    total, warm = 600, 60
    sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: (s + 1) / warm if s < warm else
                                            0.5 * (1 + math.cos(math.pi * (s - warm) / (total - warm))))
    rng = np.random.default_rng(41)
    for s in range(1, total + 1):
        xb, yb = char_windows(text, ctx, 32, rng); opt.zero_grad()
        l = torch.nn.functional.cross_entropy(m(torch.from_numpy(xb)).reshape(-1, V), torch.from_numpy(yb).reshape(-1))
        l.backward(); opt.step()
        wr.add_scalar("Loss/train", float(l), s); wr.add_scalar("LR", sch.get_last_lr()[0], s); sch.step()
        if s % 50 == 0:
            m.eval()
            with torch.no_grad():
                vl = float(torch.nn.functional.cross_entropy(m(torch.from_numpy(xv)).reshape(-1, V),
                                                              torch.from_numpy(yv).reshape(-1)))
            m.train(); wr.add_scalar("Loss/valid", vl, s); wr.add_scalar("Perplexity/valid", math.exp(vl), s)
    wr.close()


def e_gru_lm_explode_no_clip(name):
    """fault: char GRU LM, SGD lr 8 (no clipping), 500 steps; tags loss / grad_norm / val_loss."""
    torch = T(42); wr = _sw(name)
    text = corpus(3000, seed=53); vtext = corpus(300, seed=54); V = len(CHARS)
    xv, yv = char_windows(vtext, 64, 200, np.random.default_rng(3))
    m = CharGRU(torch, V, hid=128); opt = torch.optim.SGD(m.parameters(), 8.0); rng = np.random.default_rng(42)
    for s in range(1, 501):
        xb, yb = char_windows(text, 64, 32, rng); opt.zero_grad()
        l = torch.nn.functional.cross_entropy(m(torch.from_numpy(xb)).reshape(-1, V), torch.from_numpy(yb).reshape(-1))
        l.backward(); gn = grad_norm(torch, m); opt.step()
        wr.add_scalar("loss", float(l), s); wr.add_scalar("grad_norm", gn, s)
        if s % 25 == 0:
            with torch.no_grad():
                vl = float(torch.nn.functional.cross_entropy(m(torch.from_numpy(xv)).reshape(-1, V),
                                                              torch.from_numpy(yv).reshape(-1)))
            wr.add_scalar("val_loss", vl, s)
    wr.close()


def e_resnet_gradnorm_healthy(name):
    """healthy: resnet-ish on 10-class gratings, SGD 0.05 m0.9 wd 5e-4, MultiStepLR [10,15], 18 epochs."""
    torch = T(43); wr = _sw(name)
    (x, y), (xv, yv) = gratings(2000, seed=55), gratings(500, seed=56)
    m = resnetish(torch, 10, 16); opt = torch.optim.SGD(m.parameters(), 0.05, momentum=0.9, weight_decay=5e-4)
    sch = torch.optim.lr_scheduler.MultiStepLR(opt, [10, 15], 0.1); rng = np.random.default_rng(43); s = 0
    for e in range(18):
        m.train()
        for b in batches(len(x), 64, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); gn = grad_norm(torch, m); opt.step(); s += 1
            if s % 4 == 0:
                wr.add_scalar("train/loss", float(l), s); wr.add_scalar("train/grad_norm", gn, s)
        wr.add_scalar("train/lr", sch.get_last_lr()[0], s); sch.step()
        m.eval(); vl, va = cls_eval(torch, m, xv, yv)
        wr.add_scalar("val/loss", vl, s); wr.add_scalar("val/acc", va, s)
    wr.close()


def e_frozen_backbone_tiny_head(name):
    """fault: conv backbone left at random init and frozen (requires_grad False), only a Linear(8->K) head trains;
    12-class signals, Adam 1e-3, 25 epochs."""
    torch = T(44); wr = _sw(name)
    (x, y), (xv, yv) = signals(3000, k=12, seed=57), signals(600, k=12, seed=58)
    nn = torch.nn
    backbone = nn.Sequential(nn.Conv1d(1, 8, 7, padding=3), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten())
    for p in backbone.parameters():
        p.requires_grad = False
    head = nn.Linear(8, 12); m = nn.Sequential(backbone, head)
    opt = torch.optim.Adam([p for p in m.parameters() if p.requires_grad], 1e-3); rng = np.random.default_rng(44)
    for e in range(25):
        tl = []
        for b in batches(len(x), 64, rng):
            opt.zero_grad(); l = nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); tl.append(float(l))
        vl, va = cls_eval(torch, m, xv, yv)
        wr.add_scalar("epoch_loss/train", float(np.mean(tl)), e); wr.add_scalar("epoch_loss/val", vl, e)
        wr.add_scalar("epoch_accuracy/val", va, e)
    wr.close()


def e_warmup_longer_than_run(name):
    """fault: linear warmup over 5000 steps, the run is 15 epochs = 480 steps (lr reaches 9.6% of 1e-3); 50-class MLP."""
    torch = T(45); wr = _sw(name)
    x, y = many_classes(4000, seed=59); xv, yv = many_classes(1000, seed=60)
    m = mlp(torch, 32, [256, 256], 50); opt = torch.optim.Adam(m.parameters(), 1e-3)
    sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 5000)); rng = np.random.default_rng(45)
    s = 0
    for e in range(15):
        for b in batches(len(x), 128, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); s += 1
            wr.add_scalar("train_loss", float(l), s); wr.add_scalar("learning_rate", sch.get_last_lr()[0], s); sch.step()
        vl, va = cls_eval(torch, m, xv, yv); wr.add_scalar("val_loss", vl, s); wr.add_scalar("val_accuracy", va, s)
    wr.close()


def e_deep_sigmoid_vanishing(name):
    """fault: 12-layer MLP with sigmoid activations (default init) on 50-class table, SGD 0.01; per-layer grads."""
    torch = T(46); wr = _sw(name)
    x, y = many_classes(4000, k=20, seed=61); xv, yv = many_classes(800, k=20, seed=62)
    m = mlp(torch, 32, [64] * 12, 20, act="sigmoid"); opt = torch.optim.SGD(m.parameters(), 0.01, momentum=0.9)
    lins = [l for l in m if isinstance(l, torch.nn.Linear)]; rng = np.random.default_rng(46); s = 0
    for e in range(20):
        for b in batches(len(x), 64, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); s += 1
            if s % 10 == 0:
                wr.add_scalar("loss/train", float(l), s)
                wr.add_scalar("grad_norm/first_layer", float(lins[0].weight.grad.norm()), s)
                wr.add_scalar("grad_norm/last_layer", float(lins[-1].weight.grad.norm()), s)
                wr.add_scalar("grad_norm/total", grad_norm(torch, m), s)
            opt.step()
        vl, va = cls_eval(torch, m, xv, yv); wr.add_scalar("loss/val", vl, s); wr.add_scalar("acc/val", va, s)
    wr.close()


def e_adam_lr_05_signals(name):
    """fault: Adam lr 0.5 on the 6-class Conv1d; add_scalars('loss', {'train','val'}) per epoch, 20 epochs."""
    torch = T(47); wr = _sw(name)
    (x, y), (xv, yv) = signals(2400, seed=63), signals(600, seed=64)
    m = conv1d_net(torch, 6); opt = torch.optim.Adam(m.parameters(), 0.5); rng = np.random.default_rng(47)
    for e in range(20):
        m.train(); tl = []
        for b in batches(len(x), 64, rng):
            opt.zero_grad(); l = torch.nn.functional.cross_entropy(m(torch.from_numpy(x[b])), torch.from_numpy(y[b]))
            l.backward(); opt.step(); tl.append(float(l))
        m.eval(); vl, va = cls_eval(torch, m, xv, yv)
        wr.add_scalars("loss", {"train": float(np.mean(tl)), "val": vl}, e)
        wr.add_scalar("accuracy/val", va, e)
    wr.close()


def e_autoencoder_lr_too_low(name):
    """fault: conv autoencoder on gratings images, SGD lr 1e-4 (no momentum), 25 epochs; tags recon/train, recon/val."""
    torch = T(48); wr = _sw(name)
    (x, _), (xv, _) = gratings(1500, seed=65), gratings(300, seed=66)
    nn = torch.nn
    m = nn.Sequential(nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU(), nn.Conv2d(16, 8, 3, stride=2, padding=1),
                      nn.ReLU(), nn.ConvTranspose2d(8, 16, 4, stride=2, padding=1), nn.ReLU(),
                      nn.ConvTranspose2d(16, 3, 4, stride=2, padding=1))
    opt = torch.optim.SGD(m.parameters(), 1e-4); rng = np.random.default_rng(48); s = 0
    for e in range(25):
        for b in batches(len(x), 32, rng):
            xb = torch.from_numpy(x[b]); opt.zero_grad(); l = nn.functional.mse_loss(m(xb), xb); l.backward()
            opt.step(); s += 1
            if s % 10 == 0:
                wr.add_scalar("recon/train", float(l), s)
        with torch.no_grad():
            vb = torch.from_numpy(xv); wr.add_scalar("recon/val", float(nn.functional.mse_loss(m(vb), vb)), s)
    wr.close()


# ================================================================================================================
# Hugging Face Trainer (tiny GPT-2 from a config; no download)
# ================================================================================================================
def _hf(name, *, seed, task, lr, epochs=None, max_steps=-1, logging_steps=10, eval_strategy="steps", eval_steps=50,
        warmup_steps=0, sched="linear", wd=0.0, bs=32, n_train=3000, kill_at=None, shuffle_labels=False):
    torch = T(seed)
    from transformers import (GPT2Config, GPT2ForSequenceClassification, GPT2LMHeadModel, Trainer,
                              TrainerCallback, TrainingArguments)
    d = out_dir("hf_trainer_state", name)
    V = len(CHARS) + 1; PAD = len(CHARS)
    cfg = GPT2Config(vocab_size=V, n_positions=64, n_embd=64, n_layer=2, n_head=4, pad_token_id=PAD,
                     num_labels=2, resid_pdrop=0.1, embd_pdrop=0.1, attn_pdrop=0.1)
    rng = np.random.default_rng(seed)

    class DS(torch.utils.data.Dataset):
        def __init__(self, items):
            self.items = items

        def __len__(self):
            return len(self.items)

        def __getitem__(self, i):
            return self.items[i]

    if task == "lm":
        model = GPT2LMHeadModel(cfg)
        xs, _ = char_windows(corpus(4000, seed=seed + 1), 48, n_train, rng)
        xv, _ = char_windows(corpus(400, seed=seed + 2), 48, 300, rng)
        tr = DS([{"input_ids": torch.tensor(a), "labels": torch.tensor(a)} for a in xs])
        va = DS([{"input_ids": torch.tensor(a), "labels": torch.tensor(a)} for a in xv])
        metrics = None
    else:   # "is this a real sentence or the same words shuffled?"
        model = GPT2ForSequenceClassification(cfg)

        def make(n):
            out = []
            for _ in range(n):
                s = sentence(rng)[:-1].split()
                lab = int(rng.random() < 0.5)
                if lab == 0:
                    s = list(rng.permutation(s))
                t = " ".join(s) + "."
                ids = [STOI[c] for c in t][:64]
                ids = ids + [PAD] * (64 - len(ids))
                out.append({"input_ids": torch.tensor(ids), "attention_mask": torch.tensor([int(i != PAD) for i in ids]),
                            "labels": torch.tensor(lab)})
            return out
        trl, val = make(n_train), make(500)
        if shuffle_labels:
            labs = [it["labels"] for it in trl]; perm = rng.permutation(len(labs))
            for it, j in zip(trl, perm):
                it["labels"] = labs[j]
        tr, va = DS(trl), DS(val)

        def metrics(p):
            return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}

    args = TrainingArguments(output_dir=str(d), learning_rate=lr, num_train_epochs=epochs or 1, max_steps=max_steps,
                             per_device_train_batch_size=bs, per_device_eval_batch_size=100,
                             logging_steps=logging_steps, eval_strategy=eval_strategy,
                             eval_steps=eval_steps if eval_strategy == "steps" else None,
                             warmup_steps=warmup_steps, lr_scheduler_type=sched, weight_decay=wd,
                             save_strategy="no", report_to=["tensorboard"], seed=seed, use_cpu=True,
                             dataloader_num_workers=0, disable_tqdm=True)
    cbs = []
    if kill_at:
        class Kill(TrainerCallback):
            def on_step_end(self, a, state, control, **kw):
                if state.global_step == kill_at:
                    kill_now()
        cbs.append(Kill())
    trainer = Trainer(model=model, args=args, train_dataset=tr, eval_dataset=va, compute_metrics=metrics,
                      callbacks=cbs)
    res = trainer.train()
    trainer.save_metrics("train", res.metrics)
    ev = trainer.evaluate()
    trainer.save_metrics("eval", ev)
    trainer.save_state()


def h_gpt2_lm_healthy(name):
    """healthy: tiny GPT-2 (2 layers, 64 dims) char LM from a GPT2Config, lr 2e-3, 30 warmup steps + linear decay, 3 epochs, logging_steps 10, eval every 40 steps."""
    _hf(name, seed=51, task="lm", lr=2e-3, epochs=3, logging_steps=10, eval_steps=40, warmup_steps=30, bs=32,
        n_train=3000)


def h_gpt2_lm_lr_too_high(name):
    """fault: the same tiny GPT-2 char LM with learning_rate=0.3 (AdamW), no warmup, 2 epochs, logging_steps 5, eval every 25."""
    _hf(name, seed=52, task="lm", lr=0.3, epochs=2, logging_steps=5, eval_steps=25, warmup_steps=0, bs=32,
        n_train=3000)


def h_gpt2_cls_epochs(name):
    """healthy: tiny GPT-2 sequence classifier (real sentence vs the same words shuffled), lr 1e-3, wd 0.01, 20 warmup steps, 6 epochs, eval per epoch."""
    _hf(name, seed=53, task="cls", lr=1e-3, epochs=6, logging_steps=15, eval_strategy="epoch", warmup_steps=20,
        bs=32, n_train=1500, wd=0.01)


def h_gpt2_cls_short_one_eval(name):
    """short: the same classifier for 1 epoch (50 steps) with a cosine schedule, logging_steps 5, no evaluation during training, one evaluate() at the end."""
    _hf(name, seed=54, task="cls", lr=5e-4, epochs=1, logging_steps=5, eval_strategy="no", bs=32, n_train=1600,
        sched="cosine")


def h_gpt2_cls_shuffled_labels(name):
    """fault: the classifier trained on 640 examples whose labels were shuffled, lr 1e-3, 8 epochs, eval every 30 steps on correct labels."""
    _hf(name, seed=55, task="cls", lr=1e-3, epochs=8, logging_steps=10, eval_strategy="steps", eval_steps=30,
        bs=32, n_train=640, shuffle_labels=True)


# ================================================================================================================
# Lightning
# ================================================================================================================
def _lit(name, *, seed, logger_kind, model, data, loss, metric=None, opt_fn, max_epochs, bs, sched_fn=None,
         log_every=10, val_check=1.0, lr_monitor=False, kill_at=None):
    torch = T(seed)
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    fmt = "lightning_csv" if logger_kind == "csv" else "tfevents"
    d = out_dir(fmt, name)
    (x, y), (xv, yv) = data

    class M(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = model(torch)

        def training_step(self, b, i):
            o = self.net(b[0]); l = loss(torch, o, b[1])
            self.log("train_loss", l, on_step=True, on_epoch=True)
            if kill_at and self.global_step == kill_at:
                kill_now()
            return l

        def validation_step(self, b, i):
            o = self.net(b[0]); self.log("val_loss", loss(torch, o, b[1]), prog_bar=True)
            if metric:
                self.log(metric[0], metric[1](torch, o, b[1]))

        def configure_optimizers(self):
            o = opt_fn(torch, self.parameters())
            if sched_fn:
                return {"optimizer": o, "lr_scheduler": sched_fn(torch, o)}
            return o

    TD = torch.utils.data
    tl = TD.DataLoader(TD.TensorDataset(torch.from_numpy(x), torch.from_numpy(y)), batch_size=bs, shuffle=True)
    vl = TD.DataLoader(TD.TensorDataset(torch.from_numpy(xv), torch.from_numpy(yv)), batch_size=500)
    lg = CSVLogger(str(d), name="lightning_logs") if logger_kind == "csv" else TensorBoardLogger(str(d), name="lightning_logs")
    cbs = []
    if lr_monitor:
        from lightning.pytorch.callbacks import LearningRateMonitor
        cbs.append(LearningRateMonitor("step"))
    tr = L.Trainer(max_epochs=max_epochs, logger=lg, callbacks=cbs, enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=log_every,
                   val_check_interval=val_check, accelerator="cpu", devices=1, default_root_dir=str(d),
                   num_sanity_val_steps=0)
    tr.fit(M(), tl, vl)


def _ce(torch, o, y):
    return torch.nn.functional.cross_entropy(o, y)


def _acc(torch, o, y):
    return (o.argmax(1) == y).float().mean()


def l_signal_cnn_csv_onecycle(name):
    """healthy: Conv1d 6-class signals, AdamW OneCycle(max 3e-3) per step, 15 epochs, CSVLogger + LR monitor."""
    _lit(name, seed=61, logger_kind="csv", model=lambda t: conv1d_net(t, 6, drop=0.2),
         data=(signals(2400, seed=71), signals(600, seed=72)), loss=_ce, metric=("val_acc", _acc),
         opt_fn=lambda t, p: t.optim.AdamW(p, 3e-3), max_epochs=15, bs=64, log_every=10, lr_monitor=True,
         sched_fn=lambda t, o: {"scheduler": t.optim.lr_scheduler.OneCycleLR(o, 3e-3, total_steps=15 * 38),
                                "interval": "step"})


def l_regression_csv_sgd_lr3(name):
    """fault: house regression MLP, SGD lr 3.0 -> NaN; CSVLogger, 20 epochs."""
    _lit(name, seed=62, logger_kind="csv", model=lambda t: mlp(t, 6, [64, 64], 1),
         data=(houses(2000, seed=73), houses(500, seed=74)),
         loss=lambda t, o, y: t.nn.functional.mse_loss(o.squeeze(1), y),
         opt_fn=lambda t, p: t.optim.SGD(p, 3.0), max_epochs=20, bs=32, log_every=20)


def l_seg_csv_val_quarter(name):
    """healthy: segmenter on disk masks, Adam 1e-3, 6 epochs, validation 4x per epoch, CSVLogger, dice metric."""
    _lit(name, seed=63, logger_kind="csv", model=lambda t: seg_net(t),
         data=(disks(1600, seed=75), disks(300, seed=76)),
         loss=lambda t, o, y: t.nn.functional.binary_cross_entropy_with_logits(o, y),
         metric=("val_dice", lambda t, o, y: t.tensor(dice(t, o, y))),
         opt_fn=lambda t, p: t.optim.Adam(p, 1e-3), max_epochs=6, bs=16, log_every=5, val_check=0.25)


def l_multilabel_csv_killed(name):
    """fault: multi-label MLP, Adam 1e-3, 30 epochs planned, SIGKILL at global step 700 (epoch 11 of 30); CSVLogger
    (metrics.csv is only written when the logger flushes, every 100 steps)."""
    _lit(name, seed=64, logger_kind="csv", model=lambda t: mlp(t, 24, [128, 64], 8),
         data=(multilabel(4000, seed=77), multilabel(800, seed=78)),
         loss=lambda t, o, y: t.nn.functional.binary_cross_entropy_with_logits(o, y),
         opt_fn=lambda t, p: t.optim.Adam(p, 1e-3), max_epochs=30, bs=64, log_every=10, kill_at=700)


def l_seq2seq_tb(name):
    """healthy: GRU seq2seq reverse task in Lightning, TensorBoardLogger, Adam 2e-3, 10 epochs, val 2x per epoch."""
    xs, ys = reverse_task(6000, seed=79); xv, yv = reverse_task(500, seed=80)

    def model(t):
        s2s = Seq2Seq(t)

        class W(t.nn.Module):
            def __init__(self):
                super().__init__()
                self.m = s2s

            def forward(self, pair):
                src, tgt = pair[:, 0], pair[:, 1]
                tin = t.cat([t.full((len(tgt), 1), 10), tgt[:, :-1]], 1)
                return self.m(src, tin)
        return W()
    pair = np.stack([xs, ys], 1); pv = np.stack([xv, yv], 1)
    _lit(name, seed=65, logger_kind="tb", model=model, data=((pair, ys), (pv, yv)),
         loss=lambda t, o, y: t.nn.functional.cross_entropy(o.reshape(-1, 11), y.reshape(-1)),
         metric=("val_tok_acc", lambda t, o, y: (o.argmax(-1) == y).float().mean()),
         opt_fn=lambda t, p: t.optim.Adam(p, 2e-3), max_epochs=10, bs=64, log_every=10, val_check=0.5)


def l_signal_tb_adam_lr1e5(name):
    """fault: Adam lr 1e-5 on 12-class signals, TensorBoardLogger, 12 epochs."""
    _lit(name, seed=66, logger_kind="tb", model=lambda t: conv1d_net(t, 12),
         data=(signals(2400, k=12, seed=81), signals(600, k=12, seed=82)), loss=_ce, metric=("val_acc", _acc),
         opt_fn=lambda t, p: t.optim.Adam(p, 1e-5), max_epochs=12, bs=64, log_every=10)


# ================================================================================================================
# Keras 3 (torch backend)
# ================================================================================================================
def _keras(seed):
    import keras
    keras.utils.set_random_seed(seed)
    import torch
    torch.set_num_threads(1)
    return keras


def k_conv1d_csvlogger_healthy(name):
    """healthy: Keras Conv1D 16-32 + GAP on 9-class waveforms, optimizer 'adam', 25 epochs, CSVLogger."""
    keras = _keras(71); d = out_dir("keras_csvlogger", name)
    (x, y), (xv, yv) = signals(2400, k=9, seed=91), signals(600, k=9, seed=92)
    x, xv = x.transpose(0, 2, 1), xv.transpose(0, 2, 1)
    L = keras.layers
    m = keras.Sequential([keras.Input((64, 1)), L.Conv1D(16, 7, padding="same", activation="relu"), L.MaxPooling1D(2),
                          L.Conv1D(32, 5, padding="same", activation="relu"), L.GlobalAveragePooling1D(),
                          L.Dense(9, activation="softmax")])
    m.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(x, y, validation_data=(xv, yv), epochs=25, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(str(d / "training.log"))])


def k_sgd_lr3_csvlogger(name):
    """fault: Keras Dense 128-128 on the 20-class table, SGD learning_rate=3.0 momentum 0.9, 20 epochs, CSVLogger."""
    keras = _keras(72); d = out_dir("keras_csvlogger", name)
    x, y = many_classes(3000, k=20, seed=93); xv, yv = many_classes(600, k=20, seed=94)
    L = keras.layers
    m = keras.Sequential([keras.Input((32,)), L.Dense(128, activation="relu"), L.Dense(128, activation="relu"),
                          L.Dense(20, activation="softmax")])
    m.compile(keras.optimizers.SGD(learning_rate=3.0, momentum=0.9), "sparse_categorical_crossentropy",
              metrics=["accuracy"])
    m.fit(x, y, validation_data=(xv, yv), epochs=20, batch_size=32, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(str(d / "log.csv"))])


def k_imbalanced_history_auc(name):
    """healthy: Keras Dense 64-32-1 sigmoid on the imbalanced binary table, metrics accuracy/AUC/precision, 40 epochs, History -> json."""
    keras = _keras(73); d = out_dir("keras_history_json", name)
    x, y = imbalanced(4000, seed=95); xv, yv = imbalanced(1000, seed=96)
    L = keras.layers
    m = keras.Sequential([keras.Input((12,)), L.Dense(64, activation="relu"), L.Dropout(0.2),
                          L.Dense(32, activation="relu"), L.Dense(1, activation="sigmoid")])
    m.compile(keras.optimizers.Adam(1e-3), "binary_crossentropy",
              metrics=["accuracy", keras.metrics.AUC(name="auc"), keras.metrics.Precision(name="precision")])
    h = m.fit(x, y, validation_data=(xv, yv), epochs=40, batch_size=64, verbose=0)
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(d / "history.json", "w"), indent=2)


def k_houses_raw_history(name):
    """fault: Keras Dense 64-64-1 on the house table WITHOUT normalising inputs or prices (k$), Adam 1e-3, validation_split 0.2, 60 epochs, History -> json."""
    keras = _keras(74); d = out_dir("keras_history_json", name)
    x, y = houses(2500, seed=97, normalise=False)
    L = keras.layers
    m = keras.Sequential([keras.Input((6,)), L.Dense(64, activation="relu"), L.Dense(64, activation="relu"),
                          L.Dense(1)])
    m.compile(keras.optimizers.Adam(1e-3), "mse", metrics=["mae"])
    h = m.fit(x, y, validation_split=0.2, epochs=60, batch_size=32, verbose=0)
    json.dump(h.history, open(d / "history.json", "w"))


def k_multilabel_sigmoid_from_logits(name):
    """fault: sigmoid output layer + BinaryCrossentropy(from_logits=True) (sigmoid applied twice)."""
    keras = _keras(75); d = out_dir("keras_csvlogger", name)
    x, y = multilabel(4000, seed=99); xv, yv = multilabel(800, seed=100)
    L = keras.layers
    m = keras.Sequential([keras.Input((24,)), L.Dense(128, activation="relu"), L.Dense(64, activation="relu"),
                          L.Dense(8, activation="sigmoid")])
    m.compile(keras.optimizers.Adam(1e-3), keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=[keras.metrics.BinaryAccuracy(name="bin_acc")])
    m.fit(x, y, validation_data=(xv, yv), epochs=30, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(str(d / "training_log.csv"), separator=";")])


def k_overfit_small_history(name):
    """overfitting recipe: Keras Dense 512-512 on only 150 noisy 9-class waveforms, Adam 1e-3, 100 epochs, History via pandas.to_json."""
    keras = _keras(76); d = out_dir("keras_history_json", name)
    (x, y), (xv, yv) = signals(150, k=9, seed=101, noise=0.6), signals(600, k=9, seed=102, noise=0.6)
    x, xv = x[:, 0], xv[:, 0]
    L = keras.layers
    m = keras.Sequential([keras.Input((64,)), L.Dense(512, activation="relu"), L.Dense(512, activation="relu"),
                          L.Dense(9, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(x, y, validation_data=(xv, yv), epochs=100, batch_size=16, verbose=0)
    pd = __import__("pandas")
    pd.DataFrame(h.history).to_json(d / "history.json")


def k_resumed_append(name, phase=1):
    """fault: CSVLogger(append=True), first fit killed after epoch 18 (0-based) of 30, second launch loads the
    epoch-15 checkpoint and fit(initial_epoch=16, epochs=30)."""
    keras = _keras(77 + phase); d = RUNS / name
    if phase == 1:
        d = out_dir("keras_csvlogger", name)
    x, y = many_classes(3000, k=30, seed=103); xv, yv = many_classes(600, k=30, seed=104)
    L = keras.layers
    ck = CKPT / "keras_resume.keras"; CKPT.mkdir(parents=True, exist_ok=True)

    class KillAt(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            if epoch == 15 and phase == 1:
                self.model.save(ck)
            if epoch == 18 and phase == 1:
                # let CSVLogger (registered before) write its row, then die
                kill_now()
    if phase == 1:
        m = keras.Sequential([keras.Input((32,)), L.Dense(128, activation="relu"), L.Dense(30, activation="softmax")])
        m.compile(keras.optimizers.SGD(0.05, momentum=0.9), "sparse_categorical_crossentropy", metrics=["accuracy"])
        init = 0
    else:
        m = keras.models.load_model(ck); init = 16
    m.fit(x, y, validation_data=(xv, yv), epochs=30, initial_epoch=init, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(str(d / "training.log"), append=True), KillAt()])


# ================================================================================================================
# registry + driver
# ================================================================================================================
# name -> (function, stdout file or None, phases)
REG = {
    "text_log/signal-cnn-fstring-pipes": (t_signal_cnn_pipes, "train.log", 1),
    "text_log/imbalanced-mlp-keras-style": (t_imbalanced_keras_style, "output.log", 1),
    "text_log/char-gru-tqdm-postfix": (t_char_gru_tqdm, "train.out", 1),
    "text_log/rnn-sgd-lr05-no-clip-logging": (t_rnn_explode_logging, None, 1),
    "text_log/houses-adam-no-zero-grad": (t_adam_no_zero_grad, "log.txt", 1),
    "text_log/dropout-active-at-eval": (t_dropout_at_eval, "train_log.txt", 1),
    "text_log/50class-killed-mid-epoch-14": (t_killed_mid_epoch_logging, None, 1),
    "text_log/resnet-traceback-then-relaunch": (t_restart_after_traceback, "train.log", 2),
    "text_log/adamw-weight-decay-50": (t_weight_decay_huge, "stdout.txt", 1),
    "text_log/steplr-step2-gamma0.1-30ep": (t_steplr_tiny_step, "train.log", 1),
    "text_log/seq2seq-reverse-gru-1500it": (t_seq2seq_reverse, "log.txt", 1),
    "text_log/multilabel-handwritten-bce-log0": (t_handwritten_bce_log0, "output.txt", 1),
    "text_log/onecycle-maxlr3-logging": (t_onecycle_maxlr_high, None, 1),
    "text_log/resnet-120-images-80ep": (t_overfit_tiny_trainset, "train.log", 1),
    "csv_custom/autoencoder-csvwriter-60ep": (c_autoencoder_csvwriter, None, 1),
    "csv_custom/multilabel-pandas-steps-eval100": (c_multilabel_pandas_steps, None, 1),
    "csv_custom/multilabel-bce-on-sigmoid-jsonl": (c_bce_on_sigmoid_jsonl, None, 1),
    "csv_custom/mse-on-class-index": (c_mse_on_class_index, None, 1),
    "csv_custom/labels-misaligned-40ep": (c_labels_misaligned, None, 1),
    "csv_custom/houses-raw-inputs-sgd": (c_houses_unnormalised, None, 1),
    "csv_custom/segmentation-one-eval-jsonl": (c_segmentation_one_eval, None, 1),
    "csv_custom/batch1-sgd-3000-steps": (c_batch1_high_lr, None, 1),
    "csv_custom/50class-adamw-cosine-jsonl": (c_many_classes_jsonl_healthy, None, 1),
    "tfevents/char-transformer-warmup-cosine": (e_char_transformer_warmup_cosine, None, 1),
    "tfevents/char-gru-sgd-lr8-no-clip": (e_gru_lm_explode_no_clip, None, 1),
    "tfevents/resnet-multisteplr-gradnorm": (e_resnet_gradnorm_healthy, None, 1),
    "tfevents/frozen-random-backbone-tiny-head": (e_frozen_backbone_tiny_head, None, 1),
    "tfevents/warmup-5000-run-480": (e_warmup_longer_than_run, None, 1),
    "tfevents/deep-sigmoid-12-layers": (e_deep_sigmoid_vanishing, None, 1),
    "tfevents/adam-lr0.5-add-scalars": (e_adam_lr_05_signals, None, 1),
    "tfevents/conv-autoencoder-sgd-lr1e-4": (e_autoencoder_lr_too_low, None, 1),
    "tfevents/lightning-tb-seq2seq-val-half-epoch": (l_seq2seq_tb, None, 1),
    "tfevents/lightning-tb-adam-lr1e-5": (l_signal_tb_adam_lr1e5, None, 1),
    "hf_trainer_state/gpt2-char-lm-3ep": (h_gpt2_lm_healthy, None, 1),
    "hf_trainer_state/gpt2-char-lm-lr0.3": (h_gpt2_lm_lr_too_high, None, 1),
    "hf_trainer_state/gpt2-cls-eval-per-epoch": (h_gpt2_cls_epochs, None, 1),
    "hf_trainer_state/gpt2-cls-1ep-no-eval": (h_gpt2_cls_short_one_eval, None, 1),
    "hf_trainer_state/gpt2-cls-shuffled-labels-640": (h_gpt2_cls_shuffled_labels, None, 1),
    "lightning_csv/conv1d-onecycle-lrmonitor": (l_signal_cnn_csv_onecycle, None, 1),
    "lightning_csv/houses-sgd-lr3": (l_regression_csv_sgd_lr3, None, 1),
    "lightning_csv/segmentation-val-quarter-epoch": (l_seg_csv_val_quarter, None, 1),
    "lightning_csv/multilabel-killed-step-700": (l_multilabel_csv_killed, None, 1),
    "keras_csvlogger/conv1d-9class-25ep": (k_conv1d_csvlogger_healthy, None, 1),
    "keras_csvlogger/sgd-lr3-momentum": (k_sgd_lr3_csvlogger, None, 1),
    "keras_csvlogger/sigmoid-plus-from-logits": (k_multilabel_sigmoid_from_logits, None, 1),
    "keras_csvlogger/resumed-initial-epoch-16": (k_resumed_append, None, 2),
    "keras_history_json/imbalanced-auc-40ep": (k_imbalanced_history_auc, None, 1),
    "keras_history_json/houses-raw-prices-60ep": (k_houses_raw_history, None, 1),
    "keras_history_json/150-samples-100ep": (k_overfit_small_history, None, 1),
}


def child(name, phase):
    fn = REG[name][0]
    if REG[name][2] > 1:
        fn(name, phase=phase)
    else:
        fn(name)


def drive(names):
    for name in names:
        fn, logfile, phases = REG[name]
        fmt, short = name.split("/")
        d = RUNS / fmt / short
        if logfile and d.exists():
            shutil.rmtree(d)
        d.mkdir(parents=True, exist_ok=True)
        t0 = time.time()
        for ph in range(1, phases + 1):
            cmd = [sys.executable, __file__, "--child", name, str(ph)]
            if logfile:
                with open(d / logfile, "a" if ph > 1 else "w") as f:
                    rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode
            else:
                TMP.mkdir(parents=True, exist_ok=True)
                with open(TMP / "console.txt", "a") as f:
                    f.write(f"\n=== {name} phase {ph}\n"); f.flush()
                    rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode
            print(f"{name} phase {ph}: rc={rc} {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]))
    else:
        drive([n for n in REG if len(sys.argv) == 1 or n in sys.argv[1:]])
