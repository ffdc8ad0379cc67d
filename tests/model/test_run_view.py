"""A Run is data; its reading (roles, metrics, families, derived series, memos) lives on a RunView (issue 40).

Nothing is written into a run from outside it: role overrides and a baseline make a view, the caller's run reads as
it did before a diagnosis or a comparison, and no cache or method can be attached to the class."""

from __future__ import annotations

import numpy as np
import pytest
from _helpers import make_run

import curvedoc
from curvedoc.model.run import Run, RunView, make_frame


def _loss_run(name="r"):
    n = 60
    x = np.linspace(0, 1, n)
    return make_run(name, **{"loss": 2.0 * np.exp(-3 * x) + 0.1, "aux/loss": np.linspace(3, 1, n),
                             "val_loss": 2.1 * np.exp(-3 * x) + 0.2})


def test_a_run_takes_no_attached_state():
    run = _loss_run()
    with pytest.raises(AttributeError):
        run._roles_cache = {}  # no __dict__: a cache cannot be put on a run from outside
    assert not hasattr(run, "__dict__")
    with pytest.raises(AttributeError):
        run.baseline = [run]  # a baseline is a view's
    assert not hasattr(run, "set_role_overrides")


def test_role_overrides_make_a_view_and_leave_the_run_as_it_was():
    run = _loss_run()
    assert run.roles["train_loss"] == "loss"
    view = RunView(run, roles={"train_loss": "aux/loss"})
    assert view.roles["train_loss"] == "aux/loss" and view.series("train_loss").iloc[0] == 3.0
    assert run.roles["train_loss"] == "loss" and run.series("train_loss").iloc[0] == pytest.approx(2.1)
    # the view reads the run's data, not a copy
    assert view.scalars is run.scalars and view.name == run.name and view.tags == run.tags
    assert isinstance(view, Run) and view.view() is view and run.view() is run.view()


def test_diagnose_with_roles_does_not_rewrite_the_callers_run():
    run = _loss_run()
    before = dict(run.roles)
    report = curvedoc.diagnose(run, roles={"train_loss": "aux/loss"})
    assert report.runs[0].roles["train_loss"] == "aux/loss"
    assert dict(run.roles) == before  # before issue 40 the engine set the overrides on the caller's run
    view = report.runs[0].run_obj
    assert isinstance(view, RunView) and view.run is run and view.roles["train_loss"] == "aux/loss"


def test_diagnose_without_overrides_reads_the_runs_own_view():
    run = _loss_run()
    report = curvedoc.diagnose(run)
    assert report.runs[0].run_obj is run.view()  # roles resolved once however often the run is diagnosed


def test_compare_attaches_the_baseline_to_a_view_not_to_the_runs():
    run, base = _loss_run("run"), _loss_run("base")
    report = curvedoc.compare(run, base)
    assert run.baseline is None and base.baseline is None
    view = report.runs[0].run_obj
    assert [b.name for b in view.baseline] == ["base"] and view.comparison is not None


def test_derived_series_live_on_the_view():
    n = 50
    st = np.arange(n)
    tags = ["train/box_loss"] * n + ["train/cls_loss"] * n
    vals = np.concatenate([np.linspace(2, 1, n), np.linspace(3, 1, n)])
    run = Run("parts", "csv", make_frame(tags, np.concatenate([st, st]), vals))
    name = run.roles["train_loss"]
    assert name.startswith("train loss = sum of 2 parts")
    assert name not in run.tags and len(run.series("train_loss")) == n
    np.testing.assert_allclose(run.series(name).to_numpy(), np.linspace(2, 1, n) + np.linspace(3, 1, n))
    # another view of the same run (an override) has no such series: it never reached the run
    other = RunView(run, roles={"train_loss": "train/cls_loss"})
    assert other.roles["train_loss"] == "train/cls_loss" and len(other.tag_series(name)) == 0


def test_memos_are_per_view():
    run = _loss_run()
    run.memo("x")["k"] = 1
    assert run.memo("x") == {"k": 1} and RunView(run).memo("x") == {}


def test_runs_views_and_reports_pickle():
    """A report keeps the view it was diagnosed through (run_obj): it pickles, as the Run it replaced did."""
    import pickle

    run = _loss_run()
    run.roles  # noqa: B018 - the run's own view exists: it is not pickled with the run, made again after
    again = pickle.loads(pickle.dumps(run))
    assert again.roles == run.roles and again.view().run is again and again.scalars.equals(run.scalars)
    view = RunView(run, roles={"train_loss": "aux/loss"}, baseline=[_loss_run("base")])
    view.memo("x")["k"] = 1
    back = pickle.loads(pickle.dumps(view))
    assert back.roles["train_loss"] == "aux/loss" and [b.name for b in back.baseline] == ["base"]
    report = curvedoc.diagnose(run, roles={"train_loss": "aux/loss"})
    assert pickle.loads(pickle.dumps(report)).runs[0].run_obj.roles["train_loss"] == "aux/loss"


