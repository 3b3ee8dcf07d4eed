"""What the u8 RGBA rows of the targets (1080p x2 and 4K x0.5 bilinear, half-pixel centres) take
outside wgpu: the same resizes as Triton kernels on RGBA pixels packed in 32-bit words, summed
per channel in 16-bit lanes of the word (SWAR: even and odd bytes apart), rounded as the library
rounds. Checked against PyTorch's float bilinear of the same bytes, rounded (the weights are
dyadic, so the two agree exactly). Timed as `scripts/torch_peer.py` times the peer: a call
captured in a CUDA graph and replayed back to back behind a backlog, and ten calls on inputs and
outputs of their own in one graph, each replay over ten. Tuning log item 130."""
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts"))
from torch_peer import GRAPH_CALLS, sleep_cycles_per_us, time_back_to_back_us  # noqa: E402

try:
    import triton
    import triton.language as tl
except ImportError as e:
    print("no triton:", e)
    sys.exit(0)

@triton.jit
def halve(x_ptr, out_ptr, in_w, out_w, BLOCK: tl.constexpr):
    """Output row `program_id(1)`, BLOCK output pixels: the rounded mean of each 2x2."""
    y = tl.program_id(1)
    offs = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    live = offs < in_w
    top = tl.load(x_ptr + (2 * y) * in_w + offs, mask=live, other=0).to(tl.uint32, bitcast=True)
    bot = tl.load(x_ptr + (2 * y + 1) * in_w + offs, mask=live, other=0).to(tl.uint32, bitcast=True)
    a, b = tl.split(tl.reshape(top, (BLOCK, 2)))
    c, d = tl.split(tl.reshape(bot, (BLOCK, 2)))
    m = 0x00FF00FF
    even = (a & m) + (b & m) + (c & m) + (d & m) + 0x00020002
    odd = ((a >> 8) & m) + ((b >> 8) & m) + ((c >> 8) & m) + ((d >> 8) & m) + 0x00020002
    word = ((even >> 2) & m) | (((odd >> 2) & m) << 8)
    xs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + y * out_w + xs, word.to(tl.int32, bitcast=True), mask=xs < out_w)


@triton.jit
def _h(ptr, row, xs, in_w, m, SHIFT: tl.constexpr):
    """One input row's horizontal sums (in quarters) for outputs 2x and 2x + 1, one byte lane set."""
    left = tl.maximum(xs - 1, 0)
    right = tl.minimum(xs + 1, in_w - 1)
    live = xs < in_w
    l = (tl.load(ptr + row * in_w + left, mask=live, other=0).to(tl.uint32, bitcast=True) >> SHIFT) & m
    c = (tl.load(ptr + row * in_w + xs, mask=live, other=0).to(tl.uint32, bitcast=True) >> SHIFT) & m
    r = (tl.load(ptr + row * in_w + right, mask=live, other=0).to(tl.uint32, bitcast=True) >> SHIFT) & m
    return l + 3 * c, 3 * c + r


