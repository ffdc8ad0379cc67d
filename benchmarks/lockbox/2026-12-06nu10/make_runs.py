"""Make the nu10 lock-box batch: small real trainings on CPU, each in its own process.

    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py [name ...]

Tasks (data generated with numpy here): human-activity recognition from simulated 3-axis accelerometer windows
(6 classes), tic-tac-toe board outcome (X won / O won / nobody, balanced), node classification on a generated
stochastic-block-model graph with a hand-written GCN (5 communities), one-compartment oral-dose drug concentration
(pharmacokinetics regression), a RealNVP normalising flow on a 2-D banana density (NLL).
"""
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

# ----------------------------------------------------------------------------------------------- data

ACT_NAMES = ["rest", "walk", "run", "stairs", "cycle", "jump"]


def act_data(n, seed):
    import numpy as np
    r = np.random.default_rng(seed)
    y = r.integers(0, 6, n)
    t = np.arange(64) / 32.0
    X = np.zeros((n, 3, 64), np.float32)
    for i, c in enumerate(y):
        ph = r.uniform(0, 2 * np.pi)
        g = np.array([0.0, 0.0, 1.0]) + r.normal(0, 0.2, 3)
        sig = np.repeat(g[:, None], 64, axis=1)
        f = [0, 1.8, 2.8, 1.5, 1.2, 0][c] * r.uniform(0.8, 1.2)
        a = [0.02, 0.35, 0.8, 0.35, 0.4, 0][c] * r.uniform(0.6, 1.4)
        if c in (1, 2):
            sig[2] += a * np.sin(2 * np.pi * f * t + ph)
            sig[0] += 0.3 * a * np.sin(2 * np.pi * f * t + ph + 1.0)
        elif c == 3:
            sig[2] += a * np.sin(2 * np.pi * f * t + ph)
            sig[1] += 0.3 + 0.2 * a * np.sin(2 * np.pi * 2 * f * t)
        elif c == 4:
            sig[0] += a * np.sin(2 * np.pi * f * t + ph)
            sig[1] += a * np.cos(2 * np.pi * f * t + ph)
        elif c == 5:
            for p in r.choice(64, r.integers(2, 4), replace=False):
                sig[2, p:p + 3] += r.uniform(1.2, 2.5)
        X[i] = sig + r.normal(0, 0.35, (3, 64))
    return X, y.astype(np.int64)


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def ttt_data(n, seed):
    """Random legal tic-tac-toe games stopped at a random ply; label 0 = X won, 1 = O won, 2 = nobody yet. Balanced."""
    import numpy as np
    r = np.random.default_rng(seed)
    per = {0: [], 1: [], 2: []}
    while min(len(v) for v in per.values()) < n // 3 + 1:
        b = np.zeros(9, np.int64)
        plies = r.integers(3, 10)
        who = 1
        lab = 2
        for _ in range(plies):
            m = r.choice(np.flatnonzero(b == 0))
            b[m] = who
            if any(b[i] == b[j] == b[k] == who for i, j, k in LINES):
                lab = who - 1
                break
            who = 3 - who
        if len(per[lab]) < n // 3 + 1:
            per[lab].append(b.copy())
    X = np.concatenate([np.stack(per[k]) for k in range(3)])[: 3 * (n // 3)]
    y = np.concatenate([np.full(len(per[k]), k) for k in range(3)])[: 3 * (n // 3)]
    idx = r.permutation(len(X))
    return X[idx], y[idx]


def ttt_onehot(X):
    import numpy as np
    return np.eye(3, dtype=np.float32)[X].reshape(len(X), 27)


def sbm_graph(seed, n=800, k=5):
    import numpy as np
    r = np.random.default_rng(seed)
    y = r.integers(0, k, n)
    p = np.where(y[:, None] == y[None, :], 0.025, 0.005)
    A = (r.random((n, n)) < p).astype(np.float32)
    A = np.triu(A, 1)
    A = A + A.T + np.eye(n, dtype=np.float32)
    d = A.sum(1)
    Ah = A / np.sqrt(d[:, None] * d[None, :])
    means = r.normal(0, 1, (k, 24))
    X = (0.35 * means[y] + r.normal(0, 1, (n, 24))).astype(np.float32)
    perm = r.permutation(n)
    tr, va = perm[:160], perm[160:480]
    return Ah.astype(np.float32), X, y.astype(np.int64), tr, va


def pk_data(n, seed, raw=False):
    """Plasma concentration (mg/L) t hours after an oral dose, one-compartment model, 6% noise."""
    import numpy as np
    r = np.random.default_rng(seed)
    dose = r.uniform(50, 500, n)
    wt = r.uniform(45, 120, n)
    ka = r.uniform(0.4, 2.5, n)
    cl = r.uniform(2, 12, n)
    t = r.uniform(0.25, 24, n)
    V = 0.8 * wt
    ke = cl / V
    c = dose * ka / (V * (ka - ke)) * (np.exp(-ke * t) - np.exp(-ka * t))
    c = c * np.exp(r.normal(0, 0.06, n))
    if raw:
        X = np.stack([dose * 1000, wt, ka, cl, t * 60], 1).astype(np.float32)   # ug, kg, 1/h, L/h, minutes
        return X, (c * 1000).astype(np.float32)                                # ug/L
    X = np.stack([np.log(dose), np.log(wt), ka, cl, t, np.log(t)], 1)
    return X.astype(np.float32), c.astype(np.float32)


def standardise(Xtr, *others):
    mu, sd = Xtr.mean(0), Xtr.std(0) + 1e-8
    return [(Xtr - mu) / sd] + [(o - mu) / sd for o in others]


def banana(n, seed):
    import numpy as np
    r = np.random.default_rng(seed)
    x1 = r.normal(0, 1, n)
    x2 = 0.6 * x1 ** 2 - 0.8 + r.normal(0, 0.35, n)
    return np.stack([x1, x2], 1).astype(np.float32)


# ----------------------------------------------------------------------------------------------- models

def seed_all(s):
    import random
    import numpy as np
    import torch
    random.seed(s)
    np.random.seed(s)
    torch.manual_seed(s)


def act_cnn(drop=0.0, bn=False):
    from torch import nn
    layers = [nn.Conv1d(3, 24, 7, padding=3)]
    if bn:
        layers.append(nn.BatchNorm1d(24))
    layers += [nn.ReLU(), nn.MaxPool1d(2), nn.Conv1d(24, 32, 5, padding=2), nn.ReLU(),
               nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Dropout(drop), nn.Linear(32, 6)]
    return nn.Sequential(*layers)


def act_gru(hidden=32, cell="gru"):
    import torch
    from torch import nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            if cell == "gru":
                self.rnn = nn.GRU(3, hidden, batch_first=True)
            else:
                self.rnn = nn.RNN(3, hidden, batch_first=True, nonlinearity="relu")
            self.head = nn.Linear(hidden, 6)

        def forward(self, x):
            h, _ = self.rnn(x.transpose(1, 2))
            return self.head(h[:, -1])
    return M()


def mlp(i, o, h=64, depth=2, drop=0.0, bn=False):
    from torch import nn
    layers, d = [], i
    for _ in range(depth):
        layers.append(nn.Linear(d, h))
        if bn:
            layers.append(nn.BatchNorm1d(h))
        layers += [nn.ReLU(), nn.Dropout(drop)]
        d = h
    layers.append(nn.Linear(d, o))
    return nn.Sequential(*layers)


def ttt_transformer(d=32):
    import torch
    from torch import nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(3, d)
            self.pos = nn.Parameter(torch.randn(9, d) * 0.1)
            layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2)
            self.att = nn.Linear(d, 1)
            self.head = nn.Linear(d, 3)

        def forward(self, x):
            h = self.enc(self.emb(x) + self.pos)
            w = torch.softmax(self.att(h), 1)
            return self.head((w * h).sum(1))
    return M()


class GCN:
    def __init__(self, fin, hid, k):
        import torch
        self.W1 = (torch.randn(fin, hid) * (2 / fin) ** 0.5).requires_grad_()
        self.b1 = torch.zeros(hid, requires_grad=True)
        self.W2 = (torch.randn(hid, k) * (1 / hid) ** 0.5).requires_grad_()
        self.b2 = torch.zeros(k, requires_grad=True)

    def params(self):
        return [self.W1, self.b1, self.W2, self.b2]

    def __call__(self, Ah, X, drop=0.0, train=False):
        import torch
        h = torch.relu(Ah @ (X @ self.W1) + self.b1)
        if train and drop:
            h = torch.nn.functional.dropout(h, drop)
        return Ah @ (h @ self.W2) + self.b2


def realnvp(layers=6, hid=48):
    import torch
    from torch import nn

    class C(nn.Module):
        def __init__(self, flip):
            super().__init__()
            self.flip = flip
            self.net = nn.Sequential(nn.Linear(1, hid), nn.ReLU(), nn.Linear(hid, hid), nn.ReLU(), nn.Linear(hid, 2))

        def forward(self, x):
            a, b = (x[:, 1:], x[:, :1]) if self.flip else (x[:, :1], x[:, 1:])
            s, t = self.net(a).chunk(2, 1)
            s = torch.tanh(s)
            b = b * torch.exp(s) + t
            out = torch.cat([b, a], 1) if self.flip else torch.cat([a, b], 1)
            return out, s.sum(1)

    class F(nn.Module):
        def __init__(self):
            super().__init__()
            self.cs = nn.ModuleList([C(i % 2 == 1) for i in range(layers)])

        def nll(self, x):
            ld = torch.zeros(len(x))
            for c in self.cs:
                x, l = c(x)
                ld = ld + l
            logp = -0.5 * (x ** 2).sum(1) - torch.log(torch.tensor(2 * torch.pi))
            return -(logp + ld).mean()
    return F()


# ----------------------------------------------------------------------------------------------- a plain loop

def batches(n, bs, r):
    import numpy as np
    idx = r.permutation(n)
    for i in range(0, n, bs):
        yield idx[i:i + bs]


def fit(model, Xtr, ytr, Xva, yva, epochs, opt, bs=64, loss_fn=None, sched=None, sched_per_step=False,
        on_step=None, on_epoch=None, zero_grad=True, eval_mode=True, clip=None, seed=0, task="clf",
        max_steps=None, start_epoch=1, kill_after=None):
    """The loop a user writes once and copies around. Calls on_step(step, epoch, loss, gnorm) and
    on_epoch(epoch, train_loss, train_acc, val_loss, val_acc)."""
    import numpy as np
    import torch
    import torch.nn.functional as F
    loss_fn = loss_fn or (F.cross_entropy if task == "clf" else F.mse_loss)
    r = np.random.default_rng(seed + 1000 * start_epoch)
    Xtr_t, ytr_t = torch.as_tensor(Xtr), torch.as_tensor(ytr)
    Xva_t, yva_t = torch.as_tensor(Xva), torch.as_tensor(yva)
    step = 0
    for ep in range(start_epoch, epochs + 1):
        model.train()
        tot, cor, cnt = 0.0, 0, 0
        for b in batches(len(Xtr), bs, r):
            xb, yb = Xtr_t[b], ytr_t[b]
            out = model(xb)
            loss = loss_fn(out.squeeze(-1) if task == "reg" else out, yb)
            if zero_grad:
                opt.zero_grad()
            loss.backward()
            gn = torch.nn.utils.clip_grad_norm_(model.parameters(), clip if clip else float("inf"))
            opt.step()
            if sched is not None and sched_per_step:
                sched.step()
            step += 1
            tot += loss.item() * len(b)
            cnt += len(b)
            if task == "clf":
                cor += (out.argmax(1) == yb).sum().item()
            if on_step:
                on_step(step, ep, loss.item(), gn.item())
            if max_steps and step >= max_steps:
                break
        if sched is not None and not sched_per_step:
            sched.step()
        if eval_mode:
            model.eval()
        with torch.no_grad():
            out = model(Xva_t)
            vl = loss_fn(out.squeeze(-1) if task == "reg" else out, yva_t).item()
            va = (out.argmax(1) == yva_t).float().mean().item() if task == "clf" else None
        if on_epoch:
            on_epoch(ep, tot / cnt, cor / cnt if task == "clf" else None, vl, va)
        if kill_after and ep == kill_after:
            os.kill(os.getpid(), signal.SIGKILL)
        if max_steps and step >= max_steps:
            break
    return model


def act_split(seed=0, n=2400):
    X, y = act_data(n + 600, seed)
    return X[:n], y[:n], X[n:], y[n:]


def ttt_split(seed=0, n=2400):
    X, y = ttt_data(n + 600, seed)
    return X[:n], y[:n], X[n:], y[n:]


def pk_split(seed=0, n=2000, raw=False):
    X, y = pk_data(n + 500, seed, raw=raw)
    Xtr, Xva, ytr, yva = X[:n], X[n:], y[:n], y[n:]
    if raw:
        return Xtr, ytr, Xva, yva
    Xtr, Xva = standardise(Xtr, Xva)
    mu, sd = ytr.mean(), ytr.std()
    return Xtr.astype("float32"), ((ytr - mu) / sd).astype("float32"), Xva.astype("float32"), ((yva - mu) / sd).astype("float32")


# ----------------------------------------------------------------------------------------------- text logs

def run_act_cnn_adam_print(out):
    import torch
    seed_all(1)
    Xtr, ytr, Xva, yva = act_split(1)
    m = act_cnn()
    opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    print(f"activity CNN  train={len(Xtr)} val={len(Xva)} classes={ACT_NAMES}")

    def ep(e, tl, ta, vl, va):
        print(f"epoch {e:02d}/25 :: loss {tl:.4f} :: acc {ta:.3f} :: val loss {vl:.4f} :: val acc {va:.3f}")
    fit(m, Xtr, ytr, Xva, yva, 25, opt, on_epoch=ep, seed=1)
    print("done.")


def run_act_gru_sgd_lr3_print(out):
    import torch
    seed_all(2)
    Xtr, ytr, Xva, yva = act_split(2)
    m = act_gru()
    opt = torch.optim.SGD(m.parameters(), lr=3.0, momentum=0.9)
    print("GRU on accelerometer windows, SGD lr=3.0 momentum=0.9")

    def st(s, e, l, g):
        if s % 10 == 0:
            print(f"  it {s:4d}  loss {l:.4f}")

    def ep(e, tl, ta, vl, va):
        print(f"== epoch {e} done  mean loss {tl:.4f}  | val: loss={vl:.4f} acc={va*100:.1f}%")
    fit(m, Xtr, ytr, Xva, yva, 12, opt, on_step=st, on_epoch=ep, seed=2)


def run_ttt_mlp_logging_ts(out):
    import logging
    import torch
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(message)s")
    log = logging.getLogger("ttt")
    seed_all(3)
    Xtr, ytr, Xva, yva = ttt_split(3)
    m = mlp(27, 3, 96, 2)
    opt = torch.optim.AdamW(m.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.StepLR(opt, 12, 0.3)

    def st(s, e, l, g):
        if s % 5 == 0:
            log.info("step=%d epoch=%d loss=%.5f", s, e, l)

    def ep(e, tl, ta, vl, va):
        log.info("Eval | epoch %d | loss %.4f | accuracy %.4f", e, vl, va)
    fit(m, ttt_onehot(Xtr), ytr, ttt_onehot(Xva), yva, 30, opt, sched=sched, on_step=st, on_epoch=ep, seed=3)
    log.info("finished")


def run_ttt_mlp_shuffled_labels_logging(out):
    import logging
    import numpy as np
    import torch
    logging.basicConfig(level=logging.DEBUG, format="%(levelname)s %(name)s - %(message)s")
    log = logging.getLogger("boards")
    seed_all(4)
    Xtr, ytr, Xva, yva = ttt_split(4)
    ytr = np.random.default_rng(4).permutation(ytr)   # "shuffle the data" -- labels only
    m = mlp(27, 3, 256, 2)
    opt = torch.optim.Adam(m.parameters(), lr=2e-3)

    def ep(e, tl, ta, vl, va):
        log.info("epoch %3d  train_loss %.4f  train_acc %.3f", e, tl, ta)
        log.info("epoch %3d  dev_loss %.4f  dev_acc %.3f", e, vl, va)
    fit(m, ttt_onehot(Xtr), ytr, ttt_onehot(Xva), yva, 60, opt, on_epoch=ep, seed=4, bs=32)


def run_gcn_sbm_print(out):
    import torch
    import torch.nn.functional as F
    seed_all(5)
    Ah, X, y, tr, va = sbm_graph(5)
    Ah, X, y = torch.tensor(Ah), torch.tensor(X), torch.tensor(y)
    g = GCN(24, 32, 5)
    opt = torch.optim.Adam(g.params(), lr=0.01, weight_decay=5e-4)
    print("GCN  nodes=800 train=160 val=320")
    for e in range(1, 201):
        out_ = g(Ah, X, drop=0.5, train=True)
        loss = F.cross_entropy(out_[tr], y[tr])
        opt.zero_grad()
        loss.backward()
        opt.step()
        msg = f"Epoch: {e:03d}, Loss: {loss.item():.4f}"
        if e % 10 == 0:
            with torch.no_grad():
                o = g(Ah, X)
                msg += f", Val Loss: {F.cross_entropy(o[va], y[va]).item():.4f}, Val Acc: {(o[va].argmax(1) == y[va]).float().mean().item():.4f}"
        print(msg)


def run_gcn_frozen_print(out):
    import torch
    import torch.nn.functional as F
    seed_all(6)
    Ah, X, y, tr, va = sbm_graph(6)
    Ah, X, y = torch.tensor(Ah), torch.tensor(X), torch.tensor(y)
    g = GCN(24, 32, 5)
    for p in (g.W1, g.b1, g.W2):
        p.requires_grad_(False)            # "freeze the backbone, train the head"... all of it
    opt = torch.optim.Adam([p for p in g.params() if p.requires_grad], lr=0.01)
    for e in range(1, 151):
        o = g(Ah, X)
        loss = F.cross_entropy(o[tr], y[tr])
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            acc = (o[va].argmax(1) == y[va]).float().mean().item()
            vl = F.cross_entropy(o[va], y[va]).item()
        print(f"ep {e} train {loss.item():.5f} val {vl:.5f} val_acc {acc:.4f}")


def run_pk_mlp_raw_units_print(out):
    import torch
    seed_all(7)
    Xtr, ytr, Xva, yva = pk_split(7, raw=True)
    m = mlp(5, 1, 64, 2)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    print("inputs: dose_ug weight_kg ka cl t_min -> conc_ug_per_L")

    def ep(e, tl, ta, vl, va):
        print(f"[{e}/40] train mse={tl:.2f}  Test mse={vl:.2f}")
    fit(m, Xtr, ytr, Xva, yva, 40, opt, on_epoch=ep, seed=7, task="reg")


def run_act_cnn_tqdm(out):
    import torch
    from tqdm import tqdm
    seed_all(8)
    Xtr, ytr, Xva, yva = act_split(8)
    m = act_cnn(drop=0.2)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 15)
    import numpy as np
    import torch.nn.functional as F
    r = np.random.default_rng(8)
    Xt, yt = torch.tensor(Xtr), torch.tensor(ytr)
    for e in range(15):
        m.train()
        bar = tqdm(list(batches(len(Xtr), 48, r)), desc=f"epoch {e}", mininterval=0)
        for b in bar:
            loss = F.cross_entropy(m(Xt[b]), yt[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
            bar.set_postfix(loss=f"{loss.item():.4f}")
        sched.step()
        m.eval()
        with torch.no_grad():
            o = m(torch.tensor(Xva))
            tqdm.write(f"Test  epoch {e}  loss {F.cross_entropy(o, torch.tensor(yva)).item():.4f}  "
                       f"acc {(o.argmax(1).numpy() == yva).mean():.4f}")


def run_act_lr_sweep_two_runs(out):
    import torch
    Xtr, ytr, Xva, yva = act_split(9)
    for lr in (1e-3, 2.0):
        seed_all(9)
        print(f"##### sweep  Adam lr={lr}")
        m = act_cnn()
        opt = torch.optim.Adam(m.parameters(), lr=lr)

        def st(s, e, l, g, lr=lr):
            if s % 25 == 0:
                print(f"lr={lr} step {s} loss {l:.4f}")

        def ep(e, tl, ta, vl, va, lr=lr):
            print(f"lr={lr} epoch {e} val_loss {vl:.4f} val_acc {va:.4f}")
        fit(m, Xtr, ytr, Xva, yva, 10, opt, on_step=st, on_epoch=ep, seed=9)


def run_act_cnn_resumed(out):
    import torch
    seed_all(10)
    Xtr, ytr, Xva, yva = act_split(10)
    m = act_cnn(drop=0.1)
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)
    ck = "/tmp/nu10_resume_ckpt.pt"
    start = 1
    if os.environ.get("NU10_RESUME") and os.path.exists(ck):
        st_ = torch.load(ck)
        m.load_state_dict(st_["model"])
        opt.load_state_dict(st_["opt"])
        start = st_["epoch"] + 1
        print(f"Resuming training from {ck} (epoch {st_['epoch']})")
    else:
        print("starting fresh, 30 epochs")

    def ep(e, tl, ta, vl, va):
        print(f"Epoch {e} | train loss: {tl:.4f}, train acc: {ta:.4f} | val loss: {vl:.4f}, val acc: {va:.4f}")
        if e % 8 == 0:
            torch.save({"model": m.state_dict(), "opt": opt.state_dict(), "epoch": e}, ck)
    kill = 19 if not os.environ.get("NU10_RESUME") else None
    fit(m, Xtr, ytr, Xva, yva, 30, opt, on_epoch=ep, seed=10, start_epoch=start, kill_after=kill)
    if os.environ.get("NU10_RESUME"):
        os.remove(ck)


def run_ttt_transformer_killed(out):
    import torch
    seed_all(11)
    Xtr, ytr, Xva, yva = ttt_split(11)
    m = ttt_transformer()
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    print("transformer over 9 cells; planned epochs: 35")

    def ep(e, tl, ta, vl, va):
        print(f"{e:>3} | loss {tl:.4f} acc {ta:.3f} | dev loss {vl:.4f} acc {va:.3f}")
    fit(m, Xtr, ytr, Xva, yva, 35, opt, on_epoch=ep, seed=11, kill_after=13)


def run_pk_mlp_max_steps_debug(out):
    import torch
    seed_all(12)
    Xtr, ytr, Xva, yva = pk_split(12)
    m = mlp(6, 1, 64, 2)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    MAX_STEPS = 15   # TODO remove, debugging

    def st(s, e, l, g):
        print(f"Step {s}, Loss: {l:.4f}")
    fit(m, Xtr, ytr, Xva, yva, 50, opt, on_step=st, seed=12, task="reg", max_steps=MAX_STEPS,
        on_epoch=lambda e, tl, ta, vl, va: print(f"Validation MSE: {vl:.4f}"))


def run_act_rnn_exploding(out):
    import torch
    seed_all(13)
    Xtr, ytr, Xva, yva = act_split(13)
    m = act_gru(48, cell="relu")
    with torch.no_grad():
        m.rnn.weight_hh_l0.copy_(torch.eye(48) * 1.25 + torch.randn(48, 48) * 0.05)
    opt = torch.optim.SGD(m.parameters(), lr=0.02, momentum=0.9)

    def st(s, e, l, g):
        if s % 5 == 0:
            print(f"step {s} loss {l:.4f} grad_norm {g:.3e}")

    def ep(e, tl, ta, vl, va):
        print(f"--- epoch {e}: val_loss {vl:.4f} val_acc {va:.3f}")
    fit(m, Xtr, ytr, Xva, yva, 8, opt, on_step=st, on_epoch=ep, seed=13)


def run_ttt_mlp_no_zero_grad_logging(out):
    import logging
    import torch
    logging.basicConfig(level=logging.INFO)
    log = logging.getLogger("tictactoe")
    seed_all(14)
    Xtr, ytr, Xva, yva = ttt_split(14)
    m = mlp(27, 3, 96, 2)
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)

    def st(s, e, l, g):
        if s % 20 == 0:
            log.info(f"iter {s}: loss={l:.4f}")

    def ep(e, tl, ta, vl, va):
        log.info(f"val epoch {e}: loss={vl:.4f} acc={va:.4f}")
    fit(m, ttt_onehot(Xtr), ytr, ttt_onehot(Xva), yva, 25, opt, on_step=st, on_epoch=ep, seed=14, zero_grad=False)


def run_flow_realnvp_print(out):
    import torch
    seed_all(15)
    Xtr, Xva = torch.tensor(banana(4000, 15)), torch.tensor(banana(1000, 16))
    f = realnvp()
    opt = torch.optim.Adam(f.parameters(), lr=1e-3)
    import numpy as np
    r = np.random.default_rng(15)
    s = 0
    for e in range(1, 31):
        for b in batches(len(Xtr), 128, r):
            loss = f.nll(Xtr[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
            s += 1
            if s % 20 == 0:
                print(f"step {s}  nll {loss.item():.4f}")
        with torch.no_grad():
            print(f"epoch {e}  dev nll {f.nll(Xva).item():.4f}")


# ----------------------------------------------------------------------------------------------- csv / jsonl

def run_pk_numpy_gd_csv(out, lr=0.05, iters=400, name="pk_gd.csv"):
    import numpy as np
    Xtr, ytr, Xva, yva = pk_split(16)
    Xtr = np.c_[np.ones(len(Xtr)), Xtr]
    Xva = np.c_[np.ones(len(Xva)), Xva]
    w = np.zeros(Xtr.shape[1])
    with open(os.path.join(out, name), "w") as f:
        f.write("iteration,train_mse,valid_mse\n")
        for it in range(1, iters + 1):
            err = Xtr @ w - ytr
            w -= lr * 2 * Xtr.T @ err / len(ytr)
            if it % 2 == 0:
                f.write(f"{it},{np.mean(err ** 2):.6f},{np.mean((Xva @ w - yva) ** 2):.6f}\n")


def run_pk_numpy_gd_lr_low_csv(out):
    run_pk_numpy_gd_csv(out, lr=2e-6, iters=400, name="history.csv")


def run_act_mlp_adam_lr05_dictwriter(out):
    import csv
    import torch
    seed_all(17)
    Xtr, ytr, Xva, yva = act_split(17)
    Xtr, Xva = Xtr.reshape(len(Xtr), -1), Xva.reshape(len(Xva), -1)
    m = mlp(192, 6, 128, 2)
    opt = torch.optim.Adam(m.parameters(), lr=0.5)
    fh = open(os.path.join(out, "log.csv"), "w", newline="")
    w = csv.DictWriter(fh, fieldnames=["step", "epoch", "train_loss", "val_loss", "val_accuracy"])
    w.writeheader()
    cur = {"s": 0}

    def st(s, e, l, g):
        cur["s"] = s
        w.writerow({"step": s, "epoch": e, "train_loss": f"{l:.5f}"})

    def ep(e, tl, ta, vl, va):
        w.writerow({"step": cur["s"], "epoch": e, "val_loss": f"{vl:.5f}", "val_accuracy": f"{va:.4f}"})
    fit(m, Xtr, ytr, Xva, yva, 10, opt, on_step=st, on_epoch=ep, seed=17)
    fh.close()


def run_ttt_mlp_jsonl(out):
    import torch
    seed_all(18)
    Xtr, ytr, Xva, yva = ttt_split(18)
    m = mlp(27, 3, 128, 2, drop=0.1)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    fh = open(os.path.join(out, "metrics.jsonl"), "w")

    def ep(e, tl, ta, vl, va):
        fh.write(json.dumps({"epoch": e, "train": {"loss": round(tl, 5), "acc": round(ta, 4)},
                             "valid": {"loss": round(vl, 5), "acc": round(va, 4)}}) + "\n")
    fit(m, ttt_onehot(Xtr), ytr, ttt_onehot(Xva), yva, 40, opt, on_epoch=ep, seed=18)
    fh.close()


def run_gcn_relu_probs_log0_jsonl(out):
    import torch
    seed_all(19)
    Ah, X, y, tr, va = sbm_graph(19)
    Ah, X, y = torch.tensor(Ah), torch.tensor(X), torch.tensor(y)
    g = GCN(24, 32, 5)
    opt = torch.optim.Adam(g.params(), lr=0.01)
    fh = open(os.path.join(out, "train_log.jsonl"), "w")
    for e in range(1, 121):
        o = torch.relu(g(Ah, X, drop=0.3, train=True))
        probs = o / (o.sum(1, keepdim=True) + 1e-12)          # "probabilities" without softmax
        loss = -torch.log(probs[tr, y[tr]]).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        rec = {"epoch": e, "loss": loss.item()}
        if e % 5 == 0:
            with torch.no_grad():
                o2 = g(Ah, X)
                rec["val_acc"] = (o2[va].argmax(1) == y[va]).float().mean().item()
        fh.write(json.dumps(rec) + "\n")
    fh.close()


def run_flow_realnvp_adam_lr_high_pandas(out):
    import numpy as np
    import pandas as pd
    import torch
    seed_all(20)
    Xtr, Xva = torch.tensor(banana(4000, 20)), torch.tensor(banana(1000, 21))
    f = realnvp()
    opt = torch.optim.Adam(f.parameters(), lr=0.3)
    r = np.random.default_rng(20)
    rows, s = [], 0
    for e in range(1, 21):
        for b in batches(len(Xtr), 128, r):
            loss = f.nll(Xtr[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
            s += 1
            if s % 4 == 0:
                rows.append({"global_step": s, "epoch": e, "nll": loss.item()})
        with torch.no_grad():
            rows.append({"global_step": s, "epoch": e, "val_nll": f.nll(Xva).item()})
    pd.DataFrame(rows).to_csv(os.path.join(out, "flow_metrics.csv"), index=False)


def run_act_cnn_cosine_tsv(out):
    import torch
    seed_all(21)
    Xtr, ytr, Xva, yva = act_split(21)
    m = act_cnn(bn=True)
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 20)
    lines = ["ep\ttrain_ce\ttrain_acc\tval_ce\tval_acc\tlr"]

    def ep(e, tl, ta, vl, va):
        lines.append("\t".join([str(e), f"{tl:.5f}", f"{ta:.4f}", f"{vl:.5f}", f"{va:.4f}", f"{opt.param_groups[0]['lr']:.6f}"]))
    fit(m, Xtr, ytr, Xva, yva, 20, opt, sched=sched, on_epoch=ep, seed=21)
    open(os.path.join(out, "results.tsv"), "w").write("\n".join(lines) + "\n")


def run_ttt_mlp_ce_on_sigmoid_csv(out):
    import torch
    import torch.nn.functional as F
    seed_all(22)
    Xtr, ytr, Xva, yva = ttt_split(22)
    m = mlp(27, 3, 96, 2)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    fh = open(os.path.join(out, "train.csv"), "w")
    print("epoch;loss;val_loss;val_acc", file=fh)

    def ep(e, tl, ta, vl, va):
        print(f"{e};{tl:.5f};{vl:.5f};{va:.4f}", file=fh)
    fit(m, ttt_onehot(Xtr), ytr, ttt_onehot(Xva), yva, 30, opt, on_epoch=ep, seed=22,
        loss_fn=lambda o, y: F.cross_entropy(torch.sigmoid(o), y))
    fh.close()


# ----------------------------------------------------------------------------------------------- tensorboard

def _writer(path):
    from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(path)


def run_act_cnn_tb(out):
    import torch
    seed_all(23)
    Xtr, ytr, Xva, yva = act_split(23)
    m = act_cnn()
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    w = _writer(os.path.join(out, "tb"))
    cur = {"s": 0}

    def st(s, e, l, g):
        cur["s"] = s
        w.add_scalar("train/ce", l, s)

    def ep(e, tl, ta, vl, va):
        w.add_scalar("valid/ce", vl, cur["s"])
        w.add_scalar("valid/accuracy", va, cur["s"])
    fit(m, Xtr, ytr, Xva, yva, 15, opt, on_step=st, on_epoch=ep, seed=23)
    w.close()


def run_act_cnn_sgd_lr2_tb(out):
    import torch
    seed_all(24)
    Xtr, ytr, Xva, yva = act_split(24)
    m = act_cnn()
    opt = torch.optim.SGD(m.parameters(), lr=2.0, momentum=0.9)
    w = _writer(os.path.join(out, "runs", "cnn_sgd"))

    def st(s, e, l, g):
        if s % 2 == 0:
            w.add_scalar("Loss/train_step", l, s)

    def ep(e, tl, ta, vl, va):
        w.add_scalar("Loss/train_epoch", tl, e)
        w.add_scalar("Loss/val", vl, e)
        w.add_scalar("Acc/val", va, e)
    fit(m, Xtr, ytr, Xva, yva, 15, opt, on_step=st, on_epoch=ep, seed=24)
    w.close()


def run_ttt_transformer_warmup_cosine_tb(out):
    import math
    import torch
    seed_all(25)
    Xtr, ytr, Xva, yva = ttt_split(25)
    m = ttt_transformer()
    opt = torch.optim.AdamW(m.parameters(), lr=2e-3, weight_decay=0.01)
    total = 20 * math.ceil(len(Xtr) / 64)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 60) * 0.5 * (1 + math.cos(math.pi * min(s, total) / total)))
    w = _writer(out)

    def st(s, e, l, g):
        w.add_scalar("loss", l, s)
        w.add_scalar("lr", opt.param_groups[0]["lr"], s)
        w.add_scalar("grad_norm", g, s)

    def ep(e, tl, ta, vl, va):
        w.add_scalar("eval_loss", vl, e * math.ceil(len(Xtr) / 64))
        w.add_scalar("eval_acc", va, e * math.ceil(len(Xtr) / 64))
    fit(m, Xtr, ytr, Xva, yva, 20, opt, sched=sched, sched_per_step=True, on_step=st, on_epoch=ep, seed=25)
    w.close()


def run_gcn_adam_lr_low_tb(out):
    import torch
    import torch.nn.functional as F
    seed_all(26)
    Ah, X, y, tr, va = sbm_graph(26)
    Ah, X, y = torch.tensor(Ah), torch.tensor(X), torch.tensor(y)
    g = GCN(24, 32, 5)
    opt = torch.optim.Adam(g.params(), lr=1e-5)
    w = _writer(os.path.join(out, "logs", "gcn"))
    for e in range(200):
        o = g(Ah, X, drop=0.5, train=True)
        loss = F.cross_entropy(o[tr], y[tr])
        opt.zero_grad()
        loss.backward()
        opt.step()
        w.add_scalar("training_loss", loss.item(), e)
        if e % 10 == 9:
            with torch.no_grad():
                o = g(Ah, X)
                w.add_scalar("validation_loss", F.cross_entropy(o[va], y[va]).item(), e)
                w.add_scalar("validation_accuracy", (o[va].argmax(1) == y[va]).float().mean().item(), e)
    w.close()


def run_pk_mlp_steplr_tb(out):
    import torch
    seed_all(27)
    Xtr, ytr, Xva, yva = pk_split(27)
    m = mlp(6, 1, 64, 3)
    opt = torch.optim.Adam(m.parameters(), lr=3e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, 15, 0.3)
    w = _writer(os.path.join(out, "tensorboard"))

    def st(s, e, l, g):
        if s % 4 == 0:
            w.add_scalar("mse/train", l, s)

    def ep(e, tl, ta, vl, va):
        w.add_scalar("mse/val", vl, e * 32)
        w.add_scalar("lr", opt.param_groups[0]["lr"], e * 32)
    fit(m, Xtr, ytr, Xva, yva, 45, opt, sched=sched, on_step=st, on_epoch=ep, seed=27, task="reg")
    w.close()


def run_pk_mlp_bn_dropout_no_eval_tb(out):
    import torch
    seed_all(28)
    Xtr, ytr, Xva, yva = pk_split(28)
    m = mlp(6, 1, 64, 3, drop=0.3, bn=True)
    opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    w = _writer(os.path.join(out, "tb_logs"))

    def ep(e, tl, ta, vl, va):
        w.add_scalar("Train/MSE", tl, e)
        w.add_scalar("Val/MSE", vl, e)
    fit(m, Xtr, ytr, Xva, yva, 40, opt, on_epoch=ep, seed=28, task="reg", eval_mode=False, bs=32)
    w.close()


def run_ttt_mlp_tiny_set_tb(out):
    import torch
    seed_all(29)
    Xtr, ytr, Xva, yva = ttt_split(29)
    Xtr, ytr = Xtr[:60], ytr[:60]
    m = mlp(27, 3, 256, 3)
    opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    w = _writer(os.path.join(out, "runs", "tiny"))

    def ep(e, tl, ta, vl, va):
        w.add_scalar("epoch/loss", tl, e)
        w.add_scalar("epoch/accuracy", ta, e)
        w.add_scalar("epoch/val_loss", vl, e)
        w.add_scalar("epoch/val_accuracy", va, e)
    fit(m, ttt_onehot(Xtr), ytr, ttt_onehot(Xva), yva, 250, opt, on_epoch=ep, seed=29, bs=16)
    w.close()


def run_act_gru_tb(out):
    import torch
    seed_all(30)
    Xtr, ytr, Xva, yva = act_split(30, n=1800)
    m = act_gru(32)
    opt = torch.optim.Adam(m.parameters(), lr=3e-3)
    w = _writer(os.path.join(out, "tb"))
    cur = {"s": 0}

    def st(s, e, l, g):
        cur["s"] = s
        if s % 3 == 0:
            w.add_scalar("Loss/train", l, s)
            w.add_scalar("GradNorm", g, s)

    def ep(e, tl, ta, vl, va):
        w.add_scalar("Loss/test", vl, cur["s"])
        w.add_scalar("Accuracy/test", va, cur["s"])
    fit(m, Xtr, ytr, Xva, yva, 14, opt, on_step=st, on_epoch=ep, seed=30, clip=1.0)
    w.close()


# ----------------------------------------------------------------------------------------------- lightning

def _lit(net, lr, opt="adam", task="clf", sched=None):
    import lightning as L
    import torch
    import torch.nn.functional as F

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = net

        def forward(self, x):
            return self.net(x)

        def _loss(self, batch):
            x, y = batch
            o = self(x)
            if task == "reg":
                return F.mse_loss(o.squeeze(-1), y), None
            return F.cross_entropy(o, y), (o.argmax(1) == y).float().mean()

        def training_step(self, batch, i):
            loss, _ = self._loss(batch)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, batch, i):
            loss, acc = self._loss(batch)
            self.log("val_loss", loss)
            if acc is not None:
                self.log("val_acc", acc)

        def configure_optimizers(self):
            o = (torch.optim.Adam(self.parameters(), lr=lr) if opt == "adam"
                 else torch.optim.SGD(self.parameters(), lr=lr, momentum=0.9))
            if sched == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, 20)}
            return o
    return Lit()


def _loaders(Xtr, ytr, Xva, yva, bs=64):
    import torch
    from torch.utils.data import DataLoader, TensorDataset
    return (DataLoader(TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)), batch_size=bs, shuffle=True),
            DataLoader(TensorDataset(torch.tensor(Xva), torch.tensor(yva)), batch_size=256))


