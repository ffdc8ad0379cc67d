"""lockbox 2026-12-28nu32: ~50 small CPU trainings written the way a new user would write them.

python make_runs.py                 # make every run (2 at a time, each in its own subprocess)
python make_runs.py --only text/lattice_mlp_adam_lr5   # re-make one run
Data are generated with numpy (seed 3228); nothing is downloaded; no weights are kept.
"""
import os, sys, json, math, time, shutil, signal, subprocess, argparse
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS_DIR = os.path.join(HERE, "runs")
SEED = 3228


# ----------------------------------------------------------------------------- data (numpy)
def data_lattice(n_tr=2000, n_va=600, seed=SEED):
    """5-way: class = argmax of a random 2-layer tanh net of 10 gaussian features + gumbel noise."""
    import numpy as np
    r = np.random.RandomState(seed)
    W1 = r.randn(10, 16); W2 = r.randn(16, 5) * 1.5
    X = r.randn(n_tr + n_va, 10).astype("float32")
    h = np.tanh(X @ W1 / 3.0) @ W2 + 0.4 * r.gumbel(size=(n_tr + n_va, 5))
    y = h.argmax(1).astype("int64")
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]


def data_kiln(n_tr=1800, n_va=500, seed=SEED + 1):
    """regression: y = sin(2 x0) + x1 x2 + 0.5 x3^2 - 0.3 x4 + noise (8 features)."""
    import numpy as np
    r = np.random.RandomState(seed)
    X = r.randn(n_tr + n_va, 8).astype("float32")
    y = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2] + 0.5 * X[:, 3] ** 2 - 0.3 * X[:, 4] + 0.1 * r.randn(n_tr + n_va)
    y = (y - 0.5).astype("float32")[:, None]
    return X[:n_tr], y[:n_tr], X[n_tr:], y[n_tr:]


def data_pantry(n_tr=1800, n_va=500, seed=SEED + 2):
    """multi-label: 6 tags, tag j = [x.v_j + 0.8 x_a x_b + noise > 0]."""
    import numpy as np
    r = np.random.RandomState(seed)
    X = r.randn(n_tr + n_va, 12).astype("float32")
    V = r.randn(12, 6) / 2
    pairs = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11)]
    L = X @ V + 0.8 * np.stack([X[:, a] * X[:, b] for a, b in pairs], 1) + 0.3 * r.randn(n_tr + n_va, 6)
    Y = (L > 0).astype("float32")
    return X[:n_tr], Y[:n_tr], X[n_tr:], Y[n_tr:]


def data_ledger(n_tr=1200, n_va=300, T=16, seed=SEED + 3):
    """sequence labelling: tokens in 0..3; target at t = (#1s - #2s so far) mod 3 (K=3 per token)."""
    import numpy as np
    r = np.random.RandomState(seed)
    tok = r.randint(0, 4, size=(n_tr + n_va, T))
    bal = np.cumsum((tok == 1).astype(int) - (tok == 2).astype(int), 1) % 3
    return tok[:n_tr].astype("int64"), bal[:n_tr].astype("int64"), tok[n_tr:].astype("int64"), bal[n_tr:].astype("int64")


def data_ballot(n_tr=900, n_va=250, T=20, seed=SEED + 4):
    """sequence classification for HF: tokens 0..9; label = which of tokens 3/4/5 occurs most (K=3)."""
    import numpy as np
    r = np.random.RandomState(seed)
    tok = r.randint(0, 10, size=(n_tr + n_va, T))
    cnt = np.stack([(tok == k).sum(1) for k in (3, 4, 5)], 1) + r.rand(n_tr + n_va, 3) * 0.5
    y = cnt.argmax(1)
    return tok[:n_tr], y[:n_tr], tok[n_tr:], y[n_tr:]


DATA = {"lattice": data_lattice, "kiln": data_kiln, "pantry": data_pantry, "ledger": data_ledger}
TASK = {"lattice": "cls", "kiln": "reg", "pantry": "ml", "ledger": "seq"}


