"""Lock-box batch 2027-01-16nu51: small trainings "a new user wrote". Faults are marked # BUG.
python make_runs.py            -> all runs (two processes at a time)
python make_runs.py --only fmt/name[,fmt/name]  -> re-make some runs"""
import os, sys, json, math, time, signal, subprocess, shutil
os.environ.setdefault("OMP_NUM_THREADS", "1"); os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__)); RUNS = os.path.join(HERE, "runs")
import numpy as np

# ---------------- data-generating processes ----------------
def gen(task, n, seed, leak=False):
    r = np.random.default_rng(seed)
    if task == "mosaic":  # 8-way: tile pattern in a noisy 6x6 grid
        y = r.integers(0, 8, n); X = np.zeros((n, 36), np.float32)
        ii, jj = np.meshgrid(np.arange(6), np.arange(6), indexing="ij")
        for k in range(n):
            c = y[k]; s = r.integers(0, 6)
            pats = [(ii % 2 == s % 2), (jj % 2 == s % 2), ((ii + jj) % 2 == 0), (ii == jj) | (ii == jj + 1),
                    (ii + jj == 5) | (ii + jj == 6), (ii == 0) | (jj == 0) | (ii == 5) | (jj == 5),
                    (ii == s) | (jj == s), ((ii - 2.5) ** 2 + (jj - 2.5) ** 2 < 4)]
            g = pats[c].astype(np.float32)
            if r.random() < .5: g = g[::-1]
            X[k] = (g + r.normal(0, .9, (6, 6))).ravel()
        return X, y.astype(np.int64)
    if task == "brew":  # regression: log fermentation time (Arrhenius) 
        T = r.uniform(12, 30, n); sug = r.uniform(8, 25, n); yeast = r.uniform(0.2, 2, n); ph = r.uniform(3.2, 5, n)
        t = sug / yeast * np.exp(6000 * (1 / (T + 273) - 1 / 293)) * (1 + 0.3 * (ph - 4) ** 2)
        y = np.log(t) + r.normal(0, .08, n); y = (y - 2.6) / 0.75
        X = np.stack([T, sug, yeast, ph, r.normal(size=n), r.normal(size=n)], 1)
        X = (X - X.mean(0)) / X.std(0)
        if leak: X = np.concatenate([X, (y + r.normal(0, .3, n))[:, None]], 1)  # BUG: target left in features
        return X.astype(np.float32), y.astype(np.float32)
    if task == "pantry":  # multi-label, 6 ingredients from 10 smell sensors
        M = np.random.default_rng(7).uniform(0, 1, (6, 10)) ** 2
        Y = (r.random((n, 6)) < 0.3).astype(np.float32)
        X = np.log1p(Y @ M * r.uniform(.5, 1.5, (n, 6)) @ np.eye(10)[:10] if False else np.log1p((Y * r.uniform(.5, 1.5, (n, 6))) @ M * 4) )
        X = X + r.normal(0, .12, X.shape)
        return X.astype(np.float32), Y
    if task == "bracket":  # per-step tag: inside brackets (depth > 0) from tokens ( ) x
        L = 24; X = np.zeros((n, L), np.int64); Y = np.zeros((n, L), np.int64)
        for k in range(n):
            d = 0
            for t in range(L):
                p = r.random()
                tok = 0 if p < .3 else (1 if (p < .55 and d > 0) else 2)
                d += (tok == 0) - (tok == 1); X[k, t] = tok; Y[k, t] = int(d > 0)
        return X, Y
    raise ValueError(task)

INFO = {"mosaic": ("clf", 8, "acc"), "brew": ("reg", 1, "r2"), "pantry": ("ml", 6, "f1"), "bracket": ("tag", 2, "acc")}

