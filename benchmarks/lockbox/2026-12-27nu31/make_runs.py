#!/usr/bin/env python
"""Lock-box batch 2026-12-27nu31: ~50 small CPU trainings a new user could have written.

python make_runs.py                      # make every run, two subprocesses at a time
python make_runs.py --only text/<name>   # re-make one run (its directory is deleted first)
Each run writes runs/<format>/<name>/ exactly as its logger leaves it.
"""
import os, sys, json, math, signal, subprocess, time, csv, shutil
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")
TMP = "/tmp/nu31_tmp"

# ----------------------------------------------------------------------------- data (all numpy, fixed seeds)
TASKS = {"volc": "cls", "cell": "reg", "flavor": "ml", "delay": "seq"}


def make_data(task, n_train=1800, n_val=600, seed=31):
    rng = np.random.RandomState(seed)
    n = n_train + n_val
    if task == "volc":  # eruption style (effusive / strombolian / vulcanian / plinian), K = 4
        K = 4
        means = np.array([[-1.0, -1.2, -1.0, 0.8, -1.2, -0.5, -0.6, -1.0],   # silica, gas, log visc, vent w,
                          [-0.4, 0.2, -0.3, 0.2, -0.2, 0.8, 0.1, -0.2],      # log plume h, tremor, SO2, slope
                          [0.5, 0.1, 0.7, -0.5, 0.3, 0.2, -0.3, 0.8],
                          [0.9, 1.1, 0.8, -0.2, 1.3, -0.1, 0.9, 0.4]])
        y = rng.randint(0, K, n)
        X = means[y] + rng.normal(0, 0.75, (n, 8))
        flip = rng.rand(n) < 0.05
        y[flip] = rng.randint(0, K, flip.sum())
        X = (X - X[:n_train].mean(0)) / X[:n_train].std(0)
        return X[:n_train].astype(np.float32), y[:n_train], X[n_train:].astype(np.float32), y[n_train:]
    if task == "cell":  # battery capacity retention after cycling, regression
        cyc = rng.uniform(50, 2000, n)
        temp = rng.uniform(10, 45, n)
        crc = rng.uniform(0.2, 3.0, n)
        crd = rng.uniform(0.2, 4.0, n)
        dod = rng.uniform(0.2, 1.0, n)
        rest = rng.exponential(2.0, n)
        fade = 0.0025 * np.sqrt(cyc) * np.exp(0.035 * (temp - 25)) * (0.6 + 0.4 * crc) * (0.5 + dod) \
            + 0.01 * crd ** 1.5 - 0.004 * np.log1p(rest)
        y = 1.0 - fade + rng.normal(0, 0.006, n)
        X = np.stack([np.log(cyc), temp, crc, crd, dod, np.log1p(rest)], 1)
        X = (X - X[:n_train].mean(0)) / X[:n_train].std(0)
        y = (y - y[:n_train].mean()) / y[:n_train].std()
        return X[:n_train].astype(np.float32), y[:n_train].astype(np.float32), X[n_train:].astype(np.float32), y[n_train:].astype(np.float32)
    if task == "flavor":  # 12 ingredient amounts -> 6 flavour tags (multi-label)
        X = rng.gamma(1.5, 1.0, (n, 12))
        W = rng.normal(0, 1, (12, 6)) * (rng.rand(12, 6) < 0.4)
        Z = X @ W + 0.6 * X[:, [0, 2, 4, 6, 8, 10]] * X[:, [1, 3, 5, 7, 9, 11]] + rng.normal(0, 0.5, (n, 6))
        thr = np.quantile(Z[:n_train], 0.68, axis=0)
        Y = (Z > thr).astype(np.float32)
        X = np.log1p(X)
        X = (X - X[:n_train].mean(0)) / X[:n_train].std(0)
        return X[:n_train].astype(np.float32), Y[:n_train], X[n_train:].astype(np.float32), Y[n_train:]
    if task == "delay":  # per-token: y_t = (x_t + x_{t-2}) mod 6, 14 tokens
        T = 14
        Xs = rng.randint(0, 6, (n, T))
        prev = np.concatenate([np.zeros((n, 2), int), Xs[:, :-2]], 1)
        Ys = (Xs + prev) % 6
        n_train, n_val = int(n_train * 0.8), int(n_val * 0.8)
        return Xs[:n_train], Ys[:n_train], Xs[n_train:n_train + n_val], Ys[n_train:n_train + n_val]
    raise ValueError(task)


METRIC = {"cls": "acc", "reg": "r2", "ml": "f1", "seq": "tok_acc"}
DIMS = {"volc": (8, 4), "cell": (6, 1), "flavor": (12, 6), "delay": (6, 6)}