# ----------------------------------------------------------------------------- models (torch)
def make_model(kind, task, width=64, dropout=0.0, bn=False, depth=2):
    import torch.nn as nn
    if task == "seq":
        class RNNTagger(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = nn.Embedding(4, 16)
                cell = {"gru": nn.GRU, "lstm": nn.LSTM, "rnn": nn.RNN}[kind]
                kw = {"nonlinearity": "relu"} if kind == "rnn" else {}
                self.rnn = cell(16, width, batch_first=True, **kw)
                self.head = nn.Linear(width, 3)

            def forward(self, x):
                h, _ = self.rnn(self.emb(x))
                return self.head(h)
        return RNNTagger()
    d_in = {"cls": 10, "reg": 8, "ml": 12}[task]
    d_out = {"cls": 5, "reg": 1, "ml": 6}[task]
    layers, d = [], d_in
    for _ in range(depth):
        layers.append(nn.Linear(d, width))
        if bn:
            layers.append(nn.BatchNorm1d(width))
        layers.append(nn.ReLU())
        if dropout:
            layers.append(nn.Dropout(dropout))
        d = width
    layers.append(nn.Linear(d, d_out))
    return nn.Sequential(*layers)


def task_loss(task):
    import torch.nn as nn
    if task == "cls":
        return nn.CrossEntropyLoss()
    if task == "reg":
        return nn.MSELoss()
    if task == "ml":
        return nn.BCEWithLogitsLoss()
    ce = nn.CrossEntropyLoss()
    return lambda out, y: ce(out.reshape(-1, 3), y.reshape(-1))


def task_metric(task, out, y):
    import torch
    if task in ("cls", "seq"):
        return (out.argmax(-1) == y).float().mean().item()
    if task == "reg":
        return (out - y).abs().mean().item()
    p = (out > 0).float()
    tp = (p * y).sum().item(); fp = (p * (1 - y)).sum().item(); fn = ((1 - p) * y).sum().item()
    return 2 * tp / max(2 * tp + fp + fn, 1e-9)


METRIC_NAME = {"cls": "acc", "reg": "mae", "ml": "f1", "seq": "tok_acc"}


def fit(model, data, task, opt, epochs, bs=64, log=None, sched=None, sched_per="epoch", zero_grad=True,
        switch_modes=True, clip=None, kill_at=None, eval_on_train=False, loss_fn=None, step_log=None,
        early_stop=None, plateau=None, seed=SEED, half=False, warmup_steps=0, base_lr=None):
    """plain loop; faults are switched by arguments a new user would get wrong."""
    import torch, numpy as np
    Xtr, ytr, Xva, yva = [torch.as_tensor(a) for a in data]
    if half:
        model = model.half()
        if Xtr.dtype == torch.float32:
            Xtr, Xva = Xtr.half(), Xva.half()
        if ytr.dtype == torch.float32:
            ytr, yva = ytr.half(), yva.half()
    if eval_on_train:
        Xva, yva = Xtr, ytr
    lf = loss_fn or task_loss(task)
    g = torch.Generator().manual_seed(seed)
    n = len(Xtr); step = 0; best = float("inf"); bad = 0
    for ep in range(1, epochs + 1):
        if switch_modes:
            model.train()
        perm = torch.randperm(n, generator=g)
        tot, cnt = 0.0, 0
        for i in range(0, n, bs):
            idx = perm[i:i + bs]
            if warmup_steps and step < warmup_steps:
                for pg in opt.param_groups:
                    pg["lr"] = base_lr * (step + 1) / warmup_steps
            out = model(Xtr[idx])
            loss = lf(out, ytr[idx])
            if zero_grad:
                opt.zero_grad()
            loss.backward()
            if clip:
                torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
            opt.step()
            step += 1
            if sched is not None and sched_per == "batch":
                sched.step()
            tot += loss.item() * len(idx); cnt += len(idx)
            if step_log:
                step_log(step, ep, loss.item(), opt.param_groups[0]["lr"])
        if switch_modes:
            model.eval()
        with torch.no_grad():
            out = model(Xva)
            vl = lf(out, yva).item()
            vm = task_metric(task, out.float(), yva.float() if task in ("reg", "ml") else yva)
        lr_now = opt.param_groups[0]["lr"]
        if log:
            log(ep, epochs, tot / cnt, vl, vm, lr_now, step)
        if sched is not None and sched_per == "epoch" and not (warmup_steps and step < warmup_steps):
            sched.step()
        if plateau is not None:
            plateau.step(vl)
        if kill_at and ep == kill_at:
            sys.stdout.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        if early_stop:
            if vl < best - 1e-4:
                best, bad = vl, 0
            else:
                bad += 1
                if bad >= early_stop:
                    if log:
                        log("stop", epochs, None, None, None, None, step)
                    break
    return model


# ----------------------------------------------------------------------------- text loggers (5 styles)
def text_logger(style, name, task, lr, epochs, extra=""):
    """returns log(ep, n, tr, vl, vm, lr, step) that prints in one of five styles (stdout -> train.log)."""
    import logging
    m = METRIC_NAME[TASK[TASK_OF[name]]] if name in TASK_OF else "metric"
    if style == "A":
        print(f"[{name}] task={task} lr={lr} epochs={epochs} {extra}", flush=True)

        def f(ep, n, tr, vl, vm, l, st):
            if ep == "stop":
                print(f"[{name}] early stopping", flush=True); return
            print(f"[{name}] epoch {ep}/{n}  loss={tr:.4f}  val_loss={vl:.4f}  val_{m}={vm:.4f}  lr={l:.2e}", flush=True)
        return f
    if style == "B":
        lg = logging.getLogger("fit")
        h = logging.StreamHandler(sys.stdout)
        h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s fit | %(message)s"))
        lg.addHandler(h); lg.setLevel(logging.INFO)
        lg.info(f"start {name} on {task}: lr {lr}, {epochs} passes {extra}")

        def f(ep, n, tr, vl, vm, l, st):
            if ep == "stop":
                lg.info("patience exhausted, stopping"); return
            lg.info(f"pass {ep} | train {tr:.5f} | holdout {vl:.5f} | {m} {vm:.4f} | lr {l:.3g}")
        return f
    if style == "C":
        print(f"=== {name} :: {task} :: base lr {lr} :: {epochs} epochs {extra}", flush=True)

        def f(ep, n, tr, vl, vm, l, st):
            if ep == "stop":
                print("-- stopped early --", flush=True); return
            print(f"E{ep:03d} trn:{tr:.4f} dev:{vl:.4f} {m}:{vm:.4f} lr:{l:.5f}", flush=True)
        return f
    if style == "D":
        print(f"config name={name} task={task} lr={lr} max_epochs={epochs} {extra}", flush=True)

        def f(ep, n, tr, vl, vm, l, st):
            if ep == "stop":
                print("no improvement, giving up", flush=True); return
            print(f"after epoch {ep} (step {st}) the train objective is {tr:.4f}; validation objective {vl:.4f} "
                  f"({m} {vm:.3f})", flush=True)
        return f
    # style E: tqdm-ish per-step lines + eval lines
    print(f"# {name} | {task} | lr {lr} | {epochs} ep {extra}", flush=True)

    def f(ep, n, tr, vl, vm, l, st):
        if ep == "stop":
            print("early stop", flush=True); return
        print(f"== eval @ step {st} (ep {ep}): loss {vl:.4f}, {m} {vm:.4f}", flush=True)
    return f


def step_printer(every=20):
    def g(step, ep, loss, lr):
        if step % every == 0:
            print(f"step {step:5d} | loss {loss:.4f} | lr {lr:.2e}", flush=True)
    return g


TASK_OF = {}


# ----------------------------------------------------------------------------- run specs
def torch_run(out, fmt, name, ds, kind="mlp", opt="adam", lr=1e-3, epochs=30, bs=64, width=64, dropout=0.0,
              bn=False, wd=0.0, sched=None, sched_per="epoch", style="A", writer="torch", n_tr=None,
              data_fault=None, momentum=0.0, attempt=1, kill_at=None, depth=2, **kw):
    import torch, numpy as np
    torch.manual_seed(SEED); np.random.seed(SEED)
    task = TASK[ds]
    TASK_OF[name] = ds
    args = {}
    if n_tr:
        args = {"n_tr": n_tr}
    Xtr, ytr, Xva, yva = DATA[ds](**args)
    if data_fault == "shuffle_labels":      # shuffled the label array "to mix the data" but not the features
        ytr = ytr[np.random.RandomState(1).permutation(len(ytr))]
    if data_fault == "val_from_train":      # "validation split" drawn from the training rows
        idx = np.random.RandomState(2).choice(len(Xtr), min(len(Xva), len(Xtr) // 2), replace=False)
        Xva, yva = Xtr[idx], ytr[idx]
    if data_fault == "unscaled_target":     # forgot to standardise target (x100 units)
        ytr, yva = ytr * 100 + 300, yva * 100 + 300
    model = make_model(kind if task == "seq" else "mlp", task, width=width, dropout=dropout, bn=bn, depth=depth)
    params = model.parameters()
    if kw.pop("freeze_body", False):
        for n_, p in model.named_parameters():
            if not (n_.startswith("head") or n_.startswith(str(len(model) - 1) if isinstance(model, torch.nn.Sequential) else "zz")):
                p.requires_grad = False
        params = [p for p in model.parameters() if p.requires_grad]
    if opt == "adam":
        o = torch.optim.Adam(params, lr=lr, weight_decay=wd)
    elif opt == "adamw":
        o = torch.optim.AdamW(params, lr=lr, weight_decay=wd)
    else:
        o = torch.optim.SGD(params, lr=lr, momentum=momentum, weight_decay=wd)
    s = None; plateau = None
    if sched == "cosine":
        s = torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=kw.pop("t_max", epochs))
    elif sched == "step":
        s = torch.optim.lr_scheduler.StepLR(o, step_size=kw.pop("step_size", 10), gamma=kw.pop("gamma", 0.3))
    elif sched == "onecycle":
        steps = math.ceil(len(Xtr) / bs) * epochs
        s = torch.optim.lr_scheduler.OneCycleLR(o, max_lr=lr, total_steps=steps); sched_per = "batch"
    elif sched == "plateau":
        plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.3, patience=3)
    loss_fn = kw.pop("loss_fn", None)
    if loss_fn == "mse_on_ids":
        loss_fn = lambda out, y: torch.nn.functional.mse_loss(out.argmax(-1).float() * 0 + out[:, 0], y.float())
    elif loss_fn == "bce_on_sigmoid":       # sigmoid in forward AND BCEWithLogits
        bce = torch.nn.BCEWithLogitsLoss()
        loss_fn = lambda out, y: bce(torch.sigmoid(out), y)
    elif loss_fn == "rmsle":                # log of raw predictions (can be <= 0)
        loss_fn = lambda out, y: torch.sqrt(((torch.log(out + 1) - torch.log(y + 1)) ** 2).mean())
    d = os.path.join(out)
    os.makedirs(d, exist_ok=True)
    log = None; step_log = None; closers = []
    extra = kw.pop("extra", "")
    if fmt == "text":
        log = text_logger(style, name, ds, lr, epochs, extra)
        if style == "E":
            step_log = step_printer(kw.pop("every", 20))
    elif fmt == "csv":
        f = open(os.path.join(d, "metrics.csv"), "a" if attempt > 1 else "w")
        cols = kw.pop("cols", ["epoch", "train_loss", "val_loss", "val_" + METRIC_NAME[task], "lr"])
        if attempt == 1:
            f.write(",".join(cols) + "\n"); f.flush()

        def log(ep, n, tr, vl, vm, l, st):
            if ep == "stop":
                return
            f.write(",".join(str(v) for v in [ep, tr, vl, vm, l]) + "\n"); f.flush()
        closers.append(f.close)
    elif fmt == "jsonl":
        f = open(os.path.join(d, "log.jsonl"), "a" if attempt > 1 else "w")

        def log(ep, n, tr, vl, vm, l, st):
            if ep == "stop":
                f.write(json.dumps({"event": "early_stop", "step": st}) + "\n"); f.flush(); return
            f.write(json.dumps({"epoch": ep, "step": st, "loss": tr, "eval_loss": vl,
                                "eval_" + METRIC_NAME[task]: vm, "learning_rate": l}) + "\n"); f.flush()
        closers.append(f.close)
    elif fmt == "tb":
        if writer == "tbx":
            from tensorboardX import SummaryWriter
        else:
            from torch.utils.tensorboard import SummaryWriter
        w = SummaryWriter(d)
        mname = METRIC_NAME[task]

        def log(ep, n, tr, vl, vm, l, st):
            if ep == "stop":
                return
            w.add_scalar("Loss/train", tr, ep); w.add_scalar("Loss/valid", vl, ep)
            w.add_scalar(f"Metric/valid_{mname}", vm, ep); w.add_scalar("LR", l, ep); w.flush()
        if kw.pop("step_scalars", False):
            def step_log(step, ep, loss, l):
                if step % 10 == 0:
                    w.add_scalar("Loss/train_step", loss, step)
        closers.append(w.close)
    fit(model, (Xtr, ytr, Xva, yva), task, o, epochs, bs=bs, log=log, sched=s, sched_per=sched_per,
        step_log=step_log, plateau=plateau, loss_fn=loss_fn, kill_at=kill_at, **kw)
    for c in closers:
        c()


def lightning_run(out, name, ds, lr=1e-3, epochs=25, sched=None, freeze=False, max_epochs=None, opt="adam",
                  wd=0.0, n_tr=None, dropout=0.0):
    import torch, numpy as np, lightning as L
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.callbacks import LearningRateMonitor
    L.seed_everything(SEED, verbose=False)
    task = TASK[ds]
    Xtr, ytr, Xva, yva = DATA[ds](**({"n_tr": n_tr} if n_tr else {}))
    net = make_model("gru", task, dropout=dropout)
    if freeze:      # "fine-tune only the head": froze everything, forgot to unfreeze the head too
        for p in net.parameters():
            p.requires_grad = False
        if task != "seq":
            net[-1].bias.requires_grad = True
        else:
            net.head.bias.requires_grad = True
    lf = task_loss(task)

    class Mod(L.LightningModule):
        def __init__(self):
            super().__init__(); self.net = net

        def training_step(self, b, i):
            x, y = b
            loss = lf(self.net(x), y)
            self.log("train_loss", loss, on_step=False, on_epoch=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            o = self.net(x)
            self.log("val_loss", lf(o, y))
            self.log("val_" + METRIC_NAME[task], task_metric(task, o, y))

        def configure_optimizers(self):
            ps = [p for p in self.parameters() if p.requires_grad]
            o = torch.optim.Adam(ps, lr=lr, weight_decay=wd) if opt == "adam" else torch.optim.SGD(ps, lr=lr, momentum=0.9)
            if sched == "cosine":
                return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.CosineAnnealingLR(o, T_max=epochs)}
            if sched == "plateau":
                return {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(o, factor=0.3, patience=2), "monitor": "val_loss"}}
            return o
    from torch.utils.data import TensorDataset, DataLoader
    tl = DataLoader(TensorDataset(torch.as_tensor(Xtr), torch.as_tensor(ytr)), batch_size=64, shuffle=True)
    vl = DataLoader(TensorDataset(torch.as_tensor(Xva), torch.as_tensor(yva)), batch_size=1000)
    tr = L.Trainer(max_epochs=max_epochs or epochs, logger=CSVLogger(out, name="", version=""),
                   callbacks=[LearningRateMonitor("epoch")], enable_progress_bar=False,
                   enable_checkpointing=False, enable_model_summary=False, accelerator="cpu", devices=1)
    tr.fit(Mod(), tl, vl)
    for fn in os.listdir(out):
        if fn.endswith(".yaml"):
            pass


