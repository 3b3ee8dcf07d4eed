# Lab record, 2026-12-05 (not run by the tests): wgresize --convention onnx on uint8 NCHW tensors
# against ONNX Runtime 1.32 (onnx 1.23) Resize at opset 19 on uint8, and what ORT does there.
# Output at 4d39186 on lavapipe:
#   linear None max 1 fraction differing 0.4989
#   cubic: ORT fails (no uint8 cubic)
#   nearest None max 0 fraction differing 0.0000
#   linear {'antialias': 1} max 1 fraction differing 0.1944
# and (second script) ORT uint8 linear equals trunc() of its own float32 output on every value,
# while its antialiased uint8 output equals neither trunc nor round of its float32 output.
import numpy as np, onnx, onnxruntime as ort, subprocess, os
from onnx import helper, TensorProto
W = '/work/main/target/release/wgresize'
env = dict(os.environ, XDG_RUNTIME_DIR='/tmp/xdg', WGPU_BACKEND='vulkan')
def model(mode, ctm, n, c, oh, ow, dtype=TensorProto.UINT8, extra=None):
    attrs = dict(mode=mode, coordinate_transformation_mode=ctm)
    if extra: attrs.update(extra)
    node = helper.make_node('Resize', ['X', 'roi', '', 'sizes'], ['Y'], **attrs)
    g = helper.make_graph([node], 'g', [helper.make_tensor_value_info('X', dtype, None)], [helper.make_tensor_value_info('Y', dtype, None)],
        initializer=[helper.make_tensor('roi', TensorProto.FLOAT, [0], []), helper.make_tensor('sizes', TensorProto.INT64, [4], [n, c, oh, ow])])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 19)])
    return ort.InferenceSession(m.SerializeToString(), providers=['CPUExecutionProvider'])
rng = np.random.default_rng(9)
for mode, filt, extra in [('linear', 'bilinear', None), ('cubic', 'bicubic', None), ('nearest', 'nearest', None), ('linear', 'bilinear', {'antialias': 1})]:
    tot = 0; diff = 0; mx = 0
    for (h, w, oh, ow) in [(30, 40, 13, 17), (20, 24, 50, 61)]:
        x = rng.integers(0, 256, (1, 3, h, w), dtype=np.uint8)
        try:
            y = model(mode, 'half_pixel', 1, 3, oh, ow, extra=extra).run(None, {'X': x})[0]
        except Exception as e:
            print(mode, extra, 'ORT failed:', str(e)[:200]); break
        # through wgresize: npy NCHW u8
        np.save('/tmp/cvlab/x.npy', x)
        args = [W, 'resize', '/tmp/cvlab/x.npy', '/tmp/cvlab/y.npy', '--size', f'{ow}x{oh}', '--layout', 'nchw', '--filter', filt, '--convention', 'onnx', '--no-tune-cache']
        if extra: args.append('--antialias')
        r = subprocess.run(args, env=env, capture_output=True, text=True)
        if r.returncode: print(r.stderr); break
        ours = np.load('/tmp/cvlab/y.npy')
        d = np.abs(ours.astype(int) - y.astype(int)); tot += d.size; diff += int((d > 0).sum()); mx = max(mx, int(d.max()))
    print(mode, extra, 'max', mx, 'fraction differing %.4f' % (diff / max(tot, 1)))

# --- second script ---
# import numpy as np, subprocess, os, sys
# sys.path.insert(0, '/tmp/cvlab')
# exec(open('/tmp/cvlab/ort_u8.py').read().split("rng = np.random")[0])
# rng = np.random.default_rng(9)
# for extra in [None, {'antialias': 1}]:
#   for (h, w, oh, ow) in [(30, 40, 13, 17), (20, 24, 50, 61), (7, 9, 7, 9)]:
#     x = rng.integers(0, 256, (1, 3, h, w), dtype=np.uint8)
#     y = model('linear', 'half_pixel', 1, 3, oh, ow, extra=extra).run(None, {'X': x})[0]
#     yf = model('linear', 'half_pixel', 1, 3, oh, ow, dtype=TensorProto.FLOAT, extra=extra).run(None, {'X': x.astype(np.float32)})[0]
#     for name, cand in [('round', np.clip(np.floor(yf + 0.5), 0, 255)), ('trunc', np.clip(np.trunc(yf), 0, 255)), ('rint', np.clip(np.rint(yf), 0, 255))]:
#         print(extra, (h, w, oh, ow), name, 'mismatch', int((cand.astype(int) != y.astype(int)).sum()), 'of', y.size)
