"""Make lock-box batch 2026-12-04nu8: small real trainings on CPU, logged the way a new user would.

Usage:  OMP_NUM_THREADS=1 KERAS_BACKEND=torch python make_runs.py [name ...]
Each run is trained in its own child process (``python make_runs.py --child NAME``), one at a time.
Tasks (all data generated here with numpy): colour naming from noisy RGB samples (8 hue sectors), Morse-code
letter recognition from noisy on/off token streams (16 letters), a matrix-factorisation recommender on low-rank
ratings, Darcy-Weisbach pipe pressure drop, DNA motif-family detection (4 classes), a distilled student.
"""
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "runs")
REG = {}


def run(fmt):
    def deco(fn):
        REG[fn.__name__.replace("_", "-")] = (fmt, fn)
        return fn
    return deco


# ----------------------------------------------------------------------------------------------- data
def color_data(n, seed):
    import numpy as np
    r = np.random.default_rng(seed)
    h = r.random(n); s = r.uniform(0.45, 1.0, n); v = r.uniform(0.35, 1.0, n)
    i = np.floor(h * 6).astype(int) % 6; f = h * 6 - np.floor(h * 6)
    p, q, t = v * (1 - s), v * (1 - f * s), v * (1 - (1 - f) * s)
    rgb = np.stack([np.choose(i, [v, q, p, p, t, v]), np.choose(i, [t, v, v, q, p, p]),
                    np.choose(i, [p, p, t, v, v, q])], 1)
    samples = [rgb + r.normal(0, 0.06, rgb.shape) for _ in range(4)]
    x = np.concatenate(samples + [r.normal(0, 0.3, (n, 8))], 1).astype("float32")
    y = (np.floor(h * 8).astype(int) % 8)
    return x, y


MORSE = {"E": ".", "T": "-", "I": "..", "A": ".-", "N": "-.", "M": "--", "S": "...", "U": "..-", "R": ".-.",
         "W": ".--", "D": "-..", "K": "-.-", "G": "--.", "O": "---", "H": "....", "V": "...-"}


def morse_data(n, seed, length=32):
    import numpy as np
    r = np.random.default_rng(seed)
    codes = list(MORSE.values())
    x = np.zeros((n, length), dtype="int64"); y = r.integers(0, len(codes), n)
    for k in range(n):
        seq = [0] * int(r.integers(0, 5))
        for sym in codes[y[k]]:
            seq += [1] * int(r.integers(1, 3)) if sym == "." else [2] * int(r.integers(3, 5))
            seq += [0] * int(r.integers(1, 3))
        seq = seq[:length]
        seq = [int(r.integers(0, 3)) if r.random() < 0.06 else t for t in seq]
        x[k, :len(seq)] = seq
    return x, y


def ratings_data(seed, users=300, items=200, rank=5, n=9000):
    import numpy as np
    r = np.random.default_rng(seed)
    U = r.normal(0, 1, (users, rank)); V = r.normal(0, 1, (items, rank))
    u = r.integers(0, users, n); i = r.integers(0, items, n)
    score = (U[u] * V[i]).sum(1) / np.sqrt(rank) + r.normal(0, 0.4, n)
    y = np.clip(np.round(3 + 1.1 * score), 1, 5).astype("float32")
    return u, i, y


def pipe_data(n, seed, raw=False):
    import numpy as np
    r = np.random.default_rng(seed)
    v = r.uniform(0.3, 3.0, n); D = r.uniform(0.02, 0.3, n); L = r.uniform(5, 500, n)
    eps = r.uniform(0.005, 0.5, n); nu = r.uniform(0.8e-6, 1.5e-6, n)
    Re = v * D / nu
    f = 0.25 / np.log10(eps * 1e-3 / (3.7 * D) + 5.74 / Re ** 0.9) ** 2
    dp = f * L / D * 1000 * v ** 2 / 2 * np.exp(r.normal(0, 0.05, n))  # Pa, 5% noise
    if raw:
        return np.stack([v, D, L, eps, nu], 1).astype("float32"), (dp / 1000).astype("float32")  # kPa
    x = np.log(np.stack([v, D, L, eps, nu], 1))
    x = (x - x.mean(0)) / x.std(0)
    t = np.log10(dp); t = (t - t.mean()) / t.std()
    return x.astype("float32"), t.astype("float32")


MOTIFS = ["TATAAT", "GGATCC", "CACGTG"]


def motif_data(n, seed, length=36):
    import numpy as np
    r = np.random.default_rng(seed)
    alpha = "ACGT"
    x = r.integers(0, 4, (n, length)); y = r.integers(0, 4, n)
    for k in range(n):
        if y[k] > 0:
            m = [alpha.index(c) for c in MOTIFS[y[k] - 1]]
            if r.random() < 0.3:
                m[int(r.integers(0, 6))] = int(r.integers(0, 4))
            p = int(r.integers(0, length - 6)); x[k, p:p + 6] = m
    return x.astype("int64"), y


def split(a, frac=0.8):
    k = int(len(a[0]) * frac)
    return [z[:k] for z in a], [z[k:] for z in a]


# ----------------------------------------------------------------------------------------------- models
def torch_setup(seed):
    import torch
    torch.manual_seed(seed); torch.set_num_threads(1)
    return torch


def mlp(torch, d_in, d_out, hidden=64, layers=2, bn=False, drop=0.0):
    nn = torch.nn; mods = []; d = d_in
    for _ in range(layers):
        mods += [nn.Linear(d, hidden)] + ([nn.BatchNorm1d(hidden)] if bn else []) + [nn.ReLU()]
        if drop:
            mods.append(nn.Dropout(drop))
        d = hidden
    mods.append(nn.Linear(d, d_out))
    return nn.Sequential(*mods)


def make_gru(torch, vocab, n_cls, emb=16, hid=48, cell="gru"):
    nn = torch.nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab, emb)
            self.rnn = nn.GRU(emb, hid, batch_first=True) if cell == "gru" else nn.RNN(
                emb, hid, batch_first=True, nonlinearity="relu")
            self.out = nn.Linear(hid, n_cls)

        def forward(self, x):
            h, _ = self.rnn(self.emb(x))
            return self.out(h[:, -1])
    return Net()


def make_cnn1d(torch, vocab, n_cls, emb=12, ch=32):
    nn = torch.nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab, emb)
            self.c1 = nn.Conv1d(emb, ch, 5, padding=2); self.c2 = nn.Conv1d(ch, ch, 5, padding=2)
            self.out = nn.Linear(ch, n_cls)

        def forward(self, x):
            h = self.emb(x).transpose(1, 2)
            h = torch.relu(self.c2(torch.relu(self.c1(h))))
            return self.out(h.max(2).values)
    return Net()