def keras_run(out, name, ds, lr=1e-3, epochs=30, opt="adam", n_tr=None, kind="csvlogger", es=False,
              final_softmax_from_logits=False, width=64):
    os.environ["KERAS_BACKEND"] = "torch"
    import keras, numpy as np
    keras.utils.set_random_seed(SEED)
    task = TASK[ds]
    Xtr, ytr, Xva, yva = DATA[ds](**({"n_tr": n_tr} if n_tr else {}))
    d_out = {"cls": 5, "reg": 1, "ml": 6}[task]
    act = {"cls": "softmax" if final_softmax_from_logits else None, "reg": None, "ml": "sigmoid"}[task]
    m = keras.Sequential([keras.Input((Xtr.shape[1],)), keras.layers.Dense(width, activation="relu"),
                          keras.layers.Dense(width, activation="relu"), keras.layers.Dense(d_out, activation=act)])
    if task == "cls":
        loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True); metrics = ["accuracy"]
    elif task == "reg":
        loss = "mse"; metrics = ["mae"]
    else:
        loss = "binary_crossentropy"; metrics = [keras.metrics.BinaryAccuracy(name="bin_acc")]
    o = keras.optimizers.Adam(lr) if opt == "adam" else keras.optimizers.SGD(lr)
    m.compile(optimizer=o, loss=loss, metrics=metrics)
    cbs = []
    os.makedirs(out, exist_ok=True)
    if kind == "csvlogger":
        cbs.append(keras.callbacks.CSVLogger(os.path.join(out, "training.log")))
    if es:
        cbs.append(keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True))
        cbs.append(keras.callbacks.ReduceLROnPlateau(factor=0.5, patience=2))
    h = m.fit(Xtr, ytr, validation_data=(Xva, yva), epochs=epochs, batch_size=64, verbose=0, callbacks=cbs)
    hist = {k: [float(v) for v in vs] for k, vs in h.history.items()}
    if kind == "json":
        json.dump(hist, open(os.path.join(out, "history.json"), "w"), indent=1)
    elif kind == "histcsv":
        import pandas as pd
        pd.DataFrame(hist).to_csv(os.path.join(out, "history.csv"), index_label="epoch")


