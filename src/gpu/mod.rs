//! The GPU side: [`Resizer`] caches pipelines and per-spec resources and records resizes into
//! the caller's command encoder.

mod blocking;
mod channel_blind;
mod color;
mod computed_taps;
mod crop_batch;
mod doubling;
mod halving;
mod params;
mod planner;
mod scope;
mod scratch;
pub mod shaders;
mod starts;
mod texture;
mod texture_image;
mod video;

use std::collections::HashMap;
use std::num::NonZeroU64;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use wgpu::util::DeviceExt;

use crate::element::Element;
use crate::error::ResizeError;
use crate::plan::{self, PassOrder, Path, Plan};
use crate::spec::{ElementType, ResizeSpec, Size2};
use crate::weights::AxisWeights;
pub use color::ColorSteps;
use color::PassColor;
use computed_taps::TapFormula;
pub use crop_batch::CropBatch;
use params::{PassParams, PassShape, WeightForm, check_grid, dispatch_grid, pack_tables};
pub use planner::{ResizerOptions, Tuning};
use scratch::{ScratchPool, ScratchRole};
pub use shaders::{ChannelGroup, FusedTile, Kernel, KernelFeatures, KernelVariant, TextureSource};
use starts::ArithmeticStarts;
pub use texture::TextureWrite;
pub use texture_image::TextureImage;

/// Prepared specs kept per resizer; the oldest is dropped past this.
const PREPARED_CAPACITY: usize = 256;

/// Sets of bind groups kept per resizer (each holds its input and output buffer alive).
const BIND_GROUP_CAPACITY: usize = 64;

/// A prepared spec's bind groups are keyed by its id and the input and output buffers with the
/// offsets they are bound at.
type BindGroupKey = (u64, wgpu::Buffer, u64, wgpu::Buffer, u64);

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
    /// The device has `shader-f16`: f16 tensors are read and written as WGSL's f16.
    native_f16: bool,
    prepared: Mutex<Vec<PreparedEntry>>,
    bind_group_cache: Mutex<HashMap<BindGroupKey, Arc<Vec<wgpu::BindGroup>>>>,
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

/// Which tensor a pass reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Operand {
    Input,
    Output,
    Intermediate,
}

struct PreparedPass {
    pipeline: wgpu::ComputePipeline,
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
}

/// A spec's resources for one concrete path.
struct PreparedEntry {
    spec: ResizeSpec,
    path: Path,
    /// The texture the first pass reads and the format the last writes, if any.
    texture_ends: (Option<TextureSource>, Option<wgpu::TextureFormat>),
    prepared: Arc<Prepared>,
}

