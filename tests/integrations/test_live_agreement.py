"""A live verdict equals the offline one: real tiny trainings on CPU in each framework, with the callbacks.

The property (issue 37): what a callback reports at a check on the first N logged points is what ``curvedoc
diagnose`` says of the framework's own log holding those N points (rules that judge a finished run aside), and
what it reports at the end is the offline diagnosis of the finished log. So at every check of a real training the
live findings are compared with the offline diagnosis of the framework's log as written at that moment (HF
``trainer_state.json`` from the Trainer's state, Lightning's ``CSVLogger`` ``metrics.csv``), and at the end with the
diagnosis of the files the framework wrote. Keras writes no per-batch log (its ``CSVLogger`` and ``History`` hold
one row per epoch, the callback reads every batch), so there the finished ``CSVLogger`` file is compared on what
both resolutions can judge: warnings and errors.

The trainings are an MLP (64-64-10) on a digits-like task (1,797 8x8 images, 10 classes, pixel values 0-16
standardised per pixel, 1,437 to train and 360 to validate; scikit-learn's digits is not a dependency), plain SGD,
batches of 32, the training loss logged every step, ``CurvedocCallback(every=10, stop_on="warning")``: a healthy
training (lr 0.05, validation every 50 steps in HF, 44 in Lightning, each epoch in Keras, 3 epochs) must run to its
end with no warning or error at any check, and a learning rate of 3 must be stopped at the first check after its
loss blows up. The variations (seeds 0-4, lr 0.01-0.1, validation every 20-100 steps, 5 epochs) are marked
``slow``. Each framework's tests skip with the reason when it is not installed; Keras runs on its torch backend.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from _helpers import hf_classifier, keras_on_torch

from curvedoc.engine import diagnose_run

EVERY = 10
N_TRAIN = 1437
BATCH = 32
STEPS_PER_EPOCH = math.ceil(N_TRAIN / BATCH)  # 45
BLOW_UP_LR = 3.0


def digits_like(seed: int = 0, n: int = 1797, k: int = 10, side: int = 8):
    """A stand-in for scikit-learn's digits: 8x8 images with whole pixel values 0-16, 10 classes drawn from fixed
    stroke patterns with per-image contrast and noise, standardised per pixel on the training part (as
    ``StandardScaler`` does). An MLP with SGD at 0.05 learns it in a few epochs (validation accuracy ~0.97 after 2),
    at 0.01 more slowly (~0.9 after 5); at 3 the loss blows up within the first epoch."""
    shapes = np.random.default_rng(1234)  # the classes' patterns are fixed; the seed draws the images
    protos = (shapes.random((k, side * side)) < 0.4) * shapes.uniform(6, 16, (k, side * side))
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    x = np.clip(np.round(protos[y] * rng.uniform(0.5, 1.0, (n, 1)) + rng.normal(0, 6.0, (n, side * side))), 0, 16)
    mu, sd = x[:N_TRAIN].mean(0), x[:N_TRAIN].std(0)
    x = (x - mu) / np.where(sd > 0, sd, 1.0)
    return x.astype(np.float32), y.astype(np.int64)


def _keys(findings) -> list[tuple]:
    """What must agree: each finding's rule, severity and the curve it is about (steps and numbers in the message
    are the same points read twice, but the key is what a user acts on)."""
    out = []
    for f in findings:
        ev = getattr(f, "evidence", None) or {}
        out.append((f.code, f.severity, str(ev.get("tag") or ev.get("curve") or "")))
    return sorted(out)


class Recorder:
    """Wraps a callback's checks: after each one, the live findings of that check and a copy of the framework's log
    as it stands (``snapshot()``, given by the test)."""

    def __init__(self, cb, snapshot):
        self.cb = cb
        self.diag = cb.diagnosis
        self.snapshot = snapshot
        self.checks: list[dict] = []
        inner = self.diag.check

        def check(step=None):
            stop = inner(step)
            rr = self.diag.monitor.reports.get(self.diag.live.name)
            self.checks.append({"step": step, "points": self.diag.live.points,
                                "live": _keys(rr.findings) if rr is not None else [],
                                "log": snapshot(), "stop": stop})
            return stop

        self.diag.check = check

    def bad(self) -> list[tuple]:
        """Warnings and errors reported at any check or at the end."""
        return [(f.code, f.severity, f.step, f.message) for f in self.diag.findings
                if f.severity in ("warning", "error")]


def _offline(path: Path, plan, *, live: bool, meta: dict | None = None):
    run = _load(path)
    run.meta.update(meta or {})
    run.meta["live"] = live
    return diagnose_run(run, plan, keep_run=False)


def _load(path: Path):
    from curvedoc.importers import load_all

    res = load_all(path)
    assert not res.failures, [f.reason for f in res.failures]
    assert len(res.runs) == 1, [r.name for r in res.runs]
    return res.runs[0]


def _check_same_run(rec: Recorder, path: Path, meta_keys=()):
    """The callback's run holds the points the framework's file holds: the same tags, each with the same values at
    the same steps, read as the same format (and the state's facts the rules read)."""
    live = rec.diag.live.snapshot(live=False)
    off = _load(path)
    assert live.source == off.source
    assert live.tags == off.tags
    for tag in off.tags:
        a, b = live.tag_series(tag), off.tag_series(tag)
        assert a.index.tolist() == b.index.tolist(), tag
        np.testing.assert_allclose(a.to_numpy(), b.to_numpy(), rtol=1e-6, equal_nan=True, err_msg=tag)
    for k in meta_keys:
        assert live.meta.get(k) == off.meta.get(k), k
    assert live.hparams == off.hparams


def _check_agreement(rec: Recorder, tmp_path: Path, write, meta: dict | None = None):
    """At every check the live findings equal the offline (live-mode) diagnosis of the log written so far."""
    plan = rec.diag.monitor.plan
    assert rec.checks, "the callback never checked"
    for i, c in enumerate(rec.checks):
        if c["log"] is None:
            continue
        d = tmp_path / f"check-{i}"
        d.mkdir()
        write(d, c["log"])
        off = _offline(d, plan, live=True, meta=meta)
        assert c["live"] == _keys(off.findings), (c["step"], c["live"], [f.message for f in off.findings])


class HealthyRunWarned(AssertionError):
    """A healthy training got a warning or an error (raised apart from agreement failures, so a known rule false
    alarm can be marked without hiding a disagreement between live and offline)."""


def _check_healthy(rec: Recorder, last_step: int, planned: int):
    bad = rec.bad()
    if rec.diag.stop_reason is not None or bad:
        raise HealthyRunWarned(f"stopped by {rec.diag.stop_reason and rec.diag.stop_reason.code}: {bad}")
    assert last_step >= planned, (last_step, planned)
    assert all(not c["stop"] for c in rec.checks)


def _onset(values: list[tuple[int, float]]) -> int | None:
    """The first logged step where the training loss is not finite or ten times its first value (a loss that
    started at log K and is now far above anything a classifier guessing uniformly would give)."""
    first = values[0][1] if values else math.nan
    for st, x in values:
        if not math.isfinite(x) or x > 10 * first:
            return int(st)
    return None


def _check_stopped_at_first_check_after(rec: Recorder, loss_tag: str):
    """Stopped by a divergence rule, at the latest at the first check whose points include the blow-up (a loss ten
    times its start, or not finite); a stop before the loss got that far must follow a real rise (3x its best)."""
    d = rec.diag
    assert d.stop_reason is not None, [(f.code, f.message) for f in d.findings]
    assert d.stop_reason.code in ("D001", "G001", "D002"), d.stop_reason.message
    stops = [c for c in rec.checks if c["stop"]]
    assert len(stops) == 1, [(c["step"], c["stop"]) for c in rec.checks]
    s = d.live.snapshot(live=False).tag_series(loss_tag)
    values = list(zip(s.index.tolist(), s.tolist()))
    onset = _onset(values)
    if onset is not None:
        after = [c for c in rec.checks if c["step"] is not None and c["step"] >= onset]
        assert after and after[0]["stop"], ([(c["step"], c["stop"]) for c in rec.checks], onset)
    else:
        seen = [x for st, x in values if st <= stops[0]["step"]]
        assert max(seen) > 3 * min(seen[: int(np.argmax(seen)) + 1]), seen


# ================================================================================================ HF Trainer
def _hf(tmp_path: Path, lr: float, *, seed: int = 0, eval_steps: int = 50, epochs: float = 3, logging_steps=1):
    torch = pytest.importorskip("torch", reason="torch not installed (pip install '.[integrations]')")
    pytest.importorskip("transformers", reason="transformers not installed (pip install '.[integrations]')")
    from transformers import Trainer, TrainingArguments

    from curvedoc.integrations.hf import CurvedocCallback

    x, y = digits_like(seed)
    rows = [{"x": torch.from_numpy(a), "labels": torch.tensor(b)} for a, b in zip(x, y)]
    out = tmp_path / "hf"
    args = TrainingArguments(output_dir=str(out), num_train_epochs=epochs, per_device_train_batch_size=BATCH,
                             per_device_eval_batch_size=360, learning_rate=lr, lr_scheduler_type="constant",
                             optim="sgd", max_grad_norm=0.0, logging_steps=logging_steps, eval_strategy="steps",
                             eval_steps=eval_steps, logging_nan_inf_filter=False, report_to="none",
                             save_strategy="no", use_cpu=True, disable_tqdm=True, remove_unused_columns=False,
                             seed=seed, dataloader_num_workers=0)
    torch.manual_seed(seed)
    cb = CurvedocCallback(every=EVERY, stop_on="warning")
    trainer = Trainer(model=hf_classifier(64, 64, 10), args=args, train_dataset=rows[:N_TRAIN],
                      eval_dataset=rows[N_TRAIN:], callbacks=[cb])
    scratch = tmp_path / "state-now.json"

    def state_now() -> str:  # the trainer_state.json a checkpoint saved now would hold
        trainer.state.save_to_json(str(scratch))
        return scratch.read_text()

    rec = Recorder(cb, state_now)
    trainer.train()
    trainer.save_state()  # the finished trainer_state.json, in the output folder
    return rec, trainer, out


def _write_state(d: Path, text: str) -> None:
    (d / "trainer_state.json").write_text(text)


def test_hf_healthy_run_is_quiet_and_agrees_with_its_trainer_state(tmp_path):
    rec, trainer, out = _hf(tmp_path, 0.05, eval_steps=50)
    _check_healthy(rec, trainer.state.global_step, 3 * STEPS_PER_EPOCH)
    _check_agreement(rec, tmp_path, _write_state)
    final = _offline(out, rec.diag.monitor.plan, live=False)
    assert _keys(rec.diag.monitor.reports[rec.diag.live.name].findings) == _keys(final.findings)
    # the summary row's mean train_loss is read as the file reads it (train_summary/train_loss), not as a training
    # loss; epoch once per step; the state's max_steps, logging and eval intervals as the file has them
    _check_same_run(rec, out, ("max_steps", "global_step", "logging_steps", "eval_steps", "num_train_epochs"))
    assert rec.diag.live.snapshot().roles["train_loss"] == "loss"


def test_hf_blow_up_is_stopped_at_the_first_check_after_it(tmp_path):
    rec, trainer, out = _hf(tmp_path, BLOW_UP_LR)
    _check_stopped_at_first_check_after(rec, "loss")
    assert trainer.state.global_step < 3 * STEPS_PER_EPOCH
    _check_agreement(rec, tmp_path, _write_state)
    _check_same_run(rec, out, ("max_steps", "global_step"))


# ================================================================================================ Lightning
def _lightning(tmp_path: Path, lr: float, *, seed: int = 0, val_every: int = 44, epochs: int = 3,
               log_every: int = 1):
    torch = pytest.importorskip("torch", reason="torch not installed (pip install '.[integrations]')")
    L = pytest.importorskip("lightning", reason="lightning not installed (pip install '.[integrations]')")
    from lightning.pytorch.loggers import CSVLogger

    from curvedoc.integrations.lightning import CurvedocCallback

    class Module(L.LightningModule):
        def __init__(self, lr: float):
            super().__init__()
            self.save_hyperparameters()
            self.net = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))

        def training_step(self, batch, batch_idx):
            loss = torch.nn.functional.cross_entropy(self.net(batch[0]), batch[1])
            self.log("train_loss", loss)
            return loss

        def validation_step(self, batch, batch_idx):
            logits = self.net(batch[0])
            self.log("val_loss", torch.nn.functional.cross_entropy(logits, batch[1]))
            self.log("val_acc", (logits.argmax(1) == batch[1]).float().mean())

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=self.hparams.lr)

    x, y = digits_like(seed)

    def loader(a, b, shuffle):
        ds = torch.utils.data.TensorDataset(torch.from_numpy(a), torch.from_numpy(b))
        return torch.utils.data.DataLoader(ds, batch_size=BATCH, shuffle=shuffle)

    torch.manual_seed(seed)
    logger = CSVLogger(str(tmp_path / "pl"), name="", version="")
    csv = Path(logger.log_dir) / "metrics.csv"
    cb = CurvedocCallback(every=EVERY, stop_on="warning")
    rec = Recorder(cb, lambda: csv.read_text() if csv.is_file() else None)
    trainer = L.Trainer(max_epochs=epochs, logger=logger, enable_checkpointing=False, enable_progress_bar=False,
                        enable_model_summary=False, accelerator="cpu", devices=1, callbacks=[cb],
                        log_every_n_steps=log_every, val_check_interval=val_every, check_val_every_n_epoch=None,
                        num_sanity_val_steps=0)
    trainer.fit(Module(lr), loader(x[:N_TRAIN], y[:N_TRAIN], True), loader(x[N_TRAIN:], y[N_TRAIN:], False))
    return rec, trainer, Path(logger.log_dir)


