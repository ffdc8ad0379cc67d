"""lockbox 2027-01-05nu40: new-user CPU trainings. python make_runs.py [--only fmt/name]"""
import os, sys, json, time, math, signal, subprocess, argparse
os.environ.setdefault("OMP_NUM_THREADS", "1"); os.environ["KERAS_BACKEND"] = "torch"
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------- data ----------------
def make_data(task, n, seed):
    r = np.random.default_rng(seed)
    if task == "creep":  # log creep strain of an alloy coupon (regression)
        stress = np.exp(r.uniform(np.log(20), np.log(300), n)); T = r.uniform(650, 950, n)
        hours = np.exp(r.uniform(0, np.log(2000), n)); grain = r.uniform(5, 80, n); alloy = r.integers(0, 3, n)
        y = -9 + 4.2*np.log(stress/100) - 28000*(1/T - 1/800) + 0.35*np.log(hours) - 0.5*np.log(grain) + np.array([0, .6, -.8])[alloy]
        y = y + 0.25*r.standard_normal(n)
        X = np.c_[np.log(stress), T/100, np.log(hours), grain/40, np.eye(3)[alloy]]
        return X.astype(np.float32), y.astype(np.float32)
    if task == "pollen":  # 4 allergen flags from weather (multi-label)
        doy = r.uniform(0, 365, n); temp = 12 + 10*np.sin(2*np.pi*(doy-100)/365) + 4*r.standard_normal(n)
        hum = r.uniform(20, 100, n); wind = r.gamma(2, 3, n); rain = r.exponential(2, n)*(r.random(n) < .4)
        X = np.c_[np.sin(2*np.pi*doy/365), np.cos(2*np.pi*doy/365), temp/10, hum/50, wind/6, np.log1p(rain), r.standard_normal((n, 4))]
        birch = (np.abs(doy-110) < 30) & (rain < 1); grass = (np.abs(doy-170) < 45) & (temp > 14) & (hum < 75)
        ragweed = (np.abs(doy-240) < 30) & (wind > 4); mould = (hum > 70) & (temp > 10)
        Y = np.c_[birch, grass, ragweed, mould].astype(np.float32)
        flip = r.random(Y.shape) < .04; Y[flip] = 1-Y[flip]
        return X.astype(np.float32), Y
    if task == "mineral":  # 6 minerals from 10 reflectance bands (K-way)
        y = r.integers(0, 6, n); bands = np.arange(10)
        centres = np.array([1.5, 3., 4.5, 6., 7.5, 3.5]); widths = np.array([1., 1.5, 1., 2., 1., 3.])
        depth = r.uniform(.2, .5, n); bright = r.uniform(.6, 1.2, n)
        X = bright[:, None]*(1 - depth[:, None]*np.exp(-(bands[None]-centres[y][:, None])**2/widths[y][:, None]**2))
        X = X + 0.05*r.standard_normal(X.shape)
        return X.astype(np.float32), y.astype(np.int64)
    if task == "echo2":  # per-token: does the token equal the one two steps back (sequence tagging)
        X = r.integers(0, 3, (n, 12)); Y = np.zeros_like(X); Y[:, 2:] = (X[:, 2:] == X[:, :-2])
        return X.astype(np.int64), Y.astype(np.int64)

def std_fit(Xtr, *others):
    m, s = Xtr.mean(0), Xtr.std(0)+1e-6
    return [(Xtr-m)/s] + [(o-m)/s for o in others]

def get_split(task, ntr, nva, seed=0):
    Xtr, ytr = make_data(task, ntr, seed); Xva, yva = make_data(task, nva, seed+100)
    if task in ("creep", "pollen", "mineral"): Xtr, Xva = std_fit(Xtr, Xva)
    if task == "creep": m, s = ytr.mean(), ytr.std(); ytr, yva = (ytr-m)/s, (yva-m)/s
    return Xtr.astype(np.float32) if Xtr.dtype != np.int64 else Xtr, ytr, Xva.astype(np.float32) if Xva.dtype != np.int64 else Xva, yva

