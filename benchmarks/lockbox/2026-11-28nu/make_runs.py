"""Make the lock-box batch 2026-11-28nu: small real trainings on CPU, logged the way a new user would log them.

Every run is trained for real (torch / transformers / lightning / keras on the CPU) on small synthetic data made
with numpy (scikit-learn is not installed in the venv, so the make_classification / make_regression style data
sets are generated here). Seeds are fixed. Faults are injected the way practitioners make them (wrong learning
rate, softmax before CrossEntropyLoss, forgotten zero_grad, optimizer built on the wrong model, shuffled labels,
a run killed with SIGKILL, a run resumed into the same log file ...).

Usage (one training at a time; each run is a separate process so that a SIGKILL only ends that run):

    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py            # all runs
    OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py NAME ...   # some runs (see RUNS)

Output: runs/<format>/<name>/... (the folder of a run is deleted and rewritten). Event-file names carry the
wall-clock time and host name (that is what the writers do), so re-running does not give byte-identical files.
"""
from __future__ import annotations

import csv
import json
import logging
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("KERAS_BACKEND", "torch")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

HERE = Path(__file__).resolve().parent
RUNS = HERE / "runs"
CKPT = Path(tempfile.gettempdir()) / "lockbox-nu-ckpt"   # resume checkpoints; never part of the batch
ERRLOG = Path(tempfile.gettempdir()) / "lockbox-nu-console.txt"


# ----------------------------------------------------------------------------------------------------------------
# data (numpy, seeded)
# ----------------------------------------------------------------------------------------------------------------
def blobs(n_train, n_val, d=20, k=4, sep=1.5, n_inf=16, clusters=2, label_noise=0.0, seed=0):
    """make_classification-like: each class is a mixture of `clusters` Gaussians in n_inf informative dims,
    padded with noise dims and mixed by a random rotation."""
    rng = np.random.default_rng(seed)
    centers = rng.normal(size=(k, clusters, n_inf)) * sep
    q, _ = np.linalg.qr(rng.normal(size=(d, d)))

    def draw(n):
        y = rng.integers(0, k, n)
        c = rng.integers(0, clusters, n)
        xi = centers[y, c] + rng.normal(size=(n, n_inf))
        x = np.concatenate([xi, rng.normal(size=(n, d - n_inf))], 1) @ q
        if label_noise:
            flip = rng.random(n) < label_noise
            y = np.where(flip, rng.integers(0, k, n), y)
        return x.astype(np.float32), y.astype(np.int64)

    return draw(n_train), draw(n_val)


def regression(n_train, n_val, d=10, noise=0.3, seed=0):
    rng = np.random.default_rng(seed)
    w = rng.normal(size=d)
    v = rng.normal(size=d)

    def draw(n):
        x = rng.normal(size=(n, d))
        y = x @ w + 1.5 * np.sin(x @ v) + 0.5 * x[:, 0] * x[:, 1] + noise * rng.normal(size=n)
        return x.astype(np.float32), y.astype(np.float32)

    (xt, yt), (xv, yv) = draw(n_train), draw(n_val)
    mu, sd = yt.mean(), yt.std()
    return (xt, (yt - mu) / sd), (xv, (yv - mu) / sd)


def shapes(n_train, n_val, size=12, noise=0.4, seed=0, k=6):
    """tiny 1-channel images: 0 horizontal bar, 1 vertical bar, 2 diagonal, 3 anti-diagonal, 4 square, 5 cross."""
    rng = np.random.default_rng(seed)

    def glyph(c):
        g = np.zeros((7, 7), np.float32)
        if c == 0:
            g[3, :] = 1
        elif c == 1:
            g[:, 3] = 1
        elif c == 2:
            np.fill_diagonal(g, 1)
        elif c == 3:
            np.fill_diagonal(np.fliplr(g), 1)
        elif c == 4:
            g[0, :] = g[-1, :] = g[:, 0] = g[:, -1] = 1
        else:
            g[3, :] = 1
            g[:, 3] = 1
        return g

    glyphs = [glyph(c) for c in range(k)]

    def draw(n):
        y = rng.integers(0, k, n)
        x = noise * rng.normal(size=(n, 1, size, size)).astype(np.float32)
        for i in range(n):
            r, c = rng.integers(0, size - 6, 2)
            x[i, 0, r:r + 7, c:c + 7] += rng.uniform(0.6, 1.4) * glyphs[y[i]]
        return x.astype(np.float32), y.astype(np.int64)

    return draw(n_train), draw(n_val)


def tokens(n_train, n_val, seq=20, vocab=64, label_noise=0.05, seed=0):
    """binary 'sentiment': label 1 if there are more 'positive' tokens (4..11) than 'negative' ones (12..19)."""
    rng = np.random.default_rng(seed)

    def draw(n):
        x = rng.integers(20, vocab, size=(n, seq))
        y = np.zeros(n, np.int64)
        for i in range(n):
            p, m = rng.poisson(2.0), rng.poisson(2.0)
            while p == m:
                p, m = rng.poisson(2.0), rng.poisson(2.0)
            pos = rng.choice(np.arange(1, seq), p + m, replace=False) if p + m < seq else np.arange(1, seq)
            x[i, pos[:p]] = rng.integers(4, 12, len(pos[:p]))
            x[i, pos[p:]] = rng.integers(12, 20, len(pos[p:]))
            y[i] = int(p > m)
        x[:, 0] = 1  # [CLS]
        flip = rng.random(n) < label_noise
        y = np.where(flip, 1 - y, y)
        return x.astype(np.int64), y

    return draw(n_train), draw(n_val)


# ----------------------------------------------------------------------------------------------------------------
# torch models and a plain training loop (what a new user writes), with the faults as switches
# ----------------------------------------------------------------------------------------------------------------
def torch_setup(seed):
    import torch
    torch.manual_seed(seed)
    np.random.seed(seed)
    torch.set_num_threads(1)
    return torch


def mlp(d_in, hidden, d_out, depth=2, dropout=0.0):
    import torch.nn as nn
    layers, d = [], d_in
    for _ in range(depth):
        layers += [nn.Linear(d, hidden), nn.ReLU()]
        if dropout:
            layers.append(nn.Dropout(dropout))
        d = hidden
    layers.append(nn.Linear(d, d_out))
    return nn.Sequential(*layers)


