"""Make the 50 small CPU trainings of lock-box batch 2026-12-10nu14.

    python make_runs.py              # every run, one process each, into runs/<format>/<run-name>/
    python make_runs.py --run NAME   # one run (used by the driver)

Tasks (all data generated with numpy here, nothing downloaded):
  netflow  - network-connection type (normal, flood, port scan, brute force, exfiltration) from 12 flow features
  missing  - which digit 0-9 is missing from a shuffled 12-token sequence holding the other nine (3 repeats)
  tetro    - which of the 7 tetrominoes (I O T S Z J L) is drawn, rotated and shifted, in a noisy 14x14 image
  turbine  - wind-turbine power in kW from wind speed, air density, yaw error, turbulence, temperature, hour
  dates    - rewriting ISO dates as "15 mar 2024" (a character-level causal LM under the HF Trainer)
"""
import os
import sys
import json
import math
import time
import signal
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")

import numpy as np

# ----------------------------------------------------------------------------- data

NET_CLASSES = ["normal", "flood", "portscan", "bruteforce", "exfil"]


def data_netflow(n, seed, raw=False):
    rng = np.random.default_rng(seed)
    crng = np.random.default_rng(1401)          # class profiles are the same for every run
    mu = crng.normal(0.0, 0.85, (5, 12))
    y = rng.integers(0, 5, n)
    z = mu[y] + rng.normal(0.0, 1.0, (n, 12))
    # raw units: duration s, bytes out, bytes in, packets, distinct ports, failed logins, syn ratio, hour,
    # mean packet size, port entropy, retransmit %, ttl
    scale = np.array([1.2, 1.5, 1.5, 1.0, 0.8, 0.7, 0.5, 0.6, 0.4, 0.5, 0.6, 0.3])
    off = np.array([1.0, 8.0, 9.0, 4.0, 1.0, 0.2, -1.5, 2.4, 6.0, 0.3, 0.0, 4.0])
    X = np.exp(z * scale + off)
    flip = rng.random(n) < 0.03
    y = np.where(flip, rng.integers(0, 5, n), y)
    if not raw:
        X = np.log(X)
        X = (X - off) / scale
    return X.astype(np.float32), y.astype(np.int64)


def data_missing(n, seed):
    rng = np.random.default_rng(seed)
    X = np.zeros((n, 12), np.int64)
    y = rng.integers(0, 10, n)
    for i in range(n):
        present = [d for d in range(10) if d != y[i]]
        seq = present + list(rng.choice(present, 3))
        X[i] = rng.permutation(seq)
    return X, y.astype(np.int64)


TETRO = {
    "I": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "O": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1)],
    "S": [(0, 1), (0, 2), (1, 0), (1, 1)],
    "Z": [(0, 0), (0, 1), (1, 1), (1, 2)],
    "J": [(0, 0), (1, 0), (1, 1), (1, 2)],
    "L": [(0, 2), (1, 0), (1, 1), (1, 2)],
}


def data_tetro(n, seed, noise=0.2):
    rng = np.random.default_rng(seed)
    names = list(TETRO)
    X = np.zeros((n, 1, 14, 14), np.float32)
    y = rng.integers(0, 7, n)
    for i in range(n):
        cells = np.array(TETRO[names[y[i]]])
        for _ in range(rng.integers(0, 4)):
            cells = np.stack([cells[:, 1], -cells[:, 0]], 1)
        cells = cells - cells.min(0)
        h, w = cells.max(0) + 1
        r0 = rng.integers(0, 7 - h + 1)
        c0 = rng.integers(0, 7 - w + 1)
        b = rng.uniform(0.6, 1.0)
        for r, c in cells:
            X[i, 0, 2 * (r0 + r):2 * (r0 + r) + 2, 2 * (c0 + c):2 * (c0 + c) + 2] = b
        # a stray single block somewhere (a distractor)
        rr, cc = rng.integers(0, 13, 2)
        X[i, 0, rr, cc] += 0.4
    X += rng.normal(0, noise, X.shape).astype(np.float32)
    return X - 0.1, y.astype(np.int64)


def data_turbine(n, seed, raw=False):
    rng = np.random.default_rng(seed)
    v = np.clip(rng.weibull(2.0, n) * 8.5, 0, 28)                  # m/s at hub height
    temp = rng.normal(10, 9, n)                                    # deg C
    rho = 101325 / (287.05 * (temp + 273.15)) * rng.normal(1, 0.01, n)   # kg/m^3
    yaw = rng.normal(0, 9, n)                                      # deg
    ti = rng.uniform(0.04, 0.25, n)                                # turbulence intensity
    hour = rng.integers(0, 24, n).astype(float)
    area = math.pi * 45.0 ** 2
    p = 0.5 * rho * area * 0.45 * v ** 3 * np.cos(np.radians(yaw)) ** 3 / 1000.0   # kW
    p = p * (1 - 0.6 * ti * np.exp(-((v - 11.5) / 2.5) ** 2))
    p = np.minimum(p, 2000.0)
    p[(v < 3.0) | (v > 25.0)] = 0.0
    p = np.maximum(p * rng.normal(1, 0.03, n) + rng.normal(0, 15, n), 0.0)
    X = np.stack([v, rho, yaw, ti, temp, hour], 1)
    if not raw:
        X = (X - np.array([7.5, 1.24, 0.0, 0.145, 10.0, 11.5])) / np.array([3.9, 0.045, 9.0, 0.055, 9.0, 6.9])
    return X.astype(np.float32), p.astype(np.float32)


MON = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]


def data_dates(n, seed):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        yr = int(rng.integers(1950, 2040)); m = int(rng.integers(1, 13)); d = int(rng.integers(1, 29))
        out.append("%04d-%02d-%02d>%02d %s %04d" % (yr, m, d, d, MON[m - 1], yr))
    return out


def turbine_split(seed, n=3000, raw=False):
    X, p = data_turbine(n, seed, raw)
    ntr = int(0.8 * n)
    return X[:ntr], p[:ntr], X[ntr:], p[ntr:]


# ----------------------------------------------------------------------------- models

def torch_setup(seed):
    import torch
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    return torch


def mlp(inp, hidden, out, depth=2, bn=False, drop=0.0):
    import torch.nn as nn
    layers = []
    d = inp
    for _ in range(depth):
        layers.append(nn.Linear(d, hidden))
        if bn:
            layers.append(nn.BatchNorm1d(hidden))
        layers.append(nn.ReLU())
        if drop:
            layers.append(nn.Dropout(drop))
        d = hidden
    layers.append(nn.Linear(d, out))
    return nn.Sequential(*layers)


def tetro_cnn(bn=False, drop=0.0, width=32):
    import torch.nn as nn
    w = width
    return nn.Sequential(
        nn.Conv2d(1, w, 3, padding=1), *( [nn.BatchNorm2d(w)] if bn else []), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(w, 2 * w, 3, padding=1), *( [nn.BatchNorm2d(2 * w)] if bn else []), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), *( [nn.Dropout(drop)] if drop else []), nn.Linear(2 * w * 9, 64), nn.ReLU(), nn.Linear(64, 7))


