import sys, torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L
from lightning.pytorch.cli import LightningCLI

class Net(L.LightningModule):
    def __init__(self, hidden: int = 32, lr: float = 0.01):
        super().__init__(); self.save_hyperparameters()
        self.m = nn.Sequential(nn.Linear(8, hidden), nn.ReLU(), nn.Linear(hidden, 3))
    def training_step(self, b, i):
        x, y = b; loss = nn.functional.cross_entropy(self.m(x), y); self.log("train_loss", loss); return loss
    def validation_step(self, b, i):
        x, y = b; out = self.m(x); self.log("val_loss", nn.functional.cross_entropy(out, y))
        self.log("val_acc", (out.argmax(1) == y).float().mean())
    def configure_optimizers(self): return torch.optim.Adam(self.parameters(), lr=self.hparams.lr)
    def on_train_epoch_end(self):
        if self.current_epoch == 3: raise KeyboardInterrupt  # the job stopped by hand at epoch 4 of its plan

class Data(L.LightningDataModule):
    def __init__(self, n: int = 512):
        super().__init__(); g = torch.Generator().manual_seed(0)
        self.x = torch.randn(n, 8, generator=g); self.y = (self.x[:, 0] > 0).long() + (self.x[:, 1] > 0.5).long()
    def train_dataloader(self): return DataLoader(TensorDataset(self.x, self.y), batch_size=32, shuffle=True)
    def val_dataloader(self): return DataLoader(TensorDataset(self.x[:128], self.y[:128]), batch_size=64)

if __name__ == "__main__":
    torch.manual_seed(0)
    LightningCLI(Net, Data)
