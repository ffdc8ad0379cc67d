"""A ``keras.callbacks.Callback`` (Keras 3, any backend) that diagnoses the run while it trains.

    from curvedoc.integrations.keras import CurvedocCallback
    model.fit(x, y, epochs=20, callbacks=[CurvedocCallback(stop_on="error")])

Keras passes each batch the running mean of the epoch so far; the callback turns it back into the value of the
batches since its previous call (``((b + 1) m_b - (p + 1) m_p) / (b - p)``: one batch, or ``steps_per_execution``),
so the curve holds per-batch losses, with no saw-tooth at epoch boundaries and no running mean's lag. (Keras
weights its mean by samples: the epoch's last, smaller batch comes out blended a little with the earlier mean.)
Epoch-end ``val_*`` logs are recorded at the epoch's last step (the epoch's ``loss`` is the batches' mean, already
there). Checks every ``every`` batches, prints new findings with Keras' own printer and sets
``model.stop_training`` when a finding matches ``stop_on``.
"""

from __future__ import annotations

import logging
import math

import keras

from curvedoc.integrations import LiveDiagnosis


class _KerasLogger(logging.Logger):
    def __init__(self):
        super().__init__("curvedoc.keras")

    def log(self, level, msg, *args, **kwargs):  # noqa: D401 - Keras' printer, not a handler chain
        try:
            from keras.src.utils.io_utils import print_msg

            print_msg(msg)
        except ImportError:  # pragma: no cover
            print(msg)


class CurvedocCallback(keras.callbacks.Callback):
    def __init__(self, every: int = 50, stop_on="error", **kw):
        super().__init__()
        kw.setdefault("logger", _KerasLogger())
        self.diagnosis = LiveDiagnosis(every=every, stop_on=stop_on, **kw)
        self.step = 0
        self._prev: dict[str, float] = {}
        self._prev_batch = -1

    @property
    def findings(self):
        return self.diagnosis.findings

    @property
    def stop_reason(self):
        return self.diagnosis.stop_reason

    def on_epoch_begin(self, epoch, logs=None):
        self._prev = {}
        self._prev_batch = -1

    def on_train_batch_end(self, batch, logs=None):
        # Keras' batch logs are the epoch's running means over batches 0..batch: the batches since the last call
        # (one, or steps_per_execution) averaged (b + 1) m_b - (p + 1) m_p over b - p batches
        per_batch = {}
        gap = batch - self._prev_batch
        for k, v in (logs or {}).items():
            try:
                m = float(v)
            except (TypeError, ValueError):
                continue
            prev = self._prev.get(k, 0.0 if self._prev_batch < 0 else None)
            if gap < 1 or prev is None or not (math.isfinite(m) and math.isfinite(prev)):
                per_batch[k] = m
            else:
                per_batch[k] = ((batch + 1) * m - (self._prev_batch + 1) * prev) / gap
            self._prev[k] = m
        self._prev_batch = batch
        lr = getattr(getattr(self.model, "optimizer", None), "learning_rate", None)
        try:
            per_batch["lr"] = float(lr.numpy() if hasattr(lr, "numpy") else lr)
        except (TypeError, ValueError):
            pass
        self.diagnosis.log(self.step, per_batch)
        if self.diagnosis.due(self.step) and self.diagnosis.check(self.step):
            self.model.stop_training = True
        self.step += 1

    def on_epoch_end(self, epoch, logs=None):
        val = {k: v for k, v in (logs or {}).items() if k.startswith("val_")}
        if val:
            self.diagnosis.log(max(0, self.step - 1), val)

    def on_train_end(self, logs=None):
        self.diagnosis.finish()
