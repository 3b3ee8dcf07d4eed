// The exact doublings' element operations for RGBA f16 buffers: each group widened to f32 by
// the vector source in front of this (packed words, or WGSL's f16), summed in f32, and two
// pixels narrowed into one 16-byte store.
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<u32>>;

alias Sum = vec4<f32>;

fn load_sum(i: u32) -> Sum {
    return load4(i);
}

fn weigh(w: f32, v: Sum) -> Sum {
    return w * v;
}

fn store_pair(i: u32, a: Sum, b: Sum) {
    dst[i] = vec4<u32>(
        pack2x16float(a.xy),
        pack2x16float(a.zw),
        pack2x16float(b.xy),
        pack2x16float(b.zw),
    );
}
