//! Where the fused kernel keeps its first-axis sums in workgroup memory, and which output each
//! lane of its horizontal step takes ([`SumsLayout`]), chosen per spec by counting the bank
//! conflicts that the spec's own bands would cause: NHWC strands and lane orders
//! ([`choose_layout`]), NCHW planes' spare vectors ([`choose_plane_spares`]).
//!
//! Workgroup memory has 32 banks of 4 bytes, so one of the kernel's 16-byte vectors spans four
//! of them, and 8 lanes' vectors are served at a time (a phase); two lanes of a phase that read
//! different vectors in the same four banks take two turns. The horizontal step's lanes read
//! the inputs of neighbouring outputs, `ratio` vectors apart: at a 2x shrink a phase's 8 lanes
//! read every other vector of 16, all in 4 of the 8 groups of banks, two turns each; at a
//! 3 / 2 shrink outputs 2 apart read vectors 3 apart, and every other phase repeats a group.
//!
//! Where band starts repeat with a period, `start(x + q) = start(x) + p` for a few outputs `q`,
//! the array is split into `p` strands of the footprint's elements taken `p` apart, and a
//! phase's lanes take outputs `q` apart: their reads at any tap then fall on `p` apart
//! elements, one strand, consecutive vectors, one turn. H200, fused µs (BENCHMARKS.md tuning log
//! item 158): two strands at the 2x shrinks, antialiased bicubic 4K -> 1080p 66.2-67.4 ->
//! 63.9-64.3, lanczos3 84.0 -> 78.4-78.8, 8 x 1024² -> 512² lanczos3 88.7-89.6 -> 81.0-81.5;
//! the same two strands at 512 -> 224 were slower (55.0 -> 57.9), as the count says. The
//! layouts as chosen here: see [`choose_layout`].

use super::fused_fit::tile_vectors;
use crate::weights::AxisWeights;

/// Lanes whose 16-byte vectors workgroup memory serves at a time.
const PHASE_LANES: u32 = 8;
/// Groups of four 4-byte banks, one 16-byte vector wide.
const BANK_GROUPS: u32 = 8;
/// 4-byte banks of workgroup memory.
const BANKS: u32 = 32;
/// Lanes whose 4-byte accesses workgroup memory serves at a time: a warp.
const WARP_LANES: u32 = 32;
/// Spares that NCHW planes choose between: one after every 8 or every 16 vectors. H200, fused
/// µs, 3 / 4 / 5 (BENCHMARKS.md tuning log item 159): 32x3x512² -> 224² antialiased bilinear
/// 47.5-47.6 / 45.4-45.5 / 47.2-47.5, bicubic 77.9-78.1 / 76.6-77.3 / 76.5-77.3; 2x shrinks,
/// 16x3x448² -> 224² bicubic 30.2-30.5 / 32.3-33.2 / 36.4-36.7, 4K -> 1080p bicubic
/// 67.8-68.2 / 70.0-70.2 / 80.7-80.9. The count ranks 3 and 4 as measured, but counts 5 as 4
/// at 512 -> 224, where it measured as 3, so 5 is left out.
const SPARE_SHIFTS: [u32; 2] = [3, 4];
/// Periods of band starts, in outputs, that a layout follows: those whose blocks of
/// `8 · q` lanes tile a warp of 32, so that a warp still stores one run of neighbouring outputs.
/// H200 (tuning log item 158): at 512 -> 224 (16 inputs every 7 outputs) lanes 7 outputs apart
/// halved the counted turns but spread each warp's stores over 53 outputs, and the ML batch
/// took 55.1-55.3 -> 55.9-56.4 µs (f16 and u8 +0.7 to +1.0, 256 -> 224 +0.5).
const PERIODS: [u32; 3] = [1, 2, 4];
/// Most strands the count considers: bands whose period spans more inputs (shrinks by more
/// than 32, or by more than 8 over a period of 4 outputs) keep their order, unmeasured.
const MAX_STRANDS: u32 = 32;
/// Fewest taps a band has for strands or lanes apart: 2-tap bands keep their order. The count
/// does not see what costs the 2-tap 2x shrinks in strands: H200, fused µs (BENCHMARKS.md tuning
/// log item 161), two strands / in order: bilinear 4K -> 1080p 55.6-56.2 / 49.2-49.6, 2048² ->
/// 1024² 31.7-31.9 / 29.2-29.8; though 4096² -> 512² (8 strands) 36.7-36.8 / 38.3-38.5 and
/// 1024² -> 256² 7.4-7.6 / 7.7-7.8. The gather runs all four faster (6.3 to 43 µs).
const MIN_TAPS: u32 = 3;
/// Tiles of an axis that the count visits at most (evenly spread), so that choosing stays cheap
/// on wide outputs (a tile's phases repeat with the bands' period anyway).
const COUNTED_TILES: u32 = 16;

