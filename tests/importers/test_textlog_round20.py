"""Text logs, round 20 on the lock-box batches 2026-12-09af and 2026-12-09nu13 (issue 36): misreadings found on their
text logs, each checked on small logs written the way such programs print them (several wordings, lengths and cuts),
read with and without plans (the two readings must be equal: ``_read``)."""

from __future__ import annotations

import math

import pytest
from test_textlog_readings import _read, _series, _tags


# ------------------------------------------------------------- "[e][i/N]" whatever word names the pair
@pytest.mark.parametrize("head", ["[2024/11/13 23:16:31] - Iter: ", "Iter ", "TRAIN ", "Train: ", ""])
@pytest.mark.parametrize("epochs, N, every", [(3, 391, 50), (6, 97, 10)])
def test_an_epoch_and_its_batch_in_brackets_are_the_position_whatever_names_them(tmp_path, head, epochs, N, every):
    """The PyTorch ImageNet example prints 'Epoch: [0][10/5005]\\tLoss 2.3 (2.4)\\t..'; scripts built on it rename the
    pair ('Iter: [0][50/391]', 'TRAIN [3][120/782]') or leave the word out. A whole number in brackets followed by a
    fraction in brackets is the outer loop's count and the batch of its batches -- the epoch and the batch inside it,
    whatever word names the pair: the records are on one clock, (e - first) * N + i, each its own point (read before
    as records at 'Iter' = the epoch, the records of one epoch on one step, most of them dropped as echoes). A result
    printed once an epoch with no clock of its own ('Test Loss: .. Test Acc: ..', the epoch's 'lr') is at the step
    training had reached, not at 'step e'."""
    lines, want, tests, test_at, lr_at = [], [], [], [], []
    reached = None
    for e in range(epochs):
        lines.append(f"epoch {e} lr {0.1 / (1 + e):.6e}")
        lr_at.append(reached if reached is not None else 0)
        for b in range(0, N, every):
            v = round(2.3 / (1 + e + b / N), 4)
            lines.append(f"{head}[{e}][{b}/{N}]\tLoss {v:.4f} ({v + 0.1:.4f})\tPrec@1 {0.1 + e / 10:.3f} (0.100)\t")
            want.append((e * N + b, v))
            reached = e * N + b
        lines.append(f"Test Loss: {1.8 - e / 10:.4f}  \t Test Acc: {0.3 + e / 20:.4f}  ")
        tests.append(round(1.8 - e / 10, 4))
        test_at.append(reached)
    rd = _read(tmp_path, lines)
    assert _series(rd, "Loss") == ([s for s, _ in want], [v for _, v in want]), _tags(rd)
    assert _series(rd, "Test Loss") == (test_at, tests)
    assert _series(rd, "lr")[0] == lr_at
    assert not any(t.lower().startswith(("iter", "train")) for t in _tags(rd)), _tags(rd)


@pytest.mark.parametrize("heading", ["Starting Epoch: {n}", "Starting epoch {n}", "Start of epoch {n}", "Beginning epoch {n}"])
@pytest.mark.parametrize("epochs", [2, 5])
def test_the_epoch_and_batch_clock_counts_from_its_own_first_epoch(tmp_path, heading, epochs):
    """convNet.pytorch prints 'Starting Epoch: 1' (counted from 1) above 'TRAINING - Epoch: [0][0/97]' (the loop's
    own count, from 0), and the epoch's results after 'Results - Epoch: 1'. The '[e][i/N]' clock counts from the
    first epoch its own records print, not from an epoch said another way elsewhere (the first epoch's records were
    at steps -97 .. -1); the heading that announces the epoch is no series ('Starting Epoch' valued 1, 2, 3 ..); the
    epoch's summary line is at the step training reached."""
    N = 97
    lines, steps, ends = [], [], []
    for e in range(epochs):
        lines += [heading.format(n=e + 1), ""]
        for b in list(range(0, N, 10)) + [N - 1]:
            lines.append(f"TRAINING - Epoch: [{e}][{b}/{N}]\tTime 0.073 (0.100)\tLoss {2.3 / (1 + e + b / N):.4f} "
                         f"(2.0000)\tPrec@1 {20 + e:.3f} (19.000)\t")
            steps.append(e * N + b)
        ends.append(e * N + N - 1)
        lines += ["", f"Results - Epoch: {e + 1}",
                  f"Training Loss {1.9 - e / 10:.4f} \tTraining Prec@1 {26 + e:.3f} \tValidation Loss {1.7 - e / 10:.4f} "
                  f"\tValidation Prec@1 {34 + e:.3f} \t", ""]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Loss")[0] == steps
    assert min(rd.frame["step"]) >= 0
    assert _series(rd, "Validation Loss")[0] == ends and _series(rd, "Training Loss")[0] == ends
    assert not any(t.lower().startswith(("start", "begin")) for t in _tags(rd)), _tags(rd)


