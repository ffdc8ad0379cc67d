import numpy as np
import pytest
from _helpers import make_run, real_run, run_detector

from curvedoc.model.run import ImportIssue

NAME = "damaged-log"


def test_fires_on_truncated_record():
    run = make_run(train_loss=[1.0, 0.9],
                   issues=[ImportIssue("truncated-record", "truncated last record (7 trailing bytes)", file="a", count=1)])
    hits = run_detector("damaged-log", run)
    assert len(hits) == 1 and hits[0].evidence["skipped"] == 1 and "truncated" in hits[0].message


def test_counts_all_damage_and_respects_threshold():
    issues = [ImportIssue("corrupt-records", "3 records skipped at byte 2000", file="a", count=3),
              ImportIssue("bad-rows", "1 half-written line", file="b", count=1)]
    hits = run_detector("damaged-log", make_run(train_loss=[1.0], issues=issues))
    assert hits[0].evidence == {"skipped": 4, "files": 2}
    assert run_detector("damaged-log", make_run(train_loss=[1.0], issues=issues), min_skipped=10) == []
    assert run_detector("damaged-log", make_run(train_loss=[1.0])) == []


# ------------------------------------------------------------------------------ a norm that was not measured
def _zero_norm_run(zero_share, n=300, seed=0, loss_zero_share=0.0):
    rng = np.random.default_rng(seed)
    st = np.arange(n) * 10
    loss = (0.3 + 2.0 * np.exp(-st / 800.0)) * rng.gamma(4, 0.25, n)
    loss[rng.random(n) < loss_zero_share] = 0.0
    g = np.abs(1.0 + 0.5 * rng.standard_normal(n))
    g[rng.random(n) < zero_share] = 0.0
    return make_run(**{"loss": (st, loss), "grad_norm": (st, g)})


@pytest.mark.parametrize("share", [0.15, 0.5, 0.9])
@pytest.mark.parametrize("seed", [0, 1])
def test_a_grad_norm_logged_as_zero_while_the_loss_moves_is_damage(share, seed):
    hits = run_detector(NAME, _zero_norm_run(share, seed=seed, loss_zero_share=0.02))
    assert [h.evidence.get("mode") for h in hits] == ["zero-grad-norm"]


def test_an_occasional_zero_or_a_frozen_model_is_not():
    assert run_detector(NAME, _zero_norm_run(0.02)) == []  # a skipped step now and then
    run = _zero_norm_run(1.0)  # every point 0: a frozen model, the loss rules' business
    assert run_detector(NAME, run) == []


def test_real_sharded_fine_tune_with_zero_grad_norms():
    hits = run_detector(NAME, real_run("hf_trainer_state/chatglm-gyneco-zero-gradnorm"))
    assert [h.evidence.get("mode") for h in hits] == ["zero-grad-norm"]
