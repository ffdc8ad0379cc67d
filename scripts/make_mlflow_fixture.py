"""Write tests/data/mlflow_real with the real mlflow client (issue 13: a fixture written by the mlflow package itself).

Two runs (a healthy MLP-like curve and one that overfits from step 25, with a NaN val_loss at the end) logged to an
MLflow SQLite store and to a file store. Made with mlflow-skinny 3.17.2 + sqlalchemy + alembic:

    python3 -m venv /tmp/mlv && /tmp/mlv/bin/pip install mlflow-skinny sqlalchemy alembic
    cd tests/data/mlflow_real && /tmp/mlv/bin/python ../../../scripts/make_mlflow_fixture.py sqlite:///mlflow.db
    MLFLOW_ALLOW_FILE_STORE=true /tmp/mlv/bin/python ../../../scripts/make_mlflow_fixture.py file:./mlruns
"""

import math, mlflow, sys
uri = sys.argv[1]
mlflow.set_tracking_uri(uri)
mlflow.set_experiment("curvedoc-fixture")
# a healthy run and an overfitting one, logged by the real mlflow client
for name, overfit in (("healthy-mlp", False), ("overfit-mlp", True)):
    with mlflow.start_run(run_name=name):
        mlflow.log_params({"lr": 0.01, "batch_size": 32, "epochs": 60})
        for step in range(60):
            tr = 2.3 * math.exp(-step / 12) + 0.05
            va = 2.3 * math.exp(-step / 12) + 0.15 + (0.02 * max(0, step - 25) if overfit else 0)
            mlflow.log_metrics({"train_loss": tr, "val_loss": va, "lr": 0.01}, step=step)
            if step % 10 == 0:
                mlflow.log_metric("val_accuracy", min(0.95, 0.1 + step / 60), step=step)
        if overfit:
            mlflow.log_metric("val_loss", float("nan"), step=60)
