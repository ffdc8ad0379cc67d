"""Lock-box batch 2026-12-20nu24: ~50 small CPU trainings a new user might write.

python make_runs.py                 # every run, two at a time, each in its own process
python make_runs.py --only text/beer_mlp_cosine   # re-make one run

Each run writes runs/<format>/<run-name>/ exactly as its logger leaves it.  Text runs print to stdout, which the
driver redirects (PYTHONUNBUFFERED=1) into the run's log file.  Data are generated with numpy; nothing is downloaded.
"""
import argparse, csv, json, logging, math, os, shutil, signal, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
TMP = "/tmp/nu24_tmp"

# ----------------------------------------------------------------------------------------------------------------
# data (numpy only)
# ----------------------------------------------------------------------------------------------------------------
import numpy as np

BEER_STYLES = ["lager", "ipa", "stout", "wheat", "sour"]
# abv, ibu, srm, og, fg, ph, co2 vols, hop aroma (0-10)
BEER_MU = np.array([
    [4.8, 18, 4, 1.046, 1.009, 4.3, 2.6, 2],
    [6.5, 60, 9, 1.062, 1.012, 4.4, 2.4, 8],
    [6.0, 40, 38, 1.062, 1.016, 4.2, 2.0, 3],
    [5.2, 14, 5, 1.050, 1.011, 4.1, 3.4, 2],
    [4.6, 8, 7, 1.046, 1.008, 3.3, 2.7, 1]])
BEER_SD = np.array([0.8, 14, 5, 0.008, 0.004, 0.25, 0.4, 2.2])


def beer_data(n, seed, raw=False):
    r = np.random.default_rng(seed)
    y = r.integers(0, 5, n)
    X = BEER_MU[y] + r.normal(0, 1, (n, 8)) * BEER_SD
    X[:, 1] = np.abs(X[:, 1]); X[:, 2] = np.abs(X[:, 2]) + 1
    flip = r.random(n) < 0.05
    y = np.where(flip, r.integers(0, 5, n), y)
    return X.astype(np.float32), y.astype(np.int64)


def peaks_data(n, seed):
    """12 tokens over symbols 1..6; class = number of interior local maxima, bucketed 0-1 / 2 / 3 / >=4."""
    r = np.random.default_rng(seed)
    T = r.integers(1, 7, (n, 12))
    mid = T[:, 1:-1]
    cnt = ((mid > T[:, :-2]) & (mid > T[:, 2:])).sum(1)
    y = np.clip(cnt - 1, 0, 3)
    return T.astype(np.int64), y.astype(np.int64)


def glyph_data(n, seed):
    """12x12 noisy image of an X, a ring, a plus or a square outline (K = 4)."""
    r = np.random.default_rng(seed)
    y = r.integers(0, 4, n)
    imgs = np.zeros((n, 12, 12), np.float32)
    yy, xx = np.mgrid[0:12, 0:12]
    for i in range(n):
        s = r.integers(2, 5); cy, cx = r.integers(s, 12 - s, 2)
        dy, dx = yy - cy, xx - cx
        inside = (np.abs(dy) <= s) & (np.abs(dx) <= s)
        if y[i] == 0: m = inside & ((dy == dx) | (dy == -dx))
        elif y[i] == 1: m = np.abs(np.sqrt(dy ** 2 + dx ** 2) - s) < 0.6
        elif y[i] == 2: m = inside & ((dy == 0) | (dx == 0))
        else: m = inside & ((np.abs(dy) == s) | (np.abs(dx) == s))
        imgs[i] = m * r.uniform(0.6, 1.2) + r.normal(0, 0.45, (12, 12))
    return imgs[:, None], y.astype(np.int64)


def bike_data(n, seed):
    """cycling power. cols: speed km/h, grade %, rider+bike kg, CdA m2, headwind m/s, Crr. Target: log watts."""
    r = np.random.default_rng(seed)
    v = r.uniform(12, 45, n); grade = np.where(r.random(n) < 0.3, 0.0, r.uniform(0, 9, n))
    m = r.uniform(60, 115, n); cda = r.uniform(0.24, 0.46, n); w = r.uniform(-4, 7, n); crr = r.uniform(0.003, 0.009, n)
    vs = v / 3.6; va = vs + w
    P = vs * (m * 9.81 * (crr + grade / 100) + 0.5 * 1.2 * cda * va * np.abs(va)) / 0.97
    P = np.maximum(P, 8.0) * np.exp(r.normal(0, 0.03, n))
    X = np.stack([v, grade, m, cda, w, crr], 1).astype(np.float32)
    return X, P.astype(np.float32)


def standardise(Xtr, *others):
    mu, sd = Xtr.mean(0), Xtr.std(0) + 1e-8
    return [(Xtr - mu) / sd] + [(o - mu) / sd for o in others]


