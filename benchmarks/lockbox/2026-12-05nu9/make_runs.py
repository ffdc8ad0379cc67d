"""Make the nu9 lock-box batch: small real trainings on CPU, one process per run.

    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py            # every run
    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py NAME ...   # only these

Tasks (all generated with numpy here): compound identification from simulated spectra with Lorentzian peaks
("spec"), the longest run of ones in a 24-bit string ("runs"), the large-amplitude pendulum period on several planets
("pend"), associative recall of key->value pairs ("recall"), building energy use from a table with categorical
columns and missing values ("energy").
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


# ----------------------------------------------------------------------------------------------- data
def data_spec(n, seed, k=10, bins=80):
    import numpy as np
    rng = np.random.default_rng(1000 + seed)
    proto = np.random.default_rng(7)  # the compounds are the same in every run
    cand = proto.choice(np.arange(6, bins - 6), size=18, replace=False)
    peaks = [proto.choice(cand, size=3, replace=False) for _ in range(k)]
    heights = [proto.uniform(0.4, 1.0, size=3) for _ in range(k)]
    y = rng.integers(0, k, size=n)
    grid = np.arange(bins)[None, :]
    X = np.zeros((n, bins))
    for j in range(3):
        pos = np.array([peaks[c][j] for c in y]) + rng.normal(0, 1.2, size=n)
        h = np.array([heights[c][j] for c in y]) * rng.uniform(0.6, 1.4, size=n)
        w = rng.uniform(1.2, 2.6, size=n)
        X += h[:, None] / (1 + ((grid - pos[:, None]) / w[:, None]) ** 2)
    X += rng.uniform(-0.3, 0.3, size=(n, 1)) * grid / bins + rng.normal(0, 0.12, size=(n, bins))
    return X.astype("float32"), y.astype("int64")


def longest_run(bits):
    import numpy as np
    cur = np.zeros(len(bits), dtype=int)
    best = np.zeros(len(bits), dtype=int)
    for t in range(bits.shape[1]):
        cur = np.where(bits[:, t] == 1, cur + 1, 0)
        best = np.maximum(best, cur)
    return best


def data_runs(n, seed, length=24):
    """Classes: longest run of ones 2, 3, 4, 5, 6, >=7 (balanced by rejection)."""
    import numpy as np
    rng = np.random.default_rng(2000 + seed)
    per = n // 6
    out_x, out_y = [], []
    counts = np.zeros(6, dtype=int)
    while counts.min() < per:
        p = rng.uniform(0.3, 0.8, size=(4 * n, 1))
        bits = (rng.random((4 * n, length)) < p).astype(int)
        cls = np.clip(longest_run(bits), 2, 7) - 2
        ok = longest_run(bits) >= 2
        for b, c, o in zip(bits, cls, ok):
            if o and counts[c] < per:
                out_x.append(b)
                out_y.append(c)
                counts[c] += 1
    X = np.array(out_x)
    y = np.array(out_y)
    order = rng.permutation(len(y))
    return X[order].astype("int64"), y[order].astype("int64")


def agm(a, b):
    import numpy as np
    for _ in range(30):
        a, b = (a + b) / 2, np.sqrt(a * b)
    return a


def data_pend(n, seed, raw=False):
    """Period of a pendulum released at a large angle, on a planet with gravity g."""
    import numpy as np
    rng = np.random.default_rng(3000 + seed)
    L = rng.uniform(0.2, 3.0, size=n)
    theta = rng.uniform(math.radians(5), math.radians(170), size=n)
    g = rng.choice([1.62, 3.71, 8.87, 9.81, 11.15, 24.79], size=n) * rng.uniform(0.98, 1.02, size=n)
    T = 2 * np.pi * np.sqrt(L / g) / agm(1.0, np.cos(theta / 2))
    T = T * (1 + rng.normal(0, 0.01, size=n))
    if raw:  # millimetres, degrees, m/s^2 -> milliseconds
        X = np.stack([L * 1000, np.degrees(theta), g], 1)
        return X.astype("float32"), (T * 1000).astype("float32")
    X = np.stack([np.log(L), theta, np.log(g)], 1)
    X = (X - X.mean(0)) / X.std(0)
    t = np.log(T)
    t = (t - t.mean()) / t.std()
    return X.astype("float32"), t.astype("float32")


def data_recall(n, seed, pairs=4, nkeys=8, nvals=8):
    """Tokens: keys 0..7, values 8..15, query marker 16, then the query key; target: its value (0..7)."""
    import numpy as np
    rng = np.random.default_rng(4000 + seed)
    X = np.zeros((n, 2 * pairs + 2), dtype="int64")
    y = np.zeros(n, dtype="int64")
    for i in range(n):
        keys = rng.choice(nkeys, size=pairs, replace=False)
        vals = rng.integers(0, nvals, size=pairs)
        X[i, 0:2 * pairs:2] = keys
        X[i, 1:2 * pairs:2] = vals + nkeys
        X[i, -2] = nkeys + nvals
        q = rng.integers(pairs)
        X[i, -1] = keys[q]
        y[i] = vals[q]
    return X, y


def data_energy(n, seed):
    """Building energy use (kWh/m^2/yr): numeric + categorical columns, insulation missing for 15%."""
    import numpy as np
    rng = np.random.default_rng(5000 + seed)
    area = np.exp(rng.normal(7.0, 0.8, size=n))
    year = rng.integers(1900, 2024, size=n)
    floors = rng.integers(1, 20, size=n)
    btype = rng.integers(0, 5, size=n)      # office, school, retail, hospital, warehouse
    zone = rng.integers(0, 4, size=n)        # climate zone
    insul = rng.uniform(0, 10, size=n)
    base = np.array([180, 140, 220, 390, 90])[btype]
    climate = np.array([0.8, 1.0, 1.2, 1.45])[zone]
    eui = base * climate * (1.35 - 0.05 * insul) * (1 + 0.004 * np.clip(2000 - year, 0, None)) \
        * (1 - 0.06 * np.log(area / 1000)) * (1 + 0.01 * floors)
    eui = eui * np.exp(rng.normal(0, 0.08, size=n))
    miss = rng.random(n) < 0.15
    insul_obs = np.where(miss, np.nan, insul)
    med = np.nanmedian(insul_obs)
    num = np.stack([np.log(area), (year - 1960) / 35.0, floors / 10.0, np.where(miss, med, insul_obs) / 5.0,
                    miss.astype(float)], 1)
    num = (num - num.mean(0)) / (num.std(0) + 1e-8)
    cats = np.stack([btype, zone], 1)
    t = np.log(eui)
    t = (t - t.mean()) / t.std()
    return num.astype("float32"), cats.astype("int64"), t.astype("float32")


def split(*arrays, frac=0.8):
    n = len(arrays[0])
    cut = int(n * frac)
    return [a[:cut] for a in arrays], [a[cut:] for a in arrays]


# ----------------------------------------------------------------------------------------------- torch models
def T(x):
    import torch
    return torch.as_tensor(x)


def mlp(d_in, hidden, d_out, depth=2, bn=False, drop=0.0):
    import torch.nn as nn
    layers, d = [], d_in
    for _ in range(depth):
        layers.append(nn.Linear(d, hidden))
        if bn:
            layers.append(nn.BatchNorm1d(hidden))
        layers.append(nn.ReLU())
        if drop:
            layers.append(nn.Dropout(drop))
        d = hidden
    layers.append(nn.Linear(d, d_out))
    return nn.Sequential(*layers)


def spec_cnn(k=10):
    import torch.nn as nn

    class SpecCNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Conv1d(1, 16, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
                                      nn.Conv1d(16, 32, 5, padding=2), nn.ReLU(), nn.AdaptiveMaxPool1d(4))
            self.head = nn.Linear(128, k)

        def forward(self, x):
            return self.head(self.body(x.unsqueeze(1)).flatten(1))
    return SpecCNN()


def bits_rnn(kind="gru", hidden=48, k=6):
    import torch.nn as nn

    class BitsRNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(2, 8)
            rnn = {"gru": nn.GRU, "lstm": nn.LSTM}[kind] if kind != "relu" else None
            self.rnn = rnn(8, hidden, batch_first=True) if rnn else nn.RNN(8, hidden, nonlinearity="relu",
                                                                           batch_first=True)
            self.out = nn.Linear(hidden, k)

        def forward(self, x):
            h, _ = self.rnn(self.emb(x))
            return self.out(h[:, -1])
    return BitsRNN()


def bits_cnn(k=6):
    import torch.nn as nn

    class BitsCNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.c = nn.Sequential(nn.Conv1d(1, 24, 3, padding=1), nn.ReLU(), nn.Conv1d(24, 24, 3, padding=2,
                                   dilation=2), nn.ReLU(), nn.Conv1d(24, 24, 3, padding=4, dilation=4), nn.ReLU())
            self.out = nn.Linear(24, k)

        def forward(self, x):
            return self.out(self.c(x.float().unsqueeze(1)).amax(-1))
    return BitsCNN()


def recall_net(kind="attn", d=48, k=8, vocab=17, length=10):
    import torch
    import torch.nn as nn

    class Recall(nn.Module):
        def __init__(self):
            super().__init__()
            self.tok = nn.Embedding(vocab, d)
            self.pos = nn.Parameter(torch.randn(length, d) * 0.1)
            if kind == "attn":
                layer = nn.TransformerEncoderLayer(d, 4, 96, dropout=0.0, batch_first=True)
                self.enc = nn.TransformerEncoder(layer, 2)
            else:
                self.enc = nn.GRU(d, d, batch_first=True)
            self.out = nn.Linear(d, k)

        def forward(self, x):
            h = self.tok(x) + self.pos
            h = self.enc(h)
            if isinstance(h, tuple):
                h = h[0]
            return self.out(h[:, -1])
    return Recall()


def energy_net(hidden=64):
    import torch
    import torch.nn as nn

    class EnergyNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.bt = nn.Embedding(5, 4)
            self.cz = nn.Embedding(4, 3)
            self.f = mlp(5 + 7, hidden, 1, depth=2)

        def forward(self, num, cats):
            return self.f(torch.cat([num, self.bt(cats[:, 0]), self.cz(cats[:, 1])], 1)).squeeze(1)
    return EnergyNet()


def grad_norm(model):
    import torch
    g = [p.grad.detach().norm() for p in model.parameters() if p.grad is not None]
    return float(torch.stack(g).norm()) if g else 0.0


def fit(model, opt, lossf, tr, va, epochs, bs, seed=0, on_step=None, on_epoch=None, sched=None, sched_per_step=False,
        zero_grad=True, eval_mode=True, task="clf", max_steps=None, start_epoch=0, clip=None):
    """Plain loop. tr/va: tuples of tensors, last one is the target. Returns nothing; logging is the caller's."""
    import torch
    g = torch.Generator().manual_seed(seed + start_epoch)
    n = len(tr[-1])
    step = start_epoch * math.ceil(n / bs)
    for ep in range(start_epoch + 1, epochs + 1):
        model.train()
        perm = torch.randperm(n, generator=g)
        tot, cnt = 0.0, 0
        for i in range(0, n, bs):
            idx = perm[i:i + bs]
            xs = [a[idx] for a in tr[:-1]]
            yb = tr[-1][idx]
            if zero_grad:
                opt.zero_grad()
            loss = lossf(model(*xs), yb)
            loss.backward()
            gn = grad_norm(model)
            if clip:
                torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
            opt.step()
            if sched is not None and sched_per_step:
                sched.step()
            step += 1
            tot += loss.item() * len(idx)
            cnt += len(idx)
            if on_step:
                on_step(step, ep, loss.item(), gn, opt.param_groups[0]["lr"])
            if max_steps and step >= max_steps:
                break
        vl, vm = evaluate(model, lossf, va, task, eval_mode)
        stop = on_epoch(ep, tot / cnt, vl, vm, step, opt.param_groups[0]["lr"]) if on_epoch else None
        if sched is not None and not sched_per_step:
            sched.step()
        if stop or (max_steps and step >= max_steps):
            break