# ----------------------------------------------------------------------------- torch models
def build_model(c):
    import torch
    from torch import nn
    task = c["task"]
    din, dout = DIMS[task]
    if c.get("mse_cls"):
        dout = 1
    kind = c.get("model", "mlp")
    if kind == "mlp":
        h, depth, p = c.get("h", 64), c.get("depth", 2), c.get("p", 0.0)
        layers, d = [], din
        for _ in range(depth):
            layers += [nn.Linear(d, h)]
            if c.get("bn"):
                layers += [nn.BatchNorm1d(h)]
            layers += [nn.ReLU()]
            if p:
                layers += [nn.Dropout(p)]
            d = h
        layers += [nn.Linear(d, dout)]
        if c.get("double_softmax"):
            layers += [nn.Softmax(dim=1)]
        return nn.Sequential(*layers)

    class SeqNet(nn.Module):
        def __init__(self):
            super().__init__()
            hid = c.get("h", 48)
            self.emb = nn.Embedding(6, 16)
            if kind == "tx":
                self.pos = nn.Parameter(torch.randn(1, 14, 16) * 0.1)
                self.proj = nn.Linear(16, hid)
                layer = nn.TransformerEncoderLayer(hid, 4, hid * 2, dropout=c.get("p", 0.0), batch_first=True)
                self.enc = nn.TransformerEncoder(layer, 2)
            else:
                cell = {"gru": nn.GRU, "lstm": nn.LSTM, "rnn": nn.RNN}[kind]
                kw = {"nonlinearity": "relu"} if kind == "rnn" else {}
                self.enc = cell(16, hid, batch_first=True, **kw)
            self.head = nn.Linear(hid, 6)

        def forward(self, x):
            e = self.emb(x)
            if kind == "tx":
                o = self.enc(self.proj(e + self.pos))
            else:
                o, _ = self.enc(e)
            return self.head(o)
    return SeqNet()


# ----------------------------------------------------------------------------- loggers for plain torch loops
class TextLog:
    """Prints to stdout; the driver redirects stdout (and stderr for tqdm runs) into the run's log file."""
    def __init__(self, style, name, kind, epochs):
        self.style, self.name, self.kind, self.E = style, name, kind, epochs
        self.m = METRIC[kind]
        if style == "logging":
            import logging
            logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                                format="%(asctime)s | %(levelname)s | %(name)s | %(message)s")
            self.log = logging.getLogger(name.split("_")[0])

    def begin(self, c):
        if self.style == "bracket":
            print(f"# run {self.name}  task={c['task']}  opt={c.get('opt','adam')} lr={c['lr']}  epochs={self.E}")
        elif self.style == "logging":
            self.log.info("config: %s", json.dumps({k: v for k, v in c.items() if k != "fmt"}, sort_keys=True))
        elif self.style == "tqdm":
            print(f"training {self.name} for {self.E} epochs")
        else:
            print(f"*** {self.name}: {self.E} epochs, batch {c.get('bs', 64)}, lr {c['lr']}")

    def batch(self, step, loss, lr, gn=None):
        if self.style == "steps" and step % 10 == 0:
            s = f"step {step:5d} | loss {loss:.4f} | lr {lr:.6f}"
            if gn is not None:
                s += f" | gnorm {gn:.3f}"
            print(s)

    def epoch(self, ep, r):
        m = self.m
        if self.style == "bracket":
            print(f"[ep {ep:03d}/{self.E:03d}] trn {r['train_loss']:.5f}  dev {r['val_loss']:.5f}  "
                  f"dev_{m} {r['val_metric']:.4f}  lr {r['lr']:.2e}")
        elif self.style == "logging":
            if m in ("acc", "tok_acc", "f1"):
                ms = f"holdout {m}: {100 * r['val_metric']:.2f}%"
            else:
                ms = f"holdout {m}: {r['val_metric']:.4f}"
            self.log.info(f"Epoch {ep} finished - training loss: {r['train_loss']:.4f}, "
                          f"holdout loss: {r['val_loss']:.4f}, {ms}, learning rate: {r['lr']:.3g}")
        elif self.style == "tqdm":
            from tqdm import tqdm
            tqdm.write(f">> epoch {ep}: mean_train_loss={r['train_loss']:.4f} valid_loss={r['val_loss']:.4f} "
                       f"valid_{m}={r['val_metric']:.4f} lr={r['lr']:.5f}")
        else:
            print(f"== eval @ step {r['step']} (epoch {ep}): eval_loss {r['val_loss']:.4f} eval_{m} {r['val_metric']:.4f}")

    def note(self, s):
        if self.style == "logging":
            self.log.warning(s)
        else:
            print(s)

    def end(self):
        if self.style == "logging":
            self.log.info("done")
        else:
            print("finished.")


