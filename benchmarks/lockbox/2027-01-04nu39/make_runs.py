"""lockbox 2027-01-04nu39: new-user CPU trainings. python make_runs.py [--only fmt/name] [--jobs 2]"""
import os, sys, json, csv, math, time, signal, argparse, subprocess, logging
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

# ---------------------------------------------------------------- data (numpy only)
def make_data(task, n, seed):
    r = np.random.RandomState(seed)
    if task == "beam":  # regression: log mid-span deflection of a beam
        load = r.uniform(1, 50, n); span = r.uniform(1, 12, n); E = r.uniform(10, 210, n)
        I = r.lognormal(6, 0.8, n); fixed = r.randint(0, 2, n).astype(float)
        notch = np.where(r.rand(n) < 0.3, 0.0, r.uniform(0.1, 3, n))  # 30% exact zeros
        c = np.where(fixed > 0, 1 / 192, 1 / 48)
        d = c * load * span ** 3 / (E * I) * (1 + 0.05 * notch) * np.exp(r.normal(0, 0.05, n))
        X = np.stack([load, span, E, I, fixed, notch], 1)
        y = np.log(d)
        return X, y
    if task == "pantry":  # multi-label: 5 recipe tags from 14 ingredient amounts
        X = r.gamma(1.2, 1.0, (n, 14)) * (r.rand(n, 14) < 0.55)
        W = np.random.RandomState(99).normal(0, 1, (14, 5))
        s = X @ W + r.normal(0, 0.6, (n, 5))
        Y = (s > np.median(s, 0)[None] + 0.3).astype(float)
        return X, Y
    if task == "seen":  # per-token tagging: has this token appeared earlier in the sequence?
        T = r.randint(0, 10, (n, 14))
        Y = np.zeros((n, 14))
        for i in range(n):
            s = set()
            for t in range(14):
                Y[i, t] = 1.0 if T[i, t] in s else 0.0; s.add(T[i, t])
        return T, Y
    if task == "chord":  # K=4 chord quality from 3 shuffled pitch classes + 3 passing notes
        q = r.randint(0, 4, n); root = r.randint(0, 12, n)
        iv = np.array([[0, 4, 7], [0, 3, 7], [0, 3, 6], [0, 4, 8]])
        notes = (root[:, None] + iv[q]) % 12
        for i in range(n): r.shuffle(notes[i])
        pad = np.full((n, 3), 12)
        flip = r.rand(n) < 0.05
        q = np.where(flip, r.randint(0, 4, n), q)
        return np.concatenate([notes, pad], 1), q
    if task == "gait":  # K=5 activity from 40-sample accelerometer trace
        k = r.randint(0, 5, n); t = np.arange(40) / 20.0
        f = np.array([1.8, 2.8, 1.2, 0.0, 1.5])[k] * r.uniform(0.85, 1.15, n)
        a = np.array([1.0, 2.2, 1.4, 0.05, 0.7])[k] * r.uniform(0.8, 1.2, n)
        h = np.array([0.2, 0.5, 0.9, 0.0, 0.1])[k]
        ph = r.uniform(0, 2 * np.pi, n)
        X = a[:, None] * np.sin(2 * np.pi * f[:, None] * t[None] + ph[:, None]) + \
            h[:, None] * np.sin(4 * np.pi * f[:, None] * t[None] + 2 * ph[:, None]) + r.normal(0, 0.35, (n, 40)) + 1.0
        return X, k
    raise ValueError(task)

KIND = {"beam": "reg", "pantry": "ml", "seen": "tag", "chord": "cls", "gait": "cls"}
NCLS = {"chord": 4, "gait": 5}
METRIC = {"reg": "r2", "ml": "micro_f1", "tag": "token_acc", "cls": "acc"}

def split(task, n_tr=700, n_va=250, seed=0):
    X, y = make_data(task, n_tr + n_va, seed + 7)
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]

def standardise(Xtr, Xva, logcols=()):
    Xtr = Xtr.astype(float).copy(); Xva = Xva.astype(float).copy()
    for c in logcols:
        Xtr[:, c] = np.log(Xtr[:, c]); Xva[:, c] = np.log(Xva[:, c])
    m = Xtr.mean(0); s = Xtr.std(0) + 1e-8
    return (Xtr - m) / s, (Xva - m) / s

