"""Makes every run of lock-box batch 2026-12-13nu17 ("trainings a new user wrote").

    python make_runs.py            # all runs, one process per run, 2 at a time
    python make_runs.py <run-id>   # one run (the driver calls this), e.g. text_log/radar-mlp-sgd-lr5
    python make_runs.py only <run-id> ...   # some runs through the driver (as the four HF runs were re-made after a
                                            # TrainingArguments(warmup_ratio=...) error in transformers 5)

Tasks (all data generated with numpy here, nothing downloaded):
  rhythm - heart rhythm (normal sinus, bradycardia, tachycardia, atrial fibrillation, ectopic beats; K=5) from 24
           consecutive RR intervals in ms.
  radar  - radar track type (airliner, drone, bird, car, ground clutter; K=5) from 8 track features.
  bars   - which of 5 bars in a noisy 14x14 bar-chart image is tallest (K=5).
  coffee - temperature in deg C of a cup of coffee after t minutes (Newton cooling; cup material, volume, lid).
"""
import json, os, sys, csv, math, time, signal, subprocess, logging, random
import numpy as np

ROOT = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(ROOT, "runs")
PY = sys.executable


# ----------------------------------------------------------------------------------------------- data
def make_rhythm(n, seed, raw=False):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 5, n)
    X = np.zeros((n, 24), dtype=np.float32)
    for i, c in enumerate(y):
        if c == 0:
            base = rng.uniform(640, 1060); rr = base * (1 + 0.04 * np.sin(np.arange(24) / rng.uniform(2, 4))) * np.ones(24)
        elif c == 1:
            rr = rng.uniform(1000, 1500) * np.ones(24)
        elif c == 2:
            rr = rng.uniform(380, 660) * np.ones(24)
        elif c == 3:
            rr = rng.uniform(480, 950) * rng.uniform(0.62, 1.38, 24)
        else:
            rr = rng.uniform(650, 1050) * np.ones(24)
            for p in rng.choice(np.arange(2, 22), rng.integers(1, 4), replace=False):
                rr[p] *= 0.62; rr[p + 1] *= 1.38
        X[i] = rr * (1 + rng.normal(0, 0.035, 24))
    if not raw:
        X = (X - 800.0) / 250.0
    return X, y.astype(np.int64)


