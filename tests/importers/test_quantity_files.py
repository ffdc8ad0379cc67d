"""One training, one quantity per file (issue 36: one training = one run; first met on lock-box 2026-12-21bj/bk, read
once at a session's end, then worked on).

A script that keeps a list per quantity and writes each to a file named for it -- ``np.savetxt("train_loss.txt",
losses)``, ``f.write(f"epoch {e}:{loss}\\n")``, ``print(losses, file=f)``, ``f.write(", ".join(map(str, accs)))`` --
leaves ``train_loss.txt`` beside ``val_loss.txt`` (or ``loss.txt`` + ``val_loss.txt``, ``train_losses.txt`` +
``test_losses.txt`` + ``train_accuracies.txt``, ``val_acc.txt`` + ``val_loss.txt``) in one folder. Each was read as a
run of its own, so no rule could set the training loss beside the validation loss (overfitting, train-val-gap) and
one training was reported two or three times. Now the folder is ONE run when the files count on one clock: the same
steps when a file's row number is its step (a per-batch list beside a per-epoch one stays apart), and only files
named for a quantity (a split word at most, a quantity word, qualifiers) are taken -- 'exp1_loss.txt' beside
'exp2_loss.txt' are two trainings.

Also: a file's one line of numbers joined by commas or spaces, without brackets, is one list (it was refused: "no
training metrics found"); and a split's table whose one column is already named for the split ('val_loss.csv'
holding 'val_loss') is read as 'val_loss', not 'val_val_loss'.
"""

from __future__ import annotations

import numpy as np
import pytest

from curvedoc.importers import load
from curvedoc.importers.textlog import read_text_log
from _helpers import severities_by_name


def _curves(n: int, rising_val: bool = False, seed: int = 0):
    rng = np.random.default_rng(seed)
    e = np.arange(n, dtype=float)
    train = 2.3 * np.exp(-e / max(n / 6, 1)) + 0.05 + rng.normal(0, 0.01, n)
    val = 2.3 * np.exp(-e / max(n / 6, 1)) + 0.2 + rng.normal(0, 0.01, n)
    if rising_val:
        val = val + np.clip(e - n / 4, 0, None) * (1.5 / n)
    acc = 0.1 + 0.85 * (1 - np.exp(-e / max(n / 6, 1)))
    return train, val, acc


WRITERS = {
    "bare": lambda vals: "".join(f"{v:.18e}\n" for v in vals),                        # np.savetxt
    "epoch-colon": lambda vals: "".join(f"epoch {i}:{v}\n" for i, v in enumerate(vals)),
    "list": lambda vals: "[" + ", ".join(repr(float(v)) for v in vals) + "]",         # print(losses, file=f)
    "joined": lambda vals: ", ".join(f"{v:.6f}" for v in vals),                       # ", ".join(..)
    "spaced": lambda vals: " ".join(repr(float(v)) for v in vals) + "\n",             # print(*losses, file=f)
}

LAYOUTS = {  # file names -> which curve each holds
    "train+val": {"train_loss.txt": "train", "val_loss.txt": "val"},
    "loss+val": {"loss.txt": "train", "val_loss.txt": "val"},
    "training+val": {"training_loss.txt": "train", "val_loss.txt": "val"},
    "plural+test+acc": {"train_losses.txt": "train", "test_losses.txt": "val", "train_accuracies.txt": "acc"},
    "three-with-acc": {"train_loss.txt": "train", "val_loss.txt": "val", "train_accs.txt": "acc"},
}


def _write(folder, layout: str, writer: str, n: int, rising_val: bool = False):
    train, val, acc = _curves(n, rising_val)
    curves = {"train": train, "val": val, "acc": acc}
    folder.mkdir(parents=True, exist_ok=True)
    for name, which in LAYOUTS[layout].items():
        (folder / name).write_text(WRITERS[writer](curves[which]))


@pytest.mark.parametrize("writer", list(WRITERS))
@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("n", [5, 89, 1000])
def test_the_files_of_one_training_are_one_run(tmp_path, layout, writer, n):
    _write(tmp_path / "run", layout, writer, n)
    runs = load(tmp_path / "run")
    assert len(runs) == 1, [r.name for r in runs]
    run = runs[0]
    assert run.name == "run"
    assert run.roles.get("train_loss") and run.roles.get("val_loss"), run.roles
    sizes = run.scalars.groupby("tag", observed=True).size()
    assert len(sizes) == len(LAYOUTS[layout]) and set(sizes) == {n}, sizes
    assert any(i.kind == "split-files" for i in run.issues)


@pytest.mark.parametrize("writer", ["bare", "epoch-colon", "list"])
def test_overfitting_across_the_files_is_found(tmp_path, writer):
    # (validation rising for the last three quarters while training falls: only visible with both in one run)
    _write(tmp_path / "run", "train+val", writer, 120, rising_val=True)
    assert "overfitting" in severities_by_name(tmp_path / "run")


def test_a_healthy_pair_of_files_is_not_warned(tmp_path):
    _write(tmp_path / "run", "train+val", "bare", 120)
    sev = severities_by_name(tmp_path / "run")
    assert not {r for r, s in sev.items() if s in ("warning", "error")}, sev