def get_task(task, spec):
    if task == "beer":
        Xtr, ytr = beer_data(1500, 1); Xva, yva = beer_data(500, 2)
        if not spec.get("raw"):
            Xtr, Xva = standardise(Xtr, Xva)
        return Xtr, ytr, Xva, yva, 5
    if task == "peaks":
        Xtr, ytr = peaks_data(3000, 3); Xva, yva = peaks_data(600, 4)
        return Xtr, ytr, Xva, yva, 4
    if task == "glyph":
        Xtr, ytr = glyph_data(2000, 5); Xva, yva = glyph_data(500, 6)
        return Xtr, ytr, Xva, yva, 4
    if task == "bike":
        Xtr, Ptr = bike_data(2000, 7); Xva, Pva = bike_data(500, 8)
        if spec.get("log_grade"):  # log-transform the "skewed" grade column (it has exact zeros)
            Xtr = Xtr.copy(); Xva = Xva.copy()
            Xtr[:, 1] = np.log(Xtr[:, 1]); Xva[:, 1] = np.log(Xva[:, 1])
        Xtr, Xva = standardise(Xtr, Xva)
        if spec.get("raw_target"):
            return Xtr, Ptr, Xva, Pva, 0
        lt, lv = np.log(Ptr), np.log(Pva)
        mu, sd = lt.mean(), lt.std()
        return Xtr, ((lt - mu) / sd).astype(np.float32), Xva, ((lv - mu) / sd).astype(np.float32), 0
    raise KeyError(task)


# ----------------------------------------------------------------------------------------------------------------
# torch models
# ----------------------------------------------------------------------------------------------------------------
def torch_models():
    import torch
    import torch.nn as nn

    class MLP(nn.Module):
        def __init__(s, d_in, d_out, h=64, depth=2, drop=0.0, bn=False, drop_in=0.0):
            super().__init__()
            L = [nn.Dropout(drop_in)] if drop_in else []
            d = d_in
            for _ in range(depth):
                L += [nn.Linear(d, h)] + ([nn.BatchNorm1d(h)] if bn else []) + [nn.ReLU()] + ([nn.Dropout(drop)] if drop else [])
                d = h
            L.append(nn.Linear(d, d_out))
            s.net = nn.Sequential(*L)

        def forward(s, x):
            return s.net(x)

    class SeqRNN(nn.Module):
        def __init__(s, k, kind="gru", h=48, rec_scale=None):
            super().__init__()
            s.emb = nn.Embedding(7, 16)
            if kind == "gru": s.rnn = nn.GRU(16, h, batch_first=True)
            elif kind == "lstm": s.rnn = nn.LSTM(16, h, batch_first=True)
            else:
                s.rnn = nn.RNN(16, h, batch_first=True, nonlinearity="relu")
                if rec_scale:
                    with torch.no_grad():
                        s.rnn.weight_hh_l0.copy_(torch.eye(h) * rec_scale)
            s.head = nn.Linear(h, k)

        def forward(s, x):
            o, _ = s.rnn(s.emb(x))
            return s.head(o[:, -1])

    class TinyTransformer(nn.Module):
        def __init__(s, k, d=32):
            super().__init__()
            s.emb = nn.Embedding(7, d); s.pos = nn.Parameter(torch.randn(12, d) * 0.1)
            layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True)
            s.enc = nn.TransformerEncoder(layer, 2); s.head = nn.Linear(d, k)

        def forward(s, x):
            return s.head(s.enc(s.emb(x) + s.pos).mean(1))

    class CNN(nn.Module):
        def __init__(s, k, bn=False, drop=0.0, extra_softmax=False):
            super().__init__()
            s.f = nn.Sequential(nn.Conv2d(1, 12, 3, padding=1), *( [nn.BatchNorm2d(12)] if bn else []), nn.ReLU(), nn.MaxPool2d(2),
                                nn.Conv2d(12, 24, 3, padding=1), *( [nn.BatchNorm2d(24)] if bn else []), nn.ReLU(), nn.MaxPool2d(2),
                                nn.Flatten(), *( [nn.Dropout(drop)] if drop else []), nn.Linear(24 * 9, 64), nn.ReLU(), nn.Linear(64, k))
            s.extra_softmax = extra_softmax

        def forward(s, x):
            z = s.f(x)
            return torch.softmax(z, 1) if s.extra_softmax else z

    return MLP, SeqRNN, TinyTransformer, CNN


def build_model(spec, d_in, k):
    MLP, SeqRNN, TinyTransformer, CNN = torch_models()
    m = spec["model"]; out = k if k else 1
    if spec.get("mse_on_ids"): out = 1
    if m == "mlp": return MLP(d_in, out, h=spec.get("h", 64), depth=spec.get("depth", 2), drop=spec.get("drop", 0.0), bn=spec.get("bn", False), drop_in=spec.get("drop_in", 0.0))
    if m in ("gru", "lstm", "relurnn"): return SeqRNN(k, m, rec_scale=spec.get("rec_scale"))
    if m == "transformer": return TinyTransformer(k)
    if m == "cnn": return CNN(k, bn=spec.get("bn", False), drop=spec.get("drop", 0.0), extra_softmax=spec.get("softmax_ce", False))
    raise KeyError(m)


