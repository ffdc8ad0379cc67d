"""Make the 2026-12-29nu33 new-user batch: small real CPU trainings, each written by its own logger.

python make_runs.py                      # all runs, two at a time (each in its own process)
python make_runs.py --only text/snow-mlp-adam-cosine   # re-make one run
"""
import argparse, csv, json, logging, math, os, signal, subprocess, sys, time
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

# ---------------------------------------------------------------- data (numpy only)

def _split(X, Y, n_tr):
    return X[:n_tr], Y[:n_tr], X[n_tr:], Y[n_tr:]


def snow_data(seed=33, n=2600, n_tr=2000, raw=False):
    """Avalanche danger level (K=4) from a snow-pit / weather report."""
    r = np.random.default_rng(seed)
    slope = r.uniform(18, 52, n)
    new_snow = r.gamma(2.0, 12.0, n)
    wind = r.gamma(2.5, 8.0, n)
    temp = r.normal(-6, 5, n)
    weak_depth = r.uniform(10, 150, n)
    aspect = r.uniform(0, 2 * np.pi, n)
    days_storm = r.integers(0, 12, n).astype(float)
    score = (0.07 * (slope - 35) + 0.035 * new_snow + 0.025 * wind + 0.12 * np.maximum(temp + 2, 0)
             - 0.012 * weak_depth + 0.4 * np.cos(aspect) - 0.09 * days_storm + 0.35 * r.normal(size=n))
    cuts = np.quantile(score, [0.25, 0.5, 0.75])
    y = np.digitize(score, cuts)
    flip = r.random(n) < 0.05
    y[flip] = r.integers(0, 4, flip.sum())
    X = np.stack([slope, new_snow, wind, temp, weak_depth, np.sin(aspect), np.cos(aspect), days_storm], 1)
    if not raw:
        mu, sd = X[:n_tr].mean(0), X[:n_tr].std(0)
        X = (X - mu) / sd
    return _split(X.astype(np.float32), y.astype(np.int64), n_tr)


def tide_data(seed=34, n=2200, n_tr=1700, raw_target=False):
    """Harbour water level (regression) from moon/sun hour angles, lunar distance, onshore wind, pressure."""
    r = np.random.default_rng(seed)
    th = r.uniform(0, 2 * np.pi, n)
    ph = r.uniform(0, 2 * np.pi, n)
    d = r.uniform(0.9, 1.1, n)
    wind = r.normal(3, 6, n)
    p = r.normal(1013, 9, n)
    h_cm = 180 + 120 * np.cos(2 * th) / d ** 3 + 45 * np.cos(2 * ph) + 0.6 * wind * np.abs(wind) - 1.0 * (p - 1013) \
        + 6 * r.normal(size=n)
    X = np.stack([np.sin(2 * th), np.cos(2 * th), np.sin(2 * ph), np.cos(2 * ph), d, wind, p], 1)
    mu, sd = X[:n_tr].mean(0), X[:n_tr].std(0)
    X = (X - mu) / sd
    y = h_cm if raw_target else (h_cm - h_cm[:n_tr].mean()) / h_cm[:n_tr].std()
    return _split(X.astype(np.float32), y.astype(np.float32)[:, None], n_tr)


def allergen_data(seed=35, n=2200, n_tr=1700):
    """Multi-label: 5 allergen-warning tags from 10 standardised ingredient readings."""
    r = np.random.default_rng(seed)
    X = r.normal(size=(n, 10))
    W = r.normal(size=(10, 5)) * (r.random((10, 5)) < 0.4)
    pairs = [(0, 3), (2, 7), (4, 5), (1, 9), (6, 8)]
    Z = X @ W + np.stack([0.9 * X[:, a] * X[:, b] for a, b in pairs], 1) + 0.35 * r.normal(size=(n, 5))
    Y = (Z > np.quantile(Z[:n_tr], 0.7, axis=0)).astype(np.float32)
    return _split(X.astype(np.float32), Y, n_tr)


def recmax_data(seed=36, n=1500, n_tr=1200, L=16, V=8):
    """Sequence tagging: at each position the running maximum of the tokens so far (K=8 per token)."""
    r = np.random.default_rng(seed)
    X = r.integers(0, V, (n, L))
    Y = np.maximum.accumulate(X, axis=1)
    return _split(X.astype(np.int64), Y.astype(np.int64), n_tr)


def digitsum_data(seed=37, n=1100, n_tr=850, L=10):
    """Sequence regression (HF): standardised weighted digit sum, odd positions count double."""
    r = np.random.default_rng(seed)
    X = r.integers(0, 10, (n, L))
    w = np.where(np.arange(L) % 2 == 1, 2.0, 1.0)
    s = (X * w).sum(1)
    y = (s - s[:n_tr].mean()) / s[:n_tr].std()
    return _split((X + 1).astype(np.int64), y.astype(np.float32), n_tr)  # 0 is the pad id


