"""Writes tests/data/pillow-thumbnail-sizes.json: the size `Image.thumbnail(bound)` gives images
of random and extreme sizes (null where Pillow leaves the image as it is), read from Pillow's own
`Image.thumbnail` with `Image.resize` replaced by a recorder, so that no pixel is resized.

    pip install pillow==13.0.0 && python3 scripts/pillow_thumbnail_sizes.py
"""

import json
import pathlib
import random

import PIL

from pillow_case import recorded_size

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "pillow-thumbnail-sizes.json"


def thumbnail_size(width, height, bound):
    return recorded_size(lambda image: image.thumbnail(bound, reducing_gap=None), width, height)


def main():
    rng = random.Random(20261205)
    cases = []
    extremes = [(1, 1, (1, 1)), (1, 1000, (10, 10)), (1000, 1, (10, 10)), (640, 480, (640, 480)),
                (640, 480, (700, 100)), (640, 480, (100, 700)), (3, 2, (1, 1)), (99, 100, (98, 98))]
    for width, height, bound in extremes:
        cases.append({"input_wh": [width, height], "bound_wh": list(bound),
                      "size_wh": thumbnail_size(width, height, bound)})
    for _ in range(400):
        width, height = rng.randint(1, 5000), rng.randint(1, 5000)
        bound = (rng.randint(1, 600), rng.randint(1, 600))
        cases.append({"input_wh": [width, height], "bound_wh": list(bound),
                      "size_wh": thumbnail_size(width, height, bound)})
    OUT.write_text(json.dumps({"reference": f"Pillow {PIL.__version__}", "cases": cases}) + "\n")
    print(f"{len(cases)} sizes written to {OUT}")


if __name__ == "__main__":
    main()