def rhythm_tokens(X):
    # RR in ms -> 40 bins of 30 ms from 300 ms; token 0 is padding
    ms = X * 250.0 + 800.0
    return (np.clip((ms - 300) // 30, 0, 39) + 1).astype(np.int64)


RADAR_NAMES = ["airliner", "drone", "bird", "car", "clutter"]


def make_radar(n, seed, raw=False):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 5, n)
    # range km, altitude m, speed m/s, RCS dBsm, doppler spread Hz, turn rate deg/s, SNR dB, track age s
    prof = {0: (60, 9000, 230, 18, 40, 0.5, 22, 200), 1: (4, 120, 15, -12, 260, 9, 9, 40),
            2: (3, 80, 12, -20, 330, 14, 6, 25), 3: (8, 3, 22, 8, 90, 2, 14, 60), 4: (10, 10, 1.5, 2, 30, 0.2, 11, 8)}
    spread = np.array([0.6, 0.9, 0.45, 6.0, 0.5, 0.8, 4.0, 0.8])
    X = np.zeros((n, 8), dtype=np.float64)
    for i, c in enumerate(y):
        p = np.array(prof[c], dtype=float)
        v = p * np.exp(rng.normal(0, spread * np.array([1, 1, 1, 0, 1, 1, 0, 1])))
        v[3] = p[3] + rng.normal(0, spread[3]); v[6] = p[6] + rng.normal(0, spread[6])
        X[i] = v
    flip = rng.random(n) < 0.04
    y = np.where(flip, rng.integers(0, 5, n), y)
    if raw:
        return X.astype(np.float32), y.astype(np.int64)
    Z = X.copy()
    for j in [0, 1, 2, 4, 5, 7]:
        Z[:, j] = np.log1p(np.abs(Z[:, j]))
    Z = (Z - Z.mean(0)) / Z.std(0)
    return Z.astype(np.float32), y.astype(np.int64)


def make_bars(n, seed):
    rng = np.random.default_rng(seed)
    X = np.zeros((n, 1, 14, 14), dtype=np.float32)
    y = np.zeros(n, dtype=np.int64)
    for i in range(n):
        while True:
            h = rng.integers(2, 14, 5)
            s = np.sort(h)
            if s[-1] > s[-2]:
                break
        y[i] = int(np.argmax(h))
        b = rng.uniform(0.6, 1.2)
        for k in range(5):
            c0 = 3 * k
            X[i, 0, 14 - h[k]:, c0:c0 + 2] = b
        X[i, 0] += rng.normal(0, 0.45, (14, 14))
    return X, y


def make_coffee(n, seed, raw=False):
    rng = np.random.default_rng(seed)
    T0 = rng.uniform(70, 95, n); Ta = rng.uniform(10, 30, n); t = rng.uniform(0, 60, n)
    vol = rng.uniform(150, 500, n); lid = rng.integers(0, 2, n); mat = rng.integers(0, 3, n)
    kb = np.array([0.045, 0.060, 0.012])[mat]
    k = kb * (vol / 300.0) ** (-1 / 3) * np.where(lid == 1, 0.6, 1.0)
    T = Ta + (T0 - Ta) * np.exp(-k * t) + rng.normal(0, 0.6, n)
    Xr = np.stack([T0, Ta, t, vol, lid, mat == 0, mat == 1, mat == 2], 1).astype(np.float32)
    if raw:
        return Xr, T.astype(np.float32)
    X = Xr.copy()
    mu, sd = np.array([82.5, 20, 30, 325, 0.5, .33, .33, .33]), np.array([7.2, 5.8, 17.3, 101, 0.5, .47, .47, .47])
    X = ((X - mu) / sd).astype(np.float32)
    return X, T.astype(np.float32)


COFFEE_MU, COFFEE_SD = 40.0, 18.0   # target standardisation in deg C


def data(task, n_train=2000, n_val=500, raw=False, seed=0):
    if task == "rhythm":
        a = make_rhythm(n_train, seed + 1, raw); b = make_rhythm(n_val, seed + 2, raw)
    elif task == "radar":
        a = make_radar(n_train + n_val, seed + 3, raw); a, b = (a[0][:n_train], a[1][:n_train]), (a[0][-n_val:], a[1][-n_val:])
    elif task == "bars":
        a = make_bars(n_train, seed + 5); b = make_bars(n_val, seed + 6)
    elif task == "coffee":
        a = make_coffee(n_train, seed + 7, raw); b = make_coffee(n_val, seed + 8, raw)
    return a, b


# ----------------------------------------------------------------------------------------------- torch models
def torch_model(kind, task, **kw):
    import torch.nn as nn
    if kind == "mlp":
        d = {"radar": 8, "coffee": 8, "rhythm": 24, "bars": 196}[task]
        out = 1 if task == "coffee" else 5
        h = kw.get("hidden", 64)
        layers = [nn.Flatten(), nn.Linear(d, h), nn.ReLU()]
        if kw.get("bn"):
            layers += [nn.BatchNorm1d(h), nn.Dropout(0.3)]
        layers += [nn.Linear(h, h), nn.ReLU()]
        if kw.get("bn"):
            layers += [nn.Dropout(0.3)]
        layers += [nn.Linear(h, out)]
        if kw.get("softmax"):
            layers += [nn.Softmax(dim=1)]
        return nn.Sequential(*layers)
    if kind == "cnn":
        layers = [nn.Conv2d(1, 16, 3, padding=1), nn.ReLU()]
        if kw.get("bn"):
            layers += [nn.BatchNorm2d(16)]
        layers += [nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten()]
        if kw.get("bn"):
            layers += [nn.Dropout(0.4)]
        layers += [nn.Linear(32 * 3 * 3, 64), nn.ReLU(), nn.Linear(64, 5)]
        return nn.Sequential(*layers)
    if kind == "cnn1d":
        return nn.Sequential(Unsq(), nn.Conv1d(1, 16, 3, padding=1), nn.ReLU(), nn.Conv1d(16, 32, 3, padding=1),
                             nn.ReLU(), nn.AdaptiveMaxPool1d(4), nn.Flatten(), nn.Linear(128, 5))
    if kind in ("gru", "rnn"):
        return SeqNet(kind, kw.get("hidden", 32), kw.get("rec_gain"))


import torch
import torch.nn as nn


class Unsq(nn.Module):
    def forward(self, x):
        return x.unsqueeze(1)


class SeqNet(nn.Module):
    def __init__(self, kind, h, rec_gain=None):
        super().__init__()
        if kind == "gru":
            self.rnn = nn.GRU(1, h, batch_first=True)
        else:
            self.rnn = nn.RNN(1, h, batch_first=True, nonlinearity="relu")
            if rec_gain:
                with torch.no_grad():
                    self.rnn.weight_hh_l0.copy_(rec_gain * torch.eye(h))
        self.fc = nn.Linear(h, 5)

    def forward(self, x):
        o, _ = self.rnn(x.unsqueeze(-1))
        return self.fc(o[:, -1])


def train_torch(task, model, cfg, on_step=None, on_epoch=None, resume=None, ckpt=None):
    """The loop a new user writes. cfg faults: shuffle_labels, no_zero_grad, wrong_loss, eval_bug, step_cap, stop_at,
    kill_at, frozen, n_train, raw."""
    torch.manual_seed(cfg.get("seed", 0)); np.random.seed(cfg.get("seed", 0))
    (Xt, yt), (Xv, yv) = data(task, cfg.get("n_train", 2000), cfg.get("n_val", 500), cfg.get("raw", False))
    if cfg.get("shuffle_labels"):
        yt = np.random.default_rng(11).permutation(yt)
    Xt, yt, Xv, yv = map(torch.tensor, (Xt, yt, Xv, yv))
    reg = task == "coffee"
    if reg and not cfg.get("raw_target"):
        yt_n = (yt - COFFEE_MU) / COFFEE_SD
    else:
        yt_n = yt
    if cfg.get("frozen"):
        for p in model.parameters():
            p.requires_grad = False
        last = [m for m in model.modules() if isinstance(m, nn.Linear)][-1]
        last.bias.requires_grad = True
    params = [p for p in model.parameters() if p.requires_grad]
    lr = cfg["lr"]
    opt = {"adam": lambda: torch.optim.Adam(params, lr=lr, weight_decay=cfg.get("wd", 0)),
           "adamw": lambda: torch.optim.AdamW(params, lr=lr, weight_decay=cfg.get("wd", 0.01)),
           "sgd": lambda: torch.optim.SGD(params, lr=lr, momentum=cfg.get("mom", 0.9)),
           "rmsprop": lambda: torch.optim.RMSprop(params, lr=lr)}[cfg.get("opt", "adam")]()
    E = cfg["epochs"]; bs = cfg.get("bs", 64)
    spe = math.ceil(len(Xt) / bs)
    sk = cfg.get("sched")
    if sk == "cosine":
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, E)
    elif sk == "step":
        sched = torch.optim.lr_scheduler.StepLR(opt, cfg.get("step_size", 10), 0.3)
    elif sk == "onecycle":
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=E * spe)
    elif sk == "plateau":
        sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    elif sk == "warmcos":
        W = cfg.get("warm", 2 * spe)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / W) * 0.5 * (1 + math.cos(math.pi * min(1.0, s / (E * spe)))))
    else:
        sched = None
    if reg:
        lossf = nn.HuberLoss() if cfg.get("huber") else nn.MSELoss()
    elif cfg.get("wrong_loss") == "mse_index":
        lossf = None
    else:
        lossf = nn.CrossEntropyLoss()
    start = 0
    if resume and os.path.exists(resume):
        ck = torch.load(resume)
        model.load_state_dict(ck["model"]); opt.load_state_dict(ck["opt"]); start = ck["epoch"]
        if sched is not None and "sched" in ck:
            sched.load_state_dict(ck["sched"])
    best = float("inf"); bad = 0; gstep = start * spe
    for ep in range(start, E):
        model.train()
        perm = torch.randperm(len(Xt))
        tl, tc, tn = 0.0, 0, 0
        for bi in range(spe):
            if cfg.get("step_cap") and bi >= cfg["step_cap"]:
                break
            idx = perm[bi * bs:(bi + 1) * bs]
            xb, yb = Xt[idx], yt_n[idx]
            out = model(xb)
            if reg:
                loss = lossf(out.squeeze(-1), yb)
            elif cfg.get("wrong_loss") == "mse_index":
                loss = ((out[:, 0] - yb.float()) ** 2).mean()
            else:
                loss = lossf(out, yb)
            if not cfg.get("no_zero_grad"):
                opt.zero_grad()
            loss.backward()
            gn = None
            if cfg.get("clip"):
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"]))
            opt.step()
            if sk in ("onecycle", "warmcos"):
                sched.step()
            gstep += 1
            tl += loss.item() * len(idx); tn += len(idx)
            if not reg and cfg.get("wrong_loss") != "mse_index":
                tc += int((out.argmax(1) == yb).sum())
            elif cfg.get("wrong_loss") == "mse_index":
                tc += int((out[:, 0].round().clamp(0, 4).long() == yb).sum())
            if on_step:
                on_step(ep, bi, gstep, loss.item(), opt.param_groups[0]["lr"], gn)
        # validation
        if not cfg.get("eval_bug"):   # eval_bug: the user never calls model.eval() (BatchNorm/Dropout in train mode)
            model.eval()
        with torch.no_grad():
            out = model(Xv)
            if reg:
                pv = out.squeeze(-1)
                vl = float(lossf(pv, (yv - COFFEE_MU) / COFFEE_SD)) if not cfg.get("raw_target") else float(lossf(pv, yv))
                pred_c = pv * COFFEE_SD + COFFEE_MU if not cfg.get("raw_target") else pv
                vm = float((pred_c - yv).abs().mean())
            elif cfg.get("wrong_loss") == "mse_index":
                vl = float(((out[:, 0] - yv.float()) ** 2).mean())
                vm = float((out[:, 0].round().clamp(0, 4).long() == yv).float().mean())
            else:
                vl = float(nn.functional.cross_entropy(out, yv)); vm = float((out.argmax(1) == yv).float().mean())
        rec = dict(epoch=ep + 1, train_loss=tl / max(tn, 1), train_acc=(tc / max(tn, 1)) if not reg else None,
                   val_loss=vl, val_metric=vm, lr=opt.param_groups[0]["lr"], step=gstep)
        if sk in ("cosine", "step"):
            sched.step()
        elif sk == "plateau":
            sched.step(vl)
        if on_epoch:
            on_epoch(rec)
        if ckpt and (ep + 1) % 5 == 0:
            d = {"model": model.state_dict(), "opt": opt.state_dict(), "epoch": ep + 1}
            if sched is not None:
                d["sched"] = sched.state_dict()
            torch.save(d, ckpt)
        if cfg.get("kill_at") and ep + 1 == cfg["kill_at"]:
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        if cfg.get("stop_at") and ep + 1 == cfg["stop_at"]:
            break
        if cfg.get("early_stop"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["early_stop"]:
                    print(f"early stopping at epoch {ep + 1}") if cfg.get("say_es") else None
                    break
    return model


# ----------------------------------------------------------------------------------------------- runs
RUN = {}


def run(rid, **meta):
    def deco(f):
        RUN[rid] = (f, meta)
        return f
    return deco


def here(rid):
    d = os.path.join(RUNS, rid)
    os.makedirs(d, exist_ok=True)
    return d


def fmt(x, nd=4):
    return "nan" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{nd}f}"