# ----------------------------------------------------------------------------------------------------------------
# loggers for the plain torch loop
# ----------------------------------------------------------------------------------------------------------------
class Logger:
    """one object, many styles; each style writes the way a user would have written it"""

    def __init__(self, spec, rd, regression):
        self.s = spec["log"]; self.rd = rd; self.reg = regression; self.name = spec["name"]
        self.mname = "mae" if regression else "acc"
        st = self.s
        if st == "logging_ts":
            logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
            self.lg = logging.getLogger(spec["task"])
        if st == "csvwriter":
            self.f = open(os.path.join(rd, "history.csv"), "a", newline=""); self.w = csv.writer(self.f)
            if self.f.tell() == 0: self.w.writerow(["epoch", "train_loss", "val_loss", "val_" + self.mname, "lr"])
        if st == "dictwriter":
            self.f = open(os.path.join(rd, "log.csv"), "w", newline="")
            self.w = csv.DictWriter(self.f, ["ep", "seconds", "trn_loss", "dev_loss", "dev_" + self.mname, "lr"]); self.w.writeheader(); self.t0 = time.time()
        if st == "pandas":
            self.rows = []
        if st == "jsonl":
            self.f = open(os.path.join(rd, "metrics.jsonl"), "a")
        if st in ("tb", "tbx"):
            if st == "tb":
                from torch.utils.tensorboard import SummaryWriter
            else:
                from tensorboardX import SummaryWriter
            self.tb = SummaryWriter(rd if st == "tbx" else os.path.join(rd, "runs", spec["name"]))
        self.gs = 0

    def launch(self, info):
        if self.s in ("print_a", "print_c", "print_e", "tqdm", "steps"):
            print(info, flush=True)
        elif self.s == "logging_ts":
            self.lg.info(info)

    def step(self, gs, loss, lr, gn):
        st = self.s
        if st == "steps" and gs % 20 == 0:
            print(f"step {gs:5d} | {'mse' if self.reg else 'xent'} {loss:.5f} | lr {lr:.3e}", flush=True)
        if st == "jsonl" and gs % 10 == 0:
            self.f.write(json.dumps({"kind": "step", "step": gs, "loss": loss, "grad_norm": gn, "lr": lr}) + "\n")
        if st == "tbx" and gs % 10 == 0:
            self.tb.add_scalar("step/loss", loss, gs); self.tb.add_scalar("step/grad_norm", gn, gs)

    def epoch(self, ep, n, tr, va, met, lr, gs):
        st = self.s; M = self.mname
        if st == "print_a":
            ms = f"mae {met:.4f}" if self.reg else f"acc {100 * met:.1f}%"
            print(f"[ep {ep}/{n}] train: {tr:.4f} | valid: {va:.4f} ({ms}) | lr={lr:.2e}", flush=True)
        elif st == "logging_ts":
            self.lg.info(f"round {ep} -> objective {tr:.4f} heldout {va:.4f} {'abs-err' if self.reg else 'hit-rate'} {met:.4f}")
        elif st == "print_c":
            print(f"Epoch #{ep}  avg_loss={tr:.5f}  dev_loss={va:.5f}  dev_{'mae' if self.reg else 'accuracy'}={met:.4f}", flush=True)
        elif st == "print_e":
            print(f"e={ep} loss:{tr:.4f} val:{va:.4f} {M}:{met:.4f}", flush=True)
        elif st == "tqdm":
            from tqdm import tqdm
            tqdm.write(f"** end of epoch {ep}: train {tr:.4f}, valid {va:.4f}, {M} {met:.4f}")
        elif st == "steps":
            print(f"[val] step {gs} {'mse' if self.reg else 'xent'} {va:.5f} {M} {met:.4f}", flush=True)
        elif st == "csvwriter":
            self.w.writerow([ep, tr, va, met, lr]); self.f.flush()
        elif st == "dictwriter":
            self.w.writerow({"ep": ep, "seconds": round(time.time() - self.t0, 2), "trn_loss": tr, "dev_loss": va, "dev_" + M: met, "lr": lr}); self.f.flush()
        elif st == "pandas":
            self.rows.append({"epoch": ep, "loss/train": tr, "loss/val": va, f"{M}/val": met, "lr": lr})
        elif st == "jsonl":
            self.f.write(json.dumps({"kind": "epoch", "epoch": ep, "train_loss": tr, "val_loss": va, "val_" + M: met}) + "\n"); self.f.flush()
        elif st == "tb":
            self.tb.add_scalar("Loss/train", tr, ep); self.tb.add_scalar("Loss/valid", va, ep)
            self.tb.add_scalar("MAE/valid" if self.reg else "Accuracy/valid", met, ep); self.tb.add_scalar("LR", lr, ep); self.tb.flush()
        elif st == "tbx":
            self.tb.add_scalar("epoch/train_loss", tr, ep); self.tb.add_scalar("epoch/val_loss", va, ep)
            self.tb.add_scalar("epoch/val_" + M, met, ep); self.tb.add_scalar("epoch/lr", lr, ep); self.tb.flush()

    def final(self, text):
        if self.s in ("print_a", "print_c", "print_e", "tqdm", "steps"):
            print(text, flush=True)
        elif self.s == "logging_ts":
            self.lg.info(text)

    def close(self):
        if self.s == "pandas":
            import pandas as pd
            pd.DataFrame(self.rows).to_csv(os.path.join(self.rd, "progress.csv"), index=False)
        if hasattr(self, "f"): self.f.close()
        if hasattr(self, "tb"): self.tb.close()


