"""lockbox 2026-12-25nu29: ~50 small CPU trainings a new user might write.

python make_runs.py                  # makes every run (two subprocesses at a time)
python make_runs.py --only text/lichen_print_cosine   # re-makes one run
Every run writes to runs/<format>/<run-name>/ exactly as its logger leaves it.
"""
import argparse, json, math, os, shutil, signal, subprocess, sys, time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

# ----------------------------------------------------------------------------- data (numpy only)
import numpy as np

LICHEN_NAMES = ["crustose", "foliose", "fruticose", "squamulose"]


def data_lichen(seed=0, n=2400):
    """Lichen growth form from field measurements: thallus thickness (mm), lobe width (mm),
    height above substrate (mm), attachment strength (N), rhizine density (/cm2), branching index,
    colour hue (sin/cos). 4 classes, wide field noise, 3% mislabelled specimens."""
    r = np.random.RandomState(seed)
    y = r.randint(0, 4, n)
    mu = np.array([[0.3, 0.0, 0.1, 9.0, 0.0, 0.0, 0.2],
                   [0.5, 6.0, 1.0, 3.0, 12.0, 0.5, 1.4],
                   [0.8, 1.5, 25.0, 1.0, 0.0, 4.0, 2.4],
                   [0.6, 2.5, 2.0, 4.5, 3.0, 0.8, 0.9]])
    sd = np.array([0.25, 2.2, 6.0, 2.2, 6.0, 1.2, 0.9])
    X = mu[y] + r.randn(n, 7) * sd
    hue = X[:, 6]
    X = np.c_[X[:, :6], np.sin(hue), np.cos(hue)]
    flip = r.rand(n) < 0.03
    y[flip] = r.randint(0, 4, flip.sum())
    X = (X - X.mean(0)) / X.std(0)
    return X.astype(np.float32), y.astype(np.int64), 4


def data_cable(seed=0, n=2400):
    """Sag (m) of an overhead conductor: w L^2 / (8 H) with thermal slackening; inputs span L (m),
    weight w (N/m), tension H (kN), conductor temp (C), ice thickness (mm); 3% multiplicative noise.
    Target: standardised log sag."""
    r = np.random.RandomState(seed)
    L = r.uniform(60, 450, n); w = r.uniform(4, 22, n); H = r.uniform(6, 45, n) * 1e3
    T = r.uniform(-20, 75, n); ice = r.exponential(4.0, n)
    we = w + 0.0283 * ice * (ice + 20)
    sag = we * L ** 2 / (8 * H) * (1 + 0.004 * (T - 15)) ** 0.5 * np.exp(r.randn(n) * 0.03)
    X = np.c_[np.log(L), np.log(w), np.log(H), T, np.log1p(ice)]
    X = (X - X.mean(0)) / X.std(0)
    t = np.log(sag); t = (t - t.mean()) / t.std()
    return X.astype(np.float32), t.astype(np.float32)[:, None], 0


def data_span7(seed=0, n=2400, length=12):
    """12 tokens over symbols 1..8 (0 is padding); class = distance between first and last
    occurrence of symbol 8: absent-or-once / 1-4 / 5-8 / 9-11 (K = 4)."""
    r = np.random.RandomState(seed)
    X = r.randint(1, 9, (n, length))
    y = np.zeros(n, np.int64)
    for i in range(n):
        p = np.where(X[i] == 8)[0]
        d = 0 if len(p) < 2 else p[-1] - p[0]
        y[i] = 0 if d == 0 else (1 if d <= 4 else (2 if d <= 8 else 3))
    return X.astype(np.int64), y, 4


DATA = {"lichen": data_lichen, "cable": data_cable, "span7": data_span7}


def split(X, y, n_val=600):
    return X[:-n_val], y[:-n_val], X[-n_val:], y[-n_val:]


# ----------------------------------------------------------------------------- torch models and loop
def torch_bits():
    import torch, torch.nn as nn
    torch.set_num_threads(1)
    return torch, nn


