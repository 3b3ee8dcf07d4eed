//! Which path runs a spec: the paths, and the heuristic that answers when nothing is measured.

use serde::{Deserialize, Serialize};

use crate::spec::{ElementType, ResizeSpec};
use crate::tune::CandidateTime;
use crate::weights::AxisWeights;

/// A way of running a resize on the GPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Path {
    /// One dispatch; each output reads all `taps_y · taps_x` inputs. Best for small supports.
    Gather,
    /// Two dispatches, one banded product per axis through a pooled intermediate; each output
    /// costs `taps_y + taps_x` reads. Best for wide supports. A spec that keeps an axis at its
    /// size runs the other axis's dispatch alone.
    Separable,
    /// One dispatch; each workgroup runs one axis's taps from device memory into workgroup
    /// memory and the other's from there, so the intermediate never leaves the chip. For NHWC
    /// tensors with channels a multiple of 4, and NCHW tensors whose input and output rows are
    /// multiples of 4 elements (without colour conversions or Pillow's fixed point), whose
    /// first-axis sums fit (moderate shrinks and supports).
    Fused,
    /// Let the library choose (see [`crate::Resizer::plan`]).
    #[default]
    Auto,
}

impl Path {
    /// The concrete paths, in candidate order (the first is the safe default).
    pub const CONCRETE: [Path; 3] = [Path::Gather, Path::Separable, Path::Fused];

    /// Lowercase name, as the CLI and JSON spell it.
    pub fn name(self) -> &'static str {
        match self {
            Path::Gather => "gather",
            Path::Separable => "separable",
            Path::Fused => "fused",
            Path::Auto => "auto",
        }
    }

    /// Parses a lowercase name.
    pub fn from_name(name: &str) -> Option<Path> {
        match name {
            "gather" => Some(Path::Gather),
            "separable" => Some(Path::Separable),
            "fused" => Some(Path::Fused),
            "auto" => Some(Path::Auto),
            _ => None,
        }
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a plan's choice came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlanSource {
    /// The caller named the path.
    Requested,
    /// Every candidate was timed on this device, now.
    Measured,
    /// A measurement made earlier, read from the tuning cache file.
    Cache,
    /// The heuristic: nothing measured (tuning off, or not yet run for this shape).
    Heuristic,
}

impl PlanSource {
    /// Lowercase name, as the CLI and JSON spell it.
    pub fn name(self) -> &'static str {
        match self {
            PlanSource::Requested => "requested",
            PlanSource::Measured => "measured",
            PlanSource::Cache => "cache",
            PlanSource::Heuristic => "heuristic",
        }
    }
}

/// What a plan chose, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The concrete path that runs.
    pub path: Path,
    /// Where the choice came from.
    pub source: PlanSource,
    /// One sentence on why.
    pub reason: String,
    /// Each candidate's measured time, when the choice was measured (now or earlier).
    pub candidates: Vec<CandidateTime>,
}

impl Plan {
    /// The plan of a two-step resize's second stage, its reason saying what the first stage
    /// does (a sub-image, which every path reads in place, has none); `self` as it is for a
    /// resize of one step.
    pub(crate) fn after_reduction(self, spec: &ResizeSpec) -> Plan {
        if let Some(cut) = spec.cut() {
            return Plan {
                reason: format!("{}; reading the sub-image {cut:?} in place", self.reason),
                ..self
            };
        }
        let Some(reduction) = spec
            .stages()
            .and_then(|(reduce, _)| reduce.reduction_stage())
        else {
            return self;
        };
        let (factors, reduced) = (reduction.factors(), reduction.output());
        Plan {
            reason: format!(
                "{}; after Pillow's reduction by {}x{} to {}x{}, on the gather path",
                self.reason, factors.height, factors.width, reduced.height, reduced.width
            ),
            ..self
        }
    }

    /// The plan of a reduction alone ([`crate::presets::pillow_reduce`]): the gather path,
    /// the one that runs it, unmeasured.
    pub(crate) fn reduction() -> Plan {
        Plan {
            path: Path::Gather,
            source: PlanSource::Heuristic,
            reason: REDUCTION_GATHER_ONLY.into(),
            candidates: Vec::new(),
        }
    }
}

/// Why a reduction runs on one path: the gather kernels sum each block of bytes as one, as
/// Pillow's `Image.reduce` rounds it (a separable pass would round each axis).
pub(crate) const REDUCTION_GATHER_ONLY: &str =
    "Pillow's reduction runs on the gather path, whose kernels sum each block as one";

/// Order of a separable resize's two passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PassOrder {
    /// Horizontal first; the intermediate is `in_h × out_w`.
    XThenY,
    /// Vertical first; the intermediate is `out_h × in_w`.
    YThenX,
}

