"""Lock-box batch 2026-12-19nu23: ~50 small real CPU trainings a new user might write.

python make_runs.py                      # make every run (2 worker processes)
python make_runs.py --only text/soil_mlp_cosine   # re-make one run
Each run writes runs/<format>/<run-name>/ exactly as its logger leaves it.
"""
import os, sys, json, csv, math, time, signal, shutil, argparse, subprocess

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
import numpy as np

# ----------------------------------------------------------------------------------------------------------------------
# data (all generated with numpy)
# ----------------------------------------------------------------------------------------------------------------------
SOIL_CLASSES = ["sand", "loam", "clay", "silt"]


def make_soil(n, seed):
    """soil texture class from lab measurements (K=4)."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 4, n)
    alpha = np.array([[8, 1.5, 1.0], [4, 4, 2.5], [1.5, 3, 7], [1.5, 8, 2]], float)  # sand, silt, clay fractions
    frac = np.stack([rng.dirichlet(alpha[c]) for c in y])
    ph = np.array([6.2, 6.6, 7.1, 6.8])[y] + rng.normal(0, 0.5, n)
    org = rng.lognormal(np.log([1.0, 3.0, 2.2, 2.6])[y], 0.45)
    bulk = 1.75 - 0.55 * frac[:, 2] - 0.04 * org + rng.normal(0, 0.06, n)
    infil = rng.lognormal(np.log(60) - 4.0 * frac[:, 2] - 1.5 * frac[:, 1], 0.35)  # mm/h
    retention = 8 + 30 * frac[:, 2] + 18 * frac[:, 1] + 2 * org + rng.normal(0, 2.5, n)
    salt = np.where(rng.random(n) < 0.07, 0.0, rng.lognormal(-1.0, 0.8, n))  # mS/cm, 7% exact zero
    X = np.column_stack([frac[:, 0] * 100, frac[:, 1] * 100, frac[:, 2] * 100, ph, org, bulk, infil, retention, salt])
    X[:, :3] += rng.normal(0, 4.0, (n, 3))  # hydrometer error
    flip = rng.random(n) < 0.04
    y = np.where(flip, rng.integers(0, 4, n), y)
    return X.astype(np.float32), y.astype(np.int64)


def soil_split(seed=11, n_tr=3000, n_va=800):
    X, y = make_soil(n_tr + n_va, seed)
    X = X.copy()
    X[:, 6] = np.log(X[:, 6])
    X[:, 8] = np.log1p(X[:, 8])
    mu, sd = X[:n_tr].mean(0), X[:n_tr].std(0)
    X = (X - mu) / sd
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]


def make_stack(n, seed, L=14):
    """push / pop / noop / peek tokens; class = final depth of the stack (pop on empty ignored): 0,1,2,>=3."""
    rng = np.random.default_rng(seed)
    T = rng.choice(4, size=(n, L), p=[0.38, 0.38, 0.12, 0.12])
    d = np.zeros(n, int)
    for t in range(L):
        d = np.where(T[:, t] == 0, d + 1, np.where(T[:, t] == 1, np.maximum(d - 1, 0), d))
    y = np.minimum(d, 3)
    return T.astype(np.int64), y.astype(np.int64)


def stack_split(seed=12, n_tr=4000, n_va=1000):
    T, y = make_stack(n_tr + n_va, seed)
    return T[:n_tr], y[:n_tr], T[n_tr:], y[n_tr:]


DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


def make_comet(n, seed, S=12):
    """a 'comet' streak on a noisy 12x12 image: faint tail, bright head; class = which of 8 directions it flies."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 8, n)
    img = np.zeros((n, S, S), np.float32)
    for i in range(n):
        dx, dy = DIRS[y[i]]
        cx, cy = 6 + rng.integers(-2, 2), 6 + rng.integers(-2, 2)
        ln = rng.integers(3, 5)
        b = rng.uniform(0.7, 1.3)
        for t in range(-ln, ln + 1):
            x, yy = cx + t * dx, cy + t * dy
            if 0 <= x < S and 0 <= yy < S:
                img[i, yy, x] += b * (0.25 + 0.75 * (t + ln) / (2 * ln))
    img += rng.normal(0, 0.3, img.shape).astype(np.float32)
    return img[:, None], y.astype(np.int64)


def comet_split(seed=13, n_tr=3000, n_va=800):
    X, y = make_comet(n_tr + n_va, seed)
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]


def make_bread(n, seed):
    """loaf volume (ml) from flour g, hydration %, yeast g, proof min, dough temp C, salt g, sugar g, oven C."""
    rng = np.random.default_rng(seed)
    flour = rng.uniform(300, 900, n)
    hyd = rng.uniform(55, 80, n)
    yeast = rng.lognormal(np.log(5), 0.5, n)
    proof = rng.uniform(20, 150, n)
    temp = rng.uniform(18, 32, n)
    salt = np.where(rng.random(n) < 0.06, 0.0, rng.uniform(4, 18, n))
    sugar = rng.uniform(0, 40, n)
    oven = rng.uniform(190, 250, n)
    rate = (yeast / 5) ** 0.6 * 2 ** ((temp - 25) / 10) * np.exp(-0.04 * salt) * (1 + 0.01 * sugar)
    rise = 1 + 1.5 * (1 - np.exp(-rate * proof / 55))
    vol = flour * 1.6 * rise * (0.55 + 0.6 * hyd / 100) * (1 + 0.002 * (oven - 220))
    vol *= rng.lognormal(0, 0.035, n)
    X = np.column_stack([flour, hyd, yeast, proof, temp, salt, sugar, oven]).astype(np.float32)
    return X, vol.astype(np.float32)


def bread_split(seed=14, n_tr=3000, n_va=800, log_salt=False):
    X, v = make_bread(n_tr + n_va, seed)
    X = X.copy()
    X[:, 2] = np.log(X[:, 2])
    if log_salt:  # new-user fault: "log the skewed columns" including salt, which has zeros
        X[:, 5] = np.log(X[:, 5])
    mu, sd = X[:n_tr].mean(0), X[:n_tr].std(0)
    X = (X - mu) / sd
    t = np.log(v)
    tm, ts = t[:n_tr].mean(), t[:n_tr].std()
    t = (t - tm) / ts
    return X[:n_tr], t[:n_tr], X[n_tr:], t[n_tr:]


