"""A console that ends in an error before any training record is a run that crashed before its first metric
(said, as an MLflow run FAILED before its first metric is), not a file refused as 'no training metrics'."""

from __future__ import annotations

import pytest

import curvedoc
from curvedoc.errors import LoadError

_ENDINGS = {
    "python": ["Traceback (most recent call last):", '  File "train.py", line 42, in <module>',
               "    loader = make_loader(cfg)", "KeyError: 'train_split'"],
    "darknet": [" 105 conv     18       1 x 1/ 1    104 x 104 x 256 ->  104 x 104 x  18 0.100 BF", " 106 yolo",
                "Darknet error location: ./src/parser.c, parse_yolo(), line #458",
                "Error: l.outputs == params.inputs, filters= in the [convolutional]-layer doesn't correspond to classes=",
                "backtrace (10 entries)", "1/10: ./darknet(log_backtrace+0x38) [0x5c6c92b5a1f8]"],
    "interrupt": ["Traceback (most recent call last):", '  File "train.py", line 7, in <module>', "KeyboardInterrupt"],
}


@pytest.mark.parametrize("ending", list(_ENDINGS))
def test_a_console_that_errors_before_training_is_a_crashed_run(ending, tmp_path):
    head = ["Loading dataset from data/train ...", "Found 2,000 images in 10 classes", "Building model resnet18",
            "Using device: cuda"]
    (tmp_path / "train.log").write_text("\n".join(head + _ENDINGS[ending]) + "\n")
    rr = curvedoc.diagnose(str(tmp_path)).runs
    assert len(rr) == 1
    crashed = [f for f in rr[0].findings if f.name == "crashed-run"]
    assert crashed and crashed[0].severity in ("warning", "error"), [(f.name, f.message) for f in rr[0].findings]


def test_a_text_file_with_neither_metrics_nor_an_error_is_still_refused(tmp_path):
    p = tmp_path / "train.log"
    p.write_text("Loading dataset ...\nBuilding model\nDone.\n")
    with pytest.raises(LoadError):
        curvedoc.load(str(p))
