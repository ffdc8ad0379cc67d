"""Text logs of the fifth unseen batch (tests/data/textlogs_unseen5, issue 36): each principle a misreading of one
of its real logs broke, on a small synthetic log written the way its script or framework prints, read with and
without plans (the two readings must be equal)."""

from __future__ import annotations

from test_textlog_readings import _read, _series, _tags


def test_a_value_glued_to_the_next_key_is_still_the_value(tmp_path):
    """MMEngine's test summary leaves out the space before its timings: ``accuracy/top5: 98.9865data_time: 0.0004``
    is a top-5 accuracy of 98.9865 (a single final evaluation: one point)."""
    lines = ["2023/06/08 20:07:20 - mmengine - INFO - Epoch(test) [10/28]    eta: 0:00:03  time: 0.1796  data_time: "
             "0.1318  memory: 758  ",
             "2023/06/08 20:07:21 - mmengine - INFO - Epoch(test) [28/28]  accuracy/top1: 93.9189  accuracy/top5: "
             "98.9865data_time: 0.0004  time: 0.0357  "]
    rd = _read(tmp_path, lines)
    top5 = [t for t in _tags(rd) if t.endswith("accuracy/top5")]
    assert len(top5) == 1 and _series(rd, top5[0])[1] == [98.9865]
    top1 = [t for t in _tags(rd) if t.endswith("accuracy/top1")]
    assert len(top1) == 1 and _series(rd, top1[0])[1] == [93.9189]


def test_a_key_in_capitals_is_an_acronym_not_a_filler_word(tmp_path):
    """``Val PER: 0.0338`` is the phoneme error rate, a metric, though "per" in small letters is prose ("samples
    per second"); a SLURM script's ``START TIME: Fri May 22 02:08:44 CEST 2026`` stays a date."""
    lines = [f"Epoch {e:02d} | Train Loss: {1 / e:.4f} | Val Loss: {1.2 / e:.4f} | Val PER: {0.1 / e:.4f} | "
             f"Time: 37.{e}s" for e in range(1, 9)]
    lines = ["START TIME: Fri May 22 02:08:44 CEST 2026"] + lines + ["END TIME: Fri May 22 02:57:33 CEST 2026"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "Val PER") == (list(range(1, 9)), [round(0.1 / e, 4) for e in range(1, 9)])
    # (a time zone is written in capitals too: "CEST 2026" is a date, no key)
    assert not any("CEST" in t for t in _tags(rd))


def test_a_boosting_round_in_brackets_is_the_step_and_a_possessive_names_the_split(tmp_path):
    """LightGBM / XGBoost print ``[50]\\tvalid's binary_logloss: 0.4389`` every 50 rounds: the round is the step,
    the data set named with its possessive is the split; a second training starts again at round 50."""
    lines = ['{"learning_rate": 0.17, "num_leaves": 50, "max_bin": 63, "num_threads": 5}']
    for fold in range(3):
        lines += [f"[{r}]\tvalid's binary_logloss: {0.44 - fold / 1000 - r / 1e5:.6f}" for r in (50, 100, 150)]
    rd = _read(tmp_path, lines)
    tags = [t for t in _tags(rd) if "binary_logloss" in t]
    assert len(tags) == 1 and not tags[0].startswith("s ")
    steps, vals = _series(rd, tags[0])
    assert steps == [50, 100, 150] * 3
    assert vals[0] == 0.4395 and vals[-1] == round(0.44 - 0.002 - 0.0015, 6)


def _mxnet(epochs, resume_at=None):
    lines = []
    for e in epochs:
        if resume_at is not None and e == resume_at:
            lines += [f"Resume training with (gpu(0),gpu(1)) from epoch {e}",
                      "Freezed parameters: [conv1_1_weight,conv1_1_bias,conv1_2_weight,conv1_2_bias]"]
        for b in (20, 40, 60):
            lines += [f"Epoch[{e}] Batch [{b}]\tSpeed: 36.22 samples/sec\tTrain-Acc={0.5 + e / 100 + b / 1000:.6f}",
                      f"Epoch[{e}] Batch [{b}]\tSpeed: 36.22 samples/sec\tTrain-SmoothL1={40 - e - b / 100:.6f}"]
        lines += [f"Epoch[{e}] Train-Acc={0.6 + e / 100:.6f}", f"Epoch[{e}] Train-SmoothL1={30 - e:.6f}",
                  f"Epoch[{e}] Time cost=106.624", f'Saved checkpoint to "model/ssd-{e + 1:04d}.params"']
    return lines


