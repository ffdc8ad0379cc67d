"""crashed-run (I003): exit codes, tracking-store status, crash messages from the importer, missing exit record."""

import pytest
from _helpers import make_run, real_run, run_detector

from curvedoc.model.run import ImportIssue


@pytest.mark.parametrize("code", [1, 137, 143, 255, -9])
def test_nonzero_exit_code_is_an_error(code):
    hits = run_detector("crashed-run", make_run(train_loss=[2.0, 1.5, 1.2], meta={"exit_code": code, "finished": True}))
    assert len(hits) == 1 and hits[0].severity is None  # the rule's severity: error
    assert str(code) in hits[0].message and hits[0].step == 2


@pytest.mark.parametrize("status", ["FAILED", "KILLED", "failed"])
def test_failed_status(status):
    hits = run_detector("crashed-run", make_run(train_loss=[1.0, 0.9], meta={"status": status}))
    assert len(hits) == 1 and status.upper() in hits[0].message


def test_crash_issue_from_a_text_log():
    run = make_run(train_loss=[1.0, 0.9, 0.8], issues=[ImportIssue("crash", "the log ends with torch.cuda.OutOfMemoryError")])
    hits = run_detector("crashed-run", run)
    assert len(hits) == 1 and "OutOfMemoryError" in hits[0].message


def test_no_exit_record_is_a_lower_confidence_warning():
    hits = run_detector("crashed-run", make_run(train_loss=[1.0, 0.9], meta={"finished": False}))
    assert len(hits) == 1 and hits[0].severity == "warning" and hits[0].confidence == 0.5
    assert run_detector("crashed-run", make_run(train_loss=[1.0, 0.9], meta={"finished": False}), min_confidence=0.6) == []


@pytest.mark.parametrize("meta", [{}, {"exit_code": 0, "finished": True}, {"status": "FINISHED"}, {"status": "RUNNING"}])
def test_clean_endings_are_silent(meta):
    assert run_detector("crashed-run", make_run(train_loss=[1.0, 0.9], meta=meta)) == []


def test_empty_run_still_reported():
    hits = run_detector("crashed-run", make_run(meta={"status": "FAILED"}))
    assert len(hits) == 1 and "before logging any point" in hits[0].message


def test_real_run_exit_code_255():
    hits = run_detector("crashed-run", real_run("wandb_offline/loss-plateau-79u2qtit"))
    assert len(hits) == 1 and "255" in hits[0].message


def test_real_run_finished_cleanly():
    assert run_detector("crashed-run", real_run("wandb_offline/nanogpt-5000it-healthy")) == []


@pytest.mark.parametrize("meta, said", [
    ({"ends_inside_epoch": {"epoch": 61, "batch": 274, "batches": 391}}, "inside epoch 61, at batch 274 of 391"),
    ({"eta_at_end_s": 46931}, "still expected 46,931 s"),
])
def test_a_printed_log_that_stops_mid_work_without_a_word_is_an_info(meta, said):
    # killed without a message (SIGKILL, the OOM killer, a lost node) or still being written: evidence, not proof
    hits = run_detector("crashed-run", make_run(train_loss=[1.0, 0.8, 0.7], meta=meta))
    assert len(hits) == 1 and hits[0].severity == "info" and said in hits[0].message, hits


@pytest.mark.parametrize("meta", [{"ends_inside_epoch": {"epoch": 3, "batch": 391, "batches": 391}},
                                  {"ends_inside_epoch": {"epoch": "x"}}, {"eta_at_end_s": 0}])
def test_a_log_that_ends_at_an_epoch_end_is_not_cut_off(meta):
    assert run_detector("crashed-run", make_run(train_loss=[1.0, 0.8, 0.7], meta=meta)) == []


def test_an_error_message_outranks_the_cut_off():
    run = make_run(train_loss=[1.0, 0.8], meta={"ends_inside_epoch": {"epoch": 1, "batch": 5, "batches": 9}},
                   issues=[ImportIssue("crash", "the log ends with a traceback (CUDA out of memory)")])
    hits = run_detector("crashed-run", run)
    assert len(hits) == 1 and hits[0].severity is None and "traceback" in hits[0].message