/// Where the fused kernel keeps element `i` of its NHWC sums (`i = row · width + column` of
/// the tile's footprint), which output lane `l` of its horizontal step weighs, and NCHW
/// planes' spare vectors (`STRANDS`, `STRAND_LEN`, `LANE_STRIDE` and `SPARE_SHIFT` in
/// `wgsl/fused_tiled.wgsl`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumsLayout {
    /// Strands of the array: element `i` lies in strand `i % strands`, at `i / strands`. 1
    /// keeps elements in order.
    pub strands: u32,
    /// Vectors between the starts of neighbouring strands (unused with one strand).
    pub strand_len: u32,
    /// Outputs between neighbouring lanes of a phase: lanes `8 · a + k` of each block of
    /// `8 · lane_stride` take its outputs `a + lane_stride · k`. 1 keeps lanes in order.
    pub lane_stride: u32,
    /// NCHW planes only (`slot` in `wgsl/fused_tiled.wgsl`), whose array holds one vector per
    /// input column (the tile's four rows): a spare vector after every `2^spare_shift`; 0 for
    /// none, in NHWC layouts.
    pub spare_shift: u32,
}

impl SumsLayout {
    /// Elements in order, lane `l` on the tile's output `l`.
    pub const PLAIN: Self = Self {
        strands: 1,
        strand_len: 0,
        lane_stride: 1,
        spare_shift: 0,
    };

    /// NCHW planes' transposed sums with a spare vector after every `2^spare_shift`.
    pub fn planes(spare_shift: u32) -> Self {
        Self {
            spare_shift,
            ..Self::PLAIN
        }
    }

    /// The array's vector that holds planes' input column `i`.
    pub fn slot(&self, i: u32) -> u32 {
        if self.spare_shift == 0 {
            i
        } else {
            i + (i >> self.spare_shift)
        }
    }

    /// The array's vector that holds element `i`.
    pub fn cell(&self, i: u32) -> u32 {
        if self.strands == 1 {
            i
        } else {
            (i % self.strands) * self.strand_len + i / self.strands
        }
    }

    /// The tile's output column that lane `lane` of the horizontal step weighs.
    pub fn column(&self, lane: u32) -> u32 {
        let block = PHASE_LANES * self.lane_stride;
        let within = lane % block;
        lane - within + within / PHASE_LANES + self.lane_stride * (within % PHASE_LANES)
    }

    /// Most output columns a tile of `lanes` lanes can take: whole blocks of
    /// `8 · lane_stride` lanes, which between them take every output of their blocks.
    pub fn columns_served(&self, lanes: u32) -> u32 {
        if self.lane_stride == 1 {
            lanes
        } else {
            lanes / (PHASE_LANES * self.lane_stride) * (PHASE_LANES * self.lane_stride)
        }
    }

    /// Vectors the array needs for `elements` sums: with spares, up to the slot of the last.
    pub fn vectors(&self, elements: u32) -> u32 {
        if self.strands != 1 {
            self.strands * self.strand_len
        } else if elements == 0 {
            0
        } else {
            self.slot(elements - 1) + 1
        }
    }
}

/// The fused kernel's tile as far as the layout sees it: `lanes` lanes, `columns` outputs per
/// tile, `rows` output rows of sums, along an axis whose bands `table` gives.
#[derive(Clone, Copy)]
pub(super) struct TileAxis<'a> {
    pub table: &'a AxisWeights,
    pub lanes: u32,
    pub columns: u32,
    pub rows: u32,
}

