"""Writes tests/data/padding/: padded resizes as the libraries make them, in the format of
tests/data/conformance/ (NHWC .npy files and cases.json):
- Pillow's `ImageOps.pad(image, size, method, color, centering)` in modes F, L, RGB and RGBA
  (params: `imageops: "pad"`, `requested_wh`, `centering`, and `color` where one is given: a
  number, the same value in every channel, or a colour, a list of one value per channel);
- the letterbox of YOLO-style detectors: `cv2.resize` to the aspect-keeping size, then
  `cv2.copyMakeBorder(.., cv2.BORDER_CONSTANT, value=fill)` (params: `letterbox_wh`,
  `scale_up`, `fill` (a number or one per channel), and `dsize_wh`, the size `cv2.resize` was
  given), on 8-bit and float images. The letterbox is written out below as the detectors'
  preprocessing computes it.
The cases with colours come after the others, so that adding them left the others' inputs as
they were.

    pip install pillow==13.0.0 numpy opencv-python-headless && python3 scripts/padding_cases.py
"""

import pathlib

import cv2
import numpy as np
import PIL
from PIL import Image, ImageOps

from conformance_case import save_case, write_cases
from pillow_case import CHANNELS

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "padding"
# (mode, in_h, in_w, size as (w, h), filter, color, centering as (x, y))
PADS = [
    ("RGB", 48, 64, (20, 20), "BICUBIC", None, (0.5, 0.5)),
    ("RGB", 61, 37, (30, 30), "LANCZOS", 128, (0.5, 0.5)),
    ("L", 40, 90, (16, 24), "BILINEAR", 7, (0.0, 1.0)),
    ("RGBA", 40, 90, (30, 30), "BICUBIC", None, (0.5, 0.5)),
    ("F", 33, 47, (25, 12), "HAMMING", 0.25, (1.0, 0.3)),
    ("RGB", 25, 40, (9, 9), "BICUBIC", None, (0.5, 0.5)),  # an odd leftover: 12.5 rounds to 12
    ("L", 50, 50, (64, 40), "BOX", 200, (2.0, -1.0)),  # centering clamped to 0..1
    ("RGB", 30, 40, (48, 36), "BICUBIC", None, (0.5, 0.5)),  # contained at the size: no bands
]
# (channels, dtype, in_h, in_w, canvas as (h, w), interpolation, scale_up, fill)
LETTERBOXES = [
    (3, np.uint8, 54, 96, (64, 64), "INTER_LINEAR", True, 114),
    (3, np.uint8, 96, 54, (64, 64), "INTER_LINEAR", True, 114),
    (3, np.uint8, 27, 41, (64, 64), "INTER_LINEAR", True, 114),  # an enlargement
    (3, np.uint8, 27, 41, (64, 64), "INTER_LINEAR", False, 114),  # left at its size
    (3, np.uint8, 81, 160, (32, 48), "INTER_LINEAR", True, 0),
    (1, np.uint8, 45, 77, (40, 40), "INTER_LANCZOS4", True, 114),
    (4, np.uint8, 33, 70, (36, 36), "INTER_LINEAR_EXACT", True, 114),
    (3, np.uint8, 90, 60, (30, 30), "INTER_AREA", True, 114),
    (3, np.float32, 54, 96, (64, 64), "INTER_LINEAR", True, 0.5),
    (3, np.float32, 61, 50, (20, 28), "INTER_CUBIC", True, 0.447),
]
# Bands of a colour, one value per channel: Pillow's `color=(r, g, b)`, and a letterbox in a
# dataset's mean colour (in the image's channel order).
COLOURED_PADS = [
    ("RGB", 48, 64, (20, 20), "BICUBIC", (255, 128, 0), (0.5, 0.5)),
    ("RGBA", 40, 90, (30, 30), "LANCZOS", (10, 20, 30, 255), (0.5, 0.5)),
    ("RGB", 61, 37, (30, 30), "BILINEAR", (1, 2, 3), (0.2, 0.7)),
]
COLOURED_LETTERBOXES = [
    (3, np.uint8, 54, 96, (64, 64), "INTER_LINEAR", True, (104, 117, 123)),
    (4, np.uint8, 33, 70, (36, 36), "INTER_LINEAR_EXACT", True, (0, 64, 128, 255)),
    (3, np.float32, 96, 54, (40, 40), "INTER_LINEAR", True, (0.485, 0.456, 0.406)),
]