/// The separable order. Rounding between passes to u8 or f16 takes the order that defines it:
/// horizontal first (Pillow 12's and PyTorch's order), or vertical first where the spec's
/// [`crate::RoundingOrder`] says so for u8 ([`ResizeSpec::rounds_vertical_first`]). Rounding
/// to f32 is what f32 sums do in either order, so an f32 spec that asks for it (Pillow's
/// presets do) takes the faster order: on an H200, Pillow's antialiased
/// lanczos3 f32 4K -> 224x224 took 330 µs on the separable path horizontal-first, 132 vertical-
/// first (BENCHMARKS.md tuning log item 55). Otherwise a horizontal shrink by 2 or more that
/// does not enlarge vertically goes second: each horizontal output reads a window of inputs along
/// the row, so neighbouring invocations read addresses `ratio` pixels apart, and the vertical
/// pass (whose neighbours read neighbouring pixels) shrinks the rows first. On an H200, 4K ->
/// 224x224 antialiased bicubic took 249 µs horizontal-first and 103 µs vertical-first (4K ->
/// 1080p: 107 -> 103). Everything else takes the smaller intermediate first.
pub(crate) fn pass_order(spec: &ResizeSpec) -> PassOrder {
    // (A sub-image's own size: the separable path reads it in place.)
    let (i, o) = (spec.resized_input(), spec.output());
    if spec.round_intermediate() && spec.element() != ElementType::F32 {
        return if spec.rounds_vertical_first() {
            PassOrder::YThenX
        } else {
            PassOrder::XThenY
        };
    }
    if i.width >= 2 * o.width && o.height <= i.height {
        return PassOrder::YThenX;
    }
    let x_first = i.height as u64 * o.width as u64;
    let y_first = o.height as u64 * i.width as u64;
    if x_first <= y_first {
        PassOrder::XThenY
    } else {
        PassOrder::YThenX
    }
}

/// Picks a path without measuring and without a device: the gather or the separable path
/// (whether the fused kernel fits depends on the device; [`heuristic_with_fused`] weighs it
/// too).
///
/// Supports of at most [`GATHER_MAX_TAPS`] taps per output (16 in Pillow's fixed point) take
/// the gather. Wider ones take the path that reads fewer inputs: gather reads
/// `taps_y · taps_x` inputs per output; separable reads `taps_x` per intermediate element plus
/// `taps_y` per output and writes and re-reads the intermediate.
pub fn heuristic(spec: &ResizeSpec) -> Plan {
    heuristic_with_fused(spec, false)
}

/// The largest shrink along either axis (input length over output length) for which
/// [`heuristic_with_fused`] picks the fused path. On an H200 the fused path was the fastest on
/// every f32 shape of more than 16 taps measured with shrinks up to 4 and on every enlargement
/// (lanczos3 and bicubic with antialias: 4K -> 1080p 73 µs against 87 gather and 102
/// separable; 1024² -> 256² 17 against 25 separable), and the separable path beyond (4K ->
/// 216x384: 88 against 120 fused; 4096² -> 512²: 152 against 213). BENCHMARKS.md, tuning log
/// item 90. RGBA u8 and f16 tensors measured alike (item 94): the fused path was the fastest or
/// within 2% on every shrink of more than 16 taps by at most 4 (1080p RGBA u8 antialiased
/// lanczos3 -> 960x540: 22.6 µs against 38.7 separable).
pub const FUSED_MAX_SHRINK: u32 = 4;

/// Beyond [`FUSED_MAX_SHRINK`], [`heuristic_with_fused`] still picks the fused path for
/// supports of at most this many taps along each axis. On an H200, antialiased bilinear
/// shrinks by 6, 8 and 10 (12 to 20 taps an axis) of 1080p and 4K RGBA ran fastest fused in 16
/// of 18 cases (f32 4K -> 384x216: 58.1 µs against 71.5 separable). Wider supports (24 to 60
/// taps) ran fastest on the separable path in 17 of 18 4K cases (f32 lanczos3 -> 640x360: 95.1
/// against 115.5 fused) but fused in 13 of 18 1080p cases, by up to 1.3x; the bound keeps
/// them separable (tuning log item 95).
pub const FUSED_MAX_AXIS_TAPS: u64 = 20;

/// The most taps per output for which [`heuristic`] takes the gather without counting reads
/// (outside Pillow's fixed point, where it is 16). On an H200, supports of 5x5 and 6x6 taps
/// ran faster on the gather than on the separable path though they read more inputs there
/// (NCHW f32 1080p antialiased bilinear -> 844x475: 19.6 µs against 27.0; lanczos3 x2:
/// 104.9 against 118.5; tuning log item 94); at 8x8 the two were within 10% either way.
pub const GATHER_MAX_TAPS: u64 = 36;

