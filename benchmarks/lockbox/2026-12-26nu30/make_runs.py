"""Lock-box batch 2026-12-26nu30: new-user CPU trainings (tasks: gem, mod3, stripes).
python make_runs.py            -> all runs (2 at a time, each in its own subprocess)
python make_runs.py --only fmt/name
"""
import os, sys, json, math, time, signal, subprocess, logging, shutil
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

# ---------------- data ----------------
def gem_data(n, seed):
    """gemstone kind (K=5) from refractive index, specific gravity, Mohs hardness, birefringence,
    dispersion, hue angle, inclusion count; class profiles + spread, 4% label noise"""
    r = np.random.default_rng(seed)
    mu = np.array([[1.54, 2.65, 7.0, 0.009, 0.013, 60., 3.],   # quartz
                   [1.77, 4.00, 9.0, 0.008, 0.018, 0., 2.],    # corundum
                   [1.58, 2.72, 7.8, 0.006, 0.014, 140., 6.],  # beryl
                   [1.62, 3.55, 8.0, 0.010, 0.014, 30., 1.],   # topaz
                   [1.72, 3.60, 8.0, 0.000, 0.020, 330., 2.]]) # spinel
    sd = np.array([0.015, 0.12, 0.4, 0.004, 0.002, 45., 2.])
    y = r.integers(0, 5, n)
    X = mu[y] + r.normal(size=(n, 7)) * sd
    noise = r.random(n) < 0.04
    y = np.where(noise, r.integers(0, 5, n), y)
    return X.astype(np.float32), y.astype(np.int64)

def gem_split(ntr=2000, nva=500):
    Xtr, ytr = gem_data(ntr, 11); Xva, yva = gem_data(nva, 12)
    m, s = Xtr.mean(0), Xtr.std(0)
    return (Xtr - m) / s, ytr, (Xva - m) / s, yva

def mod3_data(n, seed):
    """12 tokens over 4 symbols; class = (count of symbol 0) mod 3"""
    r = np.random.default_rng(seed)
    X = r.integers(0, 4, (n, 12))
    y = (X == 0).sum(1) % 3
    return X.astype(np.int64), y.astype(np.int64)

def mod3_split(ntr=2000, nva=500):
    a, b = mod3_data(ntr, 21); c, d = mod3_data(nva, 22); return a, b, c, d

def stripes_data(n, seed):
    """12x12 image with stripes: horizontal, vertical, diagonal /, diagonal \\ (K=4); period 3-5, noise sd 0.6"""
    r = np.random.default_rng(seed)
    y = r.integers(0, 4, n)
    ii, jj = np.meshgrid(np.arange(12), np.arange(12), indexing="ij")
    X = np.zeros((n, 1, 12, 12), np.float32)
    for k in range(n):
        p = r.uniform(3, 5); ph = r.uniform(0, 2 * np.pi)
        t = [ii, jj, ii + jj, ii - jj][y[k]] * (1.0 if y[k] < 2 else 0.7071)
        X[k, 0] = r.uniform(0.5, 1.0) * np.sin(2 * np.pi * t / p + ph) + r.normal(0, 0.6, (12, 12))
    return X, y.astype(np.int64)

def stripes_split(ntr=1500, nva=400):
    a, b = stripes_data(ntr, 31); c, d = stripes_data(nva, 32); return a, b, c, d

DATA = {"gem": gem_split, "mod3": mod3_split, "stripes": stripes_split}
K = {"gem": 5, "mod3": 3, "stripes": 4}

# ---------------- torch models ----------------
def build(kind, task, out=None):
    import torch.nn as nn
    k = out or K[task]
    if kind == "mlp":
        return nn.Sequential(nn.Linear(7, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, k))
    if kind == "mlp_do":
        return nn.Sequential(nn.Linear(7, 96), nn.BatchNorm1d(96), nn.ReLU(), nn.Dropout(0.3), nn.Linear(96, 96), nn.ReLU(), nn.Dropout(0.3), nn.Linear(96, k))
    if kind == "mlp_big":
        return nn.Sequential(nn.Linear(7, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, k))
    if kind == "cnn":
        return nn.Sequential(nn.Conv2d(1, 12, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(12, 24, 3, padding=1), nn.ReLU(),
                             nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(24, k))
    if kind == "cnn_do":
        return nn.Sequential(nn.Conv2d(1, 12, 3, padding=1), nn.BatchNorm2d(12), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(12, 24, 3, padding=1), nn.ReLU(),
                             nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.5), nn.Linear(24, k))
    if kind in ("gru", "rnn_relu", "tfm"):
        return SeqNet(kind, k)
    raise ValueError(kind)

