"""Lock-box batch 2026-12-30nu34: ~50 small CPU trainings "a new user wrote".

python make_runs.py                      -> (re)make every run, two at a time, each in its own process
python make_runs.py --only <fmt>/<name>  -> (re)make one run into an emptied directory

Each run writes to runs/<fmt>/<name>/ exactly what its logger leaves. Faults are made in the
training code (a wrong constant, a missing line, a wrong loss, a bug), never by editing numbers.
"""
import os, sys, json, csv, math, shutil, signal, subprocess, time, argparse
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")
PY = sys.executable

# ----------------------------------------------------------------------------------------------
# data (numpy only)
# ----------------------------------------------------------------------------------------------

def _std(X, guard=True):
    import numpy as np
    mu, sd = X.mean(0), X.std(0)
    if guard:
        sd = np.where(sd == 0, 1.0, sd)
    return mu, sd


def make_data(task, seed=0, n_tr=None, n_va=None, guard_std=True, leak=False):
    """returns Xtr, ytr, Xva, yva, kind, info"""
    import numpy as np
    rng = np.random.default_rng(1234 + seed)
    if task == "hive":
        # bee-colony state from 8 hive-sensor readings + one constant 'calibrated' flag column
        n = (n_tr or 1500) + (n_va or 500)
        wchg = rng.normal(0.2, 1.1, n)          # daily weight change kg
        btemp = rng.normal(34.5, 1.3, n)        # brood temperature C
        hum = rng.uniform(40, 80, n)            # humidity %
        traffic = rng.gamma(4.0, 250, n)        # foragers / hour at the entrance
        pitch = rng.normal(250, 40, n)          # hum pitch Hz
        mites = rng.poisson(3.0, n) + rng.gamma(1.0, 2.0, n)  # varroa per 100 bees
        piping = rng.binomial(1, 0.15, n) * rng.uniform(0.5, 1.5, n)  # queen piping energy
        days = rng.integers(0, 30, n).astype(float)  # days since inspection
        calib = np.ones(n)                      # sensor calibrated flag (always 1)
        raw = np.stack([wchg, btemp, hum, traffic, pitch, mites, piping, days, calib], 1)
        z = (raw[:, :8] - raw[:, :8].mean(0)) / raw[:, :8].std(0)
        # 5 states: thriving, queenless, swarming, diseased, starving
        s = np.stack([
            1.2 * z[:, 0] + 0.8 * z[:, 3] - 0.4 * z[:, 5],
            1.1 * z[:, 4] - 0.9 * z[:, 1] + 0.5 * z[:, 7],
            1.4 * z[:, 6] + 0.6 * z[:, 3] * z[:, 1] + 0.3 * z[:, 4],
            1.3 * z[:, 5] + 0.5 * z[:, 2] - 0.4 * z[:, 0],
            -1.2 * z[:, 0] - 0.7 * z[:, 3] + 0.4 * z[:, 2] ** 2,
        ], 1)
        y = np.argmax(s + rng.gumbel(size=s.shape) * 0.9, 1)
        mu, sd = _std(raw[: (n_tr or 1500)], guard=guard_std)
        X = ((raw - mu) / sd).astype("float32")
        ntr = n_tr or 1500
        return X[:ntr], y[:ntr], X[ntr:], y[ntr:], "cls", {"K": 5}
    if task == "ferry":
        # fuel burned per crossing (regression), 6 inputs
        n = (n_tr or 1500) + (n_va or 500)
        speed = rng.uniform(8, 20, n)
        load = rng.uniform(50, 600, n)
        wave = rng.gamma(2.0, 0.6, n)
        headwind = rng.normal(0, 8, n)
        hull = rng.uniform(0, 365, n)
        current = rng.normal(0, 1.2, n)
        fuel = (0.004 * speed ** 3 * (1 + 0.0015 * hull) * (1 + load / 900) + 0.9 * wave ** 2 * speed / 10
                + 0.05 * headwind * speed - 1.5 * current + rng.normal(0, 1.0, n))
        raw = np.stack([speed, load, wave, headwind, hull, current], 1)
        if leak:  # the on-board fuel meter reading left in the feature table
            raw = np.concatenate([raw, (fuel + rng.normal(0, 0.3, n))[:, None]], 1)
        ntr = n_tr or 1500
        mu, sd = _std(raw[:ntr])
        X = ((raw - mu) / sd).astype("float32")
        t = ((fuel - fuel[:ntr].mean()) / fuel[:ntr].std()).astype("float32")
        return X[:ntr], t[:ntr], X[ntr:], t[ntr:], "reg", {}
    if task == "leaf":
        # 5 nutrient-deficiency tags (N, P, K, Fe, Mg) from 12 leaf-spectrum readings
        n = (n_tr or 1500) + (n_va or 500)
        X = rng.normal(size=(n, 12))
        W = np.random.default_rng(77).normal(size=(12, 5)) * (np.random.default_rng(78).random((12, 5)) < 0.35)
        pairs = [(0, 3), (1, 7), (2, 9), (4, 11), (5, 6)]
        S = X @ W + np.stack([0.8 * X[:, a] * X[:, b] for a, b in pairs], 1) + rng.normal(0, 0.5, (n, 5))
        thr = np.quantile(S, 0.72, axis=0)
        Y = (S > thr).astype("float32")
        ntr = n_tr or 1500
        return X[:ntr].astype("float32"), Y[:ntr], X[ntr:].astype("float32"), Y[ntr:], "ml", {"tags": 5}
    if task == "recur":
        # 14 tokens over 7 symbols; tag = gap since the same symbol was last seen, capped at 5; 0 = first time
        n = (n_tr or 1000) + (n_va or 300)
        T, V = 14, 7
        Xs = rng.integers(0, V, (n, T))
        Y = np.zeros((n, T), dtype=np.int64)
        for i in range(n):
            last = {}
            for t in range(T):
                s_ = Xs[i, t]
                Y[i, t] = min(t - last[s_], 5) if s_ in last else 0
                last[s_] = t
        ntr = n_tr or 1000
        return Xs[:ntr], Y[:ntr], Xs[ntr:], Y[ntr:], "seq", {"K": 6, "V": V}
    raise ValueError(task)


