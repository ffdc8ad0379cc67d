"""lockbox 2027-01-03nu38: new-user CPU trainings. python make_runs.py [--only fmt/name]"""
import os, sys, json, math, time, csv, signal, subprocess, logging
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

# ---------------- data (numpy only) ----------------
def data_tide(seed=0, n_tr=1200, n_va=400):
    # regression: standardised harbour water level from 8 readings (moon phase sin/cos, wind, pressure, river flow ...)
    r = np.random.RandomState(100 + seed); n = n_tr + n_va
    X = r.randn(n, 8).astype(np.float32)
    y = (1.1*np.sin(1.7*X[:, 0]) + 0.6*X[:, 1]*X[:, 2] - 0.4*X[:, 3] + 0.3*np.abs(X[:, 4]) + 0.25*np.tanh(2*X[:, 5])
         + 0.2*X[:, 6]**2 + 0.15*r.randn(n))
    y = ((y - y.mean())/y.std()).astype(np.float32)
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]

def data_volcano(seed=0, n_tr=1400, n_va=450):
    # 4-way: eruption style (effusive / strombolian / vulcanian / plinian) from 9 gas & seismic readings
    r = np.random.RandomState(200 + seed); n = n_tr + n_va
    X = r.randn(n, 9).astype(np.float32)
    W1 = np.random.RandomState(7).randn(9, 12); W2 = np.random.RandomState(8).randn(12, 4)
    s = np.tanh(X @ W1 * 0.7) @ W2 + 0.5*r.gumbel(size=(n, 4))
    y = s.argmax(1).astype(np.int64)
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]

def data_turbine(seed=0, n_tr=1400, n_va=450):
    # multi-label: 5 alarm tags of a wind turbine (yaw, pitch, gearbox, icing, grid) from 10 SCADA channels
    r = np.random.RandomState(300 + seed); n = n_tr + n_va
    Z = r.randn(n, 4); M = np.random.RandomState(9).randn(4, 10)
    X = (Z @ M + 0.5*r.randn(n, 10)).astype(np.float32); X = (X - X.mean(0))/X.std(0)
    V = np.random.RandomState(10).randn(10, 5)
    s = X @ V / 3 + 0.7*np.stack([X[:, j]*X[:, (j+3) % 10] for j in range(5)], 1) + 0.3*r.randn(n, 5)
    Y = (s > np.percentile(s, 70, axis=0)).astype(np.float32)
    return X[:n_tr], Y[:n_tr], X[n_tr:], Y[n_tr:]

def data_trend(seed=0, n_tr=1500, n_va=400, L=14):
    # sequence tagging: tokens 0..4; tag = down / same / up versus the previous token (first token: same)
    r = np.random.RandomState(400 + seed); n = n_tr + n_va
    X = r.randint(0, 5, size=(n, L))
    rep = r.rand(n, L) < 0.3
    for t in range(1, L): X[rep[:, t], t] = X[rep[:, t], t-1]
    Y = np.ones((n, L), dtype=np.int64)
    Y[:, 1:] = np.sign(X[:, 1:] - X[:, :-1]) + 1
    return X[:n_tr], Y[:n_tr], X[n_tr:], Y[n_tr:]

def data_zigzag(seed=0, n_tr=900, n_va=300, L=12):
    # HF sequence regression: CLS + 12 tokens over 1..7; target = standardised sum of |x[i]-x[i-1]|
    r = np.random.RandomState(500 + seed); n = n_tr + n_va
    X = r.randint(1, 8, size=(n, L)); y = np.abs(np.diff(X, axis=1)).sum(1).astype(np.float32)
    y = (y - y.mean())/y.std()
    X = np.concatenate([np.zeros((n, 1), dtype=np.int64), X], 1)
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]

TASKS = {"tide": data_tide, "volcano": data_volcano, "turbine": data_turbine, "trend": data_trend}
KIND = {"tide": "reg", "volcano": "cls", "turbine": "ml", "trend": "seq"}
METRIC = {"tide": "r2", "volcano": "acc", "turbine": "f1", "trend": "tokacc"}

