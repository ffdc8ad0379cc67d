"""lockbox 2027-01-07nu42: ~45 small new-user CPU trainings. python make_runs.py [--only fmt/name]"""
import os, sys, json, csv, math, time, signal, argparse, subprocess, logging
os.environ.setdefault("OMP_NUM_THREADS", "1"); os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__)); RUNS = os.path.join(HERE, "runs")

# ---------------- data (all synthetic, numpy) ----------------
def task_data(task, n_train, n_val=500, seed=0):
    r = np.random.RandomState(100 + seed); n = n_train + n_val
    if task == "bond":  # bond price from coupon, yield, maturity -> regression
        c = r.uniform(.01, .08, n); y = r.uniform(.01, .10, n); T = r.randint(1, 31, n)
        p = np.array([sum(100*c[i]/(1+y[i])**t for t in range(1, T[i]+1)) + 100/(1+y[i])**T[i] for i in range(n)])
        X = np.stack([c*20, y*10, T/30, c/y/4], 1); Y = ((p - 100) / 25)[:, None]
        X = X + r.normal(0, .02, X.shape)
        return X.astype("f4"), Y.astype("f4"), "reg"
    if task == "resistor":  # which of 5 resistor values sits in a divider, from 6 noisy voltage readings -> 5-way
        R = np.array([1., 2.2, 4.7, 10., 22.]); k = r.randint(0, 5, n); vin = r.uniform(1, 5, (n, 6))
        V = vin * R[k][:, None] / (R[k][:, None] + 4.7) + r.normal(0, .35, (n, 6))
        X = np.concatenate([V, vin], 1); return X.astype("f4"), k.astype("i8"), "cls5"
    if task == "dial":  # which of 8 sectors a noisy dial pointer is in, seen through a random 12-d projection -> 8-way
        a = r.uniform(0, 2*np.pi, n); k = (a // (np.pi/4)).astype(int) % 8
        P = np.random.RandomState(7).normal(0, 1, (4, 12))
        z = np.stack([np.cos(a), np.sin(a), np.cos(2*a), np.sin(2*a)], 1) + r.normal(0, .25, (n, 4))
        X = z @ P + r.normal(0, .3, (n, 12)); return X.astype("f4"), k.astype("i8"), "cls8"
    if task == "barcode":  # which of 6 bar widths occur in a noisy 48-px scan line -> multi-label
        X = np.zeros((n, 48)); Y = (r.rand(n, 6) < .4).astype(float)
        for i in range(n):
            pos = 1
            for w in r.permutation(np.repeat(np.where(Y[i])[0] + 1, 1)):
                if pos + w < 47: X[i, pos:pos+w] = 1; pos += w + 2
        X += r.normal(0, .3, X.shape); return X[:, None, :].astype("f4"), Y.astype("f4"), "ml"
    if task == "queue":  # queue length under unit service given arrival counts -> seq2seq regression
        A = r.poisson(.9, (n, 24)).astype(float); Q = np.zeros_like(A); q = np.zeros(n)
        for t in range(24): q = np.maximum(0, q + A[:, t] - 1); Q[:, t] = q
        return A[:, :, None].astype("f4"), (Q / 3)[:, :, None].astype("f4"), "seq"
    raise ValueError(task)

def split(task, n_train, seed=0, leak=False, misalign=False):
    X, Y, kind = task_data(task, n_train, seed=seed)
    Xt, Yt, Xv, Yv = X[:n_train], Y[:n_train], X[n_train:], Y[n_train:]
    return Xt, Yt, Xv, Yv, kind

# ---------------- torch models ----------------
import torch, torch.nn as nn, torch.nn.functional as F
def make_model(arch, din, dout, drop=0.0):
    if arch == "mlp": return nn.Sequential(nn.Linear(din, 64), nn.ReLU(), nn.Dropout(drop), nn.Linear(64, 64), nn.ReLU(), nn.Dropout(drop), nn.Linear(64, dout))
    if arch == "wide": return nn.Sequential(nn.Linear(din, 256), nn.Tanh(), nn.Dropout(drop), nn.Linear(256, dout))
    if arch == "cnn": return nn.Sequential(nn.Conv1d(1, 16, 7, padding=3), nn.ReLU(), nn.Conv1d(16, 16, 5, padding=2), nn.ReLU(), nn.AdaptiveMaxPool1d(4), nn.Flatten(), nn.Dropout(drop), nn.Linear(64, dout))
    if arch in ("gru", "lstm", "rnn"):
        class S(nn.Module):
            def __init__(s):
                super().__init__(); C = dict(gru=nn.GRU, lstm=nn.LSTM, rnn=nn.RNN)[arch]
                kw = dict(nonlinearity="relu") if arch == "rnn" else {}
                s.r = C(din, 32, batch_first=True, **kw); s.o = nn.Linear(32, dout)
            def forward(s, x): return s.o(s.r(x)[0])
        return S()
    raise ValueError(arch)

def metric(kind, out, y):
    if kind.startswith("cls"): return "acc", (out.argmax(1) == y).float().mean().item()
    if kind == "ml":
        p = (out > 0).float(); tp = (p*y).sum(); return "f1", (2*tp / (p.sum() + y.sum() + 1e-9)).item()
    if kind == "reg": return "r2", (1 - ((out-y)**2).mean() / y.var()).item()
    return "mae", (out - y).abs().mean().item()

def loss_fn(kind, bug=None):
    if kind.startswith("cls"):
        if bug == "mse_ids": return lambda o, y: F.mse_loss(o[:, 0], y.float())
        if bug == "double_softmax": return lambda o, y: F.cross_entropy(F.softmax(o, 1), y)
        return F.cross_entropy
    if kind == "ml":
        if bug == "manual_bce":  # hand-written BCE, log(0) possible
            return lambda o, y: -(y*torch.log(torch.sigmoid(o)) + (1-y)*torch.log(1-torch.sigmoid(o))).mean()
        return F.binary_cross_entropy_with_logits
    return F.mse_loss

def train_torch(c, emit):
    """c: dict config. emit(rec) called once per epoch (and step records if c['steps'])."""
    seed = c.get("seed", 0); torch.manual_seed(seed); np.random.seed(seed)
    Xt, Yt, Xv, Yv, kind = split(c["task"], c.get("n_train", 2000), seed=c.get("data_seed", 0))
    if c.get("bug") == "shuffle_labels": Yt = Yt[np.random.RandomState(1).permutation(len(Yt))]
    if c.get("bug") == "misalign": Yt = np.roll(Yt, 1, 0)  # off-by-one between feature rows and label rows
    if c.get("bug") == "leak":  # target snuck into the features
        Xt = np.concatenate([Xt, Yt.reshape(len(Yt), -1)[:, :1].astype("f4")], 1); Xv = np.concatenate([Xv, Yv.reshape(len(Yv), -1)[:, :1].astype("f4")], 1)
    if c.get("bug") == "eval_on_train": Xv, Yv = Xt[:500], Yt[:500]
    Xt, Yt, Xv, Yv = map(torch.tensor, (Xt, Yt, Xv, Yv))
    din = Xt.shape[-1] if kind == "seq" or c["arch"] != "cnn" else 1
    dout = {"cls5": 5, "cls8": 8, "ml": 6, "reg": 1, "seq": 1}[kind]
    model = make_model(c["arch"], din, dout, c.get("drop", 0.0))
    if c.get("bug") == "frozen":
        for p in list(model.parameters())[:-1]: p.requires_grad_(False)
    params = model.parameters()
    if c.get("bug") == "wrong_params": params = make_model(c["arch"], din, dout).parameters()
    lr = c["lr"]; wd = c.get("wd", 0.0)
    opt = {"sgd": lambda: torch.optim.SGD(params, lr=lr, momentum=c.get("mom", 0.9), weight_decay=wd),
           "adam": lambda: torch.optim.Adam(params, lr=lr, weight_decay=wd),
           "adamw": lambda: torch.optim.AdamW(params, lr=lr, weight_decay=wd)}[c.get("opt", "adam")]()
    E = c["epochs"]; bs = c.get("bs", 64); nb = math.ceil(len(Xt) / bs)
    sch = None; s = c.get("sched")
    if s == "cosine": sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, c.get("T", E))
    if s == "step": sch = torch.optim.lr_scheduler.StepLR(opt, c.get("step", 10), 0.3)
    if s == "plateau": sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    if s == "warmcos":
        W = c.get("warm", 3); T = c.get("T", E)
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e+1)/W if e < W else 0.5*(1+math.cos(math.pi*min(1.0, (e-W)/max(1, T-W)))))
    if s == "onecycle": sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=c.get("T", E))
    lf = loss_fn(kind, c.get("bug_loss")); best = 1e9; bad = 0; step = 0
    for ep in range(1, E+1):
        if c.get("bug") != "no_train_mode": model.train()
        perm = torch.randperm(len(Xt)); tl = 0.0; gmax = 0.0
        for b in range(nb):
            idx = perm[b*bs:(b+1)*bs]; out = model(Xt[idx]); loss = lf(out, Yt[idx])
            if c.get("bug") != "no_zero_grad": opt.zero_grad()
            loss.backward()
            if any(p.grad is not None for p in model.parameters()):
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), c.get("clip", 1e12)).item(); gmax = max(gmax, gn)
            opt.step(); tl += loss.item(); step += 1
            if c.get("sched_per_batch") and sch is not None: sch.step()
            if c.get("steps") and step % c["steps"] == 0: emit({"kind": "step", "step": step, "loss": loss.item()})
        if c.get("bug") != "no_eval_mode": model.eval()
        with torch.no_grad():
            ov = model(Xv); vl = lf(ov, Yv).item(); mn, mv = metric(kind, ov, Yv)
        rec = {"kind": "epoch", "epoch": ep, "train_loss": tl/nb, "val_loss": vl, "metric_name": mn, "val_metric": mv,
               "lr": opt.param_groups[0]["lr"], "grad_norm": gmax, "step": step}
        emit(rec)
        if c.get("kill_at") == ep: os.kill(os.getpid(), signal.SIGKILL)
        if sch is not None and not c.get("sched_per_batch"):
            sch.step(vl) if s == "plateau" else sch.step()
        if c.get("early"):
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= c["early"]: emit({"kind": "stop", "epoch": ep}); break

