"""make_runs.py -- lock-box batch 2026-12-07nu11 ("trainings a new user wrote", eleventh batch).

Every run is a small real training on the CPU, written the way a new user writes it, and each
run's files are left in runs/<format>/<run-name>/ exactly as its logger left them.

    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py            # every run
    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py NAME ...   # some runs
    python make_runs.py --one NAME [--resume]                            # (internal) one run in this process

Tasks (all data generated with numpy here, no downloads):
  stars     -- stellar spectral class O/B/A/F/G/K/M (7 classes) from u,g,r,i,z photometry of a black body
               at a random distance (magnitudes, or raw fluxes in microjansky)
  stopping  -- car stopping distance in metres from speed (km/h), tyre-road friction, road grade,
               driver reaction time (s), vehicle mass (kg) and tread depth (mm)
  clock     -- reading the hour (12 classes) from a 20x20 drawing of an analogue clock face
  load      -- household electricity load profiles, 48 half-hourly kW values, 5 archetypes
               (commuter, home worker, night-storage heating, rooftop solar, EV charging):
               an autoencoder (reconstruction MSE) and an archetype classifier
  roman     -- writing an integer 1..3999 as a Roman numeral (seq2seq), and the reverse as a causal LM
"""
import os
import sys
import json
import math
import time
import signal
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
TMP = "/tmp/nu11_tmp"
ERR = "/tmp/nu11_stderr"

# --------------------------------------------------------------------------------------------
# data (numpy only)
# --------------------------------------------------------------------------------------------


def _np():
    import numpy as np
    return np


STAR_CLASSES = "OBAFGKM"
STAR_T = [(30000, 45000), (10000, 30000), (7500, 10000), (6000, 7500), (5200, 6000), (3700, 5200), (2600, 3700)]
BANDS_NM = [355.0, 469.0, 617.0, 748.0, 893.0]


def star_data(n, seed, raw_flux=False):
    """Returns X (n, 9) or raw fluxes (n, 5) and class index."""
    np = _np()
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 7, n)
    lo = np.array([STAR_T[k][0] for k in y], float)
    hi = np.array([STAR_T[k][1] for k in y], float)
    T = np.exp(rng.uniform(np.log(lo), np.log(hi)))
    lam = np.array(BANDS_NM) * 1e-9
    hc_k = 1.438777e-2
    x = hc_k / (lam[None, :] * T[:, None])
    B = 1.0 / (lam[None, :] ** 5 * np.expm1(x))
    mag = -2.5 * np.log10(B)
    mag = mag - mag[:, 2:3]  # relative to r
    r_mag = rng.uniform(9.0, 16.0, n)  # distance and radius
    mag = mag + r_mag[:, None]
    ext = rng.uniform(0.0, 0.25, n)  # a little reddening
    mag = mag + ext[:, None] * np.array([1.6, 1.2, 0.87, 0.65, 0.48])[None, :]
    mag = mag + rng.normal(0, 0.03, mag.shape)
    if raw_flux:
        flux_uJy = 10 ** (-0.4 * (mag - 23.9))
        return flux_uJy.astype(np.float32), y
    col = mag[:, :-1] - mag[:, 1:]
    X = np.concatenate([mag, col], 1)
    return X.astype(np.float32), y


def stopping_data(n, seed):
    """Raw units: speed km/h, mu, grade, reaction s, mass kg, tread mm -> metres."""
    np = _np()
    rng = np.random.default_rng(seed)
    v_kmh = rng.uniform(30, 130, n)
    mu = rng.uniform(0.3, 0.9, n)
    grade = rng.uniform(-0.05, 0.05, n)
    t_r = rng.uniform(0.6, 2.2, n)
    mass = rng.uniform(900, 2600, n)
    tread = rng.uniform(1.6, 8.0, n)
    mu_eff = mu * (0.75 + 0.25 * (tread - 1.6) / 6.4)
    v = v_kmh / 3.6
    d = v * t_r + v ** 2 / (2 * 9.81 * (mu_eff + grade))
    d = d * np.exp(rng.normal(0, 0.04, n))
    X = np.stack([v_kmh, mu, grade, t_r, mass, tread], 1)
    return X.astype(np.float32), d.astype(np.float32)


def clock_data(n, seed, size=20):
    np = _np()
    rng = np.random.default_rng(seed)
    hour = rng.integers(0, 12, n)
    minute = rng.integers(0, 60, n)
    imgs = np.zeros((n, size, size), np.float32)
    c = (size - 1) / 2.0
    yy, xx = np.mgrid[0:size, 0:size]
    rr = np.sqrt((yy - c) ** 2 + (xx - c) ** 2)
    ring = (np.abs(rr - 9.0) < 0.7).astype(np.float32)
    for i in range(n):
        img = ring * rng.uniform(0.3, 0.7)
        # 12 tick marks are absent on purpose: only the dial ring
        a_h = 2 * np.pi * ((hour[i] + minute[i] / 60.0) / 12.0) + rng.normal(0, 0.04)
        a_m = 2 * np.pi * (minute[i] / 60.0) + rng.normal(0, 0.04)
        for a, L, w, val in ((a_h, 5.0, 0.9, 1.0), (a_m, 8.0, 0.45, 0.8)):
            t = np.linspace(0, L, 40)
            px = c + t * np.sin(a)
            py = c - t * np.cos(a)
            for dx in (-w, 0.0, w):
                for dy in (-w, 0.0, w):
                    ix = np.clip(np.round(px + dx).astype(int), 0, size - 1)
                    iy = np.clip(np.round(py + dy).astype(int), 0, size - 1)
                    img[iy, ix] = np.maximum(img[iy, ix], val)
        # a random small rotation of the whole face would make it too hard; jitter by one pixel
        sx, sy = rng.integers(-1, 2, 2)
        img = np.roll(np.roll(img, sx, 1), sy, 0)
        img = img * rng.uniform(0.7, 1.3) + rng.normal(0, 0.15, img.shape)
        imgs[i] = img
    return imgs, hour


LOAD_NAMES = ["commuter", "home_worker", "night_storage", "rooftop_solar", "ev_charging"]


def load_data(n, seed):
    """Half-hourly net load in kW, 48 values per day; archetype 0..4."""
    np = _np()
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 5, n)
    h = np.arange(48) / 2.0
    out = np.zeros((n, 48), np.float32)

    def bump(mu, sd, amp):
        return amp * np.exp(-0.5 * ((h - mu) / sd) ** 2)

    for i in range(n):
        s = rng.normal(0, 0.8)  # time shift in hours
        base = 0.25 + 0.1 * rng.random()
        p = np.full(48, base)
        k = y[i]
        if k == 0:
            p += bump(7.5 + s, 0.8, 1.2) + bump(19.0 + s, 1.5, 1.8)
        elif k == 1:
            p += bump(13.0 + s, 3.5, 0.8) + bump(19.5 + s, 1.5, 1.0)
        elif k == 2:
            p += np.where((h < 7.0 + s) & (h >= 0.5), 2.2, 0.0) + bump(18.5 + s, 1.5, 0.9)
        elif k == 3:
            p += bump(7.5 + s, 0.8, 1.0) + bump(19.0 + s, 1.5, 1.5) - bump(12.5, 2.6, 2.4 * rng.uniform(0.5, 1.0))
        else:
            start = 22.0 + s + rng.uniform(-1, 2)
            hh = (h - start) % 24
            p += bump(7.5 + s, 0.8, 1.0) + bump(18.5 + s, 1.5, 1.3) + np.where(hh < rng.uniform(2, 4), 6.5, 0.0)
        p = p * rng.uniform(0.6, 1.5)
        p += rng.normal(0, 0.12, 48)
        out[i] = p
    return out, y


ROMAN_VOCAB = ["<pad>", "<s>", "</s>"] + list("0123456789") + list("IVXLCDM") + ["="]
RV = {t: i for i, t in enumerate(ROMAN_VOCAB)}
PAD, BOS, EOS = 0, 1, 2


