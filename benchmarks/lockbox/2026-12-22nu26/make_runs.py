"""Lock-box batch 2026-12-22nu26: small CPU trainings written as a new user would, each logged by its own logger.

python make_runs.py                      # all runs
python make_runs.py --only text/cloud_mlp_ok   # one run
python make_runs.py --part 0/2           # half of the runs (two halves can run side by side)
"""
import os, sys, json, csv, math, time, signal, argparse, logging, shutil, random

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ["KERAS_BACKEND"] = "torch"
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_num_threads(1)
ROOT = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(ROOT, "runs")


# ----------------------------------------------------------------------------------------------- data
def data_cloud(seed=0, n=2400):
    """cloud genus (K=5) from base altitude, top altitude, temperature, dew-point spread, humidity, wind shear,
    droplet concentration drawn around genus means; 4% label noise."""
    rng = np.random.default_rng(100 + seed)
    K = 5
    means = np.array([[0.2, 0.6, 1.0, -0.4, 0.8, 0.1, 0.9],
                      [1.8, 2.0, -1.1, 0.3, 0.2, 1.2, -0.6],
                      [0.5, 2.6, 0.1, 0.9, 1.1, -0.8, 0.4],
                      [1.1, 1.3, -0.3, -1.2, -0.5, 0.4, 1.6],
                      [-0.4, 0.1, 0.6, 1.4, -1.0, -0.2, -0.9]])
    y = rng.integers(0, K, n)
    X = means[y] + rng.normal(0, 0.85, (n, 7))
    noise = rng.random(n) < 0.04
    y = np.where(noise, rng.integers(0, K, n), y)
    X = (X - X[:1800].mean(0)) / X[:1800].std(0)
    return X[:1800].astype(np.float32), y[:1800], X[1800:].astype(np.float32), y[1800:], K


def data_kiln(seed=0, n=2000):
    """kiln firing shrinkage (regression): peak temperature, hold minutes, clay moisture, grog %, ramp rate,
    wall thickness -> standardised shrinkage."""
    rng = np.random.default_rng(200 + seed)
    T = rng.uniform(1000, 1300, n); hold = rng.uniform(5, 60, n); moist = rng.uniform(15, 30, n)
    grog = rng.uniform(0, 25, n); ramp = rng.uniform(50, 250, n); thick = rng.uniform(3, 20, n)
    s = (0.02 * (T - 1000) + 1.5 * np.log(hold) + 0.25 * moist - 0.12 * grog - 0.004 * ramp
         + 0.8 * np.sin(thick / 3.0) + 0.0002 * (T - 1000) * np.sqrt(hold) + rng.normal(0, 0.35, n))
    X = np.stack([T, hold, moist, grog, ramp, thick], 1)
    mu, sd = X[:1500].mean(0), X[:1500].std(0)
    X = (X - mu) / sd
    s = (s - s[:1500].mean()) / s[:1500].std()
    return X[:1500].astype(np.float32), s[:1500].astype(np.float32), X[1500:].astype(np.float32), s[1500:].astype(np.float32), 1


def data_bearing(seed=0, n=2000):
    """vibration snippets (48 samples) of a rotating shaft; class = healthy / inner-race / outer-race / ball fault,
    each fault adding its own characteristic frequency with random phase, amplitude and impulsive bursts."""
    rng = np.random.default_rng(300 + seed)
    K = 4
    t = np.arange(48) / 48.0
    y = rng.integers(0, K, n)
    freq = np.array([0.0, 9.0, 5.0, 13.0])
    X = np.sin(2 * np.pi * 2 * t[None] + rng.uniform(0, 6.28, (n, 1)))
    amp = rng.uniform(0.4, 0.9, (n, 1))
    fault = amp * np.sin(2 * np.pi * freq[y][:, None] * t[None] + rng.uniform(0, 6.28, (n, 1)))
    X = X + np.where(y[:, None] > 0, fault, 0.0) + rng.normal(0, 0.45, (n, 48))
    return X[:1500, None].astype(np.float32), y[:1500], X[1500:, None].astype(np.float32), y[1500:], K


def data_vote(seed=0, n=2400, L=15):
    """15 tokens over 6 symbols (0 = filler); class = which of symbols 1/2/3 occurs most often (ties -> lowest)."""
    rng = np.random.default_rng(400 + seed)
    X = rng.integers(0, 6, (n, L))
    cnt = np.stack([(X == s).sum(1) for s in (1, 2, 3)], 1)
    y = cnt.argmax(1)
    return X[:1800].astype(np.int64), y[:1800], X[1800:].astype(np.int64), y[1800:], 3


DATA = {"cloud": data_cloud, "kiln": data_kiln, "bearing": data_bearing, "vote": data_vote}


