"""lockbox 2027-01-08nu43: new-user CPU trainings. python make_runs.py [--only fmt/name]"""
import os, sys, json, csv, math, time, signal, logging, argparse
os.environ.setdefault("OMP_NUM_THREADS", "1"); os.environ["KERAS_BACKEND"] = "torch"
import numpy as np, torch, torch.nn as nn, torch.nn.functional as F
torch.set_num_threads(1)
HERE = os.path.dirname(os.path.abspath(__file__)); RUNS = os.path.join(HERE, "runs")

# ---------------- data-generating processes ----------------
def gear(n, seed):  # 5-way: which gear a car is in from noisy rpm/speed/throttle readings
    r = np.random.RandomState(seed); g = r.randint(0, 5, n); ratio = np.array([3.6, 2.1, 1.4, 1.0, 0.8])
    speed = r.uniform(5, 120, n); rpm = speed * ratio[g] * 28 * np.exp(r.normal(0, .18, n))
    thr = r.uniform(0, 1, n); slope = r.normal(0, 1, n)
    X = np.stack([speed / 60, rpm / 3000, thr, slope, np.log(rpm / speed), r.normal(0, 1, n)], 1)
    return X.astype(np.float32), g.astype(np.int64)
def lens(n, seed):  # regression: log magnification of a thin lens, standardised
    r = np.random.RandomState(seed); f = r.uniform(2, 10, n); do = f + r.uniform(.5, 20, n)
    di = 1 / (1 / f - 1 / do); y = np.log(di / do) + r.normal(0, .05, n)
    X = np.stack([f / 5, do / 10, np.log(do / f), r.normal(0, 1, n), r.normal(0, 1, n)], 1)
    return X.astype(np.float32), ((y - 0.2) / 1.0).astype(np.float32)[:, None]
def mineral(n, seed):  # multi-label: 6 mineral flags from 12 spectral bands
    r = np.random.RandomState(seed); Y = (r.rand(n, 6) < .3).astype(np.float32)
    S = r.RandomState(1).normal(0, 1, (6, 12)) if False else np.random.RandomState(1).normal(0, 1, (6, 12))
    X = Y @ S + r.normal(0, 1.3, (n, 12)); return X.astype(np.float32), Y
def queue(n, seed, T=30):  # sequence regression: queue length at each step from arrivals/service
    r = np.random.RandomState(seed); a = r.poisson(1.0, (n, T)); s = r.poisson(1.05, (n, T)); q = np.zeros((n, T))
    cur = np.zeros(n)
    for t in range(T): cur = np.maximum(0, cur + a[:, t] - s[:, t]); q[:, t] = cur
    X = np.stack([a, s], 2).astype(np.float32); return X, (q / 3.0).astype(np.float32)[..., None]
def tone(n, seed):  # 7-way: which note from 48 noisy samples of a waveform with random phase and harmonics
    r = np.random.RandomState(seed); k = r.randint(0, 7, n); fr = 2 + k * 0.9; t = np.arange(48) / 48
    ph = r.uniform(0, 2 * np.pi, (n, 1)); h = r.uniform(0, .6, (n, 1))
    X = np.sin(2 * np.pi * fr[:, None] * t + ph) + h * np.sin(4 * np.pi * fr[:, None] * t) + r.normal(0, .7, (n, 48))
    return X.astype(np.float32), k.astype(np.int64)
TASKS = {"gear": (gear, "cls", 5), "lens": (lens, "reg", 1), "mineral": (mineral, "ml", 6), "queue": (queue, "seq", 1), "tone": (tone, "cls", 7)}

def mlp(i, o, h=64, drop=0.0, depth=2, act=nn.ReLU):
    L = []; d = i
    for _ in range(depth): L += [nn.Linear(d, h), act()] + ([nn.Dropout(drop)] if drop else []); d = h
    return nn.Sequential(*L, nn.Linear(d, o))
class GRUReg(nn.Module):
    def __init__(s, h=32, cell="gru"):
        super().__init__(); s.rnn = (nn.GRU if cell == "gru" else nn.RNN)(2, h, batch_first=True); s.out = nn.Linear(h, 1)
    def forward(s, x): return s.out(s.rnn(x)[0])