def make_mf(torch, users=300, items=200, k=8):
    nn = torch.nn

    class MF(nn.Module):
        def __init__(self):
            super().__init__()
            self.U = nn.Embedding(users, k); self.V = nn.Embedding(items, k)
            self.bu = nn.Embedding(users, 1); self.bi = nn.Embedding(items, 1)
            for e in (self.U, self.V):
                nn.init.normal_(e.weight, 0, 0.1)
            nn.init.zeros_(self.bu.weight); nn.init.zeros_(self.bi.weight)
            self.mu = nn.Parameter(torch.tensor(3.0))

        def forward(self, u, i):
            return (self.U(u) * self.V(i)).sum(1) + self.bu(u)[:, 0] + self.bi(i)[:, 0] + self.mu
    return MF()


def batches(n, bs, rng):
    idx = rng.permutation(n)
    for s in range(0, n, bs):
        yield idx[s:s + bs]


def cls_eval(torch, model, x, y):
    with torch.no_grad():
        out = model(torch.as_tensor(x))
        yt = torch.as_tensor(y)
        return torch.nn.functional.cross_entropy(out, yt).item(), (out.argmax(1) == yt).float().mean().item()


def train_cls(torch, model, opt, tr, va, epochs, bs, seed, on_step=None, on_epoch=None, loss_fn=None,
              zero_grad=True, sched=None, max_steps=None, eval_mode=True):
    import numpy as np
    rng = np.random.default_rng(seed)
    loss_fn = loss_fn or torch.nn.functional.cross_entropy
    step = 0
    for ep in range(1, epochs + 1):
        model.train(); tot = 0.0; cnt = 0
        for b in batches(len(tr[1]), bs, rng):
            xb, yb = torch.as_tensor(tr[0][b]), torch.as_tensor(tr[1][b])
            if zero_grad:
                opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward(); opt.step(); step += 1
            if sched is not None:
                sched.step()
            tot += loss.item() * len(b); cnt += len(b)
            if on_step:
                on_step(step, ep, loss.item())
            if max_steps and step >= max_steps:
                break
        if eval_mode:
            model.eval()
        vl, vacc = cls_eval(torch, model, va[0], va[1])
        if on_epoch:
            on_epoch(ep, step, tot / cnt, vl, vacc)
        if max_steps and step >= max_steps:
            break
    return step


# ----------------------------------------------------------------------------------------------- text logs
@run("text_log")
def color_mlp_adam_print(out):
    torch = torch_setup(1)
    tr, va = split(color_data(3000, 1))
    m = mlp(torch, 20, 8); opt = torch.optim.Adam(m.parameters(), 1e-3)
    print("colour naming: 8 hue sectors, 2400 train / 600 val")
    train_cls(torch, m, opt, tr, va, 25, 64, 1,
              on_epoch=lambda e, s, tl, vl, va_: print(f"ep {e}/25 train={tl:.4f} val={vl:.4f} acc={va_:.3f}"))
    print("done")


@run("text_log")
def color_mlp_sgd_lr3_print(out):
    torch = torch_setup(2)
    tr, va = split(color_data(3000, 2))
    m = mlp(torch, 20, 8); opt = torch.optim.SGD(m.parameters(), lr=3.0, momentum=0.9)
    train_cls(torch, m, opt, tr, va, 20, 64, 2,
              on_epoch=lambda e, s, tl, vl, a: print(f"Epoch {e}: loss {tl:.4f}  Eval loss {vl:.4f}  Eval acc {a:.4f}"))


@run("text_log")
def morse_gru_logging_ts(out):
    import logging
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("morse")
    torch = torch_setup(3)
    tr, va = split(morse_data(2500, 3))
    m = make_gru(torch, 3, 16); opt = torch.optim.Adam(m.parameters(), 3e-3)

    def st(s, e, l):
        if s % 10 == 0:
            log.info("step %d loss %.4f", s, l)
    train_cls(torch, m, opt, tr, va, 12, 50, 3, on_step=st,
              on_epoch=lambda e, s, tl, vl, a: log.info("dev epoch %d: loss=%.4f acc=%.2f%%", e, vl, 100 * a))


@run("text_log")
def morse_relu_rnn_explode_logging(out):
    import logging
    logging.basicConfig(level=logging.INFO)
    log = logging.getLogger("train")
    torch = torch_setup(4)
    tr, va = split(morse_data(2000, 4, length=48))
    m = make_gru(torch, 3, 16, cell="relu")
    with torch.no_grad():
        m.rnn.weight_hh_l0.copy_(torch.eye(48) * 1.3 + 0.05 * torch.randn(48, 48))
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)

    def st(s, e, l):
        g = sum(p.grad.norm() ** 2 for p in m.parameters() if p.grad is not None) ** 0.5
        log.info("step %d loss %.5g grad %.5g", s, l, float(g))
    train_cls(torch, m, opt, tr, va, 6, 40, 4, on_step=st,
              on_epoch=lambda e, s, tl, vl, a: log.info("Test after epoch %d loss %.5g acc %.3f", e, vl, a))


@run("text_log")
def ratings_mf_print_steps(out):
    import numpy as np
    torch = torch_setup(5)
    tr, va = split(ratings_data(5))
    m = make_mf(torch); opt = torch.optim.Adam(m.parameters(), 1e-2, weight_decay=1e-5)
    rng = np.random.default_rng(5); step = 0
    for ep in range(15):
        for b in batches(len(tr[2]), 128, rng):
            opt.zero_grad()
            loss = ((m(torch.as_tensor(tr[0][b]), torch.as_tensor(tr[1][b])) - torch.as_tensor(tr[2][b])) ** 2).mean()
            loss.backward(); opt.step(); step += 1
            if step % 5 == 0:
                print("step", step, "| mse", round(loss.item(), 4))
        with torch.no_grad():
            vm = ((m(torch.as_tensor(va[0]), torch.as_tensor(va[1])) - torch.as_tensor(va[2])) ** 2).mean().item()
        print(f"-- val rmse {vm ** 0.5:.4f} (epoch {ep})")


