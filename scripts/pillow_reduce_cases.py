"""Writes tests/data/pillow-reduce/: Pillow's two-step resizes, `Image.resize(..,
reducing_gap=g)` (with and without a box) and `Image.thumbnail` (whose gap is 2), and
`Image.reduce` (with and without a box), in modes F, L, RGB and RGBA, on shapes whose blocks
do not divide the image, in the format of tests/data/conformance/ (NHWC .npy files and
cases.json). Run once under each release; each
writes its own cases (ids `p12_` or `p13_`) and keeps the other's:

    pip install pillow==13.0.0 numpy && python3 scripts/pillow_reduce_cases.py
    pip install pillow==12.3.0 numpy && python3 scripts/pillow_reduce_cases.py

Pillow 12 has no MKS filters, and its `Image.resize` drops the gap for RGBA images.
"""

import json
import pathlib

import numpy as np
import PIL

from conformance_case import write_cases
from pillow_case import pillow_case

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "pillow-reduce"
# (mode, in_h, in_w, out_h, out_w, filter, reducing_gap, box as Pillow's (left, top, right, bottom))
RESIZES = [
    ("F", 64, 48, 9, 7, "BICUBIC", 2.0, None),
    ("F", 50, 75, 10, 12, "LANCZOS", 1.0, None),
    ("F", 33, 47, 5, 6, "BILINEAR", 3.0, (3.25, 2.5, 44.75, 30.5)),
    ("L", 64, 48, 9, 7, "BICUBIC", 2.0, None),
    ("L", 61, 45, 7, 11, "LANCZOS", 1.5, None),
    ("L", 40, 90, 13, 9, "BOX", 2.0, None),
    ("L", 37, 53, 6, 5, "HAMMING", 1.0, (4.0, 3.5, 50.0, 33.25)),
    ("L", 90, 20, 10, 19, "BICUBIC", 2.0, None),  # reduced 23 x 20 -> 10 x 19: vertical first in 13
    ("RGB", 48, 64, 11, 8, "BICUBIC", 2.0, None),
    ("RGB", 70, 31, 9, 10, "LANCZOS", 2.0, None),  # only the height reduces
    ("RGB", 45, 45, 4, 4, "BILINEAR", 1.0, (7.0, 5.0, 44.0, 40.0)),
    ("RGBA", 64, 64, 10, 10, "BICUBIC", 2.0, None),
    ("RGBA", 53, 67, 8, 9, "LANCZOS", 1.25, None),
    ("RGBA", 30, 90, 6, 7, "BOX", 3.0, (2.5, 1.0, 88.0, 29.0)),
    ("L", 50, 60, 7, 9, "MKS2013", 2.0, None),
    ("RGB", 41, 66, 6, 8, "MKS2021", 1.5, None),
    # Boxes of whole pixels as large as the output, which Pillow copies instead of resampling
    # (the magic kernels would sharpen them): after a reduction by 4, and without a gap.
    ("L", 60, 56, 10, 10, "MKS2013", 1.0, (8.0, 4.0, 48.0, 44.0)),
    ("RGB", 30, 30, 10, 12, "MKS2021", None, (5.0, 7.0, 17.0, 17.0)),
    # Boxes whose corners f32 does not hold: Pillow's C code takes their length as the f32
    # difference of the f32 corners (after a reduction, whose box is in thirds; and without).
    ("RGB", 40, 21, 9, 6, "HAMMING", 1.0, (2.25, 6.5, 20.5, 39.5)),
    ("L", 30, 31, 7, 9, "BILINEAR", None, (1 / 3, 2 / 3, 30.1, 29.9)),
]
# Image.reduce: (mode, in_h, in_w, factor as (x, y), box as Pillow's (left, top, right, bottom))
REDUCES = [
    ("L", 37, 53, (3, 3), None),
    ("RGB", 40, 30, (2, 5), None),
    ("RGBA", 33, 45, (4, 3), None),
    ("F", 29, 31, (5, 2), None),
    ("L", 50, 50, (3, 1), (5, 7, 44, 47)),
    ("RGB", 20, 26, (1, 1), (3, 2, 20, 17)),  # a factor of 1: the box copied
    ("RGBA", 64, 64, (2, 2), None),
    ("L", 9, 7, (8, 10), None),  # factors past the image: one partial block
]
# (mode, in_h, in_w, bound as (width, height))
THUMBNAILS = [
    ("L", 100, 80, (30, 30)),
    ("RGB", 64, 96, (20, 20)),
    ("RGBA", 120, 50, (40, 16)),
    ("F", 77, 59, (12, 12)),
]


def main():
    release = PIL.__version__.split(".")[0]
    prefix = f"p{release}_"
    rng = np.random.default_rng(20261206 + int(release))
    OUT.mkdir(parents=True, exist_ok=True)
    cases_file = OUT / "cases.json"
    kept = json.loads(cases_file.read_text()) if cases_file.exists() else []
    kept = [case for case in kept if not case["id"].startswith(prefix)]
    cases = []
    for k, (mode, h, w, oh, ow, name, gap, box) in enumerate(RESIZES):
        if name.startswith("MKS") and release == "12":
            continue
        gap_text = f"_gap{gap}" if gap is not None else ""
        case_id = f"{prefix}{k:02d}_{name.lower()}_{mode}_{h}x{w}_to_{oh}x{ow}{gap_text}"
        cases.append(
            pillow_case(OUT, case_id, rng, mode, (h, w), (oh, ow), name,
                        transparent=mode == "RGBA", box=box, reducing_gap=gap)
        )
    for k, (mode, h, w, bound) in enumerate(THUMBNAILS):
        case_id = f"{prefix}thumbnail_{k:02d}_{mode}_{h}x{w}_within_{bound[0]}x{bound[1]}"
        cases.append(
            pillow_case(OUT, case_id, rng, mode, (h, w), None, "BICUBIC",
                        transparent=mode == "RGBA", thumbnail_wh=bound)
        )
    for k, (mode, h, w, factor, box) in enumerate(REDUCES):
        case_id = f"{prefix}reduce_{k:02d}_{mode}_{h}x{w}_by_{factor[0]}x{factor[1]}"
        cases.append(
            pillow_case(OUT, case_id, rng, mode, (h, w), None, None,
                        transparent=mode == "RGBA", box=box, reduce_factor=factor)
        )
    write_cases(OUT, kept + cases)
    print(f"{len(cases)} cases written to {OUT} with Pillow {PIL.__version__}")


if __name__ == "__main__":
    main()
