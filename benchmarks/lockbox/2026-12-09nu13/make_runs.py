"""make_runs.py - 50 small CPU trainings, written the way a new user writes them (batch 2026-12-09nu13).

usage:  python make_runs.py all          # runs every run, one process per run (2 at a time)
        python make_runs.py run NAME     # one run (stdout of text_log runs is redirected by the driver)

Tasks (all data generated with numpy, fixed seeds):
  argmax  - position (0..15) of the largest value in a sequence of 16 noisy values (16 classes)
  bearing - machine bearing state from 10 vibration features (5 classes: ok, inner race, outer race, ball, misaligned)
  orient  - orientation of a bright line segment in a 16x16 noisy image (8 angle bins)
  heat    - heat loss of a house in kW from wall area, U-values, window share, indoor/outdoor temperature, volume, ACH
"""
import os, sys, json, csv, math, time, signal, subprocess, shutil, logging
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")


# ----------------------------------------------------------------------------- data
def data_argmax(n, seed):
    r = np.random.RandomState(seed)
    x = r.randn(n, 16).astype(np.float32)
    y = x.argmax(1)
    x = x + 0.15 * r.randn(n, 16).astype(np.float32)  # measured with noise -> a little label noise
    return x, y.astype(np.int64)


def data_bearing(n, seed, raw=False):
    r = np.random.RandomState(seed)
    y = r.randint(0, 5, n)
    rpm = r.uniform(600, 3000, n)
    f = np.zeros((n, 10))
    base = 0.5 + 0.3 * r.rand(n)
    f[:, 0] = base * (1 + 0.6 * (y > 0)) + 0.2 * r.randn(n)                  # rms mm/s
    f[:, 1] = 3 + 2.5 * (y == 1) + 1.5 * (y == 3) + 0.8 * r.randn(n)          # kurtosis
    f[:, 2] = 2.8 + 1.2 * (y == 1) + 0.6 * (y == 2) + 0.5 * r.randn(n)        # crest factor
    f[:, 3] = 1.0 * (y == 2) + 0.4 * (y == 3) + 0.5 * r.randn(n)              # BPFO band energy
    f[:, 4] = 1.0 * (y == 1) + 0.5 * r.randn(n)                               # BPFI band energy
    f[:, 5] = 1.0 * (y == 3) + 0.5 * r.randn(n)                               # BSF band energy
    f[:, 6] = 1.2 * (y == 4) + 0.5 * r.randn(n)                               # 2x running speed
    f[:, 7] = rpm                                                             # rpm
    f[:, 8] = 40 + 15 * (y > 0) * r.rand(n) + 5 * r.randn(n)                  # temperature C
    f[:, 9] = r.randn(n)                                                      # nuisance
    f[:, 3:7] *= (rpm[:, None] / 1500.0)
    flip = r.rand(n) < 0.05
    y = np.where(flip, r.randint(0, 5, n), y)
    f = f.astype(np.float32)
    if not raw:
        f = (f - f.mean(0)) / f.std(0)
    return f, y.astype(np.int64)


def data_orient(n, seed):
    r = np.random.RandomState(seed)
    y = r.randint(0, 8, n)
    ang = (y + r.uniform(-0.35, 0.35, n)) * np.pi / 8
    img = np.zeros((n, 16, 16), np.float32)
    t = np.linspace(-1, 1, 25)
    for i in range(n):
        cx, cy = r.uniform(5.5, 9.5, 2)
        L = r.uniform(4, 7)
        xs = np.clip(np.round(cx + L * t * np.cos(ang[i])).astype(int), 0, 15)
        ys = np.clip(np.round(cy + L * t * np.sin(ang[i])).astype(int), 0, 15)
        img[i, ys, xs] = r.uniform(0.6, 1.0)
    img += 0.35 * r.randn(n, 16, 16).astype(np.float32)
    return img[:, None], y.astype(np.int64)


def data_heat(n, seed, raw=False):
    r = np.random.RandomState(seed)
    area = r.uniform(80, 400, n)          # m2 envelope
    u_wall = r.uniform(0.15, 1.6, n)      # W/m2K
    win = r.uniform(0.08, 0.4, n)         # window share
    u_win = r.uniform(0.8, 5.0, n)        # W/m2K
    t_in = r.uniform(17, 23, n)           # C
    t_out = r.uniform(-15, 12, n)         # C
    vol = r.uniform(150, 900, n)          # m3
    ach = r.uniform(0.2, 1.5, n)          # 1/h
    dT = t_in - t_out
    q = (area * ((1 - win) * u_wall + win * u_win) * dT + 0.33 * ach * vol * dT) / 1000.0   # kW
    q = q * (1 + 0.04 * r.randn(n))
    x = np.stack([area, u_wall, win, u_win, t_in, t_out, vol, ach], 1).astype(np.float32)
    y = q.astype(np.float32)
    if not raw:
        x = (x - x.mean(0)) / x.std(0)
        y = (y - 8.0) / 6.0   # roughly standardised kW
    return x, y