def make_model(kind, task, hidden=64, dropout=0.0, bn=False, init_gain=None):
    torch, nn = torch_bits()
    K = {"lichen": 4, "cable": 1, "span7": 4}[task]
    if task != "span7":
        d_in = 8 if task == "lichen" else 5
        layers = [nn.Linear(d_in, hidden)]
        if bn: layers.append(nn.BatchNorm1d(hidden))
        layers += [nn.ReLU(), nn.Dropout(dropout), nn.Linear(hidden, hidden), nn.ReLU(), nn.Dropout(dropout),
                   nn.Linear(hidden, K)]
        return nn.Sequential(*layers)

    class Seq(nn.Module):
        def __init__(s):
            super().__init__()
            s.emb = nn.Embedding(9, 16)
            if kind == "conv":
                s.body = nn.Sequential(nn.Conv1d(16, hidden, 3, padding=1), nn.ReLU(),
                                       nn.Conv1d(hidden, hidden, 3, padding=2, dilation=2), nn.ReLU())
            elif kind == "gru":
                s.body = nn.GRU(16, hidden, batch_first=True)
            elif kind == "lstm":
                s.body = nn.LSTM(16, hidden, batch_first=True)
            elif kind == "relu_rnn":
                s.body = nn.RNN(16, hidden, batch_first=True, nonlinearity="relu")
                if init_gain:
                    with torch.no_grad():
                        s.body.weight_hh_l0.copy_(torch.eye(hidden) * init_gain + torch.randn(hidden, hidden) * 0.05)
            s.drop = nn.Dropout(dropout)
            s.bn = nn.BatchNorm1d(hidden) if bn else nn.Identity()
            s.head = nn.Linear(hidden, 4)

        def forward(s, x):
            e = s.emb(x)
            if kind == "conv":
                h = s.body(e.transpose(1, 2)).max(dim=2).values
            else:
                out, _ = s.body(e)
                h = out[:, -1]
            return s.head(s.drop(s.bn(h)))
    return Seq()