# ---------------- run table ----------------
# name: task, model, opt, lr, epochs, extra
R = {}
def add(fmt, name, task, model, opt="adam", lr=1e-3, ep=20, **kw): R[f"{fmt}/{name}"] = dict(task=task, model=model, opt=opt, lr=lr, ep=ep, **kw)
# text styles A/B/C/D
add("text", "mosaic_mlp_a", "mosaic", "mlp", style="A", ep=12)
add("text", "brew_mlp_sgd_lr8_a", "brew", "mlp", "sgd", 8.0, style="A")            # BUG lr far too high
add("text", "pantry_mlp_a", "pantry", "mlp", style="A", ep=25)
add("text", "bracket_gru_b", "bracket", "gru", lr=3e-3, style="B", ep=15)
add("text", "mosaic_mlp_killed_b", "mosaic", "mlp", style="B", ep=25, kill=9)       # BUG killed
add("text", "brew_mlp_b", "brew", "mlp", style="B", ep=30)
add("text", "pantry_mlp_nozero_c", "pantry", "mlp", "sgd", 0.5, style="C", nozero=True, ep=25)  # BUG no zero_grad
add("text", "mosaic_cnn_c", "mosaic", "cnn", style="C", ep=15)
add("text", "brew_mlp_relaunch_c", "brew", "mlp", style="C", ep=25, relaunch=10)    # BUG relaunched on same log
add("text", "bracket_gru_d", "bracket", "gru", "sgd", 0.1, mom=0.9, style="D", ep=15)
add("text", "mosaic_mlp_tiny_d", "mosaic", "mlp", style="D", ep=60, ntrain=120)     # BUG tiny train set
add("text", "brew_mlp_wd_d", "brew", "mlp", style="D", ep=25, wd=3.0, opt_w="adamw") # BUG huge weight decay
add("csv", "pantry_mlp", "pantry", "mlp", ep=25)
add("csv", "mosaic_mlp_perm", "mosaic", "mlp", ep=20, perm=True)                    # BUG permuted labels
add("jsonl", "brew_mlp_leak", "brew", "mlp", ep=25, leak=True)                      # BUG leak (no trace)
add("jsonl", "mosaic_mlp_stale", "mosaic", "mlp", ep=20, stale=True)                # BUG optimizer on another model
add("pandas", "bracket_gru_lrlow", "bracket", "gru", "sgd", 1e-4, ep=15)            # BUG lr far too low
add("pandas", "pantry_mlp_noeval", "pantry", "mlp_drop", ep=25, noeval=True)        # BUG never eval (no trace)
add("tb", "mosaic_mlp", "mosaic", "mlp", "sgd", 0.01, ep=15, mom=0.9)
add("tb", "brew_mlp_stepbatch", "brew", "mlp", ep=25, sched="step_batch")          # BUG scheduler per batch
add("tb", "pantry_mlp_softmax", "pantry", "mlp", ep=25, mlbug=True)                 # BUG softmax over tags + BCE
add("tbx", "brew_mlp", "brew", "mlp", ep=30, sched="cos")
add("tbx", "mosaic_mlp_cos_long", "mosaic", "mlp", ep=15, sched="cos_long")        # BUG cosine planned for 3x epochs
add("tbx", "bracket_gru_adam_lr1", "bracket", "gru", "adam", 1.0, ep=12)           # BUG lr far too high
add("lightning", "mosaic_mlp", "mosaic", "mlp", ep=20)
add("lightning", "brew_mlp_frozen", "brew", "mlp", ep=25, frozen=True)              # BUG all but output frozen
add("lightning", "pantry_mlp_lrlow", "pantry", "mlp", "adam", 1e-6, ep=20)          # BUG lr far too low
add("keras", "brew_dense", "brew", "dense", ep=30, kfmt="csv")
add("keras", "mosaic_dense", "mosaic", "dense", ep=20, kfmt="json")
add("keras", "pantry_dense_sgd_lr5", "pantry", "dense", "sgd", 5.0, ep=20, kfmt="csv")  # BUG lr far too high
add("hf", "bracket_bert", "bracket", "hf", lr=3e-3, ep=8)
add("hf", "bracket_bert_lr1e-7", "bracket", "hf", lr=1e-7, ep=4)                   # BUG lr far too low