# ---------------- torch models ----------------
def build_model(task, arch, c):
    import torch.nn as nn
    d_in = {"tide": 8, "volcano": 9, "turbine": 10}.get(task)
    d_out = {"tide": 1, "volcano": 4, "turbine": 5}.get(task)
    if task == "trend":
        class Tagger(nn.Module):
            def __init__(s):
                super().__init__(); s.emb = nn.Embedding(5, 16)
                kind = c.get("rnn", "gru")
                if kind == "gru": s.rnn = nn.GRU(16, 32, batch_first=True)
                elif kind == "lstm": s.rnn = nn.LSTM(16, 32, batch_first=True)
                else: s.rnn = nn.RNN(16, 32, batch_first=True, nonlinearity=kind)
                s.head = nn.Linear(32, 3)
            def forward(s, x):
                h, _ = s.rnn(s.emb(x)); return s.head(h)
        return Tagger()
    h = c.get("hidden", 64); p = c.get("dropout", 0.0)
    layers = [nn.Linear(d_in, h)]
    if c.get("bn"): layers.append(nn.BatchNorm1d(h))
    layers += [nn.ReLU(), nn.Dropout(p), nn.Linear(h, h)]
    if c.get("bn"): layers.append(nn.BatchNorm1d(h))
    layers += [nn.ReLU(), nn.Dropout(p), nn.Linear(h, d_out)]
    return nn.Sequential(*layers)

def metric_of(task, out, y):
    import torch
    k = KIND[task]
    if k == "reg":
        return float(1 - ((out.squeeze(-1) - y)**2).sum() / ((y - y.mean())**2).sum())
    if k == "cls": return float((out.argmax(-1) == y).float().mean())
    if k == "seq": return float((out.argmax(-1) == y).float().mean())
    pred = (out > 0).float(); tp = (pred*y).sum(); fp = (pred*(1-y)).sum(); fn = ((1-pred)*y).sum()
    return float(2*tp / (2*tp + fp + fn + 1e-9))

def loss_fn(task, c):
    import torch, torch.nn.functional as F
    k = KIND[task]; wl = c.get("wrong_loss")
    def f(out, y):
        if k == "reg": return F.mse_loss(out.squeeze(-1), y)
        if k == "ml":
            if wl == "handbce":  # hand-written BCE, no epsilon
                p = torch.sigmoid(out); return -(y*torch.log(p) + (1-y)*torch.log(1-p)).mean()
            return F.binary_cross_entropy_with_logits(out, y)
        if k == "seq": return F.cross_entropy(out.reshape(-1, 3), y.reshape(-1))
        if wl == "softmax2": return F.cross_entropy(torch.softmax(out, -1), y)
        if wl == "mse_ids": return F.mse_loss(out[:, 0], y.float())
        return F.cross_entropy(out, y)
    return f

