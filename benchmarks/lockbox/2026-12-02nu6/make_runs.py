"""Make the lock-box batch 2026-12-02nu6: small real trainings written the way a new user writes them.

Usage:  OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py [run-name ...]
Each run is trained in its own child process (``python make_runs.py --child NAME``), one at a time.
Text-log runs have their stdout+stderr redirected to the log file by this driver (like ``python t.py > t.log 2>&1``).
"""
import json
import math
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")
RUNS = {}  # name -> (format, function, extra)


def run(fmt, log_name=None, resume=False):
    def deco(fn):
        RUNS[fn.__name__.replace("_", "-")] = (fmt, fn, {"log": log_name, "resume": resume})
        return fn
    return deco


# ----------------------------------------------------------------------------------------------- data (numpy)
def np_rng(seed):
    import numpy as np
    return np.random.default_rng(seed)


def make_waves(n, k, length=64, seed=0, noise=0.35):
    """1-D signals: 0 sine, 1 square, 2 sawtooth, 3 triangle, 4 white noise, 5 chirp."""
    import numpy as np
    r = np_rng(seed)
    t = np.linspace(0, 1, length)
    X = np.zeros((n, length), np.float32)
    y = r.integers(0, k, n)
    for i in range(n):
        f = r.uniform(2, 6)
        ph = r.uniform(0, 2 * np.pi)
        a = r.uniform(0.5, 1.5)
        c = y[i]
        if c == 0:
            s = np.sin(2 * np.pi * f * t + ph)
        elif c == 1:
            s = np.sign(np.sin(2 * np.pi * f * t + ph))
        elif c == 2:
            s = 2 * ((f * t + ph / 6.283) % 1) - 1
        elif c == 3:
            s = 2 * np.abs(2 * ((f * t + ph / 6.283) % 1) - 1) - 1
        elif c == 4:
            s = r.normal(0, 0.7, length)
        else:
            s = np.sin(2 * np.pi * (f * t + 4 * t * t) + ph)
        X[i] = a * s + r.normal(0, noise, length)
    return X, y.astype(np.int64)


def make_digitsum(n, length=8, seed=0):
    import numpy as np
    r = np_rng(seed)
    X = r.integers(0, 10, (n, length))
    return X.astype(np.int64), X.sum(1).astype(np.float32)


def make_projectile(n, seed=0):
    """Range of a projectile launched from height h: features v0 [m/s], angle [deg], h [m]; target range [m]."""
    import numpy as np
    r = np_rng(seed)
    v = r.uniform(5, 50, n)
    ang = r.uniform(10, 80, n)
    h = r.uniform(0, 20, n)
    th = np.radians(ang)
    g = 9.81
    vx, vy = v * np.cos(th), v * np.sin(th)
    t_flight = (vy + np.sqrt(vy ** 2 + 2 * g * h)) / g
    rng_m = vx * t_flight * (1 + r.normal(0, 0.02, n))
    return np.stack([v, ang, h], 1).astype(np.float32), rng_m.astype(np.float32)


def make_oscillator(n, seed=0):
    """x(t) of a damped oscillator: features A, gamma, omega, t; target displacement."""
    import numpy as np
    r = np_rng(seed)
    A = r.uniform(0.5, 2, n)
    gam = r.uniform(0.05, 0.6, n)
    om = r.uniform(1, 4, n)
    t = r.uniform(0, 6, n)
    x = A * np.exp(-gam * t) * np.cos(om * t) + r.normal(0, 0.03, n)
    return np.stack([A, gam, om, t], 1).astype(np.float32), x.astype(np.float32)


def make_churn(n, seed=0):
    """Churn-like table: numeric columns with missing values, categorical columns; binary label."""
    import numpy as np
    r = np_rng(seed)
    tenure = r.exponential(20, n)
    monthly = r.normal(65, 25, n).clip(15, 150)
    calls = r.poisson(1.5, n)
    contract = r.integers(0, 3, n)       # month-to-month, 1y, 2y
    payment = r.integers(0, 4, n)
    region = r.integers(0, 5, n)
    logit = (-0.06 * tenure + 0.02 * (monthly - 65) + 0.45 * calls - 1.2 * contract
             + 0.5 * (payment == 2) + 0.3 * (region == 4) + 0.6)
    y = (r.random(n) < 1 / (1 + np.exp(-logit))).astype(np.float32)
    tenure[r.random(n) < 0.06] = np.nan
    monthly[r.random(n) < 0.10] = np.nan
    return dict(tenure=tenure, monthly=monthly, calls=calls, contract=contract, payment=payment, region=region), y


def churn_matrix(cols, raw=False):
    """Median-impute + missing flags + standardise numerics, one-hot categoricals (raw=True: no scaling)."""
    import numpy as np
    feats = []
    for c in ("tenure", "monthly", "calls"):
        v = np.asarray(cols[c], np.float64).copy()
        miss = np.isnan(v)
        v[miss] = np.nanmedian(v)
        if not raw:
            v = (v - v.mean()) / (v.std() + 1e-8)
        feats.append(v)
        if c != "calls":
            feats.append(miss.astype(np.float64))
    for c, k in (("contract", 3), ("payment", 4), ("region", 5)):
        feats.extend((cols[c] == j).astype(np.float64) for j in range(k))
    return np.stack(feats, 1).astype(np.float32)


