//! Per-axis band tables: for every output index along one axis, the first input index and the
//! weights of a fixed number of consecutive taps.
//!
//! Every convention the library supports (nearest rules, linear, cubic with any `a`, area, box,
//! hamming, lanczos, antialias widening, border clamping versus renormalising, crop-and-resize
//! extrapolation) reduces to this one form. It is computed on the CPU in f64 and is the single
//! source of truth shared by the CPU reference and every GPU path.

mod blocks;
mod onnx_linear;
mod onnx_u8;
mod opencv_fold;
mod torch_u8;

use crate::kernels;
use crate::spec::{
    AreaRule, AxisResample, Border, CoordinateArithmetic, CoordinateMapping, Filter, NearestRule,
    OpenCvFixedPoint, ResizeSpec, Size2,
};

/// The band table of one axis.
///
/// Row `i` (one per output index) reads inputs `start(i) .. start(i) + taps()`, all inside
/// `0 .. input_len`, with [`AxisWeights::row`]'s weights. Taps that a convention clamps to the
/// border are already folded onto the edge pixel, so no consumer needs bounds checks.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisWeights {
    input_len: u32,
    output_len: u32,
    taps: u32,
    starts: Vec<u32>,
    weights: Vec<f64>,
    outside: Vec<bool>,
    /// The inputs `[first, end)` into which a table padded by [`OPENCV_PAD`] clamps the inputs
    /// its indices read (OpenCV's and ONNX Runtime's 8-bit tables: the whole axis, or the
    /// sub-image a table moved by [`AxisWeights::within`] resizes); `None` for a table whose
    /// indices are the inputs.
    clamped: Option<[u32; 2]>,
}

/// Indices by which OpenCV's tables ([`AxisWeights::opencv_linear`],
/// [`AxisWeights::opencv_lanczos4`]) pad the input at each end: a lanczos4 band reaches four
/// before the first index (three before a coordinate's floor of -1).
pub const OPENCV_PAD: u32 = 4;

/// The input index that index `padded` of a table padded by [`OPENCV_PAD`] reads on an axis of
/// `len` inputs: `padded - OPENCV_PAD`, clamped into the axis (as `padded_input` in
/// `wgsl/common.wgsl` clamps a table's taps).
pub(crate) fn padded_input(padded: u32, len: u32) -> u32 {
    (padded.max(OPENCV_PAD) - OPENCV_PAD).min(len - 1)
}

/// OpenCV's source coordinate of output `d` (`(d + 0.5) · scale - 0.5` in f64 rounded to f32,
/// with `scale = 1 / (out / in)`), as its floor and its fraction in f32.
fn opencv_coordinate(d: u32, input_len: u32, output_len: u32) -> (i64, f32) {
    let scale = 1.0 / (f64::from(output_len) / f64::from(input_len));
    let coordinate = ((f64::from(d) + 0.5) * scale - 0.5) as f32;
    let first = coordinate.floor();
    (first as i64, coordinate - first)
}

/// A coefficient as OpenCV stores it for 8-bit images, `saturate_cast<short>(c · 2048)` (to
/// nearest, ties to even), as a weight.
fn opencv_weight(c: f32) -> f64 {
    f64::from((c * 2048.0).round_ties_even()) / 2048.0
}

/// OpenCV's `interpolateLanczos4(x)`, operation for operation: `x + 3` in f32, each tap's
/// `sin`-rule ratio in f64 rounded to f32 (a tap at distance under 1e-6 is 1e30), and the
/// coefficients normalised by the f32 reciprocal of their f32 sum.
fn opencv_lanczos4_coefficients(x: f32) -> [f32; 8] {
    const S45: f64 = std::f64::consts::FRAC_1_SQRT_2;
    const CS: [(f64, f64); 8] = [
        (1.0, 0.0),
        (-S45, -S45),
        (0.0, 1.0),
        (S45, -S45),
        (-1.0, 0.0),
        (S45, S45),
        (0.0, -1.0),
        (-S45, S45),
    ];
    let x3 = x + 3.0;
    let y0 = -f64::from(x3) * std::f64::consts::PI * 0.25;
    let (s0, c0) = (y0.sin(), y0.cos());
    let mut coefficients = [0.0f32; 8];
    let mut sum = 0.0f32;
    for (i, (coefficient, (cs0, cs1))) in coefficients.iter_mut().zip(CS).enumerate() {
        let distance = x3 - i as f32;
        *coefficient = if distance.abs() >= 1e-6 {
            let y = -f64::from(distance) * std::f64::consts::PI * 0.25;
            ((cs0 * s0 + cs1 * c0) / (y * y)) as f32
        } else {
            1e30
        };
        sum += *coefficient;
    }
    let inverse = 1.0 / sum;
    coefficients.map(|c| c * inverse)
}

impl AxisWeights {
    /// Computes the table for resizing `input_len` to `output_len` under `rule`. Any valid
    /// rule has a table: there is no limit on the ratio (a band may span the whole input).
    pub fn compute(input_len: u32, output_len: u32, rule: &AxisResample) -> Self {
        if Self::left_as_it_is(input_len, output_len, rule) {
            return Self::identity(input_len);
        }
        let rows = RowBuilder::new(input_len, output_len, rule).rows();
        Self::from_sparse_rows(input_len, rows)
    }

    /// Whether an axis under `rule` is left as it is: kept at its size, half-pixel or a region
    /// of the whole axis, without a stated scale. Pillow skips such an axis's pass. Every filter
    /// but the magic kernels gives the identity there anyway (the unit test
    /// `kept_axes_are_left_as_they_are` checks each); those sharpen even at scale 1 (Magic
    /// Kernel Sharp 2013 weighs the neighbours two pixels away -1/32), and are left as Pillow
    /// leaves them.
    fn left_as_it_is(input_len: u32, output_len: u32, rule: &AxisResample) -> bool {
        let whole = match rule.mapping {
            CoordinateMapping::HalfPixel => true,
            CoordinateMapping::Region { start, end } => start == 0.0 && end == input_len as f64,
            _ => false,
        };
        input_len == output_len && rule.scale.is_none() && whole
    }

    /// The tables of a resize that only crops, where both axes map a region of whole pixels as
    /// long as their outputs (or the whole axis, kept at its size), without a stated scale:
    /// each output copies its input pixel. Pillow copies such a box rather than resampling it
    /// (`_resize_impl`), which only the magic kernels, sharpening even at scale 1, tell apart
    /// (`tests/data/pillow-reduce/`); every other filter's table is this copy already.
    fn crop_only(spec: &ResizeSpec) -> Option<(AxisWeights, AxisWeights)> {
        let copy = |rule: &AxisResample, input_len: u32, output_len: u32| {
            let (start, length) = match rule.mapping {
                CoordinateMapping::HalfPixel => (0.0, f64::from(input_len)),
                CoordinateMapping::Region { start, end } => {
                    rule.region_start_and_length(start, end)
                }
                _ => return None,
            };
            if length != f64::from(output_len) {
                return None;
            }
            let whole = rule.scale.is_none()
                && start >= 0.0
                && start.fract() == 0.0
                && start + f64::from(output_len) <= f64::from(input_len);
            whole.then(|| Self::crop(input_len, start as u32, output_len))
        };
        let (input, output) = (spec.input(), spec.resized());
        Some((
            copy(spec.y_axis(), input.height, output.height)?,
            copy(spec.x_axis(), input.width, output.width)?,
        ))
    }

    /// The table that copies `len` inputs from `start` of an axis of `input_len`: one tap of
    /// weight 1 per output.
    pub fn crop(input_len: u32, start: u32, len: u32) -> Self {
        let rows = (start..start + len)
            .map(|index| SparseRow::single(index, false))
            .collect();
        Self::from_sparse_rows(input_len, rows)
    }

    /// The inputs `[first, end)` into which this padded table's indices clamp, if it is padded
    /// by [`OPENCV_PAD`] (see the field).
    pub(crate) fn clamped(&self) -> Option<[u32; 2]> {
        self.clamped
    }

    /// This table of a slice placed in the axis it was cut from: the slice starts at `start` of
    /// an axis of `axis_len` inputs, and every row reads the same inputs there (the tables of a
    /// [`crate::ResizeSpecBuilder::cut`]). A padded table stays padded, over the padded axis,
    /// its clamp moved with it.
    pub(crate) fn within(&self, start: u32, axis_len: u32) -> Self {
        let pad = if self.clamped.is_some() {
            2 * OPENCV_PAD
        } else {
            0
        };
        let input_len = axis_len + pad;
        debug_assert!(start + self.input_len <= input_len);
        AxisWeights {
            input_len,
            starts: self.starts.iter().map(|s| s + start).collect(),
            clamped: self
                .clamped
                .map(|[first, end]| [first + start, end + start]),
            ..self.clone()
        }
    }

    /// This table moved back from `start` of the axis it was placed in ([`AxisWeights::within`])
    /// onto an axis of its own of `len` inputs: the table of the slice's resize again, which a
    /// pass reading a copy of the slice (the separable path's intermediate) takes.
    pub(crate) fn out_of(&self, start: u32, len: u32) -> Self {
        let pad = if self.clamped.is_some() {
            2 * OPENCV_PAD
        } else {
            0
        };
        debug_assert!(self.starts.iter().all(|&s| s >= start));
        AxisWeights {
            input_len: len + pad,
            starts: self.starts.iter().map(|s| s - start).collect(),
            clamped: self
                .clamped
                .map(|[first, end]| [first - start, end - start]),
            ..self.clone()
        }
    }

    /// The `(y, x)` tables of a sub-image's resize moved where the sub-image `[top, left, ..]`
    /// lies in an input of `input` pixels ([`AxisWeights::within`]).
    pub(crate) fn within_cut(
        (y, x): (AxisWeights, AxisWeights),
        [top, left, _, _]: [u32; 4],
        input: Size2,
    ) -> (AxisWeights, AxisWeights) {
        (y.within(top, input.height), x.within(left, input.width))
    }

