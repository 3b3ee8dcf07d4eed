//! PyTorch's tables for uint8 tensors: `F.interpolate`'s bilinear and bicubic modes, with and
//! without antialiasing, as PyTorch computes them on the CPU (ATen's
//! `_compute_index_ranges_int16_weights`, shared by its vectorised and generic kernels).
//!
//! PyTorch computes each axis' weights in f64, then stores them as 16-bit integers in units of
//! 2^-p, `p` the first precision at which twice the axis' largest weight reaches 2^15 units (22
//! at most), so that every weight fits 16 bits; each pass then sums bytes times those integers,
//! adds 2^(p-1), shifts right by `p` and clamps to a byte, horizontal pass first, skipping an
//! axis kept at its size. That is Pillow's 8-bit fixed point with another
//! quantisation: a weight of `k` units of 2^-p is `k · 2^(22-p)` units of Pillow's 2^-22, and
//! `(s · 2^(22-p) + 2^21) >> 22` equals `(s + 2^(p-1)) >> p` for every integer sum `s`, so the
//! tables below run on every path that runs Pillow's fixed point, and give PyTorch's bytes.

use super::{AxisWeights, SparseRow};
use crate::spec::{AxisResample, CoordinateMapping, Filter};

/// The largest precision PyTorch gives its 16-bit weights.
const MAX_PRECISION: u32 = 22;

impl AxisWeights {
    /// PyTorch's table of a uint8 resize from `input_len` to `output_len` under `rule` (cubic
    /// of the rule's coefficient, or linear for any other filter; aligned corners or else
    /// half-pixel; antialiased or not), its weights multiples of 2^-p at the axis' precision
    /// `p`. An axis kept at its size is the identity: PyTorch copies it, even where a stated
    /// scale would give other weights. [`AxisWeights::for_spec`] takes it for specs in
    /// PyTorch's 8-bit fixed point ([`crate::ResizeSpec::torch_fixed_point`]).
    pub fn torch_u8(input_len: u32, output_len: u32, rule: &AxisResample) -> Self {
        if input_len == output_len {
            return Self::identity(input_len);
        }
        // Cubic of its coefficient, or linear: a spec in PyTorch's fixed point has no other.
        let (interp_size, a) = match rule.filter {
            Filter::Cubic { a } => (4, Some(a)),
            _ => (2, None),
        };
        let weigh = |x: f64| match a {
            Some(a) => cubic(x, a),
            // The triangle, `1 - |x|` inside 1 (`HelperInterpLinear::aa_filter`), as the
            // library's own linear filter computes it.
            None => crate::kernels::evaluate(&Filter::Linear, x),
        };
        // ATen's `area_pixel_compute_scale`.
        let scale = match rule.mapping {
            CoordinateMapping::AlignCorners if output_len > 1 => {
                f64::from(input_len - 1) / f64::from(output_len - 1)
            }
            CoordinateMapping::AlignCorners => 0.0,
            _ => rule.ratio(input_len, output_len),
        };
        let align_corners = rule.mapping == CoordinateMapping::AlignCorners;
        let rows: Vec<TorchRow> = (0..i64::from(output_len))
            .map(|i| {
                let input_len = i64::from(input_len);
                if rule.antialias {
                    antialiased_row(i, input_len, scale, interp_size, &weigh)
                } else {
                    interpolating_row(i, input_len, scale, align_corners, interp_size, &weigh)
                }
            })
            .collect();
        let largest = rows.iter().map(|row| row.largest).fold(0.0, f64::max);
        let unit = f64::from(1u32 << precision_of(largest));
        let sparse = rows
            .into_iter()
            .map(|row| SparseRow {
                taps: (row.first..)
                    .zip(row.weights)
                    .map(|(j, w)| (j as u32, to_int16(w * unit) / unit))
                    .collect(),
                outside: false,
            })
            .collect();
        Self::from_sparse_rows(input_len, sparse)
    }
}

/// One output's taps before quantisation: the first input, the f64 weights of consecutive
/// inputs from it, and what the row adds to the axis' largest weight, from which PyTorch takes
/// the axis' precision.
struct TorchRow {
    first: i64,
    weights: Vec<f64>,
    largest: f64,
}

