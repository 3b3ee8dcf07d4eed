//! Band starts that a kernel can compute instead of reading from the table.
//!
//! Every table row begins with the first input index of its band, and a kernel must read it
//! before it can issue the loads of that band: one dependent load on the way to every output
//! row. Most tables' starts follow the resize's coordinate mapping exactly, `floor((a·i + b) /
//! d)` kept within the input, and then the vector gather computes its vertical ones from the
//! output row (`y_band_start` in `wgsl/gather_vec4.wgsl`) where that pays
//! ([`computed_starts_pay`]). The horizontal ones are read once per invocation; computing them
//! too measured within noise once no kernel read the outside flags of a table without such
//! rows (BENCHMARKS.md tuning log items 68 and 70), so they are read.
//!
//! A formula is only used where it gives every row's start exactly: [`ArithmeticStarts::fit`]
//! solves for it and then checks every row, so a convention whose starts follow no such formula
//! (a float scale that is not the sizes' ratio, rows outside the input) keeps reading its table.
//! A sub-image read in place ([`crate::ResizeSpecBuilder::cut`]) computes the slice's own starts
//! from its first row ([`ArithmeticStarts::fit_within`]), so that its passes run the slice's
//! kernels.

use super::shaders::Vec4Shape;
use crate::weights::AxisWeights;

/// Starts `first + min(max(mul · i + add, 0) / div, last)` for output index `i`, in the kernel's
/// i32 and u32 arithmetic (`y_band_start` in `wgsl/gather_vec4.wgsl`): `first` is the first row
/// of a sub-image whose table is moved to where it lies ([`AxisWeights::within`]), 0 for a whole
/// input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ArithmeticStarts {
    pub mul: i32,
    pub add: i32,
    pub div: u32,
    pub last: u32,
    pub first: u32,
}

impl ArithmeticStarts {
    /// The formula that gives every start of `table` exactly, if there is one the kernels can
    /// evaluate without overflow: a table with no row outside the input whose starts are
    /// `floor((mul · i + add) / div)`, raised to 0 and lowered to the largest start, where
    /// `mul / div` is one of the ratios the coordinate mappings use (`2·in / 2·out` for
    /// half-pixel centres, `(in - 1) / (out - 1)` for aligned corners, `in / out`).
    pub(crate) fn fit(table: &AxisWeights) -> Option<Self> {
        let rows = table.output_len() as usize;
        // Lengths past 2^30 (more than any tensor the library takes) would overflow the i64
        // bounds below.
        let too_long = table.input_len().max(table.output_len()) > 1 << 30;
        if rows == 0 || too_long || table.any_outside() {
            return None;
        }
        let starts: Vec<i64> = (0..rows).map(|i| i64::from(table.start(i))).collect();
        let last = *starts.iter().max()?;
        let (input, output) = (i64::from(table.input_len()), i64::from(table.output_len()));
        let ratios = [
            (2 * input, 2 * output),
            (input - 1, output - 1),
            (input, output),
        ];
        ratios
            .into_iter()
            .filter(|&(mul, div)| mul > 0 && div > 0)
            .find_map(|(mul, div)| Self::solve(&starts, last, mul, div))
    }

    /// The `add` that makes `min(max(mul · i + add, 0) / div, last)` equal every start, as the
    /// intersection of what each row allows: a start of 0 needs `mul · i + add < div`, a start
    /// of `last` needs `mul · i + add >= div · last`, any other `s` needs `div · s <= mul · i +
    /// add < div · (s + 1)`.
    fn solve(starts: &[i64], last: i64, mul: i64, div: i64) -> Option<Self> {
        let (mut low, mut high) = (i64::MIN, i64::MAX);
        for (i, &s) in starts.iter().enumerate() {
            let at = mul * i as i64;
            if s < last {
                high = high.min(div * (s + 1) - 1 - at);
            }
            if s > 0 {
                low = low.max(div * s - at);
            }
        }
        // Unbounded on both sides only where every start is 0 = `last`: any `add` will do.
        let add = match (low, high) {
            (i64::MIN, i64::MAX) => 0,
            (i64::MIN, high) => high,
            (low, _) => low,
        };
        if add > high {
            return None;
        }
        let end = mul * (starts.len() as i64 - 1) + add;
        let fits = |v: i64| i32::try_from(v).is_ok();
        if !(fits(mul) && fits(add) && fits(end) && u32::try_from(div).is_ok()) {
            return None;
        }
        let formula = ArithmeticStarts {
            mul: mul as i32,
            add: add as i32,
            div: div as u32,
            last: last as u32,
            first: 0,
        };
        (0..starts.len())
            .all(|i| i64::from(formula.start(i as u32)) == starts[i])
            .then_some(formula)
    }