# ---------------- loggers ----------------
def fnum(x): return "nan" if x != x else f"{x:.4f}"
TEXT_STYLES = {
  "bracket": lambda r: f"[epoch {r['epoch']:02d}] training-loss {fnum(r['train_loss'])}  held-out-loss {fnum(r['val_loss'])}  held-out-{r['metric_name']} {fnum(r['val_metric'])}  step-size {r['lr']:.2e}",
  "arrow": lambda r: f">> pass {r['epoch']} finished: mean train loss {fnum(r['train_loss'])}, eval loss {fnum(r['val_loss'])}, eval {r['metric_name']} {fnum(r['val_metric'])}",
  "kv": lambda r: f"E{r['epoch']:03d} trn_loss={fnum(r['train_loss'])} hold_loss={fnum(r['val_loss'])} hold_{r['metric_name']}={fnum(r['val_metric'])} lr={r['lr']:.3g}",
}
def run_text(c, d):
    style = c["style"]; path = os.path.join(d, "train.log"); mode = "a" if c.get("append") else "w"
    if style == "logging":
        lg = logging.getLogger(c["name"]); h = logging.FileHandler(path, mode=mode)
        h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s")); lg.addHandler(h); lg.setLevel(logging.INFO)
        lg.info("starting %s on task=%s arch=%s lr=%g", c["name"], c["task"], c["arch"], c["lr"])
        def emit(r):
            if r["kind"] == "epoch": lg.info("round=%d trn_loss=%.4f hold_loss=%.4f hold_%s=%.4f lr=%.3g", r["epoch"], r["train_loss"], r["val_loss"], r["metric_name"], r["val_metric"], r["lr"]); h.flush()
            elif r["kind"] == "stop": lg.info("no improvement, stopping early at round %d", r["epoch"])
            elif r["kind"] == "step": lg.info("iteration %d batch loss %.4f", r["step"], r["loss"])
        train_torch(c, emit); lg.info("finished"); return
    f = open(path, mode, buffering=1)
    f.write(f"# run {c['name']}: task={c['task']} model={c['arch']} opt={c.get('opt','adam')} lr={c['lr']} epochs={c['epochs']}\n")
    if style == "tqdm":
        from tqdm import tqdm
        class Bar:
            def __init__(s): s.b = None
        bar = Bar()
        def emit(r):
            if r["kind"] == "epoch":
                b = tqdm(total=1, file=f, desc=f"epoch {r['epoch']}", ncols=90, mininterval=0); b.set_postfix(loss=f"{r['train_loss']:.4f}"); b.update(1); b.close()
                f.write(TEXT_STYLES["arrow"](r) + "\n")
            elif r["kind"] == "stop": f.write(f"early stop triggered after pass {r['epoch']}\n")
        train_torch(c, emit); f.write("done.\n"); return
    fmt = TEXT_STYLES[style]
    def emit(r):
        if r["kind"] == "epoch": f.write(fmt(r) + "\n")
        elif r["kind"] == "stop": f.write(f"stopping: val loss did not improve, epoch {r['epoch']}\n")
        elif r["kind"] == "step": f.write(f"  it {r['step']} loss {r['loss']:.4f}\n")
    train_torch(c, emit); f.write("training complete\n")