TASKS = {"snow": snow_data, "tide": tide_data, "allergen": allergen_data, "recmax": recmax_data}

# ---------------------------------------------------------------- torch models + one loop


def build(kind, task, hidden=64, depth=2, dropout=0.0, bn=False, seed=0):
    import torch, torch.nn as nn
    torch.manual_seed(seed)
    n_in = {"snow": 8, "tide": 7, "allergen": 10}.get(task)
    n_out = {"snow": 4, "tide": 1, "allergen": 5, "recmax": 8}[task]
    if kind == "mlp":
        layers, d = [], n_in
        for _ in range(depth):
            layers += [nn.Linear(d, hidden)] + ([nn.BatchNorm1d(hidden)] if bn else []) + [nn.ReLU()]
            if dropout:
                layers.append(nn.Dropout(dropout))
            d = hidden
        layers.append(nn.Linear(d, n_out))
        return nn.Sequential(*layers)

    class Tagger(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(8, 32)
            if kind == "gru":
                self.rnn = nn.GRU(32, hidden, batch_first=True)
            elif kind == "lstm":
                self.rnn = nn.LSTM(32, hidden, batch_first=True)
            elif kind == "relu_rnn":
                self.rnn = nn.RNN(32, hidden, batch_first=True, nonlinearity="relu")
                with torch.no_grad():  # "identity init helps RNNs remember" -- too large a gain here
                    self.rnn.weight_hh_l0.copy_(1.3 * torch.eye(hidden) + 0.05 * torch.randn(hidden, hidden))
            elif kind == "transformer":
                self.pos = nn.Parameter(torch.randn(16, 32) * 0.1)
                layer = nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
                self.rnn = nn.TransformerEncoder(layer, 2)
                hid = 32
            self.out = nn.Linear(32 if kind == "transformer" else hidden, 8)

        def forward(self, x):
            e = self.emb(x)
            if kind == "transformer":
                m = torch.triu(torch.full((x.shape[1], x.shape[1]), float("-inf")), 1)
                h = self.rnn(e + self.pos[: x.shape[1]], mask=m)
            else:
                h, _ = self.rnn(e)
            return self.out(h)
    return Tagger()


def metric_of(task, out, y):
    import torch
    with torch.no_grad():
        if task == "snow":
            return (out.argmax(1) == y).float().mean().item()
        if task == "tide":
            return (out - y).abs().mean().item()
        if task == "allergen":
            p = (out > 0).float()
            tp = (p * y).sum(); fp = (p * (1 - y)).sum(); fn = ((1 - p) * y).sum()
            return (2 * tp / (2 * tp + fp + fn + 1e-9)).item()
        if task == "recmax":
            return (out.argmax(-1) == y).float().mean().item()


def loss_fn(task, c):
    import torch, torch.nn as nn, torch.nn.functional as F
    if task == "snow":
        if c.get("double_softmax"):
            return lambda o, y: F.cross_entropy(torch.softmax(o, 1), y)
        return lambda o, y: F.cross_entropy(o, y)
    if task == "tide":
        if c.get("rmsle"):  # "RMSLE is more robust" -- on a standardised target that can be < -1
            return lambda o, y: torch.sqrt(((torch.log1p(o) - torch.log1p(y)) ** 2).mean())
        return lambda o, y: F.mse_loss(o, y)
    if task == "allergen":
        if c.get("double_sigmoid"):
            return lambda o, y: F.binary_cross_entropy_with_logits(torch.sigmoid(o), y)
        return lambda o, y: F.binary_cross_entropy_with_logits(o, y)
    if task == "recmax":
        return lambda o, y: F.cross_entropy(o.reshape(-1, 8), y.reshape(-1))


def torch_fit(c, on_epoch, on_step=None, on_start=None):
    """c: dict config. on_epoch(ep, rec) with rec keys train_loss, val_loss, val_metric, lr, grad_norm."""
    import torch
    torch.set_num_threads(1)
    task = c["task"]
    Xtr, Ytr, Xva, Yva = TASKS[task](**c.get("data_kw", {}))
    if c.get("n_train"):
        Xtr, Ytr = Xtr[: c["n_train"]], Ytr[: c["n_train"]]
    rng = np.random.default_rng(c.get("seed", 0))
    if c.get("shuffle_labels"):  # "shuffled the dataframe" but only the label column
        Ytr = Ytr[rng.permutation(len(Ytr))]
    Xtr, Ytr, Xva, Yva = map(torch.from_numpy, (Xtr, Ytr, Xva, Yva))
    if c.get("eval_on_train"):
        Xva, Yva = Xtr, Ytr
    model = build(c.get("model", "mlp"), task, c.get("hidden", 64), c.get("depth", 2), c.get("dropout", 0.0),
                  c.get("bn", False), seed=c.get("seed", 0))
    if c.get("fp16"):
        model = model.half()
        Xtr, Xva = (Xtr.half(), Xva.half()) if Xtr.dtype == torch.float32 else (Xtr, Xva)
        Ytr, Yva = (Ytr.half(), Yva.half()) if Ytr.dtype == torch.float32 else (Ytr, Yva)
    params = model.parameters()
    if c.get("opt_on_new_model"):  # rebuilt the model after making the optimizer
        opt_model = model
        model = build(c.get("model", "mlp"), task, c.get("hidden", 64), c.get("depth", 2), seed=c.get("seed", 0) + 1)
        params = opt_model.parameters()
    if c.get("freeze_all_but_bias"):
        for n_, p in model.named_parameters():
            p.requires_grad = False
        last = list(model.parameters())[-1]
        last.requires_grad = True
        params = [last]
    o = c.get("opt", ("adam", 1e-3))
    if o[0] == "adam":
        opt = torch.optim.Adam(params, lr=o[1], weight_decay=o[2] if len(o) > 2 else 0)
    elif o[0] == "adamw":
        opt = torch.optim.AdamW(params, lr=o[1], weight_decay=o[2])
    else:
        opt = torch.optim.SGD(params, lr=o[1], momentum=o[2] if len(o) > 2 else 0.0)
    E, bs = c["epochs"], c.get("batch", 64)
    nb = math.ceil(len(Xtr) / bs)
    s = c.get("sched")
    sched = None
    if s == "cosine":
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=c.get("t_max", E))
    elif s == "step":
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=c.get("step_size", 10), gamma=0.3)
    elif s == "plateau":
        sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    elif s == "warmup_cosine":
        w = c.get("warmup", 3)
        sched = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda e: (e + 1) / w if e < w else 0.5 * (1 + math.cos(math.pi * (e - w) / max(1, E - w))))
    elif s == "onecycle":
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=o[1], total_steps=E * nb)
    per_batch = s == "onecycle" or c.get("sched_per_batch_bug")
    lf = loss_fn(task, c)
    best, bad, step = float("inf"), 0, 0
    if on_start:
        on_start(nb)
    start_ep = c.get("start_epoch", 0)
    for ep in range(start_ep, E):
        if not c.get("no_train_mode"):
            model.train()
        perm = torch.from_numpy(rng.permutation(len(Xtr)))
        tot, cnt, gsum = 0.0, 0, 0.0
        for b in range(nb):
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr[idx], Ytr[idx]
            if not c.get("no_zero_grad"):
                opt.zero_grad()
            out = model(xb)
            loss = lf(out, yb)
            loss.backward()
            gn = math.sqrt(sum(float(p.grad.float().pow(2).sum()) for p in model.parameters() if p.grad is not None))
            if c.get("clip"):
                torch.nn.utils.clip_grad_norm_(model.parameters(), c["clip"])
            opt.step()
            if per_batch and sched is not None:
                sched.step()
            step += 1
            tot += float(loss) * len(idx); cnt += len(idx); gsum += gn
            if on_step:
                on_step(ep, step, float(loss), opt.param_groups[0]["lr"], gn)
        if not c.get("no_eval_mode"):
            model.eval()
        with torch.no_grad():
            out = model(Xva)
            vl = float(lf(out, Yva))
            vm = metric_of(task, out.float(), Yva.float() if task in ("tide", "allergen") else Yva)
        rec = dict(train_loss=tot / cnt, val_loss=vl, val_metric=vm, lr=opt.param_groups[0]["lr"], grad_norm=gsum / nb)
        on_epoch(ep, rec)
        if c.get("kill_at") is not None and ep == c["kill_at"]:
            os.kill(os.getpid(), signal.SIGKILL)
        if sched is not None and not per_batch:
            sched.step(vl) if s == "plateau" else sched.step()
        if c.get("patience"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= c["patience"]:
                    break
    return model


MNAME = {"snow": "acc", "tide": "mae", "allergen": "f1", "recmax": "tok_acc"}

# ---------------------------------------------------------------- text logs


def text_run(d, c):
    style = c["style"]
    task = c["task"]
    m = MNAME[task]
    path = os.path.join(d, c.get("file", "train.log"))
    E = c["epochs"]
    if style == "logging":
        lg = logging.getLogger(c["name"])
        lg.setLevel(logging.INFO)
        h = logging.FileHandler(path, mode="a")
        h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        lg.addHandler(h)
        lg.info("starting %s  task=%s model=%s opt=%s epochs=%d", c["name"].split("/")[1], task, c.get("model", "mlp"),
                c.get("opt"), E)

        def on_epoch(ep, r):
            lg.info("ep %03d | loss %.4f | dev loss %.4f | dev %s %.4f | lr %.2e", ep + 1, r["train_loss"],
                    r["val_loss"], m, r["val_metric"], r["lr"])
            for hh in lg.handlers:
                hh.flush()
        torch_fit(c, on_epoch)
        lg.info("done")
        return
    f = open(path, "a")
    if style == "print":
        print(f"config: {json.dumps({k: v for k, v in c.items() if k not in ('name', 'style')})}", file=f, flush=True)

        def on_epoch(ep, r):
            print(f"epoch {ep + 1}/{E} train_loss={r['train_loss']:.4f} val_loss={r['val_loss']:.4f} "
                  f"val_{m}={r['val_metric']:.4f} lr={r['lr']:.3g}", file=f, flush=True)
        torch_fit(c, on_epoch)
        print("finished.", file=f, flush=True)
    elif style == "bracket":
        def on_epoch(ep, r):
            print(f"[{ep + 1:>3}] trn {r['train_loss']:.5f}  held-out {r['val_loss']:.5f}  {m} {r['val_metric']:.3f}"
                  f"  |g| {r['grad_norm']:.3f}", file=f, flush=True)
        torch_fit(c, on_epoch)
    elif style == "tqdm":
        from tqdm import tqdm
        state = {}

        def on_start(nb):
            state["nb"] = nb

        def on_step(ep, step, loss, lr, gn):
            if "bar" not in state:
                state["bar"] = tqdm(total=state["nb"], desc=f"Epoch {ep + 1}", file=f, ncols=90, mininterval=0)
            state["bar"].update(1)
            state["bar"].set_postfix(loss=f"{loss:.3f}")

        def on_epoch(ep, r):
            state.pop("bar").close()
            f.write(f"Epoch {ep + 1}: mean loss {r['train_loss']:.4f}, validation loss {r['val_loss']:.4f}, "
                    f"validation {m} {r['val_metric']:.4f}\n")
            f.flush()
        torch_fit(c, on_epoch, on_step, on_start)
    elif style == "steps":
        every = c.get("every", 20)
        st = {"n": 0}

        def on_step(ep, step, loss, lr, gn):
            st["n"] = step
            if step % every == 0:
                print(f"step {step:5d}  loss {loss:.4f}  lr {lr:.5f}", file=f, flush=True)

        def on_epoch(ep, r):
            print(f"  >> eval @ step {st['n']}: val_loss {r['val_loss']:.4f}  val_{m} {r['val_metric']:.4f}", file=f,
                  flush=True)
        torch_fit(c, on_epoch, on_step)
    f.close()


def text_restart(d, c):
    # first launch dies (node pre-empted); relaunched from scratch with the same command, same log file
    p = subprocess.run([sys.executable, __file__, "--only", c["name"], "--attempt", "1"])
    c2 = dict(c); c2.pop("kill_at", None)
    text_run(d, c2)

# ---------------------------------------------------------------- custom csv / json lines


def csv_run(d, c):
    task, m = c["task"], MNAME[c["task"]]
    w = c["writer"]
    rows = []
    if w == "csvwriter":
        f = open(os.path.join(d, "log.csv"), "w", newline="")
        cw = csv.writer(f)
        cw.writerow(["epoch", "train_loss", "val_loss", f"val_{m}", "lr"])

        def on_epoch(ep, r):
            cw.writerow([ep, f"{r['train_loss']:.6f}", f"{r['val_loss']:.6f}", f"{r['val_metric']:.5f}", r["lr"]])
            f.flush()
        torch_fit(c, on_epoch)
        f.close()
    elif w == "dictwriter":
        f = open(os.path.join(d, "metrics.csv"), "w", newline="")
        cw = csv.DictWriter(f, fieldnames=["ep", "loss/train", "loss/valid", f"{m}/valid", "lr"])
        cw.writeheader()

        def on_epoch(ep, r):
            cw.writerow({"ep": ep + 1, "loss/train": r["train_loss"], "loss/valid": r["val_loss"],
                         f"{m}/valid": r["val_metric"], "lr": r["lr"]})
            f.flush()
        torch_fit(c, on_epoch)
        f.close()
    elif w == "jsonl":
        f = open(os.path.join(d, "history.jsonl"), "w")

        def on_epoch(ep, r):
            f.write(json.dumps({"epoch": ep, "tr_loss": r["train_loss"], "va_loss": r["val_loss"],
                                f"va_{m}": r["val_metric"], "lr": r["lr"]}) + "\n")
            f.flush()
        torch_fit(c, on_epoch)
        f.close()
    elif w == "pandas":
        import pandas as pd

        def on_epoch(ep, r):
            rows.append({"epoch": ep + 1, "trn_loss": r["train_loss"], "dev_loss": r["val_loss"],
                         f"dev_{m}": r["val_metric"], "learning_rate": r["lr"]})
        torch_fit(c, on_epoch)
        pd.DataFrame(rows).to_csv(os.path.join(d, "progress.csv"), index=False)

# ---------------------------------------------------------------- tensorboard


def tb_run(d, c):
    task, m = c["task"], MNAME[c["task"]]
    if c["writer"] == "tbx":
        from tensorboardX import SummaryWriter
    else:
        from torch.utils.tensorboard import SummaryWriter
    sw = SummaryWriter(log_dir=d)
    every = c.get("every", 10)

    def on_step(ep, step, loss, lr, gn):
        if step % every == 0:
            sw.add_scalar("train/loss", loss, step)
            sw.add_scalar("train/grad_norm", gn, step)
            sw.add_scalar("train/lr", lr, step)
    st = {"nb": 1}

    def on_start(nb):
        st["nb"] = nb

    def on_epoch(ep, r):
        s = (ep + 1) * st["nb"]
        sw.add_scalar("val/loss", r["val_loss"], s)
        sw.add_scalar(f"val/{m}", r["val_metric"], s)
        sw.flush()
    torch_fit(c, on_epoch, on_step, on_start)
    sw.close()

# ---------------------------------------------------------------- lightning


def lit_run(d, c):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, EarlyStopping
    torch.set_num_threads(1)
    L.seed_everything(c.get("seed", 0), verbose=False)
    task, m = c["task"], MNAME[c["task"]]
    Xtr, Ytr, Xva, Yva = TASKS[task]()
    if c.get("n_train"):
        Xtr, Ytr = Xtr[: c["n_train"]], Ytr[: c["n_train"]]
    tr = torch.utils.data.TensorDataset(torch.from_numpy(Xtr), torch.from_numpy(Ytr))
    va = torch.utils.data.TensorDataset(torch.from_numpy(Xva), torch.from_numpy(Yva))
    lf = loss_fn(task, c)

    class Mod(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = build(c.get("model", "mlp"), task, c.get("hidden", 64), c.get("depth", 2), c.get("dropout", 0),
                             seed=c.get("seed", 0))
            if c.get("freeze_all_but_bias"):
                for p in self.net.parameters():
                    p.requires_grad = False
                list(self.net.parameters())[-1].requires_grad = True

        def training_step(self, b, i):
            x, y = b
            loss = lf(self.net(x), y)
            self.log("train_loss", loss, on_step=False, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            o = self.net(x)
            self.log("val_loss", lf(o, y), on_epoch=True)
            self.log(f"val_{m}", metric_of(task, o, y), on_epoch=True)

        def configure_optimizers(self):
            o = c.get("opt", ("adam", 1e-3))
            ps = [p for p in self.parameters() if p.requires_grad]
            if o[0] == "sgd":
                opt = torch.optim.SGD(ps, lr=o[1], momentum=0.9)
            else:
                opt = torch.optim.Adam(ps, lr=o[1], weight_decay=o[2] if len(o) > 2 else 0)
            if c.get("sched") == "cosine":
                return [opt], [torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=c["epochs"])]
            if c.get("sched") == "step":
                return [opt], [torch.optim.lr_scheduler.StepLR(opt, step_size=c.get("step_size", 8), gamma=0.3)]
            return opt
    cbs = [LearningRateMonitor(logging_interval="epoch")]
    if c.get("patience"):
        cbs.append(EarlyStopping("val_loss", patience=c["patience"]))
    t = L.Trainer(max_epochs=c["epochs"], logger=CSVLogger(d, name="lightning_logs"), callbacks=cbs,
                  enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                  accelerator="cpu", devices=1, num_sanity_val_steps=0, gradient_clip_val=c.get("clip"))
    t.fit(Mod(), torch.utils.data.DataLoader(tr, batch_size=c.get("batch", 64), shuffle=True),
          torch.utils.data.DataLoader(va, batch_size=512))

# ---------------------------------------------------------------- keras


def keras_run(d, c):
    import keras, torch
    torch.set_num_threads(1)
    keras.utils.set_random_seed(c.get("seed", 0))
    task = c["task"]
    Xtr, Ytr, Xva, Yva = TASKS[task](**c.get("data_kw", {}))
    n_out = {"snow": 4, "tide": 1, "allergen": 5}[task]
    layers = [keras.Input((Xtr.shape[1],))]
    for _ in range(c.get("depth", 2)):
        layers.append(keras.layers.Dense(c.get("hidden", 64), activation="relu"))
        if c.get("dropout"):
            layers.append(keras.layers.Dropout(c["dropout"]))
    act = {"snow": "softmax", "tide": None, "allergen": "sigmoid"}[task]
    layers.append(keras.layers.Dense(n_out, activation=act))
    model = keras.Sequential(layers)
    o = c.get("opt", ("adam", 1e-3))
    opt = keras.optimizers.SGD(o[1], momentum=0.9) if o[0] == "sgd" else keras.optimizers.Adam(o[1])
    if task == "snow":
        loss = keras.losses.SparseCategoricalCrossentropy(from_logits=c.get("from_logits", False))
        mets = ["accuracy"]
    elif task == "tide":
        loss, mets = "mse", ["mae"]
    else:
        loss, mets = "binary_crossentropy", [keras.metrics.BinaryAccuracy(name="bin_acc")]
    model.compile(optimizer=opt, loss=loss, metrics=mets)
    cbs = []
    if c.get("plateau"):
        cbs.append(keras.callbacks.ReduceLROnPlateau(monitor="val_loss", factor=0.5, patience=3))
    if c.get("patience"):
        cbs.append(keras.callbacks.EarlyStopping(monitor="val_loss", patience=c["patience"]))
    if c["writer"] == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.log")))
    h = model.fit(Xtr, Ytr, validation_data=(Xva, Yva), epochs=c["epochs"], batch_size=c.get("batch", 64),
                  callbacks=cbs, verbose=0)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if c["writer"] == "json":
        with open(os.path.join(d, "history.json"), "w") as f:
            json.dump(hist, f, indent=1)
    elif c["writer"] == "histcsv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"))