def train_torch(cfg, on_epoch, on_step=None):
    """A plain loop. Faults are the cfg switches a user could have typed wrongly."""
    torch, nn = torch_bits()
    torch.manual_seed(cfg.get("seed", 0)); np.random.seed(cfg.get("seed", 0))
    task = cfg["task"]
    X, y, K = DATA[task](cfg.get("data_seed", 0))
    Xtr, ytr, Xva, yva = split(X, y)
    if cfg.get("n_train"): Xtr, ytr = Xtr[:cfg["n_train"]], ytr[:cfg["n_train"]]
    if cfg.get("shuffle_labels"):          # "shuffle the data" - but only the labels got permuted
        ytr = ytr[np.random.RandomState(1).permutation(len(ytr))]
    if cfg.get("misalign"):                # features sorted for batching, labels not
        Xtr = Xtr[np.argsort(Xtr[:, 0], kind="stable")]
    Xtr, ytr, Xva, yva = map(torch.tensor, (Xtr, ytr, Xva, yva))
    model = make_model(cfg.get("model", "mlp"), task, cfg.get("hidden", 64), cfg.get("dropout", 0.0),
                       cfg.get("bn", False), cfg.get("init_gain"))
    if cfg.get("dtype") == "bf16": model = model.to(torch.bfloat16)
    if cfg.get("freeze_body"):
        for p in list(model.parameters())[:-2]: p.requires_grad = False
    params = model.parameters()
    if cfg.get("wrong_params"):            # optimizer built on a second model instance
        params = make_model(cfg.get("model", "mlp"), task, cfg.get("hidden", 64)).parameters()
    opt_name, lr, wd = cfg.get("opt", "adam"), cfg["lr"], cfg.get("wd", 0.0)
    if opt_name == "adam": opt = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    elif opt_name == "adamw": opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    elif opt_name == "rmsprop": opt = torch.optim.RMSprop(params, lr=lr)
    else: opt = torch.optim.SGD(params, lr=lr, momentum=cfg.get("momentum", 0.9), weight_decay=wd)
    E, bs = cfg["epochs"], cfg.get("bs", 64)
    steps_per_epoch = math.ceil(len(Xtr) / bs)
    sch, sched = None, cfg.get("sched")
    if sched == "cosine": sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=E)
    elif sched == "step": sch = torch.optim.lr_scheduler.StepLR(opt, step_size=cfg.get("step_size", 10), gamma=0.3)
    elif sched == "plateau": sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    elif sched == "warmcos":
        w = cfg.get("warm", 3)
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e + 1) / w if e < w else
                                                0.5 * (1 + math.cos(math.pi * (e - w) / max(1, E - w))))
    elif sched == "linear_to_zero":        # total given in epochs from another config
        tot = cfg["sched_total"]
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: max(0.0, 1 - e / tot))
    elif sched == "onecycle":
        sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=E * steps_per_epoch)
    per_batch = sched == "onecycle" or cfg.get("sched_per_batch")
    reg = cfg.get("task") == "cable"

    def loss_fn(out, t):
        if reg: return nn.functional.mse_loss(out.float(), t)
        if cfg.get("mse_ids"): return nn.functional.mse_loss(out.float()[:, 0], t.float())
        if cfg.get("softmax_twice"): return nn.functional.cross_entropy(torch.softmax(out.float(), 1), t)
        if cfg.get("manual_ce"):          # -log(p[y]) written out by hand
            p = torch.exp(out.float()) / torch.exp(out.float()).sum(1, keepdim=True)
            return -torch.log(p[torch.arange(len(t)), t]).mean()
        return nn.functional.cross_entropy(out.float(), t, label_smoothing=cfg.get("smooth", 0.0))

    def evaluate(Xe, ye):
        if not cfg.get("no_eval_mode"): model.eval()
        with torch.no_grad():
            xin = Xe.to(torch.bfloat16) if (cfg.get("dtype") == "bf16" and Xe.dtype == torch.float32) else Xe
            out = model(xin).float()
            l = loss_fn(out, ye).item()
            m = (out - ye).abs().mean().item() if reg else (out.argmax(1) == ye).float().mean().item()
        return l, m

    g = torch.Generator().manual_seed(cfg.get("seed", 0))
    best, bad, step = float("inf"), 0, 0
    start_epoch = cfg.get("start_epoch", 1)
    for ep in range(start_epoch, E + 1):
        model.train()
        perm = torch.randperm(len(Xtr), generator=g)
        tot, n = 0.0, 0
        for i in range(0, len(Xtr), bs):
            idx = perm[i:i + bs]
            xb, yb = Xtr[idx], ytr[idx]
            if cfg.get("dtype") == "bf16" and xb.dtype == torch.float32: xb = xb.to(torch.bfloat16)
            if not cfg.get("no_zero_grad"): opt.zero_grad()
            out = model(xb)
            loss = loss_fn(out, yb)
            if cfg.get("l2_in_loss"):
                loss = loss + cfg["l2_in_loss"] * sum((p ** 2).sum() for p in model.parameters())
            loss.backward()
            gn = None
            if cfg.get("clip"):
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"]).item()
            elif on_step is not None or cfg.get("log_gnorm"):
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf")).item()
            opt.step(); step += 1
            if per_batch and sch is not None: sch.step()
            tot += loss.item() * len(idx); n += len(idx)
            if on_step: on_step(step, loss.item(), gn, opt.param_groups[0]["lr"])
        tr = tot / n
        if cfg.get("eval_train_as_val"):
            vl, vm = evaluate(Xtr[:600], ytr[:600])
        else:
            vl, vm = evaluate(Xva, yva)
        rec = dict(epoch=ep, train_loss=tr, val_loss=vl, val_metric=vm, lr=opt.param_groups[0]["lr"], gnorm=gn)
        on_epoch(rec)
        if cfg.get("kill_at") == ep:
            os.kill(os.getpid(), signal.SIGKILL)
        if sch is not None and not per_batch:
            sch.step(vl) if sched == "plateau" else sch.step()
        if cfg.get("early_stop"):
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["early_stop"]: break
    return model


