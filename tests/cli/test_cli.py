"""The CLI is a thin layer: exit codes, formats, errors as one clear line."""

from __future__ import annotations

import json

import pytest

from click.testing import CliRunner

from curvedoc import __version__
from curvedoc.cli import main


def _csv_run(tmp_path, rows=60):
    p = tmp_path / "run" / "metrics.csv"
    p.parent.mkdir(parents=True)
    lines = ["step,loss"] + [f"{i},{2.0 * 0.97 ** i + 0.01 * (i % 3)}" for i in range(rows)]
    p.write_text("\n".join(lines) + "\n")
    return p.parent


def test_version_and_help():
    r = CliRunner().invoke(main, ["--version"])
    assert r.exit_code == 0 and __version__ in r.output
    r = CliRunner().invoke(main, ["--help"])
    assert r.exit_code == 0 and "diagnose" in r.output and "audit" in r.output


def test_nothing_readable_exits_2_with_one_line(tmp_path):
    (tmp_path / "empty").mkdir()
    r = CliRunner().invoke(main, ["diagnose", str(tmp_path / "empty")])
    assert r.exit_code == 2
    assert "no training log found" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["diagnose", str(tmp_path / "missing")])
    assert r.exit_code == 2 and "no such file" in r.output


def test_unknown_rule_and_param_exit_2(tmp_path):
    run = _csv_run(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run), "--select", "ZZZ9"])
    assert r.exit_code == 2 and "unknown rule selector" in r.output
    r = CliRunner().invoke(main, ["diagnose", str(run), "--param", "damaged-log.nope=1"])
    assert r.exit_code == 2 and "no parameter" in r.output
    r = CliRunner().invoke(main, ["diagnose", str(run), "--role", "bogus=x"])
    assert r.exit_code == 2 and "unknown role" in r.output


def test_json_output_parses(tmp_path):
    run = _csv_run(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run), "--format", "json"])
    assert r.exit_code in (0, 1), r.output
    doc = json.loads(r.output)
    assert doc["curvedoc_version"] == __version__
    assert doc["runs"][0]["run"] == "run" and doc["runs"][0]["roles"]["train_loss"] == "loss"


def test_rules_and_rule_commands():
    r = CliRunner().invoke(main, ["rules"])
    assert r.exit_code == 0 and "I002" in r.output and "damaged-log" in r.output
    r = CliRunner().invoke(main, ["rule", "i002"])
    assert r.exit_code == 0 and "What it detects" in r.output and "min_skipped" in r.output
    r = CliRunner().invoke(main, ["rule", "nope"])
    assert r.exit_code == 2


# ------------------------------------------------------------------------------------------ mistakes answered

def _one_error_line(r):
    lines = [ln for ln in (r.stderr if hasattr(r, "stderr") else r.output).splitlines() if ln.strip()]
    return r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("curvedoc: error:") and "Traceback" not in r.output


def test_out_in_a_missing_folder_exits_2_before_any_work(tmp_path):
    run = _csv_run(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run), "--format", "html", "--out", str(tmp_path / "nope" / "x.html")])
    assert _one_error_line(r) and "does not exist" in r.output
    r = CliRunner().invoke(main, ["diagnose", str(run), "--out", str(tmp_path)])
    assert _one_error_line(r) and "is a folder" in r.output


def test_out_inside_the_input_is_refused_and_the_input_untouched(tmp_path):
    run = _csv_run(tmp_path)
    log = next(p for p in run.rglob("*") if p.is_file()) if run.is_dir() else run
    before = log.read_bytes()
    target = log if not run.is_dir() else run / "report.txt"
    r = CliRunner().invoke(main, ["diagnose", str(run), "--out", str(target)])
    assert _one_error_line(r) and "inside the input" in r.output and log.read_bytes() == before


def test_out_dash_is_standard_output(tmp_path, monkeypatch):
    run = _csv_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run), "--format", "json", "--out", "-"])
    assert r.exit_code in (0, 1) and json.loads(r.stdout)["runs"] and not (tmp_path / "-").exists()


def test_a_role_override_to_a_missing_tag_says_what_was_meant(tmp_path):
    run = _csv_run(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run), "--role", "train_loss=lsos"])
    assert _one_error_line(r) and "did you mean 'loss'" in r.output


def test_a_misspelt_role_tag_in_pyproject_exits_2(tmp_path, monkeypatch):
    run = _csv_run(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.curvedoc.roles]\ntrain_loss = "trian_loss"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run)])
    assert _one_error_line(r) and "trian_loss" in r.output


def test_a_selection_that_leaves_no_rule_exits_2(tmp_path, monkeypatch):
    run = _csv_run(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.curvedoc]\nignore = ["E001"]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run), "--select", "E001"])
    assert _one_error_line(r) and "no rule left to run" in r.output