def to_roman(n):
    vals = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
            (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    s = ""
    for v, r in vals:
        while n >= v:
            s += r
            n -= v
    return s


def roman_data(n, seed, tgt_len=16):
    """src: 4 digit tokens (leading zeros); tgt_in: <s> roman...; tgt_out: roman... </s>."""
    np = _np()
    rng = np.random.default_rng(seed)
    nums = rng.integers(1, 4000, n)
    src = np.zeros((n, 4), np.int64)
    tin = np.zeros((n, tgt_len), np.int64)
    tout = np.zeros((n, tgt_len), np.int64)
    for i, v in enumerate(nums):
        src[i] = [RV[c] for c in f"{v:04d}"]
        r = [RV[c] for c in to_roman(int(v))]
        seq_in = [BOS] + r
        seq_out = r + [EOS]
        tin[i, :len(seq_in)] = seq_in[:tgt_len]
        tout[i, :len(seq_out)] = seq_out[:tgt_len]
    return src, tin, tout, nums


# --------------------------------------------------------------------------------------------
# torch helpers
# --------------------------------------------------------------------------------------------


def T():
    import torch
    torch.set_num_threads(1)
    return torch


def standardise(tr, *others):
    np = _np()
    mu = tr.mean(0, keepdims=True)
    sd = tr.std(0, keepdims=True) + 1e-6
    return [((a - mu) / sd).astype(np.float32) for a in (tr,) + others]


def mlp(i, h, o, depth=2, act=None):
    torch = T()
    nn = torch.nn
    act = act or nn.ReLU
    layers = []
    d = i
    for _ in range(depth):
        layers += [nn.Linear(d, h), act()]
        d = h
    layers.append(nn.Linear(d, o))
    return nn.Sequential(*layers)


def clock_cnn(bn=False, drop=0.0):
    torch = T()
    nn = torch.nn
    L = [nn.Conv2d(1, 16, 3, padding=1)]
    if bn:
        L.append(nn.BatchNorm2d(16))
    L += [nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1)]
    if bn:
        L.append(nn.BatchNorm2d(32))
    L += [nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(32 * 25, 64), nn.ReLU()]
    if drop:
        L.append(nn.Dropout(drop))
    L.append(nn.Linear(64, 12))
    return nn.Sequential(*L)


def load_cnn():
    torch = T()
    nn = torch.nn
    return nn.Sequential(nn.Unflatten(1, (1, 48)), nn.Conv1d(1, 16, 5, padding=2), nn.ReLU(),
                         nn.Conv1d(16, 32, 5, padding=2, stride=2), nn.ReLU(),
                         nn.Conv1d(32, 32, 3, padding=1), nn.ReLU(),
                         nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(32, 5))


def load_ae(h=64, z=6):
    torch = T()
    nn = torch.nn
    return nn.Sequential(nn.Linear(48, h), nn.ReLU(), nn.Linear(h, z), nn.ReLU(), nn.Linear(z, h), nn.ReLU(),
                         nn.Linear(h, 48))


def make_seq2seq(kind="gru", emb=32, hid=128, nonlin="tanh"):
    torch = T()
    nn = torch.nn
    V = len(ROMAN_VOCAB)

    class Seq2Seq(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(V, emb)
            if kind == "gru":
                self.enc = nn.GRU(emb, hid, batch_first=True)
                self.dec = nn.GRU(emb, hid, batch_first=True)
            else:
                self.enc = nn.RNN(emb, hid, batch_first=True, nonlinearity=nonlin)
                self.dec = nn.RNN(emb, hid, batch_first=True, nonlinearity=nonlin)
            self.out = nn.Linear(hid, V)

        def forward(self, x):  # x = [src(4) | tgt_in(16)]
            src, tin = x[:, :4], x[:, 4:]
            _, h = self.enc(self.emb(src))
            o, _ = self.dec(self.emb(tin), h)
            return self.out(o)

    return Seq2Seq()


def make_tf_seq2seq(d=48):
    torch = T()
    nn = torch.nn
    V = len(ROMAN_VOCAB)

    class TfS2S(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(V, d)
            self.pos = nn.Parameter(torch.randn(1, 20, d) * 0.02)
            self.tf = nn.Transformer(d_model=d, nhead=4, num_encoder_layers=2, num_decoder_layers=2,
                                     dim_feedforward=96, dropout=0.0, batch_first=True)
            self.out = nn.Linear(d, V)
            self.register_buffer("mask", torch.triu(torch.full((16, 16), float("-inf")), 1))

        def forward(self, x):
            src, tin = x[:, :4], x[:, 4:]
            s = self.emb(src) + self.pos[:, :4]
            t = self.emb(tin) + self.pos[:, 4:20]
            return self.out(self.tf(s, t, tgt_mask=self.mask))

    return TfS2S()


def roman_tensors(n_tr=6000, n_va=1000, seed=11):
    torch = T()
    np = _np()
    src, tin, tout, _ = roman_data(n_tr + n_va, seed)
    X = torch.tensor(np.concatenate([src, tin], 1))
    Y = torch.tensor(tout)
    return X[:n_tr], Y[:n_tr], X[n_tr:], Y[n_tr:]


def seq_ce(logits, y):
    torch = T()
    return torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1), ignore_index=PAD)


def evaluate(model, X, Y, loss_fn, kind="acc", scale=1.0, bs=1000):
    """kind: acc (classes), tok (seq2seq token acc), rmse (regression in units via scale), none."""
    torch = T()
    model.eval()
    tot, n, good, cnt, se = 0.0, 0, 0.0, 0, 0.0
    with torch.no_grad():
        for i in range(0, len(X), bs):
            xb, yb = X[i:i + bs], Y[i:i + bs]
            out = model(xb)
            l = loss_fn(out, yb)
            tot += float(l) * len(xb)
            n += len(xb)
            if kind == "acc":
                good += float((out.argmax(-1) == yb).sum())
                cnt += len(xb)
            elif kind == "tok":
                m = yb != PAD
                good += float(((out.argmax(-1) == yb) & m).sum())
                cnt += int(m.sum())
            elif kind == "rmse":
                se += float(((out.squeeze(-1) - yb) ** 2).sum()) * scale ** 2
                cnt += len(xb)
    model.train()
    metric = None
    if kind in ("acc", "tok"):
        metric = good / max(cnt, 1)
    elif kind == "rmse":
        metric = math.sqrt(se / max(cnt, 1))
    return tot / max(n, 1), metric


def gnorm(model):
    s = 0.0
    for p in model.parameters():
        if p.grad is not None:
            s += float(p.grad.detach().pow(2).sum())
    return math.sqrt(s)


def fit(model, opt, Xtr, Ytr, Xva, Yva, epochs, bs, loss_fn, kind="acc", scale=1.0, seed=0,
        on_step=None, on_epoch=None, sched=None, step_sched=False, clip=None, zero_grad=True,
        start_epoch=1, after_epoch=None, plateau=False):
    """A plain training loop; on_step(step, ep, loss, grad_norm, lr), on_epoch(ep, train_loss, val_loss, val_metric, lr)."""
    torch = T()
    g = torch.Generator().manual_seed(seed + start_epoch)
    step = (start_epoch - 1) * math.ceil(len(Xtr) / bs)
    for ep in range(start_epoch, epochs + 1):
        model.train()
        perm = torch.randperm(len(Xtr), generator=g)
        tot, n = 0.0, 0
        for i in range(0, len(Xtr), bs):
            idx = perm[i:i + bs]
            xb, yb = Xtr[idx], Ytr[idx]
            if zero_grad:
                opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            gn = gnorm(model)
            if clip:
                torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
            opt.step()
            if sched is not None and step_sched:
                sched.step()
            step += 1
            tot += float(loss) * len(xb)
            n += len(xb)
            if on_step:
                on_step(step, ep, float(loss), gn, opt.param_groups[0]["lr"])
        tr = tot / n
        vl, vm = evaluate(model, Xva, Yva, loss_fn, kind, scale)
        lr_now = opt.param_groups[0]["lr"]
        if sched is not None and not step_sched:
            if plateau:
                sched.step(vl)
            else:
                sched.step()
        if on_epoch:
            on_epoch(ep, tr, vl, vm, lr_now)
        if after_epoch:
            after_epoch(ep)
    return model


def stars_tensors(n_tr=3000, n_va=800, seed=3, raw=False):
    torch = T()
    X, y = star_data(n_tr + n_va, seed, raw_flux=raw)
    if not raw:
        Xtr, Xva = standardise(X[:n_tr], X[n_tr:])
    else:
        Xtr, Xva = X[:n_tr], X[n_tr:]
    return (torch.tensor(Xtr), torch.tensor(y[:n_tr]), torch.tensor(Xva), torch.tensor(y[n_tr:]))


def stopping_tensors(n_tr=3000, n_va=600, seed=5, raw=False):
    """Standardised inputs and target unless raw; returns scale (metres per target unit) too."""
    torch = T()
    np = _np()
    X, d = stopping_data(n_tr + n_va, seed)
    if raw:
        return (torch.tensor(X[:n_tr]), torch.tensor(d[:n_tr]), torch.tensor(X[n_tr:]), torch.tensor(d[n_tr:]),
                1.0, 0.0)
    Xtr, Xva = standardise(X[:n_tr], X[n_tr:])
    mu, sd = float(d[:n_tr].mean()), float(d[:n_tr].std())
    t = ((d - mu) / sd).astype(np.float32)
    return torch.tensor(Xtr), torch.tensor(t[:n_tr]), torch.tensor(Xva), torch.tensor(t[n_tr:]), sd, mu


def clock_tensors(n_tr=4000, n_va=1000, seed=7, flat=False):
    torch = T()
    X, y = clock_data(n_tr + n_va, seed)
    X = torch.tensor(X).unsqueeze(1)
    if flat:
        X = X.flatten(1)
    y = torch.tensor(y)
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]


