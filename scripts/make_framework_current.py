"""Make training outputs with the CURRENT framework versions, to check what curvedoc reads.

Not part of the test suite (it needs torch and every framework below, and trains): the tests read the small
copies committed under tests/data/framework_current/. Run it in a separate venv that holds the frameworks:

    python3 -m venv /work/venv-fw && /work/venv-fw/bin/pip install torch wandb dvclive mlflow tensorboard \
        tensorboardX lightning keras transformers accelerate stable-baselines3 gymnasium ultralytics
    OMP_NUM_THREADS=1 /work/venv-fw/bin/python scripts/make_framework_current.py OUT [case ...]

OUT belongs outside any git checkout: inside one, DVCLive initialises DVC at the repository's root (.dvc/, .dvcignore).

Every training is tiny (seconds on one core), seeded, on synthetic data with models built from configs: nothing is
downloaded at run time. Each case runs in its own process (a killed run ends it with os._exit, as a SIGKILL or an
OOM kill would: no logger gets to close its files). OUT/manifest.json lists, per case, the folder a user would point
curvedoc at, what the run is (healthy, lr-too-high, killed, overfit) and the versions that wrote it.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

K = 10  # classes of the synthetic task: chance loss log(10) = 2.303
DIM = 32


# --------------------------------------------------------------------------------------------- shared pieces
def data(seed: int = 0, n_train: int = 2000, n_val: int = 500, noise: float = 2.2):
    import torch

    g = torch.Generator().manual_seed(seed)
    means = torch.randn(K, DIM, generator=g) * 1.0
    def draw(n):
        y = torch.randint(0, K, (n,), generator=g)
        x = means[y] + noise * torch.randn(n, DIM, generator=g) / math.sqrt(DIM) * 3
        return x, y
    return draw(n_train), draw(n_val)


def mlp(hidden: int = 64):
    import torch.nn as nn

    return nn.Sequential(nn.Linear(DIM, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, K))


def killed():
    """End the process as a kill would: no atexit, no logger close."""
    sys.stdout.flush()
    os._exit(137)


def torch_loop(log, *, lr, steps=300, eval_every=30, kill_at=None, opt="sgd", n_train=2000, hidden=64, bs=32,
               seed=0):
    """A plain training loop; log(kind, step, dict) receives train and val records."""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    (xt, yt), (xv, yv) = data(seed, n_train=n_train)
    model = mlp(hidden)
    o = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9) if opt == "sgd" else \
        torch.optim.Adam(model.parameters(), lr=lr)
    sched = torch.optim.lr_scheduler.OneCycleLR(o, max_lr=lr, total_steps=steps, pct_start=0.1)
    g = torch.Generator().manual_seed(seed)
    for step in range(1, steps + 1):
        idx = torch.randint(0, len(xt), (bs,), generator=g)
        loss = F.cross_entropy(model(xt[idx]), yt[idx])
        o.zero_grad()
        loss.backward()
        gn = torch.nn.utils.clip_grad_norm_(model.parameters(), 1e9)
        cur_lr = sched.get_last_lr()[0]
        o.step()
        sched.step()
        log("train", step, {"loss": loss.item(), "lr": cur_lr, "grad_norm": float(gn)})
        if step % eval_every == 0:
            with torch.no_grad():
                out = model(xv)
                vl = F.cross_entropy(out, yv).item()
                acc = (out.argmax(1) == yv).float().mean().item()
            log("val", step, {"loss": vl, "acc": acc})
        if kill_at and step == kill_at:
            killed()


# --------------------------------------------------------------------------------------------- tensorboard
def tb_plain(out: Path, case: str):
    from torch.utils.tensorboard import SummaryWriter

    w = SummaryWriter(log_dir=str(out / "runs" / "exp1"))
    lr = {"healthy": 0.05, "lr_high": 3.0}[case]

    def log(kind, step, d):
        for k, v in d.items():
            w.add_scalar(f"{kind}/{k}", v, step)
    torch_loop(log, lr=lr)
    w.close()
    return out / "runs" / "exp1"


def tbx(out: Path, case: str):
    from tensorboardX import SummaryWriter

    w = SummaryWriter(logdir=str(out / "runs" / "exp1"))
    lr = {"healthy": 0.05, "killed": 0.05}[case]

    def log(kind, step, d):
        for k, v in d.items():
            w.add_scalar(f"{kind}/{k}", v, step)
        w.flush()
    torch_loop(log, lr=lr, kill_at=150 if case == "killed" else None)
    w.close()
    return out / "runs" / "exp1"


# --------------------------------------------------------------------------------------------- wandb
def wandb_run(out: Path, case: str):
    os.environ["WANDB_MODE"] = "offline"
    os.environ["WANDB_SILENT"] = "true"
    import wandb

    lr = {"healthy": 0.05, "lr_high": 3.0, "killed": 0.05}[case]
    run = wandb.init(project="fw", dir=str(out), config={"lr": lr, "steps": 300, "batch_size": 32})

    def log(kind, step, d):
        wandb.log({f"{kind}/{k}": v for k, v in d.items()}, step=step)
    torch_loop(log, lr=lr, kill_at=150 if case == "killed" else None)
    run.finish()
    return out / "wandb"


# --------------------------------------------------------------------------------------------- dvclive
def dvclive_run(out: Path, case: str):
    from dvclive import Live

    lr = {"healthy": 0.05, "lr_high": 3.0}[case]
    os.chdir(out)  # DVCLive writes dvc.yaml into the working folder
    with Live(dir=str(out / "dvclive"), save_dvc_exp=False) as live:
        live.log_params({"lr": lr, "steps": 300})
        state = {"step": 0}

        def log(kind, step, d):
            if kind == "val":
                for k, v in d.items():
                    live.log_metric(f"val/{k}", v)
                return
            while state["step"] < step - 1:
                live.next_step()
                state["step"] += 1
            for k, v in d.items():
                live.log_metric(f"train/{k}", v)
            if step % 30 != 0:
                live.next_step()
                state["step"] += 1
        def log2(kind, step, d):
            log(kind, step, d)
            if kind == "val":
                live.next_step()
                state["step"] += 1
        torch_loop(log2, lr=lr)
    return out / "dvclive"


# --------------------------------------------------------------------------------------------- mlflow
def mlflow_run(out: Path, case: str):
    import mlflow

    store = {"file_healthy": "file", "file_killed": "file", "sqlite_healthy": "sqlite", "sqlite_lr_high": "sqlite"}[case]
    if store == "file":
        # mlflow 3.x refuses a new file store unless asked for it (the practitioner's opt-out)
        os.environ["MLFLOW_ALLOW_FILE_STORE"] = "true"
        uri = "file:" + str(out / "mlruns")
        point = out / "mlruns"
    else:
        uri = "sqlite:///" + str(out / "mlflow.db")
        point = out / "mlflow.db"
    mlflow.set_tracking_uri(uri)
    mlflow.set_experiment("fw")
    lr = 3.0 if case.endswith("lr_high") else 0.05
    with mlflow.start_run(run_name=case):
        mlflow.log_params({"lr": lr, "steps": 300})

        def log(kind, step, d):
            mlflow.log_metrics({f"{kind}_{k}": v for k, v in d.items()}, step=step)
        torch_loop(log, lr=lr, kill_at=150 if case.endswith("killed") else None)
    return point


# --------------------------------------------------------------------------------------------- lightning
def lightning_run(out: Path, case: str):
    import torch
    import torch.nn.functional as F
    import lightning as L
    from lightning.pytorch.callbacks import LearningRateMonitor, Callback
    from lightning.pytorch.loggers import CSVLogger, TensorBoardLogger, MLFlowLogger, WandbLogger

    L.seed_everything(0, workers=True)
    small = case.startswith("small_")  # the committed test fixtures: the same logging, a few KB
    case = case.removeprefix("small_")
    n_train = 64 if case == "overfit" else 320 if small else 2000
    (xt, yt), (xv, yv) = data(0, n_train=n_train, noise=4.0 if case == "overfit" else 2.2)
    hidden = 512 if case == "overfit" else 64
    lr = 3.0 if case == "lr_high" else 0.05

    class M(L.LightningModule):
        def __init__(self, lr, hidden):
            super().__init__()
            self.save_hyperparameters()
            self.net = mlp(hidden)

        def training_step(self, b, i):
            x, y = b
            loss = F.cross_entropy(self.net(x), y)
            self.log("train_loss", loss, on_step=True, on_epoch=True, prog_bar=True)
            return loss

        def validation_step(self, b, i):
            x, y = b
            out = self.net(x)
            self.log("val_loss", F.cross_entropy(out, y), on_epoch=True)
            self.log("val_acc", (out.argmax(1) == y).float().mean(), on_epoch=True)

        def configure_optimizers(self):
            o = torch.optim.SGD(self.parameters(), lr=self.hparams.lr, momentum=0.9)
            gamma = 1.0 if case == "overfit" else 0.5  # the overfitting run keeps its LR: nothing slows it down
            return {"optimizer": o, "lr_scheduler": torch.optim.lr_scheduler.StepLR(o, 5, gamma)}

    class Kill(Callback):
        def on_train_epoch_end(self, trainer, pm):
            if trainer.current_epoch == 3:
                killed()

    tl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(xt, yt), batch_size=32, shuffle=True)
    vl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(xv, yv), batch_size=256)
    if case == "mlflow":
        loggers = [MLFlowLogger(experiment_name="fw", tracking_uri="sqlite:///" + str(out / "mlflow.db"))]
        point = out / "mlflow.db"
    elif case == "wandb":
        os.environ["WANDB_MODE"] = "offline"
        os.environ["WANDB_SILENT"] = "true"
        loggers = [WandbLogger(project="fw", save_dir=str(out), offline=True)]
        point = out / "wandb"
    else:
        loggers = [CSVLogger(save_dir=str(out)), TensorBoardLogger(save_dir=str(out))]
        point = out / "lightning_logs"
    cbs = [LearningRateMonitor("step")] + ([Kill()] if case == "killed" else [])
    epochs = {"overfit": 40, "killed": 10}.get(case, 3 if small else 8)
    t = L.Trainer(max_epochs=epochs, logger=loggers, callbacks=cbs, log_every_n_steps=5, accelerator="cpu",
                  enable_progress_bar=False, default_root_dir=str(out), deterministic=True)
    t.fit(M(lr, hidden), tl, vl)
    if case == "wandb":
        import wandb
        wandb.finish()
    return point


# --------------------------------------------------------------------------------------------- keras
def keras_run(out: Path, case: str):
    os.environ["KERAS_BACKEND"] = "torch"
    import keras
    import numpy as np

    keras.utils.set_random_seed(0)
    small = case.startswith("small_")
    case = case.removeprefix("small_")
    n_train = 64 if case == "overfit" else 2000
    (xt, yt), (xv, yv) = data(0, n_train=n_train, noise=4.0 if case == "overfit" else 2.2)
    xt, yt, xv, yv = xt.numpy(), yt.numpy(), xv.numpy(), yv.numpy()
    hidden = 512 if case == "overfit" else 64
    lr = {"healthy": 0.01, "lr_high": 5.0, "overfit": 0.01}[case]
    model = keras.Sequential([keras.Input((DIM,)), keras.layers.Dense(hidden, activation="relu"),
                              keras.layers.Dense(hidden, activation="relu"), keras.layers.Dense(K)])
    model.compile(optimizer=keras.optimizers.Adam(lr),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    out.mkdir(parents=True, exist_ok=True)
    # keras.callbacks.TensorBoard needs tensorflow's summary writer (keras 3 has no other): left out
    cbs = [keras.callbacks.CSVLogger(str(out / "training.csv"))]
    epochs = 60 if case == "overfit" else 6 if small else 20
    h = model.fit(xt, yt, validation_data=(xv, yv), epochs=epochs, batch_size=32, callbacks=cbs, verbose=0)
    (out / "history.json").write_text(json.dumps(h.history))
    return out


# --------------------------------------------------------------------------------------------- transformers
def hf_run(out: Path, case: str):
    import torch
    from transformers import (BertConfig, BertForSequenceClassification, Trainer, TrainingArguments,
                              TrainerCallback, set_seed)

    set_seed(0)
    small = case.startswith("small_")  # the committed test fixtures: the same logging, a few KB
    case = case.removeprefix("small_")
    ncls = 4
    vocab = 64

    class DS(torch.utils.data.Dataset):
        def __init__(self, n, seed):
            g = torch.Generator().manual_seed(seed)
            self.x = torch.randint(5, vocab, (n, 16), generator=g)
            self.y = (self.x[:, :4].sum(1) % ncls)
            # make the label readable from a marker token at position 1
            self.x[:, 1] = self.y + 1
            flip = torch.rand(n, generator=g) < 0.15
            self.y = torch.where(flip, torch.randint(0, ncls, (n,), generator=g), self.y)

        def __len__(self):
            return len(self.y)

        def __getitem__(self, i):
            return {"input_ids": self.x[i], "attention_mask": torch.ones(16, dtype=torch.long), "labels": self.y[i]}

    cfg = BertConfig(vocab_size=vocab, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                     intermediate_size=64, max_position_embeddings=32, num_labels=ncls)
    model = BertForSequenceClassification(cfg)
    report = {"tb_healthy": "tensorboard", "tb_lr_high": "tensorboard", "tb_killed": "tensorboard",
              "mlflow": "mlflow", "dvclive": "dvclive", "wandb": "wandb"}[case]
    if report == "mlflow":
        # no tracking URI: mlflow's own default store, in the working folder (mlflow.db since 3.x)
        os.environ["MLFLOW_EXPERIMENT_NAME"] = "fw"
        os.chdir(out)
    if report == "wandb":
        os.environ["WANDB_MODE"] = "offline"
        os.environ["WANDB_SILENT"] = "true"
        os.environ["WANDB_DIR"] = str(out)
    if report == "dvclive":
        os.environ["HF_DVCLIVE_LOG_MODEL"] = "false"
        os.chdir(out)
    lr = 0.3 if case == "tb_lr_high" else 3e-3
    od = out / "output"
    args = TrainingArguments(output_dir=str(od), max_steps=40 if small else 150, per_device_train_batch_size=16,
                             per_device_eval_batch_size=64, learning_rate=lr, warmup_steps=10,
                             lr_scheduler_type="linear", logging_steps=5, eval_strategy="steps", eval_steps=10 if small else 25,
                             save_strategy="steps", save_steps=10 if small else 50, save_total_limit=2, report_to=[report],
                             seed=0, use_cpu=True, dataloader_num_workers=0, disable_tqdm=True)

    class Kill(TrainerCallback):
        def on_step_end(self, a, state, control, **kw):
            if state.global_step == (27 if small else 85):
                killed()

    tr = Trainer(model=model, args=args, train_dataset=DS(1200, 1), eval_dataset=DS(300, 2),
                 callbacks=[Kill()] if case == "tb_killed" else [])
    tr.train()
    tr.save_state()
    if report == "wandb":
        import wandb
        wandb.finish()
    if report == "mlflow":
        return next(p for p in (out / "mlflow.db", out / "mlruns") if p.exists())
    return {"tensorboard": od, "dvclive": out / "dvclive", "wandb": out / "wandb"}[report]


# --------------------------------------------------------------------------------------------- stable-baselines3
def sb3_run(out: Path, case: str):
    import gymnasium as gym
    from stable_baselines3 import PPO
    from stable_baselines3.common.logger import configure
    from stable_baselines3.common.monitor import Monitor

    out.mkdir(parents=True, exist_ok=True)
    small = case.startswith("small_")  # the committed test fixtures: the same logging, a few KB
    case = case.removeprefix("small_")
    lr = {"healthy": 3e-3, "lr_high": 0.5, "one_dir": 3e-3, "default_tb": 3e-3}[case]
    if case in ("one_dir", "default_tb"):
        # the docs' layout: Monitor and the logger in one log folder (monitor.csv + progress.csv + events), or
        # Monitor there and the default logger's tensorboard_log=<dir> (<dir>/PPO_1/)
        env = Monitor(gym.make("CartPole-v1"), str(out))
        model = PPO("MlpPolicy", env, learning_rate=lr, n_steps=256, batch_size=64, n_epochs=4, seed=0, verbose=0,
                    tensorboard_log=str(out) if case == "default_tb" else None, device="cpu")
        if case == "one_dir":
            model.set_logger(configure(str(out), ["csv", "tensorboard"]))
        model.learn(total_timesteps=2560 if small else 12000)
        return out
    env = Monitor(gym.make("CartPole-v1"), str(out / "monitor"))
    model = PPO("MlpPolicy", env, learning_rate=lr, n_steps=256, batch_size=64, n_epochs=4, seed=0, verbose=0,
                tensorboard_log=str(out / "tb"), device="cpu")
    model.set_logger(configure(str(out / "sb3_log"), ["csv", "tensorboard", "log"]))
    model.learn(total_timesteps=12000)
    return out


# --------------------------------------------------------------------------------------------- ultralytics
def yolo_run(out: Path, case: str):
    import numpy as np
    from PIL import Image

    os.environ["YOLO_OFFLINE"] = "1"
    root = out / "data"
    rng = np.random.default_rng(0)
    for split, n in (("train", 16), ("val", 8)):
        (root / "images" / split).mkdir(parents=True, exist_ok=True)
        (root / "labels" / split).mkdir(parents=True, exist_ok=True)
        for i in range(n):
            img = (rng.random((64, 64, 3)) * 60).astype(np.uint8)
            lines = []
            for _ in range(rng.integers(1, 3)):
                c = int(rng.integers(0, 2))
                w, h = rng.integers(12, 28, 2)
                x0, y0 = rng.integers(0, 64 - w), rng.integers(0, 64 - h)
                img[y0:y0 + h, x0:x0 + w] = (230, 40, 40) if c == 0 else (40, 40, 230)
                lines.append(f"{c} {(x0 + w / 2) / 64:.4f} {(y0 + h / 2) / 64:.4f} {w / 64:.4f} {h / 64:.4f}")
            Image.fromarray(img).save(root / "images" / split / f"{i}.png")
            (root / "labels" / split / f"{i}.txt").write_text("\n".join(lines) + "\n")
    (root / "data.yaml").write_text(f"path: {root}\ntrain: images/train\nval: images/val\nnames:\n  0: red\n  1: blue\n")
    from ultralytics import YOLO

    model = YOLO("yolov8n.yaml")
    if case == "killed":
        def kill(trainer):
            if trainer.epoch == 1:
                killed()
        model.add_callback("on_fit_epoch_end", kill)
    model.train(data=str(root / "data.yaml"), epochs=3 if case == "healthy" else 5, imgsz=64, batch=8, workers=0,
                device="cpu", amp=False, plots=False, project=str(out / "runs" / "detect"), name="train",
                seed=0, deterministic=True, verbose=False, lr0=0.01)
    return out / "runs" / "detect" / "train"


CASES = {
    "tb_plain/healthy": (tb_plain, "healthy", "healthy"),
    "tb_plain/lr_high": (tb_plain, "lr_high", "lr-too-high"),
    "tensorboardX/healthy": (tbx, "healthy", "healthy"),
    "tensorboardX/killed": (tbx, "killed", "killed at step 150 of 300"),
    "wandb/healthy": (wandb_run, "healthy", "healthy"),
    "wandb/lr_high": (wandb_run, "lr_high", "lr-too-high"),
    "wandb/killed": (wandb_run, "killed", "killed at step 150 of 300"),
    "dvclive/healthy": (dvclive_run, "healthy", "healthy"),
    "dvclive/lr_high": (dvclive_run, "lr_high", "lr-too-high"),
    "mlflow/file_healthy": (mlflow_run, "file_healthy", "healthy"),
    "mlflow/file_killed": (mlflow_run, "file_killed", "killed at step 150 of 300"),
    "mlflow/sqlite_healthy": (mlflow_run, "sqlite_healthy", "healthy"),
    "mlflow/sqlite_lr_high": (mlflow_run, "sqlite_lr_high", "lr-too-high"),
    "lightning/healthy": (lightning_run, "healthy", "healthy"),
    "lightning/lr_high": (lightning_run, "lr_high", "lr-too-high"),
    "lightning/killed": (lightning_run, "killed", "killed after epoch 4 of 10"),
    "lightning/overfit": (lightning_run, "overfit", "overfit (64 samples)"),
    "lightning/mlflow": (lightning_run, "mlflow", "healthy"),
    "lightning/wandb": (lightning_run, "wandb", "healthy"),
    "keras/healthy": (keras_run, "healthy", "healthy"),
    "keras/lr_high": (keras_run, "lr_high", "lr-too-high"),
    "keras/overfit": (keras_run, "overfit", "overfit (64 samples)"),
    "hf/tb_healthy": (hf_run, "tb_healthy", "healthy"),
    "hf/tb_lr_high": (hf_run, "tb_lr_high", "lr-too-high"),
    "hf/tb_killed": (hf_run, "tb_killed", "killed at step 85 of 150"),
    "hf/mlflow": (hf_run, "mlflow", "healthy"),
    "hf/dvclive": (hf_run, "dvclive", "healthy"),
    "hf/wandb": (hf_run, "wandb", "healthy"),
    "sb3/healthy": (sb3_run, "healthy", "healthy"),
    "sb3/lr_high": (sb3_run, "lr_high", "lr-too-high"),
    "sb3/one_dir": (sb3_run, "one_dir", "healthy, Monitor + csv/tensorboard logger in one folder"),
    "sb3/default_tb": (sb3_run, "default_tb", "healthy, Monitor + tensorboard_log=<dir>"),
    # small copies of the outputs whose reading was fixed: committed under tests/data/framework_current/
    "small/lightning_csv_tb": (lightning_run, "small_healthy", "healthy, CSVLogger + TensorBoardLogger"),
    "small/lightning_wandb": (lightning_run, "small_wandb", "healthy, WandbLogger"),
    "small/hf_wandb": (hf_run, "small_wandb", "healthy, report_to wandb"),
    "small/hf_tb_killed": (hf_run, "small_tb_killed", "killed at step 27 of 40"),
    "small/hf_dvclive": (hf_run, "small_dvclive", "healthy, report_to dvclive"),
    "small/keras": (keras_run, "small_healthy", "healthy, CSVLogger + History json"),
    "small/sb3_default_tb": (sb3_run, "small_default_tb", "healthy, Monitor + tensorboard_log=<dir>, 2,560 steps"),
    "yolo/healthy": (yolo_run, "healthy", "healthy (3 epochs)"),
    "yolo/killed": (yolo_run, "killed", "killed after epoch 2 of 5"),
}

PACKAGES = ["torch", "tensorboard", "tensorboardX", "wandb", "dvclive", "mlflow", "mlflow-skinny", "lightning",
            "keras", "transformers", "accelerate", "stable-baselines3", "gymnasium", "ultralytics"]


def versions():
    from importlib.metadata import version, PackageNotFoundError

    got = {}
    for p in PACKAGES:
        try:
            got[p] = version(p)
        except PackageNotFoundError:
            pass
    return got


def main(argv):
    if argv and argv[0] == "--one":
        name, out = argv[1], Path(argv[2])
        import torch

        torch.set_num_threads(1)
        fn, case, _ = CASES[name]
        out.mkdir(parents=True, exist_ok=True)
        point = fn(out, case)
        (out / ".point").write_text(str(point))
        return 0
    root = Path(argv[0]).resolve()
    names = argv[1:] or list(CASES)
    manifest_path = root / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {"cases": {}}
    manifest["versions"] = versions()
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONHASHSEED="0", TOKENIZERS_PARALLELISM="false",
               HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", WANDB_MODE="offline", YOLO_OFFLINE="1")
    for name in names:
        out = root / name
        if out.exists():
            subprocess.run(["rm", "-rf", str(out)])
        t0 = time.time()
        p = subprocess.run([sys.executable, __file__, "--one", name, str(out)], env=env, capture_output=True,
                           text=True, timeout=900)
        (out).mkdir(parents=True, exist_ok=True)
        (root / (name.replace("/", "__") + ".log")).write_text(p.stdout + "\n---stderr---\n" + p.stderr)
        point = (out / ".point").read_text() if (out / ".point").exists() else None
        if point is None and p.returncode == 137:
            # a killed case: the folder its framework made is the same as the healthy twin's
            point = guess_point(name, out)
        manifest["cases"][name] = {"kind": CASES[name][2], "rc": p.returncode, "point": point,
                                   "seconds": round(time.time() - t0, 1)}
        print(f"{name:28s} rc={p.returncode:4d} {time.time() - t0:6.1f}s {point}", flush=True)
        manifest_path.write_text(json.dumps(manifest, indent=1))
    return 0


def guess_point(name, out: Path):
    fw = name.split("/")[0]
    return str({"tensorboardX": out / "runs" / "exp1", "wandb": out / "wandb", "mlflow": out / "mlruns",
                "lightning": out / "lightning_logs", "hf": out / "output",
                "yolo": out / "runs" / "detect" / "train"}.get(fw, out))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
