// The exact doublings' and halvings' destination for RGBA f16 buffers: two output pixels, summed
// in f32 (`float_sums.wgsl`), narrowed into one 16-byte store.
@group(0) @binding(3) var<storage, read_write> dst: array<vec4<u32>>;

fn store_pair(i: u32, first: Sum, second: Sum) {
    let a = normalized4(first, 8u * i);
    let b = normalized4(second, 8u * i + 4u);
    dst[i] = vec4<u32>(
        pack2x16float(a.xy),
        pack2x16float(a.zw),
        pack2x16float(b.xy),
        pack2x16float(b.zw),
    );
}
