"""The conformance format that the case generators write (tests/data/conformance/README.md): a
case's NHWC input and output as .npy files beside its entry in cases.json. Imported by
scripts/opencv_u8_cases.py, torch_u8_cases.py, torch_f32_edge_cases.py and, through
scripts/pillow_case.py, the Pillow case generators.
"""

import json

import numpy as np


def save_case(folder, case_id, x, y, *, reference, call, params, tolerance):
    """Saves NHWC arrays `x` and `y` as `case_id`'s input and output in `folder`; returns the
    case's entry for cases.json (its dtype, uint8 or float32, from `x`)."""
    np.save(folder / f"{case_id}.in.npy", x)
    np.save(folder / f"{case_id}.out.npy", y)
    return {
        "id": case_id,
        "input": f"{case_id}.in.npy",
        "output": f"{case_id}.out.npy",
        "in_shape": [int(d) for d in x.shape],
        "out_shape": [int(d) for d in y.shape],
        "dtype": "uint8" if x.dtype == np.uint8 else "float32",
        "reference": reference,
        "call": call,
        "params": params,
        "tolerance_max_abs": tolerance,
    }


def write_cases(folder, cases):
    """Writes `folder`/cases.json."""
    (folder / "cases.json").write_text(json.dumps(cases, indent=1) + "\n")
