"""Conventions a practitioner expects of the command line (issue 38): --out's extension names the format, GitHub
annotations name files GitHub can attach them to, a mistyped rule gets a suggestion, and 'no training log found'
says what curvedoc reads and what the folder held instead."""

from __future__ import annotations

import json
import os

import pytest
from _helpers import SAMPLE_RUNS
from click.testing import CliRunner

from curvedoc.cli import main


def _csv_run(root, rows=60):
    p = root / "run" / "metrics.csv"
    p.parent.mkdir(parents=True)
    p.write_text("step,loss\n" + "".join(f"{i},{2.0 * 0.97 ** i + 0.01 * (i % 3)}\n" for i in range(rows)))
    return p.parent


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# ------------------------------------------------------------------------------------------ --out names the format

@pytest.mark.parametrize("name, check", [
    ("x.json", lambda t: json.loads(t)["runs"]),
    ("x.md", lambda t: t.startswith("## ")),
    ("x.html", lambda t: t.lstrip().lower().startswith("<!doctype html")),
    ("x.txt", lambda t: t.startswith(("✓", "!", "✗", "–"))),
])
def test_out_without_format_writes_the_format_its_extension_names(tmp_path, name, check):
    run = _csv_run(tmp_path / "logs")
    out = tmp_path / name
    r = _invoke("diagnose", run, "--out", out)
    assert r.exit_code in (0, 1), r.output
    assert check(out.read_text(encoding="utf-8"))


def test_out_with_an_extension_that_names_no_format_is_refused_before_any_work(tmp_path):
    run = _csv_run(tmp_path / "logs")
    r = _invoke("diagnose", run, "--out", tmp_path / "x.csv")
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1
    assert "'.csv' names no report format" in r.output and "--format" in r.output
    assert not (tmp_path / "x.csv").exists()
    r = _invoke("diagnose", run, "--format", "json", "--out", tmp_path / "x.csv")  # said explicitly: fine
    assert r.exit_code in (0, 1) and json.loads((tmp_path / "x.csv").read_text())


def test_out_whose_extension_contradicts_format_is_refused(tmp_path):
    run = _csv_run(tmp_path / "logs")
    r = _invoke("diagnose", run, "--format", "text", "--out", tmp_path / "x.json")
    assert r.exit_code == 2 and "the name says json (.json), but --format is text" in r.output
    assert not (tmp_path / "x.json").exists()


def test_compare_infers_the_format_from_out_too(tmp_path):
    a = _csv_run(tmp_path / "a")
    b = _csv_run(tmp_path / "b")
    out = tmp_path / "cmp.json"
    r = _invoke("compare", a, "--baseline", b, "--out", out)
    assert r.exit_code in (0, 1), r.output
    assert json.loads(out.read_text())["runs"]


# ------------------------------------------------------------------------------------------ github annotations

def _file_props(output: str) -> set[str]:
    return {ln.split("file=", 1)[1].split(",", 1)[0] for ln in output.splitlines() if "file=" in ln}


def test_github_annotations_name_an_event_file_by_its_path_not_its_basename(monkeypatch):
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    monkeypatch.chdir(SAMPLE_RUNS.parent)
    r = _invoke("diagnose", "sample_runs/divergence-warmup-too-high", "--format", "github")
    files = _file_props(r.output)
    assert files and all(f.startswith("sample_runs/divergence-warmup-too-high/events.out.tfevents.") for f in files)


def test_github_annotations_outside_the_workspace_are_relative_to_the_repository_root(tmp_path, monkeypatch):
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    run = _csv_run(repo / "logs", rows=80)
    (run / "metrics.csv").write_text("step,loss\n" + "".join(f"{i},{2.0 * 1.05 ** i}\n" for i in range(80)))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    r = _invoke("diagnose", run, "--format", "github")
    assert _file_props(r.output) == {os.path.join("logs", "run", "metrics.csv")}, r.output


# ------------------------------------------------------------------------------------------ did you mean

@pytest.mark.parametrize("args", [
    ("diagnose", "{run}", "--select", "overfiting"),
    ("diagnose", "{run}", "--ignore", "overfiting"),
    ("diagnose", "{run}", "--param", "overfiting.min_rise=0.1"),
    ("rule", "overfiting"),
])
def test_a_mistyped_rule_name_gets_a_suggestion(tmp_path, args):
    run = _csv_run(tmp_path)
    r = _invoke(*(a.format(run=run) for a in args))
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1
    assert "did you mean overfitting (V001)?" in r.output


def test_a_name_far_from_every_rule_gets_no_suggestion():
    r = _invoke("rule", "xyzzy")
    assert r.exit_code == 2 and "did you mean" not in r.output


# ------------------------------------------------------------------------------------------ no training log found

def test_no_training_log_lists_every_format_read(tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "README.md").write_text("my experiment\n")
    r = _invoke("diagnose", tmp_path / "notes")
    assert r.exit_code == 2 and "no training log found" in r.output
    for name in ("TensorBoard event files", "trainer_state.json", "CSV", "JSON/JSONL", "MLflow", "W&B",
                 "text logs", "DVCLive"):
        assert name in r.output, name
    assert "only a checkpoint" not in r.output


def test_every_format_of_the_registry_is_named_in_the_message(tmp_path):
    """The formats listed to a user come from the reader registry: each entry's label, once, in table order."""
    from curvedoc.importers.registry import FORMATS, labels

    (tmp_path / "notes.md").write_text("my experiment\n")
    r = _invoke("diagnose", tmp_path)
    assert r.exit_code == 2
    assert all(f.label for f in FORMATS)
    assert "curvedoc reads " + ", ".join(labels()) in r.output
    assert len(labels()) == len({f.label for f in FORMATS})


def test_a_folder_with_only_a_checkpoint_says_so(tmp_path):
    ck = tmp_path / "out"
    ck.mkdir()
    (ck / "model.safetensors").write_bytes(os.urandom(256))
    (ck / "optimizer.pt").write_bytes(os.urandom(256))
    r = _invoke("diagnose", ck)
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1
    assert "only a checkpoint (model.safetensors, optimizer.pt)" in r.output and "DVCLive" in r.output