def make_dots(n, kmax=8, size=12, seed=0):
    """Images with 1..kmax bright 2x2 dots on a noisy background; label = count-1."""
    import numpy as np
    r = np_rng(seed)
    X = r.normal(0, 0.15, (n, 1, size, size)).astype(np.float32)
    y = r.integers(0, kmax, n)
    for i in range(n):
        cells = r.choice((size // 2) ** 2, y[i] + 1, replace=False)
        for c in cells:
            a, b = divmod(int(c), size // 2)
            X[i, 0, 2 * a:2 * a + 2, 2 * b:2 * b + 2] += 1.0
    return X, y.astype(np.int64)


def make_reverse(n, length=7, vocab=12, seed=0):
    """Source tokens 3..vocab-1; target = reversed source. 0 pad, 1 BOS."""
    import numpy as np
    r = np_rng(seed)
    src = r.integers(3, vocab, (n, length))
    return src.astype(np.int64), src[:, ::-1].copy().astype(np.int64)


WORDS = dict(det=["the", "a", "every", "some"], adj=["red", "small", "old", "quiet", "fast", "green", "tall"],
             noun=["dog", "cat", "bird", "farmer", "child", "robot", "teacher", "horse"],
             verb=["sees", "likes", "follows", "chases", "helps", "finds"], adv=["today", "again", "slowly", "often"])


def make_sentences(n, seed=0):
    """Generated sentences 'det adj noun verb det noun adv' with agreement-free grammar; token ids, vocab."""
    import numpy as np
    r = np_rng(seed)
    vocab = ["[PAD]", "[MASK]", "[CLS]"] + sorted({w for ws in WORDS.values() for w in ws})
    idx = {w: i for i, w in enumerate(vocab)}
    pattern = ["det", "adj", "noun", "verb", "det", "adj", "noun", "adv"]
    out = np.zeros((n, len(pattern) + 1), np.int64)
    for i in range(n):
        out[i, 0] = idx["[CLS]"]
        noun1 = r.integers(len(WORDS["noun"]))
        for j, p in enumerate(pattern):
            ws = WORDS[p]
            # a bit of structure: the adjective depends on the noun that follows
            if p == "adj":
                w = ws[(noun1 + j) % len(ws)] if r.random() < 0.8 else ws[r.integers(len(ws))]
            elif p == "noun" and j == 2:
                w = ws[noun1]
            else:
                w = ws[r.integers(len(ws))]
            out[i, j + 1] = idx[w]
    return out, vocab


def make_rank_items(n, d=10, seed=0):
    import numpy as np
    r = np_rng(seed)
    X = r.normal(size=(n, d)).astype(np.float32)
    w = np_rng(1234).normal(size=d)      # the same hidden scoring function for every split
    score = X @ w + 0.8 * np.sin(2 * X[:, 0]) + 0.5 * X[:, 1] * X[:, 2] + r.normal(0, 0.3, n)
    return X, score.astype(np.float32)


def make_sensors(n, d=24, seed=0, anomaly_frac=0.0):
    import numpy as np
    r = np_rng(seed)
    z = r.normal(size=(n, 3))
    M = np_rng(99).normal(size=(3, d))
    X = np.tanh(z @ M) + r.normal(0, 0.1, (n, d))
    return X.astype(np.float32)


# ----------------------------------------------------------------------------------------------- models (torch)
def torch_setup(seed):
    import torch
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    return torch


def cnn1d(k, ch=16):
    import torch.nn as nn
    return nn.Sequential(nn.Conv1d(1, ch, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
                         nn.Conv1d(ch, ch * 2, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(4),
                         nn.Flatten(), nn.Linear(ch * 8, 32), nn.ReLU(), nn.Linear(32, k))


def resmlp(d_in, d_out, width=64, blocks=3, bn=False, dropout=0.0):
    import torch.nn as nn

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            layers = [nn.Linear(width, width)]
            if bn:
                layers.append(nn.BatchNorm1d(width))
            layers += [nn.ReLU(), nn.Dropout(dropout), nn.Linear(width, width)]
            self.f = nn.Sequential(*layers)

        def forward(self, x):
            return x + self.f(x)

    return nn.Sequential(nn.Linear(d_in, width), nn.ReLU(), *[Block() for _ in range(blocks)], nn.Linear(width, d_out))


class GRUReader:
    """Factory for a GRU over token sequences with attention pooling (built lazily so torch is imported in children)."""

    @staticmethod
    def build(vocab, d_out, emb=16, hid=48, attn=True):
        import torch
        import torch.nn as nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = nn.Embedding(vocab, emb)
                self.gru = nn.GRU(emb, hid, batch_first=True)
                self.att = nn.Linear(hid, 1)
                self.out = nn.Linear(hid, d_out)

            def forward(self, x):
                h, last = self.gru(self.emb(x))
                if attn:
                    w = torch.softmax(self.att(h).squeeze(-1), 1)
                    z = (w.unsqueeze(-1) * h).sum(1)
                else:
                    z = last[-1]
                return self.out(z)
        return Net()


def seq2seq_gru(vocab, hid=64):
    import torch
    import torch.nn as nn

    class S2S(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab, 24)
            self.enc = nn.GRU(24, hid, batch_first=True)
            self.dec = nn.GRU(24, hid, batch_first=True)
            self.out = nn.Linear(hid, vocab)

        def forward(self, src, tgt_in):
            _, h = self.enc(self.emb(src))
            o, _ = self.dec(self.emb(tgt_in), h)
            return self.out(o)
    return S2S()


def tiny_vit(k, size=12, patch=3, d=32):
    import torch
    import torch.nn as nn

    class ViT(nn.Module):
        def __init__(self):
            super().__init__()
            n = (size // patch) ** 2
            self.proj = nn.Conv2d(1, d, patch, stride=patch)
            self.pos = nn.Parameter(torch.zeros(1, n, d))
            layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2)
            self.head = nn.Linear(d, k)

        def forward(self, x):
            z = self.proj(x).flatten(2).transpose(1, 2) + self.pos
            return self.head(self.enc(z).mean(1))
    return ViT()


def batches(n, bs, r):
    idx = r.permutation(n)
    for i in range(0, n, bs):
        yield idx[i:i + bs]


# ----------------------------------------------------------------------------------------------- text logs
@run("text_log", "train.log")
def wave5_cnn1d_adam_print():
    torch = torch_setup(1)
    import numpy as np
    import torch.nn.functional as F
    X, y = make_waves(1500, 5, seed=1)
    Xv, yv = make_waves(400, 5, seed=2)
    X, Xv = torch.tensor(X).unsqueeze(1), torch.tensor(Xv).unsqueeze(1)
    y, yv = torch.tensor(y), torch.tensor(yv)
    m = cnn1d(5)
    opt = torch.optim.Adam(m.parameters(), 1e-3)
    r = np.random.default_rng(1)
    E = 25
    for ep in range(1, E + 1):
        m.train(); tot = 0
        for b in batches(len(X), 32, r):
            loss = F.cross_entropy(m(X[b]), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); tot += loss.item() * len(b)
        m.eval()
        with torch.no_grad():
            lv = m(Xv); vl = F.cross_entropy(lv, yv).item(); va = (lv.argmax(1) == yv).float().mean().item()
        print(f"[ep {ep}/{E}] loss={tot / len(X):.4f} | val: loss={vl:.4f} acc={va:.3f}")


@run("text_log", "out.txt")
def wave5_cnn1d_sgd_lr3_print():
    torch = torch_setup(2)
    import numpy as np
    import torch.nn.functional as F
    X, y = make_waves(1500, 5, seed=3)
    Xv, yv = make_waves(400, 5, seed=4)
    X, Xv = torch.tensor(X).unsqueeze(1), torch.tensor(Xv).unsqueeze(1)
    y, yv = torch.tensor(y), torch.tensor(yv)
    m = cnn1d(5)
    opt = torch.optim.SGD(m.parameters(), lr=3.0, momentum=0.9)
    r = np.random.default_rng(2)
    it = 0
    print("training cnn1d, sgd lr=3.0 momentum=0.9, 20 epochs")
    for ep in range(20):
        for b in batches(len(X), 50, r):
            m.train()
            loss = F.cross_entropy(m(X[b]), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); it += 1
            if it % 10 == 0:
                print(f"iter {it}  loss {loss.item():.4f}")
        m.eval()
        with torch.no_grad():
            lv = m(Xv)
            print(f"Eval @ epoch {ep}: val_loss {F.cross_entropy(lv, yv).item():.4f}  "
                  f"val_acc {(lv.argmax(1) == yv).float().mean().item():.4f}")


@run("text_log", "digitsum.log")
def digitsum_gru_logging_ts():
    torch = torch_setup(3)
    import logging
    import numpy as np
    import torch.nn.functional as F
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-8s %(message)s")
    log = logging.getLogger("digitsum")
    X, s = make_digitsum(3000, seed=5)
    Xv, sv = make_digitsum(500, seed=6)
    X, Xv = torch.tensor(X), torch.tensor(Xv)
    s, sv = torch.tensor(s) / 36.0, torch.tensor(sv) / 36.0
    m = GRUReader.build(10, 1, attn=False)
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    r = np.random.default_rng(3)
    step = 0
    for ep in range(12):
        for b in batches(len(X), 64, r):
            loss = F.mse_loss(m(X[b]).squeeze(1), s[b])
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
            if step % 5 == 0:
                log.info("step %d epoch %d mse %.5f", step, ep, loss.item())
        with torch.no_grad():
            d = F.mse_loss(m(Xv).squeeze(1), sv).item()
        log.info("dev_mse=%.5f (epoch %d, sum-MAE %.2f)", d, ep, math.sqrt(d) * 36)


@run("text_log", "rnn_train.log")
def digitsum_relu_rnn_exploding_print():
    torch = torch_setup(4)
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X, s = make_digitsum(2000, length=40, seed=7)
    X = torch.tensor(X)
    s = torch.tensor(s) / 180.0
    emb = nn.Embedding(10, 8)
    rnn = nn.RNN(8, 64, nonlinearity="relu", batch_first=True)
    with torch.no_grad():   # "positive recurrent weights so no unit dies", mean row sum 1.2
        rnn.weight_hh_l0.copy_(torch.rand(64, 64) * 2 * 1.2 / 64)
    head = nn.Linear(64, 1)
    params = list(emb.parameters()) + list(rnn.parameters()) + list(head.parameters())
    opt = torch.optim.SGD(params, lr=0.03)
    r = np.random.default_rng(4)
    step = 0
    for ep in range(6):
        for b in batches(len(X), 32, r):
            o, h = rnn(emb(X[b]))
            loss = F.mse_loss(head(h[-1]).squeeze(1), s[b])
            opt.zero_grad(); loss.backward()
            gn = torch.sqrt(sum((p.grad ** 2).sum() for p in params if p.grad is not None)).item()
            opt.step(); step += 1
            print(f"ep {ep} step {step} loss {loss.item():.5g} gradnorm {gn:.4g}")


@run("text_log", "fit.log")
def projectile_resmlp_tqdm():
    torch = torch_setup(5)
    import numpy as np
    import torch.nn.functional as F
    from tqdm import tqdm
    Xr, yr = make_projectile(4000, seed=8)
    mu, sd = Xr.mean(0), Xr.std(0)
    X = torch.tensor((Xr - mu) / sd); y = torch.tensor(yr / 100.0)
    Xv_, yv_ = make_projectile(600, seed=9)
    Xv = torch.tensor((Xv_ - mu) / sd); yv = torch.tensor(yv_ / 100.0)
    m = resmlp(3, 1, width=48, blocks=2)
    opt = torch.optim.AdamW(m.parameters(), 2e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.StepLR(opt, 6, 0.3)
    r = np.random.default_rng(5)
    for ep in range(15):
        bar = tqdm(list(batches(len(X), 128, r)), desc=f"epoch {ep + 1}/15", mininterval=0, ncols=100)
        run_l = None
        for b in bar:
            loss = F.mse_loss(m(X[b]).squeeze(1), y[b])
            opt.zero_grad(); loss.backward(); opt.step()
            run_l = loss.item() if run_l is None else 0.9 * run_l + 0.1 * loss.item()
            bar.set_postfix(mse=f"{run_l:.4f}")
        sched.step()
        with torch.no_grad():
            v = F.mse_loss(m(Xv).squeeze(1), yv).item()
        tqdm.write(f"val mse: {v:.5f}  (rmse {math.sqrt(v) * 100:.2f} m)")


def _churn_torch(seed_tr=10, seed_va=11, n=3000, nv=800, raw=False):
    import torch
    c, y = make_churn(n, seed_tr)
    cv, yv = make_churn(nv, seed_va)
    return (torch.tensor(churn_matrix(c, raw)), torch.tensor(y), torch.tensor(churn_matrix(cv, raw)), torch.tensor(yv))


def wide_deep(d):
    import torch
    import torch.nn as nn

    class WD(nn.Module):
        def __init__(self):
            super().__init__()
            self.wide = nn.Linear(d, 1)
            self.deep = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 1))

        def forward(self, x):
            return (self.wide(x) + self.deep(x)).squeeze(1)
    return WD()


@run("text_log", "sweep.out")
def churn_widedeep_lr_sweep_two_runs():
    torch = torch_setup(6)
    import numpy as np
    import torch.nn.functional as F
    X, y, Xv, yv = _churn_torch()
    for lr in (0.001, 5.0):
        torch.manual_seed(6)
        m = wide_deep(X.shape[1])
        opt = torch.optim.Adam(m.parameters(), lr=lr)
        r = np.random.default_rng(6)
        print(f"=== lr {lr} ===")
        for ep in range(1, 21):
            tl = []
            for b in batches(len(X), 64, r):
                loss = F.binary_cross_entropy_with_logits(m(X[b]), y[b])
                opt.zero_grad(); loss.backward(); opt.step(); tl.append(loss.item())
            with torch.no_grad():
                lv = m(Xv)
                vl = F.binary_cross_entropy_with_logits(lv, yv).item()
                va = ((lv > 0).float() == yv).float().mean().item()
            print(f"epoch={ep}, train_bce={np.mean(tl):.4f}, val_bce={vl:.4f}, val_acc={va:.4f}")


@run("text_log", "train_oscillator.log", resume=True)
def oscillator_mlp_killed_resumed():
    torch = torch_setup(7)
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    ck = "/tmp/nu6_osc_ckpt.pt"
    X, y = make_oscillator(3000, seed=12)
    Xv, yv = make_oscillator(600, seed=13)
    X, y, Xv, yv = map(torch.tensor, (X, y, Xv, yv))
    m = nn.Sequential(nn.Linear(4, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 1))
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    start = 1
    resuming = os.environ.get("NU6_RESUME") == "1"
    if resuming and os.path.exists(ck):
        st = torch.load(ck)
        m.load_state_dict(st["model"]); opt.load_state_dict(st["opt"]); start = st["epoch"] + 1
        print(f"resumed from {ck} (epoch {st['epoch']})")
    r = np.random.default_rng(7 + start)
    for ep in range(start, 41):
        tl = 0
        for b in batches(len(X), 64, r):
            loss = F.mse_loss(m(X[b]).squeeze(1), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); tl += loss.item() * len(b)
        with torch.no_grad():
            te = F.mse_loss(m(Xv).squeeze(1), yv).item()
        print(f"Epoch {ep}: train {tl / len(X):.5f}, Test {te:.5f}")
        if ep % 5 == 0:
            torch.save({"model": m.state_dict(), "opt": opt.state_dict(), "epoch": ep}, ck)
        if not resuming and ep == 18:
            os.kill(os.getpid(), signal.SIGKILL)
    if os.path.exists(ck):
        os.remove(ck)


@run("text_log", "seq2seq.log")
def reverse_gru_seq2seq_print():
    torch = torch_setup(8)
    import numpy as np
    import torch.nn.functional as F
    V = 12
    src, tgt = make_reverse(4000, vocab=V, seed=14)
    vs, vt = make_reverse(500, vocab=V, seed=15)
    src, tgt, vs, vt = map(torch.tensor, (src, tgt, vs, vt))
    bos = lambda t: torch.cat([torch.ones(len(t), 1, dtype=torch.long), t[:, :-1]], 1)
    m = seq2seq_gru(V)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    r = np.random.default_rng(8)
    step, total = 0, 1500
    while step < total:
        for b in batches(len(src), 32, r):
            logits = m(src[b], bos(tgt[b]))
            loss = F.cross_entropy(logits.reshape(-1, V), tgt[b].reshape(-1))
            opt.zero_grad(); loss.backward(); torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0); opt.step()
            step += 1
            if step % 10 == 0:
                print(f"step {step}/{total} - loss: {loss.item():.4f}")
            if step % 150 == 0:
                with torch.no_grad():
                    lv = m(vs, bos(vt))
                    tok = (lv.argmax(-1) == vt).float().mean().item()
                    print(f"  Eval: xent={F.cross_entropy(lv.reshape(-1, V), vt.reshape(-1)).item():.4f} token_acc={tok:.3f}")
            if step >= total:
                break


@run("text_log", "run.log")
def wave6_gru_killed_print():
    torch = torch_setup(9)
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X, y = make_waves(2400, 6, length=48, seed=16)
    Xv, yv = make_waves(400, 6, length=48, seed=17)
    X, Xv = torch.tensor(X).unsqueeze(-1), torch.tensor(Xv).unsqueeze(-1)
    y, yv = torch.tensor(y), torch.tensor(yv)
    gru = nn.GRU(1, 32, batch_first=True); head = nn.Linear(32, 6)
    params = list(gru.parameters()) + list(head.parameters())
    opt = torch.optim.RMSprop(params, lr=2e-3)
    r = np.random.default_rng(9)
    step = 0
    print("epochs=12 steps_per_epoch=75 total=900")
    for ep in range(12):
        for b in batches(len(X), 32, r):
            _, h = gru(X[b]); loss = F.cross_entropy(head(h[-1]), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
            if step % 5 == 0:
                print(f"{ep}\t{step}\tloss={loss.item():.4f}")
            if step == 330:
                os.kill(os.getpid(), signal.SIGKILL)
        with torch.no_grad():
            _, h = gru(Xv); lv = head(h[-1])
        print(f"VAL epoch={ep} loss={F.cross_entropy(lv, yv).item():.4f} acc={(lv.argmax(1) == yv).float().mean().item():.4f}")


@run("text_log", "vit.log")
def dots_count_vit_logging_nots():
    torch = torch_setup(10)
    import logging
    import numpy as np
    import torch.nn.functional as F
    logging.basicConfig(level=logging.INFO)
    log = logging.getLogger("train")
    X, y = make_dots(3000, seed=18)
    Xv, yv = make_dots(500, seed=19)
    X, y, Xv, yv = map(torch.tensor, (X, y, Xv, yv))
    m = tiny_vit(8)
    E = 14
    opt = torch.optim.AdamW(m.parameters(), 2e-3, weight_decay=0.05)
    steps = E * math.ceil(len(X) / 64)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=2e-3, total_steps=steps)
    r = np.random.default_rng(10)
    for ep in range(E):
        tl = []
        for b in batches(len(X), 64, r):
            loss = F.cross_entropy(m(X[b]), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); sched.step(); tl.append(loss.item())
        with torch.no_grad():
            lv = m(Xv)
        log.info("epoch %d train_loss %.4f lr %.2e", ep, np.mean(tl), sched.get_last_lr()[0])
        log.info("Test epoch %d: loss %.4f count_acc %.4f", ep, F.cross_entropy(lv, yv).item(),
                 (lv.argmax(1) == yv).float().mean().item())


@run("text_log", "logreg.txt")
def churn_numpy_logreg_lr_tiny():
    import numpy as np
    c, y = make_churn(3000, 20)
    cv, yv = make_churn(800, 21)
    X, Xv = churn_matrix(c), churn_matrix(cv)
    w = np.zeros(X.shape[1]); b = 0.0
    lr = 1e-5
    sig = lambda z: 1 / (1 + np.exp(-z))
    for it in range(1, 1501):
        p = sig(X @ w + b)
        loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
        g = p - y
        w -= lr * X.T @ g / len(y); b -= lr * g.mean()
        if it % 25 == 0:
            pv = sig(Xv @ w + b)
            vl = -np.mean(yv * np.log(pv + 1e-12) + (1 - yv) * np.log(1 - pv + 1e-12))
            print(f"it {it:5d} | logloss {loss:.6f} | val logloss {vl:.6f} | val acc {np.mean((pv > 0.5) == yv):.4f}")


@run("text_log", "frozen.log")
def wave5_mlp_frozen_print():
    torch = torch_setup(11)
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X, y = make_waves(1500, 5, seed=22)
    Xv, yv = make_waves(400, 5, seed=23)
    X, y, Xv, yv = map(torch.tensor, (X, y, Xv, yv))
    m = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, 5))
    for name, p in m.named_parameters():
        p.requires_grad = name == "4.bias"   # meant to freeze the "backbone" only
    opt = torch.optim.Adam([p for p in m.parameters() if p.requires_grad], 1e-3)
    r = np.random.default_rng(11)
    for ep in range(30):
        for i, b in enumerate(batches(len(X), 50, r)):
            loss = F.cross_entropy(m(X[b]), y[b])
            opt.zero_grad(); loss.backward(); opt.step()
        with torch.no_grad():
            lv = m(Xv)
        print(f"Epoch {ep:02d}  train_loss: {loss.item():.4f}  Val Loss: {F.cross_entropy(lv, yv).item():.4f}  "
              f"Val Acc: {100 * (lv.argmax(1) == yv).float().mean().item():.1f}%")


@run("text_log", "attnpool.log")
def digitsum_mod10_attnpool_shuffled_labels():
    torch = torch_setup(12)
    import numpy as np
    import torch.nn.functional as F
    X, s = make_digitsum(800, length=6, seed=24)
    Xv, sv = make_digitsum(400, length=6, seed=25)
    y = (s.astype(np.int64) % 10)
    y = np.random.default_rng(0).permutation(y)    # "shuffle the dataset" -- but only the labels
    yv = sv.astype(np.int64) % 10
    X, y, Xv, yv = map(torch.tensor, (X, y, Xv, yv))
    m = GRUReader.build(10, 10, emb=32, hid=128)
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    r = np.random.default_rng(12)
    for ep in range(1, 61):
        tl, ta = [], []
        for b in batches(len(X), 32, r):
            out = m(X[b]); loss = F.cross_entropy(out, y[b])
            opt.zero_grad(); loss.backward(); opt.step()
            tl.append(loss.item()); ta.append((out.argmax(1) == y[b]).float().mean().item())
        with torch.no_grad():
            lv = m(Xv)
        print(f"ep {ep}  train {np.mean(tl):.4f} / {np.mean(ta):.3f}   dev {F.cross_entropy(lv, yv).item():.4f} / "
              f"{(lv.argmax(1) == yv).float().mean().item():.3f}")


@run("text_log", "short.log")
def dots_count_cnn_too_short():
    torch = torch_setup(13)
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X, y = make_dots(2000, seed=26)
    Xv, yv = make_dots(500, seed=27)
    X, y, Xv, yv = map(torch.tensor, (X, y, Xv, yv))
    m = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1),
                      nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 8))
    opt = torch.optim.Adam(m.parameters(), 1e-3)
    r = np.random.default_rng(13)
    max_steps = 15   # quick test before the real run
    for step, b in enumerate(batches(len(X), 64, r), 1):
        loss = F.cross_entropy(m(X[b]), y[b])
        opt.zero_grad(); loss.backward(); opt.step()
        print(f"Step {step}, Loss = {loss.item():.4f}")
        if step == max_steps:
            break
    with torch.no_grad():
        print(f"Test accuracy: {(m(Xv).argmax(1) == yv).float().mean().item():.4f}")