def evaluate(model, lossf, va, task="clf", eval_mode=True):
    import torch
    if eval_mode:
        model.eval()
    with torch.no_grad():
        out = model(*va[:-1])
        loss = lossf(out, va[-1]).item()
        if task == "clf":
            metric = (out.argmax(-1) == va[-1]).float().mean().item()
        else:
            metric = float(torch.sqrt(((out - va[-1]) ** 2).mean()))
    model.train()
    return loss, metric


def seed_all(s):
    import random
    import numpy as np
    import torch
    random.seed(s)
    np.random.seed(s)
    torch.manual_seed(s)


def spec_tensors(n=3000, seed=0):
    X, y = data_spec(n, seed)
    (a, b), (c, d) = split(X, y)
    return (T(a), T(b)), (T(c), T(d))


def runs_tensors(n=3000, seed=0):
    X, y = data_runs(n, seed)
    (a, b), (c, d) = split(X, y)
    return (T(a), T(b)), (T(c), T(d))


def pend_tensors(n=2000, seed=0, raw=False):
    X, y = data_pend(n, seed, raw)
    (a, b), (c, d) = split(X, y)
    return (T(a), T(b)), (T(c), T(d))


def recall_tensors(n=4000, seed=0):
    X, y = data_recall(n, seed)
    (a, b), (c, d) = split(X, y)
    return (T(a), T(b)), (T(c), T(d))


def energy_tensors(n=2500, seed=0):
    num, cats, t = data_energy(n, seed)
    (a, b, c), (d, e, f) = split(num, cats, t)
    return (T(a), T(b), T(c)), (T(d), T(e), T(f))


# ----------------------------------------------------------------------------------------------- text logs
# stdout and stderr of these runs go to runs/text_log/<name>/train.log (the driver redirects them).
def r_spec_mlp_adam_print(out):
    import torch
    seed_all(1)
    tr, va = spec_tensors(seed=1)
    model = mlp(80, 128, 10)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    print("training spectra MLP, 2400 train / 600 val")

    def ep(e, tl, vl, va_, step, lr):
        print(f"ep {e} | loss {tl:.4f} | val_loss {vl:.4f} | val_acc {va_:.3f}")
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 30, 64, seed=1, on_epoch=ep)
    print("done")


