"""Lock-box batch 2026-12-17nu21: ~50 small CPU trainings "a new user wrote".

python make_runs.py                     # all runs (sequentially)
python make_runs.py --part 0/2          # every other run (for 2 parallel workers)
python make_runs.py --only text_log/insect-mlp-adam-cosine

Each run writes to runs/<format>/<run-name>/ exactly as its logger leaves it.
Tasks (numpy-generated): insect (tabular, K=6), carry (token sequences, K=4),
ripple (14x14 images, K=5), rocket (regression of delta-v).
"""
import os
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
import sys, json, csv, math, time, signal, shutil, argparse, logging, random
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
TMP = "/tmp/nu21_tmp"


# ----------------------------------------------------------------------------- data
def make_insect(n, seed):
    """Insect order (K=6) from body length mm, wing count, wingbeat Hz, antenna/body ratio,
    mass mg, leg/body ratio, hairiness score, elytra hardness; 4% label noise."""
    rng = np.random.default_rng(seed)
    # beetle, fly, bee, butterfly, dragonfly, grasshopper
    prof = np.array([
        # len  wings beat  ant   mass  leg  hair hard
        [12.0, 2.0, 80.0, 0.45, 60.0, 0.7, 0.2, 0.9],
        [7.0, 2.0, 200.0, 0.15, 12.0, 0.8, 0.5, 0.1],
        [13.0, 4.0, 230.0, 0.30, 100.0, 0.7, 0.9, 0.1],
        [25.0, 4.0, 10.0, 0.55, 300.0, 0.6, 0.4, 0.1],
        [55.0, 4.0, 35.0, 0.05, 700.0, 0.4, 0.1, 0.2],
        [35.0, 4.0, 20.0, 0.60, 900.0, 1.4, 0.2, 0.5],
    ])
    y = rng.integers(0, 6, n)
    p = prof[y]
    X = np.empty((n, 8))
    X[:, 0] = p[:, 0] * rng.lognormal(0, 0.35, n)
    X[:, 1] = np.where(rng.random(n) < 0.06, 6 - p[:, 1], p[:, 1])  # miscounted wings
    X[:, 2] = p[:, 2] * rng.lognormal(0, 0.45, n)
    X[:, 3] = p[:, 3] * rng.lognormal(0, 0.35, n)
    X[:, 4] = p[:, 4] * rng.lognormal(0, 0.6, n)
    X[:, 5] = p[:, 5] * rng.lognormal(0, 0.2, n)
    X[:, 6] = np.clip(p[:, 6] + rng.normal(0, 0.25, n), 0, 1)
    X[:, 7] = np.clip(p[:, 7] + rng.normal(0, 0.25, n), 0, 1)
    flip = rng.random(n) < 0.04
    y = np.where(flip, rng.integers(0, 6, n), y)
    return X.astype(np.float32), y.astype(np.int64)


def prep_insect(X, stats=None):
    Z = X.copy()
    for j in (0, 2, 3, 4, 5):
        Z[:, j] = np.log(Z[:, j])
    if stats is None:
        stats = (Z.mean(0), Z.std(0) + 1e-6)
    return ((Z - stats[0]) / stats[1]).astype(np.float32), stats


def make_carry(n, seed, digits=4):
    """Tokens: a (4 digits, most significant first), '+'(10), b (4 digits) -> 9 tokens.
    Class = number of carries when adding a+b: 0, 1, 2, >=3 (K=4), balanced by rejection."""
    rng = np.random.default_rng(seed)
    per = n // 4 + 1
    buckets = {0: [], 1: [], 2: [], 3: []}
    while min(len(v) for v in buckets.values()) < per:
        a = rng.integers(0, 10, (4096, digits))
        b = rng.integers(0, 10, (4096, digits))
        c = np.zeros(4096, dtype=np.int64)
        carry = np.zeros(4096, dtype=np.int64)
        for i in range(digits - 1, -1, -1):
            s = a[:, i] + b[:, i] + carry
            carry = (s >= 10).astype(np.int64)
            c += carry
        c = np.minimum(c, 3)
        tok = np.concatenate([a, np.full((4096, 1), 10), b], 1)
        for k in range(4):
            need = per - len(buckets[k])
            if need > 0:
                buckets[k].extend(tok[c == k][:need])
    X = np.concatenate([np.array(buckets[k][:per]) for k in range(4)])
    y = np.concatenate([np.full(per, k) for k in range(4)])
    idx = rng.permutation(len(y))[:n]
    return X[idx].astype(np.int64), y[idx].astype(np.int64)


def make_ripple(n, seed, size=14):
    """Concentric ripple rings cos(2 pi r / lam + phase) around a random centre; class = wavelength
    lam in {2.6, 3.6, 5.0, 7.0, 10.0} px (K=5); amplitude jitter, pixel noise sd 0.5."""
    rng = np.random.default_rng(seed)
    lams = np.array([2.6, 3.6, 5.0, 7.0, 10.0])
    y = rng.integers(0, 5, n)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    cx = rng.uniform(2, size - 3, n)[:, None, None]
    cy = rng.uniform(2, size - 3, n)[:, None, None]
    r = np.sqrt((xx[None] - cx) ** 2 + (yy[None] - cy) ** 2)
    lam = (lams[y] * rng.uniform(0.93, 1.07, n))[:, None, None]
    ph = rng.uniform(0, 2 * np.pi, n)[:, None, None]
    amp = rng.uniform(0.6, 1.2, n)[:, None, None]
    img = amp * np.cos(2 * np.pi * r / lam + ph) * np.exp(-r / 12.0)
    img = img + rng.normal(0, 0.5, img.shape)
    return img[:, None].astype(np.float32), y.astype(np.int64)


def make_rocket(n, seed):
    """Delta-v (m/s) of a rocket stage: Isp*g0*ln(m0/mf) - g*burn_time*f_grav - drag loss, 3% noise.
    Inputs: Isp s, propellant t, dry mass t, payload t, burn time s, launch-site altitude km."""
    rng = np.random.default_rng(seed)
    isp = rng.uniform(250, 450, n)
    prop = rng.uniform(5, 120, n)
    dry = prop * rng.uniform(0.06, 0.2, n)
    pay = rng.uniform(0.5, 25, n)
    burn = rng.uniform(60, 400, n)
    alt = rng.uniform(0, 3, n)
    m0 = prop + dry + pay
    mf = dry + pay
    dv = isp * 9.80665 * np.log(m0 / mf) - 9.81 * burn * 0.35 - 300 * np.exp(-alt / 2)
    dv = dv * rng.lognormal(0, 0.03, n)
    X = np.stack([isp, prop, dry, pay, burn, alt], 1)
    return X.astype(np.float32), dv.astype(np.float32)


