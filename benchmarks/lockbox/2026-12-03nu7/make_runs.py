"""Make lock-box batch 2026-12-03nu7: small real trainings on CPU, the way a new user would log them.

Usage: OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py [name ...]
Each run is trained in its own child process (one at a time); text-log runs get their stdout+stderr redirected to
runs/text_log/<name>/train.log by the driver. Data is generated with numpy here (nothing downloaded).
"""
import os, sys, json, csv, math, time, signal, subprocess, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
REG = {}


def run(fmt):
    def deco(f):
        REG[f.__name__.replace("_", "-")] = (fmt, f)
        return f
    return deco

# ----------------------------------------------------------------------------------------------- data (numpy)
import numpy as np

CHORDS = [(0, 4, 7), (0, 3, 7), (0, 3, 6), (0, 4, 8), (0, 5, 7)]  # major minor dim aug sus4


def chord_data(n, seed):
    r = np.random.default_rng(seed)
    y = r.integers(0, 5, n)
    X = np.zeros((n, 24), np.float32)
    for i in range(n):
        root = r.integers(0, 12)
        for iv in CHORDS[y[i]]:
            X[i, (root + iv) % 12] += 1.0
        if r.random() < 0.6:
            X[i, r.integers(0, 12)] += r.uniform(0.3, 1.0)  # passing note
        X[i, 12 + root] = 1.0 if r.random() < 0.7 else 0.0  # bass note, often the root
    X += r.normal(0, 0.35, X.shape).astype(np.float32)
    return X, y


def texture_data(n, seed):
    r = np.random.default_rng(seed)
    y = r.integers(0, 4, n)
    ii, jj = np.meshgrid(np.arange(16), np.arange(16), indexing="ij")
    X = np.zeros((n, 1, 16, 16), np.float32)
    for k in range(n):
        p = r.integers(3, 7); ph = r.uniform(0, 2 * np.pi)
        if y[k] == 0: img = np.sin(2 * np.pi * ii / p + ph)
        elif y[k] == 1: img = np.sin(2 * np.pi * jj / p + ph)
        elif y[k] == 2: img = np.sin(2 * np.pi * (ii + jj) / p + ph)
        else: img = np.sin(2 * np.pi * ii / p + ph) * np.sin(2 * np.pi * jj / p + ph)
        X[k, 0] = 0.5 + 0.5 * img * r.uniform(0.3, 1.0) + r.normal(0, 0.45, (16, 16))
    return X, y


def parens_data(n, seed, L=18):
    """token ids: 1='(' 2=')'; label 1 when the string is balanced."""
    r = np.random.default_rng(seed)
    X = np.zeros((n, L), np.int64); y = np.zeros(n, np.int64)
    for k in range(n):
        while True:
            s, d = [], 0
            for t in range(L):
                if d == 0 or (d < L - t and r.random() < 0.5):
                    s.append(1); d += 1
                else:
                    s.append(2); d -= 1
            if d == 0:
                break
        if r.random() < 0.5:
            j = r.integers(0, L); s[j] = 3 - s[j]
            if r.random() < 0.5:
                j2 = r.integers(0, L); s[j2] = 3 - s[j2]
        bal = all(np.cumsum([1 if c == 1 else -1 for c in s]) >= 0) and s.count(1) == s.count(2)
        X[k] = s; y[k] = int(bal)
    return X, y


def arith_data(n, seed):
    """'a + b = c ;' statements over digits, as token ids (0..9 digits, 10 '+', 11 '=', 12 ';', 13 '-')."""
    r = np.random.default_rng(seed)
    seqs = []
    for _ in range(n):
        a, b = r.integers(0, 50, 2)
        if r.random() < 0.5:
            s = f"{a:02d}+{b:02d}={a + b:03d};"
        else:
            s = f"{max(a, b):02d}-{min(a, b):02d}={max(a, b) - min(a, b):03d};"
        seqs.append([int(c) if c.isdigit() else {"+": 10, "=": 11, ";": 12, "-": 13}[c] for c in s])
    return np.array(seqs, np.int64)


def kepler_data(n, seed, raw=False):
    r = np.random.default_rng(seed)
    a = r.uniform(0.3, 30, n); m = r.uniform(0.3, 3.0, n); e = r.uniform(0, 0.6, n)
    T = np.sqrt(a ** 3 / m) * (1 + r.normal(0, 0.02, n))
    if raw:  # km and kg, the way the table came
        X = np.stack([a * 1.496e8, m * 1.989e30 / 1e24, e], 1)
        return X.astype(np.float32), T.astype(np.float32)[:, None]
    X = np.stack([np.log(a), np.log(m), e], 1)
    return X.astype(np.float32), np.log(T).astype(np.float32)[:, None]


def beam_data(n, seed):
    r = np.random.default_rng(seed)
    F = r.uniform(100, 5000, n); L = r.uniform(0.5, 4, n); E = r.uniform(70, 210, n); I = r.uniform(1, 20, n)
    d = F * L ** 3 / (3 * E * 1e9 * I * 1e-6) * 1000 * (1 + r.normal(0, 0.03, n))  # mm
    X = np.stack([np.log(F), np.log(L), np.log(E), np.log(I)], 1)
    X = (X - X.mean(0)) / X.std(0)
    yy = np.log(d); yy = (yy - yy.mean()) / yy.std()
    return X.astype(np.float32), yy.astype(np.float32)[:, None]


def notes_data(n, seed):
    """polyphonic note detection: 12 pitch classes present/absent from a 64-bin harmonic spectrum."""
    r = np.random.default_rng(seed)
    Y = (r.random((n, 12)) < 0.25).astype(np.float32)
    X = r.normal(0, 0.3, (n, 64)).astype(np.float32)
    for k in range(n):
        for p in np.flatnonzero(Y[k]):
            for h, amp in ((1, 1.0), (2, 0.5), (3, 0.3)):
                b = int(p * 5 * h / 3 + 2 * h) % 64
                X[k, b] += amp * r.uniform(0.6, 1.2)
    return X, Y


def modadd_data(p=23):
    a, b = np.meshgrid(np.arange(p), np.arange(p), indexing="ij")
    return np.stack([a.ravel(), b.ravel()], 1).astype(np.int64), ((a + b) % p).ravel().astype(np.int64)


def split(X, y, frac=0.8):
    k = int(len(X) * frac)
    return X[:k], y[:k], X[k:], y[k:]

# ------------------------------------------------------------------------------------------------ models (torch)

def T():
    import torch
    torch.manual_seed(0)
    torch.set_num_threads(1)
    return torch


def mlp(i, h, o, depth=2, drop=0.0):
    import torch.nn as nn
    layers, d = [], i
    for _ in range(depth):
        layers += [nn.Linear(d, h), nn.ReLU()] + ([nn.Dropout(drop)] if drop else [])
        d = h
    layers.append(nn.Linear(d, o))
    return nn.Sequential(*layers)


