"""Training-loop callbacks, with real tiny trainings on CPU: a diverging run (SGD at a learning rate far too
high) is stopped within a few check periods of its onset; a healthy run is never stopped and never warned.
Each framework's tests skip with the reason when it is not installed (pip install '.[integrations]')."""

from __future__ import annotations

import math

import numpy as np
import pytest

from _helpers import hf_classifier, keras_on_torch

from curvedoc.integrations import LiveDiagnosis

EVERY = 10
MAX_STEPS = 300
DIVERGE_LR = 3.0
HEALTHY_LR = 0.05


def _data(n=2048, d=20, k=4, seed=0):
    rng = np.random.default_rng(seed)
    centers = rng.normal(0, 2.0, (k, d))
    y = rng.integers(0, k, n)
    x = centers[y] + rng.normal(0, 1.0, (n, d))
    return x.astype(np.float32), y.astype(np.int64)


def _onset(diag: LiveDiagnosis, tag_words=("loss",)) -> int | None:
    """First logged step where the training loss is non-finite or above 3x its running minimum."""
    run = diag.live.snapshot(live=False)
    tag = run.roles.get("train_loss")
    s = run.series(tag)
    v = s.to_numpy()
    best = math.inf
    for st, x in zip(s.index, v):
        if not math.isfinite(x) or x > 3 * best:
            return int(st)
        best = min(best, x)
    return None


def _check_diverged(cb, stopped_at: int):
    assert cb.stop_reason is not None, [f.code for f in cb.findings]
    assert cb.stop_reason.code in ("D001", "G001", "D002"), cb.stop_reason
    onset = _onset(cb.diagnosis)
    assert onset is not None
    assert stopped_at < MAX_STEPS
    assert stopped_at <= onset + 4 * EVERY, (onset, stopped_at)


def _check_healthy(cb, stopped_at: int):
    assert cb.stop_reason is None, cb.stop_reason.message
    assert stopped_at >= MAX_STEPS - 1
    bad = [(f.code, f.message) for f in cb.findings if f.severity in ("warning", "error")]
    assert bad == []


def test_live_diagnosis_validates_its_arguments():
    with pytest.raises(ValueError):
        LiveDiagnosis(every=0)
    from curvedoc.errors import ConfigError

    with pytest.raises(ConfigError):
        LiveDiagnosis(stop_on=["Q999"])
    d = LiveDiagnosis(stop_on=["D001"])
    assert d.stop_codes == {"D001"}


# ------------------------------------------------------------------------------------------ HF Trainer
def _hf_train(tmp_path, lr):
    torch = pytest.importorskip("torch", reason="torch not installed (pip install '.[integrations]')")
    pytest.importorskip("transformers", reason="transformers not installed (pip install '.[integrations]')")
    from transformers import Trainer, TrainingArguments

    from curvedoc.integrations.hf import CurvedocCallback

    torch.manual_seed(0)

    x, y = _data()
    ds = [{"x": torch.from_numpy(a), "labels": torch.tensor(b)} for a, b in zip(x, y)]
    args = TrainingArguments(output_dir=str(tmp_path / "out"), max_steps=MAX_STEPS, per_device_train_batch_size=32,
                             learning_rate=lr, lr_scheduler_type="constant", optim="sgd", max_grad_norm=0.0,
                             logging_steps=1, logging_nan_inf_filter=False, report_to="none", save_strategy="no",
                             use_cpu=True, disable_tqdm=True, remove_unused_columns=False, seed=0)
    cb = CurvedocCallback(every=EVERY, stop_on="error")
    trainer = Trainer(model=hf_classifier(20, 64, 4), args=args, train_dataset=ds, callbacks=[cb])
    trainer.train()
    return cb, trainer.state.global_step


def test_hf_trainer_stops_a_diverging_run(tmp_path):
    cb, step = _hf_train(tmp_path, DIVERGE_LR)
    _check_diverged(cb, step)


def test_hf_trainer_leaves_a_healthy_run_alone(tmp_path):
    cb, step = _hf_train(tmp_path, HEALTHY_LR)
    _check_healthy(cb, step)


# ------------------------------------------------------------------------------------------ Lightning
def _lightning_train(lr):
    torch = pytest.importorskip("torch", reason="torch not installed (pip install '.[integrations]')")
    L = pytest.importorskip("lightning", reason="lightning not installed (pip install '.[integrations]')")
    from curvedoc.integrations.lightning import CurvedocCallback

    torch.manual_seed(0)

    class Module(L.LightningModule):
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Sequential(torch.nn.Linear(20, 64), torch.nn.ReLU(), torch.nn.Linear(64, 4))

        def training_step(self, batch, batch_idx):
            x, y = batch
            loss = torch.nn.functional.cross_entropy(self.net(x), y)
            self.log("train_loss", loss)
            return loss

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=lr)

    x, y = _data()
    dl = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.from_numpy(x), torch.from_numpy(y)),
                                     batch_size=32, shuffle=True)
    cb = CurvedocCallback(every=EVERY, stop_on="error")
    trainer = L.Trainer(max_steps=MAX_STEPS, logger=False, enable_checkpointing=False, enable_progress_bar=False,
                        enable_model_summary=False, accelerator="cpu", devices=1, callbacks=[cb], log_every_n_steps=1)
    trainer.fit(Module(), dl)
    return cb, trainer.global_step


def test_lightning_stops_a_diverging_run():
    cb, step = _lightning_train(DIVERGE_LR)
    _check_diverged(cb, step)


def test_lightning_leaves_a_healthy_run_alone():
    cb, step = _lightning_train(HEALTHY_LR)
    _check_healthy(cb, step)


# ------------------------------------------------------------------------------------------ Keras 3
def _keras_train(lr):
    keras = keras_on_torch()
    from curvedoc.integrations.keras import CurvedocCallback

    keras.utils.set_random_seed(0)
    x, y = _data()
    model = keras.Sequential([keras.Input((20,)), keras.layers.Dense(64, activation="relu"), keras.layers.Dense(4)])
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=lr),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    cb = CurvedocCallback(every=EVERY, stop_on="error")
    epochs = math.ceil(MAX_STEPS / (len(x) // 32))
    model.fit(x, y, batch_size=32, epochs=epochs, verbose=0, callbacks=[cb], shuffle=True)
    return cb, cb.step - 1


def test_keras_stops_a_diverging_run():
    cb, step = _keras_train(DIVERGE_LR)
    _check_diverged(cb, step)


def test_keras_leaves_a_healthy_run_alone():
    cb, step = _keras_train(HEALTHY_LR)
    assert cb.stop_reason is None, cb.stop_reason.message
    bad = [(f.code, f.message) for f in cb.findings if f.severity in ("warning", "error")]
    assert bad == []
    assert step >= MAX_STEPS - 1 - 64  # whole epochs
