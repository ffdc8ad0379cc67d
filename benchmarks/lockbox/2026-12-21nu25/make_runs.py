"""Make lock-box batch 2026-12-21nu25: ~50 small real CPU trainings a new user might write.

python make_runs.py                      # every run, each in its own subprocess, two at a time
python make_runs.py --only text/ferment_mlp_cosine   # re-make one run
"""
import os
import sys
import json
import math
import shutil
import signal
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
TMP = "/tmp/nu25_tmp"

# ----------------------------------------------------------------------------------------------------------------
# data (numpy only)
# ----------------------------------------------------------------------------------------------------------------


def _np():
    import numpy as np
    return np


def data_ferment(n_train=900, n_val=300, seed=0, standardise=True):
    """wine fermentation stage: lag / vigorous / slowing / finished (K=4) from cellar readings."""
    np = _np()
    rng = np.random.default_rng(seed)
    n = n_train + n_val
    y = rng.integers(0, 4, n)
    brix = np.array([23.0, 15.0, 6.0, -1.0])[y] + rng.normal(0, 2.6, n)
    alcohol = np.clip((24.0 - brix) * 0.55 + rng.normal(0, 0.9, n), 0, None)
    temp = np.array([18.0, 26.0, 22.0, 17.0])[y] + rng.normal(0, 2.5, n)
    co2 = np.array([0.3, 3.0, 1.2, 0.1])[y] * np.exp(rng.normal(0, 0.35, n))
    yeast = np.array([2.0, 9.0, 6.0, 3.0])[y] * np.exp(rng.normal(0, 0.4, n))
    ph = 3.4 + 0.02 * alcohol + rng.normal(0, 0.08, n)
    X = np.stack([brix, alcohol, temp, co2, yeast, ph], 1)
    flip = rng.random(n) < 0.05
    y = np.where(flip, rng.integers(0, 4, n), y)
    Xtr, Xva, ytr, yva = X[:n_train], X[n_train:], y[:n_train], y[n_train:]
    if standardise:
        mu, sd = Xtr.mean(0), Xtr.std(0)
        Xtr, Xva = (Xtr - mu) / sd, (Xva - mu) / sd
    return Xtr.astype("float32"), ytr.astype("int64"), Xva.astype("float32"), yva.astype("int64")


def delivery_raw(n, rng):
    np = _np()
    dist = np.exp(rng.normal(2.8, 0.8, n))            # km
    weight = np.exp(rng.normal(1.0, 0.9, n))          # kg
    stops = rng.integers(0, 12, n).astype(float)
    traffic = rng.beta(2, 3, n)
    rain = np.where(rng.random(n) < 0.4, 0.0, rng.exponential(4.0, n))   # mm, 40% exact zeros
    rural = (rng.random(n) < 0.3).astype(float)
    depot_open = np.ones(n)                            # every depot in this extract is open (constant column)
    hours = (0.4 + dist / (45.0 * (1 - 0.55 * traffic)) + 0.12 * stops + 0.015 * weight
             + 0.08 * np.log1p(rain) + 0.5 * rural)
    hours = hours * np.exp(rng.normal(0, 0.04, n))
    X = np.stack([dist, weight, stops, traffic, rain, rural, depot_open], 1)
    return X, hours


def data_delivery(n_train=900, n_val=300, seed=1, mode="ok"):
    """parcel delivery time. mode: ok | log_rain (log of a column with zeros) | raw_target | zero_std."""
    np = _np()
    rng = np.random.default_rng(seed)
    X, hours = delivery_raw(n_train + n_val, rng)
    if mode == "log_rain":
        X = X.copy()
        X[:, 0] = np.log(X[:, 0])
        X[:, 4] = np.log(X[:, 4])        # intended log1p; rain has exact zeros -> -inf
    else:
        X = X.copy()
        X[:, 0] = np.log(X[:, 0])
        X[:, 4] = np.log1p(X[:, 4])
    Xtr, Xva = X[:n_train], X[n_train:]
    if mode == "zero_std":
        mu, sd = Xtr.mean(0), Xtr.std(0)                      # depot_open has std 0 -> 0/0
        Xtr, Xva = (Xtr - mu) / sd, (Xva - mu) / sd
    else:
        mu, sd = Xtr[:, :6].mean(0), Xtr[:, :6].std(0)
        Xtr, Xva = (Xtr[:, :6] - mu) / sd, (Xva[:, :6] - mu) / sd
    t = np.log(hours)
    if mode == "raw_target":
        ytr, yva = hours[:n_train] * 60.0, hours[n_train:] * 60.0   # minutes, not scaled
    else:
        tm, ts = t[:n_train].mean(), t[:n_train].std()
        ytr, yva = (t[:n_train] - tm) / ts, (t[n_train:] - tm) / ts
    return (Xtr.astype("float32"), ytr.astype("float32")[:, None], Xva.astype("float32"),
            yva.astype("float32")[:, None])


def data_blob(n_train=600, n_val=300, seed=2):
    """10x10 noisy image with one Gaussian blob; class = blob width small / medium / large (K=3)."""
    np = _np()
    rng = np.random.default_rng(seed)
    n = n_train + n_val
    y = rng.integers(0, 3, n)
    sig = np.array([0.7, 1.4, 2.4])[y] * np.exp(rng.normal(0, 0.12, n))
    cx, cy = rng.uniform(2, 7, n), rng.uniform(2, 7, n)
    g = np.arange(10)
    xx, yy = np.meshgrid(g, g)
    img = np.exp(-((xx[None] - cx[:, None, None]) ** 2 + (yy[None] - cy[:, None, None]) ** 2) / (2 * sig[:, None, None] ** 2))
    img = img * rng.uniform(0.7, 1.3, n)[:, None, None] + rng.normal(0, 0.25, (n, 10, 10))
    X = img[:, None].astype("float32")
    return X[:n_train], y[:n_train].astype("int64"), X[n_train:], y[n_train:].astype("int64")


def data_firstseen(n_train=1200, n_val=400, seed=3, L=14):
    """14 tokens over symbols 1..8; class 0 = symbol 1 occurs before symbol 2, 1 = symbol 2 first, 2 = neither."""
    np = _np()
    rng = np.random.default_rng(seed)
    n = n_train + n_val
    p = np.array([0.04, 0.04] + [0.92 / 6] * 6)
    X = rng.choice(np.arange(1, 9), size=(n, L), p=p)
    y = np.full(n, 2)
    for i in range(n):
        for t in X[i]:
            if t == 1:
                y[i] = 0
                break
            if t == 2:
                y[i] = 1
                break
    return X[:n_train].astype("int64"), y[:n_train].astype("int64"), X[n_train:].astype("int64"), y[n_train:].astype("int64")


