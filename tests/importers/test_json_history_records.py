"""A JSON document holding a list of per-epoch records under a key, beside the run's settings: what a hand-written
training loop dumps at its end (``json.dump({"args": vars(args), "history": history}, f)``). Discovery must take it
for a log (its first 64 kB show a list of records that hold numbers), and the reader reads the records."""

from __future__ import annotations

import json

import pytest

import curvedoc
from curvedoc.importers.sniffers import sniff_json


def _doc(n, key, settings_first=True, indent=2):
    recs = [{"epoch": e, "train_loss": 3.0 - 0.01 * e, "val_mse": 40.0 + 0.02 * e} for e in range(6, 6 + n)]
    settings = {"base_model": "model_v5.pt", "epochs": 150, "lr": 1e-4, "pdb_dir": "data/pdbs"}
    doc = {"args": settings, key: recs} if settings_first else {key: recs, "args": settings}
    return json.dumps(doc, indent=indent)


@pytest.mark.parametrize("key", ["history", "log", "epochs_log", "records"])
@pytest.mark.parametrize("indent", [None, 2, 4])
@pytest.mark.parametrize("settings_first", [True, False])
def test_records_under_a_key_beside_settings_are_a_log(key, indent, settings_first, tmp_path):
    d = tmp_path / "run"
    d.mkdir()
    (d / "model_v6_history.json").write_text(_doc(40, key, settings_first, indent))
    assert sniff_json(d / "model_v6_history.json")
    (run,) = curvedoc.load(str(d))
    assert {"train_loss", "val_mse"} <= set(run.tags)
    assert len(run.series("train_loss")) == 40


@pytest.mark.parametrize("text", [
    '{"args": {"lr": 0.1, "epochs": 3}, "name": "x"}',               # settings only
    '{"classes": [{"name": "cat", "id": "n02123045"}]}',             # records of strings
    '{"config": {"layers": [{"units": 64}]}}',                       # a nested config
])
def test_a_settings_or_label_file_is_still_no_log(text, tmp_path):
    p = tmp_path / "x.json"
    p.write_text(text)
    assert not sniff_json(p)