import torch, torch.nn as nn
class SeqNet(nn.Module):
    def __init__(self, kind, k):
        super().__init__()
        self.kind = kind
        self.emb = nn.Embedding(4, 24)
        if kind == "gru":
            self.rnn = nn.GRU(24, 48, batch_first=True)
        elif kind == "rnn_relu":
            self.rnn = nn.RNN(24, 64, nonlinearity="relu", batch_first=True)
        else:
            self.pos = nn.Parameter(torch.randn(12, 24) * 0.1)
            self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(24, 4, 64, dropout=0.0, batch_first=True), 2)
        self.head = nn.Linear(48 if kind == "gru" else 64 if kind == "rnn_relu" else 24, k)
    def forward(self, x):
        h = self.emb(x)
        if self.kind == "tfm":
            return self.head(self.enc(h + self.pos).mean(1))
        o, _ = self.rnn(h)
        return self.head(o[:, -1])

# ---------------- loggers ----------------
class TextLog:
    """plain-text training log, one of several hand-written styles"""
    def __init__(self, path, style, header, mode="w"):
        self.style = style
        self.f = open(path, mode, buffering=1)
        if style == "B":
            self.lg = logging.getLogger(path); self.lg.handlers.clear(); self.lg.setLevel(logging.INFO)
            h = logging.StreamHandler(self.f); h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s trainer: %(message)s"))
            self.lg.addHandler(h); self.lg.propagate = False
        self.say(header)
    def say(self, msg):
        if self.style == "B": self.lg.info(msg)
        else: self.f.write(msg + "\n")
    def step(self, step, ep, loss):
        if self.style == "D": self.say(f"  it {step:5d} (ep {ep}) batch_loss {loss:.4f}")
    def epoch(self, ep, n, tr, vl, va, lr):
        s = self.style
        if s == "A": self.say(f"epoch {ep}/{n} | train_loss {tr:.4f} | val_loss {vl:.4f} | val_acc {va:.4f} | lr {lr:.2e}")
        elif s == "B": self.say(f"[ep {ep:02d}] loss={tr:.5f} valid_loss={vl:.5f} valid_acc={va:.4f} lr={lr:.3g}")
        elif s == "C": self.say(f"Epoch {ep:03d} :: tr-loss {tr:.4f} :: dev-loss {vl:.4f} :: dev-acc {100*va:.2f}%")
        else: self.say(f"== eval after epoch {ep}: heldout_loss {vl:.4f} heldout_acc {va:.4f} (mean train {tr:.4f}, lr {lr:.5f})")
    def close(self, msg):
        if msg: self.say(msg)
        self.f.close()

class CsvLog:
    def __init__(self, path, mode="w"):
        new = mode == "w" or not os.path.exists(path)
        self.f = open(path, mode, buffering=1)
        self.f.write("epoch,train_loss,val_loss,val_acc,lr\n")
    def step(self, *a): pass
    def say(self, m): pass
    def epoch(self, ep, n, tr, vl, va, lr): self.f.write(f"{ep},{tr:.6f},{vl:.6f},{va:.5f},{lr:.6g}\n")
    def close(self, m): self.f.close()

class JsonlLog:
    def __init__(self, path, mode="w"): self.f = open(path, mode, buffering=1)
    def step(self, *a): pass
    def say(self, m): pass
    def epoch(self, ep, n, tr, vl, va, lr):
        self.f.write(json.dumps({"epoch": ep, "loss": None if math.isnan(tr) else round(tr, 6), "eval_loss": None if math.isnan(vl) else round(vl, 6), "eval_accuracy": round(va, 5), "learning_rate": lr}) + "\n")
    def close(self, m): self.f.close()

