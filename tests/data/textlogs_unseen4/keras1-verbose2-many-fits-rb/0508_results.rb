Building and compiling model ...
------------- Model compiled in 3.91s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')
('Multi-layer: True', 'Drop Recurrent: 0.0', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
67s - loss: 2.4808 - acc: 0.2275 - val_loss: 2.1192 - val_acc: 0.4365
Epoch 2/15
64s - loss: 1.7988 - acc: 0.4308 - val_loss: 1.9340 - val_acc: 0.4770
Epoch 3/15
64s - loss: 1.4631 - acc: 0.5405 - val_loss: 1.9335 - val_acc: 0.4755
Epoch 4/15
65s - loss: 1.1503 - acc: 0.6539 - val_loss: 1.8343 - val_acc: 0.5055
Epoch 5/15
65s - loss: 0.8868 - acc: 0.7420 - val_loss: 1.8950 - val_acc: 0.5250
Epoch 6/15
65s - loss: 0.7165 - acc: 0.7940 - val_loss: 2.0127 - val_acc: 0.4945
Epoch 7/15
65s - loss: 0.5740 - acc: 0.8361 - val_loss: 2.1347 - val_acc: 0.5000
Epoch 8/15
65s - loss: 0.4883 - acc: 0.8585 - val_loss: 2.1612 - val_acc: 0.4865
Epoch 9/15
65s - loss: 0.4177 - acc: 0.8770 - val_loss: 2.1366 - val_acc: 0.4820
Epoch 10/15
65s - loss: 0.3645 - acc: 0.8954 - val_loss: 2.2813 - val_acc: 0.4845
Epoch 11/15
65s - loss: 0.3245 - acc: 0.9081 - val_loss: 2.4166 - val_acc: 0.4920
Epoch 12/15
65s - loss: 0.2796 - acc: 0.9224 - val_loss: 2.4243 - val_acc: 0.4850
Epoch 13/15
65s - loss: 0.2786 - acc: 0.9207 - val_loss: 2.4975 - val_acc: 0.4715
Epoch 14/15
65s - loss: 0.2478 - acc: 0.9286 - val_loss: 2.4340 - val_acc: 0.4970
Epoch 15/15
65s - loss: 0.2275 - acc: 0.9353 - val_loss: 2.4622 - val_acc: 0.4890
 
Building and compiling model ...
------------- Model compiled in 2.54s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')
('Multi-layer: True', 'Drop Recurrent: 0.0', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
72s - loss: 2.6021 - acc: 0.1944 - val_loss: 2.5605 - val_acc: 0.2680
Epoch 2/15
72s - loss: 2.0585 - acc: 0.3744 - val_loss: 2.0428 - val_acc: 0.4470
Epoch 3/15
72s - loss: 1.7710 - acc: 0.4622 - val_loss: 1.9662 - val_acc: 0.4380
Epoch 4/15
73s - loss: 1.5662 - acc: 0.5238 - val_loss: 1.9259 - val_acc: 0.4690
Epoch 5/15
89s - loss: 1.4234 - acc: 0.5689 - val_loss: 1.8936 - val_acc: 0.4835
Epoch 6/15
4977s - loss: 1.3050 - acc: 0.6120 - val_loss: 1.8223 - val_acc: 0.5025
Epoch 7/15
76s - loss: 1.1953 - acc: 0.6502 - val_loss: 1.8569 - val_acc: 0.5030
Epoch 8/15
76s - loss: 1.1029 - acc: 0.6783 - val_loss: 1.7821 - val_acc: 0.5245
Epoch 9/15
74s - loss: 1.0057 - acc: 0.7051 - val_loss: 1.8419 - val_acc: 0.5205
Epoch 10/15
73s - loss: 0.9120 - acc: 0.7351 - val_loss: 1.7706 - val_acc: 0.5300
Epoch 11/15
73s - loss: 0.8376 - acc: 0.7571 - val_loss: 1.8589 - val_acc: 0.5230
Epoch 12/15
73s - loss: 0.7706 - acc: 0.7760 - val_loss: 1.8566 - val_acc: 0.5210
Epoch 13/15
73s - loss: 0.7063 - acc: 0.7914 - val_loss: 1.8762 - val_acc: 0.5220
Epoch 14/15
73s - loss: 0.6437 - acc: 0.8124 - val_loss: 1.9020 - val_acc: 0.5065
Epoch 15/15
73s - loss: 0.6095 - acc: 0.8204 - val_loss: 1.9315 - val_acc: 0.5245
 
Building and compiling model ...
------------- Model compiled in 4.30s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')
('Multi-layer: True', 'Drop Recurrent: 0.2', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
67s - loss: 2.6877 - acc: 0.1557 - val_loss: 2.5973 - val_acc: 0.3280
Epoch 2/15
68s - loss: 2.1087 - acc: 0.3577 - val_loss: 2.0519 - val_acc: 0.4770
Epoch 3/15
67s - loss: 1.7080 - acc: 0.4881 - val_loss: 1.9896 - val_acc: 0.4640
Epoch 4/15
68s - loss: 1.4011 - acc: 0.5836 - val_loss: 1.8742 - val_acc: 0.4885
Epoch 5/15
68s - loss: 1.1635 - acc: 0.6606 - val_loss: 1.9781 - val_acc: 0.4700
Epoch 6/15
68s - loss: 0.9812 - acc: 0.7166 - val_loss: 1.9993 - val_acc: 0.5040
Epoch 7/15
68s - loss: 0.8270 - acc: 0.7619 - val_loss: 2.0209 - val_acc: 0.5125
Epoch 8/15
68s - loss: 0.7491 - acc: 0.7817 - val_loss: 2.0940 - val_acc: 0.4970
Epoch 9/15
69s - loss: 0.6404 - acc: 0.8154 - val_loss: 2.1978 - val_acc: 0.4925
Epoch 10/15
68s - loss: 0.5555 - acc: 0.8382 - val_loss: 2.2050 - val_acc: 0.5035
Epoch 11/15
68s - loss: 0.4870 - acc: 0.8586 - val_loss: 2.2918 - val_acc: 0.5060
Epoch 12/15
68s - loss: 0.4510 - acc: 0.8690 - val_loss: 2.3032 - val_acc: 0.5140
Epoch 13/15
79s - loss: 0.3998 - acc: 0.8820 - val_loss: 2.3546 - val_acc: 0.5080
Epoch 14/15
79s - loss: 0.3589 - acc: 0.8959 - val_loss: 2.4540 - val_acc: 0.5060
Epoch 15/15
79s - loss: 0.3455 - acc: 0.9031 - val_loss: 2.4912 - val_acc: 0.5020
 
Building and compiling model ...
------------- Model compiled in 3.22s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')
('Multi-layer: True', 'Drop Recurrent: 0.2', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
85s - loss: 2.7298 - acc: 0.1325 - val_loss: 2.8822 - val_acc: 0.1975
Epoch 2/15
85s - loss: 2.5333 - acc: 0.2177 - val_loss: 2.3077 - val_acc: 0.4070
Epoch 3/15
85s - loss: 2.1752 - acc: 0.3412 - val_loss: 2.1932 - val_acc: 0.4170
Epoch 4/15
85s - loss: 1.9718 - acc: 0.3969 - val_loss: 2.0327 - val_acc: 0.4620
Epoch 5/15
85s - loss: 1.8221 - acc: 0.4360 - val_loss: 1.9591 - val_acc: 0.4595
Epoch 6/15
85s - loss: 1.6669 - acc: 0.4849 - val_loss: 1.9770 - val_acc: 0.4625
Epoch 7/15
85s - loss: 1.5372 - acc: 0.5284 - val_loss: 1.9075 - val_acc: 0.4805
Epoch 8/15
86s - loss: 1.4230 - acc: 0.5687 - val_loss: 1.8159 - val_acc: 0.5160
Epoch 9/15
85s - loss: 1.3103 - acc: 0.6095 - val_loss: 1.8288 - val_acc: 0.5150
Epoch 10/15
85s - loss: 1.2235 - acc: 0.6337 - val_loss: 1.8409 - val_acc: 0.5200
Epoch 11/15
85s - loss: 1.1149 - acc: 0.6759 - val_loss: 1.7987 - val_acc: 0.5360
Epoch 12/15
85s - loss: 1.0414 - acc: 0.6929 - val_loss: 1.8392 - val_acc: 0.5295
Epoch 13/15
85s - loss: 0.9798 - acc: 0.7099 - val_loss: 1.8880 - val_acc: 0.5345
Epoch 14/15
85s - loss: 0.9123 - acc: 0.7335 - val_loss: 1.8221 - val_acc: 0.5335
Epoch 15/15
86s - loss: 0.8514 - acc: 0.7475 - val_loss: 1.8782 - val_acc: 0.5275
 
Building and compiling model ...
------------- Model compiled in 1.25s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')
('Multi-layer: False', 'Drop Recurrent: 0.0', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
48s - loss: 2.4882 - acc: 0.2452 - val_loss: 2.2214 - val_acc: 0.4360
Epoch 2/15
48s - loss: 1.9012 - acc: 0.4301 - val_loss: 1.9513 - val_acc: 0.4590
Epoch 3/15
47s - loss: 1.4482 - acc: 0.5784 - val_loss: 1.9040 - val_acc: 0.4675
Epoch 4/15
49s - loss: 1.1253 - acc: 0.6776 - val_loss: 1.8208 - val_acc: 0.5080
Epoch 5/15
50s - loss: 0.8664 - acc: 0.7538 - val_loss: 1.8804 - val_acc: 0.4950
Epoch 6/15
50s - loss: 0.6895 - acc: 0.8077 - val_loss: 1.9364 - val_acc: 0.4985
Epoch 7/15
49s - loss: 0.5628 - acc: 0.8475 - val_loss: 2.0365 - val_acc: 0.5105
Epoch 8/15
49s - loss: 0.4520 - acc: 0.8783 - val_loss: 2.1784 - val_acc: 0.5175
Epoch 9/15
48s - loss: 0.3854 - acc: 0.8979 - val_loss: 2.2972 - val_acc: 0.5080
Epoch 10/15
49s - loss: 0.3462 - acc: 0.9073 - val_loss: 2.2026 - val_acc: 0.5165
Epoch 11/15
50s - loss: 0.2824 - acc: 0.9239 - val_loss: 2.3367 - val_acc: 0.5255
Epoch 12/15
49s - loss: 0.2641 - acc: 0.9303 - val_loss: 2.3825 - val_acc: 0.5175
Epoch 13/15
49s - loss: 0.2379 - acc: 0.9366 - val_loss: 2.3650 - val_acc: 0.5375
Epoch 14/15
49s - loss: 0.2122 - acc: 0.9457 - val_loss: 2.5110 - val_acc: 0.4995
Epoch 15/15
49s - loss: 0.1891 - acc: 0.9500 - val_loss: 2.6053 - val_acc: 0.5070
 
Building and compiling model ...
------------- Model compiled in 1.35s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')
('Multi-layer: False', 'Drop Recurrent: 0.0', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
47s - loss: 2.6932 - acc: 0.1568 - val_loss: 2.7159 - val_acc: 0.3010
Epoch 2/15
47s - loss: 2.3513 - acc: 0.2940 - val_loss: 2.3584 - val_acc: 0.4015
Epoch 3/15
47s - loss: 2.0316 - acc: 0.3795 - val_loss: 2.0792 - val_acc: 0.4430
Epoch 4/15
47s - loss: 1.8161 - acc: 0.4499 - val_loss: 1.9410 - val_acc: 0.4650
Epoch 5/15
47s - loss: 1.6510 - acc: 0.4974 - val_loss: 1.8829 - val_acc: 0.4875
Epoch 6/15
47s - loss: 1.4750 - acc: 0.5616 - val_loss: 1.7994 - val_acc: 0.5115
Epoch 7/15
48s - loss: 1.3158 - acc: 0.6202 - val_loss: 1.7773 - val_acc: 0.5175
Epoch 8/15
48s - loss: 1.1706 - acc: 0.6567 - val_loss: 1.8059 - val_acc: 0.5270
Epoch 9/15
47s - loss: 1.0571 - acc: 0.6919 - val_loss: 1.7808 - val_acc: 0.5290
Epoch 10/15
47s - loss: 0.9497 - acc: 0.7266 - val_loss: 1.8725 - val_acc: 0.5135
Epoch 11/15
47s - loss: 0.8589 - acc: 0.7530 - val_loss: 1.7807 - val_acc: 0.5495
Epoch 12/15
48s - loss: 0.7891 - acc: 0.7734 - val_loss: 1.8194 - val_acc: 0.5265
Epoch 13/15
48s - loss: 0.7142 - acc: 0.7947 - val_loss: 1.8481 - val_acc: 0.5310
Epoch 14/15
47s - loss: 0.6634 - acc: 0.8060 - val_loss: 1.8407 - val_acc: 0.5595
Epoch 15/15
48s - loss: 0.5947 - acc: 0.8271 - val_loss: 1.9541 - val_acc: 0.5375
 
Building and compiling model ...
------------- Model compiled in 1.67s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')
('Multi-layer: False', 'Drop Recurrent: 0.2', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
48s - loss: 2.7145 - acc: 0.1545 - val_loss: 2.5655 - val_acc: 0.2820
Epoch 2/15
44s - loss: 2.1805 - acc: 0.3454 - val_loss: 2.1146 - val_acc: 0.4115
Epoch 3/15
41s - loss: 1.7891 - acc: 0.4665 - val_loss: 1.9588 - val_acc: 0.4445
Epoch 4/15
42s - loss: 1.4185 - acc: 0.5901 - val_loss: 1.8714 - val_acc: 0.4980
Epoch 5/15
42s - loss: 1.1512 - acc: 0.6701 - val_loss: 1.9473 - val_acc: 0.5070
Epoch 6/15
42s - loss: 0.9119 - acc: 0.7419 - val_loss: 1.8845 - val_acc: 0.5225
Epoch 7/15
42s - loss: 0.7628 - acc: 0.7897 - val_loss: 1.9765 - val_acc: 0.5245
Epoch 8/15
42s - loss: 0.6098 - acc: 0.8359 - val_loss: 1.9971 - val_acc: 0.5180
Epoch 9/15
42s - loss: 0.5041 - acc: 0.8674 - val_loss: 2.1154 - val_acc: 0.5235
Epoch 10/15
42s - loss: 0.4157 - acc: 0.8890 - val_loss: 2.1687 - val_acc: 0.5120
Epoch 11/15
42s - loss: 0.3627 - acc: 0.9035 - val_loss: 2.2126 - val_acc: 0.5210
Epoch 12/15
42s - loss: 0.2920 - acc: 0.9193 - val_loss: 2.2812 - val_acc: 0.5245
Epoch 13/15
42s - loss: 0.2530 - acc: 0.9331 - val_loss: 2.4039 - val_acc: 0.5275
Epoch 14/15
42s - loss: 0.2255 - acc: 0.9406 - val_loss: 2.4098 - val_acc: 0.5310
Epoch 15/15
42s - loss: 0.2011 - acc: 0.9456 - val_loss: 2.4836 - val_acc: 0.5150
 
Building and compiling model ...
------------- Model compiled in 1.37s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 64')
('Multi-layer: False', 'Drop Recurrent: 0.2', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
41s - loss: 2.7199 - acc: 0.1515 - val_loss: 2.8198 - val_acc: 0.2800
Epoch 2/15
41s - loss: 2.5111 - acc: 0.2349 - val_loss: 2.4533 - val_acc: 0.3615
Epoch 3/15
42s - loss: 2.2404 - acc: 0.3217 - val_loss: 2.2888 - val_acc: 0.4305
Epoch 4/15
42s - loss: 2.0514 - acc: 0.3760 - val_loss: 2.0903 - val_acc: 0.4480
Epoch 5/15
42s - loss: 1.9267 - acc: 0.4029 - val_loss: 2.0859 - val_acc: 0.4385
Epoch 6/15
42s - loss: 1.8056 - acc: 0.4444 - val_loss: 2.0016 - val_acc: 0.4605
Epoch 7/15
41s - loss: 1.6928 - acc: 0.4834 - val_loss: 1.9198 - val_acc: 0.4865
Epoch 8/15
42s - loss: 1.5836 - acc: 0.5189 - val_loss: 1.9240 - val_acc: 0.4820
Epoch 9/15
41s - loss: 1.4744 - acc: 0.5601 - val_loss: 1.8626 - val_acc: 0.5065
Epoch 10/15
41s - loss: 1.3443 - acc: 0.6014 - val_loss: 1.8832 - val_acc: 0.5065
Epoch 11/15
42s - loss: 1.2597 - acc: 0.6279 - val_loss: 1.8278 - val_acc: 0.5165
Epoch 12/15
42s - loss: 1.1747 - acc: 0.6624 - val_loss: 1.7429 - val_acc: 0.5390
Epoch 13/15
42s - loss: 1.0543 - acc: 0.6914 - val_loss: 1.8413 - val_acc: 0.5330
Epoch 14/15
41s - loss: 1.0101 - acc: 0.7096 - val_loss: 1.7683 - val_acc: 0.5480
Epoch 15/15
41s - loss: 0.9345 - acc: 0.7277 - val_loss: 1.7784 - val_acc: 0.5470
 
Building and compiling model ...
------------- Model compiled in 2.36s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 128')
('Multi-layer: True', 'Drop Recurrent: 0.0', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
134s - loss: 2.4826 - acc: 0.2384 - val_loss: 2.5973 - val_acc: 0.2980
Epoch 2/15
134s - loss: 1.8070 - acc: 0.4549 - val_loss: 1.8942 - val_acc: 0.4765
Epoch 3/15
134s - loss: 1.3729 - acc: 0.5955 - val_loss: 1.8293 - val_acc: 0.4905
Epoch 4/15
134s - loss: 1.0847 - acc: 0.6873 - val_loss: 1.8132 - val_acc: 0.5160
Epoch 5/15
135s - loss: 0.8664 - acc: 0.7475 - val_loss: 1.8278 - val_acc: 0.5210
Epoch 6/15
135s - loss: 0.7102 - acc: 0.7955 - val_loss: 1.8769 - val_acc: 0.5375
Epoch 7/15
135s - loss: 0.5901 - acc: 0.8270 - val_loss: 2.0046 - val_acc: 0.5000
Epoch 8/15
136s - loss: 0.4792 - acc: 0.8578 - val_loss: 2.0437 - val_acc: 0.5330
Epoch 9/15
136s - loss: 0.4220 - acc: 0.8760 - val_loss: 2.1128 - val_acc: 0.5220
Epoch 10/15
137s - loss: 0.3653 - acc: 0.8942 - val_loss: 2.2130 - val_acc: 0.4860
Epoch 11/15
135s - loss: 0.3117 - acc: 0.9040 - val_loss: 2.2176 - val_acc: 0.5305
Epoch 12/15
136s - loss: 0.3009 - acc: 0.9108 - val_loss: 2.1818 - val_acc: 0.5215
Epoch 13/15
136s - loss: 0.2578 - acc: 0.9245 - val_loss: 2.3691 - val_acc: 0.5130
Epoch 14/15
136s - loss: 0.2371 - acc: 0.9324 - val_loss: 2.4484 - val_acc: 0.5040
Epoch 15/15
136s - loss: 0.2219 - acc: 0.9363 - val_loss: 2.3210 - val_acc: 0.5175
 
Building and compiling model ...
------------- Model compiled in 3.14s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 128')
('Multi-layer: True', 'Drop Recurrent: 0.0', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
140s - loss: 2.5242 - acc: 0.2142 - val_loss: 2.2531 - val_acc: 0.3655
Epoch 2/15
140s - loss: 1.9781 - acc: 0.3942 - val_loss: 2.0344 - val_acc: 0.4460
Epoch 3/15
140s - loss: 1.7014 - acc: 0.4808 - val_loss: 2.0166 - val_acc: 0.4275
Epoch 4/15
141s - loss: 1.4921 - acc: 0.5539 - val_loss: 1.7911 - val_acc: 0.5055
Epoch 5/15
143s - loss: 1.3283 - acc: 0.6043 - val_loss: 1.7514 - val_acc: 0.5050
Epoch 6/15
145s - loss: 1.1962 - acc: 0.6442 - val_loss: 1.7274 - val_acc: 0.5215
Epoch 7/15
144s - loss: 1.0834 - acc: 0.6794 - val_loss: 1.8227 - val_acc: 0.5210
Epoch 8/15
144s - loss: 0.9788 - acc: 0.7049 - val_loss: 1.7671 - val_acc: 0.5100
Epoch 9/15
142s - loss: 0.8871 - acc: 0.7389 - val_loss: 1.8023 - val_acc: 0.5315
Epoch 10/15
143s - loss: 0.7819 - acc: 0.7671 - val_loss: 1.8338 - val_acc: 0.5135
Epoch 11/15
143s - loss: 0.6919 - acc: 0.7967 - val_loss: 1.8700 - val_acc: 0.5290
Epoch 12/15
143s - loss: 0.6512 - acc: 0.8070 - val_loss: 1.8408 - val_acc: 0.5275
Epoch 13/15
143s - loss: 0.6044 - acc: 0.8184 - val_loss: 1.8987 - val_acc: 0.5235
Epoch 14/15
143s - loss: 0.5304 - acc: 0.8424 - val_loss: 1.9830 - val_acc: 0.5315
Epoch 15/15
143s - loss: 0.4881 - acc: 0.8535 - val_loss: 2.0021 - val_acc: 0.5300
 
Building and compiling model ...
------------- Model compiled in 3.16s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 128')
('Multi-layer: True', 'Drop Recurrent: 0.2', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
155s - loss: 2.6143 - acc: 0.1835 - val_loss: 2.4172 - val_acc: 0.2885
Epoch 2/15
158s - loss: 1.9860 - acc: 0.3870 - val_loss: 1.9975 - val_acc: 0.4545
Epoch 3/15
159s - loss: 1.6389 - acc: 0.4844 - val_loss: 1.9472 - val_acc: 0.4745
Epoch 4/15
158s - loss: 1.3723 - acc: 0.5751 - val_loss: 1.8698 - val_acc: 0.4925
Epoch 5/15
158s - loss: 1.1092 - acc: 0.6723 - val_loss: 1.8158 - val_acc: 0.5195
Epoch 6/15
161s - loss: 0.9239 - acc: 0.7250 - val_loss: 1.8578 - val_acc: 0.5135
Epoch 7/15
159s - loss: 0.7553 - acc: 0.7780 - val_loss: 1.9533 - val_acc: 0.5225
Epoch 8/15
160s - loss: 0.6403 - acc: 0.8043 - val_loss: 1.9037 - val_acc: 0.5175
Epoch 9/15
149s - loss: 0.5621 - acc: 0.8361 - val_loss: 1.9988 - val_acc: 0.5160
Epoch 10/15
148s - loss: 0.4977 - acc: 0.8562 - val_loss: 2.0568 - val_acc: 0.5145
Epoch 11/15
150s - loss: 0.4387 - acc: 0.8709 - val_loss: 2.2199 - val_acc: 0.5095
Epoch 12/15
160s - loss: 0.4115 - acc: 0.8824 - val_loss: 2.1299 - val_acc: 0.5225
Epoch 13/15
147s - loss: 0.3369 - acc: 0.9030 - val_loss: 2.1104 - val_acc: 0.5290
Epoch 14/15
149s - loss: 0.3150 - acc: 0.9079 - val_loss: 2.2054 - val_acc: 0.5150
Epoch 15/15
146s - loss: 0.2891 - acc: 0.9166 - val_loss: 2.2149 - val_acc: 0.5190
 
Building and compiling model ...
------------- Model compiled in 3.90s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 128')
('Multi-layer: True', 'Drop Recurrent: 0.2', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
165s - loss: 2.7116 - acc: 0.1454 - val_loss: 2.8807 - val_acc: 0.2770
Epoch 2/15
158s - loss: 2.3910 - acc: 0.2705 - val_loss: 2.2555 - val_acc: 0.4050
Epoch 3/15
153s - loss: 2.0383 - acc: 0.3692 - val_loss: 2.0574 - val_acc: 0.4440
Epoch 4/15
153s - loss: 1.8767 - acc: 0.4191 - val_loss: 1.9609 - val_acc: 0.4515
Epoch 5/15
146s - loss: 1.6957 - acc: 0.4744 - val_loss: 1.8798 - val_acc: 0.4870
Epoch 6/15
146s - loss: 1.5442 - acc: 0.5341 - val_loss: 1.8809 - val_acc: 0.4895
Epoch 7/15
150s - loss: 1.4137 - acc: 0.5753 - val_loss: 1.8407 - val_acc: 0.4990
Epoch 8/15
148s - loss: 1.3182 - acc: 0.6076 - val_loss: 1.8213 - val_acc: 0.5115
Epoch 9/15
149s - loss: 1.2020 - acc: 0.6365 - val_loss: 1.7919 - val_acc: 0.5260
Epoch 10/15
148s - loss: 1.1171 - acc: 0.6719 - val_loss: 1.8398 - val_acc: 0.5225
Epoch 11/15
153s - loss: 1.0547 - acc: 0.6865 - val_loss: 1.7659 - val_acc: 0.5260
Epoch 12/15
146s - loss: 0.9790 - acc: 0.7103 - val_loss: 1.8098 - val_acc: 0.5325
Epoch 13/15
155s - loss: 0.9087 - acc: 0.7289 - val_loss: 1.7535 - val_acc: 0.5230
Epoch 14/15
150s - loss: 0.8537 - acc: 0.7460 - val_loss: 1.8445 - val_acc: 0.5200
Epoch 15/15
151s - loss: 0.7981 - acc: 0.7611 - val_loss: 1.8724 - val_acc: 0.5015
 
Building and compiling model ...
------------- Model compiled in 1.21s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 128')
('Multi-layer: False', 'Drop Recurrent: 0.0', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
77s - loss: 2.4877 - acc: 0.2472 - val_loss: 2.2147 - val_acc: 0.4035
Epoch 2/15
86s - loss: 1.9288 - acc: 0.4061 - val_loss: 1.9760 - val_acc: 0.4750
Epoch 3/15
77s - loss: 1.5358 - acc: 0.5299 - val_loss: 1.9049 - val_acc: 0.4605
Epoch 4/15
76s - loss: 1.1613 - acc: 0.6560 - val_loss: 1.8970 - val_acc: 0.4765
Epoch 5/15
82s - loss: 0.8660 - acc: 0.7514 - val_loss: 1.8137 - val_acc: 0.5225
Epoch 6/15
80s - loss: 0.6345 - acc: 0.8211 - val_loss: 1.9534 - val_acc: 0.5125
Epoch 7/15
75s - loss: 0.4895 - acc: 0.8650 - val_loss: 1.9959 - val_acc: 0.5065
Epoch 8/15
74s - loss: 0.4018 - acc: 0.8894 - val_loss: 2.2105 - val_acc: 0.4935
Epoch 9/15
76s - loss: 0.3392 - acc: 0.9075 - val_loss: 2.2199 - val_acc: 0.4960
Epoch 10/15
79s - loss: 0.2922 - acc: 0.9203 - val_loss: 2.2658 - val_acc: 0.5090
Epoch 11/15
74s - loss: 0.2592 - acc: 0.9325 - val_loss: 2.4002 - val_acc: 0.5095
Epoch 12/15
73s - loss: 0.2244 - acc: 0.9360 - val_loss: 2.3662 - val_acc: 0.5265
Epoch 13/15
74s - loss: 0.1963 - acc: 0.9451 - val_loss: 2.5338 - val_acc: 0.4970
Epoch 14/15
73s - loss: 0.2019 - acc: 0.9450 - val_loss: 2.4606 - val_acc: 0.5230
Epoch 15/15
74s - loss: 0.1771 - acc: 0.9520 - val_loss: 2.4777 - val_acc: 0.5050
 
Building and compiling model ...
------------- Model compiled in 1.24s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 128')
('Multi-layer: False', 'Drop Recurrent: 0.0', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
73s - loss: 2.6972 - acc: 0.1485 - val_loss: 2.8265 - val_acc: 0.3030
Epoch 2/15
72s - loss: 2.3260 - acc: 0.3000 - val_loss: 2.1972 - val_acc: 0.4315
Epoch 3/15
73s - loss: 1.9978 - acc: 0.3926 - val_loss: 2.0690 - val_acc: 0.4195
Epoch 4/15
73s - loss: 1.7865 - acc: 0.4504 - val_loss: 1.8845 - val_acc: 0.4755
Epoch 5/15
73s - loss: 1.5915 - acc: 0.5188 - val_loss: 1.8126 - val_acc: 0.4850
Epoch 6/15
79s - loss: 1.4287 - acc: 0.5711 - val_loss: 1.8213 - val_acc: 0.5025
Epoch 7/15
72s - loss: 1.2770 - acc: 0.6246 - val_loss: 1.7224 - val_acc: 0.5235
Epoch 8/15
72s - loss: 1.1466 - acc: 0.6627 - val_loss: 1.7028 - val_acc: 0.5455
Epoch 9/15
72s - loss: 1.0432 - acc: 0.6871 - val_loss: 1.6622 - val_acc: 0.5420
Epoch 10/15
72s - loss: 0.9215 - acc: 0.7286 - val_loss: 1.6588 - val_acc: 0.5545
Epoch 11/15
72s - loss: 0.8347 - acc: 0.7580 - val_loss: 1.8519 - val_acc: 0.5340
Epoch 12/15
72s - loss: 0.7676 - acc: 0.7716 - val_loss: 1.7309 - val_acc: 0.5555
Epoch 13/15
72s - loss: 0.6914 - acc: 0.7965 - val_loss: 1.8740 - val_acc: 0.5335
Epoch 14/15
81s - loss: 0.6358 - acc: 0.8164 - val_loss: 1.8126 - val_acc: 0.5480
Epoch 15/15
85s - loss: 0.5818 - acc: 0.8290 - val_loss: 1.9096 - val_acc: 0.5335
 
Building and compiling model ...
------------- Model compiled in 1.91s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 128')
('Multi-layer: False', 'Drop Recurrent: 0.2', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
90s - loss: 2.6194 - acc: 0.1984 - val_loss: 2.4220 - val_acc: 0.3755
Epoch 2/15
93s - loss: 2.0127 - acc: 0.3854 - val_loss: 2.0197 - val_acc: 0.4310
Epoch 3/15
91s - loss: 1.6475 - acc: 0.5058 - val_loss: 1.9021 - val_acc: 0.4625
Epoch 4/15
93s - loss: 1.3094 - acc: 0.6084 - val_loss: 1.9237 - val_acc: 0.4925
Epoch 5/15
92s - loss: 1.0625 - acc: 0.6945 - val_loss: 1.9249 - val_acc: 0.5020
Epoch 6/15
91s - loss: 0.8468 - acc: 0.7587 - val_loss: 1.8959 - val_acc: 0.5440
Epoch 7/15
92s - loss: 0.6854 - acc: 0.8003 - val_loss: 1.9450 - val_acc: 0.5225
Epoch 8/15
92s - loss: 0.5722 - acc: 0.8405 - val_loss: 2.0648 - val_acc: 0.5305
Epoch 9/15
92s - loss: 0.4810 - acc: 0.8674 - val_loss: 2.1131 - val_acc: 0.5405
Epoch 10/15
91s - loss: 0.3995 - acc: 0.8921 - val_loss: 2.1916 - val_acc: 0.5340
Epoch 11/15
92s - loss: 0.3568 - acc: 0.8984 - val_loss: 2.1859 - val_acc: 0.5370
Epoch 12/15
93s - loss: 0.3105 - acc: 0.9143 - val_loss: 2.2972 - val_acc: 0.5300
Epoch 13/15
93s - loss: 0.2738 - acc: 0.9216 - val_loss: 2.3361 - val_acc: 0.5320
Epoch 14/15
93s - loss: 0.2330 - acc: 0.9337 - val_loss: 2.4652 - val_acc: 0.5325
Epoch 15/15
93s - loss: 0.2156 - acc: 0.9436 - val_loss: 2.4911 - val_acc: 0.5305
 
Building and compiling model ...
------------- Model compiled in 1.83s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 128')
('Multi-layer: False', 'Drop Recurrent: 0.2', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
89s - loss: 2.7140 - acc: 0.1486 - val_loss: 2.8329 - val_acc: 0.2755
Epoch 2/15
89s - loss: 2.5236 - acc: 0.2234 - val_loss: 2.4582 - val_acc: 0.3370
Epoch 3/15
89s - loss: 2.2267 - acc: 0.3144 - val_loss: 2.2011 - val_acc: 0.3930
Epoch 4/15
89s - loss: 2.0272 - acc: 0.3731 - val_loss: 2.0544 - val_acc: 0.4500
Epoch 5/15
89s - loss: 1.8959 - acc: 0.4100 - val_loss: 1.9642 - val_acc: 0.4735
Epoch 6/15
89s - loss: 1.7671 - acc: 0.4486 - val_loss: 2.0299 - val_acc: 0.4365
Epoch 7/15
89s - loss: 1.6255 - acc: 0.5069 - val_loss: 1.9038 - val_acc: 0.4795
Epoch 8/15
89s - loss: 1.5115 - acc: 0.5433 - val_loss: 1.8033 - val_acc: 0.5150
Epoch 9/15
89s - loss: 1.3800 - acc: 0.5877 - val_loss: 1.7594 - val_acc: 0.5395
Epoch 10/15
79s - loss: 1.2744 - acc: 0.6236 - val_loss: 1.7827 - val_acc: 0.5275
Epoch 11/15
73s - loss: 1.1686 - acc: 0.6608 - val_loss: 1.7612 - val_acc: 0.5195
Epoch 12/15
73s - loss: 1.0943 - acc: 0.6794 - val_loss: 1.7677 - val_acc: 0.5310
Epoch 13/15
73s - loss: 1.0042 - acc: 0.7070 - val_loss: 1.7772 - val_acc: 0.5335
Epoch 14/15
73s - loss: 0.9058 - acc: 0.7401 - val_loss: 1.7574 - val_acc: 0.5440
Epoch 15/15
73s - loss: 0.8687 - acc: 0.7481 - val_loss: 1.8207 - val_acc: 0.5230
 
Building and compiling model ...
------------- Model compiled in 2.29s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 256')
('Multi-layer: True', 'Drop Recurrent: 0.0', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
276s - loss: 2.4837 - acc: 0.2221 - val_loss: 2.1686 - val_acc: 0.4390
Epoch 2/15
274s - loss: 1.8856 - acc: 0.4060 - val_loss: 1.9910 - val_acc: 0.4640
Epoch 3/15
275s - loss: 1.5570 - acc: 0.5085 - val_loss: 2.0267 - val_acc: 0.4520
Epoch 4/15
276s - loss: 1.2324 - acc: 0.6299 - val_loss: 1.8389 - val_acc: 0.4855
Epoch 5/15
275s - loss: 0.9731 - acc: 0.7082 - val_loss: 1.8312 - val_acc: 0.5080
Epoch 6/15
277s - loss: 0.7821 - acc: 0.7724 - val_loss: 1.9781 - val_acc: 0.4840
Epoch 7/15
277s - loss: 0.6098 - acc: 0.8186 - val_loss: 2.0285 - val_acc: 0.4920
Epoch 8/15
276s - loss: 0.4870 - acc: 0.8541 - val_loss: 2.1261 - val_acc: 0.5080
Epoch 9/15
276s - loss: 0.3904 - acc: 0.8853 - val_loss: 2.1650 - val_acc: 0.5095
Epoch 10/15
277s - loss: 0.3501 - acc: 0.8995 - val_loss: 2.2466 - val_acc: 0.5135
Epoch 11/15
277s - loss: 0.3123 - acc: 0.9083 - val_loss: 2.1971 - val_acc: 0.5065
Epoch 12/15
277s - loss: 0.2741 - acc: 0.9180 - val_loss: 2.1659 - val_acc: 0.5255
Epoch 13/15
278s - loss: 0.2437 - acc: 0.9301 - val_loss: 2.3169 - val_acc: 0.5055
Epoch 14/15
279s - loss: 0.2368 - acc: 0.9294 - val_loss: 2.4559 - val_acc: 0.5185
Epoch 15/15
278s - loss: 0.1995 - acc: 0.9415 - val_loss: 2.3853 - val_acc: 0.5185
 
Building and compiling model ...
------------- Model compiled in 2.28s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 256')
('Multi-layer: True', 'Drop Recurrent: 0.0', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
286s - loss: 2.6840 - acc: 0.1624 - val_loss: 2.4984 - val_acc: 0.3580
Epoch 2/15
282s - loss: 2.1560 - acc: 0.3384 - val_loss: 2.1238 - val_acc: 0.4275
Epoch 3/15
281s - loss: 1.8632 - acc: 0.4276 - val_loss: 1.9742 - val_acc: 0.4620
Epoch 4/15
282s - loss: 1.6277 - acc: 0.5030 - val_loss: 1.8915 - val_acc: 0.4740
Epoch 5/15
283s - loss: 1.4487 - acc: 0.5620 - val_loss: 1.7625 - val_acc: 0.5330
Epoch 6/15
282s - loss: 1.2751 - acc: 0.6139 - val_loss: 1.7659 - val_acc: 0.5215
Epoch 7/15
282s - loss: 1.1441 - acc: 0.6567 - val_loss: 1.7100 - val_acc: 0.5135
Epoch 8/15
281s - loss: 1.0359 - acc: 0.6906 - val_loss: 1.7305 - val_acc: 0.5060
Epoch 9/15
282s - loss: 0.9382 - acc: 0.7206 - val_loss: 1.8530 - val_acc: 0.5160
Epoch 10/15
282s - loss: 0.8495 - acc: 0.7440 - val_loss: 1.6630 - val_acc: 0.5475
Epoch 11/15
282s - loss: 0.7684 - acc: 0.7684 - val_loss: 1.6969 - val_acc: 0.5670
Epoch 12/15
284s - loss: 0.7009 - acc: 0.7923 - val_loss: 1.7456 - val_acc: 0.5520
Epoch 13/15
284s - loss: 0.6265 - acc: 0.8075 - val_loss: 1.8457 - val_acc: 0.5235
Epoch 14/15
284s - loss: 0.5731 - acc: 0.8295 - val_loss: 1.8969 - val_acc: 0.5270
Epoch 15/15
283s - loss: 0.5260 - acc: 0.8461 - val_loss: 1.9250 - val_acc: 0.5245
 
Building and compiling model ...
------------- Model compiled in 3.11s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 256')
('Multi-layer: True', 'Drop Recurrent: 0.2', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
286s - loss: 2.6983 - acc: 0.1471 - val_loss: 2.6207 - val_acc: 0.2270
Epoch 2/15
284s - loss: 2.0931 - acc: 0.3524 - val_loss: 2.1160 - val_acc: 0.4280
Epoch 3/15
285s - loss: 1.6762 - acc: 0.4760 - val_loss: 1.9963 - val_acc: 0.4840
Epoch 4/15
285s - loss: 1.3649 - acc: 0.5829 - val_loss: 1.8400 - val_acc: 0.4945
Epoch 5/15
285s - loss: 1.1266 - acc: 0.6625 - val_loss: 1.8732 - val_acc: 0.4995
Epoch 6/15
286s - loss: 0.9396 - acc: 0.7234 - val_loss: 1.9183 - val_acc: 0.5055
Epoch 7/15
286s - loss: 0.7871 - acc: 0.7652 - val_loss: 1.8334 - val_acc: 0.5315
Epoch 8/15
287s - loss: 0.6653 - acc: 0.8035 - val_loss: 1.9566 - val_acc: 0.5255
Epoch 9/15
288s - loss: 0.5851 - acc: 0.8266 - val_loss: 2.0554 - val_acc: 0.5090
Epoch 10/15
287s - loss: 0.5185 - acc: 0.8500 - val_loss: 2.0304 - val_acc: 0.5035
Epoch 11/15
288s - loss: 0.4440 - acc: 0.8709 - val_loss: 2.0133 - val_acc: 0.5285
Epoch 12/15
288s - loss: 0.3981 - acc: 0.8829 - val_loss: 2.0717 - val_acc: 0.5140
Epoch 13/15
287s - loss: 0.3434 - acc: 0.8971 - val_loss: 2.0678 - val_acc: 0.5190
Epoch 14/15
286s - loss: 0.3245 - acc: 0.9029 - val_loss: 2.2484 - val_acc: 0.5315
Epoch 15/15
288s - loss: 0.2792 - acc: 0.9168 - val_loss: 2.1646 - val_acc: 0.5230
 
Building and compiling model ...
------------- Model compiled in 3.22s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 256')
('Multi-layer: True', 'Drop Recurrent: 0.2', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
291s - loss: 2.7125 - acc: 0.1457 - val_loss: 2.6655 - val_acc: 0.2705
Epoch 2/15
290s - loss: 2.3434 - acc: 0.2789 - val_loss: 2.2349 - val_acc: 0.3920
Epoch 3/15
288s - loss: 2.0295 - acc: 0.3701 - val_loss: 2.0213 - val_acc: 0.4550
Epoch 4/15
291s - loss: 1.8117 - acc: 0.4352 - val_loss: 2.1327 - val_acc: 0.4070
Epoch 5/15
289s - loss: 1.6681 - acc: 0.4824 - val_loss: 1.8934 - val_acc: 0.4845
Epoch 6/15
290s - loss: 1.5304 - acc: 0.5340 - val_loss: 1.8717 - val_acc: 0.4675
Epoch 7/15
288s - loss: 1.4135 - acc: 0.5766 - val_loss: 1.9347 - val_acc: 0.4745
Epoch 8/15
287s - loss: 1.3022 - acc: 0.6105 - val_loss: 1.8245 - val_acc: 0.5085
Epoch 9/15
291s - loss: 1.2053 - acc: 0.6359 - val_loss: 1.8208 - val_acc: 0.5170
Epoch 10/15
291s - loss: 1.1383 - acc: 0.6629 - val_loss: 1.8228 - val_acc: 0.4960
Epoch 11/15
290s - loss: 1.0274 - acc: 0.6974 - val_loss: 1.7354 - val_acc: 0.5460
Epoch 12/15
290s - loss: 0.9613 - acc: 0.7136 - val_loss: 1.7736 - val_acc: 0.5205
Epoch 13/15
289s - loss: 0.8935 - acc: 0.7285 - val_loss: 1.7852 - val_acc: 0.5270
Epoch 14/15
290s - loss: 0.8352 - acc: 0.7499 - val_loss: 1.7523 - val_acc: 0.5285
Epoch 15/15
289s - loss: 0.7838 - acc: 0.7656 - val_loss: 1.7874 - val_acc: 0.5340
 
Building and compiling model ...
------------- Model compiled in 1.21s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 256')
('Multi-layer: False', 'Drop Recurrent: 0.0', 'Optimizer: adam')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
136s - loss: 2.5380 - acc: 0.2188 - val_loss: 2.2264 - val_acc: 0.4255
Epoch 2/15
136s - loss: 1.8970 - acc: 0.4056 - val_loss: 1.9474 - val_acc: 0.4740
Epoch 3/15
137s - loss: 1.5584 - acc: 0.5156 - val_loss: 1.9198 - val_acc: 0.4775
Epoch 4/15
137s - loss: 1.2230 - acc: 0.6319 - val_loss: 1.8958 - val_acc: 0.4790
Epoch 5/15
138s - loss: 0.9068 - acc: 0.7308 - val_loss: 1.7378 - val_acc: 0.5320
Epoch 6/15
139s - loss: 0.6709 - acc: 0.8089 - val_loss: 1.9204 - val_acc: 0.5120
Epoch 7/15
137s - loss: 0.5241 - acc: 0.8471 - val_loss: 2.0216 - val_acc: 0.5275
Epoch 8/15
137s - loss: 0.4788 - acc: 0.8656 - val_loss: 2.0438 - val_acc: 0.5090
Epoch 9/15
138s - loss: 0.3648 - acc: 0.8954 - val_loss: 2.0975 - val_acc: 0.5280
Epoch 10/15
138s - loss: 0.3111 - acc: 0.9105 - val_loss: 2.3136 - val_acc: 0.5055
Epoch 11/15
137s - loss: 0.2515 - acc: 0.9266 - val_loss: 2.3171 - val_acc: 0.5280
Epoch 12/15
137s - loss: 0.2325 - acc: 0.9331 - val_loss: 2.3316 - val_acc: 0.5050
Epoch 13/15
137s - loss: 0.2174 - acc: 0.9360 - val_loss: 2.4964 - val_acc: 0.4945
Epoch 14/15
138s - loss: 0.1938 - acc: 0.9423 - val_loss: 2.5160 - val_acc: 0.4890
Epoch 15/15
138s - loss: 0.1709 - acc: 0.9517 - val_loss: 2.4616 - val_acc: 0.5115
 
Building and compiling model ...
------------- Model compiled in 1.25s ---------------
('Cell type: LSTM', 'Drop Input: 0.1', 'Cell Count: 256')
('Multi-layer: False', 'Drop Recurrent: 0.0', 'Optimizer: rmsprop')
Train on 8000 samples, validate on 2000 samples
Epoch 1/15
138s - loss: 2.7094 - acc: 0.1401 - val_loss: 2.8332 - val_acc: 0.2085
Epoch 2/15
139s - loss: 2.4454 - acc: 0.2520 - val_loss: 2.3903 - val_acc: 0.2975
Epoch 3/15
140s - loss: 2.0730 - acc: 0.3595 - val_loss: 2.1863 - val_acc: 0.3570
Epoch 4/15
140s - loss: 1.8761 - acc: 0.4204 - val_loss: 1.9670 - val_acc: 0.4560
Epoch 5/15
140s - loss: 1.6955 - acc: 0.4785 - val_loss: 2.0000 - val_acc: 0.4585
Epoch 6/15
140s - loss: 1.5370 - acc: 0.5329 - val_loss: 1.8714 - val_acc: 0.4820
Epoch 7/15
140s - loss: 1.3890 - acc: 0.5873 - val_loss: 1.8334 - val_acc: 0.4815
Epoch 8/15
143s - loss: 1.2583 - acc: 0.6258 - val_loss: 1.7757 - val_acc: 0.5070
Epoch 9/15
141s - loss: 1.1371 - acc: 0.6611 - val_loss: 1.6831 - val_acc: 0.5415
Epoch 10/15
141s - loss: 1.0416 - acc: 0.6877 - val_loss: 1.7026 - val_acc: 0.5210
Epoch 11/15
140s - loss: 0.9396 - acc: 0.7220 - val_loss: 1.6863 - val_acc: 0.5315
Epoch 12/15
142s - loss: 0.8725 - acc: 0.7459 - val_loss: 1.7427 - val_acc: 0.5295
Epoch 13/15
142s - loss: 0.7640 - acc: 0.7721 - val_loss: 1.7421 - val_acc: 0.5380
Epoch 14/15
141s - loss: 0.7125 - acc: 0.7906 - val_loss: 1.7588 - val_acc: 0.5495