def _write_csv(d: Path, text: str) -> None:
    (d / "metrics.csv").write_text(text)


def test_lightning_healthy_run_is_quiet_and_agrees_with_its_csv_log(tmp_path):
    rec, trainer, log_dir = _lightning(tmp_path, 0.05, val_every=44)
    _check_healthy(rec, trainer.global_step, 3 * STEPS_PER_EPOCH)
    _check_agreement(rec, tmp_path, _write_csv)
    final = _offline(log_dir, rec.diag.monitor.plan, live=False)
    assert _keys(rec.diag.monitor.reports[rec.diag.live.name].findings) == _keys(final.findings)
    _check_same_run(rec, log_dir)
    run = rec.diag.live.snapshot()
    # a validation enters the run once, when Lightning logs it: one value per validation, not one per batch
    n_val = len(run.tag_series("val_loss"))
    assert n_val == (3 * STEPS_PER_EPOCH) // 44, n_val
    assert rec.diag.live.hparams.get("lr") == 0.05  # what CSVLogger writes to hparams.yaml
    assert trainer.loggers == [trainer.logger] and trainer.logger.name == ""  # the feed is gone, the user's stays


def test_lightning_blow_up_is_stopped_at_the_first_check_after_it(tmp_path):
    rec, trainer, log_dir = _lightning(tmp_path, BLOW_UP_LR)
    _check_stopped_at_first_check_after(rec, "train_loss")
    assert trainer.global_step < 3 * STEPS_PER_EPOCH
    _check_agreement(rec, tmp_path, _write_csv)
    _check_same_run(rec, log_dir)


