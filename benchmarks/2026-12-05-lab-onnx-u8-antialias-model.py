# Lab record, 2026-12-05 (not run by the tests): a model of ONNX Runtime 1.32's uint8 antialiased
# Resize (Pillow's fixed point, horizontal pass first, on weights computed in f32 and rounded
# half away from zero), checked against ONNX Runtime itself on 400 random NCHW cases (linear and
# cubic, four coordinate modes, exclude_outside 0 and 1): 468 846 values, 0 differing. Rounded
# half to even instead (numpy's np.round), 57 values in 183 078 were one level off; the vertical
# pass first, hundreds per case. src/weights/onnx_u8.rs computes the same tables.
# Model of ONNX Runtime's uint8 antialiased Resize (Pillow's fixed point on weights computed in f32),
# checked against ONNX Runtime itself on random shapes.
import numpy as np, onnxruntime as ort
from onnx import helper, TensorProto
f32 = np.float32

def session(mode, ctm, shape_out, extra):
    attrs = dict(mode=mode, coordinate_transformation_mode=ctm, antialias=1)
    attrs.update(extra)
    node = helper.make_node('Resize', ['X', 'roi', '', 'sizes'], ['Y'], **attrs)
    g = helper.make_graph([node], 'g', [helper.make_tensor_value_info('X', TensorProto.UINT8, None)],
        [helper.make_tensor_value_info('Y', TensorProto.UINT8, None)],
        initializer=[helper.make_tensor('roi', TensorProto.FLOAT, [0], []),
                     helper.make_tensor('sizes', TensorProto.INT64, [4], list(shape_out))])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 19)])
    return ort.InferenceSession(m.SerializeToString(), providers=['CPUExecutionProvider'])

def coord(ctm, x, rscale, n_out, n_in):
    x = f32(x)
    if ctm == 'half_pixel': return (x + f32(0.5)) / rscale - f32(0.5)
    if ctm == 'pytorch_half_pixel': return (x + f32(0.5)) / rscale - f32(0.5) if n_out > 1 else f32(0)
    if ctm == 'asymmetric': return x / rscale
    if ctm == 'align_corners': return f32(0) if n_out == 1 else x * f32(n_in - 1) / f32(n_out - 1)
    raise ValueError(ctm)

def half_away(v):
    v = float(v)
    return int(np.floor(v + 0.5)) if v >= 0 else -int(np.floor(-v + 0.5))

def table(n_in, n_out, ctm, mode, a, exclude):
    rscale = f32(n_out) / f32(n_in)
    scale = f32(1) / rscale
    size = f32(2) if mode == 'linear' else f32(4)
    support = (size * f32(0.5)) * scale if scale >= 1 else size * f32(0.5)
    window = int(np.ceil(support)) * 2 + 1
    inv_scale = f32(1) / scale if scale >= 1 else f32(1)
    a = f32(a)
    def filt(x):
        x = abs(f32(x))
        if mode == 'linear':
            return f32(1) - x if x < 1 else f32(0)
        if x < 1: return ((a + f32(2)) * x - (a + f32(3))) * x * x + f32(1)
        if x < 2: return (((x - f32(5)) * x + f32(8)) * x - f32(4)) * a
        return f32(0)
    rows = []
    for i in range(n_out):
        center = f32(0.5) + (f32(i) if scale == 1 else coord(ctm, i, rscale, n_out, n_in))
        fmin = np.floor(center - support + f32(0.5)); fmax = np.floor(center + support + f32(0.5))
        xmin_real = int(fmin); xmax_real = int(fmax)
        xmax_real = xmin_real + min(max(xmax_real - xmin_real, 0), window)
        xmin_cut = min(max(xmin_real, 0), n_in); xmax_cut = min(max(xmax_real, 0), n_in)
        xmin = xmin_cut if exclude else xmin_real; xmax = xmax_cut if exclude else xmax_real
        buf = [f32(0)] * window; total = f32(0)
        xmax -= xmin
        for x in range(xmax):
            w = filt((f32(x + xmin) - center + f32(0.5)) * inv_scale)
            buf[x] = w; total = f32(total + w)
        if not exclude and xmin_cut < xmax_cut:
            neg = min(max(-xmin, 0), xmax - 1)
            for x in range(neg): buf[neg] = f32(buf[neg] + buf[x])
            bound = min(max(xmax + xmin - n_in, 0), xmax - 1)
            for x in range(xmax - bound, xmax): buf[xmax - bound - 1] = f32(buf[xmax - bound - 1] + buf[x])
            if (neg | bound) > 0:
                for x in range(xmax_cut - xmin_cut): buf[x] = buf[x + neg]
        inv = f32(1) if total == 0 else f32(1) / total
        ws = [half_away(f32(f32(buf[x] * inv) * f32(4194304))) for x in range(xmax_cut - xmin_cut)]
        rows.append((xmin_cut, ws))
    return rows

def pass_(img, rows, axis):
    # img: [..., L] along axis moved last
    x = np.moveaxis(img.astype(np.int64), axis, -1)
    out = np.empty(x.shape[:-1] + (len(rows),), np.int64)
    for i, (start, ws) in enumerate(rows):
        acc = np.full(x.shape[:-1], 1 << 21, np.int64)
        for k, w in enumerate(ws): acc = acc + x[..., start + k] * w
        acc = acc.astype(np.int32) if False else acc
        out[..., i] = np.clip(acc >> 22, 0, 255)
    return np.moveaxis(out, -1, axis).astype(np.uint8)

def model(x, oh, ow, ctm, mode, a, exclude):
    n, c, h, w = x.shape
    y = x if ow == w else pass_(x, table(w, ow, ctm, mode, a, exclude), 3)
    return y if oh == h else pass_(y, table(h, oh, ctm, mode, a, exclude), 2)

rng = np.random.default_rng(5)
bad = tot = cases = 0
for t in range(400):
    h, w = rng.integers(1, 40, 2); oh, ow = rng.integers(1, 40, 2)
    ctm = ['half_pixel', 'pytorch_half_pixel', 'asymmetric', 'align_corners'][rng.integers(0, 4)]
    mode = ['linear', 'cubic'][rng.integers(0, 2)]
    a = [-0.75, -0.5][rng.integers(0, 2)]; exclude = int(rng.integers(0, 2))
    extra = {'exclude_outside': exclude}
    if mode == 'cubic': extra['cubic_coeff_a'] = a
    x = rng.integers(0, 256, (1, 3, h, w), dtype=np.uint8)
    try:
        y = session(mode, ctm, (1, 3, oh, ow), extra).run(None, {'X': x})[0]
    except Exception as e:
        print('ORT failed', mode, ctm, str(e)[:120]); continue
    m = model(x, oh, ow, ctm, mode, a, exclude)
    d = int((m != y).sum()); bad += d; tot += y.size; cases += 1
    if d: print('case', t, (h, w, oh, ow), ctm, mode, a, exclude, 'differs', d, 'max', int(np.abs(m.astype(int) - y).max()))
print('cases', cases, 'values', tot, 'differing', bad)
