//! Exact doublings: one invocation per input column writes the 2 x 2 outputs of each of its
//! input pixels (`wgsl/gather_doubling.wgsl`); for RGB u8, one per four neighbouring columns,
//! whose twelve bytes are three whole words (`wgsl/gather_doubling_rgb.wgsl`).
//!
//! An enlargement by exactly 2 whose table repeats every two outputs, as bilinear and the
//! nearest rules with half-pixel centres do, gives output `2i + k` from inputs `i - 1 + k` and
//! `i + k` by two weights that depend on `k` alone (the phases), with the inputs clamped to the
//! axis at its edges. The kernel then needs no table and loads each input row once for the two
//! output rows on either side of it. On an H200, 1080p -> 2160p RGBA, µs, lab kernels of this
//! form against the library's: u8 22.0 -> 15.6, f16 32.9 -> 27.5, all bytes equal; f32 47.7 ->
//! 64.3, which keeps the vector gather (BENCHMARKS.md tuning log item 88). RGB u8 against the
//! quad gather it had: 1080p x2 33.8 -> 21.8, 4K x2 117 -> 64 (item 103).
//!
//! From an RGBA texture the RGBA kernel reads texels and sums them in f32
//! (`wgsl/doubling_floats.wgsl`): u8 and f16 specs into a texture a texel at a time
//! (`wgsl/doubling_texture.wgsl`), f16 specs into an RGBA tensor two pixels a store
//! (`wgsl/f16_pairs.wgsl`). u8 1080p -> 2160p between textures 67.7 -> 53.4 µs (item 105); f16
//! into a tensor, GPU µs, 39.9 -> 32.0 with the pairs (item 145) and 32.3 -> 30.3 in workgroups
//! of 4 x 64 (item 146). A u8 spec from a texture into a tensor runs the buffer kernel in lanes
//! from a staged copy of the texels instead (`texture_tensor.rs`): this kernel read each texel
//! three times and took 33.7 µs where the copy and the lanes take 26.8 (item 147). From a buffer
//! into a texture the vector gather was as fast (57.9-61.5 µs against 55.2-63.1 with the
//! doubling, item 141), so that route keeps it.
//!
//! Pillow's 8-bit fixed point (PyTorch's and ONNX Runtime's too), which rounds to a byte after
//! each pass, runs on the RGBA and RGB kernels between buffers, each row's horizontal sums
//! rounded before the vertical taps weigh them (`between_axes`, [`fixed_point_serves`]). H100,
//! PyTorch's bilinear on u8, from the vector gather and the quads: RGBA 1080p x2 67.8 -> 20.0
//! µs, RGB 57.5 -> 27.1-27.9 (a pixel's three channels in one word of 10-bit lanes where each
//! axis's weights have at most 2 bits, `packed_rows`; tuning log item 189).
//!
//! [`DoublingPhases::fit`] takes a table only where every row, edges included, is what the
//! kernel computes: the same inputs with the same weights, where a clamped edge adds both
//! phases' weights on one input.

use super::Launch;
use super::launch::MAX_WEIGHT_BITS;
use super::params::check_grid;
use super::shaders::{DoublingPhases, KernelFeatures, KernelVariant, Workgroup};
use crate::gather_arithmetic::{GatherArithmetic, OnnxLinearU8};
use crate::spec::{ElementType, Layout, OpenCvFixedPoint, ResizeSpec};
use crate::weights::AxisWeights;

/// Input rows per invocation of the RGBA kernel. H200, 1080p -> 2160p µs, 1 / 2 / 4 / 8 rows
/// (16 for u8): u8 17.6 / 16.5 / 15.6 / 15.9 / 18.5; f16 27.7 / 27.5 / 29.1 / 32.1 (tuning log
/// item 88).
fn rgba_rows(element: ElementType) -> u32 {
    if element == ElementType::U8 { 4 } else { 2 }
}

/// Input rows per invocation between textures. H200, u8 `rgba8unorm` 1080p -> 2160p, GPU µs
/// of two rounds (tuning log item 105): the vector gather 67.3, 68.1; 1 / 2 / 4 / 8 rows 58.8,
/// 59.1 / 53.3, 53.5 / 54.3, 54.6 / 57.4, 56.9.
const TEXTURE_ROWS: u32 = 2;

/// Input rows per invocation from a texture into an RGBA buffer (f16 specs), two pixels a
/// store (`wgsl/f16_pairs.wgsl`). H200, `rgba16float` 1080p -> 2160p into an f16 tensor, GPU µs
/// (tuning log item 145): one pixel a store with 8 rows 39.9; pairs with 8 rows 33.2, with 2
/// rows 32.0.
const TEXTURE_TO_BUFFER_ROWS: u32 = 2;

/// The workgroup from a texture into an RGBA buffer (f16 specs). H200, `rgba16float` 1080p ->
/// 2160p, GPU µs of two rounds with the rows above (tuning log item 146): 64 x 4 32.3, 32.2; 16
/// x 16 31.7, 31.5; 4 x 64 30.3, 30.4 (384x640 x2: 8.4, 8.4 against 8.2, 8.1). No shape beat 64
/// x 4 between textures.
const TEXTURE_TO_BUFFER_GROUP: Workgroup = Workgroup { x: 4, y: 64 };

/// Most input rows per invocation of the RGB kernel, and the fewest invocations it leaves:
/// H200, gather µs (ranges of three rounds) for 1 / 2 / 4 / 8 rows (tuning log item 103):
/// 1080p x2 24.4-24.6 / 21.8 / 23.9-24.1 / 24.4-24.7; 4K x2 80.5-80.7 / 63.8-64.5 /
/// 68.1-68.9 / 73.3-73.8; 8 x 256² x2 10.8-10.9 / 10.0-10.5 / 10.3-10.4 / 11.3-11.4; 540p x2
/// 11.2-11.5 / 10.9-11.5 / 10.7-10.9 / 11.0-11.4; but 192x320 x2 (15 360 invocations at one
/// row) 6.4-6.6 / 7.1-7.2 / 8.3 / 10.9.
const RGB_MAX_ROWS: u32 = 2;
const RGB_MIN_INVOCATIONS: u64 = 1 << 15;

