//! How many output columns each fused tile takes for a spec: the count the caller pinned, the
//! one tuning found fastest, or the kernel's own (`filled_columns` in `fused_fit.rs`).
//!
//! The fused kernel's time moves with its tile's columns in steps that no count of its work
//! predicts, and that differ from kernel to kernel and, presumably, from driver to driver
//! (BENCHMARKS.md tuning log item 171: on the H200 a column fewer took 10 µs off one shrink and
//! added 2 to another). So where tuning times the fused path it times a few counts
//! (`fused_column_candidates`) and keeps the fastest, for that spec in memory and, with the
//! widths it was timed at, in the tuning decision, where a later resizer reading the file finds
//! it when it plans the spec. The outputs are the same for every count: each output's sums run
//! in the same order.
//!
//! A choice is kept per route's kernels ([`FusedKernels`]): a kernel that reads a texture or
//! writes one runs other loads and stores than the same spec between buffers, so each route's
//! tuning times its own counts.

use std::sync::Mutex;

use super::fused_fit::{fused_column_candidates, fused_fits, fused_tile};
use super::planner::Route;
use super::{DirectEnds, Resizer, lock};
use crate::error::ResizeError;
use crate::plan::Path;
use crate::spec::ResizeSpec;
use crate::timing::Samples;
use crate::tune::{CandidateTime, Decision, TileColumns};
use crate::weights::AxisWeights;

/// The fused kernels that a resize on some route runs: the spec they compute (for a texture
/// into a tensor of fewer channels, the same resize of RGBA pixels) and what their first pass
/// reads and last pass writes in place of the spec's buffers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct FusedKernels {
    pub(super) spec: ResizeSpec,
    pub(super) ends: DirectEnds,
}

impl FusedKernels {
    /// The kernels of `spec` between buffers: for a resize of two stages, those of its second,
    /// the one the fused path runs.
    pub(super) fn between_buffers(spec: &ResizeSpec) -> Self {
        FusedKernels {
            spec: super::two_steps(spec).map_or(*spec, |(_, resize)| resize),
            ends: DirectEnds::default(),
        }
    }
}

/// Specs whose fused tiles take a count of columns other than the kernel's own choice, or the
/// same count confirmed by measuring: the latest few, pinned ones kept first.
#[derive(Debug, Default)]
pub(super) struct ColumnChoices {
    entries: Mutex<Vec<ColumnChoice>>,
}

#[derive(Clone, Copy, Debug)]
struct ColumnChoice {
    kernels: FusedKernels,
    columns: u32,
    /// Set by [`Resizer::pin_fused_columns`]: the count of the spec's kernels on every route
    /// (whatever `kernels.ends` says), and the only one tuning times.
    pinned: bool,
}

impl ColumnChoice {
    fn serves(&self, kernels: &FusedKernels) -> bool {
        self.kernels.spec == kernels.spec && (self.pinned || self.kernels.ends == kernels.ends)
    }
}

/// How much faster than the best so far (the kernel's own count first) another count must
/// time in tuning to be kept: tuning's short timings scatter by about that much, and a count
/// whose time scatters can win them where it is no faster. H200: the ML batch's tiles of 52
/// columns beat its own 54 in one tuning and then took 52.0 µs in the bench where 54 takes
/// 51.0 (BENCHMARKS.md tuning log item 171); the counts that pay gain 1.5% (lanczos3 4K ->
/// 1080p) to 11%.
const CLEARLY_FASTER: f64 = 0.01;

/// Most measured choices kept in memory (pinned ones are never dropped); the tuning decisions
/// keep the rest.
const MEASURED_CAPACITY: usize = 1024;

impl ColumnChoices {
    /// The choice for `kernels`: a pin of their spec first, else what was measured for them.
    fn get(&self, kernels: &FusedKernels) -> Option<ColumnChoice> {
        let entries = lock(&self.entries);
        let mut measured = None;
        for choice in entries.iter().filter(|c| c.serves(kernels)) {
            if choice.pinned {
                return Some(*choice);
            }
            measured.get_or_insert(*choice);
        }
        measured
    }