# ----------------------------------------------------------------------------------------------- models
class MLP(nn.Module):
    def __init__(self, d, out, h=64, depth=2, p=0.0, bn=False, act=nn.ReLU):
        super().__init__()
        layers = []
        for i in range(depth):
            layers += [nn.Linear(d if i == 0 else h, h)]
            if bn:
                layers += [nn.BatchNorm1d(h)]
            layers += [act()]
            if p:
                layers += [nn.Dropout(p)]
        layers += [nn.Linear(h, out)]
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


class CNN1d(nn.Module):
    def __init__(self, out, c=16, p=0.0, bn=False):
        super().__init__()
        self.c1 = nn.Conv1d(1, c, 7, padding=3)
        self.b1 = nn.BatchNorm1d(c) if bn else nn.Identity()
        self.c2 = nn.Conv1d(c, c, 5, padding=2)
        self.drop = nn.Dropout(p)
        self.fc = nn.Linear(c * 12, out)

    def forward(self, x):
        x = F.max_pool1d(F.relu(self.b1(self.c1(x))), 2)
        x = F.max_pool1d(F.relu(self.c2(x)), 2)
        return self.fc(self.drop(x.flatten(1)))


class SeqNet(nn.Module):
    def __init__(self, out, kind="gru", h=48, vocab=6, emb=16, rec_scale=None):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.kind = kind
        if kind == "gru":
            self.rnn = nn.GRU(emb, h, batch_first=True)
        elif kind == "lstm":
            self.rnn = nn.LSTM(emb, h, batch_first=True)
        else:
            self.rnn = nn.RNN(emb, h, batch_first=True, nonlinearity="relu")
            if rec_scale:
                with torch.no_grad():
                    self.rnn.weight_hh_l0.copy_(rec_scale * torch.eye(h) + 0.05 * torch.randn(h, h))
        self.fc = nn.Linear(h, out)

    def forward(self, x):
        o, _ = self.rnn(self.emb(x))
        return self.fc(o[:, -1])


class TinyTfm(nn.Module):
    def __init__(self, out, d=32, vocab=6, L=15):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.pos = nn.Parameter(torch.randn(L, d) * 0.1)
        layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.1, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 2)
        self.fc = nn.Linear(d, out)

    def forward(self, x):
        return self.fc(self.enc(self.emb(x) + self.pos).mean(1))


def build(spec, K, d_in):
    m = spec.get("model", "mlp")
    out = 1 if spec.get("loss") in ("mse", "mse_ids", "nmse") else K
    if m == "mlp":
        net = MLP(d_in, out, spec.get("h", 64), spec.get("depth", 2), spec.get("p", 0.0), spec.get("bn", False))
    elif m == "cnn":
        net = CNN1d(out, p=spec.get("p", 0.0), bn=spec.get("bn", False))
    elif m in ("gru", "lstm", "rnn"):
        net = SeqNet(out, m, rec_scale=spec.get("rec_scale"))
    else:
        net = TinyTfm(out)
    if spec.get("loss") == "double_softmax":
        net = nn.Sequential(net, nn.Softmax(dim=1))
    return net