/// Whether the exact doublings and halvings run `features`' rounding between the axes: none
/// asked for, or Pillow's fixed point (PyTorch's and ONNX Runtime's 8-bit resizes on their own
/// tables) between buffers, the horizontal axis rounded first (`between_axes` in
/// `wgsl/doubling_lanes.wgsl`, `row_sums` in `wgsl/gather_doubling_rgb.wgsl` and
/// `wgsl/halving_lanes.wgsl`). The kernels run neither Pillow's vertical-first order nor its
/// reduction before the resize, and read no texture in that fixed point (their texels sum in
/// f32, unrounded).
pub(super) fn fixed_point_serves(features: KernelFeatures) -> bool {
    !features.fixed_point
        || !(features.fixed_y_first
            || features.pillow_reduce
            || features.texture_source.is_some()
            || features.texture_target.is_some())
}

/// Most bits of a float kernel's weights: an f16 input (11 significant bits) times such a
/// weight, and the sum of two of them on one input at a clamped edge (or of the four taps of an
/// exact halving), are exact in f32.
pub(super) const FLOAT_MAX_BITS: u32 = 8;

impl DoublingPhases {
    /// The phases of `table` in units of 2^-`bits`, if the kernel reproduces every row: an
    /// output twice the input (of at least 3), no row outside the input, and each row's inputs
    /// and weights equal to its phase's, where inputs clamped at an edge coincide and their
    /// weights add.
    pub(crate) fn fit(table: &AxisWeights, bits: u32) -> Option<Self> {
        let input = table.input_len();
        if input < 3 || table.output_len() != 2 * input || table.any_outside() || bits > 16 {
            return None;
        }
        let scale = f64::from(1u32 << bits);
        // Outputs 2 and 3's taps (input 1 and its neighbours, clamped by nothing), each weight
        // at most the whole unit.
        let taps = |row: usize| {
            unit_taps(table, row, scale, |i| i)
                .filter(|all| all.iter().all(|&(_, units)| units <= 1 << bits))
        };
        let fitted = DoublingPhases::from_rows([taps(2)?, taps(3)?], bits)?;
        (0..table.output_len() as usize)
            .all(|o| unit_taps(table, o, scale, |i| i).map(merged) == Some(fitted.row(o, input)))
            .then_some(fitted)
    }

    /// The phases of units of 2^-`bits` that outputs 2 and 3 take, given as their taps (input,
    /// units) with zeros left out: phase `k`'s weights on inputs `k` and `k + 1`.
    fn from_rows(rows: [Vec<(usize, u64)>; 2], bits: u32) -> Option<Self> {
        let mut units = [[0u32; 2]; 2];
        for (k, (phase, taps)) in units.iter_mut().zip(rows).enumerate() {
            for (input, weight) in taps {
                *phase.get_mut(input.checked_sub(k)?)? = u32::try_from(weight).ok()?;
            }
        }
        Some(DoublingPhases { units, bits })
    }

    /// Whether each phase weighs one input alone, as the nearest rules do.
    pub(crate) fn single_taps(&self) -> bool {
        self.units.iter().all(|phase| phase.contains(&0))
    }

    /// Output `o`'s inputs and weights (in units) as the kernel computes them, on an axis of
    /// `input` inputs: merged where the clamp makes both taps one input, zeros left out.
    fn row(&self, o: usize, input: u32) -> Vec<(u32, u64)> {
        merged(self.taps(o, input))
    }

    /// Output `o`'s two taps as the kernel reads them, on an axis of `input` inputs: inputs
    /// `i - 1 + k` and `i + k` clamped to the axis, and their phase's weights (in units).
    fn taps(&self, o: usize, input: u32) -> [(usize, u64); 2] {
        let (i, k) = (o / 2, o % 2);
        let last = input as usize - 1;
        let inputs = [(i + k).saturating_sub(1).min(last), (i + k).min(last)];
        [0, 1].map(|t| (inputs[t], u64::from(self.units[k][t])))
    }
}

/// `weight` in units of 1/`scale`, where it is a non-negative whole number of them.
fn units_of(weight: f64, scale: f64) -> Option<u64> {
    let scaled = weight * scale;
    (scaled >= 0.0 && scaled == scaled.trunc()).then_some(scaled as u64)
}

/// Row `o` of `table`'s taps as (input, units of 1/`scale`), in tap order without zeros, each
/// input the one `read` makes of the tap's table index; `None` where a weight is no whole
/// number of units.
pub(super) fn unit_taps(
    table: &AxisWeights,
    o: usize,
    scale: f64,
    read: impl Fn(usize) -> usize,
) -> Option<Vec<(usize, u64)>> {
    let start = table.start(o) as usize;
    let mut all = Vec::new();
    for (t, &weight) in table.row(o).iter().enumerate() {
        let units = units_of(weight, scale)?;
        if units != 0 {
            all.push((read(start + t), units));
        }
    }
    Some(all)
}

/// Taps as (input, weight) sorted by input, equal inputs' weights added, zeros left out.
pub(super) fn merged(taps: impl IntoIterator<Item = (usize, u64)>) -> Vec<(u32, u64)> {
    let mut all: Vec<(u32, u64)> = Vec::new();
    for (input, weight) in taps {
        match all.iter_mut().find(|(i, _)| *i == input as u32) {
            Some((_, sum)) => *sum = sum.saturating_add(weight),
            None => all.push((input as u32, weight)),
        }
    }
    all.retain(|&(_, w)| w != 0);
    all.sort_unstable();
    all
}