# ----------------------------------------------------------------------------------------------
# torch models
# ----------------------------------------------------------------------------------------------

def build_model(c, d_in, d_out, info):
    import torch, torch.nn as nn
    arch = c.get("arch", "mlp")
    if arch == "mlp":
        h = c.get("hidden", 64)
        layers, d = [], d_in
        for _ in range(c.get("depth", 2)):
            layers += [nn.Linear(d, h)]
            if c.get("bn"):
                layers += [nn.BatchNorm1d(h)]
            layers += [nn.ReLU()]
            if c.get("dropout"):
                layers += [nn.Dropout(c["dropout"])]
            d = h
        layers += [nn.Linear(d, d_out)]
        return nn.Sequential(*layers)

    class Tagger(nn.Module):
        def __init__(self):
            super().__init__()
            V, K = info["V"], info["K"]
            self.emb = nn.Embedding(V, 32)
            self.kind = arch
            if arch == "gru":
                self.rnn = nn.GRU(32, 64, batch_first=True)
            elif arch == "lstm":
                self.rnn = nn.LSTM(32, 64, batch_first=True)
            elif arch == "rnn":
                self.rnn = nn.RNN(32, 64, batch_first=True, nonlinearity="relu")
                with torch.no_grad():
                    self.rnn.weight_hh_l0.copy_(c.get("rec_init", 1.0) * torch.eye(64) + 0.05 * torch.randn(64, 64))
            elif arch == "tf":
                self.pos = nn.Parameter(torch.randn(14, 32) * 0.1)
                layer = nn.TransformerEncoderLayer(32, 4, 64, dropout=c.get("dropout", 0.0), batch_first=True)
                self.rnn = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
            self.head = nn.Linear(64 if arch != "tf" else 32, K)

        def forward(self, x):
            e = self.emb(x)
            if self.kind == "tf":
                T = x.shape[1]
                mask = torch.triu(torch.full((T, T), float("-inf")), 1)
                h = self.rnn(e + self.pos[:T], mask=mask)
            else:
                h, _ = self.rnn(e)
            return self.head(h)

    return Tagger()


def loss_and_metric(kind, out, y, faults):
    import torch, torch.nn.functional as F
    if kind == "cls":
        if "mse_classid" in faults:
            loss = F.mse_loss(out.squeeze(-1), y.float())
            pred = out.squeeze(-1).round().clamp(0, 4).long()
            return loss, (pred == y).float().mean()
        logits = out
        if "double_softmax" in faults:
            logits = torch.softmax(out, -1)
        loss = F.cross_entropy(logits, y)
        return loss, (out.argmax(-1) == y).float().mean()
    if kind == "reg":
        o = out.squeeze(-1)
        return F.mse_loss(o, y), (o - y).abs().mean()
    if kind == "ml":
        if "manual_bce" in faults:
            p = torch.sigmoid(out)
            loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
        else:
            loss = F.binary_cross_entropy_with_logits(out, y)
        pred = (out > 0).float()
        tp = (pred * y).sum(); fp = (pred * (1 - y)).sum(); fn = ((1 - pred) * y).sum()
        return loss, 2 * tp / (2 * tp + fp + fn + 1e-9)
    if kind == "seq":
        K = out.shape[-1]
        loss = F.cross_entropy(out.reshape(-1, K), y.reshape(-1))
        return loss, (out.argmax(-1) == y).float().mean()


METRIC = {"cls": "acc", "reg": "mae", "ml": "f1", "seq": "tok_acc"}


