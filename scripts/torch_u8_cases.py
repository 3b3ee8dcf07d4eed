"""Writes tests/data/torch-u8/ (or the folder named as the first argument): PyTorch's
`F.interpolate` on uint8 tensors on the CPU, every mode that takes uint8, in the format of
tests/data/conformance/ (NHWC .npy files and cases.json), with a tolerance of 0: the library's
PyTorch 8-bit fixed point must give PyTorch's bytes exactly.

Without a folder named it also writes the command line's PNG cases
(tests/data/images/rgb_*.torch.png). Needs PyTorch, NumPy and Pillow (the GPU machine has them;
see ../shared/gpu/README.md; `pip install torch numpy pillow` gives them anywhere):

    python3 scripts/torch_u8_cases.py [FOLDER]

Besides the cases it prints what it checked of PyTorch itself, for the record: whether NCHW and
channels-last tensors give the same bytes, whether PyTorch's generic CPU kernels
(`ATEN_CPU_CAPABILITY=default`, a child process) give the vectorised kernels' bytes, and how
CUDA's uint8 results compare.
"""

import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F

from conformance_case import save_case, write_cases

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "torch-u8"
# (mode, align_corners, antialias): every uint8 mode of F.interpolate.
MODES = [
    ("bilinear", False, False),
    ("bilinear", True, False),
    ("bilinear", False, True),
    ("bicubic", False, False),
    ("bicubic", True, False),
    ("bicubic", False, True),
    ("nearest", None, None),
    ("nearest-exact", None, None),
    ("area", None, None),
]
# (batch, in_h, in_w, channels, out_h, out_w): shrinks and enlargements by whole and odd
# ratios (a shrink by 20 has small weights and so a fine precision), every channel count up to
# 5 (PyTorch's vectorised kernels take 1 to 4), one axis unchanged, a single row or column in
# and out, and a batch.
SHAPES = [
    (1, 12, 16, 3, 24, 40),
    (1, 30, 40, 3, 90, 100),
    (1, 47, 61, 3, 20, 15),
    (1, 64, 96, 4, 27, 41),
    (1, 40, 40, 1, 20, 20),
    (1, 33, 21, 2, 50, 7),
    (1, 17, 29, 4, 17, 58),
    (1, 23, 9, 3, 5, 9),
    (1, 1, 23, 3, 5, 9),
    (1, 19, 1, 1, 7, 4),
    (1, 9, 13, 5, 1, 1),
    (2, 15, 22, 3, 31, 11),
    (1, 200, 160, 3, 10, 8),
]
# scale_factor cases: (batch, in_h, in_w, channels, scale), recompute_scale_factor false.
SCALED = [(1, 13, 19, 3, 1.7), (1, 40, 33, 4, 0.3)]
# After the cases above (their own random stream, so that those keep their bytes): bilinear
# doublings of RGBA and RGB pixels and halvings of RGBA, antialiased and not, the shapes that the
# library's exact doubling and halving kernels take in PyTorch's fixed point (an RGB width a
# multiple of 4, a halving's input width too), and an RGB halving, which they leave to others.
EXACT_SHAPES = [
    (2, 12, 20, 4, 24, 40),
    (1, 9, 16, 3, 18, 32),
    (2, 24, 40, 4, 12, 20),
    (1, 14, 24, 3, 7, 12),
]
EXACT_MODES = [("bilinear", False, False), ("bilinear", False, True)]
# RGB halvings whose input width is a multiple of 16, which the library's RGB halving runs;
# after the cases above, so that their inputs stay as they were.
RGB_HALVING_SHAPES = [(1, 16, 32, 3, 8, 16), (2, 22, 64, 3, 11, 32)]


def interpolate(x_nhwc, mode, align_corners, antialias, channels_last, device="cpu", **size):
    x = torch.from_numpy(x_nhwc).permute(0, 3, 1, 2)
    x = x.contiguous(memory_format=torch.channels_last if channels_last else torch.contiguous_format)
    kwargs = dict(mode=mode, **size)
    if align_corners is not None:
        kwargs["align_corners"] = align_corners
        kwargs["antialias"] = antialias
    y = F.interpolate(x.to(device), **kwargs)
    return y.cpu().permute(0, 2, 3, 1).contiguous().numpy()