add("text", "mosaic_mlp_softmax_a", "mosaic", "mlp", style="A", ep=15, sm=True)    # BUG softmax before cross_entropy
add("text", "pantry_mlp_adamw_b", "pantry", "mlp", "adam", 2e-3, style="B", ep=20, wd=1e-2, opt_w="adamw")
add("text", "mosaic_mlp_sgd_lr3_c", "mosaic", "mlp", "sgd", 3.0, style="C", ep=15)  # BUG lr far too high
add("text", "pantry_mlp_killed_d", "pantry", "mlp", style="D", ep=25, kill=7)       # BUG killed
add("csv", "brew_mlp_adamw", "brew", "mlp", "adam", 2e-3, ep=25, wd=1e-4, opt_w="adamw")
add("csv", "bracket_gru", "bracket", "gru", lr=2e-3, ep=12)
add("jsonl", "pantry_mlp_tiny", "pantry", "mlp", ep=80, ntrain=150)                 # BUG tiny train set
add("jsonl", "bracket_gru", "bracket", "gru", lr=1e-3, ep=15)
add("pandas", "mosaic_cnn", "mosaic", "cnn", ep=12)
add("pandas", "brew_mlp_sgd_lr1e-4", "brew", "mlp", "sgd", 1e-4, ep=25)             # BUG lr far too low
add("tb", "bracket_gru", "bracket", "gru", lr=3e-3, ep=10)
add("tb", "brew_mlp_tiny", "brew", "mlp", ep=150, ntrain=60)                        # BUG tiny train set
add("tb", "pantry_mlp_wd", "pantry", "mlp", ep=25, wd=0.5)                           # BUG coupled L2 0.5
add("tbx", "pantry_mlp", "pantry", "mlp", ep=25, sched="cos")
add("tbx", "mosaic_mlp_nozero", "mosaic", "mlp", ep=20, nozero=True)                 # BUG no zero_grad
add("lightning", "pantry_mlp", "pantry", "mlp", ep=25)
add("lightning", "mosaic_mlp_lr05", "mosaic", "mlp", "adam", 0.5, ep=15)            # BUG lr far too high
add("keras", "brew_dense_lr1e-5", "brew", "dense", "adam", 1e-5, ep=25, kfmt="json") # BUG lr far too low

# ---------------- training ----------------
def build(cfg, nin, nout):
    import torch.nn as nn
    m = cfg["model"]; t = cfg["task"]
    if m in ("mlp", "mlp_drop"):
        d = [nn.Dropout(0.3)] if m == "mlp_drop" else []
        return nn.Sequential(nn.Linear(nin, 64), nn.ReLU(), *d, nn.Linear(64, 64), nn.ReLU(), *d, nn.Linear(64, nout))
    if m == "cnn":
        class C(nn.Module):
            def __init__(s):
                super().__init__(); s.c = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 16, 3, padding=1), nn.ReLU())
                s.o = nn.Linear(16 * 36, nout)
            def forward(s, x): return s.o(s.c(x.view(-1, 1, 6, 6)).flatten(1))
        return C()
    if m == "gru":
        class G(nn.Module):
            def __init__(s):
                super().__init__(); s.e = nn.Embedding(3, 16); s.g = nn.GRU(16, 32, batch_first=True); s.o = nn.Linear(32, 2)
            def forward(s, x): return s.o(s.g(s.e(x))[0])
        return G()

def metric(kind, out, y):
    import torch
    if kind == "clf": return (out.argmax(1) == y).float().mean().item()
    if kind == "tag": return (out.argmax(-1) == y).float().mean().item()
    if kind == "reg": return 1 - ((out.squeeze(-1) - y) ** 2).mean().item() / y.var().item()
    p = (out > 0).float(); tp = (p * y).sum(); return (2 * tp / (p.sum() + y.sum() + 1e-9)).item()