def load_tensors(n_tr=3000, n_va=600, seed=9):
    torch = T()
    X, y = load_data(n_tr + n_va, seed)
    Xtr, Xva = standardise(X[:n_tr], X[n_tr:])
    return torch.tensor(Xtr), torch.tensor(y[:n_tr]), torch.tensor(Xva), torch.tensor(y[n_tr:])


def mse_sq(out, y):
    torch = T()
    return torch.nn.functional.mse_loss(out.squeeze(-1), y)


def ce(out, y):
    torch = T()
    return torch.nn.functional.cross_entropy(out, y)


def recon(out, y):
    torch = T()
    return torch.nn.functional.mse_loss(out, y)


def seed_all(s):
    import random
    np = _np()
    torch = T()
    random.seed(s)
    np.random.seed(s)
    torch.manual_seed(s)


# --------------------------------------------------------------------------------------------
# text_log runs (stdout+stderr of the process go to the file named in TEXT_FILES)
# --------------------------------------------------------------------------------------------


def r_stars_mlp_adam_print(out, resume):
    seed_all(0)
    torch = T()
    Xtr, ytr, Xva, yva = stars_tensors()
    model = mlp(9, 64, 7, 2)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    print(f"train {len(Xtr)} stars, val {len(Xva)} stars, classes {STAR_CLASSES}")

    def ep_log(ep, tr, vl, va, lr):
        print(f"Epoch {ep} of 30: training loss {tr:.4f}, validation loss {vl:.4f}, validation accuracy {100 * va:.2f}%")
    fit(model, opt, Xtr, ytr, Xva, yva, 30, 64, ce, on_epoch=ep_log)
    print("done.")


def r_stars_mlp_sgd_lr3_print(out, resume):
    seed_all(1)
    torch = T()
    Xtr, ytr, Xva, yva = stars_tensors()
    model = mlp(9, 128, 7, 3)
    opt = torch.optim.SGD(model.parameters(), lr=3.0, momentum=0.9)
    print("SGD lr=3.0 momentum=0.9 bs=32")

    def st(step, ep, loss, gn, lr):
        if step % 25 == 0:
            print(f"[{ep}] it {step} loss={loss:.4f}")

    def ep_log(ep, tr, vl, va, lr):
        print(f"[{ep}] eval loss={vl:.4f} | eval acc={va:.4f}")
    fit(model, opt, Xtr, ytr, Xva, yva, 20, 32, ce, on_step=st, on_epoch=ep_log)


def r_stopping_mlp_raw_units_print(out, resume):
    seed_all(2)
    torch = T()
    Xtr, dtr, Xva, dva, _, _ = stopping_tensors(raw=True)
    model = mlp(6, 64, 1, 2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    print("inputs: speed_kmh, mu, grade, reaction_s, mass_kg, tread_mm -> stopping distance [m]")

    def ep_log(ep, tr, vl, vm, lr):
        print(f"epoch {ep:3d}  mse {tr:10.2f} m^2   test mse {vl:10.2f} m^2  (rmse {vm:.1f} m)")
    fit(model, opt, Xtr, dtr, Xva, dva, 40, 64, mse_sq, kind="rmse", on_epoch=ep_log)


def r_stopping_mlp_cosine_logging(out, resume):
    import logging
    logging.basicConfig(filename=os.path.join(out, "stopping.log"), level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("stopping")
    seed_all(3)
    torch = T()
    Xtr, ytr, Xva, yva, sd, mu = stopping_tensors()
    model = mlp(6, 96, 1, 3)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    E = 35
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=E)
    log.info("target scale: mean %.1f m, std %.1f m; %d epochs cosine", mu, sd, E)

    def st(step, ep, loss, gn, lr):
        if step % 10 == 0:
            log.info("ep %d step %d loss %.5f", ep, step, loss)

    def ep_log(ep, tr, vl, vm, lr):
        log.info("dev epoch %d: loss %.5f rmse %.2f m", ep, vl, vm)
    fit(model, opt, Xtr, ytr, Xva, yva, E, 64, mse_sq, kind="rmse", scale=sd, sched=sched, on_step=st,
        on_epoch=ep_log)
    log.info("finished")


def r_clock_cnn_tqdm(out, resume):
    from tqdm import tqdm
    seed_all(4)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors()
    model = clock_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=8, gamma=0.3)
    g = torch.Generator().manual_seed(4)
    E, bs = 20, 64
    for ep in range(E):
        model.train()
        perm = torch.randperm(len(Xtr), generator=g)
        bar = tqdm(range(0, len(Xtr), bs), desc=f"epoch {ep}", ncols=90, mininterval=0.5)
        for i in bar:
            idx = perm[i:i + bs]
            opt.zero_grad()
            loss = ce(model(Xtr[idx]), ytr[idx])
            loss.backward()
            opt.step()
            bar.set_postfix(loss=f"{loss.item():.4f}")
        sched.step()
        vl, va = evaluate(model, Xva, yva, ce)
        tqdm.write(f"valid: loss {vl:.4f} acc {va:.3f}")


def r_clock_cnn_no_zero_grad_print(out, resume):
    seed_all(5)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors()
    model = clock_cnn()
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)

    def st(step, ep, loss, gn, lr):
        if step % 10 == 0:
            print(f"it {step} loss {loss:.4f}")

    def ep_log(ep, tr, vl, va, lr):
        print(f"== epoch {ep} test loss {vl:.4f} test acc {va:.4f}")
    fit(model, opt, Xtr, ytr, Xva, yva, 12, 64, ce, on_step=st, on_epoch=ep_log, zero_grad=False)


def r_roman_gru_seq2seq_print(out, resume):
    seed_all(6)
    torch = T()
    Xtr, Ytr, Xva, Yva = roman_tensors()
    model = make_seq2seq("gru")
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    E, bs = 14, 64
    total = E * math.ceil(len(Xtr) / bs)
    print(f"training {total} steps")

    def st(step, ep, loss, gn, lr):
        if step % 25 == 0:
            print(f"step {step}/{total} xent {loss:.4f}")

    def ep_log(ep, tr, vl, va, lr):
        print(f"  [dev] xent {vl:.4f} tok_acc {va:.4f}")
    fit(model, opt, Xtr, Ytr, Xva, Yva, E, bs, seq_ce, kind="tok", clip=1.0, on_step=st, on_epoch=ep_log)


def r_roman_relu_rnn_nan_print(out, resume):
    seed_all(7)
    torch = T()
    Xtr, Ytr, Xva, Yva = roman_tensors()
    model = make_seq2seq("rnn", hid=128, nonlin="relu")
    with torch.no_grad():
        for rnn in (model.enc, model.dec):
            rnn.weight_hh_l0.copy_(torch.eye(128) * 1.3 + torch.randn(128, 128) * 0.02)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    print("relu rnn seq2seq, SGD 0.05, no clipping")
    step = 0
    g = torch.Generator().manual_seed(7)
    for ep in range(1, 21):
        perm = torch.randperm(len(Xtr), generator=g)
        for i in range(0, len(Xtr), 64):
            idx = perm[i:i + 64]
            opt.zero_grad()
            loss = seq_ce(model(Xtr[idx]), Ytr[idx])
            loss.backward()
            opt.step()
            step += 1
            print(f"ep {ep} step {step} loss {loss.item():.4f} gnorm {gnorm(model):.2f}")
        vl, va = evaluate(model, Xva, Yva, seq_ce, "tok")
        print(f"ep {ep} val loss {vl:.4f} val tok acc {va:.4f}")
        if math.isnan(vl):
            raise FloatingPointError(f"validation loss is nan after epoch {ep}")


def r_load_ae_debug_cap_print(out, resume):
    seed_all(8)
    torch = T()
    Xtr, _, Xva, _ = load_tensors()
    model = load_ae()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    MAX_STEPS = 20  # debug
    E, bs = 40, 32
    step = 0
    g = torch.Generator().manual_seed(8)
    done = False
    for ep in range(1, E + 1):
        perm = torch.randperm(len(Xtr), generator=g)
        for i in range(0, len(Xtr), bs):
            xb = Xtr[perm[i:i + bs]]
            opt.zero_grad()
            loss = recon(model(xb), xb)
            loss.backward()
            opt.step()
            step += 1
            print(f"Epoch {ep}/{E} step {step}: recon loss {loss.item():.4f}")
            if step >= MAX_STEPS:
                done = True
                break
        if done:
            break
    vl, _ = evaluate(model, Xva, Xva, recon, "none")
    print(f"Final test recon mse: {vl:.4f}")


def r_load_cnn_killed_print(out, resume):
    seed_all(9)
    torch = T()
    Xtr, ytr, Xva, yva = load_tensors()
    model = load_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    E = 30

    def ep_log(ep, tr, vl, va, lr):
        print(f"ep {ep:02d}/{E}  train_loss={tr:.4f}  val_loss={vl:.4f}  val_acc={va:.3f}")

    def kill(ep):
        if ep == 9:
            os.kill(os.getpid(), signal.SIGKILL)
    fit(model, opt, Xtr, ytr, Xva, yva, E, 32, ce, on_epoch=ep_log, after_epoch=kill)


