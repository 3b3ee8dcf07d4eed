"""Writes tests/data/pillow-imageops/: Pillow's `ImageOps.fit` (with bleed and centering),
`ImageOps.contain` and `ImageOps.cover` in modes F, L, RGB and RGBA, in the format of
tests/data/conformance/ (NHWC .npy files and cases.json; the params name the operation and the
size asked for, and the runner derives the box or the size); and
tests/data/pillow-imageops-sizes.json: the sizes `contain` and `cover` give images of random and
extreme sizes, read from Pillow's own functions with `Image.resize` replaced by a recorder.

    pip install pillow==13.0.0 numpy && python3 scripts/pillow_imageops_cases.py
"""

import json
import pathlib
import random

import numpy as np
import PIL
from PIL import Image, ImageOps

from conformance_case import save_case, write_cases
from pillow_case import CHANNELS, recorded_size

DATA = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data"
OUT = DATA / "pillow-imageops"
# (mode, in_h, in_w, size as (w, h), filter, bleed, centering as (x, y))
FITS = [
    ("RGB", 48, 64, (20, 20), "BICUBIC", 0.0, (0.5, 0.5)),
    ("L", 61, 37, (16, 24), "LANCZOS", 0.0, (0.0, 0.0)),
    ("RGBA", 40, 90, (30, 10), "BICUBIC", 0.05, (1.0, 0.3)),
    ("F", 33, 47, (12, 12), "BILINEAR", 0.1, (0.25, 0.75)),
    ("RGB", 50, 50, (64, 40), "BICUBIC", 0.0, (0.5, 0.5)),  # an enlargement
    ("L", 45, 77, (9, 7), "BOX", 0.0, (2.0, -1.0)),  # centering out of range: 0.5
]
# (operation, mode, in_h, in_w, size as (w, h), filter)
CONTAINS = [
    ("contain", "RGB", 48, 64, (20, 20), "BICUBIC"),
    ("contain", "L", 61, 37, (30, 30), "LANCZOS"),
    ("contain", "RGBA", 40, 90, (15, 40), "BICUBIC"),
    ("cover", "F", 33, 47, (12, 50), "BILINEAR"),
    ("cover", "RGB", 48, 64, (20, 20), "BICUBIC"),
    ("cover", "L", 61, 37, (30, 30), "HAMMING"),
]


def image_of(rng, mode, h, w):
    channels = CHANNELS[mode]
    if mode == "F":
        x = rng.random((h, w), dtype=np.float32)
        return x.reshape(h, w, 1), Image.fromarray(x, "F")
    x = rng.integers(0, 256, (h, w, channels), dtype=np.uint8)
    if mode == "RGBA":
        x[..., 3] = np.where(rng.random((h, w)) < 0.2, 0, x[..., 3])
    return x, Image.fromarray(x if channels > 1 else x[..., 0], mode)


def case(folder, case_id, x, y, mode, call, params):
    h, w, c = x.shape
    oh, ow = y.shape[0], y.shape[1]
    params = {"library": "pillow", "image_mode": mode, "size_wh": [ow, oh]} | params
    return save_case(folder, case_id, x.reshape(1, h, w, c), y.reshape(1, oh, ow, c),
                     reference=f"Pillow {PIL.__version__}", call=call, params=params,
                     tolerance=1e-5 if mode == "F" else 0.0)


def main():
    rng = np.random.default_rng(20261207)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for k, (mode, h, w, size, name, bleed, centering) in enumerate(FITS):
        x, image = image_of(rng, mode, h, w)
        method = getattr(Image.Resampling, name)
        y = np.asarray(ImageOps.fit(image, size, method, bleed, centering))
        call = f"ImageOps.fit(Image.fromarray(x, {mode!r}), {size}, Image.Resampling.{name}, {bleed}, {centering})"
        params = {"filter": name, "imageops": "fit", "requested_wh": list(size), "bleed": bleed,
                  "centering": list(centering)}
        cases.append(case(OUT, f"fit_{k:02d}_{mode}_{h}x{w}_to_{size[0]}x{size[1]}", x,
                          y.reshape(y.shape[0], y.shape[1], -1), mode, call, params))
    for k, (operation, mode, h, w, size, name) in enumerate(CONTAINS):
        x, image = image_of(rng, mode, h, w)
        method = getattr(Image.Resampling, name)
        y = np.asarray(getattr(ImageOps, operation)(image, size, method))
        call = f"ImageOps.{operation}(Image.fromarray(x, {mode!r}), {size}, Image.Resampling.{name})"
        params = {"filter": name, "imageops": operation, "requested_wh": list(size)}
        cases.append(case(OUT, f"{operation}_{k:02d}_{mode}_{h}x{w}_within_{size[0]}x{size[1]}", x,
                          y.reshape(y.shape[0], y.shape[1], -1), mode, call, params))
    write_cases(OUT, cases)
    sizes_rng = random.Random(20261207)
    sizes = []
    shapes = [(1, 1, (1, 1)), (3, 1000, (10, 10)), (1000, 3, (10, 10)), (640, 480, (640, 480)),
              (5, 2, (3, 3)), (101, 100, (2, 1)),
              # Sides of exactly 2.5, which Python's round takes to 2 (half to even).
              (5, 2, (3, 1)), (2, 5, (1, 3))]
    shapes += [(sizes_rng.randint(1, 5000), sizes_rng.randint(1, 5000),
                (sizes_rng.randint(1, 600), sizes_rng.randint(1, 600))) for _ in range(300)]
    for width, height, size in shapes:
        sizes.append({"input_wh": [width, height], "size_wh": list(size),
                      "contain_wh": recorded_size(lambda im: ImageOps.contain(im, size), width, height),
                      "cover_wh": recorded_size(lambda im: ImageOps.cover(im, size), width, height)})
    (DATA / "pillow-imageops-sizes.json").write_text(
        json.dumps({"reference": f"Pillow {PIL.__version__}", "cases": sizes}) + "\n")
    print(f"{len(cases)} cases and {len(sizes)} sizes written with Pillow {PIL.__version__}")


if __name__ == "__main__":
    main()
