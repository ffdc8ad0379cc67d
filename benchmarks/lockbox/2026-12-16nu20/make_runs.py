"""Make the 50 runs of lock-box batch 2026-12-16nu20 (new-user style CPU trainings).

python make_runs.py            -> runs everything (each run in its own process)
python make_runs.py --run NAME -> one run (the driver redirects stdout for text logs)
"""
import os, sys, json, csv, math, time, signal, subprocess, argparse, logging
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")

# ----------------------------------------------------------------------------- data
VOWELS = ["i", "e", "a", "o", "u", "schwa"]
FORM = np.array([[270, 2290, 3010], [530, 1840, 2480], [730, 1090, 2440],
                 [570, 840, 2410], [300, 870, 2240], [500, 1500, 2500]], float)
DUR = np.array([90, 110, 140, 130, 100, 70], float)


def vowel_data(n, seed):
    """vowel from F1,F2,F3 (Hz), f0 (Hz), duration (ms); K=6"""
    r = np.random.default_rng(seed)
    y = r.integers(0, 6, n)
    s = r.uniform(1.0, 1.35, n)  # vocal tract scaling (men -> children)
    F = FORM[y] * s[:, None] * np.exp(r.normal(0, 0.09, (n, 3)))
    f0 = 110 * s ** 2.2 * np.exp(r.normal(0, 0.12, n))
    dur = DUR[y] * np.exp(r.normal(0, 0.25, n))
    X = np.column_stack([F, f0, dur])
    return X.astype(np.float32), y


def gap_data(n, seed, L=16):
    """distance (1..8) between marker tokens 7 and 8 in a 16-token sequence of fillers 1..6; K=8"""
    r = np.random.default_rng(seed)
    X = r.integers(1, 7, (n, L))
    d = r.integers(1, 9, n)
    a = np.array([r.integers(0, L - di) for di in d])
    X[np.arange(n), a] = 7
    X[np.arange(n), a + d] = 8
    return X.astype(np.int64), (d - 1).astype(np.int64)


def moon_data(n, seed, S=16):
    """moon phase on a 16x16 image, 7 classes: L-crescent, L-half, L-gibbous, full, R-gibbous, R-half, R-crescent"""
    r = np.random.default_rng(seed)
    y = r.integers(0, 7, n)
    side = np.where(y < 3, -1.0, 1.0)
    tt = np.array([0.6, 0.0, -0.6, -9, -0.6, 0.0, 0.6])[y] + r.uniform(-0.15, 0.15, n)
    yy, xx = np.mgrid[0:S, 0:S].astype(float)
    imgs = np.zeros((n, S, S), np.float32)
    for k in range(n):
        cx, cy = 7.5 + r.uniform(-1.5, 1.5), 7.5 + r.uniform(-1.5, 1.5)
        rad = r.uniform(4.5, 6.5)
        dx, dy = xx - cx, yy - cy
        inside = dx ** 2 + dy ** 2 <= rad ** 2
        half = np.sqrt(np.clip(rad ** 2 - dy ** 2, 0, None))
        lit = inside & (side[k] * dx > tt[k] * half) if y[k] != 3 else inside
        imgs[k] = 0.1 * inside + r.uniform(0.6, 1.0) * lit
    imgs += r.normal(0, 0.3, imgs.shape).astype(np.float32)
    return imgs[:, None], y


def pv_data(n, seed):
    """PV array output in W from irradiance W/m2, ambient C, wind m/s, area m2, efficiency %, incidence deg"""
    r = np.random.default_rng(seed)
    G = r.uniform(100, 1000, n); Ta = r.uniform(-5, 40, n); wind = r.uniform(0, 10, n)
    A = r.uniform(1.5, 20, n); eta = r.uniform(15, 22, n); aoi = r.uniform(0, 70, n)
    Tc = Ta + G / 800 * 25 / (1 + 0.15 * wind)
    P = G * np.cos(np.radians(aoi)) * A * eta / 100 * (1 - 0.004 * (Tc - 25))
    P = P * np.exp(r.normal(0, 0.03, n))
    X = np.column_stack([G, Ta, wind, A, eta, aoi]).astype(np.float32)
    return X, P.astype(np.float32)


def std_fit(X):
    m, s = X.mean(0), X.std(0) + 1e-8
    return lambda Z: ((Z - m) / s).astype(np.float32)


def get_task(task, ntr, nva=800, seed=0, raw=False):
    if task == "vowel":
        Xtr, ytr = vowel_data(ntr, seed); Xva, yva = vowel_data(nva, seed + 100)
        f = std_fit(np.log(Xtr)); return f(np.log(Xtr)), ytr, f(np.log(Xva)), yva
    if task == "gap":
        Xtr, ytr = gap_data(ntr, seed); Xva, yva = gap_data(nva, seed + 100); return Xtr, ytr, Xva, yva
    if task == "moon":
        Xtr, ytr = moon_data(ntr, seed); Xva, yva = moon_data(nva, seed + 100); return Xtr, ytr, Xva, yva
    if task == "pv":
        Xtr, ytr = pv_data(ntr, seed); Xva, yva = pv_data(nva, seed + 100)
        if raw:
            return Xtr, ytr[:, None], Xva, yva[:, None]
        f = std_fit(Xtr); ym, ys = ytr.mean(), ytr.std()
        return f(Xtr), ((ytr - ym) / ys)[:, None], f(Xva), ((yva - ym) / ys)[:, None], ys
    raise KeyError(task)


