"""ONNX Runtime's `Resize` (opset 19) of one NCHW array, and a conformance case of it, for the
ONNX case generators (scripts/onnx_kept_axis_cases.py, onnx_u8_cases.py).
"""

import numpy as np
import onnxruntime as ort
from onnx import TensorProto, helper

from conformance_case import save_case

# ONNX's coordinate_transformation_mode names, in the order the case generators cycle them.
COORDINATE_MODES = [
    "half_pixel",
    "half_pixel_symmetric",
    "pytorch_half_pixel",
    "align_corners",
    "asymmetric",
    "tf_crop_and_resize",
]


def run(x, out_hw, roi, attrs):
    """ONNX Runtime's Resize of NCHW `x` (uint8 or float32) to `out_hw`, with the region `roi`
    (8 numbers: starts, then ends) and the node's `attrs`."""
    n, c = x.shape[:2]
    return run_sizes(x, [n, c, *out_hw], roi, attrs)


def run_sizes(x, sizes, roi, attrs):
    """ONNX Runtime's Resize of the 4-D array `x` (uint8 or float32, in any layout) to `sizes`
    (4 numbers in `x`'s order), with the region `roi` (8 numbers in that order: starts, then
    ends) and the node's `attrs`."""
    dtype = TensorProto.UINT8 if x.dtype == np.uint8 else TensorProto.FLOAT
    node = helper.make_node("Resize", ["X", "roi", "", "sizes"], ["Y"], **attrs)
    graph = helper.make_graph(
        [node],
        "resize",
        [helper.make_tensor_value_info("X", dtype, list(x.shape))],
        [helper.make_tensor_value_info("Y", dtype, None)],
        [
            helper.make_tensor("roi", TensorProto.FLOAT, [8], roi),
            helper.make_tensor("sizes", TensorProto.INT64, [4], sizes),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    model.ir_version = 9
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return session.run(None, {"X": x})[0]


def save_onnx_case(folder, case_id, x, out_hw, roi, attrs, tolerance):
    """Runs ONNX Runtime's Resize of NCHW `x` (see `run`) and saves input and output as case
    `case_id` in `folder`, NHWC; returns its entry for cases.json."""
    y = run(x, out_hw, roi, attrs)
    sizes = [x.shape[0], x.shape[1], *out_hw]
    return save_case(
        folder,
        case_id,
        x.transpose(0, 2, 3, 1),
        y.transpose(0, 2, 3, 1),
        reference=f"onnxruntime {ort.__version__} Resize opset 19",
        call=f"Resize({attrs}, roi={roi}, sizes={sizes})",
        params={"library": "onnx", "opset": 19, "sizes": sizes, "roi": roi, "attrs": attrs},
        tolerance=tolerance,
    )
