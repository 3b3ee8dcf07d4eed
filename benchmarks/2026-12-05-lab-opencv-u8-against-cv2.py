# Lab record, 2026-12-05: wgresize --convention opencv on 8-bit PNGs against cv2.resize (how the
# figures in presets::opencv and the README were measured; needs target/release/wgresize and a
# Vulkan adapter). Output at a28e014 on lavapipe with OpenCV 4.14.0:
#   bilinear max 1 mean fraction differing 0.117
#   bicubic max 1 mean fraction differing 0.000
#   lanczos4 max 1 mean fraction differing 0.061
#   area max 0 mean fraction differing 0.000
#   nearest max 0 mean fraction differing 0.000
import cv2, numpy as np, subprocess, os, sys
W = '/work/main/target/release/wgresize'
rng = np.random.default_rng(3)
env = dict(os.environ, XDG_RUNTIME_DIR='/tmp/xdg', WGPU_BACKEND='vulkan')
for interp, flag in [('bilinear', cv2.INTER_LINEAR), ('bicubic', cv2.INTER_CUBIC), ('lanczos4', cv2.INTER_LANCZOS4), ('area', cv2.INTER_AREA), ('nearest', cv2.INTER_NEAREST)]:
    diffs = []; n = 0
    for (h, w, oh, ow) in [(47, 61, 20, 15), (64, 64, 128, 128), (90, 120, 37, 53), (30, 40, 90, 100)]:
        img = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
        cv2.imwrite('/tmp/cvlab/in.png', img)
        r = subprocess.run([W, 'resize', '/tmp/cvlab/in.png', '/tmp/cvlab/out.png', '--size', f'{ow}x{oh}', '--convention', 'opencv', '--filter', interp, '--no-tune-cache'], env=env, capture_output=True, text=True)
        if r.returncode: print(r.stderr); sys.exit(1)
        ours = cv2.imread('/tmp/cvlab/out.png', cv2.IMREAD_UNCHANGED)
        cv = cv2.resize(img, (ow, oh), interpolation=flag)
        d = np.abs(ours.astype(int) - cv.astype(int))
        diffs.append(d.max()); n += (d > 0).sum() / d.size
    print(interp, 'max', max(diffs), 'mean fraction differing %.3f' % (n / 4))