def train_torch(name, c, log):
    """generic loop; log(event, dict) is the format-specific writer"""
    import torch
    torch.manual_seed(c.get("seed", 0)); np.random.seed(c.get("seed", 0))
    task = c["task"]; Xtr, ytr, Xva, yva = TASKS[task](c.get("dseed", 0))
    if c.get("tiny"): Xtr, ytr = Xtr[:c["tiny"]], ytr[:c["tiny"]]
    if c.get("shuffle_labels"):  # "shuffle" the training set but only the labels got permuted
        ytr = ytr[np.random.RandomState(1).permutation(len(ytr))]
    if c.get("leak"):  # target-derived column left in the features (only in train; val built from a cleaned export)
        pass
    if c.get("eval_on_train"): Xva, yva = Xtr, ytr
    Xtr, ytr, Xva, yva = map(torch.as_tensor, (Xtr, ytr, Xva, yva))
    model = build_model(task, c.get("arch"), c)
    if c.get("half"): model = model.half()
    params = model.parameters()
    if c.get("freeze"):
        # "encoder is pretrained, freeze it" -- but it is a fresh random encoder; only the head trains
        for p in list(model.emb.parameters()) + list(model.rnn.parameters()): p.requires_grad_(False)
    if c.get("wrong_params"):
        params = build_model(task, c.get("arch"), c).parameters()
    lr = c.get("lr", 1e-3); wd = c.get("wd", 0.0)
    if c.get("opt", "adam") == "adam": opt = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    elif c["opt"] == "adamw": opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    else: opt = torch.optim.SGD(params, lr=lr, momentum=c.get("mom", 0.9), weight_decay=wd)
    E = c.get("epochs", 30); bs = c.get("bs", 64); nb = math.ceil(len(Xtr)/bs)
    sch = None; s = c.get("sched")
    if s == "cosine": sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=c.get("T", E))
    elif s == "step": sch = torch.optim.lr_scheduler.StepLR(opt, step_size=c.get("step_size", 10), gamma=0.3)
    elif s == "plateau": sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=3)
    elif s == "warmcos":
        W = c.get("warm", 3)
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e+1)/W if e < W else 0.5*(1+math.cos(math.pi*(e-W)/(E-W))))
    elif s == "exp": sch = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=c.get("gamma", 0.9))
    lf = loss_fn(task, c); best = float("inf"); bad = 0; gstep = 0
    log("start", {"epochs": E, "lr": lr})
    for ep in range(1, E+1):
        if not c.get("no_train_mode") or ep == 1: model.train()
        g = torch.Generator().manual_seed(1000*c.get("seed", 0) + ep); perm = torch.randperm(len(Xtr), generator=g)
        tot = 0.0
        for b in range(nb):
            idx = perm[b*bs:(b+1)*bs]; xb, yb = Xtr[idx], ytr[idx]
            if c.get("half") and xb.is_floating_point(): xb = xb.half()
            out = model(xb).float(); loss = lf(out, yb)
            if not c.get("no_zero_grad"): opt.zero_grad()
            loss.backward()
            gn = None
            if c.get("clip"): gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), c["clip"]))
            elif c.get("log_gnorm"):
                gn = float(torch.sqrt(sum((p.grad.float()**2).sum() for p in model.parameters() if p.grad is not None)))
            opt.step(); gstep += 1
            if s == "step" and c.get("sched_per_batch"): sch.step()
            tot += float(loss)
            log("step", {"step": gstep, "epoch": ep, "loss": float(loss), "gnorm": gn})
        tr = tot/nb
        if not c.get("no_eval_mode"): model.eval()
        with torch.no_grad():
            xv = Xva.half() if (c.get("half") and Xva.is_floating_point()) else Xva
            out = model(xv).float(); vl = float(lf(out, yva)); m = metric_of(task, out, yva)
        cur_lr = opt.param_groups[0]["lr"]
        rec = {"epoch": ep, "train_loss": tr, "val_loss": vl, "metric": m, "lr": cur_lr}
        if c.get("wnorm"): rec["wnorm"] = float(torch.sqrt(sum((p.float()**2).sum() for p in model.parameters())))
        log("epoch", rec)
        if sch is not None and not (s == "step" and c.get("sched_per_batch")):
            sch.step(vl) if s == "plateau" else sch.step()
        if c.get("kill_at") == ep:
            log("flush", {}); os.kill(os.getpid(), signal.SIGKILL)
        if c.get("early"):
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= c["early"]: log("early", {"epoch": ep}); break
    log("end", {})