impl TileAxis<'_> {
    /// Each tile's first output and output count, for at most [`COUNTED_TILES`] tiles spread
    /// over the axis.
    fn counted_tiles(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let outputs = self.table.output_len();
        let tiles = outputs.div_ceil(self.columns);
        let step = tiles.div_ceil(COUNTED_TILES).max(1);
        (0..tiles).step_by(step as usize).map(move |tile| {
            let first = tile * self.columns;
            (first, self.columns.min(outputs - first))
        })
    }

    /// Turns of workgroup memory that the vertical step's stores and the horizontal step's
    /// loads take under `layout`, over the counted tiles: per phase of 8 lanes, the most
    /// distinct vectors that fall into one group of banks.
    fn turns(&self, layout: &SumsLayout) -> u64 {
        let taps = self.table.taps();
        let mut turns = 0u64;
        for (first, columns) in self.counted_tiles() {
            let (in_x, width) = tile_vectors(self.table, first, columns, 1);
            for row in 0..self.rows {
                let line = row * width;
                // The vertical step: lane `j` stores footprint column `j`, in rounds of lanes.
                for lead in (0..width).step_by(PHASE_LANES as usize) {
                    let phase = (lead..(lead + PHASE_LANES).min(width)).map(|j| line + j);
                    turns += phase_turns(phase, layout);
                }
                // The horizontal step: each lane its output's band, one tap at a time.
                for lead in (0..self.lanes).step_by(PHASE_LANES as usize) {
                    for tap in 0..taps {
                        let phase = (lead..lead + PHASE_LANES)
                            .map(|lane| layout.column(lane))
                            .filter(|&column| column < columns)
                            .map(|column| {
                                let start = self.table.start((first + column) as usize);
                                line + start - in_x + tap
                            });
                        turns += phase_turns(phase, layout);
                    }
                }
            }
        }
        turns
    }

    /// Turns that NCHW planes' transposed stores and horizontal loads take under `layout`'s
    /// spares, over the counted tiles (`keep` and `horizontal_step_planar` in
    /// `wgsl/fused_tiled.wgsl`): the vertical step's lane `j` stores its four columns' sums
    /// of each row one 4-byte word at a time, a warp of 32 at once over 32 banks; the
    /// horizontal step's lane `q` weighs outputs `4q + k`, a vector per tap, 8 lanes at once.
    fn plane_turns(&self, layout: &SumsLayout) -> u64 {
        const VECTOR: u32 = 4;
        let taps = self.table.taps();
        let mut turns = 0u64;
        for (first, columns) in self.counted_tiles() {
            let start = |output: u32| self.table.start((first + output) as usize);
            let (first_vector, vectors) = tile_vectors(self.table, first, columns, VECTOR);
            let in_x = first_vector * VECTOR;
            for row in 0..self.rows {
                for lead in (0..vectors).step_by(WARP_LANES as usize) {
                    for k in 0..VECTOR {
                        let lanes = lead..(lead + WARP_LANES).min(vectors);
                        let words = lanes.map(|j| VECTOR * layout.slot(VECTOR * j + k) + row);
                        turns += bank_turns(words, BANKS);
                    }
                }
            }
            let lanes = columns / VECTOR;
            for lead in (0..lanes).step_by(PHASE_LANES as usize) {
                for k in 0..VECTOR {
                    for tap in 0..taps {
                        let phase = lead..(lead + PHASE_LANES).min(lanes);
                        let vectors =
                            phase.map(|q| layout.slot(start(VECTOR * q + k) - in_x + tap));
                        turns += bank_turns(vectors, BANK_GROUPS);
                    }
                }
            }
        }
        turns
    }
}

/// Turns one phase's NHWC `elements` take under `layout`: the most distinct vectors in one
/// group of banks.
fn phase_turns(elements: impl IntoIterator<Item = u32>, layout: &SumsLayout) -> u64 {
    bank_turns(elements.into_iter().map(|i| layout.cell(i)), BANK_GROUPS)
}

