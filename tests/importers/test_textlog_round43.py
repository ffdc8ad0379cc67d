"""Text logs, forty-third round (issue 36), first met on lock-box 2026-12-26bu and 2026-12-26nu30 (read once, then
worked on).

- 'Processed 100 files, testError = 0.9999823493164018trainError = 409.99712174351447': a print missing its separator
  glues the next key to the value before it. The line read as no record at all, and the file as no training log
  (2026-12-26bu nerolink-learnrepresent-divergence). A decimal number's last digit followed by a word of three letters
  or more and its '=' or ':' is two pairs.
- '== eval after epoch 1: heldout_loss 1.2091 heldout_acc 0.8820 (mean train 1.2760, lr 0.00000)': a statistic said
  before the split it was taken over ('mean train', 'avg val') names that split; the training loss's epoch mean on an
  evaluation line was read as a held-out series 'val/mean train' (2026-12-26nu30 gem_steplr_perbatch).
"""

from __future__ import annotations

import pytest

from curvedoc.importers.textlog import read_text_log
from curvedoc.importers.textlog.records import parse_record, split_of


@pytest.mark.parametrize("sep", ["", ", ", " "])
def test_a_key_glued_to_the_value_before_it_is_a_pair_of_its_own(tmp_path, sep):
    lines = [f"Processed {100 * i} files, testError = {1.0 - 0.01 * i:.16f}{sep}trainError = {400 + 3.7 * i:.14f}"
             for i in range(30)]
    (tmp_path / "log").write_text("\n".join(lines) + "\n")
    frame = read_text_log(tmp_path / "log").frame
    sizes = {str(t): len(g) for t, g in frame.groupby("tag", observed=True)}
    assert sizes.get("testError") == 30 and sizes.get("trainError") == 30, sizes


@pytest.mark.parametrize("line,pairs", [
    ("loss: 0.5e-3 acc: 0.2", {"loss": 0.0005, "acc": 0.2}),  # an exponent is no glued key
    ("lr 1.5e-3 loss: 0.5", {"lr": 0.0015, "loss": 0.5}),
    ("val_loss=0.25val_acc=0.91", {"val_loss": 0.25, "val_acc": 0.91}),
    ("time 3.5ms loss: 0.4", None),  # a unit after a number (no '=' or ':' after it) is left to the reader
])
def test_only_a_word_with_its_own_sign_after_a_decimal_is_a_glued_key(line, pairs):
    rec = parse_record(line)
    if pairs is None:
        return
    assert rec is not None and dict(zip(rec.keys, rec.values)) == pytest.approx(pairs)


@pytest.mark.parametrize("key,split", [("mean train", "train"), ("avg val loss", "val"), ("average training", "train"),
                                       ("mean loss", None), ("total", None), ("mean_valid_acc", "val")])
def test_a_statistic_before_a_split_word_names_that_split(key, split):
    assert split_of(key) == split


# - '%(asctime)s - %(levelname)s - %(name)s -   %(message)s', the format HF's example scripts log with: the logger's
#   name between dashes (root, __main__, transformers.trainer) is part of the prefix. It was read as the message's
#   first word, so a configuration printed one setting a line ('... - INFO - root -   backend = nccl') was no
#   configuration, and every numeric setting became a series with a point per launch (2026-12-26bu
#   zhn6818-resnet18-2class-restarts). And pairs a tab apart ('local rank -1<TAB>global step 1000<TAB>train loss 1.73')
#   are a record, not a table's column names.