/// As [`heuristic`], told whether the fused kernel fits `spec` on the device at hand
/// ([`crate::Resizer::availability`]): where it fits, a spec of more than 16 taps per output
/// that shrinks neither axis by more than [`FUSED_MAX_SHRINK`], or has at most
/// [`FUSED_MAX_AXIS_TAPS`] along each, takes it, with premultiplied alpha or without, and so
/// does one of 16 taps (4x4: bicubic, antialiased bilinear by up to 2) that shrinks neither
/// axis by more than 2; NCHW planes only in the first case, and only where both axes shrink
/// (none enlarges) by at most [`FUSED_MAX_SHRINK`] with at most [`FUSED_MAX_AXIS_TAPS`] taps
/// along each. In
/// linear light, a spec of more than 4 taps per output that shrinks by at most
/// [`FUSED_MAX_SHRINK`] with at most [`FUSED_MAX_AXIS_TAPS`] along each axis takes it: its
/// sRGB decode per load made the gather slow from few taps on, and the fused path slow on wide
/// supports, where the separable path is faster. Not in Pillow's fixed point, where it was not
/// measured against the others.
///
/// On an H200 these rules picked the fastest path, or one within 1% of it, on all 63
/// linear-light shapes of a sweep (three filters, seven shapes, f32 and u8, with premultiplied
/// alpha or without), and on 20 of 21 premultiplied f32 and 17 of 21 premultiplied f16 ones;
/// without the fused path for colour conversions, on 24 and 15. The misses: a 4x4 bicubic
/// enlargement on the gather (1.11x the fused path's time in f32, 2.25x in f16) and f16
/// bilinear shrinks by 4 and 6 on the fused path (1.07x and 1.24x the gather's). BENCHMARKS.md,
/// tuning log item 100. Bicubic enlargements of RGBA by 1.1 to 3 (item 115) ran fused in at
/// most 1.035x the gather's time in f32, and faster from 1.1 to 1.5 (1080p -> 1620x2880: 45.3
/// µs against 47.9); in u8 and f16 at 0.65x to 0.87x. Shrinks of 4x4 taps kept the gather
/// then (up to 1.39x faster at 0.75 and 0.9 of 1080p and 4K), until the fused kernel took row
/// pairs wherever bands overlap (item 173). Measured again (item 177), 58 such RGBA shapes
/// from 256² to 4K, f32, u8 and f16: on the 34 of 4x4 taps shrinking by at most 2 along each
/// axis, the fused path was the fastest or within 5% on 33 (worst 1.12x: f16 4K -> 1080p, 39.2
/// µs against the gather's 35.3), the gather on 13 (up to 1.45x: 1024x1536 -> 768x1152, 25.1
/// against 17.3); on the 16 shrinking by more, the gather on all 16 within 6%, the fused path
/// up to 1.40x slower. On 26 shapes the rule was not fitted to, its choice was within 5% of
/// the fastest on 25, the gather's on 9.
///
/// A two-step resize ([`crate::ResizeSpecBuilder::reducing_gap`]) is planned as its second
/// stage, the resize of the reduced image (`fused_fits` then says whether the fused kernel fits
/// that stage); a reduction alone takes the gather path, the one that runs it.
pub fn heuristic_with_fused(spec: &ResizeSpec, fused_fits: bool) -> Plan {
    if let Some((_, resize)) = spec.stages() {
        return heuristic_with_fused(&resize, fused_fits).after_reduction(spec);
    }
    if spec.reduction_stage().is_some() {
        return Plan::reduction();
    }
    let (wy, wx) = AxisWeights::for_spec(spec);
    heuristic_for_tables(spec, &wy, &wx, fused_fits)
}

