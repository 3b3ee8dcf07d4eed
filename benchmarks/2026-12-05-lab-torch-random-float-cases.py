# Lab record, 2026-12-05: random F.interpolate float32 cases (torch 2.11.0 CPU, in the
# conformance format) run through `wgresize conformance DIR` (auto path, lavapipe), seeds 1 to 6,
# 1783 cases: every mode, sizes 1 to 80, stated scales with and without recompute.
# Before the kept-axis fix (binary of b3a02e2): 4 failed.
#  - 3 (seeds 1, 2, 3) are PyTorch's own fault: its generic separable CPU kernel (float tensors antialiased;
#    uint8 tensors with more than 4 channels or without AVX2) gives every output row the first
#    row's value where the output is one column wide and the height changes (see
#    2026-12-05-lab-torch-one-column-outputs.py). The library gives the separable product, as
#    PyTorch does with two columns and in its vectorised uint8 kernel. Not followed.
#  - 1 (seed 6, r102: bilinear, scale_factor=1.014, 58x30 -> 58x30): PyTorch's separable
#    kernels copy an axis kept at its size whatever the stated scale. Followed since (presets::torch,
#    tests/data/torch-f32-edges); after it, seed 6 passed 298 of 298.
# With float64 tensors (the first version of this script) nearest-exact also differed on one case:
# PyTorch computes nearest indices in the tensor's own precision; the library follows float32.
# Run: python3 -m venv v && v/bin/pip install torch numpy; v/bin/python THIS OUT_DIR SEED
# Random F.interpolate float cases in the conformance format (torch 2.11 CPU, float64 math).
import json, pathlib, sys
import numpy as np, torch, torch.nn.functional as F
out = pathlib.Path(sys.argv[1]); out.mkdir(parents=True, exist_ok=True)
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
rng = np.random.default_rng(seed)
modes = [("nearest", None, None), ("nearest-exact", None, None), ("area", None, None),
         ("bilinear", False, False), ("bilinear", True, False), ("bilinear", False, True),
         ("bicubic", False, False), ("bicubic", True, False), ("bicubic", False, True)]
cases = []
for k in range(300):
    mode, ac, aa = modes[k % len(modes)]
    n, c = 1, int(rng.integers(1, 5))
    h, w = int(rng.integers(1, 60)), int(rng.integers(1, 60))
    x = rng.random((n, h, w, c)).astype(np.float32)
    xt = torch.from_numpy(x.copy()).permute(0, 3, 1, 2)
    kw = dict(mode=mode)
    if ac is not None:
        kw.update(align_corners=ac, antialias=aa)
    params = {"library": "torch", "mode": mode}
    if ac is not None:
        params.update(align_corners=ac, antialias=aa)
    if rng.random() < 0.4:
        s = float(np.round(rng.uniform(0.1, 4.0), 3))
        rec = bool(rng.random() < 0.5)
        if int(h * s) < 1 or int(w * s) < 1:
            continue
        kw.update(scale_factor=s, recompute_scale_factor=rec)
        params.update(scale_factor=s, recompute_scale_factor=rec)
    else:
        oh, ow = int(rng.integers(1, 80)), int(rng.integers(1, 80))
        kw.update(size=(oh, ow)); params["size"] = [oh, ow]
    try:
        y = F.interpolate(xt, **kw).permute(0, 2, 3, 1).numpy().astype(np.float32)
    except Exception as e:
        print("refused", k, kw, e); continue
    cid = f"r{k:03d}"
    np.save(out / f"{cid}.in.npy", x); np.save(out / f"{cid}.out.npy", y)
    cases.append({"id": cid, "input": f"{cid}.in.npy", "output": f"{cid}.out.npy",
                  "in_shape": list(x.shape), "out_shape": list(y.shape), "dtype": "float32",
                  "reference": "torch", "call": f"F.interpolate(x, **{kw})", "params": params,
                  "tolerance_max_abs": 1e-4})
(out / "cases.json").write_text(json.dumps(cases, indent=1))
print(len(cases), "cases")