def r_stars_mlp_resumed_print(out, resume):
    seed_all(10)
    torch = T()
    Xtr, ytr, Xva, yva = stars_tensors()
    model = mlp(9, 64, 7, 2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, 10, 0.5)
    E = 30
    ck = os.path.join(TMP, "stars_resume.pt")
    start = 1
    if resume:
        st = torch.load(ck)
        model.load_state_dict(st["model"])
        opt.load_state_dict(st["opt"])
        sched.load_state_dict(st["sched"])
        start = st["epoch"] + 1
        print(f"Resuming from {ck} (epoch {st['epoch']})")
    else:
        print(f"Training for {E} epochs")

    def ep_log(ep, tr, vl, va, lr):
        print(f"epoch {ep:2d} | lr {lr:.1e} | loss {tr:.4f} | val {vl:.4f} | acc {va:.4f}")

    def after(ep):
        if ep % 5 == 0:
            os.makedirs(TMP, exist_ok=True)
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(),
                        "epoch": ep}, ck)
        if not resume and ep == 12:
            os.kill(os.getpid(), signal.SIGKILL)
    fit(model, opt, Xtr, ytr, Xva, yva, E, 64, ce, sched=sched, on_epoch=ep_log, after_epoch=after,
        start_epoch=start, seed=10 + (100 if resume else 0))


def r_clock_mlp_appended_twice_print(out, resume):
    s = 11 if not resume else 12
    seed_all(s)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors(flat=True)
    model = mlp(400, 256, 12, 2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def ep_log(ep, tr, vl, va, lr):
        print(f"Epoch {ep}: loss={tr:.4f} val_loss={vl:.4f} val_acc={va:.4f}")
    fit(model, opt, Xtr, ytr, Xva, yva, 15, 64, ce, on_epoch=ep_log, seed=s)


def r_clock_mlp_shuffled_labels_logging(out, resume):
    import logging
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    log = logging.getLogger(__name__)
    seed_all(13)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors(n_tr=2000, flat=True)
    ytr = ytr[torch.randperm(len(ytr), generator=torch.Generator().manual_seed(0))]  # "shuffle" the dataset
    model = mlp(400, 512, 12, 2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def ep_log(ep, tr, vl, va, lr):
        log.info(f"epoch {ep}: train_loss={tr:.4f} val_loss={vl:.4f} val_acc={va:.4f}")
    fit(model, opt, Xtr, ytr, Xva, yva, 40, 64, ce, on_epoch=ep_log)


def r_roman_transformer_lr_too_low_print(out, resume):
    seed_all(14)
    torch = T()
    Xtr, Ytr, Xva, Yva = roman_tensors()
    model = make_tf_seq2seq()
    opt = torch.optim.Adam(model.parameters(), lr=1e-6)
    print("nn.Transformer seq2seq, Adam lr 1e-6")

    def st(step, ep, loss, gn, lr):
        if step % 20 == 0:
            print(f"e{ep} s{step} loss: {loss:.4f}")

    def ep_log(ep, tr, vl, va, lr):
        print(f"e{ep} EVAL loss: {vl:.4f} token acc: {100 * va:.1f}%")
    fit(model, opt, Xtr, Ytr, Xva, Yva, 8, 64, seq_ce, kind="tok", on_step=st, on_epoch=ep_log)


def r_load_ae_onecycle_print(out, resume):
    seed_all(15)
    torch = T()
    Xtr, _, Xva, _ = load_tensors()
    model = load_ae(96, 8)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    E, bs = 30, 32
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=5e-3, total_steps=E * math.ceil(len(Xtr) / bs))

    def ep_log(ep, tr, vl, vm, lr):
        print(f"ep {ep} | recon {tr:.5f} | holdout {vl:.5f} | lr {lr:.2e}")
    fit(model, opt, Xtr, Xtr, Xva, Xva, E, bs, recon, kind="none", sched=sched, step_sched=True, on_epoch=ep_log)


def r_stopping_mlp_ctrl_c_print(out, resume):
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal (the driver runs in the background)
    seed_all(16)
    torch = T()
    Xtr, ytr, Xva, yva, sd, mu = stopping_tensors()
    model = mlp(6, 64, 1, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    E = 50
    print(f"Plan: {E} epochs, SGD momentum, batch 32")

    def ep_log(ep, tr, vl, vm, lr):
        print(f"Epoch [{ep}/{E}]  Loss: {tr:.4f}  Val Loss: {vl:.4f}  Val RMSE: {vm:.2f} m")

    def stop(ep):
        if ep == 7:
            os.kill(os.getpid(), signal.SIGINT)  # the user pressed Ctrl-C
    fit(model, opt, Xtr, ytr, Xva, yva, E, 32, mse_sq, kind="rmse", scale=sd, on_epoch=ep_log, after_epoch=stop)


def r_clock_bncnn_eval_mode_bug_print(out, resume):
    seed_all(17)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors()
    model = clock_cnn(bn=True, drop=0.3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    g = torch.Generator().manual_seed(17)

    def validate():
        model.eval()  # never switched back
        tot, good = 0.0, 0
        with torch.no_grad():
            out_ = model(Xva)
            tot = ce(out_, yva).item()
            good = (out_.argmax(1) == yva).float().mean().item()
        return tot, good
    model.train()
    for ep in range(1, 19):
        perm = torch.randperm(len(Xtr), generator=g)
        tl, n = 0.0, 0
        for i in range(0, len(Xtr), 64):
            idx = perm[i:i + 64]
            opt.zero_grad()
            loss = ce(model(Xtr[idx]), ytr[idx])
            loss.backward()
            opt.step()
            tl += loss.item() * len(idx)
            n += len(idx)
        vl, va = validate()
        print(f"{ep}\ttrain {tl / n:.4f}\tval {vl:.4f}\tval_acc {va:.4f}")


# --------------------------------------------------------------------------------------------
# csv_custom
# --------------------------------------------------------------------------------------------


def r_stopping_mlp_steplr_csvwriter(out, resume):
    import csv
    seed_all(20)
    torch = T()
    Xtr, ytr, Xva, yva, sd, mu = stopping_tensors()
    model = mlp(6, 64, 1, 2)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=15, gamma=0.3)
    f = open(os.path.join(out, "history.csv"), "w", newline="")
    w = csv.writer(f)
    w.writerow(["epoch", "train_rmse_m", "val_rmse_m", "lr"])

    def ep_log(ep, tr, vl, vm, lr):
        w.writerow([ep, round(math.sqrt(tr) * sd, 3), round(vm, 3), lr])
        f.flush()
    fit(model, opt, Xtr, ytr, Xva, yva, 45, 64, mse_sq, kind="rmse", scale=sd, sched=sched, on_epoch=ep_log)
    f.close()


def r_stars_adam_lr1_jsonl(out, resume):
    seed_all(21)
    torch = T()
    Xtr, ytr, Xva, yva = stars_tensors()
    model = mlp(9, 128, 7, 2)
    opt = torch.optim.Adam(model.parameters(), lr=1.0)
    fh = open(os.path.join(out, "log.jsonl"), "w")

    def st(step, ep, loss, gn, lr):
        if step % 5 == 0:
            fh.write(json.dumps({"i": step, "loss": round(loss, 5)}) + "\n")

    def ep_log(ep, tr, vl, va, lr):
        fh.write(json.dumps({"i": ep * math.ceil(len(Xtr) / 64), "epoch": ep, "eval_loss": round(vl, 5),
                             "eval_acc": round(va, 4)}) + "\n")
    fit(model, opt, Xtr, ytr, Xva, yva, 15, 64, ce, on_step=st, on_epoch=ep_log)
    fh.close()


def r_clock_cnn_nll_on_softmax_dictwriter(out, resume):
    import csv
    seed_all(22)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors()
    model = clock_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    nll = torch.nn.NLLLoss()

    def loss_fn(out_, y):
        return nll(torch.softmax(out_, dim=1), y)  # should have been log_softmax
    f = open(os.path.join(out, "metrics.csv"), "w", newline="")
    w = csv.DictWriter(f, fieldnames=["epoch", "step", "loss", "val_loss", "val_acc"])
    w.writeheader()

    def st(step, ep, loss, gn, lr):
        if step % 20 == 0:
            w.writerow({"epoch": ep, "step": step, "loss": f"{loss:.5f}"})

    def ep_log(ep, tr, vl, va, lr):
        w.writerow({"epoch": ep, "step": ep * math.ceil(len(Xtr) / 64), "val_loss": f"{vl:.5f}", "val_acc": f"{va:.4f}"})
    fit(model, opt, Xtr, ytr, Xva, yva, 15, 64, loss_fn, on_step=st, on_epoch=ep_log)
    f.close()


def r_load_ae_tiny_train_pandas(out, resume):
    import pandas as pd
    seed_all(23)
    torch = T()
    Xtr, _, Xva, _ = load_tensors(n_tr=40, n_va=600)
    model = load_ae(256, 16)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    rows = []

    def ep_log(ep, tr, vl, vm, lr):
        rows.append({"epoch": ep, "train_mse": tr, "valid_mse": vl})
    fit(model, opt, Xtr, Xtr, Xva, Xva, 300, 8, recon, kind="none", on_epoch=ep_log)
    pd.DataFrame(rows).to_csv(os.path.join(out, "ae_tiny.csv"), index=False)


def r_roman_gru_plateau_join(out, resume):
    seed_all(24)
    torch = T()
    Xtr, Ytr, Xva, Yva = roman_tensors()
    model = make_seq2seq("gru", hid=96)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=1)
    f = open(os.path.join(out, "train_log.csv"), "w")
    f.write("epoch,loss,val_loss,val_token_acc,lr\n")

    def ep_log(ep, tr, vl, va, lr):
        f.write(",".join([str(ep), f"{tr:.5f}", f"{vl:.5f}", f"{va:.4f}", f"{lr:g}"]) + "\n")
        f.flush()
    fit(model, opt, Xtr, Ytr, Xva, Yva, 16, 64, seq_ce, kind="tok", clip=1.0, sched=sched, plateau=True,
        on_epoch=ep_log)
    f.close()


def r_stopping_poly_lbfgs_csv(out, resume):
    import csv
    seed_all(25)
    torch = T()
    np = _np()
    X, d = stopping_data(3600, 25)
    # physics-ish features: v, v^2, v*t_r, v^2*mu, v^2*grade, ...
    v = X[:, 0] / 3.6
    feats = np.stack([v, v ** 2, v * X[:, 3], v ** 2 / X[:, 1], v ** 2 * X[:, 2], v ** 2 / X[:, 5], X[:, 4]], 1)
    Ftr, Fva = standardise(feats[:3000], feats[3000:])
    Ftr, Fva = torch.tensor(Ftr), torch.tensor(Fva)
    dtr, dva = torch.tensor(d[:3000]), torch.tensor(d[3000:])
    lin = torch.nn.Linear(7, 1)
    opt = torch.optim.LBFGS(lin.parameters(), lr=0.5, max_iter=5, history_size=10)
    f = open(os.path.join(out, "lbfgs.csv"), "w", newline="")
    w = csv.writer(f)
    w.writerow(["iter", "train_mse", "val_mse"])
    for it in range(1, 61):
        def closure():
            opt.zero_grad()
            l = torch.nn.functional.mse_loss(lin(Ftr).squeeze(-1), dtr)
            l.backward()
            return l
        opt.step(closure)
        with torch.no_grad():
            tr = torch.nn.functional.mse_loss(lin(Ftr).squeeze(-1), dtr).item()
            vl = torch.nn.functional.mse_loss(lin(Fva).squeeze(-1), dva).item()
        w.writerow([it, f"{tr:.4f}", f"{vl:.4f}"])
    f.close()


def r_clock_cnn_frozen_tsv(out, resume):
    seed_all(26)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors()
    model = clock_cnn()
    for p in model.parameters():
        p.requires_grad = False  # freeze the feature extractor ... (and the head too)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    f = open(os.path.join(out, "log.tsv"), "w")
    f.write("epoch\ttrain_loss\tval_loss\tval_acc\n")
    g = torch.Generator().manual_seed(26)
    for ep in range(1, 21):
        perm = torch.randperm(len(Xtr), generator=g)
        tot = 0.0
        for i in range(0, len(Xtr), 64):
            idx = perm[i:i + 64]
            opt.zero_grad()
            loss = ce(model(Xtr[idx]), ytr[idx])
            if loss.requires_grad:
                loss.backward()
            opt.step()
            tot += loss.item() * len(idx)
        vl, va = evaluate(model, Xva, yva, ce)
        f.write(f"{ep}\t{tot / len(Xtr):.5f}\t{vl:.5f}\t{va:.4f}\n")
    f.close()


def r_stars_mlp_append_mode_csv(out, resume):
    import csv
    s = 27 if not resume else 28
    seed_all(s)
    torch = T()
    Xtr, ytr, Xva, yva = stars_tensors()
    model = mlp(9, 48, 7, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    path = os.path.join(out, "training_log.csv")
    new = not os.path.exists(path)
    f = open(path, "a", newline="")
    w = csv.writer(f)
    if new or True:  # header every launch
        w.writerow(["epoch", "train_loss", "val_loss", "val_acc"])

    def ep_log(ep, tr, vl, va, lr):
        w.writerow([ep, f"{tr:.4f}", f"{vl:.4f}", f"{va:.4f}"])
    E = 25 if not resume else 25
    fit(model, opt, Xtr, ytr, Xva, yva, E, 64, ce, on_epoch=ep_log, seed=s)
    f.close()


def r_stopping_huber_warmup_jsonl(out, resume):
    seed_all(29)
    torch = T()
    Xtr, ytr, Xva, yva, sd, mu = stopping_tensors()
    model = mlp(6, 128, 1, 3)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    E, bs = 30, 64
    spe = math.ceil(len(Xtr) / bs)
    total = E * spe
    warm = 2 * spe
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: (s + 1) / warm if s < warm else 0.5 * (1 + math.cos(math.pi * (s - warm) / (total - warm))))
    huber = torch.nn.SmoothL1Loss(beta=0.5)

    def loss_fn(o, y):
        return huber(o.squeeze(-1), y)
    fh = open(os.path.join(out, "events.jsonl"), "w")

    def st(step, ep, loss, gn, lr):
        if step % 10 == 0:
            print(json.dumps({"step": step, "huber": loss, "lr": lr}), file=fh)

    def ep_log(ep, tr, vl, vm, lr):
        print(json.dumps({"step": ep * spe, "epoch": ep, "val_huber": vl, "val_rmse_m": vm}), file=fh)
    fit(model, opt, Xtr, ytr, Xva, yva, E, bs, loss_fn, kind="rmse", scale=sd, sched=sched, step_sched=True,
        on_step=st, on_epoch=ep_log)
    fh.close()


# --------------------------------------------------------------------------------------------
# tfevents (torch SummaryWriter, one Lightning TensorBoardLogger)
# --------------------------------------------------------------------------------------------


def r_clock_cnn_cosine_tb(out, resume):
    from torch.utils.tensorboard import SummaryWriter
    seed_all(30)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors()
    model = clock_cnn(drop=0.2)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    E = 18
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=E)
    wr = SummaryWriter(os.path.join(out, "runs", "clock_cnn"))

    def st(step, ep, loss, gn, lr):
        wr.add_scalar("Loss/train", loss, step)

    def ep_log(ep, tr, vl, va, lr):
        s = ep * math.ceil(len(Xtr) / 64)
        wr.add_scalar("Loss/valid", vl, s)
        wr.add_scalar("Acc/valid", va, s)
    fit(model, opt, Xtr, ytr, Xva, yva, E, 64, ce, sched=sched, on_step=st, on_epoch=ep_log)
    wr.close()


