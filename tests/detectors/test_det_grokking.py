"""V003 grokking: delayed generalisation (accuracies or losses) vs ordinary learning, in-progress memorisation."""

from __future__ import annotations

import numpy as np
from _helpers import (
    label_check,
    make_run,
    run_detector,
)

NAME = "grokking"


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-np.clip(x, -500, 500)))


def grok_acc_run(seed=0, mem=1000, gen=8000, total=20000, percent=False, chance=1 / 97, every=10, eval_every=100,
                 width=300.0):
    rng = np.random.default_rng(seed)
    ts = np.arange(0, total + 1, every)
    tr_acc = np.clip(sigmoid((ts - mem * 0.6) / (mem * 0.1)) + rng.normal(0, 0.01, len(ts)), 0, 1)
    vs = np.arange(eval_every, total + 1, eval_every)
    va = chance + (0.99 - chance) * sigmoid((vs - gen) / width) + rng.normal(0, 0.01, len(vs))
    va = np.clip(va, 0, 1)
    if percent:
        tr_acc, va = tr_acc * 100, va * 100
    tl = (4.6 * (1 - sigmoid((ts - mem * 0.6) / (mem * 0.1))) + 1e-3) * np.exp(rng.normal(0, 0.1, len(ts)))
    return make_run(train_acc=(ts, tr_acc), val_acc=(vs, va), train_loss=(ts, tl))


def test_fires_on_textbook_grok():
    hits = run_detector(NAME, grok_acc_run())
    assert len(hits) == 1
    h = hits[0]
    assert h.severity is None  # rule default: info
    assert 7000 <= h.step <= 9000
    assert 500 <= h.evidence["memorisation_step"] <= 1500
    assert h.evidence["delay_ratio"] > 4
    assert h.confidence >= 0.8
    assert set(h.marks) == {h.evidence["memorisation_step"], h.evidence["generalisation_step"]}


def test_fires_with_percent_accuracies():
    hits = run_detector(NAME, grok_acc_run(percent=True, seed=2))
    assert len(hits) == 1 and 7000 <= hits[0].step <= 9000


def test_fires_on_losses_only():
    rng = np.random.default_rng(3)
    ts = np.arange(0, 20001, 10)
    tl = (4.6 * (1 - sigmoid((ts - 600) / 100)) + 1e-3) * np.exp(rng.normal(0, 0.1, len(ts)))
    vs = np.arange(100, 20001, 100)
    vl = (4.6 + 3.0 * sigmoid((vs - 1500) / 500)) * (1 - sigmoid((vs - 9000) / 300)) + 0.02
    vl = vl * np.exp(rng.normal(0, 0.03, len(vs)))
    hits = run_detector(NAME, make_run(train_loss=(ts, tl), val_loss=(vs, vl)))
    assert len(hits) == 1 and 8000 <= hits[0].step <= 10000


def test_silent_on_ordinary_learning():
    """val accuracy rises together with train accuracy (no delay)."""
    rng = np.random.default_rng(4)
    ts = np.arange(0, 10001, 10)
    ta = np.clip(1 - 0.9 * np.exp(-ts / 1500) + rng.normal(0, 0.01, len(ts)), 0, 1)
    vs = np.arange(200, 10001, 200)
    va = np.clip(0.92 - 0.82 * np.exp(-vs / 1500) + rng.normal(0, 0.01, len(vs)), 0, 1)
    assert run_detector(NAME, make_run(train_acc=(ts, ta), val_acc=(vs, va))) == []


def test_silent_while_still_memorised_at_the_end():
    """memorised, val still at chance when the run ends: may never grok (V001's business)."""
    assert run_detector(NAME, grok_acc_run(gen=10 ** 9)) == []


def test_silent_on_short_lag():
    """val rises shortly after train saturates (a lag of 3% of the run): not a delayed generalisation."""
    assert run_detector(NAME, grok_acc_run(mem=1000, gen=1400, width=100)) == []


def test_silent_on_slow_drift():
    """val creeps up slowly over the whole run after memorisation: not a sharp transition."""
    rng = np.random.default_rng(5)
    ts = np.arange(0, 20001, 10)
    ta = np.clip(sigmoid((ts - 600) / 100) + rng.normal(0, 0.01, len(ts)), 0, 1)
    vs = np.arange(100, 20001, 100)
    va = np.clip(0.05 + 0.6 * (vs / 20000.0) ** 0.7 + rng.normal(0, 0.01, len(vs)), 0, 1)
    assert run_detector(NAME, make_run(train_acc=(ts, ta), val_acc=(vs, va))) == []


def test_silent_on_transient_bump():
    rng = np.random.default_rng(6)
    ts = np.arange(0, 20001, 10)
    ta = np.clip(sigmoid((ts - 600) / 100) + rng.normal(0, 0.01, len(ts)), 0, 1)
    vs = np.arange(100, 20001, 100)
    va = 0.05 + 0.8 * np.exp(-((vs - 9000) / 600.0) ** 2) + rng.normal(0, 0.01, len(vs))
    assert run_detector(NAME, make_run(train_acc=(ts, ta), val_acc=(vs, np.clip(va, 0, 1)))) == []


# ----------------------------------------------------------------------------- real runs
def test_real_runs_against_labels():
    """Grokking is found on the modular-addition run that groks (test accuracy jumps to 1.0 at ~52k steps, long
    after train accuracy hit 1.0), and nowhere else: memorisers (geollm-memorize, whisper-large-v2-ja, the wd0.1
    modadd run that never generalises) stay silent."""
    fired, must, allowed = label_check(NAME, severe_only=False)
    assert "csv_custom/modadd-adamw-wd1-grokking" in fired
    assert fired <= allowed, sorted(fired - allowed)