# ---------------------------------------------------------------- torch models
def build_model(arch, task, cfg):
    import torch, torch.nn as nn
    kind = KIND[task]; p = cfg.get("dropout", 0.0)
    out = {"reg": 1, "ml": 5, "tag": 1, "cls": NCLS.get(task, 1)}[kind]
    if arch == "mlp":
        d_in = {"beam": 6, "pantry": 14, "gait": 40}[task]
        layers = [nn.Linear(d_in, 64), nn.ReLU(), nn.Dropout(p), nn.Linear(64, 64), nn.ReLU(), nn.Dropout(p), nn.Linear(64, out)]
        if cfg.get("bn"): layers.insert(1, nn.BatchNorm1d(64))
        if cfg.get("softmax_head"): layers.append(nn.Softmax(dim=-1))
        return nn.Sequential(*layers)
    if arch == "cnn":
        class CNN(nn.Module):
            def __init__(s):
                super().__init__()
                s.c = nn.Sequential(nn.Conv1d(1, 16, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
                                    nn.Conv1d(16, 24, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(1))
                s.d = nn.Dropout(p); s.h = nn.Linear(24, out); s.sm = cfg.get("softmax_head")
            def forward(s, x):
                z = s.h(s.d(s.c(x.unsqueeze(1)).squeeze(-1)))
                return torch.softmax(z, -1) if s.sm else z
        return CNN()
    if arch in ("gru", "lstm", "rnn"):
        class Rec(nn.Module):
            def __init__(s):
                super().__init__()
                s.e = nn.Embedding(13, 24)
                if arch == "gru": s.r = nn.GRU(24, 48, batch_first=True)
                elif arch == "lstm": s.r = nn.LSTM(24, 48, batch_first=True)
                else:
                    s.r = nn.RNN(24, 48, batch_first=True, nonlinearity="relu")
                    if cfg.get("rnn_init"):
                        with torch.no_grad(): s.r.weight_hh_l0.copy_(cfg["rnn_init"] * torch.eye(48))
                s.d = nn.Dropout(p); s.h = nn.Linear(48, out)
            def forward(s, x):
                o, _ = s.r(s.e(x))
                if kind == "tag": return s.h(s.d(o)).squeeze(-1)
                return s.h(s.d(o[:, -1] if kind != "cls" else o.mean(1)))
        return Rec()
    if arch == "transformer":
        class TF(nn.Module):
            def __init__(s):
                super().__init__()
                s.e = nn.Embedding(13, 32); s.pos = nn.Parameter(torch.zeros(1, 16, 32))
                s.t = nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, dropout=p, batch_first=True), 2)
                s.h = nn.Linear(32, out)
            def forward(s, x):
                z = s.t(s.e(x) + s.pos[:, :x.shape[1]])
                return s.h(z).squeeze(-1) if kind == "tag" else s.h(z.mean(1))
        return TF()
    raise ValueError(arch)

def metric_of(kind, pred, y):
    import torch
    with torch.no_grad():
        if kind == "reg":
            pred = pred.view(-1); return float(1 - ((pred - y) ** 2).mean() / ((y - y.mean()) ** 2).mean())
        if kind in ("ml", "tag"):
            p = (pred > 0).float(); tp = (p * y).sum(); fp = (p * (1 - y)).sum(); fn = ((1 - p) * y).sum()
            if kind == "tag": return float((p == y).float().mean())
            return float(2 * tp / (2 * tp + fp + fn + 1e-9))
        return float((pred.argmax(-1) == y).float().mean())

