"""Lock-box batch 2027-01-02nu37: small CPU trainings a new user wrote.

python make_runs.py               # makes every run (2 at a time, OMP_NUM_THREADS=1)
python make_runs.py --only text/loom_adam_dropout
Every run writes to runs/<format>/<run-name>/ exactly as its logger leaves it.
"""
import os, sys, json, csv, math, time, signal, shutil, logging, subprocess
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

# ----------------------------------------------------------------------------- data
def data_loom(seed=0, n_tr=1400, n_va=450):
    """weaving-defect class (ok / broken-warp / slub / float / oil-stain; K=5) from 10 loom sensor readings"""
    r = np.random.RandomState(100 + seed)
    n = n_tr + n_va
    X = r.randn(n, 10).astype(np.float32)
    W = r.randn(10, 5) * 0.9
    s = X @ W + 0.6 * np.stack([X[:, 0] * X[:, 1], X[:, 2] ** 2 - 1, np.sin(2 * X[:, 3]), X[:, 4] * X[:, 5], np.abs(X[:, 6]) - 0.8], 1)
    y = np.argmax(s + r.gumbel(size=s.shape) * 0.8, 1).astype(np.int64)
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]

def data_bridge(seed=0, n_tr=1400, n_va=450):
    """mid-span deflection of a footbridge (regression) from 7 readings"""
    r = np.random.RandomState(200 + seed)
    n = n_tr + n_va
    X = r.randn(n, 7).astype(np.float32)
    y = np.exp(0.5 * X[:, 0] + 0.35 * X[:, 1] - 0.4 * X[:, 2]) * (1 + 0.25 * np.tanh(X[:, 5])) + 0.3 * np.sin(X[:, 3] * 1.5) - 0.2 * X[:, 4] * X[:, 6]
    y = y + 0.08 * r.randn(n)
    y = ((y - y.mean()) / y.std()).astype(np.float32)[:, None]
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]

def data_birdsong(seed=0, n_tr=1400, n_va=450):
    """multi-label: which of 6 bird species sing in a recording, from 12 acoustic descriptors"""
    r = np.random.RandomState(300 + seed)
    n = n_tr + n_va
    Z = r.randn(n, 4)
    X = (Z @ r.randn(4, 12) * 0.6 + r.randn(n, 12) * 0.8).astype(np.float32)
    Y = []
    for j in range(6):
        a = r.randn(12) * 0.7
        p, q = r.choice(12, 2, replace=False)
        s = X @ a + 0.7 * X[:, p] * X[:, q] + 0.4 * r.randn(n)
        Y.append(s > np.percentile(s, 74))
    Y = np.stack(Y, 1).astype(np.float32)
    return X[:n_tr], Y[:n_tr], X[n_tr:], Y[n_tr:]

def data_runlen(seed=0, n_tr=1200, n_va=400, T=16):
    """sequence tagging: tokens over 0..3 that repeat w.p. 0.55; tag = length of the current run so far, capped at 4 (K=4)"""
    r = np.random.RandomState(400 + seed)
    n = n_tr + n_va
    X = np.zeros((n, T), np.int64); Y = np.zeros((n, T), np.int64)
    for i in range(n):
        run = 0
        for t in range(T):
            if t > 0 and r.rand() < 0.55:
                X[i, t] = X[i, t - 1]; run += 1
            else:
                X[i, t] = r.randint(4)
                run = run + 1 if (t > 0 and X[i, t] == X[i, t - 1]) else 1
            Y[i, t] = min(run, 4) - 1
    return X[:n_tr], Y[:n_tr], X[n_tr:], Y[n_tr:]

def data_inversions(seed=0, n_tr=1000, n_va=300, T=12):
    """sequence regression: 12 tokens over 0..7; target = standardised number of inversions"""
    r = np.random.RandomState(500 + seed)
    n = n_tr + n_va
    X = r.randint(0, 8, size=(n, T))
    inv = np.array([sum(int(x[i] > x[j]) for i in range(T) for j in range(i + 1, T)) for x in X], np.float32)
    y = (inv - inv.mean()) / inv.std()
    ids = np.concatenate([np.full((n, 1), 1), X + 2], 1).astype(np.int64)  # 1 = CLS, 0 = pad
    return ids[:n_tr], y[:n_tr].astype(np.float32), ids[n_tr:], y[n_tr:].astype(np.float32)

TASKS = {"loom": data_loom, "bridge": data_bridge, "birdsong": data_birdsong, "runlen": data_runlen}
KIND = {"loom": "cls", "bridge": "reg", "birdsong": "ml", "runlen": "seq"}

