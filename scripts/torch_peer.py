#!/usr/bin/env python3
"""PyTorch's CUDA F.interpolate on the `wgresize bench` shapes: the peer measured in the same run.

Each shape is timed as NCHW (PyTorch's default) and channels_last (NHWC, the layout wgresize
benches), f32, half-pixel bilinear, plus bilinear antialias and bicubic as in gpu/README.md.
Every iteration is timed with its own CUDA events after warm-up; the median is reported.
Prints JSON on stdout.
"""
import json
import statistics
import sys

import torch
import torch.nn.functional as F

SHAPES = [(1, 192, 320, 4, 4.0), (1, 384, 640, 4, 2.0), (1, 768, 1280, 4, 0.25),
          (1, 768, 1280, 4, 0.5), (1, 1080, 1920, 4, 2.0), (1, 2160, 3840, 4, 0.5)]
MODES = [("bilinear", dict(mode="bilinear", align_corners=False)),
         ("bilinear_aa", dict(mode="bilinear", align_corners=False, antialias=True)),
         ("bicubic", dict(mode="bicubic", align_corners=False))]


def time_us(fn, warmup=20, iters=200):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(iters):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1000.0)
    return statistics.median(times)


def main():
    results = []
    for n, h, w, c, scale in SHAPES:
        out = (max(1, round(h * scale)), max(1, round(w * scale)))
        for fmt in ("nchw", "channels_last"):
            x = torch.randn(n, c, h, w, device="cuda")
            if fmt == "channels_last":
                x = x.contiguous(memory_format=torch.channels_last)
            for name, kwargs in MODES:
                us = time_us(lambda: F.interpolate(x, size=out, **kwargs))
                results.append(dict(n=n, h=h, w=w, c=c, out_h=out[0], out_w=out[1],
                                    layout=fmt, mode=name, median_us=us))
                print(f"torch {fmt} {name} {n}x{h}x{w}x{c} -> {out}: {us:.1f} us", file=sys.stderr)
    json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                   timing="cuda_events", results=results), sys.stdout, indent=1)


if __name__ == "__main__":
    main()
