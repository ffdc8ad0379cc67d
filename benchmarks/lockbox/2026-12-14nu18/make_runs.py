"""Make the 2026-12-14nu18 lock-box runs: small real CPU trainings written the way a new user writes them.

python make_runs.py            # every run, one process per run
python make_runs.py NAME ...   # only these runs (NAME = <format>/<run-name>)
All data are generated with numpy here (fixed seeds); HF models are built from configs (no downloads).
"""
import os, sys, json, csv, math, time, signal, subprocess, logging

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
PY = sys.executable

# ----------------------------------------------------------------------------------------------- data
def coins(n, seed=0, noise_labels=0.03):
    """Which of 6 coins from mass g, diameter mm, thickness mm, magnetic response, ring frequency Hz, edge reeds."""
    import numpy as np
    r = np.random.default_rng(seed)
    prof = np.array([  # mass, diam, thick, magnet, ring_hz, reeds
        [2.30, 16.3, 1.67, 0.05, 9200, 0],
        [3.06, 18.8, 1.67, 0.70, 8400, 0],
        [3.92, 19.7, 1.93, 0.65, 7900, 90],
        [5.74, 22.3, 2.14, 0.08, 7100, 0],
        [7.50, 23.3, 2.33, 0.10, 6800, 110],
        [8.50, 25.8, 2.20, 0.75, 6300, 150]])
    y = r.integers(0, 6, n)
    X = prof[y] * (1 + r.normal(0, [0.09, 0.04, 0.08, 0.6, 0.06, 0.35], (n, 6)))
    X[:, 3] = np.clip(X[:, 3] + r.normal(0, 0.15, n), 0, 1.2)
    X[:, 5] = np.maximum(0, np.round(X[:, 5] + r.normal(0, 25, n)))
    flip = r.random(n) < noise_labels
    y = np.where(flip, r.integers(0, 6, n), y)
    return X.astype("float32"), y.astype("int64")

