"""lock-box batch 2027-01-06nu41: new-user CPU trainings. Usage: python make_runs.py [--only fmt/name]"""
import os, sys, json, csv, math, signal, subprocess, argparse, logging, time
os.environ.setdefault("OMP_NUM_THREADS", "1"); os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__)); RUNS = os.path.join(HERE, "runs")

# ---------------- data (numpy only) ----------------
def data(task, seed=0, ntr=1200, nva=300):
    r = np.random.default_rng(1000 + seed); n = ntr + nva
    if task == "dice":   # which of 4 loaded dice produced 25 rolls -> face frequencies
        P = np.array([[1,1,1,1,1,1],[3,1,1,1,1,1],[1,1,1,1,1,3],[1,2,1,2,1,2]], float); P /= P.sum(1, keepdims=True)
        y = r.integers(0, 4, n); X = np.stack([r.multinomial(25, P[k]) for k in y]) / 25.0
        X = (X - 1/6) * 6; kind = ("cls", 4)
    elif task == "convex":  # is quadrilateral (4 pts in order) convex
        X = r.uniform(-1, 1, (n, 8)); p = X.reshape(n, 4, 2)
        cr = [np.cross(p[:, (i+1) % 4] - p[:, i], p[:, (i+2) % 4] - p[:, (i+1) % 4]) for i in range(4)]
        cr = np.stack(cr, 1); y = ((cr > 0).all(1) | (cr < 0).all(1)).astype(int); kind = ("cls", 2)
    elif task == "cooling":  # Newton cooling: T(t) from T0, Tenv, k, t
        T0 = r.uniform(40, 100, n); Te = r.uniform(0, 30, n); k = r.uniform(0.01, 0.2, n); t = r.uniform(0, 30, n)
        T = Te + (T0 - Te) * np.exp(-k * t) + r.normal(0, 1.0, n)
        X = np.stack([T0, Te, k, t], 1); X = (X - X.mean(0)) / X.std(0); y = (T - T.mean()) / T.std(); kind = ("reg", 1)
    elif task == "mixture":  # multi-label: which of 6 components in a 40-bin absorbance spectrum
        c = np.array([4, 10, 15, 22, 28, 34]); w = np.array([2, 3, 1.5, 2.5, 2, 3]); b = np.arange(40)
        peaks = np.exp(-0.5 * ((b[None] - c[:, None]) / w[:, None]) ** 2)
        y = (r.random((n, 6)) < 0.35).astype(np.float32); conc = r.uniform(0.3, 1.0, (n, 6)) * y
        X = conc @ peaks + r.normal(0, 0.15, (n, 40)) + r.uniform(-0.2, 0.2, (n, 1)); kind = ("ml", 6)
    elif task == "runmax":  # sequence: running maximum at each step
        X = r.normal(0, 1, (n, 20, 1)); y = np.maximum.accumulate(X, axis=1); kind = ("seq", 1)
    X = X.astype(np.float32); y = y.astype(np.int64 if kind[0] == "cls" else np.float32)
    return X[:ntr], y[:ntr], X[ntr:], y[ntr:], kind