# ----------------------------------------------------------------------------------------------------------------
# the plain torch loop (with the faults a new user makes)
# ----------------------------------------------------------------------------------------------------------------
def run_torch(spec, rd):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(spec.get("seed", 0)); np.random.seed(spec.get("seed", 0)); torch.set_num_threads(1)
    Xtr, ytr, Xva, yva, k = get_task(spec["task"], spec)
    reg = k == 0
    if spec.get("tiny"): Xtr, ytr = Xtr[:spec["tiny"]], ytr[:spec["tiny"]]
    if spec.get("shuffle_separately"):
        # "shuffle the data before training" - but X and y get their own shuffles
        np.random.shuffle(Xtr); np.random.shuffle(ytr)
    if spec.get("leak"):
        # the "validation" rows are drawn from the training rows (a dedupe step that went the wrong way round)
        idx = np.random.default_rng(11).choice(len(Xtr), len(Xva), replace=False)
        Xva, yva = Xtr[idx].copy(), ytr[idx].copy()
    Xtr_t, ytr_t, Xva_t, yva_t = map(torch.tensor, (Xtr, ytr, Xva, yva))
    model = build_model(spec, Xtr.shape[1] if Xtr.ndim == 2 else None, k)
    if spec.get("half"): model = model.half()
    params = model.parameters()
    if spec.get("frozen"):
        for nme, p in model.named_parameters():
            if not nme.startswith("head"): p.requires_grad = False
    if spec.get("opt_wrong_model"):
        other = build_model(spec, Xtr.shape[1], k)
        params = other.parameters()  # built for a copy of the model, never the one trained
    lr = spec["lr"]; wd = spec.get("wd", 0.0)
    if spec["opt"] == "sgd": opt = torch.optim.SGD(params, lr=lr, momentum=spec.get("mom", 0.9), weight_decay=wd)
    elif spec["opt"] == "adamw": opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    else: opt = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    E = spec["epochs"]; bs = spec.get("bs", 64)
    nb = math.ceil(len(Xtr) / bs)
    sched = None; sk = spec.get("sched")
    if sk == "cosine": sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=spec.get("tmax", E))
    elif sk == "step": sched = torch.optim.lr_scheduler.StepLR(opt, spec.get("step_size", 10), spec.get("gamma", 0.3))
    elif sk == "plateau": sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    elif sk == "warmup_cos":
        W = spec.get("warm", 3) * nb; T = E * nb
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: (s + 1) / W if s < W else 0.5 * (1 + math.cos(math.pi * (s - W) / max(1, T - W))))
    elif sk == "warmup_lin":
        W = spec.get("warm", 3) * nb; T = E * nb
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: (s + 1) / W if s < W else max(0.0, (T - s) / (T - W)))
    per_batch = sk in ("warmup_cos", "warmup_lin") or spec.get("sched_per_batch")

    def lossf(out, y):
        if reg: return F.mse_loss(out.squeeze(-1).float(), y)
        if spec.get("mse_on_ids"): return F.mse_loss(out.squeeze(-1), y.float())
        return F.cross_entropy(out.float(), y)

    def evaluate(X, Y):
        with torch.no_grad():
            out = model(X.half() if spec.get("half") and X.dtype == torch.float32 else X)
            l = lossf(out, Y).item()
            if reg: m = (out.squeeze(-1).float() - Y).abs().mean().item()
            elif spec.get("mse_on_ids"): m = (out.squeeze(-1).round().clamp(0, k - 1).long() == Y).float().mean().item()
            else: m = (out.argmax(1) == Y).float().mean().item()
        return l, m

    phase = int(os.environ.get("NU24_PHASE", "0")); start = 1
    ck = os.path.join(TMP, spec["name"] + ".pt")
    lg = Logger(spec, rd, reg)
    if phase == 2:
        state = torch.load(ck); model.load_state_dict(state["model"]); opt.load_state_dict(state["opt"])
        if sched is not None and state.get("sched"): sched.load_state_dict(state["sched"])
        start = state["epoch"] + 1
        lg.launch(f"=== resuming {spec['name']} from checkpoint at epoch {state['epoch']} ===")
    else:
        lg.launch(f"=== {spec['name']}: {spec['model']} on {spec['task']}, {spec['opt']} lr={lr}, {E} epochs, batch {bs} ===")
    gen = torch.Generator().manual_seed(spec.get("seed", 0) + start)
    gs = (start - 1) * nb
    best, bad = float("inf"), 0
    for ep in range(start, E + 1):
        if spec.get("kill_at") == ep and phase != 2:
            os.kill(os.getpid(), signal.SIGKILL)
        if not spec.get("no_train_mode") or ep == 1:
            model.train()
        perm = torch.randperm(len(Xtr_t), generator=gen)
        tot, cnt = 0.0, 0
        it = range(nb)
        if spec["log"] == "tqdm":
            from tqdm import tqdm
            it = tqdm(it, desc=f"epoch {ep}", ascii=True, file=sys.stdout, mininterval=0, miniters=1)
        for b in it:
            ix = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr_t[ix], ytr_t[ix]
            if spec.get("half") and xb.dtype == torch.float32: xb = xb.half()
            if not spec.get("no_zero_grad"):
                opt.zero_grad()
            out = model(xb)
            loss = lossf(out, yb)
            if spec.get("l1"):
                loss = loss + spec["l1"] * sum(p.abs().sum() for p in model.parameters())
            loss.backward()
            gn = math.sqrt(sum(float(p.grad.float().norm() ** 2) for p in model.parameters() if p.grad is not None))
            if spec.get("clip"): nn.utils.clip_grad_norm_(model.parameters(), spec["clip"])
            opt.step(); gs += 1
            if sched is not None and per_batch: sched.step()
            li = loss.item(); tot += li * len(ix); cnt += len(ix)
            if spec["log"] == "tqdm" and b % 8 == 0: it.set_postfix(loss=f"{li:.4f}")
            lg.step(gs, li, opt.param_groups[0]["lr"], gn)
        tr = tot / cnt
        model.eval()
        if spec.get("eval_on_train"): va, met = evaluate(Xtr_t[:len(Xva)], ytr_t[:len(Xva)])
        else: va, met = evaluate(Xva_t, yva_t)
        lrnow = opt.param_groups[0]["lr"]
        lg.epoch(ep, E, tr, va, met, lrnow, gs)
        if sched is not None and not per_batch:
            sched.step(va) if sk == "plateau" else sched.step()
        if phase == 1 and ep % 4 == 0:
            os.makedirs(TMP, exist_ok=True)
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict() if sched else None, "epoch": ep}, ck)
        if phase == 1 and ep == spec["crash_at"]:
            lg.close(); os.kill(os.getpid(), signal.SIGKILL)
        if spec.get("early_stop"):
            if va < best - 1e-4: best, bad = va, 0
            else:
                bad += 1
                if bad >= spec["early_stop"]:
                    lg.final(f"early stopping at epoch {ep}: no improvement for {bad} epochs (best {best:.4f})"); break
    if spec.get("eval_on_train"):
        model.eval(); tl, tm = evaluate(Xva_t, yva_t)
        lg.final(f"final test: loss {tl:.4f} acc {tm:.4f}")
        if spec["log"] == "pandas": lg.rows.append({"epoch": "test", "loss/train": None, "loss/val": tl, "acc/val": tm, "lr": None})
    lg.final("done.")
    lg.close()
    if phase == 2 and os.path.exists(ck): os.remove(ck)