# ---------------- text logs (stdout / stderr redirected by the driver into the file named in meta["log"])
@run("text_log/radar-mlp-sgd-lr5", log="train.log")
def _(rid):
    # LR far too high: SGD 5.0 with momentum
    m = torch_model("mlp", "radar")
    print("training radar classifier, 40 epochs, sgd lr=5.0")
    train_torch("radar", m, dict(lr=5.0, opt="sgd", epochs=40),
                on_epoch=lambda r: print(f"epoch {r['epoch']}: loss={r['train_loss']:.4f} val_loss={r['val_loss']:.4f} val_acc={r['val_metric']:.3f}"))


@run("text_log/radar-mlp-adam-cosine", log="train.log")
def _(rid):
    m = torch_model("mlp", "radar", hidden=96)
    print("config: adam lr 3e-3, cosine over 45 epochs, bs 64")
    train_torch("radar", m, dict(lr=3e-3, epochs=45, sched="cosine"),
                on_epoch=lambda r: print(f"Epoch {r['epoch']:02d}/45 | train loss {r['train_loss']:.4f} | valid loss {r['val_loss']:.4f} | valid acc {100*r['val_metric']:.1f}% | lr {r['lr']:.2e}"))


@run("text_log/radar-mlp-shuffled-labels", log="out.txt")
def _(rid):
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("radar")
    m = torch_model("mlp", "radar", hidden=128)
    log.info("start: 60 epochs adam 2e-3")
    train_torch("radar", m, dict(lr=2e-3, epochs=60, shuffle_labels=True),
                on_epoch=lambda r: log.info("ep %d train_loss %.4f train_acc %.3f dev_loss %.4f dev_acc %.3f", r["epoch"], r["train_loss"], r["train_acc"], r["val_loss"], r["val_metric"]))
    log.info("done")


@run("text_log/rhythm-gru-sgd-lr1e-5", log="train.log")
def _(rid):
    # LR far too low
    m = torch_model("gru", "rhythm")
    train_torch("rhythm", m, dict(lr=1e-5, opt="sgd", epochs=25),
                on_epoch=lambda r: print(f"[{r['epoch']}/25] loss: {r['train_loss']:.5f}  val loss: {r['val_loss']:.5f}  val acc: {r['val_metric']:.4f}"))


