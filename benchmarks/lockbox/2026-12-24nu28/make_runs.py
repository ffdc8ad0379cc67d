"""Lock-box batch 2026-12-24nu28: ~50 small CPU trainings "a new user wrote".

python make_runs.py                 # makes every run (2 at a time, each in its own subprocess)
python make_runs.py --only text/gem_mlp_cosine   # re-makes one run

Data are generated with numpy (fixed seeds). Each run writes runs/<format>/<run-name>/ exactly as its logger leaves it.
Faults are made in the training code (a wrong constant, a missing line, a bug), never by editing numbers.
"""
import os, sys, json, math, time, shutil, signal, subprocess, argparse

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("KERAS_BACKEND", "torch")
HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
TMP = "/tmp/nu28_tmp"

import numpy as np

# ----------------------------------------------------------------------------------------------------------------
# data (all numpy)
# ----------------------------------------------------------------------------------------------------------------
GEM_NAMES = ["diamond", "corundum", "beryl", "quartz", "topaz"]


def make_gem(n, seed):
    """Gemstone identification from bench-gemmology readings (K = 5)."""
    r = np.random.RandomState(seed)
    # refractive index, specific gravity, Mohs hardness, birefringence, dispersion, hue degrees centre
    mu = np.array([[2.417, 3.52, 10.0, 0.000, 0.044, 60.0],
                   [1.765, 4.00, 9.0, 0.008, 0.018, 340.0],
                   [1.580, 2.72, 7.8, 0.006, 0.014, 140.0],
                   [1.550, 2.65, 7.0, 0.009, 0.013, 280.0],
                   [1.625, 3.54, 8.0, 0.009, 0.014, 40.0]])
    sd = np.array([0.06, 0.22, 0.7, 0.004, 0.006, 70.0])
    y = r.randint(0, 5, n)
    X = mu[y] + r.randn(n, 6) * sd
    hue = np.deg2rad(X[:, 5])
    X = np.column_stack([X[:, :5], np.sin(hue), np.cos(hue)])
    flip = r.rand(n) < 0.04
    y = np.where(flip, r.randint(0, 5, n), y)
    return X.astype(np.float32), y.astype(np.int64)


def make_beam(n, seed):
    """Midspan deflection (mm) of a simply supported beam: point load + self weight."""
    r = np.random.RandomState(seed)
    F = np.exp(r.uniform(np.log(50), np.log(5000), n))          # N
    L = r.uniform(0.5, 6.0, n)                                   # m
    mat = r.randint(0, 3, n)
    E = np.array([11e9, 69e9, 200e9])[mat] * r.uniform(0.9, 1.1, n)
    rho = np.array([550.0, 2700.0, 7850.0])[mat]
    b = r.uniform(20, 120, n) / 1000.0                          # m
    h = r.uniform(20, 250, n) / 1000.0
    I = b * h ** 3 / 12.0
    w = rho * 9.81 * b * h
    d = (F * L ** 3 / (48 * E * I) + 5 * w * L ** 4 / (384 * E * I)) * 1000.0   # mm
    d = d * np.exp(r.randn(n) * 0.03)
    X = np.column_stack([F, L, E / 1e9, rho, b * 1000, h * 1000]).astype(np.float64)
    return X, d


def beam_arrays(seed=0, n_tr=1500, n_va=500, raw=False):
    X, d = make_beam(n_tr + n_va, seed)
    if raw:
        return (X[:n_tr].astype(np.float32), d[:n_tr].astype(np.float32),
                X[n_tr:].astype(np.float32), d[n_tr:].astype(np.float32))
    Z = np.log(X)
    m, s = Z[:n_tr].mean(0), Z[:n_tr].std(0)
    Z = (Z - m) / s
    t = np.log(d)
    tm, ts = t[:n_tr].mean(), t[:n_tr].std()
    t = (t - tm) / ts
    return (Z[:n_tr].astype(np.float32), t[:n_tr].astype(np.float32),
            Z[n_tr:].astype(np.float32), t[n_tr:].astype(np.float32))


def gem_arrays(seed=0, n_tr=1500, n_va=500):
    X, y = make_gem(n_tr + n_va, seed)
    m, s = X[:n_tr].mean(0), X[:n_tr].std(0)
    X = (X - m) / s
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]


def make_desc(n, seed):
    """10 tokens over symbols 1..6; class = number of descents bucketed <=2 / 3 / 4 / >=5 (K = 4)."""
    r = np.random.RandomState(seed)
    x = r.randint(1, 7, (n, 10))
    dsc = (x[:, 1:] < x[:, :-1]).sum(1)
    y = np.clip(dsc - 2, 0, 3)
    return x.astype(np.int64), y.astype(np.int64)


def desc_arrays(seed=0, n_tr=2000, n_va=500):
    x, y = make_desc(n_tr + n_va, seed)
    return x[:n_tr], y[:n_tr], x[n_tr:], y[n_tr:]


