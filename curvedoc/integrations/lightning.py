"""A ``lightning.Callback`` (Lightning 2.x; ``pytorch_lightning`` too) that diagnoses the run while it trains.

    from curvedoc.integrations.lightning import CurvedocCallback
    trainer = lightning.Trainer(max_steps=10_000, callbacks=[CurvedocCallback(stop_on="error")])

Reads ``trainer.callback_metrics`` (whatever ``self.log`` recorded: ``train_loss``, ``val_loss``, ...) and the
optimizer's learning rate after every training batch and validation run, checks every ``every`` steps, reports
new findings through Lightning's logger and sets ``trainer.should_stop`` when a finding matches ``stop_on``.
"""

from __future__ import annotations

import logging

try:
    from lightning.pytorch import Callback
except ImportError:  # pragma: no cover - the older package name
    from pytorch_lightning import Callback

from curvedoc.integrations import LiveDiagnosis


class CurvedocCallback(Callback):
    def __init__(self, every: int = 50, stop_on="error", **kw):
        kw.setdefault("logger", logging.getLogger("lightning.pytorch.curvedoc"))
        self.diagnosis = LiveDiagnosis(every=every, stop_on=stop_on, **kw)

    @property
    def findings(self):
        return self.diagnosis.findings

    @property
    def stop_reason(self):
        return self.diagnosis.stop_reason

    def _record(self, trainer) -> None:
        metrics = {k: v for k, v in trainer.callback_metrics.items()}
        for i, opt in enumerate(trainer.optimizers or []):
            for j, g in enumerate(opt.param_groups):
                metrics["lr" if i == j == 0 else f"lr-{i}-{j}"] = g.get("lr")
        self.diagnosis.log(trainer.global_step, metrics)

    def on_train_start(self, trainer, pl_module):
        if trainer.max_steps and trainer.max_steps > 0:
            self.diagnosis.live.meta["max_steps"] = int(trainer.max_steps)

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        self._record(trainer)
        step = trainer.global_step
        if self.diagnosis.due(step) and self.diagnosis.check(step):
            trainer.should_stop = True

    def on_validation_end(self, trainer, pl_module):
        if not trainer.sanity_checking:
            self._record(trainer)

    def on_train_end(self, trainer, pl_module):
        self.diagnosis.finish()
