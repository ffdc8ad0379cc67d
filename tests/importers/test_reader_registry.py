"""The reader registry (curvedoc.importers.registry): one table of formats -> (sniff, read, follow), the one place
discovery, reading, object storage and `curvedoc watch` look a format up."""

from __future__ import annotations

import gzip
import io
import sqlite3
import struct

import pytest

from curvedoc.importers import READERS, RunData, RunSpec, read_spec
from curvedoc.importers import registry as R
from curvedoc.importers._crc32c import masked_crc
from curvedoc.importers.discover import PRIORITY, discover


def _record(payload: bytes) -> bytes:
    head = struct.pack("<Q", len(payload))
    return head + struct.pack("<I", masked_crc(head)) + payload + struct.pack("<I", masked_crc(payload))


def test_every_entry_resolves_and_the_tables_derive_from_it():
    assert READERS == {f.name: f.read for f in R.FORMATS}
    assert set(PRIORITY) == set(R.BY_NAME) and PRIORITY == R.PRIORITY
    assert sorted(f.precedence for f in R.FORMATS) == list(range(len(R.FORMATS)))  # no two formats tie
    for f in R.FORMATS:
        assert callable(R.reader(f.name))
        if f.sniff is not None:
            assert callable(R._load(f.sniff))
    assert R.reader("tfevents", "tbparse").__module__.endswith("tfevents_tbparse")


@pytest.mark.parametrize("name, data, fmt", [
    ("events.out.tfevents.1.host", _record(b"\x09" + bytes(8)), "tfevents"),
    ("renamed", _record(b"\x09" + bytes(8)), "tfevents"),  # by content: no extension, a small first record
    ("trainer_state.json", b'{"log_history": []}', "hf-trainer-state"),
    ("metrics.csv", b"step,loss\n1,0.5\n", "csv"),
    ("speaker_training.log", b"epoch,loss,acc\n0,0.9,0.1\n1,0.8,0.2\n", "csv"),  # a CSV table under any name
    ("losses.txt", b"Epoch, loss, acc\n0, 0.9, 0.1\n", "csv"),  # by content
    ("history.json", b'{"loss": [0.9, 0.8]}', "json"),
    # both CSV-like and JSON by its first bytes: JSON, as before the registry (its content check came first)
    ("odd.log", b'[epoch,loss,acc]\n{"epoch": 1, "loss": 0.5}\n', "json"),
    ("store.json", b"SQLite format 3\x00" + bytes(100), "mlflow-db"),  # an SQLite file whatever its name
    ("train.log", b"epoch 1 loss 0.5\n", "text-log"),
    ("weights.bin", bytes(range(256)) * 4, None),
])
def test_a_lone_file_is_what_the_sniffers_say(tmp_path, name, data, fmt):
    p = tmp_path / name
    p.write_bytes(data)
    assert R.sniff_file(p) == fmt
    specs = discover(p).specs
    assert [s.format for s in specs] == ([fmt] if fmt else [])


def test_how_watch_follows_each_format(tmp_path):
    assert R.follow("tfevents", tmp_path / "events.out.tfevents.1.h").unit == R.RECORDS
    assert R.follow("tfevents", tmp_path / "renamed").unit == R.WHOLE  # found by content: read whole
    assert R.follow("csv", tmp_path / "m.csv") == R.CSV_FOLLOW and R.CSV_FOLLOW.header
    assert R.follow("csv", tmp_path / "m.csv.gz").unit == R.WHOLE  # offsets into gzip are not offsets into the log
    assert R.follow("text-log", tmp_path / "train.log").parser is not None
    assert R.follow("json", tmp_path / "m.jsonl").unit == R.LINES
    doc = tmp_path / "history.json"
    doc.write_text('{"loss": [1, 2]}')
    assert R.follow("json", doc).unit == R.WHOLE
    lines = tmp_path / "metrics.json"
    lines.write_text('{"step": 1, "loss": 1}\n{"step": 2, "loss": 0.5}\n')
    assert R.follow("json", lines).unit == R.LINES
    # a table's step going back between two pieces is a restart (CSV, JSON lines); not for records or a printed log
    assert R.CSV_FOLLOW.rows_restart and R.follow("json", lines).rows_restart
    assert not R.TEXT_FOLLOW.rows_restart and not R.follow("tfevents", tmp_path / "events.out.tfevents.1").rows_restart
    for name in ("hf-trainer-state", "mlflow", "mlflow-db", "wandb", "dvclive", "no-such-format"):
        assert R.follow(name, tmp_path / "x").unit == R.WHOLE