def make_texture(n, seed):
    """12x12 noisy texture: horizontal / vertical / diagonal stripes, checkerboard, dots grid (K = 5)."""
    r = np.random.RandomState(seed)
    y = r.randint(0, 5, n)
    ii, jj = np.meshgrid(np.arange(12), np.arange(12), indexing="ij")
    imgs = np.zeros((n, 12, 12), np.float32)
    for k in range(n):
        p = r.randint(2, 5)
        ph = r.randint(0, p)
        c = r.uniform(0.4, 1.0)
        if y[k] == 0:
            pat = ((ii + ph) % p == 0)
        elif y[k] == 1:
            pat = ((jj + ph) % p == 0)
        elif y[k] == 2:
            pat = ((ii + jj + ph) % p == 0)
        elif y[k] == 3:
            q = max(p // 2, 1)
            pat = (((ii + ph) // q + (jj + ph) // q) % 2 == 0)
        else:
            pat = ((ii + ph) % p == 0) & ((jj + ph) % p == 0)
        imgs[k] = c * pat + r.randn(12, 12) * 0.45
    return imgs[:, None], y.astype(np.int64)


def texture_arrays(seed=0, n_tr=1500, n_va=400):
    x, y = make_texture(n_tr + n_va, seed)
    return x[:n_tr], y[:n_tr], x[n_tr:], y[n_tr:]


# ----------------------------------------------------------------------------------------------------------------
# models
# ----------------------------------------------------------------------------------------------------------------
def torch_models():
    import torch
    import torch.nn as nn

    class MLP(nn.Module):
        def __init__(self, d_in, d_out, hidden=64, depth=2, drop=0.0, softmax=False, out_relu=False):
            super().__init__()
            layers, d = [], d_in
            for _ in range(depth):
                layers += [nn.Linear(d, hidden), nn.ReLU()]
                if drop:
                    layers.append(nn.Dropout(drop))
                d = hidden
            layers.append(nn.Linear(d, d_out))
            if softmax:
                layers.append(nn.Softmax(dim=1))
            if out_relu:
                layers.append(nn.ReLU())
            self.net = nn.Sequential(*layers)

        def forward(self, x):
            return self.net(x)

    class SeqRNN(nn.Module):
        def __init__(self, kind="gru", vocab=7, emb=16, hidden=48, n_out=4, irnn_gain=None):
            super().__init__()
            self.emb = nn.Embedding(vocab, emb)
            cls = {"gru": nn.GRU, "lstm": nn.LSTM, "rnn": nn.RNN}[kind]
            kw = dict(nonlinearity="relu") if kind == "rnn" else {}
            self.rnn = cls(emb, hidden, batch_first=True, **kw)
            if irnn_gain is not None:
                with torch.no_grad():
                    self.rnn.weight_hh_l0.copy_(torch.eye(hidden) * irnn_gain)
            self.head = nn.Linear(hidden, n_out)

        def forward(self, x):
            h, _ = self.rnn(self.emb(x))
            return self.head(h[:, -1])

    class SeqTfm(nn.Module):
        def __init__(self, vocab=7, d=48, n_out=4, L=10):
            super().__init__()
            self.emb = nn.Embedding(vocab, d)
            self.pos = nn.Parameter(torch.randn(1, L, d) * 0.02)
            layer = nn.TransformerEncoderLayer(d, 4, 96, dropout=0.0, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2)
            self.head = nn.Linear(d, n_out)

        def forward(self, x):
            h = self.enc(self.emb(x) + self.pos)
            return self.head(h.mean(1))

    class CNN(nn.Module):
        def __init__(self, n_out=5, bn=False, drop=0.0, ch=16):
            super().__init__()
            self.f = nn.Sequential(
                nn.Conv2d(1, ch, 3, padding=1), nn.BatchNorm2d(ch) if bn else nn.Identity(), nn.ReLU(),
                nn.MaxPool2d(2),
                nn.Conv2d(ch, 2 * ch, 3, padding=1), nn.BatchNorm2d(2 * ch) if bn else nn.Identity(), nn.ReLU(),
                nn.MaxPool2d(2))
            self.head = nn.Sequential(nn.Flatten(), nn.Dropout(drop), nn.Linear(2 * ch * 9, 64), nn.ReLU(),
                                      nn.Dropout(drop), nn.Linear(64, n_out))

        def forward(self, x):
            return self.head(self.f(x))

    return MLP, SeqRNN, SeqTfm, CNN


# ----------------------------------------------------------------------------------------------------------------
# a generic torch loop (each fault is a flag a user would have got wrong in their own loop)
# ----------------------------------------------------------------------------------------------------------------
def train_loop(model, data, *, task, epochs, bs, opt, sched=None, sched_per_batch=False, plateau=None, clip=None,
               zero_grad=True, call_train=True, loss_fn=None, mse_ids=False, on_epoch=None, on_step=None,
               eval_data=None, es_patience=None, kill_at_iter=None, start_epoch=1, ckpt=None, seed=0,
               shuffle_x_only=False, grad_norm=False, ckpt_every=1):
    import torch
    import torch.nn as nn
    torch.manual_seed(seed)
    Xtr, ytr, Xva, yva = data
    if eval_data is not None:
        Xva, yva = eval_data
    Xtr, ytr, Xva, yva = map(torch.as_tensor, (Xtr, ytr, Xva, yva))
    if loss_fn is None:
        loss_fn = nn.CrossEntropyLoss() if task == "cls" else nn.MSELoss()
    n = len(Xtr)
    g = torch.Generator().manual_seed(seed)
    it = (start_epoch - 1) * math.ceil(n / bs)
    best, bad = float("inf"), 0
    for ep in range(start_epoch, epochs + 1):
        if call_train:
            model.train()
        perm = torch.randperm(n, generator=g)
        perm_x = torch.randperm(n, generator=g) if shuffle_x_only else perm
        tot, cnt = 0.0, 0
        for s in range(0, n, bs):
            xb, yb = Xtr[perm_x[s:s + bs]], ytr[perm[s:s + bs]]
            out = model(xb)
            if mse_ids:
                loss = loss_fn(out.squeeze(-1), yb.float())
            elif task == "reg":
                loss = loss_fn(out.squeeze(-1), yb)
            else:
                loss = loss_fn(out, yb)
            if zero_grad:
                opt.zero_grad()
            loss.backward()
            gn = None
            if clip is not None:
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), clip))
            elif grad_norm:
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf")))
            opt.step()
            if sched is not None and sched_per_batch:
                sched.step()
            it += 1
            tot += float(loss) * len(xb)
            cnt += len(xb)
            if on_step is not None:
                on_step(it, float(loss), gn, opt.param_groups[0]["lr"], ep)
            if kill_at_iter is not None and it == kill_at_iter:
                os.kill(os.getpid(), signal.SIGKILL)
        tr = tot / cnt
        lr_used = opt.param_groups[0]["lr"]
        model.eval()
        with torch.no_grad():
            out = model(Xva)
            if mse_ids:
                vl = float(loss_fn(out.squeeze(-1), yva.float()))
                vm = float((out.squeeze(-1).round().clamp(0, 10).long() == yva).float().mean())
            elif task == "reg":
                vl = float(loss_fn(out.squeeze(-1), yva))
                vm = float((out.squeeze(-1) - yva).abs().mean())
            else:
                vl = float(loss_fn(out, yva))
                vm = float((out.argmax(1) == yva).float().mean())
        if sched is not None and not sched_per_batch:
            sched.step()
        if plateau is not None:
            plateau.step(vl)
        if ckpt is not None and ep % ckpt_every == 0:
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "ep": ep}, ckpt)
        stop = False
        if es_patience is not None:
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                stop = bad >= es_patience
        if on_epoch is not None:
            on_epoch(ep, tr, vl, vm, lr_used, stop=stop, best=best)
        if stop:
            break


def warmup_cosine(opt, warm, total):
    import torch
    def f(s):
        if s < warm:
            return (s + 1) / warm
        return 0.5 * (1 + math.cos(math.pi * (s - warm) / max(1, total - warm)))
    return torch.optim.lr_scheduler.LambdaLR(opt, f)


# ----------------------------------------------------------------------------------------------------------------
# loggers
# ----------------------------------------------------------------------------------------------------------------
def fmt(v, p=4):
    return f"{v:.{p}f}"