    /// The identity table of length `len`: one tap of weight 1 per index.
    pub fn identity(len: u32) -> Self {
        AxisWeights {
            input_len: len,
            output_len: len,
            taps: 1,
            starts: (0..len).collect(),
            weights: vec![1.0; len as usize],
            outside: vec![false; len as usize],
            clamped: None,
        }
    }

    /// This table with `before` rows added before it and `after` after it, each flagged
    /// outside the input (so taking the extrapolation value) with no weight: the bands of a
    /// padded output. The added rows start where the nearest of the table's own rows does,
    /// so that starts keep their order, which tiled kernels bound their input windows by.
    pub fn padded(&self, before: u32, after: u32) -> Self {
        let taps = self.taps as usize;
        let last = self.output_len as usize - 1;
        let band = |row: usize, count: u32| {
            let start = self.starts[row];
            (0..count).map(move |_| start)
        };
        let starts = band(0, before)
            .chain(self.starts.iter().copied())
            .chain(band(last, after))
            .collect();
        let zeros = |count: u32| std::iter::repeat_n(0.0, count as usize * taps);
        let weights = zeros(before)
            .chain(self.weights.iter().copied())
            .chain(zeros(after))
            .collect();
        let flags = |count: u32| std::iter::repeat_n(true, count as usize);
        let outside = flags(before)
            .chain(self.outside.iter().copied())
            .chain(flags(after))
            .collect();
        AxisWeights {
            input_len: self.input_len,
            output_len: self.output_len + before + after,
            taps: self.taps,
            starts,
            weights,
            outside,
            clamped: self.clamped,
        }
    }

    /// The identity table of length `len` carrying `other`'s out-of-range flags, so that a
    /// second separable pass still knows which outputs take the extrapolation value.
    pub(crate) fn identity_with_outside_of(other: &AxisWeights) -> Self {
        let mut table = Self::identity(other.output_len);
        table.outside.clone_from(&other.outside);
        table
    }

    /// The `(y, x)` tables of a spec. Specs that round 8-bit values between passes (Pillow's
    /// 8-bit modes) get their weights quantised as Pillow stores them; those in OpenCV's,
    /// PyTorch's or ONNX Runtime's 8-bit arithmetic get that library's own tables; the
    /// reduction stage of a two-step resize gets its blocks. A spec that reduces first resizes
    /// in two stages, each with its own tables: these are those of its resize in one step.
    ///
    /// A spec with padding ([`crate::ResizeSpecBuilder::padding`]) gets the tables of its
    /// resize to the image's size, with the bands' rows added around them outside the input
    /// ([`AxisWeights::padded`]).
    ///
    /// A spec with a sub-image ([`crate::ResizeSpecBuilder::cut`]) gets the tables of its
    /// resize of the sub-image, moved to where the sub-image lies in the input (each start
    /// plus the sub-image's first row or column): every row reads inside the sub-image, whose edges are the
    /// resize's borders, and a kernel reading the whole input through them resizes the
    /// sub-image in place. (OpenCV's and ONNX Runtime's padded tables move likewise over the
    /// padded input; their indices read the sub-image's rows and columns clamped into it.)
    pub fn for_spec(spec: &ResizeSpec) -> (AxisWeights, AxisWeights) {
        if let (Some(cut), Some((_, resize))) = (spec.cut(), spec.stages()) {
            return Self::within_cut(Self::for_spec(&resize), cut, spec.input());
        }
        let (y, x) = Self::for_image(spec);
        let padding = spec.padding();
        if padding.is_none() {
            return (y, x);
        }
        (
            y.padded(padding.top, padding.bottom),
            x.padded(padding.left, padding.right),
        )
    }

    /// [`AxisWeights::for_spec`]'s tables from the input to the resized image, without the
    /// bands of padding.
    fn for_image(spec: &ResizeSpec) -> (AxisWeights, AxisWeights) {
        let (input, output) = (spec.input(), spec.resized());
        if let Some(reduction) = spec.reduction_stage() {
            return reduction.tables(input);
        }
        if let Some(rounding) = spec.opencv_fixed_point() {
            return (
                Self::opencv(rounding, input.height, output.height, false),
                Self::opencv(rounding, input.width, output.width, true),
            );
        }
        if let Some(onnx) = spec.onnx_linear_u8() {
            let integer = onnx == crate::OnnxLinearU8::Integer;
            return (
                Self::onnx_linear(input.height, output.height, spec.y_axis(), integer),
                Self::onnx_linear(input.width, output.width, spec.x_axis(), integer),
            );
        }
        if spec.torch_fixed_point() {
            return (
                Self::torch_u8(input.height, output.height, spec.y_axis()),
                Self::torch_u8(input.width, output.width, spec.x_axis()),
            );
        }
        if spec.onnx_fixed_point() {
            return (
                Self::onnx_u8(input.height, output.height, spec.y_axis()),
                Self::onnx_u8(input.width, output.width, spec.x_axis()),
            );
        }
        if let Some(copies) = Self::crop_only(spec) {
            return copies;
        }
        let mut y = Self::compute(input.height, output.height, spec.y_axis());
        let mut x = Self::compute(input.width, output.width, spec.x_axis());
        if spec.fixed_point() {
            y.quantize_like_pillow();
            x.quantize_like_pillow();
        }
        (y, x)
    }

    /// OpenCV's table of an 8-bit resize in `rounding` from `input_len` to `output_len` along
    /// one axis: OpenCV moves the taps of the first and last outputs inside the input
    /// horizontally (`horizontal`), and for `INTER_LINEAR_EXACT` vertically too.
    pub fn opencv(
        rounding: OpenCvFixedPoint,
        input_len: u32,
        output_len: u32,
        horizontal: bool,
    ) -> Self {
        match rounding {
            OpenCvFixedPoint::Linear => Self::opencv_linear(input_len, output_len, horizontal),
            OpenCvFixedPoint::Lanczos4 => Self::opencv_lanczos4(input_len, output_len),
            OpenCvFixedPoint::LinearExact => Self::opencv_linear_exact(input_len, output_len),
            OpenCvFixedPoint::AreaUpscale => {
                Self::opencv_area_upscale(input_len, output_len, horizontal)
            }
        }
    }

    /// OpenCV's `INTER_LINEAR` table of an 8-bit resize from `input_len` to `output_len`
    /// ([`crate::spec::ResizeSpecBuilder::opencv_fixed_point`]), in a form of its own: two taps
    /// a row over the input *padded* by [`OPENCV_PAD`] indices at each end, so
    /// `input_len() = input_len + 2 · OPENCV_PAD`, whose padded index `i` reads the input at
    /// `clamp(i - OPENCV_PAD, 0, input_len - 1)`. OpenCV does not move the vertical taps of
    /// the first and last rows inside the input: it reads clamped rows with each tap's own
    /// weight, and rounds each tap's product on its own, so two taps on one row are not one
    /// tap of their summed weight. Horizontally (`clamp_edges`) it moves them, as here. The
    /// coordinate is OpenCV's, `(d + 0.5) · (1 / (out / in)) - 0.5` in f64 rounded to f32, its
    /// fraction in f32, and the weights `rint(c · 2048) / 2048`.
    pub fn opencv_linear(input_len: u32, output_len: u32, clamp_edges: bool) -> Self {
        Self::opencv_two_taps(
            (input_len, output_len),
            clamp_edges,
            |d| opencv_coordinate(d, input_len, output_len),
            |fraction: f32| [opencv_weight(1.0 - fraction), opencv_weight(fraction)],
        )
    }

    /// OpenCV's `INTER_LANCZOS4` table of an 8-bit resize, padded as
    /// [`AxisWeights::opencv_linear`]'s: the eight taps from three before the coordinate's
    /// floor to four after it, read at clamped indices, with OpenCV's coefficients
    /// (`interpolateLanczos4`: each tap's sine ratio in f64 rounded to f32, normalised by their
    /// f32 sum) times 2^11 rounded to integers, which need not sum to 2^11.
    pub fn opencv_lanczos4(input_len: u32, output_len: u32) -> Self {
        let mut starts = Vec::with_capacity(output_len as usize);
        let mut weights = Vec::with_capacity(8 * output_len as usize);
        for d in 0..output_len {
            let (first, fraction) = opencv_coordinate(d, input_len, output_len);
            starts.push((first - 3 + i64::from(OPENCV_PAD)) as u32);
            weights.extend(opencv_lanczos4_coefficients(fraction).map(opencv_weight));
        }
        Self::opencv_padded(input_len, output_len, 8, starts, weights)
    }

    /// OpenCV's `INTER_AREA` table of an 8-bit resize where an axis grows, which OpenCV
    /// computes as `INTER_LINEAR` ([`AxisWeights::opencv_linear`], padded and clamped alike)
    /// with the area rule's coefficients: the first input `floor(d · scale)` in f64, and the
    /// fraction `(d + 1) - (first + 1) · (out / in)` in f64 rounded to f32, 0 where not
    /// positive, else its fractional part.
    pub fn opencv_area_upscale(input_len: u32, output_len: u32, clamp_edges: bool) -> Self {
        let inverse = f64::from(output_len) / f64::from(input_len);
        let scale = 1.0 / inverse;
        let row = |d: u32| {
            let first = (f64::from(d) * scale).floor() as i64;
            let fraction = ((f64::from(d) + 1.0) - (first as f64 + 1.0) * inverse) as f32;
            let fraction = if fraction <= 0.0 {
                0.0
            } else {
                fraction - fraction.floor()
            };
            (first, fraction)
        };
        Self::opencv_two_taps(
            (input_len, output_len),
            clamp_edges,
            row,
            |fraction: f32| [opencv_weight(1.0 - fraction), opencv_weight(fraction)],
        )
    }