def make_seq_model(kind, hidden=64):
    import torch
    import torch.nn as nn

    class SeqNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.kind = kind
            self.emb = nn.Embedding(10, 32)
            if kind == "gru":
                self.rnn = nn.GRU(32, hidden, batch_first=True)
            elif kind == "relu_rnn":
                self.rnn = nn.RNN(32, hidden, batch_first=True, nonlinearity="relu")
            elif kind == "transformer":
                self.pos = nn.Parameter(torch.randn(12, 32) * 0.1)
                layer = nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
                self.rnn = nn.TransformerEncoder(layer, 2)
                hidden_ = 32
            self.head = nn.Linear(32 if kind == "transformer" else hidden, 10)

        def forward(self, x):
            e = self.emb(x)
            if self.kind == "transformer":
                h = self.rnn(e + self.pos).mean(1)
            else:
                h = self.rnn(e)[0][:, -1]
            return self.head(h)

    return SeqNet()


# ----------------------------------------------------------------------------- generic torch loop

def fit(model, data, *, task, opt, epochs, bs, sched=None, sched_per="epoch", loss_fn=None, on_step=None,
        on_epoch=None, on_eval=None, eval_every=None, zero_grad=True, clip=None, step_cap=None, nan_raise=False,
        kill_at=None, start_epoch=0, use_eval=True, patience=None, yscale=None, seed=0, ckpt=None, ckpt_every=None,
        grad_norm=False, onehot_in=False):
    import torch
    import torch.nn.functional as F
    Xtr, ytr, Xva, yva = [torch.as_tensor(a) for a in data]
    if task == "reg":
        ymean, ystd = yscale
        ytr_n = (ytr - ymean) / ystd
        yva_n = (yva - ymean) / ystd
    else:
        ytr_n, yva_n = ytr, yva
    if loss_fn is None:
        loss_fn = F.cross_entropy if task == "cls" else F.mse_loss
    g = torch.Generator().manual_seed(seed)
    n = len(Xtr)
    gstep = start_epoch * math.ceil(n / bs)
    best, bad = float("inf"), 0

    def evaluate():
        if use_eval:
            model.eval()
        with torch.no_grad():
            out = model(Xva)
            if task == "reg":
                out = out.squeeze(-1)
            vl = loss_fn(out, yva_n).item()
            if task == "cls":
                met = (out.argmax(1) == yva).float().mean().item()
            else:
                met = (out * ystd + ymean - yva).abs().mean().item()
        model.train()
        return vl, met

    for ep in range(start_epoch, epochs):
        model.train()
        perm = torch.randperm(n, generator=g)
        tot, cnt = 0.0, 0
        stop = False
        for i in range(0, n, bs):
            idx = perm[i:i + bs]
            xb, yb = Xtr[idx], ytr_n[idx]
            if zero_grad:
                opt.zero_grad()
            out = model(xb)
            if task == "reg":
                out = out.squeeze(-1)
            loss = loss_fn(out, yb)
            loss.backward()
            gn = None
            if clip is not None:
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), clip).item()
            elif grad_norm:
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf")).item()
            opt.step()
            gstep += 1
            if sched is not None and sched_per == "step":
                sched.step()
            lv = loss.item()
            tot += lv * len(idx)
            cnt += len(idx)
            if on_step:
                on_step(ep, gstep, lv, opt.param_groups[0]["lr"], gn)
            if nan_raise and not math.isfinite(lv):
                raise RuntimeError("loss is %s at step %d, stopping" % (lv, gstep))
            if eval_every and gstep % eval_every == 0:
                vl, met = evaluate()
                on_eval(ep, gstep, vl, met)
            if step_cap and gstep >= step_cap:
                stop = True
                break
        vl, met = evaluate()
        lr_now = opt.param_groups[0]["lr"]
        if on_epoch:
            on_epoch(ep, gstep, tot / max(cnt, 1), vl, met, lr_now)
        if sched is not None and sched_per == "epoch":
            sched.step()
        elif sched is not None and sched_per == "plateau":
            sched.step(vl)
        if ckpt and ckpt_every and (ep + 1) % ckpt_every == 0:
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": ep + 1,
                        "sched": sched.state_dict() if sched is not None else None}, ckpt)
        if kill_at is not None and ep == kill_at:
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        if patience:
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= patience:
                    return "early_stop", ep
        if stop:
            return "cap", ep
    return "done", epochs - 1


def split(X, y, frac=0.8):
    k = int(len(X) * frac)
    return X[:k], y[:k], X[k:], y[k:]


def onehot_seq(X):
    return np.eye(10, dtype=np.float32)[X].reshape(len(X), -1)


# ----------------------------------------------------------------------------- text_log runs

def t_netflow_sgd_lr3(out):
    torch = torch_setup(1)
    X, y = data_netflow(4000, 11)
    data = split(X, y)
    model = mlp(12, 64, 5)
    opt = torch.optim.SGD(model.parameters(), lr=3.0, momentum=0.9)
    E = 30
    print("training netflow classifier, SGD lr=3.0 momentum=0.9, %d epochs" % E)

    def oe(ep, s, tl, vl, va, lr):
        print(f"Epoch {ep + 1}/{E} | train loss {tl:.4f} | val loss {vl:.4f} | val acc {100 * va:.1f}%")
    fit(model, data, task="cls", opt=opt, epochs=E, bs=64, on_epoch=oe, seed=1)
    print("done")


def t_netflow_adamw_cosine_logging(out):
    import logging
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
    log = logging.getLogger("train")
    torch = torch_setup(2)
    X, y = data_netflow(5000, 12)
    data = split(X, y)
    model = mlp(12, 96, 5, depth=3)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-2)
    E = 40
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=E)
    log.info("model: MLP 12-96-96-96-5, AdamW lr=2e-3 wd=1e-2, cosine over %d epochs", E)

    def oe(ep, s, tl, vl, va, lr):
        log.info("epoch %d: loss=%.4f valid_loss=%.4f valid_acc=%.4f lr=%.2e", ep, tl, vl, va, lr)
    fit(model, data, task="cls", opt=opt, epochs=E, bs=128, sched=sched, on_epoch=oe, seed=2)
    log.info("finished")


def t_tetro_adam_1e6_tqdm(out):
    from tqdm import tqdm
    torch = torch_setup(3)
    X, y = data_tetro(3000, 13)
    Xtr, ytr, Xva, yva = [torch.as_tensor(a) for a in split(X, y)]
    model = tetro_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-6)
    E = 12
    for ep in range(E):
        model.train()
        perm = torch.randperm(len(Xtr))
        bar = tqdm(range(0, len(Xtr), 64), desc=f"epoch {ep + 1}/{E}", file=sys.stdout, mininterval=0, ncols=90)
        for i in bar:
            idx = perm[i:i + 64]
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(Xtr[idx]), ytr[idx])
            loss.backward()
            opt.step()
            bar.set_postfix(loss=f"{loss.item():.4f}")
        model.eval()
        with torch.no_grad():
            o = model(Xva)
            vl = torch.nn.functional.cross_entropy(o, yva).item()
            acc = (o.argmax(1) == yva).float().mean().item()
        tqdm.write(f"eval: loss {vl:.4f}  acc {100 * acc:.2f}%", file=sys.stdout)


