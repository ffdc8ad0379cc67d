"""Text logs whose step counts inside the epoch, the epoch said on another line (issue 36, fifth round): each
principle a misreading of a labelled log broke, on a small synthetic log written the way its script prints."""

from __future__ import annotations

from test_textlog_readings import _read, _series


def test_a_step_counted_against_the_epochs_length_under_an_epoch_heading_is_laid_end_to_end(tmp_path):
    """Paddle's hapi ``Model.fit`` (and Keras' progress bars) print ``Epoch 2/4`` on a line of its own, then ``step
    10/300 - loss: ..`` counting inside that epoch up to its length: the records are on the run's iteration
    ((epoch - first) * 300 + step), not folded onto steps 10..300 where each epoch overwrites the one before; the
    evaluation announced after each epoch is at the iteration training had reached."""
    lines = []
    for e in range(1, 5):
        lines.append(f"Epoch {e}/4")
        lines += [f"step {s:3d}/300 - loss: {1 / (e * s):.4f} - AUROC_avg: {0.5 + e / 20:.4f} - 2s/step"
                  for s in range(10, 310, 10)]
        lines.append("Eval begin...")
        lines += [f"step {s:2d}/44 - loss: {0.3 + e / 100 + s / 1000:.4f} - AUROC_avg: {0.6 + e / 50:.4f} - 1s/step"
                  for s in (10, 20, 30, 40, 44)]
        lines.append("Eval samples: 11219")
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "loss")
    assert steps == [(e - 1) * 300 + s for e in range(1, 5) for s in range(10, 310, 10)]
    assert values[0] == 0.1 and values[-1] == round(1 / 1200, 4)
    assert _series(rd, "val/loss") == ([300, 600, 900, 1200], [round(0.3 + e / 100 + 0.044, 4) for e in range(1, 5)])
    assert not [i for i in rd.issues if i.kind == "restart"]


def test_a_step_with_its_total_under_an_epoch_heading_that_never_starts_again_is_the_runs_step(tmp_path):
    """``step 120/4000`` counting the run's steps, an ``Epoch 2`` line printed as the data loader starts again: the
    step never goes back when the epoch advances, so it is the run's step as printed."""
    lines = []
    for e in range(1, 4):
        lines.append(f"Epoch {e}")
        lines += [f"step {s}/4000 - loss: {2 / s:.4f}" for s in range((e - 1) * 1000 + 100, e * 1000 + 100, 100)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == list(range(100, 3100, 100))