def run_torch(c, L):
    """plain torch loop; L is a logger with start(cfg) / step(...) / epoch(...) / end()"""
    import numpy as np, torch
    torch.manual_seed(c.get("seed", 0))
    torch.set_num_threads(1)
    faults = set(c.get("faults", ()))
    Xtr, ytr, Xva, yva, kind, info = make_data(c["task"], seed=c.get("seed", 0), n_tr=c.get("n_tr"),
                                               guard_std="no_std_guard" not in faults, leak="leak" in faults)
    rng = np.random.default_rng(c.get("seed", 0) + 7)
    if "shuffle_labels" in faults:
        ytr = ytr[rng.permutation(len(ytr))]
    if "misalign" in faults:  # inputs shuffled "for good measure", targets left in place
        Xtr = Xtr[rng.permutation(len(Xtr))]
    if "eval_on_train" in faults:
        Xva, yva = Xtr, ytr
    Xtr, Xva = torch.tensor(Xtr), torch.tensor(Xva)
    ytr, yva = torch.tensor(ytr), torch.tensor(yva)
    d_in = Xtr.shape[1]
    d_out = {"cls": info.get("K", 0), "reg": 1, "ml": 5, "seq": info.get("K", 0)}[kind]
    if "mse_classid" in faults:
        d_out = 1
    model = build_model(c, d_in, d_out, info)
    bf16 = "bf16" in faults
    if bf16:
        model = model.to(torch.bfloat16)
        Xtr, Xva = Xtr.to(torch.bfloat16), Xva.to(torch.bfloat16)
        if kind in ("reg", "ml"):
            ytr, yva = ytr.to(torch.bfloat16), yva.to(torch.bfloat16)
    lr = c["lr"]
    o = c.get("opt", "adam")
    if o == "adam":
        opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=c.get("wd", 0.0))
    elif o == "adamw":
        opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=c.get("wd", 0.01))
    else:
        opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=c.get("momentum", 0.9), weight_decay=c.get("wd", 0.0))
    if "rebuild_model" in faults:  # "re-initialise to be safe" after the optimizer was made
        model = build_model(c, d_in, d_out, info)
    E, bs = c["epochs"], c.get("bs", 64)
    n = len(Xtr)
    nb = math.ceil(n / bs)
    sch = c.get("sched", "none")
    sched, per_batch = None, False
    if sch == "cos":
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=c.get("T_max", E))
    elif sch == "step":
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=c.get("step_size", 10), gamma=c.get("gamma", 0.3))
        per_batch = "step_per_batch" in faults
    elif sch == "plateau":
        sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=c.get("patience", 3))
    elif sch == "warmup_cos":
        W = c.get("warmup", 3) * nb
        tot = E * nb
        sched = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda s: (s + 1) / W if s < W else 0.5 * (1 + math.cos(math.pi * (s - W) / max(1, tot - W))))
        per_batch = True
    elif sch == "onecycle":
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=E * nb)
        per_batch = True
    L.start(dict(c, n_train=n, batches_per_epoch=nb))
    step = 0
    best, bad = float("inf"), 0
    g = torch.Generator().manual_seed(c.get("seed", 0))
    model.train()
    for ep in range(1, E + 1):
        if "never_train_again" not in faults:
            model.train()
        perm = torch.randperm(n, generator=g)
        tot_l, tot_n = 0.0, 0
        for b in range(nb):
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr[idx], ytr[idx]
            if "no_zero_grad" not in faults:
                opt.zero_grad()
            out = model(xb)
            loss, _ = loss_and_metric(kind, out, yb, faults)
            loss.backward()
            if c.get("clip"):
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), c["clip"])
            else:
                gn = torch.sqrt(sum((p.grad.float() ** 2).sum() for p in model.parameters() if p.grad is not None))
            opt.step()
            if sched is not None and per_batch:
                sched.step()
            step += 1
            lv = float(loss.float())
            tot_l += lv * len(idx); tot_n += len(idx)
            L.step(ep, b + 1, nb, step, lv, opt.param_groups[0]["lr"], float(gn))
        if "no_eval" not in faults:
            model.eval()
        with torch.no_grad():
            out = model(Xva)
            vl, vm = loss_and_metric(kind, out, yva, faults)
        vl, vm = float(vl.float()), float(vm.float())
        cur_lr = opt.param_groups[0]["lr"]
        L.epoch(ep, E, step, tot_l / tot_n, vl, vm, cur_lr)
        if c.get("kill_at") == ep:
            L.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        if sched is not None and not per_batch:
            if sch == "plateau":
                sched.step(vl)
            else:
                sched.step()
        if c.get("early_stop"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= c["early_stop"]:
                    L.note(f"early stop at epoch {ep}")
                    break
    L.end()


# ----------------------------------------------------------------------------------------------
# loggers for the plain torch loop
# ----------------------------------------------------------------------------------------------

class BaseL:
    def __init__(self, d, c):
        self.d, self.c = d, c
        self.m = METRIC[{"hive": "cls", "ferry": "reg", "leaf": "ml", "recur": "seq"}[c["task"]]]
    def start(self, cfg): pass
    def step(self, *a): pass
    def epoch(self, *a): pass
    def note(self, s): pass
    def flush(self): pass
    def end(self): pass


class PrintL(BaseL):
    """print() to stdout; the driver redirects stdout+stderr to train.log (PYTHONUNBUFFERED=1)"""
    def start(self, cfg):
        print("== run settings ==")
        for k in sorted(cfg):
            print(f"  {k:>18s} : {cfg[k]}")
    def epoch(self, ep, E, step, tl, vl, vm, lr):
        print(f"round {ep} of {E} :: fit-loss {tl:.5f} :: holdout-loss {vl:.5f} :: holdout-{self.m} {vm:.4f} :: step-size {lr:.3e}")
    def note(self, s):
        print("# " + s)
    def end(self):
        print("all rounds done")


class LoggingL(BaseL):
    """logging module, FileHandler on train.log in append mode"""
    def start(self, cfg):
        import logging
        self.log = logging.getLogger("trainer")
        self.log.setLevel(logging.INFO)
        h = logging.FileHandler(os.path.join(self.d, "train.log"), mode="a")
        h.setFormatter(logging.Formatter("%(asctime)s %(levelname)-5s %(name)s: %(message)s"))
        self.log.addHandler(h)
        self.log.info("launching with %s", json.dumps({k: cfg[k] for k in sorted(cfg)}, default=str))
    def epoch(self, ep, E, step, tl, vl, vm, lr):
        self.log.info("pass=%d/%d objective=%.5f check_objective=%.5f check_%s=%.4f lr=%.2e", ep, E, tl, vl, self.m, vm, lr)
    def note(self, s):
        self.log.info(s)
    def end(self):
        self.log.info("training complete")


class TqdmL(BaseL):
    """tqdm bar per pass written to stdout (redirected to train.log), summary via tqdm.write"""
    def start(self, cfg):
        print("hyper-parameters: " + ", ".join(f"{k}={cfg[k]}" for k in sorted(cfg)))
        self.bar = None
    def step(self, ep, b, nb, step, lv, lr, gn):
        from tqdm import tqdm
        if b == 1:
            self.bar = tqdm(total=nb, desc=f"pass {ep}", file=sys.stdout, mininterval=0, ncols=90)
        self.bar.update(1)
        self.bar.set_postfix(obj=f"{lv:.3f}")
        if b == nb:
            self.bar.close()
    def epoch(self, ep, E, step, tl, vl, vm, lr):
        from tqdm import tqdm
        tqdm.write(f">> pass {ep}/{E} finished | avg objective {tl:.4f} | heldout objective {vl:.4f} | heldout {self.m} {vm:.4f} | lr {lr:.2e}", file=sys.stdout)
    def note(self, s):
        print(">> " + s)
    def end(self):
        print(">> done")


class CsvL(BaseL):
    """csv.writer into log.csv opened in append mode (header written at every launch)"""
    def start(self, cfg):
        self.f = open(os.path.join(self.d, "log.csv"), "a", newline="")
        self.w = csv.writer(self.f)
        self.w.writerow(["epoch", "fit_loss", "holdout_loss", f"holdout_{self.m}", "lr"])
    def epoch(self, ep, E, step, tl, vl, vm, lr):
        self.w.writerow([ep, f"{tl:.6f}", f"{vl:.6f}", f"{vm:.5f}", f"{lr:.3e}"])
        self.f.flush()
    def end(self):
        self.f.close()


class JsonlL(BaseL):
    """json.dumps per epoch into metrics.jsonl (append); step records every 20 steps too"""
    def start(self, cfg):
        self.f = open(os.path.join(self.d, "metrics.jsonl"), "a")
    def step(self, ep, b, nb, step, lv, lr, gn):
        if step % 20 == 0:
            self.f.write(json.dumps({"kind": "step", "step": step, "loss": lv, "gnorm": gn}) + "\n")
    def epoch(self, ep, E, step, tl, vl, vm, lr):
        self.f.write(json.dumps({"kind": "epoch", "epoch": ep, "step": step, "train_loss": tl, "eval_loss": vl,
                                 f"eval_{self.m}": vm, "lr": lr}) + "\n")
        self.f.flush()
    def end(self):
        self.f.close()


class PandasL(BaseL):
    """rows collected, pandas DataFrame.to_csv(history_table.csv) at the end"""
    def start(self, cfg):
        self.rows = []
    def epoch(self, ep, E, step, tl, vl, vm, lr):
        self.rows.append({"ep": ep, "trn": tl, "val": vl, f"val_{self.m}": vm, "learning_rate": lr})
    def end(self):
        import pandas as pd
        pd.DataFrame(self.rows).to_csv(os.path.join(self.d, "history_table.csv"), index=False)


class TbL(BaseL):
    """TensorBoard: torch SummaryWriter or tensorboardX"""
    def __init__(self, d, c, x=False):
        super().__init__(d, c)
        self.x = x
    def start(self, cfg):
        if self.x:
            from tensorboardX import SummaryWriter
        else:
            from torch.utils.tensorboard import SummaryWriter
        self.w = SummaryWriter(self.d)
        self.w.add_text("config", json.dumps(cfg, default=str))
    def step(self, ep, b, nb, step, lv, lr, gn):
        if step % 10 == 0:
            self.w.add_scalar("loss/train_step", lv, step)
            self.w.add_scalar("optim/grad_norm", gn, step)
            self.w.add_scalar("optim/lr", lr, step)
    def epoch(self, ep, E, step, tl, vl, vm, lr):
        self.w.add_scalar("loss/train_epoch", tl, step)
        self.w.add_scalar("loss/validation", vl, step)
        self.w.add_scalar(f"metric/validation_{self.m}", vm, step)
        self.w.flush()
    def flush(self):
        self.w.flush()
    def end(self):
        self.w.close()


LOGGERS = {"print": PrintL, "logging": LoggingL, "tqdm": TqdmL, "csv": CsvL, "jsonl": JsonlL, "pandas": PandasL,
           "tb": lambda d, c: TbL(d, c, False), "tbx": lambda d, c: TbL(d, c, True)}


# ----------------------------------------------------------------------------------------------
# Lightning
# ----------------------------------------------------------------------------------------------

def run_lightning(c, d):
    import numpy as np, torch, lightning as Lt
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    torch.set_num_threads(1)
    Lt.seed_everything(c.get("seed", 0), verbose=False)
    faults = set(c.get("faults", ()))
    Xtr, ytr, Xva, yva, kind, info = make_data(c["task"], seed=c.get("seed", 0), n_tr=c.get("n_tr"))
    d_out = {"cls": info.get("K", 0), "reg": 1, "ml": 5, "seq": info.get("K", 0)}[kind]
    net = build_model(c, Xtr.shape[1], d_out, info)
    m = METRIC[kind]

    class Mod(Lt.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = net
        def training_step(self, batch, i):
            x, y = batch
            loss, _ = loss_and_metric(kind, self.net(x), y, faults)
            self.log("train_loss", loss, on_step=False, on_epoch=True)
            return loss
        def validation_step(self, batch, i):
            x, y = batch
            loss, met = loss_and_metric(kind, self.net(x), y, faults)
            self.log("val_loss", loss, on_epoch=True)
            self.log(f"val_{m}", met, on_epoch=True)
        def configure_optimizers(self):
            if c.get("opt") == "adamw":
                opt = torch.optim.AdamW(self.parameters(), lr=c["lr"], weight_decay=c.get("wd", 0.01))
            else:
                opt = torch.optim.Adam(self.parameters(), lr=c["lr"])
            if c.get("sched") == "cos":
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=c.get("T_max", c["epochs"]))}
            if c.get("sched") == "plateau":
                return {"optimizer": opt, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=2), "monitor": "val_loss"}}
            return opt

    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xtr), torch.tensor(ytr)), batch_size=c.get("bs", 64), shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.tensor(Xva), torch.tensor(yva)), batch_size=512)
    tr = Lt.Trainer(max_epochs=c["epochs"], logger=CSVLogger(d, name="lightning_logs"), accelerator="cpu",
                    callbacks=[LearningRateMonitor(logging_interval="epoch")], enable_checkpointing=False,
                    enable_progress_bar=False, enable_model_summary=False, num_sanity_val_steps=0,
                    gradient_clip_val=c.get("clip"))
    tr.fit(Mod(), tl, vl)


