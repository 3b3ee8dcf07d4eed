"""Lab (tuning log item 181): what reading a 4K RGBA f32 frame (132.7 MB) takes through CUDA on
the H200, beside the library's read-only kernels (`examples/lab_read_floor.rs`, kept as
`benchmarks/2026-12-04-h200-lab-read-floor.rs`): PyTorch's sum of the whole frame, its column
sums (a vertical reduction: 2160 rows into one) and a Triton kernel that sums BLOCK floats a
program and stores one value a program; and a copy of the frame for the copy rate. Timed as
`scripts/torch_peer.py` times the peer: CUDA graph replayed back to back behind a backlog,
median of 200."""
import sys

sys.path.insert(0, "scripts")
import torch
import triton
import triton.language as tl
from torch_peer import sleep_cycles_per_us, time_back_to_back_us


@triton.jit
def read_kernel(src, out, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    values = tl.load(src + offsets, mask=offsets < n, other=0.0)
    tl.store(out + tl.program_id(0), tl.sum(values, axis=0))


def main():
    cycles = sleep_cycles_per_us()
    rows, floats = 2160, 3840 * 4
    frame = torch.ones(rows, floats, device="cuda", dtype=torch.float32)
    copy = torch.empty_like(frame)
    n = frame.numel()
    for round_ in (1, 2, 3):
        parts = []
        for label, fn in [
            ("sum", lambda: frame.sum()),
            ("column sums", lambda: frame.sum(dim=0)),
            ("copy_", lambda: copy.copy_(frame)),
        ]:
            us, _ = time_back_to_back_us(fn, cycles)
            parts.append(f"{label} {us:.1f}")
        for block in (1024, 2048, 4096, 8192, 16384):
            grid = (triton.cdiv(n, block),)
            partial = torch.empty(grid[0], device="cuda", dtype=torch.float32)
            us, _ = time_back_to_back_us(
                lambda: read_kernel[grid](frame, partial, n, BLOCK=block), cycles
            )
            assert float(partial.sum()) == n, "triton sums"
            parts.append(f"triton read {block} {us:.1f}")
        print(f"round {round_} | read 2160x3840x4 f32 (132.7 MB) | " + " | ".join(parts), flush=True)


if __name__ == "__main__":
    main()