class PrintEpochs:
    """print -> stdout redirected by the parent into train.log"""

    def __init__(self, name, desc, epochs, metric="acc"):
        self.metric, self.epochs = metric, epochs
        print(f"=== {name} :: {desc} :: {epochs} epochs ===")

    def __call__(self, ep, tr, vl, vm, lr, stop=False, best=None):
        print(f"[epoch {ep}/{self.epochs}] train_loss={tr:.4f} val_loss={vl:.4f} val_{self.metric}={vm:.4f} lr={lr:.3g}")
        if stop:
            print(f"early stop: val_loss has not improved for a while (best {best:.4f})")

    def done(self):
        print("done.")


class LoggingEpochs:
    """logging with asctime -> run.log"""

    def __init__(self, path, name, epochs, lr, metric="acc"):
        import logging
        self.log = logging.getLogger(name)
        self.log.setLevel(logging.INFO)
        h = logging.FileHandler(path)
        h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s - %(message)s"))
        self.log.addHandler(h)
        self.metric = metric
        self.log.info(f"begin training: {epochs} passes over the data, lr {lr}")

    def __call__(self, ep, tr, vl, vm, lr, stop=False, best=None):
        self.log.info(f"pass {ep:03d} | objective {tr:.5f} | holdout objective {vl:.5f} | holdout {self.metric} {vm:.4f}")
        if stop:
            self.log.info(f"patience exhausted at pass {ep}, best holdout objective {best:.5f}")

    def done(self):
        self.log.info("training complete")


class SentenceEpochs:
    def __init__(self, name, epochs, metric="MAE"):
        self.metric, self.epochs = metric, epochs
        print(f"Starting run {name}; it will go for {epochs} epochs.")

    def __call__(self, ep, tr, vl, vm, lr, stop=False, best=None):
        print(f"After epoch {ep} the mean training loss was {tr:.5f}, the dev loss was {vl:.5f} and the dev {self.metric} was {vm:.5f}.")
        if stop:
            print("Stopping: dev loss stopped improving.")

    def done(self):
        print("All epochs finished.")


# ----------------------------------------------------------------------------------------------------------------
# run registry
# ----------------------------------------------------------------------------------------------------------------
RUN_SPECS = {}


def run(name, redirect=None, launches=1, allow_kill=False):
    def deco(f):
        RUN_SPECS[name] = dict(fn=f, redirect=redirect, launches=launches, allow_kill=allow_kill)
        return f
    return deco


def rdir(name):
    d = os.path.join(RUNS, name)
    os.makedirs(d, exist_ok=True)
    return d


def launch_no():
    return int(os.environ.get("NU28_LAUNCH", "1"))


# ======================= text (15) =======================
@run("text/gem_mlp_cosine", redirect="train.log")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(1)
    data = gem_arrays(0)
    m = MLP(7, 5, 64)
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 30
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, E)
    lg = PrintEpochs("gem_mlp_cosine", "mlp adam 3e-3 cosine", E)
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, sched=sch, on_epoch=lg)
    lg.done()


@run("text/gem_sgd_lr8", redirect="train.log")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(2)
    data = gem_arrays(0)
    m = MLP(7, 5, 64)
    opt = torch.optim.SGD(m.parameters(), lr=8.0, momentum=0.9)  # meant 0.08
    E = 25
    lg = PrintEpochs("gem_sgd_lr8", "mlp sgd lr=8.0 momentum 0.9", E)
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_epoch=lg)
    lg.done()


@run("text/gem_killed", allow_kill=True)
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(3)
    data = gem_arrays(0)
    m = MLP(7, 5, 96, drop=0.1)
    opt = torch.optim.AdamW(m.parameters(), 2e-3, weight_decay=1e-2)
    E = 40
    lg = LoggingEpochs(os.path.join(rdir("text/gem_killed"), "run.log"), "gem", E, 2e-3)
    # the job is OOM-killed by the scheduler in the middle of pass 14
    train_loop(m, data, task="cls", epochs=E, bs=32, opt=opt, on_epoch=lg, kill_at_iter=13 * 47 + 20)
    lg.done()


@run("text/gem_tiny_train")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(4)
    Xtr, ytr, Xva, yva = gem_arrays(0)
    data = (Xtr[:40], ytr[:40], Xva, yva)  # debugging subset left in
    m = MLP(7, 5, 256, depth=3)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    E = 300
    lg = LoggingEpochs(os.path.join(rdir("text/gem_tiny_train"), "run.log"), "gem-small", E, 2e-3)
    train_loop(m, data, task="cls", epochs=E, bs=40, opt=opt, on_epoch=lg)
    lg.done()


@run("text/gem_cosine_tmax_stale", redirect="train.log")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(5)
    data = gem_arrays(0)
    m = MLP(7, 5, 64)
    opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    E = 12  # cut down from 120 to save time; T_max left at 120
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=120)
    lg = PrintEpochs("gem_cosine_tmax_stale", "mlp sgd 0.1 cosine T_max=120", E)
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, sched=sch, on_epoch=lg)
    lg.done()


@run("text/beam_mlp_steplr", redirect="output.log")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(6)
    data = beam_arrays(0)
    m = MLP(6, 1, 64)
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 40
    sch = torch.optim.lr_scheduler.StepLR(opt, 15, 0.3)
    lg = SentenceEpochs("beam_mlp_steplr", E)
    train_loop(m, data, task="reg", epochs=E, bs=64, opt=opt, sched=sch, on_epoch=lg)
    lg.done()


@run("text/beam_adam_1e-6", redirect="output.log")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(7)
    data = beam_arrays(0)
    m = MLP(6, 1, 64)
    opt = torch.optim.Adam(m.parameters(), 1e-6)  # typo: meant 1e-3
    E = 30
    lg = SentenceEpochs("beam_adam_1e-6", E)
    train_loop(m, data, task="reg", epochs=E, bs=64, opt=opt, on_epoch=lg)
    lg.done()


@run("text/beam_msle_relu", redirect="output.log")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(8)
    Xtr, dtr, Xva, dva = beam_arrays(0, raw=True)
    Z = np.log(np.concatenate([Xtr, Xva]).astype(np.float64))
    Z = ((Z - Z[:1500].mean(0)) / Z[:1500].std(0)).astype(np.float32)
    data = (Z[:1500], dtr, Z[1500:], dva)
    m = MLP(6, 1, 64, out_relu=True)  # keep predictions positive for the log

    def msle(p, y):
        return ((torch.log(p) - torch.log(y)) ** 2).mean()

    opt = torch.optim.Adam(m.parameters(), 1e-3)
    E = 20
    lg = SentenceEpochs("beam_msle_relu", E, metric="MAE (mm)")
    train_loop(m, data, task="reg", epochs=E, bs=64, opt=opt, loss_fn=msle, on_epoch=lg)
    lg.done()