def texture_cnn(bn=False, drop=0.0):
    import torch.nn as nn
    return nn.Sequential(nn.Conv2d(1, 12, 3, padding=1), *( [nn.BatchNorm2d(12)] if bn else []), nn.ReLU(),
                         nn.MaxPool2d(2), nn.Conv2d(12, 24, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Flatten(), *([nn.Dropout(drop)] if drop else []), nn.Linear(24 * 16, 4))


def gru_classifier(vocab, emb, hid, out):
    import torch.nn as nn

    class M(nn.Module):
        def __init__(s):
            super().__init__()
            s.e = nn.Embedding(vocab, emb); s.g = nn.GRU(emb, hid, batch_first=True); s.o = nn.Linear(hid, out)

        def forward(s, x):
            h, _ = s.g(s.e(x))
            return s.o(h[:, -1])
    return M()


def batches(n, bs, rng):
    idx = rng.permutation(n)
    for i in range(0, n, bs):
        yield idx[i:i + bs]


def acc_of(logits, y):
    return float((logits.argmax(1) == y).float().mean())

# ===================================================================================================== text logs

@run("text_log")
def chord_mlp_adam_print(out):
    torch = T(); F = torch.nn.functional
    X, y = chord_data(3000, 1); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = mlp(24, 64, 5); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(0)
    print("chord quality classifier, 5 classes, 2400 train / 600 val")
    for ep in range(1, 31):
        tot = 0.0
        m.train()
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); tot += loss.item() * len(b)
        m.eval()
        with torch.no_grad():
            lv = m(Xv)
        print(f"Epoch {ep} of 30 -- train loss {tot / len(Xt):.4f} -- val loss {F.cross_entropy(lv, yv).item():.4f} -- val acc {acc_of(lv, yv):.3f}")


@run("text_log")
def chord_mlp_sgd_lr2_print(out):
    torch = T(); F = torch.nn.functional
    X, y = chord_data(3000, 2); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = mlp(24, 128, 5, depth=3); opt = torch.optim.SGD(m.parameters(), lr=2.0, momentum=0.9); rng = np.random.default_rng(0)
    step = 0
    for ep in range(20):
        m.train()
        for b in batches(len(Xt), 32, rng):
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); step += 1
            if step % 25 == 0:
                print(f"step {step}: loss={loss.item():.4f}")
        m.eval()
        with torch.no_grad():
            lv = m(Xv)
        print(f"val after epoch {ep}: loss={F.cross_entropy(lv, yv).item():.4f} acc={acc_of(lv, yv):.4f}")


@run("text_log")
def parens_gru_logging_ts(out):
    import logging
    logging.basicConfig(format="%(asctime)s | %(levelname)s | %(message)s", level=logging.INFO)
    log = logging.getLogger("parens")
    torch = T(); F = torch.nn.functional
    X, y = parens_data(4000, 3); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = gru_classifier(3, 16, 48, 2); opt = torch.optim.Adam(m.parameters(), 3e-3); rng = np.random.default_rng(0)
    it = 0
    for ep in range(12):
        for b in batches(len(Xt), 50, rng):
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); it += 1
            if it % 10 == 0:
                log.info("it=%d loss=%.4f", it, loss.item())
            if it % 100 == 0:
                with torch.no_grad():
                    lv = m(Xv)
                log.info("Eval it=%d loss=%.4f acc=%.4f", it, F.cross_entropy(lv, yv).item(), acc_of(lv, yv))


@run("text_log")
def texture_cnn_tqdm(out):
    from tqdm import tqdm
    torch = T(); F = torch.nn.functional
    X, y = texture_data(2000, 4); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = texture_cnn(); opt = torch.optim.Adam(m.parameters(), 2e-3); rng = np.random.default_rng(0)
    for ep in range(8):
        m.train()
        bar = tqdm(list(batches(len(Xt), 32, rng)), desc=f"epoch {ep + 1}/8", mininterval=0)
        for b in bar:
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step()
            bar.set_postfix(loss=f"{loss.item():.3f}")
        m.eval()
        with torch.no_grad():
            lv = m(Xv)
        tqdm.write(f"dev acc {acc_of(lv, yv) * 100:.1f}%  dev loss {F.cross_entropy(lv, yv).item():.4f}")


def _arith_lm(m_kind, lr, opt_kind, steps, log_every, printer, seed=5):
    torch = T(); F = torch.nn.functional
    S = torch.tensor(arith_data(3000, seed)); St, Sv = S[:2500], S[2500:]
    import torch.nn as nn

    class LM(nn.Module):
        def __init__(s):
            super().__init__()
            s.e = nn.Embedding(14, 32); s.g = nn.GRU(32, 96, batch_first=True); s.o = nn.Linear(96, 14)

        def forward(s, x):
            return s.o(s.g(s.e(x))[0])
    m = LM()
    opt = torch.optim.Adam(m.parameters(), lr) if opt_kind == "adam" else torch.optim.SGD(m.parameters(), lr, momentum=0.9)
    rng = np.random.default_rng(0)
    for st in range(1, steps + 1):
        b = rng.integers(0, len(St), 64)
        x = St[b]
        opt.zero_grad(); loss = F.cross_entropy(m(x[:, :-1]).reshape(-1, 14), x[:, 1:].reshape(-1)); loss.backward(); opt.step()
        if st % log_every == 0:
            with torch.no_grad():
                lv = m(Sv[:, :-1])
                vl = F.cross_entropy(lv.reshape(-1, 14), Sv[:, 1:].reshape(-1)).item()
                # answer digits are the last 4 targets
                va = float((lv[:, -4:].argmax(-1) == Sv[:, -4:]).float().mean())
            printer(st, loss.item(), vl, va)


@run("text_log")
def arith_gru_lm_lr_sweep_two_runs(out):
    for lr in (3e-3, 30.0):
        print(f"--- run lr={lr} ---")
        _arith_lm("gru", lr, "sgd" if lr > 1 else "adam", 400, 20,
                  lambda st, l, vl, va: print(f"[lr {lr}] step {st:4d} loss {l:.4f} | dev loss {vl:.4f} | dev ans-acc {va:.3f}"))


@run("text_log")
def kepler_mlp_killed_resumed(out):
    torch = T(); F = torch.nn.functional
    X, y = kepler_data(2000, 6); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = mlp(3, 64, 1); opt = torch.optim.Adam(m.parameters(), 2e-3)
    ck = "/tmp/nu7_kepler_ckpt.pt"; start = 1
    if os.environ.get("NU7_RESUME"):
        st = torch.load(ck); m.load_state_dict(st["m"]); opt.load_state_dict(st["o"]); start = st["ep"] + 1
        print(f"resuming from checkpoint at epoch {st['ep']}")
    rng = np.random.default_rng(start)
    for ep in range(start, 41):
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = F.mse_loss(m(Xt[b]), yt[b]); loss.backward(); opt.step()
        with torch.no_grad():
            tr = F.mse_loss(m(Xt), yt).item(); va = F.mse_loss(m(Xv), yv).item()
        print(f"epoch {ep:02d}/40  mse {tr:.5f}  val_mse {va:.5f}")
        if ep % 10 == 0:
            torch.save({"m": m.state_dict(), "o": opt.state_dict(), "ep": ep}, ck)
        if ep == 17 and not os.environ.get("NU7_RESUME"):
            os.kill(os.getpid(), signal.SIGKILL)
    os.remove(ck)


