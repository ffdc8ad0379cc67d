"""Text logs, round 23 on the seen lock-box batch 2026-12-11ai (issue 36): misreadings found on its text logs, each
checked on small logs written the way such programs write them (several wordings, lengths and cuts). Most of them are
files of bare numbers -- a script's ``f.write(f"{loss}\\n")``, ``print(loss)`` redirected, ``print(losses)`` at the
end -- whose only name is the file's."""

from __future__ import annotations

import math

import pytest
from test_textlog_readings import _read, _series, _tags

import curvedoc
from curvedoc.importers import sniffers
from curvedoc.importers.sniffers import csv_table_like
from curvedoc.importers.textlog import read_text_log


def _kinds(rd) -> set[str]:
    return {i.kind for i in rd.issues}


def _write(tmp_path, name: str, text: str):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _losses(n: int) -> list[float]:
    return [round(2.5 * math.exp(-i / 30) + 0.05 * ((i * 7) % 5) / 5, 6) for i in range(n)]


# ------------------------------------------------------------- a file named in the plural for what each of its rows is
@pytest.mark.parametrize("name,series", [
    ("losses.txt", "loss"), ("train_losses.txt", "train_loss"), ("val_accuracies.txt", "val_accuracy"),
    ("rewards.log", "reward"), ("test_errors.txt", "test_error"), ("accs.txt", "acc"),
])
@pytest.mark.parametrize("indexed", [False, True])
@pytest.mark.parametrize("n", [5, 60])
def test_a_file_named_in_the_plural_holds_one_such_value_a_row(tmp_path, name, series, indexed, n):
    """``losses.txt`` written a loss a line (or 'i loss' a line) holds one loss a row: the series is a loss, said in
    the singular as the reading names any quantity, not 'losses'."""
    vals = _losses(n)
    rd = read_text_log(_write(tmp_path, name, "".join(f"{i} {v}\n" if indexed else f"{v}\n" for i, v in enumerate(vals))))
    assert _tags(rd) == {series}
    steps, values = _series(rd, series)
    assert values == vals and steps == list(range(n))


# (a quantity's name followed by the kind of file it is, 'loss_history.txt', names the quantity since round 25:
# test_textlog_round25.py; the kind alone, 'history.txt', names none and stays)
@pytest.mark.parametrize("name", ["train_loss.txt", "results.txt", "history.txt", "glosses_x.txt"])
def test_a_name_in_the_singular_or_of_no_quantity_stays_as_it_is(tmp_path, name):
    rd = read_text_log(_write(tmp_path, name, "".join(f"{v}\n" for v in _losses(8))))
    assert _tags(rd) == {name.split(".")[0]}


# ------------------------------------------------------------- a counter's word glued to its count heads each row
@pytest.mark.parametrize("word,sep,start,every", [
    ("epoch", "\t", 1, 1), ("Epoch", " ", 0, 1), ("iter", "\t", 100, 100), ("step_", ",", 10, 10), ("ep", " ", 1, 1),
])
@pytest.mark.parametrize("n", [4, 300])
def test_a_counter_glued_to_its_count_is_the_rows_position(tmp_path, word, sep, start, every, n):
    """``print(f"epoch{e}\\t{loss}")`` writes 'epoch1<TAB>0.2549': the word glued to the count is the row's position
    (not a CSV header of names, not refused), the number after it the file's quantity."""
    vals = _losses(n)
    p = _write(tmp_path, "train_loss.txt", "".join(f"{word}{start + i * every}{sep}{v}\n" for i, v in enumerate(vals)))
    rd = read_text_log(p)
    steps, values = _series(rd, "train_loss")
    assert values == vals and steps == [start + i * every for i in range(n)], _tags(rd)
    assert _tags(rd) == {"train_loss"}
    assert not csv_table_like(p)


def test_a_glued_counter_with_two_values_keeps_both_columns(tmp_path):
    lines = [f"epoch{e} {1 / e:.4f} {0.5 + e / 100:.4f}" for e in range(1, 21)]
    rd = read_text_log(_write(tmp_path, "log.txt", "\n".join(lines) + "\n"))
    assert _tags(rd) == {"column_2", "column_3"}
    assert _series(rd, "column_2")[0] == list(range(1, 21))


