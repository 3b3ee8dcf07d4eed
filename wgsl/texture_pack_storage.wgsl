// Staging tensor to a storage texture, one invocation per pixel. `STORAGE_FORMAT` is replaced
// by the target's WGSL texel format when the pipeline is built (src/gpu/shaders.rs).

@group(0) @binding(2) var target_texture: texture_storage_2d<STORAGE_FORMAT, write>;

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if gid.x >= staging_shape.width || gid.y >= staging_shape.height {
        return;
    }
    textureStore(target_texture, gid.xy, staged_texel(gid.x, gid.y));
}
