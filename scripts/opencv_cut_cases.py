"""Writes tests/data/opencv-cuts/: cv2.resize of a slice of the image,
`cv2.resize(x[top:bottom, left:right], (w, h), interpolation=...)`, on 8-bit images (every
interpolation the library runs in OpenCV's own 8-bit arithmetic, and INTER_NEAREST and INTER_AREA
where it shrinks, which it runs exactly) and on float images, in the format of
tests/data/conformance/ (NHWC .npy files of the whole image and cases.json, the slice in
`params.cut` as [top, left, bottom, right]). The slice's edges are the resized image's own: its
borders clamp there, not at the whole image's. Tolerance 0 on 8-bit images (OpenCV's bytes
exactly), 1e-4 on floats.

    python3 -m venv v && v/bin/pip install opencv-python-headless numpy
    v/bin/python scripts/opencv_cut_cases.py
"""

import pathlib

import cv2
import numpy as np

from conformance_case import save_case, write_cases

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "opencv-cuts"
# (interpolation, dtype, (in_h, in_w, channels), [top, left, bottom, right], (out_h, out_w)):
# slices inside the image, on each of its edges and the whole of one axis, enlarged and shrunk
# by whole and odd ratios, one row or column of them, every channel count.
CASES = [
    ("INTER_LINEAR", np.uint8, (40, 60, 3), [5, 7, 25, 39], (48, 70)),
    ("INTER_LINEAR", np.uint8, (40, 60, 3), [0, 0, 17, 23], (9, 11)),
    ("INTER_LINEAR", np.uint8, (32, 48, 4), [10, 20, 32, 48], (44, 56)),
    ("INTER_LINEAR", np.uint8, (30, 30, 1), [0, 4, 30, 9], (61, 20)),
    ("INTER_LINEAR", np.uint8, (24, 36, 3), [8, 12, 16, 24], (16, 24)),
    ("INTER_LANCZOS4", np.uint8, (40, 60, 3), [5, 7, 25, 39], (48, 70)),
    ("INTER_LANCZOS4", np.uint8, (36, 50, 2), [3, 30, 33, 50], (13, 9)),
    ("INTER_LINEAR_EXACT", np.uint8, (40, 60, 3), [5, 7, 25, 39], (48, 70)),
    ("INTER_LINEAR_EXACT", np.uint8, (28, 44, 4), [0, 11, 27, 44], (10, 40)),
    ("INTER_AREA", np.uint8, (40, 60, 3), [5, 7, 25, 39], (48, 70)),
    ("INTER_AREA", np.uint8, (48, 64, 3), [6, 8, 42, 56], (12, 16)),
    ("INTER_NEAREST", np.uint8, (40, 60, 3), [5, 7, 25, 39], (31, 13)),
    ("INTER_LINEAR", np.float32, (40, 60, 3), [5, 7, 25, 39], (48, 70)),
    ("INTER_CUBIC", np.float32, (40, 60, 4), [0, 9, 21, 60], (33, 17)),
    ("INTER_LANCZOS4", np.float32, (30, 30, 1), [2, 2, 28, 11], (13, 40)),
]


def main():
    rng = np.random.default_rng(20261206)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for k, (name, dtype, (h, w, c), cut, (oh, ow)) in enumerate(CASES):
        top, left, bottom, right = cut
        if dtype == np.uint8:
            x = rng.integers(0, 256, (h, w, c), dtype=np.uint8)
        else:
            x = rng.random((h, w, c), dtype=np.float32)
        y = cv2.resize(x[top:bottom, left:right], (ow, oh), interpolation=getattr(cv2, name))
        kind = "u8" if dtype == np.uint8 else "f32"
        case_id = f"cv_cut_{k:02d}_{name}_{kind}_{h}x{w}x{c}_{top}-{bottom}x{left}-{right}_to_{oh}x{ow}"
        cases.append(
            save_case(
                OUT,
                case_id,
                x[None],
                y.reshape(1, oh, ow, c),
                reference=f"opencv {cv2.__version__}",
                call=(
                    f"cv2.resize(x_hwc[{top}:{bottom}, {left}:{right}], ({ow}, {oh}), "
                    f"interpolation=cv2.{name})"
                ),
                params={
                    "library": "opencv",
                    "dsize_wh": [ow, oh],
                    "interpolation": name,
                    "cut": cut,
                },
                tolerance=0.0 if dtype == np.uint8 else 1e-4,
            )
        )
    write_cases(OUT, cases)
    print(f"{len(cases)} cases written to {OUT}")
    # The command line's image: a slice of tests/data/images/rgb.png (61 x 47) resized by cv2
    # itself (read and written as BGR, which resizes each channel alike), for `--cut 10,5,50,40`.
    images = OUT.parent / "images"
    rgb = cv2.imread(str(images / "rgb.png"), cv2.IMREAD_UNCHANGED)
    for name, flag in [("linear", cv2.INTER_LINEAR), ("lanczos4", cv2.INTER_LANCZOS4)]:
        for w, h in [(40, 30), (23, 17)]:
            resized = cv2.resize(rgb[5:45, 10:60], (w, h), interpolation=flag)
            cv2.imwrite(str(images / f"rgb_cut_{name}_{w}x{h}.opencv.png"), resized)


if __name__ == "__main__":
    main()