@pytest.mark.parametrize("name", ["root", "__main__", "transformers.trainer"])
def test_a_python_loggers_name_between_dashes_is_prefix(tmp_path, name):
    pre = f"2024/11/16 17:47:32 - INFO - {name} -   "
    settings = ["backend = nccl", "batch_size = 128", "dropout = 0.5", "epochs = 70", "focal_loss = False",
                "lr = 0.01", "lr_type = cosine", "model_name = resnet18", "momentum = 0.9", "num_classes = 2"]
    lines = []
    for launch in range(3):
        lines += [pre + s for s in settings]
        lines += [pre + f"Epoch: [0/70][{10 * i}/781], lr: 0.0001 \t loss = {0.9 - 0.01 * i:.4f}({0.95 - 0.01 * i:.4f})"
                  for i in range(5 + 20 * launch)]
    (tmp_path / "log").write_text("\n".join(lines) + "\n")
    rd = read_text_log(tmp_path / "log")
    tags = {str(t) for t in rd.frame["tag"].unique()}
    assert not tags & {"batch_size", "dropout", "epochs", "momentum", "num_classes"}, tags
    assert rd.hparams.get("num_classes") == 2 and rd.hparams.get("batch_size") == 128


def test_pairs_a_tab_apart_are_a_record_not_a_header(tmp_path):
    lines = []
    for i in range(12):
        sep = "   " if i < 6 else "\t"
        lines.append(f"        02/02/2024 12:09:27 - INFO - __main__ - local rank -1{sep}global step {100 * i}{sep}"
                     f"train loss {2.4 - 0.05 * i:.2f}")
        lines.append(f"        02/02/2024 12:09:31 - INFO - __main__ - local rank -1{sep}val loss {2.3 - 0.06 * i:.2f}")
    (tmp_path / "train_losses.txt").write_text("\n".join(lines) + "\n")
    frame = read_text_log(tmp_path / "train_losses.txt").frame
    sizes = {str(t): len(g) for t, g in frame.groupby("tag", observed=True)}
    assert sizes.get("train loss") == 12 and sizes.get("val loss") == 12, sizes


# - 'Error: 0.000099999' after 'SUCCESS: Model converged ...': a quantity called the error and its value, printed by a
#   hand-written C network at its end, was darknet's crash line 'Error: ...' (2026-12-27bv atcs-c-nn-error-iter,
#   labelled healthy, warned crashed-run error).

@pytest.mark.parametrize("last,crashed", [("Error: 0.000099999", False), ("Error: 1e-4", False),
                                          ("Error: cannot allocate memory", True), ("Error: nan", False)])
def test_an_error_line_holding_a_number_is_no_crash(tmp_path, last, crashed):
    lines = [f"Iteration: {100 * i}\tError: {0.2 * 0.97 ** i:.9f}" for i in range(1, 60)]
    lines += ["", "SUCCESS: Model converged after 5900 iterations!", last, "Took 18.0s to train"]
    (tmp_path / "log.txt").write_text("\n".join(lines) + "\n")
    issues = {i.kind for i in read_text_log(tmp_path / "log.txt").issues}
    assert ("crash" in issues) == crashed, issues


# - A Keras history written by pandas into the log after the model summary (',loss,acc,val_loss,val_acc' over
#   '0,0.526,0.855,0.400,0.864'): a table printed as CSV, the empty first name pandas' index -- the epoch. The file read
#   as no log at all (2026-12-27bv ddi-keras-history-in-log, labelled overfitting).

@pytest.mark.parametrize("index", ["", "epoch"])
def test_a_history_printed_as_csv_into_the_log_is_read(tmp_path, index):
    lines = ['Model: "sequential"', "_" * 60, "Total params: 264,725", "", "",
             f"{index},loss,acc,val_loss,val_acc"]
    lines += [f"{e},{0.5 * 0.8 ** e:.6f},{1 - 0.1 * 0.8 ** e:.6f},{0.4 * 0.9 ** e + 0.01 * e:.6f},{0.86 + 0.004 * e:.6f}"
              for e in range(20)]
    lines += ["", "Results:", "advise   88   77   50   165   138   53.3%   63.8%   58.1%"]
    (tmp_path / "run.log").write_text("\n".join(lines) + "\n")
    frame = read_text_log(tmp_path / "run.log").frame
    sizes = {str(t): len(g) for t, g in frame.groupby("tag", observed=True)}
    assert sizes.get("val_loss") == 20 and sizes.get("val_acc") == 20, sizes
    assert any(t.endswith("loss") and not t.startswith("val") and n == 20 for t, n in sizes.items()), sizes
    assert frame["step"].max() == 19