@run("text_log")
def pipe_mlp_raw_units_print(out):
    import numpy as np
    torch = torch_setup(6)
    tr, va = split(pipe_data(3000, 6, raw=True))
    m = mlp(torch, 5, 1); opt = torch.optim.Adam(m.parameters(), 1e-3)
    rng = np.random.default_rng(6)
    for ep in range(1, 31):
        tot = []
        for b in batches(len(tr[1]), 64, rng):
            opt.zero_grad()
            loss = ((m(torch.as_tensor(tr[0][b]))[:, 0] - torch.as_tensor(tr[1][b])) ** 2).mean()
            loss.backward(); opt.step(); tot.append(loss.item())
        with torch.no_grad():
            vl = ((m(torch.as_tensor(va[0]))[:, 0] - torch.as_tensor(va[1])) ** 2).mean().item()
        print("epoch %02d  train_mse=%.2f  val_mse=%.2f" % (ep, np.mean(tot), vl))


@run("text_log")
def motif_cnn_tqdm(out):
    from tqdm import tqdm
    import numpy as np
    torch = torch_setup(7)
    tr, va = split(motif_data(3000, 7))
    m = make_cnn1d(torch, 4, 4); opt = torch.optim.Adam(m.parameters(), 2e-3)
    rng = np.random.default_rng(7)
    for ep in range(8):
        bar = tqdm(list(batches(len(tr[1]), 64, rng)), desc=f"epoch {ep}", mininterval=0)
        for b in bar:
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(m(torch.as_tensor(tr[0][b])), torch.as_tensor(tr[1][b]))
            loss.backward(); opt.step()
            bar.set_postfix(loss=f"{loss.item():.3f}")
        m.eval(); vl, a = cls_eval(torch, m, va[0], va[1]); m.train()
        tqdm.write(f"Test: acc {a:.4f} | loss {vl:.4f}")


@run("text_log")
def color_adam_lr_sweep_two_runs(out):
    for lr in (0.003, 5.0):
        torch = torch_setup(8)
        tr, va = split(color_data(2000, 8))
        m = mlp(torch, 20, 8); opt = torch.optim.Adam(m.parameters(), lr)
        print(f"######## sweep lr={lr} ########")
        train_cls(torch, m, opt, tr, va, 15, 50, 8,
                  on_step=lambda s, e, l: print(f"lr={lr} it {s} loss {l:.4f}") if s % 8 == 0 else None,
                  on_epoch=lambda e, s, tl, vl, a: print(f"lr={lr} epoch {e} val_loss {vl:.4f} val_acc {a:.4f}"))


def _motif_resumable(out, kill_at):
    import numpy as np
    torch = torch_setup(9)
    tr, va = split(motif_data(2500, 9))
    m = make_cnn1d(torch, 4, 4); opt = torch.optim.SGD(m.parameters(), 0.05, momentum=0.9)
    ck = "/tmp/nu8_motif_ckpt.pt"; start = 1
    if os.environ.get("NU8_RESUME") and os.path.exists(ck):
        state = torch.load(ck, weights_only=True)
        m.load_state_dict(state["m"]); opt.load_state_dict(state["o"]); start = state["ep"] + 1
        print(f"Resuming from checkpoint (epoch {state['ep']})")
    rng = np.random.default_rng(9 + start)
    for ep in range(start, 26):
        tot = []
        for b in batches(len(tr[1]), 64, rng):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(m(torch.as_tensor(tr[0][b])), torch.as_tensor(tr[1][b]))
            loss.backward(); opt.step(); tot.append(loss.item())
        vl, a = cls_eval(torch, m, va[0], va[1])
        print(f"epoch {ep}/25 | train loss {np.mean(tot):.4f} | val loss {vl:.4f} | val acc {a:.4f}")
        if ep % 5 == 0:
            torch.save({"m": m.state_dict(), "o": opt.state_dict(), "ep": ep}, ck)
        if kill_at and ep == kill_at and not os.environ.get("NU8_RESUME"):
            sys.stdout.flush(); os.kill(os.getpid(), signal.SIGKILL)
    if os.path.exists(ck):
        os.remove(ck)


@run("text_log")
def motif_cnn_killed_resumed(out):
    _motif_resumable(out, kill_at=13)


@run("text_log")
def morse_cnn_killed(out):
    torch = torch_setup(10)
    tr, va = split(morse_data(2500, 10))
    m = make_cnn1d(torch, 3, 16); opt = torch.optim.Adam(m.parameters(), 2e-3)

    def ep_(e, s, tl, vl, a):
        print(f"[{e:02d}/30] train {tl:.4f} ; val {vl:.4f} ; val_acc {a:.4f}")
        if e == 9:
            sys.stdout.flush(); os.kill(os.getpid(), signal.SIGKILL)
    train_cls(torch, m, opt, tr, va, 30, 64, 10, on_epoch=ep_)


@run("text_log")
def pipe_mlp_cosine_logging(out):
    import logging
    import numpy as np
    logging.basicConfig(level=logging.INFO)
    log = logging.getLogger("pipe")
    torch = torch_setup(11)
    tr, va = split(pipe_data(3000, 11))
    m = mlp(torch, 5, 1, hidden=64); opt = torch.optim.AdamW(m.parameters(), 3e-3)
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 40)
    rng = np.random.default_rng(11)
    for ep in range(40):
        tot = []
        for b in batches(len(tr[1]), 100, rng):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(m(torch.as_tensor(tr[0][b]))[:, 0], torch.as_tensor(tr[1][b]))
            loss.backward(); opt.step(); tot.append(loss.item())
        sch.step()
        with torch.no_grad():
            vl = torch.nn.functional.mse_loss(m(torch.as_tensor(va[0]))[:, 0], torch.as_tensor(va[1])).item()
        log.info("epoch %d mse %.5f lr %.2e", ep, np.mean(tot), sch.get_last_lr()[0])
        log.info("Test mse %.5f", vl)


@run("text_log")
def color_mlp_max_steps_debug(out):
    torch = torch_setup(12)
    tr, va = split(color_data(3000, 12))
    m = mlp(torch, 20, 8); opt = torch.optim.Adam(m.parameters(), 1e-3)
    MAX_STEPS = 15  # debug
    train_cls(torch, m, opt, tr, va, 30, 64, 12, max_steps=MAX_STEPS,
              on_step=lambda s, e, l: print(f"Step {s} - loss: {l:.4f}"),
              on_epoch=lambda e, s, tl, vl, a: print(f"Test accuracy after {s} steps: {100 * a:.1f}%"))