/// [`heuristic_with_fused`] for `spec`'s tables `(wy, wx)`, already computed (the resizer
/// computes them once to ask whether the fused kernel fits, and once is enough).
pub(crate) fn heuristic_for_tables(
    spec: &ResizeSpec,
    wy: &AxisWeights,
    wx: &AxisWeights,
    fused_fits: bool,
) -> Plan {
    let (ty, tx) = (wy.taps() as u64, wx.taps() as u64);
    if let Some(arithmetic) = spec.gather_arithmetic() {
        return Plan {
            path: Path::Gather,
            source: PlanSource::Heuristic,
            reason: format!("{} runs on the gather path alone", arithmetic.name()),
            candidates: Vec::new(),
        };
    }
    let (i, o) = (spec.input(), spec.output());
    // Whether neither axis shrinks by more than `factor`.
    let shrinks_at_most = |factor: u32| {
        let within =
            |input: u32, output: u32| u64::from(input) <= u64::from(factor) * u64::from(output);
        within(i.height, o.height) && within(i.width, o.width)
    };
    let moderate_shrink = shrinks_at_most(FUSED_MAX_SHRINK);
    let narrow = ty.max(tx) <= FUSED_MAX_AXIS_TAPS;
    let planes = spec.layout() == crate::spec::Layout::Nchw;
    let fused_reason = if !fused_fits || spec.fixed_point() {
        None
    } else if planes {
        // NCHW planes: on an H200 the fused path was the fastest on all 9 of 15 NCHW shapes
        // that this rule takes (1.5 to 34% faster than the next path) and slower on the 6 it
        // leaves (BENCHMARKS.md tuning log item 156). The planes' kernel is slow where an axis
        // enlarges (lanczos3 1080p -> 4K 242 µs against the separable path's 99, item 178),
        // and no faster than the separable path beyond 20 taps an axis (1080p -> 270x480, 24
        // taps: 28.2-28.4 against 28.2-28.3, item 179).
        let shrinks = o.height <= i.height && o.width <= i.width;
        (ty * tx > 16 && moderate_shrink && shrinks && narrow).then(|| format!(
            "{ty}x{tx} taps of NCHW planes, shrinking by at most {FUSED_MAX_SHRINK} with at most {FUSED_MAX_AXIS_TAPS} taps an axis: the fused path keeps the first axis's sums on chip"
        ))
    } else if spec.linear_light() {
        (ty * tx > 4 && moderate_shrink && narrow).then(|| format!(
            "{ty}x{tx} taps in linear light, shrinking by at most {FUSED_MAX_SHRINK} with at most {FUSED_MAX_AXIS_TAPS} taps an axis: the fused path decodes each input about once per band it falls in, the gather once per tap"
        ))
    } else if ty * tx > 16 && (moderate_shrink || narrow) {
        Some(format!(
            "{ty}x{tx} taps, shrinking by at most {FUSED_MAX_SHRINK} or at most {FUSED_MAX_AXIS_TAPS} taps an axis: the fused path keeps the first axis's sums on chip"
        ))
    } else if ty * tx >= 16 && shrinks_at_most(2) {
        Some(format!(
            "{ty}x{tx} taps, shrinking by at most 2: the fused path keeps the first axis's sums on chip"
        ))
    } else {
        None
    };
    if let Some(reason) = fused_reason {
        return Plan {
            path: Path::Fused,
            source: PlanSource::Heuristic,
            reason,
            candidates: Vec::new(),
        };
    }
    let out = spec.output_len() as u64;
    let order = pass_order(spec);
    let mid_pixels = match order {
        PassOrder::XThenY => i.height as u64 * o.width as u64,
        PassOrder::YThenX => o.height as u64 * i.width as u64,
    };
    let mid = mid_pixels * spec.batch() as u64 * spec.channels() as u64;
    let first_taps = match order {
        PassOrder::XThenY => tx,
        PassOrder::YThenX => ty,
    };
    let second_taps = ty + tx - first_taps;
    let gather_reads = out * ty * tx;
    // The intermediate is written once and read back: count it twice.
    let separable_reads = mid * (first_taps + 2) + out * second_taps;
    let vector_friendly = spec.vector_friendly();
    let gather_taps = if spec.fixed_point() {
        16
    } else {
        GATHER_MAX_TAPS
    };
    if ty * tx <= gather_taps || gather_reads <= separable_reads {
        Plan {
            path: Path::Gather,
            source: PlanSource::Heuristic,
            reason: format!(
                "{ty}x{tx} taps: gather reads {gather_reads} inputs, separable {separable_reads}{}",
                if vector_friendly {
                    " (vector loads)"
                } else {
                    ""
                }
            ),
            candidates: Vec::new(),
        }
    } else {
        Plan {
            path: Path::Separable,
            source: PlanSource::Heuristic,
            reason: format!(
                "{ty}x{tx} taps: separable reads {separable_reads} inputs, gather {gather_reads}"
            ),
            candidates: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{self, PillowFilter};
    use crate::spec::Size2;

    /// A two-step resize is planned as its second stage, whose reason says what the first
    /// does; a reduction alone takes the gather path; a gap that reduces nothing changes
    /// nothing.
    #[test]
    fn two_step_resizes_plan_their_second_stage() {
        let (input, output) = (Size2::new(2160, 3840), Size2::new(270, 480));
        let one_step = presets::pillow(input, output, PillowFilter::Bicubic).channels(3);
        let two_step = one_step.reducing_gap(Some(2.0)).build().unwrap();
        // Reduced by 4 to 540x960, then bicubic by 2: 8 taps an axis, not the one step's 32.
        let reduced = presets::pillow(Size2::new(540, 960), output, PillowFilter::Bicubic)
            .channels(3)
            .build()
            .unwrap();
        let plan = heuristic(&two_step);
        assert_eq!(plan.path, heuristic(&reduced).path);
        assert!(plan.reason.starts_with("8x8 taps"), "{}", plan.reason);
        assert!(
            plan.reason
                .ends_with("after Pillow's reduction by 4x4 to 540x960, on the gather path"),
            "{}",
            plan.reason
        );
        let alone = presets::pillow_reduce(input, Size2::new(4, 4), None)
            .unwrap()
            .build()
            .unwrap();
        assert_eq!(heuristic(&alone).path, Path::Gather);
        assert_eq!(heuristic(&alone).reason, REDUCTION_GATHER_ONLY);
        let no_reduction = presets::pillow(input, Size2::new(1500, 3000), PillowFilter::Bicubic)
            .reducing_gap(Some(2.0))
            .build()
            .unwrap();
        assert_eq!(no_reduction.reduction(), None);
        assert_eq!(
            heuristic(&no_reduction),
            heuristic(
                &no_reduction
                    .to_builder()
                    .reducing_gap(None)
                    .build()
                    .unwrap()
            )
        );
    }

    /// Where the fused kernel fits, the unmeasured choice is it exactly for supports of more
    /// than 16 taps shrinking by at most [`FUSED_MAX_SHRINK`] along each axis or having at most
    /// [`FUSED_MAX_AXIS_TAPS`] along each, and of 16 taps shrinking neither axis by more than
    /// 2, with premultiplied alpha or without (NCHW planes: more than 16 taps, both axes
    /// shrinking by at most [`FUSED_MAX_SHRINK`] with at most [`FUSED_MAX_AXIS_TAPS`] taps
    /// each), and in linear
    /// light for more than 4 taps shrinking by at most [`FUSED_MAX_SHRINK`] with at most
    /// [`FUSED_MAX_AXIS_TAPS`] along each axis; never in Pillow's fixed point; elsewhere it is
    /// what it is without the fused path.
    #[test]
    fn fused_is_the_unmeasured_choice_for_wide_supports_of_moderate_shrinks() {
        let uhd = Size2::new(2160, 3840);
        let torch = |input, output, mode, antialias| {
            presets::torch(
                input,
                presets::TorchOutput::Size(output),
                mode,
                false,
                antialias,
            )
            .unwrap()
            .channels(4)
        };
        let bicubic_aa = |output| torch(uhd, output, presets::TorchMode::Bicubic, true);
        let path = |builder: crate::spec::ResizeSpecBuilder, fits| {
            heuristic_with_fused(&builder.build().unwrap(), fits).path
        };
        let axis_taps = |builder: crate::spec::ResizeSpecBuilder| {
            let (wy, wx) = AxisWeights::for_spec(&builder.build().unwrap());
            (wy.taps(), wx.taps())
        };
        // 8x8 taps, x0.5: fused where it fits, the read count's choice where it does not.
        let half = Size2::new(1080, 1920);
        assert_eq!(path(bicubic_aa(half), true), Path::Fused);
        // NCHW planes take it for wide supports of moderate shrinks only: not for bicubic
        // enlargements, nor beyond a shrink by 4 with at most 20 taps an axis; and only with
        // at most 20 taps along each axis and no axis enlarged.
        let nchw = crate::spec::Layout::Nchw;
        let planes = bicubic_aa(half).channels(3).layout(nchw);
        assert_eq!(path(planes, true), Path::Fused);
        assert_ne!(path(planes, false), Path::Fused);
        let quarter = Size2::new(540, 960);
        assert_eq!(axis_taps(bicubic_aa(quarter)), (16, 16));
        let bicubic_quarter = bicubic_aa(quarter).channels(3).layout(nchw);
        assert_eq!(path(bicubic_quarter, true), Path::Fused);
        let lanczos_planes = |input, output| {
            torch(input, output, presets::TorchMode::Bicubic, true)
                .filter(crate::spec::Filter::Lanczos { lobes: 3 })
                .channels(3)
                .layout(nchw)
        };
        let (lanczos_half, lanczos_quarter) =
            (lanczos_planes(uhd, half), lanczos_planes(uhd, quarter));
        assert_eq!(axis_taps(lanczos_quarter), (24, 24));
        assert_eq!(path(lanczos_half, true), Path::Fused);
        assert_ne!(path(lanczos_quarter, true), Path::Fused);
        let lanczos_double = lanczos_planes(half, uhd);
        assert_eq!(axis_taps(lanczos_double), (6, 6));
        assert_ne!(path(lanczos_double, true), Path::Fused);
        assert_ne!(
            path(lanczos_planes(half, Size2::new(1620, 1440)), true),
            Path::Fused,
            "an axis enlarged"
        );
        let enlarge = torch(
            half,
            Size2::new(2160, 3840),
            presets::TorchMode::Bicubic,
            false,
        );
        assert_eq!(path(enlarge, true), Path::Fused);
        assert_ne!(path(enlarge.channels(3).layout(nchw), true), Path::Fused);
        let tenth = torch(
            Size2::new(1080, 1920),
            Size2::new(108, 192),
            presets::TorchMode::Bilinear,
            true,
        );
        assert_eq!(path(tenth, true), Path::Fused);
        assert_ne!(path(tenth.channels(3).layout(nchw), true), Path::Fused);
        assert_eq!(
            path(bicubic_aa(half), false),
            heuristic(&bicubic_aa(half).build().unwrap()).path
        );
        assert_ne!(path(bicubic_aa(half), false), Path::Fused);
        // Shrinks of exactly 4 take it; beyond 4 along either axis, with more than 20 taps
        // there, they do not.
        assert_eq!(path(bicubic_aa(Size2::new(540, 960)), true), Path::Fused);
        assert_eq!(axis_taps(bicubic_aa(Size2::new(431, 960))).0, 21);
        assert_eq!(
            path(bicubic_aa(Size2::new(431, 960)), true),
            Path::Separable
        );
        assert_eq!(axis_taps(bicubic_aa(Size2::new(1080, 767))).1, 21);
        assert_ne!(path(bicubic_aa(Size2::new(1080, 767)), true), Path::Fused);
        assert_ne!(path(bicubic_aa(Size2::new(224, 224)), true), Path::Fused);
        // Beyond a shrink by 4, supports of at most 20 taps an axis take it: antialiased
        // bilinear by 10 has 20, bicubic by 6 has 24.
        let torch1080 = |output, mode| torch(Size2::new(1080, 1920), output, mode, true);
        let tenth = torch1080(Size2::new(108, 192), presets::TorchMode::Bilinear);
        assert_eq!(path(tenth, true), Path::Fused);
        let eleventh = torch1080(Size2::new(98, 174), presets::TorchMode::Bilinear);
        assert_ne!(path(eleventh, true), Path::Fused);
        let sixth = torch1080(Size2::new(180, 320), presets::TorchMode::Bicubic);
        assert_ne!(path(sixth, true), Path::Fused);
        // Enlargements of wide supports take it too (lanczos3 of 6x6 taps).
        let lanczos = presets::pillow(
            Size2::new(64, 96),
            Size2::new(256, 384),
            PillowFilter::Lanczos,
        )
        .channels(4)
        .round_intermediate(false);
        assert_eq!(path(lanczos, true), Path::Fused);
        // 16 taps (bicubic without antialias) take the fused path where neither axis shrinks
        // by more than 2, and stay on the gather beyond, as do fewer taps (bilinear, an axis
        // kept at its size, a bicubic shrink by an odd factor, whose one tap is an input).
        let bicubic = |input, output| torch(input, output, presets::TorchMode::Bicubic, false);
        assert_eq!(path(bicubic(uhd, half), true), Path::Fused);
        assert_eq!(path(bicubic(uhd, half), false), Path::Gather);
        assert_eq!(
            path(bicubic(uhd, Size2::new(1620, 2880)), true),
            Path::Fused
        );
        assert_eq!(
            path(bicubic(uhd, Size2::new(1079, 1920)), true),
            Path::Gather
        );
        assert_eq!(path(bicubic(uhd, Size2::new(540, 960)), true), Path::Gather);
        assert_eq!(axis_taps(bicubic(uhd, Size2::new(720, 1280))), (1, 1));
        assert_eq!(
            path(bicubic(uhd, Size2::new(720, 1280)), true),
            Path::Gather
        );
        // From 1080x1920: both axes enlarged, the height enlarged while the width shrinks by
        // at most 2, and the height shrunk by more while the width is enlarged; only the width
        // or only the height resized (4 taps).
        let both = Size2::new(1620, 2880);
        let (mixed, past_half) = (Size2::new(1620, 1440), Size2::new(432, 2880));
        let (wide, tall) = (Size2::new(1080, 2880), Size2::new(1620, 1920));
        assert_eq!(path(bicubic(half, both), true), Path::Fused);
        assert_eq!(path(bicubic(half, both), false), Path::Gather);
        assert_eq!(path(bicubic(half, mixed), true), Path::Fused);
        for output in [past_half, wide, tall] {
            assert_eq!(
                path(bicubic(half, output), true),
                Path::Gather,
                "{output:?}"
            );
        }
        let enlarge_bilinear = torch(half, uhd, presets::TorchMode::Bilinear, false);
        assert_eq!(path(enlarge_bilinear, true), Path::Gather);
        let bilinear_aa_from_512 = |output| {
            torch(
                Size2::new(512, 512),
                output,
                presets::TorchMode::Bilinear,
                true,
            )
        };
        let bilinear_aa = bilinear_aa_from_512(Size2::new(256, 256));
        // Antialiased bilinear by 2 has 4x4 taps: the fused path, as bicubic; by 1.5, 3x3 taps
        // and the gather.
        assert_eq!(axis_taps(bilinear_aa), (4, 4));
        assert_eq!(path(bilinear_aa, true), Path::Fused);
        let bilinear_two_thirds = bilinear_aa_from_512(Size2::new(342, 342));
        assert_eq!(axis_taps(bilinear_two_thirds), (3, 3));
        assert_eq!(path(bilinear_two_thirds, true), Path::Gather);
        // 5x5 taps (the ML batch's 512² -> 224²) take it.
        let batch = torch(
            Size2::new(512, 512),
            Size2::new(224, 224),
            presets::TorchMode::Bilinear,
            true,
        )
        .batch(32);
        assert_eq!(path(batch, true), Path::Fused);
        // u8 and f16 storage too (u8 in floats, not PyTorch's 8-bit fixed point, which takes
        // Pillow's rule), and premultiplied alpha by the same rule.
        for element in [ElementType::F16, ElementType::U8] {
            let floats =
                |b: crate::spec::ResizeSpecBuilder| b.element(element).torch_fixed_point(false);
            assert_eq!(path(floats(bicubic_aa(half)), true), Path::Fused);
            let premultiplied = floats(bicubic_aa(half)).premultiplied_alpha(true);
            assert_eq!(path(premultiplied, true), Path::Fused);
        }
        let sixth_size = Size2::new(360, 640);
        let alpha = |builder: crate::spec::ResizeSpecBuilder| builder.premultiplied_alpha(true);
        assert_eq!(path(alpha(bilinear_aa), true), Path::Fused);
        assert_eq!(path(alpha(bilinear_two_thirds), true), Path::Gather);
        assert_eq!(path(alpha(bicubic_aa(sixth_size)), true), Path::Separable);
        // Linear light: from 5 taps per output (the 2x antialiased bilinear shrink's 16 here),
        // while shrinking by at most 4 with at most 20 taps an axis; not a 2x2 enlargement,
        // not 24 taps an axis (lanczos3 by 4), not a shrink by 6 even of 12 taps.
        let linear = |builder: crate::spec::ResizeSpecBuilder| builder.linear_light(true);
        assert_eq!(path(linear(bicubic_aa(half)), true), Path::Fused);
        let linear_u8 = bicubic_aa(half).element(ElementType::U8).linear_light(true);
        assert_eq!(path(linear_u8, true), Path::Fused);
        assert_eq!(path(linear(bilinear_aa), true), Path::Fused);
        let enlarge = torch(
            Size2::new(540, 960),
            half,
            presets::TorchMode::Bilinear,
            false,
        );
        assert_eq!(path(linear(enlarge), true), Path::Gather);
        let lanczos_quarter = presets::pillow(uhd, Size2::new(540, 960), PillowFilter::Lanczos)
            .channels(4)
            .round_intermediate(false);
        let (wy, _) = AxisWeights::for_spec(&lanczos_quarter.build().unwrap());
        assert_eq!(wy.taps(), 24);
        assert_eq!(path(lanczos_quarter, true), Path::Fused);
        assert_ne!(path(linear(lanczos_quarter), true), Path::Fused);
        let bilinear_sixth = torch(uhd, sixth_size, presets::TorchMode::Bilinear, true);
        assert_eq!(path(bilinear_sixth, true), Path::Fused);
        assert_ne!(path(linear(bilinear_sixth), true), Path::Fused);
        assert_ne!(path(linear(bicubic_aa(half)), false), Path::Fused);
        let fixed = presets::pillow(uhd, half, PillowFilter::Bicubic)
            .channels(4)
            .element(ElementType::U8);
        assert!(fixed.build().unwrap().fixed_point());
        assert_ne!(path(fixed, true), Path::Fused);
    }

    /// Without the fused path: supports up to 6x6 taps gather, wider ones go by their reads,
    /// and Pillow's fixed point gathers only up to 16 taps.
    #[test]
    fn supports_up_to_36_taps_gather() {
        let nchw = |output, mode| {
            presets::torch(
                Size2::new(1080, 1920),
                presets::TorchOutput::Size(output),
                mode,
                false,
                true,
            )
            .unwrap()
            .channels(3)
            .layout(crate::spec::Layout::Nchw)
            .build()
            .unwrap()
        };
        let taps = |spec: &ResizeSpec| {
            let (wy, wx) = AxisWeights::for_spec(spec);
            wy.taps() * wx.taps()
        };
        // Antialiased bilinear to 475x844: 5x5 taps, more reads on the gather than separable.
        let five = nchw(Size2::new(475, 844), presets::TorchMode::Bilinear);
        assert_eq!(taps(&five), 25);
        assert_eq!(heuristic(&five).path, Path::Gather);
        // Lanczos3 x2: 6x6 taps.
        let lanczos = presets::pillow(
            Size2::new(64, 96),
            Size2::new(128, 192),
            PillowFilter::Lanczos,
        )
        .channels(3)
        .round_intermediate(false)
        .build()
        .unwrap();
        assert_eq!(taps(&lanczos), 36);
        assert_eq!(heuristic(&lanczos).path, Path::Gather);
        // Antialiased bicubic to 270x480: 16x16 taps, fewer reads separable.
        let wide = nchw(Size2::new(270, 480), presets::TorchMode::Bicubic);
        assert!(taps(&wide) > 36);
        assert_eq!(heuristic(&wide).path, Path::Separable);
        // The same 5x5 in Pillow's fixed point goes by its reads.
        let fixed = presets::pillow(
            Size2::new(1080, 1920),
            Size2::new(475, 844),
            PillowFilter::Bilinear,
        )
        .channels(3)
        .element(ElementType::U8)
        .build()
        .unwrap();
        assert!(fixed.fixed_point());
        assert!((17..=36).contains(&taps(&fixed)), "{}", taps(&fixed));
        assert_eq!(heuristic(&fixed).path, Path::Separable);
    }

    /// Pillow's presets round between passes: horizontal first for u8 and f16, whose rounding
    /// changes the values, but not for f32, which takes the faster order like any other f32
    /// spec.
    #[test]
    fn rounding_fixes_the_order_only_below_f32() {
        let order = |element| {
            let spec = presets::pillow(
                Size2::new(2160, 3840),
                Size2::new(224, 224),
                PillowFilter::Lanczos,
            )
            .element(element)
            .build()
            .unwrap();
            assert!(spec.round_intermediate());
            pass_order(&spec)
        };
        assert_eq!(order(ElementType::F32), PassOrder::YThenX);
        assert_eq!(order(ElementType::F16), PassOrder::XThenY);
        assert_eq!(order(ElementType::U8), PassOrder::XThenY);
    }

    /// Each Pillow release's rule for which pass runs first, on both sides of its bounds, and
    /// the separable order that follows it on u8 (f16 keeps the horizontal pass first).
    #[test]
    fn rounding_orders_follow_each_pillow_release() {
        use crate::spec::RoundingOrder;
        // (input, output, Pillow 12 vertical first, Pillow 13 vertical first)
        let shapes = [
            ((40, 12), (10, 20), false, true), // the height shrinks, the width grows
            ((50, 40), (20, 25), false, false), // 30 rows lost, twice 15 columns
            ((51, 40), (20, 25), false, true), // 31 rows lost
            ((30, 30), (40, 20), false, false), // the height grows
            ((200, 2), (100, 3), false, true), // exactly 100 times as tall
            ((201, 2), (100, 3), true, true),  // over 100 times as tall
            ((301, 3), (299, 1), true, false), // 2 rows lost, 2 columns
            ((301, 3), (301, 1), false, false), // the height kept
        ];
        for ((ih, iw), (oh, ow), v12, v13) in shapes {
            let (input, output) = (Size2::new(ih, iw), Size2::new(oh, ow));
            assert!(!RoundingOrder::HorizontalFirst.vertical_first(input, output));
            assert_eq!(RoundingOrder::Pillow12.vertical_first(input, output), v12);
            assert_eq!(RoundingOrder::Pillow13.vertical_first(input, output), v13);
            let spec = |element, order| {
                presets::pillow(input, output, PillowFilter::Bicubic)
                    .element(element)
                    .rounding_order(order)
                    .build()
                    .unwrap()
            };
            let u8_order = pass_order(&spec(ElementType::U8, RoundingOrder::Pillow13));
            let expected = if v13 {
                PassOrder::YThenX
            } else {
                PassOrder::XThenY
            };
            assert_eq!(u8_order, expected, "{input:?} -> {output:?}");
            assert!(spec(ElementType::U8, RoundingOrder::Pillow13).rounds_vertical_first() == v13);
            let f16 = spec(ElementType::F16, RoundingOrder::Pillow13);
            assert!(!f16.rounds_vertical_first());
            assert_eq!(pass_order(&f16), PassOrder::XThenY);
        }
        // Nearest neighbours round nothing, so no order is taken for them.
        let nearest = presets::pillow(
            Size2::new(40, 12),
            Size2::new(10, 20),
            PillowFilter::Nearest,
        )
        .element(ElementType::U8)
        .build()
        .unwrap();
        assert!(nearest.fixed_point() && !nearest.rounds_vertical_first());
        // PyTorch's fixed point keeps its horizontal-first order whatever is asked.
        let torch = presets::torch(
            Size2::new(40, 12),
            presets::TorchOutput::Size(Size2::new(10, 20)),
            presets::TorchMode::Bilinear,
            false,
            true,
        )
        .unwrap()
        .element(ElementType::U8)
        .rounding_order(RoundingOrder::Pillow13)
        .build()
        .unwrap();
        assert!(torch.torch_fixed_point() && !torch.rounds_vertical_first());
        assert_eq!(pass_order(&torch), PassOrder::XThenY);
        // The preset takes Pillow 13's order.
        let preset = presets::pillow(
            Size2::new(40, 12),
            Size2::new(10, 20),
            PillowFilter::Lanczos,
        )
        .element(ElementType::U8)
        .build()
        .unwrap();
        assert_eq!(preset.rounding_order(), RoundingOrder::Pillow13);
    }
}