@run("text_log")
def beam_mlp_raw_units_print(out):
    torch = T(); F = torch.nn.functional
    r = np.random.default_rng(7); n = 2000
    Fo = r.uniform(100, 5000, n); L = r.uniform(0.5, 4, n); E = r.uniform(70e9, 210e9, n); I = r.uniform(1e-6, 20e-6, n)
    d = Fo * L ** 3 / (3 * E * I) * 1000 * (1 + r.normal(0, 0.03, n))
    X = np.stack([Fo, L, E / 1e9, I * 1e6], 1).astype(np.float32); yy = d.astype(np.float32)[:, None]
    Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, yy)]
    m = mlp(4, 64, 1); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(0)
    for ep in range(1, 41):
        tot = 0
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = F.mse_loss(m(Xt[b]), yt[b]); loss.backward(); opt.step(); tot += loss.item() * len(b)
        with torch.no_grad():
            te = F.mse_loss(m(Xv), yv).item()
        print(f"[{ep}/40] mse {tot / len(Xt):.2f} | Test mse {te:.2f}")


@run("text_log")
def modadd_mlp_tiny_train_print(out):
    torch = T(); F = torch.nn.functional; nn = torch.nn
    X, y = modadd_data(23); r = np.random.default_rng(8); p = r.permutation(len(X))
    tr, va = p[:70], p[300:]
    X = torch.tensor(X); y = torch.tensor(y)

    class M(nn.Module):
        def __init__(s):
            super().__init__(); s.e = nn.Embedding(23, 32); s.f = mlp(64, 128, 23)

        def forward(s, x):
            return s.f(s.e(x).flatten(1))
    m = M(); opt = torch.optim.Adam(m.parameters(), 1e-3)
    for ep in range(1, 301):
        opt.zero_grad(); lo = m(X[tr]); loss = F.cross_entropy(lo, y[tr]); loss.backward(); opt.step()
        if ep % 5 == 0:
            with torch.no_grad():
                lv = m(X[va])
            print(f"e {ep:03d} | train {loss.item():.4f} / {acc_of(lo, y[tr]) * 100:.1f}% | val {F.cross_entropy(lv, y[va]).item():.4f} / {acc_of(lv, y[va]) * 100:.1f}%")


@run("text_log")
def notes_multilabel_logging_plain(out):
    import logging
    logging.basicConfig(level=logging.INFO)
    log = logging.getLogger("notes")
    torch = T(); F = torch.nn.functional
    X, Y = notes_data(3000, 9); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, Y)]
    m = mlp(64, 128, 12); opt = torch.optim.AdamW(m.parameters(), 2e-3, weight_decay=1e-2); rng = np.random.default_rng(0)
    for ep in range(1, 26):
        tot = 0
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = F.binary_cross_entropy_with_logits(m(Xt[b]), yt[b]); loss.backward(); opt.step(); tot += loss.item() * len(b)
        with torch.no_grad():
            lv = m(Xv); pr = (lv > 0).float()
            tp = (pr * yv).sum(); f1 = (2 * tp / (pr.sum() + yv.sum())).item()
        log.info("epoch %d bce=%.4f | dev bce=%.4f micro_f1=%.4f", ep, tot / len(Xt), F.binary_cross_entropy_with_logits(lv, yv).item(), f1)


@run("text_log")
def chord_mlp_killed_midway(out):
    torch = T(); F = torch.nn.functional
    X, y = chord_data(3000, 10); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = mlp(24, 96, 5, drop=0.1); opt = torch.optim.SGD(m.parameters(), 0.05, momentum=0.9); rng = np.random.default_rng(0)
    for ep in range(1, 41):
        print(f"Epoch {ep}/40")
        tot = 0
        m.train()
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); tot += loss.item() * len(b)
        m.eval()
        with torch.no_grad():
            lv = m(Xv)
        print(f"  train_loss: {tot / len(Xt):.4f} - val_loss: {F.cross_entropy(lv, yv).item():.4f} - val_accuracy: {acc_of(lv, yv):.4f}")
        if ep == 14:
            time.sleep(0.1); os.kill(os.getpid(), signal.SIGKILL)


@run("text_log")
def texture_cnn_no_zero_grad_print(out):
    torch = T(); F = torch.nn.functional
    X, y = texture_data(2000, 11); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = texture_cnn(); opt = torch.optim.SGD(m.parameters(), 0.01, momentum=0.9); rng = np.random.default_rng(0)
    for ep in range(1, 16):
        tot = 0
        for b in batches(len(Xt), 32, rng):
            loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); tot += loss.item() * len(b)  # no zero_grad
        with torch.no_grad():
            lv = m(Xv)
        print(f"epoch {ep} train_loss {tot / len(Xt):.4f}  Test loss {F.cross_entropy(lv, yv).item():.4f}  Test acc {acc_of(lv, yv):.4f}")


@run("text_log")
def arith_irnn_exploding_print(out):
    torch = T(); F = torch.nn.functional; nn = torch.nn
    S = torch.tensor(arith_data(3000, 12)); St, Sv = S[:2500], S[2500:]

    class LM(nn.Module):
        def __init__(s):
            super().__init__()
            s.e = nn.Embedding(14, 32); s.r = nn.RNN(32, 128, nonlinearity="relu", batch_first=True); s.o = nn.Linear(128, 14)
            with torch.no_grad():  # IRNN init (identity recurrent matrix), scaled up "to remember longer"
                s.r.weight_hh_l0.copy_(torch.eye(128) * 1.6); s.r.bias_hh_l0.zero_()

        def forward(s, x):
            return s.o(s.r(s.e(x))[0])
    m = LM(); opt = torch.optim.SGD(m.parameters(), 0.05); rng = np.random.default_rng(0)
    for st in range(1, 301):
        x = St[rng.integers(0, len(St), 32)]
        opt.zero_grad(); loss = F.cross_entropy(m(x[:, :-1]).reshape(-1, 14), x[:, 1:].reshape(-1)); loss.backward()
        gn = float(sum(p.grad.pow(2).sum() for p in m.parameters() if p.grad is not None) ** 0.5)
        opt.step()
        print(f"step {st} loss {loss.item():.4f} grad_norm {gn:.4g}")
        if st % 50 == 0:
            with torch.no_grad():
                vl = F.cross_entropy(m(Sv[:, :-1]).reshape(-1, 14), Sv[:, 1:].reshape(-1)).item()
            print(f"  val loss {vl:.4f}")


@run("text_log")
def texture_cnn_debug_steps_left_on(out):
    torch = T(); F = torch.nn.functional
    X, y = texture_data(2000, 13); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = texture_cnn(); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(0)
    MAX_STEPS = 12  # debug setting, forgotten
    for st, b in enumerate(batches(len(Xt), 32, rng), 1):
        opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step()
        print(f"Step {st}/{MAX_STEPS}, Loss: {loss.item():.4f}")
        if st >= MAX_STEPS:
            break
    with torch.no_grad():
        print(f"Test accuracy: {acc_of(m(Xv), yv) * 100:.2f}%")


