"""A printed training log saved under a name with no extension, given by its folder (issue 36: a file reads the same
given alone or by its folder). A Berkeley deep-RL homework console saved as 'logs1' (2027-01-15cw
cs285-hw2-pg-cartpole) read as a text log given alone and as 'no training log found' by its folder: the walk took
only names with a log's extension or a conventional name. Now an extensionless name whose words say log is a
candidate as '.log' names are, and any other extensionless file is read, by its content, when the folder holds no
log of another kind (as a markdown page holding pasted output is): beside a CSV or event files an extensionless file
is a LICENSE or a Makefile."""

from __future__ import annotations

import pytest

import curvedoc
from curvedoc.errors import LoadError
from curvedoc.importers.discover import discover


def _console(n: int = 30) -> str:
    out = ["/usr/bin/python3 run_hw2.py --env_name CartPole-v0 -n 100", "GPU not detected. Defaulting to CPU.", ""]
    for i in range(n):
        out += [f"********** Iteration {i} ************", "", "Beginning logging procedure...",
                f"Eval_AverageReturn : {20.0 + 5 * i:.4f}", f"Train_AverageReturn : {22.0 + 5 * i:.4f}",
                f"Training Loss : {100.0 / (i + 1):.4f}", f"Train_EnvstepsSoFar : {1000 * (i + 1)}", "Done logging...", ""]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", ["logs1", "train_log", "output", "run"])
def test_an_extensionless_console_log_reads_by_its_folder_as_given_alone(tmp_path, name):
    d = tmp_path / "exp"
    d.mkdir()
    (d / name).write_text(_console())
    specs = discover(d).specs
    assert [s.format for s in specs] == ["text-log"], specs
    by_folder = curvedoc.load(str(d))[0]
    alone = curvedoc.load(str(d / name))[0]
    assert sorted(by_folder.tags) == sorted(alone.tags)
    assert len(by_folder.series("Eval_AverageReturn")) == 30


def test_extensionless_files_that_are_no_log_are_not_runs(tmp_path):
    d = tmp_path / "repo"
    d.mkdir()
    (d / "Makefile").write_text("all:\n\tpython train.py --epochs 10\n")
    (d / "LICENSE").write_text("MIT License\n\nCopyright (c) 2026\n")
    assert discover(d).specs == []
    with pytest.raises(LoadError):
        curvedoc.load(str(d))


def test_beside_a_log_of_another_kind_an_unnamed_extensionless_file_is_left_alone(tmp_path):
    d = tmp_path / "exp"
    d.mkdir()
    (d / "metrics.csv").write_text("epoch,train_loss,val_loss\n" + "".join(f"{e},{1 / (e + 1):.4f},{1.2 / (e + 1):.4f}\n"
                                                                          for e in range(20)))
    (d / "notes").write_text(_console(5))
    assert [s.format for s in discover(d).specs] == ["csv"]
