"""Make lock-box batch 2026-12-01nu5: small real trainings a new user might write, trained on CPU.

    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py            # every run, one process each
    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py NAME ...   # only these runs

Every run is a function registered with @run(fmt, logfile); it trains one model (fixed seeds) and logs the way a
new user would.  For `text_log` runs the driver redirects the child's stdout+stderr into runs/text_log/NAME/LOGFILE.
All data are generated with numpy here; nothing is downloaded.
"""
import csv
import json
import logging
import math
import os
import shutil
import signal
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
REGISTRY = {}


def run(fmt, logfile=None, phases=1):
    def deco(fn):
        REGISTRY[fn.__name__.replace("_", "-")] = dict(fn=fn, fmt=fmt, logfile=logfile, phases=phases)
        return fn
    return deco


def out_dir(name):
    spec = REGISTRY[name]
    return os.path.join(RUNS, spec["fmt"], name)


# ----------------------------------------------------------------------------------------------------------- data
def spiral(k, n_per, noise=0.25, seed=0):
    r = np.random.RandomState(seed)
    xs, ys = [], []
    for c in range(k):
        t = np.sqrt(r.rand(n_per)) * 3.0 * np.pi
        a = t + 2 * np.pi * c / k
        pts = np.stack([t * np.cos(a), t * np.sin(a)], 1) / (3 * np.pi)
        xs.append(pts + r.randn(n_per, 2) * noise / (3 * np.pi) * 2)
        ys.append(np.full(n_per, c))
    x = np.concatenate(xs).astype(np.float32)
    y = np.concatenate(ys).astype(np.int64)
    p = r.permutation(len(y))
    return x[p], y[p]


def parity(n, bits, seed=0):
    r = np.random.RandomState(seed)
    x = r.randint(0, 2, size=(n, bits)).astype(np.float32)
    y = (x.sum(1) % 2).astype(np.int64)
    return x, y


def glyphs(k, n_per, seed=0, size=8):
    """k random 8x8 'letters' (strokes) + jitter (1-pixel shifts) + pixel noise."""
    r = np.random.RandomState(seed)
    protos = []
    for _ in range(k):
        g = np.zeros((size + 2, size + 2), np.float32)
        for _s in range(3):
            if r.rand() < 0.5:
                row = r.randint(1, size + 1); c0, c1 = sorted(r.randint(1, size + 1, 2)); g[row, c0:c1 + 1] = 1
            else:
                col = r.randint(1, size + 1); r0, r1 = sorted(r.randint(1, size + 1, 2)); g[r0:r1 + 1, col] = 1
        protos.append(g)
    xs, ys = [], []
    for c in range(k):
        for _ in range(n_per):
            dx, dy = r.randint(0, 3, 2)
            im = protos[c][dy:dy + size, dx:dx + size].copy()
            im = np.clip(im + r.randn(size, size) * 0.35, 0, 1)
            xs.append(im); ys.append(c)
    x = np.stack(xs)[:, None].astype(np.float32)
    y = np.array(ys, np.int64)
    p = r.permutation(len(y))
    return x[p], y[p]


def houses(n, seed=0, outliers=0.03):
    r = np.random.RandomState(seed)
    sqft = r.gamma(6, 300, n)                       # ~1800 sq ft
    rooms = np.clip(np.round(sqft / 500 + r.randn(n)), 1, 9)
    age = r.uniform(0, 90, n)
    dist = r.exponential(8, n)                      # km to centre
    hood = r.randint(0, 6, n)                       # neighbourhood id
    hood_eff = np.array([0.8, 1.0, 1.3, 0.9, 1.6, 1.1])[hood]
    price = (120 * sqft + 9000 * rooms - 700 * age - 3500 * dist + 40000) * hood_eff
    price = np.maximum(price, 30000) * np.exp(r.randn(n) * 0.12)
    bad = r.rand(n) < outliers
    price[bad] *= r.uniform(2.5, 5, bad.sum())
    num = np.stack([sqft, rooms, age, dist], 1).astype(np.float32)
    return num, hood.astype(np.int64), price.astype(np.float32)


def sine_series(n_series, length, seed=0):
    r = np.random.RandomState(seed)
    t = np.arange(length)
    out = []
    for _ in range(n_series):
        per = r.uniform(12, 40); amp = r.uniform(0.5, 2); tr = r.uniform(-0.01, 0.02)
        out.append(amp * np.sin(2 * np.pi * t / per + r.rand() * 6) + tr * t + r.randn(length) * 0.15)
    return np.array(out, np.float32)


def windows(series, w, h=1):
    xs, ys = [], []
    for s in series:
        for i in range(0, len(s) - w - h, 3):
            xs.append(s[i:i + w]); ys.append(s[i + w:i + w + h])
    return np.array(xs, np.float32), np.array(ys, np.float32)


def sentiment(n, vocab=400, seed=0, length=20):
    r = np.random.RandomState(seed)
    pol = np.zeros(vocab); pos = r.choice(vocab, 40, replace=False); pol[pos[:20]] = 1; pol[pos[20:]] = -1
    toks = np.zeros((n, length), np.int64); y = np.zeros(n, np.int64)
    for i in range(n):
        lab = r.randint(2)
        w = r.randint(1, vocab, length)
        k = r.randint(2, 5)
        src = pos[:20] if lab else pos[20:]
        w[r.choice(length, k, replace=False)] = r.choice(src, k)
        toks[i] = w; y[i] = lab
    return toks, y


def bow(toks, vocab=400):
    x = np.zeros((len(toks), vocab), np.float32)
    for i, t in enumerate(toks):
        np.add.at(x[i], t, 1.0)
    return x


def tagging(n, seed=0, length=12, vocab=200, tags=6):
    """POS-like: each word has a preferred tag; tag transitions follow a Markov chain."""
    r = np.random.RandomState(seed)
    trans = r.dirichlet(np.ones(tags) * 0.5, tags)
    words_of = [np.arange(1 + t, vocab, tags) for t in range(tags)]
    X = np.zeros((n, length), np.int64); Y = np.zeros((n, length), np.int64)
    for i in range(n):
        t = r.randint(tags)
        for j in range(length):
            Y[i, j] = t
            X[i, j] = r.choice(words_of[t]) if r.rand() > 0.1 else r.randint(1, vocab)
            t = r.choice(tags, p=trans[t])
    return X, Y


def char_text(n_chars, seed=0):
    r = np.random.RandomState(seed)
    syll = ["ka", "lo", "mi", "ren", "tu", "sa", "vel", "o", "di", "nor", "ith", "ae"]
    words = ["".join(r.choice(syll, r.randint(1, 4))) for _ in range(60)]
    zipf = 1.0 / np.arange(1, 61); zipf /= zipf.sum()
    out = []
    while sum(len(w) + 1 for w in out) < n_chars:
        out.append(words[r.choice(60, p=zipf)])
        if r.rand() < 0.12:
            out[-1] += "."
    text = " ".join(out)[:n_chars]
    chars = sorted(set(text))
    return np.array([chars.index(c) for c in text], np.int64), chars


def textures(n, seed=0, size=16):
    r = np.random.RandomState(seed)
    yy, xx = np.mgrid[0:size, 0:size]
    ims = []
    for _ in range(n):
        f = r.uniform(0.2, 1.2); a = r.uniform(0, np.pi)
        im = np.sin(f * (np.cos(a) * xx + np.sin(a) * yy) + r.rand() * 6)
        im = im + 0.5 * np.sin(r.uniform(0.1, 0.6) * xx + r.rand() * 6) * (r.rand() < 0.5)
        ims.append(0.5 + 0.4 * im / 1.5 + r.randn(size, size) * 0.05)
    return np.clip(np.array(ims, np.float32)[:, None], 0, 1)


def fraud(n, seed=0, rate=0.03, raw=False):
    r = np.random.RandomState(seed)
    y = (r.rand(n) < rate).astype(np.float32)
    amount = np.exp(r.randn(n) * 1.0 + 3.5 + 1.2 * y)          # dollars
    hour = np.where(y > 0, r.choice([1, 2, 3, 4, 22, 23], n), r.randint(0, 24, n)).astype(np.float32)
    dist = r.exponential(5, n) * (1 + 4 * y)
    n_tx = r.poisson(3 + 4 * y).astype(np.float32)
    v = r.randn(n, 4) + y[:, None] * np.array([0.9, -0.6, 0.4, 0.0])
    x = np.column_stack([amount, hour, dist, n_tx, v]).astype(np.float32)
    if not raw:
        x = (x - x.mean(0)) / x.std(0)
    return x.astype(np.float32), y


