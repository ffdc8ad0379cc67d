"""Make every run of lock-box batch 2026-12-15nu19 ("trainings a new user wrote").

python make_runs.py                      # all runs, two at a time, each in its own process
python make_runs.py text_log/sky-mlp-adam-cosine ...   # only these
Each run is a real training on CPU with fixed seeds; logs are left in runs/<format>/<run-name>/ as the logger wrote them.
Tasks (all data generated with numpy here):
  sky     - tomorrow's weather (clear, cloudy, rain, snow; K=4) from today's station readings in hPa, %, C, km/h, okta
  walk    - which quadrant a 12-move grid walk (U/D/L/R tokens) ends in (K=4), 3% label noise
  mirror2 - which symmetry a noisy 12x12 pattern has (none, left-right, up-down, both; K=4)
  evrange - electric-car range in km from battery kWh, speed km/h, outside temperature C, mass kg, CdA m^2, heating on/off
"""
import os, sys, json, csv, math, time, signal, subprocess, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
PY = sys.executable
CKPT_DIR = "/tmp/nu19_ckpt"
ERR_DIR = "/tmp/nu19_stderr"

# ----------------------------------------------------------------------------------------------------------- data
def data_sky(seed=0, n_tr=3000, n_va=800, raw=False):
    import numpy as np
    rng = np.random.default_rng(seed)
    n = n_tr + n_va
    p = rng.normal(1013, 9, n); tr = rng.normal(0, 1.6, n); hum = np.clip(rng.normal(70, 15, n), 15, 100)
    T = rng.uniform(-12, 28, n); dew = T - (100 - hum) / 5 + rng.normal(0, 1, n)
    okta = np.clip(np.round(rng.normal(4.5, 2.3, n)), 0, 8); wind = rng.gamma(2, 8, n)
    s = -0.12 * (p - 1013) - 0.9 * tr + 0.05 * (hum - 70) + 0.35 * (okta - 4.5) + 0.02 * (wind - 16) + rng.normal(0, 0.6, n)
    pre = s > np.quantile(s, 0.55)
    cloud = okta + 0.15 * (hum - 70) / 5 + rng.normal(0, 0.8, n)
    y = np.where(pre, np.where(T < 1.5, 3, 2), np.where(cloud > 4.3, 1, 0))
    flip = rng.random(n) < 0.04
    y[flip] = rng.integers(0, 4, flip.sum())
    X = np.stack([p, tr, hum, T, dew, okta, wind], 1).astype("float32")
    if not raw:
        mu, sd = X[:n_tr].mean(0), X[:n_tr].std(0)
        X = (X - mu) / sd
    return X[:n_tr], y[:n_tr].astype("int64"), X[n_tr:], y[n_tr:].astype("int64")


def data_walk(seed=1, n_tr=4000, n_va=1000, L=12):
    import numpy as np
    rng = np.random.default_rng(seed)
    n = n_tr + n_va
    tok = rng.integers(0, 4, (n, L))  # 0=U 1=D 2=L 3=R
    x = (tok == 3).sum(1) - (tok == 2).sum(1)
    yy = (tok == 0).sum(1) - (tok == 1).sum(1)
    y = (x >= 0).astype(int) * 2 + (yy >= 0).astype(int)
    flip = rng.random(n) < 0.03
    y[flip] = rng.integers(0, 4, flip.sum())
    return tok[:n_tr].astype("int64"), y[:n_tr].astype("int64"), tok[n_tr:].astype("int64"), y[n_tr:].astype("int64")


def data_mirror2(seed=2, n_tr=3000, n_va=600, noise=0.25):
    import numpy as np
    rng = np.random.default_rng(seed)
    n = n_tr + n_va
    y = rng.integers(0, 4, n)
    X = np.zeros((n, 12, 12), "float32")
    for i in range(n):
        a = (rng.random((12, 12)) < 0.45).astype("float32")
        if y[i] in (1, 3):
            a[:, 6:] = a[:, :6][:, ::-1]
        if y[i] in (2, 3):
            a[6:, :] = a[:6, :][::-1, :]
        X[i] = a * rng.uniform(0.6, 1.0) + rng.normal(0, noise, (12, 12))
    X = X[:, None]
    return X[:n_tr], y[:n_tr].astype("int64"), X[n_tr:], y[n_tr:].astype("int64")


def data_ev(seed=3, n_tr=3000, n_va=800, raw=False):
    import numpy as np
    rng = np.random.default_rng(seed)
    n = n_tr + n_va
    kwh = rng.uniform(40, 100, n); v = rng.uniform(50, 130, n); T = rng.uniform(-15, 35, n)
    m = rng.uniform(1400, 2400, n); cda = rng.uniform(0.5, 0.8, n); heat = (rng.random(n) < 0.5).astype(float)
    vs = v / 3.6
    force = 0.011 * m * 9.81 + 0.5 * 1.2 * cda * vs ** 2
    wh_km = force * 1000 / 3600 / 0.9 + heat * (1.2 + 0.09 * np.maximum(0, 18 - T)) * 1000 / v
    usable = kwh * (1 - 0.007 * np.maximum(0, 20 - T))
    rng_km = usable * 1000 / wh_km * np.exp(rng.normal(0, 0.03, n))
    X = np.stack([kwh, v, T, m, cda, heat], 1).astype("float32")
    if raw:
        Y = rng_km.astype("float32")
    else:
        mu, sd = X[:n_tr].mean(0), X[:n_tr].std(0)
        X = (X - mu) / sd
        Y = ((rng_km - 350) / 120).astype("float32")
    return X[:n_tr], Y[:n_tr], X[n_tr:], Y[n_tr:]

# ----------------------------------------------------------------------------------------------------------- models
def mlp(d_in, d_out, hidden=(64, 64), act="relu", bn=False, drop=0.0):
    import torch.nn as nn
    layers, d = [], d_in
    for h in hidden:
        layers.append(nn.Linear(d, h))
        if bn:
            layers.append(nn.BatchNorm1d(h))
        layers.append(nn.ReLU() if act == "relu" else nn.Tanh())
        if drop:
            layers.append(nn.Dropout(drop))
        d = h
    layers.append(nn.Linear(d, d_out))
    return nn.Sequential(*layers)


def walk_onehot_mlp(hidden=64):
    import torch.nn as nn
    return nn.Sequential(nn.Embedding(4, 8), nn.Flatten(), nn.Linear(12 * 8, hidden), nn.ReLU(), nn.Linear(hidden, 4))


