"""Every eval set of a run is judged (issue 11), not only the one chosen for the val_loss role: one held-out set can
overfit while the main one still improves. Synthetic families over noise, evaluation count and seeds; healthy
siblings must stay silent."""

from __future__ import annotations

import numpy as np
import pytest

import curvedoc
from curvedoc.model.run import Run, make_frame


def _run(seed=0, n=300, every_eval=10, noise=0.02, ood_rise=0.8, sets=("ood", "other")):
    rng = np.random.default_rng(seed)
    st = np.arange(n) * 10
    x = np.arange(n) / n
    tags, steps, vals = [], [], []

    def add(t, s, v):
        tags.extend([t] * len(s))
        steps.extend(s)
        vals.extend(v)

    add("loss", st, 2 * np.exp(-4 * x) + 0.1 + noise * rng.standard_normal(n))
    ev, xe = st[::every_eval], x[::every_eval]
    add("eval_loss", ev, 2 * np.exp(-4 * xe) + 0.3 + noise * rng.standard_normal(len(ev)))
    for i, name in enumerate(sets):
        rise = ood_rise * np.maximum(xe - 0.4, 0) if name == "ood" else 0
        add(f"eval_{name}_loss", ev, 2 * np.exp(-4 * xe) + 0.4 + 0.1 * i + rise + noise * rng.standard_normal(len(ev)))
    return Run("sets", "json", make_frame(tags, steps, vals))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("every_eval,noise", [(10, 0.02), (5, 0.05), (20, 0.01)])
def test_an_eval_set_that_overfits_alone_is_reported(seed, every_eval, noise):
    rr = curvedoc.diagnose(_run(seed=seed, every_eval=every_eval, noise=noise, ood_rise=2.0)).runs[0]
    v = [f for f in rr.findings if f.code == "V001"]
    assert v and v[0].evidence.get("eval_set") == "eval_ood_loss", [f.message for f in rr.findings]
    assert "eval set eval_ood_loss overfits while eval_loss does not" in v[0].message


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("every_eval,noise", [(10, 0.02), (5, 0.05), (20, 0.01)])
def test_healthy_eval_sets_stay_silent(seed, every_eval, noise):
    rr = curvedoc.diagnose(_run(seed=seed, every_eval=every_eval, noise=noise, ood_rise=0.0,
                                sets=("ood", "other", "third"))).runs[0]
    assert not [f for f in rr.findings if f.code == "V001"], [f.message for f in rr.findings]
