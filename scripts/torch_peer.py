#!/usr/bin/env python3
"""PyTorch's CUDA F.interpolate on the `wgresize bench --extended` shapes: the peer measured in
the same run.

Each shape (n, h, w, c, out_h, out_w) is timed as NCHW (PyTorch's default) and channels_last (NHWC, the layout wgresize
benches), f32; the two large bilinear shapes also in f16 (the peer of wgresize's f16 rows).
Standard shapes are also timed as `nearest-exact`, the peer of wgresize's one-tap rows. Bilinear shapes are also timed as bilinear antialias and bicubic (as in
gpu/README.md); antialiased shapes as the matching antialiased mode; the letterbox as
F.interpolate then F.pad with the detectors' grey. Prints JSON on stdout.

Two timings of each case, medians of 200:
- `median_us`: the call captured in a CUDA graph and replayed back to back, with events between
  replays, behind untimed replays queued for about 30 ms of GPU time, so that the clocks are up,
  and behind a kernel that keeps the GPU busy for `BACKLOG_MS` while the CPU queues the timed
  replays (as wgresize's own timing: each resize's GPU time, recorded ahead in one submission,
  with the GPU already working). Without that backlog, a call shorter on the GPU than a
  replay's launch on the CPU (5 to 15 µs here) was timed at the CPU's launch rate: on the
  H200, the x0.25 seed's NCHW call took 15.2 µs in one round and 6.1 in the next, and the
  one-output call 9.6 to 15.1 µs against 3.7 to 4.1 with it (BENCHMARKS.md tuning log item
  91). Where capture fails, the call itself back to back (`method` says which).
- `in_one_graph_us`: `GRAPH_CALLS` calls, each on an input of its own, captured in one CUDA
  graph and replayed back to back as above, each replay's time over `GRAPH_CALLS`: what a call
  adds to a stream of different frames, the peer of wgresize's `in_one_pass_us` (its resizes
  ten to a compute pass, on buffer pairs taken in turn).
- `eager_us`: each call alone between its own two events, waited for before the next: what a
  Python caller sees of one call on an idle GPU, launch latency included. Runs before
  2026-12-01 reported only this, as `median_us`.
"""
import json
import statistics
import sys

import torch
import torch.nn.functional as F

BILINEAR = dict(mode="bilinear", align_corners=False)
MODES = {
    "nearest": dict(mode="nearest-exact"),
    "bilinear": BILINEAR,
    "bilinear_antialias": dict(BILINEAR, antialias=True),
    "bicubic": dict(mode="bicubic", align_corners=False),
    "bicubic_antialias": dict(mode="bicubic", align_corners=False, antialias=True),
}


def scaled(n, h, w, c, s):
    return (n, h, w, c, max(1, round(h * s)), max(1, round(w * s)))


STANDARD = [scaled(1, 192, 320, 4, 4.0), scaled(1, 384, 640, 4, 2.0), scaled(1, 768, 1280, 4, 0.25),
            scaled(1, 768, 1280, 4, 0.5), scaled(1, 1080, 1920, 4, 2.0), scaled(1, 2160, 3840, 4, 0.5)]
F32, F16 = torch.float32, torch.float16
CASES = [(shape, mode, F32) for shape in STANDARD
         for mode in ("nearest", "bilinear", "bilinear_antialias", "bicubic")]
CASES += [
    ((1, 2160, 3840, 4, 1080, 1920), "bicubic_antialias", F32),
    ((1, 2160, 3840, 4, 224, 224), "bicubic_antialias", F32),
    ((32, 512, 512, 4, 224, 224), "bilinear_antialias", F32),
    (STANDARD[4], "bilinear", F16),
    (STANDARD[5], "bilinear", F16),
    # Three channels (wgresize's NCHW and RGB rows; NCHW is PyTorch's own layout).
    ((32, 512, 512, 3, 224, 224), "bilinear_antialias", F32),
    ((1, 1080, 1920, 3, 2160, 3840), "bilinear", F32),
    ((1, 2160, 3840, 3, 1080, 1920), "bicubic_antialias", F32),
    # One output: the fixed cost of a timed call, beside wgresize's one-output row.
    ((1, 2, 2, 4, 1, 1), "bilinear", F32),
    # A detector's letterbox of a 1080p frame into 640x640: bilinear, then F.pad with grey.
    ((1, 1080, 1920, 3, 640, 640), "letterbox", F32),
]
# Normalised by the ImageNet statistics after the resize, as torchvision's `Normalize`
# (`sub_`, `div_`): the peers of wgresize's `imagenet` rows.
NORMALIZED = [
    ((32, 512, 512, 3, 224, 224), "bilinear_antialias", F32),
    ((1, 1080, 1920, 3, 2160, 3840), "bilinear", F32),
]
IMAGENET_MEAN = (0.485, 0.456, 0.406)
# The letterbox's bands: the detectors' grey 114 in floats of 0..1.
LETTERBOX_FILL = 114 / 255


def letterbox_geometry(h, w, oh, ow):
    """The image's size and the bands (left, right, top, bottom) of a centred letterbox of an
    h x w image into oh x ow, as detectors compute them (wgresize's `Padding::letterbox`)."""
    r = min(oh / h, ow / w)
    ih, iw = int(round(h * r)), int(round(w * r))
    dh, dw = (oh - ih) / 2, (ow - iw) / 2
    bands = (int(round(dw - 0.1)), int(round(dw + 0.1)), int(round(dh - 0.1)), int(round(dh + 0.1)))
    return (ih, iw), bands