@run("text_log")
def ratings_mf_tiny_overfit_print(out):
    import numpy as np
    torch = torch_setup(13)
    u, i, y = ratings_data(13)
    tr = (u[:300], i[:300], y[:300]); va = (u[6000:], i[6000:], y[6000:])
    m = make_mf(torch, k=32)
    with torch.no_grad():
        m.U.weight.normal_(0, 0.5); m.V.weight.normal_(0, 0.5)
    opt = torch.optim.Adam(m.parameters(), 1e-2)
    rng = np.random.default_rng(13)
    for ep in range(1, 121):
        tot = []
        for b in batches(300, 50, rng):
            opt.zero_grad()
            loss = ((m(torch.as_tensor(tr[0][b]), torch.as_tensor(tr[1][b])) - torch.as_tensor(tr[2][b])) ** 2).mean()
            loss.backward(); opt.step(); tot.append(loss.item())
        with torch.no_grad():
            vm = ((m(torch.as_tensor(va[0]), torch.as_tensor(va[1])) - torch.as_tensor(va[2])) ** 2).mean().item()
        print("epoch", ep, "train_mse", round(float(np.mean(tot)), 4), "dev_mse", round(vm, 4))


@run("text_log")
def color_handwritten_ce_log0_print(out):
    torch = torch_setup(14)
    tr, va = split(color_data(3000, 14))
    m = mlp(torch, 20, 8); opt = torch.optim.Adam(m.parameters(), 1e-2)

    def my_ce(logits, y):
        p = torch.exp(logits) / torch.exp(logits).sum(1, keepdim=True)
        return -torch.log(p[torch.arange(len(y)), y]).mean()
    train_cls(torch, m, opt, tr, va, 25, 32, 14, loss_fn=my_ce,
              on_epoch=lambda e, s, tl, vl, a: print(f"epoch={e} loss={tl} val_loss={vl} val_acc={a}"))


# ----------------------------------------------------------------------------------------------- csv / jsonl
@run("csv_custom")
def color_mlp_csv_writer(out):
    import csv
    torch = torch_setup(21)
    tr, va = split(color_data(3000, 21))
    m = mlp(torch, 20, 8, hidden=96); opt = torch.optim.SGD(m.parameters(), 0.05, momentum=0.9)
    sch = torch.optim.lr_scheduler.StepLR(opt, 10, 0.3)
    with open(os.path.join(out, "history.csv"), "w", newline="") as fh:
        w = csv.writer(fh); w.writerow(["epoch", "train_loss", "valid_loss", "valid_acc", "lr"])

        def ep_(e, s, tl, vl, a):
            w.writerow([e, f"{tl:.5f}", f"{vl:.5f}", f"{a:.4f}", sch.get_last_lr()[0]]); sch.step()
        train_cls(torch, m, opt, tr, va, 30, 64, 21, on_epoch=ep_)


@run("csv_custom")
def morse_cnn_adam_lr05_jsonl(out):
    torch = torch_setup(22)
    tr, va = split(morse_data(2500, 22))
    m = make_cnn1d(torch, 3, 16); opt = torch.optim.Adam(m.parameters(), 0.5)
    fh = open(os.path.join(out, "log.jsonl"), "w")
    train_cls(torch, m, opt, tr, va, 15, 50, 22,
              on_step=lambda s, e, l: fh.write(json.dumps({"step": s, "loss": l}) + "\n") if s % 5 == 0 else None,
              on_epoch=lambda e, s, tl, vl, a: fh.write(json.dumps({"step": s, "epoch": e, "val_loss": vl,
                                                                    "val_acc": a}) + "\n"))
    fh.close()


@run("csv_custom")
def ratings_mf_sgd_lr_low_csv(out):
    import numpy as np
    torch = torch_setup(23)
    tr, va = split(ratings_data(23))
    m = make_mf(torch); opt = torch.optim.SGD(m.parameters(), lr=1e-5)
    rng = np.random.default_rng(23); rows = []
    for ep in range(25):
        tot = []
        for b in batches(len(tr[2]), 128, rng):
            opt.zero_grad()
            loss = ((m(torch.as_tensor(tr[0][b]), torch.as_tensor(tr[1][b])) - torch.as_tensor(tr[2][b])) ** 2).mean()
            loss.backward(); opt.step(); tot.append(loss.item())
        with torch.no_grad():
            vm = ((m(torch.as_tensor(va[0]), torch.as_tensor(va[1])) - torch.as_tensor(va[2])) ** 2).mean().item()
        rows.append(f"{ep},{np.mean(tot):.6f},{vm:.6f}")
    with open(os.path.join(out, "mf_log.csv"), "w") as fh:
        fh.write("ep,mse,val_mse\n" + "\n".join(rows) + "\n")


@run("csv_custom")
def pipe_numpy_linreg_gd_csv(out):
    import numpy as np
    (xt, yt), (xv, yv) = split(pipe_data(3000, 24))
    X = np.c_[xt, np.ones(len(xt))]; Xv = np.c_[xv, np.ones(len(xv))]
    w = np.zeros(X.shape[1]); lr = 0.05
    with open(os.path.join(out, "gd.csv"), "w") as fh:
        fh.write("iteration,train_mse,val_mse\n")
        for it in range(400):
            g = 2 * X.T @ (X @ w - yt) / len(yt); w -= lr * g
            tm = np.mean((X @ w - yt) ** 2)
            vm = np.mean((Xv @ w - yv) ** 2) if it % 10 == 0 else ""
            fh.write(f"{it},{tm:.6f},{vm if vm == '' else f'{vm:.6f}'}\n")


@run("csv_custom")
def color_mlp_no_zero_grad_jsonl(out):
    torch = torch_setup(25)
    tr, va = split(color_data(3000, 25))
    m = mlp(torch, 20, 8); opt = torch.optim.SGD(m.parameters(), 0.01, momentum=0.9)
    with open(os.path.join(out, "metrics.jsonl"), "w") as fh:
        train_cls(torch, m, opt, tr, va, 20, 64, 25, zero_grad=False,
                  on_epoch=lambda e, s, tl, vl, a: print(json.dumps(
                      {"epoch": e, "train/loss": round(tl, 5), "val/loss": round(vl, 5), "val/acc": round(a, 4)}),
                      file=fh))


@run("csv_custom")
def motif_cnn_shuffled_labels_csv(out):
    import numpy as np
    import pandas as pd
    torch = torch_setup(26)
    tr, va = split(motif_data(2000, 26))
    tr = [tr[0], np.random.default_rng(0).permutation(tr[1])]
    m = make_cnn1d(torch, 4, 4, ch=64); opt = torch.optim.Adam(m.parameters(), 3e-3)
    rows = []

    def ep_(e, s, tl, vl, a):
        _, ta = cls_eval(torch, m, tr[0], tr[1])
        rows.append({"epoch": e, "loss": tl, "acc": ta, "val_loss": vl, "val_acc": a})
    train_cls(torch, m, opt, tr, va, 40, 64, 26, on_epoch=ep_)
    pd.DataFrame(rows).to_csv(os.path.join(out, "train_log.csv"), index=False)