/// Turns one phase's accesses of `units` (16-byte vectors over 8 groups of banks, or 4-byte words
/// over 32 banks) take: the most distinct units that fall into one of `groups`. A phase has at
/// most [`WARP_LANES`] units (more are counted as if in a phase of their own).
fn bank_turns(units: impl Iterator<Item = u32>, groups: u32) -> u64 {
    const MOST: usize = WARP_LANES as usize;
    let mut distinct = [0u32; MOST];
    let mut count = 0;
    let mut turns = 0;
    let mut per_group = [0u64; BANKS as usize];
    for unit in units {
        if distinct[..count].contains(&unit) {
            continue;
        }
        if count == MOST {
            turns += per_group.iter().max().copied().unwrap_or(0);
            per_group = [0; BANKS as usize];
            count = 0;
        }
        distinct[count] = unit;
        count += 1;
        per_group[(unit % groups) as usize] += 1;
    }
    turns + per_group.iter().max().copied().unwrap_or(0)
}

/// The period of `table`'s band starts: the fewest outputs `q` (of [`PERIODS`]) after which
/// every band starts the same `p` inputs further on, `(p, q)`. Edges where bands are
/// clamped to the input break the period and are left out.
fn start_period(table: &AxisWeights) -> Option<(u32, u32)> {
    let outputs = table.output_len();
    // Outputs whose bands lie a few taps clear of the edges.
    let longest = PERIODS[PERIODS.len() - 1];
    let margin = longest + table.taps();
    if outputs <= 2 * margin + longest {
        return None;
    }
    let inner = margin..outputs - margin - longest;
    PERIODS.into_iter().find_map(|q| {
        let p = table.start((inner.start + q) as usize) - table.start(inner.start as usize);
        let periodic = inner
            .clone()
            .all(|x| table.start((x + q) as usize) == table.start(x as usize) + p);
        (periodic && (2..=MAX_STRANDS).contains(&p)).then_some((p, q))
    })
}

/// The strand length for `strands` strands of at least `elements` elements between them whose
/// stores (8 neighbouring elements a phase) take the fewest turns: the shortest of the 8 lengths
/// from `ceil(elements / strands)`, whose remainders by 8 are all the lengths differ in.
fn strand_len(strands: u32, elements: u32) -> u32 {
    let shortest = elements.div_ceil(strands);
    (shortest..shortest + BANK_GROUPS)
        .min_by_key(|&len| {
            let layout = SumsLayout {
                strands,
                strand_len: len,
                ..SumsLayout::PLAIN
            };
            (0..strands * BANK_GROUPS)
                .map(|lead| phase_turns(lead..lead + PHASE_LANES, &layout))
                .sum::<u64>()
        })
        .unwrap_or(shortest)
}

/// The layout of the fused kernel's NHWC sums for `tile`, whose array holds at most `elements`
/// sums: of elements in order ([`SumsLayout::PLAIN`]) and, where bands of at least
/// [`MIN_TAPS`] taps start with a period of `q` outputs and `p` inputs, `p` strands, lanes `q`
/// outputs apart, or both, the one whose stores and loads take the fewest turns of workgroup
/// memory (the simplest of equals). A 2x shrink takes two strands (lanes `q = 1` apart are in
/// order); a 3 / 2 shrink only lanes 2 outputs apart, whose loads are then 3 vectors apart and
/// so in 8 groups of banks.
pub(super) fn choose_layout(tile: TileAxis, elements: u32) -> SumsLayout {
    if tile.table.taps() < MIN_TAPS {
        return SumsLayout::PLAIN;
    }
    let Some((p, q)) = start_period(tile.table) else {
        return SumsLayout::PLAIN;
    };
    let strands = SumsLayout {
        strands: p,
        strand_len: strand_len(p, elements),
        ..SumsLayout::PLAIN
    };
    let stride = SumsLayout {
        lane_stride: q,
        ..SumsLayout::PLAIN
    };
    let both = SumsLayout {
        lane_stride: q,
        ..strands
    };
    // Simplest first, so that `min_by_key` keeps it among equals; with a period of one output,
    // lanes in order are the stride.
    let candidates = if q == 1 {
        vec![SumsLayout::PLAIN, strands]
    } else {
        vec![SumsLayout::PLAIN, stride, strands, both]
    };
    candidates
        .into_iter()
        .filter(|layout| layout.columns_served(tile.lanes) >= tile.columns)
        .min_by_key(|layout| tile.turns(layout))
        .unwrap_or(SumsLayout::PLAIN)
}