# ----------------------------------------------------------------------------------------------------------------------
# torch models and a plain training loop with the knobs a new user gets wrong
# ----------------------------------------------------------------------------------------------------------------------
def torch_models():
    import torch
    import torch.nn as nn

    class MLP(nn.Module):
        def __init__(self, d_in, d_out, h=64, drop=0.0, bn=False, softmax_out=False):
            super().__init__()
            layers = [nn.Linear(d_in, h)] + ([nn.BatchNorm1d(h)] if bn else []) + [nn.ReLU(), nn.Dropout(drop),
                      nn.Linear(h, h), nn.ReLU(), nn.Dropout(drop), nn.Linear(h, d_out)]
            if softmax_out:
                layers.append(nn.Softmax(dim=1))
            self.net = nn.Sequential(*layers)

        def forward(self, x):
            return self.net(x)

    class CNN(nn.Module):
        def __init__(self, k=8, c=16, drop=0.0, bn=False):
            super().__init__()
            self.f = nn.Sequential(nn.Conv2d(1, c, 3, padding=1), nn.BatchNorm2d(c) if bn else nn.Identity(), nn.ReLU(),
                                   nn.Conv2d(c, 2 * c, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                                   nn.Flatten(), nn.Dropout(drop), nn.Linear(2 * c * 36, 64), nn.ReLU(),
                                   nn.Linear(64, k))

        def forward(self, x):
            return self.f(x)

    class SeqNet(nn.Module):
        def __init__(self, kind="gru", vocab=4, k=4, h=48, irnn_gain=None, softmax_out=False):
            super().__init__()
            self.emb = nn.Embedding(vocab, 16)
            self.kind = kind
            if kind == "gru":
                self.rnn = nn.GRU(16, h, batch_first=True)
            elif kind == "lstm":
                self.rnn = nn.LSTM(16, h, batch_first=True)
            else:
                self.rnn = nn.RNN(16, h, nonlinearity="relu", batch_first=True)
                if irnn_gain is not None:
                    with torch.no_grad():
                        self.rnn.weight_hh_l0.copy_(irnn_gain * torch.eye(h))
                        self.rnn.bias_hh_l0.zero_()
            self.head = nn.Linear(h, k)
            self.softmax_out = softmax_out

        def forward(self, x):
            o, _ = self.rnn(self.emb(x))
            z = self.head(o[:, -1])
            return torch.softmax(z, 1) if self.softmax_out else z

    class TinyTransformer(nn.Module):
        def __init__(self, vocab=4, k=4, d=32, L=14):
            super().__init__()
            self.emb = nn.Embedding(vocab, d)
            self.pos = nn.Parameter(torch.randn(1, L, d) * 0.1)
            layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2)
            self.head = nn.Linear(d, k)

        def forward(self, x):
            # causal mask so the last position summarises the whole prefix
            L = x.shape[1]
            m = torch.triu(torch.full((L, L), float("-inf")), 1)
            return self.head(self.enc(self.emb(x) + self.pos, mask=m)[:, -1])

    return MLP, CNN, SeqNet, TinyTransformer


def fit(model, data, cfg, on_epoch=None, on_step=None, start_epoch=1, state=None):
    """Plain loop. cfg keys: epochs, bs, opt, lr, wd, mom, sched, warmup, clip, zero_grad, eval_switch, train_switch,
    loss ('ce' | 'mse' | 'mse_ids'), eval_on_train, step_sched_per_batch, kill_at_epoch, ckpt, ckpt_every, l1,
    patience, log_grad_norm, half."""
    import torch
    import torch.nn.functional as F
    torch.manual_seed(cfg.get("seed", 0))
    Xtr, ytr, Xva, yva = data
    Xtr, Xva = torch.as_tensor(Xtr), torch.as_tensor(Xva)
    ytr, yva = torch.as_tensor(ytr), torch.as_tensor(yva)
    if cfg.get("half"):
        model.half()
        Xtr, Xva = (Xtr.half(), Xva.half()) if Xtr.is_floating_point() else (Xtr, Xva)
    if cfg.get("eval_on_train"):
        Xva, yva = Xtr, ytr
    params = cfg.get("params_fn", lambda m: m.parameters())(model)
    params = [p for p in params if p.requires_grad]
    opt_name, lr, wd = cfg.get("opt", "adam"), cfg["lr"], cfg.get("wd", 0.0)
    if opt_name == "sgd":
        opt = torch.optim.SGD(params, lr=lr, momentum=cfg.get("mom", 0.0), weight_decay=wd)
    elif opt_name == "adamw":
        opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    else:
        opt = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    E, bs = cfg["epochs"], cfg.get("bs", 64)
    nb = math.ceil(len(Xtr) / bs)
    sched, s = None, cfg.get("sched")
    if s == "cosine":
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg.get("tmax", E))
    elif s == "warmcos":
        w = cfg.get("warmup", 2)
        sched = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda e: (e + 1) / w if e < w else 0.5 * (1 + math.cos(math.pi * (e - w) / max(1, E - w))))
    elif s == "step":
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=cfg.get("step_size", 10), gamma=cfg.get("gamma", 0.3))
    elif s == "plateau":
        sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=cfg.get("sched_patience", 3))
    elif s == "onecycle":
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=E * nb)
    if state is not None:
        model.load_state_dict(state["model"]); opt.load_state_dict(state["opt"])
        if sched is not None and "sched" in state:
            sched.load_state_dict(state["sched"])
    task = cfg.get("loss", "ce")

    def loss_fn(out, yb):
        if task == "ce":
            return F.cross_entropy(out.float(), yb)
        if task == "mse_ids":
            return F.mse_loss(out.squeeze(1).float(), yb.float())
        return F.mse_loss(out.squeeze(1).float(), yb.float())

    def evaluate():
        if cfg.get("eval_switch", True):
            model.eval()
        with torch.no_grad():
            outs = torch.cat([model(Xva[i:i + 512]) for i in range(0, len(Xva), 512)]).float()
        vl = loss_fn(outs, yva).item()
        if task == "ce":
            metric = (outs.argmax(1) == yva).float().mean().item()
        elif task == "mse_ids":
            metric = (outs.squeeze(1).round().clamp(0, cfg["k"] - 1).long() == yva).float().mean().item()
        else:
            metric = (outs.squeeze(1) - yva).abs().mean().item()
        return vl, metric

    g = torch.Generator().manual_seed(cfg.get("seed", 0) + 1)
    best, bad, step = float("inf"), 0, (start_epoch - 1) * nb
    for ep in range(start_epoch, E + 1):
        if cfg.get("train_switch", True) or ep == 1:
            model.train()
        perm = torch.randperm(len(Xtr), generator=g)
        tot, cnt, gns = 0.0, 0, []
        lr_ep = opt.param_groups[0]["lr"]
        for b in range(nb):
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr[idx], ytr[idx]
            if cfg.get("zero_grad", True):
                opt.zero_grad()
            out = model(xb)
            loss = loss_fn(out, yb)
            if cfg.get("l1"):
                loss = loss + cfg["l1"] * sum(p.abs().sum() for p in model.parameters())
            loss.backward()
            if cfg.get("clip"):
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"]).item()
            else:
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf")).item() \
                    if cfg.get("log_grad_norm") else None
            opt.step()
            step += 1
            if s == "onecycle" or (cfg.get("step_sched_per_batch") and sched is not None):
                sched.step()
            tot += loss.item() * len(idx); cnt += len(idx)
            if on_step is not None:
                on_step(step, ep, loss.item(), opt.param_groups[0]["lr"], gn)
        tl = tot / cnt
        vl, metric = evaluate()
        if on_epoch is not None:
            on_epoch(ep, E, tl, vl, metric, lr_ep, step)
        if sched is not None and s != "onecycle" and not cfg.get("step_sched_per_batch"):
            if s == "plateau":
                sched.step(vl)
            else:
                sched.step()
        if cfg.get("ckpt") and ep % cfg.get("ckpt_every", 5) == 0:
            st = {"model": model.state_dict(), "opt": opt.state_dict(), "epoch": ep}
            if sched is not None:
                st["sched"] = sched.state_dict()
            torch.save(st, cfg["ckpt"])
        if cfg.get("kill_at_epoch") == ep:
            os.kill(os.getpid(), signal.SIGKILL)
        if cfg.get("patience"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["patience"]:
                    if on_epoch is not None and cfg.get("es_msg"):
                        cfg["es_msg"](ep)
                    break
    return model


# ----------------------------------------------------------------------------------------------------------------------
# the runs
# ----------------------------------------------------------------------------------------------------------------------
RUN_FUNCS = {}


def run(name):
    def deco(f):
        RUN_FUNCS[name] = f
        return f
    return deco


def outdir(name, fresh=True):
    d = os.path.join(RUNS, name)
    if fresh and os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d, exist_ok=True)
    return d