@run("text_log")
def kepler_resmlp_cosine_logging_ts(out):
    import logging
    logging.basicConfig(format="%(asctime)s %(name)s %(levelname)s: %(message)s", level=logging.INFO)
    log = logging.getLogger("kepler")
    torch = T(); F = torch.nn.functional; nn = torch.nn
    X, y = kepler_data(3000, 14); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]

    class Res(nn.Module):
        def __init__(s):
            super().__init__(); s.i = nn.Linear(3, 64); s.b = nn.ModuleList([nn.Sequential(nn.LayerNorm(64), nn.Linear(64, 64), nn.GELU()) for _ in range(3)]); s.o = nn.Linear(64, 1)

        def forward(s, x):
            h = s.i(x)
            for b in s.b:
                h = h + b(h)
            return s.o(h)
    m = Res(); opt = torch.optim.AdamW(m.parameters(), 3e-3); E = 20; steps = E * 38
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, steps); rng = np.random.default_rng(0); g = 0
    for ep in range(1, E + 1):
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = F.mse_loss(m(Xt[b]), yt[b]); loss.backward(); opt.step(); sch.step(); g += 1
            if g % 10 == 0:
                log.info("step %d loss %.5f lr %.2e", g, loss.item(), sch.get_last_lr()[0])
        with torch.no_grad():
            log.info("Test epoch %d mse %.5f", ep, F.mse_loss(m(Xv), yv).item())

# ===================================================================================================== csv / jsonl

@run("csv_custom")
def notes_mlp_csv_writer(out):
    torch = T(); F = torch.nn.functional
    X, Y = notes_data(3000, 21); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, Y)]
    m = mlp(64, 96, 12); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(0)
    with open(os.path.join(out, "history.csv"), "w", newline="") as fh:
        w = csv.writer(fh); w.writerow(["epoch", "train_bce", "valid_bce", "valid_f1"])
        for ep in range(30):
            tot = 0
            for b in batches(len(Xt), 128, rng):
                opt.zero_grad(); loss = F.binary_cross_entropy_with_logits(m(Xt[b]), yt[b]); loss.backward(); opt.step(); tot += loss.item() * len(b)
            with torch.no_grad():
                lv = m(Xv); pr = (lv > 0).float(); tp = (pr * yv).sum(); f1 = (2 * tp / (pr.sum() + yv.sum())).item()
            w.writerow([ep, round(tot / len(Xt), 5), round(F.binary_cross_entropy_with_logits(lv, yv).item(), 5), round(f1, 4)])


@run("csv_custom")
def chord_adam_lr05_dictwriter(out):
    torch = T(); F = torch.nn.functional
    X, y = chord_data(3000, 22); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = mlp(24, 128, 5); opt = torch.optim.Adam(m.parameters(), 0.5); rng = np.random.default_rng(0)
    with open(os.path.join(out, "log.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["iter", "loss", "val_loss", "val_acc"]); w.writeheader(); it = 0
        for ep in range(15):
            for b in batches(len(Xt), 32, rng):
                opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); it += 1
                row = {"iter": it}
                if it % 2 == 0:
                    row["loss"] = loss.item()
                if it % 25 == 0:
                    with torch.no_grad():
                        lv = m(Xv)
                    row.update(val_loss=F.cross_entropy(lv, yv).item(), val_acc=acc_of(lv, yv))
                if len(row) > 1:
                    w.writerow(row)


@run("csv_custom")
def chord_mlp_shuffled_labels_jsonl(out):
    torch = T(); F = torch.nn.functional
    X, y = chord_data(1200, 23); Xt, yt, Xv, yv = split(X, y)
    yt = np.random.default_rng(1).permutation(yt)  # "shuffle the data" applied to the labels only
    Xt, yt, Xv, yv = [torch.tensor(a) for a in (Xt, yt, Xv, yv)]
    m = mlp(24, 256, 5); opt = torch.optim.Adam(m.parameters(), 2e-3); rng = np.random.default_rng(0); it = 0
    with open(os.path.join(out, "metrics.jsonl"), "w") as fh:
        for ep in range(60):
            for b in batches(len(Xt), 48, rng):
                opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); it += 1
                if it % 5 == 0:
                    fh.write(json.dumps({"kind": "train", "it": it, "loss": round(loss.item(), 5)}) + "\n")
            with torch.no_grad():
                lv = m(Xv); lt = m(Xt)
            fh.write(json.dumps({"kind": "eval", "it": it, "epoch": ep, "train_acc": round(acc_of(lt, yt), 4),
                                 "val_loss": round(F.cross_entropy(lv, yv).item(), 5), "val_acc": round(acc_of(lv, yv), 4)}) + "\n")


@run("csv_custom")
def beam_mlp_steplr_savetxt(out):
    torch = T(); F = torch.nn.functional
    X, y = beam_data(2500, 24); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = mlp(4, 48, 1); opt = torch.optim.Adam(m.parameters(), 3e-3); rng = np.random.default_rng(0)
    sch = torch.optim.lr_scheduler.StepLR(opt, 10, 0.3); rows = []; st = 0
    for ep in range(30):
        for b in batches(len(Xt), 50, rng):
            opt.zero_grad(); loss = F.mse_loss(m(Xt[b]), yt[b]); loss.backward(); opt.step(); st += 1
            if st % 8 == 0:
                with torch.no_grad():
                    v = F.mse_loss(m(Xv), yv).item() if st % 40 == 0 else float("nan")
                rows.append([st, loss.item(), v, sch.get_last_lr()[0]])
        sch.step()
    np.savetxt(os.path.join(out, "train_log.csv"), np.array(rows), delimiter=",", header="step,train_mse,val_mse,lr", comments="", fmt="%.6g")


@run("csv_custom")
def texture_cnn_bn_dropout_train_mode_eval(out):
    import pandas as pd
    torch = T(); F = torch.nn.functional
    X, y = texture_data(2000, 25); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = texture_cnn(bn=True, drop=0.5); opt = torch.optim.Adam(m.parameters(), 1e-3); rng = np.random.default_rng(0); rows = []
    for ep in range(15):
        m.train(); tot = 0
        for b in batches(len(Xt), 32, rng):
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); tot += loss.item() * len(b)
        # evaluation without m.eval(): BatchNorm uses batch statistics of 2-image batches, Dropout stays on
        with torch.no_grad():
            ls, ac = [], []
            for i in range(0, len(Xv), 2):
                lo = m(Xv[i:i + 2]); ls.append(F.cross_entropy(lo, yv[i:i + 2]).item()); ac.append(acc_of(lo, yv[i:i + 2]))
        rows.append({"epoch": ep + 1, "train_loss": tot / len(Xt), "val_loss": float(np.mean(ls)), "val_accuracy": float(np.mean(ac))})
    pd.DataFrame(rows).to_csv(os.path.join(out, "results.csv"), index=False)


@run("csv_custom")
def kepler_numpy_gd_lr_tiny(out):
    r = np.random.default_rng(26)
    X, y = kepler_data(2000, 26); y = y[:, 0]
    P = np.concatenate([X, X ** 2, np.ones((len(X), 1), np.float32)], 1)  # polynomial features
    Pt, yt, Pv, yv = split(P, y); w = r.normal(0, 0.1, P.shape[1]); lr = 1e-6
    with open(os.path.join(out, "gd_log.csv"), "w") as f:
        f.write("iteration,mse,val_mse\n")
        for i in range(1, 1501):
            e = Pt @ w - yt; w -= lr * 2 * Pt.T @ e / len(yt)
            if i % 5 == 0:
                f.write(f"{i},{np.mean(e ** 2):.6f},{np.mean((Pv @ w - yv) ** 2):.6f}\n")