@run("csv_custom")
def color_student_distill_csv(out):
    import numpy as np
    torch = torch_setup(27)
    F = torch.nn.functional
    tr, va = split(color_data(3000, 27))
    teacher = mlp(torch, 20, 8, hidden=128); ot = torch.optim.Adam(teacher.parameters(), 1e-3)
    train_cls(torch, teacher, ot, tr, va, 15, 64, 27)
    teacher.eval()
    student = mlp(torch, 20, 8, hidden=16, layers=1); opt = torch.optim.Adam(student.parameters(), 3e-3)
    rng = np.random.default_rng(27); T = 2.0
    with open(os.path.join(out, "distill.csv"), "w") as fh:
        fh.write("epoch;batch;kd_loss;val_ce;val_acc\n")
        for ep in range(20):
            for bi, b in enumerate(batches(len(tr[1]), 64, rng)):
                xb = torch.as_tensor(tr[0][b])
                with torch.no_grad():
                    soft = F.softmax(teacher(xb) / T, 1)
                opt.zero_grad()
                loss = F.kl_div(F.log_softmax(student(xb) / T, 1), soft, reduction="batchmean") * T * T
                loss.backward(); opt.step()
                if bi % 10 == 0:
                    fh.write(f"{ep};{bi};{loss.item():.5f};;\n")
            vl, a = cls_eval(torch, student, va[0], va[1])
            fh.write(f"{ep};;;{vl:.5f};{a:.4f}\n")


@run("csv_custom")
def color_numpy_softmax_gd_tsv(out):
    import numpy as np
    (xt, yt), (xv, yv) = split(color_data(3000, 28))
    W = np.zeros((20, 8)); b = np.zeros(8); lr = 0.5

    def ce(X, Y):
        z = X @ W + b; z -= z.max(1, keepdims=True); p = np.exp(z); p /= p.sum(1, keepdims=True)
        return p, -np.log(p[np.arange(len(Y)), Y] + 1e-12).mean()
    lines = ["it\tloss\tval_loss\tval_acc"]
    for it in range(300):
        p, l = ce(xt, yt); p[np.arange(len(yt)), yt] -= 1
        W -= lr * xt.T @ p / len(yt); b -= lr * p.mean(0)
        if it % 15 == 0 or it == 299:
            pv, vl = ce(xv, yv)
            lines.append(f"{it}\t{l:.5f}\t{vl:.5f}\t{(pv.argmax(1) == yv).mean():.4f}")
        else:
            lines.append(f"{it}\t{l:.5f}\t\t")
    open(os.path.join(out, "softmax_gd.tsv"), "w").write("\n".join(lines) + "\n")


# ----------------------------------------------------------------------------------------------- tensorboard
def tbw(path):
    from torch.utils.tensorboard import SummaryWriter
    return SummaryWriter(path)


@run("tfevents")
def morse_gru_tb(out):
    torch = torch_setup(31)
    tr, va = split(morse_data(2500, 31))
    m = make_gru(torch, 3, 16); opt = torch.optim.Adam(m.parameters(), 3e-3)
    w = tbw(os.path.join(out, "runs", "morse_gru"))
    train_cls(torch, m, opt, tr, va, 12, 50, 31,
              on_step=lambda s, e, l: w.add_scalar("Loss/train", l, s),
              on_epoch=lambda e, s, tl, vl, a: (w.add_scalar("Loss/val", vl, s), w.add_scalar("Accuracy/val", a, s)))
    w.close()


@run("tfevents")
def color_mlp_onecycle_peak3_tb(out):
    torch = torch_setup(32)
    tr, va = split(color_data(3000, 32))
    m = mlp(torch, 20, 8); opt = torch.optim.SGD(m.parameters(), lr=3.0, momentum=0.9)
    steps = 20 * 38
    sch = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3.0, total_steps=steps)
    w = tbw(os.path.join(out, "tb"))
    train_cls(torch, m, opt, tr, va, 20, 64, 32, sched=sch,
              on_step=lambda s, e, l: (w.add_scalar("train/loss", l, s), w.add_scalar("train/lr", sch.get_last_lr()[0], s)),
              on_epoch=lambda e, s, tl, vl, a: (w.add_scalar("val/loss", vl, e), w.add_scalar("val/accuracy", a, e)))
    w.close()


@run("tfevents")
def pipe_mlp_steplr_tb(out):
    import numpy as np
    torch = torch_setup(33)
    tr, va = split(pipe_data(3000, 33))
    m = mlp(torch, 5, 1, hidden=48); opt = torch.optim.Adam(m.parameters(), 2e-3)
    sch = torch.optim.lr_scheduler.StepLR(opt, 12, 0.5)
    w = tbw(os.path.join(out, "logs"))
    rng = np.random.default_rng(33)
    for ep in range(36):
        tot = []
        for b in batches(len(tr[1]), 64, rng):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(m(torch.as_tensor(tr[0][b]))[:, 0], torch.as_tensor(tr[1][b]))
            loss.backward(); opt.step(); tot.append(loss.item())
        with torch.no_grad():
            vl = torch.nn.functional.mse_loss(m(torch.as_tensor(va[0]))[:, 0], torch.as_tensor(va[1])).item()
        w.add_scalar("mse/train", np.mean(tot), ep); w.add_scalar("mse/test", vl, ep)
        w.add_scalar("lr", sch.get_last_lr()[0], ep); sch.step()
    w.close()


@run("tfevents")
def motif_cnn_frozen_tb(out):
    torch = torch_setup(34)
    tr, va = split(motif_data(2500, 34))
    m = make_cnn1d(torch, 4, 4)
    for p in m.parameters():
        p.requires_grad = False
    m.out.bias.requires_grad = True
    opt = torch.optim.Adam([p for p in m.parameters() if p.requires_grad], 1e-3)
    w = tbw(os.path.join(out, "runs", "motif_cnn"))
    train_cls(torch, m, opt, tr, va, 15, 64, 34,
              on_step=lambda s, e, l: w.add_scalar("loss", l, s) if s % 4 == 0 else None,
              on_epoch=lambda e, s, tl, vl, a: (w.add_scalar("eval/loss", vl, s), w.add_scalar("eval/acc", a, s)))
    w.close()