def run_csv(c, d):
    path = os.path.join(d, "metrics.csv"); f = open(path, "w", newline=""); w = None
    def emit(r):
        nonlocal w
        if r["kind"] != "epoch": return
        row = {"epoch": r["epoch"], "loss": r["train_loss"], "val_loss": r["val_loss"], "val_" + r["metric_name"]: r["val_metric"], "learning_rate": r["lr"]}
        if w is None: w = csv.DictWriter(f, list(row)); w.writeheader()
        w.writerow(row); f.flush()
    train_torch(c, emit)

def run_jsonl(c, d):
    f = open(os.path.join(d, "log.jsonl"), "w", buffering=1)
    def emit(r):
        if r["kind"] == "epoch": f.write(json.dumps({"ep": r["epoch"], "train/loss": r["train_loss"], "eval/loss": r["val_loss"], "eval/" + r["metric_name"]: r["val_metric"], "lr": r["lr"], "time": round(time.time(), 2)}) + "\n")
        elif r["kind"] == "step": f.write(json.dumps({"step": r["step"], "batch_loss": r["loss"]}) + "\n")
    train_torch(c, emit)

def run_tb(c, d):
    if c.get("tbx"): from tensorboardX import SummaryWriter
    else: from torch.utils.tensorboard import SummaryWriter
    w = SummaryWriter(d)
    def emit(r):
        if r["kind"] != "epoch": return
        e = r["epoch"]; w.add_scalar("train/loss", r["train_loss"], e); w.add_scalar("valid/loss", r["val_loss"], e)
        w.add_scalar("valid/" + r["metric_name"], r["val_metric"], e); w.add_scalar("opt/lr", r["lr"], e)
        if c.get("log_gn"): w.add_scalar("opt/grad_norm_max", r["grad_norm"], e)
        w.flush()
    train_torch(c, emit); w.close()