class Conv1(nn.Module):
    def __init__(s, k=7, drop=0.0):
        super().__init__(); s.c = nn.Sequential(nn.Conv1d(1, 16, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2), nn.Conv1d(16, 16, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(4))
        s.f = nn.Sequential(nn.Flatten(), nn.Dropout(drop), nn.Linear(64, k))
    def forward(s, x): return s.f(s.c(x[:, None, :]))

def get_data(task, ntr=1200, nva=400, seed=0):
    fn, kind, K = TASKS[task]; X, Y = fn(ntr + nva, seed)
    return (torch.tensor(X[:ntr]), torch.tensor(Y[:ntr])), (torch.tensor(X[ntr:]), torch.tensor(Y[ntr:])), kind, K

def metric(kind, out, y):
    if kind == "cls": return (out.argmax(1) == y).float().mean().item()
    if kind == "ml": return ((out > 0).float() == y).float().mean().item()
    return (1 - ((out - y) ** 2).sum() / ((y - y.mean()) ** 2).sum()).item()  # r2

# ---------------- generic torch loop with the user's mistakes as options ----------------
def torch_train(cfg, log):
    torch.manual_seed(cfg.get("seed", 0)); np.random.seed(cfg.get("seed", 0))
    (Xtr, Ytr), (Xva, Yva), kind, K = get_data(cfg["task"], cfg.get("ntr", 1200), seed=cfg.get("dseed", 0))
    if cfg.get("shuffle_labels"): Ytr = Ytr[torch.randperm(len(Ytr))]
    if cfg.get("leak"): Xtr, Ytr = torch.cat([Xtr, Xva]), torch.cat([Ytr, Yva])
    if cfg.get("eval_on_train"): Xva, Yva = Xtr[:400], Ytr[:400]
    model = cfg["model"](); D = Xtr.shape[1]
    if cfg.get("frozen"):
        for n_, p in model.named_parameters(): p.requires_grad = False
    params = [p for p in model.parameters() if p.requires_grad]
    if cfg.get("opt_other_model"): params = list(cfg["model"]().parameters())  # bug: optimizer on a second, unused model
    opt = (torch.optim.SGD(params, lr=cfg["lr"], momentum=cfg.get("mom", 0.9), weight_decay=cfg.get("wd", 0)) if cfg.get("opt") == "sgd"
           else torch.optim.AdamW(params, lr=cfg["lr"], weight_decay=cfg.get("wd", 0.0)) if cfg.get("opt") == "adamw"
           else torch.optim.Adam(params, lr=cfg["lr"], weight_decay=cfg.get("wd", 0)))
    E = cfg["epochs"]; bs = cfg.get("bs", 64); nb = math.ceil(len(Xtr) / bs); sch = None; sk = cfg.get("sched")
    if sk == "cos": sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg.get("tmax", E))
    elif sk == "step": sch = torch.optim.lr_scheduler.StepLR(opt, cfg.get("step", 10), 0.3)
    elif sk == "plateau": sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    elif sk == "warmcos":
        w = cfg.get("warm", 3); tot = cfg.get("tmax", E)
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e + 1) / w if e < w else 0.5 * (1 + math.cos(math.pi * (e - w) / max(1, tot - w))))
    elif sk == "lin_batch":  # linear decay meant per epoch but stepped per batch (bug)
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: max(0.0, 1 - s / E))
    def lossf(out, y):
        if kind == "cls":
            if cfg.get("mse_ids"): return F.mse_loss(out[:, 0], y.float())
            if cfg.get("double_softmax"): return F.cross_entropy(F.softmax(out, 1), y)
            return F.cross_entropy(out, y)
        if kind == "ml":
            if cfg.get("manual_bce"):
                p = torch.sigmoid(out); return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
            return F.binary_cross_entropy_with_logits(out, y)
        return F.mse_loss(out, y)
    best, bad, step = 1e9, 0, 0
    start = cfg.get("start_epoch", 0)
    for ep in range(start, E):
        if cfg.get("kill_at") is not None and ep == cfg["kill_at"]: os.kill(os.getpid(), signal.SIGKILL)
        if not cfg.get("never_train"): model.train()
        perm = torch.randperm(len(Xtr)); tl = 0; n = 0
        for b in range(nb):
            idx = perm[b * bs:(b + 1) * bs]; x, y = Xtr[idx], Ytr[idx]
            out = model(x); loss = lossf(out, y)
            if not cfg.get("no_zero_grad"): opt.zero_grad()
            loss.backward()
            gn = None
            if cfg.get("clip"): gn = torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"]).item()
            elif cfg.get("log_gn"): gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1e9).item()
            opt.step(); step += 1
            if sk == "lin_batch": sch.step()
            tl += loss.item() * len(idx); n += len(idx)
            if log.get("step"): log["step"](ep, step, loss.item(), opt.param_groups[0]["lr"], gn)
        if not cfg.get("forget_eval"): model.eval()
        with torch.no_grad():
            o = model(Xva); vl = lossf(o, Yva).item(); vm = metric(kind, o, Yva)
        lr = opt.param_groups[0]["lr"]
        log["epoch"](ep, step, tl / n, vl, vm, lr)
        if sch is not None and sk != "lin_batch": sch.step(vl) if sk == "plateau" else sch.step()
        if cfg.get("early"):
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["early"]: log.get("msg", lambda s: None)(f"early stop at epoch {ep+1}"); break
    return model