# ------------------------------------------------------------- a warning of Python's is no record
@pytest.mark.parametrize("warning", [
    "/env/lib/python3.8/site-packages/torch/utils/data/dataloader.py:478: UserWarning: This DataLoader will create 8 "
    "worker processes in total. Our suggested max number of worker in current system is 4, which is smaller than "
    "what this DataLoader is going to create.",
    "train.py:227: UserWarning: nn.init.xavier_uniform is now deprecated in favor of nn.init.xavier_uniform_.",
    "/home/u/utils/log.py:163: FutureWarning: The frame.append method is deprecated and will be removed from pandas "
    "in a future version, use concat with 2 frames instead.",
    "C:\\envs\\lib\\site-packages\\sklearn\\metrics\\_classification.py:1344: UndefinedMetricWarning: Precision is "
    "ill-defined and being set to 0.0 in 3 labels with no predicted samples.",
])
@pytest.mark.parametrize("epochs", [3, 8])
def test_a_python_warning_is_no_record(tmp_path, warning, epochs):
    """The warnings module writes 'file.py:478: UserWarning: message' (and the source line under it), often once an
    epoch as a DataLoader is made again: a message about the code, whatever numbers its text holds ('This DataLoader
    will create' valued 8, 'worker in current system' valued 4 were series)."""
    lines = []
    for e in range(1, epochs + 1):
        lines += [warning, "  warnings.warn(_create_warning_msg(", f"epoch {e} loss {1 / e:.4f} val_loss {1.2 / e:.4f}"]
    rd = _read(tmp_path, lines)
    assert _tags(rd) <= {"loss", "val_loss", "epoch"}, _tags(rd)
    assert len(_series(rd, "loss")[1]) == epochs


# ------------------------------------------------------------- each split's loss by its bare name, then the quality
@pytest.mark.parametrize("fmt, keys", [
    ("Ép{e} | train {t:.4f} | val {v:.4f} | Acc {a:.4f} | Prec {a:.4f} | Rec {a:.4f} | F1 {a:.4f} | Durée 261.{e}s",
     ("Acc", "Prec", "Rec", "F1")),
    ("epoch {e} train {t:.4f} val {v:.4f} acc {a:.4f} lr 0.001", ("acc",)),
    ("[{e}] train: {t:.4f}, val: {v:.4f}, accuracy: {a:.4f}, f1: {a:.4f}, time: 3.{e}s", ("accuracy", "f1")),
])
@pytest.mark.parametrize("epochs", [4, 10])
def test_quality_after_each_splits_bare_loss_is_the_evaluations(tmp_path, fmt, keys, epochs):
    """'Ép1 | train 0.5941 | val 0.5361 | Acc 0.8992 | Prec .. | Rec .. | F1 0.8809 | Durée 268.1s': each split's loss
    given by its bare name, training's first, then quality measures that name no split. They are measured after the
    held-out loss, on the held-out data -- the evaluation's ('val Acc', 'val F1'), as the keys after a split word
    written before a key are; the learning rate and the epoch's duration are no split's, and a bare split name
    alone ('>> val 0.42 | validity ..') carries nothing."""
    lines = [fmt.format(e=e, t=1 / e, v=1.1 / e, a=0.5 + e / 40) for e in range(1, epochs + 1)]
    rd = _read(tmp_path, lines)
    tags = _tags(rd)
    for k in keys:
        assert _series(rd, f"val {k}")[1] == [round(0.5 + e / 40, 4) for e in range(1, epochs + 1)], tags
        assert k not in tags, tags
    assert len(_series(rd, "train loss")[1]) == epochs and len(_series(rd, "val loss")[1]) == epochs
    assert not any(t.startswith("val") and any(w in t.lower() for w in ("lr", "time", "dur")) for t in tags), tags


