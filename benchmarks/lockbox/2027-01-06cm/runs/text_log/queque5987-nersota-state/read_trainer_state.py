if __name__ == "__main__":
    ts = {
        {
        "best_metric": None,
        "best_model_checkpoint": None,
        "epoch": 19.285432790266725,
        "global_step": 2300000,
        "is_hyper_param_search": False,
        "is_local_process_zero": True,
        "is_world_process_zero": True,
        "log_history": [
            {
            "epoch": 0.0,
            "learning_rate": 4.998951878652703e-05,
            "loss": 1.9663,
            "step": 500
            },
            {
            "epoch": 0.01,
            "learning_rate": 4.997903757305406e-05,
            "loss": 0.145,
            "step": 1000
            },
            {
            "epoch": 0.01,
            "learning_rate": 4.9968556359581086e-05,
            "loss": 0.1312,
            "step": 1500
            },
            {
            "epoch": 0.02,
            "learning_rate": 4.995807514610812e-05,
            "loss": 0.1258,
            "step": 2000
            },
            {
            "epoch": 0.02,
            "learning_rate": 4.9947593932635144e-05,
            "loss": 0.1222,
            "step": 2500
            },
            {
            "epoch": 0.03,
            "learning_rate": 4.9937112719162176e-05,
            "loss": 0.119,
            "step": 3000
            },
            {
            "epoch": 0.03,
            "learning_rate": 4.99266315056892e-05,
            "loss": 0.1153,
            "step": 3500
            },
            {
            "epoch": 0.03,
            "learning_rate": 4.9916150292216234e-05,
            "loss": 0.1116,
            "step": 4000
            },
            {
            "epoch": 0.04,
            "learning_rate": 4.990566907874326e-05,
            "loss": 0.1068,
            "step": 4500
            },
            {
            "epoch": 0.04,
            "learning_rate": 4.989518786527029e-05,
            "loss": 0.1029,
            "step": 5000
            },
            {
            "epoch": 0.05,
            "learning_rate": 4.988470665179732e-05,
            "loss": 0.0993,
            "step": 5500
            },
            {
            "epoch": 0.05,
            "learning_rate": 4.987422543832435e-05,
            "loss": 0.0965,
            "step": 6000
            },
            {
            "epoch": 0.05,
            "learning_rate": 4.9863744224851376e-05,
            "loss": 0.0942,
            "step": 6500
            },
            {
            "epoch": 0.06,
            "learning_rate": 4.985326301137841e-05,
            "loss": 0.0915,
            "step": 7000
            },
            {
            "epoch": 0.06,
            "learning_rate": 4.9842781797905434e-05,
            "loss": 0.0911,
            "step": 7500
            },
            {
            "epoch": 0.07,
            "learning_rate": 4.9832300584432466e-05,
            "loss": 0.0898,
            "step": 8000
            },
            {
            "epoch": 0.07,
            "learning_rate": 4.982181937095949e-05,
            "loss": 0.0883,
            "step": 8500
            },
            {
            "epoch": 0.08,
            "learning_rate": 4.9811338157486524e-05,
            "loss": 0.087,
            "step": 9000
            },
            {
            "epoch": 0.08,
            "learning_rate": 4.980085694401355e-05,
            "loss": 0.0865,
            "step": 9500
            },
            {
            "epoch": 0.08,
            "learning_rate": 4.979037573054058e-05,
            "loss": 0.0849,
            "step": 10000
            },
            {
            "epoch": 0.09,
            "learning_rate": 4.977989451706761e-05,
            "loss": 0.0838,
            "step": 10500
            },
            {
            "epoch": 0.09,
            "learning_rate": 4.976941330359464e-05,
            "loss": 0.0831,
            "step": 11000
            },
            {
            "epoch": 0.1,
            "learning_rate": 4.9758932090121666e-05,
            "loss": 0.0824,
            "step": 11500
            },
            {
            "epoch": 0.1,
            "learning_rate": 4.974845087664869e-05,
            "loss": 0.0823,
            "step": 12000
            },
            {
            "epoch": 0.1,
            "learning_rate": 4.9737969663175724e-05,
            "loss": 0.0813,
            "step": 12500
            },
            {
            "epoch": 0.11,
            "learning_rate": 4.972748844970275e-05,
            "loss": 0.0814,
            "step": 13000
            },
            {
            "epoch": 0.11,
            "learning_rate": 4.971700723622978e-05,
            "loss": 0.0811,
            "step": 13500
            },
            {
            "epoch": 0.12,
            "learning_rate": 4.970652602275681e-05,
            "loss": 0.0806,
            "step": 14000
            },
            {
            "epoch": 0.12,
            "learning_rate": 4.969604480928384e-05,
            "loss": 0.0795,
            "step": 14500
            },
            {
            "epoch": 0.13,
            "learning_rate": 4.9685563595810866e-05,
            "loss": 0.0789,
            "step": 15000
            },
            {
            "epoch": 0.13,
            "learning_rate": 4.96750823823379e-05,
            "loss": 0.079,
            "step": 15500
            },
            {
            "epoch": 0.13,
            "learning_rate": 4.966460116886493e-05,
            "loss": 0.0784,
            "step": 16000
            },
            {
            "epoch": 0.14,
            "learning_rate": 4.9654119955391956e-05,
            "loss": 0.0774,
            "step": 16500
            },
            {
            "epoch": 0.14,
            "learning_rate": 4.964363874191899e-05,
            "loss": 0.0778,
            "step": 17000
            },
            {
            "epoch": 0.15,
            "learning_rate": 4.9633157528446014e-05,
            "loss": 0.0781,
            "step": 17500
            },
            {
            "epoch": 0.15,
            "learning_rate": 4.9622676314973046e-05,
            "loss": 0.0775,
            "step": 18000
            },
            {
            "epoch": 0.16,
            "learning_rate": 4.961219510150007e-05,
            "loss": 0.0771,
            "step": 18500
            },
            {
            "epoch": 0.16,
            "learning_rate": 4.9601713888027104e-05,
            "loss": 0.0761,
            "step": 19000
            },
            {
            "epoch": 0.16,
            "learning_rate": 4.959123267455413e-05,
            "loss": 0.0758,
            "step": 19500
            },
            {
            "epoch": 0.17,
            "learning_rate": 4.958075146108116e-05,
            "loss": 0.0767,
            "step": 20000
            },
            {
            "epoch": 0.17,
            "eval_loss": 0.074555404484272,
            "eval_runtime": 304.9258,
            "eval_samples_per_second": 1390.624,
            "eval_steps_per_second": 21.73,
            "step": 20000
            },
            {
            "epoch": 0.17,
            "learning_rate": 4.9570270247608195e-05,
            "loss": 0.0754,
            "step": 20500
            },
            {
            "epoch": 0.18,
            "learning_rate": 4.955978903413522e-05,
            "loss": 0.0754,
            "step": 21000
            },
            {
            "epoch": 0.18,
            "learning_rate": 4.954930782066225e-05,
            "loss": 0.075,
            "step": 21500
            },
            {
            "epoch": 0.18,
            "learning_rate": 4.953882660718928e-05,
            "loss": 0.0748,
            "step": 22000
            },
            {
            "epoch": 0.19,
            "learning_rate": 4.952834539371631e-05,
            "loss": 0.0742,
            "step": 22500
            },
            {
            "epoch": 0.19,
            "learning_rate": 4.9517864180243336e-05,
            "loss": 0.0745,
            "step": 23000
            },
            {
            "epoch": 0.2,
            "learning_rate": 4.950738296677037e-05,
            "loss": 0.0742,
            "step": 23500
            },
            {
            "epoch": 0.2,
            "learning_rate": 4.9496901753297394e-05,
            "loss": 0.0742,
            "step": 24000
            },
            {
            "epoch": 0.21,
            "learning_rate": 4.948642053982442e-05,
            "loss": 0.0737,
            "step": 24500
            },
            {
            "epoch": 0.21,
            "learning_rate": 4.947593932635145e-05,
            "loss": 0.0732,
            "step": 25000
            },
            {
            "epoch": 0.21,
            "learning_rate": 4.946545811287848e-05,
            "loss": 0.0739,
            "step": 25500
            },
            {
            "epoch": 0.22,
            "learning_rate": 4.945497689940551e-05,
            "loss": 0.0733,
            "step": 26000
            },
            {
            "epoch": 0.22,
            "learning_rate": 4.9444495685932536e-05,
            "loss": 0.0733,
            "step": 26500
            },
            {
            "epoch": 0.23,
            "learning_rate": 4.943401447245957e-05,
            "loss": 0.073,
            "step": 27000
            },
            {
            "epoch": 0.23,
            "learning_rate": 4.9423533258986594e-05,
            "loss": 0.0728,
            "step": 27500
            },
            {
            "epoch": 0.23,
            "learning_rate": 4.9413052045513626e-05,
            "loss": 0.0727,
            "step": 28000
            },
            {
            "epoch": 0.24,
            "learning_rate": 4.940257083204065e-05,
            "loss": 0.0719,
            "step": 28500
            },
            {
            "epoch": 0.24,
            "learning_rate": 4.9392089618567684e-05,
            "loss": 0.0724,
            "step": 29000
            },
            {
            "epoch": 0.25,
            "learning_rate": 4.938160840509471e-05,
            "loss": 0.0725,
            "step": 29500
            },
            {
            "epoch": 0.25,
            "learning_rate": 4.937112719162174e-05,
            "loss": 0.0713,
            "step": 30000
            },
            {
            "epoch": 0.26,
            "learning_rate": 4.936064597814877e-05,
            "loss": 0.0713,
            "step": 30500
            },
            {
            "epoch": 0.26,
            "learning_rate": 4.93501647646758e-05,
            "loss": 0.0717,
            "step": 31000
            },
            {
            "epoch": 0.26,
            "learning_rate": 4.9339683551202826e-05,
            "loss": 0.0718,
            "step": 31500
            },
            {
            "epoch": 0.27,
            "learning_rate": 4.932920233772986e-05,
            "loss": 0.0708,
            "step": 32000
            },
            {
            "epoch": 0.27,
            "learning_rate": 4.9318721124256884e-05,
            "loss": 0.0707,
            "step": 32500
            },
            {
            "epoch": 0.28,
            "learning_rate": 4.9308239910783916e-05,
            "loss": 0.0707,
            "step": 33000
            },
            {
            "epoch": 0.28,
            "learning_rate": 4.929775869731094e-05,
            "loss": 0.0708,
            "step": 33500
            },
            {
            "epoch": 0.29,
            "learning_rate": 4.9287277483837974e-05,
            "loss": 0.0712,
            "step": 34000
            },
            {
            "epoch": 0.29,
            "learning_rate": 4.9276796270365e-05,
            "loss": 0.0702,
            "step": 34500
            },
            {
            "epoch": 0.29,
            "learning_rate": 4.926631505689203e-05,
            "loss": 0.0704,
            "step": 35000
            },
            {
            "epoch": 0.3,
            "learning_rate": 4.925583384341906e-05,
            "loss": 0.0706,
            "step": 35500
            },
            {
            "epoch": 0.3,
            "learning_rate": 4.9245352629946084e-05,
            "loss": 0.0699,
            "step": 36000
            },
            {
            "epoch": 0.31,
            "learning_rate": 4.9234871416473116e-05,
            "loss": 0.0701,
            "step": 36500
            },
            {
            "epoch": 0.31,
            "learning_rate": 4.922439020300014e-05,
            "loss": 0.0703,
            "step": 37000
            },
            {
            "epoch": 0.31,
            "learning_rate": 4.9213908989527174e-05,
            "loss": 0.0697,
            "step": 37500
            },
            {
            "epoch": 0.32,
            "learning_rate": 4.92034277760542e-05,
            "loss": 0.0697,
            "step": 38000
            },
            {
            "epoch": 0.32,
            "learning_rate": 4.919294656258123e-05,
            "loss": 0.0697,
            "step": 38500
            },
            {
            "epoch": 0.33,
            "learning_rate": 4.918246534910826e-05,
            "loss": 0.07,
            "step": 39000
            },
            {
            "epoch": 0.33,
            "learning_rate": 4.917198413563529e-05,
            "loss": 0.0696,
            "step": 39500
            },
            {
            "epoch": 0.34,
            "learning_rate": 4.9161502922162316e-05,
            "loss": 0.0689,
            "step": 40000
            },
            {
            "epoch": 0.34,
            "eval_loss": 0.06805748492479324,
            "eval_runtime": 304.831,
            "eval_samples_per_second": 1391.056,
            "eval_steps_per_second": 21.737,
            "step": 40000
            },
            {
            "epoch": 0.34,
            "learning_rate": 4.915102170868935e-05,
            "loss": 0.0693,
            "step": 40500
            },
            {
            "epoch": 0.34,
            "learning_rate": 4.9140540495216374e-05,
            "loss": 0.0686,
            "step": 41000
            },
            {
            "epoch": 0.35,
            "learning_rate": 4.9130059281743406e-05,
            "loss": 0.0684,
            "step": 41500
            },
            {
            "epoch": 0.35,
            "learning_rate": 4.911957806827043e-05,
            "loss": 0.0691,
            "step": 42000
            },
            {
            "epoch": 0.36,
            "learning_rate": 4.9109096854797464e-05,
            "loss": 0.0681,
            "step": 42500
            },
            {
            "epoch": 0.36,
            "learning_rate": 4.909861564132449e-05,
            "loss": 0.0684,
            "step": 43000
            },
            {
            "epoch": 0.36,
            "learning_rate": 4.908813442785152e-05,
            "loss": 0.0681,
            "step": 43500
            },
            {
            "epoch": 0.37,
            "learning_rate": 4.907765321437855e-05,
            "loss": 0.0678,
            "step": 44000
            },
            {
            "epoch": 0.37,
            "learning_rate": 4.906717200090558e-05,
            "loss": 0.0692,
            "step": 44500
            },
            {
            "epoch": 0.38,
            "learning_rate": 4.9056690787432606e-05,
            "loss": 0.0682,
            "step": 45000
            },
            {
            "epoch": 0.38,
            "learning_rate": 4.904620957395964e-05,
            "loss": 0.0684,
            "step": 45500
            },
            {
            "epoch": 0.39,
            "learning_rate": 4.9035728360486664e-05,
            "loss": 0.0682,
            "step": 46000
            },
            {
            "epoch": 0.39,
            "learning_rate": 4.9025247147013696e-05,
            "loss": 0.068,
            "step": 46500
            },
            {
            "epoch": 0.39,
            "learning_rate": 4.901476593354072e-05,
            "loss": 0.0677,
            "step": 47000
            },
            {
            "epoch": 0.4,
            "learning_rate": 4.900428472006775e-05,
            "loss": 0.0674,
            "step": 47500
            },
            {
            "epoch": 0.4,
            "learning_rate": 4.899380350659478e-05,
            "loss": 0.0676,
            "step": 48000
            },
            {
            "epoch": 0.41,
            "learning_rate": 4.8983322293121805e-05,
            "loss": 0.0671,
            "step": 48500
            },
            {
            "epoch": 0.41,
            "learning_rate": 4.897284107964884e-05,
            "loss": 0.0676,
            "step": 49000
            },
            {
            "epoch": 0.42,
            "learning_rate": 4.896235986617586e-05,
            "loss": 0.0678,
            "step": 49500
            },
            {
            "epoch": 0.42,
            "learning_rate": 4.8951878652702896e-05,
            "loss": 0.0678,
            "step": 50000
            },
            {
            "epoch": 0.42,
            "learning_rate": 4.894139743922992e-05,
            "loss": 0.0671,
            "step": 50500
            },
            {
            "epoch": 0.43,
            "learning_rate": 4.8930916225756954e-05,
            "loss": 0.0666,
            "step": 51000
            },
            {
            "epoch": 0.43,
            "learning_rate": 4.8920435012283986e-05,
            "loss": 0.0669,
            "step": 51500
            },
            {
            "epoch": 0.44,
            "learning_rate": 4.890995379881101e-05,
            "loss": 0.067,
            "step": 52000
            },
            {
            "epoch": 0.44,
            "learning_rate": 4.8899472585338044e-05,
            "loss": 0.0675,
            "step": 52500
            },
            {
            "epoch": 0.44,
            "learning_rate": 4.888899137186507e-05,
            "loss": 0.0669,
            "step": 53000
            },
            {
            "epoch": 0.45,
            "learning_rate": 4.88785101583921e-05,
            "loss": 0.067,
            "step": 53500
            },
            {
            "epoch": 0.45,
            "learning_rate": 4.886802894491913e-05,
            "loss": 0.067,
            "step": 54000
            },
            {
            "epoch": 0.46,
            "learning_rate": 4.885754773144616e-05,
            "loss": 0.0665,
            "step": 54500
            },
            {
            "epoch": 0.46,
            "learning_rate": 4.8847066517973186e-05,
            "loss": 0.0663,
            "step": 55000
            },
            {
            "epoch": 0.47,
            "learning_rate": 4.883658530450022e-05,
            "loss": 0.0666,
            "step": 55500
            },
            {
            "epoch": 0.47,
            "learning_rate": 4.882610409102725e-05,
            "loss": 0.0662,
            "step": 56000
            },
            {
            "epoch": 0.47,
            "learning_rate": 4.8815622877554276e-05,
            "loss": 0.0665,
            "step": 56500
            },
            {
            "epoch": 0.48,
            "learning_rate": 4.880514166408131e-05,
            "loss": 0.066,
            "step": 57000
            },
            {
            "epoch": 0.48,
            "learning_rate": 4.8794660450608334e-05,
            "loss": 0.0661,
            "step": 57500
            },
            {
            "epoch": 0.49,
            "learning_rate": 4.8784179237135366e-05,
            "loss": 0.0655,
            "step": 58000
            },
            {
            "epoch": 0.49,
            "learning_rate": 4.877369802366239e-05,
            "loss": 0.0653,
            "step": 58500
            },
            {
            "epoch": 0.49,
            "learning_rate": 4.8763216810189424e-05,
            "loss": 0.0663,
            "step": 59000
            },
            {
            "epoch": 0.5,
            "learning_rate": 4.875273559671645e-05,
            "loss": 0.066,
            "step": 59500
            },
            {
            "epoch": 0.5,
            "learning_rate": 4.8742254383243476e-05,
            "loss": 0.0661,
            "step": 60000
            },
            {
            "epoch": 0.5,
            "eval_loss": 0.06451308727264404,
            "eval_runtime": 304.8326,
            "eval_samples_per_second": 1391.049,
            "eval_steps_per_second": 21.737,
            "step": 60000
            },
            {
            "epoch": 0.51,
            "learning_rate": 4.873177316977051e-05,
            "loss": 0.0657,
            "step": 60500
            },
            {
            "epoch": 0.51,
            "learning_rate": 4.8721291956297534e-05,
            "loss": 0.0657,
            "step": 61000
            },
            {
            "epoch": 0.52,
            "learning_rate": 4.8710810742824566e-05,
            "loss": 0.0648,
            "step": 61500
            },
            {
            "epoch": 0.52,
            "learning_rate": 4.870032952935159e-05,
            "loss": 0.0649,
            "step": 62000
            },
            {
            "epoch": 0.52,
            "learning_rate": 4.8689848315878624e-05,
            "loss": 0.0652,
            "step": 62500
            },
            {
            "epoch": 0.53,
            "learning_rate": 4.867936710240565e-05,
            "loss": 0.0652,
            "step": 63000
            },
            {
            "epoch": 0.53,
            "learning_rate": 4.866888588893268e-05,
            "loss": 0.0654,
            "step": 63500
            },
            {
            "epoch": 0.54,
            "learning_rate": 4.865840467545971e-05,
            "loss": 0.0647,
            "step": 64000
            },
            {
            "epoch": 0.54,
            "learning_rate": 4.864792346198674e-05,
            "loss": 0.0653,
            "step": 64500
            },
            {
            "epoch": 0.55,
            "learning_rate": 4.8637442248513766e-05,
            "loss": 0.0648,
            "step": 65000
            },
            {
            "epoch": 0.55,
            "learning_rate": 4.86269610350408e-05,
            "loss": 0.0653,
            "step": 65500
            },
            {
            "epoch": 0.55,
            "learning_rate": 4.8616479821567824e-05,
            "loss": 0.0648,
            "step": 66000
            },
            {
            "epoch": 0.56,
            "learning_rate": 4.8605998608094856e-05,
            "loss": 0.0655,
            "step": 66500
            },
            {
            "epoch": 0.56,
            "learning_rate": 4.859551739462188e-05,
            "loss": 0.0651,
            "step": 67000
            },
            {
            "epoch": 0.57,
            "learning_rate": 4.8585036181148914e-05,
            "loss": 0.0645,
            "step": 67500
            },
            {
            "epoch": 0.57,
            "learning_rate": 4.857455496767594e-05,
            "loss": 0.0651,
            "step": 68000
            },
            {
            "epoch": 0.57,
            "learning_rate": 4.856407375420297e-05,
            "loss": 0.0646,
            "step": 68500
            },
            {
            "epoch": 0.58,
            "learning_rate": 4.855359254073e-05,
            "loss": 0.0646,
            "step": 69000
            },
            {
            "epoch": 0.58,
            "learning_rate": 4.854311132725703e-05,
            "loss": 0.065,
            "step": 69500
            },
            {
            "epoch": 0.59,
            "learning_rate": 4.8532630113784056e-05,
            "loss": 0.0647,
            "step": 70000
            },
            {
            "epoch": 0.59,
            "learning_rate": 4.852214890031109e-05,
            "loss": 0.0638,
            "step": 70500
            },
            {
            "epoch": 0.6,
            "learning_rate": 4.8511667686838114e-05,
            "loss": 0.0651,
            "step": 71000
            },
            {
            "epoch": 0.6,
            "learning_rate": 4.850118647336514e-05,
            "loss": 0.0643,
            "step": 71500
            },
            {
            "epoch": 0.6,
            "learning_rate": 4.849070525989217e-05,
            "loss": 0.064,
            "step": 72000
            },
            {
            "epoch": 0.61,
            "learning_rate": 4.84802240464192e-05,
            "loss": 0.064,
            "step": 72500
            },
            {
            "epoch": 0.61,
            "learning_rate": 4.846974283294623e-05,
            "loss": 0.0639,
            "step": 73000
            },
            {
            "epoch": 0.62,
            "learning_rate": 4.8459261619473255e-05,
            "loss": 0.064,
            "step": 73500
            },
            {
            "epoch": 0.62,
            "learning_rate": 4.844878040600029e-05,
            "loss": 0.0639,
            "step": 74000
            },
            {
            "epoch": 0.62,
            "learning_rate": 4.843829919252731e-05,
            "loss": 0.0645,
            "step": 74500
            },
            {
            "epoch": 0.63,
            "learning_rate": 4.8427817979054346e-05,
            "loss": 0.0645,
            "step": 75000
            },
            {
            "epoch": 0.63,
            "learning_rate": 4.841733676558137e-05,
            "loss": 0.0643,
            "step": 75500
            },
            {
            "epoch": 0.64,
            "learning_rate": 4.8406855552108404e-05,
            "loss": 0.0639,
            "step": 76000
            },
            {
            "epoch": 0.64,
            "learning_rate": 4.839637433863543e-05,
            "loss": 0.064,
            "step": 76500
            },
            {
            "epoch": 0.65,
            "learning_rate": 4.838589312516246e-05,
            "loss": 0.0634,
            "step": 77000
            },
            {
            "epoch": 0.65,
            "learning_rate": 4.837541191168949e-05,
            "loss": 0.0635,
            "step": 77500
            },
            {
            "epoch": 0.65,
            "learning_rate": 4.836493069821652e-05,
            "loss": 0.0639,
            "step": 78000
            },
            {
            "epoch": 0.66,
            "learning_rate": 4.8354449484743545e-05,
            "loss": 0.0638,
            "step": 78500
            },
            {
            "epoch": 0.66,
            "learning_rate": 4.834396827127058e-05,
            "loss": 0.0639,
            "step": 79000
            },
            {
            "epoch": 0.67,
            "learning_rate": 4.83334870577976e-05,
            "loss": 0.0639,
            "step": 79500
            },
            {
            "epoch": 0.67,
            "learning_rate": 4.8323005844324636e-05,
            "loss": 0.0636,
            "step": 80000
            },
            {
            "epoch": 0.67,
            "eval_loss": 0.06263391673564911,
            "eval_runtime": 304.5643,
            "eval_samples_per_second": 1392.274,
            "eval_steps_per_second": 21.756,
            "step": 80000
            },
            {
            "epoch": 0.67,
            "learning_rate": 4.831252463085166e-05,
            "loss": 0.0631,
            "step": 80500
            },
            {
            "epoch": 0.68,
            "learning_rate": 4.8302043417378694e-05,
            "loss": 0.064,
            "step": 81000
            },
            {
            "epoch": 0.68,
            "learning_rate": 4.829156220390572e-05,
            "loss": 0.0636,
            "step": 81500
            },
            {
            "epoch": 0.69,
            "learning_rate": 4.828108099043275e-05,
            "loss": 0.0639,
            "step": 82000
            },
            {
            "epoch": 0.69,
            "learning_rate": 4.827059977695978e-05,
            "loss": 0.0635,
            "step": 82500
            },
            {
            "epoch": 0.7,
            "learning_rate": 4.82601185634868e-05,
            "loss": 0.0634,
            "step": 83000
            },
            {
            "epoch": 0.7,
            "learning_rate": 4.8249637350013835e-05,
            "loss": 0.0637,
            "step": 83500
            },
            {
            "epoch": 0.7,
            "learning_rate": 4.823915613654086e-05,
            "loss": 0.0628,
            "step": 84000
            },
            {
            "epoch": 0.71,
            "learning_rate": 4.822867492306789e-05,
            "loss": 0.0628,
            "step": 84500
            },
            {
            "epoch": 0.71,
            "learning_rate": 4.821819370959492e-05,
            "loss": 0.0641,
            "step": 85000
            },
            {
            "epoch": 0.72,
            "learning_rate": 4.820771249612195e-05,
            "loss": 0.0629,
            "step": 85500
            },
            {
            "epoch": 0.72,
            "learning_rate": 4.819723128264898e-05,
            "loss": 0.0635,
            "step": 86000
            },
            {
            "epoch": 0.73,
            "learning_rate": 4.818675006917601e-05,
            "loss": 0.0628,
            "step": 86500
            },
            {
            "epoch": 0.73,
            "learning_rate": 4.817626885570304e-05,
            "loss": 0.0628,
            "step": 87000
            },
            {
            "epoch": 0.73,
            "learning_rate": 4.816578764223007e-05,
            "loss": 0.0627,
            "step": 87500
            },
            {
            "epoch": 0.74,
            "learning_rate": 4.81553064287571e-05,
            "loss": 0.0621,
            "step": 88000
            },
            {
            "epoch": 0.74,
            "learning_rate": 4.8144825215284125e-05,
            "loss": 0.0623,
            "step": 88500
            },
            {
            "epoch": 0.75,
            "learning_rate": 4.813434400181116e-05,
            "loss": 0.0632,
            "step": 89000
            },
            {
            "epoch": 0.75,
            "learning_rate": 4.812386278833818e-05,
            "loss": 0.063,
            "step": 89500
            },
            {
            "epoch": 0.75,
            "learning_rate": 4.8113381574865216e-05,
            "loss": 0.0627,
            "step": 90000
            },
            {
            "epoch": 0.76,
            "learning_rate": 4.810290036139225e-05,
            "loss": 0.0633,
            "step": 90500
            },
            {
            "epoch": 0.76,
            "learning_rate": 4.8092419147919274e-05,
            "loss": 0.0627,
            "step": 91000
            },
            {
            "epoch": 0.77,
            "learning_rate": 4.8081937934446306e-05,
            "loss": 0.0624,
            "step": 91500
            },
            {
            "epoch": 0.77,
            "learning_rate": 4.807145672097333e-05,
            "loss": 0.063,
            "step": 92000
            },
            {
            "epoch": 0.78,
            "learning_rate": 4.8060975507500364e-05,
            "loss": 0.0623,
            "step": 92500
            },
            {
            "epoch": 0.78,
            "learning_rate": 4.805049429402739e-05,
            "loss": 0.0621,
            "step": 93000
            },
            {
            "epoch": 0.78,
            "learning_rate": 4.804001308055442e-05,
            "loss": 0.0632,
            "step": 93500
            },
            {
            "epoch": 0.79,
            "learning_rate": 4.802953186708145e-05,
            "loss": 0.0626,
            "step": 94000
            },
            {
            "epoch": 0.79,
            "learning_rate": 4.801905065360848e-05,
            "loss": 0.0615,
            "step": 94500
            },
            {
            "epoch": 0.8,
            "learning_rate": 4.8008569440135506e-05,
            "loss": 0.0622,
            "step": 95000
            },
            {
            "epoch": 0.8,
            "learning_rate": 4.799808822666253e-05,
            "loss": 0.062,
            "step": 95500
            },
            {
            "epoch": 0.8,
            "learning_rate": 4.7987607013189564e-05,
            "loss": 0.0627,
            "step": 96000
            },
            {
            "epoch": 0.81,
            "learning_rate": 4.797712579971659e-05,
            "loss": 0.0614,
            "step": 96500
            },
            {
            "epoch": 0.81,
            "learning_rate": 4.796664458624362e-05,
            "loss": 0.062,
            "step": 97000
            },
            {
            "epoch": 0.82,
            "learning_rate": 4.795616337277065e-05,
            "loss": 0.0624,
            "step": 97500
            },
            {
            "epoch": 0.82,
            "learning_rate": 4.794568215929768e-05,
            "loss": 0.0625,
            "step": 98000
            },
            {
            "epoch": 0.83,
            "learning_rate": 4.7935200945824705e-05,
            "loss": 0.0615,
            "step": 98500
            },
            {
            "epoch": 0.83,
            "learning_rate": 4.792471973235174e-05,
            "loss": 0.0625,
            "step": 99000
            },
            {
            "epoch": 0.83,
            "learning_rate": 4.791423851887876e-05,
            "loss": 0.0627,
            "step": 99500
            },
            {
            "epoch": 0.84,
            "learning_rate": 4.7903757305405796e-05,
            "loss": 0.0619,
            "step": 100000
            },
            {
            "epoch": 0.84,
            "eval_loss": 0.0607706643640995,
            "eval_runtime": 304.6338,
            "eval_samples_per_second": 1391.956,
            "eval_steps_per_second": 21.751,
            "step": 100000
            },
            {
            "epoch": 0.84,
            "learning_rate": 4.789327609193282e-05,
            "loss": 0.0616,
            "step": 100500
            },
            {
            "epoch": 0.85,
            "learning_rate": 4.7882794878459854e-05,
            "loss": 0.0624,
            "step": 101000
            },
            {
            "epoch": 0.85,
            "learning_rate": 4.787231366498688e-05,
            "loss": 0.062,
            "step": 101500
            },
            {
            "epoch": 0.86,
            "learning_rate": 4.786183245151391e-05,
            "loss": 0.062,
            "step": 102000
            },
            {
            "epoch": 0.86,
            "learning_rate": 4.785135123804094e-05,
            "loss": 0.0613,
            "step": 102500
            },
            {
            "epoch": 0.86,
            "learning_rate": 4.784087002456797e-05,
            "loss": 0.0618,
            "step": 103000
            },
            {
            "epoch": 0.87,
            "learning_rate": 4.7830388811094995e-05,
            "loss": 0.0623,
            "step": 103500
            },
            {
            "epoch": 0.87,
            "learning_rate": 4.781990759762203e-05,
            "loss": 0.0614,
            "step": 104000
            },
            {
            "epoch": 0.88,
            "learning_rate": 4.780942638414905e-05,
            "loss": 0.061,
            "step": 104500
            },
            {
            "epoch": 0.88,
            "learning_rate": 4.7798945170676086e-05,
            "loss": 0.0615,
            "step": 105000
            },
            {
            "epoch": 0.88,
            "learning_rate": 4.778846395720311e-05,
            "loss": 0.0617,
            "step": 105500
            },
            {
            "epoch": 0.89,
            "learning_rate": 4.7777982743730144e-05,
            "loss": 0.0618,
            "step": 106000
            },
            {
            "epoch": 0.89,
            "learning_rate": 4.776750153025717e-05,
            "loss": 0.0611,
            "step": 106500
            },
            {
            "epoch": 0.9,
            "learning_rate": 4.7757020316784195e-05,
            "loss": 0.0612,
            "step": 107000
            },
            {
            "epoch": 0.9,
            "learning_rate": 4.774653910331123e-05,
            "loss": 0.0615,
            "step": 107500
            },
            {
            "epoch": 0.91,
            "learning_rate": 4.773605788983825e-05,
            "loss": 0.0619,
            "step": 108000
            },
            {
            "epoch": 0.91,
            "learning_rate": 4.7725576676365285e-05,
            "loss": 0.0613,
            "step": 108500
            },
            {
            "epoch": 0.91,
            "learning_rate": 4.771509546289231e-05,
            "loss": 0.0616,
            "step": 109000
            },
            {
            "epoch": 0.92,
            "learning_rate": 4.770461424941934e-05,
            "loss": 0.0613,
            "step": 109500
            },
            {
            "epoch": 0.92,
            "learning_rate": 4.769413303594637e-05,
            "loss": 0.0618,
            "step": 110000
            },
            {
            "epoch": 0.93,
            "learning_rate": 4.76836518224734e-05,
            "loss": 0.0608,
            "step": 110500
            },
            {
            "epoch": 0.93,
            "learning_rate": 4.767317060900043e-05,
            "loss": 0.061,
            "step": 111000
            },
            {
            "epoch": 0.93,
            "learning_rate": 4.766268939552746e-05,
            "loss": 0.061,
            "step": 111500
            },
            {
            "epoch": 0.94,
            "learning_rate": 4.7652208182054485e-05,
            "loss": 0.0609,
            "step": 112000
            },
            {
            "epoch": 0.94,
            "learning_rate": 4.764172696858152e-05,
            "loss": 0.0613,
            "step": 112500
            },
            {
            "epoch": 0.95,
            "learning_rate": 4.763124575510854e-05,
            "loss": 0.0609,
            "step": 113000
            },
            {
            "epoch": 0.95,
            "learning_rate": 4.7620764541635575e-05,
            "loss": 0.061,
            "step": 113500
            },
            {
            "epoch": 0.96,
            "learning_rate": 4.76102833281626e-05,
            "loss": 0.0614,
            "step": 114000
            },
            {
            "epoch": 0.96,
            "learning_rate": 4.759980211468963e-05,
            "loss": 0.061,
            "step": 114500
            },
            {
            "epoch": 0.96,
            "learning_rate": 4.758932090121666e-05,
            "loss": 0.0609,
            "step": 115000
            },
            {
            "epoch": 0.97,
            "learning_rate": 4.757883968774369e-05,
            "loss": 0.0618,
            "step": 115500
            },
            {
            "epoch": 0.97,
            "learning_rate": 4.756835847427072e-05,
            "loss": 0.0609,
            "step": 116000
            },
            {
            "epoch": 0.98,
            "learning_rate": 4.755787726079775e-05,
            "loss": 0.0608,
            "step": 116500
            },
            {
            "epoch": 0.98,
            "learning_rate": 4.7547396047324775e-05,
            "loss": 0.0608,
            "step": 117000
            },
            {
            "epoch": 0.99,
            "learning_rate": 4.753691483385181e-05,
            "loss": 0.0606,
            "step": 117500
            },
            {
            "epoch": 0.99,
            "learning_rate": 4.752643362037883e-05,
            "loss": 0.061,
            "step": 118000
            },
            {
            "epoch": 0.99,
            "learning_rate": 4.751595240690586e-05,
            "loss": 0.0608,
            "step": 118500
            },
            {
            "epoch": 1.0,
            "learning_rate": 4.750547119343289e-05,
            "loss": 0.0608,
            "step": 119000
            },
            {
            "epoch": 1.0,
            "learning_rate": 4.7494989979959916e-05,
            "loss": 0.061,
            "step": 119500
            },
            {
            "epoch": 1.01,
            "learning_rate": 4.748450876648695e-05,
            "loss": 0.0608,
            "step": 120000
            },
            {
            "epoch": 1.01,
            "eval_loss": 0.059551138430833817,
            "eval_runtime": 304.7123,
            "eval_samples_per_second": 1391.598,
            "eval_steps_per_second": 21.745,
            "step": 120000
            },
            {
            "epoch": 1.01,
            "learning_rate": 4.7474027553013974e-05,
            "loss": 0.0605,
            "step": 120500
            },
            {
            "epoch": 1.01,
            "learning_rate": 4.746354633954101e-05,
            "loss": 0.0605,
            "step": 121000
            },
            {
            "epoch": 1.02,
            "learning_rate": 4.745306512606804e-05,
            "loss": 0.0602,
            "step": 121500
            },
            {
            "epoch": 1.02,
            "learning_rate": 4.7442583912595065e-05,
            "loss": 0.06,
            "step": 122000
            },
            {
            "epoch": 1.03,
            "learning_rate": 4.74321026991221e-05,
            "loss": 0.0603,
            "step": 122500
            },
            {
            "epoch": 1.03,
            "learning_rate": 4.742162148564912e-05,
            "loss": 0.0605,
            "step": 123000
            },
            {
            "epoch": 1.04,
            "learning_rate": 4.7411140272176155e-05,
            "loss": 0.0601,
            "step": 123500
            },
            {
            "epoch": 1.04,
            "learning_rate": 4.740065905870318e-05,
            "loss": 0.0604,
            "step": 124000
            },
            {
            "epoch": 1.04,
            "learning_rate": 4.739017784523021e-05,
            "loss": 0.0604,
            "step": 124500
            },
            {
            "epoch": 1.05,
            "learning_rate": 4.737969663175724e-05,
            "loss": 0.0597,
            "step": 125000
            },
            {
            "epoch": 1.05,
            "learning_rate": 4.736921541828427e-05,
            "loss": 0.0601,
            "step": 125500
            },
            {
            "epoch": 1.06,
            "learning_rate": 4.7358734204811304e-05,
            "loss": 0.0603,
            "step": 126000
            },
            {
            "epoch": 1.06,
            "learning_rate": 4.734825299133833e-05,
            "loss": 0.0601,
            "step": 126500
            },
            {
            "epoch": 1.06,
            "learning_rate": 4.733777177786536e-05,
            "loss": 0.0604,
            "step": 127000
            },
            {
            "epoch": 1.07,
            "learning_rate": 4.732729056439239e-05,
            "loss": 0.0602,
            "step": 127500
            },
            {
            "epoch": 1.07,
            "learning_rate": 4.731680935091942e-05,
            "loss": 0.06,
            "step": 128000
            },
            {
            "epoch": 1.08,
            "learning_rate": 4.7306328137446445e-05,
            "loss": 0.0601,
            "step": 128500
            },
            {
            "epoch": 1.08,
            "learning_rate": 4.729584692397348e-05,
            "loss": 0.0601,
            "step": 129000
            },
            {
            "epoch": 1.09,
            "learning_rate": 4.72853657105005e-05,
            "loss": 0.0602,
            "step": 129500
            },
            {
            "epoch": 1.09,
            "learning_rate": 4.7274884497027536e-05,
            "loss": 0.0597,
            "step": 130000
            },
            {
            "epoch": 1.09,
            "learning_rate": 4.726440328355456e-05,
            "loss": 0.0598,
            "step": 130500
            },
            {
            "epoch": 1.1,
            "learning_rate": 4.725392207008159e-05,
            "loss": 0.0597,
            "step": 131000
            },
            {
            "epoch": 1.1,
            "learning_rate": 4.724344085660862e-05,
            "loss": 0.0607,
            "step": 131500
            },
            {
            "epoch": 1.11,
            "learning_rate": 4.7232959643135645e-05,
            "loss": 0.0597,
            "step": 132000
            },
            {
            "epoch": 1.11,
            "learning_rate": 4.722247842966268e-05,
            "loss": 0.0601,
            "step": 132500
            },
            {
            "epoch": 1.12,
            "learning_rate": 4.72119972161897e-05,
            "loss": 0.0597,
            "step": 133000
            },
            {
            "epoch": 1.12,
            "learning_rate": 4.7201516002716735e-05,
            "loss": 0.0599,
            "step": 133500
            },
            {
            "epoch": 1.12,
            "learning_rate": 4.719103478924376e-05,
            "loss": 0.0596,
            "step": 134000
            },
            {
            "epoch": 1.13,
            "learning_rate": 4.718055357577079e-05,
            "loss": 0.0598,
            "step": 134500
            },
            {
            "epoch": 1.13,
            "learning_rate": 4.717007236229782e-05,
            "loss": 0.06,
            "step": 135000
            },
            {
            "epoch": 1.14,
            "learning_rate": 4.715959114882485e-05,
            "loss": 0.0597,
            "step": 135500
            },
            {
            "epoch": 1.14,
            "learning_rate": 4.714910993535188e-05,
            "loss": 0.0595,
            "step": 136000
            },
            {
            "epoch": 1.14,
            "learning_rate": 4.713862872187891e-05,
            "loss": 0.0594,
            "step": 136500
            },
            {
            "epoch": 1.15,
            "learning_rate": 4.7128147508405935e-05,
            "loss": 0.0597,
            "step": 137000
            },
            {
            "epoch": 1.15,
            "learning_rate": 4.711766629493297e-05,
            "loss": 0.0588,
            "step": 137500
            },
            {
            "epoch": 1.16,
            "learning_rate": 4.710718508145999e-05,
            "loss": 0.0592,
            "step": 138000
            },
            {
            "epoch": 1.16,
            "learning_rate": 4.7096703867987025e-05,
            "loss": 0.06,
            "step": 138500
            },
            {
            "epoch": 1.17,
            "learning_rate": 4.708622265451405e-05,
            "loss": 0.0596,
            "step": 139000
            },
            {
            "epoch": 1.17,
            "learning_rate": 4.707574144104108e-05,
            "loss": 0.0595,
            "step": 139500
            },
            {
            "epoch": 1.17,
            "learning_rate": 4.706526022756811e-05,
            "loss": 0.0593,
            "step": 140000
            },
            {
            "epoch": 1.17,
            "eval_loss": 0.05857431888580322,
            "eval_runtime": 304.5432,
            "eval_samples_per_second": 1392.37,
            "eval_steps_per_second": 21.757,
            "step": 140000
            },
            {
            "epoch": 1.18,
            "learning_rate": 4.705477901409514e-05,
            "loss": 0.0596,
            "step": 140500
            },
            {
            "epoch": 1.18,
            "learning_rate": 4.704429780062217e-05,
            "loss": 0.0591,
            "step": 141000
            },
            {
            "epoch": 1.19,
            "learning_rate": 4.70338165871492e-05,
            "loss": 0.0597,
            "step": 141500
            },
            {
            "epoch": 1.19,
            "learning_rate": 4.7023335373676225e-05,
            "loss": 0.0594,
            "step": 142000
            },
            {
            "epoch": 1.19,
            "learning_rate": 4.701285416020325e-05,
            "loss": 0.0595,
            "step": 142500
            },
            {
            "epoch": 1.2,
            "learning_rate": 4.700237294673028e-05,
            "loss": 0.0597,
            "step": 143000
            },
            {
            "epoch": 1.2,
            "learning_rate": 4.699189173325731e-05,
            "loss": 0.0589,
            "step": 143500
            },
            {
            "epoch": 1.21,
            "learning_rate": 4.698141051978434e-05,
            "loss": 0.0593,
            "step": 144000
            },
            {
            "epoch": 1.21,
            "learning_rate": 4.6970929306311366e-05,
            "loss": 0.0596,
            "step": 144500
            },
            {
            "epoch": 1.22,
            "learning_rate": 4.69604480928384e-05,
            "loss": 0.0589,
            "step": 145000
            },
            {
            "epoch": 1.22,
            "learning_rate": 4.6949966879365424e-05,
            "loss": 0.0591,
            "step": 145500
            },
            {
            "epoch": 1.22,
            "learning_rate": 4.693948566589246e-05,
            "loss": 0.0592,
            "step": 146000
            },
            {
            "epoch": 1.23,
            "learning_rate": 4.692900445241948e-05,
            "loss": 0.0593,
            "step": 146500
            },
            {
            "epoch": 1.23,
            "learning_rate": 4.6918523238946515e-05,
            "loss": 0.0593,
            "step": 147000
            },
            {
            "epoch": 1.24,
            "learning_rate": 4.690804202547354e-05,
            "loss": 0.0587,
            "step": 147500
            },
            {
            "epoch": 1.24,
            "learning_rate": 4.689756081200057e-05,
            "loss": 0.0583,
            "step": 148000
            },
            {
            "epoch": 1.25,
            "learning_rate": 4.68870795985276e-05,
            "loss": 0.0588,
            "step": 148500
            },
            {
            "epoch": 1.25,
            "learning_rate": 4.687659838505463e-05,
            "loss": 0.0595,
            "step": 149000
            },
            {
            "epoch": 1.25,
            "learning_rate": 4.6866117171581656e-05,
            "loss": 0.0591,
            "step": 149500
            },
            {
            "epoch": 1.26,
            "learning_rate": 4.685563595810869e-05,
            "loss": 0.059,
            "step": 150000
            },
            {
            "epoch": 1.26,
            "learning_rate": 4.6845154744635714e-05,
            "loss": 0.0596,
            "step": 150500
            },
            {
            "epoch": 1.27,
            "learning_rate": 4.683467353116275e-05,
            "loss": 0.0587,
            "step": 151000
            },
            {
            "epoch": 1.27,
            "learning_rate": 4.682419231768977e-05,
            "loss": 0.0594,
            "step": 151500
            },
            {
            "epoch": 1.27,
            "learning_rate": 4.6813711104216805e-05,
            "loss": 0.0589,
            "step": 152000
            },
            {
            "epoch": 1.28,
            "learning_rate": 4.680322989074383e-05,
            "loss": 0.0585,
            "step": 152500
            },
            {
            "epoch": 1.28,
            "learning_rate": 4.679274867727086e-05,
            "loss": 0.0595,
            "step": 153000
            },
            {
            "epoch": 1.29,
            "learning_rate": 4.678226746379789e-05,
            "loss": 0.0594,
            "step": 153500
            },
            {
            "epoch": 1.29,
            "learning_rate": 4.6771786250324914e-05,
            "loss": 0.0585,
            "step": 154000
            },
            {
            "epoch": 1.3,
            "learning_rate": 4.6761305036851946e-05,
            "loss": 0.0598,
            "step": 154500
            },
            {
            "epoch": 1.3,
            "learning_rate": 4.675082382337897e-05,
            "loss": 0.0588,
            "step": 155000
            },
            {
            "epoch": 1.3,
            "learning_rate": 4.6740342609906004e-05,
            "loss": 0.0592,
            "step": 155500
            },
            {
            "epoch": 1.31,
            "learning_rate": 4.672986139643303e-05,
            "loss": 0.0589,
            "step": 156000
            },
            {
            "epoch": 1.31,
            "learning_rate": 4.671938018296006e-05,
            "loss": 0.059,
            "step": 156500
            },
            {
            "epoch": 1.32,
            "learning_rate": 4.6708898969487095e-05,
            "loss": 0.0584,
            "step": 157000
            },
            {
            "epoch": 1.32,
            "learning_rate": 4.669841775601412e-05,
            "loss": 0.0599,
            "step": 157500
            },
            {
            "epoch": 1.32,
            "learning_rate": 4.668793654254115e-05,
            "loss": 0.0587,
            "step": 158000
            },
            {
            "epoch": 1.33,
            "learning_rate": 4.667745532906818e-05,
            "loss": 0.0588,
            "step": 158500
            },
            {
            "epoch": 1.33,
            "learning_rate": 4.666697411559521e-05,
            "loss": 0.059,
            "step": 159000
            },
            {
            "epoch": 1.34,
            "learning_rate": 4.6656492902122236e-05,
            "loss": 0.059,
            "step": 159500
            },
            {
            "epoch": 1.34,
            "learning_rate": 4.664601168864927e-05,
            "loss": 0.059,
            "step": 160000
            },
            {
            "epoch": 1.34,
            "eval_loss": 0.05778704583644867,
            "eval_runtime": 304.7941,
            "eval_samples_per_second": 1391.224,
            "eval_steps_per_second": 21.739,
            "step": 160000
            },
            {
            "epoch": 1.35,
            "learning_rate": 4.6635530475176294e-05,
            "loss": 0.0593,
            "step": 160500
            },
            {
            "epoch": 1.35,
            "learning_rate": 4.662504926170333e-05,
            "loss": 0.0584,
            "step": 161000
            },
            {
            "epoch": 1.35,
            "learning_rate": 4.661456804823036e-05,
            "loss": 0.0585,
            "step": 161500
            },
            {
            "epoch": 1.36,
            "learning_rate": 4.6604086834757385e-05,
            "loss": 0.0587,
            "step": 162000
            },
            {
            "epoch": 1.36,
            "learning_rate": 4.659360562128442e-05,
            "loss": 0.0587,
            "step": 162500
            },
            {
            "epoch": 1.37,
            "learning_rate": 4.658312440781144e-05,
            "loss": 0.0589,
            "step": 163000
            },
            {
            "epoch": 1.37,
            "learning_rate": 4.6572643194338475e-05,
            "loss": 0.059,
            "step": 163500
            },
            {
            "epoch": 1.38,
            "learning_rate": 4.65621619808655e-05,
            "loss": 0.0587,
            "step": 164000
            },
            {
            "epoch": 1.38,
            "learning_rate": 4.655168076739253e-05,
            "loss": 0.0589,
            "step": 164500
            },
            {
            "epoch": 1.38,
            "learning_rate": 4.654119955391956e-05,
            "loss": 0.0588,
            "step": 165000
            },
            {
            "epoch": 1.39,
            "learning_rate": 4.653071834044659e-05,
            "loss": 0.0587,
            "step": 165500
            },
            {
            "epoch": 1.39,
            "learning_rate": 4.652023712697362e-05,
            "loss": 0.0586,
            "step": 166000
            },
            {
            "epoch": 1.4,
            "learning_rate": 4.650975591350064e-05,
            "loss": 0.0589,
            "step": 166500
            },
            {
            "epoch": 1.4,
            "learning_rate": 4.6499274700027675e-05,
            "loss": 0.0586,
            "step": 167000
            },
            {
            "epoch": 1.4,
            "learning_rate": 4.64887934865547e-05,
            "loss": 0.0582,
            "step": 167500
            },
            {
            "epoch": 1.41,
            "learning_rate": 4.647831227308173e-05,
            "loss": 0.0581,
            "step": 168000
            },
            {
            "epoch": 1.41,
            "learning_rate": 4.646783105960876e-05,
            "loss": 0.0583,
            "step": 168500
            },
            {
            "epoch": 1.42,
            "learning_rate": 4.645734984613579e-05,
            "loss": 0.058,
            "step": 169000
            },
            {
            "epoch": 1.42,
            "learning_rate": 4.6446868632662816e-05,
            "loss": 0.0581,
            "step": 169500
            },
            {
            "epoch": 1.43,
            "learning_rate": 4.643638741918985e-05,
            "loss": 0.0579,
            "step": 170000
            },
            {
            "epoch": 1.43,
            "learning_rate": 4.6425906205716874e-05,
            "loss": 0.0588,
            "step": 170500
            },
            {
            "epoch": 1.43,
            "learning_rate": 4.641542499224391e-05,
            "loss": 0.0581,
            "step": 171000
            },
            {
            "epoch": 1.44,
            "learning_rate": 4.640494377877093e-05,
            "loss": 0.0583,
            "step": 171500
            },
            {
            "epoch": 1.44,
            "learning_rate": 4.6394462565297965e-05,
            "loss": 0.0586,
            "step": 172000
            },
            {
            "epoch": 1.45,
            "learning_rate": 4.638398135182499e-05,
            "loss": 0.0582,
            "step": 172500
            },
            {
            "epoch": 1.45,
            "learning_rate": 4.637350013835202e-05,
            "loss": 0.0588,
            "step": 173000
            },
            {
            "epoch": 1.45,
            "learning_rate": 4.636301892487905e-05,
            "loss": 0.0579,
            "step": 173500
            },
            {
            "epoch": 1.46,
            "learning_rate": 4.635253771140608e-05,
            "loss": 0.0584,
            "step": 174000
            },
            {
            "epoch": 1.46,
            "learning_rate": 4.6342056497933106e-05,
            "loss": 0.058,
            "step": 174500
            },
            {
            "epoch": 1.47,
            "learning_rate": 4.633157528446014e-05,
            "loss": 0.0583,
            "step": 175000
            },
            {
            "epoch": 1.47,
            "learning_rate": 4.6321094070987164e-05,
            "loss": 0.058,
            "step": 175500
            },
            {
            "epoch": 1.48,
            "learning_rate": 4.63106128575142e-05,
            "loss": 0.0584,
            "step": 176000
            },
            {
            "epoch": 1.48,
            "learning_rate": 4.630013164404122e-05,
            "loss": 0.0588,
            "step": 176500
            },
            {
            "epoch": 1.48,
            "learning_rate": 4.6289650430568255e-05,
            "loss": 0.0584,
            "step": 177000
            },
            {
            "epoch": 1.49,
            "learning_rate": 4.627916921709528e-05,
            "loss": 0.0578,
            "step": 177500
            },
            {
            "epoch": 1.49,
            "learning_rate": 4.6268688003622306e-05,
            "loss": 0.0584,
            "step": 178000
            },
            {
            "epoch": 1.5,
            "learning_rate": 4.625820679014934e-05,
            "loss": 0.0586,
            "step": 178500
            },
            {
            "epoch": 1.5,
            "learning_rate": 4.6247725576676364e-05,
            "loss": 0.0578,
            "step": 179000
            },
            {
            "epoch": 1.51,
            "learning_rate": 4.6237244363203396e-05,
            "loss": 0.0581,
            "step": 179500
            },
            {
            "epoch": 1.51,
            "learning_rate": 4.622676314973042e-05,
            "loss": 0.058,
            "step": 180000
            },
            {
            "epoch": 1.51,
            "eval_loss": 0.05680147185921669,
            "eval_runtime": 304.6314,
            "eval_samples_per_second": 1391.968,
            "eval_steps_per_second": 21.751,
            "step": 180000
            },
            {
            "epoch": 1.51,
            "learning_rate": 4.6216281936257454e-05,
            "loss": 0.0572,
            "step": 180500
            },
            {
            "epoch": 1.52,
            "learning_rate": 4.620580072278448e-05,
            "loss": 0.0577,
            "step": 181000
            },
            {
            "epoch": 1.52,
            "learning_rate": 4.619531950931151e-05,
            "loss": 0.0581,
            "step": 181500
            },
            {
            "epoch": 1.53,
            "learning_rate": 4.618483829583854e-05,
            "loss": 0.0578,
            "step": 182000
            },
            {
            "epoch": 1.53,
            "learning_rate": 4.617435708236557e-05,
            "loss": 0.0586,
            "step": 182500
            },
            {
            "epoch": 1.53,
            "learning_rate": 4.6163875868892596e-05,
            "loss": 0.0578,
            "step": 183000
            },
            {
            "epoch": 1.54,
            "learning_rate": 4.615339465541963e-05,
            "loss": 0.0584,
            "step": 183500
            },
            {
            "epoch": 1.54,
            "learning_rate": 4.6142913441946654e-05,
            "loss": 0.0581,
            "step": 184000
            },
            {
            "epoch": 1.55,
            "learning_rate": 4.6132432228473686e-05,
            "loss": 0.0576,
            "step": 184500
            },
            {
            "epoch": 1.55,
            "learning_rate": 4.612195101500071e-05,
            "loss": 0.0583,
            "step": 185000
            },
            {
            "epoch": 1.56,
            "learning_rate": 4.6111469801527744e-05,
            "loss": 0.058,
            "step": 185500
            },
            {
            "epoch": 1.56,
            "learning_rate": 4.610098858805477e-05,
            "loss": 0.0574,
            "step": 186000
            },
            {
            "epoch": 1.56,
            "learning_rate": 4.60905073745818e-05,
            "loss": 0.0576,
            "step": 186500
            },
            {
            "epoch": 1.57,
            "learning_rate": 4.608002616110883e-05,
            "loss": 0.0576,
            "step": 187000
            },
            {
            "epoch": 1.57,
            "learning_rate": 4.606954494763586e-05,
            "loss": 0.0578,
            "step": 187500
            },
            {
            "epoch": 1.58,
            "learning_rate": 4.6059063734162886e-05,
            "loss": 0.0581,
            "step": 188000
            },
            {
            "epoch": 1.58,
            "learning_rate": 4.604858252068992e-05,
            "loss": 0.0587,
            "step": 188500
            },
            {
            "epoch": 1.58,
            "learning_rate": 4.6038101307216944e-05,
            "loss": 0.0577,
            "step": 189000
            },
            {
            "epoch": 1.59,
            "learning_rate": 4.602762009374397e-05,
            "loss": 0.0574,
            "step": 189500
            },
            {
            "epoch": 1.59,
            "learning_rate": 4.6017138880271e-05,
            "loss": 0.0584,
            "step": 190000
            },
            {
            "epoch": 1.6,
            "learning_rate": 4.600665766679803e-05,
            "loss": 0.0579,
            "step": 190500
            },
            {
            "epoch": 1.6,
            "learning_rate": 4.599617645332506e-05,
            "loss": 0.0581,
            "step": 191000
            },
            {
            "epoch": 1.61,
            "learning_rate": 4.5985695239852086e-05,
            "loss": 0.0579,
            "step": 191500
            },
            {
            "epoch": 1.61,
            "learning_rate": 4.597521402637912e-05,
            "loss": 0.0581,
            "step": 192000
            },
            {
            "epoch": 1.61,
            "learning_rate": 4.596473281290615e-05,
            "loss": 0.0579,
            "step": 192500
            },
            {
            "epoch": 1.62,
            "learning_rate": 4.5954251599433176e-05,
            "loss": 0.0581,
            "step": 193000
            },
            {
            "epoch": 1.62,
            "learning_rate": 4.594377038596021e-05,
            "loss": 0.0574,
            "step": 193500
            },
            {
            "epoch": 1.63,
            "learning_rate": 4.5933289172487234e-05,
            "loss": 0.0579,
            "step": 194000
            },
            {
            "epoch": 1.63,
            "learning_rate": 4.5922807959014266e-05,
            "loss": 0.0578,
            "step": 194500
            },
            {
            "epoch": 1.64,
            "learning_rate": 4.591232674554129e-05,
            "loss": 0.0582,
            "step": 195000
            },
            {
            "epoch": 1.64,
            "learning_rate": 4.5901845532068324e-05,
            "loss": 0.0579,
            "step": 195500
            },
            {
            "epoch": 1.64,
            "learning_rate": 4.589136431859535e-05,
            "loss": 0.0572,
            "step": 196000
            },
            {
            "epoch": 1.65,
            "learning_rate": 4.588088310512238e-05,
            "loss": 0.0583,
            "step": 196500
            },
            {
            "epoch": 1.65,
            "learning_rate": 4.5870401891649415e-05,
            "loss": 0.0572,
            "step": 197000
            },
            {
            "epoch": 1.66,
            "learning_rate": 4.585992067817644e-05,
            "loss": 0.058,
            "step": 197500
            },
            {
            "epoch": 1.66,
            "learning_rate": 4.584943946470347e-05,
            "loss": 0.0577,
            "step": 198000
            },
            {
            "epoch": 1.66,
            "learning_rate": 4.58389582512305e-05,
            "loss": 0.0577,
            "step": 198500
            },
            {
            "epoch": 1.67,
            "learning_rate": 4.582847703775753e-05,
            "loss": 0.0569,
            "step": 199000
            },
            {
            "epoch": 1.67,
            "learning_rate": 4.5817995824284556e-05,
            "loss": 0.0578,
            "step": 199500
            },
            {
            "epoch": 1.68,
            "learning_rate": 4.580751461081159e-05,
            "loss": 0.0572,
            "step": 200000
            },
            {
            "epoch": 1.68,
            "eval_loss": 0.05632328987121582,
            "eval_runtime": 304.7017,
            "eval_samples_per_second": 1391.646,
            "eval_steps_per_second": 21.746,
            "step": 200000
            },
            {
            "epoch": 1.68,
            "learning_rate": 4.5797033397338614e-05,
            "loss": 0.0572,
            "step": 200500
            },
            {
            "epoch": 1.69,
            "learning_rate": 4.578655218386565e-05,
            "loss": 0.0573,
            "step": 201000
            },
            {
            "epoch": 1.69,
            "learning_rate": 4.577607097039267e-05,
            "loss": 0.0566,
            "step": 201500
            },
            {
            "epoch": 1.69,
            "learning_rate": 4.57655897569197e-05,
            "loss": 0.0572,
            "step": 202000
            },
            {
            "epoch": 1.7,
            "learning_rate": 4.575510854344673e-05,
            "loss": 0.0575,
            "step": 202500
            },
            {
            "epoch": 1.7,
            "learning_rate": 4.5744627329973756e-05,
            "loss": 0.0578,
            "step": 203000
            },
            {
            "epoch": 1.71,
            "learning_rate": 4.573414611650079e-05,
            "loss": 0.0578,
            "step": 203500
            },
            {
            "epoch": 1.71,
            "learning_rate": 4.5723664903027814e-05,
            "loss": 0.0574,
            "step": 204000
            },
            {
            "epoch": 1.71,
            "learning_rate": 4.5713183689554846e-05,
            "loss": 0.0579,
            "step": 204500
            },
            {
            "epoch": 1.72,
            "learning_rate": 4.570270247608187e-05,
            "loss": 0.057,
            "step": 205000
            },
            {
            "epoch": 1.72,
            "learning_rate": 4.5692221262608904e-05,
            "loss": 0.0575,
            "step": 205500
            },
            {
            "epoch": 1.73,
            "learning_rate": 4.568174004913593e-05,
            "loss": 0.0574,
            "step": 206000
            },
            {
            "epoch": 1.73,
            "learning_rate": 4.567125883566296e-05,
            "loss": 0.0574,
            "step": 206500
            },
            {
            "epoch": 1.74,
            "learning_rate": 4.566077762218999e-05,
            "loss": 0.0571,
            "step": 207000
            },
            {
            "epoch": 1.74,
            "learning_rate": 4.565029640871702e-05,
            "loss": 0.057,
            "step": 207500
            },
            {
            "epoch": 1.74,
            "learning_rate": 4.5639815195244046e-05,
            "loss": 0.0576,
            "step": 208000
            },
            {
            "epoch": 1.75,
            "learning_rate": 4.562933398177108e-05,
            "loss": 0.0569,
            "step": 208500
            },
            {
            "epoch": 1.75,
            "learning_rate": 4.5618852768298104e-05,
            "loss": 0.0576,
            "step": 209000
            },
            {
            "epoch": 1.76,
            "learning_rate": 4.5608371554825136e-05,
            "loss": 0.0568,
            "step": 209500
            },
            {
            "epoch": 1.76,
            "learning_rate": 4.559789034135216e-05,
            "loss": 0.057,
            "step": 210000
            },
            {
            "epoch": 1.77,
            "learning_rate": 4.5587409127879194e-05,
            "loss": 0.0574,
            "step": 210500
            },
            {
            "epoch": 1.77,
            "learning_rate": 4.557692791440622e-05,
            "loss": 0.0567,
            "step": 211000
            },
            {
            "epoch": 1.77,
            "learning_rate": 4.556644670093325e-05,
            "loss": 0.0574,
            "step": 211500
            },
            {
            "epoch": 1.78,
            "learning_rate": 4.555596548746028e-05,
            "loss": 0.0569,
            "step": 212000
            },
            {
            "epoch": 1.78,
            "learning_rate": 4.554548427398731e-05,
            "loss": 0.0571,
            "step": 212500
            },
            {
            "epoch": 1.79,
            "learning_rate": 4.5535003060514336e-05,
            "loss": 0.0573,
            "step": 213000
            },
            {
            "epoch": 1.79,
            "learning_rate": 4.552452184704136e-05,
            "loss": 0.0574,
            "step": 213500
            },
            {
            "epoch": 1.79,
            "learning_rate": 4.5514040633568394e-05,
            "loss": 0.0569,
            "step": 214000
            },
            {
            "epoch": 1.8,
            "learning_rate": 4.550355942009542e-05,
            "loss": 0.057,
            "step": 214500
            },
            {
            "epoch": 1.8,
            "learning_rate": 4.549307820662245e-05,
            "loss": 0.0568,
            "step": 215000
            },
            {
            "epoch": 1.81,
            "learning_rate": 4.548259699314948e-05,
            "loss": 0.0575,
            "step": 215500
            },
            {
            "epoch": 1.81,
            "learning_rate": 4.547211577967651e-05,
            "loss": 0.0578,
            "step": 216000
            },
            {
            "epoch": 1.82,
            "learning_rate": 4.5461634566203536e-05,
            "loss": 0.0565,
            "step": 216500
            },
            {
            "epoch": 1.82,
            "learning_rate": 4.545115335273057e-05,
            "loss": 0.0573,
            "step": 217000
            },
            {
            "epoch": 1.82,
            "learning_rate": 4.5440672139257594e-05,
            "loss": 0.0566,
            "step": 217500
            },
            {
            "epoch": 1.83,
            "learning_rate": 4.5430190925784626e-05,
            "loss": 0.0571,
            "step": 218000
            },
            {
            "epoch": 1.83,
            "learning_rate": 4.541970971231165e-05,
            "loss": 0.0568,
            "step": 218500
            },
            {
            "epoch": 1.84,
            "learning_rate": 4.5409228498838684e-05,
            "loss": 0.0567,
            "step": 219000
            },
            {
            "epoch": 1.84,
            "learning_rate": 4.539874728536571e-05,
            "loss": 0.0574,
            "step": 219500
            },
            {
            "epoch": 1.84,
            "learning_rate": 4.538826607189274e-05,
            "loss": 0.057,
            "step": 220000
            },
            {
            "epoch": 1.84,
            "eval_loss": 0.05573388934135437,
            "eval_runtime": 304.6491,
            "eval_samples_per_second": 1391.887,
            "eval_steps_per_second": 21.75,
            "step": 220000
            },
            {
            "epoch": 1.85,
            "learning_rate": 4.537778485841977e-05,
            "loss": 0.0564,
            "step": 220500
            },
            {
            "epoch": 1.85,
            "learning_rate": 4.53673036449468e-05,
            "loss": 0.0565,
            "step": 221000
            },
            {
            "epoch": 1.86,
            "learning_rate": 4.5356822431473826e-05,
            "loss": 0.0567,
            "step": 221500
            },
            {
            "epoch": 1.86,
            "learning_rate": 4.534634121800086e-05,
            "loss": 0.0559,
            "step": 222000
            },
            {
            "epoch": 1.87,
            "learning_rate": 4.5335860004527884e-05,
            "loss": 0.056,
            "step": 222500
            },
            {
            "epoch": 1.87,
            "learning_rate": 4.5325378791054916e-05,
            "loss": 0.0567,
            "step": 223000
            },
            {
            "epoch": 1.87,
            "learning_rate": 4.531489757758194e-05,
            "loss": 0.0571,
            "step": 223500
            },
            {
            "epoch": 1.88,
            "learning_rate": 4.5304416364108974e-05,
            "loss": 0.0573,
            "step": 224000
            },
            {
            "epoch": 1.88,
            "learning_rate": 4.5293935150636e-05,
            "loss": 0.0568,
            "step": 224500
            },
            {
            "epoch": 1.89,
            "learning_rate": 4.5283453937163025e-05,
            "loss": 0.0571,
            "step": 225000
            },
            {
            "epoch": 1.89,
            "learning_rate": 4.527297272369006e-05,
            "loss": 0.0564,
            "step": 225500
            },
            {
            "epoch": 1.9,
            "learning_rate": 4.526249151021708e-05,
            "loss": 0.0574,
            "step": 226000
            },
            {
            "epoch": 1.9,
            "learning_rate": 4.5252010296744116e-05,
            "loss": 0.0571,
            "step": 226500
            },
            {
            "epoch": 1.9,
            "learning_rate": 4.524152908327114e-05,
            "loss": 0.0569,
            "step": 227000
            },
            {
            "epoch": 1.91,
            "learning_rate": 4.5231047869798174e-05,
            "loss": 0.0564,
            "step": 227500
            },
            {
            "epoch": 1.91,
            "learning_rate": 4.5220566656325206e-05,
            "loss": 0.0566,
            "step": 228000
            },
            {
            "epoch": 1.92,
            "learning_rate": 4.521008544285223e-05,
            "loss": 0.0564,
            "step": 228500
            },
            {
            "epoch": 1.92,
            "learning_rate": 4.5199604229379264e-05,
            "loss": 0.0567,
            "step": 229000
            },
            {
            "epoch": 1.92,
            "learning_rate": 4.518912301590629e-05,
            "loss": 0.0567,
            "step": 229500
            },
            {
            "epoch": 1.93,
            "learning_rate": 4.517864180243332e-05,
            "loss": 0.0563,
            "step": 230000
            },
            {
            "epoch": 1.93,
            "learning_rate": 4.516816058896035e-05,
            "loss": 0.0563,
            "step": 230500
            },
            {
            "epoch": 1.94,
            "learning_rate": 4.515767937548738e-05,
            "loss": 0.0564,
            "step": 231000
            },
            {
            "epoch": 1.94,
            "learning_rate": 4.5147198162014406e-05,
            "loss": 0.0567,
            "step": 231500
            },
            {
            "epoch": 1.95,
            "learning_rate": 4.513671694854144e-05,
            "loss": 0.0569,
            "step": 232000
            },
            {
            "epoch": 1.95,
            "learning_rate": 4.512623573506847e-05,
            "loss": 0.0568,
            "step": 232500
            },
            {
            "epoch": 1.95,
            "learning_rate": 4.5115754521595496e-05,
            "loss": 0.0572,
            "step": 233000
            },
            {
            "epoch": 1.96,
            "learning_rate": 4.510527330812253e-05,
            "loss": 0.0564,
            "step": 233500
            },
            {
            "epoch": 1.96,
            "learning_rate": 4.5094792094649554e-05,
            "loss": 0.0565,
            "step": 234000
            },
            {
            "epoch": 1.97,
            "learning_rate": 4.5084310881176587e-05,
            "loss": 0.0567,
            "step": 234500
            },
            {
            "epoch": 1.97,
            "learning_rate": 4.507382966770361e-05,
            "loss": 0.0563,
            "step": 235000
            },
            {
            "epoch": 1.97,
            "learning_rate": 4.5063348454230645e-05,
            "loss": 0.0571,
            "step": 235500
            },
            {
            "epoch": 1.98,
            "learning_rate": 4.505286724075767e-05,
            "loss": 0.0573,
            "step": 236000
            },
            {
            "epoch": 1.98,
            "learning_rate": 4.50423860272847e-05,
            "loss": 0.0565,
            "step": 236500
            },
            {
            "epoch": 1.99,
            "learning_rate": 4.503190481381173e-05,
            "loss": 0.0565,
            "step": 237000
            },
            {
            "epoch": 1.99,
            "learning_rate": 4.5021423600338754e-05,
            "loss": 0.0563,
            "step": 237500
            },
            {
            "epoch": 2.0,
            "learning_rate": 4.5010942386865786e-05,
            "loss": 0.0562,
            "step": 238000
            },
            {
            "epoch": 2.0,
            "learning_rate": 4.500046117339281e-05,
            "loss": 0.0558,
            "step": 238500
            },
            {
            "epoch": 2.0,
            "learning_rate": 4.4989979959919844e-05,
            "loss": 0.0562,
            "step": 239000
            },
            {
            "epoch": 2.01,
            "learning_rate": 4.497949874644687e-05,
            "loss": 0.0561,
            "step": 239500
            },
            {
            "epoch": 2.01,
            "learning_rate": 4.49690175329739e-05,
            "loss": 0.0559,
            "step": 240000
            },
            {
            "epoch": 2.01,
            "eval_loss": 0.055245526134967804,
            "eval_runtime": 305.0923,
            "eval_samples_per_second": 1389.865,
            "eval_steps_per_second": 21.718,
            "step": 240000
            },
            {
            "epoch": 2.02,
            "learning_rate": 4.495853631950093e-05,
            "loss": 0.056,
            "step": 240500
            },
            {
            "epoch": 2.02,
            "learning_rate": 4.494805510602796e-05,
            "loss": 0.0558,
            "step": 241000
            },
            {
            "epoch": 2.02,
            "learning_rate": 4.4937573892554986e-05,
            "loss": 0.0564,
            "step": 241500
            },
            {
            "epoch": 2.03,
            "learning_rate": 4.492709267908202e-05,
            "loss": 0.057,
            "step": 242000
            },
            {
            "epoch": 2.03,
            "learning_rate": 4.4916611465609044e-05,
            "loss": 0.0556,
            "step": 242500
            },
            {
            "epoch": 2.04,
            "learning_rate": 4.4906130252136076e-05,
            "loss": 0.0555,
            "step": 243000
            },
            {
            "epoch": 2.04,
            "learning_rate": 4.48956490386631e-05,
            "loss": 0.0565,
            "step": 243500
            },
            {
            "epoch": 2.05,
            "learning_rate": 4.4885167825190134e-05,
            "loss": 0.0558,
            "step": 244000
            },
            {
            "epoch": 2.05,
            "learning_rate": 4.487468661171716e-05,
            "loss": 0.0556,
            "step": 244500
            },
            {
            "epoch": 2.05,
            "learning_rate": 4.486420539824419e-05,
            "loss": 0.0564,
            "step": 245000
            },
            {
            "epoch": 2.06,
            "learning_rate": 4.485372418477122e-05,
            "loss": 0.0559,
            "step": 245500
            },
            {
            "epoch": 2.06,
            "learning_rate": 4.484324297129825e-05,
            "loss": 0.0561,
            "step": 246000
            },
            {
            "epoch": 2.07,
            "learning_rate": 4.4832761757825276e-05,
            "loss": 0.0554,
            "step": 246500
            },
            {
            "epoch": 2.07,
            "learning_rate": 4.482228054435231e-05,
            "loss": 0.0561,
            "step": 247000
            },
            {
            "epoch": 2.08,
            "learning_rate": 4.4811799330879334e-05,
            "loss": 0.0564,
            "step": 247500
            },
            {
            "epoch": 2.08,
            "learning_rate": 4.4801318117406366e-05,
            "loss": 0.0564,
            "step": 248000
            },
            {
            "epoch": 2.08,
            "learning_rate": 4.479083690393339e-05,
            "loss": 0.0556,
            "step": 248500
            },
            {
            "epoch": 2.09,
            "learning_rate": 4.478035569046042e-05,
            "loss": 0.0559,
            "step": 249000
            },
            {
            "epoch": 2.09,
            "learning_rate": 4.476987447698745e-05,
            "loss": 0.0559,
            "step": 249500
            },
            {
            "epoch": 2.1,
            "learning_rate": 4.4759393263514475e-05,
            "loss": 0.0557,
            "step": 250000
            },
            {
            "epoch": 2.1,
            "learning_rate": 4.474891205004151e-05,
            "loss": 0.0556,
            "step": 250500
            },
            {
            "epoch": 2.1,
            "learning_rate": 4.473843083656853e-05,
            "loss": 0.0559,
            "step": 251000
            },
            {
            "epoch": 2.11,
            "learning_rate": 4.4727949623095566e-05,
            "loss": 0.0556,
            "step": 251500
            },
            {
            "epoch": 2.11,
            "learning_rate": 4.471746840962259e-05,
            "loss": 0.0558,
            "step": 252000
            },
            {
            "epoch": 2.12,
            "learning_rate": 4.4706987196149624e-05,
            "loss": 0.0561,
            "step": 252500
            },
            {
            "epoch": 2.12,
            "learning_rate": 4.469650598267665e-05,
            "loss": 0.0559,
            "step": 253000
            },
            {
            "epoch": 2.13,
            "learning_rate": 4.468602476920368e-05,
            "loss": 0.056,
            "step": 253500
            },
            {
            "epoch": 2.13,
            "learning_rate": 4.467554355573071e-05,
            "loss": 0.0555,
            "step": 254000
            },
            {
            "epoch": 2.13,
            "learning_rate": 4.466506234225774e-05,
            "loss": 0.0555,
            "step": 254500
            },
            {
            "epoch": 2.14,
            "learning_rate": 4.4654581128784765e-05,
            "loss": 0.0565,
            "step": 255000
            },
            {
            "epoch": 2.14,
            "learning_rate": 4.46440999153118e-05,
            "loss": 0.0557,
            "step": 255500
            },
            {
            "epoch": 2.15,
            "learning_rate": 4.463361870183882e-05,
            "loss": 0.0563,
            "step": 256000
            },
            {
            "epoch": 2.15,
            "learning_rate": 4.4623137488365856e-05,
            "loss": 0.056,
            "step": 256500
            },
            {
            "epoch": 2.15,
            "learning_rate": 4.461265627489288e-05,
            "loss": 0.0561,
            "step": 257000
            },
            {
            "epoch": 2.16,
            "learning_rate": 4.4602175061419914e-05,
            "loss": 0.055,
            "step": 257500
            },
            {
            "epoch": 2.16,
            "learning_rate": 4.459169384794694e-05,
            "loss": 0.0558,
            "step": 258000
            },
            {
            "epoch": 2.17,
            "learning_rate": 4.458121263447397e-05,
            "loss": 0.0557,
            "step": 258500
            },
            {
            "epoch": 2.17,
            "learning_rate": 4.4570731421001e-05,
            "loss": 0.0559,
            "step": 259000
            },
            {
            "epoch": 2.18,
            "learning_rate": 4.456025020752803e-05,
            "loss": 0.0556,
            "step": 259500
            },
            {
            "epoch": 2.18,
            "learning_rate": 4.4549768994055055e-05,
            "loss": 0.0558,
            "step": 260000
            },
            {
            "epoch": 2.18,
            "eval_loss": 0.054779052734375,
            "eval_runtime": 304.5863,
            "eval_samples_per_second": 1392.174,
            "eval_steps_per_second": 21.754,
            "step": 260000
            },
            {
            "epoch": 2.18,
            "learning_rate": 4.453928778058208e-05,
            "loss": 0.0554,
            "step": 260500
            },
            {
            "epoch": 2.19,
            "learning_rate": 4.452880656710911e-05,
            "loss": 0.0556,
            "step": 261000
            },
            {
            "epoch": 2.19,
            "learning_rate": 4.451832535363614e-05,
            "loss": 0.0553,
            "step": 261500
            },
            {
            "epoch": 2.2,
            "learning_rate": 4.450784414016317e-05,
            "loss": 0.0557,
            "step": 262000
            },
            {
            "epoch": 2.2,
            "learning_rate": 4.4497362926690204e-05,
            "loss": 0.0562,
            "step": 262500
            },
            {
            "epoch": 2.21,
            "learning_rate": 4.448688171321723e-05,
            "loss": 0.056,
            "step": 263000
            },
            {
            "epoch": 2.21,
            "learning_rate": 4.447640049974426e-05,
            "loss": 0.0555,
            "step": 263500
            },
            {
            "epoch": 2.21,
            "learning_rate": 4.446591928627129e-05,
            "loss": 0.0556,
            "step": 264000
            },
            {
            "epoch": 2.22,
            "learning_rate": 4.445543807279832e-05,
            "loss": 0.0556,
            "step": 264500
            },
            {
            "epoch": 2.22,
            "learning_rate": 4.4444956859325345e-05,
            "loss": 0.0559,
            "step": 265000
            },
            {
            "epoch": 2.23,
            "learning_rate": 4.443447564585238e-05,
            "loss": 0.0557,
            "step": 265500
            },
            {
            "epoch": 2.23,
            "learning_rate": 4.44239944323794e-05,
            "loss": 0.0561,
            "step": 266000
            },
            {
            "epoch": 2.23,
            "learning_rate": 4.4413513218906436e-05,
            "loss": 0.0562,
            "step": 266500
            },
            {
            "epoch": 2.24,
            "learning_rate": 4.440303200543347e-05,
            "loss": 0.0558,
            "step": 267000
            },
            {
            "epoch": 2.24,
            "learning_rate": 4.4392550791960494e-05,
            "loss": 0.0556,
            "step": 267500
            },
            {
            "epoch": 2.25,
            "learning_rate": 4.4382069578487526e-05,
            "loss": 0.0556,
            "step": 268000
            },
            {
            "epoch": 2.25,
            "learning_rate": 4.437158836501455e-05,
            "loss": 0.0552,
            "step": 268500
            },
            {
            "epoch": 2.26,
            "learning_rate": 4.4361107151541584e-05,
            "loss": 0.056,
            "step": 269000
            },
            {
            "epoch": 2.26,
            "learning_rate": 4.435062593806861e-05,
            "loss": 0.0552,
            "step": 269500
            },
            {
            "epoch": 2.26,
            "learning_rate": 4.434014472459564e-05,
            "loss": 0.056,
            "step": 270000
            },
            {
            "epoch": 2.27,
            "learning_rate": 4.432966351112267e-05,
            "loss": 0.056,
            "step": 270500
            },
            {
            "epoch": 2.27,
            "learning_rate": 4.43191822976497e-05,
            "loss": 0.0559,
            "step": 271000
            },
            {
            "epoch": 2.28,
            "learning_rate": 4.4308701084176726e-05,
            "loss": 0.0553,
            "step": 271500
            },
            {
            "epoch": 2.28,
            "learning_rate": 4.429821987070376e-05,
            "loss": 0.0555,
            "step": 272000
            },
            {
            "epoch": 2.28,
            "learning_rate": 4.4287738657230784e-05,
            "loss": 0.0554,
            "step": 272500
            },
            {
            "epoch": 2.29,
            "learning_rate": 4.427725744375781e-05,
            "loss": 0.0555,
            "step": 273000
            },
            {
            "epoch": 2.29,
            "learning_rate": 4.426677623028484e-05,
            "loss": 0.0561,
            "step": 273500
            },
            {
            "epoch": 2.3,
            "learning_rate": 4.425629501681187e-05,
            "loss": 0.0555,
            "step": 274000
            },
            {
            "epoch": 2.3,
            "learning_rate": 4.42458138033389e-05,
            "loss": 0.0554,
            "step": 274500
            },
            {
            "epoch": 2.31,
            "learning_rate": 4.4235332589865925e-05,
            "loss": 0.0555,
            "step": 275000
            },
            {
            "epoch": 2.31,
            "learning_rate": 4.422485137639296e-05,
            "loss": 0.0559,
            "step": 275500
            },
            {
            "epoch": 2.31,
            "learning_rate": 4.421437016291998e-05,
            "loss": 0.0552,
            "step": 276000
            },
            {
            "epoch": 2.32,
            "learning_rate": 4.4203888949447016e-05,
            "loss": 0.0557,
            "step": 276500
            },
            {
            "epoch": 2.32,
            "learning_rate": 4.419340773597404e-05,
            "loss": 0.0557,
            "step": 277000
            },
            {
            "epoch": 2.33,
            "learning_rate": 4.4182926522501074e-05,
            "loss": 0.0559,
            "step": 277500
            },
            {
            "epoch": 2.33,
            "learning_rate": 4.41724453090281e-05,
            "loss": 0.0558,
            "step": 278000
            },
            {
            "epoch": 2.34,
            "learning_rate": 4.416196409555513e-05,
            "loss": 0.0557,
            "step": 278500
            },
            {
            "epoch": 2.34,
            "learning_rate": 4.415148288208216e-05,
            "loss": 0.055,
            "step": 279000
            },
            {
            "epoch": 2.34,
            "learning_rate": 4.414100166860919e-05,
            "loss": 0.055,
            "step": 279500
            },
            {
            "epoch": 2.35,
            "learning_rate": 4.4130520455136215e-05,
            "loss": 0.0555,
            "step": 280000
            },
            {
            "epoch": 2.35,
            "eval_loss": 0.05447397381067276,
            "eval_runtime": 305.1426,
            "eval_samples_per_second": 1389.636,
            "eval_steps_per_second": 21.714,
            "step": 280000
            },
            {
            "epoch": 2.35,
            "learning_rate": 4.412003924166325e-05,
            "loss": 0.0549,
            "step": 280500
            },
            {
            "epoch": 2.36,
            "learning_rate": 4.410955802819027e-05,
            "loss": 0.0556,
            "step": 281000
            },
            {
            "epoch": 2.36,
            "learning_rate": 4.4099076814717306e-05,
            "loss": 0.0551,
            "step": 281500
            },
            {
            "epoch": 2.36,
            "learning_rate": 4.408859560124433e-05,
            "loss": 0.0553,
            "step": 282000
            },
            {
            "epoch": 2.37,
            "learning_rate": 4.4078114387771364e-05,
            "loss": 0.0551,
            "step": 282500
            },
            {
            "epoch": 2.37,
            "learning_rate": 4.406763317429839e-05,
            "loss": 0.0557,
            "step": 283000
            },
            {
            "epoch": 2.38,
            "learning_rate": 4.405715196082542e-05,
            "loss": 0.0553,
            "step": 283500
            },
            {
            "epoch": 2.38,
            "learning_rate": 4.404667074735245e-05,
            "loss": 0.0557,
            "step": 284000
            },
            {
            "epoch": 2.39,
            "learning_rate": 4.403618953387947e-05,
            "loss": 0.0556,
            "step": 284500
            },
            {
            "epoch": 2.39,
            "learning_rate": 4.4025708320406505e-05,
            "loss": 0.0556,
            "step": 285000
            },
            {
            "epoch": 2.39,
            "learning_rate": 4.401522710693353e-05,
            "loss": 0.0555,
            "step": 285500
            },
            {
            "epoch": 2.4,
            "learning_rate": 4.400474589346056e-05,
            "loss": 0.055,
            "step": 286000
            },
            {
            "epoch": 2.4,
            "learning_rate": 4.399426467998759e-05,
            "loss": 0.0558,
            "step": 286500
            },
            {
            "epoch": 2.41,
            "learning_rate": 4.398378346651462e-05,
            "loss": 0.0554,
            "step": 287000
            },
            {
            "epoch": 2.41,
            "learning_rate": 4.397330225304165e-05,
            "loss": 0.0546,
            "step": 287500
            },
            {
            "epoch": 2.41,
            "learning_rate": 4.396282103956868e-05,
            "loss": 0.0556,
            "step": 288000
            },
            {
            "epoch": 2.42,
            "learning_rate": 4.3952339826095705e-05,
            "loss": 0.0551,
            "step": 288500
            },
            {
            "epoch": 2.42,
            "learning_rate": 4.394185861262274e-05,
            "loss": 0.0554,
            "step": 289000
            },
            {
            "epoch": 2.43,
            "learning_rate": 4.393137739914976e-05,
            "loss": 0.0553,
            "step": 289500
            },
            {
            "epoch": 2.43,
            "learning_rate": 4.3920896185676795e-05,
            "loss": 0.0554,
            "step": 290000
            },
            {
            "epoch": 2.44,
            "learning_rate": 4.391041497220382e-05,
            "loss": 0.0558,
            "step": 290500
            },
            {
            "epoch": 2.44,
            "learning_rate": 4.389993375873085e-05,
            "loss": 0.0555,
            "step": 291000
            },
            {
            "epoch": 2.44,
            "learning_rate": 4.388945254525788e-05,
            "loss": 0.0558,
            "step": 291500
            },
            {
            "epoch": 2.45,
            "learning_rate": 4.387897133178491e-05,
            "loss": 0.0559,
            "step": 292000
            },
            {
            "epoch": 2.45,
            "learning_rate": 4.386849011831194e-05,
            "loss": 0.0558,
            "step": 292500
            },
            {
            "epoch": 2.46,
            "learning_rate": 4.385800890483897e-05,
            "loss": 0.0558,
            "step": 293000
            },
            {
            "epoch": 2.46,
            "learning_rate": 4.3847527691365995e-05,
            "loss": 0.0556,
            "step": 293500
            },
            {
            "epoch": 2.47,
            "learning_rate": 4.383704647789303e-05,
            "loss": 0.055,
            "step": 294000
            },
            {
            "epoch": 2.47,
            "learning_rate": 4.382656526442005e-05,
            "loss": 0.0551,
            "step": 294500
            },
            {
            "epoch": 2.47,
            "learning_rate": 4.3816084050947085e-05,
            "loss": 0.0554,
            "step": 295000
            },
            {
            "epoch": 2.48,
            "learning_rate": 4.380560283747411e-05,
            "loss": 0.0556,
            "step": 295500
            },
            {
            "epoch": 2.48,
            "learning_rate": 4.3795121624001137e-05,
            "loss": 0.0554,
            "step": 296000
            },
            {
            "epoch": 2.49,
            "learning_rate": 4.378464041052817e-05,
            "loss": 0.0548,
            "step": 296500
            },
            {
            "epoch": 2.49,
            "learning_rate": 4.3774159197055195e-05,
            "loss": 0.055,
            "step": 297000
            },
            {
            "epoch": 2.49,
            "learning_rate": 4.376367798358223e-05,
            "loss": 0.055,
            "step": 297500
            },
            {
            "epoch": 2.5,
            "learning_rate": 4.375319677010926e-05,
            "loss": 0.0548,
            "step": 298000
            },
            {
            "epoch": 2.5,
            "learning_rate": 4.3742715556636285e-05,
            "loss": 0.0551,
            "step": 298500
            },
            {
            "epoch": 2.51,
            "learning_rate": 4.373223434316332e-05,
            "loss": 0.0557,
            "step": 299000
            },
            {
            "epoch": 2.51,
            "learning_rate": 4.372175312969034e-05,
            "loss": 0.0548,
            "step": 299500
            },
            {
            "epoch": 2.52,
            "learning_rate": 4.3711271916217375e-05,
            "loss": 0.055,
            "step": 300000
            },
            {
            "epoch": 2.52,
            "eval_loss": 0.05409833788871765,
            "eval_runtime": 304.9872,
            "eval_samples_per_second": 1390.344,
            "eval_steps_per_second": 21.726,
            "step": 300000
            },
            {
            "epoch": 2.52,
            "learning_rate": 4.37007907027444e-05,
            "loss": 0.0554,
            "step": 300500
            },
            {
            "epoch": 2.52,
            "learning_rate": 4.369030948927143e-05,
            "loss": 0.0551,
            "step": 301000
            },
            {
            "epoch": 2.53,
            "learning_rate": 4.367982827579846e-05,
            "loss": 0.0549,
            "step": 301500
            },
            {
            "epoch": 2.53,
            "learning_rate": 4.366934706232549e-05,
            "loss": 0.0549,
            "step": 302000
            },
            {
            "epoch": 2.54,
            "learning_rate": 4.3658865848852524e-05,
            "loss": 0.0551,
            "step": 302500
            },
            {
            "epoch": 2.54,
            "learning_rate": 4.364838463537955e-05,
            "loss": 0.0551,
            "step": 303000
            },
            {
            "epoch": 2.54,
            "learning_rate": 4.363790342190658e-05,
            "loss": 0.0558,
            "step": 303500
            },
            {
            "epoch": 2.55,
            "learning_rate": 4.362742220843361e-05,
            "loss": 0.0552,
            "step": 304000
            },
            {
            "epoch": 2.55,
            "learning_rate": 4.361694099496064e-05,
            "loss": 0.0553,
            "step": 304500
            },
            {
            "epoch": 2.56,
            "learning_rate": 4.3606459781487665e-05,
            "loss": 0.055,
            "step": 305000
            },
            {
            "epoch": 2.56,
            "learning_rate": 4.35959785680147e-05,
            "loss": 0.0551,
            "step": 305500
            },
            {
            "epoch": 2.57,
            "learning_rate": 4.358549735454172e-05,
            "loss": 0.0547,
            "step": 306000
            },
            {
            "epoch": 2.57,
            "learning_rate": 4.3575016141068756e-05,
            "loss": 0.0548,
            "step": 306500
            },
            {
            "epoch": 2.57,
            "learning_rate": 4.356453492759578e-05,
            "loss": 0.055,
            "step": 307000
            },
            {
            "epoch": 2.58,
            "learning_rate": 4.3554053714122814e-05,
            "loss": 0.0549,
            "step": 307500
            },
            {
            "epoch": 2.58,
            "learning_rate": 4.354357250064984e-05,
            "loss": 0.055,
            "step": 308000
            },
            {
            "epoch": 2.59,
            "learning_rate": 4.3533091287176865e-05,
            "loss": 0.055,
            "step": 308500
            },
            {
            "epoch": 2.59,
            "learning_rate": 4.35226100737039e-05,
            "loss": 0.055,
            "step": 309000
            },
            {
            "epoch": 2.6,
            "learning_rate": 4.351212886023092e-05,
            "loss": 0.0551,
            "step": 309500
            },
            {
            "epoch": 2.6,
            "learning_rate": 4.3501647646757955e-05,
            "loss": 0.0551,
            "step": 310000
            },
            {
            "epoch": 2.6,
            "learning_rate": 4.349116643328498e-05,
            "loss": 0.0546,
            "step": 310500
            },
            {
            "epoch": 2.61,
            "learning_rate": 4.348068521981201e-05,
            "loss": 0.0544,
            "step": 311000
            },
            {
            "epoch": 2.61,
            "learning_rate": 4.347020400633904e-05,
            "loss": 0.055,
            "step": 311500
            },
            {
            "epoch": 2.62,
            "learning_rate": 4.345972279286607e-05,
            "loss": 0.0547,
            "step": 312000
            },
            {
            "epoch": 2.62,
            "learning_rate": 4.34492415793931e-05,
            "loss": 0.0549,
            "step": 312500
            },
            {
            "epoch": 2.62,
            "learning_rate": 4.343876036592013e-05,
            "loss": 0.0552,
            "step": 313000
            },
            {
            "epoch": 2.63,
            "learning_rate": 4.3428279152447155e-05,
            "loss": 0.0551,
            "step": 313500
            },
            {
            "epoch": 2.63,
            "learning_rate": 4.341779793897419e-05,
            "loss": 0.0551,
            "step": 314000
            },
            {
            "epoch": 2.64,
            "learning_rate": 4.340731672550121e-05,
            "loss": 0.0549,
            "step": 314500
            },
            {
            "epoch": 2.64,
            "learning_rate": 4.3396835512028245e-05,
            "loss": 0.0544,
            "step": 315000
            },
            {
            "epoch": 2.65,
            "learning_rate": 4.338635429855527e-05,
            "loss": 0.0548,
            "step": 315500
            },
            {
            "epoch": 2.65,
            "learning_rate": 4.33758730850823e-05,
            "loss": 0.0554,
            "step": 316000
            },
            {
            "epoch": 2.65,
            "learning_rate": 4.336539187160933e-05,
            "loss": 0.0551,
            "step": 316500
            },
            {
            "epoch": 2.66,
            "learning_rate": 4.335491065813636e-05,
            "loss": 0.0549,
            "step": 317000
            },
            {
            "epoch": 2.66,
            "learning_rate": 4.334442944466339e-05,
            "loss": 0.055,
            "step": 317500
            },
            {
            "epoch": 2.67,
            "learning_rate": 4.333394823119042e-05,
            "loss": 0.0546,
            "step": 318000
            },
            {
            "epoch": 2.67,
            "learning_rate": 4.3323467017717445e-05,
            "loss": 0.0547,
            "step": 318500
            },
            {
            "epoch": 2.67,
            "learning_rate": 4.331298580424448e-05,
            "loss": 0.0549,
            "step": 319000
            },
            {
            "epoch": 2.68,
            "learning_rate": 4.33025045907715e-05,
            "loss": 0.0551,
            "step": 319500
            },
            {
            "epoch": 2.68,
            "learning_rate": 4.329202337729853e-05,
            "loss": 0.0545,
            "step": 320000
            },
            {
            "epoch": 2.68,
            "eval_loss": 0.053709425032138824,
            "eval_runtime": 305.0954,
            "eval_samples_per_second": 1389.85,
            "eval_steps_per_second": 21.718,
            "step": 320000
            },
            {
            "epoch": 2.69,
            "learning_rate": 4.328154216382556e-05,
            "loss": 0.0546,
            "step": 320500
            },
            {
            "epoch": 2.69,
            "learning_rate": 4.3271060950352587e-05,
            "loss": 0.0544,
            "step": 321000
            },
            {
            "epoch": 2.7,
            "learning_rate": 4.326057973687962e-05,
            "loss": 0.0548,
            "step": 321500
            },
            {
            "epoch": 2.7,
            "learning_rate": 4.3250098523406645e-05,
            "loss": 0.055,
            "step": 322000
            },
            {
            "epoch": 2.7,
            "learning_rate": 4.323961730993368e-05,
            "loss": 0.0551,
            "step": 322500
            },
            {
            "epoch": 2.71,
            "learning_rate": 4.32291360964607e-05,
            "loss": 0.0547,
            "step": 323000
            },
            {
            "epoch": 2.71,
            "learning_rate": 4.3218654882987735e-05,
            "loss": 0.0545,
            "step": 323500
            },
            {
            "epoch": 2.72,
            "learning_rate": 4.320817366951476e-05,
            "loss": 0.0551,
            "step": 324000
            },
            {
            "epoch": 2.72,
            "learning_rate": 4.319769245604179e-05,
            "loss": 0.0555,
            "step": 324500
            },
            {
            "epoch": 2.73,
            "learning_rate": 4.318721124256882e-05,
            "loss": 0.0552,
            "step": 325000
            },
            {
            "epoch": 2.73,
            "learning_rate": 4.317673002909585e-05,
            "loss": 0.0547,
            "step": 325500
            },
            {
            "epoch": 2.73,
            "learning_rate": 4.3166248815622877e-05,
            "loss": 0.0551,
            "step": 326000
            },
            {
            "epoch": 2.74,
            "learning_rate": 4.315576760214991e-05,
            "loss": 0.0554,
            "step": 326500
            },
            {
            "epoch": 2.74,
            "learning_rate": 4.3145286388676935e-05,
            "loss": 0.0552,
            "step": 327000
            },
            {
            "epoch": 2.75,
            "learning_rate": 4.313480517520397e-05,
            "loss": 0.0541,
            "step": 327500
            },
            {
            "epoch": 2.75,
            "learning_rate": 4.312432396173099e-05,
            "loss": 0.0553,
            "step": 328000
            },
            {
            "epoch": 2.75,
            "learning_rate": 4.3113842748258025e-05,
            "loss": 0.0548,
            "step": 328500
            },
            {
            "epoch": 2.76,
            "learning_rate": 4.310336153478505e-05,
            "loss": 0.0551,
            "step": 329000
            },
            {
            "epoch": 2.76,
            "learning_rate": 4.309288032131208e-05,
            "loss": 0.0546,
            "step": 329500
            },
            {
            "epoch": 2.77,
            "learning_rate": 4.308239910783911e-05,
            "loss": 0.0555,
            "step": 330000
            },
            {
            "epoch": 2.77,
            "learning_rate": 4.307191789436614e-05,
            "loss": 0.0544,
            "step": 330500
            },
            {
            "epoch": 2.78,
            "learning_rate": 4.3061436680893167e-05,
            "loss": 0.0538,
            "step": 331000
            },
            {
            "epoch": 2.78,
            "learning_rate": 4.305095546742019e-05,
            "loss": 0.0546,
            "step": 331500
            },
            {
            "epoch": 2.78,
            "learning_rate": 4.3040474253947225e-05,
            "loss": 0.0551,
            "step": 332000
            },
            {
            "epoch": 2.79,
            "learning_rate": 4.302999304047425e-05,
            "loss": 0.0543,
            "step": 332500
            },
            {
            "epoch": 2.79,
            "learning_rate": 4.301951182700128e-05,
            "loss": 0.0541,
            "step": 333000
            },
            {
            "epoch": 2.8,
            "learning_rate": 4.3009030613528315e-05,
            "loss": 0.0548,
            "step": 333500
            },
            {
            "epoch": 2.8,
            "learning_rate": 4.299854940005534e-05,
            "loss": 0.0549,
            "step": 334000
            },
            {
            "epoch": 2.8,
            "learning_rate": 4.298806818658237e-05,
            "loss": 0.0552,
            "step": 334500
            },
            {
            "epoch": 2.81,
            "learning_rate": 4.29775869731094e-05,
            "loss": 0.0551,
            "step": 335000
            },
            {
            "epoch": 2.81,
            "learning_rate": 4.296710575963643e-05,
            "loss": 0.0541,
            "step": 335500
            },
            {
            "epoch": 2.82,
            "learning_rate": 4.2956624546163457e-05,
            "loss": 0.0544,
            "step": 336000
            },
            {
            "epoch": 2.82,
            "learning_rate": 4.294614333269049e-05,
            "loss": 0.0547,
            "step": 336500
            },
            {
            "epoch": 2.83,
            "learning_rate": 4.2935662119217515e-05,
            "loss": 0.0539,
            "step": 337000
            },
            {
            "epoch": 2.83,
            "learning_rate": 4.292518090574455e-05,
            "loss": 0.0545,
            "step": 337500
            },
            {
            "epoch": 2.83,
            "learning_rate": 4.291469969227158e-05,
            "loss": 0.0551,
            "step": 338000
            },
            {
            "epoch": 2.84,
            "learning_rate": 4.2904218478798605e-05,
            "loss": 0.0551,
            "step": 338500
            },
            {
            "epoch": 2.84,
            "learning_rate": 4.289373726532564e-05,
            "loss": 0.0545,
            "step": 339000
            },
            {
            "epoch": 2.85,
            "learning_rate": 4.288325605185266e-05,
            "loss": 0.0541,
            "step": 339500
            },
            {
            "epoch": 2.85,
            "learning_rate": 4.2872774838379695e-05,
            "loss": 0.0545,
            "step": 340000
            },
            {
            "epoch": 2.85,
            "eval_loss": 0.05333109572529793,
            "eval_runtime": 305.5772,
            "eval_samples_per_second": 1387.659,
            "eval_steps_per_second": 21.684,
            "step": 340000
            },
            {
            "epoch": 2.86,
            "learning_rate": 4.286229362490672e-05,
            "loss": 0.0543,
            "step": 340500
            },
            {
            "epoch": 2.86,
            "learning_rate": 4.285181241143375e-05,
            "loss": 0.0549,
            "step": 341000
            },
            {
            "epoch": 2.86,
            "learning_rate": 4.284133119796078e-05,
            "loss": 0.0545,
            "step": 341500
            },
            {
            "epoch": 2.87,
            "learning_rate": 4.283084998448781e-05,
            "loss": 0.0552,
            "step": 342000
            },
            {
            "epoch": 2.87,
            "learning_rate": 4.282036877101484e-05,
            "loss": 0.0543,
            "step": 342500
            },
            {
            "epoch": 2.88,
            "learning_rate": 4.280988755754187e-05,
            "loss": 0.0548,
            "step": 343000
            },
            {
            "epoch": 2.88,
            "learning_rate": 4.2799406344068895e-05,
            "loss": 0.0549,
            "step": 343500
            },
            {
            "epoch": 2.88,
            "learning_rate": 4.278892513059592e-05,
            "loss": 0.0543,
            "step": 344000
            },
            {
            "epoch": 2.89,
            "learning_rate": 4.277844391712295e-05,
            "loss": 0.0544,
            "step": 344500
            },
            {
            "epoch": 2.89,
            "learning_rate": 4.276796270364998e-05,
            "loss": 0.0542,
            "step": 345000
            },
            {
            "epoch": 2.9,
            "learning_rate": 4.275748149017701e-05,
            "loss": 0.0543,
            "step": 345500
            },
            {
            "epoch": 2.9,
            "learning_rate": 4.2747000276704037e-05,
            "loss": 0.0547,
            "step": 346000
            },
            {
            "epoch": 2.91,
            "learning_rate": 4.273651906323107e-05,
            "loss": 0.0539,
            "step": 346500
            },
            {
            "epoch": 2.91,
            "learning_rate": 4.2726037849758095e-05,
            "loss": 0.0546,
            "step": 347000
            },
            {
            "epoch": 2.91,
            "learning_rate": 4.271555663628513e-05,
            "loss": 0.0542,
            "step": 347500
            },
            {
            "epoch": 2.92,
            "learning_rate": 4.270507542281215e-05,
            "loss": 0.054,
            "step": 348000
            },
            {
            "epoch": 2.92,
            "learning_rate": 4.2694594209339185e-05,
            "loss": 0.0545,
            "step": 348500
            },
            {
            "epoch": 2.93,
            "learning_rate": 4.268411299586621e-05,
            "loss": 0.0539,
            "step": 349000
            },
            {
            "epoch": 2.93,
            "learning_rate": 4.267363178239324e-05,
            "loss": 0.0537,
            "step": 349500
            },
            {
            "epoch": 2.93,
            "learning_rate": 4.266315056892027e-05,
            "loss": 0.055,
            "step": 350000
            },
            {
            "epoch": 2.94,
            "learning_rate": 4.26526693554473e-05,
            "loss": 0.0546,
            "step": 350500
            },
            {
            "epoch": 2.94,
            "learning_rate": 4.2642188141974327e-05,
            "loss": 0.0547,
            "step": 351000
            },
            {
            "epoch": 2.95,
            "learning_rate": 4.263170692850136e-05,
            "loss": 0.0542,
            "step": 351500
            },
            {
            "epoch": 2.95,
            "learning_rate": 4.2621225715028385e-05,
            "loss": 0.0539,
            "step": 352000
            },
            {
            "epoch": 2.96,
            "learning_rate": 4.261074450155542e-05,
            "loss": 0.0545,
            "step": 352500
            },
            {
            "epoch": 2.96,
            "learning_rate": 4.260026328808244e-05,
            "loss": 0.0545,
            "step": 353000
            },
            {
            "epoch": 2.96,
            "learning_rate": 4.2589782074609475e-05,
            "loss": 0.0549,
            "step": 353500
            },
            {
            "epoch": 2.97,
            "learning_rate": 4.25793008611365e-05,
            "loss": 0.0541,
            "step": 354000
            },
            {
            "epoch": 2.97,
            "learning_rate": 4.256881964766353e-05,
            "loss": 0.0545,
            "step": 354500
            },
            {
            "epoch": 2.98,
            "learning_rate": 4.255833843419056e-05,
            "loss": 0.0545,
            "step": 355000
            },
            {
            "epoch": 2.98,
            "learning_rate": 4.2547857220717584e-05,
            "loss": 0.0544,
            "step": 355500
            },
            {
            "epoch": 2.99,
            "learning_rate": 4.2537376007244617e-05,
            "loss": 0.0543,
            "step": 356000
            },
            {
            "epoch": 2.99,
            "learning_rate": 4.252689479377164e-05,
            "loss": 0.0543,
            "step": 356500
            },
            {
            "epoch": 2.99,
            "learning_rate": 4.2516413580298675e-05,
            "loss": 0.0548,
            "step": 357000
            },
            {
            "epoch": 3.0,
            "learning_rate": 4.25059323668257e-05,
            "loss": 0.0541,
            "step": 357500
            },
            {
            "epoch": 3.0,
            "learning_rate": 4.249545115335273e-05,
            "loss": 0.0538,
            "step": 358000
            },
            {
            "epoch": 3.01,
            "learning_rate": 4.248496993987976e-05,
            "loss": 0.054,
            "step": 358500
            },
            {
            "epoch": 3.01,
            "learning_rate": 4.247448872640679e-05,
            "loss": 0.0535,
            "step": 359000
            },
            {
            "epoch": 3.01,
            "learning_rate": 4.2464007512933816e-05,
            "loss": 0.0533,
            "step": 359500
            },
            {
            "epoch": 3.02,
            "learning_rate": 4.245352629946085e-05,
            "loss": 0.0535,
            "step": 360000
            },
            {
            "epoch": 3.02,
            "eval_loss": 0.05314253270626068,
            "eval_runtime": 304.6705,
            "eval_samples_per_second": 1391.789,
            "eval_steps_per_second": 21.748,
            "step": 360000
            },
            {
            "epoch": 3.02,
            "learning_rate": 4.2443045085987874e-05,
            "loss": 0.054,
            "step": 360500
            },
            {
            "epoch": 3.03,
            "learning_rate": 4.2432563872514907e-05,
            "loss": 0.0539,
            "step": 361000
            },
            {
            "epoch": 3.03,
            "learning_rate": 4.242208265904193e-05,
            "loss": 0.0539,
            "step": 361500
            },
            {
            "epoch": 3.04,
            "learning_rate": 4.2411601445568965e-05,
            "loss": 0.0541,
            "step": 362000
            },
            {
            "epoch": 3.04,
            "learning_rate": 4.240112023209599e-05,
            "loss": 0.0535,
            "step": 362500
            },
            {
            "epoch": 3.04,
            "learning_rate": 4.239063901862302e-05,
            "loss": 0.0543,
            "step": 363000
            },
            {
            "epoch": 3.05,
            "learning_rate": 4.238015780515005e-05,
            "loss": 0.054,
            "step": 363500
            },
            {
            "epoch": 3.05,
            "learning_rate": 4.236967659167708e-05,
            "loss": 0.0548,
            "step": 364000
            },
            {
            "epoch": 3.06,
            "learning_rate": 4.2359195378204106e-05,
            "loss": 0.0546,
            "step": 364500
            },
            {
            "epoch": 3.06,
            "learning_rate": 4.234871416473114e-05,
            "loss": 0.0538,
            "step": 365000
            },
            {
            "epoch": 3.06,
            "learning_rate": 4.2338232951258164e-05,
            "loss": 0.0541,
            "step": 365500
            },
            {
            "epoch": 3.07,
            "learning_rate": 4.2327751737785197e-05,
            "loss": 0.0546,
            "step": 366000
            },
            {
            "epoch": 3.07,
            "learning_rate": 4.231727052431222e-05,
            "loss": 0.0537,
            "step": 366500
            },
            {
            "epoch": 3.08,
            "learning_rate": 4.230678931083925e-05,
            "loss": 0.0537,
            "step": 367000
            },
            {
            "epoch": 3.08,
            "learning_rate": 4.229630809736628e-05,
            "loss": 0.0543,
            "step": 367500
            },
            {
            "epoch": 3.09,
            "learning_rate": 4.2285826883893306e-05,
            "loss": 0.0541,
            "step": 368000
            },
            {
            "epoch": 3.09,
            "learning_rate": 4.227534567042034e-05,
            "loss": 0.0544,
            "step": 368500
            },
            {
            "epoch": 3.09,
            "learning_rate": 4.226486445694737e-05,
            "loss": 0.0536,
            "step": 369000
            },
            {
            "epoch": 3.1,
            "learning_rate": 4.2254383243474396e-05,
            "loss": 0.0539,
            "step": 369500
            },
            {
            "epoch": 3.1,
            "learning_rate": 4.224390203000143e-05,
            "loss": 0.0539,
            "step": 370000
            },
            {
            "epoch": 3.11,
            "learning_rate": 4.2233420816528454e-05,
            "loss": 0.0534,
            "step": 370500
            },
            {
            "epoch": 3.11,
            "learning_rate": 4.2222939603055487e-05,
            "loss": 0.0535,
            "step": 371000
            },
            {
            "epoch": 3.12,
            "learning_rate": 4.221245838958251e-05,
            "loss": 0.0538,
            "step": 371500
            },
            {
            "epoch": 3.12,
            "learning_rate": 4.2201977176109545e-05,
            "loss": 0.0539,
            "step": 372000
            },
            {
            "epoch": 3.12,
            "learning_rate": 4.219149596263657e-05,
            "loss": 0.0531,
            "step": 372500
            },
            {
            "epoch": 3.13,
            "learning_rate": 4.21810147491636e-05,
            "loss": 0.0541,
            "step": 373000
            },
            {
            "epoch": 3.13,
            "learning_rate": 4.2170533535690635e-05,
            "loss": 0.054,
            "step": 373500
            },
            {
            "epoch": 3.14,
            "learning_rate": 4.216005232221766e-05,
            "loss": 0.0538,
            "step": 374000
            },
            {
            "epoch": 3.14,
            "learning_rate": 4.214957110874469e-05,
            "loss": 0.0539,
            "step": 374500
            },
            {
            "epoch": 3.14,
            "learning_rate": 4.213908989527172e-05,
            "loss": 0.0533,
            "step": 375000
            },
            {
            "epoch": 3.15,
            "learning_rate": 4.212860868179875e-05,
            "loss": 0.0538,
            "step": 375500
            },
            {
            "epoch": 3.15,
            "learning_rate": 4.2118127468325777e-05,
            "loss": 0.0539,
            "step": 376000
            },
            {
            "epoch": 3.16,
            "learning_rate": 4.210764625485281e-05,
            "loss": 0.0533,
            "step": 376500
            },
            {
            "epoch": 3.16,
            "learning_rate": 4.2097165041379835e-05,
            "loss": 0.0542,
            "step": 377000
            },
            {
            "epoch": 3.17,
            "learning_rate": 4.208668382790687e-05,
            "loss": 0.0543,
            "step": 377500
            },
            {
            "epoch": 3.17,
            "learning_rate": 4.207620261443389e-05,
            "loss": 0.0534,
            "step": 378000
            },
            {
            "epoch": 3.17,
            "learning_rate": 4.2065721400960925e-05,
            "loss": 0.0539,
            "step": 378500
            },
            {
            "epoch": 3.18,
            "learning_rate": 4.205524018748795e-05,
            "loss": 0.0539,
            "step": 379000
            },
            {
            "epoch": 3.18,
            "learning_rate": 4.2044758974014976e-05,
            "loss": 0.0537,
            "step": 379500
            },
            {
            "epoch": 3.19,
            "learning_rate": 4.203427776054201e-05,
            "loss": 0.0536,
            "step": 380000
            },
            {
            "epoch": 3.19,
            "eval_loss": 0.052713993936777115,
            "eval_runtime": 304.8628,
            "eval_samples_per_second": 1390.911,
            "eval_steps_per_second": 21.734,
            "step": 380000
            },
            {
            "epoch": 3.19,
            "learning_rate": 4.2023796547069034e-05,
            "loss": 0.0536,
            "step": 380500
            },
            {
            "epoch": 3.19,
            "learning_rate": 4.2013315333596067e-05,
            "loss": 0.0535,
            "step": 381000
            },
            {
            "epoch": 3.2,
            "learning_rate": 4.200283412012309e-05,
            "loss": 0.0538,
            "step": 381500
            },
            {
            "epoch": 3.2,
            "learning_rate": 4.1992352906650125e-05,
            "loss": 0.0537,
            "step": 382000
            },
            {
            "epoch": 3.21,
            "learning_rate": 4.198187169317715e-05,
            "loss": 0.0538,
            "step": 382500
            },
            {
            "epoch": 3.21,
            "learning_rate": 4.197139047970418e-05,
            "loss": 0.0535,
            "step": 383000
            },
            {
            "epoch": 3.22,
            "learning_rate": 4.196090926623121e-05,
            "loss": 0.0537,
            "step": 383500
            },
            {
            "epoch": 3.22,
            "learning_rate": 4.195042805275824e-05,
            "loss": 0.0537,
            "step": 384000
            },
            {
            "epoch": 3.22,
            "learning_rate": 4.1939946839285266e-05,
            "loss": 0.0539,
            "step": 384500
            },
            {
            "epoch": 3.23,
            "learning_rate": 4.19294656258123e-05,
            "loss": 0.054,
            "step": 385000
            },
            {
            "epoch": 3.23,
            "learning_rate": 4.1918984412339324e-05,
            "loss": 0.0539,
            "step": 385500
            },
            {
            "epoch": 3.24,
            "learning_rate": 4.1908503198866357e-05,
            "loss": 0.0533,
            "step": 386000
            },
            {
            "epoch": 3.24,
            "learning_rate": 4.189802198539338e-05,
            "loss": 0.0537,
            "step": 386500
            },
            {
            "epoch": 3.24,
            "learning_rate": 4.1887540771920415e-05,
            "loss": 0.0542,
            "step": 387000
            },
            {
            "epoch": 3.25,
            "learning_rate": 4.187705955844744e-05,
            "loss": 0.0539,
            "step": 387500
            },
            {
            "epoch": 3.25,
            "learning_rate": 4.186657834497447e-05,
            "loss": 0.0535,
            "step": 388000
            },
            {
            "epoch": 3.26,
            "learning_rate": 4.18560971315015e-05,
            "loss": 0.0538,
            "step": 388500
            },
            {
            "epoch": 3.26,
            "learning_rate": 4.184561591802853e-05,
            "loss": 0.054,
            "step": 389000
            },
            {
            "epoch": 3.27,
            "learning_rate": 4.1835134704555556e-05,
            "loss": 0.0536,
            "step": 389500
            },
            {
            "epoch": 3.27,
            "learning_rate": 4.182465349108259e-05,
            "loss": 0.054,
            "step": 390000
            },
            {
            "epoch": 3.27,
            "learning_rate": 4.1814172277609614e-05,
            "loss": 0.0537,
            "step": 390500
            },
            {
            "epoch": 3.28,
            "learning_rate": 4.180369106413664e-05,
            "loss": 0.0537,
            "step": 391000
            },
            {
            "epoch": 3.28,
            "learning_rate": 4.179320985066367e-05,
            "loss": 0.0539,
            "step": 391500
            },
            {
            "epoch": 3.29,
            "learning_rate": 4.17827286371907e-05,
            "loss": 0.0537,
            "step": 392000
            },
            {
            "epoch": 3.29,
            "learning_rate": 4.177224742371773e-05,
            "loss": 0.0544,
            "step": 392500
            },
            {
            "epoch": 3.3,
            "learning_rate": 4.1761766210244756e-05,
            "loss": 0.0538,
            "step": 393000
            },
            {
            "epoch": 3.3,
            "learning_rate": 4.175128499677179e-05,
            "loss": 0.0542,
            "step": 393500
            },
            {
            "epoch": 3.3,
            "learning_rate": 4.1740803783298814e-05,
            "loss": 0.0535,
            "step": 394000
            },
            {
            "epoch": 3.31,
            "learning_rate": 4.1730322569825846e-05,
            "loss": 0.0531,
            "step": 394500
            },
            {
            "epoch": 3.31,
            "learning_rate": 4.171984135635287e-05,
            "loss": 0.0536,
            "step": 395000
            },
            {
            "epoch": 3.32,
            "learning_rate": 4.1709360142879904e-05,
            "loss": 0.0532,
            "step": 395500
            },
            {
            "epoch": 3.32,
            "learning_rate": 4.169887892940693e-05,
            "loss": 0.0537,
            "step": 396000
            },
            {
            "epoch": 3.32,
            "learning_rate": 4.168839771593396e-05,
            "loss": 0.053,
            "step": 396500
            },
            {
            "epoch": 3.33,
            "learning_rate": 4.167791650246099e-05,
            "loss": 0.0543,
            "step": 397000
            },
            {
            "epoch": 3.33,
            "learning_rate": 4.166743528898802e-05,
            "loss": 0.0535,
            "step": 397500
            },
            {
            "epoch": 3.34,
            "learning_rate": 4.1656954075515046e-05,
            "loss": 0.0537,
            "step": 398000
            },
            {
            "epoch": 3.34,
            "learning_rate": 4.164647286204208e-05,
            "loss": 0.0537,
            "step": 398500
            },
            {
            "epoch": 3.35,
            "learning_rate": 4.1635991648569104e-05,
            "loss": 0.0538,
            "step": 399000
            },
            {
            "epoch": 3.35,
            "learning_rate": 4.1625510435096136e-05,
            "loss": 0.053,
            "step": 399500
            },
            {
            "epoch": 3.35,
            "learning_rate": 4.161502922162316e-05,
            "loss": 0.0538,
            "step": 400000
            },
            {
            "epoch": 3.35,
            "eval_loss": 0.052630361169576645,
            "eval_runtime": 304.6973,
            "eval_samples_per_second": 1391.667,
            "eval_steps_per_second": 21.746,
            "step": 400000
            },
            {
            "epoch": 3.36,
            "learning_rate": 4.1604548008150194e-05,
            "loss": 0.0534,
            "step": 400500
            },
            {
            "epoch": 3.36,
            "learning_rate": 4.159406679467722e-05,
            "loss": 0.0539,
            "step": 401000
            },
            {
            "epoch": 3.37,
            "learning_rate": 4.158358558120425e-05,
            "loss": 0.0532,
            "step": 401500
            },
            {
            "epoch": 3.37,
            "learning_rate": 4.157310436773128e-05,
            "loss": 0.0542,
            "step": 402000
            },
            {
            "epoch": 3.37,
            "learning_rate": 4.1562623154258303e-05,
            "loss": 0.0537,
            "step": 402500
            },
            {
            "epoch": 3.38,
            "learning_rate": 4.1552141940785336e-05,
            "loss": 0.0538,
            "step": 403000
            },
            {
            "epoch": 3.38,
            "learning_rate": 4.154166072731236e-05,
            "loss": 0.0539,
            "step": 403500
            },
            {
            "epoch": 3.39,
            "learning_rate": 4.1531179513839394e-05,
            "loss": 0.0541,
            "step": 404000
            },
            {
            "epoch": 3.39,
            "learning_rate": 4.1520698300366426e-05,
            "loss": 0.0537,
            "step": 404500
            },
            {
            "epoch": 3.4,
            "learning_rate": 4.151021708689345e-05,
            "loss": 0.0541,
            "step": 405000
            },
            {
            "epoch": 3.4,
            "learning_rate": 4.1499735873420484e-05,
            "loss": 0.0536,
            "step": 405500
            },
            {
            "epoch": 3.4,
            "learning_rate": 4.148925465994751e-05,
            "loss": 0.053,
            "step": 406000
            },
            {
            "epoch": 3.41,
            "learning_rate": 4.147877344647454e-05,
            "loss": 0.0536,
            "step": 406500
            },
            {
            "epoch": 3.41,
            "learning_rate": 4.146829223300157e-05,
            "loss": 0.0538,
            "step": 407000
            },
            {
            "epoch": 3.42,
            "learning_rate": 4.14578110195286e-05,
            "loss": 0.0538,
            "step": 407500
            },
            {
            "epoch": 3.42,
            "learning_rate": 4.1447329806055626e-05,
            "loss": 0.054,
            "step": 408000
            },
            {
            "epoch": 3.43,
            "learning_rate": 4.143684859258266e-05,
            "loss": 0.053,
            "step": 408500
            },
            {
            "epoch": 3.43,
            "learning_rate": 4.142636737910969e-05,
            "loss": 0.0533,
            "step": 409000
            },
            {
            "epoch": 3.43,
            "learning_rate": 4.1415886165636716e-05,
            "loss": 0.0537,
            "step": 409500
            },
            {
            "epoch": 3.44,
            "learning_rate": 4.140540495216375e-05,
            "loss": 0.0541,
            "step": 410000
            },
            {
            "epoch": 3.44,
            "learning_rate": 4.1394923738690774e-05,
            "loss": 0.0536,
            "step": 410500
            },
            {
            "epoch": 3.45,
            "learning_rate": 4.1384442525217807e-05,
            "loss": 0.0532,
            "step": 411000
            },
            {
            "epoch": 3.45,
            "learning_rate": 4.137396131174483e-05,
            "loss": 0.0538,
            "step": 411500
            },
            {
            "epoch": 3.45,
            "learning_rate": 4.1363480098271865e-05,
            "loss": 0.0537,
            "step": 412000
            },
            {
            "epoch": 3.46,
            "learning_rate": 4.135299888479889e-05,
            "loss": 0.0535,
            "step": 412500
            },
            {
            "epoch": 3.46,
            "learning_rate": 4.134251767132592e-05,
            "loss": 0.0535,
            "step": 413000
            },
            {
            "epoch": 3.47,
            "learning_rate": 4.133203645785295e-05,
            "loss": 0.0536,
            "step": 413500
            },
            {
            "epoch": 3.47,
            "learning_rate": 4.132155524437998e-05,
            "loss": 0.0539,
            "step": 414000
            },
            {
            "epoch": 3.48,
            "learning_rate": 4.1311074030907006e-05,
            "loss": 0.0536,
            "step": 414500
            },
            {
            "epoch": 3.48,
            "learning_rate": 4.130059281743403e-05,
            "loss": 0.0539,
            "step": 415000
            },
            {
            "epoch": 3.48,
            "learning_rate": 4.1290111603961064e-05,
            "loss": 0.0537,
            "step": 415500
            },
            {
            "epoch": 3.49,
            "learning_rate": 4.127963039048809e-05,
            "loss": 0.0543,
            "step": 416000
            },
            {
            "epoch": 3.49,
            "learning_rate": 4.126914917701512e-05,
            "loss": 0.0532,
            "step": 416500
            },
            {
            "epoch": 3.5,
            "learning_rate": 4.125866796354215e-05,
            "loss": 0.0533,
            "step": 417000
            },
            {
            "epoch": 3.5,
            "learning_rate": 4.124818675006918e-05,
            "loss": 0.0531,
            "step": 417500
            },
            {
            "epoch": 3.5,
            "learning_rate": 4.1237705536596206e-05,
            "loss": 0.0532,
            "step": 418000
            },
            {
            "epoch": 3.51,
            "learning_rate": 4.122722432312324e-05,
            "loss": 0.0538,
            "step": 418500
            },
            {
            "epoch": 3.51,
            "learning_rate": 4.1216743109650264e-05,
            "loss": 0.0534,
            "step": 419000
            },
            {
            "epoch": 3.52,
            "learning_rate": 4.1206261896177296e-05,
            "loss": 0.0536,
            "step": 419500
            },
            {
            "epoch": 3.52,
            "learning_rate": 4.119578068270432e-05,
            "loss": 0.0533,
            "step": 420000
            },
            {
            "epoch": 3.52,
            "eval_loss": 0.052435535937547684,
            "eval_runtime": 305.9819,
            "eval_samples_per_second": 1385.824,
            "eval_steps_per_second": 21.655,
            "step": 420000
            },
            {
            "epoch": 3.53,
            "learning_rate": 4.1185299469231354e-05,
            "loss": 0.0533,
            "step": 420500
            },
            {
            "epoch": 3.53,
            "learning_rate": 4.117481825575838e-05,
            "loss": 0.053,
            "step": 421000
            },
            {
            "epoch": 3.53,
            "learning_rate": 4.116433704228541e-05,
            "loss": 0.0531,
            "step": 421500
            },
            {
            "epoch": 3.54,
            "learning_rate": 4.115385582881244e-05,
            "loss": 0.0535,
            "step": 422000
            },
            {
            "epoch": 3.54,
            "learning_rate": 4.114337461533947e-05,
            "loss": 0.053,
            "step": 422500
            },
            {
            "epoch": 3.55,
            "learning_rate": 4.1132893401866496e-05,
            "loss": 0.0535,
            "step": 423000
            },
            {
            "epoch": 3.55,
            "learning_rate": 4.112241218839353e-05,
            "loss": 0.0534,
            "step": 423500
            },
            {
            "epoch": 3.56,
            "learning_rate": 4.1111930974920554e-05,
            "loss": 0.0538,
            "step": 424000
            },
            {
            "epoch": 3.56,
            "learning_rate": 4.1101449761447586e-05,
            "loss": 0.0531,
            "step": 424500
            },
            {
            "epoch": 3.56,
            "learning_rate": 4.109096854797461e-05,
            "loss": 0.0537,
            "step": 425000
            },
            {
            "epoch": 3.57,
            "learning_rate": 4.1080487334501644e-05,
            "loss": 0.0537,
            "step": 425500
            },
            {
            "epoch": 3.57,
            "learning_rate": 4.107000612102867e-05,
            "loss": 0.0532,
            "step": 426000
            },
            {
            "epoch": 3.58,
            "learning_rate": 4.1059524907555695e-05,
            "loss": 0.0538,
            "step": 426500
            },
            {
            "epoch": 3.58,
            "learning_rate": 4.104904369408273e-05,
            "loss": 0.0537,
            "step": 427000
            },
            {
            "epoch": 3.58,
            "learning_rate": 4.1038562480609753e-05,
            "loss": 0.0538,
            "step": 427500
            },
            {
            "epoch": 3.59,
            "learning_rate": 4.1028081267136786e-05,
            "loss": 0.0537,
            "step": 428000
            },
            {
            "epoch": 3.59,
            "learning_rate": 4.101760005366381e-05,
            "loss": 0.0536,
            "step": 428500
            },
            {
            "epoch": 3.6,
            "learning_rate": 4.1007118840190844e-05,
            "loss": 0.053,
            "step": 429000
            },
            {
            "epoch": 3.6,
            "learning_rate": 4.099663762671787e-05,
            "loss": 0.0535,
            "step": 429500
            },
            {
            "epoch": 3.61,
            "learning_rate": 4.09861564132449e-05,
            "loss": 0.0534,
            "step": 430000
            },
            {
            "epoch": 3.61,
            "learning_rate": 4.097567519977193e-05,
            "loss": 0.0534,
            "step": 430500
            },
            {
            "epoch": 3.61,
            "learning_rate": 4.096519398629896e-05,
            "loss": 0.0532,
            "step": 431000
            },
            {
            "epoch": 3.62,
            "learning_rate": 4.0954712772825985e-05,
            "loss": 0.0535,
            "step": 431500
            },
            {
            "epoch": 3.62,
            "learning_rate": 4.094423155935302e-05,
            "loss": 0.0531,
            "step": 432000
            },
            {
            "epoch": 3.63,
            "learning_rate": 4.0933750345880043e-05,
            "loss": 0.0535,
            "step": 432500
            },
            {
            "epoch": 3.63,
            "learning_rate": 4.0923269132407076e-05,
            "loss": 0.0538,
            "step": 433000
            },
            {
            "epoch": 3.63,
            "learning_rate": 4.09127879189341e-05,
            "loss": 0.0531,
            "step": 433500
            },
            {
            "epoch": 3.64,
            "learning_rate": 4.0902306705461134e-05,
            "loss": 0.0527,
            "step": 434000
            },
            {
            "epoch": 3.64,
            "learning_rate": 4.089182549198816e-05,
            "loss": 0.0533,
            "step": 434500
            },
            {
            "epoch": 3.65,
            "learning_rate": 4.088134427851519e-05,
            "loss": 0.0541,
            "step": 435000
            },
            {
            "epoch": 3.65,
            "learning_rate": 4.087086306504222e-05,
            "loss": 0.0525,
            "step": 435500
            },
            {
            "epoch": 3.66,
            "learning_rate": 4.086038185156925e-05,
            "loss": 0.0532,
            "step": 436000
            },
            {
            "epoch": 3.66,
            "learning_rate": 4.0849900638096275e-05,
            "loss": 0.0538,
            "step": 436500
            },
            {
            "epoch": 3.66,
            "learning_rate": 4.083941942462331e-05,
            "loss": 0.0527,
            "step": 437000
            },
            {
            "epoch": 3.67,
            "learning_rate": 4.0828938211150333e-05,
            "loss": 0.0535,
            "step": 437500
            },
            {
            "epoch": 3.67,
            "learning_rate": 4.081845699767736e-05,
            "loss": 0.0529,
            "step": 438000
            },
            {
            "epoch": 3.68,
            "learning_rate": 4.080797578420439e-05,
            "loss": 0.0535,
            "step": 438500
            },
            {
            "epoch": 3.68,
            "learning_rate": 4.0797494570731424e-05,
            "loss": 0.0528,
            "step": 439000
            },
            {
            "epoch": 3.69,
            "learning_rate": 4.078701335725845e-05,
            "loss": 0.0531,
            "step": 439500
            },
            {
            "epoch": 3.69,
            "learning_rate": 4.077653214378548e-05,
            "loss": 0.0531,
            "step": 440000
            },
            {
            "epoch": 3.69,
            "eval_loss": 0.052143219858407974,
            "eval_runtime": 306.1895,
            "eval_samples_per_second": 1384.884,
            "eval_steps_per_second": 21.64,
            "step": 440000
            },
            {
            "epoch": 3.69,
            "learning_rate": 4.076605093031251e-05,
            "loss": 0.053,
            "step": 440500
            },
            {
            "epoch": 3.7,
            "learning_rate": 4.075556971683954e-05,
            "loss": 0.0532,
            "step": 441000
            },
            {
            "epoch": 3.7,
            "learning_rate": 4.0745088503366565e-05,
            "loss": 0.0533,
            "step": 441500
            },
            {
            "epoch": 3.71,
            "learning_rate": 4.07346072898936e-05,
            "loss": 0.0529,
            "step": 442000
            },
            {
            "epoch": 3.71,
            "learning_rate": 4.0724126076420623e-05,
            "loss": 0.0534,
            "step": 442500
            },
            {
            "epoch": 3.71,
            "learning_rate": 4.0713644862947656e-05,
            "loss": 0.0534,
            "step": 443000
            },
            {
            "epoch": 3.72,
            "learning_rate": 4.070316364947469e-05,
            "loss": 0.0525,
            "step": 443500
            },
            {
            "epoch": 3.72,
            "learning_rate": 4.0692682436001714e-05,
            "loss": 0.0539,
            "step": 444000
            },
            {
            "epoch": 3.73,
            "learning_rate": 4.0682201222528746e-05,
            "loss": 0.0531,
            "step": 444500
            },
            {
            "epoch": 3.73,
            "learning_rate": 4.067172000905577e-05,
            "loss": 0.0534,
            "step": 445000
            },
            {
            "epoch": 3.74,
            "learning_rate": 4.0661238795582804e-05,
            "loss": 0.0525,
            "step": 445500
            },
            {
            "epoch": 3.74,
            "learning_rate": 4.065075758210983e-05,
            "loss": 0.0533,
            "step": 446000
            },
            {
            "epoch": 3.74,
            "learning_rate": 4.064027636863686e-05,
            "loss": 0.0532,
            "step": 446500
            },
            {
            "epoch": 3.75,
            "learning_rate": 4.062979515516389e-05,
            "loss": 0.053,
            "step": 447000
            },
            {
            "epoch": 3.75,
            "learning_rate": 4.061931394169092e-05,
            "loss": 0.0532,
            "step": 447500
            },
            {
            "epoch": 3.76,
            "learning_rate": 4.0608832728217946e-05,
            "loss": 0.0531,
            "step": 448000
            },
            {
            "epoch": 3.76,
            "learning_rate": 4.059835151474498e-05,
            "loss": 0.0531,
            "step": 448500
            },
            {
            "epoch": 3.76,
            "learning_rate": 4.0587870301272004e-05,
            "loss": 0.0532,
            "step": 449000
            },
            {
            "epoch": 3.77,
            "learning_rate": 4.0577389087799036e-05,
            "loss": 0.0535,
            "step": 449500
            },
            {
            "epoch": 3.77,
            "learning_rate": 4.056690787432606e-05,
            "loss": 0.0533,
            "step": 450000
            },
            {
            "epoch": 3.78,
            "learning_rate": 4.055642666085309e-05,
            "loss": 0.0533,
            "step": 450500
            },
            {
            "epoch": 3.78,
            "learning_rate": 4.054594544738012e-05,
            "loss": 0.053,
            "step": 451000
            },
            {
            "epoch": 3.79,
            "learning_rate": 4.0535464233907145e-05,
            "loss": 0.0529,
            "step": 451500
            },
            {
            "epoch": 3.79,
            "learning_rate": 4.052498302043418e-05,
            "loss": 0.0537,
            "step": 452000
            },
            {
            "epoch": 3.79,
            "learning_rate": 4.0514501806961203e-05,
            "loss": 0.0525,
            "step": 452500
            },
            {
            "epoch": 3.8,
            "learning_rate": 4.0504020593488236e-05,
            "loss": 0.0538,
            "step": 453000
            },
            {
            "epoch": 3.8,
            "learning_rate": 4.049353938001526e-05,
            "loss": 0.0531,
            "step": 453500
            },
            {
            "epoch": 3.81,
            "learning_rate": 4.0483058166542294e-05,
            "loss": 0.0527,
            "step": 454000
            },
            {
            "epoch": 3.81,
            "learning_rate": 4.047257695306932e-05,
            "loss": 0.0521,
            "step": 454500
            },
            {
            "epoch": 3.82,
            "learning_rate": 4.046209573959635e-05,
            "loss": 0.053,
            "step": 455000
            },
            {
            "epoch": 3.82,
            "learning_rate": 4.045161452612338e-05,
            "loss": 0.053,
            "step": 455500
            },
            {
            "epoch": 3.82,
            "learning_rate": 4.044113331265041e-05,
            "loss": 0.0531,
            "step": 456000
            },
            {
            "epoch": 3.83,
            "learning_rate": 4.0430652099177435e-05,
            "loss": 0.0533,
            "step": 456500
            },
            {
            "epoch": 3.83,
            "learning_rate": 4.042017088570447e-05,
            "loss": 0.0526,
            "step": 457000
            },
            {
            "epoch": 3.84,
            "learning_rate": 4.0409689672231493e-05,
            "loss": 0.0534,
            "step": 457500
            },
            {
            "epoch": 3.84,
            "learning_rate": 4.0399208458758526e-05,
            "loss": 0.0534,
            "step": 458000
            },
            {
            "epoch": 3.84,
            "learning_rate": 4.038872724528555e-05,
            "loss": 0.0528,
            "step": 458500
            },
            {
            "epoch": 3.85,
            "learning_rate": 4.0378246031812584e-05,
            "loss": 0.0539,
            "step": 459000
            },
            {
            "epoch": 3.85,
            "learning_rate": 4.036776481833961e-05,
            "loss": 0.0533,
            "step": 459500
            },
            {
            "epoch": 3.86,
            "learning_rate": 4.035728360486664e-05,
            "loss": 0.0531,
            "step": 460000
            },
            {
            "epoch": 3.86,
            "eval_loss": 0.051791977137327194,
            "eval_runtime": 304.8246,
            "eval_samples_per_second": 1391.085,
            "eval_steps_per_second": 21.737,
            "step": 460000
            },
            {
            "epoch": 3.86,
            "learning_rate": 4.034680239139367e-05,
            "loss": 0.0529,
            "step": 460500
            },
            {
            "epoch": 3.87,
            "learning_rate": 4.03363211779207e-05,
            "loss": 0.053,
            "step": 461000
            },
            {
            "epoch": 3.87,
            "learning_rate": 4.0325839964447725e-05,
            "loss": 0.0533,
            "step": 461500
            },
            {
            "epoch": 3.87,
            "learning_rate": 4.031535875097475e-05,
            "loss": 0.0529,
            "step": 462000
            },
            {
            "epoch": 3.88,
            "learning_rate": 4.0304877537501783e-05,
            "loss": 0.053,
            "step": 462500
            },
            {
            "epoch": 3.88,
            "learning_rate": 4.029439632402881e-05,
            "loss": 0.0525,
            "step": 463000
            },
            {
            "epoch": 3.89,
            "learning_rate": 4.028391511055584e-05,
            "loss": 0.0526,
            "step": 463500
            },
            {
            "epoch": 3.89,
            "learning_rate": 4.027343389708287e-05,
            "loss": 0.0534,
            "step": 464000
            },
            {
            "epoch": 3.89,
            "learning_rate": 4.02629526836099e-05,
            "loss": 0.0532,
            "step": 464500
            },
            {
            "epoch": 3.9,
            "learning_rate": 4.0252471470136925e-05,
            "loss": 0.0533,
            "step": 465000
            },
            {
            "epoch": 3.9,
            "learning_rate": 4.024199025666396e-05,
            "loss": 0.0527,
            "step": 465500
            },
            {
            "epoch": 3.91,
            "learning_rate": 4.023150904319098e-05,
            "loss": 0.0531,
            "step": 466000
            },
            {
            "epoch": 3.91,
            "learning_rate": 4.0221027829718015e-05,
            "loss": 0.0531,
            "step": 466500
            },
            {
            "epoch": 3.92,
            "learning_rate": 4.021054661624504e-05,
            "loss": 0.0532,
            "step": 467000
            },
            {
            "epoch": 3.92,
            "learning_rate": 4.0200065402772073e-05,
            "loss": 0.0537,
            "step": 467500
            },
            {
            "epoch": 3.92,
            "learning_rate": 4.01895841892991e-05,
            "loss": 0.0532,
            "step": 468000
            },
            {
            "epoch": 3.93,
            "learning_rate": 4.017910297582613e-05,
            "loss": 0.0527,
            "step": 468500
            },
            {
            "epoch": 3.93,
            "learning_rate": 4.016862176235316e-05,
            "loss": 0.0527,
            "step": 469000
            },
            {
            "epoch": 3.94,
            "learning_rate": 4.015814054888019e-05,
            "loss": 0.0528,
            "step": 469500
            },
            {
            "epoch": 3.94,
            "learning_rate": 4.0147659335407215e-05,
            "loss": 0.0534,
            "step": 470000
            },
            {
            "epoch": 3.95,
            "learning_rate": 4.013717812193425e-05,
            "loss": 0.053,
            "step": 470500
            },
            {
            "epoch": 3.95,
            "learning_rate": 4.012669690846127e-05,
            "loss": 0.0533,
            "step": 471000
            },
            {
            "epoch": 3.95,
            "learning_rate": 4.0116215694988305e-05,
            "loss": 0.0531,
            "step": 471500
            },
            {
            "epoch": 3.96,
            "learning_rate": 4.010573448151533e-05,
            "loss": 0.053,
            "step": 472000
            },
            {
            "epoch": 3.96,
            "learning_rate": 4.0095253268042363e-05,
            "loss": 0.0526,
            "step": 472500
            },
            {
            "epoch": 3.97,
            "learning_rate": 4.008477205456939e-05,
            "loss": 0.0528,
            "step": 473000
            },
            {
            "epoch": 3.97,
            "learning_rate": 4.0074290841096415e-05,
            "loss": 0.053,
            "step": 473500
            },
            {
            "epoch": 3.97,
            "learning_rate": 4.006380962762345e-05,
            "loss": 0.0532,
            "step": 474000
            },
            {
            "epoch": 3.98,
            "learning_rate": 4.005332841415048e-05,
            "loss": 0.0529,
            "step": 474500
            },
            {
            "epoch": 3.98,
            "learning_rate": 4.0042847200677505e-05,
            "loss": 0.0522,
            "step": 475000
            },
            {
            "epoch": 3.99,
            "learning_rate": 4.003236598720454e-05,
            "loss": 0.0529,
            "step": 475500
            },
            {
            "epoch": 3.99,
            "learning_rate": 4.002188477373156e-05,
            "loss": 0.0532,
            "step": 476000
            },
            {
            "epoch": 4.0,
            "learning_rate": 4.0011403560258595e-05,
            "loss": 0.053,
            "step": 476500
            },
            {
            "epoch": 4.0,
            "learning_rate": 4.000092234678562e-05,
            "loss": 0.0534,
            "step": 477000
            },
            {
            "epoch": 4.0,
            "learning_rate": 3.9990441133312653e-05,
            "loss": 0.052,
            "step": 477500
            },
            {
            "epoch": 4.01,
            "learning_rate": 3.997995991983968e-05,
            "loss": 0.053,
            "step": 478000
            },
            {
            "epoch": 4.01,
            "learning_rate": 3.996947870636671e-05,
            "loss": 0.052,
            "step": 478500
            },
            {
            "epoch": 4.02,
            "learning_rate": 3.9958997492893744e-05,
            "loss": 0.0525,
            "step": 479000
            },
            {
            "epoch": 4.02,
            "learning_rate": 3.994851627942077e-05,
            "loss": 0.0529,
            "step": 479500
            },
            {
            "epoch": 4.02,
            "learning_rate": 3.99380350659478e-05,
            "loss": 0.0521,
            "step": 480000
            },
            {
            "epoch": 4.02,
            "eval_loss": 0.051713280379772186,
            "eval_runtime": 304.8622,
            "eval_samples_per_second": 1390.914,
            "eval_steps_per_second": 21.734,
            "step": 480000
            },
            {
            "epoch": 4.03,
            "learning_rate": 3.992755385247483e-05,
            "loss": 0.0522,
            "step": 480500
            },
            {
            "epoch": 4.03,
            "learning_rate": 3.991707263900186e-05,
            "loss": 0.0521,
            "step": 481000
            },
            {
            "epoch": 4.04,
            "learning_rate": 3.9906591425528885e-05,
            "loss": 0.0526,
            "step": 481500
            },
            {
            "epoch": 4.04,
            "learning_rate": 3.989611021205592e-05,
            "loss": 0.0527,
            "step": 482000
            },
            {
            "epoch": 4.05,
            "learning_rate": 3.9885628998582943e-05,
            "loss": 0.0524,
            "step": 482500
            },
            {
            "epoch": 4.05,
            "learning_rate": 3.9875147785109976e-05,
            "loss": 0.0526,
            "step": 483000
            },
            {
            "epoch": 4.05,
            "learning_rate": 3.9864666571637e-05,
            "loss": 0.0524,
            "step": 483500
            },
            {
            "epoch": 4.06,
            "learning_rate": 3.9854185358164034e-05,
            "loss": 0.0523,
            "step": 484000
            },
            {
            "epoch": 4.06,
            "learning_rate": 3.984370414469106e-05,
            "loss": 0.0523,
            "step": 484500
            },
            {
            "epoch": 4.07,
            "learning_rate": 3.983322293121809e-05,
            "loss": 0.0528,
            "step": 485000
            },
            {
            "epoch": 4.07,
            "learning_rate": 3.982274171774512e-05,
            "loss": 0.0522,
            "step": 485500
            },
            {
            "epoch": 4.08,
            "learning_rate": 3.981226050427214e-05,
            "loss": 0.0527,
            "step": 486000
            },
            {
            "epoch": 4.08,
            "learning_rate": 3.9801779290799175e-05,
            "loss": 0.0522,
            "step": 486500
            },
            {
            "epoch": 4.08,
            "learning_rate": 3.97912980773262e-05,
            "loss": 0.053,
            "step": 487000
            },
            {
            "epoch": 4.09,
            "learning_rate": 3.9780816863853233e-05,
            "loss": 0.0527,
            "step": 487500
            },
            {
            "epoch": 4.09,
            "learning_rate": 3.977033565038026e-05,
            "loss": 0.0524,
            "step": 488000
            },
            {
            "epoch": 4.1,
            "learning_rate": 3.975985443690729e-05,
            "loss": 0.0527,
            "step": 488500
            },
            {
            "epoch": 4.1,
            "learning_rate": 3.974937322343432e-05,
            "loss": 0.0525,
            "step": 489000
            },
            {
            "epoch": 4.1,
            "learning_rate": 3.973889200996135e-05,
            "loss": 0.053,
            "step": 489500
            },
            {
            "epoch": 4.11,
            "learning_rate": 3.9728410796488375e-05,
            "loss": 0.052,
            "step": 490000
            },
            {
            "epoch": 4.11,
            "learning_rate": 3.971792958301541e-05,
            "loss": 0.0521,
            "step": 490500
            },
            {
            "epoch": 4.12,
            "learning_rate": 3.970744836954243e-05,
            "loss": 0.0528,
            "step": 491000
            },
            {
            "epoch": 4.12,
            "learning_rate": 3.9696967156069465e-05,
            "loss": 0.052,
            "step": 491500
            },
            {
            "epoch": 4.13,
            "learning_rate": 3.968648594259649e-05,
            "loss": 0.0518,
            "step": 492000
            },
            {
            "epoch": 4.13,
            "learning_rate": 3.9676004729123523e-05,
            "loss": 0.0526,
            "step": 492500
            },
            {
            "epoch": 4.13,
            "learning_rate": 3.966552351565055e-05,
            "loss": 0.0524,
            "step": 493000
            },
            {
            "epoch": 4.14,
            "learning_rate": 3.965504230217758e-05,
            "loss": 0.0521,
            "step": 493500
            },
            {
            "epoch": 4.14,
            "learning_rate": 3.964456108870461e-05,
            "loss": 0.0528,
            "step": 494000
            },
            {
            "epoch": 4.15,
            "learning_rate": 3.963407987523164e-05,
            "loss": 0.0527,
            "step": 494500
            },
            {
            "epoch": 4.15,
            "learning_rate": 3.9623598661758665e-05,
            "loss": 0.0522,
            "step": 495000
            },
            {
            "epoch": 4.15,
            "learning_rate": 3.96131174482857e-05,
            "loss": 0.0524,
            "step": 495500
            },
            {
            "epoch": 4.16,
            "learning_rate": 3.960263623481272e-05,
            "loss": 0.0532,
            "step": 496000
            },
            {
            "epoch": 4.16,
            "learning_rate": 3.9592155021339755e-05,
            "loss": 0.0525,
            "step": 496500
            },
            {
            "epoch": 4.17,
            "learning_rate": 3.958167380786678e-05,
            "loss": 0.0527,
            "step": 497000
            },
            {
            "epoch": 4.17,
            "learning_rate": 3.957119259439381e-05,
            "loss": 0.0528,
            "step": 497500
            },
            {
            "epoch": 4.18,
            "learning_rate": 3.956071138092084e-05,
            "loss": 0.0523,
            "step": 498000
            },
            {
            "epoch": 4.18,
            "learning_rate": 3.9550230167447865e-05,
            "loss": 0.0526,
            "step": 498500
            },
            {
            "epoch": 4.18,
            "learning_rate": 3.95397489539749e-05,
            "loss": 0.0525,
            "step": 499000
            },
            {
            "epoch": 4.19,
            "learning_rate": 3.952926774050192e-05,
            "loss": 0.0519,
            "step": 499500
            },
            {
            "epoch": 4.19,
            "learning_rate": 3.9518786527028955e-05,
            "loss": 0.0524,
            "step": 500000
            },
            {
            "epoch": 4.19,
            "eval_loss": 0.05154876038432121,
            "eval_runtime": 304.9196,
            "eval_samples_per_second": 1390.652,
            "eval_steps_per_second": 21.73,
            "step": 500000
            },
            {
            "epoch": 4.2,
            "learning_rate": 3.950830531355598e-05,
            "loss": 0.0525,
            "step": 500500
            },
            {
            "epoch": 4.2,
            "learning_rate": 3.949782410008301e-05,
            "loss": 0.0522,
            "step": 501000
            },
            {
            "epoch": 4.21,
            "learning_rate": 3.948734288661004e-05,
            "loss": 0.0526,
            "step": 501500
            },
            {
            "epoch": 4.21,
            "learning_rate": 3.947686167313707e-05,
            "loss": 0.0527,
            "step": 502000
            },
            {
            "epoch": 4.21,
            "learning_rate": 3.94663804596641e-05,
            "loss": 0.0522,
            "step": 502500
            },
            {
            "epoch": 4.22,
            "learning_rate": 3.945589924619113e-05,
            "loss": 0.0529,
            "step": 503000
            },
            {
            "epoch": 4.22,
            "learning_rate": 3.9445418032718155e-05,
            "loss": 0.0524,
            "step": 503500
            },
            {
            "epoch": 4.23,
            "learning_rate": 3.943493681924519e-05,
            "loss": 0.0518,
            "step": 504000
            },
            {
            "epoch": 4.23,
            "learning_rate": 3.942445560577221e-05,
            "loss": 0.0525,
            "step": 504500
            },
            {
            "epoch": 4.23,
            "learning_rate": 3.9413974392299245e-05,
            "loss": 0.0528,
            "step": 505000
            },
            {
            "epoch": 4.24,
            "learning_rate": 3.940349317882627e-05,
            "loss": 0.0526,
            "step": 505500
            },
            {
            "epoch": 4.24,
            "learning_rate": 3.93930119653533e-05,
            "loss": 0.0527,
            "step": 506000
            },
            {
            "epoch": 4.25,
            "learning_rate": 3.938253075188033e-05,
            "loss": 0.0521,
            "step": 506500
            },
            {
            "epoch": 4.25,
            "learning_rate": 3.937204953840736e-05,
            "loss": 0.0525,
            "step": 507000
            },
            {
            "epoch": 4.26,
            "learning_rate": 3.936156832493439e-05,
            "loss": 0.0526,
            "step": 507500
            },
            {
            "epoch": 4.26,
            "learning_rate": 3.935108711146142e-05,
            "loss": 0.0518,
            "step": 508000
            },
            {
            "epoch": 4.26,
            "learning_rate": 3.9340605897988445e-05,
            "loss": 0.0525,
            "step": 508500
            },
            {
            "epoch": 4.27,
            "learning_rate": 3.933012468451547e-05,
            "loss": 0.0527,
            "step": 509000
            },
            {
            "epoch": 4.27,
            "learning_rate": 3.93196434710425e-05,
            "loss": 0.0525,
            "step": 509500
            },
            {
            "epoch": 4.28,
            "learning_rate": 3.9309162257569535e-05,
            "loss": 0.0519,
            "step": 510000
            },
            {
            "epoch": 4.28,
            "learning_rate": 3.929868104409656e-05,
            "loss": 0.0525,
            "step": 510500
            },
            {
            "epoch": 4.28,
            "learning_rate": 3.928819983062359e-05,
            "loss": 0.0521,
            "step": 511000
            },
            {
            "epoch": 4.29,
            "learning_rate": 3.927771861715062e-05,
            "loss": 0.0527,
            "step": 511500
            },
            {
            "epoch": 4.29,
            "learning_rate": 3.926723740367765e-05,
            "loss": 0.053,
            "step": 512000
            },
            {
            "epoch": 4.3,
            "learning_rate": 3.925675619020468e-05,
            "loss": 0.0521,
            "step": 512500
            },
            {
            "epoch": 4.3,
            "learning_rate": 3.924627497673171e-05,
            "loss": 0.0525,
            "step": 513000
            },
            {
            "epoch": 4.31,
            "learning_rate": 3.9235793763258735e-05,
            "loss": 0.053,
            "step": 513500
            },
            {
            "epoch": 4.31,
            "learning_rate": 3.922531254978577e-05,
            "loss": 0.0519,
            "step": 514000
            },
            {
            "epoch": 4.31,
            "learning_rate": 3.92148313363128e-05,
            "loss": 0.0527,
            "step": 514500
            },
            {
            "epoch": 4.32,
            "learning_rate": 3.9204350122839825e-05,
            "loss": 0.0524,
            "step": 515000
            },
            {
            "epoch": 4.32,
            "learning_rate": 3.919386890936686e-05,
            "loss": 0.0522,
            "step": 515500
            },
            {
            "epoch": 4.33,
            "learning_rate": 3.918338769589388e-05,
            "loss": 0.0523,
            "step": 516000
            },
            {
            "epoch": 4.33,
            "learning_rate": 3.9172906482420915e-05,
            "loss": 0.0528,
            "step": 516500
            },
            {
            "epoch": 4.34,
            "learning_rate": 3.916242526894794e-05,
            "loss": 0.0524,
            "step": 517000
            },
            {
            "epoch": 4.34,
            "learning_rate": 3.9151944055474973e-05,
            "loss": 0.0517,
            "step": 517500
            },
            {
            "epoch": 4.34,
            "learning_rate": 3.9141462842002e-05,
            "loss": 0.0527,
            "step": 518000
            },
            {
            "epoch": 4.35,
            "learning_rate": 3.913098162852903e-05,
            "loss": 0.0527,
            "step": 518500
            },
            {
            "epoch": 4.35,
            "learning_rate": 3.912050041505606e-05,
            "loss": 0.0526,
            "step": 519000
            },
            {
            "epoch": 4.36,
            "learning_rate": 3.911001920158309e-05,
            "loss": 0.0521,
            "step": 519500
            },
            {
            "epoch": 4.36,
            "learning_rate": 3.9099537988110115e-05,
            "loss": 0.0517,
            "step": 520000
            },
            {
            "epoch": 4.36,
            "eval_loss": 0.05129723623394966,
            "eval_runtime": 305.4031,
            "eval_samples_per_second": 1388.45,
            "eval_steps_per_second": 21.696,
            "step": 520000
            },
            {
            "epoch": 4.36,
            "learning_rate": 3.908905677463715e-05,
            "loss": 0.0522,
            "step": 520500
            },
            {
            "epoch": 4.37,
            "learning_rate": 3.907857556116417e-05,
            "loss": 0.0522,
            "step": 521000
            },
            {
            "epoch": 4.37,
            "learning_rate": 3.90680943476912e-05,
            "loss": 0.0528,
            "step": 521500
            },
            {
            "epoch": 4.38,
            "learning_rate": 3.905761313421823e-05,
            "loss": 0.052,
            "step": 522000
            },
            {
            "epoch": 4.38,
            "learning_rate": 3.904713192074526e-05,
            "loss": 0.0525,
            "step": 522500
            },
            {
            "epoch": 4.39,
            "learning_rate": 3.903665070727229e-05,
            "loss": 0.0525,
            "step": 523000
            },
            {
            "epoch": 4.39,
            "learning_rate": 3.9026169493799315e-05,
            "loss": 0.0524,
            "step": 523500
            },
            {
            "epoch": 4.39,
            "learning_rate": 3.901568828032635e-05,
            "loss": 0.0519,
            "step": 524000
            },
            {
            "epoch": 4.4,
            "learning_rate": 3.900520706685337e-05,
            "loss": 0.0525,
            "step": 524500
            },
            {
            "epoch": 4.4,
            "learning_rate": 3.8994725853380405e-05,
            "loss": 0.0527,
            "step": 525000
            },
            {
            "epoch": 4.41,
            "learning_rate": 3.898424463990743e-05,
            "loss": 0.0523,
            "step": 525500
            },
            {
            "epoch": 4.41,
            "learning_rate": 3.897376342643446e-05,
            "loss": 0.0522,
            "step": 526000
            },
            {
            "epoch": 4.41,
            "learning_rate": 3.896328221296149e-05,
            "loss": 0.0526,
            "step": 526500
            },
            {
            "epoch": 4.42,
            "learning_rate": 3.895280099948852e-05,
            "loss": 0.0521,
            "step": 527000
            },
            {
            "epoch": 4.42,
            "learning_rate": 3.894231978601555e-05,
            "loss": 0.0522,
            "step": 527500
            },
            {
            "epoch": 4.43,
            "learning_rate": 3.893183857254258e-05,
            "loss": 0.0529,
            "step": 528000
            },
            {
            "epoch": 4.43,
            "learning_rate": 3.8921357359069605e-05,
            "loss": 0.0524,
            "step": 528500
            },
            {
            "epoch": 4.44,
            "learning_rate": 3.891087614559664e-05,
            "loss": 0.052,
            "step": 529000
            },
            {
            "epoch": 4.44,
            "learning_rate": 3.890039493212366e-05,
            "loss": 0.0524,
            "step": 529500
            },
            {
            "epoch": 4.44,
            "learning_rate": 3.8889913718650695e-05,
            "loss": 0.052,
            "step": 530000
            },
            {
            "epoch": 4.45,
            "learning_rate": 3.887943250517772e-05,
            "loss": 0.052,
            "step": 530500
            },
            {
            "epoch": 4.45,
            "learning_rate": 3.886895129170475e-05,
            "loss": 0.0525,
            "step": 531000
            },
            {
            "epoch": 4.46,
            "learning_rate": 3.885847007823178e-05,
            "loss": 0.052,
            "step": 531500
            },
            {
            "epoch": 4.46,
            "learning_rate": 3.884798886475881e-05,
            "loss": 0.0518,
            "step": 532000
            },
            {
            "epoch": 4.46,
            "learning_rate": 3.883750765128584e-05,
            "loss": 0.0522,
            "step": 532500
            },
            {
            "epoch": 4.47,
            "learning_rate": 3.882702643781286e-05,
            "loss": 0.0527,
            "step": 533000
            },
            {
            "epoch": 4.47,
            "learning_rate": 3.8816545224339895e-05,
            "loss": 0.0525,
            "step": 533500
            },
            {
            "epoch": 4.48,
            "learning_rate": 3.880606401086692e-05,
            "loss": 0.0522,
            "step": 534000
            },
            {
            "epoch": 4.48,
            "learning_rate": 3.879558279739395e-05,
            "loss": 0.0523,
            "step": 534500
            },
            {
            "epoch": 4.49,
            "learning_rate": 3.878510158392098e-05,
            "loss": 0.0525,
            "step": 535000
            },
            {
            "epoch": 4.49,
            "learning_rate": 3.877462037044801e-05,
            "loss": 0.0524,
            "step": 535500
            },
            {
            "epoch": 4.49,
            "learning_rate": 3.8764139156975036e-05,
            "loss": 0.0523,
            "step": 536000
            },
            {
            "epoch": 4.5,
            "learning_rate": 3.875365794350207e-05,
            "loss": 0.0523,
            "step": 536500
            },
            {
            "epoch": 4.5,
            "learning_rate": 3.8743176730029094e-05,
            "loss": 0.0527,
            "step": 537000
            },
            {
            "epoch": 4.51,
            "learning_rate": 3.873269551655613e-05,
            "loss": 0.0515,
            "step": 537500
            },
            {
            "epoch": 4.51,
            "learning_rate": 3.872221430308315e-05,
            "loss": 0.0525,
            "step": 538000
            },
            {
            "epoch": 4.52,
            "learning_rate": 3.8711733089610185e-05,
            "loss": 0.0524,
            "step": 538500
            },
            {
            "epoch": 4.52,
            "learning_rate": 3.870125187613721e-05,
            "loss": 0.0523,
            "step": 539000
            },
            {
            "epoch": 4.52,
            "learning_rate": 3.869077066266424e-05,
            "loss": 0.052,
            "step": 539500
            },
            {
            "epoch": 4.53,
            "learning_rate": 3.868028944919127e-05,
            "loss": 0.0522,
            "step": 540000
            },
            {
            "epoch": 4.53,
            "eval_loss": 0.05113573744893074,
            "eval_runtime": 304.8237,
            "eval_samples_per_second": 1391.089,
            "eval_steps_per_second": 21.737,
            "step": 540000
            },
            {
            "epoch": 4.53,
            "learning_rate": 3.86698082357183e-05,
            "loss": 0.0518,
            "step": 540500
            },
            {
            "epoch": 4.54,
            "learning_rate": 3.8659327022245326e-05,
            "loss": 0.0524,
            "step": 541000
            },
            {
            "epoch": 4.54,
            "learning_rate": 3.864884580877236e-05,
            "loss": 0.052,
            "step": 541500
            },
            {
            "epoch": 4.54,
            "learning_rate": 3.8638364595299384e-05,
            "loss": 0.0519,
            "step": 542000
            },
            {
            "epoch": 4.55,
            "learning_rate": 3.862788338182642e-05,
            "loss": 0.0524,
            "step": 542500
            },
            {
            "epoch": 4.55,
            "learning_rate": 3.861740216835344e-05,
            "loss": 0.0524,
            "step": 543000
            },
            {
            "epoch": 4.56,
            "learning_rate": 3.8606920954880475e-05,
            "loss": 0.0521,
            "step": 543500
            },
            {
            "epoch": 4.56,
            "learning_rate": 3.85964397414075e-05,
            "loss": 0.0516,
            "step": 544000
            },
            {
            "epoch": 4.57,
            "learning_rate": 3.8585958527934526e-05,
            "loss": 0.0523,
            "step": 544500
            },
            {
            "epoch": 4.57,
            "learning_rate": 3.857547731446156e-05,
            "loss": 0.0522,
            "step": 545000
            },
            {
            "epoch": 4.57,
            "learning_rate": 3.856499610098859e-05,
            "loss": 0.0518,
            "step": 545500
            },
            {
            "epoch": 4.58,
            "learning_rate": 3.8554514887515616e-05,
            "loss": 0.0524,
            "step": 546000
            },
            {
            "epoch": 4.58,
            "learning_rate": 3.854403367404265e-05,
            "loss": 0.0519,
            "step": 546500
            },
            {
            "epoch": 4.59,
            "learning_rate": 3.8533552460569674e-05,
            "loss": 0.0527,
            "step": 547000
            },
            {
            "epoch": 4.59,
            "learning_rate": 3.852307124709671e-05,
            "loss": 0.0516,
            "step": 547500
            },
            {
            "epoch": 4.59,
            "learning_rate": 3.851259003362373e-05,
            "loss": 0.0518,
            "step": 548000
            },
            {
            "epoch": 4.6,
            "learning_rate": 3.8502108820150765e-05,
            "loss": 0.0522,
            "step": 548500
            },
            {
            "epoch": 4.6,
            "learning_rate": 3.849162760667779e-05,
            "loss": 0.0517,
            "step": 549000
            },
            {
            "epoch": 4.61,
            "learning_rate": 3.848114639320482e-05,
            "loss": 0.0518,
            "step": 549500
            },
            {
            "epoch": 4.61,
            "learning_rate": 3.8470665179731855e-05,
            "loss": 0.0519,
            "step": 550000
            },
            {
            "epoch": 4.62,
            "learning_rate": 3.846018396625888e-05,
            "loss": 0.0522,
            "step": 550500
            },
            {
            "epoch": 4.62,
            "learning_rate": 3.844970275278591e-05,
            "loss": 0.0521,
            "step": 551000
            },
            {
            "epoch": 4.62,
            "learning_rate": 3.843922153931294e-05,
            "loss": 0.0521,
            "step": 551500
            },
            {
            "epoch": 4.63,
            "learning_rate": 3.842874032583997e-05,
            "loss": 0.0523,
            "step": 552000
            },
            {
            "epoch": 4.63,
            "learning_rate": 3.8418259112367e-05,
            "loss": 0.0526,
            "step": 552500
            },
            {
            "epoch": 4.64,
            "learning_rate": 3.840777789889403e-05,
            "loss": 0.0519,
            "step": 553000
            },
            {
            "epoch": 4.64,
            "learning_rate": 3.8397296685421055e-05,
            "loss": 0.0526,
            "step": 553500
            },
            {
            "epoch": 4.65,
            "learning_rate": 3.838681547194809e-05,
            "loss": 0.0529,
            "step": 554000
            },
            {
            "epoch": 4.65,
            "learning_rate": 3.837633425847511e-05,
            "loss": 0.0517,
            "step": 554500
            },
            {
            "epoch": 4.65,
            "learning_rate": 3.8365853045002145e-05,
            "loss": 0.0526,
            "step": 555000
            },
            {
            "epoch": 4.66,
            "learning_rate": 3.835537183152917e-05,
            "loss": 0.052,
            "step": 555500
            },
            {
            "epoch": 4.66,
            "learning_rate": 3.83448906180562e-05,
            "loss": 0.0523,
            "step": 556000
            },
            {
            "epoch": 4.67,
            "learning_rate": 3.833440940458323e-05,
            "loss": 0.0521,
            "step": 556500
            },
            {
            "epoch": 4.67,
            "learning_rate": 3.8323928191110254e-05,
            "loss": 0.0525,
            "step": 557000
            },
            {
            "epoch": 4.67,
            "learning_rate": 3.831344697763729e-05,
            "loss": 0.0528,
            "step": 557500
            },
            {
            "epoch": 4.68,
            "learning_rate": 3.830296576416431e-05,
            "loss": 0.0521,
            "step": 558000
            },
            {
            "epoch": 4.68,
            "learning_rate": 3.8292484550691345e-05,
            "loss": 0.0524,
            "step": 558500
            },
            {
            "epoch": 4.69,
            "learning_rate": 3.828200333721837e-05,
            "loss": 0.0527,
            "step": 559000
            },
            {
            "epoch": 4.69,
            "learning_rate": 3.82715221237454e-05,
            "loss": 0.0524,
            "step": 559500
            },
            {
            "epoch": 4.7,
            "learning_rate": 3.826104091027243e-05,
            "loss": 0.0525,
            "step": 560000
            },
            {
            "epoch": 4.7,
            "eval_loss": 0.05092557147145271,
            "eval_runtime": 304.907,
            "eval_samples_per_second": 1390.709,
            "eval_steps_per_second": 21.731,
            "step": 560000
            },
            {
            "epoch": 4.7,
            "learning_rate": 3.825055969679946e-05,
            "loss": 0.0516,
            "step": 560500
            },
            {
            "epoch": 4.7,
            "learning_rate": 3.8240078483326486e-05,
            "loss": 0.0514,
            "step": 561000
            },
            {
            "epoch": 4.71,
            "learning_rate": 3.822959726985352e-05,
            "loss": 0.0519,
            "step": 561500
            },
            {
            "epoch": 4.71,
            "learning_rate": 3.8219116056380544e-05,
            "loss": 0.0519,
            "step": 562000
            },
            {
            "epoch": 4.72,
            "learning_rate": 3.820863484290758e-05,
            "loss": 0.0522,
            "step": 562500
            },
            {
            "epoch": 4.72,
            "learning_rate": 3.81981536294346e-05,
            "loss": 0.0523,
            "step": 563000
            },
            {
            "epoch": 4.72,
            "learning_rate": 3.8187672415961635e-05,
            "loss": 0.0524,
            "step": 563500
            },
            {
            "epoch": 4.73,
            "learning_rate": 3.817719120248866e-05,
            "loss": 0.0519,
            "step": 564000
            },
            {
            "epoch": 4.73,
            "learning_rate": 3.816670998901569e-05,
            "loss": 0.0517,
            "step": 564500
            },
            {
            "epoch": 4.74,
            "learning_rate": 3.815622877554272e-05,
            "loss": 0.052,
            "step": 565000
            },
            {
            "epoch": 4.74,
            "learning_rate": 3.814574756206975e-05,
            "loss": 0.0515,
            "step": 565500
            },
            {
            "epoch": 4.75,
            "learning_rate": 3.8135266348596776e-05,
            "loss": 0.0523,
            "step": 566000
            },
            {
            "epoch": 4.75,
            "learning_rate": 3.812478513512381e-05,
            "loss": 0.0521,
            "step": 566500
            },
            {
            "epoch": 4.75,
            "learning_rate": 3.8114303921650834e-05,
            "loss": 0.0525,
            "step": 567000
            },
            {
            "epoch": 4.76,
            "learning_rate": 3.810382270817787e-05,
            "loss": 0.0524,
            "step": 567500
            },
            {
            "epoch": 4.76,
            "learning_rate": 3.809334149470489e-05,
            "loss": 0.0516,
            "step": 568000
            },
            {
            "epoch": 4.77,
            "learning_rate": 3.808286028123192e-05,
            "loss": 0.0518,
            "step": 568500
            },
            {
            "epoch": 4.77,
            "learning_rate": 3.807237906775895e-05,
            "loss": 0.0517,
            "step": 569000
            },
            {
            "epoch": 4.78,
            "learning_rate": 3.8061897854285976e-05,
            "loss": 0.052,
            "step": 569500
            },
            {
            "epoch": 4.78,
            "learning_rate": 3.805141664081301e-05,
            "loss": 0.0524,
            "step": 570000
            },
            {
            "epoch": 4.78,
            "learning_rate": 3.8040935427340034e-05,
            "loss": 0.0523,
            "step": 570500
            },
            {
            "epoch": 4.79,
            "learning_rate": 3.8030454213867066e-05,
            "loss": 0.0526,
            "step": 571000
            },
            {
            "epoch": 4.79,
            "learning_rate": 3.801997300039409e-05,
            "loss": 0.0522,
            "step": 571500
            },
            {
            "epoch": 4.8,
            "learning_rate": 3.8009491786921124e-05,
            "loss": 0.052,
            "step": 572000
            },
            {
            "epoch": 4.8,
            "learning_rate": 3.799901057344815e-05,
            "loss": 0.0518,
            "step": 572500
            },
            {
            "epoch": 4.8,
            "learning_rate": 3.798852935997518e-05,
            "loss": 0.0513,
            "step": 573000
            },
            {
            "epoch": 4.81,
            "learning_rate": 3.797804814650221e-05,
            "loss": 0.052,
            "step": 573500
            },
            {
            "epoch": 4.81,
            "learning_rate": 3.796756693302924e-05,
            "loss": 0.0528,
            "step": 574000
            },
            {
            "epoch": 4.82,
            "learning_rate": 3.7957085719556266e-05,
            "loss": 0.0515,
            "step": 574500
            },
            {
            "epoch": 4.82,
            "learning_rate": 3.79466045060833e-05,
            "loss": 0.0521,
            "step": 575000
            },
            {
            "epoch": 4.83,
            "learning_rate": 3.7936123292610324e-05,
            "loss": 0.052,
            "step": 575500
            },
            {
            "epoch": 4.83,
            "learning_rate": 3.7925642079137356e-05,
            "loss": 0.0519,
            "step": 576000
            },
            {
            "epoch": 4.83,
            "learning_rate": 3.791516086566438e-05,
            "loss": 0.0518,
            "step": 576500
            },
            {
            "epoch": 4.84,
            "learning_rate": 3.7904679652191414e-05,
            "loss": 0.0517,
            "step": 577000
            },
            {
            "epoch": 4.84,
            "learning_rate": 3.789419843871844e-05,
            "loss": 0.052,
            "step": 577500
            },
            {
            "epoch": 4.85,
            "learning_rate": 3.788371722524547e-05,
            "loss": 0.052,
            "step": 578000
            },
            {
            "epoch": 4.85,
            "learning_rate": 3.78732360117725e-05,
            "loss": 0.0524,
            "step": 578500
            },
            {
            "epoch": 4.85,
            "learning_rate": 3.786275479829953e-05,
            "loss": 0.0518,
            "step": 579000
            },
            {
            "epoch": 4.86,
            "learning_rate": 3.7852273584826556e-05,
            "loss": 0.0517,
            "step": 579500
            },
            {
            "epoch": 4.86,
            "learning_rate": 3.784179237135358e-05,
            "loss": 0.0517,
            "step": 580000
            },
            {
            "epoch": 4.86,
            "eval_loss": 0.05085734650492668,
            "eval_runtime": 305.5027,
            "eval_samples_per_second": 1387.998,
            "eval_steps_per_second": 21.689,
            "step": 580000
            },
            {
            "epoch": 4.87,
            "learning_rate": 3.7831311157880614e-05,
            "loss": 0.0521,
            "step": 580500
            },
            {
            "epoch": 4.87,
            "learning_rate": 3.7820829944407646e-05,
            "loss": 0.0523,
            "step": 581000
            },
            {
            "epoch": 4.88,
            "learning_rate": 3.781034873093467e-05,
            "loss": 0.0524,
            "step": 581500
            },
            {
            "epoch": 4.88,
            "learning_rate": 3.7799867517461704e-05,
            "loss": 0.0522,
            "step": 582000
            },
            {
            "epoch": 4.88,
            "learning_rate": 3.778938630398873e-05,
            "loss": 0.0517,
            "step": 582500
            },
            {
            "epoch": 4.89,
            "learning_rate": 3.777890509051576e-05,
            "loss": 0.0523,
            "step": 583000
            },
            {
            "epoch": 4.89,
            "learning_rate": 3.776842387704279e-05,
            "loss": 0.0519,
            "step": 583500
            },
            {
            "epoch": 4.9,
            "learning_rate": 3.775794266356982e-05,
            "loss": 0.0522,
            "step": 584000
            },
            {
            "epoch": 4.9,
            "learning_rate": 3.774746145009685e-05,
            "loss": 0.0516,
            "step": 584500
            },
            {
            "epoch": 4.91,
            "learning_rate": 3.773698023662388e-05,
            "loss": 0.0516,
            "step": 585000
            },
            {
            "epoch": 4.91,
            "learning_rate": 3.772649902315091e-05,
            "loss": 0.0518,
            "step": 585500
            },
            {
            "epoch": 4.91,
            "learning_rate": 3.7716017809677936e-05,
            "loss": 0.052,
            "step": 586000
            },
            {
            "epoch": 4.92,
            "learning_rate": 3.770553659620497e-05,
            "loss": 0.0514,
            "step": 586500
            },
            {
            "epoch": 4.92,
            "learning_rate": 3.7695055382731994e-05,
            "loss": 0.0523,
            "step": 587000
            },
            {
            "epoch": 4.93,
            "learning_rate": 3.768457416925903e-05,
            "loss": 0.052,
            "step": 587500
            },
            {
            "epoch": 4.93,
            "learning_rate": 3.767409295578605e-05,
            "loss": 0.0517,
            "step": 588000
            },
            {
            "epoch": 4.93,
            "learning_rate": 3.7663611742313085e-05,
            "loss": 0.0518,
            "step": 588500
            },
            {
            "epoch": 4.94,
            "learning_rate": 3.765313052884011e-05,
            "loss": 0.0526,
            "step": 589000
            },
            {
            "epoch": 4.94,
            "learning_rate": 3.764264931536714e-05,
            "loss": 0.0514,
            "step": 589500
            },
            {
            "epoch": 4.95,
            "learning_rate": 3.763216810189417e-05,
            "loss": 0.0516,
            "step": 590000
            },
            {
            "epoch": 4.95,
            "learning_rate": 3.76216868884212e-05,
            "loss": 0.0522,
            "step": 590500
            },
            {
            "epoch": 4.96,
            "learning_rate": 3.7611205674948226e-05,
            "loss": 0.0518,
            "step": 591000
            },
            {
            "epoch": 4.96,
            "learning_rate": 3.760072446147526e-05,
            "loss": 0.0522,
            "step": 591500
            },
            {
            "epoch": 4.96,
            "learning_rate": 3.7590243248002284e-05,
            "loss": 0.0515,
            "step": 592000
            },
            {
            "epoch": 4.97,
            "learning_rate": 3.757976203452931e-05,
            "loss": 0.0518,
            "step": 592500
            },
            {
            "epoch": 4.97,
            "learning_rate": 3.756928082105634e-05,
            "loss": 0.0519,
            "step": 593000
            },
            {
            "epoch": 4.98,
            "learning_rate": 3.755879960758337e-05,
            "loss": 0.0511,
            "step": 593500
            },
            {
            "epoch": 4.98,
            "learning_rate": 3.75483183941104e-05,
            "loss": 0.0519,
            "step": 594000
            },
            {
            "epoch": 4.98,
            "learning_rate": 3.7537837180637426e-05,
            "loss": 0.0519,
            "step": 594500
            },
            {
            "epoch": 4.99,
            "learning_rate": 3.752735596716446e-05,
            "loss": 0.0522,
            "step": 595000
            },
            {
            "epoch": 4.99,
            "learning_rate": 3.7516874753691484e-05,
            "loss": 0.0515,
            "step": 595500
            },
            {
            "epoch": 5.0,
            "learning_rate": 3.7506393540218516e-05,
            "loss": 0.0514,
            "step": 596000
            },
            {
            "epoch": 5.0,
            "learning_rate": 3.749591232674554e-05,
            "loss": 0.0518,
            "step": 596500
            },
            {
            "epoch": 5.01,
            "learning_rate": 3.7485431113272574e-05,
            "loss": 0.0514,
            "step": 597000
            },
            {
            "epoch": 5.01,
            "learning_rate": 3.74749498997996e-05,
            "loss": 0.0517,
            "step": 597500
            },
            {
            "epoch": 5.01,
            "learning_rate": 3.746446868632663e-05,
            "loss": 0.0512,
            "step": 598000
            },
            {
            "epoch": 5.02,
            "learning_rate": 3.745398747285366e-05,
            "loss": 0.051,
            "step": 598500
            },
            {
            "epoch": 5.02,
            "learning_rate": 3.744350625938069e-05,
            "loss": 0.0519,
            "step": 599000
            },
            {
            "epoch": 5.03,
            "learning_rate": 3.7433025045907716e-05,
            "loss": 0.0512,
            "step": 599500
            },
            {
            "epoch": 5.03,
            "learning_rate": 3.742254383243475e-05,
            "loss": 0.0518,
            "step": 600000
            },
            {
            "epoch": 5.03,
            "eval_loss": 0.05056692287325859,
            "eval_runtime": 304.8299,
            "eval_samples_per_second": 1391.061,
            "eval_steps_per_second": 21.737,
            "step": 600000
            },
            {
            "epoch": 5.04,
            "learning_rate": 3.7412062618961774e-05,
            "loss": 0.0512,
            "step": 600500
            },
            {
            "epoch": 5.04,
            "learning_rate": 3.7401581405488806e-05,
            "loss": 0.0517,
            "step": 601000
            },
            {
            "epoch": 5.04,
            "learning_rate": 3.739110019201583e-05,
            "loss": 0.0518,
            "step": 601500
            },
            {
            "epoch": 5.05,
            "learning_rate": 3.7380618978542864e-05,
            "loss": 0.0518,
            "step": 602000
            },
            {
            "epoch": 5.05,
            "learning_rate": 3.737013776506989e-05,
            "loss": 0.0515,
            "step": 602500
            },
            {
            "epoch": 5.06,
            "learning_rate": 3.735965655159692e-05,
            "loss": 0.0511,
            "step": 603000
            },
            {
            "epoch": 5.06,
            "learning_rate": 3.734917533812395e-05,
            "loss": 0.0514,
            "step": 603500
            },
            {
            "epoch": 5.06,
            "learning_rate": 3.7338694124650974e-05,
            "loss": 0.0513,
            "step": 604000
            },
            {
            "epoch": 5.07,
            "learning_rate": 3.7328212911178006e-05,
            "loss": 0.0513,
            "step": 604500
            },
            {
            "epoch": 5.07,
            "learning_rate": 3.731773169770503e-05,
            "loss": 0.0513,
            "step": 605000
            },
            {
            "epoch": 5.08,
            "learning_rate": 3.7307250484232064e-05,
            "loss": 0.0521,
            "step": 605500
            },
            {
            "epoch": 5.08,
            "learning_rate": 3.729676927075909e-05,
            "loss": 0.0515,
            "step": 606000
            },
            {
            "epoch": 5.09,
            "learning_rate": 3.728628805728612e-05,
            "loss": 0.0518,
            "step": 606500
            },
            {
            "epoch": 5.09,
            "learning_rate": 3.727580684381315e-05,
            "loss": 0.0513,
            "step": 607000
            },
            {
            "epoch": 5.09,
            "learning_rate": 3.726532563034018e-05,
            "loss": 0.0514,
            "step": 607500
            },
            {
            "epoch": 5.1,
            "learning_rate": 3.7254844416867206e-05,
            "loss": 0.0517,
            "step": 608000
            },
            {
            "epoch": 5.1,
            "learning_rate": 3.724436320339424e-05,
            "loss": 0.051,
            "step": 608500
            },
            {
            "epoch": 5.11,
            "learning_rate": 3.7233881989921264e-05,
            "loss": 0.0512,
            "step": 609000
            },
            {
            "epoch": 5.11,
            "learning_rate": 3.7223400776448296e-05,
            "loss": 0.0514,
            "step": 609500
            },
            {
            "epoch": 5.11,
            "learning_rate": 3.721291956297532e-05,
            "loss": 0.0517,
            "step": 610000
            },
            {
            "epoch": 5.12,
            "learning_rate": 3.7202438349502354e-05,
            "loss": 0.0508,
            "step": 610500
            },
            {
            "epoch": 5.12,
            "learning_rate": 3.719195713602938e-05,
            "loss": 0.0514,
            "step": 611000
            },
            {
            "epoch": 5.13,
            "learning_rate": 3.718147592255641e-05,
            "loss": 0.0516,
            "step": 611500
            },
            {
            "epoch": 5.13,
            "learning_rate": 3.717099470908344e-05,
            "loss": 0.0513,
            "step": 612000
            },
            {
            "epoch": 5.14,
            "learning_rate": 3.716051349561047e-05,
            "loss": 0.0514,
            "step": 612500
            },
            {
            "epoch": 5.14,
            "learning_rate": 3.7150032282137496e-05,
            "loss": 0.0516,
            "step": 613000
            },
            {
            "epoch": 5.14,
            "learning_rate": 3.713955106866453e-05,
            "loss": 0.0513,
            "step": 613500
            },
            {
            "epoch": 5.15,
            "learning_rate": 3.7129069855191554e-05,
            "loss": 0.0517,
            "step": 614000
            },
            {
            "epoch": 5.15,
            "learning_rate": 3.7118588641718586e-05,
            "loss": 0.0516,
            "step": 614500
            },
            {
            "epoch": 5.16,
            "learning_rate": 3.710810742824561e-05,
            "loss": 0.0516,
            "step": 615000
            },
            {
            "epoch": 5.16,
            "learning_rate": 3.7097626214772644e-05,
            "loss": 0.0511,
            "step": 615500
            },
            {
            "epoch": 5.17,
            "learning_rate": 3.708714500129967e-05,
            "loss": 0.0513,
            "step": 616000
            },
            {
            "epoch": 5.17,
            "learning_rate": 3.70766637878267e-05,
            "loss": 0.0519,
            "step": 616500
            },
            {
            "epoch": 5.17,
            "learning_rate": 3.706618257435373e-05,
            "loss": 0.0519,
            "step": 617000
            },
            {
            "epoch": 5.18,
            "learning_rate": 3.705570136088076e-05,
            "loss": 0.0511,
            "step": 617500
            },
            {
            "epoch": 5.18,
            "learning_rate": 3.7045220147407786e-05,
            "loss": 0.0516,
            "step": 618000
            },
            {
            "epoch": 5.19,
            "learning_rate": 3.703473893393482e-05,
            "loss": 0.0516,
            "step": 618500
            },
            {
            "epoch": 5.19,
            "learning_rate": 3.7024257720461844e-05,
            "loss": 0.0521,
            "step": 619000
            },
            {
            "epoch": 5.19,
            "learning_rate": 3.7013776506988876e-05,
            "loss": 0.0509,
            "step": 619500
            },
            {
            "epoch": 5.2,
            "learning_rate": 3.700329529351591e-05,
            "loss": 0.0515,
            "step": 620000
            },
            {
            "epoch": 5.2,
            "eval_loss": 0.050343871116638184,
            "eval_runtime": 304.8542,
            "eval_samples_per_second": 1390.95,
            "eval_steps_per_second": 21.735,
            "step": 620000
            },
            {
            "epoch": 5.2,
            "learning_rate": 3.6992814080042934e-05,
            "loss": 0.0513,
            "step": 620500
            },
            {
            "epoch": 5.21,
            "learning_rate": 3.6982332866569966e-05,
            "loss": 0.051,
            "step": 621000
            },
            {
            "epoch": 5.21,
            "learning_rate": 3.697185165309699e-05,
            "loss": 0.0513,
            "step": 621500
            },
            {
            "epoch": 5.22,
            "learning_rate": 3.6961370439624024e-05,
            "loss": 0.051,
            "step": 622000
            },
            {
            "epoch": 5.22,
            "learning_rate": 3.695088922615105e-05,
            "loss": 0.0512,
            "step": 622500
            },
            {
            "epoch": 5.22,
            "learning_rate": 3.694040801267808e-05,
            "loss": 0.0517,
            "step": 623000
            },
            {
            "epoch": 5.23,
            "learning_rate": 3.692992679920511e-05,
            "loss": 0.0517,
            "step": 623500
            },
            {
            "epoch": 5.23,
            "learning_rate": 3.691944558573214e-05,
            "loss": 0.0515,
            "step": 624000
            },
            {
            "epoch": 5.24,
            "learning_rate": 3.6908964372259166e-05,
            "loss": 0.0513,
            "step": 624500
            },
            {
            "epoch": 5.24,
            "learning_rate": 3.68984831587862e-05,
            "loss": 0.0511,
            "step": 625000
            },
            {
            "epoch": 5.24,
            "learning_rate": 3.6888001945313224e-05,
            "loss": 0.0511,
            "step": 625500
            },
            {
            "epoch": 5.25,
            "learning_rate": 3.6877520731840256e-05,
            "loss": 0.0517,
            "step": 626000
            },
            {
            "epoch": 5.25,
            "learning_rate": 3.686703951836728e-05,
            "loss": 0.0517,
            "step": 626500
            },
            {
            "epoch": 5.26,
            "learning_rate": 3.6856558304894314e-05,
            "loss": 0.0514,
            "step": 627000
            },
            {
            "epoch": 5.26,
            "learning_rate": 3.684607709142134e-05,
            "loss": 0.0507,
            "step": 627500
            },
            {
            "epoch": 5.27,
            "learning_rate": 3.6835595877948366e-05,
            "loss": 0.0513,
            "step": 628000
            },
            {
            "epoch": 5.27,
            "learning_rate": 3.68251146644754e-05,
            "loss": 0.0508,
            "step": 628500
            },
            {
            "epoch": 5.27,
            "learning_rate": 3.6814633451002424e-05,
            "loss": 0.0516,
            "step": 629000
            },
            {
            "epoch": 5.28,
            "learning_rate": 3.6804152237529456e-05,
            "loss": 0.0511,
            "step": 629500
            },
            {
            "epoch": 5.28,
            "learning_rate": 3.679367102405648e-05,
            "loss": 0.0516,
            "step": 630000
            },
            {
            "epoch": 5.29,
            "learning_rate": 3.6783189810583514e-05,
            "loss": 0.0514,
            "step": 630500
            },
            {
            "epoch": 5.29,
            "learning_rate": 3.677270859711054e-05,
            "loss": 0.0513,
            "step": 631000
            },
            {
            "epoch": 5.3,
            "learning_rate": 3.676222738363757e-05,
            "loss": 0.0515,
            "step": 631500
            },
            {
            "epoch": 5.3,
            "learning_rate": 3.67517461701646e-05,
            "loss": 0.0519,
            "step": 632000
            },
            {
            "epoch": 5.3,
            "learning_rate": 3.674126495669163e-05,
            "loss": 0.0512,
            "step": 632500
            },
            {
            "epoch": 5.31,
            "learning_rate": 3.6730783743218656e-05,
            "loss": 0.0513,
            "step": 633000
            },
            {
            "epoch": 5.31,
            "learning_rate": 3.672030252974569e-05,
            "loss": 0.052,
            "step": 633500
            },
            {
            "epoch": 5.32,
            "learning_rate": 3.6709821316272714e-05,
            "loss": 0.0511,
            "step": 634000
            },
            {
            "epoch": 5.32,
            "learning_rate": 3.6699340102799746e-05,
            "loss": 0.0517,
            "step": 634500
            },
            {
            "epoch": 5.32,
            "learning_rate": 3.668885888932677e-05,
            "loss": 0.0512,
            "step": 635000
            },
            {
            "epoch": 5.33,
            "learning_rate": 3.6678377675853804e-05,
            "loss": 0.0518,
            "step": 635500
            },
            {
            "epoch": 5.33,
            "learning_rate": 3.666789646238083e-05,
            "loss": 0.0514,
            "step": 636000
            },
            {
            "epoch": 5.34,
            "learning_rate": 3.665741524890786e-05,
            "loss": 0.0513,
            "step": 636500
            },
            {
            "epoch": 5.34,
            "learning_rate": 3.664693403543489e-05,
            "loss": 0.0515,
            "step": 637000
            },
            {
            "epoch": 5.35,
            "learning_rate": 3.663645282196192e-05,
            "loss": 0.0517,
            "step": 637500
            },
            {
            "epoch": 5.35,
            "learning_rate": 3.6625971608488946e-05,
            "loss": 0.0515,
            "step": 638000
            },
            {
            "epoch": 5.35,
            "learning_rate": 3.661549039501598e-05,
            "loss": 0.0518,
            "step": 638500
            },
            {
            "epoch": 5.36,
            "learning_rate": 3.6605009181543004e-05,
            "loss": 0.0518,
            "step": 639000
            },
            {
            "epoch": 5.36,
            "learning_rate": 3.659452796807003e-05,
            "loss": 0.051,
            "step": 639500
            },
            {
            "epoch": 5.37,
            "learning_rate": 3.658404675459706e-05,
            "loss": 0.0514,
            "step": 640000
            },
            {
            "epoch": 5.37,
            "eval_loss": 0.05024857074022293,
            "eval_runtime": 305.319,
            "eval_samples_per_second": 1388.833,
            "eval_steps_per_second": 21.702,
            "step": 640000
            },
            {
            "epoch": 5.37,
            "learning_rate": 3.657356554112409e-05,
            "loss": 0.0512,
            "step": 640500
            },
            {
            "epoch": 5.37,
            "learning_rate": 3.656308432765112e-05,
            "loss": 0.0508,
            "step": 641000
            },
            {
            "epoch": 5.38,
            "learning_rate": 3.6552603114178145e-05,
            "loss": 0.0511,
            "step": 641500
            },
            {
            "epoch": 5.38,
            "learning_rate": 3.654212190070518e-05,
            "loss": 0.0511,
            "step": 642000
            },
            {
            "epoch": 5.39,
            "learning_rate": 3.65316406872322e-05,
            "loss": 0.0512,
            "step": 642500
            },
            {
            "epoch": 5.39,
            "learning_rate": 3.6521159473759236e-05,
            "loss": 0.0514,
            "step": 643000
            },
            {
            "epoch": 5.4,
            "learning_rate": 3.651067826028626e-05,
            "loss": 0.0513,
            "step": 643500
            },
            {
            "epoch": 5.4,
            "learning_rate": 3.6500197046813294e-05,
            "loss": 0.0506,
            "step": 644000
            },
            {
            "epoch": 5.4,
            "learning_rate": 3.648971583334032e-05,
            "loss": 0.0515,
            "step": 644500
            },
            {
            "epoch": 5.41,
            "learning_rate": 3.647923461986735e-05,
            "loss": 0.0507,
            "step": 645000
            },
            {
            "epoch": 5.41,
            "learning_rate": 3.646875340639438e-05,
            "loss": 0.0512,
            "step": 645500
            },
            {
            "epoch": 5.42,
            "learning_rate": 3.645827219292141e-05,
            "loss": 0.0519,
            "step": 646000
            },
            {
            "epoch": 5.42,
            "learning_rate": 3.6447790979448435e-05,
            "loss": 0.0509,
            "step": 646500
            },
            {
            "epoch": 5.43,
            "learning_rate": 3.643730976597547e-05,
            "loss": 0.0514,
            "step": 647000
            },
            {
            "epoch": 5.43,
            "learning_rate": 3.642682855250249e-05,
            "loss": 0.0506,
            "step": 647500
            },
            {
            "epoch": 5.43,
            "learning_rate": 3.6416347339029526e-05,
            "loss": 0.0515,
            "step": 648000
            },
            {
            "epoch": 5.44,
            "learning_rate": 3.640586612555655e-05,
            "loss": 0.0515,
            "step": 648500
            },
            {
            "epoch": 5.44,
            "learning_rate": 3.6395384912083584e-05,
            "loss": 0.0508,
            "step": 649000
            },
            {
            "epoch": 5.45,
            "learning_rate": 3.638490369861061e-05,
            "loss": 0.0516,
            "step": 649500
            },
            {
            "epoch": 5.45,
            "learning_rate": 3.637442248513764e-05,
            "loss": 0.0513,
            "step": 650000
            },
            {
            "epoch": 5.45,
            "learning_rate": 3.636394127166467e-05,
            "loss": 0.0508,
            "step": 650500
            },
            {
            "epoch": 5.46,
            "learning_rate": 3.63534600581917e-05,
            "loss": 0.0509,
            "step": 651000
            },
            {
            "epoch": 5.46,
            "learning_rate": 3.6342978844718725e-05,
            "loss": 0.0507,
            "step": 651500
            },
            {
            "epoch": 5.47,
            "learning_rate": 3.633249763124576e-05,
            "loss": 0.0517,
            "step": 652000
            },
            {
            "epoch": 5.47,
            "learning_rate": 3.632201641777278e-05,
            "loss": 0.0511,
            "step": 652500
            },
            {
            "epoch": 5.48,
            "learning_rate": 3.6311535204299816e-05,
            "loss": 0.0511,
            "step": 653000
            },
            {
            "epoch": 5.48,
            "learning_rate": 3.630105399082684e-05,
            "loss": 0.0514,
            "step": 653500
            },
            {
            "epoch": 5.48,
            "learning_rate": 3.6290572777353874e-05,
            "loss": 0.0515,
            "step": 654000
            },
            {
            "epoch": 5.49,
            "learning_rate": 3.62800915638809e-05,
            "loss": 0.0517,
            "step": 654500
            },
            {
            "epoch": 5.49,
            "learning_rate": 3.626961035040793e-05,
            "loss": 0.0513,
            "step": 655000
            },
            {
            "epoch": 5.5,
            "learning_rate": 3.6259129136934964e-05,
            "loss": 0.0513,
            "step": 655500
            },
            {
            "epoch": 5.5,
            "learning_rate": 3.624864792346199e-05,
            "loss": 0.0514,
            "step": 656000
            },
            {
            "epoch": 5.5,
            "learning_rate": 3.623816670998902e-05,
            "loss": 0.0507,
            "step": 656500
            },
            {
            "epoch": 5.51,
            "learning_rate": 3.622768549651605e-05,
            "loss": 0.0513,
            "step": 657000
            },
            {
            "epoch": 5.51,
            "learning_rate": 3.621720428304308e-05,
            "loss": 0.0513,
            "step": 657500
            },
            {
            "epoch": 5.52,
            "learning_rate": 3.6206723069570106e-05,
            "loss": 0.0513,
            "step": 658000
            },
            {
            "epoch": 5.52,
            "learning_rate": 3.619624185609714e-05,
            "loss": 0.0509,
            "step": 658500
            },
            {
            "epoch": 5.53,
            "learning_rate": 3.6185760642624164e-05,
            "loss": 0.0511,
            "step": 659000
            },
            {
            "epoch": 5.53,
            "learning_rate": 3.6175279429151196e-05,
            "loss": 0.0509,
            "step": 659500
            },
            {
            "epoch": 5.53,
            "learning_rate": 3.616479821567822e-05,
            "loss": 0.0509,
            "step": 660000
            },
            {
            "epoch": 5.53,
            "eval_loss": 0.05023043230175972,
            "eval_runtime": 304.7265,
            "eval_samples_per_second": 1391.533,
            "eval_steps_per_second": 21.744,
            "step": 660000
            },
            {
            "epoch": 5.54,
            "learning_rate": 3.6154317002205254e-05,
            "loss": 0.0518,
            "step": 660500
            },
            {
            "epoch": 5.54,
            "learning_rate": 3.614383578873228e-05,
            "loss": 0.0517,
            "step": 661000
            },
            {
            "epoch": 5.55,
            "learning_rate": 3.613335457525931e-05,
            "loss": 0.0509,
            "step": 661500
            },
            {
            "epoch": 5.55,
            "learning_rate": 3.612287336178634e-05,
            "loss": 0.0512,
            "step": 662000
            },
            {
            "epoch": 5.56,
            "learning_rate": 3.611239214831337e-05,
            "loss": 0.0514,
            "step": 662500
            },
            {
            "epoch": 5.56,
            "learning_rate": 3.6101910934840396e-05,
            "loss": 0.0513,
            "step": 663000
            },
            {
            "epoch": 5.56,
            "learning_rate": 3.609142972136742e-05,
            "loss": 0.0512,
            "step": 663500
            },
            {
            "epoch": 5.57,
            "learning_rate": 3.6080948507894454e-05,
            "loss": 0.0518,
            "step": 664000
            },
            {
            "epoch": 5.57,
            "learning_rate": 3.607046729442148e-05,
            "loss": 0.0507,
            "step": 664500
            },
            {
            "epoch": 5.58,
            "learning_rate": 3.605998608094851e-05,
            "loss": 0.0511,
            "step": 665000
            },
            {
            "epoch": 5.58,
            "learning_rate": 3.604950486747554e-05,
            "loss": 0.0513,
            "step": 665500
            },
            {
            "epoch": 5.58,
            "learning_rate": 3.603902365400257e-05,
            "loss": 0.0509,
            "step": 666000
            },
            {
            "epoch": 5.59,
            "learning_rate": 3.6028542440529595e-05,
            "loss": 0.0517,
            "step": 666500
            },
            {
            "epoch": 5.59,
            "learning_rate": 3.601806122705663e-05,
            "loss": 0.0513,
            "step": 667000
            },
            {
            "epoch": 5.6,
            "learning_rate": 3.600758001358365e-05,
            "loss": 0.051,
            "step": 667500
            },
            {
            "epoch": 5.6,
            "learning_rate": 3.5997098800110686e-05,
            "loss": 0.0518,
            "step": 668000
            },
            {
            "epoch": 5.61,
            "learning_rate": 3.598661758663771e-05,
            "loss": 0.0512,
            "step": 668500
            },
            {
            "epoch": 5.61,
            "learning_rate": 3.5976136373164744e-05,
            "loss": 0.0509,
            "step": 669000
            },
            {
            "epoch": 5.61,
            "learning_rate": 3.596565515969177e-05,
            "loss": 0.0518,
            "step": 669500
            },
            {
            "epoch": 5.62,
            "learning_rate": 3.59551739462188e-05,
            "loss": 0.0516,
            "step": 670000
            },
            {
            "epoch": 5.62,
            "learning_rate": 3.594469273274583e-05,
            "loss": 0.051,
            "step": 670500
            },
            {
            "epoch": 5.63,
            "learning_rate": 3.593421151927286e-05,
            "loss": 0.0513,
            "step": 671000
            },
            {
            "epoch": 5.63,
            "learning_rate": 3.5923730305799885e-05,
            "loss": 0.051,
            "step": 671500
            },
            {
            "epoch": 5.63,
            "learning_rate": 3.591324909232692e-05,
            "loss": 0.0511,
            "step": 672000
            },
            {
            "epoch": 5.64,
            "learning_rate": 3.590276787885394e-05,
            "loss": 0.0512,
            "step": 672500
            },
            {
            "epoch": 5.64,
            "learning_rate": 3.5892286665380976e-05,
            "loss": 0.0508,
            "step": 673000
            },
            {
            "epoch": 5.65,
            "learning_rate": 3.5881805451908e-05,
            "loss": 0.0513,
            "step": 673500
            },
            {
            "epoch": 5.65,
            "learning_rate": 3.5871324238435034e-05,
            "loss": 0.0512,
            "step": 674000
            },
            {
            "epoch": 5.66,
            "learning_rate": 3.586084302496206e-05,
            "loss": 0.0511,
            "step": 674500
            },
            {
            "epoch": 5.66,
            "learning_rate": 3.5850361811489085e-05,
            "loss": 0.0512,
            "step": 675000
            },
            {
            "epoch": 5.66,
            "learning_rate": 3.583988059801612e-05,
            "loss": 0.0515,
            "step": 675500
            },
            {
            "epoch": 5.67,
            "learning_rate": 3.582939938454314e-05,
            "loss": 0.0513,
            "step": 676000
            },
            {
            "epoch": 5.67,
            "learning_rate": 3.5818918171070175e-05,
            "loss": 0.0508,
            "step": 676500
            },
            {
            "epoch": 5.68,
            "learning_rate": 3.58084369575972e-05,
            "loss": 0.0509,
            "step": 677000
            },
            {
            "epoch": 5.68,
            "learning_rate": 3.579795574412423e-05,
            "loss": 0.0512,
            "step": 677500
            },
            {
            "epoch": 5.69,
            "learning_rate": 3.578747453065126e-05,
            "loss": 0.0507,
            "step": 678000
            },
            {
            "epoch": 5.69,
            "learning_rate": 3.577699331717829e-05,
            "loss": 0.0508,
            "step": 678500
            },
            {
            "epoch": 5.69,
            "learning_rate": 3.576651210370532e-05,
            "loss": 0.051,
            "step": 679000
            },
            {
            "epoch": 5.7,
            "learning_rate": 3.575603089023235e-05,
            "loss": 0.0516,
            "step": 679500
            },
            {
            "epoch": 5.7,
            "learning_rate": 3.5745549676759375e-05,
            "loss": 0.051,
            "step": 680000
            },
            {
            "epoch": 5.7,
            "eval_loss": 0.0500798262655735,
            "eval_runtime": 304.6673,
            "eval_samples_per_second": 1391.803,
            "eval_steps_per_second": 21.748,
            "step": 680000
            },
            {
            "epoch": 5.71,
            "learning_rate": 3.573506846328641e-05,
            "loss": 0.051,
            "step": 680500
            },
            {
            "epoch": 5.71,
            "learning_rate": 3.572458724981343e-05,
            "loss": 0.0508,
            "step": 681000
            },
            {
            "epoch": 5.71,
            "learning_rate": 3.5714106036340465e-05,
            "loss": 0.051,
            "step": 681500
            },
            {
            "epoch": 5.72,
            "learning_rate": 3.570362482286749e-05,
            "loss": 0.0508,
            "step": 682000
            },
            {
            "epoch": 5.72,
            "learning_rate": 3.569314360939452e-05,
            "loss": 0.0518,
            "step": 682500
            },
            {
            "epoch": 5.73,
            "learning_rate": 3.568266239592155e-05,
            "loss": 0.0508,
            "step": 683000
            },
            {
            "epoch": 5.73,
            "learning_rate": 3.567218118244858e-05,
            "loss": 0.0513,
            "step": 683500
            },
            {
            "epoch": 5.74,
            "learning_rate": 3.566169996897561e-05,
            "loss": 0.0515,
            "step": 684000
            },
            {
            "epoch": 5.74,
            "learning_rate": 3.565121875550264e-05,
            "loss": 0.0513,
            "step": 684500
            },
            {
            "epoch": 5.74,
            "learning_rate": 3.5640737542029665e-05,
            "loss": 0.0512,
            "step": 685000
            },
            {
            "epoch": 5.75,
            "learning_rate": 3.56302563285567e-05,
            "loss": 0.0514,
            "step": 685500
            },
            {
            "epoch": 5.75,
            "learning_rate": 3.561977511508372e-05,
            "loss": 0.0503,
            "step": 686000
            },
            {
            "epoch": 5.76,
            "learning_rate": 3.5609293901610755e-05,
            "loss": 0.0505,
            "step": 686500
            },
            {
            "epoch": 5.76,
            "learning_rate": 3.559881268813778e-05,
            "loss": 0.0511,
            "step": 687000
            },
            {
            "epoch": 5.76,
            "learning_rate": 3.558833147466481e-05,
            "loss": 0.051,
            "step": 687500
            },
            {
            "epoch": 5.77,
            "learning_rate": 3.557785026119184e-05,
            "loss": 0.051,
            "step": 688000
            },
            {
            "epoch": 5.77,
            "learning_rate": 3.556736904771887e-05,
            "loss": 0.0512,
            "step": 688500
            },
            {
            "epoch": 5.78,
            "learning_rate": 3.55568878342459e-05,
            "loss": 0.0515,
            "step": 689000
            },
            {
            "epoch": 5.78,
            "learning_rate": 3.554640662077293e-05,
            "loss": 0.0503,
            "step": 689500
            },
            {
            "epoch": 5.79,
            "learning_rate": 3.5535925407299955e-05,
            "loss": 0.051,
            "step": 690000
            },
            {
            "epoch": 5.79,
            "learning_rate": 3.552544419382699e-05,
            "loss": 0.0509,
            "step": 690500
            },
            {
            "epoch": 5.79,
            "learning_rate": 3.551496298035402e-05,
            "loss": 0.051,
            "step": 691000
            },
            {
            "epoch": 5.8,
            "learning_rate": 3.5504481766881045e-05,
            "loss": 0.051,
            "step": 691500
            },
            {
            "epoch": 5.8,
            "learning_rate": 3.549400055340808e-05,
            "loss": 0.0513,
            "step": 692000
            },
            {
            "epoch": 5.81,
            "learning_rate": 3.54835193399351e-05,
            "loss": 0.0514,
            "step": 692500
            },
            {
            "epoch": 5.81,
            "learning_rate": 3.5473038126462136e-05,
            "loss": 0.051,
            "step": 693000
            },
            {
            "epoch": 5.81,
            "learning_rate": 3.546255691298916e-05,
            "loss": 0.0513,
            "step": 693500
            },
            {
            "epoch": 5.82,
            "learning_rate": 3.5452075699516194e-05,
            "loss": 0.0516,
            "step": 694000
            },
            {
            "epoch": 5.82,
            "learning_rate": 3.544159448604322e-05,
            "loss": 0.0512,
            "step": 694500
            },
            {
            "epoch": 5.83,
            "learning_rate": 3.543111327257025e-05,
            "loss": 0.0512,
            "step": 695000
            },
            {
            "epoch": 5.83,
            "learning_rate": 3.542063205909728e-05,
            "loss": 0.0509,
            "step": 695500
            },
            {
            "epoch": 5.84,
            "learning_rate": 3.541015084562431e-05,
            "loss": 0.051,
            "step": 696000
            },
            {
            "epoch": 5.84,
            "learning_rate": 3.5399669632151335e-05,
            "loss": 0.0507,
            "step": 696500
            },
            {
            "epoch": 5.84,
            "learning_rate": 3.538918841867837e-05,
            "loss": 0.0512,
            "step": 697000
            },
            {
            "epoch": 5.85,
            "learning_rate": 3.537870720520539e-05,
            "loss": 0.0508,
            "step": 697500
            },
            {
            "epoch": 5.85,
            "learning_rate": 3.5368225991732426e-05,
            "loss": 0.051,
            "step": 698000
            },
            {
            "epoch": 5.86,
            "learning_rate": 3.535774477825945e-05,
            "loss": 0.0509,
            "step": 698500
            },
            {
            "epoch": 5.86,
            "learning_rate": 3.534726356478648e-05,
            "loss": 0.0508,
            "step": 699000
            },
            {
            "epoch": 5.87,
            "learning_rate": 3.533678235131351e-05,
            "loss": 0.0508,
            "step": 699500
            },
            {
            "epoch": 5.87,
            "learning_rate": 3.5326301137840535e-05,
            "loss": 0.0511,
            "step": 700000
            },
            {
            "epoch": 5.87,
            "eval_loss": 0.04994665086269379,
            "eval_runtime": 305.9572,
            "eval_samples_per_second": 1385.936,
            "eval_steps_per_second": 21.657,
            "step": 700000
            },
            {
            "epoch": 5.87,
            "learning_rate": 3.531581992436757e-05,
            "loss": 0.0513,
            "step": 700500
            },
            {
            "epoch": 5.88,
            "learning_rate": 3.530533871089459e-05,
            "loss": 0.0505,
            "step": 701000
            },
            {
            "epoch": 5.88,
            "learning_rate": 3.5294857497421625e-05,
            "loss": 0.0509,
            "step": 701500
            },
            {
            "epoch": 5.89,
            "learning_rate": 3.528437628394865e-05,
            "loss": 0.0511,
            "step": 702000
            },
            {
            "epoch": 5.89,
            "learning_rate": 3.527389507047568e-05,
            "loss": 0.0512,
            "step": 702500
            },
            {
            "epoch": 5.89,
            "learning_rate": 3.526341385700271e-05,
            "loss": 0.0508,
            "step": 703000
            },
            {
            "epoch": 5.9,
            "learning_rate": 3.525293264352974e-05,
            "loss": 0.0507,
            "step": 703500
            },
            {
            "epoch": 5.9,
            "learning_rate": 3.524245143005677e-05,
            "loss": 0.0505,
            "step": 704000
            },
            {
            "epoch": 5.91,
            "learning_rate": 3.52319702165838e-05,
            "loss": 0.0512,
            "step": 704500
            },
            {
            "epoch": 5.91,
            "learning_rate": 3.5221489003110825e-05,
            "loss": 0.0516,
            "step": 705000
            },
            {
            "epoch": 5.92,
            "learning_rate": 3.521100778963786e-05,
            "loss": 0.0511,
            "step": 705500
            },
            {
            "epoch": 5.92,
            "learning_rate": 3.520052657616488e-05,
            "loss": 0.0508,
            "step": 706000
            },
            {
            "epoch": 5.92,
            "learning_rate": 3.5190045362691915e-05,
            "loss": 0.0516,
            "step": 706500
            },
            {
            "epoch": 5.93,
            "learning_rate": 3.517956414921894e-05,
            "loss": 0.0513,
            "step": 707000
            },
            {
            "epoch": 5.93,
            "learning_rate": 3.516908293574597e-05,
            "loss": 0.0514,
            "step": 707500
            },
            {
            "epoch": 5.94,
            "learning_rate": 3.5158601722273e-05,
            "loss": 0.0511,
            "step": 708000
            },
            {
            "epoch": 5.94,
            "learning_rate": 3.514812050880003e-05,
            "loss": 0.0513,
            "step": 708500
            },
            {
            "epoch": 5.94,
            "learning_rate": 3.513763929532706e-05,
            "loss": 0.0514,
            "step": 709000
            },
            {
            "epoch": 5.95,
            "learning_rate": 3.512715808185409e-05,
            "loss": 0.051,
            "step": 709500
            },
            {
            "epoch": 5.95,
            "learning_rate": 3.5116676868381115e-05,
            "loss": 0.0507,
            "step": 710000
            },
            {
            "epoch": 5.96,
            "learning_rate": 3.510619565490814e-05,
            "loss": 0.0511,
            "step": 710500
            },
            {
            "epoch": 5.96,
            "learning_rate": 3.509571444143517e-05,
            "loss": 0.0518,
            "step": 711000
            },
            {
            "epoch": 5.97,
            "learning_rate": 3.50852332279622e-05,
            "loss": 0.0509,
            "step": 711500
            },
            {
            "epoch": 5.97,
            "learning_rate": 3.507475201448923e-05,
            "loss": 0.0513,
            "step": 712000
            },
            {
            "epoch": 5.97,
            "learning_rate": 3.5064270801016256e-05,
            "loss": 0.0512,
            "step": 712500
            },
            {
            "epoch": 5.98,
            "learning_rate": 3.505378958754329e-05,
            "loss": 0.0507,
            "step": 713000
            },
            {
            "epoch": 5.98,
            "learning_rate": 3.5043308374070314e-05,
            "loss": 0.0506,
            "step": 713500
            },
            {
            "epoch": 5.99,
            "learning_rate": 3.503282716059735e-05,
            "loss": 0.0511,
            "step": 714000
            },
            {
            "epoch": 5.99,
            "learning_rate": 3.502234594712437e-05,
            "loss": 0.0515,
            "step": 714500
            },
            {
            "epoch": 6.0,
            "learning_rate": 3.5011864733651405e-05,
            "loss": 0.0509,
            "step": 715000
            },
            {
            "epoch": 6.0,
            "learning_rate": 3.500138352017843e-05,
            "loss": 0.0507,
            "step": 715500
            },
            {
            "epoch": 6.0,
            "learning_rate": 3.499090230670546e-05,
            "loss": 0.0507,
            "step": 716000
            },
            {
            "epoch": 6.01,
            "learning_rate": 3.498042109323249e-05,
            "loss": 0.0504,
            "step": 716500
            },
            {
            "epoch": 6.01,
            "learning_rate": 3.496993987975952e-05,
            "loss": 0.0509,
            "step": 717000
            },
            {
            "epoch": 6.02,
            "learning_rate": 3.4959458666286546e-05,
            "loss": 0.0504,
            "step": 717500
            },
            {
            "epoch": 6.02,
            "learning_rate": 3.494897745281358e-05,
            "loss": 0.0507,
            "step": 718000
            },
            {
            "epoch": 6.02,
            "learning_rate": 3.4938496239340604e-05,
            "loss": 0.0503,
            "step": 718500
            },
            {
            "epoch": 6.03,
            "learning_rate": 3.492801502586764e-05,
            "loss": 0.0505,
            "step": 719000
            },
            {
            "epoch": 6.03,
            "learning_rate": 3.491753381239466e-05,
            "loss": 0.0508,
            "step": 719500
            },
            {
            "epoch": 6.04,
            "learning_rate": 3.4907052598921695e-05,
            "loss": 0.0503,
            "step": 720000
            },
            {
            "epoch": 6.04,
            "eval_loss": 0.04985837638378143,
            "eval_runtime": 304.8139,
            "eval_samples_per_second": 1391.134,
            "eval_steps_per_second": 21.738,
            "step": 720000
            },
            {
            "epoch": 6.04,
            "learning_rate": 3.489657138544872e-05,
            "loss": 0.0503,
            "step": 720500
            },
            {
            "epoch": 6.05,
            "learning_rate": 3.488609017197575e-05,
            "loss": 0.05,
            "step": 721000
            },
            {
            "epoch": 6.05,
            "learning_rate": 3.487560895850278e-05,
            "loss": 0.051,
            "step": 721500
            },
            {
            "epoch": 6.05,
            "learning_rate": 3.486512774502981e-05,
            "loss": 0.0505,
            "step": 722000
            },
            {
            "epoch": 6.06,
            "learning_rate": 3.4854646531556836e-05,
            "loss": 0.0501,
            "step": 722500
            },
            {
            "epoch": 6.06,
            "learning_rate": 3.484416531808387e-05,
            "loss": 0.051,
            "step": 723000
            },
            {
            "epoch": 6.07,
            "learning_rate": 3.4833684104610894e-05,
            "loss": 0.0506,
            "step": 723500
            },
            {
            "epoch": 6.07,
            "learning_rate": 3.482320289113793e-05,
            "loss": 0.0509,
            "step": 724000
            },
            {
            "epoch": 6.07,
            "learning_rate": 3.481272167766495e-05,
            "loss": 0.0503,
            "step": 724500
            },
            {
            "epoch": 6.08,
            "learning_rate": 3.4802240464191985e-05,
            "loss": 0.0509,
            "step": 725000
            },
            {
            "epoch": 6.08,
            "learning_rate": 3.479175925071901e-05,
            "loss": 0.0508,
            "step": 725500
            },
            {
            "epoch": 6.09,
            "learning_rate": 3.478127803724604e-05,
            "loss": 0.0502,
            "step": 726000
            },
            {
            "epoch": 6.09,
            "learning_rate": 3.4770796823773075e-05,
            "loss": 0.0506,
            "step": 726500
            },
            {
            "epoch": 6.1,
            "learning_rate": 3.47603156103001e-05,
            "loss": 0.0507,
            "step": 727000
            },
            {
            "epoch": 6.1,
            "learning_rate": 3.474983439682713e-05,
            "loss": 0.0512,
            "step": 727500
            },
            {
            "epoch": 6.1,
            "learning_rate": 3.473935318335416e-05,
            "loss": 0.0508,
            "step": 728000
            },
            {
            "epoch": 6.11,
            "learning_rate": 3.472887196988119e-05,
            "loss": 0.0503,
            "step": 728500
            },
            {
            "epoch": 6.11,
            "learning_rate": 3.471839075640822e-05,
            "loss": 0.0501,
            "step": 729000
            },
            {
            "epoch": 6.12,
            "learning_rate": 3.470790954293525e-05,
            "loss": 0.0504,
            "step": 729500
            },
            {
            "epoch": 6.12,
            "learning_rate": 3.4697428329462275e-05,
            "loss": 0.0505,
            "step": 730000
            },
            {
            "epoch": 6.13,
            "learning_rate": 3.468694711598931e-05,
            "loss": 0.0507,
            "step": 730500
            },
            {
            "epoch": 6.13,
            "learning_rate": 3.467646590251633e-05,
            "loss": 0.0504,
            "step": 731000
            },
            {
            "epoch": 6.13,
            "learning_rate": 3.4665984689043365e-05,
            "loss": 0.0503,
            "step": 731500
            },
            {
            "epoch": 6.14,
            "learning_rate": 3.465550347557039e-05,
            "loss": 0.051,
            "step": 732000
            },
            {
            "epoch": 6.14,
            "learning_rate": 3.464502226209742e-05,
            "loss": 0.0508,
            "step": 732500
            },
            {
            "epoch": 6.15,
            "learning_rate": 3.463454104862445e-05,
            "loss": 0.0501,
            "step": 733000
            },
            {
            "epoch": 6.15,
            "learning_rate": 3.462405983515148e-05,
            "loss": 0.0506,
            "step": 733500
            },
            {
            "epoch": 6.15,
            "learning_rate": 3.461357862167851e-05,
            "loss": 0.0505,
            "step": 734000
            },
            {
            "epoch": 6.16,
            "learning_rate": 3.460309740820553e-05,
            "loss": 0.0496,
            "step": 734500
            },
            {
            "epoch": 6.16,
            "learning_rate": 3.4592616194732565e-05,
            "loss": 0.0503,
            "step": 735000
            },
            {
            "epoch": 6.17,
            "learning_rate": 3.458213498125959e-05,
            "loss": 0.0504,
            "step": 735500
            },
            {
            "epoch": 6.17,
            "learning_rate": 3.457165376778662e-05,
            "loss": 0.0503,
            "step": 736000
            },
            {
            "epoch": 6.18,
            "learning_rate": 3.456117255431365e-05,
            "loss": 0.0504,
            "step": 736500
            },
            {
            "epoch": 6.18,
            "learning_rate": 3.455069134084068e-05,
            "loss": 0.0508,
            "step": 737000
            },
            {
            "epoch": 6.18,
            "learning_rate": 3.4540210127367706e-05,
            "loss": 0.0505,
            "step": 737500
            },
            {
            "epoch": 6.19,
            "learning_rate": 3.452972891389474e-05,
            "loss": 0.0506,
            "step": 738000
            },
            {
            "epoch": 6.19,
            "learning_rate": 3.4519247700421764e-05,
            "loss": 0.0506,
            "step": 738500
            },
            {
            "epoch": 6.2,
            "learning_rate": 3.45087664869488e-05,
            "loss": 0.0507,
            "step": 739000
            },
            {
            "epoch": 6.2,
            "learning_rate": 3.449828527347582e-05,
            "loss": 0.0495,
            "step": 739500
            },
            {
            "epoch": 6.2,
            "learning_rate": 3.4487804060002855e-05,
            "loss": 0.05,
            "step": 740000
            },
            {
            "epoch": 6.2,
            "eval_loss": 0.0495956726372242,
            "eval_runtime": 305.1523,
            "eval_samples_per_second": 1389.591,
            "eval_steps_per_second": 21.714,
            "step": 740000
            },
            {
            "epoch": 6.21,
            "learning_rate": 3.447732284652988e-05,
            "loss": 0.0503,
            "step": 740500
            },
            {
            "epoch": 6.21,
            "learning_rate": 3.446684163305691e-05,
            "loss": 0.0502,
            "step": 741000
            },
            {
            "epoch": 6.22,
            "learning_rate": 3.445636041958394e-05,
            "loss": 0.0505,
            "step": 741500
            },
            {
            "epoch": 6.22,
            "learning_rate": 3.444587920611097e-05,
            "loss": 0.0508,
            "step": 742000
            },
            {
            "epoch": 6.23,
            "learning_rate": 3.4435397992637996e-05,
            "loss": 0.0508,
            "step": 742500
            },
            {
            "epoch": 6.23,
            "learning_rate": 3.442491677916503e-05,
            "loss": 0.0508,
            "step": 743000
            },
            {
            "epoch": 6.23,
            "learning_rate": 3.4414435565692054e-05,
            "loss": 0.0501,
            "step": 743500
            },
            {
            "epoch": 6.24,
            "learning_rate": 3.440395435221909e-05,
            "loss": 0.0509,
            "step": 744000
            },
            {
            "epoch": 6.24,
            "learning_rate": 3.439347313874611e-05,
            "loss": 0.05,
            "step": 744500
            },
            {
            "epoch": 6.25,
            "learning_rate": 3.4382991925273145e-05,
            "loss": 0.0504,
            "step": 745000
            },
            {
            "epoch": 6.25,
            "learning_rate": 3.437251071180017e-05,
            "loss": 0.0505,
            "step": 745500
            },
            {
            "epoch": 6.26,
            "learning_rate": 3.4362029498327196e-05,
            "loss": 0.0505,
            "step": 746000
            },
            {
            "epoch": 6.26,
            "learning_rate": 3.435154828485423e-05,
            "loss": 0.0508,
            "step": 746500
            },
            {
            "epoch": 6.26,
            "learning_rate": 3.4341067071381254e-05,
            "loss": 0.0504,
            "step": 747000
            },
            {
            "epoch": 6.27,
            "learning_rate": 3.4330585857908286e-05,
            "loss": 0.0501,
            "step": 747500
            },
            {
            "epoch": 6.27,
            "learning_rate": 3.432010464443531e-05,
            "loss": 0.0507,
            "step": 748000
            },
            {
            "epoch": 6.28,
            "learning_rate": 3.4309623430962344e-05,
            "loss": 0.0512,
            "step": 748500
            },
            {
            "epoch": 6.28,
            "learning_rate": 3.429914221748937e-05,
            "loss": 0.0507,
            "step": 749000
            },
            {
            "epoch": 6.28,
            "learning_rate": 3.42886610040164e-05,
            "loss": 0.0503,
            "step": 749500
            },
            {
            "epoch": 6.29,
            "learning_rate": 3.427817979054343e-05,
            "loss": 0.0505,
            "step": 750000
            },
            {
            "epoch": 6.29,
            "learning_rate": 3.426769857707046e-05,
            "loss": 0.05,
            "step": 750500
            },
            {
            "epoch": 6.3,
            "learning_rate": 3.4257217363597486e-05,
            "loss": 0.0503,
            "step": 751000
            },
            {
            "epoch": 6.3,
            "learning_rate": 3.424673615012452e-05,
            "loss": 0.0503,
            "step": 751500
            },
            {
            "epoch": 6.31,
            "learning_rate": 3.4236254936651544e-05,
            "loss": 0.0511,
            "step": 752000
            },
            {
            "epoch": 6.31,
            "learning_rate": 3.4225773723178576e-05,
            "loss": 0.0504,
            "step": 752500
            },
            {
            "epoch": 6.31,
            "learning_rate": 3.42152925097056e-05,
            "loss": 0.0504,
            "step": 753000
            },
            {
            "epoch": 6.32,
            "learning_rate": 3.4204811296232634e-05,
            "loss": 0.0505,
            "step": 753500
            },
            {
            "epoch": 6.32,
            "learning_rate": 3.419433008275966e-05,
            "loss": 0.0503,
            "step": 754000
            },
            {
            "epoch": 6.33,
            "learning_rate": 3.418384886928669e-05,
            "loss": 0.05,
            "step": 754500
            },
            {
            "epoch": 6.33,
            "learning_rate": 3.417336765581372e-05,
            "loss": 0.0505,
            "step": 755000
            },
            {
            "epoch": 6.33,
            "learning_rate": 3.416288644234075e-05,
            "loss": 0.0506,
            "step": 755500
            },
            {
            "epoch": 6.34,
            "learning_rate": 3.4152405228867776e-05,
            "loss": 0.0503,
            "step": 756000
            },
            {
            "epoch": 6.34,
            "learning_rate": 3.414192401539481e-05,
            "loss": 0.0505,
            "step": 756500
            },
            {
            "epoch": 6.35,
            "learning_rate": 3.4131442801921834e-05,
            "loss": 0.0507,
            "step": 757000
            },
            {
            "epoch": 6.35,
            "learning_rate": 3.4120961588448866e-05,
            "loss": 0.0503,
            "step": 757500
            },
            {
            "epoch": 6.36,
            "learning_rate": 3.411048037497589e-05,
            "loss": 0.0507,
            "step": 758000
            },
            {
            "epoch": 6.36,
            "learning_rate": 3.4099999161502924e-05,
            "loss": 0.0503,
            "step": 758500
            },
            {
            "epoch": 6.36,
            "learning_rate": 3.408951794802995e-05,
            "loss": 0.0499,
            "step": 759000
            },
            {
            "epoch": 6.37,
            "learning_rate": 3.407903673455698e-05,
            "loss": 0.0502,
            "step": 759500
            },
            {
            "epoch": 6.37,
            "learning_rate": 3.406855552108401e-05,
            "loss": 0.0509,
            "step": 760000
            },
            {
            "epoch": 6.37,
            "eval_loss": 0.04959709569811821,
            "eval_runtime": 305.3401,
            "eval_samples_per_second": 1388.737,
            "eval_steps_per_second": 21.7,
            "step": 760000
            },
            {
            "epoch": 6.38,
            "learning_rate": 3.405807430761104e-05,
            "loss": 0.0506,
            "step": 760500
            },
            {
            "epoch": 6.38,
            "learning_rate": 3.404759309413807e-05,
            "loss": 0.0504,
            "step": 761000
            },
            {
            "epoch": 6.39,
            "learning_rate": 3.40371118806651e-05,
            "loss": 0.0505,
            "step": 761500
            },
            {
            "epoch": 6.39,
            "learning_rate": 3.402663066719213e-05,
            "loss": 0.0503,
            "step": 762000
            },
            {
            "epoch": 6.39,
            "learning_rate": 3.4016149453719156e-05,
            "loss": 0.0506,
            "step": 762500
            },
            {
            "epoch": 6.4,
            "learning_rate": 3.400566824024619e-05,
            "loss": 0.0507,
            "step": 763000
            },
            {
            "epoch": 6.4,
            "learning_rate": 3.3995187026773214e-05,
            "loss": 0.0503,
            "step": 763500
            },
            {
            "epoch": 6.41,
            "learning_rate": 3.398470581330025e-05,
            "loss": 0.0511,
            "step": 764000
            },
            {
            "epoch": 6.41,
            "learning_rate": 3.397422459982727e-05,
            "loss": 0.0508,
            "step": 764500
            },
            {
            "epoch": 6.41,
            "learning_rate": 3.3963743386354305e-05,
            "loss": 0.0504,
            "step": 765000
            },
            {
            "epoch": 6.42,
            "learning_rate": 3.395326217288133e-05,
            "loss": 0.0505,
            "step": 765500
            },
            {
            "epoch": 6.42,
            "learning_rate": 3.394278095940836e-05,
            "loss": 0.05,
            "step": 766000
            },
            {
            "epoch": 6.43,
            "learning_rate": 3.393229974593539e-05,
            "loss": 0.0512,
            "step": 766500
            },
            {
            "epoch": 6.43,
            "learning_rate": 3.392181853246242e-05,
            "loss": 0.0508,
            "step": 767000
            },
            {
            "epoch": 6.44,
            "learning_rate": 3.3911337318989446e-05,
            "loss": 0.05,
            "step": 767500
            },
            {
            "epoch": 6.44,
            "learning_rate": 3.390085610551648e-05,
            "loss": 0.0505,
            "step": 768000
            },
            {
            "epoch": 6.44,
            "learning_rate": 3.3890374892043504e-05,
            "loss": 0.0505,
            "step": 768500
            },
            {
            "epoch": 6.45,
            "learning_rate": 3.387989367857054e-05,
            "loss": 0.0503,
            "step": 769000
            },
            {
            "epoch": 6.45,
            "learning_rate": 3.386941246509756e-05,
            "loss": 0.0505,
            "step": 769500
            },
            {
            "epoch": 6.46,
            "learning_rate": 3.385893125162459e-05,
            "loss": 0.0507,
            "step": 770000
            },
            {
            "epoch": 6.46,
            "learning_rate": 3.384845003815162e-05,
            "loss": 0.0503,
            "step": 770500
            },
            {
            "epoch": 6.46,
            "learning_rate": 3.3837968824678646e-05,
            "loss": 0.0505,
            "step": 771000
            },
            {
            "epoch": 6.47,
            "learning_rate": 3.382748761120568e-05,
            "loss": 0.0505,
            "step": 771500
            },
            {
            "epoch": 6.47,
            "learning_rate": 3.3817006397732704e-05,
            "loss": 0.0505,
            "step": 772000
            },
            {
            "epoch": 6.48,
            "learning_rate": 3.3806525184259736e-05,
            "loss": 0.0504,
            "step": 772500
            },
            {
            "epoch": 6.48,
            "learning_rate": 3.379604397078676e-05,
            "loss": 0.0507,
            "step": 773000
            },
            {
            "epoch": 6.49,
            "learning_rate": 3.3785562757313794e-05,
            "loss": 0.0503,
            "step": 773500
            },
            {
            "epoch": 6.49,
            "learning_rate": 3.377508154384082e-05,
            "loss": 0.0513,
            "step": 774000
            },
            {
            "epoch": 6.49,
            "learning_rate": 3.376460033036785e-05,
            "loss": 0.0502,
            "step": 774500
            },
            {
            "epoch": 6.5,
            "learning_rate": 3.375411911689488e-05,
            "loss": 0.0506,
            "step": 775000
            },
            {
            "epoch": 6.5,
            "learning_rate": 3.374363790342191e-05,
            "loss": 0.0502,
            "step": 775500
            },
            {
            "epoch": 6.51,
            "learning_rate": 3.3733156689948936e-05,
            "loss": 0.0499,
            "step": 776000
            },
            {
            "epoch": 6.51,
            "learning_rate": 3.372267547647597e-05,
            "loss": 0.05,
            "step": 776500
            },
            {
            "epoch": 6.52,
            "learning_rate": 3.3712194263002994e-05,
            "loss": 0.0503,
            "step": 777000
            },
            {
            "epoch": 6.52,
            "learning_rate": 3.3701713049530026e-05,
            "loss": 0.0501,
            "step": 777500
            },
            {
            "epoch": 6.52,
            "learning_rate": 3.369123183605705e-05,
            "loss": 0.0502,
            "step": 778000
            },
            {
            "epoch": 6.53,
            "learning_rate": 3.3680750622584084e-05,
            "loss": 0.0505,
            "step": 778500
            },
            {
            "epoch": 6.53,
            "learning_rate": 3.367026940911111e-05,
            "loss": 0.0507,
            "step": 779000
            },
            {
            "epoch": 6.54,
            "learning_rate": 3.365978819563814e-05,
            "loss": 0.0504,
            "step": 779500
            },
            {
            "epoch": 6.54,
            "learning_rate": 3.364930698216517e-05,
            "loss": 0.0505,
            "step": 780000
            },
            {
            "epoch": 6.54,
            "eval_loss": 0.04948975145816803,
            "eval_runtime": 304.6922,
            "eval_samples_per_second": 1391.69,
            "eval_steps_per_second": 21.747,
            "step": 780000
            },
            {
            "epoch": 6.54,
            "learning_rate": 3.36388257686922e-05,
            "loss": 0.0506,
            "step": 780500
            },
            {
            "epoch": 6.55,
            "learning_rate": 3.3628344555219226e-05,
            "loss": 0.0504,
            "step": 781000
            },
            {
            "epoch": 6.55,
            "learning_rate": 3.361786334174625e-05,
            "loss": 0.0502,
            "step": 781500
            },
            {
            "epoch": 6.56,
            "learning_rate": 3.3607382128273284e-05,
            "loss": 0.0506,
            "step": 782000
            },
            {
            "epoch": 6.56,
            "learning_rate": 3.359690091480031e-05,
            "loss": 0.0501,
            "step": 782500
            },
            {
            "epoch": 6.57,
            "learning_rate": 3.358641970132734e-05,
            "loss": 0.0507,
            "step": 783000
            },
            {
            "epoch": 6.57,
            "learning_rate": 3.357593848785437e-05,
            "loss": 0.0505,
            "step": 783500
            },
            {
            "epoch": 6.57,
            "learning_rate": 3.35654572743814e-05,
            "loss": 0.0504,
            "step": 784000
            },
            {
            "epoch": 6.58,
            "learning_rate": 3.3554976060908426e-05,
            "loss": 0.0509,
            "step": 784500
            },
            {
            "epoch": 6.58,
            "learning_rate": 3.354449484743546e-05,
            "loss": 0.0506,
            "step": 785000
            },
            {
            "epoch": 6.59,
            "learning_rate": 3.3534013633962484e-05,
            "loss": 0.0504,
            "step": 785500
            },
            {
            "epoch": 6.59,
            "learning_rate": 3.3523532420489516e-05,
            "loss": 0.0505,
            "step": 786000
            },
            {
            "epoch": 6.59,
            "learning_rate": 3.351305120701654e-05,
            "loss": 0.0501,
            "step": 786500
            },
            {
            "epoch": 6.6,
            "learning_rate": 3.3502569993543574e-05,
            "loss": 0.0502,
            "step": 787000
            },
            {
            "epoch": 6.6,
            "learning_rate": 3.34920887800706e-05,
            "loss": 0.0506,
            "step": 787500
            },
            {
            "epoch": 6.61,
            "learning_rate": 3.348160756659763e-05,
            "loss": 0.0499,
            "step": 788000
            },
            {
            "epoch": 6.61,
            "learning_rate": 3.347112635312466e-05,
            "loss": 0.0505,
            "step": 788500
            },
            {
            "epoch": 6.62,
            "learning_rate": 3.346064513965169e-05,
            "loss": 0.0499,
            "step": 789000
            },
            {
            "epoch": 6.62,
            "learning_rate": 3.3450163926178716e-05,
            "loss": 0.05,
            "step": 789500
            },
            {
            "epoch": 6.62,
            "learning_rate": 3.343968271270575e-05,
            "loss": 0.0508,
            "step": 790000
            },
            {
            "epoch": 6.63,
            "learning_rate": 3.3429201499232774e-05,
            "loss": 0.0501,
            "step": 790500
            },
            {
            "epoch": 6.63,
            "learning_rate": 3.3418720285759806e-05,
            "loss": 0.0504,
            "step": 791000
            },
            {
            "epoch": 6.64,
            "learning_rate": 3.340823907228683e-05,
            "loss": 0.0505,
            "step": 791500
            },
            {
            "epoch": 6.64,
            "learning_rate": 3.3397757858813864e-05,
            "loss": 0.0502,
            "step": 792000
            },
            {
            "epoch": 6.65,
            "learning_rate": 3.338727664534089e-05,
            "loss": 0.0507,
            "step": 792500
            },
            {
            "epoch": 6.65,
            "learning_rate": 3.337679543186792e-05,
            "loss": 0.0503,
            "step": 793000
            },
            {
            "epoch": 6.65,
            "learning_rate": 3.336631421839495e-05,
            "loss": 0.05,
            "step": 793500
            },
            {
            "epoch": 6.66,
            "learning_rate": 3.335583300492198e-05,
            "loss": 0.0504,
            "step": 794000
            },
            {
            "epoch": 6.66,
            "learning_rate": 3.3345351791449006e-05,
            "loss": 0.0506,
            "step": 794500
            },
            {
            "epoch": 6.67,
            "learning_rate": 3.333487057797604e-05,
            "loss": 0.0506,
            "step": 795000
            },
            {
            "epoch": 6.67,
            "learning_rate": 3.3324389364503064e-05,
            "loss": 0.0503,
            "step": 795500
            },
            {
            "epoch": 6.67,
            "learning_rate": 3.3313908151030096e-05,
            "loss": 0.0498,
            "step": 796000
            },
            {
            "epoch": 6.68,
            "learning_rate": 3.330342693755713e-05,
            "loss": 0.0505,
            "step": 796500
            },
            {
            "epoch": 6.68,
            "learning_rate": 3.3292945724084154e-05,
            "loss": 0.0505,
            "step": 797000
            },
            {
            "epoch": 6.69,
            "learning_rate": 3.3282464510611186e-05,
            "loss": 0.0505,
            "step": 797500
            },
            {
            "epoch": 6.69,
            "learning_rate": 3.327198329713821e-05,
            "loss": 0.0502,
            "step": 798000
            },
            {
            "epoch": 6.7,
            "learning_rate": 3.3261502083665244e-05,
            "loss": 0.0503,
            "step": 798500
            },
            {
            "epoch": 6.7,
            "learning_rate": 3.325102087019227e-05,
            "loss": 0.0499,
            "step": 799000
            },
            {
            "epoch": 6.7,
            "learning_rate": 3.32405396567193e-05,
            "loss": 0.0505,
            "step": 799500
            },
            {
            "epoch": 6.71,
            "learning_rate": 3.323005844324633e-05,
            "loss": 0.0506,
            "step": 800000
            },
            {
            "epoch": 6.71,
            "eval_loss": 0.049345940351486206,
            "eval_runtime": 304.6892,
            "eval_samples_per_second": 1391.703,
            "eval_steps_per_second": 21.747,
            "step": 800000
            },
            {
            "epoch": 6.71,
            "learning_rate": 3.321957722977336e-05,
            "loss": 0.0506,
            "step": 800500
            },
            {
            "epoch": 6.72,
            "learning_rate": 3.3209096016300386e-05,
            "loss": 0.0499,
            "step": 801000
            },
            {
            "epoch": 6.72,
            "learning_rate": 3.319861480282742e-05,
            "loss": 0.0501,
            "step": 801500
            },
            {
            "epoch": 6.72,
            "learning_rate": 3.3188133589354444e-05,
            "loss": 0.0502,
            "step": 802000
            },
            {
            "epoch": 6.73,
            "learning_rate": 3.3177652375881476e-05,
            "loss": 0.0509,
            "step": 802500
            },
            {
            "epoch": 6.73,
            "learning_rate": 3.31671711624085e-05,
            "loss": 0.0503,
            "step": 803000
            },
            {
            "epoch": 6.74,
            "learning_rate": 3.3156689948935534e-05,
            "loss": 0.0503,
            "step": 803500
            },
            {
            "epoch": 6.74,
            "learning_rate": 3.314620873546256e-05,
            "loss": 0.0502,
            "step": 804000
            },
            {
            "epoch": 6.75,
            "learning_rate": 3.313572752198959e-05,
            "loss": 0.0496,
            "step": 804500
            },
            {
            "epoch": 6.75,
            "learning_rate": 3.312524630851662e-05,
            "loss": 0.051,
            "step": 805000
            },
            {
            "epoch": 6.75,
            "learning_rate": 3.3114765095043644e-05,
            "loss": 0.0503,
            "step": 805500
            },
            {
            "epoch": 6.76,
            "learning_rate": 3.3104283881570676e-05,
            "loss": 0.0502,
            "step": 806000
            },
            {
            "epoch": 6.76,
            "learning_rate": 3.30938026680977e-05,
            "loss": 0.0504,
            "step": 806500
            },
            {
            "epoch": 6.77,
            "learning_rate": 3.3083321454624734e-05,
            "loss": 0.05,
            "step": 807000
            },
            {
            "epoch": 6.77,
            "learning_rate": 3.307284024115176e-05,
            "loss": 0.0504,
            "step": 807500
            },
            {
            "epoch": 6.78,
            "learning_rate": 3.306235902767879e-05,
            "loss": 0.0501,
            "step": 808000
            },
            {
            "epoch": 6.78,
            "learning_rate": 3.305187781420582e-05,
            "loss": 0.0505,
            "step": 808500
            },
            {
            "epoch": 6.78,
            "learning_rate": 3.304139660073285e-05,
            "loss": 0.0504,
            "step": 809000
            },
            {
            "epoch": 6.79,
            "learning_rate": 3.3030915387259876e-05,
            "loss": 0.0498,
            "step": 809500
            },
            {
            "epoch": 6.79,
            "learning_rate": 3.302043417378691e-05,
            "loss": 0.0505,
            "step": 810000
            },
            {
            "epoch": 6.8,
            "learning_rate": 3.3009952960313934e-05,
            "loss": 0.0504,
            "step": 810500
            },
            {
            "epoch": 6.8,
            "learning_rate": 3.2999471746840966e-05,
            "loss": 0.0499,
            "step": 811000
            },
            {
            "epoch": 6.8,
            "learning_rate": 3.298899053336799e-05,
            "loss": 0.0502,
            "step": 811500
            },
            {
            "epoch": 6.81,
            "learning_rate": 3.2978509319895024e-05,
            "loss": 0.05,
            "step": 812000
            },
            {
            "epoch": 6.81,
            "learning_rate": 3.296802810642205e-05,
            "loss": 0.0497,
            "step": 812500
            },
            {
            "epoch": 6.82,
            "learning_rate": 3.295754689294908e-05,
            "loss": 0.0509,
            "step": 813000
            },
            {
            "epoch": 6.82,
            "learning_rate": 3.294706567947611e-05,
            "loss": 0.0508,
            "step": 813500
            },
            {
            "epoch": 6.83,
            "learning_rate": 3.293658446600314e-05,
            "loss": 0.0501,
            "step": 814000
            },
            {
            "epoch": 6.83,
            "learning_rate": 3.2926103252530166e-05,
            "loss": 0.0505,
            "step": 814500
            },
            {
            "epoch": 6.83,
            "learning_rate": 3.29156220390572e-05,
            "loss": 0.0499,
            "step": 815000
            },
            {
            "epoch": 6.84,
            "learning_rate": 3.2905140825584224e-05,
            "loss": 0.0506,
            "step": 815500
            },
            {
            "epoch": 6.84,
            "learning_rate": 3.2894659612111256e-05,
            "loss": 0.05,
            "step": 816000
            },
            {
            "epoch": 6.85,
            "learning_rate": 3.288417839863828e-05,
            "loss": 0.0498,
            "step": 816500
            },
            {
            "epoch": 6.85,
            "learning_rate": 3.287369718516531e-05,
            "loss": 0.0502,
            "step": 817000
            },
            {
            "epoch": 6.85,
            "learning_rate": 3.286321597169234e-05,
            "loss": 0.0495,
            "step": 817500
            },
            {
            "epoch": 6.86,
            "learning_rate": 3.2852734758219365e-05,
            "loss": 0.0508,
            "step": 818000
            },
            {
            "epoch": 6.86,
            "learning_rate": 3.28422535447464e-05,
            "loss": 0.0504,
            "step": 818500
            },
            {
            "epoch": 6.87,
            "learning_rate": 3.283177233127342e-05,
            "loss": 0.0503,
            "step": 819000
            },
            {
            "epoch": 6.87,
            "learning_rate": 3.2821291117800456e-05,
            "loss": 0.0505,
            "step": 819500
            },
            {
            "epoch": 6.88,
            "learning_rate": 3.281080990432748e-05,
            "loss": 0.0504,
            "step": 820000
            },
            {
            "epoch": 6.88,
            "eval_loss": 0.04928138852119446,
            "eval_runtime": 304.8778,
            "eval_samples_per_second": 1390.843,
            "eval_steps_per_second": 21.733,
            "step": 820000
            },
            {
            "epoch": 6.88,
            "learning_rate": 3.2800328690854514e-05,
            "loss": 0.05,
            "step": 820500
            },
            {
            "epoch": 6.88,
            "learning_rate": 3.278984747738154e-05,
            "loss": 0.0505,
            "step": 821000
            },
            {
            "epoch": 6.89,
            "learning_rate": 3.277936626390857e-05,
            "loss": 0.0502,
            "step": 821500
            },
            {
            "epoch": 6.89,
            "learning_rate": 3.27688850504356e-05,
            "loss": 0.0501,
            "step": 822000
            },
            {
            "epoch": 6.9,
            "learning_rate": 3.275840383696263e-05,
            "loss": 0.0505,
            "step": 822500
            },
            {
            "epoch": 6.9,
            "learning_rate": 3.2747922623489655e-05,
            "loss": 0.0505,
            "step": 823000
            },
            {
            "epoch": 6.91,
            "learning_rate": 3.273744141001669e-05,
            "loss": 0.0507,
            "step": 823500
            },
            {
            "epoch": 6.91,
            "learning_rate": 3.272696019654371e-05,
            "loss": 0.0504,
            "step": 824000
            },
            {
            "epoch": 6.91,
            "learning_rate": 3.2716478983070746e-05,
            "loss": 0.0506,
            "step": 824500
            },
            {
            "epoch": 6.92,
            "learning_rate": 3.270599776959777e-05,
            "loss": 0.0502,
            "step": 825000
            },
            {
            "epoch": 6.92,
            "learning_rate": 3.2695516556124804e-05,
            "loss": 0.0502,
            "step": 825500
            },
            {
            "epoch": 6.93,
            "learning_rate": 3.268503534265183e-05,
            "loss": 0.0502,
            "step": 826000
            },
            {
            "epoch": 6.93,
            "learning_rate": 3.267455412917886e-05,
            "loss": 0.0504,
            "step": 826500
            },
            {
            "epoch": 6.93,
            "learning_rate": 3.266407291570589e-05,
            "loss": 0.0508,
            "step": 827000
            },
            {
            "epoch": 6.94,
            "learning_rate": 3.265359170223292e-05,
            "loss": 0.0507,
            "step": 827500
            },
            {
            "epoch": 6.94,
            "learning_rate": 3.2643110488759945e-05,
            "loss": 0.0502,
            "step": 828000
            },
            {
            "epoch": 6.95,
            "learning_rate": 3.263262927528698e-05,
            "loss": 0.05,
            "step": 828500
            },
            {
            "epoch": 6.95,
            "learning_rate": 3.2622148061814e-05,
            "loss": 0.05,
            "step": 829000
            },
            {
            "epoch": 6.96,
            "learning_rate": 3.2611666848341036e-05,
            "loss": 0.0502,
            "step": 829500
            },
            {
            "epoch": 6.96,
            "learning_rate": 3.260118563486806e-05,
            "loss": 0.0503,
            "step": 830000
            },
            {
            "epoch": 6.96,
            "learning_rate": 3.2590704421395094e-05,
            "loss": 0.0502,
            "step": 830500
            },
            {
            "epoch": 6.97,
            "learning_rate": 3.258022320792212e-05,
            "loss": 0.05,
            "step": 831000
            },
            {
            "epoch": 6.97,
            "learning_rate": 3.256974199444915e-05,
            "loss": 0.0503,
            "step": 831500
            },
            {
            "epoch": 6.98,
            "learning_rate": 3.2559260780976184e-05,
            "loss": 0.0509,
            "step": 832000
            },
            {
            "epoch": 6.98,
            "learning_rate": 3.254877956750321e-05,
            "loss": 0.0502,
            "step": 832500
            },
            {
            "epoch": 6.98,
            "learning_rate": 3.253829835403024e-05,
            "loss": 0.05,
            "step": 833000
            },
            {
            "epoch": 6.99,
            "learning_rate": 3.252781714055727e-05,
            "loss": 0.0505,
            "step": 833500
            },
            {
            "epoch": 6.99,
            "learning_rate": 3.25173359270843e-05,
            "loss": 0.0505,
            "step": 834000
            },
            {
            "epoch": 7.0,
            "learning_rate": 3.2506854713611326e-05,
            "loss": 0.05,
            "step": 834500
            },
            {
            "epoch": 7.0,
            "learning_rate": 3.249637350013836e-05,
            "loss": 0.0493,
            "step": 835000
            },
            {
            "epoch": 7.01,
            "learning_rate": 3.2485892286665384e-05,
            "loss": 0.0498,
            "step": 835500
            },
            {
            "epoch": 7.01,
            "learning_rate": 3.2475411073192416e-05,
            "loss": 0.0497,
            "step": 836000
            },
            {
            "epoch": 7.01,
            "learning_rate": 3.246492985971944e-05,
            "loss": 0.0499,
            "step": 836500
            },
            {
            "epoch": 7.02,
            "learning_rate": 3.2454448646246474e-05,
            "loss": 0.0501,
            "step": 837000
            },
            {
            "epoch": 7.02,
            "learning_rate": 3.24439674327735e-05,
            "loss": 0.0503,
            "step": 837500
            },
            {
            "epoch": 7.03,
            "learning_rate": 3.243348621930053e-05,
            "loss": 0.0496,
            "step": 838000
            },
            {
            "epoch": 7.03,
            "learning_rate": 3.242300500582756e-05,
            "loss": 0.0498,
            "step": 838500
            },
            {
            "epoch": 7.03,
            "learning_rate": 3.241252379235459e-05,
            "loss": 0.0498,
            "step": 839000
            },
            {
            "epoch": 7.04,
            "learning_rate": 3.2402042578881616e-05,
            "loss": 0.0498,
            "step": 839500
            },
            {
            "epoch": 7.04,
            "learning_rate": 3.239156136540865e-05,
            "loss": 0.0494,
            "step": 840000
            },
            {
            "epoch": 7.04,
            "eval_loss": 0.04907245934009552,
            "eval_runtime": 305.1751,
            "eval_samples_per_second": 1389.488,
            "eval_steps_per_second": 21.712,
            "step": 840000
            },
            {
            "epoch": 7.05,
            "learning_rate": 3.2381080151935674e-05,
            "loss": 0.0499,
            "step": 840500
            },
            {
            "epoch": 7.05,
            "learning_rate": 3.23705989384627e-05,
            "loss": 0.0492,
            "step": 841000
            },
            {
            "epoch": 7.06,
            "learning_rate": 3.236011772498973e-05,
            "loss": 0.0495,
            "step": 841500
            },
            {
            "epoch": 7.06,
            "learning_rate": 3.234963651151676e-05,
            "loss": 0.0492,
            "step": 842000
            },
            {
            "epoch": 7.06,
            "learning_rate": 3.233915529804379e-05,
            "loss": 0.0497,
            "step": 842500
            },
            {
            "epoch": 7.07,
            "learning_rate": 3.2328674084570815e-05,
            "loss": 0.0499,
            "step": 843000
            },
            {
            "epoch": 7.07,
            "learning_rate": 3.231819287109785e-05,
            "loss": 0.0498,
            "step": 843500
            },
            {
            "epoch": 7.08,
            "learning_rate": 3.230771165762487e-05,
            "loss": 0.0505,
            "step": 844000
            },
            {
            "epoch": 7.08,
            "learning_rate": 3.2297230444151906e-05,
            "loss": 0.0496,
            "step": 844500
            },
            {
            "epoch": 7.09,
            "learning_rate": 3.228674923067893e-05,
            "loss": 0.0497,
            "step": 845000
            },
            {
            "epoch": 7.09,
            "learning_rate": 3.2276268017205964e-05,
            "loss": 0.0501,
            "step": 845500
            },
            {
            "epoch": 7.09,
            "learning_rate": 3.226578680373299e-05,
            "loss": 0.0502,
            "step": 846000
            },
            {
            "epoch": 7.1,
            "learning_rate": 3.225530559026002e-05,
            "loss": 0.0497,
            "step": 846500
            },
            {
            "epoch": 7.1,
            "learning_rate": 3.224482437678705e-05,
            "loss": 0.0501,
            "step": 847000
            },
            {
            "epoch": 7.11,
            "learning_rate": 3.223434316331408e-05,
            "loss": 0.0497,
            "step": 847500
            },
            {
            "epoch": 7.11,
            "learning_rate": 3.2223861949841105e-05,
            "loss": 0.05,
            "step": 848000
            },
            {
            "epoch": 7.11,
            "learning_rate": 3.221338073636814e-05,
            "loss": 0.0496,
            "step": 848500
            },
            {
            "epoch": 7.12,
            "learning_rate": 3.220289952289516e-05,
            "loss": 0.0493,
            "step": 849000
            },
            {
            "epoch": 7.12,
            "learning_rate": 3.2192418309422196e-05,
            "loss": 0.0496,
            "step": 849500
            },
            {
            "epoch": 7.13,
            "learning_rate": 3.218193709594922e-05,
            "loss": 0.0495,
            "step": 850000
            },
            {
            "epoch": 7.13,
            "learning_rate": 3.2171455882476254e-05,
            "loss": 0.05,
            "step": 850500
            },
            {
            "epoch": 7.14,
            "learning_rate": 3.216097466900328e-05,
            "loss": 0.0496,
            "step": 851000
            },
            {
            "epoch": 7.14,
            "learning_rate": 3.215049345553031e-05,
            "loss": 0.0497,
            "step": 851500
            },
            {
            "epoch": 7.14,
            "learning_rate": 3.214001224205734e-05,
            "loss": 0.0502,
            "step": 852000
            },
            {
            "epoch": 7.15,
            "learning_rate": 3.212953102858436e-05,
            "loss": 0.0503,
            "step": 852500
            },
            {
            "epoch": 7.15,
            "learning_rate": 3.2119049815111395e-05,
            "loss": 0.0501,
            "step": 853000
            },
            {
            "epoch": 7.16,
            "learning_rate": 3.210856860163842e-05,
            "loss": 0.0489,
            "step": 853500
            },
            {
            "epoch": 7.16,
            "learning_rate": 3.209808738816545e-05,
            "loss": 0.0493,
            "step": 854000
            },
            {
            "epoch": 7.16,
            "learning_rate": 3.208760617469248e-05,
            "loss": 0.0498,
            "step": 854500
            },
            {
            "epoch": 7.17,
            "learning_rate": 3.207712496121951e-05,
            "loss": 0.0501,
            "step": 855000
            },
            {
            "epoch": 7.17,
            "learning_rate": 3.206664374774654e-05,
            "loss": 0.0494,
            "step": 855500
            },
            {
            "epoch": 7.18,
            "learning_rate": 3.205616253427357e-05,
            "loss": 0.0502,
            "step": 856000
            },
            {
            "epoch": 7.18,
            "learning_rate": 3.2045681320800595e-05,
            "loss": 0.0493,
            "step": 856500
            },
            {
            "epoch": 7.19,
            "learning_rate": 3.203520010732763e-05,
            "loss": 0.0497,
            "step": 857000
            },
            {
            "epoch": 7.19,
            "learning_rate": 3.202471889385465e-05,
            "loss": 0.0493,
            "step": 857500
            },
            {
            "epoch": 7.19,
            "learning_rate": 3.2014237680381685e-05,
            "loss": 0.0492,
            "step": 858000
            },
            {
            "epoch": 7.2,
            "learning_rate": 3.200375646690871e-05,
            "loss": 0.0495,
            "step": 858500
            },
            {
            "epoch": 7.2,
            "learning_rate": 3.199327525343574e-05,
            "loss": 0.05,
            "step": 859000
            },
            {
            "epoch": 7.21,
            "learning_rate": 3.198279403996277e-05,
            "loss": 0.05,
            "step": 859500
            },
            {
            "epoch": 7.21,
            "learning_rate": 3.19723128264898e-05,
            "loss": 0.0499,
            "step": 860000
            },
            {
            "epoch": 7.21,
            "eval_loss": 0.04904588684439659,
            "eval_runtime": 305.0441,
            "eval_samples_per_second": 1390.084,
            "eval_steps_per_second": 21.721,
            "step": 860000
            },
            {
            "epoch": 7.22,
            "learning_rate": 3.196183161301683e-05,
            "loss": 0.0496,
            "step": 860500
            },
            {
            "epoch": 7.22,
            "learning_rate": 3.195135039954386e-05,
            "loss": 0.0498,
            "step": 861000
            },
            {
            "epoch": 7.22,
            "learning_rate": 3.1940869186070885e-05,
            "loss": 0.0499,
            "step": 861500
            },
            {
            "epoch": 7.23,
            "learning_rate": 3.193038797259792e-05,
            "loss": 0.0499,
            "step": 862000
            },
            {
            "epoch": 7.23,
            "learning_rate": 3.191990675912494e-05,
            "loss": 0.0495,
            "step": 862500
            },
            {
            "epoch": 7.24,
            "learning_rate": 3.1909425545651975e-05,
            "loss": 0.0495,
            "step": 863000
            },
            {
            "epoch": 7.24,
            "learning_rate": 3.1898944332179e-05,
            "loss": 0.0501,
            "step": 863500
            },
            {
            "epoch": 7.24,
            "learning_rate": 3.188846311870603e-05,
            "loss": 0.0498,
            "step": 864000
            },
            {
            "epoch": 7.25,
            "learning_rate": 3.187798190523306e-05,
            "loss": 0.0498,
            "step": 864500
            },
            {
            "epoch": 7.25,
            "learning_rate": 3.186750069176009e-05,
            "loss": 0.0498,
            "step": 865000
            },
            {
            "epoch": 7.26,
            "learning_rate": 3.185701947828712e-05,
            "loss": 0.0502,
            "step": 865500
            },
            {
            "epoch": 7.26,
            "learning_rate": 3.184653826481415e-05,
            "loss": 0.0498,
            "step": 866000
            },
            {
            "epoch": 7.27,
            "learning_rate": 3.1836057051341175e-05,
            "loss": 0.0496,
            "step": 866500
            },
            {
            "epoch": 7.27,
            "learning_rate": 3.182557583786821e-05,
            "loss": 0.05,
            "step": 867000
            },
            {
            "epoch": 7.27,
            "learning_rate": 3.181509462439524e-05,
            "loss": 0.0502,
            "step": 867500
            },
            {
            "epoch": 7.28,
            "learning_rate": 3.1804613410922265e-05,
            "loss": 0.0496,
            "step": 868000
            },
            {
            "epoch": 7.28,
            "learning_rate": 3.17941321974493e-05,
            "loss": 0.05,
            "step": 868500
            },
            {
            "epoch": 7.29,
            "learning_rate": 3.178365098397632e-05,
            "loss": 0.0501,
            "step": 869000
            },
            {
            "epoch": 7.29,
            "learning_rate": 3.1773169770503356e-05,
            "loss": 0.0497,
            "step": 869500
            },
            {
            "epoch": 7.29,
            "learning_rate": 3.176268855703038e-05,
            "loss": 0.0507,
            "step": 870000
            },
            {
            "epoch": 7.3,
            "learning_rate": 3.1752207343557414e-05,
            "loss": 0.0494,
            "step": 870500
            },
            {
            "epoch": 7.3,
            "learning_rate": 3.174172613008444e-05,
            "loss": 0.0497,
            "step": 871000
            },
            {
            "epoch": 7.31,
            "learning_rate": 3.173124491661147e-05,
            "loss": 0.0504,
            "step": 871500
            },
            {
            "epoch": 7.31,
            "learning_rate": 3.17207637031385e-05,
            "loss": 0.05,
            "step": 872000
            },
            {
            "epoch": 7.32,
            "learning_rate": 3.171028248966553e-05,
            "loss": 0.0501,
            "step": 872500
            },
            {
            "epoch": 7.32,
            "learning_rate": 3.1699801276192555e-05,
            "loss": 0.0497,
            "step": 873000
            },
            {
            "epoch": 7.32,
            "learning_rate": 3.168932006271959e-05,
            "loss": 0.0502,
            "step": 873500
            },
            {
            "epoch": 7.33,
            "learning_rate": 3.167883884924661e-05,
            "loss": 0.0494,
            "step": 874000
            },
            {
            "epoch": 7.33,
            "learning_rate": 3.1668357635773646e-05,
            "loss": 0.0497,
            "step": 874500
            },
            {
            "epoch": 7.34,
            "learning_rate": 3.165787642230067e-05,
            "loss": 0.0499,
            "step": 875000
            },
            {
            "epoch": 7.34,
            "learning_rate": 3.1647395208827704e-05,
            "loss": 0.0499,
            "step": 875500
            },
            {
            "epoch": 7.35,
            "learning_rate": 3.163691399535473e-05,
            "loss": 0.0497,
            "step": 876000
            },
            {
            "epoch": 7.35,
            "learning_rate": 3.1626432781881755e-05,
            "loss": 0.0496,
            "step": 876500
            },
            {
            "epoch": 7.35,
            "learning_rate": 3.161595156840879e-05,
            "loss": 0.0503,
            "step": 877000
            },
            {
            "epoch": 7.36,
            "learning_rate": 3.160547035493581e-05,
            "loss": 0.0501,
            "step": 877500
            },
            {
            "epoch": 7.36,
            "learning_rate": 3.1594989141462845e-05,
            "loss": 0.0499,
            "step": 878000
            },
            {
            "epoch": 7.37,
            "learning_rate": 3.158450792798987e-05,
            "loss": 0.049,
            "step": 878500
            },
            {
            "epoch": 7.37,
            "learning_rate": 3.15740267145169e-05,
            "loss": 0.0491,
            "step": 879000
            },
            {
            "epoch": 7.37,
            "learning_rate": 3.156354550104393e-05,
            "loss": 0.0498,
            "step": 879500
            },
            {
            "epoch": 7.38,
            "learning_rate": 3.155306428757096e-05,
            "loss": 0.0497,
            "step": 880000
            },
            {
            "epoch": 7.38,
            "eval_loss": 0.04894464835524559,
            "eval_runtime": 304.6088,
            "eval_samples_per_second": 1392.071,
            "eval_steps_per_second": 21.752,
            "step": 880000
            },
            {
            "epoch": 7.38,
            "learning_rate": 3.154258307409799e-05,
            "loss": 0.0498,
            "step": 880500
            },
            {
            "epoch": 7.39,
            "learning_rate": 3.153210186062502e-05,
            "loss": 0.05,
            "step": 881000
            },
            {
            "epoch": 7.39,
            "learning_rate": 3.1521620647152045e-05,
            "loss": 0.0502,
            "step": 881500
            },
            {
            "epoch": 7.4,
            "learning_rate": 3.151113943367908e-05,
            "loss": 0.0501,
            "step": 882000
            },
            {
            "epoch": 7.4,
            "learning_rate": 3.15006582202061e-05,
            "loss": 0.0499,
            "step": 882500
            },
            {
            "epoch": 7.4,
            "learning_rate": 3.1490177006733135e-05,
            "loss": 0.0497,
            "step": 883000
            },
            {
            "epoch": 7.41,
            "learning_rate": 3.147969579326016e-05,
            "loss": 0.0493,
            "step": 883500
            },
            {
            "epoch": 7.41,
            "learning_rate": 3.146921457978719e-05,
            "loss": 0.0495,
            "step": 884000
            },
            {
            "epoch": 7.42,
            "learning_rate": 3.145873336631422e-05,
            "loss": 0.0499,
            "step": 884500
            },
            {
            "epoch": 7.42,
            "learning_rate": 3.144825215284125e-05,
            "loss": 0.0495,
            "step": 885000
            },
            {
            "epoch": 7.42,
            "learning_rate": 3.143777093936828e-05,
            "loss": 0.0498,
            "step": 885500
            },
            {
            "epoch": 7.43,
            "learning_rate": 3.142728972589531e-05,
            "loss": 0.0501,
            "step": 886000
            },
            {
            "epoch": 7.43,
            "learning_rate": 3.1416808512422335e-05,
            "loss": 0.05,
            "step": 886500
            },
            {
            "epoch": 7.44,
            "learning_rate": 3.140632729894937e-05,
            "loss": 0.05,
            "step": 887000
            },
            {
            "epoch": 7.44,
            "learning_rate": 3.139584608547639e-05,
            "loss": 0.0499,
            "step": 887500
            },
            {
            "epoch": 7.45,
            "learning_rate": 3.138536487200342e-05,
            "loss": 0.0496,
            "step": 888000
            },
            {
            "epoch": 7.45,
            "learning_rate": 3.137488365853045e-05,
            "loss": 0.0497,
            "step": 888500
            },
            {
            "epoch": 7.45,
            "learning_rate": 3.1364402445057476e-05,
            "loss": 0.0498,
            "step": 889000
            },
            {
            "epoch": 7.46,
            "learning_rate": 3.135392123158451e-05,
            "loss": 0.0497,
            "step": 889500
            },
            {
            "epoch": 7.46,
            "learning_rate": 3.1343440018111534e-05,
            "loss": 0.0498,
            "step": 890000
            },
            {
            "epoch": 7.47,
            "learning_rate": 3.133295880463857e-05,
            "loss": 0.0502,
            "step": 890500
            },
            {
            "epoch": 7.47,
            "learning_rate": 3.132247759116559e-05,
            "loss": 0.0496,
            "step": 891000
            },
            {
            "epoch": 7.48,
            "learning_rate": 3.1311996377692625e-05,
            "loss": 0.0494,
            "step": 891500
            },
            {
            "epoch": 7.48,
            "learning_rate": 3.130151516421965e-05,
            "loss": 0.0491,
            "step": 892000
            },
            {
            "epoch": 7.48,
            "learning_rate": 3.129103395074668e-05,
            "loss": 0.0499,
            "step": 892500
            },
            {
            "epoch": 7.49,
            "learning_rate": 3.128055273727371e-05,
            "loss": 0.0495,
            "step": 893000
            },
            {
            "epoch": 7.49,
            "learning_rate": 3.127007152380074e-05,
            "loss": 0.0501,
            "step": 893500
            },
            {
            "epoch": 7.5,
            "learning_rate": 3.1259590310327766e-05,
            "loss": 0.0499,
            "step": 894000
            },
            {
            "epoch": 7.5,
            "learning_rate": 3.12491090968548e-05,
            "loss": 0.0494,
            "step": 894500
            },
            {
            "epoch": 7.5,
            "learning_rate": 3.1238627883381824e-05,
            "loss": 0.0502,
            "step": 895000
            },
            {
            "epoch": 7.51,
            "learning_rate": 3.122814666990886e-05,
            "loss": 0.0496,
            "step": 895500
            },
            {
            "epoch": 7.51,
            "learning_rate": 3.121766545643588e-05,
            "loss": 0.0499,
            "step": 896000
            },
            {
            "epoch": 7.52,
            "learning_rate": 3.1207184242962915e-05,
            "loss": 0.0497,
            "step": 896500
            },
            {
            "epoch": 7.52,
            "learning_rate": 3.119670302948994e-05,
            "loss": 0.0495,
            "step": 897000
            },
            {
            "epoch": 7.53,
            "learning_rate": 3.118622181601697e-05,
            "loss": 0.0494,
            "step": 897500
            },
            {
            "epoch": 7.53,
            "learning_rate": 3.1175740602544e-05,
            "loss": 0.0497,
            "step": 898000
            },
            {
            "epoch": 7.53,
            "learning_rate": 3.116525938907103e-05,
            "loss": 0.0496,
            "step": 898500
            },
            {
            "epoch": 7.54,
            "learning_rate": 3.1154778175598056e-05,
            "loss": 0.0497,
            "step": 899000
            },
            {
            "epoch": 7.54,
            "learning_rate": 3.114429696212509e-05,
            "loss": 0.0501,
            "step": 899500
            },
            {
            "epoch": 7.55,
            "learning_rate": 3.1133815748652114e-05,
            "loss": 0.0498,
            "step": 900000
            },
            {
            "epoch": 7.55,
            "eval_loss": 0.04873523861169815,
            "eval_runtime": 305.1313,
            "eval_samples_per_second": 1389.687,
            "eval_steps_per_second": 21.715,
            "step": 900000
            },
            {
            "epoch": 7.55,
            "learning_rate": 3.112333453517915e-05,
            "loss": 0.0498,
            "step": 900500
            },
            {
            "epoch": 7.55,
            "learning_rate": 3.111285332170617e-05,
            "loss": 0.0504,
            "step": 901000
            },
            {
            "epoch": 7.56,
            "learning_rate": 3.1102372108233205e-05,
            "loss": 0.0496,
            "step": 901500
            },
            {
            "epoch": 7.56,
            "learning_rate": 3.109189089476023e-05,
            "loss": 0.0493,
            "step": 902000
            },
            {
            "epoch": 7.57,
            "learning_rate": 3.108140968128726e-05,
            "loss": 0.0497,
            "step": 902500
            },
            {
            "epoch": 7.57,
            "learning_rate": 3.1070928467814295e-05,
            "loss": 0.0495,
            "step": 903000
            },
            {
            "epoch": 7.58,
            "learning_rate": 3.106044725434132e-05,
            "loss": 0.0497,
            "step": 903500
            },
            {
            "epoch": 7.58,
            "learning_rate": 3.104996604086835e-05,
            "loss": 0.0495,
            "step": 904000
            },
            {
            "epoch": 7.58,
            "learning_rate": 3.103948482739538e-05,
            "loss": 0.049,
            "step": 904500
            },
            {
            "epoch": 7.59,
            "learning_rate": 3.102900361392241e-05,
            "loss": 0.0491,
            "step": 905000
            },
            {
            "epoch": 7.59,
            "learning_rate": 3.101852240044944e-05,
            "loss": 0.0496,
            "step": 905500
            },
            {
            "epoch": 7.6,
            "learning_rate": 3.100804118697647e-05,
            "loss": 0.0494,
            "step": 906000
            },
            {
            "epoch": 7.6,
            "learning_rate": 3.0997559973503495e-05,
            "loss": 0.0494,
            "step": 906500
            },
            {
            "epoch": 7.61,
            "learning_rate": 3.098707876003053e-05,
            "loss": 0.0494,
            "step": 907000
            },
            {
            "epoch": 7.61,
            "learning_rate": 3.097659754655755e-05,
            "loss": 0.0499,
            "step": 907500
            },
            {
            "epoch": 7.61,
            "learning_rate": 3.0966116333084585e-05,
            "loss": 0.0495,
            "step": 908000
            },
            {
            "epoch": 7.62,
            "learning_rate": 3.095563511961161e-05,
            "loss": 0.05,
            "step": 908500
            },
            {
            "epoch": 7.62,
            "learning_rate": 3.094515390613864e-05,
            "loss": 0.0494,
            "step": 909000
            },
            {
            "epoch": 7.63,
            "learning_rate": 3.093467269266567e-05,
            "loss": 0.0496,
            "step": 909500
            },
            {
            "epoch": 7.63,
            "learning_rate": 3.09241914791927e-05,
            "loss": 0.0497,
            "step": 910000
            },
            {
            "epoch": 7.63,
            "learning_rate": 3.091371026571973e-05,
            "loss": 0.0493,
            "step": 910500
            },
            {
            "epoch": 7.64,
            "learning_rate": 3.090322905224676e-05,
            "loss": 0.05,
            "step": 911000
            },
            {
            "epoch": 7.64,
            "learning_rate": 3.0892747838773785e-05,
            "loss": 0.0496,
            "step": 911500
            },
            {
            "epoch": 7.65,
            "learning_rate": 3.088226662530081e-05,
            "loss": 0.0498,
            "step": 912000
            },
            {
            "epoch": 7.65,
            "learning_rate": 3.087178541182784e-05,
            "loss": 0.049,
            "step": 912500
            },
            {
            "epoch": 7.66,
            "learning_rate": 3.086130419835487e-05,
            "loss": 0.0495,
            "step": 913000
            },
            {
            "epoch": 7.66,
            "learning_rate": 3.08508229848819e-05,
            "loss": 0.0496,
            "step": 913500
            },
            {
            "epoch": 7.66,
            "learning_rate": 3.0840341771408926e-05,
            "loss": 0.0493,
            "step": 914000
            },
            {
            "epoch": 7.67,
            "learning_rate": 3.082986055793596e-05,
            "loss": 0.0496,
            "step": 914500
            },
            {
            "epoch": 7.67,
            "learning_rate": 3.0819379344462984e-05,
            "loss": 0.0492,
            "step": 915000
            },
            {
            "epoch": 7.68,
            "learning_rate": 3.080889813099002e-05,
            "loss": 0.0497,
            "step": 915500
            },
            {
            "epoch": 7.68,
            "learning_rate": 3.079841691751704e-05,
            "loss": 0.05,
            "step": 916000
            },
            {
            "epoch": 7.68,
            "learning_rate": 3.0787935704044075e-05,
            "loss": 0.0501,
            "step": 916500
            },
            {
            "epoch": 7.69,
            "learning_rate": 3.07774544905711e-05,
            "loss": 0.0498,
            "step": 917000
            },
            {
            "epoch": 7.69,
            "learning_rate": 3.076697327709813e-05,
            "loss": 0.0494,
            "step": 917500
            },
            {
            "epoch": 7.7,
            "learning_rate": 3.075649206362516e-05,
            "loss": 0.0496,
            "step": 918000
            },
            {
            "epoch": 7.7,
            "learning_rate": 3.074601085015219e-05,
            "loss": 0.0492,
            "step": 918500
            },
            {
            "epoch": 7.71,
            "learning_rate": 3.0735529636679216e-05,
            "loss": 0.0491,
            "step": 919000
            },
            {
            "epoch": 7.71,
            "learning_rate": 3.072504842320625e-05,
            "loss": 0.0488,
            "step": 919500
            },
            {
            "epoch": 7.71,
            "learning_rate": 3.0714567209733274e-05,
            "loss": 0.0496,
            "step": 920000
            },
            {
            "epoch": 7.71,
            "eval_loss": 0.04861120134592056,
            "eval_runtime": 305.2933,
            "eval_samples_per_second": 1388.95,
            "eval_steps_per_second": 21.704,
            "step": 920000
            },
            {
            "epoch": 7.72,
            "learning_rate": 3.070408599626031e-05,
            "loss": 0.05,
            "step": 920500
            },
            {
            "epoch": 7.72,
            "learning_rate": 3.069360478278733e-05,
            "loss": 0.0493,
            "step": 921000
            },
            {
            "epoch": 7.73,
            "learning_rate": 3.0683123569314365e-05,
            "loss": 0.0494,
            "step": 921500
            },
            {
            "epoch": 7.73,
            "learning_rate": 3.067264235584139e-05,
            "loss": 0.05,
            "step": 922000
            },
            {
            "epoch": 7.74,
            "learning_rate": 3.066216114236842e-05,
            "loss": 0.0493,
            "step": 922500
            },
            {
            "epoch": 7.74,
            "learning_rate": 3.065167992889545e-05,
            "loss": 0.0503,
            "step": 923000
            },
            {
            "epoch": 7.74,
            "learning_rate": 3.0641198715422474e-05,
            "loss": 0.0497,
            "step": 923500
            },
            {
            "epoch": 7.75,
            "learning_rate": 3.0630717501949506e-05,
            "loss": 0.0496,
            "step": 924000
            },
            {
            "epoch": 7.75,
            "learning_rate": 3.062023628847653e-05,
            "loss": 0.0497,
            "step": 924500
            },
            {
            "epoch": 7.76,
            "learning_rate": 3.0609755075003564e-05,
            "loss": 0.0497,
            "step": 925000
            },
            {
            "epoch": 7.76,
            "learning_rate": 3.059927386153059e-05,
            "loss": 0.0497,
            "step": 925500
            },
            {
            "epoch": 7.76,
            "learning_rate": 3.058879264805762e-05,
            "loss": 0.049,
            "step": 926000
            },
            {
            "epoch": 7.77,
            "learning_rate": 3.057831143458465e-05,
            "loss": 0.0496,
            "step": 926500
            },
            {
            "epoch": 7.77,
            "learning_rate": 3.056783022111168e-05,
            "loss": 0.0497,
            "step": 927000
            },
            {
            "epoch": 7.78,
            "learning_rate": 3.0557349007638706e-05,
            "loss": 0.0499,
            "step": 927500
            },
            {
            "epoch": 7.78,
            "learning_rate": 3.054686779416574e-05,
            "loss": 0.0492,
            "step": 928000
            },
            {
            "epoch": 7.79,
            "learning_rate": 3.0536386580692764e-05,
            "loss": 0.0495,
            "step": 928500
            },
            {
            "epoch": 7.79,
            "learning_rate": 3.0525905367219796e-05,
            "loss": 0.0496,
            "step": 929000
            },
            {
            "epoch": 7.79,
            "learning_rate": 3.0515424153746825e-05,
            "loss": 0.0495,
            "step": 929500
            },
            {
            "epoch": 7.8,
            "learning_rate": 3.0504942940273858e-05,
            "loss": 0.049,
            "step": 930000
            },
            {
            "epoch": 7.8,
            "learning_rate": 3.0494461726800883e-05,
            "loss": 0.0497,
            "step": 930500
            },
            {
            "epoch": 7.81,
            "learning_rate": 3.0483980513327916e-05,
            "loss": 0.0494,
            "step": 931000
            },
            {
            "epoch": 7.81,
            "learning_rate": 3.047349929985494e-05,
            "loss": 0.0495,
            "step": 931500
            },
            {
            "epoch": 7.81,
            "learning_rate": 3.0463018086381974e-05,
            "loss": 0.0497,
            "step": 932000
            },
            {
            "epoch": 7.82,
            "learning_rate": 3.0452536872909e-05,
            "loss": 0.0495,
            "step": 932500
            },
            {
            "epoch": 7.82,
            "learning_rate": 3.0442055659436032e-05,
            "loss": 0.05,
            "step": 933000
            },
            {
            "epoch": 7.83,
            "learning_rate": 3.0431574445963057e-05,
            "loss": 0.0491,
            "step": 933500
            },
            {
            "epoch": 7.83,
            "learning_rate": 3.042109323249009e-05,
            "loss": 0.049,
            "step": 934000
            },
            {
            "epoch": 7.84,
            "learning_rate": 3.0410612019017115e-05,
            "loss": 0.0494,
            "step": 934500
            },
            {
            "epoch": 7.84,
            "learning_rate": 3.040013080554414e-05,
            "loss": 0.0495,
            "step": 935000
            },
            {
            "epoch": 7.84,
            "learning_rate": 3.0389649592071173e-05,
            "loss": 0.0495,
            "step": 935500
            },
            {
            "epoch": 7.85,
            "learning_rate": 3.03791683785982e-05,
            "loss": 0.05,
            "step": 936000
            },
            {
            "epoch": 7.85,
            "learning_rate": 3.036868716512523e-05,
            "loss": 0.0495,
            "step": 936500
            },
            {
            "epoch": 7.86,
            "learning_rate": 3.0358205951652257e-05,
            "loss": 0.0495,
            "step": 937000
            },
            {
            "epoch": 7.86,
            "learning_rate": 3.034772473817929e-05,
            "loss": 0.0494,
            "step": 937500
            },
            {
            "epoch": 7.87,
            "learning_rate": 3.0337243524706315e-05,
            "loss": 0.0496,
            "step": 938000
            },
            {
            "epoch": 7.87,
            "learning_rate": 3.0326762311233347e-05,
            "loss": 0.0498,
            "step": 938500
            },
            {
            "epoch": 7.87,
            "learning_rate": 3.0316281097760373e-05,
            "loss": 0.0498,
            "step": 939000
            },
            {
            "epoch": 7.88,
            "learning_rate": 3.0305799884287405e-05,
            "loss": 0.0492,
            "step": 939500
            },
            {
            "epoch": 7.88,
            "learning_rate": 3.029531867081443e-05,
            "loss": 0.0496,
            "step": 940000
            },
            {
            "epoch": 7.88,
            "eval_loss": 0.04855391010642052,
            "eval_runtime": 305.4569,
            "eval_samples_per_second": 1388.206,
            "eval_steps_per_second": 21.692,
            "step": 940000
            },
            {
            "epoch": 7.89,
            "learning_rate": 3.0284837457341463e-05,
            "loss": 0.0494,
            "step": 940500
            },
            {
            "epoch": 7.89,
            "learning_rate": 3.027435624386849e-05,
            "loss": 0.0492,
            "step": 941000
            },
            {
            "epoch": 7.89,
            "learning_rate": 3.026387503039552e-05,
            "loss": 0.0492,
            "step": 941500
            },
            {
            "epoch": 7.9,
            "learning_rate": 3.0253393816922547e-05,
            "loss": 0.0499,
            "step": 942000
            },
            {
            "epoch": 7.9,
            "learning_rate": 3.024291260344958e-05,
            "loss": 0.049,
            "step": 942500
            },
            {
            "epoch": 7.91,
            "learning_rate": 3.0232431389976605e-05,
            "loss": 0.0494,
            "step": 943000
            },
            {
            "epoch": 7.91,
            "learning_rate": 3.0221950176503637e-05,
            "loss": 0.0494,
            "step": 943500
            },
            {
            "epoch": 7.92,
            "learning_rate": 3.0211468963030663e-05,
            "loss": 0.0493,
            "step": 944000
            },
            {
            "epoch": 7.92,
            "learning_rate": 3.0200987749557696e-05,
            "loss": 0.0496,
            "step": 944500
            },
            {
            "epoch": 7.92,
            "learning_rate": 3.019050653608472e-05,
            "loss": 0.0492,
            "step": 945000
            },
            {
            "epoch": 7.93,
            "learning_rate": 3.0180025322611754e-05,
            "loss": 0.0495,
            "step": 945500
            },
            {
            "epoch": 7.93,
            "learning_rate": 3.0169544109138783e-05,
            "loss": 0.0494,
            "step": 946000
            },
            {
            "epoch": 7.94,
            "learning_rate": 3.015906289566581e-05,
            "loss": 0.0494,
            "step": 946500
            },
            {
            "epoch": 7.94,
            "learning_rate": 3.014858168219284e-05,
            "loss": 0.0502,
            "step": 947000
            },
            {
            "epoch": 7.94,
            "learning_rate": 3.0138100468719866e-05,
            "loss": 0.0494,
            "step": 947500
            },
            {
            "epoch": 7.95,
            "learning_rate": 3.01276192552469e-05,
            "loss": 0.0491,
            "step": 948000
            },
            {
            "epoch": 7.95,
            "learning_rate": 3.0117138041773924e-05,
            "loss": 0.0496,
            "step": 948500
            },
            {
            "epoch": 7.96,
            "learning_rate": 3.0106656828300957e-05,
            "loss": 0.0496,
            "step": 949000
            },
            {
            "epoch": 7.96,
            "learning_rate": 3.0096175614827982e-05,
            "loss": 0.0496,
            "step": 949500
            },
            {
            "epoch": 7.97,
            "learning_rate": 3.0085694401355015e-05,
            "loss": 0.0496,
            "step": 950000
            },
            {
            "epoch": 7.97,
            "learning_rate": 3.007521318788204e-05,
            "loss": 0.0488,
            "step": 950500
            },
            {
            "epoch": 7.97,
            "learning_rate": 3.0064731974409073e-05,
            "loss": 0.0495,
            "step": 951000
            },
            {
            "epoch": 7.98,
            "learning_rate": 3.0054250760936098e-05,
            "loss": 0.0492,
            "step": 951500
            },
            {
            "epoch": 7.98,
            "learning_rate": 3.004376954746313e-05,
            "loss": 0.0495,
            "step": 952000
            },
            {
            "epoch": 7.99,
            "learning_rate": 3.0033288333990156e-05,
            "loss": 0.0496,
            "step": 952500
            },
            {
            "epoch": 7.99,
            "learning_rate": 3.002280712051719e-05,
            "loss": 0.0496,
            "step": 953000
            },
            {
            "epoch": 8.0,
            "learning_rate": 3.0012325907044214e-05,
            "loss": 0.0496,
            "step": 953500
            },
            {
            "epoch": 8.0,
            "learning_rate": 3.0001844693571247e-05,
            "loss": 0.0496,
            "step": 954000
            },
            {
            "epoch": 8.0,
            "learning_rate": 2.9991363480098272e-05,
            "loss": 0.0494,
            "step": 954500
            },
            {
            "epoch": 8.01,
            "learning_rate": 2.9980882266625305e-05,
            "loss": 0.0484,
            "step": 955000
            },
            {
            "epoch": 8.01,
            "learning_rate": 2.997040105315233e-05,
            "loss": 0.0494,
            "step": 955500
            },
            {
            "epoch": 8.02,
            "learning_rate": 2.9959919839679363e-05,
            "loss": 0.049,
            "step": 956000
            },
            {
            "epoch": 8.02,
            "learning_rate": 2.9949438626206388e-05,
            "loss": 0.0491,
            "step": 956500
            },
            {
            "epoch": 8.02,
            "learning_rate": 2.993895741273342e-05,
            "loss": 0.0487,
            "step": 957000
            },
            {
            "epoch": 8.03,
            "learning_rate": 2.9928476199260446e-05,
            "loss": 0.049,
            "step": 957500
            },
            {
            "epoch": 8.03,
            "learning_rate": 2.991799498578748e-05,
            "loss": 0.0484,
            "step": 958000
            },
            {
            "epoch": 8.04,
            "learning_rate": 2.9907513772314504e-05,
            "loss": 0.0489,
            "step": 958500
            },
            {
            "epoch": 8.04,
            "learning_rate": 2.989703255884153e-05,
            "loss": 0.0493,
            "step": 959000
            },
            {
            "epoch": 8.05,
            "learning_rate": 2.9886551345368562e-05,
            "loss": 0.0491,
            "step": 959500
            },
            {
            "epoch": 8.05,
            "learning_rate": 2.9876070131895588e-05,
            "loss": 0.049,
            "step": 960000
            },
            {
            "epoch": 8.05,
            "eval_loss": 0.04860173538327217,
            "eval_runtime": 305.0957,
            "eval_samples_per_second": 1389.849,
            "eval_steps_per_second": 21.718,
            "step": 960000
            },
            {
            "epoch": 8.05,
            "learning_rate": 2.986558891842262e-05,
            "loss": 0.0491,
            "step": 960500
            },
            {
            "epoch": 8.06,
            "learning_rate": 2.985510770494965e-05,
            "loss": 0.0487,
            "step": 961000
            },
            {
            "epoch": 8.06,
            "learning_rate": 2.9844626491476678e-05,
            "loss": 0.0486,
            "step": 961500
            },
            {
            "epoch": 8.07,
            "learning_rate": 2.9834145278003707e-05,
            "loss": 0.0494,
            "step": 962000
            },
            {
            "epoch": 8.07,
            "learning_rate": 2.9823664064530736e-05,
            "loss": 0.0488,
            "step": 962500
            },
            {
            "epoch": 8.07,
            "learning_rate": 2.9813182851057765e-05,
            "loss": 0.0497,
            "step": 963000
            },
            {
            "epoch": 8.08,
            "learning_rate": 2.9802701637584794e-05,
            "loss": 0.0491,
            "step": 963500
            },
            {
            "epoch": 8.08,
            "learning_rate": 2.9792220424111823e-05,
            "loss": 0.0489,
            "step": 964000
            },
            {
            "epoch": 8.09,
            "learning_rate": 2.9781739210638852e-05,
            "loss": 0.0496,
            "step": 964500
            },
            {
            "epoch": 8.09,
            "learning_rate": 2.977125799716588e-05,
            "loss": 0.0491,
            "step": 965000
            },
            {
            "epoch": 8.1,
            "learning_rate": 2.9760776783692914e-05,
            "loss": 0.0491,
            "step": 965500
            },
            {
            "epoch": 8.1,
            "learning_rate": 2.975029557021994e-05,
            "loss": 0.049,
            "step": 966000
            },
            {
            "epoch": 8.1,
            "learning_rate": 2.973981435674697e-05,
            "loss": 0.0489,
            "step": 966500
            },
            {
            "epoch": 8.11,
            "learning_rate": 2.9729333143273997e-05,
            "loss": 0.0497,
            "step": 967000
            },
            {
            "epoch": 8.11,
            "learning_rate": 2.971885192980103e-05,
            "loss": 0.0496,
            "step": 967500
            },
            {
            "epoch": 8.12,
            "learning_rate": 2.9708370716328055e-05,
            "loss": 0.0493,
            "step": 968000
            },
            {
            "epoch": 8.12,
            "learning_rate": 2.9697889502855088e-05,
            "loss": 0.049,
            "step": 968500
            },
            {
            "epoch": 8.13,
            "learning_rate": 2.9687408289382113e-05,
            "loss": 0.0492,
            "step": 969000
            },
            {
            "epoch": 8.13,
            "learning_rate": 2.9676927075909146e-05,
            "loss": 0.049,
            "step": 969500
            },
            {
            "epoch": 8.13,
            "learning_rate": 2.966644586243617e-05,
            "loss": 0.0491,
            "step": 970000
            },
            {
            "epoch": 8.14,
            "learning_rate": 2.9655964648963197e-05,
            "loss": 0.0495,
            "step": 970500
            },
            {
            "epoch": 8.14,
            "learning_rate": 2.964548343549023e-05,
            "loss": 0.0489,
            "step": 971000
            },
            {
            "epoch": 8.15,
            "learning_rate": 2.9635002222017255e-05,
            "loss": 0.0495,
            "step": 971500
            },
            {
            "epoch": 8.15,
            "learning_rate": 2.9624521008544287e-05,
            "loss": 0.0492,
            "step": 972000
            },
            {
            "epoch": 8.15,
            "learning_rate": 2.9614039795071313e-05,
            "loss": 0.0493,
            "step": 972500
            },
            {
            "epoch": 8.16,
            "learning_rate": 2.9603558581598345e-05,
            "loss": 0.0492,
            "step": 973000
            },
            {
            "epoch": 8.16,
            "learning_rate": 2.959307736812537e-05,
            "loss": 0.0493,
            "step": 973500
            },
            {
            "epoch": 8.17,
            "learning_rate": 2.9582596154652403e-05,
            "loss": 0.0488,
            "step": 974000
            },
            {
            "epoch": 8.17,
            "learning_rate": 2.957211494117943e-05,
            "loss": 0.0489,
            "step": 974500
            },
            {
            "epoch": 8.18,
            "learning_rate": 2.956163372770646e-05,
            "loss": 0.0491,
            "step": 975000
            },
            {
            "epoch": 8.18,
            "learning_rate": 2.9551152514233487e-05,
            "loss": 0.0492,
            "step": 975500
            },
            {
            "epoch": 8.18,
            "learning_rate": 2.954067130076052e-05,
            "loss": 0.0496,
            "step": 976000
            },
            {
            "epoch": 8.19,
            "learning_rate": 2.9530190087287545e-05,
            "loss": 0.0489,
            "step": 976500
            },
            {
            "epoch": 8.19,
            "learning_rate": 2.9519708873814577e-05,
            "loss": 0.0491,
            "step": 977000
            },
            {
            "epoch": 8.2,
            "learning_rate": 2.9509227660341603e-05,
            "loss": 0.0489,
            "step": 977500
            },
            {
            "epoch": 8.2,
            "learning_rate": 2.9498746446868635e-05,
            "loss": 0.0491,
            "step": 978000
            },
            {
            "epoch": 8.2,
            "learning_rate": 2.948826523339566e-05,
            "loss": 0.049,
            "step": 978500
            },
            {
            "epoch": 8.21,
            "learning_rate": 2.9477784019922693e-05,
            "loss": 0.0489,
            "step": 979000
            },
            {
            "epoch": 8.21,
            "learning_rate": 2.946730280644972e-05,
            "loss": 0.0494,
            "step": 979500
            },
            {
            "epoch": 8.22,
            "learning_rate": 2.945682159297675e-05,
            "loss": 0.0497,
            "step": 980000
            },
            {
            "epoch": 8.22,
            "eval_loss": 0.048290789127349854,
            "eval_runtime": 304.8281,
            "eval_samples_per_second": 1391.069,
            "eval_steps_per_second": 21.737,
            "step": 980000
            },
            {
            "epoch": 8.22,
            "learning_rate": 2.944634037950378e-05,
            "loss": 0.049,
            "step": 980500
            },
            {
            "epoch": 8.23,
            "learning_rate": 2.943585916603081e-05,
            "loss": 0.0493,
            "step": 981000
            },
            {
            "epoch": 8.23,
            "learning_rate": 2.9425377952557838e-05,
            "loss": 0.0498,
            "step": 981500
            },
            {
            "epoch": 8.23,
            "learning_rate": 2.9414896739084867e-05,
            "loss": 0.0488,
            "step": 982000
            },
            {
            "epoch": 8.24,
            "learning_rate": 2.9404415525611896e-05,
            "loss": 0.049,
            "step": 982500
            },
            {
            "epoch": 8.24,
            "learning_rate": 2.9393934312138922e-05,
            "loss": 0.0492,
            "step": 983000
            },
            {
            "epoch": 8.25,
            "learning_rate": 2.9383453098665954e-05,
            "loss": 0.0488,
            "step": 983500
            },
            {
            "epoch": 8.25,
            "learning_rate": 2.937297188519298e-05,
            "loss": 0.0494,
            "step": 984000
            },
            {
            "epoch": 8.26,
            "learning_rate": 2.9362490671720012e-05,
            "loss": 0.049,
            "step": 984500
            },
            {
            "epoch": 8.26,
            "learning_rate": 2.9352009458247038e-05,
            "loss": 0.0489,
            "step": 985000
            },
            {
            "epoch": 8.26,
            "learning_rate": 2.934152824477407e-05,
            "loss": 0.0488,
            "step": 985500
            },
            {
            "epoch": 8.27,
            "learning_rate": 2.9331047031301096e-05,
            "loss": 0.049,
            "step": 986000
            },
            {
            "epoch": 8.27,
            "learning_rate": 2.9320565817828128e-05,
            "loss": 0.0488,
            "step": 986500
            },
            {
            "epoch": 8.28,
            "learning_rate": 2.9310084604355154e-05,
            "loss": 0.0491,
            "step": 987000
            },
            {
            "epoch": 8.28,
            "learning_rate": 2.9299603390882186e-05,
            "loss": 0.0489,
            "step": 987500
            },
            {
            "epoch": 8.28,
            "learning_rate": 2.9289122177409212e-05,
            "loss": 0.0495,
            "step": 988000
            },
            {
            "epoch": 8.29,
            "learning_rate": 2.9278640963936244e-05,
            "loss": 0.049,
            "step": 988500
            },
            {
            "epoch": 8.29,
            "learning_rate": 2.926815975046327e-05,
            "loss": 0.0493,
            "step": 989000
            },
            {
            "epoch": 8.3,
            "learning_rate": 2.9257678536990302e-05,
            "loss": 0.0486,
            "step": 989500
            },
            {
            "epoch": 8.3,
            "learning_rate": 2.9247197323517328e-05,
            "loss": 0.0493,
            "step": 990000
            },
            {
            "epoch": 8.31,
            "learning_rate": 2.923671611004436e-05,
            "loss": 0.0494,
            "step": 990500
            },
            {
            "epoch": 8.31,
            "learning_rate": 2.9226234896571386e-05,
            "loss": 0.049,
            "step": 991000
            },
            {
            "epoch": 8.31,
            "learning_rate": 2.9215753683098418e-05,
            "loss": 0.0491,
            "step": 991500
            },
            {
            "epoch": 8.32,
            "learning_rate": 2.9205272469625444e-05,
            "loss": 0.0487,
            "step": 992000
            },
            {
            "epoch": 8.32,
            "learning_rate": 2.9194791256152476e-05,
            "loss": 0.0484,
            "step": 992500
            },
            {
            "epoch": 8.33,
            "learning_rate": 2.9184310042679502e-05,
            "loss": 0.049,
            "step": 993000
            },
            {
            "epoch": 8.33,
            "learning_rate": 2.9173828829206534e-05,
            "loss": 0.0486,
            "step": 993500
            },
            {
            "epoch": 8.33,
            "learning_rate": 2.916334761573356e-05,
            "loss": 0.0489,
            "step": 994000
            },
            {
            "epoch": 8.34,
            "learning_rate": 2.9152866402260585e-05,
            "loss": 0.0485,
            "step": 994500
            },
            {
            "epoch": 8.34,
            "learning_rate": 2.9142385188787618e-05,
            "loss": 0.049,
            "step": 995000
            },
            {
            "epoch": 8.35,
            "learning_rate": 2.9131903975314643e-05,
            "loss": 0.0489,
            "step": 995500
            },
            {
            "epoch": 8.35,
            "learning_rate": 2.9121422761841676e-05,
            "loss": 0.0492,
            "step": 996000
            },
            {
            "epoch": 8.36,
            "learning_rate": 2.9110941548368705e-05,
            "loss": 0.0487,
            "step": 996500
            },
            {
            "epoch": 8.36,
            "learning_rate": 2.9100460334895734e-05,
            "loss": 0.0489,
            "step": 997000
            },
            {
            "epoch": 8.36,
            "learning_rate": 2.9089979121422763e-05,
            "loss": 0.0492,
            "step": 997500
            },
            {
            "epoch": 8.37,
            "learning_rate": 2.9079497907949792e-05,
            "loss": 0.0492,
            "step": 998000
            },
            {
            "epoch": 8.37,
            "learning_rate": 2.906901669447682e-05,
            "loss": 0.0492,
            "step": 998500
            },
            {
            "epoch": 8.38,
            "learning_rate": 2.905853548100385e-05,
            "loss": 0.0491,
            "step": 999000
            },
            {
            "epoch": 8.38,
            "learning_rate": 2.904805426753088e-05,
            "loss": 0.049,
            "step": 999500
            },
            {
            "epoch": 8.38,
            "learning_rate": 2.9037573054057908e-05,
            "loss": 0.0499,
            "step": 1000000
            },
            {
            "epoch": 8.38,
            "eval_loss": 0.04808169603347778,
            "eval_runtime": 304.8795,
            "eval_samples_per_second": 1390.835,
            "eval_steps_per_second": 21.733,
            "step": 1000000
            },
            {
            "epoch": 8.39,
            "learning_rate": 2.9027091840584937e-05,
            "loss": 0.0492,
            "step": 1000500
            },
            {
            "epoch": 8.39,
            "learning_rate": 2.901661062711197e-05,
            "loss": 0.049,
            "step": 1001000
            },
            {
            "epoch": 8.4,
            "learning_rate": 2.9006129413638995e-05,
            "loss": 0.0492,
            "step": 1001500
            },
            {
            "epoch": 8.4,
            "learning_rate": 2.8995648200166027e-05,
            "loss": 0.0492,
            "step": 1002000
            },
            {
            "epoch": 8.41,
            "learning_rate": 2.8985166986693053e-05,
            "loss": 0.0486,
            "step": 1002500
            },
            {
            "epoch": 8.41,
            "learning_rate": 2.8974685773220085e-05,
            "loss": 0.0494,
            "step": 1003000
            },
            {
            "epoch": 8.41,
            "learning_rate": 2.896420455974711e-05,
            "loss": 0.0494,
            "step": 1003500
            },
            {
            "epoch": 8.42,
            "learning_rate": 2.8953723346274143e-05,
            "loss": 0.0487,
            "step": 1004000
            },
            {
            "epoch": 8.42,
            "learning_rate": 2.894324213280117e-05,
            "loss": 0.0488,
            "step": 1004500
            },
            {
            "epoch": 8.43,
            "learning_rate": 2.89327609193282e-05,
            "loss": 0.0488,
            "step": 1005000
            },
            {
            "epoch": 8.43,
            "learning_rate": 2.8922279705855227e-05,
            "loss": 0.0494,
            "step": 1005500
            },
            {
            "epoch": 8.44,
            "learning_rate": 2.8911798492382252e-05,
            "loss": 0.0494,
            "step": 1006000
            },
            {
            "epoch": 8.44,
            "learning_rate": 2.8901317278909285e-05,
            "loss": 0.0491,
            "step": 1006500
            },
            {
            "epoch": 8.44,
            "learning_rate": 2.889083606543631e-05,
            "loss": 0.0489,
            "step": 1007000
            },
            {
            "epoch": 8.45,
            "learning_rate": 2.8880354851963343e-05,
            "loss": 0.0484,
            "step": 1007500
            },
            {
            "epoch": 8.45,
            "learning_rate": 2.886987363849037e-05,
            "loss": 0.0488,
            "step": 1008000
            },
            {
            "epoch": 8.46,
            "learning_rate": 2.88593924250174e-05,
            "loss": 0.0487,
            "step": 1008500
            },
            {
            "epoch": 8.46,
            "learning_rate": 2.8848911211544426e-05,
            "loss": 0.0494,
            "step": 1009000
            },
            {
            "epoch": 8.46,
            "learning_rate": 2.883842999807146e-05,
            "loss": 0.0496,
            "step": 1009500
            },
            {
            "epoch": 8.47,
            "learning_rate": 2.8827948784598484e-05,
            "loss": 0.0494,
            "step": 1010000
            },
            {
            "epoch": 8.47,
            "learning_rate": 2.8817467571125517e-05,
            "loss": 0.0494,
            "step": 1010500
            },
            {
            "epoch": 8.48,
            "learning_rate": 2.8806986357652542e-05,
            "loss": 0.0496,
            "step": 1011000
            },
            {
            "epoch": 8.48,
            "learning_rate": 2.8796505144179575e-05,
            "loss": 0.0495,
            "step": 1011500
            },
            {
            "epoch": 8.49,
            "learning_rate": 2.87860239307066e-05,
            "loss": 0.0486,
            "step": 1012000
            },
            {
            "epoch": 8.49,
            "learning_rate": 2.8775542717233633e-05,
            "loss": 0.0482,
            "step": 1012500
            },
            {
            "epoch": 8.49,
            "learning_rate": 2.876506150376066e-05,
            "loss": 0.0488,
            "step": 1013000
            },
            {
            "epoch": 8.5,
            "learning_rate": 2.875458029028769e-05,
            "loss": 0.0488,
            "step": 1013500
            },
            {
            "epoch": 8.5,
            "learning_rate": 2.8744099076814716e-05,
            "loss": 0.0492,
            "step": 1014000
            },
            {
            "epoch": 8.51,
            "learning_rate": 2.873361786334175e-05,
            "loss": 0.0491,
            "step": 1014500
            },
            {
            "epoch": 8.51,
            "learning_rate": 2.8723136649868774e-05,
            "loss": 0.049,
            "step": 1015000
            },
            {
            "epoch": 8.51,
            "learning_rate": 2.8712655436395807e-05,
            "loss": 0.0492,
            "step": 1015500
            },
            {
            "epoch": 8.52,
            "learning_rate": 2.8702174222922836e-05,
            "loss": 0.0491,
            "step": 1016000
            },
            {
            "epoch": 8.52,
            "learning_rate": 2.8691693009449865e-05,
            "loss": 0.0491,
            "step": 1016500
            },
            {
            "epoch": 8.53,
            "learning_rate": 2.8681211795976894e-05,
            "loss": 0.0493,
            "step": 1017000
            },
            {
            "epoch": 8.53,
            "learning_rate": 2.8670730582503923e-05,
            "loss": 0.0492,
            "step": 1017500
            },
            {
            "epoch": 8.54,
            "learning_rate": 2.8660249369030952e-05,
            "loss": 0.049,
            "step": 1018000
            },
            {
            "epoch": 8.54,
            "learning_rate": 2.8649768155557977e-05,
            "loss": 0.0488,
            "step": 1018500
            },
            {
            "epoch": 8.54,
            "learning_rate": 2.863928694208501e-05,
            "loss": 0.049,
            "step": 1019000
            },
            {
            "epoch": 8.55,
            "learning_rate": 2.8628805728612035e-05,
            "loss": 0.0497,
            "step": 1019500
            },
            {
            "epoch": 8.55,
            "learning_rate": 2.8618324515139068e-05,
            "loss": 0.0485,
            "step": 1020000
            },
            {
            "epoch": 8.55,
            "eval_loss": 0.04807209223508835,
            "eval_runtime": 304.8088,
            "eval_samples_per_second": 1391.157,
            "eval_steps_per_second": 21.738,
            "step": 1020000
            },
            {
            "epoch": 8.56,
            "learning_rate": 2.8607843301666093e-05,
            "loss": 0.0488,
            "step": 1020500
            },
            {
            "epoch": 8.56,
            "learning_rate": 2.8597362088193126e-05,
            "loss": 0.0489,
            "step": 1021000
            },
            {
            "epoch": 8.57,
            "learning_rate": 2.858688087472015e-05,
            "loss": 0.0491,
            "step": 1021500
            },
            {
            "epoch": 8.57,
            "learning_rate": 2.8576399661247184e-05,
            "loss": 0.0488,
            "step": 1022000
            },
            {
            "epoch": 8.57,
            "learning_rate": 2.856591844777421e-05,
            "loss": 0.049,
            "step": 1022500
            },
            {
            "epoch": 8.58,
            "learning_rate": 2.8555437234301242e-05,
            "loss": 0.049,
            "step": 1023000
            },
            {
            "epoch": 8.58,
            "learning_rate": 2.8544956020828267e-05,
            "loss": 0.049,
            "step": 1023500
            },
            {
            "epoch": 8.59,
            "learning_rate": 2.85344748073553e-05,
            "loss": 0.0489,
            "step": 1024000
            },
            {
            "epoch": 8.59,
            "learning_rate": 2.8523993593882325e-05,
            "loss": 0.049,
            "step": 1024500
            },
            {
            "epoch": 8.59,
            "learning_rate": 2.8513512380409358e-05,
            "loss": 0.0489,
            "step": 1025000
            },
            {
            "epoch": 8.6,
            "learning_rate": 2.8503031166936383e-05,
            "loss": 0.0489,
            "step": 1025500
            },
            {
            "epoch": 8.6,
            "learning_rate": 2.8492549953463416e-05,
            "loss": 0.0487,
            "step": 1026000
            },
            {
            "epoch": 8.61,
            "learning_rate": 2.848206873999044e-05,
            "loss": 0.049,
            "step": 1026500
            },
            {
            "epoch": 8.61,
            "learning_rate": 2.8471587526517474e-05,
            "loss": 0.0491,
            "step": 1027000
            },
            {
            "epoch": 8.62,
            "learning_rate": 2.84611063130445e-05,
            "loss": 0.0491,
            "step": 1027500
            },
            {
            "epoch": 8.62,
            "learning_rate": 2.8450625099571532e-05,
            "loss": 0.0493,
            "step": 1028000
            },
            {
            "epoch": 8.62,
            "learning_rate": 2.8440143886098557e-05,
            "loss": 0.049,
            "step": 1028500
            },
            {
            "epoch": 8.63,
            "learning_rate": 2.842966267262559e-05,
            "loss": 0.048,
            "step": 1029000
            },
            {
            "epoch": 8.63,
            "learning_rate": 2.8419181459152615e-05,
            "loss": 0.0492,
            "step": 1029500
            },
            {
            "epoch": 8.64,
            "learning_rate": 2.840870024567964e-05,
            "loss": 0.0486,
            "step": 1030000
            },
            {
            "epoch": 8.64,
            "learning_rate": 2.8398219032206673e-05,
            "loss": 0.0488,
            "step": 1030500
            },
            {
            "epoch": 8.64,
            "learning_rate": 2.83877378187337e-05,
            "loss": 0.0487,
            "step": 1031000
            },
            {
            "epoch": 8.65,
            "learning_rate": 2.837725660526073e-05,
            "loss": 0.0487,
            "step": 1031500
            },
            {
            "epoch": 8.65,
            "learning_rate": 2.836677539178776e-05,
            "loss": 0.0487,
            "step": 1032000
            },
            {
            "epoch": 8.66,
            "learning_rate": 2.835629417831479e-05,
            "loss": 0.0495,
            "step": 1032500
            },
            {
            "epoch": 8.66,
            "learning_rate": 2.834581296484182e-05,
            "loss": 0.0491,
            "step": 1033000
            },
            {
            "epoch": 8.67,
            "learning_rate": 2.8335331751368847e-05,
            "loss": 0.049,
            "step": 1033500
            },
            {
            "epoch": 8.67,
            "learning_rate": 2.8324850537895876e-05,
            "loss": 0.0489,
            "step": 1034000
            },
            {
            "epoch": 8.67,
            "learning_rate": 2.8314369324422905e-05,
            "loss": 0.0486,
            "step": 1034500
            },
            {
            "epoch": 8.68,
            "learning_rate": 2.8303888110949934e-05,
            "loss": 0.0491,
            "step": 1035000
            },
            {
            "epoch": 8.68,
            "learning_rate": 2.8293406897476963e-05,
            "loss": 0.0492,
            "step": 1035500
            },
            {
            "epoch": 8.69,
            "learning_rate": 2.8282925684003992e-05,
            "loss": 0.0487,
            "step": 1036000
            },
            {
            "epoch": 8.69,
            "learning_rate": 2.8272444470531025e-05,
            "loss": 0.0492,
            "step": 1036500
            },
            {
            "epoch": 8.7,
            "learning_rate": 2.826196325705805e-05,
            "loss": 0.0488,
            "step": 1037000
            },
            {
            "epoch": 8.7,
            "learning_rate": 2.8251482043585083e-05,
            "loss": 0.0487,
            "step": 1037500
            },
            {
            "epoch": 8.7,
            "learning_rate": 2.824100083011211e-05,
            "loss": 0.0491,
            "step": 1038000
            },
            {
            "epoch": 8.71,
            "learning_rate": 2.823051961663914e-05,
            "loss": 0.0488,
            "step": 1038500
            },
            {
            "epoch": 8.71,
            "learning_rate": 2.8220038403166166e-05,
            "loss": 0.0487,
            "step": 1039000
            },
            {
            "epoch": 8.72,
            "learning_rate": 2.82095571896932e-05,
            "loss": 0.0487,
            "step": 1039500
            },
            {
            "epoch": 8.72,
            "learning_rate": 2.8199075976220224e-05,
            "loss": 0.0493,
            "step": 1040000
            },
            {
            "epoch": 8.72,
            "eval_loss": 0.047910988330841064,
            "eval_runtime": 304.6707,
            "eval_samples_per_second": 1391.788,
            "eval_steps_per_second": 21.748,
            "step": 1040000
            },
            {
            "epoch": 8.72,
            "learning_rate": 2.8188594762747257e-05,
            "loss": 0.0491,
            "step": 1040500
            },
            {
            "epoch": 8.73,
            "learning_rate": 2.8178113549274282e-05,
            "loss": 0.0498,
            "step": 1041000
            },
            {
            "epoch": 8.73,
            "learning_rate": 2.8167632335801308e-05,
            "loss": 0.0489,
            "step": 1041500
            },
            {
            "epoch": 8.74,
            "learning_rate": 2.815715112232834e-05,
            "loss": 0.0485,
            "step": 1042000
            },
            {
            "epoch": 8.74,
            "learning_rate": 2.8146669908855366e-05,
            "loss": 0.0486,
            "step": 1042500
            },
            {
            "epoch": 8.75,
            "learning_rate": 2.81361886953824e-05,
            "loss": 0.0492,
            "step": 1043000
            },
            {
            "epoch": 8.75,
            "learning_rate": 2.8125707481909424e-05,
            "loss": 0.0486,
            "step": 1043500
            },
            {
            "epoch": 8.75,
            "learning_rate": 2.8115226268436456e-05,
            "loss": 0.0489,
            "step": 1044000
            },
            {
            "epoch": 8.76,
            "learning_rate": 2.8104745054963482e-05,
            "loss": 0.0491,
            "step": 1044500
            },
            {
            "epoch": 8.76,
            "learning_rate": 2.8094263841490514e-05,
            "loss": 0.0485,
            "step": 1045000
            },
            {
            "epoch": 8.77,
            "learning_rate": 2.808378262801754e-05,
            "loss": 0.049,
            "step": 1045500
            },
            {
            "epoch": 8.77,
            "learning_rate": 2.8073301414544572e-05,
            "loss": 0.0493,
            "step": 1046000
            },
            {
            "epoch": 8.77,
            "learning_rate": 2.8062820201071598e-05,
            "loss": 0.049,
            "step": 1046500
            },
            {
            "epoch": 8.78,
            "learning_rate": 2.805233898759863e-05,
            "loss": 0.0489,
            "step": 1047000
            },
            {
            "epoch": 8.78,
            "learning_rate": 2.8041857774125656e-05,
            "loss": 0.0488,
            "step": 1047500
            },
            {
            "epoch": 8.79,
            "learning_rate": 2.803137656065269e-05,
            "loss": 0.0485,
            "step": 1048000
            },
            {
            "epoch": 8.79,
            "learning_rate": 2.8020895347179714e-05,
            "loss": 0.0483,
            "step": 1048500
            },
            {
            "epoch": 8.8,
            "learning_rate": 2.8010414133706746e-05,
            "loss": 0.0491,
            "step": 1049000
            },
            {
            "epoch": 8.8,
            "learning_rate": 2.7999932920233772e-05,
            "loss": 0.0496,
            "step": 1049500
            },
            {
            "epoch": 8.8,
            "learning_rate": 2.7989451706760804e-05,
            "loss": 0.0495,
            "step": 1050000
            },
            {
            "epoch": 8.81,
            "learning_rate": 2.797897049328783e-05,
            "loss": 0.0485,
            "step": 1050500
            },
            {
            "epoch": 8.81,
            "learning_rate": 2.7968489279814862e-05,
            "loss": 0.0492,
            "step": 1051000
            },
            {
            "epoch": 8.82,
            "learning_rate": 2.795800806634189e-05,
            "loss": 0.0491,
            "step": 1051500
            },
            {
            "epoch": 8.82,
            "learning_rate": 2.794752685286892e-05,
            "loss": 0.0493,
            "step": 1052000
            },
            {
            "epoch": 8.83,
            "learning_rate": 2.793704563939595e-05,
            "loss": 0.0492,
            "step": 1052500
            },
            {
            "epoch": 8.83,
            "learning_rate": 2.792656442592298e-05,
            "loss": 0.0484,
            "step": 1053000
            },
            {
            "epoch": 8.83,
            "learning_rate": 2.7916083212450007e-05,
            "loss": 0.0485,
            "step": 1053500
            },
            {
            "epoch": 8.84,
            "learning_rate": 2.7905601998977033e-05,
            "loss": 0.0489,
            "step": 1054000
            },
            {
            "epoch": 8.84,
            "learning_rate": 2.7895120785504065e-05,
            "loss": 0.0484,
            "step": 1054500
            },
            {
            "epoch": 8.85,
            "learning_rate": 2.788463957203109e-05,
            "loss": 0.0491,
            "step": 1055000
            },
            {
            "epoch": 8.85,
            "learning_rate": 2.7874158358558123e-05,
            "loss": 0.0486,
            "step": 1055500
            },
            {
            "epoch": 8.85,
            "learning_rate": 2.786367714508515e-05,
            "loss": 0.0489,
            "step": 1056000
            },
            {
            "epoch": 8.86,
            "learning_rate": 2.785319593161218e-05,
            "loss": 0.0489,
            "step": 1056500
            },
            {
            "epoch": 8.86,
            "learning_rate": 2.7842714718139207e-05,
            "loss": 0.0486,
            "step": 1057000
            },
            {
            "epoch": 8.87,
            "learning_rate": 2.783223350466624e-05,
            "loss": 0.0487,
            "step": 1057500
            },
            {
            "epoch": 8.87,
            "learning_rate": 2.7821752291193265e-05,
            "loss": 0.0488,
            "step": 1058000
            },
            {
            "epoch": 8.88,
            "learning_rate": 2.7811271077720297e-05,
            "loss": 0.0492,
            "step": 1058500
            },
            {
            "epoch": 8.88,
            "learning_rate": 2.7800789864247323e-05,
            "loss": 0.0494,
            "step": 1059000
            },
            {
            "epoch": 8.88,
            "learning_rate": 2.7790308650774355e-05,
            "loss": 0.0492,
            "step": 1059500
            },
            {
            "epoch": 8.89,
            "learning_rate": 2.777982743730138e-05,
            "loss": 0.0491,
            "step": 1060000
            },
            {
            "epoch": 8.89,
            "eval_loss": 0.047863107174634933,
            "eval_runtime": 304.6796,
            "eval_samples_per_second": 1391.747,
            "eval_steps_per_second": 21.747,
            "step": 1060000
            },
            {
            "epoch": 8.89,
            "learning_rate": 2.7769346223828413e-05,
            "loss": 0.0492,
            "step": 1060500
            },
            {
            "epoch": 8.9,
            "learning_rate": 2.775886501035544e-05,
            "loss": 0.0489,
            "step": 1061000
            },
            {
            "epoch": 8.9,
            "learning_rate": 2.774838379688247e-05,
            "loss": 0.0489,
            "step": 1061500
            },
            {
            "epoch": 8.9,
            "learning_rate": 2.7737902583409497e-05,
            "loss": 0.0488,
            "step": 1062000
            },
            {
            "epoch": 8.91,
            "learning_rate": 2.772742136993653e-05,
            "loss": 0.0493,
            "step": 1062500
            },
            {
            "epoch": 8.91,
            "learning_rate": 2.7716940156463555e-05,
            "loss": 0.0487,
            "step": 1063000
            },
            {
            "epoch": 8.92,
            "learning_rate": 2.7706458942990587e-05,
            "loss": 0.0493,
            "step": 1063500
            },
            {
            "epoch": 8.92,
            "learning_rate": 2.7695977729517613e-05,
            "loss": 0.0498,
            "step": 1064000
            },
            {
            "epoch": 8.93,
            "learning_rate": 2.7685496516044645e-05,
            "loss": 0.0489,
            "step": 1064500
            },
            {
            "epoch": 8.93,
            "learning_rate": 2.767501530257167e-05,
            "loss": 0.0483,
            "step": 1065000
            },
            {
            "epoch": 8.93,
            "learning_rate": 2.7664534089098697e-05,
            "loss": 0.0493,
            "step": 1065500
            },
            {
            "epoch": 8.94,
            "learning_rate": 2.765405287562573e-05,
            "loss": 0.0491,
            "step": 1066000
            },
            {
            "epoch": 8.94,
            "learning_rate": 2.7643571662152758e-05,
            "loss": 0.0486,
            "step": 1066500
            },
            {
            "epoch": 8.95,
            "learning_rate": 2.7633090448679787e-05,
            "loss": 0.0486,
            "step": 1067000
            },
            {
            "epoch": 8.95,
            "learning_rate": 2.7622609235206816e-05,
            "loss": 0.0482,
            "step": 1067500
            },
            {
            "epoch": 8.96,
            "learning_rate": 2.7612128021733845e-05,
            "loss": 0.0493,
            "step": 1068000
            },
            {
            "epoch": 8.96,
            "learning_rate": 2.7601646808260874e-05,
            "loss": 0.0493,
            "step": 1068500
            },
            {
            "epoch": 8.96,
            "learning_rate": 2.7591165594787903e-05,
            "loss": 0.0484,
            "step": 1069000
            },
            {
            "epoch": 8.97,
            "learning_rate": 2.7580684381314932e-05,
            "loss": 0.0486,
            "step": 1069500
            },
            {
            "epoch": 8.97,
            "learning_rate": 2.757020316784196e-05,
            "loss": 0.0489,
            "step": 1070000
            },
            {
            "epoch": 8.98,
            "learning_rate": 2.755972195436899e-05,
            "loss": 0.0489,
            "step": 1070500
            },
            {
            "epoch": 8.98,
            "learning_rate": 2.7549240740896022e-05,
            "loss": 0.0487,
            "step": 1071000
            },
            {
            "epoch": 8.98,
            "learning_rate": 2.7538759527423048e-05,
            "loss": 0.0482,
            "step": 1071500
            },
            {
            "epoch": 8.99,
            "learning_rate": 2.752827831395008e-05,
            "loss": 0.0487,
            "step": 1072000
            },
            {
            "epoch": 8.99,
            "learning_rate": 2.7517797100477106e-05,
            "loss": 0.0489,
            "step": 1072500
            },
            {
            "epoch": 9.0,
            "learning_rate": 2.750731588700414e-05,
            "loss": 0.0482,
            "step": 1073000
            },
            {
            "epoch": 9.0,
            "learning_rate": 2.7496834673531164e-05,
            "loss": 0.0487,
            "step": 1073500
            },
            {
            "epoch": 9.01,
            "learning_rate": 2.7486353460058196e-05,
            "loss": 0.0481,
            "step": 1074000
            },
            {
            "epoch": 9.01,
            "learning_rate": 2.7475872246585222e-05,
            "loss": 0.0486,
            "step": 1074500
            },
            {
            "epoch": 9.01,
            "learning_rate": 2.7465391033112254e-05,
            "loss": 0.0487,
            "step": 1075000
            },
            {
            "epoch": 9.02,
            "learning_rate": 2.745490981963928e-05,
            "loss": 0.0482,
            "step": 1075500
            },
            {
            "epoch": 9.02,
            "learning_rate": 2.7444428606166312e-05,
            "loss": 0.0481,
            "step": 1076000
            },
            {
            "epoch": 9.03,
            "learning_rate": 2.7433947392693338e-05,
            "loss": 0.0484,
            "step": 1076500
            },
            {
            "epoch": 9.03,
            "learning_rate": 2.7423466179220364e-05,
            "loss": 0.0485,
            "step": 1077000
            },
            {
            "epoch": 9.03,
            "learning_rate": 2.7412984965747396e-05,
            "loss": 0.0481,
            "step": 1077500
            },
            {
            "epoch": 9.04,
            "learning_rate": 2.740250375227442e-05,
            "loss": 0.0482,
            "step": 1078000
            },
            {
            "epoch": 9.04,
            "learning_rate": 2.7392022538801454e-05,
            "loss": 0.0487,
            "step": 1078500
            },
            {
            "epoch": 9.05,
            "learning_rate": 2.738154132532848e-05,
            "loss": 0.0491,
            "step": 1079000
            },
            {
            "epoch": 9.05,
            "learning_rate": 2.7371060111855512e-05,
            "loss": 0.049,
            "step": 1079500
            },
            {
            "epoch": 9.06,
            "learning_rate": 2.7360578898382538e-05,
            "loss": 0.0479,
            "step": 1080000
            },
            {
            "epoch": 9.06,
            "eval_loss": 0.04781004786491394,
            "eval_runtime": 304.807,
            "eval_samples_per_second": 1391.165,
            "eval_steps_per_second": 21.738,
            "step": 1080000
            },
            {
            "epoch": 9.06,
            "learning_rate": 2.735009768490957e-05,
            "loss": 0.0479,
            "step": 1080500
            },
            {
            "epoch": 9.06,
            "learning_rate": 2.7339616471436596e-05,
            "loss": 0.0484,
            "step": 1081000
            },
            {
            "epoch": 9.07,
            "learning_rate": 2.7329135257963628e-05,
            "loss": 0.0488,
            "step": 1081500
            },
            {
            "epoch": 9.07,
            "learning_rate": 2.7318654044490654e-05,
            "loss": 0.0482,
            "step": 1082000
            },
            {
            "epoch": 9.08,
            "learning_rate": 2.7308172831017686e-05,
            "loss": 0.0489,
            "step": 1082500
            },
            {
            "epoch": 9.08,
            "learning_rate": 2.729769161754471e-05,
            "loss": 0.0485,
            "step": 1083000
            },
            {
            "epoch": 9.09,
            "learning_rate": 2.7287210404071744e-05,
            "loss": 0.0484,
            "step": 1083500
            },
            {
            "epoch": 9.09,
            "learning_rate": 2.727672919059877e-05,
            "loss": 0.0477,
            "step": 1084000
            },
            {
            "epoch": 9.09,
            "learning_rate": 2.7266247977125802e-05,
            "loss": 0.0488,
            "step": 1084500
            },
            {
            "epoch": 9.1,
            "learning_rate": 2.7255766763652828e-05,
            "loss": 0.0485,
            "step": 1085000
            },
            {
            "epoch": 9.1,
            "learning_rate": 2.724528555017986e-05,
            "loss": 0.0485,
            "step": 1085500
            },
            {
            "epoch": 9.11,
            "learning_rate": 2.7234804336706886e-05,
            "loss": 0.0488,
            "step": 1086000
            },
            {
            "epoch": 9.11,
            "learning_rate": 2.7224323123233918e-05,
            "loss": 0.0483,
            "step": 1086500
            },
            {
            "epoch": 9.11,
            "learning_rate": 2.7213841909760947e-05,
            "loss": 0.0487,
            "step": 1087000
            },
            {
            "epoch": 9.12,
            "learning_rate": 2.7203360696287976e-05,
            "loss": 0.0481,
            "step": 1087500
            },
            {
            "epoch": 9.12,
            "learning_rate": 2.7192879482815005e-05,
            "loss": 0.0484,
            "step": 1088000
            },
            {
            "epoch": 9.13,
            "learning_rate": 2.7182398269342034e-05,
            "loss": 0.0484,
            "step": 1088500
            },
            {
            "epoch": 9.13,
            "learning_rate": 2.7171917055869063e-05,
            "loss": 0.0489,
            "step": 1089000
            },
            {
            "epoch": 9.14,
            "learning_rate": 2.716143584239609e-05,
            "loss": 0.0485,
            "step": 1089500
            },
            {
            "epoch": 9.14,
            "learning_rate": 2.715095462892312e-05,
            "loss": 0.0486,
            "step": 1090000
            },
            {
            "epoch": 9.14,
            "learning_rate": 2.7140473415450147e-05,
            "loss": 0.048,
            "step": 1090500
            },
            {
            "epoch": 9.15,
            "learning_rate": 2.712999220197718e-05,
            "loss": 0.0479,
            "step": 1091000
            },
            {
            "epoch": 9.15,
            "learning_rate": 2.7119510988504205e-05,
            "loss": 0.0486,
            "step": 1091500
            },
            {
            "epoch": 9.16,
            "learning_rate": 2.7109029775031237e-05,
            "loss": 0.0488,
            "step": 1092000
            },
            {
            "epoch": 9.16,
            "learning_rate": 2.7098548561558263e-05,
            "loss": 0.0483,
            "step": 1092500
            },
            {
            "epoch": 9.16,
            "learning_rate": 2.7088067348085295e-05,
            "loss": 0.0486,
            "step": 1093000
            },
            {
            "epoch": 9.17,
            "learning_rate": 2.707758613461232e-05,
            "loss": 0.0482,
            "step": 1093500
            },
            {
            "epoch": 9.17,
            "learning_rate": 2.7067104921139353e-05,
            "loss": 0.0485,
            "step": 1094000
            },
            {
            "epoch": 9.18,
            "learning_rate": 2.705662370766638e-05,
            "loss": 0.0487,
            "step": 1094500
            },
            {
            "epoch": 9.18,
            "learning_rate": 2.704614249419341e-05,
            "loss": 0.0489,
            "step": 1095000
            },
            {
            "epoch": 9.19,
            "learning_rate": 2.7035661280720437e-05,
            "loss": 0.0487,
            "step": 1095500
            },
            {
            "epoch": 9.19,
            "learning_rate": 2.702518006724747e-05,
            "loss": 0.0486,
            "step": 1096000
            },
            {
            "epoch": 9.19,
            "learning_rate": 2.7014698853774495e-05,
            "loss": 0.0489,
            "step": 1096500
            },
            {
            "epoch": 9.2,
            "learning_rate": 2.7004217640301527e-05,
            "loss": 0.0482,
            "step": 1097000
            },
            {
            "epoch": 9.2,
            "learning_rate": 2.6993736426828553e-05,
            "loss": 0.0486,
            "step": 1097500
            },
            {
            "epoch": 9.21,
            "learning_rate": 2.6983255213355585e-05,
            "loss": 0.0487,
            "step": 1098000
            },
            {
            "epoch": 9.21,
            "learning_rate": 2.697277399988261e-05,
            "loss": 0.0482,
            "step": 1098500
            },
            {
            "epoch": 9.22,
            "learning_rate": 2.6962292786409643e-05,
            "loss": 0.0488,
            "step": 1099000
            },
            {
            "epoch": 9.22,
            "learning_rate": 2.695181157293667e-05,
            "loss": 0.0486,
            "step": 1099500
            },
            {
            "epoch": 9.22,
            "learning_rate": 2.69413303594637e-05,
            "loss": 0.0483,
            "step": 1100000
            },
            {
            "epoch": 9.22,
            "eval_loss": 0.04773864895105362,
            "eval_runtime": 304.6407,
            "eval_samples_per_second": 1391.925,
            "eval_steps_per_second": 21.75,
            "step": 1100000
            },
            {
            "epoch": 9.23,
            "learning_rate": 2.6930849145990727e-05,
            "loss": 0.0486,
            "step": 1100500
            },
            {
            "epoch": 9.23,
            "learning_rate": 2.6920367932517752e-05,
            "loss": 0.0483,
            "step": 1101000
            },
            {
            "epoch": 9.24,
            "learning_rate": 2.6909886719044785e-05,
            "loss": 0.0484,
            "step": 1101500
            },
            {
            "epoch": 9.24,
            "learning_rate": 2.6899405505571814e-05,
            "loss": 0.0485,
            "step": 1102000
            },
            {
            "epoch": 9.24,
            "learning_rate": 2.6888924292098843e-05,
            "loss": 0.0482,
            "step": 1102500
            },
            {
            "epoch": 9.25,
            "learning_rate": 2.687844307862587e-05,
            "loss": 0.0484,
            "step": 1103000
            },
            {
            "epoch": 9.25,
            "learning_rate": 2.68679618651529e-05,
            "loss": 0.049,
            "step": 1103500
            },
            {
            "epoch": 9.26,
            "learning_rate": 2.685748065167993e-05,
            "loss": 0.0484,
            "step": 1104000
            },
            {
            "epoch": 9.26,
            "learning_rate": 2.684699943820696e-05,
            "loss": 0.0485,
            "step": 1104500
            },
            {
            "epoch": 9.27,
            "learning_rate": 2.6836518224733988e-05,
            "loss": 0.0481,
            "step": 1105000
            },
            {
            "epoch": 9.27,
            "learning_rate": 2.6826037011261017e-05,
            "loss": 0.0488,
            "step": 1105500
            },
            {
            "epoch": 9.27,
            "learning_rate": 2.6815555797788046e-05,
            "loss": 0.0484,
            "step": 1106000
            },
            {
            "epoch": 9.28,
            "learning_rate": 2.6805074584315078e-05,
            "loss": 0.0482,
            "step": 1106500
            },
            {
            "epoch": 9.28,
            "learning_rate": 2.6794593370842104e-05,
            "loss": 0.0485,
            "step": 1107000
            },
            {
            "epoch": 9.29,
            "learning_rate": 2.6784112157369136e-05,
            "loss": 0.0483,
            "step": 1107500
            },
            {
            "epoch": 9.29,
            "learning_rate": 2.677363094389616e-05,
            "loss": 0.0483,
            "step": 1108000
            },
            {
            "epoch": 9.29,
            "learning_rate": 2.6763149730423194e-05,
            "loss": 0.0483,
            "step": 1108500
            },
            {
            "epoch": 9.3,
            "learning_rate": 2.675266851695022e-05,
            "loss": 0.0482,
            "step": 1109000
            },
            {
            "epoch": 9.3,
            "learning_rate": 2.6742187303477252e-05,
            "loss": 0.0484,
            "step": 1109500
            },
            {
            "epoch": 9.31,
            "learning_rate": 2.6731706090004278e-05,
            "loss": 0.0483,
            "step": 1110000
            },
            {
            "epoch": 9.31,
            "learning_rate": 2.672122487653131e-05,
            "loss": 0.0489,
            "step": 1110500
            },
            {
            "epoch": 9.32,
            "learning_rate": 2.6710743663058336e-05,
            "loss": 0.0483,
            "step": 1111000
            },
            {
            "epoch": 9.32,
            "learning_rate": 2.6700262449585368e-05,
            "loss": 0.0482,
            "step": 1111500
            },
            {
            "epoch": 9.32,
            "learning_rate": 2.6689781236112394e-05,
            "loss": 0.0481,
            "step": 1112000
            },
            {
            "epoch": 9.33,
            "learning_rate": 2.667930002263942e-05,
            "loss": 0.049,
            "step": 1112500
            },
            {
            "epoch": 9.33,
            "learning_rate": 2.666881880916645e-05,
            "loss": 0.0481,
            "step": 1113000
            },
            {
            "epoch": 9.34,
            "learning_rate": 2.6658337595693477e-05,
            "loss": 0.0481,
            "step": 1113500
            },
            {
            "epoch": 9.34,
            "learning_rate": 2.664785638222051e-05,
            "loss": 0.0485,
            "step": 1114000
            },
            {
            "epoch": 9.35,
            "learning_rate": 2.6637375168747535e-05,
            "loss": 0.0481,
            "step": 1114500
            },
            {
            "epoch": 9.35,
            "learning_rate": 2.6626893955274568e-05,
            "loss": 0.0484,
            "step": 1115000
            },
            {
            "epoch": 9.35,
            "learning_rate": 2.6616412741801593e-05,
            "loss": 0.0481,
            "step": 1115500
            },
            {
            "epoch": 9.36,
            "learning_rate": 2.6605931528328626e-05,
            "loss": 0.0491,
            "step": 1116000
            },
            {
            "epoch": 9.36,
            "learning_rate": 2.659545031485565e-05,
            "loss": 0.0488,
            "step": 1116500
            },
            {
            "epoch": 9.37,
            "learning_rate": 2.6584969101382684e-05,
            "loss": 0.0482,
            "step": 1117000
            },
            {
            "epoch": 9.37,
            "learning_rate": 2.657448788790971e-05,
            "loss": 0.049,
            "step": 1117500
            },
            {
            "epoch": 9.37,
            "learning_rate": 2.656400667443674e-05,
            "loss": 0.0482,
            "step": 1118000
            },
            {
            "epoch": 9.38,
            "learning_rate": 2.6553525460963767e-05,
            "loss": 0.0485,
            "step": 1118500
            },
            {
            "epoch": 9.38,
            "learning_rate": 2.65430442474908e-05,
            "loss": 0.0485,
            "step": 1119000
            },
            {
            "epoch": 9.39,
            "learning_rate": 2.6532563034017825e-05,
            "loss": 0.0483,
            "step": 1119500
            },
            {
            "epoch": 9.39,
            "learning_rate": 2.6522081820544858e-05,
            "loss": 0.0482,
            "step": 1120000
            },
            {
            "epoch": 9.39,
            "eval_loss": 0.047639038413763046,
            "eval_runtime": 304.8268,
            "eval_samples_per_second": 1391.075,
            "eval_steps_per_second": 21.737,
            "step": 1120000
            },
            {
            "epoch": 9.4,
            "learning_rate": 2.6511600607071883e-05,
            "loss": 0.0486,
            "step": 1120500
            },
            {
            "epoch": 9.4,
            "learning_rate": 2.6501119393598916e-05,
            "loss": 0.0485,
            "step": 1121000
            },
            {
            "epoch": 9.4,
            "learning_rate": 2.649063818012594e-05,
            "loss": 0.0483,
            "step": 1121500
            },
            {
            "epoch": 9.41,
            "learning_rate": 2.6480156966652974e-05,
            "loss": 0.0482,
            "step": 1122000
            },
            {
            "epoch": 9.41,
            "learning_rate": 2.6469675753180003e-05,
            "loss": 0.0485,
            "step": 1122500
            },
            {
            "epoch": 9.42,
            "learning_rate": 2.645919453970703e-05,
            "loss": 0.0483,
            "step": 1123000
            },
            {
            "epoch": 9.42,
            "learning_rate": 2.644871332623406e-05,
            "loss": 0.0479,
            "step": 1123500
            },
            {
            "epoch": 9.42,
            "learning_rate": 2.643823211276109e-05,
            "loss": 0.0486,
            "step": 1124000
            },
            {
            "epoch": 9.43,
            "learning_rate": 2.642775089928812e-05,
            "loss": 0.048,
            "step": 1124500
            },
            {
            "epoch": 9.43,
            "learning_rate": 2.6417269685815144e-05,
            "loss": 0.048,
            "step": 1125000
            },
            {
            "epoch": 9.44,
            "learning_rate": 2.6406788472342177e-05,
            "loss": 0.0488,
            "step": 1125500
            },
            {
            "epoch": 9.44,
            "learning_rate": 2.6396307258869202e-05,
            "loss": 0.0484,
            "step": 1126000
            },
            {
            "epoch": 9.45,
            "learning_rate": 2.6385826045396235e-05,
            "loss": 0.0481,
            "step": 1126500
            },
            {
            "epoch": 9.45,
            "learning_rate": 2.637534483192326e-05,
            "loss": 0.0483,
            "step": 1127000
            },
            {
            "epoch": 9.45,
            "learning_rate": 2.6364863618450293e-05,
            "loss": 0.0485,
            "step": 1127500
            },
            {
            "epoch": 9.46,
            "learning_rate": 2.6354382404977318e-05,
            "loss": 0.0481,
            "step": 1128000
            },
            {
            "epoch": 9.46,
            "learning_rate": 2.634390119150435e-05,
            "loss": 0.0489,
            "step": 1128500
            },
            {
            "epoch": 9.47,
            "learning_rate": 2.6333419978031376e-05,
            "loss": 0.049,
            "step": 1129000
            },
            {
            "epoch": 9.47,
            "learning_rate": 2.632293876455841e-05,
            "loss": 0.0484,
            "step": 1129500
            },
            {
            "epoch": 9.48,
            "learning_rate": 2.6312457551085434e-05,
            "loss": 0.0487,
            "step": 1130000
            },
            {
            "epoch": 9.48,
            "learning_rate": 2.6301976337612467e-05,
            "loss": 0.0484,
            "step": 1130500
            },
            {
            "epoch": 9.48,
            "learning_rate": 2.6291495124139492e-05,
            "loss": 0.0486,
            "step": 1131000
            },
            {
            "epoch": 9.49,
            "learning_rate": 2.6281013910666525e-05,
            "loss": 0.0483,
            "step": 1131500
            },
            {
            "epoch": 9.49,
            "learning_rate": 2.627053269719355e-05,
            "loss": 0.0486,
            "step": 1132000
            },
            {
            "epoch": 9.5,
            "learning_rate": 2.6260051483720583e-05,
            "loss": 0.0482,
            "step": 1132500
            },
            {
            "epoch": 9.5,
            "learning_rate": 2.6249570270247608e-05,
            "loss": 0.048,
            "step": 1133000
            },
            {
            "epoch": 9.5,
            "learning_rate": 2.623908905677464e-05,
            "loss": 0.0485,
            "step": 1133500
            },
            {
            "epoch": 9.51,
            "learning_rate": 2.6228607843301666e-05,
            "loss": 0.0489,
            "step": 1134000
            },
            {
            "epoch": 9.51,
            "learning_rate": 2.62181266298287e-05,
            "loss": 0.0486,
            "step": 1134500
            },
            {
            "epoch": 9.52,
            "learning_rate": 2.6207645416355724e-05,
            "loss": 0.049,
            "step": 1135000
            },
            {
            "epoch": 9.52,
            "learning_rate": 2.6197164202882757e-05,
            "loss": 0.0484,
            "step": 1135500
            },
            {
            "epoch": 9.53,
            "learning_rate": 2.6186682989409782e-05,
            "loss": 0.0474,
            "step": 1136000
            },
            {
            "epoch": 9.53,
            "learning_rate": 2.6176201775936808e-05,
            "loss": 0.0479,
            "step": 1136500
            },
            {
            "epoch": 9.53,
            "learning_rate": 2.616572056246384e-05,
            "loss": 0.0481,
            "step": 1137000
            },
            {
            "epoch": 9.54,
            "learning_rate": 2.615523934899087e-05,
            "loss": 0.0486,
            "step": 1137500
            },
            {
            "epoch": 9.54,
            "learning_rate": 2.6144758135517898e-05,
            "loss": 0.0486,
            "step": 1138000
            },
            {
            "epoch": 9.55,
            "learning_rate": 2.6134276922044927e-05,
            "loss": 0.0483,
            "step": 1138500
            },
            {
            "epoch": 9.55,
            "learning_rate": 2.6123795708571956e-05,
            "loss": 0.0484,
            "step": 1139000
            },
            {
            "epoch": 9.55,
            "learning_rate": 2.6113314495098985e-05,
            "loss": 0.0486,
            "step": 1139500
            },
            {
            "epoch": 9.56,
            "learning_rate": 2.6102833281626014e-05,
            "loss": 0.0485,
            "step": 1140000
            },
            {
            "epoch": 9.56,
            "eval_loss": 0.04751459136605263,
            "eval_runtime": 304.9037,
            "eval_samples_per_second": 1390.724,
            "eval_steps_per_second": 21.731,
            "step": 1140000
            },
            {
            "epoch": 9.56,
            "learning_rate": 2.6092352068153043e-05,
            "loss": 0.0482,
            "step": 1140500
            },
            {
            "epoch": 9.57,
            "learning_rate": 2.6081870854680072e-05,
            "loss": 0.0482,
            "step": 1141000
            },
            {
            "epoch": 9.57,
            "learning_rate": 2.60713896412071e-05,
            "loss": 0.049,
            "step": 1141500
            },
            {
            "epoch": 9.58,
            "learning_rate": 2.6060908427734134e-05,
            "loss": 0.0479,
            "step": 1142000
            },
            {
            "epoch": 9.58,
            "learning_rate": 2.605042721426116e-05,
            "loss": 0.0482,
            "step": 1142500
            },
            {
            "epoch": 9.58,
            "learning_rate": 2.603994600078819e-05,
            "loss": 0.0483,
            "step": 1143000
            },
            {
            "epoch": 9.59,
            "learning_rate": 2.6029464787315217e-05,
            "loss": 0.0485,
            "step": 1143500
            },
            {
            "epoch": 9.59,
            "learning_rate": 2.601898357384225e-05,
            "loss": 0.0481,
            "step": 1144000
            },
            {
            "epoch": 9.6,
            "learning_rate": 2.6008502360369275e-05,
            "loss": 0.0478,
            "step": 1144500
            },
            {
            "epoch": 9.6,
            "learning_rate": 2.5998021146896308e-05,
            "loss": 0.0488,
            "step": 1145000
            },
            {
            "epoch": 9.6,
            "learning_rate": 2.5987539933423333e-05,
            "loss": 0.0484,
            "step": 1145500
            },
            {
            "epoch": 9.61,
            "learning_rate": 2.5977058719950366e-05,
            "loss": 0.048,
            "step": 1146000
            },
            {
            "epoch": 9.61,
            "learning_rate": 2.596657750647739e-05,
            "loss": 0.0484,
            "step": 1146500
            },
            {
            "epoch": 9.62,
            "learning_rate": 2.5956096293004424e-05,
            "loss": 0.0479,
            "step": 1147000
            },
            {
            "epoch": 9.62,
            "learning_rate": 2.594561507953145e-05,
            "loss": 0.0481,
            "step": 1147500
            },
            {
            "epoch": 9.63,
            "learning_rate": 2.5935133866058475e-05,
            "loss": 0.0486,
            "step": 1148000
            },
            {
            "epoch": 9.63,
            "learning_rate": 2.5924652652585507e-05,
            "loss": 0.0483,
            "step": 1148500
            },
            {
            "epoch": 9.63,
            "learning_rate": 2.5914171439112533e-05,
            "loss": 0.0482,
            "step": 1149000
            },
            {
            "epoch": 9.64,
            "learning_rate": 2.5903690225639565e-05,
            "loss": 0.0484,
            "step": 1149500
            },
            {
            "epoch": 9.64,
            "learning_rate": 2.589320901216659e-05,
            "loss": 0.0483,
            "step": 1150000
            },
            {
            "epoch": 9.65,
            "learning_rate": 2.5882727798693623e-05,
            "loss": 0.0486,
            "step": 1150500
            },
            {
            "epoch": 9.65,
            "learning_rate": 2.587224658522065e-05,
            "loss": 0.0483,
            "step": 1151000
            },
            {
            "epoch": 9.66,
            "learning_rate": 2.586176537174768e-05,
            "loss": 0.0486,
            "step": 1151500
            },
            {
            "epoch": 9.66,
            "learning_rate": 2.5851284158274707e-05,
            "loss": 0.0478,
            "step": 1152000
            },
            {
            "epoch": 9.66,
            "learning_rate": 2.584080294480174e-05,
            "loss": 0.0479,
            "step": 1152500
            },
            {
            "epoch": 9.67,
            "learning_rate": 2.5830321731328765e-05,
            "loss": 0.0489,
            "step": 1153000
            },
            {
            "epoch": 9.67,
            "learning_rate": 2.5819840517855797e-05,
            "loss": 0.0482,
            "step": 1153500
            },
            {
            "epoch": 9.68,
            "learning_rate": 2.5809359304382823e-05,
            "loss": 0.0479,
            "step": 1154000
            },
            {
            "epoch": 9.68,
            "learning_rate": 2.5798878090909855e-05,
            "loss": 0.0486,
            "step": 1154500
            },
            {
            "epoch": 9.68,
            "learning_rate": 2.578839687743688e-05,
            "loss": 0.0486,
            "step": 1155000
            },
            {
            "epoch": 9.69,
            "learning_rate": 2.5777915663963913e-05,
            "loss": 0.0486,
            "step": 1155500
            },
            {
            "epoch": 9.69,
            "learning_rate": 2.576743445049094e-05,
            "loss": 0.0482,
            "step": 1156000
            },
            {
            "epoch": 9.7,
            "learning_rate": 2.575695323701797e-05,
            "loss": 0.0482,
            "step": 1156500
            },
            {
            "epoch": 9.7,
            "learning_rate": 2.5746472023545e-05,
            "loss": 0.0481,
            "step": 1157000
            },
            {
            "epoch": 9.71,
            "learning_rate": 2.573599081007203e-05,
            "loss": 0.048,
            "step": 1157500
            },
            {
            "epoch": 9.71,
            "learning_rate": 2.5725509596599058e-05,
            "loss": 0.0482,
            "step": 1158000
            },
            {
            "epoch": 9.71,
            "learning_rate": 2.5715028383126087e-05,
            "loss": 0.0485,
            "step": 1158500
            },
            {
            "epoch": 9.72,
            "learning_rate": 2.5704547169653116e-05,
            "loss": 0.0483,
            "step": 1159000
            },
            {
            "epoch": 9.72,
            "learning_rate": 2.5694065956180145e-05,
            "loss": 0.0485,
            "step": 1159500
            },
            {
            "epoch": 9.73,
            "learning_rate": 2.5683584742707174e-05,
            "loss": 0.0476,
            "step": 1160000
            },
            {
            "epoch": 9.73,
            "eval_loss": 0.047346506267786026,
            "eval_runtime": 305.0044,
            "eval_samples_per_second": 1390.265,
            "eval_steps_per_second": 21.724,
            "step": 1160000
            },
            {
            "epoch": 9.73,
            "learning_rate": 2.56731035292342e-05,
            "loss": 0.049,
            "step": 1160500
            },
            {
            "epoch": 9.73,
            "learning_rate": 2.5662622315761232e-05,
            "loss": 0.0487,
            "step": 1161000
            },
            {
            "epoch": 9.74,
            "learning_rate": 2.5652141102288258e-05,
            "loss": 0.0486,
            "step": 1161500
            },
            {
            "epoch": 9.74,
            "learning_rate": 2.564165988881529e-05,
            "loss": 0.0484,
            "step": 1162000
            },
            {
            "epoch": 9.75,
            "learning_rate": 2.5631178675342316e-05,
            "loss": 0.0489,
            "step": 1162500
            },
            {
            "epoch": 9.75,
            "learning_rate": 2.5620697461869348e-05,
            "loss": 0.0478,
            "step": 1163000
            },
            {
            "epoch": 9.76,
            "learning_rate": 2.5610216248396374e-05,
            "loss": 0.048,
            "step": 1163500
            },
            {
            "epoch": 9.76,
            "learning_rate": 2.5599735034923406e-05,
            "loss": 0.0489,
            "step": 1164000
            },
            {
            "epoch": 9.76,
            "learning_rate": 2.5589253821450432e-05,
            "loss": 0.0483,
            "step": 1164500
            },
            {
            "epoch": 9.77,
            "learning_rate": 2.5578772607977464e-05,
            "loss": 0.048,
            "step": 1165000
            },
            {
            "epoch": 9.77,
            "learning_rate": 2.556829139450449e-05,
            "loss": 0.0484,
            "step": 1165500
            },
            {
            "epoch": 9.78,
            "learning_rate": 2.5557810181031522e-05,
            "loss": 0.0479,
            "step": 1166000
            },
            {
            "epoch": 9.78,
            "learning_rate": 2.5547328967558548e-05,
            "loss": 0.0484,
            "step": 1166500
            },
            {
            "epoch": 9.79,
            "learning_rate": 2.553684775408558e-05,
            "loss": 0.0487,
            "step": 1167000
            },
            {
            "epoch": 9.79,
            "learning_rate": 2.5526366540612606e-05,
            "loss": 0.0476,
            "step": 1167500
            },
            {
            "epoch": 9.79,
            "learning_rate": 2.5515885327139638e-05,
            "loss": 0.0485,
            "step": 1168000
            },
            {
            "epoch": 9.8,
            "learning_rate": 2.5505404113666664e-05,
            "loss": 0.0484,
            "step": 1168500
            },
            {
            "epoch": 9.8,
            "learning_rate": 2.5494922900193696e-05,
            "loss": 0.0484,
            "step": 1169000
            },
            {
            "epoch": 9.81,
            "learning_rate": 2.5484441686720722e-05,
            "loss": 0.0481,
            "step": 1169500
            },
            {
            "epoch": 9.81,
            "learning_rate": 2.5473960473247754e-05,
            "loss": 0.0482,
            "step": 1170000
            },
            {
            "epoch": 9.81,
            "learning_rate": 2.546347925977478e-05,
            "loss": 0.0482,
            "step": 1170500
            },
            {
            "epoch": 9.82,
            "learning_rate": 2.5452998046301812e-05,
            "loss": 0.0481,
            "step": 1171000
            },
            {
            "epoch": 9.82,
            "learning_rate": 2.5442516832828838e-05,
            "loss": 0.048,
            "step": 1171500
            },
            {
            "epoch": 9.83,
            "learning_rate": 2.5432035619355863e-05,
            "loss": 0.0485,
            "step": 1172000
            },
            {
            "epoch": 9.83,
            "learning_rate": 2.5421554405882896e-05,
            "loss": 0.0485,
            "step": 1172500
            },
            {
            "epoch": 9.84,
            "learning_rate": 2.5411073192409925e-05,
            "loss": 0.0485,
            "step": 1173000
            },
            {
            "epoch": 9.84,
            "learning_rate": 2.5400591978936954e-05,
            "loss": 0.0483,
            "step": 1173500
            },
            {
            "epoch": 9.84,
            "learning_rate": 2.5390110765463983e-05,
            "loss": 0.0481,
            "step": 1174000
            },
            {
            "epoch": 9.85,
            "learning_rate": 2.5379629551991012e-05,
            "loss": 0.0483,
            "step": 1174500
            },
            {
            "epoch": 9.85,
            "learning_rate": 2.536914833851804e-05,
            "loss": 0.0485,
            "step": 1175000
            },
            {
            "epoch": 9.86,
            "learning_rate": 2.535866712504507e-05,
            "loss": 0.0479,
            "step": 1175500
            },
            {
            "epoch": 9.86,
            "learning_rate": 2.53481859115721e-05,
            "loss": 0.0478,
            "step": 1176000
            },
            {
            "epoch": 9.86,
            "learning_rate": 2.5337704698099128e-05,
            "loss": 0.0483,
            "step": 1176500
            },
            {
            "epoch": 9.87,
            "learning_rate": 2.5327223484626157e-05,
            "loss": 0.0489,
            "step": 1177000
            },
            {
            "epoch": 9.87,
            "learning_rate": 2.531674227115319e-05,
            "loss": 0.0483,
            "step": 1177500
            },
            {
            "epoch": 9.88,
            "learning_rate": 2.5306261057680215e-05,
            "loss": 0.0484,
            "step": 1178000
            },
            {
            "epoch": 9.88,
            "learning_rate": 2.5295779844207247e-05,
            "loss": 0.0485,
            "step": 1178500
            },
            {
            "epoch": 9.89,
            "learning_rate": 2.5285298630734273e-05,
            "loss": 0.0485,
            "step": 1179000
            },
            {
            "epoch": 9.89,
            "learning_rate": 2.5274817417261305e-05,
            "loss": 0.0483,
            "step": 1179500
            },
            {
            "epoch": 9.89,
            "learning_rate": 2.526433620378833e-05,
            "loss": 0.0484,
            "step": 1180000
            },
            {
            "epoch": 9.89,
            "eval_loss": 0.04745563492178917,
            "eval_runtime": 304.9813,
            "eval_samples_per_second": 1390.371,
            "eval_steps_per_second": 21.726,
            "step": 1180000
            },
            {
            "epoch": 9.9,
            "learning_rate": 2.5253854990315363e-05,
            "loss": 0.0478,
            "step": 1180500
            },
            {
            "epoch": 9.9,
            "learning_rate": 2.524337377684239e-05,
            "loss": 0.0484,
            "step": 1181000
            },
            {
            "epoch": 9.91,
            "learning_rate": 2.523289256336942e-05,
            "loss": 0.0482,
            "step": 1181500
            },
            {
            "epoch": 9.91,
            "learning_rate": 2.5222411349896447e-05,
            "loss": 0.0487,
            "step": 1182000
            },
            {
            "epoch": 9.92,
            "learning_rate": 2.521193013642348e-05,
            "loss": 0.0483,
            "step": 1182500
            },
            {
            "epoch": 9.92,
            "learning_rate": 2.5201448922950505e-05,
            "loss": 0.0485,
            "step": 1183000
            },
            {
            "epoch": 9.92,
            "learning_rate": 2.519096770947753e-05,
            "loss": 0.0483,
            "step": 1183500
            },
            {
            "epoch": 9.93,
            "learning_rate": 2.5180486496004563e-05,
            "loss": 0.0487,
            "step": 1184000
            },
            {
            "epoch": 9.93,
            "learning_rate": 2.517000528253159e-05,
            "loss": 0.0479,
            "step": 1184500
            },
            {
            "epoch": 9.94,
            "learning_rate": 2.515952406905862e-05,
            "loss": 0.0482,
            "step": 1185000
            },
            {
            "epoch": 9.94,
            "learning_rate": 2.5149042855585646e-05,
            "loss": 0.0484,
            "step": 1185500
            },
            {
            "epoch": 9.94,
            "learning_rate": 2.513856164211268e-05,
            "loss": 0.0482,
            "step": 1186000
            },
            {
            "epoch": 9.95,
            "learning_rate": 2.5128080428639704e-05,
            "loss": 0.048,
            "step": 1186500
            },
            {
            "epoch": 9.95,
            "learning_rate": 2.5117599215166737e-05,
            "loss": 0.048,
            "step": 1187000
            },
            {
            "epoch": 9.96,
            "learning_rate": 2.5107118001693762e-05,
            "loss": 0.0483,
            "step": 1187500
            },
            {
            "epoch": 9.96,
            "learning_rate": 2.5096636788220795e-05,
            "loss": 0.0479,
            "step": 1188000
            },
            {
            "epoch": 9.97,
            "learning_rate": 2.508615557474782e-05,
            "loss": 0.0483,
            "step": 1188500
            },
            {
            "epoch": 9.97,
            "learning_rate": 2.5075674361274853e-05,
            "loss": 0.0481,
            "step": 1189000
            },
            {
            "epoch": 9.97,
            "learning_rate": 2.506519314780188e-05,
            "loss": 0.0483,
            "step": 1189500
            },
            {
            "epoch": 9.98,
            "learning_rate": 2.505471193432891e-05,
            "loss": 0.0485,
            "step": 1190000
            },
            {
            "epoch": 9.98,
            "learning_rate": 2.5044230720855936e-05,
            "loss": 0.0482,
            "step": 1190500
            },
            {
            "epoch": 9.99,
            "learning_rate": 2.503374950738297e-05,
            "loss": 0.0486,
            "step": 1191000
            },
            {
            "epoch": 9.99,
            "learning_rate": 2.5023268293909994e-05,
            "loss": 0.048,
            "step": 1191500
            },
            {
            "epoch": 9.99,
            "learning_rate": 2.5012787080437027e-05,
            "loss": 0.0481,
            "step": 1192000
            },
            {
            "epoch": 10.0,
            "learning_rate": 2.5002305866964056e-05,
            "loss": 0.0486,
            "step": 1192500
            },
            {
            "epoch": 10.0,
            "learning_rate": 2.4991824653491085e-05,
            "loss": 0.0474,
            "step": 1193000
            },
            {
            "epoch": 10.01,
            "learning_rate": 2.4981343440018114e-05,
            "loss": 0.0479,
            "step": 1193500
            },
            {
            "epoch": 10.01,
            "learning_rate": 2.4970862226545143e-05,
            "loss": 0.0478,
            "step": 1194000
            },
            {
            "epoch": 10.02,
            "learning_rate": 2.4960381013072172e-05,
            "loss": 0.0477,
            "step": 1194500
            },
            {
            "epoch": 10.02,
            "learning_rate": 2.49498997995992e-05,
            "loss": 0.0475,
            "step": 1195000
            },
            {
            "epoch": 10.02,
            "learning_rate": 2.493941858612623e-05,
            "loss": 0.0482,
            "step": 1195500
            },
            {
            "epoch": 10.03,
            "learning_rate": 2.492893737265326e-05,
            "loss": 0.0476,
            "step": 1196000
            },
            {
            "epoch": 10.03,
            "learning_rate": 2.4918456159180288e-05,
            "loss": 0.0483,
            "step": 1196500
            },
            {
            "epoch": 10.04,
            "learning_rate": 2.4907974945707317e-05,
            "loss": 0.0477,
            "step": 1197000
            },
            {
            "epoch": 10.04,
            "learning_rate": 2.4897493732234346e-05,
            "loss": 0.0475,
            "step": 1197500
            },
            {
            "epoch": 10.05,
            "learning_rate": 2.4887012518761375e-05,
            "loss": 0.0477,
            "step": 1198000
            },
            {
            "epoch": 10.05,
            "learning_rate": 2.4876531305288404e-05,
            "loss": 0.0473,
            "step": 1198500
            },
            {
            "epoch": 10.05,
            "learning_rate": 2.4866050091815433e-05,
            "loss": 0.0474,
            "step": 1199000
            },
            {
            "epoch": 10.06,
            "learning_rate": 2.4855568878342462e-05,
            "loss": 0.0481,
            "step": 1199500
            },
            {
            "epoch": 10.06,
            "learning_rate": 2.484508766486949e-05,
            "loss": 0.0478,
            "step": 1200000
            },
            {
            "epoch": 10.06,
            "eval_loss": 0.04723404347896576,
            "eval_runtime": 304.7305,
            "eval_samples_per_second": 1391.515,
            "eval_steps_per_second": 21.744,
            "step": 1200000
            },
            {
            "epoch": 10.07,
            "learning_rate": 2.483460645139652e-05,
            "loss": 0.0476,
            "step": 1200500
            },
            {
            "epoch": 10.07,
            "learning_rate": 2.482412523792355e-05,
            "loss": 0.0481,
            "step": 1201000
            },
            {
            "epoch": 10.07,
            "learning_rate": 2.4813644024450574e-05,
            "loss": 0.0484,
            "step": 1201500
            },
            {
            "epoch": 10.08,
            "learning_rate": 2.4803162810977603e-05,
            "loss": 0.0477,
            "step": 1202000
            },
            {
            "epoch": 10.08,
            "learning_rate": 2.4792681597504632e-05,
            "loss": 0.0476,
            "step": 1202500
            },
            {
            "epoch": 10.09,
            "learning_rate": 2.478220038403166e-05,
            "loss": 0.0485,
            "step": 1203000
            },
            {
            "epoch": 10.09,
            "learning_rate": 2.477171917055869e-05,
            "loss": 0.0478,
            "step": 1203500
            },
            {
            "epoch": 10.1,
            "learning_rate": 2.476123795708572e-05,
            "loss": 0.0483,
            "step": 1204000
            },
            {
            "epoch": 10.1,
            "learning_rate": 2.475075674361275e-05,
            "loss": 0.0477,
            "step": 1204500
            },
            {
            "epoch": 10.1,
            "learning_rate": 2.4740275530139777e-05,
            "loss": 0.0478,
            "step": 1205000
            },
            {
            "epoch": 10.11,
            "learning_rate": 2.4729794316666806e-05,
            "loss": 0.0477,
            "step": 1205500
            },
            {
            "epoch": 10.11,
            "learning_rate": 2.4719313103193835e-05,
            "loss": 0.0478,
            "step": 1206000
            },
            {
            "epoch": 10.12,
            "learning_rate": 2.4708831889720864e-05,
            "loss": 0.048,
            "step": 1206500
            },
            {
            "epoch": 10.12,
            "learning_rate": 2.4698350676247893e-05,
            "loss": 0.0483,
            "step": 1207000
            },
            {
            "epoch": 10.12,
            "learning_rate": 2.4687869462774922e-05,
            "loss": 0.0474,
            "step": 1207500
            },
            {
            "epoch": 10.13,
            "learning_rate": 2.467738824930195e-05,
            "loss": 0.048,
            "step": 1208000
            },
            {
            "epoch": 10.13,
            "learning_rate": 2.466690703582898e-05,
            "loss": 0.0478,
            "step": 1208500
            },
            {
            "epoch": 10.14,
            "learning_rate": 2.465642582235601e-05,
            "loss": 0.0478,
            "step": 1209000
            },
            {
            "epoch": 10.14,
            "learning_rate": 2.464594460888304e-05,
            "loss": 0.0481,
            "step": 1209500
            },
            {
            "epoch": 10.15,
            "learning_rate": 2.4635463395410067e-05,
            "loss": 0.0477,
            "step": 1210000
            },
            {
            "epoch": 10.15,
            "learning_rate": 2.4624982181937096e-05,
            "loss": 0.0478,
            "step": 1210500
            },
            {
            "epoch": 10.15,
            "learning_rate": 2.4614500968464125e-05,
            "loss": 0.0476,
            "step": 1211000
            },
            {
            "epoch": 10.16,
            "learning_rate": 2.4604019754991154e-05,
            "loss": 0.0473,
            "step": 1211500
            },
            {
            "epoch": 10.16,
            "learning_rate": 2.4593538541518187e-05,
            "loss": 0.0485,
            "step": 1212000
            },
            {
            "epoch": 10.17,
            "learning_rate": 2.4583057328045216e-05,
            "loss": 0.048,
            "step": 1212500
            },
            {
            "epoch": 10.17,
            "learning_rate": 2.457257611457224e-05,
            "loss": 0.0485,
            "step": 1213000
            },
            {
            "epoch": 10.18,
            "learning_rate": 2.456209490109927e-05,
            "loss": 0.0473,
            "step": 1213500
            },
            {
            "epoch": 10.18,
            "learning_rate": 2.45516136876263e-05,
            "loss": 0.0476,
            "step": 1214000
            },
            {
            "epoch": 10.18,
            "learning_rate": 2.454113247415333e-05,
            "loss": 0.0477,
            "step": 1214500
            },
            {
            "epoch": 10.19,
            "learning_rate": 2.4530651260680357e-05,
            "loss": 0.0478,
            "step": 1215000
            },
            {
            "epoch": 10.19,
            "learning_rate": 2.4520170047207386e-05,
            "loss": 0.048,
            "step": 1215500
            },
            {
            "epoch": 10.2,
            "learning_rate": 2.4509688833734415e-05,
            "loss": 0.0478,
            "step": 1216000
            },
            {
            "epoch": 10.2,
            "learning_rate": 2.4499207620261444e-05,
            "loss": 0.0474,
            "step": 1216500
            },
            {
            "epoch": 10.2,
            "learning_rate": 2.4488726406788473e-05,
            "loss": 0.0482,
            "step": 1217000
            },
            {
            "epoch": 10.21,
            "learning_rate": 2.4478245193315502e-05,
            "loss": 0.048,
            "step": 1217500
            },
            {
            "epoch": 10.21,
            "learning_rate": 2.446776397984253e-05,
            "loss": 0.0481,
            "step": 1218000
            },
            {
            "epoch": 10.22,
            "learning_rate": 2.445728276636956e-05,
            "loss": 0.0474,
            "step": 1218500
            },
            {
            "epoch": 10.22,
            "learning_rate": 2.444680155289659e-05,
            "loss": 0.0475,
            "step": 1219000
            },
            {
            "epoch": 10.23,
            "learning_rate": 2.443632033942362e-05,
            "loss": 0.0476,
            "step": 1219500
            },
            {
            "epoch": 10.23,
            "learning_rate": 2.4425839125950647e-05,
            "loss": 0.0479,
            "step": 1220000
            },
            {
            "epoch": 10.23,
            "eval_loss": 0.04719052091240883,
            "eval_runtime": 304.8857,
            "eval_samples_per_second": 1390.806,
            "eval_steps_per_second": 21.733,
            "step": 1220000
            },
            {
            "epoch": 10.23,
            "learning_rate": 2.4415357912477676e-05,
            "loss": 0.0478,
            "step": 1220500
            },
            {
            "epoch": 10.24,
            "learning_rate": 2.4404876699004705e-05,
            "loss": 0.048,
            "step": 1221000
            },
            {
            "epoch": 10.24,
            "learning_rate": 2.4394395485531734e-05,
            "loss": 0.0479,
            "step": 1221500
            },
            {
            "epoch": 10.25,
            "learning_rate": 2.4383914272058763e-05,
            "loss": 0.0483,
            "step": 1222000
            },
            {
            "epoch": 10.25,
            "learning_rate": 2.4373433058585792e-05,
            "loss": 0.0476,
            "step": 1222500
            },
            {
            "epoch": 10.25,
            "learning_rate": 2.436295184511282e-05,
            "loss": 0.048,
            "step": 1223000
            },
            {
            "epoch": 10.26,
            "learning_rate": 2.435247063163985e-05,
            "loss": 0.0477,
            "step": 1223500
            },
            {
            "epoch": 10.26,
            "learning_rate": 2.434198941816688e-05,
            "loss": 0.0473,
            "step": 1224000
            },
            {
            "epoch": 10.27,
            "learning_rate": 2.433150820469391e-05,
            "loss": 0.0474,
            "step": 1224500
            },
            {
            "epoch": 10.27,
            "learning_rate": 2.4321026991220934e-05,
            "loss": 0.0471,
            "step": 1225000
            },
            {
            "epoch": 10.28,
            "learning_rate": 2.4310545777747963e-05,
            "loss": 0.0478,
            "step": 1225500
            },
            {
            "epoch": 10.28,
            "learning_rate": 2.4300064564274992e-05,
            "loss": 0.0484,
            "step": 1226000
            },
            {
            "epoch": 10.28,
            "learning_rate": 2.428958335080202e-05,
            "loss": 0.0475,
            "step": 1226500
            },
            {
            "epoch": 10.29,
            "learning_rate": 2.427910213732905e-05,
            "loss": 0.0477,
            "step": 1227000
            },
            {
            "epoch": 10.29,
            "learning_rate": 2.4268620923856082e-05,
            "loss": 0.0487,
            "step": 1227500
            },
            {
            "epoch": 10.3,
            "learning_rate": 2.425813971038311e-05,
            "loss": 0.048,
            "step": 1228000
            },
            {
            "epoch": 10.3,
            "learning_rate": 2.424765849691014e-05,
            "loss": 0.048,
            "step": 1228500
            },
            {
            "epoch": 10.31,
            "learning_rate": 2.423717728343717e-05,
            "loss": 0.048,
            "step": 1229000
            },
            {
            "epoch": 10.31,
            "learning_rate": 2.42266960699642e-05,
            "loss": 0.0482,
            "step": 1229500
            },
            {
            "epoch": 10.31,
            "learning_rate": 2.4216214856491227e-05,
            "loss": 0.048,
            "step": 1230000
            },
            {
            "epoch": 10.32,
            "learning_rate": 2.4205733643018256e-05,
            "loss": 0.0473,
            "step": 1230500
            },
            {
            "epoch": 10.32,
            "learning_rate": 2.4195252429545285e-05,
            "loss": 0.0478,
            "step": 1231000
            },
            {
            "epoch": 10.33,
            "learning_rate": 2.4184771216072314e-05,
            "loss": 0.0478,
            "step": 1231500
            },
            {
            "epoch": 10.33,
            "learning_rate": 2.4174290002599343e-05,
            "loss": 0.0477,
            "step": 1232000
            },
            {
            "epoch": 10.33,
            "learning_rate": 2.4163808789126372e-05,
            "loss": 0.0479,
            "step": 1232500
            },
            {
            "epoch": 10.34,
            "learning_rate": 2.41533275756534e-05,
            "loss": 0.0478,
            "step": 1233000
            },
            {
            "epoch": 10.34,
            "learning_rate": 2.414284636218043e-05,
            "loss": 0.0475,
            "step": 1233500
            },
            {
            "epoch": 10.35,
            "learning_rate": 2.413236514870746e-05,
            "loss": 0.048,
            "step": 1234000
            },
            {
            "epoch": 10.35,
            "learning_rate": 2.412188393523449e-05,
            "loss": 0.0479,
            "step": 1234500
            },
            {
            "epoch": 10.36,
            "learning_rate": 2.4111402721761517e-05,
            "loss": 0.0478,
            "step": 1235000
            },
            {
            "epoch": 10.36,
            "learning_rate": 2.4100921508288546e-05,
            "loss": 0.0472,
            "step": 1235500
            },
            {
            "epoch": 10.36,
            "learning_rate": 2.4090440294815575e-05,
            "loss": 0.0474,
            "step": 1236000
            },
            {
            "epoch": 10.37,
            "learning_rate": 2.4079959081342604e-05,
            "loss": 0.0476,
            "step": 1236500
            },
            {
            "epoch": 10.37,
            "learning_rate": 2.406947786786963e-05,
            "loss": 0.0485,
            "step": 1237000
            },
            {
            "epoch": 10.38,
            "learning_rate": 2.405899665439666e-05,
            "loss": 0.048,
            "step": 1237500
            },
            {
            "epoch": 10.38,
            "learning_rate": 2.4048515440923688e-05,
            "loss": 0.0476,
            "step": 1238000
            },
            {
            "epoch": 10.38,
            "learning_rate": 2.4038034227450717e-05,
            "loss": 0.0475,
            "step": 1238500
            },
            {
            "epoch": 10.39,
            "learning_rate": 2.4027553013977746e-05,
            "loss": 0.0476,
            "step": 1239000
            },
            {
            "epoch": 10.39,
            "learning_rate": 2.4017071800504775e-05,
            "loss": 0.0477,
            "step": 1239500
            },
            {
            "epoch": 10.4,
            "learning_rate": 2.4006590587031804e-05,
            "loss": 0.0477,
            "step": 1240000
            },
            {
            "epoch": 10.4,
            "eval_loss": 0.04714583978056908,
            "eval_runtime": 304.7895,
            "eval_samples_per_second": 1391.245,
            "eval_steps_per_second": 21.74,
            "step": 1240000
            },
            {
            "epoch": 10.4,
            "learning_rate": 2.3996109373558833e-05,
            "loss": 0.0479,
            "step": 1240500
            },
            {
            "epoch": 10.41,
            "learning_rate": 2.3985628160085862e-05,
            "loss": 0.0477,
            "step": 1241000
            },
            {
            "epoch": 10.41,
            "learning_rate": 2.397514694661289e-05,
            "loss": 0.0479,
            "step": 1241500
            },
            {
            "epoch": 10.41,
            "learning_rate": 2.396466573313992e-05,
            "loss": 0.0478,
            "step": 1242000
            },
            {
            "epoch": 10.42,
            "learning_rate": 2.395418451966695e-05,
            "loss": 0.0484,
            "step": 1242500
            },
            {
            "epoch": 10.42,
            "learning_rate": 2.3943703306193978e-05,
            "loss": 0.0478,
            "step": 1243000
            },
            {
            "epoch": 10.43,
            "learning_rate": 2.3933222092721007e-05,
            "loss": 0.048,
            "step": 1243500
            },
            {
            "epoch": 10.43,
            "learning_rate": 2.3922740879248036e-05,
            "loss": 0.048,
            "step": 1244000
            },
            {
            "epoch": 10.44,
            "learning_rate": 2.3912259665775065e-05,
            "loss": 0.0475,
            "step": 1244500
            },
            {
            "epoch": 10.44,
            "learning_rate": 2.3901778452302094e-05,
            "loss": 0.0482,
            "step": 1245000
            },
            {
            "epoch": 10.44,
            "learning_rate": 2.3891297238829123e-05,
            "loss": 0.0479,
            "step": 1245500
            },
            {
            "epoch": 10.45,
            "learning_rate": 2.3880816025356152e-05,
            "loss": 0.0476,
            "step": 1246000
            },
            {
            "epoch": 10.45,
            "learning_rate": 2.387033481188318e-05,
            "loss": 0.048,
            "step": 1246500
            },
            {
            "epoch": 10.46,
            "learning_rate": 2.385985359841021e-05,
            "loss": 0.0475,
            "step": 1247000
            },
            {
            "epoch": 10.46,
            "learning_rate": 2.3849372384937242e-05,
            "loss": 0.0477,
            "step": 1247500
            },
            {
            "epoch": 10.46,
            "learning_rate": 2.383889117146427e-05,
            "loss": 0.0476,
            "step": 1248000
            },
            {
            "epoch": 10.47,
            "learning_rate": 2.3828409957991297e-05,
            "loss": 0.0482,
            "step": 1248500
            },
            {
            "epoch": 10.47,
            "learning_rate": 2.3817928744518326e-05,
            "loss": 0.0477,
            "step": 1249000
            },
            {
            "epoch": 10.48,
            "learning_rate": 2.3807447531045355e-05,
            "loss": 0.048,
            "step": 1249500
            },
            {
            "epoch": 10.48,
            "learning_rate": 2.3796966317572384e-05,
            "loss": 0.0478,
            "step": 1250000
            },
            {
            "epoch": 10.49,
            "learning_rate": 2.3786485104099413e-05,
            "loss": 0.0479,
            "step": 1250500
            },
            {
            "epoch": 10.49,
            "learning_rate": 2.3776003890626442e-05,
            "loss": 0.0482,
            "step": 1251000
            },
            {
            "epoch": 10.49,
            "learning_rate": 2.376552267715347e-05,
            "loss": 0.0481,
            "step": 1251500
            },
            {
            "epoch": 10.5,
            "learning_rate": 2.37550414636805e-05,
            "loss": 0.0477,
            "step": 1252000
            },
            {
            "epoch": 10.5,
            "learning_rate": 2.374456025020753e-05,
            "loss": 0.0477,
            "step": 1252500
            },
            {
            "epoch": 10.51,
            "learning_rate": 2.3734079036734558e-05,
            "loss": 0.048,
            "step": 1253000
            },
            {
            "epoch": 10.51,
            "learning_rate": 2.3723597823261587e-05,
            "loss": 0.0478,
            "step": 1253500
            },
            {
            "epoch": 10.51,
            "learning_rate": 2.3713116609788616e-05,
            "loss": 0.0472,
            "step": 1254000
            },
            {
            "epoch": 10.52,
            "learning_rate": 2.3702635396315645e-05,
            "loss": 0.0475,
            "step": 1254500
            },
            {
            "epoch": 10.52,
            "learning_rate": 2.3692154182842674e-05,
            "loss": 0.0484,
            "step": 1255000
            },
            {
            "epoch": 10.53,
            "learning_rate": 2.3681672969369703e-05,
            "loss": 0.0473,
            "step": 1255500
            },
            {
            "epoch": 10.53,
            "learning_rate": 2.3671191755896732e-05,
            "loss": 0.0483,
            "step": 1256000
            },
            {
            "epoch": 10.54,
            "learning_rate": 2.366071054242376e-05,
            "loss": 0.0479,
            "step": 1256500
            },
            {
            "epoch": 10.54,
            "learning_rate": 2.365022932895079e-05,
            "loss": 0.0483,
            "step": 1257000
            },
            {
            "epoch": 10.54,
            "learning_rate": 2.363974811547782e-05,
            "loss": 0.0481,
            "step": 1257500
            },
            {
            "epoch": 10.55,
            "learning_rate": 2.3629266902004848e-05,
            "loss": 0.0476,
            "step": 1258000
            },
            {
            "epoch": 10.55,
            "learning_rate": 2.3618785688531877e-05,
            "loss": 0.0476,
            "step": 1258500
            },
            {
            "epoch": 10.56,
            "learning_rate": 2.3608304475058906e-05,
            "loss": 0.0476,
            "step": 1259000
            },
            {
            "epoch": 10.56,
            "learning_rate": 2.3597823261585935e-05,
            "loss": 0.048,
            "step": 1259500
            },
            {
            "epoch": 10.57,
            "learning_rate": 2.3587342048112964e-05,
            "loss": 0.048,
            "step": 1260000
            },
            {
            "epoch": 10.57,
            "eval_loss": 0.04695536568760872,
            "eval_runtime": 305.4989,
            "eval_samples_per_second": 1388.015,
            "eval_steps_per_second": 21.689,
            "step": 1260000
            },
            {
            "epoch": 10.57,
            "learning_rate": 2.357686083463999e-05,
            "loss": 0.048,
            "step": 1260500
            },
            {
            "epoch": 10.57,
            "learning_rate": 2.356637962116702e-05,
            "loss": 0.0478,
            "step": 1261000
            },
            {
            "epoch": 10.58,
            "learning_rate": 2.3555898407694048e-05,
            "loss": 0.0477,
            "step": 1261500
            },
            {
            "epoch": 10.58,
            "learning_rate": 2.3545417194221077e-05,
            "loss": 0.047,
            "step": 1262000
            },
            {
            "epoch": 10.59,
            "learning_rate": 2.3534935980748106e-05,
            "loss": 0.0474,
            "step": 1262500
            },
            {
            "epoch": 10.59,
            "learning_rate": 2.3524454767275138e-05,
            "loss": 0.0484,
            "step": 1263000
            },
            {
            "epoch": 10.59,
            "learning_rate": 2.3513973553802167e-05,
            "loss": 0.0477,
            "step": 1263500
            },
            {
            "epoch": 10.6,
            "learning_rate": 2.3503492340329196e-05,
            "loss": 0.0471,
            "step": 1264000
            },
            {
            "epoch": 10.6,
            "learning_rate": 2.3493011126856225e-05,
            "loss": 0.0473,
            "step": 1264500
            },
            {
            "epoch": 10.61,
            "learning_rate": 2.3482529913383254e-05,
            "loss": 0.0477,
            "step": 1265000
            },
            {
            "epoch": 10.61,
            "learning_rate": 2.3472048699910283e-05,
            "loss": 0.0469,
            "step": 1265500
            },
            {
            "epoch": 10.62,
            "learning_rate": 2.3461567486437312e-05,
            "loss": 0.048,
            "step": 1266000
            },
            {
            "epoch": 10.62,
            "learning_rate": 2.345108627296434e-05,
            "loss": 0.0477,
            "step": 1266500
            },
            {
            "epoch": 10.62,
            "learning_rate": 2.344060505949137e-05,
            "loss": 0.0477,
            "step": 1267000
            },
            {
            "epoch": 10.63,
            "learning_rate": 2.34301238460184e-05,
            "loss": 0.0479,
            "step": 1267500
            },
            {
            "epoch": 10.63,
            "learning_rate": 2.3419642632545428e-05,
            "loss": 0.0476,
            "step": 1268000
            },
            {
            "epoch": 10.64,
            "learning_rate": 2.3409161419072457e-05,
            "loss": 0.0477,
            "step": 1268500
            },
            {
            "epoch": 10.64,
            "learning_rate": 2.3398680205599486e-05,
            "loss": 0.0473,
            "step": 1269000
            },
            {
            "epoch": 10.64,
            "learning_rate": 2.3388198992126515e-05,
            "loss": 0.0477,
            "step": 1269500
            },
            {
            "epoch": 10.65,
            "learning_rate": 2.3377717778653544e-05,
            "loss": 0.0476,
            "step": 1270000
            },
            {
            "epoch": 10.65,
            "learning_rate": 2.3367236565180573e-05,
            "loss": 0.0478,
            "step": 1270500
            },
            {
            "epoch": 10.66,
            "learning_rate": 2.3356755351707602e-05,
            "loss": 0.0477,
            "step": 1271000
            },
            {
            "epoch": 10.66,
            "learning_rate": 2.334627413823463e-05,
            "loss": 0.0475,
            "step": 1271500
            },
            {
            "epoch": 10.67,
            "learning_rate": 2.333579292476166e-05,
            "loss": 0.0485,
            "step": 1272000
            },
            {
            "epoch": 10.67,
            "learning_rate": 2.3325311711288686e-05,
            "loss": 0.0478,
            "step": 1272500
            },
            {
            "epoch": 10.67,
            "learning_rate": 2.3314830497815715e-05,
            "loss": 0.0487,
            "step": 1273000
            },
            {
            "epoch": 10.68,
            "learning_rate": 2.3304349284342744e-05,
            "loss": 0.0475,
            "step": 1273500
            },
            {
            "epoch": 10.68,
            "learning_rate": 2.3293868070869773e-05,
            "loss": 0.0475,
            "step": 1274000
            },
            {
            "epoch": 10.69,
            "learning_rate": 2.32833868573968e-05,
            "loss": 0.0479,
            "step": 1274500
            },
            {
            "epoch": 10.69,
            "learning_rate": 2.327290564392383e-05,
            "loss": 0.0478,
            "step": 1275000
            },
            {
            "epoch": 10.7,
            "learning_rate": 2.326242443045086e-05,
            "loss": 0.0481,
            "step": 1275500
            },
            {
            "epoch": 10.7,
            "learning_rate": 2.325194321697789e-05,
            "loss": 0.0477,
            "step": 1276000
            },
            {
            "epoch": 10.7,
            "learning_rate": 2.3241462003504918e-05,
            "loss": 0.048,
            "step": 1276500
            },
            {
            "epoch": 10.71,
            "learning_rate": 2.3230980790031947e-05,
            "loss": 0.0473,
            "step": 1277000
            },
            {
            "epoch": 10.71,
            "learning_rate": 2.3220499576558976e-05,
            "loss": 0.0481,
            "step": 1277500
            },
            {
            "epoch": 10.72,
            "learning_rate": 2.3210018363086005e-05,
            "loss": 0.0482,
            "step": 1278000
            },
            {
            "epoch": 10.72,
            "learning_rate": 2.3199537149613034e-05,
            "loss": 0.0477,
            "step": 1278500
            },
            {
            "epoch": 10.72,
            "learning_rate": 2.3189055936140063e-05,
            "loss": 0.0477,
            "step": 1279000
            },
            {
            "epoch": 10.73,
            "learning_rate": 2.317857472266709e-05,
            "loss": 0.0478,
            "step": 1279500
            },
            {
            "epoch": 10.73,
            "learning_rate": 2.316809350919412e-05,
            "loss": 0.0478,
            "step": 1280000
            },
            {
            "epoch": 10.73,
            "eval_loss": 0.04703781008720398,
            "eval_runtime": 304.6936,
            "eval_samples_per_second": 1391.683,
            "eval_steps_per_second": 21.746,
            "step": 1280000
            },
            {
            "epoch": 10.74,
            "learning_rate": 2.315761229572115e-05,
            "loss": 0.0477,
            "step": 1280500
            },
            {
            "epoch": 10.74,
            "learning_rate": 2.314713108224818e-05,
            "loss": 0.0484,
            "step": 1281000
            },
            {
            "epoch": 10.75,
            "learning_rate": 2.3136649868775208e-05,
            "loss": 0.0478,
            "step": 1281500
            },
            {
            "epoch": 10.75,
            "learning_rate": 2.3126168655302237e-05,
            "loss": 0.0475,
            "step": 1282000
            },
            {
            "epoch": 10.75,
            "learning_rate": 2.3115687441829266e-05,
            "loss": 0.0475,
            "step": 1282500
            },
            {
            "epoch": 10.76,
            "learning_rate": 2.3105206228356298e-05,
            "loss": 0.0475,
            "step": 1283000
            },
            {
            "epoch": 10.76,
            "learning_rate": 2.3094725014883327e-05,
            "loss": 0.0474,
            "step": 1283500
            },
            {
            "epoch": 10.77,
            "learning_rate": 2.3084243801410353e-05,
            "loss": 0.0475,
            "step": 1284000
            },
            {
            "epoch": 10.77,
            "learning_rate": 2.307376258793738e-05,
            "loss": 0.0475,
            "step": 1284500
            },
            {
            "epoch": 10.77,
            "learning_rate": 2.306328137446441e-05,
            "loss": 0.0476,
            "step": 1285000
            },
            {
            "epoch": 10.78,
            "learning_rate": 2.305280016099144e-05,
            "loss": 0.0475,
            "step": 1285500
            },
            {
            "epoch": 10.78,
            "learning_rate": 2.304231894751847e-05,
            "loss": 0.047,
            "step": 1286000
            },
            {
            "epoch": 10.79,
            "learning_rate": 2.3031837734045498e-05,
            "loss": 0.0484,
            "step": 1286500
            },
            {
            "epoch": 10.79,
            "learning_rate": 2.3021356520572527e-05,
            "loss": 0.0475,
            "step": 1287000
            },
            {
            "epoch": 10.8,
            "learning_rate": 2.3010875307099556e-05,
            "loss": 0.0473,
            "step": 1287500
            },
            {
            "epoch": 10.8,
            "learning_rate": 2.3000394093626585e-05,
            "loss": 0.0479,
            "step": 1288000
            },
            {
            "epoch": 10.8,
            "learning_rate": 2.2989912880153614e-05,
            "loss": 0.0473,
            "step": 1288500
            },
            {
            "epoch": 10.81,
            "learning_rate": 2.2979431666680643e-05,
            "loss": 0.0482,
            "step": 1289000
            },
            {
            "epoch": 10.81,
            "learning_rate": 2.296895045320767e-05,
            "loss": 0.0477,
            "step": 1289500
            },
            {
            "epoch": 10.82,
            "learning_rate": 2.29584692397347e-05,
            "loss": 0.048,
            "step": 1290000
            },
            {
            "epoch": 10.82,
            "learning_rate": 2.294798802626173e-05,
            "loss": 0.0478,
            "step": 1290500
            },
            {
            "epoch": 10.82,
            "learning_rate": 2.293750681278876e-05,
            "loss": 0.0474,
            "step": 1291000
            },
            {
            "epoch": 10.83,
            "learning_rate": 2.2927025599315788e-05,
            "loss": 0.048,
            "step": 1291500
            },
            {
            "epoch": 10.83,
            "learning_rate": 2.2916544385842817e-05,
            "loss": 0.0474,
            "step": 1292000
            },
            {
            "epoch": 10.84,
            "learning_rate": 2.2906063172369846e-05,
            "loss": 0.0471,
            "step": 1292500
            },
            {
            "epoch": 10.84,
            "learning_rate": 2.2895581958896875e-05,
            "loss": 0.0477,
            "step": 1293000
            },
            {
            "epoch": 10.85,
            "learning_rate": 2.2885100745423904e-05,
            "loss": 0.0483,
            "step": 1293500
            },
            {
            "epoch": 10.85,
            "learning_rate": 2.2874619531950933e-05,
            "loss": 0.048,
            "step": 1294000
            },
            {
            "epoch": 10.85,
            "learning_rate": 2.286413831847796e-05,
            "loss": 0.0473,
            "step": 1294500
            },
            {
            "epoch": 10.86,
            "learning_rate": 2.285365710500499e-05,
            "loss": 0.0476,
            "step": 1295000
            },
            {
            "epoch": 10.86,
            "learning_rate": 2.284317589153202e-05,
            "loss": 0.0473,
            "step": 1295500
            },
            {
            "epoch": 10.87,
            "learning_rate": 2.2832694678059045e-05,
            "loss": 0.0477,
            "step": 1296000
            },
            {
            "epoch": 10.87,
            "learning_rate": 2.2822213464586074e-05,
            "loss": 0.0481,
            "step": 1296500
            },
            {
            "epoch": 10.88,
            "learning_rate": 2.2811732251113103e-05,
            "loss": 0.0474,
            "step": 1297000
            },
            {
            "epoch": 10.88,
            "learning_rate": 2.2801251037640132e-05,
            "loss": 0.0481,
            "step": 1297500
            },
            {
            "epoch": 10.88,
            "learning_rate": 2.279076982416716e-05,
            "loss": 0.0477,
            "step": 1298000
            },
            {
            "epoch": 10.89,
            "learning_rate": 2.2780288610694194e-05,
            "loss": 0.0476,
            "step": 1298500
            },
            {
            "epoch": 10.89,
            "learning_rate": 2.2769807397221223e-05,
            "loss": 0.0474,
            "step": 1299000
            },
            {
            "epoch": 10.9,
            "learning_rate": 2.275932618374825e-05,
            "loss": 0.0473,
            "step": 1299500
            },
            {
            "epoch": 10.9,
            "learning_rate": 2.274884497027528e-05,
            "loss": 0.0479,
            "step": 1300000
            },
            {
            "epoch": 10.9,
            "eval_loss": 0.04680999368429184,
            "eval_runtime": 304.6969,
            "eval_samples_per_second": 1391.668,
            "eval_steps_per_second": 21.746,
            "step": 1300000
            },
            {
            "epoch": 10.9,
            "learning_rate": 2.273836375680231e-05,
            "loss": 0.0481,
            "step": 1300500
            },
            {
            "epoch": 10.91,
            "learning_rate": 2.272788254332934e-05,
            "loss": 0.0475,
            "step": 1301000
            },
            {
            "epoch": 10.91,
            "learning_rate": 2.2717401329856368e-05,
            "loss": 0.0479,
            "step": 1301500
            },
            {
            "epoch": 10.92,
            "learning_rate": 2.2706920116383397e-05,
            "loss": 0.0481,
            "step": 1302000
            },
            {
            "epoch": 10.92,
            "learning_rate": 2.2696438902910426e-05,
            "loss": 0.0481,
            "step": 1302500
            },
            {
            "epoch": 10.93,
            "learning_rate": 2.2685957689437455e-05,
            "loss": 0.0478,
            "step": 1303000
            },
            {
            "epoch": 10.93,
            "learning_rate": 2.2675476475964484e-05,
            "loss": 0.0473,
            "step": 1303500
            },
            {
            "epoch": 10.93,
            "learning_rate": 2.2664995262491513e-05,
            "loss": 0.0476,
            "step": 1304000
            },
            {
            "epoch": 10.94,
            "learning_rate": 2.265451404901854e-05,
            "loss": 0.0473,
            "step": 1304500
            },
            {
            "epoch": 10.94,
            "learning_rate": 2.264403283554557e-05,
            "loss": 0.0475,
            "step": 1305000
            },
            {
            "epoch": 10.95,
            "learning_rate": 2.26335516220726e-05,
            "loss": 0.0478,
            "step": 1305500
            },
            {
            "epoch": 10.95,
            "learning_rate": 2.262307040859963e-05,
            "loss": 0.0477,
            "step": 1306000
            },
            {
            "epoch": 10.95,
            "learning_rate": 2.2612589195126658e-05,
            "loss": 0.0471,
            "step": 1306500
            },
            {
            "epoch": 10.96,
            "learning_rate": 2.2602107981653687e-05,
            "loss": 0.0473,
            "step": 1307000
            },
            {
            "epoch": 10.96,
            "learning_rate": 2.2591626768180716e-05,
            "loss": 0.0478,
            "step": 1307500
            },
            {
            "epoch": 10.97,
            "learning_rate": 2.258114555470774e-05,
            "loss": 0.0478,
            "step": 1308000
            },
            {
            "epoch": 10.97,
            "learning_rate": 2.257066434123477e-05,
            "loss": 0.0479,
            "step": 1308500
            },
            {
            "epoch": 10.98,
            "learning_rate": 2.25601831277618e-05,
            "loss": 0.0477,
            "step": 1309000
            },
            {
            "epoch": 10.98,
            "learning_rate": 2.254970191428883e-05,
            "loss": 0.0476,
            "step": 1309500
            },
            {
            "epoch": 10.98,
            "learning_rate": 2.2539220700815857e-05,
            "loss": 0.0482,
            "step": 1310000
            },
            {
            "epoch": 10.99,
            "learning_rate": 2.2528739487342886e-05,
            "loss": 0.0477,
            "step": 1310500
            },
            {
            "epoch": 10.99,
            "learning_rate": 2.2518258273869915e-05,
            "loss": 0.0473,
            "step": 1311000
            },
            {
            "epoch": 11.0,
            "learning_rate": 2.2507777060396944e-05,
            "loss": 0.0478,
            "step": 1311500
            },
            {
            "epoch": 11.0,
            "learning_rate": 2.2497295846923973e-05,
            "loss": 0.0477,
            "step": 1312000
            },
            {
            "epoch": 11.01,
            "learning_rate": 2.2486814633451002e-05,
            "loss": 0.0478,
            "step": 1312500
            },
            {
            "epoch": 11.01,
            "learning_rate": 2.247633341997803e-05,
            "loss": 0.0478,
            "step": 1313000
            },
            {
            "epoch": 11.01,
            "learning_rate": 2.246585220650506e-05,
            "loss": 0.0468,
            "step": 1313500
            },
            {
            "epoch": 11.02,
            "learning_rate": 2.245537099303209e-05,
            "loss": 0.0473,
            "step": 1314000
            },
            {
            "epoch": 11.02,
            "learning_rate": 2.244488977955912e-05,
            "loss": 0.0471,
            "step": 1314500
            },
            {
            "epoch": 11.03,
            "learning_rate": 2.2434408566086147e-05,
            "loss": 0.0465,
            "step": 1315000
            },
            {
            "epoch": 11.03,
            "learning_rate": 2.2423927352613176e-05,
            "loss": 0.0475,
            "step": 1315500
            },
            {
            "epoch": 11.03,
            "learning_rate": 2.2413446139140205e-05,
            "loss": 0.0472,
            "step": 1316000
            },
            {
            "epoch": 11.04,
            "learning_rate": 2.2402964925667234e-05,
            "loss": 0.047,
            "step": 1316500
            },
            {
            "epoch": 11.04,
            "learning_rate": 2.2392483712194263e-05,
            "loss": 0.0474,
            "step": 1317000
            },
            {
            "epoch": 11.05,
            "learning_rate": 2.2382002498721292e-05,
            "loss": 0.0472,
            "step": 1317500
            },
            {
            "epoch": 11.05,
            "learning_rate": 2.2371521285248325e-05,
            "loss": 0.047,
            "step": 1318000
            },
            {
            "epoch": 11.06,
            "learning_rate": 2.2361040071775354e-05,
            "loss": 0.0472,
            "step": 1318500
            },
            {
            "epoch": 11.06,
            "learning_rate": 2.2350558858302383e-05,
            "loss": 0.0476,
            "step": 1319000
            },
            {
            "epoch": 11.06,
            "learning_rate": 2.234007764482941e-05,
            "loss": 0.0467,
            "step": 1319500
            },
            {
            "epoch": 11.07,
            "learning_rate": 2.2329596431356437e-05,
            "loss": 0.0469,
            "step": 1320000
            },
            {
            "epoch": 11.07,
            "eval_loss": 0.04679606109857559,
            "eval_runtime": 304.8764,
            "eval_samples_per_second": 1390.849,
            "eval_steps_per_second": 21.733,
            "step": 1320000
            },
            {
            "epoch": 11.07,
            "learning_rate": 2.2319115217883466e-05,
            "loss": 0.0477,
            "step": 1320500
            },
            {
            "epoch": 11.08,
            "learning_rate": 2.2308634004410495e-05,
            "loss": 0.0476,
            "step": 1321000
            },
            {
            "epoch": 11.08,
            "learning_rate": 2.2298152790937524e-05,
            "loss": 0.047,
            "step": 1321500
            },
            {
            "epoch": 11.08,
            "learning_rate": 2.2287671577464553e-05,
            "loss": 0.0473,
            "step": 1322000
            },
            {
            "epoch": 11.09,
            "learning_rate": 2.2277190363991582e-05,
            "loss": 0.0469,
            "step": 1322500
            },
            {
            "epoch": 11.09,
            "learning_rate": 2.226670915051861e-05,
            "loss": 0.0472,
            "step": 1323000
            },
            {
            "epoch": 11.1,
            "learning_rate": 2.225622793704564e-05,
            "loss": 0.0478,
            "step": 1323500
            },
            {
            "epoch": 11.1,
            "learning_rate": 2.224574672357267e-05,
            "loss": 0.0475,
            "step": 1324000
            },
            {
            "epoch": 11.11,
            "learning_rate": 2.22352655100997e-05,
            "loss": 0.0473,
            "step": 1324500
            },
            {
            "epoch": 11.11,
            "learning_rate": 2.2224784296626727e-05,
            "loss": 0.0477,
            "step": 1325000
            },
            {
            "epoch": 11.11,
            "learning_rate": 2.2214303083153756e-05,
            "loss": 0.0477,
            "step": 1325500
            },
            {
            "epoch": 11.12,
            "learning_rate": 2.2203821869680785e-05,
            "loss": 0.0471,
            "step": 1326000
            },
            {
            "epoch": 11.12,
            "learning_rate": 2.2193340656207814e-05,
            "loss": 0.0468,
            "step": 1326500
            },
            {
            "epoch": 11.13,
            "learning_rate": 2.2182859442734843e-05,
            "loss": 0.0472,
            "step": 1327000
            },
            {
            "epoch": 11.13,
            "learning_rate": 2.2172378229261872e-05,
            "loss": 0.0473,
            "step": 1327500
            },
            {
            "epoch": 11.14,
            "learning_rate": 2.21618970157889e-05,
            "loss": 0.047,
            "step": 1328000
            },
            {
            "epoch": 11.14,
            "learning_rate": 2.215141580231593e-05,
            "loss": 0.0471,
            "step": 1328500
            },
            {
            "epoch": 11.14,
            "learning_rate": 2.214093458884296e-05,
            "loss": 0.0473,
            "step": 1329000
            },
            {
            "epoch": 11.15,
            "learning_rate": 2.213045337536999e-05,
            "loss": 0.0476,
            "step": 1329500
            },
            {
            "epoch": 11.15,
            "learning_rate": 2.2119972161897017e-05,
            "loss": 0.0472,
            "step": 1330000
            },
            {
            "epoch": 11.16,
            "learning_rate": 2.2109490948424046e-05,
            "loss": 0.048,
            "step": 1330500
            },
            {
            "epoch": 11.16,
            "learning_rate": 2.2099009734951075e-05,
            "loss": 0.047,
            "step": 1331000
            },
            {
            "epoch": 11.16,
            "learning_rate": 2.20885285214781e-05,
            "loss": 0.0474,
            "step": 1331500
            },
            {
            "epoch": 11.17,
            "learning_rate": 2.207804730800513e-05,
            "loss": 0.0477,
            "step": 1332000
            },
            {
            "epoch": 11.17,
            "learning_rate": 2.206756609453216e-05,
            "loss": 0.0475,
            "step": 1332500
            },
            {
            "epoch": 11.18,
            "learning_rate": 2.2057084881059188e-05,
            "loss": 0.0474,
            "step": 1333000
            },
            {
            "epoch": 11.18,
            "learning_rate": 2.204660366758622e-05,
            "loss": 0.0472,
            "step": 1333500
            },
            {
            "epoch": 11.19,
            "learning_rate": 2.203612245411325e-05,
            "loss": 0.0473,
            "step": 1334000
            },
            {
            "epoch": 11.19,
            "learning_rate": 2.202564124064028e-05,
            "loss": 0.0474,
            "step": 1334500
            },
            {
            "epoch": 11.19,
            "learning_rate": 2.2015160027167307e-05,
            "loss": 0.0472,
            "step": 1335000
            },
            {
            "epoch": 11.2,
            "learning_rate": 2.2004678813694336e-05,
            "loss": 0.0473,
            "step": 1335500
            },
            {
            "epoch": 11.2,
            "learning_rate": 2.1994197600221365e-05,
            "loss": 0.0473,
            "step": 1336000
            },
            {
            "epoch": 11.21,
            "learning_rate": 2.1983716386748394e-05,
            "loss": 0.0475,
            "step": 1336500
            },
            {
            "epoch": 11.21,
            "learning_rate": 2.1973235173275423e-05,
            "loss": 0.0476,
            "step": 1337000
            },
            {
            "epoch": 11.21,
            "learning_rate": 2.1962753959802452e-05,
            "loss": 0.047,
            "step": 1337500
            },
            {
            "epoch": 11.22,
            "learning_rate": 2.195227274632948e-05,
            "loss": 0.0469,
            "step": 1338000
            },
            {
            "epoch": 11.22,
            "learning_rate": 2.194179153285651e-05,
            "loss": 0.0474,
            "step": 1338500
            },
            {
            "epoch": 11.23,
            "learning_rate": 2.193131031938354e-05,
            "loss": 0.0469,
            "step": 1339000
            },
            {
            "epoch": 11.23,
            "learning_rate": 2.192082910591057e-05,
            "loss": 0.0473,
            "step": 1339500
            },
            {
            "epoch": 11.24,
            "learning_rate": 2.1910347892437597e-05,
            "loss": 0.0476,
            "step": 1340000
            },
            {
            "epoch": 11.24,
            "eval_loss": 0.04642591252923012,
            "eval_runtime": 305.5347,
            "eval_samples_per_second": 1387.852,
            "eval_steps_per_second": 21.687,
            "step": 1340000
            },
            {
            "epoch": 11.24,
            "learning_rate": 2.1899866678964626e-05,
            "loss": 0.0473,
            "step": 1340500
            },
            {
            "epoch": 11.24,
            "learning_rate": 2.1889385465491655e-05,
            "loss": 0.0477,
            "step": 1341000
            },
            {
            "epoch": 11.25,
            "learning_rate": 2.1878904252018684e-05,
            "loss": 0.0474,
            "step": 1341500
            },
            {
            "epoch": 11.25,
            "learning_rate": 2.1868423038545713e-05,
            "loss": 0.0474,
            "step": 1342000
            },
            {
            "epoch": 11.26,
            "learning_rate": 2.1857941825072742e-05,
            "loss": 0.0471,
            "step": 1342500
            },
            {
            "epoch": 11.26,
            "learning_rate": 2.184746061159977e-05,
            "loss": 0.0476,
            "step": 1343000
            },
            {
            "epoch": 11.27,
            "learning_rate": 2.1836979398126797e-05,
            "loss": 0.047,
            "step": 1343500
            },
            {
            "epoch": 11.27,
            "learning_rate": 2.1826498184653826e-05,
            "loss": 0.0476,
            "step": 1344000
            },
            {
            "epoch": 11.27,
            "learning_rate": 2.1816016971180855e-05,
            "loss": 0.0474,
            "step": 1344500
            },
            {
            "epoch": 11.28,
            "learning_rate": 2.1805535757707884e-05,
            "loss": 0.0473,
            "step": 1345000
            },
            {
            "epoch": 11.28,
            "learning_rate": 2.1795054544234913e-05,
            "loss": 0.0479,
            "step": 1345500
            },
            {
            "epoch": 11.29,
            "learning_rate": 2.1784573330761942e-05,
            "loss": 0.0463,
            "step": 1346000
            },
            {
            "epoch": 11.29,
            "learning_rate": 2.177409211728897e-05,
            "loss": 0.0464,
            "step": 1346500
            },
            {
            "epoch": 11.29,
            "learning_rate": 2.1763610903816e-05,
            "loss": 0.0469,
            "step": 1347000
            },
            {
            "epoch": 11.3,
            "learning_rate": 2.175312969034303e-05,
            "loss": 0.0463,
            "step": 1347500
            },
            {
            "epoch": 11.3,
            "learning_rate": 2.1742648476870058e-05,
            "loss": 0.0477,
            "step": 1348000
            },
            {
            "epoch": 11.31,
            "learning_rate": 2.1732167263397087e-05,
            "loss": 0.047,
            "step": 1348500
            },
            {
            "epoch": 11.31,
            "learning_rate": 2.1721686049924116e-05,
            "loss": 0.0475,
            "step": 1349000
            },
            {
            "epoch": 11.32,
            "learning_rate": 2.1711204836451145e-05,
            "loss": 0.0469,
            "step": 1349500
            },
            {
            "epoch": 11.32,
            "learning_rate": 2.1700723622978174e-05,
            "loss": 0.0478,
            "step": 1350000
            },
            {
            "epoch": 11.32,
            "learning_rate": 2.1690242409505203e-05,
            "loss": 0.0471,
            "step": 1350500
            },
            {
            "epoch": 11.33,
            "learning_rate": 2.1679761196032232e-05,
            "loss": 0.0471,
            "step": 1351000
            },
            {
            "epoch": 11.33,
            "learning_rate": 2.166927998255926e-05,
            "loss": 0.0475,
            "step": 1351500
            },
            {
            "epoch": 11.34,
            "learning_rate": 2.165879876908629e-05,
            "loss": 0.0478,
            "step": 1352000
            },
            {
            "epoch": 11.34,
            "learning_rate": 2.164831755561332e-05,
            "loss": 0.0469,
            "step": 1352500
            },
            {
            "epoch": 11.34,
            "learning_rate": 2.1637836342140348e-05,
            "loss": 0.0471,
            "step": 1353000
            },
            {
            "epoch": 11.35,
            "learning_rate": 2.162735512866738e-05,
            "loss": 0.0476,
            "step": 1353500
            },
            {
            "epoch": 11.35,
            "learning_rate": 2.161687391519441e-05,
            "loss": 0.0476,
            "step": 1354000
            },
            {
            "epoch": 11.36,
            "learning_rate": 2.160639270172144e-05,
            "loss": 0.048,
            "step": 1354500
            },
            {
            "epoch": 11.36,
            "learning_rate": 2.1595911488248464e-05,
            "loss": 0.0473,
            "step": 1355000
            },
            {
            "epoch": 11.37,
            "learning_rate": 2.1585430274775493e-05,
            "loss": 0.0472,
            "step": 1355500
            },
            {
            "epoch": 11.37,
            "learning_rate": 2.1574949061302522e-05,
            "loss": 0.0472,
            "step": 1356000
            },
            {
            "epoch": 11.37,
            "learning_rate": 2.156446784782955e-05,
            "loss": 0.047,
            "step": 1356500
            },
            {
            "epoch": 11.38,
            "learning_rate": 2.155398663435658e-05,
            "loss": 0.0473,
            "step": 1357000
            },
            {
            "epoch": 11.38,
            "learning_rate": 2.154350542088361e-05,
            "loss": 0.0471,
            "step": 1357500
            },
            {
            "epoch": 11.39,
            "learning_rate": 2.1533024207410638e-05,
            "loss": 0.0477,
            "step": 1358000
            },
            {
            "epoch": 11.39,
            "learning_rate": 2.1522542993937667e-05,
            "loss": 0.0471,
            "step": 1358500
            },
            {
            "epoch": 11.4,
            "learning_rate": 2.1512061780464696e-05,
            "loss": 0.0475,
            "step": 1359000
            },
            {
            "epoch": 11.4,
            "learning_rate": 2.1501580566991725e-05,
            "loss": 0.0471,
            "step": 1359500
            },
            {
            "epoch": 11.4,
            "learning_rate": 2.1491099353518754e-05,
            "loss": 0.0477,
            "step": 1360000
            },
            {
            "epoch": 11.4,
            "eval_loss": 0.04661582037806511,
            "eval_runtime": 304.6325,
            "eval_samples_per_second": 1391.962,
            "eval_steps_per_second": 21.751,
            "step": 1360000
            },
            {
            "epoch": 11.41,
            "learning_rate": 2.1480618140045783e-05,
            "loss": 0.0477,
            "step": 1360500
            },
            {
            "epoch": 11.41,
            "learning_rate": 2.1470136926572812e-05,
            "loss": 0.0465,
            "step": 1361000
            },
            {
            "epoch": 11.42,
            "learning_rate": 2.145965571309984e-05,
            "loss": 0.0471,
            "step": 1361500
            },
            {
            "epoch": 11.42,
            "learning_rate": 2.144917449962687e-05,
            "loss": 0.047,
            "step": 1362000
            },
            {
            "epoch": 11.42,
            "learning_rate": 2.14386932861539e-05,
            "loss": 0.0466,
            "step": 1362500
            },
            {
            "epoch": 11.43,
            "learning_rate": 2.1428212072680928e-05,
            "loss": 0.0476,
            "step": 1363000
            },
            {
            "epoch": 11.43,
            "learning_rate": 2.1417730859207957e-05,
            "loss": 0.0472,
            "step": 1363500
            },
            {
            "epoch": 11.44,
            "learning_rate": 2.1407249645734986e-05,
            "loss": 0.0468,
            "step": 1364000
            },
            {
            "epoch": 11.44,
            "learning_rate": 2.1396768432262015e-05,
            "loss": 0.0473,
            "step": 1364500
            },
            {
            "epoch": 11.45,
            "learning_rate": 2.1386287218789044e-05,
            "loss": 0.0471,
            "step": 1365000
            },
            {
            "epoch": 11.45,
            "learning_rate": 2.1375806005316073e-05,
            "loss": 0.0475,
            "step": 1365500
            },
            {
            "epoch": 11.45,
            "learning_rate": 2.1365324791843102e-05,
            "loss": 0.0471,
            "step": 1366000
            },
            {
            "epoch": 11.46,
            "learning_rate": 2.135484357837013e-05,
            "loss": 0.0473,
            "step": 1366500
            },
            {
            "epoch": 11.46,
            "learning_rate": 2.1344362364897157e-05,
            "loss": 0.0472,
            "step": 1367000
            },
            {
            "epoch": 11.47,
            "learning_rate": 2.1333881151424186e-05,
            "loss": 0.047,
            "step": 1367500
            },
            {
            "epoch": 11.47,
            "learning_rate": 2.1323399937951215e-05,
            "loss": 0.0472,
            "step": 1368000
            },
            {
            "epoch": 11.47,
            "learning_rate": 2.1312918724478244e-05,
            "loss": 0.0478,
            "step": 1368500
            },
            {
            "epoch": 11.48,
            "learning_rate": 2.1302437511005276e-05,
            "loss": 0.0471,
            "step": 1369000
            },
            {
            "epoch": 11.48,
            "learning_rate": 2.1291956297532305e-05,
            "loss": 0.0475,
            "step": 1369500
            },
            {
            "epoch": 11.49,
            "learning_rate": 2.1281475084059334e-05,
            "loss": 0.0472,
            "step": 1370000
            },
            {
            "epoch": 11.49,
            "learning_rate": 2.1270993870586363e-05,
            "loss": 0.0468,
            "step": 1370500
            },
            {
            "epoch": 11.5,
            "learning_rate": 2.1260512657113392e-05,
            "loss": 0.047,
            "step": 1371000
            },
            {
            "epoch": 11.5,
            "learning_rate": 2.125003144364042e-05,
            "loss": 0.047,
            "step": 1371500
            },
            {
            "epoch": 11.5,
            "learning_rate": 2.123955023016745e-05,
            "loss": 0.0472,
            "step": 1372000
            },
            {
            "epoch": 11.51,
            "learning_rate": 2.122906901669448e-05,
            "loss": 0.0467,
            "step": 1372500
            },
            {
            "epoch": 11.51,
            "learning_rate": 2.1218587803221508e-05,
            "loss": 0.0469,
            "step": 1373000
            },
            {
            "epoch": 11.52,
            "learning_rate": 2.1208106589748537e-05,
            "loss": 0.0469,
            "step": 1373500
            },
            {
            "epoch": 11.52,
            "learning_rate": 2.1197625376275566e-05,
            "loss": 0.0476,
            "step": 1374000
            },
            {
            "epoch": 11.53,
            "learning_rate": 2.1187144162802595e-05,
            "loss": 0.0478,
            "step": 1374500
            },
            {
            "epoch": 11.53,
            "learning_rate": 2.1176662949329624e-05,
            "loss": 0.0477,
            "step": 1375000
            },
            {
            "epoch": 11.53,
            "learning_rate": 2.1166181735856653e-05,
            "loss": 0.0475,
            "step": 1375500
            },
            {
            "epoch": 11.54,
            "learning_rate": 2.1155700522383682e-05,
            "loss": 0.0474,
            "step": 1376000
            },
            {
            "epoch": 11.54,
            "learning_rate": 2.114521930891071e-05,
            "loss": 0.0469,
            "step": 1376500
            },
            {
            "epoch": 11.55,
            "learning_rate": 2.113473809543774e-05,
            "loss": 0.0479,
            "step": 1377000
            },
            {
            "epoch": 11.55,
            "learning_rate": 2.112425688196477e-05,
            "loss": 0.0477,
            "step": 1377500
            },
            {
            "epoch": 11.55,
            "learning_rate": 2.1113775668491798e-05,
            "loss": 0.047,
            "step": 1378000
            },
            {
            "epoch": 11.56,
            "learning_rate": 2.1103294455018827e-05,
            "loss": 0.0468,
            "step": 1378500
            },
            {
            "epoch": 11.56,
            "learning_rate": 2.1092813241545853e-05,
            "loss": 0.0466,
            "step": 1379000
            },
            {
            "epoch": 11.57,
            "learning_rate": 2.108233202807288e-05,
            "loss": 0.0473,
            "step": 1379500
            },
            {
            "epoch": 11.57,
            "learning_rate": 2.107185081459991e-05,
            "loss": 0.0471,
            "step": 1380000
            },
            {
            "epoch": 11.57,
            "eval_loss": 0.04630712792277336,
            "eval_runtime": 305.601,
            "eval_samples_per_second": 1387.551,
            "eval_steps_per_second": 21.682,
            "step": 1380000
            },
            {
            "epoch": 11.58,
            "learning_rate": 2.106136960112694e-05,
            "loss": 0.0472,
            "step": 1380500
            },
            {
            "epoch": 11.58,
            "learning_rate": 2.105088838765397e-05,
            "loss": 0.0473,
            "step": 1381000
            },
            {
            "epoch": 11.58,
            "learning_rate": 2.1040407174180998e-05,
            "loss": 0.0471,
            "step": 1381500
            },
            {
            "epoch": 11.59,
            "learning_rate": 2.1029925960708027e-05,
            "loss": 0.0472,
            "step": 1382000
            },
            {
            "epoch": 11.59,
            "learning_rate": 2.1019444747235056e-05,
            "loss": 0.0467,
            "step": 1382500
            },
            {
            "epoch": 11.6,
            "learning_rate": 2.1008963533762085e-05,
            "loss": 0.0472,
            "step": 1383000
            },
            {
            "epoch": 11.6,
            "learning_rate": 2.0998482320289114e-05,
            "loss": 0.0476,
            "step": 1383500
            },
            {
            "epoch": 11.6,
            "learning_rate": 2.0988001106816143e-05,
            "loss": 0.0472,
            "step": 1384000
            },
            {
            "epoch": 11.61,
            "learning_rate": 2.097751989334317e-05,
            "loss": 0.0478,
            "step": 1384500
            },
            {
            "epoch": 11.61,
            "learning_rate": 2.09670386798702e-05,
            "loss": 0.0477,
            "step": 1385000
            },
            {
            "epoch": 11.62,
            "learning_rate": 2.095655746639723e-05,
            "loss": 0.0473,
            "step": 1385500
            },
            {
            "epoch": 11.62,
            "learning_rate": 2.094607625292426e-05,
            "loss": 0.0469,
            "step": 1386000
            },
            {
            "epoch": 11.63,
            "learning_rate": 2.0935595039451288e-05,
            "loss": 0.0474,
            "step": 1386500
            },
            {
            "epoch": 11.63,
            "learning_rate": 2.0925113825978317e-05,
            "loss": 0.0475,
            "step": 1387000
            },
            {
            "epoch": 11.63,
            "learning_rate": 2.0914632612505346e-05,
            "loss": 0.0472,
            "step": 1387500
            },
            {
            "epoch": 11.64,
            "learning_rate": 2.0904151399032375e-05,
            "loss": 0.0473,
            "step": 1388000
            },
            {
            "epoch": 11.64,
            "learning_rate": 2.0893670185559407e-05,
            "loss": 0.0471,
            "step": 1388500
            },
            {
            "epoch": 11.65,
            "learning_rate": 2.0883188972086436e-05,
            "loss": 0.0469,
            "step": 1389000
            },
            {
            "epoch": 11.65,
            "learning_rate": 2.0872707758613465e-05,
            "loss": 0.0469,
            "step": 1389500
            },
            {
            "epoch": 11.66,
            "learning_rate": 2.0862226545140494e-05,
            "loss": 0.0471,
            "step": 1390000
            },
            {
            "epoch": 11.66,
            "learning_rate": 2.085174533166752e-05,
            "loss": 0.0473,
            "step": 1390500
            },
            {
            "epoch": 11.66,
            "learning_rate": 2.084126411819455e-05,
            "loss": 0.0472,
            "step": 1391000
            },
            {
            "epoch": 11.67,
            "learning_rate": 2.0830782904721578e-05,
            "loss": 0.047,
            "step": 1391500
            },
            {
            "epoch": 11.67,
            "learning_rate": 2.0820301691248607e-05,
            "loss": 0.0472,
            "step": 1392000
            },
            {
            "epoch": 11.68,
            "learning_rate": 2.0809820477775636e-05,
            "loss": 0.0472,
            "step": 1392500
            },
            {
            "epoch": 11.68,
            "learning_rate": 2.0799339264302665e-05,
            "loss": 0.0474,
            "step": 1393000
            },
            {
            "epoch": 11.68,
            "learning_rate": 2.0788858050829694e-05,
            "loss": 0.0475,
            "step": 1393500
            },
            {
            "epoch": 11.69,
            "learning_rate": 2.0778376837356723e-05,
            "loss": 0.0476,
            "step": 1394000
            },
            {
            "epoch": 11.69,
            "learning_rate": 2.076789562388375e-05,
            "loss": 0.047,
            "step": 1394500
            },
            {
            "epoch": 11.7,
            "learning_rate": 2.075741441041078e-05,
            "loss": 0.0468,
            "step": 1395000
            },
            {
            "epoch": 11.7,
            "learning_rate": 2.074693319693781e-05,
            "loss": 0.0469,
            "step": 1395500
            },
            {
            "epoch": 11.71,
            "learning_rate": 2.073645198346484e-05,
            "loss": 0.0473,
            "step": 1396000
            },
            {
            "epoch": 11.71,
            "learning_rate": 2.0725970769991868e-05,
            "loss": 0.0473,
            "step": 1396500
            },
            {
            "epoch": 11.71,
            "learning_rate": 2.0715489556518897e-05,
            "loss": 0.0469,
            "step": 1397000
            },
            {
            "epoch": 11.72,
            "learning_rate": 2.0705008343045926e-05,
            "loss": 0.0472,
            "step": 1397500
            },
            {
            "epoch": 11.72,
            "learning_rate": 2.0694527129572955e-05,
            "loss": 0.0471,
            "step": 1398000
            },
            {
            "epoch": 11.73,
            "learning_rate": 2.0684045916099984e-05,
            "loss": 0.0473,
            "step": 1398500
            },
            {
            "epoch": 11.73,
            "learning_rate": 2.0673564702627013e-05,
            "loss": 0.0478,
            "step": 1399000
            },
            {
            "epoch": 11.73,
            "learning_rate": 2.066308348915404e-05,
            "loss": 0.0479,
            "step": 1399500
            },
            {
            "epoch": 11.74,
            "learning_rate": 2.065260227568107e-05,
            "loss": 0.0476,
            "step": 1400000
            },
            {
            "epoch": 11.74,
            "eval_loss": 0.04639224335551262,
            "eval_runtime": 305.7528,
            "eval_samples_per_second": 1386.862,
            "eval_steps_per_second": 21.671,
            "step": 1400000
            },
            {
            "epoch": 11.74,
            "learning_rate": 2.06421210622081e-05,
            "loss": 0.047,
            "step": 1400500
            },
            {
            "epoch": 11.75,
            "learning_rate": 2.063163984873513e-05,
            "loss": 0.0466,
            "step": 1401000
            },
            {
            "epoch": 11.75,
            "learning_rate": 2.0621158635262158e-05,
            "loss": 0.0468,
            "step": 1401500
            },
            {
            "epoch": 11.76,
            "learning_rate": 2.0610677421789187e-05,
            "loss": 0.0473,
            "step": 1402000
            },
            {
            "epoch": 11.76,
            "learning_rate": 2.0600196208316212e-05,
            "loss": 0.047,
            "step": 1402500
            },
            {
            "epoch": 11.76,
            "learning_rate": 2.058971499484324e-05,
            "loss": 0.0475,
            "step": 1403000
            },
            {
            "epoch": 11.77,
            "learning_rate": 2.057923378137027e-05,
            "loss": 0.0473,
            "step": 1403500
            },
            {
            "epoch": 11.77,
            "learning_rate": 2.0568752567897303e-05,
            "loss": 0.0469,
            "step": 1404000
            },
            {
            "epoch": 11.78,
            "learning_rate": 2.055827135442433e-05,
            "loss": 0.0479,
            "step": 1404500
            },
            {
            "epoch": 11.78,
            "learning_rate": 2.054779014095136e-05,
            "loss": 0.047,
            "step": 1405000
            },
            {
            "epoch": 11.79,
            "learning_rate": 2.053730892747839e-05,
            "loss": 0.0473,
            "step": 1405500
            },
            {
            "epoch": 11.79,
            "learning_rate": 2.052682771400542e-05,
            "loss": 0.0471,
            "step": 1406000
            },
            {
            "epoch": 11.79,
            "learning_rate": 2.0516346500532448e-05,
            "loss": 0.0465,
            "step": 1406500
            },
            {
            "epoch": 11.8,
            "learning_rate": 2.0505865287059477e-05,
            "loss": 0.0472,
            "step": 1407000
            },
            {
            "epoch": 11.8,
            "learning_rate": 2.0495384073586506e-05,
            "loss": 0.047,
            "step": 1407500
            },
            {
            "epoch": 11.81,
            "learning_rate": 2.0484902860113535e-05,
            "loss": 0.0473,
            "step": 1408000
            },
            {
            "epoch": 11.81,
            "learning_rate": 2.0474421646640564e-05,
            "loss": 0.047,
            "step": 1408500
            },
            {
            "epoch": 11.81,
            "learning_rate": 2.0463940433167593e-05,
            "loss": 0.047,
            "step": 1409000
            },
            {
            "epoch": 11.82,
            "learning_rate": 2.045345921969462e-05,
            "loss": 0.0474,
            "step": 1409500
            },
            {
            "epoch": 11.82,
            "learning_rate": 2.044297800622165e-05,
            "loss": 0.0468,
            "step": 1410000
            },
            {
            "epoch": 11.83,
            "learning_rate": 2.043249679274868e-05,
            "loss": 0.0477,
            "step": 1410500
            },
            {
            "epoch": 11.83,
            "learning_rate": 2.042201557927571e-05,
            "loss": 0.0472,
            "step": 1411000
            },
            {
            "epoch": 11.84,
            "learning_rate": 2.0411534365802738e-05,
            "loss": 0.0478,
            "step": 1411500
            },
            {
            "epoch": 11.84,
            "learning_rate": 2.0401053152329767e-05,
            "loss": 0.0472,
            "step": 1412000
            },
            {
            "epoch": 11.84,
            "learning_rate": 2.0390571938856796e-05,
            "loss": 0.0464,
            "step": 1412500
            },
            {
            "epoch": 11.85,
            "learning_rate": 2.0380090725383825e-05,
            "loss": 0.0474,
            "step": 1413000
            },
            {
            "epoch": 11.85,
            "learning_rate": 2.0369609511910854e-05,
            "loss": 0.0467,
            "step": 1413500
            },
            {
            "epoch": 11.86,
            "learning_rate": 2.0359128298437883e-05,
            "loss": 0.0476,
            "step": 1414000
            },
            {
            "epoch": 11.86,
            "learning_rate": 2.0348647084964908e-05,
            "loss": 0.0466,
            "step": 1414500
            },
            {
            "epoch": 11.86,
            "learning_rate": 2.0338165871491937e-05,
            "loss": 0.0478,
            "step": 1415000
            },
            {
            "epoch": 11.87,
            "learning_rate": 2.0327684658018966e-05,
            "loss": 0.0471,
            "step": 1415500
            },
            {
            "epoch": 11.87,
            "learning_rate": 2.0317203444545995e-05,
            "loss": 0.0466,
            "step": 1416000
            },
            {
            "epoch": 11.88,
            "learning_rate": 2.0306722231073024e-05,
            "loss": 0.0473,
            "step": 1416500
            },
            {
            "epoch": 11.88,
            "learning_rate": 2.0296241017600053e-05,
            "loss": 0.0471,
            "step": 1417000
            },
            {
            "epoch": 11.89,
            "learning_rate": 2.0285759804127082e-05,
            "loss": 0.0471,
            "step": 1417500
            },
            {
            "epoch": 11.89,
            "learning_rate": 2.027527859065411e-05,
            "loss": 0.0473,
            "step": 1418000
            },
            {
            "epoch": 11.89,
            "learning_rate": 2.026479737718114e-05,
            "loss": 0.0468,
            "step": 1418500
            },
            {
            "epoch": 11.9,
            "learning_rate": 2.025431616370817e-05,
            "loss": 0.0476,
            "step": 1419000
            },
            {
            "epoch": 11.9,
            "learning_rate": 2.0243834950235198e-05,
            "loss": 0.0472,
            "step": 1419500
            },
            {
            "epoch": 11.91,
            "learning_rate": 2.0233353736762227e-05,
            "loss": 0.0471,
            "step": 1420000
            },
            {
            "epoch": 11.91,
            "eval_loss": 0.04640204459428787,
            "eval_runtime": 304.9958,
            "eval_samples_per_second": 1390.304,
            "eval_steps_per_second": 21.725,
            "step": 1420000
            },
            {
            "epoch": 11.91,
            "learning_rate": 2.0222872523289256e-05,
            "loss": 0.0471,
            "step": 1420500
            },
            {
            "epoch": 11.92,
            "learning_rate": 2.0212391309816285e-05,
            "loss": 0.0473,
            "step": 1421000
            },
            {
            "epoch": 11.92,
            "learning_rate": 2.0201910096343314e-05,
            "loss": 0.0474,
            "step": 1421500
            },
            {
            "epoch": 11.92,
            "learning_rate": 2.0191428882870343e-05,
            "loss": 0.0472,
            "step": 1422000
            },
            {
            "epoch": 11.93,
            "learning_rate": 2.0180947669397372e-05,
            "loss": 0.0473,
            "step": 1422500
            },
            {
            "epoch": 11.93,
            "learning_rate": 2.01704664559244e-05,
            "loss": 0.0475,
            "step": 1423000
            },
            {
            "epoch": 11.94,
            "learning_rate": 2.015998524245143e-05,
            "loss": 0.0471,
            "step": 1423500
            },
            {
            "epoch": 11.94,
            "learning_rate": 2.0149504028978463e-05,
            "loss": 0.0468,
            "step": 1424000
            },
            {
            "epoch": 11.94,
            "learning_rate": 2.013902281550549e-05,
            "loss": 0.0466,
            "step": 1424500
            },
            {
            "epoch": 11.95,
            "learning_rate": 2.012854160203252e-05,
            "loss": 0.0471,
            "step": 1425000
            },
            {
            "epoch": 11.95,
            "learning_rate": 2.011806038855955e-05,
            "loss": 0.0473,
            "step": 1425500
            },
            {
            "epoch": 11.96,
            "learning_rate": 2.0107579175086575e-05,
            "loss": 0.0471,
            "step": 1426000
            },
            {
            "epoch": 11.96,
            "learning_rate": 2.0097097961613604e-05,
            "loss": 0.0464,
            "step": 1426500
            },
            {
            "epoch": 11.97,
            "learning_rate": 2.0086616748140633e-05,
            "loss": 0.0475,
            "step": 1427000
            },
            {
            "epoch": 11.97,
            "learning_rate": 2.0076135534667662e-05,
            "loss": 0.0472,
            "step": 1427500
            },
            {
            "epoch": 11.97,
            "learning_rate": 2.006565432119469e-05,
            "loss": 0.0469,
            "step": 1428000
            },
            {
            "epoch": 11.98,
            "learning_rate": 2.005517310772172e-05,
            "loss": 0.0473,
            "step": 1428500
            },
            {
            "epoch": 11.98,
            "learning_rate": 2.004469189424875e-05,
            "loss": 0.0467,
            "step": 1429000
            },
            {
            "epoch": 11.99,
            "learning_rate": 2.0034210680775778e-05,
            "loss": 0.0471,
            "step": 1429500
            },
            {
            "epoch": 11.99,
            "learning_rate": 2.0023729467302807e-05,
            "loss": 0.0474,
            "step": 1430000
            },
            {
            "epoch": 11.99,
            "learning_rate": 2.0013248253829836e-05,
            "loss": 0.0468,
            "step": 1430500
            },
            {
            "epoch": 12.0,
            "learning_rate": 2.0002767040356865e-05,
            "loss": 0.0469,
            "step": 1431000
            },
            {
            "epoch": 12.0,
            "learning_rate": 1.9992285826883894e-05,
            "loss": 0.0465,
            "step": 1431500
            },
            {
            "epoch": 12.01,
            "learning_rate": 1.9981804613410923e-05,
            "loss": 0.0473,
            "step": 1432000
            },
            {
            "epoch": 12.01,
            "learning_rate": 1.9971323399937952e-05,
            "loss": 0.0469,
            "step": 1432500
            },
            {
            "epoch": 12.02,
            "learning_rate": 1.996084218646498e-05,
            "loss": 0.0462,
            "step": 1433000
            },
            {
            "epoch": 12.02,
            "learning_rate": 1.995036097299201e-05,
            "loss": 0.0464,
            "step": 1433500
            },
            {
            "epoch": 12.02,
            "learning_rate": 1.993987975951904e-05,
            "loss": 0.0469,
            "step": 1434000
            },
            {
            "epoch": 12.03,
            "learning_rate": 1.9929398546046068e-05,
            "loss": 0.0465,
            "step": 1434500
            },
            {
            "epoch": 12.03,
            "learning_rate": 1.9918917332573097e-05,
            "loss": 0.0468,
            "step": 1435000
            },
            {
            "epoch": 12.04,
            "learning_rate": 1.9908436119100126e-05,
            "loss": 0.0465,
            "step": 1435500
            },
            {
            "epoch": 12.04,
            "learning_rate": 1.9897954905627155e-05,
            "loss": 0.0466,
            "step": 1436000
            },
            {
            "epoch": 12.05,
            "learning_rate": 1.9887473692154184e-05,
            "loss": 0.0464,
            "step": 1436500
            },
            {
            "epoch": 12.05,
            "learning_rate": 1.9876992478681213e-05,
            "loss": 0.0476,
            "step": 1437000
            },
            {
            "epoch": 12.05,
            "learning_rate": 1.9866511265208242e-05,
            "loss": 0.0467,
            "step": 1437500
            },
            {
            "epoch": 12.06,
            "learning_rate": 1.9856030051735268e-05,
            "loss": 0.0465,
            "step": 1438000
            },
            {
            "epoch": 12.06,
            "learning_rate": 1.9845548838262297e-05,
            "loss": 0.0463,
            "step": 1438500
            },
            {
            "epoch": 12.07,
            "learning_rate": 1.9835067624789326e-05,
            "loss": 0.0471,
            "step": 1439000
            },
            {
            "epoch": 12.07,
            "learning_rate": 1.9824586411316358e-05,
            "loss": 0.0468,
            "step": 1439500
            },
            {
            "epoch": 12.07,
            "learning_rate": 1.9814105197843387e-05,
            "loss": 0.0469,
            "step": 1440000
            },
            {
            "epoch": 12.07,
            "eval_loss": 0.04634087160229683,
            "eval_runtime": 304.7806,
            "eval_samples_per_second": 1391.286,
            "eval_steps_per_second": 21.74,
            "step": 1440000
            },
            {
            "epoch": 12.08,
            "learning_rate": 1.9803623984370416e-05,
            "loss": 0.0466,
            "step": 1440500
            },
            {
            "epoch": 12.08,
            "learning_rate": 1.9793142770897445e-05,
            "loss": 0.0471,
            "step": 1441000
            },
            {
            "epoch": 12.09,
            "learning_rate": 1.9782661557424474e-05,
            "loss": 0.0468,
            "step": 1441500
            },
            {
            "epoch": 12.09,
            "learning_rate": 1.9772180343951503e-05,
            "loss": 0.0467,
            "step": 1442000
            },
            {
            "epoch": 12.1,
            "learning_rate": 1.9761699130478532e-05,
            "loss": 0.0467,
            "step": 1442500
            },
            {
            "epoch": 12.1,
            "learning_rate": 1.975121791700556e-05,
            "loss": 0.0469,
            "step": 1443000
            },
            {
            "epoch": 12.1,
            "learning_rate": 1.974073670353259e-05,
            "loss": 0.0466,
            "step": 1443500
            },
            {
            "epoch": 12.11,
            "learning_rate": 1.973025549005962e-05,
            "loss": 0.0469,
            "step": 1444000
            },
            {
            "epoch": 12.11,
            "learning_rate": 1.9719774276586648e-05,
            "loss": 0.0469,
            "step": 1444500
            },
            {
            "epoch": 12.12,
            "learning_rate": 1.9709293063113677e-05,
            "loss": 0.0467,
            "step": 1445000
            },
            {
            "epoch": 12.12,
            "learning_rate": 1.9698811849640706e-05,
            "loss": 0.0472,
            "step": 1445500
            },
            {
            "epoch": 12.12,
            "learning_rate": 1.9688330636167735e-05,
            "loss": 0.047,
            "step": 1446000
            },
            {
            "epoch": 12.13,
            "learning_rate": 1.9677849422694764e-05,
            "loss": 0.0472,
            "step": 1446500
            },
            {
            "epoch": 12.13,
            "learning_rate": 1.9667368209221793e-05,
            "loss": 0.0468,
            "step": 1447000
            },
            {
            "epoch": 12.14,
            "learning_rate": 1.9656886995748822e-05,
            "loss": 0.0465,
            "step": 1447500
            },
            {
            "epoch": 12.14,
            "learning_rate": 1.964640578227585e-05,
            "loss": 0.0466,
            "step": 1448000
            },
            {
            "epoch": 12.15,
            "learning_rate": 1.963592456880288e-05,
            "loss": 0.0471,
            "step": 1448500
            },
            {
            "epoch": 12.15,
            "learning_rate": 1.962544335532991e-05,
            "loss": 0.0467,
            "step": 1449000
            },
            {
            "epoch": 12.15,
            "learning_rate": 1.9614962141856938e-05,
            "loss": 0.0469,
            "step": 1449500
            },
            {
            "epoch": 12.16,
            "learning_rate": 1.9604480928383964e-05,
            "loss": 0.0466,
            "step": 1450000
            },
            {
            "epoch": 12.16,
            "learning_rate": 1.9593999714910993e-05,
            "loss": 0.0469,
            "step": 1450500
            },
            {
            "epoch": 12.17,
            "learning_rate": 1.9583518501438022e-05,
            "loss": 0.0472,
            "step": 1451000
            },
            {
            "epoch": 12.17,
            "learning_rate": 1.957303728796505e-05,
            "loss": 0.0466,
            "step": 1451500
            },
            {
            "epoch": 12.17,
            "learning_rate": 1.956255607449208e-05,
            "loss": 0.0473,
            "step": 1452000
            },
            {
            "epoch": 12.18,
            "learning_rate": 1.955207486101911e-05,
            "loss": 0.0462,
            "step": 1452500
            },
            {
            "epoch": 12.18,
            "learning_rate": 1.9541593647546138e-05,
            "loss": 0.0471,
            "step": 1453000
            },
            {
            "epoch": 12.19,
            "learning_rate": 1.9531112434073167e-05,
            "loss": 0.0466,
            "step": 1453500
            },
            {
            "epoch": 12.19,
            "learning_rate": 1.9520631220600196e-05,
            "loss": 0.0471,
            "step": 1454000
            },
            {
            "epoch": 12.2,
            "learning_rate": 1.9510150007127225e-05,
            "loss": 0.0468,
            "step": 1454500
            },
            {
            "epoch": 12.2,
            "learning_rate": 1.9499668793654254e-05,
            "loss": 0.0469,
            "step": 1455000
            },
            {
            "epoch": 12.2,
            "learning_rate": 1.9489187580181283e-05,
            "loss": 0.0469,
            "step": 1455500
            },
            {
            "epoch": 12.21,
            "learning_rate": 1.9478706366708312e-05,
            "loss": 0.0468,
            "step": 1456000
            },
            {
            "epoch": 12.21,
            "learning_rate": 1.946822515323534e-05,
            "loss": 0.0466,
            "step": 1456500
            },
            {
            "epoch": 12.22,
            "learning_rate": 1.945774393976237e-05,
            "loss": 0.0465,
            "step": 1457000
            },
            {
            "epoch": 12.22,
            "learning_rate": 1.94472627262894e-05,
            "loss": 0.0465,
            "step": 1457500
            },
            {
            "epoch": 12.23,
            "learning_rate": 1.9436781512816428e-05,
            "loss": 0.0461,
            "step": 1458000
            },
            {
            "epoch": 12.23,
            "learning_rate": 1.9426300299343457e-05,
            "loss": 0.0471,
            "step": 1458500
            },
            {
            "epoch": 12.23,
            "learning_rate": 1.941581908587049e-05,
            "loss": 0.047,
            "step": 1459000
            },
            {
            "epoch": 12.24,
            "learning_rate": 1.9405337872397518e-05,
            "loss": 0.0471,
            "step": 1459500
            },
            {
            "epoch": 12.24,
            "learning_rate": 1.9394856658924547e-05,
            "loss": 0.0468,
            "step": 1460000
            },
            {
            "epoch": 12.24,
            "eval_loss": 0.04617560654878616,
            "eval_runtime": 304.897,
            "eval_samples_per_second": 1390.755,
            "eval_steps_per_second": 21.732,
            "step": 1460000
            },
            {
            "epoch": 12.25,
            "learning_rate": 1.9384375445451576e-05,
            "loss": 0.0464,
            "step": 1460500
            },
            {
            "epoch": 12.25,
            "learning_rate": 1.9373894231978605e-05,
            "loss": 0.0472,
            "step": 1461000
            },
            {
            "epoch": 12.25,
            "learning_rate": 1.936341301850563e-05,
            "loss": 0.0469,
            "step": 1461500
            },
            {
            "epoch": 12.26,
            "learning_rate": 1.935293180503266e-05,
            "loss": 0.0475,
            "step": 1462000
            },
            {
            "epoch": 12.26,
            "learning_rate": 1.934245059155969e-05,
            "loss": 0.0466,
            "step": 1462500
            },
            {
            "epoch": 12.27,
            "learning_rate": 1.9331969378086718e-05,
            "loss": 0.047,
            "step": 1463000
            },
            {
            "epoch": 12.27,
            "learning_rate": 1.9321488164613747e-05,
            "loss": 0.0468,
            "step": 1463500
            },
            {
            "epoch": 12.28,
            "learning_rate": 1.9311006951140776e-05,
            "loss": 0.046,
            "step": 1464000
            },
            {
            "epoch": 12.28,
            "learning_rate": 1.9300525737667805e-05,
            "loss": 0.047,
            "step": 1464500
            },
            {
            "epoch": 12.28,
            "learning_rate": 1.9290044524194834e-05,
            "loss": 0.0471,
            "step": 1465000
            },
            {
            "epoch": 12.29,
            "learning_rate": 1.9279563310721863e-05,
            "loss": 0.0473,
            "step": 1465500
            },
            {
            "epoch": 12.29,
            "learning_rate": 1.9269082097248892e-05,
            "loss": 0.0469,
            "step": 1466000
            },
            {
            "epoch": 12.3,
            "learning_rate": 1.925860088377592e-05,
            "loss": 0.0471,
            "step": 1466500
            },
            {
            "epoch": 12.3,
            "learning_rate": 1.924811967030295e-05,
            "loss": 0.0467,
            "step": 1467000
            },
            {
            "epoch": 12.3,
            "learning_rate": 1.923763845682998e-05,
            "loss": 0.047,
            "step": 1467500
            },
            {
            "epoch": 12.31,
            "learning_rate": 1.9227157243357008e-05,
            "loss": 0.0472,
            "step": 1468000
            },
            {
            "epoch": 12.31,
            "learning_rate": 1.9216676029884037e-05,
            "loss": 0.0471,
            "step": 1468500
            },
            {
            "epoch": 12.32,
            "learning_rate": 1.9206194816411066e-05,
            "loss": 0.0459,
            "step": 1469000
            },
            {
            "epoch": 12.32,
            "learning_rate": 1.9195713602938095e-05,
            "loss": 0.0469,
            "step": 1469500
            },
            {
            "epoch": 12.33,
            "learning_rate": 1.9185232389465124e-05,
            "loss": 0.0472,
            "step": 1470000
            },
            {
            "epoch": 12.33,
            "learning_rate": 1.9174751175992153e-05,
            "loss": 0.0466,
            "step": 1470500
            },
            {
            "epoch": 12.33,
            "learning_rate": 1.9164269962519182e-05,
            "loss": 0.0469,
            "step": 1471000
            },
            {
            "epoch": 12.34,
            "learning_rate": 1.915378874904621e-05,
            "loss": 0.0468,
            "step": 1471500
            },
            {
            "epoch": 12.34,
            "learning_rate": 1.914330753557324e-05,
            "loss": 0.0463,
            "step": 1472000
            },
            {
            "epoch": 12.35,
            "learning_rate": 1.913282632210027e-05,
            "loss": 0.0469,
            "step": 1472500
            },
            {
            "epoch": 12.35,
            "learning_rate": 1.9122345108627298e-05,
            "loss": 0.0475,
            "step": 1473000
            },
            {
            "epoch": 12.36,
            "learning_rate": 1.9111863895154323e-05,
            "loss": 0.0469,
            "step": 1473500
            },
            {
            "epoch": 12.36,
            "learning_rate": 1.9101382681681352e-05,
            "loss": 0.0466,
            "step": 1474000
            },
            {
            "epoch": 12.36,
            "learning_rate": 1.9090901468208385e-05,
            "loss": 0.0467,
            "step": 1474500
            },
            {
            "epoch": 12.37,
            "learning_rate": 1.9080420254735414e-05,
            "loss": 0.0462,
            "step": 1475000
            },
            {
            "epoch": 12.37,
            "learning_rate": 1.9069939041262443e-05,
            "loss": 0.0465,
            "step": 1475500
            },
            {
            "epoch": 12.38,
            "learning_rate": 1.9059457827789472e-05,
            "loss": 0.0467,
            "step": 1476000
            },
            {
            "epoch": 12.38,
            "learning_rate": 1.90489766143165e-05,
            "loss": 0.0466,
            "step": 1476500
            },
            {
            "epoch": 12.38,
            "learning_rate": 1.903849540084353e-05,
            "loss": 0.0467,
            "step": 1477000
            },
            {
            "epoch": 12.39,
            "learning_rate": 1.902801418737056e-05,
            "loss": 0.0473,
            "step": 1477500
            },
            {
            "epoch": 12.39,
            "learning_rate": 1.9017532973897588e-05,
            "loss": 0.0466,
            "step": 1478000
            },
            {
            "epoch": 12.4,
            "learning_rate": 1.9007051760424617e-05,
            "loss": 0.0465,
            "step": 1478500
            },
            {
            "epoch": 12.4,
            "learning_rate": 1.8996570546951646e-05,
            "loss": 0.0466,
            "step": 1479000
            },
            {
            "epoch": 12.41,
            "learning_rate": 1.8986089333478675e-05,
            "loss": 0.0472,
            "step": 1479500
            },
            {
            "epoch": 12.41,
            "learning_rate": 1.8975608120005704e-05,
            "loss": 0.0466,
            "step": 1480000
            },
            {
            "epoch": 12.41,
            "eval_loss": 0.04603838175535202,
            "eval_runtime": 304.871,
            "eval_samples_per_second": 1390.873,
            "eval_steps_per_second": 21.734,
            "step": 1480000
            },
            {
            "epoch": 12.41,
            "learning_rate": 1.8965126906532733e-05,
            "loss": 0.0464,
            "step": 1480500
            },
            {
            "epoch": 12.42,
            "learning_rate": 1.8954645693059762e-05,
            "loss": 0.0463,
            "step": 1481000
            },
            {
            "epoch": 12.42,
            "learning_rate": 1.894416447958679e-05,
            "loss": 0.047,
            "step": 1481500
            },
            {
            "epoch": 12.43,
            "learning_rate": 1.893368326611382e-05,
            "loss": 0.0469,
            "step": 1482000
            },
            {
            "epoch": 12.43,
            "learning_rate": 1.892320205264085e-05,
            "loss": 0.047,
            "step": 1482500
            },
            {
            "epoch": 12.43,
            "learning_rate": 1.8912720839167878e-05,
            "loss": 0.0467,
            "step": 1483000
            },
            {
            "epoch": 12.44,
            "learning_rate": 1.8902239625694907e-05,
            "loss": 0.0469,
            "step": 1483500
            },
            {
            "epoch": 12.44,
            "learning_rate": 1.8891758412221936e-05,
            "loss": 0.0463,
            "step": 1484000
            },
            {
            "epoch": 12.45,
            "learning_rate": 1.8881277198748965e-05,
            "loss": 0.0469,
            "step": 1484500
            },
            {
            "epoch": 12.45,
            "learning_rate": 1.8870795985275994e-05,
            "loss": 0.0464,
            "step": 1485000
            },
            {
            "epoch": 12.46,
            "learning_rate": 1.886031477180302e-05,
            "loss": 0.0471,
            "step": 1485500
            },
            {
            "epoch": 12.46,
            "learning_rate": 1.884983355833005e-05,
            "loss": 0.0466,
            "step": 1486000
            },
            {
            "epoch": 12.46,
            "learning_rate": 1.8839352344857077e-05,
            "loss": 0.0463,
            "step": 1486500
            },
            {
            "epoch": 12.47,
            "learning_rate": 1.8828871131384106e-05,
            "loss": 0.0471,
            "step": 1487000
            },
            {
            "epoch": 12.47,
            "learning_rate": 1.8818389917911135e-05,
            "loss": 0.0466,
            "step": 1487500
            },
            {
            "epoch": 12.48,
            "learning_rate": 1.8807908704438164e-05,
            "loss": 0.0466,
            "step": 1488000
            },
            {
            "epoch": 12.48,
            "learning_rate": 1.8797427490965193e-05,
            "loss": 0.0468,
            "step": 1488500
            },
            {
            "epoch": 12.49,
            "learning_rate": 1.8786946277492222e-05,
            "loss": 0.0465,
            "step": 1489000
            },
            {
            "epoch": 12.49,
            "learning_rate": 1.877646506401925e-05,
            "loss": 0.0465,
            "step": 1489500
            },
            {
            "epoch": 12.49,
            "learning_rate": 1.876598385054628e-05,
            "loss": 0.0465,
            "step": 1490000
            },
            {
            "epoch": 12.5,
            "learning_rate": 1.875550263707331e-05,
            "loss": 0.0467,
            "step": 1490500
            },
            {
            "epoch": 12.5,
            "learning_rate": 1.874502142360034e-05,
            "loss": 0.0473,
            "step": 1491000
            },
            {
            "epoch": 12.51,
            "learning_rate": 1.8734540210127367e-05,
            "loss": 0.0464,
            "step": 1491500
            },
            {
            "epoch": 12.51,
            "learning_rate": 1.8724058996654396e-05,
            "loss": 0.0466,
            "step": 1492000
            },
            {
            "epoch": 12.51,
            "learning_rate": 1.8713577783181425e-05,
            "loss": 0.0472,
            "step": 1492500
            },
            {
            "epoch": 12.52,
            "learning_rate": 1.8703096569708454e-05,
            "loss": 0.0467,
            "step": 1493000
            },
            {
            "epoch": 12.52,
            "learning_rate": 1.8692615356235483e-05,
            "loss": 0.0462,
            "step": 1493500
            },
            {
            "epoch": 12.53,
            "learning_rate": 1.8682134142762512e-05,
            "loss": 0.0465,
            "step": 1494000
            },
            {
            "epoch": 12.53,
            "learning_rate": 1.8671652929289545e-05,
            "loss": 0.0469,
            "step": 1494500
            },
            {
            "epoch": 12.54,
            "learning_rate": 1.8661171715816574e-05,
            "loss": 0.0466,
            "step": 1495000
            },
            {
            "epoch": 12.54,
            "learning_rate": 1.8650690502343603e-05,
            "loss": 0.0465,
            "step": 1495500
            },
            {
            "epoch": 12.54,
            "learning_rate": 1.8640209288870632e-05,
            "loss": 0.047,
            "step": 1496000
            },
            {
            "epoch": 12.55,
            "learning_rate": 1.862972807539766e-05,
            "loss": 0.0466,
            "step": 1496500
            },
            {
            "epoch": 12.55,
            "learning_rate": 1.8619246861924686e-05,
            "loss": 0.0464,
            "step": 1497000
            },
            {
            "epoch": 12.56,
            "learning_rate": 1.8608765648451715e-05,
            "loss": 0.0469,
            "step": 1497500
            },
            {
            "epoch": 12.56,
            "learning_rate": 1.8598284434978744e-05,
            "loss": 0.0463,
            "step": 1498000
            },
            {
            "epoch": 12.56,
            "learning_rate": 1.8587803221505773e-05,
            "loss": 0.0468,
            "step": 1498500
            },
            {
            "epoch": 12.57,
            "learning_rate": 1.8577322008032802e-05,
            "loss": 0.0467,
            "step": 1499000
            },
            {
            "epoch": 12.57,
            "learning_rate": 1.856684079455983e-05,
            "loss": 0.0461,
            "step": 1499500
            },
            {
            "epoch": 12.58,
            "learning_rate": 1.855635958108686e-05,
            "loss": 0.0464,
            "step": 1500000
            },
            {
            "epoch": 12.58,
            "eval_loss": 0.046078287065029144,
            "eval_runtime": 304.9422,
            "eval_samples_per_second": 1390.549,
            "eval_steps_per_second": 21.729,
            "step": 1500000
            },
            {
            "epoch": 12.58,
            "learning_rate": 1.854587836761389e-05,
            "loss": 0.0463,
            "step": 1500500
            },
            {
            "epoch": 12.59,
            "learning_rate": 1.853539715414092e-05,
            "loss": 0.0465,
            "step": 1501000
            },
            {
            "epoch": 12.59,
            "learning_rate": 1.8524915940667947e-05,
            "loss": 0.0465,
            "step": 1501500
            },
            {
            "epoch": 12.59,
            "learning_rate": 1.8514434727194976e-05,
            "loss": 0.0466,
            "step": 1502000
            },
            {
            "epoch": 12.6,
            "learning_rate": 1.8503953513722005e-05,
            "loss": 0.047,
            "step": 1502500
            },
            {
            "epoch": 12.6,
            "learning_rate": 1.8493472300249034e-05,
            "loss": 0.0462,
            "step": 1503000
            },
            {
            "epoch": 12.61,
            "learning_rate": 1.8482991086776063e-05,
            "loss": 0.0466,
            "step": 1503500
            },
            {
            "epoch": 12.61,
            "learning_rate": 1.8472509873303092e-05,
            "loss": 0.0469,
            "step": 1504000
            },
            {
            "epoch": 12.62,
            "learning_rate": 1.846202865983012e-05,
            "loss": 0.0464,
            "step": 1504500
            },
            {
            "epoch": 12.62,
            "learning_rate": 1.845154744635715e-05,
            "loss": 0.0462,
            "step": 1505000
            },
            {
            "epoch": 12.62,
            "learning_rate": 1.844106623288418e-05,
            "loss": 0.0466,
            "step": 1505500
            },
            {
            "epoch": 12.63,
            "learning_rate": 1.843058501941121e-05,
            "loss": 0.0467,
            "step": 1506000
            },
            {
            "epoch": 12.63,
            "learning_rate": 1.8420103805938237e-05,
            "loss": 0.046,
            "step": 1506500
            },
            {
            "epoch": 12.64,
            "learning_rate": 1.8409622592465266e-05,
            "loss": 0.0466,
            "step": 1507000
            },
            {
            "epoch": 12.64,
            "learning_rate": 1.8399141378992295e-05,
            "loss": 0.0469,
            "step": 1507500
            },
            {
            "epoch": 12.64,
            "learning_rate": 1.8388660165519324e-05,
            "loss": 0.0469,
            "step": 1508000
            },
            {
            "epoch": 12.65,
            "learning_rate": 1.8378178952046353e-05,
            "loss": 0.047,
            "step": 1508500
            },
            {
            "epoch": 12.65,
            "learning_rate": 1.836769773857338e-05,
            "loss": 0.0465,
            "step": 1509000
            },
            {
            "epoch": 12.66,
            "learning_rate": 1.8357216525100408e-05,
            "loss": 0.0463,
            "step": 1509500
            },
            {
            "epoch": 12.66,
            "learning_rate": 1.834673531162744e-05,
            "loss": 0.0464,
            "step": 1510000
            },
            {
            "epoch": 12.67,
            "learning_rate": 1.833625409815447e-05,
            "loss": 0.0467,
            "step": 1510500
            },
            {
            "epoch": 12.67,
            "learning_rate": 1.83257728846815e-05,
            "loss": 0.0464,
            "step": 1511000
            },
            {
            "epoch": 12.67,
            "learning_rate": 1.8315291671208527e-05,
            "loss": 0.0468,
            "step": 1511500
            },
            {
            "epoch": 12.68,
            "learning_rate": 1.8304810457735556e-05,
            "loss": 0.047,
            "step": 1512000
            },
            {
            "epoch": 12.68,
            "learning_rate": 1.8294329244262585e-05,
            "loss": 0.0469,
            "step": 1512500
            },
            {
            "epoch": 12.69,
            "learning_rate": 1.8283848030789614e-05,
            "loss": 0.0466,
            "step": 1513000
            },
            {
            "epoch": 12.69,
            "learning_rate": 1.8273366817316643e-05,
            "loss": 0.0468,
            "step": 1513500
            },
            {
            "epoch": 12.69,
            "learning_rate": 1.8262885603843672e-05,
            "loss": 0.0464,
            "step": 1514000
            },
            {
            "epoch": 12.7,
            "learning_rate": 1.82524043903707e-05,
            "loss": 0.0468,
            "step": 1514500
            },
            {
            "epoch": 12.7,
            "learning_rate": 1.824192317689773e-05,
            "loss": 0.0469,
            "step": 1515000
            },
            {
            "epoch": 12.71,
            "learning_rate": 1.823144196342476e-05,
            "loss": 0.0467,
            "step": 1515500
            },
            {
            "epoch": 12.71,
            "learning_rate": 1.822096074995179e-05,
            "loss": 0.0464,
            "step": 1516000
            },
            {
            "epoch": 12.72,
            "learning_rate": 1.8210479536478817e-05,
            "loss": 0.0473,
            "step": 1516500
            },
            {
            "epoch": 12.72,
            "learning_rate": 1.8199998323005846e-05,
            "loss": 0.0465,
            "step": 1517000
            },
            {
            "epoch": 12.72,
            "learning_rate": 1.8189517109532875e-05,
            "loss": 0.0467,
            "step": 1517500
            },
            {
            "epoch": 12.73,
            "learning_rate": 1.8179035896059904e-05,
            "loss": 0.0467,
            "step": 1518000
            },
            {
            "epoch": 12.73,
            "learning_rate": 1.8168554682586933e-05,
            "loss": 0.0465,
            "step": 1518500
            },
            {
            "epoch": 12.74,
            "learning_rate": 1.8158073469113962e-05,
            "loss": 0.047,
            "step": 1519000
            },
            {
            "epoch": 12.74,
            "learning_rate": 1.814759225564099e-05,
            "loss": 0.0469,
            "step": 1519500
            },
            {
            "epoch": 12.75,
            "learning_rate": 1.813711104216802e-05,
            "loss": 0.0474,
            "step": 1520000
            },
            {
            "epoch": 12.75,
            "eval_loss": 0.04585285112261772,
            "eval_runtime": 304.8301,
            "eval_samples_per_second": 1391.06,
            "eval_steps_per_second": 21.737,
            "step": 1520000
            },
            {
            "epoch": 12.75,
            "learning_rate": 1.812662982869505e-05,
            "loss": 0.0471,
            "step": 1520500
            },
            {
            "epoch": 12.75,
            "learning_rate": 1.8116148615222075e-05,
            "loss": 0.0467,
            "step": 1521000
            },
            {
            "epoch": 12.76,
            "learning_rate": 1.8105667401749104e-05,
            "loss": 0.0468,
            "step": 1521500
            },
            {
            "epoch": 12.76,
            "learning_rate": 1.8095186188276133e-05,
            "loss": 0.0468,
            "step": 1522000
            },
            {
            "epoch": 12.77,
            "learning_rate": 1.8084704974803162e-05,
            "loss": 0.0463,
            "step": 1522500
            },
            {
            "epoch": 12.77,
            "learning_rate": 1.807422376133019e-05,
            "loss": 0.0465,
            "step": 1523000
            },
            {
            "epoch": 12.77,
            "learning_rate": 1.806374254785722e-05,
            "loss": 0.0466,
            "step": 1523500
            },
            {
            "epoch": 12.78,
            "learning_rate": 1.805326133438425e-05,
            "loss": 0.0462,
            "step": 1524000
            },
            {
            "epoch": 12.78,
            "learning_rate": 1.8042780120911278e-05,
            "loss": 0.047,
            "step": 1524500
            },
            {
            "epoch": 12.79,
            "learning_rate": 1.8032298907438307e-05,
            "loss": 0.0465,
            "step": 1525000
            },
            {
            "epoch": 12.79,
            "learning_rate": 1.8021817693965336e-05,
            "loss": 0.0467,
            "step": 1525500
            },
            {
            "epoch": 12.8,
            "learning_rate": 1.8011336480492365e-05,
            "loss": 0.0467,
            "step": 1526000
            },
            {
            "epoch": 12.8,
            "learning_rate": 1.8000855267019394e-05,
            "loss": 0.0465,
            "step": 1526500
            },
            {
            "epoch": 12.8,
            "learning_rate": 1.7990374053546423e-05,
            "loss": 0.0465,
            "step": 1527000
            },
            {
            "epoch": 12.81,
            "learning_rate": 1.7979892840073452e-05,
            "loss": 0.0468,
            "step": 1527500
            },
            {
            "epoch": 12.81,
            "learning_rate": 1.796941162660048e-05,
            "loss": 0.0461,
            "step": 1528000
            },
            {
            "epoch": 12.82,
            "learning_rate": 1.795893041312751e-05,
            "loss": 0.0461,
            "step": 1528500
            },
            {
            "epoch": 12.82,
            "learning_rate": 1.794844919965454e-05,
            "loss": 0.0467,
            "step": 1529000
            },
            {
            "epoch": 12.82,
            "learning_rate": 1.7937967986181568e-05,
            "loss": 0.0468,
            "step": 1529500
            },
            {
            "epoch": 12.83,
            "learning_rate": 1.79274867727086e-05,
            "loss": 0.0466,
            "step": 1530000
            },
            {
            "epoch": 12.83,
            "learning_rate": 1.791700555923563e-05,
            "loss": 0.0469,
            "step": 1530500
            },
            {
            "epoch": 12.84,
            "learning_rate": 1.790652434576266e-05,
            "loss": 0.0467,
            "step": 1531000
            },
            {
            "epoch": 12.84,
            "learning_rate": 1.7896043132289687e-05,
            "loss": 0.0471,
            "step": 1531500
            },
            {
            "epoch": 12.85,
            "learning_rate": 1.7885561918816716e-05,
            "loss": 0.0462,
            "step": 1532000
            },
            {
            "epoch": 12.85,
            "learning_rate": 1.7875080705343742e-05,
            "loss": 0.0463,
            "step": 1532500
            },
            {
            "epoch": 12.85,
            "learning_rate": 1.786459949187077e-05,
            "loss": 0.0463,
            "step": 1533000
            },
            {
            "epoch": 12.86,
            "learning_rate": 1.78541182783978e-05,
            "loss": 0.0464,
            "step": 1533500
            },
            {
            "epoch": 12.86,
            "learning_rate": 1.784363706492483e-05,
            "loss": 0.0462,
            "step": 1534000
            },
            {
            "epoch": 12.87,
            "learning_rate": 1.7833155851451858e-05,
            "loss": 0.0464,
            "step": 1534500
            },
            {
            "epoch": 12.87,
            "learning_rate": 1.7822674637978887e-05,
            "loss": 0.0466,
            "step": 1535000
            },
            {
            "epoch": 12.88,
            "learning_rate": 1.7812193424505916e-05,
            "loss": 0.0463,
            "step": 1535500
            },
            {
            "epoch": 12.88,
            "learning_rate": 1.7801712211032945e-05,
            "loss": 0.0466,
            "step": 1536000
            },
            {
            "epoch": 12.88,
            "learning_rate": 1.7791230997559974e-05,
            "loss": 0.0465,
            "step": 1536500
            },
            {
            "epoch": 12.89,
            "learning_rate": 1.7780749784087003e-05,
            "loss": 0.0466,
            "step": 1537000
            },
            {
            "epoch": 12.89,
            "learning_rate": 1.7770268570614032e-05,
            "loss": 0.0465,
            "step": 1537500
            },
            {
            "epoch": 12.9,
            "learning_rate": 1.775978735714106e-05,
            "loss": 0.0463,
            "step": 1538000
            },
            {
            "epoch": 12.9,
            "learning_rate": 1.774930614366809e-05,
            "loss": 0.0472,
            "step": 1538500
            },
            {
            "epoch": 12.9,
            "learning_rate": 1.773882493019512e-05,
            "loss": 0.047,
            "step": 1539000
            },
            {
            "epoch": 12.91,
            "learning_rate": 1.7728343716722148e-05,
            "loss": 0.0466,
            "step": 1539500
            },
            {
            "epoch": 12.91,
            "learning_rate": 1.7717862503249177e-05,
            "loss": 0.0463,
            "step": 1540000
            },
            {
            "epoch": 12.91,
            "eval_loss": 0.045768462121486664,
            "eval_runtime": 304.7577,
            "eval_samples_per_second": 1391.391,
            "eval_steps_per_second": 21.742,
            "step": 1540000
            },
            {
            "epoch": 12.92,
            "learning_rate": 1.7707381289776206e-05,
            "loss": 0.0462,
            "step": 1540500
            },
            {
            "epoch": 12.92,
            "learning_rate": 1.7696900076303235e-05,
            "loss": 0.0467,
            "step": 1541000
            },
            {
            "epoch": 12.93,
            "learning_rate": 1.7686418862830264e-05,
            "loss": 0.0468,
            "step": 1541500
            },
            {
            "epoch": 12.93,
            "learning_rate": 1.7675937649357293e-05,
            "loss": 0.0469,
            "step": 1542000
            },
            {
            "epoch": 12.93,
            "learning_rate": 1.7665456435884322e-05,
            "loss": 0.0464,
            "step": 1542500
            },
            {
            "epoch": 12.94,
            "learning_rate": 1.765497522241135e-05,
            "loss": 0.0467,
            "step": 1543000
            },
            {
            "epoch": 12.94,
            "learning_rate": 1.764449400893838e-05,
            "loss": 0.047,
            "step": 1543500
            },
            {
            "epoch": 12.95,
            "learning_rate": 1.763401279546541e-05,
            "loss": 0.0465,
            "step": 1544000
            },
            {
            "epoch": 12.95,
            "learning_rate": 1.7623531581992435e-05,
            "loss": 0.0465,
            "step": 1544500
            },
            {
            "epoch": 12.95,
            "learning_rate": 1.7613050368519464e-05,
            "loss": 0.0464,
            "step": 1545000
            },
            {
            "epoch": 12.96,
            "learning_rate": 1.7602569155046496e-05,
            "loss": 0.0466,
            "step": 1545500
            },
            {
            "epoch": 12.96,
            "learning_rate": 1.7592087941573525e-05,
            "loss": 0.0465,
            "step": 1546000
            },
            {
            "epoch": 12.97,
            "learning_rate": 1.7581606728100554e-05,
            "loss": 0.0464,
            "step": 1546500
            },
            {
            "epoch": 12.97,
            "learning_rate": 1.7571125514627583e-05,
            "loss": 0.0466,
            "step": 1547000
            },
            {
            "epoch": 12.98,
            "learning_rate": 1.7560644301154612e-05,
            "loss": 0.0462,
            "step": 1547500
            },
            {
            "epoch": 12.98,
            "learning_rate": 1.755016308768164e-05,
            "loss": 0.0461,
            "step": 1548000
            },
            {
            "epoch": 12.98,
            "learning_rate": 1.753968187420867e-05,
            "loss": 0.0469,
            "step": 1548500
            },
            {
            "epoch": 12.99,
            "learning_rate": 1.75292006607357e-05,
            "loss": 0.046,
            "step": 1549000
            },
            {
            "epoch": 12.99,
            "learning_rate": 1.7518719447262728e-05,
            "loss": 0.0469,
            "step": 1549500
            },
            {
            "epoch": 13.0,
            "learning_rate": 1.7508238233789757e-05,
            "loss": 0.0467,
            "step": 1550000
            },
            {
            "epoch": 13.0,
            "learning_rate": 1.7497757020316786e-05,
            "loss": 0.0467,
            "step": 1550500
            },
            {
            "epoch": 13.01,
            "learning_rate": 1.7487275806843815e-05,
            "loss": 0.0465,
            "step": 1551000
            },
            {
            "epoch": 13.01,
            "learning_rate": 1.7476794593370844e-05,
            "loss": 0.0464,
            "step": 1551500
            },
            {
            "epoch": 13.01,
            "learning_rate": 1.7466313379897873e-05,
            "loss": 0.0462,
            "step": 1552000
            },
            {
            "epoch": 13.02,
            "learning_rate": 1.7455832166424902e-05,
            "loss": 0.0465,
            "step": 1552500
            },
            {
            "epoch": 13.02,
            "learning_rate": 1.744535095295193e-05,
            "loss": 0.0462,
            "step": 1553000
            },
            {
            "epoch": 13.03,
            "learning_rate": 1.743486973947896e-05,
            "loss": 0.0465,
            "step": 1553500
            },
            {
            "epoch": 13.03,
            "learning_rate": 1.742438852600599e-05,
            "loss": 0.046,
            "step": 1554000
            },
            {
            "epoch": 13.03,
            "learning_rate": 1.7413907312533018e-05,
            "loss": 0.0461,
            "step": 1554500
            },
            {
            "epoch": 13.04,
            "learning_rate": 1.7403426099060047e-05,
            "loss": 0.0464,
            "step": 1555000
            },
            {
            "epoch": 13.04,
            "learning_rate": 1.7392944885587076e-05,
            "loss": 0.0465,
            "step": 1555500
            },
            {
            "epoch": 13.05,
            "learning_rate": 1.7382463672114105e-05,
            "loss": 0.0462,
            "step": 1556000
            },
            {
            "epoch": 13.05,
            "learning_rate": 1.737198245864113e-05,
            "loss": 0.0463,
            "step": 1556500
            },
            {
            "epoch": 13.06,
            "learning_rate": 1.736150124516816e-05,
            "loss": 0.046,
            "step": 1557000
            },
            {
            "epoch": 13.06,
            "learning_rate": 1.735102003169519e-05,
            "loss": 0.0462,
            "step": 1557500
            },
            {
            "epoch": 13.06,
            "learning_rate": 1.7340538818222218e-05,
            "loss": 0.046,
            "step": 1558000
            },
            {
            "epoch": 13.07,
            "learning_rate": 1.7330057604749247e-05,
            "loss": 0.046,
            "step": 1558500
            },
            {
            "epoch": 13.07,
            "learning_rate": 1.7319576391276276e-05,
            "loss": 0.0464,
            "step": 1559000
            },
            {
            "epoch": 13.08,
            "learning_rate": 1.7309095177803305e-05,
            "loss": 0.046,
            "step": 1559500
            },
            {
            "epoch": 13.08,
            "learning_rate": 1.7298613964330334e-05,
            "loss": 0.0461,
            "step": 1560000
            },
            {
            "epoch": 13.08,
            "eval_loss": 0.04577856883406639,
            "eval_runtime": 305.1016,
            "eval_samples_per_second": 1389.822,
            "eval_steps_per_second": 21.717,
            "step": 1560000
            },
            {
            "epoch": 13.08,
            "learning_rate": 1.7288132750857363e-05,
            "loss": 0.0456,
            "step": 1560500
            },
            {
            "epoch": 13.09,
            "learning_rate": 1.727765153738439e-05,
            "loss": 0.0468,
            "step": 1561000
            },
            {
            "epoch": 13.09,
            "learning_rate": 1.726717032391142e-05,
            "loss": 0.0461,
            "step": 1561500
            },
            {
            "epoch": 13.1,
            "learning_rate": 1.725668911043845e-05,
            "loss": 0.0465,
            "step": 1562000
            },
            {
            "epoch": 13.1,
            "learning_rate": 1.724620789696548e-05,
            "loss": 0.0464,
            "step": 1562500
            },
            {
            "epoch": 13.11,
            "learning_rate": 1.7235726683492508e-05,
            "loss": 0.0465,
            "step": 1563000
            },
            {
            "epoch": 13.11,
            "learning_rate": 1.7225245470019537e-05,
            "loss": 0.0462,
            "step": 1563500
            },
            {
            "epoch": 13.11,
            "learning_rate": 1.7214764256546566e-05,
            "loss": 0.0464,
            "step": 1564000
            },
            {
            "epoch": 13.12,
            "learning_rate": 1.7204283043073595e-05,
            "loss": 0.0461,
            "step": 1564500
            },
            {
            "epoch": 13.12,
            "learning_rate": 1.7193801829600627e-05,
            "loss": 0.0461,
            "step": 1565000
            },
            {
            "epoch": 13.13,
            "learning_rate": 1.7183320616127656e-05,
            "loss": 0.0462,
            "step": 1565500
            },
            {
            "epoch": 13.13,
            "learning_rate": 1.7172839402654685e-05,
            "loss": 0.0462,
            "step": 1566000
            },
            {
            "epoch": 13.14,
            "learning_rate": 1.7162358189181714e-05,
            "loss": 0.0464,
            "step": 1566500
            },
            {
            "epoch": 13.14,
            "learning_rate": 1.7151876975708743e-05,
            "loss": 0.0463,
            "step": 1567000
            },
            {
            "epoch": 13.14,
            "learning_rate": 1.7141395762235772e-05,
            "loss": 0.0459,
            "step": 1567500
            },
            {
            "epoch": 13.15,
            "learning_rate": 1.7130914548762798e-05,
            "loss": 0.0462,
            "step": 1568000
            },
            {
            "epoch": 13.15,
            "learning_rate": 1.7120433335289827e-05,
            "loss": 0.0465,
            "step": 1568500
            },
            {
            "epoch": 13.16,
            "learning_rate": 1.7109952121816856e-05,
            "loss": 0.0465,
            "step": 1569000
            },
            {
            "epoch": 13.16,
            "learning_rate": 1.7099470908343885e-05,
            "loss": 0.0463,
            "step": 1569500
            },
            {
            "epoch": 13.16,
            "learning_rate": 1.7088989694870914e-05,
            "loss": 0.0462,
            "step": 1570000
            },
            {
            "epoch": 13.17,
            "learning_rate": 1.7078508481397943e-05,
            "loss": 0.0462,
            "step": 1570500
            },
            {
            "epoch": 13.17,
            "learning_rate": 1.706802726792497e-05,
            "loss": 0.0458,
            "step": 1571000
            },
            {
            "epoch": 13.18,
            "learning_rate": 1.7057546054452e-05,
            "loss": 0.0459,
            "step": 1571500
            },
            {
            "epoch": 13.18,
            "learning_rate": 1.704706484097903e-05,
            "loss": 0.0465,
            "step": 1572000
            },
            {
            "epoch": 13.19,
            "learning_rate": 1.703658362750606e-05,
            "loss": 0.0465,
            "step": 1572500
            },
            {
            "epoch": 13.19,
            "learning_rate": 1.7026102414033088e-05,
            "loss": 0.0464,
            "step": 1573000
            },
            {
            "epoch": 13.19,
            "learning_rate": 1.7015621200560117e-05,
            "loss": 0.0459,
            "step": 1573500
            },
            {
            "epoch": 13.2,
            "learning_rate": 1.7005139987087146e-05,
            "loss": 0.0463,
            "step": 1574000
            },
            {
            "epoch": 13.2,
            "learning_rate": 1.6994658773614175e-05,
            "loss": 0.0459,
            "step": 1574500
            },
            {
            "epoch": 13.21,
            "learning_rate": 1.6984177560141204e-05,
            "loss": 0.0465,
            "step": 1575000
            },
            {
            "epoch": 13.21,
            "learning_rate": 1.6973696346668233e-05,
            "loss": 0.0464,
            "step": 1575500
            },
            {
            "epoch": 13.21,
            "learning_rate": 1.696321513319526e-05,
            "loss": 0.0463,
            "step": 1576000
            },
            {
            "epoch": 13.22,
            "learning_rate": 1.695273391972229e-05,
            "loss": 0.0462,
            "step": 1576500
            },
            {
            "epoch": 13.22,
            "learning_rate": 1.694225270624932e-05,
            "loss": 0.0463,
            "step": 1577000
            },
            {
            "epoch": 13.23,
            "learning_rate": 1.693177149277635e-05,
            "loss": 0.0463,
            "step": 1577500
            },
            {
            "epoch": 13.23,
            "learning_rate": 1.6921290279303378e-05,
            "loss": 0.046,
            "step": 1578000
            },
            {
            "epoch": 13.24,
            "learning_rate": 1.6910809065830407e-05,
            "loss": 0.0461,
            "step": 1578500
            },
            {
            "epoch": 13.24,
            "learning_rate": 1.6900327852357436e-05,
            "loss": 0.046,
            "step": 1579000
            },
            {
            "epoch": 13.24,
            "learning_rate": 1.6889846638884465e-05,
            "loss": 0.0462,
            "step": 1579500
            },
            {
            "epoch": 13.25,
            "learning_rate": 1.687936542541149e-05,
            "loss": 0.0458,
            "step": 1580000
            },
            {
            "epoch": 13.25,
            "eval_loss": 0.04578122869133949,
            "eval_runtime": 305.0794,
            "eval_samples_per_second": 1389.924,
            "eval_steps_per_second": 21.719,
            "step": 1580000
            },
            {
            "epoch": 13.25,
            "learning_rate": 1.6868884211938523e-05,
            "loss": 0.0465,
            "step": 1580500
            },
            {
            "epoch": 13.26,
            "learning_rate": 1.685840299846555e-05,
            "loss": 0.0463,
            "step": 1581000
            },
            {
            "epoch": 13.26,
            "learning_rate": 1.684792178499258e-05,
            "loss": 0.0458,
            "step": 1581500
            },
            {
            "epoch": 13.27,
            "learning_rate": 1.683744057151961e-05,
            "loss": 0.0463,
            "step": 1582000
            },
            {
            "epoch": 13.27,
            "learning_rate": 1.682695935804664e-05,
            "loss": 0.0464,
            "step": 1582500
            },
            {
            "epoch": 13.27,
            "learning_rate": 1.6816478144573668e-05,
            "loss": 0.0461,
            "step": 1583000
            },
            {
            "epoch": 13.28,
            "learning_rate": 1.6805996931100697e-05,
            "loss": 0.0467,
            "step": 1583500
            },
            {
            "epoch": 13.28,
            "learning_rate": 1.6795515717627726e-05,
            "loss": 0.0464,
            "step": 1584000
            },
            {
            "epoch": 13.29,
            "learning_rate": 1.6785034504154755e-05,
            "loss": 0.0462,
            "step": 1584500
            },
            {
            "epoch": 13.29,
            "learning_rate": 1.6774553290681784e-05,
            "loss": 0.047,
            "step": 1585000
            },
            {
            "epoch": 13.29,
            "learning_rate": 1.6764072077208813e-05,
            "loss": 0.0456,
            "step": 1585500
            },
            {
            "epoch": 13.3,
            "learning_rate": 1.675359086373584e-05,
            "loss": 0.0457,
            "step": 1586000
            },
            {
            "epoch": 13.3,
            "learning_rate": 1.674310965026287e-05,
            "loss": 0.0459,
            "step": 1586500
            },
            {
            "epoch": 13.31,
            "learning_rate": 1.67326284367899e-05,
            "loss": 0.0458,
            "step": 1587000
            },
            {
            "epoch": 13.31,
            "learning_rate": 1.672214722331693e-05,
            "loss": 0.0459,
            "step": 1587500
            },
            {
            "epoch": 13.32,
            "learning_rate": 1.6711666009843958e-05,
            "loss": 0.0464,
            "step": 1588000
            },
            {
            "epoch": 13.32,
            "learning_rate": 1.6701184796370987e-05,
            "loss": 0.0461,
            "step": 1588500
            },
            {
            "epoch": 13.32,
            "learning_rate": 1.6690703582898016e-05,
            "loss": 0.0468,
            "step": 1589000
            },
            {
            "epoch": 13.33,
            "learning_rate": 1.6680222369425045e-05,
            "loss": 0.0463,
            "step": 1589500
            },
            {
            "epoch": 13.33,
            "learning_rate": 1.6669741155952074e-05,
            "loss": 0.0465,
            "step": 1590000
            },
            {
            "epoch": 13.34,
            "learning_rate": 1.6659259942479103e-05,
            "loss": 0.0459,
            "step": 1590500
            },
            {
            "epoch": 13.34,
            "learning_rate": 1.664877872900613e-05,
            "loss": 0.0464,
            "step": 1591000
            },
            {
            "epoch": 13.34,
            "learning_rate": 1.663829751553316e-05,
            "loss": 0.0461,
            "step": 1591500
            },
            {
            "epoch": 13.35,
            "learning_rate": 1.6627816302060186e-05,
            "loss": 0.0459,
            "step": 1592000
            },
            {
            "epoch": 13.35,
            "learning_rate": 1.6617335088587215e-05,
            "loss": 0.0467,
            "step": 1592500
            },
            {
            "epoch": 13.36,
            "learning_rate": 1.6606853875114244e-05,
            "loss": 0.0461,
            "step": 1593000
            },
            {
            "epoch": 13.36,
            "learning_rate": 1.6596372661641273e-05,
            "loss": 0.0461,
            "step": 1593500
            },
            {
            "epoch": 13.37,
            "learning_rate": 1.6585891448168302e-05,
            "loss": 0.046,
            "step": 1594000
            },
            {
            "epoch": 13.37,
            "learning_rate": 1.657541023469533e-05,
            "loss": 0.0468,
            "step": 1594500
            },
            {
            "epoch": 13.37,
            "learning_rate": 1.656492902122236e-05,
            "loss": 0.0465,
            "step": 1595000
            },
            {
            "epoch": 13.38,
            "learning_rate": 1.655444780774939e-05,
            "loss": 0.046,
            "step": 1595500
            },
            {
            "epoch": 13.38,
            "learning_rate": 1.6543966594276418e-05,
            "loss": 0.0456,
            "step": 1596000
            },
            {
            "epoch": 13.39,
            "learning_rate": 1.6533485380803447e-05,
            "loss": 0.0466,
            "step": 1596500
            },
            {
            "epoch": 13.39,
            "learning_rate": 1.6523004167330476e-05,
            "loss": 0.0465,
            "step": 1597000
            },
            {
            "epoch": 13.39,
            "learning_rate": 1.6512522953857505e-05,
            "loss": 0.0466,
            "step": 1597500
            },
            {
            "epoch": 13.4,
            "learning_rate": 1.6502041740384534e-05,
            "loss": 0.0461,
            "step": 1598000
            },
            {
            "epoch": 13.4,
            "learning_rate": 1.6491560526911563e-05,
            "loss": 0.0459,
            "step": 1598500
            },
            {
            "epoch": 13.41,
            "learning_rate": 1.6481079313438592e-05,
            "loss": 0.047,
            "step": 1599000
            },
            {
            "epoch": 13.41,
            "learning_rate": 1.647059809996562e-05,
            "loss": 0.0464,
            "step": 1599500
            },
            {
            "epoch": 13.42,
            "learning_rate": 1.646011688649265e-05,
            "loss": 0.046,
            "step": 1600000
            },
            {
            "epoch": 13.42,
            "eval_loss": 0.04560594633221626,
            "eval_runtime": 304.6683,
            "eval_samples_per_second": 1391.799,
            "eval_steps_per_second": 21.748,
            "step": 1600000
            },
            {
            "epoch": 13.42,
            "learning_rate": 1.6449635673019683e-05,
            "loss": 0.0467,
            "step": 1600500
            },
            {
            "epoch": 13.42,
            "learning_rate": 1.643915445954671e-05,
            "loss": 0.0467,
            "step": 1601000
            },
            {
            "epoch": 13.43,
            "learning_rate": 1.642867324607374e-05,
            "loss": 0.0462,
            "step": 1601500
            },
            {
            "epoch": 13.43,
            "learning_rate": 1.641819203260077e-05,
            "loss": 0.0462,
            "step": 1602000
            },
            {
            "epoch": 13.44,
            "learning_rate": 1.64077108191278e-05,
            "loss": 0.0463,
            "step": 1602500
            },
            {
            "epoch": 13.44,
            "learning_rate": 1.6397229605654828e-05,
            "loss": 0.0461,
            "step": 1603000
            },
            {
            "epoch": 13.45,
            "learning_rate": 1.6386748392181853e-05,
            "loss": 0.0459,
            "step": 1603500
            },
            {
            "epoch": 13.45,
            "learning_rate": 1.6376267178708882e-05,
            "loss": 0.0457,
            "step": 1604000
            },
            {
            "epoch": 13.45,
            "learning_rate": 1.636578596523591e-05,
            "loss": 0.0457,
            "step": 1604500
            },
            {
            "epoch": 13.46,
            "learning_rate": 1.635530475176294e-05,
            "loss": 0.0465,
            "step": 1605000
            },
            {
            "epoch": 13.46,
            "learning_rate": 1.634482353828997e-05,
            "loss": 0.0461,
            "step": 1605500
            },
            {
            "epoch": 13.47,
            "learning_rate": 1.6334342324816998e-05,
            "loss": 0.0461,
            "step": 1606000
            },
            {
            "epoch": 13.47,
            "learning_rate": 1.6323861111344027e-05,
            "loss": 0.0463,
            "step": 1606500
            },
            {
            "epoch": 13.47,
            "learning_rate": 1.6313379897871056e-05,
            "loss": 0.0463,
            "step": 1607000
            },
            {
            "epoch": 13.48,
            "learning_rate": 1.6302898684398085e-05,
            "loss": 0.0465,
            "step": 1607500
            },
            {
            "epoch": 13.48,
            "learning_rate": 1.6292417470925114e-05,
            "loss": 0.0459,
            "step": 1608000
            },
            {
            "epoch": 13.49,
            "learning_rate": 1.6281936257452143e-05,
            "loss": 0.0463,
            "step": 1608500
            },
            {
            "epoch": 13.49,
            "learning_rate": 1.6271455043979172e-05,
            "loss": 0.0467,
            "step": 1609000
            },
            {
            "epoch": 13.5,
            "learning_rate": 1.62609738305062e-05,
            "loss": 0.0461,
            "step": 1609500
            },
            {
            "epoch": 13.5,
            "learning_rate": 1.625049261703323e-05,
            "loss": 0.0461,
            "step": 1610000
            },
            {
            "epoch": 13.5,
            "learning_rate": 1.624001140356026e-05,
            "loss": 0.0456,
            "step": 1610500
            },
            {
            "epoch": 13.51,
            "learning_rate": 1.6229530190087288e-05,
            "loss": 0.0464,
            "step": 1611000
            },
            {
            "epoch": 13.51,
            "learning_rate": 1.6219048976614317e-05,
            "loss": 0.0466,
            "step": 1611500
            },
            {
            "epoch": 13.52,
            "learning_rate": 1.6208567763141346e-05,
            "loss": 0.046,
            "step": 1612000
            },
            {
            "epoch": 13.52,
            "learning_rate": 1.6198086549668375e-05,
            "loss": 0.0466,
            "step": 1612500
            },
            {
            "epoch": 13.52,
            "learning_rate": 1.6187605336195404e-05,
            "loss": 0.0464,
            "step": 1613000
            },
            {
            "epoch": 13.53,
            "learning_rate": 1.6177124122722433e-05,
            "loss": 0.0467,
            "step": 1613500
            },
            {
            "epoch": 13.53,
            "learning_rate": 1.6166642909249462e-05,
            "loss": 0.0467,
            "step": 1614000
            },
            {
            "epoch": 13.54,
            "learning_rate": 1.615616169577649e-05,
            "loss": 0.0463,
            "step": 1614500
            },
            {
            "epoch": 13.54,
            "learning_rate": 1.614568048230352e-05,
            "loss": 0.0463,
            "step": 1615000
            },
            {
            "epoch": 13.55,
            "learning_rate": 1.6135199268830546e-05,
            "loss": 0.0455,
            "step": 1615500
            },
            {
            "epoch": 13.55,
            "learning_rate": 1.6124718055357578e-05,
            "loss": 0.0465,
            "step": 1616000
            },
            {
            "epoch": 13.55,
            "learning_rate": 1.6114236841884607e-05,
            "loss": 0.0462,
            "step": 1616500
            },
            {
            "epoch": 13.56,
            "learning_rate": 1.6103755628411636e-05,
            "loss": 0.0461,
            "step": 1617000
            },
            {
            "epoch": 13.56,
            "learning_rate": 1.6093274414938665e-05,
            "loss": 0.0467,
            "step": 1617500
            },
            {
            "epoch": 13.57,
            "learning_rate": 1.6082793201465694e-05,
            "loss": 0.0462,
            "step": 1618000
            },
            {
            "epoch": 13.57,
            "learning_rate": 1.6072311987992723e-05,
            "loss": 0.0464,
            "step": 1618500
            },
            {
            "epoch": 13.58,
            "learning_rate": 1.6061830774519752e-05,
            "loss": 0.0463,
            "step": 1619000
            },
            {
            "epoch": 13.58,
            "learning_rate": 1.605134956104678e-05,
            "loss": 0.046,
            "step": 1619500
            },
            {
            "epoch": 13.58,
            "learning_rate": 1.604086834757381e-05,
            "loss": 0.0463,
            "step": 1620000
            },
            {
            "epoch": 13.58,
            "eval_loss": 0.045674651861190796,
            "eval_runtime": 304.9137,
            "eval_samples_per_second": 1390.679,
            "eval_steps_per_second": 21.731,
            "step": 1620000
            },
            {
            "epoch": 13.59,
            "learning_rate": 1.603038713410084e-05,
            "loss": 0.0461,
            "step": 1620500
            },
            {
            "epoch": 13.59,
            "learning_rate": 1.6019905920627868e-05,
            "loss": 0.0453,
            "step": 1621000
            },
            {
            "epoch": 13.6,
            "learning_rate": 1.6009424707154897e-05,
            "loss": 0.0462,
            "step": 1621500
            },
            {
            "epoch": 13.6,
            "learning_rate": 1.5998943493681926e-05,
            "loss": 0.0467,
            "step": 1622000
            },
            {
            "epoch": 13.6,
            "learning_rate": 1.5988462280208955e-05,
            "loss": 0.0463,
            "step": 1622500
            },
            {
            "epoch": 13.61,
            "learning_rate": 1.5977981066735984e-05,
            "loss": 0.0459,
            "step": 1623000
            },
            {
            "epoch": 13.61,
            "learning_rate": 1.5967499853263013e-05,
            "loss": 0.0466,
            "step": 1623500
            },
            {
            "epoch": 13.62,
            "learning_rate": 1.5957018639790042e-05,
            "loss": 0.0457,
            "step": 1624000
            },
            {
            "epoch": 13.62,
            "learning_rate": 1.594653742631707e-05,
            "loss": 0.0463,
            "step": 1624500
            },
            {
            "epoch": 13.63,
            "learning_rate": 1.59360562128441e-05,
            "loss": 0.0456,
            "step": 1625000
            },
            {
            "epoch": 13.63,
            "learning_rate": 1.592557499937113e-05,
            "loss": 0.0459,
            "step": 1625500
            },
            {
            "epoch": 13.63,
            "learning_rate": 1.5915093785898158e-05,
            "loss": 0.0461,
            "step": 1626000
            },
            {
            "epoch": 13.64,
            "learning_rate": 1.5904612572425187e-05,
            "loss": 0.046,
            "step": 1626500
            },
            {
            "epoch": 13.64,
            "learning_rate": 1.5894131358952216e-05,
            "loss": 0.0455,
            "step": 1627000
            },
            {
            "epoch": 13.65,
            "learning_rate": 1.5883650145479242e-05,
            "loss": 0.0462,
            "step": 1627500
            },
            {
            "epoch": 13.65,
            "learning_rate": 1.587316893200627e-05,
            "loss": 0.0461,
            "step": 1628000
            },
            {
            "epoch": 13.65,
            "learning_rate": 1.58626877185333e-05,
            "loss": 0.046,
            "step": 1628500
            },
            {
            "epoch": 13.66,
            "learning_rate": 1.585220650506033e-05,
            "loss": 0.0458,
            "step": 1629000
            },
            {
            "epoch": 13.66,
            "learning_rate": 1.5841725291587358e-05,
            "loss": 0.0468,
            "step": 1629500
            },
            {
            "epoch": 13.67,
            "learning_rate": 1.5831244078114387e-05,
            "loss": 0.0459,
            "step": 1630000
            },
            {
            "epoch": 13.67,
            "learning_rate": 1.5820762864641416e-05,
            "loss": 0.0463,
            "step": 1630500
            },
            {
            "epoch": 13.68,
            "learning_rate": 1.5810281651168445e-05,
            "loss": 0.0462,
            "step": 1631000
            },
            {
            "epoch": 13.68,
            "learning_rate": 1.5799800437695474e-05,
            "loss": 0.046,
            "step": 1631500
            },
            {
            "epoch": 13.68,
            "learning_rate": 1.5789319224222503e-05,
            "loss": 0.046,
            "step": 1632000
            },
            {
            "epoch": 13.69,
            "learning_rate": 1.5778838010749532e-05,
            "loss": 0.0461,
            "step": 1632500
            },
            {
            "epoch": 13.69,
            "learning_rate": 1.576835679727656e-05,
            "loss": 0.0456,
            "step": 1633000
            },
            {
            "epoch": 13.7,
            "learning_rate": 1.575787558380359e-05,
            "loss": 0.0459,
            "step": 1633500
            },
            {
            "epoch": 13.7,
            "learning_rate": 1.574739437033062e-05,
            "loss": 0.0462,
            "step": 1634000
            },
            {
            "epoch": 13.71,
            "learning_rate": 1.5736913156857648e-05,
            "loss": 0.046,
            "step": 1634500
            },
            {
            "epoch": 13.71,
            "learning_rate": 1.5726431943384677e-05,
            "loss": 0.0458,
            "step": 1635000
            },
            {
            "epoch": 13.71,
            "learning_rate": 1.571595072991171e-05,
            "loss": 0.0458,
            "step": 1635500
            },
            {
            "epoch": 13.72,
            "learning_rate": 1.5705469516438738e-05,
            "loss": 0.0456,
            "step": 1636000
            },
            {
            "epoch": 13.72,
            "learning_rate": 1.5694988302965767e-05,
            "loss": 0.0461,
            "step": 1636500
            },
            {
            "epoch": 13.73,
            "learning_rate": 1.5684507089492796e-05,
            "loss": 0.046,
            "step": 1637000
            },
            {
            "epoch": 13.73,
            "learning_rate": 1.5674025876019825e-05,
            "loss": 0.0461,
            "step": 1637500
            },
            {
            "epoch": 13.73,
            "learning_rate": 1.5663544662546854e-05,
            "loss": 0.0459,
            "step": 1638000
            },
            {
            "epoch": 13.74,
            "learning_rate": 1.5653063449073883e-05,
            "loss": 0.0454,
            "step": 1638500
            },
            {
            "epoch": 13.74,
            "learning_rate": 1.564258223560091e-05,
            "loss": 0.0458,
            "step": 1639000
            },
            {
            "epoch": 13.75,
            "learning_rate": 1.5632101022127938e-05,
            "loss": 0.0462,
            "step": 1639500
            },
            {
            "epoch": 13.75,
            "learning_rate": 1.5621619808654967e-05,
            "loss": 0.0462,
            "step": 1640000
            },
            {
            "epoch": 13.75,
            "eval_loss": 0.04553774371743202,
            "eval_runtime": 304.6724,
            "eval_samples_per_second": 1391.78,
            "eval_steps_per_second": 21.748,
            "step": 1640000
            },
            {
            "epoch": 13.76,
            "learning_rate": 1.5611138595181996e-05,
            "loss": 0.0459,
            "step": 1640500
            },
            {
            "epoch": 13.76,
            "learning_rate": 1.5600657381709025e-05,
            "loss": 0.0459,
            "step": 1641000
            },
            {
            "epoch": 13.76,
            "learning_rate": 1.5590176168236054e-05,
            "loss": 0.046,
            "step": 1641500
            },
            {
            "epoch": 13.77,
            "learning_rate": 1.5579694954763083e-05,
            "loss": 0.0462,
            "step": 1642000
            },
            {
            "epoch": 13.77,
            "learning_rate": 1.5569213741290112e-05,
            "loss": 0.046,
            "step": 1642500
            },
            {
            "epoch": 13.78,
            "learning_rate": 1.555873252781714e-05,
            "loss": 0.0464,
            "step": 1643000
            },
            {
            "epoch": 13.78,
            "learning_rate": 1.554825131434417e-05,
            "loss": 0.0464,
            "step": 1643500
            },
            {
            "epoch": 13.78,
            "learning_rate": 1.55377701008712e-05,
            "loss": 0.0459,
            "step": 1644000
            },
            {
            "epoch": 13.79,
            "learning_rate": 1.5527288887398228e-05,
            "loss": 0.0461,
            "step": 1644500
            },
            {
            "epoch": 13.79,
            "learning_rate": 1.5516807673925257e-05,
            "loss": 0.0465,
            "step": 1645000
            },
            {
            "epoch": 13.8,
            "learning_rate": 1.5506326460452286e-05,
            "loss": 0.0456,
            "step": 1645500
            },
            {
            "epoch": 13.8,
            "learning_rate": 1.5495845246979315e-05,
            "loss": 0.0466,
            "step": 1646000
            },
            {
            "epoch": 13.81,
            "learning_rate": 1.5485364033506344e-05,
            "loss": 0.0459,
            "step": 1646500
            },
            {
            "epoch": 13.81,
            "learning_rate": 1.5474882820033373e-05,
            "loss": 0.0465,
            "step": 1647000
            },
            {
            "epoch": 13.81,
            "learning_rate": 1.5464401606560402e-05,
            "loss": 0.0465,
            "step": 1647500
            },
            {
            "epoch": 13.82,
            "learning_rate": 1.545392039308743e-05,
            "loss": 0.0463,
            "step": 1648000
            },
            {
            "epoch": 13.82,
            "learning_rate": 1.544343917961446e-05,
            "loss": 0.0467,
            "step": 1648500
            },
            {
            "epoch": 13.83,
            "learning_rate": 1.543295796614149e-05,
            "loss": 0.0464,
            "step": 1649000
            },
            {
            "epoch": 13.83,
            "learning_rate": 1.5422476752668518e-05,
            "loss": 0.0458,
            "step": 1649500
            },
            {
            "epoch": 13.84,
            "learning_rate": 1.5411995539195547e-05,
            "loss": 0.0464,
            "step": 1650000
            },
            {
            "epoch": 13.84,
            "learning_rate": 1.5401514325722576e-05,
            "loss": 0.0464,
            "step": 1650500
            },
            {
            "epoch": 13.84,
            "learning_rate": 1.5391033112249605e-05,
            "loss": 0.0463,
            "step": 1651000
            },
            {
            "epoch": 13.85,
            "learning_rate": 1.5380551898776634e-05,
            "loss": 0.0464,
            "step": 1651500
            },
            {
            "epoch": 13.85,
            "learning_rate": 1.5370070685303663e-05,
            "loss": 0.0455,
            "step": 1652000
            },
            {
            "epoch": 13.86,
            "learning_rate": 1.5359589471830692e-05,
            "loss": 0.0458,
            "step": 1652500
            },
            {
            "epoch": 13.86,
            "learning_rate": 1.534910825835772e-05,
            "loss": 0.0461,
            "step": 1653000
            },
            {
            "epoch": 13.86,
            "learning_rate": 1.533862704488475e-05,
            "loss": 0.0461,
            "step": 1653500
            },
            {
            "epoch": 13.87,
            "learning_rate": 1.532814583141178e-05,
            "loss": 0.0458,
            "step": 1654000
            },
            {
            "epoch": 13.87,
            "learning_rate": 1.5317664617938808e-05,
            "loss": 0.0465,
            "step": 1654500
            },
            {
            "epoch": 13.88,
            "learning_rate": 1.5307183404465837e-05,
            "loss": 0.0464,
            "step": 1655000
            },
            {
            "epoch": 13.88,
            "learning_rate": 1.5296702190992866e-05,
            "loss": 0.0458,
            "step": 1655500
            },
            {
            "epoch": 13.89,
            "learning_rate": 1.5286220977519895e-05,
            "loss": 0.0465,
            "step": 1656000
            },
            {
            "epoch": 13.89,
            "learning_rate": 1.5275739764046924e-05,
            "loss": 0.0456,
            "step": 1656500
            },
            {
            "epoch": 13.89,
            "learning_rate": 1.5265258550573953e-05,
            "loss": 0.0463,
            "step": 1657000
            },
            {
            "epoch": 13.9,
            "learning_rate": 1.5254777337100982e-05,
            "loss": 0.0459,
            "step": 1657500
            },
            {
            "epoch": 13.9,
            "learning_rate": 1.5244296123628011e-05,
            "loss": 0.0457,
            "step": 1658000
            },
            {
            "epoch": 13.91,
            "learning_rate": 1.523381491015504e-05,
            "loss": 0.0458,
            "step": 1658500
            },
            {
            "epoch": 13.91,
            "learning_rate": 1.5223333696682069e-05,
            "loss": 0.0462,
            "step": 1659000
            },
            {
            "epoch": 13.91,
            "learning_rate": 1.5212852483209098e-05,
            "loss": 0.0463,
            "step": 1659500
            },
            {
            "epoch": 13.92,
            "learning_rate": 1.5202371269736127e-05,
            "loss": 0.0457,
            "step": 1660000
            },
            {
            "epoch": 13.92,
            "eval_loss": 0.04531512036919594,
            "eval_runtime": 304.9127,
            "eval_samples_per_second": 1390.683,
            "eval_steps_per_second": 21.731,
            "step": 1660000
            },
            {
            "epoch": 13.92,
            "learning_rate": 1.5191890056263156e-05,
            "loss": 0.0457,
            "step": 1660500
            },
            {
            "epoch": 13.93,
            "learning_rate": 1.5181408842790185e-05,
            "loss": 0.0462,
            "step": 1661000
            },
            {
            "epoch": 13.93,
            "learning_rate": 1.5170927629317214e-05,
            "loss": 0.0459,
            "step": 1661500
            },
            {
            "epoch": 13.94,
            "learning_rate": 1.5160446415844243e-05,
            "loss": 0.0458,
            "step": 1662000
            },
            {
            "epoch": 13.94,
            "learning_rate": 1.5149965202371272e-05,
            "loss": 0.0458,
            "step": 1662500
            },
            {
            "epoch": 13.94,
            "learning_rate": 1.5139483988898297e-05,
            "loss": 0.0467,
            "step": 1663000
            },
            {
            "epoch": 13.95,
            "learning_rate": 1.5129002775425326e-05,
            "loss": 0.0465,
            "step": 1663500
            },
            {
            "epoch": 13.95,
            "learning_rate": 1.5118521561952355e-05,
            "loss": 0.046,
            "step": 1664000
            },
            {
            "epoch": 13.96,
            "learning_rate": 1.5108040348479384e-05,
            "loss": 0.0462,
            "step": 1664500
            },
            {
            "epoch": 13.96,
            "learning_rate": 1.5097559135006415e-05,
            "loss": 0.0458,
            "step": 1665000
            },
            {
            "epoch": 13.97,
            "learning_rate": 1.5087077921533444e-05,
            "loss": 0.0455,
            "step": 1665500
            },
            {
            "epoch": 13.97,
            "learning_rate": 1.5076596708060473e-05,
            "loss": 0.0457,
            "step": 1666000
            },
            {
            "epoch": 13.97,
            "learning_rate": 1.5066115494587502e-05,
            "loss": 0.0458,
            "step": 1666500
            },
            {
            "epoch": 13.98,
            "learning_rate": 1.5055634281114531e-05,
            "loss": 0.0463,
            "step": 1667000
            },
            {
            "epoch": 13.98,
            "learning_rate": 1.504515306764156e-05,
            "loss": 0.0461,
            "step": 1667500
            },
            {
            "epoch": 13.99,
            "learning_rate": 1.503467185416859e-05,
            "loss": 0.046,
            "step": 1668000
            },
            {
            "epoch": 13.99,
            "learning_rate": 1.5024190640695618e-05,
            "loss": 0.0464,
            "step": 1668500
            },
            {
            "epoch": 13.99,
            "learning_rate": 1.5013709427222647e-05,
            "loss": 0.0462,
            "step": 1669000
            },
            {
            "epoch": 14.0,
            "learning_rate": 1.5003228213749676e-05,
            "loss": 0.046,
            "step": 1669500
            },
            {
            "epoch": 14.0,
            "learning_rate": 1.4992747000276705e-05,
            "loss": 0.0455,
            "step": 1670000
            },
            {
            "epoch": 14.01,
            "learning_rate": 1.4982265786803734e-05,
            "loss": 0.0458,
            "step": 1670500
            },
            {
            "epoch": 14.01,
            "learning_rate": 1.4971784573330763e-05,
            "loss": 0.0457,
            "step": 1671000
            },
            {
            "epoch": 14.02,
            "learning_rate": 1.4961303359857792e-05,
            "loss": 0.0452,
            "step": 1671500
            },
            {
            "epoch": 14.02,
            "learning_rate": 1.4950822146384821e-05,
            "loss": 0.046,
            "step": 1672000
            },
            {
            "epoch": 14.02,
            "learning_rate": 1.494034093291185e-05,
            "loss": 0.0456,
            "step": 1672500
            },
            {
            "epoch": 14.03,
            "learning_rate": 1.492985971943888e-05,
            "loss": 0.0461,
            "step": 1673000
            },
            {
            "epoch": 14.03,
            "learning_rate": 1.4919378505965908e-05,
            "loss": 0.0455,
            "step": 1673500
            },
            {
            "epoch": 14.04,
            "learning_rate": 1.4908897292492937e-05,
            "loss": 0.0452,
            "step": 1674000
            },
            {
            "epoch": 14.04,
            "learning_rate": 1.4898416079019965e-05,
            "loss": 0.0455,
            "step": 1674500
            },
            {
            "epoch": 14.04,
            "learning_rate": 1.4887934865546994e-05,
            "loss": 0.0455,
            "step": 1675000
            },
            {
            "epoch": 14.05,
            "learning_rate": 1.4877453652074023e-05,
            "loss": 0.0458,
            "step": 1675500
            },
            {
            "epoch": 14.05,
            "learning_rate": 1.4866972438601052e-05,
            "loss": 0.0451,
            "step": 1676000
            },
            {
            "epoch": 14.06,
            "learning_rate": 1.485649122512808e-05,
            "loss": 0.0462,
            "step": 1676500
            },
            {
            "epoch": 14.06,
            "learning_rate": 1.484601001165511e-05,
            "loss": 0.046,
            "step": 1677000
            },
            {
            "epoch": 14.07,
            "learning_rate": 1.4835528798182139e-05,
            "loss": 0.0452,
            "step": 1677500
            },
            {
            "epoch": 14.07,
            "learning_rate": 1.4825047584709168e-05,
            "loss": 0.0455,
            "step": 1678000
            },
            {
            "epoch": 14.07,
            "learning_rate": 1.4814566371236197e-05,
            "loss": 0.046,
            "step": 1678500
            },
            {
            "epoch": 14.08,
            "learning_rate": 1.4804085157763226e-05,
            "loss": 0.0457,
            "step": 1679000
            },
            {
            "epoch": 14.08,
            "learning_rate": 1.4793603944290255e-05,
            "loss": 0.0456,
            "step": 1679500
            },
            {
            "epoch": 14.09,
            "learning_rate": 1.4783122730817284e-05,
            "loss": 0.046,
            "step": 1680000
            },
            {
            "epoch": 14.09,
            "eval_loss": 0.04529004916548729,
            "eval_runtime": 304.8211,
            "eval_samples_per_second": 1391.101,
            "eval_steps_per_second": 21.737,
            "step": 1680000
            },
            {
            "epoch": 14.09,
            "learning_rate": 1.4772641517344313e-05,
            "loss": 0.0458,
            "step": 1680500
            },
            {
            "epoch": 14.1,
            "learning_rate": 1.4762160303871342e-05,
            "loss": 0.0457,
            "step": 1681000
            },
            {
            "epoch": 14.1,
            "learning_rate": 1.475167909039837e-05,
            "loss": 0.046,
            "step": 1681500
            },
            {
            "epoch": 14.1,
            "learning_rate": 1.47411978769254e-05,
            "loss": 0.0459,
            "step": 1682000
            },
            {
            "epoch": 14.11,
            "learning_rate": 1.4730716663452429e-05,
            "loss": 0.0453,
            "step": 1682500
            },
            {
            "epoch": 14.11,
            "learning_rate": 1.4720235449979458e-05,
            "loss": 0.0459,
            "step": 1683000
            },
            {
            "epoch": 14.12,
            "learning_rate": 1.4709754236506487e-05,
            "loss": 0.0454,
            "step": 1683500
            },
            {
            "epoch": 14.12,
            "learning_rate": 1.4699273023033516e-05,
            "loss": 0.0466,
            "step": 1684000
            },
            {
            "epoch": 14.12,
            "learning_rate": 1.4688791809560545e-05,
            "loss": 0.0455,
            "step": 1684500
            },
            {
            "epoch": 14.13,
            "learning_rate": 1.4678310596087575e-05,
            "loss": 0.0451,
            "step": 1685000
            },
            {
            "epoch": 14.13,
            "learning_rate": 1.4667829382614604e-05,
            "loss": 0.0456,
            "step": 1685500
            },
            {
            "epoch": 14.14,
            "learning_rate": 1.4657348169141633e-05,
            "loss": 0.0455,
            "step": 1686000
            },
            {
            "epoch": 14.14,
            "learning_rate": 1.4646866955668659e-05,
            "loss": 0.0459,
            "step": 1686500
            },
            {
            "epoch": 14.15,
            "learning_rate": 1.4636385742195688e-05,
            "loss": 0.0454,
            "step": 1687000
            },
            {
            "epoch": 14.15,
            "learning_rate": 1.4625904528722717e-05,
            "loss": 0.046,
            "step": 1687500
            },
            {
            "epoch": 14.15,
            "learning_rate": 1.4615423315249746e-05,
            "loss": 0.0459,
            "step": 1688000
            },
            {
            "epoch": 14.16,
            "learning_rate": 1.4604942101776775e-05,
            "loss": 0.0455,
            "step": 1688500
            },
            {
            "epoch": 14.16,
            "learning_rate": 1.4594460888303804e-05,
            "loss": 0.0464,
            "step": 1689000
            },
            {
            "epoch": 14.17,
            "learning_rate": 1.4583979674830833e-05,
            "loss": 0.0459,
            "step": 1689500
            },
            {
            "epoch": 14.17,
            "learning_rate": 1.4573498461357862e-05,
            "loss": 0.0463,
            "step": 1690000
            },
            {
            "epoch": 14.17,
            "learning_rate": 1.456301724788489e-05,
            "loss": 0.0456,
            "step": 1690500
            },
            {
            "epoch": 14.18,
            "learning_rate": 1.455253603441192e-05,
            "loss": 0.0457,
            "step": 1691000
            },
            {
            "epoch": 14.18,
            "learning_rate": 1.4542054820938949e-05,
            "loss": 0.0463,
            "step": 1691500
            },
            {
            "epoch": 14.19,
            "learning_rate": 1.4531573607465978e-05,
            "loss": 0.0457,
            "step": 1692000
            },
            {
            "epoch": 14.19,
            "learning_rate": 1.4521092393993009e-05,
            "loss": 0.0458,
            "step": 1692500
            },
            {
            "epoch": 14.2,
            "learning_rate": 1.4510611180520038e-05,
            "loss": 0.0458,
            "step": 1693000
            },
            {
            "epoch": 14.2,
            "learning_rate": 1.4500129967047067e-05,
            "loss": 0.0454,
            "step": 1693500
            },
            {
            "epoch": 14.2,
            "learning_rate": 1.4489648753574096e-05,
            "loss": 0.0459,
            "step": 1694000
            },
            {
            "epoch": 14.21,
            "learning_rate": 1.4479167540101125e-05,
            "loss": 0.0462,
            "step": 1694500
            },
            {
            "epoch": 14.21,
            "learning_rate": 1.4468686326628154e-05,
            "loss": 0.0459,
            "step": 1695000
            },
            {
            "epoch": 14.22,
            "learning_rate": 1.4458205113155183e-05,
            "loss": 0.0462,
            "step": 1695500
            },
            {
            "epoch": 14.22,
            "learning_rate": 1.4447723899682212e-05,
            "loss": 0.0462,
            "step": 1696000
            },
            {
            "epoch": 14.23,
            "learning_rate": 1.443724268620924e-05,
            "loss": 0.0456,
            "step": 1696500
            },
            {
            "epoch": 14.23,
            "learning_rate": 1.442676147273627e-05,
            "loss": 0.0457,
            "step": 1697000
            },
            {
            "epoch": 14.23,
            "learning_rate": 1.4416280259263299e-05,
            "loss": 0.0461,
            "step": 1697500
            },
            {
            "epoch": 14.24,
            "learning_rate": 1.4405799045790328e-05,
            "loss": 0.0456,
            "step": 1698000
            },
            {
            "epoch": 14.24,
            "learning_rate": 1.4395317832317353e-05,
            "loss": 0.0458,
            "step": 1698500
            },
            {
            "epoch": 14.25,
            "learning_rate": 1.4384836618844382e-05,
            "loss": 0.046,
            "step": 1699000
            },
            {
            "epoch": 14.25,
            "learning_rate": 1.4374355405371411e-05,
            "loss": 0.0458,
            "step": 1699500
            },
            {
            "epoch": 14.25,
            "learning_rate": 1.4363874191898442e-05,
            "loss": 0.0454,
            "step": 1700000
            },
            {
            "epoch": 14.25,
            "eval_loss": 0.04519505426287651,
            "eval_runtime": 304.963,
            "eval_samples_per_second": 1390.454,
            "eval_steps_per_second": 21.727,
            "step": 1700000
            },
            {
            "epoch": 14.26,
            "learning_rate": 1.435339297842547e-05,
            "loss": 0.046,
            "step": 1700500
            },
            {
            "epoch": 14.26,
            "learning_rate": 1.43429117649525e-05,
            "loss": 0.0459,
            "step": 1701000
            },
            {
            "epoch": 14.27,
            "learning_rate": 1.4332430551479529e-05,
            "loss": 0.0454,
            "step": 1701500
            },
            {
            "epoch": 14.27,
            "learning_rate": 1.4321949338006558e-05,
            "loss": 0.0456,
            "step": 1702000
            },
            {
            "epoch": 14.28,
            "learning_rate": 1.4311468124533587e-05,
            "loss": 0.0453,
            "step": 1702500
            },
            {
            "epoch": 14.28,
            "learning_rate": 1.4300986911060616e-05,
            "loss": 0.0458,
            "step": 1703000
            },
            {
            "epoch": 14.28,
            "learning_rate": 1.4290505697587645e-05,
            "loss": 0.0456,
            "step": 1703500
            },
            {
            "epoch": 14.29,
            "learning_rate": 1.4280024484114674e-05,
            "loss": 0.0456,
            "step": 1704000
            },
            {
            "epoch": 14.29,
            "learning_rate": 1.4269543270641703e-05,
            "loss": 0.0458,
            "step": 1704500
            },
            {
            "epoch": 14.3,
            "learning_rate": 1.4259062057168732e-05,
            "loss": 0.0456,
            "step": 1705000
            },
            {
            "epoch": 14.3,
            "learning_rate": 1.424858084369576e-05,
            "loss": 0.0455,
            "step": 1705500
            },
            {
            "epoch": 14.3,
            "learning_rate": 1.423809963022279e-05,
            "loss": 0.045,
            "step": 1706000
            },
            {
            "epoch": 14.31,
            "learning_rate": 1.4227618416749819e-05,
            "loss": 0.0454,
            "step": 1706500
            },
            {
            "epoch": 14.31,
            "learning_rate": 1.4217137203276848e-05,
            "loss": 0.0457,
            "step": 1707000
            },
            {
            "epoch": 14.32,
            "learning_rate": 1.4206655989803877e-05,
            "loss": 0.0452,
            "step": 1707500
            },
            {
            "epoch": 14.32,
            "learning_rate": 1.4196174776330906e-05,
            "loss": 0.046,
            "step": 1708000
            },
            {
            "epoch": 14.33,
            "learning_rate": 1.4185693562857935e-05,
            "loss": 0.0454,
            "step": 1708500
            },
            {
            "epoch": 14.33,
            "learning_rate": 1.4175212349384964e-05,
            "loss": 0.0456,
            "step": 1709000
            },
            {
            "epoch": 14.33,
            "learning_rate": 1.4164731135911993e-05,
            "loss": 0.0455,
            "step": 1709500
            },
            {
            "epoch": 14.34,
            "learning_rate": 1.415424992243902e-05,
            "loss": 0.0458,
            "step": 1710000
            },
            {
            "epoch": 14.34,
            "learning_rate": 1.4143768708966049e-05,
            "loss": 0.0455,
            "step": 1710500
            },
            {
            "epoch": 14.35,
            "learning_rate": 1.4133287495493078e-05,
            "loss": 0.045,
            "step": 1711000
            },
            {
            "epoch": 14.35,
            "learning_rate": 1.4122806282020107e-05,
            "loss": 0.0457,
            "step": 1711500
            },
            {
            "epoch": 14.36,
            "learning_rate": 1.4112325068547136e-05,
            "loss": 0.0458,
            "step": 1712000
            },
            {
            "epoch": 14.36,
            "learning_rate": 1.4101843855074165e-05,
            "loss": 0.0458,
            "step": 1712500
            },
            {
            "epoch": 14.36,
            "learning_rate": 1.4091362641601194e-05,
            "loss": 0.0455,
            "step": 1713000
            },
            {
            "epoch": 14.37,
            "learning_rate": 1.4080881428128223e-05,
            "loss": 0.0452,
            "step": 1713500
            },
            {
            "epoch": 14.37,
            "learning_rate": 1.4070400214655252e-05,
            "loss": 0.0456,
            "step": 1714000
            },
            {
            "epoch": 14.38,
            "learning_rate": 1.4059919001182281e-05,
            "loss": 0.0456,
            "step": 1714500
            },
            {
            "epoch": 14.38,
            "learning_rate": 1.404943778770931e-05,
            "loss": 0.0462,
            "step": 1715000
            },
            {
            "epoch": 14.38,
            "learning_rate": 1.4038956574236339e-05,
            "loss": 0.0453,
            "step": 1715500
            },
            {
            "epoch": 14.39,
            "learning_rate": 1.4028475360763368e-05,
            "loss": 0.0457,
            "step": 1716000
            },
            {
            "epoch": 14.39,
            "learning_rate": 1.4017994147290397e-05,
            "loss": 0.0452,
            "step": 1716500
            },
            {
            "epoch": 14.4,
            "learning_rate": 1.4007512933817426e-05,
            "loss": 0.0461,
            "step": 1717000
            },
            {
            "epoch": 14.4,
            "learning_rate": 1.3997031720344455e-05,
            "loss": 0.0461,
            "step": 1717500
            },
            {
            "epoch": 14.41,
            "learning_rate": 1.3986550506871484e-05,
            "loss": 0.0455,
            "step": 1718000
            },
            {
            "epoch": 14.41,
            "learning_rate": 1.3976069293398513e-05,
            "loss": 0.0457,
            "step": 1718500
            },
            {
            "epoch": 14.41,
            "learning_rate": 1.3965588079925542e-05,
            "loss": 0.0458,
            "step": 1719000
            },
            {
            "epoch": 14.42,
            "learning_rate": 1.3955106866452571e-05,
            "loss": 0.0456,
            "step": 1719500
            },
            {
            "epoch": 14.42,
            "learning_rate": 1.3944625652979602e-05,
            "loss": 0.046,
            "step": 1720000
            },
            {
            "epoch": 14.42,
            "eval_loss": 0.04522507265210152,
            "eval_runtime": 305.1756,
            "eval_samples_per_second": 1389.485,
            "eval_steps_per_second": 21.712,
            "step": 1720000
            },
            {
            "epoch": 14.43,
            "learning_rate": 1.393414443950663e-05,
            "loss": 0.0454,
            "step": 1720500
            },
            {
            "epoch": 14.43,
            "learning_rate": 1.392366322603366e-05,
            "loss": 0.0456,
            "step": 1721000
            },
            {
            "epoch": 14.43,
            "learning_rate": 1.3913182012560689e-05,
            "loss": 0.0458,
            "step": 1721500
            },
            {
            "epoch": 14.44,
            "learning_rate": 1.3902700799087714e-05,
            "loss": 0.0455,
            "step": 1722000
            },
            {
            "epoch": 14.44,
            "learning_rate": 1.3892219585614743e-05,
            "loss": 0.0452,
            "step": 1722500
            },
            {
            "epoch": 14.45,
            "learning_rate": 1.3881738372141772e-05,
            "loss": 0.0456,
            "step": 1723000
            },
            {
            "epoch": 14.45,
            "learning_rate": 1.3871257158668801e-05,
            "loss": 0.0461,
            "step": 1723500
            },
            {
            "epoch": 14.46,
            "learning_rate": 1.386077594519583e-05,
            "loss": 0.0458,
            "step": 1724000
            },
            {
            "epoch": 14.46,
            "learning_rate": 1.385029473172286e-05,
            "loss": 0.0452,
            "step": 1724500
            },
            {
            "epoch": 14.46,
            "learning_rate": 1.3839813518249888e-05,
            "loss": 0.0463,
            "step": 1725000
            },
            {
            "epoch": 14.47,
            "learning_rate": 1.3829332304776917e-05,
            "loss": 0.0454,
            "step": 1725500
            },
            {
            "epoch": 14.47,
            "learning_rate": 1.3818851091303946e-05,
            "loss": 0.0453,
            "step": 1726000
            },
            {
            "epoch": 14.48,
            "learning_rate": 1.3808369877830975e-05,
            "loss": 0.0459,
            "step": 1726500
            },
            {
            "epoch": 14.48,
            "learning_rate": 1.3797888664358004e-05,
            "loss": 0.0457,
            "step": 1727000
            },
            {
            "epoch": 14.49,
            "learning_rate": 1.3787407450885033e-05,
            "loss": 0.0452,
            "step": 1727500
            },
            {
            "epoch": 14.49,
            "learning_rate": 1.3776926237412064e-05,
            "loss": 0.0454,
            "step": 1728000
            },
            {
            "epoch": 14.49,
            "learning_rate": 1.3766445023939093e-05,
            "loss": 0.0458,
            "step": 1728500
            },
            {
            "epoch": 14.5,
            "learning_rate": 1.3755963810466122e-05,
            "loss": 0.0455,
            "step": 1729000
            },
            {
            "epoch": 14.5,
            "learning_rate": 1.3745482596993151e-05,
            "loss": 0.0454,
            "step": 1729500
            },
            {
            "epoch": 14.51,
            "learning_rate": 1.373500138352018e-05,
            "loss": 0.0458,
            "step": 1730000
            },
            {
            "epoch": 14.51,
            "learning_rate": 1.3724520170047209e-05,
            "loss": 0.0458,
            "step": 1730500
            },
            {
            "epoch": 14.51,
            "learning_rate": 1.3714038956574238e-05,
            "loss": 0.046,
            "step": 1731000
            },
            {
            "epoch": 14.52,
            "learning_rate": 1.3703557743101267e-05,
            "loss": 0.0454,
            "step": 1731500
            },
            {
            "epoch": 14.52,
            "learning_rate": 1.3693076529628296e-05,
            "loss": 0.0455,
            "step": 1732000
            },
            {
            "epoch": 14.53,
            "learning_rate": 1.3682595316155325e-05,
            "loss": 0.0463,
            "step": 1732500
            },
            {
            "epoch": 14.53,
            "learning_rate": 1.3672114102682354e-05,
            "loss": 0.0456,
            "step": 1733000
            },
            {
            "epoch": 14.54,
            "learning_rate": 1.3661632889209383e-05,
            "loss": 0.0457,
            "step": 1733500
            },
            {
            "epoch": 14.54,
            "learning_rate": 1.3651151675736409e-05,
            "loss": 0.0454,
            "step": 1734000
            },
            {
            "epoch": 14.54,
            "learning_rate": 1.3640670462263438e-05,
            "loss": 0.0458,
            "step": 1734500
            },
            {
            "epoch": 14.55,
            "learning_rate": 1.3630189248790467e-05,
            "loss": 0.0459,
            "step": 1735000
            },
            {
            "epoch": 14.55,
            "learning_rate": 1.3619708035317497e-05,
            "loss": 0.0456,
            "step": 1735500
            },
            {
            "epoch": 14.56,
            "learning_rate": 1.3609226821844526e-05,
            "loss": 0.0456,
            "step": 1736000
            },
            {
            "epoch": 14.56,
            "learning_rate": 1.3598745608371555e-05,
            "loss": 0.0462,
            "step": 1736500
            },
            {
            "epoch": 14.56,
            "learning_rate": 1.3588264394898584e-05,
            "loss": 0.0454,
            "step": 1737000
            },
            {
            "epoch": 14.57,
            "learning_rate": 1.3577783181425613e-05,
            "loss": 0.0453,
            "step": 1737500
            },
            {
            "epoch": 14.57,
            "learning_rate": 1.3567301967952642e-05,
            "loss": 0.0454,
            "step": 1738000
            },
            {
            "epoch": 14.58,
            "learning_rate": 1.3556820754479671e-05,
            "loss": 0.046,
            "step": 1738500
            },
            {
            "epoch": 14.58,
            "learning_rate": 1.35463395410067e-05,
            "loss": 0.046,
            "step": 1739000
            },
            {
            "epoch": 14.59,
            "learning_rate": 1.353585832753373e-05,
            "loss": 0.0457,
            "step": 1739500
            },
            {
            "epoch": 14.59,
            "learning_rate": 1.3525377114060758e-05,
            "loss": 0.0459,
            "step": 1740000
            },
            {
            "epoch": 14.59,
            "eval_loss": 0.045279137790203094,
            "eval_runtime": 304.8261,
            "eval_samples_per_second": 1391.078,
            "eval_steps_per_second": 21.737,
            "step": 1740000
            },
            {
            "epoch": 14.59,
            "learning_rate": 1.3514895900587787e-05,
            "loss": 0.0453,
            "step": 1740500
            },
            {
            "epoch": 14.6,
            "learning_rate": 1.3504414687114816e-05,
            "loss": 0.0457,
            "step": 1741000
            },
            {
            "epoch": 14.6,
            "learning_rate": 1.3493933473641845e-05,
            "loss": 0.0454,
            "step": 1741500
            },
            {
            "epoch": 14.61,
            "learning_rate": 1.3483452260168874e-05,
            "loss": 0.0457,
            "step": 1742000
            },
            {
            "epoch": 14.61,
            "learning_rate": 1.3472971046695903e-05,
            "loss": 0.0456,
            "step": 1742500
            },
            {
            "epoch": 14.62,
            "learning_rate": 1.3462489833222932e-05,
            "loss": 0.0453,
            "step": 1743000
            },
            {
            "epoch": 14.62,
            "learning_rate": 1.3452008619749961e-05,
            "loss": 0.0461,
            "step": 1743500
            },
            {
            "epoch": 14.62,
            "learning_rate": 1.344152740627699e-05,
            "loss": 0.0457,
            "step": 1744000
            },
            {
            "epoch": 14.63,
            "learning_rate": 1.343104619280402e-05,
            "loss": 0.0454,
            "step": 1744500
            },
            {
            "epoch": 14.63,
            "learning_rate": 1.3420564979331048e-05,
            "loss": 0.0452,
            "step": 1745000
            },
            {
            "epoch": 14.64,
            "learning_rate": 1.3410083765858076e-05,
            "loss": 0.0459,
            "step": 1745500
            },
            {
            "epoch": 14.64,
            "learning_rate": 1.3399602552385105e-05,
            "loss": 0.0453,
            "step": 1746000
            },
            {
            "epoch": 14.64,
            "learning_rate": 1.3389121338912134e-05,
            "loss": 0.0455,
            "step": 1746500
            },
            {
            "epoch": 14.65,
            "learning_rate": 1.3378640125439163e-05,
            "loss": 0.0452,
            "step": 1747000
            },
            {
            "epoch": 14.65,
            "learning_rate": 1.3368158911966192e-05,
            "loss": 0.0454,
            "step": 1747500
            },
            {
            "epoch": 14.66,
            "learning_rate": 1.335767769849322e-05,
            "loss": 0.046,
            "step": 1748000
            },
            {
            "epoch": 14.66,
            "learning_rate": 1.334719648502025e-05,
            "loss": 0.0456,
            "step": 1748500
            },
            {
            "epoch": 14.67,
            "learning_rate": 1.3336715271547279e-05,
            "loss": 0.0454,
            "step": 1749000
            },
            {
            "epoch": 14.67,
            "learning_rate": 1.3326234058074308e-05,
            "loss": 0.046,
            "step": 1749500
            },
            {
            "epoch": 14.67,
            "learning_rate": 1.3315752844601337e-05,
            "loss": 0.0458,
            "step": 1750000
            },
            {
            "epoch": 14.68,
            "learning_rate": 1.3305271631128366e-05,
            "loss": 0.0456,
            "step": 1750500
            },
            {
            "epoch": 14.68,
            "learning_rate": 1.3294790417655395e-05,
            "loss": 0.0457,
            "step": 1751000
            },
            {
            "epoch": 14.69,
            "learning_rate": 1.3284309204182424e-05,
            "loss": 0.0454,
            "step": 1751500
            },
            {
            "epoch": 14.69,
            "learning_rate": 1.3273827990709453e-05,
            "loss": 0.0454,
            "step": 1752000
            },
            {
            "epoch": 14.69,
            "learning_rate": 1.3263346777236482e-05,
            "loss": 0.0458,
            "step": 1752500
            },
            {
            "epoch": 14.7,
            "learning_rate": 1.325286556376351e-05,
            "loss": 0.0456,
            "step": 1753000
            },
            {
            "epoch": 14.7,
            "learning_rate": 1.324238435029054e-05,
            "loss": 0.0461,
            "step": 1753500
            },
            {
            "epoch": 14.71,
            "learning_rate": 1.3231903136817569e-05,
            "loss": 0.0455,
            "step": 1754000
            },
            {
            "epoch": 14.71,
            "learning_rate": 1.3221421923344598e-05,
            "loss": 0.0455,
            "step": 1754500
            },
            {
            "epoch": 14.72,
            "learning_rate": 1.3210940709871627e-05,
            "loss": 0.0451,
            "step": 1755000
            },
            {
            "epoch": 14.72,
            "learning_rate": 1.3200459496398657e-05,
            "loss": 0.0454,
            "step": 1755500
            },
            {
            "epoch": 14.72,
            "learning_rate": 1.3189978282925686e-05,
            "loss": 0.0455,
            "step": 1756000
            },
            {
            "epoch": 14.73,
            "learning_rate": 1.3179497069452715e-05,
            "loss": 0.0454,
            "step": 1756500
            },
            {
            "epoch": 14.73,
            "learning_rate": 1.3169015855979744e-05,
            "loss": 0.0458,
            "step": 1757000
            },
            {
            "epoch": 14.74,
            "learning_rate": 1.315853464250677e-05,
            "loss": 0.0451,
            "step": 1757500
            },
            {
            "epoch": 14.74,
            "learning_rate": 1.3148053429033799e-05,
            "loss": 0.0456,
            "step": 1758000
            },
            {
            "epoch": 14.74,
            "learning_rate": 1.3137572215560828e-05,
            "loss": 0.0457,
            "step": 1758500
            },
            {
            "epoch": 14.75,
            "learning_rate": 1.3127091002087857e-05,
            "loss": 0.0455,
            "step": 1759000
            },
            {
            "epoch": 14.75,
            "learning_rate": 1.3116609788614886e-05,
            "loss": 0.0455,
            "step": 1759500
            },
            {
            "epoch": 14.76,
            "learning_rate": 1.3106128575141915e-05,
            "loss": 0.0453,
            "step": 1760000
            },
            {
            "epoch": 14.76,
            "eval_loss": 0.04499560967087746,
            "eval_runtime": 305.573,
            "eval_samples_per_second": 1387.678,
            "eval_steps_per_second": 21.684,
            "step": 1760000
            },
            {
            "epoch": 14.76,
            "learning_rate": 1.3095647361668944e-05,
            "loss": 0.0456,
            "step": 1760500
            },
            {
            "epoch": 14.77,
            "learning_rate": 1.3085166148195973e-05,
            "loss": 0.0455,
            "step": 1761000
            },
            {
            "epoch": 14.77,
            "learning_rate": 1.3074684934723002e-05,
            "loss": 0.0449,
            "step": 1761500
            },
            {
            "epoch": 14.77,
            "learning_rate": 1.3064203721250031e-05,
            "loss": 0.0458,
            "step": 1762000
            },
            {
            "epoch": 14.78,
            "learning_rate": 1.305372250777706e-05,
            "loss": 0.0452,
            "step": 1762500
            },
            {
            "epoch": 14.78,
            "learning_rate": 1.304324129430409e-05,
            "loss": 0.0452,
            "step": 1763000
            },
            {
            "epoch": 14.79,
            "learning_rate": 1.303276008083112e-05,
            "loss": 0.0455,
            "step": 1763500
            },
            {
            "epoch": 14.79,
            "learning_rate": 1.3022278867358149e-05,
            "loss": 0.0461,
            "step": 1764000
            },
            {
            "epoch": 14.8,
            "learning_rate": 1.3011797653885178e-05,
            "loss": 0.0453,
            "step": 1764500
            },
            {
            "epoch": 14.8,
            "learning_rate": 1.3001316440412207e-05,
            "loss": 0.046,
            "step": 1765000
            },
            {
            "epoch": 14.8,
            "learning_rate": 1.2990835226939236e-05,
            "loss": 0.0456,
            "step": 1765500
            },
            {
            "epoch": 14.81,
            "learning_rate": 1.2980354013466265e-05,
            "loss": 0.0454,
            "step": 1766000
            },
            {
            "epoch": 14.81,
            "learning_rate": 1.2969872799993294e-05,
            "loss": 0.0455,
            "step": 1766500
            },
            {
            "epoch": 14.82,
            "learning_rate": 1.2959391586520323e-05,
            "loss": 0.0459,
            "step": 1767000
            },
            {
            "epoch": 14.82,
            "learning_rate": 1.2948910373047352e-05,
            "loss": 0.0458,
            "step": 1767500
            },
            {
            "epoch": 14.82,
            "learning_rate": 1.293842915957438e-05,
            "loss": 0.0455,
            "step": 1768000
            },
            {
            "epoch": 14.83,
            "learning_rate": 1.292794794610141e-05,
            "loss": 0.0461,
            "step": 1768500
            },
            {
            "epoch": 14.83,
            "learning_rate": 1.2917466732628439e-05,
            "loss": 0.0456,
            "step": 1769000
            },
            {
            "epoch": 14.84,
            "learning_rate": 1.2906985519155464e-05,
            "loss": 0.0453,
            "step": 1769500
            },
            {
            "epoch": 14.84,
            "learning_rate": 1.2896504305682493e-05,
            "loss": 0.0455,
            "step": 1770000
            },
            {
            "epoch": 14.85,
            "learning_rate": 1.2886023092209522e-05,
            "loss": 0.0453,
            "step": 1770500
            },
            {
            "epoch": 14.85,
            "learning_rate": 1.2875541878736553e-05,
            "loss": 0.0462,
            "step": 1771000
            },
            {
            "epoch": 14.85,
            "learning_rate": 1.2865060665263582e-05,
            "loss": 0.0454,
            "step": 1771500
            },
            {
            "epoch": 14.86,
            "learning_rate": 1.2854579451790611e-05,
            "loss": 0.0454,
            "step": 1772000
            },
            {
            "epoch": 14.86,
            "learning_rate": 1.284409823831764e-05,
            "loss": 0.0453,
            "step": 1772500
            },
            {
            "epoch": 14.87,
            "learning_rate": 1.2833617024844669e-05,
            "loss": 0.0458,
            "step": 1773000
            },
            {
            "epoch": 14.87,
            "learning_rate": 1.2823135811371698e-05,
            "loss": 0.0457,
            "step": 1773500
            },
            {
            "epoch": 14.87,
            "learning_rate": 1.2812654597898727e-05,
            "loss": 0.0457,
            "step": 1774000
            },
            {
            "epoch": 14.88,
            "learning_rate": 1.2802173384425756e-05,
            "loss": 0.0456,
            "step": 1774500
            },
            {
            "epoch": 14.88,
            "learning_rate": 1.2791692170952785e-05,
            "loss": 0.0458,
            "step": 1775000
            },
            {
            "epoch": 14.89,
            "learning_rate": 1.2781210957479814e-05,
            "loss": 0.0456,
            "step": 1775500
            },
            {
            "epoch": 14.89,
            "learning_rate": 1.2770729744006843e-05,
            "loss": 0.0455,
            "step": 1776000
            },
            {
            "epoch": 14.9,
            "learning_rate": 1.2760248530533872e-05,
            "loss": 0.0459,
            "step": 1776500
            },
            {
            "epoch": 14.9,
            "learning_rate": 1.2749767317060901e-05,
            "loss": 0.0458,
            "step": 1777000
            },
            {
            "epoch": 14.9,
            "learning_rate": 1.273928610358793e-05,
            "loss": 0.0453,
            "step": 1777500
            },
            {
            "epoch": 14.91,
            "learning_rate": 1.2728804890114959e-05,
            "loss": 0.0454,
            "step": 1778000
            },
            {
            "epoch": 14.91,
            "learning_rate": 1.2718323676641988e-05,
            "loss": 0.0457,
            "step": 1778500
            },
            {
            "epoch": 14.92,
            "learning_rate": 1.2707842463169017e-05,
            "loss": 0.0459,
            "step": 1779000
            },
            {
            "epoch": 14.92,
            "learning_rate": 1.2697361249696046e-05,
            "loss": 0.0457,
            "step": 1779500
            },
            {
            "epoch": 14.93,
            "learning_rate": 1.2686880036223075e-05,
            "loss": 0.0456,
            "step": 1780000
            },
            {
            "epoch": 14.93,
            "eval_loss": 0.04486946389079094,
            "eval_runtime": 304.9387,
            "eval_samples_per_second": 1390.565,
            "eval_steps_per_second": 21.729,
            "step": 1780000
            },
            {
            "epoch": 14.93,
            "learning_rate": 1.2676398822750104e-05,
            "loss": 0.0453,
            "step": 1780500
            },
            {
            "epoch": 14.93,
            "learning_rate": 1.2665917609277131e-05,
            "loss": 0.0458,
            "step": 1781000
            },
            {
            "epoch": 14.94,
            "learning_rate": 1.265543639580416e-05,
            "loss": 0.0453,
            "step": 1781500
            },
            {
            "epoch": 14.94,
            "learning_rate": 1.264495518233119e-05,
            "loss": 0.0458,
            "step": 1782000
            },
            {
            "epoch": 14.95,
            "learning_rate": 1.2634473968858218e-05,
            "loss": 0.0456,
            "step": 1782500
            },
            {
            "epoch": 14.95,
            "learning_rate": 1.2623992755385247e-05,
            "loss": 0.0456,
            "step": 1783000
            },
            {
            "epoch": 14.95,
            "learning_rate": 1.2613511541912276e-05,
            "loss": 0.0458,
            "step": 1783500
            },
            {
            "epoch": 14.96,
            "learning_rate": 1.2603030328439305e-05,
            "loss": 0.0454,
            "step": 1784000
            },
            {
            "epoch": 14.96,
            "learning_rate": 1.2592549114966334e-05,
            "loss": 0.0453,
            "step": 1784500
            },
            {
            "epoch": 14.97,
            "learning_rate": 1.2582067901493363e-05,
            "loss": 0.0458,
            "step": 1785000
            },
            {
            "epoch": 14.97,
            "learning_rate": 1.2571586688020392e-05,
            "loss": 0.0455,
            "step": 1785500
            },
            {
            "epoch": 14.98,
            "learning_rate": 1.2561105474547421e-05,
            "loss": 0.0452,
            "step": 1786000
            },
            {
            "epoch": 14.98,
            "learning_rate": 1.255062426107445e-05,
            "loss": 0.0457,
            "step": 1786500
            },
            {
            "epoch": 14.98,
            "learning_rate": 1.254014304760148e-05,
            "loss": 0.0458,
            "step": 1787000
            },
            {
            "epoch": 14.99,
            "learning_rate": 1.2529661834128508e-05,
            "loss": 0.0454,
            "step": 1787500
            },
            {
            "epoch": 14.99,
            "learning_rate": 1.2519180620655537e-05,
            "loss": 0.0455,
            "step": 1788000
            },
            {
            "epoch": 15.0,
            "learning_rate": 1.2508699407182566e-05,
            "loss": 0.0455,
            "step": 1788500
            },
            {
            "epoch": 15.0,
            "learning_rate": 1.2498218193709595e-05,
            "loss": 0.0453,
            "step": 1789000
            },
            {
            "epoch": 15.0,
            "learning_rate": 1.2487736980236624e-05,
            "loss": 0.0454,
            "step": 1789500
            },
            {
            "epoch": 15.01,
            "learning_rate": 1.2477255766763653e-05,
            "loss": 0.0455,
            "step": 1790000
            },
            {
            "epoch": 15.01,
            "learning_rate": 1.2466774553290682e-05,
            "loss": 0.0451,
            "step": 1790500
            },
            {
            "epoch": 15.02,
            "learning_rate": 1.2456293339817711e-05,
            "loss": 0.0446,
            "step": 1791000
            },
            {
            "epoch": 15.02,
            "learning_rate": 1.244581212634474e-05,
            "loss": 0.0454,
            "step": 1791500
            },
            {
            "epoch": 15.03,
            "learning_rate": 1.243533091287177e-05,
            "loss": 0.0447,
            "step": 1792000
            },
            {
            "epoch": 15.03,
            "learning_rate": 1.2424849699398798e-05,
            "loss": 0.0448,
            "step": 1792500
            },
            {
            "epoch": 15.03,
            "learning_rate": 1.2414368485925827e-05,
            "loss": 0.0459,
            "step": 1793000
            },
            {
            "epoch": 15.04,
            "learning_rate": 1.2403887272452856e-05,
            "loss": 0.045,
            "step": 1793500
            },
            {
            "epoch": 15.04,
            "learning_rate": 1.2393406058979885e-05,
            "loss": 0.0453,
            "step": 1794000
            },
            {
            "epoch": 15.05,
            "learning_rate": 1.2382924845506914e-05,
            "loss": 0.0452,
            "step": 1794500
            },
            {
            "epoch": 15.05,
            "learning_rate": 1.2372443632033943e-05,
            "loss": 0.0454,
            "step": 1795000
            },
            {
            "epoch": 15.06,
            "learning_rate": 1.2361962418560972e-05,
            "loss": 0.045,
            "step": 1795500
            },
            {
            "epoch": 15.06,
            "learning_rate": 1.2351481205088e-05,
            "loss": 0.045,
            "step": 1796000
            },
            {
            "epoch": 15.06,
            "learning_rate": 1.2340999991615029e-05,
            "loss": 0.0454,
            "step": 1796500
            },
            {
            "epoch": 15.07,
            "learning_rate": 1.2330518778142058e-05,
            "loss": 0.046,
            "step": 1797000
            },
            {
            "epoch": 15.07,
            "learning_rate": 1.2320037564669087e-05,
            "loss": 0.045,
            "step": 1797500
            },
            {
            "epoch": 15.08,
            "learning_rate": 1.2309556351196116e-05,
            "loss": 0.045,
            "step": 1798000
            },
            {
            "epoch": 15.08,
            "learning_rate": 1.2299075137723146e-05,
            "loss": 0.045,
            "step": 1798500
            },
            {
            "epoch": 15.08,
            "learning_rate": 1.2288593924250175e-05,
            "loss": 0.0452,
            "step": 1799000
            },
            {
            "epoch": 15.09,
            "learning_rate": 1.2278112710777204e-05,
            "loss": 0.0449,
            "step": 1799500
            },
            {
            "epoch": 15.09,
            "learning_rate": 1.2267631497304233e-05,
            "loss": 0.0449,
            "step": 1800000
            },
            {
            "epoch": 15.09,
            "eval_loss": 0.045038141310214996,
            "eval_runtime": 304.9407,
            "eval_samples_per_second": 1390.556,
            "eval_steps_per_second": 21.729,
            "step": 1800000
            },
            {
            "epoch": 15.1,
            "learning_rate": 1.2257150283831262e-05,
            "loss": 0.0449,
            "step": 1800500
            },
            {
            "epoch": 15.1,
            "learning_rate": 1.2246669070358291e-05,
            "loss": 0.0446,
            "step": 1801000
            },
            {
            "epoch": 15.11,
            "learning_rate": 1.223618785688532e-05,
            "loss": 0.0448,
            "step": 1801500
            },
            {
            "epoch": 15.11,
            "learning_rate": 1.2225706643412348e-05,
            "loss": 0.0454,
            "step": 1802000
            },
            {
            "epoch": 15.11,
            "learning_rate": 1.2215225429939377e-05,
            "loss": 0.0456,
            "step": 1802500
            },
            {
            "epoch": 15.12,
            "learning_rate": 1.2204744216466406e-05,
            "loss": 0.0458,
            "step": 1803000
            },
            {
            "epoch": 15.12,
            "learning_rate": 1.2194263002993435e-05,
            "loss": 0.0448,
            "step": 1803500
            },
            {
            "epoch": 15.13,
            "learning_rate": 1.2183781789520464e-05,
            "loss": 0.0455,
            "step": 1804000
            },
            {
            "epoch": 15.13,
            "learning_rate": 1.2173300576047493e-05,
            "loss": 0.0454,
            "step": 1804500
            },
            {
            "epoch": 15.13,
            "learning_rate": 1.2162819362574522e-05,
            "loss": 0.0452,
            "step": 1805000
            },
            {
            "epoch": 15.14,
            "learning_rate": 1.215233814910155e-05,
            "loss": 0.0457,
            "step": 1805500
            },
            {
            "epoch": 15.14,
            "learning_rate": 1.214185693562858e-05,
            "loss": 0.0451,
            "step": 1806000
            },
            {
            "epoch": 15.15,
            "learning_rate": 1.2131375722155609e-05,
            "loss": 0.0451,
            "step": 1806500
            },
            {
            "epoch": 15.15,
            "learning_rate": 1.2120894508682638e-05,
            "loss": 0.0447,
            "step": 1807000
            },
            {
            "epoch": 15.16,
            "learning_rate": 1.2110413295209667e-05,
            "loss": 0.0453,
            "step": 1807500
            },
            {
            "epoch": 15.16,
            "learning_rate": 1.2099932081736696e-05,
            "loss": 0.0456,
            "step": 1808000
            },
            {
            "epoch": 15.16,
            "learning_rate": 1.2089450868263725e-05,
            "loss": 0.045,
            "step": 1808500
            },
            {
            "epoch": 15.17,
            "learning_rate": 1.2078969654790754e-05,
            "loss": 0.045,
            "step": 1809000
            },
            {
            "epoch": 15.17,
            "learning_rate": 1.2068488441317783e-05,
            "loss": 0.0447,
            "step": 1809500
            },
            {
            "epoch": 15.18,
            "learning_rate": 1.2058007227844812e-05,
            "loss": 0.0452,
            "step": 1810000
            },
            {
            "epoch": 15.18,
            "learning_rate": 1.204752601437184e-05,
            "loss": 0.0452,
            "step": 1810500
            },
            {
            "epoch": 15.19,
            "learning_rate": 1.203704480089887e-05,
            "loss": 0.0454,
            "step": 1811000
            },
            {
            "epoch": 15.19,
            "learning_rate": 1.2026563587425899e-05,
            "loss": 0.0456,
            "step": 1811500
            },
            {
            "epoch": 15.19,
            "learning_rate": 1.2016082373952928e-05,
            "loss": 0.0452,
            "step": 1812000
            },
            {
            "epoch": 15.2,
            "learning_rate": 1.2005601160479957e-05,
            "loss": 0.0451,
            "step": 1812500
            },
            {
            "epoch": 15.2,
            "learning_rate": 1.1995119947006986e-05,
            "loss": 0.0451,
            "step": 1813000
            },
            {
            "epoch": 15.21,
            "learning_rate": 1.1984638733534015e-05,
            "loss": 0.0449,
            "step": 1813500
            },
            {
            "epoch": 15.21,
            "learning_rate": 1.1974157520061042e-05,
            "loss": 0.0452,
            "step": 1814000
            },
            {
            "epoch": 15.21,
            "learning_rate": 1.1963676306588071e-05,
            "loss": 0.0446,
            "step": 1814500
            },
            {
            "epoch": 15.22,
            "learning_rate": 1.19531950931151e-05,
            "loss": 0.0456,
            "step": 1815000
            },
            {
            "epoch": 15.22,
            "learning_rate": 1.1942713879642129e-05,
            "loss": 0.0454,
            "step": 1815500
            },
            {
            "epoch": 15.23,
            "learning_rate": 1.193223266616916e-05,
            "loss": 0.0449,
            "step": 1816000
            },
            {
            "epoch": 15.23,
            "learning_rate": 1.1921751452696189e-05,
            "loss": 0.045,
            "step": 1816500
            },
            {
            "epoch": 15.24,
            "learning_rate": 1.1911270239223218e-05,
            "loss": 0.0454,
            "step": 1817000
            },
            {
            "epoch": 15.24,
            "learning_rate": 1.1900789025750247e-05,
            "loss": 0.0453,
            "step": 1817500
            },
            {
            "epoch": 15.24,
            "learning_rate": 1.1890307812277276e-05,
            "loss": 0.0447,
            "step": 1818000
            },
            {
            "epoch": 15.25,
            "learning_rate": 1.1879826598804305e-05,
            "loss": 0.0449,
            "step": 1818500
            },
            {
            "epoch": 15.25,
            "learning_rate": 1.1869345385331334e-05,
            "loss": 0.0455,
            "step": 1819000
            },
            {
            "epoch": 15.26,
            "learning_rate": 1.1858864171858361e-05,
            "loss": 0.0448,
            "step": 1819500
            },
            {
            "epoch": 15.26,
            "learning_rate": 1.184838295838539e-05,
            "loss": 0.0453,
            "step": 1820000
            },
            {
            "epoch": 15.26,
            "eval_loss": 0.044853318482637405,
            "eval_runtime": 304.6965,
            "eval_samples_per_second": 1391.67,
            "eval_steps_per_second": 21.746,
            "step": 1820000
            },
            {
            "epoch": 15.26,
            "learning_rate": 1.1837901744912419e-05,
            "loss": 0.0453,
            "step": 1820500
            },
            {
            "epoch": 15.27,
            "learning_rate": 1.1827420531439448e-05,
            "loss": 0.045,
            "step": 1821000
            },
            {
            "epoch": 15.27,
            "learning_rate": 1.1816939317966477e-05,
            "loss": 0.0455,
            "step": 1821500
            },
            {
            "epoch": 15.28,
            "learning_rate": 1.1806458104493506e-05,
            "loss": 0.0457,
            "step": 1822000
            },
            {
            "epoch": 15.28,
            "learning_rate": 1.1795976891020535e-05,
            "loss": 0.0446,
            "step": 1822500
            },
            {
            "epoch": 15.29,
            "learning_rate": 1.1785495677547564e-05,
            "loss": 0.045,
            "step": 1823000
            },
            {
            "epoch": 15.29,
            "learning_rate": 1.1775014464074593e-05,
            "loss": 0.045,
            "step": 1823500
            },
            {
            "epoch": 15.29,
            "learning_rate": 1.1764533250601622e-05,
            "loss": 0.0449,
            "step": 1824000
            },
            {
            "epoch": 15.3,
            "learning_rate": 1.1754052037128651e-05,
            "loss": 0.0454,
            "step": 1824500
            },
            {
            "epoch": 15.3,
            "learning_rate": 1.174357082365568e-05,
            "loss": 0.0453,
            "step": 1825000
            },
            {
            "epoch": 15.31,
            "learning_rate": 1.1733089610182709e-05,
            "loss": 0.0454,
            "step": 1825500
            },
            {
            "epoch": 15.31,
            "learning_rate": 1.1722608396709738e-05,
            "loss": 0.0452,
            "step": 1826000
            },
            {
            "epoch": 15.32,
            "learning_rate": 1.1712127183236767e-05,
            "loss": 0.0452,
            "step": 1826500
            },
            {
            "epoch": 15.32,
            "learning_rate": 1.1701645969763796e-05,
            "loss": 0.0451,
            "step": 1827000
            },
            {
            "epoch": 15.32,
            "learning_rate": 1.1691164756290825e-05,
            "loss": 0.0456,
            "step": 1827500
            },
            {
            "epoch": 15.33,
            "learning_rate": 1.1680683542817854e-05,
            "loss": 0.045,
            "step": 1828000
            },
            {
            "epoch": 15.33,
            "learning_rate": 1.1670202329344883e-05,
            "loss": 0.0449,
            "step": 1828500
            },
            {
            "epoch": 15.34,
            "learning_rate": 1.1659721115871912e-05,
            "loss": 0.0452,
            "step": 1829000
            },
            {
            "epoch": 15.34,
            "learning_rate": 1.1649239902398941e-05,
            "loss": 0.0452,
            "step": 1829500
            },
            {
            "epoch": 15.34,
            "learning_rate": 1.163875868892597e-05,
            "loss": 0.0455,
            "step": 1830000
            },
            {
            "epoch": 15.35,
            "learning_rate": 1.1628277475452999e-05,
            "loss": 0.0453,
            "step": 1830500
            },
            {
            "epoch": 15.35,
            "learning_rate": 1.1617796261980028e-05,
            "loss": 0.0452,
            "step": 1831000
            },
            {
            "epoch": 15.36,
            "learning_rate": 1.1607315048507055e-05,
            "loss": 0.0451,
            "step": 1831500
            },
            {
            "epoch": 15.36,
            "learning_rate": 1.1596833835034084e-05,
            "loss": 0.0455,
            "step": 1832000
            },
            {
            "epoch": 15.37,
            "learning_rate": 1.1586352621561113e-05,
            "loss": 0.0453,
            "step": 1832500
            },
            {
            "epoch": 15.37,
            "learning_rate": 1.1575871408088142e-05,
            "loss": 0.0456,
            "step": 1833000
            },
            {
            "epoch": 15.37,
            "learning_rate": 1.1565390194615173e-05,
            "loss": 0.0455,
            "step": 1833500
            },
            {
            "epoch": 15.38,
            "learning_rate": 1.1554908981142202e-05,
            "loss": 0.0449,
            "step": 1834000
            },
            {
            "epoch": 15.38,
            "learning_rate": 1.1544427767669231e-05,
            "loss": 0.0451,
            "step": 1834500
            },
            {
            "epoch": 15.39,
            "learning_rate": 1.153394655419626e-05,
            "loss": 0.0448,
            "step": 1835000
            },
            {
            "epoch": 15.39,
            "learning_rate": 1.1523465340723289e-05,
            "loss": 0.0451,
            "step": 1835500
            },
            {
            "epoch": 15.39,
            "learning_rate": 1.1512984127250318e-05,
            "loss": 0.0454,
            "step": 1836000
            },
            {
            "epoch": 15.4,
            "learning_rate": 1.1502502913777347e-05,
            "loss": 0.0454,
            "step": 1836500
            },
            {
            "epoch": 15.4,
            "learning_rate": 1.1492021700304376e-05,
            "loss": 0.0451,
            "step": 1837000
            },
            {
            "epoch": 15.41,
            "learning_rate": 1.1481540486831403e-05,
            "loss": 0.0448,
            "step": 1837500
            },
            {
            "epoch": 15.41,
            "learning_rate": 1.1471059273358432e-05,
            "loss": 0.0455,
            "step": 1838000
            },
            {
            "epoch": 15.42,
            "learning_rate": 1.1460578059885461e-05,
            "loss": 0.0449,
            "step": 1838500
            },
            {
            "epoch": 15.42,
            "learning_rate": 1.145009684641249e-05,
            "loss": 0.0452,
            "step": 1839000
            },
            {
            "epoch": 15.42,
            "learning_rate": 1.143961563293952e-05,
            "loss": 0.0453,
            "step": 1839500
            },
            {
            "epoch": 15.43,
            "learning_rate": 1.1429134419466548e-05,
            "loss": 0.0451,
            "step": 1840000
            },
            {
            "epoch": 15.43,
            "eval_loss": 0.04479892551898956,
            "eval_runtime": 304.8248,
            "eval_samples_per_second": 1391.084,
            "eval_steps_per_second": 21.737,
            "step": 1840000
            },
            {
            "epoch": 15.43,
            "learning_rate": 1.1418653205993577e-05,
            "loss": 0.0448,
            "step": 1840500
            },
            {
            "epoch": 15.44,
            "learning_rate": 1.1408171992520606e-05,
            "loss": 0.0453,
            "step": 1841000
            },
            {
            "epoch": 15.44,
            "learning_rate": 1.1397690779047635e-05,
            "loss": 0.0455,
            "step": 1841500
            },
            {
            "epoch": 15.45,
            "learning_rate": 1.1387209565574664e-05,
            "loss": 0.0452,
            "step": 1842000
            },
            {
            "epoch": 15.45,
            "learning_rate": 1.1376728352101693e-05,
            "loss": 0.0455,
            "step": 1842500
            },
            {
            "epoch": 15.45,
            "learning_rate": 1.1366247138628722e-05,
            "loss": 0.0447,
            "step": 1843000
            },
            {
            "epoch": 15.46,
            "learning_rate": 1.1355765925155751e-05,
            "loss": 0.045,
            "step": 1843500
            },
            {
            "epoch": 15.46,
            "learning_rate": 1.134528471168278e-05,
            "loss": 0.0455,
            "step": 1844000
            },
            {
            "epoch": 15.47,
            "learning_rate": 1.133480349820981e-05,
            "loss": 0.045,
            "step": 1844500
            },
            {
            "epoch": 15.47,
            "learning_rate": 1.1324322284736838e-05,
            "loss": 0.0449,
            "step": 1845000
            },
            {
            "epoch": 15.47,
            "learning_rate": 1.1313841071263867e-05,
            "loss": 0.0452,
            "step": 1845500
            },
            {
            "epoch": 15.48,
            "learning_rate": 1.1303359857790896e-05,
            "loss": 0.0456,
            "step": 1846000
            },
            {
            "epoch": 15.48,
            "learning_rate": 1.1292878644317925e-05,
            "loss": 0.045,
            "step": 1846500
            },
            {
            "epoch": 15.49,
            "learning_rate": 1.1282397430844954e-05,
            "loss": 0.0456,
            "step": 1847000
            },
            {
            "epoch": 15.49,
            "learning_rate": 1.1271916217371983e-05,
            "loss": 0.0452,
            "step": 1847500
            },
            {
            "epoch": 15.5,
            "learning_rate": 1.1261435003899012e-05,
            "loss": 0.0449,
            "step": 1848000
            },
            {
            "epoch": 15.5,
            "learning_rate": 1.1250953790426041e-05,
            "loss": 0.045,
            "step": 1848500
            },
            {
            "epoch": 15.5,
            "learning_rate": 1.124047257695307e-05,
            "loss": 0.0451,
            "step": 1849000
            },
            {
            "epoch": 15.51,
            "learning_rate": 1.1229991363480098e-05,
            "loss": 0.0445,
            "step": 1849500
            },
            {
            "epoch": 15.51,
            "learning_rate": 1.1219510150007127e-05,
            "loss": 0.0452,
            "step": 1850000
            },
            {
            "epoch": 15.52,
            "learning_rate": 1.1209028936534156e-05,
            "loss": 0.0455,
            "step": 1850500
            },
            {
            "epoch": 15.52,
            "learning_rate": 1.1198547723061185e-05,
            "loss": 0.045,
            "step": 1851000
            },
            {
            "epoch": 15.52,
            "learning_rate": 1.1188066509588215e-05,
            "loss": 0.0444,
            "step": 1851500
            },
            {
            "epoch": 15.53,
            "learning_rate": 1.1177585296115244e-05,
            "loss": 0.0456,
            "step": 1852000
            },
            {
            "epoch": 15.53,
            "learning_rate": 1.1167104082642273e-05,
            "loss": 0.0449,
            "step": 1852500
            },
            {
            "epoch": 15.54,
            "learning_rate": 1.1156622869169302e-05,
            "loss": 0.0451,
            "step": 1853000
            },
            {
            "epoch": 15.54,
            "learning_rate": 1.1146141655696331e-05,
            "loss": 0.0452,
            "step": 1853500
            },
            {
            "epoch": 15.55,
            "learning_rate": 1.113566044222336e-05,
            "loss": 0.0445,
            "step": 1854000
            },
            {
            "epoch": 15.55,
            "learning_rate": 1.112517922875039e-05,
            "loss": 0.0449,
            "step": 1854500
            },
            {
            "epoch": 15.55,
            "learning_rate": 1.1114698015277417e-05,
            "loss": 0.0453,
            "step": 1855000
            },
            {
            "epoch": 15.56,
            "learning_rate": 1.1104216801804446e-05,
            "loss": 0.0452,
            "step": 1855500
            },
            {
            "epoch": 15.56,
            "learning_rate": 1.1093735588331475e-05,
            "loss": 0.0447,
            "step": 1856000
            },
            {
            "epoch": 15.57,
            "learning_rate": 1.1083254374858504e-05,
            "loss": 0.0454,
            "step": 1856500
            },
            {
            "epoch": 15.57,
            "learning_rate": 1.1072773161385533e-05,
            "loss": 0.0452,
            "step": 1857000
            },
            {
            "epoch": 15.58,
            "learning_rate": 1.1062291947912562e-05,
            "loss": 0.0452,
            "step": 1857500
            },
            {
            "epoch": 15.58,
            "learning_rate": 1.105181073443959e-05,
            "loss": 0.0457,
            "step": 1858000
            },
            {
            "epoch": 15.58,
            "learning_rate": 1.104132952096662e-05,
            "loss": 0.045,
            "step": 1858500
            },
            {
            "epoch": 15.59,
            "learning_rate": 1.1030848307493649e-05,
            "loss": 0.0448,
            "step": 1859000
            },
            {
            "epoch": 15.59,
            "learning_rate": 1.1020367094020678e-05,
            "loss": 0.0455,
            "step": 1859500
            },
            {
            "epoch": 15.6,
            "learning_rate": 1.1009885880547707e-05,
            "loss": 0.0455,
            "step": 1860000
            },
            {
            "epoch": 15.6,
            "eval_loss": 0.04462051019072533,
            "eval_runtime": 304.9362,
            "eval_samples_per_second": 1390.576,
            "eval_steps_per_second": 21.729,
            "step": 1860000
            },
            {
            "epoch": 15.6,
            "learning_rate": 1.0999404667074736e-05,
            "loss": 0.0446,
            "step": 1860500
            },
            {
            "epoch": 15.6,
            "learning_rate": 1.0988923453601765e-05,
            "loss": 0.0451,
            "step": 1861000
            },
            {
            "epoch": 15.61,
            "learning_rate": 1.0978442240128794e-05,
            "loss": 0.0454,
            "step": 1861500
            },
            {
            "epoch": 15.61,
            "learning_rate": 1.0967961026655823e-05,
            "loss": 0.045,
            "step": 1862000
            },
            {
            "epoch": 15.62,
            "learning_rate": 1.0957479813182852e-05,
            "loss": 0.0452,
            "step": 1862500
            },
            {
            "epoch": 15.62,
            "learning_rate": 1.094699859970988e-05,
            "loss": 0.045,
            "step": 1863000
            },
            {
            "epoch": 15.63,
            "learning_rate": 1.093651738623691e-05,
            "loss": 0.0451,
            "step": 1863500
            },
            {
            "epoch": 15.63,
            "learning_rate": 1.0926036172763939e-05,
            "loss": 0.0449,
            "step": 1864000
            },
            {
            "epoch": 15.63,
            "learning_rate": 1.0915554959290968e-05,
            "loss": 0.0452,
            "step": 1864500
            },
            {
            "epoch": 15.64,
            "learning_rate": 1.0905073745817997e-05,
            "loss": 0.0452,
            "step": 1865000
            },
            {
            "epoch": 15.64,
            "learning_rate": 1.0894592532345026e-05,
            "loss": 0.045,
            "step": 1865500
            },
            {
            "epoch": 15.65,
            "learning_rate": 1.0884111318872055e-05,
            "loss": 0.0451,
            "step": 1866000
            },
            {
            "epoch": 15.65,
            "learning_rate": 1.0873630105399084e-05,
            "loss": 0.0449,
            "step": 1866500
            },
            {
            "epoch": 15.65,
            "learning_rate": 1.0863148891926111e-05,
            "loss": 0.0449,
            "step": 1867000
            },
            {
            "epoch": 15.66,
            "learning_rate": 1.085266767845314e-05,
            "loss": 0.0452,
            "step": 1867500
            },
            {
            "epoch": 15.66,
            "learning_rate": 1.0842186464980169e-05,
            "loss": 0.0453,
            "step": 1868000
            },
            {
            "epoch": 15.67,
            "learning_rate": 1.0831705251507198e-05,
            "loss": 0.045,
            "step": 1868500
            },
            {
            "epoch": 15.67,
            "learning_rate": 1.0821224038034229e-05,
            "loss": 0.0452,
            "step": 1869000
            },
            {
            "epoch": 15.68,
            "learning_rate": 1.0810742824561258e-05,
            "loss": 0.0453,
            "step": 1869500
            },
            {
            "epoch": 15.68,
            "learning_rate": 1.0800261611088287e-05,
            "loss": 0.0454,
            "step": 1870000
            },
            {
            "epoch": 15.68,
            "learning_rate": 1.0789780397615316e-05,
            "loss": 0.045,
            "step": 1870500
            },
            {
            "epoch": 15.69,
            "learning_rate": 1.0779299184142345e-05,
            "loss": 0.0447,
            "step": 1871000
            },
            {
            "epoch": 15.69,
            "learning_rate": 1.0768817970669374e-05,
            "loss": 0.0451,
            "step": 1871500
            },
            {
            "epoch": 15.7,
            "learning_rate": 1.0758336757196403e-05,
            "loss": 0.0448,
            "step": 1872000
            },
            {
            "epoch": 15.7,
            "learning_rate": 1.0747855543723432e-05,
            "loss": 0.0456,
            "step": 1872500
            },
            {
            "epoch": 15.71,
            "learning_rate": 1.0737374330250459e-05,
            "loss": 0.0452,
            "step": 1873000
            },
            {
            "epoch": 15.71,
            "learning_rate": 1.0726893116777488e-05,
            "loss": 0.0453,
            "step": 1873500
            },
            {
            "epoch": 15.71,
            "learning_rate": 1.0716411903304517e-05,
            "loss": 0.0448,
            "step": 1874000
            },
            {
            "epoch": 15.72,
            "learning_rate": 1.0705930689831546e-05,
            "loss": 0.0446,
            "step": 1874500
            },
            {
            "epoch": 15.72,
            "learning_rate": 1.0695449476358575e-05,
            "loss": 0.0452,
            "step": 1875000
            },
            {
            "epoch": 15.73,
            "learning_rate": 1.0684968262885604e-05,
            "loss": 0.0449,
            "step": 1875500
            },
            {
            "epoch": 15.73,
            "learning_rate": 1.0674487049412633e-05,
            "loss": 0.0454,
            "step": 1876000
            },
            {
            "epoch": 15.73,
            "learning_rate": 1.0664005835939662e-05,
            "loss": 0.0449,
            "step": 1876500
            },
            {
            "epoch": 15.74,
            "learning_rate": 1.0653524622466691e-05,
            "loss": 0.0451,
            "step": 1877000
            },
            {
            "epoch": 15.74,
            "learning_rate": 1.064304340899372e-05,
            "loss": 0.0453,
            "step": 1877500
            },
            {
            "epoch": 15.75,
            "learning_rate": 1.0632562195520749e-05,
            "loss": 0.0456,
            "step": 1878000
            },
            {
            "epoch": 15.75,
            "learning_rate": 1.0622080982047778e-05,
            "loss": 0.0455,
            "step": 1878500
            },
            {
            "epoch": 15.76,
            "learning_rate": 1.0611599768574807e-05,
            "loss": 0.0458,
            "step": 1879000
            },
            {
            "epoch": 15.76,
            "learning_rate": 1.0601118555101836e-05,
            "loss": 0.0453,
            "step": 1879500
            },
            {
            "epoch": 15.76,
            "learning_rate": 1.0590637341628865e-05,
            "loss": 0.0454,
            "step": 1880000
            },
            {
            "epoch": 15.76,
            "eval_loss": 0.044534940272569656,
            "eval_runtime": 304.9877,
            "eval_samples_per_second": 1390.341,
            "eval_steps_per_second": 21.725,
            "step": 1880000
            },
            {
            "epoch": 15.77,
            "learning_rate": 1.0580156128155894e-05,
            "loss": 0.0448,
            "step": 1880500
            },
            {
            "epoch": 15.77,
            "learning_rate": 1.0569674914682923e-05,
            "loss": 0.0451,
            "step": 1881000
            },
            {
            "epoch": 15.78,
            "learning_rate": 1.0559193701209952e-05,
            "loss": 0.0451,
            "step": 1881500
            },
            {
            "epoch": 15.78,
            "learning_rate": 1.0548712487736981e-05,
            "loss": 0.0454,
            "step": 1882000
            },
            {
            "epoch": 15.78,
            "learning_rate": 1.053823127426401e-05,
            "loss": 0.0452,
            "step": 1882500
            },
            {
            "epoch": 15.79,
            "learning_rate": 1.0527750060791039e-05,
            "loss": 0.0449,
            "step": 1883000
            },
            {
            "epoch": 15.79,
            "learning_rate": 1.0517268847318068e-05,
            "loss": 0.0452,
            "step": 1883500
            },
            {
            "epoch": 15.8,
            "learning_rate": 1.0506787633845097e-05,
            "loss": 0.0448,
            "step": 1884000
            },
            {
            "epoch": 15.8,
            "learning_rate": 1.0496306420372126e-05,
            "loss": 0.0449,
            "step": 1884500
            },
            {
            "epoch": 15.81,
            "learning_rate": 1.0485825206899153e-05,
            "loss": 0.0451,
            "step": 1885000
            },
            {
            "epoch": 15.81,
            "learning_rate": 1.0475343993426182e-05,
            "loss": 0.0455,
            "step": 1885500
            },
            {
            "epoch": 15.81,
            "learning_rate": 1.0464862779953211e-05,
            "loss": 0.0448,
            "step": 1886000
            },
            {
            "epoch": 15.82,
            "learning_rate": 1.0454381566480242e-05,
            "loss": 0.0452,
            "step": 1886500
            },
            {
            "epoch": 15.82,
            "learning_rate": 1.0443900353007271e-05,
            "loss": 0.0447,
            "step": 1887000
            },
            {
            "epoch": 15.83,
            "learning_rate": 1.04334191395343e-05,
            "loss": 0.0447,
            "step": 1887500
            },
            {
            "epoch": 15.83,
            "learning_rate": 1.0422937926061329e-05,
            "loss": 0.0458,
            "step": 1888000
            },
            {
            "epoch": 15.84,
            "learning_rate": 1.0412456712588358e-05,
            "loss": 0.0448,
            "step": 1888500
            },
            {
            "epoch": 15.84,
            "learning_rate": 1.0401975499115387e-05,
            "loss": 0.0449,
            "step": 1889000
            },
            {
            "epoch": 15.84,
            "learning_rate": 1.0391494285642416e-05,
            "loss": 0.0451,
            "step": 1889500
            },
            {
            "epoch": 15.85,
            "learning_rate": 1.0381013072169445e-05,
            "loss": 0.0448,
            "step": 1890000
            },
            {
            "epoch": 15.85,
            "learning_rate": 1.0370531858696472e-05,
            "loss": 0.045,
            "step": 1890500
            },
            {
            "epoch": 15.86,
            "learning_rate": 1.0360050645223501e-05,
            "loss": 0.0453,
            "step": 1891000
            },
            {
            "epoch": 15.86,
            "learning_rate": 1.034956943175053e-05,
            "loss": 0.0448,
            "step": 1891500
            },
            {
            "epoch": 15.86,
            "learning_rate": 1.033908821827756e-05,
            "loss": 0.0449,
            "step": 1892000
            },
            {
            "epoch": 15.87,
            "learning_rate": 1.0328607004804588e-05,
            "loss": 0.0454,
            "step": 1892500
            },
            {
            "epoch": 15.87,
            "learning_rate": 1.0318125791331617e-05,
            "loss": 0.0451,
            "step": 1893000
            },
            {
            "epoch": 15.88,
            "learning_rate": 1.0307644577858646e-05,
            "loss": 0.0448,
            "step": 1893500
            },
            {
            "epoch": 15.88,
            "learning_rate": 1.0297163364385675e-05,
            "loss": 0.0448,
            "step": 1894000
            },
            {
            "epoch": 15.89,
            "learning_rate": 1.0286682150912704e-05,
            "loss": 0.0449,
            "step": 1894500
            },
            {
            "epoch": 15.89,
            "learning_rate": 1.0276200937439733e-05,
            "loss": 0.0448,
            "step": 1895000
            },
            {
            "epoch": 15.89,
            "learning_rate": 1.0265719723966762e-05,
            "loss": 0.0452,
            "step": 1895500
            },
            {
            "epoch": 15.9,
            "learning_rate": 1.0255238510493791e-05,
            "loss": 0.0451,
            "step": 1896000
            },
            {
            "epoch": 15.9,
            "learning_rate": 1.024475729702082e-05,
            "loss": 0.045,
            "step": 1896500
            },
            {
            "epoch": 15.91,
            "learning_rate": 1.023427608354785e-05,
            "loss": 0.0445,
            "step": 1897000
            },
            {
            "epoch": 15.91,
            "learning_rate": 1.0223794870074878e-05,
            "loss": 0.0448,
            "step": 1897500
            },
            {
            "epoch": 15.91,
            "learning_rate": 1.0213313656601907e-05,
            "loss": 0.0447,
            "step": 1898000
            },
            {
            "epoch": 15.92,
            "learning_rate": 1.0202832443128936e-05,
            "loss": 0.0452,
            "step": 1898500
            },
            {
            "epoch": 15.92,
            "learning_rate": 1.0192351229655965e-05,
            "loss": 0.0451,
            "step": 1899000
            },
            {
            "epoch": 15.93,
            "learning_rate": 1.0181870016182994e-05,
            "loss": 0.0448,
            "step": 1899500
            },
            {
            "epoch": 15.93,
            "learning_rate": 1.0171388802710023e-05,
            "loss": 0.045,
            "step": 1900000
            },
            {
            "epoch": 15.93,
            "eval_loss": 0.04451295733451843,
            "eval_runtime": 305.2117,
            "eval_samples_per_second": 1389.321,
            "eval_steps_per_second": 21.71,
            "step": 1900000
            },
            {
            "epoch": 15.94,
            "learning_rate": 1.0160907589237052e-05,
            "loss": 0.0448,
            "step": 1900500
            },
            {
            "epoch": 15.94,
            "learning_rate": 1.0150426375764081e-05,
            "loss": 0.0446,
            "step": 1901000
            },
            {
            "epoch": 15.94,
            "learning_rate": 1.013994516229111e-05,
            "loss": 0.0447,
            "step": 1901500
            },
            {
            "epoch": 15.95,
            "learning_rate": 1.012946394881814e-05,
            "loss": 0.045,
            "step": 1902000
            },
            {
            "epoch": 15.95,
            "learning_rate": 1.0118982735345167e-05,
            "loss": 0.0453,
            "step": 1902500
            },
            {
            "epoch": 15.96,
            "learning_rate": 1.0108501521872196e-05,
            "loss": 0.0454,
            "step": 1903000
            },
            {
            "epoch": 15.96,
            "learning_rate": 1.0098020308399225e-05,
            "loss": 0.0453,
            "step": 1903500
            },
            {
            "epoch": 15.96,
            "learning_rate": 1.0087539094926255e-05,
            "loss": 0.0446,
            "step": 1904000
            },
            {
            "epoch": 15.97,
            "learning_rate": 1.0077057881453284e-05,
            "loss": 0.0452,
            "step": 1904500
            },
            {
            "epoch": 15.97,
            "learning_rate": 1.0066576667980313e-05,
            "loss": 0.0449,
            "step": 1905000
            },
            {
            "epoch": 15.98,
            "learning_rate": 1.0056095454507342e-05,
            "loss": 0.0453,
            "step": 1905500
            },
            {
            "epoch": 15.98,
            "learning_rate": 1.0045614241034371e-05,
            "loss": 0.0452,
            "step": 1906000
            },
            {
            "epoch": 15.99,
            "learning_rate": 1.00351330275614e-05,
            "loss": 0.0448,
            "step": 1906500
            },
            {
            "epoch": 15.99,
            "learning_rate": 1.002465181408843e-05,
            "loss": 0.0451,
            "step": 1907000
            },
            {
            "epoch": 15.99,
            "learning_rate": 1.0014170600615458e-05,
            "loss": 0.0445,
            "step": 1907500
            },
            {
            "epoch": 16.0,
            "learning_rate": 1.0003689387142487e-05,
            "loss": 0.0441,
            "step": 1908000
            },
            {
            "epoch": 16.0,
            "learning_rate": 9.993208173669515e-06,
            "loss": 0.0445,
            "step": 1908500
            },
            {
            "epoch": 16.01,
            "learning_rate": 9.982726960196544e-06,
            "loss": 0.0447,
            "step": 1909000
            },
            {
            "epoch": 16.01,
            "learning_rate": 9.972245746723573e-06,
            "loss": 0.0445,
            "step": 1909500
            },
            {
            "epoch": 16.02,
            "learning_rate": 9.961764533250602e-06,
            "loss": 0.0449,
            "step": 1910000
            },
            {
            "epoch": 16.02,
            "learning_rate": 9.95128331977763e-06,
            "loss": 0.0442,
            "step": 1910500
            },
            {
            "epoch": 16.02,
            "learning_rate": 9.94080210630466e-06,
            "loss": 0.0449,
            "step": 1911000
            },
            {
            "epoch": 16.03,
            "learning_rate": 9.930320892831689e-06,
            "loss": 0.0444,
            "step": 1911500
            },
            {
            "epoch": 16.03,
            "learning_rate": 9.919839679358718e-06,
            "loss": 0.0444,
            "step": 1912000
            },
            {
            "epoch": 16.04,
            "learning_rate": 9.909358465885747e-06,
            "loss": 0.0446,
            "step": 1912500
            },
            {
            "epoch": 16.04,
            "learning_rate": 9.898877252412776e-06,
            "loss": 0.0451,
            "step": 1913000
            },
            {
            "epoch": 16.04,
            "learning_rate": 9.888396038939805e-06,
            "loss": 0.045,
            "step": 1913500
            },
            {
            "epoch": 16.05,
            "learning_rate": 9.877914825466835e-06,
            "loss": 0.0448,
            "step": 1914000
            },
            {
            "epoch": 16.05,
            "learning_rate": 9.867433611993863e-06,
            "loss": 0.0449,
            "step": 1914500
            },
            {
            "epoch": 16.06,
            "learning_rate": 9.856952398520892e-06,
            "loss": 0.0448,
            "step": 1915000
            },
            {
            "epoch": 16.06,
            "learning_rate": 9.84647118504792e-06,
            "loss": 0.0446,
            "step": 1915500
            },
            {
            "epoch": 16.07,
            "learning_rate": 9.83598997157495e-06,
            "loss": 0.0447,
            "step": 1916000
            },
            {
            "epoch": 16.07,
            "learning_rate": 9.825508758101979e-06,
            "loss": 0.0449,
            "step": 1916500
            },
            {
            "epoch": 16.07,
            "learning_rate": 9.815027544629008e-06,
            "loss": 0.0446,
            "step": 1917000
            },
            {
            "epoch": 16.08,
            "learning_rate": 9.804546331156037e-06,
            "loss": 0.0445,
            "step": 1917500
            },
            {
            "epoch": 16.08,
            "learning_rate": 9.794065117683066e-06,
            "loss": 0.0452,
            "step": 1918000
            },
            {
            "epoch": 16.09,
            "learning_rate": 9.783583904210095e-06,
            "loss": 0.0451,
            "step": 1918500
            },
            {
            "epoch": 16.09,
            "learning_rate": 9.773102690737124e-06,
            "loss": 0.0443,
            "step": 1919000
            },
            {
            "epoch": 16.09,
            "learning_rate": 9.762621477264153e-06,
            "loss": 0.0446,
            "step": 1919500
            },
            {
            "epoch": 16.1,
            "learning_rate": 9.752140263791182e-06,
            "loss": 0.0442,
            "step": 1920000
            },
            {
            "epoch": 16.1,
            "eval_loss": 0.04457049071788788,
            "eval_runtime": 304.7204,
            "eval_samples_per_second": 1391.561,
            "eval_steps_per_second": 21.745,
            "step": 1920000
            },
            {
            "epoch": 16.1,
            "learning_rate": 9.741659050318209e-06,
            "loss": 0.0448,
            "step": 1920500
            },
            {
            "epoch": 16.11,
            "learning_rate": 9.731177836845238e-06,
            "loss": 0.0448,
            "step": 1921000
            },
            {
            "epoch": 16.11,
            "learning_rate": 9.720696623372267e-06,
            "loss": 0.0444,
            "step": 1921500
            },
            {
            "epoch": 16.12,
            "learning_rate": 9.710215409899298e-06,
            "loss": 0.045,
            "step": 1922000
            },
            {
            "epoch": 16.12,
            "learning_rate": 9.699734196426327e-06,
            "loss": 0.0449,
            "step": 1922500
            },
            {
            "epoch": 16.12,
            "learning_rate": 9.689252982953356e-06,
            "loss": 0.0452,
            "step": 1923000
            },
            {
            "epoch": 16.13,
            "learning_rate": 9.678771769480385e-06,
            "loss": 0.0446,
            "step": 1923500
            },
            {
            "epoch": 16.13,
            "learning_rate": 9.668290556007414e-06,
            "loss": 0.0444,
            "step": 1924000
            },
            {
            "epoch": 16.14,
            "learning_rate": 9.657809342534443e-06,
            "loss": 0.045,
            "step": 1924500
            },
            {
            "epoch": 16.14,
            "learning_rate": 9.647328129061472e-06,
            "loss": 0.0448,
            "step": 1925000
            },
            {
            "epoch": 16.15,
            "learning_rate": 9.6368469155885e-06,
            "loss": 0.0445,
            "step": 1925500
            },
            {
            "epoch": 16.15,
            "learning_rate": 9.626365702115528e-06,
            "loss": 0.0449,
            "step": 1926000
            },
            {
            "epoch": 16.15,
            "learning_rate": 9.615884488642557e-06,
            "loss": 0.0447,
            "step": 1926500
            },
            {
            "epoch": 16.16,
            "learning_rate": 9.605403275169586e-06,
            "loss": 0.0448,
            "step": 1927000
            },
            {
            "epoch": 16.16,
            "learning_rate": 9.594922061696615e-06,
            "loss": 0.0445,
            "step": 1927500
            },
            {
            "epoch": 16.17,
            "learning_rate": 9.584440848223644e-06,
            "loss": 0.0448,
            "step": 1928000
            },
            {
            "epoch": 16.17,
            "learning_rate": 9.573959634750673e-06,
            "loss": 0.045,
            "step": 1928500
            },
            {
            "epoch": 16.17,
            "learning_rate": 9.563478421277702e-06,
            "loss": 0.0449,
            "step": 1929000
            },
            {
            "epoch": 16.18,
            "learning_rate": 9.55299720780473e-06,
            "loss": 0.0447,
            "step": 1929500
            },
            {
            "epoch": 16.18,
            "learning_rate": 9.54251599433176e-06,
            "loss": 0.0454,
            "step": 1930000
            },
            {
            "epoch": 16.19,
            "learning_rate": 9.532034780858789e-06,
            "loss": 0.045,
            "step": 1930500
            },
            {
            "epoch": 16.19,
            "learning_rate": 9.521553567385818e-06,
            "loss": 0.0449,
            "step": 1931000
            },
            {
            "epoch": 16.2,
            "learning_rate": 9.511072353912847e-06,
            "loss": 0.0445,
            "step": 1931500
            },
            {
            "epoch": 16.2,
            "learning_rate": 9.500591140439876e-06,
            "loss": 0.0443,
            "step": 1932000
            },
            {
            "epoch": 16.2,
            "learning_rate": 9.490109926966905e-06,
            "loss": 0.045,
            "step": 1932500
            },
            {
            "epoch": 16.21,
            "learning_rate": 9.479628713493934e-06,
            "loss": 0.0447,
            "step": 1933000
            },
            {
            "epoch": 16.21,
            "learning_rate": 9.469147500020963e-06,
            "loss": 0.0443,
            "step": 1933500
            },
            {
            "epoch": 16.22,
            "learning_rate": 9.458666286547992e-06,
            "loss": 0.0453,
            "step": 1934000
            },
            {
            "epoch": 16.22,
            "learning_rate": 9.44818507307502e-06,
            "loss": 0.0448,
            "step": 1934500
            },
            {
            "epoch": 16.22,
            "learning_rate": 9.43770385960205e-06,
            "loss": 0.0446,
            "step": 1935000
            },
            {
            "epoch": 16.23,
            "learning_rate": 9.427222646129079e-06,
            "loss": 0.0447,
            "step": 1935500
            },
            {
            "epoch": 16.23,
            "learning_rate": 9.416741432656108e-06,
            "loss": 0.0445,
            "step": 1936000
            },
            {
            "epoch": 16.24,
            "learning_rate": 9.406260219183137e-06,
            "loss": 0.0451,
            "step": 1936500
            },
            {
            "epoch": 16.24,
            "learning_rate": 9.395779005710166e-06,
            "loss": 0.045,
            "step": 1937000
            },
            {
            "epoch": 16.25,
            "learning_rate": 9.385297792237195e-06,
            "loss": 0.0445,
            "step": 1937500
            },
            {
            "epoch": 16.25,
            "learning_rate": 9.374816578764222e-06,
            "loss": 0.0449,
            "step": 1938000
            },
            {
            "epoch": 16.25,
            "learning_rate": 9.364335365291251e-06,
            "loss": 0.045,
            "step": 1938500
            },
            {
            "epoch": 16.26,
            "learning_rate": 9.35385415181828e-06,
            "loss": 0.0442,
            "step": 1939000
            },
            {
            "epoch": 16.26,
            "learning_rate": 9.34337293834531e-06,
            "loss": 0.0451,
            "step": 1939500
            },
            {
            "epoch": 16.27,
            "learning_rate": 9.33289172487234e-06,
            "loss": 0.0445,
            "step": 1940000
            },
            {
            "epoch": 16.27,
            "eval_loss": 0.04425353184342384,
            "eval_runtime": 305.3259,
            "eval_samples_per_second": 1388.801,
            "eval_steps_per_second": 21.701,
            "step": 1940000
            },
            {
            "epoch": 16.27,
            "learning_rate": 9.322410511399369e-06,
            "loss": 0.0451,
            "step": 1940500
            },
            {
            "epoch": 16.28,
            "learning_rate": 9.311929297926398e-06,
            "loss": 0.0444,
            "step": 1941000
            },
            {
            "epoch": 16.28,
            "learning_rate": 9.301448084453427e-06,
            "loss": 0.0448,
            "step": 1941500
            },
            {
            "epoch": 16.28,
            "learning_rate": 9.290966870980456e-06,
            "loss": 0.0441,
            "step": 1942000
            },
            {
            "epoch": 16.29,
            "learning_rate": 9.280485657507485e-06,
            "loss": 0.0446,
            "step": 1942500
            },
            {
            "epoch": 16.29,
            "learning_rate": 9.270004444034514e-06,
            "loss": 0.0441,
            "step": 1943000
            },
            {
            "epoch": 16.3,
            "learning_rate": 9.259523230561543e-06,
            "loss": 0.0449,
            "step": 1943500
            },
            {
            "epoch": 16.3,
            "learning_rate": 9.24904201708857e-06,
            "loss": 0.045,
            "step": 1944000
            },
            {
            "epoch": 16.3,
            "learning_rate": 9.238560803615599e-06,
            "loss": 0.0448,
            "step": 1944500
            },
            {
            "epoch": 16.31,
            "learning_rate": 9.228079590142628e-06,
            "loss": 0.0446,
            "step": 1945000
            },
            {
            "epoch": 16.31,
            "learning_rate": 9.217598376669657e-06,
            "loss": 0.0445,
            "step": 1945500
            },
            {
            "epoch": 16.32,
            "learning_rate": 9.207117163196686e-06,
            "loss": 0.0449,
            "step": 1946000
            },
            {
            "epoch": 16.32,
            "learning_rate": 9.196635949723715e-06,
            "loss": 0.0447,
            "step": 1946500
            },
            {
            "epoch": 16.33,
            "learning_rate": 9.186154736250744e-06,
            "loss": 0.0446,
            "step": 1947000
            },
            {
            "epoch": 16.33,
            "learning_rate": 9.175673522777773e-06,
            "loss": 0.0445,
            "step": 1947500
            },
            {
            "epoch": 16.33,
            "learning_rate": 9.165192309304802e-06,
            "loss": 0.0447,
            "step": 1948000
            },
            {
            "epoch": 16.34,
            "learning_rate": 9.154711095831831e-06,
            "loss": 0.0449,
            "step": 1948500
            },
            {
            "epoch": 16.34,
            "learning_rate": 9.14422988235886e-06,
            "loss": 0.0448,
            "step": 1949000
            },
            {
            "epoch": 16.35,
            "learning_rate": 9.13374866888589e-06,
            "loss": 0.0441,
            "step": 1949500
            },
            {
            "epoch": 16.35,
            "learning_rate": 9.123267455412918e-06,
            "loss": 0.0452,
            "step": 1950000
            },
            {
            "epoch": 16.35,
            "learning_rate": 9.112786241939947e-06,
            "loss": 0.0447,
            "step": 1950500
            },
            {
            "epoch": 16.36,
            "learning_rate": 9.102305028466976e-06,
            "loss": 0.0449,
            "step": 1951000
            },
            {
            "epoch": 16.36,
            "learning_rate": 9.091823814994005e-06,
            "loss": 0.0448,
            "step": 1951500
            },
            {
            "epoch": 16.37,
            "learning_rate": 9.081342601521034e-06,
            "loss": 0.0447,
            "step": 1952000
            },
            {
            "epoch": 16.37,
            "learning_rate": 9.070861388048063e-06,
            "loss": 0.0446,
            "step": 1952500
            },
            {
            "epoch": 16.38,
            "learning_rate": 9.060380174575092e-06,
            "loss": 0.0449,
            "step": 1953000
            },
            {
            "epoch": 16.38,
            "learning_rate": 9.049898961102121e-06,
            "loss": 0.0448,
            "step": 1953500
            },
            {
            "epoch": 16.38,
            "learning_rate": 9.03941774762915e-06,
            "loss": 0.0449,
            "step": 1954000
            },
            {
            "epoch": 16.39,
            "learning_rate": 9.028936534156179e-06,
            "loss": 0.045,
            "step": 1954500
            },
            {
            "epoch": 16.39,
            "learning_rate": 9.018455320683208e-06,
            "loss": 0.0446,
            "step": 1955000
            },
            {
            "epoch": 16.4,
            "learning_rate": 9.007974107210237e-06,
            "loss": 0.0445,
            "step": 1955500
            },
            {
            "epoch": 16.4,
            "learning_rate": 8.997492893737264e-06,
            "loss": 0.0447,
            "step": 1956000
            },
            {
            "epoch": 16.41,
            "learning_rate": 8.987011680264293e-06,
            "loss": 0.0449,
            "step": 1956500
            },
            {
            "epoch": 16.41,
            "learning_rate": 8.976530466791324e-06,
            "loss": 0.0448,
            "step": 1957000
            },
            {
            "epoch": 16.41,
            "learning_rate": 8.966049253318353e-06,
            "loss": 0.0447,
            "step": 1957500
            },
            {
            "epoch": 16.42,
            "learning_rate": 8.955568039845382e-06,
            "loss": 0.0448,
            "step": 1958000
            },
            {
            "epoch": 16.42,
            "learning_rate": 8.945086826372411e-06,
            "loss": 0.0446,
            "step": 1958500
            },
            {
            "epoch": 16.43,
            "learning_rate": 8.93460561289944e-06,
            "loss": 0.0452,
            "step": 1959000
            },
            {
            "epoch": 16.43,
            "learning_rate": 8.924124399426469e-06,
            "loss": 0.0449,
            "step": 1959500
            },
            {
            "epoch": 16.43,
            "learning_rate": 8.913643185953498e-06,
            "loss": 0.0446,
            "step": 1960000
            },
            {
            "epoch": 16.43,
            "eval_loss": 0.04435938596725464,
            "eval_runtime": 304.9331,
            "eval_samples_per_second": 1390.59,
            "eval_steps_per_second": 21.729,
            "step": 1960000
            },
            {
            "epoch": 16.44,
            "learning_rate": 8.903161972480527e-06,
            "loss": 0.0443,
            "step": 1960500
            },
            {
            "epoch": 16.44,
            "learning_rate": 8.892680759007556e-06,
            "loss": 0.0445,
            "step": 1961000
            },
            {
            "epoch": 16.45,
            "learning_rate": 8.882199545534583e-06,
            "loss": 0.0448,
            "step": 1961500
            },
            {
            "epoch": 16.45,
            "learning_rate": 8.871718332061612e-06,
            "loss": 0.0451,
            "step": 1962000
            },
            {
            "epoch": 16.46,
            "learning_rate": 8.861237118588641e-06,
            "loss": 0.0445,
            "step": 1962500
            },
            {
            "epoch": 16.46,
            "learning_rate": 8.85075590511567e-06,
            "loss": 0.0446,
            "step": 1963000
            },
            {
            "epoch": 16.46,
            "learning_rate": 8.8402746916427e-06,
            "loss": 0.0444,
            "step": 1963500
            },
            {
            "epoch": 16.47,
            "learning_rate": 8.829793478169728e-06,
            "loss": 0.0446,
            "step": 1964000
            },
            {
            "epoch": 16.47,
            "learning_rate": 8.819312264696757e-06,
            "loss": 0.0453,
            "step": 1964500
            },
            {
            "epoch": 16.48,
            "learning_rate": 8.808831051223786e-06,
            "loss": 0.045,
            "step": 1965000
            },
            {
            "epoch": 16.48,
            "learning_rate": 8.798349837750815e-06,
            "loss": 0.0448,
            "step": 1965500
            },
            {
            "epoch": 16.48,
            "learning_rate": 8.787868624277844e-06,
            "loss": 0.0451,
            "step": 1966000
            },
            {
            "epoch": 16.49,
            "learning_rate": 8.777387410804873e-06,
            "loss": 0.0447,
            "step": 1966500
            },
            {
            "epoch": 16.49,
            "learning_rate": 8.766906197331904e-06,
            "loss": 0.0446,
            "step": 1967000
            },
            {
            "epoch": 16.5,
            "learning_rate": 8.756424983858931e-06,
            "loss": 0.0446,
            "step": 1967500
            },
            {
            "epoch": 16.5,
            "learning_rate": 8.74594377038596e-06,
            "loss": 0.0444,
            "step": 1968000
            },
            {
            "epoch": 16.51,
            "learning_rate": 8.73546255691299e-06,
            "loss": 0.0448,
            "step": 1968500
            },
            {
            "epoch": 16.51,
            "learning_rate": 8.724981343440018e-06,
            "loss": 0.045,
            "step": 1969000
            },
            {
            "epoch": 16.51,
            "learning_rate": 8.714500129967047e-06,
            "loss": 0.0453,
            "step": 1969500
            },
            {
            "epoch": 16.52,
            "learning_rate": 8.704018916494076e-06,
            "loss": 0.0447,
            "step": 1970000
            },
            {
            "epoch": 16.52,
            "learning_rate": 8.693537703021105e-06,
            "loss": 0.0443,
            "step": 1970500
            },
            {
            "epoch": 16.53,
            "learning_rate": 8.683056489548134e-06,
            "loss": 0.0444,
            "step": 1971000
            },
            {
            "epoch": 16.53,
            "learning_rate": 8.672575276075163e-06,
            "loss": 0.045,
            "step": 1971500
            },
            {
            "epoch": 16.54,
            "learning_rate": 8.662094062602192e-06,
            "loss": 0.0443,
            "step": 1972000
            },
            {
            "epoch": 16.54,
            "learning_rate": 8.651612849129221e-06,
            "loss": 0.0444,
            "step": 1972500
            },
            {
            "epoch": 16.54,
            "learning_rate": 8.64113163565625e-06,
            "loss": 0.045,
            "step": 1973000
            },
            {
            "epoch": 16.55,
            "learning_rate": 8.630650422183278e-06,
            "loss": 0.0451,
            "step": 1973500
            },
            {
            "epoch": 16.55,
            "learning_rate": 8.620169208710307e-06,
            "loss": 0.0447,
            "step": 1974000
            },
            {
            "epoch": 16.56,
            "learning_rate": 8.609687995237336e-06,
            "loss": 0.0447,
            "step": 1974500
            },
            {
            "epoch": 16.56,
            "learning_rate": 8.599206781764366e-06,
            "loss": 0.0441,
            "step": 1975000
            },
            {
            "epoch": 16.56,
            "learning_rate": 8.588725568291395e-06,
            "loss": 0.0451,
            "step": 1975500
            },
            {
            "epoch": 16.57,
            "learning_rate": 8.578244354818424e-06,
            "loss": 0.0446,
            "step": 1976000
            },
            {
            "epoch": 16.57,
            "learning_rate": 8.567763141345453e-06,
            "loss": 0.0446,
            "step": 1976500
            },
            {
            "epoch": 16.58,
            "learning_rate": 8.557281927872482e-06,
            "loss": 0.0447,
            "step": 1977000
            },
            {
            "epoch": 16.58,
            "learning_rate": 8.546800714399511e-06,
            "loss": 0.0453,
            "step": 1977500
            },
            {
            "epoch": 16.59,
            "learning_rate": 8.53631950092654e-06,
            "loss": 0.0443,
            "step": 1978000
            },
            {
            "epoch": 16.59,
            "learning_rate": 8.52583828745357e-06,
            "loss": 0.0443,
            "step": 1978500
            },
            {
            "epoch": 16.59,
            "learning_rate": 8.515357073980598e-06,
            "loss": 0.0446,
            "step": 1979000
            },
            {
            "epoch": 16.6,
            "learning_rate": 8.504875860507626e-06,
            "loss": 0.0442,
            "step": 1979500
            },
            {
            "epoch": 16.6,
            "learning_rate": 8.494394647034655e-06,
            "loss": 0.045,
            "step": 1980000
            },
            {
            "epoch": 16.6,
            "eval_loss": 0.04413227736949921,
            "eval_runtime": 304.8372,
            "eval_samples_per_second": 1391.028,
            "eval_steps_per_second": 21.736,
            "step": 1980000
            },
            {
            "epoch": 16.61,
            "learning_rate": 8.483913433561684e-06,
            "loss": 0.0447,
            "step": 1980500
            },
            {
            "epoch": 16.61,
            "learning_rate": 8.473432220088713e-06,
            "loss": 0.0449,
            "step": 1981000
            },
            {
            "epoch": 16.61,
            "learning_rate": 8.462951006615742e-06,
            "loss": 0.0446,
            "step": 1981500
            },
            {
            "epoch": 16.62,
            "learning_rate": 8.45246979314277e-06,
            "loss": 0.0446,
            "step": 1982000
            },
            {
            "epoch": 16.62,
            "learning_rate": 8.4419885796698e-06,
            "loss": 0.0448,
            "step": 1982500
            },
            {
            "epoch": 16.63,
            "learning_rate": 8.431507366196829e-06,
            "loss": 0.0439,
            "step": 1983000
            },
            {
            "epoch": 16.63,
            "learning_rate": 8.421026152723858e-06,
            "loss": 0.0447,
            "step": 1983500
            },
            {
            "epoch": 16.64,
            "learning_rate": 8.410544939250887e-06,
            "loss": 0.0445,
            "step": 1984000
            },
            {
            "epoch": 16.64,
            "learning_rate": 8.400063725777917e-06,
            "loss": 0.0452,
            "step": 1984500
            },
            {
            "epoch": 16.64,
            "learning_rate": 8.389582512304946e-06,
            "loss": 0.0444,
            "step": 1985000
            },
            {
            "epoch": 16.65,
            "learning_rate": 8.379101298831974e-06,
            "loss": 0.0451,
            "step": 1985500
            },
            {
            "epoch": 16.65,
            "learning_rate": 8.368620085359003e-06,
            "loss": 0.0446,
            "step": 1986000
            },
            {
            "epoch": 16.66,
            "learning_rate": 8.358138871886032e-06,
            "loss": 0.0445,
            "step": 1986500
            },
            {
            "epoch": 16.66,
            "learning_rate": 8.34765765841306e-06,
            "loss": 0.0442,
            "step": 1987000
            },
            {
            "epoch": 16.67,
            "learning_rate": 8.33717644494009e-06,
            "loss": 0.0451,
            "step": 1987500
            },
            {
            "epoch": 16.67,
            "learning_rate": 8.326695231467119e-06,
            "loss": 0.0447,
            "step": 1988000
            },
            {
            "epoch": 16.67,
            "learning_rate": 8.316214017994148e-06,
            "loss": 0.0447,
            "step": 1988500
            },
            {
            "epoch": 16.68,
            "learning_rate": 8.305732804521177e-06,
            "loss": 0.0449,
            "step": 1989000
            },
            {
            "epoch": 16.68,
            "learning_rate": 8.295251591048206e-06,
            "loss": 0.0443,
            "step": 1989500
            },
            {
            "epoch": 16.69,
            "learning_rate": 8.284770377575235e-06,
            "loss": 0.0451,
            "step": 1990000
            },
            {
            "epoch": 16.69,
            "learning_rate": 8.274289164102264e-06,
            "loss": 0.0448,
            "step": 1990500
            },
            {
            "epoch": 16.69,
            "learning_rate": 8.263807950629293e-06,
            "loss": 0.0449,
            "step": 1991000
            },
            {
            "epoch": 16.7,
            "learning_rate": 8.25332673715632e-06,
            "loss": 0.0445,
            "step": 1991500
            },
            {
            "epoch": 16.7,
            "learning_rate": 8.242845523683349e-06,
            "loss": 0.045,
            "step": 1992000
            },
            {
            "epoch": 16.71,
            "learning_rate": 8.23236431021038e-06,
            "loss": 0.0446,
            "step": 1992500
            },
            {
            "epoch": 16.71,
            "learning_rate": 8.221883096737409e-06,
            "loss": 0.0445,
            "step": 1993000
            },
            {
            "epoch": 16.72,
            "learning_rate": 8.211401883264438e-06,
            "loss": 0.0447,
            "step": 1993500
            },
            {
            "epoch": 16.72,
            "learning_rate": 8.200920669791467e-06,
            "loss": 0.0449,
            "step": 1994000
            },
            {
            "epoch": 16.72,
            "learning_rate": 8.190439456318496e-06,
            "loss": 0.0447,
            "step": 1994500
            },
            {
            "epoch": 16.73,
            "learning_rate": 8.179958242845525e-06,
            "loss": 0.044,
            "step": 1995000
            },
            {
            "epoch": 16.73,
            "learning_rate": 8.169477029372554e-06,
            "loss": 0.0447,
            "step": 1995500
            },
            {
            "epoch": 16.74,
            "learning_rate": 8.158995815899583e-06,
            "loss": 0.045,
            "step": 1996000
            },
            {
            "epoch": 16.74,
            "learning_rate": 8.148514602426612e-06,
            "loss": 0.0447,
            "step": 1996500
            },
            {
            "epoch": 16.74,
            "learning_rate": 8.138033388953639e-06,
            "loss": 0.0443,
            "step": 1997000
            },
            {
            "epoch": 16.75,
            "learning_rate": 8.127552175480668e-06,
            "loss": 0.0447,
            "step": 1997500
            },
            {
            "epoch": 16.75,
            "learning_rate": 8.117070962007697e-06,
            "loss": 0.0445,
            "step": 1998000
            },
            {
            "epoch": 16.76,
            "learning_rate": 8.106589748534726e-06,
            "loss": 0.0444,
            "step": 1998500
            },
            {
            "epoch": 16.76,
            "learning_rate": 8.096108535061755e-06,
            "loss": 0.0446,
            "step": 1999000
            },
            {
            "epoch": 16.77,
            "learning_rate": 8.085627321588784e-06,
            "loss": 0.0446,
            "step": 1999500
            },
            {
            "epoch": 16.77,
            "learning_rate": 8.075146108115813e-06,
            "loss": 0.044,
            "step": 2000000
            },
            {
            "epoch": 16.77,
            "eval_loss": 0.04421715810894966,
            "eval_runtime": 305.005,
            "eval_samples_per_second": 1390.262,
            "eval_steps_per_second": 21.724,
            "step": 2000000
            },
            {
            "epoch": 16.77,
            "learning_rate": 8.064664894642842e-06,
            "loss": 0.0446,
            "step": 2000500
            },
            {
            "epoch": 16.78,
            "learning_rate": 8.054183681169871e-06,
            "loss": 0.045,
            "step": 2001000
            },
            {
            "epoch": 16.78,
            "learning_rate": 8.0437024676969e-06,
            "loss": 0.0443,
            "step": 2001500
            },
            {
            "epoch": 16.79,
            "learning_rate": 8.033221254223929e-06,
            "loss": 0.045,
            "step": 2002000
            },
            {
            "epoch": 16.79,
            "learning_rate": 8.02274004075096e-06,
            "loss": 0.0444,
            "step": 2002500
            },
            {
            "epoch": 16.8,
            "learning_rate": 8.012258827277987e-06,
            "loss": 0.0443,
            "step": 2003000
            },
            {
            "epoch": 16.8,
            "learning_rate": 8.001777613805016e-06,
            "loss": 0.0446,
            "step": 2003500
            },
            {
            "epoch": 16.8,
            "learning_rate": 7.991296400332045e-06,
            "loss": 0.0444,
            "step": 2004000
            },
            {
            "epoch": 16.81,
            "learning_rate": 7.980815186859074e-06,
            "loss": 0.0449,
            "step": 2004500
            },
            {
            "epoch": 16.81,
            "learning_rate": 7.970333973386103e-06,
            "loss": 0.0448,
            "step": 2005000
            },
            {
            "epoch": 16.82,
            "learning_rate": 7.959852759913132e-06,
            "loss": 0.0446,
            "step": 2005500
            },
            {
            "epoch": 16.82,
            "learning_rate": 7.949371546440161e-06,
            "loss": 0.0445,
            "step": 2006000
            },
            {
            "epoch": 16.82,
            "learning_rate": 7.93889033296719e-06,
            "loss": 0.0446,
            "step": 2006500
            },
            {
            "epoch": 16.83,
            "learning_rate": 7.928409119494219e-06,
            "loss": 0.0447,
            "step": 2007000
            },
            {
            "epoch": 16.83,
            "learning_rate": 7.917927906021248e-06,
            "loss": 0.0448,
            "step": 2007500
            },
            {
            "epoch": 16.84,
            "learning_rate": 7.907446692548277e-06,
            "loss": 0.0447,
            "step": 2008000
            },
            {
            "epoch": 16.84,
            "learning_rate": 7.896965479075306e-06,
            "loss": 0.0439,
            "step": 2008500
            },
            {
            "epoch": 16.85,
            "learning_rate": 7.886484265602333e-06,
            "loss": 0.0447,
            "step": 2009000
            },
            {
            "epoch": 16.85,
            "learning_rate": 7.876003052129362e-06,
            "loss": 0.0446,
            "step": 2009500
            },
            {
            "epoch": 16.85,
            "learning_rate": 7.865521838656393e-06,
            "loss": 0.0444,
            "step": 2010000
            },
            {
            "epoch": 16.86,
            "learning_rate": 7.855040625183422e-06,
            "loss": 0.0448,
            "step": 2010500
            },
            {
            "epoch": 16.86,
            "learning_rate": 7.844559411710451e-06,
            "loss": 0.0443,
            "step": 2011000
            },
            {
            "epoch": 16.87,
            "learning_rate": 7.83407819823748e-06,
            "loss": 0.044,
            "step": 2011500
            },
            {
            "epoch": 16.87,
            "learning_rate": 7.823596984764509e-06,
            "loss": 0.0449,
            "step": 2012000
            },
            {
            "epoch": 16.87,
            "learning_rate": 7.813115771291538e-06,
            "loss": 0.0447,
            "step": 2012500
            },
            {
            "epoch": 16.88,
            "learning_rate": 7.802634557818567e-06,
            "loss": 0.0449,
            "step": 2013000
            },
            {
            "epoch": 16.88,
            "learning_rate": 7.792153344345596e-06,
            "loss": 0.045,
            "step": 2013500
            },
            {
            "epoch": 16.89,
            "learning_rate": 7.781672130872625e-06,
            "loss": 0.0449,
            "step": 2014000
            },
            {
            "epoch": 16.89,
            "learning_rate": 7.771190917399654e-06,
            "loss": 0.0447,
            "step": 2014500
            },
            {
            "epoch": 16.9,
            "learning_rate": 7.760709703926681e-06,
            "loss": 0.0449,
            "step": 2015000
            },
            {
            "epoch": 16.9,
            "learning_rate": 7.75022849045371e-06,
            "loss": 0.0445,
            "step": 2015500
            },
            {
            "epoch": 16.9,
            "learning_rate": 7.73974727698074e-06,
            "loss": 0.0443,
            "step": 2016000
            },
            {
            "epoch": 16.91,
            "learning_rate": 7.729266063507768e-06,
            "loss": 0.0444,
            "step": 2016500
            },
            {
            "epoch": 16.91,
            "learning_rate": 7.718784850034797e-06,
            "loss": 0.0452,
            "step": 2017000
            },
            {
            "epoch": 16.92,
            "learning_rate": 7.708303636561826e-06,
            "loss": 0.0445,
            "step": 2017500
            },
            {
            "epoch": 16.92,
            "learning_rate": 7.697822423088855e-06,
            "loss": 0.045,
            "step": 2018000
            },
            {
            "epoch": 16.93,
            "learning_rate": 7.687341209615884e-06,
            "loss": 0.0449,
            "step": 2018500
            },
            {
            "epoch": 16.93,
            "learning_rate": 7.676859996142913e-06,
            "loss": 0.0443,
            "step": 2019000
            },
            {
            "epoch": 16.93,
            "learning_rate": 7.666378782669942e-06,
            "loss": 0.0449,
            "step": 2019500
            },
            {
            "epoch": 16.94,
            "learning_rate": 7.655897569196973e-06,
            "loss": 0.045,
            "step": 2020000
            },
            {
            "epoch": 16.94,
            "eval_loss": 0.044168733060359955,
            "eval_runtime": 304.7439,
            "eval_samples_per_second": 1391.454,
            "eval_steps_per_second": 21.743,
            "step": 2020000
            },
            {
            "epoch": 16.94,
            "learning_rate": 7.645416355724002e-06,
            "loss": 0.0441,
            "step": 2020500
            },
            {
            "epoch": 16.95,
            "learning_rate": 7.63493514225103e-06,
            "loss": 0.0448,
            "step": 2021000
            },
            {
            "epoch": 16.95,
            "learning_rate": 7.624453928778058e-06,
            "loss": 0.0446,
            "step": 2021500
            },
            {
            "epoch": 16.95,
            "learning_rate": 7.613972715305087e-06,
            "loss": 0.0451,
            "step": 2022000
            },
            {
            "epoch": 16.96,
            "learning_rate": 7.603491501832116e-06,
            "loss": 0.0448,
            "step": 2022500
            },
            {
            "epoch": 16.96,
            "learning_rate": 7.593010288359145e-06,
            "loss": 0.0443,
            "step": 2023000
            },
            {
            "epoch": 16.97,
            "learning_rate": 7.582529074886174e-06,
            "loss": 0.0443,
            "step": 2023500
            },
            {
            "epoch": 16.97,
            "learning_rate": 7.572047861413203e-06,
            "loss": 0.0441,
            "step": 2024000
            },
            {
            "epoch": 16.98,
            "learning_rate": 7.561566647940232e-06,
            "loss": 0.0443,
            "step": 2024500
            },
            {
            "epoch": 16.98,
            "learning_rate": 7.551085434467261e-06,
            "loss": 0.0443,
            "step": 2025000
            },
            {
            "epoch": 16.98,
            "learning_rate": 7.54060422099429e-06,
            "loss": 0.0447,
            "step": 2025500
            },
            {
            "epoch": 16.99,
            "learning_rate": 7.530123007521319e-06,
            "loss": 0.0444,
            "step": 2026000
            },
            {
            "epoch": 16.99,
            "learning_rate": 7.519641794048348e-06,
            "loss": 0.0448,
            "step": 2026500
            },
            {
            "epoch": 17.0,
            "learning_rate": 7.5091605805753765e-06,
            "loss": 0.0448,
            "step": 2027000
            },
            {
            "epoch": 17.0,
            "learning_rate": 7.4986793671024055e-06,
            "loss": 0.0447,
            "step": 2027500
            },
            {
            "epoch": 17.0,
            "learning_rate": 7.4881981536294345e-06,
            "loss": 0.0448,
            "step": 2028000
            },
            {
            "epoch": 17.01,
            "learning_rate": 7.4777169401564635e-06,
            "loss": 0.0448,
            "step": 2028500
            },
            {
            "epoch": 17.01,
            "learning_rate": 7.4672357266834925e-06,
            "loss": 0.0445,
            "step": 2029000
            },
            {
            "epoch": 17.02,
            "learning_rate": 7.4567545132105215e-06,
            "loss": 0.0445,
            "step": 2029500
            },
            {
            "epoch": 17.02,
            "learning_rate": 7.4462732997375505e-06,
            "loss": 0.0441,
            "step": 2030000
            },
            {
            "epoch": 17.03,
            "learning_rate": 7.4357920862645795e-06,
            "loss": 0.0445,
            "step": 2030500
            },
            {
            "epoch": 17.03,
            "learning_rate": 7.425310872791609e-06,
            "loss": 0.0439,
            "step": 2031000
            },
            {
            "epoch": 17.03,
            "learning_rate": 7.414829659318638e-06,
            "loss": 0.044,
            "step": 2031500
            },
            {
            "epoch": 17.04,
            "learning_rate": 7.404348445845667e-06,
            "loss": 0.0446,
            "step": 2032000
            },
            {
            "epoch": 17.04,
            "learning_rate": 7.393867232372695e-06,
            "loss": 0.0439,
            "step": 2032500
            },
            {
            "epoch": 17.05,
            "learning_rate": 7.383386018899724e-06,
            "loss": 0.0445,
            "step": 2033000
            },
            {
            "epoch": 17.05,
            "learning_rate": 7.372904805426753e-06,
            "loss": 0.0443,
            "step": 2033500
            },
            {
            "epoch": 17.06,
            "learning_rate": 7.362423591953782e-06,
            "loss": 0.0447,
            "step": 2034000
            },
            {
            "epoch": 17.06,
            "learning_rate": 7.3519423784808115e-06,
            "loss": 0.0445,
            "step": 2034500
            },
            {
            "epoch": 17.06,
            "learning_rate": 7.3414611650078405e-06,
            "loss": 0.0445,
            "step": 2035000
            },
            {
            "epoch": 17.07,
            "learning_rate": 7.3309799515348695e-06,
            "loss": 0.0441,
            "step": 2035500
            },
            {
            "epoch": 17.07,
            "learning_rate": 7.3204987380618985e-06,
            "loss": 0.0442,
            "step": 2036000
            },
            {
            "epoch": 17.08,
            "learning_rate": 7.3100175245889275e-06,
            "loss": 0.0442,
            "step": 2036500
            },
            {
            "epoch": 17.08,
            "learning_rate": 7.2995363111159565e-06,
            "loss": 0.0444,
            "step": 2037000
            },
            {
            "epoch": 17.08,
            "learning_rate": 7.2890550976429855e-06,
            "loss": 0.044,
            "step": 2037500
            },
            {
            "epoch": 17.09,
            "learning_rate": 7.2785738841700145e-06,
            "loss": 0.0445,
            "step": 2038000
            },
            {
            "epoch": 17.09,
            "learning_rate": 7.268092670697043e-06,
            "loss": 0.0441,
            "step": 2038500
            },
            {
            "epoch": 17.1,
            "learning_rate": 7.257611457224072e-06,
            "loss": 0.0444,
            "step": 2039000
            },
            {
            "epoch": 17.1,
            "learning_rate": 7.247130243751101e-06,
            "loss": 0.0442,
            "step": 2039500
            },
            {
            "epoch": 17.11,
            "learning_rate": 7.23664903027813e-06,
            "loss": 0.0446,
            "step": 2040000
            },
            {
            "epoch": 17.11,
            "eval_loss": 0.04414508119225502,
            "eval_runtime": 304.9627,
            "eval_samples_per_second": 1390.455,
            "eval_steps_per_second": 21.727,
            "step": 2040000
            },
            {
            "epoch": 17.11,
            "learning_rate": 7.226167816805159e-06,
            "loss": 0.0445,
            "step": 2040500
            },
            {
            "epoch": 17.11,
            "learning_rate": 7.215686603332188e-06,
            "loss": 0.0437,
            "step": 2041000
            },
            {
            "epoch": 17.12,
            "learning_rate": 7.205205389859217e-06,
            "loss": 0.0442,
            "step": 2041500
            },
            {
            "epoch": 17.12,
            "learning_rate": 7.194724176386246e-06,
            "loss": 0.0445,
            "step": 2042000
            },
            {
            "epoch": 17.13,
            "learning_rate": 7.184242962913275e-06,
            "loss": 0.0442,
            "step": 2042500
            },
            {
            "epoch": 17.13,
            "learning_rate": 7.173761749440304e-06,
            "loss": 0.0446,
            "step": 2043000
            },
            {
            "epoch": 17.13,
            "learning_rate": 7.163280535967333e-06,
            "loss": 0.0439,
            "step": 2043500
            },
            {
            "epoch": 17.14,
            "learning_rate": 7.152799322494362e-06,
            "loss": 0.0442,
            "step": 2044000
            },
            {
            "epoch": 17.14,
            "learning_rate": 7.14231810902139e-06,
            "loss": 0.0438,
            "step": 2044500
            },
            {
            "epoch": 17.15,
            "learning_rate": 7.131836895548419e-06,
            "loss": 0.0443,
            "step": 2045000
            },
            {
            "epoch": 17.15,
            "learning_rate": 7.121355682075448e-06,
            "loss": 0.0446,
            "step": 2045500
            },
            {
            "epoch": 17.16,
            "learning_rate": 7.110874468602477e-06,
            "loss": 0.0444,
            "step": 2046000
            },
            {
            "epoch": 17.16,
            "learning_rate": 7.100393255129506e-06,
            "loss": 0.0447,
            "step": 2046500
            },
            {
            "epoch": 17.16,
            "learning_rate": 7.089912041656535e-06,
            "loss": 0.045,
            "step": 2047000
            },
            {
            "epoch": 17.17,
            "learning_rate": 7.079430828183564e-06,
            "loss": 0.0441,
            "step": 2047500
            },
            {
            "epoch": 17.17,
            "learning_rate": 7.068949614710593e-06,
            "loss": 0.0442,
            "step": 2048000
            },
            {
            "epoch": 17.18,
            "learning_rate": 7.058468401237623e-06,
            "loss": 0.0445,
            "step": 2048500
            },
            {
            "epoch": 17.18,
            "learning_rate": 7.047987187764652e-06,
            "loss": 0.0446,
            "step": 2049000
            },
            {
            "epoch": 17.18,
            "learning_rate": 7.037505974291681e-06,
            "loss": 0.0438,
            "step": 2049500
            },
            {
            "epoch": 17.19,
            "learning_rate": 7.02702476081871e-06,
            "loss": 0.0447,
            "step": 2050000
            },
            {
            "epoch": 17.19,
            "learning_rate": 7.016543547345737e-06,
            "loss": 0.0442,
            "step": 2050500
            },
            {
            "epoch": 17.2,
            "learning_rate": 7.006062333872766e-06,
            "loss": 0.0448,
            "step": 2051000
            },
            {
            "epoch": 17.2,
            "learning_rate": 6.995581120399795e-06,
            "loss": 0.0447,
            "step": 2051500
            },
            {
            "epoch": 17.21,
            "learning_rate": 6.985099906926824e-06,
            "loss": 0.044,
            "step": 2052000
            },
            {
            "epoch": 17.21,
            "learning_rate": 6.974618693453854e-06,
            "loss": 0.0439,
            "step": 2052500
            },
            {
            "epoch": 17.21,
            "learning_rate": 6.964137479980883e-06,
            "loss": 0.0438,
            "step": 2053000
            },
            {
            "epoch": 17.22,
            "learning_rate": 6.953656266507912e-06,
            "loss": 0.0443,
            "step": 2053500
            },
            {
            "epoch": 17.22,
            "learning_rate": 6.943175053034941e-06,
            "loss": 0.0445,
            "step": 2054000
            },
            {
            "epoch": 17.23,
            "learning_rate": 6.93269383956197e-06,
            "loss": 0.0442,
            "step": 2054500
            },
            {
            "epoch": 17.23,
            "learning_rate": 6.922212626088999e-06,
            "loss": 0.044,
            "step": 2055000
            },
            {
            "epoch": 17.24,
            "learning_rate": 6.911731412616028e-06,
            "loss": 0.0448,
            "step": 2055500
            },
            {
            "epoch": 17.24,
            "learning_rate": 6.901250199143057e-06,
            "loss": 0.0443,
            "step": 2056000
            },
            {
            "epoch": 17.24,
            "learning_rate": 6.890768985670085e-06,
            "loss": 0.0445,
            "step": 2056500
            },
            {
            "epoch": 17.25,
            "learning_rate": 6.880287772197114e-06,
            "loss": 0.0445,
            "step": 2057000
            },
            {
            "epoch": 17.25,
            "learning_rate": 6.869806558724143e-06,
            "loss": 0.0444,
            "step": 2057500
            },
            {
            "epoch": 17.26,
            "learning_rate": 6.859325345251172e-06,
            "loss": 0.0437,
            "step": 2058000
            },
            {
            "epoch": 17.26,
            "learning_rate": 6.848844131778201e-06,
            "loss": 0.0438,
            "step": 2058500
            },
            {
            "epoch": 17.26,
            "learning_rate": 6.83836291830523e-06,
            "loss": 0.0444,
            "step": 2059000
            },
            {
            "epoch": 17.27,
            "learning_rate": 6.827881704832259e-06,
            "loss": 0.0444,
            "step": 2059500
            },
            {
            "epoch": 17.27,
            "learning_rate": 6.817400491359288e-06,
            "loss": 0.044,
            "step": 2060000
            },
            {
            "epoch": 17.27,
            "eval_loss": 0.04397900030016899,
            "eval_runtime": 304.76,
            "eval_samples_per_second": 1391.38,
            "eval_steps_per_second": 21.742,
            "step": 2060000
            },
            {
            "epoch": 17.28,
            "learning_rate": 6.806919277886317e-06,
            "loss": 0.0441,
            "step": 2060500
            },
            {
            "epoch": 17.28,
            "learning_rate": 6.796438064413346e-06,
            "loss": 0.0447,
            "step": 2061000
            },
            {
            "epoch": 17.29,
            "learning_rate": 6.785956850940375e-06,
            "loss": 0.0444,
            "step": 2061500
            },
            {
            "epoch": 17.29,
            "learning_rate": 6.775475637467405e-06,
            "loss": 0.0444,
            "step": 2062000
            },
            {
            "epoch": 17.29,
            "learning_rate": 6.764994423994432e-06,
            "loss": 0.0442,
            "step": 2062500
            },
            {
            "epoch": 17.3,
            "learning_rate": 6.754513210521461e-06,
            "loss": 0.0443,
            "step": 2063000
            },
            {
            "epoch": 17.3,
            "learning_rate": 6.74403199704849e-06,
            "loss": 0.0446,
            "step": 2063500
            },
            {
            "epoch": 17.31,
            "learning_rate": 6.733550783575519e-06,
            "loss": 0.0445,
            "step": 2064000
            },
            {
            "epoch": 17.31,
            "learning_rate": 6.723069570102548e-06,
            "loss": 0.0444,
            "step": 2064500
            },
            {
            "epoch": 17.31,
            "learning_rate": 6.712588356629577e-06,
            "loss": 0.0445,
            "step": 2065000
            },
            {
            "epoch": 17.32,
            "learning_rate": 6.702107143156606e-06,
            "loss": 0.0442,
            "step": 2065500
            },
            {
            "epoch": 17.32,
            "learning_rate": 6.691625929683636e-06,
            "loss": 0.0436,
            "step": 2066000
            },
            {
            "epoch": 17.33,
            "learning_rate": 6.681144716210665e-06,
            "loss": 0.0443,
            "step": 2066500
            },
            {
            "epoch": 17.33,
            "learning_rate": 6.670663502737694e-06,
            "loss": 0.0436,
            "step": 2067000
            },
            {
            "epoch": 17.34,
            "learning_rate": 6.660182289264723e-06,
            "loss": 0.0444,
            "step": 2067500
            },
            {
            "epoch": 17.34,
            "learning_rate": 6.64970107579175e-06,
            "loss": 0.0445,
            "step": 2068000
            },
            {
            "epoch": 17.34,
            "learning_rate": 6.639219862318779e-06,
            "loss": 0.0439,
            "step": 2068500
            },
            {
            "epoch": 17.35,
            "learning_rate": 6.628738648845808e-06,
            "loss": 0.0445,
            "step": 2069000
            },
            {
            "epoch": 17.35,
            "learning_rate": 6.618257435372837e-06,
            "loss": 0.0442,
            "step": 2069500
            },
            {
            "epoch": 17.36,
            "learning_rate": 6.607776221899867e-06,
            "loss": 0.0442,
            "step": 2070000
            },
            {
            "epoch": 17.36,
            "learning_rate": 6.597295008426896e-06,
            "loss": 0.0438,
            "step": 2070500
            },
            {
            "epoch": 17.37,
            "learning_rate": 6.586813794953925e-06,
            "loss": 0.0441,
            "step": 2071000
            },
            {
            "epoch": 17.37,
            "learning_rate": 6.576332581480954e-06,
            "loss": 0.0443,
            "step": 2071500
            },
            {
            "epoch": 17.37,
            "learning_rate": 6.565851368007983e-06,
            "loss": 0.0442,
            "step": 2072000
            },
            {
            "epoch": 17.38,
            "learning_rate": 6.555370154535012e-06,
            "loss": 0.0443,
            "step": 2072500
            },
            {
            "epoch": 17.38,
            "learning_rate": 6.544888941062041e-06,
            "loss": 0.0442,
            "step": 2073000
            },
            {
            "epoch": 17.39,
            "learning_rate": 6.53440772758907e-06,
            "loss": 0.044,
            "step": 2073500
            },
            {
            "epoch": 17.39,
            "learning_rate": 6.523926514116098e-06,
            "loss": 0.0444,
            "step": 2074000
            },
            {
            "epoch": 17.39,
            "learning_rate": 6.513445300643127e-06,
            "loss": 0.0445,
            "step": 2074500
            },
            {
            "epoch": 17.4,
            "learning_rate": 6.502964087170156e-06,
            "loss": 0.0443,
            "step": 2075000
            },
            {
            "epoch": 17.4,
            "learning_rate": 6.492482873697185e-06,
            "loss": 0.0447,
            "step": 2075500
            },
            {
            "epoch": 17.41,
            "learning_rate": 6.482001660224214e-06,
            "loss": 0.0438,
            "step": 2076000
            },
            {
            "epoch": 17.41,
            "learning_rate": 6.471520446751243e-06,
            "loss": 0.0445,
            "step": 2076500
            },
            {
            "epoch": 17.42,
            "learning_rate": 6.461039233278272e-06,
            "loss": 0.0443,
            "step": 2077000
            },
            {
            "epoch": 17.42,
            "learning_rate": 6.450558019805301e-06,
            "loss": 0.0445,
            "step": 2077500
            },
            {
            "epoch": 17.42,
            "learning_rate": 6.44007680633233e-06,
            "loss": 0.0442,
            "step": 2078000
            },
            {
            "epoch": 17.43,
            "learning_rate": 6.429595592859359e-06,
            "loss": 0.0444,
            "step": 2078500
            },
            {
            "epoch": 17.43,
            "learning_rate": 6.419114379386388e-06,
            "loss": 0.0448,
            "step": 2079000
            },
            {
            "epoch": 17.44,
            "learning_rate": 6.408633165913417e-06,
            "loss": 0.044,
            "step": 2079500
            },
            {
            "epoch": 17.44,
            "learning_rate": 6.3981519524404455e-06,
            "loss": 0.0445,
            "step": 2080000
            },
            {
            "epoch": 17.44,
            "eval_loss": 0.04384690523147583,
            "eval_runtime": 305.0555,
            "eval_samples_per_second": 1390.033,
            "eval_steps_per_second": 21.721,
            "step": 2080000
            },
            {
            "epoch": 17.44,
            "learning_rate": 6.3876707389674745e-06,
            "loss": 0.0441,
            "step": 2080500
            },
            {
            "epoch": 17.45,
            "learning_rate": 6.3771895254945035e-06,
            "loss": 0.0442,
            "step": 2081000
            },
            {
            "epoch": 17.45,
            "learning_rate": 6.3667083120215325e-06,
            "loss": 0.0446,
            "step": 2081500
            },
            {
            "epoch": 17.46,
            "learning_rate": 6.3562270985485615e-06,
            "loss": 0.0441,
            "step": 2082000
            },
            {
            "epoch": 17.46,
            "learning_rate": 6.3457458850755905e-06,
            "loss": 0.0441,
            "step": 2082500
            },
            {
            "epoch": 17.47,
            "learning_rate": 6.3352646716026195e-06,
            "loss": 0.0441,
            "step": 2083000
            },
            {
            "epoch": 17.47,
            "learning_rate": 6.324783458129649e-06,
            "loss": 0.0446,
            "step": 2083500
            },
            {
            "epoch": 17.47,
            "learning_rate": 6.314302244656678e-06,
            "loss": 0.0442,
            "step": 2084000
            },
            {
            "epoch": 17.48,
            "learning_rate": 6.303821031183707e-06,
            "loss": 0.044,
            "step": 2084500
            },
            {
            "epoch": 17.48,
            "learning_rate": 6.293339817710736e-06,
            "loss": 0.0444,
            "step": 2085000
            },
            {
            "epoch": 17.49,
            "learning_rate": 6.282858604237765e-06,
            "loss": 0.0441,
            "step": 2085500
            },
            {
            "epoch": 17.49,
            "learning_rate": 6.272377390764793e-06,
            "loss": 0.0441,
            "step": 2086000
            },
            {
            "epoch": 17.5,
            "learning_rate": 6.261896177291822e-06,
            "loss": 0.0442,
            "step": 2086500
            },
            {
            "epoch": 17.5,
            "learning_rate": 6.251414963818851e-06,
            "loss": 0.0438,
            "step": 2087000
            },
            {
            "epoch": 17.5,
            "learning_rate": 6.2409337503458805e-06,
            "loss": 0.0447,
            "step": 2087500
            },
            {
            "epoch": 17.51,
            "learning_rate": 6.2304525368729095e-06,
            "loss": 0.0436,
            "step": 2088000
            },
            {
            "epoch": 17.51,
            "learning_rate": 6.2199713233999385e-06,
            "loss": 0.0447,
            "step": 2088500
            },
            {
            "epoch": 17.52,
            "learning_rate": 6.2094901099269675e-06,
            "loss": 0.0444,
            "step": 2089000
            },
            {
            "epoch": 17.52,
            "learning_rate": 6.1990088964539965e-06,
            "loss": 0.0442,
            "step": 2089500
            },
            {
            "epoch": 17.52,
            "learning_rate": 6.1885276829810255e-06,
            "loss": 0.0442,
            "step": 2090000
            },
            {
            "epoch": 17.53,
            "learning_rate": 6.178046469508054e-06,
            "loss": 0.0443,
            "step": 2090500
            },
            {
            "epoch": 17.53,
            "learning_rate": 6.167565256035083e-06,
            "loss": 0.0441,
            "step": 2091000
            },
            {
            "epoch": 17.54,
            "learning_rate": 6.157084042562112e-06,
            "loss": 0.0438,
            "step": 2091500
            },
            {
            "epoch": 17.54,
            "learning_rate": 6.146602829089141e-06,
            "loss": 0.0448,
            "step": 2092000
            },
            {
            "epoch": 17.55,
            "learning_rate": 6.1361216156161705e-06,
            "loss": 0.0443,
            "step": 2092500
            },
            {
            "epoch": 17.55,
            "learning_rate": 6.1256404021431995e-06,
            "loss": 0.0442,
            "step": 2093000
            },
            {
            "epoch": 17.55,
            "learning_rate": 6.115159188670228e-06,
            "loss": 0.0441,
            "step": 2093500
            },
            {
            "epoch": 17.56,
            "learning_rate": 6.104677975197257e-06,
            "loss": 0.0442,
            "step": 2094000
            },
            {
            "epoch": 17.56,
            "learning_rate": 6.094196761724286e-06,
            "loss": 0.0444,
            "step": 2094500
            },
            {
            "epoch": 17.57,
            "learning_rate": 6.083715548251315e-06,
            "loss": 0.0447,
            "step": 2095000
            },
            {
            "epoch": 17.57,
            "learning_rate": 6.073234334778344e-06,
            "loss": 0.0444,
            "step": 2095500
            },
            {
            "epoch": 17.57,
            "learning_rate": 6.062753121305373e-06,
            "loss": 0.0439,
            "step": 2096000
            },
            {
            "epoch": 17.58,
            "learning_rate": 6.052271907832402e-06,
            "loss": 0.0448,
            "step": 2096500
            },
            {
            "epoch": 17.58,
            "learning_rate": 6.041790694359431e-06,
            "loss": 0.0436,
            "step": 2097000
            },
            {
            "epoch": 17.59,
            "learning_rate": 6.03130948088646e-06,
            "loss": 0.0445,
            "step": 2097500
            },
            {
            "epoch": 17.59,
            "learning_rate": 6.020828267413489e-06,
            "loss": 0.0443,
            "step": 2098000
            },
            {
            "epoch": 17.6,
            "learning_rate": 6.010347053940518e-06,
            "loss": 0.0444,
            "step": 2098500
            },
            {
            "epoch": 17.6,
            "learning_rate": 5.999865840467547e-06,
            "loss": 0.0443,
            "step": 2099000
            },
            {
            "epoch": 17.6,
            "learning_rate": 5.989384626994575e-06,
            "loss": 0.0443,
            "step": 2099500
            },
            {
            "epoch": 17.61,
            "learning_rate": 5.978903413521604e-06,
            "loss": 0.0442,
            "step": 2100000
            },
            {
            "epoch": 17.61,
            "eval_loss": 0.043889764696359634,
            "eval_runtime": 305.0618,
            "eval_samples_per_second": 1390.004,
            "eval_steps_per_second": 21.72,
            "step": 2100000
            },
            {
            "epoch": 17.61,
            "learning_rate": 5.968422200048633e-06,
            "loss": 0.0446,
            "step": 2100500
            },
            {
            "epoch": 17.62,
            "learning_rate": 5.957940986575662e-06,
            "loss": 0.0435,
            "step": 2101000
            },
            {
            "epoch": 17.62,
            "learning_rate": 5.947459773102692e-06,
            "loss": 0.0441,
            "step": 2101500
            },
            {
            "epoch": 17.63,
            "learning_rate": 5.93697855962972e-06,
            "loss": 0.0441,
            "step": 2102000
            },
            {
            "epoch": 17.63,
            "learning_rate": 5.926497346156749e-06,
            "loss": 0.0447,
            "step": 2102500
            },
            {
            "epoch": 17.63,
            "learning_rate": 5.916016132683778e-06,
            "loss": 0.0442,
            "step": 2103000
            },
            {
            "epoch": 17.64,
            "learning_rate": 5.905534919210807e-06,
            "loss": 0.0442,
            "step": 2103500
            },
            {
            "epoch": 17.64,
            "learning_rate": 5.895053705737836e-06,
            "loss": 0.0446,
            "step": 2104000
            },
            {
            "epoch": 17.65,
            "learning_rate": 5.884572492264865e-06,
            "loss": 0.0444,
            "step": 2104500
            },
            {
            "epoch": 17.65,
            "learning_rate": 5.874091278791894e-06,
            "loss": 0.0435,
            "step": 2105000
            },
            {
            "epoch": 17.65,
            "learning_rate": 5.863610065318923e-06,
            "loss": 0.0439,
            "step": 2105500
            },
            {
            "epoch": 17.66,
            "learning_rate": 5.853128851845952e-06,
            "loss": 0.0442,
            "step": 2106000
            },
            {
            "epoch": 17.66,
            "learning_rate": 5.842647638372981e-06,
            "loss": 0.0441,
            "step": 2106500
            },
            {
            "epoch": 17.67,
            "learning_rate": 5.83216642490001e-06,
            "loss": 0.0442,
            "step": 2107000
            },
            {
            "epoch": 17.67,
            "learning_rate": 5.821685211427039e-06,
            "loss": 0.0441,
            "step": 2107500
            },
            {
            "epoch": 17.68,
            "learning_rate": 5.811203997954067e-06,
            "loss": 0.0439,
            "step": 2108000
            },
            {
            "epoch": 17.68,
            "learning_rate": 5.800722784481096e-06,
            "loss": 0.0446,
            "step": 2108500
            },
            {
            "epoch": 17.68,
            "learning_rate": 5.790241571008125e-06,
            "loss": 0.0441,
            "step": 2109000
            },
            {
            "epoch": 17.69,
            "learning_rate": 5.779760357535154e-06,
            "loss": 0.0447,
            "step": 2109500
            },
            {
            "epoch": 17.69,
            "learning_rate": 5.769279144062184e-06,
            "loss": 0.0444,
            "step": 2110000
            },
            {
            "epoch": 17.7,
            "learning_rate": 5.758797930589213e-06,
            "loss": 0.0441,
            "step": 2110500
            },
            {
            "epoch": 17.7,
            "learning_rate": 5.748316717116241e-06,
            "loss": 0.0447,
            "step": 2111000
            },
            {
            "epoch": 17.7,
            "learning_rate": 5.73783550364327e-06,
            "loss": 0.0442,
            "step": 2111500
            },
            {
            "epoch": 17.71,
            "learning_rate": 5.727354290170299e-06,
            "loss": 0.0437,
            "step": 2112000
            },
            {
            "epoch": 17.71,
            "learning_rate": 5.716873076697328e-06,
            "loss": 0.0441,
            "step": 2112500
            },
            {
            "epoch": 17.72,
            "learning_rate": 5.706391863224357e-06,
            "loss": 0.0442,
            "step": 2113000
            },
            {
            "epoch": 17.72,
            "learning_rate": 5.695910649751386e-06,
            "loss": 0.0438,
            "step": 2113500
            },
            {
            "epoch": 17.73,
            "learning_rate": 5.685429436278415e-06,
            "loss": 0.0437,
            "step": 2114000
            },
            {
            "epoch": 17.73,
            "learning_rate": 5.674948222805444e-06,
            "loss": 0.044,
            "step": 2114500
            },
            {
            "epoch": 17.73,
            "learning_rate": 5.664467009332473e-06,
            "loss": 0.0445,
            "step": 2115000
            },
            {
            "epoch": 17.74,
            "learning_rate": 5.653985795859502e-06,
            "loss": 0.0444,
            "step": 2115500
            },
            {
            "epoch": 17.74,
            "learning_rate": 5.643504582386531e-06,
            "loss": 0.0445,
            "step": 2116000
            },
            {
            "epoch": 17.75,
            "learning_rate": 5.63302336891356e-06,
            "loss": 0.0442,
            "step": 2116500
            },
            {
            "epoch": 17.75,
            "learning_rate": 5.622542155440588e-06,
            "loss": 0.0447,
            "step": 2117000
            },
            {
            "epoch": 17.76,
            "learning_rate": 5.612060941967617e-06,
            "loss": 0.0439,
            "step": 2117500
            },
            {
            "epoch": 17.76,
            "learning_rate": 5.601579728494646e-06,
            "loss": 0.0439,
            "step": 2118000
            },
            {
            "epoch": 17.76,
            "learning_rate": 5.591098515021675e-06,
            "loss": 0.045,
            "step": 2118500
            },
            {
            "epoch": 17.77,
            "learning_rate": 5.580617301548705e-06,
            "loss": 0.0442,
            "step": 2119000
            },
            {
            "epoch": 17.77,
            "learning_rate": 5.570136088075734e-06,
            "loss": 0.0439,
            "step": 2119500
            },
            {
            "epoch": 17.78,
            "learning_rate": 5.559654874602762e-06,
            "loss": 0.0444,
            "step": 2120000
            },
            {
            "epoch": 17.78,
            "eval_loss": 0.04377859830856323,
            "eval_runtime": 304.8431,
            "eval_samples_per_second": 1391.001,
            "eval_steps_per_second": 21.736,
            "step": 2120000
            },
            {
            "epoch": 17.78,
            "learning_rate": 5.549173661129791e-06,
            "loss": 0.044,
            "step": 2120500
            },
            {
            "epoch": 17.78,
            "learning_rate": 5.53869244765682e-06,
            "loss": 0.0443,
            "step": 2121000
            },
            {
            "epoch": 17.79,
            "learning_rate": 5.528211234183849e-06,
            "loss": 0.0442,
            "step": 2121500
            },
            {
            "epoch": 17.79,
            "learning_rate": 5.517730020710878e-06,
            "loss": 0.0442,
            "step": 2122000
            },
            {
            "epoch": 17.8,
            "learning_rate": 5.507248807237907e-06,
            "loss": 0.044,
            "step": 2122500
            },
            {
            "epoch": 17.8,
            "learning_rate": 5.496767593764936e-06,
            "loss": 0.044,
            "step": 2123000
            },
            {
            "epoch": 17.81,
            "learning_rate": 5.486286380291965e-06,
            "loss": 0.0443,
            "step": 2123500
            },
            {
            "epoch": 17.81,
            "learning_rate": 5.475805166818994e-06,
            "loss": 0.0442,
            "step": 2124000
            },
            {
            "epoch": 17.81,
            "learning_rate": 5.465323953346023e-06,
            "loss": 0.044,
            "step": 2124500
            },
            {
            "epoch": 17.82,
            "learning_rate": 5.454842739873052e-06,
            "loss": 0.0441,
            "step": 2125000
            },
            {
            "epoch": 17.82,
            "learning_rate": 5.444361526400081e-06,
            "loss": 0.0442,
            "step": 2125500
            },
            {
            "epoch": 17.83,
            "learning_rate": 5.433880312927109e-06,
            "loss": 0.0448,
            "step": 2126000
            },
            {
            "epoch": 17.83,
            "learning_rate": 5.423399099454138e-06,
            "loss": 0.0441,
            "step": 2126500
            },
            {
            "epoch": 17.83,
            "learning_rate": 5.412917885981167e-06,
            "loss": 0.0439,
            "step": 2127000
            },
            {
            "epoch": 17.84,
            "learning_rate": 5.402436672508196e-06,
            "loss": 0.0435,
            "step": 2127500
            },
            {
            "epoch": 17.84,
            "learning_rate": 5.391955459035226e-06,
            "loss": 0.0442,
            "step": 2128000
            },
            {
            "epoch": 17.85,
            "learning_rate": 5.381474245562255e-06,
            "loss": 0.0445,
            "step": 2128500
            },
            {
            "epoch": 17.85,
            "learning_rate": 5.370993032089283e-06,
            "loss": 0.044,
            "step": 2129000
            },
            {
            "epoch": 17.86,
            "learning_rate": 5.360511818616312e-06,
            "loss": 0.0437,
            "step": 2129500
            },
            {
            "epoch": 17.86,
            "learning_rate": 5.350030605143341e-06,
            "loss": 0.0447,
            "step": 2130000
            },
            {
            "epoch": 17.86,
            "learning_rate": 5.33954939167037e-06,
            "loss": 0.044,
            "step": 2130500
            },
            {
            "epoch": 17.87,
            "learning_rate": 5.329068178197399e-06,
            "loss": 0.044,
            "step": 2131000
            },
            {
            "epoch": 17.87,
            "learning_rate": 5.318586964724428e-06,
            "loss": 0.0444,
            "step": 2131500
            },
            {
            "epoch": 17.88,
            "learning_rate": 5.308105751251457e-06,
            "loss": 0.0443,
            "step": 2132000
            },
            {
            "epoch": 17.88,
            "learning_rate": 5.297624537778486e-06,
            "loss": 0.0441,
            "step": 2132500
            },
            {
            "epoch": 17.89,
            "learning_rate": 5.287143324305515e-06,
            "loss": 0.0444,
            "step": 2133000
            },
            {
            "epoch": 17.89,
            "learning_rate": 5.276662110832544e-06,
            "loss": 0.044,
            "step": 2133500
            },
            {
            "epoch": 17.89,
            "learning_rate": 5.266180897359573e-06,
            "loss": 0.0439,
            "step": 2134000
            },
            {
            "epoch": 17.9,
            "learning_rate": 5.255699683886602e-06,
            "loss": 0.044,
            "step": 2134500
            },
            {
            "epoch": 17.9,
            "learning_rate": 5.24521847041363e-06,
            "loss": 0.0441,
            "step": 2135000
            },
            {
            "epoch": 17.91,
            "learning_rate": 5.234737256940659e-06,
            "loss": 0.0437,
            "step": 2135500
            },
            {
            "epoch": 17.91,
            "learning_rate": 5.224256043467688e-06,
            "loss": 0.0444,
            "step": 2136000
            },
            {
            "epoch": 17.91,
            "learning_rate": 5.213774829994718e-06,
            "loss": 0.0444,
            "step": 2136500
            },
            {
            "epoch": 17.92,
            "learning_rate": 5.203293616521747e-06,
            "loss": 0.0445,
            "step": 2137000
            },
            {
            "epoch": 17.92,
            "learning_rate": 5.192812403048775e-06,
            "loss": 0.0439,
            "step": 2137500
            },
            {
            "epoch": 17.93,
            "learning_rate": 5.182331189575804e-06,
            "loss": 0.0446,
            "step": 2138000
            },
            {
            "epoch": 17.93,
            "learning_rate": 5.171849976102833e-06,
            "loss": 0.0442,
            "step": 2138500
            },
            {
            "epoch": 17.94,
            "learning_rate": 5.161368762629862e-06,
            "loss": 0.0443,
            "step": 2139000
            },
            {
            "epoch": 17.94,
            "learning_rate": 5.150887549156891e-06,
            "loss": 0.044,
            "step": 2139500
            },
            {
            "epoch": 17.94,
            "learning_rate": 5.14040633568392e-06,
            "loss": 0.0441,
            "step": 2140000
            },
            {
            "epoch": 17.94,
            "eval_loss": 0.0438082255423069,
            "eval_runtime": 304.993,
            "eval_samples_per_second": 1390.317,
            "eval_steps_per_second": 21.725,
            "step": 2140000
            },
            {
            "epoch": 17.95,
            "learning_rate": 5.129925122210949e-06,
            "loss": 0.0447,
            "step": 2140500
            },
            {
            "epoch": 17.95,
            "learning_rate": 5.119443908737978e-06,
            "loss": 0.0442,
            "step": 2141000
            },
            {
            "epoch": 17.96,
            "learning_rate": 5.108962695265007e-06,
            "loss": 0.0443,
            "step": 2141500
            },
            {
            "epoch": 17.96,
            "learning_rate": 5.098481481792036e-06,
            "loss": 0.0442,
            "step": 2142000
            },
            {
            "epoch": 17.96,
            "learning_rate": 5.088000268319065e-06,
            "loss": 0.0447,
            "step": 2142500
            },
            {
            "epoch": 17.97,
            "learning_rate": 5.077519054846094e-06,
            "loss": 0.044,
            "step": 2143000
            },
            {
            "epoch": 17.97,
            "learning_rate": 5.0670378413731226e-06,
            "loss": 0.0442,
            "step": 2143500
            },
            {
            "epoch": 17.98,
            "learning_rate": 5.0565566279001516e-06,
            "loss": 0.0439,
            "step": 2144000
            },
            {
            "epoch": 17.98,
            "learning_rate": 5.0460754144271806e-06,
            "loss": 0.0442,
            "step": 2144500
            },
            {
            "epoch": 17.99,
            "learning_rate": 5.0355942009542096e-06,
            "loss": 0.0436,
            "step": 2145000
            },
            {
            "epoch": 17.99,
            "learning_rate": 5.025112987481239e-06,
            "loss": 0.0439,
            "step": 2145500
            },
            {
            "epoch": 17.99,
            "learning_rate": 5.014631774008268e-06,
            "loss": 0.0445,
            "step": 2146000
            },
            {
            "epoch": 18.0,
            "learning_rate": 5.0041505605352966e-06,
            "loss": 0.0439,
            "step": 2146500
            },
            {
            "epoch": 18.0,
            "learning_rate": 4.9936693470623256e-06,
            "loss": 0.0437,
            "step": 2147000
            },
            {
            "epoch": 18.01,
            "learning_rate": 4.9831881335893546e-06,
            "loss": 0.0441,
            "step": 2147500
            },
            {
            "epoch": 18.01,
            "learning_rate": 4.9727069201163836e-06,
            "loss": 0.0438,
            "step": 2148000
            },
            {
            "epoch": 18.02,
            "learning_rate": 4.9622257066434126e-06,
            "loss": 0.0436,
            "step": 2148500
            },
            {
            "epoch": 18.02,
            "learning_rate": 4.9517444931704416e-06,
            "loss": 0.0436,
            "step": 2149000
            },
            {
            "epoch": 18.02,
            "learning_rate": 4.9412632796974706e-06,
            "loss": 0.0433,
            "step": 2149500
            },
            {
            "epoch": 18.03,
            "learning_rate": 4.9307820662244996e-06,
            "loss": 0.0439,
            "step": 2150000
            },
            {
            "epoch": 18.03,
            "learning_rate": 4.9203008527515286e-06,
            "loss": 0.0441,
            "step": 2150500
            },
            {
            "epoch": 18.04,
            "learning_rate": 4.9098196392785576e-06,
            "loss": 0.0438,
            "step": 2151000
            },
            {
            "epoch": 18.04,
            "learning_rate": 4.8993384258055866e-06,
            "loss": 0.0445,
            "step": 2151500
            },
            {
            "epoch": 18.04,
            "learning_rate": 4.8888572123326156e-06,
            "loss": 0.0441,
            "step": 2152000
            },
            {
            "epoch": 18.05,
            "learning_rate": 4.878375998859644e-06,
            "loss": 0.0438,
            "step": 2152500
            },
            {
            "epoch": 18.05,
            "learning_rate": 4.867894785386673e-06,
            "loss": 0.0437,
            "step": 2153000
            },
            {
            "epoch": 18.06,
            "learning_rate": 4.857413571913702e-06,
            "loss": 0.0437,
            "step": 2153500
            },
            {
            "epoch": 18.06,
            "learning_rate": 4.846932358440731e-06,
            "loss": 0.0441,
            "step": 2154000
            },
            {
            "epoch": 18.07,
            "learning_rate": 4.8364511449677606e-06,
            "loss": 0.0439,
            "step": 2154500
            },
            {
            "epoch": 18.07,
            "learning_rate": 4.8259699314947896e-06,
            "loss": 0.0442,
            "step": 2155000
            },
            {
            "epoch": 18.07,
            "learning_rate": 4.815488718021818e-06,
            "loss": 0.0441,
            "step": 2155500
            },
            {
            "epoch": 18.08,
            "learning_rate": 4.805007504548847e-06,
            "loss": 0.0436,
            "step": 2156000
            },
            {
            "epoch": 18.08,
            "learning_rate": 4.794526291075876e-06,
            "loss": 0.0432,
            "step": 2156500
            },
            {
            "epoch": 18.09,
            "learning_rate": 4.784045077602905e-06,
            "loss": 0.0439,
            "step": 2157000
            },
            {
            "epoch": 18.09,
            "learning_rate": 4.773563864129934e-06,
            "loss": 0.044,
            "step": 2157500
            },
            {
            "epoch": 18.09,
            "learning_rate": 4.763082650656963e-06,
            "loss": 0.0437,
            "step": 2158000
            },
            {
            "epoch": 18.1,
            "learning_rate": 4.752601437183992e-06,
            "loss": 0.0436,
            "step": 2158500
            },
            {
            "epoch": 18.1,
            "learning_rate": 4.742120223711021e-06,
            "loss": 0.0445,
            "step": 2159000
            },
            {
            "epoch": 18.11,
            "learning_rate": 4.73163901023805e-06,
            "loss": 0.0447,
            "step": 2159500
            },
            {
            "epoch": 18.11,
            "learning_rate": 4.721157796765079e-06,
            "loss": 0.0442,
            "step": 2160000
            },
            {
            "epoch": 18.11,
            "eval_loss": 0.04371040314435959,
            "eval_runtime": 304.9325,
            "eval_samples_per_second": 1390.593,
            "eval_steps_per_second": 21.729,
            "step": 2160000
            },
            {
            "epoch": 18.12,
            "learning_rate": 4.710676583292108e-06,
            "loss": 0.0443,
            "step": 2160500
            },
            {
            "epoch": 18.12,
            "learning_rate": 4.700195369819137e-06,
            "loss": 0.0438,
            "step": 2161000
            },
            {
            "epoch": 18.12,
            "learning_rate": 4.689714156346165e-06,
            "loss": 0.044,
            "step": 2161500
            },
            {
            "epoch": 18.13,
            "learning_rate": 4.679232942873194e-06,
            "loss": 0.0443,
            "step": 2162000
            },
            {
            "epoch": 18.13,
            "learning_rate": 4.668751729400223e-06,
            "loss": 0.0436,
            "step": 2162500
            },
            {
            "epoch": 18.14,
            "learning_rate": 4.658270515927253e-06,
            "loss": 0.0443,
            "step": 2163000
            },
            {
            "epoch": 18.14,
            "learning_rate": 4.647789302454282e-06,
            "loss": 0.044,
            "step": 2163500
            },
            {
            "epoch": 18.15,
            "learning_rate": 4.637308088981311e-06,
            "loss": 0.0438,
            "step": 2164000
            },
            {
            "epoch": 18.15,
            "learning_rate": 4.626826875508339e-06,
            "loss": 0.0438,
            "step": 2164500
            },
            {
            "epoch": 18.15,
            "learning_rate": 4.616345662035368e-06,
            "loss": 0.044,
            "step": 2165000
            },
            {
            "epoch": 18.16,
            "learning_rate": 4.605864448562397e-06,
            "loss": 0.0438,
            "step": 2165500
            },
            {
            "epoch": 18.16,
            "learning_rate": 4.595383235089426e-06,
            "loss": 0.0444,
            "step": 2166000
            },
            {
            "epoch": 18.17,
            "learning_rate": 4.584902021616455e-06,
            "loss": 0.0437,
            "step": 2166500
            },
            {
            "epoch": 18.17,
            "learning_rate": 4.574420808143484e-06,
            "loss": 0.044,
            "step": 2167000
            },
            {
            "epoch": 18.17,
            "learning_rate": 4.563939594670513e-06,
            "loss": 0.0439,
            "step": 2167500
            },
            {
            "epoch": 18.18,
            "learning_rate": 4.553458381197542e-06,
            "loss": 0.044,
            "step": 2168000
            },
            {
            "epoch": 18.18,
            "learning_rate": 4.542977167724571e-06,
            "loss": 0.0443,
            "step": 2168500
            },
            {
            "epoch": 18.19,
            "learning_rate": 4.5324959542516e-06,
            "loss": 0.0445,
            "step": 2169000
            },
            {
            "epoch": 18.19,
            "learning_rate": 4.522014740778629e-06,
            "loss": 0.0446,
            "step": 2169500
            },
            {
            "epoch": 18.2,
            "learning_rate": 4.511533527305658e-06,
            "loss": 0.0439,
            "step": 2170000
            },
            {
            "epoch": 18.2,
            "learning_rate": 4.501052313832686e-06,
            "loss": 0.0441,
            "step": 2170500
            },
            {
            "epoch": 18.2,
            "learning_rate": 4.490571100359715e-06,
            "loss": 0.0439,
            "step": 2171000
            },
            {
            "epoch": 18.21,
            "learning_rate": 4.480089886886744e-06,
            "loss": 0.044,
            "step": 2171500
            },
            {
            "epoch": 18.21,
            "learning_rate": 4.469608673413774e-06,
            "loss": 0.0439,
            "step": 2172000
            },
            {
            "epoch": 18.22,
            "learning_rate": 4.459127459940803e-06,
            "loss": 0.0441,
            "step": 2172500
            },
            {
            "epoch": 18.22,
            "learning_rate": 4.448646246467831e-06,
            "loss": 0.0439,
            "step": 2173000
            },
            {
            "epoch": 18.22,
            "learning_rate": 4.43816503299486e-06,
            "loss": 0.0438,
            "step": 2173500
            },
            {
            "epoch": 18.23,
            "learning_rate": 4.427683819521889e-06,
            "loss": 0.0441,
            "step": 2174000
            },
            {
            "epoch": 18.23,
            "learning_rate": 4.417202606048918e-06,
            "loss": 0.0436,
            "step": 2174500
            },
            {
            "epoch": 18.24,
            "learning_rate": 4.406721392575947e-06,
            "loss": 0.0441,
            "step": 2175000
            },
            {
            "epoch": 18.24,
            "learning_rate": 4.396240179102976e-06,
            "loss": 0.0439,
            "step": 2175500
            },
            {
            "epoch": 18.25,
            "learning_rate": 4.385758965630005e-06,
            "loss": 0.0441,
            "step": 2176000
            },
            {
            "epoch": 18.25,
            "learning_rate": 4.375277752157034e-06,
            "loss": 0.0441,
            "step": 2176500
            },
            {
            "epoch": 18.25,
            "learning_rate": 4.364796538684063e-06,
            "loss": 0.0437,
            "step": 2177000
            },
            {
            "epoch": 18.26,
            "learning_rate": 4.354315325211092e-06,
            "loss": 0.0441,
            "step": 2177500
            },
            {
            "epoch": 18.26,
            "learning_rate": 4.343834111738121e-06,
            "loss": 0.0439,
            "step": 2178000
            },
            {
            "epoch": 18.27,
            "learning_rate": 4.33335289826515e-06,
            "loss": 0.0436,
            "step": 2178500
            },
            {
            "epoch": 18.27,
            "learning_rate": 4.322871684792178e-06,
            "loss": 0.0442,
            "step": 2179000
            },
            {
            "epoch": 18.28,
            "learning_rate": 4.312390471319207e-06,
            "loss": 0.0441,
            "step": 2179500
            },
            {
            "epoch": 18.28,
            "learning_rate": 4.301909257846236e-06,
            "loss": 0.0439,
            "step": 2180000
            },
            {
            "epoch": 18.28,
            "eval_loss": 0.04364882409572601,
            "eval_runtime": 305.2218,
            "eval_samples_per_second": 1389.275,
            "eval_steps_per_second": 21.709,
            "step": 2180000
            },
            {
            "epoch": 18.28,
            "learning_rate": 4.291428044373265e-06,
            "loss": 0.0441,
            "step": 2180500
            },
            {
            "epoch": 18.29,
            "learning_rate": 4.280946830900295e-06,
            "loss": 0.0443,
            "step": 2181000
            },
            {
            "epoch": 18.29,
            "learning_rate": 4.270465617427324e-06,
            "loss": 0.0442,
            "step": 2181500
            },
            {
            "epoch": 18.3,
            "learning_rate": 4.259984403954352e-06,
            "loss": 0.0433,
            "step": 2182000
            },
            {
            "epoch": 18.3,
            "learning_rate": 4.249503190481381e-06,
            "loss": 0.0438,
            "step": 2182500
            },
            {
            "epoch": 18.3,
            "learning_rate": 4.23902197700841e-06,
            "loss": 0.0438,
            "step": 2183000
            },
            {
            "epoch": 18.31,
            "learning_rate": 4.228540763535439e-06,
            "loss": 0.0443,
            "step": 2183500
            },
            {
            "epoch": 18.31,
            "learning_rate": 4.218059550062468e-06,
            "loss": 0.0441,
            "step": 2184000
            },
            {
            "epoch": 18.32,
            "learning_rate": 4.207578336589497e-06,
            "loss": 0.0441,
            "step": 2184500
            },
            {
            "epoch": 18.32,
            "learning_rate": 4.197097123116526e-06,
            "loss": 0.0436,
            "step": 2185000
            },
            {
            "epoch": 18.33,
            "learning_rate": 4.186615909643555e-06,
            "loss": 0.0442,
            "step": 2185500
            },
            {
            "epoch": 18.33,
            "learning_rate": 4.176134696170584e-06,
            "loss": 0.0439,
            "step": 2186000
            },
            {
            "epoch": 18.33,
            "learning_rate": 4.165653482697613e-06,
            "loss": 0.0441,
            "step": 2186500
            },
            {
            "epoch": 18.34,
            "learning_rate": 4.155172269224642e-06,
            "loss": 0.0443,
            "step": 2187000
            },
            {
            "epoch": 18.34,
            "learning_rate": 4.144691055751671e-06,
            "loss": 0.0435,
            "step": 2187500
            },
            {
            "epoch": 18.35,
            "learning_rate": 4.134209842278699e-06,
            "loss": 0.0439,
            "step": 2188000
            },
            {
            "epoch": 18.35,
            "learning_rate": 4.123728628805728e-06,
            "loss": 0.0433,
            "step": 2188500
            },
            {
            "epoch": 18.35,
            "learning_rate": 4.113247415332757e-06,
            "loss": 0.0435,
            "step": 2189000
            },
            {
            "epoch": 18.36,
            "learning_rate": 4.102766201859787e-06,
            "loss": 0.0439,
            "step": 2189500
            },
            {
            "epoch": 18.36,
            "learning_rate": 4.092284988386816e-06,
            "loss": 0.0439,
            "step": 2190000
            },
            {
            "epoch": 18.37,
            "learning_rate": 4.081803774913845e-06,
            "loss": 0.0438,
            "step": 2190500
            },
            {
            "epoch": 18.37,
            "learning_rate": 4.071322561440873e-06,
            "loss": 0.0432,
            "step": 2191000
            },
            {
            "epoch": 18.38,
            "learning_rate": 4.060841347967902e-06,
            "loss": 0.0441,
            "step": 2191500
            },
            {
            "epoch": 18.38,
            "learning_rate": 4.050360134494931e-06,
            "loss": 0.0436,
            "step": 2192000
            },
            {
            "epoch": 18.38,
            "learning_rate": 4.03987892102196e-06,
            "loss": 0.0437,
            "step": 2192500
            },
            {
            "epoch": 18.39,
            "learning_rate": 4.029397707548989e-06,
            "loss": 0.0438,
            "step": 2193000
            },
            {
            "epoch": 18.39,
            "learning_rate": 4.018916494076018e-06,
            "loss": 0.0445,
            "step": 2193500
            },
            {
            "epoch": 18.4,
            "learning_rate": 4.008435280603047e-06,
            "loss": 0.0438,
            "step": 2194000
            },
            {
            "epoch": 18.4,
            "learning_rate": 3.997954067130076e-06,
            "loss": 0.0441,
            "step": 2194500
            },
            {
            "epoch": 18.41,
            "learning_rate": 3.987472853657105e-06,
            "loss": 0.044,
            "step": 2195000
            },
            {
            "epoch": 18.41,
            "learning_rate": 3.976991640184134e-06,
            "loss": 0.0443,
            "step": 2195500
            },
            {
            "epoch": 18.41,
            "learning_rate": 3.966510426711163e-06,
            "loss": 0.0441,
            "step": 2196000
            },
            {
            "epoch": 18.42,
            "learning_rate": 3.956029213238192e-06,
            "loss": 0.0435,
            "step": 2196500
            },
            {
            "epoch": 18.42,
            "learning_rate": 3.9455479997652205e-06,
            "loss": 0.0441,
            "step": 2197000
            },
            {
            "epoch": 18.43,
            "learning_rate": 3.9350667862922495e-06,
            "loss": 0.0438,
            "step": 2197500
            },
            {
            "epoch": 18.43,
            "learning_rate": 3.9245855728192785e-06,
            "loss": 0.0438,
            "step": 2198000
            },
            {
            "epoch": 18.43,
            "learning_rate": 3.914104359346308e-06,
            "loss": 0.0435,
            "step": 2198500
            },
            {
            "epoch": 18.44,
            "learning_rate": 3.903623145873337e-06,
            "loss": 0.0439,
            "step": 2199000
            },
            {
            "epoch": 18.44,
            "learning_rate": 3.893141932400366e-06,
            "loss": 0.0435,
            "step": 2199500
            },
            {
            "epoch": 18.45,
            "learning_rate": 3.8826607189273945e-06,
            "loss": 0.0437,
            "step": 2200000
            },
            {
            "epoch": 18.45,
            "eval_loss": 0.04357617720961571,
            "eval_runtime": 305.736,
            "eval_samples_per_second": 1386.938,
            "eval_steps_per_second": 21.672,
            "step": 2200000
            },
            {
            "epoch": 18.45,
            "learning_rate": 3.8721795054544235e-06,
            "loss": 0.0436,
            "step": 2200500
            },
            {
            "epoch": 18.46,
            "learning_rate": 3.8616982919814525e-06,
            "loss": 0.0439,
            "step": 2201000
            },
            {
            "epoch": 18.46,
            "learning_rate": 3.8512170785084815e-06,
            "loss": 0.0445,
            "step": 2201500
            },
            {
            "epoch": 18.46,
            "learning_rate": 3.8407358650355105e-06,
            "loss": 0.0436,
            "step": 2202000
            },
            {
            "epoch": 18.47,
            "learning_rate": 3.8302546515625395e-06,
            "loss": 0.0436,
            "step": 2202500
            },
            {
            "epoch": 18.47,
            "learning_rate": 3.8197734380895685e-06,
            "loss": 0.0438,
            "step": 2203000
            },
            {
            "epoch": 18.48,
            "learning_rate": 3.809292224616597e-06,
            "loss": 0.0439,
            "step": 2203500
            },
            {
            "epoch": 18.48,
            "learning_rate": 3.7988110111436265e-06,
            "loss": 0.0439,
            "step": 2204000
            },
            {
            "epoch": 18.48,
            "learning_rate": 3.7883297976706555e-06,
            "loss": 0.0444,
            "step": 2204500
            },
            {
            "epoch": 18.49,
            "learning_rate": 3.7778485841976845e-06,
            "loss": 0.0438,
            "step": 2205000
            },
            {
            "epoch": 18.49,
            "learning_rate": 3.7673673707247135e-06,
            "loss": 0.0439,
            "step": 2205500
            },
            {
            "epoch": 18.5,
            "learning_rate": 3.756886157251742e-06,
            "loss": 0.0441,
            "step": 2206000
            },
            {
            "epoch": 18.5,
            "learning_rate": 3.746404943778771e-06,
            "loss": 0.0436,
            "step": 2206500
            },
            {
            "epoch": 18.51,
            "learning_rate": 3.7359237303058e-06,
            "loss": 0.0436,
            "step": 2207000
            },
            {
            "epoch": 18.51,
            "learning_rate": 3.725442516832829e-06,
            "loss": 0.0441,
            "step": 2207500
            },
            {
            "epoch": 18.51,
            "learning_rate": 3.714961303359858e-06,
            "loss": 0.044,
            "step": 2208000
            },
            {
            "epoch": 18.52,
            "learning_rate": 3.7044800898868866e-06,
            "loss": 0.0439,
            "step": 2208500
            },
            {
            "epoch": 18.52,
            "learning_rate": 3.6939988764139156e-06,
            "loss": 0.0441,
            "step": 2209000
            },
            {
            "epoch": 18.53,
            "learning_rate": 3.6835176629409446e-06,
            "loss": 0.0439,
            "step": 2209500
            },
            {
            "epoch": 18.53,
            "learning_rate": 3.6730364494679736e-06,
            "loss": 0.0439,
            "step": 2210000
            },
            {
            "epoch": 18.53,
            "learning_rate": 3.662555235995003e-06,
            "loss": 0.0434,
            "step": 2210500
            },
            {
            "epoch": 18.54,
            "learning_rate": 3.652074022522032e-06,
            "loss": 0.0436,
            "step": 2211000
            },
            {
            "epoch": 18.54,
            "learning_rate": 3.6415928090490602e-06,
            "loss": 0.0434,
            "step": 2211500
            },
            {
            "epoch": 18.55,
            "learning_rate": 3.6311115955760892e-06,
            "loss": 0.0443,
            "step": 2212000
            },
            {
            "epoch": 18.55,
            "learning_rate": 3.6206303821031186e-06,
            "loss": 0.0443,
            "step": 2212500
            },
            {
            "epoch": 18.56,
            "learning_rate": 3.6101491686301476e-06,
            "loss": 0.0436,
            "step": 2213000
            },
            {
            "epoch": 18.56,
            "learning_rate": 3.5996679551571766e-06,
            "loss": 0.0434,
            "step": 2213500
            },
            {
            "epoch": 18.56,
            "learning_rate": 3.5891867416842056e-06,
            "loss": 0.0432,
            "step": 2214000
            },
            {
            "epoch": 18.57,
            "learning_rate": 3.5787055282112342e-06,
            "loss": 0.0441,
            "step": 2214500
            },
            {
            "epoch": 18.57,
            "learning_rate": 3.5682243147382632e-06,
            "loss": 0.0442,
            "step": 2215000
            },
            {
            "epoch": 18.58,
            "learning_rate": 3.5577431012652922e-06,
            "loss": 0.0441,
            "step": 2215500
            },
            {
            "epoch": 18.58,
            "learning_rate": 3.5472618877923212e-06,
            "loss": 0.0437,
            "step": 2216000
            },
            {
            "epoch": 18.59,
            "learning_rate": 3.5367806743193502e-06,
            "loss": 0.0436,
            "step": 2216500
            },
            {
            "epoch": 18.59,
            "learning_rate": 3.5262994608463792e-06,
            "loss": 0.0441,
            "step": 2217000
            },
            {
            "epoch": 18.59,
            "learning_rate": 3.515818247373408e-06,
            "loss": 0.0443,
            "step": 2217500
            },
            {
            "epoch": 18.6,
            "learning_rate": 3.505337033900437e-06,
            "loss": 0.0439,
            "step": 2218000
            },
            {
            "epoch": 18.6,
            "learning_rate": 3.494855820427466e-06,
            "loss": 0.0442,
            "step": 2218500
            },
            {
            "epoch": 18.61,
            "learning_rate": 3.484374606954495e-06,
            "loss": 0.0439,
            "step": 2219000
            },
            {
            "epoch": 18.61,
            "learning_rate": 3.4738933934815242e-06,
            "loss": 0.0439,
            "step": 2219500
            },
            {
            "epoch": 18.61,
            "learning_rate": 3.4634121800085532e-06,
            "loss": 0.0438,
            "step": 2220000
            },
            {
            "epoch": 18.61,
            "eval_loss": 0.04348308965563774,
            "eval_runtime": 305.7771,
            "eval_samples_per_second": 1386.752,
            "eval_steps_per_second": 21.669,
            "step": 2220000
            },
            {
            "epoch": 18.62,
            "learning_rate": 3.4529309665355814e-06,
            "loss": 0.0439,
            "step": 2220500
            },
            {
            "epoch": 18.62,
            "learning_rate": 3.4424497530626104e-06,
            "loss": 0.0435,
            "step": 2221000
            },
            {
            "epoch": 18.63,
            "learning_rate": 3.43196853958964e-06,
            "loss": 0.0437,
            "step": 2221500
            },
            {
            "epoch": 18.63,
            "learning_rate": 3.421487326116669e-06,
            "loss": 0.0436,
            "step": 2222000
            },
            {
            "epoch": 18.64,
            "learning_rate": 3.411006112643698e-06,
            "loss": 0.0437,
            "step": 2222500
            },
            {
            "epoch": 18.64,
            "learning_rate": 3.400524899170727e-06,
            "loss": 0.0436,
            "step": 2223000
            },
            {
            "epoch": 18.64,
            "learning_rate": 3.3900436856977554e-06,
            "loss": 0.044,
            "step": 2223500
            },
            {
            "epoch": 18.65,
            "learning_rate": 3.3795624722247844e-06,
            "loss": 0.0439,
            "step": 2224000
            },
            {
            "epoch": 18.65,
            "learning_rate": 3.3690812587518134e-06,
            "loss": 0.0434,
            "step": 2224500
            },
            {
            "epoch": 18.66,
            "learning_rate": 3.3586000452788424e-06,
            "loss": 0.044,
            "step": 2225000
            },
            {
            "epoch": 18.66,
            "learning_rate": 3.3481188318058714e-06,
            "loss": 0.0443,
            "step": 2225500
            },
            {
            "epoch": 18.66,
            "learning_rate": 3.3376376183329004e-06,
            "loss": 0.0438,
            "step": 2226000
            },
            {
            "epoch": 18.67,
            "learning_rate": 3.327156404859929e-06,
            "loss": 0.044,
            "step": 2226500
            },
            {
            "epoch": 18.67,
            "learning_rate": 3.316675191386958e-06,
            "loss": 0.0439,
            "step": 2227000
            },
            {
            "epoch": 18.68,
            "learning_rate": 3.306193977913987e-06,
            "loss": 0.0439,
            "step": 2227500
            },
            {
            "epoch": 18.68,
            "learning_rate": 3.295712764441016e-06,
            "loss": 0.0439,
            "step": 2228000
            },
            {
            "epoch": 18.69,
            "learning_rate": 3.2852315509680454e-06,
            "loss": 0.0437,
            "step": 2228500
            },
            {
            "epoch": 18.69,
            "learning_rate": 3.2747503374950744e-06,
            "loss": 0.0438,
            "step": 2229000
            },
            {
            "epoch": 18.69,
            "learning_rate": 3.2642691240221025e-06,
            "loss": 0.0442,
            "step": 2229500
            },
            {
            "epoch": 18.7,
            "learning_rate": 3.253787910549132e-06,
            "loss": 0.0441,
            "step": 2230000
            },
            {
            "epoch": 18.7,
            "learning_rate": 3.243306697076161e-06,
            "loss": 0.0441,
            "step": 2230500
            },
            {
            "epoch": 18.71,
            "learning_rate": 3.23282548360319e-06,
            "loss": 0.044,
            "step": 2231000
            },
            {
            "epoch": 18.71,
            "learning_rate": 3.222344270130219e-06,
            "loss": 0.044,
            "step": 2231500
            },
            {
            "epoch": 18.72,
            "learning_rate": 3.211863056657248e-06,
            "loss": 0.0441,
            "step": 2232000
            },
            {
            "epoch": 18.72,
            "learning_rate": 3.2013818431842765e-06,
            "loss": 0.0435,
            "step": 2232500
            },
            {
            "epoch": 18.72,
            "learning_rate": 3.1909006297113055e-06,
            "loss": 0.0436,
            "step": 2233000
            },
            {
            "epoch": 18.73,
            "learning_rate": 3.1804194162383345e-06,
            "loss": 0.0434,
            "step": 2233500
            },
            {
            "epoch": 18.73,
            "learning_rate": 3.1699382027653635e-06,
            "loss": 0.0436,
            "step": 2234000
            },
            {
            "epoch": 18.74,
            "learning_rate": 3.1594569892923925e-06,
            "loss": 0.0437,
            "step": 2234500
            },
            {
            "epoch": 18.74,
            "learning_rate": 3.148975775819422e-06,
            "loss": 0.0438,
            "step": 2235000
            },
            {
            "epoch": 18.74,
            "learning_rate": 3.13849456234645e-06,
            "loss": 0.0439,
            "step": 2235500
            },
            {
            "epoch": 18.75,
            "learning_rate": 3.128013348873479e-06,
            "loss": 0.0436,
            "step": 2236000
            },
            {
            "epoch": 18.75,
            "learning_rate": 3.117532135400508e-06,
            "loss": 0.0442,
            "step": 2236500
            },
            {
            "epoch": 18.76,
            "learning_rate": 3.1070509219275375e-06,
            "loss": 0.0437,
            "step": 2237000
            },
            {
            "epoch": 18.76,
            "learning_rate": 3.096569708454566e-06,
            "loss": 0.0436,
            "step": 2237500
            },
            {
            "epoch": 18.77,
            "learning_rate": 3.086088494981595e-06,
            "loss": 0.0434,
            "step": 2238000
            },
            {
            "epoch": 18.77,
            "learning_rate": 3.075607281508624e-06,
            "loss": 0.0435,
            "step": 2238500
            },
            {
            "epoch": 18.77,
            "learning_rate": 3.065126068035653e-06,
            "loss": 0.0434,
            "step": 2239000
            },
            {
            "epoch": 18.78,
            "learning_rate": 3.054644854562682e-06,
            "loss": 0.044,
            "step": 2239500
            },
            {
            "epoch": 18.78,
            "learning_rate": 3.044163641089711e-06,
            "loss": 0.0441,
            "step": 2240000
            },
            {
            "epoch": 18.78,
            "eval_loss": 0.04349570721387863,
            "eval_runtime": 305.5467,
            "eval_samples_per_second": 1387.798,
            "eval_steps_per_second": 21.686,
            "step": 2240000
            },
            {
            "epoch": 18.79,
            "learning_rate": 3.0336824276167397e-06,
            "loss": 0.0432,
            "step": 2240500
            },
            {
            "epoch": 18.79,
            "learning_rate": 3.0232012141437687e-06,
            "loss": 0.0437,
            "step": 2241000
            },
            {
            "epoch": 18.79,
            "learning_rate": 3.012720000670798e-06,
            "loss": 0.0439,
            "step": 2241500
            },
            {
            "epoch": 18.8,
            "learning_rate": 3.0022387871978267e-06,
            "loss": 0.0431,
            "step": 2242000
            },
            {
            "epoch": 18.8,
            "learning_rate": 2.9917575737248557e-06,
            "loss": 0.0441,
            "step": 2242500
            },
            {
            "epoch": 18.81,
            "learning_rate": 2.9812763602518847e-06,
            "loss": 0.0437,
            "step": 2243000
            },
            {
            "epoch": 18.81,
            "learning_rate": 2.9707951467789137e-06,
            "loss": 0.0444,
            "step": 2243500
            },
            {
            "epoch": 18.82,
            "learning_rate": 2.9603139333059427e-06,
            "loss": 0.0438,
            "step": 2244000
            },
            {
            "epoch": 18.82,
            "learning_rate": 2.9498327198329717e-06,
            "loss": 0.0437,
            "step": 2244500
            },
            {
            "epoch": 18.82,
            "learning_rate": 2.9393515063600003e-06,
            "loss": 0.0437,
            "step": 2245000
            },
            {
            "epoch": 18.83,
            "learning_rate": 2.9288702928870293e-06,
            "loss": 0.0434,
            "step": 2245500
            },
            {
            "epoch": 18.83,
            "learning_rate": 2.9183890794140587e-06,
            "loss": 0.044,
            "step": 2246000
            },
            {
            "epoch": 18.84,
            "learning_rate": 2.9079078659410873e-06,
            "loss": 0.044,
            "step": 2246500
            },
            {
            "epoch": 18.84,
            "learning_rate": 2.8974266524681163e-06,
            "loss": 0.0436,
            "step": 2247000
            },
            {
            "epoch": 18.85,
            "learning_rate": 2.8869454389951453e-06,
            "loss": 0.0438,
            "step": 2247500
            },
            {
            "epoch": 18.85,
            "learning_rate": 2.8764642255221743e-06,
            "loss": 0.0433,
            "step": 2248000
            },
            {
            "epoch": 18.85,
            "learning_rate": 2.8659830120492033e-06,
            "loss": 0.0438,
            "step": 2248500
            },
            {
            "epoch": 18.86,
            "learning_rate": 2.8555017985762323e-06,
            "loss": 0.0434,
            "step": 2249000
            },
            {
            "epoch": 18.86,
            "learning_rate": 2.845020585103261e-06,
            "loss": 0.0437,
            "step": 2249500
            },
            {
            "epoch": 18.87,
            "learning_rate": 2.83453937163029e-06,
            "loss": 0.0445,
            "step": 2250000
            },
            {
            "epoch": 18.87,
            "learning_rate": 2.8240581581573193e-06,
            "loss": 0.0439,
            "step": 2250500
            },
            {
            "epoch": 18.87,
            "learning_rate": 2.813576944684348e-06,
            "loss": 0.0442,
            "step": 2251000
            },
            {
            "epoch": 18.88,
            "learning_rate": 2.803095731211377e-06,
            "loss": 0.0435,
            "step": 2251500
            },
            {
            "epoch": 18.88,
            "learning_rate": 2.792614517738406e-06,
            "loss": 0.0443,
            "step": 2252000
            },
            {
            "epoch": 18.89,
            "learning_rate": 2.782133304265435e-06,
            "loss": 0.0438,
            "step": 2252500
            },
            {
            "epoch": 18.89,
            "learning_rate": 2.771652090792464e-06,
            "loss": 0.0434,
            "step": 2253000
            },
            {
            "epoch": 18.9,
            "learning_rate": 2.761170877319493e-06,
            "loss": 0.0437,
            "step": 2253500
            },
            {
            "epoch": 18.9,
            "learning_rate": 2.7506896638465214e-06,
            "loss": 0.0438,
            "step": 2254000
            },
            {
            "epoch": 18.9,
            "learning_rate": 2.7402084503735504e-06,
            "loss": 0.0435,
            "step": 2254500
            },
            {
            "epoch": 18.91,
            "learning_rate": 2.72972723690058e-06,
            "loss": 0.0438,
            "step": 2255000
            },
            {
            "epoch": 18.91,
            "learning_rate": 2.7192460234276084e-06,
            "loss": 0.0436,
            "step": 2255500
            },
            {
            "epoch": 18.92,
            "learning_rate": 2.7087648099546374e-06,
            "loss": 0.0439,
            "step": 2256000
            },
            {
            "epoch": 18.92,
            "learning_rate": 2.6982835964816664e-06,
            "loss": 0.0436,
            "step": 2256500
            },
            {
            "epoch": 18.92,
            "learning_rate": 2.6878023830086954e-06,
            "loss": 0.0436,
            "step": 2257000
            },
            {
            "epoch": 18.93,
            "learning_rate": 2.6773211695357244e-06,
            "loss": 0.0438,
            "step": 2257500
            },
            {
            "epoch": 18.93,
            "learning_rate": 2.6668399560627534e-06,
            "loss": 0.0438,
            "step": 2258000
            },
            {
            "epoch": 18.94,
            "learning_rate": 2.656358742589782e-06,
            "loss": 0.0437,
            "step": 2258500
            },
            {
            "epoch": 18.94,
            "learning_rate": 2.6458775291168114e-06,
            "loss": 0.0439,
            "step": 2259000
            },
            {
            "epoch": 18.95,
            "learning_rate": 2.6353963156438404e-06,
            "loss": 0.044,
            "step": 2259500
            },
            {
            "epoch": 18.95,
            "learning_rate": 2.624915102170869e-06,
            "loss": 0.0438,
            "step": 2260000
            },
            {
            "epoch": 18.95,
            "eval_loss": 0.04360075667500496,
            "eval_runtime": 305.0268,
            "eval_samples_per_second": 1390.163,
            "eval_steps_per_second": 21.723,
            "step": 2260000
            },
            {
            "epoch": 18.95,
            "learning_rate": 2.614433888697898e-06,
            "loss": 0.0435,
            "step": 2260500
            },
            {
            "epoch": 18.96,
            "learning_rate": 2.603952675224927e-06,
            "loss": 0.0437,
            "step": 2261000
            },
            {
            "epoch": 18.96,
            "learning_rate": 2.593471461751956e-06,
            "loss": 0.0439,
            "step": 2261500
            },
            {
            "epoch": 18.97,
            "learning_rate": 2.582990248278985e-06,
            "loss": 0.0437,
            "step": 2262000
            },
            {
            "epoch": 18.97,
            "learning_rate": 2.5725090348060136e-06,
            "loss": 0.0442,
            "step": 2262500
            },
            {
            "epoch": 18.98,
            "learning_rate": 2.5620278213330426e-06,
            "loss": 0.0438,
            "step": 2263000
            },
            {
            "epoch": 18.98,
            "learning_rate": 2.551546607860072e-06,
            "loss": 0.0432,
            "step": 2263500
            },
            {
            "epoch": 18.98,
            "learning_rate": 2.5410653943871006e-06,
            "loss": 0.044,
            "step": 2264000
            },
            {
            "epoch": 18.99,
            "learning_rate": 2.5305841809141296e-06,
            "loss": 0.0439,
            "step": 2264500
            },
            {
            "epoch": 18.99,
            "learning_rate": 2.5201029674411586e-06,
            "loss": 0.0445,
            "step": 2265000
            },
            {
            "epoch": 19.0,
            "learning_rate": 2.5096217539681876e-06,
            "loss": 0.0435,
            "step": 2265500
            },
            {
            "epoch": 19.0,
            "learning_rate": 2.4991405404952166e-06,
            "loss": 0.0435,
            "step": 2266000
            },
            {
            "epoch": 19.0,
            "learning_rate": 2.4886593270222456e-06,
            "loss": 0.0438,
            "step": 2266500
            },
            {
            "epoch": 19.01,
            "learning_rate": 2.478178113549274e-06,
            "loss": 0.0436,
            "step": 2267000
            },
            {
            "epoch": 19.01,
            "learning_rate": 2.467696900076303e-06,
            "loss": 0.0436,
            "step": 2267500
            },
            {
            "epoch": 19.02,
            "learning_rate": 2.4572156866033326e-06,
            "loss": 0.0434,
            "step": 2268000
            },
            {
            "epoch": 19.02,
            "learning_rate": 2.446734473130361e-06,
            "loss": 0.0436,
            "step": 2268500
            },
            {
            "epoch": 19.03,
            "learning_rate": 2.43625325965739e-06,
            "loss": 0.0436,
            "step": 2269000
            },
            {
            "epoch": 19.03,
            "learning_rate": 2.425772046184419e-06,
            "loss": 0.0435,
            "step": 2269500
            },
            {
            "epoch": 19.03,
            "learning_rate": 2.415290832711448e-06,
            "loss": 0.0444,
            "step": 2270000
            },
            {
            "epoch": 19.04,
            "learning_rate": 2.404809619238477e-06,
            "loss": 0.0439,
            "step": 2270500
            },
            {
            "epoch": 19.04,
            "learning_rate": 2.394328405765506e-06,
            "loss": 0.044,
            "step": 2271000
            },
            {
            "epoch": 19.05,
            "learning_rate": 2.3838471922925347e-06,
            "loss": 0.0439,
            "step": 2271500
            },
            {
            "epoch": 19.05,
            "learning_rate": 2.3733659788195637e-06,
            "loss": 0.0438,
            "step": 2272000
            },
            {
            "epoch": 19.05,
            "learning_rate": 2.362884765346593e-06,
            "loss": 0.0437,
            "step": 2272500
            },
            {
            "epoch": 19.06,
            "learning_rate": 2.3524035518736217e-06,
            "loss": 0.0438,
            "step": 2273000
            },
            {
            "epoch": 19.06,
            "learning_rate": 2.3419223384006507e-06,
            "loss": 0.0442,
            "step": 2273500
            },
            {
            "epoch": 19.07,
            "learning_rate": 2.3314411249276797e-06,
            "loss": 0.0433,
            "step": 2274000
            },
            {
            "epoch": 19.07,
            "learning_rate": 2.3209599114547087e-06,
            "loss": 0.0437,
            "step": 2274500
            },
            {
            "epoch": 19.08,
            "learning_rate": 2.3104786979817377e-06,
            "loss": 0.0433,
            "step": 2275000
            },
            {
            "epoch": 19.08,
            "learning_rate": 2.2999974845087667e-06,
            "loss": 0.0437,
            "step": 2275500
            },
            {
            "epoch": 19.08,
            "learning_rate": 2.2895162710357953e-06,
            "loss": 0.0438,
            "step": 2276000
            },
            {
            "epoch": 19.09,
            "learning_rate": 2.2790350575628243e-06,
            "loss": 0.0432,
            "step": 2276500
            },
            {
            "epoch": 19.09,
            "learning_rate": 2.2685538440898537e-06,
            "loss": 0.0436,
            "step": 2277000
            },
            {
            "epoch": 19.1,
            "learning_rate": 2.2580726306168823e-06,
            "loss": 0.0436,
            "step": 2277500
            },
            {
            "epoch": 19.1,
            "learning_rate": 2.2475914171439113e-06,
            "loss": 0.0434,
            "step": 2278000
            },
            {
            "epoch": 19.11,
            "learning_rate": 2.2371102036709403e-06,
            "loss": 0.0431,
            "step": 2278500
            },
            {
            "epoch": 19.11,
            "learning_rate": 2.2266289901979693e-06,
            "loss": 0.0438,
            "step": 2279000
            },
            {
            "epoch": 19.11,
            "learning_rate": 2.2161477767249983e-06,
            "loss": 0.0441,
            "step": 2279500
            },
            {
            "epoch": 19.12,
            "learning_rate": 2.2056665632520273e-06,
            "loss": 0.0433,
            "step": 2280000
            },
            {
            "epoch": 19.12,
            "eval_loss": 0.043482888489961624,
            "eval_runtime": 304.7126,
            "eval_samples_per_second": 1391.596,
            "eval_steps_per_second": 21.745,
            "step": 2280000
            },
            {
            "epoch": 19.12,
            "learning_rate": 2.195185349779056e-06,
            "loss": 0.0436,
            "step": 2280500
            },
            {
            "epoch": 19.13,
            "learning_rate": 2.1847041363060853e-06,
            "loss": 0.0434,
            "step": 2281000
            },
            {
            "epoch": 19.13,
            "learning_rate": 2.1742229228331143e-06,
            "loss": 0.0436,
            "step": 2281500
            },
            {
            "epoch": 19.13,
            "learning_rate": 2.163741709360143e-06,
            "loss": 0.0441,
            "step": 2282000
            },
            {
            "epoch": 19.14,
            "learning_rate": 2.153260495887172e-06,
            "loss": 0.0433,
            "step": 2282500
            },
            {
            "epoch": 19.14,
            "learning_rate": 2.142779282414201e-06,
            "loss": 0.0441,
            "step": 2283000
            },
            {
            "epoch": 19.15,
            "learning_rate": 2.13229806894123e-06,
            "loss": 0.0436,
            "step": 2283500
            },
            {
            "epoch": 19.15,
            "learning_rate": 2.121816855468259e-06,
            "loss": 0.0434,
            "step": 2284000
            },
            {
            "epoch": 19.16,
            "learning_rate": 2.111335641995288e-06,
            "loss": 0.0438,
            "step": 2284500
            },
            {
            "epoch": 19.16,
            "learning_rate": 2.1008544285223165e-06,
            "loss": 0.0436,
            "step": 2285000
            },
            {
            "epoch": 19.16,
            "learning_rate": 2.090373215049346e-06,
            "loss": 0.0434,
            "step": 2285500
            },
            {
            "epoch": 19.17,
            "learning_rate": 2.079892001576375e-06,
            "loss": 0.0435,
            "step": 2286000
            },
            {
            "epoch": 19.17,
            "learning_rate": 2.0694107881034035e-06,
            "loss": 0.0439,
            "step": 2286500
            },
            {
            "epoch": 19.18,
            "learning_rate": 2.0589295746304325e-06,
            "loss": 0.0433,
            "step": 2287000
            },
            {
            "epoch": 19.18,
            "learning_rate": 2.0484483611574615e-06,
            "loss": 0.0432,
            "step": 2287500
            },
            {
            "epoch": 19.18,
            "learning_rate": 2.0379671476844905e-06,
            "loss": 0.0439,
            "step": 2288000
            },
            {
            "epoch": 19.19,
            "learning_rate": 2.0274859342115195e-06,
            "loss": 0.0435,
            "step": 2288500
            },
            {
            "epoch": 19.19,
            "learning_rate": 2.0170047207385485e-06,
            "loss": 0.0437,
            "step": 2289000
            },
            {
            "epoch": 19.2,
            "learning_rate": 2.006523507265577e-06,
            "loss": 0.0438,
            "step": 2289500
            },
            {
            "epoch": 19.2,
            "learning_rate": 1.9960422937926065e-06,
            "loss": 0.044,
            "step": 2290000
            },
            {
            "epoch": 19.21,
            "learning_rate": 1.9855610803196355e-06,
            "loss": 0.0437,
            "step": 2290500
            },
            {
            "epoch": 19.21,
            "learning_rate": 1.975079866846664e-06,
            "loss": 0.0441,
            "step": 2291000
            },
            {
            "epoch": 19.21,
            "learning_rate": 1.964598653373693e-06,
            "loss": 0.0438,
            "step": 2291500
            },
            {
            "epoch": 19.22,
            "learning_rate": 1.954117439900722e-06,
            "loss": 0.0438,
            "step": 2292000
            },
            {
            "epoch": 19.22,
            "learning_rate": 1.943636226427751e-06,
            "loss": 0.044,
            "step": 2292500
            },
            {
            "epoch": 19.23,
            "learning_rate": 1.93315501295478e-06,
            "loss": 0.0435,
            "step": 2293000
            },
            {
            "epoch": 19.23,
            "learning_rate": 1.922673799481809e-06,
            "loss": 0.0441,
            "step": 2293500
            },
            {
            "epoch": 19.24,
            "learning_rate": 1.9121925860088376e-06,
            "loss": 0.0433,
            "step": 2294000
            },
            {
            "epoch": 19.24,
            "learning_rate": 1.9017113725358668e-06,
            "loss": 0.0432,
            "step": 2294500
            },
            {
            "epoch": 19.24,
            "learning_rate": 1.891230159062896e-06,
            "loss": 0.0434,
            "step": 2295000
            },
            {
            "epoch": 19.25,
            "learning_rate": 1.8807489455899246e-06,
            "loss": 0.0439,
            "step": 2295500
            },
            {
            "epoch": 19.25,
            "learning_rate": 1.8702677321169538e-06,
            "loss": 0.044,
            "step": 2296000
            },
            {
            "epoch": 19.26,
            "learning_rate": 1.8597865186439824e-06,
            "loss": 0.0436,
            "step": 2296500
            },
            {
            "epoch": 19.26,
            "learning_rate": 1.8493053051710116e-06,
            "loss": 0.0436,
            "step": 2297000
            },
            {
            "epoch": 19.26,
            "learning_rate": 1.8388240916980406e-06,
            "loss": 0.0434,
            "step": 2297500
            },
            {
            "epoch": 19.27,
            "learning_rate": 1.8283428782250694e-06,
            "loss": 0.0437,
            "step": 2298000
            },
            {
            "epoch": 19.27,
            "learning_rate": 1.8178616647520984e-06,
            "loss": 0.0438,
            "step": 2298500
            },
            {
            "epoch": 19.28,
            "learning_rate": 1.8073804512791274e-06,
            "loss": 0.0438,
            "step": 2299000
            },
            {
            "epoch": 19.28,
            "learning_rate": 1.7968992378061562e-06,
            "loss": 0.0435,
            "step": 2299500
            },
            {
            "epoch": 19.29,
            "learning_rate": 1.7864180243331852e-06,
            "loss": 0.0439,
            "step": 2300000
            },
            {
            "epoch": 19.29,
            "eval_loss": 0.04340508207678795,
            "eval_runtime": 305.0831,
            "eval_samples_per_second": 1389.906,
            "eval_steps_per_second": 21.719,
            "step": 2300000
            }
        ],
        "max_steps": 2385220,
        "num_train_epochs": 20,
        "total_flos": 9.688132784475226e+18,
        "trial_name": None,
        "trial_params": None
        }
}

    losses = []
    for t in ts.get('log_history'):
        if t.get('loss'):
            losses.append(t.get('loss'))
    print(losses)