def test_mxnet_names_the_batch_between_brackets_and_its_epoch_line_is_the_epochs_summary(tmp_path):
    """MXNet's Speedometer prints ``Epoch[3] Batch [20]\\tSpeed: ..\\tTrain-Acc=0.77`` (one metric a line), then at
    the epoch's end ``Epoch[3] Train-Acc=0.95``: the batch is the position inside the epoch (no metric "Batch"), and
    the line with only the epoch is that epoch's summary, a series apart from the batches' values."""
    rd = _read(tmp_path, _mxnet(range(5)))
    assert "Batch" not in _tags(rd)
    batches = [round(0.5 + e / 100 + b / 1000, 6) for e in range(5) for b in (20, 40, 60)]
    ends = [round(0.6 + e / 100, 6) for e in range(5)]
    acc = sorted((_series(rd, t) for t in _tags(rd) if t.startswith("Train-Acc")), key=lambda s: len(s[1]))
    assert [s[1] for s in acc] == [ends, batches]
    assert acc[0][0] == list(range(5))


def test_a_job_resumed_at_the_epoch_it_had_reached_prints_its_own_records(tmp_path):
    """``Resume training with (gpu(0)) from epoch 3`` then the same epoch's lines again: a new launch, whose
    records are its own points, not echoes of the previous job's (even when it prints the same numbers)."""
    lines = _mxnet(range(4)) + _mxnet([3], resume_at=3) + _mxnet([3], resume_at=3)
    rd = _read(tmp_path, lines)
    ends = next(_series(rd, t) for t in _tags(rd) if t.startswith("Train-Acc") and len(_series(rd, t)[1]) < 10)
    assert ends == ([0, 1, 2, 3, 3, 3], [0.6, 0.61, 0.62, 0.63, 0.63, 0.63])


def test_a_test_after_a_second_training_of_as_many_epochs_is_no_echo(tmp_path):
    """Trainings appended to one log (``Epoch [e/15], Train Loss: .., Val Loss: ..`` then ``Test Loss: .., Test
    Acc: ..``), two of them 15 epochs long: each test is placed at the epoch its training reached, and the second,
    at the same epoch as the first, is no echo of it -- the epoch went back to 1 and up again in between."""
    lines = []
    tests = []
    for run, n in enumerate((15, 15, 20, 15)):
        for e in range(1, n + 1):
            lines.append(f"2025-10-27 21:02:24,983 - INFO - Epoch [{e}/{n}], Train Loss: {2 / e + run / 10:.4f}, "
                         f"Train Acc: {0.5 + e / 100:.4f}, Val Loss: {2.2 / e + run / 10:.4f}, Val Acc: {0.4 + e / 100:.4f}")
        tests.append(round(0.03 + run / 100, 4))
        lines.append(f"2025-10-27 21:29:02,947 - INFO - Test Loss: {tests[-1]:.4f}, Test Acc: {0.99 - run / 100:.4f}")
    rd = _read(tmp_path, lines)
    assert _series(rd, "Test Loss") == ([15, 15, 20, 15], tests)


def test_hf_trainers_metrics_banner_heads_the_final_results_apart_from_the_evaluations(tmp_path):
    """After training, HF Trainer prints ``***** eval metrics *****`` over ``  eval_loss = 0.0842`` lines (the
    final evaluation, rounded): a group under its heading -- a final evaluation of one point --, not one more point
    of the ``{'eval_loss': ..}`` series printed during training."""
    lines = []
    for i in range(1, 7):
        lines.append(f"{{'loss': {1 / i:.4f}, 'grad_norm': 9.5, 'learning_rate': 1e-06, 'epoch': {i / 2}}}")
        if i % 2 == 0:
            lines.append(f"{{'eval_loss': {0.9 / i:.4f}, 'eval_accuracy': {0.8 + i / 100:.3f}, 'eval_runtime': 128.0, "
                         f"'epoch': {i / 2}}}")
    lines += ["***** eval metrics *****", "  epoch                   =        3.0",
              "  eval_accuracy           =      0.859", "  eval_loss               =     0.1502",
              "  eval_runtime            = 0:02:06.37"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "eval_loss")[1] == [round(0.9 / i, 4) for i in (2, 4, 6)]
    final = [t for t in _tags(rd) if t.endswith("eval_loss") and t != "eval_loss"]
    assert len(final) == 1 and _series(rd, final[0])[1] == [0.1502]


