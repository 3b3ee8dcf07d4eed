//! Pillow's two-step resize. `Image.resize(size, resample, box, reducing_gap=g)` (and
//! `Image.thumbnail`, whose gap is 2 unless told otherwise) first shrinks the image by whole
//! factors, averaging blocks of pixels as `Image.reduce` does, so that the resize that follows
//! changes the size by at least `g`; the blocks cost less to average than the filter's wide
//! bands, and the result differs from a one-step resize. A spec asks for it with
//! [`crate::ResizeSpecBuilder::reducing_gap`], and every path runs it as two resizes: the
//! reduction into an intermediate image, then the resize of that image's region that
//! corresponds to the caller's.
//!
//! On 8-bit images Pillow rounds each block's sum `s` of `n` bytes as `((s + n/2) · m) >> 24`
//! with `m = 2^32 / (256·n)` computed in `float` and truncated (`Reduce.c`). For every block of
//! fewer than 2^23 pixels that `m` equals the integer quotient `2^24 / n` (the unit test
//! `pillow_multiplier_is_the_integer_quotient` checks each), which the GPU kernels compute.

use crate::kernels;
use crate::spec::{AxisResample, CoordinateMapping, Size2};
use crate::weights::AxisWeights;

/// The most pixels a block may hold, below 2^23: Pillow's multiplier and its 8-bit sums hold in
/// 32 bits up to there.
pub const MAX_BLOCK_PIXELS: u64 = (1 << 23) - 1;

/// A reduction by whole factors: the input region `top..bottom × left..right` averaged in
/// blocks of `factors.height × factors.width` pixels, the last row and column of blocks
/// holding what is left (Pillow's `Image.reduce(factor, box)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reduction {
    factors: Size2,
    top: u32,
    left: u32,
    bottom: u32,
    right: u32,
}

impl Reduction {
    /// The reduction of the input region `[top, left, bottom, right]` in blocks of `factors`
    /// (rows, columns); a spec that takes it checks that it fits its input.
    pub fn new(factors: Size2, [top, left, bottom, right]: [u32; 4]) -> Self {
        Reduction {
            factors,
            top,
            left,
            bottom,
            right,
        }
    }

    /// Block rows and columns.
    pub fn factors(&self) -> Size2 {
        self.factors
    }

    /// The input region reduced, `[top, left, bottom, right]` in input pixels.
    pub fn region(&self) -> [u32; 4] {
        [self.top, self.left, self.bottom, self.right]
    }

    /// Pixels of the reduced image: the region's size over the factors, rounded up.
    /// A factor of 0 or an empty region counts as a reduction to nothing (0 pixels), which no
    /// spec takes.
    pub fn output(&self) -> Size2 {
        let blocks = |start: u32, end: u32, factor: u32| match factor {
            0 => 0,
            _ => end.saturating_sub(start).div_ceil(factor),
        };
        Size2::new(
            blocks(self.top, self.bottom, self.factors.height),
            blocks(self.left, self.right, self.factors.width),
        )
    }

    /// Pixels in the largest block.
    pub fn block_pixels(&self) -> u64 {
        u64::from(self.factors.height) * u64::from(self.factors.width)
    }

    /// The `(y, x)` tables of the reduction of an input of `input` pixels: blocks averaged.
    pub fn tables(&self, input: Size2) -> (AxisWeights, AxisWeights) {
        (
            AxisWeights::blocks(input.height, self.top, self.bottom, self.factors.height),
            AxisWeights::blocks(input.width, self.left, self.right, self.factors.width),
        )
    }