# ================================================================================================ Keras 3
def _keras(tmp_path: Path, lr: float, *, seed: int = 0, epochs: int = 3):
    keras = keras_on_torch()
    from curvedoc.integrations.keras import CurvedocCallback

    keras.utils.set_random_seed(seed)
    x, y = digits_like(seed)
    model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(10)])
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=lr),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    cb = CurvedocCallback(every=EVERY, stop_on="warning")
    rec = Recorder(cb, lambda: None)
    csv = tmp_path / "keras" / "log.csv"
    csv.parent.mkdir()
    history = model.fit(x[:N_TRAIN], y[:N_TRAIN], batch_size=BATCH, epochs=epochs, verbose=0, shuffle=True,
                        validation_data=(x[N_TRAIN:], y[N_TRAIN:]), callbacks=[cb, keras.callbacks.CSVLogger(str(csv))])
    return rec, history, csv


def test_keras_healthy_run_is_quiet_and_agrees_with_its_csv_log(tmp_path):
    rec, history, csv = _keras(tmp_path, 0.05)
    _check_healthy(rec, rec.cb.step, 3 * STEPS_PER_EPOCH)
    final = _offline(csv, rec.diag.monitor.plan, live=False)
    assert [k for k in _keys(final.findings) if k[1] != "info"] == []
    run = rec.diag.live.snapshot()
    # the batch values are per-batch losses, not the epoch's running means: their mean over an epoch is the epoch's
    # loss Keras reports (the running mean at its last batch), and they fall within the epoch where running means lag
    loss = run.tag_series("loss").to_numpy()
    for e, logged in enumerate(history.history["loss"]):
        part = loss[e * STEPS_PER_EPOCH:(e + 1) * STEPS_PER_EPOCH]
        assert len(part) == STEPS_PER_EPOCH
        assert abs(float(part.mean()) - logged) < 1e-3 * logged, (e, float(part.mean()), logged)
    assert len(run.tag_series("val_loss")) == 3  # one validation per epoch, at the epoch's last step