def torch_train(cfg, log_epoch, start_epoch=0):
    """Generic loop; cfg holds the recipe and the (natural) fault switches. Calls log_epoch(ep, n_ep, row)."""
    import torch, torch.nn as nn, torch.nn.functional as F
    torch.manual_seed(cfg.get("seed", 0)); np.random.seed(cfg.get("seed", 0))
    task = cfg["task"]; kind = KIND[task]
    Xtr, ytr, Xva, yva = split(task, cfg.get("n_tr", 700), 250, cfg.get("data_seed", 0))
    if task in ("beam", "pantry", "gait"):
        Xtr, Xva = standardise(Xtr, Xva, cfg.get("logcols", ()))
    if task == "beam":  # standardise target
        mu, sd = ytr.mean(), ytr.std(); ytr = (ytr - mu) / sd; yva = (yva - mu) / sd
    if cfg.get("leak"):  # "more data": val rows appended to train
        Xtr = np.concatenate([Xtr, Xva]); ytr = np.concatenate([ytr, yva])
    if cfg.get("shuffle_labels"):  # shuffled y separately from X
        ytr = ytr[np.random.RandomState(1).permutation(len(ytr))]
    if cfg.get("eval_on_train"):
        Xva, yva = Xtr, ytr
    ft = torch.long if task in ("seen", "chord") else torch.float32
    lt = torch.long if kind == "cls" else torch.float32
    Xtr_t = torch.tensor(Xtr, dtype=ft); Xva_t = torch.tensor(Xva, dtype=ft)
    ytr_t = torch.tensor(ytr, dtype=lt); yva_t = torch.tensor(yva, dtype=lt)
    model = build_model(cfg["arch"], task, cfg)
    if cfg.get("half"):
        model = model.half(); Xtr_t = Xtr_t.half() if ft == torch.float32 else Xtr_t; Xva_t = Xva_t.half() if ft == torch.float32 else Xva_t
    params = model.parameters()
    if cfg.get("opt_wrong_model"):
        other = build_model(cfg["arch"], task, cfg); params = other.parameters()
    if cfg.get("freeze"):
        for n_, p_ in model.named_parameters():
            if not n_.startswith(cfg["freeze_keep"]): p_.requires_grad = False
    lr = cfg["lr"]; wd = cfg.get("wd", 0.0)
    if cfg["opt"] == "sgd": opt = torch.optim.SGD(params, lr=lr, momentum=cfg.get("mom", 0.9), weight_decay=wd)
    elif cfg["opt"] == "adamw": opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    else: opt = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    E = cfg["epochs"]; bs = cfg.get("bs", 50); nb = math.ceil(len(Xtr_t) / bs)
    sched = None; s = cfg.get("sched")
    if s == "cosine": sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg.get("T_max", E))
    elif s == "step": sched = torch.optim.lr_scheduler.StepLR(opt, cfg.get("step", 10), 0.3)
    elif s == "warmcos":
        W = cfg.get("warm", 3)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e + 1) / W if e < W else 0.5 * (1 + math.cos(math.pi * (e - W) / (E - W))))
    elif s == "plateau": sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=2)
    elif s == "onecycle": sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=E * nb)
    def lossf(out, y):
        if cfg.get("mse_on_ids"): return F.mse_loss(out[:, 0], y.float())
        if kind == "reg": return F.mse_loss(out.view(-1), y)
        if kind in ("ml", "tag"): return F.binary_cross_entropy_with_logits(out, y)
        return F.cross_entropy(out, y)
    best, bad = 1e9, 0; g = torch.Generator().manual_seed(cfg.get("seed", 0))
    if cfg.get("never_train_mode"): model.train()
    for ep in range(start_epoch, E):
        if not cfg.get("never_train_mode"): model.train()
        perm = torch.randperm(len(Xtr_t), generator=g); tl = 0.0; n = 0
        for b in range(nb):
            idx = perm[b * bs:(b + 1) * bs]
            out = model(Xtr_t[idx])
            loss = lossf(out.float(), ytr_t[idx])
            if not cfg.get("no_zero_grad"): opt.zero_grad()
            loss.backward()
            if cfg.get("clip"): torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"])
            opt.step()
            if s in ("onecycle",) or cfg.get("sched_per_batch"): sched.step()
            tl += float(loss) * len(idx); n += len(idx)
        model.eval()
        with torch.no_grad():
            out = model(Xva_t).float(); vl = float(lossf(out, yva_t))
            if cfg.get("mse_on_ids"): vm = float((out.round().clamp(0, NCLS[task] - 1).long()[:, 0] == yva_t).float().mean())
            else: vm = metric_of(kind, out, yva_t)
        cur_lr = opt.param_groups[0]["lr"]
        log_epoch(ep + 1, E, {"train_loss": tl / n, "val_loss": vl, "val_metric": vm, "lr": cur_lr})
        if sched is not None and s != "onecycle" and not cfg.get("sched_per_batch"):
            sched.step(vl) if s == "plateau" else sched.step()
        if cfg.get("kill_after") and ep + 1 == cfg["kill_after"]:
            os.kill(os.getpid(), signal.SIGKILL)
        if cfg.get("stop_after") and ep + 1 == cfg["stop_after"]:
            break
        if cfg.get("early_stop"):
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["early_stop"]: break

# ---------------------------------------------------------------- loggers
def fmt(x):
    return "nan" if x != x else f"{x:.4f}"

