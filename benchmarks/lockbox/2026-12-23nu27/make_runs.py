"""Lock-box batch 2026-12-23nu27: ~50 small CPU trainings a new user might write.

python make_runs.py                       # every run, each in its own subprocess, two at a time
python make_runs.py --only text/meteor_adam_cosine   # re-make one run

Data are generated with numpy (fixed seeds). Each run writes only what its logger writes to
runs/<format>/<run-name>/. Nothing here edits a log after the fact.
"""
import argparse
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

import numpy as np

# ----------------------------------------------------------------------------------------------- data


def data_meteor(seed=0, n_train=2000, n_val=600, noise=0.04):
    """Meteorite group (ordinary chondrite, carbonaceous chondrite, iron, achondrite; K=4) from
    bulk density g/cm3, magnetic susceptibility log chi, Fe wt%, Ni wt%, porosity %, chondrule
    volume %, weathering grade 0-6 and fusion-crust thickness mm."""
    rng = np.random.default_rng(seed)
    means = np.array([
        [3.35, 4.9, 22.0, 1.4, 8.0, 60.0, 2.5, 0.6],
        [2.40, 4.3, 19.0, 1.1, 22.0, 25.0, 1.5, 0.4],
        [7.60, 6.4, 90.0, 8.5, 1.0, 1.0, 3.5, 1.2],
        [3.10, 3.4, 14.0, 0.2, 9.0, 3.0, 2.0, 0.5],
    ])
    spread = np.array([0.08, 0.07, 0.25, 0.45, 0.45, 0.5, 0.5, 0.4])
    n = n_train + n_val
    y = rng.integers(0, 4, n)
    x = means[y] * np.exp(rng.normal(0, 1, (n, 8)) * spread)
    flip = rng.random(n) < noise
    y = np.where(flip, rng.integers(0, 4, n), y)
    x = np.log(x)
    mu, sd = x[:n_train].mean(0), x[:n_train].std(0)
    x = ((x - mu) / sd).astype(np.float32)
    return x[:n_train], y[:n_train], x[n_train:], y[n_train:]


def data_brew(seed=1, n_train=2000, n_val=600, raw_target=False):
    """Coffee extraction yield % from grind size um, water temperature C, brew ratio (g water/g
    coffee), contact time s, pressure bar and roast level 1-5."""
    rng = np.random.default_rng(seed)
    n = n_train + n_val
    grind = rng.uniform(200, 1200, n)
    temp = rng.uniform(84, 97, n)
    ratio = rng.uniform(12, 18, n)
    t = np.exp(rng.uniform(np.log(20), np.log(300), n))
    press = rng.choice([1.0, 1.0, 9.0], n) * rng.uniform(0.9, 1.1, n)
    roast = rng.integers(1, 6, n).astype(float)
    yld = (12 + 9 * (1 - np.exp(-t / (60 * grind / 500))) + 0.25 * (temp - 90) + 0.3 * (ratio - 15)
           + 0.25 * np.log(press) + 0.4 * (roast - 3) + rng.normal(0, 0.35, n))
    x = np.stack([grind, temp, ratio, np.log(t), press, roast], 1)
    mu, sd = x[:n_train].mean(0), x[:n_train].std(0)
    x = ((x - mu) / sd).astype(np.float32)
    if raw_target:
        y = yld.astype(np.float32)
    else:
        ym, ys = yld[:n_train].mean(), yld[:n_train].std()
        y = ((yld - ym) / ys).astype(np.float32)
    return x[:n_train], y[:n_train], x[n_train:], y[n_train:]


def data_peakpos(seed=2, n_train=2000, n_val=600):
    """12 tokens over 9 symbols; class = which third (positions 0-3, 4-7, 8-11) holds the first
    occurrence of the largest symbol in the sequence (K=3)."""
    rng = np.random.default_rng(seed)
    n = n_train + n_val
    x = rng.integers(0, 9, (n, 12))
    first = np.argmax(x == x.max(1, keepdims=True), axis=1)
    y = first // 4
    return x[:n_train], y[:n_train], x[n_train:], y[n_train:]


