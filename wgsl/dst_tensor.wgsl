// Destination of the vector kernels as the caller's tensor of one image: each pixel's first
// OUT_CHANNELS channels, either as planes of `p.out_h * p.out_w` elements (OUT_PLANAR: NCHW, the
// RGB planes a model takes from an RGBA frame) or as pixels of OUT_CHANNELS elements (NHWC). The
// kernels sum four channels as for RGBA pixels; this store keeps the ones asked for. Each
// pixel's elements are its own, so no two invocations write one word: TENSOR_ELEMENT is `f32`,
// or `f16` on a device with `shader-f16` (replaced when the pipeline is built,
// src/gpu/shaders.rs), never packed words that neighbouring pixels would share.
@group(0) @binding(3) var<storage, read_write> dst: array<TENSOR_ELEMENT>;

override OUT_CHANNELS: u32 = 3u;
override OUT_PLANAR: bool = true;

// Each kept channel is normalised as it is stored where NORMALIZE (common.wgsl): the lanes are
// the pixel's four channels, the statistics of those past the tensor's the identity.
fn store4v(i: u32, stored: vec4<f32>) {
    let v = normalized_pixel(stored);
    var first = i * OUT_CHANNELS;
    var step = 1u;
    if OUT_PLANAR {
        first = i;
        step = p.out_h * p.out_w;
    }
    dst[first] = TENSOR_ELEMENT(v.x);
    if OUT_CHANNELS > 1u {
        dst[first + step] = TENSOR_ELEMENT(v.y);
    }
    if OUT_CHANNELS > 2u {
        dst[first + 2u * step] = TENSOR_ELEMENT(v.z);
    }
    if OUT_CHANNELS > 3u {
        dst[first + 3u * step] = TENSOR_ELEMENT(v.w);
    }
}