def tqdm_epoch_runner(name, model, opt, data, E, sched=None, sched_per_batch=False, zero_grad=True, clip=None,
                      seed=0, bs=64):
    """real tqdm bars to stderr (console.txt), tqdm.write summaries"""
    import torch
    import torch.nn as nn
    from tqdm import tqdm
    torch.manual_seed(seed)
    Xtr, ytr, Xva, yva = map(torch.as_tensor, data)
    lf = nn.CrossEntropyLoss()
    n = len(Xtr)
    for ep in range(1, E + 1):
        model.train()
        perm = torch.randperm(n)
        tot = cnt = 0
        bar = tqdm(range(0, n, bs), desc=f"ep{ep}", ascii=True, leave=False, mininterval=0, file=sys.stderr)
        for s in bar:
            idx = perm[s:s + bs]
            loss = lf(model(Xtr[idx]), ytr[idx])
            if zero_grad:
                opt.zero_grad()
            loss.backward()
            if clip:
                nn.utils.clip_grad_norm_(model.parameters(), clip)
            opt.step()
            if sched is not None and sched_per_batch:
                sched.step()
            tot += float(loss) * len(idx)
            cnt += len(idx)
            bar.set_postfix(loss=f"{float(loss):.3f}")
        bar.close()
        model.eval()
        with torch.no_grad():
            o = model(Xva)
            vl = float(lf(o, yva))
            va = float((o.argmax(1) == yva).float().mean())
        if sched is not None and not sched_per_batch:
            sched.step()
        tqdm.write(f"<{ep}/{E}> mean-loss {tot / cnt:.4f} | eval-loss {vl:.4f} | eval-accuracy {va:.4f}")


@run("text/desc_gru_warmup", redirect="console.txt")
def _():
    import torch
    _, SeqRNN, _, _ = torch_models()
    torch.manual_seed(9)
    data = desc_arrays(0)
    m = SeqRNN("gru")
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 20
    sch = warmup_cosine(opt, 60, E * 32)
    tqdm_epoch_runner("desc_gru_warmup", m, opt, data, E, sched=sch, sched_per_batch=True, clip=1.0, seed=9)


@run("text/desc_gru_no_zero_grad", redirect="console.txt")
def _():
    import torch
    _, SeqRNN, _, _ = torch_models()
    torch.manual_seed(10)
    data = desc_arrays(0)
    m = SeqRNN("gru")
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 20
    tqdm_epoch_runner("desc_gru_no_zero_grad", m, opt, data, E, zero_grad=False, seed=10)


def step_printer(E, name, every=25):
    print(f"launching {name}: epochs={E} (launch at {time.strftime('%H:%M:%S')})", flush=True)

    def on_step(it, loss, gn, lr, ep):
        if it % every == 0:
            g = "" if gn is None else f" gnorm={gn:.3f}"
            print(f"step {it:5d} loss={loss:.4f}{g} lr={lr:.2e}", flush=True)

    def on_epoch(ep, tr, vl, vm, lr, stop=False, best=None):
        print(f"--> validation after epoch {ep}: loss={vl:.4f} acc={vm:.4f}", flush=True)

    return on_step, on_epoch


@run("text/desc_lstm_relaunch_append", redirect="stdout.txt", launches=2, allow_kill=True)
def _():
    import torch
    _, SeqRNN, _, _ = torch_models()
    torch.manual_seed(11)
    data = desc_arrays(0)
    m = SeqRNN("lstm")
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 16
    os.makedirs(TMP, exist_ok=True)
    ck = os.path.join(TMP, "desc_lstm_relaunch.pt")
    start = 1
    if launch_no() == 2 and os.path.exists(ck):
        st = torch.load(ck)
        m.load_state_dict(st["model"])
        opt.load_state_dict(st["opt"])
        start = st["ep"] + 1
    on_step, on_epoch = step_printer(E, "desc_lstm")
    kill = 32 * 11 + 10 if launch_no() == 1 else None  # dies in epoch 12; last checkpoint was after epoch 9
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_step=on_step, on_epoch=on_epoch, ckpt=ck, ckpt_every=3,
               start_epoch=start, kill_at_iter=kill, seed=11 + launch_no(), grad_norm=True)
    print("finished", flush=True)
    if launch_no() == 2:
        os.remove(ck)


@run("text/desc_relu_rnn_noclip", redirect="stdout.txt")
def _():
    import torch
    _, SeqRNN, _, _ = torch_models()
    torch.manual_seed(12)
    data = desc_arrays(0)
    m = SeqRNN("rnn", irnn_gain=1.4, hidden=64)  # "IRNN" init, gain bumped up
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)
    E = 15
    on_step, on_epoch = step_printer(E, "desc_relu_rnn", every=1)
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_step=on_step, on_epoch=on_epoch, grad_norm=True,
               seed=12)
    print("finished", flush=True)


@run("text/texture_cnn_plateau", redirect="train.log")
def _():
    import torch
    *_, CNN = torch_models()
    torch.manual_seed(13)
    data = texture_arrays(0)
    m = CNN(5)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    E = 25
    pl = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=2)
    lg = PrintEpochs("texture_cnn_plateau", "cnn adam 2e-3 reduce-on-plateau", E)
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, plateau=pl, on_epoch=lg)
    lg.done()


@run("text/texture_labels_permuted", redirect="train.log")
def _():
    import torch
    *_, CNN = torch_models()
    torch.manual_seed(14)
    Xtr, ytr, Xva, yva = texture_arrays(0)
    # "augment" by shuffling the training images - the labels were not shuffled with them
    rng = np.random.RandomState(0)
    Xtr = Xtr[rng.permutation(len(Xtr))]
    m = CNN(5)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    E = 20
    lg = PrintEpochs("texture_labels_permuted", "cnn adam 2e-3 shuffled", E)
    train_loop(m, (Xtr, ytr, Xva, yva), task="cls", epochs=E, bs=64, opt=opt, on_epoch=lg)
    lg.done()


@run("text/texture_eval_mode_stuck", redirect="train.log")
def _():
    import torch
    *_, CNN = torch_models()
    torch.manual_seed(15)
    data = texture_arrays(0)
    m = CNN(5, bn=True, drop=0.5)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    E = 20
    lg = PrintEpochs("texture_eval_mode_stuck", "cnn bn dropout adam", E)
    m.train()
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_epoch=lg, call_train=False)  # never back to train()
    lg.done()


