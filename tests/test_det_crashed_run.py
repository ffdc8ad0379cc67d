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