def text_logger(path, style, cfg, mode="w"):
    m = METRIC[KIND[cfg["task"]]]
    if style == "logging":
        lg = logging.getLogger(path); lg.handlers.clear(); lg.setLevel(logging.INFO); lg.propagate = False
        h = logging.FileHandler(path, mode=mode); h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s | %(message)s")); lg.addHandler(h)
        lg.name = "trainer"
        lg.info("starting %s/%s lr=%g epochs=%d", cfg["task"], cfg["arch"], cfg["lr"], cfg["epochs"])
        def f(ep, E, r):
            lg.info("epoch %d done -> train_objective %s ; heldout_objective %s ; %s %s ; lr %.3e", ep, fmt(r["train_loss"]), fmt(r["val_loss"]), m, fmt(r["val_metric"]), r["lr"])
            h.flush()
        return f
    fh = open(path, mode, buffering=1)
    if style == "print":
        print(f"### {cfg['task']} with {cfg['arch']} (opt={cfg['opt']}, lr={cfg['lr']})", file=fh, flush=True)
        def f(ep, E, r):
            print(f"ep {ep:03d}/{E} :: fit={fmt(r['train_loss'])} hold={fmt(r['val_loss'])} {m}={fmt(r['val_metric'])} step={r['lr']:.2e}", file=fh, flush=True)
        return f
    if style == "bracket":
        def f(ep, E, r):
            print(f"[it {ep}] objective: {fmt(r['train_loss'])} (train)  {fmt(r['val_loss'])} (valid)  {m}: {fmt(r['val_metric'])}  lr: {r['lr']:.3g}", file=fh, flush=True)
        return f
    if style == "tqdm":
        from tqdm import tqdm
        bar = {"b": None}
        def f(ep, E, r):
            if bar["b"] is None:
                bar["b"] = tqdm(total=E, file=fh, ncols=110, mininterval=0, desc="training", ascii=True)
            bar["b"].set_postfix_str(f"loss={fmt(r['train_loss'])}, val_loss={fmt(r['val_loss'])}, {m}={fmt(r['val_metric'])}, lr={r['lr']:.2e}", refresh=False)
            bar["b"].update(1); fh.flush()
        return f
    raise ValueError(style)

def csv_logger(path, cfg, mode="w"):
    m = METRIC[KIND[cfg["task"]]]
    fh = open(path, mode, newline="", buffering=1); w = csv.writer(fh)
    if mode == "w": w.writerow(["epoch", "tr_loss", "va_loss", f"va_{m}", "lr"])
    def f(ep, E, r):
        w.writerow([ep, r["train_loss"], r["val_loss"], r["val_metric"], r["lr"]]); fh.flush()
    return f

def jsonl_logger(path, cfg, mode="w"):
    m = METRIC[KIND[cfg["task"]]]
    fh = open(path, mode, buffering=1)
    def f(ep, E, r):
        fh.write(json.dumps({"ep": ep, "of": E, "loss": r["train_loss"], "valid_loss": r["val_loss"], f"valid_{m}": r["val_metric"], "lr": r["lr"]}) + "\n"); fh.flush()
    return f

def tb_logger(d, cfg, x=False):
    m = METRIC[KIND[cfg["task"]]]
    if x:
        from tensorboardX import SummaryWriter
        w = SummaryWriter(d, flush_secs=1)
        tags = ("Loss/train", "Loss/val", f"Metric/{m}", "Hparam/lr")
    else:
        from torch.utils.tensorboard import SummaryWriter
        w = SummaryWriter(d, flush_secs=1)
        tags = ("train/loss", "valid/loss", f"valid/{m}", "train/learning_rate")
    def f(ep, E, r):
        for t, k in zip(tags, ("train_loss", "val_loss", "val_metric", "lr")): w.add_scalar(t, r[k], ep)
        w.flush()
    f.writer = w
    return f