def test_a_word_glued_to_a_number_that_is_no_counter_is_no_row(tmp_path):
    """'layer3 0.5' is a name with a digit in it, not a count: no table of bare numbers."""
    lines = [f"layer{k} {0.1 * k:.2f}" for k in range(1, 6)]
    with pytest.raises(curvedoc.errors.LoadError):
        read_text_log(_write(tmp_path, "weights.txt", "\n".join(lines) + "\n"))


def test_a_real_csv_header_is_still_a_header(tmp_path):
    p = _write(tmp_path, "history.txt", "epoch,loss,val_loss\n0,0.9,1.0\n1,0.8,0.95\n")
    assert csv_table_like(p)


# ------------------------------------------------------------- one list of numbers, the whole file
@pytest.mark.parametrize("fmt", ["{:.6f}", "{!r}", "{:.3e}"])
@pytest.mark.parametrize("newline", ["", "\n", "\n\n"])
@pytest.mark.parametrize("n", [3, 2000])
def test_a_file_that_is_one_list_of_numbers_is_one_series(tmp_path, fmt, newline, n):
    """``print(losses)`` at the end of training, or ``json.dump(losses, f)``: '[0.5557, 0.5516, ..]' on one line is a
    series of its items, the item's place its step, named by the file."""
    vals = _losses(n)
    text = "[" + ", ".join(fmt.format(v) for v in vals) + "]" + newline
    rd = read_text_log(_write(tmp_path, "train_loss.txt", text))
    steps, values = _series(rd, "train_loss")
    assert steps == list(range(n))
    assert values == [round(float(fmt.format(v)), 6) for v in vals]


@pytest.mark.parametrize("text", ["[1, 2, 'a']", "[[0.1, 0.2], [0.3, 0.4]]", "[0.5]", "['loss', 0.5, 0.4]"])
def test_a_list_of_other_things_is_no_series(tmp_path, text):
    with pytest.raises(curvedoc.errors.LoadError):
        read_text_log(_write(tmp_path, "train_loss.txt", text + "\n"))


# ------------------------------------------------------------- bare numbers, then the program's last words
_ELASTIC_END = [
    "WARNING:torch.distributed.elastic.agent.server.api:Received 1 death signal, shutting down workers",
    "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 1871248 closing signal SIGHUP",
    "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 1871249 closing signal SIGHUP",
    "Traceback (most recent call last):",
    '  File "/opt/conda/bin/torchrun", line 33, in <module>',
    "    sys.exit(load_entry_point('torch==1.10.2', 'console_scripts', 'torchrun')())",
    "torch.distributed.elastic.multiprocessing.api.SignalException: Process 1871231 got signal: 1",
]
_OOM_END = [
    "Traceback (most recent call last):",
    '  File "train.py", line 88, in <module>',
    "    loss.backward()",
    "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 7.79 GiB total capacity)",
]


@pytest.mark.parametrize("end", [_ELASTIC_END, _OOM_END])
@pytest.mark.parametrize("n", [12, 640])
@pytest.mark.parametrize("name", ["losses.txt", "train.log"])
def test_bare_numbers_then_a_crash_are_the_series_and_its_end(tmp_path, end, n, name):
    """``print(loss)`` each step, then the job killed or dead in a traceback: the numbers are the log (not the
    warnings' 'Process 1871248' and 'got signal 1'), the traceback after them its crash."""
    vals = _losses(n)
    rd = _read(tmp_path, [str(v) for v in vals] + end, name=name)
    tag = "loss" if name == "losses.txt" else "train"
    assert _tags(rd) == {tag}
    steps, values = _series(rd, tag)
    assert values == vals and steps == list(range(n))
    assert {"crash", "killed"} & _kinds(rd), [i.kind for i in rd.issues]


def test_bare_numbers_then_a_plain_end_are_no_crash(tmp_path):
    vals = _losses(30)
    rd = _read(tmp_path, [str(v) for v in vals] + ["Training finished.", "Saved model to out/model.pt"], name="losses.txt")
    assert _series(rd, "loss")[1] == vals
    assert not {"crash", "killed"} & _kinds(rd)


