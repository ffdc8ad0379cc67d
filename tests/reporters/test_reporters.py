"""Reporters: text (terminal), JSON (against the documented schema), Markdown, GitHub annotations.

HTML has its own file (tests/reporters/test_html.py); the rule docs are in tests/reporters/test_rules_doc.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.resources import files

import numpy as np
import pytest

import curvedoc
from curvedoc.engine import unreadable_report
from curvedoc.reporters import render
from curvedoc.reporters._style import group_skipped, md_escape, skipped_line, sparkline
from curvedoc.reporters.github import escape_data, escape_property

from _helpers import REPO, make_run, sample_runs

ANSI = re.compile(r"\x1b\[")
EVIL_NAME = "evil|run *bold* _it_ <b>x</b> [l](u) @someone `tick`"


def _runs():
    n = 400
    steps = np.arange(n)
    healthy = make_run("healthy", train_loss=2.3 * np.exp(-steps / 80) + 0.05, lr=np.full(n, 1e-3))
    div = 2.3 * np.exp(-steps / 80) + 0.05
    div[250:] = np.nan
    diverging = make_run("diverging", train_loss=div, grad_norm=np.r_[np.ones(240), np.logspace(0, 6, 160)])
    vs = np.arange(0, n, 20)
    val = 1.0 + ((vs - 120) / 120.0) ** 2 * 0.5
    overfit = make_run(EVIL_NAME, train_loss=2.0 * np.exp(-steps / 60) + 0.01, val_loss=(vs, val),
                       hparams={"lr": 3e-3, "note": "a|b\nc"})
    return [healthy, diverging, overfit]


@pytest.fixture(scope="module")
def report():
    rep = curvedoc.diagnose(_runs())
    rep.runs.append(unreadable_report("broken-run", "/data/broken-run", "all 2 event files are Git LFS pointers"))
    return rep


@pytest.fixture(scope="module")
def audit_report(tmp_path_factory):
    """A small sweep on disk (CSV runs named lr=...), audited without cache."""
    root = tmp_path_factory.mktemp("sweep")
    rng = np.random.default_rng(0)
    for i, lr in enumerate([1e-4, 1e-4, 3e-4, 3e-4, 1e-2, 1e-2, 3e-2, 3e-2]):
        d = root / f"lr={lr:g}_seed={i}"
        d.mkdir()
        steps = np.arange(300)
        loss = 2.3 * np.exp(-steps / 60) + 0.05 + 0.01 * rng.standard_normal(300)
        if lr >= 1e-2:
            loss[150:] = np.nan if i % 2 else loss[150:] * np.exp(np.arange(150) / 20)
        rows = ["step,train_loss"] + [f"{s},{v}" for s, v in zip(steps, loss)]
        (d / "metrics.csv").write_text("\n".join(rows) + "\n")
    (root / "empty_run").mkdir()
    (root / "empty_run" / "metrics.csv").write_text("step,train_loss\n")
    return curvedoc.audit(root, jobs=1, cache=False)


# ---------------------------------------------------------------------------------------------- JSON


def _validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((files("curvedoc.reporters") / "schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_json_matches_schema(report, audit_report):
    v = _validator()
    for rep in (report, audit_report):
        doc = json.loads(render(rep, "json"))
        errors = [f"{e.json_path}: {e.message}" for e in v.iter_errors(doc)]
        assert not errors, errors[:5]
    assert "sweep" in json.loads(render(audit_report, "json"))


def test_schema_rejects_broken_documents(report):
    v = _validator()
    doc = json.loads(render(report, "json"))
    bad = json.loads(json.dumps(doc))
    bad["runs"][1]["findings"][0]["severity"] = "fatal"
    assert not v.is_valid(bad)
    bad = json.loads(json.dumps(doc))
    bad["runs"][1]["findings"][0]["confidence"] = 1.5
    assert not v.is_valid(bad)
    bad = json.loads(json.dumps(doc))
    del bad["runs"][0]["skipped"]
    assert not v.is_valid(bad)
    bad = json.loads(json.dumps(doc))
    bad["runs"][-1]["errors"] = []  # an unreadable run must say why
    assert not v.is_valid(bad)


def test_json_of_sample_runs_matches_schema():
    samples = sample_runs()[:6]
    if not samples:
        pytest.skip("sample_runs/ not generated yet")
    v = _validator()
    rep = curvedoc.diagnose([curvedoc.load(p)[0] for _, p, _ in samples])
    assert v.is_valid(json.loads(render(rep, "json")))


def test_json_and_import_do_not_load_matplotlib(tmp_path):
    code = (
        "import sys, numpy as np\n"
        "import curvedoc\n"
        "assert 'matplotlib' not in sys.modules, 'import curvedoc loaded matplotlib'\n"
        "from curvedoc.model.run import Run, make_frame\n"
        "f = make_frame(['loss'] * 50, np.arange(50), np.linspace(2, 1, 50))\n"
        "rep = curvedoc.diagnose(Run('r', 'x', f))\n"
        "rep.render('json'); rep.render('text'); rep.render('markdown'); rep.render('github')\n"
        "bad = [m for m in sys.modules if m.startswith('matplotlib')]\n"
        "assert not bad, bad[:3]\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                       env={**os.environ, "PYTHONPATH": str(REPO)})
    assert r.returncode == 0, r.stderr


# ---------------------------------------------------------------------------------------------- text


def test_text_plain_has_no_ansi_and_colour_has(report):
    plain = render(report, "text", color=False)
    assert not ANSI.search(plain)
    coloured = render(report, "text", color=True)
    assert ANSI.search(coloured)
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain


def test_text_content(report):
    out = render(report, "text", color=False)
    lines = out.splitlines()
    assert all(len(ln) <= 100 for ln in lines), [ln for ln in lines if len(ln) > 100]
    # a status line per run with its sparkline
    div_line = next(ln for ln in lines if ln.startswith("✗ diverging"))
    assert "failing" in div_line and "score" in div_line and "train" in div_line
    assert re.search(r"train [▁▂▃▄▅▆▇█×]+", div_line)
    assert "×" in div_line  # the NaN tail shows in the sparkline
    # findings with code, name and step; the error first
    blocks = re.split(r"\n(?=[✓✗!?] )", out)
    block = next(b for b in blocks if b.startswith("✗ diverging"))
    codes = re.findall(r"^  ([A-Z]\d{3}) \S+  (error|warning|info)", block, flags=re.M)
    assert codes and codes[0][1] == "error"
    sev_rank = {"error": 0, "warning": 1, "info": 2}
    assert [sev_rank[s] for _, s in codes] == sorted(sev_rank[s] for _, s in codes)
    assert "D001 divergence" in block and "step 250" in block
    assert "Likely causes" in block and "-> " in block
    # skipped rules in one (wrapped) entry, grouped by the missing role
    assert re.search(r"\d+ rules skipped: no \w+ logged \(", out)
    # the unreadable run: one line with its reason
    assert re.search(r"^\? broken-run  unreadable: all 2 event files are Git LFS pointers$", out, flags=re.M)
    # run names from logs are shown as written (no control characters)
    assert EVIL_NAME in out


def test_text_never_passes_control_characters():
    run = make_run("bad\x1b[31mname\nsecond", train_loss=np.linspace(2, 1, 50))
    out = render(curvedoc.diagnose(run), "text", color=False)
    assert "\x1b" not in out and "bad?[31mname second" in out


def test_skipped_grouping():
    from curvedoc.engine.results import SkippedRule

    skipped = [SkippedRule.from_dict(d) for d in (
        {"name": "exploding-gradients", "code": "G001", "missing": ["grad_norm|grad_norm_sq"]},
        {"name": "clip-saturation", "code": "G003", "missing": ["grad_norm|grad_norm_clipped|grad_norm_sq"]},
        {"name": "vanishing-gradients", "code": "G002", "missing": ["grad_norm|layer_grad_norm"]},
        {"name": "epoch-boundary-jumps", "code": "E001", "missing": ["epoch"]})]
    groups = group_skipped(skipped)
    assert [g for g, _ in groups] == ["no grad_norm logged", "no epoch logged"]
    line = skipped_line(skipped, names=2)
    assert line == ("4 rules skipped: no grad_norm logged (exploding-gradients, clip-saturation, ...); "
                    "no epoch logged (epoch-boundary-jumps)")


def test_sparkline():
    s, bad = sparkline(np.linspace(10, 1, 100), 10)
    assert s == "█▇▆▅▄▄▃▂▁▁"[: len(s)] or (s[0] == "█" and s[-1] == "▁" and len(s) == 10)
    assert not bad
    s, bad = sparkline([1.0, 2.0, float("nan")], 10)
    assert len(s) == 3 and s[-1] == "×" and bad
    assert sparkline([], 10) == ("", False)
    s, _ = sparkline(np.ones(30), 8)
    assert set(s) == {"▁"}


def test_statistics(report, audit_report):
    out = render(report, "text", statistics=True)
    assert "Statistics (findings per rule)" in out
    table = out[out.index("Statistics"):].splitlines()[2:]
    counts = [int(ln.split()[0]) for ln in table if ln.strip()]
    assert counts == sorted(counts, reverse=True) and sum(counts) == len(report.findings)
    assert "Statistics" not in render(report, "text")


def test_audit_text(audit_report):
    out = render(audit_report, "text", color=False)
    assert out.startswith("curvedoc audit of ")
    for section in ("Runs, worst first", "Findings across the sweep", "Could not be read (1)",
                    "Findings of the failing and warning runs"):
        assert section in out, section
    assert "empty_run" in out[out.index("Could not be read"):]
    sep = audit_report.sweep["separating_hparams"]
    for s in sep:
        assert s["statement"] in out.replace("\n    ", " ")
    # ranked worst first: the first row is a failing run
    first_row = out[out.index("Runs, worst first"):].splitlines()[2]
    assert "failing" in first_row
    assert all(len(ln) <= 100 for ln in out.splitlines())


# ---------------------------------------------------------------------------------------------- markdown


def _md_cells(row: str) -> list[str]:
    assert row.startswith("|") and row.endswith("|"), row
    return re.split(r"(?<!\\)\|", row[1:-1])


def _check_tables(md: str) -> int:
    n_tables = 0
    block: list[str] = []
    for line in md.splitlines() + [""]:
        if line.startswith("|"):
            block.append(line)
            continue
        if block:
            n_tables += 1
            widths = {len(_md_cells(r)) for r in block}
            assert len(widths) == 1, block
            assert re.fullmatch(r"\|( ?-{3,}:? ?\|)+", block[1].replace(" ", "")), block[1]
            block = []
    return n_tables


def test_markdown(report, audit_report):
    md = render(report, "markdown")
    assert _check_tables(md) >= 2
    assert "## ✗ diverging: failing" in md
    # log text is escaped: no raw html, no broken table, no live mention
    assert "<b>x</b>" not in md and "\\<b\\>x\\</b\\>" in md
    assert "evil\\|run" in md and "\\*bold\\*" in md and "\\_it\\_" in md
    assert "@someone" not in md
    md_a = render(audit_report, "markdown", statistics=True)
    assert _check_tables(md_a) >= 3
    for section in ("## Runs, worst first", "## Findings across the sweep", "## Could not be read (1)",
                    "## Statistics (findings per rule)"):
        assert section in md_a


def test_md_escape():
    assert md_escape("a|b") == "a\\|b"
    assert md_escape("line1\nline2") == "line1 line2"
    assert md_escape("<script>") == "\\<script\\>"
    assert "|" not in md_escape("x|y").replace("\\|", "")


# ---------------------------------------------------------------------------------------------- github

GH_LINE = re.compile(r"^::(error|warning|notice)( [a-z]+=[^,:\r\n]*(,[a-z]+=[^,:\r\n]*)*)?::[^\r\n]*$")


def test_github_annotations(report):
    out = render(report, "github")
    lines = out.splitlines()
    assert lines and all(GH_LINE.match(ln) for ln in lines), [ln for ln in lines if not GH_LINE.match(ln)]
    n_findings = len(report.findings)
    assert sum(1 for ln in lines if "title=curvedoc " in ln and "summary" not in ln
               and "unreadable" not in ln) == n_findings
    assert any(ln.startswith("::error") and "D001 divergence" in ln for ln in lines)
    assert any(ln.startswith("::error") and "broken-run" in ln for ln in lines)
    assert lines[-1].startswith("::notice title=curvedoc summary::")


def test_github_escaping():
    assert escape_data("100% done\r\nnext") == "100%25 done%0D%0Anext"
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"
    run = make_run("x,y:z\nevil::error::boom", train_loss=np.r_[np.linspace(2, 1, 40), [np.nan] * 10])
    run = run.replace(path=None)
    rep = curvedoc.diagnose(run)
    rep.runs[0].path = "/tmp/a,b:c/run"
    for ln in render(rep, "github").splitlines():
        assert GH_LINE.match(ln), ln
        assert "\n" not in ln


# ---------------------------------------------------------------------------------------------- CLI colour


def _run_cli_in_pty(args, env_extra):
    """Run the CLI with stdout on a pseudo-terminal (so it believes it talks to a terminal)."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(env_extra)
    env["PYTHONPATH"] = str(REPO)
    env["COLUMNS"] = "100"
    p = subprocess.Popen([sys.executable, "-m", "curvedoc", *args], stdout=slave, stderr=subprocess.PIPE, env=env)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    p.wait(timeout=60)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