# ----------------------------------------------------------------------------- models
def models():
    import torch, torch.nn as nn

    class MLP(nn.Module):
        def __init__(self, i, o, h=64, depth=2, act=nn.ReLU, bn=False, drop=0.0):
            super().__init__(); L = []; d = i
            for _ in range(depth):
                L += [nn.Linear(d, h)] + ([nn.BatchNorm1d(h)] if bn else []) + [act()] + ([nn.Dropout(drop)] if drop else [])
                d = h
            L += [nn.Linear(d, o)]; self.net = nn.Sequential(*L)

        def forward(self, x):
            return self.net(x.flatten(1))

    class GRUNet(nn.Module):
        def __init__(self, vocab=9, k=8, h=64, kind="gru"):
            super().__init__(); self.emb = nn.Embedding(vocab, 16)
            if kind == "gru":
                self.rnn = nn.GRU(16, h, batch_first=True)
            else:
                self.rnn = nn.RNN(16, h, batch_first=True, nonlinearity="relu")
            self.out = nn.Linear(h, k)

        def forward(self, x):
            o, hN = self.rnn(self.emb(x)); return self.out(hN[-1])

    class CNN1d(nn.Module):
        def __init__(self, vocab=9, k=8):
            super().__init__(); self.emb = nn.Embedding(vocab, 16)
            self.c = nn.Sequential(nn.Conv1d(16, 48, 5, padding=2), nn.ReLU(), nn.Conv1d(48, 48, 5, padding=4, dilation=2), nn.ReLU(),
                                   nn.Conv1d(48, 48, 5, padding=8, dilation=4), nn.ReLU())
            self.out = nn.Linear(48 * 16, k)

        def forward(self, x):
            return self.out(self.c(self.emb(x).transpose(1, 2)).flatten(1))

    class TinyTF(nn.Module):
        def __init__(self, vocab=9, k=8, d=48, L=16):
            super().__init__(); self.emb = nn.Embedding(vocab, d); self.pos = nn.Parameter(torch.randn(1, L, d) * 0.1)
            layer = nn.TransformerEncoderLayer(d, 4, 96, dropout=0.0, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2); self.out = nn.Linear(d * L, k)

        def forward(self, x):
            return self.out(self.enc(self.emb(x) + self.pos).flatten(1))

    class MoonCNN(nn.Module):
        def __init__(self, k=7, bn=False, drop=0.0):
            super().__init__()
            self.f = nn.Sequential(nn.Conv2d(1, 12, 3, padding=1), *( [nn.BatchNorm2d(12)] if bn else []), nn.ReLU(), nn.MaxPool2d(2),
                                   nn.Conv2d(12, 24, 3, padding=1), *( [nn.BatchNorm2d(24)] if bn else []), nn.ReLU(), nn.MaxPool2d(2))
            self.h = nn.Sequential(nn.Flatten(), nn.Linear(24 * 16, 64), nn.ReLU(), nn.Dropout(drop), nn.Linear(64, k))

        def forward(self, x):
            return self.h(self.f(x))

    return dict(MLP=MLP, GRUNet=GRUNet, CNN1d=CNN1d, TinyTF=TinyTF, MoonCNN=MoonCNN)


def make_model(task, kind="mlp", **kw):
    M = models()
    if task == "vowel":
        return M["MLP"](5, 6, **kw)
    if task == "pv":
        return M["MLP"](6, 1, **kw)
    if task == "moon":
        return M["MoonCNN"](**kw) if kind == "cnn" else M["MLP"](256, 7, h=128, **kw)
    if task == "gap":
        return {"gru": lambda: M["GRUNet"](**kw), "rnn": lambda: M["GRUNet"](kind="rnn", **kw),
                "cnn": lambda: M["CNN1d"](**kw), "tf": lambda: M["TinyTF"](**kw)}[kind]()


# ----------------------------------------------------------------------------- a plain torch loop (how most users write it)
def fit(model, data, epochs, opt, bs=64, regression=False, ys=1.0, sched=None, per_step_sched=False,
        on_step=None, on_epoch=None, zero_grad=True, clip=None, max_steps=None, kill_at_epoch=None,
        eval_never_undone=False, never_eval=False, loss_fn=None, nan_raise=False, start_epoch=1,
        ckpt=None, ckpt_every=None, seed=0, shuffle_labels=False):
    import torch, torch.nn as nn, torch.nn.functional as F
    torch.manual_seed(seed)
    Xtr, ytr, Xva, yva = data[:4]
    Xtr = torch.tensor(Xtr); ytr = torch.tensor(ytr); Xva = torch.tensor(Xva); yva = torch.tensor(yva)
    if shuffle_labels:
        g = torch.Generator().manual_seed(123); ytr = ytr[torch.randperm(len(ytr), generator=g)]
    if loss_fn is None:
        loss_fn = nn.MSELoss() if regression else nn.CrossEntropyLoss()
    n = len(Xtr); step = (start_epoch - 1) * math.ceil(n / bs)
    gen = torch.Generator().manual_seed(seed)
    for _ in range(start_epoch - 1):
        torch.randperm(n, generator=gen)
    for ep in range(start_epoch, epochs + 1):
        if not eval_never_undone:
            model.train()
        perm = torch.randperm(n, generator=gen); tot = 0.0; cnt = 0
        for i in range(0, n, bs):
            idx = perm[i:i + bs]; xb, yb = Xtr[idx], ytr[idx]
            if zero_grad:
                opt.zero_grad()
            out = model(xb); loss = loss_fn(out, yb)
            if nan_raise and not torch.isfinite(loss):
                raise ValueError(f"loss is {loss.item()} at step {step}")
            loss.backward()
            gn = None
            if clip is not None:
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), clip))
            opt.step(); step += 1
            if sched is not None and per_step_sched:
                sched.step()
            tot += loss.item() * len(idx); cnt += len(idx)
            if on_step:
                on_step(ep, step, loss.item(), opt.param_groups[0]["lr"], gn)
            if max_steps and step >= max_steps:
                break
        tr = tot / cnt
        if not never_eval:
            model.eval()
        with torch.no_grad():
            out = model(Xva); vl = loss_fn(out, yva).item()
            if regression:
                met = float((out - yva).abs().mean()) * ys
            else:
                met = float((out.argmax(1) == yva).float().mean())
        lr = opt.param_groups[0]["lr"]
        if sched is not None and not per_step_sched:
            if isinstance(sched, torch.optim.lr_scheduler.ReduceLROnPlateau):
                sched.step(vl)
            else:
                sched.step()
        if on_epoch:
            r = on_epoch(ep, tr, vl, met, lr, step)
            if r == "stop":
                break
        if ckpt and ckpt_every and ep % ckpt_every == 0:
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": ep}, ckpt)
        if kill_at_epoch and ep == kill_at_epoch:
            sys.stdout.flush(); os.kill(os.getpid(), signal.SIGKILL)
        if max_steps and step >= max_steps:
            break
    return model