# ----------------------------------------------------------------------------------------------------------------
# torch models
# ----------------------------------------------------------------------------------------------------------------


def torch_models():
    import torch
    import torch.nn as nn

    class MLP(nn.Module):
        def __init__(self, d_in, d_out, hidden=64, depth=2, drop=0.0, bn=False, in_drop=0.0, final_softmax=False):
            super().__init__()
            layers = []
            if in_drop:
                layers.append(nn.Dropout(in_drop))
            d = d_in
            for _ in range(depth):
                layers.append(nn.Linear(d, hidden))
                if bn:
                    layers.append(nn.BatchNorm1d(hidden))
                layers.append(nn.ReLU())
                if drop:
                    layers.append(nn.Dropout(drop))
                d = hidden
            layers.append(nn.Linear(d, d_out))
            if final_softmax:
                layers.append(nn.Softmax(dim=1))
            self.net = nn.Sequential(*layers)

        def forward(self, x):
            return self.net(x)

    class CNN(nn.Module):
        def __init__(self, k=3, ch=12, bn=False, drop=0.0, final_softmax=False):
            super().__init__()
            def block(i, o):
                return [nn.Conv2d(i, o, 3, padding=1)] + ([nn.BatchNorm2d(o)] if bn else []) + [nn.ReLU()]
            self.f = nn.Sequential(*block(1, ch), nn.MaxPool2d(2), *block(ch, 2 * ch), nn.AdaptiveAvgPool2d(2))
            head = [nn.Flatten(), nn.Linear(8 * ch, 32), nn.ReLU()]
            if drop:
                head.append(nn.Dropout(drop))
            head.append(nn.Linear(32, k))
            if final_softmax:
                head.append(nn.Softmax(dim=1))
            self.h = nn.Sequential(*head)

        def forward(self, x):
            return self.h(self.f(x))

    class SeqNet(nn.Module):
        def __init__(self, cell="gru", k=3, emb=16, hidden=32, vocab=9, relu_init=None):
            super().__init__()
            self.emb = nn.Embedding(vocab, emb)
            if cell == "gru":
                self.rnn = nn.GRU(emb, hidden, batch_first=True)
            elif cell == "lstm":
                self.rnn = nn.LSTM(emb, hidden, batch_first=True)
            else:
                self.rnn = nn.RNN(emb, hidden, batch_first=True, nonlinearity="relu")
                if relu_init is not None:
                    with torch.no_grad():
                        self.rnn.weight_hh_l0.copy_(relu_init * torch.eye(hidden))
                        self.rnn.bias_hh_l0.zero_()
            self.out = nn.Linear(hidden, k)

        def forward(self, x):
            h, _ = self.rnn(self.emb(x))
            return self.out(h[:, -1])

    class TinyTransformer(nn.Module):
        def __init__(self, k=3, d=32, L=14, vocab=9):
            super().__init__()
            self.emb = nn.Embedding(vocab, d)
            self.pos = nn.Parameter(torch.randn(1, L, d) * 0.1)
            layer = nn.TransformerEncoderLayer(d, 4, 64, dropout=0.0, batch_first=True)
            self.enc = nn.TransformerEncoder(layer, 2)
            self.out = nn.Linear(d, k)

        def forward(self, x):
            mask = torch.triu(torch.full((x.shape[1], x.shape[1]), float("-inf")), 1)
            h = self.enc(self.emb(x) + self.pos, mask=mask)
            return self.out(h[:, -1])

    return MLP, CNN, SeqNet, TinyTransformer


# ----------------------------------------------------------------------------------------------------------------
# one generic plain-torch loop; faults are flags a user's bug would amount to
# ----------------------------------------------------------------------------------------------------------------


def torch_fit(model, data, *, epochs, bs=32, opt="adam", lr=1e-3, wd=0.0, task="cls", sched=None, sched_per_batch=False,
              warmup=0, clip=None, no_zero_grad=False, never_train_again=False, eval_on_train=False,
              loss_kind=None, kill_at=None, start_epoch=1, state=None, on_epoch=None, on_step=None,
              early_stop=None, ckpt=None, seed=0, dtype=None, eps=1e-8, plateau=None):
    import numpy as np
    import torch
    import torch.nn as nn
    torch.manual_seed(seed)
    Xtr, ytr, Xva, yva = data
    Xtr, ytr, Xva, yva = map(torch.as_tensor, (Xtr, ytr, Xva, yva))
    if dtype is not None:
        model = model.to(dtype)
        Xtr, Xva = (Xtr.to(dtype), Xva.to(dtype)) if Xtr.is_floating_point() else (Xtr, Xva)
        if task == "reg":
            ytr, yva = ytr.to(dtype), yva.to(dtype)
    params = [p for p in model.parameters() if p.requires_grad]
    if opt == "adam":
        o = torch.optim.Adam(params, lr=lr, weight_decay=wd, eps=eps)
    elif opt == "adamw":
        o = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    else:
        o = torch.optim.SGD(params, lr=lr, momentum=0.9, weight_decay=wd)
    steps_per_epoch = math.ceil(len(Xtr) / bs)
    s = None
    if sched == "cosine":
        s = torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=epochs)
    elif isinstance(sched, tuple) and sched[0] == "cosine_tmax":
        s = torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=sched[1])
    elif isinstance(sched, tuple) and sched[0] == "step":
        s = torch.optim.lr_scheduler.StepLR(o, step_size=sched[1], gamma=sched[2])
    elif sched == "plateau":
        s = torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.5, patience=plateau or 3)
    elif sched == "warmup_cos":
        total_steps = epochs * steps_per_epoch
        ws = warmup * steps_per_epoch
        s = torch.optim.lr_scheduler.LambdaLR(
            o, lambda k: (k + 1) / ws if k < ws else 0.5 * (1 + math.cos(math.pi * (k - ws) / max(1, total_steps - ws))))
        sched_per_batch = True
    if state is not None:
        model.load_state_dict(state["model"])
        o.load_state_dict(state["opt"])
        if s is not None and "sched" in state:
            s.load_state_dict(state["sched"])
    if loss_kind == "mse_ids":
        def crit(out, yb):
            return nn.functional.mse_loss(out.squeeze(1), yb.float())
    elif task == "cls":
        crit = nn.CrossEntropyLoss()
    else:
        crit = nn.MSELoss()
    g = torch.Generator().manual_seed(seed + start_epoch)
    best, bad = float("inf"), 0
    step = (start_epoch - 1) * steps_per_epoch
    model.train()
    for ep in range(start_epoch, epochs + 1):
        if not never_train_again:
            model.train()
        perm = torch.randperm(len(Xtr), generator=g)
        tot, cnt = 0.0, 0
        for i in range(0, len(Xtr), bs):
            idx = perm[i:i + bs]
            xb, yb = Xtr[idx], ytr[idx]
            if not no_zero_grad:
                o.zero_grad()
            out = model(xb)
            loss = crit(out, yb)
            loss.backward()
            gn = None
            if clip is not None:
                gn = float(torch.nn.utils.clip_grad_norm_(model.parameters(), clip))
            elif on_step is not None:
                gn = float(torch.sqrt(sum((p.grad.float() ** 2).sum() for p in model.parameters() if p.grad is not None)))
            o.step()
            if s is not None and sched_per_batch:
                s.step()
            step += 1
            tot += float(loss) * len(idx)
            cnt += len(idx)
            if on_step is not None:
                on_step(step, float(loss), o.param_groups[0]["lr"], gn)
        train_loss = tot / cnt
        lr_now = o.param_groups[0]["lr"]
        model.eval()
        Xe, ye = (Xtr, ytr) if eval_on_train else (Xva, yva)
        with torch.no_grad():
            out = model(Xe)
            vloss = float(crit(out, ye))
            if loss_kind == "mse_ids":
                metric = float((out.squeeze(1).round().clamp(0, 3).long() == ye).float().mean())
            elif task == "cls":
                metric = float((out.argmax(1) == ye).float().mean())
            else:
                metric = float((out - ye).abs().mean())
        if s is not None and not sched_per_batch:
            if sched == "plateau":
                s.step(vloss)
            else:
                s.step()
        rec = {"epoch": ep, "train_loss": train_loss, "val_loss": vloss, "metric": metric, "lr": lr_now, "step": step}
        on_epoch(rec)
        if ckpt is not None and ep in ckpt["at"]:
            os.makedirs(TMP, exist_ok=True)
            st = {"model": model.state_dict(), "opt": o.state_dict(), "epoch": ep}
            if s is not None:
                st["sched"] = s.state_dict()
            torch.save(st, ckpt["path"])
        if kill_at is not None and ep == kill_at:
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        if early_stop is not None:
            if vloss < best - 1e-4:
                best, bad = vloss, 0
            else:
                bad += 1
                if bad >= early_stop:
                    on_epoch({"early_stop": ep, "best": best})
                    break
    return model


