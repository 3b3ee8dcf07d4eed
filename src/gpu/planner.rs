//! How [`Resizer`] resolves [`Path::Auto`]: a measured decision from the tuning cache, a fresh
//! measurement of every candidate on scratch buffers, or the heuristic while a shape waits to be
//! measured.

use std::path::PathBuf;
use std::sync::Mutex;

use super::{Resizer, fused_fits, lock};
use crate::error::ResizeError;
use crate::plan::{self, Path, Plan, PlanSource};
use crate::spec::ResizeSpec;
use crate::timing::{TimingMethod, time_resize};
use crate::tune::{self, CandidateTime, Decision, TuneCache};
use crate::weights::AxisWeights;

/// Whether `Path::Auto` measures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Tuning {
    /// Measure every candidate the first time a shape is planned (by [`Resizer::plan`],
    /// [`Resizer::resize`] or [`Resizer::tune_pending`]); until then [`Resizer::encode`] runs
    /// the heuristic's choice, the safe default, and queues the shape.
    #[default]
    Measure,
    /// Never measure: the heuristic decides.
    Off,
}

/// Options of [`Resizer::with_options`].
#[derive(Clone, Debug)]
pub struct ResizerOptions {
    /// Whether `Path::Auto` measures. Default: [`Tuning::Measure`].
    pub tuning: Tuning,
    /// A file to load measured decisions from and save them to. Default: none (memory only).
    pub tune_cache_file: Option<PathBuf>,
    /// Build the kernels with wgpu's run-time checks (bounds clamping on every buffer access,
    /// loop bounding, division checks). The kernels never index out of range by construction,
    /// and the checks cost up to a quarter of the time of an enlargement on an H200, so they
    /// are off by default; turn them on to rule the kernels out when hunting a fault.
    /// Default: `false`.
    pub checked_shaders: bool,
    /// How many sets of bind groups over the caller's buffers the resizer keeps for reuse
    /// (and, apart, how many of each kind of texture bind group and view). A frame that binds
    /// more buffer pairs than this rebuilds its bind groups every frame: the cache is emptied
    /// when full. Each kept set holds its buffers alive (see [`Resizer::forget_buffer`]); 0
    /// keeps none, so every call creates its bind groups and no buffer outlives the caller's
    /// handle to it. Default: 64.
    pub bind_group_capacity: usize,
}

impl Default for ResizerOptions {
    fn default() -> Self {
        ResizerOptions {
            tuning: Tuning::default(),
            tune_cache_file: None,
            checked_shaders: false,
            bind_group_capacity: 64,
        }
    }
}

/// The planning state of a resizer.
pub(super) struct Planner {
    tuning: Tuning,
    cache: Mutex<TuneCache>,
    /// Plans already resolved for `Path::Auto`, so that encoding does not recompute keys.
    resolved: Mutex<Vec<(ResizeSpec, Plan)>>,
    /// Shapes encoded before being measured.
    pending: Mutex<Vec<ResizeSpec>>,
}

impl Planner {
    pub(super) fn new(adapter: &wgpu::AdapterInfo, options: &ResizerOptions) -> Self {
        let mut cache = TuneCache::new(adapter);
        if let Some(file) = &options.tune_cache_file {
            cache.attach_file(file);
        }
        Planner {
            tuning: options.tuning,
            cache: Mutex::new(cache),
            resolved: Mutex::default(),
            pending: Mutex::default(),
        }
    }
}

fn requested(path: Path) -> Plan {
    Plan {
        path,
        source: PlanSource::Requested,
        reason: format!("the caller asked for {path}"),
        candidates: Vec::new(),
    }
}