def seeds(s):
    import torch
    np.random.seed(s); torch.manual_seed(s)


# ---------------- text logs --------------------------------------------------------------------------------------------
def style_print_soil(path):
    f = open(path, "a")

    def on_epoch(ep, E, tl, vl, m, lr, step):
        print(f"epoch {ep} of {E} :: loss={tl:.4f} :: eval_loss={vl:.4f} :: eval_acc={m:.4f} :: lr={lr:.6f}",
              file=f, flush=True)
    return f, on_epoch


def style_logging_ts(path, name):
    import logging
    lg = logging.getLogger(name)
    lg.setLevel(logging.INFO)
    h = logging.FileHandler(path)
    h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s | %(message)s"))
    lg.addHandler(h)

    def on_epoch(ep, E, tl, vl, m, lr, step):
        lg.info("e%03d tr %.4f va %.4f score %.4f lr %.2e", ep, tl, vl, m, lr)
    return lg, on_epoch


def style_logging_plain(path, name, metric="accuracy"):
    import logging
    lg = logging.getLogger(name)
    lg.setLevel(logging.INFO)
    h = logging.FileHandler(path)
    h.setFormatter(logging.Formatter("%(levelname)s:%(name)s:%(message)s"))
    lg.addHandler(h)

    def on_epoch(ep, E, tl, vl, m, lr, step):
        lg.info("[epoch %d] train=%.5f test=%.5f %s=%.4f", ep, tl, vl, metric, m)
    return lg, on_epoch


def style_regress_print(path):
    f = open(path, "a")

    def on_epoch(ep, E, tl, vl, m, lr, step):
        print(f"Epoch {ep:>3} | Train MSE: {tl:.5f} | Val MSE: {vl:.5f} | Val MAE: {m:.4f} | LR: {lr:.3e}",
              file=f, flush=True)
    return f, on_epoch


def tqdm_fit(model, data, cfg, path):
    """real tqdm bars written to console.txt, with tqdm.write summaries."""
    from tqdm import tqdm
    import torch
    f = open(path, "w")
    E, bs = cfg["epochs"], cfg.get("bs", 64)
    nb = math.ceil(len(data[0]) / bs)
    bar = {"b": None}

    def on_step(step, ep, loss, lr, gn):
        if bar["b"] is None:
            bar["b"] = tqdm(total=nb, desc=f"ep{ep}", file=f, mininterval=0, ascii=True, ncols=90)
        bar["b"].update(1)
        if step % 10 == 0:
            bar["b"].set_postfix_str(f"l={loss:.3f}")

    def on_epoch(ep, E_, tl, vl, m, lr, step):
        bar["b"].close(); bar["b"] = None
        tqdm.write(f">> epoch {ep}: mean_loss {tl:.4f}, holdout_loss {vl:.4f}, holdout_acc {m:.4f}", file=f)
        f.flush()

    def es(ep):
        tqdm.write(f">> no improvement for {cfg['patience']} epochs, stopping after epoch {ep}", file=f)
    cfg["es_msg"] = es
    fit(model, data, cfg, on_epoch=on_epoch, on_step=on_step)
    f.close()


@run("text/soil_mlp_cosine")
def _():
    seeds(1); MLP, *_ = torch_models()
    d = outdir("text/soil_mlp_cosine")
    f, cb = style_print_soil(os.path.join(d, "train.log"))
    print("soil texture MLP 9-64-64-4, Adam 3e-3, cosine over 30 epochs", file=f, flush=True)
    fit(MLP(9, 4), soil_split(), dict(epochs=30, lr=3e-3, sched="cosine", seed=1), on_epoch=cb)


@run("text/soil_sgd_lr5")
def _():
    seeds(2); MLP, *_ = torch_models()
    d = outdir("text/soil_sgd_lr5")
    f, cb = style_print_soil(os.path.join(d, "train.log"))
    print("soil texture MLP, SGD momentum 0.9 lr 5.0", file=f, flush=True)
    fit(MLP(9, 4), soil_split(), dict(epochs=30, opt="sgd", mom=0.9, lr=5.0, seed=2), on_epoch=cb)


@run("text/stack_gru_warmup")
def _():
    seeds(3); _, _, SeqNet, _ = torch_models()
    d = outdir("text/stack_gru_warmup")
    lg, cb = style_logging_ts(os.path.join(d, "run.log"), "stack_gru_warmup")
    lg.info("GRU(48) on push/pop sequences, AdamW 4e-3, 3 warmup epochs then cosine, clip 1.0")
    fit(SeqNet("gru"), stack_split(), dict(epochs=25, opt="adamw", lr=4e-3, wd=1e-2, sched="warmcos", warmup=3,
                                           clip=1.0, seed=3), on_epoch=cb)
    lg.info("done")


@run("text/stack_irnn_noclip")
def _():
    seeds(4); _, _, SeqNet, _ = torch_models()
    d = outdir("text/stack_irnn_noclip")
    lg, cb = style_logging_ts(os.path.join(d, "run.log"), "stack_irnn_noclip")
    lg.info("ReLU RNN(64), recurrent init 1.5*I (IRNN), SGD lr 0.05, no clipping")
    fit(SeqNet("relu", h=64, irnn_gain=1.5), stack_split(), dict(epochs=25, opt="sgd", lr=0.05, seed=4), on_epoch=cb)
    lg.info("done")


