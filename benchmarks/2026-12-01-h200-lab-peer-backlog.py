"""Lab: PyTorch's small calls timed three ways in one process."""
import statistics, sys
sys.path.insert(0, "scripts")
import torch
import torch.nn.functional as F
from torch_peer import time_back_to_back_us, STANDARD

def sleep_cycles_per_us():
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda._sleep(1000)
    s.record(); torch.cuda._sleep(10_000_000); e.record(); e.synchronize()
    return 10_000_000 / (s.elapsed_time(e) * 1000.0)

CYC = None

def backlog_us(run, iters=200, backlog_ms=20.0):
    # warm clocks: 30 ms of replays
    for _ in range(2000):
        run()
    torch.cuda.synchronize()
    events = [torch.cuda.Event(enable_timing=True) for _ in range(iters + 1)]
    torch.cuda._sleep(int(backlog_ms * 1000 * CYC))
    for i in range(iters):
        events[i].record()
        run()
    events[iters].record()
    events[iters].synchronize()
    return statistics.median(events[i].elapsed_time(events[i + 1]) * 1000.0 for i in range(iters))

def graph_of_many_us(fn, k=100, reps=20):
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for _ in range(k):
            fn()
    for _ in range(5):
        g.replay()
    torch.cuda.synchronize()
    out = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        torch.cuda._sleep(int(2000 * CYC))
        s.record(); g.replay(); e.record(); e.synchronize()
        out.append(s.elapsed_time(e) * 1000.0 / k)
    return statistics.median(out)

CYC = sleep_cycles_per_us()
print(f"sleep cycles per us {CYC:.0f}")
shapes = STANDARD[:4] + [(1, 2, 2, 4, 1, 1), STANDARD[5]]
for rnd in range(3):
    for (n, h, w, c, oh, ow) in shapes:
        for fmt in ("nchw", "channels_last"):
            x = torch.randn(n, c, h, w, device="cuda")
            if fmt == "channels_last":
                x = x.contiguous(memory_format=torch.channels_last)
            call = lambda: F.interpolate(x, size=(oh, ow), mode="bilinear", align_corners=False)
            cur, _ = time_back_to_back_us(call)
            g = torch.cuda.CUDAGraph()
            with torch.cuda.graph(g):
                call()
            torch.cuda.synchronize()
            bl = backlog_us(g.replay)
            many = graph_of_many_us(call)
            print(f"round {rnd} {fmt} {h}x{w} -> {oh}x{ow}: current {cur:.1f} | backlog {bl:.1f} | 100 in one graph {many:.1f}", flush=True)
