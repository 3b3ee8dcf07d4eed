# Lab record, 2026-12-05: wgresize --convention opencv on random u8 .npy images against cv2.resize,
# every interpolation (run with opencv-python-headless 4.14.0 and 5.1.0, seeds 12 and 99), with
# the binary of 0448739's tree, 25 random shapes each: bilinear, bilinear-exact, lanczos4 and
# nearest 0 values differ; area 0 (5.1, seed 12) and 3 of 172203 (both versions, seed 99:
# shrinks, in floats); bicubic 5 to 16; nearest-exact 0 against 5.1 and 3511 against 4.14
# (OpenCV 4 and 5 differ there; the library follows 5, as the conformance cases do).
import cv2, numpy as np, subprocess, os
W = '/work/main/target/release/wgresize'
env = dict(os.environ, XDG_RUNTIME_DIR='/tmp/xdg', WGPU_BACKEND='vulkan')
rng = np.random.default_rng(99)
flags = {'nearest': cv2.INTER_NEAREST, 'nearest-exact': cv2.INTER_NEAREST_EXACT, 'area': cv2.INTER_AREA, 'bicubic': cv2.INTER_CUBIC, 'bilinear': cv2.INTER_LINEAR, 'lanczos4': cv2.INTER_LANCZOS4, 'bilinear-exact': cv2.INTER_LINEAR_EXACT}
stats = {k: [0, 0, 0] for k in flags}
for t in range(25):
    h, w = [int(v) for v in rng.integers(1, 60, 2)]; oh, ow = [int(v) for v in rng.integers(1, 90, 2)]; c = int(rng.choice([1, 3, 4]))
    x = rng.integers(0, 256, (1, h, w, c), dtype=np.uint8)
    np.save('/tmp/cvlab/b.npy', x)
    for name, flag in flags.items():
        r = subprocess.run([W, 'resize', '/tmp/cvlab/b.npy', '/tmp/cvlab/bo.npy', '--size', f'{ow}x{oh}', '--filter', name, '--convention', 'opencv', '--no-tune-cache'], env=env, capture_output=True, text=True)
        if r.returncode: print(name, r.stderr); continue
        ours = np.load('/tmp/cvlab/bo.npy')[0]
        cv = cv2.resize(x[0], (ow, oh), interpolation=flag).reshape(oh, ow, c)
        d = (ours != cv)
        stats[name][0] += int(d.sum()); stats[name][1] += d.size; stats[name][2] += int(d.any())
for k, (bad, tot, cases) in stats.items(): print(k, 'values differing', bad, 'of', tot, 'in', cases, 'of 25 cases')
