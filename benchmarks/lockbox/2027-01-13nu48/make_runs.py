"""Make the 50 runs of lock-box batch 2027-01-13nu48 ("trainings a new user wrote").

python make_runs.py                      # all runs, two processes at a time
python make_runs.py --only text/x,csv/y  # re-make some runs (their folders are wiped first)
Each run is its own process (python make_runs.py --worker <format>/<name>). Text styles A, C, D print to stdout;
the driver appends stdout+stderr to the run's log as `python -u train.py >> train.log 2>&1` would.
Faults are marked `# BUG` below; no number is ever edited after a logger wrote it.
"""
import argparse, json, math, os, shutil, signal, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")

# ----------------------------------------------------------------------------------------------- run table
# fmt: text-A train.log | text-B run.log | text-C console.txt | text-D stdout.txt | csv | jsonl | pandas | tb | tbx
#      | lightning | keras | hf
R = {}
def run(key, **cfg):
    R[key] = cfg

# text, style A (print)
run("text/spectra_mlp_adam", style="A", task="spectra", model="mlp", opt="adam", lr=1e-3, epochs=20)
run("text/traffic_mlp_adamw", style="A", task="traffic", model="mlp", opt="adamw", lr=2e-3, epochs=25)
run("text/sprout_mlp_killed", style="A", task="sprout", model="mlp", opt="adam", lr=1e-3, epochs=30, kill_at=12)
run("text/spectra_sgd_tiny_lr", style="A", task="spectra", model="mlp", opt="sgd", lr=1e-5, epochs=20)
# text, style B (logging FileHandler, append)
run("text/regime_bigru", style="B", task="regime", model="bigru", opt="adam", lr=3e-3, epochs=15)
run("text/palate_mlp_adam", style="B", task="palate", model="mlp", opt="adam", lr=1e-3, epochs=25)
run("text/traffic_mlp_relaunch", style="B", task="traffic", model="mlp", opt="adam", lr=1e-3, epochs=25, kill_at=9,
    relaunch=True)
run("text/sprout_adam_lr05", style="B", task="sprout", model="mlp", opt="adam", lr=0.5, epochs=25)
# text, style C (tqdm bars + summary line)
run("text/spectra_cnn", style="C", task="spectra", model="cnn", opt="adam", lr=2e-3, epochs=15)
run("text/regime_lstm", style="C", task="regime", model="bilstm", opt="adam", lr=3e-3, epochs=15)
run("text/traffic_sgdm_nozerograd", style="C", task="traffic", model="mlp", opt="sgdm", lr=0.01, epochs=20,
    no_zero_grad=True)
run("text/palate_mlp_wd5", style="C", task="palate", model="mlp", opt="adam", lr=1e-3, epochs=20, wd=5.0)
# text, style D (key: value blocks)
run("text/sprout_mlp_sgdm", style="D", task="sprout", model="mlp", opt="sgdm", lr=0.02, epochs=25)
run("text/palate_mlp_rmsprop", style="D", task="palate", model="mlp", opt="rmsprop", lr=5e-4, epochs=25)
run("text/spectra_mlp_60rows", style="D", task="spectra", model="mlp_wide", opt="adam", lr=2e-3, epochs=60, n_train=60)
run("text/regime_relu_rnn_sgd", style="D", task="regime", model="rnn", opt="sgd", lr=0.8, epochs=20)
# csv
run("csv/traffic_mlp", task="traffic", model="mlp", opt="adam", lr=1e-3, epochs=25)
run("csv/spectra_softmax_then_ce", task="spectra", model="mlp", opt="adam", lr=1e-3, epochs=20, softmax_ce=True)
run("csv/sprout_shuffled_labels", task="sprout", model="mlp_wide", opt="adam", lr=3e-3, epochs=40, shuffle_labels=True,
    n_train=1500)