# ---------------- lightning ----------------
def run_lightning(c, d):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, EarlyStopping
    torch.manual_seed(c.get("seed", 0))
    Xt, Yt, Xv, Yv, kind = split(c["task"], c.get("n_train", 2000))
    if c.get("bug") == "shuffle_labels": Yt = Yt[np.random.RandomState(1).permutation(len(Yt))]
    dout = {"cls5": 5, "cls8": 8, "ml": 6, "reg": 1, "seq": 1}[kind]
    from torch.utils.data import TensorDataset, DataLoader
    tl = DataLoader(TensorDataset(torch.tensor(Xt), torch.tensor(Yt)), batch_size=64, shuffle=True)
    vl = DataLoader(TensorDataset(torch.tensor(Xv), torch.tensor(Yv)), batch_size=500)
    lf = loss_fn(kind)
    class M(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = make_model(c["arch"], Xt.shape[-1] if c["arch"] != "cnn" else 1, dout, c.get("drop", 0.0))
        def training_step(s, b, i):
            o = s.net(b[0]); l = lf(o, b[1]); s.log("train_loss", l, on_step=True, on_epoch=True); return l
        def validation_step(s, b, i):
            o = s.net(b[0]); mn, mv = metric(kind, o, b[1]); s.log("val_loss", lf(o, b[1])); s.log("val_" + mn, mv)
        def configure_optimizers(s):
            o = (torch.optim.SGD(s.parameters(), lr=c["lr"], momentum=0.9) if c.get("opt") == "sgd" else torch.optim.AdamW(s.parameters(), lr=c["lr"], weight_decay=c.get("wd", 0.01)))
            if c.get("sched") == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, c.get("T", c["epochs"]))}
            if c.get("sched") == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, patience=2, factor=0.5), "monitor": "val_loss"}}
            return o
    cbs = [LearningRateMonitor("epoch")]
    if c.get("early"): cbs.append(EarlyStopping("val_loss", patience=c["early"]))
    tr = L.Trainer(max_epochs=c["epochs"], logger=CSVLogger(d, name="", version="version_0"), callbacks=cbs, enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=10, accelerator="cpu", devices=1,
                   gradient_clip_val=c.get("clip"))
    tr.fit(M(), tl, vl)