def hf_run(out, name, arch, lr=5e-4, epochs=8, warmup_ratio=0.1, sched="linear", wd=0.0):
    import torch, numpy as np, transformers as T
    T.set_seed(SEED)
    Xtr, ytr, Xva, yva = data_ballot()
    small = dict(vocab_size=12, num_labels=3, pad_token_id=0)
    if arch == "squeezebert":
        cfg = T.SqueezeBertConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                                  embedding_size=48, max_position_embeddings=32, q_groups=1, k_groups=1, v_groups=1,
                                  post_attention_groups=1, intermediate_groups=1, output_groups=1, **small)
        model = T.SqueezeBertForSequenceClassification(cfg)
    elif arch == "megatronbert":
        cfg = T.MegatronBertConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                                   max_position_embeddings=32, **small)
        model = T.MegatronBertForSequenceClassification(cfg)
    elif arch == "nystromformer":
        cfg = T.NystromformerConfig(hidden_size=48, num_hidden_layers=2, num_attention_heads=4, intermediate_size=96,
                                    max_position_embeddings=40, num_landmarks=4, segment_means_seq_len=20, **small)
        model = T.NystromformerForSequenceClassification(cfg)
    else:  # stablelm
        cfg = T.StableLmConfig(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=4,
                               intermediate_size=96, max_position_embeddings=32, **small)
        model = T.StableLmForSequenceClassification(cfg)

    class DS(torch.utils.data.Dataset):
        def __init__(s, X, y): s.X, s.y = X, y
        def __len__(s): return len(s.X)
        def __getitem__(s, i):
            return {"input_ids": torch.tensor(s.X[i] + 1), "attention_mask": torch.ones(len(s.X[i]), dtype=torch.long),
                    "labels": torch.tensor(int(s.y[i]))}

    def cm(p):
        return {"accuracy": float((p.predictions.argmax(-1) == p.label_ids).mean())}
    tmp = f"/tmp/nu32_hf_{name}"
    args = T.TrainingArguments(output_dir=tmp, num_train_epochs=epochs, per_device_train_batch_size=32,
                               per_device_eval_batch_size=128, learning_rate=lr, warmup_steps=int(warmup_ratio * epochs * 29),
                               lr_scheduler_type=sched, weight_decay=wd, eval_strategy="epoch", logging_steps=7,
                               save_strategy="no", report_to=[], seed=SEED, use_cpu=True, disable_tqdm=True)
    tr = T.Trainer(model=model, args=args, train_dataset=DS(Xtr, ytr), eval_dataset=DS(Xva, yva), compute_metrics=cm)
    tr.train()
    tr.save_state()
    os.makedirs(out, exist_ok=True)
    shutil.copy(os.path.join(tmp, "trainer_state.json"), os.path.join(out, "trainer_state.json"))
    shutil.rmtree(tmp, ignore_errors=True)


