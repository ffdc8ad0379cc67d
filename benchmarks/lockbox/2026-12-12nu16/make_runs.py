"""Make the 2026-12-12nu16 lock-box runs: small real CPU trainings written the way a new user writes them.
python make_runs.py all        -> runs every run, one process each (2 at a time)
python make_runs.py <fmt/name> -> one run (stdout is what a text-log run's log file holds)
"""
import os, sys, json, math, time, signal, subprocess, csv
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")
import numpy as np

# ----------------------------------------------------------------------------- data
def data_balance(seed, n_tr=3000, n_va=600):
    # two pans of 5 weights (digits 1..9) separated by a token; 0: left heavier by >2, 1: within 2, 2: right heavier
    rng = np.random.default_rng(seed)
    def mk(n):
        w = rng.integers(1, 10, (n, 10))
        d = w[:, :5].sum(1) - w[:, 5:].sum(1)
        y = np.where(d > 2, 0, np.where(d < -2, 2, 1))
        x = np.concatenate([w[:, :5], np.full((n, 1), 10), w[:, 5:]], 1)
        return x.astype(np.int64), y.astype(np.int64)
    return mk(n_tr), mk(n_va), 3

def data_fish(seed, n_tr=2400, n_va=600, raw=False):
    # 5 fish species from length (cm), height (cm), width (cm), weight (g), fin ratio; 3% label noise
    rng = np.random.default_rng(seed)
    mu_len = np.array([28., 22., 34., 25., 40.]); h_ratio = np.array([.40, .28, .18, .33, .16])
    w_ratio = np.array([.15, .14, .11, .18, .10]); fin = np.array([.9, 1.1, 1.0, 1.3, 0.8])
    def mk(n):
        y = rng.integers(0, 5, n)
        L = mu_len[y] * rng.lognormal(0, .18, n)
        H = L * h_ratio[y] * rng.lognormal(0, .08, n)
        W = L * w_ratio[y] * rng.lognormal(0, .10, n)
        M = 0.45 * L * H * W * rng.lognormal(0, .07, n)
        F = fin[y] + rng.normal(0, .25, n)
        x = np.stack([L, H, W, M, F], 1)
        flip = rng.random(n) < .03
        y = np.where(flip, rng.integers(0, 5, n), y)
        return x, y.astype(np.int64)
    (xt, yt), (xv, yv) = mk(n_tr), mk(n_va)
    if not raw:
        m, s = xt.mean(0), xt.std(0); xt, xv = (xt - m) / s, (xv - m) / s
    return (xt.astype(np.float32), yt), (xv.astype(np.float32), yv), 5

def data_dots(seed, n_tr=2400, n_va=600, raw=False):
    # count the bright dots (1..6) on a noisy 12x12 image; dots sit in distinct 2x2 cells
    rng = np.random.default_rng(seed)
    def mk(n):
        X = rng.normal(0, .22, (n, 12, 12)); y = rng.integers(0, 6, n)
        for i in range(n):
            cells = rng.choice(36, y[i] + 1, replace=False)
            for c in cells:
                r, q = divmod(c, 6)
                X[i, 2 * r + rng.integers(0, 2), 2 * q + rng.integers(0, 2)] += rng.uniform(.8, 1.3)
        if raw:
            X = np.clip(X * 180 + 40, 0, 255).round()
        return X[:, None].astype(np.float32), y.astype(np.int64)
    return mk(n_tr), mk(n_va), 6

def data_pipe(seed, n_tr=2400, n_va=600, raw=False):
    # pressure drop in kPa along a water pipe (Darcy-Weisbach, Swamee-Jain friction factor) + 3% noise
    rng = np.random.default_rng(seed)
    def mk(n):
        D = rng.uniform(50, 300, n)          # mm
        v = rng.uniform(.3, 3., n)           # m/s
        Q = v * math.pi * (D / 1000) ** 2 / 4 * 1000  # L/s
        Lm = rng.uniform(10, 500, n)         # m
        eps = 10 ** rng.uniform(-3, 0, n)    # mm
        T = rng.uniform(5, 80, n)            # C
        nu = 1.79e-6 / (1 + .0337 * T + .000221 * T ** 2)
        Re = v * D / 1000 / nu
        f = .25 / np.log10(eps / (3.7 * D) + 5.74 / Re ** .9) ** 2
        dp = f * Lm / (D / 1000) * 1000 * v ** 2 / 2 / 1000 * rng.lognormal(0, .03, n)
        return np.stack([Q, D, Lm, eps, T], 1), dp
    (xt, yt), (xv, yv) = mk(n_tr), mk(n_va)
    info = {}
    if not raw:
        m, s = xt.mean(0), xt.std(0); xt, xv = (xt - m) / s, (xv - m) / s
        lt = np.log(yt); info = dict(mu=lt.mean(), sd=lt.std(), log=True)
        yt_n, yv_n = (np.log(yt) - info["mu"]) / info["sd"], (np.log(yv) - info["mu"]) / info["sd"]
    else:
        info = dict(mu=0., sd=1., log=False); yt_n, yv_n = yt, yv
    return (xt.astype(np.float32), yt_n.astype(np.float32)), (xv.astype(np.float32), yv_n.astype(np.float32)), info, yv