def t_tetro_shuffled_labels(out):
    torch = torch_setup(4)
    X, y = data_tetro(2000, 14)
    Xtr, ytr, Xva, yva = split(X, y)
    ytr = np.random.default_rng(4).permutation(ytr)     # "shuffle the dataset" - shuffled the labels only
    model = tetro_cnn(width=24)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    E = 30

    def oe(ep, s, tl, vl, va, lr):
        print("[%02d] train_loss=%.3f dev_loss=%.3f dev_acc=%.3f" % (ep + 1, tl, vl, va))
    fit(model, (Xtr, ytr, Xva, yva), task="cls", opt=opt, epochs=E, bs=64, on_epoch=oe, seed=4)


def t_tetro_bn_noeval(out):
    torch = torch_setup(5)
    X, y = data_tetro(3000, 15)
    model = tetro_cnn(bn=True, drop=0.3)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    E = 20
    print("cnn with batchnorm+dropout, adam 2e-3")

    def oe(ep, s, tl, vl, va, lr):
        print("epoch", ep + 1, "train loss", round(tl, 4), "val loss", round(vl, 4), "val acc", round(va, 4))
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=64, on_epoch=oe, use_eval=False, seed=5)


def t_missing_gru_steplr_perstep(out):
    torch = torch_setup(6)
    X, y = data_missing(6000, 16)
    model = make_seq_model("gru")
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=8, gamma=0.3)
    E = 20

    def os_(ep, s, lv, lr, gn):
        if s % 20 == 0:
            print(f"step {s} loss {lv:.4f}")

    def oe(ep, s, tl, vl, va, lr):
        print(f"--- epoch {ep + 1} done, test loss {vl:.4f}, test acc {va:.3f}")
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=100, sched=sched, on_step=os_, on_epoch=oe, seed=6)


def t_missing_relu_rnn_nan(out):
    torch = torch_setup(7)
    X, y = data_missing(4000, 17)
    model = make_seq_model("relu_rnn", hidden=128)
    torch.nn.init.eye_(model.rnn.weight_hh_l0)          # IRNN trick for long memory
    opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
    E = 25
    print(f"relu rnn (identity init), sgd lr 0.2, {E} epochs")

    def os_(ep, s, lv, lr, gn):
        print(f"ep {ep} it {s} loss={lv:.4f}")

    def oe(ep, s, tl, vl, va, lr):
        print(f"ep {ep} val_loss={vl:.4f} val_acc={va:.3f}")
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=50, on_step=os_, on_epoch=oe, nan_raise=True, seed=7)


def t_turbine_nozerograd(out):
    torch = torch_setup(8)
    Xtr, ptr, Xva, pva = turbine_split(18)
    model = mlp(6, 64, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    E = 40

    def oe(ep, s, tl, vl, mae, lr):
        print(f"Epoch {ep + 1:3d}  train_mse {tl:.4f}  val_mse {vl:.4f}  val_MAE {mae:.1f} kW")
    fit(model, (Xtr, ptr, Xva, pva), task="reg", opt=opt, epochs=E, bs=64, on_epoch=oe, zero_grad=False,
        yscale=(float(ptr.mean()), float(ptr.std())), seed=8)


def t_turbine_onecycle(out):
    torch = torch_setup(9)
    Xtr, ptr, Xva, pva = turbine_split(19)
    model = mlp(6, 128, 1, depth=3)
    E, bs = 50, 64
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=5e-3, total_steps=E * math.ceil(len(Xtr) / bs))
    print("turbine power MLP | OneCycle max_lr=5e-3 | epochs=%d" % E)

    def oe(ep, s, tl, vl, mae, lr):
        print(f"epoch {ep + 1}/{E}: loss={tl:.5f}  val_loss={vl:.5f}  val MAE {mae:.1f} kW  lr={lr:.6f}")
    fit(model, (Xtr, ptr, Xva, pva), task="reg", opt=opt, epochs=E, bs=bs, sched=sched, sched_per="step",
        on_epoch=oe, yscale=(float(ptr.mean()), float(ptr.std())), seed=9)


def t_netflow_tiny(out):
    torch = torch_setup(10)
    X, y = data_netflow(1050, 20)
    data = (X[:50], y[:50], X[50:], y[50:])
    model = mlp(12, 256, 5, depth=3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    E = 300
    print("train size:", 50, "val size:", 1000)

    def oe(ep, s, tl, vl, va, lr):
        if (ep + 1) % 5 == 0:
            print(f"epoch {ep + 1:03d} | loss {tl:.4f} | val_loss {vl:.4f} | val_acc {va:.4f}")
    fit(model, data, task="cls", opt=opt, epochs=E, bs=25, on_epoch=oe, seed=10)


def t_missing_transformer_cap(out):
    torch = torch_setup(11)
    X, y = data_missing(6000, 21)
    model = make_seq_model("transformer")
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    E = 20
    MAX_STEPS = 60   # debug: quick check, remove later
    print(f"Training for {E} epochs ({E * 48} steps)")

    def os_(ep, s, lv, lr, gn):
        if s % 5 == 0:
            print(f"Epoch {ep + 1}/{E} Step {s} Loss: {lv:.4f}")

    def oe(ep, s, tl, vl, va, lr):
        print(f"Epoch {ep + 1}/{E} Validation Loss: {vl:.4f} Accuracy: {va * 100:.2f}%")
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=100, on_step=os_, on_epoch=oe, step_cap=MAX_STEPS,
        seed=11)
    print("Training complete.")


def t_tetro_killed_resumed(out, phase=1):
    torch = torch_setup(12)
    X, y = data_tetro(3000, 22)
    model = tetro_cnn()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    E = 16
    ck = "/tmp/nu14_ckpt_tetro_resume.pt"
    start = 0
    if phase == 2:
        st = torch.load(ck)
        model.load_state_dict(st["model"]); opt.load_state_dict(st["opt"]); start = st["epoch"]
        print(f"resuming from checkpoint at epoch {start}")
    else:
        print("starting training")

    def oe(ep, s, tl, vl, va, lr):
        print(f"epoch {ep + 1}/{E} - loss: {tl:.4f} - val_loss: {vl:.4f} - val_acc: {va:.4f}")
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=64, on_epoch=oe, start_epoch=start, ckpt=ck,
        ckpt_every=3, kill_at=(7 if phase == 1 else None), seed=12 + phase)
    print("saved final model")


def t_turbine_sigkill(out):
    torch = torch_setup(13)
    Xtr, ptr, Xva, pva = turbine_split(23)
    model = mlp(6, 64, 1, depth=3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    E = 40
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=E)

    def oe(ep, s, tl, vl, mae, lr):
        print(f"Epoch {ep + 1}/{E}  train_loss={tl:.4f}  val_loss={vl:.4f}  val_mae_kw={mae:.1f}")
    fit(model, (Xtr, ptr, Xva, pva), task="reg", opt=opt, epochs=E, bs=64, sched=sched, on_epoch=oe, kill_at=11,
        yscale=(float(ptr.mean()), float(ptr.std())), seed=13)


