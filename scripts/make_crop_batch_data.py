"""Writes tests/data/crop_batch/: ONNX Runtime's own outputs for batched crop-and-resize.

Each case is a batch of source images (NHWC, f32), a list of boxes (image index and
[y1, x1, y2, x2] as fractions of size - 1, TensorFlow's convention, some flipped or reaching
outside the image) and one ONNX Runtime `Resize` per box with
`coordinate_transformation_mode = tf_crop_and_resize` and the box as `roi`; the expected
output stacks those results in box order. Run: python3 scripts/make_crop_batch_data.py
(needs numpy, onnx, onnxruntime).
"""

import json
import pathlib

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "crop_batch"


def ort_resize(image, box, size, mode, extrapolation):
    """ONNX Runtime's Resize of one HWC image over `box` to `size` (opset 19, axes H and W).

    Run on the image as NCHW: ONNX Runtime's cubic mode takes 4-D inputs only that way.
    """
    h, w, c = image.shape
    node = helper.make_node(
        "Resize",
        ["X", "roi", "", "sizes"],
        ["Y"],
        mode=mode,
        coordinate_transformation_mode="tf_crop_and_resize",
        extrapolation_value=extrapolation,
        nearest_mode="round_prefer_floor",
        cubic_coeff_a=-0.75,
        axes=[2, 3],
    )
    graph = helper.make_graph(
        [node],
        "crop",
        [
            helper.make_tensor_value_info("X", TensorProto.FLOAT, [1, c, h, w]),
            helper.make_tensor_value_info("roi", TensorProto.FLOAT, [4]),
            helper.make_tensor_value_info("sizes", TensorProto.INT64, [2]),
        ],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    model.ir_version = 9
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    y1, x1, y2, x2 = box
    (result,) = session.run(
        None,
        {
            "X": np.ascontiguousarray(image.transpose(2, 0, 1)[None]),
            "roi": np.array([y1, x1, y2, x2], np.float32),
            "sizes": np.array(size, np.int64),
        },
    )
    return result[0].transpose(1, 2, 0)


def main():
    rng = np.random.default_rng(20261130)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    plans = [
        ("linear", 2, (13, 17), 4, (7, 5), 0.0),
        ("linear", 1, (9, 11), 3, (4, 6), 0.25),
        ("nearest", 2, (12, 10), 4, (6, 7), -1.0),
        ("cubic", 2, (15, 14), 4, (5, 8), 0.5),
        ("linear", 3, (8, 9), 1, (1, 5), 0.0),
    ]
    for index, (mode, images, (h, w), c, size, extrapolation) in enumerate(plans):
        source = rng.random((images, h, w, c), dtype=np.float32)
        boxes = []
        for _ in range(9):
            y1, y2 = sorted(rng.uniform(-0.2, 1.2, 2))
            x1, x2 = sorted(rng.uniform(-0.2, 1.2, 2))
            if rng.random() < 0.2:
                y1, y2 = y2, y1  # a flipped box
            image = int(rng.integers(images))
            # Coordinates as f32, the precision in which both runtimes read them.
            coords = [float(np.float32(v)) for v in (y1, x1, y2, x2)]
            boxes.append({"image": image, "box": coords})
        expected = np.stack(
            [ort_resize(source[b["image"]], b["box"], size, mode, extrapolation) for b in boxes]
        )
        name = f"c{index}_{mode}"
        np.save(OUT / f"{name}.in.npy", source)
        np.save(OUT / f"{name}.out.npy", expected.astype(np.float32))
        cases.append(
            {
                "name": name,
                "mode": mode,
                "output": list(size),
                "extrapolation_value": extrapolation,
                "boxes": boxes,
            }
        )
    meta = {"producer": f"onnxruntime {ort.__version__}, onnx {onnx.__version__}", "cases": cases}
    (OUT / "cases.json").write_text(json.dumps(meta, indent=1) + "\n")


if __name__ == "__main__":
    main()