def prep_rocket(X, dv, stats=None, raw=False):
    if raw:
        return X.astype(np.float32), dv.astype(np.float32)[:, None], stats
    Z = X.copy()
    Z[:, 1:4] = np.log(Z[:, 1:4])
    if stats is None:
        stats = (Z.mean(0), Z.std(0) + 1e-6)
    Z = (Z - stats[0]) / stats[1]
    t = (dv - 4000.0) / 1500.0
    return Z.astype(np.float32), t.astype(np.float32)[:, None], stats


def get_data(task, seed=0, n_train=None, raw=False):
    if task == "insect":
        X, y = make_insect(2600, 11 + seed)
        Xtr, ytr, Xva, yva = X[:2000], y[:2000], X[2000:], y[2000:]
        Xtr, st = prep_insect(Xtr)
        Xva, _ = prep_insect(Xva, st)
    elif task == "carry":
        X, y = make_carry(3600, 23 + seed)
        Xtr, ytr, Xva, yva = X[:3000], y[:3000], X[3000:], y[3000:]
    elif task == "ripple":
        X, y = make_ripple(1800, 37 + seed)
        Xtr, ytr, Xva, yva = X[:1400], y[:1400], X[1400:], y[1400:]
    elif task == "rocket":
        X, dv = make_rocket(2400, 51 + seed)
        Xtr, ytr, st = prep_rocket(X[:1900], dv[:1900], raw=raw)
        Xva, yva, _ = prep_rocket(X[1900:], dv[1900:], st, raw=raw)
    else:
        raise ValueError(task)
    if n_train:
        Xtr, ytr = Xtr[:n_train], ytr[:n_train]
    return Xtr, ytr, Xva, yva


# ----------------------------------------------------------------------------- models
def build_model(kind, task, drop=0.0, bn=False, softmax_out=False, scalar_out=False):
    import torch.nn as nn
    K = {"insect": 6, "carry": 4, "ripple": 5, "rocket": 1}[task]
    out = 1 if scalar_out else K
    if kind == "mlp":
        d_in = {"insect": 8, "rocket": 6, "ripple": 196}[task]
        layers = [nn.Flatten()] if task == "ripple" else []
        h = 64
        layers += [nn.Linear(d_in, h)]
        if bn:
            layers += [nn.BatchNorm1d(h)]
        layers += [nn.ReLU(), nn.Dropout(drop), nn.Linear(h, h), nn.ReLU(), nn.Dropout(drop), nn.Linear(h, out)]
        if softmax_out:
            layers += [nn.Softmax(dim=1)]
        return nn.Sequential(*layers)
    if kind == "cnn":
        layers = [nn.Conv2d(1, 16, 3, padding=1)]
        if bn:
            layers += [nn.BatchNorm2d(16)]
        layers += [nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                   nn.Flatten(), nn.Dropout(drop), nn.Linear(32 * 9, 64), nn.ReLU(), nn.Linear(64, out)]
        return nn.Sequential(*layers)
    if kind == "embmlp":
        return nn.Sequential(nn.Embedding(11, 12), nn.Flatten(), nn.Linear(9 * 12, 128), nn.ReLU(),
                             nn.Dropout(drop), nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, out))
    if kind in ("gru", "rnn"):
        return SeqRNN(kind, out)
    if kind == "tfm":
        return SeqTfm(out)
    raise ValueError(kind)


import torch
import torch.nn as nn


class SeqRNN(nn.Module):
    def __init__(self, kind, out, h=64):
        super().__init__()
        self.emb = nn.Embedding(11, 16)
        # reversed order (least significant digit first) is easier for carries: feed both numbers digit-pairwise
        if kind == "gru":
            self.rnn = nn.GRU(32, h, batch_first=True)
        else:
            self.rnn = nn.RNN(32, h, batch_first=True, nonlinearity="relu")
        self.head = nn.Linear(h, out)

    def forward(self, x):
        a = self.emb(x[:, 0:4].flip(1))
        b = self.emb(x[:, 5:9].flip(1))
        o, _ = self.rnn(torch.cat([a, b], -1))
        return self.head(o[:, -1])


class SeqTfm(nn.Module):
    def __init__(self, out, d=48):
        super().__init__()
        self.emb = nn.Embedding(11, d)
        self.pos = nn.Parameter(torch.randn(9, d) * 0.1)
        layer = nn.TransformerEncoderLayer(d, 4, 96, dropout=0.0, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 2)
        self.head = nn.Linear(d, out)

    def forward(self, x):
        h = self.enc(self.emb(x) + self.pos)
        return self.head(h.mean(1))


