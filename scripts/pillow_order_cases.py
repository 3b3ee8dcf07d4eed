"""Writes the running Pillow release's cases into tests/data/pillow-order/: 8-bit (and a few F)
resizes whose bytes depend on which pass Pillow runs first, in the format of
tests/data/conformance/ (NHWC .npy files and cases.json).

Pillow rounds 8-bit images to bytes between its two passes, so the order of the passes is part
of the result, and the releases order them differently:
- Pillow 12 (`Image.resize`): horizontal first, except that an image more than 100 times as tall
  as it is wide whose height shrinks is resized vertically first, in a call of its own;
- Pillow 13 (`ImagingResampleInner`): vertical first where the height shrinks by more than twice
  as many pixels as the width does, `in_h - out_h > 2 * (in_w - out_w)`.
The shapes sit on both sides of each rule. Every release's run writes the same inputs (one seed)
under ids prefixed with its major version and keeps the other releases' cases, so run it once
with each:

    pip install pillow==12.3.0 numpy && python3 scripts/pillow_order_cases.py
    pip install pillow==13.0.0 numpy && python3 scripts/pillow_order_cases.py

Tolerance 0 for 8-bit modes, 1e-5 for F.
"""

import json
import pathlib

import numpy as np
import PIL

from conformance_case import write_cases
from pillow_case import pillow_case

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "pillow-order"
# (mode, in_h, in_w, out_h, out_w, filter), with the order each release takes (v: vertical
# first, h: horizontal first) as Pillow 12 / Pillow 13.
SHAPES = [
    ("L", 40, 12, 10, 20, "BILINEAR"),  # h / v: the height shrinks, the width grows
    ("RGB", 64, 48, 16, 40, "BICUBIC"),  # h / v: 48 rows lost, 8 columns
    ("RGBA", 60, 30, 20, 36, "LANCZOS"),  # h / v, premultiplied
    ("RGB", 50, 40, 20, 25, "HAMMING"),  # h / h: 30 rows lost, twice 15 columns
    ("RGB", 51, 40, 20, 25, "HAMMING"),  # h / v: 31 rows lost
    ("L", 37, 29, 11, 23, "BOX"),  # h / v
    ("RGBA", 48, 64, 20, 56, "BILINEAR"),  # h / v, premultiplied
    ("F", 40, 12, 10, 20, "LANCZOS"),  # h / v, floats: the same to rounding
    ("L", 30, 30, 40, 20, "BICUBIC"),  # h / h: the height grows
    ("L", 205, 2, 40, 3, "BILINEAR"),  # v / v: over 100 times as tall as wide
    ("RGB", 202, 2, 150, 1, "BICUBIC"),  # v / v
    ("L", 301, 3, 299, 1, "LANCZOS"),  # v / h: 2 rows lost, 2 columns
    ("L", 200, 2, 100, 3, "BILINEAR"),  # h / v: exactly 100 times as tall
    ("RGB", 33, 17, 9, 5, "LANCZOS"),  # h / h: 24 rows lost, twice 12 columns
    ("RGB", 34, 17, 9, 5, "LANCZOS"),  # h / v: 25 rows lost
]


def main():
    major = int(PIL.__version__.split(".")[0])
    prefix = f"p{major}_"
    rng = np.random.default_rng(20261205)
    OUT.mkdir(parents=True, exist_ok=True)
    index = OUT / "cases.json"
    kept = [c for c in json.loads(index.read_text()) if not c["id"].startswith(prefix)] if index.exists() else []
    cases = []
    for k, (mode, h, w, oh, ow, name) in enumerate(SHAPES):
        case_id = f"{prefix}{k:02d}_{name.lower()}_{mode}_{h}x{w}_to_{oh}x{ow}"
        cases.append(pillow_case(OUT, case_id, rng, mode, (h, w), (oh, ow), name))
    write_cases(OUT, sorted(kept + cases, key=lambda c: c["id"]))
    print(f"{len(cases)} cases written to {OUT} with Pillow {PIL.__version__}")


if __name__ == "__main__":
    main()