# ======================= csv / jsonl (9) =======================
def csv_dict_logger(path, fields):
    import csv
    f = open(path, "w", newline="")
    w = csv.DictWriter(f, fieldnames=fields)
    w.writeheader()
    t0 = time.time()

    def cb(ep, tr, vl, vm, lr, stop=False, best=None):
        row = dict(zip(fields, [ep, round(time.time() - t0, 2), tr, vl, vm, lr]))
        w.writerow(row)
        f.flush()
    return cb


@run("csv/beam_dictwriter_cosine")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(16)
    data = beam_arrays(0)
    m = MLP(6, 1, 96)
    opt = torch.optim.AdamW(m.parameters(), 3e-3, weight_decay=1e-4)
    E = 40
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, E)
    cb = csv_dict_logger(os.path.join(rdir("csv/beam_dictwriter_cosine"), "log.csv"),
                         ["epoch", "wall", "fit_mse", "holdout_mse", "holdout_mae", "lr"])
    train_loop(m, data, task="reg", epochs=E, bs=64, opt=opt, sched=sch, on_epoch=cb)


@run("csv/beam_weight_decay_huge")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(17)
    data = beam_arrays(0)
    m = MLP(6, 1, 96)
    opt = torch.optim.AdamW(m.parameters(), 3e-3, weight_decay=30.0)  # "more regularisation is better"
    E = 30
    cb = csv_dict_logger(os.path.join(rdir("csv/beam_weight_decay_huge"), "log.csv"),
                         ["epoch", "wall", "fit_mse", "holdout_mse", "holdout_mae", "lr"])
    train_loop(m, data, task="reg", epochs=E, bs=64, opt=opt, on_epoch=cb)


def csv_writer_logger(path, header):
    import csv
    f = open(path, "w", newline="")
    w = csv.writer(f)
    w.writerow(header)

    def cb(ep, tr, vl, vm, lr, stop=False, best=None):
        w.writerow([ep, f"{tr:.6f}", f"{vl:.6f}", f"{vm:.4f}", f"{lr:.6g}"])
        f.flush()
    return cb


@run("csv/gem_softmax_then_ce")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(18)
    data = gem_arrays(0)
    m = MLP(7, 5, 64, softmax=True)  # softmax layer + CrossEntropyLoss
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 30
    cb = csv_writer_logger(os.path.join(rdir("csv/gem_softmax_then_ce"), "metrics.csv"),
                           ["ep", "trn_loss", "dev_loss", "dev_acc", "lr"])
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_epoch=cb)


@run("csv/gem_mse_on_ids")
def _():
    import torch
    import torch.nn as nn
    MLP, *_ = torch_models()
    torch.manual_seed(19)
    data = gem_arrays(0)
    m = MLP(7, 1, 64)
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 30
    cb = csv_writer_logger(os.path.join(rdir("csv/gem_mse_on_ids"), "metrics.csv"),
                           ["ep", "trn_loss", "dev_loss", "dev_acc", "lr"])
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, loss_fn=nn.MSELoss(), mse_ids=True, on_epoch=cb)


@run("csv/desc_steplr_every_batch")
def _():
    import torch
    import pandas as pd
    _, SeqRNN, _, _ = torch_models()
    torch.manual_seed(20)
    data = desc_arrays(0)
    m = SeqRNN("gru")
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 20
    sch = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)  # meant per epoch; stepped in the batch loop
    rows = []
    path = os.path.join(rdir("csv/desc_steplr_every_batch"), "history.csv")

    def cb(ep, tr, vl, vm, lr, stop=False, best=None):
        rows.append({"epoch": ep, "train/loss": tr, "valid/loss": vl, "valid/acc": vm, "lr": lr})
        pd.DataFrame(rows).to_csv(path, index=False)
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, sched=sch, sched_per_batch=True, on_epoch=cb)


@run("csv/texture_cnn_pandas")
def _():
    import torch
    import pandas as pd
    *_, CNN = torch_models()
    torch.manual_seed(21)
    data = texture_arrays(0)
    m = CNN(5, drop=0.2)
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
    E = 24
    sch = torch.optim.lr_scheduler.MultiStepLR(opt, [12, 18], 0.2)
    rows = []
    path = os.path.join(rdir("csv/texture_cnn_pandas"), "history.csv")

    def cb(ep, tr, vl, vm, lr, stop=False, best=None):
        rows.append({"epoch": ep, "train/loss": tr, "valid/loss": vl, "valid/acc": vm, "lr": lr})
        pd.DataFrame(rows).to_csv(path, index=False)
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, sched=sch, on_epoch=cb)


def jsonl_logger(path, metric):
    f = open(path, "w")

    def on_step(it, loss, gn, lr, ep):
        if it % 20 == 0:
            f.write(json.dumps({"kind": "iter", "iter": it, "loss": loss, "lr": lr}) + "\n")
            f.flush()

    def on_epoch(ep, tr, vl, vm, lr, stop=False, best=None):
        f.write(json.dumps({"kind": "epoch", "epoch": ep, "train_loss": tr, "val_loss": vl, metric: vm}) + "\n")
        f.flush()
    return on_step, on_epoch


@run("jsonl/texture_eval_on_train")
def _():
    import torch
    *_, CNN = torch_models()
    torch.manual_seed(22)
    Xtr, ytr, Xva, yva = texture_arrays(0)
    m = CNN(5)
    opt = torch.optim.Adam(m.parameters(), 1e-3)
    E = 20
    s, e = jsonl_logger(os.path.join(rdir("jsonl/texture_eval_on_train"), "metrics.jsonl"), "val_acc")
    # copy-paste bug: the "validation" loader is built from the training arrays
    train_loop(m, (Xtr, ytr, Xva, yva), task="cls", epochs=E, bs=64, opt=opt, on_step=s, on_epoch=e,
               eval_data=(Xtr, ytr))


@run("jsonl/gem_val_overlaps_train")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(23)
    X, y = make_gem(2000, 0)
    m_, s_ = X.mean(0), X.std(0)
    X = (X - m_) / s_
    rng = np.random.RandomState(1)
    # split drawn with replacement from all rows: validation rows also sit in the training set
    idx_tr = rng.choice(2000, 1500, replace=False)
    idx_va = rng.choice(2000, 500, replace=False)
    data = (X[idx_tr], y[idx_tr], X[idx_va], y[idx_va])
    m = MLP(7, 5, 256, depth=3)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    E = 60
    s, e = jsonl_logger(os.path.join(rdir("jsonl/gem_val_overlaps_train"), "metrics.jsonl"), "val_acc")
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_step=s, on_epoch=e)