# ----------------------------------------------------------------------------------------------------------------
# text loggers (varied wordings)
# ----------------------------------------------------------------------------------------------------------------

def text_printer(style, name, task, epochs):
    import logging
    mname = "mae" if task == "reg" else "acc"
    if style == "bracket":
        print(f">>> starting {name} ({epochs} epochs)")

        def f(r):
            if "early_stop" in r:
                print(f"no improvement, stopping after epoch {r['early_stop']} (best val {r['best']:.4f})")
                return
            m = f"{r['metric']:.4f}" if task == "reg" else f"{100 * r['metric']:.1f}%"
            print(f"<{r['epoch']:03d}> trn {r['train_loss']:.4f} / val {r['val_loss']:.4f} / {mname} {m} / lr {r['lr']:.2e}")
        return f
    if style == "logging":
        logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                            format="%(asctime)s | %(levelname)s | %(name)s | %(message)s")
        log = logging.getLogger(name)
        log.info("config: epochs=%d", epochs)

        def f(r):
            if "early_stop" in r:
                log.info("patience exhausted at epoch %d, best heldout %.4f", r["early_stop"], r["best"])
                return
            log.info("pass %d/%d  fit_loss=%.5f  holdout_loss=%.5f  holdout_%s=%.4f", r["epoch"], epochs,
                     r["train_loss"], r["val_loss"], mname, r["metric"])
        return f
    if style == "kv":
        def f(r):
            if "early_stop" in r:
                print(f"stopped early (epoch {r['early_stop']})")
                return
            print(f"it {r['epoch']} :: loss {r['train_loss']:.5g} :: eval_loss {r['val_loss']:.5g} :: eval_{mname} {r['metric']:.5g}")
        return f
    if style == "sentence":
        print(f"Training {name} for {epochs} epochs")

        def f(r):
            print(f"After epoch {r['epoch']} the training loss is {r['train_loss']:.4f}, validation loss is "
                  f"{r['val_loss']:.4f} and validation {'MAE' if task == 'reg' else 'accuracy'} is {r['metric']:.4f}")
        return f
    raise ValueError(style)


# ----------------------------------------------------------------------------------------------------------------
# run definitions
# ----------------------------------------------------------------------------------------------------------------

RUN_LIST = [
    # text (16)
    "text/ferment_mlp_cosine", "text/ferment_sgd_lr12", "text/ferment_labels_reshuffled", "text/ferment_tiny_train",
    "text/ferment_adam_wd4", "text/delivery_mlp_earlystop", "text/delivery_adam_lr3e7", "text/delivery_steplr_per_batch",
    "text/delivery_mlp_plateau", "text/blob_cnn_steplr", "text/blob_cnn_no_zero_grad", "text/blob_cnn_eval_stuck",
    "text/firstseen_gru_warmup", "text/firstseen_gru_killed", "text/firstseen_lstm_relaunch", "text/firstseen_relurnn_noclip",
    # csv_custom (9)
    "csv_custom/ferment_mlp_steps", "csv_custom/ferment_mse_on_ids", "csv_custom/ferment_val_is_train",
    "csv_custom/delivery_adamw_jsonl", "csv_custom/delivery_log_rain", "csv_custom/blob_cosine_tmax500",
    "csv_custom/blob_leaky_split", "csv_custom/firstseen_gru_frozen", "csv_custom/firstseen_transformer_jsonl",
    # tensorboard (9)
    "tensorboard/ferment_mlp_warmup", "tensorboard/ferment_opt_on_old_model", "tensorboard/delivery_fp16_adam",
    "tensorboard/delivery_mlp_relaunch", "tensorboard/blob_adam_lr2", "tensorboard/blob_cnn_bn",
    "tensorboard/blob_softmax_then_ce", "tensorboard/firstseen_lstm_tbx", "tensorboard/firstseen_relurnn_clipped",
    # lightning (6)
    "lightning_csv/ferment_lit_cosine", "lightning_csv/delivery_lit_killed", "lightning_csv/delivery_lit_zero_std",
    "lightning_csv/blob_lit_plateau", "lightning_csv/firstseen_lit_debug_epochs", "lightning_csv/firstseen_lit_lr1e6",
    # keras (6)
    "keras_csvlogger/ferment_dense_earlystop", "keras_csvlogger/blob_dense_sgd_lr4",
    "keras_history_csv/ferment_dense_l2_big", "keras_history_csv/firstseen_embed_dense",
    "keras_history_json/delivery_dense_plateau", "keras_history_json/delivery_raw_minutes",
    # hf (4)
    "hf_trainer/firstseen_mpt", "hf_trainer/firstseen_camembert", "hf_trainer/firstseen_persimmon_lr4",
    "hf_trainer/firstseen_ctrl_lr1e7",
]