run("csv/palate_mlp_leak", task="palate", model="mlp", opt="adam", lr=1e-3, epochs=20, leak=True)
# jsonl
run("jsonl/regime_gru", task="regime", model="gru", opt="adamw", lr=5e-3, epochs=15)
run("jsonl/spectra_mse_on_ids", task="spectra", model="mlp", opt="adam", lr=1e-3, epochs=20, mse_ids=True)
run("jsonl/traffic_stale_optimizer", task="traffic", model="mlp", opt="adam", lr=1e-3, epochs=20, stale_opt=True)
run("jsonl/sprout_mlp", task="sprout", model="mlp", opt="adamw", lr=2e-3, epochs=20)
# pandas
run("pandas/palate_mlp", task="palate", model="mlp", opt="adamw", lr=2e-3, epochs=20)
run("pandas/traffic_50rows", task="traffic", model="mlp_wide", opt="adam", lr=3e-3, epochs=80, n_train=50)
run("pandas/spectra_frozen_body", task="spectra", model="mlp", opt="adam", lr=1e-3, epochs=20, frozen=True)
# tb (torch SummaryWriter)
run("tb/spectra_mlp", task="spectra", model="mlp", opt="adamw", lr=1e-3, epochs=20)
run("tb/regime_gru", task="regime", model="bigru", opt="adam", lr=2e-3, epochs=15)
run("tb/traffic_steplr_per_batch", task="traffic", model="mlp", opt="adam", lr=2e-3, epochs=25, sched="step_batch")
run("tb/sprout_clip_001", task="sprout", model="mlp", opt="sgd", lr=0.05, epochs=25, clip=0.01)
run("tb/palate_dropout_evalbug", task="palate", model="mlp_drop", opt="adam", lr=1e-3, epochs=25, eval_bug=True)
# tbx (tensorboardX)
run("tbx/traffic_mlp", task="traffic", model="mlp", opt="adam", lr=1e-3, epochs=25, sched="cosine", tmax=25)
run("tbx/spectra_adam_lr1", task="spectra", model="mlp", opt="adam", lr=1.0, epochs=20)
run("tbx/regime_gru_killed", task="regime", model="gru", opt="adam", lr=3e-3, epochs=20, kill_at=8)
run("tbx/sprout_mlp", task="sprout", model="mlp", opt="adam", lr=1e-3, epochs=25)
# lightning (CSVLogger)
run("lightning/spectra_mlp", task="spectra", model="mlp", opt="adam", lr=1e-3, epochs=20)
run("lightning/traffic_mlp_cosine", task="traffic", model="mlp", opt="adam", lr=2e-3, epochs=25, sched="cosine", tmax=25)
run("lightning/palate_adam_1e6", task="palate", model="mlp", opt="adam", lr=1e-6, epochs=20)
run("lightning/sprout_80rows", task="sprout", model="mlp_wide", opt="adam", lr=3e-3, epochs=60, n_train=80)
run("lightning/regime_gru_cosine80", task="regime", model="gru", opt="adam", lr=3e-3, epochs=20, sched="cosine", tmax=80)
# keras (KERAS_BACKEND=torch)
run("keras/spectra_dense", task="spectra", model="dense", opt="adam", lr=1e-3, epochs=20, out="csvlogger")
run("keras/traffic_dense", task="traffic", model="dense", opt="adam", lr=1e-3, epochs=25, out="json")
run("keras/sprout_sgd_lr10", task="sprout", model="dense", opt="sgd", lr=10.0, epochs=20, out="csvlogger")
run("keras/palate_dense", task="palate", model="dense", opt="adam", lr=1e-3, epochs=25, out="json")
run("keras/regime_dense_l2", task="regime", model="dense", opt="adam", lr=1e-3, epochs=20, out="csv", l2=1.0)
# hf (Trainer, trainer_state.json)
run("hf/bounce_llama", task="bounce", model="llama", lr=3e-3, epochs=8)
run("hf/bounce_gpt2", task="bounce", model="gpt2", lr=2e-3, epochs=8)
run("hf/bounce_llama_lr1e6", task="bounce", model="llama", lr=1e-6, epochs=8)
run("hf/bounce_gpt2_lr1", task="bounce", model="gpt2", lr=1.0, epochs=8)

# ----------------------------------------------------------------------------------------------- data
METRIC = {"spectra": "acc", "traffic": "r2", "palate": "f1", "regime": "acc", "sprout": "acc"}