@run("text/comet_cnn_steplr")
def _():
    seeds(5); _, CNN, _, _ = torch_models()
    d = outdir("text/comet_cnn_steplr")
    tqdm_fit(CNN(), comet_split(), dict(epochs=15, lr=2e-3, sched="step", step_size=6, gamma=0.3, seed=5),
             os.path.join(d, "console.txt"))


@run("text/comet_cnn_no_zero_grad")
def _():
    seeds(6); _, CNN, _, _ = torch_models()
    d = outdir("text/comet_cnn_no_zero_grad")
    tqdm_fit(CNN(), comet_split(), dict(epochs=15, opt="sgd", mom=0.9, lr=0.01, zero_grad=False, seed=6),
             os.path.join(d, "console.txt"))


@run("text/bread_mlp_plateau")
def _():
    seeds(7); MLP, *_ = torch_models()
    d = outdir("text/bread_mlp_plateau")
    f, cb = style_regress_print(os.path.join(d, "log.txt"))
    print("bread volume MLP, Adam 2e-3, ReduceLROnPlateau(0.5, patience 3)", file=f, flush=True)
    fit(MLP(8, 1), bread_split(), dict(epochs=40, lr=2e-3, sched="plateau", loss="mse", seed=7), on_epoch=cb)


@run("text/bread_mlp_lr1e6")
def _():
    seeds(8); MLP, *_ = torch_models()
    d = outdir("text/bread_mlp_lr1e6")
    f, cb = style_regress_print(os.path.join(d, "log.txt"))
    print("bread volume MLP, Adam 1e-6", file=f, flush=True)
    fit(MLP(8, 1), bread_split(), dict(epochs=40, lr=1e-6, loss="mse", seed=8), on_epoch=cb)


@run("text/soil_shuffled_separately")
def _():
    seeds(9); MLP, *_ = torch_models()
    d = outdir("text/soil_shuffled_separately")
    lg, cb = style_logging_plain(os.path.join(d, "soil.log"), "soil")
    Xtr, ytr, Xva, yva = soil_split()
    # new user "shuffles the data" - X and y each with its own call
    np.random.shuffle(Xtr); np.random.shuffle(ytr)
    lg.info("MLP on soil, Adam 1e-3, 40 epochs")
    fit(MLP(9, 4), (Xtr, ytr, Xva, yva), dict(epochs=40, lr=1e-3, seed=9), on_epoch=cb)


@run("text/comet_cnn_killed")
def _():
    seeds(10); _, CNN, _, _ = torch_models()
    d = outdir("text/comet_cnn_killed")
    f = open(os.path.join(d, "train.log"), "a")
    print("comet CNN | Adam 1e-3 | 25 epochs | bs 64", file=f, flush=True)

    def cb(ep, E, tl, vl, m, lr, step):
        print(f"epoch {ep}/{E}  trainloss {tl:.4f}  validloss {vl:.4f}  validacc {m:.3f}", file=f, flush=True)
    fit(CNN(), comet_split(), dict(epochs=25, lr=1e-3, kill_at_epoch=9, seed=10), on_epoch=cb)
    print("finished", file=f, flush=True)


def stack_lstm_relaunch_launch(resume):
    seeds(11); _, _, SeqNet, _ = torch_models()
    import torch
    d = os.path.join(RUNS, "text/stack_lstm_relaunch")
    f = open(os.path.join(d, "train.log"), "a")  # same file, appended on relaunch
    ck = "/tmp/nu23_stack_lstm_relaunch.pt"
    state, start = None, 1
    if resume and os.path.exists(ck):
        state = torch.load(ck); start = state["epoch"] + 1
    print(f"== launch: LSTM(48) stack depth, Adam 3e-3, 24 epochs, starting at epoch {start}", file=f, flush=True)

    def cb(ep, E, tl, vl, m, lr, step):
        print(f"epoch {ep}/{E}  trainloss {tl:.4f}  validloss {vl:.4f}  validacc {m:.3f}", file=f, flush=True)
    fit(SeqNet("lstm"), stack_split(), dict(epochs=24, lr=3e-3, sched="cosine", seed=11, ckpt=ck, ckpt_every=4,
                                            kill_at_epoch=None if resume else 10), on_epoch=cb,
        start_epoch=start, state=state)
    print("finished", file=f, flush=True)


@run("text/stack_lstm_relaunch")
def _():
    outdir("text/stack_lstm_relaunch")
    subprocess.run([sys.executable, __file__, "--phase", "text/stack_lstm_relaunch", "0"])
    subprocess.run([sys.executable, __file__, "--phase", "text/stack_lstm_relaunch", "1"])
    if os.path.exists("/tmp/nu23_stack_lstm_relaunch.pt"):
        os.remove("/tmp/nu23_stack_lstm_relaunch.pt")


@run("text/soil_tiny_train")
def _():
    seeds(12); MLP, *_ = torch_models()
    d = outdir("text/soil_tiny_train")
    f, cb = style_print_soil(os.path.join(d, "train.log"))
    Xtr, ytr, Xva, yva = soil_split()
    print("soil MLP 9-256-256-4 on a 40-row pilot sample, Adam 3e-3, 300 epochs", file=f, flush=True)
    fit(MLP(9, 4, h=256), (Xtr[:40], ytr[:40], Xva, yva), dict(epochs=300, lr=3e-3, bs=16, seed=12), on_epoch=cb)


@run("text/comet_cnn_earlystop")
def _():
    seeds(13); _, CNN, _, _ = torch_models()
    d = outdir("text/comet_cnn_earlystop")
    lg, cb = style_logging_plain(os.path.join(d, "comet.log"), "comet")
    lg.info("CNN with dropout 0.3, Adam 1e-3, wd 1e-4, up to 40 epochs, early stopping patience 4")
    cfg = dict(epochs=40, lr=1e-3, wd=1e-4, patience=4, seed=13)
    cfg["es_msg"] = lambda ep: lg.info("early stopping at epoch %d", ep)
    fit(CNN(drop=0.3), comet_split(), cfg, on_epoch=cb)


def step_print_fit(model, data, cfg, path, every=20, metric="mae"):
    f = open(path, "w")

    def on_step(step, ep, loss, lr, gn):
        if step % every == 0:
            print(f"it {step:5d}  loss {loss:.4f}  lr {lr:.5g}", file=f, flush=True)

    def on_epoch(ep, E, tl, vl, m, lr, step):
        print(f"-- validation @ it {step}: loss {vl:.4f} {metric} {m:.4f}", file=f, flush=True)
    fit(model, data, cfg, on_epoch=on_epoch, on_step=on_step)