    /// The reduction `Image.resize` makes before resizing `input` to `output` with `gap` along
    /// the axes `y` and `x` (half-pixel or a region), and the region of the reduced image that
    /// the resize then maps onto the output (`[top, left, bottom, right]`); `None` where it
    /// makes none (both factors 1).
    ///
    /// As Pillow computes them: each axis's factor is `int(span / output / gap)` (at least 1),
    /// `span` the length of the axis's region; the region reduced is the caller's grown by the
    /// filter's support less half a pixel, times the region's scale, truncated at the start
    /// and rounded up at the end (`_get_safe_box`), within the input; and the resize's region
    /// is the caller's moved to the reduced region's start and divided by the factors, rounded
    /// to f32 as Pillow passes a box to its C code.
    pub(crate) fn pillow(
        input: Size2,
        output: Size2,
        (y, x): (&AxisResample, &AxisResample),
        gap: f64,
    ) -> Option<(Reduction, [f64; 4])> {
        let y_axis = PillowAxis::new(y, input.height, output.height, gap);
        let x_axis = PillowAxis::new(x, input.width, output.width, gap);
        if y_axis.factor == 1 && x_axis.factor == 1 {
            return None;
        }
        let reduction = Reduction {
            factors: Size2::new(y_axis.factor, x_axis.factor),
            top: y_axis.reduced.0,
            left: x_axis.reduced.0,
            bottom: y_axis.reduced.1,
            right: x_axis.reduced.1,
        };
        let (top, bottom) = y_axis.remaining_region();
        let (left, right) = x_axis.remaining_region();
        Some((reduction, [top, left, bottom, right]))
    }
}

/// One axis of Pillow's two-step resize.
struct PillowAxis {
    /// The caller's region of the input.
    region: (f64, f64),
    /// The region reduced.
    reduced: (u32, u32),
    factor: u32,
}

impl PillowAxis {
    fn new(rule: &AxisResample, input_len: u32, output_len: u32, gap: f64) -> Self {
        let region = match rule.mapping {
            CoordinateMapping::Region { start, end } => (start, end),
            _ => (0.0, f64::from(input_len)),
        };
        let span = region.1 - region.0;
        let factor = (span / f64::from(output_len) / gap).trunc().max(1.0) as u32;
        let support = (kernels::support(&rule.filter) - 0.5) * (span / f64::from(output_len));
        // Python's int() truncates toward zero, then max(0, ..).
        let start = (region.0 - support).trunc().max(0.0) as u32;
        let end = ((region.1 + support).ceil() as u32).min(input_len);
        PillowAxis {
            region,
            reduced: (start, end),
            factor,
        }
    }

    /// The caller's region in the reduced image's pixels, each end rounded to f32.
    fn remaining_region(&self) -> (f64, f64) {
        let reduced = |v: f64| {
            let moved = (v - f64::from(self.reduced.0)) / f64::from(self.factor);
            f64::from(moved as f32)
        };
        (reduced(self.region.0), reduced(self.region.1))
    }
}

