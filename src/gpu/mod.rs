//! The GPU side: [`Resizer`] caches pipelines and per-spec resources and records resizes into
//! the caller's command encoder.

mod blocking;
mod channel_blind;
mod checks;
mod color;
mod computed_taps;
mod crop_batch;
mod doubling;
mod fused_columns;
mod fused_fit;
mod halving;
mod launch;
mod params;
mod passes;
mod planner;
mod scope;
mod scratch;
pub mod shaders;
mod starts;
mod sums_layout;
mod tensor_texture;
mod texture;
mod texture_groups;
mod texture_image;
mod texture_tensor;
mod video;

use std::collections::HashMap;
use std::num::NonZeroU64;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use wgpu::util::DeviceExt;

use crate::element::Element;
use crate::error::ResizeError;
use crate::gather_arithmetic::GatherArithmetic;
use crate::plan::{Path, Plan, REDUCTION_GATHER_ONLY};
use crate::spec::{ElementType, ResizeSpec};
use crate::weights::AxisWeights;
use checks::{check_limit, check_tensor_sizes, max_binding};
pub use color::ColorSteps;
use computed_taps::TapFormula;
pub use crop_batch::CropBatch;
use fused_columns::FusedKernels;
use fused_fit::{fused_fits, fused_tile};
use launch::{Launch, integer_weights};
use params::{PassParams, WeightForm, check_grid, pack_tables};
use passes::{Operand, PassPlan};
pub use planner::{ResizerOptions, Tuning};
use scratch::{ScratchPool, ScratchRole};
use shaders::pads_target_rows;
pub use shaders::{
    ChannelGroup, FusedTile, Kernel, KernelFeatures, KernelVariant, NormalizedStore, TensorTarget,
    TextureSource,
};
use starts::ArithmeticStarts;
pub use texture::TextureWrite;
pub use texture_image::{TextureImage, single_image_texture};

/// Prepared specs kept per resizer; the oldest is dropped past this.
const PREPARED_CAPACITY: usize = 256;

/// A prepared spec's bind groups are keyed by its id and the input and output buffers with the
/// offsets they are bound at.
type BindGroupKey = (u64, wgpu::Buffer, u64, wgpu::Buffer, u64);

/// One lock per cache that threads take to build what the cache lacks (see [`find_or_build`]),
/// so that threads racing for one missing entry build it once, as one thread would. Lookups
/// that hit take none. Building a prepared spec builds pipelines, so `prepared` is taken
/// before `pipelines`, and nothing that holds `pipelines` or `bind_groups` takes another.
#[derive(Default)]
struct BuildLocks {
    pipelines: Mutex<()>,
    prepared: Mutex<()>,
    bind_groups: Mutex<()>,
}

/// Counts of GPU objects a resizer has created, for [`ResizerStats`].
#[derive(Default)]
struct Counters {
    prepared: AtomicUsize,
    buffers: AtomicUsize,
    bind_groups: AtomicUsize,
}

/// Records GPU resizes with the caller's device.
///
/// Holds handles to the caller's `Device` and `Queue` (it never creates a device), builds shader
/// modules, layouts and pipelines once, keeps each spec's weight tables and parameter blocks, and
/// pools intermediate buffers. [`Resizer::encode`] records into the caller's `CommandEncoder`
/// and submits nothing; [`Resizer::resize`] is the blocking upload-run-readback convenience.
pub struct Resizer {
    device: wgpu::Device,
    queue: wgpu::Queue,
    bind_group_layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
    /// Layouts of kernels that read or write textures: by (reads a texture, target format).
    texture_layouts: Mutex<HashMap<(bool, Option<wgpu::TextureFormat>), Layouts>>,
    pipelines: Mutex<HashMap<Kernel, wgpu::ComputePipeline>>,
    checked_shaders: bool,
    /// [`ResizerOptions::bind_group_capacity`].
    bind_group_capacity: usize,
    /// The device has `shader-f16`: f16 tensors are read and written as WGSL's f16.
    native_f16: bool,
    prepared: Mutex<Vec<PreparedEntry>>,
    bind_group_cache: Mutex<HashMap<BindGroupKey, Arc<Vec<wgpu::BindGroup>>>>,
    building: BuildLocks,
    counters: Counters,
    scratch: ScratchPool,
    textures: texture::TextureCaches,
    planner: planner::Planner,
}

/// What the first pass reads or the last writes: the caller's buffer, or a texture view.
#[derive(Clone, Copy)]
enum End<'a> {
    Buffer(wgpu::BufferSlice<'a>),
    Texture(&'a wgpu::TextureView),
}

struct PreparedPass {
    pipeline: wgpu::ComputePipeline,
    /// The pass's kernel, which [`Resizer::kernels`] names.
    kernel: Kernel,
    /// The bind group layout of the pass's kernel.
    layout: wgpu::BindGroupLayout,
    params: wgpu::Buffer,
    workgroups: (u32, u32, u32),
    src: Operand,
    dst: Operand,
}

/// Everything a spec needs on the GPU apart from the caller's buffers.
struct Prepared {
    /// Unique per prepared spec, for the bind-group cache's key.
    id: u64,
    tables: wgpu::Buffer,
    passes: Vec<PreparedPass>,
    intermediate: Option<(wgpu::Buffer, u64)>,
    /// Its one pass is the exact doubling of RGBA u8 in integer lanes (`doubling::choose`),
    /// which the texture-to-tensor route runs from a staged copy of the texture
    /// (`texture_tensor.rs`).
    lanes_doubling: bool,
}

/// Why `arithmetic` (OpenCV's 8-bit fixed point, ONNX Runtime's plain linear on uint8) runs
/// on one path: the gather path's kernels alone compute it (the quad and staged u8 gathers,
/// and the scalar one), between buffers.
fn gather_only(arithmetic: GatherArithmetic) -> String {
    format!(
        "{} runs on the gather path, between buffers (a texture stages)",
        arithmetic.name()
    )
}

/// What a resize's kernels read and write in place of the spec's buffers: a texture that the
/// first pass reads, and a texture or the caller's tensor of fewer channels that the last
/// writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DirectEnds {
    pub(crate) source: Option<TextureSource>,
    pub(crate) target: Option<wgpu::TextureFormat>,
    pub(crate) tensor: Option<TensorTarget>,
}

impl DirectEnds {
    /// Kernels that read a texture of `format` themselves and write the caller's tensor
    /// (through `tensor`'s store where it has fewer channels or planes): the texture-to-tensor
    /// route's, which its resizes and its tuning of the fused tile both key on.
    pub(crate) fn from_texture(format: wgpu::TextureFormat, tensor: Option<TensorTarget>) -> Self {
        DirectEnds {
            source: Some(TextureSource {
                srgb: format.is_srgb(),
            }),
            target: None,
            tensor,
        }
    }