def opt_for(model, name, lr, **kw):
    import torch
    return {"adam": torch.optim.Adam, "adamw": torch.optim.AdamW, "sgd": torch.optim.SGD,
            "rmsprop": torch.optim.RMSprop}[name](model.parameters(), lr=lr, **kw)


# ----------------------------------------------------------------------------- run registry
R = {}


def run(fmt, name, stdout_file=None, times=1):
    def deco(f):
        R[f"{fmt}/{name}"] = dict(f=f, fmt=fmt, name=name, stdout=stdout_file, times=times)
        return f
    return deco


def rdir(key):
    d = os.path.join(RUNS, key); os.makedirs(d, exist_ok=True); return d


# ============================== text_log (16) ==============================
@run("text_log", "vowel-mlp-adam-cosine", "train.log")
def _(key, i):
    import torch
    torch.manual_seed(1); data = get_task("vowel", 3000, seed=1); m = make_model("vowel")
    opt = opt_for(m, "adam", 3e-3); E = 30
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, E)
    print(f"vowel classifier | MLP 5-64-64-6 | adam lr=3e-3 cosine | {E} epochs")
    fit(m, data, E, opt, sched=sch, seed=1,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"epoch {ep}/{E}  train_loss {tr:.4f}  val_loss {vl:.4f}  val_acc {met:.4f}  lr {lr:.2e}", flush=True))
    print("done.")


@run("text_log", "vowel-mlp-sgd-lr2", "output.txt")
def _(key, i):
    import torch
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
    log = logging.getLogger("train")
    torch.manual_seed(2); data = get_task("vowel", 3000, seed=2); m = make_model("vowel")
    opt = opt_for(m, "sgd", 2.0, momentum=0.9); E = 25
    log.info("config: model=mlp optimizer=SGD(lr=2.0, momentum=0.9) epochs=%d batch=64", E)
    fit(m, data, E, opt, seed=2,
        on_epoch=lambda ep, tr, vl, met, lr, st: log.info("Epoch %d - loss: %.4f - val_loss: %.4f - val_accuracy: %.4f", ep, tr, vl, met))
    log.info("finished")


@run("text_log", "gap-gru-adam-tqdm", "log.txt")
def _(key, i):
    import torch
    from tqdm import tqdm
    torch.manual_seed(3); data = get_task("gap", 6000, seed=3); m = make_model("gap", "gru")
    opt = opt_for(m, "adam", 3e-3); E = 15
    Xtr = torch.tensor(data[0]); ytr = torch.tensor(data[1]); Xva = torch.tensor(data[2]); yva = torch.tensor(data[3])
    ce = torch.nn.CrossEntropyLoss()
    for ep in range(E):
        m.train(); perm = torch.randperm(len(Xtr)); run_loss = 0
        bar = tqdm(range(0, len(Xtr), 64), desc=f"Epoch {ep + 1}", file=sys.stdout, ncols=90, mininterval=0, miniters=20)
        for j, b in enumerate(bar):
            idx = perm[b:b + 64]; opt.zero_grad(); loss = ce(m(Xtr[idx]), ytr[idx]); loss.backward(); opt.step()
            run_loss += loss.item(); bar.set_postfix(loss=f"{run_loss / (j + 1):.4f}")
        m.eval()
        with torch.no_grad():
            o = m(Xva); vl = ce(o, yva).item(); acc = (o.argmax(1) == yva).float().mean().item()
        print(f"Epoch {ep + 1}: train loss {run_loss / (j + 1):.4f}, valid loss {vl:.4f}, valid acc {acc:.4f}", flush=True)


@run("text_log", "gap-gru-no-zero-grad", "train_output.log")
def _(key, i):
    import torch
    torch.manual_seed(4); data = get_task("gap", 6000, seed=4); m = make_model("gap", "gru")
    opt = opt_for(m, "adam", 1e-3); E = 15
    print("Training GRU on marker-gap task for", E, "epochs")
    fit(m, data, E, opt, seed=4, zero_grad=False,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"Epoch [{ep}/{E}] Loss: {tr:.4f} | Dev Loss: {vl:.4f} | Dev Acc: {100 * met:.2f}%", flush=True))


@run("text_log", "moon-cnn-sgd-steplr", "train.log")
def _(key, i):
    import torch
    torch.manual_seed(5); data = get_task("moon", 3000, seed=5); m = make_model("moon", "cnn")
    opt = opt_for(m, "sgd", 0.05, momentum=0.9); E = 20
    sch = torch.optim.lr_scheduler.StepLR(opt, 8, 0.2)

    def st(ep, s, l, lr, g):
        if s % 25 == 0:
            print(f"step {s} | loss {l:.4f} | lr {lr:.4f}", flush=True)
    fit(m, data, E, opt, sched=sch, seed=5, on_step=st,
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"[eval] epoch {ep} step {s} eval_loss={vl:.4f} eval_acc={met:.3f}", flush=True))


@run("text_log", "moon-cnn-killed", "stdout.txt")
def _(key, i):
    import torch
    torch.manual_seed(6); data = get_task("moon", 3000, seed=6); m = make_model("moon", "cnn")
    opt = opt_for(m, "adam", 1e-3); E = 30
    print(f"starting training: {E} epochs, adam 1e-3, batch 64")
    fit(m, data, E, opt, seed=6, kill_at_epoch=9,
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"ep {ep:02d}/{E} | train {tr:.4f} | val {vl:.4f} | acc {met:.3f}", flush=True))
    print("training complete")


@run("text_log", "pv-mlp-raw-units", "log.txt")
def _(key, i):
    import torch
    torch.manual_seed(7); data = get_task("pv", 3000, seed=7, raw=True); m = make_model("pv")
    opt = opt_for(m, "adam", 1e-3); E = 30
    print("PV power regression (inputs W/m2, C, m/s, m2, %, deg; target W)")
    fit(m, data, E, opt, regression=True, seed=7,
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"epoch {ep} train mse {tr:.1f} test mse {vl:.1f} test mae {met:.1f} W", flush=True))


