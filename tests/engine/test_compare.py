"""curvedoc compare on real pairs: the sample recipes rerun with another seed (must match), with a 10x learning
rate, with 40% label noise from the start or from the middle of the run (must be worse, from the right step),
and written in another format. The pairs are in tests/data/compare (scripts/make_sample_runs.py --reseed /
--lr-scale / --bug / --write-as); the baselines are the committed sample_runs/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import curvedoc
from curvedoc.cli import main
from curvedoc.testing import assert_healthy, assert_matches_baseline, assert_overfits

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "sample_runs"
PAIRS = REPO / "tests" / "data" / "compare"
HEALTHY = sorted(p.name for p in SAMPLES.glob("healthy-*"))


def _verdict(report, i=0):
    return report.runs[i].comparison["verdict"]


def _series(report, i=0):
    return {s["key"]: s for s in report.runs[i].comparison["series"]}


@pytest.mark.parametrize("recipe", HEALTHY)
@pytest.mark.parametrize("seed", ["reseed1", "reseed2", "reseed3"])
def test_reseeded_run_matches_its_baseline(recipe, seed):
    rep = curvedoc.compare(PAIRS / seed / recipe, SAMPLES / recipe)
    rr = rep.runs[0]
    assert _verdict(rep) == "matches", rep.render("text")
    assert not [f for f in rr.findings if f.code == "C001"], rep.render("text")
    assert rep.exit_status("error") == 0
    assert sum(1 for s in rr.comparison["series"] if s["compared"]) >= 2


@pytest.mark.parametrize("recipe", HEALTHY)
def test_label_noise_is_worse_from_the_start(recipe):
    rep = curvedoc.compare(PAIRS / "label-noise" / recipe, SAMPLES / recipe)
    assert _verdict(rep) == "worse", rep.render("text")
    assert rep.exit_status("error") == 1
    worse = [s for s in rep.runs[0].comparison["series"] if s["side"] == "worse"]
    assert worse
    end = max(s["overlap"][1] for s in worse)
    assert min(s["left_at"] for s in worse) <= 0.35 * end  # the bug is there from step 0


@pytest.mark.parametrize("recipe", sorted(p.name for p in (PAIRS / "label-noise-late").iterdir()))
def test_label_noise_from_mid_run_is_worse_from_mid_run(recipe):
    rep = curvedoc.compare(PAIRS / "label-noise-late" / recipe, SAMPLES / recipe)
    assert _verdict(rep) == "worse", rep.render("text")
    train = _series(rep)["train_loss"]
    half = train["baseline_end"] / 2
    assert train["side"] == "worse"
    # the onset is at the swap, within the smoothing window (5 logged points) and the logging interval
    assert half - 0.02 * train["baseline_end"] <= train["left_at"] <= half + 0.1 * train["baseline_end"], train
    msg = [f.message for f in rep.runs[0].findings if f.code == "C001" and f.severity == "error"]
    assert any(f"since step {train['left_step']:,}" in m for m in msg)


def test_higher_lr_is_worse_where_it_hurts_and_the_lr_differs():
    rep = curvedoc.compare(PAIRS / "lr-x10" / "healthy-mlp-constant-lr", SAMPLES / "healthy-mlp-constant-lr")
    s = _series(rep)
    assert s["val_loss"]["side"] == "worse" and s["val_loss"]["final_rel"] > 1.0
    assert s["lr"]["side"] == "different" and s["lr"]["left_step"] == 0
    info = [f for f in rep.runs[0].findings if f.severity == "info" and f.evidence.get("tag") == "lr"]
    assert info and info[0].cause_ids[0] == "changed-hyperparameters"


def test_a_better_run_passes_the_gate():
    """10x the LR helps the small CNN (4 epochs at 1e-3 is under-trained): better is reported (info) and does not
    fail the gate."""
    rep = curvedoc.compare(PAIRS / "lr-x10" / "healthy-cnn-digits", SAMPLES / "healthy-cnn-digits")
    assert _verdict(rep) == "better", rep.render("text")
    assert _series(rep)["val_loss"]["side"] == "better"
    assert rep.exit_status("error") == 0
    assert_matches_baseline(PAIRS / "lr-x10" / "healthy-cnn-digits", SAMPLES / "healthy-cnn-digits")


@pytest.mark.parametrize("recipe", sorted(p.name for p in (PAIRS / "reseed1-jsonl").iterdir()))
def test_a_run_in_another_format_is_paired_by_role(recipe):
    rep = curvedoc.compare(PAIRS / "reseed1-jsonl" / recipe, SAMPLES / recipe)
    rr = rep.runs[0]
    assert rr.source == "jsonl" and rep.baseline["runs"][0]["source"] != "jsonl"
    assert _verdict(rep) == "matches", rep.render("text")
    compared = {s["key"] for s in rr.comparison["series"] if s["compared"]}
    assert {"train_loss", "val_loss"} <= compared
    # the same curves in two formats give the same comparison as the same-format pair
    same = curvedoc.compare(PAIRS / "reseed1" / recipe, SAMPLES / recipe)
    a, b = _series(rep), _series(same)
    for key in ("train_loss", "val_loss"):
        assert a[key]["run_final"] == pytest.approx(b[key]["run_final"], rel=1e-5)


def test_several_seeds_as_one_baseline(tmp_path):
    base = tmp_path / "golden"
    base.mkdir()
    import shutil

    for i, src in enumerate([SAMPLES / "healthy-mlp-cosine", PAIRS / "reseed1" / "healthy-mlp-cosine",
                             PAIRS / "reseed2" / "healthy-mlp-cosine"]):
        shutil.copytree(src, base / f"seed{i}")
    rep = curvedoc.compare(PAIRS / "reseed3" / "healthy-mlp-cosine", base)
    assert len(rep.baseline["runs"]) == 3
    assert _verdict(rep) == "matches", rep.render("text")
    bad = curvedoc.compare(PAIRS / "label-noise-late" / "healthy-mlp-cosine", base)
    assert _verdict(bad) == "worse"


def test_findings_the_baseline_shares_do_not_count():
    """The clipped-spike recipe against itself reseeded is impossible here; use the sample with spikes against
    itself: its D002 is shared, so the comparison is clean."""
    path = SAMPLES / "loss-spikes-corrupt-batches"
    rep = curvedoc.compare(path, path)
    rr = rep.runs[0]
    assert {f["code"] for f in rr.comparison["shared_findings"]} >= {"D002"}
    assert all(f.code != "D002" for f in rr.findings)
    assert _verdict(rep) == "matches" and rep.exit_status("warning") == 0
    assert any("baseline itself" in n for n in rr.comparison["notes"])
    assert curvedoc.diagnose(path).exit_status("warning") == 1  # diagnose alone does warn


def test_resolved_findings_are_listed():
    rep = curvedoc.compare(SAMPLES / "healthy-mlp-cosine", SAMPLES / "loss-spikes-corrupt-batches")
    assert "D002" in {f["code"] for f in rep.runs[0].comparison["resolved_findings"]}


# ------------------------------------------------------------------------------------------ CLI and formats
def _cli(*args):
    return CliRunner().invoke(main, list(map(str, args)))


def test_cli_exit_codes_and_formats(tmp_path):
    good = _cli("compare", PAIRS / "reseed2" / "healthy-gru-charlm", "--baseline", SAMPLES / "healthy-gru-charlm")
    assert good.exit_code == 0, good.output
    assert "matches the baseline" in good.output and "inside the band" in good.output
    bad = _cli("compare", PAIRS / "label-noise" / "healthy-gru-charlm", "-b", SAMPLES / "healthy-gru-charlm")
    assert bad.exit_code == 1 and "worse than the baseline" in bad.output
    assert _cli("compare", PAIRS / "label-noise" / "healthy-gru-charlm", "-b", SAMPLES / "healthy-gru-charlm",
                "--exit-zero").exit_code == 0
    js = _cli("compare", PAIRS / "label-noise" / "healthy-gru-charlm", "-b", SAMPLES / "healthy-gru-charlm",
              "--format", "json")
    doc = json.loads(js.output)
    schema = json.loads((REPO / "curvedoc" / "reporters" / "schema.json").read_text())
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(doc, schema)
    assert doc["runs"][0]["comparison"]["verdict"] == "worse" and doc["baseline"]["runs"]
    md = _cli("compare", PAIRS / "label-noise" / "healthy-gru-charlm", "-b", SAMPLES / "healthy-gru-charlm",
              "--format", "markdown")
    assert "| curve | final | baseline | change | band | verdict | best (run vs baseline) |" in md.output
    gh = _cli("compare", PAIRS / "label-noise" / "healthy-gru-charlm", "-b", SAMPLES / "healthy-gru-charlm",
              "--format", "github")
    assert "::error" in gh.output and "title=curvedoc compare" in gh.output
    out = tmp_path / "cmp.html"
    h = _cli("compare", PAIRS / "label-noise" / "healthy-gru-charlm", "-b", SAMPLES / "healthy-gru-charlm",
             "--format", "html", "--out", out)
    assert h.exit_code == 1
    page = out.read_text()
    assert "<svg" in page and "baseline band" in page and "curvedoc compare" in page


def test_cli_several_runs_against_one_baseline():
    r = _cli("compare", PAIRS / "reseed1" / "healthy-mlp-cosine", PAIRS / "label-noise" / "healthy-mlp-cosine",
             PAIRS / "reseed1-jsonl" / "healthy-mlp-cosine", "--baseline", SAMPLES / "healthy-mlp-cosine")
    assert r.exit_code == 1
    assert "3 runs:" in r.output
    # the same run name under three paths: each named by its path
    for part in ("reseed1/healthy-mlp-cosine", "label-noise/healthy-mlp-cosine", "reseed1-jsonl/healthy-mlp-cosine"):
        assert part in r.output


def test_cli_tolerances_change_the_verdict():
    args = ["compare", PAIRS / "lr-x10" / "healthy-regression", "-b", SAMPLES / "healthy-regression"]
    assert _cli(*args).exit_code == 0  # val loss +10%: inside a single seed's 15%
    assert _cli(*args, "--seed-rtol", "0").exit_code == 1
    assert _cli(*args, "--seed-rtol", "0", "--rtol", "0.5").exit_code == 0


@pytest.mark.parametrize("args,needle", [
    (["compare", "sample_runs/healthy-mlp-cosine"], "Missing option '--baseline'"),
    (["compare", "nope", "-b", "sample_runs/healthy-mlp-cosine"], "nope: no such file or directory"),
    (["compare", "sample_runs/healthy-mlp-cosine", "-b", "nope"], "nope: no such file or directory"),
    (["compare", "sample_runs/healthy-mlp-cosine", "-b", "sample_runs/healthy-mlp-cosine", "--band", "-1"], "--band"),
    (["compare", "sample_runs/healthy-mlp-cosine", "-b", "sample_runs/healthy-mlp-cosine", "--align", "x"], "--align"),
    (["compare", "sample_runs/healthy-mlp-cosine", "-b", "sample_runs/healthy-mlp-cosine", "--select", "Q9"], "Q9"),
])
def test_cli_mistakes_exit_2_with_one_line(args, needle, monkeypatch):
    monkeypatch.chdir(REPO)
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and needle in lines[0], r.output


def test_baseline_with_nothing_readable(tmp_path):
    (tmp_path / "empty").mkdir()
    r = _cli("compare", SAMPLES / "healthy-mlp-cosine", "-b", tmp_path / "empty")
    assert r.exit_code == 2 and "no readable training run in the baseline" in r.output


def test_inputs_are_not_modified(tmp_path):
    import hashlib

    def digest(p):
        return {str(f): hashlib.sha256(f.read_bytes()).hexdigest() for f in sorted(Path(p).rglob("*")) if f.is_file()}

    a, b = PAIRS / "label-noise" / "healthy-mlp-cosine", SAMPLES / "healthy-mlp-cosine"
    before = (digest(a), digest(b))
    _cli("compare", a, "-b", b, "--format", "html", "--out", tmp_path / "x.html")
    assert (digest(a), digest(b)) == before


# ------------------------------------------------------------------------------------------ curvedoc.testing
def test_assert_healthy_passes_and_fails_with_the_report(tmp_path):
    assert_healthy(SAMPLES / "healthy-mlp-cosine")
    with pytest.raises(AssertionError) as exc:
        assert_healthy(SAMPLES / "divergence-warmup-too-high")
    assert "D001 divergence" in str(exc.value) and "finding(s) at or above 'warning'" in str(exc.value)
    notes = tmp_path / "notes.txt"
    notes.write_text("just some notes\nno numbers here\n")
    with pytest.raises(AssertionError, match="could not be read"):
        assert_healthy(notes)


def test_assert_healthy_refuses_an_unchecked_run():
    import numpy as np

    from curvedoc.model.run import Run, make_frame

    run = Run("x", "synthetic", make_frame(["throughput"] * 50, np.arange(50), np.ones(50)))
    with pytest.raises(AssertionError, match="nothing was checked"):
        assert_healthy(run)


def test_assert_matches_baseline():
    assert_matches_baseline(PAIRS / "reseed1" / "healthy-cnn-digits", SAMPLES / "healthy-cnn-digits")
    with pytest.raises(AssertionError) as exc:
        assert_matches_baseline(PAIRS / "label-noise-late" / "healthy-mlp-cosine", SAMPLES / "healthy-mlp-cosine")
    msg = str(exc.value)
    assert "that the baseline does not have" in msg and "worse than the baseline since step" in msg


def test_assert_overfits():
    final = assert_overfits(SAMPLES / "overfitting-small-data", rel=0.05)  # 300 examples memorised
    assert final < 0.1
    with pytest.raises(AssertionError, match="did not overfit"):
        assert_overfits(SAMPLES / "plateau-chance-k10")  # labels detached from inputs: stays at log 10
    with pytest.raises(AssertionError, match="did not overfit"):
        assert_overfits(SAMPLES / "overfitting-small-data", target=1e-6)
    with pytest.raises(ValueError):
        assert_healthy(SAMPLES / "healthy-mlp-cosine", fail_on="sometimes")


def test_report_plot_of_a_compared_run_draws_the_band():
    rep = curvedoc.compare(PAIRS / "label-noise-late" / "healthy-mlp-cosine", SAMPLES / "healthy-mlp-cosine")
    fig = rep.plot(0)
    titles = [ax.get_title(loc="left") for ax in fig.axes if ax.get_visible()]
    assert any(t.startswith("val/loss: worse") for t in titles), titles
    assert fig._repr_png_()[:4] == b"\x89PNG"
    assert "baseline band" in rep._repr_html_()


# ------------------------------------------------------------------------------------------ issue 39.5


def _loss_run(path, values):
    path.mkdir(parents=True)
    (path / "metrics.csv").write_text("step,loss\n" + "".join(f"{i},{v}\n" for i, v in enumerate(values)))
    return path


def _decay(n=200):
    return [2.0 * 0.98 ** i + 0.05 for i in range(n)]


def test_a_run_nan_early_is_not_the_baseline_nan_at_the_end(tmp_path):
    """39.5: the run is NaN from 10% of training, the baseline only in its last 5 steps. The same code (D001)
    at another onset is a new finding, and the NaN is worse than the baseline, not "no data": exit 1."""
    run = _decay()
    run[20:] = [float("nan")] * 180
    base = _decay()
    base[-5:] = [float("nan")] * 5
    r, b = _loss_run(tmp_path / "run", run), _loss_run(tmp_path / "base", base)
    rep = curvedoc.compare(r, b)
    rr = rep.runs[0]
    assert any(f.code == "D001" and f.step == 20 for f in rr.findings)
    assert not any(f["code"] == "D001" for f in rr.comparison["shared_findings"])
    assert _verdict(rep) == "worse" and rep.exit_status("error") == 1
    assert _series(rep)["train_loss"]["side"] == "worse" and _series(rep)["train_loss"]["nonfinite_step"] == 20
    assert any("non-finite" in n and "20" in n for n in rr.comparison["notes"])
    with pytest.raises(AssertionError):
        assert_matches_baseline(r, b)
    assert CliRunner().invoke(main, ["compare", str(r), "-b", str(b)]).exit_code == 1
    # the same event at about the same point (a seed's NaN a few steps apart) is still the baseline's
    twin = _decay()
    twin[-4:] = [float("nan")] * 4
    rep = curvedoc.compare(_loss_run(tmp_path / "twin", twin), b)
    assert any(f["code"] == "D001" for f in rep.runs[0].comparison["shared_findings"])
    assert rep.exit_status("error") == 0


def test_a_baseline_that_cannot_be_compared_is_an_error(tmp_path):
    """39.5: an all-NaN baseline hid a diverging run (exit 0). It is an error: LoadError, exit 2 with one line,
    assert_matches_baseline fails."""
    div = _decay()
    div[100:] = [div[100] + 0.5 * i for i in range(100)]
    r = _loss_run(tmp_path / "run", div)
    b = _loss_run(tmp_path / "base", [float("nan")] * 200)
    with pytest.raises(curvedoc.LoadError, match="cannot be compared"):
        curvedoc.compare(r, b)
    res = CliRunner().invoke(main, ["compare", str(r), "-b", str(b)])
    assert res.exit_code == 2 and res.output.count("\n") == 1 and "cannot be compared" in res.output
    with pytest.raises(Exception):
        assert_matches_baseline(r, b)


def test_a_run_sharing_no_curve_with_the_baseline_exits_2(tmp_path):
    """Nothing compared is neither a pass nor a failure: exit 2 with one line after the report."""
    r = _loss_run(tmp_path / "run", _decay())
    b = tmp_path / "base"
    b.mkdir()
    (b / "metrics.csv").write_text("step,val_accuracy\n" + "".join(f"{i},{min(0.9, 0.1 + i / 100)}\n" for i in range(200)))
    res = CliRunner().invoke(main, ["compare", str(r), "-b", str(b), "--format", "json"])
    assert res.exit_code == 2 and "no curve could be compared" in res.output


def test_curvedoc_compare_stays_the_function_once_its_module_is_imported():
    # the module behind the public function is curvedoc.comparison: importing it (the CLI does) must not turn
    # curvedoc.compare into a module ("'module' object is not callable")
    import importlib

    import curvedoc

    importlib.import_module("curvedoc.comparison")
    assert callable(curvedoc.compare) and curvedoc.compare.__name__ == "compare"