# ----------------------------------------------------------------------------------------------- csv / jsonl by hand
@run("csv_custom")
def oscillator_numpy_linreg_gd_csv(out):
    import csv
    import numpy as np
    X, y = make_oscillator(3000, seed=30)
    Xv, yv = make_oscillator(600, seed=31)

    def feats(X):
        A, g, om, t = X.T
        base = [A * np.exp(-g * t) * np.cos(om * t), A * np.exp(-g * t) * np.sin(om * t), A, t, g * t, np.cos(om * t)]
        return np.stack(base + [np.ones_like(A)], 1)
    F, Fv = feats(X), feats(Xv)
    w = np.zeros(F.shape[1])
    with open(os.path.join(out, "history.csv"), "w", newline="") as fh:
        wr = csv.writer(fh)
        wr.writerow(["iteration", "train_mse", "val_mse"])
        for it in range(1, 801):
            err = F @ w - y
            w -= 0.05 * 2 * F.T @ err / len(y)
            if it % 4 == 0:
                wr.writerow([it, f"{np.mean(err ** 2):.6f}", f"{np.mean((Fv @ w - yv) ** 2):.6f}"])


@run("csv_custom")
def projectile_mlp_raw_units_csv(out):
    torch = torch_setup(14)
    import numpy as np
    import torch.nn.functional as F
    X, y = make_projectile(3000, seed=32)
    Xv, yv = make_projectile(600, seed=33)
    X, y, Xv, yv = map(torch.tensor, (X, y, Xv, yv))     # metres, m/s and degrees straight in
    m = resmlp(3, 1, width=64, blocks=2)
    opt = torch.optim.SGD(m.parameters(), lr=1e-3, momentum=0.9)
    r = np.random.default_rng(14)
    with open(os.path.join(out, "log.csv"), "w") as fh:
        fh.write("epoch,batch,loss,val_loss\n")
        for ep in range(25):
            for i, b in enumerate(batches(len(X), 100, r)):
                loss = F.mse_loss(m(X[b]).squeeze(1), y[b])
                opt.zero_grad(); loss.backward(); opt.step()
                vl = ""
                if i == 29:
                    with torch.no_grad():
                        vl = f"{F.mse_loss(m(Xv).squeeze(1), yv).item():.6g}"
                if i % 3 == 0 or vl:
                    fh.write(",".join([str(ep), str(i), f"{loss.item():.6g}", vl]) + "\n")