class TbLog:
    def __init__(self, d, lib):
        if lib == "torch":
            from torch.utils.tensorboard import SummaryWriter; self.w = SummaryWriter(d); self.tags = ("loss/train", "loss/val", "acc/val", "lr")
        else:
            from tensorboardX import SummaryWriter; self.w = SummaryWriter(d); self.tags = ("train/loss", "valid/loss", "valid/accuracy", "opt/lr")
    def step(self, *a): pass
    def say(self, m): pass
    def epoch(self, ep, n, tr, vl, va, lr):
        a, b, c, d = self.tags
        self.w.add_scalar(a, tr, ep); self.w.add_scalar(b, vl, ep); self.w.add_scalar(c, va, ep); self.w.add_scalar(d, lr, ep)
    def close(self, m): self.w.flush(); self.w.close()

def make_logger(fmt, rd, spec, mode="w"):
    if fmt == "text":
        hdr = {"A": f"starting {spec['name']}: task={spec['task']} model={spec['model']} lr={spec['lr']} epochs={spec['epochs']}",
               "B": f"config task={spec['task']} net={spec['model']} opt={spec.get('opt','adam')} lr={spec['lr']} max_epochs={spec['epochs']}",
               "C": f"### {spec['task']} / {spec['model']} ### lr {spec['lr']}  epochs {spec['epochs']}",
               "D": f"run {spec['name']} ({spec['model']} on {spec['task']}), {spec['epochs']} epochs, base lr {spec['lr']}"}[spec["style"]]
        return TextLog(os.path.join(rd, "train.log"), spec["style"], hdr, mode)
    if fmt == "csv": return CsvLog(os.path.join(rd, "history.csv"), mode)
    if fmt == "jsonl": return JsonlLog(os.path.join(rd, "metrics.jsonl"), mode)
    if fmt == "tb": return TbLog(rd, "torch")
    if fmt == "tbx": return TbLog(rd, "tbx")