# ---------------------------------------------------------------- Lightning
def run_lightning(cfg, outdir):
    import torch, torch.nn.functional as F, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import EarlyStopping, LearningRateMonitor
    torch.manual_seed(cfg.get("seed", 0))
    task = cfg["task"]; kind = KIND[task]
    Xtr, ytr, Xva, yva = split(task, cfg.get("n_tr", 700), 250, 0)
    if task in ("beam", "pantry", "gait"): Xtr, Xva = standardise(Xtr, Xva)
    if task == "beam": mu, sd = ytr.mean(), ytr.std(); ytr = (ytr - mu) / sd; yva = (yva - mu) / sd
    if cfg.get("shuffle_labels"): ytr = ytr[np.random.RandomState(3).permutation(len(ytr))]
    ft = torch.long if task in ("seen", "chord") else torch.float32; lt = torch.long if kind == "cls" else torch.float32
    tr = torch.utils.data.TensorDataset(torch.tensor(Xtr, dtype=ft), torch.tensor(ytr, dtype=lt))
    va = torch.utils.data.TensorDataset(torch.tensor(Xva, dtype=ft), torch.tensor(yva, dtype=lt))
    m = METRIC[kind]
    class Mod(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = build_model(cfg["arch"], task, cfg)
        def lo(s, out, y):
            if kind == "reg": return F.mse_loss(out.view(-1), y)
            if kind in ("ml", "tag"): return F.binary_cross_entropy_with_logits(out, y)
            return F.cross_entropy(out, y)
        def training_step(s, b, i):
            l = s.lo(s.net(b[0]), b[1]); s.log("train_loss", l, on_step=False, on_epoch=True); return l
        def validation_step(s, b, i):
            out = s.net(b[0]); s.log("val_loss", s.lo(out, b[1])); s.log(f"val_{m}", metric_of(kind, out, b[1]))
        def configure_optimizers(s):
            if cfg["opt"] == "sgd": o = torch.optim.SGD(s.parameters(), lr=cfg["lr"], momentum=0.9)
            else: o = torch.optim.AdamW(s.parameters(), lr=cfg["lr"], weight_decay=cfg.get("wd", 0.01))
            if cfg.get("sched") == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, cfg["epochs"])}
            if cfg.get("sched") == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, patience=2, factor=0.5), "monitor": "val_loss"}}
            return o
    cbs = [LearningRateMonitor(logging_interval="epoch")]
    if cfg.get("early_stop"): cbs.append(EarlyStopping("val_loss", patience=cfg["early_stop"]))
    t = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(outdir, name="lightning_logs"), callbacks=cbs,
                  enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False, num_sanity_val_steps=0)
    t.fit(Mod(), torch.utils.data.DataLoader(tr, batch_size=50, shuffle=True), torch.utils.data.DataLoader(va, batch_size=250))

# ---------------------------------------------------------------- Keras
def run_keras(cfg, outdir):
    import keras
    keras.utils.set_random_seed(cfg.get("seed", 0))
    task = cfg["task"]; kind = KIND[task]
    Xtr, ytr, Xva, yva = split(task, cfg.get("n_tr", 700), 250, 0)
    if task == "chord":
        Xtr = np.eye(13)[Xtr].reshape(len(Xtr), -1); Xva = np.eye(13)[Xva].reshape(len(Xva), -1)
    else: Xtr, Xva = standardise(Xtr, Xva)
    if task == "beam": mu, sd = ytr.mean(), ytr.std(); ytr = (ytr - mu) / sd; yva = (yva - mu) / sd
    reg = keras.regularizers.l2(cfg["l2"]) if cfg.get("l2") else None
    out = {"reg": (1, None), "ml": (5, "sigmoid"), "cls": (NCLS.get(task, 1), "softmax")}[kind]
    model = keras.Sequential([keras.Input((Xtr.shape[1],)), keras.layers.Dense(64, activation="relu", kernel_regularizer=reg),
                              keras.layers.Dropout(cfg.get("dropout", 0.0)),
                              keras.layers.Dense(64, activation="relu", kernel_regularizer=reg), keras.layers.Dense(out[0], activation=out[1], kernel_regularizer=reg)])
    loss = {"reg": "mse", "ml": "binary_crossentropy", "cls": "sparse_categorical_crossentropy"}[kind]
    met = {"reg": ["mae"], "ml": ["binary_accuracy"], "cls": ["accuracy"]}[kind]
    model.compile(keras.optimizers.Adam(cfg["lr"]), loss=loss, metrics=met)
    cbs = []
    if cfg.get("plateau"): cbs.append(keras.callbacks.ReduceLROnPlateau(patience=2, factor=0.5))
    if cfg.get("early_stop"): cbs.append(keras.callbacks.EarlyStopping(patience=cfg["early_stop"], restore_best_weights=True))
    if cfg["klog"] == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(outdir, "training.log")))
    if cfg.get("sorted_valsplit"):
        X = np.concatenate([Xtr, Xva]); y = np.concatenate([ytr, yva]); o = np.argsort(y); X, y = X[o], y[o]
        h = model.fit(X, y, validation_split=0.25, epochs=cfg["epochs"], batch_size=50, verbose=0, callbacks=cbs)
    else:
        h = model.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=cfg["epochs"], batch_size=50, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if cfg["klog"] == "json":
        json.dump(hist, open(os.path.join(outdir, "history.json"), "w"), indent=1)
    if cfg["klog"] == "csv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(outdir, "history.csv"))