@run("text/bread_steplr_per_batch")
def _():
    seeds(14); MLP, *_ = torch_models()
    d = outdir("text/bread_steplr_per_batch")
    # StepLR(step_size=5, gamma=0.5) meant per epoch, but scheduler.step() sits inside the batch loop
    step_print_fit(MLP(8, 1), bread_split(), dict(epochs=20, lr=3e-3, sched="step", step_size=5, gamma=0.5,
                                                  step_sched_per_batch=True, loss="mse", seed=14),
                   os.path.join(d, "stdout.txt"), every=25)


@run("text/stack_transformer_onecycle")
def _():
    seeds(15); _, _, _, TT = torch_models()
    d = outdir("text/stack_transformer_onecycle")
    step_print_fit(TT(), stack_split(), dict(epochs=20, lr=3e-3, sched="onecycle", clip=1.0, seed=15),
                   os.path.join(d, "stdout.txt"), every=25, metric="acc")


@run("text/soil_l1_huge")
def _():
    seeds(16); MLP, *_ = torch_models()
    d = outdir("text/soil_l1_huge")
    lg, cb = style_logging_ts(os.path.join(d, "run.log"), "soil_l1_huge")
    lg.info("soil MLP with L1 penalty lambda=0.05 added to the loss, Adam 1e-3")
    fit(MLP(9, 4), soil_split(), dict(epochs=30, lr=1e-3, l1=0.05, seed=16), on_epoch=cb)


# ---------------- custom csv / jsonl ------------------------------------------------------------------------------------
@run("csv_custom/soil_mlp_warmup")
def _():
    seeds(21); MLP, *_ = torch_models()
    d = outdir("csv_custom/soil_mlp_warmup")
    f = open(os.path.join(d, "history.csv"), "w", newline=""); w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "val_loss", "val_accuracy", "learning_rate"])

    def cb(ep, E, tl, vl, m, lr, step):
        w.writerow([ep, f"{tl:.6f}", f"{vl:.6f}", f"{m:.4f}", f"{lr:.6g}"]); f.flush()
    fit(MLP(9, 4, drop=0.1), soil_split(), dict(epochs=30, opt="adamw", lr=3e-3, wd=0.05, sched="warmcos",
                                                 warmup=3, seed=21), on_epoch=cb)


@run("csv_custom/soil_mse_on_ids")
def _():
    seeds(22); MLP, *_ = torch_models()
    d = outdir("csv_custom/soil_mse_on_ids")
    f = open(os.path.join(d, "history.csv"), "w", newline=""); w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "val_loss", "val_accuracy", "learning_rate"])

    def cb(ep, E, tl, vl, m, lr, step):
        w.writerow([ep, f"{tl:.6f}", f"{vl:.6f}", f"{m:.4f}", f"{lr:.6g}"]); f.flush()
    # regression head on the class ids 0..3 (sand, loam, clay, silt), accuracy by rounding
    fit(MLP(9, 1), soil_split(), dict(epochs=30, lr=3e-3, loss="mse_ids", k=4, seed=22), on_epoch=cb)


def dictwriter_cb(path):
    f = open(path, "w", newline="")
    w = csv.DictWriter(f, fieldnames=["epoch", "step", "wall", "loss", "val_loss", "val_mae", "lr"])
    w.writeheader(); t0 = time.time()

    def cb(ep, E, tl, vl, m, lr, step):
        w.writerow(dict(epoch=ep, step=step, wall=round(time.time() - t0, 2), loss=tl, val_loss=vl, val_mae=m, lr=lr))
        f.flush()
    return cb


@run("csv_custom/bread_mlp_step")
def _():
    seeds(23); MLP, *_ = torch_models()
    d = outdir("csv_custom/bread_mlp_step")
    fit(MLP(8, 1, h=96), bread_split(), dict(epochs=36, lr=2e-3, sched="step", step_size=12, gamma=0.25, loss="mse",
                                              seed=23), on_epoch=dictwriter_cb(os.path.join(d, "metrics.csv")))


@run("csv_custom/bread_log_salt")
def _():
    seeds(24); MLP, *_ = torch_models()
    d = outdir("csv_custom/bread_log_salt")
    fit(MLP(8, 1, h=96), bread_split(log_salt=True), dict(epochs=20, lr=2e-3, loss="mse", seed=24),
        on_epoch=dictwriter_cb(os.path.join(d, "metrics.csv")))


def jsonl_cbs(path, step_every=None):
    f = open(path, "w")

    def on_epoch(ep, E, tl, vl, m, lr, step):
        f.write(json.dumps({"type": "epoch", "epoch": ep, "step": step, "train_loss": tl, "valid_loss": vl,
                            "valid_acc": m, "lr": lr}) + "\n"); f.flush()

    def on_step(step, ep, loss, lr, gn):
        if step_every and step % step_every == 0:
            rec = {"type": "step", "step": step, "loss": loss}
            if gn is not None:
                rec["grad_norm"] = gn
            f.write(json.dumps(rec) + "\n")
    return on_epoch, on_step


@run("csv_custom/stack_gru_jsonl")
def _():
    seeds(25); _, _, SeqNet, _ = torch_models()
    d = outdir("csv_custom/stack_gru_jsonl")
    oe, os_ = jsonl_cbs(os.path.join(d, "log.jsonl"), step_every=20)
    fit(SeqNet("gru", h=64), stack_split(), dict(epochs=20, lr=3e-3, sched="cosine", clip=2.0, seed=25),
        on_epoch=oe, on_step=os_)


@run("csv_custom/stack_gru_frozen_typo")
def _():
    seeds(26); _, _, SeqNet, _ = torch_models()
    d = outdir("csv_custom/stack_gru_frozen_typo")
    m = SeqNet("gru", h=64)
    # meant to freeze only the embedding for the first phase; the GRU got frozen too and nothing is unfrozen later
    m.emb.requires_grad_(False); m.rnn.requires_grad_(False)
    oe, os_ = jsonl_cbs(os.path.join(d, "log.jsonl"), step_every=20)
    fit(m, stack_split(), dict(epochs=20, lr=3e-3, sched="cosine", log_grad_norm=True, seed=26), on_epoch=oe,
        on_step=os_)


@run("csv_custom/comet_eval_on_train")
def _():
    seeds(27); _, CNN, _, _ = torch_models()
    d = outdir("csv_custom/comet_eval_on_train")
    oe, os_ = jsonl_cbs(os.path.join(d, "log.jsonl"))
    fit(CNN(), comet_split(), dict(epochs=15, lr=1e-3, eval_on_train=True, seed=27), on_epoch=oe)


def pandas_rows_fit(model, data, cfg, path):
    import pandas as pd
    rows = []

    def cb(ep, E, tl, vl, m, lr, step):
        rows.append({"epoch": ep, "loss/train": tl, "loss/valid": vl, "acc/valid": m, "lr": lr})
        pd.DataFrame(rows).to_csv(path, index=False)
    fit(model, data, cfg, on_epoch=cb)


