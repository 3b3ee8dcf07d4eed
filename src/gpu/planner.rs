//! How [`Resizer`] resolves [`Path::Auto`]: a measured decision from the tuning cache, a fresh
//! measurement of every candidate on scratch buffers, or the heuristic while a shape waits to be
//! measured.

use std::path::PathBuf;
use std::sync::Mutex;

use super::checks::{check_limit, max_binding};
use super::fused_columns::{ColumnChoices, FusedKernels};
use super::{Resizer, fused_fits, lock};
use crate::error::ResizeError;
use crate::plan::{self, Path, Plan, PlanSource};
use crate::spec::ResizeSpec;
use crate::timing::{TimingMethod, time_recorded, time_resize};
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
    /// A file there that is not a tuning cache (another program's, named by mistake) is never
    /// written over: decisions are then kept in memory, and [`Resizer::take_warnings`] says so.
    /// A tuning cache that is damaged (cut short, garbled) is renamed `<name>.damaged` and
    /// started afresh, with a warning.
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

/// What a planned resize reads and writes, where that changes which path is fastest: each
/// route is measured on its own, and its decisions are kept under keys of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// Buffers at both ends (texture-to-texture resizes plan as these too).
    Buffers,
    /// A texture of this format into the caller's tensor
    /// ([`Resizer::encode_texture_to_buffer`]): on an H200, the fastest path there was not the
    /// fastest between buffers of the same spec (4K RGBA8 -> 224² RGB planes: fused 91.7 µs,
    /// separable 190.4, which f32 buffers chose).
    TextureToTensor(wgpu::TextureFormat),
    /// The caller's RGBA tensor into a storage texture of this format, written by the kernels
    /// themselves ([`Resizer::encode_buffer_to_texture`]): their last pass stores texels, and
    /// on an H200 the fastest path there need not be the buffers' (f32 1080p x2 into
    /// `rgba32float` at d6b1c93: fused 97.7 µs, the gather, which buffers chose, 166.4; at
    /// 0070845, with the gather's workgroups shaped for the texture, the gather 47.9).
    /// Staged results resize between buffers and plan as [`Route::Buffers`].
    TensorToTexture(wgpu::TextureFormat),
}

/// The planning state of a resizer.
pub(super) struct Planner {
    tuning: Tuning,
    cache: Mutex<TuneCache>,
    /// Plans already resolved for `Path::Auto`, so that encoding does not recompute keys.
    resolved: Mutex<Vec<((ResizeSpec, Route), Plan)>>,
    /// Shapes encoded before being measured.
    pending: Mutex<Vec<(ResizeSpec, Route)>>,
    /// The fused tiles' columns pinned or measured per spec.
    pub(super) fused_columns: ColumnChoices,
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
            fused_columns: ColumnChoices::default(),
        }
    }
}