@run("text_log/rhythm-gru-no-zero-grad", log="log.txt")
def _(rid):
    m = torch_model("gru", "rhythm")
    def st(ep, bi, g, l, lr, gn):
        if g % 20 == 0:
            print(f"step {g} loss {l:.4f}")
    train_torch("rhythm", m, dict(lr=2e-3, epochs=20, no_zero_grad=True), on_step=st,
                on_epoch=lambda r: print(f"== epoch {r['epoch']} eval_loss {r['val_loss']:.4f} eval_acc {r['val_metric']:.4f}"))


@run("text_log/rhythm-relu-rnn-explode", log="train.log")
def _(rid):
    m = torch_model("rnn", "rhythm", hidden=32, rec_gain=1.6)
    def st(ep, bi, g, l, lr, gn):
        if g % 10 == 0:
            print(f"it {g:5d}  loss {l:.4f}")
    train_torch("rhythm", m, dict(lr=1e-2, opt="sgd", mom=0.9, epochs=15, raw=True), on_step=st,
                on_epoch=lambda r: print(f"epoch {r['epoch']} done - val loss {r['val_loss']:.4f} val acc {r['val_metric']:.3f}"))


@run("text_log/rhythm-cnn1d-onecycle", log="train.log")
def _(rid):
    from tqdm import tqdm
    m = torch_model("cnn1d", "rhythm")
    bar = tqdm(total=30, desc="epochs", file=sys.stdout, mininterval=0, ascii=True)
    def oe(r):
        bar.update(1)
        tqdm.write(f"epoch {r['epoch']:>2} train_loss={r['train_loss']:.4f} test_loss={r['val_loss']:.4f} test_acc={r['val_metric']:.4f}", file=sys.stdout)
    train_torch("rhythm", m, dict(lr=1e-2, epochs=30, sched="onecycle", bs=128), on_epoch=oe)
    bar.close()


@run("text_log/bars-cnn-step-cap", log="train.log")
def _(rid):
    # debug step cap left on: only 3 batches per epoch
    m = torch_model("cnn", "bars")
    print("bars cnn | epochs=25 | 32 batches/epoch | lr 1e-3 adam")
    train_torch("bars", m, dict(lr=1e-3, epochs=25, step_cap=3),
                on_epoch=lambda r: print(f"Epoch {r['epoch']}/25 - loss: {r['train_loss']:.4f} - acc: {r['train_acc']:.4f} - val_loss: {r['val_loss']:.4f} - val_acc: {r['val_metric']:.4f}"))


@run("text_log/bars-cnn-warmup-cosine", log="train.log")
def _(rid):
    m = torch_model("cnn", "bars")
    def st(ep, bi, g, l, lr, gn):
        if g % 25 == 0:
            print(f"step {g:4d} | lr {lr:.2e} | loss {l:.4f}")
    train_torch("bars", m, dict(lr=3e-3, epochs=22, sched="warmcos", warm=100), on_step=st,
                on_epoch=lambda r: print(f"*** epoch {r['epoch']} val: loss {r['val_loss']:.4f} acc {r['val_metric']:.4f}"))


@run("text_log/bars-cnn-killed", log="train.log")
def _(rid):
    m = torch_model("cnn", "bars", bn=True)
    print("Training for 40 epochs (StepLR 15, gamma .3)", flush=True)
    train_torch("bars", m, dict(lr=2e-3, epochs=40, sched="step", step_size=15, kill_at=17),
                on_epoch=lambda r: print(f"epoch={r['epoch']} train_loss={r['train_loss']:.4f} val_loss={r['val_loss']:.4f} val_acc={r['val_metric']:.4f}", flush=True))


@run("text_log/coffee-mlp-raw-units", log="train.log")
def _(rid):
    # inputs in raw deg C / minutes / mL, target in deg C, not scaled
    m = torch_model("mlp", "coffee")
    train_torch("coffee", m, dict(lr=1e-3, epochs=40, raw=True, raw_target=True),
                on_epoch=lambda r: print(f"epoch {r['epoch']:3d}  mse {r['train_loss']:.3f}  val_mse {r['val_loss']:.3f}  val_mae_degC {r['val_metric']:.3f}"))


@run("text_log/coffee-mlp-huber-plateau", log="train.log")
def _(rid):
    m = torch_model("mlp", "coffee", hidden=64)
    print("coffee temperature regression, huber, ReduceLROnPlateau")
    train_torch("coffee", m, dict(lr=3e-3, epochs=50, sched="plateau", huber=True),
                on_epoch=lambda r: print(f"Epoch {r['epoch']}: train {r['train_loss']:.5f}, eval {r['val_loss']:.5f}, MAE {r['val_metric']:.3f} C, lr={r['lr']:.1e}"))


@run("text_log/coffee-mlp-two-runs-appended", log="train.log", twice=True)
def _(rid):
    # the same command launched twice with >> train.log (second time with a larger LR)
    second = os.environ.get("NU17_SECOND") == "1"
    lr = 3e-3 if second else 1e-3
    print(f"=== run lr={lr}")
    m = torch_model("mlp", "coffee")
    train_torch("coffee", m, dict(lr=lr, epochs=25, seed=1 if second else 0),
                on_epoch=lambda r: print(f"epoch {r['epoch']} loss {r['train_loss']:.5f} val {r['val_loss']:.5f} mae {r['val_metric']:.3f}"))


@run("text_log/radar-mlp-stopped-early-plan60", log="train.log")
def _(rid):
    # planned 60 epochs of cosine; a "quick check" break left in after epoch 9
    m = torch_model("mlp", "radar")
    print("plan: 60 epochs, cosine lr 5e-3 -> 0")
    train_torch("radar", m, dict(lr=5e-3, epochs=60, sched="cosine", stop_at=9),
                on_epoch=lambda r: print(f"Epoch {r['epoch']}/60  loss {r['train_loss']:.4f}  val_loss {r['val_loss']:.4f}  val_acc {r['val_metric']:.4f}  lr {r['lr']:.5f}"))