def test_a_per_batch_list_beside_a_per_epoch_list_stays_apart(tmp_path):
    # (the row number is each file's step, and the clocks differ: 1,000 batches, 10 epochs -- never set side by side)
    train, _, _ = _curves(1000)
    _, val, _ = _curves(10)
    (tmp_path / "train_loss.txt").write_text(WRITERS["bare"](train))
    (tmp_path / "val_loss.txt").write_text(WRITERS["bare"](val))
    runs = load(tmp_path)
    assert len(runs) == 2
    assert sorted(len(r.scalars) for r in runs) == [10, 1000]


def test_counted_rows_on_one_clock_join_even_when_their_counts_differ(tmp_path):
    # ('Epoch N ..' rows say their step: a validation every 5 epochs lies on the training's clock)
    (tmp_path / "training_loss.txt").write_text("".join(f"Epoch {e} Training Loss: {2.0 / (e + 1)}\n" for e in range(40)))
    (tmp_path / "val_loss.txt").write_text("".join(f"Epoch {e} val Loss: {2.2 / (e + 1)}\n" for e in range(0, 40, 5)))
    runs = load(tmp_path)
    assert len(runs) == 1
    assert runs[0].roles.get("val_loss") and runs[0].roles.get("train_loss")


@pytest.mark.parametrize("names", [("exp1_loss.txt", "exp2_loss.txt"), ("resnet_loss.txt", "vgg_loss.txt"),
                                   ("notes.txt", "loss.txt")])
def test_files_named_for_something_else_stay_apart(tmp_path, names):
    train, _, _ = _curves(30)
    for name in names:
        (tmp_path / name).write_text(WRITERS["bare"](train))
    runs = load(tmp_path)
    assert all(not any(i.kind == "split-files" for i in r.issues) for r in runs)


def test_a_quantity_file_alone_is_its_own_run(tmp_path):
    train, _, _ = _curves(30)
    (tmp_path / "train_loss.txt").write_text(WRITERS["bare"](train))
    (runs,) = [load(tmp_path)]
    assert len(runs) == 1 and not any(i.kind == "split-files" for i in runs[0].issues)


def test_two_validation_quantities_without_a_training_file_are_one_run(tmp_path):
    _, val, acc = _curves(202)
    (tmp_path / "val_loss.txt").write_text(WRITERS["bare"](val))
    (tmp_path / "val_acc.txt").write_text(WRITERS["bare"](acc))
    (run,) = load(tmp_path)
    assert run.roles.get("val_loss") == "val_loss" and "val_acc" in set(run.scalars["tag"].astype(str))


@pytest.mark.parametrize("sep", [", ", ",", " ", "\t"])
@pytest.mark.parametrize("n", [3, 100, 500])
def test_one_line_of_numbers_is_one_list(tmp_path, sep, n):
    vals = [1.0 / (i + 1) for i in range(n)]
    (tmp_path / "train_loss.txt").write_text(sep.join(f"{v:.6f}" for v in vals))
    d = read_text_log(tmp_path / "train_loss.txt")
    g = d.frame[d.frame["tag"].astype(str) == "train_loss"].sort_values("step")
    assert g["value"].tolist() == pytest.approx(vals, abs=1e-6)


def test_two_numbers_on_one_line_are_not_a_list(tmp_path):
    # (too few to follow: one row of a two-column table is one step, and a log of one step is no log)
    from curvedoc.errors import LoadError

    (tmp_path / "train_loss.txt").write_text("0.5, 0.4\n")
    with pytest.raises(LoadError):
        read_text_log(tmp_path / "train_loss.txt")


def test_a_split_table_already_named_for_its_split_keeps_its_name(tmp_path):
    # (headerless 'epoch,value' tables named train_loss.txt / val_loss.txt: the CSV split-files layout)
    (tmp_path / "train_loss.txt").write_text("".join(f"{e},{2.0 / (e + 1)}\n" for e in range(50)))
    (tmp_path / "val_loss.txt").write_text("".join(f"{e},{2.1 / (e + 1)}\n" for e in range(50)))
    (run,) = load(tmp_path)
    tags = set(run.scalars["tag"].astype(str))
    assert "val_loss" in tags and "val_val_loss" not in tags, tags
    assert run.roles.get("val_loss") == "val_loss"


def test_one_quantity_file_message_says_the_file_names_it(tmp_path):
    train, _, _ = _curves(30)
    (tmp_path / "train_loss.txt").write_text(WRITERS["bare"](train))
    d = read_text_log(tmp_path / "train_loss.txt")
    (iss,) = [i for i in d.issues if i.kind == "no-header"]
    assert "after the file's name" in iss.message and "nothing says which is the loss" not in iss.message


@pytest.mark.parametrize("line", ["{}", "[{}]"])
def test_two_lines_of_numbers_are_not_the_first_lines_list(tmp_path, line):
    # (np.savetxt of a 2 x 100 array, or two lists printed: never one list of the first line, the second dropped)
    from curvedoc.errors import LoadError

    rows = [" ".join(f"{1.0 / (i + 1 + k):.6f}" for i in range(100)) for k in range(2)]
    if line.startswith("["):
        rows = [line.format(", ".join(r.split())) for r in rows]
    (tmp_path / "losses.txt").write_text("\n".join(rows) + "\n")
    try:
        d = read_text_log(tmp_path / "losses.txt")
    except LoadError:
        return
    assert len(d.frame) != 100, "only the first of two lines read"