def rundir(key):
    d = os.path.join(RUNS, key)
    return d


# ---- text ---------------------------------------------------------------------------------------------------------

def run_text(name, d):
    import numpy as np
    import torch
    torch.set_num_threads(1)
    MLP, CNN, SeqNet, TinyTransformer = torch_models()
    torch.manual_seed(0)
    if name == "ferment_mlp_cosine":
        data = data_ferment()
        m = MLP(6, 4, 64, 2, drop=0.1)
        torch_fit(m, data, epochs=30, lr=3e-3, sched="cosine", on_epoch=text_printer("bracket", name, "cls", 30))
    elif name == "ferment_sgd_lr12":
        data = data_ferment()
        m = MLP(6, 4, 64, 2)
        torch_fit(m, data, epochs=25, opt="sgd", lr=12.0, on_epoch=text_printer("bracket", name, "cls", 25))
    elif name == "ferment_labels_reshuffled":
        Xtr, ytr, Xva, yva = data_ferment()
        rng = np.random.default_rng(7)
        idx = rng.permutation(len(Xtr))
        Xtr = Xtr[idx]
        idx = rng.permutation(len(Xtr))        # bug: a second permutation drawn for the labels
        ytr = ytr[idx]
        m = MLP(6, 4, 64, 2)
        torch_fit(m, (Xtr, ytr, Xva, yva), epochs=25, lr=2e-3, on_epoch=text_printer("bracket", name, "cls", 25))
    elif name == "ferment_tiny_train":
        Xtr, ytr, Xva, yva = data_ferment()
        m = MLP(6, 4, 128, 3)
        torch_fit(m, (Xtr[:28], ytr[:28], Xva, yva), epochs=300, bs=28, lr=3e-3,
                  on_epoch=text_printer("logging", name, "cls", 300))
    elif name == "ferment_adam_wd4":
        data = data_ferment()
        m = MLP(6, 4, 64, 2)
        torch_fit(m, data, epochs=25, lr=2e-3, wd=4.0, on_epoch=text_printer("logging", name, "cls", 25))
    elif name == "delivery_mlp_earlystop":
        data = data_delivery()
        m = MLP(6, 1, 64, 2)
        torch_fit(m, data, epochs=150, lr=2e-3, task="reg", early_stop=8,
                  on_epoch=text_printer("logging", name, "reg", 150))
    elif name == "delivery_adam_lr3e7":
        data = data_delivery()
        m = MLP(6, 1, 64, 2)
        torch_fit(m, data, epochs=30, lr=3e-7, task="reg", on_epoch=text_printer("logging", name, "reg", 30))
    elif name == "delivery_steplr_per_batch":
        data = data_delivery()
        m = MLP(6, 1, 64, 2)
        # meant StepLR(step_size=10 epochs, gamma=0.3) but scheduler.step() sits inside the batch loop
        torch_fit(m, data, epochs=30, lr=3e-3, task="reg", sched=("step", 10, 0.3), sched_per_batch=True,
                  on_epoch=text_printer("kv", name, "reg", 30))
    elif name == "delivery_mlp_plateau":
        data = data_delivery()
        m = MLP(6, 1, 64, 2)
        torch_fit(m, data, epochs=40, lr=3e-3, task="reg", sched="plateau", plateau=3,
                  on_epoch=text_printer("kv", name, "reg", 40))
    elif name == "blob_cnn_steplr":
        run_tqdm_blob(name, d, sched=("step", 8, 0.3), epochs=20)
    elif name == "blob_cnn_no_zero_grad":
        run_tqdm_blob(name, d, sched=None, epochs=20, no_zero_grad=True)
    elif name == "blob_cnn_eval_stuck":
        data = data_blob()
        m = CNN(bn=True, drop=0.5)
        torch_fit(m, data, epochs=20, lr=2e-3, never_train_again=True,
                  on_epoch=text_printer("sentence", name, "cls", 20))
    elif name == "firstseen_gru_warmup":
        data = data_firstseen()
        m = SeqNet("gru")
        torch_fit(m, data, epochs=20, lr=4e-3, sched="warmup_cos", warmup=2,
                  on_epoch=text_printer("sentence", name, "cls", 20))
    elif name == "firstseen_gru_killed":
        data = data_firstseen()
        m = SeqNet("gru")
        torch_fit(m, data, epochs=25, lr=3e-3, kill_at=9, on_epoch=text_printer("sentence", name, "cls", 25))
    elif name == "firstseen_lstm_relaunch":
        data = data_firstseen()
        m = SeqNet("lstm")
        ck = os.path.join(TMP, "firstseen_lstm_relaunch.pt")
        pr = text_printer("bracket", name, "cls", 24)
        if os.environ.get("NU25_PHASE") == "2":
            st = torch.load(ck)
            print(f">>> resuming from checkpoint at epoch {st['epoch']}")
            torch_fit(m, data, epochs=24, lr=3e-3, sched="cosine", state=st, start_epoch=st["epoch"] + 1, on_epoch=pr)
            os.remove(ck)
        else:
            torch_fit(m, data, epochs=24, lr=3e-3, sched="cosine", ckpt={"at": [5, 10, 15], "path": ck}, kill_at=13,
                      on_epoch=pr)
    elif name == "firstseen_relurnn_noclip":
        data = data_firstseen()
        m = SeqNet("relu", relu_init=1.5)
        run_steps_print(m, data, name, epochs=12, lr=1e-3, clip=None)
    else:
        raise KeyError(name)


