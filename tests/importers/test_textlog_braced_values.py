"""A number alone in braces is that number: a print whose f-string doubled its braces to show them
(f"epoch: {{{epoch}/{n}}}, loss : {{{loss:.7f}}}") writes "epoch: {1/300}, loss : {1.9027643}". A dict printed in a
log ({'loss': 0.5}) is read as before."""

from __future__ import annotations

import pytest

import curvedoc


def _write(d, lines):
    d.mkdir(parents=True, exist_ok=True)
    (d / "train_log.log").write_text("\n".join(lines) + "\n")
    return d


@pytest.mark.parametrize("style", [
    "2022-02-15 17:55:{s:02d},241 INFO epoch: {{{e}/{n}}}, step: {{{i}/2}}, loss : {{{loss:.7f}}}, lr : {{{lr:.7f}}}",
    "epoch {{{e}/{n}}} step {{{i}/2}} loss={{{loss:.5f}}} lr={{{lr:.6f}}}",
    "[epoch {{ {e} / {n} }}] iter {{{i}/2}} | loss: {{ {loss:.4f} }} | lr: {{{lr:.6f}}}",
])
@pytest.mark.parametrize("epochs", [10, 40])
def test_braced_numbers_are_read_as_numbers_and_the_plan_reaches_the_run(style, epochs, tmp_path):
    n = 300
    lines = []
    for e in range(1, epochs + 1):
        for i in (1, 2):
            lines.append(style.format(s=(2 * e + i) % 60, e=e, n=n, i=i, loss=1.9 * 0.98 ** (2 * e + i), lr=1e-4))
    (run,) = curvedoc.load(str(_write(tmp_path / "run", lines)))
    assert len(run.series("loss")) == 2 * epochs
    assert abs(float(run.series("loss").iloc[0]) - 1.9 * 0.98 ** 3) < 1e-3
    assert "lr" in run.tags


def test_a_printed_dict_is_still_read_as_its_pairs(tmp_path):
    lines = [f"epoch {e}: {{'loss': {1.0 / e:.4f}, 'acc': {0.5 + 0.01 * e:.3f}}}" for e in range(1, 21)]
    (run,) = curvedoc.load(str(_write(tmp_path / "run", lines)))
    assert len(run.series("loss")) == 20 and len(run.series("acc")) == 20