# ---------------------------------------------------------------- HF Trainer
def run_hf(cfg, outdir):
    import torch, transformers as T
    torch.manual_seed(0)
    task = cfg["task"]; kind = KIND[task]
    Xtr, ytr, Xva, yva = split(task, 700, 250, 0)
    if task == "pantry":  # bin the ingredient amounts into tokens: ingredient i, bucket b -> 4*i+b
        Xtr = (np.arange(14) * 4 + np.minimum(np.floor(Xtr), 3)).astype(int); Xva = (np.arange(14) * 4 + np.minimum(np.floor(Xva), 3)).astype(int)
    nl = {"cls": NCLS.get(task, 2), "ml": 5, "tag": 2}[kind]
    common = dict(vocab_size=64, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
                  max_position_embeddings=32, num_labels=nl)
    if kind == "ml": common["problem_type"] = "multi_label_classification"
    if cfg["hf"] == "ernie":
        conf = T.ErnieConfig(**common)
        model = (T.ErnieForTokenClassification if kind == "tag" else T.ErnieForSequenceClassification)(conf)
    else:
        conf = T.IBertConfig(**common)
        model = (T.IBertForTokenClassification if kind == "tag" else T.IBertForSequenceClassification)(conf)
    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X, y
        def __len__(s): return len(s.X)
        def __getitem__(s, i):
            lab = torch.tensor(s.y[i], dtype=torch.float32 if kind == "ml" else torch.long)
            return {"input_ids": torch.tensor(s.X[i] + (1 if cfg["hf"] == "ibert" else 0), dtype=torch.long), "labels": lab}
    def cm(p):
        lo, lab = p.predictions, p.label_ids
        if kind == "ml": pr = (lo > 0).astype(float); tp = (pr * lab).sum(); return {"micro_f1": float(2 * tp / (2 * tp + (pr * (1 - lab)).sum() + ((1 - pr) * lab).sum() + 1e-9))}
        return {"accuracy": float((lo.argmax(-1) == lab).mean())}
    args = T.TrainingArguments(output_dir=outdir, num_train_epochs=cfg["epochs"], per_device_train_batch_size=32, per_device_eval_batch_size=250,
                               learning_rate=cfg["lr"], warmup_steps=int(cfg.get("warmup", 0.0) * cfg["epochs"] * 22), lr_scheduler_type=cfg.get("sched", "linear"),
                               eval_strategy="epoch", logging_strategy="epoch", save_strategy="no", report_to="none",
                               seed=0, use_cpu=True, disable_tqdm=True, weight_decay=0.01, max_grad_norm=cfg.get("clip", 1.0))
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=cm)
    tr.train(); tr.save_state()

