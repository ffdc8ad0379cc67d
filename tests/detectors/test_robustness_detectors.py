"""Every registered detector on degenerate and hostile runs: never raises, never hangs, and what it
yields is well-formed (finite confidence in [0, 1], integer steps, JSON-serialisable evidence).

Each run has EVERY role filled (train/val loss and accuracy, lr, grad norms before/after clipping,
clip threshold, epoch, weight norm, loss scale, per-layer grad and weight norms), plus the meta and
hparams detectors read, so no detector is skipped for a missing role. Detectors are called directly
(``tests/_helpers.run_detector``, rule defaults), not through the engine, which would turn an
exception into a quiet error entry.
"""

from __future__ import annotations

import json
import math
import numbers

import numpy as np
import pytest
from _helpers import run_detector
from fuzz_profile import time_limit

from curvedoc.detectors import Hit, registry
from curvedoc.engine.findings import jsonable
from curvedoc.model.run import ImportIssue, Run, make_frame

# numpy overflow is a silent wrong answer (an int64 step + tolerance wrapping negative): fail on it
pytestmark = pytest.mark.filterwarnings("error:overflow encountered:RuntimeWarning")

DETECTORS = sorted(registry())
N = 240

# role -> tag; per-layer families use several tags
ROLE_TAGS = {
    "train_loss": "train/loss", "val_loss": "val/loss", "train_acc": "train/acc", "val_acc": "val/acc",
    "lr": "lr", "grad_norm": "grad_norm", "grad_norm_clipped": "grad_norm_clipped", "clip_threshold": "max_grad_norm",
    "grad_norm_sq": "grad_norm_sq", "epoch": "epoch", "weight_norm": "weight_norm", "loss_scale": "loss_scale",
}
LAYER_TAGS = [f"grad_norm/layers.{i}.weight" for i in range(4)] + [f"weight_norm/layers.{i}.weight" for i in range(3)]
ODD = {  # the same roles under hostile tag names (filled through role overrides)
    "train_loss": "tr\u00e4in l\u00f6ss \U0001F680/\t%s{0}\\..", "val_loss": "val/loss\x00nul", "train_acc": "  ",
    "val_acc": "val/acc\u202e(rtl)", "lr": "lr/" + "x" * 500, "grad_norm": "grad_norm\n", "grad_norm_clipped": "{}[]()",
    "clip_threshold": "max_grad_norm\u00a0", "grad_norm_sq": "grad_norm_sq ", "epoch": "épоch", "weight_norm": "weight norm ✓", "loss_scale": "'; DROP TABLE",
}
ODD_LAYERS = ["grad_norm/../../etc/passwd", "grad_norm/\U0001F525", "grad_norm/ ", "weight_norm/a\x00b", "weight_norm/%n"]