def ordinal(n, seed=0, levels=5):
    r = np.random.RandomState(seed)
    x = r.randn(n, 6).astype(np.float32)
    z = x @ np.array([1.0, -0.7, 0.5, 0.3, 0.0, 0.8]) + r.randn(n) * 0.5
    cuts = np.quantile(z, np.linspace(0, 1, levels + 1)[1:-1])
    return x, np.searchsorted(cuts, z).astype(np.int64)


def split(*arrs, frac=0.8):
    n = int(len(arrs[0]) * frac)
    return [a[:n] for a in arrs], [a[n:] for a in arrs]


# ------------------------------------------------------------------------------------------------- torch helpers
def T():
    import torch
    torch.manual_seed(0)
    torch.set_num_threads(1)
    return torch


def mlp(i, h, o, depth=2, act=None, drop=0.0):
    import torch.nn as nn
    layers, d = [], i
    for _ in range(depth):
        layers += [nn.Linear(d, h), act() if act else nn.ReLU()]
        if drop:
            layers.append(nn.Dropout(drop))
        d = h
    layers.append(nn.Linear(d, o))
    return nn.Sequential(*layers)


def gnorm(model):
    tot = 0.0
    for p in model.parameters():
        if p.grad is not None:
            tot += float(p.grad.detach().pow(2).sum())
    return math.sqrt(tot)


def fit(model, opt, loss_fn, tr, va, epochs, bs, on_step=None, on_epoch=None, metric="acc", sched=None,
        sched_per="epoch", zero_grad=True, eval_train_mode=False, seed=0, stop=None, start_epoch=0):
    """Plain minibatch loop.  on_step(step, epoch, loss, gn, lr); on_epoch(epoch, step, mean_loss, val_loss, val_m)."""
    import torch
    g = torch.Generator().manual_seed(seed)
    Xtr, Ytr = [torch.as_tensor(a) for a in tr]
    Xva, Yva = [torch.as_tensor(a) for a in va] if va is not None else (None, None)
    n = len(Xtr)
    step = start_epoch * ((n + bs - 1) // bs)
    for ep in range(start_epoch, epochs):
        model.train()
        perm = torch.randperm(n, generator=g)
        losses = []
        for i in range(0, n, bs):
            idx = perm[i:i + bs]
            if zero_grad:
                opt.zero_grad()
            loss = loss_fn(model(Xtr[idx]), Ytr[idx])
            loss.backward()
            gn = gnorm(model)
            opt.step()
            if sched is not None and sched_per == "step":
                sched.step()
            step += 1
            losses.append(float(loss))
            if on_step:
                on_step(step, ep, float(loss), gn, opt.param_groups[0]["lr"])
            if stop and stop(step, ep):
                return
        if sched is not None and sched_per == "epoch":
            sched.step()
        vl = vm = None
        if Xva is not None:
            model.train(eval_train_mode)
            with torch.no_grad():
                out = model(Xva)
                vl = float(loss_fn(out, Yva))
                if metric == "acc":
                    pred = out.argmax(-1)
                    vm = float((pred == Yva).float().mean())
        if on_epoch:
            on_epoch(ep, step, float(np.mean(losses)), vl, vm)


# ================================================================================================ TEXT LOGS (17)
@run("text_log", "train_log.txt")
def spiral5_mlp_sgd_print():
    torch = T()
    (xtr, ytr), (xva, yva) = split(*spiral(5, 300, seed=1))
    m = mlp(2, 64, 5, depth=3)
    opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    print(f"train {len(xtr)} / val {len(xva)} samples, 5 classes")
    def ep(e, s, tl, vl, vm):
        print(f"Epoch {e + 1}/60 train_loss={tl:.4f} val_loss={vl:.4f} val_acc={vm:.3f}")
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 60, 32, on_epoch=ep)
    print("done.")


@run("text_log", "out.log")
def spiral7_mlp_sgd_lr8_momentum():
    torch = T()
    (xtr, ytr), (xva, yva) = split(*spiral(7, 250, seed=2))
    m = mlp(2, 128, 7, depth=3)
    opt = torch.optim.SGD(m.parameters(), lr=8.0, momentum=0.9)
    print("lr = 8.0  (the default 0.01 was too slow)")
    def st(s, e, l, g, lr):
        if (s - 1) % 10 == 0:
            print(f"step {s - 1} | loss {l:.4f}")
    def ep(e, s, tl, vl, vm):
        print(f"== epoch {e} done | val loss {vl:.4f} | val acc {vm * 100:.2f}%")
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 25, 25, on_step=st, on_epoch=ep)


@run("text_log", "parity.log")
def parity6_mlp_adam_logging_ts():
    torch = T()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(message)s", stream=sys.stdout)
    log = logging.getLogger("parity")
    (xtr, ytr), (xva, yva) = split(*parity(3000, 6, seed=3))
    m = mlp(6, 96, 2, depth=2)
    opt = torch.optim.Adam(m.parameters(), lr=3e-3)
    def st(s, e, l, g, lr):
        if s % 25 == 0:
            log.info("iter %d  loss %.5f", s, l)
    def ep(e, s, tl, vl, vm):
        log.info("epoch %d finished: mean loss %.5f | val_loss %.5f | val_acc %.4f", e, tl, vl, vm)
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 40, 64, on_step=st, on_epoch=ep)
    log.info("saved model to parity.pt")


@run("text_log", "stdout.txt")
def glyphs16_cnn_tqdm():
    torch = T()
    import torch.nn as nn
    from tqdm import tqdm
    (xtr, ytr), (xva, yva) = split(*glyphs(16, 60, seed=4))
    m = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1),
                      nn.ReLU(), nn.AdaptiveAvgPool2d(2), nn.Flatten(), nn.Linear(128, 16))
    opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    Xtr, Ytr, Xva, Yva = map(torch.as_tensor, (xtr, ytr, xva, yva))
    g = torch.Generator().manual_seed(0)
    for ep in range(12):
        m.train()
        perm = torch.randperm(len(Xtr), generator=g)
        bar = tqdm(range(0, len(Xtr), 32), desc=f"epoch {ep + 1}", file=sys.stdout, mininterval=0, ncols=100)
        for i in bar:
            idx = perm[i:i + 32]
            opt.zero_grad(); loss = nn.functional.cross_entropy(m(Xtr[idx]), Ytr[idx]); loss.backward(); opt.step()
            bar.set_postfix(loss=f"{loss.item():.4f}")
        m.eval()
        with torch.no_grad():
            o = m(Xva)
            print(f"Eval: loss {nn.functional.cross_entropy(o, Yva).item():.4f} acc {(o.argmax(1) == Yva).float().mean().item():.4f}")


def char_lm_data(seq=32, seed=5, n_chars=40000):
    ids, chars = char_text(n_chars, seed=seed)
    n = (len(ids) - 1) // seq
    x = ids[:n * seq].reshape(n, seq); y = ids[1:n * seq + 1].reshape(n, seq)
    return x, y, len(chars)


def lstm_lm(v, emb=24, hid=96):
    import torch.nn as nn

    class LM(nn.Module):
        def __init__(self):
            super().__init__()
            self.e = nn.Embedding(v, emb); self.r = nn.LSTM(emb, hid, batch_first=True); self.o = nn.Linear(hid, v)

        def forward(self, x):
            return self.o(self.r(self.e(x))[0])
    return LM()


def seq_ce(out, y):
    import torch
    return torch.nn.functional.cross_entropy(out.reshape(-1, out.shape[-1]), y.reshape(-1))


