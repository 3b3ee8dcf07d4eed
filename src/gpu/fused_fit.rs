//! Whether the fused kernel can run a spec and with which tile ([`fused_fits`]): the tile
//! width whose first-axis sums fit the device's workgroup memory, the output columns that fill
//! its lanes' rounds, and where its vertical step takes rows and columns in pairs.

use super::shaders::{self, FusedTile};
use super::sums_layout::{SumsLayout, TileAxis, choose_layout, choose_plane_spares};
use crate::spec::{Layout, ResizeSpec};
use crate::weights::AxisWeights;

/// Elements of a plane's row in one of the fused kernel's vectors, and outputs per lane of its
/// horizontal step, where it runs NCHW planes (`PLANAR` in `fused_tiled.wgsl`).
const PLANE_VECTOR: u32 = 4;

/// Outputs per lane of the fused kernel's horizontal step, and inputs along x per vector of its
/// vertical step: [`PLANE_VECTOR`] for NCHW planes, one pixel otherwise.
fn per_lane(planar: bool) -> u32 {
    if planar { PLANE_VECTOR } else { 1 }
}

/// The fused kernel's workgroups along z: one per image and four-channel group, or per plane.
pub(super) fn tile_layers(spec: &ResizeSpec, planar: bool) -> u32 {
    let groups = if planar {
        spec.channels()
    } else {
        spec.channels() / 4
    };
    spec.batch() * groups
}

/// Whether the fused kernel can run `spec`, and with which tile: NHWC with channels a multiple
/// of 4, or NCHW planes ([`planes_serve`]), and the widest of [`shaders::FUSED_TILE_WIDTHS`]
/// whose first-axis sums fit the device's workgroup memory (and
/// [`shaders::FUSED_MAX_WORKGROUP_BYTES`]) across all its lanes, with as many output columns as
/// [`filled_columns`] finds best and an array sized for those columns ([`first_axis_sums`]).
/// The reason when none does.
pub(crate) fn fused_fits(
    spec: &ResizeSpec,
    wy: &AxisWeights,
    wx: &AxisWeights,
    limits: &wgpu::Limits,
) -> Result<FusedTile, String> {
    fused_tile(spec, wy, wx, limits, None)
}

/// [`fused_fits`] with the tile's output columns given rather than found by
/// [`filled_columns`], where `columns` is one that the tile can take ([`columns_serve`]); the
/// found count otherwise. Pillow's fixed point keeps one output column per lane.
pub(crate) fn fused_tile(
    spec: &ResizeSpec,
    wy: &AxisWeights,
    wx: &AxisWeights,
    limits: &wgpu::Limits,
    columns: Option<u32>,
) -> Result<FusedTile, String> {
    let planar = spec.layout() == Layout::Nchw;
    if spec.rounds_vertical_first() && !wy.is_identity() && !wx.is_identity() {
        return Err(
            "Pillow's 8-bit rounding with the vertical pass first (Pillow 13's order where the \
             height shrinks most) runs on the gather and separable paths: a fused tile rounds \
             its horizontal sums"
                .into(),
        );
    }
    if planar {
        planes_serve(spec)?;
    } else if !spec.vector_friendly() {
        return Err(
            "it needs NHWC with channels a multiple of 4, or NCHW planes whose rows hold a \
             multiple of 4 elements"
                .into(),
        );
    }
    let unit = per_lane(planar);
    // A tile stages the inputs from its first output's band start to its last output's band
    // end, which a mirrored axis would turn inside out.
    if !(wy.starts_never_decrease() && wx.starts_never_decrease()) {
        return Err(
            "an axis is mirrored (a crop whose end lies before its start), and a tile \
                    stages its inputs in order"
                .into(),
        );
    }
    let tile_h = shaders::FUSED_TILE_H;
    let groups = tile_layers(spec, planar);
    let out = spec.output();
    let max_groups = limits.max_compute_workgroups_per_dimension;
    let narrowest = shaders::FUSED_TILE_WIDTHS[shaders::FUSED_TILE_WIDTHS.len() - 1];
    if groups > max_groups
        || out.width.div_ceil(narrowest * unit) > max_groups
        || out.height.div_ceil(tile_h) > max_groups
    {
        return Err("its grid would exceed the device's workgroups per dimension".into());
    }
    let available = limits
        .max_compute_workgroup_storage_size
        .min(shaders::FUSED_MAX_WORKGROUP_BYTES);
    let mut needed = Vec::new();
    for width in shaders::FUSED_TILE_WIDTHS {
        if out.width.div_ceil(width * unit) > max_groups {
            continue;
        }
        // Vertical sums for every input column the tile's horizontal bands cover; in Pillow's
        // fixed point, horizontal sums for every input row its vertical bands cover.
        // In u64: a footprint as wide as a huge input must be refused, not overflow.
        let (footprint, sums) = if spec.fixed_point() {
            let height = widest_footprint(wy, tile_h);
            (
                format!("{width}x{height}"),
                u64::from(height) * u64::from(width),
            )
        } else {
            let sums = first_axis_sums(wx, width * unit, planar);
            // Planes keep a spare vector after every 8 or 16 (`slot` in `fused_tiled.wgsl`):
            // room for one after every 8.
            let spares = if planar {
                sums.saturating_sub(1) / 8
            } else {
                0
            };
            (
                format!("{}x{tile_h}", sums / u64::from(tile_h)),
                sums + spares,
            )
        };
        let capacity = shaders::fused_capacity(sums);
        if capacity * 16 <= u64::from(available) {
            // Pillow's fixed point keeps one lane per output column and one row at a time.
            let (columns, pair_step) = if spec.fixed_point() {
                (width, 0)
            } else {
                let given =
                    columns.filter(|&c| columns_serve(c, width, out.width, max_groups, planar));
                (
                    given.unwrap_or_else(|| filled_columns(wx, width, max_groups, planar)),
                    pair_step(wy),
                )
            };
            // The array holds the sums of the columns the tile fills, which may be fewer than
            // its lanes, and only the spares its layout takes: the kernel's time follows its
            // workgroup memory closely (see `first_axis_sums`).
            // (In u32: they fit the workgroup memory, as the lanes' sums do.)
            let sums = if spec.fixed_point() {
                sums as u32
            } else {
                first_axis_sums(wx, columns, planar) as u32
            };
            let fits = |layout: &SumsLayout| {
                shaders::fused_capacity(u64::from(layout.vectors(sums))) * 16
                    <= u64::from(available)
            };
            let tile = TileAxis {
                table: wx,
                lanes: width,
                columns,
                rows: tile_h,
            };
            let layout = if spec.fixed_point() {
                SumsLayout::PLAIN
            } else if planar {
                // (Any spares fit: the lanes' footprint did with one after every 8.)
                choose_plane_spares(tile)
            } else {
                Some(choose_layout(tile, sums))
                    .filter(fits)
                    .unwrap_or(SumsLayout::PLAIN)
            };
            let capacity = shaders::fused_capacity(u64::from(layout.vectors(sums))) as u32;
            // Not in linear light: with an sRGB decode per load, the second column's loads
            // made the 2x and 4x shrinks slower (H200, lanczos3 4K -> 1080p fused 112.5 ->
            // 175.9 µs; premultiplied alpha alone 92.8 -> 89.5; tuning log item 100).
            // (Vertical first, `sums` holds `tile_h` rows of the filled columns' footprint.)
            let column_pairs = !spec.fixed_point()
                && !spec.linear_light()
                && column_pairs(wy.taps(), sums / tile_h, width, pair_step);
            return Ok(FusedTile {
                width,
                columns,
                capacity,
                pair_step,
                column_pairs,
                planar,
                layout,
            });
        }
        needed.push(format!(
            "a {width}x{tile_h} tile keeps {footprint} first-axis sums ({} bytes)",
            capacity * 16
        ));
    }
    Err(format!(
        "{}; {available} bytes of workgroup memory are available",
        needed.join(", ")
    ))
}