def mirror(n, seed=0, L=10, V=5):
    """How many mirror pairs (i, L-1-i) of a length-10 sequence over 5 symbols disagree: 0, 1, 2, >=3 (K=4)."""
    import numpy as np
    r = np.random.default_rng(seed)
    X = np.zeros((n, L), "int64"); y = np.zeros(n, "int64")
    for k in range(n):
        c = r.integers(0, 4)
        m = c if c < 3 else r.integers(3, L // 2 + 1)
        half = r.integers(0, V, L // 2)
        s = np.concatenate([half, half[::-1]])
        for p in r.choice(L // 2, m, replace=False):
            s[L - 1 - p] = (s[p] + r.integers(1, V)) % V
        X[k] = s; y[k] = c
    return X, y

def poly(n, seed=0, S=16):
    """Which filled shape is drawn on a noisy 16x16 image: triangle, square, pentagon, hexagon, disk (K=5)."""
    import numpy as np
    r = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:S, 0:S] + 0.5
    X = np.zeros((n, 1, S, S), "float32"); y = r.integers(0, 5, n)
    for k in range(n):
        rad = r.uniform(4.0, 7.0); cx, cy = r.uniform(rad, S - rad, 2); th = r.uniform(0, 2 * np.pi)
        dx, dy = xx - cx, yy - cy
        if y[k] == 4:
            m = dx ** 2 + dy ** 2 <= rad ** 2
        else:
            nv = y[k] + 3
            ang = np.arctan2(dy, dx) - th
            sector = 2 * np.pi / nv
            a = np.mod(ang, sector) - sector / 2
            dist = np.hypot(dx, dy) * np.cos(a)
            m = dist <= rad * np.cos(np.pi / nv)
        X[k, 0] = m * r.uniform(0.6, 1.0) + r.normal(0, 0.3, (S, S))
    return X, y.astype("int64")

def drain(n, seed=0, raw=False):
    """Seconds to drain a cylindrical tank through a hole (Torricelli): t = (D/d)^2 sqrt(2H/g) / Cd, 3% noise.
    Inputs: tank diameter m, hole diameter mm, water height m, discharge coefficient, water temperature C (nuisance)."""
    import numpy as np
    r = np.random.default_rng(seed)
    D = r.uniform(0.3, 2.0, n); d = r.uniform(8, 40, n); H = r.uniform(0.2, 3.0, n)
    Cd = r.uniform(0.55, 0.75, n); T = r.uniform(5, 35, n)
    t = (D / (d / 1000)) ** 2 * np.sqrt(2 * H / 9.81) / Cd * np.exp(r.normal(0, 0.03, n))
    Xraw = np.stack([D, d, H, Cd, T], 1)
    if raw:
        return Xraw.astype("float32"), t.astype("float32")
    X = np.log(Xraw); X = (X - X.mean(0)) / X.std(0)
    lt = np.log(t); yv = (lt - lt.mean()) / lt.std()
    return X.astype("float32"), yv.astype("float32")

def split(X, y, nval):
    return X[:-nval], y[:-nval], X[-nval:], y[-nval:]

# ----------------------------------------------------------------------------------------------- torch models
def torch_setup(seed):
    import torch
    torch.manual_seed(seed); torch.set_num_threads(1)
    return torch

def mlp(nin, nout, h=64, bn=False, drop=0.0):
    import torch.nn as nn
    layers = [nn.Linear(nin, h)] + ([nn.BatchNorm1d(h)] if bn else []) + [nn.ReLU()] + ([nn.Dropout(drop)] if drop else [])
    layers += [nn.Linear(h, h), nn.ReLU(), nn.Linear(h, nout)]
    return nn.Sequential(*layers)

def cnn(nout=5, bn=False, drop=0.0):
    import torch.nn as nn
    L = [nn.Conv2d(1, 12, 3, padding=1)] + ([nn.BatchNorm2d(12)] if bn else []) + [nn.ReLU(), nn.MaxPool2d(2),
         nn.Conv2d(12, 24, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten()]
    L += ([nn.Dropout(drop)] if drop else []) + [nn.Linear(24 * 16, 48), nn.ReLU(), nn.Linear(48, nout)]
    return nn.Sequential(*L)

def make_gru(V=5, K=4, h=64, bidir=True):
    import torch, torch.nn as nn
    class GRUNet(nn.Module):
        def __init__(s):
            super().__init__(); s.emb = nn.Embedding(V, 16)
            s.rnn = nn.GRU(16, h, batch_first=True, bidirectional=bidir)
            s.out = nn.Linear(h * (2 if bidir else 1), K)
        def forward(s, x):
            o, _ = s.rnn(s.emb(x)); return s.out(o.mean(1))
    return GRUNet()

def make_relu_rnn(V=5, K=4, h=64, scale=1.0):
    import torch, torch.nn as nn
    class RNNNet(nn.Module):
        def __init__(s):
            super().__init__(); s.emb = nn.Embedding(V, 16)
            s.rnn = nn.RNN(16, h, batch_first=True, nonlinearity="relu")
            with torch.no_grad():
                s.rnn.weight_hh_l0.copy_(scale * torch.eye(h))
            s.out = nn.Linear(h, K)
        def forward(s, x):
            o, _ = s.rnn(s.emb(x)); return s.out(o[:, -1])
    return RNNNet()

def make_transformer(V=5, K=4, L=10, d=48):
    import torch, torch.nn as nn
    class TF(nn.Module):
        def __init__(s):
            super().__init__(); s.emb = nn.Embedding(V, d); s.pos = nn.Parameter(torch.randn(1, L, d) * 0.1)
            s.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 96, 0.0, batch_first=True), 2)
            s.out = nn.Linear(d * L, K)
        def forward(s, x):
            return s.out(s.enc(s.emb(x) + s.pos).flatten(1))
    return TF()

def make_cnn1d(V=5, K=4, L=10):
    import torch.nn as nn
    class C1(nn.Module):
        def __init__(s):
            super().__init__(); s.emb = nn.Embedding(V, 16)
            s.net = nn.Sequential(nn.Flatten(), nn.Linear(16 * L, 96), nn.ReLU(), nn.Linear(96, 96), nn.ReLU(), nn.Linear(96, K))
        def forward(s, x):
            return s.net(s.emb(x))
    return C1()

# ----------------------------------------------------------------------------------------------- generic torch loop
def fit(model, Xtr, ytr, Xva, yva, epochs, opt, task="cls", bs=64, sched=None, per_step_sched=False,
        loss_fn=None, zero_grad=True, eval_bug=False, clip=None, max_steps=None, kill_at=None,
        on_step=None, on_epoch=None, start_epoch=0, ckpt=None, stop_on_nan=True, early_stop=None, seed=0):
    import torch, numpy as np
    import torch.nn.functional as F
    Xtr_t, ytr_t = torch.as_tensor(Xtr), torch.as_tensor(ytr)
    Xva_t, yva_t = torch.as_tensor(Xva), torch.as_tensor(yva)
    if loss_fn is None:
        loss_fn = F.cross_entropy if task == "cls" else F.mse_loss
    g = torch.Generator().manual_seed(seed + start_epoch)
    step = start_epoch * math.ceil(len(Xtr) / bs); best, bad = float("inf"), 0
    model.train()
    for ep in range(start_epoch, epochs):
        if not eval_bug:
            model.train()
        perm = torch.randperm(len(Xtr_t), generator=g); tot, cnt = 0.0, 0
        for i in range(0, len(perm), bs):
            idx = perm[i:i + bs]
            out = model(Xtr_t[idx]); out = out.squeeze(-1) if task == "reg" else out
            loss = loss_fn(out, ytr_t[idx])
            if zero_grad:
                opt.zero_grad()
            loss.backward()
            if clip:
                torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
            opt.step(); step += 1
            if sched is not None and per_step_sched:
                sched.step()
            tot += loss.item() * len(idx); cnt += len(idx)
            if on_step:
                on_step(ep, step, loss.item(), opt.param_groups[0]["lr"])
            if max_steps and step >= max_steps:
                break
        model.eval()
        with torch.no_grad():
            o = model(Xva_t); o = o.squeeze(-1) if task == "reg" else o
            vl = loss_fn(o, yva_t).item()
            met = (o.argmax(1) == yva_t).float().mean().item() if task == "cls" else (o - yva_t).abs().mean().item()
        lr = opt.param_groups[0]["lr"]
        tr = tot / max(cnt, 1)
        if on_epoch:
            on_epoch(ep, tr, vl, met, lr, step)
        if sched is not None and not per_step_sched:
            if sched.__class__.__name__ == "ReduceLROnPlateau":
                sched.step(vl)
            else:
                sched.step()
        if ckpt and (ep + 1) % 4 == 0:
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": ep + 1}, ckpt)
        if kill_at is not None and ep + 1 == kill_at:
            sys.stdout.flush(); os.kill(os.getpid(), signal.SIGKILL)
        if max_steps and step >= max_steps:
            return "max_steps"
        if stop_on_nan and not math.isfinite(tr):
            return "nan"
        if early_stop:
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= early_stop:
                    return "early"
    return "done"

def rundir(key):
    d = os.path.join(RUNS, key); os.makedirs(d, exist_ok=True); return d

# ----------------------------------------------------------------------------------------------- text_log runs
def t_coins_sgd_lr5(d):
    torch = torch_setup(1); X, y = coins(3000, 1); Xtr, ytr, Xva, yva = split(X, y, 600)
    mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
    m = mlp(6, 6); opt = torch.optim.SGD(m.parameters(), lr=5.0, momentum=0.9)
    print("coin classifier | lr=5.0 momentum=0.9 | 30 epochs")
    fit(m, Xtr, ytr, Xva, yva, 30, opt, stop_on_nan=False,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"epoch {ep+1}/30 train_loss={tr:.4f} val_loss={vl:.4f} val_acc={100*met:.1f}%"))

def t_mirror_gru_adam(d):
    torch = torch_setup(2); from tqdm import tqdm
    X, y = mirror(4000, 2); Xtr, ytr, Xva, yva = split(X, y, 800)
    m = make_gru(); opt = torch.optim.Adam(m.parameters(), lr=3e-3)
    bar = {"b": None}
    def on_step(ep, st, l, lr):
        if bar["b"] is None:
            bar["b"] = tqdm(total=50, desc=f"Epoch {ep+1}", ncols=80, mininterval=0)
        bar["b"].update(1); bar["b"].set_postfix(loss=f"{l:.3f}")
    def on_epoch(ep, tr, vl, met, lr, st):
        bar["b"].close(); bar["b"] = None
        print(f"Epoch {ep+1}: train loss {tr:.4f} | valid loss {vl:.4f} | valid acc {met:.4f}", flush=True)
    fit(m, Xtr, ytr, Xva, yva, 25, opt, on_step=on_step, on_epoch=on_epoch)