# ----------------------------------------------------------------------------- models
def torch_model(kind, task, gain=None):
    import torch, torch.nn as nn
    if task == "argmax":
        if kind == "mlp":
            return nn.Sequential(nn.Linear(16, 128), nn.ReLU(), nn.Linear(128, 128), nn.ReLU(), nn.Linear(128, 16))
        if kind == "gru":
            class G(nn.Module):
                def __init__(s):
                    super().__init__(); s.rnn = nn.GRU(1, 48, batch_first=True, bidirectional=True); s.out = nn.Linear(96, 1)
                def forward(s, x):
                    h, _ = s.rnn(x[..., None]); return s.out(h).squeeze(-1)
            return G()
        if kind == "relurnn":
            class R(nn.Module):
                def __init__(s, gain):
                    super().__init__(); s.rnn = nn.RNN(1, 64, nonlinearity="relu", batch_first=True); s.out = nn.Linear(64 + 16, 16)
                    with torch.no_grad():
                        s.rnn.weight_hh_l0.copy_(gain * torch.eye(64) + 0.05 * torch.randn(64, 64))
                def forward(s, x):
                    h, _ = s.rnn(x[..., None]); return s.out(torch.cat([h[:, -1], x], 1))
            return R(gain or 1.6)
        if kind == "tfm":
            class T(nn.Module):
                def __init__(s):
                    super().__init__(); s.inp = nn.Linear(1, 32); s.pos = nn.Parameter(0.1 * torch.randn(16, 32))
                    s.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True), 2)
                    s.out = nn.Linear(32, 1)
                def forward(s, x):
                    return s.out(s.enc(s.inp(x[..., None]) + s.pos)).squeeze(-1)
            return T()
    if task == "bearing":
        if kind == "mlp":
            return nn.Sequential(nn.Linear(10, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 5))
        if kind == "small":
            return nn.Sequential(nn.Linear(10, 16), nn.Tanh(), nn.Linear(16, 5))
        if kind == "wide":
            return nn.Sequential(nn.Linear(10, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 5))
    if task == "orient":
        if kind == "cnn":
            return nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1),
                                 nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(32 * 16, 64), nn.ReLU(), nn.Linear(64, 8))
        if kind == "cnnbn":
            return nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
                                 nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                                 nn.Dropout(0.5), nn.Linear(32 * 16, 64), nn.ReLU(), nn.Dropout(0.5), nn.Linear(64, 8))
    if task == "heat":
        return nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 1), nn.Flatten(0))
    raise ValueError(kind)


def get_data(task, seed=0, raw=False, ntrain=None):
    nt, nv = {"argmax": (3000, 600), "bearing": (2000, 500), "orient": (2000, 500), "heat": (2000, 500)}[task]
    fn = {"argmax": data_argmax, "bearing": data_bearing, "orient": data_orient, "heat": data_heat}[task]
    if task in ("bearing", "heat"):
        x, y = fn(nt + nv, 100 + seed, raw=raw)
    else:
        x, y = fn(nt + nv, 100 + seed)
    xt, yt, xv, yv = x[:nt], y[:nt], x[nt:], y[nt:]
    if ntrain:
        xt, yt = xt[:ntrain], yt[:ntrain]
    return xt, yt, xv, yv