/// Whether the fused kernel can run NCHW `spec` as planes (`PLANAR` in `fused_tiled.wgsl`):
/// input and output rows of whole vectors of [`PLANE_VECTOR`] elements, so that every load and
/// store is one, and neither colour conversions (which treat alpha apart from colour, by
/// channel) nor Pillow's fixed point (horizontal first, one pixel a lane). The reason where it
/// cannot.
fn planes_serve(spec: &ResizeSpec) -> Result<(), String> {
    let (input, output) = (spec.input(), spec.output());
    if !(input.width.is_multiple_of(PLANE_VECTOR) && output.width.is_multiple_of(PLANE_VECTOR)) {
        return Err(format!(
            "NCHW planes need input and output widths that are multiples of {PLANE_VECTOR} \
             (here {} and {})",
            input.width, output.width
        ));
    }
    if spec.converts_color() {
        return Err("NCHW planes run without colour conversions".into());
    }
    if spec.fixed_point() {
        return Err("Pillow's 8-bit fixed point runs NHWC pixels only".into());
    }
    Ok(())
}

/// Output columns per fused tile of `lanes` lanes, vertical first: the count, from `lanes / 2` to
/// `lanes` (times [`PLANE_VECTOR`] where `planar`), whose tiles across the output take the fewest
/// rounds in all, the widest of equals. The lanes cover a tile's input columns (or planes' vectors)
/// in rounds of `lanes`; a footprint just over a multiple of `lanes` (a 2x shrink with 8 taps: 64
/// outputs read 134 inputs, three rounds, the last with 6 lanes busy) costs a whole round that a
/// slightly narrower tile saves (61 outputs read 128 inputs: two rounds), unless the narrower tiles
/// need more of them (a 4x shrink to 256 columns: four tiles of 64 in five vertical rounds each, or
/// five of 59 in four). Only counts whose tiles fit `max_groups` workgroups across (the caller has
/// checked `lanes`).
fn filled_columns(wx: &AxisWeights, lanes: u32, max_groups: u32, planar: bool) -> u32 {
    let unit = per_lane(planar);
    let tiles = |columns: u32| wx.output_len().div_ceil(columns);
    let cost = |columns: u32| {
        let rounds = footprint_vectors(wx, columns, planar).div_ceil(lanes);
        // One round of the horizontal step per tile besides the vertical rounds.
        u64::from(tiles(columns)) * u64::from(rounds + 1)
    };
    (lanes / 2..=lanes)
        .rev()
        .map(|lanes_used| lanes_used * unit)
        .filter(|&columns| tiles(columns) <= max_groups)
        .min_by_key(|&columns| cost(columns))
        .unwrap_or(lanes * unit)
}

/// Whether a tile of `lanes` lanes can take `columns` output columns of an output `out_width`
/// wide: at least one, at most one per lane (four per lane for NCHW planes, in whole vectors),
/// and few enough tiles across for `max_groups` workgroups.
fn columns_serve(columns: u32, lanes: u32, out_width: u32, max_groups: u32, planar: bool) -> bool {
    let unit = per_lane(planar);
    columns >= unit
        && columns.is_multiple_of(unit)
        && columns <= lanes * unit
        && out_width.div_ceil(columns) <= max_groups
}

