//! Workgroups of the vector gather where it reads or writes a texture. A buffer holds its pixels
//! row after row; a texture's driver may lay them out in tiles of several rows (NVIDIA's blocks
//! are 64 bytes wide and 8 rows tall). The gather's 64 x 4 workgroups suit buffers: a warp of
//! 32 invocations stores 32 neighbouring pixels of one row, and an enlargement's invocation
//! stores 4 rows one under the other. Into a texture of 8- or 16-byte texels the same stores
//! cost two to three times what they cost into a buffer, and narrower, taller workgroups with
//! fewer rows an invocation (whose computed-taps form keeps the workgroup) bring them back near
//! the buffers' time. Measured on an H200 (`examples/lab_tex_groups.rs` of tuning log item 142,
//! GPU µs, the buffers' workgroup against the one kept):
//! - Stores alone into a 3840x2160 target (no loads): `rgba32float` 89.2 with 64 x 4, 67.6 with
//!   32 x 8, 42.0 with 16 x 16, 38.0 with 8 x 32; `rgba16float` 45.3, 27.6, 25.8, 25.8;
//!   `rgba8unorm` 25.4 to 25.6 with any of them, as a buffer's words.
//! - Bilinear RGBA f32 into `rgba32float`: 1080p x2 163 -> 64 to 69 (8 x 32, 1 row), 720p x1.5
//!   29 to 31 -> 20 to 22, 4K x0.5 47.7 -> 40.8, 384x640 x2 13.3 -> 10.1; between buffers 47.8,
//!   18.3 to 20.4, 43.5, 9.4.
//! - f16 into `rgba16float`: 1080p x2 75 to 76 -> 52.0 (8 x 32, 2 rows; 8 rows 77 to 79), 4K
//!   x0.5 27.3 -> 24.0.
//! - u8 into `rgba8unorm`: within 1 µs of 64 x 4 with 16 x 16 and 8 x 32 at their best, so
//!   4-byte texels keep the buffers' workgroup.
//!
//! Reading a texture, shrinks (one output row an invocation) gain from 4 x 64: f16 from
//! `rgba16float` 4K x0.5 39.6 -> 25.6 (the buffers' 24.5), 1080p x0.75 15.9 -> 14.1-14.6;
//! u8 and f32 within 1 µs. Enlargements from a texture, whose invocations store several rows,
//! gained at most 10% with any shape tried and lost with others, so they keep theirs.

use super::Launch;
use super::params::check_grid;
use super::shaders::{KernelVariant, Vec4Shape};
use crate::spec::Size2;

/// The workgroup and most output rows per invocation of a pass that stores into a texture of
/// `format`, where they differ from the buffers': texels of 8 bytes or more.
fn target_shape(format: wgpu::TextureFormat) -> Option<(u32, u32, u32)> {
    match format.block_copy_size(None)? {
        16.. => Some((8, 32, 1)),
        8.. => Some((8, 32, 2)),
        _ => None,
    }
}

/// The workgroup of a shrink that reads a texture: 4 x 64 (warps of 4 x 8 outputs).
const SOURCE_SHRINK_GROUP: (u32, u32) = (4, 64);

/// Shapes the vector gather's workgroup (and rows per invocation) for a pass of output size
/// `out` that reads a texture (`source`) or stores into one of format `target`: the target's
/// shape where its texels take one, else a shrink's from a texture source. The grid follows;
/// a shape whose grid would exceed `max_groups` per dimension is left alone. Other kernels
/// (the exact doublings, the fused and split kernels) keep theirs.
pub(super) fn fit(
    launch: &mut Launch,
    out: Size2,
    source: bool,
    target: Option<wgpu::TextureFormat>,
    max_groups: u32,
) {
    let KernelVariant::GatherVec4 { shape, .. } = &mut launch.variant else {
        return;
    };
    let fitted = match target.and_then(target_shape) {
        Some((group_x, group_y, max_rows)) => Vec4Shape {
            group_x,
            group_y,
            rows: shape.rows.min(max_rows),
            ..*shape
        },
        None if source && shape.rows == 1 => Vec4Shape {
            group_x: SOURCE_SHRINK_GROUP.0,
            group_y: SOURCE_SHRINK_GROUP.1,
            ..*shape
        },
        None => return,
    };
    let grid = (
        out.width.div_ceil(fitted.group_x),
        out.height.div_ceil(fitted.group_y * fitted.rows),
        launch.workgroups.2,
    );
    if check_grid(grid, max_groups).is_ok() {
        *shape = fitted;
        launch.workgroups = grid;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::ElementType;
    use wgpu::TextureFormat::{Rgba8Unorm, Rgba16Float, Rgba32Float};

    fn gather(rows: u32, out: Size2) -> Launch {
        let shape = Vec4Shape {
            rows,
            ..Default::default()
        };
        Launch {
            variant: KernelVariant::GatherVec4 {
                src: ElementType::F32,
                dst: ElementType::F32,
                taps_y: 2,
                taps_x: 2,
                shape,
            },
            workgroups: (
                out.width.div_ceil(shape.group_x),
                out.height.div_ceil(shape.group_y * rows),
                3,
            ),
            row_stride: 0,
        }
    }

    fn shape_and_grid(launch: &Launch) -> ((u32, u32, u32), (u32, u32, u32)) {
        match launch.variant {
            KernelVariant::GatherVec4 { shape, .. } => (
                (shape.group_x, shape.group_y, shape.rows),
                launch.workgroups,
            ),
            _ => unreachable!("the tests fit vector gathers"),
        }
    }

    /// Targets of 16-byte texels take 8 x 32 workgroups of one row an invocation, 8-byte ones
    /// at most two rows, 4-byte ones the buffers' shape; shrinks from a texture 4 x 64; the grid
    /// covers the output (and the images) once in each case.
    #[test]
    fn shapes_by_texel_size_and_end() {
        let out = Size2::new(2160, 3840);
        let fitted = |rows, source, target| {
            let mut launch = gather(rows, out);
            fit(&mut launch, out, source, target, 65535);
            shape_and_grid(&launch)
        };
        assert_eq!(
            fitted(4, false, Some(Rgba32Float)),
            ((8, 32, 1), (480, 68, 3))
        );
        assert_eq!(
            fitted(4, false, Some(Rgba16Float)),
            ((8, 32, 2), (480, 34, 3))
        );
        assert_eq!(
            fitted(1, true, Some(Rgba16Float)),
            ((8, 32, 1), (480, 68, 3))
        );
        // Neither a 4-byte target nor a source's enlargement changes anything.
        assert_eq!(
            fitted(4, false, Some(Rgba8Unorm)),
            ((64, 4, 4), (60, 135, 3))
        );
        assert_eq!(fitted(4, true, None), ((64, 4, 4), (60, 135, 3)));
        assert_eq!(
            fitted(1, true, Some(Rgba8Unorm)),
            ((4, 64, 1), (960, 34, 3))
        );
        assert_eq!(fitted(1, true, None), ((4, 64, 1), (960, 34, 3)));
        assert_eq!(fitted(1, false, None), ((64, 4, 1), (60, 540, 3)));
    }

    /// A grid that the shaped workgroup would make too wide for the device stays as it was.
    #[test]
    fn a_grid_over_the_limit_keeps_the_buffers_shape() {
        let out = Size2::new(64, 4 * 70_000);
        let mut launch = gather(1, out);
        let before = shape_and_grid(&launch);
        fit(&mut launch, out, true, None, 65535);
        assert_eq!(shape_and_grid(&launch), before);
    }
}
