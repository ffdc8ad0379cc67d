"""Make every run of lock-box batch 2026-12-08nu12 ("trainings a new user wrote", twelfth batch).

    /work/venv/bin/python make_runs.py            # all runs, one process each, one at a time
    /work/venv/bin/python make_runs.py --only KEY # one run (KEY = <format>/<run-name>)

Each run is trained for real on the CPU in its own process (OMP_NUM_THREADS=1, fixed seeds).  Text-log runs have
their stdout+stderr redirected by this driver into the run's log file (PYTHONUNBUFFERED=1, appended with '>>'-like
semantics).  Data are generated with numpy here; nothing is downloaded.

Tasks (new for this batch): crop choice from soil/climate readings (6 crops, tabular), the most frequent token in a
16-token sequence over an 8-symbol alphabet (8 classes), the 3x3 board cell of the hottest component on a 16x16
thermal image (9 classes), received radio power in dBm from a link budget (regression, Friis path loss plus wall
losses and shadowing), and which of 6 gases are present from a 16-sensor electronic nose (multi-label).
"""
import os, sys, json, csv, math, time, signal, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
PY = sys.executable

# --------------------------------------------------------------------------------------------------- data
import numpy as np


def data_crop(n, seed):
    r = np.random.RandomState(seed)
    N = r.uniform(0, 140, n); P = r.uniform(5, 145, n); K = r.uniform(5, 205, n); ph = r.uniform(4.0, 9.0, n)
    rain = r.uniform(20, 300, n); temp = r.uniform(8, 42, n); hum = r.uniform(14, 100, n)
    s = np.stack([
        rain / 60 + hum / 30 - np.abs(ph - 6.2) + N / 60,
        N / 35 - np.abs(temp - 24) / 4 - np.abs(rain - 90) / 40,
        -N / 40 + P / 40 - hum / 25,
        N / 40 + K / 80 - np.abs(temp - 30) / 5 - np.abs(ph - 7) * 0.5,
        rain / 80 - np.abs(temp - 24) / 3 - np.abs(ph - 5.5),
        -np.abs(temp - 18) / 3 - N / 50 + P / 50 - rain / 150,
    ], 1)
    s = s + CROP_BIAS
    y = np.argmax(s + r.normal(0, 0.25, s.shape), 1)
    flip = r.rand(n) < 0.04
    y[flip] = r.randint(6, size=flip.sum())
    X = np.stack([N, P, K, ph, rain, temp, hum], 1)
    return X.astype(np.float32), y


def _crop_bias():
    r = np.random.RandomState(123)
    n = 20000
    N = r.uniform(0, 140, n); P = r.uniform(5, 145, n); K = r.uniform(5, 205, n); ph = r.uniform(4.0, 9.0, n)
    rain = r.uniform(20, 300, n); temp = r.uniform(8, 42, n); hum = r.uniform(14, 100, n)
    s = np.stack([
        rain / 60 + hum / 30 - np.abs(ph - 6.2) + N / 60,
        N / 35 - np.abs(temp - 24) / 4 - np.abs(rain - 90) / 40,
        -N / 40 + P / 40 - hum / 25,
        N / 40 + K / 80 - np.abs(temp - 30) / 5 - np.abs(ph - 7) * 0.5,
        rain / 80 - np.abs(temp - 24) / 3 - np.abs(ph - 5.5),
        -np.abs(temp - 18) / 3 - N / 50 + P / 50 - rain / 150,
    ], 1)
    b = np.zeros(6)
    for _ in range(300):
        f = np.bincount(np.argmax(s + b, 1), minlength=6) / n
        b -= 0.8 * (f - 1 / 6)
    return b


CROP_BIAS = _crop_bias()


def data_mode(n, seed, L=16, V=8):
    r = np.random.RandomState(seed)
    X = r.randint(V, size=(n, L))
    y0 = r.randint(V, size=n)
    k = r.randint(2, 5, size=n)
    for i in range(n):
        pos = r.choice(L, k[i], replace=False)
        X[i, pos] = y0[i]
    cnt = np.stack([(X == v).sum(1) for v in range(V)], 1).astype(float)
    cnt[np.arange(n), y0] += 0.5
    y = cnt.argmax(1)
    return X.astype(np.int64), y


