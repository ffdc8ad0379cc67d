"""A loss logged only as its parts (issue 11): judged as their sum, each part still judged where a rule reads parts.

Synthetic families over noise, length and logging interval; the real detection runs of ../shared/real_runs are
pinned by the golden file (their roles name the sum)."""

from __future__ import annotations

import numpy as np
import pytest

import curvedoc
from curvedoc.model.run import Run, make_frame

PARTS = (("box", 1.0), ("cls", 2.0), ("dfl", 1.5))


def _run(n=100, every=1, noise=0.01, seed=0, total=False, val=True, negative=False, val_parts=PARTS,
         blow_up=None, overfit=None, offset_part=None):
    rng = np.random.default_rng(seed)
    st = np.arange(1, n + 1) * every
    x = np.arange(1, n + 1) / n
    tags, steps, vals = [], [], []

    def add(tag, s, v):
        tags.extend([tag] * len(s))
        steps.extend(s)
        vals.extend(v)

    train_sum = np.zeros(n)
    for name, base in PARTS:
        tr = base * np.exp(-3 * x) + 0.2 + noise * rng.standard_normal(n)
        if negative and name == "dfl":
            tr = -tr
        if blow_up == name:
            tr[n // 2:] = np.nan
        train_sum += tr
        s = st + (every // 2 if offset_part == name else 0)
        add(f"train/{name}_loss", s, tr)
    if total:
        add("train/loss", st, train_sum)
    if val:
        for name, base in val_parts:
            va = base * np.exp(-3 * x) + 0.3 + noise * rng.standard_normal(n)
            if overfit == name:
                va += 1.0 * np.maximum(x - 0.4, 0)
            add(f"val/{name}_loss", st, va)
    return Run("parts", "csv", make_frame(tags, steps, vals))


@pytest.mark.parametrize("n,every,noise", [(30, 1, 0.01), (100, 10, 0.02), (400, 50, 0.05), (1000, 1, 0.01)])
def test_parts_without_a_total_are_judged_as_their_sum(n, every, noise):
    run = _run(n=n, every=every, noise=noise)
    assert run.roles["train_loss"].startswith("train loss = sum of 3 parts")
    assert run.roles["val_loss"].startswith("val loss = sum of 3 parts")
    s = run.series("train_loss")
    parts = sum(run.series(f"train/{p}_loss").to_numpy() for p, _ in PARTS)
    np.testing.assert_allclose(s.to_numpy(), parts)
    assert any("no total training loss is logged" in note for note in run.role_notes)
    assert run.roles["train_loss"] not in run.tags  # a derived series, never listed as a logged tag
    report = curvedoc.diagnose(run)
    assert report.runs[0].status == "healthy", [f.message for f in report.runs[0].findings]


def test_a_logged_total_is_judged_not_a_sum():
    run = _run(total=True)
    assert run.roles["train_loss"] == "train/loss"


@pytest.mark.parametrize("case", ["negative", "not-together", "one-part"])
def test_no_sum_when_the_parts_are_not_one_loss(case):
    if case == "negative":  # an adversarial 'task - lambda * domain': a negative part
        run = _run(negative=True)
    elif case == "not-together":  # parts logged at different steps: their sum would mix moments
        run = _run(every=10, offset_part="cls")
    else:
        rng = np.random.default_rng(0)
        v = np.exp(-np.arange(50) / 10) + 0.01 * rng.standard_normal(50)
        run = Run("x", "csv", make_frame(["train/box_loss"] * 50, np.arange(50), v))
    assert not run.roles["train_loss"].startswith("train loss = sum")


def test_held_out_side_is_summed_only_with_the_same_parts():
    run = _run(val_parts=PARTS[:2])  # val logs box and cls only
    assert run.roles["train_loss"].startswith("train loss = sum")
    assert not run.roles.get("val_loss", "").startswith("val loss = sum")


def test_a_part_that_blows_up_makes_the_sum_diverge():
    report = curvedoc.diagnose(_run(blow_up="cls"))
    codes = {f.code for f in report.runs[0].findings}
    assert "D001" in codes


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_part_that_overfits_is_named(seed):
    report = curvedoc.diagnose(_run(overfit="cls", seed=seed, n=200))
    v = [f for f in report.runs[0].findings if f.code == "V001"]
    assert v and "cls" in v[0].message


def test_role_override_wins_over_the_sum():
    run = _run()
    from curvedoc.model.run import RunView

    assert RunView(run, roles={"train_loss": "train/cls_loss"}).roles["train_loss"] == "train/cls_loss"


def test_parts_and_unused_tags_are_drawn_and_listed():
    run = _run()
    frame = run.scalars
    extra = make_frame(["sys/gpu_temp"] * 10, np.arange(10), np.full(10, 60.0))
    import pandas as pd

    run = Run("parts", "csv", pd.concat([frame, extra], ignore_index=True))
    report = curvedoc.diagnose(run)
    rr = report.runs[0]
    assert set(rr.coverage["other_losses"]) == {f"{s}/{p}_loss" for s in ("train", "val") for p, _ in PARTS}
    assert rr.coverage["other_losses"][0].startswith("val/")  # held-out first
    assert rr.coverage["unused_tags"] == ["sys/gpu_temp"]
    html = report.render("html")
    assert "Other losses the rules read" in html and "Logged tags no rule reads (1)" in html
    assert "val/cls_loss" in html
    text = report.render("text", color=False)
    assert "other losses read (6)" in text and "tags no rule reads (1): sys/gpu_temp" in text
    from curvedoc.reporters.plots import plot_run

    fig = plot_run(rr)
    labels = [ax.get_ylabel() for ax in fig.axes]
    assert "other losses" in labels
    ax = fig.axes[labels.index("other losses")]
    assert {ln.get_label() for ln in ax.get_lines()} >= {"train/cls_loss", "val/cls_loss"}


@pytest.mark.parametrize("n", [30, 100, 1000])
@pytest.mark.parametrize("names", [("loss_G", "loss_G_l1", "loss_G_adv"), ("gen/loss", "gen/loss/l1", "gen/loss/perc"),
                                   ("loss_total_mlm", "loss_total_mlm_masked", None)])
def test_a_total_whose_parts_extend_its_name_is_judged_as_logged(n, names):
    """A GAN generator logs loss_G = loss_G_adv + loss_G_l1 beside its parts: loss_G is the total (the others
    extend its name), judged as logged, never summed with its own parts."""
    rng = np.random.default_rng(n)
    x = np.arange(1, n + 1) / n
    st = np.arange(1, n + 1)
    l1 = 7.6 * np.exp(-x) + 0.01 * rng.standard_normal(n)
    adv = 0.5 + 0.2 * x + 0.01 * rng.standard_normal(n)
    total, p1, p2 = names
    tags, steps, vals = [], [], []
    for tag, v in ((total, l1 + adv), (p1, l1), (p2, adv)):
        if tag is not None:
            tags += [tag] * n
            steps += list(st)
            vals += list(v)
    run = Run("gan", "csv", make_frame(tags, steps, vals))
    assert run.roles["train_loss"] == total
    assert not any("sum of" in note for note in run.role_notes)