# ----------------------------------------------------------------------------- a plain torch loop with options
def torch_train(cfg, log):
    """cfg: task, model, opt, lr, epochs, bs, sched, faults...; log(kind, dict) is called by the loop."""
    import torch, torch.nn as nn
    torch.manual_seed(cfg.get("seed", 0)); np.random.seed(cfg.get("seed", 0))
    torch.set_num_threads(1)
    task = cfg["task"]
    xt, yt, xv, yv = get_data(task, cfg.get("seed", 0), raw=cfg.get("raw", False), ntrain=cfg.get("ntrain"))
    if cfg.get("shuffle_labels"):
        yt = np.random.RandomState(5).permutation(yt)
    xt, yt, xv, yv = map(torch.tensor, (xt, yt, xv, yv))
    model = torch_model(cfg["model"], task, cfg.get("gain"))
    if cfg.get("frozen"):
        for p in model.parameters():
            p.requires_grad_(False)
        list(model.parameters())[-1].requires_grad_(True)
    params = [p for p in model.parameters() if p.requires_grad]
    lr = cfg["lr"]
    if cfg["opt"] == "sgd":
        opt = torch.optim.SGD(params, lr=lr, momentum=cfg.get("mom", 0.9))
    elif cfg["opt"] == "adamw":
        opt = torch.optim.AdamW(params, lr=lr, weight_decay=cfg.get("wd", 0.01))
    elif cfg["opt"] == "rmsprop":
        opt = torch.optim.RMSprop(params, lr=lr)
    else:
        opt = torch.optim.Adam(params, lr=lr)
    E, bs = cfg["epochs"], cfg.get("bs", 64)
    nb = math.ceil(len(xt) / bs)
    plan = cfg.get("plan_epochs", E)
    sch = None
    s = cfg.get("sched")
    if s == "cosine":
        sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, plan * nb)
    elif s == "step":
        sch = torch.optim.lr_scheduler.StepLR(opt, max(1, plan // 3) * nb, 0.3)
    elif s == "onecycle":
        sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=plan * nb)
    elif s == "warmcos":
        w = cfg.get("warm", 2) * nb
        sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda k: min(1.0, (k + 1) / w) * 0.5 * (1 + math.cos(math.pi * min(k, plan * nb) / (plan * nb))))
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=3) if s == "plateau" else None
    if task == "heat":
        lossf = nn.MSELoss()
    elif cfg.get("wrong_loss") == "sigmoid_ce":
        ce = nn.CrossEntropyLoss(); lossf = lambda o, y: ce(torch.sigmoid(o), y)
    else:
        lossf = nn.CrossEntropyLoss()
    start = 0
    ck = cfg.get("ckpt")
    if cfg.get("resume") and ck and os.path.exists(ck):
        st = torch.load(ck)
        model.load_state_dict(st["model"]); opt.load_state_dict(st["opt"]); start = st["epoch"]
        if sch is not None: sch.load_state_dict(st["sch"])
    best, bad = 1e9, 0
    gstep = start * nb
    for ep in range(start, E):
        if not cfg.get("eval_bug"):
            model.train()
        perm = torch.randperm(len(xt))
        tl, tc, tn = 0.0, 0, 0
        for b in range(nb):
            if cfg.get("debug_cap") and b >= cfg["debug_cap"]:
                break  # TODO remove, was for debugging
            idx = perm[b * bs:(b + 1) * bs]
            out = model(xt[idx]); loss = lossf(out, yt[idx])
            if not cfg.get("no_zero_grad"):
                opt.zero_grad()
            loss.backward()
            gn = None
            if cfg.get("clip"):
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"]))
            elif cfg.get("log_gn"):
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), 1e9))
            opt.step()
            if sch is not None: sch.step()
            gstep += 1
            lv = float(loss)
            tl += lv * len(idx); tn += len(idx)
            if task != "heat": tc += int((out.argmax(1) == yt[idx]).sum())
            log("step", dict(epoch=ep + 1, step=gstep, loss=lv, lr=opt.param_groups[0]["lr"], grad_norm=gn,
                             acc=None if task == "heat" else float((out.argmax(1) == yt[idx]).float().mean())))
            if cfg.get("nan_raise") and not math.isfinite(lv):
                raise FloatingPointError(f"loss is {lv} at step {gstep}")
        if cfg.get("eval_bug") != "never_eval":
            model.eval()
        with torch.no_grad():
            out = model(xv); vl = float(lossf(out, yv))
            va = None if task == "heat" else float((out.argmax(1) == yv).float().mean())
            mae = float((out - yv).abs().mean() * 6.0) if task == "heat" else None   # kW
        rec = dict(epoch=ep + 1, epochs=plan, step=gstep, train_loss=tl / tn, val_loss=vl, val_acc=va, val_mae_kw=mae,
                   train_acc=None if task == "heat" else tc / tn, lr=opt.param_groups[0]["lr"])
        log("epoch", rec)
        if plateau is not None: plateau.step(vl)
        if ck and cfg.get("save_every") and (ep + 1) % cfg["save_every"] == 0:
            torch.save(dict(model=model.state_dict(), opt=opt.state_dict(), epoch=ep + 1,
                            sch=sch.state_dict() if sch is not None else None), ck)
        if cfg.get("kill_at") and ep + 1 == cfg["kill_at"]:
            sys.stdout.flush(); os.kill(os.getpid(), signal.SIGKILL)
        if cfg.get("early_stop"):
            if vl < best - 1e-4: best, bad = vl, 0
            else:
                bad += 1
                if bad >= cfg["early_stop"]:
                    log("early_stop", rec); break
    log("end", {})