def _trainer(out, epochs, logger="csv", callbacks=(), name="lightning_logs"):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    lg = CSVLogger(out, name=name) if logger == "csv" else TensorBoardLogger(out, name=name)
    return L.Trainer(max_epochs=epochs, logger=lg, enable_checkpointing=False, enable_progress_bar=False,
                     enable_model_summary=False, log_every_n_steps=5, callbacks=list(callbacks), accelerator="cpu")


def run_act_lit_cnn_csvlogger(out):
    import lightning as L
    L.seed_everything(31)
    tr, va = _loaders(*act_split(31))
    _trainer(out, 15).fit(_lit(act_cnn(), 1e-3), tr, va)


def run_ttt_lit_mlp_sgd_lr5_csvlogger(out):
    import lightning as L
    import torch
    L.seed_everything(32)
    Xtr, ytr, Xva, yva = ttt_split(32)
    tr, va = _loaders(ttt_onehot(Xtr), ytr, ttt_onehot(Xva), yva)
    _trainer(out, 15).fit(_lit(mlp(27, 3, 128, 2), 5.0, opt="sgd"), tr, va)


def run_pk_lit_mlp_earlystop_csvlogger(out):
    import lightning as L
    from lightning.pytorch.callbacks import EarlyStopping
    L.seed_everything(33)
    tr, va = _loaders(*pk_split(33, n=1200), bs=32)
    _trainer(out, 150, callbacks=[EarlyStopping("val_loss", patience=6)]).fit(_lit(mlp(6, 1, 48, 2), 2e-3, task="reg"), tr, va)


