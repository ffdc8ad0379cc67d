"""HTML report and plots: one self-contained file, a plot per run, nothing fetched from the network,
and no text from the logs ever interpreted as markup (in the page or inside the SVG)."""

from __future__ import annotations

from html.parser import HTMLParser

import numpy as np
import pytest

import curvedoc
from curvedoc.engine import unreadable_report
from curvedoc.engine.report import Report, RunReport
from curvedoc.reporters import render
from curvedoc.reporters.plots import envelope

from _helpers import make_run, sample_runs

pytest.importorskip("matplotlib")

EVIL_TAG = "<script>alert(1)</script>"
EVIL_RUN = '<img src=x onerror="alert(2)">'


class Page(HTMLParser):
    """Collects start tags (with attributes, inside or outside SVG) and the text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if a.get("id"):
            self.ids.append(a["id"])

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        self.text.append(data)

    def count(self, tag):
        return sum(1 for t, _ in self.tags if t == tag)


def parse(doc: str) -> Page:
    p = Page()
    p.feed(doc)
    p.close()
    return p


def assert_offline(page: Page, doc: str) -> None:
    """No network and nothing executable but the page's own scripts: inline ones only (no src), each allowed by
    its SHA-256 in a Content-Security-Policy whose default is 'none'; data blocks are inert JSON."""
    import base64
    import hashlib
    import re

    for tag, attrs in page.tags:
        assert tag not in ("link", "iframe", "img", "object", "embed"), tag
        if tag == "script":
            assert "src" not in attrs and attrs.get("type") in (None, "application/json"), attrs
        for k, v in attrs.items():
            if k in ("src", "href", "xlink:href", "action", "srcset", "poster", "data"):
                assert not (v or "").strip().lower().startswith(("http:", "https:", "//", "javascript:")), (tag, k, v)
        assert not any(k.startswith("on") for k in attrs), (tag, attrs)
    assert "url(http" not in doc and "@import" not in doc and "@font-face" not in doc
    code = re.findall(r"<script>(.*?)</script>", doc, flags=re.S)
    if "<head" in doc:
        csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', doc)
        assert csp and "default-src 'none'" in csp.group(1), "the page needs a CSP forbidding the network"
        for js in code:
            h = base64.b64encode(hashlib.sha256(js.encode()).digest()).decode()
            assert f"'sha256-{h}'" in csp.group(1), "an inline script the CSP does not allow"
    else:
        assert not code, "a notebook fragment carries no script"


@pytest.fixture(scope="module")
def evil_report():
    n = 3000
    steps = np.arange(n)
    loss = 2.0 * np.exp(-steps / 600) + 0.05
    loss[1800] = 30.0
    vs = np.arange(0, n, 150)
    run = make_run(EVIL_RUN, hparams={"<b>key</b>": "<i>value</i> & more", "lr": 0.01},
                   **{EVIL_TAG: loss, "val_loss": (vs, 1.0 + ((vs - 900) / 900.0) ** 2), "lr": np.full(n, 1e-3),
                      "grad_norm": np.abs(np.sin(steps / 50)) + 1})
    rep = curvedoc.diagnose([run, make_run("plain", train_loss=loss[::-1].copy())],
                            roles={"train_loss": EVIL_TAG})
    rep.runs.append(unreadable_report("lost <run>", "/x/lost", "no scalar data <here>"))
    return rep


def test_html_is_one_offline_file_with_a_plot_per_run(evil_report):
    doc = render(evil_report, "html")
    assert doc.startswith("<!DOCTYPE html>") and doc.rstrip().endswith("</html>")
    page = parse(doc)
    assert_offline(page, doc)
    readable = [r for r in evil_report.runs if r.status != "unreadable"]
    # one plot per readable run, plus the overview of all runs
    assert page.count("svg") == len(readable) + 1
    assert page.count("section") == len(readable)
    assert page.count("style") >= 1


def test_log_text_is_escaped_everywhere(evil_report):
    doc = render(evil_report, "html")
    page = parse(doc)
    assert EVIL_TAG not in doc and EVIL_RUN not in doc and "<b>key</b>" not in doc
    text = "".join(page.text)
    # shown as text: run name, tag (in the tables and in the SVG legend), hparams, unreadable reason
    assert EVIL_RUN in text
    assert text.count(EVIL_TAG) >= 3
    assert "<b>key</b>" in text and "<i>value</i> & more" in text
    assert "no scalar data <here>" in text and "lost <run>" in text
    # inside the SVG: the tag name is escaped text of a <text> element
    svg = doc[doc.index("<svg", doc.index('id="run-img-src-x')):]
    svg = svg[: svg.index("</svg>")]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    assert not any(t in ("script", "img", "i", "b") for t, _ in parse(svg).tags)


def test_ranked_table_links_resolve(evil_report):
    doc = render(evil_report, "html")
    page = parse(doc)
    ids = set(page.ids)
    hrefs = [a["href"] for t, a in page.tags if t == "a" and a.get("href")]
    assert hrefs and all(h.startswith("#") and h[1:] in ids for h in hrefs)
    assert len(ids & {h[1:] for h in hrefs}) == len({h for h in hrefs})


def test_fragment_for_jupyter(evil_report):
    frag = evil_report._repr_html_()
    assert "<html" not in frag and "<head" not in frag and "<body" not in frag and "<!DOCTYPE" not in frag
    assert frag.startswith("<style>")
    page = parse(frag)
    assert_offline(page, frag)
    assert page.count("svg") == 3


def test_plot_api_returns_figures(evil_report):
    from matplotlib.figure import Figure

    fig = evil_report.plot(EVIL_RUN)
    assert isinstance(fig, Figure)
    assert len(fig.axes) >= 3  # loss, lr, grad norm
    assert isinstance(evil_report.plot(1), Figure)
    # an audit-style report: no Run in memory, the 100-point curves in meta
    rr = RunReport.from_dict(evil_report.runs[0].to_dict())
    rr.meta["curves"] = {"train_loss": [[i * 10, 2.0 / (i + 1)] for i in range(100)] + [[1000, None]],
                         "val_loss": [[i * 100, 1.0 + i / 10] for i in range(10)]}
    fig = Report(runs=[rr]).plot()
    assert isinstance(fig, Figure) and len(fig.axes) >= 1


def test_big_curve_is_downsampled_and_keeps_spikes_and_nans():
    n = 1_000_000
    rng = np.random.default_rng(1)
    loss = 1.0 + 0.01 * rng.standard_normal(n)
    loss[654_321] = 50.0
    loss[900_000:900_005] = np.nan
    xs, ys = envelope(np.arange(n), loss, 2000)
    assert len(xs) <= 2000
    assert np.nanmax(ys) == 50.0 and xs[np.nanargmax(ys)] == 654_321
    assert np.all(np.diff(xs[np.isfinite(ys)]) >= 0)
    rep = curvedoc.diagnose(make_run("big", train_loss=loss))
    doc = render(rep, "html")
    assert len(doc) < 600_000, len(doc)
    assert "NaN/inf (5)" in doc  # the NaN points are marked and counted in the legend


def test_audit_html_draws_the_worst_and_lists_the_rest():
    runs = []
    for i in range(8):
        loss = 2.0 * np.exp(-np.arange(200) / 40) + 0.05
        if i < 3:
            loss[120:] = np.nan
        runs.append(make_run(f"run{i}", train_loss=loss))
    rep = curvedoc.diagnose(runs)
    from curvedoc.engine.results import SweepSummary

    rep.sweep = SweepSummary.from_dict(
        {"status_counts": {"failing": 3, "warning": 0, "healthy": 5, "unreadable": 0},
         "separating_hparams": [{"statement": "divergence in 3 of 3 runs with lr >= 0.1, in 0 of 5 below",
                                 "p_value": 0.02}],
         "shared_failures": [], "duplicate_runs": [["run5", "run6"]], "best_run": None, "unreadable": []})
    doc = render(rep, "html", detail_runs=4)
    page = parse(doc)
    assert page.count("svg") == 4 + 1
    assert "The other 4 runs (not drawn)" in doc
    assert "divergence in 3 of 3 runs with lr &gt;= 0.1" in doc
    # the three failing runs are among the drawn ones
    sections = [a.get("id") for t, a in page.tags if t == "section"]
    assert {"run-run0", "run-run1", "run-run2"} <= set(sections)


def test_real_audit_style_report_renders(tmp_path):
    samples = sample_runs()[:4]
    if not samples:
        pytest.skip("sample_runs/ not generated yet")
    rep = curvedoc.diagnose([curvedoc.load(p)[0] for _, p, _ in samples])
    doc = render(rep, "html")
    page = parse(doc)
    assert_offline(page, doc)
    assert page.count("svg") == len(rep.runs) + (1 if len(rep.runs) > 1 else 0)


# ------------------------------------------------------------------------------------------ plots tell the truth

def _stopped_run(max_steps=10_000, n=140, gap=6.0):
    """A run killed at step ~1,400 of a planned 10,000, validation `gap` times the training loss."""
    steps = np.arange(10, 10 * n + 1, 10)
    train = 0.2 + 2.0 * np.exp(-steps / 300.0)
    vs = steps[::20]
    val = gap * (0.2 + 2.0 * np.exp(-vs / 300.0))
    run = make_run(steps=steps, meta={"max_steps": max_steps, "global_step": int(steps[-1])},
                   loss=train, eval_loss=(vs, val))
    return curvedoc.diagnose(run)


def test_the_x_range_is_the_logged_steps_and_the_planned_end_is_a_note():
    rep = _stopped_run()
    rr = rep.runs[0]
    assert any(f.steps and f.steps[1] == 10_000 for f in rr.findings)  # a finding reaches the planned end
    fig = rep.plot(rr.run)
    lo, hi = fig.axes[0].get_xlim()
    assert lo < 10 + 30 and 1400 <= hi < 1500  # the curves fill the width
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert any("planned end: step 10,000" in t for t in texts)


def test_train_and_validation_share_one_log_axis_so_the_gap_shows():
    rep = _stopped_run(gap=6.0)
    fig = rep.plot(rep.runs[0].run)
    ax = fig.axes[0]
    assert len(fig.axes) == 1 and ax.get_yscale() == "log"  # no right-hand axis of its own for validation
    lines = {ln.get_label().split(":")[0]: ln for ln in ax.get_lines() if ln.get_label().startswith(("train", "val"))}
    tv = np.nanmedian(lines["train"].get_ydata())
    vv = np.nanmedian(lines["val"].get_ydata())
    assert vv > 4 * tv  # drawn above, on the same scale


def test_the_legend_sits_outside_the_data():
    rep = _stopped_run()
    fig = rep.plot(rep.runs[0].run)
    fig.canvas.draw()
    ax = fig.axes[0]
    leg = ax.get_legend()
    r = fig.canvas.get_renderer()
    assert leg.get_window_extent(r).x0 >= ax.get_window_extent(r).x1 - 1
    assert leg.get_window_extent(r).x1 <= fig.bbox.x1 + 1  # and inside the figure


def test_appended_sessions_are_marked_where_each_begins():
    # a run stitched from three training sessions (meta["sessions"]: the step where each begins; the CSV and JSON
    # readers now read such files as one run per session, a run made by hand may still carry them)
    loss = np.concatenate([1.2 - 0.1 * np.arange(6)] * 3)
    from curvedoc.model.run import ImportIssue

    run = make_run(steps=np.arange(18), train_loss=loss, val_loss=loss - 0.1, meta={"sessions": [0, 6, 12]})
    run.issues.append(ImportIssue("restart", "3 training sessions appended to one file", count=2))
    rep = curvedoc.diagnose(run)
    (i001,) = [f for f in rep.runs[0].findings if f.code == "I001"]
    assert list(i001.marks) == [6, 12] and "new training session" in str(i001.causes[0]).lower()
    fig = rep.plot(rep.runs[0].run)
    labels = [t.get_text() for t in fig.axes[0].texts]
    assert " session 2" in labels and " session 3" in labels


def test_quality_metrics_are_drawn_in_their_own_panel():
    # an RL run has no loss to draw: its success rate is what the rules judge, so it is what the plot shows
    steps = np.arange(43)
    rng = np.random.default_rng(0)
    run = make_run(steps=steps, **{"test/success_rate": 0.07 + 0.02 * rng.standard_normal(43),
                                   "train/success_rate": 0.06 + 0.01 * rng.standard_normal(43),
                                   "rollout/return": -40 + rng.standard_normal(43)})
    rep = curvedoc.diagnose(run)
    fig = rep.plot(rep.runs[0].run)
    labels = [ln.get_label() for ax in fig.axes for ln in ax.get_lines()]
    assert "test/success_rate" in labels and not any("no train/val loss" in t.get_text() for t in fig.texts)
    assert any(ax.get_ylabel() == "quality metric" for ax in fig.axes)


# ------------------------------------------------------------------------------------------ interactive charts

def _chart_blocks(doc: str) -> list[dict]:
    import json
    import re

    return [json.loads(b) for b in re.findall(r'<script type="application/json" class="cd-data">(.*?)</script>', doc,
                                                flags=re.S)]


def test_each_drawn_run_carries_its_chart_data_as_inert_json(evil_report):
    doc = render(evil_report, "html")
    blocks = _chart_blocks(doc)
    readable = [r for r in evil_report.runs if r.status != "unreadable"]
    assert len(blocks) == len(readable)
    # the tag from the log comes back exactly, though the page never holds it as markup
    evil = next(b for b in blocks if any(EVIL_TAG in ln["label"] for ln in b["panels"][0]["lines"]))
    assert EVIL_TAG not in doc
    loss = evil["panels"][0]
    assert loss["name"] == "loss" and loss["log"] is True
    assert all(len(y) == len(loss["x"]) for y in loss["ys"])
    assert evil["x0"] == 0 and evil["x1"] == 2999  # the logged steps
    rr = readable[[r.run for r in readable].index(EVIL_RUN)]
    assert {m["code"] for m in evil["marks"]} == {f.code for f in rr.findings}


def test_a_run_page_renders_without_matplotlib(tmp_path):
    """A single run's page draws its fallback itself: matplotlib (about half a second of import) is not loaded."""
    import subprocess
    import sys

    folder = next((p for n, p, _ in sample_runs() if n == "divergence-warmup-too-high"), None)
    if folder is None:
        pytest.skip("sample_runs/ not generated yet")
    code = ("import sys, curvedoc; from curvedoc.reporters import render; "
            f"doc = render(curvedoc.diagnose({str(folder)!r}), 'html'); "
            "print('matplotlib' in sys.modules, 'cd-data' in doc, '<svg' in doc)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["False", "True", "True"], out.stderr[-2000:]


def test_the_chart_script_is_valid_javascript(tmp_path):
    import shutil
    import subprocess

    from curvedoc.reporters.interactive import INIT_JS

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the chart script's syntax is checked with node --check")
    f = tmp_path / "init.js"
    f.write_text(INIT_JS)
    out = subprocess.run([node, "--check", str(f)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


@pytest.mark.parametrize("n,every", [(5, 1), (300, 10), (100_000, 1)])
def test_chart_and_fallback_keep_gaps_spikes_and_sparse_evaluations(n, every):
    from curvedoc.reporters.interactive import CHART_POINTS, chart_data, fallback_svg

    steps = np.arange(0, n * every, every)
    loss = 2.0 * np.exp(-np.arange(n) / max(n / 5, 1)) + 0.1
    loss[n // 2] = 40.0
    if n > 10:
        loss[-3:] = np.nan
    vs = steps[:: max(1, n // 6)]
    run = make_run(train_loss=(steps, loss), val_loss=(vs, np.linspace(2.2, 0.3, len(vs))))
    rr = curvedoc.diagnose(run).runs[0]
    d = chart_data(rr)
    p = d["panels"][0]
    train, val = p["ys"][0], p["ys"][1]
    assert len(p["x"]) <= 2 * CHART_POINTS + len(vs)
    assert max(v for v in train if v is not None) == 40.0  # the spike survives the envelope
    assert sum(v is not None for v in val) == len(vs)  # every evaluation is drawn
    assert d["x0"] == 0 and d["x1"] == steps[-1]
    if n > 10:
        assert p["lines"][0]["bad_label"].endswith("NaN/inf (3)")
    svg = fallback_svg(d)
    assert svg.startswith("<svg") and svg.count("<polyline") == 2