# ---------------- models ----------------
def make_model(arch, d_in, d_out, drop=0.0):
    import torch.nn as nn, torch
    if arch == "mlp":
        return nn.Sequential(nn.Linear(d_in, 64), nn.ReLU(), nn.Dropout(drop), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, d_out))
    if arch == "wide":
        return nn.Sequential(nn.Linear(d_in, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, d_out))
    if arch == "cnn":
        class C(nn.Module):
            def __init__(s):
                super().__init__(); s.f = nn.Sequential(nn.Conv1d(1, 8, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
                    nn.Conv1d(8, 16, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(5), nn.Flatten(), nn.Dropout(drop), nn.Linear(80, d_out))
            def forward(s, x): return s.f(x.unsqueeze(1))
        return C()
    if arch in ("gru", "rnn"):
        class R(nn.Module):
            def __init__(s):
                super().__init__()
                s.r = nn.GRU(d_in, 32, batch_first=True) if arch == "gru" else nn.RNN(d_in, 32, batch_first=True, nonlinearity="relu")
                if arch == "rnn":
                    with torch.no_grad(): s.r.weight_hh_l0.copy_(1.5 * torch.eye(32) + 0.05 * torch.randn(32, 32))
                s.o = nn.Linear(32, d_out)
            def forward(s, x): return s.o(s.r(x)[0])
        return R()

# ---------------- loggers ----------------
class Log:
    def __init__(s, fmt, d, style, tag=None, append=False):
        s.fmt, s.d, s.style = fmt, d, style; os.makedirs(d, exist_ok=True); m = "a" if append else "w"
        if fmt == "text":
            if style == "logging":
                s.lg = logging.getLogger(d); s.lg.setLevel(logging.INFO); h = logging.FileHandler(os.path.join(d, "train.log"), mode=m)
                h.setFormatter(logging.Formatter("%(asctime)s [%(levelname)s] %(message)s")); s.lg.addHandler(h)
            else:
                s.f = open(os.path.join(d, "train.log" if style != "tqdm" else "progress.log"), m, buffering=1)
        elif fmt == "csv":
            s.f = open(os.path.join(d, "metrics.csv"), m, newline="", buffering=1); s.w = None
        elif fmt == "jsonl":
            s.f = open(os.path.join(d, "log.jsonl"), m, buffering=1)
        elif fmt == "tb":
            if style == "tbx":
                from tensorboardX import SummaryWriter
            else:
                from torch.utils.tensorboard import SummaryWriter
            s.w = SummaryWriter(d)
    def line(s, txt):
        if s.fmt != "text": return
        if s.style == "logging": s.lg.info(txt)
        else: print(txt, file=s.f)
    def rec(s, step, d):
        d = {k: v for k, v in d.items() if v is not None}
        if s.fmt == "csv":
            if s.w is None:
                s.keys = ["epoch"] + [k for k in d if k != "epoch"]; s.w = csv.DictWriter(s.f, fieldnames=s.keys)
                if s.f.tell() == 0: s.w.writeheader()
            s.w.writerow({k: d.get(k, "") for k in s.keys})
        elif s.fmt == "jsonl": s.f.write(json.dumps(d) + "\n")
        elif s.fmt == "tb":
            for k, v in d.items():
                if k not in ("epoch", "step"): s.w.add_scalar(k, v, step)
            s.w.flush()
    def close(s):
        if s.fmt == "tb": s.w.close()
        elif s.fmt == "text" and s.style == "logging":
            for h in list(s.lg.handlers): h.close(); s.lg.removeHandler(h)
        else: s.f.close()

# ---------------- plain torch training ----------------
def train_torch(spec, out):
    import torch, torch.nn as nn, torch.nn.functional as F
    torch.manual_seed(spec.get("seed", 0)); torch.set_num_threads(1)
    Xtr, ytr, Xva, yva, (kind, K) = data(spec["task"], spec.get("seed", 0), spec.get("ntr", 1200))
    fault = spec.get("fault", "")
    if fault == "shuffled_labels": ytr = np.random.default_rng(5).permutation(ytr)
    if fault == "sorted_noshuffle": o = np.argsort(ytr, kind="stable"); Xtr, ytr = Xtr[o], ytr[o]
    Xtr, ytr, Xva, yva = map(torch.tensor, (Xtr, ytr, Xva, yva))
    d_in = Xtr.shape[-1]; d_out = 1 if (kind == "cls" and fault == "mse_on_ids") else K
    model = make_model(spec["arch"], d_in, d_out, spec.get("drop", 0.0))
    if fault == "fp16": model = model.half(); Xtr, Xva = Xtr.half(), Xva.half()
    params = model.parameters()
    if fault == "wrong_params": params = make_model(spec["arch"], d_in, d_out).parameters()
    lr = spec["lr"]; wd = spec.get("wd", 0.0)
    opt = {"adam": lambda: torch.optim.Adam(params, lr=lr, weight_decay=wd), "adamw": lambda: torch.optim.AdamW(params, lr=lr, weight_decay=wd),
           "sgd": lambda: torch.optim.SGD(params, lr=lr, momentum=spec.get("mom", 0.9), weight_decay=wd)}[spec["opt"]]()
    E = spec["epochs"]; bs = spec.get("bs", 32); nb = math.ceil(len(Xtr) / bs)
    sch = spec.get("sched"); sched = None
    if sch == "cosine": sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, spec.get("tmax", E))
    elif sch == "step": sched = torch.optim.lr_scheduler.StepLR(opt, spec.get("step_size", 10), 0.3)
    elif sch == "plateau": sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    elif sch == "warmcos":
        wu = spec.get("warm", 3); sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e + 1) / wu if e < wu else 0.5 * (1 + math.cos(math.pi * (e - wu) / max(1, E - wu))))
    elif sch == "linear_batch_bug": sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: max(0.0, 1 - s / E))
    def lossf(o, y):
        if kind == "cls":
            if fault == "mse_on_ids": return F.mse_loss(o.squeeze(-1).float(), y.float())
            if fault == "softmax_twice": return F.cross_entropy(torch.softmax(o.float(), -1), y)
            return F.cross_entropy(o.float(), y)
        if kind == "ml": return F.binary_cross_entropy_with_logits(o, y)
        if kind == "reg":
            if fault == "log_loss": return F.mse_loss(torch.log1p(o.squeeze(-1)), torch.log1p(y))
            if spec.get("huber"): return F.smooth_l1_loss(o.squeeze(-1), y)
            return F.mse_loss(o.squeeze(-1), y)
        return F.mse_loss(o, y)
    def metric(o, y):
        if kind == "cls":
            p = o.squeeze(-1).round().clamp(0, K - 1).long() if fault == "mse_on_ids" else o.argmax(-1)
            return ("acc", (p == y).float().mean().item())
        if kind == "ml":
            p = (o > 0).float(); tp = (p * y).sum(); return ("f1", (2 * tp / (p.sum() + y.sum() + 1e-9)).item())
        if kind == "reg":
            return ("r2", (1 - ((o.squeeze(-1) - y) ** 2).mean() / y.var()).item())
        return ("mae", (o - y).abs().mean().item())
    lg = Log(spec["fmt"], out, spec["style"], append=spec.get("append", False))
    W = spec.get("wording", 0); g = torch.Generator().manual_seed(1)
    best, bad, step = 1e9, 0, 0
    kill_at = spec.get("kill_at"); E_run = spec.get("stop_at", E)
    lg.line({0: f"Starting training: task={spec['task']} model={spec['arch']} opt={spec['opt']} lr={lr} epochs={E}",
             1: f"== run config: {spec['task']} / {spec['arch']} / {spec['opt']}(lr={lr}) / {E} epochs ==",
             2: f"config task={spec['task']} arch={spec['arch']} lr={lr} bs={bs} n_epochs={E}"}[W % 3])
    for ep in range(E_run):
        if not (fault == "no_train_switch" and ep > 0): model.train()
        if fault == "forgot_eval": model.train()
        perm = torch.arange(len(Xtr)) if fault == "sorted_noshuffle" else torch.randperm(len(Xtr), generator=g)
        tl, tn, gn_max = 0.0, 0, 0.0
        it = range(nb)
        if spec["style"] == "tqdm":
            from tqdm import tqdm
            it = tqdm(it, file=lg.f, desc=f"Epoch {ep+1}/{E}", ncols=100, mininterval=0.5)
        for b in it:
            idx = perm[b * bs:(b + 1) * bs]; xb, yb = Xtr[idx], ytr[idx]
            if fault != "no_zero_grad": opt.zero_grad()
            o = model(xb); loss = lossf(o, yb); loss.backward()
            if spec.get("clip"): gn = nn.utils.clip_grad_norm_(model.parameters(), spec["clip"]).item()
            else: gn = torch.sqrt(sum((p.grad.float() ** 2).sum() for p in model.parameters() if p.grad is not None)).item()
            gn_max = max(gn_max, gn) if gn == gn else float("nan")
            opt.step(); step += 1
            if sch == "linear_batch_bug": sched.step()
            tl += loss.item() * len(idx); tn += len(idx)
            if spec["style"] == "tqdm": it.set_postfix(loss=f"{loss.item():.4f}")
            if spec.get("per_step") and step % spec["per_step"] == 0:
                if spec["fmt"] == "text":
                    lg.line({0: f"  step {step:5d}  loss {loss.item():.4f}", 1: f"iter={step} train_loss={loss.item():.5f}", 2: f"[{step}] batch loss: {loss.item():.4f}"}[W % 3])
                else: lg.rec(step, {"step": step, "train/step_loss": loss.item()})
        tl /= tn
        if fault != "forgot_eval": model.eval()
        with torch.no_grad():
            Xe, ye = (Xtr, ytr) if fault == "eval_on_train" else (Xva, yva)
            o = model(Xe); vl = lossf(o, ye).item(); mname, mv = metric(o.float(), ye)
        cur_lr = opt.param_groups[0]["lr"]
        if sch == "plateau": sched.step(vl)
        elif sched is not None and sch != "linear_batch_bug": sched.step()
        rec = {"epoch": ep + 1, "train_loss": tl, "val_loss": vl, f"val_{mname}": mv, "lr": cur_lr}
        if spec.get("log_gn"): rec["grad_norm_max"] = gn_max
        if spec["fmt"] == "text":
            lg.line({0: f"epoch {ep+1}/{E} | train loss {tl:.4f} | val loss {vl:.4f} | val {mname} {mv:.4f} | lr {cur_lr:.2e}",
                     1: f"Epoch [{ep+1:03d}] loss={tl:.5f} valid_loss={vl:.5f} valid_{mname}={mv:.4f}",
                     2: f"ep {ep+1}: train={tl:.4f} dev={vl:.4f} dev_{mname}={mv:.3f} (lr={cur_lr:.3g})"}[W % 3])
        else:
            if spec["fmt"] == "tb":
                rec = {"Loss/train": tl, "Loss/val": vl, f"Metric/val_{mname}": mv, "LR": cur_lr, **({"GradNorm/max": gn_max} if spec.get("log_gn") else {})}
            lg.rec(ep + 1, rec)
        if kill_at is not None and ep + 1 == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        if spec.get("early"):
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= spec["early"]:
                    lg.line(f"early stopping at epoch {ep+1} (best val loss {best:.4f})"); break
    lg.line("done." if W % 2 == 0 else "Training finished")
    lg.close()

