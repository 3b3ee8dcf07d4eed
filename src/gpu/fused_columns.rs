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

use std::sync::Mutex;

use super::fused_fit::{fused_column_candidates, fused_fits, fused_tile};
use super::{Resizer, lock};
use crate::error::ResizeError;
use crate::plan::Path;
use crate::spec::ResizeSpec;
use crate::timing::{TimingMethod, time_resize};
use crate::tune::{CandidateTime, Decision, TileColumns};
use crate::weights::AxisWeights;

/// Specs whose fused tiles take a count of columns other than the kernel's own choice, or the
/// same count confirmed by measuring: the latest few, pinned ones kept first.
#[derive(Debug, Default)]
pub(super) struct ColumnChoices {
    entries: Mutex<Vec<ColumnChoice>>,
}

#[derive(Clone, Copy, Debug)]
struct ColumnChoice {
    spec: ResizeSpec,
    columns: u32,
    /// Set by [`Resizer::pin_fused_columns`]: tuning times only this count.
    pinned: bool,
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
    fn get(&self, spec: &ResizeSpec) -> Option<ColumnChoice> {
        lock(&self.entries)
            .iter()
            .find(|c| c.spec == *spec)
            .copied()
    }

    fn set(&self, choice: ColumnChoice) {
        let mut entries = lock(&self.entries);
        entries.retain(|c| c.spec != choice.spec);
        if entries.len() >= MEASURED_CAPACITY
            && let Some(oldest) = entries.iter().position(|c| !c.pinned)
        {
            entries.remove(oldest);
        }
        entries.push(choice);
    }

    fn remove(&self, spec: &ResizeSpec) {
        lock(&self.entries).retain(|c| c.spec != *spec);
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
    /// resize on, whatever tuning measured (which then times only this count); `None` gives the
    /// choice back to tuning and the kernel. The count must be one the tile can take: from 1 to
    /// its lanes (a multiple of 4 up to 4 per lane for NCHW planes); Pillow's fixed point takes
    /// only its lanes. A typed error otherwise, and where the fused path cannot run `spec`.
    pub fn pin_fused_columns(
        &self,
        spec: &ResizeSpec,
        columns: Option<u32>,
    ) -> Result<(), ResizeError> {
        let choices = &self.planner.fused_columns;
        let Some(columns) = columns else {
            choices.remove(spec);
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
            spec: *spec,
            columns,
            pinned: true,
        });
        Ok(())
    }

    /// The columns the fused path's tiles take for `spec` where the kernel's own choice is not
    /// it: pinned, measured, or adopted from a tuning decision by this resizer. A lookup on
    /// every encode of the fused path, so nothing more: computing the spec's tuning key there
    /// (its weight tables) cost 100 µs of CPU an encode, and on an H200 a stream of ten
    /// 1080p frames into 3x360x640 tensors took 35 µs a frame instead of 10 (BENCHMARKS.md
    /// tuning log item 171). (`fused_tile` falls back to the kernel's own where a count no
    /// longer serves.)
    pub(super) fn fused_columns_for(&self, spec: &ResizeSpec) -> Option<u32> {
        self.planner
            .fused_columns
            .get(spec)
            .map(|choice| choice.columns)
    }

    /// Takes the fused tile's columns that `decision` (found for `spec`'s key in the tuning
    /// cache) measured, where they were measured at `spec`'s widths and nothing is pinned or
    /// measured for `spec` in this resizer.
    pub(super) fn adopt_fused_columns(&self, spec: &ResizeSpec, decision: &Decision) {
        let choices = &self.planner.fused_columns;
        if choices.get(spec).is_some() {
            return;
        }
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
                spec: *spec,
                columns: tile.columns,
                pinned: false,
            });
        }
    }

    /// Times the fused path on `spec` at each of its candidate column counts (only the pinned
    /// one where the caller pinned one) into the tuning tensors, keeps the fastest for `spec`,
    /// and reports that count's time with it. While it times, a resize of `spec` on the fused
    /// path elsewhere may run any of the candidates, all of which compute the same outputs.
    pub(super) fn time_fused_columns(
        &self,
        spec: &ResizeSpec,
        tensors: (&wgpu::Buffer, &wgpu::Buffer),
        timing: (TimingMethod, f64, (usize, usize)),
    ) -> CandidateTime {
        let (input, output) = tensors;
        let (method, budget, samples) = timing;
        let choices = &self.planner.fused_columns;
        let pinned = choices.get(spec).filter(|c| c.pinned);
        let candidates = match (pinned, self.fused_column_candidates(spec)) {
            (Some(pin), _) => vec![pin.columns],
            (None, Ok(candidates)) => candidates,
            (None, Err(e)) => return CandidateTime::from_timing(Path::Fused, Err(e)),
        };
        let mut best: Option<(u32, CandidateTime)> = None;
        for columns in candidates {
            if pinned.is_none() {
                choices.set(ColumnChoice {
                    spec: *spec,
                    columns,
                    pinned: false,
                });
            }
            let timing = time_resize(
                self,
                spec,
                Path::Fused,
                input,
                output,
                method,
                budget,
                samples,
            );
            let candidate = CandidateTime::from_timing(Path::Fused, timing);
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
                    spec: *spec,
                    columns,
                    pinned: false,
                });
                Some(columns)
            }
            None => {
                choices.remove(spec);
                None
            }
        };
        // The other counts' tables and parameter blocks (their pipelines stay cached).
        self.forget_other_fused_tiles(spec, kept);
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