def cnn(k=6, ch=8):
    import torch.nn as nn
    return nn.Sequential(nn.Conv2d(1, ch, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Conv2d(ch, 2 * ch, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Flatten(), nn.Linear(2 * ch * 9, 32), nn.ReLU(), nn.Linear(32, k))


class BagOfTokens:
    """Embedding + mean pooling + linear, for the token data (binary, one logit)."""

    def __new__(cls, vocab=64, dim=16):
        import torch.nn as nn

        class _M(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = nn.Embedding(vocab, dim)
                self.head = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, 1))

            def forward(self, x):
                return self.head(self.emb(x).mean(1)).squeeze(-1)

        return _M()


def compute_loss(torch, out, y, task, fault=None):
    F = torch.nn.functional
    if task == "reg":
        return F.mse_loss(out.squeeze(-1), y)
    if task == "bin":
        return F.binary_cross_entropy_with_logits(out, y.float())
    if task == "bin_manual":   # hand-written BCE on sigmoid outputs: log(0) once a prediction saturates
        p = torch.sigmoid(out)
        return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
    if fault == "double_softmax":
        return F.cross_entropy(torch.softmax(out, dim=1), y)
    if fault == "log0":         # hand-written cross-entropy: log of softmax probabilities
        p = torch.softmax(out, dim=1)
        return -torch.log(p[torch.arange(len(y)), y]).mean()
    return F.cross_entropy(out, y)


def evaluate(torch, model, x, y, task, fault=None, bs=512):
    model.eval()
    tot, n, correct, preds = 0.0, 0, 0, []
    with torch.no_grad():
        for i in range(0, len(x), bs):
            xb, yb = x[i:i + bs], y[i:i + bs]
            out = model(xb)
            loss = compute_loss(torch, out, yb, task, fault)
            tot += loss.item() * len(xb)
            n += len(xb)
            if task in ("cls",):
                correct += (out.argmax(1) == yb).sum().item()
            elif task in ("bin", "bin_manual"):
                correct += ((out > 0).long() == yb.long()).sum().item()
            else:
                preds.append(out.squeeze(-1))
    model.train()
    res = {"loss": tot / n}
    if task == "reg":
        p = torch.cat(preds)
        res["r2"] = 1 - ((p - y) ** 2).sum().item() / ((y - y.mean()) ** 2).sum().item()
    else:
        res["acc"] = correct / n
    return res


def train_loop(model, opt, data, *, epochs, bs, task="cls", fault=None, sched=None, sched_per_step=False,
               eval_every=None, on_step=None, on_eval=None, on_epoch=None, seed=0, start_epoch=1,
               grad_norm=False, params_model=None, kill_at_epoch=None, kill_at_step=None):
    """Plain loop. on_step(step, epoch, loss, lr, extras), on_eval(step, epoch, res), on_epoch(epoch, tr, va, lr)."""
    import torch
    (xt, yt), (xv, yv) = data
    xt, yt, xv, yv = map(torch.as_tensor, (xt, yt, xv, yv))
    g = torch.Generator().manual_seed(seed)
    steps_per_epoch = math.ceil(len(xt) / bs)
    step = (start_epoch - 1) * steps_per_epoch
    for epoch in range(start_epoch, epochs + 1):
        perm = torch.randperm(len(xt), generator=g)
        tot, n, correct = 0.0, 0, 0
        for i in range(0, len(xt), bs):
            idx = perm[i:i + bs]
            xb, yb = xt[idx], yt[idx]
            if fault != "no_zero_grad":
                opt.zero_grad()
            out = model(xb)
            loss = compute_loss(torch, out, yb, task, fault)
            loss.backward()
            extras = {}
            if grad_norm:
                extras["grad_norm"] = float(torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf")))
                extras["weight_norm"] = float(torch.sqrt(sum((p.detach() ** 2).sum() for p in model.parameters())))
            opt.step()
            if sched is not None and sched_per_step:
                sched.step()
            step += 1
            lv = loss.item()
            tot += lv * len(xb)
            n += len(xb)
            if task == "cls":
                correct += (out.argmax(1) == yb).sum().item()
            elif task in ("bin", "bin_manual"):
                correct += ((out > 0).long() == yb.long()).sum().item()
            if on_step:
                on_step(step, epoch, lv, opt.param_groups[0]["lr"], extras)
            if eval_every and step % eval_every == 0 and on_eval:
                on_eval(step, epoch, evaluate(torch, model, xv, yv, task, fault))
            if kill_at_step and step == kill_at_step:
                os.kill(os.getpid(), signal.SIGKILL)
        lr = opt.param_groups[0]["lr"]
        if sched is not None and not sched_per_step:
            sched.step()
        tr = {"loss": tot / n}
        if task != "reg":
            tr["acc"] = correct / n
        va = evaluate(torch, model, xv, yv, task, fault)
        if on_epoch:
            on_epoch(epoch, tr, va, lr)
        if kill_at_epoch and epoch == kill_at_epoch:
            os.kill(os.getpid(), signal.SIGKILL)
    return model


def out_dir(fmt, name, clean=True):
    d = RUNS / fmt / name
    if clean and d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True, exist_ok=True)
    return d


def file_logger(path, fmt="%(asctime)s - %(levelname)s - %(message)s", mode="w", name="train"):
    log = logging.getLogger(name)
    log.handlers.clear()
    log.setLevel(logging.INFO)
    h = logging.FileHandler(path, mode=mode)
    h.setFormatter(logging.Formatter(fmt))
    log.addHandler(h)
    log.propagate = False
    return log


# ----------------------------------------------------------------------------------------------------------------
# text logs (print to stdout redirected by the driver to the log file, or the logging module)
# ----------------------------------------------------------------------------------------------------------------
def t_mlp_sgd_30ep(name):
    """print() epoch lines, Keras-like ' - ' separators; healthy."""
    torch = torch_setup(1)
    data = blobs(2000, 600, sep=1.5, seed=1)
    model = mlp(20, 64, 4)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    print(f"train samples: {len(data[0][0])}, val samples: {len(data[1][0])}")
    print(model)

    def ep(e, tr, va, lr):
        print(f"Epoch {e}/30 - loss: {tr['loss']:.4f} - acc: {tr['acc']:.4f} - val_loss: {va['loss']:.4f} - val_acc: {va['acc']:.4f}")
    train_loop(model, opt, data, epochs=30, bs=32, on_epoch=ep, seed=1)
    print("Finished training")


def t_cnn_logging_cosine(name):
    """logging module, step lines every 20 steps + validation lines per epoch, cosine LR, batch 16; healthy."""
    torch = torch_setup(2)
    d = out_dir("text_log", name, clean=False)
    log = file_logger(d / "train.log")
    data = shapes(1200, 400, seed=2)
    model = cnn()
    epochs, bs = 12, 16
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs * math.ceil(1200 / bs))
    log.info("Starting training: epochs=%d batch_size=%d lr=%g", epochs, bs, 1e-3)

    def st(s, e, loss, lr, ex):
        if s % 20 == 0:
            log.info("epoch %d step %d | loss %.4f | lr %.6f", e, s, loss, lr)

    def ep(e, tr, va, lr):
        log.info("epoch %d done | train_loss %.4f | train_acc %.4f | val_loss %.4f | val_acc %.4f", e, tr["loss"], tr["acc"], va["loss"], va["acc"])
    train_loop(model, opt, data, epochs=epochs, bs=bs, sched=sched, sched_per_step=True, on_step=st, on_epoch=ep, seed=2)
    log.info("Training complete")


def t_sgd_lr2_chance(name):
    """SGD lr=2 with momentum 0.9: explodes, then sits at chance. print() with brackets and a % accuracy."""
    torch = torch_setup(3)
    data = blobs(2000, 600, sep=1.5, seed=3)
    model = mlp(20, 128, 4, depth=3)
    opt = torch.optim.SGD(model.parameters(), lr=2.0, momentum=0.9)

    def st(s, e, loss, lr, ex):
        if s % 25 == 0:
            print(f"[epoch {e}, step {s}] train loss: {loss:.4f}")

    def ep(e, tr, va, lr):
        print(f"[epoch {e}] train loss: {tr['loss']:.4f} | val loss: {va['loss']:.4f} | val acc: {100 * va['acc']:.2f}%")
    train_loop(model, opt, data, epochs=25, bs=64, on_step=st, on_epoch=ep, seed=3)