@run("text_log", "lm.log")
def charlm_lstm_logging_plain():
    torch = T()
    logging.basicConfig(level=logging.INFO)
    log = logging.getLogger(__name__)
    x, y, v = char_lm_data()
    (xtr, ytr), (xva, yva) = split(x, y, frac=0.9)
    m = lstm_lm(v)
    opt = torch.optim.Adam(m.parameters(), lr=5e-3)
    log.info("vocab %d, %d training sequences", v, len(xtr))
    def st(s, e, l, g, lr):
        if s % 20 == 0:
            log.info("step %d: loss=%.4f bpc=%.3f", s, l, l / math.log(2))
    def ep(e, s, tl, vl, vm):
        log.info("dev  epoch %d: loss=%.4f  acc=%.3f", e + 1, vl, vm)
    fit(m, opt, seq_ce, (xtr, ytr), (xva, yva), 8, 32, on_step=st, on_epoch=lambda *a: None)
    # user added eval later by hand: every epoch re-run below would be slow, so one final dev pass
    m.eval()
    with torch.no_grad():
        o = m(torch.as_tensor(xva)); vl = float(seq_ce(o, torch.as_tensor(yva)))
        acc = float((o.argmax(-1) == torch.as_tensor(yva)).float().mean())
    ep(7, 0, 0, vl, acc)


@run("text_log", "rnn_forecast.txt")
def sine_relu_rnn_exploding():
    torch = T()
    import torch.nn as nn
    xw, yw = windows(sine_series(40, 200, seed=6), 30)
    (xtr, ytr), (xva, yva) = split(xw[..., None], yw)

    class R(nn.Module):
        def __init__(self):
            super().__init__()
            self.r = nn.RNN(1, 64, nonlinearity="relu", batch_first=True); self.h = nn.Linear(64, 1)
            with torch.no_grad():
                self.r.weight_hh_l0.copy_(torch.eye(64) * 1.15 + torch.randn(64, 64) * 0.02)

        def forward(self, x):
            return self.h(self.r(x)[0][:, -1])
    m = R()
    opt = torch.optim.SGD(m.parameters(), lr=0.01, momentum=0.9)
    def st(s, e, l, g, lr):
        if (s - 1) % 5 == 0:
            print(f"it {s - 1:5d}  mse {l:.6g}  |grad| {g:.4g}")
    def ep(e, s, tl, vl, vm):
        print(f"--- epoch {e}: train mse {tl:.6g}, val mse {vl:.6g}")
    fit(m, opt, nn.functional.mse_loss, (xtr, ytr), (xva, yva), 6, 64, on_step=st, on_epoch=ep, metric=None)


@run("text_log", "sweep.log")
def glyphs12_mlp_lr_sweep_two_runs():
    torch = T()
    (xtr, ytr), (xva, yva) = split(*glyphs(12, 50, seed=7))
    xtr = xtr.reshape(len(xtr), -1); xva = xva.reshape(len(xva), -1)
    for lr in [0.1, 20.0]:
        torch.manual_seed(0)
        m = mlp(64, 128, 12, depth=2)
        opt = torch.optim.SGD(m.parameters(), lr=lr)
        print(f"##### sweep: lr={lr} #####")
        def ep(e, s, tl, vl, vm):
            print(f"[lr={lr}] epoch {e:02d}  loss: {tl:.4f}  val_loss: {vl:.4f}  val_acc: {vm:.3f}")
        fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 30, 32, on_epoch=ep)


def _ckpt_path(name):
    return os.path.join("/tmp", f"nu5_{name}_ckpt.pt")


@run("text_log", "job.out", phases=2)
def ordinal_mlp_killed_resumed(phase=0):
    torch = T()
    x, y = ordinal(3000, seed=8)
    (xtr, ytr), (xva, yva) = split(x, y)
    m = mlp(6, 48, 5, depth=2)
    opt = torch.optim.SGD(m.parameters(), lr=0.03, momentum=0.9)
    ck = _ckpt_path("ordinal")
    start = 0
    if phase == 1 and os.path.exists(ck):
        st = torch.load(ck)
        m.load_state_dict(st["m"]); opt.load_state_dict(st["o"]); start = st["epoch"] + 1
        torch.manual_seed(1234)
        print(f"Resuming from checkpoint {ck} (epoch {st['epoch']})")
    else:
        print("Starting fresh run, 30 epochs")
    def ep(e, s, tl, vl, vm):
        print(f"epoch: {e + 1} ; train_loss: {tl:.4f} ; val_loss: {vl:.4f} ; val_acc: {vm:.4f}")
        if e + 1 == 6 and phase == 0:
            torch.save(dict(m=m.state_dict(), o=opt.state_dict(), epoch=e), ck)
            print("checkpoint saved")
        if e + 1 == 10 and phase == 0:
            os.kill(os.getpid(), signal.SIGKILL)
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 30, 32, on_epoch=ep,
        start_epoch=start, seed=phase)
    if phase == 1 and os.path.exists(ck):
        os.remove(ck)


@run("text_log", "nohup.out")
def tagging_bilstm_killed_midway():
    torch = T()
    import torch.nn as nn
    X, Y = tagging(2500, seed=9)
    (xtr, ytr), (xva, yva) = split(X, Y)

    class Tg(nn.Module):
        def __init__(self):
            super().__init__()
            self.e = nn.Embedding(200, 32); self.r = nn.LSTM(32, 48, batch_first=True, bidirectional=True)
            self.o = nn.Linear(96, 6)

        def forward(self, x):
            return self.o(self.r(self.e(x))[0])
    m = Tg()
    opt = torch.optim.Adam(m.parameters(), lr=3e-3)
    def st(s, e, l, g, lr):
        if s % 10 == 0:
            print(f"epoch {e} step {s} loss {l:.4f}")
    def ep(e, s, tl, vl, vm):
        print(f"VAL epoch {e}: loss {vl:.4f}, tag accuracy {vm:.4f}")
    def stop(s, e):
        if s == 470:
            os.kill(os.getpid(), signal.SIGKILL)
    fit(m, opt, seq_ce, (xtr, ytr), (xva, yva), 20, 32, on_step=st, on_epoch=ep, stop=stop)


@run("text_log", "train.txt")
def houses_mlp_forgot_zero_grad():
    torch = T()
    num, hood, price = houses(3000, seed=10)
    x = np.column_stack([(num - num.mean(0)) / num.std(0), np.eye(6)[hood]]).astype(np.float32)
    yv = (price / 1e5)[:, None].astype(np.float32)
    (xtr, ytr), (xva, yva) = split(x, yv)
    m = mlp(10, 64, 1, depth=2)
    opt = torch.optim.SGD(m.parameters(), lr=1e-3, momentum=0.9)
    def ep(e, s, tl, vl, vm):
        print(f"Epoch {e+1:3d} | Train MSE: {tl:10.4f} | dev MSE: {vl:10.4f}")
    fit(m, opt, torch.nn.functional.mse_loss, (xtr, ytr), (xva, yva), 40, 64, on_epoch=ep, metric=None,
        zero_grad=False)


@run("text_log", "log.txt")
def sentiment_bow_labels_shuffled():
    torch = T()
    toks, y = sentiment(1200, seed=11)
    x = bow(toks)
    (xtr, ytr), (xva, yva) = split(x, y)
    r = np.random.RandomState(0)
    ytr = ytr[r.permutation(len(ytr))]           # bug: shuffled labels separately from the rows
    m = mlp(400, 256, 2, depth=1)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    def ep(e, s, tl, vl, vm):
        print(f"ep {e + 1} :: train loss {tl:.4f}")
        if (e + 1) % 5 == 0:
            print(f"   Test -> loss {vl:.4f} accuracy {vm:.4f}")
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 60, 32, on_epoch=ep)


@run("text_log", "pos_tagger.log")
def tagging_transformer_sgd_lr_too_low():
    torch = T()
    import torch.nn as nn
    X, Y = tagging(2000, seed=12)
    (xtr, ytr), (xva, yva) = split(X, Y)

    class Enc(nn.Module):
        def __init__(self):
            super().__init__()
            self.e = nn.Embedding(200, 32); self.p = nn.Parameter(torch.randn(12, 32) * 0.1)
            self.t = nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, 0.0, batch_first=True), 2)
            self.o = nn.Linear(32, 6)

        def forward(self, x):
            return self.o(self.t(self.e(x) + self.p))
    m = Enc()
    opt = torch.optim.SGD(m.parameters(), lr=1e-5)
    def st(s, e, l, g, lr):
        if s % 5 == 0:
            print(f"{s}\t{l:.5f}")
    def ep(e, s, tl, vl, vm):
        print(f"val\tepoch={e}\tloss={vl:.5f}\tacc={vm:.4f}")
    print("step\tloss")
    fit(m, opt, seq_ce, (xtr, ytr), (xva, yva), 6, 32, on_step=st, on_epoch=ep)