def make_data(task, seed=0):
    import numpy as np
    rng = np.random.default_rng({"spectra": 11, "traffic": 12, "palate": 13, "regime": 14, "sprout": 15}[task])
    n = 7500
    if task == "spectra":
        # 7 compounds, each with 2-3 emission peaks on a 32-bin spectrum; shifted/broadened peaks, sloped baseline,
        # a contaminant from another compound, noise.
        K, B = 7, 32
        peaks = [rng.choice(np.arange(3, 29), size=rng.integers(2, 4), replace=False) for _ in range(K)]
        amps = [rng.uniform(0.6, 1.4, size=len(p)) for p in peaks]
        y = rng.integers(0, K, n)
        grid = np.arange(B)[None, :]
        X = np.zeros((n, B))
        def add(idx, cls, scale):
            for c, a in zip(peaks[cls], amps[cls]):
                shift = rng.normal(0, 1.2, len(idx))[:, None]
                w = rng.uniform(1.2, 2.5, len(idx))[:, None]
                X[idx] += scale[:, None] * a * np.exp(-0.5 * ((grid - c - shift) / w) ** 2)
        for k in range(K):
            idx = np.where(y == k)[0]
            add(idx, k, rng.uniform(0.5, 1.5, len(idx)))
            other = (k + rng.integers(1, K, len(idx))) % K
            for o in range(K):
                j = idx[other == o]
                add(j, o, rng.uniform(0.0, 0.7, len(j)))
        X += rng.normal(0, 0.35, (n, 1)) * np.linspace(-1, 1, B)[None, :] + rng.normal(0, 0.3, (n, B))
        X = X.astype("float32")
    elif task == "traffic":
        dist = rng.uniform(1, 30, n); lanes = rng.integers(1, 5, n); hour = rng.uniform(0, 24, n)
        rain = rng.exponential(2.0, n); inc = rng.poisson(0.5, n); limit = rng.choice([50, 80, 100], n)
        rush = np.exp(-((hour - 8.5) / 1.3) ** 2) + 0.8 * np.exp(-((hour - 17.5) / 1.6) ** 2)
        speed = limit * (1 - 0.55 * rush / (1 + 0.3 * (lanes - 1))) / (1 + 0.04 * rain)
        t = 60 * dist / speed + inc * rng.uniform(3, 12, n)
        target = np.log(t) + rng.normal(0, 0.08, n)
        X = np.stack([dist, lanes, np.sin(2 * np.pi * hour / 24), np.cos(2 * np.pi * hour / 24), rain, inc, limit,
                      rng.normal(size=n), rng.normal(size=n)], 1)
        X = ((X - X.mean(0)) / X.std(0)).astype("float32")
        y = ((target - target[:6000].mean()) / target[:6000].std()).astype("float32")
    elif task == "palate":
        # 12 ingredient amounts -> 5 taste tags (sweet, sour, bitter, umami, spicy), logistic with interactions
        A = rng.dirichlet(np.full(12, 0.4), n) * rng.uniform(0.5, 2, (n, 1))
        W = rng.normal(0, 3, (12, 5)) * (rng.random((12, 5)) < 0.4)
        logit = A @ W * 3 - 1.2 + 2.0 * (A[:, [0]] * A[:, [5]] * 10) * np.array([1, -1, 0, 1, 0])
        y = (rng.random((n, 5)) < 1 / (1 + np.exp(-logit))).astype("float32")
        X = np.log1p(A * 20)
        X = ((X - X.mean(0)) / X.std(0)).astype("float32")
    elif task == "regime":
        # 3-state market regime (down / flat / up), sticky Markov chain; observed per-step increments
        T = 30; n = 4000
        s = np.zeros((n, T), dtype=int); s[:, 0] = rng.integers(0, 3, n)
        for t in range(1, T):
            stay = rng.random(n) < 0.9
            s[:, t] = np.where(stay, s[:, t - 1], (s[:, t - 1] + rng.integers(1, 3, n)) % 3)
        inc = np.array([-0.6, 0.0, 0.6])[s] + rng.normal(0, 0.7, (n, T))
        X = inc[:, :, None].astype("float32"); y = s
    elif task == "sprout":
        # does a seed germinate within 14 days: soil temperature, moisture, sowing depth, light, 3 species
        temp = rng.uniform(2, 35, n); moist = rng.uniform(0, 1, n); depth = rng.uniform(0, 6, n)
        light = rng.integers(0, 2, n); sp = rng.integers(0, 3, n)
        opt = np.array([18, 24, 12])[sp]
        logit = 2.5 - ((temp - opt) / 6) ** 2 - 3 * (moist - 0.55) ** 2 * 4 - 0.5 * depth + 0.8 * light * (sp == 1)
        y = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype("float32")
        X = np.stack([temp, moist, depth, light, sp == 0, sp == 1, sp == 2, rng.normal(size=n)], 1).astype("float64")
        X = ((X - X.mean(0)) / X.std(0)).astype("float32")
    ntr = 6000 if task != "regime" else 3000
    return X[:ntr], y[:ntr], X[ntr:], y[ntr:]