def r_roman_gru_adam_lr03_tb(out, resume):
    from torch.utils.tensorboard import SummaryWriter
    seed_all(31)
    torch = T()
    Xtr, Ytr, Xva, Yva = roman_tensors()
    model = make_seq2seq("gru")
    opt = torch.optim.Adam(model.parameters(), lr=0.3)
    wr = SummaryWriter(os.path.join(out, "tb"))

    def st(step, ep, loss, gn, lr):
        if step % 2 == 0:
            wr.add_scalar("train/xent", loss, step)

    def ep_log(ep, tr, vl, va, lr):
        wr.add_scalar("dev/xent", vl, ep)
        wr.add_scalar("dev/token_acc", va, ep)
    fit(model, opt, Xtr, Ytr, Xva, Yva, 10, 64, seq_ce, kind="tok", on_step=st, on_epoch=ep_log)
    wr.close()


def r_load_ae_sgd_warmup_tb(out, resume):
    from torch.utils.tensorboard import SummaryWriter
    seed_all(32)
    torch = T()
    Xtr, _, Xva, _ = load_tensors()
    model = load_ae(64, 8)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    E, bs = 40, 32
    spe = math.ceil(len(Xtr) / bs)
    sched = torch.optim.lr_scheduler.SequentialLR(
        opt, [torch.optim.lr_scheduler.LinearLR(opt, 0.05, 1.0, total_iters=3 * spe),
              torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=(E - 3) * spe)], milestones=[3 * spe])
    wr = SummaryWriter(out)

    def st(step, ep, loss, gn, lr):
        if step % 10 == 0:
            wr.add_scalar("recon/train", loss, step)
            wr.add_scalar("lr", lr, step)

    def ep_log(ep, tr, vl, vm, lr):
        wr.add_scalar("recon/val", vl, ep * spe)
    fit(model, opt, Xtr, Xtr, Xva, Xva, E, bs, recon, kind="none", sched=sched, step_sched=True, on_step=st,
        on_epoch=ep_log)
    wr.close()