    /// Kernels that read the caller's tensor and write a storage texture of `format`
    /// themselves: the tensor-to-texture route's.
    pub(crate) fn into_texture(format: wgpu::TextureFormat) -> Self {
        DirectEnds {
            source: None,
            target: Some(format),
            tensor: None,
        }
    }
}

/// A spec's resources for one concrete path.
struct PreparedEntry {
    spec: ResizeSpec,
    path: Path,
    /// The fused tiles' columns where they are not the kernel's own choice
    /// (`Resizer::fused_columns_for`).
    fused_columns: Option<u32>,
    /// The texture the first pass reads, and the texture format or tensor the last writes in
    /// place of the spec's output, if any.
    ends: DirectEnds,
    prepared: Arc<Prepared>,
}

/// One dispatch of a resize ([`Resizer::kernels`], and [`Resizer::texture_kernels`] and its
/// kin for the texture routes).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PassKernel {
    /// The kernel, as its pipeline is labelled: its WGSL source and shape, and the features it
    /// is built with (fixed point, colour steps, the 8-bit arithmetic of a library's own,
    /// texture ends); or a texture route's unpack or pack.
    pub kernel: String,
    /// Workgroups dispatched along x, y and z.
    pub workgroups: (u32, u32, u32),
}

/// Counts of what a [`Resizer`] has created, to show that steady-state encoding allocates
/// nothing new.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResizerStats {
    /// Pipelines built: resize kernels and texture staging.
    pub pipelines: usize,
    /// Specs prepared so far (weight tables and parameter blocks uploaded).
    pub prepared_specs: usize,
    /// Sets of a resize's resources held for reuse (its weight tables, parameter blocks and
    /// intermediate): one per spec, path, fused tile width and texture end the kernels read or
    /// write themselves, at most 256, the oldest dropped first. (The staging of texture resizes
    /// is held apart.)
    pub prepared_held: usize,
    /// Buffers created for tables and parameter blocks so far.
    pub buffers_created: usize,
    /// Bind groups created so far.
    pub bind_groups_created: usize,
    /// Scratch buffers held.
    pub scratch_buffers: usize,
    /// Sets of bind groups held for reuse, at most [`ResizerOptions::bind_group_capacity`]
    /// (64 by default). Each holds the buffers it binds alive, so a buffer the caller dropped
    /// stays allocated while its set is held (until [`Resizer::forget_buffer`]); the blocking
    /// calls keep no set of their own buffers.
    pub bind_group_sets_held: usize,
    /// Bind groups and views of texture resizes held for reuse, at most
    /// [`ResizerOptions::bind_group_capacity`] of each kind. Each holds the textures and
    /// buffers it binds alive (until [`Resizer::forget_texture`] or
    /// [`Resizer::forget_buffer`]).
    pub texture_bindings_held: usize,
}

/// Two timestamp query slots around one recorded run (see [`crate::timing::time_recorded`]):
/// the beginning of its first pass writes `begin`, the end of its last pass `begin + 1`.
#[derive(Clone, Copy, Debug)]
pub struct TimestampSlots<'a> {
    /// The query set holding both slots.
    pub query_set: &'a wgpu::QuerySet,
    /// The beginning's slot; the end's is the next.
    pub begin: u32,
}

impl<'a> TimestampSlots<'a> {
    /// The writes of a compute pass that is both the first and the last of its run.
    pub fn whole_pass(self) -> wgpu::ComputePassTimestampWrites<'a> {
        wgpu::ComputePassTimestampWrites {
            query_set: self.query_set,
            beginning_of_pass_write_index: Some(self.begin),
            end_of_pass_write_index: Some(self.begin + 1),
        }
    }
}

impl Resizer {
    /// A resizer for the caller's device and queue. Fails when the device cannot run the
    /// kernels (no compute shaders, or fewer than 3 storage buffers per stage).
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<Self, ResizeError> {
        Self::with_options(device, queue, ResizerOptions::default())
    }