@run("text_log", "run1.log")
def ordinal_cosine_pipe_separated():
    torch = T()
    x, y = ordinal(4000, seed=13)
    (xtr, ytr), (xva, yva) = split(x, y)
    m = mlp(6, 64, 5, depth=2)
    opt = torch.optim.AdamW(m.parameters(), lr=2e-3, weight_decay=1e-2)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 25)
    def ep(e, s, tl, vl, vm):
        print(f"epoch {e + 1:02d} | lr {opt.param_groups[0]['lr']:.2e} | loss {tl:.4f} | valid {vl:.4f} | acc {vm:.4f}")
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 25, 64, on_epoch=ep, sched=sched)


@run("text_log", "fraud_train.log")
def fraud_logreg_handwritten_bce_nan():
    torch = T()
    logging.basicConfig(format="%(asctime)s - %(name)s - %(message)s", level=logging.INFO, stream=sys.stdout)
    log = logging.getLogger("fraud")
    x, y = fraud(6000, seed=14, raw=True)           # raw amounts / distances, not standardised
    (xtr, ytr), (xva, yva) = split(x, y[:, None])
    m = mlp(8, 32, 1, depth=1)
    opt = torch.optim.Adam(m.parameters(), lr=1e-2)

    def bce(out, t):
        p = torch.sigmoid(out)
        return -(t * torch.log(p) + (1 - t) * torch.log(1 - p)).mean()
    def st(s, e, l, g, lr):
        if s % 10 == 0:
            log.info(f"step={s} loss={l:.5f}")
    def ep(e, s, tl, vl, vm):
        log.info(f"epoch={e} val_loss={vl:.5f}")
    fit(m, opt, bce, (xtr, ytr), (xva, yva), 8, 128, on_step=st, on_epoch=ep, metric=None)


@run("text_log", "output.txt")
def parity8_transformer_too_short():
    torch = T()
    import torch.nn as nn
    x, y = parity(4000, 8, seed=15)
    (xtr, ytr), (xva, yva) = split(x.astype(np.int64), y)

    class P(nn.Module):
        def __init__(self):
            super().__init__()
            self.e = nn.Embedding(2, 32); self.p = nn.Parameter(torch.randn(8, 32) * 0.1)
            self.t = nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, 0.0, batch_first=True), 2)
            self.o = nn.Linear(32, 2)

        def forward(self, x):
            return self.o(self.t(self.e(x) + self.p).mean(1))
    m = P()
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    def st(s, e, l, g, lr):
        print(f"Step {s}/12, Loss: {l:.4f}")
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), None, 1, 64, on_step=st,
        stop=lambda s, e: s >= 12)
    m.eval()
    with torch.no_grad():
        o = m(torch.as_tensor(xva))
        print(f"Test accuracy: {(o.argmax(1) == torch.as_tensor(yva)).float().mean().item():.4f}")


@run("text_log", "train_output.log")
def triplet_embed_early_stop_print():
    torch = T()
    import torch.nn as nn
    x, y = glyphs(10, 60, seed=16)
    x = x.reshape(len(x), -1)
    (xtr, ytr), (xva, yva) = split(x, y)
    m = mlp(64, 128, 16, depth=2)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    trip = nn.TripletMarginLoss(margin=0.5)
    r = np.random.RandomState(0)

    def triplets(xs, ys, n):
        a = r.randint(0, len(xs), n)
        p = np.array([r.choice(np.where(ys == ys[i])[0]) for i in a])
        q = np.array([r.choice(np.where(ys != ys[i])[0]) for i in a])
        return [torch.as_tensor(xs[k]) for k in (a, p, q)]
    va = triplets(xva, yva, 400)
    best, bad = 1e9, 0
    for e in range(100):
        m.train(); tot = []
        for _ in range(15):
            a, p, q = triplets(xtr, ytr, 32)
            opt.zero_grad(); l = trip(m(a), m(p), m(q)); l.backward(); opt.step(); tot.append(l.item())
        m.eval()
        with torch.no_grad():
            vl = trip(*[m(t) for t in va]).item()
        print(f"epoch {e} - triplet loss {np.mean(tot):.4f} - val triplet loss {vl:.4f}")
        if vl < best - 1e-3:
            best, bad = vl, 0
        else:
            bad += 1
            if bad >= 5:
                print(f"Early stopping at epoch {e} (best val {best:.4f})")
                break


@run("text_log", "denoise.log")
def texture_unet_denoise_print():
    torch = T()
    import torch.nn as nn
    clean = textures(800, seed=48)
    r = np.random.RandomState(48)
    noisy = np.clip(clean + r.randn(*clean.shape).astype(np.float32) * 0.2, 0, 1)
    (xtr, ytr), (xva, yva) = split(noisy, clean)

    class UNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.d1 = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 16, 3, padding=1), nn.ReLU())
            self.d2 = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1), nn.ReLU())
            self.up = nn.ConvTranspose2d(32, 16, 2, 2)
            self.out = nn.Sequential(nn.Conv2d(32, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 1, 1))

        def forward(self, x):
            a = self.d1(x)
            return x + self.out(torch.cat([a, self.up(self.d2(a))], 1))
    m = UNet()
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, [10, 16], 0.3)
    print(f"denoising U-Net, {sum(p.numel() for p in m.parameters())} params")
    def ep(e, s, tl, vl, vm):
        print(f"Epoch [{e + 1}/20]  Train Loss: {tl:.5f}  Test Loss: {vl:.5f}  PSNR: {10 * math.log10(1 / vl):.2f} dB")
    fit(m, opt, nn.functional.mse_loss, (xtr, ytr), (xva, yva), 20, 32, on_epoch=ep, sched=sched, metric=None)


