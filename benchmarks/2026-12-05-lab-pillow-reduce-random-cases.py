# Lab record, 2026-12-05: random Pillow two-step resizes (Image.resize with a reducing gap and a
# box or none), Image.thumbnail, Image.reduce and ImageOps.fit, modes F, L, RGB and RGBA, sizes 1
# to 90, written in the conformance format and run through `wgresize conformance DIR` (auto path,
# lavapipe), binaries of this session's commits.
#  - Pillow 13.0.0, seed 1: 297 of 300 passed before CoordinateArithmetic::PillowBox. The 3
#    misses (ImageOps.fit f091 and f123 with bleed 0.05, r264 HAMMING with box (2.25, 6.5, 20.5,
#    39.5) and gap 1) were by one level, and were not the reduction's: its bytes matched Pillow's
#    `Image.reduce`, and the resize after it missed alone, under Pillow 12 too. Pillow's C code
#    takes a box in f32 and its length as the f32 difference of the corners (Resample.c,
#    `precompute_coeffs`: `(double)(in1 - in0) / outSize`); the library took the f64 difference.
#  - With PillowBox (presets::pillow's arithmetic): Pillow 13.0.0 seeds 1 and 2, 300 of 300 each;
#    Pillow 12.3.0 seed 3 (no MKS filters), 300 of 300. tests/data/pillow-reduce keeps r264's
#    shape and a box in thirds of a pixel.
# Run: python3 -m venv v && v/bin/pip install pillow==13.0.0 numpy
#      v/bin/python THIS OUT_DIR SEED   (from scripts/, whose helpers it imports)
import pathlib, sys, numpy as np
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "scripts"))
from PIL import Image, ImageOps
from conformance_case import write_cases
from pillow_case import pillow_case
import pillow_imageops_cases as imageops

out = pathlib.Path(sys.argv[1]); out.mkdir(parents=True, exist_ok=True)
rng = np.random.default_rng(int(sys.argv[2]))
filters = ["BOX", "BILINEAR", "HAMMING", "BICUBIC", "LANCZOS", "MKS2013", "MKS2021"]
modes = ["F", "L", "RGB", "RGBA"]
cases = []
for k in range(300):
    mode = modes[rng.integers(0, 4)]
    h, w = int(rng.integers(1, 90)), int(rng.integers(1, 90))
    kind = k % 4
    if kind == 0:  # Image.resize with a gap, now and then a box
        oh, ow = int(rng.integers(1, max(2, h // 2))), int(rng.integers(1, max(2, w // 2)))
        box = None
        if rng.random() < 0.4:
            l, t = float(rng.integers(0, max(1, w // 3))) + 0.25 * int(rng.integers(0, 4)), float(rng.integers(0, max(1, h // 3))) + 0.5 * int(rng.integers(0, 2))
            r, b = w - 0.5 * int(rng.integers(0, 2)), h - 0.25 * int(rng.integers(0, 3))
            box = (min(l, r - 0.25), min(t, b - 0.25), r, b)
        gap = float(rng.choice([1.0, 1.5, 2.0, 2.5, 3.0]))
        name = filters[rng.integers(0, len(filters))]
        cases.append(pillow_case(out, f"r{k:03d}", rng, mode, (h, w), (oh, ow), name, transparent=mode == "RGBA", box=box, reducing_gap=gap))
    elif kind == 1:  # Image.thumbnail
        bound = (int(rng.integers(1, 40)), int(rng.integers(1, 40)))
        cases.append(pillow_case(out, f"t{k:03d}", rng, mode, (h, w), None, "BICUBIC", transparent=mode == "RGBA", thumbnail_wh=bound))
    elif kind == 2:  # Image.reduce
        factor = (int(rng.integers(1, 9)), int(rng.integers(1, 9)))
        box = None
        if rng.random() < 0.4:
            l, t = int(rng.integers(0, w)), int(rng.integers(0, h))
            box = (l, t, int(rng.integers(l + 1, w + 1)), int(rng.integers(t + 1, h + 1)))
        cases.append(pillow_case(out, f"d{k:03d}", rng, mode, (h, w), None, None, transparent=mode == "RGBA", box=box, reduce_factor=factor))
    else:  # ImageOps.fit
        size = (int(rng.integers(1, 60)), int(rng.integers(1, 60)))
        bleed = float(rng.choice([0.0, 0.0, 0.05, 0.2]))
        centering = (float(rng.choice([0.0, 0.5, 1.0, 0.3])), float(rng.choice([0.0, 0.5, 1.0, 0.7])))
        name = filters[rng.integers(0, len(filters))]
        x, image = imageops.image_of(rng, mode, h, w)
        y = np.asarray(ImageOps.fit(image, size, getattr(Image.Resampling, name), bleed, centering))
        params = {"filter": name, "imageops": "fit", "requested_wh": list(size), "bleed": bleed, "centering": list(centering)}
        cases.append(imageops.case(out, f"f{k:03d}", x, y.reshape(y.shape[0], y.shape[1], -1), mode, "ImageOps.fit", params))
write_cases(out, cases)
print(len(cases), "cases")
