"""lockbox 2027-01-09nu44: new-user CPU trainings. python make_runs.py [--only fmt/name]"""
import os, sys, json, csv, math, time, signal, subprocess, shutil, argparse, logging
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
import numpy as np

# ---------------------------------------------------------------- data (numpy only)
def make_data(task, seed=44, n=1200, nval=400):
    r = np.random.default_rng(seed + hash(task) % 1000)
    N = n + nval
    if task == "pentad":  # 5-way gaussian blobs on a curved manifold, 8-D
        y = r.integers(0, 5, N)
        ang = y * 2 * np.pi / 5
        X = r.normal(0, 1.0, (N, 8))
        X[:, 0] += 1.6 * np.cos(ang); X[:, 1] += 1.6 * np.sin(ang); X[:, 2] += 0.5 * y
        return X.astype("f4"), y.astype("i8"), n
    if task == "tollbooth":  # mean waiting time at a multi-lane toll plaza (regression)
        lam = r.uniform(0.2, 2.0, N); mu = r.uniform(0.6, 1.2, N); lanes = r.integers(1, 5, N)
        rho = lam / (mu * lanes); rho = np.clip(rho, 0, 0.95)
        w = np.log1p(rho / (mu * (1 - rho))) * np.exp(r.normal(0, 0.05, N))
        X = np.stack([lam, mu, lanes, r.normal(size=N), r.normal(size=N)], 1)
        X = (X - X.mean(0)) / X.std(0)
        y = (w - w.mean()) / w.std()
        return X.astype("f4"), y.astype("f4")[:, None], n
    if task == "mossbank":  # 6 tags from 10 soil readings (multi-label)
        X = r.normal(size=(N, 10)); W = r.normal(size=(10, 6))
        Y = ((np.tanh(X @ W) + 0.3 * (X[:, :6] ** 2 - 1) + r.normal(0, 0.4, (N, 6))) > 0.2).astype("f4")
        return X.astype("f4"), Y, n
    if task == "longrun":  # longest run of ones in a 24-bit string (sequence regression)
        B = (r.random((N, 24)) < 0.55).astype("i8")
        y = np.zeros(N)
        for i in range(N):
            m = c = 0
            for b in B[i]:
                c = c + 1 if b else 0; m = max(m, c)
            y[i] = m
        y = (y - 4.5) / 2.5
        return B, y.astype("f4")[:, None], n
    if task == "ferment":  # next value of a noisy logistic fermentation curve (sequence forecasting)
        t = np.arange(20)
        k = r.uniform(0.3, 0.9, N); t0 = r.uniform(3, 16, N); A = r.uniform(0.5, 2.0, N)
        S = A[:, None] / (1 + np.exp(-k[:, None] * (t[None] - t0[:, None]))) + r.normal(0, 0.03, (N, 20))
        return S[:, :19, None].astype("f4"), S[:, 19:].astype("f4"), n
    raise ValueError(task)

TASKS = {"pentad": ("cls", 5), "tollbooth": ("reg", 1), "mossbank": ("ml", 6), "longrun": ("seqreg", 1), "ferment": ("seqreg", 1)}

# ---------------------------------------------------------------- torch models
def torch_model(task, kind, width=64, drop=0.0, bn=False, init_gain=None):
    import torch, torch.nn as nn
    typ, out = TASKS[task]
    if task in ("pentad", "tollbooth", "mossbank"):
        d = {"pentad": 8, "tollbooth": 5, "mossbank": 10}[task]
        layers = [nn.Linear(d, width)] + ([nn.BatchNorm1d(width)] if bn else []) + [nn.ReLU(), nn.Dropout(drop),
                  nn.Linear(width, width), nn.ReLU(), nn.Dropout(drop), nn.Linear(width, out)]
        return nn.Sequential(*layers)
    class Seq(nn.Module):
        def __init__(s):
            super().__init__()
            s.emb = nn.Embedding(2, 16) if task == "longrun" else nn.Linear(1, 16)
            if kind == "rnn":
                s.rnn = nn.RNN(16, width, batch_first=True, nonlinearity="relu")
                if init_gain:
                    with torch.no_grad():
                        s.rnn.weight_hh_l0.copy_(torch.eye(width) * init_gain)
            elif kind == "cnn":
                s.rnn = None; s.conv = nn.Sequential(nn.Conv1d(16, width, 3, padding=1), nn.ReLU(), nn.Conv1d(width, width, 3, padding=1), nn.ReLU())
            else:
                s.rnn = nn.GRU(16, width, batch_first=True)
            s.drop = nn.Dropout(drop); s.head = nn.Linear(width, out)
        def forward(s, x):
            h = s.emb(x)
            if s.rnn is None:
                h = s.conv(h.transpose(1, 2)).max(2).values
            else:
                h = s.rnn(h)[0][:, -1]
            return s.head(s.drop(h))
    return Seq()