def r_stars_mlp_rmsprop_lr05_tb(out, resume):
    from torch.utils.tensorboard import SummaryWriter
    seed_all(33)
    torch = T()
    Xtr, ytr, Xva, yva = stars_tensors()
    model = mlp(9, 128, 7, 2)
    opt = torch.optim.RMSprop(model.parameters(), lr=0.5)
    wr = SummaryWriter(os.path.join(out, "logs", "rmsprop_big_lr"))

    def ep_log(ep, tr, vl, va, lr):
        wr.add_scalar("epoch/train_loss", tr, ep)
        wr.add_scalar("epoch/val_loss", vl, ep)
        wr.add_scalar("epoch/val_acc", va, ep)
    fit(model, opt, Xtr, ytr, Xva, yva, 25, 64, ce, on_epoch=ep_log)
    wr.close()


def r_stopping_mlp_clip_tb(out, resume):
    from torch.utils.tensorboard import SummaryWriter
    seed_all(34)
    torch = T()
    Xtr, ytr, Xva, yva, sd, mu = stopping_tensors()
    model = mlp(6, 64, 1, 3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    wr = SummaryWriter(os.path.join(out, "tensorboard"))

    def st(step, ep, loss, gn, lr):
        if step % 5 == 0:
            wr.add_scalar("loss", loss, step)
            wr.add_scalar("grad_norm", gn, step)

    def ep_log(ep, tr, vl, vm, lr):
        s = ep * math.ceil(len(Xtr) / 32)
        wr.add_scalar("val_loss", vl, s)
        wr.add_scalar("val_rmse_m", vm, s)
    fit(model, opt, Xtr, ytr, Xva, yva, 25, 32, mse_sq, kind="rmse", scale=sd, clip=1.0, on_step=st, on_epoch=ep_log)
    wr.close()


def r_clock_mlp_tiny_train_tb(out, resume):
    from torch.utils.tensorboard import SummaryWriter
    seed_all(35)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors(n_tr=120, n_va=1000, flat=True)
    model = mlp(400, 512, 12, 2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    wr = SummaryWriter(os.path.join(out, "runs", "tiny"))

    def ep_log(ep, tr, vl, va, lr):
        wr.add_scalar("train_loss", tr, ep)
        wr.add_scalar("val_loss", vl, ep)
        wr.add_scalar("val_accuracy", va, ep)
    fit(model, opt, Xtr, ytr, Xva, yva, 150, 16, ce, on_epoch=ep_log)
    wr.close()


def r_load_cnn_earlystop_tb(out, resume):
    from torch.utils.tensorboard import SummaryWriter
    seed_all(36)
    torch = T()
    Xtr, ytr, Xva, yva = load_tensors()
    model = load_cnn()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    wr = SummaryWriter(os.path.join(out, "tb_logs"))
    best, bad, patience = 1e9, 0, 5

    class Stop(Exception):
        pass

    def ep_log(ep, tr, vl, va, lr):
        nonlocal best, bad
        wr.add_scalars("loss", {"train": tr, "valid": vl}, ep)
        wr.add_scalar("valid/accuracy", va, ep)
        if vl < best - 1e-4:
            best, bad = vl, 0
        else:
            bad += 1
            if bad >= patience:
                raise Stop()
    try:
        fit(model, opt, Xtr, ytr, Xva, yva, 80, 32, ce, on_epoch=ep_log)
    except Stop:
        print("early stopping")
    wr.close()


def r_stopping_mlp_sgd_lr1e5_tb(out, resume):
    from torch.utils.tensorboard import SummaryWriter
    seed_all(37)
    torch = T()
    Xtr, ytr, Xva, yva, sd, mu = stopping_tensors()
    model = mlp(6, 64, 1, 2)
    opt = torch.optim.SGD(model.parameters(), lr=1e-5)
    wr = SummaryWriter(os.path.join(out, "runs", "sgd_1e-5"))

    def st(step, ep, loss, gn, lr):
        if step % 10 == 0:
            wr.add_scalar("Train/MSE", loss, step)

    def ep_log(ep, tr, vl, vm, lr):
        s = ep * math.ceil(len(Xtr) / 32)
        wr.add_scalar("Val/MSE", vl, s)
        wr.add_scalar("Val/RMSE_m", vm, s)
    fit(model, opt, Xtr, ytr, Xva, yva, 30, 32, mse_sq, kind="rmse", scale=sd, on_step=st, on_epoch=ep_log)
    wr.close()


# --------------------------------------------------------------------------------------------
# Lightning
# --------------------------------------------------------------------------------------------


def lit_module(net, loss_fn, opt_fn, kind="acc", sched_fn=None):
    import lightning as L
    torch = T()

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = net

        def forward(self, x):
            return self.net(x)

        def training_step(self, batch, i):
            x, y = batch
            loss = loss_fn(self.net(x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, batch, i):
            x, y = batch
            out = self.net(x)
            self.log("val_loss", loss_fn(out, y))
            if kind == "acc":
                self.log("val_acc", (out.argmax(-1) == y).float().mean())
            elif kind == "tok":
                m = y != PAD
                self.log("val_tok_acc", ((out.argmax(-1) == y) & m).sum().float() / m.sum())

        def configure_optimizers(self):
            opt = opt_fn(self.parameters())
            if sched_fn is None:
                return opt
            return {"optimizer": opt, "lr_scheduler": sched_fn(opt)}

    return Lit()


def loaders(Xtr, ytr, Xva, yva, bs):
    torch = T()
    from torch.utils.data import TensorDataset, DataLoader
    return (DataLoader(TensorDataset(Xtr, ytr), batch_size=bs, shuffle=True),
            DataLoader(TensorDataset(Xva, yva), batch_size=500))


def trainer(out, logger_kind="csv", name="lightning_logs", **kw):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    if logger_kind == "csv":
        lg = CSVLogger(out, name=name)
    else:
        lg = TensorBoardLogger(out, name=name)
    kw.setdefault("log_every_n_steps", 10)
    return L.Trainer(logger=lg, accelerator="cpu", devices=1, enable_checkpointing=False,
                     enable_progress_bar=False, enable_model_summary=False, **kw)


def r_clock_lit_cnn_csv(out, resume):
    import lightning as L
    L.seed_everything(40)
    torch = T()
    Xtr, ytr, Xva, yva = clock_tensors()
    m = lit_module(clock_cnn(), ce, lambda p: torch.optim.Adam(p, lr=2e-3))
    tr, va = loaders(Xtr, ytr, Xva, yva, 64)
    trainer(out, max_epochs=15).fit(m, tr, va)


def r_stars_lit_sgd_lr5_csv(out, resume):
    import lightning as L
    L.seed_everything(41)
    torch = T()
    Xtr, ytr, Xva, yva = stars_tensors()
    m = lit_module(mlp(9, 128, 7, 2), ce, lambda p: torch.optim.SGD(p, lr=5.0, momentum=0.9))
    tr, va = loaders(Xtr, ytr, Xva, yva, 32)
    trainer(out, max_epochs=20).fit(m, tr, va)


def r_load_lit_ae_killed_csv(out, resume):
    import lightning as L
    from lightning.pytorch.callbacks import Callback
    L.seed_everything(42)
    torch = T()
    Xtr, _, Xva, _ = load_tensors()

    class Kill(Callback):
        def on_train_batch_end(self, trainer_, pl_module, outputs, batch, batch_idx):
            if trainer_.current_epoch == 11 and batch_idx == 40:
                os.kill(os.getpid(), signal.SIGKILL)
    m = lit_module(load_ae(64, 8), recon, lambda p: torch.optim.Adam(p, lr=1e-3), kind="none")
    tr, va = loaders(Xtr, Xtr, Xva, Xva, 32)
    trainer(out, max_epochs=30, callbacks=[Kill()]).fit(m, tr, va)


def r_stopping_lit_shuffled_targets_csv(out, resume):
    import lightning as L
    L.seed_everything(43)
    torch = T()
    Xtr, ytr, Xva, yva, sd, mu = stopping_tensors()
    ytr = ytr[torch.randperm(len(ytr))]  # bug: targets shuffled separately from inputs
    m = lit_module(mlp(6, 128, 1, 3), mse_sq, lambda p: torch.optim.Adam(p, lr=1e-3), kind="none")
    tr, va = loaders(Xtr, ytr, Xva, yva, 64)
    trainer(out, max_epochs=30).fit(m, tr, va)


def r_roman_lit_gru_clip_csv(out, resume):
    import lightning as L
    from lightning.pytorch.callbacks import LearningRateMonitor
    L.seed_everything(44)
    torch = T()
    Xtr, Ytr, Xva, Yva = roman_tensors()
    m = lit_module(make_seq2seq("gru", hid=96), seq_ce, lambda p: torch.optim.Adam(p, lr=3e-3), kind="tok",
                   sched_fn=lambda o: torch.optim.lr_scheduler.StepLR(o, step_size=5, gamma=0.5))
    tr, va = loaders(Xtr, Ytr, Xva, Yva, 64)
    trainer(out, max_epochs=14, gradient_clip_val=1.0, callbacks=[LearningRateMonitor("epoch")]).fit(m, tr, va)


def r_stars_lit_mlp_tblogger(out, resume):
    import lightning as L
    from lightning.pytorch.callbacks import LearningRateMonitor
    L.seed_everything(45)
    torch = T()
    Xtr, ytr, Xva, yva = stars_tensors()
    m = lit_module(mlp(9, 96, 7, 2), ce, lambda p: torch.optim.AdamW(p, lr=3e-3, weight_decay=1e-3),
                   sched_fn=lambda o: torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=25))
    tr, va = loaders(Xtr, ytr, Xva, yva, 64)
    trainer(out, logger_kind="tb", name="tb_logs", max_epochs=25, callbacks=[LearningRateMonitor("epoch")]).fit(m, tr, va)


# --------------------------------------------------------------------------------------------
# Keras 3 (torch backend)
# --------------------------------------------------------------------------------------------


def keras_setup(seed):
    os.environ.setdefault("KERAS_BACKEND", "torch")
    import keras
    keras.utils.set_random_seed(seed)
    return keras


def r_stars_keras_dense_csvlogger(out, resume):
    keras = keras_setup(50)
    X, y = star_data(3800, 3)
    Xtr, Xva = standardise(X[:3000], X[3000:])
    m = keras.Sequential([keras.Input((9,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(7, activation="softmax")])
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xtr, y[:3000], validation_data=(Xva, y[3000:]), epochs=30, batch_size=64, verbose=2,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "training.csv"))])