def walk_gru(hidden=48, cell="gru"):
    import torch, torch.nn as nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(4, 16)
            if cell == "gru":
                self.rnn = nn.GRU(16, hidden, batch_first=True)
            else:
                self.rnn = nn.RNN(16, hidden, batch_first=True, nonlinearity="relu")
            self.out = nn.Linear(hidden, 4)

        def forward(self, x):
            h, _ = self.rnn(self.emb(x))
            return self.out(h[:, -1])
    return Net()


def sym_cnn(bn=False, drop=0.0, ch=16):
    import torch.nn as nn
    layers = [nn.Conv2d(1, ch, 3, padding=1)]
    if bn:
        layers.append(nn.BatchNorm2d(ch))
    layers += [nn.ReLU(), nn.Conv2d(ch, 2 * ch, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten()]
    if drop:
        layers.append(nn.Dropout(drop))
    layers += [nn.Linear(2 * ch * 36, 64), nn.ReLU(), nn.Linear(64, 4)]
    return nn.Sequential(*layers)


def sym_mlp():
    import torch.nn as nn
    return nn.Sequential(nn.Flatten(), nn.Linear(144, 128), nn.ReLU(), nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, 4))

# ----------------------------------------------------------------------------------------------------------- torch loop
def fit(model, data, *, epochs, lr, opt="adam", bs=64, task="cls", sched=None, clip=None, zero_grad=True,
        shuffle_labels=False, loss_kind="ce", on_step=None, on_epoch=None, max_steps=None, eval_bug=False,
        kill_after_epoch=None, start_epoch=0, resume_from=None, save_ckpt_every=None, momentum=0.9, wd=0.0,
        stop_on_nan=False, patience=None, seed=0, grad_norm=False):
    """The same loop a new user copies from a tutorial, with knobs for the faults."""
    import numpy as np, torch, torch.nn as nn, torch.nn.functional as F
    torch.manual_seed(seed)
    Xtr, ytr, Xva, yva = [torch.tensor(a) for a in data]
    if shuffle_labels:
        g = torch.Generator().manual_seed(123)
        ytr = ytr[torch.randperm(len(ytr), generator=g)]
    params = [p for p in model.parameters() if p.requires_grad]
    if opt == "adam":
        o = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    elif opt == "adamw":
        o = torch.optim.AdamW(params, lr=lr, weight_decay=wd or 0.01)
    elif opt == "sgd":
        o = torch.optim.SGD(params, lr=lr, momentum=momentum, weight_decay=wd)
    elif opt == "nesterov":
        o = torch.optim.SGD(params, lr=lr, momentum=0.9, nesterov=True, weight_decay=wd)
    elif opt == "rmsprop":
        o = torch.optim.RMSprop(params, lr=lr)
    steps_per_epoch = math.ceil(len(Xtr) / bs)
    s = None
    if sched == "cosine":
        s = torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=epochs)
    elif sched == "step":
        s = torch.optim.lr_scheduler.StepLR(o, step_size=max(1, epochs // 3), gamma=0.3)
    elif sched == "onecycle":
        s = torch.optim.lr_scheduler.OneCycleLR(o, max_lr=lr, total_steps=epochs * steps_per_epoch)
    elif sched == "warmup_cosine":
        tot, wu = epochs * steps_per_epoch, steps_per_epoch * 2
        s = torch.optim.lr_scheduler.LambdaLR(o, lambda k: (k + 1) / wu if k < wu else 0.5 * (1 + math.cos(math.pi * (k - wu) / max(1, tot - wu))))
    elif sched == "plateau":
        s = torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.3, patience=2)
    if resume_from is not None:
        ck = torch.load(resume_from)
        model.load_state_dict(ck["model"]); o.load_state_dict(ck["opt"])
        if s is not None and ck.get("sched") is not None:
            s.load_state_dict(ck["sched"])
    per_step_sched = sched in ("onecycle", "warmup_cosine")

    def lossf(out, y):
        if task == "reg":
            return F.mse_loss(out.squeeze(-1), y) if loss_kind != "huber" else F.huber_loss(out.squeeze(-1), y, delta=0.5)
        if loss_kind == "double_softmax":
            return F.cross_entropy(F.softmax(out, -1), y)
        return F.cross_entropy(out, y)

    step = start_epoch * steps_per_epoch
    best, bad = float("inf"), 0
    gen = torch.Generator().manual_seed(seed + 7)
    for ep in range(start_epoch, epochs):
        model.train()
        perm = torch.randperm(len(Xtr), generator=gen)
        tl, tc, tn = 0.0, 0, 0
        for b in range(steps_per_epoch):
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr[idx], ytr[idx]
            if zero_grad:
                o.zero_grad()
            out = model(xb)
            loss = lossf(out, yb)
            loss.backward()
            gn = None
            if clip is not None:
                gn = float(torch.nn.utils.clip_grad_norm_(params, clip))
            elif grad_norm:
                gn = float(torch.nn.utils.clip_grad_norm_(params, float("inf")))
            o.step()
            if per_step_sched:
                s.step()
            step += 1
            lv = loss.item()
            tl += lv * len(idx); tn += len(idx)
            if task == "cls":
                tc += (out.argmax(-1) == yb).sum().item()
            if on_step:
                on_step(step=step, epoch=ep, batch=b, nb=steps_per_epoch, loss=lv, lr=o.param_groups[0]["lr"], gn=gn)
            if max_steps is not None and step >= max_steps:
                break
        if not eval_bug:
            model.eval()
        with torch.no_grad():
            out = model(Xva)
            vl = lossf(out, yva).item()
            if task == "cls":
                vm = (out.argmax(-1) == yva).float().mean().item()
            else:
                vm = (out.squeeze(-1) - yva).abs().mean().item()
        tr_loss = tl / max(1, tn)
        tr_acc = tc / max(1, tn) if task == "cls" else None
        lr_now = o.param_groups[0]["lr"]
        if on_epoch:
            on_epoch(epoch=ep, step=step, train_loss=tr_loss, train_acc=tr_acc, val_loss=vl, val_metric=vm, lr=lr_now)
        if s is not None and not per_step_sched:
            s.step(vl) if sched == "plateau" else s.step()
        if save_ckpt_every and (ep + 1) % save_ckpt_every == 0:
            os.makedirs(CKPT_DIR, exist_ok=True)
            torch.save({"model": model.state_dict(), "opt": o.state_dict(), "sched": s.state_dict() if s else None,
                        "epoch": ep + 1}, os.path.join(CKPT_DIR, "ckpt.pt"))
        if kill_after_epoch is not None and ep + 1 == kill_after_epoch:
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        if stop_on_nan and not math.isfinite(tr_loss):
            return "nan"
        if patience is not None:
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= patience:
                    return "early"
        if max_steps is not None and step >= max_steps:
            return "capped"
    return "done"


def torch_seed(s):
    import torch, numpy as np, random
    torch.manual_seed(s); np.random.seed(s); random.seed(s)
    torch.set_num_threads(1)

# ----------------------------------------------------------------------------------------------------------- text logs
RUN = {}


def run(key, logfile=None, unbuffered=True, relaunch=False):
    def deco(f):
        RUN[key] = dict(f=f, logfile=logfile, unbuffered=unbuffered, relaunch=relaunch)
        return f
    return deco


@run("text_log/sky-mlp-adam-cosine", "train.log")
def _():
    torch_seed(0)
    m = mlp(7, 4, (64, 64))
    print("sky classifier | 7 features | 3000 train / 800 val | adam 3e-3 cosine 30 epochs")
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, lr, **k):
        print(f"epoch {epoch+1}/30 train_loss={train_loss:.4f} train_acc={train_acc*100:.1f}% val_loss={val_loss:.4f} val_acc={val_metric*100:.1f}% lr={lr:.2e}")
    fit(m, data_sky(), epochs=30, lr=3e-3, sched="cosine", on_epoch=ep)
    print("done.")


