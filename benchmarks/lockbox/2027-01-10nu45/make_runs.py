"""Lock-box batch 2027-01-10nu45: ~50 small CPU trainings a new user might write.

python make_runs.py                 # makes every run (2 at a time, subprocesses)
python make_runs.py --only text/tank_sgd_lr5   # re-makes one run
Runs land in runs/<format>/<run-name>/ exactly as their logger leaves them.
"""
import os, sys, json, math, time, shutil, signal, argparse, subprocess
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")


# ----------------------------------------------------------------- data (numpy only)
def data_tank(seed, n_tr=1000, n_va=300, leak=False):
    """regression: log drain time of a tank through an orifice (Torricelli)."""
    r = np.random.default_rng(seed)
    n = n_tr + n_va
    h0 = r.uniform(0.5, 3.0, n); a = r.uniform(0.001, 0.02, n); A = r.uniform(0.5, 2.0, n)
    cd = r.uniform(0.55, 0.65, n); z1 = r.normal(size=n); z2 = r.normal(size=n)
    T = A / (cd * a) * np.sqrt(2 * h0 / 9.81)
    y = np.log(T) + r.normal(0, 0.08, n)
    X = np.stack([h0, a * 100, A, cd * 10, z1, z2], 1)
    if leak:  # "handy" feature: the user's drain-time estimate column computed from the measured target
        X = np.concatenate([X, y[:, None] + r.normal(0, 0.01, n)[:, None]], 1)
    mu, sd = X[:n_tr].mean(0), X[:n_tr].std(0)
    X = (X - mu) / sd
    ym, ys = y[:n_tr].mean(), y[:n_tr].std()
    y = (y - ym) / ys
    return (X[:n_tr].astype(np.float32), y[:n_tr, None].astype(np.float32),
            X[n_tr:].astype(np.float32), y[n_tr:, None].astype(np.float32))


def data_pulse(seed, n_tr=1500, n_va=500):
    """5-way: waveform type (sine, square, sawtooth, AM, chirp) from 40 noisy samples."""
    r = np.random.default_rng(seed)
    n = n_tr + n_va
    t = np.linspace(0, 1, 40)
    y = r.integers(0, 5, n)
    f = r.uniform(2, 5, n)[:, None]; ph = r.uniform(0, 2 * np.pi, n)[:, None]; amp = r.uniform(0.6, 1.4, n)[:, None]
    s = np.sin(2 * np.pi * f * t + ph)
    sq = np.sign(s)
    saw = ((f * t + ph / (2 * np.pi)) % 1.0) * 2 - 1
    am = s * (1 + 0.8 * np.sin(2 * np.pi * 1.0 * t + ph))
    ch = np.sin(2 * np.pi * (f * t + 4 * t ** 2) + ph)
    W = np.stack([s, sq, saw, am, ch], 0)[y, np.arange(n)]
    X = amp * W + r.normal(0, 0.45, (n, 40))
    return (X[:n_tr].astype(np.float32), y[:n_tr].astype(np.int64), X[n_tr:].astype(np.float32), y[n_tr:].astype(np.int64))


def data_sensor(seed, n_tr=1500, n_va=500):
    """multi-label: which of 5 faults (stuck, drift, spike, extra noise, offset step) a 32-step sensor trace has."""
    r = np.random.default_rng(seed)
    n = n_tr + n_va
    t = np.linspace(0, 1, 32)
    X = np.sin(2 * np.pi * r.uniform(0.5, 2, n)[:, None] * t + r.uniform(0, 6.28, n)[:, None]) + r.normal(0, 0.15, (n, 32))
    Y = (r.random((n, 5)) < 0.3).astype(np.float32)
    for i in range(n):
        if Y[i, 0]:
            s = r.integers(0, 24); X[i, s:s + 8] = X[i, s]
        if Y[i, 1]:
            X[i] += r.choice([-1, 1]) * r.uniform(1.0, 2.0) * t
        if Y[i, 2]:
            for p in r.integers(0, 32, 3):
                X[i, p] += r.choice([-1, 1]) * r.uniform(2.5, 4.0)
        if Y[i, 3]:
            X[i] += r.normal(0, 0.6, 32)
        if Y[i, 4]:
            s = r.integers(8, 24); X[i, s:] += r.choice([-1, 1]) * r.uniform(1.5, 2.5)
    return X[:n_tr].astype(np.float32), Y[:n_tr], X[n_tr:].astype(np.float32), Y[n_tr:]