# ----------------------------------------------------------------------------------------------- training
def fit(spec, emit, step_emit=None, start_epoch=0, ckpt_in=None, ckpt_out=None, stop_after=None):
    """Plain PyTorch loop.  Faults are switched on by spec keys and live in the code paths below."""
    seed = spec.get("seed", 0)
    torch.manual_seed(seed); np.random.seed(seed); random.seed(seed)
    Xtr, ytr, Xva, yva, K = DATA[spec["task"]](spec.get("dseed", 0))
    if spec.get("n_train"):
        Xtr, ytr = Xtr[:spec["n_train"]], ytr[:spec["n_train"]]
    if spec.get("shuffle_labels"):             # "shuffle the training set" - but only the labels got shuffled
        ytr = np.random.default_rng(7).permutation(ytr)
    if spec.get("raw_val"):                    # train set standardised, val set fed in raw units (x 40 + offset)
        Xva = Xva * 40.0 + 25.0
    reg = K == 1
    Xtr_t, Xva_t = torch.tensor(Xtr), torch.tensor(Xva)
    ytr_t = torch.tensor(ytr, dtype=torch.float32 if reg else torch.long)
    yva_t = torch.tensor(yva, dtype=torch.float32 if reg else torch.long)
    if spec.get("eval_on_train"):
        Xva_t, yva_t = Xtr_t[:len(Xva_t)], ytr_t[:len(yva_t)]
    model = build(spec, K, Xtr.shape[-1] if Xtr.ndim == 2 and Xtr.dtype != np.int64 else None)
    if spec.get("dtype") == "half":
        model = model.to(torch.bfloat16)
    params = model.parameters()
    if spec.get("wrong_params"):               # optimizer built on a fresh copy, not on the model that is trained
        params = build(spec, K, Xtr.shape[-1] if Xtr.dtype != np.int64 else None).parameters()
    lr, wd = spec["lr"], spec.get("wd", 0.0)
    opt_name = spec.get("opt", "adam")
    if opt_name == "sgd":
        opt = torch.optim.SGD(params, lr=lr, momentum=spec.get("mom", 0.9), weight_decay=wd)
    elif opt_name == "adamw":
        opt = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    else:
        opt = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    E = spec["epochs"]
    bs = spec.get("bs", 64)
    nb = math.ceil(len(Xtr_t) / bs)
    sched, sched_kind = None, spec.get("sched")
    if sched_kind == "cosine":
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=spec.get("T", E))
    elif sched_kind == "step":
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=spec.get("step", 10), gamma=0.3)
    elif sched_kind == "plateau":
        sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=2)
    elif sched_kind == "warmcos":
        W = spec.get("warm", 3) * nb; T = spec.get("T", E) * nb
        sched = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda s: (s + 1) / W if s < W else 0.5 * (1 + math.cos(math.pi * min(1.0, (s - W) / max(1, T - W)))))
    elif sched_kind == "onecycle":
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=spec.get("T", E) * nb)
    per_batch = sched_kind in ("warmcos", "onecycle") or spec.get("step_per_batch")
    if ckpt_in:
        st = torch.load(ckpt_in)
        model.load_state_dict(st["model"]); opt.load_state_dict(st["opt"])
        if sched is not None and "sched" in st:
            sched.load_state_dict(st["sched"])
    if spec.get("loss") == "mse_ids":
        lossf = lambda out, y: F.mse_loss(out.squeeze(1), y.float())
    elif spec.get("loss") == "nmse":           # "scale-free" MSE: divide by the batch's target spread
        lossf = lambda out, y: F.mse_loss(out.squeeze(1), y) / y.std()
    elif reg:
        lossf = lambda out, y: F.mse_loss(out.squeeze(1), y)
    elif spec.get("loss") == "manual_ce":      # hand-written cross-entropy: sum(onehot * log(softmax))
        lossf = lambda out, y: -(F.one_hot(y, K) * torch.log(torch.softmax(out, 1))).sum(1).mean()
    else:
        lossf = nn.CrossEntropyLoss()
    best, bad = float("inf"), 0
    gstep = start_epoch * nb
    g = torch.Generator().manual_seed(seed + 1)
    for ep in range(start_epoch, E):
        if not spec.get("no_train_switch"):
            model.train()
        perm = torch.randperm(len(Xtr_t), generator=g)
        tot, cnt, gn_list = 0.0, 0, []
        for b in range(nb):
            idx = perm[b * bs:(b + 1) * bs]
            xb, yb = Xtr_t[idx], ytr_t[idx]
            if spec.get("dtype") == "half" and xb.dtype == torch.float32:
                xb = xb.to(torch.bfloat16)
            if not spec.get("no_zero_grad"):
                opt.zero_grad()
            out = model(xb).float()
            loss = lossf(out, yb)
            loss.backward()
            gn = torch.nn.utils.clip_grad_norm_(model.parameters(), spec["clip"]) if spec.get("clip") else \
                torch.sqrt(sum((p.grad.float() ** 2).sum() for p in model.parameters() if p.grad is not None) + 0.0) \
                if any(p.grad is not None for p in model.parameters()) else torch.tensor(0.0)
            gn_list.append(float(gn))
            opt.step()
            if sched is not None and per_batch:
                sched.step()
            tot += float(loss) * len(idx); cnt += len(idx); gstep += 1
            if step_emit and gstep % spec.get("log_every", 10) == 0:
                step_emit(dict(step=gstep, epoch=ep + 1, loss=float(loss), lr=opt.param_groups[0]["lr"], grad_norm=float(gn)))
        if not spec.get("no_eval_switch"):
            model.eval()
        with torch.no_grad():
            xv = Xva_t.to(torch.bfloat16) if spec.get("dtype") == "half" and Xva_t.dtype == torch.float32 else Xva_t
            out = model(xv).float()
            vl = float(lossf(out, yva_t))
            if reg:
                vm = float(1 - ((out.squeeze(1) - yva_t) ** 2).sum() / ((yva_t - yva_t.mean()) ** 2).sum())
            elif spec.get("loss") == "mse_ids":
                vm = float((out.squeeze(1).round().clamp(0, K - 1).long() == yva_t).float().mean())
            else:
                vm = float((out.argmax(1) == yva_t).float().mean())
        wn = float(torch.sqrt(sum((p.float() ** 2).sum() for p in model.parameters())))
        rec = dict(epoch=ep + 1, train_loss=tot / cnt, val_loss=vl, val_metric=vm, lr=opt.param_groups[0]["lr"],
                   grad_norm=float(np.mean(gn_list)), weight_norm=wn, metric_name="r2" if reg else "acc")
        emit(rec)
        if sched is not None and not per_batch:
            if sched_kind == "plateau":
                sched.step(vl)
            elif spec.get("step_per_batch") is None:
                sched.step()
        if spec.get("kill_at") and ep + 1 == spec["kill_at"]:
            os.kill(os.getpid(), signal.SIGKILL)
        if ckpt_out and ep + 1 == spec.get("ckpt_at"):
            torch.save(dict(model=model.state_dict(), opt=opt.state_dict(),
                            **({"sched": sched.state_dict()} if sched is not None else {})), ckpt_out)
        if stop_after and ep + 1 == stop_after:
            return
        if spec.get("early_stop"):
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= spec["early_stop"]:
                    emit_stop = getattr(emit, "stop", None)
                    if emit_stop:
                        emit_stop(ep + 1)
                    return