def test_a_bare_held_out_loss_alone_carries_no_split(tmp_path):
    lines = []
    for k in range(1, 4):
        lines += [f"[0 {200 * i}/4000] loss {2 / i:.4f} lr 3e-4" for i in range(5 * k - 4, 5 * k + 1)]
        lines.append(f"  >> val 0.{4238 - k} | validity 0.943 polymer_valid 0.135 uniqueness 1.000")
    rd = _read(tmp_path, lines)
    assert "validity" in _tags(rd) and "val validity" not in _tags(rd), _tags(rd)


# ------------------------------------------------------------- a table's header commented out
@pytest.mark.parametrize("head, sep", [("#Epoch\tTraining Error", "\t"), ("# epoch\ttrain_loss\tval_loss", "\t"),
                                       ("# epoch train_loss val_loss", " "), ("#step  loss  acc", "  ")])
@pytest.mark.parametrize("rows", [30, 800])
def test_a_header_commented_out_names_the_columns_below(tmp_path, head, sep, rows):
    """A script writes its curve as a data file for a plotting tool: a header commented out with '#'
    (numpy.savetxt's, a gnuplot data file's: '#Epoch\\tTraining Error') over 'N\\tvalue' rows. The names after the
    mark are the columns (refused before: "no training metrics found")."""
    cols = head.lstrip("#").strip().split("\t" if "\t" in head else None)
    lines = [head]
    for r in range(rows):
        lines.append(sep.join([str(r)] + [repr(round(1.1 * math.exp(-r / 100) + k / 10, 9)) for k in range(len(cols) - 1)]))
    rd = _read(tmp_path, lines)
    for k, c in enumerate(cols[1:]):
        tag = next(t for t in _tags(rd) if t.split("/")[-1] == c)
        assert _series(rd, tag) == (list(range(rows)), [round(round(1.1 * math.exp(-r / 100) + k / 10, 9), 6)
                                                         for r in range(rows)])


def test_a_comment_line_heads_no_table(tmp_path):
    """A comment in prose, a markdown heading or '#80 loss ..' (a record's step after '#') is no header."""
    lines = ["# Training log of the small model", "## Results"] + [f"#{10 * i} loss {1 / i:.4f}" for i in range(1, 9)]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss")[0] == [10 * i for i in range(1, 9)]


# ------------------------------------------------------------- an evaluation's own "[e][i/N]" is its progress
@pytest.mark.parametrize("train, evaluate", [
    ("TRAINING - Epoch: [{e}][{i}/{N}]\tTime 0.073 (0.100)\tLoss {v:.4f} ({a:.4f})",
     "EVALUATING - Epoch: [{e}][{i}/{N}]\tTime 0.016 (0.050)\tLoss {v:.4f} ({a:.4f})"),
    ("Epoch: [{e}][{i}/{N}]  loss: {v:.4f}  avg: {a:.4f}", "Test: [{e}][{i}/{N}]  loss: {v:.4f}  avg: {a:.4f}"),
    ("Epoch(train) [{e}][{i}/{N}]  lr: 1.0e-02  loss: {v:.4f}  avg: {a:.4f}",
     "Epoch(val) [{e}][{i}/{N}]  eta: 0:08:31  loss: {v:.4f}  avg: {a:.4f}"),
])
@pytest.mark.parametrize("epochs, N, M", [(3, 97, 20), (5, 40, 40)])
def test_an_evaluations_own_epoch_and_batch_is_its_progress(tmp_path, train, evaluate, epochs, N, M):
    """The ImageNet example's validate() prints 'Test: [10/20]' (convNet.pytorch: 'EVALUATING - Epoch: [3][10/20]',
    MMEngine: 'Epoch(val) [1][50/4016]') after training's 'Epoch: [3][96/97]': the evaluation's count runs over its
    own batches, no clock of training's (its records were placed at e * 20 + i, steps that training had passed long
    before). Its renderings are one result, the last one printed, at the step training had reached."""
    lines, at, last = [], [], []
    for e in range(epochs):
        for i in list(range(0, N, 10)) + [N - 1]:
            v = 2.0 / (1 + e + i / N)
            lines.append(train.format(e=e, i=i, N=N, v=v, a=v + 0.1))
        for i in list(range(0, M, 10)) + [M - 1]:
            v = 1.5 / (1 + e) + i / 1000
            lines.append(evaluate.format(e=e, i=i, N=M, v=v, a=v + 0.05))
        at.append(e * N + N - 1)
        last.append(round(1.5 / (1 + e) + (M - 1) / 1000, 4))
    rd = _read(tmp_path, lines)
    held = next(t for t in _tags(rd) if t.startswith(("val/", "test/")) and t.lower().endswith("loss"))
    assert _series(rd, held) == (at, last), _tags(rd)
    trained = next(t for t in _tags(rd) if t.lower() == "loss")
    assert _series(rd, trained)[0][-1] == (epochs - 1) * N + N - 1