# ================================================================================================ CSV / JSONL (8)
@run("csv_custom")
def spiral12_softmax_regression_csvwriter():
    torch = T()
    (xtr, ytr), (xva, yva) = split(*spiral(12, 150, seed=17))
    m = torch.nn.Linear(2, 12)
    opt = torch.optim.Adam(m.parameters(), lr=1e-2)
    d = out_dir("spiral12-softmax-regression-csvwriter")
    with open(os.path.join(d, "history.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["epoch", "loss", "val_loss", "val_accuracy"])
        fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 50, 32,
            on_epoch=lambda e, s, tl, vl, vm: w.writerow([e, round(tl, 5), round(vl, 5), round(vm, 4)]))


@run("csv_custom")
def houses_mlp_unnormalised_dictwriter():
    torch = T()
    num, hood, price = houses(2500, seed=18)
    x = np.column_stack([num, hood]).astype(np.float32)       # raw sq ft, age, ... no scaling
    yv = (price / 1000)[:, None].astype(np.float32)           # price in k$
    (xtr, ytr), (xva, yva) = split(x, yv)
    m = mlp(5, 64, 1, depth=2)
    opt = torch.optim.SGD(m.parameters(), lr=1e-4)
    d = out_dir("houses-mlp-unnormalised-dictwriter")
    f = open(os.path.join(d, "metrics.csv"), "w", newline="")
    w = csv.DictWriter(f, fieldnames=["step", "train_mse", "val_mse"])
    w.writeheader()
    def st(s, e, l, g, lr):
        w.writerow({"step": s, "train_mse": l, "val_mse": ""})
    def ep(e, s, tl, vl, vm):
        w.writerow({"step": s, "train_mse": "", "val_mse": vl})
    fit(m, opt, torch.nn.functional.mse_loss, (xtr, ytr), (xva, yva), 10, 50, on_step=st, on_epoch=ep, metric=None)
    f.close()


@run("csv_custom")
def fraud_mlp_posweight_jsonl():
    torch = T()
    x, y = fraud(8000, seed=19)
    (xtr, ytr), (xva, yva) = split(x, y[:, None])
    m = mlp(8, 32, 1, depth=2)
    opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    pw = torch.tensor([(1 - ytr.mean()) / ytr.mean()])
    lf = torch.nn.BCEWithLogitsLoss(pos_weight=pw)
    d = out_dir("fraud-mlp-posweight-jsonl")
    f = open(os.path.join(d, "log.jsonl"), "w")
    Xva = torch.as_tensor(xva)

    def auc(score, lab):
        o = np.argsort(score); rk = np.empty(len(o)); rk[o] = np.arange(1, len(o) + 1)
        pos = lab > 0
        return (rk[pos].sum() - pos.sum() * (pos.sum() + 1) / 2) / (pos.sum() * (~pos).sum())
    def ep(e, s, tl, vl, vm):
        with torch.no_grad():
            sc = m(Xva).numpy().ravel()
        rec = dict(epoch=e + 1, train_loss=round(tl, 5), val_loss=round(vl, 5), val_auc=round(float(auc(sc, yva.ravel())), 4),
                   val_recall=round(float(((sc > 0) & (yva.ravel() > 0)).sum() / (yva > 0).sum()), 4))
        f.write(json.dumps(rec) + "\n")
    fit(m, opt, lf, (xtr, ytr), (xva, yva), 30, 128, on_epoch=ep, metric=None)
    f.close()


@run("csv_custom")
def sine_lstm_forecast_jsonl_mixed():
    torch = T()
    import torch.nn as nn
    xw, yw = windows(sine_series(50, 160, seed=20), 24, 4)
    (xtr, ytr), (xva, yva) = split(xw[..., None], yw)

    class F(nn.Module):
        def __init__(self):
            super().__init__()
            self.r = nn.LSTM(1, 32, batch_first=True); self.h = nn.Linear(32, 4)

        def forward(self, x):
            return self.h(self.r(x)[0][:, -1])
    m = F()
    opt = torch.optim.Adam(m.parameters(), lr=3e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, 6, 0.3)
    d = out_dir("sine-lstm-forecast-jsonl-mixed")
    f = open(os.path.join(d, "events.jsonl"), "w")
    Xva, Yva = torch.as_tensor(xva), torch.as_tensor(yva)
    def st(s, e, l, g, lr):
        f.write(json.dumps({"kind": "train", "iter": s, "mse": l, "lr": lr}) + "\n")
        if s % 50 == 0:
            with torch.no_grad():
                p = m(Xva)
            f.write(json.dumps({"kind": "valid", "iter": s, "mse": float(nn.functional.mse_loss(p, Yva)),
                                "mae": float((p - Yva).abs().mean())}) + "\n")
    fit(m, opt, nn.functional.mse_loss, (xtr, ytr), None, 18, 64, on_step=st, sched=sched, metric=None)
    f.close()


@run("csv_custom")
def glyphs26_mlp_adam_lr1_csv():
    torch = T()
    (xtr, ytr), (xva, yva) = split(*glyphs(26, 40, seed=21))
    xtr = xtr.reshape(len(xtr), -1); xva = xva.reshape(len(xva), -1)
    m = mlp(64, 256, 26, depth=2)
    opt = torch.optim.Adam(m.parameters(), lr=1.0)
    d = out_dir("glyphs26-mlp-adam-lr1-csv")
    f = open(os.path.join(d, "train_log.csv"), "w", newline="")
    w = csv.writer(f)
    w.writerow(["iteration", "epoch", "train_loss", "valid_loss", "valid_acc"])
    def st(s, e, l, g, lr):
        if s % 5 == 0:
            w.writerow([s, e, l, "", ""])
    def ep(e, s, tl, vl, vm):
        w.writerow([s, e, "", vl, vm])
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 20, 32, on_step=st, on_epoch=ep)
    f.close()


@run("csv_custom")
def texture_conv_autoencoder_pandas():
    torch = T()
    import pandas as pd
    import torch.nn as nn
    ims = textures(900, seed=22)
    (xtr,), (xva,) = split(ims)
    m = nn.Sequential(nn.Conv2d(1, 16, 3, 2, 1), nn.ReLU(), nn.Conv2d(16, 8, 3, 2, 1), nn.ReLU(),
                      nn.ConvTranspose2d(8, 16, 4, 2, 1), nn.ReLU(), nn.ConvTranspose2d(16, 1, 4, 2, 1), nn.Sigmoid())
    opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    rows = []
    def ep(e, s, tl, vl, vm):
        rows.append({"epoch": e + 1, "train/recon_mse": tl, "val/recon_mse": vl, "lr": opt.param_groups[0]["lr"]})
    fit(m, opt, nn.functional.mse_loss, (xtr, xtr), (xva, xva), 25, 32, on_epoch=ep, metric=None)
    pd.DataFrame(rows).to_csv(os.path.join(out_dir("texture-conv-autoencoder-pandas"), "results.csv"), index=False)


@run("csv_custom")
def charlm_gru_join_lines():
    torch = T()
    import torch.nn as nn
    x, y, v = char_lm_data(seq=24, seed=23, n_chars=30000)
    (xtr, ytr), (xva, yva) = split(x, y, frac=0.9)

    class G(nn.Module):
        def __init__(self):
            super().__init__()
            self.e = nn.Embedding(v, 16); self.r = nn.GRU(16, 80, batch_first=True); self.o = nn.Linear(80, v)

        def forward(self, x):
            return self.o(self.r(self.e(x))[0])
    m = G()
    opt = torch.optim.RMSprop(m.parameters(), lr=2e-3)
    lines = ["step,loss,val_loss"]
    Xva, Yva = torch.as_tensor(xva), torch.as_tensor(yva)
    def st(s, e, l, g, lr):
        vl = ""
        if s % 40 == 0:
            with torch.no_grad():
                vl = "%.4f" % float(seq_ce(m(Xva), Yva))
        lines.append(",".join([str(s), "%.4f" % l, vl]))
    fit(m, opt, seq_ce, (xtr, ytr), None, 12, 32, on_step=st, metric=None)
    open(os.path.join(out_dir("charlm-gru-join-lines"), "loss_log.csv"), "w").write("\n".join(lines) + "\n")


@run("csv_custom")
def ordinal_nll_on_raw_logits_semicolon():
    torch = T()
    x, y = ordinal(3000, seed=24)
    (xtr, ytr), (xva, yva) = split(x, y)
    m = mlp(6, 64, 5, depth=2)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    lf = torch.nn.NLLLoss()          # bug: NLLLoss on raw scores (no log_softmax)
    d = out_dir("ordinal-nll-on-raw-logits-semicolon")
    with open(os.path.join(d, "training.csv"), "w", newline="") as f:
        w = csv.writer(f, delimiter=";")
        w.writerow(["Epoch", "TrainLoss", "ValLoss", "ValAcc"])
        fit(m, opt, lf, (xtr, ytr), (xva, yva), 30, 32,
            on_epoch=lambda e, s, tl, vl, vm: w.writerow([e + 1, f"{tl:.5f}", f"{vl:.5f}", f"{vm:.4f}"]))


# ================================================================================================ TFEVENTS (9)
def SW(name, sub=None):
    from torch.utils.tensorboard import SummaryWriter
    d = out_dir(name)
    return SummaryWriter(os.path.join(d, sub) if sub else d)


@run("tfevents")
def glyphs10_depthwise_cnn_tb():
    torch = T()
    import torch.nn as nn
    (xtr, ytr), (xva, yva) = split(*glyphs(10, 80, seed=25))
    m = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 16, 3, padding=1, groups=16),
                      nn.Conv2d(16, 32, 1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(32, 32, 3, padding=1, groups=32),
                      nn.Conv2d(32, 32, 1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10))
    opt = torch.optim.Adam(m.parameters(), lr=3e-3)
    w = SW("glyphs10-depthwise-cnn-tb", "runs/exp1")
    def st(s, e, l, g, lr):
        w.add_scalar("Loss/train", l, s)
    def ep(e, s, tl, vl, vm):
        w.add_scalar("Loss/valid", vl, s); w.add_scalar("Accuracy/valid", vm, s)
    fit(m, opt, nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 15, 32, on_step=st, on_epoch=ep)
    w.close()