def test_keras_blow_up_is_stopped_at_the_first_check_after_it(tmp_path):
    rec, history, _ = _keras(tmp_path, BLOW_UP_LR)
    _check_stopped_at_first_check_after(rec, "loss")
    assert rec.cb.step < 3 * STEPS_PER_EPOCH


def test_keras_running_means_become_the_values_of_the_batches_they_cover():
    """Keras passes each batch the running mean of the epoch so far; with ``steps_per_execution`` a call covers
    several batches. The callback records, at each call, the mean of the batches since the previous call -- a
    per-batch loss, never a running mean -- and starts again at each epoch."""
    keras_on_torch()
    from curvedoc.integrations.keras import CurvedocCallback

    losses = [[4.0, 2.0, 3.0, 1.0, 1.0, 1.0], [2.0, 1.0, 3.0, 5.0, 4.0, 6.0]]
    cb = CurvedocCallback(every=1000, stop_on="never")
    for epoch, batch_losses in enumerate(losses):
        cb.on_epoch_begin(epoch)
        running = np.cumsum(batch_losses) / np.arange(1, len(batch_losses) + 1)
        for b in (2, 5):  # three batches per call
            cb.on_train_batch_end(b, {"loss": float(running[b]), "note": "not a number"})
        cb.on_epoch_end(epoch, {"loss": float(running[-1]), "val_loss": 1.5 + epoch})
    run = cb.diagnosis.live.snapshot()
    assert run.tag_series("loss").tolist() == pytest.approx([3.0, 1.0, 2.0, 5.0])  # (4+2+3)/3, (1+1+1)/3 ...
    assert run.tag_series("val_loss").to_dict() == {1: 1.5, 3: 2.5}  # at each epoch's last recorded step
    assert "note" not in run.tags