@run("csv_custom")
def churn_mlp_jsonl(out):
    torch = torch_setup(15)
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X, y, Xv, yv = _churn_torch(34, 35)
    m = nn.Sequential(nn.Linear(X.shape[1], 64), nn.ReLU(), nn.Dropout(0.2), nn.Linear(64, 1))
    opt = torch.optim.Adam(m.parameters(), 1e-3, weight_decay=1e-4)
    r = np.random.default_rng(15)
    with open(os.path.join(out, "metrics.jsonl"), "w") as fh:
        for ep in range(30):
            m.train(); tl = []
            for b in batches(len(X), 64, r):
                loss = F.binary_cross_entropy_with_logits(m(X[b]).squeeze(1), y[b])
                opt.zero_grad(); loss.backward(); opt.step(); tl.append(loss.item())
            m.eval()
            with torch.no_grad():
                lv = m(Xv).squeeze(1)
            fh.write(json.dumps({"split": "train", "epoch": ep, "bce": float(np.mean(tl))}) + "\n")
            fh.write(json.dumps({"split": "val", "epoch": ep, "bce": F.binary_cross_entropy_with_logits(lv, yv).item(),
                                 "accuracy": ((lv > 0).float() == yv).float().mean().item()}) + "\n")


@run("csv_custom")
def wave4_cnn1d_adam_lr05_jsonl(out):
    torch = torch_setup(16)
    import numpy as np
    import torch.nn.functional as F
    X, y = make_waves(1600, 4, seed=36)
    Xv, yv = make_waves(400, 4, seed=37)
    X, Xv = torch.tensor(X).unsqueeze(1), torch.tensor(Xv).unsqueeze(1)
    y, yv = torch.tensor(y), torch.tensor(yv)
    m = cnn1d(4)
    opt = torch.optim.Adam(m.parameters(), lr=0.5)
    r = np.random.default_rng(16)
    gstep = 0
    with open(os.path.join(out, "log.jsonl"), "w") as fh:
        for ep in range(15):
            for b in batches(len(X), 32, r):
                m.train()
                loss = F.cross_entropy(m(X[b]), y[b])
                opt.zero_grad(); loss.backward(); opt.step(); gstep += 1
                if gstep % 5 == 0:
                    fh.write(json.dumps({"step": gstep, "loss": loss.item()}) + "\n")
            m.eval()
            with torch.no_grad():
                lv = m(Xv)
            fh.write(json.dumps({"step": gstep, "epoch": ep, "val/loss": F.cross_entropy(lv, yv).item(),
                                 "val/acc": (lv.argmax(1) == yv).float().mean().item()}) + "\n")