def test_library_diagnose_of_a_missing_path_raises_like_load():
    import pytest

    import curvedoc
    from curvedoc.errors import LoadError

    with pytest.raises(LoadError, match="no such file"):
        curvedoc.diagnose("/typo/path/that/does/not/exist")
    with pytest.raises(LoadError):
        curvedoc.load("/typo/path/that/does/not/exist")


def test_every_command_help_has_examples_and_every_option_a_description():
    for cmd in ("diagnose", "audit", "rules", "rule"):
        r = CliRunner().invoke(main, [cmd, "--help"])
        assert r.exit_code == 0 and "Examples:" in r.output, cmd
        opts = main.commands[cmd].params
        undocumented = [o.name for o in opts if isinstance(o, __import__("click").Option) and not o.help]
        assert not undocumented, (cmd, undocumented)


def test_ctrl_c_exits_130_not_the_findings_code(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    run = _csv_run(tmp_path, rows=60)
    # 'ready' is printed from inside the diagnosis, so the signal arrives while the command runs (on a loaded machine,
    # 0.5 s after a 'ready' printed before main() could still fall inside main's own imports)
    code = ("import sys, time, curvedoc.engine\n"
            "def slow(*a, **k):\n    print('ready', flush=True)\n    time.sleep(30)\n"
            "curvedoc.engine.diagnose = slow\n"
            "from curvedoc.cli import main\n"
            f"sys.argv = ['curvedoc', 'diagnose', {str(run)!r}]\n"
            "main()\n")
    # (a terminal's Ctrl-C reaches a process whose SIGINT is in its default state: a library in this test process
    # may have left it ignored, which a child inherits, and Python then never installs its KeyboardInterrupt)
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=_default_sigint)
    assert p.stdout.readline().strip() == b"ready"
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130 and b"interrupted" in err and b"Traceback" not in err


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "html", "github"])
def test_a_non_utf8_folder_name_does_not_break_out_reports(tmp_path, fmt):
    import os

    (tmp_path / "logs").mkdir()
    d = os.fsencode(str(tmp_path / "logs")) + b"/run_\xff\xfe"
    os.makedirs(d)
    with open(d + b"/metrics.csv", "w") as fh:
        fh.write("step,loss\n" + "".join(f"{i},{2 * 0.97 ** i}\n" for i in range(60)))
    out = tmp_path / f"report.{fmt}"
    r = CliRunner().invoke(main, ["diagnose", str(tmp_path / "logs"), "--format", fmt, "--out", str(out)])
    assert r.exit_code in (0, 1), r.output
    text = out.read_bytes().decode("utf-8")  # valid UTF-8
    assert "\ufffd\ufffd" in text or fmt == "github"
    if fmt == "json":
        json.loads(text)


@pytest.mark.parametrize("line", ['max-file-mb = "abc"', "max-file-mb = inf", "max-file-mb = nan", "max-file-mb = [1]",
                                  "max-file-mb = -5", 'jobs = "many"', "jobs = 0", "rules-dir = 5"])
def test_wrong_typed_config_values_exit_2_with_one_line(tmp_path, monkeypatch, line):
    run = _csv_run(tmp_path)
    (tmp_path / "pyproject.toml").write_text(f"[tool.curvedoc]\n{line}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["diagnose", str(run)])
    assert _one_error_line(r), r.output


def test_the_audit_cache_is_never_written_inside_the_sweep(tmp_path):
    run = _csv_run(tmp_path)
    r = CliRunner().invoke(main, ["audit", str(tmp_path), "--cache-dir", str(tmp_path / ".cache")])
    assert _one_error_line(r) and "inside the sweep" in r.output and not (tmp_path / ".cache").exists()
    assert run.is_dir()


def test_the_command_ends_quickly_with_its_exit_code_and_all_its_output(tmp_path):
    """entry() skips the interpreter's tear-down (os._exit) once the output is flushed: the exit codes and every
    byte of a large output are as before, whether written to a pipe or a file."""
    import json
    import subprocess
    import sys

    from _helpers import SAMPLE_RUNS

    run = SAMPLE_RUNS / "divergence-warmup-too-high"
    if not run.exists():
        pytest.skip("sample_runs/ not generated yet")
    out = subprocess.run([sys.executable, "-m", "curvedoc", "diagnose", str(run), "--format", "json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and json.loads(out.stdout)["runs"][0]["status"] == "failing"
    out = subprocess.run([sys.executable, "-m", "curvedoc", "diagnose", str(tmp_path / "nope")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stderr.startswith("curvedoc: error:")
    dest = tmp_path / "rules.md"
    with open(dest, "w") as fh:
        rc = subprocess.run([sys.executable, "-m", "curvedoc", "rules", "--format", "markdown"], stdout=fh,
                            timeout=120).returncode
    assert rc == 0 and dest.read_text().count("\n| ") >= 24


def _default_sigint():
    """In a child before exec: SIGINT handled by default and not blocked, as in a terminal."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