# ---------------- format writers ----------------
def writer_text(d, c, mname):
    style = c["style"]; f = open(os.path.join(d, "train.log"), "a", buffering=1)
    task = c["task"]; lg = None
    if style == "logging":
        lg = logging.getLogger("trainer." + os.path.basename(d)); lg.setLevel(logging.INFO); lg.handlers = []
        h = logging.StreamHandler(f); h.setFormatter(logging.Formatter("%(asctime)s INFO %(name)s: %(message)s")); lg.addHandler(h)
    bar = {"n": 0}
    def log(ev, r):
        if style == "round":
            if ev == "start": print(f"== {task} run, {r['epochs']} rounds, start lr {r['lr']:g} ==", file=f)
            if ev == "epoch": print(f"round {r['epoch']} of {c.get('epochs',30)} -> train {r['train_loss']:.4f} / holdout {r['val_loss']:.4f} / {mname} {r['metric']:.4f} / step size {r['lr']:.2e}", file=f)
            if ev == "early": print(f"stopping early after round {r['epoch']} (no holdout improvement)", file=f)
        elif style == "logging":
            if ev == "start": lg.info("task=%s epochs=%d lr=%g", task, r["epochs"], r["lr"])
            if ev == "step" and r["step"] % 25 == 0: lg.info("  batch %d: running loss %.5f", r["step"], r["loss"])
            if ev == "epoch": lg.info("[ep %d] tr_loss=%.5f va_loss=%.5f va_%s=%.4f lr=%.3g", r["epoch"], r["train_loss"], r["val_loss"], mname, r["metric"], r["lr"])
            if ev == "early": lg.info("early stop at ep %d", r["epoch"])
        elif style == "tqdm":
            if ev == "step":
                bar["n"] += 1; f.write(f"\rtraining: {bar['n']} it [loss={r['loss']:.3f}]")
            if ev == "epoch":
                f.write(f"\nepoch {r['epoch']:03d} done | avg train loss {r['train_loss']:.4f} | val loss {r['val_loss']:.4f} | val {mname} {r['metric']:.4f}\n")
        elif style == "table":
            if ev == "start": print(f"{'epoch':>5} {'train_loss':>11} {'valid_loss':>11} {'valid_'+mname:>11} {'lr':>9}", file=f)
            if ev == "epoch": print(f"{r['epoch']:>5} {r['train_loss']:>11.5f} {r['val_loss']:>11.5f} {r['metric']:>11.4f} {r['lr']:>9.2e}", file=f)
        if ev == "end": print("finished.", file=f)
        f.flush()
    return log

def writer_csv(d, c, mname):
    f = open(os.path.join(d, "metrics.csv"), "w", newline=""); w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "val_loss", "val_" + mname, "lr"] + (["weight_norm"] if c.get("wnorm") else []))
    def log(ev, r):
        if ev == "epoch":
            w.writerow([r["epoch"], f"{r['train_loss']:.6g}", f"{r['val_loss']:.6g}", f"{r['metric']:.6g}", f"{r['lr']:.6g}"] + ([f"{r['wnorm']:.6g}"] if c.get("wnorm") else []))
        f.flush()
    return log

def writer_jsonl(d, c, mname):
    f = open(os.path.join(d, "history.jsonl"), "w")
    def log(ev, r):
        if ev == "epoch":
            f.write(json.dumps({"ep": r["epoch"], "loss": round(r["train_loss"], 6), "val/loss": round(r["val_loss"], 6), "val/" + mname: round(r["metric"], 6), "lr": r["lr"]}) + "\n")
        if ev == "step" and c.get("jsonl_steps") and r["step"] % 10 == 0:
            f.write(json.dumps({"step": r["step"], "batch_loss": round(r["loss"], 6)} + ({} if r["gnorm"] is None else {})) + "\n") if False else \
            f.write(json.dumps({"step": r["step"], "batch_loss": round(r["loss"], 6), **({"grad_norm": round(r["gnorm"], 5)} if r["gnorm"] is not None else {})}) + "\n")
        f.flush()
    return log