# ----------------------------------------------------------------------------- text log styles (stdout -> file)
def run_text(name, cfg, style):
    t0 = time.time()
    if style == "logging":
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
    L = logging.getLogger("train")
    bar = [None]
    if style == "tqdm":
        from tqdm import tqdm

    def log(kind, r):
        if style == "keraslike":
            if kind == "epoch":
                print(f"Epoch {r['epoch']}/{r['epochs']} - loss: {r['train_loss']:.4f} - accuracy: {r['train_acc']:.4f} - val_loss: {r['val_loss']:.4f} - val_accuracy: {r['val_acc']:.4f}")
        elif style == "logging":
            if kind == "step" and r["step"] % 25 == 0:
                L.info("step %d  train loss=%.4f  lr=%.2e", r["step"], r["loss"], r["lr"])
            if kind == "epoch":
                L.info("epoch %d done | valid loss=%.4f | valid acc=%.2f%%", r["epoch"], r["val_loss"], 100 * (r["val_acc"] or 0))
        elif style == "tqdm":
            if kind == "step":
                if bar[0] is None:
                    bar[0] = tqdm(total=cfg["nb"], desc=f"ep {r['epoch']}", file=sys.stdout, mininterval=0, ncols=90)
                bar[0].update(1); bar[0].set_postfix(loss=f"{r['loss']:.3f}")
            if kind == "epoch":
                bar[0].close(); bar[0] = None
                print(f"[epoch {r['epoch']:02d}] train_loss {r['train_loss']:.4f} eval_loss {r['val_loss']:.4f} eval_acc {r['val_acc']:.3f}")
        elif style == "steps_reg":
            if kind == "step" and r["step"] % 20 == 0:
                print(f"step {r['step']:5d} | mse {r['loss']:.5f} | lr {r['lr']:.5f}")
            if kind == "epoch":
                print(f"== eval @ step {r['step']}: mse {r['val_loss']:.5f}, mae {r['val_mae_kw']:.3f} kW")
        elif style == "dev_pct":
            if kind == "epoch":
                print(f"ep={r['epoch']} of {r['epochs']} train-loss={r['train_loss']:.4f} train-acc={100*r['train_acc']:.1f}% dev-loss={r['val_loss']:.4f} dev-acc={100*r['val_acc']:.1f}% lr={r['lr']:.2e}")
        elif style == "test_words":
            if kind == "epoch":
                print(f"Epoch {r['epoch']}: Train Loss {r['train_loss']:.4f} | Test Loss {r['val_loss']:.4f} | Test Accuracy {100*r['val_acc']:.2f}")
        elif style == "batchprint":
            if kind == "step" and r["step"] % 10 == 0:
                print(f"epoch {r['epoch']} batch {r['step']} loss {r['loss']:.4f}")
            if kind == "epoch":
                print(f"epoch {r['epoch']} val loss {r['val_loss']:.4f} val acc {r['val_acc']:.4f}")
        elif style == "everystep":
            if kind == "step":
                print(f"it {r['step']} ep {r['epoch']} loss={r['loss']:.4f} acc={r['acc']:.3f}")
            if kind == "epoch":
                print(f"validation: loss={r['val_loss']:.4f} acc={r['val_acc']:.3f}")
        elif style == "reg_epoch":
            if kind == "epoch":
                print(f"Epoch [{r['epoch']}/{r['epochs']}], Loss: {r['train_loss']:.4f}, Val Loss: {r['val_loss']:.4f}, Val MAE: {r['val_mae_kw']:.3f} kW")
        if kind == "early_stop":
            print(f"early stopping at epoch {r['epoch']}")
        if kind == "end":
            print(f"finished in {time.time() - t0:.1f}s")
        sys.stdout.flush()

    bs = cfg.get("bs", 64)
    n = cfg.get("ntrain") or {"argmax": 3000, "bearing": 2000, "orient": 2000, "heat": 2000}[cfg["task"]]
    cfg["nb"] = min(math.ceil(n / bs), cfg.get("debug_cap") or 10 ** 9)
    print(f"config: {json.dumps({k: v for k, v in cfg.items() if k not in ('ckpt', 'nb')})}")
    for rep in range(cfg.get("appended_relaunch", 0) + 1):
        if rep:
            print("---- relaunch ----")
            cfg = dict(cfg, seed=cfg.get("seed", 0) + 1, lr=cfg["lr"] * 0.5)
        torch_train(cfg, log)


# ----------------------------------------------------------------------------- custom csv / jsonl
def run_csv(name, cfg, style, outdir):
    os.makedirs(outdir, exist_ok=True)
    rows = []
    if style == "csvwriter":
        fh = open(os.path.join(outdir, "metrics.csv"), "a", newline="")
        w = csv.writer(fh)
        if fh.tell() == 0:
            w.writerow(["epoch", "train_loss", "val_loss", "val_acc", "lr"])
        def log(kind, r):
            if kind == "epoch":
                w.writerow([r["epoch"], f"{r['train_loss']:.5f}", f"{r['val_loss']:.5f}", f"{r['val_acc']:.4f}", f"{r['lr']:.6f}"]); fh.flush()
        torch_train(cfg, log); fh.close()
    elif style == "jsonl":
        fh = open(os.path.join(outdir, "log.jsonl"), "a")
        def log(kind, r):
            if kind == "epoch":
                d = {"epoch": r["epoch"], "loss": r["train_loss"], "val_loss": r["val_loss"]}
                if r["val_acc"] is not None: d["val_acc"] = r["val_acc"]
                if r["val_mae_kw"] is not None: d["val_mae_kw"] = r["val_mae_kw"]
                fh.write(json.dumps(d) + "\n"); fh.flush()
        torch_train(cfg, log); fh.close()
    elif style == "pandas_steps":
        import pandas as pd
        def log(kind, r):
            if kind == "step":
                rows.append({"step": r["step"], "train/loss": r["loss"], "train/lr": r["lr"]})
            if kind == "epoch":
                rows.append({"step": r["step"], "valid/loss": r["val_loss"], "valid/acc": r["val_acc"]})
        try:
            torch_train(cfg, log)
        finally:
            pd.DataFrame(rows).to_csv(os.path.join(outdir, "history.csv"), index=False)
    elif style == "tsv_hand":
        fh = open(os.path.join(outdir, "train_log.tsv"), "w")
        fh.write("ep\tmse_train\tmse_val\tmae_val_kw\n")
        def log(kind, r):
            if kind == "epoch":
                fh.write("\t".join(str(round(v, 6)) for v in (r["epoch"], r["train_loss"], r["val_loss"], r["val_mae_kw"])) + "\n")
        torch_train(cfg, log); fh.close()