    /// A resizer with options: tuning on or off, and a file to persist tuning decisions in.
    pub fn with_options(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        options: ResizerOptions,
    ) -> Result<Self, ResizeError> {
        let limits = device.limits();
        let needs = [
            (
                "compute invocations per workgroup",
                params::WORKGROUP_SIZE as u64,
                limits.max_compute_invocations_per_workgroup as u64,
                "max_compute_invocations_per_workgroup",
            ),
            (
                "workgroup width",
                params::WORKGROUP_SIZE as u64,
                limits.max_compute_workgroup_size_x as u64,
                "max_compute_workgroup_size_x",
            ),
            (
                "storage buffers per shader stage",
                3,
                limits.max_storage_buffers_per_shader_stage as u64,
                "max_storage_buffers_per_shader_stage",
            ),
        ];
        for (what, needed, limit, limit_name) in needs {
            if needed > limit {
                return Err(ResizeError::ExceedsDeviceLimit {
                    what,
                    needed,
                    limit,
                    limit_name,
                });
            }
        }
        let (bind_group_layout, pipeline_layout) = scope::capture(device, || {
            let bind_group_layout =
                device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: Some("wgpu-resize pass"),
                    entries: &[
                        params_entry(),
                        storage_entry(1, true),
                        storage_entry(2, true),
                        storage_entry(3, false),
                    ],
                });
            let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some("wgpu-resize pass"),
                bind_group_layouts: &[Some(&bind_group_layout)],
                immediate_size: 0,
            });
            (bind_group_layout, pipeline_layout)
        })?;
        let adapter = device.adapter_info();
        Ok(Resizer {
            device: device.clone(),
            queue: queue.clone(),
            bind_group_layout,
            pipeline_layout,
            texture_layouts: Mutex::default(),
            pipelines: Mutex::default(),
            checked_shaders: options.checked_shaders,
            bind_group_capacity: options.bind_group_capacity,
            native_f16: device.features().contains(wgpu::Features::SHADER_F16),
            prepared: Mutex::default(),
            bind_group_cache: Mutex::default(),
            building: BuildLocks::default(),
            counters: Counters::default(),
            scratch: ScratchPool::default(),
            textures: texture::TextureCaches::new(adapter.backend),
            planner: planner::Planner::new(&adapter, &options),
        })
    }

    /// The device this resizer records for.
    pub fn device(&self) -> &wgpu::Device {
        &self.device
    }

    /// The queue the blocking conveniences submit to.
    pub fn queue(&self) -> &wgpu::Queue {
        &self.queue
    }

    /// Whether `path` can run `spec` on this device, and why not. The fused path has
    /// conditions (layout, channels, footprint, workgroup memory); OpenCV's 8-bit fixed point,
    /// ONNX Runtime's plain linear on uint8 and a reduction alone
    /// ([`crate::presets::pillow_reduce`]) run on the gather path alone; a two-step resize runs
    /// its second stage on the path asked for.
    pub fn availability(&self, spec: &ResizeSpec, path: Path) -> Result<(), String> {
        // A two-step resize runs its reduction on the gather path and its resize on `path`.
        if let Some((_, resize)) = spec.stages() {
            return self.availability(&resize, path);
        }
        match path {
            Path::Separable | Path::Fused if let Some(arithmetic) = spec.gather_arithmetic() => {
                Err(gather_only(arithmetic))
            }
            Path::Separable | Path::Fused if spec.reduction_stage().is_some() => {
                Err(REDUCTION_GATHER_ONLY.into())
            }
            Path::Fused => {
                let (wy, wx) = AxisWeights::for_spec(spec);
                fused_fits(spec, &wy, &wx, &self.device.limits()).map(|_| ())
            }
            _ => Ok(()),
        }
    }

    /// The dispatches that [`Resizer::encode`] records for `spec` on `path`, in order: each
    /// pass's kernel and grid, for reading a plan down to its kernels (`wgresize plan` prints
    /// them) and for telling which kernel a timing measured. `Path::Auto` gives the path that
    /// encoding takes now (measured, or the heuristic's until then) and measures nothing; a
    /// two-step resize gives its reduction's dispatches, then its resize's. Prepares the spec
    /// on that path as the first encode would (pipelines, tables, parameter blocks), so a path
    /// that cannot run it is the same [`ResizeError`] as encoding gives.
    pub fn kernels(&self, spec: &ResizeSpec, path: Path) -> Result<Vec<PassKernel>, ResizeError> {
        let plan = self.plan_without_measuring(spec, path);
        if let Some((reduce, resize)) = two_steps(spec) {
            let mut kernels = self.kernels(&reduce, Path::Gather)?;
            kernels.extend(self.kernels(&resize, plan.path)?);
            return Ok(kernels);
        }
        Ok(pass_kernels(&*self.prepared(spec, plan.path)?))
    }

    /// Whether `spec` runs as a reduction, alone or first: between buffers, where the texture
    /// routes stage it.
    pub(crate) fn reduces(&self, spec: &ResizeSpec) -> bool {
        two_steps(spec).is_some() || spec.reduction_stage().is_some()
    }

    /// What this resizer has created so far.
    pub fn stats(&self) -> ResizerStats {
        ResizerStats {
            pipelines: lock(&self.pipelines).len() + self.textures.pipeline_count(),
            prepared_specs: self.counters.prepared.load(Ordering::Relaxed),
            prepared_held: lock(&self.prepared).len(),
            buffers_created: self.counters.buffers.load(Ordering::Relaxed),
            bind_groups_created: self.counters.bind_groups.load(Ordering::Relaxed),
            scratch_buffers: self.scratch.len(),
            bind_group_sets_held: lock(&self.bind_group_cache).len(),
            texture_bindings_held: self.textures.bindings_held(),
        }
    }

    /// Drops every bind group the resizer keeps that binds `buffer`, so that the buffer is
    /// freed once the caller drops it too. Call it when a buffer the resizer has read or
    /// written leaves use (a frame's transient buffer, a tensor of a finished job); otherwise
    /// it stays allocated until its bind groups leave the cache. Resizing with the buffer
    /// again works and creates its bind groups anew. A [`CropBatch`] holds its own, freed
    /// with the batch or by [`CropBatch::forget_buffer`].
    pub fn forget_buffer(&self, buffer: &wgpu::Buffer) {
        self.forget_bind_groups(&[buffer]);
        self.textures.forget_buffer(buffer);
    }

    /// Drops every bind group and view the resizer keeps of any image of `texture`, so that
    /// the texture is freed once the caller drops it too: [`Resizer::forget_buffer`] for
    /// textures.
    pub fn forget_texture(&self, texture: &wgpu::Texture) {
        self.textures.forget_texture(texture);
    }

    /// Records `spec`'s resize of `input` into `output` in the caller's `encoder`.
    ///
    /// Both buffers need `STORAGE` usage and at least [`ResizeSpec::input_bytes`] and
    /// [`ResizeSpec::output_bytes`] bytes, and must be distinct. Nothing is submitted. The first
    /// call for a spec creates its weight tables and parameter blocks (buffers filled at
    /// creation, so they are in place whenever the encoder runs) and, for new buffer pairs, its
    /// bind groups; later calls only look them up and record. A `Path::Auto` spec not yet
    /// measured runs the heuristic's choice and is queued for [`Resizer::tune_pending`].
    ///
    /// The buffers and the encoder must come from the resizer's device. A buffer of another
    /// device is a [`ResizeError`]; an encoder of another device cannot be seen from here, and
    /// wgpu reports it when the encoder is finished.
    pub fn encode(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        spec: &ResizeSpec,
        input: &wgpu::Buffer,
        output: &wgpu::Buffer,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        self.encode_inner(encoder, spec, input.slice(..), output.slice(..), path, None)
    }

    /// [`Resizer::encode`] on parts of buffers: the input tensor starts at `input`'s offset and
    /// the output at `output`'s, so that tensors sub-allocated in a larger buffer (an arena, a
    /// ring of frames) are resized in place.
    ///
    /// Each offset must be a multiple of the device's `min_storage_buffer_offset_alignment`
    /// (256 on most GPUs), else [`ResizeError::MisalignedOffset`]; each slice must hold at least
    /// [`ResizeSpec::input_bytes`] and [`ResizeSpec::output_bytes`] bytes, else
    /// [`ResizeError::BufferTooSmall`]. Nothing outside those bytes is read or written. The
    /// slices must lie in different buffers: a buffer cannot be read and written by one dispatch.
    /// Bind groups are cached per pair of buffers and offsets, as [`Resizer::encode`]'s are.
    pub fn encode_slices(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        spec: &ResizeSpec,
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        self.encode_inner(encoder, spec, input, output, path, None)
    }

    /// Records `spec`'s resize of `input` into `output` in the caller's open compute pass, as
    /// [`Resizer::encode`] records it into an encoder: the same buffers, checks, plans and
    /// caches, the resize's dispatches appended to the pass (wgpu orders them after the
    /// pass's earlier dispatches that write what they read). An engine that already runs a
    /// compute pass adds a resize to it without ending the pass, and several resizes in one
    /// pass cost less than a pass each: on an H200, in a stream of ten, 4.7 to 6.3 µs less per
    /// resize at every size measured (BENCHMARKS.md, tuning log items 125 and 127). The pass's
    /// pipeline and bind group 0 are the resize's afterwards: set them again before dispatching
    /// the caller's own work.
    pub fn encode_in_pass(
        &self,
        pass: &mut wgpu::ComputePass<'_>,
        spec: &ResizeSpec,
        input: &wgpu::Buffer,
        output: &wgpu::Buffer,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        self.encode_slices_in_pass(pass, spec, input.slice(..), output.slice(..), path)
    }

    /// [`Resizer::encode_in_pass`] on parts of buffers, with [`Resizer::encode_slices`]'s
    /// conditions on the slices.
    pub fn encode_slices_in_pass(
        &self,
        pass: &mut wgpu::ComputePass<'_>,
        spec: &ResizeSpec,
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        let ready = self.ready(spec, input, output, path)?;
        ready.record_dispatches(pass);
        Ok(ready.plan)
    }

    pub(crate) fn encode_inner(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        spec: &ResizeSpec,
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
        path: Path,
        timestamps: Option<TimestampSlots<'_>>,
    ) -> Result<Plan, ResizeError> {
        let ready = self.ready(spec, input, output, path)?;
        ready.record(encoder, timestamps);
        Ok(ready.plan)
    }

    /// Checks the buffers, plans `spec` and looks up (or creates) its pipelines and bind
    /// groups: everything a resize needs before its dispatches are recorded.
    pub(crate) fn ready(
        &self,
        spec: &ResizeSpec,
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
        path: Path,
    ) -> Result<ReadyResize, ResizeError> {
        self.check_ends(
            input,
            spec.input_bytes(),
            output,
            spec.output_bytes(),
            "any",
        )?;
        let plan = self.plan_without_measuring(spec, path);
        if let Some(stages) = two_steps(spec) {
            return self.ready_in_two_steps(plan, stages, input, output);
        }
        let prepared = self.prepared(spec, plan.path)?;
        let bind_groups = self.bind_groups(spec, &prepared, input, output)?;
        Ok(ReadyResize {
            plan,
            prepared,
            bind_groups,
            before: None,
        })
    }

    /// A two-step resize ([`crate::ResizeSpecBuilder::reducing_gap`]) ready as its two stages:
    /// the reduction from `input` into the pooled reduced image, on the gather path (whose
    /// kernels sum a block of bytes as one, as Pillow rounds it), then the resize of the
    /// reduced image into `output` on the path of `plan`, the whole resize's.
    fn ready_in_two_steps(
        &self,
        plan: Plan,
        (reduce, resize): (ResizeSpec, ResizeSpec),
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
    ) -> Result<ReadyResize, ResizeError> {
        let limits = self.device.limits();
        check_limit(
            "reduced image",
            reduce.output_bytes(),
            limits.max_storage_buffer_binding_size,
        )?;
        let reduced = self.scratch.acquire(
            &self.device,
            ScratchRole::Reduced,
            reduce.output_bytes(),
            limits.max_buffer_size,
        );
        let first = self.ready(&reduce, input, reduced.slice(..), Path::Gather)?;
        let second = self.ready(&resize, reduced.slice(..), output, plan.path)?;
        Ok(ReadyResize {
            plan,
            before: Some(Box::new(first)),
            ..second
        })
    }

    /// Uploads `input`, runs the resize, waits and reads the result back: for scripts and tests.
    /// `T` must match the spec's element type.
    pub fn resize<T: Element>(
        &self,
        spec: &ResizeSpec,
        input: &[T],
        path: Path,
    ) -> Result<Vec<T>, ResizeError> {
        let (input_buffer, output_buffer) = self.upload_for(spec, input, spec.output_bytes())?;
        let run = || {
            // The blocking call may block to measure: an automatic choice is tuned before it
            // runs.
            let plan = self.plan(spec, path)?;
            let mut encoder = self
                .device
                .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                    label: Some("wgpu-resize"),
                });
            self.encode(&mut encoder, spec, &input_buffer, &output_buffer, plan.path)?;
            self.submit_and_read(encoder, &output_buffer, spec.output_len())
        };
        let result = run();
        // No later call binds these buffers again: their cached bind groups would only keep
        // them allocated.
        self.forget_bind_groups(&[&input_buffer, &output_buffer]);
        result
    }

    /// Drops the prepared resources of `kernels` on the fused path at tile columns other than
    /// `columns` (`None`: the kernel's own), which tuning prepared to time them and no
    /// resize will take again.
    fn forget_other_fused_tiles(&self, kernels: &FusedKernels, columns: Option<u32>) {
        lock(&self.prepared).retain(|e| {
            let other = e.spec == kernels.spec
                && e.ends == kernels.ends
                && e.path == Path::Fused
                && e.fused_columns != columns;
            !other
        });
    }

    /// Drops the cached bind groups that bind any of `buffers`, so that they no longer keep
    /// those buffers alive.
    pub(crate) fn forget_bind_groups(&self, buffers: &[&wgpu::Buffer]) {
        lock(&self.bind_group_cache).retain(|(_, input, _, output, _), _| {
            !buffers.iter().any(|&b| b == input || b == output)
        });
    }

    /// The bind groups of `prepared`'s passes over these buffers: cached, so that a frame that
    /// resizes between the same buffers as an earlier one creates none.
    fn bind_groups(
        &self,
        spec: &ResizeSpec,
        prepared: &Arc<Prepared>,
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
    ) -> Result<Arc<Vec<wgpu::BindGroup>>, ResizeError> {
        let key = (
            prepared.id,
            input.buffer().clone(),
            input.offset(),
            output.buffer().clone(),
            output.offset(),
        );
        let find = || lock(&self.bind_group_cache).get(&key).cloned();
        find_or_build(&self.building.bind_groups, find, || {
            let created = Arc::new(self.create_bind_groups(
                spec,
                prepared,
                End::Buffer(input),
                End::Buffer(output),
            )?);
            insert_bounded(
                &mut lock(&self.bind_group_cache),
                self.bind_group_capacity,
                key.clone(),
                created.clone(),
            );
            Ok(created)
        })
    }

    /// New bind groups of `prepared`'s passes reading `input` and writing `output` (counted).
    fn create_bind_groups(
        &self,
        spec: &ResizeSpec,
        prepared: &Prepared,
        input: End<'_>,
        output: End<'_>,
    ) -> Result<Vec<wgpu::BindGroup>, ResizeError> {
        let created = scope::capture(&self.device, || {
            prepared
                .passes
                .iter()
                .map(|pass| {
                    let buffer = |operand| {
                        let (end, bytes) = match operand {
                            Operand::Input => (input, spec.input_bytes()),
                            Operand::Output => (output, spec.output_bytes()),
                            Operand::Intermediate => {
                                let (buffer, bytes) = prepared
                                    .intermediate
                                    .as_ref()
                                    .expect("a pass on the intermediate has one");
                                return wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                                    buffer,
                                    offset: 0,
                                    size: NonZeroU64::new(*bytes),
                                });
                            }
                        };
                        match end {
                            End::Buffer(slice) => {
                                wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                                    buffer: slice.buffer(),
                                    offset: slice.offset(),
                                    size: NonZeroU64::new(bytes),
                                })
                            }
                            End::Texture(view) => wgpu::BindingResource::TextureView(view),
                        }
                    };
                    let layout = &pass.layout;
                    self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                        label: Some("wgpu-resize pass"),
                        layout,
                        entries: &[
                            wgpu::BindGroupEntry {
                                binding: 0,
                                resource: pass.params.as_entire_binding(),
                            },
                            wgpu::BindGroupEntry {
                                binding: 1,
                                resource: prepared.tables.as_entire_binding(),
                            },
                            wgpu::BindGroupEntry {
                                binding: 2,
                                resource: buffer(pass.src),
                            },
                            wgpu::BindGroupEntry {
                                binding: 3,
                                resource: buffer(pass.dst),
                            },
                        ],
                    })
                })
                .collect::<Vec<_>>()
        })?;
        self.counters
            .bind_groups
            .fetch_add(created.len(), Ordering::Relaxed);
        Ok(created)
    }

    /// The layouts of kernels with `features`: binding 2 a sampled texture where they read one,
    /// binding 3 a storage texture where they write one, storage buffers otherwise.
    fn layouts(&self, features: KernelFeatures) -> Result<Layouts, ResizeError> {
        let key = (features.texture_source.is_some(), features.texture_target);
        if key == (false, None) {
            return Ok((self.bind_group_layout.clone(), self.pipeline_layout.clone()));
        }
        if let Some(layouts) = lock(&self.texture_layouts).get(&key) {
            return Ok(layouts.clone());
        }
        let texture_entry = |binding, ty| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty,
            count: None,
        };
        let source = if key.0 {
            texture_entry(
                2,
                wgpu::BindingType::Texture {
                    // Unfilterable accepts every float format.
                    sample_type: wgpu::TextureSampleType::Float { filterable: false },
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
            )
        } else {
            storage_entry(2, true)
        };
        let destination = match key.1 {
            Some(format) => texture_entry(
                3,
                wgpu::BindingType::StorageTexture {
                    access: wgpu::StorageTextureAccess::WriteOnly,
                    format,
                    view_dimension: wgpu::TextureViewDimension::D2,
                },
            ),
            None => storage_entry(3, false),
        };
        let layouts = scope::capture(&self.device, || {
            let group = self
                .device
                .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: Some("wgpu-resize pass with textures"),
                    entries: &[params_entry(), storage_entry(1, true), source, destination],
                });
            let pipeline = self
                .device
                .create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                    label: Some("wgpu-resize pass with textures"),
                    bind_group_layouts: &[Some(&group)],
                    immediate_size: 0,
                });
            (group, pipeline)
        })?;
        lock(&self.texture_layouts).insert(key, layouts.clone());
        Ok(layouts)
    }

    /// The code paths and I/O forms the kernels of `spec` take on this device.
    fn kernel_features(&self, spec: &ResizeSpec) -> KernelFeatures {
        KernelFeatures {
            native_f16: self.native_f16 && spec.element() == ElementType::F16,
            ..KernelFeatures::of(spec)
        }
    }

    /// Whether the kernels read and write f16 tensors as WGSL's `f16` (the device has
    /// `shader-f16`) rather than unpacking `u32` words. Either way the taps sum in f32.
    pub fn native_f16(&self) -> bool {
        self.native_f16
    }

    fn pipeline(&self, kernel: Kernel) -> Result<wgpu::ComputePipeline, ResizeError> {
        find_or_build(
            &self.building.pipelines,
            || lock(&self.pipelines).get(&kernel).cloned(),
            || self.build_pipeline(kernel),
        )
    }

    /// Compiles `kernel`'s pipeline and caches it.
    fn build_pipeline(&self, kernel: Kernel) -> Result<wgpu::ComputePipeline, ResizeError> {
        let label = kernel.label();
        let (_, layout) = self.layouts(kernel.features)?;
        let layout = &layout;
        let pipeline = scope::capture(&self.device, || {
            let descriptor = wgpu::ShaderModuleDescriptor {
                label: Some(&label),
                source: wgpu::ShaderSource::Wgsl(kernel.source().into()),
            };
            let module = if !self.checked_shaders {
                // SAFETY: every index these kernels compute is in range by construction: table
                // rows come from `AxisWeights`, whose bands lie inside the input; outputs are
                // guarded by the grid checks; every loop is bounded by a tap count; every
                // divisor is a validated non-zero extent. The tests run both ways.
                unsafe {
                    self.device.create_shader_module_trusted(
                        descriptor,
                        wgpu::ShaderRuntimeChecks::unchecked(),
                    )
                }
            } else {
                self.device.create_shader_module(descriptor)
            };
            self.device
                .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: Some(&label),
                    layout: Some(layout),
                    module: &module,
                    entry_point: Some("main"),
                    compilation_options: wgpu::PipelineCompilationOptions {
                        constants: &kernel.constants(),
                        // The fused kernel writes every workgroup element before reading it.
                        // wgpu's zero-fill otherwise runs first in each workgroup: on an H200 it
                        // made the fused kernel up to 15x slower than the gather.
                        zero_initialize_workgroup_memory: self.checked_shaders,
                    },
                    cache: None,
                })
        })?;
        lock(&self.pipelines).insert(kernel, pipeline.clone());
        Ok(pipeline)
    }

    /// The prepared resources of `spec` on a concrete `path`: looked up, or prepared on first
    /// use. Steady-state encoding takes the lookup only.
    fn prepared(&self, spec: &ResizeSpec, path: Path) -> Result<Arc<Prepared>, ResizeError> {
        self.prepared_with(spec, path, DirectEnds::default())
    }

    /// [`Resizer::prepared`] with the first pass reading a texture, and the last writing one
    /// or the caller's tensor of fewer channels, where `ends` asks.
    fn prepared_with(
        &self,
        spec: &ResizeSpec,
        path: Path,
        ends: DirectEnds,
    ) -> Result<Arc<Prepared>, ResizeError> {
        let fused_columns = if path == Path::Fused {
            self.fused_columns_for(&FusedKernels { spec: *spec, ends })
        } else {
            None
        };
        let find = || {
            lock(&self.prepared)
                .iter()
                .find(|e| {
                    e.spec == *spec
                        && e.path == path
                        && e.ends == ends
                        && e.fused_columns == fused_columns
                })
                .map(|entry| entry.prepared.clone())
        };
        find_or_build(&self.building.prepared, find, || {
            let prepared = Arc::new(self.prepare(spec, path, ends, fused_columns)?);
            let mut cache = lock(&self.prepared);
            if cache.len() >= PREPARED_CAPACITY {
                cache.remove(0);
            }
            cache.push(PreparedEntry {
                spec: *spec,
                path,
                fused_columns,
                ends,
                prepared: prepared.clone(),
            });
            Ok(prepared)
        })
    }

    /// Everything `spec` needs on the GPU for `path` but the caller's buffers: its passes
    /// ([`PassPlan`]); each pass's kernel and grid ([`Launch::choose`], then the exact
    /// doublings and halvings, computed taps and computed band starts where they serve); the
    /// packed weight tables, the pipelines, the parameter blocks and the intermediate.
    fn prepare(
        &self,
        spec: &ResizeSpec,
        path: Path,
        ends: DirectEnds,
        fused_columns: Option<u32>,
    ) -> Result<Prepared, ResizeError> {
        let DirectEnds {
            source: texture_source,
            target: texture_target,
            tensor: tensor_target,
        } = ends;
        // The kernels are chosen for the resize alone; the last pass's store applies the
        // normalisation as it writes the output (`NORMALIZE` in wgsl/common.wgsl).
        let normalization = spec.normalization();
        let normalized_store = normalization.map(|_| NormalizedStore::of(spec));
        let spec = &spec.without_normalization();
        let limits = self.device.limits();
        // A texture end binds no buffer: only the tensors the kernels bind must fit a binding
        // (an 8K RGBA f16 frame is more than the 128 MiB of wgpu's default limits).
        let max_binding = max_binding(&limits);
        if texture_source.is_none() {
            check_limit("input", spec.input_bytes(), max_binding)?;
        }
        if texture_target.is_none() {
            check_limit("output", spec.output_bytes(), max_binding)?;
        }
        // OpenCV's fixed point and ONNX Runtime's plain linear on uint8 are the gathers',
        // between buffers: a texture route stages.
        if let Some(arithmetic) = spec.gather_arithmetic()
            && (path != Path::Gather || ends != DirectEnds::default())
        {
            return Err(ResizeError::PathUnavailable {
                path: path.name(),
                why: gather_only(arithmetic),
            });
        }
        if spec.reduction_stage().is_some() && path != Path::Gather {
            return Err(ResizeError::PathUnavailable {
                path: path.name(),
                why: REDUCTION_GATHER_ONLY.into(),
            });
        }
        // OpenCV's horizontal taps folded onto the input they read.
        let (wy, wx) = AxisWeights::for_gathers(spec);
        let fused_tile = if path == Path::Fused {
            Some(
                fused_tile(spec, &wy, &wx, &limits, fused_columns)
                    .map_err(|why| ResizeError::PathUnavailable { path: "fused", why })?,
            )
        } else {
            None
        };
        let textures = texture_source.is_some() || texture_target.is_some();
        if textures && fused_tile.is_some_and(|tile| tile.planar) {
            return Err(ResizeError::PathUnavailable {
                path: "fused",
                why: "its NCHW planes are read and written in buffers, not textures".into(),
            });
        }
        let PassPlan {
            passes,
            tables,
            intermediate_bytes,
        } = PassPlan::new(spec, path, (&wy, &wx), fused_tile, textures, max_binding)?;
        // (One pass at most: integer weights serve single passes.)
        let mut weight_bits = integer_weights(&passes, (&wy, &wx), texture_source.is_some());
        let chosen_features = KernelFeatures {
            integer_weights: weight_bits.map(|bits| bits.y + bits.x),
            ..self.kernel_features(spec)
        };
        // The texture that pass `i` reads (the first pass) and writes (the last), if any.
        let last = passes.len() - 1;
        let texture_ends = |i: usize| {
            (
                texture_source.filter(|_| i == 0),
                texture_target.filter(|_| i == last),
            )
        };
        // Each pass's kernel knows the texture it reads or writes and the tensor of fewer
        // channels it stores, if any, so that the kernels that cannot (the split and wide
        // gathers) step aside.
        let mut launches: Vec<Launch> = passes
            .iter()
            .enumerate()
            .map(|(i, pass)| {
                let (src, dst) = pass.elements;
                let (y, x) = pass.shape.tables(&tables);
                let (texture_source, texture_target) = texture_ends(i);
                let features = KernelFeatures {
                    texture_source,
                    texture_target,
                    tensor_target: tensor_target.filter(|_| i == last),
                    ..chosen_features
                }
                .over(y, x);
                Launch::choose(&pass.spec, &pass.shape, src, dst, features, &limits)
            })
            .collect();
        // Exact doublings write each input pixel's 2 x 2 outputs where both tables repeat
        // every two outputs, between buffers or RGBA textures (src/gpu/doubling.rs); exact
        // halvings read the four input pixels under two outputs at once where both tables take
        // inputs 2j and 2j + 1 (src/gpu/halving.rs).
        if let [launch] = launches.as_mut_slice()
            && spec.gather_arithmetic().is_none()
        {
            let ends = KernelFeatures {
                texture_source,
                texture_target,
                tensor_target,
                ..chosen_features
            };
            for choose in [doubling::choose, halving::choose] {
                choose(
                    launch,
                    spec,
                    (&wy, &wx),
                    ends,
                    weight_bits.map(|bits| (bits.y, bits.x)),
                    limits.max_compute_workgroups_per_dimension,
                );
            }
        }
        // OpenCV's INTER_LINEAR doubling of RGB bytes, and ONNX Runtime's in its integers
        // (between buffers, as their arithmetic always runs), each in its own arithmetic: the
        // RGB doubling where both tables are that library's x2 (src/gpu/doubling.rs).
        // Their halvings, where the arithmetic gives the exact sums rounded or truncated, take
        // the exact halving (src/gpu/halving.rs).
        if let [launch] = launches.as_mut_slice() {
            for choose in [doubling::choose_opencv, halving::choose_library_arithmetic] {
                choose(
                    launch,
                    spec,
                    (&wy, &wx),
                    limits.max_compute_workgroups_per_dimension,
                );
            }
        }
        // The vector gather at a texture end takes the workgroup that suits the texture's
        // layout (src/gpu/texture_groups.rs), before the computed taps, which keep it.
        for (i, (pass, launch)) in passes.iter().zip(&mut launches).enumerate() {
            let (source, target) = texture_ends(i);
            texture_groups::fit(
                launch,
                pass.shape.dst_size,
                source.is_some(),
                target,
                limits.max_compute_workgroups_per_dimension,
            );
        }
        // Bilinear and nearest passes whose tables follow the coordinate mapping compute their
        // taps where that serves and pays (src/gpu/computed_taps.rs).
        let computed: Vec<Option<[TapFormula; 2]>> = passes
            .iter()
            .zip(&mut launches)
            .map(|(pass, launch)| {
                let (y, x) = pass.shape.tables(&tables);
                computed_taps::choose(launch, pass.spec.channels(), (y, x), chosen_features)
            })
            .collect();
        // The vector gather computes its vertical band starts where a formula gives them all
        // and that pays; a pass reading a sub-image in place from its first row, through its
        // table moved there.
        let cut_rows = passes::cut_rows(spec);
        let y_starts: Vec<Option<ArithmeticStarts>> = passes
            .iter()
            .zip(&mut launches)
            .map(|(pass, launch)| match &mut launch.variant {
                KernelVariant::GatherVec4 { shape: work, .. } => ArithmeticStarts::choose(
                    work,
                    pass.shape.tables(&tables).0,
                    cut_rows.filter(|_| pass.src == Operand::Input),
                    chosen_features.integer_weights.is_some(),
                    spec.fixed_point(),
                ),
                _ => None,
            })
            .collect();
        // A grid too large for the vector, quad and staged gathers leaves the scalar one, whose
        // weights are floats.
        if launches
            .iter()
            .any(|l| matches!(l.variant, KernelVariant::Gather { .. }))
        {
            weight_bits = None;
        }
        for launch in &launches {
            check_grid(
                launch.workgroups,
                limits.max_compute_workgroups_per_dimension,
            )?;
        }
        if spec.premultiplied_alpha()
            && launches
                .iter()
                .any(|l| matches!(l.variant, KernelVariant::Gather { .. }))
        {
            return Err(ResizeError::PathUnavailable {
                path: path.name(),
                why: "premultiplied alpha needs the vector kernels, whose grid exceeds this \
                      device's workgroup limits for this shape"
                    .into(),
            });
        }
        let forms = |i: usize| match weight_bits {
            // The one pass's tables: y, then x, then the identity along x of a pass read as
            // four-channel pixels, if any.
            Some(bits) => WeightForm::Integer([bits.y, bits.x][i.min(1)]),
            None => WeightForm::of(spec),
        };
        let table_forms: Vec<(&AxisWeights, WeightForm)> = tables
            .iter()
            .enumerate()
            .map(|(i, t)| (t, forms(i)))
            .collect();
        let (packed, offsets) = pack_tables(&table_forms);
        check_limit("weight tables", packed.len() as u64 * 4, max_binding)?;
        let scalar = |i: usize| !launches[i].variant.vector_io();
        if (texture_source.is_some() && scalar(0)) || (texture_target.is_some() && scalar(last)) {
            return Err(ResizeError::PathUnavailable {
                path: path.name(),
                why: "reading or writing a texture directly needs the vector kernels".into(),
            });
        }
        if tensor_target.is_some() {
            // Each invocation stores its pixel's elements alone: f32, or f16 as WGSL's f16;
            // packed f16 and u8 words would be shared with the neighbouring pixel.
            let stored = launches[last].variant.dst();
            let whole_elements = stored == ElementType::F32
                || stored == ElementType::F16 && self.kernel_features(spec).native_f16;
            if scalar(last) || !whole_elements {
                return Err(ResizeError::PathUnavailable {
                    path: path.name(),
                    why: "writing a tensor of fewer channels needs the vector kernels and f32 \
                          elements, or f16 where the device has shader-f16"
                        .into(),
                });
            }
        }
        let lanes_doubling = matches!(
            launches.as_slice(),
            [Launch {
                variant: KernelVariant::GatherDoubling {
                    channels: 4,
                    lanes: true,
                    ..
                },
                ..
            }]
        );
        let pipelines: Vec<(wgpu::ComputePipeline, wgpu::BindGroupLayout, Kernel)> = launches
            .iter()
            .zip(&passes)
            .enumerate()
            .map(|(i, (launch, pass))| {
                let (y, x) = pass.shape.tables(&tables);
                let (texture_source, texture_target) = texture_ends(i);
                let features = KernelFeatures {
                    texture_source,
                    texture_target,
                    tensor_target: tensor_target.filter(|_| i == last),
                    integer_weights: weight_bits.map(|bits| bits.y + bits.x),
                    color: ColorSteps::of(&pass.spec, pass.shape.color),
                    normalized: normalized_store.filter(|_| i == last),
                    ..self.kernel_features(&pass.spec)
                }
                .inside(y, x);
                let kernel = Kernel {
                    variant: launch.variant,
                    features,
                };
                let pipeline = self.pipeline(kernel)?;
                Ok((pipeline, self.layouts(features)?.0, kernel))
            })
            .collect::<Result<_, ResizeError>>()?;
        scope::capture(&self.device, || {
            let tables = self
                .device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("wgpu-resize weight tables"),
                    contents: bytemuck::cast_slice(&packed),
                    usage: wgpu::BufferUsages::STORAGE,
                });
            let intermediate = (intermediate_bytes > 0).then(|| {
                (
                    self.scratch.acquire(
                        &self.device,
                        ScratchRole::Intermediate,
                        intermediate_bytes,
                        limits.max_buffer_size,
                    ),
                    intermediate_bytes,
                )
            });
            let params_buffer = |params: &PassParams| {
                self.device
                    .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                        label: Some("wgpu-resize pass parameters"),
                        contents: bytemuck::bytes_of(params),
                        usage: wgpu::BufferUsages::UNIFORM,
                    })
            };
            let passes: Vec<PreparedPass> = passes
                .into_iter()
                .zip(pipelines)
                .zip(launches)
                .zip(y_starts.into_iter().zip(computed))
                .enumerate()
                .map(
                    |(i, (((pass, (pipeline, layout, kernel)), launch), (y_starts, computed)))| {
                        let mut shape = pass.shape;
                        shape.y.0 = offsets[shape.y.0 as usize];
                        shape.x.0 = offsets[shape.x.0 as usize];
                        let params = PassParams::new(&pass.spec, &shape, launch.row_stride)
                            .with_y_starts(y_starts)
                            .with_computed_taps(computed)
                            .with_normalization(normalization.filter(|_| i == last), spec);
                        // Texture ends' rows a power of two apart, where the kernel takes them
                        // so (`texel_at` in wgsl/common.wgsl).
                        let (source, target) = texture_ends(i);
                        let params = match source {
                            Some(_) => params.with_texture_source_rows(),
                            None => params,
                        };
                        let pads_target =
                            target.is_some() && pads_target_rows(&launch.variant, source.is_some());
                        let params = if pads_target {
                            params.with_texture_target_rows()
                        } else {
                            params
                        };
                        PreparedPass {
                            pipeline,
                            kernel,
                            layout,
                            params: params_buffer(&params),
                            workgroups: launch.workgroups,
                            src: pass.src,
                            dst: pass.dst,
                        }
                    },
                )
                .collect();
            self.counters
                .buffers
                .fetch_add(1 + passes.len(), Ordering::Relaxed);
            Prepared {
                id: self.counters.prepared.fetch_add(1, Ordering::Relaxed) as u64,
                tables,
                passes,
                intermediate,
                lanes_doubling,
            }
        })
    }
}