# ---------------------------------------------------------------- HF Trainer


def hf_run(d, c):
    import torch, transformers as T
    torch.set_num_threads(1)
    T.set_seed(c.get("seed", 0))
    Xtr, Ytr, Xva, Yva = digitsum_data()

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, Y):
            self.X, self.Y = X, Y

        def __len__(self):
            return len(self.X)

        def __getitem__(self, i):
            return {"input_ids": torch.tensor(self.X[i]), "attention_mask": torch.ones(len(self.X[i]), dtype=torch.long),
                    "labels": torch.tensor(self.Y[i])}
    kw = dict(vocab_size=12, num_labels=1, problem_type="regression")
    arch = c["arch"]
    if arch == "bert":
        cfg = T.BertConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                           max_position_embeddings=32, **kw)
        model = T.BertForSequenceClassification(cfg)
    elif arch == "gpt2":
        cfg = T.GPT2Config(n_embd=48, n_layer=2, n_head=4, n_positions=32, pad_token_id=0, **kw)
        model = T.GPT2ForSequenceClassification(cfg)
    elif arch == "roberta":
        cfg = T.RobertaConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                              max_position_embeddings=40, pad_token_id=0, bos_token_id=1, eos_token_id=2, **kw)
        model = T.RobertaForSequenceClassification(cfg)
    elif arch == "llama":
        cfg = T.LlamaConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                            intermediate_size=96, max_position_embeddings=32, pad_token_id=0, **kw)
        model = T.LlamaForSequenceClassification(cfg)

    def cm(p):
        pr, lab = p
        return {"mae": float(np.abs(np.asarray(pr).reshape(-1) - np.asarray(lab).reshape(-1)).mean())}
    args = T.TrainingArguments(output_dir=d, num_train_epochs=c["epochs"], per_device_train_batch_size=32,
                               per_device_eval_batch_size=128, learning_rate=c["lr"], warmup_steps=c.get("warmup", 0),
                               lr_scheduler_type=c.get("sched", "linear"), weight_decay=0.01, logging_steps=9,
                               eval_strategy="epoch", save_strategy="no", report_to=[], use_cpu=True, seed=0,
                               disable_tqdm=True, dataloader_num_workers=0)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, Ytr), eval_dataset=DS(Xva, Yva), compute_metrics=cm)
    tr.train()
    tr.save_state()