def t_poly_cnn_cosine(d):
    torch = torch_setup(3); logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
    log = logging.getLogger("train")
    X, y = poly(2400, 3); Xtr, ytr, Xva, yva = split(X, y, 500)
    m = cnn(); opt = torch.optim.AdamW(m.parameters(), lr=2e-3, weight_decay=1e-4)
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 20)
    log.info("shapes: triangle/square/pentagon/hexagon/disk, %d train %d eval", len(Xtr), len(Xva))
    fit(m, Xtr, ytr, Xva, yva, 20, opt, sched=sch,
        on_epoch=lambda ep, tr, vl, met, lr, st: log.info("epoch %d lr %.2e loss %.4f eval_loss %.4f eval_acc %.3f", ep + 1, lr, tr, vl, met))

def t_drain_mlp_lowlr(d):
    torch = torch_setup(4); X, y = drain(3000, 4); Xtr, ytr, Xva, yva = split(X, y, 600)
    m = mlp(5, 1); opt = torch.optim.SGD(m.parameters(), lr=1e-5)
    print("tank drain time regression (log-seconds, standardised), SGD lr 1e-5, 40 epochs")
    fit(m, Xtr, ytr, Xva, yva, 40, opt, task="reg",
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"[{ep+1:02d}/40] mse {tr:.5f}  test mse {vl:.5f}  test mae {met:.4f}"))

def t_coins_shuffled(d):
    torch = torch_setup(5); import numpy as np
    X, y = coins(3000, 5); Xtr, ytr, Xva, yva = split(X, y, 600)
    mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
    ytr = np.random.default_rng(0).permutation(ytr)  # "shuffle the data" - only the labels got shuffled
    m = mlp(6, 6, h=128); opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    fit(m, Xtr, ytr, Xva, yva, 40, opt,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"ep {ep}  loss: {tr:.4f}  val: {vl:.4f}  acc: {met:.3f}"))

def t_mirror_relurnn_explode(d):
    torch = torch_setup(6); X, y = mirror(4000, 6); Xtr, ytr, Xva, yva = split(X, y, 800)
    m = make_relu_rnn(scale=1.6); opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)
    print("relu rnn, identity*1.6 init, sgd 0.05")
    def on_step(ep, st, l, lr):
        if st % 10 == 0:
            print(f"step {st} loss {l:.4f}")
    r = fit(m, Xtr, ytr, Xva, yva, 20, opt, on_step=on_step,
            on_epoch=lambda ep, tr, vl, met, lr, st: print(f"== epoch {ep+1} val loss {vl:.4f} val acc {met:.3f}"))
    if r == "nan":
        print("loss is nan, stopping")

def t_poly_cnn_killed(d):
    torch = torch_setup(7); X, y = poly(2400, 7); Xtr, ytr, Xva, yva = split(X, y, 500)
    m = cnn(); opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    fit(m, Xtr, ytr, Xva, yva, 25, opt, kill_at=9,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"Epoch {ep+1}/25 - loss: {tr:.4f} - val_loss: {vl:.4f} - val_accuracy: {met:.4f}", flush=True))

def t_drain_mlp_step(d):
    torch = torch_setup(8); X, y = drain(3000, 8); Xtr, ytr, Xva, yva = split(X, y, 600)
    m = mlp(5, 1); opt = torch.optim.Adam(m.parameters(), lr=3e-3)
    sch = torch.optim.lr_scheduler.StepLR(opt, 10, 0.3)
    def on_step(ep, st, l, lr):
        if st % 25 == 0:
            print(f"step {st:5d} | loss {l:.5f} | lr {lr:.1e}")
    fit(m, Xtr, ytr, Xva, yva, 30, opt, task="reg", sched=sch, on_step=on_step,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"---- epoch {ep+1} done | dev mse {vl:.5f} | dev mae {met:.4f}"))

def t_coins_resumed(d):
    torch = torch_setup(9); X, y = coins(3000, 9); Xtr, ytr, Xva, yva = split(X, y, 600)
    mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
    m = mlp(6, 6); opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    ck = "/tmp/nu18_coins_resume.pt"; start = 0
    if os.environ.get("RESUME") and os.path.exists(ck):
        s = torch.load(ck); m.load_state_dict(s["model"]); opt.load_state_dict(s["opt"]); start = s["epoch"]
        print(f"resuming from checkpoint at epoch {start}")
    else:
        print("starting training, 30 epochs")
    fit(m, Xtr, ytr, Xva, yva, 30, opt, start_epoch=start, ckpt=ck, kill_at=None if start else 14,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"epoch {ep+1} train_loss {tr:.4f} val_loss {vl:.4f} val_acc {met:.4f}", flush=True))
    if start:
        os.remove(ck)

def t_mirror_transformer_warmup(d):
    torch = torch_setup(10); X, y = mirror(4000, 10); Xtr, ytr, Xva, yva = split(X, y, 800)
    m = make_transformer(); opt = torch.optim.AdamW(m.parameters(), lr=1e-3)
    total = 30 * 50; warm = 150
    sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1, (s + 1) / warm) * 0.5 * (1 + math.cos(math.pi * min(s, total) / total)))
    def on_step(ep, st, l, lr):
        if st % 50 == 0:
            print(f"it {st}/{total}  train_loss={l:.4f}  lr={lr:.6f}")
    fit(m, Xtr, ytr, Xva, yva, 30, opt, sched=sch, per_step_sched=True, on_step=on_step,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"eval @ it {st}: eval_loss={vl:.4f} eval_acc={met:.4f}"))