# ---------------------------------------------------------------- the batch
B = lambda **k: k
RUNSPEC = {
 # ---- text (16)
 "text/beam-mlp-warmcos": B(task="beam", arch="mlp", opt="adamw", lr=3e-3, wd=1e-4, epochs=30, sched="warmcos", style="print"),
 "text/chord-gru-earlystop": B(task="chord", arch="gru", opt="adam", lr=3e-3, epochs=40, early_stop=4, style="logging"),
 "text/gait-cnn-steplr": B(task="gait", arch="cnn", opt="sgd", lr=0.05, epochs=30, sched="step", step=10, style="bracket"),
 "text/seen-lstm-clip": B(task="seen", arch="lstm", opt="adam", lr=5e-3, epochs=25, clip=1.0, style="tqdm"),
 "text/pantry-mlp-plateau": B(task="pantry", arch="mlp", opt="adam", lr=2e-3, epochs=30, sched="plateau", dropout=0.2, style="print"),
 "text/gait-cnn-sgd-lr8": B(task="gait", arch="cnn", opt="sgd", lr=8.0, epochs=25, style="logging"),
 "text/chord-gru-lr1e-6": B(task="chord", arch="gru", opt="adam", lr=1e-6, epochs=25, style="bracket"),
 "text/beam-mlp-nozerograd": B(task="beam", arch="mlp", opt="sgd", lr=0.01, epochs=25, no_zero_grad=True, style="print"),
 "text/pantry-mlp-shuffled": B(task="pantry", arch="mlp", opt="adam", lr=2e-3, epochs=25, shuffle_labels=True, style="tqdm"),
 "text/seen-rnn-relu-noclip": B(task="seen", arch="rnn", opt="sgd", lr=0.05, mom=0.9, epochs=25, rnn_init=1.3, style="logging"),
 "text/gait-cnn-killed": B(task="gait", arch="cnn", opt="adam", lr=3e-3, epochs=30, kill_after=11, style="print"),
 "text/beam-mlp-relaunch": B(task="beam", arch="mlp", opt="adam", lr=2e-3, epochs=20, relaunch_at=8, style="bracket"),
 "text/chord-gru-optwrongmodel": B(task="chord", arch="gru", opt="adam", lr=3e-3, epochs=20, opt_wrong_model=True, style="logging"),
 "text/beam-mlp-log-notch": B(task="beam", arch="mlp", opt="adam", lr=2e-3, epochs=20, logcols=(5,), style="print"),
 "text/pantry-mlp-tiny": B(task="pantry", arch="mlp", opt="adam", lr=3e-3, epochs=150, n_tr=30, style="bracket"),
 "text/seen-gru-frozen-typo": B(task="seen", arch="gru", opt="adam", lr=5e-3, epochs=20, freeze=True, freeze_keep="h.", style="tqdm"),
 # ---- csv / jsonl (9)
 "csv/beam-mlp-wd": B(task="beam", arch="mlp", opt="adamw", lr=3e-3, wd=0.05, epochs=30, sched="cosine", log="csv"),
 "csv/gait-mlp-dropout": B(task="gait", arch="mlp", opt="adam", lr=1e-3, epochs=30, dropout=0.3, log="csv"),
 "csv/chord-lstm-steplr-per-batch": B(task="chord", arch="lstm", opt="adam", lr=3e-3, epochs=25, sched="step", step=10, sched_per_batch=True, log="csv"),
 "csv/pantry-mlp-wd-huge": B(task="pantry", arch="mlp", opt="adam", lr=2e-3, wd=1.0, epochs=25, log="csv"),
 "csv/pantry-mlp-cut-short": B(task="pantry", arch="mlp", opt="sgd", lr=0.1, epochs=60, sched="cosine", stop_after=18, log="csv"),
 "jsonl/seen-gru-onecycle": B(task="seen", arch="gru", opt="adam", lr=1e-2, epochs=20, sched="onecycle", log="jsonl"),
 "jsonl/gait-cnn-double-softmax": B(task="gait", arch="cnn", opt="adam", lr=1e-3, epochs=25, softmax_head=True, log="jsonl"),
 "jsonl/beam-mlp-adam-lr1": B(task="beam", arch="mlp", opt="adam", lr=1.0, epochs=25, log="jsonl"),
 "jsonl/chord-gru-eval-train": B(task="chord", arch="gru", opt="adam", lr=3e-3, epochs=25, eval_on_train=True, log="jsonl"),
 # ---- tensorboard (9)
 "tb/gait-cnn-cosine": B(task="gait", arch="cnn", opt="adamw", lr=3e-3, epochs=25, sched="cosine", log="tb"),
 "tb/beam-mlp-steplr": B(task="beam", arch="mlp", opt="sgd", lr=0.02, epochs=30, sched="step", step=10, log="tb"),
 "tb/seen-lstm-sgd-clip": B(task="seen", arch="lstm", opt="sgd", lr=0.5, mom=0.9, clip=0.5, epochs=25, log="tb"),
 "tb/chord-transformer-warmup": B(task="chord", arch="transformer", opt="adamw", lr=2e-3, epochs=30, sched="warmcos", warm=4, dropout=0.1, log="tb"),
 "tb/pantry-mlp-half": B(task="pantry", arch="mlp", opt="adam", lr=1e-3, epochs=20, half=True, log="tb"),
 "tb/gait-cnn-mse-on-ids": B(task="gait", arch="cnn", opt="adam", lr=3e-3, epochs=25, mse_on_ids=True, log="tb"),
 "tbx/beam-mlp-leak": B(task="beam", arch="mlp", opt="adam", lr=3e-3, epochs=30, leak=True, log="tbx"),
 "tbx/seen-gru-lr-tiny": B(task="seen", arch="gru", opt="sgd", lr=1e-4, mom=0.0, epochs=25, log="tbx"),
 "tbx/gait-mlp-no-train-mode": B(task="gait", arch="mlp", opt="adam", lr=2e-3, epochs=25, dropout=0.5, bn=True, never_train_mode=True, log="tbx"),
 # ---- lightning (6)
 "lightning/beam-mlp-cosine": B(task="beam", arch="mlp", opt="adamw", lr=3e-3, epochs=25, sched="cosine", log="lightning"),
 "lightning/pantry-mlp-earlystop": B(task="pantry", arch="mlp", opt="adamw", lr=3e-3, epochs=40, early_stop=3, dropout=0.1, log="lightning"),
 "lightning/gait-cnn-plateau": B(task="gait", arch="cnn", opt="adamw", lr=3e-3, epochs=25, sched="plateau", log="lightning"),
 "lightning/chord-gru-sgd-lr30": B(task="chord", arch="gru", opt="sgd", lr=30.0, epochs=20, log="lightning"),
 "lightning/seen-gru-shuffled": B(task="seen", arch="gru", opt="adamw", lr=5e-3, epochs=20, shuffle_labels=True, log="lightning"),
 "lightning/beam-mlp-tiny": B(task="beam", arch="mlp", opt="adamw", lr=5e-3, wd=0.0, epochs=120, n_tr=25, log="lightning"),
 # ---- keras (6)
 "keras/beam-csvlogger-plateau": B(task="beam", lr=2e-3, epochs=30, plateau=True, klog="csvlogger", log="keras"),
 "keras/gait-history-json": B(task="gait", lr=1e-3, epochs=30, dropout=0.2, klog="json", log="keras"),
 "keras/pantry-history-csv-es": B(task="pantry", lr=1e-3, epochs=50, early_stop=4, klog="csv", log="keras"),
 "keras/chord-adam-lr3": B(task="chord", lr=3.0, epochs=20, klog="csvlogger", log="keras"),
 "keras/beam-sorted-valsplit": B(task="beam", lr=2e-3, epochs=25, sorted_valsplit=True, klog="json", log="keras"),
 "keras/pantry-l2-huge": B(task="pantry", lr=1e-3, epochs=25, l2=0.5, klog="csvlogger", log="keras"),
 # ---- HF Trainer (4)
 "hf/chord-ernie-warmup": B(task="chord", hf="ernie", lr=2e-3, epochs=20, warmup=0.1, sched="cosine", log="hf"),
 "hf/seen-ibert-tagging": B(task="seen", hf="ibert", lr=2e-3, epochs=12, log="hf"),
 "hf/pantry-ernie-lr-tiny": B(task="pantry", hf="ernie", lr=1e-7, epochs=10, log="hf"),
 "hf/chord-ibert-lr-high": B(task="chord", hf="ibert", lr=0.5, epochs=10, clip=0.0, sched="constant", log="hf"),
}