def metric(task, out, y):
    import torch
    typ, _ = TASKS[task]
    if typ == "cls": return ("acc", (out.argmax(1) == y).float().mean().item())
    if typ == "ml": return ("f1", _f1((out > 0).float(), y))
    return ("mae", (out - y).abs().mean().item())

def _f1(p, y):
    tp = (p * y).sum().item(); fp = (p * (1 - y)).sum().item(); fn = ((1 - p) * y).sum().item()
    return 2 * tp / max(1e-9, 2 * tp + fp + fn)

def loss_fn(task, fault):
    import torch, torch.nn as nn, torch.nn.functional as F
    typ, _ = TASKS[task]
    if typ == "cls":
        if fault == "double_softmax": return lambda o, y: F.cross_entropy(torch.softmax(o, 1), y)
        if fault == "mse_on_ids": return lambda o, y: F.mse_loss(o[:, 0], y.float())
        return nn.CrossEntropyLoss()
    if typ == "ml":
        if fault == "ce_on_multilabel": return lambda o, y: F.cross_entropy(o, y / y.sum(1, keepdim=True).clamp(min=1))
        if fault == "bce_log0": return lambda o, y: -(y * torch.log(torch.sigmoid(o)) + (1 - y) * torch.log(1 - torch.sigmoid(o))).mean()
        return nn.BCEWithLogitsLoss()
    if fault == "log_loss": return lambda o, y: F.mse_loss(torch.log(o), torch.log(y))
    if fault == "rel_err": return lambda o, y: ((o - y) / y).abs().mean()
    return nn.MSELoss()