RUNS = {}


def R(key, fn, attempts=1, **kw):
    RUNS[key] = (fn, attempts, kw)


# --- text (15)
R("text/lattice_mlp_adam_lr5", torch_run, ds="lattice", lr=5.0, epochs=30, style="A")  # typo 5 for 5e-3
R("text/kiln_mlp_cosine", torch_run, ds="kiln", lr=3e-3, epochs=40, sched="cosine", style="B", wd=1e-4)
R("text/ledger_rnn_sgd_noclip", torch_run, ds="ledger", kind="rnn", opt="sgd", lr=0.5, momentum=0.9, epochs=20, style="C")
R("text/pantry_mlp_warmup", torch_run, ds="pantry", lr=2e-3, epochs=30, style="D", warmup_steps=150, base_lr=2e-3,
  sched="cosine", dropout=0.1)
R("text/lattice_mlp_no_zero_grad", torch_run, ds="lattice", opt="sgd", lr=0.05, epochs=30, style="E", zero_grad=False, every=25)
R("text/kiln_mlp_sgd_lr_1e6", torch_run, ds="kiln", opt="sgd", lr=1e-6, epochs=30, style="A")
R("text/lattice_mlp_sigkill", torch_run, ds="lattice", lr=1e-3, epochs=40, style="B", kill_at=14)
R("text/ledger_gru_relaunch_append", torch_run, attempts=2, ds="ledger", kind="gru", lr=3e-3, epochs=20, style="D", clip=1.0)
R("text/lattice_mlp_120rows", torch_run, ds="lattice", n_tr=120, width=256, lr=2e-3, epochs=150, style="C")
R("text/kiln_mlp_stepdecay", torch_run, ds="kiln", opt="sgd", lr=0.05, momentum=0.9, epochs=36, sched="step", step_size=12,
  gamma=0.2, style="E", every=30)