@run("tfevents")
def spiral3_onecycle_peak3_tb():
    torch = T()
    (xtr, ytr), (xva, yva) = split(*spiral(3, 400, seed=26))
    m = mlp(2, 64, 3, depth=2)
    opt = torch.optim.SGD(m.parameters(), lr=3.0, momentum=0.9)
    n_steps = 30 * ((len(xtr) + 31) // 32)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3.0, total_steps=n_steps)
    w = SW("spiral3-onecycle-peak3-tb")
    def st(s, e, l, g, lr):
        w.add_scalar("train/loss", l, s); w.add_scalar("train/lr", lr, s)
    def ep(e, s, tl, vl, vm):
        w.add_scalar("val/loss", vl, s); w.add_scalar("val/acc", vm, s)
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 30, 32, on_step=st, on_epoch=ep,
        sched=sched, sched_per="step")
    w.close()


@run("tfevents")
def tagging_transformer_warmup_cosine_tb():
    torch = T()
    import torch.nn as nn
    X, Y = tagging(2400, seed=27)
    (xtr, ytr), (xva, yva) = split(X, Y)

    class Enc(nn.Module):
        def __init__(self):
            super().__init__()
            self.e = nn.Embedding(200, 32); self.p = nn.Parameter(torch.randn(12, 32) * 0.1)
            self.t = nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, 0.1, batch_first=True), 2)
            self.o = nn.Linear(32, 6)

        def forward(self, x):
            return self.o(self.t(self.e(x) + self.p))
    m = Enc()
    opt = torch.optim.AdamW(m.parameters(), lr=3e-3)
    total = 10 * 60
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / 50) * 0.5 * (1 + math.cos(math.pi * min(s, total) / total)))
    w = SW("tagging-transformer-warmup-cosine-tb")
    def st(s, e, l, g, lr):
        if s % 4 == 0:
            w.add_scalar("loss", l, s); w.add_scalar("lr", lr, s); w.add_scalar("grad_norm", g, s)
    def ep(e, s, tl, vl, vm):
        w.add_scalar("eval/loss", vl, s); w.add_scalar("eval/token_acc", vm, s)
    fit(m, opt, seq_ce, (xtr, ytr), (xva, yva), 10, 32, on_step=st, on_epoch=ep, sched=sched, sched_per="step")
    w.close()


@run("tfevents")
def sentiment_frozen_but_bias_tb():
    torch = T()
    toks, y = sentiment(2000, seed=28)
    x = bow(toks)
    (xtr, ytr), (xva, yva) = split(x, y)
    m = mlp(400, 64, 2, depth=2)
    for p in m.parameters():
        p.requires_grad_(False)
    m[-1].bias.requires_grad_(True)                  # user meant to freeze the "backbone" only
    opt = torch.optim.Adam([p for p in m.parameters() if p.requires_grad], lr=1e-3)
    w = SW("sentiment-frozen-but-bias-tb")
    def st(s, e, l, g, lr):
        w.add_scalar("training_loss", l, s)
    def ep(e, s, tl, vl, vm):
        w.add_scalar("validation_loss", vl, e); w.add_scalar("validation_accuracy", vm, e)
    fit(m, opt, torch.nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 20, 32, on_step=st, on_epoch=ep)
    w.close()