# ----------------------------------------------------------------------------- torch models
def mlp(d_in, d_out, width=64, depth=2, drop=0.0, bn=False, act="relu"):
    import torch.nn as nn
    A = {"relu": nn.ReLU, "tanh": nn.Tanh, "gelu": nn.GELU, "silu": nn.SiLU}[act]
    layers, d = [], d_in
    for _ in range(depth):
        layers.append(nn.Linear(d, width))
        if bn: layers.append(nn.BatchNorm1d(width))
        layers.append(A())
        if drop: layers.append(nn.Dropout(drop))
        d = width
    layers.append(nn.Linear(d, d_out))
    return nn.Sequential(*layers)

def tagger(kind="gru", emb=16, hid=48, K=4, vocab=4, drop=0.0):
    import torch, torch.nn as nn
    class Tagger(nn.Module):
        def __init__(s):
            super().__init__()
            s.emb = nn.Embedding(vocab, emb)
            if kind == "gru": s.rnn = nn.GRU(emb, hid, batch_first=True)
            elif kind == "lstm": s.rnn = nn.LSTM(emb, hid, batch_first=True)
            elif kind == "rnn_relu": s.rnn = nn.RNN(emb, hid, batch_first=True, nonlinearity="relu")
            else: s.rnn = nn.RNN(emb, hid, batch_first=True)
            s.drop = nn.Dropout(drop)
            s.out = nn.Linear(hid, K)
        def forward(s, x):
            h, _ = s.rnn(s.emb(x))
            return s.out(s.drop(h))
    return Tagger()

def model_for(task, **kw):
    d = {"loom": (10, 5), "bridge": (7, 1), "birdsong": (12, 6)}
    if task == "runlen":
        return tagger(**kw)
    return mlp(*d[task], **kw)