# ---------------- generic torch loop with user faults ----------------
def torch_run(fmt, rd, spec):
    f = spec.get("fault", set())
    torch.manual_seed(spec.get("seed", 0)); np.random.seed(spec.get("seed", 0))
    task = spec["task"]
    Xtr, ytr, Xva, yva = DATA[task](**spec.get("sizes", {}))
    if "shuffle_labels" in f:            # "shuffle the training set" -- but only the labels got permuted
        ytr = np.random.permutation(ytr)
    if "misalign" in f:                   # dropped the first row of X (a header-ish row) but not of y
        Xtr, ytr = Xtr[1:], ytr[:-1]
    if "leak" in f:                       # val sampled from the training pool
        idx = np.random.choice(len(Xtr), len(Xva), replace=False); Xva, yva = Xtr[idx], ytr[idx]
    if "eval_on_train" in f:
        Xva, yva = Xtr, ytr
    Xtr_t = torch.tensor(Xtr); ytr_t = torch.tensor(ytr); Xva_t = torch.tensor(Xva); yva_t = torch.tensor(yva)
    out = 1 if "mse_ids" in f else None
    model = build(spec["model"], task, out)
    if "double_softmax" in f: model = nn.Sequential(model, nn.Softmax(dim=1))
    if "half" in f: model = model.half()
    if "frozen" in f:
        for p in model.parameters(): p.requires_grad = False
        list(model.parameters())[-1].requires_grad = True   # "only fine-tune the head" -- but that is just its bias
    params = [p for p in model.parameters() if p.requires_grad]
    if "wrong_params" in f:
        other = build(spec["model"], task); params = other.parameters()    # optimiser built on a stale copy
    lr = spec["lr"]; wd = spec.get("wd", 0.0)
    opt = {"adam": lambda: torch.optim.Adam(params, lr=lr, weight_decay=wd), "sgd": lambda: torch.optim.SGD(params, lr=lr, momentum=spec.get("mom", 0.9), weight_decay=wd),
           "adamw": lambda: torch.optim.AdamW(params, lr=lr, weight_decay=wd)}[spec.get("opt", "adam")]()
    E = spec["epochs"]; bs = spec.get("bs", 64); nb = math.ceil(len(Xtr_t) / bs)
    sch = spec.get("sched"); sched = None; per_batch = False
    if sch == "cosine": sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, spec.get("tmax", E))
    elif sch == "step": sched = torch.optim.lr_scheduler.StepLR(opt, spec.get("step_size", 8), 0.3); per_batch = "sched_per_batch" in f
    elif sch == "plateau": sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=2)
    elif sch == "warmcos":
        W = spec.get("warm", 3)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e + 1) / W if e < W else 0.5 * (1 + math.cos(math.pi * (e - W) / max(1, E - W))))
    elif sch == "linzero":   # linear decay to zero over zero_at epochs (the user copied it from a 10-epoch recipe)
        Z = spec["zero_at"]; sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: max(0.0, 1 - e / Z))
    ce = nn.CrossEntropyLoss()
    def lossf(out, y):
        if "mse_ids" in f: return nn.functional.mse_loss(out.squeeze(1), y.float())
        if "log0" in f:   # hand-written cross entropy
            p = torch.exp(out) / torch.exp(out).sum(1, keepdim=True)
            return -torch.log(p[torch.arange(len(y)), y]).mean()
        return ce(out.float(), y)
    def evaluate():
        model.eval()
        with torch.no_grad():
            xv = Xva_t.half() if "half" in f and Xva_t.is_floating_point() else Xva_t
            o = model(xv).float(); l = lossf(o, yva_t).item()
            pred = o.squeeze(1).round().clamp(0, K[task] - 1).long() if "mse_ids" in f else o.argmax(1)
            return l, (pred == yva_t).float().mean().item()
    start = spec.get("start_epoch", 1)
    log = make_logger(fmt, rd, spec, spec.get("log_mode", "w"))
    best, bad, step = 1e9, 0, 0
    for ep in range(start, E + 1):
        if "no_train_switch" not in f or ep == start: model.train()
        perm = torch.randperm(len(Xtr_t)); tot, cnt = 0.0, 0
        for b in range(nb):
            i = perm[b * bs:(b + 1) * bs]
            xb = Xtr_t[i].half() if "half" in f and Xtr_t.is_floating_point() else Xtr_t[i]
            if "no_zero_grad" not in f: opt.zero_grad()
            loss = lossf(model(xb), ytr_t[i]); loss.backward()
            if spec.get("clip"): torch.nn.utils.clip_grad_norm_(model.parameters(), spec["clip"])
            opt.step(); step += 1
            if per_batch: sched.step()
            tot += loss.item() * len(i); cnt += len(i)
            if step % 10 == 0: log.step(step, ep, loss.item())
        tr = tot / cnt; vl, va = evaluate()
        log.epoch(ep, E, tr, vl, va, opt.param_groups[0]["lr"])
        if sched is not None and not per_batch:
            sched.step(vl) if sch == "plateau" else sched.step()
        if spec.get("crash_at") == ep:
            raise SystemExit(1)
        if spec.get("early_stop"):
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= spec["early_stop"]: log.say(f"early stopping at epoch {ep} (best val {best:.4f})"); break
        if spec.get("slow"): time.sleep(spec["slow"])
    log.close({"A": "done.", "B": "finished training", "C": "### end ###", "D": "all epochs complete"}.get(spec.get("style"), ""))