@run("tfevents")
def ratings_mf_wd_tb(out):
    import numpy as np
    torch = torch_setup(35)
    tr, va = split(ratings_data(35))
    m = make_mf(torch, k=6); opt = torch.optim.AdamW(m.parameters(), 5e-3, weight_decay=0.05)
    w = tbw(os.path.join(out, "tb_logs", "mf"))
    rng = np.random.default_rng(35); step = 0
    for ep in range(20):
        for b in batches(len(tr[2]), 256, rng):
            opt.zero_grad()
            loss = ((m(torch.as_tensor(tr[0][b]), torch.as_tensor(tr[1][b])) - torch.as_tensor(tr[2][b])) ** 2).mean()
            loss.backward(); opt.step(); step += 1
            w.add_scalar("train_rmse", loss.item() ** 0.5, step)
        with torch.no_grad():
            vm = ((m(torch.as_tensor(va[0]), torch.as_tensor(va[1])) - torch.as_tensor(va[2])) ** 2).mean().item()
        w.add_scalar("valid_rmse", vm ** 0.5, step)
    w.close()


@run("tfevents")
def morse_gru_mse_on_class_ids_tb(out):
    torch = torch_setup(36)
    tr, va = split(morse_data(2500, 36))
    m = make_gru(torch, 3, 1)
    opt = torch.optim.Adam(m.parameters(), 3e-3)
    w = tbw(os.path.join(out, "runs", "exp1"))
    F = torch.nn.functional
    import numpy as np
    rng = np.random.default_rng(36); step = 0
    for ep in range(12):
        for b in batches(len(tr[1]), 50, rng):
            opt.zero_grad()
            loss = F.mse_loss(m(torch.as_tensor(tr[0][b]))[:, 0], torch.as_tensor(tr[1][b]).float())
            loss.backward(); opt.step(); step += 1
            w.add_scalar("Train/Loss", loss.item(), step)
        with torch.no_grad():
            pv = m(torch.as_tensor(va[0]))[:, 0]
            vl = F.mse_loss(pv, torch.as_tensor(va[1]).float()).item()
            a = (pv.round().long() == torch.as_tensor(va[1])).float().mean().item()
        w.add_scalar("Test/Loss", vl, ep); w.add_scalar("Test/Acc", a, ep)
    w.close()


@run("tfevents")
def color_mlp_bn_dropout_no_eval_tb(out):
    torch = torch_setup(37)
    tr, va = split(color_data(3000, 37))
    m = mlp(torch, 20, 8, hidden=128, bn=True, drop=0.5); opt = torch.optim.Adam(m.parameters(), 1e-3)
    w = tbw(out)

    def ep_(e, s, tl, vl, a):
        w.add_scalar("epoch_loss", tl, e); w.add_scalar("epoch_val_loss", vl, e); w.add_scalar("epoch_val_acc", a, e)
    # evaluation happens in training mode (model.eval() forgotten), on small batches of 16
    import numpy as np

    def val_in_train_mode(model):
        ls, cs = [], []
        for s in range(0, len(va[1]), 16):
            o = model(torch.as_tensor(va[0][s:s + 16])); yb = torch.as_tensor(va[1][s:s + 16])
            ls.append(torch.nn.functional.cross_entropy(o, yb).item()); cs.append((o.argmax(1) == yb).float().mean().item())
        return float(np.mean(ls)), float(np.mean(cs))
    rng = np.random.default_rng(37)
    for e in range(1, 26):
        tot = []
        for b in batches(len(tr[1]), 64, rng):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(m(torch.as_tensor(tr[0][b])), torch.as_tensor(tr[1][b]))
            loss.backward(); opt.step(); tot.append(loss.item())
        with torch.no_grad():
            vl, a = val_in_train_mode(m)
        ep_(e, 0, float(np.mean(tot)), vl, a)
    w.close()


@run("tfevents")
def motif_cnn_cosine_gradnorm_tb(out):
    torch = torch_setup(38)
    tr, va = split(motif_data(3000, 38))
    m = make_cnn1d(torch, 4, 4); opt = torch.optim.AdamW(m.parameters(), 3e-3, weight_decay=1e-2)
    sch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 10 * 38)
    w = tbw(os.path.join(out, "vis"))

    def st(s, e, l):
        g = torch.nn.utils.clip_grad_norm_(m.parameters(), 1e9)
        w.add_scalar("batch/loss", l, s); w.add_scalar("batch/grad_norm", float(g), s)
    train_cls(torch, m, opt, tr, va, 10, 64, 38, sched=sch, on_step=st,
              on_epoch=lambda e, s, tl, vl, a: (w.add_scalar("dev/loss", vl, s), w.add_scalar("dev/acc", a, s)))
    w.close()


# ----------------------------------------------------------------------------------------------- lightning
def lit_module(torch, net, lr, opt_name="adam", task="cls"):
    import lightning as L
    F = torch.nn.functional

    class M(L.LightningModule):
        def __init__(self):
            super().__init__(); self.net = net

        def training_step(self, batch, i):
            x, y = batch; o = self.net(x)
            loss = F.cross_entropy(o, y) if task == "cls" else F.mse_loss(o[:, 0], y)
            self.log("train_loss", loss, on_step=True, on_epoch=True)
            return loss

        def validation_step(self, batch, i):
            x, y = batch; o = self.net(x)
            if task == "cls":
                self.log("val_loss", F.cross_entropy(o, y)); self.log("val_acc", (o.argmax(1) == y).float().mean())
            else:
                self.log("val_mse", F.mse_loss(o[:, 0], y))

        def configure_optimizers(self):
            if opt_name == "sgd":
                return torch.optim.SGD(self.parameters(), lr, momentum=0.9)
            return torch.optim.Adam(self.parameters(), lr)
    return M()


def loaders(torch, tr, va, bs):
    from torch.utils.data import DataLoader, TensorDataset
    return (DataLoader(TensorDataset(torch.as_tensor(tr[0]), torch.as_tensor(tr[1])), bs, shuffle=True),
            DataLoader(TensorDataset(torch.as_tensor(va[0]), torch.as_tensor(va[1])), 500))


def lit_fit(out, module, dl, epochs, logger="csv", callbacks=(), log_every=10):
    import lightning as L
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger
    lg = CSVLogger(out) if logger == "csv" else TensorBoardLogger(out)
    t = L.Trainer(max_epochs=epochs, logger=lg, enable_checkpointing=False, enable_progress_bar=False,
                  enable_model_summary=False, log_every_n_steps=log_every, callbacks=list(callbacks),
                  accelerator="cpu", devices=1)
    t.fit(module, *dl)


@run("lightning_csv")
def color_lit_mlp_csvlogger(out):
    torch = torch_setup(41)
    tr, va = split(color_data(3000, 41))
    lit_fit(out, lit_module(torch, mlp(torch, 20, 8), 1e-3), loaders(torch, tr, va, 64), 20)