# ----------------------------------------------------------------------------- generic torch loop
def torch_fit(task, model, epochs, lr, opt="adam", bs=64, wd=0.0, seed=0, sched=None, sched_per="epoch",
              clip=None, faults=(), on_step=None, on_epoch=None, plateau=None, early_stop=None, tr_sub=None,
              momentum=0.9, kill_at=None, dtype=None, loss_name=None, **mk):
    import torch, torch.nn as nn, torch.nn.functional as F
    torch.manual_seed(seed)
    if model is None:
        model = model_for(task, **mk)
    if dtype == "bf16":
        dtype = torch.bfloat16
    torch.manual_seed(seed); np.random.seed(seed)
    Xtr, ytr, Xva, yva = TASKS[task](0)
    kind = KIND[task]
    if tr_sub: Xtr, ytr = Xtr[:tr_sub], ytr[:tr_sub]
    if "shuffle_labels" in faults:  # "shuffled the training frame" -- but only the target column
        ytr = ytr[np.random.RandomState(7).permutation(len(ytr))]
    if "misalign" in faults:  # features sorted by first column for a plot, labels not
        Xtr = Xtr[np.argsort(Xtr[:, 0])]
    if "leak" in faults:  # concatenated train + val before fitting
        Xtr = np.concatenate([Xtr, Xva]); ytr = np.concatenate([ytr, yva])
    Xtr_t, ytr_t = torch.tensor(Xtr), torch.tensor(ytr)
    Xva_t, yva_t = torch.tensor(Xva), torch.tensor(yva)
    if "eval_on_train" in faults:
        Xva_t, yva_t = Xtr_t[:len(Xva)], ytr_t[:len(Xva)]
    if dtype is not None:
        model = model.to(dtype)
        if Xtr_t.dtype.is_floating_point: Xtr_t, Xva_t = Xtr_t.to(dtype), Xva_t.to(dtype)
        if ytr_t.dtype.is_floating_point: ytr_t, yva_t = ytr_t.to(dtype), yva_t.to(dtype)
    params = model.parameters()
    if "frozen" in faults:  # froze the "backbone" -- the loop froze everything
        for p in model.parameters(): p.requires_grad_(False)
        params = [p for p in model.parameters()]
    if "wrong_params" in faults:  # optimizer built on a fresh copy of the model
        params = model_for(task).parameters()
    if opt == "adam": o = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    elif opt == "adamw": o = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    else: o = torch.optim.SGD(params, lr=lr, momentum=momentum, weight_decay=wd)
    steps_per_epoch = math.ceil(len(Xtr_t) / bs)
    s = sched(o, steps_per_epoch) if sched else None
    pl = torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.5, patience=plateau) if plateau else None

    def lossf(out, y):
        if kind == "cls":
            if "mse_on_ids" in faults:
                return F.mse_loss(out[:, 0], y.to(out.dtype))
            if "double_softmax" in faults:
                return F.cross_entropy(torch.softmax(out, 1), y)
            return F.cross_entropy(out, y)
        if kind == "seq":
            return F.cross_entropy(out.reshape(-1, out.shape[-1]), y.reshape(-1))
        if kind == "ml":
            if "log0" in faults:  # hand-written BCE
                p = torch.sigmoid(out)
                return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
            return F.binary_cross_entropy_with_logits(out, y)
        return F.mse_loss(out, y)

    def metric(out, y):
        if kind == "cls":
            if "mse_on_ids" in faults:
                return float((out[:, 0].round().clamp(0, 4).long() == y).float().mean())
            return float((out.argmax(1) == y).float().mean())
        if kind == "seq":
            return float((out.argmax(-1) == y).float().mean())
        if kind == "ml":
            pr = (out > 0).float(); tp = (pr * y).sum(); fp = (pr * (1 - y)).sum(); fn = ((1 - pr) * y).sum()
            return float(2 * tp / (2 * tp + fp + fn + 1e-9))
        return float(1 - ((out - y) ** 2).sum() / ((y - y.mean()) ** 2).sum())

    gstep, best, bad = 0, float("inf"), 0
    rng = np.random.RandomState(seed)
    model.train()
    for ep in range(1, epochs + 1):
        if "no_train_switch" not in faults:
            model.train()
        perm = rng.permutation(len(Xtr_t))
        tl, tn, tm = 0.0, 0, 0.0
        for b in range(steps_per_epoch):
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr_t[idx], ytr_t[idx]
            out = model(xb)
            loss = lossf(out, yb)
            if "no_zero_grad" not in faults:
                o.zero_grad()
            if loss.requires_grad:
                loss.backward()
            gn = None
            if clip:
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), clip))
            elif on_step is not None:
                gs = [p.grad.detach().float().norm() for p in model.parameters() if p.grad is not None]
                gn = float(torch.norm(torch.stack(gs))) if gs else 0.0
            o.step()
            if s is not None and sched_per == "batch":
                s.step()
            gstep += 1
            lv = float(loss)
            tl += lv * len(idx); tn += len(idx); tm += metric(out.detach(), yb) * len(idx)
            if on_step is not None:
                on_step(ep, gstep, {"loss": lv, "grad_norm": gn, "lr": o.param_groups[0]["lr"]})
        if "no_eval_switch" not in faults:
            model.eval()
        with torch.no_grad():
            out = model(Xva_t)
            vl = float(lossf(out, yva_t)); vm = metric(out, yva_t)
        lr_now = o.param_groups[0]["lr"]
        wn = float(torch.norm(torch.stack([p.detach().float().norm() for p in model.parameters()])))
        rec = {"epoch": ep, "step": gstep, "train_loss": tl / tn, "train_metric": tm / tn, "val_loss": vl,
               "val_metric": vm, "lr": lr_now, "weight_norm": wn}
        if on_epoch is not None:
            on_epoch(rec)
        if s is not None and sched_per == "epoch":
            s.step()
        if pl is not None:
            pl.step(vl)
        if kill_at is not None and ep == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        if early_stop:
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= early_stop:
                    return rec
    return rec

def cosine(total_epochs, warm=0):
    import torch
    def f(o, spe):
        def lam(e):
            if e < warm: return (e + 1) / warm
            return 0.5 * (1 + math.cos(math.pi * min(1.0, (e - warm) / max(1, total_epochs - warm))))
        return torch.optim.lr_scheduler.LambdaLR(o, lam)
    return f

def steplr(step, gamma):
    import torch
    return lambda o, spe: torch.optim.lr_scheduler.StepLR(o, step_size=step, gamma=gamma)

# ----------------------------------------------------------------------------- loggers
def fmt(v, p=4):
    return "nan" if v is None else (f"{v:.{p}f}" if isinstance(v, float) else str(v))