# ---------------- lightning ----------------
def train_lightning(spec, out):
    import torch, torch.nn.functional as F, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from torch.utils.data import TensorDataset, DataLoader
    L.seed_everything(spec.get("seed", 0), verbose=False); torch.set_num_threads(1)
    Xtr, ytr, Xva, yva, (kind, K) = data(spec["task"], spec.get("seed", 0), spec.get("ntr", 1200))
    fault = spec.get("fault", "")
    if fault == "misaligned": ytr = np.roll(ytr, 1)
    net = make_model(spec["arch"], Xtr.shape[-1], K, spec.get("drop", 0.0))
    if fault == "frozen":
        for n_, p in net.named_parameters(): p.requires_grad = n_.endswith(f"{len(net)-1}.bias")
    class M(L.LightningModule):
        def __init__(s): super().__init__(); s.net = net
        def forward(s, x): return s.net(x)
        def lossf(s, o, y):
            if kind == "cls": return F.cross_entropy(o, y)
            if kind == "ml": return F.binary_cross_entropy_with_logits(o, y)
            return F.mse_loss(o.squeeze(-1), y) if kind == "reg" else F.mse_loss(o, y)
        def training_step(s, b, i):
            l = s.lossf(s(b[0]), b[1]); s.log("train_loss", l, on_step=True, on_epoch=True); return l
        def validation_step(s, b, i):
            o = s(b[0]); s.log("val_loss", s.lossf(o, b[1]), on_epoch=True)
            if kind == "cls": s.log("val_acc", (o.argmax(-1) == b[1]).float().mean())
            elif kind == "ml":
                p = (o > 0).float(); s.log("val_f1", 2 * (p * b[1]).sum() / (p.sum() + b[1].sum() + 1e-9))
            else: s.log("val_mae", (o.squeeze(-1) - b[1]).abs().mean())
        def configure_optimizers(s):
            ps = [p for p in s.parameters() if p.requires_grad]
            o = torch.optim.SGD(ps, lr=spec["lr"], momentum=0.9) if spec["opt"] == "sgd" else torch.optim.Adam(ps, lr=spec["lr"])
            if spec.get("sched") == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, spec["epochs"])}
            return o
    cb = [L.pytorch.callbacks.LearningRateMonitor("epoch")]
    if spec.get("early"): cb.append(L.pytorch.callbacks.EarlyStopping("val_loss", patience=spec["early"]))
    tr = L.Trainer(max_epochs=spec["epochs"], logger=CSVLogger(out, name="lightning_logs"), callbacks=cb, enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=10, accelerator="cpu", devices=1)
    dl = DataLoader(TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)), batch_size=spec.get("bs", 32), shuffle=True)
    dv = DataLoader(TensorDataset(torch.tensor(Xva), torch.tensor(yva)), batch_size=300)
    tr.fit(M(), dl, dv)