# ---------------- loggers ----------------
MN = {"cls": "acc", "ml": "hamming_acc", "reg": "r2", "seq": "r2"}
def text_logger(d, style, kind, E, mode="w"):
    os.makedirs(d, exist_ok=True); fh = open(os.path.join(d, "train.log"), mode); m = MN[kind]
    def w(s): fh.write(s + "\n"); fh.flush()
    if style == "print":
        ep = lambda e, s, tl, vl, vm, lr: w(f"Epoch {e+1}/{E} -- train_loss {tl:.4f} | holdout_loss {vl:.4f} | holdout_{m} {vm:.4f} | lr {lr:.2e}")
        return {"epoch": ep, "msg": w, "close": fh.close}
    if style == "logging":
        lg = logging.getLogger(d); lg.handlers = []; lg.propagate = False; h = logging.StreamHandler(fh)
        h.setFormatter(logging.Formatter("%(asctime)s [%(levelname)s] trainer: %(message)s")); lg.addHandler(h); lg.setLevel(logging.INFO)
        ep = lambda e, s, tl, vl, vm, lr: lg.info(f"ep={e+1} step={s} loss={tl:.5f} val_loss={vl:.5f} val_{m}={vm:.4f} lr={lr:.3g}")
        return {"epoch": ep, "msg": lg.info, "close": fh.close}
    if style == "tqdm":
        def ep(e, s, tl, vl, vm, lr):
            w(f"epoch {e+1:3d}: 100%|##########| 19/19 [00:00<00:00, 88.1it/s, loss={tl:.4f}]")
            w(f"  -> dev loss {vl:.4f}, dev {m} {vm:.4f}")
        return {"epoch": ep, "msg": w, "close": fh.close}
    if style == "steps":  # per-step losses + per-epoch eval block
        st = lambda e, s, l, lr, gn: (w(f"[it {s:5d}] loss: {l:.4f}" + (f" grad_norm: {gn:.3f}" if gn is not None else "")) if s % 10 == 0 else None)
        ep = lambda e, s, tl, vl, vm, lr: w(f"=== eval @ epoch {e+1}: val {vl:.4f}  {m} {vm:.4f}")
        return {"epoch": ep, "step": st, "msg": w, "close": fh.close}
def csv_logger(d, kind, per_step=False, mode="w"):
    os.makedirs(d, exist_ok=True); new = not os.path.exists(os.path.join(d, "metrics.csv")) or mode == "w"
    fh = open(os.path.join(d, "metrics.csv"), mode, newline=""); m = MN[kind]; wr = csv.writer(fh)
    if new: wr.writerow(["epoch", "step", "train_loss", "val_loss", f"val_{m}", "lr"])
    def ep(e, s, tl, vl, vm, lr): wr.writerow([e, s, f"{tl:.6f}", f"{vl:.6f}", f"{vm:.5f}", f"{lr:.6g}"]); fh.flush()
    return {"epoch": ep, "close": fh.close}
def jsonl_logger(d, kind, mode="w"):
    os.makedirs(d, exist_ok=True); fh = open(os.path.join(d, "log.jsonl"), mode); m = MN[kind]
    def ep(e, s, tl, vl, vm, lr): fh.write(json.dumps({"epoch": e + 1, "global_step": s, "loss/train": tl, "loss/valid": vl, f"{m}/valid": vm, "lr": lr}) + "\n"); fh.flush()
    def st(e, s, l, lr, gn):
        if s % 5 == 0: fh.write(json.dumps({"global_step": s, "loss/train_step": l, **({"grad_norm": gn} if gn is not None else {})}) + "\n")
    return {"epoch": ep, "step": st, "close": fh.close}