@run("jsonl/beam_early_stop")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(24)
    data = beam_arrays(0)
    m = MLP(6, 1, 128, drop=0.05)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    E = 150
    s, e = jsonl_logger(os.path.join(rdir("jsonl/beam_early_stop"), "metrics.jsonl"), "val_mae")
    train_loop(m, data, task="reg", epochs=E, bs=64, opt=opt, on_step=s, on_epoch=e, es_patience=8)


@run("jsonl/gem_constant_column_nan")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(50)
    X, y = make_gem(2000, 0)
    # the lab sheet also has a "lamp" column: every reading was taken under the same 589 nm lamp
    X = np.column_stack([X, np.full(len(X), 589.0, np.float32)])
    X = (X - X.mean(0)) / X.std(0)  # 0 / 0 in the lamp column
    data = (X[:1500], y[:1500], X[1500:], y[1500:])
    m = MLP(8, 5, 64)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    E = 15
    s, e = jsonl_logger(os.path.join(rdir("jsonl/gem_constant_column_nan"), "metrics.jsonl"), "val_acc")
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_step=s, on_epoch=e)


# ======================= tensorboard (9) =======================
def sw_logger(logdir, metric, tbx=False, step_every=10):
    if tbx:
        from tensorboardX import SummaryWriter
        w = SummaryWriter(logdir)
    else:
        from torch.utils.tensorboard import SummaryWriter
        w = SummaryWriter(logdir)

    def on_step(it, loss, gn, lr, ep):
        if it % step_every == 0:
            w.add_scalar("batch/loss", loss, it)
            if gn is not None:
                w.add_scalar("batch/grad_norm", gn, it)

    def on_epoch(ep, tr, vl, vm, lr, stop=False, best=None):
        w.add_scalar("loss/train", tr, ep)
        w.add_scalar("loss/val", vl, ep)
        w.add_scalar(f"metric/val_{metric}", vm, ep)
        w.add_scalar("opt/lr", lr, ep)
        w.flush()
    return on_step, on_epoch, w


@run("tb/texture_cnn_sw")
def _():
    import torch
    *_, CNN = torch_models()
    torch.manual_seed(25)
    data = texture_arrays(0)
    m = CNN(5, bn=True)
    opt = torch.optim.Adam(m.parameters(), 2e-3)
    E = 20
    sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=4e-3, total_steps=E * 24)
    s, e, w = sw_logger(os.path.join(rdir("tb/texture_cnn_sw"), "tb"), "acc")
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, sched=sch, sched_per_batch=True, on_step=s,
               on_epoch=e)
    w.close()


@run("tb/texture_adam_lr1")
def _():
    import torch
    *_, CNN = torch_models()
    torch.manual_seed(26)
    data = texture_arrays(0)
    m = CNN(5)
    opt = torch.optim.Adam(m.parameters(), lr=1.0)  # copied the SGD lr
    E = 15
    s, e, w = sw_logger(os.path.join(rdir("tb/texture_adam_lr1"), "tb"), "acc")
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_step=s, on_epoch=e)
    w.close()


@run("tb/desc_lstm_tbx")
def _():
    import torch
    _, SeqRNN, _, _ = torch_models()
    torch.manual_seed(27)
    data = desc_arrays(0)
    m = SeqRNN("lstm", hidden=64)
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 20
    sch = torch.optim.lr_scheduler.ExponentialLR(opt, 0.9)
    s, e, w = sw_logger(rdir("tb/desc_lstm_tbx"), "acc", tbx=True)
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, sched=sch, clip=1.0, on_step=s, on_epoch=e)
    w.close()


@run("tb/desc_gru_relaunch_same_dir", launches=2, allow_kill=True)
def _():
    import torch
    _, SeqRNN, _, _ = torch_models()
    torch.manual_seed(28)
    data = desc_arrays(0)
    m = SeqRNN("gru")
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    E = 15
    s, e, w = sw_logger(rdir("tb/desc_gru_relaunch_same_dir"), "acc", tbx=True)
    kill = 32 * 7 + 5 if launch_no() == 1 else None  # first launch dies in epoch 8; relaunched from scratch
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_step=s, on_epoch=e, kill_at_iter=kill, seed=28)
    w.close()


@run("tb/gem_frozen_body")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(29)
    data = gem_arrays(0)
    m = MLP(7, 5, 64)
    for p in m.parameters():  # "freeze the backbone" - froze everything
        p.requires_grad = False
    m.net[-1].bias.requires_grad = True
    opt = torch.optim.Adam([p for p in m.parameters() if p.requires_grad], 3e-3)
    E = 20
    s, e, w = sw_logger(os.path.join(rdir("tb/gem_frozen_body"), "tb"), "acc")
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, on_step=s, on_epoch=e)
    w.close()


@run("tb/beam_bf16_sgd")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(30)
    Xtr, ytr, Xva, yva = beam_arrays(0)
    m = MLP(6, 1, 64).to(torch.bfloat16)  # "halve memory"
    data = tuple(torch.as_tensor(a).to(torch.bfloat16) for a in (Xtr, ytr, Xva, yva))
    opt = torch.optim.SGD(m.parameters(), lr=2e-4)
    E = 20
    s, e, w = sw_logger(os.path.join(rdir("tb/beam_bf16_sgd"), "tb"), "mae")
    train_loop(m, data, task="reg", epochs=E, bs=64, opt=opt, on_step=s, on_epoch=e)
    w.close()


@run("tb/beam_warmup_cosine_tbx")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(31)
    data = beam_arrays(0)
    m = MLP(6, 1, 96, depth=3)
    opt = torch.optim.AdamW(m.parameters(), 3e-3, weight_decay=1e-3)
    E = 35
    sch = warmup_cosine(opt, 100, E * 24)
    s, e, w = sw_logger(rdir("tb/beam_warmup_cosine_tbx"), "mae", tbx=True)
    train_loop(m, data, task="reg", epochs=E, bs=64, opt=opt, sched=sch, sched_per_batch=True, on_step=s,
               on_epoch=e, grad_norm=True)
    w.close()


@run("tb/gem_clip_sw")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(32)
    data = gem_arrays(0)
    m = MLP(7, 5, 128, drop=0.2)
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    E = 30
    sch = torch.optim.lr_scheduler.StepLR(opt, 10, 0.5)
    s, e, w = sw_logger(os.path.join(rdir("tb/gem_clip_sw"), "tb"), "acc")
    train_loop(m, data, task="cls", epochs=E, bs=32, opt=opt, sched=sch, clip=2.0, on_step=s, on_epoch=e)
    w.close()


