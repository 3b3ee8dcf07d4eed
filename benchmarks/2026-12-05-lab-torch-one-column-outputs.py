# Lab record, 2026-12-05 (torch 2.11.0+cu130, CPU, AVX512 and ATEN_CPU_CAPABILITY=default): where
# the output is one column wide and the height changes, PyTorch's generic separable CPU kernel
# gives every output row the value of the first. Output of this script:
#   float64 antialiased bilinear and bicubic: every row the first (also with 2 input columns ->
#   1, and 60 -> 90 rows); 60x2 -> 30x2 matches the separable product to 1e-16.
#   uint8, AVX512: 1, 3 channels correct; 5 channels (generic kernel) every row the first, with
#   and without antialiasing. uint8 under ATEN_CPU_CAPABILITY=default: every row the first for
#   1, 3 and 5 channels.
# The library gives the separable product everywhere (what PyTorch's vectorised uint8 kernel
# gives); it does not follow the fault.
import numpy as np, torch, torch.nn.functional as F
def aa1(n_in, out, mode):
    s=n_in/out; half = 1.0 if mode=='bilinear' else 2.0
    sup = half*s if s>=1 else half; inv = 1/s if s>=1 else 1.0
    def f(x):
        x=abs(x)
        if mode=='bilinear': return max(0.0,1-x)
        a=-0.5
        if x<1: return ((a+2)*x-(a+3))*x*x+1
        if x<2: return ((a*x-5*a)*x+8*a)*x-4*a
        return 0.0
    M=np.zeros((out,n_in))
    for i in range(out):
        c=s*(i+0.5); xmin=max(int(c-sup+0.5),0); xmax=min(int(c+sup+0.5),n_in)
        w=np.array([f((j-c+0.5)*inv) for j in range(xmin,xmax)]); w/=w.sum(); M[i,xmin:xmax]=w
    return M
rng=np.random.default_rng(1); bad={}
for mode in ['bilinear','bicubic']:
  for (h,w,oh,ow) in [(60,1,30,1),(60,3,30,1),(60,1,90,1),(1,60,1,30),(3,60,1,30),(60,2,30,1),(60,5,30,2),(7,1,3,1),(2,1,1,1),(60,4,30,4)]:
    x=rng.random((h,w))
    exp=aa1(h,oh,mode)@x@aa1(w,ow,mode).T
    got=F.interpolate(torch.from_numpy(x).view(1,1,h,w),size=(oh,ow),mode=mode,antialias=True)[0,0].numpy()
    print(mode,(h,w,oh,ow), f"{np.abs(got-exp).max():.3g}")
import numpy as np, torch, torch.nn.functional as F
print(torch.backends.cpu.get_cpu_capability())
for c in [1, 3, 5]:
    x=torch.from_numpy(np.random.default_rng(0).integers(0,256,(1,c,60,1),dtype=np.uint8))
    for aa in [True, False]:
        y=F.interpolate(x,size=(30,1),mode='bilinear',antialias=aa)[0,0,:,0]
        print(c, aa, 'u8 rows all equal:', bool((y==y[0]).all()))