@run("tfevents")
def glyphs20_bn_dropout_eval_in_train_mode_tb():
    torch = T()
    import torch.nn as nn
    (xtr, ytr), (xva, yva) = split(*glyphs(20, 40, seed=29))
    m = nn.Sequential(nn.Conv2d(1, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
                      nn.Flatten(), nn.Dropout(0.6), nn.Linear(512, 128), nn.ReLU(), nn.Dropout(0.6), nn.Linear(128, 20))
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    w = SW("glyphs20-bn-dropout-eval-in-train-mode-tb")
    Xva, Yva = torch.as_tensor(xva), torch.as_tensor(yva)
    def st(s, e, l, g, lr):
        w.add_scalar("loss/train", l, s)
        if s % 20 == 0:                                  # "evaluation" without model.eval()
            with torch.no_grad():
                o = m(Xva[:16])
            w.add_scalar("loss/val", float(nn.functional.cross_entropy(o, Yva[:16])), s)
            w.add_scalar("acc/val", float((o.argmax(1) == Yva[:16]).float().mean()), s)
    fit(m, opt, nn.functional.cross_entropy, (xtr, ytr), None, 25, 32, on_step=st)
    w.close()


@run("tfevents")
def glyphs10_tiny_set_overfit_tb():
    torch = T()
    import torch.nn as nn
    x, y = glyphs(10, 100, seed=30)
    xtr, ytr = x[:30].reshape(30, -1), y[:30]
    xva, yva = x[500:].reshape(-1, 64), y[500:]
    m = mlp(64, 256, 10, depth=2)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    w = SW("glyphs10-tiny-set-overfit-tb")
    def ep(e, s, tl, vl, vm):
        w.add_scalar("train_loss", tl, e); w.add_scalar("val_loss", vl, e); w.add_scalar("val_accuracy", vm, e)
    fit(m, opt, nn.functional.cross_entropy, (xtr, ytr), (xva, yva), 200, 10, on_epoch=ep)
    w.close()


@run("tfevents")
def texture_vae_add_scalars_tb():
    torch = T()
    import torch.nn as nn
    ims = textures(1000, seed=31).reshape(1000, -1)
    (xtr,), (xva,) = split(ims)

    class V(nn.Module):
        def __init__(self):
            super().__init__()
            self.enc = mlp(256, 128, 16, depth=1); self.dec = mlp(8, 128, 256, depth=1)

        def forward(self, x):
            mu, lv = self.enc(x).chunk(2, -1)
            z = mu + torch.randn_like(mu) * (0.5 * lv).exp()
            self.kl = -0.5 * (1 + lv - mu ** 2 - lv.exp()).sum(-1).mean()
            return torch.sigmoid(self.dec(z))
    m = V()
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    w = SW("texture-vae-add-scalars-tb")
    def lf(out, x):
        return nn.functional.binary_cross_entropy(out, x, reduction="sum") / len(x) + m.kl
    def st(s, e, l, g, lr):
        if s % 5 == 0:
            w.add_scalars("elbo", {"train": l}, s)
            w.add_scalar("kl", float(m.kl), s)
    def ep(e, s, tl, vl, vm):
        w.add_scalars("elbo", {"val": vl}, s)
    fit(m, opt, lf, (xtr, xtr), (xva, xva), 30, 32, on_step=st, on_epoch=ep, metric=None)
    w.close()


@run("tfevents")
def charlm_lstm_adam_lr1e6_tb():
    torch = T()
    x, y, v = char_lm_data(seq=32, seed=32, n_chars=30000)
    (xtr, ytr), (xva, yva) = split(x, y, frac=0.9)
    m = lstm_lm(v)
    opt = torch.optim.Adam(m.parameters(), lr=1e-6)
    w = SW("charlm-lstm-adam-lr1e6-tb")
    def st(s, e, l, g, lr):
        w.add_scalar("lm/loss", l, s)
    def ep(e, s, tl, vl, vm):
        w.add_scalar("lm/val_loss", vl, s); w.add_scalar("lm/val_char_acc", vm, s)
    fit(m, opt, seq_ce, (xtr, ytr), (xva, yva), 6, 32, on_step=st, on_epoch=ep)
    w.close()


@run("tfevents")
def ordinal_cumulative_link_tb():
    torch = T()
    import torch.nn as nn
    x, y = ordinal(4000, seed=49, levels=6)
    (xtr, ytr), (xva, yva) = split(x, y)

    class Coral(nn.Module):
        def __init__(self):
            super().__init__()
            self.f = mlp(6, 32, 1, depth=2); self.b = nn.Parameter(torch.linspace(-1, 1, 5))

        def forward(self, x):
            return self.f(x) - self.b            # 5 cumulative logits P(y > k)
    def lf(out, t):
        tgt = (t[:, None] > torch.arange(5)[None]).float()
        return nn.functional.binary_cross_entropy_with_logits(out, tgt)
    m = Coral()
    opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    w = SW("ordinal-cumulative-link-tb")
    Xva, Yva = torch.as_tensor(xva), torch.as_tensor(yva)
    def st(s, e, l, g, lr):
        if s % 10 == 0:
            w.add_scalar("ordinal/bce", l, s)
    def ep(e, s, tl, vl, vm):
        with torch.no_grad():
            pred = (m(Xva) > 0).sum(1)
        w.add_scalar("ordinal/val_bce", vl, s)
        w.add_scalar("ordinal/val_mae", float((pred - Yva).abs().float().mean()), s)
    fit(m, opt, lf, (xtr, ytr), (xva, yva), 20, 64, on_step=st, on_epoch=ep, metric=None)
    w.close()


# ================================================================================================ LIGHTNING (5)
def lit(model_fn, loss_fn, lr_opt, acc=True, sched=None):
    import lightning as L
    import torch

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = model_fn()

        def forward(self, x):
            return self.net(x)

        def training_step(self, b, i):
            x, y = b
            loss = loss_fn(self(x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            o = self(x)
            self.log("val_loss", loss_fn(o, y))
            if acc:
                self.log("val_acc", (o.argmax(-1) == y).float().mean())

        def configure_optimizers(self):
            opt = lr_opt(self.parameters())
            if sched is None:
                return opt
            return {"optimizer": opt, "lr_scheduler": sched(opt)}
    return Lit()


def loaders(tr, va, bs):
    import torch
    from torch.utils.data import DataLoader, TensorDataset
    g = torch.Generator().manual_seed(0)
    return (DataLoader(TensorDataset(*map(torch.as_tensor, tr)), bs, shuffle=True, generator=g),
            DataLoader(TensorDataset(*map(torch.as_tensor, va)), 256))


def trainer(name, logger_kind="csv", **kw):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    d = out_dir(name)
    lg = CSVLogger(d) if logger_kind == "csv" else TensorBoardLogger(d, name="lightning_logs")
    return L.Trainer(logger=lg, enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                     accelerator="cpu", devices=1, **kw)


@run("lightning_csv")
def spiral6_mlp_steplr_lrmonitor():
    torch = T()
    from lightning.pytorch.callbacks import LearningRateMonitor
    (xtr, ytr), (xva, yva) = split(*spiral(6, 300, seed=33))
    mod = lit(lambda: mlp(2, 96, 6, depth=3), torch.nn.functional.cross_entropy,
              lambda p: torch.optim.SGD(p, lr=0.2, momentum=0.9),
              sched=lambda o: torch.optim.lr_scheduler.StepLR(o, 15, 0.2))
    tl, vl = loaders((xtr, ytr), (xva, yva), 32)
    trainer("spiral6-mlp-steplr-lrmonitor", max_epochs=40, log_every_n_steps=10,
            callbacks=[LearningRateMonitor("epoch")]).fit(mod, tl, vl)


@run("lightning_csv")
def parity10_mlp_adam_lr2():
    torch = T()
    (xtr, ytr), (xva, yva) = split(*parity(3000, 10, seed=34))
    mod = lit(lambda: mlp(10, 128, 2, depth=2), torch.nn.functional.cross_entropy,
              lambda p: torch.optim.Adam(p, lr=2.0))
    tl, vl = loaders((xtr, ytr), (xva, yva), 64)
    trainer("parity10-mlp-adam-lr2", max_epochs=15, log_every_n_steps=5).fit(mod, tl, vl)


@run("lightning_csv")
def glyphs14_labels_off_by_one():
    torch = T()
    x, y = glyphs(14, 60, seed=35)
    (xtr, ytr), (xva, yva) = split(x.reshape(len(x), -1), y)
    ytr = np.roll(ytr, 1)                                  # labels misaligned by one row
    mod = lit(lambda: mlp(64, 128, 14, depth=2), torch.nn.functional.cross_entropy,
              lambda p: torch.optim.Adam(p, lr=1e-3))
    tl, vl = loaders((xtr, ytr), (xva, yva), 32)
    trainer("glyphs14-labels-off-by-one", max_epochs=50, log_every_n_steps=10).fit(mod, tl, vl)


@run("lightning_csv")
def tagging_gru_killed_lightning():
    torch = T()
    import torch.nn as nn
    X, Y = tagging(2400, seed=36)
    (xtr, ytr), (xva, yva) = split(X, Y)

    class Tg(nn.Module):
        def __init__(self):
            super().__init__()
            self.e = nn.Embedding(200, 24); self.r = nn.GRU(24, 48, batch_first=True); self.o = nn.Linear(48, 6)

        def forward(self, x):
            return self.o(self.r(self.e(x))[0]).transpose(1, 2)     # (B, C, L) for cross_entropy
    import lightning as L

    class Killer(L.Callback):
        def on_train_batch_end(self, tr, pl, out, b, i):
            if tr.global_step == 380:
                os.kill(os.getpid(), signal.SIGKILL)
    mod = lit(Tg, nn.functional.cross_entropy, lambda p: torch.optim.Adam(p, lr=2e-3), acc=False)
    tl, vl = loaders((xtr, ytr), (xva, yva), 32)
    trainer("tagging-gru-killed-lightning", max_epochs=15, log_every_n_steps=10, callbacks=[Killer()]).fit(mod, tl, vl)


@run("lightning_csv")
def houses_embedding_mlp_earlystop_tblogger():
    torch = T()
    import torch.nn as nn
    from lightning.pytorch.callbacks import EarlyStopping
    num, hood, price = houses(3000, seed=37)
    x = np.column_stack([(num - num.mean(0)) / num.std(0), hood]).astype(np.float32)
    yv = np.log(price)[:, None].astype(np.float32); yv = yv - yv.mean()
    (xtr, ytr), (xva, yva) = split(x, yv)

    class E(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(6, 3); self.m = mlp(7, 64, 1, depth=2)

        def forward(self, x):
            return self.m(torch.cat([x[:, :4], self.emb(x[:, 4].long())], 1))
    mod = lit(E, nn.functional.huber_loss, lambda p: torch.optim.Adam(p, lr=1e-3), acc=False)
    tl, vl = loaders((xtr, ytr), (xva, yva), 64)
    trainer("houses-embedding-mlp-earlystop-tblogger", "tb", max_epochs=200, log_every_n_steps=10,
            callbacks=[EarlyStopping("val_loss", patience=6)]).fit(mod, tl, vl)


# ================================================================================================ KERAS (6)
def K():
    os.environ.setdefault("KERAS_BACKEND", "torch")
    import keras
    keras.utils.set_random_seed(0)
    return keras


@run("keras_csvlogger")
def spiral4_dense_keras_csvlogger():
    keras = K()
    (xtr, ytr), (xva, yva) = split(*spiral(4, 300, seed=38))
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(4, activation="softmax")])
    m.compile(keras.optimizers.Adam(3e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(xtr, ytr, validation_data=(xva, yva), epochs=40, batch_size=32, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out_dir("spiral4-dense-keras-csvlogger"), "training.log"))])


@run("keras_csvlogger")
def glyphs18_keras_sgd_lr5():
    keras = K()
    (xtr, ytr), (xva, yva) = split(*glyphs(18, 40, seed=39))
    xtr = xtr.reshape(len(xtr), -1); xva = xva.reshape(len(xva), -1)
    m = keras.Sequential([keras.Input((64,)), keras.layers.Dense(128, activation="relu"),
                          keras.layers.Dense(18, activation="softmax")])
    m.compile(keras.optimizers.SGD(5.0, momentum=0.9), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(xtr, ytr, validation_data=(xva, yva), epochs=25, batch_size=32, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out_dir("glyphs18-keras-sgd-lr5"), "log.csv"))])


@run("keras_csvlogger")
def spiral5_keras_linear_output_probs_loss():
    keras = K()
    (xtr, ytr), (xva, yva) = split(*spiral(5, 300, seed=40))
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(5)])    # no softmax ...
    m.compile(keras.optimizers.Adam(1e-3), keras.losses.SparseCategoricalCrossentropy(from_logits=False),
              metrics=["accuracy"])                                                          # ... but probs loss
    m.fit(xtr, ytr, validation_data=(xva, yva), epochs=30, batch_size=32, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out_dir("spiral5-keras-linear-output-probs-loss"),
                                                            "metrics.csv"))])