@run("text_log/rhythm-gru-clip-early-stop", log="train.log")
def _(rid):
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="[%(levelname)s] %(message)s")
    m = torch_model("gru", "rhythm", hidden=48)
    def st(ep, bi, g, l, lr, gn):
        if g % 16 == 0:
            logging.info(f"step={g} loss={l:.4f} grad_norm={gn:.3f}")
    train_torch("rhythm", m, dict(lr=3e-3, epochs=40, clip=1.0, early_stop=5, say_es=True), on_step=st,
                on_epoch=lambda r: logging.info(f"epoch={r['epoch']} val_loss={r['val_loss']:.4f} val_acc={r['val_metric']:.4f}"))


@run("text_log/bars-mlp-tiny-train", log="train.log")
def _(rid):
    m = torch_model("mlp", "bars", hidden=256)
    train_torch("bars", m, dict(lr=1e-3, epochs=150, n_train=60, bs=32),
                on_epoch=lambda r: print(f"{r['epoch']}\ttrain {r['train_loss']:.4f}\tval {r['val_loss']:.4f}\tacc {r['val_metric']:.3f}") if r['epoch'] % 2 == 0 else None)


# ---------------- custom csv / json lines written by hand
@run("csv_custom/radar-mlp-mse-on-index")
def _(rid):
    d = here(rid)
    f = open(os.path.join(d, "metrics.csv"), "w", newline=""); w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "val_loss", "val_acc"])
    m = torch_model("mlp", "radar")
    train_torch("radar", m, dict(lr=1e-3, epochs=40, wrong_loss="mse_index"),
                on_epoch=lambda r: (w.writerow([r["epoch"], round(r["train_loss"], 5), round(r["val_loss"], 5), round(r["val_metric"], 4)]), f.flush()))
    f.close()


@run("csv_custom/bars-cnn-adam-lr1e-6")
def _(rid):
    d = here(rid)
    f = open(os.path.join(d, "log.jsonl"), "w")
    m = torch_model("cnn", "bars")
    train_torch("bars", m, dict(lr=1e-6, epochs=20),
                on_epoch=lambda r: f.write(json.dumps({"epoch": r["epoch"], "loss": r["train_loss"], "val_loss": r["val_loss"], "val_accuracy": r["val_metric"]}) + "\n"))
    f.close()


@run("csv_custom/radar-mlp-tiny-train")
def _(rid):
    import pandas as pd
    d = here(rid); rows = []
    m = torch_model("mlp", "radar", hidden=128)
    train_torch("radar", m, dict(lr=3e-3, epochs=300, n_train=40, bs=40),
                on_epoch=lambda r: rows.append({"epoch": r["epoch"], "trn_loss": r["train_loss"], "trn_acc": r["train_acc"], "dev_loss": r["val_loss"], "dev_acc": r["val_metric"]}))
    pd.DataFrame(rows).to_csv(os.path.join(d, "history.csv"), index=False)


@run("csv_custom/rhythm-gru-killed-resumed")
def _(rid):
    # killed by the scheduler at epoch 13; relaunched, resumed from the epoch-10 checkpoint, same csv in append mode
    d = here(rid); path = os.path.join(d, "train_log.csv")
    second = os.environ.get("NU17_SECOND") == "1"
    new = not os.path.exists(path)
    f = open(path, "a", newline=""); w = csv.writer(f)
    if new:
        w.writerow(["epoch", "loss", "val_loss", "val_acc", "lr"])
    m = torch_model("gru", "rhythm")
    ck = "/tmp/nu17_rhythm_ckpt.pt"
    if not second and os.path.exists(ck):
        os.remove(ck)
    train_torch("rhythm", m, dict(lr=3e-3, epochs=30, sched="step", step_size=12, kill_at=None if second else 13),
                resume=ck if second else None, ckpt=ck,
                on_epoch=lambda r: (w.writerow([r["epoch"], f"{r['train_loss']:.5f}", f"{r['val_loss']:.5f}", f"{r['val_metric']:.4f}", r["lr"]]), f.flush()))
    f.close()
    if second and os.path.exists(ck):
        os.remove(ck)


@run("csv_custom/coffee-mlp-sgd-lr-high-nan")
def _(rid):
    d = here(rid)
    f = open(os.path.join(d, "progress.jsonl"), "w")
    m = torch_model("mlp", "coffee")
    train_torch("coffee", m, dict(lr=0.8, opt="sgd", epochs=30),
                on_epoch=lambda r: f.write(json.dumps({"ep": r["epoch"], "train_mse": r["train_loss"], "val_mse": r["val_loss"], "val_mae_c": r["val_metric"]}) + "\n"))
    f.close()


@run("csv_custom/coffee-mlp-adamw-cosine")
def _(rid):
    d = here(rid)
    f = open(os.path.join(d, "log.csv"), "w")
    f.write("step,epoch,train_loss,val_loss,val_mae\n")
    state = {}
    def st(ep, bi, g, l, lr, gn):
        if g % 10 == 0:
            f.write(f"{g},{ep + 1},{l:.5f},,\n")
    def oe(r):
        f.write(f"{r['step']},{r['epoch']},,{r['val_loss']:.5f},{r['val_metric']:.4f}\n")
    m = torch_model("mlp", "coffee", hidden=96)
    train_torch("coffee", m, dict(lr=2e-3, opt="adamw", epochs=35, sched="cosine"), on_step=st, on_epoch=oe)
    f.close()


@run("csv_custom/bars-cnn-rmsprop-step")
def _(rid):
    d = here(rid)
    f = open(os.path.join(d, "results.csv"), "w", newline="")
    w = csv.DictWriter(f, fieldnames=["epoch", "train_loss", "train_acc", "valid_loss", "valid_acc", "lr"])
    w.writeheader()
    m = torch_model("cnn", "bars")
    train_torch("bars", m, dict(lr=1e-3, opt="rmsprop", epochs=24, sched="step", step_size=8),
                on_epoch=lambda r: w.writerow({"epoch": r["epoch"], "train_loss": round(r["train_loss"], 5), "train_acc": round(r["train_acc"], 4), "valid_loss": round(r["val_loss"], 5), "valid_acc": round(r["val_metric"], 4), "lr": r["lr"]}))
    f.close()


