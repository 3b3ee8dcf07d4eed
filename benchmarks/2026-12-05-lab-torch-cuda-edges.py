# Lab, 2026-12-05: what PyTorch's CUDA kernels do where its CPU kernels were found to differ
# (run on the GPU machine, beside scripts/torch_u8_cases.py compare):
#  1. uint8 tensors in bilinear and bicubic (CPU: its 8-bit fixed point);
#  2. one output column while the height changes, antialiased (CPU generic kernel: every row
#     the first row's value);
#  3. a stated scale that keeps an axis at its size (CPU: bilinear and antialiased bicubic copy
#     it; bicubic maps it by the scale).
import torch
import torch.nn.functional as F

assert torch.cuda.is_available()
x8 = torch.randint(0, 256, (1, 3, 40, 30), dtype=torch.uint8)
for mode in ["bilinear", "bicubic"]:
    for aa in [False, True]:
        try:
            F.interpolate(x8.cuda(), size=(20, 15), mode=mode, antialias=aa)
            print(f"1. cuda uint8 {mode} antialias={aa}: accepted")
        except Exception as e:  # noqa: BLE001
            print(f"1. cuda uint8 {mode} antialias={aa}: refused ({type(e).__name__}: {str(e).splitlines()[0]})")
x = torch.rand(1, 1, 60, 1, dtype=torch.float64)
for mode in ["bilinear", "bicubic"]:
    cpu = F.interpolate(x, size=(30, 1), mode=mode, antialias=True)
    cuda = F.interpolate(x.cuda(), size=(30, 1), mode=mode, antialias=True).cpu()
    wide = F.interpolate(x.expand(1, 1, 60, 2).contiguous(), size=(30, 2), mode=mode, antialias=True)[..., :1]
    print(f"2. {mode} aa 60x1 -> 30x1: cpu rows all the first: {bool((cpu == cpu[0, 0, 0]).all())}; "
          f"cuda - separable (two columns) max {float((cuda - wide).abs().max()):.3g}")
y = torch.rand(1, 3, 58, 30)
for mode, aa in [("bilinear", False), ("bilinear", True), ("bicubic", False), ("bicubic", True)]:
    kw = dict(scale_factor=(1.014, 1.5), mode=mode, recompute_scale_factor=False, antialias=aa, align_corners=False)
    kept = dict(kw, scale_factor=(1.0, 1.5))
    cpu_copies = torch.equal(F.interpolate(y, **kw), F.interpolate(y, **kept))
    got = F.interpolate(y.cuda(), **kw).cpu()
    cuda_copies = torch.allclose(got, F.interpolate(y.cuda(), **kept).cpu(), atol=1e-6)
    print(f"3. {mode} aa={aa} kept axis: cpu copies {cpu_copies}, cuda copies {cuda_copies}, "
          f"cuda - cpu max {float((got - F.interpolate(y, **kw)).abs().max()):.3g}")