# ---------------- torch models ----------------
import torch, torch.nn as nn, torch.nn.functional as F
def out_dim(task): return {"creep": 1, "pollen": 4, "mineral": 6, "echo2": 2}[task]
class MLP(nn.Module):
    def __init__(s, i, o, h=64, p=0.0, bn=False):
        super().__init__(); L = [nn.Linear(i, h)] + ([nn.BatchNorm1d(h)] if bn else []) + [nn.ReLU(), nn.Dropout(p), nn.Linear(h, h), nn.ReLU(), nn.Dropout(p), nn.Linear(h, o)]
        s.net = nn.Sequential(*L)
    def forward(s, x): return s.net(x)
class CNN1(nn.Module):  # over the 10 bands
    def __init__(s, o, p=0.0, bn=False):
        super().__init__(); s.c1 = nn.Conv1d(1, 16, 3, padding=1); s.bn = nn.BatchNorm1d(16) if bn else nn.Identity()
        s.c2 = nn.Conv1d(16, 16, 3, padding=1); s.drop = nn.Dropout(p); s.fc = nn.Linear(160, o)
    def forward(s, x):
        h = F.relu(s.bn(s.c1(x[:, None]))); h = F.relu(s.c2(h)); return s.fc(s.drop(h.flatten(1)))
class SeqNet(nn.Module):
    def __init__(s, kind, h=32):
        super().__init__(); s.kind = kind; s.emb = nn.Embedding(3, 16)
        if kind == "gru": s.rnn = nn.GRU(16, h, batch_first=True)
        elif kind == "lstm": s.rnn = nn.LSTM(16, h, batch_first=True)
        elif kind == "relurnn": s.rnn = nn.RNN(16, h, nonlinearity="relu", batch_first=True)
        elif kind == "conv": s.conv = nn.Conv1d(16, h, 3, padding=2)
        elif kind == "tf":
            s.pos = nn.Parameter(torch.randn(12, 16)*.1); s.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, 0.0, batch_first=True), 1); h = 16
        s.head = nn.Linear(h, 2)
    def forward(s, x):
        e = s.emb(x)
        if s.kind == "conv": h = F.relu(s.conv(e.transpose(1, 2)))[:, :, :12].transpose(1, 2)
        elif s.kind == "tf": h = s.enc(e + s.pos)
        else: h = s.rnn(e)[0]
        return s.head(h)
def build(task, arch, p=0.0, bn=False):
    if task == "echo2": return SeqNet(arch)
    i = {"creep": 7, "pollen": 10, "mineral": 10}[task]
    if arch == "cnn": return CNN1(out_dim(task), p, bn)
    return MLP(i, out_dim(task), 64, p, bn)

def loss_fn(task, out, y):
    if task == "creep": return F.mse_loss(out.squeeze(-1), y)
    if task == "pollen": return F.binary_cross_entropy_with_logits(out, y)
    if task == "mineral": return F.cross_entropy(out, y)
    return F.cross_entropy(out.reshape(-1, 2), y.reshape(-1))
def metric(task, out, y):
    if task == "creep":
        o = out.squeeze(-1); return float(1 - ((o-y)**2).mean()/((y-y.mean())**2).mean())
    if task == "pollen":
        p = (out > 0).float(); tp = (p*y).sum(); return float(2*tp/(p.sum()+y.sum()+1e-9))
    if task == "mineral": return float((out.argmax(-1) == y).float().mean())
    return float((out.argmax(-1) == y).float().mean())
MNAME = {"creep": "r2", "pollen": "f1", "mineral": "acc", "echo2": "tok_acc"}