# ----------------------------------------------------------------------------- generic torch loop
def fit(cfg, on_step=None, on_epoch=None, start_epoch=1, model=None, opt_state=None, stop_after=None,
        ckpt_at=None):
    """A plain training loop; faults are switches a new user could plausibly have flipped."""
    g = cfg.get
    torch.manual_seed(g("seed", 0))
    np.random.seed(g("seed", 0))
    random.seed(g("seed", 0))
    task = cfg["task"]
    Xtr, ytr, Xva, yva = get_data(task, g("data_seed", 0), g("n_train"), raw=g("raw", False))
    regression = task == "rocket"
    if g("shuffle_labels"):  # "shuffled" the training set, but only the labels
        ytr = np.random.default_rng(5).permutation(ytr)
    if g("leak"):  # validation set built from the pooled data after augmenting: mostly training rows
        k = int(len(Xva) * 0.8)
        Xva = np.concatenate([Xtr[:k], Xva[k:]])
        yva = np.concatenate([ytr[:k], yva[k:]])
    if g("eval_on_train"):
        Xva, yva = Xtr, ytr
    Xtr_t, ytr_t = torch.tensor(Xtr), torch.tensor(ytr)
    Xva_t, yva_t = torch.tensor(Xva), torch.tensor(yva)
    if model is None:
        model = build_model(cfg["model"], task, g("drop", 0.0), g("bn", False), g("softmax_out", False),
                            g("mse_ids", False))
        if g("rnn_init"):
            nn.init.normal_(model.rnn.weight_hh_l0, 0, g("rnn_init"))
    if g("half"):
        model = model.half()
        Xtr_t = Xtr_t.half()
        Xva_t = Xva_t.half()
    params = model.parameters()
    if g("frozen"):
        for p in model.parameters():
            p.requires_grad_(False)
        params = list(model[-1].parameters())[1:]  # only the output bias was left trainable
        for p in params:
            p.requires_grad_(True)
    lr, wd = cfg["lr"], g("wd", 0.0)
    o = g("opt", "adam")
    if o == "adam":
        opt = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    elif o == "adamw":
        opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    elif o == "sgd":
        opt = torch.optim.SGD(params, lr=lr, momentum=g("mom", 0.9), nesterov=g("nesterov", False), weight_decay=wd)
    elif o == "rmsprop":
        opt = torch.optim.RMSprop(params, lr=lr, weight_decay=wd)
    if g("wrong_model_opt"):  # re-built the model after creating the optimizer
        torch.manual_seed(g("seed", 0) + 1)
        model = build_model(cfg["model"], task, g("drop", 0.0), g("bn", False))
    E = cfg["epochs"]
    plan = g("sched_epochs", E)
    bs = g("bs", 64)
    nb = math.ceil(len(Xtr_t) / bs)
    s = g("sched")
    if s == "cos":
        sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, plan)
    elif s == "step":
        sch = torch.optim.lr_scheduler.StepLR(opt, g("step_size", 10), g("gamma", 0.3))
    elif s == "plateau":
        sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=3)
    elif s == "onecycle":
        sch = torch.optim.lr_scheduler.OneCycleLR(opt, lr, total_steps=plan * nb)
    elif s == "warmcos_v0":
        # first version of the warmup+cosine lambda: it reads `tot`, a name the epoch loop below re-uses for the
        # running loss sum (late binding), so after warmup the cosine is evaluated with the wrong total
        W = g("warm", 100)
        tot = plan * nb
        sch = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda t: (t + 1) / W if t < W else 0.5 * (1 + math.cos(math.pi * min(1.0, (t - W) / max(1, tot - W)))))
    elif s == "warmcos":
        W = g("warm", 100)
        total_steps = plan * nb
        sch = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda t: (t + 1) / W if t < W else 0.5 * (1 + math.cos(math.pi * min(1.0, (t - W) / max(1, total_steps - W)))))
    else:
        sch = None
    per_batch = s in ("onecycle", "warmcos", "warmcos_v0") or g("step_per_batch_bug")
    if opt_state is not None:
        opt.load_state_dict(opt_state["opt"])
        if sch is not None and opt_state.get("sch"):
            sch.load_state_dict(opt_state["sch"])
    if regression:
        lossf = nn.HuberLoss(delta=g("huber", 1.0)) if g("huber") else nn.MSELoss()
    elif g("mse_ids"):
        mse = nn.MSELoss()
        lossf = lambda out, y: mse(out.squeeze(1), y.float())
    elif g("handmade_ce"):
        lossf = lambda out, y: -torch.log(torch.softmax(out, 1)[torch.arange(len(y)), y]).mean()
    else:
        lossf = nn.CrossEntropyLoss()
    best, bad = float("inf"), 0
    step = (start_epoch - 1) * nb
    gen = torch.Generator().manual_seed(g("seed", 0) + 100 + start_epoch)
    model.train()
    for ep in range(start_epoch, E + 1):
        if g("kill_at") and ep == g("kill_at"):
            os.kill(os.getpid(), signal.SIGKILL)
        if not g("no_train_mode"):
            model.train()
        perm = torch.randperm(len(Xtr_t), generator=gen)
        tot, cnt = 0.0, 0
        for bi in range(nb):
            idx = perm[bi * bs:(bi + 1) * bs]
            xb, yb = Xtr_t[idx], ytr_t[idx]
            if not g("no_zero_grad"):
                opt.zero_grad()
            out = model(xb)
            loss = lossf(out.float(), yb)
            loss.backward()
            gn = None
            if g("clip"):
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), g("clip")))
            elif g("log_gn"):
                gn = float(torch.sqrt(sum((p.grad.float() ** 2).sum() for p in model.parameters() if p.grad is not None)))
            opt.step()
            if sch is not None and per_batch:
                sch.step()
            step += 1
            lv = float(loss)
            tot += lv * len(idx)
            cnt += len(idx)
            if on_step and step % g("log_every", 10) == 0:
                on_step(step, ep, lv, opt.param_groups[0]["lr"], gn)
        trn = tot / cnt
        if not g("no_eval"):
            model.eval()
        with torch.no_grad():
            out = model(Xva_t).float()
            vl = float(lossf(out, yva_t))
            if regression:
                vm = float((out - yva_t).abs().mean()) * (1.0 if g("raw") else 1500.0)  # MAE in m/s
            elif g("mse_ids"):
                vm = float((out.squeeze(1).round().clamp(0, 3) == yva_t).float().mean())
            else:
                vm = float((out.argmax(1) == yva_t).float().mean())
        lr_now = opt.param_groups[0]["lr"]
        if on_epoch:
            on_epoch(ep, trn, vl, vm, lr_now)
        if sch is not None and not per_batch:
            sch.step(vl) if s == "plateau" else sch.step()
        if ckpt_at and ep == ckpt_at:
            os.makedirs(TMP, exist_ok=True)
            torch.save({"model": model, "opt": opt.state_dict(), "sch": sch.state_dict() if sch else None},
                       os.path.join(TMP, cfg["ckpt_name"]))
        if stop_after and ep == stop_after:
            return model
        if g("patience"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= g("patience"):
                    if on_epoch and g("es_msg"):
                        g("es_msg")(ep)
                    break
    return model


def in_child(fn):
    """Run fn in a forked child (used for the jobs that get SIGKILLed); wait for it."""
    pid = os.fork()
    if pid == 0:
        try:
            fn()
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return status


def rundir(fmt, name):
    d = os.path.join(RUNS, fmt, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d, exist_ok=True)
    return d


RUN_FUNCS = {}


def run(fmt, name):
    def deco(f):
        RUN_FUNCS[f"{fmt}/{name}"] = f
        return f
    return deco


# ============================================================================= text logs (16)
def text_print(d, cfg, fname="train.log", head=None, epfmt=None, stepfmt=None, mode="w", **kw):
    f = open(os.path.join(d, fname), mode, buffering=1)
    if head:
        f.write(head + "\n")
    E = cfg["epochs"]
    sf = (lambda s, e, l, lr, gn: f.write(stepfmt(s, e, l, lr, gn) + "\n")) if stepfmt else None
    ef = lambda e, t, v, m, lr: f.write(epfmt(e, E, t, v, m, lr) + "\n")
    cfg = dict(cfg)
    cfg.setdefault("es_msg", lambda e: f.write(f"early stopping: no improvement for {cfg['patience']} epochs (stopped at {e})\n"))
    m = fit(cfg, sf, ef, **kw)
    f.close()
    return m


@run("text_log", "insect-mlp-adam-cosine")
def _():
    d = rundir("text_log", "insect-mlp-adam-cosine")
    cfg = dict(task="insect", model="mlp", lr=3e-3, epochs=30, sched="cos", drop=0.1)
    text_print(d, cfg, head="insect order classifier | mlp 64x2 | adam 3e-3 cosine",
               epfmt=lambda e, E, t, v, m, lr: f"ep {e:02d}/{E} | trn {t:.4f} | dev {v:.4f} acc {100*m:.1f}% | lr {lr:.2e}")


@run("text_log", "insect-mlp-sgd-lr6")
def _():
    d = rundir("text_log", "insect-mlp-sgd-lr6")
    cfg = dict(task="insect", model="mlp", lr=6.0, opt="sgd", mom=0.9, epochs=25)
    text_print(d, cfg, head="sgd momentum 0.9, lr=6.0  (copied lr from the linear probe notebook)",
               epfmt=lambda e, E, t, v, m, lr: f"ep {e:02d}/{E} | trn {t:.4f} | dev {v:.4f} acc {100*m:.1f}% | lr {lr:.2e}")


def logger_file(d, name, fname="run.log"):
    lg = logging.getLogger(name)
    lg.handlers.clear()
    lg.propagate = False
    h = logging.FileHandler(os.path.join(d, fname), mode="a")
    h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    lg.addHandler(h)
    lg.setLevel(logging.INFO)
    return lg, h


@run("text_log", "carry-gru-adam-1e-5")
def _():
    d = rundir("text_log", "carry-gru-adam-1e-5")
    lg, h = logger_file(d, "carry")
    cfg = dict(task="carry", model="gru", lr=1e-5, epochs=20, log_every=47)
    lg.info("start: gru h=64 lr=1e-05 bs=64 epochs=20")
    fit(cfg, lambda s, e, l, lr, gn: lg.info(f"step={s} epoch={e} train_loss={l:.4f}"),
        lambda e, t, v, m, lr: lg.info(f"epoch={e} done avg_train_loss={t:.4f} valid_loss={v:.4f} valid_acc={m:.4f}"))
    lg.info("finished")
    h.close()


@run("text_log", "carry-gru-sgd-no-zero-grad")
def _():
    d = rundir("text_log", "carry-gru-sgd-no-zero-grad")
    lg, h = logger_file(d, "carry")
    cfg = dict(task="carry", model="gru", lr=0.05, opt="sgd", mom=0.9, epochs=20, log_every=47, no_zero_grad=True)
    lg.info("start: gru h=64 sgd lr=0.05 mom=0.9 bs=64 epochs=20")
    fit(cfg, lambda s, e, l, lr, gn: lg.info(f"step={s} epoch={e} train_loss={l:.4f}"),
        lambda e, t, v, m, lr: lg.info(f"epoch={e} done avg_train_loss={t:.4f} valid_loss={v:.4f} valid_acc={m:.4f}"))
    lg.info("finished")
    h.close()


class TqdmFile:
    pass


def tqdm_run(d, cfg, desc):
    from tqdm import tqdm
    f = open(os.path.join(d, "stdout.txt"), "w", buffering=1)
    E = cfg["epochs"]
    state = {}

    def on_step(s, e, l, lr, gn):
        state.setdefault("bar", None)

    # a tqdm bar over epochs, postfix with the numbers, plus tqdm.write summaries
    bar = tqdm(total=E, desc=desc, file=f, mininterval=0, ncols=100, ascii=True)

    def on_epoch(e, t, v, m, lr):
        bar.set_postfix(loss=f"{t:.3f}", val_loss=f"{v:.3f}", val_acc=f"{m:.3f}", refresh=False)
        bar.update(1)
        if e % 5 == 0:
            bar.write(f"[epoch {e}] mean loss {t:.4f}  val loss {v:.4f}  val acc {m:.4f}", file=f)

    fit(cfg, None, on_epoch)
    bar.close()
    f.close()


@run("text_log", "ripple-cnn-steplr-tqdm")
def _():
    d = rundir("text_log", "ripple-cnn-steplr-tqdm")
    tqdm_run(d, dict(task="ripple", model="cnn", lr=2e-3, epochs=20, sched="step", step_size=8, gamma=0.3), "ripple")


@run("text_log", "ripple-cnn-labels-permuted")
def _():
    d = rundir("text_log", "ripple-cnn-labels-permuted")
    cfg = dict(task="ripple", model="cnn", lr=2e-3, epochs=20, shuffle_labels=True)
    text_print(d, cfg, fname="out.txt",
               epfmt=lambda e, E, t, v, m, lr: f"Epoch [{e}/{E}]  Loss: {t:.4f}  Val Loss: {v:.4f}  Val Acc: {m:.4f}")


@run("text_log", "rocket-mlp-huber-logging")
def _():
    d = rundir("text_log", "rocket-mlp-huber-logging")
    lg, h = logger_file(d, "rocket", "train.log")
    cfg = dict(task="rocket", model="mlp", lr=2e-3, epochs=40, huber=1.0, sched="cos", opt="adamw", wd=1e-4)
    fit(cfg, None, lambda e, t, v, m, lr: lg.info(f"[{e:03d}] huber={t:.5f} val_huber={v:.5f} val_mae_ms={m:.1f} lr={lr:.6f}"))
    h.close()


@run("text_log", "rocket-mlp-raw-units")
def _():
    d = rundir("text_log", "rocket-mlp-raw-units")
    lg, h = logger_file(d, "rocket", "train.log")
    cfg = dict(task="rocket", model="mlp", lr=1e-3, epochs=40, raw=True)
    fit(cfg, None, lambda e, t, v, m, lr: lg.info(f"[{e:03d}] mse={t:.2f} val_mse={v:.2f} val_mae_ms={m:.1f} lr={lr:.6f}"))
    h.close()


@run("text_log", "insect-mlp-killed")
def _():
    d = rundir("text_log", "insect-mlp-killed")
    cfg = dict(task="insect", model="mlp", lr=1e-3, epochs=40, sched="cos", kill_at=14)
    in_child(lambda: text_print(d, cfg, head="== insect mlp, 40 epochs, cosine ==",
                                epfmt=lambda e, E, t, v, m, lr: f"epoch {e} of {E}: train {t:.4f}, val {v:.4f}, val-acc {m:.3f}"))


@run("text_log", "carry-relu-rnn-no-clip")
def _():
    d = rundir("text_log", "carry-relu-rnn-no-clip")
    cfg = dict(task="carry", model="rnn", lr=3e-3, epochs=20, rnn_init=1.0, log_every=20)
    text_print(d, cfg, fname="log.txt",
               stepfmt=lambda s, e, l, lr, gn: f"it {s}  loss {l:.4f}",
               epfmt=lambda e, E, t, v, m, lr: f"-- epoch {e}: val_loss {v:.4f} val_acc {m:.4f}")


@run("text_log", "insect-mlp-relaunch-append")
def _():
    d = rundir("text_log", "insect-mlp-relaunch-append")
    cfg = dict(task="insect", model="mlp", lr=2e-3, epochs=40, sched="step", step_size=15, gamma=0.3,
               ckpt_name="insect_relaunch.pt")
    ef = lambda e, E, t, v, m, lr: f"epoch {e:3d} | loss {t:.4f} | val_loss {v:.4f} | val_acc {m:.4f} | lr {lr:.5f}"
    # first launch: checkpoint at 20, the job is preempted after epoch 27
    text_print(d, cfg, head="launch 1", epfmt=ef, ckpt_at=20, stop_after=27)
    ck = torch.load(os.path.join(TMP, "insect_relaunch.pt"), weights_only=False)
    text_print(d, cfg, head="launch 2 (resume from ckpt)", epfmt=ef, mode="a", start_epoch=21, model=ck["model"],
               opt_state=ck)
    os.remove(os.path.join(TMP, "insect_relaunch.pt"))


@run("text_log", "ripple-cnn-60-images")
def _():
    d = rundir("text_log", "ripple-cnn-60-images")
    cfg = dict(task="ripple", model="cnn", lr=2e-3, epochs=120, n_train=60, bs=16)
    text_print(d, cfg, epfmt=lambda e, E, t, v, m, lr: f"Epoch [{e}/{E}]  Loss: {t:.4f}  Val Loss: {v:.4f}  Val Acc: {m:.4f}")


@run("text_log", "carry-transformer-warmup-tqdm")
def _():
    d = rundir("text_log", "carry-transformer-warmup-tqdm")
    tqdm_run(d, dict(task="carry", model="tfm", lr=2e-3, epochs=25, sched="warmcos", warm=150, opt="adamw", wd=0.01,
                     clip=1.0), "carry-tfm")


@run("text_log", "rocket-mlp-log-target")
def _():
    d = rundir("text_log", "rocket-mlp-log-target")
    # the user decided to regress log(delta-v) "to make the target positive and nicer"
    cfg = dict(task="rocket", model="mlp", lr=1e-3, epochs=30)
    Xtr, ytr, Xva, yva = get_data("rocket")
    f = open(os.path.join(d, "train.log"), "w", buffering=1)
    torch.manual_seed(0)
    model = build_model("mlp", "rocket")
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    ttr = torch.tensor(np.log(ytr * 1500.0 + 4000.0))
    tva = torch.tensor(np.log(yva * 1500.0 + 4000.0))
    Xt, Xv = torch.tensor(Xtr), torch.tensor(Xva)
    g = torch.Generator().manual_seed(1)
    step = 0
    for ep in range(1, 31):
        model.train()
        perm = torch.randperm(len(Xt), generator=g)
        for i in range(0, len(Xt), 64):
            idx = perm[i:i + 64]
            opt.zero_grad()
            loss = ((model(Xt[idx]) - ttr[idx]) ** 2).mean()
            loss.backward()
            opt.step()
            step += 1
            if step % 10 == 0:
                f.write(f"step {step} loss {loss.item():.5f}\n")
        model.eval()
        with torch.no_grad():
            vl = ((model(Xv) - tva) ** 2).mean().item()
        f.write(f"epoch {ep} val_loss {vl:.5f}\n")
    f.close()


@run("text_log", "insect-mlp-early-stop")
def _():
    d = rundir("text_log", "insect-mlp-early-stop")
    cfg = dict(task="insect", model="mlp", lr=1e-3, epochs=60, patience=6, drop=0.2, opt="adamw", wd=1e-3)
    text_print(d, cfg, head="insect mlp, early stopping on val loss (patience 6)",
               epfmt=lambda e, E, t, v, m, lr: f"epoch {e} of {E}: train {t:.4f}, val {v:.4f}, val-acc {m:.3f}")


@run("text_log", "rocket-mlp-nesterov-step")
def _():
    d = rundir("text_log", "rocket-mlp-nesterov-step")
    cfg = dict(task="rocket", model="mlp", lr=0.02, opt="sgd", mom=0.9, nesterov=True, epochs=45, sched="step",
               step_size=15, gamma=0.2)
    text_print(d, cfg, epfmt=lambda e, E, t, v, m, lr: f"E{e:02d} train_mse={t:.5f} val_mse={v:.5f} val_mae={m:.1f}m/s lr={lr:.4f}")


# ============================================================================= custom csv / jsonl (9)
@run("csv_custom", "carry-embmlp-csvwriter")
def _():
    d = rundir("csv_custom", "carry-embmlp-csvwriter")
    f = open(os.path.join(d, "log.csv"), "w", newline="")
    w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "val_loss", "val_acc"])
    fit(dict(task="carry", model="embmlp", lr=1e-3, epochs=30, drop=0.1, sched="cos"), None,
        lambda e, t, v, m, lr: w.writerow([e, f"{t:.5f}", f"{v:.5f}", f"{m:.4f}"]))
    f.close()