@run("tb/desc_tfm_warmup")
def _():
    import torch
    _, _, SeqTfm, _ = torch_models()
    torch.manual_seed(33)
    data = desc_arrays(0)
    m = SeqTfm()
    opt = torch.optim.AdamW(m.parameters(), 1e-3, weight_decay=0.01)
    E = 20
    sch = warmup_cosine(opt, 80, E * 32)
    s, e, w = sw_logger(os.path.join(rdir("tb/desc_tfm_warmup"), "tb"), "acc")
    train_loop(m, data, task="cls", epochs=E, bs=64, opt=opt, sched=sch, sched_per_batch=True, clip=1.0,
               on_step=s, on_epoch=e)
    w.close()


# ======================= lightning (6) =======================
def lightning_fit(name, module, data, epochs, bs, task, seed, tiny_rows=None, shift_labels=False):
    import torch
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    L.seed_everything(seed, verbose=False)
    Xtr, ytr, Xva, yva = data
    if tiny_rows:
        Xtr, ytr = Xtr[:tiny_rows], ytr[:tiny_rows]

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, y, shift=False):
            self.X, self.y, self.shift = torch.as_tensor(X), torch.as_tensor(y), shift

        def __len__(self):
            return len(self.X)

        def __getitem__(self, i):
            if self.shift:  # off-by-one when the target table was built with a header row
                return self.X[i], self.y[(i + 1) % len(self.y)]
            return self.X[i], self.y[i]

    tl = torch.utils.data.DataLoader(DS(Xtr, ytr, shift_labels), batch_size=bs, shuffle=True)
    vl = torch.utils.data.DataLoader(DS(Xva, yva), batch_size=512)
    tr = L.Trainer(max_epochs=epochs, logger=CSVLogger(rdir(name), name="lightning_logs"),
                   callbacks=[LearningRateMonitor("epoch")], enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=10,
                   accelerator="cpu", devices=1, deterministic=True)
    tr.fit(module, tl, vl)


def lit_module(net, task, lr, opt="adam", sched=None, epochs=None, wd=0.0):
    import torch
    import torch.nn as nn
    import lightning as L

    class M(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = net
            self.lf = nn.CrossEntropyLoss() if task == "cls" else nn.MSELoss()

        def forward(self, x):
            o = self.net(x)
            return o if task == "cls" else o.squeeze(-1)

        def training_step(self, b, i):
            x, y = b
            loss = self.lf(self(x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            o = self(x)
            self.log("val_loss", self.lf(o, y))
            if task == "cls":
                self.log("val_acc", (o.argmax(1) == y).float().mean())
            else:
                self.log("val_mae", (o - y).abs().mean())

        def configure_optimizers(self):
            if opt == "adam":
                o = torch.optim.Adam(self.parameters(), lr, weight_decay=wd)
            else:
                o = torch.optim.SGD(self.parameters(), lr, momentum=0.9, weight_decay=wd)
            if sched == "cos":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, epochs)}
            if sched == "plateau":
                return {"optimizer": o, "lr_scheduler": {
                    "scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.5, patience=2),
                    "monitor": "val_loss"}}
            return o
    return M()


@run("lightning/gem_mlp_cos")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(34)
    lightning_fit("lightning/gem_mlp_cos", lit_module(MLP(7, 5, 96, drop=0.1), "cls", 3e-3, sched="cos", epochs=25),
                  gem_arrays(0), 25, 64, "cls", 34)


@run("lightning/beam_mlp_plateau")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(35)
    lightning_fit("lightning/beam_mlp_plateau", lit_module(MLP(6, 1, 96), "reg", 3e-3, sched="plateau"),
                  beam_arrays(0), 30, 64, "reg", 35)


@run("lightning/texture_cnn")
def _():
    import torch
    *_, CNN = torch_models()
    torch.manual_seed(36)
    lightning_fit("lightning/texture_cnn", lit_module(CNN(5), "cls", 0.03, opt="sgd", sched="cos", epochs=20,
                                                      wd=5e-4), texture_arrays(0), 20, 64, "cls", 36)


@run("lightning/desc_gru_200rows")
def _():
    import torch
    _, SeqRNN, _, _ = torch_models()
    torch.manual_seed(37)
    lightning_fit("lightning/desc_gru_200rows", lit_module(SeqRNN("gru", hidden=96), "cls", 3e-3),
                  desc_arrays(0), 120, 32, "cls", 37, tiny_rows=200)


@run("lightning/gem_sgd_lr30")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(38)
    lightning_fit("lightning/gem_sgd_lr30", lit_module(MLP(7, 5, 64), "cls", 30.0, opt="sgd"),
                  gem_arrays(0), 20, 64, "cls", 38)


@run("lightning/beam_target_off_by_one")
def _():
    import torch
    MLP, *_ = torch_models()
    torch.manual_seed(39)
    lightning_fit("lightning/beam_target_off_by_one", lit_module(MLP(6, 1, 96), "reg", 2e-3),
                  beam_arrays(0), 25, 64, "reg", 39, shift_labels=True)


# ======================= keras (6) =======================
def keras_dense(d_in, d_out, hidden=64, act_out=None, drop=0.0, l2=0.0):
    import keras
    reg = keras.regularizers.l2(l2) if l2 else None
    layers = [keras.Input((d_in,)), keras.layers.Dense(hidden, activation="relu", kernel_regularizer=reg)]
    if drop:
        layers.append(keras.layers.Dropout(drop))
    layers.append(keras.layers.Dense(hidden, activation="relu", kernel_regularizer=reg))
    if drop:
        layers.append(keras.layers.Dropout(drop))
    layers.append(keras.layers.Dense(d_out, activation=act_out))
    return keras.Sequential(layers)


@run("keras/gem_csvlogger")
def _():
    import keras
    keras.utils.set_random_seed(40)
    Xtr, ytr, Xva, yva = gem_arrays(0)
    m = keras_dense(7, 5, 64, act_out="softmax")
    m.compile(keras.optimizers.Adam(2e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=30, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(rdir("keras/gem_csvlogger"), "training.log"))])


@run("keras/gem_sgd_1e-6")
def _():
    import keras
    keras.utils.set_random_seed(41)
    Xtr, ytr, Xva, yva = gem_arrays(0)
    m = keras_dense(7, 5, 64, act_out="softmax")
    m.compile(keras.optimizers.SGD(1e-6), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=25, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(rdir("keras/gem_sgd_1e-6"), "training.log"))])