# ---------------- lightning ----------------
def lightning_run(rd, spec):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    torch.manual_seed(spec.get("seed", 0)); np.random.seed(0)
    f = spec.get("fault", set()); task = spec["task"]
    Xtr, ytr, Xva, yva = DATA[task](**spec.get("sizes", {}))
    if "shuffle_labels" in f: ytr = np.random.permutation(ytr)
    tds = torch.utils.data.TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)); vds = torch.utils.data.TensorDataset(torch.tensor(Xva), torch.tensor(yva))
    class Lit(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = build(spec["model"], task)
        def training_step(s, b, i):
            x, y = b; l = nn.functional.cross_entropy(s.net(x), y); s.log("train_loss", l, on_step=False, on_epoch=True); return l
        def validation_step(s, b, i):
            x, y = b; o = s.net(x); s.log("val_loss", nn.functional.cross_entropy(o, y)); s.log("val_acc", (o.argmax(1) == y).float().mean())
        def configure_optimizers(s):
            o = torch.optim.AdamW(s.parameters(), lr=spec["lr"], weight_decay=spec.get("wd", 0.01))
            if spec.get("sched") == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, spec["epochs"])}
            if spec.get("sched") == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.5, patience=2), "monitor": "val_loss"}}
            return o
    tr = L.Trainer(max_epochs=spec["epochs"], logger=CSVLogger(rd, name="lightning_logs"), callbacks=[LearningRateMonitor("epoch")],
                   enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False, accelerator="cpu", devices=1,
                   gradient_clip_val=spec.get("clip"))
    tr.fit(Lit(), torch.utils.data.DataLoader(tds, batch_size=64, shuffle=True), torch.utils.data.DataLoader(vds, batch_size=256))

# ---------------- keras ----------------
def keras_run(rd, spec):
    import keras
    keras.utils.set_random_seed(spec.get("seed", 0))
    f = spec.get("fault", set()); task = spec["task"]
    Xtr, ytr, Xva, yva = DATA[task](**spec.get("sizes", {}))
    if task == "stripes": Xtr, Xva = Xtr.reshape(len(Xtr), -1), Xva.reshape(len(Xva), -1)
    if task == "mod3": Xtr, Xva = np.eye(4, dtype=np.float32)[Xtr].reshape(len(Xtr), -1), np.eye(4, dtype=np.float32)[Xva].reshape(len(Xva), -1)
    h = spec.get("hidden", 64)
    layers = [keras.Input((Xtr.shape[1],)), keras.layers.Dense(h, activation="relu"), keras.layers.Dense(h, activation="relu"), keras.layers.Dense(K[task])]
    m = keras.Sequential(layers)
    if "frozen" in f:
        for l in m.layers[:-1]: l.trainable = False
    opt = keras.optimizers.SGD(spec["lr"], momentum=0.9) if spec.get("opt") == "sgd" else keras.optimizers.Adam(spec["lr"])
    m.compile(opt, keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    cbs = []
    if spec["klog"] == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(rd, "training.log")))
    if spec.get("sched") == "plateau": cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=2))
    if spec.get("early_stop"): cbs.append(keras.callbacks.EarlyStopping(patience=spec["early_stop"], restore_best_weights=True))
    hist = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=spec["epochs"], batch_size=spec.get("bs", 64), verbose=0, callbacks=cbs)
    if spec["klog"] == "json":
        json.dump({k: [float(v) for v in vs] for k, vs in hist.history.items()}, open(os.path.join(rd, "history.json"), "w"), indent=1)
    if spec["klog"] == "csv":
        import pandas as pd; pd.DataFrame(hist.history).to_csv(os.path.join(rd, "history.csv"))