# ----------------------------------------------------------------------------------------------- torch models
def build_model(task, kind, d_in):
    import torch.nn as nn
    out = {"spectra": 7, "traffic": 1, "palate": 5, "sprout": 1, "regime": 3}[task]
    if kind in ("mlp", "mlp_wide", "mlp_drop"):
        h = 256 if kind == "mlp_wide" else 64
        layers = [nn.Linear(d_in, h), nn.ReLU()]
        if kind == "mlp_drop": layers.append(nn.Dropout(0.3))
        layers += [nn.Linear(h, h), nn.ReLU()]
        if kind == "mlp_drop": layers.append(nn.Dropout(0.3))
        layers.append(nn.Linear(h, out))
        return nn.Sequential(*layers)
    if kind == "cnn":
        class CNN(nn.Module):
            def __init__(s):
                super().__init__()
                s.c = nn.Sequential(nn.Conv1d(1, 16, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2),
                                    nn.Conv1d(16, 32, 5, padding=2), nn.ReLU(), nn.MaxPool1d(2))
                s.f = nn.Sequential(nn.Flatten(), nn.Linear(32 * 8, 64), nn.ReLU(), nn.Linear(64, out))
            def forward(s, x): return s.f(s.c(x[:, None, :]))
        return CNN()
    # sequence taggers
    class Tagger(nn.Module):
        def __init__(s):
            super().__init__()
            bi = kind.startswith("bi")
            cell = {"gru": nn.GRU, "bigru": nn.GRU, "bilstm": nn.LSTM, "lstm": nn.LSTM, "rnn": nn.RNN}[kind]
            kw = {"nonlinearity": "relu"} if kind == "rnn" else {}
            s.r = cell(1, 32, batch_first=True, bidirectional=bi, **kw)
            s.o = nn.Linear(64 if bi else 32, out)
        def forward(s, x): return s.o(s.r(x)[0])
    return Tagger()


def loss_and_metric(task, cfg):
    import torch, torch.nn.functional as F
    def loss(o, y):
        if task == "spectra":
            if cfg.get("mse_ids"):  # BUG: regression loss on the class index
                return F.mse_loss(o[:, 0], y.float())
            if cfg.get("softmax_ce"):  # BUG: softmax applied, then cross_entropy (which applies log_softmax again)
                return F.cross_entropy(torch.softmax(o, 1), y)
            return F.cross_entropy(o, y)
        if task == "regime": return F.cross_entropy(o.reshape(-1, 3), y.reshape(-1))
        if task == "traffic": return F.mse_loss(o[:, 0], y)
        if task == "sprout": return F.binary_cross_entropy_with_logits(o[:, 0], y)
        return F.binary_cross_entropy_with_logits(o, y)
    def metric(o, y):
        if task == "spectra":
            pred = o[:, 0].round().clamp(0, 6).long() if cfg.get("mse_ids") else o.argmax(1)
            return (pred == y).float().mean().item()
        if task == "regime": return (o.argmax(-1) == y).float().mean().item()
        if task == "traffic": return 1 - ((o[:, 0] - y) ** 2).sum().item() / ((y - y.mean()) ** 2).sum().item()
        if task == "sprout": return ((o[:, 0] > 0).float() == y).float().mean().item()
        p = (o > 0).float(); tp = (p * y).sum().item()
        return 2 * tp / max(p.sum().item() + y.sum().item(), 1e-9)
    return loss, metric


def make_opt(cfg, params):
    import torch
    lr, wd, o = cfg["lr"], cfg.get("wd", 0.0), cfg["opt"]
    if o == "adam": return torch.optim.Adam(params, lr=lr, weight_decay=wd)
    if o == "adamw": return torch.optim.AdamW(params, lr=lr, weight_decay=wd or 0.01)
    if o == "sgd": return torch.optim.SGD(params, lr=lr, weight_decay=wd)
    if o == "sgdm": return torch.optim.SGD(params, lr=lr, momentum=0.9, weight_decay=wd)
    if o == "rmsprop": return torch.optim.RMSprop(params, lr=lr, weight_decay=wd)