# ----------------------------------------------------------------------------- loggers: text
def run_text(name, cfg, d):
    style = cfg["style"]
    metric = "mae" if cfg["task"] == "cable" else "acc"
    E = cfg["epochs"]
    if style == "print":
        f = open(os.path.join(d, "train.log"), "a")
        print(f"## {name} | task={cfg['task']} model={cfg.get('model','mlp')} lr={cfg['lr']} epochs={E}", file=f, flush=True)
        def on_epoch(r):
            print(f"ep {r['epoch']:>3d}/{E}  trn {r['train_loss']:.4f}  hold {r['val_loss']:.4f}  "
                  f"hold-{metric} {r['val_metric']:.4f}  lr {r['lr']:.3g}", file=f, flush=True)
        train_torch(cfg, on_epoch); print("finished", file=f, flush=True)
    elif style == "logging":
        import logging
        lg = logging.getLogger(name); lg.setLevel(logging.INFO)
        h = logging.FileHandler(os.path.join(d, "training.log")); lg.addHandler(h)
        h.setFormatter(logging.Formatter("%(asctime)s [%(levelname)s] %(message)s"))
        lg.info("launching %s: %d rounds, optimiser %s @ %g", name, E, cfg.get("opt", "adam"), cfg["lr"])
        def on_epoch(r):
            lg.info("round %d :: fit-loss=%.5f check-loss=%.5f check-%s=%.4f step-size=%.3e", r["epoch"],
                    r["train_loss"], r["val_loss"], metric, r["val_metric"], r["lr"])
        train_torch(cfg, on_epoch); lg.info("all rounds done")
    elif style == "sentence":
        f = open(os.path.join(d, "log.txt"), "a")
        print(f"Training {name} for {E} epochs.", file=f, flush=True)
        def on_epoch(r):
            print(f"Epoch {r['epoch']} finished: the average train loss is {r['train_loss']:.4f}; on the "
                  f"validation split the loss is {r['val_loss']:.4f} and the {metric} is {r['val_metric']:.4f}.",
                  file=f, flush=True)
        train_torch(cfg, on_epoch); print("Training is over.", file=f, flush=True)
    elif style == "tqdm":
        from tqdm import tqdm
        f = open(os.path.join(d, "stderr.txt"), "a")
        bar = tqdm(total=E, file=f, ascii=True, desc=name, mininterval=0)
        def on_epoch(r):
            bar.update(1)
            bar.set_postfix(loss=f"{r['train_loss']:.4f}", refresh=False)
            tqdm.write(f"[{r['epoch']:02d}] tr={r['train_loss']:.4f} va={r['val_loss']:.4f} va_{metric}={r['val_metric']:.4f}",
                       file=f)
            f.flush()
        train_torch(cfg, on_epoch); bar.close(); f.flush()
    elif style == "steps":
        f = open(os.path.join(d, "steps.out"), "a")
        def on_step(s, l, gn, lr):
            if s % cfg.get("every", 10) == 0:
                print(f"it={s:05d} loss={l:.5g} grad_norm={gn:.4g} lr={lr:.3g}", file=f, flush=True)
        def on_epoch(r):
            print(f"--- epoch {r['epoch']} eval_loss={r['val_loss']:.5g} eval_{metric}={r['val_metric']:.4f}", file=f, flush=True)
        train_torch(cfg, on_epoch, on_step); print("exit 0", file=f, flush=True)


# ----------------------------------------------------------------------------- loggers: csv / jsonl
def run_csv(name, cfg, d):
    style = cfg["style"]
    metric = "val_mae" if cfg["task"] == "cable" else "val_acc"
    if style == "dictwriter":
        import csv
        path = os.path.join(d, "history.csv"); new = not os.path.exists(path)
        f = open(path, "a", newline="")
        w = csv.DictWriter(f, fieldnames=["epoch", "loss", "val_loss", metric, "learning_rate"])
        if new: w.writeheader()
        def on_epoch(r):
            w.writerow({"epoch": r["epoch"], "loss": r["train_loss"], "val_loss": r["val_loss"], metric: r["val_metric"],
                        "learning_rate": r["lr"]}); f.flush()
        train_torch(cfg, on_epoch)
    elif style == "jsonl":
        f = open(os.path.join(d, "metrics.jsonl"), "a")
        def on_epoch(r):
            f.write(json.dumps({"ep": r["epoch"], "train/loss": r["train_loss"], "valid/loss": r["val_loss"],
                                "valid/" + metric[4:]: r["val_metric"], "lr": r["lr"]}) + "\n"); f.flush()
        train_torch(cfg, on_epoch)
    elif style == "pandas":
        import pandas as pd
        rows = []
        def on_epoch(r):
            rows.append({"epoch": r["epoch"], "trainLoss": r["train_loss"], "validLoss": r["val_loss"],
                         ("validMAE" if cfg["task"] == "cable" else "validAcc"): r["val_metric"], "lr": r["lr"]})
        train_torch(cfg, on_epoch)
        pd.DataFrame(rows).to_csv(os.path.join(d, "curves.csv"), index=False)