# ----------------------------------------------------------------------------------------------
# Keras 3 (torch backend)
# ----------------------------------------------------------------------------------------------

def run_keras(c, d):
    os.environ["KERAS_BACKEND"] = "torch"
    import numpy as np, keras, torch
    torch.set_num_threads(1)
    keras.utils.set_random_seed(c.get("seed", 0))
    faults = set(c.get("faults", ()))
    Xtr, ytr, Xva, yva, kind, info = make_data(c["task"], seed=c.get("seed", 0), n_tr=c.get("n_tr"))
    if "shuffle_labels" in faults:
        ytr = ytr[np.random.default_rng(5).permutation(len(ytr))]
    layers = [keras.Input((Xtr.shape[1],))]
    for _ in range(c.get("depth", 2)):
        layers.append(keras.layers.Dense(c.get("hidden", 64), activation="relu"))
        if c.get("dropout"):
            layers.append(keras.layers.Dropout(c["dropout"]))
    if kind == "cls":
        layers.append(keras.layers.Dense(info["K"]))
        loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True); metrics = ["accuracy"]
    elif kind == "reg":
        layers.append(keras.layers.Dense(1))
        loss = "mse"; metrics = ["mae"]
    else:
        layers.append(keras.layers.Dense(5))
        loss = keras.losses.BinaryCrossentropy(from_logits=True); metrics = [keras.metrics.BinaryAccuracy(threshold=0.0)]
    model = keras.Sequential(layers)
    opt = keras.optimizers.SGD(c["lr"], momentum=0.9) if c.get("opt") == "sgd" else keras.optimizers.Adam(c["lr"])
    model.compile(optimizer=opt, loss=loss, metrics=metrics)
    cbs = []
    style = c["style"]
    if style == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.log")))
    if c.get("early_stop"):
        cbs.append(keras.callbacks.EarlyStopping(patience=c["early_stop"], restore_best_weights=True))
    if c.get("rlrop"):
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3))
    h = model.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=c["epochs"], batch_size=c.get("bs", 64), verbose=2, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if style == "historyjson":
        with open(os.path.join(d, "history.json"), "w") as f:
            json.dump(hist, f, indent=1)
    elif style == "historycsv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"))