class TextLog:
    """four hand-written styles of a train.log"""
    def __init__(self, path, style, task, epochs, mode="w", names=None):
        self.f = open(path, mode); self.style = style; self.task = task; self.E = epochs
        self.n = names or {}
        self.logger = None
        if style == "logging":
            self.logger = logging.getLogger(path + str(time.time()))
            self.logger.setLevel(logging.INFO)
            h = logging.StreamHandler(self.f)
            h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s [%(name)s] %(message)s".replace("%(name)s", task)))
            self.logger.addHandler(h)
    def w(self, line):
        if self.logger: self.logger.info(line)
        else: self.f.write(line + "\n")
        self.f.flush()
    def header(self, txt):
        self.w(txt)
    def step(self, ep, g, d, every=20):
        if self.style == "logging" and g % every == 0:
            self.w(f"it {g:05d}  objective {fmt(d['loss'])}  gnorm {fmt(d['grad_norm'], 3)}")
    def epoch(self, r):
        m = self.n.get("metric", "score")
        if self.style == "pipe":
            self.w(f"[{self.task}] pass {r['epoch']:>3}/{self.E} | fit-loss {fmt(r['train_loss'])} | check-loss {fmt(r['val_loss'])} | {m} {fmt(r['val_metric'])} | rate {r['lr']:.2e}")
        elif self.style == "kv":
            self.w(f"epoch={r['epoch']} train.loss={fmt(r['train_loss'])} dev.loss={fmt(r['val_loss'])} dev.{m}={fmt(r['val_metric'])}")
        elif self.style == "logging":
            self.w(f"end of epoch {r['epoch']}: heldout objective {fmt(r['val_loss'])}, heldout {m} {fmt(r['val_metric'])}, lr {r['lr']:.3g}")
        elif self.style == "tqdm":
            from tqdm import tqdm
            tqdm.write(f"Ep {r['epoch']:03d} :: mean batch loss {fmt(r['train_loss'])} :: valid loss {fmt(r['val_loss'])} :: valid {m} {fmt(r['val_metric'])}", file=self.f)
            self.f.flush()
    def close(self):
        self.f.close()

def text_run(d, task, style, epochs, metric_name, header, fit_kw, mode="w", kill_at=None):
    os.makedirs(d, exist_ok=True)
    L = TextLog(os.path.join(d, "train.log"), style, task, epochs, mode=mode, names={"metric": metric_name})
    L.header(header)
    bar = None
    if style == "tqdm":
        from tqdm import tqdm
        bar = tqdm(total=epochs, file=L.f, ncols=70, mininterval=0, desc=task)
    def oe(r):
        L.epoch(r)
        if bar is not None: bar.update(1)
    torch_fit(task, epochs=epochs, on_step=(lambda e, g, dd: L.step(e, g, dd)) if style == "logging" else None,
              on_epoch=oe, kill_at=kill_at, **fit_kw)
    if bar is not None: bar.close()
    L.w("done." if style != "logging" else "training finished")
    L.close()

def csv_run(d, task, epochs, fit_kw, fmt_="csv", cols=None):
    os.makedirs(d, exist_ok=True)
    cols = cols or {"epoch": "epoch", "train_loss": "train_loss", "val_loss": "val_loss", "val_metric": "val_metric", "lr": "lr"}
    if fmt_ == "csv":
        f = open(os.path.join(d, "metrics.csv"), "w", newline=""); wr = csv.writer(f); wr.writerow(list(cols.values()))
        def oe(r):
            wr.writerow([r[k] if not isinstance(r[k], float) else f"{r[k]:.6g}" for k in cols]); f.flush()
    else:
        f = open(os.path.join(d, "log.jsonl"), "w")
        def oe(r):
            f.write(json.dumps({v: r[k] for k, v in cols.items()}) + "\n"); f.flush()
    try:
        torch_fit(task, epochs=epochs, on_epoch=oe, **fit_kw)
    finally:
        f.close()

def tb_run(d, task, epochs, fit_kw, lib="torch", tags=None, step_every=10):
    os.makedirs(d, exist_ok=True)
    if lib == "torch":
        from torch.utils.tensorboard import SummaryWriter
    else:
        from tensorboardX import SummaryWriter
    w = SummaryWriter(d)
    tags = tags or {"train_loss": "loss/train", "val_loss": "loss/val", "val_metric": "metric/val", "lr": "lr"}
    def os_(e, g, dd):
        if g % step_every == 0:
            w.add_scalar(tags.get("step_loss", "loss/train_step"), dd["loss"], g)
            if "grad_norm" in tags: w.add_scalar(tags["grad_norm"], dd["grad_norm"], g)
    def oe(r):
        for k, t in tags.items():
            if k in r: w.add_scalar(t, r[k], r["epoch"])
        w.flush()
    try:
        torch_fit(task, epochs=epochs, on_epoch=oe, on_step=os_ if "step_loss" in tags else None, **fit_kw)
    finally:
        w.close()