def lossf(cfg, kind, out, y):
    import torch, torch.nn.functional as F
    if kind == "clf": return F.cross_entropy(out.softmax(1) if cfg.get("sm") else out, y)  # BUG (sm): softmax before CE
    if kind == "tag": return F.cross_entropy(out.reshape(-1, 2), y.reshape(-1))
    if kind == "reg": return F.mse_loss(out.squeeze(-1), y)
    if cfg.get("mlbug"): return F.binary_cross_entropy(out.softmax(-1), y)  # BUG softmax across tags
    return F.binary_cross_entropy_with_logits(out, y)

def data(cfg, seed=0):
    t = cfg["task"]; ntr = cfg.get("ntrain", {"mosaic": 8000, "bracket": 2000}.get(t, 4000))
    Xtr, ytr = gen(t, ntr, 1 + seed, cfg.get("leak", False)); Xva, yva = gen(t, 1000 if t != "bracket" else 500, 99, cfg.get("leak", False))
    if cfg.get("perm"): ytr = np.random.default_rng(5).permutation(ytr)  # BUG labels shuffled independently of X
    return Xtr, ytr, Xva, yva

class Logger:
    def __init__(s, fmt, cfg, d, tag): s.fmt, s.cfg, s.d, s.tag = fmt, cfg, d, tag; s.rows = []; s.t0 = time.time(); s.gstep = 0
    def start(s):
        c = s.cfg; f, st = s.fmt, c.get("style")
        hdr = f"{c['task']}/{c['model']}"; m = INFO[c['task']][2]
        if f == "text":
            if st == "A": print(f"~~ {hdr} ~~ {c['opt'].upper()} @ lr {c['lr']} ~~ {c['ep']} epochs ~~", flush=True)
            if st == "B":
                import logging
                lg = logging.getLogger("fit"); lg.setLevel(logging.INFO); h = logging.FileHandler(os.path.join(s.d, "run.log"), mode="a")
                h.setFormatter(logging.Formatter("%(asctime)s - %(name)s - %(levelname)s - %(message)s")); lg.addHandler(h); s.lg = lg
                lg.info(f"kickoff {hdr} opt={c['opt']} lr={c['lr']} epochs={c['ep']}")
            if st == "C": print(f"### {hdr} | {c['opt']} lr={c['lr']} | {c['ep']} epochs ###", flush=True)
            if st == "D": print(f"epoch | train_loss | val_loss | val_{m} | lr", flush=True); print("------+------------+----------+---------+--------", flush=True)
        if f == "tb":
            from torch.utils.tensorboard import SummaryWriter; s.w = SummaryWriter(s.d)
        if f == "tbx":
            from tensorboardX import SummaryWriter; s.w = SummaryWriter(s.d)
    def step(s, loss):
        s.gstep += 1
        if s.fmt == "tb": s.w.add_scalar("loss_step/train", loss, s.gstep)
        if s.fmt == "tbx" and s.gstep % 5 == 0: s.w.add_scalar("batch/loss", loss, s.gstep)
    def epoch(s, e, tl, vl, vm, lr):
        c = s.cfg; f, st = s.fmt, c.get("style"); m = INFO[c['task']][2]; N = c['ep']
        s.rows.append((e, tl, vl, vm, lr))
        if f == "text":
            if st == "A": print(f"[ep {e:02d} of {N}] train={tl:.4f}  holdout={vl:.4f}  {m}={vm:.4f}  step-size={lr:.2e}", flush=True)
            if st == "B": s.lg.info(f"ep {e}/{N} | loss tr {tl:.5f} | loss dev {vl:.5f} | dev {m} {vm:.4f} | lr {lr:.3g}")
            if st == "C": print(f"ep {e} summary -> trn {tl:.4f}, tst {vl:.4f}, {m} {vm:.4f}, lr {lr:.2e}", flush=True)
            if st == "D": print(f"{e:5d} | {tl:10.5f} | {vl:8.5f} | {vm:7.4f} | {lr:.1e}", flush=True)
        elif f == "csv":
            p = os.path.join(s.d, "metrics.csv"); new = not os.path.exists(p)
            with open(p, "a") as fh:
                if new: fh.write(f"epoch,train_loss,val_loss,val_{m},lr\n")
                fh.write(f"{e},{tl:.6f},{vl:.6f},{vm:.6f},{lr:.6g}\n")
        elif f == "jsonl":
            with open(os.path.join(s.d, "log.jsonl"), "a") as fh: fh.write(json.dumps({"epoch": e, "train/loss": tl, "valid/loss": vl, f"valid/{m}": vm, "lr": lr, "time": round(time.time() - s.t0, 2)}) + "\n")
        elif f == "pandas":
            import pandas as pd
            pd.DataFrame(s.rows, columns=["epoch", "trn_loss", "val_loss", f"val_{m}", "lr"]).to_csv(os.path.join(s.d, "history.csv"), index=False)
        elif f in ("tb", "tbx"):
            if f == "tb": s.w.add_scalar("loss/train", tl, e); s.w.add_scalar("loss/val", vl, e); s.w.add_scalar(f"metric/val_{m}", vm, e); s.w.add_scalar("opt/lr", lr, e)
            else: s.w.add_scalar("epoch/train_loss", tl, e); s.w.add_scalar("epoch/val_loss", vl, e); s.w.add_scalar(f"epoch/val_{m}", vm, e); s.w.add_scalar("epoch/lr", lr, e)
            s.w.flush()
    def end(s):
        c = s.cfg; f, st = s.fmt, c.get("style")
        if f == "text" and s.rows:
            b = min(s.rows, key=lambda r: r[2])
            if st == "A": print(f"~~ finished; best holdout {b[2]:.4f} (ep {b[0]}) ~~", flush=True)
            if st == "B": s.lg.info(f"wrapped up, best dev loss {b[2]:.5f} at ep {b[0]}")
            if st == "C": print(f"### done in {time.time()-s.t0:.1f}s ###", flush=True)
        if f in ("tb", "tbx"): s.w.close()