def writer_tb(d, c, mname):
    if c.get("tbx"): from tensorboardX import SummaryWriter
    else: from torch.utils.tensorboard import SummaryWriter
    w = SummaryWriter(d)
    pre = c.get("tags", "a")
    def log(ev, r):
        if ev == "epoch":
            if pre == "a":
                w.add_scalar("loss/train", r["train_loss"], r["epoch"]); w.add_scalar("loss/val", r["val_loss"], r["epoch"])
                w.add_scalar("val/" + mname, r["metric"], r["epoch"]); w.add_scalar("opt/lr", r["lr"], r["epoch"])
            else:
                w.add_scalar("Train/Loss", r["train_loss"], r["epoch"]); w.add_scalar("Valid/Loss", r["val_loss"], r["epoch"])
                w.add_scalar("Valid/" + mname.upper(), r["metric"], r["epoch"]); w.add_scalar("LearningRate", r["lr"], r["epoch"])
            if "wnorm" in r: w.add_scalar("weights/l2", r["wnorm"], r["epoch"])
        if ev == "step" and c.get("tb_steps"):
            w.add_scalar("batch/loss", r["loss"], r["step"])
            if r["gnorm"] is not None: w.add_scalar("batch/grad_norm", r["gnorm"], r["step"])
        if ev in ("flush", "end"): w.flush()
    return log

# ---------------- lightning ----------------
def run_lightning(d, c):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, EarlyStopping, Callback
    torch.manual_seed(c.get("seed", 0)); task = c["task"]
    Xtr, ytr, Xva, yva = TASKS[task](0)
    if c.get("tiny"): Xtr, ytr = Xtr[:c["tiny"]], ytr[:c["tiny"]]
    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.as_tensor(Xtr), torch.as_tensor(ytr)), batch_size=64, shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.as_tensor(Xva), torch.as_tensor(yva)), batch_size=512)
    lf = loss_fn(task, c); mname = METRIC[task]
    class M(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = build_model(task, None, c)
        def training_step(s, b, i):
            out = s.net(b[0]); loss = lf(out, b[1]); s.log("train_loss", loss, on_step=False, on_epoch=True); return loss
        def validation_step(s, b, i):
            out = s.net(b[0]); s.log("val_loss", lf(out, b[1])); s.log("val_" + mname, metric_of(task, out, b[1]))
        def configure_optimizers(s):
            o = (torch.optim.SGD(s.parameters(), lr=c["lr"], momentum=0.9) if c.get("opt") == "sgd"
                 else torch.optim.AdamW(s.parameters(), lr=c["lr"], weight_decay=c.get("wd", 0.01)))
            if c.get("sched") == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=c.get("T", c["epochs"]))}
            if c.get("sched") == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.3, patience=2), "monitor": "val_loss"}}
            return o
    class Kill(Callback):
        def on_validation_epoch_end(s, tr, pl):
            if c.get("kill_at") and tr.current_epoch + 1 == c["kill_at"] and not tr.sanity_checking:
                for lg in tr.loggers: lg.save()
                os.kill(os.getpid(), signal.SIGKILL)
    cbs = [LearningRateMonitor("epoch"), Kill()]
    if c.get("early"): cbs.append(EarlyStopping("val_loss", patience=c["early"]))
    t = L.Trainer(max_epochs=c["epochs"], logger=CSVLogger(d, name="lightning_logs"), callbacks=cbs, accelerator="cpu",
                  enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False, num_sanity_val_steps=0)
    t.fit(M(), tl, vl)

