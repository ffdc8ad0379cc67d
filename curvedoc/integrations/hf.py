"""A ``transformers.TrainerCallback`` that diagnoses the run while it trains.

    from curvedoc.integrations.hf import CurvedocCallback
    trainer = Trainer(model, args, train_dataset=ds, callbacks=[CurvedocCallback(stop_on="error")])

Reads what the Trainer writes to its ``trainer_state.json``: each new row of ``state.log_history`` (``loss``,
``learning_rate``, ``grad_norm``, ``epoch``, ``eval_*``, at the row's ``step``), read the way ``curvedoc diagnose``
reads the file (the final summary row's mean ``train_loss`` becomes ``train_summary/train_loss``, ``epoch`` is kept
once per step), with the state's ``max_steps``, ``logging_steps``, ``eval_steps``..., so a check on the first N rows
says what the offline diagnosis of a state holding those N rows says. Checks every ``every`` optimizer steps,
reports new findings through transformers' logger and sets ``control.should_training_stop`` when a finding matches
``stop_on``. Set ``logging_nan_inf_filter=False`` in the TrainingArguments so a NaN loss is logged as NaN (the
default filter replaces it with the running average and hides the divergence).
"""

from __future__ import annotations

from transformers import TrainerCallback
from transformers.utils import logging as hf_logging

from curvedoc.importers.hf_trainer import META_KEYS, SOURCE, SUMMARY_MARKERS, SUMMARY_PREFIX
from curvedoc.integrations import LiveDiagnosis


class CurvedocCallback(TrainerCallback):
    def __init__(self, every: int = 50, stop_on="error", **kw):
        kw.setdefault("logger", hf_logging.get_logger("curvedoc"))
        kw.setdefault("source", SOURCE)
        self.diagnosis = LiveDiagnosis(every=every, stop_on=stop_on, **kw)
        self._rows = 0  # rows of state.log_history already read
        self._epoch_at: dict[int, float] = {}  # the epoch already recorded at a step (train and eval rows repeat it)

    @property
    def findings(self):
        return self.diagnosis.findings

    @property
    def stop_reason(self):
        return self.diagnosis.stop_reason

    def on_train_begin(self, args, state, control, **kwargs):
        self._rows = len(state.log_history or [])  # a resumed run's earlier rows: read now, as the file holds them
        for row in (state.log_history or [])[: self._rows]:
            self._row(row, state)
        self._meta(state)

    def _meta(self, state) -> None:
        """The state's facts as trainer_state.json holds them (max_steps, global_step, logging_steps ...)."""
        meta = self.diagnosis.live.meta
        for k in META_KEYS:
            v = getattr(state, k, None)
            if v is not None and isinstance(v, (bool, int, float, str)):
                meta[k] = v

    def _row(self, row, state) -> None:
        if not isinstance(row, dict):
            return
        step = row.get("step", state.global_step)
        summary = not SUMMARY_MARKERS.isdisjoint(row)
        values = {}
        for key, v in row.items():
            if key == "step" or v is None or isinstance(v, (bool, str)):
                continue  # as the file is read: booleans, strings and nulls are not points
            if key == "epoch":
                try:
                    x = float(v)
                except (TypeError, ValueError):
                    continue
                if self._epoch_at.get(step) == x:
                    continue
                self._epoch_at[step] = x
            values[SUMMARY_PREFIX + key if summary and key != "epoch" else key] = v
        self.diagnosis.log(int(step), values)

    def on_log(self, args, state, control, logs=None, **kwargs):
        history = state.log_history or []
        if len(history) > self._rows:  # every row Trainer.log appended since the last call
            for row in history[self._rows :]:
                self._row(row, state)
            self._rows = len(history)
        elif logs:  # a log_history kept elsewhere: the logs passed in are the new row
            self._row({**logs, "step": state.global_step}, state)
        self._meta(state)
        if self.diagnosis.due(state.global_step) and self.diagnosis.check(state.global_step):
            control.should_training_stop = True

    def on_train_end(self, args, state, control, **kwargs):
        self._meta(state)
        self.diagnosis.finish()