# ----------------------------------------------------------------------------------------------- loggers
def open_text(path):
    return open(path, "a", buffering=1)


def text_emitters(style, path, spec, name):
    f = open_text(path)
    E = spec["epochs"]
    if style == "pipe":
        f.write(f"run {name}: task={spec['task']} model={spec.get('model','mlp')} lr={spec['lr']} epochs={E}\n")

        def emit(r):
            f.write(f"ep {r['epoch']:>3}/{E} | trn {r['train_loss']:.4f} | dev {r['val_loss']:.4f} | "
                    f"dev_{r['metric_name']} {r['val_metric']:.4f} | lr {r['lr']:.2e}\n")
        return emit, None, f
    if style == "logging":
        lg = logging.getLogger(name); lg.handlers = []; lg.propagate = False
        h = logging.FileHandler(path); h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        lg.addHandler(h); lg.setLevel(logging.INFO)
        lg.info("starting %s on %s, %d epochs", spec.get("model", "mlp"), spec["task"], E)

        def emit(r):
            lg.info("epoch=%d objective=%.5f heldout_objective=%.5f heldout_%s=%.4f step_size=%.3g", r["epoch"],
                    r["train_loss"], r["val_loss"], r["metric_name"], r["val_metric"], r["lr"])
            h.flush()

        def semit(s):
            lg.info("iter %d objective %.5f gnorm %.4f", s["step"], s["loss"], s["grad_norm"]); h.flush()
        emit.stop = lambda e: lg.info("no improvement for %d epochs, stopping at epoch %d", spec["early_stop"], e)
        return emit, semit, f
    if style == "tqdm":
        def emit(r):
            f.write(f"Epoch {r['epoch']}/{E}: 100%|##########| done [mean_loss={r['train_loss']:.4f}]\n")
            f.write(f"  >> validation: loss {r['val_loss']:.4f}, {r['metric_name']} {100*r['val_metric']:.2f}%\n")
        emit.stop = lambda e: f.write(f"early stopping triggered after epoch {e}\n")
        return emit, None, f
    if style == "bracket":
        f.write(f"# {name}\n")

        def emit(r):
            f.write(f"[{r['epoch']:03d}] loss(train)={r['train_loss']:.5g} loss(valid)={r['val_loss']:.5g} "
                    f"{r['metric_name']}(valid)={r['val_metric']:.4f} gradnorm={r['grad_norm']:.4g}\n")
        emit.stop = lambda e: f.write(f"patience exhausted at {e}\n")
        return emit, None, f
    raise ValueError(style)


def csv_emitters(kind, path, spec):
    if kind == "csv":
        f = open(path, "a", newline="", buffering=1)
        w = csv.writer(f)
        if f.tell() == 0:
            w.writerow(["epoch", "loss_tr", "loss_va", "score_va", "learning_rate", "wnorm"])

        def emit(r):
            w.writerow([r["epoch"], f"{r['train_loss']:.6g}", f"{r['val_loss']:.6g}", f"{r['val_metric']:.5f}",
                        f"{r['lr']:.6g}", f"{r['weight_norm']:.5g}"]); f.flush()
        return emit, None, f
    if kind == "dictcsv":
        f = open(path, "a", newline="", buffering=1)
        w = csv.DictWriter(f, ["wall", "epoch", "fit_loss", "holdout_loss", "holdout_acc", "lr"])
        if f.tell() == 0:
            w.writeheader()
        t0 = time.time()

        def emit(r):
            w.writerow(dict(wall=round(time.time() - t0, 3), epoch=r["epoch"], fit_loss=r["train_loss"],
                            holdout_loss=r["val_loss"], holdout_acc=r["val_metric"], lr=r["lr"])); f.flush()
        return emit, None, f
    # jsonl
    f = open(path, "a", buffering=1)

    def emit(r):
        f.write(json.dumps({"kind": "epoch", "n": r["epoch"], "train": {"loss": r["train_loss"]},
                            "eval": {"loss": r["val_loss"], r["metric_name"]: r["val_metric"]}, "lr": r["lr"]}) + "\n")

    def semit(s):
        f.write(json.dumps({"kind": "step", "n": s["step"], "loss": s["loss"], "grad_norm": s["grad_norm"]}) + "\n")
    return emit, semit, f