/// PyTorch's precision: the first `p` below 22 at which `(int)(0.5 + largest · 2^(p+1))`
/// reaches 2^15, else 22.
fn precision_of(largest: f64) -> u32 {
    (0..MAX_PRECISION)
        .find(|&p| (0.5 + largest * f64::from(1u32 << (p + 1))) as i64 >= 1 << 15)
        .unwrap_or(MAX_PRECISION)
}

/// A scaled weight as PyTorch stores it: half away from zero, truncated to an integer.
fn to_int16(v: f64) -> f64 {
    if v < 0.0 {
        (-0.5 + v).trunc()
    } else {
        (0.5 + v).trunc()
    }
}

/// Keys' cubic of coefficient `a` (`HelperInterpCubic::aa_filter`, with ATen's
/// `cubic_convolution1` and `cubic_convolution2`, operation for operation). Not the library's
/// own cubic (`kernels.rs`): between 1 and 2 ATen multiplies each term by `a`, which rounds
/// otherwise than factoring it out, and the tables must be PyTorch's to the last bit.
fn cubic(x: f64, a: f64) -> f64 {
    let x = x.abs();
    if x < 1.0 {
        ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0
    } else if x < 2.0 {
        ((a * x - 5.0 * a) * x + 8.0 * a) * x - 4.0 * a
    } else {
        0.0
    }
}

/// An antialiased row (`_compute_indices_min_size_weights_aa`): the inputs from `xmin` whose
/// centres lie within the filter's support widened by the ratio, weighed at their distances
/// narrowed by it, and normalised by their sum.
fn antialiased_row(
    i: i64,
    input_len: i64,
    scale: f64,
    interp_size: i64,
    weigh: &dyn Fn(f64) -> f64,
) -> TorchRow {
    let half = interp_size as f64 * 0.5;
    let support = if scale >= 1.0 { half * scale } else { half };
    let max_interp_size = support.ceil() as i64 * 2 + 1;
    let center = scale * (i as f64 + 0.5);
    let invscale = if scale >= 1.0 { 1.0 / scale } else { 1.0 };
    // Casts truncate toward zero, as C++'s do.
    let xmin = ((center - support + 0.5) as i64).max(0);
    let xsize = (((center + support + 0.5) as i64).min(input_len) - xmin).clamp(0, max_interp_size);
    let mut weights: Vec<f64> = (0..xsize)
        .map(|j| weigh(((j + xmin) as f64 - center + 0.5) * invscale))
        .collect();
    let total: f64 = weights.iter().sum();
    let mut largest = 0.0;
    if total != 0.0 {
        for w in &mut weights {
            *w /= total;
            largest = f64::max(largest, *w);
        }
    }
    TorchRow {
        first: xmin,
        weights,
        largest,
    }
}