/// The bits of each axis's weights where the exact doublings and halvings sum them exactly:
/// u8 buffers in integer lanes (`features.integer_weights`, whose bits per axis are
/// `lane_bits`), or in Pillow's fixed point, each axis's sums rounded to bytes on their own
/// (dyadic weights of at most [`MAX_WEIGHT_BITS`] bits an axis: the lanes hold one axis's sums
/// at a time, and 255 · 2^8 plus the rounding's half stays below 2^16); RGBA f16 buffers and u8
/// specs' texels (`textures`: read from a texture), summed in f32, with dyadic weights of at
/// most [`FLOAT_MAX_BITS`] bits. `None` for anything else (f32 sums, u8 buffers without lanes).
pub(super) fn exact_bits(
    element: ElementType,
    textures: bool,
    features: KernelFeatures,
    lane_bits: Option<(u32, u32)>,
    (y, x): (&AxisWeights, &AxisWeights),
) -> Option<(u32, u32)> {
    let float_bits = || {
        y.dyadic_bits(FLOAT_MAX_BITS)
            .zip(x.dyadic_bits(FLOAT_MAX_BITS))
    };
    match (element, lane_bits) {
        // Texels of u8 specs (integers to 255) summed in f32 times weights of at most
        // FLOAT_MAX_BITS bits are exact; f32 specs' are not (textures stage no f16 spec).
        (ElementType::U8, _) if textures => float_bits(),
        (ElementType::U8, Some(bits)) if features.integer_weights.is_some() => Some(bits),
        // (`fixed_point_serves` keeps textures out.)
        (ElementType::U8, None) if features.fixed_point => y
            .dyadic_bits(MAX_WEIGHT_BITS)
            .zip(x.dyadic_bits(MAX_WEIGHT_BITS)),
        // f16 inputs (11 significant bits) times such weights, and the sums of four of them,
        // are exact in f32.
        (ElementType::F16, None) if features.integer_weights.is_none() => float_bits(),
        _ => None,
    }
}

/// Turns a one-pass gather launch of `spec` into the exact doubling where it serves: NHWC
/// buffers of RGBA u8 or RGB u8 (an input width a multiple of 4, so that every four pixels start
/// on a word) summed in integer lanes (`features.integer_weights`, whose bits per axis are
/// `lane_bits`), of RGBA f16 summed in floats, or an RGBA texture of a u8 or f16 spec
/// (`features.texture_source`) into a texture, or of an f16 spec into an RGBA buffer, summed in
/// floats; without colour conversions, in Pillow's fixed point only where
/// [`fixed_point_serves`], both tables fitting [`DoublingPhases::fit`], and a grid within
/// `max_groups`. Otherwise the launch is left as it was.
pub(crate) fn choose(
    launch: &mut Launch,
    spec: &ResizeSpec,
    (y, x): (&AxisWeights, &AxisWeights),
    features: KernelFeatures,
    lane_bits: Option<(u32, u32)>,
    max_groups: u32,
) {
    let element = spec.element();
    let channels = spec.channels();
    let pixels_fit = match channels {
        4 => true,
        3 => element == ElementType::U8 && x.input_len() % 4 == 0,
        _ => false,
    };
    // A texture source, into a texture or (f16) an RGBA buffer: RGBA pixels summed in floats (a
    // tensor store of fewer channels or planes has no pair store here; u8 tensors run staged,
    // texture_tensor.rs). From a buffer into a texture the vector gather is as fast (tuning log
    // item 141), so it keeps it.
    let textures = features.texture_source.is_some();
    let into_buffer = features.texture_target.is_none();
    if features.texture_target.is_some() && !textures
        || textures && (channels != 4 || features.tensor_target.is_some())
        || textures && into_buffer && element == ElementType::U8
    {
        return;
    }
    if matches!(launch.variant, KernelVariant::Fused { .. })
        || spec.layout() != Layout::Nhwc
        || !pixels_fit
        || !fixed_point_serves(features)
        || features.color.any()
    {
        return;
    }
    let Some(bits) = exact_bits(element, textures, features, lane_bits, (y, x)) else {
        return;
    };
    let (Some(phases_y), Some(phases_x)) = (
        DoublingPhases::fit(y, bits.0),
        DoublingPhases::fit(x, bits.1),
    ) else {
        return;
    };
    // The quads copy RGB nearest neighbours faster: H200, 1080p x2 22.6-22.7 µs against
    // 24.9-25.1 (tuning log item 103).
    if channels == 3 && phases_y.single_taps() && phases_x.single_taps() {
        return;
    }
    if channels == 3 {
        let input = (y.input_len(), x.input_len());
        rgb_launch(launch, spec, input, (phases_y, phases_x), max_groups);
        return;
    }
    // Invocations over input columns and rows, and the workgroup (`GatherDoubling`'s
    // constants).
    let (columns, rows, group) = if textures && features.texture_target.is_some() {
        (x.input_len(), TEXTURE_ROWS, Workgroup::default())
    } else if textures {
        (
            x.input_len(),
            TEXTURE_TO_BUFFER_ROWS,
            TEXTURE_TO_BUFFER_GROUP,
        )
    } else {
        (x.input_len(), rgba_rows(element), Workgroup::default())
    };
    let height = y.input_len();
    let Some(grid) = doubling_grid((columns, height, spec.batch()), rows, group, max_groups) else {
        return;
    };
    *launch = Launch {
        variant: KernelVariant::GatherDoubling {
            element,
            channels,
            lanes: !textures && element == ElementType::U8,
            rows,
            group,
            y: phases_y,
            x: phases_x,
        },
        workgroups: grid,
        row_stride: 0,
    };
}

/// The grid of an exact doubling of `rows` input rows per invocation in workgroups of `group`,
/// over `(columns, height, batch)`: invocations across, input rows and images; `None` where it
/// passes `max_groups` along an axis.
fn doubling_grid(
    (columns, height, batch): (u32, u32, u32),
    rows: u32,
    group: Workgroup,
    max_groups: u32,
) -> Option<(u32, u32, u32)> {
    let grid = (
        columns.div_ceil(group.x),
        height.div_ceil(group.y * rows),
        batch,
    );
    check_grid(grid, max_groups).ok().map(|_| grid)
}