def t_poly_mlp_raw255(d):
    torch = torch_setup(11); import numpy as np
    X, y = poly(2400, 11); X = np.clip(X * 255, 0, 255).round().reshape(len(X), -1)  # saved as 8-bit, never rescaled
    Xtr, ytr, Xva, yva = split(X, y, 500)
    m = mlp(256, 5, h=128); opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    fit(m, Xtr, ytr, Xva, yva, 25, opt, stop_on_nan=False,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"Epoch {ep+1:>2} | Train Loss: {tr:.4f} | Val Loss: {vl:.4f} | Val Acc: {met*100:.2f}%"))

def t_drain_debugcap(d):
    torch = torch_setup(12); X, y = drain(3000, 12); Xtr, ytr, Xva, yva = split(X, y, 600)
    m = mlp(5, 1); opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    MAX_STEPS = 80  # DEBUG: quick check, remove later
    print("config: epochs=40 batch=64 lr=1e-3")
    fit(m, Xtr, ytr, Xva, yva, 40, opt, task="reg", max_steps=MAX_STEPS,
        on_step=lambda ep, st, l, lr: print(f"epoch {ep+1}/40 step {st} loss {l:.4f}") if st % 10 == 0 else None,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"epoch {ep+1}/40 val_loss {vl:.4f} val_mae {met:.4f}"))
    print("Training finished.")

def t_coins_onecycle(d):
    torch = torch_setup(13); X, y = coins(3000, 13); Xtr, ytr, Xva, yva = split(X, y, 600)
    mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
    m = mlp(6, 6, bn=True); opt = torch.optim.SGD(m.parameters(), lr=0.01, momentum=0.9)
    sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=24 * 38)
    fit(m, Xtr, ytr, Xva, yva, 24, opt, sched=sch, per_step_sched=True,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"{ep+1}\ttrain {tr:.4f}\tval {vl:.4f}\tacc {met:.4f}\tlr {lr:.5f}"))

def t_mirror_gru_nozerograd(d):
    torch = torch_setup(14); X, y = mirror(4000, 14); Xtr, ytr, Xva, yva = split(X, y, 800)
    m = make_gru(); opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    fit(m, Xtr, ytr, Xva, yva, 20, opt, zero_grad=False,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"Epoch [{ep+1}/20], Loss: {tr:.4f}, Val Loss: {vl:.4f}, Val Acc: {met:.4f}"))

def t_poly_cnn_evalbug(d):
    torch = torch_setup(15); X, y = poly(2400, 15); Xtr, ytr, Xva, yva = split(X, y, 500)
    m = cnn(bn=True, drop=0.5); opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    fit(m, Xtr, ytr, Xva, yva, 25, opt, eval_bug=True,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"epoch={ep+1} loss={tr:.4f} test_loss={vl:.4f} test_acc={met:.4f}"))

def t_drain_tiny(d):
    torch = torch_setup(16); X, y = drain(640, 16)
    Xtr, ytr, Xva, yva = X[:40], y[:40], X[40:], y[40:]
    m = mlp(5, 1, h=256); opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    fit(m, Xtr, ytr, Xva, yva, 400, opt, task="reg", bs=40,
        on_epoch=lambda ep, tr, vl, met, lr, st: print(f"epoch {ep+1:3d}  train {tr:.5f}  val {vl:.5f}") if (ep + 1) % 5 == 0 else None)

# ----------------------------------------------------------------------------------------------- csv_custom runs
def c_coins_adam_lr1(d):
    torch = torch_setup(21); X, y = coins(3000, 21); Xtr, ytr, Xva, yva = split(X, y, 600)
    mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
    m = mlp(6, 6); opt = torch.optim.Adam(m.parameters(), lr=1.0)
    f = open(os.path.join(d, "history.csv"), "w", newline=""); w = csv.writer(f); w.writerow(["epoch", "train_loss", "val_loss", "val_acc"])
    fit(m, Xtr, ytr, Xva, yva, 30, opt, stop_on_nan=False, on_epoch=lambda ep, tr, vl, met, lr, st: w.writerow([ep, tr, vl, met]))
    f.close()

def c_mirror_cnn1d_plateau(d):
    torch = torch_setup(22); X, y = mirror(4000, 22); Xtr, ytr, Xva, yva = split(X, y, 800)
    m = make_cnn1d(); opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    sch = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=2)
    f = open(os.path.join(d, "metrics.csv"), "w", newline="")
    w = csv.DictWriter(f, ["epoch", "lr", "loss", "val_loss", "val_accuracy"]); w.writeheader()
    fit(m, Xtr, ytr, Xva, yva, 30, opt, sched=sch,
        on_epoch=lambda ep, tr, vl, met, lr, st: w.writerow(dict(epoch=ep + 1, lr=lr, loss=round(tr, 5), val_loss=round(vl, 5), val_accuracy=round(met, 4))))
    f.close()

def c_poly_cnn_twice(d):
    torch = torch_setup(int(os.environ.get("SEED", "23"))); X, y = poly(2400, 23); Xtr, ytr, Xva, yva = split(X, y, 500)
    m = cnn(); opt = torch.optim.Adam(m.parameters(), lr=float(os.environ.get("LR", "1e-3")))
    f = open(os.path.join(d, "log.csv"), "a", newline=""); w = csv.writer(f)
    w.writerow(["epoch", "loss", "val_loss", "val_acc"])
    fit(m, Xtr, ytr, Xva, yva, 15, opt, on_epoch=lambda ep, tr, vl, met, lr, st: w.writerow([ep + 1, f"{tr:.4f}", f"{vl:.4f}", f"{met:.4f}"]))
    f.close()

def c_mirror_gru_nll_logits(d):
    torch = torch_setup(24); X, y = mirror(4000, 24); Xtr, ytr, Xva, yva = split(X, y, 800)
    import torch.nn.functional as F
    m = make_gru(); opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    f = open(os.path.join(d, "train_log.csv"), "w", newline=""); w = csv.writer(f); w.writerow(["epoch", "train_loss", "val_loss", "val_acc"])
    fit(m, Xtr, ytr, Xva, yva, 20, opt, loss_fn=F.nll_loss, stop_on_nan=False,
        on_epoch=lambda ep, tr, vl, met, lr, st: w.writerow([ep + 1, tr, vl, met]))
    f.close()