def r_spec_mlp_sgd_lr4_print(out):
    import torch
    seed_all(2)
    tr, va = spec_tensors(seed=2)
    model = mlp(80, 128, 10)
    opt = torch.optim.SGD(model.parameters(), lr=4.0, momentum=0.9)

    def ep(e, tl, vl, va_, step, lr):
        print(f"Epoch {e}: train={tl:.4f}  Eval loss={vl:.4f} acc={100 * va_:.1f}%")
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 25, 32, seed=2, on_epoch=ep)


def r_runs_gru_logging_ts(out):
    import logging
    import torch
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(message)s", stream=sys.stdout)
    log = logging.getLogger()
    seed_all(3)
    tr, va = runs_tensors(seed=3)
    model = bits_rnn("gru")
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)

    def st(step, e, l, gn, lr):
        if step % 10 == 0:
            log.info("step %d loss %.4f", step, l)

    def ep(e, tl, vl, va_, step, lr):
        log.info("dev | epoch %d | loss %.4f | acc %.2f%%", e, vl, 100 * va_)
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 20, 64, seed=3, on_step=st, on_epoch=ep)


def r_runs_relu_rnn_explode_logging(out):
    import logging
    import torch
    logging.basicConfig(level=logging.INFO, stream=sys.stdout)  # default format, no timestamp
    log = logging.getLogger("bits")
    seed_all(4)
    X, y = data_runs(3000, 4, length=48)
    (a, b), (c, d) = split(X, y)
    tr, va = (T(a), T(b)), (T(c), T(d))
    model = bits_rnn("relu", hidden=64)
    with torch.no_grad():  # "bigger init so the signal survives 48 steps"
        model.rnn.weight_hh_l0.normal_(0, 0.35)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

    def st(step, e, l, gn, lr):
        if step % 5 == 0:
            log.info("it %d loss=%.4f gnorm=%.3g", step, l, gn)

    def ep(e, tl, vl, va_, step, lr):
        log.info("validation epoch %d: loss=%.4f acc=%.3f", e, vl, va_)
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 8, 32, seed=4, on_step=st, on_epoch=ep)


def r_pend_mlp_cosine_print(out):
    import torch
    seed_all(5)
    tr, va = pend_tensors(seed=5)
    net = Wrap(mlp(3, 64, 1))
    opt = torch.optim.Adam(net.parameters(), lr=3e-3)
    epochs = 40
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs * 25)

    def st(step, e, l, gn, lr):
        if step % 20 == 0:
            print(f"  step {step:5d}  mse {l:.5f}  lr {lr:.2e}")

    def ep(e, tl, vl, va_, step, lr):
        print(f"Test after epoch {e}: mse={vl:.5f} rmse={va_:.4f}")
    fit(net, opt, torch.nn.MSELoss(), tr, va, epochs, 64, seed=5, on_step=st, on_epoch=ep, sched=sched,
        sched_per_step=True, task="reg")


class Wrap:
    """torch module whose output is squeezed (for regression targets of shape (n,))."""

    def __init__(self, m):
        self.m = m

    def __call__(self, *x):
        return self.m(*x).squeeze(-1)

    def parameters(self):
        return self.m.parameters()

    def train(self):
        self.m.train()

    def eval(self):
        self.m.eval()


def r_pend_mlp_raw_units_logging(out):
    import logging
    import torch
    logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(message)s", datefmt="%H:%M:%S",
                        stream=sys.stdout)
    seed_all(6)
    tr, va = pend_tensors(seed=6, raw=True)
    model = Wrap(mlp(3, 64, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def ep(e, tl, vl, va_, step, lr):
        logging.info(f"epoch={e:02d} train_mse={tl:.2f} val_mse={vl:.2f}")
    fit(model, opt, torch.nn.MSELoss(), tr, va, 40, 64, seed=6, on_epoch=ep, task="reg")


def r_recall_transformer_tqdm(out):
    import torch
    from tqdm import tqdm
    seed_all(7)
    tr, va = recall_tensors(seed=7)
    model = recall_net("attn")
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=0.01)
    lossf = torch.nn.CrossEntropyLoss()
    n = len(tr[1])
    g = torch.Generator().manual_seed(7)
    for e in range(1, 16):
        perm = torch.randperm(n, generator=g)
        bar = tqdm(range(0, n, 64), desc=f"epoch {e}", mininterval=0, ncols=90)
        model.train()
        for i in bar:
            idx = perm[i:i + 64]
            opt.zero_grad()
            loss = lossf(model(tr[0][idx]), tr[1][idx])
            loss.backward()
            opt.step()
            bar.set_postfix(loss=f"{loss.item():.4f}")
        vl, acc = evaluate(model, lossf, va)
        tqdm.write(f"val: acc={acc:.4f} loss={vl:.4f}")


def r_spec_sgd_sweep_two_runs(out):
    import torch
    tr, va = spec_tensors(seed=8)
    for lr in [0.05, 8.0]:
        seed_all(8)
        print(f"=== sweep: SGD lr={lr} ===")
        model = mlp(80, 96, 10)
        opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)

        def st(step, e, l, gn, lr_, lr_tag=lr):
            if step % 15 == 0:
                print(f"(lr {lr_tag}) step {step} loss {l:.4f}")

        def ep(e, tl, vl, va_, step, lr_, lr_tag=lr):
            print(f"(lr {lr_tag}) epoch {e} val loss {vl:.4f} val acc {va_:.4f}")
        fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 12, 64, seed=8, on_step=st, on_epoch=ep)


def r_runs_gru_killed(out):
    import torch
    seed_all(9)
    tr, va = runs_tensors(seed=9)
    model = bits_rnn("gru", hidden=32)
    opt = torch.optim.RMSprop(model.parameters(), lr=2e-3)
    print("bits GRU, 30 epochs")

    def ep(e, tl, vl, va_, step, lr):
        print(f"{e:02d}/30  train_loss: {tl:.4f}  val_loss: {vl:.4f}  val_acc: {va_:.4f}")
        if e == 11:  # the job is killed by the scheduler here (for real: SIGKILL, no message)
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 30, 64, seed=9, on_epoch=ep)


def r_spec_cnn_killed_resumed(out, resume=False):
    import torch
    seed_all(10)
    tr, va = spec_tensors(seed=10)
    model = spec_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    ck = "/tmp/nu9_ckpt_spec_cnn.pt"
    start = 0
    if resume:
        state = torch.load(ck)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        start = state["epoch"]
        print(f"Resumed from {ck} at epoch {start}")

    def ep(e, tl, vl, va_, step, lr):
        print(f"epoch {e} step {step} loss {tl:.4f} Test loss {vl:.4f} Test acc {va_:.4f}")
        if e % 5 == 0:
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": e}, ck)
        if e == 13 and not resume:
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 24, 64, seed=10, on_epoch=ep, start_epoch=start)
    if resume:
        os.remove(ck)


def r_energy_mlp_max_steps_debug(out):
    import torch
    seed_all(11)
    tr, va = energy_tensors(seed=11)
    model = energy_net()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    MAX_STEPS = 20  # debug, forgot to remove

    def st(step, e, l, gn, lr):
        print(f"Step {step} - loss: {l:.4f}")
    fit(model, opt, torch.nn.MSELoss(), tr, va, 50, 32, seed=11, on_step=st, task="reg", max_steps=MAX_STEPS)
    vl, rmse = evaluate(model, torch.nn.MSELoss(), va, "reg")
    print(f"Final dev mse {vl:.4f} (rmse {rmse:.4f})")