def run_act_lit_gru_cosine_tblogger(out):
    import lightning as L
    from lightning.pytorch.callbacks import LearningRateMonitor
    L.seed_everything(34)
    tr, va = _loaders(*act_split(34, n=1800))
    _trainer(out, 20, logger="tb", callbacks=[LearningRateMonitor("epoch")]).fit(_lit(act_gru(32), 3e-3, sched="cosine"), tr, va)


def run_act_lit_cnn_sgd_lr_low_csvlogger(out):
    import lightning as L
    L.seed_everything(35)
    tr, va = _loaders(*act_split(35))
    _trainer(out, 20).fit(_lit(act_cnn(), 1e-5, opt="sgd"), tr, va)


# ----------------------------------------------------------------------------------------------- keras

def _k():
    os.environ.setdefault("KERAS_BACKEND", "torch")
    import keras
    return keras


def run_ttt_keras_dense_csvlogger(out):
    keras = _k()
    keras.utils.set_random_seed(36)
    Xtr, ytr, Xva, yva = ttt_split(36)
    m = keras.Sequential([keras.Input((27,)), keras.layers.Dense(96, activation="relu"),
                          keras.layers.Dense(96, activation="relu"), keras.layers.Dense(3, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(ttt_onehot(Xtr), ytr, validation_data=(ttt_onehot(Xva), yva), epochs=30, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "training.log"))])