def data_heat(n, seed, S=16):
    r = np.random.RandomState(seed)
    yy, xx = np.mgrid[0:S, 0:S].astype(np.float32)
    imgs = np.zeros((n, S, S), np.float32); y = np.zeros(n, np.int64)
    for i in range(n):
        img = 22 + r.uniform(-0.3, 0.3) * xx + r.uniform(-0.3, 0.3) * yy + r.normal(0, 0.7, (S, S))
        cx, cy = r.uniform(0.5, S - 0.5, 2)
        sg = r.uniform(1.0, 2.0)
        img += r.uniform(6, 10) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sg ** 2))
        for _ in range(2):
            dx, dy = r.uniform(0, S, 2)
            img += r.uniform(2, 4.5) * np.exp(-((xx - dx) ** 2 + (yy - dy) ** 2) / (2 * r.uniform(0.8, 1.8) ** 2))
        imgs[i] = img
        y[i] = int(cy * 3 // S) * 3 + int(cx * 3 // S)
    return imgs, y


MATERIAL_DB = np.array([3.0, 6.0, 12.0])   # drywall, brick, concrete


def data_radio(n, seed):
    r = np.random.RandomState(seed)
    d = 10 ** r.uniform(1, 3.7, n)              # metres
    f = r.uniform(400, 6000, n)                 # MHz
    pt = r.uniform(0, 30, n); gt = r.uniform(0, 12, n); gr = r.uniform(0, 6, n)
    walls = r.randint(0, 5, n); mat = r.randint(0, 3, n)
    fspl = 20 * np.log10(d / 1000) + 20 * np.log10(f) + 32.44
    prx = pt + gt + gr - fspl - walls * MATERIAL_DB[mat] + r.normal(0, 3.0, n)
    raw = np.stack([d, f * 1e6, pt, gt, gr, walls, mat], 1).astype(np.float64)   # metres, Hz, dBm, dBi, dBi, count, id
    return raw, prx.astype(np.float32)


def radio_features(raw):
    d, fhz, pt, gt, gr, walls, mat = raw.T
    oh = np.eye(3)[mat.astype(int)]
    return np.concatenate([np.stack([np.log10(d), np.log10(fhz / 1e6), pt, gt, gr, walls], 1), oh], 1).astype(np.float32)


def data_enose(n, seed):
    Sm = np.random.RandomState(7).gamma(0.7, 1.0, (6, 16))
    r = np.random.RandomState(seed)
    pres = (r.rand(n, 6) < 0.3).astype(np.float32)
    conc = 10 ** r.uniform(0.5, 2.5, (n, 6)) * pres
    resp = np.log1p(conc @ Sm / 20) + r.normal(0, 0.15, (n, 1)) + r.normal(0, 0.08, (n, 16))
    return resp.astype(np.float32), pres


def make_task(R):
    """Return dict(Xtr, ytr, Xva, yva, kind, K, din, unit)."""
    t = R["task"]; ntr = R.get("ntrain"); nva = R.get("nval", 600)
    if t == "crop":
        Xtr, ytr = data_crop(ntr or 3000, 11); Xva, yva = data_crop(nva, 12)
        if not R.get("raw"):
            mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
        return dict(Xtr=Xtr, ytr=ytr, Xva=Xva, yva=yva, kind="cls", K=6, din=7)
    if t == "mode":
        Xtr, ytr = data_mode(ntr or 4000, 21); Xva, yva = data_mode(nva, 22)
        return dict(Xtr=Xtr, ytr=ytr, Xva=Xva, yva=yva, kind="cls", K=8, din=16)
    if t == "heat":
        Xtr, ytr = data_heat(ntr or 2400, 31); Xva, yva = data_heat(nva, 32)
        if not R.get("raw"):
            Xtr = (Xtr - 25.0) / 4.0; Xva = (Xva - 25.0) / 4.0
        return dict(Xtr=Xtr[:, None], ytr=ytr, Xva=Xva[:, None], yva=yva, kind="cls", K=9, din=256)
    if t == "radio":
        rtr, ytr = data_radio(ntr or 3000, 41); rva, yva = data_radio(nva, 42)
        if R.get("raw"):
            return dict(Xtr=rtr.astype(np.float32), ytr=ytr, Xva=rva.astype(np.float32), yva=yva, kind="reg",
                        K=None, din=7, ymu=0.0, ysd=1.0)
        Xtr = radio_features(rtr); Xva = radio_features(rva)
        mu, sd = Xtr[:, :6].mean(0), Xtr[:, :6].std(0)
        Xtr[:, :6] = (Xtr[:, :6] - mu) / sd; Xva[:, :6] = (Xva[:, :6] - mu) / sd
        ymu, ysd = float(ytr.mean()), float(ytr.std())
        return dict(Xtr=Xtr, ytr=(ytr - ymu) / ysd, Xva=Xva, yva=(yva - ymu) / ysd, kind="reg", K=None, din=9,
                    ymu=ymu, ysd=ysd)
    if t == "enose":
        Xtr, ytr = data_enose(ntr or 3000, 51); Xva, yva = data_enose(nva, 52)
        mu, sd = Xtr.mean(0), Xtr.std(0); Xtr = (Xtr - mu) / sd; Xva = (Xva - mu) / sd
        return dict(Xtr=Xtr, ytr=ytr, Xva=Xva, yva=yva, kind="multi", K=6, din=16)
    raise ValueError(t)


# --------------------------------------------------------------------------------------------------- models
def build_model(R, T):
    import torch
    import torch.nn as nn
    m = R["model"]; K = T["K"] or 1; din = T["din"]; h = R.get("hidden", 64); p = R.get("dropout", 0.0)

    class Flat(nn.Module):
        def forward(self, x):
            return x.reshape(x.shape[0], -1)

    if m == "mlp":
        layers = []
        d = din
        for _ in range(R.get("depth", 2)):
            layers += [nn.Linear(d, h)]
            if R.get("bn"):
                layers += [nn.BatchNorm1d(h)]
            layers += [nn.ReLU()]
            if p:
                layers += [nn.Dropout(p)]
            d = h
        layers += [nn.Linear(d, K)]
        net = nn.Sequential(Flat(), *layers)
        return net
    if m == "cnn":
        return nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                             nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                             Flat(), nn.Dropout(p) if p else nn.Identity(), nn.Linear(32 * 16, h), nn.ReLU(),
                             nn.Linear(h, K))
    if m in ("gru", "rnn", "conv1d", "tfm"):
        class Seq(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = nn.Embedding(8, 32)
                if m == "gru":
                    self.core = nn.GRU(32, h, batch_first=True)
                elif m == "rnn":
                    self.core = nn.RNN(32, h, batch_first=True, nonlinearity="relu")
                    with torch.no_grad():
                        self.core.weight_hh_l0.copy_(torch.eye(h) * R.get("rec_gain", 1.0)
                                                     + 0.05 * torch.randn(h, h))
                elif m == "conv1d":
                    self.core = nn.Sequential(nn.Conv1d(32, h, 5, padding=2), nn.ReLU(),
                                              nn.Conv1d(h, h, 5, padding=2), nn.ReLU())
                else:
                    self.pos = nn.Parameter(torch.randn(16, 32) * 0.1)
                    layer = nn.TransformerEncoderLayer(32, 4, 64, dropout=p, batch_first=True)
                    self.core = nn.TransformerEncoder(layer, 2)
                self.head = nn.Linear(h if m != "tfm" else 32, K)

            def forward(self, x):
                e = self.emb(x)
                if m in ("gru", "rnn"):
                    o, _ = self.core(e)
                    return self.head(o[:, -1])
                if m == "conv1d":
                    return self.head(self.core(e.transpose(1, 2)).mean(2))
                return self.head(self.core(e + self.pos).mean(1))
        return Seq()
    raise ValueError(m)


# --------------------------------------------------------------------------------------------------- torch loop
class Hooks:
    def start(self, R, T): pass
    def step(self, c): pass
    def epoch(self, c): pass
    def end(self, c): pass


def torch_fit(R, H):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(R.get("seed", 0)); np.random.seed(R.get("seed", 0))
    T = make_task(R)
    Xtr = torch.tensor(T["Xtr"]); Xva = torch.tensor(T["Xva"])
    if T["kind"] == "cls":
        ytr = torch.tensor(T["ytr"], dtype=torch.long); yva = torch.tensor(T["yva"], dtype=torch.long)
    else:
        ytr = torch.tensor(T["ytr"], dtype=torch.float32); yva = torch.tensor(T["yva"], dtype=torch.float32)
    if R.get("shuffle_labels"):   # the bug: labels permuted independently of the inputs
        ytr = ytr[torch.randperm(len(ytr))]
    model = build_model(R, T)
    E = R["epochs"]; bs = R.get("bs", 64); lr = R["lr"]
    nb = math.ceil(len(Xtr) / bs)

    def make_opt(mod):
        o = R.get("opt", "adam")
        if o == "adam":
            return torch.optim.Adam(mod.parameters(), lr=lr, weight_decay=R.get("wd", 0))
        if o == "adamw":
            return torch.optim.AdamW(mod.parameters(), lr=lr, weight_decay=R.get("wd", 0.01))
        if o == "sgd":
            return torch.optim.SGD(mod.parameters(), lr=lr, momentum=R.get("mom", 0.9), nesterov=R.get("nesterov", False))
        if o == "rmsprop":
            return torch.optim.RMSprop(mod.parameters(), lr=lr)
        raise ValueError(o)

    opt = make_opt(model)
    if R.get("recreate_model"):   # the bug: the optimizer holds the parameters of the first model
        model = build_model(R, T)
    sch = R.get("sched"); per_step = False; scheduler = None
    if sch == "cosine":
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=E)
    elif sch == "step":
        scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=R.get("step_size", 10), gamma=R.get("gamma", 0.3))
    elif sch == "onecycle":
        scheduler = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=R.get("plan_epochs", E) * nb)
        per_step = True
    elif sch == "warmcos":
        W = R.get("warmup", 100); TT = R.get("plan_epochs", E) * nb
        scheduler = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda s: (s + 1) / W if s < W else 0.5 * (1 + math.cos(math.pi * min(1.0, (s - W) / max(1, TT - W)))))
        per_step = True
    elif sch == "plateau":
        scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.3, patience=3)

    kind = T["kind"]

    def lossf(out, y):
        if kind == "cls":
            if R.get("softmax_ce"):   # the bug: softmax before CrossEntropyLoss
                return F.cross_entropy(F.softmax(out, 1), y)
            return F.cross_entropy(out, y)
        if kind == "multi":
            if R.get("mse_multi"):
                return F.mse_loss(torch.sigmoid(out), y)
            return F.binary_cross_entropy_with_logits(out, y)
        return F.mse_loss(out.squeeze(1), y)

    def evaluate():
        if not R.get("eval_bug"):
            model.eval()
        with torch.no_grad():
            out = model(Xva)
            l = lossf(out, yva).item()
            if kind == "cls":
                met = (out.argmax(1) == yva).float().mean().item()
            elif kind == "multi":
                pr = (out > 0).float()
                tp = (pr * yva).sum().item(); fp = (pr * (1 - yva)).sum().item(); fn = ((1 - pr) * yva).sum().item()
                met = 2 * tp / max(1e-9, 2 * tp + fp + fn)
            else:
                met = math.sqrt(F.mse_loss(out.squeeze(1), yva).item()) * T.get("ysd", 1.0)
        model.train()
        return l, met

    start_ep = 1
    ck = R.get("ckpt")
    if R.get("resume") and ck and os.path.exists(ck):
        st = torch.load(ck, weights_only=False)
        model.load_state_dict(st["model"]); opt.load_state_dict(st["opt"])
        if scheduler is not None and st.get("sched") is not None:
            scheduler.load_state_dict(st["sched"])
        start_ep = st["epoch"] + 1
        print(f"Resuming from {os.path.basename(ck)} (epoch {st['epoch']})", flush=True)
    H.start(R, T)
    step = (start_ep - 1) * nb
    best = float("inf"); bad = 0
    g = torch.Generator().manual_seed(R.get("seed", 0) + start_ep)
    stop = False
    for ep in range(start_ep, E + 1):
        model.train()
        if R.get("eval_bug_train") and ep > 1:
            model.eval()   # the bug: evaluate() leaves the model in eval mode in this variant
        perm = torch.randperm(len(Xtr), generator=g)
        tot = 0.0; cor = 0; seen = 0
        for it in range(nb):
            idx = perm[it * bs:(it + 1) * bs]
            xb, yb = Xtr[idx], ytr[idx]
            out = model(xb)
            loss = lossf(out, yb)
            if not R.get("no_zero_grad"):
                opt.zero_grad()
            loss.backward()
            if R.get("clip"):
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), R["clip"]).item()
            else:
                gn = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf")).item()
            opt.step()
            if per_step:
                scheduler.step()
            step += 1
            lv = loss.item()
            tot += lv * len(idx); seen += len(idx)
            if kind == "cls":
                cor += (out.argmax(1) == yb).sum().item()
            H.step(dict(epoch=ep, step=step, it=it + 1, nb=nb, loss=lv, gnorm=gn, lr=opt.param_groups[0]["lr"],
                        E=E))
            if R.get("nan_raise") and not math.isfinite(lv) and step >= 8:
                raise FloatingPointError(f"loss is {lv} at step {step}, stopping")
            if R.get("kill_step") and step >= R["kill_step"]:
                os.kill(os.getpid(), signal.SIGKILL)
            if R.get("debug_cap") and step >= R["debug_cap"]:   # the bug: a debug cap left in
                stop = True
                break
        vl, vm = evaluate()
        if R.get("eval_bug_train"):
            model.eval()
        c = dict(epoch=ep, step=step, E=E, train_loss=tot / max(1, seen), train_acc=cor / max(1, seen),
                 val_loss=vl, val_metric=vm, lr=opt.param_groups[0]["lr"], gnorm=gn)
        H.epoch(c)
        if ck and ep in R.get("save_at", ()):
            torch.save(dict(model=model.state_dict(), opt=opt.state_dict(),
                            sched=scheduler.state_dict() if scheduler is not None else None, epoch=ep), ck)
        if R.get("kill_epoch") and ep == R["kill_epoch"] and not R.get("resume"):
            os.kill(os.getpid(), signal.SIGKILL)
        if scheduler is not None and not per_step:
            if sch == "plateau":
                scheduler.step(vl)
            else:
                scheduler.step()
        if R.get("early_stop"):
            if vl < best - 1e-4:
                best = vl; bad = 0
            else:
                bad += 1
                if bad >= R["early_stop"]:
                    H.end(dict(c, early=True))
                    return
        if stop:
            break
    H.end(dict(c, early=False))