# ---------------- keras ----------------
def run_keras(c, d):
    import keras
    keras.utils.set_random_seed(c.get("seed", 0))
    Xt, Yt, Xv, Yv, kind = split(c["task"], c.get("n_train", 2000))
    if kind == "ml": Xt, Xv = Xt[:, 0], Xv[:, 0]
    dout = {"cls5": 5, "cls8": 8, "ml": 6, "reg": 1}[kind]
    reg = keras.regularizers.l2(c["l2"]) if c.get("l2") else None
    layers = [keras.Input((Xt.shape[1],)), keras.layers.Dense(64, activation="relu", kernel_regularizer=reg), keras.layers.Dropout(c.get("drop", 0.0)), keras.layers.Dense(64, activation="relu", kernel_regularizer=reg)]
    if kind.startswith("cls"): layers.append(keras.layers.Dense(dout, activation="softmax")); loss = "sparse_categorical_crossentropy"; met = ["accuracy"]
    elif kind == "ml": layers.append(keras.layers.Dense(dout, activation="sigmoid")); loss = "binary_crossentropy"; met = ["binary_accuracy"]
    else: layers.append(keras.layers.Dense(1)); loss = "mse"; met = ["mae"]
    m = keras.Sequential(layers)
    opt = keras.optimizers.SGD(c["lr"], momentum=0.9) if c.get("opt") == "sgd" else keras.optimizers.Adam(c["lr"])
    m.compile(optimizer=opt, loss=loss, metrics=met)
    cbs = []
    if c.get("out") == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.csv")))
    if c.get("plateau"): cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3))
    if c.get("early"): cbs.append(keras.callbacks.EarlyStopping(patience=c["early"], restore_best_weights=True))
    h = m.fit(Xt, Yt, validation_data=(Xv, Yv), epochs=c["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if c.get("out") == "json": json.dump(hist, open(os.path.join(d, "history.json"), "w"), indent=1)
    if c.get("out") == "histcsv":
        import pandas as pd; pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"), index_label="epoch")

# ---------------- HF trainer ----------------
def run_hf(c, d):
    from transformers import BertConfig, BertForSequenceClassification, Trainer, TrainingArguments
    torch.manual_seed(0); r = np.random.RandomState(3)
    n = 1200; X = r.randint(4, 24, (n, 14))
    if c["task"] == "lowhigh":  # are there more low tokens (<14) than high ones in the 14-token sequence -> binary
        Y = ((X < 14).sum(1) > 7).astype("i8"); nl, pt = 2, "single_label_classification"
    else:  # "distinct": number of distinct tokens, scaled -> regression
        Y = (np.array([len(set(x)) for x in X]) - 10.5) / 1.5; Y = Y.astype("f4"); nl, pt = 1, "regression"
    if c.get("bug") == "shuffle_labels": Y = Y.copy(); Y[:1000] = Y[:1000][np.random.RandomState(1).permutation(1000)]
    ds = lambda a, b: [{"input_ids": torch.tensor(x), "attention_mask": torch.ones(14, dtype=torch.long), "labels": torch.tensor(y)} for x, y in zip(X[a:b], Y[a:b])]
    cfg = BertConfig(vocab_size=32, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, max_position_embeddings=16, num_labels=nl, problem_type=pt)
    model = BertForSequenceClassification(cfg)
    args = TrainingArguments(output_dir=d, num_train_epochs=c["epochs"], per_device_train_batch_size=32, learning_rate=c["lr"], warmup_steps=int(c.get("warm", 0.0) * 32 * c["epochs"]),
                             lr_scheduler_type=c.get("sched", "linear"), weight_decay=0.01, logging_steps=8, eval_strategy="epoch", save_strategy="no",
                             report_to=[], use_cpu=True, seed=0, disable_tqdm=True)
    tr = Trainer(model=model, args=args, train_dataset=ds(0, 1000), eval_dataset=ds(1000, n))
    tr.train(); tr.save_state()

RUNNERS = {"text": run_text, "csv_custom": run_csv, "jsonl_custom": run_jsonl, "tensorboard": run_tb, "lightning_csv": run_lightning, "keras": run_keras, "hf_trainer": run_hf}

# ---------------- the runs ----------------
R = {}
def add(fmt, name, **c): c["name"] = name; R[f"{fmt}/{name}"] = c
# text (16)
add("text", "bond_mlp_warmcos", style="bracket", task="bond", arch="mlp", lr=3e-3, epochs=30, sched="warmcos", warm=3)
add("text", "bond_sgd_lr5", style="bracket", task="bond", arch="mlp", opt="sgd", lr=5.0, epochs=20)
add("text", "resistor_mlp_step", style="kv", task="resistor", arch="mlp", lr=2e-3, epochs=30, sched="step", step=10)
add("text", "resistor_adam_lr1e-6", style="kv", task="resistor", arch="mlp", lr=1e-6, epochs=25)
add("text", "dial_wide_no_zero_grad", style="arrow", task="dial", arch="wide", opt="sgd", lr=0.05, epochs=25, bug="no_zero_grad")
add("text", "dial_wide_cosine", style="arrow", task="dial", arch="wide", opt="sgd", lr=0.05, epochs=25, sched="cosine")
add("text", "queue_gru_clip", style="logging", task="queue", arch="gru", lr=3e-3, epochs=25, clip=1.0, sched="cosine", n_train=1000)
add("text", "queue_relu_rnn_noclip", style="logging", task="queue", arch="rnn", opt="sgd", lr=0.05, epochs=20, n_train=1000)
add("text", "barcode_cnn_early", style="tqdm", task="barcode", arch="cnn", lr=2e-3, epochs=40, early=4, n_train=1500)
add("text", "barcode_cnn_manual_bce", style="tqdm", task="barcode", arch="cnn", opt="sgd", lr=2.0, epochs=20, bug_loss="manual_bce", n_train=1500)
add("text", "resistor_killed", style="bracket", task="resistor", arch="mlp", lr=2e-3, epochs=40, kill_at=14)
add("text", "dial_relaunch_append", style="kv", task="dial", arch="mlp", lr=2e-3, epochs=20, relaunch_kill=9)
add("text", "bond_tiny_train", style="arrow", task="bond", arch="wide", lr=3e-3, epochs=60, n_train=40, bs=8)
add("text", "resistor_shuffled_labels", style="logging", task="resistor", arch="mlp", lr=3e-3, epochs=30, bug="shuffle_labels")
add("text", "dial_mlp_plateau_steps", style="kv", task="dial", arch="mlp", lr=3e-3, epochs=25, sched="plateau", steps=100)
add("text", "queue_lstm_per_batch_cosine", style="bracket", task="queue", arch="lstm", lr=5e-3, epochs=25, sched="cosine", sched_per_batch=True, n_train=1000)
# csv (5) + jsonl (4)
add("csv_custom", "resistor_double_softmax", task="resistor", arch="mlp", lr=2e-3, epochs=25, bug_loss="double_softmax")
add("csv_custom", "dial_mse_on_class_ids", task="dial", arch="mlp", lr=2e-3, epochs=25, bug_loss="mse_ids")
add("csv_custom", "bond_mlp_plateau", task="bond", arch="mlp", lr=3e-3, epochs=35, sched="plateau")
add("csv_custom", "barcode_cnn_wd5", task="barcode", arch="cnn", lr=2e-3, epochs=20, wd=5.0, n_train=1500)
add("csv_custom", "queue_gru_onecycle", task="queue", arch="gru", lr=1e-2, epochs=20, sched="onecycle", n_train=1000, clip=1.0)
add("jsonl_custom", "dial_misaligned_rows", task="dial", arch="mlp", lr=2e-3, epochs=25, bug="misalign")
add("jsonl_custom", "bond_wrong_params", task="bond", arch="mlp", lr=3e-3, epochs=20, bug="wrong_params")
add("jsonl_custom", "resistor_adamw_steps", task="resistor", arch="mlp", lr=2e-3, epochs=20, wd=0.05, steps=50, sched="cosine")
add("jsonl_custom", "barcode_cnn_tiny", task="barcode", arch="cnn", lr=3e-3, epochs=60, n_train=60, bs=16)
# tensorboard (8)
add("tensorboard", "queue_gru_step", task="queue", arch="gru", lr=5e-3, epochs=24, sched="step", step=8, clip=1.0, n_train=1000, log_gn=True)
add("tensorboard", "queue_relu_rnn_lr", tbx=True, task="queue", arch="rnn", opt="sgd", lr=0.3, epochs=20, n_train=1000, log_gn=True)
add("tensorboard", "dial_frozen_body", task="dial", arch="mlp", lr=3e-3, epochs=25, bug="frozen")
add("tensorboard", "bond_cosine_cut_short", tbx=True, task="bond", arch="mlp", opt="sgd", lr=0.05, epochs=40, sched="cosine", T=12)
add("tensorboard", "resistor_no_eval_dropout", task="resistor", arch="mlp", lr=2e-3, epochs=25, drop=0.5, bug="no_eval_mode")
add("tensorboard", "barcode_cnn_cosine", tbx=True, task="barcode", arch="cnn", lr=3e-3, epochs=25, sched="cosine", n_train=1500, drop=0.2)
add("tensorboard", "bond_leak_target", task="bond", arch="mlp", lr=3e-3, epochs=25, bug="leak")
add("tensorboard", "dial_eval_on_train_tiny", tbx=True, task="dial", arch="wide", lr=5e-3, epochs=40, n_train=100, bs=16, bug="eval_on_train")
# lightning (5)
add("lightning_csv", "resistor_pl_cosine", task="resistor", arch="mlp", lr=3e-3, epochs=20, sched="cosine")
add("lightning_csv", "bond_pl_sgd_lr20", task="bond", arch="mlp", opt="sgd", lr=20.0, epochs=12)
add("lightning_csv", "barcode_pl_plateau", task="barcode", arch="cnn", lr=3e-3, epochs=20, sched="plateau", n_train=1500)
add("lightning_csv", "dial_pl_shuffled", task="dial", arch="mlp", lr=3e-3, epochs=20, bug="shuffle_labels")
add("lightning_csv", "queue_pl_gru_early", task="queue", arch="gru", lr=5e-3, epochs=30, early=3, n_train=1000, clip=1.0)
# keras (5)
add("keras", "bond_dense_csvlogger", task="bond", lr=1e-3, epochs=30, out="csvlogger", plateau=True)
add("keras", "resistor_l2_huge", task="resistor", lr=1e-3, epochs=20, out="json", l2=2.0)
add("keras", "dial_sgd_lr1e-5", task="dial", opt="sgd", lr=1e-5, epochs=20, out="histcsv")
add("keras", "barcode_dense_early", task="barcode", lr=1e-3, epochs=40, out="json", early=4, drop=0.2)
add("keras", "resistor_tiny_overfit", task="resistor", lr=3e-3, epochs=80, out="csvlogger", n_train=50)
# hf (4)
add("hf_trainer", "lowhigh_bert_warmup", task="lowhigh", lr=1e-3, epochs=8, warm=0.1)
add("hf_trainer", "distinct_bert_cosine", task="distinct", lr=1e-3, epochs=6, sched="cosine", warm=0.1)
add("hf_trainer", "lowhigh_bert_lr1e-7", task="lowhigh", lr=1e-7, epochs=5)
add("hf_trainer", "distinct_bert_lr2", task="distinct", lr=2.0, epochs=5)

def make_one(key):
    fmt = key.split("/")[0]; c = dict(R[key]); d = os.path.join(RUNS, key); os.makedirs(d, exist_ok=True)
    if c.get("relaunch_kill"):  # first launch killed, user relaunches the same command and the log is appended to
        k = c.pop("relaunch_kill")
        subprocess.run([sys.executable, __file__, "--only", key, "--_first", str(k)])
        c["append"] = True; c["seed"] = 1
    RUNNERS[fmt](c, d)

if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--only"); ap.add_argument("--_first", type=int); a = ap.parse_args()
    if a._first:
        c = dict(R[a.only]); c.pop("relaunch_kill"); c["kill_at"] = a._first
        d = os.path.join(RUNS, a.only); os.makedirs(d, exist_ok=True); RUNNERS["text"](c, d); sys.exit()
    if a.only: make_one(a.only); sys.exit()
    from concurrent.futures import ThreadPoolExecutor
    def sub(k):
        t = time.time(); p = subprocess.run([sys.executable, __file__, "--only", k], capture_output=True, text=True)
        print(k, p.returncode, f"{time.time()-t:.1f}s", p.stderr.strip().splitlines()[-1:] if p.returncode else "", flush=True)
    with ThreadPoolExecutor(2) as ex: list(ex.map(sub, list(R)))