@run("csv_custom")
def notes_handwritten_bce_log0(out):
    torch = T()
    X, Y = notes_data(3000, 27); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, Y)]
    m = torch.nn.Sequential(mlp(64, 128, 12), torch.nn.Sigmoid()); opt = torch.optim.Adam(m.parameters(), 1e-2); rng = np.random.default_rng(0)

    def bce(p, t):
        return -(t * torch.log(p) + (1 - t) * torch.log(1 - p)).mean()
    with open(os.path.join(out, "log.csv"), "w") as f:
        f.write("epoch;batch;loss;val_loss\n")
        for ep in range(30):
            for k, b in enumerate(batches(len(Xt), 64, rng)):
                opt.zero_grad(); loss = bce(m(Xt[b]), yt[b]); loss.backward(); opt.step()
                if k % 4 == 0:
                    f.write(f"{ep};{k};{loss.item()};\n")
            with torch.no_grad():
                f.write(f"{ep};;;{bce(m(Xv), yv).item()}\n")


@run("csv_custom")
def modadd_embed_mlp_jsonl(out):
    torch = T(); F = torch.nn.functional; nn = torch.nn
    X, y = modadd_data(23); p = np.random.default_rng(28).permutation(len(X)); tr, va = p[:420], p[420:]
    X = torch.tensor(X); y = torch.tensor(y)

    class M(nn.Module):
        def __init__(s):
            super().__init__(); s.e = nn.Embedding(23, 48); s.f = mlp(96, 192, 23)

        def forward(s, x):
            return s.f(s.e(x).flatten(1))
    m = M(); opt = torch.optim.AdamW(m.parameters(), 3e-3, weight_decay=0.5); rng = np.random.default_rng(0); st = 0
    with open(os.path.join(out, "train.jsonl"), "w") as fh:
        for ep in range(150):
            for b in batches(len(tr), 64, rng):
                opt.zero_grad(); loss = F.cross_entropy(m(X[tr[b]]), y[tr[b]]); loss.backward(); opt.step(); st += 1
            with torch.no_grad():
                lv = m(X[va]); lt = m(X[tr])
            print(json.dumps({"step": st, "epoch": ep, "train/loss": round(F.cross_entropy(lt, y[tr]).item(), 5), "train/acc": round(acc_of(lt, y[tr]), 4),
                              "val/loss": round(F.cross_entropy(lv, y[va]).item(), 5), "val/acc": round(acc_of(lv, y[va]), 4)}), file=fh)


@run("csv_custom")
def chord_numpy_softmax_gd_csv(out):
    X, y = chord_data(3000, 29); Xt, yt, Xv, yv = split(X, y)
    W = np.zeros((24, 5)); b = np.zeros(5); Yt = np.eye(5)[yt]

    def fwd(A):
        z = A @ W + b; z -= z.max(1, keepdims=True); p = np.exp(z); return p / p.sum(1, keepdims=True)
    f = open(os.path.join(out, "softmax_gd.csv"), "w")
    f.write("epoch,train_nll,val_nll,val_acc\n")
    for ep in range(1, 201):
        p = fwd(Xt); g = (p - Yt) / len(Xt)
        W -= 0.5 * Xt.T @ g; b -= 0.5 * g.sum(0)
        if ep % 2 == 0:
            pv = fwd(Xv)
            f.write(f"{ep},{-np.log(p[np.arange(len(yt)), yt]).mean():.5f},{-np.log(pv[np.arange(len(yv)), yv]).mean():.5f},{(pv.argmax(1) == yv).mean():.4f}\n")
    f.close()


@run("csv_custom")
def beam_numpy_linreg_gd_csv(out):
    X, y = beam_data(2000, 30); y = y[:, 0]; Xt, yt, Xv, yv = split(X, y)
    w = np.zeros(4); b = 0.0
    rows = ["step\tloss\tval_loss"]
    for s in range(1, 301):
        i = np.random.default_rng(s).integers(0, len(Xt), 32)  # minibatch SGD
        e = Xt[i] @ w + b - yt[i]; w -= 0.05 * 2 * Xt[i].T @ e / 32; b -= 0.05 * 2 * e.mean()
        v = f"{np.mean((Xv @ w + b - yv) ** 2):.6f}" if s % 25 == 0 else ""
        rows.append(f"{s}\t{np.mean(e ** 2):.6f}\t{v}")
    open(os.path.join(out, "linreg.tsv"), "w").write("\n".join(rows) + "\n")

# ===================================================================================================== tensorboard

def SW(d):
    from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(d)


@run("tfevents")
def texture_cnn_sgd_lr15_tb(out):
    torch = T(); F = torch.nn.functional
    X, y = texture_data(2000, 31); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = texture_cnn(); opt = torch.optim.SGD(m.parameters(), 1.5, momentum=0.9); rng = np.random.default_rng(0)
    w = SW(os.path.join(out, "runs", "texture_sgd")); g = 0
    for ep in range(12):
        for b in batches(len(Xt), 32, rng):
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); g += 1
            w.add_scalar("Loss/train", loss.item(), g)
        with torch.no_grad():
            lv = m(Xv)
        w.add_scalar("Loss/val", F.cross_entropy(lv, yv).item(), g); w.add_scalar("Accuracy/val", acc_of(lv, yv), g)
    w.close()


@run("tfevents")
def arith_transformer_lm_warmup_cosine_tb(out):
    torch = T(); F = torch.nn.functional; nn = torch.nn
    S = torch.tensor(arith_data(4000, 32)); St, Sv = S[:3500], S[3500:]
    Lq = S.shape[1] - 1

    class LM(nn.Module):
        def __init__(s):
            super().__init__()
            s.e = nn.Embedding(14, 64); s.p = nn.Parameter(torch.zeros(1, Lq, 64))
            s.t = nn.TransformerEncoder(nn.TransformerEncoderLayer(64, 4, 128, 0.0, batch_first=True), 2); s.o = nn.Linear(64, 14)

        def forward(s, x):
            mask = torch.triu(torch.full((x.shape[1], x.shape[1]), float("-inf")), 1)
            return s.o(s.t(s.e(x) + s.p[:, :x.shape[1]], mask=mask))
    m = LM(); opt = torch.optim.AdamW(m.parameters(), 2e-3); total = 600; warm = 50
    sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1, (s + 1) / warm) * 0.5 * (1 + math.cos(math.pi * min(1, s / total))))
    w = SW(os.path.join(out, "tb")); rng = np.random.default_rng(0)
    for st in range(1, total + 1):
        x = St[rng.integers(0, len(St), 64)]
        opt.zero_grad(); loss = F.cross_entropy(m(x[:, :-1]).reshape(-1, 14), x[:, 1:].reshape(-1)); loss.backward(); opt.step(); sch.step()
        if st % 5 == 0:
            w.add_scalar("train/nll", loss.item(), st); w.add_scalar("lr", sch.get_last_lr()[0], st)
        if st % 50 == 0:
            with torch.no_grad():
                vl = F.cross_entropy(m(Sv[:, :-1]).reshape(-1, 14), Sv[:, 1:].reshape(-1)).item()
            w.add_scalar("eval/nll", vl, st); w.add_scalar("eval/ppl", math.exp(vl), st)
    w.close()