def train_torch(R, emit):
    """Plain torch loop with the run's (possible) fault; emit(dict) once per epoch (and per step if R['steps'])."""
    import torch
    torch.manual_seed(R.get("seed", 44)); torch.set_num_threads(1)
    task, fault = R["task"], R.get("fault")
    X, Y, n = make_data(task)
    Xtr, Ytr, Xva, Yva = X[:n], Y[:n], X[n:], Y[n:]
    if R.get("ntrain"): Xtr, Ytr = Xtr[:R["ntrain"]], Ytr[:R["ntrain"]]
    if fault == "shuffled_labels":
        Ytr = Ytr[np.random.default_rng(1).permutation(len(Ytr))]
    if fault == "misaligned":  # dropped the header row of the label file only
        Xtr, Ytr = Xtr[:-1], Ytr[1:]
    if fault == "leak": Xtr, Ytr = np.concatenate([Xtr, Xva]), np.concatenate([Ytr, Yva])
    if fault == "eval_on_train": Xva, Yva = Xtr[:400], Ytr[:400]
    typ, _ = TASKS[task]
    tt = lambda a: torch.tensor(a)
    Xtr, Ytr, Xva, Yva = map(tt, (Xtr, Ytr, Xva, Yva))
    if fault == "fp16": pass
    model = torch_model(task, R.get("model", "mlp"), R.get("width", 64), R.get("drop", 0.0), R.get("bn", False), R.get("init_gain"))
    if fault == "fp16": model = model.half()
    params = model.parameters()
    if fault == "frozen":
        for nme, p in model.named_parameters(): p.requires_grad = nme.endswith("bias") and ("head" in nme or nme.startswith("6") or nme.startswith("7"))
        params = [p for p in model.parameters() if p.requires_grad]
    if fault == "wrong_params":
        other = torch_model(task, R.get("model", "mlp"), R.get("width", 64)); params = other.parameters()
    opt_name, lr, E = R.get("opt", "adam"), R["lr"], R["epochs"]
    wd = R.get("wd", 0.0)
    opt = {"adam": lambda: torch.optim.Adam(params, lr=lr, weight_decay=wd), "adamw": lambda: torch.optim.AdamW(params, lr=lr, weight_decay=wd or 0.01),
           "sgd": lambda: torch.optim.SGD(params, lr=lr, momentum=0.9, weight_decay=wd)}[opt_name]()
    bs = R.get("bs", 64); steps = math.ceil(len(Xtr) / bs)
    sched, sk = None, R.get("sched")
    if sk == "cosine": sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=R.get("tmax", E))
    if sk == "step": sched = torch.optim.lr_scheduler.StepLR(opt, step_size=R.get("step_size", 10), gamma=0.3)
    if sk == "plateau": sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    if sk == "warmcos":
        W = R.get("warm", 3)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e + 1) / W if e < W else 0.5 * (1 + math.cos(math.pi * (e - W) / max(1, E - W))))
    if sk == "linear_per_batch_bug":  # meant per epoch, stepped per batch
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: max(0.0, 1 - s / E))
    lf = loss_fn(task, fault)
    g = torch.Generator().manual_seed(0)
    best, bad, patience = 1e9, 0, R.get("early_stop")
    kill_at = R.get("kill_at"); start = R.get("start_epoch", 1)
    for ep in range(1, E + 1):
        if fault not in ("no_train_mode",): model.train()
        if fault in ("no_eval", "no_train_mode") and ep == 1: model.eval() if fault == "no_train_mode" else None
        perm = torch.randperm(len(Xtr), generator=g) if fault != "no_shuffle_sorted" else torch.argsort(Ytr.view(len(Ytr), -1)[:, 0].float())
        tot, cnt = 0.0, 0
        for b in range(steps):
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr[idx], Ytr[idx]
            if fault == "fp16" and xb.is_floating_point(): xb = xb.half()
            out = model(xb)
            if fault == "fp16": out = out.float()
            loss = lf(out, yb)
            if fault != "no_zero_grad": opt.zero_grad()
            loss.backward()
            if R.get("clip"): torch.nn.utils.clip_grad_norm_(model.parameters(), R["clip"])
            opt.step()
            if sk == "linear_per_batch_bug": sched.step()
            tot += loss.item() * len(idx); cnt += len(idx)
            if R.get("steps"):
                emit({"kind": "step", "step": (ep - 1) * steps + b + 1, "epoch": ep, "loss": loss.item(), "lr": opt.param_groups[0]["lr"]})
        if fault != "no_eval": model.eval()
        with torch.no_grad():
            xv = Xva.half() if (fault == "fp16" and Xva.is_floating_point()) else Xva
            ov = model(xv).float()
            vl = lf(ov, Yva).item(); mname, mv = metric(task, ov, Yva)
        lr_now = opt.param_groups[0]["lr"]
        emit({"kind": "epoch", "epoch": ep, "of": E, "train_loss": tot / cnt, "val_loss": vl, mname: mv, "metric": mname, "lr": lr_now})
        if sched is not None and sk != "linear_per_batch_bug":
            sched.step(vl) if sk == "plateau" else sched.step()
        if kill_at and ep == kill_at:
            sys.stdout.flush(); os.kill(os.getpid(), signal.SIGKILL)
        if patience:
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= patience: break

# ---------------------------------------------------------------- run table
RUNS_TABLE = []
def add(fmt, name, **kw): RUNS_TABLE.append(dict(fmt=fmt, name=name, **kw))