# ----------------------------------------------------------------------------- loggers: tensorboard
def run_tb(name, cfg, d):
    if cfg.get("tbx"):
        from tensorboardX import SummaryWriter
    else:
        from torch.utils.tensorboard import SummaryWriter
    w = SummaryWriter(log_dir=d)
    metric = "mae" if cfg["task"] == "cable" else "accuracy"
    def on_epoch(r):
        e = r["epoch"]
        w.add_scalar("Loss/train", r["train_loss"], e); w.add_scalar("Loss/valid", r["val_loss"], e)
        w.add_scalar(f"Metric/valid_{metric}", r["val_metric"], e); w.add_scalar("Optim/lr", r["lr"], e)
        if r.get("gnorm") is not None and cfg.get("log_gnorm"): w.add_scalar("Optim/grad_norm", r["gnorm"], e)
        w.flush()
    train_torch(cfg, on_epoch); w.close()


# ----------------------------------------------------------------------------- lightning
def run_lightning(name, cfg, d):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    torch_bits(); L.seed_everything(0, verbose=False)
    task = cfg["task"]
    X, y, K = DATA[task](0); Xtr, ytr, Xva, yva = split(X, y)
    if cfg.get("n_train"): Xtr, ytr = Xtr[:cfg["n_train"]], ytr[:cfg["n_train"]]
    from torch.utils.data import TensorDataset, DataLoader
    tl = DataLoader(TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)), batch_size=64, shuffle=True)
    vl = DataLoader(TensorDataset(torch.tensor(Xva), torch.tensor(yva)), batch_size=600)
    reg = task == "cable"

    class M(L.LightningModule):
        def __init__(s):
            super().__init__()
            s.net = make_model(cfg.get("model", "mlp"), task, cfg.get("hidden", 64), cfg.get("dropout", 0.0))
            if cfg.get("freeze_body"):
                for p in list(s.net.parameters())[:-2]: p.requires_grad = False
        def _loss(s, out, t):
            return torch.nn.functional.mse_loss(out, t) if reg else torch.nn.functional.cross_entropy(out, t)
        def training_step(s, b, i):
            out = s.net(b[0]); l = s._loss(out, b[1])
            s.log("train_loss", l, on_step=False, on_epoch=True); return l
        def validation_step(s, b, i):
            out = s.net(b[0]); s.log("val_loss", s._loss(out, b[1]))
            if reg: s.log("val_mae", (out - b[1]).abs().mean())
            else: s.log("val_acc", (out.argmax(1) == b[1]).float().mean())
        def configure_optimizers(s):
            ps = [p for p in s.parameters() if p.requires_grad]
            if cfg.get("opt") == "sgd": o = torch.optim.SGD(ps, lr=cfg["lr"], momentum=0.9)
            else: o = torch.optim.AdamW(ps, lr=cfg["lr"], weight_decay=cfg.get("wd", 0.01))
            if cfg.get("sched") == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, cfg["epochs"])}
            return o
    from lightning.pytorch.callbacks import LearningRateMonitor
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(d, name=""), enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, accelerator="cpu", devices=1,
                   callbacks=[LearningRateMonitor("epoch")], num_sanity_val_steps=0,
                   gradient_clip_val=cfg.get("clip"))
    tr.fit(M(), tl, vl)