def tb_emitters(lib, logdir, spec):
    if lib == "tbx":
        from tensorboardX import SummaryWriter
    else:
        from torch.utils.tensorboard import SummaryWriter
    w = SummaryWriter(logdir)
    tags = spec.get("tags", ("Loss/train", "Loss/val", "Metric/val", "opt/lr"))

    def emit(r):
        w.add_scalar(tags[0], r["train_loss"], r["epoch"])
        w.add_scalar(tags[1], r["val_loss"], r["epoch"])
        w.add_scalar(tags[2], r["val_metric"], r["epoch"])
        w.add_scalar(tags[3], r["lr"], r["epoch"])
        if spec.get("log_wn"):
            w.add_scalar("diag/weight_norm", r["weight_norm"], r["epoch"])
        w.flush()

    def semit(s):
        w.add_scalar("step/loss", s["loss"], s["step"])
        w.add_scalar("step/grad_norm", s["grad_norm"], s["step"])
    return emit, (semit if spec.get("steps") else None), w


# ----------------------------------------------------------------------------------------------- run table
R = {}
# text logs (15)
R["text/cloud_mlp_pipe_ok"] = dict(style="pipe", task="cloud", lr=2e-3, epochs=25, sched="cosine", p=0.1)
R["text/kiln_mlp_logging_ok"] = dict(style="logging", task="kiln", lr=3e-3, epochs=40, sched="plateau", h=64, steps=True, log_every=24)
R["text/bearing_cnn_tqdm_ok"] = dict(style="tqdm", task="bearing", model="cnn", lr=2e-3, epochs=30, early_stop=5, bn=True)
R["text/vote_gru_bracket_ok"] = dict(style="bracket", task="vote", model="gru", lr=3e-3, epochs=30, clip=1.0)
R["text/cloud_sgd_lr40_pipe"] = dict(style="pipe", task="cloud", lr=40.0, opt="sgd", epochs=20)
R["text/kiln_adam_lr1e-7_tqdm"] = dict(style="tqdm", task="kiln", lr=1e-7, epochs=30)
R["text/vote_rnn_explode_bracket"] = dict(style="bracket", task="vote", model="rnn", rec_scale=1.4, lr=2e-3, opt="sgd", mom=0.9, epochs=25)
R["text/bearing_cnn_nozerograd_logging"] = dict(style="logging", task="bearing", model="cnn", lr=2e-3, opt="sgd", mom=0.9, epochs=25, no_zero_grad=True)
R["text/cloud_shuffledlabels_tqdm"] = dict(style="tqdm", task="cloud", lr=2e-3, epochs=25, shuffle_labels=True)
R["text/cloud_killed_pipe"] = dict(style="pipe", task="cloud", lr=2e-3, epochs=40, sched="cosine", kill_at=17, p=0.1)
R["text/kiln_relaunch_logging"] = dict(style="logging", task="kiln", lr=3e-3, epochs=30, sched="step", step=10, relaunch=(18, 12))
R["text/vote_tfm_manualce_bracket"] = dict(style="bracket", task="vote", model="tfm", lr=3e-3, epochs=30, loss="manual_ce")
R["text/cloud_rawval_pipe"] = dict(style="pipe", task="cloud", lr=2e-3, epochs=20, raw_val=True)
R["text/vote_lstm_stepperbatch_tqdm"] = dict(style="tqdm", task="vote", model="lstm", lr=3e-3, epochs=25, sched="step", step=8, step_per_batch=True)
R["text/cloud_tinytrain_logging"] = dict(style="logging", task="cloud", lr=3e-3, epochs=150, n_train=60, h=256, depth=3)
# custom csv / jsonl (10)
R["csv/kiln_mlp_csv_ok"] = dict(kind="csv", task="kiln", lr=2e-3, epochs=35, sched="warmcos", warm=3, wd=1e-4, opt="adamw")
R["csv/bearing_cnn_dictcsv_ok"] = dict(kind="dictcsv", task="bearing", model="cnn", lr=3e-3, epochs=25, sched="step", step=8, p=0.2)
R["csv/vote_lstm_jsonl_ok"] = dict(kind="jsonl", task="vote", model="lstm", lr=3e-3, epochs=25, clip=1.0, steps=True, log_every=20)
R["csv/cloud_mse_ids_csv"] = dict(kind="csv", task="cloud", lr=2e-3, epochs=25, loss="mse_ids")
R["csv/cloud_double_softmax_dictcsv"] = dict(kind="dictcsv", task="cloud", lr=1e-3, epochs=25, loss="double_softmax", opt="sgd", mom=0.0)
R["csv/kiln_wd_huge_jsonl"] = dict(kind="jsonl", task="kiln", lr=3e-3, epochs=30, opt="adamw", wd=60.0)
R["csv/bearing_killed_csv"] = dict(kind="csv", task="bearing", model="cnn", lr=2e-3, epochs=30, sched="cosine", kill_at=11)
R["csv/vote_gru_relaunch_jsonl"] = dict(kind="jsonl", task="vote", model="gru", lr=3e-3, epochs=24, clip=1.0, relaunch=(14, 9), steps=True, log_every=30)
R["csv/kiln_nmse_lastbatch_jsonl"] = dict(kind="jsonl", task="kiln", lr=2e-3, epochs=20, loss="nmse", n_train=1473)
R["csv/kiln_cosine_short_dictcsv"] = dict(kind="dictcsv", task="kiln", lr=3e-3, epochs=20, sched="cosine", T=80)
# tensorboard (10)
R["tb/cloud_mlp_tbx_ok"] = dict(lib="tbx", task="cloud", lr=1e-3, epochs=30, sched="plateau", bn=True, p=0.2)
R["tb/vote_tfm_torchtb_ok"] = dict(lib="torch", task="vote", model="tfm", lr=1e-3, epochs=30, sched="warmcos", warm=3, clip=1.0,
                                   tags=("train/loss", "eval/loss", "eval/accuracy", "train/lr"), steps=True, log_every=14)
