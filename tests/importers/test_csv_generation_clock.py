"""An evolutionary search's clock is its generation (NEAT, DEAP, evolution strategies write 'generation,best_fitness,
avg_fitness,..'): a CSV whose 'generation' counter starts again at 0 holds several searches appended to one file, as
one whose 'step' starts again does. The column was read as one more series, so ten searches appended to one
training_metrics.csv were one run (2026-12-23bo tobiaslaurent-neat-invaders, labelled restarted_run, seen)."""

from __future__ import annotations

import numpy as np
import pytest

from curvedoc.importers import load


@pytest.mark.parametrize("lengths", [(50, 10, 50), (30, 30), (49,)])
def test_a_generation_counter_that_starts_again_is_a_new_search(tmp_path, lengths):
    rng = np.random.default_rng(0)
    rows = ["generation,population_size,avg_fitness,best_fitness"]
    for n in lengths:
        for g in range(n):
            avg = 3.0 + 0.4 * g + rng.normal(0, 2)
            rows.append(f"{g},10,{avg:.3f},{avg + abs(rng.normal(5, 2)):.3f}")
    (tmp_path / "training_metrics.csv").write_text("\n".join(rows) + "\n")
    runs = load(tmp_path)
    assert len(runs) == len(lengths), [r.name for r in runs]
    assert all("generation" not in set(r.scalars["tag"].astype(str)) for r in runs)