# ================================================================================================ variations
# seeds 0-4, learning rates 0.01-0.1, validation every 20-100 steps (Keras: each epoch), five epochs (225 steps)
VARIATIONS = [(0, 0.01, 20), (1, 0.03, 100), (2, 0.1, 44), (3, 0.05, 30), (4, 0.07, 60)]
# Where the rules themselves (not the callbacks) would warn on a healthy run, the live verdict equals the offline one
# on the log written so far (checked before the quiet-run assertion). A known rule false alarm would be listed in
# _known as a strict xfail, so that a fixed rule shows up as an unexpected pass; there is none today: constant-loss's
# noisy test and initial-loss-off's double-softmax floor are whole_run_checks in the rule data (judged at the end).


def _known(framework: str, seed: int, lr: float, val_every: int | None = None):
    # both checks are whole_run_checks in the rule data (constant-loss's 'flat-within-noise' unless the LR is 0,
    # initial-loss-off's 'double-softmax'): no variation is a known false alarm any more
    reasons: dict = {}
    why = reasons.get((framework, seed, lr, val_every))
    args = (seed, lr) if val_every is None else (seed, lr, val_every)
    if why is None:
        return pytest.param(*args)
    return pytest.param(*args, marks=pytest.mark.xfail(reason=why, strict=True, raises=HealthyRunWarned))


@pytest.mark.slow
@pytest.mark.parametrize("seed,lr,val_every", [_known("hf", *v) for v in VARIATIONS])
def test_hf_healthy_variations(tmp_path, seed, lr, val_every):
    rec, trainer, out = _hf(tmp_path, lr, seed=seed, eval_steps=val_every, epochs=5)
    _check_agreement(rec, tmp_path, _write_state)
    _check_same_run(rec, out, ("max_steps", "global_step"))
    _check_healthy(rec, trainer.state.global_step, 5 * STEPS_PER_EPOCH)