# ---------------- HF trainer ----------------
def hf_run(rd, spec):
    import transformers as T
    T.set_seed(0)
    Xtr, ytr, Xva, yva = mod3_split()
    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X + 1, y        # token ids 1..4, 0 = [PAD]/cls-ish
        def __len__(s): return len(s.X)
        def __getitem__(s, i):
            return {"input_ids": torch.tensor(np.r_[5, s.X[i]]), "attention_mask": torch.ones(13, dtype=torch.long), "labels": torch.tensor(s.y[i])}
    kw = dict(vocab_size=8, num_labels=3, pad_token_id=0)
    arch = spec["arch"]
    if arch == "distilbert": cfg = T.DistilBertConfig(dim=48, n_layers=2, n_heads=4, hidden_dim=96, max_position_embeddings=32, **kw); M = T.DistilBertForSequenceClassification
    elif arch == "albert": cfg = T.AlbertConfig(embedding_size=32, hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96, max_position_embeddings=32, **kw); M = T.AlbertForSequenceClassification
    elif arch == "mpnet": cfg = T.MPNetConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96, max_position_embeddings=40, **kw); M = T.MPNetForSequenceClassification
    else: cfg = T.MistralConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, intermediate_size=96, max_position_embeddings=32, **kw); M = T.MistralForSequenceClassification
    model = M(cfg)
    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    tmp = "/tmp/nu30_hf_" + spec["name"]
    args = T.TrainingArguments(output_dir=tmp, num_train_epochs=spec["epochs"], learning_rate=spec["lr"], per_device_train_batch_size=32,
                               per_device_eval_batch_size=128, eval_strategy="epoch", logging_steps=20, save_strategy="no", report_to=[],
                               warmup_steps=int(spec.get("warmup", 0.0) * 63 * spec["epochs"]), lr_scheduler_type=spec.get("sched", "linear"), weight_decay=0.01,
                               disable_tqdm=True, use_cpu=True, seed=0)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=metrics)
    tr.train(); tr.save_state()
    shutil.copy(os.path.join(tmp, "trainer_state.json"), os.path.join(rd, "trainer_state.json")); shutil.rmtree(tmp, ignore_errors=True)

# ---------------- the runs ----------------
def S(name, task, model, lr, epochs, **kw):
    d = dict(name=name, task=task, model=model, lr=lr, epochs=epochs); d.update(kw)
    if "fault" in d: d["fault"] = set(d["fault"].split())
    return d

