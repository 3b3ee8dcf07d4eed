"""Writes tests/data/pillow-box/: Pillow's BOX filter on shrinks where a tap lies exactly (to
rounding) on the edge of the box, in the format of tests/data/conformance/ (NHWC .npy files and
cases.json). Pillow takes the taps from `(int)(center - support + 0.5)` to
`(int)(center + support + 0.5)`; a tap past those bounds whose distance rounds inside the box
is not one of them, and the box weighs it 1, so the output moves by a whole tap. Each case
changes one axis only, so that the order of Pillow's passes (which Pillow 13 changed for
some shapes) cannot matter. Tolerance 0 for 8-bit modes, 1e-5 for F.

    pip install pillow numpy
    python3 scripts/pillow_box_cases.py
"""

import pathlib

import numpy as np
import PIL

from conformance_case import write_cases
from pillow_case import pillow_case

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "pillow-box"
# (mode, in_h, in_w, out_h, out_w): widths or heights whose ratio puts a tap on the box's edge.
SHAPES = [
    ("F", 1, 13, 1, 6),
    ("F", 1, 17, 1, 10),
    ("F", 19, 1, 12, 1),
    ("F", 23, 3, 14, 3),
    ("F", 5, 29, 5, 22),
    ("F", 33, 2, 20, 2),
    ("L", 1, 23, 1, 20),
    ("L", 27, 4, 22, 4),
    ("RGB", 45, 47, 45, 26),
    ("RGB", 47, 45, 26, 45),
    ("RGB", 8, 35, 8, 12),
    ("RGB", 31, 6, 18, 6),
]


def main():
    rng = np.random.default_rng(20261205)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for k, (mode, h, w, oh, ow) in enumerate(SHAPES):
        case_id = f"pillow_box_{k:02d}_{mode}_{h}x{w}_to_{oh}x{ow}"
        cases.append(pillow_case(OUT, case_id, rng, mode, (h, w), (oh, ow), "BOX"))
    write_cases(OUT, cases)
    print(f"{len(cases)} cases written to {OUT} with Pillow {PIL.__version__}")


if __name__ == "__main__":
    main()