def data_thermo(seed, n_tr=1200, n_va=400):
    """per-step tagging: heater on/off of a hysteresis thermostat (on below 19, off above 21) from temperatures."""
    r = np.random.default_rng(seed)
    n = n_tr + n_va
    L = 30
    T = np.zeros((n, L)); H = np.zeros((n, L), np.float32)
    T[:, 0] = r.uniform(17, 23, n)
    for k in range(1, L):
        T[:, k] = T[:, k - 1] + 0.1 * (20 - T[:, k - 1]) + r.normal(0, 0.8, n)
    h = (T[:, 0] < 20).astype(np.float32)
    for k in range(L):
        h = np.where(T[:, k] < 19, 1.0, np.where(T[:, k] > 21, 0.0, h))
        H[:, k] = h
    X = ((T - 20) / 2).astype(np.float32)[:, :, None]
    return X[:n_tr], H[:n_tr], X[n_tr:], H[n_tr:]


DATA = {"tank": data_tank, "pulse": data_pulse, "sensor": data_sensor, "thermo": data_thermo}


# ----------------------------------------------------------------- torch models
def build_model(task, kind, hidden=64, depth=2, dropout=0.0, bn=False, in_dim=None):
    import torch.nn as nn
    out = {"tank": 1, "pulse": 5, "sensor": 5, "thermo": 1}[task]
    if kind == "mlp":
        layers, d = [], in_dim
        for _ in range(depth):
            layers += [nn.Linear(d, hidden)]
            if bn:
                layers += [nn.BatchNorm1d(hidden)]
            layers += [nn.ReLU()]
            if dropout:
                layers += [nn.Dropout(dropout)]
            d = hidden
        layers += [nn.Linear(d, out)]
        return nn.Sequential(*layers)
    if kind == "cnn":
        class CNN(nn.Module):
            def __init__(s):
                super().__init__()
                s.c = nn.Sequential(nn.Conv1d(1, 16, 5, padding=2), nn.BatchNorm1d(16) if bn else nn.Identity(), nn.ReLU(),
                                    nn.MaxPool1d(2), nn.Conv1d(16, 16, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(4))
                s.d = nn.Dropout(dropout)
                s.h = nn.Linear(64, out)

            def forward(s, x):
                return s.h(s.d(s.c(x[:, None, :]).flatten(1)))
        return CNN()
    if kind in ("gru", "lstm", "rnn"):
        class Tagger(nn.Module):
            def __init__(s):
                super().__init__()
                if kind == "gru":
                    s.r = nn.GRU(1, hidden, batch_first=True)
                elif kind == "lstm":
                    s.r = nn.LSTM(1, hidden, batch_first=True)
                else:
                    s.r = nn.RNN(1, hidden, batch_first=True, nonlinearity="relu")
                s.h = nn.Linear(hidden, 1)

            def forward(s, x):
                return s.h(s.r(x)[0]).squeeze(-1)
        return Tagger()
    raise ValueError(kind)


def metric_of(task, out, y):
    import torch
    with torch.no_grad():
        if task == "tank":
            return ("r2", float(1 - ((out - y) ** 2).sum() / ((y - y.mean()) ** 2).sum()))
        if task == "pulse":
            if out.dim() == 1 or out.shape[1] == 1:
                return ("acc", float((out.view(-1).round().clamp(0, 4).long() == y).float().mean()))
            return ("acc", float((out.argmax(1) == y).float().mean()))
        if task == "sensor":
            p = (out > 0).float(); tp = (p * y).sum(); fp = (p * (1 - y)).sum(); fn = ((1 - p) * y).sum()
            return ("f1", float(2 * tp / (2 * tp + fp + fn + 1e-9)))
        if task == "thermo":
            return ("acc", float(((out > 0).float() == y).float().mean()))


# ----------------------------------------------------------------- loggers for the plain torch loop
class TextA:  # print to file
    def __init__(s, d, cfg, append=False):
        s.f = open(os.path.join(d, "train.log"), "a" if append else "w"); s.cfg = cfg

    def begin(s, n_ep):
        c = s.cfg
        print(f">> {c['task']} | {c['model']} | {c.get('opt','adam')} lr={c['lr']} | {n_ep} epochs planned", file=s.f, flush=True)

    def epoch(s, r):
        print(f"epoch {r['epoch']}/{r['planned']} | train_loss {r['train_loss']:.4f} | valid_loss {r['val_loss']:.4f} | "
              f"{r['mname']} {r['metric']:.4f} | lr {r['lr']:.2e}", file=s.f, flush=True)

    def end(s):
        print(">> done", file=s.f, flush=True); s.f.close()


class TextB:  # logging module
    def __init__(s, d, cfg, append=False):
        import logging
        s.lg = logging.getLogger("trainer"); s.lg.setLevel(logging.INFO)
        h = logging.FileHandler(os.path.join(d, "run.log"), mode="a" if append else "w")
        h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        s.lg.handlers = [h]; s.cfg = cfg

    def begin(s, n_ep):
        s.lg.info("starting %s with %s, %d epochs, lr=%g", s.cfg["task"], s.cfg["model"], n_ep, s.cfg["lr"])

    def epoch(s, r):
        s.lg.info("ep=%d trn=%.4f dev=%.4f %s=%.4f lr=%.3g", r["epoch"], r["train_loss"], r["val_loss"], r["mname"], r["metric"], r["lr"])

    def end(s):
        s.lg.info("finished"); [h.close() for h in s.lg.handlers]


class TextC:  # tqdm bar + tqdm.write summaries
    def __init__(s, d, cfg, append=False):
        s.f = open(os.path.join(d, "output.txt"), "a" if append else "w"); s.cfg = cfg

    def begin(s, n_ep):
        from tqdm import tqdm
        s.bar = tqdm(total=n_ep, file=s.f, desc=s.cfg["task"], ascii=True, mininterval=0)

    def epoch(s, r):
        s.bar.update(1); s.bar.set_postfix(loss=f"{r['train_loss']:.3f}")
        s.bar.write(f"Epoch {r['epoch']}: train loss {r['train_loss']:.4f}, holdout loss {r['val_loss']:.4f}, "
                    f"holdout {r['mname']} {r['metric']:.4f}", file=s.f)
        s.f.flush()

    def end(s):
        s.bar.close(); s.f.close()


class TextD:  # terse print with percent
    def __init__(s, d, cfg, append=False):
        s.f = open(os.path.join(d, "stdout.txt"), "a" if append else "w"); s.cfg = cfg

    def begin(s, n_ep):
        print(f"=== run {s.cfg['name']} ({n_ep} ep) ===", file=s.f, flush=True)

    def epoch(s, r):
        m = f"{r['mname']}={100*r['metric']:.2f}%" if r["mname"] != "r2" else f"r2={r['metric']:.3f}"
        print(f"[{r['epoch']:3d}] loss={r['train_loss']:.4f} | val: loss={r['val_loss']:.4f} {m} | lr={r['lr']:.1e}", file=s.f, flush=True)

    def end(s):
        print("=== end ===", file=s.f, flush=True); s.f.close()


class CsvLog:
    def __init__(s, d, cfg, append=False):
        s.f = open(os.path.join(d, "metrics.csv"), "w"); s.hdr = False

    def begin(s, n_ep):
        pass

    def epoch(s, r):
        cols = ["epoch", "train_loss", "val_loss", r["mname"], "lr"] + (["grad_norm"] if "grad_norm" in r else [])
        vals = [r["epoch"], r["train_loss"], r["val_loss"], r["metric"], r["lr"]] + ([r["grad_norm"]] if "grad_norm" in r else [])
        if not s.hdr:
            s.f.write(",".join(cols) + "\n"); s.hdr = True
        s.f.write(",".join(str(v) for v in vals) + "\n"); s.f.flush()

    def end(s):
        s.f.close()


class JsonlLog:
    def __init__(s, d, cfg, append=False):
        s.f = open(os.path.join(d, "log.jsonl"), "w")

    def begin(s, n_ep):
        pass

    def epoch(s, r):
        s.f.write(json.dumps({"ep": r["epoch"], "loss": r["train_loss"], "val_loss": r["val_loss"], "val_" + r["mname"]: r["metric"], "learning_rate": r["lr"]}) + "\n")
        s.f.flush()

    def end(s):
        s.f.close()


class PandasLog:
    def __init__(s, d, cfg, append=False):
        s.d = d; s.rows = []

    def begin(s, n_ep):
        pass

    def epoch(s, r):
        s.rows.append({"epoch": r["epoch"], "loss/train": r["train_loss"], "loss/valid": r["val_loss"], r["mname"] + "/valid": r["metric"], "lr": r["lr"]})

    def end(s):
        import pandas as pd
        pd.DataFrame(s.rows).to_csv(os.path.join(s.d, "history.csv"), index=False)


class TbLog:
    def __init__(s, d, cfg, append=False, x=False):
        if x:
            from tensorboardX import SummaryWriter
            s.tags = ("train/loss", "val/loss", "val/{}", "train/lr", "train/step_loss", "train/grad_norm")
        else:
            from torch.utils.tensorboard import SummaryWriter
            s.tags = ("Loss/train", "Loss/val", "Metric/{}", "LR", "Loss/train_step", "GradNorm")
        s.w = SummaryWriter(d)

    def begin(s, n_ep):
        pass

    def step(s, gs, loss):
        s.w.add_scalar(s.tags[4], loss, gs)

    def epoch(s, r):
        e = r["epoch"]
        s.w.add_scalar(s.tags[0], r["train_loss"], e); s.w.add_scalar(s.tags[1], r["val_loss"], e)
        s.w.add_scalar(s.tags[2].format(r["mname"]), r["metric"], e); s.w.add_scalar(s.tags[3], r["lr"], e)
        if "grad_norm" in r:
            s.w.add_scalar(s.tags[5], r["grad_norm"], e)
        s.w.flush()

    def end(s):
        s.w.close()


LOGGERS = {"A": TextA, "B": TextB, "C": TextC, "D": TextD, "csv": CsvLog, "jsonl": JsonlLog, "pandas": PandasLog,
           "tb": TbLog, "tbx": lambda d, c, append=False: TbLog(d, c, append, x=True)}


# ----------------------------------------------------------------- the plain torch loop (with the user's bugs as options)
def torch_run(cfg, d, append=False):
    import torch, torch.nn as nn, torch.nn.functional as F
    torch.manual_seed(cfg.get("seed", 0)); torch.set_num_threads(1)
    task = cfg["task"]
    dk = {"leak": True} if cfg.get("leak") else {}
    Xtr, Ytr, Xva, Yva = DATA[task](cfg.get("dseed", 1), **dk)
    if cfg.get("ntrain"):
        Xtr, Ytr = Xtr[:cfg["ntrain"]], Ytr[:cfg["ntrain"]]
    if cfg.get("shuffle_labels"):  # bug: shuffled the labels array separately from the inputs
        Ytr = np.random.default_rng(5).permutation(Ytr)
    Xtr, Ytr, Xva, Yva = map(torch.tensor, (Xtr, Ytr, Xva, Yva))
    if cfg.get("eval_on_train"):  # bug: "val" loader built from the training arrays
        Xva, Yva = Xtr, Ytr
    model = build_model(task, cfg["model"], cfg.get("hidden", 64), cfg.get("depth", 2), cfg.get("dropout", 0.0),
                        cfg.get("bn", False), in_dim=Xtr.shape[1] if Xtr.dim() == 2 else None)
    if cfg.get("loss") == "mse_ids":  # bug: regressing the class id with MSE
        model = build_model("tank", cfg["model"], cfg.get("hidden", 64), cfg.get("depth", 2), in_dim=Xtr.shape[1]) if cfg["model"] == "mlp" else model
    params = model.parameters()
    if cfg.get("frozen"):  # bug: optimizer built for a model that was re-created afterwards
        old = build_model(task, cfg["model"], cfg.get("hidden", 64), cfg.get("depth", 2), in_dim=Xtr.shape[1] if Xtr.dim() == 2 else None)
        params = old.parameters()
    opt_name = cfg.get("opt", "adam")
    if opt_name == "sgd":
        opt = torch.optim.SGD(params, lr=cfg["lr"], momentum=cfg.get("mom", 0.9), weight_decay=cfg.get("wd", 0))
    elif opt_name == "adamw":
        opt = torch.optim.AdamW(params, lr=cfg["lr"], weight_decay=cfg.get("wd", 0.01))
    else:
        opt = torch.optim.Adam(params, lr=cfg["lr"], weight_decay=cfg.get("wd", 0))
    planned = cfg["epochs"]
    loop_epochs = cfg.get("loop_epochs", planned)
    bs = cfg.get("bs", 64)
    steps_per_ep = math.ceil(len(Xtr) / bs)
    sch = None
    s = cfg.get("sched")
    if s == "cos":
        sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, planned)
    elif s == "step":
        sch = torch.optim.lr_scheduler.StepLR(opt, cfg.get("step", 10), 0.3)
    elif s == "warmcos":
        w = cfg.get("warm", 3)
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e + 1) / w if e < w else 0.5 * (1 + math.cos(math.pi * (e - w) / (planned - w))))
    elif s == "plateau":
        sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=3)

    def lossf(out, y):
        if task == "tank":
            return F.mse_loss(out, y)
        if task == "pulse":
            if cfg.get("loss") == "mse_ids":
                return F.mse_loss(out.view(-1), y.float())
            if cfg.get("loss") == "softmax_twice":
                return F.cross_entropy(F.softmax(out, 1), y)
            return F.cross_entropy(out, y)
        if cfg.get("loss") == "log0":  # hand-written BCE without eps
            p = torch.sigmoid(out)
            return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
        return F.binary_cross_entropy_with_logits(out, y)

    lg = LOGGERS[cfg["log"]](d, cfg, append)
    lg.begin(planned)
    g = torch.Generator().manual_seed(cfg.get("seed", 0))
    best, bad, gs = 1e9, 0, 0
    for ep in range(1, loop_epochs + 1):
        if cfg.get("eval_switch", True):
            model.train()
        perm = torch.randperm(len(Xtr), generator=g)
        tl, nb, gn_acc = 0.0, 0, 0.0
        for i in range(0, len(Xtr), bs):
            idx = perm[i:i + bs]
            out = model(Xtr[idx])
            loss = lossf(out, Ytr[idx])
            if cfg.get("zero_grad", True):
                opt.zero_grad()
            loss.backward()
            if cfg.get("clip"):
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"]))
            else:
                gn = float(torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters() if p.grad is not None)))
            gn_acc += gn
            opt.step()
            if sch is not None and cfg.get("sched_per_batch"):  # bug: epoch scheduler stepped every batch
                sch.step()
            tl += float(loss); nb += 1; gs += 1
            if hasattr(lg, "step"):
                lg.step(gs, float(loss))
        if cfg.get("eval_switch", True):
            model.eval()
        with torch.no_grad():
            ov = model(Xva)
            vl = float(lossf(ov, Yva))
            mname, mv = metric_of(task, ov, Yva)
        lr_now = opt.param_groups[0]["lr"]
        rec = {"epoch": ep, "planned": planned, "train_loss": tl / nb, "val_loss": vl, "mname": mname, "metric": mv, "lr": lr_now}
        if cfg.get("log_gn"):
            rec["grad_norm"] = gn_acc / nb
        lg.epoch(rec)
        if cfg.get("kill_at") == ep:
            os.kill(os.getpid(), signal.SIGKILL)
        if sch is not None and not cfg.get("sched_per_batch"):
            sch.step(vl) if s == "plateau" else sch.step()
        if cfg.get("patience"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["patience"]:
                    break
    lg.end()


# ----------------------------------------------------------------- Lightning
def lightning_run(cfg, d):
    import torch, torch.nn.functional as F, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from torch.utils.data import TensorDataset, DataLoader
    L.seed_everything(cfg.get("seed", 0), verbose=False); torch.set_num_threads(1)
    task = cfg["task"]
    Xtr, Ytr, Xva, Yva = DATA[task](cfg.get("dseed", 2))
    if cfg.get("ntrain"):
        Xtr, Ytr = Xtr[:cfg["ntrain"]], Ytr[:cfg["ntrain"]]
    if cfg.get("misalign"):  # bug: sorted the inputs by their first column for "nicer batches", labels untouched
        Xtr = Xtr[np.argsort(Xtr[:, 0])]

    class M(L.LightningModule):
        def __init__(s):
            super().__init__()
            s.net = build_model(task, cfg["model"], cfg.get("hidden", 64), cfg.get("depth", 2), cfg.get("dropout", 0.0),
                                in_dim=Xtr.shape[1] if Xtr.ndim == 2 else None)

        def lossf(s, o, y):
            return {"tank": F.mse_loss, "pulse": F.cross_entropy}.get(task, F.binary_cross_entropy_with_logits)(o, y)

        def training_step(s, b, i):
            o = s.net(b[0]); l = s.lossf(o, b[1])
            s.log("train_loss", l, on_step=False, on_epoch=True)
            return l

        def validation_step(s, b, i):
            o = s.net(b[0]); s.log("val_loss", s.lossf(o, b[1]))
            mn, mv = metric_of(task, o, b[1]); s.log("val_" + mn, mv)

        def configure_optimizers(s):
            o = torch.optim.Adam(s.parameters(), lr=cfg["lr"], weight_decay=cfg.get("wd", 0))
            if cfg.get("sched") == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.3, patience=3), "monitor": "val_loss"}}
            if cfg.get("sched") == "cos":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, cfg["epochs"])}
            return o

    tl = DataLoader(TensorDataset(torch.tensor(Xtr), torch.tensor(Ytr)), batch_size=64, shuffle=True)
    vl = DataLoader(TensorDataset(torch.tensor(Xva), torch.tensor(Yva)), batch_size=512)
    cbs = [L.pytorch.callbacks.LearningRateMonitor("epoch")] if cfg.get("sched") else []
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(d, name="lightning_logs"), enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, callbacks=cbs, accelerator="cpu", devices=1,
                   log_every_n_steps=10)
    tr.fit(M(), tl, vl)