# ---------------------------------------------------------------- the runs

R = {}


def run(name, **c):
    c["name"] = name
    R[name] = c

# text logs (15)
run("text/snow-mlp-adam-cosine", fn="text", style="print", task="snow", epochs=30, opt=("adam", 2e-3), sched="cosine")
run("text/snow-mlp-sgd-lr-6", fn="text", style="logging", task="snow", epochs=30, opt=("sgd", 6.0, 0.9))
run("text/snow-mlp-adam-lr-3e-7", fn="text", style="tqdm", task="snow", epochs=25, opt=("adam", 3e-7))
run("text/tide-mlp-steplr", fn="text", style="logging", task="tide", epochs=40, opt=("adam", 3e-3), sched="step",
    step_size=12)
run("text/tide-mlp-no-zero-grad", fn="text", style="print", task="tide", epochs=40, opt=("sgd", 0.01, 0.9),
    no_zero_grad=True)
run("text/snow-labels-permuted", fn="text", style="bracket", task="snow", epochs=40, opt=("adam", 2e-3), hidden=128,
    shuffle_labels=True)
run("text/recmax-gru-steps", fn="text", style="steps", task="recmax", model="gru", epochs=12, opt=("adam", 3e-3),
    every=25, clip=1.0)
run("text/recmax-relu-rnn-noclip", fn="text", style="logging", task="recmax", model="relu_rnn", epochs=15,
    opt=("sgd", 0.05, 0.9))