def run_torch(key, cfg, d):
    import torch
    torch.set_num_threads(1); torch.manual_seed(0)
    fmt = key.split("/")[0]; kind, K, _ = INFO[cfg["task"]]
    Xtr, ytr, Xva, yva = data(cfg)
    Xtr, ytr, Xva, yva = map(torch.tensor, (Xtr, ytr, Xva, yva))
    nin = Xtr.shape[1]; model = build(cfg, nin, K if kind != "reg" else 1)
    if cfg.get("frozen"):
        for p in list(model.parameters())[:-2]: p.requires_grad_(False)  # BUG froze everything but the head
    target = model
    if cfg.get("stale"): target = build(cfg, nin, K)  # BUG optimizer built on a fresh copy, not the trained model
    params = [p for p in target.parameters() if p.requires_grad]
    wd = cfg.get("wd", 0.0)
    if cfg.get("opt_w") == "adamw": opt = torch.optim.AdamW(params, lr=cfg["lr"], weight_decay=wd)
    elif cfg["opt"] == "sgd": opt = torch.optim.SGD(params, lr=cfg["lr"], momentum=cfg.get("mom", 0.0))
    else: opt = torch.optim.Adam(params, lr=cfg["lr"], weight_decay=wd)
    bs = 64; nb = math.ceil(len(Xtr) / bs); sch = None; sc = cfg.get("sched")
    if sc == "cos": sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg["ep"])
    if sc == "cos_long": sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg["ep"] * 3)  # BUG T_max copied from a longer plan
    if sc == "step_batch": sch = torch.optim.lr_scheduler.StepLR(opt, 10, 0.5)  # meant per epoch
    log = Logger(fmt, cfg, d, key); log.start()
    start_ep = 1
    g = torch.Generator().manual_seed(1)
    bar = None
    for e in range(1, cfg["ep"] + 1):
        model.train(); tot = 0.0
        perm = torch.randperm(len(Xtr), generator=g)
        it = range(nb)
        if cfg.get("style") == "C":
            from tqdm import tqdm; it = tqdm(it, desc=f"ep {e}", ncols=80, mininterval=0, file=sys.stdout)
        for b in it:
            idx = perm[b * bs:(b + 1) * bs]
            out = model(Xtr[idx]); loss = lossf(cfg, kind, out, ytr[idx])
            if not cfg.get("nozero"): opt.zero_grad()  # BUG (nozero): this line missing
            loss.backward(); opt.step()
            if sc == "step_batch": sch.step()  # BUG stepped every batch
            tot += loss.item(); log.step(loss.item())
        if sch is not None and sc != "step_batch": lr_now = opt.param_groups[0]["lr"]; sch.step()
        else: lr_now = opt.param_groups[0]["lr"]
        if not cfg.get("noeval"): model.eval()  # BUG (noeval): never switched to eval
        with torch.no_grad():
            out = model(Xva); vl = lossf(cfg, kind, out, yva).item(); vm = metric(kind, out, yva)
        log.epoch(e, tot / nb, vl, vm, lr_now)
        if cfg.get("kill") == e or (cfg.get("relaunch") == e and not os.path.exists(os.path.join(d, ".first_done"))):
            if cfg.get("relaunch"): open(os.path.join("/tmp", "nu51_" + key.replace("/", "_")), "w").close()
            os.kill(os.getpid(), signal.SIGKILL)  # killed (OOM killer / ctrl-c in another window)
    log.end()

