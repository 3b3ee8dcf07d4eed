//! Vertical passes read as four-channel pixels.
//!
//! A pass whose horizontal table is the identity weighs each element of an input row on its
//! own, by its row's weights: which channel an element belongs to does not matter. So where a
//! row holds a multiple of four elements, the pass can read the tensor as rows of four-channel
//! pixels (NHWC, the planes of an NCHW tensor as images of their own) and take the vector
//! kernels, one 16-byte (f32) or 4-byte (u8) load per four elements, instead of the strided
//! groups and the u8 quads and staged columns that three-channel pixels and planes need. H200,
//! separable µs (BENCHMARKS.md tuning log item 104): antialiased lanczos3 4K -> 1080p RGB u8
//! 139.6-140.2 -> 102.4-102.8, RGB f16 120.0-120.3 -> 98.8-98.9, grey u8 71.6-72.4 -> 49.9-50.1;
//! antialiased bicubic RGB u8 4K -> 224² 87.2-87.7 -> 65.7-66.0, NCHW f32 79.9-80.6 ->
//! 74.3-75.3; bicubic RGB u8 1080p x2 125.2-125.5 -> 87.7-88.6.
//!
//! Not where the pass converts colour (linear light and premultiplied alpha treat alpha apart
//! from colour, by channel index), where an output maps outside the input horizontally (its
//! extrapolation is per pixel), where the extrapolation is a colour (its value is per channel),
//! for textures, or for the fused kernel, which runs both axes.

use super::params::PassShape;
use crate::spec::{Layout, ResizeSpec, Size2};
use crate::weights::AxisWeights;

/// Channels of the pixels a reshaped pass reads.
const GROUP: u32 = 4;