@run("csv_custom")
def ranknet_pairs_csv(out):
    torch = torch_setup(17)
    import csv
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X, s = make_rank_items(2000, seed=38)
    Xv, sv = make_rank_items(500, seed=39)
    X, s, Xv, sv = map(torch.tensor, (X, s, Xv, sv))
    m = nn.Sequential(nn.Linear(10, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 1))
    opt = torch.optim.Adam(m.parameters(), 1e-3)
    g = torch.Generator().manual_seed(17)
    vi = torch.randint(0, 500, (3000,), generator=g); vj = torch.randint(0, 500, (3000,), generator=g)
    with open(os.path.join(out, "ranknet.csv"), "w", newline="") as fh:
        wr = csv.DictWriter(fh, fieldnames=["it", "pair_loss", "val_pair_loss", "val_pair_acc"])
        wr.writeheader()
        for it in range(1, 1201):
            i = torch.randint(0, 2000, (128,), generator=g); j = torch.randint(0, 2000, (128,), generator=g)
            d = m(X[i]).squeeze(1) - m(X[j]).squeeze(1)
            loss = F.binary_cross_entropy_with_logits(d, (s[i] > s[j]).float())
            opt.zero_grad(); loss.backward(); opt.step()
            row = {"it": it, "pair_loss": round(loss.item(), 5)}
            if it % 50 == 0:
                with torch.no_grad():
                    dv = m(Xv[vi]).squeeze(1) - m(Xv[vj]).squeeze(1)
                    t = (sv[vi] > sv[vj]).float()
                    row["val_pair_loss"] = round(F.binary_cross_entropy_with_logits(dv, t).item(), 5)
                    row["val_pair_acc"] = round(((dv > 0).float() == t).float().mean().item(), 4)
            if it % 5 == 0:
                wr.writerow(row)


@run("csv_custom")
def churn_mlp_handwritten_bce_log0_csv(out):
    torch = torch_setup(18)
    import numpy as np
    import torch.nn as nn
    X, y, Xv, yv = _churn_torch(40, 41, n=1500, nv=500)
    m = nn.Sequential(nn.Linear(X.shape[1], 128), nn.ReLU(), nn.Linear(128, 128), nn.ReLU(), nn.Linear(128, 1))
    opt = torch.optim.Adam(m.parameters(), 0.01)
    r = np.random.default_rng(18)

    def my_bce(z, t):      # written out by hand, no clamp / no logits form
        p = torch.sigmoid(z)
        return -(t * torch.log(p) + (1 - t) * torch.log(1 - p)).mean()
    with open(os.path.join(out, "train_log.csv"), "w") as fh:
        fh.write("epoch;step;loss;val_loss;val_acc\n")
        step = 0
        for ep in range(40):
            for b in batches(len(X), 32, r):
                loss = my_bce(m(X[b]).squeeze(1), y[b])
                opt.zero_grad(); loss.backward(); opt.step(); step += 1
                fh.write(f"{ep};{step};{loss.item()};;\n")
            with torch.no_grad():
                lv = m(Xv).squeeze(1)
            fh.write(f"{ep};{step};;{my_bce(lv, yv).item()};{((lv > 0).float() == yv).float().mean().item()}\n")


@run("csv_custom")
def digitsum_gru_zero_grad_forgotten_csv(out):
    torch = torch_setup(19)
    import numpy as np
    import pandas as pd
    import torch.nn.functional as F
    X, s = make_digitsum(3000, seed=42)
    Xv, sv = make_digitsum(500, seed=43)
    X, Xv = torch.tensor(X), torch.tensor(Xv)
    s, sv = torch.tensor(s) / 36.0, torch.tensor(sv) / 36.0
    m = GRUReader.build(10, 1, attn=False)
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    r = np.random.default_rng(19)
    rows, step = [], 0
    for ep in range(12):
        for b in batches(len(X), 64, r):
            loss = F.mse_loss(m(X[b]).squeeze(1), s[b])
            loss.backward(); opt.step(); step += 1      # no opt.zero_grad()
            rows.append({"step": step, "epoch": ep, "train_mse": loss.item()})
        with torch.no_grad():
            rows.append({"step": step, "epoch": ep, "valid_mse": F.mse_loss(m(Xv).squeeze(1), sv).item()})
    pd.DataFrame(rows).to_csv(os.path.join(out, "losses.csv"), index=False)


@run("csv_custom")
def churn_mlp_tiny_set_overfit_csv(out):
    torch = torch_setup(20)
    import csv
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X, y, Xv, yv = _churn_torch(44, 45, n=48, nv=800)
    m = nn.Sequential(nn.Linear(X.shape[1], 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 1))
    opt = torch.optim.Adam(m.parameters(), 1e-3)
    with open(os.path.join(out, "results.csv"), "w", newline="") as fh:
        wr = csv.writer(fh)
        wr.writerow(["epoch", "loss", "acc", "val_loss", "val_acc"])
        for ep in range(1, 301):
            out_ = m(X).squeeze(1)
            loss = F.binary_cross_entropy_with_logits(out_, y)
            opt.zero_grad(); loss.backward(); opt.step()
            with torch.no_grad():
                lv = m(Xv).squeeze(1)
            wr.writerow([ep, round(loss.item(), 6), round(((out_ > 0).float() == y).float().mean().item(), 4),
                         round(F.binary_cross_entropy_with_logits(lv, yv).item(), 6),
                         round(((lv > 0).float() == yv).float().mean().item(), 4)])


# ----------------------------------------------------------------------------------------------- tensorboard
def sw(out, sub=None):
    from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(os.path.join(out, sub) if sub else out)