@run("csv_custom", "carry-gru-eval-on-train")
def _():
    d = rundir("csv_custom", "carry-gru-eval-on-train")
    rows = []
    fit(dict(task="carry", model="gru", lr=2e-3, epochs=20, eval_on_train=True), None,
        lambda e, t, v, m, lr: rows.append(dict(epoch=e, loss=t, val_loss=v, val_accuracy=m)))
    import pandas as pd
    pd.DataFrame(rows).to_csv(os.path.join(d, "metrics.csv"), index=False)


@run("csv_custom", "insect-mlp-leaky-val")
def _():
    d = rundir("csv_custom", "insect-mlp-leaky-val")
    f = open(os.path.join(d, "history.jsonl"), "w")
    fit(dict(task="insect", model="mlp", lr=3e-3, epochs=80, n_train=300, leak=True, bs=32), None,
        lambda e, t, v, m, lr: f.write(json.dumps({"epoch": e, "train_loss": round(t, 5), "val_loss": round(v, 5),
                                                   "val_acc": round(m, 4)}) + "\n"))
    f.close()


@run("csv_custom", "rocket-mlp-onecycle-pandas")
def _():
    d = rundir("csv_custom", "rocket-mlp-onecycle-pandas")
    rows = []
    fit(dict(task="rocket", model="mlp", lr=5e-3, epochs=30, sched="onecycle", log_every=30),
        lambda s, e, l, lr, gn: rows.append({"step": s, "epoch": e, "train/mse": l, "lr": lr}),
        lambda e, t, v, m, lr: rows.append({"step": e * 30, "epoch": e, "val/mse": v, "val/mae_ms": m}))
    import pandas as pd
    pd.DataFrame(rows).to_csv(os.path.join(d, "log.csv"), index=False)


