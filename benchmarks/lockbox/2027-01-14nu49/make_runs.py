"""Lock-box batch 2027-01-14nu49: 50 small CPU trainings "a new user wrote".

python make_runs.py                      # all runs (two processes at a time)
python make_runs.py --only text/poker_mlp_adam[,fmt/name...]
Each run is its own process (python make_runs.py --child fmt/name). Faults are marked # BUG.
"""
import os, sys, json, math, time, shutil, signal, subprocess, argparse

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
TMP = "/tmp/nu49_tmp"

# ----------------------------------------------------------------------------------------------
# run table: name -> config.  task in poker (6-way), rocket (regression), sketch (multi-label 5),
# stack (per-step 5-way tagging), transit (binary), fibo (HF LM)
R = {}
def run(key, **kw):
    R[key] = kw

# text, style A (print -> train.log)
run("text/poker_mlp_adam", task="poker", model="mlp", opt="adam", lr=1e-3, epochs=25, style="A")
run("text/rocket_mlp_sgd_lr3", task="rocket", model="mlp", opt="sgd", lr=3.0, epochs=25, style="A")  # BUG lr
run("text/stack_gru_killed", task="stack", model="gru", opt="adam", lr=3e-3, epochs=25, style="A", kill_at=9)  # killed
run("text/transit_cnn_cosine", task="transit", model="cnn", opt="adam", lr=2e-3, epochs=25, sched="cosine", style="A")
# style B (logging -> run.log)
run("text/sketch_cnn_adam", task="sketch", model="cnn", opt="adam", lr=2e-3, epochs=12, style="B")
run("text/poker_mlp_relaunch", task="poker", model="mlp", opt="adam", lr=1e-3, epochs=25, style="B", relaunch=8)
run("text/stack_gru_no_zero_grad", task="stack", model="gru", opt="adam", lr=3e-3, epochs=25, style="B", no_zero_grad=True)
run("text/rocket_mlp_steplr_per_batch", task="rocket", model="mlp", opt="adam", lr=2e-3, epochs=30, style="B",
    sched="steplr_batch")
# style C (tqdm bars + tqdm.write -> console.txt)
run("text/transit_mlp_adam", task="transit", model="mlp", opt="adam", lr=1e-3, epochs=12, style="C", dropout=0.2)
run("text/poker_mlp_sgd_lr1e-5", task="poker", model="mlp", opt="sgd", lr=1e-5, epochs=20, style="C")  # BUG lr
run("text/sketch_mlp_tiny_train", task="sketch", model="mlp", opt="adam", lr=1e-3, epochs=60, style="C", n_train=80,
    hidden=256)
run("text/stack_lstm_adam", task="stack", model="lstm", opt="adam", lr=3e-3, epochs=25, style="C")
# style D (printed dicts -> stdout.txt)
run("text/rocket_mlp_adamw", task="rocket", model="mlp", opt="adamw", lr=2e-3, wd=1e-4, epochs=30, style="D",
    sched="cosine")
run("text/transit_mlp_permuted_labels", task="transit", model="mlp", opt="adam", lr=1e-3, epochs=30, style="D",
    permute=True, hidden=256)
run("text/stack_relu_rnn_sgd_noclip", task="stack", model="rnn", opt="sgd", lr=1.5, epochs=25, style="D")
run("text/sketch_cnn_dropout_never_eval", task="sketch", model="cnn", opt="adam", lr=2e-3, epochs=15, style="D",
    dropout=0.3, never_eval=True)
# csv (f.write)
run("csv/poker_mlp_softmax_before_ce", task="poker", model="mlp", opt="adam", lr=1e-3, epochs=25, softmax_ce=True)
run("csv/rocket_mlp_raw_target", task="rocket", model="mlp", opt="adam", lr=1e-3, epochs=30, raw_target=True)
run("csv/transit_mlp_sgd_momentum", task="transit", model="mlp", opt="sgdm", lr=0.02, epochs=15, dropout=0.2)
run("csv/sketch_cnn_resumed_same_csv", task="sketch", model="cnn", opt="adam", lr=2e-3, epochs=12, relaunch=8,
    resume=True)
# jsonl
run("jsonl/stack_gru_adam", task="stack", model="gru", opt="adam", lr=3e-3, epochs=25, clip=1.0)
run("jsonl/poker_mlp_weight_decay_5", task="poker", model="mlp", opt="adam", lr=1e-3, wd=5.0, epochs=25)
run("jsonl/rocket_mlp_target_in_features", task="rocket", model="mlp", opt="adam", lr=1e-3, epochs=25, leak=True)
run("jsonl/transit_cnn_adam_lr1", task="transit", model="cnn", opt="adam", lr=1.0, epochs=20)
# pandas
run("pandas/sketch_mlp_adam", task="sketch", model="mlp", opt="adam", lr=1e-3, epochs=25, dropout=0.2)
run("pandas/stack_gru_cosine_tmax_200", task="stack", model="gru", opt="adam", lr=3e-3, epochs=20, sched="cosine",
    tmax=200)
