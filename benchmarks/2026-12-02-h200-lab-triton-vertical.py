"""What the H200 does with the antialiased vertical passes outside wgpu: the same one-pass form
(each output row's band of input rows, weights from a table, four-channel f32 pixels) written
in Triton and timed with CUDA events (triton.testing.do_bench, median), beside a copy of the
same bytes and a bilinear x0.5. A diagnostic for BENCHMARKS.md's tuning log, not part of the
library. Weights are random, band starts those of the real resize; outputs are checked against
PyTorch's gather of the same bands."""
import sys
import torch

try:
    import triton
    import triton.language as tl
except ImportError as e:
    print("no triton:", e)
    sys.exit(0)

print("torch", torch.__version__, "triton", triton.__version__, torch.cuda.get_device_name())


@triton.jit
def vertical(x_ptr, w_ptr, start_ptr, out_ptr, row_len, TAPS: tl.constexpr, BLOCK: tl.constexpr):
    col = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    row = tl.program_id(1)
    start = tl.load(start_ptr + row)
    acc = tl.zeros([BLOCK], tl.float32)
    for t in tl.static_range(TAPS):
        w = tl.load(w_ptr + row * TAPS + t)
        v = tl.load(x_ptr + (start + t).to(tl.int64) * row_len + col, mask=col < row_len)
        acc += w * v
    tl.store(out_ptr + row.to(tl.int64) * row_len + col, acc, mask=col < row_len)


@triton.jit
def halve(x_ptr, out_ptr, out_w, BLOCK: tl.constexpr):
    # Bilinear x0.5 of four-channel pixels: the mean of each 2x2 block, per channel.
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)  # output float index in the row
    row = tl.program_id(1)
    px = i // 4
    ch = i % 4
    in_w = out_w * 2
    top = (2 * row).to(tl.int64) * in_w * 4
    live = i < out_w * 4
    a = tl.load(x_ptr + top + (2 * px) * 4 + ch, mask=live)
    b = tl.load(x_ptr + top + (2 * px + 1) * 4 + ch, mask=live)
    c = tl.load(x_ptr + top + in_w * 4 + (2 * px) * 4 + ch, mask=live)
    d = tl.load(x_ptr + top + in_w * 4 + (2 * px + 1) * 4 + ch, mask=live)
    tl.store(out_ptr + row.to(tl.int64) * out_w * 4 + i, 0.25 * (a + b + c + d), mask=live)


def bench(fn):
    return triton.testing.do_bench(fn, warmup=50, rep=300, return_mode="median") * 1000.0


h, w = 2160, 3840
row_len = w * 4
x = torch.rand(h, row_len, device="cuda")
y = torch.empty_like(x)
print(f"copy 133 MB -> 133 MB (torch): {bench(lambda: y.copy_(x)):.1f} us")

for out_h, taps in ((224, 39), (1080, 8), (224, 20)):
    scale = h / out_h
    centre = (torch.arange(out_h, dtype=torch.float64) + 0.5) * scale - 0.5
    start = torch.clamp(torch.floor(centre - (taps - 1) / 2).to(torch.int32), 0, h - taps).cuda()
    wt = torch.rand(out_h, taps, device="cuda")
    out = torch.empty(out_h, row_len, device="cuda")
    idx = start.long()[:, None] + torch.arange(taps, device="cuda")[None, :]
    want = (wt[:, :, None] * x[idx]).sum(1)
    for block in (256, 512, 1024, 2048):
        for warps in (4, 8):
            grid = (triton.cdiv(row_len, block), out_h)
            run = lambda: vertical[grid](x, wt, start, out, row_len, TAPS=taps, BLOCK=block, num_warps=warps)
            run()
            err = (out - want).abs().max().item()
            print(f"vertical 2160 -> {out_h} rows, {taps} taps, block {block}, warps {warps}: "
                  f"{bench(run):.1f} us (max err {err:.1e})")

out = torch.empty(h // 2, row_len // 2, device="cuda")
want = x.view(h // 2, 2, w // 2, 2, 4).mean(dim=(1, 3)).reshape(h // 2, row_len // 2)
for block in (512, 1024, 2048):
    grid = (triton.cdiv(row_len // 2, block), h // 2)
    run = lambda: halve[grid](x, out, w // 2, BLOCK=block, num_warps=4)
    run()
    err = (out - want).abs().max().item()
    print(f"bilinear x0.5, block {block}: {bench(run):.1f} us (max err {err:.1e})")