def c_drain_jsonl_cosine(d):
    torch = torch_setup(25); X, y = drain(3000, 25); Xtr, ytr, Xva, yva = split(X, y, 600)
    m = mlp(5, 1, h=96); opt = torch.optim.Adam(m.parameters(), lr=2e-3)
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 35)
    f = open(os.path.join(d, "log.jsonl"), "w")
    fit(m, Xtr, ytr, Xva, yva, 35, opt, task="reg", sched=sch,
        on_epoch=lambda ep, tr, vl, met, lr, st: (f.write(json.dumps({"epoch": ep + 1, "train_mse": tr, "val_mse": vl, "val_mae": met, "lr": lr}) + "\n"), f.flush()))
    f.close()

def c_poly_mlp_earlystop(d):
    torch = torch_setup(26); X, y = poly(2400, 26); X = X.reshape(len(X), -1); Xtr, ytr, Xva, yva = split(X, y, 500)
    m = mlp(256, 5, h=128, drop=0.2); opt = torch.optim.Adam(m.parameters(), lr=1e-3)
    f = open(os.path.join(d, "metrics.jsonl"), "w")
    r = fit(m, Xtr, ytr, Xva, yva, 60, opt, early_stop=5,
            on_epoch=lambda ep, tr, vl, met, lr, st: f.write(json.dumps({"ep": ep, "loss": round(tr, 5), "valid_loss": round(vl, 5), "valid_acc": round(met, 4)}) + "\n"))
    f.write(json.dumps({"event": "stopped", "reason": r}) + "\n"); f.close()

def c_coins_stopped_early(d):
    torch = torch_setup(27); X, y = coins(3000, 27); Xtr, ytr, Xva, yva = split(X, y, 600)
    mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
    m = mlp(6, 6); opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 80)
    f = open(os.path.join(d, "progress.csv"), "w", newline=""); w = csv.writer(f); w.writerow(["epoch", "epochs_planned", "lr", "train_loss", "val_loss", "val_acc"])
    # user stopped it after 7 epochs to free the machine (planned 80)
    fit(m, Xtr, ytr, Xva, yva, 7, opt, sched=sch, on_epoch=lambda ep, tr, vl, met, lr, st: w.writerow([ep + 1, 80, f"{lr:.6f}", f"{tr:.4f}", f"{vl:.4f}", f"{met:.4f}"]))
    f.close()

def c_drain_frozen(d):
    torch = torch_setup(28); X, y = drain(3000, 28); Xtr, ytr, Xva, yva = split(X, y, 600)
    m = mlp(5, 1)
    for p in m.parameters():
        p.requires_grad = False
    m[-1].bias.requires_grad = True  # "fine-tune only the head" - but only the bias got unfrozen
    opt = torch.optim.Adam([p for p in m.parameters() if p.requires_grad], lr=1e-3)
    f = open(os.path.join(d, "losses.csv"), "w", newline=""); w = csv.writer(f); w.writerow(["epoch", "train", "valid", "valid_mae"])
    fit(m, Xtr, ytr, Xva, yva, 25, opt, task="reg", on_epoch=lambda ep, tr, vl, met, lr, st: w.writerow([ep, f"{tr:.5f}", f"{vl:.5f}", f"{met:.5f}"]))
    f.close()

def c_mirror_gru_clip(d):
    torch = torch_setup(29); X, y = mirror(4000, 29); Xtr, ytr, Xva, yva = split(X, y, 800)
    m = make_gru(h=48); opt = torch.optim.RMSprop(m.parameters(), lr=2e-3)
    f = open(os.path.join(d, "run.csv"), "w", newline=""); f.write("epoch;train_loss;dev_loss;dev_acc\n")
    fit(m, Xtr, ytr, Xva, yva, 22, opt, clip=1.0, on_epoch=lambda ep, tr, vl, met, lr, st: f.write(f"{ep+1};{tr:.4f};{vl:.4f};{met:.4f}\n"))
    f.close()

# ----------------------------------------------------------------------------------------------- tfevents runs
def _sw(d):
    from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(log_dir=d)

def b_poly_cnn_sgd3(d):
    torch = torch_setup(31); X, y = poly(2400, 31); Xtr, ytr, Xva, yva = split(X, y, 500)
    m = cnn(); opt = torch.optim.SGD(m.parameters(), lr=3.0, momentum=0.9); w = _sw(d)
    def oe(ep, tr, vl, met, lr, st):
        w.add_scalar("Loss/train", tr, ep); w.add_scalar("Loss/val", vl, ep); w.add_scalar("Accuracy/val", met, ep)
    fit(m, Xtr, ytr, Xva, yva, 20, opt, stop_on_nan=False, on_epoch=oe); w.close()

def b_coins_mlp_tb(d):
    torch = torch_setup(32); X, y = coins(3000, 32); Xtr, ytr, Xva, yva = split(X, y, 600)
    mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
    m = mlp(6, 6); opt = torch.optim.Adam(m.parameters(), lr=1e-3); w = _sw(d)
    fit(m, Xtr, ytr, Xva, yva, 30, opt,
        on_step=lambda ep, st, l, lr: w.add_scalar("train/loss_step", l, st) if st % 5 == 0 else None,
        on_epoch=lambda ep, tr, vl, met, lr, st: (w.add_scalar("train/loss", tr, st), w.add_scalar("val/loss", vl, st), w.add_scalar("val/acc", met, st)))
    w.close()

def b_mirror_gru_lowlr(d):
    torch = torch_setup(33); X, y = mirror(4000, 33); Xtr, ytr, Xva, yva = split(X, y, 800)
    m = make_gru(); opt = torch.optim.Adam(m.parameters(), lr=1e-6); w = _sw(d)
    fit(m, Xtr, ytr, Xva, yva, 20, opt,
        on_epoch=lambda ep, tr, vl, met, lr, st: (w.add_scalar("loss/train", tr, ep), w.add_scalar("loss/valid", vl, ep), w.add_scalar("acc/valid", met, ep)))
    w.close()

