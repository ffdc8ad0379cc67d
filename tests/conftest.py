"""Settings of the test processes themselves (not of curvedoc).

The suite runs one pytest-xdist worker per core. Left alone, torch (the trainings of tests/test_integrations.py,
tests/test_live_agreement.py...) and numpy's OpenBLAS each start a thread per core in every worker, and their
threads spin-wait for one another: on this project's 2-core machine a tiny MLP's backward pass took ~78 ms a step
instead of a few, and the Keras healthy-run test 21.7 s of CPU instead of 7.4 s. The models and matrices the tests
use are far too small to gain from intra-op threads, so each worker (and every process it starts, which inherits
the environment) uses one. Set here, before anything imports numpy or torch; a value already set is kept.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