R["tb/kiln_mlp_torchtb_ok"] = dict(lib="torch", task="kiln", lr=1e-3, epochs=40, sched="step", step=15, log_wn=True)
R["tb/bearing_adam_lr3_tbx"] = dict(lib="tbx", task="bearing", model="cnn", lr=3.0, epochs=20, steps=True, log_every=12)
R["tb/cloud_frozen_torchtb"] = dict(lib="torch", task="cloud", lr=1e-3, epochs=20, wrong_params=True)
R["tb/vote_gru_lr1e-6_tbx"] = dict(lib="tbx", task="vote", model="gru", lr=1e-6, epochs=25)
R["tb/bearing_noeval_torchtb"] = dict(lib="torch", task="bearing", model="cnn", lr=2e-3, epochs=25, bn=True, p=0.5, no_eval_switch=True, bs=16)
R["tb/kiln_bf16_tbx"] = dict(lib="tbx", task="kiln", lr=3e-3, epochs=30, dtype="half", log_wn=True)
R["tb/cloud_onecycle_short_torchtb"] = dict(lib="torch", task="cloud", lr=1e-2, epochs=15, sched="onecycle", T=60, tags=("train/loss", "eval/loss", "eval/accuracy", "train/lr"))
R["tb/bearing_killed_tbx"] = dict(lib="tbx", task="bearing", model="cnn", lr=2e-3, epochs=30, sched="step", step=10, kill_at=8)
# lightning CSVLogger (7)
R["lightning/cloud_mlp_ok"] = dict(task="cloud", lr=2e-3, epochs=25, p=0.1, sched="cosine")
R["lightning/bearing_cnn_ok"] = dict(task="bearing", model="cnn", lr=2e-3, epochs=20, early_stop=4)
R["lightning/vote_gru_ok"] = dict(task="vote", model="gru", lr=3e-3, epochs=20, clip=1.0)
R["lightning/kiln_sgd_lr5"] = dict(task="kiln", lr=5.0, opt="sgd", epochs=15)
R["lightning/cloud_tiny_overfit"] = dict(task="cloud", lr=3e-3, epochs=120, n_train=50, h=256, depth=3)
R["lightning/cloud_steplr_interval_step"] = dict(task="cloud", lr=2e-3, epochs=20, sched="step_interval_step")
R["lightning/vote_eval_on_train"] = dict(task="vote", model="gru", lr=3e-3, epochs=20, eval_on_train=True, n_train=150)
# keras (6)
R["keras/cloud_dense_csvlogger_ok"] = dict(task="cloud", lr=1e-3, epochs=30, out="csvlogger", plateau=True)
R["keras/kiln_dense_historyjson_ok"] = dict(task="kiln", lr=2e-3, epochs=40, out="json", early=6)
R["keras/bearing_conv_historycsv_ok"] = dict(task="bearing", lr=2e-3, epochs=20, out="csv")
R["keras/cloud_logits_as_probs_csvlogger"] = dict(task="cloud", lr=1e-3, epochs=25, out="csvlogger", logits_bug=True)
R["keras/kiln_sgd_lr2_historyjson"] = dict(task="kiln", lr=2.0, opt="sgd", epochs=20, out="json")
R["keras/bearing_tiny_overfit_historycsv"] = dict(task="bearing", lr=2e-3, epochs=120, out="csv", n_train=40)
# HF trainer (4)
R["hf/vote_electra_ok"] = dict(arch="electra", lr=1e-3, epochs=8)
R["hf/vote_roformer_ok"] = dict(arch="roformer", lr=1e-3, epochs=8, sched="cosine", warmup_steps=45)
R["hf/vote_albert_lr3"] = dict(arch="albert", lr=3.0, epochs=6)
R["hf/vote_deberta_warmup_too_long"] = dict(arch="deberta", lr=1e-3, epochs=6, warmup_steps=5000)