def t_log0_nan(name):
    """hand-written cross-entropy -log(softmax(x)[y]) with Adam 0.05: a probability underflows to 0 -> inf -> nan."""
    torch = torch_setup(4)
    data = blobs(1500, 500, sep=2.5, seed=4, k=3)
    model = mlp(20, 64, 3)
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    print("using custom cross entropy")

    def st(s, e, loss, lr, ex):
        if s % 10 == 0:
            print(f"iter {s}: loss {loss:.4f}")

    def ep(e, tr, va, lr):
        print(f"epoch {e}: train_loss {tr['loss']:.4f} val_loss {va['loss']:.4f} val_acc {va['acc']:.3f}")
    train_loop(model, opt, data, epochs=40, bs=32, fault="log0", on_step=st, on_epoch=ep, seed=4)


def t_wrong_model_optimizer(name):
    """optimizer built on the parameters of a first model, then the model is re-created: nothing trains."""
    torch = torch_setup(5)
    d = out_dir("text_log", name, clean=False)
    log = file_logger(d / "training.log", fmt="%(asctime)s [%(levelname)s] %(message)s")
    data = blobs(1600, 400, sep=1.6, seed=5, k=5)
    model = mlp(20, 64, 5)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    model = mlp(20, 64, 5, dropout=0.0)   # "add dropout later" refactor: model rebuilt after the optimizer
    log.info("model has %d parameters", sum(p.numel() for p in model.parameters()))

    def ep(e, tr, va, lr):
        log.info("Epoch %03d: train_loss=%.5f train_acc=%.4f val_loss=%.5f val_acc=%.4f lr=%g", e, tr["loss"], tr["acc"], va["loss"], va["acc"], lr)
    train_loop(model, opt, data, epochs=40, bs=32, on_epoch=ep, seed=5)
    log.info("done")


def t_no_zero_grad(name):
    """forgot optimizer.zero_grad(): gradients accumulate over the whole run. PyTorch-tutorial style prints."""
    torch = torch_setup(6)
    data = shapes(1000, 300, seed=6)
    model = cnn()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    E, bs = 15, 20
    spe = math.ceil(1000 / bs)

    def st(s, e, loss, lr, ex):
        i = (s - 1) % spe + 1
        if i % 10 == 0:
            print(f"Epoch [{e}/{E}], Step [{i}/{spe}], Loss: {loss:.4f}")

    def ep(e, tr, va, lr):
        print(f"Validation - Epoch [{e}/{E}], Loss: {va['loss']:.4f}, Accuracy: {100 * va['acc']:.2f} %")
    train_loop(model, opt, data, epochs=E, bs=bs, fault="no_zero_grad", on_step=st, on_epoch=ep, seed=6)


def t_killed_mid_run(name):
    """healthy MLP, stdout redirected to a file (block-buffered), killed with SIGKILL at epoch 23 of 60."""
    torch = torch_setup(7)
    data = blobs(2400, 600, sep=1.4, seed=7, k=4)
    model = mlp(20, 96, 4)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=20, gamma=0.1)
    E = 60
    spe = math.ceil(2400 / 32)

    def st(s, e, loss, lr, ex):
        i = (s - 1) % spe + 1
        if i % 5 == 0:
            print(f"epoch {e}/{E} batch {i}/{spe} loss={loss:.4f} lr={lr:.4g}")

    def ep(e, tr, va, lr):
        print(f"epoch {e}/{E} train_loss={tr['loss']:.4f} val_loss={va['loss']:.4f} val_acc={va['acc']:.4f}")
    train_loop(model, opt, data, epochs=E, bs=32, sched=sched, on_step=st, on_epoch=ep, seed=7, kill_at_epoch=23)


def t_resumed_appended(name, phase=1):
    """logging FileHandler in append mode; phase 1 is killed at epoch 37 of 50, phase 2 resumes from the
    epoch-30 checkpoint and appends epochs 31-50 to the same file."""
    torch = torch_setup(8)
    d = out_dir("text_log", name, clean=(phase == 1))
    log = file_logger(d / "train.log", fmt="%(asctime)s %(levelname)s %(message)s", mode="a")
    data = blobs(1600, 500, sep=1.4, seed=8, k=4)
    model = mlp(20, 64, 4)
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    ck = CKPT / f"{name}.pt"
    start = 1
    if phase == 2:
        state = torch.load(ck)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        start = state["epoch"] + 1
        log.info("Resuming from checkpoint %s (epoch %d)", ck.name, state["epoch"])
    else:
        CKPT.mkdir(exist_ok=True)
        log.info("Starting new run: lr=0.02 epochs=50")

    def ep(e, tr, va, lr):
        log.info("epoch=%d train_loss=%.4f val_loss=%.4f val_acc=%.4f", e, tr["loss"], va["loss"], va["acc"])
        if e % 10 == 0:
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": e}, ck)
    train_loop(model, opt, data, epochs=50, bs=32, on_epoch=ep, seed=8 + phase, start_epoch=start,
               kill_at_epoch=37 if phase == 1 else None)
    log.info("Training finished")


def t_bce_text_binary(name):
    """binary classifier (BCEWithLogitsLoss) on token sequences, f-string with commas; healthy."""
    torch = torch_setup(9)
    data = tokens(3000, 800, seed=9)
    model = BagOfTokens()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)

    def ep(e, tr, va, lr):
        print(f"epoch {e}, train loss {tr['loss']:.4f}, train acc {tr['acc']:.4f}, val loss {va['loss']:.4f}, val acc {va['acc']:.4f}")
    train_loop(model, opt, data, epochs=20, bs=64, task="bin", on_epoch=ep, seed=9)


def t_double_softmax(name):
    """softmax applied in the model output before nn.CrossEntropyLoss (double softmax)."""
    torch = torch_setup(10)
    data = blobs(2000, 600, sep=1.5, seed=10, k=6)
    model = mlp(20, 64, 6)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def ep(e, tr, va, lr):
        print(f"Epoch: {e:02d} | Train Loss: {tr['loss']:.4f} | Train Acc: {tr['acc'] * 100:.2f}% | Val Loss: {va['loss']:.4f} | Val Acc: {va['acc'] * 100:.2f}%")
    train_loop(model, opt, data, epochs=40, bs=32, fault="double_softmax", on_epoch=ep, seed=10)


def t_regression_logging(name):
    """regression with MSE, logging module with logger name, full-batch style: 100 epochs; healthy."""
    torch = torch_setup(11)
    d = out_dir("text_log", name, clean=False)
    log = file_logger(d / "regression.log", fmt="%(asctime)s | %(name)s | %(levelname)s | %(message)s", name="regressor")
    data = regression(1500, 500, seed=11)
    model = mlp(10, 64, 1)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def ep(e, tr, va, lr):
        log.info("epoch %d/100 train_mse %.5f val_mse %.5f val_r2 %.4f", e, tr["loss"], va["loss"], va["r2"])
    train_loop(model, opt, data, epochs=100, bs=128, task="reg", on_epoch=ep, seed=11)