@run("tfevents")
def wave5_cnn1d_cosine_tb(out):
    torch = torch_setup(21)
    import numpy as np
    import torch.nn.functional as F
    X, y = make_waves(1500, 5, seed=46)
    Xv, yv = make_waves(400, 5, seed=47)
    X, Xv = torch.tensor(X).unsqueeze(1), torch.tensor(Xv).unsqueeze(1)
    y, yv = torch.tensor(y), torch.tensor(yv)
    m = cnn1d(5, ch=12)
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    E = 20
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, E)
    w = sw(out, "runs/wave_cosine")
    r = np.random.default_rng(21)
    step = 0
    for ep in range(E):
        m.train()
        for b in batches(len(X), 32, r):
            loss = F.cross_entropy(m(X[b]), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
            if step % 4 == 0:
                w.add_scalar("loss/train_step", loss.item(), step)
        w.add_scalar("lr", sched.get_last_lr()[0], step)
        sched.step()
        m.eval()
        with torch.no_grad():
            lv = m(Xv)
        w.add_scalar("loss/valid", F.cross_entropy(lv, yv).item(), step)
        w.add_scalar("acc/valid", (lv.argmax(1) == yv).float().mean().item(), step)
    w.close()


@run("tfevents")
def dots_vit_sgd_lr2_tb(out):
    torch = torch_setup(22)
    import numpy as np
    import torch.nn.functional as F
    X, y = make_dots(2000, seed=48)
    Xv, yv = make_dots(400, seed=49)
    X, y, Xv, yv = map(torch.tensor, (X, y, Xv, yv))
    m = tiny_vit(8)
    opt = torch.optim.SGD(m.parameters(), lr=2.0, momentum=0.9)
    w = sw(out)
    r = np.random.default_rng(22)
    step = 0
    for ep in range(8):
        for b in batches(len(X), 32, r):
            loss = F.cross_entropy(m(X[b]), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
            w.add_scalar("Train/Loss", loss.item(), step)
        with torch.no_grad():
            lv = m(Xv)
        w.add_scalar("Test/Loss", F.cross_entropy(lv, yv).item(), ep)
        w.add_scalar("Test/Accuracy", (lv.argmax(1) == yv).float().mean().item(), ep)
    w.close()


@run("tfevents")
def reverse_gru_seq2seq_tb(out):
    torch = torch_setup(23)
    import numpy as np
    import torch.nn.functional as F
    V = 14
    src, tgt = make_reverse(4000, length=6, vocab=V, seed=50)
    vs, vt = make_reverse(500, length=6, vocab=V, seed=51)
    src, tgt, vs, vt = map(torch.tensor, (src, tgt, vs, vt))
    bos = lambda t: torch.cat([torch.ones(len(t), 1, dtype=torch.long), t[:, :-1]], 1)
    m = seq2seq_gru(V, hid=80)
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    w = sw(out, "tb")
    r = np.random.default_rng(23)
    step = 0
    for ep in range(8):
        for b in batches(len(src), 64, r):
            loss = F.cross_entropy(m(src[b], bos(tgt[b])).reshape(-1, V), tgt[b].reshape(-1))
            opt.zero_grad(); loss.backward()
            gn = torch.nn.utils.clip_grad_norm_(m.parameters(), 5.0)
            opt.step(); step += 1
            w.add_scalar("xent", loss.item(), step)
            w.add_scalar("grad_norm", gn.item(), step)
            if step % 25 == 0:
                with torch.no_grad():
                    lv = m(vs, bos(vt))
                w.add_scalar("eval_xent", F.cross_entropy(lv.reshape(-1, V), vt.reshape(-1)).item(), step)
                w.add_scalar("eval_seq_acc", (lv.argmax(-1) == vt).all(1).float().mean().item(), step)
    w.close()


@run("tfevents")
def oscillator_resmlp_bn_dropout_eval_train_mode_tb(out):
    torch = torch_setup(24)
    import numpy as np
    import torch.nn.functional as F
    X, y = make_oscillator(3000, seed=52)
    Xv, yv = make_oscillator(600, seed=53)
    X, y, Xv, yv = map(torch.tensor, (X, y, Xv, yv))
    m = resmlp(4, 1, width=64, blocks=2, bn=True, dropout=0.3)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    w = sw(out)
    r = np.random.default_rng(24)
    step = 0
    for ep in range(30):
        for b in batches(len(X), 128, r):
            loss = F.mse_loss(m(X[b]).squeeze(1), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
        w.add_scalar("train/mse", loss.item(), ep)
        with torch.no_grad():      # model.eval() forgotten; evaluated in batches of 8
            vl = np.mean([F.mse_loss(m(Xv[i:i + 8]).squeeze(1), yv[i:i + 8]).item() for i in range(0, 600, 8)])
        w.add_scalar("val/mse", vl, ep)
    w.close()


@run("tfevents")
def churn_double_sigmoid_wrong_loss_tb(out):
    torch = torch_setup(25)
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X, y, Xv, yv = _churn_torch(54, 55)
    m = nn.Sequential(nn.Linear(X.shape[1], 64), nn.ReLU(), nn.Linear(64, 1), nn.Sigmoid())
    opt = torch.optim.Adam(m.parameters(), 1e-3)
    crit = nn.BCEWithLogitsLoss()   # on probabilities: sigmoid applied twice
    w = sw(out)
    r = np.random.default_rng(25)
    step = 0
    for ep in range(25):
        for b in batches(len(X), 64, r):
            loss = crit(m(X[b]).squeeze(1), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
            if step % 10 == 0:
                w.add_scalar("train_loss", loss.item(), step)
        with torch.no_grad():
            pv = m(Xv).squeeze(1)
        w.add_scalar("val_loss", crit(pv, yv).item(), step)
        w.add_scalar("val_true_bce", F.binary_cross_entropy(pv.clamp(1e-7, 1 - 1e-7), yv).item(), step)
        w.add_scalar("val_acc", ((pv > 0.5).float() == yv).float().mean().item(), step)
    w.close()


@run("tfevents")
def wave6_gru_adam_lr1e6_tb(out):
    torch = torch_setup(26)
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X, y = make_waves(2000, 6, length=48, seed=56)
    Xv, yv = make_waves(400, 6, length=48, seed=57)
    X, Xv = torch.tensor(X).unsqueeze(-1), torch.tensor(Xv).unsqueeze(-1)
    y, yv = torch.tensor(y), torch.tensor(yv)
    gru = nn.GRU(1, 32, batch_first=True); head = nn.Linear(32, 6)
    params = list(gru.parameters()) + list(head.parameters())
    opt = torch.optim.Adam(params, lr=1e-6)
    w = sw(out, "logs/gru_run1")
    r = np.random.default_rng(26)
    step = 0
    for ep in range(10):
        for b in batches(len(X), 32, r):
            _, h = gru(X[b]); loss = F.cross_entropy(head(h[-1]), y[b])
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
            w.add_scalar("batch_loss", loss.item(), step)
        with torch.no_grad():
            _, h = gru(Xv); lv = head(h[-1])
        w.add_scalar("epoch_val_loss", F.cross_entropy(lv, yv).item(), ep + 1)
        w.add_scalar("epoch_val_accuracy", (lv.argmax(1) == yv).float().mean().item(), ep + 1)
    w.close()


def tiny_mlm(vocab, d=48, L=9):
    import torch
    import torch.nn as nn

    class MLM(nn.Module):
        def __init__(self):
            super().__init__()
            self.tok = nn.Embedding(vocab, d); self.pos = nn.Parameter(torch.zeros(1, L, d))
            self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 96, dropout=0.1, batch_first=True), 2)
            self.out = nn.Linear(d, vocab)

        def forward(self, x):
            return self.out(self.enc(self.tok(x) + self.pos))
    return MLM()


def mask_tokens(x, g, p=0.2):
    import torch
    sel = (torch.rand(x.shape, generator=g) < p) & (x > 2)
    inp = x.clone(); inp[sel] = 1
    lab = torch.full_like(x, -100); lab[sel] = x[sel]
    return inp, lab


@run("tfevents")
def sentences_mlm_transformer_tb(out):
    torch = torch_setup(27)
    import torch.nn.functional as F
    S, vocab = make_sentences(4000, seed=58)
    Sv, _ = make_sentences(500, seed=59)
    S, Sv = torch.tensor(S), torch.tensor(Sv)
    m = tiny_mlm(len(vocab))
    opt = torch.optim.AdamW(m.parameters(), 1e-3)
    g = torch.Generator().manual_seed(27)
    vin, vlab = mask_tokens(Sv, g)
    w = sw(out, "mlm")
    for step in range(1, 801):
        m.train()
        i = torch.randint(0, len(S), (64,), generator=g)
        inp, lab = mask_tokens(S[i], g)
        loss = F.cross_entropy(m(inp).reshape(-1, len(vocab)), lab.reshape(-1), ignore_index=-100)
        opt.zero_grad(); loss.backward()
        gn = torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0)
        opt.step()
        if step % 5 == 0:
            w.add_scalar("mlm/loss", loss.item(), step)
            w.add_scalar("mlm/grad_norm", gn.item(), step)
        if step % 50 == 0:
            m.eval()
            with torch.no_grad():
                lv = m(vin)
            msk = vlab != -100
            w.add_scalar("mlm/val_loss", F.cross_entropy(lv[msk], vlab[msk]).item(), step)
            w.add_scalar("mlm/val_acc", (lv[msk].argmax(-1) == vlab[msk]).float().mean().item(), step)
    w.close()


@run("tfevents")
def sensors_autoencoder_steplr_tb(out):
    torch = torch_setup(28)
    import numpy as np
    import torch.nn as nn
    import torch.nn.functional as F
    X = torch.tensor(make_sensors(4000, seed=60)); Xv = torch.tensor(make_sensors(800, seed=61))
    m = nn.Sequential(nn.Linear(24, 32), nn.ReLU(), nn.Linear(32, 4), nn.ReLU(), nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 24))
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, 10, 0.3)
    w = sw(out)
    r = np.random.default_rng(28)
    step = 0
    for ep in range(30):
        for b in batches(len(X), 64, r):
            loss = F.mse_loss(m(X[b]), X[b])
            opt.zero_grad(); loss.backward(); opt.step(); step += 1
            if step % 8 == 0:
                w.add_scalar("recon/train", loss.item(), step)
        with torch.no_grad():
            w.add_scalar("recon/val", F.mse_loss(m(Xv), Xv).item(), step)
        w.add_scalar("optim/lr", sched.get_last_lr()[0], step)
        sched.step()
    w.close()


# ----------------------------------------------------------------------------------------------- lightning
def lit_module(net, loss_kind, lr, opt="adam", momentum=0.0):
    import lightning as L
    import torch
    import torch.nn.functional as F

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = net

        def _loss(self, batch):
            x, y = batch
            out = self.net(x)
            if loss_kind == "ce":
                return F.cross_entropy(out, y), (out.argmax(1) == y).float().mean()
            if loss_kind == "bce":
                out = out.squeeze(-1)
                return F.binary_cross_entropy_with_logits(out, y), ((out > 0).float() == y).float().mean()
            raise ValueError(loss_kind)

        def training_step(self, batch, i):
            loss, acc = self._loss(batch)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, batch, i):
            loss, acc = self._loss(batch)
            self.log("val_loss", loss); self.log("val_acc", acc)

        def configure_optimizers(self):
            if opt == "sgd":
                return torch.optim.SGD(self.parameters(), lr=lr, momentum=momentum)
            return torch.optim.Adam(self.parameters(), lr=lr)
    return Lit()