@run("text_log/sky-mlp-sgd-lr4", "out.txt")
def _():
    torch_seed(1)
    m = mlp(7, 4, (128, 64))
    print("Training with lr = 4.0 (sgd, momentum 0.9)")
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, **k):
        print(f"Epoch [{epoch+1}/25], Loss: {train_loss:.4f}, Acc: {train_acc:.4f} | Valid Loss: {val_loss:.4f}, Valid Acc: {val_metric:.4f}")
    fit(m, data_sky(), epochs=25, lr=4.0, opt="sgd", on_epoch=ep)


@run("text_log/walk-mlp-sgd-no-zero-grad", "log.txt")
def _():
    torch_seed(2)
    m = walk_onehot_mlp(64)
    def st(step, loss, **k):
        if step % 25 == 0:
            print(f"step {step} loss {loss:.4f}")
    def ep(epoch, val_loss, val_metric, **k):
        print(f"== dev after epoch {epoch}: loss {val_loss:.4f} acc {val_metric:.3f}")
    fit(m, data_walk(), epochs=20, lr=0.05, opt="sgd", zero_grad=False, on_step=st, on_epoch=ep)


@run("text_log/walk-gru-tqdm-onecycle", "train_gru.log")
def _():
    torch_seed(3)
    from tqdm import tqdm
    m = walk_gru(48)
    state = {}
    def st(step, epoch, batch, nb, loss, **k):
        if batch == 0:
            state["bar"] = tqdm(total=nb, desc=f"Epoch {epoch+1}/15", mininterval=0, miniters=5, ncols=90)
        state["bar"].update(1)
        state["bar"].set_postfix(loss=f"{loss:.4f}", refresh=False)
        if batch == nb - 1:
            state["bar"].close()
    def ep(epoch, train_loss, val_loss, val_metric, **k):
        print(f"epoch {epoch+1}: avg train loss {train_loss:.4f}, eval loss {val_loss:.4f}, eval accuracy {val_metric:.4f}")
    fit(m, data_walk(), epochs=15, lr=5e-3, sched="onecycle", on_step=st, on_epoch=ep)


@run("text_log/walk-relu-rnn-exploding", "rnn.log")
def _():
    import torch
    torch_seed(4)
    m = walk_gru(64, cell="rnn")
    with torch.no_grad():
        m.rnn.weight_hh_l0.copy_(torch.eye(64) * 1.16)  # "IRNN" init, a bit above 1 so it remembers longer
        m.rnn.bias_hh_l0.zero_()
    print("relu rnn, hidden 64, identity init x1.16 (no clipping), SGD lr 0.1, 20 epochs")
    def st(step, loss, gn, **k):
        print(f"it {step:5d}  loss {loss:.4f}  |grad| {gn:.3e}")
    def ep(epoch, train_loss, val_loss, val_metric, **k):
        print(f"[epoch {epoch+1}] train {train_loss:.4f}  val {val_loss:.4f}  val_acc {val_metric:.3f}")
    r = fit(m, data_walk(), epochs=20, lr=0.1, opt="sgd", momentum=0.0, on_step=st, on_epoch=ep, grad_norm=True, stop_on_nan=True)
    if r == "nan":
        print("loss is nan -- giving up")


@run("text_log/mirror2-cnn-adam-logging", "train.log")
def _():
    import logging
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
    log = logging.getLogger("sym")
    torch_seed(5)
    m = sym_cnn()
    log.info("starting: cnn 16/32, adam 1e-3, 25 epochs, step lr")
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, lr, **k):
        log.info("epoch %d | train loss %.4f acc %.3f | test loss %.4f acc %.3f | lr %.5f", epoch + 1, train_loss, train_acc, val_loss, val_metric, lr)
    fit(m, data_mirror2(), epochs=25, lr=1e-3, sched="step", on_epoch=ep)
    log.info("finished")


@run("text_log/mirror2-cnn-double-softmax", "output.txt")
def _():
    torch_seed(6)
    m = __import__("torch").nn.Sequential(sym_cnn(), __import__("torch").nn.Softmax(dim=-1))
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, **k):
        print(f"ep {epoch}  loss: {train_loss:.4f}  acc: {train_acc:.3f}  val: {val_loss:.4f}  val acc: {val_metric:.3f}")
    fit(m, data_mirror2(), epochs=25, lr=1e-3, on_epoch=ep)


@run("text_log/ev-mlp-adam-1e-6", "nohup.out")
def _():
    torch_seed(7)
    m = mlp(6, 1, (64, 64))
    print("EV range regression  (target = (km-350)/120)")
    def ep(epoch, train_loss, val_loss, val_metric, **k):
        print(f"{epoch+1:3d}/40  mse {train_loss:.5f}  val mse {val_loss:.5f}  val mae {val_metric*120:.1f} km")
    fit(m, data_ev(), epochs=40, lr=1e-6, task="reg", on_epoch=ep)