class CsvLog:
    def __init__(self, d, kind, extra):
        self.f = open(os.path.join(d, "log.csv"), "a", newline="")
        self.w = csv.writer(self.f)
        self.cols = ["epoch", "trn_loss", "dev_loss", "dev_" + METRIC[kind], "lr"] + extra
        self.w.writerow(self.cols)   # header written on every launch
        self.f.flush()

    def begin(self, c): pass
    def batch(self, *a, **k): pass
    def note(self, s): pass

    def epoch(self, ep, r):
        row = [ep, r["train_loss"], r["val_loss"], r["val_metric"], r["lr"]] + [r[k] for k in self.cols[5:]]
        self.w.writerow(row)
        self.f.flush()

    def end(self):
        self.f.close()


class JsonlLog:
    def __init__(self, d, kind, extra):
        self.f = open(os.path.join(d, "progress.jsonl"), "a")
        self.m = METRIC[kind]
        self.extra = extra

    def begin(self, c): pass
    def batch(self, *a, **k): pass
    def note(self, s): pass

    def epoch(self, ep, r):
        rec = {"epoch": ep, "train/loss": r["train_loss"], "valid/loss": r["val_loss"],
               "valid/" + self.m: r["val_metric"], "opt/lr": r["lr"]}
        for k in self.extra:
            rec[k] = r[k]
        self.f.write(json.dumps(rec) + "\n")
        self.f.flush()

    def end(self):
        self.f.close()


class TbLog:
    def __init__(self, d, kind, flavour):
        self.fl = flavour
        if flavour == "torch":
            from torch.utils.tensorboard import SummaryWriter
            self.w = SummaryWriter(log_dir=d)
            self.tags = {"train_loss": "Loss/train", "val_loss": "Loss/valid", "val_metric": "Score/valid_" + METRIC[kind],
                         "lr": "LR", "grad_norm": "Grad/total_norm"}
        else:
            from tensorboardX import SummaryWriter
            self.w = SummaryWriter(logdir=d)
            self.tags = {"train_loss": "train/loss_epoch", "val_loss": "valid/loss", "val_metric": "valid/" + METRIC[kind],
                         "lr": "optim/lr", "grad_norm": "optim/grad_norm"}

    def begin(self, c): pass
    def note(self, s): pass

    def batch(self, step, loss, lr, gn=None):
        if step % 10 == 0:
            self.w.add_scalar("train/loss_step" if self.fl == "x" else "Loss/train_step", loss, step)

    def epoch(self, ep, r):
        for k, t in self.tags.items():
            if k in r:
                self.w.add_scalar(t, r[k], ep)
        self.w.flush()

    def end(self):
        self.w.close()