def tb_logger(d, kind, lib="torch"):
    os.makedirs(d, exist_ok=True)
    W = __import__("tensorboardX").SummaryWriter if lib == "tbx" else __import__("torch.utils.tensorboard", fromlist=["SummaryWriter"]).SummaryWriter
    w = W(d); m = MN[kind]
    def ep(e, s, tl, vl, vm, lr):
        w.add_scalar("Loss/train", tl, e); w.add_scalar("Loss/val", vl, e); w.add_scalar(f"Metric/val_{m}", vm, e); w.add_scalar("LR", lr, e); w.flush()
    def st(e, s, l, lr, gn):
        if gn is not None and s % 5 == 0: w.add_scalar("grad/global_norm", gn, s)
    return {"epoch": ep, "step": st, "close": w.close}

# ---------------- Lightning ----------------
def lightning_run(d, cfg):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from torch.utils.data import TensorDataset, DataLoader
    L.seed_everything(cfg.get("seed", 0), verbose=False)
    (Xtr, Ytr), (Xva, Yva), kind, K = get_data(cfg["task"], cfg.get("ntr", 1200))
    net = cfg["model"]()
    if cfg.get("frozen"):
        for p in net.parameters(): p.requires_grad = False
        net[-1].bias.requires_grad = True
    class M(L.LightningModule):
        def __init__(s): super().__init__(); s.net = net
        def _l(s, o, y): return F.cross_entropy(o, y) if kind == "cls" else F.binary_cross_entropy_with_logits(o, y) if kind == "ml" else F.mse_loss(o, y)
        def training_step(s, b, i):
            x, y = b; l = s._l(s.net(x), y); s.log("train_loss", l, on_step=False, on_epoch=True); return l
        def validation_step(s, b, i):
            x, y = b; o = s.net(x); s.log("val_loss", s._l(o, y)); s.log(f"val_{MN[kind]}", metric(kind, o, y))
        def configure_optimizers(s):
            o = torch.optim.Adam([p for p in s.parameters() if p.requires_grad], lr=cfg["lr"], weight_decay=cfg.get("wd", 0))
            if cfg.get("sched") == "cos": return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, cfg["epochs"])}
            return o
    cb = [L.pytorch.callbacks.LearningRateMonitor("epoch")] if cfg.get("sched") else []
    if cfg.get("early"): cb.append(L.pytorch.callbacks.EarlyStopping("val_loss", patience=cfg["early"]))
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(d, name="lt", version=0), enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, callbacks=cb, accelerator="cpu", devices=1, num_sanity_val_steps=0, log_every_n_steps=5)
    tr.fit(M(), DataLoader(TensorDataset(Xtr, Ytr), batch_size=64, shuffle=True), DataLoader(TensorDataset(Xva, Yva), batch_size=512))