def r_clock_keras_cnn_sgd_lr4_csvlogger(out, resume):
    keras = keras_setup(51)
    X, y = clock_data(5000, 7)
    X = X[..., None]
    m = keras.Sequential([keras.Input((20, 20, 1)), keras.layers.Conv2D(16, 3, activation="relu", padding="same"),
                          keras.layers.MaxPooling2D(), keras.layers.Conv2D(32, 3, activation="relu", padding="same"),
                          keras.layers.MaxPooling2D(), keras.layers.Flatten(), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(12, activation="softmax")])
    m.compile(optimizer=keras.optimizers.SGD(4.0, momentum=0.9), loss="sparse_categorical_crossentropy",
              metrics=["accuracy"])
    m.fit(X[:4000], y[:4000], validation_data=(X[4000:], y[4000:]), epochs=15, batch_size=64, verbose=2,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "log.csv"))])


def r_load_keras_ae_plateau_csvlogger(out, resume):
    keras = keras_setup(52)
    X, _ = load_data(3600, 9)
    Xtr, Xva = standardise(X[:3000], X[3000:])
    m = keras.Sequential([keras.Input((48,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(8, activation="relu"), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(48)])
    m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="mse", metrics=["mae"])
    m.fit(Xtr, Xtr, validation_data=(Xva, Xva), epochs=40, batch_size=32, verbose=2,
          callbacks=[keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3),
                     keras.callbacks.CSVLogger(os.path.join(out, "ae_history.csv"), separator=",")])


def r_stopping_keras_earlystop_history_json(out, resume):
    keras = keras_setup(53)
    X, d = stopping_data(3600, 5)
    Xtr, Xva = standardise(X[:3000], X[3000:])
    mu, sd = d[:3000].mean(), d[:3000].std()
    t = (d - mu) / sd
    m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="mse", metrics=["mae"])
    h = m.fit(Xtr, t[:3000], validation_data=(Xva, t[3000:]), epochs=150, batch_size=64, verbose=2,
              callbacks=[keras.callbacks.EarlyStopping(patience=8, restore_best_weights=True)])
    with open(os.path.join(out, "history.json"), "w") as f:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f)


def r_stars_keras_raw_flux_history_json(out, resume):
    keras = keras_setup(54)
    X, y = star_data(3800, 3, raw_flux=True)
    m = keras.Sequential([keras.Input((5,)), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(7, activation="softmax")])
    m.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(X[:3000], y[:3000], validation_split=0.2, epochs=30, batch_size=32, verbose=2)
    with open(os.path.join(out, "hist.json"), "w") as f:
        json.dump(h.history, f, default=float)