/// Sets `launch` to the RGB u8 doubling of an input of `(height, width)` pixels (a width a
/// multiple of 4), one invocation per four neighbouring pixels of up to [`RGB_MAX_ROWS`] rows,
/// where its grid fits within `max_groups`.
fn rgb_launch(
    launch: &mut Launch,
    spec: &ResizeSpec,
    (height, width): (u32, u32),
    (y, x): (DoublingPhases, DoublingPhases),
    max_groups: u32,
) {
    let groups = width / 4;
    let single = groups as u64 * height as u64 * spec.batch() as u64;
    let rows = super::launch::more_rows(1, single, RGB_MAX_ROWS, RGB_MIN_INVOCATIONS);
    let group = Workgroup::default();
    let Some(grid) = doubling_grid((groups, height, spec.batch()), rows, group, max_groups) else {
        return;
    };
    *launch = Launch {
        variant: KernelVariant::GatherDoubling {
            element: ElementType::U8,
            channels: 3,
            lanes: true,
            rows,
            group,
            y,
            x,
        },
        workgroups: grid,
        row_stride: 0,
    };
}

/// Turns the one-pass gather launch of OpenCV's 8-bit `INTER_LINEAR` or `INTER_LINEAR_EXACT`
/// (`spec.opencv_fixed_point()`), or of ONNX Runtime's NHWC integers
/// ([`crate::OnnxLinearU8::Integer`]), into the RGB doubling, that arithmetic in it, and of
/// RGBA pixels into the RGBA doubling in integer lanes ([`rgba_lanes_launch`]): where `spec`
/// doubles RGB u8 NHWC pixels (an input width a multiple of 4) without colour conversions, the
/// horizontal table `x` (folded onto the input) fits [`DoublingPhases::fit`] in the library's
/// units (2^-11, 2^-8 for OpenCV's exact rule, 2^-10 for ONNX Runtime's) and the padded
/// vertical table `y` is [`opencv_rows_fit`]'s. The kernel rounds each vertical product as
/// OpenCV does (`opencv_tap4` in `wgsl/common.wgsl`), the clamped edge rows' two products too,
/// or sums them exactly. H100, `cv2.resize` RGB 1080p -> 2160p: BENCHMARKS.md tuning log item
/// 186.
pub(crate) fn choose_opencv(
    launch: &mut Launch,
    spec: &ResizeSpec,
    (y, x): (&AxisWeights, &AxisWeights),
    max_groups: u32,
) {
    let (bits, exact) = match spec.gather_arithmetic() {
        Some(GatherArithmetic::OpenCv(OpenCvFixedPoint::Linear)) => (11, false),
        Some(GatherArithmetic::OpenCv(OpenCvFixedPoint::LinearExact)) => (8, true),
        Some(GatherArithmetic::OnnxLinear(OnnxLinearU8::Integer)) => (10, true),
        _ => return,
    };
    if spec.element() != ElementType::U8
        || spec.layout() != Layout::Nhwc
        || spec.converts_color()
        || matches!(launch.variant, KernelVariant::Fused { .. })
    {
        return;
    }
    match spec.channels() {
        3 if x.input_len() % 4 == 0 => {}
        4 => return rgba_lanes_launch(launch, spec, (y, x), exact, max_groups),
        _ => return,
    }
    let Some(phases_x) = DoublingPhases::fit(x, bits) else {
        return;
    };
    let Some(phases_y) = opencv_rows_fit(y, bits, exact) else {
        return;
    };
    rgb_launch(
        launch,
        spec,
        (y.output_len() / 2, x.input_len()),
        (phases_y, phases_x),
        max_groups,
    );
}

/// Sets `launch` to the RGBA doubling in integer lanes for OpenCV's `INTER_LINEAR_EXACT` or ONNX
/// Runtime's NHWC integers (`exact`), which sum their products exactly and round once (OpenCV,
/// half up) or truncate (ONNX Runtime), as the lanes can at the tables' fewest bits
/// (`stored_word` in `wgsl/doubling_lanes.wgsl`), or for OpenCV's `INTER_LINEAR`, whose every
/// vertical product is floored on its own (`vertical` there: exact in the lanes where each
/// axis's weights take at most 7 bits and both at least 2): where the horizontal table `x` fits
/// [`DoublingPhases::fit`] and the padded vertical table `y` [`opencv_rows_fit`] in at most
/// [`MAX_WEIGHT_BITS`] bits between them, and the grid fits within `max_groups`. Their own
/// units (2^-11, 2^-8 and 2^-10 an axis) are too fine for the lanes; their x2 weights
/// (quarters) are not. H100, RGBA 1080p -> 2160p: BENCHMARKS.md tuning log items 190
/// (ONNX Runtime, `INTER_LINEAR_EXACT`) and 193 (`INTER_LINEAR`).
fn rgba_lanes_launch(
    launch: &mut Launch,
    spec: &ResizeSpec,
    (y, x): (&AxisWeights, &AxisWeights),
    exact: bool,
    max_groups: u32,
) {
    let (Some(bits_y), Some(bits_x)) = (
        y.dyadic_bits(MAX_WEIGHT_BITS),
        x.dyadic_bits(MAX_WEIGHT_BITS),
    ) else {
        return;
    };
    let products_fit = exact || (bits_y + bits_x >= 2 && bits_y.max(bits_x) <= 7);
    if bits_y + bits_x > MAX_WEIGHT_BITS || !products_fit {
        return;
    }
    let (Some(phases_y), Some(phases_x)) = (
        opencv_rows_fit(y, bits_y, exact),
        DoublingPhases::fit(x, bits_x),
    ) else {
        return;
    };
    let input = (x.input_len(), y.output_len() / 2, spec.batch());
    let (rows, group) = (rgba_rows(ElementType::U8), Workgroup::default());
    let Some(grid) = doubling_grid(input, rows, group, max_groups) else {
        return;
    };
    *launch = Launch {
        variant: KernelVariant::GatherDoubling {
            element: ElementType::U8,
            channels: 4,
            lanes: true,
            rows,
            group,
            y: phases_y,
            x: phases_x,
        },
        workgroups: grid,
        row_stride: 0,
    };
}