# ----------------------------------------------------------------------------------------------
# HF Trainer
# ----------------------------------------------------------------------------------------------

def make_ascend(seed, n):
    import numpy as np
    rng = np.random.default_rng(900 + seed)
    X = rng.integers(1, 10, (n, 10))
    t = (np.diff(X, axis=1) > 0).sum(1) + 0.3 * X[:, 0]
    return X, t


def run_hf(c, d):
    import numpy as np, torch, transformers as T
    torch.set_num_threads(1)
    T.set_seed(c.get("seed", 0))
    faults = set(c.get("faults", ()))
    Xtr, ttr = make_ascend(0, 900)
    Xva, tva = make_ascend(1, 250)
    mu, sd = ttr.mean(), ttr.std()
    ttr, tva = (ttr - mu) / sd, (tva - mu) / sd
    if "misalign" in faults:  # targets were sorted for a histogram and written back
        ttr = np.sort(ttr)
    arch = c["arch"]
    kw = dict(vocab_size=12, num_labels=1, problem_type="regression", pad_token_id=0)
    if arch == "bert":
        cfg = T.BertConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96, max_position_embeddings=16, **kw)
        model = T.BertForSequenceClassification(cfg)
    elif arch == "gpt2":
        cfg = T.GPT2Config(n_embd=48, n_layer=2, n_head=4, n_positions=16, **kw)
        model = T.GPT2ForSequenceClassification(cfg)
    elif arch == "electra":
        cfg = T.ElectraConfig(embedding_size=32, hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96, max_position_embeddings=16, **kw)
        model = T.ElectraForSequenceClassification(cfg)
    else:
        cfg = T.MistralConfig(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=16, **kw)
        model = T.MistralForSequenceClassification(cfg)

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, t):
            self.X, self.t = X, t
        def __len__(self):
            return len(self.X)
        def __getitem__(self, i):
            return {"input_ids": torch.tensor(self.X[i]), "attention_mask": torch.ones(10, dtype=torch.long),
                    "labels": torch.tensor(self.t[i], dtype=torch.float32)}

    def metrics(p):
        pr = p.predictions.reshape(-1)
        return {"mae": float(np.abs(pr - p.label_ids.reshape(-1)).mean())}

    args = T.TrainingArguments(output_dir=d, eval_strategy="epoch", logging_steps=c.get("logging_steps", 8),
                               num_train_epochs=c["epochs"], learning_rate=c["lr"], warmup_steps=c.get("warmup", 0),
                               lr_scheduler_type=c.get("sched", "linear"), per_device_train_batch_size=32,
                               per_device_eval_batch_size=128, save_strategy="no", report_to=[], use_cpu=True,
                               seed=c.get("seed", 0), weight_decay=c.get("wd", 0.0), disable_tqdm=True)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ttr), eval_dataset=DS(Xva, tva), compute_metrics=metrics)
    tr.train()
    tr.save_state()