@run("text_log", "pv-mlp-adam-plateau", "training.log")
def _(key, i):
    import torch
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s", stream=sys.stdout)
    torch.manual_seed(8); d = get_task("pv", 3000, seed=8); ys = d[4]; m = make_model("pv")
    opt = opt_for(m, "adam", 2e-3); E = 40
    sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3)
    fit(m, d, E, opt, regression=True, ys=ys, sched=sch, seed=8,
        on_epoch=lambda ep, tr, vl, met, lr, s: logging.info(f"epoch={ep} loss={tr:.5f} val_loss={vl:.5f} val_mae_W={met:.1f} lr={lr:.1e}"))


@run("text_log", "gap-transformer-debug-cap", "train.log")
def _(key, i):
    import torch
    torch.manual_seed(9); data = get_task("gap", 6000, seed=9); m = make_model("gap", "tf")
    opt = opt_for(m, "adamw", 1e-3, weight_decay=0.01); E = 25
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, E * 94)
    print(f"Epochs: {E}, steps/epoch: 94, total steps: {E * 94}")
    DEBUG_MAX_STEPS = 150  # TODO remove

    def st(ep, s, l, lr, g):
        if s % 10 == 0:
            print(f"  it {s} loss {l:.4f}", flush=True)
    fit(m, data, E, opt, sched=sch, per_step_sched=True, seed=9, max_steps=DEBUG_MAX_STEPS, on_step=st,
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"Epoch {ep} | train_loss={tr:.4f} | val_loss={vl:.4f} | val_acc={met:.4f}", flush=True))
    print("Training finished.")


@run("text_log", "vowel-mlp-killed-resumed", "train.log", times=2)
def _(key, i):
    import torch
    torch.manual_seed(10); data = get_task("vowel", 3000, seed=10); m = make_model("vowel")
    opt = opt_for(m, "sgd", 0.05, momentum=0.9); E = 30; ck = "/tmp/nu20_vowel_resume.pt"; start = 1
    if i == 1 and os.path.exists(ck):
        s = torch.load(ck); m.load_state_dict(s["model"]); opt.load_state_dict(s["opt"]); start = s["epoch"] + 1
        print(f"resuming from checkpoint at epoch {s['epoch']}")
    else:
        print("new run: sgd lr 0.05 momentum 0.9, 30 epochs")
    fit(m, data, E, opt, seed=10, start_epoch=start, ckpt=ck, ckpt_every=5, kill_at_epoch=13 if i == 0 else None,
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"Epoch {ep}/{E} train_loss: {tr:.4f} val_loss: {vl:.4f} val_acc: {met:.4f}", flush=True))
    if i == 1:
        os.remove(ck)


@run("text_log", "moon-cnn-eval-never-undone", "log.txt")
def _(key, i):
    import torch
    torch.manual_seed(11); data = get_task("moon", 3000, seed=11); m = make_model("moon", "cnn", bn=True, drop=0.5)
    opt = opt_for(m, "adam", 1e-3); E = 20
    fit(m, data, E, opt, seed=11, eval_never_undone=True,
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"epoch {ep}: train_loss={tr:.4f} val_loss={vl:.4f} val_acc={met:.4f}", flush=True))


@run("text_log", "gap-relu-rnn-nan", "train.log")
def _(key, i):
    import torch
    torch.manual_seed(12); data = get_task("gap", 6000, seed=12); m = make_model("gap", "rnn")
    with torch.no_grad():
        m.rnn.weight_hh_l0.copy_(1.2 * torch.eye(64))
    opt = opt_for(m, "sgd", 0.05, momentum=0.9); E = 20
    print("relu rnn, identity*1.2 init, sgd 0.05 momentum 0.9, no clipping (grad norm printed for debugging)")

    def st(ep, s, l, lr, g):
        print(f"epoch {ep} step {s} loss {l:.4f} grad_norm {g:.3e}", flush=True)
    fit(m, data, E, opt, seed=12, nan_raise=True, on_step=st, clip=float("inf"),
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"== epoch {ep} val loss {vl:.4f} val acc {met:.4f}", flush=True))


@run("text_log", "vowel-mlp-tiny-train", "log.txt")
def _(key, i):
    import torch
    torch.manual_seed(13); data = get_task("vowel", 40, seed=13); m = make_model("vowel", h=128)
    opt = opt_for(m, "adam", 3e-3); E = 300

    def ep_(ep, tr, vl, met, lr, s):
        if ep % 10 == 0 or ep == 1:
            print(f"Epoch {ep:3d} | train loss {tr:.4f} | val loss {vl:.4f} | val acc {met:.3f}", flush=True)
    fit(m, data, E, opt, bs=16, seed=13, on_epoch=ep_)


@run("text_log", "pv-mlp-sgd-lr1e-5", "out.log")
def _(key, i):
    import torch
    torch.manual_seed(14); d = get_task("pv", 3000, seed=14); m = make_model("pv")
    opt = opt_for(m, "sgd", 1e-5); E = 30
    print("lr = 1e-05")
    fit(m, d, E, opt, regression=True, ys=d[4], seed=14,
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"{ep}\ttrain={tr:.4f}\teval={vl:.4f}\tmae={met:.1f}W", flush=True))


@run("text_log", "moon-mlp-onecycle", "train.txt")
def _(key, i):
    import torch
    torch.manual_seed(15); data = get_task("moon", 3000, seed=15); m = make_model("moon", "mlp")
    opt = opt_for(m, "sgd", 0.1, momentum=0.9); E = 20
    sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=E * 47)
    fit(m, data, E, opt, sched=sch, per_step_sched=True, seed=15,
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"Epoch {ep}/{E} ({100 * ep / E:.0f}%) - loss {tr:.4f} - test loss {vl:.4f} - test accuracy {100 * met:.1f}%", flush=True))


@run("text_log", "vowel-deep-sigmoid", "log.txt")
def _(key, i):
    import torch, torch.nn as nn
    torch.manual_seed(16); data = get_task("vowel", 3000, seed=16); m = make_model("vowel", depth=14, h=32, act=nn.Sigmoid)
    opt = opt_for(m, "sgd", 0.01); E = 25
    print("14 hidden layers, sigmoid, sgd 0.01")
    fit(m, data, E, opt, seed=16,
        on_epoch=lambda ep, tr, vl, met, lr, s: print(f"epoch {ep} | loss {tr:.4f} | val_loss {vl:.4f} | val_acc {met:.4f}", flush=True))