# --------------------------------------------------------------------------------------------------- text logs
def fmt_metric(T, v):
    return v


class TextHooks(Hooks):
    """print() styles; the driver redirects stdout+stderr into the log file."""

    def __init__(self, style, every=10):
        self.s = style; self.every = every

    def start(self, R, T):
        self.R = R; self.T = T; s = self.s
        if s == "table":
            print("epoch | train_loss | val_loss | " + ("val_rmse" if T["kind"] == "reg" else "val_acc"))
            print("------+------------+----------+---------")
        if s == "bare":
            print(f"config: {json.dumps({k: v for k, v in R.items() if k in ('task', 'model', 'lr', 'epochs', 'bs')})}")
            print("columns: epoch train_loss val_loss val_acc")
        if s == "logts":
            import logging
            logging.basicConfig(level=logging.INFO, format="%(asctime)s :: %(levelname)s :: %(message)s",
                                stream=sys.stdout)
            self.log = logging.getLogger("trainer")
            self.log.info("starting: %s lr=%g epochs=%d", R["model"], R["lr"], R["epochs"])
        if s == "lognots":
            import logging
            logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s", stream=sys.stdout)
            self.log = logging.getLogger("radio")
            self.log.info("link-budget MLP: %d epochs, lr=%g, batch %d", R["epochs"], R["lr"], R.get("bs", 64))
        if s == "tqdm":
            self.bar = None
        if s == "prose":
            print(f"Training {R['model']} for {R['epochs']} epochs (lr={R['lr']})")

    def step(self, c):
        s = self.s
        if s == "steps":
            if c["step"] % self.every == 0:
                print(f"#{c['step']} loss {c['loss']:.4f}")
        elif s == "gnorm":
            if c["step"] % self.every == 0:
                print(f"step {c['step']:04d}  loss {c['loss']:.4f}  gnorm {c['gnorm']:.3f}  lr {c['lr']:.1e}")
        elif s == "tqdm":
            from tqdm import tqdm
            if c["it"] == 1:
                self.bar = tqdm(total=c["nb"], desc=f"epoch {c['epoch']}", file=sys.stderr, mininterval=0,
                                ascii=True)
            self.bar.set_postfix(ce=f"{c['loss']:.3f}")
            self.bar.update(1)
            if c["it"] == c["nb"]:
                self.bar.close()
        elif s == "capped":
            if c["it"] % self.every == 0:
                print(f"Epoch {c['epoch']}/{c['E']} batch {c['it']}/{c['nb']} loss={c['loss']:.4f}")

    def epoch(self, c):
        s = self.s; T = self.T
        e, E, tl, vl, vm = c["epoch"], c["E"], c["train_loss"], c["val_loss"], c["val_metric"]
        if s == "kv":
            print(f"E{e:02d}  loss={tl:.4f}  valid_loss={vl:.4f}  valid_acc={vm:.3f}")
        elif s == "logts":
            self.log.info("epoch %d -> train_ce %.4f / eval_ce %.4f / eval_acc %.1f%%", e, tl, vl, 100 * vm)
        elif s == "tqdm":
            from tqdm import tqdm
            tqdm.write(f"dev: ce {vl:.4f} acc {100 * vm:.2f}%")
        elif s == "steps":
            if e % 2 == 0 or e == E:
                print(f"** test @ epoch {e}: loss {vl:.4f} acc {vm:.4f}")
        elif s == "prose":
            print(f"Training epoch {e}... done. avg loss = {tl:.4f}")
            if T["kind"] == "reg":
                print(f"Validation: loss = {vl:.4f}, rmse = {vm:.2f} dB")
            else:
                print(f"Validation: loss = {vl:.4f}, accuracy = {100 * vm:.1f} %")
        elif s == "lognots":
            self.log.info("ep %d mse %.4f val_mse %.4f (rmse %.2f dB)", e, tl, vl, vm)
        elif s == "table":
            if T["kind"] == "reg":
                print(f"{e:>2}/{E} | {tl:10.4f} | {vl:8.4f} | {vm:6.2f}dB")
            else:
                print(f"{e:>2}/{E} | {tl:10.4f} | {vl:8.4f} | {100 * vm:5.2f}%")
        elif s == "gnorm":
            print(f"-- eval after epoch {e}: loss {vl:.4f} acc {vm:.3f}")
        elif s == "colon":
            print(f"epoch:{e} train_bce:{tl:.4f} dev_bce:{vl:.4f} dev_microF1:{vm:.4f}")
        elif s == "bare":
            print(f"[{e}] {tl:.4f} {vl:.4f} {vm:.3f}")
        elif s == "capped":
            print(f"Epoch {e}/{E} finished | val loss {vl:.4f} | val acc {100 * vm:.1f}%")
        elif s == "pct":
            print(f"ep {e:3d}/{E}  train {tl:.4f}  ({100 * c['train_acc']:.1f}%)   eval {vl:.4f}  ({100 * vm:.1f}%)")

    def end(self, c):
        s = self.s
        if c.get("early"):
            print(f"early stopping at epoch {c['epoch']} (no improvement)")
        if s == "capped":
            print("done.")
        elif s == "logts":
            self.log.info("finished")
        elif s == "bare":
            print("saved model.pt")