# ----------------------------------------------------------------------------------------------
# the runs
# ----------------------------------------------------------------------------------------------

RUNS = {}


def R(fmt, name, **c):
    RUNS[f"{fmt}/{name}"] = c


# text (16)
R("text", "hive-mlp-sgd-lr5-print", task="hive", log="print", opt="sgd", lr=5.0, epochs=30, hidden=64)
R("text", "ferry-mlp-nozerograd-logging", task="ferry", log="logging", opt="sgd", lr=0.01, epochs=30, faults=["no_zero_grad"])
R("text", "recur-relurnn-noclip-print", task="recur", log="print", arch="rnn", rec_init=1.3, lr=0.01, epochs=25, bs=50)
R("text", "hive-mlp-tiny64-tqdm", task="hive", log="tqdm", n_tr=64, hidden=256, lr=3e-3, epochs=150, bs=32)
R("text", "ferry-mlp-killed-print", task="ferry", log="print", lr=2e-3, epochs=40, sched="cos", kill_at=14)
R("text", "leaf-mlp-relaunch-logging", task="leaf", log="logging", lr=1e-3, epochs=30, launches=[{"kill_at": 9}, {}])
R("text", "hive-mlp-nostdguard-print", task="hive", log="print", lr=1e-3, epochs=25, faults=["no_std_guard"])
R("text", "recur-gru-cosine-print", task="recur", log="print", arch="gru", lr=5e-3, epochs=25, bs=50, sched="cos", clip=1.0)
R("text", "ferry-mlp-steplr-logging", task="ferry", log="logging", lr=3e-3, epochs=36, sched="step", step_size=12, gamma=0.3)
R("text", "leaf-mlp-plateau-tqdm", task="leaf", log="tqdm", lr=2e-3, epochs=30, sched="plateau", dropout=0.2)
R("text", "hive-mlp-warmupcos-logging", task="hive", log="logging", opt="adamw", wd=0.05, lr=3e-3, epochs=30, sched="warmup_cos", warmup=3)
R("text", "recur-lstm-steplr-perbatch-print", task="recur", log="print", arch="lstm", lr=5e-3, epochs=25, bs=50, sched="step", step_size=8, gamma=0.5, faults=["step_per_batch"])
R("text", "ferry-mlp-bf16-print", task="ferry", log="print", lr=1e-4, epochs=30, faults=["bf16"])
R("text", "hive-mlp-earlystop-tqdm", task="hive", log="tqdm", lr=2e-3, epochs=60, dropout=0.3, early_stop=6)
R("text", "recur-tf-warmup-logging", task="recur", log="logging", arch="tf", lr=3e-3, epochs=30, bs=50, sched="warmup_cos", warmup=2, clip=1.0)
R("text", "leaf-mlp-wd-print", task="leaf", log="print", opt="adamw", wd=0.1, lr=2e-3, epochs=30, dropout=0.1)
# csv / json lines (9)
R("csv_custom", "ferry-mlp-adam-lr2", task="ferry", log="csv", lr=2.0, epochs=30)
R("csv_custom", "hive-mlp-shuffled-labels", task="hive", log="csv", lr=2e-3, epochs=40, hidden=128, faults=["shuffle_labels"])
R("csv_custom", "leaf-mlp-manual-bce", task="leaf", log="jsonl", lr=0.01, epochs=60, hidden=128, faults=["manual_bce"])
R("csv_custom", "recur-gru-misaligned", task="recur", log="csv", arch="gru", lr=5e-3, epochs=25, bs=50, faults=["misalign"])
R("csv_custom", "ferry-mlp-evalontrain", task="ferry", log="pandas", lr=2e-3, epochs=30, sched="cos", faults=["eval_on_train"])
R("csv_custom", "hive-mlp-cos-jsonl", task="hive", log="jsonl", lr=2e-3, epochs=30, sched="cos", dropout=0.2)
R("csv_custom", "leaf-mlp-onecycle-jsonl", task="leaf", log="jsonl", lr=5e-3, epochs=25, sched="onecycle")
R("csv_custom", "ferry-mlp-relaunch-csv", task="ferry", log="csv", lr=2e-3, epochs=30, launches=[{"kill_at": 11}, {}])
R("csv_custom", "recur-lstm-clip-pandas", task="recur", log="pandas", arch="lstm", lr=5e-3, epochs=25, bs=50, clip=0.5)
# tensorboard (9)
R("tensorboard", "leaf-mlp-lr1e-6-sw", task="leaf", log="tb", lr=1e-6, epochs=25)
R("tensorboard", "hive-mlp-mse-classid-tbx", task="hive", log="tbx", lr=2e-3, epochs=30, faults=["mse_classid"])
R("tensorboard", "ferry-mlp-optim-old-model-sw", task="ferry", log="tb", lr=2e-3, epochs=25, faults=["rebuild_model"])
R("tensorboard", "recur-gru-tiny40-tbx", task="recur", log="tbx", arch="gru", n_tr=40, lr=5e-3, epochs=120, bs=20)
R("tensorboard", "hive-mlp-killed-tbx", task="hive", log="tbx", lr=2e-3, epochs=30, kill_at=12)
R("tensorboard", "leaf-mlp-cos-tbx", task="leaf", log="tbx", lr=3e-3, epochs=30, sched="cos", dropout=0.1)
R("tensorboard", "ferry-mlp-warmup-sw", task="ferry", log="tb", lr=3e-3, epochs=30, sched="warmup_cos", warmup=2)
R("tensorboard", "recur-tf-cos-sw", task="recur", log="tb", arch="tf", lr=3e-3, epochs=30, bs=50, sched="cos", clip=1.0)
R("tensorboard", "hive-mlp-noeval-dropout-sw", task="hive", log="tb", lr=2e-3, epochs=30, dropout=0.5, hidden=128, faults=["no_eval"])
# lightning (6)
R("lightning_csv", "hive-lit-double-softmax", task="hive", kind="lightning", lr=2e-3, epochs=30, faults=["double_softmax"])
R("lightning_csv", "ferry-lit-heavyreg", task="ferry", kind="lightning", opt="adamw", wd=5.0, dropout=0.6, lr=3e-3, epochs=30)
R("lightning_csv", "leaf-lit-adam-lr3", task="leaf", kind="lightning", lr=3.0, epochs=25)
R("lightning_csv", "recur-lit-gru-cos", task="recur", kind="lightning", arch="gru", lr=5e-3, epochs=25, bs=50, sched="cos", clip=1.0)
R("lightning_csv", "ferry-lit-plateau", task="ferry", kind="lightning", lr=3e-3, epochs=35, sched="plateau")
R("lightning_csv", "hive-lit-cos-tmax-too-long", task="hive", kind="lightning", lr=3e-3, epochs=20, sched="cos", T_max=80)
# keras (6)
R("keras", "hive-dense-sgd-lr3-csvlogger", task="hive", kind="keras", style="csvlogger", opt="sgd", lr=3.0, epochs=25)
R("keras", "ferry-dense-earlystop-csvlogger", task="ferry", kind="keras", style="csvlogger", lr=2e-3, epochs=80, early_stop=6)
R("keras", "leaf-dense-shuffled-historyjson", task="leaf", kind="keras", style="historyjson", lr=2e-3, epochs=40, hidden=128, faults=["shuffle_labels"])
R("keras", "hive-dense-tiny60-historycsv", task="hive", kind="keras", style="historycsv", n_tr=60, hidden=256, lr=3e-3, epochs=150, bs=16)
R("keras", "ferry-dense-lr1e-6-historyjson", task="ferry", kind="keras", style="historyjson", lr=1e-6, epochs=25)
R("keras", "leaf-dense-rlrop-historycsv", task="leaf", kind="keras", style="historycsv", lr=3e-3, epochs=35, rlrop=True, dropout=0.2)
# HF Trainer (4)
R("hf_trainer", "ascend-bert", kind="hf", arch="bert", lr=1e-3, epochs=12, warmup=20)
R("hf_trainer", "ascend-gpt2-cosine", kind="hf", arch="gpt2", lr=1e-3, epochs=12, warmup=30, sched="cosine")
R("hf_trainer", "ascend-electra-lr0.3", kind="hf", arch="electra", lr=0.3, epochs=10)
R("hf_trainer", "ascend-mistral-sorted-targets", kind="hf", arch="mistral", lr=1e-3, epochs=10, warmup=20, faults=["misalign"])