def make_one(name):
    cfg = dict(RUNSPEC[name]); d = os.path.join(RUNS, name); os.makedirs(d, exist_ok=True)
    lg = cfg.get("log")
    if lg == "lightning": return run_lightning(cfg, d)
    if lg == "keras": return run_keras(cfg, d)
    if lg == "hf": return run_hf(cfg, d)
    if lg is None:  # text
        p = os.path.join(d, "train.log")
        if cfg.get("relaunch_at"):
            # first launch dies (laptop went to sleep - simulated by stopping), relaunch with same command appends
            c1 = dict(cfg, stop_after=cfg["relaunch_at"])
            torch_train(c1, text_logger(p, cfg["style"], cfg, "w"))
            torch_train(dict(cfg, seed=1), text_logger(p, cfg["style"], cfg, "a"))
            return
        return torch_train(cfg, text_logger(p, cfg["style"], cfg))
    if lg == "csv": return torch_train(cfg, csv_logger(os.path.join(d, "metrics.csv"), cfg))
    if lg == "jsonl": return torch_train(cfg, jsonl_logger(os.path.join(d, "log.jsonl"), cfg))
    if lg in ("tb", "tbx"):
        f = tb_logger(d, cfg, x=(lg == "tbx")); torch_train(cfg, f); f.writer.close(); return

if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--only"); ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    if a.only:
        import torch; torch.set_num_threads(1); make_one(a.only); sys.exit(0)
    names = list(RUNSPEC); procs = []
    while names or procs:
        while names and len(procs) < a.jobs:
            n = names.pop(0); procs.append((n, time.time(), subprocess.Popen([sys.executable, __file__, "--only", n], stdout=subprocess.DEVNULL, stderr=open(f"/tmp/nu39_{n.replace('/', '_')}.err", "w"))))
        time.sleep(0.2)
        for t in list(procs):
            if t[2].poll() is not None:
                print(f"{t[0]} rc={t[2].returncode} {time.time() - t[1]:.1f}s", flush=True); procs.remove(t)