run("pandas/rocket_mlp_frozen_body", task="rocket", model="mlp", opt="adam", lr=1e-3, epochs=25, freeze=True)
# tb (torch SummaryWriter)
run("tb/poker_mlp_sgd_nesterov", task="poker", model="mlp", opt="sgdm", lr=0.05, epochs=25)
run("tb/sketch_cnn_sigmoid_then_bcelogits", task="sketch", model="cnn", opt="adam", lr=2e-3, epochs=12,
    double_sigmoid=True)
run("tb/stack_gru_optimizer_old_model", task="stack", model="gru", opt="adam", lr=3e-3, epochs=20, stale_opt=True)
run("tb/rocket_mlp_onecycle", task="rocket", model="mlp", opt="adam", lr=5e-3, epochs=25, sched="onecycle")
run("tb/transit_cnn_killed", task="transit", model="cnn", opt="adam", lr=2e-3, epochs=30, kill_at=11)
# tbx (tensorboardX)
run("tbx/transit_mlp_adam", task="transit", model="mlp", opt="adam", lr=1e-3, epochs=12, dropout=0.2)
run("tbx/poker_mlp_mse_on_class_id", task="poker", model="mlp", opt="adam", lr=1e-3, epochs=25, mse_class=True)
run("tbx/rocket_mlp_tiny_train", task="rocket", model="mlp", opt="adam", lr=3e-3, epochs=150, n_train=40, hidden=256)
run("tbx/sketch_cnn_sgd_momentum", task="sketch", model="cnn", opt="sgdm", lr=0.05, epochs=12)
# lightning (CSVLogger)
run("lightning/poker_mlp", task="poker", model="mlp", opt="adam", lr=1e-3, epochs=20)
run("lightning/rocket_mlp_cosine", task="rocket", model="mlp", opt="adam", lr=2e-3, epochs=25, sched="cosine")
run("lightning/stack_gru_lr_1e-6", task="stack", model="gru", opt="adam", lr=1e-6, epochs=15)
run("lightning/transit_cnn", task="transit", model="cnn", opt="adam", lr=2e-3, epochs=15)
run("lightning/sketch_mlp_adam_lr_0p5", task="sketch", model="mlp", opt="adam", lr=0.5, epochs=15)
# keras
run("keras/poker_dense_csvlogger", task="poker", model="dense", opt="adam", lr=1e-3, epochs=25, kout="csvlogger")
run("keras/rocket_dense_history_json", task="rocket", model="dense", opt="adam", lr=1e-3, epochs=30, kout="json")
run("keras/transit_dense_sgd_lr5", task="transit", model="dense", opt="sgd", lr=5.0, epochs=20, kout="csvlogger")
run("keras/sketch_dense_l2_3", task="sketch", model="dense", opt="adam", lr=1e-3, epochs=20, kout="json", l2=3.0)
run("keras/stack_dense_history_csv", task="stack", model="dense", opt="adam", lr=1e-3, epochs=30, kout="csv")
# hf (Trainer -> trainer_state.json)
run("hf/fibo_neox_linear", task="fibo", lr=3e-3, epochs=10, sched="linear")
run("hf/fibo_neox_cosine", task="fibo", lr=3e-3, epochs=10, sched="cosine")
run("hf/fibo_neox_lr_1", task="fibo", lr=1.0, epochs=10, sched="linear")
run("hf/fibo_neox_warmup_5000", task="fibo", lr=3e-3, epochs=10, sched="linear", warmup=5000)

METRIC = {"poker": "acc", "rocket": "r2", "sketch": "f1", "stack": "acc", "transit": "acc"}

# ----------------------------------------------------------------------------------------------
# data (numpy only)
def make_poker(rng, n):
    X = np.zeros((n, 17), np.float32); y = np.zeros(n, np.int64)
    for i in range(n):
        c = i % 6
        while True:
            if c == 0:   # high card
                ranks = rng.choice(13, 5, replace=False); suits = rng.integers(0, 4, 5)
                s = np.sort(ranks)
                if s[4] - s[0] == 4 or len(set(suits)) == 1: continue
            elif c == 1:  # one pair
                r = rng.choice(13, 4, replace=False); ranks = np.array([r[0], r[0], r[1], r[2], r[3]])
                suits = np.concatenate([rng.choice(4, 2, replace=False), rng.integers(0, 4, 3)])
            elif c == 2:  # two pair
                r = rng.choice(13, 3, replace=False); ranks = np.array([r[0], r[0], r[1], r[1], r[2]])
                suits = np.concatenate([rng.choice(4, 2, replace=False), rng.choice(4, 2, replace=False),
                                        rng.integers(0, 4, 1)])
            elif c == 3:  # three of a kind
                r = rng.choice(13, 3, replace=False); ranks = np.array([r[0]] * 3 + [r[1], r[2]])
                suits = np.concatenate([rng.choice(4, 3, replace=False), rng.integers(0, 4, 2)])
            elif c == 4:  # straight
                s0 = rng.integers(0, 9); ranks = np.arange(s0, s0 + 5); suits = rng.integers(0, 4, 5)
                if len(set(suits)) == 1: continue
            else:        # flush
                ranks = rng.choice(13, 5, replace=False); suits = np.full(5, rng.integers(0, 4))
                s = np.sort(ranks)
                if s[4] - s[0] == 4: continue
            break
        X[i, :13] = np.bincount(ranks, minlength=13); X[i, 13:] = np.bincount(suits, minlength=4)
        y[i] = c
    flip = rng.random(n) < 0.06
    y[flip] = rng.integers(0, 6, flip.sum())
    perm = rng.permutation(n)
    X = X + rng.normal(0, 0.05, X.shape).astype(np.float32)
    return (X[perm] - 0.4) / 0.8, y[perm]