# ------------------------------------------------------------- launches told by the epochs records name
@pytest.mark.parametrize("banner", ["============ Starting epoch 0 ... ============", "Starting epoch 0", ""])
def test_appended_launches_are_told_by_the_epochs_their_records_name(tmp_path, banner):
    """SwAV prints its configuration one setting a line, '==== Starting epoch 0 ... ====', then records
    'Epoch: [0][50]\\tLoss 4.2 (4.2)' (the batch with no total: several records an epoch, numbered in order). Appended
    launches each start again at epoch 0: the epochs the records name still go back there, a launch each (the banner
    announcing the epoch was the only series that told it, and is no series)."""
    from curvedoc.importers.textlog import read_text_log

    lines = []
    for launch, n in enumerate((4, 6, 9)):
        lines += ["Namespace(arch='resnet50', batch_size=64, epochs=9, lr=0.6, optimizer='lars', seed=31, "
                  f"dump_path='./exp{launch}')"]
        for e in range(n):
            if banner:
                lines.append(banner.replace(" 0", f" {e}"))
            lines += [f"Epoch: [{e}][{b}]\tTime 2.1 (1.9)\tLoss {4.2 / (1 + e + b / 200) + launch:.4f} (4.2377)"
                      for b in (0, 50, 100)]
    rd = _read(tmp_path, lines)
    assert not any("start" in t.lower() for t in _tags(rd)), _tags(rd)
    runs = read_text_log(tmp_path / "train.log", segments=True)
    assert isinstance(runs, list) and [r.name_suffix for r in runs] == ["#1", "#2", "#3"]
    assert [len(r.frame[r.frame["tag"] == "Loss"]) for r in runs] == [12, 18, 27]


# ------------------------------------------------------------- the split's short forms name the roles
def test_a_tables_split_short_forms_take_the_accuracy_roles(tmp_path):
    """'epoch | tr_loss | tr_acc | va_loss | va_acc | te_loss | te_acc' (lutnet's table): the short forms are the
    splits, for the roles too -- tr_acc is the training accuracy, va_acc the validation's (a qualified name took no
    accuracy role)."""
    from curvedoc.model.roles import role_of_name
    from curvedoc.model.run import Run

    lines = ["epoch | tr_loss | tr_acc | va_loss | va_acc | te_loss | te_acc | time",
             "-" * 70] + [f"  {e:3d} | {1.5 / e:.3f} | {40 + 3 * e:.2f} | {1.6 / e ** 0.5:.3f} | {40 + e:.2f} | "
                          f"{1.6 / e ** 0.5:.3f} | {39 + e:.2f} | {60 * e}s" for e in range(1, 13)]
    rd = _read(tmp_path, lines)
    run = Run("lut", "text-log", rd.frame, meta=rd.meta, hparams=rd.hparams)
    assert run.roles.get("train_acc", "").endswith("tr_acc") and run.roles.get("val_acc", "").endswith("va_acc"), run.roles
    assert role_of_name("va_acc") == "val_acc" and role_of_name("tr_acc") == "train_acc"
    assert role_of_name("te_acc") == "val_acc"


@pytest.mark.parametrize("name", ["Prec@1", "Validation Prec@1", "val/Prec@5", "Prec"])
def test_prec_abbreviated_is_a_quality_metric(name):
    """'Prec@1' (the ImageNet example's top-1 precision, its accuracy), 'Prec' beside 'Rec' and 'F1': a precision
    abbreviated, a quality metric where more is better (no series named so was analysed)."""
    from curvedoc.model.metrics import classify

    m = classify(name)
    assert m is not None and m[0] == "precision" and m[1], m
    assert m[2] == ("val" if name.lower().startswith("val") else "train")


# ------------------------------------------------------------- a checkpoint statement quoting the best so far
@pytest.mark.parametrize("say", ["Saved best model weights (Mean Average Precision = {v}%) to 'model_tmp.pth'",
                                 "Saving best checkpoint: Mean Average Precision = {v}%",
                                 "best model saved (Mean Average Precision = {v}%)"])