# text (16)
add("text", "pentad-mlp-adam-healthy", style="A", task="pentad", lr=2e-3, epochs=25, sched="cosine")
add("text", "pentad-mlp-sgd-lr8", style="A", task="pentad", opt="sgd", lr=8.0, epochs=25, fault="lr_high")
add("text", "pentad-mlp-shuffled-labels", style="B", task="pentad", lr=2e-3, epochs=30, fault="shuffled_labels", width=128)
add("text", "tollbooth-mlp-healthy-plateau", style="B", task="tollbooth", lr=3e-3, epochs=30, sched="plateau")
add("text", "tollbooth-mlp-lr-1e-6", style="C", task="tollbooth", lr=1e-6, epochs=25, fault="lr_low")
add("text", "tollbooth-mlp-log-loss-nan", style="C", task="tollbooth", lr=1e-3, epochs=20, fault="log_loss")
add("text", "mossbank-mlp-healthy-warmup", style="A", task="mossbank", lr=3e-3, epochs=30, sched="warmcos", warm=4, drop=0.1)
add("text", "mossbank-mlp-no-zero-grad", style="B", task="mossbank", lr=2e-3, epochs=25, fault="no_zero_grad")
add("text", "longrun-gru-healthy-clip", style="C", task="longrun", model="gru", lr=3e-3, epochs=25, clip=1.0, sched="step", step_size=10)
add("text", "longrun-relu-rnn-explode", style="A", task="longrun", model="rnn", lr=0.05, opt="sgd", epochs=20, init_gain=1.3, fault="rnn_explode")
add("text", "ferment-gru-killed", style="B", task="ferment", model="gru", lr=3e-3, epochs=30, kill_at=13, fault="kill")
add("text", "ferment-gru-relaunch-append", style="C", task="ferment", model="gru", lr=3e-3, epochs=20, fault="relaunch")
add("text", "pentad-mlp-tiny-train", style="A", task="pentad", lr=3e-3, epochs=150, ntrain=40, width=256, fault="tiny")
add("text", "tollbooth-mlp-wd-heavy", style="B", task="tollbooth", opt="adamw", lr=3e-3, epochs=25, wd=5.0, fault="heavy_reg")
add("text", "longrun-cnn-healthy", style="A", task="longrun", model="cnn", lr=2e-3, epochs=25, sched="cosine")
add("text", "mossbank-mlp-eval-on-train", style="C", task="mossbank", lr=3e-3, epochs=25, fault="eval_on_train")
# csv / jsonl (9)
add("csv", "pentad-mlp-double-softmax", style="csvw", task="pentad", lr=1e-3, epochs=25, fault="double_softmax")
add("csv", "tollbooth-mlp-healthy-early-stop", style="dictw", task="tollbooth", lr=3e-3, epochs=60, early_stop=6)
add("csv", "mossbank-mlp-frozen", style="jsonl", task="mossbank", lr=3e-3, epochs=20, fault="frozen")
add("csv", "ferment-gru-healthy", style="jsonl", task="ferment", model="gru", lr=3e-3, epochs=25, sched="cosine")
add("csv", "longrun-gru-lr-schedule-per-batch", style="pandas", task="longrun", model="gru", lr=3e-3, epochs=25, sched="linear_per_batch_bug", fault="sched_bug")
add("csv", "pentad-mlp-mse-on-class-ids", style="csvw", task="pentad", lr=2e-3, epochs=25, fault="mse_on_ids")
add("csv", "tollbooth-mlp-healthy-sgd-step", style="pandas", task="tollbooth", opt="sgd", lr=0.02, epochs=30, sched="step", step_size=12)
add("csv", "mossbank-mlp-relaunch-append", style="csvw", task="mossbank", lr=3e-3, epochs=20, fault="relaunch")
add("csv", "ferment-gru-adam-lr3", style="jsonl", task="ferment", model="gru", lr=3.0, epochs=20, fault="lr_high")
# tensorboard (9)
add("tb", "pentad-mlp-bn-healthy", style="torch", task="pentad", lr=2e-3, epochs=25, bn=True, drop=0.2, sched="cosine", steps=True)
add("tb", "tollbooth-mlp-wrong-params", style="tbx", task="tollbooth", lr=3e-3, epochs=20, fault="wrong_params")
add("tb", "mossbank-mlp-healthy", style="torch", task="mossbank", lr=2e-3, epochs=25, wd=1e-4, steps=True)
add("tb", "longrun-gru-cosine-cut-short", style="tbx", task="longrun", model="gru", lr=3e-3, epochs=20, sched="cosine", tmax=80, fault="sched_cut")
add("tb", "ferment-gru-fp16-adam", style="torch", task="ferment", model="gru", lr=1e-3, epochs=15, fault="fp16")
add("tb", "pentad-mlp-no-eval-dropout", style="tbx", task="pentad", lr=2e-3, epochs=25, drop=0.5, fault="no_eval")
add("tb", "tollbooth-mlp-healthy-warmcos", style="torch", task="tollbooth", lr=3e-3, epochs=30, sched="warmcos", warm=3, steps=True)
add("tb", "ferment-cnn-misaligned", style="tbx", task="ferment", model="cnn", lr=2e-3, epochs=25, fault="misaligned")
add("tb", "longrun-gru-sgd-lr-1e-5", style="torch", task="longrun", model="gru", opt="sgd", lr=1e-5, epochs=20, fault="lr_low")
# lightning (6)
add("lightning", "pentad-lit-healthy", task="pentad", lr=2e-3, epochs=20)
add("lightning", "tollbooth-lit-healthy-cosine", task="tollbooth", lr=3e-3, epochs=25, sched="cosine")
add("lightning", "mossbank-lit-tiny-train", task="mossbank", lr=3e-3, epochs=120, ntrain=48, width=256, fault="tiny")
add("lightning", "longrun-lit-gru-healthy", task="longrun", model="gru", lr=3e-3, epochs=20)
add("lightning", "pentad-lit-sgd-lr20", task="pentad", opt="sgd", lr=20.0, epochs=20, fault="lr_high")
add("lightning", "ferment-lit-gru-frozen", task="ferment", model="gru", lr=3e-3, epochs=15, fault="frozen")
# keras (6)
add("keras", "pentad-keras-csvlogger-healthy", style="csvlogger", task="pentad", lr=2e-3, epochs=25)
add("keras", "tollbooth-keras-history-json-healthy", style="json", task="tollbooth", lr=3e-3, epochs=30)
add("keras", "mossbank-keras-softmax-cce", style="csvlogger", task="mossbank", lr=2e-3, epochs=25, fault="ce_on_multilabel")
add("keras", "pentad-keras-shuffled-labels", style="histcsv", task="pentad", lr=2e-3, epochs=30, fault="shuffled_labels")
add("keras", "tollbooth-keras-sgd-lr5", style="json", task="tollbooth", opt="sgd", lr=5.0, epochs=20, fault="lr_high")
add("keras", "longrun-keras-tiny-train", style="histcsv", task="longrun", lr=3e-3, epochs=120, ntrain=50, fault="tiny")
# hf (4)
add("hf", "longrun-convbert-healthy", arch="convbert", task="longrun", lr=5e-4, epochs=8)
add("hf", "longrun-mobilebert-lr-1e-7", arch="mobilebert", task="longrun", lr=1e-7, epochs=6, fault="lr_low")
add("hf", "longrun-convbert-warmup-longer-than-run", arch="convbert", task="longrun", lr=5e-4, epochs=6, warmup_steps=2000, fault="warmup_too_long")
add("hf", "longrun-mobilebert-healthy", arch="mobilebert", task="longrun", lr=5e-4, epochs=8)