# --------------------------------------------------------------------------------------------------- csv / jsonl
class CSVHooks(Hooks):
    def __init__(self, path, kind, mode="w"):
        self.path = path; self.kind = kind; self.mode = mode

    def start(self, R, T):
        self.T = T
        k = self.kind
        self.f = open(self.path, self.mode, newline="")
        if k == "writer":
            self.w = csv.writer(self.f); self.w.writerow(["epoch", "train_loss", "val_loss", "val_acc"])
        elif k == "dict_steps":
            self.w = csv.DictWriter(self.f, fieldnames=["step", "epoch", "loss", "lr", "val_loss", "val_f1"])
            self.w.writeheader()
        elif k == "reg_writer":
            self.w = csv.writer(self.f); self.w.writerow(["epoch", "train_mse", "val_mse", "val_rmse_db", "lr"])
        elif k in ("pandas",):
            self.rows = []
        elif k.startswith("jsonl"):
            pass
        elif k == "semi":
            self.w = csv.writer(self.f, delimiter=";"); self.w.writerow(["ep", "loss", "val_loss", "val_acc", "lr"])

    def step(self, c):
        k = self.kind
        if k == "dict_steps" and c["step"] % 10 == 0:
            self.w.writerow(dict(step=c["step"], epoch=c["epoch"], loss=round(c["loss"], 5), lr=c["lr"],
                                 val_loss="", val_f1=""))
        if k == "jsonl_steps" and c["step"] % 5 == 0:
            self.f.write(json.dumps({"type": "train", "step": c["step"], "loss": c["loss"], "grad_norm": c["gnorm"]})
                         + "\n")
        if k == "pandas" and c["step"] % 20 == 0:
            self.rows.append({"step": c["step"], "train_loss": c["loss"]})

    def epoch(self, c):
        k = self.kind
        if k == "writer":
            self.w.writerow([c["epoch"], f"{c['train_loss']:.5f}", f"{c['val_loss']:.5f}", f"{c['val_metric']:.4f}"])
        elif k == "dict_steps":
            self.w.writerow(dict(step=c["step"], epoch=c["epoch"], loss="", lr=c["lr"], val_loss=round(c["val_loss"], 5),
                                 val_f1=round(c["val_metric"], 4)))
        elif k == "reg_writer":
            self.w.writerow([c["epoch"], c["train_loss"], c["val_loss"], c["val_metric"], c["lr"]])
        elif k == "pandas":
            self.rows.append({"step": c["step"], "val_loss": c["val_loss"], "val_accuracy": c["val_metric"]})
        elif k == "jsonl_epoch":
            self.f.write(json.dumps({"epoch": c["epoch"], "train/loss": round(c["train_loss"], 5),
                                     "eval/loss": round(c["val_loss"], 5), "eval/acc": round(c["val_metric"], 4),
                                     "lr": c["lr"]}) + "\n")
        elif k == "jsonl_steps":
            self.f.write(json.dumps({"type": "eval", "epoch": c["epoch"], "step": c["step"], "val_loss": c["val_loss"],
                                     "val_acc": c["val_metric"]}) + "\n")
        elif k == "semi":
            self.w.writerow([c["epoch"], f"{c['train_loss']:.4f}", f"{c['val_loss']:.4f}", f"{c['val_metric']:.4f}",
                             f"{c['lr']:.2e}"])
        self.f.flush()

    def end(self, c):
        if self.kind == "pandas":
            import pandas as pd
            pd.DataFrame(self.rows).to_csv(self.path, index=False)
        self.f.close()