@run("csv_custom/comet_cosine_tmax200")
def _():
    seeds(28); _, CNN, _, _ = torch_models()
    d = outdir("csv_custom/comet_cosine_tmax200")
    # copied a cosine schedule from a 200-epoch recipe but trains 20 epochs
    pandas_rows_fit(CNN(), comet_split(), dict(epochs=20, lr=2e-3, sched="cosine", tmax=200, seed=28),
                    os.path.join(d, "curves.csv"))


@run("csv_custom/soil_leak_dedupe")
def _():
    seeds(29); MLP, *_ = torch_models()
    d = outdir("csv_custom/soil_leak_dedupe")
    Xtr, ytr, Xva, yva = soil_split()
    # validation built by sampling rows of the full table, train set never excluded them: 75% of val rows are train rows
    rng = np.random.default_rng(29)
    k = int(0.75 * len(Xva)); idx = rng.choice(len(Xtr), k, replace=False)
    Xva = np.concatenate([Xtr[idx], Xva[k:]]); yva = np.concatenate([ytr[idx], yva[k:]])
    pandas_rows_fit(MLP(9, 4, h=128), (Xtr, ytr, Xva, yva), dict(epochs=40, lr=3e-3, seed=29),
                    os.path.join(d, "curves.csv"))


# ---------------- tensorboard -------------------------------------------------------------------------------------------
def tb_fit(model, data, cfg, logdir, lib="torch", tags=("Loss/train", "Loss/valid", "Accuracy/valid", "LR"),
           step_tag=None, gn_tag=None, step_every=10, start_epoch=1, state=None, by_step=False):
    if lib == "torch":
        from torch.utils.tensorboard import SummaryWriter
    else:
        from tensorboardX import SummaryWriter
    w = SummaryWriter(logdir)

    def on_epoch(ep, E, tl, vl, m, lr, step):
        x = step if by_step else ep
        w.add_scalar(tags[0], tl, x); w.add_scalar(tags[1], vl, x); w.add_scalar(tags[2], m, x)
        if tags[3]:
            w.add_scalar(tags[3], lr, x)
        w.flush()

    def on_step(step, ep, loss, lr, gn):
        if step % step_every == 0:
            if step_tag:
                w.add_scalar(step_tag, loss, step)
            if gn_tag and gn is not None:
                w.add_scalar(gn_tag, gn, step)
    fit(model, data, cfg, on_epoch=on_epoch, on_step=on_step, start_epoch=start_epoch, state=state)
    w.close()


@run("tensorboard/comet_cnn_bn")
def _():
    seeds(31); _, CNN, _, _ = torch_models()
    d = outdir("tensorboard/comet_cnn_bn")
    tb_fit(CNN(bn=True), comet_split(), dict(epochs=15, lr=2e-3, sched="cosine", wd=1e-4, seed=31), d)


@run("tensorboard/comet_adam_lr05")
def _():
    seeds(32); _, CNN, _, _ = torch_models()
    d = outdir("tensorboard/comet_adam_lr05")
    tb_fit(CNN(), comet_split(), dict(epochs=15, lr=0.5, seed=32), d)


@run("tensorboard/stack_gru_tbx")
def _():
    seeds(33); _, _, SeqNet, _ = torch_models()
    d = outdir("tensorboard/stack_gru_tbx")
    tb_fit(SeqNet("gru"), stack_split(), dict(epochs=20, lr=3e-3, sched="warmcos", warmup=2, clip=1.0, seed=33), d,
           lib="tbx", tags=("epoch/train_loss", "epoch/val_loss", "epoch/val_acc", "epoch/lr"),
           step_tag="step/loss", gn_tag="step/grad_norm", step_every=10)


@run("tensorboard/stack_rnn_clipped")
def _():
    seeds(34); _, _, SeqNet, _ = torch_models()
    d = outdir("tensorboard/stack_rnn_clipped")
    tb_fit(SeqNet("relu", h=64, irnn_gain=1.0), stack_split(), dict(epochs=25, opt="sgd", mom=0.9, lr=0.01, clip=0.5,
                                                                    seed=34), d,
           lib="tbx", tags=("epoch/train_loss", "epoch/val_loss", "epoch/val_acc", "epoch/lr"),
           step_tag="step/loss", gn_tag="step/grad_norm", step_every=10)


@run("tensorboard/bread_mlp_wd")
def _():
    seeds(35); MLP, *_ = torch_models()
    d = outdir("tensorboard/bread_mlp_wd")
    tb_fit(MLP(8, 1, h=96), bread_split(), dict(epochs=30, opt="adamw", lr=2e-3, wd=1e-2, sched="cosine",
                                                 loss="mse", seed=35), d,
           tags=("mse/train", "mse/valid", "mae/valid", "lr"), by_step=True)


def bread_relaunch_launch(resume):
    seeds(36); MLP, *_ = torch_models()
    import torch
    d = os.path.join(RUNS, "tensorboard/bread_mlp_relaunch")
    ck = "/tmp/nu23_bread_relaunch.pt"
    state, start = None, 1
    if resume and os.path.exists(ck):
        state = torch.load(ck); start = state["epoch"] + 1
    tb_fit(MLP(8, 1, h=96), bread_split(), dict(epochs=30, lr=2e-3, sched="cosine", loss="mse", seed=36, ckpt=ck,
                                                 ckpt_every=5, kill_at_epoch=None if resume else 13), d,
           tags=("mse/train", "mse/valid", "mae/valid", "lr"), start_epoch=start, state=state)


@run("tensorboard/bread_mlp_relaunch")
def _():
    outdir("tensorboard/bread_mlp_relaunch")
    subprocess.run([sys.executable, __file__, "--phase", "tensorboard/bread_mlp_relaunch", "0"])
    time.sleep(1.5)
    subprocess.run([sys.executable, __file__, "--phase", "tensorboard/bread_mlp_relaunch", "1"])
    if os.path.exists("/tmp/nu23_bread_relaunch.pt"):
        os.remove("/tmp/nu23_bread_relaunch.pt")


@run("tensorboard/soil_half_adam")
def _():
    seeds(37); MLP, *_ = torch_models()
    d = outdir("tensorboard/soil_half_adam")
    # model.half() "to save memory", Adam with default eps=1e-8 (rounds to 0 in fp16)
    tb_fit(MLP(9, 4), soil_split(), dict(epochs=25, lr=1e-3, half=True, seed=37), d)


@run("tensorboard/soil_never_back_to_train")
def _():
    seeds(38); MLP, *_ = torch_models()
    d = outdir("tensorboard/soil_never_back_to_train")
    # model.train() only before the first epoch; validation calls model.eval() and nothing switches back
    tb_fit(MLP(9, 4, drop=0.4, bn=True), soil_split(), dict(epochs=30, lr=2e-3, train_switch=False, seed=38), d)