run("text/allergen-mlp-earlystop", fn="text", style="print", task="allergen", epochs=80, opt=("adam", 2e-3),
    hidden=96, dropout=0.2, patience=6)
run("text/allergen-tiny-train", fn="text", style="logging", task="allergen", epochs=300, n_train=48, hidden=256,
    opt=("adam", 2e-3), batch=16)
run("text/snow-killed-oom", fn="text", style="print", task="snow", epochs=40, opt=("adam", 1e-3), kill_at=13,
    sched="cosine")
run("text/tide-relaunched-same-log", fn="restart", style="logging", task="tide", epochs=30, opt=("adam", 2e-3),
    sched="cosine", kill_at=8)
run("text/snow-mlp-dropout-tqdm", fn="text", style="tqdm", task="snow", epochs=25, opt=("adam", 2e-3), dropout=0.3,
    hidden=96)
run("text/tide-adamw-wd-2", fn="text", style="bracket", task="tide", epochs=40, opt=("adamw", 3e-3, 2.0))
run("text/recmax-gru-steplr-per-batch", fn="text", style="steps", task="recmax", model="gru", epochs=15,
    opt=("adam", 3e-3), sched="step", step_size=5, sched_per_batch_bug=True, every=25)
# custom csv / jsonl (9)
run("csv_custom/snow-warmup-cosine", fn="csv", writer="csvwriter", task="snow", epochs=30, opt=("adam", 3e-3),
    sched="warmup_cosine", warmup=4)