def run_lightning(key, cfg, d):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    torch.set_num_threads(1); L.seed_everything(0)
    kind, K, m = INFO[cfg["task"]]
    Xtr, ytr, Xva, yva = data(cfg)
    tr = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)), batch_size=64, shuffle=True)
    va = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xva), torch.tensor(yva)), batch_size=1000)
    class M(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = build(cfg, Xtr.shape[1], K if kind != "reg" else 1)
            if cfg.get("frozen"):
                for p in list(s.net.parameters())[:-2]: p.requires_grad_(False)  # BUG froze everything but the head
        def training_step(s, b, i):
            x, y = b; l = lossf(cfg, kind, s.net(x), y); s.log("train_loss", l, on_step=False, on_epoch=True); return l
        def validation_step(s, b, i):
            x, y = b; o = s.net(x); s.log("val_loss", lossf(cfg, kind, o, y)); s.log(f"val_{m}", metric(kind, o, y))
        def configure_optimizers(s):
            o = torch.optim.Adam([p for p in s.parameters() if p.requires_grad], lr=cfg["lr"])
            return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, cfg["ep"])}
    t = L.Trainer(max_epochs=cfg["ep"], logger=CSVLogger(d, name="", version=""), callbacks=[LearningRateMonitor("epoch")],
                  enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False, num_sanity_val_steps=0)
    t.fit(M(), tr, va)