# ---------------- keras ----------------
def train_keras(spec, out):
    import keras
    keras.utils.set_random_seed(spec.get("seed", 0))
    Xtr, ytr, Xva, yva, (kind, K) = data(spec["task"], spec.get("seed", 0), spec.get("ntr", 1200))
    fault = spec.get("fault", ""); reg = keras.regularizers.l2(spec["l2"]) if spec.get("l2") else None
    if kind == "cls" and fault == "mse_on_ids": outl, loss, mets = keras.layers.Dense(1), "mse", ["mae"]
    elif kind == "cls": outl, loss, mets = keras.layers.Dense(K, activation="softmax"), "sparse_categorical_crossentropy", ["accuracy"]
    elif kind == "ml": outl, loss, mets = keras.layers.Dense(K, activation="sigmoid"), "binary_crossentropy", ["binary_accuracy"]
    else: outl, loss, mets = keras.layers.Dense(1), "mse", ["mae"]
    w = spec.get("width", 64)
    m = keras.Sequential([keras.Input((Xtr.shape[1],)), keras.layers.Dense(w, activation="relu", kernel_regularizer=reg),
                          keras.layers.Dense(w, activation="relu", kernel_regularizer=reg), outl])
    o = keras.optimizers.SGD(spec["lr"], momentum=0.9) if spec["opt"] == "sgd" else keras.optimizers.Adam(spec["lr"])
    m.compile(optimizer=o, loss=loss, metrics=mets); os.makedirs(out, exist_ok=True)
    cbs = []
    if spec["style"] == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(out, "training.csv")))
    if spec.get("sched") == "plateau": cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=4))
    if spec.get("early"): cbs.append(keras.callbacks.EarlyStopping(patience=spec["early"], restore_best_weights=True))
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=spec["epochs"], batch_size=spec.get("bs", 32), callbacks=cbs, verbose=0)
    if spec["style"] == "history_json":
        json.dump({k: [float(x) for x in v] for k, v in h.history.items()}, open(os.path.join(out, "history.json"), "w"), indent=1)
    elif spec["style"] == "history_csv":
        import pandas as pd; pd.DataFrame(h.history).to_csv(os.path.join(out, "history.csv"))

