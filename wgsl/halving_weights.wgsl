// The exact halvings' constants (`gather_halving.wgsl`, `gather_halving_rgb.wgsl`): the
// workgroup and output rows per invocation, and each axis's two weights on inputs 2j and 2j + 1
// (integers in the lanes' units for u8, the weights themselves for floats) with its bits, by
// which the u8 kernels round: both axes' bits after both axes, or in Pillow's fixed point
// (FIXED_POINT) each axis's own after it, the horizontal axis's first. The element files
// declare the source, as words of the size their rows keep whole.

override ROWS: u32 = 1u;
override GROUP_X: u32 = 64u;
override GROUP_Y: u32 = 4u;
override WYA: f32 = 0.5;
override WYB: f32 = 0.5;
override WXA: f32 = 0.5;
override WXB: f32 = 0.5;
override X_BITS: u32 = 0u;
override Y_BITS: u32 = 0u;