IMAGENET_STD = (0.229, 0.224, 0.225)


# GPU time the timed replays queue behind: the CPU queues 200 replays and their events in
# about 2 to 4 ms.
BACKLOG_MS = 20.0


def sleep_cycles_per_us():
    """Clock cycles of `torch.cuda._sleep` per µs on this GPU, or None where it is missing."""
    if not hasattr(torch.cuda, "_sleep"):
        return None
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda._sleep(1000)
    start.record()
    torch.cuda._sleep(10_000_000)
    end.record()
    end.synchronize()
    return 10_000_000 / (start.elapsed_time(end) * 1000.0)


def time_back_to_back_us(fn, cycles_per_us, iters=200, pre_roll_s=0.03):
    """Median GPU time of `fn` replayed back to back (see the module's doc), and the method."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    torch.cuda.synchronize()
    method = "cuda_graph"
    try:
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            fn()
        run = graph.replay
    except RuntimeError as e:
        print(f"graph capture failed ({e}); timing the call itself", file=sys.stderr)
        method, run = "back_to_back", fn
    torch.cuda.synchronize()

    def timed(count):
        events = [torch.cuda.Event(enable_timing=True) for _ in range(count + 1)]
        if cycles_per_us:
            torch.cuda._sleep(int(BACKLOG_MS * 1000.0 * cycles_per_us))
        for i in range(count):
            events[i].record()
            run()
        events[count].record()
        events[count].synchronize()
        return [events[i].elapsed_time(events[i + 1]) * 1000.0 for i in range(count)]

    # A rough GPU time, then enough untimed replays queued ahead of the timed ones to keep the
    # GPU busy for the pre-roll (the CPU queues the timed ones meanwhile).
    rough_us = statistics.median(timed(20))
    for _ in range(min(20000, max(20, int(pre_roll_s * 1e6 / max(rough_us, 1.0))))):
        run()
    return statistics.median(timed(iters)), method


# Calls per replay for `in_one_graph_us`.
GRAPH_CALLS = 10


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
    cycles_per_us = sleep_cycles_per_us()
    if cycles_per_us is None:
        print("torch.cuda._sleep is missing: timed replays queue behind the pre-roll only",
              file=sys.stderr)
    results = []
    cases = [case + (False,) for case in CASES] + [case + (True,) for case in NORMALIZED]
    # `--channels C`: only the shapes of C channels (a short run beside `wgresize bench --only`).
    if "--channels" in sys.argv:
        channels = int(sys.argv[sys.argv.index("--channels") + 1])
        cases = [case for case in cases if case[0][3] == channels]
    # `--mode M`: only the cases of mode M (a short run beside `wgresize bench --only`).
    if "--mode" in sys.argv:
        mode = sys.argv[sys.argv.index("--mode") + 1]
        cases = [case for case in cases if case[1] == mode]
    for (n, h, w, c, oh, ow), mode, dtype, normalized in cases:
        for fmt in ("nchw", "channels_last"):
            x = torch.randn(n, c, h, w, device="cuda", dtype=dtype)
            if fmt == "channels_last":
                x = x.contiguous(memory_format=torch.channels_last)
            kwargs = MODES.get(mode)
            if mode == "letterbox":
                image, bands = letterbox_geometry(h, w, oh, ow)

                def resize(xi):
                    return F.pad(F.interpolate(xi, size=image, **BILINEAR), bands,
                                 value=LETTERBOX_FILL)
            elif normalized:
                mean, std = (torch.tensor(v, dtype=dtype, device="cuda").view(1, c, 1, 1)
                             for v in (IMAGENET_MEAN, IMAGENET_STD))

                def resize(xi):
                    return F.interpolate(xi, size=(oh, ow), **kwargs).sub_(mean).div_(std)
            else:
                def resize(xi):
                    return F.interpolate(xi, size=(oh, ow), **kwargs)
            call = lambda: resize(x)
            us, method = time_back_to_back_us(call, cycles_per_us)
            # Each of a graph's calls on an input of its own (and an output of its own, as
            # each call allocates one), so that no call reads what the one before left in the
            # cache: the peer of wgresize's stream of different buffers.
            inputs = [x.clone() for _ in range(GRAPH_CALLS)]
            many, _ = time_back_to_back_us(
                lambda: [resize(xi) for xi in inputs], cycles_per_us)
            del inputs
            eager = time_us(call)
            dtype_name = str(dtype).removeprefix("torch.")
            results.append(dict(n=n, h=h, w=w, c=c, out_h=oh, out_w=ow, layout=fmt, mode=mode,
                                dtype=dtype_name, normalized=normalized, median_us=us,
                                method=method, in_one_graph_us=many / GRAPH_CALLS,
                                eager_us=eager))
            label = " imagenet" if normalized else ""
            print(f"torch {fmt} {mode} {dtype_name} {n}x{h}x{w}x{c} -> {oh}x{ow}{label}: {us:.1f} us "
                  f"({method}), {many / GRAPH_CALLS:.1f} us in one graph, eager {eager:.1f} us",
                  file=sys.stderr)
    backlog = f"behind a {BACKLOG_MS:g} ms backlog" if cycles_per_us else "without a backlog"
    json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                   timing=f"cuda_events: median_us back to back (method) {backlog}, "
                          f"in_one_graph_us {GRAPH_CALLS} calls a replay, "
                          "eager_us one call alone",
                   results=results), sys.stdout, indent=1)


if __name__ == "__main__":
    main()
