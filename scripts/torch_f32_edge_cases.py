"""Writes tests/data/torch-f32-edges/: `F.interpolate` on float32 tensors on the CPU where a
stated scale factor (recompute_scale_factor=False) keeps an axis at its size, in the format of
tests/data/conformance/ (NHWC .npy files and cases.json). PyTorch's separable kernels (bilinear,
antialiased or not, and antialiased bicubic) copy such an axis whatever the scale; its other
kernels (bicubic, nearest, nearest-exact) map it by the scale.

    pip install torch numpy
    python3 scripts/torch_f32_edge_cases.py
"""

import pathlib

import numpy as np
import torch
import torch.nn.functional as F

from conformance_case import save_case, write_cases

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "torch-f32-edges"
MODES = [
    ("bilinear", False, False),
    ("bilinear", False, True),
    ("bilinear", True, False),
    ("bicubic", False, False),
    ("bicubic", False, True),
    ("nearest", None, None),
    ("nearest-exact", None, None),
]
# (in_h, in_w, channels, scale_y, scale_x): the first axis kept (floor(in * scale) == in), the
# second scaled; then both kept.
SHAPES = [(58, 30, 3, 1.014, 1.5), (23, 40, 1, 1.04, 0.7), (9, 7, 4, 1.1, 1.12)]


def main():
    rng = np.random.default_rng(20261205)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for k, ((mode, align_corners, antialias), (h, w, c, sy, sx)) in enumerate(
        (m, s) for m in MODES for s in SHAPES
    ):
        x = rng.random((1, h, w, c), dtype=np.float32)
        kwargs = dict(mode=mode, scale_factor=(sy, sx), recompute_scale_factor=False)
        params = {"library": "torch", "mode": mode, "recompute_scale_factor": False}
        if align_corners is not None:
            kwargs.update(align_corners=align_corners, antialias=antialias)
            params.update(align_corners=align_corners, antialias=antialias)
        y = F.interpolate(torch.from_numpy(x).permute(0, 3, 1, 2), **kwargs)
        y = y.permute(0, 2, 3, 1).contiguous().numpy()
        oh, ow = y.shape[1:3]
        assert oh == h, (h, sy, oh)
        case_id = f"torch_f32_edge_{k:02d}_{mode.replace('-', '_')}_{h}x{w}x{c}_to_{oh}x{ow}"
        cases.append(
            save_case(
                OUT,
                case_id,
                x,
                y,
                reference=f"torch {torch.__version__} cpu",
                call=f"F.interpolate(x_nchw_float32, **{kwargs})",
                params={**params, "scale_factor": [sy, sx]},
                tolerance=1e-5,
            )
        )
    write_cases(OUT, cases)
    print(f"{len(cases)} cases written to {OUT}")


if __name__ == "__main__":
    main()
