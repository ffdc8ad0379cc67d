"""A Lightning training in several processes on CPU (DDP over gloo), with curvedoc's callback: run as a script by
tests/integrations/test_lightning_ddp.py (Lightning's DDP launcher starts the other ranks by running this file again).

    python tests/integrations/_ddp_lightning.py LR OUT_DIR [DEVICES]

Each rank writes OUT_DIR/rank<r>.json: what its callback recorded and found, whether it stopped, at which step."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]  # its room, tests/

import torch  # noqa: E402
import lightning as L  # noqa: E402
from lightning.pytorch.loggers import CSVLogger  # noqa: E402
from test_live_agreement import BATCH, N_TRAIN, digits_like  # noqa: E402

from curvedoc.integrations.lightning import CurvedocCallback  # noqa: E402


class Module(L.LightningModule):
    def __init__(self, lr: float):
        super().__init__()
        self.save_hyperparameters()
        self.net = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 10))

    def training_step(self, batch, batch_idx):
        loss = torch.nn.functional.cross_entropy(self.net(batch[0]), batch[1])
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch, batch_idx):
        self.log("val_loss", torch.nn.functional.cross_entropy(self.net(batch[0]), batch[1]), sync_dist=True)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=self.hparams.lr)


def main() -> None:
    lr, out = float(sys.argv[1]), Path(sys.argv[2])
    devices = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    torch.manual_seed(0)
    x, y = digits_like(0)

    def loader(a, b, shuffle):
        ds = torch.utils.data.TensorDataset(torch.from_numpy(a), torch.from_numpy(b))
        return torch.utils.data.DataLoader(ds, batch_size=BATCH, shuffle=shuffle)

    cb = CurvedocCallback(every=10, stop_on="warning")
    trainer = L.Trainer(max_epochs=3, strategy="ddp" if devices > 1 else "auto", accelerator="cpu", devices=devices,
                        logger=CSVLogger(str(out / "pl"), name="", version=""), enable_checkpointing=False,
                        enable_progress_bar=False, enable_model_summary=False, log_every_n_steps=1,
                        num_sanity_val_steps=0, callbacks=[cb])
    trainer.fit(Module(lr), loader(x[:N_TRAIN], y[:N_TRAIN], True), loader(x[N_TRAIN:], y[N_TRAIN:], False))
    d = cb.diagnosis
    (out / f"rank{trainer.global_rank}.json").write_text(json.dumps({
        "rank": trainer.global_rank, "world": trainer.world_size, "points": d.live.points, "tags": d.live.tags,
        "findings": [f.code for f in d.findings],
        "loss": d.live.snapshot().tag_series("train_loss").tolist() if d.live.points else [], "stop": d.stop_reason.code if d.stop_reason is not None else None,
        "should_stop": bool(trainer.should_stop), "global_step": int(trainer.global_step),
        "max_steps": int(trainer.num_training_batches * trainer.max_epochs)}))


if __name__ == "__main__":
    main()