R("text/pantry_mlp_plateau", torch_run, ds="pantry", lr=3e-3, epochs=35, sched="plateau", style="A")
R("text/lattice_mlp_labels_shuffled", torch_run, ds="lattice", lr=1e-3, epochs=30, style="D", data_fault="shuffle_labels")
R("text/ledger_gru_clip", torch_run, ds="ledger", kind="gru", lr=4e-3, epochs=20, style="B", clip=0.5)
R("text/kiln_mlp_earlystop", torch_run, ds="kiln", lr=2e-3, epochs=80, style="C", early_stop=6, width=128)
R("text/lattice_mlp_wd_half", torch_run, ds="lattice", opt="adamw", lr=1e-3, wd=50.0, epochs=30, style="E", every=32)
# --- csv / jsonl (9)
R("csv/kiln_mlp_rmsle_raw_preds", torch_run, fmt_="csv", ds="kiln", lr=1e-3, epochs=30, loss_fn="rmsle")
R("csv/lattice_mlp_onecycle", torch_run, fmt_="csv", ds="lattice", lr=5e-3, epochs=30, sched="onecycle", bn=True)
R("jsonl/pantry_mlp_sigmoid_then_bcelogits", torch_run, fmt_="jsonl", ds="pantry", lr=1e-3, epochs=30, loss_fn="bce_on_sigmoid")
R("jsonl/ledger_lstm_cosine", torch_run, fmt_="jsonl", ds="ledger", kind="lstm", lr=5e-3, epochs=20, sched="cosine", clip=1.0)
R("csv/lattice_mlp_mse_on_class_ids", torch_run, fmt_="csv", ds="lattice", lr=1e-3, epochs=30, loss_fn="mse_on_ids")
R("jsonl/kiln_mlp_val_is_train", torch_run, fmt_="jsonl", ds="kiln", lr=2e-3, epochs=40, width=256, n_tr=200,
  data_fault="val_from_train")