    /// Keeps `choice`; a pin replaces every choice for its spec.
    fn set(&self, choice: ColumnChoice) {
        let mut entries = lock(&self.entries);
        entries.retain(|c| !choice.serves(&c.kernels));
        if entries.len() >= MEASURED_CAPACITY
            && let Some(oldest) = entries.iter().position(|c| !c.pinned)
        {
            entries.remove(oldest);
        }
        entries.push(choice);
    }

    /// Drops the pin of `spec`, if any.
    fn unpin(&self, spec: &ResizeSpec) {
        lock(&self.entries).retain(|c| !(c.pinned && c.kernels.spec == *spec));
    }

    /// Drops what was measured for `kernels`.
    fn forget_measured(&self, kernels: &FusedKernels) {
        lock(&self.entries).retain(|c| c.pinned || !c.serves(kernels));
    }
}

impl Resizer {
    /// The output columns per fused tile that tuning times for `spec`, the fused kernel's own
    /// choice first; any of them (or another count the tile takes) can be pinned with
    /// [`Resizer::pin_fused_columns`]. An error where the fused path cannot run `spec`.
    pub fn fused_column_candidates(&self, spec: &ResizeSpec) -> Result<Vec<u32>, ResizeError> {
        let (wy, wx) = AxisWeights::for_spec(spec);
        let limits = self.device.limits();
        let tile = fused_fits(spec, &wy, &wx, &limits)
            .map_err(|why| ResizeError::PathUnavailable { path: "fused", why })?;
        Ok(fused_column_candidates(spec, &tile, &limits))
    }

    /// Makes the fused path run `spec` with `columns` output columns per tile from the next
    /// resize on, on every route whose kernels run `spec` (between buffers, from a texture,
    /// into one), whatever tuning measured (which then times only this count); `None` gives
    /// the choice back to tuning and the kernel. A texture resized into a tensor of fewer
    /// channels, or of planes, runs the kernels of the same resize of RGBA pixels (they store
    /// the tensor's channels themselves): a pin of the tensor's spec does not reach them, and
    /// tuning times their columns on that route. (Where the fused path cannot fit those, the
    /// route runs the tensor's own kernels on a staged copy of the texture, which the pin
    /// does reach.) The count must be one the tile can take: from
    /// 1 to its lanes (a multiple of 4 up to 4 per lane for NCHW planes); Pillow's fixed point
    /// takes only its lanes. A typed error otherwise, and where the fused path cannot run
    /// `spec`.
    pub fn pin_fused_columns(
        &self,
        spec: &ResizeSpec,
        columns: Option<u32>,
    ) -> Result<(), ResizeError> {
        let choices = &self.planner.fused_columns;
        let Some(columns) = columns else {
            choices.unpin(spec);
            return Ok(());
        };
        let (wy, wx) = AxisWeights::for_spec(spec);
        let limits = self.device.limits();
        let tile = fused_tile(spec, &wy, &wx, &limits, Some(columns))
            .map_err(|why| ResizeError::PathUnavailable { path: "fused", why })?;
        if tile.columns != columns {
            let allowed = if spec.fixed_point() {
                format!(
                    "exactly {} (Pillow's fixed point: one output column per lane)",
                    tile.width
                )
            } else if tile.planar {
                format!("a multiple of 4 from 4 to {} (NCHW planes)", 4 * tile.width)
            } else {
                format!("from 1 to {}", tile.width)
            };
            return Err(ResizeError::Argument {
                which: "columns",
                why: format!(
                    "is {columns}; this spec's fused tiles have {} lanes and take {allowed} \
                     output columns (and few enough tiles across for the device's grid)",
                    tile.width
                ),
            });
        }
        choices.set(ColumnChoice {
            kernels: FusedKernels::between_buffers(spec),
            columns,
            pinned: true,
        });
        Ok(())
    }