@run("csv_custom/rhythm-mlp-adam-plain")
def _(rid):
    d = here(rid)
    f = open(os.path.join(d, "metrics.tsv"), "w")
    f.write("epoch\tloss\teval_loss\teval_acc\n")
    m = torch_model("mlp", "rhythm")
    train_torch("rhythm", m, dict(lr=1e-3, epochs=35),
                on_epoch=lambda r: f.write(f"{r['epoch']}\t{r['train_loss']:.5f}\t{r['val_loss']:.5f}\t{r['val_metric']:.4f}\n"))
    f.close()


# ---------------- torch SummaryWriter event files
def tb_writer(rid, tbx=False):
    d = here(rid)
    if tbx:
        from tensorboardX import SummaryWriter
    else:
        from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(log_dir=d)


def tb_epoch(w, names=("Loss/train", "Loss/val", "Accuracy/val", "lr")):
    def oe(r):
        w.add_scalar(names[0], r["train_loss"], r["epoch"]); w.add_scalar(names[1], r["val_loss"], r["epoch"])
        w.add_scalar(names[2], r["val_metric"], r["epoch"])
        if len(names) > 3:
            w.add_scalar(names[3], r["lr"], r["epoch"])
    return oe


@run("tfevents/bars-cnn-adam-lr1")
def _(rid):
    w = tb_writer(rid)
    m = torch_model("cnn", "bars")
    def st(ep, bi, g, l, lr, gn):
        w.add_scalar("train/loss_step", l, g)
    train_torch("bars", m, dict(lr=1.0, epochs=15), on_step=st, on_epoch=tb_epoch(w, ("train/loss", "val/loss", "val/acc")))
    w.close()


@run("tfevents/bars-cnn-shuffled-labels")
def _(rid):
    w = tb_writer(rid)
    m = torch_model("cnn", "bars")
    train_torch("bars", m, dict(lr=2e-3, epochs=30, shuffle_labels=True), on_epoch=tb_epoch(w))
    w.close()


@run("tfevents/radar-mlp-softmax-then-ce")
def _(rid):
    # nn.Softmax at the end of the model and CrossEntropyLoss on top
    w = tb_writer(rid, tbx=True)
    m = torch_model("mlp", "radar", softmax=True)
    train_torch("radar", m, dict(lr=1e-3, epochs=40), on_epoch=tb_epoch(w, ("loss/train", "loss/valid", "acc/valid")))
    w.close()


@run("tfevents/rhythm-gru-frozen")
def _(rid):
    w = tb_writer(rid)
    m = torch_model("gru", "rhythm")
    train_torch("rhythm", m, dict(lr=1e-3, epochs=20, frozen=True), on_epoch=tb_epoch(w))
    w.close()


@run("tfevents/bars-cnn-bn-eval-bug")
def _(rid):
    w = tb_writer(rid)
    m = torch_model("cnn", "bars", bn=True)
    train_torch("bars", m, dict(lr=2e-3, epochs=25, eval_bug=True), on_epoch=tb_epoch(w, ("train_loss", "val_loss", "val_acc")))
    w.close()


@run("tfevents/coffee-mlp-sgd-lr-high")
def _(rid):
    w = tb_writer(rid)
    m = torch_model("mlp", "coffee")
    def st(ep, bi, g, l, lr, gn):
        if g % 5 == 0:
            w.add_scalar("mse/train_step", l, g)
    train_torch("coffee", m, dict(lr=2.0, opt="sgd", mom=0.0, epochs=20), on_step=st, on_epoch=tb_epoch(w, ("mse/train", "mse/val", "mae_degC/val")))
    w.close()


@run("tfevents/radar-mlp-onecycle")
def _(rid):
    w = tb_writer(rid)
    m = torch_model("mlp", "radar", hidden=96)
    def st(ep, bi, g, l, lr, gn):
        w.add_scalar("train/loss", l, g); w.add_scalar("train/lr", lr, g)
    def oe(r):
        w.add_scalar("eval/loss", r["val_loss"], r["step"]); w.add_scalar("eval/accuracy", r["val_metric"], r["step"])
    train_torch("radar", m, dict(lr=1e-2, epochs=25, sched="onecycle"), on_step=st, on_epoch=oe)
    w.close()


@run("tfevents/coffee-mlp-adam-step")
def _(rid):
    w = tb_writer(rid, tbx=True)
    m = torch_model("mlp", "coffee", hidden=64)
    train_torch("coffee", m, dict(lr=3e-3, epochs=45, sched="step", step_size=15), on_epoch=tb_epoch(w, ("Loss/train", "Loss/val", "MAE_C/val", "LR")))
    w.close()


@run("tfevents/rhythm-cnn1d-warmup-cosine")
def _(rid):
    w = tb_writer(rid)
    m = torch_model("cnn1d", "rhythm")
    def st(ep, bi, g, l, lr, gn):
        if g % 8 == 0:
            w.add_scalar("train/loss", l, g); w.add_scalar("train/lr", lr, g)
    def oe(r):
        w.add_scalar("valid/loss", r["val_loss"], r["step"]); w.add_scalar("valid/acc", r["val_metric"], r["step"])
    train_torch("rhythm", m, dict(lr=5e-3, epochs=25, sched="warmcos", warm=60), on_step=st, on_epoch=oe)
    w.close()