def r_clock_keras_mlp_history_csv(out, resume):
    import pandas as pd
    keras = keras_setup(55)
    X, y = clock_data(5000, 7)
    X = X.reshape(len(X), -1)
    m = keras.Sequential([keras.Input((400,)), keras.layers.Dense(256, activation="relu"),
                          keras.layers.Dropout(0.3), keras.layers.Dense(128, activation="relu"),
                          keras.layers.Dense(12, activation="softmax")])
    m.compile(optimizer=keras.optimizers.Adam(5e-4), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(X[:4000], y[:4000], validation_data=(X[4000:], y[4000:]), epochs=25, batch_size=64, verbose=2)
    pd.DataFrame(h.history).to_csv(os.path.join(out, "history.csv"))


# --------------------------------------------------------------------------------------------
# Hugging Face Trainer
# --------------------------------------------------------------------------------------------


def hf_run(out, model, train_ds, eval_ds, seed, **args):
    from transformers import Trainer, TrainingArguments
    ta = TrainingArguments(output_dir=out, save_strategy="no", report_to=["tensorboard"], seed=seed,
                           use_cpu=True, disable_tqdm=True, dataloader_num_workers=0, **args)
    tr = Trainer(model=model, args=ta, train_dataset=train_ds, eval_dataset=eval_ds)
    res = tr.train()
    tr.log_metrics("train", res.metrics)
    tr.save_metrics("train", res.metrics)
    ev = tr.evaluate()
    tr.log_metrics("eval", ev)
    tr.save_metrics("eval", ev)
    tr.save_state()


class ListDS:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def t5_roman_ds(n_tr=4000, n_va=600, seed=60):
    torch = T()
    src, tin, tout, _ = roman_data(n_tr + n_va, seed)
    items = []
    for i in range(len(src)):
        lab = torch.tensor(tout[i])
        lab[lab == PAD] = -100
        items.append({"input_ids": torch.tensor(src[i]), "attention_mask": torch.ones(4, dtype=torch.long),
                      "labels": lab})
    return ListDS(items[:n_tr]), ListDS(items[n_tr:])


def t5_model(seed):
    from transformers import T5Config, T5ForConditionalGeneration
    T().manual_seed(seed)
    cfg = T5Config(vocab_size=len(ROMAN_VOCAB), d_model=64, d_ff=128, d_kv=16, num_layers=2, num_decoder_layers=2,
                   num_heads=4, dropout_rate=0.0, pad_token_id=PAD, eos_token_id=EOS, decoder_start_token_id=PAD)
    return T5ForConditionalGeneration(cfg)


def r_roman_t5_hf(out, resume):
    seed_all(60)
    tr, va = t5_roman_ds()
    hf_run(out, t5_model(60), tr, va, 60, num_train_epochs=6, per_device_train_batch_size=32, learning_rate=2e-3,
           lr_scheduler_type="cosine", warmup_steps=40, logging_steps=10, eval_strategy="steps", eval_steps=50,
           per_device_eval_batch_size=200, weight_decay=0.01)


def r_roman_t5_lr3_hf(out, resume):
    seed_all(61)
    tr, va = t5_roman_ds()
    hf_run(out, t5_model(61), tr, va, 61, num_train_epochs=6, per_device_train_batch_size=32, learning_rate=3.0,
           lr_scheduler_type="linear", logging_steps=10, eval_strategy="steps", eval_steps=50,
           per_device_eval_batch_size=200)


def lm_roman_ds(n_tr=4000, n_va=600, seed=62, L=22):
    torch = T()
    np = _np()
    rng = np.random.default_rng(seed)
    nums = rng.integers(1, 4000, n_tr + n_va)
    items = []
    for v in nums:
        ids = [BOS] + [RV[c] for c in to_roman(int(v))] + [RV["="]] + [RV[c] for c in str(int(v))] + [EOS]
        ids = ids[:L]
        att = [1] * len(ids) + [0] * (L - len(ids))
        lab = ids + [-100] * (L - len(ids))
        ids = ids + [PAD] * (L - len(ids))
        items.append({"input_ids": torch.tensor(ids), "attention_mask": torch.tensor(att), "labels": torch.tensor(lab)})
    return ListDS(items[:n_tr]), ListDS(items[n_tr:])


def qwen_model(seed):
    from transformers import Qwen2Config, Qwen2ForCausalLM
    T().manual_seed(seed)
    cfg = Qwen2Config(vocab_size=len(ROMAN_VOCAB), hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                      num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=32,
                      pad_token_id=PAD, bos_token_id=BOS, eos_token_id=EOS, tie_word_embeddings=True)
    return Qwen2ForCausalLM(cfg)


def r_roman_qwen2_lm_hf(out, resume):
    seed_all(62)
    tr, va = lm_roman_ds()
    hf_run(out, qwen_model(62), tr, va, 62, num_train_epochs=5, per_device_train_batch_size=32, learning_rate=3e-3,
           lr_scheduler_type="linear", warmup_steps=30, logging_steps=10, eval_strategy="steps", eval_steps=50,
           per_device_eval_batch_size=200)


def r_roman_qwen2_lm_maxsteps_hf(out, resume):
    seed_all(63)
    tr, va = lm_roman_ds()
    hf_run(out, qwen_model(63), tr, va, 63, num_train_epochs=20, max_steps=30,  # max_steps left from a smoke test
           per_device_train_batch_size=32, learning_rate=3e-4, lr_scheduler_type="linear", logging_steps=2,
           eval_strategy="steps", eval_steps=10, per_device_eval_batch_size=200)


# --------------------------------------------------------------------------------------------
# registry: name -> (format, function, text-log file name or None, mode)
#   mode: "plain" one process; "resume" killed then relaunched with --resume appended;
#         "twice" launched twice with output appended
# --------------------------------------------------------------------------------------------

REG = [
    ("text_log", "stars-mlp-adam-print", r_stars_mlp_adam_print, "train.log", "plain"),
    ("text_log", "stars-mlp-sgd-lr3-print", r_stars_mlp_sgd_lr3_print, "out.txt", "plain"),
    ("text_log", "stopping-mlp-raw-units-print", r_stopping_mlp_raw_units_print, "train.log", "plain"),
    ("text_log", "stopping-mlp-cosine-logging", r_stopping_mlp_cosine_logging, None, "plain"),
    ("text_log", "clock-cnn-steplr-tqdm", r_clock_cnn_tqdm, "train.log", "plain"),
    ("text_log", "clock-cnn-no-zero-grad-print", r_clock_cnn_no_zero_grad_print, "log.txt", "plain"),
    ("text_log", "roman-gru-seq2seq-print", r_roman_gru_seq2seq_print, "train.log", "plain"),
    ("text_log", "roman-relu-rnn-nan-print", r_roman_relu_rnn_nan_print, "run.log", "plain"),
    ("text_log", "load-ae-debug-cap-print", r_load_ae_debug_cap_print, "train.log", "plain"),
    ("text_log", "load-cnn-killed-print", r_load_cnn_killed_print, "nohup.out", "plain"),
    ("text_log", "stars-mlp-killed-resumed-print", r_stars_mlp_resumed_print, "train.log", "resume"),
    ("text_log", "clock-mlp-launched-twice-print", r_clock_mlp_appended_twice_print, "train.log", "twice"),
    ("text_log", "clock-mlp-shuffled-labels-logging", r_clock_mlp_shuffled_labels_logging, "stdout.log", "plain"),
    ("text_log", "roman-transformer-lr1e6-print", r_roman_transformer_lr_too_low_print, "train.log", "plain"),
    ("text_log", "load-ae-onecycle-print", r_load_ae_onecycle_print, "ae.log", "plain"),
    ("text_log", "stopping-mlp-ctrl-c-print", r_stopping_mlp_ctrl_c_print, "train.log", "plain"),
    ("text_log", "clock-bncnn-eval-mode-bug-print", r_clock_bncnn_eval_mode_bug_print, "log.txt", "plain"),
    ("csv_custom", "stopping-mlp-steplr-csvwriter", r_stopping_mlp_steplr_csvwriter, None, "plain"),
    ("csv_custom", "stars-adam-lr1-jsonl", r_stars_adam_lr1_jsonl, None, "plain"),
    ("csv_custom", "clock-cnn-nll-on-softmax-dictwriter", r_clock_cnn_nll_on_softmax_dictwriter, None, "plain"),
    ("csv_custom", "load-ae-tiny-train-pandas", r_load_ae_tiny_train_pandas, None, "plain"),
    ("csv_custom", "roman-gru-plateau-join", r_roman_gru_plateau_join, None, "plain"),
    ("csv_custom", "stopping-linear-lbfgs-csv", r_stopping_poly_lbfgs_csv, None, "plain"),
    ("csv_custom", "clock-cnn-frozen-tsv", r_clock_cnn_frozen_tsv, None, "plain"),
    ("csv_custom", "stars-mlp-append-mode-csv", r_stars_mlp_append_mode_csv, None, "twice"),
    ("csv_custom", "stopping-mlp-huber-warmup-jsonl", r_stopping_huber_warmup_jsonl, None, "plain"),
    ("tfevents", "clock-cnn-cosine-tb", r_clock_cnn_cosine_tb, None, "plain"),
    ("tfevents", "roman-gru-adam-lr03-tb", r_roman_gru_adam_lr03_tb, None, "plain"),
    ("tfevents", "load-ae-sgd-warmup-cosine-tb", r_load_ae_sgd_warmup_tb, None, "plain"),
    ("tfevents", "stars-mlp-rmsprop-lr05-tb", r_stars_mlp_rmsprop_lr05_tb, None, "plain"),
    ("tfevents", "stopping-mlp-clip-tb", r_stopping_mlp_clip_tb, None, "plain"),
    ("tfevents", "clock-mlp-tiny-train-tb", r_clock_mlp_tiny_train_tb, None, "plain"),
    ("tfevents", "load-cnn-earlystop-tb", r_load_cnn_earlystop_tb, None, "plain"),
    ("tfevents", "stopping-mlp-sgd-lr1e5-tb", r_stopping_mlp_sgd_lr1e5_tb, None, "plain"),
    ("tfevents", "stars-lit-mlp-cosine-tblogger", r_stars_lit_mlp_tblogger, None, "plain"),
    ("lightning_csv", "clock-lit-cnn-csvlogger", r_clock_lit_cnn_csv, None, "plain"),
    ("lightning_csv", "stars-lit-sgd-lr5-csvlogger", r_stars_lit_sgd_lr5_csv, None, "plain"),
    ("lightning_csv", "load-lit-ae-killed-csvlogger", r_load_lit_ae_killed_csv, None, "plain"),
    ("lightning_csv", "stopping-lit-shuffled-targets-csvlogger", r_stopping_lit_shuffled_targets_csv, None, "plain"),
    ("lightning_csv", "roman-lit-gru-clip-steplr-csvlogger", r_roman_lit_gru_clip_csv, None, "plain"),
    ("keras_csvlogger", "stars-keras-dense-csvlogger", r_stars_keras_dense_csvlogger, None, "plain"),
    ("keras_csvlogger", "clock-keras-cnn-sgd-lr4-csvlogger", r_clock_keras_cnn_sgd_lr4_csvlogger, None, "plain"),
    ("keras_csvlogger", "load-keras-ae-plateau-csvlogger", r_load_keras_ae_plateau_csvlogger, None, "plain"),
    ("keras_history_json", "stopping-keras-earlystop-history-json", r_stopping_keras_earlystop_history_json, None,
     "plain"),
    ("keras_history_json", "stars-keras-raw-flux-history-json", r_stars_keras_raw_flux_history_json, None, "plain"),
    ("keras_history_csv", "clock-keras-mlp-history-csv", r_clock_keras_mlp_history_csv, None, "plain"),
    ("hf_trainer_state", "roman-t5-seq2seq-hf", r_roman_t5_hf, None, "plain"),
    ("hf_trainer_state", "roman-t5-lr3-hf", r_roman_t5_lr3_hf, None, "plain"),
    ("hf_trainer_state", "roman-qwen2-lm-hf", r_roman_qwen2_lm_hf, None, "plain"),
    ("hf_trainer_state", "roman-qwen2-lm-max-steps-hf", r_roman_qwen2_lm_maxsteps_hf, None, "plain"),
]
BY_NAME = {r[1]: r for r in REG}


def run_one(name, resume):
    fmt, _, fn, _, _ = BY_NAME[name]
    out = os.path.join(RUNS, fmt, name)
    os.makedirs(out, exist_ok=True)
    fn(out, resume)


def launch(name):
    fmt, _, fn, fname, mode = BY_NAME[name]
    out = os.path.join(RUNS, fmt, name)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    os.makedirs(ERR, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", KERAS_BACKEND="torch",
               PYTHONUNBUFFERED="1", TOKENIZERS_PARALLELISM="false", HF_HUB_OFFLINE="1",
               TRANSFORMERS_OFFLINE="1", TQDM_MININTERVAL="0.5")
    cmd = [sys.executable, os.path.abspath(__file__), "--one", name]
    t0 = time.time()
    launches = [cmd]
    if mode == "resume":
        launches = [cmd, cmd + ["--resume"]]
    elif mode == "twice":
        launches = [cmd, cmd + ["--resume"]]  # the second launch uses the other seed
    rcs = []
    for i, c in enumerate(launches):
        if fname:
            fh = open(os.path.join(out, fname), "a")  # `python train.py >> train.log 2>&1`
        else:
            fh = open(os.path.join(ERR, name + ".txt"), "a")
        rcs.append(subprocess.call(c, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out))
        fh.close()
    print(f"{fmt}/{name}: rc={rcs} {time.time() - t0:.1f}s", flush=True)


def main():
    args = sys.argv[1:]
    if args and args[0] == "--one":
        run_one(args[1], "--resume" in args)
        return
    names = args or [r[1] for r in REG]
    for n in names:
        launch(n)
    if os.path.exists(TMP):
        shutil.rmtree(TMP)


if __name__ == "__main__":
    main()