/// A bind group layout and the pipeline layout of it alone.
type Layouts = (wgpu::BindGroupLayout, wgpu::PipelineLayout);

/// Binding 0 of every kernel: its parameter block.
fn params_entry() -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding: 0,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: NonZeroU64::new(size_of::<PassParams>() as u64),
        },
        count: None,
    }
}

/// A storage buffer binding of a kernel.
fn storage_entry(binding: u32, read_only: bool) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

/// A resize checked, planned and bound ([`Resizer::ready`]), waiting to be recorded.
pub(crate) struct ReadyResize {
    /// The plan it runs.
    pub(crate) plan: Plan,
    prepared: Arc<Prepared>,
    bind_groups: Arc<Vec<wgpu::BindGroup>>,
    /// The stage recorded first: the reduction of a two-step resize.
    before: Option<Box<ReadyResize>>,
}

impl ReadyResize {
    /// Records the resize as one compute pass of its own, with timestamps at the pass's start
    /// and end when asked.
    pub(crate) fn record(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        timestamps: Option<TimestampSlots<'_>>,
    ) {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("wgpu-resize"),
            timestamp_writes: timestamps.map(TimestampSlots::whole_pass),
        });
        self.record_dispatches(&mut pass);
    }

    /// Appends the resize's dispatches (one per pass of its plan) to an open compute pass.
    /// wgpu orders the second dispatch of a two-pass plan, which reads the intermediate, after
    /// the first, which writes it, as it would between two compute passes; one compute pass
    /// spares the second pass's own start and end (tuning log item 125).
    pub(crate) fn record_dispatches(&self, pass: &mut wgpu::ComputePass<'_>) {
        if let Some(before) = &self.before {
            before.record_dispatches(pass);
        }
        record_dispatches(pass, &self.prepared, &self.bind_groups);
    }

    /// The dispatches [`ReadyResize::record_dispatches`] records, in order.
    pub(crate) fn kernels(&self) -> Vec<PassKernel> {
        let mut kernels = self
            .before
            .as_ref()
            .map_or_else(Vec::new, |before| before.kernels());
        kernels.extend(pass_kernels(&self.prepared));
        kernels
    }
}

