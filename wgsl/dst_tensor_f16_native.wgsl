// `dst_tensor_f32.wgsl` for f16 tensors on a device with `shader-f16`: the same stores, each
// narrowed to WGSL's f16 (packed words would have neighbouring pixels share one).
@group(0) @binding(3) var<storage, read_write> dst: array<f16>;

override OUT_CHANNELS: u32 = 3u;
override OUT_PLANAR: bool = true;

fn store4v(i: u32, v: vec4<f32>) {
    var first = i * OUT_CHANNELS;
    var step = 1u;
    if OUT_PLANAR {
        first = i;
        step = p.out_h * p.out_w;
    }
    dst[first] = f16(v.x);
    if OUT_CHANNELS > 1u {
        dst[first + step] = f16(v.y);
    }
    if OUT_CHANNELS > 2u {
        dst[first + 2u * step] = f16(v.z);
    }
    if OUT_CHANNELS > 3u {
        dst[first + 3u * step] = f16(v.w);
    }
}
