# Lab record, 2026-12-05: random cv2.resize cases (float32 for every interpolation but
# INTER_LINEAR_EXACT, which is 8-bit only; 1, 3 or 4 channels; sizes 1 to 90) in the
# conformance format through `wgresize conformance DIR` (auto path, lavapipe), binary of 1d11bff.
#  - opencv-python-headless 5.1.0, seed 2: 350 of 350 passed.
#  - 4.14.0, seed 1: 330 of 350; the 20 failures are all INTER_NEAREST_EXACT, where OpenCV 4 and 5
#    pick other pixels and the library follows 5 (README).
# Run: python3 -m venv v && v/bin/pip install opencv-python-headless numpy; v/bin/python THIS OUT_DIR SEED
import json, pathlib, sys, numpy as np, cv2
out = pathlib.Path(sys.argv[1]); out.mkdir(parents=True, exist_ok=True)
rng = np.random.default_rng(int(sys.argv[2]))
names = ["INTER_NEAREST", "INTER_LINEAR", "INTER_CUBIC", "INTER_AREA", "INTER_LANCZOS4", "INTER_LINEAR_EXACT", "INTER_NEAREST_EXACT"]
cases = []
for k in range(350):
    name = names[k % len(names)]
    h, w = int(rng.integers(1, 70)), int(rng.integers(1, 70)); oh, ow = int(rng.integers(1, 90)), int(rng.integers(1, 90)); c = int(rng.choice([1, 3, 4]))
    x = rng.random((h, w, c), dtype=np.float32)
    if name == "INTER_LINEAR_EXACT":
        x = (x * 255).astype(np.uint8)
    y = cv2.resize(x, (ow, oh), interpolation=getattr(cv2, name)).reshape(oh, ow, c)
    cid = f"c{k:03d}"; np.save(out / f"{cid}.in.npy", x[None]); np.save(out / f"{cid}.out.npy", y[None])
    cases.append({"id": cid, "input": f"{cid}.in.npy", "output": f"{cid}.out.npy", "in_shape": [1, h, w, c], "out_shape": [1, oh, ow, c],
                  "dtype": "uint8" if x.dtype == np.uint8 else "float32", "reference": "opencv", "call": f"{name} {h}x{w}x{c}->{oh}x{ow}",
                  "params": {"library": "opencv", "dsize_wh": [ow, oh], "interpolation": name}, "tolerance_max_abs": 0.0 if x.dtype == np.uint8 else 1e-4})
(out / "cases.json").write_text(json.dumps(cases)); print(len(cases))