/// `prepared`'s passes as [`Resizer::kernels`] names them, in order.
fn pass_kernels(prepared: &Prepared) -> Vec<PassKernel> {
    prepared
        .passes
        .iter()
        .map(|pass| PassKernel {
            kernel: pass.kernel.label(),
            workgroups: pass.workgroups,
        })
        .collect()
}

/// Appends `prepared`'s passes with their bind groups to `compute`, a dispatch each.
fn record_dispatches(
    compute: &mut wgpu::ComputePass<'_>,
    prepared: &Prepared,
    bind_groups: &[wgpu::BindGroup],
) {
    for (pass, bind_group) in prepared.passes.iter().zip(bind_groups) {
        compute.set_pipeline(&pass.pipeline);
        compute.set_bind_group(0, bind_group, &[]);
        compute.dispatch_workgroups(pass.workgroups.0, pass.workgroups.1, pass.workgroups.2);
    }
}

/// Input and output storage buffers sized for `spec`, holding nothing in particular: what
/// measurements run on, never the caller's data.
pub(crate) fn scratch_tensors(
    device: &wgpu::Device,
    spec: &ResizeSpec,
    label: &str,
) -> (wgpu::Buffer, wgpu::Buffer) {
    (
        scratch_tensor(device, label, spec.input_bytes()),
        scratch_tensor(device, label, spec.output_bytes()),
    )
}