/// The output columns per tile that tuning times for the fused kernel
/// (`Resizer::time_fused_columns` in `src/gpu/fused_columns.rs`): the tile's own
/// ([`filled_columns`]'s count) first, then the counts at
/// [`TUNED_COLUMN_SHARES`] of its lanes, each once. None but the tile's own in Pillow's fixed
/// point, whose lanes are its columns.
pub(crate) fn fused_column_candidates(
    spec: &ResizeSpec,
    tile: &FusedTile,
    limits: &wgpu::Limits,
) -> Vec<u32> {
    let mut candidates = vec![tile.columns];
    if spec.fixed_point() {
        return candidates;
    }
    let unit = per_lane(tile.planar);
    let max_groups = limits.max_compute_workgroups_per_dimension;
    for (num, den) in TUNED_COLUMN_SHARES {
        let columns = tile.width * num / den * unit;
        if columns_serve(
            columns,
            tile.width,
            spec.output().width,
            max_groups,
            tile.planar,
        ) && !candidates.contains(&columns)
        {
            candidates.push(columns);
        }
    }
    candidates
}

/// Shares of a fused tile's lanes that tuning also tries as its output columns: 56 and 52 of
/// 64. The fused kernel's time moves with its tile's columns in steps that the count of rounds
/// does not see and that differ from kernel to kernel (the driver's split of each SM between
/// workgroup memory and L1 is the likely cause: a column fewer can take a whole step off).
/// H200, fused µs by the tile's columns, 48 to 64 (BENCHMARKS.md tuning log item 171): the
/// counts `filled_columns` finds were the fastest for antialiased bicubic 4K -> 1080p (61, 62.9;
/// 56, 65.3) and the ML batch (54, 50.7), but lanczos3 4K -> 1080p took 79.0 at its 59 and 77.8
/// at 56, lanczos3 4K -> 960x540 92.1 at 59 and 81.9 at 56, bilinear 4K -> 1080p 56.7 at 63 and
/// 52.7 at 52, 16x448² -> 224² bicubic 32.2 at 61 and 31.1 at 52.
const TUNED_COLUMN_SHARES: [(u32, u32); 2] = [(7, 8), (13, 16)];

/// Where the fused kernel's vertical step runs output rows in pairs: the most input rows
/// between neighbouring rows' band starts, where a pair then loads fewer rows than two bands
/// (`taps + step` against `2 * taps`: the bands overlap), for bands whose taps are baked into
/// the pipeline (and held in registers) and steps of at most `MAX_PAIR_STEP` in
/// `fused_tiled.wgsl`; 0 elsewhere. H200: antialiased bicubic (8 taps, step 2) and lanczos3 (12
/// taps) 2x shrinks gained 9% and 15% in pairs (tuning log item 33). Pairs were first taken
/// only where they saved a third of the loads, since the ML batch's 512 -> 224 bilinear (5 taps,
/// bands 3 rows apart: a fifth fewer loads) lost 3% in pairs then (55.6 -> 57.1 µs); the kernel
/// has changed since, and in pairs it now gains (BENCHMARKS.md tuning log item 173, fused µs
/// over five rounds): f32 50.8-51.9 -> 48.0-48.2, u8 38.8-39.1 -> 35.5-35.8, f16 38.7-39.2 ->
/// 38.2-38.6; antialiased bilinear 4K -> 1080p (4 taps, 2 rows apart) 52.8-53.8 ->
/// 52.1-52.9; 16x448² -> 224² 24.3-24.5 against 24.3-24.9.
fn pair_step(wy: &AxisWeights) -> u32 {
    const MAX_PAIR_STEP: u32 = 4;
    if wy.taps() > shaders::MAX_SPECIALISED_TAPS {
        return 0;
    }
    let step = (1..wy.output_len() as usize)
        .map(|i| wy.start(i).saturating_sub(wy.start(i - 1)))
        .max()
        .unwrap_or(0);
    if (1..=MAX_PAIR_STEP).contains(&step) && step < wy.taps() {
        step
    } else {
        0
    }
}

/// Whether the fused kernel's vertical step takes two input columns per turn (`COLUMN_PAIRS` in
/// `fused_tiled.wgsl`), for a footprint of `footprint` columns over `lanes` lanes: where every
/// lane has two columns in it, in row pairs (`pair_step` > 0) or in single rows of 4 taps. The
/// caller leaves out Pillow's fixed point (horizontal first) and colour conversions. H200, fused
/// µs (BENCHMARKS.md tuning log item 96), one column / two:
/// - row pairs of 2x and 4x shrinks: antialiased bicubic 4K -> 1080p 71.3 / 66.8, lanczos3 87.1 /
///   84.8, f16 bicubic 61.4 / 57.3, f16 lanczos3 76.8 / 72.5, u8 bicubic 60.1 / 57.2, bicubic
///   4K -> 960x540 73.4 / 67.6; 8 x 1024² -> 512² lanczos3 88.6 / 89.5;
/// - footprints under two rounds: 1080p -> 720p bicubic 27.9 / 29.4, 4K -> 2880x1620 100.6 /
///   101.2; colour conversions (Pillow's RGBA lanczos3) 206.8 / 242.7;
/// - single rows of 4 taps: antialiased bilinear 4K -> 1080p 63.0 / 57.3, bicubic 2048² ->
///   1024² 36.3 / 33.0, 4096² -> 512² 68.3 / 56.1. Other tap counts keep one column: 5 taps
///   56.1 / 57.3 in f32 (47.2 / 44.6 in f16; the ML batch, whose footprint falls just short of
///   two rounds, so that the lab build paired most of its lanes), 2 taps 39.7 / 43.6 (bilinear
///   4096² -> 512²) and 14.1 / 15.1 (4K -> 216x384), though 29.5 / 28.6 at 2048² -> 1024².
///   (Those 4- and 5-tap bilinear shrinks ran single rows then; their bands overlap, so they
///   now run row pairs ([`pair_step`], tuning log item 173), and two columns a turn where every
///   lane has two. The ML batch's own 54 columns fall just short, and a lab build that took
///   two columns a turn there too ran it in 50.4-50.7 µs against 48.0-49.3.)
///
/// Both cases have their vertical taps baked into the pipeline: row pairs only run there
/// ([`pair_step`]), and 4 taps are within [`shaders::MAX_SPECIALISED_TAPS`].
fn column_pairs(taps_y: u32, footprint: u32, lanes: u32, pair_step: u32) -> bool {
    const ROW_TAPS: u32 = 4;
    footprint >= 2 * lanes && (pair_step > 0 || taps_y == ROW_TAPS)
}