# ---------------- keras ----------------
def run_keras(d, c):
    import keras
    keras.utils.set_random_seed(c.get("seed", 0)); task = c["task"]
    Xtr, ytr, Xva, yva = TASKS[task](0)
    reg = keras.regularizers.l2(c["l2"]) if c.get("l2") else None
    k = KIND[task]
    if k == "reg": out, loss, mets = keras.layers.Dense(1), "mse", ["mae"]
    elif k == "ml": out, loss, mets = keras.layers.Dense(5, activation="sigmoid"), "binary_crossentropy", ["binary_accuracy"]
    else:
        if c.get("wrong_loss") == "mse_ids": out, loss, mets = keras.layers.Dense(1), "mse", ["accuracy"]
        else: out, loss, mets = keras.layers.Dense(4, activation="softmax"), "sparse_categorical_crossentropy", ["accuracy"]
    m = keras.Sequential([keras.Input((Xtr.shape[1],)), keras.layers.Dense(64, activation="relu", kernel_regularizer=reg),
                          keras.layers.Dropout(c.get("dropout", 0.0)), keras.layers.Dense(64, activation="relu", kernel_regularizer=reg), out])
    opt = keras.optimizers.SGD(c["lr"], momentum=0.9) if c.get("opt") == "sgd" else keras.optimizers.Adam(c["lr"])
    m.compile(optimizer=opt, loss=loss, metrics=mets)
    cbs = []
    if c["klog"] == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.csv")))
    if c.get("early"): cbs.append(keras.callbacks.EarlyStopping(patience=c["early"], restore_best_weights=True))
    if c.get("rlrop"): cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=3))
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=c["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    hist = {kk: [float(v) for v in vv] for kk, vv in h.history.items()}
    if c["klog"] == "json": json.dump(hist, open(os.path.join(d, "history.json"), "w"), indent=1)
    if c["klog"] == "histcsv":
        import pandas as pd; pd.DataFrame(hist).rename_axis("epoch").to_csv(os.path.join(d, "history.csv"))

# ---------------- HF ----------------
def run_hf(d, c):
    import torch, shutil, transformers as T
    torch.manual_seed(0)
    Xtr, ytr, Xva, yva = data_zigzag(0)
    arch = c["arch"]
    kw = dict(vocab_size=10, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, max_position_embeddings=32, num_labels=1)
    if arch == "bert": cfg = T.BertConfig(**kw); cls = T.BertForSequenceClassification
    elif arch == "electra": cfg = T.ElectraConfig(embedding_size=32, **kw); cls = T.ElectraForSequenceClassification
    elif arch == "roberta": cfg = T.RobertaConfig(pad_token_id=9, bos_token_id=0, eos_token_id=8, **kw); cls = T.RobertaForSequenceClassification
    else:
        cfg = T.DistilBertConfig(vocab_size=10, dim=32, n_layers=2, n_heads=2, hidden_dim=64, max_position_embeddings=32, num_labels=1)
        cls = T.DistilBertForSequenceClassification
    cfg.problem_type = "regression"; model = cls(cfg)
    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X, y
        def __len__(s): return len(s.X)
        def __getitem__(s, i): return {"input_ids": torch.as_tensor(s.X[i]), "attention_mask": torch.ones(len(s.X[i]), dtype=torch.long), "labels": torch.tensor(float(s.y[i]))}
    args = T.TrainingArguments(output_dir=d, num_train_epochs=c["epochs"], per_device_train_batch_size=32, per_device_eval_batch_size=128,
                               learning_rate=c["lr"], eval_strategy="epoch", logging_strategy="steps", logging_steps=c.get("logsteps", 28),
                               save_strategy="no", report_to=[], use_cpu=True, seed=0, lr_scheduler_type=c.get("sched", "linear"),
                               warmup_steps=c.get("warm", 0), weight_decay=c.get("wd", 0.0), max_grad_norm=c.get("clip", 1.0), disable_tqdm=True)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva))
    tr.train(); tr.save_state()
    for fn in os.listdir(d):
        if fn != "trainer_state.json":
            p = os.path.join(d, fn); shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)

