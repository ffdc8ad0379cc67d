"""A ``transformers.TrainerCallback`` that diagnoses the run while it trains.

    from curvedoc.integrations.hf import CurvedocCallback
    trainer = Trainer(model, args, train_dataset=ds, callbacks=[CurvedocCallback(stop_on="error")])

Reads what the Trainer logs (``loss``, ``learning_rate``, ``grad_norm``, ``eval_*``), checks every ``every``
optimizer steps, reports new findings through transformers' logger and sets ``control.should_training_stop``
when a finding matches ``stop_on``. Set ``logging_nan_inf_filter=False`` in the TrainingArguments so a NaN loss
is logged as NaN (the default filter replaces it with the running average and hides the divergence).
"""

from __future__ import annotations

from transformers import TrainerCallback
from transformers.utils import logging as hf_logging

from curvedoc.integrations import LiveDiagnosis


class CurvedocCallback(TrainerCallback):
    def __init__(self, every: int = 50, stop_on="error", **kw):
        kw.setdefault("logger", hf_logging.get_logger("curvedoc"))
        self.diagnosis = LiveDiagnosis(every=every, stop_on=stop_on, **kw)

    @property
    def findings(self):
        return self.diagnosis.findings

    @property
    def stop_reason(self):
        return self.diagnosis.stop_reason

    def on_train_begin(self, args, state, control, **kwargs):
        self.diagnosis.live.meta["max_steps"] = int(state.max_steps or args.max_steps or 0) or None

    def on_log(self, args, state, control, logs=None, **kwargs):
        if logs:
            self.diagnosis.log(state.global_step, logs)
        if self.diagnosis.due(state.global_step) and self.diagnosis.check(state.global_step):
            control.should_training_stop = True

    def on_train_end(self, args, state, control, **kwargs):
        self.diagnosis.finish()