# ----------------------------------------------------------------------------- keras
def run_keras(name, cfg, d):
    import keras
    keras.utils.set_random_seed(0)
    task = cfg["task"]
    X, y, K = DATA[task](0); Xtr, ytr, Xva, yva = split(X, y)
    reg = task == "cable"
    kr = keras.regularizers.l2(cfg["l2"]) if cfg.get("l2") else None
    layers = [keras.Input((X.shape[1],)), keras.layers.Dense(64, activation="relu", kernel_regularizer=kr)]
    if cfg.get("dropout"): layers.append(keras.layers.Dropout(cfg["dropout"]))
    layers += [keras.layers.Dense(64, activation="relu", kernel_regularizer=kr),
               keras.layers.Dense(1 if reg else 4, activation=cfg.get("out_act"))]
    m = keras.Sequential(layers)
    opt = keras.optimizers.Adam(cfg["lr"]) if cfg.get("opt", "adam") == "adam" else keras.optimizers.SGD(cfg["lr"], momentum=0.9)
    if reg: m.compile(opt, loss="mse", metrics=["mae"])
    else: m.compile(opt, loss=keras.losses.SparseCategoricalCrossentropy(from_logits=cfg.get("from_logits", True)),
                    metrics=["accuracy"])
    cbs = []
    if cfg["style"] == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training_log.csv")))
    if cfg.get("plateau"): cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3))
    if cfg.get("early_stop"): cbs.append(keras.callbacks.EarlyStopping(patience=cfg["early_stop"], restore_best_weights=True))
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=cfg["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if cfg["style"] == "history_json":
        json.dump(hist, open(os.path.join(d, "history.json"), "w"), indent=1)
    elif cfg["style"] == "history_csv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"), index_label="epoch")


# ----------------------------------------------------------------------------- HF Trainer
def run_hf(name, cfg, d):
    import torch, transformers as T
    torch_bits(); T.set_seed(0)
    X, y, K = DATA["span7"](0, n=1800); Xtr, ytr, Xva, yva = split(X, y, 400)
    kw = dict(vocab_size=9, num_labels=4, pad_token_id=0)
    arch = cfg["arch"]
    if arch == "electra":
        conf = T.ElectraConfig(embedding_size=32, hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                               intermediate_size=96, max_position_embeddings=16, **kw)
        model = T.ElectraForSequenceClassification(conf)
    elif arch == "gptneox":
        conf = T.GPTNeoXConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                               max_position_embeddings=16, **kw)
        model = T.GPTNeoXForSequenceClassification(conf)
    elif arch == "llama":
        conf = T.LlamaConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                             intermediate_size=96, max_position_embeddings=16, **kw)
        model = T.LlamaForSequenceClassification(conf)
    else:
        conf = T.BertConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                            max_position_embeddings=16, **kw)
        model = T.BertForSequenceClassification(conf)

    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X, y
        def __len__(s): return len(s.X)
        def __getitem__(s, i):
            return {"input_ids": torch.tensor(s.X[i]), "attention_mask": torch.ones(len(s.X[i]), dtype=torch.long),
                    "labels": torch.tensor(s.y[i])}

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    out = os.path.join("/tmp", "nu29_hf_" + name)
    args = T.TrainingArguments(output_dir=out, num_train_epochs=cfg["epochs"], per_device_train_batch_size=32,
                               per_device_eval_batch_size=200, learning_rate=cfg["lr"], warmup_steps=int(cfg.get("warmup", 0.0) * cfg["epochs"] * math.ceil(len(Xtr) / 32)),
                               lr_scheduler_type=cfg.get("sched", "linear"), eval_strategy="epoch", logging_steps=10,
                               save_strategy="no", report_to=[], seed=0, use_cpu=True, disable_tqdm=True,
                               weight_decay=0.01)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=metrics)
    tr.train(); tr.save_state()
    shutil.copy(os.path.join(out, "trainer_state.json"), os.path.join(d, "trainer_state.json"))
    shutil.rmtree(out, ignore_errors=True)


# ----------------------------------------------------------------------------- the batch
R = {}
def add(fmt, name, **cfg): R[f"{fmt}/{name}"] = cfg

