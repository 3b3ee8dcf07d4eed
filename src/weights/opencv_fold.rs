//! OpenCV's padded 8-bit tables ([`AxisWeights::opencv`]) folded onto the input they read, so
//! that kernels which take a band's taps as consecutive inputs (the quad and staged u8 gathers,
//! reading a column's taps as words) can run OpenCV's horizontal sums without clamping each
//! index.

use super::{AxisWeights, OPENCV_PAD};
use crate::gather_arithmetic::GatherArithmetic;
use crate::spec::ResizeSpec;

impl AxisWeights {
    /// The `(y, x)` tables the gather kernels read for `spec`: [`AxisWeights::for_spec`]'s,
    /// but that OpenCV's horizontal table (and ONNX Runtime's of its NHWC integers) is folded
    /// onto the input ([`AxisWeights::fold_opencv_padding`]): for a cut, the sub-image's tables
    /// (folded onto the sub-image), moved where it lies. Folded onto the input it reads, a
    /// column's taps are consecutive inputs, as the quad and staged gathers read them (exact:
    /// those libraries sum each row in integers). The vertical table stays padded, and the
    /// kernels clamp the rows it reads, each of whose products OpenCV rounds on its own; ONNX
    /// Runtime's f32 steps keep both tables padded, two taps on one clamped index rounding
    /// apart.
    pub(crate) fn for_gathers(spec: &ResizeSpec) -> (AxisWeights, AxisWeights) {
        if let (Some(cut), Some((_, resize))) = (spec.cut(), spec.stages()) {
            return Self::within_cut(Self::for_gathers(&resize), cut, spec.input());
        }
        let (y, x) = Self::for_spec(spec);
        if spec
            .gather_arithmetic()
            .is_some_and(GatherArithmetic::folds_columns)
        {
            return (y, x.fold_opencv_padding());
        }
        (y, x)
    }

    /// This padded OpenCV table ([`AxisWeights::opencv`]) over its input alone: each tap moved
    /// to the input it reads (padded index `i` reads `clamp(i - OPENCV_PAD, 0, len - 1)`),
    /// taps that read one input merged into one of their summed weight, and every row
    /// `min(taps, len)` taps that lie inside the input (`len` the unpadded length).
    ///
    /// Exact for OpenCV's horizontal sums, which are integers: its weights are multiples of
    /// 2^-11 (2^-8), so the merged weights are too, and `a·b + c·b = (a + c)·b`, wrapping or
    /// not. Not for its `INTER_LINEAR` vertical taps, each of whose products is rounded on its
    /// own (`OpenCvFixedPoint::Linear`), which is why kernels keep the vertical table padded.
    /// Rows flagged outside (bands of padding) keep their flag and their zero weights.
    pub(crate) fn fold_opencv_padding(&self) -> AxisWeights {
        debug_assert!(self.input_len > 2 * OPENCV_PAD);
        let input = self.input_len - 2 * OPENCV_PAD;
        let taps = self.taps.min(input);
        let read = |padded: u32| super::padded_input(padded, input);
        let mut starts = Vec::with_capacity(self.output_len as usize);
        let mut weights = vec![0.0; self.output_len as usize * taps as usize];
        for i in 0..self.output_len as usize {
            // Clamping keeps the band's order and never widens it: its inputs run from
            // `read(start)` over at most `taps` of them, so a band starting there (or where
            // the last full band of the input starts) holds them all.
            let start = read(self.start(i)).min(input - taps);
            let band = &mut weights[i * taps as usize..(i + 1) * taps as usize];
            for (t, &w) in (self.start(i)..).zip(self.row(i)) {
                band[(read(t) - start) as usize] += w;
            }
            starts.push(start);
        }
        AxisWeights {
            input_len: input,
            output_len: self.output_len,
            taps,
            starts,
            weights,
            outside: self.outside.clone(),
            clamped: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::OpenCvFixedPoint;

    /// A small deterministic generator (xorshift), so that the cases are the same each run.
    struct Bytes(u64);

    impl Bytes {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// Weights as OpenCV's integers (multiples of 2^-11; 2^-8 for `INTER_LINEAR_EXACT`).
    fn fixed(w: f64, unit: f64) -> i32 {
        let scaled = w * unit;
        assert_eq!(
            scaled,
            scaled.round(),
            "weight {w} is not a multiple of 1/{unit}"
        );
        scaled as i32
    }

    /// Every rounding's folded tables give each output the integer sum that the padded table
    /// gives by clamping each index, on lengths from 1 (every tap on one input) up, enlarging
    /// and shrinking; their bands lie inside the input and keep the outside flags.
    #[test]
    fn folded_tables_sum_as_the_clamped_padded_tables() {
        let mut random = Bytes(0x9e37_79b9_7f4a_7c15);
        let roundings = [
            (OpenCvFixedPoint::Linear, 2048.0),
            (OpenCvFixedPoint::Lanczos4, 2048.0),
            (OpenCvFixedPoint::LinearExact, 256.0),
            (OpenCvFixedPoint::AreaUpscale, 2048.0),
        ];
        let lengths = [1u32, 2, 3, 5, 7, 8, 9, 13, 31, 64];
        let mut checked = 0;
        for (rounding, unit) in roundings {
            for &input in &lengths {
                for &output in &lengths {
                    if rounding == OpenCvFixedPoint::AreaUpscale && output < input {
                        continue;
                    }
                    for horizontal in [false, true] {
                        let padded =
                            AxisWeights::opencv(rounding, input, output, horizontal).padded(1, 2);
                        let folded = padded.fold_opencv_padding();
                        assert_eq!(folded.input_len(), input);
                        assert_eq!(folded.taps(), padded.taps().min(input));
                        let bytes: Vec<i32> =
                            (0..input).map(|_| (random.next() % 256) as i32).collect();
                        for i in 0..padded.output_len() as usize {
                            assert_eq!(folded.is_outside(i), padded.is_outside(i));
                            assert!(folded.start(i) + folded.taps() <= input);
                            let clamped: i32 = (padded.start(i)..)
                                .zip(padded.row(i))
                                .map(|(t, &w)| {
                                    let x = (t.max(OPENCV_PAD) - OPENCV_PAD).min(input - 1);
                                    fixed(w, unit) * bytes[x as usize]
                                })
                                .sum();
                            let inside: i32 = (folded.start(i)..)
                                .zip(folded.row(i))
                                .map(|(x, &w)| fixed(w, unit) * bytes[x as usize])
                                .sum();
                            assert_eq!(
                                inside, clamped,
                                "{rounding:?} {input} -> {output}, row {i}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked} rows");
    }
}