# ---------------- HF Trainer ----------------
def train_hf(spec, out):
    import torch
    from transformers import RobertaConfig, RobertaForSequenceClassification, Trainer, TrainingArguments
    torch.manual_seed(0); torch.set_num_threads(1)
    r = np.random.default_rng(7); n = 900; L_ = 16
    ids = r.integers(3, 13, (n, L_)); ids[:, 0] = 0
    if spec["task"] == "count":   # regression: how many times token 5 appears
        lab = ((ids == 5).sum(1).astype(np.float32) - 1.5) / 1.2; nl, pt = 1, "regression"
    else:                         # multi-label: which of tokens 3..7 appear at least twice
        lab = np.stack([(ids == t).sum(1) >= 2 for t in range(3, 8)], 1).astype(np.float32); nl, pt = 5, "multi_label_classification"
    ds = [{"input_ids": torch.tensor(ids[i]), "attention_mask": torch.ones(L_, dtype=torch.long), "labels": torch.tensor(lab[i])} for i in range(n)]
    cfg = RobertaConfig(vocab_size=16, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
                        max_position_embeddings=40, num_labels=nl, problem_type=pt, pad_token_id=1)
    model = RobertaForSequenceClassification(cfg)
    args = TrainingArguments(output_dir=out, num_train_epochs=spec["epochs"], learning_rate=spec["lr"], per_device_train_batch_size=32,
                             per_device_eval_batch_size=100, eval_strategy="epoch", logging_steps=10, save_strategy="no", report_to=[],
                             warmup_steps=spec.get("warm", 0), lr_scheduler_type=spec.get("sched", "linear"), use_cpu=True, seed=0, disable_tqdm=True)
    tr = Trainer(model=model, args=args, train_dataset=ds[:700], eval_dataset=ds[700:]); tr.train(); tr.save_state()