# ---------------- the runs ----------------
R = {}
def add(fmt, name, **c): R[f"{fmt}/{name}"] = dict(fmt=fmt, **c)
# text (15)
add("text", "tide_mlp_adam_cosine", task="tide", style="round", lr=2e-3, sched="cosine", epochs=30)
add("text", "volcano_mlp_sgd_lr4", task="volcano", style="round", opt="sgd", lr=4.0, epochs=25)
add("text", "turbine_mlp_no_zero_grad", task="turbine", style="logging", lr=1e-3, no_zero_grad=True, epochs=25)
add("text", "trend_gru_warmcos", task="trend", style="logging", rnn="gru", lr=5e-3, sched="warmcos", warm=3, epochs=25, clip=1.0)
add("text", "tide_mlp_shuffled_targets", task="tide", style="tqdm", lr=2e-3, shuffle_labels=True, epochs=30)
add("text", "volcano_mlp_dropout_plateau", task="volcano", style="tqdm", lr=2e-3, dropout=0.2, sched="plateau", epochs=30)
add("text", "trend_relu_rnn_sgd_noclip", task="trend", style="table", rnn="relu", opt="sgd", lr=0.6, epochs=20)
add("text", "turbine_mlp_killed", task="turbine", style="table", lr=1e-3, kill_at=11, epochs=30)
add("text", "tide_mlp_relaunch_append", task="tide", style="round", lr=2e-3, epochs=15, relaunch=True)
add("text", "volcano_mlp_softmax_then_ce", task="volcano", style="logging", lr=2e-3, wrong_loss="softmax2", epochs=25)
add("text", "trend_lstm_step_decay", task="trend", style="tqdm", rnn="lstm", lr=1e-2, sched="step", step_size=8, epochs=24, clip=1.0)
add("text", "tide_mlp_sgd_lr_1e-5", task="tide", style="table", opt="sgd", lr=1e-5, epochs=30)
add("text", "volcano_tiny_train_80", task="volcano", style="round", lr=3e-3, tiny=80, hidden=256, epochs=60)
add("text", "turbine_mlp_early_stop", task="turbine", style="tqdm", lr=3e-3, early=4, epochs=60)
add("text", "trend_gru_frozen", task="trend", style="logging", rnn="gru", lr=1e-3, freeze=True, epochs=15)
# csv (5)
add("csv", "tide_mlp_bn_step", task="tide", lr=3e-3, bn=True, sched="step", step_size=10, epochs=30)
add("csv", "volcano_mlp_wd_20", task="volcano", opt="adamw", lr=2e-3, wd=20.0, epochs=25, wnorm=True)
add("csv", "turbine_hand_bce_log0", task="turbine", lr=3e-2, wrong_loss="handbce", epochs=30)
add("csv", "volcano_mlp_adamw_cosine", task="volcano", opt="adamw", lr=3e-3, wd=0.05, sched="cosine", epochs=30)
add("csv", "tide_steplr_stepped_per_batch", task="tide", opt="sgd", lr=0.05, sched="step", step_size=5, sched_per_batch=True, epochs=30)
# jsonl (4)
add("jsonl", "trend_gru_adam_clip", task="trend", rnn="gru", lr=4e-3, clip=1.0, jsonl_steps=True, epochs=20)
add("jsonl", "volcano_eval_on_trainset", task="volcano", lr=3e-3, tiny=150, hidden=256, eval_on_train=True, epochs=50)
add("jsonl", "turbine_mlp_exp_decay", task="turbine", lr=5e-3, sched="exp", gamma=0.92, epochs=30)
add("jsonl", "tide_optimizer_on_fresh_model", task="tide", lr=2e-3, wrong_params=True, epochs=20)
# tb (9)
add("tb", "tide_mlp_warmcos", task="tide", lr=3e-3, sched="warmcos", warm=4, epochs=30, tb_steps=True, log_gnorm=True)
add("tb", "volcano_adam_lr_0.3", task="volcano", lr=0.3, epochs=25, tbx=True)
add("tb", "turbine_mlp_plateau", task="turbine", lr=3e-3, sched="plateau", epochs=30, tbx=True, tags="b")
add("tb", "trend_tanh_rnn_sgd", task="trend", rnn="tanh", opt="sgd", lr=0.1, epochs=25, tb_steps=True, clip=5.0)
add("tb", "tide_cosine_T_300_run_30", task="tide", opt="sgd", lr=0.05, sched="cosine", T=300, epochs=30, tags="b")
add("tb", "volcano_no_eval_mode_bn_dropout", task="volcano", lr=3e-3, bn=True, dropout=0.5, no_eval_mode=True, epochs=30, tbx=True)
add("tb", "trend_gru_adam_1e-6", task="trend", rnn="gru", lr=1e-6, epochs=20, tbx=True)
add("tb", "turbine_tiny_train_60_wnorm", task="turbine", lr=3e-3, tiny=60, hidden=256, epochs=80, wnorm=True)
add("tb", "tide_fp16_sgd", task="tide", opt="sgd", lr=0.02, half=True, epochs=25, tbx=True, tb_steps=True, log_gnorm=True)
# lightning (6)
add("lightning", "volcano_adamw_cosine", task="volcano", lr=3e-3, sched="cosine", epochs=25)
add("lightning", "tide_sgd_lr_8", task="tide", opt="sgd", lr=8.0, epochs=20)
add("lightning", "turbine_early_stopping", task="turbine", lr=3e-3, early=4, epochs=60, dropout=0.1)
add("lightning", "tide_killed_epoch9", task="tide", lr=2e-3, kill_at=9, epochs=30)
add("lightning", "volcano_tiny_70", task="volcano", lr=3e-3, tiny=70, hidden=256, epochs=60, wd=0.0)
add("lightning", "tide_plateau_sched", task="tide", lr=3e-3, sched="plateau", epochs=30)
# keras (6)
add("keras", "volcano_adam_csvlogger", task="volcano", lr=1e-3, klog="csvlogger", epochs=30, dropout=0.1)
add("keras", "tide_sgd_lr_3_json", task="tide", opt="sgd", lr=3.0, klog="json", epochs=20)
add("keras", "volcano_mse_on_ids_histcsv", task="volcano", lr=1e-3, klog="histcsv", wrong_loss="mse_ids", epochs=30)
add("keras", "turbine_l2_1_csvlogger", task="turbine", lr=1e-3, l2=1.0, klog="csvlogger", epochs=25)
add("keras", "tide_early_rlrop_json", task="tide", lr=2e-3, klog="json", early=5, rlrop=True, epochs=60)
add("keras", "turbine_adam_histcsv", task="turbine", lr=1e-3, klog="histcsv", epochs=30)
# hf (4)
add("hf_trainer_state", "zigzag_bert_linear_warmup", arch="bert", lr=1e-3, epochs=12, warm=60)
add("hf_trainer_state", "zigzag_electra_cosine", arch="electra", lr=1e-3, epochs=12, sched="cosine", warm=30)
add("hf_trainer_state", "zigzag_roberta_lr_1e-7", arch="roberta", lr=1e-7, epochs=8)
add("hf_trainer_state", "zigzag_distilbert_lr_2", arch="distilbert", lr=2.0, epochs=8, clip=1e9)

