//! ONNX Runtime's tables for antialiased `Resize` of uint8 tensors (its CPU kernels'
//! `SetupUpsampleFilterAntiAlias` and `ComputeInterpolationAtLevel1/2`).
//!
//! ONNX Runtime's antialiased kernels are Pillow's algorithm: each output's band around its
//! centre, the filter stretched by the shrink, taps beyond the edge folded onto it (or, with
//! `exclude_outside`, left out), the weights normalised by their sum; on uint8 the normalised
//! weights are stored as integers `round(w · 2^22)` and each pass sums bytes times those
//! integers plus 2^21, shifts right by 22 and clamps to a byte, the horizontal pass first, an
//! axis kept at its size copied. That is Pillow's 8-bit fixed point with ONNX Runtime's
//! weights, so the tables below run on every path that runs Pillow's fixed point. What makes
//! them ONNX Runtime's is the arithmetic: every step in f32, as its kernels take it, and the
//! integers rounded half away from zero (`std::round`); computed in f64, or rounded to even,
//! some weights come out one unit apart, and some bytes one level apart
//! (`benchmarks/2026-12-05-lab-onnx-u8-antialias-model.py`).

use super::{AxisWeights, RowBuilder, SparseRow};
use crate::spec::{AxisResample, Border, CoordinateMapping, Filter};

/// Units of ONNX Runtime's integer weights, 2^22 to the unit (its `mag_factor_x_2`).
const UNIT: f32 = 4_194_304.0;