@run("text_log/ev-mlp-tiny-train", "train.log")
def _():
    torch_seed(8)
    m = mlp(6, 1, (256, 256))
    d = data_ev(n_tr=40)
    print(f"train rows: {len(d[0])}  val rows: {len(d[2])}")
    def ep(epoch, train_loss, val_loss, val_metric, **k):
        if (epoch + 1) % 5 == 0:
            print(f"epoch {epoch+1:4d}  train_mse={train_loss:.5f}  test_mse={val_loss:.5f}  test_mae_km={val_metric*120:.2f}")
    fit(m, d, epochs=400, lr=2e-3, task="reg", bs=16, on_epoch=ep)


@run("text_log/ev-mlp-huber-warmup", "log.txt", unbuffered=False)
def _():
    torch_seed(9)
    m = mlp(6, 1, (128, 64))
    def st(step, loss, lr, **k):
        if step % 50 == 0:
            print(f"it {step}/2350 train_loss={loss:.5f} lr={lr:.6f}")
    def ep(epoch, step, val_loss, val_metric, **k):
        print(f"eval @ it {step}: huber={val_loss:.5f} mae={val_metric*120:.2f}km")
    fit(m, data_ev(), epochs=50, lr=2e-3, opt="adamw", sched="warmup_cosine", loss_kind="huber", task="reg", on_step=st, on_epoch=ep)


@run("text_log/sky-mlp-sigkill", "train.log")
def _():
    torch_seed(10)
    m = mlp(7, 4, (64, 64), drop=0.1)
    print("config: epochs=40 lr=1e-3 batch=64")
    def ep(epoch, train_loss, val_loss, val_metric, **k):
        print(f"epoch {epoch+1}/40 - loss: {train_loss:.4f} - val_loss: {val_loss:.4f} - val_accuracy: {val_metric:.4f}")
    fit(m, data_sky(), epochs=40, lr=1e-3, on_epoch=ep, kill_after_epoch=14)


@run("text_log/walk-gru-killed-resumed", "train.log", relaunch=True)
def _():
    torch_seed(11)
    m = walk_gru(32)
    resumed = os.environ.get("NU19_RESUME") == "1"
    def ep(epoch, train_loss, val_loss, val_metric, **k):
        print(f"Epoch {epoch+1:02d} | loss {train_loss:.4f} | val_loss {val_loss:.4f} | val_acc {val_metric:.4f}")
    if not resumed:
        print("start training: GRU 32, adam 2e-3, 24 epochs, checkpoint every 4 epochs")
        fit(m, data_walk(), epochs=24, lr=2e-3, on_epoch=ep, save_ckpt_every=4, kill_after_epoch=11)
    else:
        import torch
        ck = torch.load(os.path.join(CKPT_DIR, "ckpt.pt"))
        print(f"resuming from checkpoint ({CKPT_DIR}/ckpt.pt), epoch {ck['epoch']}")
        fit(m, data_walk(), epochs=24, lr=2e-3, on_epoch=ep, start_epoch=ck["epoch"], resume_from=os.path.join(CKPT_DIR, "ckpt.pt"), seed=1)
        print("Training finished.")


@run("text_log/mirror2-cnn-bn-eval-bug", "out.txt")
def _():
    torch_seed(12)
    m = sym_cnn(bn=True, drop=0.5)
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, **k):
        print(f"epoch={epoch+1} loss={train_loss:.4f} acc={train_acc:.4f} valid_loss={val_loss:.4f} valid_acc={val_metric:.4f}")
    # forgot model.eval(): BatchNorm uses batch stats of the whole val set and dropout stays on
    fit(m, data_mirror2(), epochs=20, lr=1e-3, on_epoch=ep, eval_bug=True)


@run("text_log/sky-mlp-plateau-early-stop", "train.log")
def _():
    torch_seed(13)
    m = mlp(7, 4, (128, 128), bn=True, drop=0.2)
    print("max_epochs 60, ReduceLROnPlateau(factor=0.3, patience=2), early stop patience 6")
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, lr, **k):
        print(f"{epoch}\t{train_loss:.4f}\t{train_acc:.4f}\t{val_loss:.4f}\t{val_metric:.4f}\t{lr:.2e}")
    print("epoch\ttrain_loss\ttrain_acc\tval_loss\tval_acc\tlr")
    r = fit(m, data_sky(), epochs=60, lr=2e-3, sched="plateau", on_epoch=ep, patience=6)
    print(f"stopped: {r}")


@run("text_log/walk-mlp-nesterov-step", "train.log", unbuffered=False)
def _():
    torch_seed(14)
    m = walk_onehot_mlp(128)
    def st(step, epoch, loss, **k):
        if step % 20 == 0:
            print(f"e{epoch} s{step} loss={loss:.4f}")
    def ep(epoch, val_loss, val_metric, lr, **k):
        print(f"VALID e{epoch}: loss={val_loss:.4f} acc={val_metric*100:.2f}% (lr {lr:g})")
    fit(m, data_walk(), epochs=18, lr=0.05, opt="nesterov", sched="step", on_step=st, on_epoch=ep)


@run("text_log/mirror2-mlp-stopped-ep6-of-60", "train.log")
def _():
    torch_seed(15)
    m = sym_mlp()
    print("plan: 60 epochs, cosine, adamw 1e-3")
    def ep(epoch, train_loss, val_loss, val_metric, **k):
        print(f"Epoch {epoch+1}/60: train {train_loss:.4f} | val {val_loss:.4f} | val acc {val_metric:.3f}")
    fit(m, data_mirror2(), epochs=60, lr=1e-3, opt="adamw", sched="cosine", on_epoch=ep, max_steps=6 * 47)
    print("KeyboardInterrupt: stopped by user")

# ----------------------------------------------------------------------------------------------------------- csv / jsonl
def out_dir(key):
    d = os.path.join(RUNS, key)
    os.makedirs(d, exist_ok=True)
    return d


@run("csv_custom/walk-gru-adam-lr1")
def _():
    d = out_dir("csv_custom/walk-gru-adam-lr1")
    torch_seed(20)
    f = open(os.path.join(d, "metrics.csv"), "w", newline="")
    w = csv.writer(f); w.writerow(["epoch", "train_loss", "val_loss", "val_acc"])
    def ep(epoch, train_loss, val_loss, val_metric, **k):
        w.writerow([epoch, round(train_loss, 5), round(val_loss, 5), round(val_metric, 4)]); f.flush()
    fit(walk_gru(48), data_walk(), epochs=20, lr=1.0, on_epoch=ep)
    f.close()


