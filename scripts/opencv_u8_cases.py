"""Writes tests/data/opencv-u8/: cv2.resize INTER_LINEAR, INTER_LANCZOS4, INTER_LINEAR_EXACT and
INTER_AREA on 8-bit images (and INTER_LINEAR and INTER_LINEAR_EXACT enlargements and shrinks by
2), in the format of tests/data/conformance/ (NHWC .npy files and cases.json), with a tolerance
of 0: the library's OpenCV fixed point must give OpenCV's bytes exactly.

    python3 -m venv v && v/bin/pip install opencv-python-headless numpy
    v/bin/python scripts/opencv_u8_cases.py
"""

import pathlib

import cv2
import numpy as np

from conformance_case import save_case, write_cases

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "opencv-u8"
# (batch, in_h, in_w, channels, out_h, out_w): shrinks and enlargements by whole and odd
# ratios, every channel count, a single row or column in and out, and a batch.
INTERPOLATIONS = ["INTER_LINEAR", "INTER_LANCZOS4", "INTER_LINEAR_EXACT", "INTER_AREA"]
SHAPES = [
    (1, 12, 16, 3, 24, 40),
    (1, 30, 40, 3, 90, 100),
    (1, 47, 61, 3, 20, 15),
    (1, 64, 96, 4, 27, 41),
    (1, 40, 40, 1, 20, 20),
    (1, 33, 21, 2, 50, 7),
    (1, 17, 29, 4, 17, 58),
    (1, 1, 23, 3, 5, 9),
    (1, 19, 1, 1, 7, 4),
    (1, 9, 13, 3, 1, 1),
    (2, 15, 22, 3, 31, 11),
    (1, 64, 64, 3, 32, 32),
]
# (batch, in_h, in_w, channels): enlargements by exactly 2, which the RGB doubling runs in
# OpenCV's arithmetic where the width is a multiple of 4 (the smallest input it takes, 3 x 4, a
# batch, and a width it does not take); after the cases above, so that their inputs stay as
# they were.
DOUBLED = ["INTER_LINEAR", "INTER_LINEAR_EXACT"]
DOUBLINGS = [
    (1, 12, 16, 3),
    (2, 9, 20, 3),
    (1, 3, 4, 3),
    (1, 31, 44, 3),
    (1, 10, 18, 3),
    (1, 17, 24, 4),
]
# (batch, in_h, in_w, channels): shrinks by exactly 2, which the library's halvings run where
# the width is a multiple of 4 (RGBA) or 16 (RGB); the last RGB width is not. After the cases
# above, so that their inputs stay as they were.
HALVED = ["INTER_LINEAR", "INTER_LINEAR_EXACT"]
HALVINGS = [
    (1, 16, 32, 4),
    (2, 10, 20, 4),
    (1, 18, 64, 3),
    (2, 12, 40, 3),
]


def main():
    rng = np.random.default_rng(20261205)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    shapes = [(name, shape) for name in INTERPOLATIONS for shape in SHAPES]
    shapes += [(name, (n, h, w, c, 2 * h, 2 * w)) for name in DOUBLED for (n, h, w, c) in DOUBLINGS]
    shapes += [(name, (n, h, w, c, h // 2, w // 2)) for name in HALVED for (n, h, w, c) in HALVINGS]
    for k, (name, (n, h, w, c, oh, ow)) in enumerate(shapes):
        flag = getattr(cv2, name)
        x = rng.integers(0, 256, (n, h, w, c), dtype=np.uint8)
        y = np.stack(
            [cv2.resize(image, (ow, oh), interpolation=flag).reshape(oh, ow, c) for image in x]
        )
        case_id = f"cv_u8_{k:02d}_{name}_{n}x{h}x{w}x{c}_to_{oh}x{ow}"
        cases.append(
            save_case(
                OUT,
                case_id,
                x,
                y,
                reference=f"opencv {cv2.__version__}",
                call=f"cv2.resize(x_hwc_uint8, ({ow}, {oh}), interpolation=cv2.{name})",
                params={"library": "opencv", "dsize_wh": [ow, oh], "interpolation": name},
                tolerance=0.0,
            )
        )
    write_cases(OUT, cases)
    print(f"{len(cases)} cases written to {OUT}")
    # The command line's images: tests/data/images/rgb.png shrunk and enlarged by cv2 itself
    # (read and written as BGR, which resizes each channel alike).
    images = OUT.parent / "images"
    rgb = cv2.imread(str(images / "rgb.png"), cv2.IMREAD_UNCHANGED)
    for name, flag in [
        ("linear", cv2.INTER_LINEAR),
        ("lanczos4", cv2.INTER_LANCZOS4),
        ("linear_exact", cv2.INTER_LINEAR_EXACT),
    ]:
        for w, h in [(20, 15), (100, 80)]:
            resized = cv2.resize(rgb, (w, h), interpolation=flag)
            cv2.imwrite(str(images / f"rgb_{name}_{w}x{h}.opencv.png"), resized)


if __name__ == "__main__":
    main()