# ----------------------------------------------------------------------------------------------------------------
# Lightning
# ----------------------------------------------------------------------------------------------------------------
def run_lightning(spec, rd):
    import torch, torch.nn.functional as F
    import lightning as Lt
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, Callback
    torch.set_num_threads(1); Lt.seed_everything(spec.get("seed", 0), verbose=False)
    Xtr, ytr, Xva, yva, k = get_task(spec["task"], spec)
    reg = k == 0
    if spec.get("flatten"): Xtr, Xva = Xtr.reshape(len(Xtr), -1), Xva.reshape(len(Xva), -1)

    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = torch.tensor(X), torch.tensor(y)
        def __len__(s): return len(s.X)
        def __getitem__(s, i): return s.X[i], s.y[i]

    class Lit(Lt.LightningModule):
        def __init__(s):
            super().__init__(); s.net = build_model(spec, Xtr.shape[1] if Xtr.ndim == 2 else None, k)

        def training_step(s, b, i):
            x, y = b; o = s.net(x)
            l = F.mse_loss(o.squeeze(-1), y) if reg else F.cross_entropy(o, y)
            s.log("train_loss", l, on_step=True, on_epoch=True); return l

        def validation_step(s, b, i):
            x, y = b; o = s.net(x)
            if reg:
                s.log("val_loss", F.mse_loss(o.squeeze(-1), y)); s.log("val_mae", (o.squeeze(-1) - y).abs().mean())
            else:
                s.log("val_loss", F.cross_entropy(o, y)); s.log("val_acc", (o.argmax(1) == y).float().mean())

        def configure_optimizers(s):
            opt = torch.optim.Adam(s.parameters(), lr=spec["lr"], weight_decay=spec.get("wd", 0.0))
            if spec.get("sched") == "cosine":
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=spec.get("tmax", spec["epochs"]))}
            if spec.get("sched") == "plateau":
                return {"optimizer": opt, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3), "monitor": "val_loss"}}
            return opt

    class Kill(Callback):
        def on_train_epoch_start(s, tr, pl):
            if spec.get("kill_at") is not None and tr.current_epoch == spec["kill_at"]:
                os.kill(os.getpid(), signal.SIGKILL)

    tl = torch.utils.data.DataLoader(DS(Xtr, ytr), batch_size=spec.get("bs", 64), shuffle=True)
    vl = torch.utils.data.DataLoader(DS(Xva, yva), batch_size=256)
    logger = CSVLogger(rd, name="lightning_logs", version=0, flush_logs_every_n_steps=10)
    tr = Lt.Trainer(max_epochs=spec["epochs"], logger=logger, callbacks=[LearningRateMonitor("epoch"), Kill()], log_every_n_steps=10,
                    enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False, accelerator="cpu", devices=1)
    tr.fit(Lit(), tl, vl)