@run("csv_custom", "rocket-mlp-optimizer-old-model")
def _():
    d = rundir("csv_custom", "rocket-mlp-optimizer-old-model")
    f = open(os.path.join(d, "log.csv"), "w")
    f.write("epoch,train_mse,val_mse,val_mae\n")
    fit(dict(task="rocket", model="mlp", lr=1e-3, epochs=25, wrong_model_opt=True), None,
        lambda e, t, v, m, lr: f.write(f"{e},{t:.6f},{v:.6f},{m:.2f}\n"))
    f.close()


@run("csv_custom", "ripple-cnn-bn-drop-no-train")
def _():
    d = rundir("csv_custom", "ripple-cnn-bn-drop-no-train")
    f = open(os.path.join(d, "log.csv"), "w", newline="")
    w = csv.DictWriter(f, ["epoch", "trn_loss", "dev_loss", "dev_acc"])
    w.writeheader()
    fit(dict(task="ripple", model="cnn", lr=2e-3, epochs=20, bn=True, drop=0.3, no_train_mode=True), None,
        lambda e, t, v, m, lr: w.writerow(dict(epoch=e, trn_loss=round(t, 5), dev_loss=round(v, 5), dev_acc=round(m, 4))))
    f.close()


@run("csv_custom", "insect-mlp-adamw-wd5")
def _():
    d = rundir("csv_custom", "insect-mlp-adamw-wd5")
    f = open(os.path.join(d, "metrics.jsonl"), "w")
    fit(dict(task="insect", model="mlp", lr=3e-3, opt="adamw", wd=5.0, epochs=30, drop=0.5), None,
        lambda e, t, v, m, lr: f.write(json.dumps({"ep": e, "loss": t, "val_loss": v, "val_acc": m}) + "\n"))
    f.close()