# ----------------------------------------------------------------------------- lightning
def lightning_run(d, task, epochs, lr, width=64, drop=0.0, faults=(), kill_at=None, tr_sub=None, wd=0.0,
                  plateau=False, es=None, clip=None, opt="adam"):
    import torch, torch.nn.functional as F
    import lightning as Lg
    from lightning.pytorch.loggers import CSVLogger
    torch.manual_seed(0)
    Xtr, ytr, Xva, yva = TASKS[task](1)
    if tr_sub: Xtr, ytr = Xtr[:tr_sub], ytr[:tr_sub]
    kind = KIND[task]
    net = model_for(task, width=width, drop=drop) if task != "runlen" else model_for(task, drop=drop)
    class M(Lg.LightningModule):
        def __init__(s):
            super().__init__(); s.net = net
        def _loss(s, out, y):
            if kind == "cls": return F.cross_entropy(out, y)
            if kind == "seq": return F.cross_entropy(out.reshape(-1, out.shape[-1]), y.reshape(-1))
            if kind == "ml": return F.binary_cross_entropy_with_logits(out, y)
            return F.mse_loss(out, y)
        def _met(s, out, y):
            if kind in ("cls",): return (out.argmax(1) == y).float().mean()
            if kind == "seq": return (out.argmax(-1) == y).float().mean()
            if kind == "ml":
                pr = (out > 0).float(); tp = (pr * y).sum(); return 2 * tp / (2 * tp + (pr * (1 - y)).sum() + ((1 - pr) * y).sum() + 1e-9)
            return 1 - ((out - y) ** 2).sum() / ((y - y.mean()) ** 2).sum()
        def training_step(s, b, i):
            x, y = b; out = s.net(x); l = s._loss(out, y)
            s.log("train_loss", l, on_step=True, on_epoch=True)
            return l
        def validation_step(s, b, i):
            x, y = b; out = s.net(x)
            s.log("val_loss", s._loss(out, y), on_epoch=True); s.log("val_" + MET[task], s._met(out, y), on_epoch=True)
        def on_train_epoch_end(s):
            if kill_at is not None and s.current_epoch + 1 == kill_at:
                s.logger.save()
                os.kill(os.getpid(), signal.SIGKILL)
        def configure_optimizers(s):
            ps = s.parameters()
            if "wrong_params" in faults: ps = model_for(task).parameters()
            o = torch.optim.Adam(ps, lr=lr, weight_decay=wd) if opt == "adam" else torch.optim.SGD(ps, lr=lr, momentum=0.9, weight_decay=wd)
            if plateau:
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.5, patience=2), "monitor": "val_loss"}}
            return o
    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)), batch_size=64, shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xva), torch.tensor(yva)), batch_size=512)
    cbs = [Lg.pytorch.callbacks.LearningRateMonitor("epoch")]
    if es: cbs.append(Lg.pytorch.callbacks.EarlyStopping("val_loss", patience=es))
    tr = Lg.Trainer(max_epochs=epochs, logger=CSVLogger(d, name="lightning_logs"), enable_checkpointing=False,
                    enable_progress_bar=False, enable_model_summary=False, callbacks=cbs, log_every_n_steps=10,
                    gradient_clip_val=clip, accelerator="cpu", devices=1)
    tr.fit(M(), tl, vl)

MET = {"loom": "acc", "bridge": "r2", "birdsong": "f1", "runlen": "tok_acc"}

# ----------------------------------------------------------------------------- keras
def keras_run(d, task, epochs, lr, out="csvlogger", faults=(), width=64, drop=0.0, es=None, plateau=False,
              opt="adam", tr_sub=None, l2=0.0):
    import keras
    keras.utils.set_random_seed(0)
    os.makedirs(d, exist_ok=True)
    Xtr, ytr, Xva, yva = TASKS[task](2)
    if tr_sub: Xtr, ytr = Xtr[:tr_sub], ytr[:tr_sub]
    kind = KIND[task]
    reg = keras.regularizers.l2(l2) if l2 else None
    if task == "runlen":
        inp = keras.Input((Xtr.shape[1],), dtype="int32")
        h = keras.layers.Embedding(4, 16)(inp)
        h = keras.layers.LSTM(48, return_sequences=True)(h)
        o = keras.layers.Dense(4, activation="softmax")(h)
    else:
        inp = keras.Input((Xtr.shape[1],))
        h = inp
        for _ in range(2):
            h = keras.layers.Dense(width, activation="relu", kernel_regularizer=reg)(h)
            if drop: h = keras.layers.Dropout(drop)(h)
        if kind == "cls":
            o = keras.layers.Dense(1 if "mse_on_ids" in faults else 5, activation=None if "mse_on_ids" in faults else "softmax")(h)
        elif kind == "ml": o = keras.layers.Dense(6, activation="sigmoid")(h)
        else: o = keras.layers.Dense(1)(h)
    m = keras.Model(inp, o)
    op = keras.optimizers.Adam(lr) if opt == "adam" else keras.optimizers.SGD(lr, momentum=0.9)
    if kind in ("cls", "seq"):
        if "mse_on_ids" in faults: m.compile(op, loss="mse", metrics=["mae"])
        else: m.compile(op, loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    elif kind == "ml":
        m.compile(op, loss="binary_crossentropy", metrics=[keras.metrics.BinaryAccuracy(name="bin_acc")])
    else:
        m.compile(op, loss="mse", metrics=["mae"])
    cbs = []
    if out == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.csv")))
    if es: cbs.append(keras.callbacks.EarlyStopping(patience=es, restore_best_weights=False))
    if plateau: cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=2))
    yfit = ytr.astype(np.float32) if "mse_on_ids" in faults else ytr
    yv = yva.astype(np.float32) if "mse_on_ids" in faults else yva
    h = m.fit(Xtr, yfit, validation_data=(Xva, yv), epochs=epochs, batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if out == "history_json":
        json.dump(hist, open(os.path.join(d, "history.json"), "w"), indent=1)
    elif out == "history_csv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"), index_label="epoch")