def test_lines_are_taken_up_to_the_last_line_end():
    fh = io.BytesIO(b"a,b\n1,2\n3,")
    assert R.take_lines()(fh, 0, 11, 1 << 20) == (8, b"a,b\n1,2\n")
    assert R.take_lines()(fh, 8, 11, 1 << 20) == (8, b"")  # a line still being written waits
    assert R.take_lines()(fh, 0, 11, 5) == (4, b"a,b\n")  # at most a window
    bar = io.BytesIO(b"step 1\n 10%\r 20%\r 3")
    assert R.TEXT_FOLLOW.take(bar, 0, 19, 1 << 20) == (17, b"step 1\n 10%\r 20%\r")  # a progress bar's \r ends it


def test_records_are_taken_whole_and_past_a_torn_header():
    a, b, c = _record(b"x" * 10), _record(b"y" * 20), _record(b"z" * 5)
    data = a + b + c[:-3]
    assert R.take_records(io.BytesIO(data), 0, len(data), 1 << 20) == (len(a + b), a + b)
    torn = a + b"\xff" * 7 + b + c
    end, got = R.take_records(io.BytesIO(torn), 0, len(torn), 1 << 20)
    assert end == len(torn) and got == a + b + c  # the damaged bytes skipped, the records after them kept
    big = _record(b"w" * 100)
    assert R.take_records(io.BytesIO(big), 0, len(big), 40) == (len(big), big)  # a first record past the window


def test_a_gzipped_event_file_is_never_framed(tmp_path):
    p = tmp_path / "events.out.tfevents.1.h.gz"
    p.write_bytes(gzip.compress(_record(b"\x09" + bytes(8))))
    assert R.follow("tfevents", p).unit == R.WHOLE


def test_adding_a_format_is_one_entry(tmp_path, monkeypatch):
    """A format registered in the table is read by read_spec through its entry, and a remote run of it fetches
    the folder parts the entry names."""
    import pandas as pd

    from curvedoc.importers.remote import needed_files

    def read(spec):
        return RunData(pd.DataFrame({"step": [1, 2], "tag": pd.Categorical(["loss", "loss"]),
                                     "value": [1.0, 0.5]}), source="toy")

    monkeypatch.setattr(R, "_toy_read", read, raising=False)
    toy = R.Format("toy", "Toy logs", "curvedoc.importers.registry:_toy_read", 9, fetch=("points",))
    monkeypatch.setitem(R.BY_NAME, "toy", toy)
    (run,) = read_spec(RunSpec(tmp_path, "r", "toy", [tmp_path / "x"]))
    assert run.source == "toy" and list(run.scalars["value"]) == [1.0, 0.5]

    class Tree:  # the parts of a listing needed_files asks about
        files = {"/b/run/points/a": {}, "/b/run/other/b": {}, "/b/run/x": {}}
        dirs = {"/b/run": (["points", "other"], ["x"])}

        def is_file(self, p):
            return str(p) in self.files

        def is_dir(self, p):
            return str(p) in self.dirs

        def size(self, p):
            return 10

    assert needed_files(Tree(), "toy", "/b/run", ["/b/run/x"], {}) == ["/b/run/points/a", "/b/run/x"]


def test_an_mlflow_store_by_any_name_is_sniffed_by_content(tmp_path):
    db = tmp_path / "runs.sqlite"
    sqlite3.connect(db).execute("create table t (x)").connection.commit()
    assert R.sniff_file(db) == "mlflow-db"


def test_a_target_becomes_runs_one_way(tmp_path):
    """find_runs: what diagnose and compare turn a target into -- a missing path or an empty storage URL raises,
    the same in both (compare checked the URL after reading, diagnose before)."""
    import uuid

    from curvedoc.errors import LoadError
    from curvedoc.importers import find_runs, load_all

    with pytest.raises(LoadError, match="no such file or directory"):
        find_runs(tmp_path / "nope")
    with pytest.raises(LoadError, match="no such file or directory"):
        load_all(tmp_path / "nope", must_exist=True)
    assert load_all(tmp_path / "nope").problems[0].kind == "not-found"  # without must_exist: said, not raised
    assert find_runs(tmp_path).specs == []  # an empty folder exists: nothing found is not an error here
    (tmp_path / "m.csv").write_text("step,loss\n1,0.5\n2,0.4\n")
    # storage URLs need the storage extra; the README's test command installs only the test extras
    fsspec = pytest.importorskip("fsspec", reason="fsspec not installed: pip install '.[s3]'")
    assert [s.name for s in find_runs("file://" + str(tmp_path)).specs] == [tmp_path.name]
    name = f"reg-{uuid.uuid4().hex[:8]}"
    fsspec.filesystem("memory").pipe(f"/{name}/run/m.csv", b"step,loss\n1,0.5\n2,0.4\n")
    with pytest.raises(LoadError, match="no such object or prefix"):
        find_runs(f"memory://{name}/nothing-here")
    assert [s.format for s in find_runs(f"memory://{name}/run").specs] == ["csv"]
