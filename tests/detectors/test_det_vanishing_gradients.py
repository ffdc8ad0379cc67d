"""G002 vanishing-gradients: per-layer depth profiles and global collapses with realistic noise, near misses
(converged runs, biases/normalisation params, unordered names), layer ordering, degenerate inputs, sample
runs and real runs."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import KNOWN_DISAGREEMENTS
from _helpers import (
    make_run,
    real_runs,
    run_detector,
)

from curvedoc.detectors._gradients import order_layers, param_kind

NAME = "vanishing-gradients"


def noisy(rng, level, n, sigma=0.3):
    return level * np.exp(rng.normal(0, sigma, n))


def flat_loss(rng, n, start=2.3, fall=0.05):
    return start * (1 - fall * np.arange(n) / n) * np.exp(rng.normal(0, 0.03, n))


def falling_loss(rng, n, start=2.3, end=0.2):
    return (end + (start - end) * np.exp(-np.arange(n) / (n / 6))) * np.exp(rng.normal(0, 0.05, n))


def layer_run(per_layer_decay, n=600, layers=10, seed=0, loss="flat", fmt="grad_norm/layer_{i:02d}", extra=None, steps=None):
    rng = np.random.default_rng(seed)
    tags = {fmt.format(i=i): noisy(rng, 1e-2 * per_layer_decay ** (layers - 1 - i), n) for i in range(layers)}
    tags["train_loss"] = flat_loss(rng, n) if loss == "flat" else falling_loss(rng, n)
    tags.update(extra or {})
    return make_run(steps=steps, **tags)


# ------------------------------------------------------------------------------------- per-layer


def test_deep_sigmoid_profile_fires_from_the_start():
    hits = run_detector(NAME, layer_run(0.25))
    assert len(hits) == 1
    h = hits[0]
    assert h.severity is None and h.evidence["mode"] == "per-layer"
    assert h.evidence["first_layer"] == "layer_00" and h.evidence["last_layer"] == "layer_09"
    assert h.evidence["gap_decades"] > 3 and h.evidence["rank_corr"] > 0.9
    assert h.step == 0 and h.confidence >= 0.85
    assert "decades" in h.message and "layer_00" in h.message


def test_numbered_parameter_names_and_sparse_logging():
    """torch named_parameters style ('0.weight', '2.weight' ...), logged every 50 steps."""
    hits = run_detector(NAME, layer_run(0.2, n=40, layers=6, fmt="grad_norm/{i}.weight", steps=np.arange(0, 2000, 50)))
    assert len(hits) == 1 and hits[0].evidence["first_layer"] == "0.weight"


def test_gap_that_opens_during_training_has_a_later_onset():
    rng = np.random.default_rng(1)
    n, layers = 800, 8
    t = np.arange(n)
    tags = {}
    for i in range(layers):
        depth = layers - 1 - i
        decay = np.where(t < 400, 0.9, 0.2) ** depth  # healthy first, then vanishing
        tags[f"grad_norm/layer_{i}"] = noisy(rng, 1e-2 * decay, n)
    tags["train_loss"] = flat_loss(rng, n)
    hits = run_detector(NAME, make_run(**tags))
    assert len(hits) == 1 and 380 <= hits[0].step <= 520


def test_learning_network_is_only_info():
    hits = run_detector(NAME, layer_run(0.3, loss="falling"))
    assert len(hits) == 1 and hits[0].severity == "info" and "still learns" in hits[0].message


def test_frozen_input_layers_point_to_frozen_params():
    rng = np.random.default_rng(2)
    n = 300
    tags = {f"grad_norm/layer_{i}": (np.zeros(n) if i < 2 else noisy(rng, 1e-2, n)) for i in range(6)}
    tags["train_loss"] = flat_loss(rng, n)
    hits = run_detector(NAME, make_run(**tags))
    assert len(hits) == 1 and hits[0].causes[0] == "frozen-params"


@pytest.mark.parametrize("seed", range(5))
def test_healthy_depth_profile_is_silent(seed):
    """Heads largest, input layers ~10x smaller: normal."""
    assert run_detector(NAME, layer_run(0.75, seed=seed)) == []


def test_one_odd_layer_is_not_a_depth_trend():
    rng = np.random.default_rng(3)
    n = 400
    levels = [1e-2, 1e-2, 1e-6, 1e-2, 1e-2, 1e-2, 1e-2, 1e-6, 1e-2]
    tags = {f"grad_norm/layer_{i}": noisy(rng, lv, n) for i, lv in enumerate(levels)}
    tags["train_loss"] = flat_loss(rng, n)
    assert run_detector(NAME, make_run(**tags)) == []


def test_biases_and_norm_params_are_left_out():
    """Weights equal across depth; biases/LayerNorm 1000x smaller at the input side only."""
    rng = np.random.default_rng(4)
    n = 300
    tags = {}
    for i in range(6):
        tags[f"grad_norm/layers.{i}.weight"] = noisy(rng, 1e-2, n)
        tags[f"grad_norm/layers.{i}.bias"] = noisy(rng, 1e-2 * 0.2 ** (5 - i), n)
        tags[f"grad_norm/layers.{i}.ln.weight"] = noisy(rng, 1e-2 * 0.2 ** (5 - i), n)
    tags["train_loss"] = flat_loss(rng, n)
    assert run_detector(NAME, make_run(**tags)) == []


def test_unordered_layer_names_are_not_judged():
    rng = np.random.default_rng(5)
    n = 300
    tags = {f"grad_norm/{nm}": noisy(rng, lv, n) for nm, lv in [("conv", 1e-7), ("dense", 1e-4), ("attn", 1e-2), ("mlp", 1e-1)]}
    tags["train_loss"] = flat_loss(rng, n)
    assert run_detector(NAME, make_run(**tags)) == []


def test_order_layers():
    assert order_layers(["layer_10", "layer_2", "layer_1"]) == ["layer_1", "layer_2", "layer_10"]
    assert order_layers(["head", "h.1", "wte", "h.0"]) == ["wte", "h.0", "h.1", "head"]
    assert order_layers(["fc2", "classifier", "fc1"]) == ["fc1", "fc2", "classifier"]
    assert order_layers(["conv", "dense", "attn"]) is None
    bert = ["bert.encoder.layer.1.output.dense.weight", "bert.encoder.layer.0.output.dense.weight",
            "classifier.weight", "bert.embeddings.word_embeddings.weight", "bert.encoder.layer.10.attention.output.dense.weight"]
    assert order_layers(bert) == [bert[3], bert[1], bert[0], bert[4], bert[2]]
    resnet = ["layer1.0.conv1.weight", "fc.weight", "conv1.weight", "layer4.1.conv2.weight"]
    assert order_layers(resnet)[-1] == "fc.weight"
    assert order_layers(["model.layers.0.mlp.c_fc.weight", "model.layers.1.mlp.c_fc.weight"])[0] == "model.layers.0.mlp.c_fc.weight"
    assert order_layers(["x"]) is None
    assert param_kind("encoder.layer.3.attention.self.query.bias") == "bias"
    assert param_kind("layers.2.ln.weight") == "norm"
    assert param_kind("bn1.weight") == "norm"
    assert param_kind("layer_03") == "weight"
    assert param_kind("0.weight") == "weight"


# ---------------------------------------------------------------------------------------- global


def test_global_collapse_with_flat_loss_fires():
    rng = np.random.default_rng(6)
    n = 1000
    g = noisy(rng, 1.0, n) * np.where(np.arange(n) < 300, 1.0, 1e-4)
    hits = run_detector(NAME, make_run(grad_norm=g, train_loss=flat_loss(rng, n)))
    assert len(hits) == 1 and hits[0].evidence["mode"] == "global"
    assert 250 <= hits[0].step <= 400 and hits[0].evidence["drop_decades"] > 3


def test_global_norm_dropping_to_exact_zero_points_to_frozen_params():
    rng = np.random.default_rng(7)
    n = 500
    g = np.where(np.arange(n) < 200, noisy(rng, 0.5, n), 0.0)
    hits = run_detector(NAME, make_run(grad_norm=g, train_loss=flat_loss(rng, n)))
    assert len(hits) == 1 and hits[0].causes[0] == "frozen-params"


def test_norm_shrinking_with_a_converging_loss_is_healthy():
    rng = np.random.default_rng(8)
    n = 2000
    g = noisy(rng, 1.0, n) * np.exp(-np.arange(n) / 200)  # 4 decades
    hits = run_detector(NAME, make_run(grad_norm=g, train_loss=falling_loss(rng, n, end=0.01)))
    assert hits == []


def test_large_initial_transient_then_normal_norm_is_silent():
    """whisper-like: the first point is 20x the rest; loss falls moderately."""
    rng = np.random.default_rng(9)
    n = 400
    g = noisy(rng, 15.0, n, 0.2)
    g[0] = 300
    assert run_detector(NAME, make_run(grad_norm=g, train_loss=flat_loss(rng, n, fall=0.2))) == []


def test_short_initial_transient_is_not_the_peak():
    """The first 3% of the steps have 100x norms (init transient), then a normal norm; loss improves little."""
    rng = np.random.default_rng(12)
    n = 1000
    g = noisy(rng, 1.0, n) * np.where(np.arange(n) < 30, 300.0, 1.0)
    assert run_detector(NAME, make_run(grad_norm=g, train_loss=flat_loss(rng, n, fall=0.1))) == []


def test_global_collapse_needs_a_training_loss():
    rng = np.random.default_rng(10)
    n = 500
    g = noisy(rng, 1.0, n) * np.where(np.arange(n) < 200, 1.0, 1e-4)
    assert run_detector(NAME, make_run(grad_norm=g)) == []


def test_moderate_decline_is_silent():
    rng = np.random.default_rng(11)
    n = 800
    g = noisy(rng, 1.0, n) * np.linspace(1.0, 0.05, n)  # 1.3 decades
    assert run_detector(NAME, make_run(grad_norm=g, train_loss=flat_loss(rng, n))) == []


# -------------------------------------------------------------------------------------- real runs


def test_real_runs_no_crash_and_silent():
    """No real run has per-layer norms; the HF runs' grad_norm never collapses by 100x (baize falls with a
    converging loss, whisper-bashkir has a 286 first point then ~15-17): nothing may fire."""
    fired = {}
    for rel, r in real_runs():
        for h in run_detector(NAME, r):
            fired[rel] = h.message
    known = set(KNOWN_DISAGREEMENTS.get(NAME, {}))
    assert {k: v for k, v in fired.items() if k not in known} == {}


@pytest.mark.parametrize("n", [72, 400, 3000])
@pytest.mark.parametrize("transient", [4, 0.05])
def test_huge_first_norms_then_ordinary_training_is_not_vanishing(n, transient):
    """A mixed-precision detector run: the first logged norms are 1e5 (unscaled), the norm then falls to ~1 and
    climbs back to 50-500 as training goes on. It collapsed and recovered: no vanishing gradients."""
    rng = np.random.default_rng(n)
    k = transient if isinstance(transient, int) else max(2, int(transient * n))
    x = np.arange(n) / n
    g = noisy(rng, 1.0, n) * np.where(np.arange(n) < k, 2e5, 0.6 * 10 ** (2.8 * np.minimum(x / 0.6, 1.0)))
    hits = run_detector(NAME, make_run(grad_norm=g, train_loss=flat_loss(rng, n, fall=0.1)))
    assert not [h for h in hits if h.evidence.get("mode") == "global"]
    # the same start with a norm that stays down is a collapse
    g2 = noisy(rng, 1.0, n) * np.where(np.arange(n) < n // 5, 1.0, 1e-4)
    hits = run_detector(NAME, make_run(grad_norm=g2, train_loss=flat_loss(rng, n)))
    assert [h for h in hits if h.evidence.get("mode") == "global"]


def test_a_policy_gradient_norm_falling_to_zero_is_not_vanishing_gradients():
    # a GRPO run (TRL trainer_state): the loss sits near 0 as GRPO's does, the reward is logged, and the global grad
    # norm reads exactly 0 at many of its points (every rollout of those groups scored the same: zero advantage, no
    # signal). That is the learning signal missing -- the reward's rules speak of it -- not gradients vanishing
    # through depth; the same norm and loss without a reward (a supervised run) are still judged
    import numpy as np
    from _helpers import make_run

    gn = np.array([1.64, 1.81, 1.24, 0.8, 0.84, 0, 0, 0, 0.66, 0.75, 0.7, 0.66, 1.06, 0.85, 0.68, 0.93, 1.09, 0.98, 0,
                   0, 0.84, 0.76, 0, 1.02, 0.87, 0, 0.79, 0.7, 0.76, 0.71, 1.08, 0.73, 0, 0, 0.72, 0, 0, 0.76, 0.76,
                   0.7, 0, 0.63, 0, 0, 0, 0.71, 1.03, 0, 1.02, 0.65])
    rng = np.random.default_rng(0)
    loss = np.array([-0.0143, 0.008, 0.0008, 0.0133, -0.0002, -0.0126] + list(rng.normal(0.0005, 0.003, 44)))
    steps = np.arange(10, 510, 10)
    reward = np.cumsum(rng.normal(0.05, 0.5, 50))
    rl = make_run(loss=(steps, loss), reward=(steps, reward), grad_norm=(steps, gn))
    assert run_detector(NAME, rl) == []
    sup = make_run(loss=(steps, loss), grad_norm=(steps, gn))
    assert run_detector(NAME, sup), "the supervised twin is judged as before"


def test_the_two_ends_of_a_deep_sigmoid_net_logged_by_hand_show_vanishing_gradients():
    # a user logs grad_norm/first_layer and grad_norm/last_layer: 1e-10 against 0.5 over the whole run (a 12-layer
    # sigmoid MLP) is the signature; the same two ends within a decade of each other are a healthy net
    rng = np.random.default_rng(0)
    n = 120
    loss = 3.0 + rng.normal(0, 0.01, n)
    first = 1e-10 * np.exp(rng.normal(0, 0.1, n))
    last = 0.5 * np.exp(rng.normal(0, 0.1, n))
    hits = run_detector(NAME, make_run(train_loss=loss, **{"grad_norm/first_layer": first,
                                                            "grad_norm/last_layer": last}))
    assert hits and hits[0].evidence["mode"] == "per-layer" and "two ends" in hits[0].message
    ok = run_detector(NAME, make_run(train_loss=np.exp(-np.arange(n) / 40), **{
        "grad_norm/first_layer": 0.1 * np.exp(rng.normal(0, 0.1, n)), "grad_norm/last_layer": last}))
    assert ok == []
