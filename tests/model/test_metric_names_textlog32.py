"""Quality metrics named in the lock-box batches seen at text-log round textlog32 (issue 36): names common enough to
be known wherever they are printed -- Keras's snake-cased IoU metrics and a depth estimate's threshold accuracies."""

from __future__ import annotations

import numpy as np
import pytest

from curvedoc.model.metrics import classify, infer_metrics, tokens


@pytest.mark.parametrize("tag", ["binary_io_u", "mean_io_u", "one_hot_mean_io_u", "val_binary_io_u"])
def test_keras_snake_cased_iou_is_the_iou(tag):
    """Keras logs a metric under its class's name in snake case: 'BinaryIoU' as 'binary_io_u' -- the IoU."""
    assert "iou" in tokens(tag)
    c = classify(tag)
    assert c is not None and c[0] == "iou" and c[1] is True and c[3] is True, c


@pytest.mark.parametrize("tag", ["audio_u", "portfolio_u", "io_ms"])
def test_words_merely_ending_in_io_are_no_iou(tag):
    assert classify(tag) is None and "iou" not in tokens(tag)


def test_a_held_out_kind_beside_its_val_twin_is_the_training_split():
    """Keras's 'binary_io_u' beside 'val_binary_io_u': the bare name is the training split, the twin the held-out
    one; alone, an IoU is still read as held out (segmentation and detection scores are an evaluation's)."""
    from _helpers import make_run

    n = 20
    steps = np.arange(1, n + 1)
    run = make_run(steps=steps, loss=np.linspace(1, 0.2, n), val_loss=np.linspace(1.1, 0.3, n),
                   binary_io_u=np.linspace(0.3, 0.8, n), val_binary_io_u=np.linspace(0.25, 0.7, n))
    splits = {m.tag: m.split for m in infer_metrics(run)}
    assert splits == {"binary_io_u": "train", "val_binary_io_u": "val"}, splits
    alone = make_run(steps=steps, loss=np.linspace(1, 0.2, n), binary_io_u=np.linspace(0.3, 0.8, n))
    assert {m.tag: m.split for m in infer_metrics(alone)} == {"binary_io_u": "val"}


@pytest.mark.parametrize("tag,split", [("Delta1", "train"), ("val/Delta1", "val"), ("test_delta2", "val"),
                                       ("delta3", "train")])
def test_a_depth_estimates_threshold_accuracy_is_a_rate_higher_is_better(tag, split):
    """δ₁..δ₃, the share of pixels whose depth is within 1.25^k of the truth, printed 'Delta1 : 0.7331': a rate in
    [0, 1], higher is better; a bare 'delta' (a change) is no metric."""
    c = classify(tag)
    assert c == ("depth_delta", True, split, True), c
    assert classify("delta") is None and classify("loss_delta") is None