    /// The columns the fused tiles of `kernels` take where the kernel's own choice is not it:
    /// pinned, measured, or adopted from a tuning decision by this resizer. A lookup on every
    /// encode of the fused path, so nothing more: computing the spec's tuning key there (its
    /// weight tables) cost 100 µs of CPU an encode, and on an H200 a stream of ten 1080p
    /// frames into 3x360x640 tensors took 35 µs a frame instead of 10 (BENCHMARKS.md tuning
    /// log item 171). (`fused_tile` falls back to the kernel's own where a count no longer
    /// serves.)
    pub(super) fn fused_columns_for(&self, kernels: &FusedKernels) -> Option<u32> {
        self.planner
            .fused_columns
            .get(kernels)
            .map(|choice| choice.columns)
    }

    /// The fused kernels that `spec` runs on `route`: for a texture into a tensor, those that
    /// read the texture themselves where the fused path fits them, else the buffers' (the
    /// staged route, which `direct_tensor` takes where they do not fit: tensor planes of
    /// three channels can fit where the same resize of RGBA pixels does not).
    pub(super) fn fused_kernels(&self, spec: &ResizeSpec, route: Route) -> FusedKernels {
        match route {
            Route::Buffers => FusedKernels::between_buffers(spec),
            Route::TextureToTensor(format) => match self.direct_form(spec, format) {
                Some((kernel_spec, tensor))
                    if self.availability(&kernel_spec, Path::Fused).is_ok() =>
                {
                    FusedKernels {
                        spec: kernel_spec,
                        ends: DirectEnds::from_texture(format, tensor),
                    }
                }
                _ => FusedKernels::between_buffers(spec),
            },
            Route::TensorToTexture(format) => FusedKernels {
                spec: *spec,
                ends: DirectEnds::into_texture(format),
            },
        }
    }

    /// Takes the fused tile's columns that `decision` (found for `kernels`' route in the tuning
    /// cache) measured, where they were measured at the spec's widths and nothing is pinned or
    /// measured for `kernels` in this resizer.
    pub(super) fn adopt_fused_columns(&self, kernels: &FusedKernels, decision: &Decision) {
        let choices = &self.planner.fused_columns;
        if choices.get(kernels).is_some() {
            return;
        }
        let spec = &kernels.spec;
        let measured = decision
            .candidates
            .iter()
            .find(|c| c.path == Path::Fused)
            .and_then(|c| c.tile)
            .filter(|tile| {
                tile.input_width == spec.input().width && tile.output_width == spec.output().width
            });
        if let Some(tile) = measured {
            choices.set(ColumnChoice {
                kernels: *kernels,
                columns: tile.columns,
                pinned: false,
            });
            // Resources prepared at the kernel's own count before (a resize that asked for the
            // fused path by name) no resize will take again.
            self.forget_other_fused_tiles(kernels, Some(tile.columns));
        }
    }