@run("csv_custom/sky-mlp-shuffled-labels")
def _():
    d = out_dir("csv_custom/sky-mlp-shuffled-labels")
    torch_seed(21)
    f = open(os.path.join(d, "log.csv"), "w", newline="")
    w = csv.DictWriter(f, fieldnames=["epoch", "loss", "acc", "val_loss", "val_acc"]); w.writeheader()
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, **k):
        w.writerow(dict(epoch=epoch + 1, loss=f"{train_loss:.4f}", acc=f"{train_acc:.4f}", val_loss=f"{val_loss:.4f}", val_acc=f"{val_metric:.4f}"))
    fit(mlp(7, 4, (64, 64)), data_sky(), epochs=30, lr=1e-3, shuffle_labels=True, on_epoch=ep)
    f.close()


@run("csv_custom/ev-mlp-raw-units")
def _():
    d = out_dir("csv_custom/ev-mlp-raw-units")
    torch_seed(22)
    rows = []
    def ep(epoch, train_loss, val_loss, val_metric, **k):
        rows.append(f"{epoch};{train_loss:.3f};{val_loss:.3f};{val_metric:.2f}")
    fit(mlp(6, 1, (64, 64)), data_ev(raw=True), epochs=40, lr=1e-3, task="reg", on_epoch=ep)
    with open(os.path.join(d, "history.csv"), "w") as f:
        f.write("epoch;mse_km2;val_mse_km2;val_mae_km\n" + "\n".join(rows) + "\n")


@run("csv_custom/ev-mlp-debug-max-steps")
def _():
    d = out_dir("csv_custom/ev-mlp-debug-max-steps")
    torch_seed(23)
    cfg = dict(epochs=50, lr=1e-3, batch_size=64, optimizer="adam", max_steps=60)
    json.dump(cfg, open(os.path.join(d, "config.json"), "w"), indent=1)
    f = open(os.path.join(d, "train_log.jsonl"), "w")
    def st(step, loss, **k):
        if step % 5 == 0:
            f.write(json.dumps({"step": step, "loss": round(loss, 5)}) + "\n")
    def ep(epoch, step, val_loss, val_metric, **k):
        f.write(json.dumps({"step": step, "epoch": epoch, "val_loss": round(val_loss, 5), "val_mae_km": round(val_metric * 120, 2)}) + "\n")
    fit(mlp(6, 1, (64, 64)), data_ev(), epochs=50, lr=1e-3, task="reg", on_step=st, on_epoch=ep, max_steps=60)
    f.close()


@run("csv_custom/sky-mlp-two-runs-appended")
def _():
    d = out_dir("csv_custom/sky-mlp-two-runs-appended")
    for i, lr in enumerate([1e-3, 3e-3]):
        torch_seed(24 + i)
        f = open(os.path.join(d, "results.csv"), "a", newline="")
        w = csv.writer(f)
        w.writerow(["epoch", "train_loss", "train_acc", "val_loss", "val_acc"])
        def ep(epoch, train_loss, train_acc, val_loss, val_metric, **k):
            w.writerow([epoch, f"{train_loss:.4f}", f"{train_acc:.4f}", f"{val_loss:.4f}", f"{val_metric:.4f}"])
        fit(mlp(7, 4, (64, 32)), data_sky(), epochs=20, lr=lr, on_epoch=ep, seed=i)
        f.close()


@run("csv_custom/mirror2-cnn-rmsprop-jsonl")
def _():
    d = out_dir("csv_custom/mirror2-cnn-rmsprop-jsonl")
    torch_seed(26)
    f = open(os.path.join(d, "log.jsonl"), "w")
    def st(step, epoch, loss, **k):
        if step % 10 == 0:
            f.write(json.dumps({"type": "train", "step": step, "epoch": epoch, "loss": loss}) + "\n")
    def ep(epoch, step, val_loss, val_metric, lr, **k):
        f.write(json.dumps({"type": "eval", "step": step, "epoch": epoch, "eval_loss": val_loss, "eval_acc": val_metric, "lr": lr}) + "\n")
    fit(sym_cnn(), data_mirror2(), epochs=20, lr=5e-4, opt="rmsprop", sched="cosine", on_step=st, on_epoch=ep)
    f.close()


@run("csv_custom/walk-gru-clip-cosine")
def _():
    import pandas as pd
    d = out_dir("csv_custom/walk-gru-clip-cosine")
    torch_seed(27)
    rows = []
    def st(step, epoch, loss, gn, lr, **k):
        rows.append({"step": step, "epoch": epoch, "loss": loss, "grad_norm": gn, "lr": lr})
    def ep(epoch, step, val_loss, val_metric, **k):
        rows.append({"step": step, "epoch": epoch, "val_loss": val_loss, "val_acc": val_metric})
    fit(walk_gru(64), data_walk(), epochs=12, lr=3e-3, sched="cosine", clip=1.0, on_step=st, on_epoch=ep)
    pd.DataFrame(rows).to_csv(os.path.join(d, "train.csv"), index=False)


@run("csv_custom/ev-mlp-onecycle")
def _():
    d = out_dir("csv_custom/ev-mlp-onecycle")
    torch_seed(28)
    f = open(os.path.join(d, "log.csv"), "w")
    f.write("epoch,train_mse,val_mse,val_mae_km,lr\n")
    def ep(epoch, train_loss, val_loss, val_metric, lr, **k):
        f.write(",".join([str(epoch + 1), f"{train_loss:.6f}", f"{val_loss:.6f}", f"{val_metric*120:.3f}", f"{lr:.6f}"]) + "\n")
    fit(mlp(6, 1, (128, 128)), data_ev(), epochs=30, lr=5e-3, opt="adamw", sched="onecycle", task="reg", on_epoch=ep)
    f.close()


@run("csv_custom/mirror2-mlp-adam-30ep")
def _():
    d = out_dir("csv_custom/mirror2-mlp-adam-30ep")
    torch_seed(29)
    f = open(os.path.join(d, "metrics.csv"), "w", newline="")
    w = csv.writer(f); w.writerow(["epoch", "loss", "accuracy", "val_loss", "val_accuracy"])
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, **k):
        w.writerow([epoch, train_loss, train_acc, val_loss, val_metric])
    fit(sym_mlp(), data_mirror2(), epochs=30, lr=1e-3, on_epoch=ep)
    f.close()