def run_tqdm_blob(name, d, sched, epochs, no_zero_grad=False):
    import torch
    from tqdm import tqdm
    MLP, CNN, SeqNet, TinyTransformer = torch_models()
    Xtr, ytr, Xva, yva = map(torch.as_tensor, data_blob())
    torch.manual_seed(0)
    m = CNN()
    o = torch.optim.Adam(m.parameters(), lr=2e-3)
    s = torch.optim.lr_scheduler.StepLR(o, sched[1], sched[2]) if sched else None
    crit = torch.nn.CrossEntropyLoss()
    g = torch.Generator().manual_seed(0)
    for ep in range(1, epochs + 1):
        m.train()
        perm = torch.randperm(len(Xtr), generator=g)
        bar = tqdm(range(0, len(Xtr), 32), desc=f"epoch {ep}", ascii=True, file=sys.stdout, mininterval=0)
        tot = 0.0
        for j, i in enumerate(bar):
            idx = perm[i:i + 32]
            if not no_zero_grad:
                o.zero_grad()
            loss = crit(m(Xtr[idx]), ytr[idx])
            loss.backward()
            o.step()
            tot += float(loss) * len(idx)
            if j % 5 == 0:
                bar.set_postfix(loss=f"{float(loss):.3f}")
        bar.close()
        m.eval()
        with torch.no_grad():
            out = m(Xva)
            vl = float(crit(out, yva))
            acc = float((out.argmax(1) == yva).float().mean())
        tqdm.write(f"-- epoch {ep} summary: mean train loss {tot / len(Xtr):.4f}, val loss {vl:.4f}, val acc {acc:.4f}",
                   file=sys.stdout)
        if s:
            s.step()


def run_steps_print(m, data, name, epochs, lr, clip):
    print(f"# {name}: per-step log")

    def on_step(step, loss, lr_, gn):
        if step % 10 == 0:
            print(f"[step {step:5d}] ce={loss:.4f} gnorm={gn:.3g} lr={lr_:.1e}")

    def on_epoch(r):
        print(f"[eval ep {r['epoch']}] ce={r['val_loss']:.4f} acc={r['metric']:.3f}")
    torch_fit(m, data, epochs=epochs, lr=lr, clip=clip, on_step=on_step, on_epoch=on_epoch)


# ---- csv / jsonl ---------------------------------------------------------------------------------------------------

def run_csv(name, d):
    import csv
    import numpy as np
    import pandas as pd
    import torch
    torch.set_num_threads(1)
    MLP, CNN, SeqNet, TinyTransformer = torch_models()
    torch.manual_seed(0)
    if name == "ferment_mlp_steps":
        data = data_ferment()
        f = open(os.path.join(d, "log.csv"), "w", newline="")
        w = csv.writer(f)
        w.writerow(["step", "epoch", "batch_loss", "val_loss", "val_acc"])
        cur = {"ep": 1}

        def on_step(step, loss, lr, gn):
            if step % 5 == 0:
                w.writerow([step, cur["ep"], f"{loss:.5f}", "", ""])

        def on_epoch(r):
            w.writerow([r["step"], r["epoch"], "", f"{r['val_loss']:.5f}", f"{r['metric']:.4f}"])
            cur["ep"] = r["epoch"] + 1
        torch_fit(MLP(6, 4, 64, 2, bn=True), data, epochs=20, lr=2e-3, on_step=on_step, on_epoch=on_epoch)
        f.close()
    elif name == "ferment_mse_on_ids":
        data = data_ferment()
        f = open(os.path.join(d, "metrics.csv"), "w", newline="")
        w = csv.DictWriter(f, ["epoch", "loss", "val_loss", "val_accuracy"])
        w.writeheader()
        torch_fit(MLP(6, 1, 64, 2), data, epochs=30, lr=2e-3, loss_kind="mse_ids",
                  on_epoch=lambda r: w.writerow({"epoch": r["epoch"], "loss": r["train_loss"], "val_loss": r["val_loss"],
                                                 "val_accuracy": r["metric"]}))
        f.close()
    elif name == "ferment_val_is_train":
        data = data_ferment()
        rows = []
        torch_fit(MLP(6, 4, 128, 3), data, epochs=60, lr=3e-3, eval_on_train=True,
                  on_epoch=lambda r: rows.append({"epoch": r["epoch"], "train/loss": r["train_loss"],
                                                  "val/loss": r["val_loss"], "val/acc": r["metric"]}))
        pd.DataFrame(rows).to_csv(os.path.join(d, "history.csv"), index=False)
    elif name == "delivery_adamw_jsonl":
        data = data_delivery()
        f = open(os.path.join(d, "train.jsonl"), "w")
        torch_fit(MLP(6, 1, 64, 2), data, epochs=40, opt="adamw", lr=2e-3, wd=1e-2, task="reg", sched="cosine",
                  on_epoch=lambda r: f.write(json.dumps({"ep": r["epoch"], "mse": r["train_loss"], "val_mse": r["val_loss"],
                                                         "val_mae": r["metric"], "lr": r["lr"]}) + "\n"))
        f.close()
    elif name == "delivery_log_rain":
        data = data_delivery(mode="log_rain")
        f = open(os.path.join(d, "losses.csv"), "w", newline="")
        w = csv.writer(f)
        w.writerow(["epoch", "train_mse", "valid_mse", "valid_mae"])
        torch_fit(MLP(6, 1, 64, 2), data, epochs=20, lr=2e-3, task="reg",
                  on_epoch=lambda r: w.writerow([r["epoch"], r["train_loss"], r["val_loss"], r["metric"]]))
        f.close()
    elif name == "blob_cosine_tmax500":
        data = data_blob()
        rows = []
        # copied from a 500-epoch recipe: T_max left at 500 for a 20-epoch run
        torch_fit(CNN(), data, epochs=20, opt="sgd", lr=0.05, sched=("cosine_tmax", 500),
                  on_epoch=lambda r: rows.append({"epoch": r["epoch"], "loss": r["train_loss"], "val_loss": r["val_loss"],
                                                  "val_acc": r["metric"], "lr": r["lr"]}))
        pd.DataFrame(rows).to_csv(os.path.join(d, "progress.csv"), index=False)
    elif name == "blob_leaky_split":
        Xtr, ytr, Xva, yva = data_blob()
        # "validation" built by sampling from the full pool after concatenation -> mostly training images
        rng = np.random.default_rng(5)
        pool_X, pool_y = np.concatenate([Xtr, Xva]), np.concatenate([ytr, yva])
        pick = rng.choice(len(Xtr), 300, replace=False)
        Xva2, yva2 = pool_X[pick], pool_y[pick]
        rows = []
        torch_fit(CNN(), (Xtr, ytr, Xva2, yva2), epochs=40, lr=3e-3,
                  on_epoch=lambda r: rows.append({"epoch": r["epoch"], "loss": r["train_loss"], "val_loss": r["val_loss"],
                                                  "val_acc": r["metric"]}))
        pd.DataFrame(rows).to_csv(os.path.join(d, "progress.csv"), index=False)
    elif name == "firstseen_gru_frozen":
        data = data_firstseen()
        m = SeqNet("gru")
        for p in m.rnn.parameters():
            p.requires_grad = False
        for p in m.emb.parameters():
            p.requires_grad = False
        m.out.weight.requires_grad = False     # meant to freeze the embedding only
        f = open(os.path.join(d, "metrics.jsonl"), "w")
        torch_fit(m, data, epochs=20, lr=3e-3,
                  on_epoch=lambda r: f.write(json.dumps({"epoch": r["epoch"], "train_loss": r["train_loss"],
                                                         "val_loss": r["val_loss"], "val_acc": r["metric"]}) + "\n"))
        f.close()
    elif name == "firstseen_transformer_jsonl":
        data = data_firstseen()
        f = open(os.path.join(d, "metrics.jsonl"), "w")

        def on_step(step, loss, lr, gn):
            if step % 15 == 0:
                f.write(json.dumps({"type": "step", "step": step, "loss": round(loss, 5), "lr": lr}) + "\n")
        torch_fit(TinyTransformer(), data, epochs=25, lr=1e-3, sched="warmup_cos", warmup=2, clip=1.0, on_step=on_step,
                  on_epoch=lambda r: f.write(json.dumps({"type": "epoch", "epoch": r["epoch"], "step": r["step"],
                                                         "train_loss": r["train_loss"], "val_loss": r["val_loss"],
                                                         "val_acc": r["metric"]}) + "\n"))
        f.close()
    else:
        raise KeyError(name)