    /// The formula of a sub-image's table `table`, moved to where the sub-image's `len` rows
    /// start at `first` ([`AxisWeights::within`]): its own table's formula from `first`, if
    /// that gives every start of `table`.
    pub(crate) fn fit_within(table: &AxisWeights, first: u32, len: u32) -> Option<Self> {
        let rows = table.output_len();
        if (0..rows).any(|i| table.start(i as usize) < first) {
            return None;
        }
        let formula = ArithmeticStarts {
            first,
            ..Self::fit(&table.out_of(first, len))?
        };
        (0..rows)
            .all(|i| formula.start(i) == table.start(i as usize))
            .then_some(formula)
    }

    /// The start of output index `i`, as the kernel computes it.
    pub(crate) fn start(&self, i: u32) -> u32 {
        let n = (i as i32)
            .wrapping_mul(self.mul)
            .wrapping_add(self.add)
            .max(0);
        self.first + (n as u32 / self.div).min(self.last)
    }

    /// The formula a pass of `work` over the vertical table `y` computes its band starts with,
    /// where one gives them all and that pays ([`computed_starts_pay`]); sets `work`'s pipeline
    /// flag to match, so that the two never disagree. `slice` is the sub-image's first row and
    /// height where `y` is its table moved to where it lies ([`ArithmeticStarts::fit_within`]).
    pub(crate) fn choose(
        work: &mut Vec4Shape,
        y: &AxisWeights,
        slice: Option<(u32, u32)>,
        integer_weights: bool,
        fixed_point: bool,
    ) -> Option<Self> {
        let formula = computed_starts_pay(work.rows, integer_weights, fixed_point)
            .then(|| match slice {
                Some((first, len)) => ArithmeticStarts::fit_within(y, first, len),
                None => ArithmeticStarts::fit(y),
            })
            .flatten();
        work.arithmetic_y_starts = formula.is_some();
        formula
    }
}