def t_fullbatch_200ep(name):
    """full-batch gradient descent, 200 epochs, print every 10 epochs; healthy."""
    torch = torch_setup(12)
    data = blobs(800, 400, sep=1.6, seed=12, k=3)
    model = mlp(20, 32, 3, depth=1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def ep(e, tr, va, lr):
        if e == 1 or e % 10 == 0:
            print(f"epoch {e}, loss = {tr['loss']:.5f}, val loss = {va['loss']:.5f}, val accuracy = {va['acc']:.3f}")
    train_loop(model, opt, data, epochs=200, bs=800, on_epoch=ep, seed=12)


# ----------------------------------------------------------------------------------------------------------------
# CSV (csv.writer / pandas)
# ----------------------------------------------------------------------------------------------------------------
def c_regression_pandas(name):
    import pandas as pd
    torch = torch_setup(21)
    d = out_dir("csv_custom", name)
    data = regression(2000, 500, seed=21)
    model = mlp(10, 128, 1)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=40, gamma=0.3)
    rows = []

    def ep(e, tr, va, lr):
        rows.append({"epoch": e, "train_mse": tr["loss"], "val_mse": va["loss"], "val_r2": va["r2"], "lr": lr})
    train_loop(model, opt, data, epochs=120, bs=64, task="reg", sched=sched, on_epoch=ep, seed=21)
    pd.DataFrame(rows).to_csv(d / "history.csv", index=False)


def c_csvwriter_cosine(name):
    torch = torch_setup(22)
    d = out_dir("csv_custom", name)
    data = blobs(2500, 700, sep=1.4, seed=22, k=5)
    model = mlp(20, 128, 5, dropout=0.1)
    E = 60
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=E)
    f = open(d / "training_log.csv", "w", newline="")
    w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "train_acc", "val_loss", "val_acc", "lr"])

    def ep(e, tr, va, lr):
        w.writerow([e, round(tr["loss"], 6), round(tr["acc"], 4), round(va["loss"], 6), round(va["acc"], 4), lr])
    train_loop(model, opt, data, epochs=E, bs=64, sched=sched, on_epoch=ep, seed=22)
    f.close()


def c_per_step_noisy(name):
    """per-step rows (batch 8, very noisy) with validation every 50 steps in the same CSV; healthy."""
    torch = torch_setup(23)
    d = out_dir("csv_custom", name)
    data = shapes(800, 300, seed=23)
    model = cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    f = open(d / "log.csv", "w", newline="")
    w = csv.writer(f)
    w.writerow(["step", "epoch", "loss", "val_loss", "val_acc"])
    st = lambda s, e, loss, lr, ex: w.writerow([s, e, f"{loss:.5f}", "", ""])
    ev = lambda s, e, r: w.writerow([s, e, "", f"{r['loss']:.5f}", f"{r['acc']:.4f}"])
    train_loop(model, opt, data, epochs=8, bs=8, eval_every=50, on_step=st, on_eval=ev, seed=23)
    f.close()


def c_short_steplr_seed(name):
    """5 epochs only, step LR, seed 24; healthy (short)."""
    import pandas as pd
    torch = torch_setup(24)
    d = out_dir("csv_custom", name)
    data = blobs(3000, 800, sep=1.6, seed=24, k=4)
    model = mlp(20, 64, 4)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.1)
    hist = {"epoch": [], "loss": [], "accuracy": [], "val_loss": [], "val_accuracy": []}

    def ep(e, tr, va, lr):
        for k_, v in zip(hist, [e, tr["loss"], tr["acc"], va["loss"], va["acc"]]):
            hist[k_].append(v)
    train_loop(model, opt, data, epochs=5, bs=32, sched=sched, on_epoch=ep, seed=24)
    pd.DataFrame(hist).to_csv(d / "metrics.csv")  # default index column kept, as users do


def c_shuffled_labels(name):
    """labels shuffled (np.random.permutation of y_train): the MLP memorises the training set, val stays at chance."""
    torch = torch_setup(25)
    d = out_dir("csv_custom", name)
    (xt, yt), (xv, yv) = blobs(500, 500, sep=1.6, seed=25, k=4)
    yt = np.random.default_rng(25).permutation(yt)
    model = mlp(20, 256, 4, depth=3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    f = open(d / "results.csv", "w", newline="")
    w = csv.writer(f)
    w.writerow(["epoch", "train_loss", "train_acc", "val_loss", "val_acc"])
    ep = lambda e, tr, va, lr: w.writerow([e, f"{tr['loss']:.4f}", f"{tr['acc']:.4f}", f"{va['loss']:.4f}", f"{va['acc']:.4f}"])
    train_loop(model, opt, ((xt, yt), (xv, yv)), epochs=150, bs=32, on_epoch=ep, seed=25)
    f.close()


def c_lr_too_low(name):
    """SGD lr 1e-5 without momentum: the loss barely moves in 50 epochs."""
    import pandas as pd
    torch = torch_setup(26)
    d = out_dir("csv_custom", name)
    data = blobs(2000, 600, sep=1.5, seed=26, k=4)
    model = mlp(20, 64, 4)
    opt = torch.optim.SGD(model.parameters(), lr=1e-5)
    rows = []
    ep = lambda e, tr, va, lr: rows.append(dict(epoch=e, train_loss=tr["loss"], train_acc=tr["acc"], val_loss=va["loss"], val_acc=va["acc"]))
    train_loop(model, opt, data, epochs=50, bs=32, on_epoch=ep, seed=26)
    pd.DataFrame(rows).to_csv(d / "train_history.csv", index=False)


# ----------------------------------------------------------------------------------------------------------------
# torch SummaryWriter
# ----------------------------------------------------------------------------------------------------------------
def e_cnn_steplr(name):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(31)
    d = out_dir("tfevents", name)
    wr = SummaryWriter(log_dir=str(d))
    data = shapes(1500, 500, seed=31)
    model = cnn()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=8, gamma=0.2)

    def st(s, e, loss, lr, ex):
        if s % 10 == 0:
            wr.add_scalar("train/loss", loss, s)
            wr.add_scalar("train/lr", lr, s)

    def ep(e, tr, va, lr):
        wr.add_scalar("val/loss", va["loss"], e * math.ceil(1500 / 32))
        wr.add_scalar("val/accuracy", va["acc"], e * math.ceil(1500 / 32))
    train_loop(model, opt, data, epochs=20, bs=32, sched=sched, on_step=st, on_epoch=ep, seed=31)
    wr.close()


def e_regression_200ep(name):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(32)
    d = out_dir("tfevents", name)
    wr = SummaryWriter(log_dir=str(d / "runs" / "mlp_regression"))
    data = regression(1000, 400, seed=32)
    model = mlp(10, 64, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def ep(e, tr, va, lr):
        wr.add_scalar("Loss/train", tr["loss"], e)
        wr.add_scalar("Loss/val", va["loss"], e)
        wr.add_scalar("R2/val", va["r2"], e)
    train_loop(model, opt, data, epochs=200, bs=100, task="reg", on_epoch=ep, seed=32)
    wr.close()


def e_gradnorm_warmup_cosine(name):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(33)
    d = out_dir("tfevents", name)
    wr = SummaryWriter(log_dir=str(d))
    data = blobs(3000, 800, sep=1.4, seed=33, k=5)
    model = mlp(20, 128, 5, depth=3)
    E, bs = 25, 64
    total = E * math.ceil(3000 / bs)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
    warm = 100
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: (s + 1) / warm if s < warm else 0.5 * (1 + math.cos(math.pi * (s - warm) / (total - warm))))

    def st(s, e, loss, lr, ex):
        wr.add_scalar("train/loss", loss, s)
        wr.add_scalar("train/lr", lr, s)
        wr.add_scalar("train/grad_norm", ex["grad_norm"], s)
        wr.add_scalar("train/weight_norm", ex["weight_norm"], s)

    def ev(s, e, r):
        wr.add_scalar("eval/loss", r["loss"], s)
        wr.add_scalar("eval/acc", r["acc"], s)
    train_loop(model, opt, data, epochs=E, bs=bs, sched=sched, sched_per_step=True, eval_every=100, grad_norm=True,
               on_step=st, on_eval=ev, seed=33)
    wr.close()


