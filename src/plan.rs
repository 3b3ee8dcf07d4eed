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
    /// costs `taps_y + taps_x` reads. Best for wide supports.
    Separable,
    /// One dispatch; each workgroup runs one axis's taps from device memory into workgroup
    /// memory and the other's from there, so the intermediate never leaves the chip. For NHWC
    /// tensors with channels a multiple of 4 whose first-axis sums fit (moderate shrinks and
    /// supports).
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

/// Order of a separable resize's two passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PassOrder {
    /// Horizontal first; the intermediate is `in_h × out_w`.
    XThenY,
    /// Vertical first; the intermediate is `out_h × in_w`.
    YThenX,
}

/// The separable order. Rounding between passes to u8 or f16 is defined for horizontal-first
/// (Pillow's order). Rounding to f32 is what f32 sums do in either order, so an f32 spec that
/// asks for it (Pillow's presets do) takes the faster order: on an H200, Pillow's antialiased
/// lanczos3 f32 4K -> 224x224 took 330 µs on the separable path horizontal-first, 132 vertical-
/// first (BENCHMARKS.md tuning log item 55). Otherwise a horizontal shrink by 2 or more that
/// does not enlarge vertically goes second: each horizontal output reads a window of inputs along
/// the row, so neighbouring invocations read addresses `ratio` pixels apart, and the vertical
/// pass (whose neighbours read neighbouring pixels) shrinks the rows first. On an H200, 4K ->
/// 224x224 antialiased bicubic took 249 µs horizontal-first and 103 µs vertical-first (4K ->
/// 1080p: 107 -> 103). Everything else takes the smaller intermediate first.
pub(crate) fn pass_order(spec: &ResizeSpec) -> PassOrder {
    let (i, o) = (spec.input(), spec.output());
    if spec.round_intermediate() && spec.element() != ElementType::F32 {
        return PassOrder::XThenY;
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

/// Picks a path without measuring, from the reads each path makes per output.
///
/// Gather reads `taps_y · taps_x` inputs per output; separable reads `taps_x` per intermediate
/// element plus `taps_y` per output and writes and re-reads the intermediate. Small supports
/// (nearest, bilinear, bicubic) favour the single dispatch.
pub fn heuristic(spec: &ResizeSpec) -> Plan {
    let (wy, wx) = AxisWeights::for_spec(spec);
    let (ty, tx) = (wy.taps() as u64, wx.taps() as u64);
    let out = spec.output_len() as u64;
    let (i, o) = (spec.input(), spec.output());
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
    if ty * tx <= 16 || gather_reads <= separable_reads {
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
}
