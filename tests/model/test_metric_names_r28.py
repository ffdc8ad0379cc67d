"""Metric names of the twenty-eighth round (2027-01-04cj Ludwig runs, and Keras' own metric names): a regression
error spelt out -- 'mean_absolute_error', 'root_mean_squared_error', 'mean_squared_logarithmic_error', Keras' and
scikit-learn's names -- is its abbreviation, an error in the target's units (lower is better, no rate); its last word
alone, 'error', made it a classification error rate in [0, 1]."""

from __future__ import annotations

import pytest

from curvedoc.model.metrics import classify


@pytest.mark.parametrize("tag,kind", [("mean_absolute_error", "mae"), ("val_mean_absolute_error", "mae"),
                                      ("mean_squared_error", "mse"), ("root_mean_squared_error", "rmse"),
                                      ("val_root_mean_squared_error", "rmse"),
                                      ("mean_absolute_percentage_error", "mape"),
                                      ("mean_squared_logarithmic_error", "msle"),
                                      ("validation/Consumption/mean_absolute_error", "mae"),
                                      ("MeanAbsoluteError", "mae")])
def test_a_spelt_out_regression_error_is_its_abbreviation(tag, kind):
    c = classify(tag)
    assert c is not None and c[0] == kind and c[1] is False and c[3] is False, c


@pytest.mark.parametrize("tag", ["error", "val_error", "top1_error", "mean_error"])
def test_an_error_rate_stays_one(tag):
    c = classify(tag)
    assert c is not None and c[0] == "error" and c[3] is True, c