def make_rocket(rng, n, raw=False):
    isp = rng.uniform(200, 460, n); md = np.exp(rng.uniform(np.log(500), np.log(20000), n))
    mp = md * rng.uniform(0.5, 15, n); tw = rng.uniform(1.2, 4.0, n)
    m0 = md + mp; g0 = 9.81
    dv = isp * g0 * np.log(m0 / md) - 0.2 * g0 * isp * (mp / m0) / tw
    dv = dv * np.exp(rng.normal(0, 0.03, n))
    Xr = np.stack([isp, md, mp, tw, rng.normal(0, 1, n), rng.uniform(0, 1, n)], 1)
    Xl = np.stack([np.log(isp), np.log(md), np.log(mp), tw, Xr[:, 4], Xr[:, 5]], 1)
    return Xl.astype(np.float32), Xr.astype(np.float32), dv.astype(np.float32)

def make_sketch(rng, n):
    X = rng.normal(0, 0.35, (n, 12, 12)).astype(np.float32); Y = (rng.random((n, 5)) < 0.4).astype(np.float32)
    for i in range(n):
        a = rng.uniform(0.8, 1.2)
        if Y[i, 0]:  # horizontal bar
            r, c, L = rng.integers(0, 12), rng.integers(0, 5), rng.integers(5, 8); X[i, r, c:c + L] += a
        if Y[i, 1]:  # vertical bar
            r, c, L = rng.integers(0, 5), rng.integers(0, 12), rng.integers(5, 8); X[i, r:r + L, c] += a
        if Y[i, 2]:  # diagonal
            r, c, L = rng.integers(0, 6), rng.integers(0, 6), rng.integers(5, 7)
            for k in range(L): X[i, r + k, c + k] += a
        if Y[i, 3]:  # box outline
            s = rng.integers(4, 6); r, c = rng.integers(0, 12 - s + 1), rng.integers(0, 12 - s + 1)
            X[i, r, c:c + s] += a; X[i, r + s - 1, c:c + s] += a; X[i, r:r + s, c] += a; X[i, r:r + s, c + s - 1] += a
        if Y[i, 4]:  # 2x2 blob
            r, c = rng.integers(0, 11), rng.integers(0, 11); X[i, r:r + 2, c:c + 2] += 1.5 * a
    return X, Y

def make_stack(rng, n, L=16):
    X = np.zeros((n, L), np.int64); Y = np.zeros((n, L), np.int64)
    for i in range(n):
        st = []
        for t in range(L):
            if st and (rng.random() < 0.42 or len(st) >= 6):
                X[i, t] = 0; st.pop()
            else:
                v = rng.integers(1, 5); X[i, t] = v; st.append(v)
            Y[i, t] = st[-1] if st else 0
    return X, Y

def make_transit(rng, n, T=48):
    t = np.arange(T)
    y = (rng.random(n) < 0.35).astype(np.float32)
    X = np.zeros((n, T), np.float32)
    for i in range(n):
        red = np.zeros(T); e = rng.normal(0, 0.3, T)
        for k in range(1, T): red[k] = 0.85 * red[k - 1] + e[k]
        f = rng.uniform(0, 0.8) * np.sin(2 * np.pi * t / rng.uniform(15, 60) + rng.uniform(0, 6.3)) + red
        f += rng.normal(0, 0.5, T)
        if y[i]:
            w = rng.integers(4, 10); s = rng.integers(0, T - w); f[s:s + w] -= rng.uniform(1.2, 2.4)
        X[i] = f
    return X, y