# --------------------------------------------------------------------------------------------------- tensorboard
class TBHooks(Hooks):
    def __init__(self, logdir, tags, every=5, lib="torch"):
        self.logdir = logdir; self.tags = tags; self.every = every; self.lib = lib

    def start(self, R, T):
        if self.lib == "tbx":
            from tensorboardX import SummaryWriter
        else:
            from torch.utils.tensorboard import SummaryWriter
        self.w = SummaryWriter(self.logdir)

    def step(self, c):
        t = self.tags
        if "step_loss" in t and c["step"] % self.every == 0:
            self.w.add_scalar(t["step_loss"], c["loss"], c["step"])
            if "gnorm" in t:
                self.w.add_scalar(t["gnorm"], c["gnorm"], c["step"])
            if "lr" in t:
                self.w.add_scalar(t["lr"], c["lr"], c["step"])

    def epoch(self, c):
        t = self.tags; x = c["epoch"] if t.get("x") == "epoch" else c["step"]
        if "train_loss" in t:
            self.w.add_scalar(t["train_loss"], c["train_loss"], x)
        self.w.add_scalar(t["val_loss"], c["val_loss"], x)
        self.w.add_scalar(t["val_metric"], c["val_metric"], x)
        if "lr_epoch" in t:
            self.w.add_scalar(t["lr_epoch"], c["lr"], x)
        self.w.flush()

    def end(self, c):
        self.w.close()


# --------------------------------------------------------------------------------------------------- lightning
def lightning_run(R, outdir):
    import torch
    import torch.nn.functional as F
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, EarlyStopping
    L.seed_everything(R.get("seed", 0), verbose=False)
    T = make_task(R)
    kind = T["kind"]
    ytr = T["ytr"]
    if R.get("shuffle_labels"):
        ytr = ytr[np.random.RandomState(5).permutation(len(ytr))]
    tdt = torch.long if kind == "cls" else torch.float32
    tr = torch.utils.data.TensorDataset(torch.tensor(T["Xtr"]), torch.tensor(ytr, dtype=tdt))
    va = torch.utils.data.TensorDataset(torch.tensor(T["Xva"]), torch.tensor(T["yva"], dtype=tdt))
    bs = R.get("bs", 64)
    trl = torch.utils.data.DataLoader(tr, batch_size=bs, shuffle=True)
    val = torch.utils.data.DataLoader(va, batch_size=256)
    nb = len(trl)

    class Mod(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.save_hyperparameters({k: v for k, v in R.items() if isinstance(v, (int, float, str))})
            self.net = build_model(R, T)

        def _loss(self, out, y):
            if kind == "cls":
                return F.cross_entropy(out, y)
            if kind == "multi":
                return F.binary_cross_entropy_with_logits(out, y)
            return F.mse_loss(out.squeeze(1), y)

        def training_step(self, b, i):
            x, y = b
            out = self.net(x); loss = self._loss(out, y)
            self.log("train_loss", loss, on_step=R.get("log_step", False), on_epoch=True, prog_bar=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            out = self.net(x); loss = self._loss(out, y)
            self.log("val_loss", loss, prog_bar=True)
            if kind == "cls":
                self.log("val_acc", (out.argmax(1) == y).float().mean())
            elif kind == "multi":
                pr = (out > 0).float()
                tp = (pr * y).sum(); fp = (pr * (1 - y)).sum(); fn = ((1 - pr) * y).sum()
                self.log("val_f1", 2 * tp / (2 * tp + fp + fn + 1e-9))
            else:
                self.log("val_rmse_db", torch.sqrt(F.mse_loss(out.squeeze(1), y)) * T["ysd"])

        def configure_optimizers(self):
            o = R.get("opt", "adam")
            if o == "sgd":
                opt = torch.optim.SGD(self.parameters(), lr=R["lr"], momentum=0.9)
            else:
                opt = torch.optim.Adam(self.parameters(), lr=R["lr"])
            s = R.get("sched")
            if s == "onecycle":
                sc = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=R["lr"], total_steps=R.get("plan_epochs", R["epochs"]) * nb)
                return [opt], [{"scheduler": sc, "interval": "step"}]
            if s == "cosine":
                return [opt], [torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=R["epochs"])]
            if s == "step":
                return [opt], [torch.optim.lr_scheduler.StepLR(opt, step_size=R.get("step_size", 8), gamma=0.3)]
            return opt

    class Killer(L.Callback):
        def on_train_batch_end(self, trainer, *a):
            if R.get("kill_step") and trainer.global_step >= R["kill_step"]:
                os.kill(os.getpid(), signal.SIGKILL)

    if R.get("tb"):
        logger = TensorBoardLogger(outdir, name="lightning_logs")
    else:
        logger = CSVLogger(outdir, name="lightning_logs")
    cbs = [Killer()]
    if R.get("sched"):
        cbs.append(LearningRateMonitor(logging_interval="epoch" if R.get("sched") != "onecycle" else "step"))
    if R.get("early_stop"):
        cbs.append(EarlyStopping("val_loss", patience=R["early_stop"]))
    trainer = L.Trainer(max_epochs=R["epochs"], logger=logger, callbacks=cbs, enable_checkpointing=False,
                        enable_progress_bar=False, enable_model_summary=False, accelerator="cpu", devices=1,
                        log_every_n_steps=R.get("log_every", 10), gradient_clip_val=R.get("clip"),
                        num_sanity_val_steps=0)
    trainer.fit(Mod(), trl, val)


