export function getLogInfo() {
  return 'Start training...\n' +
  'Epoch:  0 step:  0 loss: 11.76\n' +
  'Epoch:  0 step:  1 loss: 11.76\n' +
  'Epoch:  0 step:  2 loss: 11.75\n' +
  'Epoch:  0 step:  3 loss: 11.76\n' +
  'Epoch:  0 step:  4 loss: 11.79\n' +
  'Epoch:  0 step:  5 loss: 11.78\n' +
  'Epoch:  0 step:  6 loss: 11.71\n' +
  'Epoch:  0 step:  7 loss: 11.69\n' +
  'Epoch:  0 step:  8 loss: 11.67\n' +
  'Epoch:  0 step:  9 loss: 11.67\n' +
  'Epoch:  0 step: 10 loss: 11.68\n' +
  'Epoch:  0 step: 11 loss: 11.65\n' +
  'Epoch:  0 step: 12 loss: 11.64\n' +
  'Epoch:  0 step: 13 loss: 11.67\n' +
  'Epoch:  0 step: 14 loss: 11.66\n' +
  'Epoch:  0 step: 15 loss: 11.64\n' +
  'Epoch:  0 step: 16 loss: 11.59\n' +
  'Epoch:  0 step: 17 loss: 11.60\n' +
  'Epoch:  0 step: 18 loss: 11.54\n' +
  'Epoch:  0 step: 19 loss: 11.47\n' +
  'Epoch:  0 step: 20 loss: 11.49\n' +
  'Epoch:  0 step: 21 loss: 11.46\n' +
  'Epoch:  0 step: 22 loss: 11.49\n' +
  'Epoch:  0 step: 23 loss: 11.42\n' +
  'Epoch:  0 step: 24 loss: 11.39\n' +
  'Epoch:  0 step: 25 loss: 11.38\n' +
  'Epoch:  0 step: 26 loss: 11.36\n' +
  'Epoch:  0 step: 27 loss: 11.32\n' +
  'Epoch:  0 step: 28 loss: 11.31\n' +
  'Epoch:  0 step: 29 loss: 11.29\n' +
  'Epoch:  0 step: 30 loss: 11.30\n' +
  'Epoch:  0 step: 31 loss: 11.26\n' +
  'Epoch:  0 step: 32 loss: 11.24\n' +
  'Epoch:  0 step: 33 loss: 11.25\n' +
  'Epoch:  0 step: 34 loss: 11.19\n' +
  'Epoch:  0 step: 35 loss: 11.16\n' +
  'Epoch:  0 step: 36 loss: 11.09\n' +
  'Epoch:  0 step: 37 loss: 11.04\n' +
  'Epoch:  0 step: 38 loss: 11.02\n' +
  'Epoch:  0 step: 39 loss: 11.02\n' +
  'Epoch:  0 step: 40 loss: 10.99\n' +
  'Epoch:  0 step: 41 loss: 11.01\n' +
  'Epoch:  0 step: 42 loss: 10.98\n' +
  'Epoch:  0 step: 43 loss: 10.97\n' +
  'Epoch:  0 step: 44 loss: 10.92\n' +
  'Epoch:  0 step: 45 loss: 10.91\n' +
  'Epoch:  0 step: 46 loss: 10.88\n' +
  'Epoch:  0 step: 47 loss: 10.86\n' +
  'Epoch:  0 step: 48 loss: 10.88\n' +
  'Epoch:  0 step: 49 loss: 10.86\n' +
  '\n' +
  'Epoch 0 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.34 r: 0.37 f1: 0.36\n' +
  '********************************\n' +
  'Epoch:  1 step:  0 loss: 10.85\n' +
  'Epoch:  1 step:  1 loss: 10.83\n' +
  'Epoch:  1 step:  2 loss: 10.78\n' +
  'Epoch:  1 step:  3 loss: 10.73\n' +
  'Epoch:  1 step:  4 loss: 10.71\n' +
  'Epoch:  1 step:  5 loss: 10.70\n' +
  'Epoch:  1 step:  6 loss: 10.72\n' +
  'Epoch:  1 step:  7 loss: 10.67\n' +
  'Epoch:  1 step:  8 loss: 10.64\n' +
  'Epoch:  1 step:  9 loss: 10.63\n' +
  'Epoch:  1 step: 10 loss: 10.60\n' +
  'Epoch:  1 step: 11 loss: 10.57\n' +
  'Epoch:  1 step: 12 loss: 10.55\n' +
  'Epoch:  1 step: 13 loss: 10.57\n' +
  'Epoch:  1 step: 14 loss: 10.56\n' +
  'Epoch:  1 step: 15 loss: 10.51\n' +
  'Epoch:  1 step: 16 loss: 10.48\n' +
  'Epoch:  1 step: 17 loss: 10.45\n' +
  'Epoch:  1 step: 18 loss: 10.39\n' +
  'Epoch:  1 step: 19 loss: 10.35\n' +
  'Epoch:  1 step: 20 loss: 10.31\n' +
  'Epoch:  1 step: 21 loss: 10.26\n' +
  'Epoch:  1 step: 22 loss: 10.29\n' +
  'Epoch:  1 step: 23 loss: 10.24\n' +
  'Epoch:  1 step: 24 loss: 10.21\n' +
  'Epoch:  1 step: 25 loss: 10.22\n' +
  'Epoch:  1 step: 26 loss: 10.24\n' +
  'Epoch:  1 step: 27 loss: 10.22\n' +
  'Epoch:  1 step: 28 loss: 10.22\n' +
  'Epoch:  1 step: 29 loss: 10.22\n' +
  'Epoch:  1 step: 30 loss: 10.17\n' +
  'Epoch:  1 step: 31 loss: 10.12\n' +
  'Epoch:  1 step: 32 loss: 10.08\n' +
  'Epoch:  1 step: 33 loss: 10.07\n' +
  'Epoch:  1 step: 34 loss: 10.09\n' +
  'Epoch:  1 step: 35 loss: 10.05\n' +
  'Epoch:  1 step: 36 loss: 10.05\n' +
  'Epoch:  1 step: 37 loss: 9.99\n' +
  'Epoch:  1 step: 38 loss: 9.95\n' +
  'Epoch:  1 step: 39 loss: 9.97\n' +
  'Epoch:  1 step: 40 loss: 9.95\n' +
  'Epoch:  1 step: 41 loss: 9.94\n' +
  'Epoch:  1 step: 42 loss: 9.95\n' +
  'Epoch:  1 step: 43 loss: 9.92\n' +
  'Epoch:  1 step: 44 loss: 9.86\n' +
  'Epoch:  1 step: 45 loss: 9.82\n' +
  'Epoch:  1 step: 46 loss: 9.85\n' +
  'Epoch:  1 step: 47 loss: 9.82\n' +
  'Epoch:  1 step: 48 loss: 9.84\n' +
  'Epoch:  1 step: 49 loss: 9.80\n' +
  '\n' +
  'Epoch 1 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.37 r: 0.45 f1: 0.41\n' +
  '********************************\n' +
  'Epoch:  2 step:  0 loss: 9.82\n' +
  'Epoch:  2 step:  1 loss: 9.80\n' +
  'Epoch:  2 step:  2 loss: 9.76\n' +
  'Epoch:  2 step:  3 loss: 9.73\n' +
  'Epoch:  2 step:  4 loss: 9.73\n' +
  'Epoch:  2 step:  5 loss: 9.67\n' +
  'Epoch:  2 step:  6 loss: 9.66\n' +
  'Epoch:  2 step:  7 loss: 9.67\n' +
  'Epoch:  2 step:  8 loss: 9.63\n' +
  'Epoch:  2 step:  9 loss: 9.65\n' +
  'Epoch:  2 step: 10 loss: 9.65\n' +
  'Epoch:  2 step: 11 loss: 9.61\n' +
  'Epoch:  2 step: 12 loss: 9.59\n' +
  'Epoch:  2 step: 13 loss: 9.56\n' +
  'Epoch:  2 step: 14 loss: 9.58\n' +
  'Epoch:  2 step: 15 loss: 9.59\n' +
  'Epoch:  2 step: 16 loss: 9.55\n' +
  'Epoch:  2 step: 17 loss: 9.57\n' +
  'Epoch:  2 step: 18 loss: 9.52\n' +
  'Epoch:  2 step: 19 loss: 9.54\n' +
  'Epoch:  2 step: 20 loss: 9.48\n' +
  'Epoch:  2 step: 21 loss: 9.43\n' +
  'Epoch:  2 step: 22 loss: 9.38\n' +
  'Epoch:  2 step: 23 loss: 9.36\n' +
  'Epoch:  2 step: 24 loss: 9.31\n' +
  'Epoch:  2 step: 25 loss: 9.25\n' +
  'Epoch:  2 step: 26 loss: 9.23\n' +
  'Epoch:  2 step: 27 loss: 9.20\n' +
  'Epoch:  2 step: 28 loss: 9.16\n' +
  'Epoch:  2 step: 29 loss: 9.11\n' +
  'Epoch:  2 step: 30 loss: 9.08\n' +
  'Epoch:  2 step: 31 loss: 9.09\n' +
  'Epoch:  2 step: 32 loss: 9.06\n' +
  'Epoch:  2 step: 33 loss: 9.05\n' +
  'Epoch:  2 step: 34 loss: 9.05\n' +
  'Epoch:  2 step: 35 loss: 9.02\n' +
  'Epoch:  2 step: 36 loss: 9.03\n' +
  'Epoch:  2 step: 37 loss: 8.96\n' +
  'Epoch:  2 step: 38 loss: 8.91\n' +
  'Epoch:  2 step: 39 loss: 8.89\n' +
  'Epoch:  2 step: 40 loss: 8.91\n' +
  'Epoch:  2 step: 41 loss: 8.92\n' +
  'Epoch:  2 step: 42 loss: 8.87\n' +
  'Epoch:  2 step: 43 loss: 8.81\n' +
  'Epoch:  2 step: 44 loss: 8.79\n' +
  'Epoch:  2 step: 45 loss: 8.79\n' +
  'Epoch:  2 step: 46 loss: 8.82\n' +
  'Epoch:  2 step: 47 loss: 8.76\n' +
  'Epoch:  2 step: 48 loss: 8.72\n' +
  'Epoch:  2 step: 49 loss: 8.72\n' +
  '\n' +
  'Epoch 2 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.40 r: 0.52 f1: 0.45\n' +
  '********************************\n' +
  'Epoch:  3 step:  0 loss: 8.72\n' +
  'Epoch:  3 step:  1 loss: 8.72\n' +
  'Epoch:  3 step:  2 loss: 8.66\n' +
  'Epoch:  3 step:  3 loss: 8.68\n' +
  'Epoch:  3 step:  4 loss: 8.69\n' +
  'Epoch:  3 step:  5 loss: 8.68\n' +
  'Epoch:  3 step:  6 loss: 8.62\n' +
  'Epoch:  3 step:  7 loss: 8.64\n' +
  'Epoch:  3 step:  8 loss: 8.63\n' +
  'Epoch:  3 step:  9 loss: 8.59\n' +
  'Epoch:  3 step: 10 loss: 8.62\n' +
  'Epoch:  3 step: 11 loss: 8.57\n' +
  'Epoch:  3 step: 12 loss: 8.56\n' +
  'Epoch:  3 step: 13 loss: 8.55\n' +
  'Epoch:  3 step: 14 loss: 8.56\n' +
  'Epoch:  3 step: 15 loss: 8.54\n' +
  'Epoch:  3 step: 16 loss: 8.47\n' +
  'Epoch:  3 step: 17 loss: 8.44\n' +
  'Epoch:  3 step: 18 loss: 8.38\n' +
  'Epoch:  3 step: 19 loss: 8.35\n' +
  'Epoch:  3 step: 20 loss: 8.33\n' +
  'Epoch:  3 step: 21 loss: 8.30\n' +
  'Epoch:  3 step: 22 loss: 8.28\n' +
  'Epoch:  3 step: 23 loss: 8.24\n' +
  'Epoch:  3 step: 24 loss: 8.22\n' +
  'Epoch:  3 step: 25 loss: 8.20\n' +
  'Epoch:  3 step: 26 loss: 8.22\n' +
  'Epoch:  3 step: 27 loss: 8.15\n' +
  'Epoch:  3 step: 28 loss: 8.09\n' +
  'Epoch:  3 step: 29 loss: 8.02\n' +
  'Epoch:  3 step: 30 loss: 8.05\n' +
  'Epoch:  3 step: 31 loss: 8.01\n' +
  'Epoch:  3 step: 32 loss: 7.96\n' +
  'Epoch:  3 step: 33 loss: 7.90\n' +
  'Epoch:  3 step: 34 loss: 7.90\n' +
  'Epoch:  3 step: 35 loss: 7.85\n' +
  'Epoch:  3 step: 36 loss: 7.85\n' +
  'Epoch:  3 step: 37 loss: 7.79\n' +
  'Epoch:  3 step: 38 loss: 7.78\n' +
  'Epoch:  3 step: 39 loss: 7.78\n' +
  'Epoch:  3 step: 40 loss: 7.80\n' +
  'Epoch:  3 step: 41 loss: 7.76\n' +
  'Epoch:  3 step: 42 loss: 7.69\n' +
  'Epoch:  3 step: 43 loss: 7.69\n' +
  'Epoch:  3 step: 44 loss: 7.64\n' +
  'Epoch:  3 step: 45 loss: 7.66\n' +
  'Epoch:  3 step: 46 loss: 7.65\n' +
  'Epoch:  3 step: 47 loss: 7.61\n' +
  'Epoch:  3 step: 48 loss: 7.59\n' +
  'Epoch:  3 step: 49 loss: 7.58\n' +
  '\n' +
  'Epoch 3 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.45 r: 0.54 f1: 0.49\n' +
  '********************************\n' +
  'Epoch:  4 step:  0 loss: 7.54\n' +
  'Epoch:  4 step:  1 loss: 7.54\n' +
  'Epoch:  4 step:  2 loss: 7.53\n' +
  'Epoch:  4 step:  3 loss: 7.46\n' +
  'Epoch:  4 step:  4 loss: 7.44\n' +
  'Epoch:  4 step:  5 loss: 7.46\n' +
  'Epoch:  4 step:  6 loss: 7.45\n' +
  'Epoch:  4 step:  7 loss: 7.39\n' +
  'Epoch:  4 step:  8 loss: 7.34\n' +
  'Epoch:  4 step:  9 loss: 7.35\n' +
  'Epoch:  4 step: 10 loss: 7.32\n' +
  'Epoch:  4 step: 11 loss: 7.28\n' +
  'Epoch:  4 step: 12 loss: 7.30\n' +
  'Epoch:  4 step: 13 loss: 7.27\n' +
  'Epoch:  4 step: 14 loss: 7.22\n' +
  'Epoch:  4 step: 15 loss: 7.23\n' +
  'Epoch:  4 step: 16 loss: 7.20\n' +
  'Epoch:  4 step: 17 loss: 7.16\n' +
  'Epoch:  4 step: 18 loss: 7.11\n' +
  'Epoch:  4 step: 19 loss: 7.11\n' +
  'Epoch:  4 step: 20 loss: 7.08\n' +
  'Epoch:  4 step: 21 loss: 7.08\n' +
  'Epoch:  4 step: 22 loss: 7.05\n' +
  'Epoch:  4 step: 23 loss: 7.00\n' +
  'Epoch:  4 step: 24 loss: 7.01\n' +
  'Epoch:  4 step: 25 loss: 6.96\n' +
  'Epoch:  4 step: 26 loss: 6.93\n' +
  'Epoch:  4 step: 27 loss: 6.91\n' +
  'Epoch:  4 step: 28 loss: 6.88\n' +
  'Epoch:  4 step: 29 loss: 6.81\n' +
  'Epoch:  4 step: 30 loss: 6.84\n' +
  'Epoch:  4 step: 31 loss: 6.87\n' +
  'Epoch:  4 step: 32 loss: 6.82\n' +
  'Epoch:  4 step: 33 loss: 6.84\n' +
  'Epoch:  4 step: 34 loss: 6.86\n' +
  'Epoch:  4 step: 35 loss: 6.83\n' +
  'Epoch:  4 step: 36 loss: 6.76\n' +
  'Epoch:  4 step: 37 loss: 6.76\n' +
  'Epoch:  4 step: 38 loss: 6.78\n' +
  'Epoch:  4 step: 39 loss: 6.72\n' +
  'Epoch:  4 step: 40 loss: 6.72\n' +
  'Epoch:  4 step: 41 loss: 6.71\n' +
  'Epoch:  4 step: 42 loss: 6.70\n' +
  'Epoch:  4 step: 43 loss: 6.70\n' +
  'Epoch:  4 step: 44 loss: 6.65\n' +
  'Epoch:  4 step: 45 loss: 6.65\n' +
  'Epoch:  4 step: 46 loss: 6.58\n' +
  'Epoch:  4 step: 47 loss: 6.56\n' +
  'Epoch:  4 step: 48 loss: 6.55\n' +
  'Epoch:  4 step: 49 loss: 6.53\n' +
  '\n' +
  'Epoch 4 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.57 r: 0.60 f1: 0.58\n' +
  '********************************\n' +
  'Epoch:  5 step:  0 loss: 6.51\n' +
  'Epoch:  5 step:  1 loss: 6.45\n' +
  'Epoch:  5 step:  2 loss: 6.45\n' +
  'Epoch:  5 step:  3 loss: 6.44\n' +
  'Epoch:  5 step:  4 loss: 6.42\n' +
  'Epoch:  5 step:  5 loss: 6.39\n' +
  'Epoch:  5 step:  6 loss: 6.36\n' +
  'Epoch:  5 step:  7 loss: 6.33\n' +
  'Epoch:  5 step:  8 loss: 6.31\n' +
  'Epoch:  5 step:  9 loss: 6.29\n' +
  'Epoch:  5 step: 10 loss: 6.23\n' +
  'Epoch:  5 step: 11 loss: 6.25\n' +
  'Epoch:  5 step: 12 loss: 6.24\n' +
  'Epoch:  5 step: 13 loss: 6.22\n' +
  'Epoch:  5 step: 14 loss: 6.20\n' +
  'Epoch:  5 step: 15 loss: 6.14\n' +
  'Epoch:  5 step: 16 loss: 6.10\n' +
  'Epoch:  5 step: 17 loss: 6.04\n' +
  'Epoch:  5 step: 18 loss: 5.97\n' +
  'Epoch:  5 step: 19 loss: 5.94\n' +
  'Epoch:  5 step: 20 loss: 5.96\n' +
  'Epoch:  5 step: 21 loss: 5.99\n' +
  'Epoch:  5 step: 22 loss: 6.00\n' +
  'Epoch:  5 step: 23 loss: 5.93\n' +
  'Epoch:  5 step: 24 loss: 5.90\n' +
  'Epoch:  5 step: 25 loss: 5.84\n' +
  'Epoch:  5 step: 26 loss: 5.80\n' +
  'Epoch:  5 step: 27 loss: 5.74\n' +
  'Epoch:  5 step: 28 loss: 5.75\n' +
  'Epoch:  5 step: 29 loss: 5.74\n' +
  'Epoch:  5 step: 30 loss: 5.74\n' +
  'Epoch:  5 step: 31 loss: 5.70\n' +
  'Epoch:  5 step: 32 loss: 5.68\n' +
  'Epoch:  5 step: 33 loss: 5.70\n' +
  'Epoch:  5 step: 34 loss: 5.67\n' +
  'Epoch:  5 step: 35 loss: 5.65\n' +
  'Epoch:  5 step: 36 loss: 5.64\n' +
  'Epoch:  5 step: 37 loss: 5.59\n' +
  'Epoch:  5 step: 38 loss: 5.54\n' +
  'Epoch:  5 step: 39 loss: 5.47\n' +
  'Epoch:  5 step: 40 loss: 5.42\n' +
  'Epoch:  5 step: 41 loss: 5.38\n' +
  'Epoch:  5 step: 42 loss: 5.35\n' +
  'Epoch:  5 step: 43 loss: 5.34\n' +
  'Epoch:  5 step: 44 loss: 5.31\n' +
  'Epoch:  5 step: 45 loss: 5.27\n' +
  'Epoch:  5 step: 46 loss: 5.28\n' +
  'Epoch:  5 step: 47 loss: 5.24\n' +
  'Epoch:  5 step: 48 loss: 5.21\n' +
  'Epoch:  5 step: 49 loss: 5.19\n' +
  '\n' +
  'Epoch 5 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.64 r: 0.69 f1: 0.66\n' +
  '********************************\n' +
  'Epoch:  6 step:  0 loss: 5.17\n' +
  'Epoch:  6 step:  1 loss: 5.17\n' +
  'Epoch:  6 step:  2 loss: 5.13\n' +
  'Epoch:  6 step:  3 loss: 5.07\n' +
  'Epoch:  6 step:  4 loss: 5.03\n' +
  'Epoch:  6 step:  5 loss: 5.04\n' +
  'Epoch:  6 step:  6 loss: 5.03\n' +
  'Epoch:  6 step:  7 loss: 5.04\n' +
  'Epoch:  6 step:  8 loss: 5.05\n' +
  'Epoch:  6 step:  9 loss: 5.00\n' +
  'Epoch:  6 step: 10 loss: 4.99\n' +
  'Epoch:  6 step: 11 loss: 4.94\n' +
  'Epoch:  6 step: 12 loss: 4.90\n' +
  'Epoch:  6 step: 13 loss: 4.88\n' +
  'Epoch:  6 step: 14 loss: 4.89\n' +
  'Epoch:  6 step: 15 loss: 4.89\n' +
  'Epoch:  6 step: 16 loss: 4.90\n' +
  'Epoch:  6 step: 17 loss: 4.87\n' +
  'Epoch:  6 step: 18 loss: 4.87\n' +
  'Epoch:  6 step: 19 loss: 4.84\n' +
  'Epoch:  6 step: 20 loss: 4.81\n' +
  'Epoch:  6 step: 21 loss: 4.80\n' +
  'Epoch:  6 step: 22 loss: 4.80\n' +
  'Epoch:  6 step: 23 loss: 4.80\n' +
  'Epoch:  6 step: 24 loss: 4.76\n' +
  'Epoch:  6 step: 25 loss: 4.72\n' +
  'Epoch:  6 step: 26 loss: 4.72\n' +
  'Epoch:  6 step: 27 loss: 4.74\n' +
  'Epoch:  6 step: 28 loss: 4.70\n' +
  'Epoch:  6 step: 29 loss: 4.69\n' +
  'Epoch:  6 step: 30 loss: 4.66\n' +
  'Epoch:  6 step: 31 loss: 4.65\n' +
  'Epoch:  6 step: 32 loss: 4.61\n' +
  'Epoch:  6 step: 33 loss: 4.57\n' +
  'Epoch:  6 step: 34 loss: 4.55\n' +
  'Epoch:  6 step: 35 loss: 4.52\n' +
  'Epoch:  6 step: 36 loss: 4.49\n' +
  'Epoch:  6 step: 37 loss: 4.49\n' +
  'Epoch:  6 step: 38 loss: 4.42\n' +
  'Epoch:  6 step: 39 loss: 4.42\n' +
  'Epoch:  6 step: 40 loss: 4.45\n' +
  'Epoch:  6 step: 41 loss: 4.45\n' +
  'Epoch:  6 step: 42 loss: 4.40\n' +
  'Epoch:  6 step: 43 loss: 4.41\n' +
  'Epoch:  6 step: 44 loss: 4.41\n' +
  'Epoch:  6 step: 45 loss: 4.34\n' +
  'Epoch:  6 step: 46 loss: 4.37\n' +
  'Epoch:  6 step: 47 loss: 4.38\n' +
  'Epoch:  6 step: 48 loss: 4.38\n' +
  'Epoch:  6 step: 49 loss: 4.40\n' +
  '\n' +
  'Epoch 6 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.69 r: 0.75 f1: 0.71\n' +
  '********************************\n' +
  'Epoch:  7 step:  0 loss: 4.41\n' +
  'Epoch:  7 step:  1 loss: 4.42\n' +
  'Epoch:  7 step:  2 loss: 4.38\n' +
  'Epoch:  7 step:  3 loss: 4.36\n' +
  'Epoch:  7 step:  4 loss: 4.29\n' +
  'Epoch:  7 step:  5 loss: 4.25\n' +
  'Epoch:  7 step:  6 loss: 4.23\n' +
  'Epoch:  7 step:  7 loss: 4.23\n' +
  'Epoch:  7 step:  8 loss: 4.18\n' +
  'Epoch:  7 step:  9 loss: 4.12\n' +
  'Epoch:  7 step: 10 loss: 4.14\n' +
  'Epoch:  7 step: 11 loss: 4.14\n' +
  'Epoch:  7 step: 12 loss: 4.13\n' +
  'Epoch:  7 step: 13 loss: 4.09\n' +
  'Epoch:  7 step: 14 loss: 4.03\n' +
  'Epoch:  7 step: 15 loss: 4.03\n' +
  'Epoch:  7 step: 16 loss: 3.98\n' +
  'Epoch:  7 step: 17 loss: 3.98\n' +
  'Epoch:  7 step: 18 loss: 3.95\n' +
  'Epoch:  7 step: 19 loss: 3.92\n' +
  'Epoch:  7 step: 20 loss: 3.93\n' +
  'Epoch:  7 step: 21 loss: 3.88\n' +
  'Epoch:  7 step: 22 loss: 3.87\n' +
  'Epoch:  7 step: 23 loss: 3.84\n' +
  'Epoch:  7 step: 24 loss: 3.80\n' +
  'Epoch:  7 step: 25 loss: 3.79\n' +
  'Epoch:  7 step: 26 loss: 3.79\n' +
  'Epoch:  7 step: 27 loss: 3.76\n' +
  'Epoch:  7 step: 28 loss: 3.71\n' +
  'Epoch:  7 step: 29 loss: 3.68\n' +
  'Epoch:  7 step: 30 loss: 3.65\n' +
  'Epoch:  7 step: 31 loss: 3.61\n' +
  'Epoch:  7 step: 32 loss: 3.54\n' +
  'Epoch:  7 step: 33 loss: 3.56\n' +
  'Epoch:  7 step: 34 loss: 3.52\n' +
  'Epoch:  7 step: 35 loss: 3.46\n' +
  'Epoch:  7 step: 36 loss: 3.49\n' +
  'Epoch:  7 step: 37 loss: 3.51\n' +
  'Epoch:  7 step: 38 loss: 3.52\n' +
  'Epoch:  7 step: 39 loss: 3.48\n' +
  'Epoch:  7 step: 40 loss: 3.41\n' +
  'Epoch:  7 step: 41 loss: 3.36\n' +
  'Epoch:  7 step: 42 loss: 3.34\n' +
  'Epoch:  7 step: 43 loss: 3.31\n' +
  'Epoch:  7 step: 44 loss: 3.25\n' +
  'Epoch:  7 step: 45 loss: 3.26\n' +
  'Epoch:  7 step: 46 loss: 3.25\n' +
  'Epoch:  7 step: 47 loss: 3.26\n' +
  'Epoch:  7 step: 48 loss: 3.27\n' +
  'Epoch:  7 step: 49 loss: 3.20\n' +
  '\n' +
  'Epoch 7 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.78 r: 0.82 f1: 0.80\n' +
  '********************************\n' +
  'Epoch:  8 step:  0 loss: 3.18\n' +
  'Epoch:  8 step:  1 loss: 3.14\n' +
  'Epoch:  8 step:  2 loss: 3.12\n' +
  'Epoch:  8 step:  3 loss: 3.08\n' +
  'Epoch:  8 step:  4 loss: 3.11\n' +
  'Epoch:  8 step:  5 loss: 3.12\n' +
  'Epoch:  8 step:  6 loss: 3.13\n' +
  'Epoch:  8 step:  7 loss: 3.15\n' +
  'Epoch:  8 step:  8 loss: 3.15\n' +
  'Epoch:  8 step:  9 loss: 3.16\n' +
  'Epoch:  8 step: 10 loss: 3.19\n' +
  'Epoch:  8 step: 11 loss: 3.13\n' +
  'Epoch:  8 step: 12 loss: 3.07\n' +
  'Epoch:  8 step: 13 loss: 3.10\n' +
  'Epoch:  8 step: 14 loss: 3.06\n' +
  'Epoch:  8 step: 15 loss: 3.05\n' +
  'Epoch:  8 step: 16 loss: 2.99\n' +
  'Epoch:  8 step: 17 loss: 2.99\n' +
  'Epoch:  8 step: 18 loss: 2.95\n' +
  'Epoch:  8 step: 19 loss: 2.95\n' +
  'Epoch:  8 step: 20 loss: 2.93\n' +
  'Epoch:  8 step: 21 loss: 2.93\n' +
  'Epoch:  8 step: 22 loss: 2.88\n' +
  'Epoch:  8 step: 23 loss: 2.86\n' +
  'Epoch:  8 step: 24 loss: 2.83\n' +
  'Epoch:  8 step: 25 loss: 2.85\n' +
  'Epoch:  8 step: 26 loss: 2.85\n' +
  'Epoch:  8 step: 27 loss: 2.80\n' +
  'Epoch:  8 step: 28 loss: 2.82\n' +
  'Epoch:  8 step: 29 loss: 2.83\n' +
  'Epoch:  8 step: 30 loss: 2.76\n' +
  'Epoch:  8 step: 31 loss: 2.70\n' +
  'Epoch:  8 step: 32 loss: 2.65\n' +
  'Epoch:  8 step: 33 loss: 2.60\n' +
  'Epoch:  8 step: 34 loss: 2.55\n' +
  'Epoch:  8 step: 35 loss: 2.57\n' +
  'Epoch:  8 step: 36 loss: 2.55\n' +
  'Epoch:  8 step: 37 loss: 2.50\n' +
  'Epoch:  8 step: 38 loss: 2.52\n' +
  'Epoch:  8 step: 39 loss: 2.49\n' +
  'Epoch:  8 step: 40 loss: 2.42\n' +
  'Epoch:  8 step: 41 loss: 2.42\n' +
  'Epoch:  8 step: 42 loss: 2.37\n' +
  'Epoch:  8 step: 43 loss: 2.35\n' +
  'Epoch:  8 step: 44 loss: 2.29\n' +
  'Epoch:  8 step: 45 loss: 2.29\n' +
  'Epoch:  8 step: 46 loss: 2.23\n' +
  'Epoch:  8 step: 47 loss: 2.25\n' +
  'Epoch:  8 step: 48 loss: 2.20\n' +
  'Epoch:  8 step: 49 loss: 2.14\n' +
  '\n' +
  'Epoch 8 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.88 r: 0.87 f1: 0.87\n' +
  '********************************\n' +
  'Epoch:  9 step:  0 loss: 2.09\n' +
  'Epoch:  9 step:  1 loss: 2.12\n' +
  'Epoch:  9 step:  2 loss: 2.11\n' +
  'Epoch:  9 step:  3 loss: 2.11\n' +
  'Epoch:  9 step:  4 loss: 2.04\n' +
  'Epoch:  9 step:  5 loss: 2.01\n' +
  'Epoch:  9 step:  6 loss: 1.95\n' +
  'Epoch:  9 step:  7 loss: 1.91\n' +
  'Epoch:  9 step:  8 loss: 1.85\n' +
  'Epoch:  9 step:  9 loss: 1.83\n' +
  'Epoch:  9 step: 10 loss: 1.83\n' +
  'Epoch:  9 step: 11 loss: 1.84\n' +
  'Epoch:  9 step: 12 loss: 1.84\n' +
  'Epoch:  9 step: 13 loss: 1.85\n' +
  'Epoch:  9 step: 14 loss: 1.84\n' +
  'Epoch:  9 step: 15 loss: 1.84\n' +
  'Epoch:  9 step: 16 loss: 1.78\n' +
  'Epoch:  9 step: 17 loss: 1.80\n' +
  'Epoch:  9 step: 18 loss: 1.80\n' +
  'Epoch:  9 step: 19 loss: 1.73\n' +
  'Epoch:  9 step: 20 loss: 1.73\n' +
  'Epoch:  9 step: 21 loss: 1.66\n' +
  'Epoch:  9 step: 22 loss: 1.67\n' +
  'Epoch:  9 step: 23 loss: 1.70\n' +
  'Epoch:  9 step: 24 loss: 1.72\n' +
  'Epoch:  9 step: 25 loss: 1.70\n' +
  'Epoch:  9 step: 26 loss: 1.69\n' +
  'Epoch:  9 step: 27 loss: 1.71\n' +
  'Epoch:  9 step: 28 loss: 1.67\n' +
  'Epoch:  9 step: 29 loss: 1.65\n' +
  'Epoch:  9 step: 30 loss: 1.67\n' +
  'Epoch:  9 step: 31 loss: 1.64\n' +
  'Epoch:  9 step: 32 loss: 1.65\n' +
  'Epoch:  9 step: 33 loss: 1.66\n' +
  'Epoch:  9 step: 34 loss: 1.63\n' +
  'Epoch:  9 step: 35 loss: 1.57\n' +
  'Epoch:  9 step: 36 loss: 1.58\n' +
  'Epoch:  9 step: 37 loss: 1.52\n' +
  'Epoch:  9 step: 38 loss: 1.48\n' +
  'Epoch:  9 step: 39 loss: 1.42\n' +
  'Epoch:  9 step: 40 loss: 1.43\n' +
  'Epoch:  9 step: 41 loss: 1.37\n' +
  'Epoch:  9 step: 42 loss: 1.40\n' +
  'Epoch:  9 step: 43 loss: 1.38\n' +
  'Epoch:  9 step: 44 loss: 1.36\n' +
  'Epoch:  9 step: 45 loss: 1.38\n' +
  'Epoch:  9 step: 46 loss: 1.37\n' +
  'Epoch:  9 step: 47 loss: 1.35\n' +
  'Epoch:  9 step: 48 loss: 1.34\n' +
  'Epoch:  9 step: 49 loss: 1.32\n' +
  '\n' +
  'Epoch 9 finished !\n' +
  'Start evaluating...\n' +
  'Evaluation result: p: 0.92 r: 0.86 f1: 0.89\n' +
  '********************************\n' +
  'Training finished !\n' +
  '================================================\n' +
  'Best result: p: 0.92 r: 0.86 f1: 0.89\n' +
  'Detailed result:\n' +
  'SSH-Bruteforce       : p: 0.91 r: 0.94 f1: 0.92\n' +
  'DDoS attack-HOIC     : p: 0.89 r: 0.88 f1: 0.88\n' +
  'Benign               : p: 0.95 r: 0.98 f1: 0.97\n' +
  'Bot                  : p: 0.85 r: 0.87 f1: 0.86\n' +
  'Dos attacks-GoldenEye: p: 0.87 r: 0.85 f1: 0.86\n' +
  'Infiltration         : p: 0.78 r: 0.83 f1: 0.80\n' +
  '\n' +
  'Save model to ./checkpoints/1686161670.pth\n' +
  'Model Tag: 1.26.1\n' +
  '================================================\n'
}