# ----------------------------------------------------------------------------------------------- runners
def run_plain(fmt, name, spec):
    d = os.path.join(RUNS, fmt, name)
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)

    def make_emitters():
        if fmt == "text":
            return text_emitters(spec["style"], os.path.join(d, "train.log"), spec, name)
        if fmt == "csv":
            fn = {"csv": "metrics.csv", "dictcsv": "history.csv", "jsonl": "log.jsonl"}[spec["kind"]]
            return csv_emitters(spec["kind"], os.path.join(d, fn), spec)
        return tb_emitters(spec["lib"], d, spec)

    def one(**kw):
        emit, semit, h = make_emitters()
        if not (spec.get("steps")):
            semit = None
        fit(spec, emit, semit, **kw)
        h.close()

    if spec.get("kill_at"):
        pid = os.fork()
        if pid == 0:
            try:
                one()
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
    elif spec.get("relaunch"):
        stop, resume = spec["relaunch"]
        ck = f"/tmp/nu26_{name}.pt"
        s1 = dict(spec, ckpt_at=resume)
        spec_run = s1
        emit, semit, h = make_emitters()
        fit(s1, emit, semit if spec.get("steps") else None, ckpt_out=ck, stop_after=stop)
        h.close()
        if fmt == "text" and spec["style"] == "logging":
            logging.getLogger(name).handlers = []
        emit, semit, h = make_emitters()
        fit(spec, emit, semit if spec.get("steps") else None, start_epoch=resume, ckpt_in=ck)
        h.close()
        os.remove(ck)
    else:
        one()


def run_lightning(name, spec):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, EarlyStopping
    torch.manual_seed(spec.get("seed", 0))
    Xtr, ytr, Xva, yva, K = DATA[spec["task"]](0)
    if spec.get("n_train"):
        Xtr, ytr = Xtr[:spec["n_train"]], ytr[:spec["n_train"]]
    reg = K == 1
    mk = lambda X, y: torch.utils.data.TensorDataset(torch.tensor(X), torch.tensor(y, dtype=torch.float32 if reg else torch.long))
    tr = mk(Xtr, ytr)
    va = tr if spec.get("eval_on_train") else mk(Xva, yva)
    dl_tr = torch.utils.data.DataLoader(tr, batch_size=64, shuffle=True)
    dl_va = torch.utils.data.DataLoader(va, batch_size=256)

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = build(spec, K, Xtr.shape[-1] if Xtr.dtype != np.int64 else None)

        def _loss(self, b):
            x, y = b
            out = self.net(x)
            if reg:
                return F.mse_loss(out.squeeze(1), y), None
            return F.cross_entropy(out, y), (out.argmax(1) == y).float().mean()

        def training_step(self, b, i):
            l, _ = self._loss(b)
            self.log("train_loss", l, on_step=True, on_epoch=True)
            return l

        def validation_step(self, b, i):
            l, a = self._loss(b)
            self.log("val_loss", l, prog_bar=True)
            if a is not None:
                self.log("val_acc", a)

        def configure_optimizers(self):
            if spec.get("opt") == "sgd":
                opt = torch.optim.SGD(self.parameters(), lr=spec["lr"], momentum=0.9)
            else:
                opt = torch.optim.Adam(self.parameters(), lr=spec["lr"])
            if spec.get("sched") == "cosine":
                return [opt], [torch.optim.lr_scheduler.CosineAnnealingLR(opt, spec["epochs"])]
            if spec.get("sched") == "step_interval_step":   # meant "every 10 epochs", but interval says step
                return {"optimizer": opt, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.StepLR(opt, 10, 0.3),
                                                           "interval": "step"}}
            return opt

    d = os.path.join(RUNS, "lightning")
    if os.path.isdir(os.path.join(d, name)):
        shutil.rmtree(os.path.join(d, name))
    cbs = [LearningRateMonitor("epoch")]
    if spec.get("early_stop"):
        cbs.append(EarlyStopping("val_loss", patience=spec["early_stop"]))
    tr_ = L.Trainer(max_epochs=spec["epochs"], logger=CSVLogger(d, name=name), callbacks=cbs, enable_checkpointing=False,
                    enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=10, accelerator="cpu",
                    gradient_clip_val=spec.get("clip"))
    tr_.fit(Lit(), dl_tr, dl_va)


