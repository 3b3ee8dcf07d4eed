# Lab record, 2026-12-05: random Pillow resizes (modes L, RGB, RGBA, F; all six filters; sizes 1
# to 90; seed 1, 300 cases) in the conformance format, run through `wgresize conformance DIR`
# (auto path, lavapipe).
#  - Pillow 12.3.0 (the bundled conformance cases' version): 297 of 300 passed with the binary of
#    916cda9; the 3 failures were BOX shrinks (RGB 45x47 -> 14x26 off by 89 levels, F by 0.3 and
#    0.5): the library took a tap just past Pillow's (int)(center +- support + 0.5) bounds. After
#    1d11bff, 300 of 300, and 6141 of 6141 one-row BOX resizes (1..69 -> 1..89).
#  - Pillow 13.0.0: 263 of 300 (37 failed, none of them BOX ties). It runs some two-axis resizes
#    vertical pass first: each of its 34 differing L, RGB and F outputs equals Pillow 12.3 resizing
#    the height first and then the width, and in 600 float cases every output was one of the two
#    orders (125 vertical first: every case whose height shrinks while its width grows, and 15 of
#    48 where both shrink, by a rule not found: neither the ratios, the intermediate's size nor
#    Pillow's tap counts decide it). The library follows Pillow 12.3's horizontal-first order.
#  - Later the same day, from Pillow 13.0.0's own source (the sdist's src/libImaging/Resample.c,
#    `ImagingResampleInner`): vertical first where `in_h - out_h > 0 && in_h - out_h >
#    (in_w - out_w) * 2`, in pixels, not ratios. Pillow 12.3's Image.resize had its own rule
#    (vertical first, in a call of its own, where h > 100 * w and the height shrinks). With
#    `RoundingOrder` (Pillow13 the preset's default, Pillow12 for cases whose `reference` names
#    12.x), seeds 1 and 2 of each release: 300 of 300 on auto each; seed 1 on gather and
#    separable 300 of 300 for both releases, fused 75 (12.3) and 55 (13.0) run, none failed.
#  - Pillow 13's Magic Kernel Sharp filters (third argument MKS2013,MKS2021), seeds 1 and 2: 300
#    of 300 each on auto, gather and separable; fused ran 55 and 51, none failed. Before the kept
#    axis was left as it is (Pillow skips its pass; MKS2013 sharpens even at scale 1), a case with
#    its height kept was 11 levels off.
# Run: python3 -m venv v && v/bin/pip install pillow==12.3.0 numpy; v/bin/python THIS OUT_DIR SEED [FILTERS]
import json, pathlib, sys, numpy as np
import PIL
from PIL import Image
out = pathlib.Path(sys.argv[1]); out.mkdir(parents=True, exist_ok=True)
rng = np.random.default_rng(int(sys.argv[2]))
filters = sys.argv[3].split(",") if len(sys.argv) > 3 else ["NEAREST", "BOX", "BILINEAR", "HAMMING", "BICUBIC", "LANCZOS"]
cases = []
for k in range(300):
    f = filters[k % len(filters)]; mode = ["L", "RGB", "RGBA", "F"][rng.integers(0, 4)]
    h, w = int(rng.integers(1, 70)), int(rng.integers(1, 70)); oh, ow = int(rng.integers(1, 90)), int(rng.integers(1, 90))
    c = {"L": 1, "RGB": 3, "RGBA": 4, "F": 1}[mode]
    if mode == "F":
        x = rng.random((h, w), dtype=np.float32); im = Image.fromarray(x, "F")
    else:
        x = rng.integers(0, 256, (h, w, c), dtype=np.uint8)
        if mode == "RGBA":  # some transparent pixels
            x[..., 3] = np.where(rng.random((h, w)) < 0.2, 0, x[..., 3])
        im = Image.fromarray(x.squeeze(-1) if c == 1 else x, mode)
    y = np.asarray(im.resize((ow, oh), getattr(Image.Resampling, f)))
    x4 = x.reshape(1, h, w, c); y4 = y.reshape(1, oh, ow, c)
    cid = f"p{k:03d}"; np.save(out / f"{cid}.in.npy", x4); np.save(out / f"{cid}.out.npy", y4)
    cases.append({"id": cid, "input": f"{cid}.in.npy", "output": f"{cid}.out.npy", "in_shape": list(x4.shape), "out_shape": list(y4.shape),
                  "dtype": "float32" if mode == "F" else "uint8", "reference": f"Pillow {PIL.__version__}", "call": f"{mode} {h}x{w}->{oh}x{ow} {f}",
                  "params": {"library": "pillow", "image_mode": mode, "size_wh": [ow, oh], "filter": f}, "tolerance_max_abs": 1e-4 if mode == "F" else 0.0})
(out / "cases.json").write_text(json.dumps(cases)); print(len(cases))