@pytest.mark.slow
@pytest.mark.parametrize("seed,lr,val_every", [_known("lightning", *v) for v in VARIATIONS])
def test_lightning_healthy_variations(tmp_path, seed, lr, val_every):
    rec, trainer, log_dir = _lightning(tmp_path, lr, seed=seed, val_every=val_every, epochs=5)
    _check_agreement(rec, tmp_path, _write_csv)
    _check_same_run(rec, log_dir)
    _check_healthy(rec, trainer.global_step, 5 * STEPS_PER_EPOCH)


@pytest.mark.slow
@pytest.mark.parametrize("seed,lr", [(s, lr) for s, lr, _ in VARIATIONS])
def test_keras_healthy_variations(tmp_path, seed, lr):
    rec, history, csv = _keras(tmp_path, lr, seed=seed, epochs=5)
    _check_healthy(rec, rec.cb.step, 5 * STEPS_PER_EPOCH)
    final = _offline(csv, rec.diag.monitor.plan, live=False)
    assert [k for k in _keys(final.findings) if k[1] != "info"] == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_blow_up_is_stopped_in_every_framework_whatever_the_seed(tmp_path, seed):
    for d in ("hf", "pl", "keras"):
        (tmp_path / d).mkdir()
    rec, _, _ = _hf(tmp_path / "hf", BLOW_UP_LR, seed=seed)
    _check_stopped_at_first_check_after(rec, "loss")
    rec, _, _ = _lightning(tmp_path / "pl", BLOW_UP_LR, seed=seed)
    _check_stopped_at_first_check_after(rec, "train_loss")
    rec, _, _ = _keras(tmp_path / "keras", BLOW_UP_LR, seed=seed)
    _check_stopped_at_first_check_after(rec, "loss")


def test_hf_rows_are_read_as_the_state_file_reads_them(tmp_path):
    """Row by row, without training: whatever a log_history row holds (epoch repeated by the eval row of a step,
    the final summary row with its mean train_loss, strings, booleans, nulls, NaN), the callback's run is the run
    ``curvedoc diagnose`` reads from the trainer_state.json holding those rows."""
    pytest.importorskip("transformers", reason="transformers not installed (pip install '.[integrations]')")
    from types import SimpleNamespace

    from curvedoc.integrations.hf import CurvedocCallback

    rows = [{"loss": 2.3, "grad_norm": 1.0, "learning_rate": 0.1, "epoch": 0.5, "step": 10},
            {"eval_loss": 2.2, "eval_runtime": 0.3, "epoch": 0.5, "step": 10},
            {"loss": float("nan"), "learning_rate": 0.1, "epoch": 1.0, "note": "text", "flag": True, "x": None,
             "step": 20},
            {"train_runtime": 9.0, "train_samples_per_second": 99.0, "train_steps_per_second": 2.0,
             "train_loss": 2.25, "total_flos": 1e9, "epoch": 1.0, "step": 20}]
    cb = CurvedocCallback(every=1, stop_on="never")
    state = SimpleNamespace(log_history=[], global_step=0, max_steps=20, logging_steps=10, eval_steps=10,
                            save_steps=500, num_train_epochs=1, train_batch_size=32, epoch=0.0)
    control = SimpleNamespace(should_training_stop=False)
    cb.on_train_begin(None, state, control)
    for row in rows:
        state.log_history.append(row)
        state.global_step, state.epoch = row["step"], row["epoch"]
        cb.on_log(None, state, control, logs={k: v for k, v in row.items() if k != "step"})
    cb.on_train_end(None, state, control)
    out = tmp_path / "out"
    out.mkdir()
    (out / "trainer_state.json").write_text(json.dumps({**vars(state)}))
    rec = SimpleNamespace(diag=cb.diagnosis)
    _check_same_run(rec, out, ("max_steps", "global_step", "logging_steps", "eval_steps", "save_steps"))
    live = cb.diagnosis.live.snapshot()
    assert "train_summary/train_loss" in live.tags and "train_loss" not in live.tags
    assert live.tag_series("epoch").to_dict() == {10: 0.5, 20: 1.0}
