// The exact doublings' pipeline constants (`gather_doubling.wgsl`, `gather_doubling_rgb.wgsl`;
// set by the host, src/gpu/shaders.rs): input rows per invocation, the workgroup, and each
// axis's two phases, where output 2i + k takes W{axis}{k}A times input i - 1 + k and
// W{axis}{k}B times input i + k (integers in the lanes' units, or the weights themselves for
// floats), and each axis's bits: in Pillow's fixed point (FIXED_POINT, which PyTorch's and ONNX
// Runtime's 8-bit resizes share) each axis's sums are rounded to bytes by a shift of its own bits,
// the horizontal axis's before the vertical axis weighs them (`between_axes`).
override ROWS: u32 = 2u;
override GROUP_X: u32 = 64u;
override GROUP_Y: u32 = 4u;
override WY0A: f32 = 0.0;
override WY0B: f32 = 0.0;
override WY1A: f32 = 0.0;
override WY1B: f32 = 0.0;
override WX0A: f32 = 0.0;
override WX0B: f32 = 0.0;
override WX1A: f32 = 0.0;
override WX1B: f32 = 0.0;
override X_BITS: u32 = 0u;
override Y_BITS: u32 = 0u;
