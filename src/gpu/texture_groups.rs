//! Workgroups of the vector gather where it reads or writes a texture. A buffer holds its pixels
//! row after row; a texture's driver may lay them out in tiles of several rows (NVIDIA's blocks
//! are 64 bytes wide and 8 rows tall). The gather's 64 x 4 workgroups suit buffers: a warp of
//! 32 invocations stores 32 neighbouring pixels of one row, and an enlargement's invocation
//! stores 4 rows one under the other. Into a texture of 8- or 16-byte texels the same stores
//! cost up to three and a half times what they cost into a buffer; narrower, taller workgroups
//! with fewer rows an invocation (whose computed-taps form keeps the workgroup) bring them back
//! to the buffers' time. Measured on an H200 (BENCHMARKS.md tuning log item 142), GPU µs, the
//! buffers' workgroup against the one kept:
//! - Stores alone into a 3840x2160 target (no loads): `rgba32float` 89.2 with 64 x 4, 67.6 with
//!   32 x 8, 42.0 with 16 x 16, 38.0 with 8 x 32; `rgba16float` 45.3, 27.6, 25.8, 25.8;
//!   `rgba8unorm` 25.4 to 25.6 with any of them, as a buffer's words.
//! - Bilinear f32 tensors into `rgba32float` (8 x 32, 1 row): 1080p x2 170 -> 48 (between
//!   buffers 48), 720p x1.5 29.6 -> 19.3, 4K x0.5 47.3 -> 40.4, 1080p x0.75 21.3 -> 16.9.
//! - f16 tensors into `rgba16float` (8 x 32, at most 2 rows; 8 rows lost): 1080p x2 78 -> 52,
//!   4K x0.5 27.4 -> 23.0.
//! - u8 tensors into `rgba8unorm`: within 1 µs of 64 x 4 with 16 x 16 and 8 x 32 at their best,
//!   so 4-byte texels keep the buffers' workgroup.
//! - Shrinks from a texture (one output row an invocation) take 4 x 64, into a tensor or a
//!   texture of any format: f16 from `rgba16float` 4K x0.5 39.6 -> 25.4 (the buffers' 24.4),
//!   `rgba16float` to `rgba16float` 50.5-54.7 -> 31.9-34.1 (8 x 32: no gain), 1080p x0.75
//!   15.9 -> 14.6; f32 and u8 within 1 µs either way.
//! - Enlargements from a texture into `rgba16float` keep their rows in 8 x 32 (1080p x2 60.2
//!   with 4 rows, 66.6 with 2), as 64 x 4 (61.8); into a tensor they keep the buffers' shape
//!   (no shape tried gained more than 10% on every format, and several lost).

use super::Launch;
use super::params::check_grid;
use super::shaders::{KernelVariant, Vec4Shape};
use crate::spec::Size2;

/// Workgroup of the texture ends' shapes: 8 x 32 (warps of 8 x 4 outputs).
const TARGET_GROUP: (u32, u32) = (8, 32);
/// Workgroup of a shrink from a texture: 4 x 64 (warps of 4 x 8 outputs).
const SOURCE_SHRINK_GROUP: (u32, u32) = (4, 64);

/// The vector gather's work `shape` reshaped for a pass that reads a texture (`source`) or
/// stores into one of format `target`, or `None` where the buffers' shape serves: a shrink from
/// a texture takes [`SOURCE_SHRINK_GROUP`]; a target of 16-byte texels [`TARGET_GROUP`] with
/// one row an invocation, of 8-byte texels with at most two from a buffer (from a texture, the
/// rows it has).
fn texture_shape(
    shape: Vec4Shape,
    source: bool,
    target: Option<wgpu::TextureFormat>,
) -> Option<Vec4Shape> {
    let texel = target.and_then(|format| format.block_copy_size(None));
    let (group, rows) = match texel {
        _ if source && shape.rows == 1 => (SOURCE_SHRINK_GROUP, 1),
        Some(16..) => (TARGET_GROUP, 1),
        Some(8..) if source => (TARGET_GROUP, shape.rows),
        Some(8..) => (TARGET_GROUP, shape.rows.min(2)),
        _ => return None,
    };
    Some(Vec4Shape {
        group_x: group.0,
        group_y: group.1,
        rows,
        ..shape
    })
}

/// Shapes the vector gather's workgroup (and rows per invocation) for a pass of output size
/// `out` that reads a texture (`source`) or stores into one of format `target`, as
/// [`texture_shape`] says. The grid follows; a shape whose grid would exceed `max_groups` per
/// dimension is left alone. Other kernels (the exact doublings, the fused and split kernels)
/// keep theirs.
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
    let Some(fitted) = texture_shape(*shape, source, target) else {
        return;
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
    /// at most two rows from a buffer and their rows from a texture, 4-byte ones the buffers'
    /// shape; shrinks from a texture 4 x 64 whatever the target; the grid covers the output (and
    /// the images) once in each case.
    #[test]
    fn shapes_by_texel_size_and_end() {
        let out = Size2::new(2160, 3840);
        let fitted = |rows, source, target| {
            let mut launch = gather(rows, out);
            fit(&mut launch, out, source, target, 65535);
            shape_and_grid(&launch)
        };
        let buffers = |rows| ((64, 4, rows), (60, 2160u32.div_ceil(4 * rows), 3));
        assert_eq!(
            fitted(4, false, Some(Rgba32Float)),
            ((8, 32, 1), (480, 68, 3))
        );
        assert_eq!(
            fitted(4, true, Some(Rgba32Float)),
            ((8, 32, 1), (480, 68, 3))
        );
        assert_eq!(
            fitted(4, false, Some(Rgba16Float)),
            ((8, 32, 2), (480, 34, 3))
        );
        assert_eq!(
            fitted(4, true, Some(Rgba16Float)),
            ((8, 32, 4), (480, 17, 3))
        );
        assert_eq!(
            fitted(1, false, Some(Rgba16Float)),
            ((8, 32, 1), (480, 68, 3))
        );
        // Shrinks from a texture, into any target.
        for target in [None, Some(Rgba8Unorm), Some(Rgba16Float), Some(Rgba32Float)] {
            assert_eq!(
                fitted(1, true, target),
                ((4, 64, 1), (960, 34, 3)),
                "{target:?}"
            );
        }
        // Neither a 4-byte target nor an enlargement from a texture into a tensor changes
        // anything, nor a pass between buffers.
        assert_eq!(fitted(4, false, Some(Rgba8Unorm)), buffers(4));
        assert_eq!(fitted(4, true, Some(Rgba8Unorm)), buffers(4));
        assert_eq!(fitted(4, true, None), buffers(4));
        assert_eq!(fitted(1, false, None), buffers(1));
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