# ----------------------------------------------------------------- Keras
def keras_run(cfg, d):
    import keras
    keras.utils.set_random_seed(cfg.get("seed", 0))
    task = cfg["task"]
    Xtr, Ytr, Xva, Yva = DATA[task](cfg.get("dseed", 3))
    if cfg.get("ntrain"):
        Xtr, Ytr = Xtr[:cfg["ntrain"]], Ytr[:cfg["ntrain"]]
    if task == "thermo":
        Xtr, Xva = Xtr[..., 0], Xva[..., 0]
    out = {"tank": 1, "pulse": 5, "sensor": 5, "thermo": 30}[task]
    act = {"tank": cfg.get("out_act", None), "pulse": "softmax", "sensor": "sigmoid", "thermo": "sigmoid"}[task]
    layers = [keras.Input((Xtr.shape[1],))]
    for _ in range(cfg.get("depth", 2)):
        layers.append(keras.layers.Dense(cfg.get("hidden", 64), activation="relu"))
        if cfg.get("dropout"):
            layers.append(keras.layers.Dropout(cfg["dropout"]))
    layers.append(keras.layers.Dense(out, activation=act))
    m = keras.Sequential(layers)
    loss = {"tank": "mse", "pulse": "sparse_categorical_crossentropy", "sensor": "binary_crossentropy", "thermo": "binary_crossentropy"}[task]
    met = {"tank": ["mae"], "pulse": ["accuracy"], "sensor": ["binary_accuracy"], "thermo": ["binary_accuracy"]}[task]
    opt = keras.optimizers.SGD(cfg["lr"], momentum=0.9) if cfg.get("opt") == "sgd" else keras.optimizers.Adam(cfg["lr"])
    m.compile(opt, loss, metrics=met)
    cbs = []
    if cfg.get("log") == "kcsv":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.log")))
    if cfg.get("patience"):
        cbs.append(keras.callbacks.EarlyStopping(patience=cfg["patience"], restore_best_weights=True))
    if cfg.get("plateau"):
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=3))
    h = m.fit(Xtr, Ytr, validation_data=(Xva, Yva), epochs=cfg["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    if cfg.get("log") == "kjson":
        with open(os.path.join(d, "history.json"), "w") as f:
            json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f)
    if cfg.get("log") == "khcsv":
        import pandas as pd
        pd.DataFrame(h.history).to_csv(os.path.join(d, "history.csv"), index_label="epoch")


# ----------------------------------------------------------------- HF Trainer
def hf_run(cfg, d):
    import torch
    from transformers import DistilBertConfig, DistilBertForSequenceClassification, Trainer, TrainingArguments
    torch.manual_seed(0); torch.set_num_threads(1)
    r = np.random.default_rng(7)

    def make(n):  # "span": max token minus min token of 12 tokens drawn from 3..22 (regression, standardised)
        ids = r.integers(3, 23, (n, 12))
        y = (ids.max(1) - ids.min(1)).astype(np.float32)
        return ids, y
    itr, ytr = make(800); iva, yva = make(200)
    m_, s_ = ytr.mean(), ytr.std()

    class DS(torch.utils.data.Dataset):
        def __init__(s, i, y): s.i, s.y = i, (y - m_) / s_
        def __len__(s): return len(s.i)
        def __getitem__(s, k):
            return {"input_ids": torch.tensor(np.r_[1, s.i[k]]), "attention_mask": torch.ones(13, dtype=torch.long),
                    "labels": torch.tensor(s.y[k], dtype=torch.float32)}
    conf = DistilBertConfig(vocab_size=25, dim=32, n_layers=2, n_heads=2, hidden_dim=64, max_position_embeddings=16,
                            num_labels=1, problem_type="regression", dropout=0.0, attention_dropout=0.0)
    model = DistilBertForSequenceClassification(conf)
    args = TrainingArguments(output_dir=d, num_train_epochs=cfg["epochs"], per_device_train_batch_size=32,
                             per_device_eval_batch_size=100, learning_rate=cfg["lr"], warmup_steps=int(cfg.get("warmup", 0.0) * 250),
                             lr_scheduler_type=cfg.get("sched", "linear"), eval_strategy="epoch", logging_steps=10,
                             save_strategy="no", report_to=[], seed=0, use_cpu=True, disable_tqdm=True,
                             weight_decay=cfg.get("wd", 0.0))
    tr = Trainer(model=model, args=args, train_dataset=DS(itr, ytr), eval_dataset=DS(iva, yva))
    tr.train()
    tr.save_state()


# ----------------------------------------------------------------- the runs
R = {}
def add(fmt, name, **c):
    c["name"] = name; R[f"{fmt}/{name}"] = c

# text (16)
add("text", "tank_sgd_lr5", task="tank", model="mlp", opt="sgd", lr=5.0, epochs=30, log="A")
add("text", "pulse_cnn_cosine", task="pulse", model="cnn", lr=3e-3, epochs=25, sched="cos", log="A")
add("text", "thermo_gru_no_zero_grad", task="thermo", model="gru", lr=3e-3, epochs=25, zero_grad=False, log="B")
add("text", "sensor_cnn_warmup", task="sensor", model="cnn", lr=3e-3, epochs=30, sched="warmcos", warm=4, log="B")
add("text", "tank_tiny_train_big_mlp", task="tank", model="mlp", hidden=256, depth=3, lr=2e-3, epochs=150, ntrain=40, bs=16, log="C")
add("text", "pulse_mlp_sgd_lr_1e-4", task="pulse", model="mlp", opt="sgd", mom=0.0, lr=1e-4, epochs=30, log="C")
add("text", "thermo_relu_rnn_no_clip", task="thermo", model="rnn", hidden=64, opt="sgd", lr=0.3, epochs=25, log="D")
add("text", "tank_mlp_stepdecay", task="tank", model="mlp", lr=3e-3, epochs=30, sched="step", step=10, log="D")
add("text", "sensor_mlp_killed", task="sensor", model="mlp", hidden=128, lr=1e-3, epochs=40, kill_at=13, log="A")
add("text", "pulse_mlp_relaunch_appended", task="pulse", model="mlp", lr=1e-3, epochs=20, log="A", relaunch_kill=9)
add("text", "thermo_lstm_plateau_sched", task="thermo", model="lstm", lr=5e-3, epochs=30, sched="plateau", log="B")
add("text", "tank_steplr_stepped_per_batch", task="tank", model="mlp", lr=3e-3, epochs=30, sched="step", step=10, sched_per_batch=True, log="B")
add("text", "sensor_cnn_early_stop", task="sensor", model="cnn", lr=3e-3, epochs=60, patience=5, log="C")
add("text", "pulse_cnn_labels_permuted", task="pulse", model="cnn", lr=3e-3, epochs=25, shuffle_labels=True, log="C")
add("text", "thermo_gru_clip", task="thermo", model="gru", lr=1e-2, epochs=25, clip=1.0, sched="cos", log="D")
add("text", "tank_sgd_wd_0p5", task="tank", model="mlp", opt="sgd", lr=0.01, wd=0.5, epochs=30, log="D")
# csv / jsonl (9)
add("csv", "sensor_mlp_val_is_train", task="sensor", model="mlp", hidden=256, lr=2e-3, epochs=80, ntrain=150, eval_on_train=True, log="csv")
add("csv", "pulse_mlp_dropout_wd", task="pulse", model="mlp", hidden=128, dropout=0.2, opt="adamw", wd=0.05, lr=2e-3, epochs=30, log="csv")
add("csv", "pulse_mlp_mse_on_class_ids", task="pulse", model="mlp", lr=1e-3, epochs=30, loss="mse_ids", log="csv")
add("jsonl", "thermo_gru_healthy", task="thermo", model="gru", lr=5e-3, epochs=25, log="jsonl")
add("jsonl", "sensor_cnn_handmade_bce", task="sensor", model="cnn", lr=0.05, epochs=30, loss="log0", log="jsonl")
add("jsonl", "tank_mlp_cosine", task="tank", model="mlp", lr=3e-3, epochs=30, sched="cos", log="jsonl")
add("jsonl", "pulse_cnn_softmax_then_ce", task="pulse", model="cnn", lr=3e-3, epochs=25, loss="softmax_twice", log="jsonl")
add("pandas", "thermo_lstm_adam_lr_0p5", task="thermo", model="lstm", lr=0.5, epochs=25, log="pandas")
add("pandas", "sensor_mlp_bn", task="sensor", model="mlp", bn=True, lr=2e-3, epochs=30, sched="step", step=12, log="pandas")
# tensorboard (9)
add("tb", "tank_mlp_warmup_cosine", task="tank", model="mlp", lr=3e-3, epochs=30, sched="warmcos", warm=3, log="tb")
add("tb", "pulse_cnn_dropout_no_eval", task="pulse", model="cnn", dropout=0.6, bn=True, lr=3e-3, epochs=25, bs=16, eval_switch=False, log="tb")
add("tb", "thermo_gru_optimizer_on_old_model", task="thermo", model="gru", lr=5e-3, epochs=20, frozen=True, log="tb")
add("tbx", "sensor_cnn_plateau", task="sensor", model="cnn", lr=3e-3, epochs=30, sched="plateau", log="tbx")
add("tb", "tank_mlp_leaked_column", task="tank", model="mlp", lr=3e-3, epochs=30, leak=True, log="tb")
add("tbx", "pulse_mlp_adam_lr_1", task="pulse", model="mlp", lr=1.0, epochs=25, log="tbx")
add("tbx", "thermo_rnn_clipped", task="thermo", model="rnn", lr=3e-3, epochs=25, clip=0.5, log="tbx")
add("tbx", "sensor_mlp_cosine_loop_short", task="sensor", model="mlp", lr=3e-3, epochs=60, loop_epochs=20, sched="cos", log="tbx")
add("tb", "tank_mlp_clip_gradnorm", task="tank", model="mlp", lr=3e-3, epochs=30, clip=1.0, log_gn=True, sched="cos", log="tb")
# lightning (6)
add("lightning", "tank_mlp", task="tank", model="mlp", lr=3e-3, epochs=25, sched="cos")
add("lightning", "pulse_cnn_plateau", task="pulse", model="cnn", lr=3e-3, epochs=25, sched="plateau")
add("lightning", "sensor_mlp_lr_1e-6", task="sensor", model="mlp", lr=1e-6, epochs=25)
add("lightning", "thermo_gru", task="thermo", model="gru", lr=5e-3, epochs=20)
add("lightning", "pulse_mlp_80_samples", task="pulse", model="mlp", hidden=256, lr=2e-3, epochs=120, ntrain=80)
add("lightning", "tank_inputs_sorted_labels_not", task="tank", model="mlp", lr=3e-3, epochs=25, misalign=True)
# keras (6)
add("keras", "tank_dense_csvlogger", task="tank", model="dense", lr=2e-3, epochs=30, log="kcsv")
add("keras", "pulse_dense_sgd_lr3", task="pulse", model="dense", opt="sgd", lr=3.0, epochs=25, log="kcsv")
add("keras", "sensor_dense_earlystop", task="sensor", model="dense", lr=2e-3, epochs=60, patience=5, log="kjson")
add("keras", "sensor_dense_100_samples", task="sensor", model="dense", hidden=256, lr=2e-3, epochs=120, ntrain=100, log="kjson")
add("keras", "thermo_dense_plateau", task="thermo", model="dense", lr=2e-3, epochs=30, plateau=True, dropout=0.1, log="khcsv")
add("keras", "tank_dense_sigmoid_output", task="tank", model="dense", lr=2e-3, epochs=30, out_act="sigmoid", log="khcsv")
# hf (4)
add("hf", "span_distilbert_linear", task="span", lr=2e-3, epochs=10, warmup=0.1)
add("hf", "span_distilbert_cosine", task="span", lr=2e-3, epochs=10, warmup=0.1, sched="cosine", wd=0.01)
add("hf", "span_distilbert_lr_1e-7", task="span", lr=1e-7, epochs=10)
add("hf", "span_distilbert_lr_0p5", task="span", lr=0.5, epochs=10)


def make_one(key):
    cfg = R[key]
    fmt = key.split("/")[0]
    d = os.path.join(RUNS_DIR, key)
    shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    if fmt == "lightning":
        lightning_run(cfg, d)
    elif fmt == "keras":
        keras_run(cfg, d)
    elif fmt == "hf":
        hf_run(cfg, d)
    elif cfg.get("relaunch_kill"):
        # first launch dies (SIGKILL) mid-run; the user relaunches the same command, which appends to the same log
        c1 = dict(cfg, kill_at=cfg["relaunch_kill"])
        p = subprocess.run([sys.executable, __file__, "--_child", key, "--_kill", str(cfg["relaunch_kill"])])
        torch_run(cfg, d, append=True)
    else:
        torch_run(cfg, d)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--only"); ap.add_argument("--_child"); ap.add_argument("--_kill", type=int)
    a = ap.parse_args()
    if a._child:
        torch_run(dict(R[a._child], kill_at=a._kill), os.path.join(RUNS_DIR, a._child), append=True)
    elif a.only:
        make_one(a.only)
    else:
        from concurrent.futures import ThreadPoolExecutor
        def go(k):
            t = time.time()
            p = subprocess.run([sys.executable, __file__, "--only", k], capture_output=True, text=True)
            print(f"{k}: rc={p.returncode} {time.time()-t:.1f}s", flush=True)
            if p.returncode not in (0, -9):
                print(p.stderr[-1500:], flush=True)
        with ThreadPoolExecutor(2) as ex:
            list(ex.map(go, R))
