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


def test_nbconvert_runs_a_notebook_that_displays_a_report_and_a_plot(tmp_path):
    nbformat = pytest.importorskip("nbformat", reason="nbformat not installed (pip install nbconvert ipykernel)")
    pytest.importorskip("nbconvert", reason="nbconvert not installed (pip install nbconvert ipykernel)")
    pytest.importorskip("ipykernel", reason="ipykernel not installed (pip install nbconvert ipykernel)")
    from nbconvert.preprocessors import ExecutePreprocessor

    run = str(SAMPLE_RUNS / "divergence-warmup-too-high")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"import curvedoc\nreport = curvedoc.diagnose({run!r})\nreport"),
                nbformat.v4.new_code_cell("report.plot()")]
    ExecutePreprocessor(timeout=120, kernel_name="python3").preprocess(nb, {"metadata": {"path": str(tmp_path)}})
    out_report = nb.cells[0].outputs[0]["data"]
    out_plot = nb.cells[1].outputs[0]["data"]
    assert "text/html" in out_report and "curvedoc" in out_report["text/html"]
    assert "image/png" in out_plot, json.dumps(list(out_plot))