# ---- tensorboard ---------------------------------------------------------------------------------------------------

def run_tb(name, d):
    import torch
    torch.set_num_threads(1)
    MLP, CNN, SeqNet, TinyTransformer = torch_models()
    torch.manual_seed(0)

    def sw(tbx=False, sub=None):
        if tbx:
            from tensorboardX import SummaryWriter
            return SummaryWriter(d)
        from torch.utils.tensorboard import SummaryWriter
        return SummaryWriter(os.path.join(d, sub or "logs"))

    def ep_logger(w, task="cls", prefix=("loss/train", "loss/val", "acc/val" , "lr")):
        def f(r):
            if "early_stop" in r:
                return
            e = r["epoch"]
            w.add_scalar(prefix[0], r["train_loss"], e)
            w.add_scalar(prefix[1], r["val_loss"], e)
            w.add_scalar(prefix[2] if task == "cls" else "mae/val", r["metric"], e)
            w.add_scalar(prefix[3], r["lr"], e)
        return f

    if name == "ferment_mlp_warmup":
        w = sw()
        torch_fit(MLP(6, 4, 64, 2, drop=0.1), data_ferment(), epochs=30, lr=3e-3, sched="warmup_cos", warmup=3,
                  on_epoch=ep_logger(w))
    elif name == "ferment_opt_on_old_model":
        w = sw()
        m = MLP(6, 4, 64, 2)
        opt = torch.optim.Adam(m.parameters(), lr=2e-3)
        m = MLP(6, 4, 64, 2)         # re-created after the optimizer (cell run twice in a notebook)
        Xtr, ytr, Xva, yva = map(torch.as_tensor, data_ferment())
        crit = torch.nn.CrossEntropyLoss()
        g = torch.Generator().manual_seed(0)
        for ep in range(1, 26):
            m.train()
            perm = torch.randperm(len(Xtr), generator=g)
            tot = 0.0
            for i in range(0, len(Xtr), 32):
                idx = perm[i:i + 32]
                opt.zero_grad()
                loss = crit(m(Xtr[idx]), ytr[idx])
                loss.backward()
                opt.step()
                tot += float(loss) * len(idx)
            m.eval()
            with torch.no_grad():
                out = m(Xva)
            ep_logger(w)({"epoch": ep, "train_loss": tot / len(Xtr), "val_loss": float(crit(out, yva)),
                          "metric": float((out.argmax(1) == yva).float().mean()), "lr": 2e-3})
    elif name == "delivery_fp16_adam":
        w = sw()
        torch_fit(MLP(6, 1, 64, 2), data_delivery(), epochs=20, lr=1e-3, task="reg", dtype=torch.float16,
                  on_epoch=ep_logger(w, "reg"))
    elif name == "delivery_mlp_relaunch":
        w = sw(tbx=True)
        ck = os.path.join(TMP, "delivery_mlp_relaunch.pt")
        lg = ep_logger(w, "reg", ("epoch/train_mse", "epoch/val_mse", "epoch/val_mae", "epoch/lr"))
        m = MLP(6, 1, 64, 2)
        if os.environ.get("NU25_PHASE") == "2":
            st = torch.load(ck)
            torch_fit(m, data_delivery(), epochs=30, lr=2e-3, task="reg", sched="cosine", state=st,
                      start_epoch=st["epoch"] + 1, on_epoch=lg)
            os.remove(ck)
        else:
            torch_fit(m, data_delivery(), epochs=30, lr=2e-3, task="reg", sched="cosine",
                      ckpt={"at": [6, 12, 18, 24], "path": ck}, kill_at=16, on_epoch=lambda r: (lg(r), w.flush()))
    elif name == "blob_adam_lr2":
        w = sw()
        torch_fit(CNN(), data_blob(), epochs=20, lr=2.0, on_epoch=ep_logger(w))
    elif name == "blob_cnn_bn":
        w = sw()
        torch_fit(CNN(bn=True, drop=0.2), data_blob(), epochs=20, lr=2e-3, sched=("step", 7, 0.4), on_epoch=ep_logger(w))
    elif name == "blob_softmax_then_ce":
        w = sw()
        torch_fit(CNN(final_softmax=True), data_blob(), epochs=20, lr=2e-3, on_epoch=ep_logger(w))
    elif name == "firstseen_lstm_tbx":
        w = sw(tbx=True)

        def on_step(step, loss, lr, gn):
            if step % 10 == 0:
                w.add_scalar("step/loss", loss, step)
                w.add_scalar("step/grad_norm", gn, step)
        torch_fit(SeqNet("lstm"), data_firstseen(), epochs=20, lr=3e-3, sched=("step", 8, 0.5), on_step=on_step,
                  on_epoch=ep_logger(w, "cls", ("epoch/train_loss", "epoch/val_loss", "epoch/val_acc", "epoch/lr")))
    elif name == "firstseen_relurnn_clipped":
        w = sw(tbx=True)

        def on_step(step, loss, lr, gn):
            if step % 10 == 0:
                w.add_scalar("step/loss", loss, step)
                w.add_scalar("step/grad_norm_preclip", gn, step)
        torch_fit(SeqNet("relu", relu_init=1.0), data_firstseen(), epochs=20, lr=1e-3, clip=1.0, on_step=on_step,
                  on_epoch=ep_logger(w, "cls", ("epoch/train_loss", "epoch/val_loss", "epoch/val_acc", "epoch/lr")))
    else:
        raise KeyError(name)
    w.close()