impl Resizer {
    /// What runs for `spec` when asked for `path`, and why. For [`Path::Auto`] with tuning on,
    /// a shape not yet decided is measured now (blocking): every candidate path is timed on
    /// scratch buffers and the fastest kept, in memory and in the tuning file if there is one.
    pub fn plan(&self, spec: &ResizeSpec, path: Path) -> Result<Plan, ResizeError> {
        if path != Path::Auto {
            return Ok(requested(path));
        }
        if let Some(plan) = self.known_plan(spec)
            && (plan.source != PlanSource::Heuristic || self.planner.tuning == Tuning::Off)
        {
            return Ok(plan);
        }
        if self.planner.tuning == Tuning::Off {
            return Ok(self.remember(spec, self.heuristic_plan(spec)));
        }
        let candidates = self.measure(spec)?;
        let plan = match Decision::from_candidates(candidates.clone()) {
            Some(decision) => {
                let key = tune::spec_key(spec);
                lock(&self.planner.cache).insert(key, decision.clone());
                self.forget_auto_plans();
                self.plan_from_decision(decision, PlanSource::Measured)
            }
            // Nothing ran: keep the heuristic's choice, measure again next time, save nothing.
            None => Plan {
                candidates,
                ..self.heuristic_plan(spec)
            },
        };
        lock(&self.planner.pending).retain(|s| s != spec);
        Ok(self.remember(spec, plan))
    }

    /// Measures every shape that [`Resizer::encode`] ran on the heuristic's choice because it
    /// was not decided yet. Call it between frames; returns how many shapes were measured.
    pub fn tune_pending(&self) -> Result<usize, ResizeError> {
        let pending: Vec<ResizeSpec> = std::mem::take(&mut *lock(&self.planner.pending));
        for spec in &pending {
            self.plan(spec, Path::Auto)?;
        }
        Ok(pending.len())
    }

    /// Warnings about the tuning file (unreadable, corrupt, not saved) since the last call.
    pub fn take_warnings(&self) -> Vec<String> {
        lock(&self.planner.cache).take_warnings()
    }

    /// The plan `encode` uses: never measures. An undecided automatic choice takes the
    /// heuristic's path and is queued for [`Resizer::tune_pending`].
    pub(crate) fn plan_without_measuring(&self, spec: &ResizeSpec, path: Path) -> Plan {
        if path != Path::Auto {
            return requested(path);
        }
        if let Some(plan) = self.known_plan(spec) {
            return plan;
        }
        let plan = self.heuristic_plan(spec);
        if self.planner.tuning == Tuning::Measure {
            let mut pending = lock(&self.planner.pending);
            if !pending.contains(spec) {
                pending.push(*spec);
            }
        }
        self.remember(spec, plan)
    }

    /// What [`Path::Auto`] runs for `spec` before it is measured (and always, with tuning
    /// off): [`plan::heuristic_with_fused`], told whether the fused kernel fits this device.
    pub fn heuristic_plan(&self, spec: &ResizeSpec) -> Plan {
        let (wy, wx) = AxisWeights::for_spec(spec);
        let fits = fused_fits(spec, &wy, &wx, &self.device.limits()).is_ok();
        plan::heuristic_for_tables(spec, &wy, &wx, fits)
    }

    /// A plan already resolved for this spec, or a decision in the tuning cache for its key.
    fn known_plan(&self, spec: &ResizeSpec) -> Option<Plan> {
        if let Some((_, plan)) = lock(&self.planner.resolved).iter().find(|(s, _)| s == spec) {
            return Some(plan.clone());
        }
        if self.planner.tuning == Tuning::Off {
            return None;
        }
        let key = tune::spec_key(spec);
        let decision = lock(&self.planner.cache).get(&key).cloned()?;
        let source = if lock(&self.planner.cache).loaded_from_file(&key) {
            PlanSource::Cache
        } else {
            PlanSource::Measured
        };
        let fastest = decision.path;
        let decision = self.runnable(spec, decision)?;
        let mut plan = self.plan_from_decision(decision, source);
        if plan.path != fastest {
            plan.reason += &format!("; {fastest} cannot run this spec");
        }
        Some(self.remember(spec, plan))
    }