/// The phases of OpenCV's padded vertical table `y` (`AxisWeights::opencv_linear`; ONNX
/// Runtime's integer one, `AxisWeights::onnx_linear`, is alike) in units of 2^-`bits`, where
/// the RGB doubling computes every row of it in that arithmetic: output
/// `2i + k` weighs input rows `i - 1 + k` and `i + k`, clamped to the input, by its phase's two
/// weights. INTER_LINEAR clamps the rows at the edges and keeps their weights (its vertical
/// weights, unlike its horizontal ones, do not move at the edges) and rounds each product on
/// its own, so its taps are compared as they are; INTER_LINEAR_EXACT and ONNX Runtime's
/// integers (`exact`) sum their products exactly, so their taps are compared merged, a clamped
/// row's weights added.
pub(crate) fn opencv_rows_fit(y: &AxisWeights, bits: u32, exact: bool) -> Option<DoublingPhases> {
    let pad = crate::weights::OPENCV_PAD as usize;
    let input = y.input_len().checked_sub(2 * pad as u32)?;
    if input < 3 || y.output_len() != 2 * input || y.any_outside() {
        return None;
    }
    let scale = f64::from(1u32 << bits);
    // Row `o`'s taps, each at the input row its padded index reads.
    let taps = |o: usize| {
        unit_taps(y, o, scale, |i| {
            crate::weights::padded_input(i as u32, input) as usize
        })
    };
    // The phases from outputs 2 and 3, whose taps are inputs 0, 1 and 1, 2.
    let fitted = DoublingPhases::from_rows([taps(2)?, taps(3)?], bits)?;
    let same = |o: usize| match taps(o) {
        Some(got) if exact => merged(got) == fitted.row(o, input),
        Some(got) => {
            let kernel = fitted.taps(o, input).into_iter().filter(|&(_, w)| w != 0);
            got == kernel.collect::<Vec<_>>()
        }
        None => false,
    };
    (0..y.output_len() as usize).all(same).then_some(fitted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gpu::ColorSteps;
    use crate::gpu::shaders::{TensorTarget, TextureSource};
    use crate::spec::{AxisResample, CoordinateMapping, NearestRule};
    use crate::{Filter, Size2};

    fn table(input: u32, output: u32, axis: AxisResample) -> AxisWeights {
        AxisWeights::compute(input, output, &axis)
    }

    fn nearest(rule: NearestRule) -> AxisResample {
        AxisResample::default().with_filter(Filter::Nearest(rule))
    }

    /// Half-pixel bilinear, the nearest rules and the corner-aligned-at-0 mapping double
    /// periodically at every length of 3 or more, edges included; in the fewest bits of their
    /// weights and in more.
    #[test]
    fn periodic_doublings_fit() {
        let bilinear = [[1, 3], [3, 1]];
        let floor = [[0, 1], [1, 0]];
        let asymmetric = AxisResample::default().with_mapping(CoordinateMapping::Asymmetric);
        for input in [3, 4, 5, 17, 640, 1081] {
            let cases = [
                (AxisResample::default(), 2, bilinear),
                (nearest(NearestRule::TorchLegacy), 0, floor),
                (nearest(NearestRule::TorchExact), 0, floor),
                (nearest(NearestRule::OpenCvNearest), 0, floor),
                (asymmetric, 1, [[0, 2], [1, 1]]),
            ];
            for (axis, bits, units) in cases {
                let t = table(input, 2 * input, axis);
                let fitted = DoublingPhases::fit(&t, bits);
                assert_eq!(
                    fitted,
                    Some(DoublingPhases { units, bits }),
                    "{input} {axis:?}"
                );
                // Two more bits: the same weights in quarter units.
                let finer = units.map(|phase| phase.map(|u| 4 * u));
                let fitted = DoublingPhases::fit(&t, bits + 2);
                assert_eq!(fitted.map(|p| p.units), Some(finer), "{input} {axis:?}");
            }
        }
    }

    /// What the kernel would get wrong is refused: weights finer than the units, outputs
    /// other than twice the input, inputs shorter than 3, aligned corners (whose phases drift),
    /// bicubic (four taps), and crops whose rows fall outside the input.
    #[test]
    fn tables_the_kernel_would_get_wrong_are_refused() {
        let bilinear = AxisResample::default();
        assert_eq!(DoublingPhases::fit(&table(20, 40, bilinear), 1), None);
        assert_eq!(DoublingPhases::fit(&table(20, 41, bilinear), 2), None);
        assert_eq!(DoublingPhases::fit(&table(20, 39, bilinear), 2), None);
        assert_eq!(DoublingPhases::fit(&table(2, 4, bilinear), 2), None);
        let corners = bilinear.with_mapping(CoordinateMapping::AlignCorners);
        assert_eq!(DoublingPhases::fit(&table(20, 40, corners), 16), None);
        let cubic = bilinear.with_filter(Filter::Cubic { a: -0.75 });
        assert_eq!(DoublingPhases::fit(&table(20, 40, cubic), 16), None);
        let crop = bilinear.with_mapping(CoordinateMapping::TfCropAndResize {
            start: -0.5,
            end: 1.5,
        });
        let t = table(21, 42, crop);
        assert!(t.any_outside());
        assert_eq!(DoublingPhases::fit(&t, 16), None);
    }

    /// A table whose outputs 2 and 3 give the phases is still refused where any other row,
    /// at either edge or inside, differs from them by one input or one unit of weight.
    #[test]
    fn every_row_is_checked() {
        let bilinear = table(20, 40, AxisResample::default());
        assert!(DoublingPhases::fit(&bilinear, 2).is_some());
        let changes: [(usize, u32, [f64; 2]); 5] = [
            // The first output: input 0 alone, here with half of input 1.
            (0, 0, [0.5, 0.5]),
            // The last output: input 19 alone, here with a quarter of input 18.
            (39, 18, [0.25, 0.75]),
            // Inside: output 17 (phase 1 of input 8) with phase 0's weights.
            (17, 8, [0.25, 0.75]),
            // Inside: output 22 one input to the right.
            (22, 11, [0.25, 0.75]),
            // Inside: one unit of 2^-4 moved between the taps (finer than the table's bits).
            (30, 14, [0.3125, 0.6875]),
        ];
        for (row, start, weights) in changes {
            let mut changed = bilinear.clone();
            changed.set_row(row, start, &weights);
            assert_eq!(DoublingPhases::fit(&changed, 2), None, "row {row}");
            assert_eq!(DoublingPhases::fit(&changed, 4), None, "row {row}");
        }
    }

    /// What `choose_opencv` makes of a u8 gather's launch of `spec` (its horizontal table folded
    /// where its arithmetic folds it, as the resizer folds it): the RGB doubling's channels,
    /// both axes' units and bits, and its grid; `None` where the gather stays.
    #[allow(clippy::type_complexity)]
    fn rgb_doubling_of(
        spec: &ResizeSpec,
    ) -> Option<(u32, [[u32; 2]; 2], u32, [[u32; 2]; 2], u32, (u32, u32, u32))> {
        let (y, mut x) = AxisWeights::for_spec(spec);
        if spec
            .gather_arithmetic()
            .is_some_and(GatherArithmetic::folds_columns)
        {
            x = x.fold_opencv_padding();
        }
        let mut launch = Launch {
            variant: KernelVariant::Gather {
                src: ElementType::U8,
                dst: ElementType::U8,
            },
            workgroups: (1, 1, 1),
            row_stride: 7,
        };
        choose_opencv(&mut launch, spec, (&y, &x), 65535);
        match launch.variant {
            KernelVariant::GatherDoubling { channels, y, x, .. } => Some((
                channels,
                y.units,
                y.bits,
                x.units,
                x.bits,
                launch.workgroups,
            )),
            _ => None,
        }
    }

    /// ONNX Runtime's NHWC integers double RGB bytes on the RGB doubling with its 10-bit
    /// phases; its f32 steps (NCHW, or the height kept) and RGBA keep the gathers they had.
    #[test]
    fn onnx_integer_doublings_take_the_rgb_kernel() {
        use crate::presets::{self, OnnxMode, OnnxResize};
        let node = OnnxResize {
            mode: OnnxMode::Linear,
            ..OnnxResize::default()
        };
        let attempt = |output: Size2, layout: Layout, channels: u32| {
            let spec = presets::onnx(Size2::new(270, 480), output, &node)
                .unwrap()
                .layout(layout)
                .channels(channels)
                .element(ElementType::U8)
                .build()
                .unwrap();
            rgb_doubling_of(&spec)
                .map(|(channels, y, y_bits, x, x_bits, _)| (channels, y, y_bits, x, x_bits))
        };
        let double = Size2::new(540, 960);
        let phases = [[256, 768], [768, 256]];
        assert_eq!(
            attempt(double, Layout::Nhwc, 3),
            Some((3, phases, 10, phases, 10))
        );
        assert_eq!(attempt(double, Layout::Nchw, 3), None);
        // RGBA in the lanes, at the quarters' two bits an axis.
        let quarters = [[1, 3], [3, 1]];
        assert_eq!(
            attempt(double, Layout::Nhwc, 4),
            Some((4, quarters, 2, quarters, 2))
        );
        assert_eq!(attempt(double, Layout::Nhwc, 2), None);
        assert_eq!(attempt(Size2::new(270, 960), Layout::Nhwc, 3), None);
        assert_eq!(attempt(Size2::new(541, 960), Layout::Nhwc, 3), None);
    }

    /// OpenCV's INTER_LINEAR (11-bit) and INTER_LINEAR_EXACT (8-bit) doublings of RGB bytes
    /// take the RGB doubling with OpenCV's phases, from its folded horizontal table and its
    /// padded vertical one, and of RGBA bytes the RGBA doubling in lanes at two bits an axis;
    /// RGB widths not a multiple of 4, ratios other than 2, padding and OpenCV's other rules keep
    /// the gather they had. A padded table with any row changed is refused.
    #[test]
    fn opencv_doublings_take_the_rgb_kernel() {
        use crate::presets::{self, OpenCvInterpolation};
        // What `choose_opencv` makes of a gather's launch of `rule` from `input` to `output`, of
        // `channels` channels and a band of `top` rows of padding above.
        let attempt_padded = |input: Size2, output: Size2, channels, rule, top| {
            let spec = presets::opencv(input, output, rule)
                .padding(crate::Padding::new(top, 0, 0, 0))
                .channels(channels)
                .element(ElementType::U8)
                .batch(2)
                .build()
                .unwrap();
            rgb_doubling_of(&spec)
        };
        let attempt =
            |input, output, channels, rule| attempt_padded(input, output, channels, rule, 0);
        let (input, double) = (Size2::new(270, 480), Size2::new(540, 960));
        let linear = OpenCvInterpolation::Linear;
        let phases = [[512, 1536], [1536, 512]];
        // 120 groups of four pixels in 2 workgroups of 64; 270 rows, one an invocation (two
        // would leave fewer than 2^15 invocations), 4 to a workgroup.
        assert_eq!(
            attempt(input, double, 3, linear),
            Some((3, phases, 11, phases, 11, (2, 68, 2)))
        );
        let exact = [[64, 192], [192, 64]];
        assert_eq!(
            attempt(input, double, 3, OpenCvInterpolation::LinearExact),
            Some((3, exact, 8, exact, 8, (2, 68, 2)))
        );
        assert_eq!(
            attempt(Size2::new(3, 4), Size2::new(6, 8), 3, linear).map(|a| a.0),
            Some(3)
        );
        // RGBA in INTER_LINEAR_EXACT's exact sums and INTER_LINEAR's floored products, in the
        // lanes at two bits an axis (480 columns in 8 workgroups of 64; 270 rows in blocks of
        // 4 x 4), any width.
        let quarters = [[1, 3], [3, 1]];
        let odd = Size2::new(270, 482);
        for rule in [OpenCvInterpolation::LinearExact, linear] {
            for (input, output, grid) in [
                (input, double, (8, 17, 2)),
                (odd, Size2::new(540, 964), (8, 17, 2)),
            ] {
                assert_eq!(
                    attempt(input, output, 4, rule),
                    Some((4, quarters, 2, quarters, 2, grid))
                );
            }
        }
        for (input, output, channels, rule) in [
            (Size2::new(270, 482), Size2::new(540, 964), 3, linear),
            (input, Size2::new(540, 961), 4, linear),
            (input, Size2::new(540, 961), 3, linear),
            (input, Size2::new(810, 1440), 3, linear),
            (input, double, 3, OpenCvInterpolation::Lanczos4),
            (input, double, 3, OpenCvInterpolation::Cubic),
        ] {
            assert_eq!(
                attempt(input, output, channels, rule),
                None,
                "{output:?} {rule:?}"
            );
        }
        assert_eq!(
            attempt_padded(input, double, 3, linear, 1),
            None,
            "a band above"
        );
        // The padded vertical table, then with its first row, an inside row and its last row
        // changed in turn.
        let spec = presets::opencv(Size2::new(20, 8), Size2::new(40, 16), linear)
            .channels(3)
            .element(ElementType::U8)
            .build()
            .unwrap();
        let (y, _) = AxisWeights::for_spec(&spec);
        assert_eq!(
            opencv_rows_fit(&y, 11, false),
            Some(DoublingPhases {
                units: phases,
                bits: 11
            })
        );
        let pad = crate::weights::OPENCV_PAD;
        // (OpenCV's own first row: padded start pad - 1, weights 0.25 and 0.75.)
        for (row, start, weights) in [
            (0, pad - 1, [0.0, 1.0]),
            (0, pad, [0.25, 0.75]),
            (17, pad + 8, [0.25, 0.75]),
            (39, pad + 19, [0.25, 0.75]),
        ] {
            let mut changed = y.clone();
            changed.set_row(row, start, &weights);
            assert_eq!(opencv_rows_fit(&changed, 11, false), None, "row {row}");
        }
    }

    /// The doubling takes RGBA NHWC u8 in integer lanes or Pillow's fixed point and f16 in
    /// floats, RGB NHWC u8 whose width is a multiple of 4, and leaves f32, other layouts and
    /// channel counts, colour conversions, Pillow's vertical-first order and reduction, some
    /// texture ends, ratios other than 2 and grids over the device's limit to the kernels they
    /// had.
    #[test]
    fn doubling_where_it_serves() {
        use crate::spec::Layout::{Nchw, Nhwc};
        use crate::spec::ResizeSpec;
        let lanes = KernelFeatures {
            integer_weights: Some(4),
            ..KernelFeatures::default()
        };
        let floats = KernelFeatures::default();
        // What `choose` makes of a scalar gather's launch of `spec`.
        let try_spec = |spec: &ResizeSpec, features, bits, max_groups| {
            let (y, x) = AxisWeights::for_spec(spec);
            let mut launch = Launch {
                variant: KernelVariant::Gather {
                    src: spec.element(),
                    dst: spec.element(),
                },
                workgroups: (1, 1, 1),
                row_stride: 7,
            };
            choose(&mut launch, spec, (&y, &x), features, bits, max_groups);
            match launch.variant {
                KernelVariant::GatherDoubling { rows, y, x, .. } => {
                    Some((rows, y.units, x.units, launch.workgroups, launch.row_stride))
                }
                _ => None,
            }
        };
        let try_from = |input, layout, channels, element, output, features, bits, max_groups| {
            let spec = ResizeSpec::builder(input, output)
                .channels(channels)
                .layout(layout)
                .element(element)
                .batch(2)
                .build()
                .unwrap();
            try_spec(&spec, features, bits, max_groups)
        };
        let try_on = |layout, channels, element, output: Size2, features, bits, max_groups| {
            let input = Size2::new(270, 480);
            try_from(
                input, layout, channels, element, output, features, bits, max_groups,
            )
        };
        let (u8s, f16s) = (ElementType::U8, ElementType::F16);
        let double = Size2::new(540, 960);
        let quarters = [[1, 3], [3, 1]];
        // 480 columns in 8 groups of 64; 270 rows in blocks of 4 x 4 (u8) or 4 x 2 (f16).
        assert_eq!(
            try_on(Nhwc, 4, u8s, double, lanes, Some((2, 2)), 65535),
            Some((4, quarters, quarters, (8, 17, 2), 0))
        );
        assert_eq!(
            try_on(Nhwc, 4, f16s, double, floats, None, 65535),
            Some((2, quarters, quarters, (8, 34, 2), 0))
        );
        assert_eq!(try_on(Nhwc, 4, u8s, double, lanes, Some((2, 2)), 16), None);
        assert_eq!(
            try_on(Nhwc, 4, ElementType::F32, double, floats, None, 65535),
            None
        );
        assert_eq!(try_on(Nhwc, 4, u8s, double, floats, None, 65535), None);
        assert_eq!(try_on(Nhwc, 8, f16s, double, floats, None, 65535), None);
        assert_eq!(try_on(Nhwc, 3, f16s, double, floats, None, 65535), None);
        // RGB u8: 480 columns in 120 groups of four pixels, 2 workgroups of 64; 270 rows in
        // blocks of 4, one row each (32 400 invocations in two images); 1080p in blocks of 4
        // x 2 rows (two images of 480 x 1080 groups and rows).
        assert_eq!(
            try_on(Nhwc, 3, u8s, double, lanes, Some((2, 2)), 65535),
            Some((1, quarters, quarters, (2, 68, 2), 0))
        );
        let hd = Size2::new(1080, 1920);
        assert_eq!(
            try_from(
                hd,
                Nhwc,
                3,
                u8s,
                Size2::new(2160, 3840),
                lanes,
                Some((2, 2)),
                65535
            ),
            Some((2, quarters, quarters, (8, 135, 2), 0))
        );
        // Not for nearest neighbours along both axes, which the quads copy faster; along one,
        // yes.
        let nearest_spec = |x_filter| {
            ResizeSpec::builder(hd, Size2::new(2160, 3840))
                .y_axis(nearest(NearestRule::TorchExact))
                .x_axis(AxisResample::default().with_filter(x_filter))
                .channels(3)
                .element(u8s)
                .build()
                .unwrap()
        };
        for (x_filter, taken) in [
            (Filter::Nearest(NearestRule::TorchExact), false),
            (Filter::Linear, true),
        ] {
            let spec = nearest_spec(x_filter);
            let (y, x) = AxisWeights::for_spec(&spec);
            let bits = (y.dyadic_bits(8).unwrap(), x.dyadic_bits(8).unwrap());
            let doubled = try_spec(&spec, lanes, Some(bits), 65535).is_some();
            assert_eq!(doubled, taken, "{x_filter:?}");
        }
        // Not where four pixels would not start on a word, nor for two or five channels.
        let odd = Size2::new(270, 482);
        let odd_double = Size2::new(540, 964);
        let lanes_bits = Some((2, 2));
        assert_eq!(
            try_from(odd, Nhwc, 3, u8s, odd_double, lanes, lanes_bits, 65535),
            None
        );
        assert!(try_from(odd, Nhwc, 4, u8s, odd_double, lanes, lanes_bits, 65535).is_some());
        assert_eq!(try_on(Nhwc, 2, u8s, double, lanes, lanes_bits, 65535), None);
        assert_eq!(try_on(Nhwc, 5, u8s, double, lanes, lanes_bits, 65535), None);
        assert_eq!(try_on(Nchw, 3, u8s, double, lanes, lanes_bits, 65535), None);
        assert_eq!(try_on(Nchw, 4, f16s, double, floats, None, 65535), None);
        let wider = Size2::new(540, 964);
        assert_eq!(
            try_on(Nhwc, 4, u8s, wider, lanes, Some((2, 2)), 65535),
            None
        );
        let color = KernelFeatures {
            color: ColorSteps::DECODE_SRGB.with(ColorSteps::ENCODE_SRGB),
            ..floats
        };
        assert_eq!(try_on(Nhwc, 4, f16s, double, color, None, 65535), None);
        // Pillow's fixed point (each axis's weights in bits of their own: quarters) between
        // buffers, RGBA and RGB; not in Pillow's vertical-first order, nor after its
        // reduction, nor at a texture end.
        let fixed = KernelFeatures {
            fixed_point: true,
            ..floats
        };
        assert_eq!(
            try_on(Nhwc, 4, u8s, double, fixed, None, 65535),
            Some((4, quarters, quarters, (8, 17, 2), 0))
        );
        assert_eq!(
            try_on(Nhwc, 3, u8s, double, fixed, None, 65535),
            Some((1, quarters, quarters, (2, 68, 2), 0))
        );
        for not_served in [
            KernelFeatures {
                fixed_y_first: true,
                ..fixed
            },
            KernelFeatures {
                pillow_reduce: true,
                ..fixed
            },
            KernelFeatures {
                texture_source: Some(TextureSource { srgb: false }),
                ..fixed
            },
            KernelFeatures {
                texture_target: Some(wgpu::TextureFormat::Rgba8Unorm),
                ..fixed
            },
        ] {
            for channels in [3, 4] {
                assert_eq!(
                    try_on(Nhwc, channels, u8s, double, not_served, None, 65535),
                    None,
                    "{not_served:?}"
                );
            }
        }
        // A texture source: RGBA u8 and f16 specs, in floats, 2 rows into a texture, and f16
        // into a buffer 2 (in workgroups of 4 x 64); not u8 into a buffer (staged instead), f32
        // specs (their sums are not exact), other channel counts, or a tensor store. Not from a
        // buffer into a texture, where the vector gather is as fast.
        let source = KernelFeatures {
            texture_source: Some(TextureSource { srgb: true }),
            ..floats
        };
        let target = KernelFeatures {
            texture_target: Some(wgpu::TextureFormat::Rgba8Unorm),
            ..floats
        };
        let both = KernelFeatures {
            texture_target: target.texture_target,
            ..source
        };
        // 480 columns in 8 groups of 64 (f16 into a buffer: 120 of 4); 270 rows in blocks of
        // 4 x 2 or (f16 into a buffer) 64 x 2.
        assert_eq!(try_on(Nhwc, 4, u8s, double, source, None, 65535), None);
        for (ends, element, rows, grid) in [
            (source, f16s, 2, (120, 3, 2)),
            (both, u8s, 2, (8, 34, 2)),
            (both, f16s, 2, (8, 34, 2)),
        ] {
            assert_eq!(
                try_on(Nhwc, 4, element, double, ends, None, 65535),
                Some((rows, quarters, quarters, grid, 0)),
                "{element:?} {ends:?}"
            );
        }
        for ends in [source, both] {
            assert_eq!(
                try_on(Nhwc, 4, ElementType::F32, double, ends, None, 65535),
                None
            );
            assert_eq!(try_on(Nhwc, 3, u8s, double, ends, None, 65535), None);
        }
        for element in [u8s, f16s] {
            assert_eq!(try_on(Nhwc, 4, element, double, target, None, 65535), None);
        }
        let tensor = KernelFeatures {
            tensor_target: Some(TensorTarget {
                channels: 3,
                planar: true,
            }),
            ..source
        };
        assert_eq!(try_on(Nhwc, 4, f16s, double, tensor, None, 65535), None);
    }
}