    /// OpenCV's `INTER_LINEAR_EXACT` table of an 8-bit resize (`resize_bitExact`), padded as
    /// [`AxisWeights::opencv_linear`]'s: the coordinate `(d + 0.5) · (1 / (out / in)) - 0.5`
    /// in f64 throughout (OpenCV's software doubles round as IEEE doubles do), the taps moved
    /// inside the input at both ends of both axes, and the weights `1 - f` and `f` each
    /// rounded to a multiple of 2^-8, ties to even.
    pub fn opencv_linear_exact(input_len: u32, output_len: u32) -> Self {
        let scale = 1.0 / (f64::from(output_len) / f64::from(input_len));
        let row = |d: u32| {
            let coordinate = scale * (f64::from(d) + 0.5) - 0.5;
            let first = coordinate.floor();
            (first as i64, coordinate - first)
        };
        let eighth_bit = |w: f64| (w * 256.0).round_ties_even() / 256.0;
        Self::opencv_two_taps((input_len, output_len), true, row, |fraction: f64| {
            [eighth_bit(1.0 - fraction), eighth_bit(fraction)]
        })
    }

    /// A two-tap OpenCV table, padded ([`OPENCV_PAD`]), from each output's first input and
    /// fraction (`row`, in the precision OpenCV computes it), the taps moved inside the input
    /// at both ends where `clamp_edges` (the first input clamped, the fraction 0, as OpenCV
    /// moves them), and the two weights `weights` gives of the fraction.
    fn opencv_two_taps<F: Copy + Default>(
        (input_len, output_len): (u32, u32),
        clamp_edges: bool,
        row: impl Fn(u32) -> (i64, F),
        weights: impl Fn(F) -> [f64; 2],
    ) -> Self {
        let mut starts = Vec::with_capacity(output_len as usize);
        let mut all = Vec::with_capacity(2 * output_len as usize);
        for d in 0..output_len {
            let (mut first, mut fraction) = row(d);
            if clamp_edges {
                if first < 0 {
                    (first, fraction) = (0, F::default());
                }
                if first >= i64::from(input_len) - 1 {
                    (first, fraction) = (i64::from(input_len) - 1, F::default());
                }
            }
            starts.push((first + i64::from(OPENCV_PAD)) as u32);
            all.extend(weights(fraction));
        }
        Self::opencv_padded(input_len, output_len, 2, starts, all)
    }

    fn opencv_padded(
        input_len: u32,
        output_len: u32,
        taps: u32,
        starts: Vec<u32>,
        weights: Vec<f64>,
    ) -> Self {
        AxisWeights {
            input_len: input_len + 2 * OPENCV_PAD,
            output_len,
            taps,
            starts,
            weights,
            outside: vec![false; output_len as usize],
            clamped: Some([0, input_len]),
        }
    }

    /// Rounds every weight to a multiple of 2^-22, half away from zero: the fixed-point
    /// coefficients with which Pillow resamples 8-bit images (`PRECISION_BITS` = 22).
    pub fn quantize_like_pillow(&mut self) {
        const SCALE: f64 = (1u32 << 22) as f64;
        for w in &mut self.weights {
            let scaled = *w * SCALE;
            *w = if scaled < 0.0 {
                (scaled - 0.5).ceil()
            } else {
                (scaled + 0.5).floor()
            } / SCALE;
        }
    }

    /// The fewest bits `k`, at most `max_bits`, such that every weight is a non-negative
    /// multiple of 2^-k, where every row's weights also sum to at most 1: then `w · 2^k` are
    /// integers whose sums of bytes are exact, in integers as in f32 (bilinear enlargements by
    /// 2, 4 and 8 have k = 2, 3 and 4; shrinks by 2 have k = 1; nearest neighbours k = 0).
    pub(crate) fn dyadic_bits(&self, max_bits: u32) -> Option<u32> {
        let rows_within_one =
            (0..self.output_len as usize).all(|i| self.row(i).iter().sum::<f64>() <= 1.0);
        if !rows_within_one {
            return None;
        }
        (0..=max_bits).find(|&bits| {
            let scale = (1u64 << bits) as f64;
            self.weights.iter().all(|&w| {
                let scaled = w * scale;
                scaled >= 0.0 && scaled == scaled.trunc()
            })
        })
    }

    /// Input length.
    pub fn input_len(&self) -> u32 {
        self.input_len
    }

    /// Output length: the number of rows.
    pub fn output_len(&self) -> u32 {
        self.output_len
    }

    /// Taps per row.
    pub fn taps(&self) -> u32 {
        self.taps
    }

    /// First input index of row `i`.
    pub fn start(&self, i: usize) -> u32 {
        self.starts[i]
    }

    /// Weights of row `i`, `taps()` of them.
    pub fn row(&self, i: usize) -> &[f64] {
        let taps = self.taps as usize;
        &self.weights[i * taps..(i + 1) * taps]
    }

    /// The input indices row `i` weighs, with their weights: its band's taps of non-zero
    /// weight, in order.
    pub(crate) fn weighed_taps(&self, i: usize) -> impl Iterator<Item = (u32, f64)> + '_ {
        let start = self.start(i);
        (start..)
            .zip(self.row(i).iter().copied())
            .filter(|&(_, w)| w != 0.0)
    }

    /// Whether band starts never decrease from one output to the next: true of every mapping
    /// but a crop whose end lies before its start, which mirrors the axis. Kernels that take a
    /// run of outputs' inputs from the first band's start to the last band's end rely on it.
    pub(crate) fn starts_never_decrease(&self) -> bool {
        self.starts.windows(2).all(|pair| pair[0] <= pair[1])
    }

    /// Whether output `i` maps outside the input and takes the extrapolation value.
    pub fn is_outside(&self, i: usize) -> bool {
        self.outside[i]
    }

    /// The first input of this table where it is an identity of a slice of its axis, output
    /// `i` input `first + i` by a weight of 1 (the identity moved by [`AxisWeights::within`]);
    /// `None` otherwise.
    pub(crate) fn slice_identity(&self) -> Option<u32> {
        let first = self.starts.first().copied().unwrap_or(0);
        (self.taps == 1
            && !self.any_outside()
            && first + self.output_len <= self.input_len
            && (0..self.output_len as usize)
                .all(|i| self.start(i) == first + i as u32 && self.row(i) == [1.0]))
        .then_some(first)
    }

    /// Whether the table maps every output to the input of its index with weight 1, inside: an
    /// axis kept at its size, whose pass would copy its input.
    pub(crate) fn is_identity(&self) -> bool {
        self.input_len == self.output_len && self.slice_identity() == Some(0)
    }

    /// Whether any output maps outside the input (only extrapolating mappings have such rows).
    pub fn any_outside(&self) -> bool {
        self.outside.contains(&true)
    }

    /// Replaces row `i`'s first input and weights (as many as the table's taps): tables that
    /// no filter makes, for tests of what reads tables.
    #[cfg(test)]
    pub(crate) fn set_row(&mut self, i: usize, start: u32, weights: &[f64]) {
        let taps = self.taps as usize;
        self.starts[i] = start;
        self.weights[i * taps..(i + 1) * taps].copy_from_slice(weights);
    }

    fn from_sparse_rows(input_len: u32, rows: Vec<SparseRow>) -> Self {
        // The band spans each row's first to last non-zero tap; all rows share the widest span.
        let spans: Vec<(u32, u32)> = rows.iter().map(|r| r.span()).collect();
        let widest = spans.iter().map(|&(lo, hi)| hi - lo + 1).max().unwrap_or(1);
        let taps = widest;
        let starts = band_starts(&spans, taps, input_len);
        let mut weights = vec![0.0; rows.len() * taps as usize];
        let mut outside = Vec::with_capacity(rows.len());
        for (i, (row, &start)) in rows.iter().zip(&starts).enumerate() {
            outside.push(row.outside);
            let band = &mut weights[i * taps as usize..(i + 1) * taps as usize];
            for &(index, w) in row.taps.iter().filter(|&&(_, w)| w != 0.0) {
                band[(index - start) as usize] += w;
            }
        }
        AxisWeights {
            input_len,
            output_len: rows.len() as u32,
            taps,
            starts,
            weights,
            outside,
            clamped: None,
        }
    }
}

/// One output's taps before banding: in-range input indices and their weights.
struct SparseRow {
    taps: Vec<(u32, f64)>,
    outside: bool,
}

impl SparseRow {
    fn single(index: u32, outside: bool) -> Self {
        SparseRow {
            taps: vec![(index, 1.0)],
            outside,
        }
    }

    /// First and last input index with a non-zero weight (the first tap when all are zero).
    fn span(&self) -> (u32, u32) {
        let mut nonzero = self
            .taps
            .iter()
            .filter(|&&(_, w)| w != 0.0)
            .map(|&(j, _)| j);
        match nonzero.next() {
            Some(first) => nonzero.fold((first, first), |(lo, hi), j| (lo.min(j), hi.max(j))),
            None => {
                let j = self.taps.first().map_or(0, |&(j, _)| j);
                (j, j)
            }
        }
    }
}

/// Computes the sparse rows of one axis.
struct RowBuilder<'a> {
    input_len: u32,
    output_len: u32,
    rule: &'a AxisResample,
}

impl<'a> RowBuilder<'a> {
    fn new(input_len: u32, output_len: u32, rule: &'a AxisResample) -> Self {
        RowBuilder {
            input_len,
            output_len,
            rule,
        }
    }

    /// Input pixels per output pixel: `in/out`, or `1/scale` when the caller stated a scale.
    fn ratio(&self) -> f64 {
        self.rule.ratio(self.input_len, self.output_len)
    }

    fn last(&self) -> i64 {
        self.input_len as i64 - 1
    }

    fn clamp_index(&self, j: i64) -> u32 {
        j.clamp(0, self.last()) as u32
    }