# ---- lightning ---------------------------------------------------------------------------------------------------

def run_lightning(name, d):
    import torch
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor, Callback
    torch.set_num_threads(1)
    MLP, CNN, SeqNet, TinyTransformer = torch_models()
    L.seed_everything(0, verbose=False)

    class Lit(L.LightningModule):
        def __init__(self, net, task, lr, sched, epochs):
            super().__init__()
            self.net, self.task, self.lr, self.sched, self.epochs = net, task, lr, sched, epochs
            self.crit = torch.nn.CrossEntropyLoss() if task == "cls" else torch.nn.MSELoss()

        def training_step(self, b, i):
            x, y = b
            loss = self.crit(self.net(x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            out = self.net(x)
            self.log("val_loss", self.crit(out, y))
            if self.task == "cls":
                self.log("val_acc", (out.argmax(1) == y).float().mean())
            else:
                self.log("val_mae", (out - y).abs().mean())

        def configure_optimizers(self):
            o = torch.optim.Adam(self.parameters(), lr=self.lr)
            if self.sched == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=self.epochs)}
            if self.sched == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(
                    o, factor=0.5, patience=2), "monitor": "val_loss"}}
            return o

    class KillAt(Callback):
        def __init__(self, ep):
            self.ep = ep

        def on_train_epoch_end(self, trainer, pl_module):
            if trainer.current_epoch + 1 == self.ep:
                os.kill(os.getpid(), signal.SIGKILL)

    def loaders(data, bs=32):
        from torch.utils.data import TensorDataset, DataLoader
        Xtr, ytr, Xva, yva = map(torch.as_tensor, data)
        return (DataLoader(TensorDataset(Xtr, ytr), batch_size=bs, shuffle=True),
                DataLoader(TensorDataset(Xva, yva), batch_size=256))

    cbs = [LearningRateMonitor("epoch")]
    max_epochs = None
    if name == "ferment_lit_cosine":
        net, task, lr, sched, ep, data = MLP(6, 4, 64, 2, drop=0.1), "cls", 3e-3, "cosine", 30, data_ferment()
    elif name == "delivery_lit_killed":
        net, task, lr, sched, ep, data = MLP(6, 1, 64, 2), "reg", 2e-3, "cosine", 30, data_delivery()
        cbs.append(KillAt(12))
    elif name == "delivery_lit_zero_std":
        net, task, lr, sched, ep, data = MLP(7, 1, 64, 2), "reg", 2e-3, None, 20, data_delivery(mode="zero_std")
    elif name == "blob_lit_plateau":
        net, task, lr, sched, ep, data = CNN(), "cls", 2e-3, "plateau", 20, data_blob()
    elif name == "firstseen_lit_debug_epochs":
        net, task, lr, sched, ep, data = SeqNet("gru"), "cls", 3e-3, "cosine", 40, data_firstseen()
        max_epochs = 3         # left over from a debugging session; the schedule is still planned for 40
    elif name == "firstseen_lit_lr1e6":
        net, task, lr, sched, ep, data = SeqNet("gru"), "cls", 1e-6, None, 20, data_firstseen()
    else:
        raise KeyError(name)
    tl, vl = loaders(data)
    model = Lit(net, task, lr, sched, ep)
    tr = L.Trainer(max_epochs=max_epochs or ep, logger=CSVLogger(d, name="lightning_logs"), callbacks=cbs,
                   enable_progress_bar=False, enable_checkpointing=False, log_every_n_steps=10, accelerator="cpu",
                   enable_model_summary=False)
    tr.fit(model, tl, vl)


# ---- keras -----------------------------------------------------------------------------------------------------------