def r_spec_handwritten_log_softmax(out):
    import torch
    seed_all(12)
    tr, va = spec_tensors(seed=12)
    model = mlp(80, 128, 10)
    opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)

    def my_ce(logits, y):  # "sharper softmax trains faster"
        p = torch.softmax(logits / 0.05, dim=1)
        return -torch.log(p[torch.arange(len(y)), y]).mean()

    def st(step, e, l, gn, lr):
        if step % 10 == 0:
            print(f"[{e}:{step}] loss={l}")

    def ep(e, tl, vl, va_, step, lr):
        print(f"[{e}] val loss={vl} val acc={va_}")
    fit(model, opt, my_ce, tr, va, 10, 64, seed=12, on_step=st, on_epoch=ep)


def r_recall_gru_print_steps(out):
    import torch
    seed_all(13)
    tr, va = recall_tensors(seed=13)
    model = recall_net("gru", d=64)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)

    def st(step, e, l, gn, lr):
        if step % 25 == 0:
            print("step", step, "loss", round(l, 4))

    def ep(e, tl, vl, va_, step, lr):
        print("Eval", "epoch", e, "loss", round(vl, 4), "accuracy", round(va_, 4))
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 25, 50, seed=13, on_step=st, on_epoch=ep)


def r_pend_numpy_poly_gd_print(out):
    import numpy as np
    X, y = data_pend(1500, 14)
    feats = lambda X: np.concatenate([X, X ** 2, X[:, :1] * X[:, 1:2], X[:, 1:2] * X[:, 2:3],  # noqa: E731
                                      X[:, 1:2] ** 3], 1)
    F = feats(X)
    (a, b), (c, d) = split(F, y)
    w = np.zeros(F.shape[1])
    bias = 0.0
    lr = 0.05
    for it in range(1, 301):
        pred = a @ w + bias
        err = pred - b
        w -= lr * (a.T @ err) / len(b) * 2
        bias -= lr * err.mean() * 2
        if it % 5 == 0:
            dev = np.mean((c @ w + bias - d) ** 2)
            print(f"iter {it:3d} train_mse {np.mean(err ** 2):.5f} dev_mse {dev:.5f}")


def r_energy_mlp_sgd_lr_low_logging(out):
    import logging
    import torch
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s: %(message)s", stream=sys.stdout)
    log = logging.getLogger("energy")
    seed_all(15)
    tr, va = energy_tensors(seed=15)
    model = energy_net()
    opt = torch.optim.SGD(model.parameters(), lr=1e-5)

    def ep(e, tl, vl, va_, step, lr):
        log.info(f"epoch {e}: mse {tl:.4f}, val mse {vl:.4f}, val rmse {va_:.4f}")
    fit(model, opt, torch.nn.MSELoss(), tr, va, 30, 32, seed=15, on_epoch=ep, task="reg")


# ----------------------------------------------------------------------------------------------- csv / jsonl by hand
def r_spec_mlp_csv_writer(out):
    import csv
    import torch
    seed_all(21)
    tr, va = spec_tensors(seed=21)
    model = mlp(80, 64, 10, drop=0.1)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, 10, 0.3)
    with open(os.path.join(out, "history.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["epoch", "train_loss", "val_loss", "val_accuracy", "lr"])

        def ep(e, tl, vl, va_, step, lr):
            w.writerow([e, tl, vl, va_, lr])
        fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 30, 64, seed=21, on_epoch=ep, sched=sched)


def r_spec_mlp_no_zero_grad_jsonl(out):
    import torch
    seed_all(22)
    tr, va = spec_tensors(seed=22)
    model = mlp(80, 64, 10)
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    fh = open(os.path.join(out, "log.jsonl"), "w")

    def st(step, e, l, gn, lr):
        fh.write(json.dumps({"it": step, "loss": round(l, 5), "grad_norm": round(gn, 4)}) + "\n")

    def ep(e, tl, vl, va_, step, lr):
        fh.write(json.dumps({"it": step, "epoch": e, "val_loss": round(vl, 5), "val_acc": round(va_, 4)}) + "\n")
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 15, 64, seed=22, on_step=st, on_epoch=ep, zero_grad=False)
    fh.close()


def r_runs_cnn_shuffled_labels_csv(out):
    import torch
    seed_all(23)
    (xa, ya), va = runs_tensors(n=1800, seed=23)
    ya = ya[torch.randperm(len(ya))]  # "shuffle the training set" -- only the labels got shuffled
    model = bits_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    lines = ["epoch,loss,acc,val_loss,val_acc"]

    def ep(e, tl, vl, va_, step, lr):
        _, tacc = evaluate(model, torch.nn.CrossEntropyLoss(), (xa, ya))
        lines.append(f"{e},{tl:.5f},{tacc:.4f},{vl:.5f},{va_:.4f}")
    fit(model, opt, torch.nn.CrossEntropyLoss(), (xa, ya), va, 60, 32, seed=23, on_epoch=ep)
    open(os.path.join(out, "metrics.csv"), "w").write("\n".join(lines) + "\n")


def r_pend_numpy_gd_lr_high_csv(out):
    import numpy as np
    X, y = data_pend(1500, 24)
    F = np.concatenate([X, X ** 2, X[:, :1] * X[:, 1:2]], 1)
    (a, b), (c, d) = split(F, y)
    w = np.zeros(F.shape[1])
    bias = 0.0
    lr = 0.9
    with open(os.path.join(out, "gd_log.csv"), "w") as fh:
        fh.write("iteration,train_mse,valid_mse\n")
        for it in range(1, 201):
            err = a @ w + bias - b
            w = w - lr * (a.T @ err) / len(b) * 2
            bias = bias - lr * err.mean() * 2
            valid = np.mean((c @ w + bias - d) ** 2) if it % 10 == 0 else ""
            fh.write(f"{it},{np.mean(err ** 2)},{valid}\n")


def r_energy_embed_mlp_pandas(out):
    import pandas as pd
    import torch
    seed_all(25)
    tr, va = energy_tensors(seed=25)
    model = energy_net()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    rows = []

    def ep(e, tl, vl, va_, step, lr):
        rows.append({"epoch": e, "train/mse": tl, "valid/mse": vl, "valid/rmse": va_})
    fit(model, opt, torch.nn.MSELoss(), tr, va, 40, 64, seed=25, on_epoch=ep, task="reg")
    pd.DataFrame(rows).to_csv(os.path.join(out, "train_log.csv"), index=False)


def r_recall_gru_adam_lr1_jsonl(out):
    import torch
    seed_all(26)
    tr, va = recall_tensors(seed=26)
    model = recall_net("gru", d=64)
    opt = torch.optim.Adam(model.parameters(), lr=1.0)
    with open(os.path.join(out, "events.jsonl"), "w") as fh:
        def st(step, e, l, gn, lr):
            if step % 4 == 0:
                print(json.dumps({"type": "train", "step": step, "loss": l}), file=fh)

        def ep(e, tl, vl, va_, step, lr):
            print(json.dumps({"type": "eval", "step": step, "epoch": e, "loss": vl, "accuracy": va_}), file=fh)
        fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 12, 64, seed=26, on_step=st, on_epoch=ep)