# ---------------- Keras ----------------
def keras_run(d, cfg):
    import keras
    keras.utils.set_random_seed(cfg.get("seed", 0)); os.makedirs(d, exist_ok=True)
    (Xtr, Ytr), (Xva, Yva), kind, K = get_data(cfg["task"], cfg.get("ntr", 1200))
    Xtr, Ytr, Xva, Yva = [t.numpy() for t in (Xtr, Ytr, Xva, Yva)]
    reg = keras.regularizers.l2(cfg["l2"]) if cfg.get("l2") else None
    layers = [keras.Input((Xtr.shape[1],))] + [keras.layers.Dense(cfg.get("h", 64), activation="relu", kernel_regularizer=reg) for _ in range(2)]
    if cfg.get("drop"): layers.append(keras.layers.Dropout(cfg["drop"]))
    if kind == "cls": layers.append(keras.layers.Dense(K, activation="softmax")); loss = cfg.get("loss", "sparse_categorical_crossentropy"); mets = ["accuracy"]
    elif kind == "ml": layers.append(keras.layers.Dense(K, activation="sigmoid")); loss = "binary_crossentropy"; mets = ["binary_accuracy"]
    else: layers.append(keras.layers.Dense(1)); loss = "mse"; mets = ["mae"]
    m = keras.Sequential(layers)
    opt = keras.optimizers.SGD(cfg["lr"], momentum=0.9) if cfg.get("opt") == "sgd" else keras.optimizers.Adam(cfg["lr"])
    m.compile(opt, loss, metrics=mets)
    cbs = []
    if cfg.get("out") == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.csv")))
    if cfg.get("rlrop"): cbs.append(keras.callbacks.ReduceLROnPlateau(patience=3, factor=0.5))
    if cfg.get("early"): cbs.append(keras.callbacks.EarlyStopping(patience=cfg["early"], restore_best_weights=True))
    h = m.fit(Xtr, Ytr, validation_data=(Xva, Yva), epochs=cfg["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if cfg.get("out") == "json": json.dump(hist, open(os.path.join(d, "history.json"), "w"), indent=1)
    if cfg.get("out") == "hcsv":
        import pandas as pd; pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"), index_label="epoch")

# ---------------- HF Trainer ----------------
def tally(n, seed, T=16):  # count of token 7 among 16 digit tokens -> regression (standardised) or 3 bins
    r = np.random.RandomState(seed); X = r.randint(0, 10, (n, T)); c = (X == 7).sum(1)
    return X, c
def hf_run(d, cfg):
    from transformers import BertConfig, BertForSequenceClassification, Trainer, TrainingArguments, set_seed
    set_seed(cfg.get("seed", 0)); X, c = tally(1400, 3)
    reg = cfg["hf_kind"] == "reg"
    y = ((c - 1.6) / 1.2).astype(np.float32) if reg else np.digitize(c, [1, 3]).astype(np.int64)
    if cfg.get("shuffle_labels"): y = y[np.random.RandomState(5).permutation(len(y))[:len(y)]] if False else np.concatenate([np.random.RandomState(5).permutation(y[:1100]), y[1100:]])
    class DS(torch.utils.data.Dataset):
        def __init__(s, a, b): s.a, s.b = a, b
        def __len__(s): return len(s.a)
        def __getitem__(s, i): return {"input_ids": torch.tensor(np.r_[10, s.a[i]] + 1), "labels": torch.tensor(s.b[i])}
    conf = BertConfig(vocab_size=12, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, max_position_embeddings=20, num_labels=1 if reg else 3)
    model = BertForSequenceClassification(conf)
    args = TrainingArguments(output_dir=d, num_train_epochs=cfg["epochs"], per_device_train_batch_size=32, learning_rate=cfg["lr"], warmup_steps=int(cfg.get("warm", 0.0) * 35 * cfg["epochs"]),
        lr_scheduler_type=cfg.get("sched", "linear"), eval_strategy="epoch", logging_steps=10, save_strategy="no", report_to=[], seed=cfg.get("seed", 0),
        use_cpu=True, disable_tqdm=True, max_grad_norm=cfg.get("clip", 1.0), dataloader_num_workers=0)
    tr = Trainer(model=model, args=args, train_dataset=DS(X[:1100], y[:1100]), eval_dataset=DS(X[1100:], y[1100:]))
    tr.train(); tr.save_state()

# ---------------- the runs ----------------
G = lambda **k: (lambda: mlp(6, 5, **k)); Ln = lambda **k: (lambda: mlp(5, 1, **k)); Mi = lambda **k: (lambda: mlp(12, 6, **k))
Tc = lambda **k: (lambda: Conv1(7, **k)); Tm = lambda **k: (lambda: mlp(48, 7, **k)); Q = lambda **k: (lambda: GRUReg(**k))
R = {}
def add(fmt, name, cfg): R[f"{fmt}/{name}"] = cfg
# text logs
add("text", "gear-adam-cosine-30ep", dict(task="gear", model=G(), lr=3e-3, epochs=30, sched="cos", style="print"))
add("text", "lens-sgd-steplr-40ep", dict(task="lens", model=Ln(), opt="sgd", lr=0.02, epochs=40, sched="step", step=15, style="logging"))
add("text", "tone-cnn-warmup-cosine-25ep", dict(task="tone", model=Tc(), lr=4e-3, epochs=25, sched="warmcos", warm=3, style="tqdm"))
add("text", "queue-gru-clip1-30ep", dict(task="queue", model=Q(), lr=5e-3, epochs=30, clip=1.0, style="steps", bs=32, ntr=800))
add("text", "gear-sgd-lr5-30ep", dict(task="gear", model=G(), opt="sgd", lr=5.0, epochs=30, style="print"))
add("text", "mineral-adam-lr1e-6-30ep", dict(task="mineral", model=Mi(), lr=1e-6, epochs=30, style="logging"))
add("text", "tone-cnn-labels-permuted-30ep", dict(task="tone", model=Tc(), lr=3e-3, epochs=30, shuffle_labels=True, style="tqdm"))
add("text", "queue-rnn-sgd-noclip-30ep", dict(task="queue", model=Q(cell="rnn", h=64), opt="sgd", lr=0.5, epochs=30, log_gn=True, style="steps", bs=32, ntr=800))
add("text", "gear-adam-40ep-killed", dict(task="gear", model=G(), lr=2e-3, epochs=40, sched="cos", kill_at=14, style="print"))
add("text", "lens-adam-relaunched-same-log", dict(task="lens", model=Ln(), lr=2e-3, epochs=30, relaunch_kill=11, style="logging"))
add("text", "mineral-handwritten-bce-lr0.5", dict(task="mineral", model=Mi(h=128), lr=0.5, epochs=30, manual_bce=True, style="logging"))
add("text", "gear-softmax-then-crossentropy", dict(task="gear", model=G(), lr=2e-3, epochs=30, double_softmax=True, style="steps"))
add("text", "lens-40-rows-400ep", dict(task="lens", model=Ln(h=256), lr=3e-3, epochs=400, ntr=40, style="print"))
add("text", "tone-mlp-dropout-earlystop", dict(task="tone", model=Tm(h=128, drop=0.3), lr=1e-3, epochs=80, early=6, style="print"))
add("text", "mineral-adam-plateau-35ep", dict(task="mineral", model=Mi(), lr=3e-3, epochs=35, sched="plateau", style="tqdm"))
# csv
add("csv", "gear-adam-no-zero-grad", dict(task="gear", model=G(), lr=2e-3, epochs=30, no_zero_grad=True))
add("csv", "lens-adam-plateau-50ep", dict(task="lens", model=Ln(), lr=3e-3, epochs=50, sched="plateau"))
add("csv", "queue-gru-cosine-25ep", dict(task="queue", model=Q(), lr=5e-3, epochs=25, sched="cos", clip=1.0, bs=32, ntr=800))
add("csv", "tone-cnn-mse-on-class-ids", dict(task="tone", model=Tc(), lr=3e-3, epochs=25, mse_ids=True))
add("csv", "mineral-adam-relaunched-append", dict(task="mineral", model=Mi(), lr=2e-3, epochs=30, relaunch_kill=18))
# jsonl
add("jsonl", "lens-linear-decay-stepped-per-batch", dict(task="lens", model=Ln(), lr=3e-3, epochs=30, sched="lin_batch"))
add("jsonl", "gear-adamw-warmup-cosine", dict(task="gear", model=G(), opt="adamw", lr=3e-3, wd=0.01, epochs=30, sched="warmcos", warm=4, log_gn=True))
add("jsonl", "tone-mlp-dropout-no-eval-mode", dict(task="tone", model=Tm(h=128, drop=0.5), lr=1e-3, epochs=30, forget_eval=True))
add("jsonl", "queue-gru-lr1e-5", dict(task="queue", model=Q(), lr=1e-5, epochs=25, bs=32, ntr=800))
# tensorboard
add("tb", "gear-optimizer-on-other-model", dict(task="gear", model=G(), lr=3e-3, epochs=25, opt_other_model=True, lib="torch"))
add("tb", "lens-adam-weight-decay-1", dict(task="lens", model=Ln(), lr=3e-3, wd=1.0, epochs=30, lib="torch"))
add("tb", "tone-cnn-cosine-30ep", dict(task="tone", model=Tc(), lr=3e-3, epochs=30, sched="cos", lib="tbx"))
add("tb", "mineral-adam-steplr-30ep", dict(task="mineral", model=Mi(drop=0.1), lr=3e-3, epochs=30, sched="step", step=12, lib="tbx"))
add("tb", "queue-gru-warmup-cosine-clip", dict(task="queue", model=Q(), lr=6e-3, epochs=25, sched="warmcos", warm=3, clip=1.0, bs=32, ntr=800, lib="torch"))
add("tb", "gear-cosine-tmax100-ran-20", dict(task="gear", model=G(), opt="sgd", lr=0.05, epochs=20, sched="cos", tmax=100, lib="tbx"))
add("tb", "lens-validates-on-train-rows", dict(task="lens", model=Ln(h=128), lr=3e-3, epochs=40, eval_on_train=True, ntr=300, lib="torch"))
add("tb", "tone-val-rows-also-in-train", dict(task="tone", model=Tm(h=256), lr=2e-3, epochs=40, leak=True, ntr=500, lib="tbx"))
add("tb", "mineral-adam-lr0.3", dict(task="mineral", model=Mi(), lr=0.3, epochs=30, lib="torch"))
# lightning
add("lightning", "gear-cosine-25ep", dict(task="gear", model=G(), lr=3e-3, epochs=25, sched="cos"))
add("lightning", "lens-earlystop", dict(task="lens", model=Ln(), lr=2e-3, epochs=60, early=5))
add("lightning", "mineral-adam-25ep", dict(task="mineral", model=Mi(), lr=2e-3, epochs=25))
add("lightning", "tone-mlp-adam-lr1", dict(task="tone", model=Tm(), lr=1.0, epochs=25))
add("lightning", "gear-frozen-but-last-bias", dict(task="gear", model=G(), lr=3e-3, epochs=25, frozen=True))
add("lightning", "lens-50-rows-200ep", dict(task="lens", model=Ln(h=256), lr=3e-3, epochs=200, ntr=50))
# keras
add("keras", "gear-dense-csvlogger", dict(task="gear", lr=2e-3, epochs=30, out="csvlogger"))
add("keras", "lens-dense-rlrop-json", dict(task="lens", lr=3e-3, epochs=40, rlrop=True, out="json"))
add("keras", "mineral-dense-earlystop-hcsv", dict(task="mineral", lr=2e-3, epochs=60, early=5, out="hcsv"))
add("keras", "tone-dense-sgd-lr1e-5-csvlogger", dict(task="tone", lr=1e-5, opt="sgd", epochs=30, out="csvlogger"))
add("keras", "lens-dense-40-rows-json", dict(task="lens", lr=3e-3, epochs=300, ntr=40, h=256, out="json"))
add("keras", "gear-dense-l2-0.5-hcsv", dict(task="gear", lr=2e-3, epochs=30, l2=0.5, out="hcsv"))
# hf
add("hf", "tally-bert-regression-8ep", dict(hf_kind="reg", lr=1e-3, epochs=8, warm=0.1))
add("hf", "tally-bert-3bins-cosine-8ep", dict(hf_kind="cls", lr=1e-3, epochs=8, warm=0.1, sched="cosine"))
add("hf", "tally-bert-3bins-lr1e-7", dict(hf_kind="cls", lr=1e-7, epochs=8))
add("hf", "tally-bert-regression-targets-shuffled", dict(hf_kind="reg", lr=1e-3, epochs=8, shuffle_labels=True))

def run_one(key):
    fmt, name = key.split("/"); cfg = dict(R[key]); d = os.path.join(RUNS, fmt, name)
    import shutil; shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    if fmt == "lightning": return lightning_run(d, cfg)
    if fmt == "keras": return keras_run(d, cfg)
    if fmt == "hf": return hf_run(d, cfg)
    kind = TASKS[cfg["task"]][1]
    def mk(mode):
        if fmt == "text": return text_logger(d, cfg["style"], kind, cfg["epochs"], mode)
        if fmt == "csv": return csv_logger(d, kind, mode=mode)
        if fmt == "jsonl": return jsonl_logger(d, kind, mode=mode)
        if fmt == "tb": return tb_logger(d, kind, cfg["lib"])
    def forked(c, mode):
        pid = os.fork()
        if pid == 0:
            lg = mk(mode); torch_train(c, lg); lg["close"](); os._exit(0)
        os.waitpid(pid, 0)
    if cfg.get("kill_at") is not None: forked(cfg, "w"); return
    if cfg.get("relaunch_kill") is not None:
        forked(dict(cfg, kill_at=cfg["relaunch_kill"]), "w")
        c2 = dict(cfg, seed=1); c2.pop("relaunch_kill"); lg = mk("a"); torch_train(c2, lg); lg["close"](); return
    lg = mk("w"); torch_train(cfg, lg); lg["close"]()

if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--only"); a = ap.parse_args()
    if a.only: run_one(a.only); sys.exit(0)
    import subprocess
    keys = list(R); procs = []
    for k in keys:
        while len([p for p in procs if p.poll() is None]) >= 2: time.sleep(0.2)
        procs.append(subprocess.Popen([sys.executable, __file__, "--only", k], stdout=subprocess.DEVNULL, stderr=open(os.path.join("/tmp", "nu43_" + k.replace("/", "_") + ".err"), "w")))
    for p in procs: p.wait()
    print("done", len(keys))