# --------------------------------------------------------------------------------------------------- keras
def keras_run(R, outdir, how):
    os.environ["KERAS_BACKEND"] = "torch"
    import keras
    keras.utils.set_random_seed(R.get("seed", 0))
    T = make_task(R)
    kind = T["kind"]
    Xtr, Xva = T["Xtr"], T["Xva"]
    m = R["model"]
    if m == "kdense":
        layers = [keras.Input((Xtr.shape[1],))]
        for _ in range(R.get("depth", 2)):
            layers.append(keras.layers.Dense(R.get("hidden", 64), activation="relu"))
            if R.get("dropout"):
                layers.append(keras.layers.Dropout(R["dropout"]))
    elif m == "kflat":
        Xtr = Xtr.reshape(len(Xtr), -1); Xva = Xva.reshape(len(Xva), -1)
        layers = [keras.Input((Xtr.shape[1],)), keras.layers.Dense(R.get("hidden", 256), activation="relu"),
                  keras.layers.Dense(R.get("hidden", 256), activation="relu")]
    elif m == "kconv1d":
        layers = [keras.Input((16,), dtype="int32"), keras.layers.Embedding(8, 24),
                  keras.layers.Conv1D(48, 5, padding="same", activation="relu"),
                  keras.layers.Conv1D(48, 5, padding="same", activation="relu"),
                  keras.layers.GlobalAveragePooling1D()]
    if kind == "cls":
        layers.append(keras.layers.Dense(T["K"]))
        loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True); metrics = ["accuracy"]
    elif kind == "multi":
        layers.append(keras.layers.Dense(T["K"]))
        loss = keras.losses.BinaryCrossentropy(from_logits=True); metrics = [keras.metrics.BinaryAccuracy(threshold=0.0)]
    else:
        layers.append(keras.layers.Dense(1))
        loss = "mse"; metrics = ["mae"]
    model = keras.Sequential(layers)
    o = R.get("opt", "adam")
    opt = (keras.optimizers.SGD(R["lr"], momentum=R.get("mom", 0.9)) if o == "sgd" else
           keras.optimizers.RMSprop(R["lr"]) if o == "rmsprop" else keras.optimizers.Adam(R["lr"]))
    model.compile(optimizer=opt, loss=loss, metrics=metrics)
    cbs = []
    if how == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(outdir, R.get("csvname", "training.log")),
                                             separator=R.get("sep", ",")))
    if R.get("early_stop"):
        cbs.append(keras.callbacks.EarlyStopping(patience=R["early_stop"], restore_best_weights=True))
    if R.get("plateau"):
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.3, patience=3))
    hist = model.fit(Xtr, T["ytr"], validation_data=(Xva, T["yva"]), epochs=R["epochs"], batch_size=R.get("bs", 64),
                     callbacks=cbs, verbose=0)
    if how == "history_json":
        with open(os.path.join(outdir, "history.json"), "w") as f:
            json.dump({k: [float(v) for v in vs] for k, vs in hist.history.items()}, f, indent=1)
    if how == "history_csv":
        import pandas as pd
        pd.DataFrame(hist.history).to_csv(os.path.join(outdir, "history.csv"), index_label="epoch")


# --------------------------------------------------------------------------------------------------- HF trainer
def hf_run(R, outdir):
    import torch
    import transformers
    from transformers import Trainer, TrainingArguments
    transformers.set_seed(R.get("seed", 0))
    T = make_task(dict(R, task="mode"))
    if R["arch"] == "convbert":
        from transformers import ConvBertConfig, ConvBertForSequenceClassification
        cfg = ConvBertConfig(vocab_size=12, hidden_size=64, num_hidden_layers=2, num_attention_heads=2,
                             intermediate_size=128, max_position_embeddings=32, num_labels=8, embedding_size=64,
                             head_ratio=2, conv_kernel_size=5)
        model = ConvBertForSequenceClassification(cfg)
    else:
        from transformers import FNetConfig, FNetForSequenceClassification
        cfg = FNetConfig(vocab_size=12, hidden_size=64, num_hidden_layers=2, intermediate_size=128,
                         max_position_embeddings=32, num_labels=8, use_tpu_fourier_optimizations=False)
        model = FNetForSequenceClassification(cfg)

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, y):
            self.X = np.concatenate([np.full((len(X), 1), 8), X + 0], 1)   # token 8 = [CLS]
            self.y = y

        def __len__(self):
            return len(self.y)

        def __getitem__(self, i):
            d = {"input_ids": torch.tensor(self.X[i]), "labels": torch.tensor(int(self.y[i]))}
            if R["arch"] == "convbert":
                d["attention_mask"] = torch.ones(17, dtype=torch.long)
            return d

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}

    args = TrainingArguments(output_dir=outdir, num_train_epochs=R["epochs"], learning_rate=R["lr"],
                             per_device_train_batch_size=R.get("bs", 32), per_device_eval_batch_size=128,
                             eval_strategy="epoch", logging_steps=R.get("log_every", 25), save_strategy="no",
                             lr_scheduler_type=R.get("sched", "linear"), warmup_steps=R.get("warmup", 0),
                             weight_decay=R.get("wd", 0.0), report_to=["tensorboard"], seed=R.get("seed", 0),
                             use_cpu=True, dataloader_num_workers=0, disable_tqdm=True,
                             max_grad_norm=R.get("clip", 1.0))
    tr = Trainer(model=model, args=args, train_dataset=DS(T["Xtr"], T["ytr"]), eval_dataset=DS(T["Xva"], T["yva"]),
                 compute_metrics=metrics)
    res = tr.train()
    tr.log_metrics("train", res.metrics); tr.save_metrics("train", res.metrics)
    ev = tr.evaluate(); tr.log_metrics("eval", ev); tr.save_metrics("eval", ev)
    tr.save_state()


# --------------------------------------------------------------------------------------------------- the runs
# key -> (kind, R, logger-spec).  kind: text | csv | tb | lit | keras | hf
RUNS_SPEC = {}


def add(key, kind, R, **spec):
    RUNS_SPEC[key] = (kind, R, spec)