    /// Source coordinate of output `i` in pixel-edge units (input pixel `j` spans `j .. j+1`, so
    /// its centre is at `j + 0.5`). Pillow and PyTorch's antialiased kernels evaluate the filter
    /// at `j + 0.5 - centre`, and computing in that order keeps box-filter ties identical.
    fn edge_centre(&self, i: u32) -> f64 {
        if self.rule.arithmetic == CoordinateArithmetic::F32 {
            return self.edge_centre_f32(i);
        }
        let (i, n_in, n_out) = (i as f64, self.input_len as f64, self.output_len as f64);
        let ratio = self.ratio();
        match self.rule.mapping {
            CoordinateMapping::HalfPixel => (i + 0.5) * ratio,
            CoordinateMapping::PytorchHalfPixel => {
                if self.output_len > 1 {
                    (i + 0.5) * ratio
                } else {
                    0.5
                }
            }
            CoordinateMapping::HalfPixelSymmetric => {
                let scaled_len = n_in / ratio;
                let adjustment = n_out / scaled_len;
                let offset = n_in / 2.0 * (1.0 - adjustment);
                offset + (i + 0.5) * ratio
            }
            CoordinateMapping::AlignCorners => {
                if self.output_len > 1 {
                    i * (n_in - 1.0) / (n_out - 1.0) + 0.5
                } else {
                    0.5
                }
            }
            CoordinateMapping::Asymmetric => i * ratio + 0.5,
            CoordinateMapping::Region { start, end } => {
                let (start, _) = self.rule.region_start_and_length(start, end);
                start + (i + 0.5) * ratio
            }
            CoordinateMapping::TfCropAndResize { start, end } => {
                if self.output_len > 1 {
                    start * (n_in - 1.0) + i * (end - start) * (n_in - 1.0) / (n_out - 1.0) + 0.5
                } else {
                    0.5 * (start + end) * (n_in - 1.0) + 0.5
                }
            }
        }
    }

    /// [`RowBuilder::edge_centre`] as ONNX Runtime computes it: every step in f32, with the
    /// scale as `out/in` (or the stated scale) rounded to f32. Exact ties of nearest rounding
    /// depend on this.
    fn edge_centre_f32(&self, i: u32) -> f64 {
        self.coordinate_f32(i) as f64 + 0.5
    }

    /// ONNX's scale, output over input (or the stated scale), in f32 as ONNX Runtime takes it.
    fn scale_f32(&self) -> f32 {
        match self.rule.scale {
            Some(s) => s as f32,
            None => self.output_len as f32 / self.input_len as f32,
        }
    }

    /// The source coordinate of output `i` in pixel-index units (input pixel `j` at `j`), as
    /// ONNX Runtime's `get_original_coordinate` computes it in f32.
    fn coordinate_f32(&self, i: u32) -> f32 {
        let (x, n_in, n_out) = (i as f32, self.input_len as f32, self.output_len as f32);
        let scale = self.scale_f32();
        match self.rule.mapping {
            CoordinateMapping::HalfPixel => (x + 0.5) / scale - 0.5,
            CoordinateMapping::PytorchHalfPixel => {
                if self.output_len > 1 {
                    (x + 0.5) / scale - 0.5
                } else {
                    0.0
                }
            }
            CoordinateMapping::HalfPixelSymmetric => {
                let adjustment = n_out / (scale * n_in);
                let offset = n_in / 2.0 * (1.0 - adjustment);
                // ONNX Runtime adds the rest with double literals: in f64, rounded to f32 once.
                (f64::from(offset) + (f64::from(x) + 0.5) / f64::from(scale) - 0.5) as f32
            }
            CoordinateMapping::AlignCorners => {
                if self.output_len > 1 {
                    x * (n_in - 1.0) / (n_out - 1.0)
                } else {
                    0.0
                }
            }
            CoordinateMapping::Asymmetric => x / scale,
            CoordinateMapping::Region { start, end } => {
                let (start, end) = (start as f32, end as f32);
                start + (x + 0.5) * ((end - start) / n_out) - 0.5
            }
            CoordinateMapping::TfCropAndResize { start, end } => {
                let (start, end) = (start as f32, end as f32);
                if self.output_len > 1 {
                    start * (n_in - 1.0) + (x * (end - start) * (n_in - 1.0)) / (n_out - 1.0)
                } else {
                    0.5 * (start + end) * (n_in - 1.0)
                }
            }
        }
    }

    /// Whether a source coordinate (pixel-index units) lies outside the input under a mapping
    /// that extrapolates.
    fn is_outside(&self, coordinate: f64) -> bool {
        matches!(self.rule.mapping, CoordinateMapping::TfCropAndResize { .. })
            && (coordinate < 0.0 || coordinate > self.last() as f64)
    }

    fn rows(&self) -> Vec<SparseRow> {
        match self.rule.filter {
            Filter::Nearest(rule) => self.nearest_rows(rule),
            Filter::Area(AreaRule::AdaptiveAverage) => self.adaptive_average_rows(),
            Filter::Area(AreaRule::Coverage) => self.coverage_rows(),
            Filter::Area(AreaRule::OpenCvUpscale) => self.opencv_area_upscale_rows(),
            filter => (0..self.output_len)
                .map(|i| self.convolution_row(i, &filter))
                .collect(),
        }
    }

    fn nearest_rows(&self, rule: NearestRule) -> Vec<SparseRow> {
        let (n_in, n_out) = (self.input_len, self.output_len);
        match rule {
            NearestRule::TorchLegacy | NearestRule::TorchExact => {
                // PyTorch computes the scale and the index in single precision.
                let scale = match self.rule.scale {
                    Some(s) => (1.0 / s) as f32,
                    None => n_in as f32 / n_out as f32,
                };
                (0..n_out)
                    .map(|i| {
                        let j = if rule == NearestRule::TorchLegacy {
                            // PyTorch special-cases equal sizes and exact doubling.
                            if n_out == n_in {
                                i as i64
                            } else if n_out == 2 * n_in {
                                (i >> 1) as i64
                            } else {
                                (i as f32 * scale).floor() as i64
                            }
                        } else {
                            (((i as f64 + 0.5) * scale as f64) as f32).floor() as i64
                        };
                        SparseRow::single(self.clamp_index(j), false)
                    })
                    .collect()
            }
            NearestRule::PillowAffine | NearestRule::OpenCvNearestExact => {
                // Both step the source coordinate by `in/out` from half a step, accumulating in
                // f64: rounding drift decides exact ties, so the steps are taken one by one.
                let step = self.ratio();
                let origin = match self.rule.mapping {
                    CoordinateMapping::Region { start, end } => {
                        self.rule.region_start_and_length(start, end).0
                    }
                    _ => 0.0,
                };
                let mut coordinate = origin + step * 0.5;
                (0..n_out)
                    .map(|_| {
                        let j = coordinate.floor() as i64;
                        coordinate += step;
                        SparseRow::single(self.clamp_index(j), false)
                    })
                    .collect()
            }
            NearestRule::OpenCvNearest => {
                let inverse = 1.0 / (n_out as f64 / n_in as f64);
                (0..n_out)
                    .map(|i| {
                        let j = (i as f64 * inverse).floor() as i64;
                        SparseRow::single(self.clamp_index(j), false)
                    })
                    .collect()
            }
            NearestRule::Floor
            | NearestRule::Ceil
            | NearestRule::RoundPreferFloor
            | NearestRule::RoundPreferCeil => (0..n_out)
                .map(|i| {
                    let x = self.edge_centre(i) - 0.5;
                    let j = match rule {
                        NearestRule::Floor => x.floor(),
                        NearestRule::Ceil => x.ceil(),
                        NearestRule::RoundPreferFloor if x.fract().abs() == 0.5 => x.floor(),
                        NearestRule::RoundPreferCeil if x.fract().abs() == 0.5 => x.ceil(),
                        _ => x.round(),
                    };
                    SparseRow::single(self.clamp_index(j as i64), self.is_outside(x))
                })
                .collect(),
        }
    }

    /// The stretch of input an area rule averages, as its start and length in pixels: a crop
    /// region's, or the whole axis. The rules' arithmetic is their libraries' over the whole
    /// axis, which a region at 0 of the axis's length reproduces step for step.
    fn area_span(&self) -> (f64, f64) {
        match self.rule.mapping {
            CoordinateMapping::Region { start, end } => {
                self.rule.region_start_and_length(start, end)
            }
            _ => (0.0, self.input_len as f64),
        }
    }

    /// PyTorch's adaptive average pooling: output `i` averages, with equal weights, the inputs
    /// its footprint `start + [i, i + 1) · length / out` touches. A whole-pixel region inside
    /// the input takes PyTorch's integer arithmetic on the cropped axis; a fractional region
    /// the same floor and ceiling in f64. Footprints past the input average the pixels inside
    /// it, or repeat the edge pixel (as [`Border::Clamp`] would) where none is.
    fn adaptive_average_rows(&self) -> Vec<SparseRow> {
        let (n_in, n_out) = (self.input_len as u64, self.output_len as u64);
        let (start, length) = self.area_span();
        let whole_pixels = start.fract() == 0.0
            && length.fract() == 0.0
            && start >= 0.0
            && start + length <= n_in as f64;
        (0..n_out)
            .map(|i| {
                let (first, end) = if whole_pixels {
                    let (start, length) = (start as u64, length as u64);
                    (
                        start + i * length / n_out,
                        start + ((i + 1) * length).div_ceil(n_out),
                    )
                } else {
                    let step = length / n_out as f64;
                    let from = (start + i as f64 * step).floor() as i64;
                    let to = (start + (i + 1) as f64 * step).ceil() as i64;
                    let first = from.clamp(0, self.last());
                    (first as u64, to.clamp(first + 1, n_in as i64) as u64)
                };
                let w = 1.0 / (end - first) as f64;
                SparseRow {
                    taps: (first..end).map(|j| (j as u32, w)).collect(),
                    outside: false,
                }
            })
            .collect()
    }