# ----------------------------------------------------------------------------------------------------------------
# Keras 3 (torch backend)
# ----------------------------------------------------------------------------------------------------------------
def run_keras(spec, rd):
    os.environ["KERAS_BACKEND"] = "torch"
    import torch; torch.set_num_threads(1)
    import keras
    keras.utils.set_random_seed(spec.get("seed", 0))
    Xtr, ytr, Xva, yva, k = get_task(spec["task"], spec)
    reg = k == 0
    L = keras.layers
    reg_l2 = keras.regularizers.l2(spec["l2"]) if spec.get("l2") else None
    if spec["task"] == "peaks":
        model = keras.Sequential([keras.Input((12,)), L.Embedding(7, 12), L.Flatten(), L.Dense(64, activation="relu"), L.Dense(64, activation="relu"), L.Dense(k, activation="softmax")])
    elif spec["task"] == "glyph":
        Xtr, Xva = Xtr.reshape(len(Xtr), -1), Xva.reshape(len(Xva), -1)
        model = keras.Sequential([keras.Input((144,)), L.Dense(96, activation="relu"), L.Dense(48, activation="relu"), L.Dense(k, activation="softmax")])
    else:
        model = keras.Sequential([keras.Input((Xtr.shape[1],)), L.Dense(64, activation="relu", kernel_regularizer=reg_l2), L.Dense(64, activation="relu", kernel_regularizer=reg_l2),
                                  L.Dense(1 if reg else k, activation=None if reg else "softmax", kernel_regularizer=reg_l2)])
    opt = keras.optimizers.SGD(spec["lr"], momentum=0.9) if spec["opt"] == "sgd" else keras.optimizers.Adam(spec["lr"])
    if reg: model.compile(opt, loss="mse", metrics=["mae"])
    else: model.compile(opt, loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    cbs = []
    if spec["log"] == "csvlogger": cbs.append(keras.callbacks.CSVLogger(os.path.join(rd, "training.log")))
    if spec.get("sched") == "plateau": cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3))
    if spec.get("early_stop"): cbs.append(keras.callbacks.EarlyStopping(patience=spec["early_stop"], restore_best_weights=True))
    h = model.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=spec["epochs"], batch_size=spec.get("bs", 64), callbacks=cbs, verbose=0)
    hist = {kk: [float(v) for v in vv] for kk, vv in h.history.items()}
    if spec["log"] == "history_json":
        with open(os.path.join(rd, "history.json"), "w") as f: json.dump(hist, f)
    if spec["log"] == "history_csv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(rd, "history.csv"))


# ----------------------------------------------------------------------------------------------------------------
# HF Trainer (tiny models built from configs)
# ----------------------------------------------------------------------------------------------------------------
def run_hf(spec, rd):
    import torch; torch.set_num_threads(1)
    import transformers as T
    T.set_seed(spec.get("seed", 0))
    Xtr, ytr, Xva, yva, k = get_task("peaks", spec)
    Xtr, Xva = Xtr[:2000], Xva[:400]; ytr, yva = ytr[:2000], yva[:400]
    common = dict(vocab_size=8, num_labels=k, pad_token_id=0)
    a = spec["arch"]
    if a == "llama": cfg = T.LlamaConfig(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=32, **common); M = T.LlamaForSequenceClassification
    elif a == "squeezebert": cfg = T.SqueezeBertConfig(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4, q_groups=1, k_groups=1, v_groups=1, post_attention_groups=1, intermediate_groups=1, output_groups=1, embedding_size=48, max_position_embeddings=32, **common); M = T.SqueezeBertForSequenceClassification
    elif a == "gpt2": cfg = T.GPT2Config(n_embd=48, n_layer=2, n_head=4, n_positions=32, **common); M = T.GPT2ForSequenceClassification
    elif a == "megatron": cfg = T.MegatronBertConfig(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4, max_position_embeddings=32, **common); M = T.MegatronBertForSequenceClassification
    model = M(cfg)

    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X, y
        def __len__(s): return len(s.X)
        def __getitem__(s, i): return {"input_ids": torch.tensor(s.X[i]), "attention_mask": torch.ones(12, dtype=torch.long), "labels": int(s.y[i])}

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}

    out = os.path.join(TMP, "hf_" + spec["name"])
    args = T.TrainingArguments(output_dir=out, num_train_epochs=spec["epochs"], per_device_train_batch_size=32, per_device_eval_batch_size=128,
                               learning_rate=spec["lr"], lr_scheduler_type=spec.get("sched", "linear"), warmup_steps=spec.get("warmup", 0),
                               logging_steps=10, eval_strategy="steps", eval_steps=40, save_strategy="no", report_to=[], seed=spec.get("seed", 0),
                               disable_tqdm=True, use_cpu=True, dataloader_num_workers=0)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=metrics)
    tr.train()
    tr.args.output_dir = rd
    tr.save_state()
    shutil.rmtree(out, ignore_errors=True)