@run("lightning_csv")
def morse_lit_cnn_adam_lr03_csvlogger(out):
    torch = torch_setup(42)
    tr, va = split(morse_data(2500, 42))
    lit_fit(out, lit_module(torch, make_cnn1d(torch, 3, 16), 0.3), loaders(torch, tr, va, 50), 15, log_every=5)


@run("lightning_csv")
def pipe_lit_mlp_earlystop_csvlogger(out):
    from lightning.pytorch.callbacks import EarlyStopping
    torch = torch_setup(43)
    tr, va = split(pipe_data(3000, 43))
    lit_fit(out, lit_module(torch, mlp(torch, 5, 1), 3e-3, task="reg"), loaders(torch, tr, va, 64), 80,
            callbacks=[EarlyStopping("val_mse", patience=6)])


@run("lightning_csv")
def motif_lit_cnn_tblogger(out):
    from lightning.pytorch.callbacks import LearningRateMonitor
    torch = torch_setup(44)
    tr, va = split(motif_data(3000, 44))
    mod = lit_module(torch, make_cnn1d(torch, 4, 4), 1e-3)
    lit_fit(out, mod, loaders(torch, tr, va, 32), 8, logger="tb", callbacks=[LearningRateMonitor("step")],
            log_every=20)


@run("lightning_csv")
def color_lit_mlp_tiny_set_csvlogger(out):
    torch = torch_setup(45)
    (xt, yt), va = split(color_data(3000, 45))
    tr = (xt[:48], yt[:48])
    lit_fit(out, lit_module(torch, mlp(torch, 20, 8, hidden=256), 2e-3), loaders(torch, tr, va, 16), 150,
            log_every=3)


# ----------------------------------------------------------------------------------------------- keras
def keras_dense(n_in, n_out, act="softmax", hidden=64):
    import keras
    return keras.Sequential([keras.Input((n_in,)), keras.layers.Dense(hidden, activation="relu"),
                             keras.layers.Dense(hidden, activation="relu"), keras.layers.Dense(n_out, activation=act)])


@run("keras_csvlogger")
def color_keras_dense_csvlogger(out):
    import keras
    keras.utils.set_random_seed(51)
    (xt, yt), (xv, yv) = split(color_data(3000, 51))
    m = keras_dense(20, 8)
    m.compile(keras.optimizers.Adam(1e-3), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(xt, yt, validation_data=(xv, yv), epochs=25, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "training.log"))])


@run("keras_csvlogger")
def morse_keras_conv1d_sgd_lr4_csvlogger(out):
    import keras
    keras.utils.set_random_seed(52)
    (xt, yt), (xv, yv) = split(morse_data(2500, 52))
    m = keras.Sequential([keras.Input((32,)), keras.layers.Embedding(3, 12),
                          keras.layers.Conv1D(32, 5, activation="relu", padding="same"),
                          keras.layers.GlobalMaxPooling1D(), keras.layers.Dense(16, activation="softmax")])
    m.compile(keras.optimizers.SGD(4.0, momentum=0.9), "sparse_categorical_crossentropy", metrics=["accuracy"])
    m.fit(xt, yt, validation_data=(xv, yv), epochs=15, batch_size=50, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(os.path.join(out, "log.csv"))])


@run("keras_csvlogger")
def pipe_keras_dense_reducelr_csvlogger(out):
    import keras
    keras.utils.set_random_seed(53)
    (xt, yt), (xv, yv) = split(pipe_data(3000, 53))
    m = keras_dense(5, 1, act=None, hidden=32)
    m.compile(keras.optimizers.Adam(3e-3), "mse", metrics=["mae"])
    m.fit(xt, yt, validation_data=(xv, yv), epochs=40, batch_size=64, verbose=0,
          callbacks=[keras.callbacks.ReduceLROnPlateau(patience=3, factor=0.5),
                     keras.callbacks.CSVLogger(os.path.join(out, "pipe_training.csv"))])


@run("keras_history_json")
def motif_keras_conv_history_json(out):
    import keras
    keras.utils.set_random_seed(54)
    x, y = motif_data(3000, 54)
    m = keras.Sequential([keras.Input((36,)), keras.layers.Embedding(4, 8),
                          keras.layers.Conv1D(32, 6, activation="relu"), keras.layers.GlobalMaxPooling1D(),
                          keras.layers.Dense(4, activation="softmax")])
    m.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
    h = m.fit(x, y, validation_split=0.2, epochs=15, batch_size=32, verbose=0)
    json.dump(h.history, open(os.path.join(out, "history.json"), "w"), indent=1)


@run("keras_history_json")
def color_keras_binary_ce_on_8class_history_json(out):
    import keras
    keras.utils.set_random_seed(55)
    (xt, yt), (xv, yv) = split(color_data(3000, 55))
    m = keras_dense(20, 8)
    m.compile(keras.optimizers.Adam(1e-3), "binary_crossentropy", metrics=["accuracy"])
    h = m.fit(xt, keras.utils.to_categorical(yt, 8), validation_data=(xv, keras.utils.to_categorical(yv, 8)),
              epochs=20, batch_size=64, verbose=0)
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, open(os.path.join(out, "hist.json"), "w"))