run("csv_custom/snow-softmax-then-ce", fn="csv", writer="dictwriter", task="snow", epochs=30, opt=("adam", 1e-3),
    double_softmax=True)
run("csv_custom/tide-reduce-on-plateau", fn="csv", writer="dictwriter", task="tide", epochs=45, opt=("adam", 3e-3),
    sched="plateau")
run("csv_custom/allergen-sigmoid-twice", fn="csv", writer="jsonl", task="allergen", epochs=30, opt=("adam", 1e-3),
    double_sigmoid=True)
run("csv_custom/recmax-lstm", fn="csv", writer="jsonl", task="recmax", model="lstm", epochs=14, opt=("adam", 4e-3),
    clip=1.0)
run("csv_custom/tide-tiny-eval-on-train", fn="csv", writer="pandas", task="tide", epochs=200, n_train=40,
    hidden=256, opt=("adam", 2e-3), batch=20, eval_on_train=True)
run("csv_custom/snow-opt-on-old-model", fn="csv", writer="pandas", task="snow", epochs=25, opt=("adam", 1e-3),
    opt_on_new_model=True)
run("csv_custom/tide-rmsle-loss", fn="csv", writer="jsonl", task="tide", epochs=30, opt=("adam", 1e-3), rmsle=True)
run("csv_custom/allergen-adamw-wd", fn="csv", writer="pandas", task="allergen", epochs=40, opt=("adamw", 2e-3, 0.05),
    hidden=96)