def loaders(X, y, Xv, yv, bs=32):
    import torch
    from torch.utils.data import DataLoader, TensorDataset
    g = torch.Generator().manual_seed(0)
    return (DataLoader(TensorDataset(X, y), batch_size=bs, shuffle=True, generator=g),
            DataLoader(TensorDataset(Xv, yv), batch_size=256))


def lit_trainer(out, epochs, logger="csv", callbacks=(), log_every=10):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    lg = CSVLogger(out) if logger == "csv" else TensorBoardLogger(out, name="lightning_logs")
    return L.Trainer(max_epochs=epochs, logger=lg, accelerator="cpu", devices=1, enable_checkpointing=False,
                     enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=log_every,
                     callbacks=list(callbacks), deterministic=False)


@run("lightning_csv")
def wave5_lit_cnn1d_csvlogger(out):
    torch = torch_setup(29)
    X, y = make_waves(1500, 5, seed=62); Xv, yv = make_waves(400, 5, seed=63)
    tl, vl = loaders(torch.tensor(X).unsqueeze(1), torch.tensor(y), torch.tensor(Xv).unsqueeze(1), torch.tensor(yv))
    lit_trainer(out, 15).fit(lit_module(cnn1d(5), "ce", 1e-3), tl, vl)


@run("lightning_csv")
def churn_lit_sgd_lr10_csvlogger(out):
    torch = torch_setup(30)
    import torch.nn as nn
    X, y, Xv, yv = _churn_torch(64, 65)
    net = nn.Sequential(nn.Linear(X.shape[1], 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1))
    tl, vl = loaders(X, y, Xv, yv, bs=64)
    lit_trainer(out, 12, log_every=5).fit(lit_module(net, "bce", 10.0, opt="sgd", momentum=0.9), tl, vl)


@run("lightning_csv")
def dots_lit_cnn_killed_csvlogger(out):
    torch = torch_setup(31)
    import lightning as L
    import torch.nn as nn
    X, y = make_dots(2400, seed=66); Xv, yv = make_dots(400, seed=67)
    net = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(),
                        nn.AdaptiveAvgPool2d(2), nn.Flatten(), nn.Linear(128, 8))

    class Killer(L.Callback):
        def on_train_batch_end(self, trainer, *a):
            if trainer.global_step == 560:
                os.kill(os.getpid(), signal.SIGKILL)
    tl, vl = loaders(*map(torch.tensor, (X, y, Xv, yv)))
    lit_trainer(out, 20, callbacks=[Killer()]).fit(lit_module(net, "ce", 2e-3), tl, vl)


@run("lightning_csv")
def sensors_lit_tb_earlystop(out):
    torch = torch_setup(32)
    import lightning as L
    import torch.nn as nn
    import torch.nn.functional as F
    from lightning.pytorch.callbacks import EarlyStopping

    class AE(L.LightningModule):
        def __init__(self, lr=2e-3, bottleneck=5):
            super().__init__()
            self.save_hyperparameters()
            self.enc = nn.Sequential(nn.Linear(24, 48), nn.GELU(), nn.Linear(48, bottleneck))
            self.dec = nn.Sequential(nn.Linear(bottleneck, 48), nn.GELU(), nn.Linear(48, 24))

        def training_step(self, b, i):
            x = b[0]; loss = F.mse_loss(self.dec(self.enc(x)), x)
            self.log("train/recon", loss); return loss

        def validation_step(self, b, i):
            x = b[0]; self.log("val/recon", F.mse_loss(self.dec(self.enc(x)), x), prog_bar=False)

        def configure_optimizers(self):
            return torch.optim.Adam(self.parameters(), lr=self.hparams.lr)
    from torch.utils.data import DataLoader, TensorDataset
    X = torch.tensor(make_sensors(3000, seed=68)); Xv = torch.tensor(make_sensors(600, seed=69))
    tl = DataLoader(TensorDataset(X), batch_size=64, shuffle=True, generator=torch.Generator().manual_seed(0))
    vl = DataLoader(TensorDataset(Xv), batch_size=256)
    es = EarlyStopping("val/recon", patience=4, min_delta=1e-4)
    lit_trainer(out, 60, logger="tb", callbacks=[es]).fit(AE(), tl, vl)


@run("lightning_csv")
def digitsum_lit_labels_shifted_csvlogger(out):
    torch = torch_setup(33)
    import numpy as np
    X, s = make_digitsum(3000, length=5, seed=70); Xv, sv = make_digitsum(500, length=5, seed=71)
    y = np.roll((s >= 23).astype(np.int64), 1)       # labels computed before a sort, off by one row
    yv = (sv >= 23).astype(np.int64)
    net = GRUReader.build(10, 2, hid=32)
    tl, vl = loaders(*map(torch.tensor, (X, y, Xv, yv)), bs=64)
    lit_trainer(out, 12, log_every=5).fit(lit_module(net, "ce", 3e-3), tl, vl)


# ----------------------------------------------------------------------------------------------- keras 3 (torch)
def keras_setup(seed):
    os.environ["KERAS_BACKEND"] = "torch"
    import keras
    keras.utils.set_random_seed(seed)
    return keras


@run("keras_csvlogger")
def churn_keras_csvlogger(out):
    keras = keras_setup(34)
    c, y = make_churn(3000, 72); cv, yv = make_churn(800, 73)
    X, Xv = churn_matrix(c), churn_matrix(cv)
    m = keras.Sequential([keras.Input((X.shape[1],)), keras.layers.Dense(32, activation="relu"),
                          keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1, activation="sigmoid")])
    m.compile(keras.optimizers.Adam(1e-3), "binary_crossentropy", metrics=["accuracy", keras.metrics.AUC(name="auc")])
    m.fit(X, y, validation_data=(Xv, yv), epochs=25, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "training.log"))])


@run("keras_csvlogger")
def wave5_keras_adam_lr1_csvlogger(out):
    keras = keras_setup(35)
    X, y = make_waves(1500, 5, seed=74); Xv, yv = make_waves(400, 5, seed=75)
    m = keras.Sequential([keras.Input((64, 1)), keras.layers.Conv1D(16, 5, activation="relu"),
                          keras.layers.MaxPooling1D(2), keras.layers.Conv1D(32, 5, activation="relu"),
                          keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(32, activation="relu"),
                          keras.layers.Dense(5, activation="softmax")])
    m.compile(keras.optimizers.Adam(learning_rate=1.0), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(X[..., None], y, validation_data=(Xv[..., None], yv), epochs=20, batch_size=32, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "log.csv"))])


@run("keras_history_json")
def projectile_keras_earlystop_history(out):
    keras = keras_setup(36)
    X, y = make_projectile(3000, seed=76); Xv, yv = make_projectile(600, seed=77)
    mu, sd = X.mean(0), X.std(0)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
    m.compile(keras.optimizers.Adam(2e-3), "mse", metrics=["mae"])
    h = m.fit((X - mu) / sd, y / 100, validation_data=((Xv - mu) / sd, yv / 100), epochs=80, batch_size=64, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(patience=6, restore_best_weights=True)])
    with open(os.path.join(out, "history.json"), "w") as fh:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, fh, indent=1)