# ----------------------------------------------------------------------------------------------- HF
def hf_run(out, arch, lr, seed, epochs=3, shuffle=False, warmup=0, n=1600):
    import numpy as np
    import torch
    import transformers as T
    torch.manual_seed(seed); torch.set_num_threads(1)
    x, y = motif_data(n, seed)
    if shuffle:
        half = int(0.8 * n); y = np.concatenate([np.random.default_rng(seed).permutation(y[:half]), y[half:]])
    ids = x + 3  # 0 pad, 1 cls, 2 sep
    ids = np.c_[np.ones(n, int), ids, np.full(n, 2)]

    class DS(torch.utils.data.Dataset):
        def __init__(self, a, b):
            self.a, self.b = a, b

        def __len__(self):
            return len(self.a)

        def __getitem__(self, k):
            return {"input_ids": torch.as_tensor(self.a[k]), "labels": int(self.b[k])}
    k = int(0.8 * n)
    if arch == "distilbert":
        cfg = T.DistilBertConfig(vocab_size=8, dim=48, n_layers=2, n_heads=4, hidden_dim=96,
                                 max_position_embeddings=64, num_labels=4, pad_token_id=0)
        model = T.DistilBertForSequenceClassification(cfg)
    else:
        cfg = T.RobertaConfig(vocab_size=8, hidden_size=48, num_hidden_layers=2, num_attention_heads=4,
                              intermediate_size=96, max_position_embeddings=70, num_labels=4, pad_token_id=0,
                              type_vocab_size=1)
        model = T.RobertaForSequenceClassification(cfg)
    args = T.TrainingArguments(output_dir=out, num_train_epochs=epochs, learning_rate=lr,
                               per_device_train_batch_size=32, per_device_eval_batch_size=128,
                               eval_strategy="steps", eval_steps=20, logging_steps=5, save_strategy="no",
                               report_to=["tensorboard"], seed=seed, warmup_steps=warmup, use_cpu=True,
                               disable_tqdm=True)

    def acc(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    tr = T.Trainer(model=model, args=args, train_dataset=DS(ids[:k], y[:k]), eval_dataset=DS(ids[k:], y[k:]),
                   compute_metrics=acc)
    res = tr.train()
    tr.log_metrics("train", res.metrics); tr.save_metrics("train", res.metrics)
    ev = tr.evaluate(); tr.save_metrics("eval", ev)
    tr.save_state()


@run("hf_trainer_state")
def motif_distilbert_hf(out):
    hf_run(out, "distilbert", 2e-3, 61, epochs=5)


@run("hf_trainer_state")
def motif_roberta_hf(out):
    hf_run(out, "roberta", 1e-3, 62, epochs=5)


@run("hf_trainer_state")
def motif_distilbert_lr100_hf(out):
    hf_run(out, "distilbert", 100.0, 63, epochs=4)


@run("hf_trainer_state")
def motif_roberta_lr1e7_hf(out):
    hf_run(out, "roberta", 1e-7, 64, epochs=4)


@run("hf_trainer_state")
def motif_distilbert_shuffled_labels_hf(out):
    hf_run(out, "distilbert", 2e-3, 65, epochs=6, shuffle=True)



# ----------------------------------------------------------------------------------------------- added after a first look
# (added after the first 45 had run, before any label was written: the hand-written-CE "log(0)" run above never hit
#  log(0), no LR-too-high run had ended in NaN, and the tiny HF transformers had barely learned)
@run("csv_custom")
def color_handwritten_sigmoid_bce_pandas_csv(out):
    import numpy as np
    import pandas as pd
    torch = torch_setup(29)
    tr, va = split(color_data(3000, 29))
    m = mlp(torch, 20, 8, hidden=128); opt = torch.optim.Adam(m.parameters(), 0.05)

    def my_bce(logits, y):
        p = torch.sigmoid(logits); t = torch.nn.functional.one_hot(y, 8).float()
        return -(t * torch.log(p) + (1 - t) * torch.log(1 - p)).mean()
    rng = np.random.default_rng(29); rows = []; step = 0
    for ep in range(12):
        for b in batches(len(tr[1]), 64, rng):
            opt.zero_grad()
            loss = my_bce(m(torch.as_tensor(tr[0][b])), torch.as_tensor(tr[1][b]))
            loss.backward(); opt.step(); step += 1
            rows.append({"step": step, "epoch": ep, "bce": loss.item()})
        with torch.no_grad():
            o = m(torch.as_tensor(va[0]))
            rows[-1]["val_bce"] = my_bce(o, torch.as_tensor(va[1])).item()
            rows[-1]["val_acc"] = (o.argmax(1) == torch.as_tensor(va[1])).float().mean().item()
    pd.DataFrame(rows).to_csv(os.path.join(out, "log.csv"), index=False)


@run("keras_history_json")
def pipe_keras_sgd_lr2_history_json(out):
    import keras
    keras.utils.set_random_seed(56)
    (xt, yt), (xv, yv) = split(pipe_data(3000, 56))
    m = keras_dense(5, 1, act=None, hidden=64)
    m.compile(keras.optimizers.SGD(2.0, momentum=0.9), "mse", metrics=["mae"])
    h = m.fit(xt, yt, validation_data=(xv, yv), epochs=20, batch_size=32, verbose=0)
    json.dump(h.history, open(os.path.join(out, "history.json"), "w"))




@run("hf_trainer_state")
def motif_distilbert_warmup_12ep_hf(out):
    # the 5-epoch tiny-transformer runs above had barely left ln 4; what a user tries next: longer, with warmup
    hf_run(out, "distilbert", 1e-3, 66, epochs=12, warmup=40, n=2000)




@run("text_log")
def color_rgb255_handwritten_bce_print(out):
    # second try at log(0): the same hand-written BCE, on colours given as 0-255 values (not scaled)
    torch = torch_setup(15)
    (xt, yt), (xv, yv) = split(color_data(3000, 15))
    xt, xv = (xt * 255).astype("float32"), (xv * 255).astype("float32")
    m = mlp(torch, 20, 8); opt = torch.optim.SGD(m.parameters(), 0.01, momentum=0.9)

    def bce(logits, y):
        p = torch.sigmoid(logits); t = torch.nn.functional.one_hot(y, 8).float()
        return -(t * torch.log(p) + (1 - t) * torch.log(1 - p)).mean()
    train_cls(torch, m, opt, (xt, yt), (xv, yv), 10, 64, 15, loss_fn=bce,
              on_step=lambda s, e, l: print(f"epoch {e} iter {s}: bce {l:.4f}") if s % 5 == 0 else None,
              on_epoch=lambda e, s, tl, vl, a: print(f">>> val  epoch {e}: acc {a:.3f}"))


# ----------------------------------------------------------------------------------------------- driver
def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--child":
        fmt, fn = REG[sys.argv[2]]
        fn(sys.argv[3])
        return
    names = sys.argv[1:] or list(REG)
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONUNBUFFERED="1",
               TF_CPP_MIN_LOG_LEVEL="3")
    os.makedirs("/tmp/nu8_stderr", exist_ok=True)
    t_all = time.time()
    for name in names:
        fmt, fn = REG[name]
        out = os.path.join(RUNS, fmt, name)
        subprocess.run(["rm", "-rf", out]); os.makedirs(out)
        t0 = time.time()
        cmd = [sys.executable, os.path.abspath(__file__), "--child", name, out]
        if fmt == "text_log":
            with open(os.path.join(out, "train.log"), "w") as fh:
                rc = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env).returncode
                if name == "motif-cnn-killed-resumed":
                    rc2 = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT,
                                         env=dict(env, NU8_RESUME="1")).returncode
                    rc = (rc, rc2)
        else:
            with open(f"/tmp/nu8_stderr/{name}.txt", "w") as fh:
                rc = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=out).returncode
        print(f"{name:55s} {fmt:20s} rc={rc} {time.time() - t0:6.1f}s", flush=True)
    print(f"total {time.time() - t_all:.0f}s")


if __name__ == "__main__":
    main()