def run_keras(name, spec):
    import keras
    keras.utils.set_random_seed(0)
    Xtr, ytr, Xva, yva, K = DATA[spec["task"]](0)
    if spec.get("n_train"):
        Xtr, ytr = Xtr[:spec["n_train"]], ytr[:spec["n_train"]]
    reg = K == 1
    if spec["task"] == "bearing":
        Xtr, Xva = Xtr.transpose(0, 2, 1), Xva.transpose(0, 2, 1)
        layers = [keras.Input((48, 1)), keras.layers.Conv1D(16, 7, activation="relu", padding="same"), keras.layers.MaxPooling1D(2),
                  keras.layers.Conv1D(16, 5, activation="relu", padding="same"), keras.layers.GlobalAveragePooling1D(),
                  keras.layers.Dense(32, activation="relu")]
    else:
        layers = [keras.Input((Xtr.shape[1],)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(64, activation="relu")]
    if reg:
        layers.append(keras.layers.Dense(1))
    else:
        layers.append(keras.layers.Dense(K) if spec.get("logits_bug") else keras.layers.Dense(K, activation="softmax"))
    m = keras.Sequential(layers)
    opt = keras.optimizers.SGD(spec["lr"], momentum=0.9) if spec.get("opt") == "sgd" else keras.optimizers.Adam(spec["lr"])
    m.compile(opt, loss="mse" if reg else "sparse_categorical_crossentropy", metrics=[] if reg else ["accuracy"])
    d = os.path.join(RUNS, "keras", name)
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)
    cbs = []
    if spec["out"] == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.log")))
    if spec.get("plateau"):
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=2))
    if spec.get("early"):
        cbs.append(keras.callbacks.EarlyStopping(patience=spec["early"], restore_best_weights=True))
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=spec["epochs"], batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if spec["out"] == "json":
        json.dump(hist, open(os.path.join(d, "history.json"), "w"), indent=1)
    elif spec["out"] == "csv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"), index_label="epoch")


def run_hf(name, spec):
    import transformers as T

    Xtr, ytr, Xva, yva, K = data_vote(0)

    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X, y
        def __len__(s): return len(s.X)
        def __getitem__(s, i):
            return {"input_ids": torch.tensor(s.X[i] + 1), "attention_mask": torch.ones(15, dtype=torch.long),
                    "labels": torch.tensor(int(s.y[i]))}
    common = dict(vocab_size=8, hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                  max_position_embeddings=32, num_labels=K, pad_token_id=0)
    arch = spec["arch"]
    if arch == "electra":
        cfg = T.ElectraConfig(embedding_size=48, **common); M = T.ElectraForSequenceClassification
    elif arch == "roformer":
        cfg = T.RoFormerConfig(embedding_size=48, **common); M = T.RoFormerForSequenceClassification
    elif arch == "albert":
        cfg = T.AlbertConfig(embedding_size=32, **common); M = T.AlbertForSequenceClassification
    else:
        cfg = T.DebertaV2Config(**common); M = T.DebertaV2ForSequenceClassification
    torch.manual_seed(0)
    model = M(cfg)
    d = os.path.join(RUNS, "hf", name)
    if os.path.isdir(d):
        shutil.rmtree(d)
    args = T.TrainingArguments(output_dir=d, num_train_epochs=spec["epochs"], learning_rate=spec["lr"],
                               per_device_train_batch_size=32, per_device_eval_batch_size=256, eval_strategy="epoch",
                               logging_steps=14, save_strategy="no", report_to=[], seed=0, disable_tqdm=True,
                               lr_scheduler_type=spec.get("sched", "linear"),
                               warmup_steps=spec.get("warmup_steps", 0), use_cpu=True, dataloader_num_workers=0)

    def acc(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=acc)
    tr.train()
    tr.save_state()


def run(key):
    fmt, name = key.split("/", 1)
    spec = R[key]
    t0 = time.time()
    if fmt in ("text", "csv", "tb"):
        run_plain(fmt, name, spec)
    elif fmt == "lightning":
        run_lightning(name, spec)
    elif fmt == "keras":
        run_keras(name, spec)
    else:
        run_hf(name, spec)
    print(f"{key} {time.time()-t0:.1f}s", flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--part")
    a = ap.parse_args()
    keys = list(R)
    if a.only:
        keys = [a.only]
    elif a.part:
        i, n = map(int, a.part.split("/"))
        keys = keys[i::n]
    for k in keys:
        run(k)