def data_stroke(seed=3, n_train=2000, n_val=600):
    """12x12 noisy image with one straight stroke; class = its orientation (horizontal, 45 deg,
    vertical, 135 deg; K=4). Random centre, length 5-9, brightness 0.6-1.0, pixel noise sd 0.35."""
    rng = np.random.default_rng(seed)
    n = n_train + n_val
    img = np.zeros((n, 1, 12, 12), np.float32)
    y = rng.integers(0, 4, n)
    dirs = [(0, 1), (1, 1), (1, 0), (1, -1)]
    for i in range(n):
        dy, dx = dirs[y[i]]
        L = rng.integers(5, 10)
        cy, cx = rng.integers(3, 9, 2)
        b = rng.uniform(0.6, 1.0)
        for k in range(-(L // 2), L - L // 2):
            yy, xx = cy + k * dy, cx + k * dx
            if 0 <= yy < 12 and 0 <= xx < 12:
                img[i, 0, yy, xx] = b
    img += rng.normal(0, 0.35, img.shape).astype(np.float32)
    return img[:n_train], y[:n_train], img[n_train:], y[n_train:]


TASKS = {"meteor": (data_meteor, 4), "brew": (data_brew, 0), "peakpos": (data_peakpos, 3), "stroke": (data_stroke, 4)}

# ----------------------------------------------------------------------------------------------- models


def make_model(kind, task, out, dropout=0.0, bn=False, explode=False):
    import torch
    from torch import nn
    if kind == "mlp":
        d = {"meteor": 8, "brew": 6, "stroke": 144}[task]
        layers = [nn.Flatten(), nn.Linear(d, 64)]
        if bn:
            layers.append(nn.BatchNorm1d(64))
        layers += [nn.ReLU(), nn.Dropout(dropout), nn.Linear(64, 64), nn.ReLU(), nn.Dropout(dropout), nn.Linear(64, out)]
        return nn.Sequential(*layers)
    if kind == "cnn":
        return nn.Sequential(nn.Conv2d(1, 12, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                             nn.Conv2d(12, 24, 3, padding=1), nn.ReLU(), nn.AdaptiveMaxPool2d(1), nn.Flatten(),
                             nn.Dropout(dropout), nn.Linear(24, out))

    class Seq(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(9, 16)
            if kind == "gru":
                self.rnn = nn.GRU(16, 48, batch_first=True)
            elif kind == "lstm":
                self.rnn = nn.LSTM(16, 48, batch_first=True)
            elif kind == "rnn":
                self.rnn = nn.RNN(16, 48, batch_first=True, nonlinearity="relu")
                if explode:
                    with torch.no_grad():
                        self.rnn.weight_hh_l0.copy_(torch.eye(48) * 1.3 + torch.randn(48, 48) * 0.05)
            elif kind == "tfm":
                self.pos = nn.Parameter(torch.randn(12, 16) * 0.1)
                layer = nn.TransformerEncoderLayer(16, 2, 64, dropout=0.0, batch_first=True)
                self.rnn = nn.TransformerEncoder(layer, 2)
            self.drop = nn.Dropout(dropout)
            self.head = nn.Linear(48 if kind != "tfm" else 16, out)

        def forward(self, x):
            h = self.emb(x)
            if kind == "tfm":
                h = self.rnn(h + self.pos).mean(1)
            else:
                h = self.rnn(h)[0][:, -1]
            return self.head(self.drop(h))
    return Seq()

# ----------------------------------------------------------------------------------------------- loggers


class Log:
    def __init__(self, run_dir, cfg):
        self.dir, self.cfg = run_dir, cfg

    def start(self):
        pass

    def step(self, step, d):
        pass

    def epoch(self, ep, d):
        pass

    def end(self):
        pass


class TextA(Log):
    """print -> train.log: 'Ep 03 of 25 -- tr_loss 0.5123 ; va_loss ... ; va_acc ... ; lr ...'"""
    def start(self):
        print(f"# run {self.cfg['name']} | {self.cfg['model']} | opt={self.cfg['opt']} lr={self.cfg['lr']} "
              f"| epochs={self.cfg['epochs']}", flush=True)

    def epoch(self, ep, d):
        m = "va_acc" if "acc" in d else "va_mae"
        print(f"Ep {ep:02d} of {self.cfg['epochs']} -- tr_loss {d['train']:.4f} ; va_loss {d['val']:.4f} ; "
              f"{m} {d.get('acc', d.get('mae')):.4f} ; lr {d['lr']:.2e}", flush=True)

    def end(self):
        print("finished", flush=True)


class TextB(Log):
    """logging with asctime -> run.log: '<ts> [INFO] sweep 3 done | cost 0.51 | val_cost 0.49 | val_hits 0.80'"""
    def start(self):
        import logging
        self.lg = logging.getLogger(self.cfg["name"])
        self.lg.setLevel(logging.INFO)
        h = logging.FileHandler(os.path.join(self.dir, "run.log"), mode="a")
        h.setFormatter(logging.Formatter("%(asctime)s [%(levelname)s] %(message)s"))
        self.lg.addHandler(h)
        self.lg.info("starting %s: %d sweeps, batch %d, lr %g", self.cfg["name"], self.cfg["epochs"],
                     self.cfg.get("bs", 64), self.cfg["lr"])

    def epoch(self, ep, d):
        m = "val_hits" if "acc" in d else "val_abs"
        self.lg.info("sweep %d done | cost %.4f | val_cost %.4f | %s %.4f", ep, d["train"], d["val"], m,
                     d.get("acc", d.get("mae")))

    def note(self, msg):
        self.lg.info(msg)


class TextC(Log):
    """real tqdm bars -> console.txt, with tqdm.write('[E3] summary train=.. valid=.. accuracy=..')"""
    def epoch(self, ep, d):
        from tqdm import tqdm
        m = "accuracy" if "acc" in d else "mae"
        tqdm.write(f"[E{ep}] summary train={d['train']:.4f} valid={d['val']:.4f} {m}={d.get('acc', d.get('mae')):.4f}",
                   file=sys.stdout)


class TextD(Log):
    """per-step print -> stdout.txt: 'it 120  loss 0.5312  lr 0.001' and '== eval @ it 120: loss 0.49 acc 0.80'"""
    def start(self):
        print(f"launch {self.cfg['name']} with {self.cfg['epochs']} epochs", flush=True)

    def step(self, step, d):
        if step % 25 == 0:
            g = f"  gnorm {d['gnorm']:.3f}" if "gnorm" in d else ""
            print(f"it {step}  loss {d['loss']:.4f}{g}  lr {d['lr']:.5g}", flush=True)

    def epoch(self, ep, d):
        print(f"== eval @ it {d['step']}: loss {d['val']:.4f} acc {d['acc']:.4f}", flush=True)


class TextE(Log):
    """sentences -> output.log"""
    def start(self):
        print(f"Training {self.cfg['name']} for {self.cfg['epochs']} epochs.", flush=True)

    def epoch(self, ep, d):
        if "acc" in d:
            tail = f"Validation accuracy: {100 * d['acc']:.1f}%."
        else:
            tail = f"Validation MAE: {d['mae']:.4f}."
        print(f"Epoch {ep} of {self.cfg['epochs']} finished. Train loss: {d['train']:.4f}. "
              f"Validation loss: {d['val']:.4f}. {tail}", flush=True)


class CsvWriter(Log):
    def start(self):
        import csv
        self.f = open(os.path.join(self.dir, "metrics.csv"), "w", newline="")
        self.w = csv.writer(self.f)
        self.w.writerow(["epoch", "loss_train", "loss_valid", "acc_valid" if self.cfg["task"] != "brew" else "mae_valid", "lr"])

    def epoch(self, ep, d):
        self.w.writerow([ep, d["train"], d["val"], d.get("acc", d.get("mae")), d["lr"]])
        self.f.flush()


class CsvDict(Log):
    def start(self):
        import csv
        self.t0 = time.time()
        self.f = open(os.path.join(self.dir, "history.csv"), "w", newline="")
        self.m = "val_accuracy" if self.cfg["task"] != "brew" else "val_mae"
        self.w = csv.DictWriter(self.f, ["epoch", "elapsed_s", "train_loss", "val_loss", self.m, "lr"])
        self.w.writeheader()

    def epoch(self, ep, d):
        self.w.writerow({"epoch": ep, "elapsed_s": round(time.time() - self.t0, 2), "train_loss": d["train"],
                         "val_loss": d["val"], self.m: d.get("acc", d.get("mae")), "lr": d["lr"]})
        self.f.flush()


class CsvPandas(Log):
    def start(self):
        self.rows = []

    def epoch(self, ep, d):
        import pandas as pd
        self.rows.append({"epoch": ep, "train/loss": d["train"], "valid/loss": d["val"],
                          "valid/" + ("acc" if "acc" in d else "mae"): d.get("acc", d.get("mae")), "lr": d["lr"]})
        pd.DataFrame(self.rows).to_csv(os.path.join(self.dir, "log.csv"), index=False)


class JsonLines(Log):
    def start(self):
        self.f = open(os.path.join(self.dir, "events.jsonl"), "a")

    def step(self, step, d):
        if step % 20 == 0:
            self.f.write(json.dumps({"what": "batch", "it": step, "loss": d["loss"], "lr": d["lr"]}) + "\n")

    def epoch(self, ep, d):
        rec = {"what": "epoch", "ep": ep, "fit_loss": d["train"], "check_loss": d["val"]}
        rec["check_" + ("acc" if "acc" in d else "mae")] = d.get("acc", d.get("mae"))
        self.f.write(json.dumps(rec) + "\n")
        self.f.flush()


class TB(Log):
    def start(self):
        if self.cfg.get("tbx"):
            from tensorboardX import SummaryWriter
            self.w = SummaryWriter(self.dir)
            self.tags = ("epoch/loss_train", "epoch/loss_val", "epoch/", "epoch/lr")
        else:
            from torch.utils.tensorboard import SummaryWriter
            self.w = SummaryWriter(os.path.join(self.dir, "tb"))
            self.tags = ("Train/Loss", "Val/Loss", "Val/", "Train/LR")

    def step(self, step, d):
        if self.cfg.get("tbx") and step % 10 == 0:
            self.w.add_scalar("iter/loss", d["loss"], step)
            if "gnorm" in d:
                self.w.add_scalar("iter/grad_norm", d["gnorm"], step)

    def epoch(self, ep, d):
        a, b, c, l = self.tags
        self.w.add_scalar(a, d["train"], ep)
        self.w.add_scalar(b, d["val"], ep)
        if "acc" in d:
            self.w.add_scalar(c + ("val_acc" if self.cfg.get("tbx") else "Accuracy"), d["acc"], ep)
        else:
            self.w.add_scalar(c + ("val_mae" if self.cfg.get("tbx") else "MAE"), d["mae"], ep)
        self.w.add_scalar(l, d["lr"], ep)
        self.w.flush()

    def end(self):
        self.w.close()


LOGGERS = {"A": TextA, "B": TextB, "C": TextC, "D": TextD, "E": TextE, "csvw": CsvWriter, "csvd": CsvDict,
           "csvp": CsvPandas, "jsonl": JsonLines, "tb": TB}
TEXT_FILE = {"A": "train.log", "C": "console.txt", "D": "stdout.txt", "E": "output.log"}

# ----------------------------------------------------------------------------------------------- torch loop


def torch_run(cfg, run_dir, phase=0):
    import torch
    from torch import nn
    torch.manual_seed(cfg.get("seed", 0))
    torch.set_num_threads(1)
    task = cfg["task"]
    gen, K = TASKS[task]
    kw = {}
    if cfg.get("n_train"):
        kw["n_train"] = cfg["n_train"]
    if cfg.get("raw_target"):
        kw["raw_target"] = True
    xtr, ytr, xva, yva = gen(**kw)
    if cfg.get("shuffle_x_only"):
        # user "shuffles the data" but only shuffles the inputs
        np.random.default_rng(5).shuffle(xtr)
    if cfg.get("eval_on_train"):
        xva, yva = xtr[:600], ytr[:600]
    if cfg.get("leak"):
        idx = np.random.default_rng(7).choice(len(xtr), 600, replace=False)
        xva, yva = xtr[idx], ytr[idx]
    reg = K == 0
    out = 1 if (reg or cfg.get("mse_ids")) else K
    model = make_model(cfg["model"], task, out, cfg.get("dropout", 0.0), cfg.get("bn", False), cfg.get("explode", False))
    if cfg.get("double_softmax"):
        model = nn.Sequential(model, nn.Softmax(dim=-1))
    if cfg.get("freeze"):
        for p in model.parameters():
            p.requires_grad = False
        last = [m for m in model.modules() if isinstance(m, nn.Linear)][-1]
        last.bias.requires_grad = True
    params = [p for p in model.parameters() if p.requires_grad]
    O = {"sgd": lambda: torch.optim.SGD(params, lr=cfg["lr"], momentum=cfg.get("mom", 0.9), weight_decay=cfg.get("wd", 0)),
         "adam": lambda: torch.optim.Adam(params, lr=cfg["lr"], weight_decay=cfg.get("wd", 0)),
         "adamw": lambda: torch.optim.AdamW(params, lr=cfg["lr"], weight_decay=cfg.get("wd", 0.01)),
         "rmsprop": lambda: torch.optim.RMSprop(params, lr=cfg["lr"])}
    opt = O[cfg["opt"]]()
    if cfg.get("rebuild_model"):
        # "reset" the model after building the optimizer -> optimizer holds the old parameters
        model = make_model(cfg["model"], task, out, cfg.get("dropout", 0.0))
    if cfg.get("half"):
        model = model.half()
    E = cfg["epochs"]
    bs = cfg.get("bs", 64)
    nb = math.ceil(len(xtr) / bs)
    sch, sk = None, cfg.get("sched")
    if sk == "cos":
        sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg.get("tmax", E))
    elif sk == "step":
        sch = torch.optim.lr_scheduler.StepLR(opt, step_size=cfg.get("step_size", max(1, E // 3)), gamma=cfg.get("gamma", 0.3))
    elif sk == "warmcos":
        W = cfg.get("warm", nb * 2)
        T = nb * E
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: (s + 1) / W if s < W else 0.5 * (1 + math.cos(math.pi * (s - W) / max(1, T - W))))
    elif sk == "plateau":
        sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=2)
    per_batch = sk == "warmcos" or cfg.get("sched_per_batch")
    log = LOGGERS[cfg["log"]](run_dir, cfg)
    log.start()
    xtr_t, ytr_t = torch.tensor(xtr), torch.tensor(ytr)
    xva_t, yva_t = torch.tensor(xva), torch.tensor(yva)
    if cfg.get("half"):
        xtr_t = xtr_t.half() if xtr_t.is_floating_point() else xtr_t
        xva_t = xva_t.half() if xva_t.is_floating_point() else xva_t

    def lossf(o, y):
        if reg:
            if cfg.get("rmsle"):
                return ((torch.log(o.squeeze(-1)) - torch.log(y)) ** 2).mean()
            return ((o.squeeze(-1) - y) ** 2).mean()
        if cfg.get("mse_ids"):
            return ((o.squeeze(-1) - y.float()) ** 2).mean()
        return nn.functional.cross_entropy(o.float(), y)

    g = torch.Generator().manual_seed(cfg.get("seed", 0))
    step, best, bad = 0, float("inf"), 0
    kill_at = cfg.get("kill_at") if phase in (0, 1) else None
    for ep in range(1, E + 1):
        if not cfg.get("no_train_mode") or ep == 1:
            model.train()
        perm = torch.randperm(len(xtr_t), generator=g)
        tot, n = 0.0, 0
        batches = range(nb)
        if cfg["log"] == "C":
            from tqdm import tqdm
            batches = tqdm(batches, desc=f"epoch {ep}/{E}", ascii=True, file=sys.stdout, mininterval=0, leave=False)
        for b in batches:
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = xtr_t[idx], ytr_t[idx]
            if not cfg.get("no_zero_grad"):
                opt.zero_grad()
            loss = lossf(model(xb), yb)
            loss.backward()
            gn = None
            if cfg.get("clip"):
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"]))
            elif cfg.get("log_gnorm"):
                gn = float(torch.norm(torch.stack([p.grad.norm() for p in model.parameters() if p.grad is not None])))
            opt.step()
            if sch is not None and per_batch:
                sch.step()
            step += 1
            tot += float(loss) * len(idx)
            n += len(idx)
            d = {"loss": float(loss), "lr": opt.param_groups[0]["lr"]}
            if gn is not None:
                d["gnorm"] = gn
            log.step(step, d)
        lr_now = opt.param_groups[0]["lr"]
        model.eval()
        with torch.no_grad():
            o = model(xva_t)
            vl = float(lossf(o, yva_t))
            d = {"train": tot / n, "val": vl, "lr": lr_now, "step": step}
            if reg:
                d["mae"] = float((o.squeeze(-1).float() - yva_t).abs().mean())
            elif cfg.get("mse_ids"):
                d["acc"] = float((o.squeeze(-1).float().round().clamp(0, K - 1).long() == yva_t).float().mean())
            else:
                d["acc"] = float((o.argmax(-1) == yva_t).float().mean())
        if cfg.get("no_train_mode"):
            pass  # user forgot to put the model back into train mode
        log.epoch(ep, d)
        if sch is not None and not per_batch:
            sch.step(vl) if sk == "plateau" else sch.step()
        if kill_at and ep == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        if cfg.get("early_stop"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["early_stop"]:
                    if isinstance(log, TextB):
                        log.note(f"no improvement for {bad} sweeps, stopping early (best val_cost {best:.4f})")
                    break
    log.end()

# ----------------------------------------------------------------------------------------------- lightning


def lightning_run(cfg, run_dir):
    import torch
    import lightning as L
    from torch import nn
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    L.seed_everything(cfg.get("seed", 0), verbose=False)
    torch.set_num_threads(1)
    gen, K = TASKS[cfg["task"]]
    kw = {"n_train": cfg["n_train"]} if cfg.get("n_train") else {}
    xtr, ytr, xva, yva = gen(**kw)
    reg = K == 0
    net = make_model(cfg["model"], cfg["task"], 1 if reg else K, cfg.get("dropout", 0.0))
    if cfg.get("freeze"):
        for p in net.parameters():
            p.requires_grad = False
        [m for m in net.modules() if isinstance(m, nn.Linear)][-1].bias.requires_grad = True

    class M(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = net

        def _loss(self, o, y):
            return ((o.squeeze(-1) - y) ** 2).mean() if reg else nn.functional.cross_entropy(o, y)

        def training_step(self, batch, i):
            x, y = batch
            loss = self._loss(self.net(x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, batch, i):
            x, y = batch
            o = self.net(x)
            self.log("val_loss", self._loss(o, y), prog_bar=True)
            if reg:
                self.log("val_mae", (o.squeeze(-1) - y).abs().mean())
            else:
                self.log("val_acc", (o.argmax(-1) == y).float().mean())

        def configure_optimizers(self):
            ps = [p for p in self.parameters() if p.requires_grad]
            if cfg["opt"] == "sgd":
                opt = torch.optim.SGD(ps, lr=cfg["lr"], momentum=0.9)
            else:
                opt = torch.optim.Adam(ps, lr=cfg["lr"], weight_decay=cfg.get("wd", 0))
            if cfg.get("sched") == "plateau":
                return {"optimizer": opt, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=2), "monitor": "val_loss"}}
            if cfg.get("sched") == "cos":
                return {"optimizer": opt, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(opt, cfg["epochs"])}
            return opt

    T = torch.utils.data.TensorDataset
    dl = torch.utils.data.DataLoader(T(torch.tensor(xtr), torch.tensor(ytr)), batch_size=64, shuffle=True)
    dv = torch.utils.data.DataLoader(T(torch.tensor(xva), torch.tensor(yva)), batch_size=600)
    tr = L.Trainer(max_epochs=cfg["epochs"], logger=CSVLogger(run_dir, name="lightning_logs"),
                   callbacks=[LearningRateMonitor("epoch")], log_every_n_steps=10, enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, accelerator="cpu", devices=1)
    tr.fit(M(), dl, dv)

# ----------------------------------------------------------------------------------------------- keras


def keras_run(cfg, run_dir):
    import keras
    keras.utils.set_random_seed(cfg.get("seed", 0))
    gen, K = TASKS[cfg["task"]]
    xtr, ytr, xva, yva = gen()
    xtr, xva = xtr.reshape(len(xtr), -1), xva.reshape(len(xva), -1)
    if cfg.get("shuffle_y"):
        np.random.default_rng(11).shuffle(ytr)
    reg = K == 0
    layers = [keras.Input((xtr.shape[1],)), keras.layers.Dense(64, activation="relu")]
    if cfg.get("dropout"):
        layers.append(keras.layers.Dropout(cfg["dropout"]))
    layers.append(keras.layers.Dense(64, activation="relu"))
    layers.append(keras.layers.Dense(1) if reg else keras.layers.Dense(K, activation="softmax"))
    model = keras.Sequential(layers)
    opt = keras.optimizers.SGD(cfg["lr"], momentum=0.9) if cfg["opt"] == "sgd" else keras.optimizers.Adam(cfg["lr"])
    if reg:
        model.compile(opt, loss="mse", metrics=["mae"])
    else:
        model.compile(opt, loss=keras.losses.SparseCategoricalCrossentropy(from_logits=cfg.get("from_logits", False)),
                      metrics=["accuracy"])
    cbs = []
    if cfg.get("rlrop"):
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=2))
    if cfg.get("es"):
        cbs.append(keras.callbacks.EarlyStopping(patience=cfg["es"], restore_best_weights=True))
    if cfg["log"] == "kcsv":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(run_dir, "training.log")))
    h = model.fit(xtr, ytr, validation_data=(xva, yva), epochs=cfg["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if cfg["log"] == "kjson":
        with open(os.path.join(run_dir, "history.json"), "w") as f:
            json.dump(hist, f)
    elif cfg["log"] == "khcsv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(run_dir, "history.csv"))

# ----------------------------------------------------------------------------------------------- HF


def hf_run(cfg, run_dir):
    import torch
    import transformers as T
    torch.set_num_threads(1)
    T.set_seed(cfg.get("seed", 0))
    xtr, ytr, xva, yva = data_peakpos(n_train=1600)
    common = dict(vocab_size=12, num_labels=3, pad_token_id=0)
    arch = cfg["arch"]
    if arch == "qwen2":
        conf = T.Qwen2Config(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                             num_key_value_heads=2, max_position_embeddings=32, **common)
        model = T.Qwen2ForSequenceClassification(conf)
    elif arch == "deberta":
        conf = T.DebertaConfig(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                               max_position_embeddings=32, **common)
        model = T.DebertaForSequenceClassification(conf)
    elif arch == "gemma2":
        conf = T.Gemma2Config(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                              num_key_value_heads=2, head_dim=12, max_position_embeddings=32, **common)
        model = T.Gemma2ForSequenceClassification(conf)
    elif arch == "olmo2":
        conf = T.Olmo2Config(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                             num_key_value_heads=2, max_position_embeddings=32, **common)
        model = T.Olmo2ForSequenceClassification(conf)

    class DS(torch.utils.data.Dataset):
        def __init__(self, x, y):
            self.x, self.y = x, y

        def __len__(self):
            return len(self.x)

        def __getitem__(self, i):
            return {"input_ids": torch.tensor(self.x[i] + 1), "attention_mask": torch.ones(12, dtype=torch.long),
                    "labels": torch.tensor(int(self.y[i]))}

    def metrics(p):
        return {"accuracy": float((np.argmax(p.predictions, -1) == p.label_ids).mean())}

    out = f"/tmp/nu27_hf_{arch}"
    args = T.TrainingArguments(output_dir=out, num_train_epochs=cfg["epochs"], per_device_train_batch_size=32,
                               per_device_eval_batch_size=200, learning_rate=cfg["lr"], warmup_steps=20,
                               weight_decay=0.01, logging_steps=10, eval_strategy="steps", eval_steps=50,
                               save_strategy="no", report_to=[], use_cpu=True, seed=cfg.get("seed", 0),
                               disable_tqdm=True, max_grad_norm=1.0)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(xtr, ytr), eval_dataset=DS(xva, yva),
                   compute_metrics=metrics)
    tr.train()
    tr.evaluate()
    tr.save_state()
    shutil.copy(os.path.join(out, "trainer_state.json"), os.path.join(run_dir, "trainer_state.json"))
    shutil.rmtree(out, ignore_errors=True)

# ----------------------------------------------------------------------------------------------- run list


def R(fmt, name, **cfg):
    cfg["fmt"], cfg["name"] = fmt, name
    return cfg


RUNSPEC = [
    # ---- text (16)
    R("text", "meteor_adam_cosine", task="meteor", model="mlp", opt="adam", lr=2e-3, epochs=25, sched="cos", log="A"),
    R("text", "meteor_sgd_lr5", task="meteor", model="mlp", opt="sgd", lr=5.0, epochs=25, log="A"),
    R("text", "peakpos_gru_warmup", task="peakpos", model="gru", opt="adam", lr=3e-3, epochs=20, sched="warmcos", log="B"),
    R("text", "peakpos_gru_no_zero_grad", task="peakpos", model="gru", opt="adam", lr=3e-3, epochs=20, no_zero_grad=True, log="B"),
    R("text", "stroke_cnn_stepdecay", task="stroke", model="cnn", opt="sgd", lr=0.05, epochs=18, sched="step", step_size=6, log="C"),
    R("text", "stroke_cnn_x_shuffled", task="stroke", model="cnn", opt="sgd", lr=0.05, epochs=18, sched="step", step_size=6, shuffle_x_only=True, log="C"),
    R("text", "brew_mlp_plateau", task="brew", model="mlp", opt="adam", lr=3e-3, epochs=30, sched="plateau", log="E"),
    R("text", "brew_sgd_lr_tiny", task="brew", model="mlp", opt="sgd", lr=1e-5, mom=0.0, epochs=30, log="E"),
    R("text", "meteor_killed", task="meteor", model="mlp", opt="adam", lr=1e-3, epochs=30, sched="cos", kill_at=11, log="A"),
    R("text", "peakpos_relaunch_append", task="peakpos", model="gru", opt="adam", lr=3e-3, epochs=16, clip=1.0, kill_at=7, relaunch=True, log="D"),
    R("text", "peakpos_relu_rnn_noclip", task="peakpos", model="rnn", opt="sgd", lr=0.3, mom=0.9, epochs=16, explode=True, log_gnorm=True, log="D"),
    R("text", "meteor_tiny_trainset", task="meteor", model="mlp", opt="adam", lr=3e-3, epochs=40, n_train=48, bs=16, log="B"),
    R("text", "stroke_cnn_wd_huge", task="stroke", model="cnn", opt="adamw", lr=2e-3, wd=8.0, epochs=18, log="C"),
    R("text", "brew_rmsle_raw", task="brew", model="mlp", opt="adam", lr=1e-3, epochs=20, raw_target=True, rmsle=True, log="E"),
    R("text", "meteor_dropout_earlystop", task="meteor", model="mlp", opt="adam", lr=2e-3, dropout=0.3, epochs=60, early_stop=5, log="B"),
    R("text", "peakpos_tfm_clip", task="peakpos", model="tfm", opt="adamw", lr=2e-3, epochs=20, sched="warmcos", clip=1.0, log="D"),
    # ---- csv / jsonl (9)
    R("csv", "meteor_writer_step", task="meteor", model="mlp", opt="sgd", lr=0.1, epochs=24, sched="step", step_size=8, log="csvw"),
    R("csv", "meteor_softmax_twice", task="meteor", model="mlp", opt="adam", lr=1e-3, epochs=24, double_softmax=True, log="csvw"),
    R("csv", "brew_dict_cosine", task="brew", model="mlp", opt="adam", lr=3e-3, epochs=25, sched="cos", log="csvd"),
    R("csv", "brew_optimizer_stale_model", task="brew", model="mlp", opt="adam", lr=3e-3, epochs=25, rebuild_model=True, log="csvd"),
    R("csv", "peakpos_pandas_gru", task="peakpos", model="gru", opt="adam", lr=3e-3, epochs=20, sched="cos", log="csvp"),
    R("csv", "peakpos_steplr_per_batch", task="peakpos", model="gru", opt="adam", lr=3e-3, epochs=20, sched="step", step_size=8, gamma=0.5, sched_per_batch=True, log="csvp"),
    R("jsonl", "stroke_cnn_ok", task="stroke", model="cnn", opt="adam", lr=2e-3, epochs=16, sched="cos", log="jsonl"),
    R("jsonl", "stroke_eval_on_train", task="stroke", model="cnn", opt="adam", lr=2e-3, epochs=16, n_train=300, eval_on_train=True, log="jsonl"),
    R("jsonl", "meteor_val_from_train", task="meteor", model="mlp", opt="adam", lr=3e-3, epochs=30, leak=True, log="jsonl"),
    # ---- tensorboard (9)
    R("tb", "stroke_cnn_sw", task="stroke", model="cnn", opt="sgd", lr=0.05, epochs=18, sched="cos", log="tb"),
    R("tb", "stroke_adam_lr_half", task="stroke", model="cnn", opt="adam", lr=0.5, epochs=18, log="tb"),
    R("tb", "peakpos_lstm_tbx", task="peakpos", model="lstm", opt="adam", lr=3e-3, epochs=20, clip=1.0, sched="cos", tbx=True, log="tb"),
    R("tb", "meteor_fp16", task="meteor", model="mlp", opt="adam", lr=1e-3, epochs=20, half=True, tbx=True, log="tb"),
    R("tb", "brew_warmup_cosine_tbx", task="brew", model="mlp", opt="adamw", lr=3e-3, epochs=25, sched="warmcos", tbx=True, log="tb", log_gnorm=True),
    R("tb", "brew_sgd_raw_target", task="brew", model="mlp", opt="sgd", lr=0.05, epochs=20, raw_target=True, tbx=True, log_gnorm=True, log="tb"),
    R("tb", "meteor_mse_class_ids", task="meteor", model="mlp", opt="adam", lr=2e-3, epochs=25, mse_ids=True, log="tb"),
    R("tb", "peakpos_relaunch_same_dir", task="peakpos", model="lstm", opt="adam", lr=3e-3, epochs=16, kill_at=9, relaunch=True, tbx=True, log="tb"),
    R("tb", "stroke_cosine_tmax_stale", task="stroke", model="cnn", opt="sgd", lr=0.05, epochs=12, sched="cos", tmax=60, log="tb"),
    # ---- lightning (6)
    R("lightning", "meteor_mlp_cos", task="meteor", model="mlp", opt="adam", lr=2e-3, epochs=20, sched="cos"),
    R("lightning", "peakpos_gru", task="peakpos", model="gru", opt="adam", lr=3e-3, epochs=18),
    R("lightning", "stroke_cnn_frozen", task="stroke", model="cnn", opt="adam", lr=2e-3, epochs=15, freeze=True),
    R("lightning", "brew_mlp_plateau", task="brew", model="mlp", opt="adam", lr=3e-3, epochs=25, sched="plateau"),
    R("lightning", "meteor_sgd_lr10", task="meteor", model="mlp", opt="sgd", lr=10.0, epochs=20),
    R("lightning", "peakpos_gru_80rows", task="peakpos", model="gru", opt="adam", lr=5e-3, epochs=60, n_train=80),
    # ---- keras (6)
    R("keras", "meteor_csvlogger", task="meteor", opt="adam", lr=2e-3, epochs=25, dropout=0.2, log="kcsv"),
    R("keras", "brew_csvlogger_sgd_1e-6", task="brew", opt="sgd", lr=1e-6, epochs=25, log="kcsv"),
    R("keras", "stroke_dense_json_es", task="stroke", opt="adam", lr=1e-3, epochs=40, es=4, log="kjson"),
    R("keras", "meteor_softmax_from_logits", task="meteor", opt="adam", lr=2e-3, epochs=25, from_logits=True, log="kjson"),
    R("keras", "brew_history_rlrop", task="brew", opt="adam", lr=3e-3, epochs=30, rlrop=True, log="khcsv"),
    R("keras", "meteor_labels_shuffled", task="meteor", opt="adam", lr=2e-3, epochs=25, shuffle_y=True, log="khcsv"),
    # ---- hf (4)
    R("hf", "peakpos_qwen2", arch="qwen2", lr=2e-3, epochs=5),
    R("hf", "peakpos_deberta", arch="deberta", lr=1e-3, epochs=5),
    R("hf", "peakpos_gemma2_lr_high", arch="gemma2", lr=0.2, epochs=5),
    R("hf", "peakpos_olmo2_lr_tiny", arch="olmo2", lr=1e-7, epochs=5),
]
SPEC = {f"{c['fmt']}/{c['name']}": c for c in RUNSPEC}


def run_one(key, phase=0):
    cfg = SPEC[key]
    run_dir = os.path.join(RUNS, key)
    if phase in (0, 1):
        shutil.rmtree(run_dir, ignore_errors=True)
        os.makedirs(run_dir)
    if cfg.get("relaunch") and phase == 0:
        # first launch gets SIGKILLed, then the user relaunches the same command (same log / same dir)
        subprocess.run([sys.executable, __file__, "--only", key, "--phase", "1"])
        subprocess.run([sys.executable, __file__, "--only", key, "--phase", "2"])
        return
    fmt = cfg["fmt"]
    if fmt in ("text", "csv", "jsonl", "tb"):
        if cfg["log"] in TEXT_FILE:
            f = open(os.path.join(run_dir, TEXT_FILE[cfg["log"]]), "a", buffering=1)
            os.dup2(f.fileno(), 1)
            sys.stdout = f
            if cfg["log"] == "C":
                os.dup2(f.fileno(), 2)
                sys.stderr = f
        torch_run(cfg, run_dir, phase)
    elif fmt == "lightning":
        lightning_run(cfg, run_dir)
    elif fmt == "keras":
        keras_run(cfg, run_dir)
    elif fmt == "hf":
        hf_run(cfg, run_dir)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--phase", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    if a.only:
        run_one(a.only, a.phase)
        return
    keys = list(SPEC)
    procs, i = [], 0
    os.makedirs("/tmp/nu27_err", exist_ok=True)
    while i < len(keys) or procs:
        while i < len(keys) and len(procs) < a.jobs:
            k = keys[i]
            i += 1
            err = open(f"/tmp/nu27_err/{k.replace('/', '__')}.txt", "w")
            procs.append((k, time.time(), subprocess.Popen([sys.executable, __file__, "--only", k], stdout=err, stderr=err)))
        time.sleep(0.2)
        for p in list(procs):
            if p[2].poll() is not None:
                print(f"{p[0]:45s} rc={p[2].returncode} {time.time() - p[1]:.1f}s", flush=True)
                procs.remove(p)


if __name__ == "__main__":
    main()
