"""Readings of unseen text-log styles that issue 36 found wrong, each written the way its framework or script prints
it: the split of a record comes from its words, a table header maps one to one, numbers that are no training series
are settings or nothing, the printed step is the x axis however much of the log is read, a print log is not a
table, a binary file is not a text log, and a single final evaluation is kept. Each log is read with and without
plans (the two readings must be equal)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from _helpers import real_runs_dir
from test_textlog_shapes import _assert_same

from curvedoc.errors import UnsupportedFormat
from curvedoc.importers._base import byte_windows
from curvedoc.importers.textlog import TextLogParser, read_text_log
from curvedoc.importers.textlog.decoding import text_lines
from curvedoc.importers.textlog.records import split_of
from curvedoc.model.roles import role_of_name


def _read(tmp_path, lines: list[str], name="train.log"):
    p = tmp_path / name
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _assert_same(p)
    return read_text_log(p)


def _series(rd, tag):
    g = rd.frame[rd.frame["tag"] == tag]
    return g["step"].tolist(), [round(v, 6) for v in g["value"].tolist()]


def _tags(rd) -> set[str]:
    return set(rd.frame["tag"].astype(str))


# ------------------------------------------------------------------------------------------ the split of a record
@pytest.mark.parametrize("word", ["Validation", "Val", "Eval", "Evaluation", "Test", "Dev", "validation"])
def test_train_and_evaluation_records_with_the_same_words_are_two_series(tmp_path, word):
    """``logging.info("Epoch %d: mean loss ...")`` and the same words after "Validation": two series, one point per
    epoch each, and "Validation Epoch" is no metric."""
    lines = ["INFO:root:Namespace(batch_size=64, epochs=12, lr=0.001, model='resnet18', seed=42)"]
    for e in range(1, 13):
        lines.append(f"INFO:root:Epoch {e}: mean loss {1 / e:.4f}, mean acc {0.5 + e / 30:.4f}")
        lines.append(f"INFO:root:{word} Epoch {e}: mean loss {1.2 / e:.4f}, mean acc {0.45 + e / 30:.4f}")
    rd = _read(tmp_path, lines)
    epochs = list(range(1, 13))
    # (a test is held out under its own name, test/: not the validation -- tests/importers/test_textlog_round15.py)
    held = "test" if word == "Test" else "val"
    assert _series(rd, "mean loss") == (epochs, [round(1 / e, 4) for e in epochs])
    assert _series(rd, f"{held}/mean loss") == (epochs, [round(1.2 / e, 4) for e in epochs])
    assert _series(rd, f"{held}/mean acc")[0] == epochs
    assert _tags(rd) == {"mean loss", "mean acc", f"{held}/mean loss", f"{held}/mean acc", "epoch"}
    assert role_of_name("mean loss") == "train_loss" and role_of_name(f"{held}/mean loss") == "val_loss"
    assert rd.hparams["lr"] == 0.001 and rd.hparams["model"] == "resnet18"


@pytest.mark.parametrize("heading", ["Validation", "📊 Evaluation Results"])
def test_a_heading_names_the_split_of_the_block_under_it(tmp_path, heading):
    """"Validation:" then indented "loss: ..." lines: the block's records are held-out, apart from the training
    lines with the same words (and they do not continue the training record printed before the heading)."""
    lines = []
    for e in range(1, 6):
        lines += [f"INFO:__main__:epoch {e} step {e * 100} loss: {1 / e:.4f}", f"INFO:__main__:{heading}:",
                  f"INFO:__main__:   loss: {1.5 / e:.4f}", f"INFO:__main__:   acc: {0.5 + e / 20:.4f}"]
    rd = _read(tmp_path, lines)
    assert _series(rd, "loss") == ([100, 200, 300, 400, 500], [round(1 / e, 4) for e in range(1, 6)])
    held_out = [t for t in _tags(rd) if role_of_name(t) == "val_loss"]
    assert all(t.startswith("val/") or split_of(t) == "val" for t in held_out)
    assert len(held_out) == 1 and _series(rd, held_out[0]) == ([100, 200, 300, 400, 500],
                                                               [round(1.5 / e, 4) for e in range(1, 6)])
    assert [t for t in _tags(rd) if role_of_name(t) == "val_acc"]


# ------------------------------------------------------------------------------------------ tables
def _yolov5(epochs: int) -> list[str]:
    rng = random.Random(5)
    lines = []
    for e in range(epochs):
        lines += ["", "     Epoch   gpu_mem       box       obj       cls    labels  img_size"]
        for i in (10, 20, 30):
            lines.append(f"      {e}/{epochs - 1}     3.21G   {0.1 - e / 1000:.5f}   {0.05 - e / 2000:.5f}   "
                         f"{0.02 - e / 4000:.5f}        {rng.randint(20, 40)}       640: {i * 100 // 30:3d}%|██████████| "
                         f"{i}/30 [00:10<00:00,  2.9it/s]")
        lines.append("               Class     Images     Labels          P          R     mAP@.5 mAP@.5:.95: 100%|"
                     "██████████| 4/4 [00:01<00:00,  3.1it/s]")
        lines.append(f"                 all        100        250      {0.5 + e / 200:.3f}      {0.4 + e / 200:.3f}"
                     f"      {0.3 + e / 200:.3f}      {0.1 + e / 200:.3f}")
    return lines


def test_yolov5_table_columns_map_one_to_one_and_its_loss_columns_are_loss_parts(tmp_path):
    rd = _read(tmp_path, _yolov5(8))
    epochs = list(range(8))
    assert _series(rd, "val/mAP@.5") == (epochs, [round(0.3 + e / 200, 3) for e in epochs])
    assert _series(rd, "val/mAP@.5:.95") == (epochs, [round(0.1 + e / 200, 3) for e in epochs])
    for part in ("box", "obj", "cls"):
        tag = f"train/{part}_loss"
        assert _series(rd, tag)[0] == epochs, tag
        assert role_of_name(tag) == "train_loss", tag


# ------------------------------------------------------------------------------------------ not series
def test_model_summaries_dataset_scans_and_argument_echoes_are_no_series(tmp_path):
    lines = [
        "train: weights=yolov5s.pt, cfg=, data=coco128.yaml, hyp=data/hyps/hyp.scratch-low.yaml, epochs=100, "
        "batch_size=16, imgsz=640",
        "hyperparameters: lr0=0.01, lrf=0.01, momentum=0.937, weight_decay=0.0005, warmup_epochs=3.0",
        "",
        "                 from  n    params  module                                  arguments",
        "  0                -1  1      3520  models.common.Conv                      [3, 32, 6, 2, 2]",
        "  1                -1  1     18560  models.common.Conv                      [32, 64, 3, 2]",
        "  2                -1  1     18816  models.common.C3                        [64, 64, 1]",
        "Model summary: 214 layers, 7022326 parameters, 7022326 gradients, 15.9 GFLOPs",
        "train: Scanning '/data/coco128/labels/train2017' images and labels...128 found, 0 missing, 2 empty, 0 "
        "corrupt: 100%|██████████| 128/128 [00:00<00:00, 1041.31it/s]",
        "val: Scanning '/data/coco128/labels/train2017.cache' images and labels... 128 found, 0 missing, 2 empty, 0 "
        "corrupt: 100%|██████████| 128/128 [00:00<?, ?it/s]",
    ] + _yolov5(4)
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"epoch", "train/box_loss", "train/obj_loss", "train/cls_loss", "train/gpu_mem",
                         "train/labels", "train/img_size", "val/Images", "val/Labels", "val/precision", "val/recall", "val/mAP@.5",
                         "val/mAP@.5:.95"}
    assert rd.hparams["batch_size"] == 16 and rd.hparams["lr0"] == 0.01 and rd.hparams["momentum"] == 0.937


@pytest.mark.parametrize("first", ["Namespace(batch_size=32, epochs=3, lr=0.1, optimizer='sgd', data='cifar10')",
                                   "{'batch_size': 32, 'epochs': 3, 'lr': 0.1, 'optimizer': 'sgd', 'data': 'cifar10'}"])
def test_a_namespace_or_dict_first_line_is_hyperparameters(tmp_path, first):
    lines = [first] + [f"epoch {e}: loss {1 / e:.3f} acc {e / 10:.2f}" for e in range(1, 4)]
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"loss", "acc", "epoch"}
    assert _series(rd, "loss")[0] == [1, 2, 3]
    assert rd.hparams["lr"] == 0.1 and rd.hparams["optimizer"] == "sgd" and rd.hparams["batch_size"] == 32


def test_a_configuration_block_is_settings(tmp_path):
    """A script that logs its configuration one setting per line under "Configuration:" (and an MMCV config dump
    under "Config:", nested groups included): settings, not series, and "epochs: 2" is not the epoch."""
    lines = ["INFO:__main__:Configuration:", "INFO:__main__:  batch_size: 8", "INFO:__main__:  epochs: 2",
             "INFO:__main__:  lr: 0.0003", "INFO:__main__:  scheduler: warmup_cosine", "INFO:__main__:  warmup: 100",
             "INFO:__main__:" + "=" * 40, "Config:", "model = dict(", "    type='CascadeRCNN',",
             "    roi_head=dict(", "        bbox_head=[", "            dict(", "                in_channels=256,",
             "                num_classes=2),", "        ]),", "    ))"]
    lines += [f"INFO:__main__:Epoch {e} | Step {s}/30 | Loss: {1 / (e * 30 + s):.4f}" for e in (0, 1) for s in (10, 20, 30)]
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"Loss", "epoch"}
    assert _series(rd, "Loss")[0] == [10, 20, 30, 40, 50, 60]
    assert rd.hparams["batch_size"] == 8 and rd.hparams["lr"] == 0.0003 and rd.hparams["scheduler"] == "warmup_cosine"
    assert rd.hparams["in_channels"] == 256


# ------------------------------------------------------------------------------------------ the printed step
def _epoch_iter_step(first_epoch: int = 0) -> list[str]:
    lines = []
    for e in range(first_epoch, 25):
        for i in range(3, 43, 10):
            lines.append(f"epoch {e} | iter {i}/43 | step {e * 43 + i} | loss {2 / (e * 43 + i + 1):.5f} | lr 0.0001")
        lines.append(f"epoch {e} | val_loss {2.2 / (e + 1):.4f} | val_acc {0.5 + e / 100:.4f}")
    return lines


@pytest.mark.parametrize("first_epoch", [0, 19])
def test_the_printed_step_is_the_x_axis_from_any_line(tmp_path, first_epoch):
    """``epoch 19 | iter 3/43 | step 820 | loss``: the step is 820 whether the log is read whole or from the
    middle (a resumed job, a tail); ``iter`` counts inside the epoch; ``step`` is no metric; a validation line
    that names only its epoch is placed at the step training had reached, not at "step 19"."""
    rd = _read(tmp_path, _epoch_iter_step(first_epoch))
    steps, _ = _series(rd, "loss")
    assert steps == [e * 43 + i for e in range(first_epoch, 25) for i in range(3, 43, 10)]
    assert "step" not in _tags(rd) and "iter" not in _tags(rd)
    assert _series(rd, "val_loss")[0] == [e * 43 + 33 for e in range(first_epoch, 25)]
    assert "max_steps" not in rd.meta  # (43 is the epoch's length, not the run's)


def _clocks(path: Path) -> dict[str, str]:
    """tag -> how its points are placed ("step": each at the step its line prints)."""
    p = TextLogParser(path)
    for first, lines in text_lines(path, []):
        p.feed_lines(first, lines)
    p.result()
    return p.clock_of


def _by_tag(frame) -> dict[str, list[tuple[int, float | str]]]:
    """tag -> its (step, value) points (a NaN written "nan", so that two NaNs compare equal)."""
    return {str(t): [(st, v if v == v else "nan") for st, v in zip(g["step"].tolist(), g["value"].tolist())]
            for t, g in frame.groupby("tag", observed=True)}


def _windows(data: bytes, cuts: list[int]) -> list[bytes]:
    """The log cut after the line that holds each byte offset in ``cuts`` (as `watch` reads what was appended:
    whole lines)."""
    ends = sorted({data.find(b"\n", c) + 1 for c in cuts if data.find(b"\n", c) >= 0} - {0, len(data)})
    bounds = [0, *ends, len(data)]
    return [data[a:b] for a, b in zip(bounds[:-1], bounds[1:]) if b > a]


def _without_echoes(points: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """The points with a repeat of the point before it (same step, same value: an echo, which the reader counts
    once) left out: two windows can each hold one print of an echo."""
    return [pt for i, pt in enumerate(points) if i == 0 or pt != points[i - 1]]


def _read_window(path: Path, chunk: bytes) -> dict[str, list]:
    """The points of the series on the printed step in a window of the file read as `watch` reads it (the
    importer through byte_windows)."""
    with byte_windows({str(path): chunk}):
        try:
            frame = read_text_log(path).frame
        except UnsupportedFormat:
            return {}
        clocks = _clocks(path)
    return {t: pts for t, pts in _by_tag(frame).items() if clocks.get(t) == "step"}


def _assert_chunks_read_as_whole(path: Path, cuts: list[int]):
    """Series whose points are each at the step their line prints: the windows' points, one after the other, are
    the whole log's points; a window read from any line onward gives the whole reading's last points. (A record
    that names only its epoch is placed at the step training had reached when it was printed: a window that starts
    with it has not seen that step. A step counted inside the epoch, "Epoch 1 | Step 40/6501", is made global by
    the epochs seen.)"""
    whole = _by_tag(read_text_log(path).frame)
    on_step = {t for t, c in _clocks(path).items() if c == "step"}
    data = path.read_bytes()
    windows = _windows(data, cuts)
    got: dict[str, list] = {}
    for chunk in windows:
        for t, pts in _read_window(path, chunk).items():
            got.setdefault(t, []).extend(pts)
    for t in on_step:
        # (a repeat of the point before it -- same step, same value -- is counted once by the reader unless a launch
        # was printed between the two prints: a window that starts after that launch's configuration cannot know)
        assert _without_echoes(got.get(t, [])) == _without_echoes(whole[t]), (path, t, len(got.get(t, [])),
                                                                             len(whole[t]))
    start = sum(len(w) for w in windows[:-1])  # from a line onward: the last window
    for t, pts in _read_window(path, data[start:]).items():
        if t in on_step:
            assert pts == whole[t][len(whole[t]) - len(pts):], (path, t)


def test_chunks_and_tails_of_a_printed_step_log_read_as_the_whole(tmp_path):
    p = tmp_path / "run.log"
    p.write_text("\n".join(_epoch_iter_step()) + "\n")
    size = p.stat().st_size
    rng = random.Random(7)
    for _ in range(5):
        _assert_chunks_read_as_whole(p, sorted(rng.sample(range(size), 4)))


def _corpus_logs() -> list[Path]:
    root = real_runs_dir() / "text_log"
    return sorted(f for d in root.iterdir() if d.is_dir() for f in d.iterdir() if f.is_file())


@pytest.mark.slow  # reads each real text log a dozen times (~1 min); CI runs it (.ci/run)
def test_every_real_text_log_reads_the_same_whole_in_chunks_or_from_any_line():
    """The chunked / tail / whole property on every text log of the corpus, for the series on the step the log
    prints (other clocks -- an ordinal, an epoch counted from the first one seen -- depend on the lines read)."""
    for path in _corpus_logs():
        size = path.stat().st_size
        rng = random.Random(size)
        _assert_chunks_read_as_whole(path, sorted(rng.sample(range(size), min(5, size))))


# ------------------------------------------------------------------------------------------ files
def test_a_print_log_whose_first_line_is_its_arguments_is_not_a_table(tmp_path):
    """``print(args)`` then the training prints, given as the file: a text log (not "a per-item table")."""
    from curvedoc.importers import discover, read_spec

    p = tmp_path / "train.log"
    p.write_text("Namespace(batch_size=64, epochs=3, lr=0.001)\n"
                 + "".join(f"epoch {e} loss {1 / e:.3f}\n" for e in range(1, 4)))
    specs = discover(str(p)).specs
    assert [s.format for s in specs] == ["text-log"]
    run = read_spec(specs[0])[0]
    assert sorted(run.scalars["tag"].astype(str).unique()) == ["epoch", "loss"]


@pytest.mark.parametrize("make", ["random", "numpy", "gzip", "floats"])
def test_a_binary_file_named_train_log_is_not_a_text_log(tmp_path, make):
    rng = random.Random(3)
    import gzip
    import struct

    text = "".join(f"step {i} loss: {1 / (i + 1):.4f} acc: {i / 100:.2f}\n" for i in range(200)).encode()
    data = {"random": lambda: bytes(rng.randrange(256) for _ in range(4000)),
            "numpy": lambda: b"\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran_order': False, 'shape': (500,), }" +
            struct.pack("<500f", *[rng.random() for _ in range(500)]),
            "gzip": lambda: gzip.compress(text),
            "floats": lambda: struct.pack("<2000f", *[rng.random() * 10 for _ in range(2000)])}[make]()
    p = tmp_path / "train.log"
    p.write_bytes(data)
    with pytest.raises(UnsupportedFormat, match="not a text log"):
        read_text_log(p)


# ------------------------------------------------------------------------------------------ final evaluations
def test_a_single_final_evaluation_is_a_series_of_one_point(tmp_path):
    """HF's ``{'eval_loss': ...}`` printed once at the end, an AP line printed once after training: kept as
    series of one point (not moved to the settings or the summary only)."""
    lines = [f"{{'loss': {2 - i / 10}, 'learning_rate': 1e-05, 'epoch': {i / 10}}}" for i in range(1, 11)]
    lines += ["{'eval_loss': 0.7417, 'eval_runtime': 29.78, 'epoch': 1.0}", "Test AP: 0.532"]
    rd = _read(tmp_path, lines)
    assert len(_series(rd, "eval_loss")[1]) == 1 and _series(rd, "eval_loss")[1] == [0.7417]
    assert _series(rd, "Test AP")[1] == [0.532]
    assert "eval_loss" not in rd.hparams


def test_what_is_printed_once_and_is_no_evaluation_stays_out_of_the_series(tmp_path):
    """Megatron's dataset sizes ("train: 40000" under a heading: a bare split name alone is no loss), HF's final
    training summary ('train_loss': the average over training), counts and runtimes printed once: settings or
    summary values, not series of one point."""
    lines = ["> datasets target sizes (minimum size):", "    train:      40000", "    validation: 4040",
             "    test:       40"]
    lines += [f" iteration {i:8d}/     500 | lm loss: {10 - i / 10:.6E} | grad norm: {1 + i / 100:.3f} |"
              for i in range(1, 21)]
    lines += ["{'train_runtime': 123.4, 'train_samples_per_second': 5.6, 'train_loss': 0.58, 'epoch': 3.0}",
              "{'eval_loss': 0.61, 'eval_runtime': 9.9, 'epoch': 3.0}"]
    rd = _read(tmp_path, lines)
    assert _tags(rd) == {"lm loss", "grad norm", "eval_loss"}