    /// `decision` as it applies to `spec`. A decision is kept per key, and specs that share a
    /// key need not share what each path can run (a crop and its mirror have one key, and the
    /// fused path refuses the mirror), so where the decision's path cannot run `spec`, the
    /// fastest of its other timed candidates that can; `None` where none can.
    fn runnable(&self, spec: &ResizeSpec, decision: Decision) -> Option<Decision> {
        if self.availability(spec, decision.path).is_ok() {
            return Some(decision);
        }
        let path = decision
            .candidates
            .iter()
            .filter_map(|c| c.median_us.map(|t| (c.path, t)))
            .filter(|&(path, _)| self.availability(spec, path).is_ok())
            .min_by(|a, b| a.1.total_cmp(&b.1))?
            .0;
        Some(Decision { path, ..decision })
    }

    fn plan_from_decision(&self, decision: Decision, source: PlanSource) -> Plan {
        let times: Vec<String> = decision
            .candidates
            .iter()
            .map(|c| match c.median_us {
                Some(t) => format!("{} {t:.1} µs", c.path),
                None if c.unavailable => format!("{} cannot run it", c.path),
                None => format!("{} failed", c.path),
            })
            .collect();
        Plan {
            path: decision.path,
            source,
            reason: format!("fastest when measured: {}", times.join(", ")),
            candidates: decision.candidates,
        }
    }

    fn remember(&self, spec: &ResizeSpec, plan: Plan) -> Plan {
        let mut resolved = lock(&self.planner.resolved);
        resolved.retain(|(s, _)| s != spec);
        if resolved.len() >= 1024 {
            resolved.remove(0);
        }
        resolved.push((*spec, plan.clone()));
        plan
    }

    fn forget_auto_plans(&self) {
        lock(&self.planner.resolved).clear();
    }

    /// Times every candidate path for `spec` on scratch buffers (never the caller's data).
    /// A candidate that fails is reported with its error and never chosen. Where the spec keeps
    /// an axis at its size, the separable path runs the gather's single pass (tuning log item
    /// 123): it is reported with the gather's time, not timed again, and a tie goes to the
    /// gather.
    fn measure(&self, spec: &ResizeSpec) -> Result<Vec<CandidateTime>, ResizeError> {
        let (input, output) = super::scope::capture(&self.device, || {
            super::scratch_tensors(&self.device, spec, "wgpu-resize tuning")
        })?;
        let method = TimingMethod::for_device(&self.device);
        let (budget, samples) = match method {
            TimingMethod::Timestamp => (0.02, (5, 50)),
            TimingMethod::Wall => (0.05, (3, 15)),
        };
        let (wy, wx) = AxisWeights::for_spec(spec);
        let separable_is_gather = wy.is_identity() || wx.is_identity();
        let mut candidates: Vec<CandidateTime> = Vec::with_capacity(Path::CONCRETE.len());
        for &path in &Path::CONCRETE {
            let gather = candidates.iter().find(|c| c.path == Path::Gather);
            let candidate = if let Err(why) = self.availability(spec, path) {
                CandidateTime {
                    path,
                    median_us: None,
                    error: Some(why),
                    unavailable: true,
                }
            } else if let (Path::Separable, true, Some(gather)) =
                (path, separable_is_gather, gather)
            {
                CandidateTime {
                    path,
                    ..gather.clone()
                }
            } else {
                match time_resize(self, spec, path, &input, &output, method, budget, samples) {
                    Ok(samples) => CandidateTime {
                        path,
                        median_us: Some(samples.median()),
                        error: None,
                        unavailable: false,
                    },
                    Err(e) => CandidateTime {
                        path,
                        median_us: None,
                        error: Some(e.to_string()),
                        unavailable: false,
                    },
                }
            };
            candidates.push(candidate);
        }
        // The tuning tensors die here; their cached bind groups would keep them allocated.
        self.forget_bind_groups(&[&input, &output]);
        Ok(candidates)
    }
}
