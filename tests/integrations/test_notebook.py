"""A notebook run through nbconvert shows reports and plots with no setup line (no %matplotlib inline)."""

from __future__ import annotations

import json
import pickle

import pytest
from _helpers import SAMPLE_RUNS

import curvedoc


def test_a_plot_shows_itself_without_a_backend_and_pickles():
    rep = curvedoc.diagnose(SAMPLE_RUNS / "divergence-warmup-too-high")
    fig = rep.plot()
    assert fig._repr_png_().startswith(b"\x89PNG")
    assert type(pickle.loads(pickle.dumps(fig))).__name__ == "CurvedocFigure"


def test_the_notebook_fragment_keeps_its_table_layout():
    html = curvedoc.diagnose(SAMPLE_RUNS / "divergence-warmup-too-high")._repr_html_()
    assert "div.curvedoc table th,div.curvedoc table td{text-align:left !important" in html


def _executed(tmp_path, first: str, *cells: str, timeout: int):
    """A notebook whose first cell diagnoses the demo run (``first`` follows that line), then ``cells``, run by
    nbconvert's kernel as Jupyter would (skipped without nbformat, nbconvert or ipykernel)."""
    nbformat = pytest.importorskip("nbformat", reason="nbformat not installed (pip install nbconvert ipykernel)")
    pytest.importorskip("nbconvert", reason="nbconvert not installed (pip install nbconvert ipykernel)")
    pytest.importorskip("ipykernel", reason="ipykernel not installed (pip install nbconvert ipykernel)")
    from nbconvert.preprocessors import ExecutePreprocessor

    run = str(SAMPLE_RUNS / "divergence-warmup-too-high")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"import curvedoc\nreport = curvedoc.diagnose({run!r}){first}")]
    nb.cells += [nbformat.v4.new_code_cell(c) for c in cells]
    ExecutePreprocessor(timeout=timeout, kernel_name="python3").preprocess(nb, {"metadata": {"path": str(tmp_path)}})
    return nb


@pytest.fixture(scope="module")
def notebook(tmp_path_factory):
    """One kernel for both tests below (starting one costs ~2 s of CPU): the report shown by the first cell, then
    ``report.plot()`` as a last line, an assigned plot, a shown one, and a cell that renders the HTML report."""
    return _executed(tmp_path_factory.mktemp("nb"), "\nreport", "report.plot()", "fig = report.plot(0)",
                     "report.plot(0)", "html = report.render('html')\nx = 1", timeout=180)


def test_nbconvert_runs_a_notebook_that_displays_a_report_and_a_plot(notebook):
    out_report = notebook.cells[0].outputs[0]["data"]
    out_plot = notebook.cells[1].outputs[0]["data"]
    assert "text/html" in out_report and "curvedoc" in out_report["text/html"]
    assert "image/png" in out_plot, json.dumps(list(out_plot))


def _pngs(cell):
    return [o for o in cell.outputs if "image/png" in (o.get("data") or {})]


def test_an_assigned_plot_shows_at_the_end_of_the_cell_and_a_shown_one_only_once(notebook):
    """`fig = report.plot(0)` draws the plot as pyplot's inline figures do; `report.plot()` as the last line shows
    it once, not twice; a figure the cell did not make through report.plot (the HTML report's) is not shown."""
    cells = notebook.cells
    assert len(_pngs(cells[1])) == 1, json.dumps([list(o.get("data") or {}) for o in cells[1].outputs])
    assert len(_pngs(cells[2])) == 1, json.dumps([list(o.get("data") or {}) for o in cells[2].outputs])
    assert len(_pngs(cells[3])) == 1
    assert not _pngs(cells[4])