/// The spec, shape and horizontal table under which pass `shape` of `spec` runs on rows of
/// four-channel pixels, with `identity` the index the caller gives that table (an identity of
/// the reshaped width, moved where the pass's own starts: a sub-image's columns read in place);
/// `None` where the pass keeps its own. `x_table` is the pass's horizontal table.
pub(crate) fn reshape(
    spec: &ResizeSpec,
    shape: &PassShape,
    x_table: &AxisWeights,
    textures: bool,
    identity: u32,
) -> Option<(ResizeSpec, PassShape, AxisWeights)> {
    let (width, channels) = (shape.src_size.width, spec.channels());
    let already_vectors = spec.layout() == Layout::Nhwc && channels % GROUP == 0;
    if already_vectors
        || textures
        || shape.fused.is_some()
        || spec.converts_color()
        || spec.extrapolation_varies_by_channel()
        || x_table.input_len() != width
        || x_table.output_len() != shape.dst_size.width
    {
        return None;
    }
    let first = x_table.slice_identity()?;
    // Elements per row read and written, the elements before the first one read, and the
    // images whose rows those are.
    let (per_column, images) = match spec.layout() {
        Layout::Nhwc => (channels as u64, spec.batch() as u64),
        Layout::Nchw => (1, spec.batch() as u64 * channels as u64),
    };
    let [row, kept, skipped] =
        [width, shape.dst_size.width, first].map(|columns| columns as u64 * per_column);
    if [row, kept, skipped]
        .iter()
        .any(|elements| elements % GROUP as u64 != 0)
    {
        return None;
    }
    let [pixels, kept, skipped] = [row, kept, skipped].map(|e| (e / GROUP as u64) as u32);
    let images = u32::try_from(images).ok()?;
    let input = Size2::new(shape.src_size.height, pixels);
    let output = Size2::new(shape.dst_size.height, kept);
    let reshaped = PassShape {
        src_size: input,
        dst_size: output,
        x: (identity, 1),
        ..*shape
    };
    let table = AxisWeights::identity(kept).within(skipped, pixels);
    Some((spec.as_rgba_rows(images, input, output), reshaped, table))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gpu::color::PassColor;
    use crate::spec::{AxisResample, ElementType, Filter};

    fn vertical_pass(input: Size2, output_height: u32) -> PassShape {
        PassShape {
            src_size: input,
            dst_size: Size2::new(output_height, input.width),
            y: (0, 12),
            x: (2, 1),
            fused: None,
            color: PassColor::FIRST,
        }
    }

    fn spec(channels: u32, layout: Layout, width: u32) -> ResizeSpec {
        ResizeSpec::builder(Size2::new(64, width), Size2::new(32, width / 2))
            .channels(channels)
            .layout(layout)
            .element(ElementType::U8)
            .batch(2)
            .build()
            .unwrap()
    }

    /// RGB rows of a multiple of four bytes and NCHW planes of a multiple of four columns run
    /// as four-channel pixels, the planes as images; the pass keeps its rows and table.
    #[test]
    fn rows_of_whole_groups_read_as_pixels() {
        let input = Size2::new(64, 36);
        let pass = vertical_pass(input, 32);
        let identity = AxisWeights::identity(36);
        let (rgb, shape, table) = reshape(&spec(3, Layout::Nhwc, 36), &pass, &identity, false, 7)
            .expect("RGB rows of 108 bytes");
        assert!(table.is_identity() && table.output_len() == 27);
        assert_eq!(
            (rgb.batch(), rgb.channels(), rgb.layout()),
            (2, 4, Layout::Nhwc)
        );
        assert_eq!(shape.src_size, Size2::new(64, 27));
        assert_eq!(shape.dst_size, Size2::new(32, 27));
        assert_eq!((shape.y, shape.x), ((0, 12), (7, 1)));
        assert_eq!(rgb.tensor_elements(shape.src_size), 2 * 64 * 36 * 3);
        let (planes, shape, _) = reshape(&spec(3, Layout::Nchw, 36), &pass, &identity, false, 7)
            .expect("planes of 36 columns");
        assert_eq!((planes.batch(), planes.channels()), (6, 4));
        assert_eq!(shape.src_size, Size2::new(64, 9));
        // One channel: 36 columns are 9 pixels.
        assert!(reshape(&spec(1, Layout::Nhwc, 36), &pass, &identity, false, 7).is_some());
    }

    /// A sub-image's columns, the pass's identity moved onto them, are read in place as pixels
    /// where the elements before them and their own split into whole groups: RGB columns 4 to
    /// 15 of 36 (bytes 12 to 47 of 108) are pixels 3 to 11 of 27.
    #[test]
    fn sub_images_read_as_pixels_in_place() {
        let pass = PassShape {
            dst_size: Size2::new(32, 12),
            ..vertical_pass(Size2::new(64, 36), 32)
        };
        let columns = AxisWeights::identity(12).within(4, 36);
        let (rgb, shape, table) = reshape(&spec(3, Layout::Nhwc, 36), &pass, &columns, false, 7)
            .expect("RGB columns 4 to 15");
        assert_eq!(
            (rgb.channels(), shape.src_size, shape.dst_size),
            (4, Size2::new(64, 27), Size2::new(32, 9))
        );
        assert_eq!(table.slice_identity(), Some(3));
        assert_eq!((table.input_len(), table.output_len()), (27, 9));
        // Columns 3 to 14 start on byte 9, inside a group: the pass keeps its kernel.
        let off = AxisWeights::identity(12).within(3, 36);
        assert!(reshape(&spec(3, Layout::Nhwc, 36), &pass, &off, false, 7).is_none());
        // Planes: columns 4 to 15 are pixels 1 to 3 of 9.
        let (_, shape, table) = reshape(&spec(3, Layout::Nchw, 36), &pass, &columns, false, 7)
            .expect("plane columns 4 to 15");
        assert_eq!(
            (shape.dst_size, table.slice_identity()),
            (Size2::new(32, 3), Some(1))
        );
    }

    /// Rows that do not split into whole groups, RGBA (already vectors), colour conversions,
    /// textures, horizontal tables other than the identity, and passes that change the width
    /// keep their kernels.
    #[test]
    fn other_passes_keep_their_kernels() {
        let pass = vertical_pass(Size2::new(64, 35), 32);
        let identity = AxisWeights::identity(35);
        assert!(reshape(&spec(3, Layout::Nhwc, 35), &pass, &identity, false, 7).is_none());
        assert!(reshape(&spec(3, Layout::Nchw, 35), &pass, &identity, false, 7).is_none());
        let pass = vertical_pass(Size2::new(64, 36), 32);
        let identity = AxisWeights::identity(36);
        assert!(reshape(&spec(4, Layout::Nhwc, 36), &pass, &identity, false, 7).is_none());
        assert!(reshape(&spec(8, Layout::Nhwc, 36), &pass, &identity, false, 7).is_none());
        assert!(reshape(&spec(3, Layout::Nhwc, 36), &pass, &identity, true, 7).is_none());
        let linear = ResizeSpec::builder(Size2::new(64, 36), Size2::new(32, 18))
            .channels(3)
            .element(ElementType::U8)
            .linear_light(true)
            .build()
            .unwrap();
        assert!(reshape(&linear, &pass, &identity, false, 7).is_none());
        let halving = AxisWeights::compute(36, 18, &AxisResample::default());
        assert!(reshape(&spec(3, Layout::Nhwc, 36), &pass, &halving, false, 7).is_none());
        let mut shifted = AxisWeights::identity(36);
        shifted.set_row(5, 6, &[1.0]);
        assert!(reshape(&spec(3, Layout::Nhwc, 36), &pass, &shifted, false, 7).is_none());
        let mut weighed = AxisWeights::identity(36);
        weighed.set_row(5, 5, &[0.5]);
        assert!(reshape(&spec(3, Layout::Nhwc, 36), &pass, &weighed, false, 7).is_none());
        let cubic = AxisResample::default().with_filter(Filter::Cubic { a: -0.5 });
        let crop = cubic.with_mapping(crate::spec::CoordinateMapping::TfCropAndResize {
            start: -0.5,
            end: 1.5,
        });
        let outside = AxisWeights::identity_with_outside_of(&AxisWeights::compute(36, 36, &crop));
        assert!(outside.any_outside());
        assert!(reshape(&spec(3, Layout::Nhwc, 36), &pass, &outside, false, 7).is_none());
        let wider = PassShape {
            dst_size: Size2::new(32, 72),
            ..pass
        };
        assert!(reshape(&spec(3, Layout::Nhwc, 36), &wider, &identity, false, 7).is_none());
    }
}