# ----------------------------------------------------------------------------------------------------------- tfevents
def writer(key, sub=None, x=False):
    d = out_dir(key)
    if sub:
        d = os.path.join(d, sub)
    if x:
        from tensorboardX import SummaryWriter
    else:
        from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(d)


@run("tfevents/mirror2-cnn-sgd-lr2")
def _():
    torch_seed(30)
    sw = writer("tfevents/mirror2-cnn-sgd-lr2")
    def st(step, loss, **k):
        if step % 5 == 0:
            sw.add_scalar("Loss/train", loss, step)
    def ep(epoch, step, val_loss, val_metric, **k):
        sw.add_scalar("Loss/val", val_loss, step); sw.add_scalar("Accuracy/val", val_metric, step)
    fit(sym_cnn(), data_mirror2(), epochs=15, lr=2.0, opt="sgd", on_step=st, on_epoch=ep)
    sw.close()


@run("tfevents/walk-gru-sgd-1e-4")
def _():
    torch_seed(31)
    sw = writer("tfevents/walk-gru-sgd-1e-4", "runs/gru_sgd")
    def st(step, loss, gn, **k):
        if step % 10 == 0:
            sw.add_scalar("train/loss", loss, step); sw.add_scalar("train/grad_norm", gn, step)
    def ep(epoch, val_loss, val_metric, **k):
        sw.add_scalar("val/loss", val_loss, epoch); sw.add_scalar("val/acc", val_metric, epoch)
    fit(walk_gru(48), data_walk(), epochs=15, lr=1e-4, opt="sgd", on_step=st, on_epoch=ep, grad_norm=True)
    sw.close()


@run("tfevents/mirror2-cnn-tiny-train")
def _():
    torch_seed(32)
    sw = writer("tfevents/mirror2-cnn-tiny-train")
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, **k):
        sw.add_scalar("loss", train_loss, epoch); sw.add_scalar("acc", train_acc, epoch)
        sw.add_scalar("val_loss", val_loss, epoch); sw.add_scalar("val_acc", val_metric, epoch)
    fit(sym_cnn(ch=32), data_mirror2(n_tr=80), epochs=120, lr=1e-3, bs=16, on_epoch=ep)
    sw.close()


@run("tfevents/sky-mlp-adamw-warmup-cosine")
def _():
    torch_seed(33)
    sw = writer("tfevents/sky-mlp-adamw-warmup-cosine", "tb")
    def st(step, loss, lr, **k):
        sw.add_scalar("train/loss_step", loss, step); sw.add_scalar("train/lr", lr, step)
    def ep(epoch, step, train_loss, val_loss, val_metric, **k):
        sw.add_scalar("train/loss", train_loss, step); sw.add_scalar("eval/loss", val_loss, step); sw.add_scalar("eval/acc", val_metric, step)
    fit(mlp(7, 4, (128, 64)), data_sky(), epochs=25, lr=2e-3, opt="adamw", sched="warmup_cosine", on_step=st, on_epoch=ep)
    sw.close()


@run("tfevents/ev-mlp-step-huber-tbx")
def _():
    torch_seed(34)
    sw = writer("tfevents/ev-mlp-step-huber-tbx", x=True)
    def ep(epoch, train_loss, val_loss, val_metric, lr, **k):
        sw.add_scalar("huber/train", train_loss, epoch); sw.add_scalar("huber/test", val_loss, epoch)
        sw.add_scalar("mae_km/test", val_metric * 120, epoch); sw.add_scalar("lr", lr, epoch)
    fit(mlp(6, 1, (128, 128)), data_ev(), epochs=45, lr=3e-3, sched="step", loss_kind="huber", task="reg", on_epoch=ep)
    sw.close()


@run("tfevents/walk-transformer-warmup")
def _():
    import torch, torch.nn as nn
    torch_seed(35)

    class Enc(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(4, 32); self.pos = nn.Parameter(torch.randn(12, 32) * 0.1)
            self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True), 2)
            self.out = nn.Linear(32, 4)

        def forward(self, x):
            return self.out(self.enc(self.emb(x) + self.pos).mean(1))
    sw = writer("tfevents/walk-transformer-warmup")
    def st(step, loss, lr, **k):
        if step % 10 == 0:
            sw.add_scalar("loss/train", loss, step); sw.add_scalar("lr", lr, step)
    def ep(epoch, step, val_loss, val_metric, **k):
        sw.add_scalar("loss/dev", val_loss, step); sw.add_scalar("acc/dev", val_metric, step)
    fit(Enc(), data_walk(), epochs=15, lr=1e-3, opt="adamw", sched="warmup_cosine", on_step=st, on_epoch=ep)
    sw.close()


@run("tfevents/ev-mlp-stopped-ep5-of-80")
def _():
    torch_seed(36)
    sw = writer("tfevents/ev-mlp-stopped-ep5-of-80")
    sw.add_text("config", "epochs: 80, lr: 1e-3, optimizer: Adam, schedule: cosine over 80 epochs", 0)
    def ep(epoch, train_loss, val_loss, val_metric, lr, **k):
        sw.add_scalar("mse/train", train_loss, epoch); sw.add_scalar("mse/val", val_loss, epoch); sw.add_scalar("lr", lr, epoch)
    fit(mlp(6, 1, (64, 64)), data_ev(), epochs=80, lr=1e-3, sched="cosine", task="reg", on_epoch=ep, max_steps=5 * 47)
    sw.close()


@run("tfevents/sky-lit-tblogger")
def _():
    lit_run("tfevents/sky-lit-tblogger", seed=37, task="sky", lr=2e-3, epochs=20, tb=True, sched="cosine")


@run("tfevents/walk-gru-adam-addscalars")
def _():
    torch_seed(38)
    sw = writer("tfevents/walk-gru-adam-addscalars")
    def ep(epoch, train_loss, train_acc, val_loss, val_metric, **k):
        sw.add_scalars("loss", {"train": train_loss, "valid": val_loss}, epoch)
        sw.add_scalars("accuracy", {"train": train_acc, "valid": val_metric}, epoch)
    fit(walk_gru(32), data_walk(), epochs=16, lr=3e-3, on_epoch=ep)
    sw.close()