# text (16)
add("text", "lichen_print_cosine", style="print", task="lichen", lr=2e-3, epochs=25, sched="cosine", dropout=0.1)
add("text", "cable_logging_stepdecay", style="logging", task="cable", opt="adamw", lr=3e-3, wd=1e-4, epochs=30, sched="step", step_size=10)
add("text", "span7_tqdm_gru_warmcos", style="tqdm", task="span7", model="gru", lr=4e-3, epochs=24, sched="warmcos", clip=1.0)
add("text", "lichen_sentence_sgd_plateau_es", style="sentence", task="lichen", opt="sgd", lr=0.05, epochs=40, sched="plateau", early_stop=6)
add("text", "span7_steps_lstm", style="steps", task="span7", model="lstm", lr=3e-3, epochs=15, every=15)
add("text", "lichen_print_smoothing", style="print", task="lichen", lr=1e-3, epochs=30, smooth=0.1, wd=1e-4)
add("text", "lichen_print_sgd_lr8", style="print", task="lichen", opt="sgd", lr=8.0, epochs=25)
add("text", "span7_logging_gru_nozerograd", style="logging", task="span7", model="gru", lr=2e-3, epochs=20, no_zero_grad=True)
add("text", "cable_logging_killed", style="logging", task="cable", lr=2e-3, epochs=40, sched="cosine", kill_at=13)
add("text", "lichen_print_relaunch", style="print", task="lichen", lr=1e-3, epochs=24, relaunch_kill_at=9)
add("text", "span7_steps_relurnn_noclip", style="steps", task="span7", model="relu_rnn", init_gain=1.15, opt="sgd", lr=0.05, epochs=12, every=10)
add("text", "lichen_sentence_tiny_train", style="sentence", task="lichen", lr=3e-3, epochs=60, n_train=48, hidden=256)
add("text", "span7_tqdm_softmax_twice", style="tqdm", task="span7", model="gru", lr=3e-3, epochs=20, softmax_twice=True)
add("text", "lichen_print_manual_ce_hot", style="print", task="lichen", lr=0.3, opt="rmsprop", epochs=20, manual_ce=True)
add("text", "cable_logging_step_per_batch", style="logging", task="cable", lr=3e-3, epochs=30, sched="step", step_size=5, sched_per_batch=True)
add("text", "cable_sentence_lr_1e-6", style="sentence", task="cable", lr=1e-6, epochs=30)
# csv / jsonl (9)
add("csv", "cable_dictwriter_onecycle", style="dictwriter", task="cable", lr=1e-2, epochs=25, sched="onecycle")
add("csv", "span7_jsonl_conv", style="jsonl", task="span7", model="conv", lr=2e-3, epochs=20, wd=1e-4)
add("csv", "lichen_pandas_dropout_wd", style="pandas", task="lichen", opt="adamw", lr=2e-3, wd=0.05, dropout=0.3, epochs=30)
add("csv", "lichen_dictwriter_label_shuffle", style="dictwriter", task="lichen", lr=2e-3, epochs=30, shuffle_labels=True, hidden=128)
add("csv", "span7_jsonl_misaligned", style="jsonl", task="span7", model="gru", lr=3e-3, epochs=20, misalign=True)
add("csv", "lichen_pandas_mse_on_ids", style="pandas", task="lichen", lr=2e-3, epochs=25, mse_ids=True)
add("csv", "cable_jsonl_l2_heavy", style="jsonl", task="cable", lr=3e-3, epochs=25, l2_in_loss=0.5)
add("csv", "lichen_dictwriter_wrong_params", style="dictwriter", task="lichen", lr=2e-3, epochs=20, wrong_params=True)
add("csv", "cable_pandas_bf16_tiny_lr", style="pandas", task="cable", dtype="bf16", opt="sgd", momentum=0.0, lr=1e-4, epochs=25)
# tensorboard (9)
add("tb", "lichen_sw_cosine", task="lichen", lr=2e-3, epochs=30, sched="cosine", bn=True)
add("tb", "span7_sw_gru_clip_gnorm", task="span7", model="gru", lr=3e-3, epochs=20, clip=0.5, log_gnorm=True)
add("tb", "cable_tbx_plateau", task="cable", lr=3e-3, epochs=35, sched="plateau", tbx=True)
add("tb", "span7_sw_adam_lr05", task="span7", model="gru", lr=0.5, epochs=20)
add("tb", "cable_tbx_killed", task="cable", lr=2e-3, epochs=30, kill_at=8, tbx=True)
add("tb", "lichen_sw_linear_decay_total10", task="lichen", opt="sgd", lr=0.02, epochs=40, sched="linear_to_zero", sched_total=10)
add("tb", "span7_tbx_no_eval_mode", task="span7", model="conv", lr=2e-3, epochs=20, dropout=0.5, bn=True, no_eval_mode=True, tbx=True)
add("tb", "cable_sw_overfit_80", task="cable", lr=3e-3, epochs=80, n_train=80, hidden=256)
add("tb", "lichen_tbx_sgd_nozerograd", task="lichen", opt="sgd", lr=0.05, epochs=25, no_zero_grad=True, tbx=True, log_gnorm=True)
# lightning (6)
add("lightning", "lichen_pl_mlp", task="lichen", lr=2e-3, epochs=20)
add("lightning", "span7_pl_gru_cosine", task="span7", model="gru", lr=4e-3, epochs=18, sched="cosine", clip=1.0)
add("lightning", "cable_pl_mlp_cosine", task="cable", lr=3e-3, epochs=25, sched="cosine")
add("lightning", "span7_pl_sgd_lr4", task="span7", model="gru", opt="sgd", lr=4.0, epochs=15)
add("lightning", "lichen_pl_frozen_body", task="lichen", lr=2e-3, epochs=20, freeze_body=True, hidden=16)
add("lightning", "span7_pl_tiny_train", task="span7", model="gru", lr=4e-3, epochs=40, n_train=120, hidden=128)
# keras (6)
add("keras", "lichen_keras_csvlogger", style="csvlogger", task="lichen", lr=1e-3, epochs=25, dropout=0.2)
add("keras", "cable_keras_plateau_es", style="history_json", task="cable", lr=3e-3, epochs=60, plateau=True, early_stop=8)
add("keras", "lichen_keras_histcsv", style="history_csv", task="lichen", lr=1e-3, epochs=20, opt="sgd")
add("keras", "lichen_keras_adam_lr1", style="csvlogger", task="lichen", lr=1.0, epochs=20)
add("keras", "lichen_keras_from_logits_false", style="history_json", task="lichen", lr=1e-3, epochs=20, from_logits=False)
add("keras", "cable_keras_l2_1", style="history_csv", task="cable", lr=1e-3, epochs=25, l2=1.0)
# hf (4)
add("hf", "span7_electra", arch="electra", lr=2e-3, epochs=6, warmup=0.1)
add("hf", "span7_gptneox_cosine", arch="gptneox", lr=2e-3, epochs=6, sched="cosine", warmup=0.1)
add("hf", "span7_llama_lr5e-2", arch="llama", lr=5e-2, epochs=6)
add("hf", "span7_bert_lr1e-7", arch="bert", lr=1e-7, epochs=6)