@run("keras_csvlogger")
def glyphs26_keras_cnn_csvlogger():
    keras = K()
    (xtr, ytr), (xva, yva) = split(*glyphs(26, 50, seed=50))
    xtr = xtr.transpose(0, 2, 3, 1); xva = xva.transpose(0, 2, 3, 1)
    m = keras.Sequential([keras.Input((8, 8, 1)), keras.layers.Conv2D(32, 3, padding="same", activation="relu"),
                          keras.layers.MaxPooling2D(), keras.layers.Conv2D(64, 3, padding="same", activation="relu"),
                          keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(26, activation="softmax")])
    m.compile(keras.optimizers.Adam(2e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(xtr, ytr, validation_data=(xva, yva), epochs=30, batch_size=32, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out_dir("glyphs26-keras-cnn-csvlogger"), "train_log.csv"),
                                               separator=",")])


@run("keras_history_json")
def houses_keras_earlystopping_history():
    keras = K()
    num, hood, price = houses(3000, seed=41)
    x = np.column_stack([(num - num.mean(0)) / num.std(0), np.eye(6)[hood]]).astype(np.float32)
    yv = (price / 1e5).astype(np.float32)
    m = keras.Sequential([keras.Input((10,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(32, activation="relu"), keras.layers.Dense(1)])
    m.compile(keras.optimizers.Adam(1e-3), "mse", metrics=["mae"])
    h = m.fit(x, yv, validation_split=0.2, epochs=150, batch_size=64, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(patience=8, restore_best_weights=True)])
    json.dump(h.history, open(os.path.join(out_dir("houses-keras-earlystopping-history"), "history.json"), "w"), indent=1)


@run("keras_history_json")
def fraud_keras_raw_features_history():
    keras = K()
    x, y = fraud(6000, seed=42, raw=True)
    m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(32, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid")])
    m.compile(keras.optimizers.RMSprop(1e-3), "binary_crossentropy", metrics=["accuracy", keras.metrics.AUC(name="auc")])
    h = m.fit(x, y, validation_split=0.25, epochs=20, batch_size=64, verbose=0)
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()},
              open(os.path.join(out_dir("fraud-keras-raw-features-history"), "hist.json"), "w"))


# ================================================================================================ HF TRAINER (5)
def hf_seqcls_data(n, seed):
    toks, y = sentiment(n, vocab=400, seed=seed, length=20)
    return [{"input_ids": list(map(int, t + 2)), "labels": int(l)} for t, l in zip(toks, y)]


def hf_train(name, model, train, evald, **args):
    import torch
    from transformers import Trainer, TrainingArguments
    d = out_dir(name)

    def collate(b):
        return {"input_ids": torch.tensor([e["input_ids"] for e in b]),
                "labels": torch.tensor([e["labels"] for e in b])}

    def metrics(p):
        logits, labels = p
        if logits.ndim == 2:
            return {"accuracy": float((logits.argmax(-1) == labels).mean())}
        return {}
    a = TrainingArguments(output_dir=d, save_strategy="no", report_to=["tensorboard"], seed=0, use_cpu=True,
                          dataloader_num_workers=0, disable_tqdm=True, **args)
    tr = Trainer(model=model, args=a, train_dataset=train, eval_dataset=evald, data_collator=collate,
                 compute_metrics=metrics if evald is not None else None)
    res = tr.train()
    tr.log_metrics("train", res.metrics); tr.save_metrics("train", res.metrics)
    if evald is not None:
        ev = tr.evaluate(); tr.save_metrics("eval", ev)
    tr.save_state()


def tiny_bert(n_labels=2):
    import torch
    from transformers import BertConfig, BertForSequenceClassification
    torch.manual_seed(0)
    return BertForSequenceClassification(BertConfig(vocab_size=410, hidden_size=32, num_hidden_layers=2,
                                                    num_attention_heads=2, intermediate_size=64,
                                                    max_position_embeddings=32, num_labels=n_labels))


@run("hf_trainer_state")
def bert_tiny_sentiment_healthy():
    T()
    data = hf_seqcls_data(2400, 43)
    hf_train("bert-tiny-sentiment-healthy", tiny_bert(), data[:2000], data[2000:], learning_rate=1e-3,
             num_train_epochs=4, per_device_train_batch_size=32, logging_steps=10, eval_strategy="steps",
             eval_steps=50, warmup_steps=20, lr_scheduler_type="linear")


@run("hf_trainer_state")
def bert_tiny_sentiment_lr80():
    T()
    data = hf_seqcls_data(2400, 44)
    hf_train("bert-tiny-sentiment-lr80", tiny_bert(), data[:2000], data[2000:], learning_rate=80.0,
             num_train_epochs=3, per_device_train_batch_size=32, logging_steps=5, eval_strategy="epoch",
             max_grad_norm=0.0)


def lm_data(n, seed, seq=24):
    x, y, v = char_lm_data(seq=seq, seed=seed, n_chars=n * seq + 1)
    return [{"input_ids": list(map(int, r)), "labels": list(map(int, r))} for r in x], v


def tiny_gpt2(v):
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel
    torch.manual_seed(0)
    return GPT2LMHeadModel(GPT2Config(vocab_size=v, n_embd=48, n_layer=2, n_head=4, n_positions=32))


@run("hf_trainer_state")
def gpt2_tiny_charlm_cosine():
    T()
    data, v = lm_data(1200, 45)
    hf_train("gpt2-tiny-charlm-cosine", tiny_gpt2(v), data[:1080], data[1080:], learning_rate=3e-3,
             num_train_epochs=5, per_device_train_batch_size=32, logging_steps=5, eval_strategy="steps",
             eval_steps=30, lr_scheduler_type="cosine", warmup_steps=10)


@run("hf_trainer_state")
def gpt2_tiny_charlm_24_examples_80_epochs():
    T()
    data, v = lm_data(400, 46)
    hf_train("gpt2-tiny-charlm-24-examples-80-epochs", tiny_gpt2(v), data[:24], data[300:], learning_rate=2e-3,
             num_train_epochs=80, per_device_train_batch_size=8, logging_steps=6, eval_strategy="epoch",
             lr_scheduler_type="constant")


@run("hf_trainer_state")
def bert_tiny_sentiment_max_steps_killed():
    T()
    import transformers
    data = hf_seqcls_data(2400, 47)

    class Kill(transformers.TrainerCallback):
        def on_log(self, args, state, control, logs=None, **kw):
            if state.global_step >= 140:
                # what a preempted job leaves: the state saved at the last logging step, then the process dies
                state.save_to_json(os.path.join(args.output_dir, "trainer_state.json"))
                os.kill(os.getpid(), signal.SIGKILL)
    import torch
    from transformers import Trainer, TrainingArguments
    d = out_dir("bert-tiny-sentiment-max-steps-killed")

    def collate(b):
        return {"input_ids": torch.tensor([e["input_ids"] for e in b]),
                "labels": torch.tensor([e["labels"] for e in b])}
    a = TrainingArguments(output_dir=d, save_strategy="no", report_to=["tensorboard"], seed=0, use_cpu=True,
                          disable_tqdm=True, learning_rate=5e-4, max_steps=600, per_device_train_batch_size=16,
                          logging_steps=10, eval_strategy="steps", eval_steps=40, lr_scheduler_type="linear")
    Trainer(model=tiny_bert(), args=a, train_dataset=data[:2000], eval_dataset=data[2000:], data_collator=collate,
            callbacks=[Kill()]).train()


# ================================================================================================ driver
def main(argv):
    if argv and argv[0] == "--one":
        name, phase = argv[1], int(argv[2])
        fn = REGISTRY[name]["fn"]
        if REGISTRY[name]["phases"] > 1:
            fn(phase=phase)
        else:
            fn()
        return
    names = argv or list(REGISTRY)
    for name in names:
        spec = REGISTRY[name]
        d = out_dir(name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1",
                   TOKENIZERS_PARALLELISM="false", HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
        t0 = time.time()
        for ph in range(spec["phases"]):
            cmd = [sys.executable, os.path.abspath(__file__), "--one", name, str(ph)]
            if spec["logfile"]:
                with open(os.path.join(d, spec["logfile"]), "a") as f:
                    rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=d)
            else:
                os.makedirs("/tmp/nu5_stderr", exist_ok=True)
                with open(os.path.join("/tmp/nu5_stderr", name + ".txt"), "w") as f:   # kept outside the batch
                    rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=d)
            print(f"{name} phase {ph}: rc={rc} {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