def b_drain_unnormalised(d):
    torch = torch_setup(34); X, y = drain(3000, 34, raw=True); Xtr, ytr, Xva, yva = split(X, y, 600)
    m = mlp(5, 1); opt = torch.optim.Adam(m.parameters(), lr=1e-3); w = _sw(d)
    fit(m, Xtr, ytr, Xva, yva, 30, opt, task="reg", stop_on_nan=False,
        on_epoch=lambda ep, tr, vl, met, lr, st: (w.add_scalar("mse/train", tr, ep), w.add_scalar("mse/test", vl, ep), w.add_scalar("mae_seconds/test", met, ep)))
    w.close()

def b_poly_cnn_tbx(d):
    torch = torch_setup(35); from tensorboardX import SummaryWriter
    X, y = poly(2400, 35); Xtr, ytr, Xva, yva = split(X, y, 500)
    m = cnn(bn=True); opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    sch = torch.optim.lr_scheduler.MultiStepLR(opt, [12, 18], 0.2); w = SummaryWriter(logdir=d)
    fit(m, Xtr, ytr, Xva, yva, 22, opt, sched=sch,
        on_step=lambda ep, st, l, lr: w.add_scalar("train_loss", l, st),
        on_epoch=lambda ep, tr, vl, met, lr, st: (w.add_scalar("eval_loss", vl, st), w.add_scalar("eval_acc", met, st), w.add_scalar("lr", lr, st)))
    w.close()

def b_mirror_tf_shuffled(d):
    torch = torch_setup(36); import numpy as np
    X, y = mirror(4000, 36); Xtr, ytr, Xva, yva = split(X, y, 800)
    Xtr = Xtr[np.random.default_rng(1).permutation(len(Xtr))]  # shuffled X without y
    m = make_transformer(); opt = torch.optim.Adam(m.parameters(), lr=5e-4); w = _sw(d)
    fit(m, Xtr, ytr, Xva, yva, 25, opt,
        on_epoch=lambda ep, tr, vl, met, lr, st: (w.add_scalar("Loss/train", tr, ep), w.add_scalar("Loss/validation", vl, ep), w.add_scalar("Accuracy/validation", met, ep)))
    w.close()

def b_coins_tiny(d):
    torch = torch_setup(37); X, y = coins(1060, 37); Xtr, ytr, Xva, yva = X[:60], y[:60], X[60:], y[60:]
    mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
    m = mlp(6, 6, h=256); opt = torch.optim.Adam(m.parameters(), lr=2e-3); w = _sw(d)
    fit(m, Xtr, ytr, Xva, yva, 300, opt, bs=60,
        on_epoch=lambda ep, tr, vl, met, lr, st: (w.add_scalar("loss", tr, ep), w.add_scalar("val_loss", vl, ep), w.add_scalar("val_accuracy", met, ep)))
    w.close()

def b_drain_warmup(d):
    torch = torch_setup(38); X, y = drain(3000, 38); Xtr, ytr, Xva, yva = split(X, y, 600)
    m = mlp(5, 1, h=96); opt = torch.optim.AdamW(m.parameters(), lr=3e-3, weight_decay=1e-4)
    total = 40 * 38
    sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 100) * max(0.02, 1 - s / total)); w = _sw(d)
    fit(m, Xtr, ytr, Xva, yva, 40, opt, task="reg", sched=sch, per_step_sched=True,
        on_step=lambda ep, st, l, lr: (w.add_scalar("train/mse", l, st), w.add_scalar("train/lr", lr, st)) if st % 10 == 0 else None,
        on_epoch=lambda ep, tr, vl, met, lr, st: (w.add_scalar("eval/mse", vl, st), w.add_scalar("eval/mae", met, st)))
    w.close()

def b_poly_cnn_frozen(d):
    torch = torch_setup(39); X, y = poly(2400, 39); Xtr, ytr, Xva, yva = split(X, y, 500)
    m = cnn()
    for p in m.parameters():
        p.requires_grad = False
    m[-1].bias.requires_grad = True
    opt = torch.optim.Adam([m[-1].bias], lr=1e-3); w = _sw(d)
    fit(m, Xtr, ytr, Xva, yva, 20, opt,
        on_epoch=lambda ep, tr, vl, met, lr, st: (w.add_scalar("Loss/train", tr, ep), w.add_scalar("Loss/val", vl, ep), w.add_scalar("Acc/val", met, ep)))
    w.close()

# ----------------------------------------------------------------------------------------------- lightning runs
def _lit(d, model_fn, data, task, epochs, lr, opt_name="adam", sched=None, seed=0, max_steps=-1, es=False, bs=64):
    import torch, lightning as L, torch.nn.functional as F
    from lightning.pytorch.loggers import CSVLogger
    L.seed_everything(seed, verbose=False); torch.set_num_threads(1)
    Xtr, ytr, Xva, yva = data
    class Lit(L.LightningModule):
        def __init__(s):
            super().__init__(); s.net = model_fn(); s.save_hyperparameters({"lr": lr, "epochs": epochs, "opt": opt_name})
        def forward(s, x):
            o = s.net(x); return o.squeeze(-1) if task == "reg" else o
        def lossf(s, o, t):
            return F.cross_entropy(o, t) if task == "cls" else F.mse_loss(o, t)
        def training_step(s, b, i):
            l = s.lossf(s(b[0]), b[1]); s.log("train_loss", l, on_step=True, on_epoch=True); return l
        def validation_step(s, b, i):
            o = s(b[0]); s.log("val_loss", s.lossf(o, b[1]), prog_bar=True)
            if task == "cls":
                s.log("val_acc", (o.argmax(1) == b[1]).float().mean())
            else:
                s.log("val_mae", (o - b[1]).abs().mean())
        def configure_optimizers(s):
            o = torch.optim.Adam(s.parameters(), lr=lr) if opt_name == "adam" else torch.optim.SGD(s.parameters(), lr=lr, momentum=0.9)
            if sched == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, epochs)}
            return o
    from torch.utils.data import TensorDataset, DataLoader
    tl = DataLoader(TensorDataset(torch.as_tensor(Xtr), torch.as_tensor(ytr)), batch_size=bs, shuffle=True)
    vl = DataLoader(TensorDataset(torch.as_tensor(Xva), torch.as_tensor(yva)), batch_size=512)
    cbs = [L.pytorch.callbacks.LearningRateMonitor("epoch")]
    if es:
        cbs.append(L.pytorch.callbacks.EarlyStopping("val_loss", patience=4))
    tr = L.Trainer(max_epochs=epochs, max_steps=max_steps, logger=CSVLogger(d, name="lightning_logs"), callbacks=cbs,
                   enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=10, accelerator="cpu")
    tr.fit(Lit(), tl, vl)