/// Counts of what a [`Resizer`] has created, to show that steady-state encoding allocates
/// nothing new.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResizerStats {
    /// Pipelines built: resize kernels and texture staging.
    pub pipelines: usize,
    /// Specs prepared so far (weight tables and parameter blocks uploaded).
    pub prepared_specs: usize,
    /// Buffers created for tables and parameter blocks so far.
    pub buffers_created: usize,
    /// Bind groups created so far.
    pub bind_groups_created: usize,
    /// Scratch buffers held.
    pub scratch_buffers: usize,
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
            native_f16: device.features().contains(wgpu::Features::SHADER_F16),
            prepared: Mutex::default(),
            bind_group_cache: Mutex::default(),
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

    /// Whether `path` can run `spec` on this device, and why not. Only the fused path has
    /// conditions (layout, channels, footprint, workgroup memory).
    pub fn availability(&self, spec: &ResizeSpec, path: Path) -> Result<(), String> {
        match path {
            Path::Fused => {
                let (wy, wx) = AxisWeights::for_spec(spec);
                fused_fits(spec, &wy, &wx, &self.device.limits()).map(|_| ())
            }
            _ => Ok(()),
        }
    }

    /// What this resizer has created so far.
    pub fn stats(&self) -> ResizerStats {
        ResizerStats {
            pipelines: lock(&self.pipelines).len() + self.textures.pipeline_count(),
            prepared_specs: self.counters.prepared.load(Ordering::Relaxed),
            buffers_created: self.counters.buffers.load(Ordering::Relaxed),
            bind_groups_created: self.counters.bind_groups.load(Ordering::Relaxed),
            scratch_buffers: self.scratch.len(),
        }
    }

    /// Records `spec`'s resize of `input` into `output` in the caller's `encoder`.
    ///
    /// Both buffers need `STORAGE` usage and at least [`ResizeSpec::input_bytes`] and
    /// [`ResizeSpec::output_bytes`] bytes, and must be distinct. Nothing is submitted. The first
    /// call for a spec creates its weight tables and parameter blocks (buffers filled at
    /// creation, so they are in place whenever the encoder runs) and, for new buffer pairs, its
    /// bind groups; later calls only look them up and record. A `Path::Auto` spec not yet
    /// measured runs the heuristic's choice and is queued for [`Resizer::tune_pending`].
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
        let prepared = self.prepared(spec, plan.path)?;
        let bind_groups = self.bind_groups(spec, &prepared, input, output)?;
        Ok(ReadyResize {
            plan,
            prepared,
            bind_groups,
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
        // The blocking call may block to measure: an automatic choice is tuned before it runs.
        let plan = self.plan(spec, path)?;
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("wgpu-resize"),
            });
        self.encode(&mut encoder, spec, &input_buffer, &output_buffer, plan.path)?;
        self.submit_and_read(encoder, &output_buffer, spec.output_len())
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
        if let Some(groups) = lock(&self.bind_group_cache).get(&key) {
            return Ok(groups.clone());
        }
        let created = Arc::new(self.create_bind_groups(
            spec,
            prepared,
            End::Buffer(input),
            End::Buffer(output),
        )?);
        insert_bounded(
            &mut lock(&self.bind_group_cache),
            BIND_GROUP_CAPACITY,
            key,
            created.clone(),
        );
        Ok(created)
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
        if let Some(pipeline) = lock(&self.pipelines).get(&kernel) {
            return Ok(pipeline.clone());
        }
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
        self.prepared_with(spec, path, None, None)
    }

    /// [`Resizer::prepared`] with the first pass reading a texture and the last writing one
    /// where asked.
    fn prepared_with(
        &self,
        spec: &ResizeSpec,
        path: Path,
        texture_source: Option<TextureSource>,
        texture_target: Option<wgpu::TextureFormat>,
    ) -> Result<Arc<Prepared>, ResizeError> {
        let ends = (texture_source, texture_target);
        if let Some(entry) = lock(&self.prepared)
            .iter()
            .find(|e| e.spec == *spec && e.path == path && e.texture_ends == ends)
        {
            return Ok(entry.prepared.clone());
        }
        let prepared = Arc::new(self.prepare(spec, path, texture_source, texture_target)?);
        let mut cache = lock(&self.prepared);
        if cache.len() >= PREPARED_CAPACITY {
            cache.remove(0);
        }
        cache.push(PreparedEntry {
            spec: *spec,
            path,
            texture_ends: ends,
            prepared: prepared.clone(),
        });
        Ok(prepared)
    }

    fn prepare(
        &self,
        spec: &ResizeSpec,
        path: Path,
        texture_source: Option<TextureSource>,
        texture_target: Option<wgpu::TextureFormat>,
    ) -> Result<Prepared, ResizeError> {
        let limits = self.device.limits();
        let max_binding = check_tensor_sizes(&limits, spec.input_bytes(), spec.output_bytes())?;
        let (wy, wx) = AxisWeights::for_spec(spec);
        let (input, output) = (spec.input(), spec.output());
        let element = spec.element();

        // Each pass: (shape, source, destination, element types read and written).
        let mut tables: Vec<AxisWeights> = vec![wy.clone(), wx.clone()];
        let mut passes: Vec<(PassShape, Operand, Operand, ElementType, ElementType)> = Vec::new();
        let mut intermediate_bytes = 0;
        let fused_tile = if path == Path::Fused {
            Some(
                fused_fits(spec, &wy, &wx, &limits)
                    .map_err(|why| ResizeError::PathUnavailable { path: "fused", why })?,
            )
        } else {
            None
        };
        // The separable path of a spec that keeps one axis at its size runs the other axis's
        // pass alone: the kept axis's pass would copy the tensor through the intermediate.
        let one_pass = path != Path::Separable || wy.is_identity() || wx.is_identity();
        if one_pass {
            passes.push((
                PassShape {
                    src_size: input,
                    dst_size: output,
                    y: (0, wy.taps()),
                    x: (1, wx.taps()),
                    fused: fused_tile,
                    color: PassColor::WHOLE,
                },
                Operand::Input,
                Operand::Output,
                element,
                element,
            ));
        } else {
            // The intermediate keeps full f32 precision unless the spec rounds between
            // passes, in which case it is stored in the element type itself.
            let mid_element = if spec.round_intermediate() {
                element
            } else {
                ElementType::F32
            };
            let (mid_size, first, second) = match plan::pass_order(spec) {
                PassOrder::XThenY => {
                    tables.push(AxisWeights::identity(input.height));
                    tables.push(AxisWeights::identity_with_outside_of(&wx));
                    (
                        Size2::new(input.height, output.width),
                        ((2, 1), (1, wx.taps())),
                        ((0, wy.taps()), (3, 1)),
                    )
                }
                PassOrder::YThenX => {
                    tables.push(AxisWeights::identity(input.width));
                    tables.push(AxisWeights::identity_with_outside_of(&wy));
                    (
                        Size2::new(output.height, input.width),
                        ((0, wy.taps()), (2, 1)),
                        ((3, 1), (1, wx.taps())),
                    )
                }
            };
            intermediate_bytes =
                (spec.tensor_elements(mid_size) * mid_element.size()).next_multiple_of(4);
            check_limit("intermediate", intermediate_bytes, max_binding)?;
            passes.push((
                PassShape {
                    src_size: input,
                    dst_size: mid_size,
                    y: first.0,
                    x: first.1,
                    fused: None,
                    color: PassColor::FIRST,
                },
                Operand::Input,
                Operand::Intermediate,
                element,
                mid_element,
            ));
            passes.push((
                PassShape {
                    src_size: mid_size,
                    dst_size: output,
                    y: second.0,
                    x: second.1,
                    fused: None,
                    color: PassColor::SECOND,
                },
                Operand::Intermediate,
                Operand::Output,
                mid_element,
                element,
            ));
        }
        let textures = texture_source.is_some() || texture_target.is_some();
        // Each pass's spec: the resize's own, or for a vertical pass whose rows split into
        // four-channel pixels, the same rows read as such (src/gpu/channel_blind.rs).
        let mut pass_specs: Vec<ResizeSpec> = Vec::with_capacity(passes.len());
        for (shape, ..) in passes.iter_mut() {
            let identity = tables.len() as u32;
            let x_table = &tables[shape.x.0 as usize];
            match channel_blind::reshape(spec, shape, x_table, textures, identity) {
                Some((pass_spec, reshaped)) => {
                    tables.push(AxisWeights::identity(reshaped.src_size.width));
                    *shape = reshaped;
                    pass_specs.push(pass_spec);
                }
                None => pass_specs.push(*spec),
            }
        }
        // (One pass at most: integer weights serve single passes.)
        let mut weight_bits = integer_weights(&pass_specs[0], &passes, (&wy, &wx), textures);
        let chosen_features = KernelFeatures {
            integer_weights: weight_bits.map(|bits| bits.y + bits.x),
            ..self.kernel_features(spec)
        };
        let mut launches: Vec<Launch> = passes
            .iter()
            .zip(&pass_specs)
            .map(|((shape, _, _, src, dst), pass_spec)| {
                Launch::choose(pass_spec, shape, *src, *dst, chosen_features, &limits)
            })
            .collect();
        // Exact doublings write each input pixel's 2 x 2 outputs where both tables repeat
        // every two outputs, between buffers or RGBA textures (src/gpu/doubling.rs).
        if let [launch] = launches.as_mut_slice() {
            let ends = KernelFeatures {
                texture_source,
                texture_target,
                ..chosen_features
            };
            doubling::choose(
                launch,
                spec,
                (&wy, &wx),
                ends,
                weight_bits.map(|bits| (bits.y, bits.x)),
                limits.max_compute_workgroups_per_dimension,
            );
            // Exact halvings read the four input pixels under two outputs at once where both
            // tables take inputs 2j and 2j + 1 (src/gpu/halving.rs).
            halving::choose(
                launch,
                spec,
                (&wy, &wx),
                ends,
                weight_bits.map(|bits| (bits.y, bits.x)),
                limits.max_compute_workgroups_per_dimension,
            );
        }
        // Bilinear and nearest passes whose tables follow the coordinate mapping compute their
        // taps where that serves and pays (src/gpu/computed_taps.rs).
        let computed: Vec<Option<[TapFormula; 2]>> = passes
            .iter()
            .zip(&mut launches)
            .zip(&pass_specs)
            .map(|(((shape, ..), launch), pass_spec)| {
                let (y, x) = (&tables[shape.y.0 as usize], &tables[shape.x.0 as usize]);
                computed_taps::choose(launch, pass_spec.channels(), (y, x), chosen_features)
            })
            .collect();
        // The vector gather computes its vertical band starts where a formula gives them all
        // and that pays.
        let y_starts: Vec<Option<ArithmeticStarts>> = passes
            .iter()
            .zip(&mut launches)
            .map(|((shape, ..), launch)| match &mut launch.variant {
                KernelVariant::GatherVec4 { shape: work, .. } => ArithmeticStarts::choose(
                    work,
                    &tables[shape.y.0 as usize],
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
        let last = launches.len() - 1;
        let scalar = |i: usize| !launches[i].variant.vector_io();
        if (texture_source.is_some() && scalar(0)) || (texture_target.is_some() && scalar(last)) {
            return Err(ResizeError::PathUnavailable {
                path: path.name(),
                why: "reading or writing a texture directly needs the vector kernels".into(),
            });
        }
        let pipelines: Vec<(wgpu::ComputePipeline, wgpu::BindGroupLayout)> = launches
            .iter()
            .enumerate()
            .map(|(i, launch)| {
                let shape = &passes[i].0;
                let pass_spec = &pass_specs[i];
                let features = KernelFeatures {
                    texture_source: texture_source.filter(|_| i == 0),
                    texture_target: texture_target.filter(|_| i == last),
                    integer_weights: weight_bits.map(|bits| bits.y + bits.x),
                    color: ColorSteps::of(pass_spec, shape.color),
                    ..self.kernel_features(pass_spec)
                }
                .inside(&tables[shape.y.0 as usize], &tables[shape.x.0 as usize]);
                let pipeline = self.pipeline(Kernel {
                    variant: launch.variant,
                    features,
                })?;
                Ok((pipeline, self.layouts(features)?.0))
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
            let passes: Vec<PreparedPass> = passes
                .into_iter()
                .zip(pipelines)
                .zip(launches)
                .zip(y_starts.into_iter().zip(computed))
                .zip(&pass_specs)
                .map(
                    |(
                        (
                            (((mut shape, src, dst, _, _), (pipeline, layout)), launch),
                            (y_starts, computed),
                        ),
                        pass_spec,
                    )| {
                        shape.y.0 = offsets[shape.y.0 as usize];
                        shape.x.0 = offsets[shape.x.0 as usize];
                        let params = PassParams::new(pass_spec, &shape, launch.row_stride)
                            .with_y_starts(y_starts)
                            .with_computed_taps(computed);
                        let params =
                            self.device
                                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                                    label: Some("wgpu-resize pass parameters"),
                                    contents: bytemuck::bytes_of(&params),
                                    usage: wgpu::BufferUsages::UNIFORM,
                                });
                        PreparedPass {
                            pipeline,
                            layout,
                            params,
                            workgroups: launch.workgroups,
                            src,
                            dst,
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
            }
        })
    }
}

/// Most bits of integer weights, both axes together: in the vector gather's 16-bit lanes, sums
/// of bytes times weights of 2^8 to the unit stay below 2^16 (`wgsl/lanes_u8.wgsl`).
const MAX_WEIGHT_BITS: u32 = 8;

/// The bits of each axis's integer weights, for [`integer_weights`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WeightBits {
    y: u32,
    x: u32,
}

/// Whether a resize sums integer weights to its stored bytes, and with which bits: u8 buffers
/// (`textures` false) in one pass that is not fused, without colour conversions or Pillow's
/// fixed point (which has integer weights of its own), whose tables are dyadic
/// ([`AxisWeights::dyadic_bits`]) with at most [`MAX_WEIGHT_BITS`] bits between them, and that
/// the vector gather (RGBA, in 16-bit lanes: `wgsl/lanes_u8.wgsl`) or the quad and staged
/// gathers (NCHW, and NHWC of 1 to 3 channels: `column_bytes` in `wgsl/strided_taps.wgsl`) run.
/// The sums are then exact in integers as in f32, and the results the same, without converting
/// a byte to f32 and back. H200, gather µs: RGBA u8 1080p x2 48.1 -> 33.4, nearest x2 48.0 ->
/// 25.8, 4K x0.5 21.5 -> 18.9 (BENCHMARKS.md tuning log item 47). The caller still checks that
/// the pass takes one of those kernels ([`Launch::choose`]).
fn integer_weights(
    spec: &ResizeSpec,
    passes: &[(PassShape, Operand, Operand, ElementType, ElementType)],
    (wy, wx): (&AxisWeights, &AxisWeights),
    textures: bool,
) -> Option<WeightBits> {
    let [(shape, _, _, ElementType::U8, ElementType::U8)] = passes else {
        return None;
    };
    let kernels_serve = spec.vector_friendly() || quads_serve(spec, ElementType::U8).is_some();
    if shape.fused.is_some()
        || !kernels_serve
        || textures
        || spec.converts_color()
        || spec.fixed_point()
    {
        return None;
    }
    let y = wy.dyadic_bits(MAX_WEIGHT_BITS)?;
    let x = wx.dyadic_bits(MAX_WEIGHT_BITS - y)?;
    Some(WeightBits { y, x })
}

/// Output rows per invocation for shrinks whose vertical bands overlap.
const WINDOW_ROWS: u32 = 4;

/// Fewest invocations a windowed shrink may leave: below this (about one H200's resident
/// threads) fewer, longer invocations hide less memory latency than they save loads.
const WINDOW_MIN_INVOCATIONS: u64 = 1 << 18;

/// Whether a shrink pass runs [`WINDOW_ROWS`] rows per invocation, loading each input row of
/// their overlapping bands once. On an H200 (medians, µs) it paid where each input row costs
/// several horizontal taps, the bands overlap at least threefold and enough invocations remain:
/// 4K -> 1080p antialiased bicubic gather 161 -> 92, lanczos 417 -> 194. It cost where a row is
/// one load (the separable path's vertical pass: 4K -> 224x224 bicubic 103 -> 114) or the
/// output is small (4K -> 224x224 gather 551 -> 793), and 8 rows were slower than 4 throughout.
/// `channels` is how the pass's invocations split the channels.
fn window_pays(spec: &ResizeSpec, shape: &PassShape, channels: ChannelGroup) -> bool {
    let (src, out) = (shape.src_size, shape.dst_size);
    let groups = spec.channels() / channels.size();
    let invocations = out.width as u64 * out.height as u64 * spec.batch() as u64 * groups as u64
        / WINDOW_ROWS as u64;
    !spec.fixed_point()
        && shape.x.1 > 1
        && shape.y.1 as u64 * out.height as u64 >= 3 * src.height as u64
        && invocations >= WINDOW_MIN_INVOCATIONS
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
        record_dispatches(pass, &self.prepared, &self.bind_groups);
    }
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

/// Which kernel runs a pass, and its grid.
struct Launch {
    variant: KernelVariant,
    workgroups: (u32, u32, u32),
    /// Invocations per grid row, for the flat kernel's index.
    row_stride: u32,
}

/// Output rows per invocation of the gathers' enlargements by 2 or more (before
/// [`more_rows`]).
const ENLARGING_ROWS: u32 = 4;

/// Output rows per invocation of the gathers. Enlargements read the same inputs for neighbouring
/// rows: several rows per invocation reuse the column's taps and raise the loads in flight
/// (H200: 1080p x2 53 -> 49 µs from 2 to 4 rows). Shrinks take one row, or [`WINDOW_ROWS`] where
/// `windows` (see [`window_pays`]).
fn rows_per_invocation(shape: &PassShape, windows: bool) -> u32 {
    let (src, out) = (shape.src_size.height, shape.dst_size.height);
    if out >= 2 * src {
        ENLARGING_ROWS
    } else if out > src {
        2
    } else if windows {
        WINDOW_ROWS
    } else {
        1
    }
}

/// Most rows per invocation of the u8 quads' enlargements by 2 or more, and the fewest
/// invocations they may leave. A quad's four columns of taps cost more to set up than a vector
/// column's, and more rows spread that over more outputs, as long as enough invocations remain
/// to keep the GPU busy. H200, `wgresize plan`, gather µs for 4 / 8 / 16 / 32 rows: RGB u8 1080p
/// x2 57.8 / 49.4 / 45.9 / 51.5, NCHW 58.3 / 49.2 / 44.8 / 49.7, grey 45.5 / 37.2 / 33.6 / 35.2;
/// but RGB 640x360 x2 16.6 / 24.9 / 42.0 with 8 / 16 / 32 rows (29k, 14k and 7k invocations),
/// and the NCHW u8 batch 32x112² x2 18.2 with 4 or 8 rows (BENCHMARKS.md tuning log item 48).
const QUADS_MAX_ROWS: u32 = 16;
const QUADS_MIN_INVOCATIONS: u64 = 1 << 16;

/// The same for the vector gather of RGBA u8 in integer lanes and of f16, and for the integer
/// lanes' shrinks without windows (one row otherwise). H200, gather µs: RGBA u8 lanes for 4 / 8
/// / 16 rows, 1080p x2 33.4 / 30.6 / 30.9, x4 31.4 / 28.0 / 27.6, nearest x2 25.8 / 23.6 /
/// 23.3; f16 1080p x2 39.6 / 37.0 / 37.7, x4 37.8 / 33.9 / 34.4, NCHW f16 1080p x2 42.5 / 38.9
/// / 38.7; but 640x360 x2 8.7 / 9.1 / 11.0 (u8) and 9.4 / 9.7 / 11.4 (f16), 115k invocations
/// with 8 rows. Shrinks in lanes for 1 / 2 / 4 / 8 rows: 4K x0.5 18.9 / 16.6 / 15.8 / 15.7,
/// 1440p x0.5 10.9 / 10.0 / 9.6 / 10.3, 4K x0.25 8.7 / 8.1 / 8.4 / 9.6 (tuning log item 50). f32
/// sums lost with 8 rows (item 18).
const VECTOR_MAX_ROWS: u32 = 8;
const VECTOR_MIN_INVOCATIONS: u64 = 1 << 17;

/// The same for the staged u8 columns (shrinks), whose invocations take one row otherwise, with
/// horizontal bands baked into the pipeline. H200, gather or separable µs for 1 / 2 / 4 rows:
/// RGB u8 4K x0.5 25.7 / 21.1 / 20.9, NCHW 26.3 / 24.4 / 24.6, Pillow lanczos RGB u8 4K ->
/// 1080p 124.5 / 118.6 / 119.2; a first pass of 32-tap bands read at run time lost (Pillow
/// bicubic 4K -> 480x270 76.0 / 76.9 / 83.6), and the NCHW u8 batch 32x512² -> 224²
/// antialiased did not move (tuning log item 51).
const STAGED_MAX_ROWS: u32 = 2;
const STAGED_MIN_INVOCATIONS: u64 = 1 << 19;

/// Workgroup memory, in four-byte words, that the vector gather declares without using it in
/// vertical passes (one horizontal tap: the separable path's) of [`VERTICAL_RESERVE_MIN_TAPS`]
/// or more: H200, separable µs with 0 / 8 / 12 / 16 / 20 / 24 / 32 KiB per workgroup of 256
/// invocations, antialiased lanczos3 4K -> 224² 134.8 / 125.2 / 106.5 / 101.3 / 106.7 / 106.6 /
/// 155; bicubic (39 taps) 102.6 / 98.3 / 85.6 / 84.4 / 88.1 / 88.4 / 126.4; 4096² -> 512² (48
/// taps) 238.8 / 221.0 / 188.5 / 187.0 / 198.1 / 198.4 / 281.6 (BENCHMARKS.md tuning log item
/// 59). Which of the driver's choices it moves was not isolated: the split of each SM's memory
/// between workgroup memory and L1, or how many workgroups it keeps resident. Bands of 24 taps
/// gained less or lost (4K -> 960x540 lanczos3 119 -> 124 with 16 KiB), 12 and 5 taps lost
/// (lanczos3 4K -> 1080p 124 -> 146, the ML batch 82 -> 96). Only where the device offers
/// twice the reservation, and not in Pillow's fixed point, whose vertical passes were not
/// measured so.
const VERTICAL_RESERVE_WORDS: u32 = 4096;
const VERTICAL_RESERVE_MIN_TAPS: u32 = 32;

/// The reservation of [`VERTICAL_RESERVE_WORDS`] for a vector-gather pass of `rows` rows per
/// invocation, or 0.
fn vertical_reserve(
    shape: &PassShape,
    rows: u32,
    features: KernelFeatures,
    limits: &wgpu::Limits,
) -> u32 {
    let vertical = shape.x.1 == 1 && rows == 1 && shape.y.1 >= VERTICAL_RESERVE_MIN_TAPS;
    let room = limits.max_compute_workgroup_storage_size >= 2 * 4 * VERTICAL_RESERVE_WORDS;
    if vertical && room && !features.fixed_point {
        VERTICAL_RESERVE_WORDS
    } else {
        0
    }
}

/// Rows per invocation of a pass that would take `single` invocations at one row each: `rows`,
/// doubled up to `max` while at least `min_invocations` remain.
fn more_rows(mut rows: u32, single: u64, max: u32, min_invocations: u64) -> u32 {
    while rows * 2 <= max && single / (rows as u64 * 2) >= min_invocations {
        rows *= 2;
    }
    rows
}

/// Horizontal bands of at least this many taps, in passes of one vertical tap, take the split
/// gather (`wgsl/gather_split.wgsl`); measured: see [`split_lanes`].
const SPLIT_MIN_TAPS: u32 = 24;
/// The same in Pillow's fixed point, whose u8 inputs are a quarter of f32's bytes, so that the
/// vector gather's neighbouring lanes share more of each cache line. H200, Pillow's RGBA u8
/// presets 4K -> 224², separable µs, vector gather against split: lanczos3 (103 taps)
/// 138.1-140.2 -> 107.6-108.4, bicubic (69 taps) 87.6-88.2 -> 87.6-88.4; 4K -> 640x360
/// lanczos3 (36 taps) 107.3-108.1 -> 123.8-124.2 (BENCHMARKS.md tuning log item 83).
const SPLIT_MIN_TAPS_FIXED_POINT: u32 = 80;

/// Lanes per output of the split gather where it serves, `None` elsewhere: NHWC four-channel
/// groups, one vertical tap and horizontal bands of [`SPLIT_MIN_TAPS`] or more (the separable
/// path's second pass of a large shrink); f32 and f16 buffers, or any in Pillow's fixed point,
/// whose integer sums come out the same in any order, from [`SPLIT_MIN_TAPS_FIXED_POINT`] taps
/// (the first pass of Pillow's horizontal-first order). Not for u8 sums in floats (a tie could
/// round the other way in another order) or integer weights. 4 lanes, 8 for bands of 64 taps
/// or more. H200, separable µs, the vector gather against 4 / 8 / 16 / 32 / 64 lanes
/// (BENCHMARKS.md tuning log item 81): antialiased bicubic 4K -> 224² (69 taps) 84.5 against
/// 77.5 / 77.2 / 78.3 / 83.0 / 92.9; lanczos3 (103 taps) 101.8 against 90.6 / 89.2 / 89.0 /
/// 98.6 / 104.2; 4096² -> 512² lanczos3 (48 taps) 186 against 152 / 153 / 163 / 196 / 240;
/// the horizontal pass alone of 448x3840 -> 448² bicubic (35 taps) 46.0 against 20.4 / 23.9 /
/// 30.7; 4K -> 960x540 lanczos3 (24 taps) 121.9 against 109.5 with 4 lanes, but 4K -> 640x360
/// bicubic (24 taps) 95.1 against 94.1, and 32 lanes on 24 taps lost (121 -> 207).
fn split_lanes(
    spec: &ResizeSpec,
    shape: &PassShape,
    src: ElementType,
    dst: ElementType,
    features: KernelFeatures,
) -> Option<u32> {
    let float = |element| matches!(element, ElementType::F32 | ElementType::F16);
    let min_taps = if features.fixed_point {
        SPLIT_MIN_TAPS_FIXED_POINT
    } else {
        SPLIT_MIN_TAPS
    };
    let serves = spec.vector_friendly()
        && shape.y.1 == 1
        && shape.x.1 >= min_taps
        && (features.fixed_point || float(src) && float(dst))
        && features.integer_weights.is_none()
        && features.texture_source.is_none()
        && features.texture_target.is_none();
    serves.then_some(if shape.x.1 >= 64 { 8 } else { 4 })
}

/// Output pixels per invocation and row of the wide gather (`COLUMNS` in
/// `wgsl/gather_wide_u8.wgsl`).
const WIDE_COLUMNS: u32 = 4;

/// Most rows per invocation of the wide gather, and the fewest invocations it may leave (at 4
/// rows, to be taken at all). H200, gather µs, the vector gather's 8 rows against the wide one's
/// 4 / 8 / 16 / 32: RGBA u8 1080p -> 2160p 27.5 against 29.4 / 24.2 / 21.7 / 26.0, 540p x4 25.1
/// against 27.0 / 21.2 / 19.0 / 20.6; but 640x360 x2 8.4 against 8.9 with 4 rows (58k
/// invocations), and 8 x 256² x2 11.0 against 10.8 with 8 (BENCHMARKS.md tuning log item 75).
const WIDE_MAX_ROWS: u32 = 16;
const WIDE_MIN_INVOCATIONS: u64 = 1 << 16;

/// Rows per invocation of the wide gather where it serves and pays, `None` elsewhere: RGBA u8
/// buffers summed in integer lanes (`features.integer_weights`, which the host sets for u8
/// buffers read and written only) with one or two taps on each axis (bilinear, nearest),
/// enlarging by 2 or more along y and at least 2 along x (where measured), an output width that
/// is a multiple of 4 (whole 16-byte stores) and enough invocations. Nearest neighbours gained
/// most (H200, u8 1080p x2 21.7 -> 16.0 µs; BENCHMARKS.md tuning log item 78). Its shrinks lost
/// to the vector gather (RGBA u8 4K x0.5 14.4 against 21.7 µs at best).
fn wide_rows(
    spec: &ResizeSpec,
    shape: &PassShape,
    src: ElementType,
    dst: ElementType,
    features: KernelFeatures,
) -> Option<u32> {
    let (input, out) = (shape.src_size, shape.dst_size);
    let serves = src == ElementType::U8
        && dst == ElementType::U8
        && features.integer_weights.is_some()
        && spec.layout() == crate::spec::Layout::Nhwc
        && spec.channels() == 4
        && (1..=2).contains(&shape.y.1)
        && (1..=2).contains(&shape.x.1)
        && input.width >= 2
        && input.height >= 2
        && out.height >= 2 * input.height
        && out.width >= 2 * input.width
        && out.width.is_multiple_of(WIDE_COLUMNS);
    let single = (out.width / WIDE_COLUMNS) as u64 * out.height as u64 * spec.batch() as u64;
    (serves && single / ENLARGING_ROWS as u64 >= WIDE_MIN_INVOCATIONS)
        .then(|| more_rows(ENLARGING_ROWS, single, WIDE_MAX_ROWS, WIDE_MIN_INVOCATIONS))
}

/// Whether the vector gather's strided channel groups can run a pass that writes `dst` with
/// `features`: single f32 or WGSL f16 elements can be stored without touching a neighbour's
/// word. Linear light converts each channel on its own, as strided groups can; premultiplied
/// alpha needs whole RGBA pixels, which are vectors.
fn strided_groups_serve(spec: &ResizeSpec, features: KernelFeatures, dst: ElementType) -> bool {
    let single_stores = dst == ElementType::F32 || (dst == ElementType::F16 && features.native_f16);
    single_stores && !spec.premultiplied_alpha()
}

/// The channel group of the u8 gathers of strided groups (quads and staged columns) for a pass
/// that writes `dst`, where they serve: u8 outputs in NCHW or as NHWC pixels of 1 to 3 channels
/// (whose bytes are then consecutive runs), in linear light or not (premultiplied alpha needs
/// whole RGBA pixels, which are vectors).
fn quads_serve(spec: &ResizeSpec, dst: ElementType) -> Option<ChannelGroup> {
    if dst != ElementType::U8 || spec.premultiplied_alpha() {
        return None;
    }
    match spec.layout() {
        crate::spec::Layout::Nchw => Some(ChannelGroup::strided_for(spec.channels())),
        _ if spec.channels() < 4 => Some(ChannelGroup::Strided(spec.channels())),
        _ => None,
    }
}

impl Launch {
    /// The kernel and grid for one pass of `spec` whose kernels take `features`: the vector
    /// gather where its channel groups serve (four-channel vectors, else strided groups), the
    /// quad or staged gather for the u8 outputs they serve, the scalar gather otherwise.
    fn choose(
        spec: &ResizeSpec,
        shape: &PassShape,
        src: ElementType,
        dst: ElementType,
        features: KernelFeatures,
        limits: &wgpu::Limits,
    ) -> Self {
        let max_groups = limits.max_compute_workgroups_per_dimension;
        let out = shape.dst_size;
        if let Some(tile) = shape.fused {
            return Launch {
                variant: KernelVariant::fused_for(src, dst, shape.y.1, shape.x.1, tile),
                workgroups: (
                    out.width.div_ceil(tile.columns),
                    out.height.div_ceil(shaders::FUSED_TILE_H),
                    spec.batch() * (spec.channels() / 4),
                ),
                row_stride: 0,
            };
        }
        // Images times channel groups of `size`: the grid's third dimension.
        let images_and_groups = |size: u32| spec.batch() * (spec.channels() / size);
        let fits = |grid: (u32, u32, u32)| {
            grid.0 <= max_groups && grid.1 <= max_groups && grid.2 <= max_groups
        };
        let channels = if spec.vector_friendly() {
            Some(ChannelGroup::Vector)
        } else if strided_groups_serve(spec, features, dst) {
            Some(ChannelGroup::strided_for(spec.channels()))
        } else {
            None
        };
        if let Some(split) = split_lanes(spec, shape, src, dst, features) {
            let grid = (
                out.width.div_ceil(shaders::SPLIT_GROUP / split),
                out.height,
                images_and_groups(4),
            );
            if fits(grid) {
                return Launch {
                    variant: KernelVariant::GatherSplit { src, dst, split },
                    workgroups: grid,
                    row_stride: 0,
                };
            }
        }
        if let Some(rows) = wide_rows(spec, shape, src, dst, features) {
            let work = shaders::Vec4Shape {
                rows,
                ..Default::default()
            };
            let grid = (
                (out.width / WIDE_COLUMNS).div_ceil(work.group_x),
                out.height.div_ceil(work.group_y * rows),
                spec.batch(),
            );
            if fits(grid) {
                return Launch {
                    variant: KernelVariant::GatherWide {
                        taps_y: shape.y.1,
                        taps_x: shape.x.1,
                        shape: work,
                    },
                    workgroups: grid,
                    row_stride: 0,
                };
            }
        }
        if let Some(channels) = channels {
            let mut rows = rows_per_invocation(shape, window_pays(spec, shape, channels));
            // Integer lanes' enlargements and shrinks without windows, and f16 enlargements.
            let lanes = features.integer_weights.is_some() && (rows == ENLARGING_ROWS || rows == 1);
            if lanes || (src == ElementType::F16 && rows == ENLARGING_ROWS) {
                let single = out.width as u64
                    * out.height as u64
                    * images_and_groups(channels.size()) as u64;
                rows = more_rows(rows, single, VECTOR_MAX_ROWS, VECTOR_MIN_INVOCATIONS);
            }
            let work = shaders::Vec4Shape {
                rows,
                reserve: vertical_reserve(shape, rows, features, limits),
                channels,
                ..Default::default()
            };
            let grid = (
                out.width.div_ceil(work.group_x),
                out.height.div_ceil(work.group_y * work.rows),
                images_and_groups(channels.size()),
            );
            if fits(grid) {
                return Launch {
                    variant: KernelVariant::vec4_for(src, dst, shape.y.1, shape.x.1, work),
                    workgroups: grid,
                    row_stride: 0,
                };
            }
        } else if let Some(group) = quads_serve(spec, dst) {
            // Passes that reuse rows (enlargements) take quads of columns, with their two-tap
            // rows; the others one column per invocation, staged, whose loads are four times
            // denser (H200, Pillow lanczos RGB u8 4K -> 1080p 237.5 -> 151.8 µs; RGB u8 1080p
            // x2 60.4 in quads, 67.1 staged: BENCHMARKS.md tuning log item 39).
            let mut rows = rows_per_invocation(shape, false);
            if rows == ENLARGING_ROWS {
                let quads = out.width.div_ceil(4) as u64
                    * out.height as u64
                    * images_and_groups(group.size()) as u64;
                rows = more_rows(rows, quads, QUADS_MAX_ROWS, QUADS_MIN_INVOCATIONS);
            }
            let planar = spec.layout() == crate::spec::Layout::Nchw;
            let work = shaders::Vec4Shape {
                rows,
                channels: group,
                ..Default::default()
            };
            let (variant, grid) = if rows > 1 {
                (
                    KernelVariant::quad_for(src, dst, shape.y.1, shape.x.1, work, planar),
                    (
                        out.width.div_ceil(4).div_ceil(work.group_x),
                        out.height.div_ceil(work.group_y * work.rows),
                        images_and_groups(group.size()),
                    ),
                )
            } else {
                let columns = out.width.div_ceil(shaders::STAGED_COLUMNS);
                let mut rows = 1;
                if shape.x.1 <= shaders::MAX_SPECIALISED_TAPS {
                    let single = (columns * shaders::STAGED_COLUMNS) as u64
                        * out.height as u64
                        * images_and_groups(group.size()) as u64;
                    rows = more_rows(1, single, STAGED_MAX_ROWS, STAGED_MIN_INVOCATIONS);
                }
                let work = shaders::Vec4Shape { rows, ..work };
                (
                    KernelVariant::staged_for(src, dst, shape.y.1, shape.x.1, work, planar),
                    (
                        columns,
                        out.height.div_ceil(rows),
                        images_and_groups(group.size()),
                    ),
                )
            };
            if fits(grid) {
                return Launch {
                    variant,
                    workgroups: grid,
                    row_stride: 0,
                };
            }
        }
        let total = spec.tensor_elements(out) as u32;
        let ((x, y), row_stride) = dispatch_grid(total.div_ceil(4), max_groups);
        Launch {
            variant: KernelVariant::Gather { src, dst },
            workgroups: (x, y, 1),
            row_stride,
        }
    }
}

/// Whether the fused kernel can run `spec`, and with which tile: NHWC with channels a multiple
/// of 4, and the widest of [`shaders::FUSED_TILE_WIDTHS`] whose first-axis sums fit the device's
/// workgroup memory (and [`shaders::FUSED_MAX_WORKGROUP_BYTES`]), with as many output columns
/// as [`filled_columns`] finds best. The reason when none does.
pub(crate) fn fused_fits(
    spec: &ResizeSpec,
    wy: &AxisWeights,
    wx: &AxisWeights,
    limits: &wgpu::Limits,
) -> Result<FusedTile, String> {
    if !spec.vector_friendly() {
        return Err("it needs NHWC with channels a multiple of 4".into());
    }
    let tile_h = shaders::FUSED_TILE_H;
    let groups = spec.batch() * (spec.channels() / 4);
    let out = spec.output();
    let max_groups = limits.max_compute_workgroups_per_dimension;
    let narrowest = shaders::FUSED_TILE_WIDTHS[shaders::FUSED_TILE_WIDTHS.len() - 1];
    if groups > max_groups
        || out.width.div_ceil(narrowest) > max_groups
        || out.height.div_ceil(tile_h) > max_groups
    {
        return Err("its grid would exceed the device's workgroups per dimension".into());
    }
    let available = limits
        .max_compute_workgroup_storage_size
        .min(shaders::FUSED_MAX_WORKGROUP_BYTES);
    let mut needed = Vec::new();
    for width in shaders::FUSED_TILE_WIDTHS {
        if out.width.div_ceil(width) > max_groups {
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
            let columns = widest_footprint(wx, width);
            (
                format!("{columns}x{tile_h}"),
                u64::from(columns) * u64::from(tile_h),
            )
        };
        let capacity = shaders::fused_capacity(sums);
        if capacity * 16 <= u64::from(available) {
            let capacity = capacity as u32;
            // Pillow's fixed point keeps one lane per output column and one row at a time.
            let (columns, pair_step) = if spec.fixed_point() {
                (width, 0)
            } else {
                (filled_columns(wx, width, max_groups), pair_step(wy))
            };
            // Not in linear light: with an sRGB decode per load, the second column's loads
            // made the 2x and 4x shrinks slower (H200, lanczos3 4K -> 1080p fused 112.5 ->
            // 175.9 µs; premultiplied alpha alone 92.8 -> 89.5; tuning log item 100).
            let column_pairs = !spec.fixed_point()
                && !spec.linear_light()
                && column_pairs(wy.taps(), widest_footprint(wx, columns), width, pair_step);
            return Ok(FusedTile {
                width,
                columns,
                capacity,
                pair_step,
                column_pairs,
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

/// Output columns per fused tile of `lanes` lanes, vertical first: the count, from `lanes / 2`
/// to `lanes`, whose tiles across the output take the fewest rounds in all, the widest of
/// equals. The lanes cover a tile's input columns in rounds of `lanes`; a footprint just over a
/// multiple of `lanes` (a 2x shrink with 8 taps: 64 outputs read 134 inputs, three rounds, the
/// last with 6 lanes busy) costs a whole round that a slightly narrower tile saves (61 outputs
/// read 128 inputs: two rounds), unless the narrower tiles need more of them (a 4x shrink to
/// 256 columns: four tiles of 64 in five vertical rounds each, or five of 59 in four). Only
/// counts whose tiles fit `max_groups` workgroups across (the caller has checked `lanes`).
fn filled_columns(wx: &AxisWeights, lanes: u32, max_groups: u32) -> u32 {
    let tiles = |columns: u32| wx.output_len().div_ceil(columns);
    let cost = |columns: u32| {
        let rounds = widest_footprint(wx, columns).div_ceil(lanes);
        // One round of the horizontal step per tile besides the vertical rounds.
        u64::from(tiles(columns)) * u64::from(rounds + 1)
    };
    (lanes / 2..=lanes)
        .rev()
        .filter(|&columns| tiles(columns) <= max_groups)
        .min_by_key(|&columns| cost(columns))
        .unwrap_or(lanes)
}

/// Where the fused kernel's vertical step runs output rows in pairs: the most input rows
/// between neighbouring rows' band starts, where a pair then loads at least a third fewer rows
/// than two bands (`taps + step` against `2 * taps`), for bands whose taps are baked into the
/// pipeline (and held in registers) and steps of at most `MAX_PAIR_STEP` in
/// `fused_tiled.wgsl`; 0 elsewhere. H200: antialiased bicubic (8 taps, step 2) and lanczos3 (12
/// taps) 2x shrinks gained 9% and 15% in pairs; the ML batch's 512 -> 224 bilinear (bands 3 rows
/// apart, a fifth fewer loads in pairs) lost 3%.
fn pair_step(wy: &AxisWeights) -> u32 {
    const MAX_PAIR_STEP: u32 = 4;
    if wy.taps() > shaders::MAX_SPECIALISED_TAPS {
        return 0;
    }
    let step = (1..wy.output_len() as usize)
        .map(|i| wy.start(i).saturating_sub(wy.start(i - 1)))
        .max()
        .unwrap_or(0);
    if (1..=MAX_PAIR_STEP).contains(&step) && 3 * step <= wy.taps() {
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
///
/// Both cases have their vertical taps baked into the pipeline: row pairs only run there
/// ([`pair_step`]), and 4 taps are within [`shaders::MAX_SPECIALISED_TAPS`].
fn column_pairs(taps_y: u32, footprint: u32, lanes: u32, pair_step: u32) -> bool {
    const ROW_TAPS: u32 = 4;
    footprint >= 2 * lanes && (pair_step > 0 || taps_y == ROW_TAPS)
}

/// The most inputs any run of `tile` consecutive outputs reads along one axis.
fn widest_footprint(table: &AxisWeights, tile: u32) -> u32 {
    (0..table.output_len())
        .step_by(tile as usize)
        .map(|first| {
            let last = (first + tile).min(table.output_len()) - 1;
            table.start(last as usize) + table.taps() - table.start(first as usize)
        })
        .max()
        .unwrap_or(0)
}

/// Input and output storage buffers sized for `spec`, holding nothing in particular: what
/// measurements run on, never the caller's data.
pub(crate) fn scratch_tensors(
    device: &wgpu::Device,
    spec: &ResizeSpec,
    label: &str,
) -> (wgpu::Buffer, wgpu::Buffer) {
    let buffer = |size| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        })
    };
    (buffer(spec.input_bytes()), buffer(spec.output_bytes()))
}

/// Inserts into a cache, emptying it first once it holds `capacity` entries. The caches of
/// bind groups and views hold the caller's buffers and textures alive, so they stay small.
fn insert_bounded<K: Eq + std::hash::Hash, V>(
    cache: &mut HashMap<K, V>,
    capacity: usize,
    key: K,
    value: V,
) {
    if cache.len() >= capacity {
        cache.clear();
    }
    cache.insert(key, value);
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Resizer {
    /// Checks that `input` and `output` can be bound as tensors of `input_bytes` and
    /// `output_bytes` ([`check_slice`] with this device's storage offset alignment) and lie in
    /// different buffers; `path` names the path in the error if they do not.
    fn check_ends(
        &self,
        input: wgpu::BufferSlice<'_>,
        input_bytes: u64,
        output: wgpu::BufferSlice<'_>,
        output_bytes: u64,
        path: &'static str,
    ) -> Result<(), ResizeError> {
        let alignment = self.device.limits().min_storage_buffer_offset_alignment as u64;
        check_slice("input", input, input_bytes, alignment)?;
        check_slice("output", output, output_bytes, alignment)?;
        if input.buffer() == output.buffer() {
            return Err(ResizeError::PathUnavailable {
                path,
                why: "input and output must be different buffers".into(),
            });
        }
        Ok(())
    }
}

/// Checks that `slice` can be bound as a storage tensor of `needed` bytes: usage, offset
/// alignment (`alignment`: the device's `min_storage_buffer_offset_alignment`) and size.
fn check_slice(
    which: &'static str,
    slice: wgpu::BufferSlice<'_>,
    needed: u64,
    alignment: u64,
) -> Result<(), ResizeError> {
    if !slice.buffer().usage().contains(wgpu::BufferUsages::STORAGE) {
        return Err(ResizeError::MissingUsage {
            which,
            needed: wgpu::BufferUsages::STORAGE,
        });
    }
    if !slice.offset().is_multiple_of(alignment) {
        return Err(ResizeError::MisalignedOffset {
            which,
            offset: slice.offset(),
            alignment,
        });
    }
    if slice.size() < needed {
        return Err(ResizeError::BufferTooSmall {
            which,
            needed,
            got: slice.size(),
        });
    }
    Ok(())
}

/// Checks that an input and an output of these sizes can be bound on a device with `limits`;
/// returns the largest storage binding it allows.
fn check_tensor_sizes(
    limits: &wgpu::Limits,
    input_bytes: u64,
    output_bytes: u64,
) -> Result<u64, ResizeError> {
    let max_binding = limits
        .max_storage_buffer_binding_size
        .min(limits.max_buffer_size);
    check_limit("input", input_bytes, max_binding)?;
    check_limit("output", output_bytes, max_binding)?;
    Ok(max_binding)
}

pub(crate) fn check_limit(what: &'static str, bytes: u64, limit: u64) -> Result<(), ResizeError> {
    if bytes > limit {
        return Err(ResizeError::ExceedsDeviceLimit {
            what,
            needed: bytes,
            limit,
            limit_name: "max_storage_buffer_binding_size",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{self, PillowFilter};

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

    /// The fused kernel's vertical step runs rows in pairs where a pair loads at least a third
    /// fewer input rows than its two bands one by one.
    #[test]
    fn fused_pairs_where_they_save_a_third() {
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
        assert_eq!(step(512, 224, PillowFilter::Bilinear), (5, 0));
        // A 2x enlargement: 2 taps (3 loads, not 4); a 4x lanczos shrink: taps read at run time.
        assert_eq!(step(32, 64, PillowFilter::Bilinear), (2, 0));
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
        // Single rows: a 2x antialiased bilinear shrink (4 taps) takes them; neither a 2.4x one
        // (5 taps, 52 outputs a tile reading 128 columns) nor an 8x shrink without antialias (2
        // taps) does.
        let (taps, bilinear) = tile(rgba(uhd, half, PillowFilter::Bilinear));
        assert!(taps == 4 && bilinear.pair_step == 0 && bilinear.column_pairs);
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
            taps == 5 && rows.pair_step == 0 && !rows.column_pairs,
            "{rows:?}"
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

    /// The launch `Launch::choose` gives a one-pass resize of a 20x30 input to `output`, with
    /// 2x2 taps, `channels` channels of `element` in `layout`, kernels taking `features`.
    fn launch_for(
        layout: crate::spec::Layout,
        channels: u32,
        element: ElementType,
        output: Size2,
        features: KernelFeatures,
    ) -> Launch {
        let input = Size2::new(20, 30);
        launch_between(layout, channels, element, (input, output), 2, features)
    }

    /// [`launch_for`] from any input, with `taps_x` horizontal taps.
    fn launch_between(
        layout: crate::spec::Layout,
        channels: u32,
        element: ElementType,
        ends: (Size2, Size2),
        taps_x: u32,
        features: KernelFeatures,
    ) -> Launch {
        let limits = wgpu::Limits::default();
        launch_on(
            layout,
            channels,
            element,
            ends,
            (2, taps_x),
            features,
            &limits,
        )
    }

    /// [`launch_between`] with any vertical taps, on a device of `limits`.
    fn launch_on(
        layout: crate::spec::Layout,
        channels: u32,
        element: ElementType,
        (input, output): (Size2, Size2),
        (taps_y, taps_x): (u32, u32),
        features: KernelFeatures,
        limits: &wgpu::Limits,
    ) -> Launch {
        let spec = ResizeSpec::builder(input, output)
            .channels(channels)
            .layout(layout)
            .element(element)
            .build()
            .unwrap();
        let shape = PassShape {
            src_size: spec.input(),
            dst_size: spec.output(),
            y: (0, taps_y),
            x: (0, taps_x),
            fused: None,
            color: PassColor::WHOLE,
        };
        Launch::choose(&spec, &shape, element, element, features, limits)
    }

    /// Vertical passes of 32 taps or more (one horizontal tap) reserve workgroup memory on
    /// devices with room for twice the reservation; other passes, narrower bands, Pillow's
    /// fixed point and smaller devices do not.
    #[test]
    fn vertical_reserve_for_wide_bands() {
        use crate::spec::Layout::{self, Nchw, Nhwc};
        let room = wgpu::Limits {
            max_compute_workgroup_storage_size: 32 * 1024,
            ..wgpu::Limits::default()
        };
        let reserve = |layout: Layout, channels, taps, fixed_point, limits| {
            let ends = (Size2::new(2160, 3840), Size2::new(224, 3840));
            let features = KernelFeatures {
                fixed_point,
                ..KernelFeatures::default()
            };
            let f32s = ElementType::F32;
            match launch_on(layout, channels, f32s, ends, taps, features, limits).variant {
                KernelVariant::GatherVec4 { shape, .. } => shape.reserve,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(
            reserve(Nhwc, 4, (59, 1), false, &room),
            VERTICAL_RESERVE_WORDS
        );
        assert_eq!(
            reserve(Nchw, 3, (32, 1), false, &room),
            VERTICAL_RESERVE_WORDS
        );
        assert_eq!(reserve(Nhwc, 4, (31, 1), false, &room), 0);
        assert_eq!(reserve(Nhwc, 4, (59, 6), false, &room), 0);
        assert_eq!(reserve(Nhwc, 4, (59, 1), true, &room), 0);
        let downlevel = wgpu::Limits::default();
        assert_eq!(reserve(Nhwc, 4, (59, 1), false, &downlevel), 0);
    }

    /// The vector gather serves every tensor whose groups it can store whole: four-channel
    /// vectors for NHWC with channels a multiple of 4, strided groups (the largest of 4, 3, 2, 1
    /// dividing the channels) for NCHW and other NHWC channel counts where single f32 or WGSL
    /// f16 elements are written, in linear light or not; the scalar gather otherwise.
    #[test]
    fn strided_groups_where_vectors_cannot_serve() {
        use crate::spec::Layout;
        let choose = |layout: Layout, channels: u32, element: ElementType, features| {
            let launch = launch_for(layout, channels, element, Size2::new(40, 60), features);
            match launch.variant {
                KernelVariant::GatherVec4 { shape, .. } => {
                    // The grid covers every channel group once.
                    let groups = channels / shape.channels.size();
                    assert_eq!(launch.workgroups.2, groups, "{channels} {layout:?}");
                    Some(shape.channels)
                }
                _ => None,
            }
        };
        let plain = KernelFeatures::default();
        let native = KernelFeatures {
            native_f16: true,
            ..plain
        };
        let color = KernelFeatures {
            color: ColorSteps::DECODE_SRGB.with(ColorSteps::ENCODE_SRGB),
            ..plain
        };
        let (f32, f16, u8) = (ElementType::F32, ElementType::F16, ElementType::U8);
        use ChannelGroup::{Strided, Vector};
        use Layout::{Nchw, Nhwc};
        assert_eq!(choose(Nhwc, 8, f32, plain), Some(Vector));
        assert_eq!(choose(Nhwc, 4, u8, plain), Some(Vector));
        assert_eq!(choose(Nchw, 3, f32, plain), Some(Strided(3)));
        assert_eq!(choose(Nchw, 4, f32, plain), Some(Strided(4)));
        assert_eq!(choose(Nhwc, 3, f32, plain), Some(Strided(3)));
        assert_eq!(choose(Nhwc, 6, f32, plain), Some(Strided(3)));
        assert_eq!(choose(Nhwc, 10, f32, plain), Some(Strided(2)));
        assert_eq!(choose(Nchw, 7, f32, plain), Some(Strided(1)));
        assert_eq!(choose(Nchw, 3, f16, native), Some(Strided(3)));
        // Linear light converts each channel alone (premultiplied alpha is NHWC RGBA, vectors).
        assert_eq!(choose(Nchw, 4, f32, color), Some(Strided(4)));
        assert_eq!(choose(Nhwc, 3, f32, color), Some(Strided(3)));
        // u8 and packed f16 neighbours share words.
        assert_eq!(choose(Nchw, 3, u8, plain), None);
        assert_eq!(choose(Nhwc, 3, f16, plain), None);
    }

    /// u8 outputs that strided groups cannot write (neighbours share words) are written in runs
    /// of bytes, in NCHW or as NHWC pixels of 1 to 3 channels, of any width, in linear light or
    /// not: quads of columns where the pass reuses rows (enlargements), one column per invocation
    /// staged through workgroup memory otherwise.
    #[test]
    fn u8_runs_of_strided_groups() {
        use crate::spec::Layout::{self, Nchw, Nhwc};
        let choose = |layout: Layout, channels: u32, height: u32, width: u32, color: bool| {
            let features = KernelFeatures {
                color: if color {
                    ColorSteps::DECODE_SRGB.with(ColorSteps::ENCODE_SRGB)
                } else {
                    ColorSteps::NONE
                },
                ..KernelFeatures::default()
            };
            let output = Size2::new(height, width);
            let launch = launch_for(layout, channels, ElementType::U8, output, features);
            let groups = |shape: shaders::Vec4Shape| channels / shape.channels.size();
            match launch.variant {
                KernelVariant::GatherQuad { shape, planar, .. } => {
                    assert_eq!(planar, layout == Nchw, "planes are NCHW's alone");
                    // One invocation per four columns, per row block, per group.
                    assert_eq!(
                        launch.workgroups.0,
                        width.div_ceil(4).div_ceil(shape.group_x)
                    );
                    assert_eq!(launch.workgroups.2, groups(shape));
                    Some(("quads", shape.channels.size()))
                }
                KernelVariant::GatherStaged { shape, planar, .. } => {
                    assert_eq!(planar, layout == Nchw, "planes are NCHW's alone");
                    // One workgroup per STAGED_COLUMNS columns, per row, per group.
                    assert_eq!(launch.workgroups.0, width.div_ceil(shaders::STAGED_COLUMNS));
                    assert_eq!(launch.workgroups.1, height);
                    assert_eq!(launch.workgroups.2, groups(shape));
                    Some(("staged", shape.channels.size()))
                }
                KernelVariant::GatherVec4 { .. } => Some(("vector", 4)),
                _ => None,
            }
        };
        assert_eq!(choose(Nhwc, 3, 40, 60, false), Some(("quads", 3)));
        assert_eq!(choose(Nhwc, 1, 40, 60, false), Some(("quads", 1)));
        assert_eq!(choose(Nchw, 3, 40, 1024, false), Some(("quads", 3)));
        assert_eq!(choose(Nchw, 6, 40, 60, false), Some(("quads", 3)));
        assert_eq!(choose(Nhwc, 3, 10, 60, false), Some(("staged", 3)));
        assert_eq!(choose(Nchw, 2, 20, 132, false), Some(("staged", 2)));
        assert_eq!(choose(Nhwc, 4, 40, 60, false), Some(("vector", 4)));
        // Linear light converts each channel alone.
        assert_eq!(choose(Nhwc, 3, 40, 60, true), Some(("quads", 3)));
        assert_eq!(choose(Nchw, 3, 10, 60, true), Some(("staged", 3)));
        // Rows that start inside a word: the last quad of a row is partial.
        assert_eq!(choose(Nhwc, 3, 40, 62, false), Some(("quads", 3)));
        assert_eq!(choose(Nchw, 3, 10, 62, false), Some(("staged", 3)));
        assert_eq!(choose(Nhwc, 1, 40, 1, false), Some(("quads", 1)));
        // NHWC pixels of 6 channels in groups of 3 are not consecutive runs of a group's bytes.
        assert_eq!(choose(Nhwc, 6, 40, 60, false), None);
    }

    /// Integer weights take u8 buffers in one pass of the vector, quad or staged gathers with
    /// dyadic tables of at most 8 bits between the axes, and nothing else.
    #[test]
    fn integer_weights_where_tables_are_dyadic() {
        use crate::spec::{Filter, NearestRule};
        let lanes = |builder: crate::spec::ResizeSpecBuilder, path: Path, textures: bool| {
            let spec = builder.build().unwrap();
            let (wy, wx) = AxisWeights::for_spec(&spec);
            let shape = PassShape {
                src_size: spec.input(),
                dst_size: spec.output(),
                y: (0, wy.taps()),
                x: (1, wx.taps()),
                fused: (path == Path::Fused).then_some(FusedTile {
                    width: 64,
                    columns: 64,
                    capacity: 256,
                    pair_step: 0,
                    column_pairs: false,
                }),
                color: PassColor::WHOLE,
            };
            let pass = (
                shape,
                Operand::Input,
                Operand::Output,
                spec.element(),
                spec.element(),
            );
            integer_weights(&spec, &[pass], (&wy, &wx), textures).map(|b| (b.y, b.x))
        };
        let rgba = |input: (u32, u32), output: (u32, u32)| {
            ResizeSpec::builder(Size2::new(input.0, input.1), Size2::new(output.0, output.1))
                .channels(4)
                .element(ElementType::U8)
        };
        let gather = Path::Gather;
        assert_eq!(lanes(rgba((9, 7), (18, 14)), gather, false), Some((2, 2)));
        assert_eq!(lanes(rgba((9, 7), (72, 56)), gather, false), Some((4, 4)));
        assert_eq!(lanes(rgba((18, 14), (9, 7)), gather, false), Some((1, 1)));
        assert_eq!(lanes(rgba((9, 28), (18, 7)), gather, false), Some((2, 1)));
        let halving = rgba((18, 14), (9, 7)).antialias(true);
        assert_eq!(lanes(halving, gather, false), Some((3, 3)));
        let nearest = rgba((9, 7), (27, 21)).filter(Filter::Nearest(NearestRule::Floor));
        assert_eq!(lanes(nearest, gather, false), Some((0, 0)));
        // 2^-5 along both axes: 10 bits, wider than the lanes.
        assert_eq!(lanes(rgba((9, 7), (144, 112)), gather, false), None);
        // Weights that are not multiples of a power of 2, or negative.
        assert_eq!(lanes(rgba((9, 7), (27, 21)), gather, false), None);
        let cubic = rgba((9, 7), (18, 14)).filter(Filter::Cubic { a: -0.75 });
        assert_eq!(lanes(cubic, gather, false), None);
        // Other elements, colour, Pillow's fixed point, textures, the fused kernel.
        let f32s = rgba((9, 7), (18, 14)).element(ElementType::F32);
        assert_eq!(lanes(f32s, gather, false), None);
        // Quads and staged columns sum them too; NHWC pixels of 6 channels take the scalar
        // gather.
        let rgb = rgba((9, 7), (18, 14)).channels(3);
        assert_eq!(lanes(rgb, gather, false), Some((2, 2)));
        let nchw = rgba((18, 14), (9, 7)).layout(crate::spec::Layout::Nchw);
        assert_eq!(lanes(nchw, gather, false), Some((1, 1)));
        let six = rgba((9, 7), (18, 14)).channels(6);
        assert_eq!(lanes(six, gather, false), None);
        let premultiplied = rgba((9, 7), (18, 14)).premultiplied_alpha(true);
        assert_eq!(lanes(premultiplied, gather, false), None);
        let pillow = presets::pillow(Size2::new(9, 7), Size2::new(18, 14), PillowFilter::Bilinear)
            .channels(4)
            .element(ElementType::U8);
        assert_eq!(lanes(pillow, gather, false), None);
        assert_eq!(lanes(rgba((9, 7), (18, 14)), gather, true), None);
        assert_eq!(lanes(rgba((9, 7), (18, 14)), Path::Fused, false), None);
    }

    /// Enlargements by 2 or more take more rows per invocation in the u8 quads (up to 16), in
    /// integer lanes and in f16 (up to 8), and shrinks in integer lanes (up to 8), where enough
    /// invocations remain; the others keep theirs.
    #[test]
    fn more_rows_where_invocations_remain() {
        use crate::spec::Layout::{self, Nchw, Nhwc};
        let rows_of = |layout: Layout, channels, element, input, output, lanes: bool, taps_x| {
            // A device with `shader-f16`, whose strided groups write f16.
            let features = KernelFeatures {
                integer_weights: lanes.then_some(4),
                native_f16: element == ElementType::F16,
                ..KernelFeatures::default()
            };
            let ends = (input, output);
            match launch_between(layout, channels, element, ends, taps_x, features).variant {
                KernelVariant::GatherQuad { shape, .. } => shape.rows,
                KernelVariant::GatherVec4 { shape, .. } => shape.rows,
                KernelVariant::GatherStaged { shape, .. } => shape.rows,
                other => panic!("{other:?}"),
            }
        };
        let rows = |layout, channels, element, input, output, lanes| {
            rows_of(layout, channels, element, input, output, lanes, 2)
        };
        let (u8s, f16s, f32s) = (ElementType::U8, ElementType::F16, ElementType::F32);
        let small = Size2::new(20, 30);
        let (uhd, qhd, hd) = (
            Size2::new(2160, 3840),
            Size2::new(1440, 2560),
            Size2::new(720, 1280),
        );
        // Quads.
        assert_eq!(rows(Nhwc, 3, u8s, small, uhd, false), 16);
        assert_eq!(rows(Nchw, 3, u8s, small, uhd, false), 16);
        assert_eq!(rows(Nhwc, 3, u8s, small, qhd, false), 8);
        assert_eq!(rows(Nhwc, 3, u8s, small, hd, false), 4);
        // Vector gathers: integer lanes (outputs whose width is not a multiple of 4, which the
        // wide gather takes) and f16, enlarging.
        let (uhd_odd, hd_odd) = (Size2::new(2160, 3842), Size2::new(720, 1282));
        assert_eq!(rows(Nhwc, 4, u8s, small, uhd_odd, true), 8);
        assert_eq!(rows(Nhwc, 4, u8s, small, hd_odd, true), 4);
        assert_eq!(rows(Nhwc, 4, f16s, small, uhd, false), 8);
        assert_eq!(rows(Nchw, 3, f16s, small, uhd, false), 8);
        assert_eq!(rows(Nhwc, 4, f16s, small, hd, false), 4);
        // Integer lanes shrinking: 2 to 8 rows instead of 1.
        assert_eq!(rows(Nhwc, 4, u8s, uhd, Size2::new(1080, 1920), true), 8);
        assert_eq!(rows(Nhwc, 4, u8s, Size2::new(1440, 2560), hd, true), 4);
        assert_eq!(rows(Nhwc, 4, u8s, uhd, Size2::new(540, 960), true), 2);
        assert_eq!(rows(Nhwc, 4, u8s, uhd, Size2::new(54, 96), true), 1);
        // f32 keeps 4 rows enlarging and 1 shrinking; enlargements by less than 2 keep 2.
        assert_eq!(rows(Nhwc, 4, f32s, small, uhd, false), 4);
        assert_eq!(rows(Nhwc, 4, f32s, uhd, Size2::new(1080, 1920), false), 1);
        assert_eq!(
            rows(
                Nhwc,
                3,
                u8s,
                Size2::new(20, 3000),
                Size2::new(30, 3840),
                false
            ),
            2
        );
        // Staged columns: 2 rows where baked bands leave enough invocations.
        let fhd = Size2::new(1080, 1920);
        assert_eq!(rows(Nhwc, 3, u8s, uhd, fhd, false), 2);
        assert_eq!(rows(Nchw, 3, u8s, uhd, fhd, true), 2);
        assert_eq!(rows(Nhwc, 3, u8s, uhd, Size2::new(270, 480), false), 1);
        assert_eq!(rows_of(Nhwc, 3, u8s, uhd, fhd, false, 32), 1);
    }

    /// The split gather takes passes of one vertical tap and horizontal bands of 24 taps or
    /// more, f32 and f16 four-channel groups, or any in Pillow's fixed point from 80 taps; 4
    /// lanes below 64 taps and 8 from 64; not vertical or two-axis bands, narrower bands, u8
    /// summed in floats, strided groups, integer weights or texture ends.
    #[test]
    fn split_gather_where_it_serves() {
        use crate::spec::Layout::{Nchw, Nhwc};
        let plain = KernelFeatures::default();
        let split = |layout, channels, element, taps, features| {
            let ends = (Size2::new(224, 3840), Size2::new(224, 224));
            let limits = wgpu::Limits::default();
            match launch_on(layout, channels, element, ends, taps, features, &limits) {
                Launch {
                    variant: KernelVariant::GatherSplit { split, .. },
                    workgroups,
                    ..
                } => Some((split, workgroups)),
                _ => None,
            }
        };
        let (f32s, f16s) = (ElementType::F32, ElementType::F16);
        // 224 outputs a row: 64 a workgroup with 4 lanes, 32 with 8; two channel groups of 8.
        assert_eq!(split(Nhwc, 4, f32s, (1, 24), plain), Some((4, (4, 224, 1))));
        assert_eq!(split(Nhwc, 4, f32s, (1, 63), plain), Some((4, (4, 224, 1))));
        assert_eq!(split(Nhwc, 4, f16s, (1, 64), plain), Some((8, (7, 224, 1))));
        assert_eq!(
            split(Nhwc, 8, f32s, (1, 103), plain),
            Some((8, (7, 224, 2)))
        );
        let texture = KernelFeatures {
            texture_source: Some(TextureSource { srgb: false }),
            ..plain
        };
        let fixed = KernelFeatures {
            fixed_point: true,
            ..plain
        };
        let u8s = ElementType::U8;
        assert_eq!(split(Nhwc, 4, u8s, (1, 103), fixed), Some((8, (7, 224, 1))));
        assert_eq!(split(Nhwc, 4, f32s, (1, 80), fixed), Some((8, (7, 224, 1))));
        assert_eq!(split(Nhwc, 4, u8s, (1, 79), fixed), None);
        let lanes = KernelFeatures {
            integer_weights: Some(4),
            ..plain
        };
        for (layout, channels, element, taps, features) in [
            (Nhwc, 4, f32s, (1, 23), plain),
            (Nhwc, 4, f32s, (2, 69), plain),
            (Nhwc, 4, f32s, (69, 1), plain),
            (Nhwc, 3, f32s, (1, 69), plain),
            (Nchw, 4, f32s, (1, 69), plain),
            (Nhwc, 4, u8s, (1, 69), plain),
            (Nhwc, 4, u8s, (1, 69), lanes),
            (Nhwc, 3, u8s, (1, 69), fixed),
            (Nhwc, 4, f32s, (1, 69), texture),
        ] {
            assert_eq!(
                split(layout, channels, element, taps, features),
                None,
                "{layout:?} {channels} {element:?} {taps:?} {features:?}"
            );
        }
    }

    /// The wide gather takes RGBA u8 enlargements by 2 or more in integer lanes with one or two
    /// taps per axis, output widths that are multiples of 4 and at least 2^16 invocations of 4
    /// rows, with up to 16 rows while 2^16 remain; everything else keeps its kernel.
    #[test]
    fn wide_gather_where_it_serves_and_pays() {
        use crate::spec::Layout::{Nchw, Nhwc};
        let lanes = KernelFeatures {
            integer_weights: Some(4),
            ..KernelFeatures::default()
        };
        let wide = |layout, channels, element, ends: (Size2, Size2), taps, features| {
            let limits = wgpu::Limits::default();
            match launch_on(layout, channels, element, ends, taps, features, &limits) {
                Launch {
                    variant: KernelVariant::GatherWide { shape, .. },
                    workgroups,
                    ..
                } => Some((shape.rows, workgroups)),
                _ => None,
            }
        };
        let u8s = ElementType::U8;
        let (fhd, uhd) = (Size2::new(1080, 1920), Size2::new(2160, 3840));
        // 960 x 2160 invocations of one row: 16 rows leave 129600; 15 x 34 x 1 workgroups.
        // Nearest neighbours (one tap) and one of each alike.
        for taps in [(2, 2), (1, 1), (1, 2), (2, 1)] {
            assert_eq!(
                wide(Nhwc, 4, u8s, (fhd, uhd), taps, lanes),
                Some((16, (15, 34, 1)))
            );
        }
        assert_eq!(
            wide(Nhwc, 4, u8s, (Size2::new(540, 960), uhd), (2, 2), lanes),
            Some((16, (15, 34, 1)))
        );
        // 512 x 1024: 4 rows leave exactly 2^16; 8 rows too few.
        let (k1, k2) = (Size2::new(512, 512), Size2::new(1024, 1024));
        assert_eq!(
            wide(Nhwc, 4, u8s, (k1, k2), (2, 2), lanes),
            Some((4, (4, 64, 1)))
        );
        // Too few invocations, a width not a multiple of 4, enlarging by less than 2 on
        // either axis, shrinking, other tap counts, no integer lanes, other elements, channels
        // and layouts.
        let hd = Size2::new(720, 1280);
        assert_eq!(
            wide(Nhwc, 4, u8s, (Size2::new(360, 640), hd), (2, 2), lanes),
            None
        );
        let odd = Size2::new(2160, 3842);
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, odd), (2, 2), lanes), None);
        let taller = Size2::new(2160, 2880);
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, taller), (2, 2), lanes), None);
        assert_eq!(
            wide(Nhwc, 4, u8s, (Size2::new(1440, 1920), uhd), (2, 2), lanes),
            None
        );
        assert_eq!(wide(Nhwc, 4, u8s, (uhd, fhd), (2, 2), lanes), None);
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, uhd), (4, 4), lanes), None);
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, uhd), (2, 3), lanes), None);
        let floats = KernelFeatures::default();
        assert_eq!(wide(Nhwc, 4, u8s, (fhd, uhd), (2, 2), floats), None);
        assert_eq!(
            wide(Nhwc, 4, ElementType::F16, (fhd, uhd), (2, 2), lanes),
            None
        );
        assert_eq!(wide(Nhwc, 8, u8s, (fhd, uhd), (2, 2), lanes), None);
        assert_eq!(wide(Nchw, 4, u8s, (fhd, uhd), (2, 2), lanes), None);
    }
}