def r_spec_tiny_set_overfit_tsv(out):
    import torch
    seed_all(27)
    (xa, ya), va = spec_tensors(n=2000, seed=27)
    xa, ya = xa[:40], ya[:40]
    model = mlp(80, 256, 10, depth=3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    fh = open(os.path.join(out, "log.tsv"), "w")
    fh.write("epoch\ttrain_loss\ttrain_acc\tval_loss\tval_acc\n")

    def ep(e, tl, vl, va_, step, lr):
        _, tacc = evaluate(model, torch.nn.CrossEntropyLoss(), (xa, ya))
        fh.write("\t".join(str(v) for v in [e, round(tl, 5), round(tacc, 4), round(vl, 5), round(va_, 4)]) + "\n")
    fit(model, opt, torch.nn.CrossEntropyLoss(), (xa, ya), va, 150, 8, seed=27, on_epoch=ep)
    fh.close()


def r_runs_cnn_earlystop_csv(out):
    import copy
    import torch
    seed_all(28)
    tr, va = runs_tensors(seed=28)
    model = bits_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    best = [1e9, 0, None]
    fh = open(os.path.join(out, "progress.csv"), "w")
    print("step;epoch;loss;val_loss;val_acc", file=fh)

    def st(step, e, l, gn, lr):
        if step % 5 == 0:
            print(f"{step};{e};{l:.5f};;", file=fh)

    def ep(e, tl, vl, va_, step, lr):
        print(f"{step};{e};;{vl:.5f};{va_:.4f}", file=fh)
        if vl < best[0] - 1e-4:
            best[:] = [vl, 0, copy.deepcopy(model.state_dict())]
        else:
            best[1] += 1
        return best[1] >= 5  # patience 5
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 80, 64, seed=28, on_step=st, on_epoch=ep)
    fh.close()


# ----------------------------------------------------------------------------------------------- tensorboard
def sw(out, sub=""):
    from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(os.path.join(out, sub) if sub else out)


def r_spec_cnn_tb(out):
    import torch
    seed_all(31)
    tr, va = spec_tensors(seed=31)
    model = spec_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    w = sw(out, "runs/spec_cnn")

    def st(step, e, l, gn, lr):
        w.add_scalar("Loss/train", l, step)

    def ep(e, tl, vl, va_, step, lr):
        w.add_scalar("Loss/validation", vl, step)
        w.add_scalar("Accuracy/validation", va_, step)
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 15, 64, seed=31, on_step=st, on_epoch=ep)
    w.close()


def r_spec_cnn_onecycle_peak5_tb(out):
    import torch
    seed_all(32)
    tr, va = spec_tensors(seed=32)
    model = spec_cnn()
    epochs, bs = 15, 64
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=5.0, total_steps=epochs * math.ceil(2400 / bs))
    w = sw(out, "tb")

    def st(step, e, l, gn, lr):
        w.add_scalar("train/loss", l, step)
        w.add_scalar("train/lr", lr, step)

    def ep(e, tl, vl, va_, step, lr):
        w.add_scalar("val/loss", vl, e)
        w.add_scalar("val/acc", va_, e)
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, epochs, bs, seed=32, on_step=st, on_epoch=ep, sched=sched,
        sched_per_step=True)
    w.close()


def r_runs_gru_frozen_tb(out):
    import torch
    seed_all(33)
    tr, va = runs_tensors(seed=33)
    model = bits_rnn("gru")
    for name, p in model.named_parameters():  # "freeze the encoder" -- froze everything but the head bias
        p.requires_grad = name == "out.bias"
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=3e-3)
    w = sw(out)

    def st(step, e, l, gn, lr):
        if step % 2 == 0:
            w.add_scalar("loss", l, step)

    def ep(e, tl, vl, va_, step, lr):
        w.add_scalar("eval_loss", vl, step)
        w.add_scalar("eval_accuracy", va_, step)
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 15, 64, seed=33, on_step=st, on_epoch=ep)
    w.close()


def r_spec_mlp_bn_dropout_no_eval_tb(out):
    import torch
    seed_all(34)
    tr, va = spec_tensors(seed=34)
    model = mlp(80, 128, 10, depth=3, bn=True, drop=0.5)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    w = sw(out, "logs/bn_drop")

    def ep(e, tl, vl, va_, step, lr):  # evaluated without model.eval()
        w.add_scalar("epoch/train_loss", tl, e)
        w.add_scalar("epoch/val_loss", vl, e)
        w.add_scalar("epoch/val_acc", va_, e)
    va_small = va
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va_small, 25, 16, seed=34, on_epoch=ep, eval_mode=False)
    w.close()


def r_pend_mlp_steplr_tb(out):
    import torch
    seed_all(35)
    tr, va = pend_tensors(seed=35)
    model = Wrap(mlp(3, 48, 1, depth=3))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, 15, 0.2)
    w = sw(out, "tb_logs/pendulum")

    def ep(e, tl, vl, va_, step, lr):
        w.add_scalar("mse/train", tl, e)
        w.add_scalar("mse/val", vl, e)
        w.add_scalar("rmse/val", va_, e)
        w.add_scalar("lr", lr, e)
    fit(model, opt, torch.nn.MSELoss(), tr, va, 45, 32, seed=35, on_epoch=ep, sched=sched, task="reg")
    w.close()


def r_runs_gru_softmax_mse_tb(out):
    import torch
    seed_all(36)
    tr, va = runs_tensors(seed=36)
    model = bits_rnn("gru")
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)

    def lossf(logits, y):  # MSE between softmax and one-hot ("it's just a regression on probabilities")
        return torch.nn.functional.mse_loss(torch.softmax(logits, 1), torch.nn.functional.one_hot(y, 6).float())
    w = sw(out, "vis")

    def st(step, e, l, gn, lr):
        if step % 5 == 0:
            w.add_scalar("Train/Loss", l, step)

    def ep(e, tl, vl, va_, step, lr):
        w.add_scalar("Test/Loss", vl, step)
        w.add_scalar("Test/Accuracy", va_, step)
    fit(model, opt, lossf, tr, va, 20, 64, seed=36, on_step=st, on_epoch=ep)
    w.close()


def r_recall_transformer_tb(out):
    import torch
    seed_all(37)
    tr, va = recall_tensors(seed=37)
    model = recall_net("attn")
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    w = sw(out)

    def st(step, e, l, gn, lr):
        w.add_scalar("training_loss", l, step)

    def ep(e, tl, vl, va_, step, lr):
        w.add_scalar("validation_loss", vl, step)
        w.add_scalar("validation_accuracy", va_, step)
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 12, 64, seed=37, on_step=st, on_epoch=ep)
    w.close()


def r_energy_mlp_gradnorm_tb(out):
    import torch
    seed_all(38)
    tr, va = energy_tensors(seed=38)
    model = energy_net()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-4)
    w = sw(out, "runs/energy")

    def st(step, e, l, gn, lr):
        w.add_scalar("batch/mse", l, step)
        w.add_scalar("batch/grad_norm", gn, step)

    def ep(e, tl, vl, va_, step, lr):
        w.add_scalar("dev/mse", vl, step)
        w.add_scalar("dev/rmse", va_, step)
    fit(model, opt, torch.nn.MSELoss(), tr, va, 15, 64, seed=38, on_step=st, on_epoch=ep, task="reg")
    w.close()