# tensorboard (9)
run("tensorboard/snow-adamw-clip", fn="tb", writer="torch", task="snow", epochs=30, opt=("adamw", 2e-3, 0.01),
    clip=1.0, sched="cosine")
run("tensorboard/tide-sgd-lr-2", fn="tb", writer="tbx", task="tide", epochs=30, opt=("sgd", 2.0, 0.9))
run("tensorboard/recmax-gru-clip", fn="tb", writer="torch", task="recmax", model="gru", epochs=12,
    opt=("adam", 3e-3), clip=1.0, every=5)
run("tensorboard/allergen-sgd-lr-1e-4", fn="tb", writer="torch", task="allergen", epochs=40, opt=("sgd", 1e-4))
run("tensorboard/snow-bn-dropout-no-eval", fn="tb", writer="tbx", task="snow", epochs=30, opt=("adam", 2e-3),
    bn=True, dropout=0.5, no_eval_mode=True, batch=32)
run("tensorboard/tide-cosine-cut-short", fn="tb", writer="torch", task="tide", epochs=40, opt=("adam", 3e-3),
    sched="cosine", t_max=200)
run("tensorboard/recmax-transformer", fn="tb", writer="tbx", task="recmax", model="transformer", epochs=20,
    opt=("adam", 1e-3), clip=1.0, every=5)
