"""Writes tests/data/onnx-kept-axis/: ONNX Resize (opset 19) with `tf_crop_and_resize` where one
axis keeps its size, run by ONNX Runtime, in the format of tests/data/conformance/ (NHWC .npy
files and cases.json). ONNX Runtime leaves an axis whose scale is 1 as it is, so the region of
`roi` on that axis is not applied; the other axis is cropped and resized. Every mode: nearest
with each nearest_mode, linear, cubic, and linear and cubic antialiased. Tolerance 1e-4.

    pip install onnxruntime==1.30.0 onnx numpy
    python3 scripts/onnx_kept_axis_cases.py
"""

import pathlib

import numpy as np
import onnxruntime as ort

from conformance_case import write_cases
from onnx_resize import save_onnx_case

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "onnx-kept-axis"
NODES = [
    {"mode": "nearest", "nearest_mode": "round_prefer_floor"},
    {"mode": "nearest", "nearest_mode": "round_prefer_ceil"},
    {"mode": "nearest", "nearest_mode": "floor"},
    {"mode": "nearest", "nearest_mode": "ceil"},
    {"mode": "linear"},
    {"mode": "cubic", "cubic_coeff_a": -0.5},
    {"mode": "linear", "antialias": 1},
    {"mode": "cubic", "cubic_coeff_a": -0.75, "antialias": 1},
]


def main():
    rng = np.random.default_rng(20261205)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for k, base in enumerate(NODES):
        attrs = dict(base, coordinate_transformation_mode="tf_crop_and_resize", extrapolation_value=0.0)
        c = int(rng.integers(1, 4))
        h, w = int(rng.integers(5, 30)), int(rng.integers(5, 30))
        # Even cases keep the height, odd ones the width; the other axis grows or shrinks.
        other = int(rng.integers(2, 45))
        oh, ow = (h, other) if k % 2 == 0 else (other, w)
        y0, x0 = (float(v) for v in rng.uniform(-0.2, 0.45, 2))
        y1, x1 = (float(v) for v in rng.uniform(0.55, 1.2, 2))
        roi = [0.0, 0.0, y0, x0, 1.0, 1.0, y1, x1]
        x = rng.random((1, c, h, w), dtype=np.float32)
        case_id = f"onnx_kept_{k:02d}_{base['mode']}_{h}x{w}_to_{oh}x{ow}"
        cases.append(save_onnx_case(OUT, case_id, x, (oh, ow), roi, attrs, 1e-4))
    write_cases(OUT, cases)
    print(f"{len(cases)} cases written to {OUT} with onnxruntime {ort.__version__}")


if __name__ == "__main__":
    main()