# ---------------- loggers ----------------
class Logger:
    def __init__(s, fmt, d, style, task, mode="w", header=None):
        s.fmt, s.d, s.style, s.task = fmt, d, style, task; os.makedirs(d, exist_ok=True); s.m = MNAME[task]
        if fmt == "text":
            s.f = open(os.path.join(d, "train.log"), mode)
            if style == "s2":
                import logging
                s.lg = logging.getLogger("fit%d" % id(s)); s.lg.setLevel(logging.INFO); h = logging.StreamHandler(s.f)
                h.setFormatter(logging.Formatter("%(asctime)s [%(levelname)s] %(name)s: %(message)s")); s.lg.addHandler(h); s.lg.propagate = False
                s.lg.info("launching %s", header or "")
            elif style == "s4":
                from tqdm import tqdm
                s.bar = None
            else:
                s.f.write((">>> %s\n" % header) if style == "s1" else ("# run: %s\n" % header)); s.f.flush()
        elif fmt == "csv":
            s.f = open(os.path.join(d, "metrics.csv"), mode); s.f.write("epoch,loss_train,loss_valid,%s_valid,learning_rate\n" % s.m); s.f.flush()
        elif fmt == "jsonl": s.f = open(os.path.join(d, "history.jsonl"), mode); s.t0 = time.time()
        elif fmt == "tb":
            from torch.utils.tensorboard import SummaryWriter; s.w = SummaryWriter(d)
        elif fmt == "tbx":
            from tensorboardX import SummaryWriter; s.w = SummaryWriter(d)
    def start(s, n_ep):
        if s.fmt == "text" and s.style == "s4":
            from tqdm import tqdm
            s.bar = tqdm(total=n_ep, file=s.f, desc="epochs", ncols=110, mininterval=0)
    def log(s, ep, n_ep, tr, va, met, lr):
        if s.fmt == "text":
            if s.style == "s1": s.f.write("cycle %02d of %d >> train_err %.5f | check_err %.5f | %s %.4f | eta %.3e\n" % (ep, n_ep, tr, va, s.m, met, lr))
            elif s.style == "s2": s.lg.info("pass %d/%d finished: loss(train)=%.5f loss(val)=%.5f %s=%.4f lr=%.2e", ep, n_ep, tr, va, s.m, met, lr)
            elif s.style == "s3": s.f.write("E%-3d trn %.4f  dev %.4f  dev_%s %.4f  (lr %.1e)\n" % (ep, tr, va, s.m, met, lr))
            elif s.style == "s4":
                s.bar.set_postfix(trn="%.4f" % tr, dev="%.4f" % va, score="%.4f" % met, lr="%.2e" % lr); s.bar.update(1)
            s.f.flush()
        elif s.fmt == "csv": s.f.write("%d,%.6f,%.6f,%.6f,%.6g\n" % (ep, tr, va, met, lr)); s.f.flush()
        elif s.fmt == "jsonl":
            s.f.write(json.dumps({"e": ep, "trn": tr, "dev": va, "dev_" + s.m: met, "lr": lr, "sec": round(time.time()-s.t0, 2)}) + "\n"); s.f.flush()
        elif s.fmt == "tb":
            s.w.add_scalar("loss/train", tr, ep); s.w.add_scalar("loss/val", va, ep); s.w.add_scalar("val/" + s.m, met, ep); s.w.add_scalar("opt/lr", lr, ep); s.w.flush()
        elif s.fmt == "tbx":
            s.w.add_scalar("Train/Loss", tr, ep); s.w.add_scalar("Val/Loss", va, ep); s.w.add_scalar("Val/" + s.m.upper(), met, ep); s.w.add_scalar("LR", lr, ep); s.w.flush()
    def close(s):
        if s.fmt == "text" and s.style == "s4" and s.bar is not None: s.bar.close()
        if s.fmt == "text" and s.style == "s2": s.lg.info("done")
        if s.fmt in ("text", "csv", "jsonl"): s.f.close()
        else: s.w.close()