/// NCHW planes' layout for `tile` (outputs, four a lane, in `tile.columns`): the spares of
/// [`SPARE_SHIFTS`] whose stores and loads take the fewest turns, the more frequent of equals.
/// 2x shrinks, whose lanes' bands lie 8 vectors apart, keep one after every 8; 512 -> 224 (16 /
/// 7: 9.14 vectors apart) one after every 16.
pub(super) fn choose_plane_spares(tile: TileAxis) -> SumsLayout {
    SPARE_SHIFTS
        .into_iter()
        .map(SumsLayout::planes)
        .min_by_key(|layout| tile.plane_turns(layout))
        .unwrap_or(SumsLayout::planes(SPARE_SHIFTS[0]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{self, PillowFilter, TorchMode};
    use crate::spec::{ResizeSpec, Size2};
    use proptest::prelude::*;

    fn x_table(spec: &ResizeSpec) -> AxisWeights {
        AxisWeights::for_spec(spec).1
    }

    /// The x table of a torch resize of RGBA pixels, `input` to `output` wide.
    fn torch_table(input: u32, output: u32, mode: TorchMode, antialias: bool) -> AxisWeights {
        let output = presets::TorchOutput::Size(Size2::new(4, output));
        let spec = presets::torch(Size2::new(4, input), output, mode, false, antialias)
            .unwrap()
            .channels(4)
            .build()
            .unwrap();
        x_table(&spec)
    }

    /// [`torch_table`] with antialias.
    fn torch_row(input: u32, output: u32, mode: TorchMode) -> AxisWeights {
        torch_table(input, output, mode, true)
    }

    fn tile(table: &AxisWeights, columns: u32) -> TileAxis<'_> {
        TileAxis {
            table,
            lanes: 64,
            columns,
            rows: 4,
        }
    }

    /// [`choose_layout`] for tiles of 64 lanes and 4 rows, with room for 4 rows of the widest
    /// footprint of 64 outputs.
    fn choose(table: &AxisWeights, columns: u32) -> SumsLayout {
        let widest = (0..table.output_len())
            .map(|x| {
                let last = (x + 63).min(table.output_len() - 1);
                table.start(last as usize) + table.taps() - table.start(x as usize)
            })
            .max()
            .unwrap();
        choose_layout(tile(table, columns), 4 * widest)
    }

    /// The bank model: a phase's vectors in one group of banks take one turn each, the same
    /// vector read twice takes one.
    #[test]
    fn phases_count_vectors_per_group_of_banks() {
        let plain = SumsLayout::PLAIN;
        assert_eq!(phase_turns([0, 1, 2, 3, 4, 5, 6, 7], &plain), 1);
        assert_eq!(phase_turns([0, 2, 4, 6, 8, 10, 12, 14], &plain), 2);
        assert_eq!(phase_turns([3, 3, 3, 3, 3, 3, 3, 3], &plain), 1);
        assert_eq!(phase_turns([0, 8, 16, 24, 32, 40, 48, 56], &plain), 8);
        let strands = SumsLayout {
            strands: 2,
            strand_len: 12,
            ..SumsLayout::PLAIN
        };
        // Every other element lies in one strand, consecutively.
        assert_eq!(phase_turns([0, 2, 4, 6, 8, 10, 12, 14], &strands), 1);
    }

    /// Planes' stores: a warp's lanes store their columns' words 16 apart, into 2 of the 32
    /// banks without spares (16 turns), into 8 with one after every 8 or 16 (4 turns).
    #[test]
    fn plane_stores_spread_over_banks() {
        let turns =
            |layout: SumsLayout| bank_turns((0..WARP_LANES).map(|j| 4 * layout.slot(4 * j)), BANKS);
        assert_eq!(turns(SumsLayout::PLAIN), 16);
        assert_eq!(turns(SumsLayout::planes(3)), 4);
        assert_eq!(turns(SumsLayout::planes(4)), 4);
    }

    /// 2x shrinks split their sums in two strands and keep lanes in order; 3 / 2 shrinks take
    /// lanes 2 outputs apart; a 3x shrink, and a 9 / 4 shrink in tiles of 64 columns, whose
    /// reads already fall in 8 groups, keep elements in order, as does 512 -> 224, whose period
    /// of 7 outputs is not one of [`PERIODS`].
    #[test]
    fn layouts_follow_the_period_of_the_starts() {
        let bicubic = torch_row(3840, 1920, TorchMode::Bicubic);
        let layout = choose(&bicubic, 61);
        assert_eq!((layout.strands, layout.lane_stride), (2, 1));
        let two_thirds = torch_row(1920, 1280, TorchMode::Bicubic);
        let layout = choose(&two_thirds, 64);
        assert_eq!((layout.strands, layout.lane_stride), (1, 2));
        let nine_fourths = torch_row(2304, 1024, TorchMode::Bicubic);
        assert_eq!(start_period(&nine_fourths), Some((9, 4)));
        assert_eq!(choose(&nine_fourths, 64), SumsLayout::PLAIN);
        // Bands of 2 taps (bilinear without antialias) keep their order at 2x.
        let two_taps = torch_table(3840, 1920, TorchMode::Bilinear, false);
        assert_eq!(
            (two_taps.taps(), start_period(&two_taps)),
            (2, Some((2, 1)))
        );
        assert_eq!(choose(&two_taps, 64), SumsLayout::PLAIN);
        let third = torch_row(1800, 600, TorchMode::Bilinear);
        assert_eq!(choose(&third, 64), SumsLayout::PLAIN);
        let ml = torch_row(512, 224, TorchMode::Bilinear);
        assert_eq!(start_period(&ml), None);
        assert_eq!(choose(&ml, 54), SumsLayout::PLAIN);
        // Bands without a period keep their order.
        let odd = torch_row(1000, 331, TorchMode::Bilinear);
        assert_eq!(start_period(&odd), None);
        assert_eq!(choose(&odd, 64), SumsLayout::PLAIN);
    }

    /// A chosen layout takes a third fewer turns or more at 2x and 3 / 2 shrinks.
    #[test]
    fn chosen_layouts_take_fewer_turns() {
        for (input, output, columns) in [(3840, 1920, 61), (1920, 1280, 64), (1024, 512, 64)] {
            let table = torch_row(input, output, TorchMode::Bicubic);
            let layout = choose(&table, columns);
            let before = tile(&table, columns).turns(&SumsLayout::PLAIN);
            let after = tile(&table, columns).turns(&layout);
            assert!(
                10 * after <= 7 * before,
                "{input} -> {output}: {before} -> {after} turns with {layout:?}"
            );
        }
    }

    /// Pillow's tables follow the same periods.
    #[test]
    fn pillow_tables_take_strands() {
        let spec = presets::pillow(
            Size2::new(8, 2048),
            Size2::new(8, 1024),
            PillowFilter::Lanczos,
        )
        .channels(4)
        .build()
        .unwrap();
        let layout = choose(&x_table(&spec), 64);
        assert_eq!((layout.strands, layout.lane_stride), (2, 1));
    }

    proptest! {
        /// Every lane order takes each output of its served columns once, and every layout
        /// keeps every element of the widest tile in a vector of its own within its size.
        #[test]
        fn layouts_are_one_to_one(
            strands in 1u32..=MAX_STRANDS,
            stride in 1u32..=8,
            lanes in prop::sample::select(vec![16u32, 32, 64]),
            elements in 1u32..2000,
        ) {
            let layout = SumsLayout {
                strands,
                strand_len: if strands == 1 { 0 } else { strand_len(strands, elements) },
                lane_stride: stride,
                spare_shift: 0,
            };
            let served = layout.columns_served(lanes);
            let mut columns: Vec<u32> = (0..lanes).map(|lane| layout.column(lane))
                .filter(|&column| column < served).collect();
            columns.sort_unstable();
            prop_assert_eq!(columns, (0..served).collect::<Vec<_>>());
            let mut cells: Vec<u32> = (0..elements).map(|i| layout.cell(i)).collect();
            prop_assert!(cells.iter().all(|&cell| cell < layout.vectors(elements)));
            cells.sort_unstable();
            cells.dedup();
            prop_assert_eq!(cells.len() as u32, elements);
        }
    }
}