def get_data(cfg):
    task = cfg["task"]; rng = np.random.default_rng({"poker": 11, "rocket": 12, "sketch": 13, "stack": 14,
                                                     "transit": 15}[task])
    ntr, nva = {"poker": (5000, 800), "rocket": (2000, 600), "sketch": (5000, 800), "stack": (3000, 600),
                "transit": (4000, 800)}[task]
    if task == "poker":
        X, y = make_poker(rng, ntr + nva)
    elif task == "rocket":
        Xl, Xr, dv = make_rocket(rng, ntr + nva)
        if cfg.get("raw_target"):
            mu, sd = Xl[:ntr].mean(0), Xl[:ntr].std(0); X = (Xl - mu) / sd; y = dv  # BUG target left in m/s
        else:
            mu, sd = Xl[:ntr].mean(0), Xl[:ntr].std(0); X = (Xl - mu) / sd
            ly = np.log(dv); y = ((ly - ly[:ntr].mean()) / ly[:ntr].std()).astype(np.float32)
        if cfg.get("leak"):
            X = np.concatenate([X, y[:, None] + rng.normal(0, 0.05, (len(y), 1)).astype(np.float32)], 1)  # BUG
        X = X.astype(np.float32); y = y.astype(np.float32)
    elif task == "sketch":
        X, y = make_sketch(rng, ntr + nva)
    elif task == "stack":
        X, y = make_stack(rng, ntr + nva)
    else:
        X, y = make_transit(rng, ntr + nva)
    Xtr, ytr, Xva, yva = X[:ntr], y[:ntr], X[ntr:], y[ntr:]
    if cfg.get("n_train"):
        Xtr, ytr = Xtr[:cfg["n_train"]], ytr[:cfg["n_train"]]  # BUG debug subset left in
    if cfg.get("permute"):
        ytr = ytr[np.random.default_rng(0).permutation(len(ytr))]  # BUG labels shuffled apart from X
    return Xtr, ytr, Xva, yva

# ----------------------------------------------------------------------------------------------
def build_model(cfg, in_dim):
    import torch.nn as nn
    task, m = cfg["task"], cfg["model"]; h = cfg.get("hidden", 128); p = cfg.get("dropout", 0.0)
    out = {"poker": 6, "rocket": 1, "sketch": 5, "stack": 5, "transit": 1}[task]
    if cfg.get("mse_class"):
        out = 1
    if m == "mlp":
        inp = 144 if task == "sketch" else in_dim
        layers = [nn.Flatten(), nn.Linear(inp, h), nn.ReLU()]
        if p: layers.append(nn.Dropout(p))
        layers += [nn.Linear(h, h), nn.ReLU()]
        if p: layers.append(nn.Dropout(p))
        layers.append(nn.Linear(h, out))
        return nn.Sequential(*layers)
    if m == "cnn" and task == "sketch":
        layers = [nn.Unflatten(1, (1, 12)), nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 32, 3, padding=1),
                  nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(32 * 36, 64), nn.ReLU()]
        if p: layers.append(nn.Dropout(p))
        layers.append(nn.Linear(64, out))
        return nn.Sequential(*layers)
    if m == "cnn":  # transit 1-D
        return nn.Sequential(nn.Unflatten(1, (1, 48)), nn.Conv1d(1, 16, 5, padding=2), nn.ReLU(),
                             nn.Conv1d(16, 32, 5, padding=2), nn.ReLU(), nn.AdaptiveMaxPool1d(1), nn.Flatten(),
                             nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, out))
    return Tagger(m)