R("csv/pantry_mlp_frozen_body", torch_run, fmt_="csv", ds="pantry", lr=1e-3, epochs=30, freeze_body=True, width=8)
R("jsonl/lattice_mlp_dropout_wd", torch_run, fmt_="jsonl", ds="lattice", opt="adamw", lr=2e-3, wd=0.05, dropout=0.2, epochs=35,
  sched="cosine")
R("csv/ledger_gru_steplr_per_batch", torch_run, fmt_="csv", ds="ledger", kind="gru", lr=3e-3, epochs=20, sched="step",
  step_size=5, gamma=0.1, sched_per="batch")
# --- tensorboard (9)
R("tb/lattice_mlp_warmup_cosine", torch_run, fmt_="tb", ds="lattice", lr=3e-3, epochs=35, warmup_steps=100, base_lr=3e-3,
  sched="cosine", step_scalars=True)
R("tb/kiln_mlp_sgd_unscaled_target", torch_run, fmt_="tb", ds="kiln", opt="sgd", lr=0.1, epochs=25, data_fault="unscaled_target")
R("tb/ledger_lstm_plateau", torch_run, fmt_="tb", ds="ledger", kind="lstm", lr=4e-3, epochs=22, sched="plateau", clip=1.0, writer="tbx")
R("tb/pantry_mlp_wd", torch_run, fmt_="tb", ds="pantry", opt="adamw", lr=2e-3, wd=1e-2, epochs=30, sched="step", step_size=12)
R("tb/lattice_mlp_never_eval_mode", torch_run, fmt_="tb", ds="lattice", lr=2e-3, epochs=30, dropout=0.5, bn=True,
  switch_modes=False, writer="tbx")
R("tb/kiln_mlp_val_leak_tiny", torch_run, fmt_="tb", ds="kiln", lr=3e-3, epochs=60, n_tr=150, width=256,
  data_fault="val_from_train", writer="tbx")