# ============================== csv_custom (9) ==============================
@run("csv_custom", "vowel-mlp-labels-shuffled")
def _(key, i):
    import torch
    torch.manual_seed(17); data = get_task("vowel", 1500, seed=17); m = make_model("vowel", h=256)
    opt = opt_for(m, "adam", 2e-3); E = 60
    f = open(os.path.join(rdir(key), "log.csv"), "w", newline=""); w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "val_loss", "val_acc"])
    fit(m, data, E, opt, seed=17, shuffle_labels=True,
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.writerow([ep, f"{tr:.5f}", f"{vl:.5f}", f"{met:.4f}"]), f.flush()))
    f.close()


@run("csv_custom", "gap-cnn1d-warmup-cosine")
def _(key, i):
    import torch
    torch.manual_seed(18); data = get_task("gap", 6000, seed=18); m = make_model("gap", "cnn")
    opt = opt_for(m, "adamw", 2e-3, weight_decay=0.01); E = 15; T = E * 94; W = 150
    sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1, (s + 1) / W) * 0.5 * (1 + math.cos(math.pi * min(1, s / T))))
    f = open(os.path.join(rdir(key), "metrics.jsonl"), "w")

    def st(ep, s, l, lr, g):
        if s % 10 == 0:
            f.write(json.dumps({"step": s, "loss": round(l, 5), "lr": lr}) + "\n")
    fit(m, data, E, opt, sched=sch, per_step_sched=True, seed=18, on_step=st,
        on_epoch=lambda ep, tr, vl, met, lr, s: f.write(json.dumps({"step": s, "epoch": ep, "eval_loss": round(vl, 5), "eval_acc": round(met, 4)}) + "\n"))
    f.close()


@run("csv_custom", "vowel-mlp-softmax-into-ce")
def _(key, i):
    import torch
    torch.manual_seed(19); data = get_task("vowel", 3000, seed=19)
    M = models(); m = torch.nn.Sequential(M["MLP"](5, 6), torch.nn.Softmax(dim=1))
    opt = opt_for(m, "adam", 1e-3); E = 30
    rows = []
    fit(m, data, E, opt, seed=19, on_epoch=lambda ep, tr, vl, met, lr, s: rows.append({"epoch": ep, "train_loss": tr, "val_loss": vl, "val_acc": met}))
    import pandas as pd
    pd.DataFrame(rows).to_csv(os.path.join(rdir(key), "history.csv"), index=False)


@run("csv_custom", "pv-mlp-cosine-pandas")
def _(key, i):
    import torch, pandas as pd
    torch.manual_seed(20); d = get_task("pv", 3000, seed=20); m = make_model("pv", h=96)
    opt = opt_for(m, "adamw", 3e-3, weight_decay=1e-4); E = 50
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, E, eta_min=1e-5)
    rows = []
    fit(m, d, E, opt, regression=True, ys=d[4], sched=sch, seed=20,
        on_epoch=lambda ep, tr, vl, met, lr, s: rows.append({"epoch": ep, "trn_mse": tr, "val_mse": vl, "val_mae_watts": met, "lr": lr}))
    pd.DataFrame(rows).to_csv(os.path.join(rdir(key), "metrics.csv"))


@run("csv_custom", "moon-cnn-two-launches-one-file", times=2)
def _(key, i):
    import torch
    seed = 21 + i; torch.manual_seed(seed); data = get_task("moon", 3000, seed=21); m = make_model("moon", "cnn")
    lr0 = [1e-3, 5e-4][i]; E = [12, 16][i]
    opt = opt_for(m, "adam", lr0)
    path = os.path.join(rdir(key), "train_log.csv"); new = not os.path.exists(path)
    f = open(path, "a", newline=""); w = csv.writer(f)
    if new:
        w.writerow(["epoch", "loss", "val_loss", "val_acc"])
    fit(m, data, E, opt, seed=seed, on_epoch=lambda ep, tr, vl, met, lr, s: (w.writerow([ep, round(tr, 5), round(vl, 5), round(met, 4)]), f.flush()))
    f.close()


@run("csv_custom", "gap-gru-adam-lr0.5")
def _(key, i):
    import torch
    torch.manual_seed(23); data = get_task("gap", 6000, seed=23); m = make_model("gap", "gru")
    opt = opt_for(m, "adam", 0.5); E = 15
    f = open(os.path.join(rdir(key), "log.jsonl"), "w")
    fit(m, data, E, opt, seed=23, on_epoch=lambda ep, tr, vl, met, lr, s: (f.write(json.dumps({"epoch": ep, "train/loss": tr, "val/loss": vl, "val/acc": met}) + "\n"), f.flush()))
    f.close()


@run("csv_custom", "pv-mlp-frozen")
def _(key, i):
    import torch
    torch.manual_seed(24); d = get_task("pv", 3000, seed=24); m = make_model("pv")
    for n_, p in m.named_parameters():
        p.requires_grad = n_.endswith("net.4.bias")
    opt = torch.optim.Adam([p for p in m.parameters() if p.requires_grad], lr=1e-3); E = 25
    f = open(os.path.join(rdir(key), "progress.csv"), "w")
    f.write("epoch;train_mse;valid_mse;valid_mae_W\n")
    fit(m, d, E, opt, regression=True, ys=d[4], seed=24,
        on_epoch=lambda ep, tr, vl, met, lr, s: f.write(f"{ep};{tr:.6f};{vl:.6f};{met:.2f}\n"))
    f.close()