FN = {"text": run_text, "csv": run_csv, "tb": run_tb, "lightning": run_lightning, "keras": run_keras, "hf": run_hf}


def make_one(key, attempt=None):
    fmt, name = key.split("/")
    cfg = dict(R[key]); d = os.path.join(RUNS, fmt, name)
    if cfg.get("relaunch_kill_at"):
        if attempt == "1": cfg["kill_at"] = cfg["relaunch_kill_at"]
        # attempt 2: relaunched by hand with the same command; starts again from epoch 1, same log file
    os.makedirs(d, exist_ok=True)
    FN[fmt](name, cfg, d)


def spawn(key, attempt=None):
    args = [sys.executable, os.path.abspath(__file__), "--child", key] + (["--attempt", attempt] if attempt else [])
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make(keys):
    for k in keys:
        shutil.rmtree(os.path.join(RUNS, k), ignore_errors=True)
    jobs = []
    for k in keys:
        if R[k].get("relaunch_kill_at"):
            jobs.append((k, ["1", "2"]))
        else:
            jobs.append((k, [None]))
    running = []
    while jobs or running:
        while jobs and len(running) < 2:
            k, atts = jobs.pop(0)
            running.append((k, atts, spawn(k, atts[0])))
        time.sleep(0.2)
        for item in list(running):
            k, atts, p = item
            if p.poll() is not None:
                running.remove(item)
                print(f"{k} attempt={atts[0]} rc={p.returncode}", flush=True)
                if len(atts) > 1:
                    running.append((k, atts[1:], spawn(k, atts[1])))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--only"); ap.add_argument("--child"); ap.add_argument("--attempt")
    a = ap.parse_args()
    if a.child:
        make_one(a.child, a.attempt)
    elif a.only:
        make([a.only])
    else:
        make(list(R))