import torch.nn as _nn
class Tagger(_nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.emb = _nn.Embedding(5, 16)
        cls = {"gru": _nn.GRU, "lstm": _nn.LSTM, "rnn": _nn.RNN}[kind]
        kw = {"nonlinearity": "relu"} if kind == "rnn" else {}
        self.rnn = cls(16, 64, batch_first=True, **kw)
        self.head = _nn.Linear(64, 5)
    def forward(self, x):
        h, _ = self.rnn(self.emb(x))
        return self.head(h)

def make_opt(cfg, params):
    import torch
    o, lr, wd = cfg["opt"], cfg["lr"], cfg.get("wd", 0.0)
    if o == "adam": return torch.optim.Adam(params, lr=lr, weight_decay=wd)
    if o == "adamw": return torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    if o == "sgdm": return torch.optim.SGD(params, lr=lr, momentum=0.9, nesterov=True, weight_decay=wd)
    return torch.optim.SGD(params, lr=lr, weight_decay=wd)

def loss_and_metric(cfg, out, yb):
    """returns (loss tensor, metric numerator, metric-count, extra) for one batch"""
    import torch, torch.nn.functional as F
    task = cfg["task"]
    if cfg.get("mse_class"):
        pred = out.squeeze(-1)
        loss = F.mse_loss(pred, yb.float())  # BUG regression on class ids
        return loss, (pred.round().clamp(0, 5).long() == yb).float().sum().item(), len(yb)
    if task == "poker":
        if cfg.get("softmax_ce"):
            loss = F.cross_entropy(torch.softmax(out, 1), yb)  # BUG softmax before CE
        else:
            loss = F.cross_entropy(out, yb)
        return loss, (out.argmax(1) == yb).float().sum().item(), len(yb)
    if task == "rocket":
        return F.mse_loss(out.squeeze(-1), yb), None, None
    if task == "sketch":
        if cfg.get("double_sigmoid"):
            out = torch.sigmoid(out)  # BUG model already ends in sigmoid, then BCEWithLogits
            loss = F.binary_cross_entropy_with_logits(out, yb); pred = out > 0.5
        else:
            loss = F.binary_cross_entropy_with_logits(out, yb); pred = out > 0
        return loss, pred.float().detach(), yb
    if task == "stack":
        loss = F.cross_entropy(out.reshape(-1, 5), yb.reshape(-1))
        return loss, (out.argmax(-1) == yb).float().sum().item(), yb.numel()
    out = out.squeeze(-1)
    return F.binary_cross_entropy_with_logits(out, yb), ((out > 0).float() == yb).float().sum().item(), len(yb)

def evaluate(cfg, model, X, y, train_mode=False):
    import torch
    if not train_mode:
        model.eval()
    tot, n, num, cnt = 0.0, 0, 0.0, 0; tp = fp = fn = 0.0; preds = []
    with torch.no_grad():
        for i in range(0, len(X), 256):
            xb, yb = X[i:i + 256], y[i:i + 256]
            out = model(xb)
            loss, a, b = loss_and_metric(cfg, out, yb)
            tot += loss.item() * len(xb); n += len(xb)
            if cfg["task"] == "sketch":
                tp += (a * b).sum().item(); fp += (a * (1 - b)).sum().item(); fn += ((1 - a) * b).sum().item()
            elif cfg["task"] == "rocket":
                preds.append(out.squeeze(-1))
            else:
                num += a; cnt += b
    model.train()
    vl = tot / n
    if cfg["task"] == "sketch":
        m = 2 * tp / max(2 * tp + fp + fn, 1e-9)
    elif cfg["task"] == "rocket":
        p = torch.cat(preds); m = 1 - ((p - y) ** 2).mean().item() / y.var(unbiased=False).item()
    else:
        m = num / cnt
    return vl, m

# ----------------------------------------------------------------------------------------------
# loggers for the plain-torch formats
class Log:
    def __init__(self, key, cfg, d):
        self.key, self.cfg, self.d = key, cfg, d
        self.fmt = key.split("/")[0]; self.m = METRIC[cfg["task"]]; self.rows = []
        self.best = (float("inf"), 0)
        st = cfg.get("style")
        if self.fmt == "text" and st == "A":
            print(f">> {cfg['task']} | {cfg['model']} | {cfg['opt']} lr={cfg['lr']:.0e} | {cfg['epochs']} epochs planned")
        elif self.fmt == "text" and st == "B":
            import logging
            lg = logging.getLogger("loop"); lg.setLevel(logging.INFO)
            fh = logging.FileHandler(os.path.join(d, "run.log"), mode="a")
            fh.setFormatter(logging.Formatter("%(asctime)s %(name)s[%(levelname)s] %(message)s")); lg.addHandler(fh)
            self.lg = lg
            lg.info(f"starting {cfg['task']}/{cfg['model']} with {cfg['opt']}(lr={cfg['lr']}) for {cfg['epochs']} epochs")
        elif self.fmt == "text" and st == "D":
            print("Config:", {k: cfg[k] for k in ("task", "model", "opt", "lr", "epochs")})
        elif self.fmt == "csv":
            path = os.path.join(d, "metrics.csv"); new = not os.path.exists(path)
            self.f = open(path, "a")
            if new:
                self.f.write(f"epoch,loss_train,loss_val,val_{self.m},lr\n"); self.f.flush()
        elif self.fmt == "jsonl":
            self.f = open(os.path.join(d, "log.jsonl"), "a")
        elif self.fmt == "tb":
            from torch.utils.tensorboard import SummaryWriter
            self.w = SummaryWriter(log_dir=os.path.join(d, "tb"))
        elif self.fmt == "tbx":
            from tensorboardX import SummaryWriter
            self.w = SummaryWriter(logdir=d)

    def step(self, gstep, loss, gn):
        if self.fmt == "tb" and gstep % 10 == 0:
            self.w.add_scalar("Batch/loss", loss, gstep); self.w.add_scalar("Batch/grad_norm", gn, gstep)

    def epoch(self, ep, tr, va, met, lr):
        E, st, m = self.cfg["epochs"], self.cfg.get("style"), self.m
        if va < self.best[0]: self.best = (va, ep)
        if self.fmt == "text":
            if st == "A":
                ms = f"{100 * met:.2f}%" if m == "acc" else f"{met:.4f}"
                print(f"E{ep:02d} -> loss(tr) {tr:.4f} | loss(va) {va:.4f} | {m} {ms} | eta {lr:.1e}")
            elif st == "B":
                self.lg.info(f"epoch #{ep} finished; train_loss={tr:.5f} ; eval_loss={va:.5f} ; eval_{m}={met:.4f} ; lr={lr:.2e}")
            elif st == "C":
                from tqdm import tqdm
                tqdm.write(f"\u2713 epoch {ep}  train {tr:.4f}  valid {va:.4f}  {m} {met:.4f}  lr {lr:.3g}")
            else:
                print({"epoch": ep, "train_loss": round(tr, 4), "eval_loss": round(va, 4), f"eval_{m}": round(met, 4),
                       "learning_rate": float(f"{lr:.3g}")})
        elif self.fmt == "csv":
            self.f.write(f"{ep},{tr:.6f},{va:.6f},{met:.6f},{lr:.6g}\n"); self.f.flush()
        elif self.fmt == "jsonl":
            self.f.write(json.dumps({"e": ep, "trn_loss": tr, "val_loss": va, f"val_{m}": met, "lr_now": lr}) + "\n")
            self.f.flush()
        elif self.fmt == "pandas":
            import pandas as pd
            self.rows.append({"ep": ep, "loss_tr": tr, "loss_va": va, f"{m}_va": met, "lr": lr})
            pd.DataFrame(self.rows).to_csv(os.path.join(self.d, "history.csv"), index=False)
        elif self.fmt == "tb":
            self.w.add_scalar("Train/Loss", tr, ep); self.w.add_scalar("Val/Loss", va, ep)
            self.w.add_scalar(f"Val/{m.upper()}", met, ep); self.w.add_scalar("Opt/LR", lr, ep); self.w.flush()
        elif self.fmt == "tbx":
            self.w.add_scalar("loss_train", tr, ep); self.w.add_scalar("loss_val", va, ep)
            self.w.add_scalar(f"{m}_val", met, ep); self.w.add_scalar("learning_rate", lr, ep); self.w.flush()

    def close(self):
        st = self.cfg.get("style")
        if self.fmt == "text" and st == "A":
            print(f">> done; lowest loss(va) {self.best[0]:.4f} @ E{self.best[1]:02d}")
        elif self.fmt == "text" and st == "B":
            self.lg.info("finished")
        elif self.fmt == "text" and st == "D":
            print(f"Training finished after {self.cfg['epochs']} epochs")
        if hasattr(self, "f"): self.f.close()
        if hasattr(self, "w"): self.w.close()

def train_torch(key, cfg, d):
    import torch
    torch.manual_seed(0); torch.set_num_threads(1)
    Xtr, ytr, Xva, yva = get_data(cfg)
    Xtr, ytr, Xva, yva = map(torch.from_numpy, (Xtr, ytr, Xva, yva))
    model = build_model(cfg, Xtr.shape[1] if Xtr.dim() == 2 else None)
    if cfg.get("freeze"):
        for p in list(model.parameters())[:-2]:
            p.requires_grad = False  # BUG meant to freeze for a warm start, never unfrozen
    opt = make_opt(cfg, [p for p in model.parameters() if p.requires_grad])
    if cfg.get("stale_opt"):
        model = build_model(cfg, None)  # BUG model re-created after the optimizer was built
    E, bs = cfg["epochs"], 64
    spe = math.ceil(len(Xtr) / bs)
    sched = None; s = cfg.get("sched")
    if s == "cosine":
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg.get("tmax", E))
    elif s == "steplr_batch":
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.5)
    elif s == "onecycle":
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=cfg["lr"], total_steps=E * spe)
    start = 1
    ck = os.path.join(TMP, key.replace("/", "__") + ".pt")
    if cfg.get("resume") and os.environ.get("NU49_RESUME") and os.path.exists(ck):
        st = torch.load(ck); model.load_state_dict(st["model"]); opt.load_state_dict(st["opt"]); start = st["epoch"] + 1
        print(f"resumed from checkpoint at epoch {st['epoch']}")
    kill_at = cfg.get("kill_at") or int(os.environ.get("NU49_KILL_AT", "0"))
    log = Log(key, cfg, d)
    g = torch.Generator().manual_seed(1)
    gstep = (start - 1) * spe
    style = cfg.get("style")
    for ep in range(start, E + 1):
        perm = torch.randperm(len(Xtr), generator=g)
        batches = range(spe)
        bar = None
        if style == "C":
            from tqdm import tqdm
            bar = tqdm(batches, desc=f"ep {ep}/{E}", leave=False, mininterval=0.05, ncols=90)
            batches = bar
        tot, n = 0.0, 0
        for b in batches:
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr[idx], ytr[idx]
            out = model(xb)
            loss, _, _ = loss_and_metric(cfg, out, yb)
            if not cfg.get("no_zero_grad"):
                opt.zero_grad()
            # BUG (no_zero_grad runs): the zero_grad() line is missing, gradients accumulate
            loss.backward()
            gn = torch.norm(torch.stack([p.grad.norm() for p in model.parameters() if p.grad is not None])).item() \
                if any(p.grad is not None for p in model.parameters()) else 0.0
            if cfg.get("clip"):
                torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"])
            opt.step()
            if s in ("steplr_batch", "onecycle"):
                sched.step()  # BUG for steplr_batch: a per-epoch StepLR stepped every batch
            gstep += 1
            tot += loss.item() * len(xb); n += len(xb)
            log.step(gstep, loss.item(), gn)
            if bar is not None:
                bar.set_postfix(loss=f"{loss.item():.4f}")
        if bar is not None:
            bar.close()
        lr = opt.param_groups[0]["lr"]
        va, met = evaluate(cfg, model, Xva, yva, train_mode=cfg.get("never_eval", False))
        # BUG (never_eval runs): evaluate() was meant to call model.eval(); this one passes train_mode=True
        log.epoch(ep, tot / n, va, met, lr)
        if s == "cosine":
            sched.step()
        if cfg.get("resume") and ep % 5 == 0:
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": ep}, ck)
        if kill_at and ep == kill_at:
            sys.stdout.flush(); os.kill(os.getpid(), signal.SIGKILL)
    log.close()

