"""ONNX Runtime's `Resize` (opset 19) of one NCHW array, for the ONNX case generators
(scripts/onnx_kept_axis_cases.py, onnx_u8_cases.py).
"""

import numpy as np
import onnxruntime as ort
from onnx import TensorProto, helper


def run(x, out_hw, roi, attrs):
    """ONNX Runtime's Resize of NCHW `x` (uint8 or float32) to `out_hw`, with the region `roi`
    (8 numbers: starts, then ends) and the node's `attrs`."""
    n, c, h, w = x.shape
    dtype = TensorProto.UINT8 if x.dtype == np.uint8 else TensorProto.FLOAT
    node = helper.make_node("Resize", ["X", "roi", "", "sizes"], ["Y"], **attrs)
    sizes = [n, c, *out_hw]
    graph = helper.make_graph(
        [node],
        "resize",
        [helper.make_tensor_value_info("X", dtype, [n, c, h, w])],
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