impl AxisWeights {
    /// ONNX Runtime's table of an antialiased uint8 resize from `input_len` to `output_len`
    /// under `rule` (linear, or cubic of the rule's coefficient; the rule's mapping in f32;
    /// taps beyond the edge left out where the border renormalises, folded onto it otherwise),
    /// its weights multiples of 2^-22. An axis kept at its size is copied, as ONNX Runtime
    /// copies it (its scale is 1, so none of its rows is outside). Rows of a
    /// `tf_crop_and_resize` region whose centre falls outside the input are flagged outside.
    /// [`AxisWeights::for_spec`] takes it for specs in ONNX Runtime's 8-bit fixed point
    /// ([`crate::ResizeSpec::onnx_fixed_point`]).
    pub fn onnx_u8(input_len: u32, output_len: u32, rule: &AxisResample) -> Self {
        if input_len == output_len {
            return Self::identity(input_len);
        }
        let builder = RowBuilder::new(input_len, output_len, rule);
        let extrapolates = matches!(rule.mapping, CoordinateMapping::TfCropAndResize { .. });
        let last = (input_len - 1) as f32;
        let (support_size, cubic) = match rule.filter {
            Filter::Cubic { a } => (4.0f32, Some(a as f32)),
            _ => (2.0f32, None),
        };
        let filter = |x: f32| {
            let x = x.abs();
            match cubic {
                Some(a) if x < 1.0 => ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0,
                Some(a) if x < 2.0 => (((x - 5.0) * x + 8.0) * x - 4.0) * a,
                None if x < 1.0 => 1.0 - x,
                _ => 0.0,
            }
        };
        let exclude_outside = rule.border == Border::Renormalize;
        let scale = 1.0 / builder.scale_f32();
        let shrinks = scale >= 1.0;
        // Sizes make the support at most twice the input; a wild stated scale could make it
        // endless, and the cap keeps its bands (and their work) bounded without changing any
        // table a scale of the sizes gives.
        let support = if shrinks {
            (support_size * 0.5) * scale
        } else {
            support_size * 0.5
        }
        .min(2.0 * input_len as f32 + 2.0);
        let window = support.ceil() as i64 * 2 + 1;
        let inv_scale = if shrinks { 1.0 / scale } else { 1.0 };
        let input = i64::from(input_len);
        let rows = (0..output_len)
            .map(|i| {
                let coordinate = if scale == 1.0 {
                    i as f32
                } else {
                    builder.coordinate_f32(i)
                };
                let center = 0.5 + coordinate;
                let xmin_real = (center - support + 0.5).floor() as i64;
                let xmax_real = (center + support + 0.5).floor() as i64;
                let xmax_real = xmin_real + (xmax_real - xmin_real).clamp(0, window);
                let (xmin_cut, xmax_cut) = (xmin_real.clamp(0, input), xmax_real.clamp(0, input));
                let (xmin, xmax) = if exclude_outside {
                    (xmin_cut, xmax_cut)
                } else {
                    (xmin_real, xmax_real)
                };
                let count = xmax - xmin;
                let mut band: Vec<f32> = (0..count)
                    .map(|x| filter(((x + xmin) as f32 - center + 0.5) * inv_scale))
                    .collect();
                // The sum in the order ONNX Runtime adds the weights, before any folding.
                let total = band.iter().fold(0.0f32, |sum, &w| sum + w);
                if !exclude_outside && xmin_cut < xmax_cut {
                    // Taps before the first input onto the first, past the last onto the last.
                    let before = (-xmin).clamp(0, count - 1) as usize;
                    for x in 0..before {
                        band[before] += band[x];
                    }
                    let after = (xmax - input).clamp(0, count - 1) as usize;
                    let edge = count as usize - after - 1;
                    for x in count as usize - after..count as usize {
                        band[edge] += band[x];
                    }
                    band.drain(..before);
                }
                let inverse = if total == 0.0 { 1.0 } else { 1.0 / total };
                let taps = (xmin_cut..xmax_cut)
                    .zip(&band)
                    .map(|(j, &w)| {
                        // `std::round`: halves away from zero, as `f32::round` takes them.
                        let units = (w * inverse * UNIT).round();
                        (j as u32, f64::from(units) / f64::from(UNIT))
                    })
                    .collect::<Vec<_>>();
                SparseRow {
                    // A band with no input in it sums to nothing: one tap of weight 0.
                    taps: if taps.is_empty() {
                        vec![(xmin_cut.clamp(0, input - 1) as u32, 0.0)]
                    } else {
                        taps
                    },
                    // ONNX Runtime's test, on the centre less the half it added.
                    outside: extrapolates && (center - 0.5 < 0.0 || center - 0.5 > last),
                }
            })
            .collect();
        Self::from_sparse_rows(input_len, rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::CoordinateArithmetic;

    fn rule(filter: Filter, mapping: CoordinateMapping, border: Border) -> AxisResample {
        AxisResample {
            filter,
            mapping,
            antialias: true,
            border,
            scale: None,
            arithmetic: CoordinateArithmetic::F32,
        }
    }

    /// On every length from 1 to 40 either way, linear and cubic, folded or excluded: weights
    /// are whole units of 2^-22, bands lie inside the input, rows flagged outside only under
    /// `tf_crop_and_resize`, and each row's units sum to 2^22 within 32 wherever it has inputs
    /// (f32 normalisation by a sum of weights of both signs loses a few bits: 16 units at most
    /// here, cubic rows cut at an edge); an axis kept at its size is the identity.
    #[test]
    fn tables_are_whole_units_inside_the_input() {
        let crop = CoordinateMapping::TfCropAndResize {
            start: -0.3,
            end: 1.2,
        };
        for filter in [Filter::Linear, Filter::Cubic { a: -0.75 }] {
            for border in [Border::Clamp, Border::Renormalize] {
                for mapping in [
                    CoordinateMapping::HalfPixel,
                    CoordinateMapping::Asymmetric,
                    crop,
                ] {
                    for input in 1..=40u32 {
                        for output in 1..=40u32 {
                            let rule = rule(filter, mapping, border);
                            let table = AxisWeights::onnx_u8(input, output, &rule);
                            if input == output {
                                assert!(table.is_identity(), "{input}");
                                continue;
                            }
                            for i in 0..output as usize {
                                assert!(table.start(i) + table.taps() <= input);
                                assert!(!table.is_outside(i) || mapping == crop);
                                let units: Vec<f64> =
                                    table.row(i).iter().map(|w| w * f64::from(UNIT)).collect();
                                assert!(units.iter().all(|u| u.fract() == 0.0), "{units:?}");
                                let sum: f64 = units.iter().sum();
                                let off = (sum - f64::from(UNIT)).abs();
                                assert!(
                                    sum == 0.0 || off <= 32.0,
                                    "{filter:?} {border:?} {input} -> {output} row {i}: {sum}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
