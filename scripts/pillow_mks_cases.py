"""Writes tests/data/pillow-mks/: Pillow 13's Magic Kernel Sharp filters (`MKS2013`, support 2.5,
and `MKS2021`, support 4.5) on enlargements, shrinks and mixed shapes in modes F, L, RGB and
RGBA, in the format of tests/data/conformance/ (NHWC .npy files and cases.json). Tolerance 0 for
8-bit modes, 1e-5 for F. Pillow 12 has neither filter.

    pip install pillow==13.0.0 numpy
    python3 scripts/pillow_mks_cases.py
"""

import pathlib

import numpy as np
import PIL

from conformance_case import write_cases
from pillow_case import pillow_case

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "pillow-mks"
# (mode, in_h, in_w, out_h, out_w)
SHAPES = [
    ("F", 9, 13, 31, 40),  # enlargement
    ("F", 47, 39, 12, 9),  # shrink: the support widens
    ("F", 1, 25, 1, 7),
    ("L", 12, 16, 30, 21),
    ("L", 53, 41, 17, 20),
    ("L", 40, 12, 10, 20),  # the height shrinks, the width grows: vertical first
    ("RGB", 24, 32, 37, 51),
    ("RGB", 64, 48, 21, 16),
    ("RGB", 31, 29, 31, 11),  # one axis kept
    ("RGBA", 20, 18, 45, 33),
    ("RGBA", 50, 60, 19, 23),
    ("RGBA", 7, 5, 3, 2),
]


def main():
    rng = np.random.default_rng(20261205)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for name in ["MKS2013", "MKS2021"]:
        for k, (mode, h, w, oh, ow) in enumerate(SHAPES):
            case_id = f"{name.lower()}_{k:02d}_{mode}_{h}x{w}_to_{oh}x{ow}"
            case = pillow_case(OUT, case_id, rng, mode, (h, w), (oh, ow), name, transparent=mode == "RGBA")
            cases.append(case)
    write_cases(OUT, cases)
    print(f"{len(cases)} cases written to {OUT} with Pillow {PIL.__version__}")


if __name__ == "__main__":
    main()
