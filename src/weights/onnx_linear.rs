//! ONNX Runtime's tables for plain `linear` `Resize` of uint8 tensors (its CPU kernels'
//! `SetupUpsampleBilinear` and `SetupUpsampleBilinearInteger`; [`crate::OnnxLinearU8`]).
//!
//! Each output takes two inputs an axis, `i1 = floor(c)` and `i2 = min(i1 + 1, len - 1)` of
//! its f32 source coordinate `c` clamped into the input, weighted `|c - i2|` and `|c - i1|`
//! (each 1/2 where the two are one index, at the last). The integer kernel takes the
//! coordinate times 1024 truncated, and the weights as those integers' distances. An axis kept
//! at its size (scale 1) takes each output's own index as its coordinate.

use super::{AxisWeights, OPENCV_PAD, RowBuilder};
use crate::spec::{AxisResample, CoordinateMapping};

/// ONNX Runtime's integer weights, 2^10 to the unit (its `LSHIFT_NUM`).
const INTEGER_UNIT: f32 = 1024.0;

impl AxisWeights {
    /// ONNX Runtime's table of a plain linear resize of uint8 from `input_len` to `output_len`
    /// under `rule` (its mapping in f32), in the padded form of OpenCV's tables
    /// ([`AxisWeights::opencv_linear`]): two taps a row, starting at the first input plus
    /// [`OPENCV_PAD`], the second read at its clamped index. With `integer` the weights are
    /// multiples of 2^-10 as its NHWC kernel takes them, else its f32 weights. Rows of a
    /// `tf_crop_and_resize` region whose coordinate falls outside the input are flagged
    /// outside. [`AxisWeights::for_spec`] takes it for [`crate::ResizeSpec::onnx_linear_u8`].
    pub fn onnx_linear(
        input_len: u32,
        output_len: u32,
        rule: &AxisResample,
        integer: bool,
    ) -> Self {
        let builder = RowBuilder::new(input_len, output_len, rule);
        let kept = builder.scale_f32() == 1.0;
        let extrapolates = matches!(rule.mapping, CoordinateMapping::TfCropAndResize { .. });
        let last = input_len - 1;
        let mut starts = Vec::with_capacity(output_len as usize);
        let mut weights = Vec::with_capacity(2 * output_len as usize);
        let mut outside = Vec::with_capacity(output_len as usize);
        for i in 0..output_len {
            let original = if kept {
                i as f32
            } else {
                builder.coordinate_f32(i)
            };
            outside.push(extrapolates && !kept && !(0.0..=last as f32).contains(&original));
            let coordinate = original.clamp(0.0, last as f32);
            let first = (coordinate as u32).min(last);
            let second = (first + 1).min(last);
            let pair = if first == second {
                [0.5, 0.5]
            } else if integer {
                let scaled = (coordinate * INTEGER_UNIT) as i64;
                let unit = INTEGER_UNIT as i64;
                let to_first = (scaled - i64::from(first) * unit).abs();
                let to_second = (scaled - i64::from(second) * unit).abs();
                [to_second, to_first].map(|units| units as f64 / f64::from(INTEGER_UNIT))
            } else {
                let to_first = (coordinate - first as f32).abs();
                let to_second = (coordinate - second as f32).abs();
                [f64::from(to_second), f64::from(to_first)]
            };
            starts.push(first + OPENCV_PAD);
            weights.extend(pair);
        }
        let mut table = Self::opencv_padded(input_len, output_len, 2, starts, weights);
        table.outside = outside;
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::CoordinateArithmetic;

    fn rule(mapping: CoordinateMapping) -> AxisResample {
        AxisResample {
            mapping,
            arithmetic: CoordinateArithmetic::F32,
            ..AxisResample::default()
        }
    }

    #[test]
    fn tables_take_onnx_runtimes_coordinates_weights_and_edges() {
        // 4 -> 6, half-pixel: coordinates (i + 0.5) / 1.5 - 0.5 = -1/6, 1/2, 7/6, 11/6, 5/2,
        // 19/6, clamped into 0..=3.
        let f32_table = AxisWeights::onnx_linear(4, 6, &rule(CoordinateMapping::HalfPixel), false);
        let integer = AxisWeights::onnx_linear(4, 6, &rule(CoordinateMapping::HalfPixel), true);
        assert_eq!(f32_table.input_len(), 4 + 2 * OPENCV_PAD);
        let firsts: Vec<u32> = (0..6).map(|i| f32_table.start(i) - OPENCV_PAD).collect();
        assert_eq!(firsts, [0, 0, 1, 1, 2, 3]);
        // The first output's coordinate clamps to 0: all of its weight on input 0; the last
        // one's to 3, whose two inputs are one, halved.
        assert_eq!(f32_table.row(0), [1.0, 0.0]);
        assert_eq!(f32_table.row(5), [0.5, 0.5]);
        assert_eq!(integer.row(5), [0.5, 0.5]);
        // 7/6 in f32 times 1024 truncates to 1194: 170 and 854 thousand-and-twenty-fourths.
        let seven_sixths = (2.5f32 / 1.5) - 0.5;
        assert_eq!((seven_sixths * 1024.0) as i64, 1194);
        assert_eq!(integer.row(2), [854.0 / 1024.0, 170.0 / 1024.0]);
        let fraction = seven_sixths - 1.0;
        assert_eq!(
            f32_table.row(2),
            [f64::from(2.0 - seven_sixths), f64::from(fraction)]
        );
        assert!((0..6).all(|i| !f32_table.is_outside(i)));
    }

    #[test]
    fn a_kept_axis_takes_its_own_index_and_a_region_flags_its_outside() {
        let kept = AxisWeights::onnx_linear(3, 3, &rule(CoordinateMapping::AlignCorners), false);
        assert_eq!(kept.row(0), [1.0, 0.0]);
        assert_eq!(kept.row(1), [1.0, 0.0]);
        assert_eq!(kept.row(2), [0.5, 0.5]);
        let region = rule(CoordinateMapping::TfCropAndResize {
            start: -0.5,
            end: 1.5,
        });
        // 3 -> 5 over [-0.5, 1.5]: coordinates -1, 0, 1, 2, 3 in the input's 0..=2.
        let table = AxisWeights::onnx_linear(3, 5, &region, true);
        let flags: Vec<bool> = (0..5).map(|i| table.is_outside(i)).collect();
        assert_eq!(flags, [true, false, false, false, true]);
    }
}