def t_netflow_plateau_es(out):
    torch = torch_setup(14)
    X, y = data_netflow(5000, 24)
    model = mlp(12, 64, 5, depth=2, drop=0.1)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    E = 80

    def oe(ep, s, tl, vl, va, lr):
        print(f"ep {ep:02d}  loss {tl:.4f}  eval_loss {vl:.4f}  eval_acc {va:.4f}  lr {lr:.1e}")
    r, ep = fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=64, sched=sched, sched_per="plateau",
                on_epoch=oe, patience=10, seed=14)
    if r == "early_stop":
        print(f"early stopping at epoch {ep} (no improvement for 10 epochs)")


def t_missing_mlp_warmup_logging(out):
    import logging
    logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(name)s - %(message)s", stream=sys.stdout)
    log = logging.getLogger("missing")
    torch = torch_setup(15)
    X, y = data_missing(5000, 25)
    Xo = onehot_seq(X)
    model = mlp(120, 128, 10)
    E, bs = 25, 100
    steps = E * 40
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 100) * max(0.0, 1 - s / steps))

    def os_(ep, s, lv, lr, gn):
        if s % 25 == 0:
            log.info("step %d/%d loss %.4f lr %.6f", s, steps, lv, lr)

    def oe(ep, s, tl, vl, va, lr):
        log.info("epoch %d val loss %.4f val acc %.4f", ep + 1, vl, va)
    fit(model, split(Xo, y), task="cls", opt=opt, epochs=E, bs=bs, sched=sched, sched_per="step", on_step=os_,
        on_epoch=oe, seed=15)


def t_tetro_sgd_step_pct(out):
    torch = torch_setup(16)
    X, y = data_tetro(3000, 26)
    model = tetro_cnn(width=24)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.1)
    E = 25

    def oe(ep, s, tl, vl, va, lr):
        print(f"Epoch [{ep + 1}/{E}], Loss: {tl:.4f}, Val Loss: {vl:.4f}, Val Accuracy: {100 * va:.2f} %")
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=64, sched=sched, on_epoch=oe, seed=16)


def t_netflow_softmax_ce(out):
    torch = torch_setup(17)
    X, y = data_netflow(4000, 27)
    model = torch.nn.Sequential(mlp(12, 64, 5), torch.nn.Softmax(dim=1))   # softmax then CrossEntropyLoss
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    E = 30

    def oe(ep, s, tl, vl, va, lr):
        print(f"epoch {ep + 1}: train loss = {tl:.4f}, validation loss = {vl:.4f}, validation accuracy = {va:.4f}")
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=64, on_epoch=oe, seed=17)


# ----------------------------------------------------------------------------- csv_custom runs

def c_tetro_adam_lr05_csvwriter(out):
    import csv
    torch = torch_setup(21)
    X, y = data_tetro(3000, 31)
    model = tetro_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=0.5)
    f = open(os.path.join(out, "log.csv"), "w", newline="")
    w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "val_loss", "val_acc"])

    def oe(ep, s, tl, vl, va, lr):
        w.writerow([ep, tl, vl, va]); f.flush()
    fit(model, split(X, y), task="cls", opt=opt, epochs=20, bs=64, on_epoch=oe, seed=21)
    f.close()


def c_missing_shuffled_jsonl(out):
    torch = torch_setup(22)
    X, y = data_missing(4000, 32)
    Xtr, ytr, Xva, yva = split(onehot_seq(X), y)
    ytr = np.random.default_rng(22).permutation(ytr)
    model = mlp(120, 256, 10, depth=2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    f = open(os.path.join(out, "metrics.jsonl"), "w")

    def oe(ep, s, tl, vl, va, lr):
        f.write(json.dumps({"epoch": ep + 1, "loss": tl, "val_loss": vl, "val_accuracy": va}) + "\n"); f.flush()
    fit(model, (Xtr, ytr, Xva, yva), task="cls", opt=opt, epochs=40, bs=64, on_epoch=oe, seed=22)
    f.close()


def c_turbine_raw_pandas(out):
    import pandas as pd
    torch = torch_setup(23)
    Xtr, ptr, Xva, pva = turbine_split(33, raw=True)
    model = mlp(6, 64, 1)
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    rows = []

    def os_(ep, s, lv, lr, gn):
        rows.append({"step": s, "epoch": ep, "train_loss": lv})

    def oe(ep, s, tl, vl, mae, lr):
        rows.append({"step": s, "epoch": ep, "val_loss": vl, "val_mae_kw": mae})
    fit(model, (Xtr, ptr, Xva, pva), task="reg", opt=opt, epochs=15, bs=64, on_step=os_, on_epoch=oe,
        yscale=(0.0, 1.0), seed=23)
    pd.DataFrame(rows).to_csv(os.path.join(out, "history.csv"), index=False)


def c_netflow_appended_twice(out, phase=1):
    import csv
    torch = torch_setup(24 + phase)
    X, y = data_netflow(4000, 34)
    model = mlp(12, 64, 5)
    lr = 1e-3 if phase == 1 else 3e-3
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    path = os.path.join(out, "train_log.csv")
    new = not os.path.exists(path)
    f = open(path, "a", newline="")
    w = csv.writer(f)
    if new:
        w.writerow(["step", "epoch", "loss", "val_loss", "val_acc"])

    def os_(ep, s, lv, lr_, gn):
        if s % 10 == 0:
            w.writerow([s, ep, round(lv, 5), "", ""])

    def oe(ep, s, tl, vl, va, lr_):
        w.writerow([s, ep, "", round(vl, 5), round(va, 4)]); f.flush()
    fit(model, split(X, y), task="cls", opt=opt, epochs=15 if phase == 1 else 20, bs=64, on_step=os_,
        on_epoch=oe, seed=24 + phase)
    f.close()


def c_tetro_sigkill_jsonl(out):
    torch = torch_setup(26)
    X, y = data_tetro(3000, 36)
    model = tetro_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    E = 20
    f = open(os.path.join(out, "log.jsonl"), "a")

    def oe(ep, s, tl, vl, va, lr):
        f.write(json.dumps({"epoch": ep, "epochs": E, "step": s, "train_loss": round(tl, 5), "val_loss": round(vl, 5),
                            "val_acc": round(va, 4)}) + "\n"); f.flush()
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=64, on_epoch=oe, kill_at=7, seed=26)


def c_missing_gru_cosine_dictwriter(out):
    import csv
    torch = torch_setup(27)
    X, y = data_missing(6000, 37)
    model = make_seq_model("gru", hidden=96)
    E = 24
    opt = torch.optim.Adam(model.parameters(), lr=4e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=E)
    f = open(os.path.join(out, "metrics.csv"), "w", newline="")
    w = csv.DictWriter(f, fieldnames=["epoch", "lr", "train_loss", "valid_loss", "valid_acc"])
    w.writeheader()

    def oe(ep, s, tl, vl, va, lr):
        w.writerow({"epoch": ep + 1, "lr": lr, "train_loss": tl, "valid_loss": vl, "valid_acc": va})
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=100, sched=sched, on_epoch=oe, seed=27)
    f.close()