# ----------------------------------------------------------------------------------------------
def train_lightning(key, cfg, d):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    torch.manual_seed(0); torch.set_num_threads(1)
    Xtr, ytr, Xva, yva = get_data(cfg)
    tds = torch.utils.data.TensorDataset(torch.from_numpy(Xtr), torch.from_numpy(ytr))
    vds = torch.utils.data.TensorDataset(torch.from_numpy(Xva), torch.from_numpy(yva))
    m = METRIC[cfg["task"]]

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__(); self.net = build_model(cfg, Xtr.shape[1] if Xtr.ndim == 2 else None)
            self.acc = []
        def training_step(self, batch, i):
            loss, _, _ = loss_and_metric(cfg, self.net(batch[0]), batch[1])
            self.log("train_loss", loss, on_step=False, on_epoch=True); return loss
        def on_validation_epoch_start(self):
            self.acc = []
        def validation_step(self, batch, i):
            out = self.net(batch[0]); loss, a, b = loss_and_metric(cfg, out, batch[1])
            self.log("val_loss", loss, on_epoch=True)
            self.acc.append((out.detach(), batch[1]))
        def on_validation_epoch_end(self):
            out = torch.cat([o for o, _ in self.acc]); y = torch.cat([t for _, t in self.acc])
            if cfg["task"] == "rocket":
                v = 1 - ((out.squeeze(-1) - y) ** 2).mean() / y.var(unbiased=False)
            elif cfg["task"] == "sketch":
                p = (out > 0).float(); tp = (p * y).sum(); v = 2 * tp / (2 * tp + (p * (1 - y)).sum() + ((1 - p) * y).sum())
            elif cfg["task"] == "transit":
                v = ((out.squeeze(-1) > 0).float() == y).float().mean()
            else:
                v = (out.argmax(-1) == y).float().mean()
            self.log(f"val_{m}", v)
        def configure_optimizers(self):
            opt = make_opt(cfg, self.parameters())
            if cfg.get("sched") == "cosine":
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg["epochs"])}
            return opt

    cbs = [LearningRateMonitor(logging_interval="epoch")] if cfg.get("sched") else []
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(d, name="lightning_logs"), callbacks=cbs,
                   enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                   accelerator="cpu", devices=1, num_sanity_val_steps=0, deterministic=True)
    tr.fit(Lit(), torch.utils.data.DataLoader(tds, batch_size=64, shuffle=True,
                                              generator=torch.Generator().manual_seed(1)),
           torch.utils.data.DataLoader(vds, batch_size=256))