def e_overfit_tiny_train(name):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(34)
    d = out_dir("tfevents", name)
    wr = SummaryWriter(log_dir=str(d))
    data = blobs(80, 600, sep=0.9, n_inf=8, seed=34, k=4, d=40)
    model = mlp(40, 512, 4, depth=3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def ep(e, tr, va, lr):
        wr.add_scalars("loss", {"train": tr["loss"], "val": va["loss"]}, e)
        wr.add_scalars("accuracy", {"train": tr["acc"], "val": va["acc"]}, e)
    train_loop(model, opt, data, epochs=300, bs=16, on_epoch=ep, seed=34)
    wr.close()


def e_lr_huge_nan(name):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(35)
    d = out_dir("tfevents", name)
    wr = SummaryWriter(log_dir=str(d))
    data = regression(1000, 300, seed=35)
    model = mlp(10, 64, 1, depth=3)
    opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)

    def st(s, e, loss, lr, ex):
        if s % 5 == 0:
            wr.add_scalar("Loss/train_step", loss, s)

    def ep(e, tr, va, lr):
        wr.add_scalar("Loss/train", tr["loss"], e)
        wr.add_scalar("Loss/validation", va["loss"], e)
    train_loop(model, opt, data, epochs=30, bs=32, task="reg", on_step=st, on_epoch=ep, seed=35)
    wr.close()


def e_no_zero_grad(name):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(36)
    d = out_dir("tfevents", name)
    wr = SummaryWriter(log_dir=str(d))
    data = blobs(2000, 600, sep=1.5, seed=36, k=4)
    model = mlp(20, 64, 4)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def st(s, e, loss, lr, ex):
        wr.add_scalar("training loss", loss, s)

    def ep(e, tr, va, lr):
        wr.add_scalar("validation loss", va["loss"], e)
        wr.add_scalar("validation accuracy", va["acc"], e)
    train_loop(model, opt, data, epochs=20, bs=32, fault="no_zero_grad", on_step=st, on_epoch=ep, seed=36)
    wr.close()


def e_lr_too_low_adam(name):
    from torch.utils.tensorboard import SummaryWriter
    torch = torch_setup(37)
    d = out_dir("tfevents", name)
    wr = SummaryWriter(log_dir=str(d))
    data = shapes(1200, 400, seed=37)
    model = cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-6)

    def st(s, e, loss, lr, ex):
        if s % 20 == 0:
            wr.add_scalar("loss/train", loss, s)

    def ep(e, tr, va, lr):
        s = e * math.ceil(1200 / 32)
        wr.add_scalar("loss/val", va["loss"], s)
        wr.add_scalar("acc/val", va["acc"], s)
    train_loop(model, opt, data, epochs=15, bs=32, on_step=st, on_epoch=ep, seed=37)
    wr.close()


# ----------------------------------------------------------------------------------------------------------------
# HF Trainer (tiny BERT from a config, no download), output_dir keeps what Trainer writes (no checkpoints)
# ----------------------------------------------------------------------------------------------------------------
def _hf(name, seed, lr, epochs, n_train=2000, n_val=500, logging_steps=10, eval_strategy="steps", eval_steps=50,
        bs=32, warmup_steps=0, scheduler="linear", kill_at_step=None, label_noise=0.05, weight_decay=0.0,
        hidden=32, layers=2):
    import torch
    from transformers import BertConfig, BertForSequenceClassification, Trainer, TrainingArguments, TrainerCallback, set_seed
    torch.set_num_threads(1)
    set_seed(seed)
    d = out_dir("hf_trainer_state", name)
    (xt, yt), (xv, yv) = tokens(n_train, n_val, seed=seed, label_noise=label_noise)

    class DS(torch.utils.data.Dataset):
        def __init__(self, x, y):
            self.x, self.y = torch.as_tensor(x), torch.as_tensor(y)

        def __len__(self):
            return len(self.x)

        def __getitem__(self, i):
            return {"input_ids": self.x[i], "attention_mask": torch.ones_like(self.x[i]), "labels": self.y[i]}

    cfg = BertConfig(vocab_size=64, hidden_size=hidden, num_hidden_layers=layers, num_attention_heads=2,
                     intermediate_size=2 * hidden, max_position_embeddings=32, num_labels=2)
    model = BertForSequenceClassification(cfg)

    def metrics(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}

    kw = dict(output_dir=str(d), num_train_epochs=epochs, per_device_train_batch_size=bs, per_device_eval_batch_size=256,
              learning_rate=lr, weight_decay=weight_decay, warmup_steps=warmup_steps, lr_scheduler_type=scheduler,
              logging_steps=logging_steps, eval_strategy=eval_strategy, save_strategy="no", report_to=["tensorboard"],
              use_cpu=True, seed=seed, disable_tqdm=True, dataloader_num_workers=0)
    if eval_strategy == "steps":
        kw["eval_steps"] = eval_steps
    args = TrainingArguments(**kw)

    class Kill(TrainerCallback):
        def on_step_end(self, args, state, control, **k):
            if kill_at_step and state.global_step == kill_at_step:
                os.kill(os.getpid(), signal.SIGKILL)

    tr = Trainer(model=model, args=args, train_dataset=DS(xt, yt), eval_dataset=DS(xv, yv), compute_metrics=metrics,
                 callbacks=[Kill()])
    res = tr.train()
    tr.save_state()
    tr.save_metrics("train", res.metrics)
    ev = tr.evaluate()
    tr.save_metrics("eval", ev)


def h_steps_eval(name):
    _hf(name, seed=41, lr=1e-3, epochs=4, logging_steps=10, eval_strategy="steps", eval_steps=50, warmup_steps=30)


def h_epoch_eval(name):
    _hf(name, seed=42, lr=5e-4, epochs=8, logging_steps=25, eval_strategy="epoch", n_train=1600, weight_decay=0.01)


def h_eval20_cosine(name):
    _hf(name, seed=43, lr=2e-3, epochs=3, logging_steps=5, eval_strategy="steps", eval_steps=20, bs=16,
        n_train=1200, scheduler="cosine", warmup_steps=20)


def h_lr30(name):
    _hf(name, seed=44, lr=30.0, epochs=3, logging_steps=10, eval_strategy="steps", eval_steps=40)


def h_overfit(name):
    _hf(name, seed=45, lr=1e-3, epochs=60, n_train=64, n_val=500, bs=16, logging_steps=8, eval_strategy="epoch",
        label_noise=0.0, hidden=64, layers=4)


def h_killed(name):
    _hf(name, seed=46, lr=1e-3, epochs=5, logging_steps=10, eval_strategy="steps", eval_steps=60, kill_at_step=170)


