# Lab record, 2026-12-05 (not run by the tests): a model of cv2.resize INTER_AREA on 8-bit images
# where an axis grows (resizeGeneric in area mode: INTER_LINEAR rounding with the area rule's
# coefficients), checked against opencv-python-headless 4.14.0 and 5.1.0: 261 random shapes, no value
# differs. The library runs it since this session (OpenCvFixedPoint::AreaUpscale).
import cv2, numpy as np, math
def tab(insz, outsz, clamp):
    inv = outsz / insz
    scale = 1.0 / inv
    rows = []
    for d in range(outsz):
        s = math.floor(d * scale)
        f = np.float32((d + 1) - (s + 1) * inv)
        f = np.float32(0) if f <= 0 else np.float32(f - np.float32(math.floor(f)))
        if clamp:
            if s < 0: f, s = np.float32(0), 0
            if s >= insz - 1: f, s = np.float32(0), insz - 1
        c0 = np.float32(1) - f
        a0 = int(np.rint(np.float32(c0 * np.float32(2048)))); a1 = int(np.rint(np.float32(f * np.float32(2048))))
        rows.append((s, a0, a1))
    return rows
def model(img, oh, ow):
    h, w, c = img.shape
    src = img.astype(np.int64)
    X, Y = tab(w, ow, True), tab(h, oh, False)
    H = np.zeros((h, ow, c), np.int64)
    for d, (s, a0, a1) in enumerate(X):
        H[:, d] = src[:, min(max(s, 0), w - 1)] * a0 + src[:, min(max(s + 1, 0), w - 1)] * a1
    out = np.zeros((oh, ow, c), np.int64)
    for d, (s, b0, b1) in enumerate(Y):
        S0 = H[min(max(s, 0), h - 1)]; S1 = H[min(max(s + 1, 0), h - 1)]
        out[d] = ((((S0 >> 4) * b0) >> 16) + (((S1 >> 4) * b1) >> 16) + 2) >> 2
    return np.clip(out, 0, 255).astype(np.uint8)
rng = np.random.default_rng(8)
bad = 0; n = 0
for t in range(300):
    h, w = [int(v) for v in rng.integers(1, 60, 2)]; oh, ow = [int(v) for v in rng.integers(1, 90, 2)]; c = int(rng.choice([1, 3, 4]))
    if oh <= h and ow <= w: continue  # coverage averaging, not this rule
    n += 1
    x = rng.integers(0, 256, (h, w, c), dtype=np.uint8)
    cv = cv2.resize(x, (ow, oh), interpolation=cv2.INTER_AREA).reshape(oh, ow, c)
    m = model(x, oh, ow)
    if (cv != m).any():
        bad += 1
        if bad < 5: print('mismatch', (h, w, oh, ow, c), int((cv != m).sum()))
print('mismatching', bad, 'of', n, cv2.__version__)