@run("csv_custom", "vowel-mlp-early-stopping")
def _(key, i):
    import torch
    torch.manual_seed(25); data = get_task("vowel", 2000, seed=25); m = make_model("vowel", h=128, drop=0.1)
    opt = opt_for(m, "adam", 2e-3); E = 100
    f = open(os.path.join(rdir(key), "train_log.csv"), "w", newline="")
    w = csv.DictWriter(f, ["epoch", "train_loss", "valid_loss", "valid_acc", "best_valid_loss"]); w.writeheader()
    st = {"best": 9e9, "bad": 0}

    def ep_(ep, tr, vl, met, lr, s):
        if vl < st["best"] - 1e-4:
            st["best"], st["bad"] = vl, 0
        else:
            st["bad"] += 1
        w.writerow({"epoch": ep, "train_loss": round(tr, 5), "valid_loss": round(vl, 5), "valid_acc": round(met, 4), "best_valid_loss": round(st["best"], 5)})
        if st["bad"] >= 6:
            return "stop"
    fit(m, data, E, opt, seed=25, on_epoch=ep_)
    f.close()


@run("csv_custom", "pv-mlp-sgd-lr3")
def _(key, i):
    import torch
    torch.manual_seed(26); d = get_task("pv", 3000, seed=26); m = make_model("pv")
    opt = opt_for(m, "sgd", 3.0, momentum=0.9); E = 25
    f = open(os.path.join(rdir(key), "log.csv"), "w", newline=""); w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "val_loss", "val_mae"])
    fit(m, d, E, opt, regression=True, ys=d[4], seed=26, on_epoch=lambda ep, tr, vl, met, lr, s: w.writerow([ep, tr, vl, met]))
    f.close()


# ============================== tfevents (9) ==============================
def tbw(key, X=False):
    if X:
        from tensorboardX import SummaryWriter
    else:
        from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(rdir(key))


@run("tfevents", "moon-cnn-sgd-lr3")
def _(key, i):
    import torch
    torch.manual_seed(27); data = get_task("moon", 3000, seed=27); m = make_model("moon", "cnn")
    opt = opt_for(m, "sgd", 3.0, momentum=0.9); E = 15; w = tbw(key)
    fit(m, data, E, opt, seed=27, on_step=lambda ep, s, l, lr, g: w.add_scalar("train/loss", l, s),
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.add_scalar("val/loss", vl, s), w.add_scalar("val/acc", met, s)))
    w.close()


@run("tfevents", "gap-transformer-cosine")
def _(key, i):
    import torch
    torch.manual_seed(28); data = get_task("gap", 6000, seed=28); m = make_model("gap", "tf")
    opt = opt_for(m, "adamw", 1e-3, weight_decay=0.01); E = 15
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, E * 94); w = tbw(key, X=True)

    def st(ep, s, l, lr, g):
        if s % 5 == 0:
            w.add_scalar("loss/train", l, s); w.add_scalar("lr", lr, s)
    fit(m, data, E, opt, sched=sch, per_step_sched=True, seed=28, on_step=st,
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.add_scalar("loss/val", vl, s), w.add_scalar("acc/val", met, s)))
    w.close()


@run("tfevents", "pv-mlp-onecycle")
def _(key, i):
    import torch
    torch.manual_seed(29); d = get_task("pv", 3000, seed=29); m = make_model("pv")
    opt = opt_for(m, "adam", 1e-3); E = 30
    sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=5e-3, total_steps=E * 47); w = tbw(key)
    fit(m, d, E, opt, regression=True, ys=d[4], sched=sch, per_step_sched=True, seed=29,
        on_step=lambda ep, s, l, lr, g: (w.add_scalar("Loss/train", l, s), w.add_scalar("LR", lr, s)),
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.add_scalar("Loss/valid", vl, ep), w.add_scalar("MAE_W/valid", met, ep)))
    w.close()


@run("tfevents", "vowel-mlp-no-zero-grad")
def _(key, i):
    import torch
    torch.manual_seed(30); data = get_task("vowel", 3000, seed=30); m = make_model("vowel")
    opt = opt_for(m, "sgd", 0.05, momentum=0.9); E = 25; w = tbw(key)
    fit(m, data, E, opt, seed=30, zero_grad=False,
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.add_scalar("train_loss", tr, ep), w.add_scalar("val_loss", vl, ep), w.add_scalar("val_acc", met, ep)))
    w.close()


@run("tfevents", "moon-cnn-tiny-train")
def _(key, i):
    import torch
    torch.manual_seed(31); data = get_task("moon", 56, seed=31); m = make_model("moon", "cnn")
    opt = opt_for(m, "adam", 2e-3); E = 200; w = tbw(key)
    fit(m, data, E, opt, bs=16, seed=31,
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.add_scalar("loss/train", tr, ep), w.add_scalar("loss/val", vl, ep), w.add_scalar("accuracy/val", met, ep)))
    w.close()


@run("tfevents", "gap-gru-clip")
def _(key, i):
    import torch
    torch.manual_seed(32); data = get_task("gap", 6000, seed=32); m = make_model("gap", "gru")
    opt = opt_for(m, "adam", 3e-3); E = 15; w = tbw(key)

    def st(ep, s, l, lr, g):
        if s % 5 == 0:
            w.add_scalar("train/loss", l, s); w.add_scalar("train/grad_norm", g, s)
    fit(m, data, E, opt, clip=1.0, seed=32, on_step=st,
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.add_scalar("eval/loss", vl, s), w.add_scalar("eval/accuracy", met, s)))
    w.close()


@run("tfevents", "pv-mlp-adam-lr1e-6")
def _(key, i):
    import torch
    torch.manual_seed(33); d = get_task("pv", 3000, seed=33); m = make_model("pv")
    opt = opt_for(m, "adam", 1e-6); E = 30; w = tbw(key)
    fit(m, d, E, opt, regression=True, ys=d[4], seed=33,
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.add_scalar("mse/train", tr, ep), w.add_scalar("mse/val", vl, ep), w.add_scalar("mae_W/val", met, ep)))
    w.close()


@run("tfevents", "moon-cnn-cosine-stopped-early")
def _(key, i):
    import torch
    torch.manual_seed(34); data = get_task("moon", 3000, seed=34); m = make_model("moon", "cnn")
    PLANNED = 40
    opt = opt_for(m, "sgd", 0.05, momentum=0.9)
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, PLANNED); w = tbw(key)
    w.add_text("config", f"epochs={PLANNED} sgd lr=0.05 momentum=0.9 cosine T_max={PLANNED}")
    fit(m, data, 5, opt, sched=sch, seed=34,  # ran with --epochs 5 left from a smoke test
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.add_scalar("train/loss", tr, ep), w.add_scalar("val/loss", vl, ep), w.add_scalar("val/acc", met, ep), w.add_scalar("train/lr", lr, ep)))
    w.close()