SPECS = {
 # text logs
 "text/gem_mlp_cosine": S("gem_mlp_cosine", "gem", "mlp", 2e-3, 25, style="A", sched="cosine"),
 "text/gem_bn_plateau": S("gem_bn_plateau", "gem", "mlp_do", 1e-3, 25, style="B", sched="plateau"),
 "text/mod3_gru_clip": S("mod3_gru_clip", "mod3", "gru", 3e-3, 20, style="C", clip=1.0),
 "text/stripes_cnn_stepdecay": S("stripes_cnn_stepdecay", "stripes", "cnn", 3e-3, 18, style="D", sched="step", step_size=7),
 "text/gem_sgd_lr8": S("gem_sgd_lr8", "gem", "mlp", 8.0, 20, style="A", opt="sgd"),
 "text/mod3_gru_nozerograd": S("mod3_gru_nozerograd", "mod3", "gru", 3e-3, 20, style="B", fault="no_zero_grad"),
 "text/stripes_cnn_labelshuffle": S("stripes_cnn_labelshuffle", "stripes", "cnn", 3e-3, 18, style="C", fault="shuffle_labels"),
 "text/gem_mlp_killed": S("gem_mlp_killed", "gem", "mlp", 1e-3, 30, style="A", sched="cosine", slow=0.6),
 "text/mod3_gru_relaunch": S("mod3_gru_relaunch", "mod3", "gru", 3e-3, 16, style="B", clip=1.0),
 "text/gem_steplr_perbatch": S("gem_steplr_perbatch", "gem", "mlp", 3e-3, 20, style="D", sched="step", step_size=5, fault="sched_per_batch"),
 "text/mod3_relurnn_noclip": S("mod3_relurnn_noclip", "mod3", "rnn_relu", 2e-2, 20, style="C", opt="sgd"),
 "text/gem_tiny_overfit": S("gem_tiny_overfit", "gem", "mlp_big", 3e-3, 60, style="A", sizes={"ntr": 80, "nva": 500}, bs=16),
 "text/stripes_cnn_earlystop": S("stripes_cnn_earlystop", "stripes", "cnn_do", 3e-3, 40, style="B", early_stop=4),
 "text/gem_handce_log0": S("gem_handce_log0", "gem", "mlp", 0.5, 20, style="D", opt="sgd", fault="log0"),
 "text/mod3_tfm_warmup": S("mod3_tfm_warmup", "mod3", "tfm", 2e-3, 20, style="A", sched="warmcos", warm=3, clip=1.0),
 # custom csv / jsonl
 "csv/gem_mlp_adamw": S("gem_mlp_adamw", "gem", "mlp", 2e-3, 20, opt="adamw", wd=1e-2),
 "jsonl/stripes_cnn_warmcos": S("stripes_cnn_warmcos", "stripes", "cnn", 4e-3, 20, sched="warmcos", warm=3),
 "csv/gem_sgd_lr1e-5": S("gem_sgd_lr1e-5", "gem", "mlp", 1e-5, 20, opt="sgd", mom=0.0),
 "jsonl/mod3_gru_shiftlabels": S("mod3_gru_shiftlabels", "mod3", "gru", 3e-3, 16, fault="misalign", clip=1.0),
 "csv/gem_doublesoftmax": S("gem_doublesoftmax", "gem", "mlp_do", 1e-3, 20, fault="double_softmax"),
 "jsonl/stripes_cnn_notrainmode": S("stripes_cnn_notrainmode", "stripes", "cnn_do", 3e-3, 18, fault="no_train_switch"),
 "csv/gem_stale_optimizer": S("gem_stale_optimizer", "gem", "mlp", 1e-3, 15, fault="wrong_params"),
 "jsonl/mod3_gru_plateau": S("mod3_gru_plateau", "mod3", "gru", 3e-3, 20, sched="plateau", clip=1.0),
 "csv/gem_wd_huge": S("gem_wd_huge", "gem", "mlp", 1e-3, 20, wd=3.0),
 # tensorboard
 "tb/gem_mlp_step": S("gem_mlp_step", "gem", "mlp", 3e-3, 20, sched="step", step_size=8),
 "tb/mod3_gru_cos": S("mod3_gru_cos", "mod3", "gru", 4e-3, 18, sched="cosine", clip=1.0, lib="tbx"),
 "tb/stripes_adam_lr03": S("stripes_adam_lr03", "stripes", "cnn", 0.3, 15),
 "tb/gem_mse_classids": S("gem_mse_classids", "gem", "mlp", 1e-3, 20, fault="mse_ids", lib="tbx"),
 "tb/stripes_frozen": S("stripes_frozen", "stripes", "cnn", 3e-3, 15, fault="frozen"),
 "tb/gem_leaky_val": S("gem_leaky_val", "gem", "mlp_big", 3e-3, 30, fault="leak", lib="tbx", sizes={"ntr": 600, "nva": 300}),
 "tb/mod3_gru_cos_cut": S("mod3_gru_cos_cut", "mod3", "gru", 4e-3, 8, sched="cosine", tmax=40, clip=1.0),
 "tb/gem_fp16": S("gem_fp16", "gem", "mlp", 1e-3, 15, fault="half", lib="tbx"),
 "tb/stripes_eval_on_train": S("stripes_eval_on_train", "stripes", "cnn", 3e-3, 15, fault="eval_on_train"),
 # lightning
 "lightning/gem_mlp": S("gem_mlp", "gem", "mlp", 2e-3, 20, sched="cosine"),
 "lightning/stripes_cnn": S("stripes_cnn", "stripes", "cnn", 3e-3, 15, sched="plateau"),
 "lightning/mod3_gru": S("mod3_gru", "mod3", "gru", 3e-3, 15, clip=1.0),
 "lightning/gem_lr_high": S("gem_lr_high", "gem", "mlp", 1.5, 15),
 "lightning/mod3_shuffled": S("mod3_shuffled", "mod3", "gru", 3e-3, 15, fault="shuffle_labels", clip=1.0),
 "lightning/gem_tiny": S("gem_tiny", "gem", "mlp_big", 3e-3, 60, sizes={"ntr": 60, "nva": 500}, wd=0.0),
 # keras
 "keras/gem_csvlogger": S("gem_csvlogger", "gem", "dense", 1e-3, 25, klog="csvlogger"),
 "keras/stripes_histjson": S("stripes_histjson", "stripes", "dense", 1e-3, 20, klog="json", early_stop=4),
 "keras/gem_sgd_lr3": S("gem_sgd_lr3", "gem", "dense", 3.0, 15, klog="csv", opt="sgd"),
 "keras/gem_tiny_csvlogger": S("gem_tiny_csvlogger", "gem", "dense", 2e-3, 80, klog="csvlogger", sizes={"ntr": 70, "nva": 500}, hidden=256, bs=16),
 "keras/stripes_plateau_csv": S("stripes_plateau_csv", "stripes", "dense", 1e-3, 20, klog="csv", sched="plateau"),
 "keras/mod3_frozen_json": S("mod3_frozen_json", "mod3", "dense", 1e-3, 20, klog="json", fault="frozen"),
 # added after the first pass (more faulty runs)
 "csv/mod3_relurnn_sgd02": S("mod3_relurnn_sgd02", "mod3", "rnn_relu", 0.2, 15, opt="sgd"),
 "jsonl/gem_sgd_nozerograd": S("gem_sgd_nozerograd", "gem", "mlp", 0.05, 20, opt="sgd", fault="no_zero_grad"),
 "text/gem_linzero_copied": S("gem_linzero_copied", "gem", "mlp_do", 2e-3, 25, style="C", sched="linzero", zero_at=6),
 # HF trainer
 "hf/distilbert_warmup": S("distilbert_warmup", "mod3", "hf", 1e-3, 12, arch="distilbert", warmup=0.1),
 "hf/albert_lr_high": S("albert_lr_high", "mod3", "hf", 0.2, 6, arch="albert"),
 "hf/mpnet_cosine": S("mpnet_cosine", "mod3", "hf", 1e-3, 12, arch="mpnet", sched="cosine", warmup=0.05),
 "hf/mistral_lr_tiny": S("mistral_lr_tiny", "mod3", "hf", 1e-7, 6, arch="mistral"),
}