# ---------------- the batch ----------------
T = lambda name, **k: dict(name=name, fmt="text", **k)
SPECS = [
 # text (16)
 T("dice-mlp-adam-cosine-print", style="print", task="dice", arch="mlp", opt="adam", lr=2e-3, epochs=30, sched="cosine", wording=0),
 T("dice-mlp-sgd-lr8-print", style="print", task="dice", arch="mlp", opt="sgd", lr=8.0, epochs=25, wording=1),
 T("cooling-mlp-plateau-logging", style="logging", task="cooling", arch="mlp", opt="adam", lr=3e-3, epochs=40, sched="plateau", wording=2),
 T("cooling-mlp-log1p-loss-logging", style="logging", task="cooling", arch="mlp", opt="adam", lr=1e-3, epochs=20, fault="log_loss", wording=0),
 T("mixture-cnn-warmcos-tqdm", style="tqdm", task="mixture", arch="cnn", opt="adamw", lr=3e-3, wd=1e-2, epochs=25, sched="warmcos", wording=1),
 T("mixture-cnn-no-zero-grad-tqdm", style="tqdm", task="mixture", arch="cnn", opt="adam", lr=3e-3, epochs=25, fault="no_zero_grad", wording=2),
 T("runmax-gru-clip-print", style="print", task="runmax", arch="gru", opt="adam", lr=5e-3, epochs=30, clip=1.0, sched="step", step_size=12, wording=2),
 T("runmax-relu-rnn-noclip-print", style="print", task="runmax", arch="rnn", opt="sgd", lr=1e-2, epochs=20, wording=0),
 T("convex-mlp-permuted-labels-logging", style="logging", task="convex", arch="mlp", opt="adam", lr=2e-3, epochs=40, fault="shuffled_labels", wording=1),
 T("dice-mlp-sigkill-print", style="print", task="dice", arch="mlp", opt="sgd", lr=0.05, epochs=40, kill_at=14, wording=2),
 T("convex-mlp-relaunch-append-logging", style="logging", task="convex", arch="mlp", opt="adam", lr=2e-3, epochs=30, fault="relaunch", relaunch_after=11, wording=0),
 T("cooling-mlp-lr1e-6-tqdm", style="tqdm", task="cooling", arch="mlp", opt="adam", lr=1e-6, epochs=25, wording=0),
 T("dice-mlp-sorted-no-shuffle-print", style="print", task="dice", arch="mlp", opt="sgd", lr=0.05, mom=0.0, epochs=12, fault="sorted_noshuffle", per_step=5, wording=1),
 T("convex-mlp-steplr-print", style="print", task="convex", arch="mlp", opt="sgd", lr=0.1, epochs=45, sched="step", step_size=15, wording=0),
 T("mixture-cnn-lr-per-batch-logging", style="logging", task="mixture", arch="cnn", opt="sgd", lr=0.1, epochs=30, sched="linear_batch_bug", wording=2),
 T("runmax-gru-forgot-eval-tqdm", style="tqdm", task="runmax", arch="gru", opt="adam", lr=5e-3, epochs=20, clip=1.0, wording=1),
 # csv / jsonl (9)
 dict(name="cooling-mlp-huber-dictwriter", fmt="csv", style="", task="cooling", arch="mlp", opt="adam", lr=2e-3, epochs=40, huber=True, sched="cosine"),
 dict(name="dice-mlp-mse-on-class-ids", fmt="csv", style="", task="dice", arch="mlp", opt="adam", lr=1e-3, epochs=30, fault="mse_on_ids"),
 dict(name="convex-mlp-opt-on-other-model", fmt="csv", style="", task="convex", arch="mlp", opt="adam", lr=1e-3, epochs=25, fault="wrong_params"),
 dict(name="convex-mlp-dropout-no-eval", fmt="csv", style="", task="convex", arch="mlp", opt="adam", lr=2e-3, epochs=40, drop=0.6, fault="forgot_eval"),
 dict(name="dice-mlp-fp16-adam", fmt="csv", style="", task="dice", arch="mlp", opt="adam", lr=1e-3, epochs=25, fault="fp16"),
 dict(name="dice-widemlp-60-samples", fmt="jsonl", style="", task="dice", arch="wide", opt="adam", lr=2e-3, epochs=250, ntr=60, bs=16),
 dict(name="mixture-cnn-earlystop", fmt="jsonl", style="", task="mixture", arch="cnn", opt="adam", lr=3e-3, epochs=60, early=5),
 dict(name="cooling-mlp-adam-wd5", fmt="jsonl", style="", task="cooling", arch="mlp", opt="adam", lr=1e-3, wd=5.0, epochs=30),
 dict(name="runmax-gru-warmup-jsonl", fmt="jsonl", style="", task="runmax", arch="gru", opt="adamw", lr=5e-3, wd=1e-3, epochs=30, sched="warmcos", warm=4, clip=1.0, per_step=25),
 # tensorboard (8)
 dict(name="mixture-cnn-summarywriter", fmt="tb", style="torch", task="mixture", arch="cnn", opt="adam", lr=2e-3, epochs=30, sched="cosine", log_gn=True),
 dict(name="runmax-relu-rnn-tbx-gradnorm", fmt="tb", style="tbx", task="runmax", arch="rnn", opt="adam", lr=3e-3, epochs=25, log_gn=True),
 dict(name="cooling-mlp-adam-lr1", fmt="tb", style="torch", task="cooling", arch="mlp", opt="adam", lr=1.0, epochs=30),
 dict(name="convex-mlp-cosine-wd-tbx", fmt="tb", style="tbx", task="convex", arch="mlp", opt="adamw", lr=3e-3, wd=5e-2, epochs=40, sched="cosine"),
 dict(name="dice-mlp-softmax-into-ce", fmt="tb", style="torch", task="dice", arch="mlp", opt="sgd", lr=0.01, epochs=30, fault="softmax_twice"),
 dict(name="runmax-gru-cosine-cut-short-tbx", fmt="tb", style="tbx", task="runmax", arch="gru", opt="adam", lr=5e-3, epochs=60, stop_at=18, sched="cosine", clip=1.0),
 dict(name="mixture-cnn-sigkill-tb", fmt="tb", style="torch", task="mixture", arch="cnn", opt="adam", lr=2e-3, epochs=40, kill_at=13),
 dict(name="dice-mlp-plateau-tb", fmt="tb", style="torch", task="dice", arch="mlp", opt="adam", lr=3e-3, epochs=35, sched="plateau", log_gn=True),
 # lightning (5)
 dict(name="mixture-mlp-cosine", fmt="lightning", style="", task="mixture", arch="mlp", opt="adam", lr=2e-3, epochs=25, sched="cosine"),
 dict(name="cooling-mlp-earlystop", fmt="lightning", style="", task="cooling", arch="mlp", opt="adam", lr=2e-3, epochs=60, early=4),
 dict(name="dice-mlp-sgd-lr20", fmt="lightning", style="", task="dice", arch="mlp", opt="sgd", lr=20.0, epochs=20),
 dict(name="convex-mlp-requires-grad-off", fmt="lightning", style="", task="convex", arch="mlp", opt="adam", lr=1e-3, epochs=20, fault="frozen"),
 dict(name="cooling-mlp-targets-rolled", fmt="lightning", style="", task="cooling", arch="mlp", opt="adam", lr=2e-3, epochs=25, fault="misaligned"),
 # keras (5)
 dict(name="cooling-dense-reducelr-csvlogger", fmt="keras", style="csvlogger", task="cooling", opt="adam", lr=3e-3, epochs=40, sched="plateau"),
 dict(name="dice-dense-sgd-1e-5-csvlogger", fmt="keras", style="csvlogger", task="dice", opt="sgd", lr=1e-5, epochs=25),
 dict(name="mixture-dense-earlystop-history-json", fmt="keras", style="history_json", task="mixture", opt="adam", lr=2e-3, epochs=60, early=5),
 dict(name="convex-dense-80-samples-history-csv", fmt="keras", style="history_csv", task="convex", opt="adam", lr=3e-3, epochs=200, ntr=80, width=256, bs=16),
 dict(name="dice-dense-l2-heavy-history-json", fmt="keras", style="history_json", task="dice", opt="adam", lr=2e-3, epochs=30, l2=1.0),
 # HF Trainer (4)
 dict(name="roberta-count5-regression", fmt="hf", style="", task="count", lr=2e-3, epochs=10, warm=20),
 dict(name="roberta-count5-lr0.5", fmt="hf", style="", task="count", lr=0.5, epochs=8),
 dict(name="roberta-twice-multilabel-cosine", fmt="hf", style="", task="twice", lr=2e-3, epochs=10, warm=20, sched="cosine"),
 dict(name="roberta-twice-lr1e-7", fmt="hf", style="", task="twice", lr=1e-7, epochs=8),
]
FMTDIR = {"text": "text", "csv": "csv_custom", "jsonl": "jsonl_custom", "tb": "tensorboard", "lightning": "lightning_csv", "keras": "keras", "hf": "hf_trainer"}
def key(s): return f"{FMTDIR[s['fmt']]}/{s['name']}"

