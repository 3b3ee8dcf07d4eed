#!/usr/bin/env python3
"""The PyTorch peer of `wgresize bench --frames`: a video frame's RGBA bytes, already on the GPU
as a uint8 tensor (1, h, w, 4), made into a model's input as a PyTorch program writes it: the
first channels, as planes, as floats in 0..1, resized by `F.interpolate(mode='bilinear',
antialias=True)` (what torchvision's `Resize` runs on tensors) and, in the normalised cases,
`(x - mean) / std` by the ImageNet statistics as torchvision's `Normalize` computes it
(`sub_`, `div_`). Prints JSON on stdout.

Each case is timed as `scripts/torch_peer.py` times a call (`median_us`: CUDA graph replays
back to back behind a backlog, medians of 200), with the frames taken in turn from as many
inputs as `wgresize bench --frames` takes them from, so that neither reads a frame still in the
L2 cache: one replay holds one call per input, and each call's time is the replay's over the
calls.
"""
import json
import sys

import torch
import torch.nn.functional as F

from torch_peer import (BACKLOG_MS, LETTERBOX_FILL, letterbox_geometry, sleep_cycles_per_us,
                        time_back_to_back_us)

# (h, w, out_h, out_w, channels, layout, dtype, normalized): the cases of
# `wgresize bench --frames`.
CASES = [
    (1080, 1920, 224, 224, 3, "nchw", torch.float32, False),
    (2160, 3840, 224, 224, 3, "nchw", torch.float32, False),
    (1080, 1920, 360, 640, 3, "nchw", torch.float32, False),
    (1080, 1920, 224, 224, 3, "nchw", torch.float16, False),
    (1080, 1920, 224, 224, 4, "nhwc", torch.float32, False),
    (1080, 1920, 224, 224, 3, "nchw", torch.float32, True),
    (1080, 1920, 224, 224, 3, "nchw", torch.float16, True),
]
# A detector's letterbox of a 1080p frame into 640x640 planes: bilinear without antialiasing to
# 640x360, then F.pad with the grey 114/255 (wgresize's `letterbox` case).
LETTERBOXES = [(1080, 1920, 640, 640, 3, "nchw", torch.float32, False)]
# torchvision's ImageNet statistics, as `Normalization::IMAGENET`.
IMAGENET_MEAN = (0.485, 0.456, 0.406)
IMAGENET_STD = (0.229, 0.224, 0.225)
# Bytes of distinct frames between two uses of one, as `wgresize bench --frames` (STREAM_BYTES,
# at most 16 frames).
STREAM_BYTES = 128 << 20


def model_input(frame, oh, ow, c, layout, dtype, stats, letterbox=False):
    """What a PyTorch program writes: channels sliced, planes by permute (channels_last
    strides kept for NHWC output), scaled to 0..1, resized (or letterboxed), and normalised
    where `stats` holds the (mean, std) tensors."""
    x = frame[..., :c].permute(0, 3, 1, 2).to(dtype).div_(255.0)
    if layout == "nchw":
        x = x.contiguous()
    if letterbox:
        image, bands = letterbox_geometry(frame.shape[1], frame.shape[2], oh, ow)
        x = F.interpolate(x, size=image, mode="bilinear", align_corners=False)
        return F.pad(x, bands, value=LETTERBOX_FILL)
    x = F.interpolate(x, size=(oh, ow), mode="bilinear", align_corners=False, antialias=True)
    if stats is not None:
        mean, std = stats
        x = x.sub_(mean).div_(std)
    return x


def main():
    cycles_per_us = sleep_cycles_per_us()
    results = []
    cases = [case + (False,) for case in CASES] + [case + (True,) for case in LETTERBOXES]
    for h, w, oh, ow, c, layout, dtype, normalized, letterbox in cases:
        frame_bytes = h * w * 4
        count = max(1, min(16, -(-STREAM_BYTES // frame_bytes)))
        frames = [torch.randint(0, 256, (1, h, w, 4), dtype=torch.uint8, device="cuda")
                  for _ in range(count)]
        stats = None
        if normalized:
            shape = (1, c, 1, 1)
            stats = tuple(torch.tensor(v[:c], dtype=dtype, device="cuda").view(shape)
                          for v in (IMAGENET_MEAN, IMAGENET_STD))
        us, method = time_back_to_back_us(
            lambda: [model_input(f, oh, ow, c, layout, dtype, stats, letterbox) for f in frames],
            cycles_per_us)
        us /= count
        out = model_input(frames[0], oh, ow, c, layout, dtype, stats, letterbox)
        dtype_name = str(dtype).removeprefix("torch.")
        results.append(dict(h=h, w=w, out_h=oh, out_w=ow, c=c, layout=layout, dtype=dtype_name,
                            normalized=normalized, letterbox=letterbox, median_us=us,
                            method=method, frames=count,
                            output_strides=list(out.stride())))
        label = (" imagenet" if normalized else "") + (" letterbox" if letterbox else "")
        print(f"torch {h}x{w} rgba8 -> {c} {layout} {oh}x{ow} {dtype_name}{label}: {us:.1f} us "
              f"a frame ({method}, {count} frames)", file=sys.stderr)
        del frames
    backlog = f"behind a {BACKLOG_MS:g} ms backlog" if cycles_per_us else "without a backlog"
    json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                   timing=f"cuda_events: median of graph replays {backlog}, one call per frame "
                          "a replay, over the frames",
                   results=results), sys.stdout, indent=1)


if __name__ == "__main__":
    main()
