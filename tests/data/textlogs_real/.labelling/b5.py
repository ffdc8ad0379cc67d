from lab import *
R = "adhoc-noprop-cifar100-every10-acc"
loss = grab(R, r"^Epoch (\d+) loss\s+([\d.]+) \| train", 1, 2)
acc = grab(R, r"^Epoch (\d+) loss\s+[\d.]+ \| train [\d.]+s \| Acc ([\d.]+)%", 1, 2)
label(R, "ad-hoc print in markdown, two runs (resnet18 stopped at 225, resnet50 to 1000) in fenced blocks", True, [], ["loss_spike", "plateau"],
      {"train_loss": ser(loss, "loss", "epoch (1-225, then 1-1000)"),
       "test_acc": ser(acc, "Acc (%), every 5th epoch on the same line", "epoch")},
      "NoProp (diffusion-style, no back-propagation) on CIFAR-100: '## cifar 100 resnet18 with 2048 batch' block 'Epoch 001 loss 75.60 | train 2.6s' ... every 5th line adds '| Acc a% | infer 4.4s' (run stops at 225), then '## cifar100 with resnet-50' 1000 epochs starting at loss ~4000 and a 'Final Heun multi-T eval' table. Acc 9% -> 47% (resnet18), 1% -> 38% (resnet50).")