def all_cases():
    rng = np.random.default_rng(20261205)
    k = 0
    for mode, align_corners, antialias in MODES:
        shapes = [(s, {"size": (s[4], s[5])}) for s in SHAPES]
        if mode in ("bilinear", "bicubic") and not antialias:
            for n, h, w, c, scale in SCALED:
                oh, ow = int(h * scale), int(w * scale)
                shapes.append(((n, h, w, c, oh, ow), {"scale_factor": scale}))
        for (n, h, w, c, oh, ow), size in shapes:
            x = rng.integers(0, 256, (n, h, w, c), dtype=np.uint8)
            yield k, mode, align_corners, antialias, x, (oh, ow), size
            k += 1
    rng = np.random.default_rng(20261206)
    for mode, align_corners, antialias in EXACT_MODES:
        for n, h, w, c, oh, ow in EXACT_SHAPES:
            x = rng.integers(0, 256, (n, h, w, c), dtype=np.uint8)
            yield k, mode, align_corners, antialias, x, (oh, ow), {"size": (oh, ow)}
            k += 1
    for n, h, w, c, oh, ow in RGB_HALVING_SHAPES:
        x = rng.integers(0, 256, (n, h, w, c), dtype=np.uint8)
        yield k, "bilinear", False, False, x, (oh, ow), {"size": (oh, ow)}
        k += 1


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
    cases, notes, refused = [], [], []
    for k, mode, align_corners, antialias, x, (oh, ow), size in all_cases():
        # NCHW for even cases, channels-last for odd ones; the other form is checked below.
        channels_last = k % 2 == 1
        try:
            y = interpolate(x, mode, align_corners, antialias, channels_last, **size)
        except Exception as e:  # noqa: BLE001 (a mode PyTorch refuses on uint8: said, no case)
            refused.append(f"case {k} ({mode}): {type(e).__name__}: {str(e).splitlines()[0]}")
            continue
        assert y.shape[1:3] == (oh, ow), (y.shape, oh, ow)
        other = interpolate(x, mode, align_corners, antialias, not channels_last, **size)
        if not np.array_equal(y, other):
            notes.append(f"case {k}: NCHW and channels-last differ on {int((y != other).sum())} values")
        n, h, w, c = x.shape
        tag = mode.replace("-", "_") + ("_aa" if antialias else "") + ("_ac" if align_corners else "")
        case_id = f"torch_u8_{k:03d}_{tag}_{n}x{h}x{w}x{c}_to_{oh}x{ow}"
        params = {"library": "torch", "mode": mode}
        if "size" in size:
            params["size"] = [oh, ow]
            size_text = f"size=({oh}, {ow})"
        else:
            params["scale_factor"] = size["scale_factor"]
            params["recompute_scale_factor"] = False
            size_text = f"scale_factor={size['scale_factor']}, recompute_scale_factor=False"
        extra = ""
        if align_corners is not None:
            params["align_corners"] = align_corners
            params["antialias"] = antialias
            extra = f", align_corners={align_corners}, antialias={antialias}"
        layout = "channels_last" if channels_last else "contiguous"
        cases.append(
            save_case(
                out,
                case_id,
                x,
                y,
                reference=f"torch {torch.__version__} cpu ({torch.backends.cpu.get_cpu_capability()})",
                call=f"F.interpolate(x_nchw_uint8_{layout}, {size_text}, mode='{mode}'{extra})",
                params=params,
                tolerance=0.0,
            )
        )
    write_cases(out, cases)
    print(f"{len(cases)} cases written to {out} with torch {torch.__version__}, "
          f"CPU capability {torch.backends.cpu.get_cpu_capability()}")
    for note in notes or ["NCHW and channels-last gave the same bytes on every case"]:
        print(note)
    for note in refused:
        print(f"refused, no case: {note}")
    if len(sys.argv) <= 1:
        write_images()


def write_images():
    """The command line's images: tests/data/images/rgb.png shrunk and enlarged by PyTorch,
    antialiased bilinear and bicubic (torchvision's Resize on a uint8 tensor) and bicubic
    without antialiasing, as rgb_{mode}_{w}x{h}.torch.png."""
    from PIL import Image

    images = OUT.parent / "images"
    rgb = np.array(Image.open(images / "rgb.png").convert("RGB"))[None]
    for name, mode, antialias in [
        ("bilinear_aa", "bilinear", True),
        ("bicubic_aa", "bicubic", True),
        ("bicubic", "bicubic", False),
    ]:
        for w, h in [(20, 15), (100, 80)]:
            resized = interpolate(rgb, mode, False, antialias, False, size=(h, w))[0]
            Image.fromarray(resized).save(images / f"rgb_{name}_{w}x{h}.torch.png")


def compare(argv):
    """`compare FOLDER`: the cases against this process's own CPU kernels (run under
    ATEN_CPU_CAPABILITY=default for the generic ones) and against CUDA."""
    folder = pathlib.Path(argv[0])
    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    for device in devices:
        differing, refused = [], []
        for case in json.loads((folder / "cases.json").read_text()):
            x = np.load(folder / case["input"])
            expected = np.load(folder / case["output"])
            p = case["params"]
            size = {"size": tuple(p["size"])} if "size" in p else {"scale_factor": p["scale_factor"], "recompute_scale_factor": False}
            try:
                y = interpolate(x, p["mode"], p.get("align_corners"), p.get("antialias"), False, device, **size)
            except Exception as e:  # noqa: BLE001 (recorded, not hidden)
                refused.append(f"{case['id']}: {type(e).__name__}: {str(e).splitlines()[0]}")
                continue
            diff = np.abs(y.astype(int) - expected.astype(int))
            if diff.max() > 0:
                differing.append(f"{case['id']}: {int((diff > 0).sum())} of {diff.size} values differ, at most {diff.max()}")
        where = f"{device} ({torch.backends.cpu.get_cpu_capability()})" if device == "cpu" else device
        print(f"{where}: {len(differing)} cases differ, {len(refused)} refused")
        for line in differing + refused:
            print("  " + line)


if __name__ == "__main__":
    if sys.argv[1:2] == ["compare"]:
        compare(sys.argv[2:])
    else:
        main()
        folder = sys.argv[1] if len(sys.argv) > 1 else str(OUT)
        env = dict(os.environ, ATEN_CPU_CAPABILITY="default")
        subprocess.run([sys.executable, __file__, "compare", folder], env=env, check=False)