run("tensorboard/tide-fp16-adam", fn="tb", writer="torch", task="tide", epochs=25, opt=("adam", 1e-3), fp16=True)
run("tensorboard/allergen-steplr", fn="tb", writer="tbx", task="allergen", epochs=36, opt=("adam", 3e-3),
    sched="step", step_size=12)
# lightning CSVLogger (6)
run("lightning_csv/snow-mlp", fn="lit", task="snow", epochs=25, opt=("adam", 2e-3))
run("lightning_csv/tide-mlp-cosine", fn="lit", task="tide", epochs=35, opt=("adam", 3e-3), sched="cosine")
run("lightning_csv/snow-adam-lr-1", fn="lit", task="snow", epochs=25, opt=("adam", 1.0))
run("lightning_csv/allergen-tiny-wide", fn="lit", task="allergen", epochs=200, n_train=50, hidden=256,
    opt=("adam", 2e-3), batch=25)
run("lightning_csv/recmax-gru-earlystop", fn="lit", task="recmax", model="gru", epochs=30, opt=("adam", 3e-3),
    clip=1.0, patience=3)
run("lightning_csv/snow-frozen-but-bias", fn="lit", task="snow", epochs=20, opt=("adam", 1e-3),
    freeze_all_but_bias=True)
# keras (6)
run("keras/snow-csvlogger", fn="keras", writer="csvlogger", task="snow", epochs=30, opt=("adam", 1e-3), plateau=True)
run("keras/tide-history-json", fn="keras", writer="json", task="tide", epochs=40, opt=("adam", 2e-3), patience=8)
run("keras/allergen-history-csv", fn="keras", writer="histcsv", task="allergen", epochs=30, opt=("adam", 2e-3),
    dropout=0.1)
run("keras/snow-sgd-lr-4", fn="keras", writer="csvlogger", task="snow", epochs=25, opt=("sgd", 4.0))
run("keras/tide-raw-cm-target", fn="keras", writer="json", task="tide", epochs=30, opt=("adam", 1e-3),
    data_kw={"raw_target": True})
run("keras/snow-softmax-from-logits", fn="keras", writer="histcsv", task="snow", epochs=30, opt=("adam", 1e-3),
    from_logits=True)
# HF Trainer (4)
run("hf_trainer/digitsum-bert", fn="hf", arch="bert", epochs=12, lr=1e-3, warmup=20, sched="cosine")
run("hf_trainer/digitsum-gpt2", fn="hf", arch="gpt2", epochs=12, lr=1e-3, warmup=20)
run("hf_trainer/digitsum-roberta-lr-0.5", fn="hf", arch="roberta", epochs=10, lr=0.5)
run("hf_trainer/digitsum-llama-warmup-5000", fn="hf", arch="llama", epochs=10, lr=1e-3, warmup=5000)

FN = {"text": text_run, "restart": text_restart, "csv": csv_run, "tb": tb_run, "lit": lit_run, "keras": keras_run,
      "hf": hf_run}


def make_one(name, attempt=0):
    c = dict(R[name])
    d = os.path.join(RUNS, name)
    if attempt == 0:
        import shutil
        shutil.rmtree(d, ignore_errors=True)  # a re-made run starts from an empty directory
    os.makedirs(d, exist_ok=True)
    if attempt == 1:
        text_run(d, c)  # the launch that gets killed
        return
    c.pop("kill_at", None) if c["fn"] == "restart" else None
    if c["fn"] == "restart":
        c["kill_at"] = R[name]["kill_at"]
    FN[c["fn"]](d, c)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--attempt", type=int, default=0)
    a = ap.parse_args()
    if a.only:
        make_one(a.only, a.attempt)
        return
    import shutil
    names = list(R)
    procs, i = [], 0
    while i < len(names) or procs:
        while i < len(names) and len(procs) < 2:
            n = names[i]; i += 1
            shutil.rmtree(os.path.join(RUNS, n), ignore_errors=True)
            procs.append((n, time.time(), subprocess.Popen([sys.executable, __file__, "--only", n],
                                                           stdout=subprocess.DEVNULL,
                                                           stderr=open("/tmp/nu33_" + n.replace("/", "__") + ".err", "w"))))
        time.sleep(0.2)
        for t in list(procs):
            if t[2].poll() is not None:
                procs.remove(t)
                print(f"{t[0]}: rc={t[2].returncode} {time.time() - t[1]:.1f}s", flush=True)
                if t[2].returncode not in (0, -9):
                    print(open("/tmp/nu33_" + t[0].replace("/", "__") + ".err").read()[-1500:], flush=True)


if __name__ == "__main__":
    main()