def run_act_keras_conv1d_sgd_lr5_csvlogger(out):
    keras = _k()
    keras.utils.set_random_seed(37)
    Xtr, ytr, Xva, yva = act_split(37)
    Xtr, Xva = Xtr.transpose(0, 2, 1), Xva.transpose(0, 2, 1)
    m = keras.Sequential([keras.Input((64, 3)), keras.layers.Conv1D(24, 7, activation="relu"), keras.layers.MaxPooling1D(2),
                          keras.layers.Conv1D(32, 5, activation="relu"), keras.layers.GlobalAveragePooling1D(),
                          keras.layers.Dense(6, activation="softmax")])
    m.compile(keras.optimizers.SGD(5.0, momentum=0.9), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=15, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "log.csv"))])


def run_pk_keras_dense_earlystop_history(out):
    keras = _k()
    keras.utils.set_random_seed(38)
    Xtr, ytr, Xva, yva = pk_split(38)
    m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
    m.compile(keras.optimizers.Adam(2e-3), "mse", metrics=["mae"])
    h = m.fit(Xtr, ytr, validation_split=0.2, epochs=120, batch_size=32, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(patience=8, restore_best_weights=True)])
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(os.path.join(out, "history.json"), "w"), indent=1)


def run_pk_keras_raw_units_history(out):
    keras = _k()
    keras.utils.set_random_seed(39)
    Xtr, ytr, Xva, yva = pk_split(39, raw=True)
    m = keras.Sequential([keras.Input((5,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
    m.compile("adam", "mse")
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=40, batch_size=32, verbose=0)
    json.dump(h.history, open(os.path.join(out, "hist.json"), "w"))


def run_act_keras_conv1d_history(out):
    keras = _k()
    keras.utils.set_random_seed(40)
    Xtr, ytr, Xva, yva = act_split(40)
    Xtr, Xva = Xtr.transpose(0, 2, 1), Xva.transpose(0, 2, 1)
    m = keras.Sequential([keras.Input((64, 3)), keras.layers.Conv1D(24, 7, activation="relu"), keras.layers.MaxPooling1D(2),
                          keras.layers.Conv1D(32, 5, activation="relu"), keras.layers.GlobalAveragePooling1D(),
                          keras.layers.Dropout(0.2), keras.layers.Dense(6, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=20, batch_size=64, verbose=0)
    with open(os.path.join(out, "history.json"), "w") as f:
        json.dump({k: [round(float(x), 6) for x in v] for k, v in h.history.items()}, f)


# ----------------------------------------------------------------------------------------------- HF Trainer

def _hf(out, lr, seed, model="deberta", shuffle_labels=False, epochs=6, warmup=20):
    import numpy as np
    import torch
    import transformers as T
    T.set_seed(seed)
    Xtr, ytr, Xva, yva = ttt_split(seed, n=1800)
    if shuffle_labels:
        ytr = np.random.default_rng(seed).permutation(ytr)

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, y):
            self.X = np.c_[np.full(len(X), 4), X + 1]     # [CLS]=4, cells 1..3
            self.y = y

        def __len__(self):
            return len(self.X)

        def __getitem__(self, i):
            return {"input_ids": torch.tensor(self.X[i]), "attention_mask": torch.ones(10, dtype=torch.long),
                    "labels": torch.tensor(int(self.y[i]))}
    if model == "deberta":
        cfg = T.DebertaV2Config(vocab_size=8, hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                                intermediate_size=96, max_position_embeddings=16, num_labels=3, pad_token_id=0,
                                type_vocab_size=0)
        net = T.DebertaV2ForSequenceClassification(cfg)
    else:
        cfg = T.MPNetConfig(vocab_size=8, hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                            intermediate_size=96, max_position_embeddings=20, num_labels=3, pad_token_id=0)
        net = T.MPNetForSequenceClassification(cfg)

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    args = T.TrainingArguments(output_dir=out, learning_rate=lr, num_train_epochs=epochs, per_device_train_batch_size=32,
                               per_device_eval_batch_size=128, eval_strategy="steps", eval_steps=30, logging_steps=6,
                               save_strategy="no", report_to=["tensorboard"], seed=seed, warmup_steps=warmup,
                               use_cpu=True, disable_tqdm=True)
    tr = T.Trainer(model=net, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=metrics)
    res = tr.train()
    tr.log_metrics("train", res.metrics)
    tr.save_metrics("train", res.metrics)
    ev = tr.evaluate()
    tr.save_metrics("eval", ev)
    tr.save_state()


def run_ttt_deberta_hf(out):
    _hf(out, 1e-3, 41)


def run_ttt_deberta_lr200_hf(out):
    _hf(out, 200.0, 42)


def run_ttt_deberta_shuffled_labels_hf(out):
    _hf(out, 1e-3, 43, shuffle_labels=True)


def run_ttt_mpnet_hf(out):
    _hf(out, 1e-3, 44, model="mpnet")


def run_ttt_mpnet_lr1e7_hf(out):
    _hf(out, 1e-7, 45, model="mpnet")


# ----------------------------------------------------------------------------------------------- driver

RUNS_LIST = [
    ("text_log", "act-cnn-adam-print", run_act_cnn_adam_print),
    ("text_log", "act-gru-sgd-lr3-print", run_act_gru_sgd_lr3_print),
    ("text_log", "ttt-mlp-logging-ts", run_ttt_mlp_logging_ts),
    ("text_log", "ttt-mlp-shuffled-labels-logging", run_ttt_mlp_shuffled_labels_logging),
    ("text_log", "gcn-sbm-print", run_gcn_sbm_print),
    ("text_log", "gcn-frozen-print", run_gcn_frozen_print),
    ("text_log", "pk-mlp-raw-units-print", run_pk_mlp_raw_units_print),
    ("text_log", "act-cnn-cosine-tqdm", run_act_cnn_tqdm),
    ("text_log", "act-cnn-lr-sweep-two-runs", run_act_lr_sweep_two_runs),
    ("text_log", "act-cnn-killed-resumed", run_act_cnn_resumed),
    ("text_log", "ttt-transformer-killed", run_ttt_transformer_killed),
    ("text_log", "pk-mlp-max-steps-debug", run_pk_mlp_max_steps_debug),
    ("text_log", "act-relu-rnn-exploding", run_act_rnn_exploding),
    ("text_log", "ttt-mlp-no-zero-grad-logging", run_ttt_mlp_no_zero_grad_logging),
    ("text_log", "flow-realnvp-print", run_flow_realnvp_print),
    ("csv_custom", "pk-numpy-gd-csv", run_pk_numpy_gd_csv),
    ("csv_custom", "pk-numpy-gd-lr-low-csv", run_pk_numpy_gd_lr_low_csv),
    ("csv_custom", "act-mlp-adam-lr05-dictwriter", run_act_mlp_adam_lr05_dictwriter),
    ("csv_custom", "ttt-mlp-jsonl", run_ttt_mlp_jsonl),
    ("csv_custom", "gcn-relu-probs-log0-jsonl", run_gcn_relu_probs_log0_jsonl),
    ("csv_custom", "flow-realnvp-adam-lr03-pandas", run_flow_realnvp_adam_lr_high_pandas),
    ("csv_custom", "act-cnn-bn-cosine-tsv", run_act_cnn_cosine_tsv),
    ("csv_custom", "ttt-mlp-ce-on-sigmoid-csv", run_ttt_mlp_ce_on_sigmoid_csv),
    ("tfevents", "act-cnn-adam-tb", run_act_cnn_tb),
    ("tfevents", "act-cnn-sgd-lr2-tb", run_act_cnn_sgd_lr2_tb),
    ("tfevents", "ttt-transformer-warmup-cosine-tb", run_ttt_transformer_warmup_cosine_tb),
    ("tfevents", "gcn-adam-lr1e5-tb", run_gcn_adam_lr_low_tb),
    ("tfevents", "pk-mlp-steplr-tb", run_pk_mlp_steplr_tb),
    ("tfevents", "pk-mlp-bn-dropout-no-eval-tb", run_pk_mlp_bn_dropout_no_eval_tb),
    ("tfevents", "ttt-mlp-tiny-set-tb", run_ttt_mlp_tiny_set_tb),
    ("tfevents", "act-gru-clip-tb", run_act_gru_tb),
    ("lightning_csv", "act-lit-cnn-csvlogger", run_act_lit_cnn_csvlogger),
    ("lightning_csv", "ttt-lit-mlp-sgd-lr5-csvlogger", run_ttt_lit_mlp_sgd_lr5_csvlogger),
    ("lightning_csv", "pk-lit-mlp-earlystop-csvlogger", run_pk_lit_mlp_earlystop_csvlogger),
    ("lightning_csv", "act-lit-gru-cosine-tblogger", run_act_lit_gru_cosine_tblogger),
    ("lightning_csv", "act-lit-cnn-sgd-lr1e5-csvlogger", run_act_lit_cnn_sgd_lr_low_csvlogger),
    ("keras_csvlogger", "ttt-keras-dense-csvlogger", run_ttt_keras_dense_csvlogger),
    ("keras_csvlogger", "act-keras-conv1d-sgd-lr5-csvlogger", run_act_keras_conv1d_sgd_lr5_csvlogger),
    ("keras_history_json", "pk-keras-dense-earlystop-history-json", run_pk_keras_dense_earlystop_history),
    ("keras_history_json", "pk-keras-raw-units-history-json", run_pk_keras_raw_units_history),
    ("keras_history_json", "act-keras-conv1d-history-json", run_act_keras_conv1d_history),
    ("hf_trainer_state", "ttt-deberta-hf", run_ttt_deberta_hf),
    ("hf_trainer_state", "ttt-deberta-lr200-hf", run_ttt_deberta_lr200_hf),
    ("hf_trainer_state", "ttt-deberta-shuffled-labels-hf", run_ttt_deberta_shuffled_labels_hf),
    ("hf_trainer_state", "ttt-mpnet-hf", run_ttt_mpnet_hf),
    ("hf_trainer_state", "ttt-mpnet-lr1e7-hf", run_ttt_mpnet_lr1e7_hf),
]
BY_NAME = {n: (fmt, fn) for fmt, n, fn in RUNS_LIST}

# ----------------------------------------------------------------------------------------------- added after the first pass
# (four ordinary recipes, added after a first look at the numbers of the first 46 runs and before any label was final,
# because several healthy recipes of the first pass were still improving when they stopped)

def run_pk_mlp_cosine_logging(out):
    import logging
    import torch
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-8s %(message)s", datefmt="%H:%M:%S")
    seed_all(46)
    Xtr, ytr, Xva, yva = pk_split(46)
    m = mlp(6, 1, 96, 2)
    opt = torch.optim.AdamW(m.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 30)

    def ep(e, tl, ta, vl, va):
        logging.info("epoch %d/30  train_mse %.5f  val_mse %.5f  lr %.2e", e, tl, vl, opt.param_groups[0]["lr"])
    fit(m, Xtr, ytr, Xva, yva, 30, opt, sched=sched, on_epoch=ep, seed=46, task="reg")


def run_act_cnn_bf16_accum_csvwriter(out):
    import csv
    import numpy as np
    import torch
    import torch.nn.functional as F
    seed_all(47)
    Xtr, ytr, Xva, yva = act_split(47)
    m = act_cnn()
    opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=4e-3, total_steps=40 * 19)
    ACCUM = 2
    r = np.random.default_rng(47)
    Xt, yt, Xv, yv = map(torch.tensor, (Xtr, ytr, Xva, yva))
    fh = open(os.path.join(out, "training_log.csv"), "w", newline="")
    w = csv.writer(fh)
    w.writerow(["epoch", "train_loss", "val_loss", "val_acc", "lr"])
    for e in range(40):
        m.train()
        losses = []
        for i, b in enumerate(batches(len(Xtr), 64, r)):
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = F.cross_entropy(m(Xt[b]), yt[b]) / ACCUM
            loss.backward()
            losses.append(loss.item() * ACCUM)
            if (i + 1) % ACCUM == 0:
                opt.step()
                opt.zero_grad()
                sched.step()
        m.eval()
        with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
            o = m(Xv).float()
        w.writerow([e, round(float(np.mean(losses)), 5), round(F.cross_entropy(o, yv).item(), 5),
                    round((o.argmax(1) == yv).float().mean().item(), 4), f"{sched.get_last_lr()[0]:.3e}"])
    fh.close()


def run_ttt_mlp_nesterov_tb(out):
    import torch
    seed_all(48)
    Xtr, ytr, Xva, yva = ttt_split(48)
    m = mlp(27, 3, 128, 2)
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9, nesterov=True, weight_decay=5e-4)
    w = _writer(os.path.join(out, "runs", "ttt_sgd"))
    cur = {"s": 0}

    def st(s, e, l, g):
        cur["s"] = s
        if s % 5 == 0:
            w.add_scalar("train/loss", l, s)

    def ep(e, tl, ta, vl, va):
        w.add_scalars("loss", {"train": tl, "val": vl}, e)
        w.add_scalar("val/acc", va, e)
    fit(m, ttt_onehot(Xtr), ytr, ttt_onehot(Xva), yva, 30, opt, on_step=st, on_epoch=ep, seed=48)
    w.close()


def run_act_lit_cnn_long_csvlogger(out):
    import lightning as L
    L.seed_everything(49)
    tr, va = _loaders(*act_split(49))
    _trainer(out, 40).fit(_lit(act_cnn(), 2e-3), tr, va)


RUNS_LIST += [
    ("text_log", "pk-mlp-cosine-logging", run_pk_mlp_cosine_logging),
    ("csv_custom", "act-cnn-bf16-accum-onecycle-csvwriter", run_act_cnn_bf16_accum_csvwriter),
    ("tfevents", "ttt-mlp-nesterov-addscalars-tb", run_ttt_mlp_nesterov_tb),
    ("lightning_csv", "act-lit-cnn-40ep-csvlogger", run_act_lit_cnn_long_csvlogger),
]
BY_NAME = {n: (fmt, fn) for fmt, n, fn in RUNS_LIST}


def child(name):
    fmt, fn = BY_NAME[name]
    out = os.path.join(RUNS, fmt, name)
    import torch
    torch.set_num_threads(1)
    fn(out)


def drive(names):
    import shutil
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1",
               TOKENIZERS_PARALLELISM="false", TRANSFORMERS_NO_ADVISORY_WARNINGS="1")
    os.makedirs("/tmp/nu10_stderr", exist_ok=True)
    t_all = time.time()
    for fmt, name, _ in RUNS_LIST:
        if names and name not in names:
            continue
        out = os.path.join(RUNS, fmt, name)
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        t0 = time.time()
        cmd = [sys.executable, os.path.abspath(__file__), "--child", name]
        if fmt == "text_log":
            with open(os.path.join(out, "train.log"), "w") as fh:
                rc = subprocess.call(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out)
            if name == "act-cnn-killed-resumed":
                with open(os.path.join(out, "train.log"), "a") as fh:
                    rc = subprocess.call(cmd, stdout=fh, stderr=subprocess.STDOUT, env=dict(env, NU10_RESUME="1"), cwd=out)
        else:
            with open(f"/tmp/nu10_stderr/{name}.txt", "w") as fh:
                rc = subprocess.call(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out)
        print(f"{fmt}/{name}: rc={rc} {time.time() - t0:.1f}s", flush=True)
    print(f"all: {time.time() - t_all:.0f}s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2])
    else:
        drive(set(sys.argv[1:]))