# ----------------------------------------------------------------------------- generic torch loop (with the user's bugs)
def torch_run(fmt, name, c, d):
    import torch
    from torch import nn
    torch.set_num_threads(1)
    torch.manual_seed(c.get("seed", 0))
    rng = np.random.RandomState(c.get("seed", 0))
    task = c["task"]
    kind = TASKS[task]
    Xtr, Ytr, Xva, Yva = make_data(task)
    if c.get("n_train"):
        Xtr, Ytr = Xtr[:c["n_train"]], Ytr[:c["n_train"]]
    if c.get("shuffle_labels"):          # bug: shuffles y on its own, X stays in place
        Ytr = Ytr[rng.permutation(len(Ytr))]
    if c.get("misalign"):                # bug: dropped the first row of y only (header handling), then truncated
        Xtr, Ytr = Xtr[:-1], Ytr[1:]
    if c.get("eval_on_train"):           # bug: "val" loader built from the training arrays
        Xva, Yva = Xtr, Ytr
    E = c["epochs"]
    phase = int(os.environ.get("NU31_PHASE", "1"))
    if fmt == "text":
        log = TextLog(c["style"], name, kind, E)
    elif fmt == "csv":
        log = CsvLog(d, kind, c.get("extra", []))
    elif fmt == "jsonl":
        log = JsonlLog(d, kind, c.get("extra", []))
    else:
        log = TbLog(d, kind, c.get("tb", "torch"))
    dtype = torch.bfloat16 if c.get("bf16") else torch.float32
    model = build_model(c).to(dtype)
    params = model.parameters()
    optname = c.get("opt", "adam")

    def mk_opt(ps):
        if optname == "sgd":
            return torch.optim.SGD(ps, lr=c["lr"], momentum=c.get("mom", 0.0), weight_decay=c.get("wd", 0.0))
        if optname == "adamw":
            return torch.optim.AdamW(ps, lr=c["lr"], weight_decay=c.get("wd", 0.01))
        return torch.optim.Adam(ps, lr=c["lr"], weight_decay=c.get("wd", 0.0))
    opt = mk_opt(params)
    if c.get("rebuild_after_opt"):       # bug: model re-created after the optimizer was made
        model = build_model(c).to(dtype)
    bs = c.get("bs", 64)
    nb = math.ceil(len(Xtr) / bs)
    sch, sk = None, c.get("sched")
    if sk == "cos":
        sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=c.get("T", E))
    elif sk == "step":
        sch = torch.optim.lr_scheduler.StepLR(opt, step_size=c["step_size"], gamma=c.get("gamma", 0.3))
    elif sk == "plateau":
        sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=c.get("pp", 2))
    elif sk == "warmcos":
        W = c.get("warm", 3)
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: (e + 1) / W if e < W else 0.5 * (1 + math.cos(math.pi * (e - W) / max(1, E - W))))
    elif sk == "onecycle":
        sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=c["lr"], total_steps=E * nb)
    per_batch = sk == "onecycle" or c.get("sched_per_batch")

    if kind in ("cls", "seq"):
        lossf = nn.CrossEntropyLoss()
    elif kind == "reg":
        lossf = nn.MSELoss()
    else:
        lossf = nn.BCEWithLogitsLoss()
    if c.get("mse_cls"):
        lossf = nn.MSELoss()

    def manual_bce(z, y):   # "numerically the same" as BCEWithLogits, written by hand
        p = torch.sigmoid(z)
        return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()

    def to_t(X, Y):
        x = torch.tensor(X) if kind == "seq" else torch.tensor(X).to(dtype)
        if kind in ("cls", "seq") and not c.get("mse_cls"):
            y = torch.tensor(Y).long()
        else:
            y = torch.tensor(Y).to(dtype)
        return x, y
    xtr, ytr = to_t(Xtr, Ytr)
    xva, yva = to_t(Xva, Yva)

    def compute_loss(out, y):
        if kind == "seq":
            return lossf(out.reshape(-1, 6), y.reshape(-1))
        if kind == "reg" or c.get("mse_cls"):
            return lossf(out.squeeze(-1), y)
        if c.get("manual_bce"):
            return manual_bce(out, y)
        return lossf(out, y)

    def metric(out, y):
        if c.get("mse_cls"):
            return (out.squeeze(-1).round().clamp(0, 3) == y).float().mean().item()
        if kind == "cls":
            return (out.argmax(1) == y).float().mean().item()
        if kind == "seq":
            return (out.argmax(-1) == y).float().mean().item()
        if kind == "reg":
            return 1 - ((out.squeeze(-1) - y) ** 2).mean().item() / y.float().var().item()
        pred = (out > 0).float()
        tp = (pred * y).sum().item()
        return 2 * tp / max(1.0, pred.sum().item() + y.sum().item())

    start, step = 0, 0
    ck = os.path.join(TMP, name.replace("/", "_") + ".pt")
    if phase == 2 and c.get("relaunch") == "resume" and os.path.exists(ck):
        st = torch.load(ck)
        model.load_state_dict(st["model"]); opt.load_state_dict(st["opt"])
        if sch is not None:
            sch.load_state_dict(st["sch"])
        start, step = st["epoch"], st["step"]
        log.note(f"resumed from {ck} at epoch {start}")
    log.begin(c)
    best, bad = float("inf"), 0
    for ep in range(start, E):
        if not c.get("no_train_switch") or ep == 0:
            model.train()
        perm = rng.permutation(len(xtr))
        tot, cnt = 0.0, 0
        it = range(nb)
        if fmt == "text" and c["style"] == "tqdm":
            from tqdm import tqdm
            it = tqdm(it, desc=f"epoch {ep + 1}/{E}", leave=False, mininterval=0.5)
        gn = None
        for b in it:
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = xtr[idx], ytr[idx]
            if not c.get("no_zero_grad"):
                opt.zero_grad()
            out = model(xb)
            loss = compute_loss(out, yb)
            loss.backward()
            if c.get("log_grad") or c.get("clip"):
                mx = c.get("clip") or float("inf")
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), mx))
            opt.step()
            step += 1
            if per_batch and sch is not None:
                sch.step()
            lv = float(loss)
            tot += lv * len(idx); cnt += len(idx)
            log.batch(step, lv, opt.param_groups[0]["lr"], gn if c.get("log_grad") else None)
            if fmt == "text" and c["style"] == "tqdm" and b % 5 == 0:
                it.set_postfix(loss=f"{lv:.3f}")
        lr_now = opt.param_groups[0]["lr"]
        if not c.get("no_eval_switch"):
            model.eval()
        with torch.no_grad():
            out = model(xva)
            vl = float(compute_loss(out, yva))
            vm = metric(out.float(), yva)
        rec = {"train_loss": tot / cnt, "val_loss": vl, "val_metric": vm, "lr": lr_now, "step": step}
        if c.get("log_grad"):
            rec["grad_norm"] = gn
        log.epoch(ep + 1, rec)
        if sch is not None and not per_batch:
            if sk == "plateau":
                sch.step(vl)
            else:
                sch.step()
        if c.get("relaunch") == "resume" and (ep + 1) % 5 == 0:
            os.makedirs(TMP, exist_ok=True)
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(),
                        "sch": sch.state_dict() if sch is not None else None, "epoch": ep + 1, "step": step}, ck)
        if phase == 1 and c.get("kill_at") == ep + 1:
            os.kill(os.getpid(), signal.SIGKILL)
        if c.get("es"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= c["es"]:
                    log.note(f"early stopping: no improvement for {c['es']} epochs (best {best:.4f})")
                    break
    log.end()
    if os.path.exists(ck) and phase == 2:
        os.remove(ck)


# ----------------------------------------------------------------------------- Lightning
def lightning_run(fmt, name, c, d):
    import torch
    from torch import nn
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, EarlyStopping
    torch.set_num_threads(1)
    L.seed_everything(c.get("seed", 0), verbose=False)
    task = c["task"]; kind = TASKS[task]
    Xtr, Ytr, Xva, Yva = make_data(task)
    if c.get("n_train"):
        Xtr, Ytr = Xtr[:c["n_train"]], Ytr[:c["n_train"]]
    yt = torch.long if kind in ("cls", "seq") else torch.float32
    mk = lambda X, Y: torch.utils.data.TensorDataset(torch.tensor(X), torch.tensor(Y).to(yt))
    tl = torch.utils.data.DataLoader(mk(Xtr, Ytr), batch_size=c.get("bs", 64), shuffle=True)
    vl = torch.utils.data.DataLoader(mk(Xva, Yva), batch_size=512)
    m = METRIC[kind]

    class Mod(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = build_model(c)

        def _loss(self, out, y):
            if kind == "seq":
                return nn.functional.cross_entropy(out.reshape(-1, 6), y.reshape(-1)), (out.argmax(-1) == y).float().mean()
            if kind == "cls":
                return nn.functional.cross_entropy(out, y), (out.argmax(1) == y).float().mean()
            if kind == "reg":
                l = nn.functional.mse_loss(out.squeeze(-1), y)
                return l, 1 - l / y.var()
            l = nn.functional.binary_cross_entropy_with_logits(out, y)
            pred = (out > 0).float()
            return l, 2 * (pred * y).sum() / (pred.sum() + y.sum()).clamp(min=1)

        def training_step(self, b, i):
            l, _ = self._loss(self.net(b[0]), b[1])
            self.log("trn_loss", l, on_step=False, on_epoch=True)
            return l

        def validation_step(self, b, i):
            l, mm = self._loss(self.net(b[0]), b[1])
            self.log("dev_loss", l, prog_bar=True)
            self.log("dev_" + m, mm)

        def on_train_epoch_end(self):
            if c.get("kill_at") and self.current_epoch + 1 == c["kill_at"]:
                os.kill(os.getpid(), signal.SIGKILL)

        def configure_optimizers(self):
            if c.get("opt") == "sgd":
                o = torch.optim.SGD(self.parameters(), lr=c["lr"], momentum=c.get("mom", 0.0))
            else:
                o = torch.optim.AdamW(self.parameters(), lr=c["lr"], weight_decay=c.get("wd", 0.0))
            if c.get("sched") == "cos":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=c["epochs"])}
            if c.get("sched") == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.5, patience=2),
                                                          "monitor": "dev_loss"}}
            return o
    cbs = [LearningRateMonitor(logging_interval="epoch")]
    if c.get("es"):
        cbs.append(EarlyStopping(monitor="dev_loss", patience=c["es"]))
    tr = L.Trainer(max_epochs=c["epochs"], logger=CSVLogger(d, name="lightning_logs", flush_logs_every_n_steps=10),
                   callbacks=cbs, enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                   accelerator="cpu", devices=1, num_sanity_val_steps=0, log_every_n_steps=10)
    tr.fit(Mod(), tl, vl)