@run("tensorboard/stack_softmax_then_ce")
def _():
    seeds(39); _, _, SeqNet, _ = torch_models()
    d = outdir("tensorboard/stack_softmax_then_ce")
    tb_fit(SeqNet("gru", softmax_out=True), stack_split(), dict(epochs=20, lr=3e-3, seed=39), d, lib="tbx",
           tags=("epoch/train_loss", "epoch/val_loss", "epoch/val_acc", "epoch/lr"))


# ---------------- lightning CSVLogger -----------------------------------------------------------------------------------
def lightning_run(name, net, data, lr=1e-3, epochs=20, opt="adam", sched=None, task="ce", seed=0, misalign=False,
                  wd=0.0, step_size=2, gamma=0.1):
    import torch, lightning as L
    import torch.nn.functional as F
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    L.seed_everything(seed, verbose=False)
    Xtr, ytr, Xva, yva = data

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, y, shift=0):
            self.X, self.y, self.shift = torch.as_tensor(X), torch.as_tensor(y), shift

        def __len__(self):
            return len(self.X) - self.shift

        def __getitem__(self, i):
            return self.X[i], self.y[i + self.shift]  # shift=1: label taken from the next row

    class Mod(L.LightningModule):
        def __init__(self):
            super().__init__(); self.net = net

        def forward(self, x):
            return self.net(x)

        def _loss(self, out, y):
            return F.cross_entropy(out, y) if task == "ce" else F.mse_loss(out.squeeze(1), y)

        def training_step(self, b, i):
            x, y = b; loss = self._loss(self(x), y)
            self.log("train_loss", loss, on_step=False, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b; out = self(x)
            self.log("val_loss", self._loss(out, y))
            if task == "ce":
                self.log("val_acc", (out.argmax(1) == y).float().mean())
            else:
                self.log("val_mae", (out.squeeze(1) - y).abs().mean())

        def configure_optimizers(self):
            o = (torch.optim.Adam if opt == "adam" else torch.optim.AdamW)(self.parameters(), lr=lr, weight_decay=wd)
            if sched == "cosine":
                return [o], [torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=epochs)]
            if sched == "step":
                return [o], [torch.optim.lr_scheduler.StepLR(o, step_size=step_size, gamma=gamma)]
            if sched == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(
                    o, factor=0.5, patience=2), "monitor": "val_loss"}}
            return o

    d = outdir(name)
    tl = torch.utils.data.DataLoader(DS(Xtr, ytr, 1 if misalign else 0), batch_size=64, shuffle=True)
    vl = torch.utils.data.DataLoader(DS(Xva, yva, 1 if misalign else 0), batch_size=256)
    tr = L.Trainer(max_epochs=epochs, logger=CSVLogger(d), callbacks=[LearningRateMonitor("epoch")],
                   enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                   num_sanity_val_steps=0, accelerator="cpu", devices=1)
    tr.fit(Mod(), tl, vl)


@run("lightning_csv/soil_mlp_cosine")
def _():
    MLP, *_ = torch_models(); seeds(41)
    lightning_run("lightning_csv/soil_mlp_cosine", MLP(9, 4, drop=0.1), soil_split(), lr=3e-3, epochs=25,
                  sched="cosine", seed=41)


@run("lightning_csv/comet_cnn_plateau")
def _():
    _, CNN, _, _ = torch_models(); seeds(42)
    lightning_run("lightning_csv/comet_cnn_plateau", CNN(), comet_split(), lr=2e-3, epochs=14, sched="plateau",
                  seed=42)


@run("lightning_csv/bread_mlp_adamw")
def _():
    MLP, *_ = torch_models(); seeds(43)
    X, t, Xv, tv = bread_split()
    lightning_run("lightning_csv/bread_mlp_adamw", MLP(8, 1, h=96), (X, t, Xv, tv), lr=2e-3, epochs=30, opt="adamw",
                  wd=1e-2, sched="cosine", task="mse", seed=43)


@run("lightning_csv/soil_lr_1e6")
def _():
    MLP, *_ = torch_models(); seeds(44)
    lightning_run("lightning_csv/soil_lr_1e6", MLP(9, 4), soil_split(), lr=1e-6, epochs=25, seed=44)


@run("lightning_csv/stack_gru_label_offbyone")
def _():
    _, _, SeqNet, _ = torch_models(); seeds(45)
    lightning_run("lightning_csv/stack_gru_label_offbyone", SeqNet("gru"), stack_split(), lr=3e-3, epochs=20,
                  sched="cosine", seed=45, misalign=True)


@run("lightning_csv/comet_steplr_every2")
def _():
    _, CNN, _, _ = torch_models(); seeds(46)
    # StepLR(step_size=2, gamma=0.1): meant "every 20 epochs"
    lightning_run("lightning_csv/comet_steplr_every2", CNN(), comet_split(), lr=1e-3, epochs=20, sched="step",
                  step_size=2, gamma=0.1, seed=46)


# ---------------- keras --------------------------------------------------------------------------------------------------
def keras_model(d_in, k, h=64, drop=0.0, task="ce", lr=1e-3, opt="adam", embed=None):
    import keras
    if embed:
        inp = keras.Input((14,), dtype="int32")
        x = keras.layers.Flatten()(keras.layers.Embedding(4, 8)(inp))
    else:
        inp = keras.Input((d_in,)); x = inp
    for _ in range(2):
        x = keras.layers.Dense(h, activation="relu")(x)
        if drop:
            x = keras.layers.Dropout(drop)(x)
    if task == "ce":
        out = keras.layers.Dense(k)(x)
        loss, met = keras.losses.SparseCategoricalCrossentropy(from_logits=True), ["accuracy"]
    else:
        out = keras.layers.Dense(1)(x); loss, met = "mse", ["mae"]
    m = keras.Model(inp, out)
    o = keras.optimizers.Adam(lr) if opt == "adam" else keras.optimizers.SGD(lr, momentum=0.9)
    m.compile(optimizer=o, loss=loss, metrics=met)
    return m


@run("keras_csvlogger/soil_dense_earlystop")
def _():
    import keras; keras.utils.set_random_seed(51)
    d = outdir("keras_csvlogger/soil_dense_earlystop")
    X, y, Xv, yv = soil_split()
    m = keras_model(9, 4, drop=0.2, lr=2e-3)
    m.fit(X, y, validation_data=(Xv, yv), epochs=60, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(d, "training.log")),
                     keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True)])


@run("keras_csvlogger/comet_dense_dropout09")
def _():
    import keras; keras.utils.set_random_seed(52)
    d = outdir("keras_csvlogger/comet_dense_dropout09")
    X, y, Xv, yv = comet_split()
    m = keras_model(144, 8, h=128, drop=0.9, lr=1e-3)
    m.fit(X.reshape(len(X), -1), y, validation_data=(Xv.reshape(len(Xv), -1), yv), epochs=25, batch_size=64,
          verbose=0, callbacks=[keras.callbacks.CSVLogger(os.path.join(d, "training.log"))])