# ----------------------------------------------------------------------------- torch models
def torch_models():
    import torch, torch.nn as nn
    class MLP(nn.Module):
        def __init__(s, i, h, o, depth=2, bn=False, drop=0.):
            super().__init__(); L = []; d = i
            for _ in range(depth):
                L += [nn.Linear(d, h)] + ([nn.BatchNorm1d(h)] if bn else []) + [nn.ReLU()] + ([nn.Dropout(drop)] if drop else []); d = h
            L += [nn.Linear(d, o)]; s.net = nn.Sequential(*L)
        def forward(s, x): return s.net(x.flatten(1))
    class OneHotMLP(nn.Module):
        def __init__(s, h, o): super().__init__(); s.m = MLP(11 * 11, h, o)
        def forward(s, x): return s.m(torch.nn.functional.one_hot(x, 11).float())
    class SeqRNN(nn.Module):
        def __init__(s, h, o, kind="gru"):
            super().__init__(); s.emb = nn.Embedding(11, 16)
            s.rnn = nn.GRU(16, h, batch_first=True) if kind == "gru" else nn.RNN(16, h, nonlinearity="relu", batch_first=True)
            s.out = nn.Linear(h, o)
        def forward(s, x): return s.out(s.rnn(s.emb(x))[0][:, -1])
    class SeqConv(nn.Module):
        def __init__(s, h, o):
            super().__init__(); s.emb = nn.Embedding(11, 16)
            s.c = nn.Sequential(nn.Conv1d(16, h, 3, padding=1), nn.ReLU(), nn.Conv1d(h, h, 3, padding=1), nn.ReLU())
            s.out = nn.Linear(h * 11, o)
        def forward(s, x): return s.out(s.c(s.emb(x).transpose(1, 2)).flatten(1))
    class SeqTf(nn.Module):
        def __init__(s, h, o):
            super().__init__(); s.emb = nn.Embedding(11, h); s.pos = nn.Parameter(torch.randn(11, h) * .1)
            s.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(h, 4, 2 * h, 0.0, batch_first=True), 2)
            s.out = nn.Linear(h, o)
        def forward(s, x): return s.out(s.enc(s.emb(x) + s.pos).mean(1))
    class CNN(nn.Module):
        def __init__(s, o, bn=False, drop=0.):
            super().__init__()
            s.f = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), *( [nn.BatchNorm2d(16)] if bn else []), nn.ReLU(),
                                nn.Conv2d(16, 32, 3, padding=1), *( [nn.BatchNorm2d(32)] if bn else []), nn.ReLU(), nn.MaxPool2d(2))
            s.h = nn.Sequential(nn.Flatten(), nn.Linear(32 * 36, 64), nn.ReLU(), *( [nn.Dropout(drop)] if drop else []), nn.Linear(64, o))
        def forward(s, x): return s.h(s.f(x))
    return dict(MLP=MLP, OneHotMLP=OneHotMLP, SeqRNN=SeqRNN, SeqConv=SeqConv, SeqTf=SeqTf, CNN=CNN)

def build(cfg, seed):
    """returns model, (train tensors), (val tensors), K or None, extra"""
    import torch
    M = torch_models(); task = cfg["task"]; m = cfg["model"]; extra = {}
    if task == "balance":
        (xt, yt), (xv, yv), K = data_balance(seed, n_tr=cfg.get("n_tr", 3000))
        model = {"gru": lambda: M["SeqRNN"](48, K), "relurnn": lambda: M["SeqRNN"](64, K, "rnn"), "onehot": lambda: M["OneHotMLP"](64, K),
                 "conv": lambda: M["SeqConv"](32, K), "tf": lambda: M["SeqTf"](32, K)}[m]()
    elif task == "fish":
        (xt, yt), (xv, yv), K = data_fish(seed, n_tr=cfg.get("n_tr", 2400), raw=cfg.get("raw", False))
        model = M["MLP"](5, cfg.get("hidden", 64), K, cfg.get("depth", 2), cfg.get("bn", False), cfg.get("drop", 0.))
    elif task == "dots":
        (xt, yt), (xv, yv), K = data_dots(seed, n_tr=cfg.get("n_tr", 2400), raw=cfg.get("raw", False))
        model = M["CNN"](K, cfg.get("bn", False), cfg.get("drop", 0.)) if m == "cnn" else M["MLP"](144, 128, K, 2)
    elif task == "pipe":
        (xt, yt), (xv, yv), info, yv_kpa = data_pipe(seed, n_tr=cfg.get("n_tr", 2400), raw=cfg.get("raw", False))
        K = None; extra = dict(info=info, yv_kpa=yv_kpa)
        model = M["MLP"](5, cfg.get("hidden", 64), 1, cfg.get("depth", 3))
    if cfg.get("shuffle_labels"):
        yt = np.random.default_rng(seed + 7).permutation(yt)
    T = lambda a: torch.tensor(a)
    return model, (T(xt), T(yt)), (T(xv), T(yv)), K, extra

def pipe_mae_kpa(pred, extra):
    info = extra["info"]; p = pred.reshape(-1) * info["sd"] + info["mu"]
    p = np.exp(np.clip(p, -50, 50)) if info["log"] else p
    return float(np.mean(np.abs(p - extra["yv_kpa"])))