# ----------------------------------------------------------------------------- Keras
def keras_run(fmt, name, c, d):
    import keras
    from keras import layers
    keras.utils.set_random_seed(c.get("seed", 0))
    task = c["task"]; kind = TASKS[task]
    Xtr, Ytr, Xva, Yva = make_data(task)
    if c.get("n_train"):
        Xtr, Ytr = Xtr[:c["n_train"]], Ytr[:c["n_train"]]
    if c.get("shuffle_labels"):
        Ytr = np.random.RandomState(5).permutation(Ytr)
    din, dout = DIMS[task]
    reg = keras.regularizers.l2(c["l2"]) if c.get("l2") else None
    net = [keras.Input((din,))]
    for _ in range(c.get("depth", 2)):
        net += [layers.Dense(c.get("h", 64), activation="relu", kernel_regularizer=reg)]
        if c.get("p"):
            net += [layers.Dropout(c["p"])]
    if c.get("mse_cls"):
        net += [layers.Dense(1)]
        loss, mets = "mse", ["mae"]
    elif kind == "cls":
        net += [layers.Dense(dout, activation="softmax")]
        loss, mets = "sparse_categorical_crossentropy", ["accuracy"]
    elif kind == "reg":
        net += [layers.Dense(1)]
        loss, mets = "mse", ["mae"]
    else:
        net += [layers.Dense(dout, activation="sigmoid")]
        loss, mets = "binary_crossentropy", [keras.metrics.BinaryAccuracy(name="bin_acc")]
    model = keras.Sequential(net)
    opt = keras.optimizers.SGD(learning_rate=c["lr"], momentum=0.9) if c.get("opt") == "sgd" else keras.optimizers.Adam(learning_rate=c["lr"])
    model.compile(optimizer=opt, loss=loss, metrics=mets)
    cbs = []
    if c.get("sched") == "plateau":
        cbs.append(keras.callbacks.ReduceLROnPlateau(monitor="val_loss", factor=0.5, patience=3))
    if c.get("es"):
        cbs.append(keras.callbacks.EarlyStopping(monitor="val_loss", patience=c["es"], restore_best_weights=True))
    out = c["out"]
    if out == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.csv")))
    h = model.fit(Xtr, Ytr, validation_data=(Xva, Yva), epochs=c["epochs"], batch_size=c.get("bs", 64), verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if out == "json":
        with open(os.path.join(d, "history.json"), "w") as f:
            json.dump(hist, f, indent=1)
    elif out == "csv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"), index_label="epoch")