    /// OpenCV's `computeResizeAreaTab`: each input pixel weighs by the part of it inside the
    /// output pixel's footprint, weights rounded to f32 as OpenCV stores them. A crop region
    /// moves the footprints by its start and scales them by its length; the part of a
    /// footprint outside the input is left out, and a footprint wholly outside repeats the
    /// edge pixel.
    fn coverage_rows(&self) -> Vec<SparseRow> {
        let n_in = self.input_len as f64;
        let (origin, length) = self.area_span();
        let scale = 1.0 / (self.output_len as f64 / length);
        // OpenCV leaves out a part of a pixel under 1e-3 at either end of a footprint, as
        // rounding noise: so do footprints of the kind OpenCV makes, a pixel or wider over the
        // whole axis or a crop of whole pixels. Others (narrower, or in a fractional region,
        // where such parts are real) leave out parts under 1e-6 of a pixel or of their width,
        // so that no row loses more than that of its weight.
        let whole_pixels = origin.fract() == 0.0 && length.fract() == 0.0;
        let sliver = if whole_pixels && scale >= 1.0 {
            1e-3
        } else {
            1e-6 * scale.min(1.0)
        };
        (0..self.output_len)
            .map(|i| {
                let f1 = origin + i as f64 * scale;
                let f2 = f1 + scale;
                if f2 <= 0.0 || f1 >= n_in {
                    let edge = if f1 >= n_in { self.last() as u32 } else { 0 };
                    return SparseRow::single(edge, false);
                }
                // OpenCV's cell is `min(scale, in - f1)`; a footprint that starts left of the
                // input keeps the part from 0.
                let (f1, cell) = if f1 < 0.0 {
                    (0.0, f2.min(n_in))
                } else {
                    (f1, scale.min(n_in - f1))
                };
                let mut s2 = (f2.floor() as i64).min(self.last());
                let s1 = (f1.ceil() as i64).min(s2);
                s2 = s2.max(s1);
                let mut taps = Vec::new();
                if s1 as f64 - f1 > sliver {
                    taps.push(((s1 - 1) as u32, (((s1 as f64 - f1) / cell) as f32) as f64));
                }
                for j in s1..s2 {
                    taps.push((j as u32, ((1.0 / cell) as f32) as f64));
                }
                if f2 - s2 as f64 > sliver {
                    let w = (f2 - s2 as f64).min(1.0).min(cell) / cell;
                    taps.push((s2 as u32, (w as f32) as f64));
                }
                SparseRow {
                    taps,
                    outside: false,
                }
            })
            .collect()
    }

    /// OpenCV's `INTER_AREA` when enlarging: linear weights whose fraction is how far the output
    /// pixel reaches past the input pixel's right edge. A crop region moves the output pixels'
    /// edges by its start and scales them by its length.
    fn opencv_area_upscale_rows(&self) -> Vec<SparseRow> {
        let (origin, length) = self.area_span();
        let inverse_scale = self.output_len as f64 / length;
        let scale = 1.0 / inverse_scale;
        (0..self.output_len)
            .map(|i| {
                let mut j = (origin + i as f64 * scale).floor() as i64;
                let reach = (i + 1) as f64 - (j as f64 + 1.0 - origin) * inverse_scale;
                let mut fraction = reach as f32;
                fraction = if fraction <= 0.0 {
                    0.0
                } else {
                    fraction - fraction.floor()
                };
                if j < 0 {
                    (j, fraction) = (0, 0.0);
                }
                if j >= self.last() {
                    (j, fraction) = (self.last(), 0.0);
                }
                let f = fraction as f64;
                let mut taps = vec![(j as u32, 1.0 - f)];
                if f != 0.0 {
                    taps.push(((j + 1) as u32, f));
                }
                SparseRow {
                    taps,
                    outside: false,
                }
            })
            .collect()
    }

    /// A continuous filter sampled around the source coordinate, widened by `1/scale` when
    /// antialiasing a shrink.
    fn convolution_row(&self, i: u32, filter: &Filter) -> SparseRow {
        let ratio = self.ratio();
        let widen = if self.rule.antialias && ratio > 1.0 {
            ratio
        } else {
            1.0
        };
        let inverse_widen = 1.0 / widen;
        let support = kernels::support(filter) * widen;
        let centre = self.edge_centre(i);
        let coordinate = centre - 0.5;
        let outside = self.is_outside(coordinate);
        // A stated scale or crop far out of proportion can map an output to no finite
        // coordinate at all; it reads the edge it runs off (the validation in `spec.rs` keeps
        // antialiased bands finite).
        if !coordinate.is_finite() {
            let edge = if coordinate > 0.0 { self.last() } else { 0 };
            return SparseRow::single(edge as u32, outside);
        }
        let first = (coordinate - support).floor() as i64;
        let last = (coordinate + support).ceil() as i64;
        let in_range = first.max(0)..=last.min(self.last());
        // At most one tap per input in range, and the two edges' folded ones.
        let in_range_len = (in_range.end() - in_range.start() + 1).max(0) as usize;
        let mut taps: Vec<(u32, f64)> = Vec::with_capacity(in_range_len + 2);
        match self.rule.border {
            Border::Clamp => {
                // Clamped indices never decrease with `j`, so a tap folded onto an edge can
                // only join the one pushed last.
                for j in first..=last {
                    let w = kernels::evaluate(filter, (j as f64 - centre + 0.5) * inverse_widen);
                    if w != 0.0 {
                        let index = self.clamp_index(j);
                        match taps.last_mut() {
                            Some((k, acc)) if *k == index => *acc += w,
                            _ => taps.push((index, w)),
                        }
                    }
                }
                // Interpolating kernels sum to 1 only approximately on integer taps (lanczos);
                // OpenCV normalises them, and for the others this changes nothing.
                normalize(&mut taps);
            }
            Border::Renormalize => {
                // Antialiased, the taps are those Pillow and PyTorch take: from
                // `(int)(centre - support + 0.5)` up to `(int)(centre + support + 0.5)`,
                // exclusive (C casts truncate). A tap whose distance rounds to just inside the
                // support but lies past those bounds weighs nothing there; for the box filter,
                // which is 1 up to its edge, that decides the output (Pillow's BOX).
                let in_range = if self.rule.antialias {
                    let bound = |x: f64| (x + 0.5).trunc() as i64;
                    // (The casts saturate for a band far outside the input, and so does the
                    // step back to the last tap: the range is then empty.)
                    let end = bound(centre + support).saturating_sub(1);
                    bound(centre - support).max(0)..=end.min(self.last())
                } else {
                    in_range
                };
                for j in in_range {
                    let w = kernels::evaluate(filter, (j as f64 - centre + 0.5) * inverse_widen);
                    taps.push((j as u32, w));
                }
                normalize(&mut taps);
            }
        }
        // Every tap the border left weighs nothing: an output sampled past the input's edge,
        // with renormalised taps all outside it (a box filter half a pixel beyond, a lanczos
        // centred on a sample outside). Renormalising what is left as the sample point moves
        // out tends to the nearest input pixel, so that is what the output reads, and a
        // constant image stays constant.
        if taps.iter().all(|&(_, w)| w == 0.0) {
            taps = vec![(self.clamp_index(coordinate.round() as i64), 1.0)];
        }
        SparseRow { taps, outside }
    }
}

/// Each row's first input for bands of `taps` taps over rows whose non-zero taps span `spans`:
/// the row's first non-zero tap where its span is the widest, and for a narrower row, one of the
/// starts whose band still covers its span, as far right as the row's first tap and the input's
/// end allow but no further than the next row's start. Without that cap, a row of one tap in the
/// middle of wider ones (a lanczos row on an input sample: an enlargement by a whole factor)
/// would start its band on that tap, past the next rows' starts, and break the even step of
/// band starts that the kernels' row pairs and tile footprints take (band starts of 0, 0, 0, 0,
/// 1, 0, 0, 2 for a x3 lanczos3 enlargement, where 0, 0, 0, 0, 0, 0, 0, 0 covers every row).
fn band_starts(spans: &[(u32, u32)], taps: u32, input_len: u32) -> Vec<u32> {
    let mut starts = vec![0; spans.len()];
    let mut next = u32::MAX;
    for (start, &(lo, hi)) in starts.iter_mut().zip(spans).rev() {
        // The band [start, start + taps) must hold [lo, hi] and lie inside the input.
        let lowest = (hi + 1).saturating_sub(taps);
        let highest = lo.min(input_len - taps);
        *start = highest.min(next).max(lowest);
        next = *start;
    }
    starts
}