# ----------------------------------------------------------------------------------------------- loggers
class Log:
    def __init__(self, key, cfg, rd):
        self.fmt, self.cfg, self.rd, self.key = key.split("/")[0], cfg, rd, key
        self.m = METRIC[cfg["task"]]; self.rows = []; self.t0 = time.time()
        f, style = self.fmt, cfg.get("style")
        if style == "B":
            import logging
            lg = logging.getLogger("trainer"); lg.setLevel(logging.INFO)
            h = logging.FileHandler(os.path.join(rd, "run.log"), mode="a")
            h.setFormatter(logging.Formatter("[%(asctime)s] %(levelname)s %(name)s: %(message)s"))
            lg.addHandler(h); self.lg = lg
            lg.info("start task=%s model=%s opt=%s lr=%g epochs=%d", cfg["task"], cfg["model"], cfg["opt"], cfg["lr"],
                    cfg["epochs"])
        elif style == "A":
            print(f"# run {cfg['task']}/{cfg['model']} opt={cfg['opt']} lr={cfg['lr']:g} epochs={cfg['epochs']}")
        elif style == "C":
            print(f"training {cfg['task']} with {cfg['model']} ({cfg['opt']}, lr {cfg['lr']:g}) for {cfg['epochs']} epochs")
        elif style == "D":
            print(f"config: task={cfg['task']} model={cfg['model']} optimizer={cfg['opt']} lr={cfg['lr']:g}")
            print(f"config: epochs={cfg['epochs']} batch_size=64\n")
        elif f == "csv":
            self.fh = open(os.path.join(rd, "metrics.csv"), "w")
            self.fh.write(f"epoch,trn_loss,hold_loss,hold_{self.m},lr\n"); self.fh.flush()
        elif f == "jsonl":
            self.fh = open(os.path.join(rd, "log.jsonl"), "a")
        elif f == "tb":
            from torch.utils.tensorboard import SummaryWriter
            self.w = SummaryWriter(rd)
        elif f == "tbx":
            from tensorboardX import SummaryWriter
            self.w = SummaryWriter(rd)

    def step(self, gstep, loss, gnorm=None):
        if self.fmt == "tb" and gstep % 5 == 0:
            self.w.add_scalar("train/batch_loss", loss, gstep)
            if gnorm is not None: self.w.add_scalar("train/grad_norm", gnorm, gstep)

    def epoch(self, ep, tl, vl, vm, lr):
        N, m, f, style = self.cfg["epochs"], self.m, self.fmt, self.cfg.get("style")
        if style == "A":
            print(f"ep {ep:02d} of {N} \u00b7 loss {tl:.4f} \u2192 {vl:.4f} (val) \u00b7 {m} {vm:.3f} \u00b7 lr {lr:.1e}")
        elif style == "B":
            self.lg.info("E=%d losses(train/val)=%.4f/%.4f %s=%.4f lr=%.2e", ep, tl, vl, m, vm, lr)
        elif style == "C":
            print(f">>> epoch {ep} | tr {tl:.4f} | va {vl:.4f} | {m} {100 * vm:.1f}% | lr {lr:.2e}")
        elif style == "D":
            print(f"Epoch {ep}\n  train loss : {tl:.4f}\n  valid loss : {vl:.4f}\n  valid {m:<4} : {vm:.4f}\n"
                  f"  lr         : {lr:.3g}")
        elif f == "csv":
            self.fh.write(f"{ep},{tl:.5f},{vl:.5f},{vm:.5f},{lr:.6g}\n"); self.fh.flush()
        elif f == "jsonl":
            self.fh.write(json.dumps({"epoch": ep, "tr_loss": round(tl, 5), "ev_loss": round(vl, 5),
                                      f"ev_{m}": round(vm, 5), "lr": lr}) + "\n"); self.fh.flush()
        elif f == "pandas":
            import pandas as pd
            self.rows.append({"epoch": ep, "train_loss": tl, "val_loss": vl, f"val_{m}": vm, "lr": lr})
            pd.DataFrame(self.rows).to_csv(os.path.join(self.rd, "history.csv"))
        elif f == "tb":
            self.w.add_scalar("train/epoch_loss", tl, ep); self.w.add_scalar("eval/loss", vl, ep)
            self.w.add_scalar(f"eval/{m}", vm, ep); self.w.add_scalar("opt/lr", lr, ep); self.w.flush()
        elif f == "tbx":
            self.w.add_scalar("Loss/Train", tl, ep); self.w.add_scalar("Loss/Valid", vl, ep)
            self.w.add_scalar(f"Valid/{m.upper()}", vm, ep); self.w.add_scalar("LearningRate", lr, ep); self.w.flush()

    def close(self, best):
        style = self.cfg.get("style")
        if style == "A": print(f"# finished in {time.time() - self.t0:.1f}s, best val loss {best:.4f}")
        elif style == "B": self.lg.info("done, best val loss %.4f", best)
        elif style == "C": print(f"all done ({time.time() - self.t0:.0f}s)")
        elif style == "D": print(f"\ntraining complete. best valid loss = {best:.4f}")
        if hasattr(self, "fh"): self.fh.close()
        if hasattr(self, "w"): self.w.close()