/// The sums a vertical-first fused tile of `columns` outputs keeps in its workgroup array,
/// spares aside: its widest footprint's vectors ([`footprint_vectors`]) for each of its rows.
/// The array is sized by the columns a tile fills rather than by its lanes: H200, the ML batch
/// 32x512² -> 224² (54 of 64 columns, 608 -> 512 vectors), fused µs 52.5-54.1 -> 50.5-51.9, f16
/// 41.2-41.8 -> 38.8-39.0 (BENCHMARKS.md tuning log item 164).
fn first_axis_sums(wx: &AxisWeights, columns: u32, planar: bool) -> u64 {
    u64::from(footprint_vectors(wx, columns, planar)) * u64::from(shaders::FUSED_TILE_H)
}

/// The most vectors of the vertical step that any run of `tile` consecutive outputs reads
/// along x: its inputs, or where `planar` the vectors of [`PLANE_VECTOR`] elements that hold
/// them.
fn footprint_vectors(table: &AxisWeights, tile: u32, planar: bool) -> u32 {
    let vector = per_lane(planar);
    (0..table.output_len())
        .step_by(tile as usize)
        .map(|first| {
            let count = tile.min(table.output_len() - first);
            tile_vectors(table, first, count, vector).1
        })
        .max()
        .unwrap_or(0)
}

/// The vectors of `vector` inputs that the bands of outputs `first` to `first + count - 1`
/// read: (the first one's index, how many). Band starts never decrease (the caller's tables
/// are checked for it).
pub(super) fn tile_vectors(table: &AxisWeights, first: u32, count: u32, vector: u32) -> (u32, u32) {
    let start = table.start(first as usize) / vector;
    let end = table.start((first + count - 1) as usize) + table.taps();
    (start, end.div_ceil(vector) - start)
}