@run("csv_custom", "carry-embmlp-steplr-per-batch")
def _():
    d = rundir("csv_custom", "carry-embmlp-steplr-per-batch")
    f = open(os.path.join(d, "log.csv"), "w")
    f.write("step,epoch,loss,lr\n")
    g = open(os.path.join(d, "val.csv"), "w")
    g.write("epoch,val_loss,val_acc\n")
    fit(dict(task="carry", model="embmlp", lr=1e-3, epochs=25, sched="step", step_size=10, gamma=0.5,
             step_per_batch_bug=True, log_every=25),
        lambda s, e, l, lr, gn: f.write(f"{s},{e},{l:.5f},{lr:.3e}\n"),
        lambda e, t, v, m, lr: g.write(f"{e},{v:.5f},{m:.4f}\n"))
    f.close()
    g.close()


@run("csv_custom", "insect-mlp-plateau-jsonl")
def _():
    d = rundir("csv_custom", "insect-mlp-plateau-jsonl")
    f = open(os.path.join(d, "log.jsonl"), "w")
    fit(dict(task="insect", model="mlp", lr=3e-3, epochs=40, sched="plateau", drop=0.1, bn=True), None,
        lambda e, t, v, m, lr: f.write(json.dumps({"type": "epoch", "epoch": e, "loss": round(t, 5),
                                                   "val": {"loss": round(v, 5), "acc": round(m, 4)}, "lr": lr}) + "\n"))
    f.close()


# ============================================================================= tensorboard (9)
def tb_writer(d, kind="torch"):
    if kind == "torch":
        from torch.utils.tensorboard import SummaryWriter
    else:
        from tensorboardX import SummaryWriter
    return SummaryWriter(d)


def tb_run(d, cfg, kind="torch", names=("train/loss", "val/loss", "val/acc", "lr"), gn_name=None, **kw):
    w = tb_writer(d, kind)

    def on_step(s, e, l, lr, gn):
        w.add_scalar(names[0], l, s)
        if gn is not None and gn_name:
            w.add_scalar(gn_name, gn, s)

    def on_epoch(e, t, v, m, lr):
        w.add_scalar(names[1], v, e)
        w.add_scalar(names[2], m, e)
        w.add_scalar(names[3], lr, e)

    fit(cfg, on_step, on_epoch, **kw)
    w.close()


@run("tensorboard", "ripple-cnn-cosine")
def _():
    d = rundir("tensorboard", "ripple-cnn-cosine")
    tb_run(d, dict(task="ripple", model="cnn", lr=2e-3, epochs=20, sched="cos", log_every=11))


@run("tensorboard", "ripple-cnn-adam-lr0.3")
def _():
    d = rundir("tensorboard", "ripple-cnn-adam-lr0.3")
    tb_run(d, dict(task="ripple", model="cnn", lr=0.3, epochs=15, log_every=11), kind="x",
           names=("Loss/train", "Loss/val", "Accuracy/val", "LR"))


@run("tensorboard", "carry-gru-clip-gradnorm")
def _():
    d = rundir("tensorboard", "carry-gru-clip-gradnorm")
    tb_run(d, dict(task="carry", model="gru", lr=3e-3, epochs=20, clip=1.0, sched="cos", log_every=20),
           gn_name="train/grad_norm")


@run("tensorboard", "carry-gru-mse-class-ids")
def _():
    d = rundir("tensorboard", "carry-gru-mse-class-ids")
    tb_run(d, dict(task="carry", model="gru", lr=2e-3, epochs=20, mse_ids=True, log_every=20), kind="x")


