# Lab record, 2026-12-05 (not run by the tests): a model of cv2.resize INTER_LINEAR_EXACT on 8-bit
# images (resize_bitExact: coordinates in doubles, taps moved inside on both axes, weights
# rint(c * 256), rows summed exactly, (sum + 2^15) >> 16), checked against opencv-python-headless
# 4.14.0 and 5.1.0: 200 random shapes and six fixed ones, no value differs. The library runs it
# since this session (OpenCvFixedPoint::LinearExact).
import cv2, numpy as np, math
def coeffs(insz, outsz):
    scale = 1.0 / (outsz / insz)
    rows = []
    for d in range(outsz):
        fs = scale * (d + 0.5) - 0.5
        i = math.floor(fs); f = fs - i
        if i < 0: f, i = 0.0, 0
        if i >= insz - 1: f, i = 0.0, insz - 1
        a0 = int(np.rint((1.0 - f) * 256)); a1 = int(np.rint(f * 256))
        rows.append((i, a0, a1))
    return rows
def model(img, oh, ow):
    h, w, c = img.shape
    src = img.astype(np.int64)
    X, Y = coeffs(w, ow), coeffs(h, oh)
    H = np.zeros((h, ow, c), np.int64)
    for d, (i, a0, a1) in enumerate(X):
        H[:, d] = np.minimum(src[:, i] * a0 + src[:, min(i + 1, w - 1)] * a1, 65535)
    out = np.zeros((oh, ow, c), np.int64)
    for d, (i, b0, b1) in enumerate(Y):
        out[d] = (H[i] * b0 + H[min(i + 1, h - 1)] * b1 + 32768) >> 16
    return np.clip(out, 0, 255).astype(np.uint8)
rng = np.random.default_rng(5)
bad = 0
for t in range(200):
    h, w = rng.integers(1, 50, 2); oh, ow = rng.integers(1, 90, 2); c = int(rng.choice([1, 3, 4]))
    img = rng.integers(0, 256, (h, w, c), dtype=np.uint8)
    cv = cv2.resize(img, (int(ow), int(oh)), interpolation=cv2.INTER_LINEAR_EXACT).reshape(oh, ow, c)
    m = model(img, oh, ow)
    d = int((cv != m).sum())
    if d:
        bad += 1
        if bad < 8: print('mismatch', (h, w, oh, ow, c), d, 'of', cv.size, 'max', int(np.abs(cv.astype(int)-m.astype(int)).max()))
print('cases with mismatches', bad, 'of 200', cv2.__version__)
for (h, w, oh, ow, c) in [(100, 100, 50, 50, 3), (64, 64, 32, 32, 2), (1080, 1920, 540, 960, 3), (30, 40, 90, 100, 3), (480, 640, 224, 224, 4), (1, 1, 5, 7, 1)]:
    img = rng.integers(0, 256, (h, w, c), dtype=np.uint8)
    cv = cv2.resize(img, (ow, oh), interpolation=cv2.INTER_LINEAR_EXACT).reshape(oh, ow, c)
    print((h, w, oh, ow, c), 'mismatches', int((cv != model(img, oh, ow)).sum()))