@run("tfevents")
def beam_mlp_steplr_tb(out):
    torch = T(); F = torch.nn.functional
    X, y = beam_data(3000, 33); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = mlp(4, 64, 1, depth=3); opt = torch.optim.SGD(m.parameters(), 0.05, momentum=0.9)
    sch = torch.optim.lr_scheduler.StepLR(opt, 15, 0.1); w = SW(out); rng = np.random.default_rng(0)
    for ep in range(40):
        tot = 0
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = F.mse_loss(m(Xt[b]), yt[b]); loss.backward(); opt.step(); tot += loss.item() * len(b)
        with torch.no_grad():
            w.add_scalar("mse", tot / len(Xt), ep); w.add_scalar("val_mse", F.mse_loss(m(Xv), yv).item(), ep)
        sch.step()
    w.close()


@run("tfevents")
def notes_mlp_frozen_but_bias_tb(out):
    torch = T(); F = torch.nn.functional
    X, Y = notes_data(3000, 34); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, Y)]
    m = mlp(64, 128, 12)
    for p in m.parameters():
        p.requires_grad = False
    m[-1].bias.requires_grad = True  # meant to unfreeze the head, only the bias got it
    opt = torch.optim.Adam([p for p in m.parameters() if p.requires_grad], 1e-3)
    w = SW(os.path.join(out, "logs", "notes_frozen")); rng = np.random.default_rng(0); g = 0
    for ep in range(20):
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = F.binary_cross_entropy_with_logits(m(Xt[b]), yt[b]); loss.backward(); opt.step(); g += 1
            if g % 3 == 0:
                w.add_scalar("bce_step", loss.item(), g)
        with torch.no_grad():
            lv = m(Xv); pr = (lv > 0).float(); tp = (pr * yv).sum(); f1 = (2 * tp / (pr.sum() + yv.sum() + 1e-9)).item()
        w.add_scalar("val_bce", F.binary_cross_entropy_with_logits(lv, yv).item(), ep); w.add_scalar("val_microf1", f1, ep)
    w.close()


@run("tfevents")
def chord_nll_on_raw_logits_tb(out):
    torch = T(); F = torch.nn.functional
    X, y = chord_data(3000, 35); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = mlp(24, 64, 5); opt = torch.optim.Adam(m.parameters(), 1e-3); crit = torch.nn.NLLLoss()  # no log_softmax
    w = SW(os.path.join(out, "runs", "chord_nll")); rng = np.random.default_rng(0); g = 0
    for ep in range(20):
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = crit(m(Xt[b]), yt[b]); loss.backward(); opt.step(); g += 1
            if g % 2 == 0:
                w.add_scalar("train_loss", loss.item(), g)
        with torch.no_grad():
            lv = m(Xv)
        w.add_scalar("val_loss", crit(lv, yv).item(), g); w.add_scalar("val_accuracy", acc_of(lv, yv), g)
    w.close()


@run("tfevents")
def parens_gru_adam_lr1e6_tb(out):
    torch = T(); F = torch.nn.functional
    X, y = parens_data(3000, 36); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = gru_classifier(3, 16, 64, 2); opt = torch.optim.Adam(m.parameters(), 1e-6)
    w = SW(out); rng = np.random.default_rng(0); g = 0
    for ep in range(1, 11):
        for b in batches(len(Xt), 32, rng):
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); g += 1
            w.add_scalar("Train/Loss", loss.item(), g)
        with torch.no_grad():
            lv = m(Xv)
        w.add_scalar("Test/Loss", F.cross_entropy(lv, yv).item(), ep); w.add_scalar("Test/Acc", acc_of(lv, yv), ep)
    w.close()


@run("tfevents")
def kepler_mlp_early_stopping_tb(out):
    torch = T(); F = torch.nn.functional
    X, y = kepler_data(1500, 37); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]
    m = mlp(3, 128, 1, depth=3); opt = torch.optim.Adam(m.parameters(), 3e-3)
    w = SW(os.path.join(out, "tb_logs")); rng = np.random.default_rng(0); best, bad = 1e9, 0
    for ep in range(200):
        tot = 0
        for b in batches(len(Xt), 32, rng):
            opt.zero_grad(); loss = F.mse_loss(m(Xt[b]), yt[b]); loss.backward(); opt.step(); tot += loss.item() * len(b)
        with torch.no_grad():
            v = F.mse_loss(m(Xv), yv).item()
        w.add_scalar("loss/train_epoch", tot / len(Xt), ep); w.add_scalar("loss/valid", v, ep)
        if v < best - 1e-5:
            best, bad = v, 0
        else:
            bad += 1
            if bad >= 8:
                break
    w.close()


@run("tfevents")
def texture_patch_vit_adamw_tb(out):
    torch = T(); F = torch.nn.functional; nn = torch.nn
    X, y = texture_data(2400, 38); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]

    class ViT(nn.Module):
        def __init__(s):
            super().__init__()
            s.patch = nn.Conv2d(1, 48, 4, 4); s.pos = nn.Parameter(torch.randn(1, 16, 48) * 0.02)
            s.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(48, 4, 96, 0.1, batch_first=True), 2)
            s.att = nn.Linear(48, 1); s.o = nn.Linear(48, 4)

        def forward(s, x):
            h = s.enc(s.patch(x).flatten(2).transpose(1, 2) + s.pos)
            a = torch.softmax(s.att(h), 1)  # attention pooling
            return s.o((a * h).sum(1))
    m = ViT(); opt = torch.optim.AdamW(m.parameters(), 1e-3, weight_decay=0.05)
    w = SW(os.path.join(out, "vit")); rng = np.random.default_rng(0); g = 0
    for ep in range(10):
        m.train()
        for b in batches(len(Xt), 48, rng):
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward()
            gn = torch.nn.utils.clip_grad_norm_(m.parameters(), 1e9); opt.step(); g += 1
            w.add_scalar("train_loss", loss.item(), g); w.add_scalar("grad_norm", float(gn), g)
        m.eval()
        with torch.no_grad():
            lv = m(Xv)
        w.add_scalar("val_loss", F.cross_entropy(lv, yv).item(), g); w.add_scalar("val_acc", acc_of(lv, yv), g)
    w.close()


@run("tfevents")
def chord_resmlp_onecycle_tb(out):
    torch = T(); F = torch.nn.functional; nn = torch.nn
    X, y = chord_data(4000, 39); Xt, yt, Xv, yv = [torch.tensor(a) for a in split(X, y)]

    class R(nn.Module):
        def __init__(s):
            super().__init__(); s.i = nn.Linear(24, 96); s.b = nn.ModuleList([nn.Sequential(nn.BatchNorm1d(96), nn.ReLU(), nn.Linear(96, 96)) for _ in range(2)]); s.o = nn.Linear(96, 5)

        def forward(s, x):
            h = s.i(x)
            for b in s.b:
                h = h + b(h)
            return s.o(h)
    m = R(); opt = torch.optim.SGD(m.parameters(), 0.05, momentum=0.9, nesterov=True)
    E = 20; sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=E * 50)
    w = SW(os.path.join(out, "runs", "resmlp_onecycle")); rng = np.random.default_rng(0); g = 0
    for ep in range(E):
        m.train(); tot = 0
        for b in batches(len(Xt), 64, rng):
            opt.zero_grad(); loss = F.cross_entropy(m(Xt[b]), yt[b]); loss.backward(); opt.step(); sch.step(); g += 1
            tot += loss.item() * len(b)
            w.add_scalar("hparams/lr", sch.get_last_lr()[0], g)
        m.eval()
        with torch.no_grad():
            lv = m(Xv)
        w.add_scalar("epoch_loss/train", tot / len(Xt), ep); w.add_scalar("epoch_loss/val", F.cross_entropy(lv, yv).item(), ep)
        w.add_scalar("metrics/val_top1", acc_of(lv, yv), ep)
    w.close()