# ---------------------------------------------------------------- loggers
def fmtv(v): return f"{v:.4f}" if isinstance(v, float) else str(v)

def run_text(R, d):
    style = R["style"]; log = open(os.path.join(d, "train.log"), "a")
    lg = None
    if style == "C":
        lg = logging.getLogger(R["name"]); lg.setLevel(logging.INFO); h = logging.StreamHandler(log)
        h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s")); lg.handlers = [h]
    def say(s):
        if lg: lg.info(s)
        else: log.write(s + "\n"); log.flush()
    say({"A": f"~~ {R['task']} / {R.get('model','mlp')} | opt={R.get('opt','adam')} lr={R['lr']} | planned {R['epochs']} epochs",
         "B": f"<< starting {R['name']} ({R['task']}), {R['epochs']} sweeps >>",
         "C": f"config task={R['task']} model={R.get('model','mlp')} lr={R['lr']} epochs={R['epochs']}"}[style])
    def emit(r):
        if r["kind"] != "epoch": return
        m = r["metric"]
        if style == "A": s = f"sweep {r['epoch']:>3}/{r['of']}  fit {r['train_loss']:.4f}  heldout {r['val_loss']:.4f}  {m} {r[m]:.4f}  eta {r['lr']:.3e}"
        elif style == "B": s = f"[{r['epoch']:03d}] fit-loss={r['train_loss']:.5f} ; heldout-loss={r['val_loss']:.5f} ; heldout-{m}={r[m]:.4f} ; step={r['lr']:.2e}"
        else: s = f"ep={r['epoch']} fitting_loss={r['train_loss']:.5f} heldout_loss={r['val_loss']:.5f} heldout_{m}={r[m]:.4f} eta={r['lr']:.3e}"
        say(s)
    if R.get("fault") == "relaunch":
        R1 = dict(R, epochs=R["epochs"], kill_at=None)
        train_torch(dict(R1, epochs=9), emit)   # first launch (stopped by the scheduler after 9 epochs)
        say({"A": "~~ relaunch", "B": "<< relaunch >>", "C": "relaunching job"}[style])
        train_torch(R1, emit)                  # relaunched from scratch, same log file
    else:
        train_torch(R, emit)
    say({"A": "~~ finished", "B": "<< done >>", "C": "training complete"}[style])