def test_cli_colour_terminal_pipe_and_no_color(tmp_path):
    d = tmp_path / "run"
    d.mkdir()
    rows = ["step,train_loss"] + [f"{i},{2.0 * 0.97 ** i}" for i in range(50)] + [f"{i},nan" for i in range(50, 60)]
    (d / "metrics.csv").write_text("\n".join(rows) + "\n")
    tty = _run_cli_in_pty(["diagnose", str(d)], {})
    assert ANSI.search(tty), tty[:200]
    no_color = _run_cli_in_pty(["diagnose", str(d)], {"NO_COLOR": "1"})
    assert "diverg" in no_color and not ANSI.search(no_color)
    # a pipe (CliRunner's output is not a terminal): plain; --color forces colour through the pipe
    from click.testing import CliRunner

    from curvedoc.cli import main

    piped = CliRunner().invoke(main, ["diagnose", str(d)], env={"NO_COLOR": None})
    assert "diverg" in piped.output and not ANSI.search(piped.output)
    forced = CliRunner().invoke(main, ["diagnose", str(d), "--color"], env={"NO_COLOR": "1"})
    assert ANSI.search(forced.output)


def test_duplicate_groups_are_shortened_for_people():
    from curvedoc.reporters._style import duplicate_groups

    groups = [[f"run{g}_{i}" for i in range(40)] for g in range(15)]
    shown, left = duplicate_groups(groups)
    assert len(shown) == 10 and left == 5
    assert shown[0][:6] == [f"run0_{i}" for i in range(6)] and shown[0][6] == "... 34 more"
    assert duplicate_groups([["a", "b"]]) == ([["a", "b"]], 0)