# ---------------- plain torch loop ----------------
def torch_run(fmt, name, task, arch="mlp", opt="adam", lr=1e-3, epochs=30, bs=64, sched=None, ntr=1200, nva=400, style="s1",
              wd=0.0, p=0.0, bn=False, clip=None, fault=None, kill_at=None, tmax=None, es=None, seed=0, mode="w", logger=None, start_ep=1):
    torch.manual_seed(seed); np.random.seed(seed)
    d = os.path.join(HERE, "runs", fmt, name)
    Xtr, ytr, Xva, yva = get_split(task, ntr, nva, seed)
    if fault == "shuffle_labels": ytr = ytr[np.random.default_rng(1).permutation(len(ytr))]
    if fault == "misalign": ytr = np.roll(ytr, 1, axis=0)
    if fault == "leak": Xtr = np.concatenate([Xtr, Xva]); ytr = np.concatenate([ytr, yva])
    if fault == "log0":  # user recomputes the target as log of clipped strain; some strains clip to 0
        raw = np.exp(ytr*3); raw[raw < 0.02] = 0.0; ytr = np.log(raw).astype(np.float32); yva = np.log(np.maximum(np.exp(yva*3), 0.02)).astype(np.float32)
    Xtr_t, ytr_t, Xva_t, yva_t = map(torch.tensor, (Xtr, ytr, Xva, yva))
    if fault == "eval_on_train": Xva_t, yva_t = Xtr_t[:nva], ytr_t[:nva]
    model = build(task, arch, p, bn)
    if fault == "fp16": model = model.half(); Xtr_t = Xtr_t.half(); Xva_t = Xva_t.half(); ytr_t = ytr_t.half(); yva_t = yva_t.half()
    if fault == "mse_ids": model = MLP(10, 1, 64)
    params = model.parameters()
    if fault == "wrong_params": params = build(task, arch).parameters()  # optimizer built on a fresh copy
    if fault == "frozen":
        for n_, q in model.named_parameters():
            if not n_.startswith("head_"): q.requires_grad = False   # meant 'head.' - typo freezes everything
        model.head.weight.requires_grad = False; model.head.bias.requires_grad = True
        params = [q for q in model.parameters() if q.requires_grad]
    O = {"adam": torch.optim.Adam, "adamw": torch.optim.AdamW, "sgd": lambda pp, lr, weight_decay: torch.optim.SGD(pp, lr=lr, momentum=0.9, weight_decay=weight_decay)}[opt]
    optim = O(params, lr=lr, weight_decay=wd)
    nb = math.ceil(len(Xtr_t)/bs); S = None
    if sched == "cosine": S = torch.optim.lr_scheduler.CosineAnnealingLR(optim, tmax or epochs)
    elif sched == "step": S = torch.optim.lr_scheduler.StepLR(optim, 10, 0.3)
    elif sched == "step_batch": S = torch.optim.lr_scheduler.StepLR(optim, 5, 0.5)
    elif sched == "plateau": S = torch.optim.lr_scheduler.ReduceLROnPlateau(optim, factor=0.5, patience=3)
    elif sched == "onecycle": S = torch.optim.lr_scheduler.OneCycleLR(optim, max_lr=lr, total_steps=epochs*nb)
    elif sched == "warmcos": S = torch.optim.lr_scheduler.LambdaLR(optim, lambda e: (e+1)/5 if e < 5 else 0.5*(1+math.cos(math.pi*(e-5)/(epochs-5))))
    elif sched == "warmstep": S = torch.optim.lr_scheduler.LambdaLR(optim, lambda e: (e+1)/4 if e < 4 else 0.4**((e-4)//8))
    lg = logger or Logger(fmt, d, style, task, mode, header="%s %s opt=%s lr=%g bs=%d epochs=%d" % (task, arch, opt, lr, bs, epochs))
    lg.start(epochs); best, bad = 1e9, 0
    g = torch.Generator().manual_seed(seed)
    if fault == "no_train_mode": model.eval()
    for ep in range(start_ep, start_ep+epochs):
        if fault not in ("no_train_mode",): model.train()
        perm = torch.randperm(len(Xtr_t), generator=g); tot, cnt = 0.0, 0
        for b in range(nb):
            idx = perm[b*bs:(b+1)*bs]; xb, yb = Xtr_t[idx], ytr_t[idx]
            if fault != "no_zero_grad": optim.zero_grad()
            out = model(xb)
            if fault == "mse_ids": loss = F.mse_loss(out.squeeze(-1), yb.float())
            elif fault == "double_sigmoid": loss = F.binary_cross_entropy_with_logits(torch.sigmoid(out), yb)
            else: loss = loss_fn(task, out, yb)
            loss.backward()
            if clip: torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
            optim.step()
            if sched in ("onecycle", "step_batch"): S.step()
            tot += float(loss.detach())*len(idx); cnt += len(idx)
        model.eval() if fault != "no_train_mode" else None
        with torch.no_grad():
            out = model(Xva_t)
            if fault == "mse_ids": va = float(F.mse_loss(out.squeeze(-1), yva_t.float())); met = float((out.squeeze(-1).round().clamp(0, 5).long() == yva_t).float().mean())
            elif fault == "double_sigmoid": va = float(F.binary_cross_entropy_with_logits(torch.sigmoid(out), yva_t)); met = metric(task, out, yva_t.float())
            else: va = float(loss_fn(task, out.float(), yva_t if task != "creep" else yva_t.float())); met = metric(task, out.float(), yva_t if task != "creep" else yva_t.float())
        cur_lr = optim.param_groups[0]["lr"]
        lg.log(ep, start_ep+epochs-1, tot/cnt, va, met, cur_lr)
        if S is not None and sched not in ("onecycle", "step_batch"): S.step(va) if sched == "plateau" else S.step()
        if kill_at and ep == kill_at: os.kill(os.getpid(), signal.SIGKILL)
        if es:
            if va < best - 1e-4: best, bad = va, 0
            else:
                bad += 1
                if bad >= es: break
    if logger is None: lg.close()
    return lg

def relaunch_run(fmt, name, task, **kw):  # user ran 10 epochs, changed nothing, launched again with >> to the same log
    d = os.path.join(HERE, "runs", fmt, name)
    lg = torch_run(fmt, name, task, epochs=10, mode="w", **kw)
    torch_run(fmt, name, task, epochs=25, mode="a", seed=1, **kw)

# ---------------- lightning ----------------
def lightning_run(name, task, arch="mlp", opt="adam", lr=1e-3, epochs=25, ntr=1200, nva=400, sched=None, fault=None, es=None, seed=0):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, EarlyStopping
    L.seed_everything(seed, verbose=False)
    Xtr, ytr, Xva, yva = get_split(task, ntr, nva, seed)
    if fault == "misalign": ytr = np.roll(ytr, 1, axis=0)
    class M(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = build(task, arch)
        def training_step(s, b, i):
            l = loss_fn(task, s.net(b[0]), b[1]); s.log("trn_loss", l, on_step=False, on_epoch=True); return l
        def validation_step(s, b, i):
            o = s.net(b[0]); s.log("val_loss", loss_fn(task, o, b[1])); s.log("val_" + MNAME[task], metric(task, o, b[1]))
        def configure_optimizers(s):
            o = torch.optim.Adam(s.parameters(), lr=lr) if opt == "adam" else torch.optim.SGD(s.parameters(), lr=lr, momentum=0.9)
            if sched == "cosine": return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, epochs)}
            if sched == "plateau": return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, patience=2, factor=0.5), "monitor": "val_loss"}}
            return o
    from torch.utils.data import DataLoader, TensorDataset
    tr = DataLoader(TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)), batch_size=64, shuffle=True)
    va = DataLoader(TensorDataset(torch.tensor(Xva), torch.tensor(yva)), batch_size=512)
    cbs = [LearningRateMonitor("epoch")] + ([EarlyStopping("val_loss", patience=es)] if es else [])
    t = L.Trainer(max_epochs=epochs, logger=CSVLogger(os.path.join(HERE, "runs", "lightning", name), name="lightning_logs"), callbacks=cbs,
                  enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False, accelerator="cpu", devices=1, num_sanity_val_steps=0)
    t.fit(M(), tr, va)