# ----------------------------------------------------------------------------------------------------------------
# the runs
# ----------------------------------------------------------------------------------------------------------------
def S(fmt, name, **kw):
    kw["fmt"] = fmt; kw["name"] = name; kw["task"] = name.split("_")[0]; return kw


SPECS = [
    # --- text (16): stdout redirected to a file by the driver
    S("text", "beer_mlp_cosine", model="mlp", opt="adam", lr=2e-3, epochs=30, sched="cosine", drop=0.1, log="print_a"),
    S("text", "beer_sgd_lr8", model="mlp", opt="sgd", lr=8.0, epochs=25, log="print_a"),
    S("text", "beer_shuffled_separately", model="mlp", opt="adam", lr=2e-3, epochs=30, shuffle_separately=True, log="logging_ts"),
    S("text", "beer_tiny_train", model="mlp", opt="adam", lr=3e-3, epochs=300, tiny=30, h=128, log="print_c"),
    S("text", "beer_adam_wd5", model="mlp", opt="adam", lr=2e-3, epochs=30, wd=5.0, log="print_e"),
    S("text", "peaks_gru_warmup", model="gru", opt="adam", lr=3e-3, epochs=20, sched="warmup_cos", warm=2, clip=1.0, log="tqdm"),
    S("text", "peaks_relurnn_noclip", model="relurnn", opt="sgd", lr=0.05, epochs=15, rec_scale=1.4, log="logging_ts"),
    S("text", "peaks_gru_killed", model="gru", opt="adam", lr=3e-3, epochs=20, kill_at=8, log="print_a"),
    S("text", "peaks_lstm_relaunch", model="lstm", opt="adam", lr=3e-3, epochs=20, relaunch=True, crash_at=10, log="print_e"),
    S("text", "glyph_cnn_steplr", model="cnn", opt="sgd", lr=0.05, epochs=24, sched="step", step_size=8, gamma=0.3, log="print_c"),
    S("text", "glyph_cnn_no_zero_grad", model="cnn", opt="adam", lr=1e-3, epochs=20, no_zero_grad=True, log="tqdm"),
    S("text", "glyph_cnn_never_train_again", model="cnn", opt="adam", lr=1e-3, epochs=20, bn=True, drop=0.5, no_train_mode=True, log="print_e"),
    S("text", "bike_mlp_plateau", model="mlp", opt="adam", lr=3e-3, epochs=40, sched="plateau", log="steps"),
    S("text", "bike_mlp_lr1e6", model="mlp", opt="adam", lr=1e-6, epochs=30, log="steps"),
    S("text", "bike_steplr_per_batch", model="mlp", opt="adam", lr=3e-3, epochs=30, sched="step", step_size=10, gamma=0.5, sched_per_batch=True, log="print_c"),
    S("text", "bike_mlp_earlystop", model="mlp", opt="adam", lr=3e-3, epochs=80, early_stop=6, log="logging_ts"),
    # --- csv_custom (9)
    S("csv_custom", "beer_mlp_step", model="mlp", opt="sgd", lr=0.05, epochs=30, sched="step", step_size=10, gamma=0.3, log="csvwriter"),
    S("csv_custom", "beer_mse_on_ids", model="mlp", opt="adam", lr=2e-3, epochs=30, mse_on_ids=True, log="dictwriter"),
    S("csv_custom", "peaks_gru_frozen", model="gru", opt="adam", lr=3e-3, epochs=20, frozen=True, log="pandas"),
    S("csv_custom", "peaks_transformer_jsonl", model="transformer", opt="adamw", lr=2e-3, wd=0.01, epochs=20, sched="warmup_cos", warm=2, clip=1.0, log="jsonl"),
    S("csv_custom", "glyph_eval_on_train", model="cnn", opt="adam", lr=2e-3, epochs=25, log="pandas", eval_on_train=True, tiny=400),
    S("csv_custom", "bike_log_grade", model="mlp", opt="adam", lr=3e-3, epochs=30, log_grade=True, log="dictwriter"),
    S("csv_custom", "bike_adamw_jsonl", model="mlp", opt="adamw", lr=3e-3, wd=1e-3, epochs=30, sched="cosine", log="jsonl"),
    S("csv_custom", "glyph_cosine_tmax300", model="cnn", opt="sgd", lr=0.05, epochs=20, sched="cosine", tmax=300, log="pandas"),
    S("csv_custom", "beer_val_from_train", model="mlp", opt="adam", lr=3e-3, epochs=60, h=256, leak=True, log="csvwriter"),
    # --- tensorboard (9)
    S("tensorboard", "beer_mlp_warmup", model="mlp", opt="adamw", lr=3e-3, wd=0.01, epochs=30, sched="warmup_lin", warm=3, log="tb"),
    S("tensorboard", "beer_opt_on_copy", model="mlp", opt="adam", lr=2e-3, epochs=25, opt_wrong_model=True, log="tb"),
    S("tensorboard", "peaks_lstm_tbx", model="lstm", opt="adam", lr=3e-3, epochs=20, clip=1.0, log="tbx"),
    S("tensorboard", "peaks_relurnn_clipped", model="relurnn", opt="sgd", lr=0.02, epochs=20, clip=0.5, log="tbx"),
    S("tensorboard", "glyph_adam_lr1", model="cnn", opt="adam", lr=1.0, epochs=20, log="tb"),
    S("tensorboard", "glyph_cnn_bn", model="cnn", opt="adam", lr=1e-3, epochs=20, bn=True, sched="cosine", log="tb"),
    S("tensorboard", "glyph_softmax_then_ce", model="cnn", opt="adam", lr=1e-3, epochs=20, softmax_ce=True, log="tbx"),
    S("tensorboard", "bike_mlp_relaunch", model="mlp", opt="adam", lr=3e-3, epochs=30, sched="cosine", relaunch=True, crash_at=14, log="tb"),
    S("tensorboard", "bike_half_adam", model="mlp", opt="adam", lr=1e-3, epochs=25, half=True, log="tb"),
    # --- lightning_csv (6)
    S("lightning_csv", "beer_lit_cosine", model="mlp", lr=2e-3, epochs=25, sched="cosine", drop=0.1),
    S("lightning_csv", "peaks_lit_gru_lr1e6", model="gru", lr=1e-6, epochs=15),
    S("lightning_csv", "glyph_lit_plateau", model="cnn", lr=1e-3, epochs=20, sched="plateau"),
    S("lightning_csv", "bike_lit_killed", model="mlp", lr=3e-3, epochs=30, kill_at=11),
    S("lightning_csv", "glyph_lit_drop_in095", model="mlp_img", lr=1e-3, epochs=20),
    S("lightning_csv", "peaks_lit_gru_debug_epochs", model="gru", lr=3e-3, epochs=3, sched="cosine", tmax=40),
    # --- keras (6)
    S("keras_csvlogger", "beer_dense_earlystop", opt="adam", lr=1e-3, epochs=100, early_stop=8, log="csvlogger"),
    S("keras_csvlogger", "glyph_dense_sgd_lr3", opt="sgd", lr=3.0, epochs=20, log="csvlogger"),
    S("keras_history_json", "bike_dense_plateau", opt="adam", lr=2e-3, epochs=40, sched="plateau", log="history_json"),
    S("keras_history_json", "bike_raw_watts", opt="adam", lr=1e-3, epochs=30, raw_target=True, log="history_json"),
    S("keras_history_csv", "peaks_embed_dense", opt="adam", lr=1e-3, epochs=25, log="history_csv"),
    S("keras_history_csv", "beer_dense_l2_big", opt="adam", lr=1e-3, epochs=30, l2=1.0, log="history_csv"),
    # --- hf_trainer (4)
    S("hf_trainer", "peaks_llama", arch="llama", lr=2e-3, epochs=6, warmup=20, sched="cosine"),
    S("hf_trainer", "peaks_squeezebert", arch="squeezebert", lr=2e-3, epochs=6, warmup=20),
    S("hf_trainer", "peaks_gpt2_lr5", arch="gpt2", lr=5.0, epochs=6),
    S("hf_trainer", "peaks_megatron_lr1e7", arch="megatron", lr=1e-7, epochs=6),
]
BY = {s["fmt"] + "/" + s["name"]: s for s in SPECS}
TEXT_FILES = {"print_a": "train.log", "print_c": "log.txt", "print_e": "out.txt", "tqdm": "console.txt", "steps": "stdout.txt", "logging_ts": "train.log"}


