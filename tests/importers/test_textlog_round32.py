"""Text logs, thirty-second round (issue 36): the splits' three-letter abbreviations.

- 'trn' names the training split as 'train' does ('trn 2.53 | dev 1.94 acc 19.0%'): a bare 'trn' with its number
  is the training loss, and the keys after a held-out split's bare value are that split's ('acc' after 'dev 1.94'
  is the evaluation's accuracy), as for the spelled-out words. Keys named with 'tst' are the test split's (the
  roles' token list).
- (textlog32, lock-box 2026-12-17nu21) a word that says the phase just printed is over -- 'epoch=1 done
  avg_train_loss=1.3895 valid_loss=..', 'epoch 3 finished mean loss: 0.41' -- is the record's status, no part of the
  first key's name: 'avg_train_loss', not 'done avg_train_loss'; a key of that word alone, 'done: 40', stays a key.
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


@pytest.mark.parametrize("word", ["done", "finished", "completed"])
def test_a_word_saying_the_phase_is_over_is_no_part_of_the_next_key(tmp_path, word):
    from curvedoc.importers.textlog import read_text_log

    lines = []
    for e in range(1, 13):
        lines.append(f"2026-11-30 03:21:51,524 INFO carry: step={47 * e} epoch={e} train_loss={1.4 - e / 100:.4f}")
        lines.append(f"2026-11-30 03:21:51,541 INFO carry: epoch={e} {word} avg_train_loss={1.39 - e / 100:.4f} "
                     f"valid_loss={1.38 - e / 200:.4f} valid_acc={0.28 + e / 100:.4f}")
    tags = set(read_text_log(_log(tmp_path, lines)).frame["tag"].unique())
    assert {"avg_train_loss", "valid_loss", "valid_acc", "train_loss"} <= tags, tags
    assert not any(word in t for t in tags), tags


def test_the_status_word_alone_is_still_a_key(tmp_path):
    from curvedoc.importers.textlog import read_text_log

    lines = [f"epoch {e} loss: {1.0 / e:.4f} done: {e * 10}" for e in range(1, 11)]
    tags = set(read_text_log(_log(tmp_path, lines)).frame["tag"].unique())
    assert "done" in tags and "loss" in tags, tags


@pytest.mark.parametrize("parts", [("CE", "BBox", "GIoU"), ("BC", "Phys"), ("PDE", "BC", "IC")])
def test_the_common_parts_of_a_loss_named_alone_beside_it_are_loss_parts(tmp_path, parts):
    """(textlog32) 'Epoch: 0 Loss: 5.03 CE: 0.06 BBox: 0.08 GIoU: 0.83' (DETR), 'Epoch 1 | Loss = 93.36 | BC = 0.93
    | Phys = 0.017' (a PINN): a set-prediction detector's box term and a physics-informed network's residual,
    boundary, initial-condition and physics terms printed by the part's name alone beside the loss are those parts of
    the loss, named so ('BBox_loss', 'BC_loss'), and analysed as the loss's parts."""
    from curvedoc.importers.textlog import read_text_log
    from curvedoc.model.roles import other_losses
    from curvedoc.model.run import Run

    lines = []
    for e in range(30):
        vals = " ".join(f"{p}: {1.0 / (e + 1) + i / 10:.4f}" for i, p in enumerate(parts))
        lines.append(f"Epoch: {e} Loss: {3.0 / (e + 1):.4f} {vals}")
    path = _log(tmp_path, lines)
    rd = read_text_log(path)
    tags = set(rd.frame["tag"].unique())
    for p in parts:
        if p != "CE":
            assert f"{p}_loss" in tags, tags
    run = Run("r", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert run.roles.get("train_loss") == "Loss", run.roles
    assert {f"{p}_loss" for p in parts if p != "CE"} <= set(other_losses(run)), other_losses(run)


def test_a_part_word_without_a_loss_beside_it_is_left_as_printed(tmp_path):
    """Without a loss on the record the part's word is not read as a loss part: 'epoch 3 bc: 0.4 acc: 0.8' names a
    'bc' of its own."""
    from curvedoc.importers.textlog import read_text_log

    lines = [f"epoch {e} bc: {0.4 + e / 100:.3f} acc: {0.5 + e / 100:.3f}" for e in range(1, 12)]
    tags = set(read_text_log(_log(tmp_path, lines)).frame["tag"].unique())
    assert "bc" in tags and "bc_loss" not in tags, tags
