import numpy as np
import pytest
from _helpers import make_run, real_run, real_runs, run_detector

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
    # a minority of zeros is what a mixed-precision loss scaler logs for the steps it skipped: information; half
    # the steps or more is a norm that is not measured: the rule's warning
    assert hits[0].severity == ("info" if hits[0].evidence["zero_share"] < 0.5 else None)


def test_an_occasional_zero_or_a_frozen_model_is_not():
    assert run_detector(NAME, _zero_norm_run(0.02)) == []  # a skipped step now and then
    run = _zero_norm_run(1.0)  # every point 0: a frozen model, the loss rules' business
    assert run_detector(NAME, run) == []


def test_real_sharded_fine_tune_with_zero_grad_norms():
    hits = run_detector(NAME, real_run("hf_trainer_state/chatglm-gyneco-zero-gradnorm"))
    assert [h.evidence.get("mode") for h in hits] == ["zero-grad-norm"]


@pytest.mark.parametrize("n", [5, 50, 691])
@pytest.mark.parametrize("sentinel", [-1.0, -999.0])
def test_a_loss_printed_as_a_placeholder_is_reported(n, sentinel):
    """A wrapper printing 'Loss: -1.0000' on every summary line never computed the loss: the series is a
    placeholder (role inference leaves it out) and the report says so."""
    rng = np.random.default_rng(n)
    run = make_run(**{"Loss": np.full(n, sentinel), "mAP@0.5": np.clip(np.linspace(0, 0.9, n) + rng.normal(0, 0.01, n), 0, 1)})
    hits = [h for h in run_detector("damaged-log", run) if h.evidence.get("mode") == "placeholder-loss"]
    assert hits and hits[0].evidence["tag"] == "Loss" and hits[0].evidence["points"] == n


@pytest.mark.parametrize("case", ["few-points", "zero", "positive-constant", "fractional", "metric-minus-one", "moving"])
def test_no_placeholder_finding_for_real_series(case):
    n = 4 if case == "few-points" else 40
    tags = {"few-points": {"Loss": np.full(n, -1.0)},
            "zero": {"loss": np.zeros(n)},  # a loss stuck at exactly 0 is constant-loss's finding
            "positive-constant": {"loss": np.full(n, 2.0)},
            "fractional": {"loss": np.full(n, -0.5)},
            "metric-minus-one": {"bbox_mAP_s": np.full(n, -1.0)},  # MMDetection's 'not applicable'
            "moving": {"loss": -np.linspace(1, 2, n)}}[case]
    run = make_run(**tags, **{"val/acc": np.linspace(0.1, 0.9, n)})
    assert not [h for h in run_detector("damaged-log", run) if h.evidence.get("mode") == "placeholder-loss"]


# ------------------------------------------------- a held-out loss that is NaN/inf at a few points, finite again
def _eval_run(n_train, evals, bad_at, bad_value, seed=0, tag="val/loss", **extra):
    """A training run of n_train steps with `evals` evaluations of `tag`; the evaluations at the indices `bad_at`
    are `bad_value` (NaN or inf)."""
    rng = np.random.default_rng(seed)
    st = np.arange(n_train)
    loss = (0.3 + 2.0 * np.exp(-st / (0.2 * n_train))) * np.exp(rng.normal(0, 0.05, n_train))
    es = np.linspace(n_train / evals, n_train - 1, evals).astype(int)
    ev = (0.4 + 2.0 * np.exp(-es / (0.2 * n_train))) * np.exp(rng.normal(0, 0.02, evals))
    ev[list(bad_at)] = bad_value
    return make_run(**{"train/loss": loss, tag: (es, ev)}, **extra)