def _base_values(tag: str, n: int, rng: np.random.Generator) -> np.ndarray:
    t = np.arange(n, dtype=np.float64)
    noise = rng.normal(0, 0.02, n)
    if "loss_scale" in tag:
        return 2.0 ** np.minimum(16, 10 + t // 50)
    if "loss" in tag:
        return 2.3 * np.exp(-t / 60) + 0.2 + noise + (0.1 if "val" in tag else 0.0)
    if "acc" in tag:
        return np.clip(0.1 + 0.8 * (1 - np.exp(-t / 50)) + noise, 0, 1)
    if tag == "lr":
        return 1e-3 * 0.5 * (1 + np.cos(np.pi * t / max(n, 1)))
    if tag == "max_grad_norm":
        return np.ones(n)
    if tag == "grad_norm_sq":
        return (0.5 + np.abs(noise) * 30) ** 2
    if tag == "grad_norm_clipped":
        return np.minimum(1.0, 0.5 + np.abs(noise) * 30)
    if tag.startswith("grad_norm"):
        return 0.5 + np.abs(noise) * 30 + (0.1 * len(tag) % 3)
    if tag == "epoch":
        return np.floor(t / 40)
    if tag.startswith("weight_norm"):
        return 30 + 0.05 * t
    return 1.0 + noise


def _transform(case: str, steps: np.ndarray, v: np.ndarray, rng: np.random.Generator):
    n = len(v)
    if case == "all-nan":
        v = np.full(n, np.nan)
    elif case == "all-inf":
        v = np.full(n, np.inf)
    elif case == "all-neg-inf":
        v = np.full(n, -np.inf)
    elif case == "mixed-nonfinite":
        v = v.copy()
        idx = rng.choice(n, size=max(1, n // 5), replace=False)
        v[idx] = rng.choice([np.nan, np.inf, -np.inf], size=len(idx))
    elif case == "nan-tail":
        v = v.copy()
        v[n // 2:] = np.nan
    elif case == "constant":
        v = np.full(n, 1.2345)
    elif case == "zeros":
        v = np.zeros(n)
    elif case == "steps-backwards":
        steps = steps[::-1].copy()
    elif case == "duplicate-steps":
        steps = np.repeat(steps[: (n + 1) // 2], 2)[:n]
    elif case == "all-same-step":
        steps = np.zeros(n, dtype=np.int64)
    elif case == "negative-steps":
        steps = steps - 10 * n
    elif case == "steps-over-2^53":
        steps = steps + 2**53
    elif case == "steps-near-int64-max":
        steps = (2**63 - 1) - (n - 1 - np.arange(n, dtype=np.int64)) * 1000
    elif case == "float16-max":
        v = 6e4 + v
    elif case == "float16-tiny":
        v = 6e-8 * (1 + np.abs(v))
    elif case == "huge-values":
        v = 1e300 * (1 + np.abs(v))
    elif case == "alternating-sign":
        v = v * np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    elif case == "negative":
        v = -np.abs(v) - 1.0
    return steps, v


CASES = ["one-point", "two-points", "three-points", "all-nan", "all-inf", "all-neg-inf", "mixed-nonfinite", "nan-tail",
         "constant", "zeros", "steps-backwards", "duplicate-steps", "all-same-step", "negative-steps", "steps-over-2^53",
         "steps-near-int64-max", "float16-max", "float16-tiny", "huge-values", "alternating-sign", "negative",
         "odd-tags", "hostile-meta", "sparse-val"]


def build_run(case: str) -> Run:
    rng = np.random.default_rng(abs(hash(case)) % 2**32)
    n = {"one-point": 1, "two-points": 2, "three-points": 3}.get(case, N)
    odd = case == "odd-tags"
    names = dict(ODD) if odd else dict(ROLE_TAGS)
    layers = ODD_LAYERS if odd else LAYER_TAGS
    tag_col, step_col, val_col = [], [], []
    for plain, tag in [(ROLE_TAGS[r], names[r]) for r in ROLE_TAGS] + [(t, t) for t in layers]:
        steps = np.arange(n, dtype=np.int64) * 10
        v = _base_values(plain, n, rng)
        if case == "sparse-val" and plain.startswith("val/"):
            steps, v = steps[-1:], v[-1:]
        steps, v = _transform(case, steps, v, rng)
        tag_col += [tag] * len(v)
        step_col.append(np.asarray(steps, dtype=np.int64))
        val_col.append(np.asarray(v, dtype=np.float64))
    frame = make_frame(tag_col, np.concatenate(step_col), np.concatenate(val_col),
                       wall_time=1.7e9 + np.arange(len(tag_col), dtype=np.float64))
    last = int(np.concatenate(step_col).max())
    if case == "hostile-meta":
        meta = {"max_steps": "abc", "global_step": float("nan"), "save_steps": -5, "sessions": ["x", None, 10**30],
                "finished": "maybe", "status": None}
        hparams = {"max_grad_norm": "nan", "optimizer": 5, "optim": None, "gradient_clip_val": float("inf"),
                   "num_classes": -3, "lr": "0.1; rm -rf /"}
    else:
        meta = {"max_steps": last * 2 + 10, "global_step": last, "save_steps": 50, "sessions": [0, last // 2],
                "finished": False, "status": "KILLED"}
        hparams = {"max_grad_norm": 1.0, "optimizer": "torch.optim.AdamW", "num_classes": 10, "lr": 1e-3}
    issues = [
        ImportIssue("restart", "a restart: 12 duplicate steps resolved", file="x", count=12),
        ImportIssue("duplicate-steps", "12 point(s) repeat a step", file="x", count=12),
        ImportIssue("corrupt-records", "3 records failed their CRC", file="x", count=3),
        ImportIssue("truncated-record", "the last record is cut short", file="x", count=1),
        ImportIssue("bad-rows", "5 rows skipped", file="x", count=None),
    ]
    overrides = {r: names[r] for r in ROLE_TAGS} if odd else None
    return Run(f"robust-{case}", "synthetic", frame, hparams=hparams, meta=meta, issues=issues,
               role_overrides=overrides)


def test_every_role_is_filled():
    """The runs really exercise every detector: every role and both per-layer families are present."""
    for case in ("constant", "odd-tags"):
        run = build_run(case)
        assert set(ROLE_TAGS) <= set(run.roles), (case, sorted(run.roles))
        assert len(run.family("layer_grad_norm")) >= 2 and run.family("layer_weight_norm"), case


def _check_leaf(v, where):
    if v is None or isinstance(v, (bool, str, numbers.Integral, float, np.generic)):
        return
    if isinstance(v, (list, tuple)):
        for i, x in enumerate(v):
            _check_leaf(x, f"{where}[{i}]")
        return
    if isinstance(v, dict):
        for k, x in v.items():
            assert isinstance(k, str), f"{where}: non-string key {k!r}"
            _check_leaf(x, f"{where}.{k}")
        return
    raise AssertionError(f"{where}: {type(v).__name__} is not JSON data ({v!r:.80})")


def _int_like(x) -> bool:
    return isinstance(x, (numbers.Integral, np.integer)) and not isinstance(x, bool)


def check_hit(hit, name: str) -> None:
    assert isinstance(hit, Hit), f"{name} yielded {type(hit).__name__}, not a Hit"
    assert isinstance(hit.message, str) and hit.message.strip(), f"{name}: empty message"
    c = float(hit.confidence)
    assert math.isfinite(c) and 0.0 <= c <= 1.0, f"{name}: confidence {hit.confidence!r}"
    assert hit.step is None or _int_like(hit.step), f"{name}: step {hit.step!r} ({type(hit.step).__name__})"
    if hit.steps is not None:
        assert len(hit.steps) == 2 and all(_int_like(s) for s in hit.steps), f"{name}: steps {hit.steps!r}"
    assert hit.severity in (None, "error", "warning", "info"), f"{name}: severity {hit.severity!r}"
    assert all(_int_like(m) for m in hit.marks), f"{name}: marks {hit.marks!r}"
    assert isinstance(hit.evidence, dict), f"{name}: evidence is {type(hit.evidence).__name__}"
    _check_leaf(hit.evidence, f"{name}.evidence")
    json.dumps(jsonable(dict(hit.evidence)), allow_nan=False)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("name", DETECTORS)
def test_detector_survives(name, case):
    run = build_run(case)
    with time_limit(20, f"{name} on {case}"):
        hits = run_detector(name, run)
    for hit in hits:
        check_hit(hit, f"{name}[{case}]")


def _minimal_run(name: str, pick: int, case: str) -> Run:
    """Only the roles the rule needs: alternative ``pick`` (0 first, -1 last) of every ``needs`` group."""
    from curvedoc.engine.rules import load_catalog

    rule = load_catalog().get(name)
    full = build_run(case)
    keep: set[str] = set()
    for group in rule.needs:
        role = group[pick]
        if role in ROLE_TAGS:
            keep.add(ROLE_TAGS[role])
        else:  # a per-layer family
            keep.update(t for t in LAYER_TAGS if t.split("/")[0] == role.replace("layer_", ""))
    f = full.scalars
    sub = f[f["tag"].astype(str).isin(keep)].reset_index(drop=True)
    sub = make_frame(sub["tag"].astype(str).to_numpy(), sub["step"].to_numpy(), sub["value"].to_numpy())
    return Run(f"minimal-{case}", "synthetic", sub, hparams={}, meta={}, issues=[])


@pytest.mark.parametrize("case", ["constant", "all-nan", "one-point", "mixed-nonfinite", "duplicate-steps"])
@pytest.mark.parametrize("pick", [0, -1], ids=["first-alternative", "last-alternative"])
@pytest.mark.parametrize("name", DETECTORS)
def test_detector_survives_with_only_needed_roles(name, pick, case):
    """A run with only what the rule needs (no hparams, no meta, no issues): the engine would run it."""
    from curvedoc.engine.rules import load_catalog
    from curvedoc.model.roles import family_names

    run = _minimal_run(name, pick, case)
    rule = load_catalog().get(name)
    present = set(run.roles) | {fam for fam in family_names() if run.family(fam)}
    if rule.missing_roles(present):
        pytest.skip(f"{name}: a {case} run cannot fill {rule.missing_roles(present)}")
    with time_limit(20, f"{name} on minimal {case}"):
        hits = run_detector(name, run)
    for hit in hits:
        check_hit(hit, f"{name}[minimal {case}]")