def train_keras(key, cfg, d):
    os.environ["KERAS_BACKEND"] = "torch"
    import keras, pandas as pd
    keras.utils.set_random_seed(0)
    Xtr, ytr, Xva, yva = get_data(cfg)
    task = cfg["task"]
    Xtr = Xtr.reshape(len(Xtr), -1); Xva = Xva.reshape(len(Xva), -1)
    reg = keras.regularizers.L2(cfg["l2"]) if cfg.get("l2") else None  # BUG (l2 run): 3.0 meant 3e-4
    layers = [keras.Input((Xtr.shape[1],))]
    if task == "stack":
        Xtr = keras.utils.to_categorical(Xtr, 5).reshape(len(Xtr), -1); Xva = keras.utils.to_categorical(Xva, 5).reshape(len(Xva), -1)
        layers = [keras.Input((80,))]
    layers += [keras.layers.Dense(128, activation="relu", kernel_regularizer=reg),
               keras.layers.Dense(128, activation="relu", kernel_regularizer=reg)]
    if task == "poker":
        layers.append(keras.layers.Dense(6, activation="softmax")); loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
    elif task == "rocket":
        layers.append(keras.layers.Dense(1)); loss, mets = "mse", ["mae"]
    elif task == "sketch":
        layers.append(keras.layers.Dense(5, activation="sigmoid", kernel_regularizer=reg)); loss, mets = "binary_crossentropy", ["binary_accuracy"]
    elif task == "transit":
        layers.append(keras.layers.Dense(1, activation="sigmoid")); loss, mets = "binary_crossentropy", ["accuracy"]
    else:
        layers += [keras.layers.Dense(16 * 5), keras.layers.Reshape((16, 5)), keras.layers.Softmax()]
        loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
    model = keras.Sequential(layers)
    opt = keras.optimizers.Adam(cfg["lr"]) if cfg["opt"] == "adam" else keras.optimizers.SGD(cfg["lr"])
    model.compile(optimizer=opt, loss=loss, metrics=mets)
    cbs = [keras.callbacks.CSVLogger(os.path.join(d, "training.log"))] if cfg["kout"] == "csvlogger" else []
    h = model.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=cfg["epochs"], batch_size=64, verbose=2, callbacks=cbs,
                  shuffle=True)
    if cfg["kout"] == "json":
        with open(os.path.join(d, "history.json"), "w") as f:
            json.dump({k: [float(x) for x in v] for k, v in h.history.items()}, f)
    elif cfg["kout"] == "csv":
        pd.DataFrame(h.history).to_csv(os.path.join(d, "history.csv"), index=False)