    /// Times the fused path of `kernels` at each of its candidate column counts (only the
    /// pinned one where the caller pinned one) with `time`, which times one resize on the
    /// fused path of the route that runs `kernels`; keeps the fastest for `kernels`, and
    /// reports that count's time with it. While it times, a resize of the same kernels on the
    /// fused path elsewhere may run any of the candidates, all of which compute the same
    /// outputs.
    pub(super) fn time_fused_columns(
        &self,
        kernels: &FusedKernels,
        mut time: impl FnMut() -> Result<Samples, ResizeError>,
    ) -> CandidateTime {
        let spec = &kernels.spec;
        let choices = &self.planner.fused_columns;
        let pinned = choices.get(kernels).filter(|c| c.pinned);
        let candidates = match (pinned, self.fused_column_candidates(spec)) {
            (Some(pin), _) => vec![pin.columns],
            (None, Ok(candidates)) => candidates,
            (None, Err(e)) => return CandidateTime::from_timing(Path::Fused, Err(e)),
        };
        let mut best: Option<(u32, CandidateTime)> = None;
        for columns in candidates {
            if pinned.is_none() {
                choices.set(ColumnChoice {
                    kernels: *kernels,
                    columns,
                    pinned: false,
                });
            }
            let candidate = CandidateTime::from_timing(Path::Fused, time());
            // The kernel's own count (timed first) gives way only to a clearly faster one.
            let faster = match (&best, candidate.median_us) {
                (None, _) => true,
                (Some((_, b)), Some(t)) => {
                    b.median_us.is_none_or(|bt| t < bt * (1.0 - CLEARLY_FASTER))
                }
                (Some(_), None) => false,
            };
            if faster {
                best = Some((columns, candidate));
            }
        }
        let (columns, mut candidate) = best.expect("the fused path has at least one candidate");
        let kept = match pinned {
            Some(pin) => Some(pin.columns),
            None if candidate.median_us.is_some() => {
                choices.set(ColumnChoice {
                    kernels: *kernels,
                    columns,
                    pinned: false,
                });
                Some(columns)
            }
            None => {
                choices.forget_measured(kernels);
                None
            }
        };
        // The other counts' tables and parameter blocks (their pipelines stay cached).
        self.forget_other_fused_tiles(kernels, kept);
        if candidate.median_us.is_some() {
            candidate.tile = Some(TileColumns {
                columns,
                input_width: spec.input().width,
                output_width: spec.output().width,
            });
        }
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Size2;

    fn spec(width: u32) -> ResizeSpec {
        ResizeSpec::builder(Size2::new(8, width), Size2::new(4, width / 2))
            .channels(4)
            .build()
            .unwrap()
    }

    fn from_texture(spec: &ResizeSpec) -> FusedKernels {
        FusedKernels {
            spec: *spec,
            ends: DirectEnds::from_texture(wgpu::TextureFormat::Rgba8Unorm, None),
        }
    }

    fn measured(kernels: FusedKernels, columns: u32) -> ColumnChoice {
        ColumnChoice {
            kernels,
            columns,
            pinned: false,
        }
    }

    fn columns(choices: &ColumnChoices, kernels: &FusedKernels) -> Option<u32> {
        choices.get(kernels).map(|c| c.columns)
    }

    /// Each route's kernels keep their own measured count; a pin of the spec serves every
    /// route and replaces what was measured; unpinning drops the pin alone.
    #[test]
    fn routes_keep_their_own_counts_and_a_pin_serves_them_all() {
        let choices = ColumnChoices::default();
        let (a, b) = (spec(128), spec(256));
        let buffers = FusedKernels::between_buffers(&a);
        let texture = from_texture(&a);
        choices.set(measured(buffers, 56));
        choices.set(measured(texture, 52));
        choices.set(measured(FusedKernels::between_buffers(&b), 48));
        assert_eq!(columns(&choices, &buffers), Some(56));
        assert_eq!(columns(&choices, &texture), Some(52));
        // Measuring again replaces the route's own count alone.
        choices.set(measured(texture, 61));
        assert_eq!(columns(&choices, &texture), Some(61));
        assert_eq!(columns(&choices, &buffers), Some(56));

        choices.set(ColumnChoice {
            kernels: buffers,
            columns: 40,
            pinned: true,
        });
        assert_eq!(columns(&choices, &buffers), Some(40));
        assert_eq!(columns(&choices, &texture), Some(40));
        assert_eq!(
            columns(&choices, &FusedKernels::between_buffers(&b)),
            Some(48),
            "another spec keeps its count"
        );
        choices.unpin(&a);
        assert_eq!(columns(&choices, &buffers), None);
        assert_eq!(columns(&choices, &texture), None);

        choices.set(measured(buffers, 56));
        choices.set(measured(texture, 52));
        choices.forget_measured(&texture);
        assert_eq!(columns(&choices, &texture), None);
        assert_eq!(columns(&choices, &buffers), Some(56));

        // A count measured for a route after a pin does not displace the pin.
        choices.set(ColumnChoice {
            kernels: buffers,
            columns: 40,
            pinned: true,
        });
        choices.set(measured(texture, 52));
        assert_eq!(columns(&choices, &texture), Some(40));
    }
}
