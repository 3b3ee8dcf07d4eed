"""Lab (tuning log item 125): what writing a buffer takes through CUDA on the H200, beside the
library's store-only kernels (`examples/lab_store_floor.rs`, kept as
`benchmarks/2026-12-02-h200-lab-store-floor.rs`). Times `zero_`, `fill_`, a copy and a Triton
store-only kernel on the same output sizes, and PyTorch's bilinear seed x4 and x2 (the peer of the
targets), all as `scripts/torch_peer.py` times the peer: CUDA graph replayed back to back behind
a backlog, median of 200."""
import sys

sys.path.insert(0, "scripts")
import torch
import torch.nn.functional as F
import triton
import triton.language as tl
from torch_peer import sleep_cycles_per_us, time_back_to_back_us


@triton.jit
def store_kernel(dst, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + offsets, offsets.to(tl.float32), mask=offsets < n)


def main():
    cycles = sleep_cycles_per_us()
    sizes = [
        ("768x1280x4 f32 (seed x4/x2 output)", 768 * 1280 * 16),
        ("2160x3840x4 u8 (u8 1080p x2 output)", 2160 * 3840 * 4),
        ("2160x3840x4 f32 (f32 1080p x2 output)", 2160 * 3840 * 16),
    ]
    for round_ in (1, 2, 3):
        for name, nbytes in sizes:
            n = nbytes // 4
            out = torch.empty(n, device="cuda", dtype=torch.float32)
            src = torch.rand(n, device="cuda", dtype=torch.float32)
            parts = []
            for label, fn in [
                ("zero_", lambda: out.zero_()),
                ("fill_", lambda: out.fill_(1.5)),
                ("copy_", lambda: out.copy_(src)),
            ]:
                us, _ = time_back_to_back_us(fn, cycles)
                parts.append(f"{label} {us:.1f}")
            for block in (512, 1024, 2048, 4096, 8192):
                grid = (triton.cdiv(n, block),)
                us, _ = time_back_to_back_us(
                    lambda: store_kernel[grid](out, n, BLOCK=block), cycles
                )
                parts.append(f"triton store {block} {us:.1f}")
            print(f"round {round_} | {name} | " + " | ".join(parts), flush=True)
        for h, w in ((192, 320), (384, 640)):
            x = torch.rand(1, 4, h, w, device="cuda")
            us, _ = time_back_to_back_us(
                lambda: F.interpolate(x, size=(768, 1280), mode="bilinear"), cycles
            )
            print(f"round {round_} | torch bilinear 1x4x{h}x{w} -> 768x1280 NCHW | {us:.1f}", flush=True)


if __name__ == "__main__":
    main()