def test_a_run_is_frozen_once_made_and_replace_makes_another():
    import pandas as pd
    import pytest as _pytest

    from curvedoc.model.run import Run, make_frame

    run = Run("a", "csv", make_frame(["loss"] * 3, [0, 1, 2], [3.0, 2.0, 1.0], None, None), meta={"k": 1},
              path="runs/a")
    for attr, value in (("name", "b"), ("path", None), ("issues", []), ("meta", {}), ("scalars", pd.DataFrame())):
        with _pytest.raises(AttributeError, match="frozen"):
            setattr(run, attr, value)
    other = run.replace(name="b", path="s3://bucket/runs/b")
    assert (other.name, str(other.path), run.name) == ("b", "s3://bucket/runs/b", "a")  # a URL kept as written
    assert other.scalars is run.scalars and other.meta == run.meta and other.meta is not run.meta
    with _pytest.raises(TypeError):
        run.replace(colour="red")


def test_frames_of_one_file_share_its_source_dtype_and_read_the_same():
    """make_frame builds the one-file source_file column from a dtype kept per file name (issue 41: building it per
    frame cost ten times the column): the column still reads the name on every row, with the categorical dtype a
    list of that one name gives, and frames of one file compare and concatenate as before."""
    import pandas as pd

    from curvedoc.model.run import concat_frames, make_frame

    a = make_frame(["loss"] * 3, [1, 2, 3], [1.0, 0.5, 0.25], source_file="logs/a.csv")
    b = make_frame(["loss"] * 2, [4, 5], [0.2, 0.1], source_file="logs/a.csv")
    c = make_frame(["loss"], [1], [1.0])
    assert a["source_file"].dtype is b["source_file"].dtype
    assert a["source_file"].dtype == pd.CategoricalDtype(["logs/a.csv"])
    assert list(a["source_file"]) == ["logs/a.csv"] * 3 and list(c["source_file"]) == [""]
    both = concat_frames([a, b])
    assert list(both["source_file"]) == ["logs/a.csv"] * 5 and list(both["step"]) == [1, 2, 3, 4, 5]
    # the column names come from one Index kept for every frame: each frame has them, in order, as its own
    from curvedoc.model.run import SCALAR_COLUMNS

    assert [list(f.columns) for f in (a, b, c, both)] == [list(SCALAR_COLUMNS)] * 4
    assert a.columns is not b.columns and a.columns.equals(pd.Index(SCALAR_COLUMNS))
    assert [str(t) for t in a.dtypes] == ["category", "int64", "float64", "float64", "category"]


def test_the_tag_index_reads_each_tags_points_from_its_own_frame():
    """tag_series / tag_values / tag_steps take a tag's rows from the frame's columns read once per frame (issue 41):
    each still gives that tag's points (sorted by step, the later write of a step winning, for tag_series; every write
    in order for the other two), and a run made with another frame reads that frame's."""
    import pandas as pd

    from curvedoc.model.run import Run, make_frame

    frame = make_frame(["a", "b", "a", "a", "b", "a"], [3, 1, 1, 3, 2, 2], [1.0, 10.0, 2.0, 3.0, 20.0, 4.0])
    run = Run("r", "csv", frame)
    s = run.tag_series("a")
    assert s.index.tolist() == [1, 2, 3] and s.tolist() == [2.0, 4.0, 3.0] and s.name == "a"
    assert run.tag_values("a").tolist() == [1.0, 2.0, 3.0, 4.0] and run.tag_steps("a").tolist() == [3, 1, 3, 2]
    assert run.tag_steps("b").tolist() == [1, 2] and run.tag_values("b").dtype == np.float64
    assert run.tag_values("zz").size == 0 and run.tag_steps("zz").size == 0 and run.tag_series("zz").empty
    other = run.replace(scalars=make_frame(["a", "a"], [5, 6], [7.0, 8.0]))
    assert other.tag_series("a").tolist() == [7.0, 8.0] and other.tag_steps("a").tolist() == [5, 6]
    assert other.tag_values("b").size == 0 and run.tag_values("a").tolist() == [1.0, 2.0, 3.0, 4.0]
    # a frame made without make_frame (plain strings, integer values) reads the same way
    plain = pd.DataFrame({"tag": ["x", "x"], "step": [2, 1], "value": [5, 6], "wall_time": [0.0, 0.0],
                          "source_file": ["", ""]})
    raw = Run("p", "csv", plain)
    assert raw.tag_series("x").tolist() == [6, 5] and raw.tag_values("x").tolist() == [5.0, 6.0]
    assert raw.tag_values("x").dtype == np.float64


def test_other_losses_are_worked_out_once_per_view(monkeypatch):
    """The coverage and two rules (damaged-log, underfitting) ask each run for its other losses: the view keeps the
    answer (issue 41), hands each caller its own list, and another view (other role overrides) works it out anew."""
    from curvedoc.model import roles as roles_mod
    from curvedoc.model.run import Run, RunView, make_frame

    n = 30
    tags = ["train/loss"] * n + ["train/loss_cls"] * n + ["val/loss"] * n + ["test/loss"] * n
    frame = make_frame(tags, np.tile(np.arange(n), 4), np.linspace(2.0, 1.0, 4 * n))
    run = Run("r", "csv", frame)
    calls = []
    real = roles_mod._other_losses
    monkeypatch.setattr(roles_mod, "_other_losses", lambda r: calls.append(r) or real(r))
    view = RunView(run)
    first = roles_mod.other_losses(view)
    first.append("scribbled")
    assert roles_mod.other_losses(view) == real(view) and "scribbled" not in roles_mod.other_losses(view)
    assert "test/loss" in real(view) and len(calls) == 1
    other = RunView(run, roles={"train_loss": "train/loss_cls"})
    assert roles_mod.other_losses(other) == real(other) != real(view) and len(calls) == 2