# ----------------------------------------------------------------------------- tensorboard event files
def run_tb(name, cfg, style, outdir):
    if style == "tbx":
        from tensorboardX import SummaryWriter
    else:
        from torch.utils.tensorboard import SummaryWriter
    w = SummaryWriter(outdir)
    def log(kind, r):
        if kind == "step":
            w.add_scalar("train/loss" if style != "tbx" else "loss/train", r["loss"], r["step"])
            if r["step"] % 10 == 0: w.add_scalar("lr", r["lr"], r["step"])
            if r["grad_norm"] is not None: w.add_scalar("grad_norm", r["grad_norm"], r["step"])
        if kind == "epoch":
            w.add_scalar("val/loss" if style != "tbx" else "loss/val", r["val_loss"], r["step"])
            if r["val_acc"] is not None: w.add_scalar("val/acc" if style != "tbx" else "acc/val", r["val_acc"], r["step"])
            if r["val_mae_kw"] is not None: w.add_scalar("val/mae_kW", r["val_mae_kw"], r["step"])
    try:
        torch_train(cfg, log)
    finally:
        w.close()


# ----------------------------------------------------------------------------- lightning
def run_lightning(name, cfg, logger_kind, outdir):
    import torch, torch.nn as nn, lightning as Lg
    from torch.utils.data import TensorDataset, DataLoader
    Lg.seed_everything(cfg.get("seed", 0), workers=False)
    torch.set_num_threads(1)
    task = cfg["task"]
    xt, yt, xv, yv = get_data(task, 0, ntrain=cfg.get("ntrain"))
    if cfg.get("shuffle_labels"):
        yt = np.random.RandomState(5).permutation(yt)

    class M(Lg.LightningModule):
        def __init__(s):
            super().__init__(); s.net = torch_model(cfg["model"], task)
            s.lossf = nn.MSELoss() if task == "heat" else nn.CrossEntropyLoss()
        def forward(s, x): return s.net(x)
        def training_step(s, b, i):
            x, y = b; l = s.lossf(s(x), y); s.log("train_loss", l, on_step=True, on_epoch=True); return l
        def validation_step(s, b, i):
            x, y = b; o = s(x); s.log("val_loss", s.lossf(o, y), prog_bar=True)
            if task != "heat": s.log("val_acc", (o.argmax(1) == y).float().mean())
        def configure_optimizers(s):
            if cfg["opt"] == "sgd": o = torch.optim.SGD(s.parameters(), lr=cfg["lr"], momentum=0.9)
            else: o = torch.optim.Adam(s.parameters(), lr=cfg["lr"])
            if cfg.get("sched") == "step":
                return [o], [torch.optim.lr_scheduler.StepLR(o, max(1, cfg["epochs"] // 3), 0.3)]
            if cfg.get("sched") == "cosine":
                return [o], [torch.optim.lr_scheduler.CosineAnnealingLR(o, cfg["epochs"])]
            return o
    if logger_kind == "csv":
        logger = Lg.pytorch.loggers.CSVLogger(outdir, name="lightning_logs")
    else:
        logger = Lg.pytorch.loggers.TensorBoardLogger(outdir, name="tb")
    cbs = [Lg.pytorch.callbacks.LearningRateMonitor("epoch")]
    if cfg.get("early_stop"):
        cbs.append(Lg.pytorch.callbacks.EarlyStopping("val_loss", patience=cfg["early_stop"]))
    tr = Lg.Trainer(max_epochs=cfg["epochs"], logger=logger, callbacks=cbs, enable_checkpointing=False,
                    enable_progress_bar=False, log_every_n_steps=10, accelerator="cpu", devices=1,
                    limit_train_batches=cfg.get("limit_train_batches", 1.0), enable_model_summary=False)
    dl = DataLoader(TensorDataset(torch.tensor(xt), torch.tensor(yt)), batch_size=cfg.get("bs", 64), shuffle=True)
    dv = DataLoader(TensorDataset(torch.tensor(xv), torch.tensor(yv)), batch_size=500)
    tr.fit(M(), dl, dv)


# ----------------------------------------------------------------------------- keras
def run_keras(name, cfg, kind, outdir):
    import keras
    keras.utils.set_random_seed(cfg.get("seed", 0))
    os.makedirs(outdir, exist_ok=True)
    task = cfg["task"]
    xt, yt, xv, yv = get_data(task, 0, raw=cfg.get("raw", False), ntrain=cfg.get("ntrain"))
    if task == "orient":
        xt, xv = xt.reshape(len(xt), -1), xv.reshape(len(xv), -1)
    nin = xt.shape[1]
    nout = {"argmax": 16, "bearing": 5, "orient": 8, "heat": 1}[task]
    layers = [keras.Input((nin,)), keras.layers.Dense(cfg.get("width", 64), activation="relu"),
              keras.layers.Dense(cfg.get("width", 64), activation="relu")]
    layers.append(keras.layers.Dense(nout) if task == "heat" else keras.layers.Dense(nout, activation="softmax"))
    m = keras.Sequential(layers)
    opt = keras.optimizers.SGD(cfg["lr"], momentum=0.9) if cfg["opt"] == "sgd" else keras.optimizers.Adam(cfg["lr"])
    if task == "heat":
        m.compile(opt, "mse", metrics=["mae"])
    else:
        m.compile(opt, "sparse_categorical_crossentropy", metrics=["accuracy"])
    cbs = []
    if kind == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(outdir, "training.log")))
    if cfg.get("plateau"):
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=4))
    if cfg.get("early_stop"):
        cbs.append(keras.callbacks.EarlyStopping(patience=cfg["early_stop"], restore_best_weights=True))
    h = m.fit(xt, yt, validation_data=(xv, yv), epochs=cfg["epochs"], batch_size=cfg.get("bs", 64), verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if kind == "history_json":
        with open(os.path.join(outdir, "history.json"), "w") as f:
            json.dump(hist, f)
    elif kind == "history_csv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(outdir, "history.csv"))


# ----------------------------------------------------------------------------- HF trainer
def run_hf(name, cfg, outdir):
    import torch, transformers
    from transformers import Trainer, TrainingArguments
    torch.set_num_threads(1)
    transformers.set_seed(0)
    xt, yt, xv, yv = get_data("argmax", 0, ntrain=cfg.get("ntrain", 2000))
    def tok(x):  # quantise each value into 24 bins -> token ids 1..24 (0 = pad)
        return np.clip(np.floor((x + 3) / 6 * 24), 0, 23).astype(np.int64) + 1
    class DS(torch.utils.data.Dataset):
        def __init__(s, x, y): s.x, s.y = tok(x), y
        def __len__(s): return len(s.y)
        def __getitem__(s, i):
            return {"input_ids": torch.tensor(s.x[i]), "attention_mask": torch.ones(16, dtype=torch.long), "labels": int(s.y[i])}
    if cfg["arch"] == "mistral":
        c = transformers.MistralConfig(vocab_size=32, hidden_size=48, intermediate_size=96, num_hidden_layers=2,
                                       num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=32,
                                       num_labels=16, pad_token_id=0)
        model = transformers.MistralForSequenceClassification(c)
    else:
        c = transformers.BloomConfig(vocab_size=32, hidden_size=48, n_layer=2, n_head=4, num_labels=16, pad_token_id=0)
        model = transformers.BloomForSequenceClassification(c)
    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    args = TrainingArguments(output_dir=outdir, num_train_epochs=cfg["epochs"], per_device_train_batch_size=32,
                             per_device_eval_batch_size=200, learning_rate=cfg["lr"], warmup_steps=int(cfg.get("warmup", 0.0) * cfg["epochs"] * math.ceil(len(yt) / 32)),
                             lr_scheduler_type=cfg.get("sched", "linear"), logging_steps=cfg.get("log_steps", 20),
                             eval_strategy="steps", eval_steps=cfg.get("eval_steps", 60), save_strategy="no",
                             report_to=[], use_cpu=True, seed=0, dataloader_num_workers=0, weight_decay=0.0,
                             disable_tqdm=True)
    tr = Trainer(model=model, args=args, train_dataset=DS(xt, yt), eval_dataset=DS(xv, yv), compute_metrics=metrics)
    tr.train()
    tr.save_state()


# ----------------------------------------------------------------------------- the 50 runs
R = {}
def add(fmt, name, fn, cfg, style=None):
    R[f"{fmt}/{name}"] = (fn, cfg, style)

# text logs (18)
add("text_log", "argmax-mlp-adam-cosine-30ep", "text", dict(task="argmax", model="mlp", opt="adam", lr=2e-3, epochs=30, sched="cosine"), "keraslike")
add("text_log", "orient-cnn-sgd-lr1.5", "text", dict(task="orient", model="cnn", opt="sgd", lr=1.5, epochs=12), "batchprint")
add("text_log", "bearing-mlp-steplr-logging", "text", dict(task="bearing", model="mlp", opt="sgd", lr=0.05, epochs=30, sched="step"), "logging")
add("text_log", "bearing-small-shuffled-labels", "text", dict(task="bearing", model="small", opt="adam", lr=3e-3, epochs=40, shuffle_labels=True), "test_words")
add("text_log", "orient-cnn-adam-tqdm", "text", dict(task="orient", model="cnn", opt="adam", lr=1e-3, epochs=15), "tqdm")
add("text_log", "orient-cnn-no-zero-grad", "text", dict(task="orient", model="cnn", opt="adam", lr=1e-3, epochs=15, no_zero_grad=True), "keraslike")
add("text_log", "heat-mlp-adam-steps", "text", dict(task="heat", model="mlp", opt="adam", lr=1e-3, epochs=25, sched="cosine"), "steps_reg")
add("text_log", "heat-mlp-raw-units-sgd", "text", dict(task="heat", model="mlp", opt="sgd", lr=1e-3, epochs=25, raw=True, mom=0.9, nan_raise=False), "reg_epoch")
add("text_log", "argmax-mlp-64-samples-300ep", "text", dict(task="argmax", model="mlp", opt="adam", lr=1e-3, epochs=300, ntrain=64, bs=32), "dev_pct")
add("text_log", "bearing-wide-killed-ep14", "text", dict(task="bearing", model="wide", opt="adamw", lr=1e-3, epochs=40, kill_at=14), "dev_pct")
add("text_log", "argmax-tfm-warmup-cosine-dev", "text", dict(task="argmax", model="tfm", opt="adamw", lr=2e-3, epochs=20, sched="warmcos", warm=2), "dev_pct")
add("text_log", "bearing-mlp-two-launches", "text", dict(task="bearing", model="mlp", opt="adam", lr=2e-3, epochs=20, appended_relaunch=1), "keraslike")
add("text_log", "orient-cnnbn-never-eval", "text", dict(task="orient", model="cnnbn", opt="adam", lr=1e-3, epochs=15, eval_bug="never_eval"), "test_words")
add("text_log", "heat-mlp-debug-cap", "text", dict(task="heat", model="mlp", opt="adam", lr=1e-3, epochs=30, debug_cap=3), "reg_epoch")
add("text_log", "argmax-mlp-adam-lr1e-6", "text", dict(task="argmax", model="mlp", opt="adam", lr=1e-6, epochs=30), "logging")
add("text_log", "bearing-mlp-onecycle-test", "text", dict(task="bearing", model="mlp", opt="sgd", lr=0.2, epochs=25, sched="onecycle"), "test_words")
add("text_log", "argmax-relurnn-nan", "text", dict(task="argmax", model="relurnn", opt="sgd", lr=0.05, epochs=20, gain=1.0, nan_raise=True), "everystep")
add("text_log", "orient-cnn-cosine-100ep-stopped-8", "text", dict(task="orient", model="cnn", opt="adam", lr=1e-3, epochs=8, plan_epochs=100, sched="cosine"), "keraslike")
# custom csv / json lines (8)
add("csv_custom", "argmax-gru-adam-csvwriter", "csv", dict(task="argmax", model="gru", opt="adam", lr=3e-3, epochs=20, sched="step"), "csvwriter")
add("csv_custom", "bearing-mlp-adam-lr1-jsonl", "csv", dict(task="bearing", model="mlp", opt="adam", lr=1.0, epochs=30), "jsonl")
add("csv_custom", "orient-cnn-plateau-pandas-steps", "csv", dict(task="orient", model="cnn", opt="adam", lr=1e-3, epochs=12, sched="plateau"), "pandas_steps")
add("csv_custom", "orient-cnn-sigmoid-then-ce", "csv", dict(task="orient", model="cnn", opt="adam", lr=1e-3, epochs=15, wrong_loss="sigmoid_ce"), "csvwriter")
add("csv_custom", "argmax-mlp-killed-resumed", "csv", dict(task="argmax", model="mlp", opt="sgd", lr=0.05, epochs=24, sched="cosine", ckpt="/tmp/nu13_ckpt.pt", save_every=8, kill_at=13), "csvwriter")
add("csv_custom", "heat-mlp-cosine-tsv", "csv", dict(task="heat", model="mlp", opt="adamw", lr=2e-3, epochs=40, sched="cosine"), "tsv_hand")
add("csv_custom", "bearing-frozen-jsonl", "csv", dict(task="bearing", model="mlp", opt="adam", lr=1e-3, epochs=25, frozen=True), "jsonl")
add("csv_custom", "heat-mlp-rmsprop-early-stop-jsonl", "csv", dict(task="heat", model="mlp", opt="rmsprop", lr=1e-3, epochs=120, early_stop=8, sched="plateau"), "jsonl")
# tensorboard (8)
add("tfevents", "orient-cnn-adam-tb", "tb", dict(task="orient", model="cnn", opt="adam", lr=1e-3, epochs=12, sched="cosine"), "torch")
add("tfevents", "argmax-mlp-sgd-lr20", "tb", dict(task="argmax", model="mlp", opt="sgd", lr=20.0, epochs=15), "torch")
add("tfevents", "heat-mlp-clip-gradnorm", "tb", dict(task="heat", model="mlp", opt="sgd", lr=0.02, epochs=30, clip=1.0, sched="cosine"), "torch")
add("tfevents", "bearing-mlp-sgd-no-zero-grad", "tb", dict(task="bearing", model="mlp", opt="sgd", lr=0.02, epochs=20, no_zero_grad=True, log_gn=True), "tbx")
add("tfevents", "heat-mlp-sgd-lr1e-5", "tb", dict(task="heat", model="mlp", opt="sgd", lr=1e-5, mom=0.0, epochs=25), "tbx")
add("tfevents", "argmax-relurnn-explodes-tbx", "tb", dict(task="argmax", model="relurnn", opt="adam", lr=5e-3, epochs=15, log_gn=True), "tbx")
add("tfevents", "orient-cnn-100-images-150ep", "tb", dict(task="orient", model="cnn", opt="adam", lr=1e-3, epochs=150, ntrain=100, bs=25), "torch")
add("tfevents", "bearing-mlp-warmup-cosine-tbx", "tb", dict(task="bearing", model="mlp", opt="adamw", lr=3e-3, epochs=25, sched="warmcos", warm=3), "tbx")
# lightning (6)
add("lightning_csv", "bearing-mlp-adam-csvlogger", "pl", dict(task="bearing", model="mlp", opt="adam", lr=1e-3, epochs=25), "csv")
add("tfevents", "orient-cnn-steplr-lightning-tblogger", "pl", dict(task="orient", model="cnn", opt="sgd", lr=0.05, epochs=15, sched="step"), "tb")
add("lightning_csv", "argmax-mlp-sgd-lr30", "pl", dict(task="argmax", model="mlp", opt="sgd", lr=30.0, epochs=15), "csv")
add("lightning_csv", "heat-mlp-early-stopping", "pl", dict(task="heat", model="mlp", opt="adam", lr=2e-3, epochs=100, early_stop=6), "csv")
add("lightning_csv", "orient-cnn-shuffled-labels", "pl", dict(task="orient", model="cnn", opt="adam", lr=1e-3, epochs=15, shuffle_labels=True), "csv")
add("tfevents", "argmax-gru-lightning-limit-train-batches", "pl", dict(task="argmax", model="gru", opt="adam", lr=1e-3, epochs=20, limit_train_batches=2), "tb")
# keras (6)
add("keras_csvlogger", "bearing-dense-adam", "keras", dict(task="bearing", opt="adam", lr=1e-3, epochs=30), "csvlogger")
add("keras_csvlogger", "orient-dense-sgd-lr3", "keras", dict(task="orient", opt="sgd", lr=3.0, epochs=20, width=128), "csvlogger")
add("keras_csvlogger", "heat-dense-raw-units", "keras", dict(task="heat", opt="adam", lr=1e-3, epochs=30, raw=True), "csvlogger")
add("keras_history_json", "argmax-dense-adam-40ep", "keras", dict(task="argmax", opt="adam", lr=1e-3, epochs=40, width=128), "history_json")
add("keras_history_json", "bearing-dense-80-rows-300ep", "keras", dict(task="bearing", opt="adam", lr=3e-3, epochs=300, ntrain=80, width=256, bs=16), "history_json")
add("keras_history_csv", "heat-dense-plateau", "keras", dict(task="heat", opt="adam", lr=3e-3, epochs=50, plateau=True), "history_csv")
# HF trainer (4)
add("hf_trainer_state", "argmax-mistral-2e-3", "hf", dict(arch="mistral", lr=2e-3, epochs=12, warmup=0.1, eval_steps=100), None)
add("hf_trainer_state", "argmax-mistral-lr0.3", "hf", dict(arch="mistral", lr=0.3, epochs=4), None)
add("hf_trainer_state", "argmax-bloom-cosine-warmup", "hf", dict(arch="bloom", lr=3e-3, epochs=10, warmup=0.1, sched="cosine", eval_steps=100), None)
add("hf_trainer_state", "argmax-bloom-lr1e-7", "hf", dict(arch="bloom", lr=1e-7, epochs=4), None)


def run_one(key):
    fn, cfg, style = R[key]
    fmt, name = key.split("/")
    outdir = os.path.join(RUNS, fmt, name)
    if fn == "text":
        run_text(name, cfg, style)
    elif fn == "csv":
        run_csv(name, cfg, style, outdir)
    elif fn == "tb":
        run_tb(name, cfg, style, outdir)
    elif fn == "pl":
        run_lightning(name, cfg, style, outdir)
    elif fn == "keras":
        run_keras(name, cfg, style, outdir)
    elif fn == "hf":
        run_hf(name, cfg, outdir)


def launch(key):
    fmt, name = key.split("/")
    outdir = os.path.join(RUNS, fmt, name)
    os.makedirs(outdir, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONWARNINGS="ignore", TF_CPP_MIN_LOG_LEVEL="3")
    if fmt == "text_log":
        out = open(os.path.join(outdir, "train.log" if "mlp" in name else "output.txt"), "w")
        err = subprocess.STDOUT
    else:
        out = open(os.path.join(HERE, ".stdout", name + ".out"), "w"); err = subprocess.STDOUT
    p = subprocess.Popen([sys.executable, "-u", __file__, "run", key], stdout=out, stderr=err, env=env)
    return p, key


def main_all(keys):
    os.makedirs(os.path.join(HERE, ".stdout"), exist_ok=True)
    pending = list(keys); running = []
    while pending or running:
        while pending and len(running) < 2:
            k = pending.pop(0)
            if k == "csv_custom/argmax-mlp-killed-resumed":
                # first launch gets SIGKILLed at epoch 13, then the user resumes from the epoch-8 checkpoint
                if os.path.exists("/tmp/nu13_ckpt.pt"): os.remove("/tmp/nu13_ckpt.pt")
                p, _ = launch(k); p.wait()
                R[k][1]["resume"] = True; R[k][1]["kill_at"] = None
                os.environ["NU13_RESUME"] = "1"
            running.append((launch(k), time.time()))
        time.sleep(0.5)
        for item in list(running):
            (p, k), t = item
            if p.poll() is not None:
                print(f"{k}: rc={p.returncode} {time.time()-t:.0f}s", flush=True); running.remove(item)


if __name__ == "__main__":
    if sys.argv[1] == "all":
        main_all(sys.argv[2:] or list(R))
    else:
        if os.environ.get("NU13_RESUME") and sys.argv[2] == "csv_custom/argmax-mlp-killed-resumed":
            R[sys.argv[2]][1]["resume"] = True; R[sys.argv[2]][1]["kill_at"] = None
        run_one(sys.argv[2])