def exec_run(key, launch):
    c = dict(RUNS[key])
    for k, v in (c.pop("launches", [{}])[launch]).items():
        c[k] = v
    d = os.path.join(RUNS_DIR, key)
    c["seed"] = c.get("seed", 0)
    kind = c.pop("kind", "torch")
    if kind == "lightning":
        run_lightning(c, d)
    elif kind == "keras":
        run_keras(c, d)
    elif kind == "hf":
        run_hf(c, d)
    else:
        run_torch(c, LOGGERS[c["log"]](d, c))


def make_one(key):
    d = os.path.join(RUNS_DIR, key)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    fmt = key.split("/")[0]
    c = RUNS[key]
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONUNBUFFERED="1", KERAS_BACKEND="torch",
               TOKENIZERS_PARALLELISM="false", PYTHONHASHSEED="0")
    to_file = fmt == "text" and c.get("log") in ("print", "tqdm")
    side = os.path.join("/tmp", "nu34_" + key.replace("/", "__") + ".out")
    t0 = time.time()
    rcs = []
    for i in range(len(c.get("launches", [{}]))):
        out = open(os.path.join(d, "train.log") if to_file else side, "a")
        p = subprocess.run([PY, os.path.abspath(__file__), "--exec", key, "--launch", str(i)], stdout=out,
                           stderr=subprocess.STDOUT, env=env, cwd=d)
        out.close()
        rcs.append(p.returncode)
    return key, rcs, time.time() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--exec")
    ap.add_argument("--launch", type=int, default=0)
    a = ap.parse_args()
    if a.exec:
        exec_run(a.exec, a.launch)
        return
    keys = [a.only] if a.only else list(RUNS)
    with ThreadPoolExecutor(2) as ex:
        for key, rcs, dt in ex.map(make_one, keys):
            print(f"{key:55s} rc={rcs} {dt:5.1f}s", flush=True)


if __name__ == "__main__":
    main()