# ----------------------------------------------------------------------------------------------- lightning
def lit_module(net, lr, opt_name="adam", task="clf", momentum=0.0):
    import lightning as L
    import torch

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = net
            self.lossf = torch.nn.CrossEntropyLoss() if task == "clf" else torch.nn.MSELoss()

        def forward(self, *x):
            o = self.net(*x)
            return o if task == "clf" else o.squeeze(-1)

        def training_step(self, batch, i):
            *x, y = batch
            loss = self.lossf(self(*x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, batch, i):
            *x, y = batch
            out = self(*x)
            self.log("val_loss", self.lossf(out, y))
            if task == "clf":
                self.log("val_acc", (out.argmax(-1) == y).float().mean())

        def configure_optimizers(self):
            if opt_name == "sgd":
                return torch.optim.SGD(self.parameters(), lr=lr, momentum=momentum)
            return torch.optim.Adam(self.parameters(), lr=lr)
    return Lit()


def lit_fit(out, module, tr, va, epochs, bs, logger="csv", callbacks=(), seed=0):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    from torch.utils.data import DataLoader, TensorDataset
    L.seed_everything(seed)
    lg = CSVLogger(out) if logger == "csv" else TensorBoardLogger(out)
    trainer = L.Trainer(max_epochs=epochs, logger=lg, enable_checkpointing=False, enable_progress_bar=False,
                        enable_model_summary=False, log_every_n_steps=5, accelerator="cpu", devices=1,
                        callbacks=list(callbacks))
    trainer.fit(module, DataLoader(TensorDataset(*tr), batch_size=bs, shuffle=True),
                DataLoader(TensorDataset(*va), batch_size=256))


def r_spec_lit_mlp_csvlogger(out):
    tr, va = spec_tensors(seed=41)
    lit_fit(out, lit_module(mlp(80, 96, 10), 1e-3), tr, va, 20, 64, seed=41)


def r_runs_lit_gru_sgd_lr3_csvlogger(out):
    tr, va = runs_tensors(seed=42)
    lit_fit(out, lit_module(bits_rnn("gru"), 3.0, "sgd", momentum=0.9), tr, va, 15, 64, seed=42)


def r_pend_lit_mlp_earlystop_csvlogger(out):
    from lightning.pytorch.callbacks import EarlyStopping
    tr, va = pend_tensors(seed=43)
    lit_fit(out, lit_module(mlp(3, 64, 1), 3e-3, task="reg"), tr, va, 100, 32,
            callbacks=[EarlyStopping("val_loss", patience=6)], seed=43)


def r_energy_lit_tblogger(out):
    from lightning.pytorch.callbacks import LearningRateMonitor
    tr, va = energy_tensors(seed=44)
    import lightning as L
    L.seed_everything(44)
    lit_fit(out, lit_module(energy_net(), 2e-3, task="reg"), tr, va, 25, 64, logger="tb",
            callbacks=[LearningRateMonitor()], seed=44)


def r_spec_lit_mlp_lr1e6_csvlogger(out):
    tr, va = spec_tensors(seed=45)
    lit_fit(out, lit_module(mlp(80, 96, 10), 1e-6), tr, va, 20, 64, seed=45)


# ----------------------------------------------------------------------------------------------- keras
def keras_data(kind, seed):
    if kind == "spec":
        X, y = data_spec(3000, seed)
    elif kind == "runs":
        X, y = data_runs(3000, seed)
        X = X.astype("float32")[..., None]
    elif kind == "pend":
        X, y = data_pend(2000, seed)
    else:
        num, cats, y = data_energy(2500, seed)
        import numpy as np
        X = np.concatenate([num, np.eye(5)[cats[:, 0]], np.eye(4)[cats[:, 1]]], 1).astype("float32")
    return split(X, y)


def r_spec_keras_dense_csvlogger(out):
    import keras
    keras.utils.set_random_seed(51)
    (x, y), (xv, yv) = keras_data("spec", 51)
    m = keras.Sequential([keras.Input((80,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(10, activation="softmax")])
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(x, y, validation_data=(xv, yv), epochs=25, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "training.log"))])


def r_pend_keras_adam_lr3_csvlogger(out):
    import keras
    keras.utils.set_random_seed(52)
    (x, y), (xv, yv) = keras_data("pend", 52)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
    m.compile(optimizer=keras.optimizers.Adam(3.0), loss="mse", metrics=["mae"])
    m.fit(x, y, validation_data=(xv, yv), epochs=30, batch_size=32, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "log.csv"))])


def r_runs_keras_conv1d_reducelr_csvlogger(out):
    import keras
    keras.utils.set_random_seed(53)
    (x, y), (xv, yv) = keras_data("runs", 53)
    m = keras.Sequential([keras.Input((24, 1)), keras.layers.Conv1D(32, 3, padding="same", activation="relu"),
                          keras.layers.Conv1D(32, 3, padding="same", dilation_rate=2, activation="relu"),
                          keras.layers.Conv1D(32, 3, padding="same", dilation_rate=4, activation="relu"),
                          keras.layers.GlobalMaxPooling1D(), keras.layers.Dense(6, activation="softmax")])
    m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(x, y, validation_data=(xv, yv), epochs=30, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "history.csv")),
                     keras.callbacks.ReduceLROnPlateau(monitor="val_loss", factor=0.5, patience=3)])


def r_spec_keras_rmsprop_lr2_history_json(out):
    import keras
    keras.utils.set_random_seed(54)
    (x, y), (xv, yv) = keras_data("spec", 54)
    m = keras.Sequential([keras.Input((80,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(10, activation="softmax")])
    m.compile(optimizer=keras.optimizers.RMSprop(2.0), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(x, y, validation_data=(xv, yv), epochs=20, batch_size=64, verbose=0)
    json.dump(h.history, open(os.path.join(out, "history.json"), "w"))


def r_energy_keras_valsplit_history_json(out):
    import keras
    keras.utils.set_random_seed(55)
    (x, y), _ = keras_data("energy", 55)
    m = keras.Sequential([keras.Input((x.shape[1],)), keras.layers.Dense(48, activation="relu"),
                          keras.layers.Dense(48, activation="relu"), keras.layers.Dense(1)])
    m.compile(optimizer="adam", loss="mse", metrics=["mae"])
    h = m.fit(x, y, validation_split=0.2, epochs=40, batch_size=32, verbose=0)
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()},
              open(os.path.join(out, "hist.json"), "w"), indent=1)


# ----------------------------------------------------------------------------------------------- HF Trainer
def hf_run(out, model, tr, va, lr, epochs, seed, bs=32, warmup=0.0):
    import numpy as np
    import torch
    from transformers import Trainer, TrainingArguments

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, y):
            self.X, self.y = torch.as_tensor(X), torch.as_tensor(y)

        def __len__(self):
            return len(self.y)

        def __getitem__(self, i):
            return {"input_ids": self.X[i], "attention_mask": torch.ones_like(self.X[i]), "labels": self.y[i]}

    def metrics(p):
        return {"accuracy": float((np.argmax(p.predictions, -1) == p.label_ids).mean())}
    args = TrainingArguments(output_dir=out, num_train_epochs=epochs, per_device_train_batch_size=bs,
                             per_device_eval_batch_size=128, learning_rate=lr,
                             warmup_steps=int(warmup * epochs * math.ceil(len(tr[1]) / bs)),
                             logging_steps=5, eval_strategy="steps", eval_steps=25, save_strategy="no",
                             report_to=["tensorboard"], seed=seed, use_cpu=True, disable_tqdm=True)
    trainer = Trainer(model=model, args=args, train_dataset=DS(*tr), eval_dataset=DS(*va), compute_metrics=metrics)
    res = trainer.train()
    trainer.save_metrics("train", res.metrics)
    trainer.save_metrics("eval", trainer.evaluate())
    trainer.save_state()