# ----------------------------------------------------------------------------------------------- torch loop
def train_torch(key, cfg, rd):
    import numpy as np, torch
    torch.manual_seed(0); np.random.seed(0)
    task = cfg["task"]
    Xtr, Ytr, Xva, Yva = make_data(task)
    if cfg.get("n_train"): Xtr, Ytr = Xtr[:cfg["n_train"]], Ytr[:cfg["n_train"]]  # BUG: debug subset left in
    if cfg.get("shuffle_labels"):  # BUG: labels shuffled separately from the features
        Ytr = Ytr[np.random.default_rng(1).permutation(len(Ytr))]
    if cfg.get("leak"):  # BUG: the tag columns were left in the feature table (no visible trace expected)
        Xtr = np.concatenate([Xtr, Ytr], 1).astype("float32"); Xva = np.concatenate([Xva, Yva], 1).astype("float32")
    Xtr, Xva = torch.tensor(Xtr), torch.tensor(Xva)
    Ytr = torch.tensor(Ytr).long() if task in ("spectra", "regime") else torch.tensor(Ytr)
    Yva = torch.tensor(Yva).long() if task in ("spectra", "regime") else torch.tensor(Yva)
    model = build_model(task, cfg["model"], Xtr.shape[-1] if task != "regime" else 1)
    if cfg.get("frozen"):  # BUG: meant to freeze nothing; froze everything but the last layer
        for p in list(model.parameters())[:-2]: p.requires_grad_(False)
    opt = make_opt(cfg, [p for p in model.parameters() if p.requires_grad])
    if cfg.get("stale_opt"):  # BUG: model re-created after the optimizer was built
        model = build_model(task, cfg["model"], Xtr.shape[-1])
    loss_fn, metric_fn = loss_and_metric(task, cfg)
    bs = 64; nb = math.ceil(len(Xtr) / bs); N = cfg["epochs"]
    sched = None
    if cfg.get("sched") == "cosine": sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg["tmax"])
    if cfg.get("sched") == "step_batch": sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
    log = Log(key, cfg, rd)
    best = float("inf"); g = torch.Generator().manual_seed(0); gstep = 0
    kill_at = cfg.get("kill_at") if os.environ.get("NU48_KILL") == "1" or (cfg.get("kill_at") and not cfg.get("relaunch")) else None
    for ep in range(1, N + 1):
        if cfg.get("eval_bug"):
            if ep == 1: model.train()  # BUG: model.train() only before the first epoch; eval() below sticks
        else:
            model.train()
        perm = torch.randperm(len(Xtr), generator=g); tot = 0.0; cnt = 0
        it = range(nb)
        if cfg.get("style") == "C":
            from tqdm import tqdm
            it = tqdm(it, desc=f"epoch {ep}/{N}", ncols=90, mininterval=0.05)
        for b in it:
            idx = perm[b * bs:(b + 1) * bs]
            out = model(Xtr[idx]); loss = loss_fn(out, Ytr[idx])
            if not cfg.get("no_zero_grad"):  # the BUG run skips this line
                opt.zero_grad()
            loss.backward()
            gn = None
            if log.fmt == "tb":
                gn = float(torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters() if p.grad is not None)))
            if cfg.get("clip"):  # BUG: max_norm 0.01 (meant 1.0)
                torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"])
            opt.step()
            if sched is not None and cfg["sched"] == "step_batch": sched.step()  # BUG: per batch, planned per epoch
            tot += loss.item() * len(idx); cnt += len(idx); gstep += 1
            log.step(gstep, loss.item(), gn)
            if cfg.get("style") == "C": it.set_postfix(loss=f"{loss.item():.3f}")
        lr = opt.param_groups[0]["lr"]
        model.eval()
        with torch.no_grad():
            ov = model(Xva); vl = loss_fn(ov, Yva).item(); vm = metric_fn(ov, Yva)
        best = min(best, vl) if vl == vl else best
        log.epoch(ep, tot / cnt, vl, vm, lr)
        if sched is not None and cfg["sched"] == "cosine": sched.step()
        if kill_at and ep == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)  # the process was killed (OOM killer / ctrl-\ on the node)
    log.close(best)