def run_one(key):
    spec = BY[key]; rd = os.path.join(RUNS, key)
    os.makedirs(rd, exist_ok=True)
    f = spec["fmt"]
    if f in ("text", "csv_custom", "tensorboard"): run_torch(spec, rd)
    elif f == "lightning_csv":
        if spec["model"] == "mlp_img":
            spec["model"] = "mlp"; spec["drop_in"] = 0.95
            spec["flatten"] = True
        run_lightning(spec, rd)
    elif f.startswith("keras"): run_keras(spec, rd)
    elif f == "hf_trainer": run_hf(spec, rd)


def launch(key):
    spec = BY[key]; rd = os.path.join(RUNS, key)
    shutil.rmtree(rd, ignore_errors=True); os.makedirs(rd)
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONUNBUFFERED="1", KERAS_BACKEND="torch", TF_CPP_MIN_LOG_LEVEL="3")
    phases = [1, 2] if spec.get("relaunch") else [0]
    os.makedirs(TMP, exist_ok=True)
    t0 = time.time()
    for ph in phases:
        env["NU24_PHASE"] = str(ph)
        if spec["fmt"] == "text":
            out = open(os.path.join(rd, TEXT_FILES[spec["log"]]), "a")
        else:
            out = open(os.path.join(TMP, key.replace("/", "__") + ".stderr"), "a")
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", key], stdout=out, stderr=subprocess.STDOUT, env=env)
        out.close()
    return key, p.returncode, time.time() - t0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("--only"); ap.add_argument("--child"); a = ap.parse_args()
    if a.child:
        spec = BY[a.child]
        run_one(a.child); sys.exit(0)
    keys = [a.only] if a.only else list(BY)
    with ThreadPoolExecutor(2) as ex:
        for key, rc, dt in ex.map(launch, keys):
            print(f"{key:50s} rc={rc} {dt:6.1f}s", flush=True)