def c_turbine_warmup_cosine_jsonl(out):
    torch = torch_setup(28)
    Xtr, ptr, Xva, pva = turbine_split(38)
    model = mlp(6, 96, 1, depth=3)
    E, bs = 40, 64
    total = E * math.ceil(len(Xtr) / bs)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / 150) * 0.5 * (1 + math.cos(math.pi * min(s, total) / total)))
    f = open(os.path.join(out, "train.jsonl"), "w")

    def os_(ep, s, lv, lr, gn):
        if s % 5 == 0:
            f.write(json.dumps({"step": s, "loss": lv, "lr": lr}) + "\n")

    def oe(ep, s, tl, vl, mae, lr):
        f.write(json.dumps({"step": s, "epoch": ep, "val_loss": vl, "val_mae_kW": mae}) + "\n")
    fit(model, (Xtr, ptr, Xva, pva), task="reg", opt=opt, epochs=E, bs=bs, sched=sched, sched_per="step",
        on_step=os_, on_epoch=oe, yscale=(float(ptr.mean()), float(ptr.std())), seed=28)
    f.close()


def c_netflow_onecycle_pandas(out):
    import pandas as pd
    torch = torch_setup(29)
    X, y = data_netflow(5000, 39)
    model = mlp(12, 128, 5, depth=2, bn=True)
    E, bs = 30, 128
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9, nesterov=True)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.2, total_steps=E * math.ceil(4000 / bs))
    rows = []

    def oe(ep, s, tl, vl, va, lr):
        rows.append({"epoch": ep, "train/loss": tl, "val/loss": vl, "val/acc": va, "lr": lr})
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=bs, sched=sched, sched_per="step", on_epoch=oe,
        seed=29)
    pd.DataFrame(rows).to_csv(os.path.join(out, "results.csv"), index=False)


def c_tetro_clip_tsv(out):
    torch = torch_setup(30)
    X, y = data_tetro(3000, 40)
    model = tetro_cnn(width=24, drop=0.2)
    opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    f = open(os.path.join(out, "log.tsv"), "w")
    f.write("epoch\tloss\tdev_loss\tdev_acc\n")

    def oe(ep, s, tl, vl, va, lr):
        f.write("\t".join([str(ep + 1), "%.5f" % tl, "%.5f" % vl, "%.4f" % va]) + "\n")
    fit(model, split(X, y), task="cls", opt=opt, epochs=20, bs=64, on_epoch=oe, clip=1.0, seed=30)
    f.close()


# ----------------------------------------------------------------------------- tfevents runs

def e_missing_gru_adam_lr1(out):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(41)
    X, y = data_missing(5000, 41)
    model = make_seq_model("gru")
    opt = torch.optim.Adam(model.parameters(), lr=1.0)
    wr = SummaryWriter(log_dir=out)

    def os_(ep, s, lv, lr, gn):
        if s % 5 == 0:
            wr.add_scalar("Loss/train", lv, s)

    def oe(ep, s, tl, vl, va, lr):
        wr.add_scalar("Loss/val", vl, s); wr.add_scalar("Accuracy/val", va, s)
    fit(model, split(X, y), task="cls", opt=opt, epochs=15, bs=100, on_step=os_, on_epoch=oe, seed=41)
    wr.close()


def e_netflow_sgd_1e5(out):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(42)
    X, y = data_netflow(4000, 42)
    model = mlp(12, 64, 5)
    opt = torch.optim.SGD(model.parameters(), lr=1e-5, momentum=0.9)
    wr = SummaryWriter(log_dir=os.path.join(out, "runs", "sgd_1e-5"))

    def oe(ep, s, tl, vl, va, lr):
        wr.add_scalar("train/loss", tl, ep); wr.add_scalar("val/loss", vl, ep); wr.add_scalar("val/acc", va, ep)
    fit(model, split(X, y), task="cls", opt=opt, epochs=40, bs=64, on_epoch=oe, seed=42)
    wr.close()


def e_missing_frozen_transformer(out):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(43)
    X, y = data_missing(5000, 43)
    model = make_seq_model("transformer")
    for p in model.parameters():
        p.requires_grad = False
    model.head.bias.requires_grad = True       # meant to freeze the encoder only
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    wr = SummaryWriter(log_dir=out)

    def os_(ep, s, lv, lr, gn):
        wr.add_scalar("loss", lv, s)

    def oe(ep, s, tl, vl, va, lr):
        wr.add_scalar("val_loss", vl, s); wr.add_scalar("val_acc", va, s)
    fit(model, split(X, y), task="cls", opt=opt, epochs=10, bs=100, on_step=os_, on_epoch=oe, seed=43)
    wr.close()


def e_netflow_too_short(out):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(44)
    X, y = data_netflow(5000, 44)
    model = mlp(12, 64, 5, depth=3)
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    PLAN = 60
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=PLAN)
    wr = SummaryWriter(log_dir=out)
    wr.add_text("config", f"epochs={PLAN} lr=0.02 cosine T_max={PLAN}")

    def os_(ep, s, lv, lr, gn):
        if s % 5 == 0:
            wr.add_scalar("train/loss", lv, s)

    def oe(ep, s, tl, vl, va, lr):
        wr.add_scalar("val/loss", vl, s); wr.add_scalar("val/acc", va, s); wr.add_scalar("train/lr", lr, s)
    fit(model, split(X, y), task="cls", opt=opt, epochs=6, bs=128, sched=sched, on_step=os_, on_epoch=oe, seed=44)
    wr.close()


def e_missing_relu_rnn_gradnorm(out):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(45)
    X, y = data_missing(5000, 45)
    model = make_seq_model("relu_rnn", hidden=96)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    wr = SummaryWriter(log_dir=out)

    def os_(ep, s, lv, lr, gn):
        wr.add_scalar("train/loss", lv, s); wr.add_scalar("train/grad_norm", gn, s)

    def oe(ep, s, tl, vl, va, lr):
        wr.add_scalar("valid/loss", vl, s); wr.add_scalar("valid/acc", va, s)
    fit(model, split(X, y), task="cls", opt=opt, epochs=15, bs=100, on_step=os_, on_epoch=oe, grad_norm=True,
        seed=45)
    wr.close()


def e_tetro_onecycle_sw(out):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(46)
    X, y = data_tetro(3000, 46)
    model = tetro_cnn(bn=True)
    E, bs = 15, 64
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=E * math.ceil(2400 / bs))
    wr = SummaryWriter(log_dir=out)

    def os_(ep, s, lv, lr, gn):
        if s % 10 == 0:
            wr.add_scalar("loss/train", lv, s); wr.add_scalar("lr", lr, s)

    def oe(ep, s, tl, vl, va, lr):
        wr.add_scalar("loss/val", vl, s); wr.add_scalar("acc/val", va, s)
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=bs, sched=sched, sched_per="step", on_step=os_,
        on_epoch=oe, seed=46)
    wr.close()


def e_turbine_huber_plateau_tbx(out):
    from tensorboardX import SummaryWriter
    torch = torch_setup(47)
    Xtr, ptr, Xva, pva = turbine_split(47)
    model = mlp(6, 64, 1, depth=3)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=4)
    wr = SummaryWriter(logdir=out)

    def oe(ep, s, tl, vl, mae, lr):
        wr.add_scalar("huber/train", tl, ep); wr.add_scalar("huber/val", vl, ep)
        wr.add_scalar("val_mae_kW", mae, ep); wr.add_scalar("lr", lr, ep)
    fit(model, (Xtr, ptr, Xva, pva), task="reg", opt=opt, epochs=60, bs=64, sched=sched, sched_per="plateau",
        on_epoch=oe, loss_fn=torch.nn.functional.huber_loss, yscale=(float(ptr.mean()), float(ptr.std())), seed=47)
    wr.close()