@triton.jit
def double(x_ptr, out_ptr, in_w, in_h, BLOCK: tl.constexpr):
    """Input row `program_id(1)`, BLOCK input pixels: their 2x2 outputs each."""
    y = tl.program_id(1)
    xs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    above = tl.maximum(y - 1, 0)
    below = tl.minimum(y + 1, in_h - 1)
    m = 0x00FF00FF
    out_w = 2 * in_w
    # Even bytes (R, B) and odd bytes (G, A) in 16-bit lanes.
    a0e, a1e = _h(x_ptr, above, xs, in_w, m, 0)
    h0e, h1e = _h(x_ptr, y, xs, in_w, m, 0)
    b0e, b1e = _h(x_ptr, below, xs, in_w, m, 0)
    a0o, a1o = _h(x_ptr, above, xs, in_w, m, 8)
    h0o, h1o = _h(x_ptr, y, xs, in_w, m, 8)
    b0o, b1o = _h(x_ptr, below, xs, in_w, m, 8)
    k = 0x00080008
    top0 = (((a0e + 3 * h0e + k) >> 4) & m) | ((((a0o + 3 * h0o + k) >> 4) & m) << 8)
    top1 = (((a1e + 3 * h1e + k) >> 4) & m) | ((((a1o + 3 * h1o + k) >> 4) & m) << 8)
    bot0 = (((3 * h0e + b0e + k) >> 4) & m) | ((((3 * h0o + b0o + k) >> 4) & m) << 8)
    bot1 = (((3 * h1e + b1e + k) >> 4) & m) | ((((3 * h1o + b1o + k) >> 4) & m) << 8)
    top = tl.reshape(tl.join(top0, top1), (2 * BLOCK,)).to(tl.int32, bitcast=True)
    bot = tl.reshape(tl.join(bot0, bot1), (2 * BLOCK,)).to(tl.int32, bitcast=True)
    ox = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    live = ox < out_w
    tl.store(out_ptr + (2 * y) * out_w + ox, top, mask=live)
    tl.store(out_ptr + (2 * y + 1) * out_w + ox, bot, mask=live)


def reference(words, h, w, oh, ow):
    pixels = words.view(torch.uint8).reshape(1, h, w, 4).permute(0, 3, 1, 2).float()
    out = F.interpolate(pixels, size=(oh, ow), mode="bilinear", align_corners=False)
    return torch.floor(out + 0.5).to(torch.uint8).permute(0, 2, 3, 1).contiguous()


def main():
    cycles = sleep_cycles_per_us()
    for name, kernel, (h, w), (oh, ow) in (
        ("u8 RGBA 1080p x2", double, (1080, 1920), (2160, 3840)),
        ("u8 RGBA 4K x0.5", halve, (2160, 3840), (1080, 1920)),
    ):
        inputs = [torch.randint(-2**31, 2**31 - 1, (h, w), dtype=torch.int32, device="cuda")
                  for _ in range(GRAPH_CALLS)]
        outputs = [torch.empty((oh, ow), dtype=torch.int32, device="cuda")
                   for _ in range(GRAPH_CALLS)]
        floor_us = (h * w + oh * ow) * 4 / 4.18e12 * 1e6
        for block in (64, 128, 256, 512):
            for warps in (2, 4, 8):
                if kernel is double:
                    grid = (triton.cdiv(w, block), h)
                    call = lambda i: double[grid](inputs[i], outputs[i], w, h, BLOCK=block,
                                                  num_warps=warps)
                else:
                    grid = (triton.cdiv(ow, block), oh)
                    call = lambda i: halve[grid](inputs[i], outputs[i], w, ow, BLOCK=block,
                                                 num_warps=warps)
                try:
                    call(0)
                except Exception as e:  # a form the compiler refuses: say so and go on
                    print(f"{name} block {block} warps {warps}: failed: "
                          f"{str(e).splitlines()[0][:160]}", flush=True)
                    continue
                want = reference(inputs[0], h, w, oh, ow)
                got = outputs[0].view(torch.uint8).reshape(oh, ow, 4)
                diff = (got.int() - want[0].int()).abs().max().item()
                one, _ = time_back_to_back_us(lambda: call(0), cycles)
                many, _ = time_back_to_back_us(
                    lambda: [call(i) for i in range(GRAPH_CALLS)], cycles)
                print(f"{name} (floor {floor_us:.1f}) block {block} warps {warps}: "
                      f"{one:.1f} us a graph each, {many / GRAPH_CALLS:.1f} us ten to a graph "
                      f"(max diff {diff})", flush=True)
        # What the bytes alone take: PyTorch writing the output (zero_) and copying the input.
        z, _ = time_back_to_back_us(lambda: outputs[0].zero_(), cycles)
        cp = torch.empty_like(inputs[0])
        c, _ = time_back_to_back_us(lambda: cp.copy_(inputs[0]), cycles)
        print(f"{name}: output zero_ {z:.1f} us, input copy_ {c:.1f} us", flush=True)


if __name__ == "__main__":
    main()