def electra(seed):
    from transformers import ElectraConfig, ElectraForSequenceClassification, set_seed
    set_seed(seed)
    cfg = ElectraConfig(vocab_size=4, embedding_size=32, hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                        intermediate_size=96, max_position_embeddings=32, num_labels=6)
    return ElectraForSequenceClassification(cfg)


def albert(seed):
    from transformers import AlbertConfig, AlbertForSequenceClassification, set_seed
    set_seed(seed)
    cfg = AlbertConfig(vocab_size=20, embedding_size=32, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                       intermediate_size=128, max_position_embeddings=16, num_labels=8, classifier_dropout_prob=0.0)
    return AlbertForSequenceClassification(cfg)


def r_runs_electra_hf(out):
    (a, b), (c, d) = split(*data_runs(2400, 61))
    hf_run(out, electra(61), (a, b), (c[:300], d[:300]), 1e-3, 6, 61)


def r_runs_electra_lr200_hf(out):
    (a, b), (c, d) = split(*data_runs(2400, 62))
    hf_run(out, electra(62), (a, b), (c[:300], d[:300]), 200.0, 6, 62)


def r_runs_electra_lr1e7_hf(out):
    (a, b), (c, d) = split(*data_runs(2400, 63))
    hf_run(out, electra(63), (a, b), (c[:300], d[:300]), 1e-7, 6, 63)


def r_recall_albert_hf(out):
    (a, b), (c, d) = split(*data_recall(3000, 64))
    hf_run(out, albert(64), (a, b), (c[:300], d[:300]), 2e-3, 6, 64, warmup=0.1)


def r_recall_albert_shuffled_labels_hf(out):
    import numpy as np
    (a, b), (c, d) = split(*data_recall(3000, 65))
    b = np.random.default_rng(65).permutation(b)  # labels shuffled separately from the inputs
    hf_run(out, albert(65), (a, b), (c[:300], d[:300]), 2e-3, 6, 65, warmup=0.1)


# ----------------------------------------------------------------------------------------------- added after the first pass
# (two more LR-too-high runs: in the first pass most of them went straight to NaN; see README)
def r_spec_mlp_adam_lr05_print(out):
    import torch
    seed_all(71)
    tr, va = spec_tensors(seed=71)
    model = mlp(80, 128, 10)
    opt = torch.optim.Adam(model.parameters(), lr=0.5)

    def st(step, e, l, gn, lr):
        if step % 10 == 0:
            print(f"epoch {e} it {step}: loss={l:.4f}")

    def ep(e, tl, vl, va_, step, lr):
        print(f"epoch {e} done -> train {tl:.4f} / val {vl:.4f} / val_acc {va_:.4f}")
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 20, 64, seed=71, on_step=st, on_epoch=ep)


def r_runs_cnn_sgd_lr15_tb(out):
    import torch
    seed_all(72)
    tr, va = runs_tensors(seed=72)
    model = bits_cnn()
    opt = torch.optim.SGD(model.parameters(), lr=1.5, momentum=0.9)
    w = sw(out, "runs/bits_cnn_sgd")

    def st(step, e, l, gn, lr):
        w.add_scalar("train_loss", l, step)

    def ep(e, tl, vl, va_, step, lr):
        w.add_scalar("val_loss", vl, step)
        w.add_scalar("val_acc", va_, step)
    fit(model, opt, torch.nn.CrossEntropyLoss(), tr, va, 15, 64, seed=72, on_step=st, on_epoch=ep)
    w.close()


# (four more ordinary recipes, added after a first look at the numbers: too few runs had come out healthy; see README)
def r_runs_keras_gru_earlystop_history_json(out):
    import keras
    keras.utils.set_random_seed(73)
    (x, y), (xv, yv) = keras_data("runs", 73)
    m = keras.Sequential([keras.Input((24, 1)), keras.layers.GRU(32), keras.layers.Dense(6, activation="softmax")])
    m.compile(optimizer=keras.optimizers.Adam(3e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(x, y, validation_data=(xv, yv), epochs=40, batch_size=64, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(monitor="val_loss", patience=4, restore_best_weights=True)])
    json.dump(h.history, open(os.path.join(out, "history.json"), "w"))


def r_runs_lit_cnn_cosine_csvlogger(out):
    import torch
    from lightning.pytorch.callbacks import LearningRateMonitor
    tr, va = runs_tensors(seed=74)
    mod = lit_module(bits_cnn(), 2e-3)
    base = mod.configure_optimizers

    def configure_optimizers():
        opt = base()
        return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=20)}
    mod.configure_optimizers = configure_optimizers
    lit_fit(out, mod, tr, va, 20, 64, callbacks=[LearningRateMonitor(logging_interval="epoch")], seed=74)


def r_pend_mlp_huber_dictwriter_csv(out):
    import csv
    import torch
    seed_all(75)
    tr, va = pend_tensors(seed=75)
    model = Wrap(mlp(3, 64, 1))
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    fh = open(os.path.join(out, "log.csv"), "w", newline="")
    w = csv.DictWriter(fh, fieldnames=["global_step", "epoch", "huber", "val_huber", "val_rmse"])
    w.writeheader()

    def st(step, e, l, gn, lr):
        if step % 3 == 0:
            w.writerow({"global_step": step, "epoch": e, "huber": f"{l:.6f}"})

    def ep(e, tl, vl, va_, step, lr):
        w.writerow({"global_step": step, "epoch": e, "val_huber": f"{vl:.6f}", "val_rmse": f"{va_:.5f}"})
    fit(model, opt, torch.nn.HuberLoss(delta=0.5), tr, va, 25, 64, seed=75, on_step=st, on_epoch=ep, task="reg")
    fh.close()


def r_energy_residual_mlp_cosine_tb(out):
    import torch
    import torch.nn as nn
    seed_all(76)
    tr, va = energy_tensors(seed=76)

    class Res(nn.Module):
        def __init__(self):
            super().__init__()
            self.bt, self.cz = nn.Embedding(5, 4), nn.Embedding(4, 3)
            self.inp = nn.Linear(12, 64)
            self.blocks = nn.ModuleList([nn.Sequential(nn.LayerNorm(64), nn.Linear(64, 64), nn.GELU(),
                                                       nn.Linear(64, 64)) for _ in range(3)])
            self.out = nn.Linear(64, 1)

        def forward(self, num, cats):
            h = self.inp(torch.cat([num, self.bt(cats[:, 0]), self.cz(cats[:, 1])], 1))
            for b in self.blocks:
                h = h + b(h)
            return self.out(h).squeeze(1)
    model = Res()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=30)
    w = sw(out, "tensorboard")

    def ep(e, tl, vl, va_, step, lr):
        w.add_scalar("loss/train", tl, e)
        w.add_scalar("loss/valid", vl, e)
        w.add_scalar("metrics/valid_rmse", va_, e)
        w.add_scalar("optim/lr", lr, e)
    fit(model, opt, nn.MSELoss(), tr, va, 30, 64, seed=76, on_epoch=ep, sched=sched, task="reg")
    w.close()


