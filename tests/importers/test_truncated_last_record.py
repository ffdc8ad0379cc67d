"""A file left inside its last record by its writer lost that one record (info); a copy cut at a 4 KiB block
boundary may have lost more (warning). The importer says which, the damaged-log rule follows it."""

from __future__ import annotations

from pathlib import Path

import pytest
from _helpers import make_run, run_detector
from test_tfevents_corruption import DATA, _read

from curvedoc.importers._base import ImportIssue


@pytest.mark.parametrize("cut", [1, 7, 33])
def test_an_event_file_its_writer_left_inside_its_last_record_lost_one_record_as_info(cut, tmp_path: Path):
    data = DATA[:-cut]
    assert len(data) % 4096 != 0
    rd, err = _read(tmp_path, data)
    assert err is None
    issues = [i for i in rd.issues if i.kind == "truncated-record"]
    assert len(issues) == 1 and issues[0].severity == "info", rd.issues
    run = make_run(train_loss=[1.0, 0.9, 0.8], issues=issues)
    hits = run_detector("damaged-log", run)
    assert len(hits) == 1 and hits[0].severity == "info" and "last record" in hits[0].message


def test_an_event_file_cut_at_a_4_kib_boundary_is_a_copy_cut_short_and_warns(tmp_path: Path):
    data = DATA * (1 + 8192 // len(DATA))  # long enough to cut at 8 KiB inside a record
    data = data[:8192]
    rd, err = _read(tmp_path, data)
    assert err is None
    issues = [i for i in rd.issues if i.kind == "truncated-record"]
    assert len(issues) == 1 and issues[0].severity == "warning", rd.issues
    run = make_run(train_loss=[1.0, 0.9, 0.8], issues=issues)
    hits = run_detector("damaged-log", run)
    assert len(hits) == 1 and hits[0].severity is None


def test_damage_inside_a_file_or_several_records_still_warns():
    for issues in ([ImportIssue("corrupt-records", "2 records with a bad checksum", file="a", count=2)],
                   [ImportIssue("truncated-record", "cut", file="a", count=1, severity="info"),
                    ImportIssue("bad-rows", "3 rows", file="b", count=3)]):
        hits = run_detector("damaged-log", make_run(train_loss=[1.0, 0.9, 0.8], issues=issues))
        assert len(hits) == 1 and hits[0].severity is None, hits