def _coins_std(seed):
    X, y = coins(3000, seed); Xtr, ytr, Xva, yva = split(X, y, 600)
    mu, sd = Xtr.mean(0), Xtr.std(0); return (Xtr - mu) / sd, ytr, (Xva - mu) / sd, yva

def l_coins_mlp(d):
    _lit(d, lambda: mlp(6, 6), _coins_std(41), "cls", 25, 1e-3, seed=41)

def l_poly_cnn_es(d):
    _lit(d, lambda: cnn(drop=0.3), split(*poly(2400, 42), 500), "cls", 40, 1e-3, seed=42, es=True)

def l_mirror_gru_lr05(d):
    _lit(d, lambda: make_gru(), split(*mirror(4000, 43), 800), "cls", 15, 0.5, seed=43)

def l_drain_mlp_cos(d):
    _lit(d, lambda: mlp(5, 1, h=96), split(*drain(3000, 44), 600), "reg", 30, 2e-3, sched="cosine", seed=44)

def l_coins_maxsteps(d):
    # max_steps=60 left from a smoke test; max_epochs says 40
    _lit(d, lambda: mlp(6, 6), _coins_std(45), "cls", 40, 1e-3, seed=45, max_steps=60)

def l_poly_cnn_lowlr(d):
    _lit(d, lambda: cnn(), split(*poly(2400, 46), 500), "cls", 20, 1e-4, opt_name="sgd", seed=46)

# ----------------------------------------------------------------------------------------------- keras runs
def _keras(seed):
    import keras; keras.utils.set_random_seed(seed); return keras

def k_coins_sgd4(d):
    keras = _keras(51); Xtr, ytr, Xva, yva = _coins_std(51)
    m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(6, activation="softmax")])
    m.compile(keras.optimizers.SGD(4.0, momentum=0.9), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=25, batch_size=64, verbose=2, callbacks=[keras.callbacks.CSVLogger(os.path.join(d, "training.log"))])

def k_drain_plateau(d):
    keras = _keras(52); Xtr, ytr, Xva, yva = split(*drain(3000, 52), 600)
    m = keras.Sequential([keras.Input((5,)), keras.layers.Dense(96, activation="relu"), keras.layers.Dense(96, activation="relu"), keras.layers.Dense(1)])
    m.compile(keras.optimizers.Adam(2e-3), "mse", metrics=["mae"])
    m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=40, batch_size=64, verbose=2,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(d, "log.csv")), keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3)])

def k_mirror_conv1d(d):
    keras = _keras(53); Xtr, ytr, Xva, yva = split(*mirror(4000, 53), 800)
    m = keras.Sequential([keras.Input((10,)), keras.layers.Embedding(5, 16), keras.layers.Flatten(), keras.layers.Dense(128, activation="relu"),
                          keras.layers.Dense(64, activation="relu"), keras.layers.Dense(4, activation="softmax")])
    m.compile(keras.optimizers.Adam(2e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=30, batch_size=64, verbose=2)
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(os.path.join(d, "history.json"), "w"))

def k_poly_tiny(d):
    keras = _keras(54); X, y = poly(1050, 54); X = X.reshape(len(X), -1)
    m = keras.Sequential([keras.Input((256,)), keras.layers.Dense(256, activation="relu"), keras.layers.Dense(128, activation="relu"), keras.layers.Dense(5, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(X[:50], y[:50], validation_data=(X[50:], y[50:]), epochs=200, batch_size=16, verbose=0)
    json.dump(h.history, open(os.path.join(d, "history.json"), "w"), default=float)

def k_coins_earlystop(d):
    keras = _keras(55); import pandas as pd; Xtr, ytr, Xva, yva = _coins_std(55)
    m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dropout(0.1), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(6, activation="softmax")])
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=80, batch_size=64, verbose=2,
              callbacks=[keras.callbacks.EarlyStopping(patience=6, restore_best_weights=True)])
    pd.DataFrame(h.history).to_csv(os.path.join(d, "history.csv"), index_label="epoch")

# ----------------------------------------------------------------------------------------------- HF Trainer runs
def _hf(d, arch, lr, epochs, seed, bs=32, warmup=0):
    import numpy as np, torch, transformers as T
    torch.set_num_threads(1); T.set_seed(seed)
    X, y = mirror(3200, seed); X = X + 1  # tokens 1..5, 0 = pad, 6 = cls
    if arch in ("ernie", "xlmr"):
        X = np.concatenate([np.full((len(X), 1), 6), X], 1)
    common = dict(vocab_size=8, hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                  max_position_embeddings=32, num_labels=4, pad_token_id=0)
    if arch == "gptneox":
        model = T.GPTNeoXForSequenceClassification(T.GPTNeoXConfig(**common, rotary_pct=0.5))
    elif arch == "stablelm":
        model = T.StableLmForSequenceClassification(T.StableLmConfig(**common, num_key_value_heads=2, partial_rotary_factor=0.5))
    elif arch == "ernie":
        model = T.ErnieForSequenceClassification(T.ErnieConfig(**common))
    else:
        model = T.XLMRobertaForSequenceClassification(T.XLMRobertaConfig(**common))
    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X, y
        def __len__(s): return len(s.X)
        def __getitem__(s, i): return {"input_ids": torch.tensor(s.X[i]), "attention_mask": torch.ones(len(s.X[i]), dtype=torch.long), "labels": int(s.y[i])}
    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    args = T.TrainingArguments(output_dir=d, num_train_epochs=epochs, learning_rate=lr, per_device_train_batch_size=bs,
                               per_device_eval_batch_size=256, eval_strategy="epoch", logging_steps=20, save_strategy="no",
                               report_to=[], seed=seed, warmup_steps=warmup, use_cpu=True, disable_tqdm=True)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(X[:2600], y[:2600]), eval_dataset=DS(X[2600:], y[2600:]), compute_metrics=metrics)
    tr.train(); tr.save_state()