def run_one(s):
    out = os.path.join(RUNS, key(s))
    if s["fmt"] in ("text", "csv", "jsonl", "tb"):
        if s.get("fault") == "relaunch":   # first launch stopped by hand (Ctrl-C) after N epochs, relaunched from scratch into same log
            a = dict(s, stop_at=s["relaunch_after"]); train_torch(a, out)
            b = dict(s, append=True, seed=1); train_torch(b, out)
        else: train_torch(s, out)
    elif s["fmt"] == "lightning": train_lightning(s, out)
    elif s["fmt"] == "keras": train_keras(s, out)
    elif s["fmt"] == "hf": train_hf(s, out)

if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--only"); a = ap.parse_args()
    if a.only:
        run_one([s for s in SPECS if key(s) == a.only][0]); sys.exit(0)
    procs = []; errs = os.path.join("/tmp", "nu41_err"); os.makedirs(errs, exist_ok=True)
    for s in SPECS:
        while len([p for p in procs if p.poll() is None]) >= 2: time.sleep(0.2)
        procs.append(subprocess.Popen([sys.executable, __file__, "--only", key(s)], stdout=subprocess.DEVNULL,
                                      stderr=open(os.path.join(errs, key(s).replace("/", "__")), "w")))
    for p in procs: p.wait()
    print("exit codes:", [p.returncode for p in procs])