R("tb/pantry_mlp_150rows_big", torch_run, fmt_="tb", ds="pantry", n_tr=150, width=512, lr=2e-3, epochs=120, writer="tbx")
R("tb/ledger_gru_half_adam", torch_run, fmt_="tb", ds="ledger", kind="gru", lr=1e-3, epochs=15, half=True)
R("tb/kiln_mlp_plateau_bn", torch_run, fmt_="tb", ds="kiln", lr=3e-3, epochs=40, bn=True, sched="plateau", step_scalars=True)
# --- lightning (6)
R("lightning/lattice_mlp", lightning_run, ds="lattice", lr=2e-3, epochs=25, dropout=0.1)
R("lightning/kiln_mlp_cosine", lightning_run, ds="kiln", lr=3e-3, epochs=30, sched="cosine")
R("lightning/pantry_mlp_adam_lr3", lightning_run, ds="pantry", lr=3.0, epochs=25)
R("lightning/ledger_gru_head_bias_only", lightning_run, ds="ledger", lr=3e-3, epochs=15, freeze=True)
R("lightning/lattice_mlp_cosine_cut_short", lightning_run, ds="lattice", lr=3e-3, epochs=80, sched="cosine", max_epochs=16)
R("lightning/ledger_gru_plateau", lightning_run, ds="ledger", lr=4e-3, epochs=18, sched="plateau")
# --- keras (6)
R("keras/lattice_dense_csvlogger", keras_run, ds="lattice", lr=1e-3, epochs=30, kind="csvlogger")
R("keras/kiln_dense_sgd_1e6", keras_run, ds="kiln", lr=1e-6, opt="sgd", epochs=30, kind="json")
R("keras/pantry_dense_histcsv", keras_run, ds="pantry", lr=1e-3, epochs=30, kind="histcsv")
R("keras/lattice_dense_100rows", keras_run, ds="lattice", n_tr=100, width=256, lr=2e-3, epochs=150, kind="csvlogger")
R("keras/kiln_dense_earlystop", keras_run, ds="kiln", lr=3e-3, epochs=100, kind="json", es=True)
R("keras/lattice_softmax_from_logits", keras_run, ds="lattice", lr=1e-3, epochs=30, kind="csvlogger", final_softmax_from_logits=True)
# --- hf (4)
R("hf/squeezebert_ballot", hf_run, arch="squeezebert", lr=1e-3, epochs=8)
R("hf/megatronbert_ballot_lr05", hf_run, arch="megatronbert", lr=0.5, epochs=8)
R("hf/nystromformer_ballot_cosine", hf_run, arch="nystromformer", lr=1e-3, epochs=8, sched="cosine")
R("hf/stablelm_ballot_lr1e7", hf_run, arch="stablelm", lr=1e-7, epochs=8)


def worker(key, attempt):
    fn, attempts, kw = RUNS[key]
    kw = dict(kw)
    fmt, name = key.split("/")
    out = os.path.join(RUNS_DIR, fmt, name)
    if fn is torch_run:
        f = kw.pop("fmt_", "text")
        if attempts > 1 and attempt == 1:
            kw["kill_at"] = 8       # first launch died (OOM-killer style SIGKILL) at epoch 8
        fn(out, f, name, attempt=attempt, **kw)
    else:
        fn(out, name, **kw)


def launch(key):
    fn, attempts, kw = RUNS[key]
    fmt, name = key.split("/")
    out = os.path.join(RUNS_DIR, fmt, name)
    shutil.rmtree(out, ignore_errors=True); os.makedirs(out)
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", KERAS_BACKEND="torch", PYTHONHASHSEED="0",
               TOKENIZERS_PARALLELISM="false", HF_HUB_OFFLINE="1")
    t0 = time.time()
    for a in range(1, attempts + 1):
        if fmt == "text":
            so = open(os.path.join(out, "train.log"), "a")     # `python train.py >> train.log`
        else:
            so = open(f"/tmp/nu32_{name}.stdout", "a")
        se = open(f"/tmp/nu32_{name}.stderr", "a")
        rc = subprocess.call([sys.executable, os.path.abspath(__file__), "--worker", key, "--attempt", str(a)],
                             stdout=so, stderr=se, env=env)
        so.close(); se.close()
    return key, rc, time.time() - t0


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--only"); ap.add_argument("--worker"); ap.add_argument("--attempt", type=int, default=1)
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()
    if a.worker:
        worker(a.worker, a.attempt)
        sys.exit(0)
    keys = [a.only] if a.only else list(RUNS)
    with ThreadPoolExecutor(a.j) as ex:
        for key, rc, dt in ex.map(launch, keys):
            print(f"{key}: rc={rc} {dt:.1f}s", flush=True)
