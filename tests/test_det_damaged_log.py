from _helpers import make_run, run_detector

from curvedoc.model.run import ImportIssue


def test_fires_on_truncated_record():
    run = make_run(train_loss=[1.0, 0.9],
                   issues=[ImportIssue("truncated-record", "truncated last record (7 trailing bytes)", file="a", count=1)])
    hits = run_detector("damaged-log", run)
    assert len(hits) == 1 and hits[0].evidence["skipped"] == 1 and "truncated" in hits[0].message


def test_counts_all_damage_and_respects_threshold():
    issues = [ImportIssue("corrupt-records", "3 records skipped at byte 2000", file="a", count=3),
              ImportIssue("bad-rows", "1 half-written line", file="b", count=1)]
    hits = run_detector("damaged-log", make_run(train_loss=[1.0], issues=issues))
    assert hits[0].evidence == {"skipped": 4, "files": 2}
    assert run_detector("damaged-log", make_run(train_loss=[1.0], issues=issues), min_skipped=10) == []
    assert run_detector("damaged-log", make_run(train_loss=[1.0])) == []
