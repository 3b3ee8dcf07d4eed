"""Writes tests/data/onnx-u8/: ONNX Resize (opset 19) with `antialias=1` on uint8 tensors, run by
ONNX Runtime, in the format of tests/data/conformance/ (NHWC .npy files and cases.json), at
tolerance 0: `linear` and `cubic` (coefficients -0.75 and -0.5), `exclude_outside` 0 and 1,
every `coordinate_transformation_mode` (`tf_crop_and_resize` with a region reaching past the
input, whose outside rows take `extrapolation_value`), shrinks and enlargements, one axis kept
at its size now and then. Beside them, float32 cases of antialiased `linear` with
`exclude_outside=1` (tolerance 1e-4), which leaves the taps past an edge out for linear as for
cubic.

    pip install onnxruntime==1.32.0 onnx numpy
    python3 scripts/onnx_u8_cases.py
"""

import pathlib

import numpy as np
import onnxruntime as ort

from conformance_case import write_cases
from onnx_resize import COORDINATE_MODES, save_onnx_case

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "onnx-u8"
MAPPINGS = COORDINATE_MODES


def main():
    rng = np.random.default_rng(20261205)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for k in range(36):
        u8 = k < 30
        mode = "linear" if (k % 2 == 0 or not u8) else "cubic"
        attrs = {
            "mode": mode,
            "antialias": 1,
            "coordinate_transformation_mode": MAPPINGS[k % len(MAPPINGS)] if u8 else "half_pixel",
            "exclude_outside": int(k % 4 >= 2) if u8 else 1,
        }
        if mode == "cubic":
            attrs["cubic_coeff_a"] = [-0.75, -0.5][(k // 2) % 2]
        roi = [0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]
        if attrs["coordinate_transformation_mode"] == "tf_crop_and_resize":
            attrs["extrapolation_value"] = float(rng.integers(0, 256))
            y0, x0 = (float(v) for v in rng.uniform(-0.3, 0.4, 2))
            y1, x1 = (float(v) for v in rng.uniform(0.6, 1.3, 2))
            roi = [0.0, 0.0, y0, x0, 1.0, 1.0, y1, x1]
        c = int(rng.integers(1, 5))
        h, w = (int(v) for v in rng.integers(1, 48, 2))
        oh, ow = (int(v) for v in rng.integers(1, 48, 2))
        if k % 7 == 3:
            oh = h
        elif k % 7 == 5:
            ow = w
        if u8:
            x = rng.integers(0, 256, (1, c, h, w), dtype=np.uint8)
        else:
            x = rng.random((1, c, h, w), dtype=np.float32)
        kind = "u8" if u8 else "f32"
        case_id = f"onnx_{kind}_{k:02d}_{mode}_{h}x{w}_to_{oh}x{ow}"
        cases.append(save_onnx_case(OUT, case_id, x, (oh, ow), roi, attrs, 0.0 if u8 else 1e-4))
    write_cases(OUT, cases)
    print(f"{len(cases)} cases written to {OUT} with onnxruntime {ort.__version__}")


if __name__ == "__main__":
    main()