# ---------------- keras ----------------
def keras_run(name, task, out="csvlogger", opt="adam", lr=1e-3, epochs=30, l2=0.0, es=None, plateau=False, seed=0, ntr=1200):
    import keras
    keras.utils.set_random_seed(seed)
    Xtr, ytr, Xva, yva = get_split(task, ntr, 400, seed)
    reg = keras.regularizers.l2(l2) if l2 else None
    if task == "echo2": Xtr, Xva = np.eye(3, dtype=np.float32)[Xtr].reshape(len(Xtr), -1), np.eye(3, dtype=np.float32)[Xva].reshape(len(Xva), -1); ytr, yva = ytr.astype(np.float32), yva.astype(np.float32)
    layers = [keras.Input((Xtr.shape[1],)), keras.layers.Dense(64, "relu", kernel_regularizer=reg), keras.layers.Dense(64, "relu", kernel_regularizer=reg)]
    if task == "creep": layers.append(keras.layers.Dense(1)); loss, mets = "mse", []
    elif task == "mineral": layers.append(keras.layers.Dense(6, "softmax")); loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
    else: layers.append(keras.layers.Dense(ytr.shape[1], "sigmoid")); loss, mets = "binary_crossentropy", ["binary_accuracy"]
    m = keras.Sequential(layers)
    o = keras.optimizers.Adam(lr) if opt == "adam" else keras.optimizers.SGD(lr, momentum=0.9)
    m.compile(o, loss, metrics=mets)
    d = os.path.join(HERE, "runs", "keras", name); os.makedirs(d, exist_ok=True)
    cbs = []
    if out == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.log")))
    if es: cbs.append(keras.callbacks.EarlyStopping(patience=es, restore_best_weights=True))
    if plateau: cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3))
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=epochs, batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if out == "json": json.dump(hist, open(os.path.join(d, "history.json"), "w"), indent=1)
    if out == "csv":
        import pandas as pd; pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"), index_label="epoch")

