"""Role inference stays linear in the number of tags (issue 39, item 28: 200k distinct text-log keys took 78 s).

The old code asked every tag's name again for every role (12 roles), and its per-name cache holds 65,536 names,
so past that every question was answered afresh; loss parts were compared pairwise. These tests count the work
per tag instead of timing it, and compare the cost of 2,000 and 8,000 loss parts loosely (linear: about 4x).
Measured figures: benchmarks/role_inference.py.
"""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

from curvedoc.model import roles
from curvedoc.model.run import Run, make_frame


def _run(names: list[str], per: int, extra: dict[str, np.ndarray] | None = None) -> Run:
    extra = extra or {}
    tags = np.repeat(np.asarray(names + list(extra), dtype=object), [per] * len(names) + [len(v) for v in extra.values()])
    steps = np.concatenate([np.tile(np.arange(per), len(names)), *[np.arange(len(v)) for v in extra.values()]])
    values = np.concatenate([np.random.default_rng(0).uniform(0.1, 1.0, per * len(names)), *extra.values()])
    return Run("many-tags", "synthetic", make_frame(tags, steps, values))


def _everything_asked_of_names(run: Run) -> dict:
    """What diagnosing a run asks the roles code about its names (the text-log reader asks role_of_name of
    every key it read)."""
    got = dict(run.roles)
    run.family_map()
    roles.other_losses(run)
    for t in run.tags:
        roles.role_of_name(t)
    return got


@pytest.fixture
def counted(monkeypatch):
    """Counts of infer_role calls (cache hits included: each is a question asked) and of table regex calls."""
    calls = {"infer_role": 0, "pattern": 0}
    real_infer, real_first = roles.infer_role, roles._first_pattern

    def infer_role(tag):
        calls["infer_role"] += 1
        return real_infer(tag)

    def first_pattern(combined, text):
        calls["pattern"] += 1
        return real_first(combined, text)

    monkeypatch.setattr(roles, "infer_role", infer_role)
    monkeypatch.setattr(roles, "_first_pattern", first_pattern)
    return calls


def test_each_name_is_asked_a_bounded_number_of_times(counted):
    """3,000 keys no role reads plus 3,000 loss parts beside a training loss: each name is inferred at most
    twice (resolution once, role_of_name once), and a key no pattern can name costs no per-role regex at all."""
    n = 3000
    loss = 2.0 / (1 + np.arange(200) / 20)
    run = _run([f"metric_{i}" for i in range(n)] + [f"head{i}/loss_aux" for i in range(n)], 3, {"loss": loss})
    got = _everything_asked_of_names(run)
    assert got["train_loss"] == "loss"
    tags = 2 * n + 1
    assert counted["infer_role"] <= 2 * tags + 20, counted  # the old code: about 14 per tag
    # the per-role regexes run only for names some role's pattern matches (the loss parts and 'loss'), at most
    # once per role and family for resolution and once per role for role_of_name
    per_named = 2 * len(roles.role_names()) + 2 * len(roles.family_names())
    assert counted["pattern"] <= per_named * (n + 1), counted


def test_keys_no_role_reads_cost_no_role_regex(counted):
    run = _run([f"metric_{i}" for i in range(5000)], 1, {"loss": 2.0 / (1 + np.arange(100) / 20)})
    _everything_asked_of_names(run)
    assert counted["pattern"] <= 4 * len(roles.role_names()), counted  # 'loss' alone is looked at per role


def _parts_cost(n: int) -> float:
    run = _run([f"loss_part{i}" for i in range(n)], 3)
    t0 = time.process_time()
    got = _everything_asked_of_names(run)
    dt = time.process_time() - t0
    assert got["train_loss"].startswith("train loss = sum of 12 parts"), got
    return dt


def test_loss_parts_cost_grows_linearly():
    """A log of only loss parts (no total): the parts are summed, and finding which part's name another extends
    used to compare every pair (8,000 parts: 64M comparisons). Loosely: 4x the parts cost well under 16x."""
    small = min(_parts_cost(2000) for _ in range(2))
    large = min(_parts_cost(8000) for _ in range(2))
    assert large < 9 * max(small, 0.02), (small, large)


def test_extended_agrees_with_pairwise_extends():
    rng = random.Random(7)
    words = ["loss", "loss_G", "loss_G_l1", "loss_G_adv", "loss_D", "loss/G", "loss.x", "loss-y", "loss: z", "loss_",
             "loss__a", "lossX", "loss_Gx", "a", "a_b", "a_b_c", "ab", "a b"]
    for _ in range(300):
        tags = sorted(set(rng.sample(words, rng.randint(1, len(words)))))
        want = [t for t in tags if any(o != t and roles._extends(o, t) for o in tags)]
        assert roles._extended(tags) == want, tags


def _corpus_names() -> list[str]:
    from pathlib import Path

    corpus = Path(__file__).resolve().parents[1] / "data" / "tag_roles.tsv"
    lines = [ln for ln in corpus.read_text(encoding="utf-8").splitlines() if ln and not ln.startswith("#")]
    return [ln.split("\t", 1)[0] for ln in lines[1:]] + [
        "train/loss", "val_loss", "grad_norm/layer1", "layers.0.weight/grad_norm", "hidden_gradient_norm", "lr-AdamW",
        "x/lr0", "epoch", "loss_scale", "metric_7", "rollout/ep_rew_mean", "gnorm", "AP50", "grad", "scaler/scale",
        "clip_val", "Grad Scale", "lm loss vs samples", "dict(lr", "loss [2]"]


def test_the_prefilters_change_no_answer(monkeypatch):
    """The one-regex prefilter over every role's (family's) patterns only passes over names none of them
    matches, and infer_role's early exit only over names without a word its conventions read: on 1,200+ real
    names each answer is the one the full work gives."""
    names = _corpus_names()
    assert len(names) > 1000
    table, families, _ = roles._table()
    for t in names:
        n = roles._norm(t)
        assert roles._table_hits(n) == tuple(roles._first_pattern(c, n) for _, _, c in table), t
        in_any_family = any(roles._first_pattern(c, n) is not None for _, c in families.values())
        assert (roles._any_table_name()[1].fullmatch(n) is not None) == in_any_family, t
    fast = {t: roles.infer_role.__wrapped__(t) for t in names}

    class Everything:  # 'have & Everything()' is 'have': the early exit never takes
        def __rand__(self, other):
            return other

    monkeypatch.setattr(roles, "_role_words", lambda: Everything())
    full = {t: roles.infer_role.__wrapped__(t) for t in names}
    assert fast == full, {t: (fast[t], full[t]) for t in names if fast[t] != full[t]}
