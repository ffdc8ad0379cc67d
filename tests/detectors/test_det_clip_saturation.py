"""G003 clip-saturation: clip rates against thresholds from hparams / tags / post-clip norms, near misses,
the Hugging Face default note, degenerate inputs, sample runs and real runs."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import (
    load_one,
    make_run,
    real_runs,
    real_runs_dir,
    run_detector,
)

from curvedoc.detectors._gradients import clip_threshold_from_hparams

NAME = "clip-saturation"


def norms(seed=0, n=2000, median=3.0, sigma=0.35, transient=True):
    """A realistic pre-clip grad norm: log-normal noise, a large first few steps, a slow decline."""
    rng = np.random.default_rng(seed)
    g = median * np.exp(rng.normal(0, sigma, n)) * np.linspace(1.3, 0.8, n)
    if transient:
        g[:5] *= np.array([40, 12, 5, 2, 1.5])
    return g


def loss(n, seed=1):
    rng = np.random.default_rng(seed)
    return (2.0 * np.exp(-np.arange(n) / (n / 4)) + 0.4) * np.exp(rng.normal(0, 0.05, n))


# ---------------------------------------------------------------------------------------- fires


def test_every_step_clipped_is_an_error_with_suggested_threshold():
    g = norms()
    run = make_run(train_loss=loss(len(g)), grad_norm=g, hparams={"max_grad_norm": 1.0})
    hits = run_detector(NAME, run)
    assert len(hits) == 1
    h = hits[0]
    assert h.severity == "error"
    assert h.evidence["clip_rate"] > 0.97
    assert h.evidence["threshold"] == 1.0 and "max_grad_norm" in h.evidence["threshold_source"]
    q = np.quantile(g[100:], 0.9)
    assert 0.8 * q <= h.evidence["suggested_threshold"] <= 1.25 * q
    assert 2.0 < h.evidence["median_norm_over_threshold"] < 4.0
    assert h.confidence >= 0.9
    assert "100%" in h.message or "99%" in h.message or "98%" in h.message


@pytest.mark.parametrize("hp", [{"optim": "adamw_torch"}, {"optimizer.class_path": "torch.optim.AdamW"},
                                {"optimizer._target_": "torch.optim.Adam"}])
def test_saturation_under_an_adaptive_optimizer_is_an_info(hp):
    # Adam's normalisation cancels a steady rescaling: the LR is not overridden, so no warning
    hits = run_detector(NAME, make_run(grad_norm=norms(seed=11), hparams={"max_grad_norm": 1.0, **hp}))
    assert len(hits) == 1 and hits[0].severity == "info" and "matters less than with SGD" in hits[0].message


@pytest.mark.parametrize("sigma", [0.05, 0.15, 0.3])
@pytest.mark.parametrize("n", [60, 2000])
def test_mild_cut_at_the_threshold_is_an_info(sigma, n):
    # LLM pretraining with norms ~= the threshold: clipped on most steps, but each step scaled by ~0.9
    g = norms(seed=5, n=n, median=1.05, sigma=sigma, transient=False)
    hits = run_detector(NAME, make_run(grad_norm=g, hparams={"max_grad_norm": 1.0, "optimizer": "SGD"}))
    assert len(hits) == 1 and hits[0].severity == "info" and "mild cut" in hits[0].message
    # the same share clipped by a wide margin stays a fault
    hits = run_detector(NAME, make_run(grad_norm=g * 2.0, hparams={"max_grad_norm": 1.0, "optimizer": "SGD"}))
    assert len(hits) == 1 and hits[0].severity in (None, "error")


def test_saturation_under_sgd_stays_an_error():
    hits = run_detector(NAME, make_run(grad_norm=norms(seed=11), hparams={"max_grad_norm": 1.0, "optimizer": "SGD"}))
    assert len(hits) == 1 and hits[0].severity == "error"


def test_majority_clipped_is_a_warning():
    g = norms(seed=2, sigma=0.8)  # a wide spread: the median norm is well above the threshold (not a mild cut)
    thr = float(np.quantile(g, 0.3))  # ~70% of steps above
    hits = run_detector(NAME, make_run(grad_norm=g, hparams={"optimizer.max_grad_norm": thr}))
    assert len(hits) == 1 and hits[0].severity is None
    assert 0.6 < hits[0].evidence["clip_rate"] < 0.8
    assert 0.5 <= hits[0].confidence < 0.9


def test_logged_every_500_steps_and_every_step_agree():
    g = norms(seed=3, n=400)
    sparse = make_run(steps=np.arange(500, 500 * 401, 500), grad_norm=g, hparams={"max_grad_norm": 1.0})
    h = run_detector(NAME, sparse)
    assert len(h) == 1 and h[0].severity == "error" and h[0].step % 500 == 0


@pytest.mark.parametrize(
    "hp",
    [{"trainer.gradient_clip_val": 1.0}, {"grad_clip": "1.0"}, {"args.clip_norm": 1}, {"gradient_clipping": 1.0},
     {"config.clip_grad_norm": {"value": 1.0}}],
)
def test_threshold_key_spellings(hp):
    hits = run_detector(NAME, make_run(grad_norm=norms(seed=4), hparams=hp))
    assert len(hits) == 1 and hits[0].evidence["threshold"] == 1.0


def test_threshold_from_a_logged_tag():
    g = norms(seed=5)
    run = make_run(grad_norm=g, clip_threshold=np.full(len(g), 0.5))
    hits = run_detector(NAME, run)
    assert len(hits) == 1 and hits[0].evidence["threshold"] == 0.5 and "tag" in hits[0].evidence["threshold_source"]


def test_post_clip_norm_pinned_at_threshold_without_pre_clip():
    g = norms(seed=6)
    run = make_run(grad_norm_clipped=np.minimum(g, 0.5))
    hits = run_detector(NAME, run)
    assert len(hits) == 1
    assert abs(hits[0].evidence["threshold"] - 0.5) < 1e-9
    assert hits[0].severity == "error" and "sits at the clipping threshold" in hits[0].message
    assert "suggested_threshold" not in hits[0].evidence


def test_pre_and_post_clip_without_threshold():
    g = norms(seed=7)
    run = make_run(grad_norm=g, grad_norm_clipped=np.minimum(g, 2.0))
    hits = run_detector(NAME, run)
    assert len(hits) == 1 and abs(hits[0].evidence["threshold"] - 2.0) < 1e-6
    assert 0.5 < hits[0].evidence["clip_rate"] < 0.95


def test_grad_norm_that_is_really_post_clip_is_recognised():
    """A framework logging the norm AFTER clipping: flat at the threshold on most steps."""
    g = np.minimum(norms(seed=8), 1.0)
    hits = run_detector(NAME, make_run(grad_norm=g))
    assert len(hits) == 1 and "sits at the clipping threshold" in hits[0].message
    assert abs(hits[0].evidence["threshold"] - 1.0) < 1e-9


def test_grad_norm_sq_is_square_rooted():
    g = norms(seed=9)
    hits = run_detector(NAME, make_run(grad_norm_sq=g**2, hparams={"grad_clip": 1.0}))
    assert len(hits) == 1 and "sqrt(grad_norm_sq)" in hits[0].message


def test_growing_norm_reranks_lr_first():
    g = norms(seed=10, transient=False) * np.exp(np.linspace(0, 5, 2000))
    hits = run_detector(NAME, make_run(grad_norm=g, hparams={"max_grad_norm": 1.0}))
    assert len(hits) == 1 and hits[0].causes[0] == "lr-too-high"


# ---------------------------------------------------------------------------------------- silent


@pytest.mark.parametrize("seed", range(10))
def test_silent_on_healthy_clip_rate(seed):
    g = norms(seed=20 + seed)
    thr = float(np.quantile(g, 0.93))
    assert run_detector(NAME, make_run(grad_norm=g, hparams={"max_grad_norm": thr})) == []


def test_borderline_40_percent_is_silent():
    g = norms(seed=30)
    thr = float(np.quantile(g[100:], 0.62))
    assert run_detector(NAME, make_run(grad_norm=g, hparams={"max_grad_norm": thr})) == []


def test_unknown_threshold_claims_nothing_outside_hf():
    assert run_detector(NAME, make_run(grad_norm=norms(seed=31) * 100)) == []


@pytest.mark.parametrize("hp", [{"max_grad_norm": 0}, {"train.grad_clip": -1}, {"gradient_clip_val": None},
                                {"gradient_clip_val": 1.0, "gradient_clip_algorithm": "value"}])
def test_clipping_disabled_is_silent(hp):
    assert run_detector(NAME, make_run(grad_norm=norms(seed=32), hparams=hp)) == []


def test_quantised_grad_norm_is_not_taken_for_a_ceiling():
    """A pre-clip norm logged with 1 decimal: its maximum repeats a few times only."""
    rng = np.random.default_rng(33)
    g = np.round(0.5 * np.exp(rng.normal(0, 0.2, 1500)), 1)
    assert run_detector(NAME, make_run(grad_norm=g)) == []


def test_constant_post_clip_tag_with_few_points_is_silent():
    assert run_detector(NAME, make_run(grad_norm_clipped=np.full(5, 1.0))) == []


# ------------------------------------------------------------------------------- HF default note


def test_hf_default_note_is_info_only_when_far_above_default():
    g = norms(seed=40) * 5e4
    hits = run_detector(NAME, make_run(grad_norm=g, source="hf-trainer-state"))
    assert len(hits) == 1 and hits[0].severity == "info" and hits[0].confidence <= 0.35
    assert "default" in hits[0].message and hits[0].causes == ("clip-too-low",)


def test_hf_default_note_silent_for_typical_llm_norms():
    g = norms(seed=41, median=2.5)
    assert run_detector(NAME, make_run(grad_norm=g, source="hf-trainer-state")) == []


def test_hf_default_note_can_be_disabled():
    g = norms(seed=42) * 5e4
    assert run_detector(NAME, make_run(grad_norm=g, source="hf-trainer-state"), hf_default_min_ratio=0.0) == []


# ---------------------------------------------------------------------------------- hparams helper


def test_clip_threshold_from_hparams():
    assert clip_threshold_from_hparams({}) == (None, None, False)
    assert clip_threshold_from_hparams({"lr": 1e-3}) == (None, None, False)
    assert clip_threshold_from_hparams({"max_grad_norm": 1.0}) == (1.0, "max_grad_norm", False)
    assert clip_threshold_from_hparams({"a.b.max_grad_norm": 2, "max_grad_norm": 0.5})[0] == 0.5
    assert clip_threshold_from_hparams({"grad_clip": 0.0})[2] is True
    assert clip_threshold_from_hparams({"grad_clip": "none"}) == (None, None, False)
    assert clip_threshold_from_hparams({"grad_clip": True}) == (None, None, False)
    assert clip_threshold_from_hparams({"grad_clip": float("nan")}) == (None, None, False)


# -------------------------------------------------------------------------------------- real runs


def test_real_runs_no_crash_and_no_warning():
    fired = {}
    for rel, r in real_runs():
        for h in run_detector(NAME, r):
            fired[rel] = h
    # A warning needs a threshold the run itself states (a printed config such as "max_grad_norm=1.0" in a
    # text log); otherwise only the Hugging Face default note may appear.
    stated = {rel for rel, r in real_runs()
              if any("grad_norm" in str(k).lower() or "clip" in str(k).lower() for k in r.hparams)}
    loud = {k: h.message for k, h in fired.items() if h.severity != "info" and k not in stated}
    assert not loud, loud


def test_real_trocr_huge_norms_get_the_hf_default_note():
    root = real_runs_dir()
    h = run_detector(NAME, load_one(root / "hf_trainer_state" / "trocr-gradnorm-huge-killed"))
    assert len(h) == 1 and h[0].severity == "info" and h[0].evidence["median_norm_over_threshold"] > 1e4


@pytest.mark.parametrize("run", ["t5-summarization-demo", "baize-tcm-llm", "mcfed-drl", "tinyllama-trl-sft", "star-hangeryang"])
def test_real_hf_runs_with_ordinary_norms_are_silent(run):
    root = real_runs_dir()
    assert run_detector(NAME, load_one(root / "hf_trainer_state" / run)) == []