def e_missing_transformer_warmup_tbx(out):
    from tensorboardX import SummaryWriter
    torch = torch_setup(48)
    X, y = data_missing(6000, 48)
    model = make_seq_model("transformer")
    E = 20
    total = E * 48
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / 100) * 0.5 * (1 + math.cos(math.pi * min(s, total) / total)))
    wr = SummaryWriter(logdir=out)

    def os_(ep, s, lv, lr, gn):
        if s % 8 == 0:
            wr.add_scalar("train_loss", lv, s); wr.add_scalar("learning_rate", lr, s)

    def oe(ep, s, tl, vl, va, lr):
        wr.add_scalar("eval_loss", vl, s); wr.add_scalar("eval_accuracy", va, s)
    fit(model, split(X, y), task="cls", opt=opt, epochs=E, bs=100, sched=sched, sched_per="step", on_step=os_,
        on_epoch=oe, seed=48)
    wr.close()


# ----------------------------------------------------------------------------- Lightning

def lit_run(out, net, data, *, task, lr, opt="adam", epochs, bs, logger="csv", sched=None, monitor_lr=False,
            early=None, kill_epoch=None, yscale=None, seed=0, momentum=0.0, log_every=10):
    import torch
    import torch.nn.functional as F
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, EarlyStopping, Callback
    L.seed_everything(seed, verbose=False)
    Xtr, ytr, Xva, yva = data
    if task == "reg":
        m, s = yscale
        ytr = (ytr - m) / s
        yva = (yva - m) / s

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.save_hyperparameters({"lr": lr, "optimizer": opt, "max_epochs": epochs, "batch_size": bs,
                                       "scheduler": sched})
            self.net = net

        def _loss(self, batch):
            x, y = batch
            o = self.net(x)
            if task == "reg":
                o = o.squeeze(-1)
                return F.mse_loss(o, y), (o * yscale[1] - y * yscale[1]).abs().mean()
            return F.cross_entropy(o, y), (o.argmax(1) == y).float().mean()

        def training_step(self, batch, i):
            loss, _ = self._loss(batch)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, batch, i):
            loss, met = self._loss(batch)
            self.log("val_loss", loss)
            self.log("val_mae_kw" if task == "reg" else "val_acc", met)

        def configure_optimizers(self):
            if opt == "sgd":
                o = torch.optim.SGD(self.parameters(), lr=lr, momentum=momentum)
            else:
                o = torch.optim.Adam(self.parameters(), lr=lr)
            if sched == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=epochs)}
            if sched == "step":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.StepLR(o, 10, 0.2)}
            return o

    class Killer(Callback):
        def on_train_epoch_end(self, trainer, pl_module):
            if trainer.current_epoch == kill_epoch:
                os.kill(os.getpid(), signal.SIGKILL)

    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.as_tensor(Xtr), torch.as_tensor(ytr)),
                                     batch_size=bs, shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.as_tensor(Xva), torch.as_tensor(yva)),
                                     batch_size=512)
    cbs = []
    if monitor_lr:
        cbs.append(LearningRateMonitor(logging_interval="epoch"))
    if early:
        cbs.append(EarlyStopping(monitor="val_loss", patience=early))
    if kill_epoch is not None:
        cbs.append(Killer())
    lg = CSVLogger(out, name="lightning_logs") if logger == "csv" else TensorBoardLogger(out, name="lightning_logs")
    tr = L.Trainer(max_epochs=epochs, accelerator="cpu", devices=1, logger=lg, callbacks=cbs,
                   enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                   log_every_n_steps=log_every)
    tr.fit(Lit(), tl, vl)


def l_turbine_sgd_lr8(out):
    torch_setup(51)
    Xtr, ptr, Xva, pva = turbine_split(51)
    lit_run(out, mlp(6, 64, 1), (Xtr, ptr, Xva, pva), task="reg", lr=8.0, opt="sgd", momentum=0.9, epochs=20,
            bs=64, yscale=(float(ptr.mean()), float(ptr.std())), seed=51)


def l_tetro_tiny(out):
    torch_setup(52)
    X, y = data_tetro(1080, 52)
    lit_run(out, tetro_cnn(width=32), (X[:80], y[:80], X[80:], y[80:]), task="cls", lr=1e-3, epochs=150, bs=16,
            seed=52, log_every=5)


def l_netflow_earlystop(out):
    torch_setup(53)
    X, y = data_netflow(5000, 53)
    lit_run(out, mlp(12, 64, 5, drop=0.1), split(X, y), task="cls", lr=2e-3, epochs=60, bs=64, early=6, seed=53)


def l_missing_gru_cosine(out):
    torch_setup(54)
    X, y = data_missing(6000, 54)
    lit_run(out, make_seq_model("gru"), split(X, y), task="cls", lr=3e-3, epochs=20, bs=100, sched="cosine",
            monitor_lr=True, seed=54)


def l_turbine_adam_step(out):
    torch_setup(55)
    Xtr, ptr, Xva, pva = turbine_split(55)
    lit_run(out, mlp(6, 96, 1, depth=3), (Xtr, ptr, Xva, pva), task="reg", lr=2e-3, epochs=30, bs=64,
            sched="step", monitor_lr=True, yscale=(float(ptr.mean()), float(ptr.std())), seed=55)


def l_netflow_sigkill(out):
    torch_setup(56)
    X, y = data_netflow(5000, 56)
    lit_run(out, mlp(12, 64, 5), split(X, y), task="cls", lr=1e-3, epochs=30, bs=32, kill_epoch=12, seed=56)


def e_tetro_lightning_tb(out):
    torch_setup(57)
    X, y = data_tetro(3000, 57)
    lit_run(out, tetro_cnn(), split(X, y), task="cls", lr=1e-3, epochs=15, bs=64, logger="tb", sched="cosine",
            monitor_lr=True, seed=57)


# ----------------------------------------------------------------------------- Keras

def keras_setup(seed):
    import keras
    keras.utils.set_random_seed(seed)
    return keras


def k_netflow_sgd_lr2(out):
    keras = keras_setup(61)
    X, y = data_netflow(4000, 61)
    Xtr, ytr, Xva, yva = split(X, y)
    m = keras.Sequential([keras.Input((12,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(5, activation="softmax")])
    m.compile(optimizer=keras.optimizers.SGD(learning_rate=2.0, momentum=0.9),
              loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=25, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "training.log"))])


def k_turbine_adam_plateau(out):
    keras = keras_setup(62)
    Xtr, ptr, Xva, pva = turbine_split(62)
    m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
    m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="mse", metrics=["mae"])
    mu, sd = float(ptr.mean()), float(ptr.std())
    m.fit(Xtr, (ptr - mu) / sd, validation_data=(Xva, (pva - mu) / sd), epochs=50, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=4),
                     keras.callbacks.CSVLogger(os.path.join(out, "history.csv"))])


