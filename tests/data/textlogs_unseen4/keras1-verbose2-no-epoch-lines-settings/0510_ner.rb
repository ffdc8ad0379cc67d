Input:0.4,Cell Count:64,Size: 128,Recurrent:0.0
21s - loss: 2.5982 - val_acc: 0.3260
21s - loss: 2.1712 - val_acc: 0.4240
21s - loss: 1.9857 - val_acc: 0.4530
20s - loss: 1.9434 - val_acc: 0.4555
20s - loss: 1.8989 - val_acc: 0.4915
20s - loss: 1.8448 - val_acc: 0.5000
20s - loss: 1.8436 - val_acc: 0.4975
20s - loss: 1.8221 - val_acc: 0.5080
20s - loss: 1.8152 - val_acc: 0.5185
20s - loss: 1.7661 - val_acc: 0.5295
Input:0.4,Cell Count:64,Size: 128,Recurrent:0.2
22s - loss: 2.6147 - val_acc: 0.3505
22s - loss: 2.1804 - val_acc: 0.4425
22s - loss: 2.0853 - val_acc: 0.4365
22s - loss: 2.0452 - val_acc: 0.4555
22s - loss: 1.9644 - val_acc: 0.4710
22s - loss: 1.8788 - val_acc: 0.5020
22s - loss: 1.8569 - val_acc: 0.5030
22s - loss: 1.7858 - val_acc: 0.5165
22s - loss: 1.7488 - val_acc: 0.5380
22s - loss: 1.7792 - val_acc: 0.5390
Input:0.4,Cell Count:128,Size: 128,Recurrent:0.0
22s - loss: 2.4222 - val_acc: 0.3915
22s - loss: 2.1350 - val_acc: 0.4515
22s - loss: 1.9885 - val_acc: 0.4690
22s - loss: 1.8768 - val_acc: 0.4755
22s - loss: 1.8049 - val_acc: 0.4875
22s - loss: 1.7864 - val_acc: 0.5020
22s - loss: 1.7414 - val_acc: 0.5305
22s - loss: 1.7165 - val_acc: 0.5445
22s - loss: 1.7595 - val_acc: 0.5255
22s - loss: 1.7431 - val_acc: 0.5390
Input:0.4,Cell Count:128,Size: 128,Recurrent:0.2
24s - loss: 2.5733 - val_acc: 0.2975
24s - loss: 2.1510 - val_acc: 0.4520
24s - loss: 2.0390 - val_acc: 0.4570
24s - loss: 2.0384 - val_acc: 0.4465
24s - loss: 1.9273 - val_acc: 0.4645
24s - loss: 1.8287 - val_acc: 0.4970
24s - loss: 1.8148 - val_acc: 0.4910
24s - loss: 1.7523 - val_acc: 0.5365
24s - loss: 1.7645 - val_acc: 0.5260
24s - loss: 1.7460 - val_acc: 0.5205
Input:0.5,Cell Count:64,Size: 128,Recurrent:0.0
20s - loss: 2.4954 - val_acc: 0.3510
20s - loss: 2.1586 - val_acc: 0.4275
20s - loss: 2.0367 - val_acc: 0.4480
20s - loss: 1.9463 - val_acc: 0.4660
20s - loss: 1.9029 - val_acc: 0.4625
20s - loss: 1.8455 - val_acc: 0.4845
20s - loss: 1.7708 - val_acc: 0.5040
20s - loss: 1.8050 - val_acc: 0.5000
20s - loss: 1.7795 - val_acc: 0.5165
20s - loss: 1.7755 - val_acc: 0.5070
Input:0.5,Cell Count:64,Size: 128,Recurrent:0.2
22s - loss: 2.6759 - val_acc: 0.3110
22s - loss: 2.2518 - val_acc: 0.4370
22s - loss: 2.1007 - val_acc: 0.4525
22s - loss: 2.0497 - val_acc: 0.4535
22s - loss: 1.9911 - val_acc: 0.4640
22s - loss: 1.9050 - val_acc: 0.4895
22s - loss: 1.8923 - val_acc: 0.4970
22s - loss: 1.8109 - val_acc: 0.5165
22s - loss: 1.7939 - val_acc: 0.5235
22s - loss: 1.7532 - val_acc: 0.5295
Input:0.5,Cell Count:128,Size: 128,Recurrent:0.0
22s - loss: 2.3132 - val_acc: 0.3995
22s - loss: 2.0995 - val_acc: 0.4385
22s - loss: 1.9614 - val_acc: 0.4485
22s - loss: 1.8791 - val_acc: 0.4710
22s - loss: 1.9193 - val_acc: 0.4605
22s - loss: 1.7968 - val_acc: 0.5175
22s - loss: 1.7774 - val_acc: 0.5060
22s - loss: 1.6592 - val_acc: 0.5310
22s - loss: 1.7421 - val_acc: 0.5290
22s - loss: 1.6928 - val_acc: 0.5355
Input:0.5,Cell Count:128,Size: 128,Recurrent:0.2
24s - loss: 2.6681 - val_acc: 0.3360
24s - loss: 2.2208 - val_acc: 0.4295
24s - loss: 2.0745 - val_acc: 0.4420
24s - loss: 2.0055 - val_acc: 0.4630
24s - loss: 1.9155 - val_acc: 0.4800
24s - loss: 1.8986 - val_acc: 0.4745
24s - loss: 1.8089 - val_acc: 0.5005
24s - loss: 1.7370 - val_acc: 0.5295
24s - loss: 1.7147 - val_acc: 0.5330
24s - loss: 1.6999 - val_acc: 0.5395