/// A row without antialiasing (`_compute_indices_min_size_weights`): the source coordinate of
/// output `i` (`area_pixel_compute_source_index`, its floor taken in f32 as `floorf` does), and
/// `interp_size` taps around it, in order, those before the first input added onto it and
/// those past the last onto the last. PyTorch's largest weight counts every sum on the way,
/// which may exceed the final weight where a negative cubic lobe is added last.
fn interpolating_row(
    i: i64,
    input_len: i64,
    scale: f64,
    align_corners: bool,
    interp_size: i64,
    weigh: &dyn Fn(f64) -> f64,
) -> TorchRow {
    let cubic = interp_size > 2;
    let real = if align_corners {
        scale * i as f64
    } else {
        let source = scale * (i as f64 + 0.5) - 0.5;
        if !cubic && source < 0.0 { 0.0 } else { source }
    };
    let index = ((real as f32).floor() as i64).min(input_len - 1);
    let lambda = (real - index as f64).clamp(0.0, 1.0);
    let support = interp_size / 2;
    let unbound_min = index - support + 1;
    let index_min = unbound_min.max(0);
    let index_size = ((index + support + 1).min(input_len) - index_min).clamp(0, interp_size);
    let mut weights = vec![0.0; index_size as usize];
    let mut largest = 0.0;
    let mut w_index = 0;
    for j in 0..interp_size {
        let w = weigh((j + 1 - support) as f64 - lambda);
        if unbound_min + j <= 0 {
            w_index = 0;
        } else if unbound_min + j >= input_len - 1 {
            w_index = index_size - 1;
        }
        weights[w_index as usize] += w;
        largest = f64::max(largest, weights[w_index as usize]);
        w_index += 1;
    }
    TorchRow {
        first: index_min,
        weights,
        largest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The precision PyTorch gives an axis: 14 bits where a weight reaches 1, 15 below, finer
    /// for the small weights of a strong shrink, and 22 at most.
    #[test]
    fn precision_follows_the_largest_weight() {
        assert_eq!(precision_of(1.0), 14);
        assert_eq!(precision_of(1.2), 14);
        assert_eq!(precision_of(0.9), 15);
        assert_eq!(precision_of(0.5), 15);
        assert_eq!(precision_of(1.0 / 64.0), 20);
        assert_eq!(precision_of(1e-9), MAX_PRECISION);
    }

    fn bilinear(antialias: bool) -> AxisResample {
        AxisResample {
            antialias,
            border: if antialias {
                crate::spec::Border::Renormalize
            } else {
                crate::spec::Border::Clamp
            },
            ..AxisResample::default()
        }
    }

    /// Weights are whole multiples of 2^-p at the axis' precision, and each row's sum is 1
    /// within the rounding of its taps; a doubling's weights are exact quarters at 14 bits.
    #[test]
    fn weights_are_multiples_of_the_axis_precision() {
        let doubling = AxisWeights::torch_u8(20, 40, &bilinear(false));
        for i in 1..39 {
            let mut row = doubling.row(i).to_vec();
            row.sort_by(f64::total_cmp);
            assert_eq!(row, [0.25, 0.75], "row {i}");
        }
        for (input, output, antialias) in [(47, 20, true), (200, 10, true), (13, 29, false)] {
            let table = AxisWeights::torch_u8(input, output, &bilinear(antialias));
            let unit = (0..table.output_len() as usize)
                .flat_map(|i| table.row(i).to_vec())
                .fold(0.0, f64::max);
            let bits = precision_of(unit);
            let scale = f64::from(1u32 << bits);
            for i in 0..table.output_len() as usize {
                let row = table.row(i);
                assert!(
                    row.iter().all(|w| (w * scale).fract() == 0.0),
                    "{input}->{output} row {i}: {row:?}"
                );
                let sum: f64 = row.iter().sum();
                assert!(
                    (sum - 1.0).abs() <= row.len() as f64 / scale,
                    "{input}->{output} row {i}: {sum}"
                );
            }
        }
    }

    /// An axis kept at its size is copied, as PyTorch copies it, even under a stated scale
    /// whose weights would blur it.
    #[test]
    fn an_axis_kept_at_its_size_is_the_identity() {
        let scaled = bilinear(false).with_scale(Some(1.05));
        assert!(AxisWeights::torch_u8(10, 10, &scaled).is_identity());
        assert!(!AxisWeights::compute(10, 10, &scaled).is_identity());
    }

    /// Without antialiasing, taps past the last input are added onto it in order, and PyTorch
    /// counts each partial sum toward the largest weight: a cubic's negative last lobe makes
    /// the partial sum larger than the final weight.
    #[test]
    fn folded_taps_count_their_partial_sums() {
        let weigh = |x: f64| cubic(x, -0.75);
        // The last output of 10 -> 13 reads past the last input.
        let row = interpolating_row(12, 10, 10.0 / 13.0, false, 4, &weigh);
        let final_largest = row.weights.iter().copied().fold(0.0, f64::max);
        assert!(
            row.largest > final_largest,
            "{} <= {final_largest}",
            row.largest
        );
        let sum: f64 = row.weights.iter().sum();
        assert!((sum - 1.0).abs() < 1e-12, "{sum}");
    }
}