# ----------------------------------------------------------------------------------------------------------- lightning
def lit_run(key, *, seed, task, lr, epochs, opt="adam", sched=None, tb=False, frozen=False, max_time=None,
            max_steps=-1, kill_at_step=None, early_stop=False, lr_monitor=False, clip=None, log_every=10, n_tr=None):
    import torch, torch.nn as nn, torch.nn.functional as F
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    from lightning.pytorch.callbacks import EarlyStopping, LearningRateMonitor, Callback
    L.seed_everything(seed, verbose=False)
    torch.set_num_threads(1)
    if task == "sky":
        data = data_sky(); net = mlp(7, 4, (64, 64)); reg = False
    elif task == "walk":
        data = data_walk(); net = walk_gru(48); reg = False
    elif task == "mirror2":
        data = data_mirror2(); net = sym_cnn(); reg = False
    else:
        data = data_ev(); net = mlp(6, 1, (64, 64)); reg = True
    if frozen:
        for p in net.parameters():
            p.requires_grad_(False)
        net[-1].bias.requires_grad_(True)

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.save_hyperparameters(dict(task=task, lr=lr, optimizer=opt, max_epochs=epochs, scheduler=sched))
            self.net = net

        def _loss(self, batch):
            x, y = batch
            out = self.net(x)
            if reg:
                loss = F.mse_loss(out.squeeze(-1), y)
                return loss, (out.squeeze(-1) - y).abs().mean() * 120
            return F.cross_entropy(out, y), (out.argmax(-1) == y).float().mean()

        def training_step(self, batch, i):
            loss, _ = self._loss(batch)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            if kill_at_step is not None and self.global_step == kill_at_step:
                os.kill(os.getpid(), signal.SIGKILL)
            return loss

        def validation_step(self, batch, i):
            loss, met = self._loss(batch)
            self.log("val_loss", loss, prog_bar=True)
            self.log("val_mae_km" if reg else "val_acc", met)

        def configure_optimizers(self):
            ps = [p for p in self.parameters() if p.requires_grad]
            o = torch.optim.SGD(ps, lr=lr, momentum=0.9) if opt == "sgd" else torch.optim.Adam(ps, lr=lr)
            if sched == "cosine":
                return [o], [torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=epochs)]
            if sched == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.3, patience=2), "monitor": "val_loss"}}
            return o
    Xtr, ytr, Xva, yva = [torch.tensor(a) for a in data]
    if n_tr:
        Xtr, ytr = Xtr[:n_tr], ytr[:n_tr]
    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(Xtr, ytr), batch_size=64, shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(Xva, yva), batch_size=256)
    d = out_dir(key)
    logger = TensorBoardLogger(d) if tb else CSVLogger(d)
    cbs = []
    if early_stop:
        cbs.append(EarlyStopping("val_loss", patience=4))
    if lr_monitor:
        cbs.append(LearningRateMonitor("epoch"))
    kw = dict(max_epochs=epochs, logger=logger, callbacks=cbs, enable_checkpointing=False, enable_progress_bar=False,
              enable_model_summary=False, log_every_n_steps=log_every, max_steps=max_steps)
    if max_time:
        kw["max_time"] = max_time
    if clip:
        kw["gradient_clip_val"] = clip
    L.Trainer(**kw).fit(Lit(), tl, vl)


@run("lightning_csv/sky-lit-adam-lr03")
def _():
    lit_run("lightning_csv/sky-lit-adam-lr03", seed=40, task="sky", lr=0.3, epochs=20)


@run("lightning_csv/ev-lit-frozen")
def _():
    lit_run("lightning_csv/ev-lit-frozen", seed=41, task="ev", lr=1e-3, epochs=20)
    # (the frozen variant below is the one kept)


@run("lightning_csv/walk-lit-gru-sigkill")
def _():
    lit_run("lightning_csv/walk-lit-gru-sigkill", seed=42, task="walk", lr=3e-3, epochs=20, kill_at_step=63 * 7 + 20)


@run("lightning_csv/mirror2-lit-cnn-max-time")
def _():
    lit_run("lightning_csv/mirror2-lit-cnn-max-time", seed=43, task="mirror2", lr=1e-3, epochs=50, sched="cosine",
            max_time="00:00:00:12", lr_monitor=True)


@run("lightning_csv/ev-lit-plateau-earlystop")
def _():
    lit_run("lightning_csv/ev-lit-plateau-earlystop", seed=44, task="ev", lr=3e-3, epochs=60, sched="plateau",
            early_stop=True, lr_monitor=True)


@run("lightning_csv/walk-lit-gru-clip-cosine")
def _():
    lit_run("lightning_csv/walk-lit-gru-clip-cosine", seed=45, task="walk", lr=3e-3, epochs=12, sched="cosine", clip=1.0)


# the frozen-model run: all parameters requires_grad=False except the last bias
RUN["lightning_csv/ev-lit-frozen"]["f"] = lambda: lit_run("lightning_csv/ev-lit-frozen", seed=41, task="ev", lr=1e-3, epochs=20, frozen=True)

# ----------------------------------------------------------------------------------------------------------- keras
def keras_model(d_in, d_out, hidden=(64, 64), act_out=None):
    import keras
    layers = [keras.Input((d_in,))] + [keras.layers.Dense(h, activation="relu") for h in hidden]
    layers.append(keras.layers.Dense(d_out, activation=act_out))
    return keras.Sequential(layers)


def keras_run(key, *, seed, task, lr, epochs, opt="adam", raw=False, shuffle_labels=False, out="csvlogger",
              fname="training.log", sep=",", plateau=False, early=False):
    import keras, numpy as np
    keras.utils.set_random_seed(seed)
    d = out_dir(key)
    if task == "sky":
        Xtr, ytr, Xva, yva = data_sky(raw=raw)
        m = keras_model(7, 4, act_out="softmax"); loss = "sparse_categorical_crossentropy"; metrics = ["accuracy"]
    elif task == "walk":
        Xtr, ytr, Xva, yva = data_walk()
        Xtr = np.eye(4, dtype="float32")[Xtr].reshape(len(Xtr), -1); Xva = np.eye(4, dtype="float32")[Xva].reshape(len(Xva), -1)
        m = keras_model(48, 4, act_out="softmax"); loss = "sparse_categorical_crossentropy"; metrics = ["accuracy"]
    else:
        Xtr, ytr, Xva, yva = data_ev()
        m = keras_model(6, 1, (64, 64)); loss = "mse"; metrics = ["mae"]
    if shuffle_labels:
        ytr = np.random.default_rng(5).permutation(ytr)
    o = keras.optimizers.SGD(lr, momentum=0.9) if opt == "sgd" else keras.optimizers.Adam(lr)
    m.compile(optimizer=o, loss=loss, metrics=metrics)
    cbs = []
    if out == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(d, fname), separator=sep))
    if plateau:
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=3))
    if early:
        cbs.append(keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True))
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=epochs, batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if out == "json":
        json.dump(hist, open(os.path.join(d, fname), "w"))
    elif out == "hcsv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(d, fname))