def run_keras(key, cfg, d):
    import keras
    keras.utils.set_random_seed(0)
    kind, K, m = INFO[cfg["task"]]
    Xtr, ytr, Xva, yva = data(cfg)
    out = {"clf": keras.layers.Dense(K), "reg": keras.layers.Dense(1), "ml": keras.layers.Dense(K)}[kind]
    model = keras.Sequential([keras.Input((Xtr.shape[1],)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(64, activation="relu"), out])
    opt = keras.optimizers.SGD(cfg["lr"]) if cfg["opt"] == "sgd" else keras.optimizers.Adam(cfg["lr"])
    loss, met = {"clf": (keras.losses.SparseCategoricalCrossentropy(from_logits=True), ["accuracy"]), "reg": ("mse", ["mae"]),
                 "ml": (keras.losses.BinaryCrossentropy(from_logits=True), [keras.metrics.BinaryAccuracy(threshold=0.0)])}[kind]
    model.compile(opt, loss, metrics=met)
    cb = [keras.callbacks.CSVLogger(os.path.join(d, "training.log"))] if cfg["kfmt"] == "csv" else []
    h = model.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=cfg["ep"], batch_size=64, verbose=0, callbacks=cb)
    if cfg["kfmt"] == "json":
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(os.path.join(d, "history.json"), "w"), indent=1)

def run_hf(key, cfg, d):
    import torch
    from transformers import BertConfig, BertForTokenClassification, Trainer, TrainingArguments
    torch.set_num_threads(1); torch.manual_seed(0)
    Xtr, ytr, Xva, yva = data(cfg)
    class DS(torch.utils.data.Dataset):
        def __init__(s, X, Y): s.X, s.Y = X + 1, Y
        def __len__(s): return len(s.X)
        def __getitem__(s, i): return {"input_ids": torch.tensor(s.X[i]), "labels": torch.tensor(s.Y[i])}
    conf = BertConfig(vocab_size=5, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64, max_position_embeddings=32, num_labels=2)
    model = BertForTokenClassification(conf)
    out = f"/tmp/nu51_hf_{os.path.basename(d)}"
    args = TrainingArguments(out, num_train_epochs=cfg["ep"], per_device_train_batch_size=32, per_device_eval_batch_size=250, learning_rate=cfg["lr"],
                             logging_steps=10, eval_strategy="epoch", save_strategy="no", report_to=[], seed=0, disable_tqdm=True, use_cpu=True)
    tr = Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva))
    tr.train(); tr.save_state(); shutil.copy(os.path.join(out, "trainer_state.json"), os.path.join(d, "trainer_state.json")); shutil.rmtree(out, ignore_errors=True)

def one(key):
    cfg = R[key]; d = os.path.join(RUNS, key); os.makedirs(d, exist_ok=True)
    fmt = key.split("/")[0]
    if fmt == "lightning": run_lightning(key, cfg, d)
    elif fmt == "keras": run_keras(key, cfg, d)
    elif fmt == "hf": run_hf(key, cfg, d)
    else: run_torch(key, cfg, d)

LOGNAME = {"A": "train.log", "C": "output.txt", "D": "stdout.txt"}

def launch(key):
    cfg = R[key]; d = os.path.join(RUNS, key)
    shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    marker = os.path.join("/tmp", "nu51_" + key.replace("/", "_"))
    if os.path.exists(marker): os.remove(marker)
    cmd = [sys.executable, "-u", os.path.abspath(__file__), "--one", key]
    times = 2 if cfg.get("relaunch") else 1
    for i in range(times):
        if cfg.get("style") in LOGNAME:
            with open(os.path.join(d, LOGNAME[cfg["style"]]), "a") as fh: subprocess.run(cmd, stdout=fh, stderr=fh)
        else: subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if i == 0 and cfg.get("relaunch"): open(os.path.join(d, ".first_done"), "w").close()
    for f in (os.path.join(d, ".first_done"), marker):
        if os.path.exists(f): os.remove(f)

if __name__ == "__main__":
    if "--one" in sys.argv: one(sys.argv[sys.argv.index("--one") + 1]); sys.exit(0)
    keys = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else list(R)
    from concurrent.futures import ThreadPoolExecutor
    t0 = time.time()
    with ThreadPoolExecutor(2) as ex:
        for k, _ in zip(keys, ex.map(launch, keys)): print(f"{k} done {time.time()-t0:.0f}s", flush=True)