# ----------------------------------------------------------------------------- HF
def hf_run(d, arch, lr, epochs=6, warm=0.0, sched="linear", wd=0.0, faults=()):
    import torch, transformers as tf
    torch.manual_seed(0)
    Xtr, ytr, Xva, yva = data_inversions()
    V = 10
    if arch == "bert":
        cfg = tf.BertConfig(vocab_size=V, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, max_position_embeddings=16, num_labels=1, problem_type="regression")
        model = tf.BertForSequenceClassification(cfg)
    elif arch == "electra":
        cfg = tf.ElectraConfig(vocab_size=V, embedding_size=32, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, max_position_embeddings=16, num_labels=1, problem_type="regression")
        model = tf.ElectraForSequenceClassification(cfg)
    elif arch == "roberta":
        cfg = tf.RobertaConfig(vocab_size=V, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, max_position_embeddings=20, num_labels=1, problem_type="regression", pad_token_id=0)
        model = tf.RobertaForSequenceClassification(cfg)
    else:
        cfg = tf.DistilBertConfig(vocab_size=V, dim=32, n_layers=2, n_heads=2, hidden_dim=64, max_position_embeddings=16, num_labels=1, problem_type="regression")
        model = tf.DistilBertForSequenceClassification(cfg)
    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X, y
        def __len__(s): return len(s.X)
        def __getitem__(s, i): return {"input_ids": torch.tensor(s.X[i]), "labels": torch.tensor(s.y[i])}
    args = tf.TrainingArguments(output_dir=d, num_train_epochs=epochs, learning_rate=lr, per_device_train_batch_size=32,
                                per_device_eval_batch_size=128, warmup_steps=int(warm * 32 * epochs), lr_scheduler_type=sched, weight_decay=wd,
                                logging_steps=10, eval_strategy="epoch", save_strategy="no", report_to=[], seed=0,
                                use_cpu=True, disable_tqdm=True, dataloader_num_workers=0)
    tr = tf.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva))
    tr.train()
    tr.save_state()
    for fn in os.listdir(d):  # keep only the state file
        if fn != "trainer_state.json":
            p = os.path.join(d, fn); shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)

# ----------------------------------------------------------------------------- the runs
R = {}
def run(name):
    def deco(f): R[name] = f; return f
    return deco

def T(name, task, style, epochs, metric, header, kill_at=None, **kw):
    R["text/" + name] = lambda d: text_run(d, task, style, epochs, metric, header, kw, kill_at=kill_at)

