import json, os, lab, b1, b2, b3, b4, b5
out = {f"textlogs_real/{k}": v for k, v in sorted(lab.LABELS.items())}
json.dump(out, open(os.path.join(lab.ROOT, "LABELS.json"), "w"), indent=1, ensure_ascii=False)
n = sum(len(v["expected_series"]) for v in out.values())
print(len(out), "runs", n, "series")