# ----------------------------------------------------------------------------------------------- registry + driver
RUNS = {
    "text_log/spec-mlp-adam-print": r_spec_mlp_adam_print,
    "text_log/spec-mlp-sgd-lr4-print": r_spec_mlp_sgd_lr4_print,
    "text_log/runs-gru-logging-ts": r_runs_gru_logging_ts,
    "text_log/runs-relu-rnn-explode-logging": r_runs_relu_rnn_explode_logging,
    "text_log/pend-mlp-cosine-print": r_pend_mlp_cosine_print,
    "text_log/pend-mlp-raw-units-logging": r_pend_mlp_raw_units_logging,
    "text_log/recall-transformer-tqdm": r_recall_transformer_tqdm,
    "text_log/spec-sgd-sweep-two-runs": r_spec_sgd_sweep_two_runs,
    "text_log/runs-gru-killed": r_runs_gru_killed,
    "text_log/spec-cnn-killed-resumed": r_spec_cnn_killed_resumed,
    "text_log/energy-mlp-max-steps-debug": r_energy_mlp_max_steps_debug,
    "text_log/spec-handwritten-log-softmax": r_spec_handwritten_log_softmax,
    "text_log/recall-gru-print-steps": r_recall_gru_print_steps,
    "text_log/pend-numpy-poly-gd-print": r_pend_numpy_poly_gd_print,
    "text_log/energy-mlp-sgd-lr-low-logging": r_energy_mlp_sgd_lr_low_logging,
    "csv_custom/spec-mlp-csv-writer": r_spec_mlp_csv_writer,
    "csv_custom/spec-mlp-no-zero-grad-jsonl": r_spec_mlp_no_zero_grad_jsonl,
    "csv_custom/runs-cnn-shuffled-labels-csv": r_runs_cnn_shuffled_labels_csv,
    "csv_custom/pend-numpy-gd-lr-high-csv": r_pend_numpy_gd_lr_high_csv,
    "csv_custom/energy-embed-mlp-pandas": r_energy_embed_mlp_pandas,
    "csv_custom/recall-gru-adam-lr1-jsonl": r_recall_gru_adam_lr1_jsonl,
    "csv_custom/spec-tiny-set-overfit-tsv": r_spec_tiny_set_overfit_tsv,
    "csv_custom/runs-cnn-earlystop-csv": r_runs_cnn_earlystop_csv,
    "tfevents/spec-cnn-tb": r_spec_cnn_tb,
    "tfevents/spec-cnn-onecycle-peak5-tb": r_spec_cnn_onecycle_peak5_tb,
    "tfevents/runs-gru-frozen-tb": r_runs_gru_frozen_tb,
    "tfevents/spec-mlp-bn-dropout-no-eval-tb": r_spec_mlp_bn_dropout_no_eval_tb,
    "tfevents/pend-mlp-steplr-tb": r_pend_mlp_steplr_tb,
    "tfevents/runs-gru-softmax-mse-tb": r_runs_gru_softmax_mse_tb,
    "tfevents/recall-transformer-tb": r_recall_transformer_tb,
    "tfevents/energy-mlp-gradnorm-tb": r_energy_mlp_gradnorm_tb,
    "lightning_csv/spec-lit-mlp-csvlogger": r_spec_lit_mlp_csvlogger,
    "lightning_csv/runs-lit-gru-sgd-lr3-csvlogger": r_runs_lit_gru_sgd_lr3_csvlogger,
    "lightning_csv/pend-lit-mlp-earlystop-csvlogger": r_pend_lit_mlp_earlystop_csvlogger,
    "lightning_csv/energy-lit-tblogger": r_energy_lit_tblogger,
    "lightning_csv/spec-lit-mlp-lr1e6-csvlogger": r_spec_lit_mlp_lr1e6_csvlogger,
    "keras_csvlogger/spec-keras-dense-csvlogger": r_spec_keras_dense_csvlogger,
    "keras_csvlogger/pend-keras-adam-lr3-csvlogger": r_pend_keras_adam_lr3_csvlogger,
    "keras_csvlogger/runs-keras-conv1d-reducelr-csvlogger": r_runs_keras_conv1d_reducelr_csvlogger,
    "keras_history_json/spec-keras-rmsprop-lr2-history-json": r_spec_keras_rmsprop_lr2_history_json,
    "keras_history_json/energy-keras-valsplit-history-json": r_energy_keras_valsplit_history_json,
    "hf_trainer_state/runs-electra-hf": r_runs_electra_hf,
    "hf_trainer_state/runs-electra-lr200-hf": r_runs_electra_lr200_hf,
    "hf_trainer_state/runs-electra-lr1e7-hf": r_runs_electra_lr1e7_hf,
    "hf_trainer_state/recall-albert-hf": r_recall_albert_hf,
    "hf_trainer_state/recall-albert-shuffled-labels-hf": r_recall_albert_shuffled_labels_hf,
    # added after the first pass (see README)
    "text_log/spec-mlp-adam-lr05-print": r_spec_mlp_adam_lr05_print,
    "tfevents/runs-cnn-sgd-lr15-tb": r_runs_cnn_sgd_lr15_tb,
    "keras_history_json/runs-keras-gru-earlystop-history-json": r_runs_keras_gru_earlystop_history_json,
    "lightning_csv/runs-lit-cnn-cosine-csvlogger": r_runs_lit_cnn_cosine_csvlogger,
    "csv_custom/pend-mlp-huber-dictwriter-csv": r_pend_mlp_huber_dictwriter_csv,
    "tfevents/energy-residual-mlp-cosine-tb": r_energy_residual_mlp_cosine_tb,
}


def child(name, resume):
    out = os.path.join(RUNS_DIR, name)
    os.makedirs(out, exist_ok=True)
    fn = RUNS[name]
    if resume:
        fn(out, resume=True)
    else:
        fn(out)


def launch(name):
    import shutil
    out = os.path.join(RUNS_DIR, name)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", KERAS_BACKEND="torch",
               PYTHONUNBUFFERED="1", TOKENIZERS_PARALLELISM="false", PYTHONHASHSEED="0")
    cmd = [sys.executable, os.path.abspath(__file__), "--child", name]
    t0 = time.time()
    if name.startswith("text_log/"):
        with open(os.path.join(out, "train.log"), "w") as fh:
            rc = subprocess.call(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out)
        if name.endswith("killed-resumed"):
            with open(os.path.join(out, "train.log"), "a") as fh:
                rc2 = subprocess.call(cmd + ["--resume"], stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out)
            rc = (rc, rc2)
    else:
        os.makedirs("/tmp/nu9_stderr", exist_ok=True)
        with open(os.path.join("/tmp/nu9_stderr", name.replace("/", "__") + ".txt"), "w") as fh:
            rc = subprocess.call(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out)
    print(f"{name}: rc={rc} {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        torch_threads = os.environ.get("OMP_NUM_THREADS", "1")
        try:
            import torch
            torch.set_num_threads(int(torch_threads))
        except ImportError:
            pass
        child(sys.argv[2], "--resume" in sys.argv)
    else:
        names = sys.argv[1:] or list(RUNS)
        t0 = time.time()
        for n in names:
            launch(n)
        print(f"all done in {time.time() - t0:.0f}s")