@run("tfevents", "vowel-mlp-bn-warmup")
def _(key, i):
    import torch
    torch.manual_seed(35); data = get_task("vowel", 3000, seed=35); m = make_model("vowel", bn=True, drop=0.1)
    opt = opt_for(m, "adam", 2e-3); E = 25; W = 100
    sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / W)); w = tbw(key, X=True)

    def st(ep, s, l, lr, g):
        if s % 10 == 0:
            w.add_scalar("train/loss", l, s); w.add_scalar("train/lr", lr, s)
    fit(m, data, E, opt, sched=sch, per_step_sched=True, seed=35, on_step=st,
        on_epoch=lambda ep, tr, vl, met, lr, s: (w.add_scalar("valid/loss", vl, s), w.add_scalar("valid/acc", met, s)))
    w.close()


# ============================== lightning_csv (6) ==============================
def lit_run(key, task, kind, opt_name, lr, epochs, seed, ntr=3000, raw=False, shuffle=False, max_steps=-1, sched=None, **mk):
    import torch, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from torch.utils.data import DataLoader, TensorDataset
    L.seed_everything(seed, verbose=False)
    d = get_task(task, ntr, seed=seed, raw=raw)
    reg = task == "pv"
    ytr = d[1].copy()
    if shuffle:
        ytr = np.random.default_rng(seed).permutation(ytr)
    net = make_model(task, kind, **mk)

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__(); self.net = net; self.save_hyperparameters({"task": task, "opt": opt_name, "lr": lr, "max_epochs": epochs})

        def lossf(self, o, y):
            return torch.nn.functional.mse_loss(o, y) if reg else torch.nn.functional.cross_entropy(o, y)

        def training_step(self, b, bi):
            x, y = b; loss = self.lossf(self.net(x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True); return loss

        def validation_step(self, b, bi):
            x, y = b; o = self.net(x); self.log("val_loss", self.lossf(o, y), on_epoch=True)
            if reg:
                self.log("val_mae", (o - y).abs().mean(), on_epoch=True)
            else:
                self.log("val_acc", (o.argmax(1) == y).float().mean(), on_epoch=True)

        def configure_optimizers(self):
            o = opt_for(self.net, opt_name, lr, **({"momentum": 0.9} if opt_name == "sgd" else {}))
            if sched == "step":
                return [o], [torch.optim.lr_scheduler.StepLR(o, 10, 0.3)]
            return o

    tr = DataLoader(TensorDataset(torch.tensor(d[0]), torch.tensor(ytr)), batch_size=64, shuffle=True)
    va = DataLoader(TensorDataset(torch.tensor(d[2]), torch.tensor(d[3])), batch_size=400)
    cbs = []
    if sched:
        cbs.append(L.pytorch.callbacks.LearningRateMonitor("epoch"))
    t = L.Trainer(max_epochs=epochs, max_steps=max_steps, logger=CSVLogger(rdir(key), name="lightning_logs"), enable_checkpointing=False,
                  enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=10, callbacks=cbs, accelerator="cpu", devices=1)
    t.fit(Lit(), tr, va)


@run("lightning_csv", "vowel-lit-mlp-adam")
def _(key, i):
    lit_run(key, "vowel", "mlp", "adam", 2e-3, 25, 36)


@run("lightning_csv", "moon-lit-cnn-steplr")
def _(key, i):
    lit_run(key, "moon", "cnn", "sgd", 0.03, 25, 37, sched="step")


@run("lightning_csv", "gap-lit-gru-sgd-lr5")
def _(key, i):
    lit_run(key, "gap", "gru", "sgd", 5.0, 15, 38, ntr=6000)


@run("lightning_csv", "pv-lit-mlp-raw-inputs")
def _(key, i):
    lit_run(key, "pv", "mlp", "adam", 1e-3, 25, 39, raw=True)


@run("lightning_csv", "moon-lit-cnn-labels-shuffled")
def _(key, i):
    lit_run(key, "moon", "cnn", "adam", 1e-3, 20, 40, ntr=2000, shuffle=True)


@run("lightning_csv", "vowel-lit-mlp-max-steps-left")
def _(key, i):
    lit_run(key, "vowel", "mlp", "adam", 2e-3, 40, 41, max_steps=120)


# ============================== keras (6) ==============================
def keras_data(task, ntr, seed, raw=False):
    d = get_task(task, ntr, seed=seed, raw=raw)
    if task == "gap":
        eye = np.eye(9, dtype=np.float32); return eye[d[0]].reshape(len(d[0]), -1), d[1], eye[d[2]].reshape(len(d[2]), -1), d[3]
    if task == "moon":
        return d[0].reshape(len(d[0]), -1), d[1], d[2].reshape(len(d[2]), -1), d[3]
    return d[:4]


@run("keras_csvlogger", "vowel-keras-dense")
def _(key, i):
    import keras
    keras.utils.set_random_seed(42); X, y, Xv, yv = keras_data("vowel", 3000, 42)
    m = keras.Sequential([keras.Input((5,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(6, activation="softmax")])
    m.compile(keras.optimizers.Adam(2e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(X, y, validation_data=(Xv, yv), epochs=30, batch_size=64, verbose=0, callbacks=[keras.callbacks.CSVLogger(os.path.join(rdir(key), "training.log"))])


@run("keras_csvlogger", "pv-keras-sgd-lr0.5")
def _(key, i):
    import keras
    keras.utils.set_random_seed(43); X, y, Xv, yv = keras_data("pv", 3000, 43)
    m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
    m.compile(keras.optimizers.SGD(0.5, momentum=0.9), "mse", metrics=["mae"])
    m.fit(X, y, validation_data=(Xv, yv), epochs=25, batch_size=64, verbose=0, callbacks=[keras.callbacks.CSVLogger(os.path.join(rdir(key), "log.csv"))])


@run("keras_csvlogger", "moon-keras-dense-earlystop")
def _(key, i):
    import keras
    keras.utils.set_random_seed(44); X, y, Xv, yv = keras_data("moon", 3000, 44)
    m = keras.Sequential([keras.Input((256,)), keras.layers.Dense(128, activation="relu"), keras.layers.Dropout(0.2), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(7, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(X, y, validation_data=(Xv, yv), epochs=80, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(rdir(key), "training.log")), keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True)])


@run("keras_history_json", "gap-keras-dense")
def _(key, i):
    import keras
    keras.utils.set_random_seed(45); X, y, Xv, yv = keras_data("gap", 6000, 45)
    m = keras.Sequential([keras.Input((144,)), keras.layers.Dense(128, activation="relu"), keras.layers.Dense(128, activation="relu"), keras.layers.Dense(8, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(X, y, validation_data=(Xv, yv), epochs=30, batch_size=64, verbose=0)
    json.dump(h.history, open(os.path.join(rdir(key), "history.json"), "w"))


@run("keras_history_json", "vowel-keras-adam-lr1e-6")
def _(key, i):
    import keras
    keras.utils.set_random_seed(46); X, y, Xv, yv = keras_data("vowel", 3000, 46)
    m = keras.Sequential([keras.Input((5,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(6, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-6), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(X, y, validation_data=(Xv, yv), epochs=30, batch_size=64, verbose=0)
    json.dump(h.history, open(os.path.join(rdir(key), "history.json"), "w"), indent=1)


@run("keras_history_csv", "pv-keras-dense-plateau")
def _(key, i):
    import keras, pandas as pd
    keras.utils.set_random_seed(47); X, y, Xv, yv = keras_data("pv", 3000, 47)
    m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
    m.compile(keras.optimizers.Adam(2e-3), "mse", metrics=["mae"])
    h = m.fit(X, y, validation_data=(Xv, yv), epochs=40, batch_size=64, verbose=0, callbacks=[keras.callbacks.ReduceLROnPlateau(patience=3, factor=0.5)])
    pd.DataFrame(h.history).to_csv(os.path.join(rdir(key), "history.csv"))


# ============================== hf_trainer_state (4) ==============================
def hf_run(key, arch, lr, epochs, seed):
    import torch, transformers as T
    T.set_seed(seed)
    d = get_task("gap", 4000, seed=seed, nva=600)
    common = dict(vocab_size=12, num_labels=8, pad_token_id=0)
    if arch == "gptneo":
        cfg = T.GPTNeoConfig(hidden_size=48, num_layers=2, num_heads=4, attention_types=[[["global"], 2]], max_position_embeddings=32, **common)
        model = T.GPTNeoForSequenceClassification(cfg)
    elif arch == "biogpt":
        cfg = T.BioGptConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96, max_position_embeddings=32, **common)
        model = T.BioGptForSequenceClassification(cfg)
    elif arch == "xlnet":
        cfg = T.XLNetConfig(d_model=48, n_layer=2, n_head=4, d_inner=96, **common)
        model = T.XLNetForSequenceClassification(cfg)
    elif arch == "nystromformer":
        cfg = T.NystromformerConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96, max_position_embeddings=40,
                                    num_landmarks=8, segment_means_seq_len=16, **common)
        model = T.NystromformerForSequenceClassification(cfg)

    # token ids shifted by 1 (0 = pad), a CLS-like token 10 appended at the end (the decoder models pool the last token)
    def enc(X, y):
        ids = X + 1 if arch == "nystromformer" else np.concatenate([X + 1, np.full((len(X), 1), 10)], 1)  # nystrom: 16 = 2 x 8 landmarks
        return [{"input_ids": torch.tensor(a), "attention_mask": torch.ones(len(a), dtype=torch.long), "labels": int(b)} for a, b in zip(ids, y)]
    tr, va = enc(d[0], d[1]), enc(d[2], d[3])

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    args = T.TrainingArguments(output_dir=rdir(key), num_train_epochs=epochs, learning_rate=lr, per_device_train_batch_size=32,
                               per_device_eval_batch_size=200, eval_strategy="epoch", logging_steps=25, save_strategy="no",
                               report_to=[], seed=seed, warmup_steps=50, use_cpu=True, disable_tqdm=True)
    t = T.Trainer(model=model, args=args, train_dataset=tr, eval_dataset=va, compute_metrics=metrics)
    t.train(); t.save_state()


@run("hf_trainer_state", "gap-hf-gptneo")
def _(key, i):
    hf_run(key, "gptneo", 2e-3, 8, 48)


@run("hf_trainer_state", "gap-hf-biogpt-lr1e-7")
def _(key, i):
    hf_run(key, "biogpt", 1e-7, 6, 49)


@run("hf_trainer_state", "gap-hf-xlnet-lr30")
def _(key, i):
    hf_run(key, "xlnet", 30.0, 6, 50)


@run("hf_trainer_state", "gap-hf-nystromformer")
def _(key, i):
    hf_run(key, "nystromformer", 2e-3, 8, 51)


# ----------------------------------------------------------------------------- driver
def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--run"); ap.add_argument("--i", type=int, default=0)
    ap.add_argument("--only", nargs="*"); ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()
    if a.run:
        import torch
        torch.set_num_threads(1)
        R[a.run]["f"](a.run, a.i); return
    keys = a.only or list(R)
    env = dict(os.environ, OMP_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1", TOKENIZERS_PARALLELISM="false")

    def launch(k):
        spec = R[k]
        for i in range(spec["times"]):
            d = rdir(k)
            cmd = [sys.executable, os.path.abspath(__file__), "--run", k, "--i", str(i)]
            if spec["stdout"]:
                with open(os.path.join(d, spec["stdout"]), "a") as out:
                    p = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
            else:
                with open(os.path.join("/tmp", "nu20_" + k.replace("/", "_") + ".err"), "a") as err:
                    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=err, env=env)
            print(k, i, "rc", p.returncode, flush=True)
    from concurrent.futures import ThreadPoolExecutor
    t0 = time.time()
    with ThreadPoolExecutor(a.j) as ex:
        list(ex.map(launch, keys))
    print("total", round(time.time() - t0), "s")


if __name__ == "__main__":
    main()
