"""RunMeta: the facts of a run that its importer states and the rules read (``Run.meta``).

``Run.meta`` is a plain dict, so that any format can keep what it knows (a W&B run's ``client``, an MLflow run's
``lifecycle_stage``, the text log's ``lines`` ...: shown in reports, read by no rule). The keys below are the
contract between the importers, which write them, and the rules and the engine, which read them: a rule reads no
other key of ``meta`` (tests/project/test_run_meta.py parses every rule and the engine for the keys they read and
fails on one not declared here). Every key is optional: a rule that needs one and finds it absent does not judge
that part (the coverage line says so).
"""

from __future__ import annotations

from typing import Any, TypedDict


class RunMeta(TypedDict, total=False):
    """The keys of ``Run.meta`` that rules and the engine read, with who writes them."""

    max_steps: int
    """The planned number of optimizer steps: HF ``trainer_state.json``'s ``max_steps``; a text log's ``step i/N``
    total or its printed epochs times the epoch's length ('Epoch 2/40' over '45/625') or the total of the tqdm bar its
    records are placed on (an HF console's '4364/13278'); a Lightning run's
    ``trainer.max_steps`` (callback). Rules: unfinished-schedule (a run stopped before it), plateau-at-chance (a stretch
    at chance covering most of the PLANNED run is judged before the run ends)."""

    num_epochs: int
    """The planned number of epochs a text log prints ('Epoch 3/15', 'Num Epochs = 3'); also copied into the
    hyperparameters, where unfinished-schedule reads planned epochs."""

    global_step: int
    """The step an HF Trainer state reached (``global_step``), or a text log's training tqdm bar (its last count):
    unfinished-schedule compares it with ``max_steps``."""

    save_steps: int
    """The checkpoint interval (HF ``save_steps``): a state ``max_steps - global_step < save_steps`` short of the end
    may be the last checkpoint's copy of a finished run (unfinished-schedule says so)."""

    train_batch_size: int
    """The batch size the framework states in its own state (HF ``train_batch_size``): oscillation treats a batch of a
    handful of examples as near per-example losses (read with the hyperparameters' batch-size keys)."""

    status: str
    """The tracker's run status (MLflow ``FINISHED``/``FAILED``/``KILLED``): crashed-run and unfinished-schedule."""

    finished: bool | None
    """W&B: whether the run's exit record (or footer) was seen; False = the process was killed (crashed-run,
    unfinished-schedule)."""

    exit_code: int
    """W&B: the process's exit code (a signal's code says how it was stopped: crashed-run, unfinished-schedule)."""

    early_stopped: str
    """Text logs: the line where the framework said its early-stopping rule ended the run (unfinished-schedule does
    not report such a run)."""

    eta_at_end_s: int
    """Text logs: the seconds of training the last progress line still expected (crashed-run, unfinished-schedule)."""

    ends_inside_epoch: Any
    """Text logs: where the log stops inside an epoch ('iter i/N' with i < N); tables whose step counts positions inside
    the epoch: the last epoch stopped below the last position every complete epoch reached. crashed-run,
    unfinished-schedule."""

    ends_on_record: bool
    """Text logs: nothing follows the last record (no closing summary, one-off test score, 'done' or error): a
    program killed between two records. crashed-run, beside a stated plan the run fell short of."""

    ends_at_start: str
    """Text logs: 'line N: <text>' when one of the log's last lines says the training starts now ('Starting
    training...', '开始训练') and no training record or error follows it: the process died before its first report
    (crashed-run, info)."""

    sessions: list
    """Tables with appended sessions (an epoch counter restarting at 0): the first row of each session; restarted-run
    reports them, divergence and the instability rules read only the last session."""

    continued_from: dict
    """Tables with appended sessions (an epoch counter back at its start), on each session after the first: every
    numeric column's first and last finite value in the session before it (``{name: [first, last]}``). A loss whose
    first value here sits at that session's last, far from its first, was resumed from the weights that session left
    (a fine-tune stage at a lower LR): this log did not see its model untrained (underfitting's never-learned,
    initial-loss-off: :func:`curvedoc.detectors._progress.resumed_session`)."""

    live: bool
    """Set by ``watch`` and the training callbacks on a run still being written: checks marked whole-run wait for
    its end (the engine reads it)."""


#: the declared keys, for tests and documentation
RUN_META_KEYS: frozenset[str] = frozenset(RunMeta.__annotations__)

__all__ = ["RunMeta", "RUN_META_KEYS"]