def h_warmup_longer_than_run(name):
    _hf(name, seed=47, lr=5e-5, epochs=3, logging_steps=10, eval_strategy="epoch", warmup_steps=5000)


# ----------------------------------------------------------------------------------------------------------------
# Lightning (CSVLogger / TensorBoardLogger)
# ----------------------------------------------------------------------------------------------------------------
def _lit(name, fmt, logger_kind, seed, net, data, task="cls", lr=1e-3, opt="adam", epochs=10, bs=32,
         val_check_interval=1.0, log_every_n_steps=10, fault=None, sched=None, momentum=0.9):
    import torch
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    torch.set_num_threads(1)
    L.seed_everything(seed, verbose=False)
    d = out_dir(fmt, name)
    (xt, yt), (xv, yv) = data
    mk = lambda x, y, sh: torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.as_tensor(x), torch.as_tensor(y)), batch_size=bs, shuffle=sh)
    tl, vl = mk(xt, yt, True), mk(xv, yv, False)
    model = net()

    class Lit(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.model = model
            self.save_hyperparameters({"lr": lr, "optimizer": opt, "batch_size": bs, "epochs": epochs})

        def forward(self, x):
            out = self.model(x)
            return torch.softmax(out, dim=1) if fault == "double_softmax" else out

        def _loss(self, out, y):
            F = torch.nn.functional
            if task == "bin":
                return F.binary_cross_entropy_with_logits(out, y.float()), ((out > 0).long() == y).float().mean()
            if task == "reg":
                return F.mse_loss(out.squeeze(-1), y), None
            return F.cross_entropy(out, y), (out.argmax(1) == y).float().mean()

        def training_step(self, b, i):
            x, y = b
            loss, acc = self._loss(self(x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            if acc is not None:
                self.log("train_acc", acc, on_step=False, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            loss, acc = self._loss(self(x), y)
            self.log("val_loss", loss, prog_bar=True)
            if acc is not None:
                self.log("val_acc", acc)

        def configure_optimizers(self):
            o = torch.optim.Adam(self.parameters(), lr=lr) if opt == "adam" else torch.optim.SGD(self.parameters(), lr=lr, momentum=momentum)
            if sched == "step":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.StepLR(o, step_size=max(epochs // 3, 1), gamma=0.1)}
            if sched == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=epochs)}
            return o

    lg = CSVLogger(save_dir=str(d)) if logger_kind == "csv" else TensorBoardLogger(save_dir=str(d))
    from lightning.pytorch.callbacks import LearningRateMonitor
    cbs = [LearningRateMonitor(logging_interval="epoch")] if sched else []
    trainer = L.Trainer(max_epochs=epochs, accelerator="cpu", devices=1, logger=lg, callbacks=cbs,
                        enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
                        log_every_n_steps=log_every_n_steps, val_check_interval=val_check_interval, deterministic=True)
    trainer.fit(Lit(), tl, vl)


def l_mlp_half_epoch_val(name):
    _lit(name, "lightning_csv", "csv", 51, lambda: mlp(20, 64, 4), blobs(2000, 600, sep=1.5, seed=51),
         lr=1e-3, epochs=15, val_check_interval=0.5, log_every_n_steps=10)


def l_bce_binary(name):
    _lit(name, "lightning_csv", "csv", 52, lambda: BagOfTokens(), tokens(3000, 800, seed=52), task="bin",
         lr=3e-3, epochs=12, bs=64, log_every_n_steps=5)


def l_steplr_40ep(name):
    _lit(name, "lightning_csv", "csv", 53, lambda: cnn(), shapes(1000, 300, seed=53), lr=0.05, opt="sgd",
         epochs=40, bs=32, sched="step", log_every_n_steps=16)


def l_double_softmax(name):
    _lit(name, "lightning_csv", "csv", 54, lambda: mlp(20, 64, 6), blobs(2000, 600, sep=1.5, seed=54, k=6),
         lr=1e-3, epochs=30, fault="double_softmax", log_every_n_steps=20)


def l_lr_too_low(name):
    _lit(name, "lightning_csv", "csv", 55, lambda: mlp(20, 64, 4), blobs(2000, 600, sep=1.5, seed=55),
         lr=1e-6, epochs=20, log_every_n_steps=25)


def l_tb_cnn_val_every_25(name):
    _lit(name, "tfevents", "tb", 56, lambda: cnn(), shapes(1600, 400, seed=56), lr=1e-3, epochs=6, bs=16,
         val_check_interval=25, log_every_n_steps=5)


def l_tb_regression(name):
    _lit(name, "tfevents", "tb", 57, lambda: mlp(10, 64, 1), regression(2000, 500, seed=57), task="reg",
         lr=1e-3, epochs=50, bs=64, sched="cosine", log_every_n_steps=20)


def l_tb_shuffled_labels(name):
    (xt, yt), v = blobs(600, 600, sep=1.6, seed=58, d=20)
    yt = np.random.default_rng(58).permutation(yt)
    _lit(name, "tfevents", "tb", 58, lambda: mlp(20, 512, 4, depth=3), ((xt, yt), v), lr=1e-3, epochs=120, bs=32,
         log_every_n_steps=19)


# ----------------------------------------------------------------------------------------------------------------
# Keras 3 (torch backend): CSVLogger, History -> json
# ----------------------------------------------------------------------------------------------------------------
def _keras(seed):
    import keras
    keras.utils.set_random_seed(seed)
    import torch
    torch.set_num_threads(1)
    return keras


def _kmlp(keras, d_in, k, hidden=64, depth=2, out_act="softmax", trainable=True):
    layers = [keras.Input((d_in,))]
    for _ in range(depth):
        layers.append(keras.layers.Dense(hidden, activation="relu", trainable=trainable))
    layers.append(keras.layers.Dense(k, activation=out_act, trainable=trainable))
    return keras.Sequential(layers)


def k_csvlogger_adam(name):
    keras = _keras(61)
    d = out_dir("keras_csvlogger", name)
    (xt, yt), (xv, yv) = blobs(2000, 600, sep=1.5, seed=61)
    m = _kmlp(keras, 20, 4)
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(xt, yt, validation_data=(xv, yv), epochs=30, batch_size=32, verbose=2,
          callbacks=[keras.callbacks.CSVLogger(str(d / "training.log"))])


def k_reduce_lr_on_plateau(name):
    keras = _keras(62)
    d = out_dir("keras_csvlogger", name)
    (xt, yt), (xv, yv) = blobs(2500, 700, sep=1.4, seed=62, k=5)
    m = _kmlp(keras, 20, 5, hidden=128)
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(xt, yt, validation_data=(xv, yv), epochs=40, batch_size=64, verbose=2,
          callbacks=[keras.callbacks.ReduceLROnPlateau(monitor="val_loss", factor=0.5, patience=3),
                     keras.callbacks.CSVLogger(str(d / "training_log.csv"))])


def k_adam_lr03(name):
    keras = _keras(63)
    d = out_dir("keras_csvlogger", name)
    (xt, yt), (xv, yv) = blobs(2000, 600, sep=1.5, seed=63)
    m = _kmlp(keras, 20, 4, hidden=128, depth=3)
    m.compile(optimizer=keras.optimizers.Adam(0.3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(xt, yt, validation_data=(xv, yv), epochs=30, batch_size=32, verbose=2,
          callbacks=[keras.callbacks.CSVLogger(str(d / "training.log"))])


def k_frozen_layers(name):
    """all layers trainable=False (meant to freeze a 'backbone', froze everything): the loss never moves."""
    keras = _keras(64)
    d = out_dir("keras_csvlogger", name)
    (xt, yt), (xv, yv) = blobs(2000, 600, sep=1.5, seed=64, k=3)
    m = _kmlp(keras, 20, 3, trainable=False)
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(xt, yt, validation_data=(xv, yv), epochs=20, batch_size=32, verbose=2,
          callbacks=[keras.callbacks.CSVLogger(str(d / "training.log"))])


def k_resumed_append(name, phase=1):
    """CSVLogger(append=True); phase 1 killed after epoch 27 (0-based 26) of 40, phase 2 resumes from the
    epoch-25 checkpoint with initial_epoch=25 and appends to the same file."""
    keras = _keras(65 + phase)
    d = out_dir("keras_csvlogger", name, clean=(phase == 1))
    (xt, yt), (xv, yv) = blobs(2000, 600, sep=1.4, seed=65)
    ck = CKPT / f"{name}.keras"
    CKPT.mkdir(exist_ok=True)

    class Ckpt(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            if (epoch + 1) % 5 == 0:
                self.model.save(str(ck))

    class Kill(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            if phase == 1 and epoch == 26:
                os.kill(os.getpid(), signal.SIGKILL)

    if phase == 1:
        m = _kmlp(keras, 20, 4, hidden=64)
        m.compile(optimizer=keras.optimizers.SGD(0.02, momentum=0.9), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
        init = 0
    else:
        m = keras.models.load_model(str(ck))
        init = 25
    m.fit(xt, yt, validation_data=(xv, yv), epochs=40, initial_epoch=init, batch_size=32, verbose=2,
          callbacks=[keras.callbacks.CSVLogger(str(d / "training.log"), append=True), Ckpt(), Kill()])


def k_history_json_regression(name):
    keras = _keras(67)
    d = out_dir("keras_history_json", name)
    (xt, yt), (xv, yv) = regression(2000, 500, seed=67)
    m = _kmlp(keras, 10, 1, hidden=64, out_act=None)
    m.compile(optimizer="adam", loss="mse", metrics=["mae"])
    h = m.fit(xt, yt, validation_split=0.2, epochs=80, batch_size=64, verbose=0)
    json.dump(h.history, open(d / "history.json", "w"))


def k_history_json_overfit(name):
    keras = _keras(68)
    d = out_dir("keras_history_json", name)
    (xt, yt), (xv, yv) = blobs(100, 600, sep=0.9, n_inf=8, seed=68, d=40)
    m = _kmlp(keras, 40, 4, hidden=512, depth=3)
    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(xt, yt, validation_data=(xv, yv), epochs=200, batch_size=16, verbose=0)
    json.dump(h.history, open(d / "history.json", "w"), indent=2)


def k_history_json_cnn(name):
    keras = _keras(69)
    d = out_dir("keras_history_json", name)
    (xt, yt), (xv, yv) = shapes(1500, 500, seed=69)
    xt, xv = xt.transpose(0, 2, 3, 1), xv.transpose(0, 2, 3, 1)
    L = keras.layers
    m = keras.Sequential([keras.Input((12, 12, 1)), L.Conv2D(8, 3, padding="same", activation="relu"), L.MaxPooling2D(),
                          L.Conv2D(16, 3, padding="same", activation="relu"), L.MaxPooling2D(), L.Flatten(),
                          L.Dense(32, activation="relu"), L.Dense(6, activation="softmax")])
    m.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(xt, yt, validation_data=(xv, yv), epochs=15, batch_size=32, verbose=0)
    with open(d / "training_history.json", "w") as f:
        json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f)


# ----------------------------------------------------------------------------------------------------------------
# more runs without an injected fault (seeds, defaults a new user keeps)
# ----------------------------------------------------------------------------------------------------------------
def t_cnn_basicconfig_seed(name, seed):
    """logging.basicConfig(filename=..., level=INFO) with the default 'INFO:root:' format; SGD + cosine per epoch."""
    torch = torch_setup(seed)
    d = out_dir("text_log", name, clean=False)
    logging.basicConfig(filename=str(d / "train.log"), level=logging.INFO)
    data = shapes(1500, 500, seed=seed)
    model = cnn()
    E = 10
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=E)
    logging.info("seed=%d epochs=%d lr=0.05", seed, E)

    def ep(e, tr, va, lr):
        logging.info("Epoch %d: loss=%.4f acc=%.4f val_loss=%.4f val_acc=%.4f lr=%.5f", e, tr["loss"], tr["acc"], va["loss"], va["acc"], lr)
    train_loop(model, opt, data, epochs=E, bs=32, sched=sched, on_epoch=ep, seed=seed)


def t_cnn_seed_101(name):
    t_cnn_basicconfig_seed(name, 101)


def t_cnn_seed_102(name):
    t_cnn_basicconfig_seed(name, 102)


def c_bce_per_step_pandas(name):
    """binary classifier, per-step rows collected in a list and written with pandas at the end, eval every 40 steps."""
    import pandas as pd
    torch = torch_setup(27)
    d = out_dir("csv_custom", name)
    data = tokens(2500, 600, seed=27)
    model = BagOfTokens()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    rows = []
    st = lambda s, e, loss, lr, ex: rows.append({"step": s, "epoch": e, "train_loss": loss})
    ev = lambda s, e, r: rows.append({"step": s, "epoch": e, "eval_loss": r["loss"], "eval_acc": r["acc"]})
    train_loop(model, opt, data, epochs=10, bs=32, task="bin", eval_every=40, on_step=st, on_eval=ev, seed=27)
    pd.DataFrame(rows).to_csv(d / "steps.csv", index=False)


def l_val_check_40_steps(name):
    _lit(name, "lightning_csv", "csv", 59, lambda: mlp(20, 64, 5), blobs(2500, 700, sep=1.5, seed=59, k=5),
         lr=0.05, opt="sgd", epochs=10, bs=32, sched="cosine", val_check_interval=40, log_every_n_steps=10)


def k_history_json_binary(name):
    keras = _keras(70)
    d = out_dir("keras_history_json", name)
    (xt, yt), (xv, yv) = tokens(3000, 800, seed=70)
    L = keras.layers
    m = keras.Sequential([keras.Input((20,), dtype="int64"), L.Embedding(64, 16), L.GlobalAveragePooling1D(),
                          L.Dense(32, activation="relu"), L.Dense(1, activation="sigmoid")])
    m.compile(optimizer=keras.optimizers.Adam(2e-3), loss="binary_crossentropy", metrics=["accuracy"])
    h = m.fit(xt, yt.astype("float32"), validation_data=(xv, yv.astype("float32")), epochs=15, batch_size=64, verbose=0)
    json.dump(h.history, open(d / "history.json", "w"))


def h_seed48_epoch_eval(name):
    _hf(name, seed=48, lr=5e-4, epochs=5, logging_steps=20, eval_strategy="epoch", n_train=2400, warmup_steps=40)


# ----------------------------------------------------------------------------------------------------------------
# registry: name -> (format, function, stdout-to-file name or None, phases)
# ----------------------------------------------------------------------------------------------------------------
RUNS_SPEC = {
    # text logs
    "mlp-sgd-30ep-keras-style-prints": ("text_log", t_mlp_sgd_30ep, "train.log", 1),
    "cnn-shapes-logging-steps-cosine": ("text_log", t_cnn_logging_cosine, None, 1),
    "mlp-sgd-lr2-momentum-blowup": ("text_log", t_sgd_lr2_chance, "output.txt", 1),
    "custom-ce-log0-nan": ("text_log", t_log0_nan, "log.txt", 1),
    "optimizer-on-old-model-frozen": ("text_log", t_wrong_model_optimizer, None, 1),
    "cnn-forgot-zero-grad": ("text_log", t_no_zero_grad, "train_output.log", 1),
    "mlp-60ep-killed-at-23": ("text_log", t_killed_mid_run, "nohup.out", 1),
    "mlp-resumed-appended-log": ("text_log", t_resumed_appended, None, 2),
    "bce-token-classifier-20ep": ("text_log", t_bce_text_binary, "train.log", 1),
    "mlp-double-softmax": ("text_log", t_double_softmax, "train.log", 1),
    "regression-mse-logging-100ep": ("text_log", t_regression_logging, None, 1),
    "fullbatch-gd-200ep-every-10": ("text_log", t_fullbatch_200ep, "out.log", 1),
    # csv
    "regression-mse-pandas-120ep": ("csv_custom", c_regression_pandas, None, 1),
    "mlp-csvwriter-cosine-60ep": ("csv_custom", c_csvwriter_cosine, None, 1),
    "cnn-per-step-batch8-val-every-50": ("csv_custom", c_per_step_noisy, None, 1),
    "mlp-5ep-steplr-pandas-index": ("csv_custom", c_short_steplr_seed, None, 1),
    "mlp-shuffled-labels-150ep": ("csv_custom", c_shuffled_labels, None, 1),
    "sgd-lr1e-5-barely-moves": ("csv_custom", c_lr_too_low, None, 1),
    # SummaryWriter
    "cnn-steplr-summarywriter": ("tfevents", e_cnn_steplr, None, 1),
    "regression-200ep-summarywriter": ("tfevents", e_regression_200ep, None, 1),
    "adamw-warmup-cosine-gradnorm": ("tfevents", e_gradnorm_warmup_cosine, None, 1),
    "mlp-80-samples-300ep-overfit": ("tfevents", e_overfit_tiny_train, None, 1),
    "regression-sgd-lr05-nan": ("tfevents", e_lr_huge_nan, None, 1),
    "mlp-forgot-zero-grad-tb": ("tfevents", e_no_zero_grad, None, 1),
    "cnn-adam-lr1e-6": ("tfevents", e_lr_too_low_adam, None, 1),
    "lightning-tb-cnn-val-every-25-steps": ("tfevents", l_tb_cnn_val_every_25, None, 1),
    "lightning-tb-regression-cosine-50ep": ("tfevents", l_tb_regression, None, 1),
    "lightning-tb-shuffled-labels-120ep": ("tfevents", l_tb_shuffled_labels, None, 1),
    # HF Trainer
    "tiny-bert-eval-steps-50": ("hf_trainer_state", h_steps_eval, None, 1),
    "tiny-bert-eval-per-epoch-8ep": ("hf_trainer_state", h_epoch_eval, None, 1),
    "tiny-bert-cosine-eval-20": ("hf_trainer_state", h_eval20_cosine, None, 1),
    "tiny-bert-lr30": ("hf_trainer_state", h_lr30, None, 1),
    "tiny-bert-64-examples-60ep": ("hf_trainer_state", h_overfit, None, 1),
    "tiny-bert-killed-step-170": ("hf_trainer_state", h_killed, None, 1),
    "tiny-bert-warmup-5000-of-189": ("hf_trainer_state", h_warmup_longer_than_run, None, 1),
    # Lightning CSVLogger
    "mlp-val-check-0.5": ("lightning_csv", l_mlp_half_epoch_val, None, 1),
    "bce-token-classifier-12ep": ("lightning_csv", l_bce_binary, None, 1),
    "cnn-sgd-steplr-40ep": ("lightning_csv", l_steplr_40ep, None, 1),
    "mlp-double-softmax-30ep": ("lightning_csv", l_double_softmax, None, 1),
    "adam-lr1e-6-20ep": ("lightning_csv", l_lr_too_low, None, 1),
    # Keras
    "mlp-adam-30ep": ("keras_csvlogger", k_csvlogger_adam, None, 1),
    "mlp-reduce-lr-on-plateau-40ep": ("keras_csvlogger", k_reduce_lr_on_plateau, None, 1),
    "mlp-adam-lr0.3": ("keras_csvlogger", k_adam_lr03, None, 1),
    "all-layers-frozen": ("keras_csvlogger", k_frozen_layers, None, 1),
    "resumed-append-true": ("keras_csvlogger", k_resumed_append, None, 2),
    "regression-mse-80ep": ("keras_history_json", k_history_json_regression, None, 1),
    "mlp-100-samples-200ep": ("keras_history_json", k_history_json_overfit, None, 1),
    "cnn-shapes-15ep": ("keras_history_json", k_history_json_cnn, None, 1),
    # more runs without an injected fault
    "cnn-basicconfig-seed-101": ("text_log", t_cnn_seed_101, None, 1),
    "cnn-basicconfig-seed-102": ("text_log", t_cnn_seed_102, None, 1),
    "bce-per-step-pandas-eval-40": ("csv_custom", c_bce_per_step_pandas, None, 1),
    "mlp-sgd-cosine-val-every-40-steps": ("lightning_csv", l_val_check_40_steps, None, 1),
    "bce-embedding-sigmoid-15ep": ("keras_history_json", k_history_json_binary, None, 1),
    "tiny-bert-seed48-5ep": ("hf_trainer_state", h_seed48_epoch_eval, None, 1),
}


def run_one(name, phase):
    fmt, fn, _, phases = RUNS_SPEC[name]
    if phases > 1:
        fn(name, phase=phase)
    else:
        fn(name)


def drive(names):
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", KERAS_BACKEND="torch")
    env.pop("PYTHONUNBUFFERED", None)   # stdout to a file is block-buffered, as for `python train.py > log`
    for name in names:
        fmt, fn, stdout_name, phases = RUNS_SPEC[name]
        d = RUNS / fmt / name
        scratch = Path(tempfile.mkdtemp(prefix="lockbox-nu-cwd-"))   # cwd of the training (run folders get rebuilt)
        if d.exists():
            shutil.rmtree(d)
        d.mkdir(parents=True)
        for phase in range(1, phases + 1):
            cmd = [sys.executable, str(Path(__file__).resolve()), "--one", name, str(phase)]
            if stdout_name:   # `python train.py > train.log 2>&1`
                with open(d / stdout_name, "ab") as out:
                    rc = subprocess.call(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=str(scratch))
            else:             # frameworks' console output is not part of the batch
                with open(ERRLOG, "wb") as out:
                    rc = subprocess.call(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=str(scratch))
            print(f"{name} phase {phase}: exit {rc}", flush=True)
            if rc not in (0, -signal.SIGKILL) and not stdout_name:
                print(ERRLOG.read_text(errors="replace")[-3000:], flush=True)
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--one":
        run_one(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    else:
        drive(sys.argv[1:] or list(RUNS_SPEC))