def letterbox(image, new_shape, interpolation, scale_up, fill):
    """The detectors' letterbox of `image` into `new_shape` (h, w), centred; returns the image
    and the size cv2.resize was given (w, h)."""
    shape = image.shape[:2]
    r = min(new_shape[0] / shape[0], new_shape[1] / shape[1])
    if not scale_up:
        r = min(r, 1.0)
    new_unpad = int(round(shape[1] * r)), int(round(shape[0] * r))
    dw, dh = (new_shape[1] - new_unpad[0]) / 2, (new_shape[0] - new_unpad[1]) / 2
    if shape[::-1] != new_unpad:
        image = cv2.resize(image, new_unpad, interpolation=interpolation)
    top, bottom = int(round(dh - 0.1)), int(round(dh + 0.1))
    left, right = int(round(dw - 0.1)), int(round(dw + 0.1))
    # Every channel the fill, or each its own (cv2 pads a fourth channel with the Scalar's
    # fourth value).
    value = tuple(fill) if isinstance(fill, tuple) else (fill,) * 4
    image = cv2.copyMakeBorder(image, top, bottom, left, right, cv2.BORDER_CONSTANT,
                               value=value)
    return image, new_unpad


def pad_cases(rng, pads):
    """The cases of `pads`, numbered pairs of a number and a row of PADS."""
    cases = []
    for k, (mode, h, w, size, name, color, centering) in pads:
        channels = CHANNELS[mode]
        if mode == "F":
            x = rng.random((h, w), dtype=np.float32).reshape(h, w, 1)
            image = Image.fromarray(x[..., 0], "F")
            fill = color
        else:
            x = rng.integers(0, 256, (h, w, channels), dtype=np.uint8)
            if mode == "RGBA":
                x[..., 3] = np.where(rng.random((h, w)) < 0.2, 0, x[..., 3])
            image = Image.fromarray(x if channels > 1 else x[..., 0], mode)
            if color is None or isinstance(color, tuple) or channels == 1:
                fill = color
            else:
                fill = (color,) * channels
        method = getattr(Image.Resampling, name)
        y = np.asarray(ImageOps.pad(image, size, method, fill, centering))
        y = y.reshape(y.shape[0], y.shape[1], -1)
        call = (f"ImageOps.pad(Image.fromarray(x, {mode!r}), {size}, Image.Resampling.{name}, "
                f"{fill!r}, {centering})")
        params = {"library": "pillow", "image_mode": mode, "size_wh": list(size), "filter": name,
                  "imageops": "pad", "requested_wh": list(size), "centering": list(centering)}
        if color is not None:
            params["color"] = list(color) if isinstance(color, tuple) else color
        cases.append(save_case(OUT, f"pad_{k:02d}_{mode}_{h}x{w}_to_{size[0]}x{size[1]}",
                               x.reshape(1, h, w, channels), y.reshape(1, *y.shape),
                               reference=f"Pillow {PIL.__version__}", call=call, params=params,
                               tolerance=1e-5 if mode == "F" else 0.0))
    return cases


def letterbox_cases(rng, letterboxes):
    """The cases of `letterboxes`, numbered pairs of a number and a row of LETTERBOXES."""
    cases = []
    for k, (c, dtype, h, w, canvas, name, scale_up, fill) in letterboxes:
        if dtype == np.uint8:
            x = rng.integers(0, 256, (h, w, c), dtype=np.uint8)
        else:
            x = rng.random((h, w, c), dtype=np.float32)
        y, dsize = letterbox(x if c > 1 else x[..., 0], canvas, getattr(cv2, name), scale_up, fill)
        y = y.reshape(canvas[0], canvas[1], c)
        call = (f"letterbox(x, new_shape={canvas}, cv2.{name}, scaleup={scale_up}, "
                f"fill={fill}) (cv2.resize, then cv2.copyMakeBorder)")
        params = {"library": "opencv", "interpolation": name, "dsize_wh": list(dsize),
                  "letterbox_wh": [canvas[1], canvas[0]], "scale_up": scale_up,
                  "fill": list(fill) if isinstance(fill, tuple) else fill}
        # OpenCV's shrinking INTER_AREA and INTER_CUBIC on bytes compute in floats: a level
        # apart at a few values (presets::opencv says where).
        exact = dtype == np.uint8 and name not in ("INTER_AREA", "INTER_CUBIC")
        tolerance = 0.0 if exact else (1.0 if dtype == np.uint8 else 1e-5)
        cases.append(save_case(OUT, f"letterbox_{k:02d}_{c}ch_{dtype.__name__}_{h}x{w}_to_"
                                    f"{canvas[1]}x{canvas[0]}_{name.lower()}",
                               x.reshape(1, h, w, c), y.reshape(1, *y.shape),
                               reference=f"OpenCV {cv2.__version__}", call=call, params=params,
                               tolerance=tolerance))
    return cases


def main():
    rng = np.random.default_rng(20261205)
    OUT.mkdir(parents=True, exist_ok=True)
    cases = pad_cases(rng, enumerate(PADS))
    cases += letterbox_cases(rng, enumerate(LETTERBOXES))
    cases += pad_cases(rng, enumerate(COLOURED_PADS, len(PADS)))
    cases += letterbox_cases(rng, enumerate(COLOURED_LETTERBOXES, len(LETTERBOXES)))
    write_cases(OUT, cases)
    print(f"{len(cases)} cases written with Pillow {PIL.__version__} and OpenCV {cv2.__version__}")


if __name__ == "__main__":
    main()