def test_counts_read_as_sentences_and_cut_lists_end_with_an_ellipsis():
    import numpy as np
    from _helpers import make_run

    import curvedoc

    rep = curvedoc.diagnose(make_run(loss=[2.3]))
    assert " 1 point" in rep.render("text", color=False) and "1 points" not in rep.render("text", color=False)
    assert "1 points" not in rep.render("markdown") and "1 points" not in rep.render("html")
    tags = {f"custom_stat_{i}_with_a_long_name (small)": np.linspace(0.1, 0.2, 20) for i in range(30)}
    text = curvedoc.diagnose(make_run(loss=np.linspace(2, 1, 20), **tags)).render("text", color=False)
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.strip().startswith("tags no rule reads (30)"))
    block = [lines[i]] + [ln for ln in lines[i + 1:i + 2] if ln.startswith("      ")]
    assert block[-1].rstrip().endswith("...") and not block[-1].rstrip().endswith(", ...")


def test_github_annotations_point_at_the_log_file_relative_to_the_workspace(monkeypatch):
    from _helpers import SAMPLE_RUNS

    import curvedoc

    monkeypatch.setenv("GITHUB_WORKSPACE", str(SAMPLE_RUNS.parent))
    out = curvedoc.diagnose(SAMPLE_RUNS / "overfitting-small-data").render("github")
    # (the sample's overfitting is an info since its validation accuracy held: a ::notice, pointing at its file too)
    first = next(ln for ln in out.splitlines() if ln.startswith(("::warning", "::error", "::notice")) and "file=" in ln)
    file_prop = first.split("file=", 1)[1].split(",", 1)[0]
    assert file_prop == "sample_runs/overfitting-small-data/lightning_logs/version_0/metrics.csv"


def test_the_audit_table_keeps_its_columns_when_a_run_is_not_assessed(tmp_path):
    # 'not-assessed' is wider than the other statuses: the score and run columns must still line up
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "log.csv").write_text("step,loss\n" + "".join(f"{i},{2.0 / (i + 1):.4f}\n" for i in range(40)))
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "log.csv").write_text("step,loss\n0,1.0\n")
    rep = curvedoc.audit(str(tmp_path))
    text = render(rep, "text", color=False)
    rows = [ln for ln in text.splitlines() if re.match(r"\s+\d+\s{2}(healthy|warning|failing|not-assessed)", ln)]
    assert any("not-assessed" in r for r in rows) and len(rows) == 2, text
    starts = {re.search(r"\d+\s{2}\S+\s+(\d+)", r).start(1) + len(re.search(r"\d+\s{2}\S+\s+(\d+)", r).group(1))
              for r in rows}
    assert len(starts) == 1, rows  # the scores end in one column
