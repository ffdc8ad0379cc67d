import numpy as np
from _helpers import make_run, run_detector

from curvedoc.model.run import ImportIssue

NAME = "restarted-run"


def test_fires_on_restart_issue():
    run = make_run(train_loss=[1.0, 0.9, 0.8],
                   issues=[ImportIssue("restart", "file 2 restarts at step 100; 50 points superseded", count=50)])
    hits = run_detector("restarted-run", run)
    assert len(hits) == 1
    assert hits[0].evidence["superseded_points"] == 50


def test_silent_without_issue_and_below_threshold():
    assert run_detector("restarted-run", make_run(train_loss=[1.0, 0.9])) == []
    run = make_run(train_loss=[1.0], issues=[ImportIssue("duplicate-steps", "2 duplicates", count=2)])
    assert run_detector("restarted-run", run, min_duplicates=5) == []
    # unrelated issues are not restarts
    run = make_run(train_loss=[1.0], issues=[ImportIssue("ended-early", "stopped early", severity="info")])
    assert run_detector("restarted-run", run) == []


def test_same_value_duplicates_are_not_a_restart():
    run = make_run(train_loss=[1.0], issues=[ImportIssue("duplicate-steps", "200 point(s) repeat a step with the same value (epoch); kept", count=200, severity="info")])
    assert run_detector("restarted-run", run) == []


def test_a_resume_the_log_states_is_a_restart_even_without_repeated_steps():
    run = make_run(train_loss=np.linspace(2.0, 1.0, 200),
                   issues=[ImportIssue("resumed", "the log says training went on from a saved state at line 12: "
                                                  "'Starting training from iteration 5500'")])
    hits = run_detector(NAME, run)
    assert hits and "Starting training from iteration 5500" in hits[0].message
    assert not run_detector(NAME, make_run(train_loss=np.linspace(2.0, 1.0, 200)))