# ---- text_log (16)
add("text_log/crop-mlp-adam-steplr-30ep", "text", dict(task="crop", model="mlp", lr=3e-3, epochs=30, sched="step",
    step_size=10, gamma=0.3), style="logts", file="train.log")
add("text_log/crop-mlp-sgd-lr5", "text", dict(task="crop", model="mlp", opt="sgd", lr=5.0, epochs=25),
    style="kv", file="out.txt")
add("text_log/crop-mlp-resumed", "text", dict(task="crop", model="mlp", hidden=96, lr=2e-3, epochs=24, sched="cosine",
    save_at=(4, 8, 12, 16, 20), kill_epoch=14), style="prose", file="train.log", resume=True)
add("text_log/mode-gru-tqdm-cosine", "text", dict(task="mode", model="gru", lr=3e-3, epochs=14, sched="cosine",
    clip=1.0), style="tqdm", file="train.log")
add("text_log/mode-relurnn-nan", "text", dict(task="mode", model="rnn", rec_gain=1.0, lr=0.05, opt="sgd", mom=0.9,
    epochs=10, nan_raise=True), style="gnorm", every=1, file="log.txt")
add("text_log/mode-tfm-warmup", "text", dict(task="mode", model="tfm", lr=2e-3, opt="adamw", epochs=16,
    sched="warmcos", warmup=120, clip=1.0), style="gnorm", every=20, file="run.log")
add("text_log/heat-cnn-no-zero-grad", "text", dict(task="heat", model="cnn", lr=1e-3, epochs=12, no_zero_grad=True),
    style="steps", every=10, file="train.log")
add("text_log/heat-cnn-debug-cap", "text", dict(task="heat", model="cnn", lr=1e-3, epochs=25, debug_cap=60),
    style="capped", every=10, file="stdout.txt")
add("text_log/heat-cnn-onecycle", "text", dict(task="heat", model="cnn", lr=5e-3, epochs=15, sched="onecycle"),
    style="pct", file="train.log")
add("text_log/radio-mlp-plateau", "text", dict(task="radio", model="mlp", lr=2e-3, epochs=40, sched="plateau"),
    style="lognots", file="train.log")
add("text_log/radio-mlp-sigkill", "text", dict(task="radio", model="mlp", lr=2e-3, epochs=40, kill_step=47 * 17 + 20),
    style="lognots", file="nohup.out")
add("text_log/radio-raw-units-table", "text", dict(task="radio", model="mlp", raw=True, lr=1e-3, epochs=30),
    style="table", file="train.log")
add("text_log/enose-mlp-lr1e-6", "text", dict(task="enose", model="mlp", lr=1e-6, epochs=25), style="colon",
    file="train.log")
add("text_log/enose-mlp-healthy", "text", dict(task="enose", model="mlp", hidden=96, lr=2e-3, epochs=25,
    sched="cosine"), style="colon", file="log.txt")
add("text_log/crop-mlp-two-launches", "text", dict(task="crop", model="mlp", lr=1e-3, epochs=15), style="bare",
    file="train.log", twice=dict(lr=1e-3, epochs=20, hidden=128))
add("text_log/mode-conv1d-softmax-ce", "text", dict(task="mode", model="conv1d", lr=2e-3, epochs=20,
    softmax_ce=True), style="pct", file="train.log")

# ---- csv_custom (9)
add("csv_custom/crop-adam-lr0.5", "csv", dict(task="crop", model="mlp", lr=0.5, epochs=30), how="writer",
    file="metrics.csv")
add("csv_custom/crop-mlp-bn-dropout", "csv", dict(task="crop", model="mlp", hidden=128, bn=True, dropout=0.2,
    lr=2e-3, epochs=40, sched="cosine"), how="writer", file="metrics.csv")
add("csv_custom/heat-cnn-shuffled-labels", "csv", dict(task="heat", model="cnn", lr=1e-3, epochs=15,
    shuffle_labels=True), how="jsonl_epoch", file="log.jsonl")
add("csv_custom/heat-cnn-steps-jsonl", "csv", dict(task="heat", model="cnn", lr=2e-3, epochs=10, sched="step",
    step_size=4, gamma=0.3), how="jsonl_steps", file="events.jsonl")
add("csv_custom/enose-mlp-recreated-model", "csv", dict(task="enose", model="mlp", lr=1e-3, epochs=20,
    recreate_model=True), how="dict_steps", file="train_log.csv")
add("csv_custom/enose-mlp-steps", "csv", dict(task="enose", model="mlp", lr=1e-3, epochs=20, sched="onecycle"),
    how="dict_steps", file="train_log.csv")
add("csv_custom/radio-mlp-cosine", "csv", dict(task="radio", model="mlp", hidden=128, depth=3, lr=1e-3, epochs=35,
    sched="cosine"), how="reg_writer", file="history.csv")
add("csv_custom/mode-gru-pandas", "csv", dict(task="mode", model="gru", lr=2e-3, epochs=12, clip=1.0),
    how="pandas", file="log.csv")
add("csv_custom/crop-two-runs-one-file", "csv", dict(task="crop", model="mlp", lr=3e-3, epochs=20, hidden=32),
    how="semi", file="results.csv", twice=dict(lr=3e-3, epochs=20, hidden=64, seed=1))

# ---- tfevents (9)
TAGS1 = dict(step_loss="Loss/train_step", val_loss="Loss/val", val_metric="Accuracy/val", train_loss="Loss/train",
             x="epoch")
add("tfevents/mode-gru-adam-lr1", "tb", dict(task="mode", model="gru", lr=1.0, epochs=12), tags=TAGS1)
add("tfevents/mode-gru-healthy", "tb", dict(task="mode", model="gru", hidden=96, lr=2e-3, epochs=14, sched="step",
    step_size=6, gamma=0.3, clip=1.0), tags=dict(TAGS1, gnorm="grad_norm", lr_epoch="lr"))
add("tfevents/crop-sgd-lr1e-4", "tb", dict(task="crop", model="mlp", opt="sgd", mom=0.0, lr=1e-4, epochs=30),
    tags=dict(train_loss="train/loss", val_loss="val/loss", val_metric="val/acc", x="epoch"), lib="tbx")
add("tfevents/heat-cnn-tiny-train", "tb", dict(task="heat", model="cnn", hidden=128, ntrain=48, bs=16, lr=2e-3,
    epochs=60), tags=dict(train_loss="loss/train", val_loss="loss/test", val_metric="acc/test", x="epoch"))