# ---------------- Lightning
def lit_fit(rid, task, model, cfg, logger_kind="csv", epochs=20, **trainer_kw):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    torch.manual_seed(cfg.get("seed", 0))
    (Xt, yt), (Xv, yv) = data(task, cfg.get("n_train", 2000), 500, cfg.get("raw", False))
    reg = task == "coffee"
    if reg and not cfg.get("raw_target"):
        yt = (yt - COFFEE_MU) / COFFEE_SD; yv_n = (yv - COFFEE_MU) / COFFEE_SD
    else:
        yv_n = yv
    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xt), torch.tensor(yt)), batch_size=cfg.get("bs", 64), shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xv), torch.tensor(yv_n)), batch_size=500)

    class Lit(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = model

        def _loss(s, out, y):
            return nn.functional.mse_loss(out.squeeze(-1), y) if reg else nn.functional.cross_entropy(out, y)

        def training_step(s, b, i):
            x, y = b; loss = s._loss(s.net(x), y)
            s.log("train_loss", loss, on_step=cfg.get("on_step", False), on_epoch=True, prog_bar=True)
            return loss

        def validation_step(s, b, i):
            x, y = b; out = s.net(x); loss = s._loss(out, y)
            s.log("val_loss", loss, prog_bar=True)
            if reg:
                s.log("val_mae_c", (out.squeeze(-1) - y).abs().mean() * (COFFEE_SD if not cfg.get("raw_target") else 1))
            else:
                s.log("val_acc", (out.argmax(1) == y).float().mean())

        def configure_optimizers(s):
            opt = (torch.optim.SGD(s.parameters(), lr=cfg["lr"], momentum=0.9) if cfg.get("opt") == "sgd"
                   else torch.optim.Adam(s.parameters(), lr=cfg["lr"]))
            if cfg.get("sched") == "cosine":
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)}
            if cfg.get("sched") == "plateau":
                return {"optimizer": opt, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=3, factor=0.5), "monitor": "val_loss"}}
            return opt

    d = os.path.join(RUNS, rid.split("/")[0]); name = rid.split("/")[1]
    logger = CSVLogger(d, name=name) if logger_kind == "csv" else TensorBoardLogger(d, name=name)
    cbs = []
    from lightning.pytorch.callbacks import LearningRateMonitor, EarlyStopping
    if cfg.get("sched"):
        cbs.append(LearningRateMonitor("epoch"))
    if cfg.get("early_stop"):
        cbs.append(EarlyStopping("val_loss", patience=cfg["early_stop"]))
    tr = L.Trainer(max_epochs=epochs, logger=logger, callbacks=cbs, enable_checkpointing=False, enable_progress_bar=False,
                   enable_model_summary=False, log_every_n_steps=cfg.get("every", 10), accelerator="cpu", devices=1, **trainer_kw)
    tr.fit(Lit(), tl, vl)


@run("lightning_csv/rhythm-gru-adam-lr0.5")
def _(rid):
    lit_fit(rid, "rhythm", torch_model("gru", "rhythm"), dict(lr=0.5), epochs=20)


@run("lightning_csv/radar-mlp-cosine")
def _(rid):
    lit_fit(rid, "radar", torch_model("mlp", "radar", hidden=96), dict(lr=3e-3, sched="cosine", on_step=True), epochs=30)


@run("lightning_csv/bars-cnn-tiny-train")
def _(rid):
    lit_fit(rid, "bars", torch_model("cnn", "bars"), dict(lr=2e-3, n_train=50, bs=25, every=2), epochs=120)


@run("lightning_csv/coffee-mlp-raw-units")
def _(rid):
    lit_fit(rid, "coffee", torch_model("mlp", "coffee"), dict(lr=1e-3, raw=True, raw_target=True), epochs=30)


@run("lightning_csv/bars-cnn-plateau-early-stop")
def _(rid):
    lit_fit(rid, "bars", torch_model("cnn", "bars"), dict(lr=2e-3, sched="plateau", early_stop=6), epochs=60)


@run("lightning_csv/rhythm-cnn1d-max-steps-debug")
def _(rid):
    # max_steps=40 left in from debugging; the plan was 30 epochs (32 steps each)
    lit_fit(rid, "rhythm", torch_model("cnn1d", "rhythm"), dict(lr=1e-3, on_step=True, every=2), epochs=30, max_steps=40, val_check_interval=8)


@run("tfevents/radar-lightning-tb")
def _(rid):
    lit_fit(rid, "radar", torch_model("mlp", "radar"), dict(lr=2e-3, sched="cosine"), logger_kind="tb", epochs=25)


# ---------------- Keras 3 (torch backend)
def keras_data(task, **kw):
    (Xt, yt), (Xv, yv) = data(task, kw.get("n_train", 2000), 500, kw.get("raw", False))
    if task == "bars":
        Xt, Xv = Xt.reshape(len(Xt), 196), Xv.reshape(len(Xv), 196)
    if task == "coffee" and not kw.get("raw"):
        yt, yv = (yt - COFFEE_MU) / COFFEE_SD, (yv - COFFEE_MU) / COFFEE_SD
    return Xt, yt, Xv, yv


def keras_net(d, out, hidden=64, act_out="softmax"):
    import keras
    return keras.Sequential([keras.Input((d,)), keras.layers.Dense(hidden, activation="relu"),
                             keras.layers.Dense(hidden, activation="relu"), keras.layers.Dense(out, activation=act_out)])


@run("keras_csvlogger/radar-dense-sgd-lr4")
def _(rid):
    import keras
    keras.utils.set_random_seed(0)
    Xt, yt, Xv, yv = keras_data("radar")
    m = keras_net(8, 5)
    m.compile(optimizer=keras.optimizers.SGD(4.0, momentum=0.9), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xt, yt, validation_data=(Xv, yv), epochs=30, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(here(rid), "training.log"))])


@run("keras_csvlogger/coffee-dense-reduce-lr")
def _(rid):
    import keras
    keras.utils.set_random_seed(0)
    Xt, yt, Xv, yv = keras_data("coffee")
    m = keras_net(8, 1, act_out=None)
    m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="mse", metrics=["mae"])
    m.fit(Xt, yt, validation_data=(Xv, yv), epochs=50, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.ReduceLROnPlateau(patience=4, factor=0.5), keras.callbacks.CSVLogger(os.path.join(here(rid), "log.csv"))])