def run_keras(fmt, name, d):
    os.environ["KERAS_BACKEND"] = "torch"
    import numpy as np
    import torch
    torch.set_num_threads(1)
    import keras
    import pandas as pd
    keras.utils.set_random_seed(0)
    cbs = []
    if name == "ferment_dense_earlystop":
        Xtr, ytr, Xva, yva = data_ferment()
        m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"),
                              keras.layers.Dense(64, activation="relu"), keras.layers.Dense(4, activation="softmax")])
        m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
        cbs.append(keras.callbacks.EarlyStopping(patience=6, restore_best_weights=True))
        ep = 100
    elif name == "blob_dense_sgd_lr4":
        Xtr, ytr, Xva, yva = data_blob()
        Xtr, Xva = Xtr.reshape(len(Xtr), -1), Xva.reshape(len(Xva), -1)
        m = keras.Sequential([keras.Input((100,)), keras.layers.Dense(64, activation="relu"),
                              keras.layers.Dense(3, activation="softmax")])
        m.compile(optimizer=keras.optimizers.SGD(4.0), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
        ep = 25
    elif name == "ferment_dense_l2_big":
        Xtr, ytr, Xva, yva = data_ferment()
        reg = keras.regularizers.l2(2.0)
        m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu", kernel_regularizer=reg),
                              keras.layers.Dense(64, activation="relu", kernel_regularizer=reg),
                              keras.layers.Dense(4, activation="softmax", kernel_regularizer=reg)])
        m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
        ep = 30
    elif name == "firstseen_embed_dense":
        Xtr, ytr, Xva, yva = data_firstseen()
        m = keras.Sequential([keras.Input((14,)), keras.layers.Embedding(9, 12), keras.layers.Flatten(),
                              keras.layers.Dense(64, activation="relu"), keras.layers.Dense(3, activation="softmax")])
        m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
        ep = 30
    elif name == "delivery_dense_plateau":
        Xtr, ytr, Xva, yva = data_delivery()
        m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"),
                              keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
        m.compile(optimizer=keras.optimizers.Adam(3e-3), loss="mse", metrics=["mae"])
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=3))
        ep = 40
    elif name == "delivery_raw_minutes":
        Xtr, ytr, Xva, yva = data_delivery(mode="raw_target")
        m = keras.Sequential([keras.Input((6,)), keras.layers.Dense(64, activation="relu"),
                              keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
        m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="mse", metrics=["mae"])
        ep = 40
    else:
        raise KeyError(name)
    if fmt == "keras_csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(d, "training.log")))
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=ep, batch_size=32, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if fmt == "keras_history_json":
        with open(os.path.join(d, "history.json"), "w") as f:
            json.dump(hist, f)
    elif fmt == "keras_history_csv":
        pd.DataFrame(hist).to_csv(os.path.join(d, "history.csv"))


# ---- hf trainer --------------------------------------------------------------------------------------------------

def run_hf(name, d):
    import numpy as np
    import torch
    torch.set_num_threads(1)
    import transformers
    from transformers import Trainer, TrainingArguments
    transformers.logging.set_verbosity_error()
    Xtr, ytr, Xva, yva = data_firstseen()
    common = dict(vocab_size=12, num_labels=3, pad_token_id=0)
    if name == "firstseen_mpt":
        cfg = transformers.MptConfig(d_model=48, n_heads=4, n_layers=2, max_seq_len=16, **common)
        model = transformers.MptForSequenceClassification(cfg)
        lr = 1e-3
    elif name == "firstseen_camembert":
        cfg = transformers.CamembertConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                                           intermediate_size=96, max_position_embeddings=32, **common)
        model = transformers.CamembertForSequenceClassification(cfg)
        lr = 1e-3
    elif name == "firstseen_persimmon_lr4":
        cfg = transformers.PersimmonConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                                           intermediate_size=96, max_position_embeddings=32, **common)
        model = transformers.PersimmonForSequenceClassification(cfg)
        lr = 4.0
    elif name == "firstseen_ctrl_lr1e7":
        cfg = transformers.CTRLConfig(n_embd=48, n_layer=2, n_head=4, dff=96, n_positions=32, **common)
        model = transformers.CTRLForSequenceClassification(cfg)
        lr = 1e-7
    else:
        raise KeyError(name)

    class DS(torch.utils.data.Dataset):
        def __init__(self, X, y):
            # token ids shifted by 1 so 0 stays the pad id; a [CLS]-ish id 10 at the start, id 11 at the end
            self.X = np.concatenate([np.full((len(X), 1), 10), X + 1, np.full((len(X), 1), 11)], 1)
            self.y = y

        def __len__(self):
            return len(self.y)

        def __getitem__(self, i):
            return {"input_ids": torch.tensor(self.X[i]), "attention_mask": torch.ones(self.X.shape[1], dtype=torch.long),
                    "labels": torch.tensor(self.y[i])}

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}

    out = os.path.join(TMP, "hf_" + name)
    args = TrainingArguments(output_dir=out, num_train_epochs=8, per_device_train_batch_size=32,
                             per_device_eval_batch_size=128, learning_rate=lr, warmup_steps=20, logging_steps=10,
                             eval_strategy="steps", eval_steps=50, save_strategy="no", report_to=[], seed=0,
                             use_cpu=True, disable_tqdm=True, max_grad_norm=1.0)
    tr = Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=metrics)
    tr.train()
    tr.evaluate()
    tr.save_state()
    shutil.copy(os.path.join(out, "trainer_state.json"), os.path.join(d, "trainer_state.json"))
    shutil.rmtree(out, ignore_errors=True)


# ----------------------------------------------------------------------------------------------------------------
# driver
# ----------------------------------------------------------------------------------------------------------------

def child(key):
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    fmt, name = key.split("/")
    d = rundir(key)
    os.makedirs(d, exist_ok=True)
    os.makedirs(TMP, exist_ok=True)
    if fmt == "text":
        run_text(name, d)
    elif fmt == "csv_custom":
        run_csv(name, d)
    elif fmt == "tensorboard":
        run_tb(name, d)
    elif fmt == "lightning_csv":
        run_lightning(name, d)
    elif fmt.startswith("keras"):
        run_keras(fmt, name, d)
    elif fmt == "hf_trainer":
        run_hf(name, d)


TEXT_FILE = {"bracket": "train.log", "logging": "run.log", "kv": "stdout.txt", "sentence": "output.txt",
             "tqdm": "console.txt", "steps": "steps.log"}
TEXT_STYLE = {
    "ferment_mlp_cosine": "bracket", "ferment_sgd_lr12": "bracket", "ferment_labels_reshuffled": "bracket",
    "ferment_tiny_train": "logging", "ferment_adam_wd4": "logging", "delivery_mlp_earlystop": "logging",
    "delivery_adam_lr3e7": "logging", "delivery_steplr_per_batch": "kv", "delivery_mlp_plateau": "kv",
    "blob_cnn_steplr": "tqdm", "blob_cnn_no_zero_grad": "tqdm", "blob_cnn_eval_stuck": "sentence",
    "firstseen_gru_warmup": "sentence", "firstseen_gru_killed": "sentence", "firstseen_lstm_relaunch": "bracket",
    "firstseen_relurnn_noclip": "steps",
}
RELAUNCH = {"text/firstseen_lstm_relaunch", "tensorboard/delivery_mlp_relaunch"}


def launch(key):
    fmt, name = key.split("/")
    d = rundir(key)
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)
    os.makedirs(TMP, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1", KERAS_BACKEND="torch", PYTHONHASHSEED="0")
    phases = ["1", "2"] if key in RELAUNCH else ["1"]
    rcs = []
    for ph in phases:
        env["NU25_PHASE"] = ph
        errpath = os.path.join(TMP, key.replace("/", "__") + f".p{ph}.stderr")
        if fmt == "text":
            out = open(os.path.join(d, TEXT_FILE[TEXT_STYLE[name]]), "a")
        else:
            out = open(os.path.join(TMP, key.replace("/", "__") + f".p{ph}.stdout"), "w")
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", key], stdout=out,
                           stderr=open(errpath, "w"), env=env)
        out.close()
        rcs.append(p.returncode)
    return key, rcs


def main():
    args = sys.argv[1:]
    if args and args[0] == "--child":
        child(args[1])
        return
    keys = RUN_LIST
    if args and args[0] == "--only":
        keys = [args[1]]
    from concurrent.futures import ThreadPoolExecutor
    t0 = time.time()
    with ThreadPoolExecutor(2) as ex:
        for key, rcs in ex.map(launch, keys):
            print(f"{key}: exit {rcs}  ({time.time() - t0:.0f}s)", flush=True)


if __name__ == "__main__":
    main()