def run_csv(R, d):
    style = R["style"]; rows = []
    if style in ("csvw", "dictw"):
        f = open(os.path.join(d, "metrics.csv"), "a", newline="")
        first = os.path.getsize(os.path.join(d, "metrics.csv")) == 0
    if style == "jsonl": f = open(os.path.join(d, "log.jsonl"), "a")
    hdr = [False]
    def emit(r):
        if r["kind"] != "epoch": return
        m = r["metric"]
        if style == "csvw":
            w = csv.writer(f)
            if not hdr[0] and first: w.writerow(["epoch", "train_loss", "valid_loss", "valid_" + m, "lr"])
            hdr[0] = True
            w.writerow([r["epoch"], r["train_loss"], r["val_loss"], r[m], r["lr"]]); f.flush()
        elif style == "dictw":
            w = csv.DictWriter(f, ["ep", "loss/train", "loss/valid", m + "/valid", "lr"])
            if not hdr[0]: w.writeheader(); hdr[0] = True
            w.writerow({"ep": r["epoch"], "loss/train": r["train_loss"], "loss/valid": r["val_loss"], m + "/valid": r[m], "lr": r["lr"]}); f.flush()
        elif style == "jsonl":
            f.write(json.dumps({"ep": r["epoch"], "trn_loss": r["train_loss"], "dev_loss": r["val_loss"], "dev_" + m: r[m], "lr": r["lr"]}) + "\n"); f.flush()
        else:
            rows.append({"epoch": r["epoch"], "trn": r["train_loss"], "dev": r["val_loss"], "dev_" + m: r[m], "learning_rate": r["lr"]})
    if R.get("fault") == "relaunch":
        train_torch(dict(R, epochs=8), emit); first = False; hdr[0] = True
        train_torch(R, emit)
    else:
        train_torch(R, emit)
    if style == "pandas":
        import pandas as pd; pd.DataFrame(rows).to_csv(os.path.join(d, "history_table.csv"), index=False)