@run("keras/beam_history_rlrop")
def _():
    import keras
    import pandas as pd
    keras.utils.set_random_seed(42)
    Xtr, ytr, Xva, yva = beam_arrays(0)
    m = keras_dense(6, 1, 96)
    m.compile(keras.optimizers.Adam(3e-3), "mse", metrics=["mae"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=40, batch_size=64, verbose=0,
              callbacks=[keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3)])
    pd.DataFrame(h.history).to_csv(os.path.join(rdir("keras/beam_history_rlrop"), "history.csv"))


@run("keras/beam_raw_units_sgd")
def _():
    import keras
    import pandas as pd
    keras.utils.set_random_seed(43)
    Xtr, ytr, Xva, yva = beam_arrays(0, raw=True)  # forgot the log/standardise step
    m = keras_dense(6, 1, 64)
    m.compile(keras.optimizers.SGD(1e-3), "mse", metrics=["mae"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=15, batch_size=64, verbose=0)
    pd.DataFrame(h.history).to_csv(os.path.join(rdir("keras/beam_raw_units_sgd"), "history.csv"))


@run("keras/texture_dense_es_json")
def _():
    import keras
    keras.utils.set_random_seed(44)
    Xtr, ytr, Xva, yva = texture_arrays(0)
    m = keras_dense(144, 5, 128, act_out="softmax", drop=0.3)
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xtr.reshape(len(Xtr), -1), ytr, validation_data=(Xva.reshape(len(Xva), -1), yva), epochs=60,
              batch_size=64, verbose=0,
              callbacks=[keras.callbacks.EarlyStopping(patience=6, restore_best_weights=True)])
    with open(os.path.join(rdir("keras/texture_dense_es_json"), "history.json"), "w") as f:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f)


@run("keras/gem_l2_dropout_heavy")
def _():
    import keras
    keras.utils.set_random_seed(45)
    Xtr, ytr, Xva, yva = gem_arrays(0)
    m = keras_dense(7, 5, 64, act_out="softmax", drop=0.8, l2=1.0)
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=30, batch_size=64, verbose=0)
    with open(os.path.join(rdir("keras/gem_l2_dropout_heavy"), "history.json"), "w") as f:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f)


# ======================= HF Trainer (4) =======================
def hf_run(name, arch, lr, epochs=5, seed=46):
    import torch
    import transformers as T
    T.set_seed(seed)
    Xtr, ytr, Xva, yva = desc_arrays(0)
    common = dict(vocab_size=8, num_labels=4, pad_token_id=0)
    if arch == "roformer":
        cfg = T.RoFormerConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                               max_position_embeddings=16, embedding_size=48, **common)
        model = T.RoFormerForSequenceClassification(cfg)
    elif arch == "mistral":
        cfg = T.MistralConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                              intermediate_size=96, max_position_embeddings=16, **common)
        model = T.MistralForSequenceClassification(cfg)
    elif arch == "squeezebert":
        cfg = T.SqueezeBertConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                                  embedding_size=48, max_position_embeddings=16, q_groups=1, k_groups=1, v_groups=1,
                                  post_attention_groups=1, intermediate_groups=1, output_groups=1, **common)
        model = T.SqueezeBertForSequenceClassification(cfg)
    elif arch == "phi3":
        cfg = T.Phi3Config(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=4,
                           intermediate_size=96, max_position_embeddings=16, **common)
        model = T.Phi3ForSequenceClassification(cfg)

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, y):
            self.X, self.y = X, y

        def __len__(self):
            return len(self.X)

        def __getitem__(self, i):
            return {"input_ids": torch.as_tensor(self.X[i]), "attention_mask": torch.ones(10, dtype=torch.long),
                    "labels": torch.as_tensor(self.y[i])}

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}

    out = rdir(name)
    args = T.TrainingArguments(output_dir=out, num_train_epochs=epochs, per_device_train_batch_size=32,
                               per_device_eval_batch_size=256, learning_rate=lr, warmup_steps=30,
                               lr_scheduler_type="linear", logging_steps=10, eval_strategy="steps", eval_steps=50,
                               save_strategy="no", report_to="none", seed=seed, max_grad_norm=1.0,
                               disable_tqdm=True, use_cpu=True)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva),
                   compute_metrics=metrics)
    tr.train()
    tr.evaluate()
    tr.save_state()


@run("hf/desc_roformer")
def _():
    hf_run("hf/desc_roformer", "roformer", 2e-3, seed=46)


@run("hf/desc_mistral")
def _():
    hf_run("hf/desc_mistral", "mistral", 2e-3, seed=47)


@run("hf/desc_squeezebert_lr_high")
def _():
    hf_run("hf/desc_squeezebert_lr_high", "squeezebert", 0.5, seed=48)  # 5e-1 typed for 5e-4


@run("hf/desc_phi3_lr_tiny")
def _():
    hf_run("hf/desc_phi3_lr_tiny", "phi3", 2e-8, seed=49)  # 2e-8 typed for 2e-4


# ----------------------------------------------------------------------------------------------------------------
def make_one(name):
    """Run one spec in subprocess(es), redirecting its output as the user would have."""
    spec = RUN_SPECS[name]
    d = os.path.join(RUNS, name)
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    os.makedirs(TMP, exist_ok=True)
    t0 = time.time()
    rcs = []
    for ln in range(1, spec["launches"] + 1):
        env = dict(os.environ, NU28_LAUNCH=str(ln), OMP_NUM_THREADS="1", KERAS_BACKEND="torch",
                   PYTHONHASHSEED="0", TF_CPP_MIN_LOG_LEVEL="3")
        cmd = [sys.executable, os.path.abspath(__file__), "--child", name]
        errp = os.path.join(TMP, name.replace("/", "__") + f".{ln}.stderr")
        if spec["redirect"]:
            out = open(os.path.join(d, spec["redirect"]), "a")
            err = out if spec["redirect"] == "console.txt" else open(errp, "w")
        else:
            out = open(os.path.join(TMP, name.replace("/", "__") + f".{ln}.stdout"), "w")
            err = open(errp, "w")
        p = subprocess.run(cmd, stdout=out, stderr=err, env=env, cwd=TMP)
        rcs.append(p.returncode)
        out.close()
        if err is not out:
            err.close()
    ok = all(rc == 0 or (spec["allow_kill"] and rc == -9) for rc in rcs)
    return name, rcs, ok, time.time() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--child")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    if a.child:
        RUN_SPECS[a.child]["fn"]()
        return
    names = [a.only] if a.only else list(RUN_SPECS)
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(a.jobs) as ex:
        for name, rcs, ok, dt in ex.map(make_one, names):
            print(f"{'ok ' if ok else 'ERR'} {name} rc={rcs} {dt:.1f}s", flush=True)


if __name__ == "__main__":
    main()