# ----------------------------------------------------------------------------------------------- lightning
def train_lightning(key, cfg, rd):
    import numpy as np, torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    L.seed_everything(0, verbose=False)
    task = cfg["task"]; m = METRIC[task]
    Xtr, Ytr, Xva, Yva = make_data(task)
    if cfg.get("n_train"): Xtr, Ytr = Xtr[:cfg["n_train"]], Ytr[:cfg["n_train"]]  # BUG: debug subset left in
    cast = (lambda a: torch.tensor(a).long()) if task in ("spectra", "regime") else torch.tensor
    dtr = torch.utils.data.TensorDataset(torch.tensor(Xtr), cast(Ytr))
    dva = torch.utils.data.TensorDataset(torch.tensor(Xva), cast(Yva))
    loss_fn, metric_fn = loss_and_metric(task, cfg)

    class Mod(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = build_model(task, cfg["model"], Xtr.shape[-1] if task != "regime" else 1)
        def training_step(s, b, i):
            loss = loss_fn(s.net(b[0]), b[1]); s.log("train_loss", loss, on_step=False, on_epoch=True); return loss
        def validation_step(s, b, i):
            o = s.net(b[0]); s.log("val_loss", loss_fn(o, b[1])); s.log(f"val_{m}", metric_fn(o, b[1]))
        def configure_optimizers(s):
            opt = make_opt(cfg, s.parameters())
            if cfg.get("sched") == "cosine":  # (regime run: T_max=80 planned, but max_epochs=20)
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg["tmax"])}
            return opt
    cbs = [LearningRateMonitor("epoch")] if cfg.get("sched") else []
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(rd, name="lightning_logs"), callbacks=cbs,
                   accelerator="cpu", devices=1, enable_checkpointing=False, enable_progress_bar=False,
                   enable_model_summary=False, log_every_n_steps=50)
    tr.fit(Mod(), torch.utils.data.DataLoader(dtr, batch_size=64, shuffle=True),
           torch.utils.data.DataLoader(dva, batch_size=len(dva)))


