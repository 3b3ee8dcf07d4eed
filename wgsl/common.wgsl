// Shared by every resize kernel: the parameter block, the weight tables and index decoding.
// Concatenated in front of a kernel's I/O declarations and body (see src/gpu/shaders.rs).

// One pass over one output tensor. Strides are in elements; table offsets in f32 slots.
struct Params {
    out_h: u32,
    out_w: u32,
    channels: u32,
    // Output elements of this pass.
    total: u32,
    src_n: u32,
    src_c: u32,
    src_y: u32,
    src_x: u32,
    dst_n: u32,
    dst_c: u32,
    dst_y: u32,
    dst_x: u32,
    y_table: u32,
    y_taps: u32,
    x_table: u32,
    x_taps: u32,
    // 0: channels innermost (NHWC); 1: planes (NCHW).
    planar: u32,
    flags: u32,
    extrapolation: f32,
    // Invocations per row of the dispatch grid: large tensors need a 2-D grid of workgroups.
    row_stride: u32,
}

// Round each horizontal sum to the element type before the vertical taps (Pillow's 8-bit modes).
const FLAG_ROUND_INTERMEDIATE: u32 = 1u;
// A table row's flag: this output maps outside the input and takes the extrapolation value.
const ROW_OUTSIDE: u32 = 1u;

@group(0) @binding(0) var<uniform> p: Params;
// Both axes' band tables. Each row: [first input index (bits), flags (bits), taps weights].
@group(0) @binding(1) var<storage, read> table: array<f32>;

struct Position {
    n: u32,
    c: u32,
    y: u32,
    x: u32,
}

// The logical position of a flat output index.
fn decode_output(flat: u32) -> Position {
    var pos: Position;
    if p.planar == 0u {
        pos.c = flat % p.channels;
        let pixel = flat / p.channels;
        pos.x = pixel % p.out_w;
        let row = pixel / p.out_w;
        pos.y = row % p.out_h;
        pos.n = row / p.out_h;
    } else {
        pos.x = flat % p.out_w;
        let row = flat / p.out_w;
        pos.y = row % p.out_h;
        let plane = row / p.out_h;
        pos.c = plane % p.channels;
        pos.n = plane / p.channels;
    }
    return pos;
}

fn row_start(row: u32) -> u32 {
    return bitcast<u32>(table[row]);
}

fn row_outside(row: u32) -> bool {
    return (bitcast<u32>(table[row + 1u]) & ROW_OUTSIDE) != 0u;
}

// Table row of output index `i` in the table at `offset` with `taps` weights per row.
fn table_row(offset: u32, taps: u32, i: u32) -> u32 {
    return offset + i * (taps + 2u);
}

fn round_to_u8(v: f32) -> f32 {
    return clamp(floor(v + 0.5), 0.0, 255.0);
}
