//! The tables of a reduction by a whole factor ([`crate::Reduction`], Pillow's `Image.reduce`):
//! each output averages a block of `factor` consecutive inputs, the last block whatever is
//! left of the region.

use super::{AxisWeights, SparseRow};

impl AxisWeights {
    /// The table that averages the inputs `start .. end` of an axis of `input_len` in blocks
    /// of `factor`: row `i` weighs inputs `start + i·factor` up to `factor` of them (fewer in
    /// the last row, where the region ends) by one over their count. `start < end <=
    /// input_len` and `factor >= 1`.
    pub fn blocks(input_len: u32, start: u32, end: u32, factor: u32) -> Self {
        debug_assert!(start < end && end <= input_len && factor >= 1);
        let rows = (end - start).div_ceil(factor);
        let rows = (0..rows)
            .map(|i| {
                let first = start + i * factor;
                let last = (first + factor).min(end);
                let weight = 1.0 / f64::from(last - first);
                SparseRow {
                    taps: (first..last).map(|j| (j, weight)).collect(),
                    outside: false,
                }
            })
            .collect();
        Self::from_sparse_rows(input_len, rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_average_whole_blocks_and_what_is_left() {
        // 10 inputs, region 1..10, blocks of 4: rows over 1..5, 5..9 and 9..10.
        let t = AxisWeights::blocks(10, 1, 10, 4);
        assert_eq!(t.output_len(), 3);
        assert_eq!(t.taps(), 4);
        let reads = |i: usize| -> Vec<(u32, f64)> { t.weighed_taps(i).collect() };
        assert_eq!(reads(0), [(1, 0.25), (2, 0.25), (3, 0.25), (4, 0.25)]);
        assert_eq!(reads(1), [(5, 0.25), (6, 0.25), (7, 0.25), (8, 0.25)]);
        assert_eq!(reads(2), [(9, 1.0)]);
        // The last band lies inside the input: it starts early, its extra taps weigh nothing.
        assert!(t.start(2) + t.taps() <= 10);
    }

    #[test]
    fn a_factor_of_one_over_the_whole_axis_is_the_identity() {
        assert!(AxisWeights::blocks(7, 0, 7, 1).is_identity());
    }
}
