"""C001 baseline-departure: a run against a baseline. Synthetic families (noise, length, logging interval,
evaluation count, seeds) for the band; the real reseeded / changed pairs are in test_compare.py."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run, run_detector

from curvedoc.detectors._baseline import BandParams, choose_axis, compare_run, pairs
from curvedoc.model.run import RunView

NAME = "baseline-departure"


def recipe(seed, *, total=3000, every=10, evals=20, batch=16, scale=1.0, change_at=None, change=1.0,
           tau_jitter=0.04, floor_jitter=0.04, lr_peak=1e-3, acc=False, epoch_steps=None, name="run"):
    """One run of a synthetic recipe: a decaying loss whose time constant and floor vary a few percent with the
    seed (how reseeded runs differ), per-batch gamma noise, a validation loss at ``evals`` points, a cosine LR.
    ``change`` multiplies both losses from ``change_at`` (a fraction of the run) on."""
    rng = np.random.default_rng(seed)
    tau = 0.15 * (1 + tau_jitter * rng.standard_normal())
    floor = 0.4 * (1 + floor_jitter * rng.standard_normal())
    ts = np.arange(0, total, every)
    clean = floor + (2.3 - floor) * np.exp(-ts / (tau * total))
    mult = np.ones(len(ts)) if change_at is None else np.where(ts >= change_at * total, change, 1.0)
    tl = clean * mult * rng.gamma(batch, 1.0 / batch, len(ts)) * scale
    vs = np.linspace(total / evals, total, evals).round().astype(int)
    vclean = 1.1 * (floor + (2.3 - floor) * np.exp(-vs / (tau * total)))
    vmult = np.ones(len(vs)) if change_at is None else np.where(vs >= change_at * total, change, 1.0)
    vl = vclean * vmult * (1 + 0.005 * rng.standard_normal(len(vs))) * scale
    lr = lr_peak * 0.5 * (1 + np.cos(np.pi * ts / total))
    tags = {"train_loss": (ts, tl), "val_loss": (vs, vl), "lr": (ts, lr)}
    if acc:
        tags["val_acc"] = (vs, np.clip(1 - 0.25 * vl / vl[-1] * 0.4, 0, 1))
    if epoch_steps:
        tags["epoch"] = (ts, ts / epoch_steps)
    return make_run(name, **tags)


def with_baseline(run, *bases):
    return RunView(run, baseline=bases)


def hits_of(run, **kw):
    return run_detector(NAME, run, **kw)


def worse(hits):
    return [h for h in hits if h.severity is None]  # the rule's default severity: error


# ------------------------------------------------------------------------------------------ reseeded: silent
@pytest.mark.parametrize("total,every,evals,batch", [
    (300, 1, 5, 16), (3000, 10, 20, 16), (30000, 50, 100, 16),   # length and logging interval
    (3000, 1, 100, 4), (3000, 10, 20, 64), (3000, 100, 8, 16),   # noise (batch) and sparse logs
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_reseeded_runs_stay_inside_the_band(total, every, evals, batch, seed):
    base = recipe(0, total=total, every=every, evals=evals, batch=batch, name="base")
    run = with_baseline(recipe(seed, total=total, every=every, evals=evals, batch=batch), base)
    assert hits_of(run) == [], [h.message for h in hits_of(run)]


def test_identical_run_matches_and_no_hit_without_a_baseline():
    base = recipe(0)
    assert hits_of(recipe(0)) == []  # no baseline: the rule does not apply
    assert hits_of(with_baseline(recipe(0), base)) == []


# ------------------------------------------------------------------------------------------ changes: found
@pytest.mark.parametrize("total,every,evals", [(300, 1, 5), (3000, 10, 20), (30000, 50, 100), (3000, 100, 10)])
@pytest.mark.parametrize("at", [0.0, 0.3, 0.6])
def test_a_lasting_change_is_worse_from_where_it_starts(total, every, evals, at):
    base = recipe(0, total=total, every=every, evals=evals, name="base")
    run = with_baseline(recipe(1, total=total, every=every, evals=evals, change_at=at, change=1.6), base)
    hits = worse(hits_of(run))
    tags = {h.evidence["tag"] for h in hits}
    assert "val_loss" in tags, [h.message for h in hits_of(run)]
    for h in hits:
        onset = h.step / total
        # the onset lies at the change, within the smoothing: a running median over 5 evaluations lets a jump
        # show up to two evaluations early and late on a sparse curve
        sparse = 2.5 / evals if h.evidence["tag"] == "val_loss" else 0.0
        assert at - 0.02 - sparse <= onset <= at + 0.08 + sparse, (h.evidence["tag"], h.step, at * total)
        assert "worse than the baseline since step" in h.message and "final" in h.message


def test_better_run_and_different_lr_are_info():
    base = recipe(0, name="base")
    run = with_baseline(recipe(1, change_at=0.0, change=0.5, lr_peak=3e-3), base)
    hits = hits_of(run)
    by_tag = {h.evidence["tag"]: h for h in hits}
    assert by_tag["val_loss"].severity == "info" and by_tag["val_loss"].evidence["side"] == "better"
    assert by_tag["lr"].severity == "info" and by_tag["lr"].evidence["side"] == "different"
    assert "has differed from the baseline since step 0" in by_tag["lr"].message
    assert worse(hits) == []


def test_small_change_inside_the_single_seed_tolerance_is_not_reported_but_rtol_zero_finds_it():
    base = recipe(0, name="base", tau_jitter=0, floor_jitter=0)
    run = with_baseline(recipe(0, change_at=0.0, change=1.10, tau_jitter=0, floor_jitter=0), base)
    assert worse(hits_of(run)) == []          # 10% is within seed_rtol 15% of a single-run baseline
    found = worse(hits_of(run, seed_rtol=0.0))  # same seed, deterministic: the 10% is real
    assert {h.evidence["tag"] for h in found} >= {"val_loss"}


def test_scale_invariance():
    for scale in (1e-4, 1.0, 1e4):
        base = recipe(0, scale=scale, name="base")
        same = with_baseline(recipe(2, scale=scale), base)
        assert hits_of(same) == []
        bad = with_baseline(recipe(2, scale=scale, change_at=0.5, change=1.8), base)
        assert worse(hits_of(bad)), scale


def test_accuracy_is_compared_as_error_rate():
    ts = np.arange(0, 2000, 100)
    base = make_run("base", train_loss=(ts, 1 / (1 + ts / 300)), val_acc=(ts, 0.95 - 0.5 * np.exp(-ts / 300)))
    # 0.95 -> 0.90 accuracy doubles the error rate: worse; as percent too
    run = make_run("run", train_loss=(ts, 1 / (1 + ts / 300)), val_acc=(ts, 0.90 - 0.45 * np.exp(-ts / 300)))
    hits = worse(hits_of(with_baseline(run, base)))
    assert [h.evidence["tag"] for h in hits] == ["val_acc"]
    pct_b = make_run("base", train_loss=(ts, 1 / (1 + ts / 300)), val_acc=(ts, 100 * (0.95 - 0.5 * np.exp(-ts / 300))))
    pct_r = make_run("run", train_loss=(ts, 1 / (1 + ts / 300)), val_acc=(ts, 100 * (0.90 - 0.45 * np.exp(-ts / 300))))
    assert [h.evidence["tag"] for h in worse(hits_of(with_baseline(pct_r, pct_b)))] == ["val_acc"]
    # accuracy 0.951 vs 0.95: nothing
    same = make_run("run", train_loss=(ts, 1 / (1 + ts / 300)), val_acc=(ts, 0.951 - 0.5 * np.exp(-ts / 300)))
    assert hits_of(with_baseline(same, base)) == []


def test_several_baseline_seeds_measure_the_spread():
    bases = [recipe(s, name=f"base{s}") for s in (10, 11, 12)]
    for seed in (1, 2, 3, 4):
        assert hits_of(with_baseline(recipe(seed), *bases)) == []
    bad = with_baseline(recipe(5, change_at=0.4, change=1.5), *bases)
    assert {h.evidence["tag"] for h in worse(hits_of(bad))} >= {"val_loss"}


def test_epoch_axis_when_the_batch_size_differs():
    """Twice the batch size: half the steps per epoch, the same curve per epoch. Compared by step it would look
    twice as fast; by epoch it matches."""
    total = 3000
    base = recipe(0, total=total, epoch_steps=300, name="base")
    ts = np.arange(0, total // 2, 5)
    b = base.series("train_loss")
    tl = np.interp(ts * 2, b.index.to_numpy(), b.to_numpy())
    vs = np.linspace(75, 1500, 20).round().astype(int)
    v = base.series("val_loss")
    vl = np.interp(vs * 2, v.index.to_numpy(), v.to_numpy())
    run = make_run("run", train_loss=(ts, tl), val_loss=(vs, vl), epoch=(ts, ts / 150))
    run = RunView(run, baseline=[base])
    assert choose_axis(run, [base])[0] == "epoch"
    assert hits_of(run) == []
    assert worse(hits_of(run, align="step")) or hits_of(run, align="step"), "by step the curves differ"


def test_a_shorter_run_is_compared_where_both_have_data():
    base = recipe(0, name="base")
    run = make_run("run", **{t: (s.index.to_numpy()[: len(s) // 2], s.to_numpy()[: len(s) // 2])
                             for t, s in ((t, recipe(1).series(t)) for t in ("train_loss", "val_loss", "lr"))})
    cmp = compare_run(with_baseline(run, base), [base], BandParams(4, 0, 0, 0.15, 0.02, 0.05, 0.03, 0.9, 3, "auto"))
    assert any("compared where both have data" in n for n in cmp.notes)
    assert hits_of(run) == []


def test_pairing_by_role_across_tag_names():
    ts = np.arange(0, 1000, 10)
    base = make_run("base", **{"train/loss": (ts, 2 / (1 + ts / 100)), "eval/loss": (ts, 2.2 / (1 + ts / 100))})
    run = make_run("run", **{"loss": (ts, 2 / (1 + ts / 100)), "val_loss": (ts, 2.2 / (1 + ts / 100))})
    keys = {p.key: (p.run_tag, p.base_tags[0]) for p in pairs(run, [base])}
    assert keys["train_loss"] == ("loss", "train/loss") and keys["val_loss"] == ("val_loss", "eval/loss")


def test_diagnose_does_not_list_the_comparison_rule_as_skipped(tmp_path):
    import curvedoc

    rep = curvedoc.diagnose(recipe(0))
    rr = rep.runs[0]
    assert all(s["code"] != "C001" for s in rr.skipped)
    assert "C001" not in rr.coverage["rules_ran"]


def test_window_reductions_equal_the_reduction_of_each_window():
    """The band's running medians, local noise and shift envelope reduce every window of one width as one block
    (issue 41): each number must be the one np.median / np.max / np.min gives that window's slice alone, empty
    windows taking the nearest point (medians) or zero (noise), whatever the spacing, width or NaN."""
    from curvedoc.detectors._baseline import _local_sigma, _sliding, _window_median

    rng = np.random.default_rng(41)
    for _ in range(300):
        n = int(rng.integers(1, 120))
        x = np.cumsum(rng.random(n) * 3) if rng.random() < 0.5 else np.arange(n, dtype=float) * 10
        y = rng.standard_normal(n)
        if rng.random() < 0.2:
            y[rng.integers(0, n)] = np.nan
        at = np.sort(rng.uniform(x[0] - 5, x[-1] + 5, int(rng.integers(1, 80))))
        h = float(rng.choice([0.0, 0.4, 2.0, 15.0, 1e4]))
        lo, hi = np.searchsorted(x, at - h, side="left"), np.searchsorted(x, at + h, side="right")
        near = np.clip(np.searchsorted(x, at), 0, n - 1)  # the nearest point, the later one on a tie
        near = np.where((near > 0) & (np.abs(x[near - 1] - at) < np.abs(x[near] - at)), near - 1, near)
        want = [np.median(y[a:b]) if b > a else y[j] for a, b, j in zip(lo, hi, near)]
        assert np.array_equal(_window_median(x, y, at, h), np.array(want), equal_nan=True)
        noise = []
        for a, b, t in zip(lo, hi, at):
            if b - a < 5:
                c = int(np.clip(np.searchsorted(x, t), 0, n - 1))
                b = min(n, c - 2 + 5)
                a = max(0, b - 5)
            noise.append(1.4826 * np.median(y[a:b]) if b > a else 0.0)
        assert np.array_equal(_local_sigma(x, y, at, h), np.array(noise), equal_nan=True)
        if h > 0:
            lo, hi = np.searchsorted(x, x - h, side="left"), np.searchsorted(x, x + h, side="right")
            for fn in (np.max, np.min):
                want = np.array([fn(y[a:b]) for a, b in zip(lo, hi)])
                assert np.array_equal(_sliding(y, x, h, fn), want, equal_nan=True)