def test_a_few_numbers_before_a_log_of_records_stay_the_parsers(tmp_path):
    """A handful of bare numbers (a shape printed, a seed) before the real records: the records are the log."""
    lines = ["3", "224", "224"] + [f"epoch {e} loss {1 / e:.4f} acc {e / 50:.3f}" for e in range(1, 31)]
    rd = _read(tmp_path, lines)
    assert {"loss", "acc"} <= _tags(rd) and "train" not in _tags(rd)


def test_records_outnumbering_the_numbers_stay_the_parsers(tmp_path):
    """Bare numbers (a print left in the loop) then a longer log of named records: the named records are the log."""
    lines = [str(v) for v in _losses(12)] + [f"step {s} loss {1 / s:.4f} lr 0.001" for s in range(1, 41)]
    rd = _read(tmp_path, lines)
    assert {"loss", "lr"} <= _tags(rd)


# ------------------------------------------------------------- a folder: a file named after its quantity is a log
@pytest.mark.parametrize("name,body", [
    ("losses.txt", "".join(f"{v}\n" for v in _losses(50))),
    ("train_loss.txt", "".join(f"{v}\n" for v in _losses(50))),
    ("losses.txt", "".join(f"{i} {v}\n" for i, v in enumerate(_losses(50)))),
    ("train_loss.txt", "[" + ", ".join(str(v) for v in _losses(500)) + "]"),
    ("train_loss.txt", "".join(f"epoch{i + 1}\t{v}\n" for i, v in enumerate(_losses(50)))),
    ("val_acc.txt", "".join(f"{0.5 + i / 200}\n" for i in range(50))),
])
def test_a_folder_holding_a_file_named_after_its_quantity_gives_its_run(tmp_path, name, body):
    """A folder with 'losses.txt' of bare numbers: the file's name says what it holds (its content names nothing), so
    the folder's run is read from it, as the file given alone is."""
    run = tmp_path / "run"
    run.mkdir()
    (run / name).write_text(body, encoding="utf-8")
    rep = curvedoc.diagnose(str(run))
    assert len(rep.runs) == 1 and rep.runs[0].points >= 50, rep


@pytest.mark.parametrize("name", ["losses.txt", "train_loss.txt", "val_accuracies.log", "rewards.txt", "perplexity.txt"])
def test_names_of_a_quantity(name):
    assert sniffers.named_as_quantity(name)


@pytest.mark.parametrize("name", ["requirements.txt", "classes.txt", "glossary.txt", "accent.txt", "notes.txt",
                                  "vocab.txt"])
def test_names_of_no_quantity(name):
    assert not sniffers.named_as_quantity(name)


@pytest.mark.parametrize("log", [
    ("train.log", "".join(f"epoch {e} loss {1 / e:.4f} val_loss {1.1 / e:.4f}\n" for e in range(1, 31))),
    ("history.csv", "epoch,loss,val_loss\n" + "".join(f"{e},{1 / e:.4f},{1.1 / e:.4f}\n" for e in range(1, 31))),
])
def test_a_dump_of_numbers_beside_the_folders_log_is_mentioned_not_a_second_run(tmp_path, log):
    """'losses.txt' of bare numbers beside the training's printed log (or its CSV): the dump of that training's losses,
    named in the run's report, not a twin run of one series."""
    run = tmp_path / "run"
    run.mkdir()
    (run / log[0]).write_text(log[1], encoding="utf-8")
    (run / "losses.txt").write_text("".join(f"{1 / e:.4f}\n" for e in range(1, 31)), encoding="utf-8")
    rep = curvedoc.diagnose(str(run))
    assert len(rep.runs) == 1 and rep.runs[0].points >= 60, [(r.run, r.points) for r in rep.runs]


def test_a_binary_file_named_after_a_quantity_is_no_text_log(tmp_path):
    p = tmp_path / "losses.npy"
    p.write_bytes(b"\x93NUMPY\x01\x00v\x00{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }" + bytes(range(1, 60)))
    assert not sniffers.looks_like_text_log(p)
