"""The device-to-device copy rate of the GPU in hand, the rate that issue 5's floor divides a
resize's bytes by: `dst.copy_(src)` between two CUDA buffers, timed with CUDA events (the median
of 100 copies after 20 untimed ones), counting read plus write (twice the buffer's bytes) over
the time. BENCHMARKS.md's floors use 4.18 TB/s, the rate measured so on the H200; on another
GPU, run this in the same command as the bench and divide by its rate instead.

    python3 scripts/copy_rate.py > copy_rate.json
"""

import json
import statistics

import torch


def rate(nbytes, runs=100, warmup=20):
    """(median µs, TB/s read plus write) of copying `nbytes` bytes from one buffer to another."""
    src = torch.empty(nbytes // 4, dtype=torch.float32, device="cuda").uniform_()
    dst = torch.empty_like(src)
    for _ in range(warmup):
        dst.copy_(src)
    times = []
    for _ in range(runs):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        dst.copy_(src)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1000.0)
    median = statistics.median(times)
    return median, 2 * nbytes / (median * 1e-6) / 1e12


def main():
    rows = []
    # The 4K RGBA f32 frame (132.7 MB), and buffers well past the 50 MB L2.
    for nbytes in [2160 * 3840 * 16, 256 << 20, 1 << 30, 4 << 30]:
        us, tbps = rate(nbytes)
        rows.append({"bytes": nbytes, "median_us": round(us, 2), "tb_per_s": round(tbps, 3)})
    print(json.dumps({"device": torch.cuda.get_device_name(), "torch": torch.__version__,
                      "copies": rows}, indent=1))


if __name__ == "__main__":
    main()