@pytest.mark.parametrize("n", [5, 20])
def test_a_checkpoint_statement_quoting_the_best_is_no_point(tmp_path, say, n):
    """A detector's trainer prints 'Mean Average Precision = 21.55%' after each evaluation and, at its end, 'Saved
    best model weights (Mean Average Precision = 61.39%) to ..': the best of the evaluations printed long before (not
    the last, which a checkpoint statement right after it echoes). It restates the run's best -- the run's summary --,
    no new evaluation (one point too many, the series ending on the best instead of the last)."""
    vals = [round(60 - 3 * abs(k - max(1, n // 3)) - 0.01 * k, 2) for k in range(1, n + 1)]  # (the best early on)
    lines = []
    for k, v in enumerate(vals, 1):
        lines += [f"epoch {k} loss {1 / k:.4f}", f"Mean Average Precision = {v}%"]
    lines.append(say.format(v=max(vals)))
    rd = _read(tmp_path, lines)
    assert _series(rd, "Mean Average Precision")[1] == vals
    assert rd.meta["summary"].get("best Mean Average Precision") == max(vals)


def test_a_checkpoint_statement_that_is_the_only_print_is_the_series(tmp_path):
    """A script that prints its metric only when it saves a new best: the statements are that series' points."""
    lines = []
    for k in range(1, 9):
        lines.append(f"epoch {k} loss {1 / k:.4f}")
        if k % 2 == 0:
            lines.append(f"Saved best model (val_acc = {0.5 + k / 100:.3f})")
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "val_acc")[1]) == 4, _tags(rd)


@pytest.mark.parametrize("say", ["end of epoch {e} (average epoch stats below)", "End of epoch {e}", "END epoch:{e}"])
@pytest.mark.parametrize("epochs", [3, 7])
def test_a_line_closing_its_epoch_names_no_series(tmp_path, say, epochs):
    """fairseq's 'end of epoch 3 (average epoch stats below)', PaddleVideo's 'END epoch:3   train loss_avg: ..': the
    words that say the epoch ended name its position, no series ('end of epoch' valued 1, 2, 3 .., 'END epoch')."""
    lines = []
    for e in range(1, epochs + 1):
        lines += [f"epoch {e} step {100 * e - 50} loss {2 / e:.4f}", f"epoch {e} step {100 * e} loss {1.9 / e:.4f}",
                  say.format(e=e) + (f"   train loss_avg: {1.95 / e:.4f}" if say.startswith("END") else "")]
    rd = _read(tmp_path, lines)
    assert not any("end" in t.lower() for t in _tags(rd)), _tags(rd)
    assert len(_series(rd, "loss")[1]) == 2 * epochs


# ------------------------------------------------------------- the splits' sizes, Slurm's messages
@pytest.mark.parametrize("sizes", ["train=45000  val=5000  test=10000 images  (90/10 train/val split)",
                                   "train: 800, val: 100, test: 100 samples", "Train=7000 Val=1000 examples"])
def test_the_splits_sizes_side_by_side_are_no_series(tmp_path, sizes):
    """'train=45000  val=5000  test=10000 images': the sizes of the splits, one noun after the last -- the data set,
    no 'train' / 'val' series (as 'Loaded 4699 samples' is none)."""
    lines = [sizes] + [f"epoch {e} | tr_loss {1 / e:.3f} | va_loss {1.1 / e:.3f}" for e in range(1, 9)]
    rd = _read(tmp_path, lines)
    assert not {"train", "val", "test", "Train", "Val"} & _tags(rd), _tags(rd)


@pytest.mark.parametrize("say", ["slurmstepd: error: *** JOB 16880092 ON gv001 CANCELLED AT 2022-03-31T05:45:15 ***",
                                 "slurmstepd: error: *** STEP 3619876.0 ON node12 CANCELLED AT 2023-01-02T10:00:00 DUE "
                                 "TO TIME LIMIT ***"])
def test_slurms_cancellation_is_the_end_and_no_record(tmp_path, say):
    """Slurm's step daemon ends a cancelled job's output with 'slurmstepd: error: *** JOB 16880092 ON gv001 CANCELLED
    AT ..': the run's end (killed), and its numbers -- the job's id, the step's -- no series nor position ('JOB'
    valued 16880092, 'STEP 3619876' read as the step)."""
    lines = [f"epoch {e} step {50 * e} loss {1 / e:.4f}" for e in range(1, 9)] + [say]
    rd = _read(tmp_path, lines)
    assert _tags(rd) <= {"loss", "epoch"}, _tags(rd)
    assert _series(rd, "loss")[0] == [50 * e for e in range(1, 9)]