H = "# {t}: {m}"
# ---- text (16)
T("loom_adam_dropout", "loom", "pipe", 30, "acc", "loom defect classifier, Adam 1e-3, dropout 0.2", model=None, lr=1e-3, drop=0.2)
T("loom_sgd_lr3", "loom", "pipe", 25, "acc", "loom defect classifier, SGD lr=3.0 momentum .9", model=None, lr=3.0, opt="sgd")
T("loom_cosine_warm", "loom", "kv", 30, "acc", "loom: AdamW 2e-3, 3 warmup epochs then cosine", model=None, lr=2e-3, opt="adamw", wd=1e-2, sched=cosine(30, 3))
T("loom_no_zero_grad", "loom", "kv", 25, "acc", "loom: SGD 0.05", model=None, lr=0.05, opt="sgd", faults=("no_zero_grad",))
T("loom_double_softmax", "loom", "logging", 25, "acc", "loom: softmax head + cross_entropy", model=None, lr=1e-3, faults=("double_softmax",))
T("bridge_adam_plateau", "bridge", "logging", 40, "r2", "bridge deflection MLP, Adam 3e-3 + ReduceLROnPlateau", model=None, lr=3e-3, plateau=3)
T("bridge_lr_tiny", "bridge", "pipe", 30, "r2", "bridge deflection MLP, SGD lr 1e-5", model=None, lr=1e-5, opt="sgd", momentum=0.0)
T("bridge_steplr_per_batch", "bridge", "tqdm", 30, "r2", "bridge: Adam 5e-3, StepLR(10, 0.1)", model=None, lr=5e-3, sched=steplr(10, 0.1), sched_per="batch")
T("bridge_killed", "bridge", "kv", 40, "r2", "bridge: Adam 2e-3, 40 epochs", kill_at=17, model=None, lr=2e-3)
T("birdsong_bce", "birdsong", "tqdm", 30, "f1", "birdsong tagger: BCEWithLogits, Adam 1e-3", model=None, lr=1e-3, width=96)
T("birdsong_log0", "birdsong", "pipe", 30, "microF1", "birdsong tagger: my BCE, Adam 2e-2", model=None, lr=2e-2)
T("birdsong_tiny_train", "birdsong", "kv", 80, "f1", "birdsong: 80 clips only, wide net", model=None, lr=2e-3, width=256, tr_sub=80)
T("runlen_gru", "runlen", "logging", 20, "tok_acc", "runlen GRU tagger, Adam 5e-3, clip 1.0", model=None, lr=5e-3, clip=1.0)
T("runlen_relu_rnn_noclip", "runlen", "tqdm", 20, "tok_acc", "runlen ReLU-RNN tagger, SGD 0.5", model=None, lr=0.5, opt="sgd")
T("runlen_lstm_eval_train", "runlen", "pipe", 20, "tok_acc", "runlen LSTM tagger, Adam 5e-3", model=None, lr=5e-3, faults=("eval_on_train",))
T("loom_bf16_lowlr", "loom", "logging", 25, "acc", "loom in bfloat16 to save memory, Adam 2e-4", model=None, lr=2e-4, dtype="bf16")

# ---- relaunched text run: appended to the same log
@run("text/bridge_relaunch_append")
def _(d):
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, "train.log")
    if os.path.exists(p): os.remove(p)
    pid = os.fork()
    if pid == 0:
        text_run(d, "bridge", "pipe", 30, "r2", "bridge: Adam 1e-3 (first try)", {"model": None, "lr": 1e-3}, mode="a", kill_at=12)
        os._exit(0)
    os.waitpid(pid, 0)
    text_run(d, "bridge", "pipe", 30, "r2", "bridge: Adam 1e-3 (relaunched)", {"model": None, "lr": 1e-3}, mode="a")

def C(name, task, epochs, fmt_="csv", cols=None, **kw):
    R[("csv/" if fmt_ == "csv" else "jsonl/") + name] = lambda d: csv_run(d, task, epochs, dict(kw, model=None), fmt_=fmt_, cols=cols)

# ---- csv / jsonl (9)
C("loom_sgd_step", "loom", 30, lr=0.05, opt="sgd", sched=steplr(10, 0.3), wd=5e-4)
C("loom_shuffled_labels", "loom", 30, lr=1e-3, faults=("shuffle_labels",))
C("bridge_wd_huge", "bridge", 30, lr=1e-3, opt="adamw", wd=30.0, cols={"epoch": "ep", "train_loss": "mse_train", "val_loss": "mse_val", "val_metric": "r2_val"})
C("birdsong_adam_es", "birdsong", 60, lr=2e-3, early_stop=4, drop=0.1)
C("runlen_lstm_cosine", "runlen", 20, fmt_="jsonl", lr=8e-3, sched=cosine(20), clip=1.0, cols={"epoch": "epoch", "train_loss": "loss", "val_loss": "val_loss", "val_metric": "val_token_acc", "lr": "lr"})
C("bridge_overfit_tiny", "bridge", 150, fmt_="jsonl", lr=3e-3, width=256, depth=3, tr_sub=60)
C("loom_frozen", "loom", 25, fmt_="jsonl", lr=1e-3, faults=("frozen",))
C("birdsong_sgd_lowlr", "birdsong", 30, fmt_="jsonl", lr=1e-4, opt="sgd", momentum=0.0)
C("loom_mse_on_ids", "loom", 30, fmt_="jsonl", lr=1e-3, faults=("mse_on_ids",))

def B(name, task, epochs, lib="torch", tags=None, **kw):
    R["tb/" + name] = lambda d: tb_run(d, task, epochs, dict(kw, model=None), lib=lib, tags=tags)