add("tfevents/heat-cnn-dropout-eval-bug", "tb", dict(task="heat", model="cnn", dropout=0.5, lr=1e-3, epochs=14,
    eval_bug=True), tags=TAGS1)
add("tfevents/radio-raw-sgd", "tb", dict(task="radio", model="mlp", raw=True, opt="sgd", lr=1e-3, epochs=20),
    tags=dict(step_loss="mse/step", val_loss="mse/valid", val_metric="rmse_db/valid", x="step"), every=10)
add("tfevents/radio-mlp-adamw-onecycle", "tb", dict(task="radio", model="mlp", hidden=128, opt="adamw", lr=5e-3,
    epochs=25, sched="onecycle"), tags=dict(step_loss="mse/step", val_loss="mse/valid", val_metric="rmse_db/valid",
    lr="lr", x="step"), every=10)
add("tfevents/enose-mlp-rmsprop", "tb", dict(task="enose", model="mlp", opt="rmsprop", lr=1e-3, epochs=20,
    early_stop=4), tags=dict(train_loss="bce/train", val_loss="bce/dev", val_metric="micro_f1/dev", x="epoch"))
add("tfevents/crop-lightning-tb", "lit", dict(task="crop", model="mlp", lr=3e-3, epochs=25, sched="cosine", tb=True))

# ---- lightning_csv (6)
add("lightning_csv/heat-cnn-adam-lr0.3", "lit", dict(task="heat", model="cnn", lr=0.3, epochs=12))
add("lightning_csv/crop-mlp-sigkill", "lit", dict(task="crop", model="mlp", lr=2e-3, epochs=30, kill_step=47 * 11 + 30,
    log_step=True, log_every=10))
add("lightning_csv/enose-mlp-onecycle-short", "lit", dict(task="enose", model="mlp", lr=3e-3, epochs=5,
    plan_epochs=40, sched="onecycle"))
add("lightning_csv/radio-mlp-steplr", "lit", dict(task="radio", model="mlp", hidden=96, lr=2e-3, epochs=30,
    sched="step", step_size=10))
add("lightning_csv/mode-conv1d-early-stop", "lit", dict(task="mode", model="conv1d", lr=2e-3, epochs=40,
    early_stop=3, log_step=True))
add("lightning_csv/enose-mlp-shuffled", "lit", dict(task="enose", model="mlp", lr=1e-3, epochs=15, shuffle_labels=True))

# ---- keras (6)
add("keras_csvlogger/crop-sgd-lr3", "keras", dict(task="crop", model="kdense", opt="sgd", lr=3.0, epochs=25),
    how="csvlogger")
add("keras_csvlogger/radio-raw-units", "keras", dict(task="radio", model="kdense", raw=True, lr=1e-3, epochs=30),
    how="csvlogger")
add("keras_csvlogger/enose-dense-earlystop", "keras", dict(task="enose", model="kdense", hidden=96, lr=1e-3, epochs=60,
    early_stop=5, sep=";"), how="csvlogger")
add("keras_history_json/heat-dense-tiny-train", "keras", dict(task="heat", model="kflat", ntrain=60, bs=16,
    lr=1e-3, epochs=80), how="history_json")
add("keras_history_json/mode-conv1d-plateau", "keras", dict(task="mode", model="kconv1d", lr=2e-3, epochs=25,
    plateau=True), how="history_json")
add("keras_history_csv/radio-dense-rmsprop", "keras", dict(task="radio", model="kdense", hidden=96, opt="rmsprop",
    lr=1e-3, epochs=40), how="history_csv")

# ---- hf_trainer_state (4)
add("hf_trainer_state/convbert-mode-healthy", "hf", dict(arch="convbert", lr=3e-3, epochs=10, warmup=100,
    sched="linear"))
add("hf_trainer_state/fnet-mode-cosine", "hf", dict(arch="fnet", lr=1e-3, epochs=6, warmup=40, sched="cosine"))
add("hf_trainer_state/convbert-mode-lr2", "hf", dict(arch="convbert", lr=2.0, epochs=4, clip=0.0))
add("hf_trainer_state/fnet-mode-lr1e-7", "hf", dict(arch="fnet", lr=1e-7, epochs=4))


def run_one(key, phase=0):
    kind, R, spec = RUNS_SPEC[key]
    R = dict(R)
    d = os.path.join(RUNS, key)
    if phase == 1:
        R.update(spec.get("twice", {}))
        if spec.get("resume"):
            R["resume"] = True
    if spec.get("resume"):
        R["ckpt"] = os.path.join(d, "checkpoint.pt")
    if kind == "text":
        if phase == 1 and spec.get("twice"):
            print(f"python train.py --lr {R['lr']} --epochs {R['epochs']} --hidden {R.get('hidden', 64)}")
        torch_fit(R, TextHooks(spec["style"], spec.get("every", 10)))
    elif kind == "csv":
        torch_fit(R, CSVHooks(os.path.join(d, spec["file"]), spec["how"], mode="a" if phase == 1 else "w"))
    elif kind == "tb":
        torch_fit(R, TBHooks(os.path.join(d, "tb"), spec["tags"], spec.get("every", 5), spec.get("lib", "torch")))
    elif kind == "lit":
        lightning_run(R, d)
    elif kind == "keras":
        keras_run(R, d, spec["how"])
    elif kind == "hf":
        hf_run(R, d)


def driver(only=None):
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONUNBUFFERED="1", KERAS_BACKEND="torch",
               TOKENIZERS_PARALLELISM="false", HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    for key, (kind, R, spec) in RUNS_SPEC.items():
        if only and key not in only:
            continue
        d = os.path.join(RUNS, key)
        if os.path.isdir(d):
            subprocess.run(["rm", "-rf", d])
        os.makedirs(d)
        t0 = time.time()
        phases = [0, 1] if (spec.get("twice") or spec.get("resume")) else [0]
        for ph in phases:
            cmd = [PY, os.path.abspath(__file__), "--child", key, str(ph)]
            if kind == "text":
                with open(os.path.join(d, spec["file"]), "a") as f:
                    p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=d)
            else:
                with open(os.path.join(HERE, "driver_stderr.txt"), "a") as f:
                    f.write(f"### {key} phase {ph}\n"); f.flush()
                    p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env, cwd=d)
            print(f"{key} phase {ph}: rc={p.returncode}  {time.time() - t0:.1f}s", flush=True)
        ck = os.path.join(d, "checkpoint.pt")
        if os.path.exists(ck):
            os.remove(ck)   # keep the batch small; the log is what matters


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        run_one(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) > 1 and sys.argv[1] == "--only":
        driver(set(sys.argv[2:]))
    else:
        driver()