@run("keras_csvlogger/sky-keras-sgd-lr5")
def _():
    keras_run("keras_csvlogger/sky-keras-sgd-lr5", seed=50, task="sky", lr=5.0, opt="sgd", epochs=20)


@run("keras_csvlogger/ev-keras-adam-plateau")
def _():
    keras_run("keras_csvlogger/ev-keras-adam-plateau", seed=51, task="ev", lr=2e-3, epochs=40, plateau=True, fname="log.csv")


@run("keras_history_json/sky-keras-raw-units")
def _():
    keras_run("keras_history_json/sky-keras-raw-units", seed=52, task="sky", lr=1e-3, epochs=30, raw=True, out="json", fname="history.json")


@run("keras_history_json/walk-keras-earlystop")
def _():
    keras_run("keras_history_json/walk-keras-earlystop", seed=53, task="walk", lr=1e-3, epochs=50, early=True, out="json", fname="history.json")


@run("keras_history_csv/walk-keras-shuffled-labels")
def _():
    keras_run("keras_history_csv/walk-keras-shuffled-labels", seed=54, task="walk", lr=1e-3, epochs=25, shuffle_labels=True, out="hcsv", fname="history.csv")


@run("keras_history_csv/sky-keras-adam-40ep")
def _():
    keras_run("keras_history_csv/sky-keras-adam-40ep", seed=55, task="sky", lr=1e-3, epochs=40, out="hcsv", fname="hist.csv")

# ----------------------------------------------------------------------------------------------------------- HF Trainer
def hf_run(key, *, seed, arch, lr, epochs, sched="linear", warmup=0.0):
    import torch, numpy as np, transformers as T
    T.set_seed(seed)
    torch.set_num_threads(1)
    Xtr, ytr, Xva, yva = data_walk(n_tr=3000, n_va=600)
    # tokens: 0 pad, 1 cls, 2 sep, 3.. moves
    def enc(X):
        ids = np.concatenate([np.ones((len(X), 1), int), X + 3], 1)
        return ids
    common = dict(vocab_size=8, num_labels=4, pad_token_id=0)
    if arch == "qwen3":
        cfg = T.Qwen3Config(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                            num_key_value_heads=2, head_dim=12, max_position_embeddings=32, **common)
        model = T.Qwen3ForSequenceClassification(cfg)
    elif arch == "starcoder2":
        cfg = T.Starcoder2Config(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                                 num_key_value_heads=2, max_position_embeddings=32, **common)
        model = T.Starcoder2ForSequenceClassification(cfg)
    elif arch == "megatron":
        cfg = T.MegatronBertConfig(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                                   max_position_embeddings=32, **common)
        model = T.MegatronBertForSequenceClassification(cfg)
    else:
        cfg = T.Data2VecTextConfig(hidden_size=48, intermediate_size=96, num_hidden_layers=2, num_attention_heads=4,
                                   max_position_embeddings=40, **common)
        model = T.Data2VecTextForSequenceClassification(cfg)

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, y):
            self.ids = torch.tensor(enc(X)); self.y = torch.tensor(y)
        def __len__(self):
            return len(self.y)
        def __getitem__(self, i):
            return {"input_ids": self.ids[i], "attention_mask": torch.ones_like(self.ids[i]), "labels": self.y[i]}

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    d = out_dir(key)
    args = T.TrainingArguments(output_dir=d, num_train_epochs=epochs, per_device_train_batch_size=32,
                               per_device_eval_batch_size=128, learning_rate=lr, lr_scheduler_type=sched,
                               warmup_steps=int(warmup * epochs * 94), eval_strategy="epoch", logging_steps=20, save_strategy="no",
                               report_to="none", seed=seed, use_cpu=True, dataloader_num_workers=0)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=metrics)
    tr.train()
    tr.save_state()


@run("hf_trainer_state/walk-qwen3-lr30")
def _():
    hf_run("hf_trainer_state/walk-qwen3-lr30", seed=60, arch="qwen3", lr=30.0, epochs=6)


@run("hf_trainer_state/walk-megatron-lr1e-7")
def _():
    hf_run("hf_trainer_state/walk-megatron-lr1e-7", seed=61, arch="megatron", lr=1e-7, epochs=6)


@run("hf_trainer_state/walk-starcoder2-cosine")
def _():
    hf_run("hf_trainer_state/walk-starcoder2-cosine", seed=62, arch="starcoder2", lr=2e-3, epochs=8, sched="cosine", warmup=0.1)


@run("hf_trainer_state/walk-data2vec-linear")
def _():
    hf_run("hf_trainer_state/walk-data2vec-linear", seed=63, arch="data2vec", lr=1e-3, epochs=8, warmup=0.05)

# ----------------------------------------------------------------------------------------------------------- driver
def launch(key):
    spec = RUN[key]
    fmt, name = key.split("/")
    d = os.path.join(RUNS, fmt, name)
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", TOKENIZERS_PARALLELISM="false")
    env.pop("NU19_RESUME", None)
    if spec["unbuffered"]:
        env["PYTHONUNBUFFERED"] = "1"
    cmd = [PY, os.path.abspath(__file__), "--child", key]
    if spec["logfile"]:
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, spec["logfile"]), "w") as f:
            rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=d)
        if spec["relaunch"]:
            env["NU19_RESUME"] = "1"
            with open(os.path.join(d, spec["logfile"]), "a") as f:  # python train.py --resume >> train.log 2>&1
                rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=d)
            shutil.rmtree(CKPT_DIR, ignore_errors=True)
    else:
        os.makedirs(ERR_DIR, exist_ok=True)
        with open(os.path.join(ERR_DIR, key.replace("/", "__") + ".txt"), "w") as f:
            rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd="/tmp")
    return key, rc


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        RUN[sys.argv[2]]["f"]()
        return
    keys = sys.argv[1:] or list(RUN)
    for k in keys:
        shutil.rmtree(os.path.join(RUNS, k), ignore_errors=True)
    from concurrent.futures import ThreadPoolExecutor
    t0 = time.time()
    with ThreadPoolExecutor(2) as ex:
        for key, rc in ex.map(launch, keys):
            print(f"{time.time()-t0:7.1f}s  rc={rc:4d}  {key}", flush=True)


if __name__ == "__main__":
    main()
