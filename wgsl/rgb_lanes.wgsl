// RGB u8 pixels in packed lanes, for the exact RGB kernels (`gather_doubling_rgb.wgsl`,
// `gather_halving_rgb.wgsl`): a pixel's three channels in one word, a channel to each 10-bit
// lane, so that one operation weighs or rounds all three. A lane's sum of bytes times integer
// weights adding up to at most 4 units, plus the rounding's half, stays below 1024; the hosts
// take these forms only where the weights keep to that (src/gpu/doubling.rs, halving.rs).
// Where the packed pixels go is the destination file's (`rgb_eights.wgsl`,
// `halving_rgb_fours.wgsl`).

// One in each 10-bit lane, and a byte's bits in each.
const LANE_ONES: u32 = 0x00100401u;
const LANE_BYTES: u32 = 0x0ff3fcffu;

// The three low bytes of `w`, a channel to each 10-bit lane.
fn lanes3(w: u32) -> u32 {
    return (w & 0xffu) | ((w & 0xff00u) << 2u) | ((w & 0xff0000u) << 4u);
}

// Packed sums of 2^`bits` to the unit rounded half up to a byte in each lane, the mask dropping
// what the shift brings down from the lane above.
fn rounded_packed(sum: u32, bits: u32) -> u32 {
    return ((sum + ((1u << bits) >> 1u) * LANE_ONES) >> bits) & LANE_BYTES;
}

// The packed sums' stored bytes: rounded half up (`rounded_packed`), or truncated as ONNX
// Runtime's NHWC integers are (GATHER_ARITHMETIC 4).
fn stored_packed(sum: u32, bits: u32) -> u32 {
    if GATHER_ARITHMETIC == 4u {
        return (sum >> bits) & LANE_BYTES;
    }
    return rounded_packed(sum, bits);
}

// A pixel's lanes of bytes side by side: bytes 0 to 2 of a 24-bit pixel.
fn pixel_bytes(lanes: u32) -> u32 {
    return (lanes & 0xffu) | ((lanes >> 2u) & 0xff00u) | ((lanes >> 4u) & 0xff0000u);
}