def train_hf(key, cfg, d):
    import torch
    from transformers import GPTNeoXConfig, GPTNeoXForCausalLM, Trainer, TrainingArguments
    torch.manual_seed(0); torch.set_num_threads(1)
    rng = np.random.default_rng(16)
    def seqs(n, L=20):
        X = np.zeros((n, L), np.int64)
        for i in range(n):
            X[i, 0], X[i, 1] = rng.integers(0, 10, 2)
            for t in range(2, L):
                X[i, t] = (X[i, t - 2] + X[i, t - 1]) % 10 if rng.random() > 0.03 else rng.integers(0, 10)
        return X
    tr, va = seqs(4000), seqs(400)
    class DS(torch.utils.data.Dataset):
        def __init__(self, X): self.X = torch.from_numpy(X)
        def __len__(self): return len(self.X)
        def __getitem__(self, i): return {"input_ids": self.X[i], "labels": self.X[i]}
    conf = GPTNeoXConfig(vocab_size=10, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                         intermediate_size=64, max_position_embeddings=32, bos_token_id=0, eos_token_id=0)
    model = GPTNeoXForCausalLM(conf)
    out = os.path.join(TMP, key.replace("/", "__"))
    args = TrainingArguments(output_dir=out, num_train_epochs=cfg["epochs"], per_device_train_batch_size=32,
                             per_device_eval_batch_size=100, learning_rate=cfg["lr"], lr_scheduler_type=cfg["sched"],
                             warmup_steps=cfg.get("warmup", 0), logging_steps=10, eval_strategy="epoch",
                             save_strategy="no", report_to=[], seed=0, use_cpu=True, disable_tqdm=True)
    t = Trainer(model=model, args=args, train_dataset=DS(tr), eval_dataset=DS(va))
    t.train(); t.save_state()
    shutil.copy(os.path.join(out, "trainer_state.json"), os.path.join(d, "trainer_state.json"))
    shutil.rmtree(out, ignore_errors=True)

# ----------------------------------------------------------------------------------------------
import numpy as np

def child(key):
    cfg = R[key]; d = os.path.join(RUNS, key); os.makedirs(d, exist_ok=True); os.makedirs(TMP, exist_ok=True)
    fmt = key.split("/")[0]
    if fmt == "lightning": train_lightning(key, cfg, d)
    elif fmt == "keras": train_keras(key, cfg, d)
    elif fmt == "hf": train_hf(key, cfg, d)
    else: train_torch(key, cfg, d)

TEXTFILE = {"A": "train.log", "B": None, "C": "console.txt", "D": "stdout.txt"}

def launch(key):
    cfg = R[key]; d = os.path.join(RUNS, key)
    shutil.rmtree(d, ignore_errors=True); os.makedirs(d); os.makedirs(TMP, exist_ok=True)
    ck = os.path.join(TMP, key.replace("/", "__") + ".pt")
    if os.path.exists(ck): os.remove(ck)
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1", KERAS_BACKEND="torch")
    env.pop("TQDM_DISABLE", None)
    tf = TEXTFILE.get(cfg.get("style")) if key.startswith("text/") else None
    passes = [{"NU49_KILL_AT": str(cfg["relaunch"])}, {"NU49_RESUME": "1"}] if cfg.get("relaunch") else [{}]
    t0 = time.time()
    for extra in passes:
        outp = os.path.join(d, tf) if tf else os.path.join(TMP, key.replace("/", "__") + ".out")
        with open(outp, "a") as f:
            subprocess.run([sys.executable, os.path.abspath(__file__), "--child", key], stdout=f, stderr=f,
                           env=dict(env, **extra), cwd=TMP)
    return key, time.time() - t0

if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--only"); ap.add_argument("--child")
    a = ap.parse_args()
    if a.child:
        child(a.child); sys.exit(0)
    keys = a.only.split(",") if a.only else list(R)
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(2) as ex:
        for k, dt in ex.map(launch, keys):
            print(f"{k}: {dt:.1f}s", flush=True)