# ----------------------------------------------------------------------------- generic torch loop
def torch_fit(cfg, on_step=None, on_epoch=None, seed=0):
    import torch, torch.nn as nn
    torch.manual_seed(seed); torch.set_num_threads(1)
    model, (xt, yt), (xv, yv), K, extra = build(cfg, seed)
    if cfg.get("frozen"):
        for n_, p in model.named_parameters():
            p.requires_grad = n_ == "net.6.bias"
    if cfg.get("rnn_gain"):
        with torch.no_grad(): model.rnn.weight_hh_l0.copy_(torch.eye(model.rnn.hidden_size) * cfg["rnn_gain"])
    params = [p for p in model.parameters() if p.requires_grad]
    lr = cfg["lr"]; o = cfg.get("opt", "adam")
    opt = {"adam": lambda: torch.optim.Adam(params, lr=lr), "adamw": lambda: torch.optim.AdamW(params, lr=lr, weight_decay=1e-2),
           "sgd": lambda: torch.optim.SGD(params, lr=lr, momentum=.9), "rmsprop": lambda: torch.optim.RMSprop(params, lr=lr),
           "sgdn": lambda: torch.optim.SGD(params, lr=lr, momentum=.9, nesterov=True)}[o]()
    bs = cfg.get("bs", 64); E = cfg["epochs"]; planned = cfg.get("planned_epochs", E)
    steps_per_ep = math.ceil(len(xt) / bs); sch = cfg.get("sched"); per_step = False; sched = None
    if sch == "cosine": sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, planned)
    elif sch == "step": sched = torch.optim.lr_scheduler.StepLR(opt, max(1, planned // 3), 0.3)
    elif sch == "onecycle": sched = torch.optim.lr_scheduler.OneCycleLR(opt, lr, total_steps=planned * steps_per_ep); per_step = True
    elif sch == "warmcos":
        tot = planned * steps_per_ep; wu = max(1, tot // 10)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: (s + 1) / wu if s < wu else 0.5 * (1 + math.cos(math.pi * (s - wu) / max(1, tot - wu)))); per_step = True
    elif sch == "plateau": sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=3)
    if K is None: crit = nn.MSELoss() if not cfg.get("huber") else nn.HuberLoss()
    elif cfg.get("wrong_loss") == "mse_logits": crit = lambda out, y: nn.functional.mse_loss(out, nn.functional.one_hot(y, K).float())
    else: crit = nn.CrossEntropyLoss()
    g = torch.Generator().manual_seed(seed); step = cfg.get("start_step", 0); best = float("inf"); bad = 0
    start_ep = cfg.get("start_epoch", 0)
    if cfg.get("state"):
        model.load_state_dict(cfg["state"]["model"]); opt.load_state_dict(cfg["state"]["opt"])
        if sched is not None and cfg["state"].get("sched"): sched.load_state_dict(cfg["state"]["sched"])
    model.train()
    for ep in range(start_ep, E):
        if not cfg.get("eval_bug"): model.train()
        perm = torch.randperm(len(xt), generator=g); tot = 0.; n = 0; correct = 0
        for b in range(steps_per_ep):
            idx = perm[b * bs:(b + 1) * bs]; x, y = xt[idx], yt[idx]
            if cfg.get("no_zero_grad") is not True: opt.zero_grad()
            out = model(x); out = out.squeeze(-1) if K is None else out
            loss = crit(out, y); loss.backward()
            gn = None
            if cfg.get("clip"): gn = float(nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"]))
            opt.step(); step += 1
            if per_step: sched.step()
            lv = float(loss); tot += lv * len(idx); n += len(idx)
            if K is not None: correct += int((out.argmax(1) == y).sum())
            if on_step: on_step(dict(step=step, epoch=ep + 1, loss=lv, lr=opt.param_groups[0]["lr"], grad_norm=gn))
            if cfg.get("step_cap") and b + 1 >= cfg["step_cap"]: break
        model.eval() if not cfg.get("eval_bug") or ep == start_ep else None
        with torch.no_grad():
            out = model(xv); out = out.squeeze(-1) if K is None else out
            vl = float(crit(out, yv))
            vm = float((out.argmax(1) == yv).float().mean()) if K is not None else pipe_mae_kpa(out.numpy(), extra)
        rec = dict(epoch=ep + 1, step=step, train_loss=tot / max(n, 1), val_loss=vl, val_metric=vm,
                   train_acc=(correct / max(n, 1)) if K is not None else None, lr=opt.param_groups[0]["lr"])
        if sched is not None and not per_step:
            sched.step(vl) if sch == "plateau" else sched.step()
        if on_epoch: on_epoch(rec, dict(model=model, opt=opt, sched=sched))
        if cfg.get("early_stop"):
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["early_stop"]:
                    if on_epoch: on_epoch(dict(early_stop=True, epoch=ep + 1), None)
                    break
        if cfg.get("stop_after") and ep + 1 >= cfg["stop_after"]: break
        if cfg.get("kill_at") and ep + 1 == cfg["kill_at"]:
            os.kill(os.getpid(), signal.SIGKILL)
    return model

def fmt(x, nd=4):
    return "nan" if x is None else f"{x:.{nd}f}"

# ----------------------------------------------------------------------------- text-log styles
def run_text(name, cfg):
    style = cfg["style"]; E = cfg["epochs"]; planned = cfg.get("planned_epochs", E)
    metric = "mae_kpa" if cfg["task"] == "pipe" else "acc"
    if style == "keraslike":
        print(f"Training {cfg['task']} {cfg['model']} for {E} epochs, lr={cfg['lr']}")
        def ep(r, _):
            if r.get("early_stop"): print(f"Early stopping at epoch {r['epoch']}"); return
            print(f"Epoch {r['epoch']}/{E} - loss: {r['train_loss']:.4f} - val_loss: {r['val_loss']:.4f} - val_{metric}: {r['val_metric']:.4f}")
        torch_fit(cfg, on_epoch=ep, seed=cfg["seed"])
    elif style == "logging":
        import logging
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
        log = logging.getLogger("train")
        log.info("config: %s", {k: v for k, v in cfg.items() if k not in ("style", "kill_at")})
        def ep(r, _):
            if r.get("early_stop"): log.info("no improvement, stopping"); return
            log.info("epoch=%d train_loss=%.4f valid_loss=%.4f valid_%s=%s lr=%.2e", r["epoch"], r["train_loss"], r["val_loss"], metric,
                     f"{100*r['val_metric']:.1f}%" if metric == "acc" else f"{r['val_metric']:.2f}", r["lr"])
        torch_fit(cfg, on_epoch=ep, seed=cfg["seed"])
    elif style == "steps":
        every = cfg.get("every", 20)
        def st(s):
            if s["step"] % every == 0: print(f"step {s['step']:5d} | loss {s['loss']:.4f} | lr {s['lr']:.2e}")
        def ep(r, _):
            if r.get("early_stop"): return
            print(f"[eval] step {r['step']} eval_loss {r['val_loss']:.4f} eval_{metric} {r['val_metric']:.4f}")
        torch_fit(cfg, on_step=st, on_epoch=ep, seed=cfg["seed"])
    elif style == "tqdm":
        from tqdm import tqdm
        bar = [None]; E_ = E
        def st(s):
            if bar[0] is None: bar[0] = tqdm(total=math.ceil(cfg.get("n_tr", 2400 if cfg["task"] != "balance" else 3000) / cfg.get("bs", 64)), desc=f"ep {s['epoch']}", file=sys.stdout, ncols=80, mininterval=0)
            bar[0].update(1); bar[0].set_postfix(loss=f"{s['loss']:.3f}")
        def ep(r, _):
            if r.get("early_stop"): return
            if bar[0] is not None: bar[0].close(); bar[0] = None
            m = f"{100*r['val_metric']:.1f}%" if metric == "acc" else f"{r['val_metric']:.2f} kPa"
            print(f"ep {r['epoch']}: train {r['train_loss']:.4f}, dev {r['val_loss']:.4f} ({metric} {m})")
        torch_fit(cfg, on_step=st, on_epoch=ep, seed=cfg["seed"])
    elif style == "table":
        print("| epoch | train_loss | test_loss | test_" + metric + " |"); print("|---|---|---|---|")
        def ep(r, _):
            if r.get("early_stop"): return
            print(f"| {r['epoch']} | {r['train_loss']:.4f} | {r['val_loss']:.4f} | {r['val_metric']:.4f} |")
        torch_fit(cfg, on_epoch=ep, seed=cfg["seed"])
    elif style == "iters":
        every = cfg.get("every", 25)
        def st(s):
            if s["step"] % every == 0: print(f"Iter {s['step']}: loss={s['loss']:.5f}")
        def ep(r, _):
            if r.get("early_stop"): return
            print(f"Iter {r['step']}: dev_loss={r['val_loss']:.5f}, dev_{metric}={r['val_metric']:.4f}  (epoch {r['epoch']} of {planned})")
        torch_fit(cfg, on_step=st, on_epoch=ep, seed=cfg["seed"])
    elif style == "bracket":
        def ep(r, _):
            if r.get("early_stop"): return
            print(f"[{r['epoch']:02d}] tr_loss={r['train_loss']:.4f} tr_acc={r['train_acc'] if r['train_acc'] is None else round(r['train_acc'],4)} val_loss={r['val_loss']:.4f} val_{metric}={r['val_metric']:.4f}")
        if cfg.get("append_two"):
            print("=== run 1 ==="); torch_fit(dict(cfg, epochs=cfg["append_two"]), on_epoch=ep, seed=cfg["seed"])
            print("=== run 2 (changed hidden) ==="); torch_fit(dict(cfg, hidden=96), on_epoch=ep, seed=cfg["seed"] + 1)
        else:
            torch_fit(cfg, on_epoch=ep, seed=cfg["seed"])

# ----------------------------------------------------------------------------- csv / jsonl / tfevents
def run_csv(name, cfg, d):
    kind = cfg["writer"]; metric = "mae_kpa" if cfg["task"] == "pipe" else "acc"
    if kind == "csv_epoch":
        f = open(os.path.join(d, "log.csv"), "a" if cfg.get("resume") else "w", newline=""); w = csv.writer(f)
        if not cfg.get("resume_second"): w.writerow(["epoch", "train_loss", "val_loss", "val_" + metric, "lr"])
        def ep(r, st):
            if r.get("early_stop"): return
            w.writerow([r["epoch"], f"{r['train_loss']:.5f}", f"{r['val_loss']:.5f}", f"{r['val_metric']:.5f}", f"{r['lr']:.6g}"]); f.flush()
            if cfg.get("ckpt_at") and r["epoch"] == cfg["ckpt_at"]:
                import torch, copy
                torch.save(dict(model=st["model"].state_dict(), opt=st["opt"].state_dict(), sched=st["sched"].state_dict() if st["sched"] else None, epoch=r["epoch"], step=r["step"]), "/tmp/nu16_ckpt.pt")
        torch_fit(cfg, on_epoch=ep, seed=cfg["seed"]); f.close()
    elif kind == "dictwriter_steps":
        f = open(os.path.join(d, "metrics.csv"), "w", newline="")
        w = csv.DictWriter(f, fieldnames=["step", "epoch", "train/loss", "train/lr", "val/loss", "val/" + metric]); w.writeheader()
        def st(s):
            if s["step"] % 10 == 0: w.writerow({"step": s["step"], "epoch": s["epoch"], "train/loss": round(s["loss"], 5), "train/lr": s["lr"]})
        def ep(r, _):
            if r.get("early_stop"): return
            w.writerow({"step": r["step"], "epoch": r["epoch"], "val/loss": round(r["val_loss"], 5), "val/" + metric: round(r["val_metric"], 5)})
        torch_fit(cfg, on_step=st, on_epoch=ep, seed=cfg["seed"]); f.close()
    elif kind == "jsonl":
        f = open(os.path.join(d, "history.jsonl"), "w")
        def ep(r, _):
            if r.get("early_stop"): return
            f.write(json.dumps({"ep": r["epoch"], "loss": r["train_loss"], "eval_loss": r["val_loss"], "eval_" + metric: r["val_metric"]}) + "\n")
        torch_fit(cfg, on_epoch=ep, seed=cfg["seed"]); f.close()
    elif kind == "pandas":
        import pandas as pd
        rows = []
        def ep(r, _):
            if r.get("early_stop"): return
            rows.append({"epoch": r["epoch"], "trn_loss": r["train_loss"], "trn_acc": r["train_acc"], "dev_loss": r["val_loss"], "dev_" + metric: r["val_metric"], "learning_rate": r["lr"]})
        torch_fit(cfg, on_epoch=ep, seed=cfg["seed"]); pd.DataFrame(rows).to_csv(os.path.join(d, "results.csv"), index=False)
    elif kind == "tsv_hand":
        f = open(os.path.join(d, "train_log.tsv"), "w"); f.write("iteration\tloss\tvalidation_loss\n")
        def st(s):
            if s["step"] % 15 == 0: f.write(f"{s['step']}\t{s['loss']:.5f}\t\n")
        def ep(r, _):
            if r.get("early_stop"): return
            f.write(f"{r['step']}\t\t{r['val_loss']:.5f}\n")
        torch_fit(cfg, on_step=st, on_epoch=ep, seed=cfg["seed"]); f.close()

def run_tfevents(name, cfg, d):
    from torch.utils.tensorboard import SummaryWriter
    w = SummaryWriter(log_dir=d); metric = "mae_kpa" if cfg["task"] == "pipe" else "accuracy"; every = cfg.get("every", 5)
    def st(s):
        if s["step"] % every == 0:
            w.add_scalar(cfg.get("tag_loss", "Loss/train"), s["loss"], s["step"])
            if cfg.get("log_lr"): w.add_scalar("lr", s["lr"], s["step"])
            if s["grad_norm"] is not None: w.add_scalar("grad_norm", s["grad_norm"], s["step"])
    def ep(r, _):
        if r.get("early_stop"): return
        w.add_scalar(cfg.get("tag_val", "Loss/val"), r["val_loss"], r["step"]); w.add_scalar(cfg.get("tag_metric", metric + "/val"), r["val_metric"], r["step"])
    torch_fit(cfg, on_step=st, on_epoch=ep, seed=cfg["seed"]); w.close()

# ----------------------------------------------------------------------------- lightning
def run_lightning(name, cfg, d):
    import torch, torch.nn as nn, lightning as L
    import lightning.pytorch.callbacks
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    torch.manual_seed(cfg["seed"]); torch.set_num_threads(1)
    model, (xt, yt), (xv, yv), K, extra = build(cfg, cfg["seed"])
    class Mod(L.LightningModule):
        def __init__(s): super().__init__(); s.m = model; s.crit = nn.CrossEntropyLoss() if K else nn.MSELoss()
        def training_step(s, b, i):
            x, y = b; out = s.m(x); out = out.squeeze(-1) if K is None else out; loss = s.crit(out, y)
            s.log("train_loss", loss, on_step=True, on_epoch=True, prog_bar=True); return loss
        def validation_step(s, b, i):
            x, y = b; out = s.m(x); out = out.squeeze(-1) if K is None else out
            s.log("val_loss", s.crit(out, y), prog_bar=True)
            if K: s.log("val_acc", (out.argmax(1) == y).float().mean())
            else: s.log("val_mae_kpa", pipe_mae_kpa(out.numpy(), extra))
        def configure_optimizers(s):
            o = torch.optim.SGD(s.parameters(), lr=cfg["lr"], momentum=.9) if cfg.get("opt") == "sgd" else torch.optim.Adam(s.parameters(), lr=cfg["lr"])
            if cfg.get("sched") == "cosine": return dict(optimizer=o, lr_scheduler=torch.optim.lr_scheduler.CosineAnnealingLR(o, cfg["epochs"]))
            if cfg.get("sched") == "plateau": return dict(optimizer=o, lr_scheduler=dict(scheduler=torch.optim.lr_scheduler.ReduceLROnPlateau(o, patience=2, factor=.3), monitor="val_loss"))
            return o
    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(xt, yt), batch_size=64, shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(xv, yv), batch_size=1000)
    logger = TensorBoardLogger(d, name="lightning_logs") if cfg.get("tb") else CSVLogger(d, name="lightning_logs")
    cbs = [L.pytorch.callbacks.LearningRateMonitor("epoch")]
    if cfg.get("early_stop"): cbs.append(L.pytorch.callbacks.EarlyStopping("val_loss", patience=cfg["early_stop"]))
    class Killer(L.Callback):
        def on_train_epoch_end(s, tr, pl):
            if cfg.get("kill_at") and tr.current_epoch + 1 == cfg["kill_at"]: os.kill(os.getpid(), signal.SIGKILL)
    cbs.append(Killer())
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=logger, callbacks=cbs, enable_checkpointing=False, log_every_n_steps=cfg.get("every", 10),
                   limit_train_batches=cfg.get("limit_train_batches", 1.0), gradient_clip_val=cfg.get("clip"), accelerator="cpu", devices=1,
                   enable_model_summary=False)
    tr.fit(Mod(), tl, vl)

# ----------------------------------------------------------------------------- keras
def run_keras(name, cfg, d):
    import keras, pandas as pd
    keras.utils.set_random_seed(cfg["seed"])
    task = cfg["task"]
    if task == "fish": (xt, yt), (xv, yv), K = data_fish(cfg["seed"], n_tr=cfg.get("n_tr", 2400), raw=cfg.get("raw", False))
    elif task == "dots": (xt, yt), (xv, yv), K = data_dots(cfg["seed"], n_tr=cfg.get("n_tr", 2400)); xt = xt.transpose(0, 2, 3, 1); xv = xv.transpose(0, 2, 3, 1)
    elif task == "pipe": (xt, yt), (xv, yv), info, _ = data_pipe(cfg["seed"]); K = None
    if cfg.get("shuffle_labels"): yt = np.random.default_rng(1).permutation(yt)
    if task == "dots":
        layers = [keras.Input((12, 12, 1)), keras.layers.Conv2D(16, 3, padding="same", activation="relu"), keras.layers.MaxPooling2D(),
                  keras.layers.Flatten(), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(K, activation="softmax")]
    else:
        layers = [keras.Input((5,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(64, activation="relu"),
                  keras.layers.Dense(K, activation="softmax") if K else keras.layers.Dense(1)]
    model = keras.Sequential(layers)
    opt = keras.optimizers.SGD(cfg["lr"], momentum=.9) if cfg.get("opt") == "sgd" else keras.optimizers.Adam(cfg["lr"])
    model.compile(opt, loss="sparse_categorical_crossentropy" if K else "mse", metrics=["accuracy"] if K else ["mae"])
    cbs = []
    if cfg["out"] == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.log")))
    if cfg.get("early_stop"): cbs.append(keras.callbacks.EarlyStopping(patience=cfg["early_stop"], restore_best_weights=True))
    if cfg.get("plateau"): cbs.append(keras.callbacks.ReduceLROnPlateau(patience=3, factor=.3))
    h = model.fit(xt, yt, validation_data=(xv, yv), epochs=cfg["epochs"], batch_size=64, callbacks=cbs, verbose=0)
    if cfg["out"] == "json":
        with open(os.path.join(d, "history.json"), "w") as f: json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f)
    elif cfg["out"] == "hcsv":
        pd.DataFrame(h.history).to_csv(os.path.join(d, "history.csv"))

# ----------------------------------------------------------------------------- HF Trainer
def run_hf(name, cfg, d):
    import torch, transformers
    from transformers import Trainer, TrainingArguments
    torch.manual_seed(cfg["seed"]); torch.set_num_threads(1)
    (xt, yt), (xv, yv), K = data_balance(cfg["seed"], n_tr=cfg.get("n_tr", 3000))
    xt = np.concatenate([np.full((len(xt), 1), 11), xt], 1); xv = np.concatenate([np.full((len(xv), 1), 11), xv], 1)  # [CLS]=11
    if cfg["arch"] == "roformer":
        c = transformers.RoFormerConfig(vocab_size=12, hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                                        max_position_embeddings=16, embedding_size=48, num_labels=K, pad_token_id=0)
        model = transformers.RoFormerForSequenceClassification(c)
    else:
        c = transformers.GPTBigCodeConfig(vocab_size=12, n_embd=48, n_layer=2, n_head=4, n_positions=16, num_labels=K, pad_token_id=0,
                                          multi_query=True)
        model = transformers.GPTBigCodeForSequenceClassification(c)
        xt = np.concatenate([xt[:, 1:], np.full((len(xt), 1), 11)], 1); xv = np.concatenate([xv[:, 1:], np.full((len(xv), 1), 11)], 1)
    class DS(torch.utils.data.Dataset):
        def __init__(s, x, y): s.x, s.y = x, y
        def __len__(s): return len(s.x)
        def __getitem__(s, i): return dict(input_ids=torch.tensor(s.x[i]), attention_mask=torch.ones(len(s.x[i]), dtype=torch.long), labels=torch.tensor(s.y[i]))
    def metrics(p): return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    args = TrainingArguments(output_dir=d, num_train_epochs=cfg["epochs"], per_device_train_batch_size=64, per_device_eval_batch_size=256,
                             learning_rate=cfg["lr"], lr_scheduler_type=cfg.get("sched", "linear"), warmup_steps=cfg.get("warmup", 0),
                             eval_strategy="epoch", logging_steps=cfg.get("every", 10), save_strategy="no", report_to=[], seed=cfg["seed"],
                             max_grad_norm=cfg.get("max_grad_norm", 1.0), disable_tqdm=True, use_cpu=True, dataloader_num_workers=0)
    tr = Trainer(model=model, args=args, train_dataset=DS(xt, yt), eval_dataset=DS(xv, yv), compute_metrics=metrics)
    tr.train(); tr.save_state()

# ----------------------------------------------------------------------------- the runs
R = {}
def add(key, **cfg): R[key] = cfg
# text logs (16)
add("text_log/balance-gru-sgd-lr8", task="balance", model="gru", opt="sgd", lr=8.0, epochs=15, style="keraslike", seed=1)          # LR far too high
add("text_log/balance-gru-adam-cosine", task="balance", model="gru", opt="adam", lr=3e-3, epochs=25, sched="cosine", style="logging", seed=2, clip=1.0)
add("text_log/balance-tf-adam-1e-6", task="balance", model="tf", opt="adam", lr=1e-6, epochs=15, style="steps", every=25, seed=3)    # LR far too low
add("text_log/balance-relurnn-explode", task="balance", model="relurnn", opt="sgd", lr=0.05, rnn_gain=1.6, epochs=12, style="iters", every=10, seed=4)
add("text_log/balance-conv-debugcap", task="balance", model="conv", opt="adam", lr=1e-3, epochs=20, step_cap=3, style="tqdm", seed=5)   # debug step cap
add("text_log/fish-mlp-adam-step", task="fish", model="mlp", opt="adam", lr=2e-3, epochs=30, sched="step", style="table", seed=6)
add("text_log/fish-mlp-tiny-300ep", task="fish", model="mlp", opt="adam", lr=3e-3, epochs=300, n_tr=50, hidden=128, depth=3, style="bracket", seed=7)  # tiny train set
add("text_log/fish-mlp-mse-logits", task="fish", model="mlp", opt="sgd", lr=0.01, epochs=30, wrong_loss="mse_logits", style="keraslike", seed=8)
add("text_log/dots-cnn-sgd-onecycle", task="dots", model="cnn", opt="sgd", lr=0.1, epochs=20, sched="onecycle", style="tqdm", seed=9)
add("text_log/dots-cnn-killed", task="dots", model="cnn", opt="adam", lr=1e-3, epochs=30, kill_at=9, style="logging", seed=10)       # SIGKILL
add("text_log/dots-cnn-bn-evalbug", task="dots", model="cnn", bn=True, drop=0.3, opt="adam", lr=1e-3, epochs=20, eval_bug=True, style="steps", every=40, seed=11)
add("text_log/dots-mlp-adamw-plateau", task="dots", model="mlp", opt="adamw", lr=1e-3, epochs=30, sched="plateau", early_stop=6, style="keraslike", seed=12)
add("text_log/pipe-mlp-raw-sgd", task="pipe", model="mlp", opt="sgd", lr=1e-3, epochs=20, raw=True, style="table", seed=13)          # raw units
add("text_log/pipe-mlp-two-runs", task="pipe", model="mlp", opt="adam", lr=2e-3, epochs=25, append_two=12, style="bracket", seed=14)
add("text_log/pipe-mlp-huber-warmcos", task="pipe", model="mlp", opt="adamw", lr=3e-3, epochs=40, sched="warmcos", huber=True, style="iters", every=100, seed=15)
add("text_log/fish-mlp-sgd-lowlr", task="fish", model="mlp", opt="sgd", lr=1e-5, epochs=25, style="logging", seed=16)               # LR far too low
# csv / jsonl (9)
add("csv_custom/fish-mlp-adam-lr0.8", task="fish", model="mlp", opt="adam", lr=0.8, epochs=25, writer="jsonl", seed=21)            # LR far too high
add("csv_custom/dots-cnn-shuffled-labels", task="dots", model="cnn", opt="adam", lr=1e-3, epochs=20, shuffle_labels=True, writer="pandas", seed=22)
add("csv_custom/dots-cnn-tiny-40img", task="dots", model="cnn", opt="adam", lr=1e-3, epochs=200, n_tr=40, writer="csv_epoch", seed=23)
add("csv_custom/fish-mlp-killed-resumed", task="fish", model="mlp", opt="sgd", lr=0.05, epochs=40, sched="cosine", writer="csv_epoch", seed=24, kill_at=22, ckpt_at=15)
add("csv_custom/balance-onehot-adam-steps", task="balance", model="onehot", opt="adam", lr=1e-3, epochs=15, writer="dictwriter_steps", seed=25)
add("csv_custom/pipe-mlp-adam-cosine", task="pipe", model="mlp", opt="adam", lr=2e-3, epochs=40, sched="cosine", writer="jsonl", seed=26)
add("csv_custom/balance-gru-short-of-plan", task="balance", model="gru", opt="adam", lr=3e-3, epochs=60, planned_epochs=60, sched="onecycle", stop_after=8, writer="csv_epoch", seed=27)
add("csv_custom/fish-mlp-bn-drop-onecycle", task="fish", model="mlp", bn=True, drop=0.2, opt="sgdn", lr=0.05, epochs=25, sched="onecycle", writer="tsv_hand", seed=28)
add("csv_custom/dots-cnn-raw-pixels-sgd", task="dots", model="cnn", opt="sgd", lr=0.01, epochs=15, raw=True, writer="csv_epoch", seed=29)
# tfevents (9)
add("tfevents/dots-cnn-rmsprop-lr0.3", task="dots", model="cnn", opt="rmsprop", lr=0.3, epochs=12, seed=31, every=5)
add("tfevents/balance-gru-no-zero-grad", task="balance", model="gru", opt="adam", lr=1e-3, epochs=15, no_zero_grad=True, seed=32, every=5)
add("tfevents/pipe-mlp-frozen", task="pipe", model="mlp", opt="adam", lr=1e-3, epochs=20, frozen=True, seed=33, every=10)
add("tfevents/fish-mlp-sgd-1e-5", task="fish", model="mlp", opt="sgd", lr=1e-5, epochs=20, seed=34, every=10, tag_loss="train/loss", tag_val="val/loss", tag_metric="val/acc")
add("tfevents/balance-tf-warmcos-clip", task="balance", model="tf", opt="adamw", lr=1e-3, epochs=30, sched="warmcos", clip=1.0, seed=35, every=10, log_lr=True)
add("tfevents/dots-cnn-adam-step", task="dots", model="cnn", opt="adam", lr=1e-3, epochs=15, sched="step", seed=36, every=10, log_lr=True)
add("tfevents/pipe-mlp-sgd-step-clip", task="pipe", model="mlp", opt="sgd", lr=0.02, epochs=30, sched="step", clip=5.0, seed=37, every=10)
add("tfevents/balance-relurnn-gain1.4", task="balance", model="relurnn", opt="adam", lr=0.01, rnn_gain=1.4, epochs=10, seed=38, every=2)
add("tfevents/dots-lightning-tb-cosine", task="dots", model="cnn", lr=1e-3, epochs=12, sched="cosine", tb=True, seed=39, lightning=True)
# lightning csv (6)
add("lightning_csv/fish-mlp-sgd-lr6", task="fish", model="mlp", opt="sgd", lr=6.0, epochs=15, seed=41)                                  # LR far too high
add("lightning_csv/balance-onehot-shuffled", task="balance", model="onehot", lr=1e-3, epochs=20, shuffle_labels=True, seed=42)
add("lightning_csv/dots-cnn-killed", task="dots", model="cnn", lr=1e-3, epochs=25, kill_at=8, seed=43, every=5)
add("lightning_csv/pipe-mlp-plateau-es", task="pipe", model="mlp", lr=3e-3, epochs=60, sched="plateau", early_stop=8, seed=44)
add("lightning_csv/balance-gru-limit-batches", task="balance", model="gru", lr=1e-3, epochs=20, limit_train_batches=2, seed=45, every=1)
add("lightning_csv/fish-mlp-adam-cosine-clip", task="fish", model="mlp", lr=3e-3, epochs=30, sched="cosine", clip=1.0, seed=46)
# keras (6)
add("keras_csvlogger/dots-conv-sgd-lr5", task="dots", opt="sgd", lr=5.0, epochs=12, out="csvlogger", seed=51)                          # LR far too high
add("keras_csvlogger/pipe-dense-adam-plateau", task="pipe", lr=2e-3, epochs=40, plateau=True, out="csvlogger", seed=52)
add("keras_history_json/fish-dense-raw-grams", task="fish", lr=1e-3, epochs=30, raw=True, out="json", seed=53)
add("keras_history_json/dots-conv-adam-es", task="dots", lr=1e-3, epochs=40, early_stop=4, out="json", seed=54)
add("keras_history_csv/fish-dense-tiny-60", task="fish", lr=3e-3, epochs=250, n_tr=60, out="hcsv", seed=55)
add("keras_history_csv/fish-dense-adam", task="fish", lr=1e-3, epochs=25, out="hcsv", seed=56)
# HF trainer (4)
add("hf_trainer_state/roformer-balance-lr1", task="balance", arch="roformer", lr=1.0, epochs=6, max_grad_norm=0.0, seed=61)
add("hf_trainer_state/roformer-balance-warmup", task="balance", arch="roformer", lr=1e-3, epochs=10, warmup=50, sched="cosine", seed=62)
add("hf_trainer_state/bigcode-balance-lr1e-7", task="balance", arch="bigcode", lr=1e-7, epochs=6, seed=63)
add("hf_trainer_state/bigcode-balance-linear", task="balance", arch="bigcode", lr=1e-3, epochs=10, warmup=30, seed=64)

def run_one(key):
    cfg = dict(R[key]); fmt_, name = key.split("/")
    d = os.path.join(RUNS_DIR, fmt_, name); os.makedirs(d, exist_ok=True)
    if fmt_ == "text_log": run_text(name, cfg)
    elif fmt_ == "csv_custom":
        if cfg.get("ckpt_at") and len(sys.argv) > 2 and sys.argv[2] == "resume":
            import torch
            ck = torch.load("/tmp/nu16_ckpt.pt", weights_only=False)
            cfg.update(resume=True, resume_second=True, state=ck, start_epoch=ck["epoch"], start_step=ck["step"], kill_at=None)
        run_csv(name, cfg, d)
    elif fmt_ == "tfevents":
        run_lightning(name, cfg, d) if cfg.get("lightning") else run_tfevents(name, cfg, d)
    elif fmt_ == "lightning_csv": run_lightning(name, cfg, d)
    elif fmt_.startswith("keras"): run_keras(name, cfg, d)
    elif fmt_ == "hf_trainer_state": run_hf(name, cfg, d)

def launch(key):
    fmt_, name = key.split("/"); d = os.path.join(RUNS_DIR, fmt_, name); os.makedirs(d, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONWARNINGS="ignore")
    out = open(os.path.join(d, "train.log" if "two-runs" not in name and "killed" not in name else "output.txt"), "w") if fmt_ == "text_log" else open(os.path.join("/tmp/nu16_out", key.replace("/", "__") + ".out"), "w")
    if "killed-resumed" in key:  # first launch is SIGKILLed, then the user resumes from the last checkpoint (epoch 15)
        return subprocess.Popen(["bash", "-c", f"{sys.executable} {__file__} {key}; {sys.executable} {__file__} {key} resume"], stdout=out, stderr=subprocess.STDOUT, env=env)
    return subprocess.Popen([sys.executable, __file__, key], stdout=out, stderr=subprocess.STDOUT, env=env)

if __name__ == "__main__":
    if sys.argv[1] == "all" or sys.argv[1] == "some":
        os.makedirs("/tmp/nu16_out", exist_ok=True)
        keys = list(R) if sys.argv[1] == "all" else sys.argv[2:]
        running = []
        for k in keys:
            while len(running) >= 2:
                running = [p for p in running if p[1].poll() is None]; time.sleep(0.2)
            t0 = time.time(); running.append((k, launch(k), t0)); print("start", k, flush=True)
        for k, p, t0 in running: p.wait()
    else:
        run_one(sys.argv[1])