# ---------------- HF ----------------
def hf_run(name, task, family="mpnet", lr=5e-4, epochs=12, seed=0):
    import transformers as T
    T.set_seed(seed)
    Xtr, ytr, Xva, yva = get_split(task, 1200, 300, seed)
    if task == "mineral":  # bin each band into 8 levels -> token ids
        edges = np.quantile(Xtr, np.linspace(0, 1, 9)[1:-1])
        tok = lambda X: 3 + np.arange(10)[None]*8 + np.digitize(X, edges)
        Itr, Iva = tok(Xtr), tok(Xva); vocab = 3 + 80; nl = 6
    else:
        Itr, Iva = Xtr + 3, Xva + 3; vocab = 6; nl = 2
    kw = dict(vocab_size=vocab, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, max_position_embeddings=40, num_labels=nl, pad_token_id=0)
    if family == "mpnet": cfg = T.MPNetConfig(**kw)
    else: cfg = T.CamembertConfig(**kw)
    if task == "mineral": model = T.AutoModelForSequenceClassification.from_config(cfg)
    else: model = T.AutoModelForTokenClassification.from_config(cfg)
    def ds(I, y): return [{"input_ids": torch.tensor(i), "attention_mask": torch.ones(len(i), dtype=torch.long), "labels": torch.tensor(l)} for i, l in zip(I, y)]
    def cm(ev):
        lo, la = ev.predictions, ev.label_ids
        return {"accuracy": float((lo.argmax(-1) == la).mean())}
    d = os.path.join(HERE, "runs", "hf", name)
    args = T.TrainingArguments(output_dir=d, num_train_epochs=epochs, per_device_train_batch_size=32, per_device_eval_batch_size=128, learning_rate=lr,
                               eval_strategy="epoch", logging_strategy="epoch", save_strategy="no", report_to=[], use_cpu=True, seed=seed,
                               warmup_steps=40, lr_scheduler_type="linear", disable_tqdm=True, dataloader_num_workers=0)
    tr = T.Trainer(model=model, args=args, train_dataset=ds(Itr, ytr), eval_dataset=ds(Iva, yva), compute_metrics=cm)
    tr.train(); tr.save_state()

