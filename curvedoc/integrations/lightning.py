"""A ``lightning.Callback`` (Lightning 2.x; ``pytorch_lightning`` too) that diagnoses the run while it trains.

    from curvedoc.integrations.lightning import CurvedocCallback
    trainer = lightning.Trainer(max_steps=10_000, callbacks=[CurvedocCallback(stop_on="error")])

Reads exactly what Lightning hands its loggers: at the start of fitting the callback adds a small in-memory logger
beside yours (after them: ``trainer.logger`` stays yours), which receives each ``log_metrics(metrics, step)`` call --
what ``self.log`` recorded, at the framework's logging steps (``log_every_n_steps``) and at the end of each
validation and epoch, at the step Lightning gives it, as ``CSVLogger`` writes it to ``metrics.csv``. A value enters
the run once, when it is logged anew; ``callback_metrics`` (which holds the last ``val_loss`` until the next
validation) is never sampled. Log the learning rate with ``LearningRateMonitor`` to have it checked. Checks every
``every`` steps when new values arrive, reports new findings through Lightning's logger and sets
``trainer.should_stop`` when a finding matches ``stop_on``. The logger is removed when fitting ends.

Several processes (DDP): Lightning calls every logger on every rank, and its own loggers write on rank 0 only; so
does the callback -- rank 0 records, diagnoses and reports, the other ranks keep nothing. Rank 0's decision to
stop reaches every rank as Lightning's ``EarlyStopping`` does it (``strategy.reduce_boolean_decision``, one
collective of one number at the start of each training batch while a stop is possible), so all ranks stop at the
same batch and none waits in a collective for another that has stopped.
"""

from __future__ import annotations

import logging
from argparse import Namespace
from typing import Any

try:
    from lightning.pytorch import Callback
    from lightning.pytorch.loggers import Logger
except ImportError:  # pragma: no cover - the older package name
    from pytorch_lightning import Callback
    from pytorch_lightning.loggers import Logger

from curvedoc.integrations import LiveDiagnosis

SOURCE = "lightning-csv"  # the run reads as Lightning's CSVLogger file of the same values would


def _world_size(trainer) -> int:
    return int(getattr(trainer, "world_size", 1) or 1)


class _Feed(Logger):
    """The logger the callback adds: every call Lightning makes to its loggers goes to the callback."""

    def __init__(self, owner: "CurvedocCallback", root: str | None):
        super().__init__()
        self._owner = owner
        self._root = root

    @property
    def name(self) -> str:
        return "curvedoc"

    @property
    def version(self) -> None:
        return None

    @property
    def save_dir(self) -> str | None:
        return self._root  # alone, it leaves trainer.log_dir where it would be without loggers

    def log_hyperparams(self, params: Any, *args: Any, **kwargs: Any) -> None:
        self._owner._hparams(params)

    def log_metrics(self, metrics: dict[str, float], step: int | None = None) -> None:
        self._owner._metrics(metrics, step)


class CurvedocCallback(Callback):
    def __init__(self, every: int = 50, stop_on="error", **kw):
        kw.setdefault("logger", logging.getLogger("lightning.pytorch.curvedoc"))
        kw.setdefault("source", SOURCE)
        self.diagnosis = LiveDiagnosis(every=every, stop_on=stop_on, **kw)
        self._trainer = None
        self._feed: _Feed | None = None
        self._last_step = 0
        self._stop = False  # rank 0 decided to stop; every rank learns it at its next batch (several processes)

    @property
    def findings(self):
        return self.diagnosis.findings

    @property
    def stop_reason(self):
        return self.diagnosis.stop_reason

    # ------------------------------------------------------------------ what the loggers receive
    def _recording(self) -> bool:
        """Only rank 0 records and diagnoses (as Lightning's own loggers write on rank 0 only)."""
        return getattr(self._trainer, "global_rank", 0) == 0

    def _hparams(self, params: Any) -> None:
        from curvedoc.importers import flatten_hparams

        if not self._recording():
            return

        if isinstance(params, Namespace):
            params = vars(params)
        if isinstance(params, dict):
            self.diagnosis.live.hparams.update(flatten_hparams(dict(params)))

    def _metrics(self, metrics: dict[str, float], step: int | None) -> None:
        if not self._recording():
            return
        if step is None:  # Lightning always passes one; a direct call without one goes at the last step seen
            step = self._last_step
        step = int(step)
        self._last_step = step
        self.diagnosis.log(step, metrics)
        trainer = self._trainer
        if trainer is not None and self.diagnosis.due(step) and self.diagnosis.check(step):
            self._stop = True
            if _world_size(trainer) == 1:
                trainer.should_stop = True  # one process: at once, before the next batch

    # ------------------------------------------------------------------ hooks
    def on_fit_start(self, trainer, pl_module):
        # after setup (a ModelCheckpoint has chosen its folder from the user's loggers) and before the hyperparameters
        # are logged: the feed is appended, so trainer.logger and the checkpoint folder stay what they were
        self._trainer = trainer
        if self._feed is None or self._feed not in trainer.loggers:
            self._feed = _Feed(self, None if trainer.loggers else trainer.default_root_dir)
            trainer.loggers = [*trainer.loggers, self._feed]
        if trainer.max_steps and trainer.max_steps > 0:
            self.diagnosis.live.meta["max_steps"] = int(trainer.max_steps)

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        # several processes: rank 0's decision, reduced over the ranks on every rank at the same point (Lightning's
        # EarlyStopping convention); no collective when nothing can ask for a stop
        if _world_size(trainer) > 1 and self.diagnosis.can_stop:
            if trainer.strategy.reduce_boolean_decision(bool(self._stop) and self._recording(), all=False):
                trainer.should_stop = True

    def on_train_end(self, trainer, pl_module):
        if self._recording():
            self.diagnosis.finish()

    def teardown(self, trainer, pl_module, stage):
        if self._feed is not None and self._feed in trainer.loggers:
            trainer.loggers = [lg for lg in trainer.loggers if lg is not self._feed]
        self._feed = None
        self._trainer = None