@run("keras_history_json/bread_dense_plateau")
def _():
    import keras; keras.utils.set_random_seed(53)
    d = outdir("keras_history_json/bread_dense_plateau")
    X, t, Xv, tv = bread_split()
    m = keras_model(8, 1, task="mse", lr=2e-3)
    h = m.fit(X, t, validation_data=(Xv, tv), epochs=40, batch_size=64, verbose=0,
              callbacks=[keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3)])
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    json.dump(hist, open(os.path.join(d, "history.json"), "w"))


@run("keras_history_json/bread_sorted_valsplit")
def _():
    import keras; keras.utils.set_random_seed(54)
    d = outdir("keras_history_json/bread_sorted_valsplit")
    X, t, Xv, tv = bread_split()
    X, t = np.concatenate([X, Xv]), np.concatenate([t, tv])
    o = np.argsort(t)  # user sorted the table by loaf volume for a plot; validation_split takes the LAST 20%
    X, t = X[o], t[o]
    m = keras_model(8, 1, task="mse", lr=2e-3)
    h = m.fit(X, t, validation_split=0.2, epochs=40, batch_size=64, verbose=0)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    json.dump(hist, open(os.path.join(d, "history.json"), "w"))


@run("keras_history_csv/stack_embed_dense_plateau")
def _():
    import keras, pandas as pd; keras.utils.set_random_seed(55)
    d = outdir("keras_history_csv/stack_embed_dense_plateau")
    X, y, Xv, yv = stack_split()
    m = keras_model(14, 4, h=128, embed=True, lr=2e-3)
    h = m.fit(X, y, validation_data=(Xv, yv), epochs=30, batch_size=64, verbose=0,
              callbacks=[keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=2)])
    pd.DataFrame(h.history).to_csv(os.path.join(d, "history.csv"))


@run("keras_history_csv/bread_sgd_lr1")
def _():
    import keras, pandas as pd; keras.utils.set_random_seed(56)
    d = outdir("keras_history_csv/bread_sgd_lr1")
    X, t, Xv, tv = bread_split()
    m = keras_model(8, 1, task="mse", lr=1.0, opt="sgd")
    h = m.fit(X, t, validation_data=(Xv, tv), epochs=25, batch_size=64, verbose=0)
    pd.DataFrame(h.history).to_csv(os.path.join(d, "history.csv"))


# ---------------- HF Trainer ---------------------------------------------------------------------------------------------
def hf_run(name, arch, lr, seed, steps=300, warmup=0.1, sched="linear", wd=0.0):
    import torch, transformers as T
    T.set_seed(seed)
    X, y, Xv, yv = stack_split(n_tr=3000, n_va=600)
    off = 3  # token ids 3..6 (0..2 reserved for pad/cls/sep)
    common = dict(vocab_size=8, num_labels=4, pad_token_id=0)
    if arch == "electra":
        cfg = T.ElectraConfig(embedding_size=32, hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                              intermediate_size=96, max_position_embeddings=32, **common)
        model = T.ElectraForSequenceClassification(cfg)
    elif arch == "gptneo":
        cfg = T.GPTNeoConfig(hidden_size=48, num_layers=2, num_heads=4, attention_types=[[["global", "local"], 1]],
                             window_size=8, max_position_embeddings=32, intermediate_size=96, bos_token_id=1,
                             eos_token_id=2, **common)
        model = T.GPTNeoForSequenceClassification(cfg)
    elif arch == "roberta":
        cfg = T.RobertaConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                              max_position_embeddings=40, **common)
        model = T.RobertaForSequenceClassification(cfg)
    else:
        cfg = T.DebertaV2Config(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                                max_position_embeddings=32, **common)
        model = T.DebertaV2ForSequenceClassification(cfg)

    def enc(T_, y_):
        ids = np.concatenate([np.ones((len(T_), 1), int), T_ + off, np.full((len(T_), 1), 2)], 1)
        return [{"input_ids": torch.tensor(r), "attention_mask": torch.ones(len(r), dtype=torch.long),
                 "labels": int(l)} for r, l in zip(ids, y_)]

    def metrics(p):
        return {"accuracy": float((np.argmax(p.predictions, -1) == p.label_ids).mean())}
    d = outdir(name)
    args = T.TrainingArguments(output_dir="/tmp/nu23_hf_" + name.replace("/", "_"), max_steps=steps,
                               per_device_train_batch_size=32, per_device_eval_batch_size=128, learning_rate=lr,
                               warmup_steps=int(warmup * steps), lr_scheduler_type=sched, weight_decay=wd, logging_steps=10,
                               eval_strategy="steps", eval_steps=30, save_strategy="no", report_to=[], seed=seed,
                               disable_tqdm=True, use_cpu=True)
    tr = T.Trainer(model=model, args=args, train_dataset=enc(X, y), eval_dataset=enc(Xv, yv), compute_metrics=metrics)
    tr.train()
    tmp = args.output_dir
    tr.args.output_dir = d
    tr.save_state()
    shutil.rmtree(tmp, ignore_errors=True)


@run("hf_trainer/stack_electra")
def _():
    hf_run("hf_trainer/stack_electra", "electra", 2e-3, 61, steps=450)


@run("hf_trainer/stack_gptneo_cosine")
def _():
    hf_run("hf_trainer/stack_gptneo_cosine", "gptneo", 2e-3, 62, steps=450, sched="cosine", wd=0.01)


@run("hf_trainer/stack_roberta_lr1e7")
def _():
    hf_run("hf_trainer/stack_roberta_lr1e7", "roberta", 1e-7, 63, steps=300)


@run("hf_trainer/stack_deberta_lr3e1")
def _():
    hf_run("hf_trainer/stack_deberta_lr3e1", "deberta", 3e-1, 64, steps=300)


PHASES = {"text/stack_lstm_relaunch": stack_lstm_relaunch_launch,
          "tensorboard/bread_mlp_relaunch": bread_relaunch_launch}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--phase", nargs=2)
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    if a.list:
        print("\n".join(RUN_FUNCS)); return
    if a.phase:
        import torch; torch.set_num_threads(1)
        PHASES[a.phase[0]](a.phase[1] == "1"); return
    if a.only:
        import torch; torch.set_num_threads(1)
        t0 = time.time()
        RUN_FUNCS[a.only]()
        print(f"{a.only}: {time.time() - t0:.1f}s", flush=True)
        return
    from concurrent.futures import ThreadPoolExecutor
    names = list(RUN_FUNCS)
    with ThreadPoolExecutor(2) as ex:
        list(ex.map(lambda n: subprocess.run([sys.executable, __file__, "--only", n]), names))


if __name__ == "__main__":
    main()
