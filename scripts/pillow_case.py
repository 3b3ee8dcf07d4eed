"""One Pillow resize case in the conformance format: a random image of a Pillow mode, resized by
`Image.resize`, saved with `conformance_case.save_case`; and the size a Pillow function resizes
an image to. Imported by scripts/pillow_box_cases.py, pillow_order_cases.py, pillow_mks_cases.py,
pillow_reduce_cases.py, pillow_thumbnail_sizes.py and pillow_imageops_cases.py.
"""

import numpy as np
import PIL
from PIL import Image

from conformance_case import save_case

CHANNELS = {"F": 1, "L": 1, "RGB": 3, "RGBA": 4}


def pillow_case(
    folder,
    case_id,
    rng,
    mode,
    in_hw,
    out_hw,
    filter_name,
    *,
    transparent=False,
    box=None,
    reducing_gap=None,
    thumbnail_wh=None,
    reduce_factor=None,
):
    """Draws an `in_hw` image of `mode` from `rng` (F: floats in 0..1; 8-bit modes: bytes, RGBA
    with a fifth of its pixels transparent where `transparent`), resizes it to `out_hw` with
    `Image.Resampling.<filter_name>` (and `box` and `reducing_gap` where given), or where
    `thumbnail_wh` is given makes it a thumbnail within that size with `Image.thumbnail`'s
    defaults, or where `reduce_factor` (x, y) is given reduces it with `Image.reduce` (and `box`)
    (`out_hw` and `filter_name` then None), and saves both as `case_id`; returns the cases.json
    entry (tolerance 0 for 8-bit modes, 1e-5 for F)."""
    h, w = in_hw
    channels = CHANNELS[mode]
    if mode == "F":
        x = rng.random((h, w), dtype=np.float32)
        image = Image.fromarray(x, "F")
    else:
        x = rng.integers(0, 256, (h, w, channels), dtype=np.uint8)
        if transparent:
            x[..., 3] = np.where(rng.random((h, w)) < 0.2, 0, x[..., 3])
        image = Image.fromarray(x if channels > 1 else x[..., 0], mode)
    params = {"library": "pillow", "image_mode": mode}
    if reduce_factor is not None:
        y = np.asarray(image.reduce(tuple(reduce_factor), box=box))
        oh, ow = y.shape[0], y.shape[1]
        options = f", box={tuple(box)}" if box is not None else ""
        call = f"Image.fromarray(x, {mode!r}).reduce({tuple(reduce_factor)}{options})"
        params |= {"size_wh": [ow, oh], "reduce": list(reduce_factor)}
        if box is not None:
            params["box"] = list(box)
    elif thumbnail_wh is not None:
        image.thumbnail(tuple(thumbnail_wh))
        y = np.asarray(image)
        oh, ow = y.shape[0], y.shape[1]
        call = f"Image.fromarray(x, {mode!r}).thumbnail({tuple(thumbnail_wh)})"
        params |= {"thumbnail_wh": list(thumbnail_wh), "size_wh": [ow, oh], "filter": "BICUBIC"}
    else:
        oh, ow = out_hw
        options = ""
        if box is not None:
            options += f", box={tuple(box)}"
        if reducing_gap is not None:
            options += f", reducing_gap={reducing_gap}"
        resample = getattr(Image.Resampling, filter_name)
        y = np.asarray(image.resize((ow, oh), resample, box=box, reducing_gap=reducing_gap))
        call = f"Image.fromarray(x, {mode!r}).resize(({ow}, {oh}), Image.Resampling.{filter_name}{options})"
        params |= {"size_wh": [ow, oh], "filter": filter_name}
        if box is not None:
            params["box"] = list(box)
        if reducing_gap is not None:
            params["reducing_gap"] = reducing_gap
    return save_case(
        folder,
        case_id,
        x.reshape(1, h, w, channels),
        y.reshape(1, oh, ow, channels),
        reference=f"Pillow {PIL.__version__}",
        call=call,
        params=params,
        tolerance=1e-5 if mode == "F" else 0.0,
    )


def recorded_size(operation, width, height):
    """The size `operation(image)` resizes a `width` x `height` image to (as `[w, h]`), or None
    where it resizes nothing: read with `Image.resize` replaced by a recorder, so that no pixel
    is resized (the functions read nothing but the size before resizing)."""
    sizes = []

    def record(self, size, *args, **kwargs):
        sizes.append(list(size))
        return self

    image = Image.new("L", (1, 1))
    image._size = (width, height)
    original = Image.Image.resize
    Image.Image.resize = record
    try:
        operation(image)
    finally:
        Image.Image.resize = original
    return sizes[0] if sizes else None