/// Whether a vector-gather pass computes its vertical band starts, given a formula for them:
/// where each invocation runs one output row (and in Pillow's fixed point, which runs one row at
/// a time however many an invocation has), never in integer lanes. Where an invocation runs
/// several rows, computing them cost more than the table loads they replace, whether by a
/// division per row or by carrying quotient and remainder from row to row.
/// H200, gather µs, table / computed, two rounds (BENCHMARKS.md tuning log item 67): one row
/// per invocation, f16 4K x0.5 27.3, 27.4 / 25.4, 25.5, f32 4K x0.5 44.7, 45.0 / 44.7, 43.2, the
/// separable path's passes (antialiased bicubic 4K -> 1080p 109.2, 109.5 / 101.9, 101.3);
/// several rows, f16 1080p x2 37.3, 36.7 / 42.4, 42.0 (carried: 43.0, 43.4), nearest f16
/// 1080p x2 (8 rows, one tap) 59.3, 59.1 / 70.6, 70.8, u8 in lanes 1080p x2 30.7, 30.7 / 35.6,
/// 35.6; only nearest f32 1080p x2 (4 rows) gained, 57.2, 57.1 / 54.1, 55.3.
pub(crate) fn computed_starts_pay(rows: u32, integer_weights: bool, fixed_point: bool) -> bool {
    !integer_weights && (rows == 1 || fixed_point)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{AxisResample, Size2};
    use crate::weights::convention_tests;

    #[test]
    fn every_preset_table_has_a_formula_that_gives_every_start() {
        let (mut found, mut tried) = (0, 0);
        for (input, output) in [
            (2160, 1080),
            (1080, 2160),
            (512, 224),
            (100, 37),
            (37, 100),
            (7, 7),
            (1, 5),
            (5, 1),
            (3840, 224),
        ] {
            for (name, spec) in convention_tests::specs(Size2::new(input, 8), Size2::new(output, 8))
            {
                let table = AxisWeights::for_spec(&spec).0;
                tried += 1;
                if let Some(formula) = ArithmeticStarts::fit(&table) {
                    found += 1;
                    for i in 0..table.output_len() {
                        assert_eq!(
                            formula.start(i),
                            table.start(i as usize),
                            "{name} {input} -> {output}, row {i}"
                        );
                    }
                }
            }
        }
        // These conventions' interpolating filters map coordinates by the sizes' ratio, so
        // every table has a formula. (Tables that do not: nearest rules computed in f32, bicubic
        // bands with aligned corners whose zero first tap was dropped; they read their tables.)
        assert_eq!(found, tried, "formulas for {found} of {tried} tables");
    }

    #[test]
    fn computed_starts_only_for_one_row_per_invocation() {
        assert!(computed_starts_pay(1, false, false));
        // Pillow's fixed point runs its rows one at a time.
        assert!(computed_starts_pay(4, false, true));
        // Blocks of rows and integer lanes read their tables.
        assert!(!computed_starts_pay(4, false, false));
        assert!(!computed_starts_pay(1, true, false));
    }

    #[test]
    fn choose_sets_the_pipeline_flag_with_the_formula() {
        let half = AxisWeights::compute(64, 32, &AxisResample::default());
        let mut one_row = Vec4Shape::default();
        let formula = ArithmeticStarts::choose(&mut one_row, &half, None, false, false);
        assert!(formula.is_some() && one_row.arithmetic_y_starts);
        assert_eq!(formula, ArithmeticStarts::fit(&half));
        // Four rows of floats, and integer lanes, read their tables.
        let mut block = Vec4Shape {
            rows: 4,
            ..Vec4Shape::default()
        };
        assert_eq!(
            ArithmeticStarts::choose(&mut block, &half, None, false, false),
            None
        );
        assert!(!block.arithmetic_y_starts);
        assert_eq!(
            ArithmeticStarts::choose(&mut one_row, &half, None, true, false),
            None
        );
        assert!(!one_row.arithmetic_y_starts);
    }

    /// A sub-image's table moved to its first row has the slice's own formula from that row:
    /// every start of the moved table, the clamps at the slice's first and last rows included;
    /// not a table that starts before that row, nor one moved elsewhere.
    #[test]
    fn a_moved_table_computes_its_starts_from_the_sub_images_first_row() {
        for (slice, output, top, axis) in [(57, 20, 13, 100), (40, 90, 0, 40), (64, 64, 30, 94)] {
            let own = AxisWeights::compute(slice, output, &AxisResample::default());
            let moved = own.within(top, axis);
            let formula = ArithmeticStarts::fit_within(&moved, top, slice).unwrap();
            assert_eq!(formula.first, top);
            assert_eq!(
                ArithmeticStarts {
                    first: 0,
                    ..formula
                },
                ArithmeticStarts::fit(&own).unwrap()
            );
            for i in 0..output {
                assert_eq!(
                    formula.start(i),
                    moved.start(i as usize),
                    "{slice} {top} {i}"
                );
            }
            // The identity moved there too (a first pass along the rows).
            let identity = AxisWeights::identity(slice).within(top, axis);
            let rows = ArithmeticStarts::fit_within(&identity, top, slice).unwrap();
            assert!((0..slice).all(|i| rows.start(i) == top + i));
        }
        let own = AxisWeights::compute(57, 20, &AxisResample::default());
        assert_eq!(ArithmeticStarts::fit_within(&own, 13, 57), None);
        // Moved to row 12, read as if from row 13: row 0 starts before it.
        assert_eq!(
            ArithmeticStarts::fit_within(&own.within(12, 100), 13, 57),
            None
        );
    }

    #[test]
    fn a_scale_off_the_ratio_or_a_row_outside_keeps_the_table() {
        assert!(ArithmeticStarts::fit(&AxisWeights::identity(64)).is_some());
        // A stated scale of 0.3 maps 100 rows to 37 with a slope of 1 / 0.3, not 100 / 37.
        let stated = AxisResample {
            scale: Some(0.3),
            ..AxisResample::default()
        };
        assert_eq!(
            ArithmeticStarts::fit(&AxisWeights::compute(100, 37, &stated)),
            None
        );
        let outside = convention_tests::partly_outside();
        assert!(outside.any_outside());
        assert_eq!(ArithmeticStarts::fit(&outside), None);
    }
}