# ===================================================================================================== lightning

def _lit(out, model, tr, va, epochs, logger_kind, callbacks=(), name="lightning_logs"):
    import lightning as Lg
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    logger = CSVLogger(out, name=name) if logger_kind == "csv" else TensorBoardLogger(out, name=name)
    tr_ = Lg.Trainer(max_epochs=epochs, logger=logger, callbacks=list(callbacks), enable_checkpointing=False,
                     enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=5, accelerator="cpu", devices=1)
    tr_.fit(model, tr, va)


def _loaders(Xt, yt, Xv, yv, bs):
    import torch
    from torch.utils.data import DataLoader, TensorDataset
    return (DataLoader(TensorDataset(torch.tensor(Xt), torch.tensor(yt)), bs, shuffle=True),
            DataLoader(TensorDataset(torch.tensor(Xv), torch.tensor(yv)), 256))


def _litcls(net, lr, opt="adam", loss="ce", sched=None):
    import lightning as Lg, torch
    F = torch.nn.functional

    class LitM(Lg.LightningModule):
        def __init__(s):
            super().__init__(); s.net = net

        def _l(s, x, y):
            o = s.net(x)
            return (F.cross_entropy(o, y) if loss == "ce" else F.binary_cross_entropy_with_logits(o, y) if loss == "bce" else F.mse_loss(o, y)), o

        def training_step(s, b, i):
            l, _ = s._l(*b); s.log("train_loss", l, on_step=True, on_epoch=True)
            return l

        def validation_step(s, b, i):
            l, o = s._l(*b); s.log("val_loss", l)
            if loss == "ce":
                s.log("val_acc", acc_of(o, b[1]))

        def configure_optimizers(s):
            o = torch.optim.Adam(s.parameters(), lr) if opt == "adam" else torch.optim.SGD(s.parameters(), lr, momentum=0.9)
            if sched == "cos":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, 20)}
            return o
    return LitM()


@run("lightning_csv")
def chord_lit_mlp_csvlogger(out):
    T()
    X, y = chord_data(3000, 41); tr, va = _loaders(*split(X, y), 64)
    _lit(out, _litcls(mlp(24, 64, 5), 1e-3), tr, va, 25, "csv")


@run("lightning_csv")
def texture_lit_cnn_adam_lr03_csvlogger(out):
    T()
    X, y = texture_data(2000, 42); tr, va = _loaders(*split(X, y), 32)
    _lit(out, _litcls(texture_cnn(), 0.3), tr, va, 12, "csv")


@run("lightning_csv")
def notes_lit_cosine_tblogger(out):
    T()
    from lightning.pytorch.callbacks import LearningRateMonitor
    X, Y = notes_data(3000, 43); tr, va = _loaders(*split(X, Y), 64)
    _lit(out, _litcls(mlp(64, 128, 12), 2e-3, loss="bce", sched="cos"), tr, va, 20, "tb", [LearningRateMonitor("epoch")])


@run("lightning_csv")
def kepler_lit_raw_km_kg_csvlogger(out):
    T()
    X, y = kepler_data(2000, 44, raw=True); tr, va = _loaders(*split(X, y), 64)
    _lit(out, _litcls(mlp(3, 64, 1), 1e-3, loss="mse"), tr, va, 25, "csv")


@run("lightning_csv")
def parens_lit_gru_earlystop_csvlogger(out):
    T()
    from lightning.pytorch.callbacks import EarlyStopping
    X, y = parens_data(3000, 45); tr, va = _loaders(*split(X, y), 32)
    _lit(out, _litcls(gru_classifier(3, 16, 48, 2), 3e-3), tr, va, 60, "csv", [EarlyStopping("val_loss", patience=4)])

# ===================================================================================================== keras

def K():
    import keras
    keras.utils.set_random_seed(0)
    return keras


@run("keras_csvlogger")
def chord_keras_dense_csvlogger(out):
    keras = K(); L = keras.layers
    X, y = chord_data(3000, 51); Xt, yt, Xv, yv = split(X, y)
    m = keras.Sequential([keras.Input((24,)), L.Dense(64, activation="relu"), L.Dense(64, activation="relu"), L.Dense(5, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xt, yt, validation_data=(Xv, yv), epochs=30, batch_size=64, verbose=0, callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "training.log"))])


@run("keras_csvlogger")
def texture_keras_cnn_sgd_lr5_csvlogger(out):
    keras = K(); L = keras.layers
    X, y = texture_data(2000, 52); X = X.transpose(0, 2, 3, 1); Xt, yt, Xv, yv = split(X, y)
    m = keras.Sequential([keras.Input((16, 16, 1)), L.Conv2D(16, 3, activation="relu"), L.MaxPooling2D(), L.Flatten(), L.Dense(32, activation="relu"), L.Dense(4, activation="softmax")])
    m.compile(keras.optimizers.SGD(5.0, momentum=0.9), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xt, yt, validation_data=(Xv, yv), epochs=15, batch_size=32, verbose=0, callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "log.csv"))])


@run("keras_history_json")
def notes_keras_history_json(out):
    keras = K(); L = keras.layers
    X, Y = notes_data(3000, 53); Xt, yt, Xv, yv = split(X, Y)
    m = keras.Sequential([keras.Input((64,)), L.Dense(128, activation="relu"), L.Dropout(0.2), L.Dense(12, activation="sigmoid")])
    m.compile("adam", "binary_crossentropy", metrics=["binary_accuracy"])
    h = m.fit(Xt, yt, validation_split=0.2, epochs=25, batch_size=64, verbose=0)
    with open(os.path.join(out, "history.json"), "w") as f:
        json.dump(h.history, f)


@run("keras_history_json")
def beam_keras_targets_misaligned_history_json(out):
    keras = K(); L = keras.layers
    X, y = beam_data(2500, 54)
    X = X[np.argsort(X[:, 0])]  # sorted the features by load "to look at them", targets not reordered
    Xt, yt, Xv, yv = split(X, y)
    m = keras.Sequential([keras.Input((4,)), L.Dense(64, activation="relu"), L.Dense(64, activation="relu"), L.Dense(1)])
    m.compile(keras.optimizers.Adam(1e-3), "mse", metrics=["mae"])
    h = m.fit(Xt, yt, validation_data=(Xv, yv), epochs=30, batch_size=64, verbose=0)
    with open(os.path.join(out, "hist.json"), "w") as f:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f, indent=1)


@run("keras_csvlogger")
def kepler_keras_reduce_lr_csvlogger(out):
    keras = K(); L = keras.layers
    X, y = kepler_data(2500, 55); Xt, yt, Xv, yv = split(X, y)
    m = keras.Sequential([keras.Input((3,)), L.Dense(64, activation="tanh"), L.Dense(64, activation="tanh"), L.Dense(1)])
    m.compile(keras.optimizers.Adam(3e-3), "mse")
    m.fit(Xt, yt, validation_data=(Xv, yv), epochs=40, batch_size=32, verbose=0,
          callbacks=[keras.callbacks.ReduceLROnPlateau(patience=3, factor=0.3), keras.callbacks.CSVLogger(os.path.join(out, "kepler_training.csv"))])