def run_tb(R, d):
    if R["style"] == "tbx":
        from tensorboardX import SummaryWriter
    else:
        from torch.utils.tensorboard import SummaryWriter
    w = SummaryWriter(log_dir=d)
    def emit(r):
        if r["kind"] == "step":
            w.add_scalar("train/loss_step", r["loss"], r["step"])
            return
        m = r["metric"]
        w.add_scalar("train/loss", r["train_loss"], r["epoch"]); w.add_scalar("val/loss", r["val_loss"], r["epoch"])
        w.add_scalar("val/" + m, r[m], r["epoch"]); w.add_scalar("opt/lr", r["lr"], r["epoch"])
    train_torch(R, emit); w.close()

def run_lightning(R, d):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    torch.manual_seed(44); torch.set_num_threads(1)
    task, fault = R["task"], R.get("fault")
    X, Y, n = make_data(task)
    Xtr, Ytr = X[:n], Y[:n]
    if R.get("ntrain"): Xtr, Ytr = Xtr[:R["ntrain"]], Ytr[:R["ntrain"]]
    tr = torch.utils.data.TensorDataset(torch.tensor(Xtr), torch.tensor(Ytr))
    va = torch.utils.data.TensorDataset(torch.tensor(X[n:]), torch.tensor(Y[n:]))
    class Lit(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = torch_model(task, R.get("model", "mlp"), R.get("width", 64)); s.lf = loss_fn(task, None)
            if fault == "frozen":
                for nm, p in s.net.named_parameters(): p.requires_grad = nm == "head.bias"
        def training_step(s, b, i):
            loss = s.lf(s.net(b[0]), b[1]); s.log("train_loss", loss, on_step=False, on_epoch=True); return loss
        def validation_step(s, b, i):
            o = s.net(b[0]); m, v = metric(task, o, b[1])
            s.log("val_loss", s.lf(o, b[1])); s.log("val_" + m, v)
        def configure_optimizers(s):
            ps = [p for p in s.parameters() if p.requires_grad]
            opt = torch.optim.SGD(ps, lr=R["lr"], momentum=0.9) if R.get("opt") == "sgd" else torch.optim.Adam(ps, lr=R["lr"])
            if R.get("sched") == "cosine":
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, R["epochs"])}
            return opt
    logger = CSVLogger(save_dir=d, name="lightning_logs")
    cbs = [L.pytorch.callbacks.LearningRateMonitor("epoch")] if R.get("sched") else []
    t = L.Trainer(max_epochs=R["epochs"], logger=logger, enable_checkpointing=False, enable_progress_bar=False,
                  enable_model_summary=False, callbacks=cbs, accelerator="cpu", devices=1, log_every_n_steps=5)
    t.fit(Lit(), torch.utils.data.DataLoader(tr, batch_size=64, shuffle=True), torch.utils.data.DataLoader(va, batch_size=400))