@run("keras_history_json")
def dots_keras_unnormalised_history(out):
    keras = keras_setup(37)
    import numpy as np
    X, y = make_dots(2000, seed=78); Xv, yv = make_dots(400, seed=79)
    X = np.clip(X * 255 + 40, 0, None).reshape(len(X), -1); Xv = np.clip(Xv * 255 + 40, 0, None).reshape(len(Xv), -1)
    m = keras.Sequential([keras.Input((144,)), keras.layers.Dense(128, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(8, activation="softmax")])
    m.compile(keras.optimizers.SGD(0.01, momentum=0.9), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(X, y, validation_data=(Xv, yv), epochs=20, batch_size=32, verbose=0)
    with open(os.path.join(out, "hist.json"), "w") as fh:
        json.dump(h.history, fh, default=float)


@run("keras_csvlogger")
def ranking_keras_reduce_lr_csvlogger(out):
    keras = keras_setup(38)
    import numpy as np
    X, s = make_rank_items(3000, seed=80); Xv, sv = make_rank_items(600, seed=81)
    r = np.random.default_rng(38)
    i, j = r.integers(0, 3000, 20000), r.integers(0, 3000, 20000)
    vi, vj = r.integers(0, 600, 4000), r.integers(0, 600, 4000)
    a, b = keras.Input((10,)), keras.Input((10,))
    scorer = keras.Sequential([keras.Input((10,)), keras.layers.Dense(48, activation="relu"), keras.layers.Dense(1)])
    out_ = keras.layers.Activation("sigmoid")(keras.layers.Subtract()([scorer(a), scorer(b)]))
    m = keras.Model([a, b], out_)
    m.compile(keras.optimizers.Adam(3e-3), "binary_crossentropy", metrics=["accuracy"])
    m.fit([X[i], X[j]], (s[i] > s[j]).astype("float32"), validation_data=([Xv[vi], Xv[vj]], (sv[vi] > sv[vj]).astype("float32")),
          epochs=20, batch_size=128, verbose=0,
          callbacks=[keras.callbacks.ReduceLROnPlateau(patience=2, factor=0.5),
                     keras.callbacks.CSVLogger(os.path.join(out, "pairs_log.csv"), separator=",")])


# ----------------------------------------------------------------------------------------------- HF Trainer
def hf_run(out, model, train_ds, eval_ds, lr, epochs, seed, bs=32, metrics=None, sched="linear", warmup=0.0,
           logging_steps=10, eval_strategy="epoch", eval_steps=None, max_grad_norm=1.0):
    from transformers import Trainer, TrainingArguments
    args = TrainingArguments(output_dir=out, num_train_epochs=epochs, per_device_train_batch_size=bs,
                             per_device_eval_batch_size=128, learning_rate=lr, lr_scheduler_type=sched,
                             warmup_steps=warmup, logging_steps=logging_steps, eval_strategy=eval_strategy,
                             eval_steps=eval_steps, save_strategy="no", report_to=["tensorboard"], use_cpu=True,
                             seed=seed, disable_tqdm=True, max_grad_norm=max_grad_norm, dataloader_num_workers=0)
    tr = Trainer(model=model, args=args, train_dataset=train_ds, eval_dataset=eval_ds, compute_metrics=metrics)
    res = tr.train()
    tr.save_state()
    tr.log_metrics("train", res.metrics); tr.save_metrics("train", res.metrics)
    em = tr.evaluate(); tr.save_metrics("eval", em)


class DictDS:
    def __init__(self, **cols):
        self.cols = cols
        self.n = len(next(iter(cols.values())))

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return {k: v[i] for k, v in self.cols.items()}


def acc_metric(p):
    import numpy as np
    logits, labels = p
    return {"accuracy": float((np.argmax(logits, -1) == labels).mean())}


def mlm_acc_metric(p):
    import numpy as np
    logits, labels = p
    msk = labels != -100
    return {"masked_acc": float((np.argmax(logits, -1)[msk] == labels[msk]).mean())}


def wave_tokens(n, k, seed):
    """Quantise a wave to 16 levels -> token ids (for the HF sequence classifiers)."""
    import numpy as np
    import torch
    X, y = make_waves(n, k, length=32, seed=seed, noise=0.25)
    ids = np.clip(((X + 2.5) / 5 * 16).astype(np.int64), 0, 15) + 2
    return torch.tensor(ids), torch.tensor(y)


def hf_seqcls(kind, k, seed):
    from transformers import (DistilBertConfig, DistilBertForSequenceClassification, ElectraConfig,
                              ElectraForSequenceClassification, RobertaConfig, RobertaForSequenceClassification)
    import torch
    torch.manual_seed(seed)
    if kind == "roberta":
        return RobertaForSequenceClassification(RobertaConfig(vocab_size=20, hidden_size=32, num_hidden_layers=2,
                                                              num_attention_heads=2, intermediate_size=64,
                                                              max_position_embeddings=40, num_labels=k, pad_token_id=1))
    if kind == "electra":
        return ElectraForSequenceClassification(ElectraConfig(vocab_size=20, embedding_size=32, hidden_size=32,
                                                              num_hidden_layers=2, num_attention_heads=2,
                                                              intermediate_size=64, max_position_embeddings=40,
                                                              num_labels=k))
    return DistilBertForSequenceClassification(DistilBertConfig(vocab_size=20, dim=32, n_layers=2, n_heads=2,
                                                                hidden_dim=64, max_position_embeddings=40,
                                                                num_labels=k))


@run("hf_trainer_state")
def bert_mlm_sentences_hf(out):
    torch = torch_setup(39)
    from transformers import BertConfig, BertForMaskedLM
    S, vocab = make_sentences(3000, seed=82); Sv, _ = make_sentences(400, seed=83)
    g = torch.Generator().manual_seed(39)
    inp, lab = mask_tokens(torch.tensor(S), g); vin, vlab = mask_tokens(torch.tensor(Sv), g)
    model = BertForMaskedLM(BertConfig(vocab_size=len(vocab), hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                                       intermediate_size=96, max_position_embeddings=16))
    hf_run(out, model, DictDS(input_ids=inp, labels=lab), DictDS(input_ids=vin, labels=vlab), 1e-3, 6, 39,
           metrics=mlm_acc_metric, warmup=0.1)


@run("hf_trainer_state")
def roberta_wavetokens_lr50_hf(out):
    torch_setup(40)
    ids, y = wave_tokens(1600, 5, 84); vids, vy = wave_tokens(400, 5, 85)
    hf_run(out, hf_seqcls("roberta", 5, 40), DictDS(input_ids=ids, labels=y), DictDS(input_ids=vids, labels=vy),
           50.0, 5, 40, metrics=acc_metric, logging_steps=5)


@run("hf_trainer_state")
def electra_wavetokens_shuffled_labels_hf(out):
    torch_setup(41)
    import torch
    ids, y = wave_tokens(1200, 4, 86); vids, vy = wave_tokens(400, 4, 87)
    y = y[torch.randperm(len(y), generator=torch.Generator().manual_seed(1))]
    hf_run(out, hf_seqcls("electra", 4, 41), DictDS(input_ids=ids, labels=y), DictDS(input_ids=vids, labels=vy),
           2e-3, 12, 41, metrics=acc_metric, logging_steps=10)


@run("hf_trainer_state")
def distilbert_wavetokens_cosine_hf(out):
    torch_setup(42)
    ids, y = wave_tokens(2000, 5, 88); vids, vy = wave_tokens(400, 5, 89)
    hf_run(out, hf_seqcls("distilbert", 5, 42), DictDS(input_ids=ids, labels=y), DictDS(input_ids=vids, labels=vy),
           2e-3, 8, 42, metrics=acc_metric, sched="cosine", warmup=0.06, eval_strategy="steps", eval_steps=50)


@run("hf_trainer_state")
def bert_mlm_sentences_lr1e7_hf(out):
    torch = torch_setup(43)
    from transformers import BertConfig, BertForMaskedLM
    S, vocab = make_sentences(3000, seed=90); Sv, _ = make_sentences(400, seed=91)
    g = torch.Generator().manual_seed(43)
    inp, lab = mask_tokens(torch.tensor(S), g); vin, vlab = mask_tokens(torch.tensor(Sv), g)
    model = BertForMaskedLM(BertConfig(vocab_size=len(vocab), hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                                       intermediate_size=96, max_position_embeddings=16))
    hf_run(out, model, DictDS(input_ids=inp, labels=lab), DictDS(input_ids=vin, labels=vlab), 1e-7, 5, 43,
           metrics=mlm_acc_metric)


# ----------------------------------------------------------------------------------------------- driver
def child(name):
    fmt, fn, extra = RUNS[name]
    out = os.path.join(RUNS_DIR, fmt, name)
    if extra["log"]:
        fn()
    else:
        fn(out)


def main(names):
    import shutil
    names = names or list(RUNS)
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1",
               PYTHONHASHSEED="0", TOKENIZERS_PARALLELISM="false", HF_HUB_OFFLINE="1")
    os.makedirs("/tmp/nu6_stderr", exist_ok=True)
    t_all = time.time()
    for name in names:
        fmt, fn, extra = RUNS[name]
        out = os.path.join(RUNS_DIR, fmt, name)
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        t0 = time.time()
        cmd = [sys.executable, os.path.abspath(__file__), "--child", name]
        if extra["log"]:
            with open(os.path.join(out, extra["log"]), "w") as fh:
                rc = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out).returncode
                if extra["resume"]:
                    rc2 = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, env=dict(env, NU6_RESUME="1"),
                                         cwd=out).returncode
                    rc = (rc, rc2)
        else:
            with open(os.path.join("/tmp/nu6_stderr", name + ".txt"), "w") as fh:
                rc = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out).returncode
        print(f"{name:55s} {fmt:20s} rc={rc} {time.time() - t0:6.1f}s", flush=True)
    print(f"total {time.time() - t_all:.0f}s")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2])
    else:
        main(sys.argv[1:])