def k_tetro_cnn_earlystop(out):
    keras = keras_setup(63)
    X, y = data_tetro(3000, 63)
    X = X.transpose(0, 2, 3, 1)
    Xtr, ytr, Xva, yva = split(X, y)
    m = keras.Sequential([keras.Input((14, 14, 1)), keras.layers.Conv2D(16, 3, padding="same", activation="relu"),
                          keras.layers.MaxPooling2D(), keras.layers.Conv2D(32, 3, padding="same", activation="relu"),
                          keras.layers.MaxPooling2D(), keras.layers.Flatten(), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(7, activation="softmax")])
    m.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=60, batch_size=64, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True)])
    with open(os.path.join(out, "history.json"), "w") as f:
        json.dump(h.history, f)


def k_turbine_raw_units(out):
    keras = keras_setup(64)
    Xtr, ptr, Xva, pva = turbine_split(64, raw=True)
    m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="mse", metrics=["mae"])
    h = m.fit(Xtr, ptr, validation_data=(Xva, pva), epochs=40, batch_size=64, verbose=0)
    with open(os.path.join(out, "history.json"), "w") as f:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f, indent=1)


def k_missing_dense_onehot(out):
    import pandas as pd
    keras = keras_setup(65)
    X, y = data_missing(5000, 65)
    Xtr, ytr, Xva, yva = split(onehot_seq(X), y)
    m = keras.Sequential([keras.Input((120,)), keras.layers.Dense(128, activation="relu"),
                          keras.layers.Dropout(0.2), keras.layers.Dense(10, activation="softmax")])
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=30, batch_size=64, verbose=0)
    pd.DataFrame(h.history).to_csv(os.path.join(out, "history.csv"))


# ----------------------------------------------------------------------------- HF Trainer

class ListDS:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def date_items(n, seed):
    import torch
    chars = sorted(set("0123456789-> " + "".join(MON)))
    stoi = {c: i + 1 for i, c in enumerate(chars)}      # 0 = bos
    items = []
    for s in data_dates(n, seed):
        ids = torch.tensor([0] + [stoi[c] for c in s])
        items.append({"input_ids": ids, "attention_mask": torch.ones_like(ids), "labels": ids.clone()})
    return items, len(chars) + 1


def missing_items(n, seed):
    import torch
    X, y = data_missing(n, seed)
    return [{"input_ids": torch.tensor(np.concatenate([[1], X[i] + 2])), "attention_mask": torch.ones(13, dtype=torch.long),
             "labels": torch.tensor(int(y[i]))} for i in range(n)]


def hf_train(out, model, tr, va, *, lr, epochs, bs, sched="linear", warmup=0.0, clip=1.0, eval_steps=50, seed=0,
             log_steps=10):
    from transformers import Trainer, TrainingArguments
    import torch

    def metrics(p):
        logits, labels = p
        if logits.ndim == 2:
            return {"accuracy": float((logits.argmax(-1) == labels).mean())}
        return {}
    args = TrainingArguments(output_dir=out, per_device_train_batch_size=bs, per_device_eval_batch_size=256,
                             learning_rate=lr, num_train_epochs=epochs, lr_scheduler_type=sched,
                             warmup_steps=int(warmup * epochs * math.ceil(len(tr) / bs)),
                             max_grad_norm=clip, logging_steps=log_steps, eval_strategy="steps", eval_steps=eval_steps,
                             save_strategy="no", report_to="none", use_cpu=True, seed=seed, disable_tqdm=True,
                             dataloader_num_workers=0)
    t = Trainer(model=model, args=args, train_dataset=ListDS(tr), eval_dataset=ListDS(va),
                compute_metrics=metrics if "SequenceClassification" in type(model).__name__ else None)
    res = t.train()
    t.save_metrics("train", res.metrics)
    t.save_metrics("eval", t.evaluate())
    t.save_state()


def h_dates_gptneox(out):
    torch = torch_setup(71)
    from transformers import GPTNeoXConfig, GPTNeoXForCausalLM
    tr, V = date_items(3000, 71)
    va, _ = date_items(300, 72)
    cfg = GPTNeoXConfig(vocab_size=V, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                        intermediate_size=128, max_position_embeddings=32, bos_token_id=0, eos_token_id=0)
    hf_train(out, GPTNeoXForCausalLM(cfg), tr, va, lr=2e-3, epochs=6, bs=32, sched="cosine", warmup=0.05,
             eval_steps=50, seed=71)


def h_dates_opt_lr1(out):
    torch = torch_setup(72)
    from transformers import OPTConfig, OPTForCausalLM
    tr, V = date_items(3000, 73)
    va, _ = date_items(300, 74)
    cfg = OPTConfig(vocab_size=V, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, ffn_dim=128,
                    max_position_embeddings=32, word_embed_proj_dim=64, bos_token_id=0, eos_token_id=0, pad_token_id=0)
    hf_train(out, OPTForCausalLM(cfg), tr, va, lr=1.0, epochs=5, bs=32, clip=0.0, eval_steps=50, seed=72)


def h_missing_squeezebert(out):
    torch = torch_setup(73)
    from transformers import SqueezeBertConfig, SqueezeBertForSequenceClassification
    tr = missing_items(4000, 75)
    va = missing_items(500, 76)
    cfg = SqueezeBertConfig(vocab_size=12, hidden_size=64, embedding_size=64, num_hidden_layers=2,
                            num_attention_heads=4, intermediate_size=128, max_position_embeddings=16, num_labels=10,
                            pad_token_id=0)
    hf_train(out, SqueezeBertForSequenceClassification(cfg), tr, va, lr=1e-3, epochs=10, bs=32, warmup=0.1,
             eval_steps=100, seed=73)


def h_missing_mobilebert_lr1e7(out):
    torch = torch_setup(74)
    from transformers import MobileBertConfig, MobileBertForSequenceClassification
    tr = missing_items(4000, 77)
    va = missing_items(500, 78)
    cfg = MobileBertConfig(vocab_size=12, hidden_size=64, embedding_size=32, intra_bottleneck_size=32,
                           true_hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                           num_feedforward_networks=1, max_position_embeddings=16, num_labels=10, pad_token_id=0)
    hf_train(out, MobileBertForSequenceClassification(cfg), tr, va, lr=1e-7, epochs=6, bs=32, eval_steps=100, seed=74)


# ----------------------------------------------------------------------------- registry and driver

