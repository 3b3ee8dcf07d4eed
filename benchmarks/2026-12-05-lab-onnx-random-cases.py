# Lab record, 2026-12-05: random ONNX Resize cases (opset 19; every mode, coordinate mode, nearest
# mode, cubic a and exclude_outside, antialias for linear and cubic; 1 to 3 channels; sizes 1 to
# 70) run by ONNX Runtime and through `wgresize conformance DIR` (auto path, lavapipe), binary of
# 1d11bff. Partly understood since (below); the nearest ties are left open:
#  - ONNX Runtime 1.32.0, seed 1: 294 of 300 passed; ONNX Runtime 1.30.0 (the bundled cases'
#    version), same seed: 292 of 298 (2 refused by ORT: narrowing_error), the same 6 failing:
#    o030 nearest half_pixel_symmetric floor 39x27 -> 13x5 (ORT picks rows 0, 3, 7, 10, 13, 15, 19,
#      ...; f32 and f64 forms of the spec's formula give 1, 4, 7, 10, 13, 16, 19, ...),
#    o069 nearest pytorch_half_pixel round_prefer_floor 35x48 -> 24x56,
#    o105 and o195 nearest tf_crop_and_resize (ceil, floor),
#    o064 linear and o269 cubic, antialiased, tf_crop_and_resize.
#  So ONNX Runtime computes some nearest coordinates (and antialiased crops) in a way the
#  library's f32 emulation (weights.rs `edge_centre_f32`) does not reproduce yet. Leads:
#  - ONNX Runtime's half_pixel_symmetric (upsamplebase.h) adds `(x + 0.5) / scale - 0.5` with
#    double literals: offset (f32) + ((double)x + 0.5) / scale - 0.5, then cast to f32. That
#    gives o030's rows (0, 3, 7, 10, 13, 15, ...); the library computed it all in f32. Followed
#    since (weights.rs; on1 with ORT 1.32: 295 of 300, the other 5 above still open).
#  - One-row nearest resizes 1..40 -> 1..60, every nearest mode (9600 each), ORT 1.30: the
#    library's f32 form `(x + 0.5f) / (out/in) - 0.5f` misses 31 (pytorch_half_pixel) and 35
#    (half_pixel); f64 forms miss 92 to 111, multiplying by in/out 274. None matches all, so
#    ORT's nearest path computes its coordinates in some other way, not found yet.
#  - Later the same day, ORT 1.30, one-row nearest resizes 1..40 -> 1..60 (2400 a mode) against
#    ORT's own formula (upsamplebase.h: scale = (float)out / (float)in, coordinate
#    `(x + 0.5f) / scale - 0.5f` in f32, `round_prefer_floor` as `x == (int64)x + 0.5f ? floor :
#    round`): floor and ceil match on all 2400 for half_pixel and pytorch_half_pixel; the round
#    modes differ only on ties. There ORT decides as if the coordinate were exact in some
#    shapes (14 -> 19, output 9: f32 gives 6.5000005, ORT takes 6 under prefer_floor) and as
#    f32 in others (36 -> 21, output 17: exact 29.5, f32 29.500002, ORT takes 30). No form tried
#    matches every tie: f32 (17 misses prefer_floor, 18 prefer_ceil), f64 with the f32 scale
#    (17, 18), exact or f64 (4, 7), products by in/out or 1/scale, with or without a fused
#    multiply-add (32 to 138). Left open.
#  - The tf_crop_and_resize failures (o064, o105, o195, o269) each had an axis kept at its size:
#    ONNX Runtime leaves such an axis (scale 1) as it is, ignoring roi there, in every mode
#    (numpy emulation of its antialiased kernels matched o064 and o269 to 0.0 that way). Followed
#    in presets::onnx; seeds 1, 2 and 3 now fail 1 case each (o069; o048 and o213, nearest
#    asymmetric round_prefer_ceil ties), all the nearest ties above. tests/data/onnx-kept-axis
#    holds 8 such cases (all 8 failed before). ONNX Runtime 1.32.0, seed 1: 299 of 300 (o069);
#    it writes the same bytes as 1.30.0 for the 8 kept-axis cases.
# Run: python3 -m venv v && v/bin/pip install onnxruntime onnx numpy; v/bin/python THIS OUT_DIR SEED
import json, pathlib, sys, numpy as np, onnx, onnxruntime as ort
from onnx import helper, TensorProto
out = pathlib.Path(sys.argv[1]); out.mkdir(parents=True, exist_ok=True)
rng = np.random.default_rng(int(sys.argv[2]))
ctms = ["half_pixel", "half_pixel_symmetric", "pytorch_half_pixel", "align_corners", "asymmetric", "tf_crop_and_resize"]
nms = ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"]
cases = []
for k in range(300):
    mode = ["nearest", "linear", "cubic"][k % 3]
    ctm = ctms[rng.integers(0, len(ctms))]
    c = int(rng.integers(1, 4)); h, w = int(rng.integers(1, 50)), int(rng.integers(1, 50)); oh, ow = int(rng.integers(1, 70)), int(rng.integers(1, 70))
    attrs = {"mode": mode, "coordinate_transformation_mode": ctm}
    if mode == "nearest": attrs["nearest_mode"] = nms[rng.integers(0, 4)]
    if mode == "cubic":
        attrs["cubic_coeff_a"] = float(rng.choice([-0.5, -0.75])); attrs["exclude_outside"] = int(rng.integers(0, 2))
    if mode != "nearest" and rng.random() < 0.3:
        attrs["antialias"] = 1
    roi = []
    if ctm == "tf_crop_and_resize":
        y0, x0 = rng.uniform(-0.2, 0.5, 2); y1, x1 = rng.uniform(0.5, 1.2, 2)
        roi = [0, 0, float(y0), float(x0), 1, 1, float(y1), float(x1)]; attrs["extrapolation_value"] = 0.0
    x = rng.random((1, c, h, w), dtype=np.float32)
    node = helper.make_node("Resize", ["X", "roi", "", "sizes"], ["Y"], **attrs)
    g = helper.make_graph([node], "g", [helper.make_tensor_value_info("X", TensorProto.FLOAT, [1, c, h, w])],
                          [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)],
                          [helper.make_tensor("roi", TensorProto.FLOAT, [len(roi)], roi), helper.make_tensor("sizes", TensorProto.INT64, [4], [1, c, oh, ow])])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 19)]); m.ir_version = 9
    try:
        y = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"X": x})[0]
    except Exception as e:
        print("refused", attrs, str(e)[:80]); continue
    cid = f"o{k:03d}"; np.save(out / f"{cid}.in.npy", x.transpose(0, 2, 3, 1)); np.save(out / f"{cid}.out.npy", y.transpose(0, 2, 3, 1))
    cases.append({"id": cid, "input": f"{cid}.in.npy", "output": f"{cid}.out.npy", "in_shape": [1, h, w, c], "out_shape": [1, oh, ow, c], "dtype": "float32",
                  "reference": "onnxruntime", "call": f"{attrs} {h}x{w}->{oh}x{ow}", "params": {"library": "onnx", "opset": 19, "sizes": [1, c, oh, ow], "roi": roi, "attrs": attrs}, "tolerance_max_abs": 1e-4})
(out / "cases.json").write_text(json.dumps(cases)); print(len(cases))
