"""One Pillow resize case in the conformance format: a random image of a Pillow mode, resized by
`Image.resize`, saved with `conformance_case.save_case`. Imported by scripts/pillow_box_cases.py,
pillow_order_cases.py and pillow_mks_cases.py.
"""

import numpy as np
import PIL
from PIL import Image

from conformance_case import save_case

CHANNELS = {"F": 1, "L": 1, "RGB": 3, "RGBA": 4}


def pillow_case(folder, case_id, rng, mode, in_hw, out_hw, filter_name, *, transparent=False):
    """Draws an `in_hw` image of `mode` from `rng` (F: floats in 0..1; 8-bit modes: bytes, RGBA
    with a fifth of its pixels transparent where `transparent`), resizes it to `out_hw` with
    `Image.Resampling.<filter_name>` and saves both as `case_id`; returns the cases.json entry
    (tolerance 0 for 8-bit modes, 1e-5 for F)."""
    (h, w), (oh, ow) = in_hw, out_hw
    channels = CHANNELS[mode]
    if mode == "F":
        x = rng.random((h, w), dtype=np.float32)
        image = Image.fromarray(x, "F")
    else:
        x = rng.integers(0, 256, (h, w, channels), dtype=np.uint8)
        if transparent:
            x[..., 3] = np.where(rng.random((h, w)) < 0.2, 0, x[..., 3])
        image = Image.fromarray(x if channels > 1 else x[..., 0], mode)
    y = np.asarray(image.resize((ow, oh), getattr(Image.Resampling, filter_name)))
    return save_case(
        folder,
        case_id,
        x.reshape(1, h, w, channels),
        y.reshape(1, oh, ow, channels),
        reference=f"Pillow {PIL.__version__}",
        call=f"Image.fromarray(x, {mode!r}).resize(({ow}, {oh}), Image.Resampling.{filter_name})",
        params={"library": "pillow", "image_mode": mode, "size_wh": [ow, oh], "filter": filter_name},
        tolerance=1e-5 if mode == "F" else 0.0,
    )
