"""Text logs, thirty-second round (issue 36): the splits' three-letter abbreviations.

- 'trn' names the training split as 'train' does ('trn 2.53 | dev 1.94 acc 19.0%'): a bare 'trn' with its number
  is the training loss, and the keys after a held-out split's bare value are that split's ('acc' after 'dev 1.94'
  is the evaluation's accuracy), as for the spelled-out words. Keys named with 'tst' are the test split's (the
  roles' token list).
"""

from __future__ import annotations

import pytest

import curvedoc


def _log(tmp_path, lines):
    p = tmp_path / "train.log"
    p.write_text("\n".join(lines) + "\n")
    return p


@pytest.mark.parametrize("held", ["dev", "val", "test"])
def test_trn_and_a_held_out_split_by_their_bare_names(tmp_path, held):
    lines = ["sgd momentum 0.9, lr=0.01"]
    for e in range(1, 21):
        lines.append(f"ep {e:02d}/20 | trn {2.0 / e:.4f} | {held} {2.1 / e:.4f} acc {50 + e:.1f}% | lr 1.00e-02")
    rr = curvedoc.diagnose(str(_log(tmp_path, lines))).runs[0]
    assert rr.roles["train_loss"] == "trn loss", rr.roles
    assert rr.roles["val_loss"] == f"{held} loss", rr.roles
    assert rr.roles.get("val_acc") == f"{held} acc", rr.roles
    assert "train_acc" not in rr.roles


def test_keys_named_with_the_abbreviated_splits(tmp_path):
    lines = [f"epoch {e} trn_loss {1.0 / e:.4f} tst_loss {1.2 / e:.4f} tst_acc {0.5 + e / 100:.3f}" for e in range(1, 16)]
    rr = curvedoc.diagnose(str(_log(tmp_path, lines))).runs[0]
    assert rr.roles["train_loss"] == "trn_loss" and rr.roles["val_loss"] == "tst_loss", rr.roles
    assert rr.roles.get("val_acc") == "tst_acc", rr.roles