def run_one(key):
    fmt, name = key.split("/"); spec = SPECS[key]
    rd = os.path.join(RUNS, fmt, name); os.makedirs(rd, exist_ok=True)
    if fmt == "lightning": return lightning_run(rd, spec)
    if fmt == "keras": return keras_run(rd, spec)
    if fmt == "hf": return hf_run(rd, spec)
    lf = {"csv": "csv", "jsonl": "jsonl", "text": "text"}.get(fmt) or spec.get("lib", "tb")
    if key == "text/mod3_gru_relaunch":
        # first launch dies at epoch 9 (OOM-killer stand-in: a crash); user relaunches the same command, log opened with "a"
        try: torch_run(lf, rd, dict(spec, crash_at=9))
        except SystemExit: pass
        return torch_run(lf, rd, dict(spec, log_mode="a", seed=1))
    return torch_run(lf, rd, spec)

def launch(key):
    fmt, name = key.split("/"); rd = os.path.join(RUNS, fmt, name)
    shutil.rmtree(rd, ignore_errors=True); os.makedirs(rd)
    out = open(f"/tmp/nu30_{fmt}_{name}.out", "w")
    p = subprocess.Popen([sys.executable, __file__, "--only", key], stdout=out, stderr=subprocess.STDOUT)
    return p

def main():
    if "--only" in sys.argv:
        key = sys.argv[sys.argv.index("--only") + 1]
        if "--child" in sys.argv or key != "text/gem_mlp_killed": return run_one(key)
        # the killed job: the machine's OOM killer sends SIGKILL while epoch 12 is running
        p = subprocess.Popen([sys.executable, __file__, "--only", key, "--child"])
        log = os.path.join(RUNS, "text", "gem_mlp_killed", "train.log")
        while p.poll() is None:
            if os.path.exists(log) and sum(l.startswith("epoch") for l in open(log)) >= 11:
                time.sleep(0.3); os.kill(p.pid, signal.SIGKILL); break
            time.sleep(0.05)
        p.wait(); return
    keys = list(SPECS); running = []
    while keys or running:
        while keys and len(running) < 2: k = keys.pop(0); running.append((k, launch(k), time.time()))
        time.sleep(0.2)
        for r in list(running):
            if r[1].poll() is not None: print(f"{r[0]}: rc={r[1].returncode} {time.time()-r[2]:.1f}s", flush=True); running.remove(r)

if __name__ == "__main__":
    main()