def test_a_validation_bar_naming_the_global_step_is_at_that_step(tmp_path):
    """A custom loop's tqdm descriptions: ``Epoch: 1, Loss: 0.40:  21%|..| 249/1209`` while training and
    ``Validation at Global Step: 750, Validation Loss: 0.4047: 100%|..| 121/121`` after each evaluation: the
    validation loss is at the global step its bar names (the words before the clock's name are no key), and the
    bar's description is no table header (a "Step" is no YOLO "P" column)."""
    lines = []
    for k, st in enumerate(range(250, 2001, 250)):
        lines.append(f"Epoch: {st // 1209 + 1}, Loss: {1 / (k + 1):.4f}:  21%|#####     | {st % 1209}/1209 "
                     f"[00:40<02:13,  7.18it/s]")
        lines.append(f"Validation at Global Step: {st}, Validation Loss: {0.9 / (k + 1):.4f}: 100%|##########| "
                     f"121/121 [00:01<00:00, 81.83it/s]")
    rd = _read(tmp_path, lines)
    assert _series(rd, "Validation Loss") == (list(range(250, 2001, 250)), [round(0.9 / (k + 1), 4) for k in range(8)])
    assert not any("Global" in t for t in _tags(rd))


def test_a_key_said_as_a_sentences_subject_is_the_words_after_the_verb(tmp_path):
    """``The result of BN_Relu_RestNet18 with Adam is test acc: 76.82%, loss: 0.68`` every few epochs between
    ``\\tepoch 1: train acc: 49.672%, loss: 1.45``: the sentence says its key after the verb, "test acc", and the
    loss after it is the test's loss -- not one more point of the training loss's family."""
    lines = []
    for e in range(1, 11):
        lines.append(f"\tepoch {e}: train acc: {40 + e:.3f}%, loss: {2 / e:.6f}")
        if e % 5 == 0:
            lines.append(f"The result of BN_Relu_RestNet18 with Adam is test acc: {70 + e:.2f}%, loss: {1 / e:.6f}")
    rd = _read(tmp_path, lines)
    assert _series(rd, "test acc")[1] == [75.0, 80.0]
    assert _series(rd, "test loss")[1] == [0.2, 0.1]
    assert not any(t.startswith("The result") or t.startswith("Adam") for t in _tags(rd))


def test_keypoint_pck_and_a_correlation_coefficient_are_quality_metrics():
    """MMPose's ``PCK`` (percentage of correct keypoints) and a script's ``corrcoef`` (a correlation coefficient,
    SimCSE's Spearman on STS-B) are scores where more is better, as accuracy and Spearman are."""
    from curvedoc.model.metrics import classify

    for tag in ("val/PCK", "higher corrcoef", "val_corrcoef"):
        got = classify(tag)
        assert got is not None and got[1] is True, (tag, got)


def test_a_device_named_in_capitals_is_no_series(tmp_path):
    # the acronym rule ('Val PER: 0.03' is a metric) does not make devices into series: 'GPU 0' in an out-of-memory
    # message and Ultralytics' 'torch-2.9.0+cu126 CUDA:0' banner name a device, not a measurement
    # (each printed at two launches, as the real logs do)
    devices = ["Ultralytics 8.3.225  Python-3.13.9 torch-2.9.0+cu126 CUDA:0 (NVIDIA GeForce RTX 4060 Laptop GPU, 8188MiB)",
               "GPU 0,1,2,3: Tesla V100S-PCIE-32GB",
               "RuntimeError: CUDA out of memory. Tried to allocate 2.92 GiB (GPU 0; 4.00 GiB total capacity)"]
    lines = devices + [f"Epoch {e} | loss: {1 / e:.4f} | Val PER: {0.5 / e:.4f}" for e in range(1, 6)] + devices
    rd = _read(tmp_path, lines)
    tags = set(rd.frame["tag"].astype(str))
    assert not {t for t in tags if "GPU" in t or "CUDA" in t}, tags
    assert any("PER" in t for t in tags), tags


def test_a_two_column_tab_table_under_its_header_is_the_training_curve(tmp_path):
    # print("step\tloss") then print(f"{step}\t{loss:.5f}") every 5 steps, with a validation line per epoch: the
    # header's first column is the rows' clock, the second the training loss; two words separated by a space
    # ('Training loss') stay prose
    lines = ["step\tloss"]
    for e in range(3):
        lines += [f"{s}\t{2.0 - s / 1000:.5f}" for s in range(e * 50 + 5, e * 50 + 55, 5)]
        lines.append(f"val\tepoch={e}\tloss={1.9 - e / 100:.5f}\tacc=0.17")
    rd = _read(tmp_path, lines)
    steps, values = _series(rd, "train/loss")
    assert steps == list(range(5, 155, 5)) and values[0] == 1.995
    assert not [t for t in set(rd.frame["tag"].astype(str)) if t.endswith("step")]
