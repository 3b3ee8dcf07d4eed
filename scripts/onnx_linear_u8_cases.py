"""Writes tests/data/onnx-linear-u8/: ONNX Resize (opset 19), plain `linear` (no antialias) on
uint8 tensors, run by ONNX Runtime, in the format of tests/data/conformance/ (NHWC .npy files
and cases.json), at tolerance 0. ONNX Runtime picks its kernel by the layout its scales imply,
so each case says the layout of the tensor it ran on (`params.layout`): NCHW tensors take its
f32 steps, NHWC ones its integers, and NHWC ones whose height is kept its f32 steps across
the channels. Every `coordinate_transformation_mode` (`tf_crop_and_resize` with a region
reaching past the input and a fractional or out-of-range `extrapolation_value`, which ONNX
Runtime casts to a byte), shrinks and enlargements, an axis kept at its size now and then, and
images of few levels, where its truncation of sums just under a whole number shows most.

    pip install onnxruntime==1.32.0 onnx numpy
    python3 scripts/onnx_linear_u8_cases.py
"""

import pathlib

import numpy as np
import onnxruntime as ort

from conformance_case import save_case, write_cases
from onnx_resize import COORDINATE_MODES, run_sizes

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "onnx-linear-u8"
MAPPINGS = COORDINATE_MODES


def case(k, layout, mapping, attrs, x, out_hw, region):
    """Runs ONNX Runtime's Resize of NHWC bytes `x` to `out_hw` in `layout` (x transposed to
    NCHW for "NCHW"), the crop `region` ([y0, x0, y1, x1]) given as its `roi`, and saves case
    `k`, NHWC; returns its entry for cases.json."""
    n, h, w, c = x.shape
    (oh, ow), (y0, x0, y1, x1) = out_hw, region
    if layout == "NCHW":
        sizes = [n, c, oh, ow]
        roi = [0.0, 0.0, y0, x0, 1.0, 1.0, y1, x1]
        y = run_sizes(np.ascontiguousarray(x.transpose(0, 3, 1, 2)), sizes, roi, attrs)
        y = y.transpose(0, 2, 3, 1)
    else:
        sizes = [n, oh, ow, c]
        roi = [0.0, y0, x0, 0.0, 1.0, y1, x1, 1.0]
        y = run_sizes(x, sizes, roi, attrs)
    return save_case(
        OUT,
        f"onnx_linear_u8_{k:02d}_{layout.lower()}_{mapping}_{h}x{w}_to_{oh}x{ow}",
        x,
        np.ascontiguousarray(y),
        reference=f"onnxruntime {ort.__version__} Resize opset 19",
        call=f"Resize({attrs}, roi={roi}, sizes={sizes}) on {layout}",
        params={
            "library": "onnx",
            "opset": 19,
            "layout": layout,
            "sizes": sizes,
            "roi": roi,
            "attrs": attrs,
        },
        tolerance=0.0,
    )


def main():
    rng = np.random.default_rng(20261206)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for k in range(48):
        layout = "NHWC" if k % 2 else "NCHW"
        mapping = MAPPINGS[(k // 2) % len(MAPPINGS)]
        attrs = {"mode": "linear", "coordinate_transformation_mode": mapping}
        region = [0.0, 0.0, 1.0, 1.0]
        if mapping == "tf_crop_and_resize":
            attrs["extrapolation_value"] = float(
                rng.choice([rng.integers(0, 256), rng.uniform(-20.0, 300.0)])
            )
            y0, x0 = (float(v) for v in rng.uniform(-0.3, 0.4, 2))
            y1, x1 = (float(v) for v in rng.uniform(0.6, 1.3, 2))
            region = [y0, x0, y1, x1]
        n = 2 if k % 11 == 4 else 1
        c = int(rng.integers(1, 5))
        h, w = (int(v) for v in rng.integers(1, 40, 2))
        oh, ow = (int(v) for v in rng.integers(1, 40, 2))
        if k % 8 in (3, 6):
            oh = h
        elif k % 8 == 5:
            ow = w
        x = rng.integers(0, 256, (n, h, w, c), dtype=np.uint8)
        if k % 3 == 0:
            # Few levels: flat runs whose sums land on whole numbers or just under them.
            x = (x // 64 * 85).astype(np.uint8)
        cases.append(case(k, layout, mapping, attrs, x, (oh, ow), region))
    # Doublings of RGB pixels, which the library runs on its RGB doubling (NHWC, widths a
    # multiple of 4) and its quad gather (NCHW): four NHWC, two NCHW.
    for k in range(48, 54):
        layout = "NHWC" if k < 52 else "NCHW"
        mapping = ["half_pixel", "pytorch_half_pixel", "asymmetric", "align_corners"][k % 4]
        attrs = {"mode": "linear", "coordinate_transformation_mode": mapping}
        h, w = int(rng.integers(2, 30)), 4 * int(rng.integers(1, 10))
        x = rng.integers(0, 256, (1, h, w, 3), dtype=np.uint8)
        if k % 2 == 0:
            x = (x // 64 * 85).astype(np.uint8)
        cases.append(case(k, layout, mapping, attrs, x, (2 * h, 2 * w), [0.0, 0.0, 1.0, 1.0]))
    # NHWC halvings of RGBA and RGB pixels (input widths a multiple of 4 and 16), which the
    # library runs on its exact halvings in ONNX Runtime's integers: half of them in few levels,
    # whose truncated sums show a rounding that should not be there.
    for k in range(54, 58):
        mapping = ["half_pixel", "pytorch_half_pixel", "asymmetric", "half_pixel"][k % 4]
        attrs = {"mode": "linear", "coordinate_transformation_mode": mapping}
        c = 4 if k % 2 == 0 else 3
        h, w = 2 * int(rng.integers(1, 15)), 16 * int(rng.integers(1, 5))
        x = rng.integers(0, 256, (1 + k % 2, h, w, c), dtype=np.uint8)
        if k < 56:
            x = (x // 64 * 85).astype(np.uint8)
        cases.append(case(k, "NHWC", mapping, attrs, x, (h // 2, w // 2), [0.0, 0.0, 1.0, 1.0]))
    write_cases(OUT, cases)
    print(f"{len(cases)} cases written to {OUT} with onnxruntime {ort.__version__}")


if __name__ == "__main__":
    main()