STEPTAGS = {"train_loss": "loss/train", "val_loss": "loss/val", "val_metric": "metric/val", "lr": "lr", "step_loss": "loss/step", "grad_norm": "grad/global_norm"}
# ---- tensorboard (9)
B("loom_adam_bn", "loom", 30, lr=1e-3, bn=True)
B("bridge_cosine_long", "bridge", 25, lib="tbx", lr=3e-3, sched=cosine(100))
B("bridge_adam_lr05", "bridge", 30, tags=STEPTAGS, lr=0.5)
B("runlen_rnn_tanh_clip", "runlen", 20, lib="tbx", tags=STEPTAGS, lr=3e-3, kind="rnn", clip=1.0)
B("runlen_relu_rnn_sgd", "runlen", 20, tags=STEPTAGS, lr=0.8, opt="sgd", kind="rnn_relu")
B("birdsong_leak", "birdsong", 30, lib="tbx", lr=2e-3, width=128, faults=("leak",))
B("birdsong_dropout_noeval", "birdsong", 30, lr=1e-3, drop=0.5, width=128, faults=("no_eval_switch",))
B("loom_misaligned", "loom", 25, lib="tbx", lr=1e-3, faults=("misalign",))
B("bridge_wd_step", "bridge", 40, lr=5e-3, wd=1e-4, sched=steplr(15, 0.2), tags={"train_loss": "Loss/train", "val_loss": "Loss/valid", "val_metric": "R2/valid", "lr": "LR", "weight_norm": "Weights/norm"})

# ---- lightning (6)
R["lightning/loom_healthy_es"] = lambda d: lightning_run(d, "loom", 40, 1e-3, drop=0.1, es=5)
R["lightning/bridge_plateau"] = lambda d: lightning_run(d, "bridge", 30, 3e-3, plateau=True)
R["lightning/birdsong_sgd_lr20"] = lambda d: lightning_run(d, "birdsong", 20, 20.0, opt="sgd")
R["lightning/runlen_wrong_params"] = lambda d: lightning_run(d, "runlen", 15, 5e-3, faults=("wrong_params",))
R["lightning/bridge_tiny_overfit"] = lambda d: lightning_run(d, "bridge", 120, 3e-3, width=256, tr_sub=50)

@run("lightning/loom_killed")
def _(d):
    pid = os.fork()
    if pid == 0:
        lightning_run(d, "loom", 40, 1e-3, kill_at=14); os._exit(0)
    os.waitpid(pid, 0)

# ---- keras (6)
R["keras/loom_csvlogger_es"] = lambda d: keras_run(d, "loom", 60, 1e-3, out="csvlogger", drop=0.2, es=5)
R["keras/bridge_history_json"] = lambda d: keras_run(d, "bridge", 40, 2e-3, out="history_json", plateau=True)
R["keras/birdsong_l2_heavy"] = lambda d: keras_run(d, "birdsong", 30, 1e-3, out="csvlogger", l2=0.5)
R["keras/runlen_lstm_hist_csv"] = lambda d: keras_run(d, "runlen", 15, 5e-3, out="history_csv")
R["keras/loom_mse_class_ids"] = lambda d: keras_run(d, "loom", 30, 1e-3, out="history_json", faults=("mse_on_ids",))
R["keras/bridge_sgd_lr2"] = lambda d: keras_run(d, "bridge", 25, 2.0, out="history_csv", opt="sgd")

# ---- HF trainer_state (4)
R["hf_trainer_state/inv_bert_warmup"] = lambda d: hf_run(d, "bert", 1e-3, epochs=8, warm=0.1)
R["hf_trainer_state/inv_electra_cosine"] = lambda d: hf_run(d, "electra", 1e-3, epochs=8, sched="cosine", warm=0.05, wd=0.01)
R["hf_trainer_state/inv_roberta_lr_high"] = lambda d: hf_run(d, "roberta", 0.5, epochs=6)
R["hf_trainer_state/inv_distil_lr_tiny"] = lambda d: hf_run(d, "distil", 1e-7, epochs=6)

def make(name):
    import torch
    torch.set_num_threads(1)
    d = os.path.join(RUNS, name)
    if os.path.exists(d): shutil.rmtree(d)
    os.makedirs(d)
    R[name](d)

if __name__ == "__main__":
    if "--only" in sys.argv:
        make(sys.argv[sys.argv.index("--only") + 1])
    else:
        names = list(R)
        if "--list" in sys.argv:
            print("\n".join(names)); sys.exit()
        procs = []
        for n in names:
            while len([p for p in procs if p[1].poll() is None]) >= 2: time.sleep(0.2)
            t0 = time.time()
            procs.append((n, subprocess.Popen([sys.executable, __file__, "--only", n], stdout=subprocess.DEVNULL, stderr=open(os.path.join("/tmp", "nu37_" + n.replace("/", "_") + ".err"), "w")), t0))
            print("started", n, flush=True)
        for n, p, t0 in procs: p.wait()
        for n, p, t0 in procs: print(n, "rc", p.returncode)