/// Pillow's average of a block of `count` bytes summing to `sum`: `((sum + count/2) · m) >>
/// 24`, `m = 2^24 / count` (see the module's notes).
pub fn round_block_sum(sum: u32, count: u32) -> u8 {
    let multiplier = u64::from((1u32 << 24) / count);
    ((u64::from(sum + count / 2) * multiplier) >> 24) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Filter;

    /// `division_UINT32(n, 8)` of Pillow's `Reduce.c`, operation for operation.
    fn pillow_multiplier(n: u32) -> u32 {
        let max_dividend: u32 = (1u32 << 8) * n;
        let max_int: f32 = 4294967296.0;
        (max_int / max_dividend as f32) as u32
    }

    #[test]
    fn pillow_multiplier_is_the_integer_quotient() {
        for n in 1..=MAX_BLOCK_PIXELS as u32 {
            assert_eq!(pillow_multiplier(n), (1 << 24) / n, "n = {n}");
        }
    }

    #[test]
    fn block_sums_round_as_pillow_and_stay_within_a_byte() {
        // Pillow's multiplier for 3 is 2^24 / 3 truncated, so that a sum 2 above a multiple of
        // 3 rounds down: Pillow 13.0's `Image.reduce((3, 1))` of the bytes [2, 3, 3] is 2 (the
        // average is 2.67), of [1, 1, 0] 0, of [255, 255, 254] 254, and of [2, 2, 3] 2.
        for (sum, pillow) in [(8, 2), (2, 0), (764, 254), (7, 2)] {
            assert_eq!(round_block_sum(sum, 3), pillow, "sum {sum}");
        }
        for count in [
            1u32,
            2,
            3,
            5,
            7,
            9,
            16,
            25,
            240 * 240,
            MAX_BLOCK_PIXELS as u32,
        ] {
            assert_eq!(round_block_sum(255 * count, count), 255, "count {count}");
            assert_eq!(round_block_sum(0, count), 0, "count {count}");
        }
        // Against the float average rounded to nearest: never more than one apart.
        for count in 1..40u32 {
            for sum in 0..=255 * count {
                let exact = (f64::from(sum) / f64::from(count)).round();
                let pillow = f64::from(round_block_sum(sum, count));
                assert!((pillow - exact).abs() <= 1.0, "{sum} / {count}");
            }
        }
    }

    fn axis(filter: Filter) -> AxisResample {
        AxisResample::default().with_filter(filter)
    }

    #[test]
    fn pillow_factors_regions_and_remaining_boxes() {
        // Image.resize((100, 75), BICUBIC, reducing_gap=2.0) of 1000 x 750: factors (5, 5),
        // reduce box (0, 0, 1000, 750) (as Pillow 13.0's `_get_safe_box` gives it), box (0, 0,
        // 200, 150).
        let bicubic = axis(Filter::Cubic { a: -0.5 });
        let (r, region) = Reduction::pillow(
            Size2::new(750, 1000),
            Size2::new(75, 100),
            (&bicubic, &bicubic),
            2.0,
        )
        .unwrap();
        assert_eq!(r.factors(), Size2::new(5, 5));
        assert_eq!(r.region(), [0, 0, 750, 1000]);
        assert_eq!(r.output(), Size2::new(150, 200));
        assert_eq!(region, [0.0, 0.0, 150.0, 200.0]);
        // A box: (10.5, 20, 810.5, 620) of 1000 x 750 to 70 x 50 with lanczos and a gap of 3:
        // factors int(800/70/3) = 3 and int(600/50/3) = 4; support (3 - 0.5) · 800/70 = 28.57
        // and 2.5 · 12 = 30: reduce box (0, 0, 840, 650) (Pillow 13.0's `_get_safe_box` gives
        // the same); box (3.5, 5, 270.1667, 155).
        let lanczos = axis(Filter::Lanczos { lobes: 3 }).with_mapping(CoordinateMapping::Region {
            start: 10.5,
            end: 810.5,
        });
        let lanczos_y =
            axis(Filter::Lanczos { lobes: 3 }).with_mapping(CoordinateMapping::Region {
                start: 20.0,
                end: 620.0,
            });
        let (r, region) = Reduction::pillow(
            Size2::new(750, 1000),
            Size2::new(50, 70),
            (&lanczos_y, &lanczos),
            3.0,
        )
        .unwrap();
        assert_eq!(r.factors(), Size2::new(4, 3));
        assert_eq!(r.region(), [0, 0, 650, 840]);
        assert_eq!(r.output(), Size2::new(163, 280));
        assert_eq!(region[0], 5.0);
        assert_eq!(region[1], 3.5);
        assert_eq!(region[2], 155.0);
        assert_eq!(region[3], f64::from((810.5f64 / 3.0) as f32));
        // int(100 / 20 / 2) = 2 reduces; int(100 / 40 / 2) = 1 does not, nor does 100 / 60.
        let reduces = |output: u32| {
            let output = Size2::new(output, output);
            Reduction::pillow(Size2::new(100, 100), output, (&bicubic, &bicubic), 2.0).is_some()
        };
        assert_eq!([20, 40, 60].map(reduces), [true, false, false]);
    }
}