def make_one(key):
    c = R[key]; d = os.path.join(RUNS, key)
    import shutil
    if os.path.isdir(d): shutil.rmtree(d)
    os.makedirs(d)
    fmt = c["fmt"]
    if fmt == "lightning": return run_lightning(d, c)
    if fmt == "keras": return run_keras(d, c)
    if fmt == "hf_trainer_state": return run_hf(d, c)
    mname = METRIC[c["task"]]
    w = {"text": writer_text, "csv": writer_csv, "jsonl": writer_jsonl, "tb": writer_tb}[fmt]
    train_torch(key, c, w(d, c, mname))
    if c.get("relaunch"):  # user re-ran the script after "it looked stuck"; file opened in append mode
        c2 = dict(c, seed=1); train_torch(key, c2, w(d, c2, mname))

if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--only":
        if os.environ.get("NU38_CHILD"): make_one(sys.argv[2]); sys.exit(0)
        keys = [sys.argv[2]]
    else: keys = list(R)
    env = dict(os.environ, NU38_CHILD="1", OMP_NUM_THREADS="1", KERAS_BACKEND="torch")
    procs = []; t0 = time.time()
    for k in keys:
        while len([p for p in procs if p[1].poll() is None]) >= 2: time.sleep(0.2)
        os.makedirs(os.path.join(HERE, ".logs"), exist_ok=True)
        lf = open(os.path.join(HERE, ".logs", k.replace("/", "__") + ".out"), "w")
        procs.append((k, subprocess.Popen([sys.executable, __file__, "--only", k], env=env, stdout=lf, stderr=subprocess.STDOUT), time.time()))
    for k, p, t in procs: p.wait(); print(k, "rc", p.returncode)
    print("total", round(time.time() - t0, 1), "s")