/// The key of `spec`'s decision on `route`: a texture route's keys name the texture's format.
fn route_key(spec: &ResizeSpec, route: Route) -> String {
    match route {
        Route::Buffers => tune::spec_key(spec),
        Route::TextureToTensor(format) => {
            format!("{}|from texture {format:?}", tune::spec_key(spec))
        }
        Route::TensorToTexture(format) => {
            format!("{}|into texture {format:?}", tune::spec_key(spec))
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
        self.plan_route(spec, Route::Buffers, path)
    }

    /// [`Resizer::plan`] for `spec` on `route`, measured on that route.
    pub(crate) fn plan_route(
        &self,
        spec: &ResizeSpec,
        route: Route,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        // A two-step resize runs its first stage between buffers (a texture's is staged), and
        // is planned as its second stage, the one the path runs. A sub-image is planned as a
        // whole, under a key of its own: every path reads it in place.
        if let Some((_, resize)) = spec.stages() {
            let plan = if spec.cut().is_some() {
                self.plan_one_route(spec, Route::Buffers, path)?
            } else {
                self.plan_route(&resize, Route::Buffers, path)?
            };
            return Ok(plan.after_reduction(spec));
        }
        self.plan_one_route(spec, route, path)
    }

    /// [`Resizer::plan_route`] of a spec planned as one: resolved, measured or the heuristic's.
    fn plan_one_route(
        &self,
        spec: &ResizeSpec,
        route: Route,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        if path != Path::Auto {
            return Ok(requested(path));
        }
        if spec.reduction_stage().is_some() {
            return Ok(Plan::reduction());
        }
        if let Some(plan) = self.known_plan(spec, route)
            && (plan.source != PlanSource::Heuristic || self.planner.tuning == Tuning::Off)
        {
            return Ok(plan);
        }
        if self.planner.tuning == Tuning::Off {
            return Ok(self.remember(spec, route, self.route_heuristic(spec, route)));
        }
        // Every path binds the route's tensors whole (`prepare`): beyond the device's bindings
        // none can run the spec, and measuring would fail making its scratch tensors. Each
        // candidate says why, as where every path was tried and failed. (A texture end binds a
        // tensor only where it is staged, which the candidates' own errors tell.)
        let max_binding = max_binding(&self.device.limits());
        let tensors = match route {
            Route::Buffers => check_limit("input", spec.input_bytes(), max_binding)
                .and(check_limit("output", spec.output_bytes(), max_binding)),
            Route::TextureToTensor(_) => check_limit("output", spec.output_bytes(), max_binding),
            Route::TensorToTexture(_) => check_limit("input", spec.input_bytes(), max_binding),
        };
        if let Err(beyond) = tensors {
            let why = beyond.to_string();
            let candidates = Path::CONCRETE
                .iter()
                .map(|&path| CandidateTime {
                    path,
                    median_us: None,
                    error: Some(why.clone()),
                    unavailable: true,
                    tile: None,
                })
                .collect();
            let plan = Plan {
                candidates,
                ..self.route_heuristic(spec, route)
            };
            return Ok(self.remember(spec, route, plan));
        }
        let candidates = match route {
            Route::Buffers => self.measure(spec)?,
            Route::TextureToTensor(format) => self.measure_texture_to_tensor(spec, format)?,
            Route::TensorToTexture(format) => self.measure_tensor_to_texture(spec, format)?,
        };
        let plan = match Decision::from_candidates(candidates.clone()) {
            Some(decision) => {
                lock(&self.planner.cache).insert(route_key(spec, route), decision.clone());
                self.forget_auto_plans();
                self.plan_from_decision(decision, PlanSource::Measured)
            }
            // Nothing ran: keep the heuristic's choice, measure again next time, save nothing.
            None => Plan {
                candidates,
                ..self.route_heuristic(spec, route)
            },
        };
        lock(&self.planner.pending).retain(|pending| *pending != (*spec, route));
        Ok(self.remember(spec, route, plan))
    }

    /// Measures every shape that [`Resizer::encode`] (or [`Resizer::encode_texture_to_buffer`]
    /// and [`Resizer::encode_buffer_to_texture`], on their own routes) ran on the heuristic's
    /// choice because it was not decided yet. Call it between frames; returns how many shapes
    /// were measured.
    pub fn tune_pending(&self) -> Result<usize, ResizeError> {
        let pending: Vec<(ResizeSpec, Route)> = std::mem::take(&mut *lock(&self.planner.pending));
        for (spec, route) in &pending {
            self.plan_route(spec, *route, Path::Auto)?;
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
        self.plan_route_without_measuring(spec, Route::Buffers, path)
    }

    /// [`Resizer::plan_without_measuring`] for `spec` on `route`.
    pub(crate) fn plan_route_without_measuring(
        &self,
        spec: &ResizeSpec,
        route: Route,
        path: Path,
    ) -> Plan {
        // As `plan_route` plans two-step resizes.
        if let Some((_, resize)) = spec.stages() {
            let plan = if spec.cut().is_some() {
                self.plan_one_route_without_measuring(spec, Route::Buffers, path)
            } else {
                self.plan_route_without_measuring(&resize, Route::Buffers, path)
            };
            return plan.after_reduction(spec);
        }
        self.plan_one_route_without_measuring(spec, route, path)
    }

    /// [`Resizer::plan_route_without_measuring`] of a spec planned as one.
    fn plan_one_route_without_measuring(
        &self,
        spec: &ResizeSpec,
        route: Route,
        path: Path,
    ) -> Plan {
        if path != Path::Auto {
            return requested(path);
        }
        if spec.reduction_stage().is_some() {
            return Plan::reduction();
        }
        if let Some(plan) = self.known_plan(spec, route) {
            return plan;
        }
        let plan = self.route_heuristic(spec, route);
        if self.planner.tuning == Tuning::Measure {
            let mut pending = lock(&self.planner.pending);
            if !pending.contains(&(*spec, route)) {
                pending.push((*spec, route));
            }
        }
        self.remember(spec, route, plan)
    }

    /// The heuristic's plan on `route`: for a texture into a tensor, that of the spec its
    /// kernels run, except that where the fused kernel does not fit those kernels (RGBA pixels
    /// need more workgroup memory than three planes) but fits `spec` itself, the fused path is
    /// weighed as it runs there, on the staged copy ([`Resizer::fused_kernels`]).
    fn route_heuristic(&self, spec: &ResizeSpec, route: Route) -> Plan {
        let Route::TextureToTensor(format) = route else {
            return self.one_step_heuristic(spec);
        };
        let kernel_spec = self.texture_to_tensor_kernel_spec(spec, format);
        let direct = self.heuristic_plan(&kernel_spec);
        if kernel_spec == *spec
            || direct.path == Path::Fused
            || self.availability(&kernel_spec, Path::Fused).is_ok()
        {
            return direct;
        }
        let staged = self.heuristic_plan(spec);
        if staged.path != Path::Fused {
            return direct;
        }
        Plan {
            reason: format!(
                "{}; from a staged copy of the texture, which the fused kernel fits and the texture's pixels do not",
                staged.reason
            ),
            ..staged
        }
    }

    /// What [`Path::Auto`] runs for `spec` before it is measured (and always, with tuning
    /// off): [`plan::heuristic_with_fused`], told whether the fused kernel fits this device.
    pub fn heuristic_plan(&self, spec: &ResizeSpec) -> Plan {
        self.one_step_heuristic(spec).after_reduction(spec)
    }

    /// [`Resizer::heuristic_plan`] without what the first stage of a two-step resize does:
    /// that of its second stage, which the heuristic weighs. (A sub-image's is the resize of
    /// the slice alone, which every path reads in place.)
    fn one_step_heuristic(&self, spec: &ResizeSpec) -> Plan {
        if let Some((_, resize)) = spec.stages() {
            return self.one_step_heuristic(&resize);
        }
        if spec.reduction_stage().is_some() {
            return Plan::reduction();
        }
        let (wy, wx) = AxisWeights::for_spec(spec);
        let fits = fused_fits(spec, &wy, &wx, &self.device.limits()).is_ok();
        plan::heuristic_for_tables(spec, &wy, &wx, fits)
    }

    /// A plan already resolved for this spec and route, or a decision in the tuning cache for
    /// its key.
    fn known_plan(&self, spec: &ResizeSpec, route: Route) -> Option<Plan> {
        let resolved = lock(&self.planner.resolved)
            .iter()
            .find(|(s, _)| *s == (*spec, route))
            .map(|(_, plan)| plan.clone());
        if resolved.is_some() {
            return resolved;
        }
        if self.planner.tuning == Tuning::Off {
            return None;
        }
        let key = route_key(spec, route);
        let decision = lock(&self.planner.cache).get(&key).cloned()?;
        let source = if lock(&self.planner.cache).loaded_from_file(&key) {
            PlanSource::Cache
        } else {
            PlanSource::Measured
        };
        self.adopt_fused_columns(&self.fused_kernels(spec, route), &decision);
        let fastest = decision.path;
        let decision = self.runnable(spec, route, decision)?;
        let mut plan = self.plan_from_decision(decision, source);
        if plan.path != fastest {
            plan.reason += &format!("; {fastest} cannot run this spec");
        }
        Some(self.remember(spec, route, plan))
    }

    /// `decision` as it applies to `spec`. A decision is kept per key, and specs that share a
    /// key need not share what each path can run (a crop and its mirror have one key, and the
    /// fused path refuses the mirror), so where the decision's path cannot run `spec`, the
    /// fastest of its other timed candidates that can; `None` where none can.
    fn runnable(&self, spec: &ResizeSpec, route: Route, decision: Decision) -> Option<Decision> {
        let runs = |path| match route {
            Route::Buffers | Route::TensorToTexture(_) => self.availability(spec, path).is_ok(),
            // The kernels that read the texture, or the staged copy's where they cannot run
            // (`direct_tensor` falls back to it).
            Route::TextureToTensor(format) => {
                self.availability(&self.texture_to_tensor_kernel_spec(spec, format), path)
                    .is_ok()
                    || self.availability(spec, path).is_ok()
            }
        };
        if runs(decision.path) {
            return Some(decision);
        }
        let path = decision
            .candidates
            .iter()
            .filter_map(|c| c.median_us.map(|t| (c.path, t)))
            .filter(|&(path, _)| runs(path))
            .min_by(|a, b| a.1.total_cmp(&b.1))?
            .0;
        Some(Decision { path, ..decision })
    }

    fn plan_from_decision(&self, decision: Decision, source: PlanSource) -> Plan {
        let times: Vec<String> = decision
            .candidates
            .iter()
            .map(|c| match (c.median_us, c.tile) {
                (Some(t), Some(tile)) => {
                    format!("{} {t:.1} µs ({} columns a tile)", c.path, tile.columns)
                }
                (Some(t), None) => format!("{} {t:.1} µs", c.path),
                (None, _) if c.unavailable => format!("{} cannot run it", c.path),
                (None, _) => format!("{} failed", c.path),
            })
            .collect();
        Plan {
            path: decision.path,
            source,
            reason: format!("fastest when measured: {}", times.join(", ")),
            candidates: decision.candidates,
        }
    }

    fn remember(&self, spec: &ResizeSpec, route: Route, plan: Plan) -> Plan {
        let mut resolved = lock(&self.planner.resolved);
        resolved.retain(|(s, _)| *s != (*spec, route));
        if resolved.len() >= 1024 {
            resolved.remove(0);
        }
        resolved.push(((*spec, route), plan.clone()));
        plan
    }

    fn forget_auto_plans(&self) {
        lock(&self.planner.resolved).clear();
    }

    /// How a candidate is timed on this device: the method, the seconds of runs it may take,
    /// and the fewest and most samples.
    fn tuning_timing(&self) -> (TimingMethod, f64, (usize, usize)) {
        match TimingMethod::for_device(&self.device) {
            TimingMethod::Timestamp => (TimingMethod::Timestamp, 0.02, (5, 50)),
            TimingMethod::Wall => (TimingMethod::Wall, 0.05, (3, 15)),
        }
    }

    /// Times each concrete path of `spec` on `route` with `record`, which records one resize
    /// on that path into the compute pass it is given (a pass of its own, its timestamps
    /// around it), as a route's candidates are timed, the fused path at each of its tile
    /// widths (`time_fused_columns`): a candidate that cannot run or fails is reported so and
    /// never chosen.
    pub(super) fn time_each_path(
        &self,
        spec: &ResizeSpec,
        route: Route,
        mut record: impl FnMut(&mut wgpu::ComputePass<'_>, Path) -> Result<(), ResizeError>,
    ) -> Vec<CandidateTime> {
        let (method, budget, samples) = self.tuning_timing();
        let mut time = |path| {
            time_recorded(
                &self.device,
                &self.queue,
                method,
                budget,
                samples,
                |encoder, slots| {
                    let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                        label: Some("wgpu-resize tuning"),
                        timestamp_writes: slots.map(|slots| slots.whole_pass()),
                    });
                    record(&mut pass, path)
                },
            )
        };
        Path::CONCRETE
            .iter()
            .map(|&path| {
                if path == Path::Fused {
                    let kernels = self.fused_kernels(spec, route);
                    self.time_fused_columns(&kernels, || time(path))
                } else {
                    CandidateTime::from_timing(path, time(path))
                }
            })
            .collect()
    }

    /// Times every candidate path for `spec` on scratch buffers (never the caller's data), the
    /// fused path at each of its tile widths (`time_fused_columns`).
    /// A candidate that fails is reported with its error and never chosen. Where the spec keeps
    /// an axis at its size, the separable path runs the gather's single pass (tuning log item
    /// 123): it is reported with the gather's time, not timed again, and a tie goes to the
    /// gather.
    fn measure(&self, spec: &ResizeSpec) -> Result<Vec<CandidateTime>, ResizeError> {
        let (input, output) = super::scope::capture(&self.device, || {
            super::scratch_tensors(&self.device, spec, "wgpu-resize tuning")
        })?;
        let (method, budget, samples) = self.tuning_timing();
        let (wy, wx) = AxisWeights::for_spec(spec);
        let separable_is_gather = super::passes::keeps_an_axis(spec, (&wy, &wx));
        let mut candidates: Vec<CandidateTime> = Vec::with_capacity(Path::CONCRETE.len());
        for &path in &Path::CONCRETE {
            let gather = candidates.iter().find(|c| c.path == Path::Gather);
            let candidate = if let Err(why) = self.availability(spec, path) {
                CandidateTime {
                    path,
                    median_us: None,
                    error: Some(why),
                    unavailable: true,
                    tile: None,
                }
            } else if path == Path::Fused {
                self.time_fused_columns(&FusedKernels::between_buffers(spec), || {
                    time_resize(self, spec, path, &input, &output, method, budget, samples)
                })
            } else if let (Path::Separable, true, Some(gather)) =
                (path, separable_is_gather, gather)
            {
                CandidateTime {
                    path,
                    ..gather.clone()
                }
            } else {
                let timing =
                    time_resize(self, spec, path, &input, &output, method, budget, samples);
                CandidateTime::from_timing(path, timing)
            };
            candidates.push(candidate);
        }
        // The tuning tensors die here; their cached bind groups would keep them allocated.
        self.forget_bind_groups(&[&input, &output]);
        Ok(candidates)
    }
}