fn normalize(taps: &mut [(u32, f64)]) {
    let total: f64 = taps.iter().map(|&(_, w)| w).sum();
    if total != 0.0 {
        for (_, w) in taps.iter_mut() {
            *w /= total;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An antialiased band far outside the input (a crop region that runs to -5.6e51, found by
    /// the property test of sound tables) bounds its taps without overflowing: the range is
    /// empty and the output reads the edge nearest its coordinate.
    #[test]
    fn antialiased_bands_far_outside_the_input_bound_their_taps() {
        let rule = AxisResample {
            filter: Filter::Box,
            mapping: CoordinateMapping::TfCropAndResize {
                start: 100.0,
                end: -5.610952041813095e51,
            },
            antialias: true,
            border: Border::Renormalize,
            ..AxisResample::default()
        };
        let table = AxisWeights::compute(2, 1, &rule);
        assert!(table.start(0) + table.taps() <= 2);
        assert_eq!(table.row(0).iter().sum::<f64>(), 1.0);
    }

    /// ONNX Runtime's `half_pixel_symmetric` adds `(x + 0.5) / scale - 0.5` in f64 and rounds to
    /// f32 once: 39 -> 13 rows under `floor` pick 0, 3, 7, 10, 13, 15, ... as ONNX Runtime
    /// 1.30 and 1.32 do (`benchmarks/2026-12-05-lab-onnx-random-cases.py`, case o030), where all
    /// of it in f32 picks 1, 4, 7, 10, 13, 16, ...
    #[test]
    fn onnx_half_pixel_symmetric_rounds_as_onnx_runtime() {
        let rule = AxisResample {
            filter: Filter::Nearest(NearestRule::Floor),
            mapping: CoordinateMapping::HalfPixelSymmetric,
            arithmetic: CoordinateArithmetic::F32,
            ..AxisResample::default()
        };
        let table = AxisWeights::compute(39, 13, &rule);
        let starts: Vec<u32> = (0..13).map(|i| table.start(i)).collect();
        assert_eq!(starts, [0, 3, 7, 10, 13, 15, 19, 22, 25, 28, 31, 34, 37]);
    }

    /// OpenCV's 8-bit `INTER_LINEAR` tables: two taps over the input padded by `OPENCV_PAD`
    /// indices at each end, the vertical first and last rows left where OpenCV leaves them
    /// (the row before the input with the first, the last with the one after), the horizontal
    /// ones moved inside; weights of 11 bits that sum to one.
    #[test]
    fn opencv_tables_are_padded_and_clamped_as_opencv_clamps() {
        let pad = OPENCV_PAD;
        // 3 rows to 9: coordinates -1/3, 0, 1/3, ..., 7/3.
        let y = AxisWeights::opencv_linear(3, 9, false);
        assert_eq!((y.input_len(), y.taps()), (3 + 2 * pad, 2));
        assert_eq!(
            (y.start(0), y.row(0)),
            (pad - 1, &[683.0 / 2048.0, 1365.0 / 2048.0][..])
        );
        assert_eq!((y.start(1), y.row(1)), (pad, &[1.0, 0.0][..]));
        assert_eq!(
            (y.start(8), y.row(8)),
            (pad + 2, &[1365.0 / 2048.0, 683.0 / 2048.0][..])
        );
        let x = AxisWeights::opencv_linear(3, 9, true);
        assert_eq!((x.start(0), x.row(0)), (pad, &[1.0, 0.0][..]));
        assert_eq!((x.start(8), x.row(8)), (pad + 2, &[1.0, 0.0][..]));
        for table in [&y, &x] {
            for i in 0..9 {
                let row = table.row(i);
                assert_eq!(row.iter().sum::<f64>(), 1.0, "row {i}");
                assert!(row.iter().all(|w| (w * 2048.0).fract() == 0.0), "row {i}");
                assert!(table.start(i) + 2 <= table.input_len(), "row {i}");
            }
        }
    }

    /// OpenCV's 8-bit `INTER_LANCZOS4` tables: eight taps from three before the coordinate's
    /// floor, inside the padded input at both ends, with 11-bit weights: on an input sample,
    /// the one tap of 1 (the others' distance is whole, their sines 0 in OpenCV's f64 up to
    /// its rounding), and coefficients that sum to about 1.
    #[test]
    fn opencv_lanczos4_tables_reach_four_past_either_end() {
        for (input, output) in [(1, 5), (3, 9), (40, 7), (7, 40)] {
            let table = AxisWeights::opencv_lanczos4(input, output);
            assert_eq!(
                (table.input_len(), table.taps()),
                (input + 2 * OPENCV_PAD, 8)
            );
            for i in 0..output as usize {
                let row = table.row(i);
                assert!(
                    table.start(i) + 8 <= table.input_len(),
                    "{input}->{output} row {i}"
                );
                assert!(row.iter().all(|w| (w * 2048.0).fract() == 0.0));
                assert!((row.iter().sum::<f64>() - 1.0).abs() <= 4.0 / 2048.0);
            }
        }
        // 7 to 7: every coordinate is a sample, the fourth tap's.
        let same = AxisWeights::opencv_lanczos4(7, 7);
        for i in 0..7 {
            assert_eq!(same.start(i), i as u32 + OPENCV_PAD - 3);
            assert_eq!(same.row(i)[3], 1.0, "row {i}: {:?}", same.row(i));
        }
    }

    fn table(n_in: u32, n_out: u32, rule: AxisResample) -> AxisWeights {
        AxisWeights::compute(n_in, n_out, &rule)
    }

    fn assert_rows_sum_to_one(t: &AxisWeights) {
        for i in 0..t.output_len() as usize {
            let sum: f64 = t.row(i).iter().sum();
            assert!((sum - 1.0).abs() < 1e-9, "row {i} sums to {sum}");
        }
    }

    fn assert_band_inside(t: &AxisWeights) {
        for i in 0..t.output_len() as usize {
            assert!(
                t.start(i) + t.taps() <= t.input_len(),
                "row {i} leaves the input"
            );
        }
    }

    #[test]
    fn bilinear_upscale_by_two_has_quarter_weights() {
        let t = table(4, 8, AxisResample::default());
        assert_eq!(t.taps(), 2);
        // Output 1 sits at input coordinate 0.25.
        assert_eq!(t.start(1), 0);
        assert_eq!(t.row(1), &[0.75, 0.25]);
        // Output 0 sits at -0.25, clamped onto pixel 0.
        assert_eq!(t.start(0), 0);
        assert_eq!(t.row(0), &[1.0, 0.0]);
        assert_rows_sum_to_one(&t);
        assert_band_inside(&t);
    }

    #[test]
    fn align_corners_hits_the_corners() {
        let rule = AxisResample::default().with_mapping(CoordinateMapping::AlignCorners);
        let t = table(5, 9, rule);
        assert_eq!((t.start(0), t.row(0)[0]), (0, 1.0));
        let last = t.output_len() as usize - 1;
        let k = (4 - t.start(last)) as usize;
        assert_eq!(t.row(last)[k], 1.0);
        assert_rows_sum_to_one(&t);
    }

    #[test]
    fn identity_sizes_give_identity_for_interpolating_filters() {
        // One tap of exactly 1 on input i, with or without antialiasing (which does not widen
        // at scale 1): an axis kept at its size costs one tap, not a band of near-zero weights.
        for filter in [
            Filter::Linear,
            Filter::Cubic { a: -0.75 },
            Filter::Cubic { a: -0.5 },
            Filter::Lanczos { lobes: 3 },
            Filter::Lanczos { lobes: 4 },
        ] {
            for antialias in [false, true] {
                let rule = AxisResample::default()
                    .with_filter(filter)
                    .with_antialias(antialias);
                let t = table(7, 7, rule);
                assert_eq!(t.taps(), 1, "{filter:?}");
                for i in 0..7 {
                    assert_eq!((t.start(i), t.row(i)[0]), (i as u32, 1.0), "{filter:?} {i}");
                }
                assert!(t.is_identity(), "{filter:?}");
            }
        }
        // Not the identity: the same length shifted, a shrink, or outputs outside the input.
        let mut shifted = AxisWeights::identity(7);
        shifted.set_row(3, 4, &[1.0]);
        assert!(!shifted.is_identity());
        assert!(!table(8, 7, AxisResample::default()).is_identity());
        assert!(
            !AxisWeights::identity_with_outside_of(&convention_tests::partly_outside())
                .is_identity()
        );
        assert!(AxisWeights::identity(7).is_identity());
    }

    #[test]
    fn band_starts_never_decrease_around_rows_on_input_samples() {
        // Lanczos enlargements by odd whole factors put every factor-th row on an input sample
        // (half-pixel centres): one tap of exactly 1 among rows of 2·lobes taps. Its band must
        // still start between its neighbours' (x3 lanczos3 of 10: 0, 0, 0, 0, 0, 0, 0, 0, 0,
        // 0, 1, 1, 1, 2, ...).
        for (n_in, factor, lobes) in [(10, 3, 3), (17, 3, 4), (9, 5, 4), (12, 7, 3)] {
            let rule = AxisResample::default().with_filter(Filter::Lanczos { lobes });
            let t = table(n_in, n_in * factor, rule);
            assert_eq!(t.taps(), 2 * lobes, "x{factor} lanczos{lobes}");
            for i in 1..t.output_len() as usize {
                let (before, start) = (t.start(i - 1), t.start(i));
                assert!(
                    (before..=before + 1).contains(&start),
                    "x{factor} lanczos{lobes}: starts {before} then {start}"
                );
            }
            assert_band_inside(&t);
            assert_rows_sum_to_one(&t);
            let row_on_sample = (factor as usize - 1) / 2 + factor as usize;
            let on_sample = t.row(row_on_sample);
            assert_eq!(on_sample.iter().filter(|&&w| w != 0.0).count(), 1);
        }
        let rule = AxisResample::default().with_filter(Filter::Lanczos { lobes: 3 });
        let starts: Vec<u32> = (0..16).map(|i| table(10, 30, rule).start(i)).collect();
        assert_eq!(starts, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
    }

    #[test]
    fn antialias_widens_support_by_the_ratio() {
        let rule = AxisResample::default()
            .with_antialias(true)
            .with_border(Border::Renormalize);
        let t = table(100, 10, rule);
        // Linear support 1 widened by 10: 20 taps span the footprint.
        assert!((19..=21).contains(&t.taps()), "taps {}", t.taps());
        assert_rows_sum_to_one(&t);
        assert_band_inside(&t);
        // Without antialias the same shrink reads two taps.
        assert_eq!(table(100, 10, AxisResample::default()).taps(), 2);
    }

    #[test]
    fn extreme_shrink_has_no_ratio_limit() {
        let rule = AxisResample::default()
            .with_filter(Filter::Cubic { a: -0.5 })
            .with_antialias(true)
            .with_border(Border::Renormalize);
        let t = table(3000, 3, rule);
        assert_rows_sum_to_one(&t);
        assert_band_inside(&t);
    }

    #[test]
    fn a_million_to_one_shrink_has_a_table() {
        // No ratio limit: the whole input is one band.
        let rule = AxisResample::default()
            .with_filter(Filter::Lanczos { lobes: 3 })
            .with_antialias(true)
            .with_border(Border::Renormalize);
        let t = table(1 << 20, 1, rule);
        assert_eq!(t.taps(), 1 << 20);
        assert_rows_sum_to_one(&t);
    }

    #[test]
    fn adaptive_average_matches_pooling_bounds() {
        let t = table(
            10,
            3,
            AxisResample::default().with_filter(Filter::Area(AreaRule::AdaptiveAverage)),
        );
        // floor(i*10/3) .. ceil((i+1)*10/3): 0..4, 3..7, 6..10.
        assert_eq!((t.start(0), t.start(1), t.start(2)), (0, 3, 6));
        assert_eq!(t.taps(), 4);
        assert_rows_sum_to_one(&t);
    }

    fn area_rules() -> [AxisResample; 3] {
        [
            AreaRule::AdaptiveAverage,
            AreaRule::Coverage,
            AreaRule::OpenCvUpscale,
        ]
        .map(|rule| AxisResample::default().with_filter(Filter::Area(rule)))
    }

    /// An area rule over a crop region of whole pixels is the crop resized by the rule: the
    /// cropped axis's table moved by the region's start, to the bit, on every start and length
    /// of small axes, shrinking and growing.
    #[test]
    fn area_rules_over_whole_pixel_regions_resize_the_crop() {
        for rule in area_rules() {
            for n_in in [1u32, 2, 7, 16, 23] {
                for start in 0..n_in {
                    for len in 1..=n_in - start {
                        for n_out in [1u32, 2, 3, 5, 7, 8, 13, 16, 31, 48] {
                            let crop = table(len, n_out, rule);
                            let region = CoordinateMapping::Region {
                                start: start as f64,
                                end: (start + len) as f64,
                            };
                            let t = table(n_in, n_out, rule.with_mapping(region));
                            for i in 0..n_out as usize {
                                let moved: Vec<_> =
                                    crop.weighed_taps(i).map(|(j, w)| (j + start, w)).collect();
                                assert_eq!(
                                    t.weighed_taps(i).collect::<Vec<_>>(),
                                    moved,
                                    "{:?} {n_in} [{start}, +{len}) -> {n_out} row {i}",
                                    rule.filter
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// Area rules over fractional regions and regions reaching past the input: rows inside the
    /// input summing to one (OpenCV's f32 weights to within their rounding), footprints that
    /// overlap the input averaging only pixels they touch, and a footprint wholly outside
    /// repeating the edge pixel.
    #[test]
    fn area_rules_over_any_region_average_the_input_they_touch() {
        let regions = [
            (0.25, 6.75),
            (-3.5, 4.0),
            (5.0, 14.5),
            (-6.0, -2.0),
            (11.0, 20.0),
        ];
        for rule in area_rules() {
            for (start, end) in regions {
                for n_out in [1u32, 3, 4, 9, 20] {
                    let region = CoordinateMapping::Region { start, end };
                    let t = table(10, n_out, rule.with_mapping(region));
                    let what = format!("{:?} [{start}, {end}) -> {n_out}", rule.filter);
                    let step = (end - start) / n_out as f64;
                    for i in 0..n_out as usize {
                        let taps: Vec<_> = t.weighed_taps(i).collect();
                        let sum: f64 = taps.iter().map(|(_, w)| w).sum();
                        assert!((sum - 1.0).abs() < 1e-6, "{what} row {i}: {taps:?}");
                        assert!(taps.iter().all(|&(j, _)| j < 10), "{what} row {i}");
                        let (lo, hi) = (start + i as f64 * step, start + (i + 1) as f64 * step);
                        if hi <= 0.0 || lo >= 10.0 {
                            let edge = if lo >= 10.0 { 9 } else { 0 };
                            assert_eq!(taps, [(edge, 1.0)], "{what} row {i}");
                        } else if rule.filter != Filter::Area(AreaRule::OpenCvUpscale) {
                            // (The enlarging rule interpolates between neighbours instead.)
                            let touched =
                                |&(j, _): &(u32, f64)| (j as f64) < hi && j as f64 + 1.0 > lo;
                            assert!(taps.iter().all(touched), "{what} row {i}: {taps:?}");
                        }
                    }
                }
            }
        }
    }

    /// An output sampled past the input's edge whose renormalised taps all lie outside it reads
    /// the nearest input pixel, not nothing: a box half a pixel beyond the last input, and a
    /// lanczos centred on an integer sample outside (every in-range tap exactly 0).
    #[test]
    fn a_row_with_every_tap_outside_reads_the_nearest_pixel() {
        let beyond = AxisResample::default()
            .with_mapping(CoordinateMapping::Asymmetric)
            .with_border(Border::Renormalize);
        let t = table(1, 2, beyond.with_filter(Filter::Box));
        assert_eq!((t.start(1), t.row(1)), (0, &[1.0][..]));
        // Outputs 0 to 3 of 4 -> 2 at scale 2 map to inputs 0, 0.5, 1, 1.5; of 2 -> 1 at a
        // stated scale of 1/3, output 1 maps to input 3, two samples past the last.
        let lanczos = beyond
            .with_filter(Filter::Lanczos { lobes: 2 })
            .with_scale(Some(1.0 / 3.0));
        let t = table(2, 2, lanczos);
        assert_rows_sum_to_one(&t);
        let row = t.row(1);
        assert_eq!(row[(1 - t.start(1)) as usize], 1.0, "{row:?}");
    }

    /// Band starts never decrease but on a mirrored axis (a crop whose end lies before its
    /// start), where the fused kernel's tiles would stage their inputs inside out.
    #[test]
    fn only_mirrored_crops_have_decreasing_starts() {
        let crop = |start, end| {
            AxisResample::default().with_mapping(CoordinateMapping::TfCropAndResize { start, end })
        };
        assert!(table(9, 12, crop(0.0, 0.9)).starts_never_decrease());
        assert!(!table(9, 12, crop(0.9, 0.0)).starts_never_decrease());
        assert!(table(9, 12, AxisResample::default()).starts_never_decrease());
        assert!(table(40, 7, AxisResample::default().with_antialias(true)).starts_never_decrease());
    }

    #[test]
    fn crop_and_resize_flags_outputs_outside_the_input() {
        let rule = AxisResample::default().with_mapping(CoordinateMapping::TfCropAndResize {
            start: -0.5,
            end: 1.0,
        });
        let t = table(5, 7, rule);
        assert!(t.is_outside(0));
        assert!(!t.is_outside(6));
    }

    #[test]
    fn nearest_rules_agree_on_plain_upscale() {
        // 4 -> 8: every rule that maps pixel centres picks floor(i/2).
        for rule in [
            NearestRule::TorchExact,
            NearestRule::PillowAffine,
            NearestRule::OpenCvNearestExact,
            NearestRule::TorchLegacy,
            NearestRule::OpenCvNearest,
        ] {
            let t = table(
                4,
                8,
                AxisResample::default().with_filter(Filter::Nearest(rule)),
            );
            let picked: Vec<u32> = (0..8).map(|i| t.start(i)).collect();
            assert_eq!(picked, vec![0, 0, 1, 1, 2, 2, 3, 3], "{rule:?}");
        }
    }
}

#[cfg(test)]
pub(crate) mod convention_tests {
    //! Properties every convention's tables must have, over many sizes.
    use super::*;
    use crate::presets::{self, OpenCvInterpolation, PillowFilter, TorchMode, TorchOutput};
    use crate::spec::Size2;

    /// Ten inputs cropped from -0.5 to 1.5 of their extent onto ten outputs (ONNX's
    /// `tf_crop_and_resize`): the first and last outputs map outside the input.
    pub(crate) fn partly_outside() -> AxisWeights {
        let cropped = crate::spec::AxisResample {
            mapping: crate::spec::CoordinateMapping::TfCropAndResize {
                start: -0.5,
                end: 1.5,
            },
            ..crate::spec::AxisResample::default()
        };
        AxisWeights::compute(10, 10, &cropped)
    }

    /// Specs of every preset family with several filters each, named, for `input` -> `output`.
    pub(crate) fn specs(input: Size2, output: Size2) -> Vec<(String, ResizeSpec)> {
        let mut all = Vec::new();
        for filter in [
            PillowFilter::Box,
            PillowFilter::Bilinear,
            PillowFilter::Hamming,
            PillowFilter::Bicubic,
            PillowFilter::Lanczos,
        ] {
            let spec = presets::pillow(input, output, filter).build().unwrap();
            all.push((format!("pillow {filter:?}"), spec));
        }
        for mode in [TorchMode::Bilinear, TorchMode::Bicubic, TorchMode::Area] {
            // PyTorch refuses antialias for area, which has nothing to widen.
            for antialias in [false, true]
                .into_iter()
                .filter(|&a| !a || mode.interpolating())
            {
                let spec = presets::torch(input, TorchOutput::Size(output), mode, false, antialias)
                    .unwrap()
                    .build()
                    .unwrap();
                all.push((format!("torch {mode:?} aa={antialias}"), spec));
            }
        }
        for interpolation in [
            OpenCvInterpolation::Linear,
            OpenCvInterpolation::Cubic,
            OpenCvInterpolation::Area,
            OpenCvInterpolation::Lanczos4,
        ] {
            let spec = presets::opencv(input, output, interpolation)
                .build()
                .unwrap();
            all.push((format!("opencv {interpolation:?}"), spec));
        }
        all
    }

    #[test]
    fn rows_sum_to_one_and_stay_inside_the_input() {
        for (n_in, n_out) in [
            (1, 7),
            (7, 1),
            (12, 24),
            (24, 12),
            (31, 64),
            (64, 9),
            (100, 3),
            (5, 5),
        ] {
            for (name, spec) in specs(Size2::new(n_in, n_in), Size2::new(n_out, n_out)) {
                let (y, _) = AxisWeights::for_spec(&spec);
                for i in 0..y.output_len() as usize {
                    let sum: f64 = y.row(i).iter().sum();
                    assert!(
                        (sum - 1.0).abs() < 1e-6,
                        "{name} {n_in}->{n_out} row {i}: sum {sum}"
                    );
                    assert!(
                        y.start(i) + y.taps() <= n_in,
                        "{name} row {i} leaves the input"
                    );
                }
            }
        }
    }

    #[test]
    fn centred_mappings_give_mirror_symmetric_tables() {
        // With pixel-centre mapping, output i seen from the left equals output out-1-i seen
        // from the right: the weight on input j mirrors the weight on input in-1-j.
        for (n_in, n_out) in [(12, 24), (24, 12), (31, 64), (64, 9), (9, 5)] {
            for (name, spec) in specs(Size2::new(n_in, n_in), Size2::new(n_out, n_out)) {
                let (y, _) = AxisWeights::for_spec(&spec);
                let dense = |i: usize| {
                    let mut row = vec![0.0; n_in as usize];
                    for (k, w) in y.row(i).iter().enumerate() {
                        row[y.start(i) as usize + k] += w;
                    }
                    row
                };
                for i in 0..n_out as usize {
                    let left = dense(i);
                    let mut right = dense(n_out as usize - 1 - i);
                    right.reverse();
                    for (j, (a, b)) in left.iter().zip(&right).enumerate() {
                        // OpenCV rounds its area weights to f32.
                        assert!(
                            (a - b).abs() < 1e-6,
                            "{name} {n_in}->{n_out} row {i} input {j}: {a} vs {b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn support_is_as_specified() {
        // Widest band for a shrink by k with antialias: about 2·support·k taps (+1 for phase).
        for (filter, support) in [
            (PillowFilter::Bilinear, 1.0),
            (PillowFilter::Bicubic, 2.0),
            (PillowFilter::Lanczos, 3.0),
        ] {
            for k in [2u32, 3, 5, 8] {
                let spec =
                    presets::pillow(Size2::new(8 * k * 4, 8 * k * 4), Size2::new(32, 32), filter)
                        .build()
                        .unwrap();
                let (y, _) = AxisWeights::for_spec(&spec);
                let expected = 2.0 * support * k as f64;
                assert!(
                    (y.taps() as f64 - expected).abs() <= 1.0,
                    "{filter:?} x1/{k}: {} taps, expected about {expected}",
                    y.taps()
                );
            }
        }
    }

    /// Every filter and nearest rule but the magic kernels.
    fn filters_but_the_magic_kernels() -> Vec<Filter> {
        let mut filters = vec![
            Filter::Linear,
            Filter::Cubic { a: -0.5 },
            Filter::Cubic { a: -0.75 },
            Filter::Box,
            Filter::Hamming,
            Filter::Area(AreaRule::AdaptiveAverage),
            Filter::Area(AreaRule::Coverage),
            Filter::Area(AreaRule::OpenCvUpscale),
        ];
        filters.extend((1..=8).map(|lobes| Filter::Lanczos { lobes }));
        filters.extend(
            [
                NearestRule::Floor,
                NearestRule::Ceil,
                NearestRule::RoundPreferFloor,
                NearestRule::RoundPreferCeil,
                NearestRule::TorchLegacy,
                NearestRule::TorchExact,
                NearestRule::PillowAffine,
                NearestRule::OpenCvNearest,
                NearestRule::OpenCvNearestExact,
            ]
            .map(Filter::Nearest),
        );
        filters
    }

    /// An axis kept at its size and not cropped is left as it is, as Pillow skips its pass.
    /// Every filter's own table there (built without that rule) is already the identity, for
    /// each border, with and without antialiasing and in either arithmetic, except the magic
    /// kernels', which would sharpen it: so the rule changes the magic kernels alone.
    #[test]
    fn kept_axes_are_left_as_they_are() {
        let filters = filters_but_the_magic_kernels();
        let own_table = |len: u32, rule: &AxisResample| {
            AxisWeights::from_sparse_rows(len, RowBuilder::new(len, len, rule).rows())
        };
        for len in [1, 2, 3, 9, 40] {
            for mapping in [
                CoordinateMapping::HalfPixel,
                CoordinateMapping::Region {
                    start: 0.0,
                    end: len as f64,
                },
            ] {
                for filter in filters
                    .iter()
                    .copied()
                    .chain([Filter::MagicKernelSharp2013, Filter::MagicKernelSharp2021])
                {
                    for (border, antialias, arithmetic) in [
                        (Border::Clamp, false, CoordinateArithmetic::F64),
                        (Border::Renormalize, true, CoordinateArithmetic::F64),
                        (Border::Clamp, true, CoordinateArithmetic::F32),
                        (Border::Renormalize, false, CoordinateArithmetic::F32),
                    ] {
                        let rule = AxisResample {
                            filter,
                            mapping,
                            antialias,
                            border,
                            scale: None,
                            arithmetic,
                        };
                        let what = format!("{len} {rule:?}");
                        assert!(
                            AxisWeights::compute(len, len, &rule).is_identity(),
                            "{what}"
                        );
                        let magic = matches!(
                            filter,
                            Filter::MagicKernelSharp2013 | Filter::MagicKernelSharp2021
                        );
                        // (On a short axis the magic kernels' own taps at 2 and 4 pixels
                        // can all lie outside it, and renormalising leaves the identity.)
                        if !magic {
                            assert!(own_table(len, &rule).is_identity(), "own {what}");
                        } else if len >= 9 {
                            assert!(!own_table(len, &rule).is_identity(), "own {what}");
                        }
                    }
                }
            }
        }
    }

    /// A resize whose two axes each map a box of whole pixels as long as the output copies the
    /// box (Pillow crops it instead of resampling): for every filter, each filter's own table
    /// is that copy already but for the magic kernels', which would sharpen it; a box at a
    /// fractional start takes the filter's own table.
    #[test]
    fn whole_pixel_boxes_of_the_outputs_size_are_copied() {
        let copies = |t: &AxisWeights, start: u32| {
            t.taps() == 1
                && (0..t.output_len() as usize)
                    .all(|i| t.start(i) == start + i as u32 && t.row(i) == [1.0])
        };
        // (The nearest rules of whole axes take no crop region.)
        let filters = filters_but_the_magic_kernels()
            .into_iter()
            .filter(|filter| match filter {
                Filter::Nearest(rule) => !rule.maps_whole_axes_only(),
                _ => true,
            });
        for filter in filters.chain([Filter::MagicKernelSharp2013, Filter::MagicKernelSharp2021]) {
            let magic = matches!(
                filter,
                Filter::MagicKernelSharp2013 | Filter::MagicKernelSharp2021
            );
            let rule = AxisResample::default()
                .with_filter(filter)
                .with_antialias(true)
                .with_border(Border::Renormalize);
            let spec = |top: f64, left: f64, output: Size2| {
                ResizeSpec::builder(Size2::new(30, 40), output)
                    .both_axes(rule)
                    .crop(top, left, f64::from(output.height), f64::from(output.width))
                    .build()
                    .unwrap()
            };
            let (y, x) = AxisWeights::for_spec(&spec(4.0, 7.0, Size2::new(12, 20)));
            assert!(copies(&y, 4) && copies(&x, 7), "{filter:?}");
            let region = |start: f64, len: u32| CoordinateMapping::Region {
                start,
                end: start + f64::from(len),
            };
            let own = AxisWeights::compute(40, 20, &rule.with_mapping(region(7.0, 20)));
            assert_eq!(copies(&own, 7), !magic, "{filter:?}'s own table");
            // A fractional start: the filter's own table, whatever it is.
            let (_, x) = AxisWeights::for_spec(&spec(4.0, 7.5, Size2::new(12, 20)));
            let own = AxisWeights::compute(40, 20, &rule.with_mapping(region(7.5, 20)));
            assert_eq!(x, own, "{filter:?} at 7.5");
        }
    }

    /// The magic kernels leave an axis kept at its size and not cropped as it is, as Pillow
    /// skips its pass, where their own table would sharpen it; a crop or a stated scale on that
    /// axis takes the kernel's table.
    #[test]
    fn magic_kernels_leave_a_kept_axis_as_it_is() {
        for filter in [Filter::MagicKernelSharp2013, Filter::MagicKernelSharp2021] {
            let rule = AxisResample::default().with_filter(filter);
            assert!(
                AxisWeights::compute(9, 9, &rule).is_identity(),
                "{filter:?}"
            );
            let whole = rule.with_mapping(CoordinateMapping::Region {
                start: 0.0,
                end: 9.0,
            });
            assert!(
                AxisWeights::compute(9, 9, &whole).is_identity(),
                "{filter:?}"
            );
            let shifted = rule.with_mapping(CoordinateMapping::Region {
                start: 0.5,
                end: 9.5,
            });
            assert!(!AxisWeights::compute(12, 9, &shifted).is_identity());
            assert!(
                !AxisWeights::compute(9, 9, &shifted).is_identity(),
                "{filter:?}"
            );
            let scaled = rule.with_scale(Some(1.01));
            assert!(
                !AxisWeights::compute(9, 9, &scaled).is_identity(),
                "{filter:?}"
            );
        }
        // MKS2013 weighs the pixels two away -1/32 where it is applied at scale 1.
        let sharpened = AxisResample::default()
            .with_filter(Filter::MagicKernelSharp2013)
            .with_mapping(CoordinateMapping::AlignCorners);
        let table = AxisWeights::compute(9, 9, &sharpened);
        assert_eq!(
            table.row(4),
            [-1.0 / 32.0, 0.0, 17.0 / 16.0, 0.0, -1.0 / 32.0]
        );
    }
}