@run("keras_history_json/radar-dense-raw-units")
def _(rid):
    import keras
    keras.utils.set_random_seed(0)
    Xt, yt, Xv, yv = keras_data("radar", raw=True)
    m = keras_net(8, 5)
    m.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xt, yt, validation_data=(Xv, yv), epochs=30, batch_size=64, verbose=0)
    json.dump(h.history, open(os.path.join(here(rid), "history.json"), "w"))


@run("keras_history_json/bars-dense-early-stop")
def _(rid):
    import keras
    keras.utils.set_random_seed(0)
    Xt, yt, Xv, yv = keras_data("bars")
    m = keras_net(196, 5, hidden=128)
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xt, yt, validation_data=(Xv, yv), epochs=60, batch_size=64, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True)])
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(os.path.join(here(rid), "history.json"), "w"), indent=1)


@run("keras_history_csv/rhythm-dense-tiny-train")
def _(rid):
    import keras, pandas as pd
    keras.utils.set_random_seed(0)
    Xt, yt, Xv, yv = keras_data("rhythm", n_train=45)
    m = keras_net(24, 5, hidden=128)
    m.compile(optimizer=keras.optimizers.Adam(3e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xt, yt, validation_data=(Xv, yv), epochs=200, batch_size=16, verbose=0)
    pd.DataFrame(h.history).to_csv(os.path.join(here(rid), "history.csv"))


@run("keras_history_csv/coffee-dense-adam")
def _(rid):
    import keras, pandas as pd
    keras.utils.set_random_seed(0)
    Xt, yt, Xv, yv = keras_data("coffee")
    m = keras_net(8, 1, hidden=64, act_out=None)
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="mse", metrics=["mae"])
    h = m.fit(Xt, yt, validation_data=(Xv, yv), epochs=40, batch_size=32, verbose=0)
    pd.DataFrame(h.history).to_csv(os.path.join(here(rid), "history.csv"))


# ---------------- HF Trainer (tiny decoder classifiers from configs, RR-interval tokens)
def hf_run(rid, arch, lr, epochs=4, sched="linear", warm=0.0):
    import transformers as T
    T.set_seed(0)
    (Xt, yt), (Xv, yv) = data("rhythm", 2000, 500)
    tt, tv = rhythm_tokens(Xt), rhythm_tokens(Xv)
    kw = dict(vocab_size=48, num_labels=5, pad_token_id=0, hidden_size=48, num_hidden_layers=2, num_attention_heads=4)
    if arch == "phi":
        model = T.PhiForSequenceClassification(T.PhiConfig(intermediate_size=96, max_position_embeddings=64, **kw))
    elif arch == "gemma":
        model = T.GemmaForSequenceClassification(T.GemmaConfig(intermediate_size=96, num_key_value_heads=2, head_dim=12, max_position_embeddings=64, **kw))
    else:
        model = T.FalconForSequenceClassification(T.FalconConfig(**kw))
    class DS(torch.utils.data.Dataset):   # no `datasets` package installed: a plain list of dicts
        def __init__(s, X, y):
            s.rows = [{"input_ids": torch.tensor(a), "attention_mask": torch.ones(len(a), dtype=torch.long), "labels": int(b)} for a, b in zip(X, y)]
        def __len__(s):
            return len(s.rows)
        def __getitem__(s, i):
            return s.rows[i]
    mk = DS
    d = here(rid)
    args = T.TrainingArguments(output_dir=d, num_train_epochs=epochs, learning_rate=lr, per_device_train_batch_size=32,
                               per_device_eval_batch_size=250, eval_strategy="steps", eval_steps=25, logging_steps=10,
                               save_strategy="no", report_to=[], lr_scheduler_type=sched, warmup_steps=int(warm * epochs * math.ceil(2000 / 32)), seed=0,
                               disable_tqdm=True, use_cpu=True)
    def cm(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    tr = T.Trainer(model=model, args=args, train_dataset=mk(tt, yt), eval_dataset=mk(tv, yv), compute_metrics=cm)
    tr.train()
    tr.save_state()


@run("hf_trainer_state/rhythm-phi-cosine")
def _(rid):
    hf_run(rid, "phi", 2e-3, epochs=4, sched="cosine", warm=0.1)


@run("hf_trainer_state/rhythm-gemma-linear")
def _(rid):
    hf_run(rid, "gemma", 1e-3, epochs=4, sched="linear", warm=0.05)


@run("hf_trainer_state/rhythm-falcon-lr0.3")
def _(rid):
    hf_run(rid, "falcon", 0.3, epochs=3)


@run("hf_trainer_state/rhythm-gemma-lr1e-7")
def _(rid):
    hf_run(rid, "gemma", 1e-7, epochs=3)


# ----------------------------------------------------------------------------------------------- driver
def launch(rid):
    f, meta = RUN[rid]
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONHASHSEED="0")
    t0 = time.time()
    times = 2 if (meta.get("twice") or rid.endswith("killed-resumed")) else 1
    for k in range(times):
        env["NU17_SECOND"] = "1" if k == 1 else "0"
        if "log" in meta:
            d = here(rid)
            with open(os.path.join(d, meta["log"]), "a" if k else "w") as out:
                p = subprocess.run([PY, "-u", __file__, rid], stdout=out, stderr=subprocess.STDOUT, env=env, cwd=d)
        else:
            with open(f"/tmp/nu17_{rid.replace('/', '_')}.err", "a" if k else "w") as err:
                p = subprocess.run([PY, __file__, rid], stdout=err, stderr=subprocess.STDOUT, env=env, cwd="/tmp")
        print(f"{rid}: rc={p.returncode} {time.time() - t0:.1f}s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in RUN:
        torch.set_num_threads(1)
        RUN[sys.argv[1]][0](sys.argv[1])
    else:
        from concurrent.futures import ThreadPoolExecutor
        todo = sys.argv[2:] if sys.argv[1:2] == ["only"] else list(RUN)
        with ThreadPoolExecutor(2) as ex:
            list(ex.map(launch, todo))