@run("keras_history_json")
def texture_keras_cnn_adam_history_json(out):
    keras = K(); L = keras.layers
    X, y = texture_data(2400, 56); X = X.transpose(0, 2, 3, 1); Xt, yt, Xv, yv = split(X, y)
    m = keras.Sequential([keras.Input((16, 16, 1)), L.Conv2D(16, 3, padding="same", activation="relu"), L.MaxPooling2D(), L.Conv2D(32, 3, padding="same", activation="relu"), L.GlobalAveragePooling2D(), L.Dense(4, activation="softmax")])
    m.compile(keras.optimizers.Adam(2e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xt, yt, validation_data=(Xv, yv), epochs=20, batch_size=32, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(patience=3, restore_best_weights=True)])
    json.dump(h.history, open(os.path.join(out, "history.json"), "w"), indent=2)

# ===================================================================================================== HF Trainer

def _hf(out, model, tr, va, lr, steps, bs=32, log=10, ev=50, metrics=None, warm=0, sched="linear"):
    import transformers
    transformers.set_seed(0)
    args = transformers.TrainingArguments(output_dir=out, learning_rate=lr, max_steps=steps, per_device_train_batch_size=bs,
                                          per_device_eval_batch_size=128, logging_steps=log, eval_strategy="steps", eval_steps=ev,
                                          save_strategy="no", report_to=["tensorboard"], warmup_steps=warm, lr_scheduler_type=sched,
                                          use_cpu=True, disable_tqdm=True, seed=0, dataloader_num_workers=0)
    t = transformers.Trainer(model=model, args=args, train_dataset=tr, eval_dataset=va, compute_metrics=metrics)
    res = t.train()
    t.log_metrics("train", res.metrics); t.save_metrics("train", res.metrics)
    em = t.evaluate(); t.log_metrics("eval", em); t.save_metrics("eval", em)
    t.save_state()


class DS:
    def __init__(s, rows):
        s.rows = rows

    def __len__(s):
        return len(s.rows)

    def __getitem__(s, i):
        return s.rows[i]


def _accm(p):
    return {"accuracy": float((np.argmax(p.predictions, -1) == p.label_ids).mean())}


def _parens_ds(seed, shuffle=False):
    import torch
    X, y = parens_data(3000, seed); X = X + 1  # 0 = pad/cls
    X = np.concatenate([np.zeros((len(X), 1), np.int64), X], 1)
    Xt, yt, Xv, yv = split(X, y)
    if shuffle:
        yt = np.random.default_rng(1).permutation(yt)
    mk = lambda A, b: DS([{"input_ids": torch.tensor(A[i]), "attention_mask": torch.ones(A.shape[1], dtype=torch.long), "labels": torch.tensor(b[i])} for i in range(len(A))])
    return mk(Xt, yt), mk(Xv, yv)


def _arith_ds(seed):
    import torch
    S = arith_data(3000, seed)
    mk = lambda A: DS([{"input_ids": torch.tensor(a), "labels": torch.tensor(a)} for a in A])
    return mk(S[:2600]), mk(S[2600:])


@run("hf_trainer_state")
def arith_gpt2_lm_hf(out):
    import transformers; T()
    cfg = transformers.GPT2Config(vocab_size=14, n_positions=16, n_embd=64, n_layer=2, n_head=4)
    tr, va = _arith_ds(61)
    _hf(out, transformers.GPT2LMHeadModel(cfg), tr, va, 1e-3, 400, log=10, ev=50, warm=20)


@run("hf_trainer_state")
def parens_bert_cls_hf(out):
    import transformers; T()
    cfg = transformers.BertConfig(vocab_size=4, hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96, max_position_embeddings=32, num_labels=2)
    tr, va = _parens_ds(62)
    _hf(out, transformers.BertForSequenceClassification(cfg), tr, va, 5e-4, 450, metrics=_accm, ev=50)


@run("hf_trainer_state")
def parens_bert_lr100_hf(out):
    import transformers; T()
    cfg = transformers.BertConfig(vocab_size=4, hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96, max_position_embeddings=32, num_labels=2)
    tr, va = _parens_ds(63)
    _hf(out, transformers.BertForSequenceClassification(cfg), tr, va, 100.0, 300, metrics=_accm, ev=50)


@run("hf_trainer_state")
def parens_gpt2_cls_shuffled_labels_hf(out):
    import transformers; T()
    cfg = transformers.GPT2Config(vocab_size=4, n_positions=32, n_embd=48, n_layer=2, n_head=4, num_labels=2, pad_token_id=0)
    tr, va = _parens_ds(64, shuffle=True)
    _hf(out, transformers.GPT2ForSequenceClassification(cfg), tr, va, 1e-3, 600, metrics=_accm, ev=50)


@run("hf_trainer_state")
def arith_gpt2_warmup_longer_than_run_hf(out):
    import transformers; T()
    cfg = transformers.GPT2Config(vocab_size=14, n_positions=16, n_embd=64, n_layer=2, n_head=4)
    tr, va = _arith_ds(65)
    _hf(out, transformers.GPT2LMHeadModel(cfg), tr, va, 5e-4, 200, log=5, ev=25, warm=4000)


@run("hf_trainer_state")
def bracket_majority_bert_cls_hf(out):
    """label 1 when a random bracket string has more '(' than ')' (a counting task attention can do)."""
    import transformers, torch; T()
    r = np.random.default_rng(66); X = r.integers(1, 3, (3000, 17)); y = ((X == 1).sum(1) > 8).astype(np.int64)
    X = np.concatenate([np.zeros((len(X), 1), np.int64), X + 1], 1); Xt, yt, Xv, yv = split(X, y)
    mk = lambda A, b: DS([{"input_ids": torch.tensor(A[i]), "attention_mask": torch.ones(A.shape[1], dtype=torch.long), "labels": torch.tensor(b[i])} for i in range(len(A))])
    cfg = transformers.BertConfig(vocab_size=4, hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96, max_position_embeddings=32, num_labels=2)
    _hf(out, transformers.BertForSequenceClassification(cfg), mk(Xt, yt), mk(Xv, yv), 5e-4, 450, metrics=_accm, ev=50, warm=30)

# ===================================================================================================== driver

def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        fmt, f = REG[sys.argv[2]]
        f(sys.argv[3])
        return
    names = sys.argv[1:] or list(REG)
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1", TOKENIZERS_PARALLELISM="false")
    os.makedirs("/tmp/nu7_stderr", exist_ok=True)
    for name in names:
        fmt, f = REG[name]
        out = os.path.join(RUNS, fmt, name)
        shutil.rmtree(out, ignore_errors=True); os.makedirs(out)
        t0 = time.time()
        cmd = [sys.executable, os.path.abspath(__file__), "--one", name, out]
        if fmt == "text_log":
            with open(os.path.join(out, "train.log"), "w") as fh:
                rc = subprocess.call(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out)
                if name == "kepler-mlp-killed-resumed":  # the user restarts the job, appending to the same file
                    rc = subprocess.call(cmd, stdout=fh, stderr=subprocess.STDOUT, env=dict(env, NU7_RESUME="1"), cwd=out)
        else:
            with open(f"/tmp/nu7_stderr/{name}.txt", "w") as fh:
                rc = subprocess.call(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out)
        print(f"{name:50s} rc={rc} {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    main()
