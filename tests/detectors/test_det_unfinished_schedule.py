"""unfinished-schedule (S002): stopped before max_steps, or while still improving; near misses; degenerate; real runs."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import (
    label_check,
    make_run,
    run_detector,
)

NAME = "unfinished-schedule"


def decaying(n, tau_frac, seed=0, noise=0.03, floor=0.3, start=2.5):
    rng = np.random.default_rng(seed)
    x = np.arange(n)
    return (floor + (start - floor) * np.exp(-x / (tau_frac * n))) * np.exp(rng.normal(0, noise, n))


def test_stopped_before_max_steps():
    steps = np.arange(2, 1401, 2)
    run = make_run(train_loss=(steps, decaying(700, 0.5)), meta={"max_steps": 10000, "global_step": 1400,
                                                                 "save_steps": 200})
    hits = run_detector(NAME, run)
    assert len(hits) == 1
    h = hits[0]
    assert h.step == 1400 and h.evidence["share_completed"] == 0.14 and h.steps == (1400, 10000)
    assert "still improving" in h.message


def test_last_checkpoint_lag_is_reported_with_lower_confidence():
    # global_step < max_steps is what the log says; the state may be the last checkpoint's copy, so less sure
    steps = np.arange(100, 2201, 100)
    run = make_run(train_loss=(steps, decaying(22, 0.3)), meta={"max_steps": 2315, "global_step": 2200,
                                                                "save_steps": 200})
    (h,) = run_detector(NAME, run)
    assert "last checkpoint" in h.message and h.confidence < 0.6
    done = make_run(train_loss=(steps, decaying(22, 0.3)), meta={"max_steps": 2230, "global_step": 2200})
    assert run_detector(NAME, done) == []  # 98.7% done: within min_missing


def test_reached_max_steps_is_finished_even_if_improving():
    run = make_run(train_loss=decaying(1000, 2.0), meta={"max_steps": 999, "global_step": 999})
    assert run_detector(NAME, run) == []


def test_still_improving_without_plan():
    rng = np.random.default_rng(1)
    v = np.linspace(0.12, 0.09, 80) * np.exp(rng.normal(0, 0.01, 80))  # artic-mae-8aa1ac63: linear decline
    hits = run_detector(NAME, make_run(train_loss=v))
    assert len(hits) == 1 and hits[0].step == 79 and hits[0].confidence == 0.6
    # nothing says the job was stopped: a plan too short comes first, a kill second
    assert hits[0].causes == ("too-few-steps", "run-killed")


def test_killed_status_raises_confidence():
    run = make_run(train_loss=decaying(2000, 2.0), meta={"finished": False})
    h = run_detector(NAME, run)[0]
    assert h.confidence == 0.7 and "killed" in h.message and h.causes[0] == "run-killed"


@pytest.mark.parametrize("case", ["converged", "annealed", "val-rising", "val-flat", "noisy-flat"])
def test_near_misses(case):
    n = 2000
    if case == "converged":
        run = make_run(train_loss=decaying(n, 0.1))
    elif case == "annealed":
        lr = 1e-3 * np.linspace(1, 0, n)
        run = make_run(train_loss=decaying(n, 2.0), lr=lr)
    elif case == "val-rising":
        vs = np.arange(100, n + 1, 100)
        run = make_run(train_loss=decaying(n, 2.0), val_loss=(vs, np.concatenate([np.linspace(1.0, 0.8, 10),
                                                                                   np.linspace(0.82, 1.0, 10)])))
    elif case == "val-flat":
        vs = np.arange(100, n + 1, 100)
        run = make_run(train_loss=decaying(n, 2.0), val_loss=(vs, np.concatenate([np.linspace(1.0, 0.8, 10),
                                                                                   np.full(10, 0.8)])))
    else:
        rng = np.random.default_rng(2)
        run = make_run(train_loss=np.abs(1.0 + rng.normal(0, 0.3, n)))
    assert run_detector(NAME, run) == []


def test_logged_every_500_steps():
    steps = np.arange(1, 41) * 500
    run = make_run(train_loss=(steps, decaying(40, 3.0, noise=0.005)))
    hits = run_detector(NAME, run)
    assert len(hits) == 1 and hits[0].step == 20000


@pytest.mark.parametrize("steps", [np.arange(500)[::-1], np.repeat(np.arange(250), 2), np.arange(500) - 9000,
                                   np.arange(500) + 2**53 + 10])
def test_odd_steps(steps):
    assert isinstance(run_detector(NAME, make_run(train_loss=(steps, decaying(500, 2.0)))), list)


def test_negative_loss_improving():
    # a signed objective (RL actor loss, ELBO): relative change on the raw values
    v = -np.linspace(100, 400, 300) + np.random.default_rng(3).normal(0, 2, 300)
    assert isinstance(run_detector(NAME, make_run(train_loss=v)), list)


# ------------------------------------------------------------------------------------------ real runs

def test_real_runs():
    fired, must, allowed = label_check(NAME, severe_only=False)
    for name in ["hf_trainer_state/mt5-az-news-killed", "hf_trainer_state/trocr-gradnorm-huge-killed",
                 "hf_trainer_state/star-hangeryang", "hf_trainer_state/whisper-tr-killed-evalrise",
                 "hf_trainer_state/dnabert2-cls", "hf_trainer_state/warmup-never-finishes-400steps",
                 "yolo_results_csv/yolov5-lid-nan-val-killed-150of300",  # LR decay extrapolated: ~300 epochs planned
                 "lightning_csv/slm-training-v8", "mlflow_filestore/artic-mae-8aa1ac63"]:
        assert name in fired, name
    # finished: max_steps reached, LR annealed, or converged
    for name in ["hf_trainer_state/tinyllama-trl-sft", "hf_trainer_state/text-cls-3ep-19000of19149",
                 "hf_trainer_state/whisper-tiny-nbailab", "hf_trainer_state/t5-summarization-demo",
                 "wandb_offline/tinylm-kj3gdsjx", "mlflow_filestore/artic-mae-5371314d",
                 "yolo_results_csv/yolov5-4105-exp2", "wandb_offline/cifar10-resnet-sjgsz037",
                 "keras_csvlogger/eng-javanese-lstm"]:
        assert name not in fired, name


def test_a_run_that_ends_in_nan_is_not_still_improving():
    import numpy as np
    from _helpers import make_run, run_detector

    rng = np.random.default_rng(0)
    t = np.arange(300)
    loss = 2 * np.exp(-t / 60) + 0.3 + rng.normal(0, 0.02, 300)
    assert run_detector("unfinished-schedule", make_run(train_loss=loss[:150]))  # cut while improving: fires
    loss[150:] = np.nan
    assert run_detector("unfinished-schedule", make_run(train_loss=loss)) == []


@pytest.mark.parametrize("n", [125, 1250])
def test_a_step_plan_in_another_unit_is_not_a_shortfall_when_the_epochs_completed(n):
    # DVCLive's HF callback counts logging events: 1,250 'steps' of a max_steps=12,500 run logged every 10
    # steps; its epoch counter reached the planned epoch, so the run finished
    steps = np.arange(n)
    loss = 2.8 - 0.3 * steps / n + np.random.default_rng(0).normal(0, 0.01, n)  # still falling: the trend alone
    hp = {"max_steps": 10 * n, "num_train_epochs": 1}
    done = make_run(train_loss=loss, epoch=(steps, (steps + 1) / n), hparams=hp)
    assert not [h for h in run_detector(NAME, done) if "hyperparameter" in h.message]
    # the same step counter with an epoch counter at half the plan is a run that stopped early
    half = make_run(train_loss=loss, epoch=(steps, 0.5 * (steps + 1) / n), hparams={**hp, "num_train_epochs": 2})
    assert [h for h in run_detector(NAME, half) if "hyperparameter" in h.message]


def _flat_then_constant_lr(n, seed):
    """A run that has converged (flat loss) on a constant LR: nothing but a stop message says it was unfinished."""
    rng = np.random.default_rng(seed)
    return {"train_loss": 0.4 * np.exp(rng.normal(0, 0.05, n)), "lr": np.full(n, 3e-4)}


@pytest.mark.parametrize("n", [30, 400, 20000])
@pytest.mark.parametrize("how", ["killed-issue", "exit-130", "exit-143", "status-killed"])
def test_a_run_stopped_from_outside_before_its_schedule_ended(n, how):
    from curvedoc.model.run import ImportIssue

    kw = {"issues": [ImportIssue("killed", "the log ends with 'KeyboardInterrupt' (line 150)")]} if how == "killed-issue" \
        else {"meta": {"exit_code": int(how.split("-")[1])}} if how.startswith("exit") else {"meta": {"status": "KILLED"}}
    run = make_run(**_flat_then_constant_lr(n, n), **kw)
    hits = run_detector(NAME, run)
    assert hits and "stopped from outside" in hits[0].message and hits[0].evidence["last_step"] == n - 1


@pytest.mark.parametrize("how", ["annealed", "error-exit", "crash-issue", "nothing"])
def test_no_stop_from_outside_when_the_schedule_ended_or_the_run_failed_by_itself(how):
    from curvedoc.model.run import ImportIssue

    tags = _flat_then_constant_lr(400, 1)
    kw: dict = {}
    if how == "annealed":  # killed after the LR had reached its floor: the schedule was complete
        tags["lr"] = np.linspace(3e-4, 0.0, 400)
        kw = {"issues": [ImportIssue("killed", "the log ends with 'SIGTERM'")]}
    elif how == "error-exit":
        kw = {"meta": {"exit_code": 1}}
    elif how == "crash-issue":  # an error of its own: crashed-run's finding
        kw = {"issues": [ImportIssue("crash", "the log ends with 'CUDA out of memory'")]}
    assert not run_detector(NAME, make_run(**tags, **kw))


@pytest.mark.parametrize("eta", [None, 600, 3 * 86400])
def test_the_time_left_that_the_last_progress_line_states(eta):
    run = make_run(**_flat_then_constant_lr(500, 3), meta={"eta_at_end_s": eta} if eta else None)
    hits = run_detector(NAME, run)
    assert bool(hits) == bool(eta)
    if eta:
        assert "still expected" in hits[0].message and hits[0].evidence["eta_at_end_s"] == eta


def test_a_log_that_ends_inside_an_epoch_was_cut_off():
    run = make_run(**_flat_then_constant_lr(500, 4), meta={"ends_inside_epoch": {"epoch": 31, "batch": 100,
                                                                                  "batches": 188}})
    hits = run_detector(NAME, run)
    assert hits and "inside epoch 31, at batch 100 of 188" in hits[0].message
    for bad in ({"epoch": 3}, {"epoch": 1, "batch": 200, "batches": 188}, "x"):
        assert not run_detector(NAME, make_run(**_flat_then_constant_lr(500, 4), meta={"ends_inside_epoch": bad}))


@pytest.mark.parametrize("reached,planned", [(1.3, 3), (6.5, 20)])
def test_an_epoch_shortfall_is_told_in_epochs_and_points_at_the_last_step(reached, planned):
    n = 300
    epoch = np.linspace(0.0, reached, n)
    run = make_run(train_loss=decaying(n, 2.0), epoch=epoch, hparams={"num_train_epochs": planned})
    hits = run_detector(NAME, run)
    assert hits and f"stopped at epoch {reached:g} of its planned" in hits[0].message
    assert hits[0].step == n - 1 and hits[0].evidence["epochs_reached"] == pytest.approx(reached)
    assert hits[0].evidence["share_completed"] == pytest.approx(reached / planned, abs=1e-3)


def test_a_save_interval_in_steps_says_nothing_about_an_epoch_shortfall():
    # 1.3 of 3 epochs with save_steps = 500: "less than one save interval before the end" compared epochs with steps
    run = make_run(train_loss=decaying(300, 2.0), epoch=np.linspace(0.0, 1.3, 300),
                   hparams={"num_train_epochs": 3}, meta={"save_steps": 500})
    (h,) = run_detector(NAME, run)
    assert "save interval" not in h.message and h.confidence == pytest.approx(0.9)


# ------------------------------------------------------------- a logged iteration counter on a row-number axis

@pytest.mark.parametrize("evals", [11, 21, 41])
def test_progress_is_read_from_a_logged_iteration_counter(evals):
    """W&B rows (``_step`` 0..N) carrying nanoGPT's ``iter``: max_iters is compared with the counter, not with
    the number of rows."""
    rows = np.arange(evals)
    loss = 4.0 * np.exp(-rows / (evals / 4)) + 1.0
    for last_iter, finished in ((5000, True), (2500, False)):
        iters = np.linspace(0, last_iter, evals).round()
        run = make_run(hparams={"max_iters": 5000}, **{"train/loss": (rows, loss), "iter": (rows, iters)})
        hits = run_detector(NAME, run)
        if finished:
            assert hits == []
        else:
            assert len(hits) == 1 and "2,500 of its planned max_iters" in hits[0].message


def test_a_counter_that_goes_back_is_not_an_iteration_counter():
    rows = np.arange(20)
    run = make_run(hparams={"max_iters": 5000},
                   **{"train/loss": (rows, 4.0 * np.exp(-rows / 5.0) + 1.0), "step": (rows, np.tile([0, 9000], 10))})
    hits = run_detector(NAME, run)
    assert len(hits) == 1 and "step 19 of its planned max_iters" in hits[0].message


def test_a_run_its_early_stopping_rule_ended_is_finished():
    """mmengine-frcnn-raw-earlystop: max_epochs 100, stopped at epoch 29 by the EarlyStoppingHook, which the log says."""
    run = make_run(train_loss=decaying(2000, 2.0), hparams={"max_epochs": 100},
                   epoch=np.repeat(np.arange(1, 30), 69)[:2000].astype(float))
    assert run_detector(NAME, run) != []
    run.meta["early_stopped"] = "line 5,792: 'the monitored metric did not improve in the last 10 records.'"
    assert run_detector(NAME, run) == []


@pytest.mark.parametrize("n", [5, 7, 12, 40])
def test_a_short_run_stopped_inside_its_warmup_is_unfinished(n):
    # a YOLO run of 7 epochs whose LR still rises at every epoch (1.2e-4 -> 8.9e-4 of a ramp to ~1e-2): a schedule
    # has no noise, so a handful of rises in a row says the warmup never finished, however few the points
    e = np.arange(n)
    lr = 1.2e-4 * (1 + e)
    loss = 0.16 * np.exp(-e / 6) + 0.02
    hits = run_detector(NAME, make_run(train_loss=loss, lr=lr))
    assert hits and "still warming up" in hits[0].message
    # a constant or a decaying LR over as few points says nothing of a warmup
    assert not [h for h in run_detector(NAME, make_run(train_loss=loss, lr=np.full(n, 1e-3)))
                if "warming" in h.message]
    assert not [h for h in run_detector(NAME, make_run(train_loss=loss, lr=1e-3 * 0.9 ** e)) if "warming" in h.message]
    # four points rising unevenly (a geometric climb, as an LR range test makes) are not enough to tell a warmup
    # from anything else; four in equal steps are a linear ramp (test_unseen_families_r9)
    assert not [h for h in run_detector(NAME, make_run(train_loss=loss[:4], lr=1.2e-4 * 1.8 ** e[:4]))
                if "warming" in h.message]
