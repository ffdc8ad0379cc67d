"""Quality metrics named by no split, in a log that names its losses by theirs (fifteenth session).

A script that writes 'Train Loss', 'Test Loss', 'Accuracy', 'Precision', 'Recall' each epoch qualified the training
loss; the plain metric names are what it computed on its test set. They were read as training metrics (Keras'
convention, where 'loss' and 'accuracy' name the training split by no word), so the held-out accuracy of such a run
was never judged (overfitting's metric hold, metric regression, plateau at chance on held-out data).
"""

from __future__ import annotations

import numpy as np
import pytest

import curvedoc


def _table(path, header, n=20, seed=0):
    rng = np.random.default_rng(seed)
    rows = []
    for e in range(n):
        vals = []
        for h in header:
            low = h.lower()
            if "epoch" in low:
                vals.append(str(e + 1))
            elif "loss" in low:
                vals.append(f"{1.5 * np.exp(-e / 5) + 0.1 + 0.01 * rng.random():.5f}")
            else:
                vals.append(f"{0.5 + 0.4 * (1 - np.exp(-e / 5)) + 0.01 * rng.random():.5f}")
        rows.append(",".join(vals))
    path.write_text(",".join(header) + "\n" + "\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize("header, plain", [
    (["Epochs", "Train Loss", "Test Loss", "Accuracy", "Precision", "Recall"], ["Accuracy", "Precision", "Recall"]),
    (["epoch", "train_loss", "val_loss", "acc", "f1"], ["acc", "f1"]),
    (["epoch", "training_loss", "validation_loss", "accuracy"], ["accuracy"]),
    (["epoch", "train/loss", "eval/loss", "top1"], ["top1"]),
])
def test_plain_metrics_beside_losses_named_by_split_are_held_out(tmp_path, header, plain):
    (run,) = curvedoc.load(_table(tmp_path / "metrics.csv", header))
    splits = {m.tag: m.split for m in run.metrics}
    for t in plain:
        if t in splits:
            assert splits[t] == "val", (t, splits)
    acc = [t for t in plain if any(w in t.lower() for w in ("acc", "top1"))]
    if acc:
        assert run.roles.get("val_acc") == acc[0] and "train_acc" not in run.roles, run.roles


@pytest.mark.parametrize("header", [
    ["epoch", "loss", "accuracy", "val_loss", "val_accuracy"],        # Keras: the training split is named by no word
    ["epoch", "loss", "acc", "val_loss"],                              # a plain loss: a plain accuracy is its twin
    ["epoch", "train_loss", "val_loss", "train_acc", "acc"],           # a train metric is named: plain is no clue
    ["epoch", "train_loss", "acc"],                                    # no held-out loss
])
def test_plain_metrics_keep_the_training_split_otherwise(tmp_path, header):
    (run,) = curvedoc.load(_table(tmp_path / "metrics.csv", header))
    splits = {m.tag: m.split for m in run.metrics}
    plain = [h for h in header if h in ("accuracy", "acc")]
    for t in plain:
        if t in splits:
            assert splits[t] == "train", (t, splits)
    if plain and "train_acc" not in header:
        assert run.roles.get("train_acc") == plain[0], run.roles


@pytest.mark.parametrize("tag, split", [("val_bacc", "val"), ("train/bacc", "train"), ("test_balacc", "val"),
                                        ("reward_bacc", "train")])
def test_balanced_accuracy_abbreviated_is_an_accuracy(tag, split):
    # scikit-learn's balanced_accuracy_score, logged as 'bacc': a rate whose chance level is 1/K
    from curvedoc.model.metrics import classify

    kind, higher, got_split, rate = classify(tag)
    assert (kind, higher, got_split, rate) == ("accuracy", True, split, True)