@run("tensorboard", "rocket-mlp-warmup-lambda-bug")
def _():
    d = rundir("tensorboard", "rocket-mlp-warmup-lambda-bug")
    tb_run(d, dict(task="rocket", model="mlp", lr=3e-3, epochs=30, sched="warmcos_v0", warm=120, log_every=15), kind="x",
           names=("mse/train", "mse/val", "mae_ms/val", "opt/lr"))


@run("tensorboard", "insect-mlp-softmax-then-ce")
def _():
    d = rundir("tensorboard", "insect-mlp-softmax-then-ce")
    tb_run(d, dict(task="insect", model="mlp", lr=1e-3, epochs=30, softmax_out=True, log_every=16))


@run("tensorboard", "rocket-mlp-cosine-cut-short")
def _():
    d = rundir("tensorboard", "rocket-mlp-cosine-cut-short")
    # cosine planned for 150 epochs, but the script's max epochs was left at 40 from a smoke test
    tb_run(d, dict(task="rocket", model="mlp", lr=5e-3, opt="sgd", mom=0.9, epochs=40, sched="cos", sched_epochs=150,
                   log_every=15), names=("train/mse", "val/mse", "val/mae_ms", "train/lr"))


@run("tensorboard", "insect-mlp-sigkill")
def _():
    d = rundir("tensorboard", "insect-mlp-sigkill")
    in_child(lambda: tb_run(d, dict(task="insect", model="mlp", lr=2e-3, epochs=40, sched="cos", kill_at=17,
                                    log_every=16)))


@run("tensorboard", "ripple-cnn-fp16-adam")
def _():
    d = rundir("tensorboard", "ripple-cnn-fp16-adam")
    # "half precision is faster": model.half() with plain Adam (eps 1e-8 underflows in fp16)
    tb_run(d, dict(task="ripple", model="cnn", lr=1e-3, epochs=12, half=True, log_every=11))


# ============================================================================= lightning CSVLogger (6)
def lit_run(name, cfg, es=None, plateau=False, clip=None):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import EarlyStopping, LearningRateMonitor
    d = rundir("lightning_csv", name)
    shutil.rmtree(d)
    L.seed_everything(cfg.get("seed", 0), verbose=False)
    task = cfg["task"]
    Xtr, ytr, Xva, yva = get_data(task, n_train=cfg.get("n_train"))
    if cfg.get("shuffle_labels"):
        ytr = np.random.default_rng(5).permutation(ytr)
    reg = task == "rocket"
    from torch.utils.data import TensorDataset, DataLoader
    tl = DataLoader(TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)), batch_size=cfg.get("bs", 64), shuffle=True)
    vl = DataLoader(TensorDataset(torch.tensor(Xva), torch.tensor(yva)), batch_size=512)

    class M(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = build_model(cfg["model"], task, cfg.get("drop", 0.0))
            self.lossf = nn.MSELoss() if reg else nn.CrossEntropyLoss()

        def training_step(self, b, i):
            x, y = b
            loss = self.lossf(self.net(x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            out = self.net(x)
            self.log("val_loss", self.lossf(out, y))
            if reg:
                self.log("val_mae_ms", (out - y).abs().mean() * 1500.0)
            else:
                self.log("val_acc", (out.argmax(1) == y).float().mean())

        def configure_optimizers(self):
            opt = torch.optim.Adam(self.parameters(), lr=cfg["lr"])
            if plateau:
                return {"optimizer": opt, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(
                    opt, factor=0.3, patience=3), "monitor": "val_loss"}}
            if cfg.get("sched") == "cos":
                return [opt], [torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg["epochs"])]
            return opt

    cbs = [LearningRateMonitor("epoch")]
    if es:
        cbs.append(EarlyStopping("val_loss", patience=es))
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(os.path.join(RUNS, "lightning_csv"), name=name, version=0),
                   callbacks=cbs, enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                   log_every_n_steps=cfg.get("log_every", 10), gradient_clip_val=clip, accelerator="cpu", devices=1,
                   num_sanity_val_steps=0)
    tr.fit(M(), tl, vl)


@run("lightning_csv", "insect-mlp-earlystop")
def _():
    lit_run("insect-mlp-earlystop", dict(task="insect", model="mlp", lr=2e-3, epochs=50, drop=0.2, log_every=16), es=5)


@run("lightning_csv", "carry-gru-lr-3e-6")
def _():
    lit_run("carry-gru-lr-3e-6", dict(task="carry", model="gru", lr=3e-6, epochs=15, log_every=25))


@run("lightning_csv", "rocket-mlp-plateau")
def _():
    lit_run("rocket-mlp-plateau", dict(task="rocket", model="mlp", lr=3e-3, epochs=35, log_every=15), plateau=True)


@run("lightning_csv", "ripple-cnn-80-images")
def _():
    lit_run("ripple-cnn-80-images", dict(task="ripple", model="cnn", lr=2e-3, epochs=100, n_train=80, bs=16,
                                         log_every=5))


@run("lightning_csv", "insect-mlp-labels-permuted")
def _():
    lit_run("insect-mlp-labels-permuted", dict(task="insect", model="mlp", lr=2e-3, epochs=25, shuffle_labels=True,
                                               log_every=16))


@run("lightning_csv", "rocket-mlp-cosine-clip")
def _():
    lit_run("rocket-mlp-cosine-clip", dict(task="rocket", model="mlp", lr=3e-3, epochs=35, sched="cos", log_every=15),
            clip=1.0)


# ============================================================================= keras (6)
def keras_data(task, raw=False):
    Xtr, ytr, Xva, yva = get_data(task, raw=raw)
    if task == "carry":
        Xtr = np.eye(11, dtype=np.float32)[Xtr].reshape(len(Xtr), -1)
        Xva = np.eye(11, dtype=np.float32)[Xva].reshape(len(Xva), -1)
    if task == "ripple":
        Xtr = Xtr.reshape(len(Xtr), -1)
        Xva = Xva.reshape(len(Xva), -1)
    return Xtr, ytr, Xva, yva


def keras_model(task, K, drop=0.0, hidden=64):
    import keras
    layers = [keras.layers.Dense(hidden, activation="relu")]
    if drop:
        layers.append(keras.layers.Dropout(drop))
    layers += [keras.layers.Dense(hidden, activation="relu")]
    if drop:
        layers.append(keras.layers.Dropout(drop))
    layers.append(keras.layers.Dense(K, activation=None if task == "rocket" else "softmax"))
    return keras.Sequential(layers)