def run_keras(R, d):
    import keras
    keras.utils.set_random_seed(44)
    task, fault = R["task"], R.get("fault")
    X, Y, n = make_data(task)
    if task == "longrun": X = X.astype("f4")
    Xtr, Ytr, Xva, Yva = X[:n], Y[:n], X[n:], Y[n:]
    if R.get("ntrain"): Xtr, Ytr = Xtr[:R["ntrain"]], Ytr[:R["ntrain"]]
    if fault == "shuffled_labels": Ytr = Ytr[np.random.default_rng(3).permutation(len(Ytr))]
    typ, out = TASKS[task]
    w = 256 if R.get("ntrain") else 64
    layers = [keras.Input((X.shape[1],)), keras.layers.Dense(w, activation="relu"), keras.layers.Dense(w, activation="relu")]
    if typ == "cls": layers.append(keras.layers.Dense(out, activation="softmax")); loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
    elif typ == "ml":
        if fault == "ce_on_multilabel": layers.append(keras.layers.Dense(out, activation="softmax")); loss = "categorical_crossentropy"
        else: layers.append(keras.layers.Dense(out, activation="sigmoid")); loss = "binary_crossentropy"
        mets = ["binary_accuracy"]
    else: layers.append(keras.layers.Dense(out)); loss, mets = "mse", ["mae"]
    model = keras.Sequential(layers)
    opt = keras.optimizers.SGD(R["lr"], momentum=0.9) if R.get("opt") == "sgd" else keras.optimizers.Adam(R["lr"])
    model.compile(opt, loss, metrics=mets)
    cbs = [keras.callbacks.CSVLogger(os.path.join(d, "training.log"))] if R["style"] == "csvlogger" else []
    h = model.fit(Xtr, Ytr, validation_data=(Xva, Yva), epochs=R["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    if R["style"] == "json":
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(os.path.join(d, "history.json"), "w"))
    if R["style"] == "histcsv":
        import pandas as pd; pd.DataFrame(h.history).to_csv(os.path.join(d, "history.csv"))

def run_hf(R, d):
    import torch, transformers as T
    torch.manual_seed(44); torch.set_num_threads(1)
    X, Y, n = make_data(R["task"], n=800, nval=200)
    ids = X + 5  # token ids 5/6, 0 = pad
    if R["arch"] == "convbert":
        cfg = T.ConvBertConfig(vocab_size=16, hidden_size=48, num_hidden_layers=2, num_attention_heads=2, intermediate_size=96, max_position_embeddings=32, num_labels=1, embedding_size=48)
        model = T.ConvBertForSequenceClassification(cfg)
    else:
        cfg = T.MobileBertConfig(vocab_size=16, hidden_size=48, num_hidden_layers=2, num_attention_heads=2, intermediate_size=96, max_position_embeddings=32,
                                 num_labels=1, embedding_size=32, intra_bottleneck_size=32, true_hidden_size=32, num_feedforward_networks=1)
        model = T.MobileBertForSequenceClassification(cfg)
    model.config.problem_type = "regression"
    class DS(torch.utils.data.Dataset):
        def __init__(s, a, b): s.a, s.b = a, b
        def __len__(s): return len(s.a)
        def __getitem__(s, i): return {"input_ids": torch.tensor(s.a[i]), "attention_mask": torch.ones(24, dtype=torch.long), "labels": torch.tensor(s.b[i])}
    def cm(p):
        return {"mae": float(np.abs(p.predictions.reshape(-1) - p.label_ids.reshape(-1)).mean())}
    out = f"/tmp/nu44_hf_{R['name']}"
    args = T.TrainingArguments(output_dir=out, num_train_epochs=R["epochs"], per_device_train_batch_size=32, learning_rate=R["lr"],
                               warmup_steps=R.get("warmup_steps", 20), lr_scheduler_type="linear", eval_strategy="epoch", logging_steps=10,
                               save_strategy="no", report_to=[], seed=44, use_cpu=True, disable_tqdm=True)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(ids[:n], Y[:n]), eval_dataset=DS(ids[n:], Y[n:]), compute_metrics=cm)
    tr.train(); tr.save_state()
    shutil.copy(os.path.join(out, "trainer_state.json"), os.path.join(d, "trainer_state.json")); shutil.rmtree(out, ignore_errors=True)

def do_one(key):
    R = next(r for r in RUNS_TABLE if f"{r['fmt']}/{r['name']}" == key)
    d = os.path.join(RUNS, R["fmt"], R["name"]); shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    {"text": run_text, "csv": run_csv, "tb": run_tb, "lightning": run_lightning, "keras": run_keras, "hf": run_hf}[R["fmt"]](R, d)

if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--only"); a = ap.parse_args()
    if a.only:
        do_one(a.only); sys.exit(0)
    keys = [f"{r['fmt']}/{r['name']}" for r in RUNS_TABLE]
    procs = []
    os.makedirs(RUNS, exist_ok=True)
    errs = open("/tmp/nu44_stderr.txt", "w")
    for k in keys:
        while len([p for p in procs if p[1].poll() is None]) >= 2: time.sleep(0.2)
        procs.append((k, subprocess.Popen([sys.executable, __file__, "--only", k], stdout=subprocess.DEVNULL, stderr=errs)))
    for k, p in procs:
        p.wait(); print(k, p.returncode)