def h_gptneox(d): _hf(d, "gptneox", 2e-3, 12, 61, warmup=100)
def h_ernie(d): _hf(d, "ernie", 1e-3, 12, 62, warmup=100)
def h_xlmr_lr50(d): _hf(d, "xlmr", 50.0, 8, 63)
def h_stablelm_lowlr(d): _hf(d, "stablelm", 1e-7, 8, 64)

# ----------------------------------------------------------------------------------------------- registry
REG = {
    "text_log/coins-mlp-sgd-lr5": (t_coins_sgd_lr5, "train.log"),
    "text_log/mirror-bigru-adam-tqdm": (t_mirror_gru_adam, "out.txt"),
    "text_log/shapes-cnn-adamw-cosine": (t_poly_cnn_cosine, "train.log"),
    "text_log/drain-mlp-sgd-1e-5": (t_drain_mlp_lowlr, "log.txt"),
    "text_log/coins-mlp-labels-shuffled": (t_coins_shuffled, "train.log"),
    "text_log/mirror-relurnn-identity16": (t_mirror_relurnn_explode, "rnn_run.log"),
    "text_log/shapes-cnn-adam-25ep": (t_poly_cnn_killed, "nohup.out"),
    "text_log/drain-mlp-steplr": (t_drain_mlp_step, "train.log"),
    "text_log/coins-mlp-adam-resume": (t_coins_resumed, "train.log"),
    "text_log/mirror-transformer-warmup-cosine": (t_mirror_transformer_warmup, "output.txt"),
    "text_log/shapes-mlp-pixels": (t_poly_mlp_raw255, "log.txt"),
    "text_log/drain-mlp-40ep": (t_drain_debugcap, "train.log"),
    "text_log/coins-mlp-bn-onecycle": (t_coins_onecycle, "log.txt"),
    "text_log/mirror-bigru-adam-20ep": (t_mirror_gru_nozerograd, "train.log"),
    "text_log/shapes-cnn-bn-dropout": (t_poly_cnn_evalbug, "train.log"),
    "text_log/drain-mlp-256-400ep": (t_drain_tiny, "out.txt"),
    "csv_custom/coins-mlp-adam-lr1": (c_coins_adam_lr1, None),
    "csv_custom/mirror-embmlp-plateau": (c_mirror_cnn1d_plateau, None),
    "csv_custom/shapes-cnn-15ep": (c_poly_cnn_twice, None),
    "csv_custom/mirror-bigru-nll": (c_mirror_gru_nll_logits, None),
    "csv_custom/drain-mlp-cosine-jsonl": (c_drain_jsonl_cosine, None),
    "csv_custom/shapes-mlp-earlystop-jsonl": (c_poly_mlp_earlystop, None),
    "csv_custom/coins-mlp-cosine80": (c_coins_stopped_early, None),
    "csv_custom/drain-mlp-head-only": (c_drain_frozen, None),
    "csv_custom/mirror-bigru-rmsprop-clip": (c_mirror_gru_clip, None),
    "tfevents/shapes-cnn-sgd-lr3": (b_poly_cnn_sgd3, None),
    "tfevents/coins-mlp-adam": (b_coins_mlp_tb, None),
    "tfevents/mirror-bigru-adam-1e-6": (b_mirror_gru_lowlr, None),
    "tfevents/drain-mlp-raw-units": (b_drain_unnormalised, None),
    "tfevents/shapes-cnn-bn-multistep-tbx": (b_poly_cnn_tbx, None),
    "tfevents/mirror-transformer-adam": (b_mirror_tf_shuffled, None),
    "tfevents/coins-mlp-60rows": (b_coins_tiny, None),
    "tfevents/drain-mlp-warmup-linear": (b_drain_warmup, None),
    "tfevents/shapes-cnn-head-bias": (b_poly_cnn_frozen, None),
    "lightning_csv/coins-lit-mlp": (l_coins_mlp, None),
    "lightning_csv/shapes-lit-cnn-earlystop": (l_poly_cnn_es, None),
    "lightning_csv/mirror-lit-bigru-lr05": (l_mirror_gru_lr05, None),
    "lightning_csv/drain-lit-mlp-cosine": (l_drain_mlp_cos, None),
    "lightning_csv/coins-lit-mlp-40ep": (l_coins_maxsteps, None),
    "lightning_csv/shapes-lit-cnn-sgd": (l_poly_cnn_lowlr, None),
    "keras_csvlogger/coins-keras-sgd-lr4": (k_coins_sgd4, None),
    "keras_csvlogger/drain-keras-plateau": (k_drain_plateau, None),
    "keras_history_json/mirror-keras-embdense": (k_mirror_conv1d, None),
    "keras_history_json/shapes-keras-50imgs": (k_poly_tiny, None),
    "keras_history_csv/coins-keras-earlystop": (k_coins_earlystop, None),
    "hf_trainer_state/mirror-gptneox": (h_gptneox, None),
    "hf_trainer_state/mirror-ernie": (h_ernie, None),
    "hf_trainer_state/mirror-xlmr-lr50": (h_xlmr_lr50, None),
    "hf_trainer_state/mirror-stablelm-lr1e-7": (h_stablelm_lowlr, None),
}
RESUMED = {"text_log/coins-mlp-adam-resume"}
TWICE = {"csv_custom/shapes-cnn-15ep": [{"SEED": "23", "LR": "1e-3"}, {"SEED": "123", "LR": "3e-3"}]}

def drive(key):
    fn, logname = REG[key]; d = rundir(key)
    env = dict(os.environ)
    launches = TWICE.get(key, [{}]) if key not in RESUMED else [{}, {"RESUME": "1"}]
    for extra in launches:
        e = dict(env, **extra)
        out = open(os.path.join(d, logname), "a") if logname else open(f"/tmp/nu18_{key.replace('/', '_')}.out", "a")
        t0 = time.time()
        p = subprocess.run([PY, os.path.abspath(__file__), "--one", key], stdout=out, stderr=subprocess.STDOUT, env=e, cwd=d)
        out.close()
        print(f"{key}: rc={p.returncode} {time.time()-t0:.0f}s", flush=True)

if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        key = sys.argv[2]; REG[key][0](rundir(key))
    else:
        for key in (sys.argv[1:] or list(REG)):
            drive(key)