def keras_fit(task, opt, epochs, callbacks, drop=0.0, raw=False, bs=64):
    import keras
    keras.utils.set_random_seed(0)
    Xtr, ytr, Xva, yva = keras_data(task, raw)
    K = {"insect": 6, "carry": 4, "ripple": 5, "rocket": 1}[task]
    m = keras_model(task, K, drop)
    if task == "rocket":
        m.compile(optimizer=opt, loss="mse", metrics=["mae"])
    else:
        m.compile(optimizer=opt, loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    return m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=epochs, batch_size=bs, callbacks=callbacks, verbose=0)


@run("keras_csv", "insect-dense-adam")
def _():
    import keras
    d = rundir("keras_csv", "insect-dense-adam")
    keras_fit("insect", keras.optimizers.Adam(2e-3), 30, [keras.callbacks.CSVLogger(os.path.join(d, "training.log"))])


@run("keras_csv", "rocket-dense-sgd-lr2")
def _():
    import keras
    d = rundir("keras_csv", "rocket-dense-sgd-lr2")
    keras_fit("rocket", keras.optimizers.SGD(2.0, momentum=0.9), 25,
              [keras.callbacks.CSVLogger(os.path.join(d, "log.csv"))])


@run("keras_history_json", "carry-onehot-dense-earlystop")
def _():
    import keras
    d = rundir("keras_history_json", "carry-onehot-dense-earlystop")
    h = keras_fit("carry", keras.optimizers.Adam(1e-3), 60,
                  [keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True)])
    json.dump({k: [float(x) for x in v] for k, v in h.history.items()}, open(os.path.join(d, "history.json"), "w"))


@run("keras_history_json", "ripple-pixel-dense-dropout09")
def _():
    import keras
    d = rundir("keras_history_json", "ripple-pixel-dense-dropout09")
    h = keras_fit("ripple", keras.optimizers.Adam(1e-3), 30, [], drop=0.9)
    json.dump({k: [float(x) for x in v] for k, v in h.history.items()}, open(os.path.join(d, "history.json"), "w"))


@run("keras_history_csv", "rocket-dense-raw-units")
def _():
    import keras
    import pandas as pd
    d = rundir("keras_history_csv", "rocket-dense-raw-units")
    h = keras_fit("rocket", keras.optimizers.Adam(1e-3), 30, [], raw=True)
    pd.DataFrame(h.history).to_csv(os.path.join(d, "history.csv"))


@run("keras_history_csv", "insect-dense-reduce-lr")
def _():
    import keras
    import pandas as pd
    d = rundir("keras_history_csv", "insect-dense-reduce-lr")
    h = keras_fit("insect", keras.optimizers.Adam(3e-3), 40,
                  [keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=3)])
    pd.DataFrame(h.history).to_csv(os.path.join(d, "history.csv"))


# ============================================================================= HF Trainer (4)
def hf_run(name, arch, lr, epochs=6, sched="linear", warm=0.0):
    import transformers as T
    from torch.utils.data import Dataset
    d = rundir("hf_trainer", name)
    T.set_seed(0)
    Xtr, ytr, Xva, yva = get_data("carry")
    # token ids shifted by 1 (0 = pad, unused); 9 tokens
    class DS(Dataset):
        def __init__(self, X, y):
            self.X, self.y = X + 1, y

        def __len__(self):
            return len(self.y)

        def __getitem__(self, i):
            return {"input_ids": torch.tensor(self.X[i]), "attention_mask": torch.ones(9, dtype=torch.long),
                    "labels": torch.tensor(self.y[i])}

    common = dict(vocab_size=16, num_labels=4, pad_token_id=0)
    if arch == "phi3":
        cfg = T.Phi3Config(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                           num_key_value_heads=2, max_position_embeddings=32, **common)
        model = T.Phi3ForSequenceClassification(cfg)
    elif arch == "funnel":
        cfg = T.FunnelConfig(d_model=48, n_head=4, d_head=12, d_inner=96, block_sizes=[1, 1], num_decoder_layers=1,
                             **common)
        model = T.FunnelForSequenceClassification(cfg)
    elif arch == "mixtral":
        cfg = T.MixtralConfig(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                              num_key_value_heads=2, num_local_experts=4, num_experts_per_tok=2,
                              max_position_embeddings=32, **common)
        model = T.MixtralForSequenceClassification(cfg)
    elif arch == "olmo":
        cfg = T.OlmoConfig(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                           max_position_embeddings=32, **common)
        model = T.OlmoForSequenceClassification(cfg)

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}

    args = T.TrainingArguments(output_dir=d, num_train_epochs=epochs, per_device_train_batch_size=32,
                               per_device_eval_batch_size=256, learning_rate=lr, lr_scheduler_type=sched,
                               warmup_steps=int(round(warm * epochs * math.ceil(len(ytr) / 32))),
                               logging_steps=20, eval_strategy="epoch", save_strategy="no",
                               report_to="none", seed=0, disable_tqdm=True, use_cpu=True)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva),
                   compute_metrics=metrics)
    tr.train()
    tr.save_state()


@run("hf_trainer", "carry-phi3-warmup-cosine")
def _():
    hf_run("carry-phi3-warmup-cosine", "phi3", 2e-3, epochs=8, sched="cosine", warm=0.1)


@run("hf_trainer", "carry-funnel-linear")
def _():
    hf_run("carry-funnel-linear", "funnel", 1e-3, epochs=8, warm=0.05)


@run("hf_trainer", "carry-mixtral-lr1e-7")
def _():
    hf_run("carry-mixtral-lr1e-7", "mixtral", 1e-7, epochs=5)


@run("hf_trainer", "carry-olmo-lr0.05")
def _():
    hf_run("carry-olmo-lr0.05", "olmo", 0.05, epochs=5, sched="constant")


# ============================================================================= main
if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--part")
    a = ap.parse_args()
    torch.set_num_threads(1)
    names = list(RUN_FUNCS)
    if a.only:
        names = [a.only]
    elif a.part:
        i, n = map(int, a.part.split("/"))
        names = names[i::n]
    for nm in names:
        t0 = time.time()
        try:
            RUN_FUNCS[nm]()
        except Exception:
            import traceback
            traceback.print_exc()
            print(f"{nm}: FAILED", flush=True)
            continue
        print(f"{nm}: {time.time() - t0:.1f}s", flush=True)