# ----------------------------------------------------------------------------- HF Trainer
def hf_run(fmt, name, c, d):
    import torch
    from transformers import (BertConfig, BertForTokenClassification, GPT2Config, GPT2ForTokenClassification,
                              Trainer, TrainingArguments)
    torch.set_num_threads(1)
    torch.manual_seed(c.get("seed", 0))
    Xtr, Ytr, Xva, Yva = make_data("delay")

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, Y): self.X, self.Y = X, Y
        def __len__(self): return len(self.X)
        def __getitem__(self, i):
            return {"input_ids": torch.tensor(self.X[i]), "attention_mask": torch.ones(14, dtype=torch.long),
                    "labels": torch.tensor(self.Y[i])}
    if c["arch"] == "bert":
        cfg = BertConfig(vocab_size=8, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
                         max_position_embeddings=32, num_labels=6, hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
        model = BertForTokenClassification(cfg)
    else:
        cfg = GPT2Config(vocab_size=8, n_embd=32, n_layer=2, n_head=2, n_positions=32, num_labels=6,
                         resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
        model = GPT2ForTokenClassification(cfg)

    def cm(ev):
        p, l = ev
        return {"tok_acc": float((p.argmax(-1) == l).mean())}
    out = os.path.join(TMP, "hf_" + name)
    args = TrainingArguments(output_dir=out, num_train_epochs=c["epochs"], per_device_train_batch_size=32,
                             per_device_eval_batch_size=256, learning_rate=c["lr"], warmup_steps=c.get("warm", 0),
                             lr_scheduler_type=c.get("sched", "linear"), weight_decay=c.get("wd", 0.0),
                             eval_strategy="epoch", logging_steps=10, save_strategy="no", report_to="none",
                             use_cpu=True, seed=c.get("seed", 0), disable_tqdm=True, max_grad_norm=c.get("clip", 1.0))
    tr = Trainer(model=model, args=args, train_dataset=DS(Xtr, Ytr), eval_dataset=DS(Xva, Yva), compute_metrics=cm)
    tr.train()
    tr.save_state()
    shutil.copy(os.path.join(out, "trainer_state.json"), os.path.join(d, "trainer_state.json"))
    shutil.rmtree(out, ignore_errors=True)


# ----------------------------------------------------------------------------- the runs
R = {}


def add(key, **c):
    R[key] = c


# text (15)
add("text/volc_mlp_warmcos", task="volc", style="bracket", lr=3e-3, epochs=30, sched="warmcos", warm=3, p=0.1)
add("text/cell_mlp_sgd_stepdecay", task="cell", style="logging", opt="sgd", mom=0.9, lr=0.02, epochs=30, sched="step", step_size=10, gamma=0.3)
add("text/flavor_mlp_plateau", task="flavor", style="tqdm", lr=2e-3, epochs=25, sched="plateau", pp=2)
add("text/delay_gru_clip", task="delay", model="gru", style="steps", lr=5e-3, epochs=20, clip=1.0, log_grad=True)
add("text/volc_mlp_earlystop", task="volc", style="logging", lr=2e-3, epochs=60, p=0.3, es=5)
add("text/cell_mlp_adamw_cos", task="cell", style="bracket", opt="adamw", wd=1e-2, lr=3e-3, epochs=30, sched="cos")
add("text/volc_sgd_lr8", task="volc", style="bracket", opt="sgd", mom=0.9, lr=8.0, epochs=25)
add("text/cell_adam_lr1e6", task="cell", style="logging", lr=1e-6, epochs=25)
add("text/delay_relurnn_noclip", task="delay", model="rnn", style="steps", opt="sgd", mom=0.9, lr=0.3, epochs=15, log_grad=True)
add("text/flavor_handwritten_bce", task="flavor", style="tqdm", lr=0.05, epochs=25, manual_bce=True, h=128)
add("text/volc_killed_ep11", task="volc", style="bracket", lr=2e-3, epochs=40, sched="cos", kill_at=11)
add("text/cell_relaunch_from_scratch", task="cell", style="logging", lr=2e-3, epochs=20, kill_at=8, relaunch="scratch")
add("text/delay_tx_steplr_per_batch", task="delay", model="tx", style="steps", lr=2e-3, epochs=20, sched="step", step_size=5, gamma=0.5, sched_per_batch=True)
add("text/volc_sgd_no_zero_grad", task="volc", style="tqdm", opt="sgd", mom=0.9, lr=0.02, epochs=25, no_zero_grad=True)
add("text/flavor_tiny_eval_on_train", task="flavor", style="bracket", lr=3e-3, epochs=60, n_train=80, h=256, bs=16, eval_on_train=True)
# csv (5)
add("csv/cell_mlp_onecycle", task="cell", lr=1e-2, epochs=30, sched="onecycle")
add("csv/volc_labels_shuffled", task="volc", lr=2e-3, epochs=30, shuffle_labels=True, h=128)
add("csv/delay_lstm_relaunch_resume", task="delay", model="lstm", lr=5e-3, epochs=20, kill_at=13, relaunch="resume", clip=1.0)
add("csv/flavor_opt_before_rebuild", task="flavor", lr=2e-3, epochs=20, rebuild_after_opt=True)
add("csv/cell_dropout07_wd03", task="cell", opt="adamw", lr=2e-3, wd=0.3, p=0.7, epochs=30)
# jsonl (5)
add("jsonl/volc_mlp_bn_cos", task="volc", lr=3e-3, epochs=30, bn=True, sched="cos")
add("jsonl/delay_gru_warmcos", task="delay", model="gru", lr=8e-3, epochs=20, sched="warmcos", warm=2, clip=1.0)
add("jsonl/volc_double_softmax", task="volc", lr=1e-3, epochs=30, double_softmax=True)
add("jsonl/cell_tiny40_overfit", task="cell", lr=3e-3, epochs=200, n_train=40, h=256, bs=40)
add("jsonl/flavor_cos_tmax_stale", task="flavor", lr=3e-3, epochs=20, sched="cos", T=100)
# tensorboard (9)
add("tb/volc_mlp_stepdecay", task="volc", tb="torch", lr=3e-3, epochs=30, sched="step", step_size=10, gamma=0.3)
add("tb/cell_mlp_warmcos_x", task="cell", tb="x", lr=4e-3, epochs=30, sched="warmcos", warm=3)
add("tb/delay_tx_clip", task="delay", model="tx", tb="torch", lr=2e-3, epochs=20, clip=0.5, log_grad=True)
add("tb/flavor_mlp_plateau_x", task="flavor", tb="x", lr=3e-3, epochs=25, sched="plateau", p=0.2)
add("tb/volc_adam_lr05", task="volc", tb="torch", lr=0.5, epochs=25)
add("tb/cell_bf16_weights_x", task="cell", tb="x", lr=2e-4, epochs=25, bf16=True)
add("tb/volc_dropout_no_eval", task="volc", tb="torch", lr=2e-3, epochs=30, p=0.5, h=128, no_eval_switch=True)
add("tb/delay_gru_killed_x", task="delay", model="gru", tb="x", lr=5e-3, epochs=25, kill_at=7, clip=1.0)
add("tb/cell_xy_misaligned", task="cell", tb="torch", lr=3e-3, epochs=30, misalign=True, h=128)
# lightning (6)
add("lightning/volc_cos", task="volc", lr=3e-3, epochs=25, sched="cos")
add("lightning/cell_plateau_es", task="cell", lr=3e-3, epochs=60, sched="plateau", es=6)
add("lightning/flavor_adamw_lr05", task="flavor", lr=0.5, epochs=20)
add("lightning/delay_gru_killed", task="delay", model="gru", lr=5e-3, epochs=20, kill_at=9)
add("lightning/cell_tiny50", task="cell", lr=3e-3, epochs=150, n_train=50, h=256, bs=50)
add("lightning/volc_sgd_lr1e5", task="volc", opt="sgd", lr=1e-5, epochs=20)
# keras (6)
add("keras/volc_plateau_csvlogger", task="volc", out="csvlogger", lr=2e-3, epochs=30, sched="plateau")
add("keras/cell_es_history_json", task="cell", out="json", lr=2e-3, epochs=80, es=6)
add("keras/volc_mse_on_class_ids_csv", task="volc", out="csv", lr=1e-3, epochs=30, mse_cls=True)
add("keras/flavor_l2_05_csvlogger", task="flavor", out="csvlogger", lr=2e-3, epochs=25, l2=0.5)
add("keras/cell_tiny60_json", task="cell", out="json", lr=3e-3, epochs=150, n_train=60, h=256, bs=60)
add("keras/volc_labels_permuted_csv", task="volc", out="csv", lr=2e-3, epochs=30, shuffle_labels=True, h=128)
# hf (4)
add("hf/bert_tok_warmup_linear", arch="bert", lr=3e-3, epochs=8, warm=40)
add("hf/gpt2_tok_cosine_wd", arch="gpt2", lr=3e-3, epochs=8, warm=30, sched="cosine", wd=0.01)
add("hf/bert_tok_lr05", arch="bert", lr=0.5, epochs=6)
add("tb/delay_relurnn_sgd15_x", task="delay", model="rnn", tb="x", opt="sgd", mom=0.9, lr=1.5, h=96, epochs=15, log_grad=True)
add("hf/gpt2_tok_lr1e6", arch="gpt2", lr=1e-6, epochs=6)

TEXT_FILE = {"bracket": "train.log", "logging": "run.log", "tqdm": "console.txt", "steps": "stdout.txt"}


def child(key):
    fmt, name = key.split("/", 1)
    c = R[key]
    d = os.path.join(RUNS_DIR, fmt, name)
    os.makedirs(d, exist_ok=True)
    {"text": torch_run, "csv": torch_run, "jsonl": torch_run, "tb": torch_run, "lightning": lightning_run,
     "keras": keras_run, "hf": hf_run}[fmt](fmt, name, c, d)


def make_one(key):
    fmt, name = key.split("/", 1)
    c = R[key]
    d = os.path.join(RUNS_DIR, fmt, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d, exist_ok=True)
    os.makedirs(TMP, exist_ok=True)
    phases = [1, 2] if c.get("relaunch") else [1]
    t0 = time.time()
    for ph in phases:
        env = dict(os.environ, NU31_PHASE=str(ph), PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1", KERAS_BACKEND="torch")
        cmd = [sys.executable, os.path.abspath(__file__), "--child", key]
        if fmt == "text":
            f = open(os.path.join(d, TEXT_FILE[c["style"]]), "a")
            err = f if c["style"] == "tqdm" else open(os.path.join(TMP, key.replace("/", "_") + ".err"), "a")
            rc = subprocess.call(cmd, stdout=f, stderr=err, env=env)
        else:
            with open(os.path.join(TMP, key.replace("/", "_") + ".out"), "a") as f:
                rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
        print(f"{key} phase {ph} rc={rc} {time.time() - t0:.1f}s", flush=True)


def main():
    if "--child" in sys.argv:
        child(sys.argv[sys.argv.index("--child") + 1])
        return
    if "--only" in sys.argv:
        make_one(sys.argv[sys.argv.index("--only") + 1])
        return
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(2) as ex:
        list(ex.map(make_one, list(R)))


if __name__ == "__main__":
    main()