/// The most inputs any run of `tile` consecutive outputs reads along one axis.
fn widest_footprint(table: &AxisWeights, tile: u32) -> u32 {
    footprint_vectors(table, tile, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{self, PillowFilter};
    use crate::spec::{ElementType, Size2};

    /// What the fused kernel asks for at most: 32 KiB of workgroup memory.
    fn limits_32k() -> wgpu::Limits {
        wgpu::Limits {
            max_compute_workgroup_storage_size: 32 * 1024,
            ..wgpu::Limits::default()
        }
    }

    /// A Pillow resize of one RGBA f32 image, with its band tables.
    fn pillow_rgba(
        input: Size2,
        output: Size2,
        filter: PillowFilter,
    ) -> (ResizeSpec, AxisWeights, AxisWeights) {
        let spec = presets::pillow(input, output, filter)
            .channels(4)
            .build()
            .unwrap();
        let (wy, wx) = AxisWeights::for_spec(&spec);
        (spec, wy, wx)
    }

    /// PyTorch's `mode` of one four-channel f32 image in `layout`, antialiased where PyTorch
    /// takes antialias (bilinear and bicubic), with its band tables.
    fn torch_rgba(
        input: Size2,
        output: Size2,
        mode: presets::TorchMode,
        layout: Layout,
    ) -> (ResizeSpec, AxisWeights, AxisWeights) {
        let output = presets::TorchOutput::Size(output);
        let spec = presets::torch(input, output, mode, false, mode.interpolating())
            .unwrap()
            .channels(4)
            .layout(layout)
            .build()
            .unwrap();
        let (wy, wx) = AxisWeights::for_spec(&spec);
        (spec, wy, wx)
    }

    /// The fused kernel takes the widest tile whose workgroup array fits, and says what each
    /// width would need when none does.
    #[test]
    fn fused_tiles_narrow_until_the_sums_fit() {
        let limits = limits_32k();
        let tile = |input_width: u32| {
            let input = Size2::new(6, input_width);
            let (spec, wy, wx) = pillow_rgba(input, Size2::new(6, 60), PillowFilter::Bilinear);
            fused_fits(&spec, &wy, &wx, &limits).map(|tile| tile.width)
        };
        assert_eq!(tile(120), Ok(64));
        assert_eq!(tile(700), Ok(32));
        assert_eq!(tile(1000), Ok(16));
        let refusal = tile(4000).unwrap_err();
        for width in shaders::FUSED_TILE_WIDTHS {
            assert!(refusal.contains(&format!("a {width}x4 tile")), "{refusal}");
        }
        // Pillow's fixed point keeps horizontal sums of the tile's input rows: a tall footprint.
        let spec = presets::pillow(
            Size2::new(300, 40),
            Size2::new(30, 40),
            PillowFilter::Bilinear,
        )
        .element(ElementType::U8)
        .channels(4)
        .build()
        .unwrap();
        let (wy, wx) = AxisWeights::for_spec(&spec);
        let tile = fused_fits(&spec, &wy, &wx, &limits).unwrap();
        assert_eq!(tile.width, 32, "{tile:?}");
        assert!(tile.capacity * 16 <= 32 * 1024);
    }

    /// NHWC float tiles keep their sums in strands after the period of their bands' starts
    /// (`SumsLayout`), with room for every strand; Pillow's fixed point keeps its in order, as
    /// do bands whose period the layouts do not follow. NCHW planes take a spare vector after
    /// every 16 at 512 -> 224 and every 8 at 2x.
    #[test]
    fn fused_tiles_take_strands_where_bands_repeat() {
        use presets::{TorchMode, TorchOutput};
        let limits = limits_32k();
        let torch = |input: Size2, output: Size2, mode: TorchMode| {
            presets::torch(input, TorchOutput::Size(output), mode, false, true)
                .unwrap()
                .channels(4)
        };
        let fits = |builder: crate::ResizeSpecBuilder| {
            let spec = builder.build().unwrap();
            let (wy, wx) = AxisWeights::for_spec(&spec);
            let tile = fused_fits(&spec, &wy, &wx, &limits).unwrap();
            let sums = first_axis_sums(&wx, tile.columns, false) as u32;
            if !tile.planar && tile.layout != SumsLayout::PLAIN {
                assert!(tile.capacity >= tile.layout.vectors(sums), "{tile:?}");
            }
            tile
        };
        // The ML batch: 16 inputs every 7 outputs, a period of lanes whose blocks would not
        // tile a warp, so elements in order.
        let ml = fits(
            torch(
                Size2::new(512, 512),
                Size2::new(224, 224),
                TorchMode::Bilinear,
            )
            .batch(32),
        );
        assert_eq!(ml.layout, SumsLayout::PLAIN, "{ml:?}");
        // 2x shrinks: two strands, lanes in order, the tile's columns as before.
        let uhd = fits(torch(
            Size2::new(2160, 3840),
            Size2::new(1080, 1920),
            TorchMode::Bicubic,
        ));
        assert_eq!(
            (uhd.layout.strands, uhd.layout.lane_stride, uhd.columns),
            (2, 1, 61)
        );
        // The GPU test's first shape (`fused_strands_match_the_reference`).
        let small = fits(torch(
            Size2::new(5, 286),
            Size2::new(2, 143),
            TorchMode::Bilinear,
        ));
        assert_eq!(small.layout.strands, 2, "{small:?}");
        // Pillow's u8 fixed point keeps horizontal sums, in order.
        let fixed = fits(
            presets::pillow(
                Size2::new(8, 2048),
                Size2::new(8, 1024),
                PillowFilter::Lanczos,
            )
            .element(ElementType::U8)
            .channels(4),
        );
        assert_eq!(fixed.layout, SumsLayout::PLAIN);
        // NCHW planes of square images, `input` to `output` on a side.
        let planes = |input: u32, output: u32, mode: TorchMode| {
            let square = |side: u32| Size2::new(side, side);
            fits(
                torch(square(input), square(output), mode)
                    .channels(3)
                    .layout(Layout::Nchw),
            )
        };
        let ml_planes = planes(512, 224, TorchMode::Bilinear);
        assert!(
            ml_planes.planar && ml_planes.layout == SumsLayout::planes(4),
            "{ml_planes:?}"
        );
        let halving = planes(448, 224, TorchMode::Bicubic);
        assert_eq!(halving.layout, SumsLayout::planes(3), "{halving:?}");
    }

    /// The array holds the footprint of the columns a tile fills, not of all its lanes: the
    /// ML batch's 512 -> 224 tiles of 54 outputs read 126 inputs (64 outputs would read 149),
    /// four rows of them, 512 vectors after rounding (not 608); the 4K -> 1080p shrink's tiles
    /// of 61 outputs in two strands.
    #[test]
    fn fused_arrays_hold_the_filled_columns() {
        let limits = limits_32k();
        let torch = |input: Size2, output: Size2, mode: presets::TorchMode| {
            let (spec, wy, wx) = torch_rgba(input, output, mode, Layout::Nhwc);
            let tile = fused_fits(&spec, &wy, &wx, &limits).unwrap();
            (tile, wx)
        };
        let (ml, wx) = torch(
            Size2::new(512, 512),
            Size2::new(224, 224),
            presets::TorchMode::Bilinear,
        );
        assert_eq!((ml.width, ml.columns), (64, 54), "{ml:?}");
        assert_eq!(footprint_vectors(&wx, 54, false), 126);
        assert_eq!(footprint_vectors(&wx, 64, false), 149);
        assert_eq!(ml.capacity, 512, "{ml:?}");
        let (uhd, wx) = torch(
            Size2::new(2160, 3840),
            Size2::new(1080, 1920),
            presets::TorchMode::Bicubic,
        );
        let sums = first_axis_sums(&wx, uhd.columns, false) as u32;
        assert!(u64::from(sums) < first_axis_sums(&wx, uhd.width, false));
        assert_eq!(uhd.layout.strands, 2, "{uhd:?}");
        assert!(uhd.layout.strand_len * 2 >= sums, "{uhd:?}");
        assert_eq!(
            uhd.capacity,
            shaders::fused_capacity(u64::from(uhd.layout.vectors(sums))) as u32
        );
    }

    /// A fused tile takes fewer outputs than its lanes where the lanes then cover its input
    /// columns in fewer rounds.
    #[test]
    fn fused_tiles_fill_their_rounds() {
        let limits = limits_32k();
        let columns = |input: Size2, output: Size2, filter: PillowFilter| {
            let (spec, wy, wx) = pillow_rgba(input, output, filter);
            let tile = fused_fits(&spec, &wy, &wx, &limits).unwrap();
            let rounds = widest_footprint(&wx, tile.columns).div_ceil(tile.width);
            (tile.width, tile.columns, rounds)
        };
        // 2x shrink, bicubic with antialias: 8 taps; 64 outputs read 134 inputs (3 rounds of 64),
        // 61 read 128 (2 rounds).
        let shrink = columns(
            Size2::new(8, 3840),
            Size2::new(4, 1920),
            PillowFilter::Bicubic,
        );
        assert_eq!(shrink, (64, 61, 2));
        // The fused GPU test's shape of three tiles: bilinear 2x, 64 outputs read 130 inputs, 63
        // read 128.
        let test_shape = columns(
            Size2::new(6, 268),
            Size2::new(5, 134),
            PillowFilter::Bilinear,
        );
        assert_eq!(test_shape, (64, 63, 2));
        // A 2x enlargement: 64 outputs read 33 or 34 inputs, one round.
        let enlarge = columns(
            Size2::new(8, 960),
            Size2::new(16, 1920),
            PillowFilter::Bilinear,
        );
        assert_eq!(enlarge, (64, 64, 1));
        // A 4x lanczos3 shrink to 256 columns (24 taps): four tiles of 64 outputs reading 276
        // inputs, five rounds each, rather than five tiles of 59 reading 256 in four (the
        // narrower tiles measured 35% slower on an H200: 17.1 -> 23.1 µs).
        let shrink4 = columns(
            Size2::new(8, 1024),
            Size2::new(4, 256),
            PillowFilter::Lanczos,
        );
        assert_eq!(shrink4, (64, 64, 5));
        // Narrower tiles only while their grid fits the device: a 17x shrink to 66 columns
        // takes 16-lane tiles of 11 outputs (6 tiles), but a device with 5 workgroups across
        // gets tiles of at least 14.
        let (spec, wy, wx) = pillow_rgba(
            Size2::new(6, 66 * 17),
            Size2::new(6, 66),
            PillowFilter::Bilinear,
        );
        let tile = fused_fits(&spec, &wy, &wx, &limits).unwrap();
        assert_eq!((tile.width, tile.columns), (16, 11), "{tile:?}");
        let five_across = wgpu::Limits {
            max_compute_workgroups_per_dimension: 5,
            ..limits.clone()
        };
        let tile = fused_fits(&spec, &wy, &wx, &five_across).unwrap();
        assert_eq!(tile.width, 16, "{tile:?}");
        assert!(66u32.div_ceil(tile.columns) <= 5, "{tile:?}");
    }

    /// NCHW planes: tiles of four outputs a lane whose array counts the vectors of four
    /// elements that hold the footprint (the ML batch's 512 -> 224 bilinear: one tile a row,
    /// reading 512 inputs, 128 vectors, in two rounds of 64 lanes), narrower
    /// tiles where the vectors would not fit, and a reason where planes cannot run.
    #[test]
    fn fused_planes_count_vectors() {
        let limits = limits_32k();
        let planes = |input: Size2, output: Size2| {
            presets::torch(
                input,
                presets::TorchOutput::Size(output),
                presets::TorchMode::Bilinear,
                false,
                true,
            )
            .unwrap()
            .batch(32)
            .channels(3)
            .layout(Layout::Nchw)
        };
        let fits = |builder: crate::ResizeSpecBuilder| {
            let spec = builder.build().unwrap();
            let (wy, wx) = AxisWeights::for_spec(&spec);
            fused_fits(&spec, &wy, &wx, &limits)
        };
        let ml = fits(planes(Size2::new(512, 512), Size2::new(224, 224))).unwrap();
        // (The widest of equal counts: 256 columns, of which the one tile a row fills 224.)
        assert!(ml.planar && ml.width == 64 && ml.columns == 256, "{ml:?}");
        let spec = planes(Size2::new(512, 512), Size2::new(224, 224))
            .build()
            .unwrap();
        let (_, wx) = AxisWeights::for_spec(&spec);
        assert_eq!(footprint_vectors(&wx, 224, true), 128);
        // Four rows of 128 vectors' columns, a spare after every 16 (the layout's).
        assert_eq!(ml.layout, SumsLayout::planes(4), "{ml:?}");
        assert_eq!(ml.capacity, shaders::fused_capacity(4 * 128 + 31) as u32);
        // Outputs a multiple of four, at most four a lane.
        let wide = fits(planes(Size2::new(8, 4000), Size2::new(8, 400))).unwrap();
        assert!(wide.planar && wide.columns % 4 == 0, "{wide:?}");
        assert!(
            wide.columns <= 4 * wide.width && wide.width < 64,
            "{wide:?}"
        );
        assert!(wide.capacity * 16 <= 32 * 1024, "{wide:?}");
        // Rows of other than whole vectors, colour conversions and the fixed point refuse.
        let odd = fits(planes(Size2::new(8, 10), Size2::new(8, 8))).unwrap_err();
        assert!(odd.contains("multiples of 4"), "{odd}");
        let linear = fits(planes(Size2::new(8, 8), Size2::new(4, 4)).linear_light(true));
        assert!(linear.unwrap_err().contains("colour"));
        let fixed = presets::pillow(Size2::new(8, 8), Size2::new(4, 4), PillowFilter::Bilinear)
            .channels(3)
            .layout(Layout::Nchw)
            .element(ElementType::U8);
        assert!(fits(fixed).unwrap_err().contains("fixed point"));
        // NHWC tiles are not planar.
        let rgba = fits(
            planes(Size2::new(512, 512), Size2::new(224, 224))
                .channels(4)
                .layout(Layout::Nhwc),
        );
        assert!(!rgba.unwrap().planar);
    }

    /// The fused kernel's vertical step runs rows in pairs where a pair loads fewer input rows
    /// than its two bands one by one, with bands no more than 4 rows apart.
    #[test]
    fn fused_pairs_where_bands_overlap() {
        let step = |input_height: u32, output_height: u32, filter: PillowFilter| {
            let input = Size2::new(input_height, 8);
            let (_, wy, _) = pillow_rgba(input, Size2::new(output_height, 8), filter);
            (wy.taps(), pair_step(&wy))
        };
        // 2x shrinks: 8 and 12 taps, bands two rows apart.
        assert_eq!(step(64, 32, PillowFilter::Bicubic), (8, 2));
        assert_eq!(step(64, 32, PillowFilter::Lanczos), (12, 2));
        // 512 -> 224 bilinear, as the ML batch: 5 taps, bands up to 3 rows apart (8 loads, not
        // 10).
        assert_eq!(step(512, 224, PillowFilter::Bilinear), (5, 3));
        // A 2x enlargement: 2 taps, 1 row apart (3 loads, not 4).
        assert_eq!(step(32, 64, PillowFilter::Bilinear), (2, 1));
        // Bands that do not overlap: a 2x shrink of 2 taps; bands 5 rows apart; taps read at
        // run time (a 4x lanczos shrink).
        let two_taps = |input: u32, output: u32| {
            let spec = crate::ResizeSpec::builder(Size2::new(input, 8), Size2::new(output, 8))
                .channels(4)
                .build()
                .unwrap();
            let (wy, _) = AxisWeights::for_spec(&spec);
            (wy.taps(), pair_step(&wy))
        };
        assert_eq!(two_taps(64, 32), (2, 0));
        assert_eq!(step(80, 16, PillowFilter::Bilinear).1, 0);
        assert_eq!(step(256, 64, PillowFilter::Lanczos).1, 0);
    }

    /// The fused kernel's vertical step takes two columns per turn where every lane has two in
    /// the footprint, in row pairs or in single rows of 4 taps, with premultiplied alpha or
    /// without; not in Pillow's fixed point (horizontal first) or in linear light.
    #[test]
    fn fused_column_pairs_where_every_lane_has_two() {
        let limits = limits_32k();
        let tile = |builder: crate::ResizeSpecBuilder| {
            let spec = builder.build().unwrap();
            let (wy, wx) = AxisWeights::for_spec(&spec);
            let tile = fused_fits(&spec, &wy, &wx, &limits).unwrap();
            (wy.taps(), tile)
        };
        let rgba = |input: Size2, output: Size2, filter| {
            presets::pillow(input, output, filter).channels(4)
        };
        let (uhd, half) = (Size2::new(64, 3840), Size2::new(32, 1920));
        for filter in [PillowFilter::Bicubic, PillowFilter::Lanczos] {
            // 2x shrinks in row pairs: 61 (bicubic) or 59 (lanczos3) outputs a tile read 128
            // columns, two for each of 64 lanes.
            let (_, pairs) = tile(rgba(uhd, half, filter));
            assert!(pairs.pair_step == 2 && pairs.column_pairs, "{pairs:?}");
            let (_, f16) = tile(rgba(uhd, half, filter).element(ElementType::F16));
            assert!(f16.column_pairs, "{f16:?}");
            let (_, alpha) = tile(rgba(uhd, half, filter).premultiplied_alpha(true));
            assert!(alpha.column_pairs, "{alpha:?}");
            for element in [ElementType::F32, ElementType::U8] {
                let linear = rgba(uhd, half, filter).element(element).linear_light(true);
                let (_, linear) = tile(linear);
                assert!(!linear.column_pairs, "{linear:?}");
            }
            let (_, fixed) = tile(rgba(uhd, half, filter).element(ElementType::U8));
            assert!(!fixed.column_pairs, "{fixed:?}");
            // A 2x shrink to 40 columns: 80 inputs, fewer than two for each lane.
            let (_, narrow) = tile(rgba(Size2::new(64, 80), Size2::new(32, 40), filter));
            assert!(narrow.pair_step == 2 && !narrow.column_pairs, "{narrow:?}");
        }
        // A 1.5x shrink in row pairs: 64 outputs read about 100 columns.
        let (_, x1_5) = tile(rgba(
            Size2::new(96, 1920),
            Size2::new(64, 1280),
            PillowFilter::Bicubic,
        ));
        assert!(x1_5.pair_step > 0 && !x1_5.column_pairs, "{x1_5:?}");
        // Row pairs of bilinear bands that overlap: a 2x antialiased shrink (4 taps, 2 rows
        // apart) and a 2.4x one (5 taps, 3 rows apart, 52 outputs a tile reading 128 columns).
        let (taps, bilinear) = tile(rgba(uhd, half, PillowFilter::Bilinear));
        assert!(taps == 4 && bilinear.pair_step == 2 && bilinear.column_pairs);
        let shrink = rgba(
            Size2::new(64, 3840),
            Size2::new(26, 1600),
            PillowFilter::Bilinear,
        );
        let (_, wx) = AxisWeights::for_spec(&shrink.build().unwrap());
        let (taps, rows) = tile(shrink);
        assert_eq!(
            widest_footprint(&wx, rows.columns),
            2 * rows.width,
            "{rows:?}"
        );
        assert!(
            taps == 5 && rows.pair_step == 3 && rows.column_pairs,
            "{rows:?}"
        );
        // Single rows: a 4x bicubic shrink without antialias (4 taps, bands 4 rows apart) takes
        // two columns a turn; an 8x one of 2 taps does not.
        let quarter = crate::ResizeSpec::builder(Size2::new(64, 4096), Size2::new(16, 1024))
            .filter(crate::Filter::Cubic { a: -0.75 })
            .channels(4);
        let (taps, single) = tile(quarter);
        assert!(
            taps == 4 && single.pair_step == 0 && single.column_pairs,
            "{single:?}"
        );
        let eighth = crate::ResizeSpec::builder(Size2::new(64, 4096), Size2::new(8, 512));
        let (_, wx) = AxisWeights::for_spec(&eighth.channels(4).build().unwrap());
        let (taps, two) = tile(eighth.channels(4));
        assert!(
            widest_footprint(&wx, two.columns) >= 2 * two.width,
            "{two:?}"
        );
        assert!(
            taps == 2 && two.pair_step == 0 && !two.column_pairs,
            "{two:?}"
        );
    }

    /// Tuning's column counts: the kernel's own first, then 56 and 52 of 64 lanes (NCHW
    /// planes four outputs a lane), each once; only the lanes in Pillow's fixed point. A given
    /// count that a tile can take is taken; others give the kernel's own.
    #[test]
    fn tuning_tries_narrower_tiles_and_a_given_count_is_taken() {
        let limits = limits_32k();
        let torch = |input: Size2, output: Size2, layout: Layout| {
            let (spec, wy, wx) = torch_rgba(input, output, presets::TorchMode::Bicubic, layout);
            let own = fused_fits(&spec, &wy, &wx, &limits).unwrap();
            (spec, wy, wx, own)
        };
        // 4K -> 1080p: 61 columns of 64 lanes.
        let (spec, wy, wx, own) =
            torch(Size2::new(2160, 3840), Size2::new(1080, 1920), Layout::Nhwc);
        assert_eq!(fused_column_candidates(&spec, &own, &limits), [61, 56, 52]);
        let narrow = fused_tile(&spec, &wy, &wx, &limits, Some(40)).unwrap();
        assert_eq!(
            (narrow.columns, narrow.width, narrow.layout.strands),
            (40, 64, 2),
            "{narrow:?}"
        );
        // Fewer columns, a smaller array.
        assert!(narrow.capacity < own.capacity, "{narrow:?} {own:?}");
        for refused in [0, 65, 1000] {
            let tile = fused_tile(&spec, &wy, &wx, &limits, Some(refused)).unwrap();
            assert_eq!(tile, own, "{refused}");
        }
        // Planes: four outputs a lane, whole vectors.
        let (spec, wy, wx, own) = torch(Size2::new(64, 2048), Size2::new(32, 1024), Layout::Nchw);
        assert!(own.planar, "{own:?}");
        let candidates = fused_column_candidates(&spec, &own, &limits);
        assert_eq!(candidates[0], own.columns);
        assert!(
            candidates[1..].iter().all(|&c| c % 4 == 0 && c < 256),
            "{candidates:?}"
        );
        assert_eq!(
            fused_tile(&spec, &wy, &wx, &limits, Some(130)).unwrap(),
            own
        );
        assert_eq!(
            fused_tile(&spec, &wy, &wx, &limits, Some(128))
                .unwrap()
                .columns,
            128
        );
        // Pillow's fixed point: one column a lane, nothing else.
        let (spec, _, _) = pillow_rgba(
            Size2::new(8, 2048),
            Size2::new(8, 1024),
            PillowFilter::Lanczos,
        );
        let spec = spec.to_builder().element(ElementType::U8).build().unwrap();
        assert!(spec.fixed_point());
        let (wy, wx) = AxisWeights::for_spec(&spec);
        let own = fused_fits(&spec, &wy, &wx, &limits).unwrap();
        assert_eq!(fused_column_candidates(&spec, &own, &limits), [own.width]);
        assert_eq!(fused_tile(&spec, &wy, &wx, &limits, Some(8)).unwrap(), own);
    }

    proptest::proptest! {
        /// The array holds every sum the kernel keeps, in every tile across the output: the
        /// vertical step writes element `r * width + j` of the tile's footprint of `width`
        /// vectors (`keep` in `fused_tiled.wgsl`), for each of its rows, at the layout's cell,
        /// or for planes input column `i < 4 * width` at its slot; all of them must lie under
        /// the capacity, which must fit the workgroup memory; for the kernel's own tile and for
        /// every count of columns tuning tries.
        #[test]
        fn fused_arrays_hold_every_tile(
            in_quads in 2u32..300,
            out_quads in 1u32..200,
            mode in 0usize..3,
            planar: bool,
        ) {
            use presets::TorchMode;
            let mode = [TorchMode::Bilinear, TorchMode::Bicubic, TorchMode::Area][mode];
            let (input, output) = (Size2::new(6, 4 * in_quads), Size2::new(5, 4 * out_quads));
            let layout = if planar { Layout::Nchw } else { Layout::Nhwc };
            let (spec, wy, wx) = torch_rgba(input, output, mode, layout);
            let limits = limits_32k();
            let Ok(own) = fused_fits(&spec, &wy, &wx, &limits) else {
                return Ok(());
            };
            // The kernel's own tile and every count tuning may take instead.
            for columns in fused_column_candidates(&spec, &own, &limits) {
                let tile = fused_tile(&spec, &wy, &wx, &limits, Some(columns)).unwrap();
                proptest::prop_assert_eq!(tile.columns, columns);
                proptest::prop_assert!(tile.capacity * 16 <= 32 * 1024, "{tile:?}");
                let vector = per_lane(tile.planar);
                for first in (0..output.width).step_by(tile.columns as usize) {
                    let count = tile.columns.min(output.width - first);
                    let (_, width) = tile_vectors(&wx, first, count, vector);
                    let last = if tile.planar {
                        tile.layout.slot(4 * width - 1)
                    } else {
                        (0..shaders::FUSED_TILE_H * width)
                            .map(|i| tile.layout.cell(i))
                            .max()
                            .unwrap_or(0)
                    };
                    proptest::prop_assert!(last < tile.capacity, "tile at {first}: {tile:?}");
                }
            }
        }
    }
}