# ----------------------------------------------------------------------------------------------- keras
def train_keras(key, cfg, rd):
    os.environ["KERAS_BACKEND"] = "torch"
    import numpy as np, keras, pandas as pd
    keras.utils.set_random_seed(0)
    task = cfg["task"]; Xtr, Ytr, Xva, Yva = make_data(task)
    reg = keras.regularizers.L2(cfg["l2"]) if cfg.get("l2") else None  # BUG (regime): L2 1.0 meant 1e-4
    L = keras.layers
    if task == "regime":
        Xtr, Xva = Xtr[:, :, 0], Xva[:, :, 0]
        model = keras.Sequential([keras.Input((30,)), L.Dense(128, "relu", kernel_regularizer=reg),
                                  L.Dense(128, "relu", kernel_regularizer=reg), L.Dense(90, kernel_regularizer=reg),
                                  L.Reshape((30, 3)), L.Softmax()])
        loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
    else:
        out = {"spectra": (7, "softmax"), "traffic": (1, None), "palate": (5, "sigmoid"), "sprout": (1, "sigmoid")}[task]
        model = keras.Sequential([keras.Input((Xtr.shape[1],)), L.Dense(64, "relu"), L.Dense(64, "relu"), L.Dense(*out)])
        loss = {"spectra": "sparse_categorical_crossentropy", "traffic": "mse", "palate": "binary_crossentropy",
                "sprout": "binary_crossentropy"}[task]
        mets = {"spectra": ["accuracy"], "traffic": ["mae"], "palate": ["binary_accuracy"], "sprout": ["accuracy"]}[task]
    opt = {"adam": keras.optimizers.Adam, "sgd": keras.optimizers.SGD}[cfg["opt"]](learning_rate=cfg["lr"])
    model.compile(optimizer=opt, loss=loss, metrics=mets)
    cbs = [keras.callbacks.CSVLogger(os.path.join(rd, "training.log"))] if cfg["out"] == "csvlogger" else []
    h = model.fit(Xtr, Ytr, validation_data=(Xva, Yva), epochs=cfg["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    if cfg["out"] == "json":
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(os.path.join(rd, "history.json"), "w"))
    elif cfg["out"] == "csv":
        pd.DataFrame(h.history).to_csv(os.path.join(rd, "history.csv"), index=False)


# ----------------------------------------------------------------------------------------------- hf
def bounce_data(n, seed):
    import numpy as np
    rng = np.random.default_rng(seed); T = 24; x = np.zeros((n, T), dtype=int)
    x[:, 0] = rng.integers(0, 10, n); d = rng.choice([-1, 1], n)
    for t in range(1, T):
        flip = rng.random(n) < 0.2; d = np.where(flip, -d, d)
        d = np.where(x[:, t - 1] + d > 9, -1, d); d = np.where(x[:, t - 1] + d < 0, 1, d)
        x[:, t] = x[:, t - 1] + d
    return x


def train_hf(key, cfg, rd):
    import torch, transformers as T
    torch.manual_seed(0)
    if cfg["model"] == "llama":
        mc = T.LlamaConfig(vocab_size=10, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                           num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=32)
        model = T.LlamaForCausalLM(mc)
    else:
        mc = T.GPT2Config(vocab_size=10, n_embd=32, n_layer=2, n_head=4, n_positions=32)
        model = T.GPT2LMHeadModel(mc)
    tr, va = bounce_data(4000, 1), bounce_data(500, 2)
    mk = lambda a: [{"input_ids": torch.tensor(r), "labels": torch.tensor(r)} for r in a]
    args = T.TrainingArguments(output_dir=rd, num_train_epochs=cfg["epochs"], per_device_train_batch_size=64,
                               per_device_eval_batch_size=250, learning_rate=cfg["lr"], logging_steps=10,
                               eval_strategy="epoch", save_strategy="no", report_to="none", seed=0, use_cpu=True,
                               disable_tqdm=True, dataloader_num_workers=0)
    trn = T.Trainer(model=model, args=args, train_dataset=mk(tr), eval_dataset=mk(va))
    trn.train(); trn.save_state()


# ----------------------------------------------------------------------------------------------- driver
LOGFILE = {"A": "train.log", "C": "console.txt", "D": "stdout.txt"}


def worker(key):
    cfg = R[key]; rd = os.path.join(RUNS_DIR, key); fmt = key.split("/")[0]
    import torch; torch.set_num_threads(1)
    {"lightning": train_lightning, "keras": train_keras, "hf": train_hf}.get(fmt, train_torch)(key, cfg, rd)


def launch(key):
    cfg = R[key]; rd = os.path.join(RUNS_DIR, key)
    shutil.rmtree(rd, ignore_errors=True); os.makedirs(rd)
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1",
               TRANSFORMERS_VERBOSITY="error")
    cmd = [sys.executable, "-u", os.path.abspath(__file__), "--worker", key]
    passes = [dict(env, NU48_KILL="1"), env] if cfg.get("relaunch") else [env]
    t0 = time.time(); rcs = []
    for e in passes:
        lf = LOGFILE.get(cfg.get("style"))
        if lf:
            with open(os.path.join(rd, lf), "a") as fh:
                rcs.append(subprocess.run(cmd, stdout=fh, stderr=fh, env=e, cwd=rd).returncode)
        else:
            p = subprocess.run(cmd, capture_output=True, text=True, env=e, cwd=rd); rcs.append(p.returncode)
            if p.returncode not in (0, -9): print(key, p.stderr[-3000:], flush=True)
    print(f"{key}: rc={rcs} {time.time() - t0:.0f}s", flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--only"); ap.add_argument("--worker")
    a = ap.parse_args()
    if a.worker:
        worker(a.worker); sys.exit(0)
    keys = a.only.split(",") if a.only else list(R)
    with ThreadPoolExecutor(2) as ex:
        list(ex.map(launch, keys))