@pytest.mark.parametrize("n_train,evals", [(50, 6), (2000, 20), (20000, 300)])
@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
@pytest.mark.parametrize("where", ["first", "middle", "two"])
def test_a_held_out_loss_non_finite_at_a_few_points_is_reported(n_train, evals, bad, where):
    at = {"first": [0], "middle": [evals // 2], "two": [1, evals - 2]}[where]
    hits = [h for h in run_detector(NAME, _eval_run(n_train, evals, at, bad)) if h.evidence.get("mode") == "non-finite-points"]
    assert len(hits) == 1 and hits[0].severity == "info", hits
    assert hits[0].evidence["series"] == {"val/loss": len(at)}
    assert ("NaN" if bad != bad else "inf") in hits[0].message


@pytest.mark.parametrize("case", ["at-the-end", "everywhere", "too-few-finite", "train-loss", "finite"])
def test_no_non_finite_finding_where_it_is_not_an_isolated_glitch(case):
    if case == "at-the-end":  # a loss that went non-finite and stayed: the run's end, not a glitch
        run = _eval_run(2000, 20, [18, 19], float("nan"))
    elif case == "everywhere":  # a validation loss never computed
        run = _eval_run(2000, 20, range(20), float("nan"))
    elif case == "too-few-finite":
        run = _eval_run(2000, 4, [0, 1], float("inf"))
    elif case == "train-loss":  # a training loss NaN for a while is divergence's warning
        run = _eval_run(2000, 20, [], 0.0)
        v = run.series("train_loss").to_numpy().copy()
        v[500:510] = np.nan
        run = make_run(**{"train/loss": v})
    else:
        run = _eval_run(2000, 20, [], 0.0)
    assert [h for h in run_detector(NAME, run) if h.evidence.get("mode") == "non-finite-points"] == []


def test_a_non_finite_part_of_a_held_out_loss_counts_even_when_a_later_session_rewrote_the_step():
    """YOLO-style parts, and a second session appended to the log that re-wrote step 1: series() keeps the later
    (finite) value, but the inf is in the log and is reported."""
    es = np.arange(1, 11)
    parts = {f"val/{p}_loss": (np.concatenate([es[:5], es]), np.r_[np.full(5, 1.0), np.full(10, 0.9)])
             for p in ("box", "cls", "dfl")}
    cls_st, cls_v = parts["val/cls_loss"]
    cls_v = cls_v.copy()
    cls_v[0] = np.inf
    parts["val/cls_loss"] = (cls_st, cls_v)
    train = {f"train/{p}_loss": (es, np.linspace(2, 1, 10)) for p in ("box", "cls", "dfl")}
    run = make_run(**parts, **train)
    assert np.isfinite(run.series("val/cls_loss").to_numpy()).all()
    hits = [h for h in run_detector(NAME, run) if h.evidence.get("mode") == "non-finite-points"]
    assert len(hits) == 1 and hits[0].evidence["series"] == {"val/cls_loss": 1} and "step 1)" in hits[0].message


@pytest.mark.parametrize("rel", ["yolo_results_csv/yolov8-falcon-6-runs-appended-inf",
                                 "yolo_results_csv/yolov5-lid-nan-val-killed-150of300"])
def test_real_runs_with_a_non_finite_evaluation(rel):
    # the falcon results.csv holds six runs appended (one run each): val/cls_loss is inf at epoch 1 of the first
    # and at epochs 1-2 of the second
    runs = [r for k, r in real_runs() if k == rel] or [real_run(rel)]
    hits = {r.name.rpartition("#")[2]: [h for h in run_detector(NAME, r) if h.evidence.get("mode") == "non-finite-points"]
            for r in runs}
    hit = {k: [h.step for h in v] for k, v in hits.items() if v}
    assert hit == ({"1": [1], "2": [1]} if len(runs) > 1 else {runs[0].name.rpartition("#")[2]: [1]})


def test_tag_steps_and_values_keep_every_write_in_order():
    """Run.tag_steps / tag_values: every write, re-writes of a step included, where series() keeps the last."""
    run = make_run(**{"val/loss": (np.array([1, 2, 1, 2, 3]), np.array([np.inf, 1.0, 0.9, 0.8, 0.7]))})
    assert run.tag_steps("val/loss").tolist() == [1, 2, 1, 2, 3]
    assert run.tag_values("val/loss")[0] == np.inf and len(run.series("val/loss")) == 3
    assert len(run.tag_steps("absent")) == 0