# ---------------- the runs ----------------
RUNS = {
 # text
 "text/creep_mlp_adam_cosine": lambda: torch_run("text", "creep_mlp_adam_cosine", "creep", opt="adam", lr=2e-3, sched="cosine", epochs=30, style="s1"),
 "text/creep_mlp_sgd_lr3": lambda: torch_run("text", "creep_mlp_sgd_lr3", "creep", opt="sgd", lr=3.0, epochs=25, style="s1"),
 "text/pollen_mlp_warmup_cosine": lambda: torch_run("text", "pollen_mlp_warmup_cosine", "pollen", opt="adamw", lr=3e-3, wd=1e-2, sched="warmcos", epochs=30, style="s2"),
 "text/pollen_mlp_no_zero_grad": lambda: torch_run("text", "pollen_mlp_no_zero_grad", "pollen", opt="adam", lr=1e-3, epochs=25, style="s2", fault="no_zero_grad"),
 "text/echo2_gru_clip": lambda: torch_run("text", "echo2_gru_clip", "echo2", arch="gru", opt="adam", lr=5e-3, clip=1.0, epochs=25, style="s3"),
 "text/echo2_relurnn_sgd_noclip": lambda: torch_run("text", "echo2_relurnn_sgd_noclip", "echo2", arch="relurnn", opt="sgd", lr=0.8, epochs=20, style="s3"),
 "text/mineral_cnn_steplr": lambda: torch_run("text", "mineral_cnn_steplr", "mineral", arch="cnn", opt="sgd", lr=0.05, sched="step", epochs=30, style="s4"),
 "text/mineral_mlp_lr1e-6": lambda: torch_run("text", "mineral_mlp_lr1e-6", "mineral", opt="adam", lr=1e-6, epochs=25, style="s4"),
 "text/creep_mlp_killed": lambda: torch_run("text", "creep_mlp_killed", "creep", opt="adam", lr=1e-3, sched="cosine", epochs=30, style="s1", kill_at=9),
 "text/pollen_mlp_relaunch": lambda: relaunch_run("text", "pollen_mlp_relaunch", "pollen", opt="adam", lr=2e-3, style="s2"),
 "text/mineral_mlp_tiny_train": lambda: torch_run("text", "mineral_mlp_tiny_train", "mineral", opt="adam", lr=3e-3, epochs=60, ntr=36, bs=12, style="s3"),
 "text/echo2_lstm_frozen_typo": lambda: torch_run("text", "echo2_lstm_frozen_typo", "echo2", arch="lstm", opt="adam", lr=3e-3, epochs=20, style="s4", fault="frozen"),
 "text/creep_mlp_log_zero": lambda: torch_run("text", "creep_mlp_log_zero", "creep", opt="adam", lr=1e-3, epochs=20, style="s3", fault="log0"),
 "text/mineral_mlp_plateau": lambda: torch_run("text", "mineral_mlp_plateau", "mineral", opt="adam", lr=3e-3, sched="plateau", epochs=35, style="s2", p=0.1),
 "text/pollen_mlp_wd1": lambda: torch_run("text", "pollen_mlp_wd1", "pollen", opt="sgd", lr=0.05, wd=1.0, epochs=25, style="s1"),
 "text/echo2_tf_step_per_batch": lambda: torch_run("text", "echo2_tf_step_per_batch", "echo2", arch="tf", opt="adam", lr=3e-3, sched="step_batch", epochs=20, style="s4"),
 # csv
 "csv/creep_mlp_onecycle": lambda: torch_run("csv", "creep_mlp_onecycle", "creep", opt="adamw", lr=5e-3, sched="onecycle", epochs=30),
 "csv/pollen_mlp_shuffled_labels": lambda: torch_run("csv", "pollen_mlp_shuffled_labels", "pollen", opt="adam", lr=3e-3, epochs=40, fault="shuffle_labels", ntr=500),
 "csv/mineral_mlp_eval_on_train": lambda: torch_run("csv", "mineral_mlp_eval_on_train", "mineral", opt="adam", lr=2e-3, epochs=25, fault="eval_on_train"),
 "csv/echo2_conv_tmax80": lambda: torch_run("csv", "echo2_conv_tmax80", "echo2", arch="conv", opt="adam", lr=5e-3, sched="cosine", tmax=80, epochs=25),
 "csv/creep_mlp_opt_wrong_params": lambda: torch_run("csv", "creep_mlp_opt_wrong_params", "creep", opt="adam", lr=1e-3, epochs=20, fault="wrong_params"),
 # jsonl
 "jsonl/pollen_mlp_dropout": lambda: torch_run("jsonl", "pollen_mlp_dropout", "pollen", opt="adam", lr=2e-3, p=0.3, sched="step", epochs=30),
 "jsonl/mineral_mlp_mse_on_ids": lambda: torch_run("jsonl", "mineral_mlp_mse_on_ids", "mineral", opt="adam", lr=2e-3, epochs=25, fault="mse_ids"),
 "jsonl/echo2_gru_early_stop": lambda: torch_run("jsonl", "echo2_gru_early_stop", "echo2", arch="gru", opt="adam", lr=4e-3, epochs=60, es=4),
 "jsonl/creep_mlp_fp16": lambda: torch_run("jsonl", "creep_mlp_fp16", "creep", opt="adam", lr=1e-3, epochs=20, fault="fp16"),
 # tb
 "tb/creep_mlp_warmup_step": lambda: torch_run("tb", "creep_mlp_warmup_step", "creep", opt="adam", lr=3e-3, sched="warmstep", epochs=30),
 "tb/echo2_lstm_sgd_1e-4": lambda: torch_run("tb", "echo2_lstm_sgd_1e-4", "echo2", arch="lstm", opt="sgd", lr=1e-4, epochs=20),
 "tb/mineral_cnn_never_eval": lambda: torch_run("tb", "mineral_cnn_never_eval", "mineral", arch="cnn", opt="adam", lr=2e-3, p=0.3, bn=True, epochs=25, fault="no_train_mode"),
 "tb/pollen_mlp_adam_lr5": lambda: torch_run("tb", "pollen_mlp_adam_lr5", "pollen", opt="adam", lr=5.0, epochs=25),
 "tb/mineral_mlp_val_leak": lambda: torch_run("tb", "mineral_mlp_val_leak", "mineral", opt="adam", lr=2e-3, epochs=25, fault="leak"),
 # tbx
 "tbx/echo2_gru_cosine": lambda: torch_run("tbx", "echo2_gru_cosine", "echo2", arch="gru", opt="adamw", lr=5e-3, sched="cosine", epochs=25, clip=2.0),
 "tbx/creep_mlp_weight_decay": lambda: torch_run("tbx", "creep_mlp_weight_decay", "creep", opt="adamw", lr=2e-3, wd=0.05, sched="step", epochs=30),
 "tbx/pollen_mlp_sigmoid_twice": lambda: torch_run("tbx", "pollen_mlp_sigmoid_twice", "pollen", opt="adam", lr=2e-3, epochs=25, fault="double_sigmoid"),
 "tbx/mineral_mlp_30_rows": lambda: torch_run("tbx", "mineral_mlp_30_rows", "mineral", opt="adam", lr=3e-3, epochs=50, ntr=30, bs=10),
 # lightning
 "lightning/creep_mlp_cosine": lambda: lightning_run("creep_mlp_cosine", "creep", lr=3e-3, sched="cosine", epochs=25),
 "lightning/pollen_mlp_plateau": lambda: lightning_run("pollen_mlp_plateau", "pollen", lr=3e-3, sched="plateau", epochs=25),
 "lightning/echo2_gru_sgd_lr50": lambda: lightning_run("echo2_gru_sgd_lr50", "echo2", arch="gru", opt="sgd", lr=50.0, epochs=15),
 "lightning/mineral_mlp_early_stop": lambda: lightning_run("mineral_mlp_early_stop", "mineral", lr=3e-3, epochs=60, es=4),
 "lightning/creep_mlp_40_rows": lambda: lightning_run("creep_mlp_40_rows", "creep", lr=5e-3, epochs=80, ntr=40),
 "lightning/pollen_mlp_rolled_labels": lambda: lightning_run("pollen_mlp_rolled_labels", "pollen", lr=3e-3, epochs=25, fault="misalign"),
 # keras
 "keras/creep_dense_plateau": lambda: keras_run("creep_dense_plateau", "creep", out="csvlogger", lr=3e-3, plateau=True, epochs=30),
 "keras/pollen_dense_adam5": lambda: keras_run("pollen_dense_adam5", "pollen", out="csvlogger", lr=5.0, epochs=20),
 "keras/mineral_dense_early_stop": lambda: keras_run("mineral_dense_early_stop", "mineral", out="json", lr=3e-3, es=4, epochs=60),
 "keras/echo2_dense_onehot": lambda: keras_run("echo2_dense_onehot", "echo2", out="json", lr=3e-3, epochs=30),
 "keras/creep_dense_l2_heavy": lambda: keras_run("creep_dense_l2_heavy", "creep", out="csv", lr=3e-3, l2=1.0, epochs=30),
 "keras/mineral_dense_sgd_1e-5": lambda: keras_run("mineral_dense_sgd_1e-5", "mineral", out="csvlogger", opt="sgd", lr=1e-5, epochs=25),
 # hf
 "hf/mineral_mpnet_seqcls": lambda: hf_run("mineral_mpnet_seqcls", "mineral", "mpnet", lr=1e-3, epochs=12),
 "hf/echo2_mpnet_tokcls": lambda: hf_run("echo2_mpnet_tokcls", "echo2", "mpnet", lr=3e-3, epochs=25),
 "hf/mineral_camembert_lr03": lambda: hf_run("mineral_camembert_lr03", "mineral", "camembert", lr=0.3, epochs=10),
 "hf/echo2_camembert_lr1e-7": lambda: hf_run("echo2_camembert_lr1e-7", "echo2", "camembert", lr=1e-7, epochs=10),
}

if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--only"); ap.add_argument("--jobs", type=int, default=2); a = ap.parse_args()
    if a.only:
        import shutil; shutil.rmtree(os.path.join(HERE, "runs", a.only), ignore_errors=True)
        RUNS[a.only](); sys.exit(0)
    keys = list(RUNS); procs = []
    while keys or procs:
        while keys and len(procs) < a.jobs:
            k = keys.pop(0); procs.append((k, subprocess.Popen([sys.executable, __file__, "--only", k], stdout=subprocess.DEVNULL, stderr=open("/tmp/nu40_%s.err" % k.replace("/", "_"), "w"))))
        time.sleep(0.2)
        for k, p in list(procs):
            if p.poll() is not None: print(k, "rc", p.returncode, flush=True); procs.remove((k, p))