# name -> (format, function, log file for text logs or None, phases)
RUNS_TABLE = {
    "netflow-mlp-sgd-lr3-print": ("text_log", t_netflow_sgd_lr3, "train.log", 1),
    "netflow-mlp-adamw-cosine-logging": ("text_log", t_netflow_adamw_cosine_logging, "train.log", 1),
    "tetro-cnn-adam-lr1e-6-tqdm": ("text_log", t_tetro_adam_1e6_tqdm, "out.txt", 1),
    "tetro-cnn-labels-shuffled": ("text_log", t_tetro_shuffled_labels, "log.txt", 1),
    "tetro-cnn-bn-dropout-no-eval": ("text_log", t_tetro_bn_noeval, "stdout.txt", 1),
    "missing-gru-steplr-per-step": ("text_log", t_missing_gru_steplr_perstep, "train.log", 1),
    "missing-relu-rnn-sgd-nan": ("text_log", t_missing_relu_rnn_nan, "run.log", 1),
    "turbine-mlp-sgd-no-zero-grad": ("text_log", t_turbine_nozerograd, "train_output.txt", 1),
    "turbine-mlp-onecycle-50ep": ("text_log", t_turbine_onecycle, "train.log", 1),
    "netflow-mlp-tiny-50-samples": ("text_log", t_netflow_tiny, "nohup.out", 1),
    "missing-transformer-debug-cap": ("text_log", t_missing_transformer_cap, "train.log", 1),
    "tetro-cnn-killed-resumed": ("text_log", t_tetro_killed_resumed, "train.log", 2),
    "turbine-mlp-cosine-sigkill": ("text_log", t_turbine_sigkill, "log.txt", 1),
    "netflow-mlp-plateau-earlystop": ("text_log", t_netflow_plateau_es, "output.log", 1),
    "missing-mlp-onehot-warmup-logging": ("text_log", t_missing_mlp_warmup_logging, "train.log", 1),
    "tetro-cnn-sgd-steplr-pct": ("text_log", t_tetro_sgd_step_pct, "train.log", 1),
    "netflow-mlp-softmax-into-ce": ("text_log", t_netflow_softmax_ce, "train.txt", 1),
    "tetro-cnn-adam-lr0.5": ("csv_custom", c_tetro_adam_lr05_csvwriter, None, 1),
    "missing-mlp-labels-shuffled": ("csv_custom", c_missing_shuffled_jsonl, None, 1),
    "turbine-mlp-raw-units-sgd": ("csv_custom", c_turbine_raw_pandas, None, 1),
    "netflow-mlp-two-runs-one-csv": ("csv_custom", c_netflow_appended_twice, None, 2),
    "tetro-cnn-sigkill-jsonl": ("csv_custom", c_tetro_sigkill_jsonl, None, 1),
    "missing-gru-cosine": ("csv_custom", c_missing_gru_cosine_dictwriter, None, 1),
    "turbine-mlp-warmup-cosine-steps": ("csv_custom", c_turbine_warmup_cosine_jsonl, None, 1),
    "netflow-mlp-bn-onecycle": ("csv_custom", c_netflow_onecycle_pandas, None, 1),
    "tetro-cnn-rmsprop-clip-tsv": ("csv_custom", c_tetro_clip_tsv, None, 1),
    "missing-gru-adam-lr1": ("tfevents", e_missing_gru_adam_lr1, None, 1),
    "netflow-mlp-sgd-lr1e-5": ("tfevents", e_netflow_sgd_1e5, None, 1),
    "missing-transformer-frozen": ("tfevents", e_missing_frozen_transformer, None, 1),
    "netflow-mlp-6-of-60-epochs": ("tfevents", e_netflow_too_short, None, 1),
    "missing-relu-rnn-grad-norm": ("tfevents", e_missing_relu_rnn_gradnorm, None, 1),
    "tetro-cnn-bn-onecycle": ("tfevents", e_tetro_onecycle_sw, None, 1),
    "turbine-mlp-huber-plateau-tbx": ("tfevents", e_turbine_huber_plateau_tbx, None, 1),
    "missing-transformer-warmup-tbx": ("tfevents", e_missing_transformer_warmup_tbx, None, 1),
    "tetro-cnn-lightning-tb-cosine": ("tfevents", e_tetro_lightning_tb, None, 1),
    "turbine-mlp-sgd-lr8": ("lightning_csv", l_turbine_sgd_lr8, None, 1),
    "tetro-cnn-80-images": ("lightning_csv", l_tetro_tiny, None, 1),
    "netflow-mlp-earlystop": ("lightning_csv", l_netflow_earlystop, None, 1),
    "missing-gru-cosine-lrmonitor": ("lightning_csv", l_missing_gru_cosine, None, 1),
    "turbine-mlp-adam-steplr": ("lightning_csv", l_turbine_adam_step, None, 1),
    "netflow-mlp-sigkill": ("lightning_csv", l_netflow_sigkill, None, 1),
    "netflow-dense-sgd-lr2": ("keras_csvlogger", k_netflow_sgd_lr2, None, 1),
    "turbine-dense-adam-plateau": ("keras_csvlogger", k_turbine_adam_plateau, None, 1),
    "tetro-conv-earlystop": ("keras_history_json", k_tetro_cnn_earlystop, None, 1),
    "turbine-dense-raw-units": ("keras_history_json", k_turbine_raw_units, None, 1),
    "missing-dense-onehot": ("keras_history_csv", k_missing_dense_onehot, None, 1),
    "dates-gptneox-cosine": ("hf_trainer_state", h_dates_gptneox, None, 1),
    "dates-opt-lr1-noclip": ("hf_trainer_state", h_dates_opt_lr1, None, 1),
    "missing-squeezebert": ("hf_trainer_state", h_missing_squeezebert, None, 1),
    "missing-mobilebert-lr1e-7": ("hf_trainer_state", h_missing_mobilebert_lr1e7, None, 1),
}


def run_one(name, phase):
    fmt, fn, _, _ = RUNS_TABLE[name]
    out = os.path.join(RUNS, fmt, name)
    os.makedirs(out, exist_ok=True)
    if fn in (t_tetro_killed_resumed, c_netflow_appended_twice):
        fn(out, phase)
    else:
        fn(out)


def launch(name, phase):
    fmt, fn, logname, _ = RUNS_TABLE[name]
    out = os.path.join(RUNS, fmt, name)
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1",
               PYTHONWARNINGS="ignore")
    cmd = [sys.executable, os.path.abspath(__file__), "--run", name, "--phase", str(phase)]
    if logname:
        f = open(os.path.join(out, logname), "a")          # the shell's `>>`
    else:
        os.makedirs("/tmp/nu14_stdout", exist_ok=True)
        f = open("/tmp/nu14_stdout/%s.%d.out" % (name, phase), "w")
    return subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=out, env=env), f


def main():
    if "--run" in sys.argv:
        name = sys.argv[sys.argv.index("--run") + 1]
        phase = int(sys.argv[sys.argv.index("--phase") + 1]) if "--phase" in sys.argv else 1
        run_one(name, phase)
        return
    only = sys.argv[1:] or list(RUNS_TABLE)
    jobs = [(n, 1) for n in only] + [(n, 2) for n in only if RUNS_TABLE[n][3] == 2]
    running = []
    par = int(os.environ.get("NU14_PAR", "2"))
    t0 = time.time()
    while jobs or running:
        # phases of one run go in order
        while jobs and len(running) < par:
            n, p = jobs[0]
            if any(r[0] == n for r in running):
                break
            jobs.pop(0)
            pr, f = launch(n, p)
            running.append((n, p, pr, f, time.time()))
        time.sleep(0.2)
        for r in list(running):
            if r[2].poll() is not None:
                r[3].close()
                print("%-40s phase %d rc=%d %.1fs" % (r[0], r[1], r[2].returncode, time.time() - r[4]), flush=True)
                running.remove(r)
    print("all done in %.0fs" % (time.time() - t0))


if __name__ == "__main__":
    main()
