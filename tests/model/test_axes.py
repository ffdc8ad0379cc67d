"""The epoch-index placement's own arithmetic (curvedoc.model.axes); its effect on real logs is in
tests/detectors/test_unseen_families.py."""

from __future__ import annotations

import numpy as np
import pandas as pd

from curvedoc.model.axes import place_epoch_indexed
from curvedoc.model.run import make_frame


def test_each_tags_last_step_is_its_own_whatever_the_write_order_and_missing_tags():
    """The training clock is the last step of the densest series, taken per tag in one grouped max over the points
    (issue 41: numpy's, not a pandas groupby per frame): points written out of order, other tags' larger steps and
    rows without a tag (a NaN category, code -1) must not change it."""
    rng = np.random.default_rng(3)
    train = rng.permutation(np.arange(10, 1010, 10))  # 100 points, written shuffled, last step 1000
    tags = ["train/loss"] * 100 + ["val/loss"] * 10 + ["lr"] * 5
    steps = np.r_[train, np.arange(1, 11), [5, 10**9, 7, 8, 9]]  # 'lr' has too few points to be the clock
    frame = make_frame(tags, steps, np.ones(len(tags)))
    nan_row = make_frame(pd.Categorical([None], categories=frame["tag"].cat.categories), [10**12], [1.0])
    frame = pd.concat([frame, nan_row], ignore_index=True)
    assert frame["tag"].cat.codes.iloc[-1] == -1
    out, note = place_epoch_indexed(frame)
    assert note is not None and "training ran to step 1,000" in note.message and "step e x 100" in note.message
    val = out.loc[out["tag"] == "val/loss", "step"].to_numpy()
    assert val.tolist() == list(range(100, 1001, 100))
    assert out["step"].iloc[-1] == 10**12 and out.loc[out["tag"] == "lr", "step"].max() == 10**9