/// One storage buffer of `size` bytes holding nothing in particular: a tensor that a
/// measurement reads or writes (one end of [`scratch_tensors`], or a texture route's tensor).
pub(crate) fn scratch_tensor(device: &wgpu::Device, label: &str, size: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    })
}

/// Inserts into a cache, emptying it first once it holds `capacity` entries; a capacity of 0
/// keeps nothing. The caches of bind groups and views hold the caller's buffers and textures
/// alive, so they stay small.
fn insert_bounded<K: Eq + std::hash::Hash, V>(
    cache: &mut HashMap<K, V>,
    capacity: usize,
    key: K,
    value: V,
) {
    if capacity == 0 {
        return;
    }
    if cache.len() >= capacity {
        cache.clear();
    }
    cache.insert(key, value);
}

/// `find`'s value, or else `build`'s (which caches it), built while holding `building`: a
/// thread that waited for the lock looks again first, since the thread that held it may have
/// built that very value.
fn find_or_build<V>(
    building: &Mutex<()>,
    find: impl Fn() -> Option<V>,
    build: impl FnOnce() -> Result<V, ResizeError>,
) -> Result<V, ResizeError> {
    if let Some(value) = find() {
        return Ok(value);
    }
    let _one_builder = lock(building);
    match find() {
        Some(value) => Ok(value),
        None => build(),
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The stages `spec` runs in, if two: a two-step resize's (Pillow's reduction first). A
/// sub-image ([`crate::ResizeSpecBuilder::cut`]) is one step on every path: each reads it
/// where it lies, through its tables moved there.
pub(super) fn two_steps(spec: &ResizeSpec) -> Option<(ResizeSpec, ResizeSpec)> {
    spec.stages().filter(|_| spec.cut().is_none())
}
