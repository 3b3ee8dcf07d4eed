//! Batched crop-and-resize on the GPU: every box of a [`CropBatch`] in one dispatch of the
//! gather kernels. Each output image reads its own weight tables (the kernels step through the
//! tables by the parameters' per-image strides), the source's image offset is folded into the
//! x table's first indices, and the source batch stride is 0, so one dispatch serves boxes cut
//! from any images of the batch. A box of a template with a sub-image (`cut`) reads its slice
//! in place: its resize's tables, moved to where the slice lies. A template that normalises
//! has the kernel normalise as it stores.

use std::collections::HashMap;
use std::num::NonZeroU64;
use std::sync::Mutex;
use std::sync::atomic::Ordering;

use super::color::PassColor;
use super::params::{PassParams, PassShape, WeightForm, pack_table};
use super::shaders::KernelFeatures;
use super::{Kernel, KernelVariant, Launch, PassKernel, Resizer, insert_bounded, lock, scope};
use crate::crop::{self, CropBox};
use crate::element::Element;
use crate::error::{ResizeError, SpecError};
use crate::reference::Strides;
use crate::spec::ResizeSpec;
use crate::weights::AxisWeights;

/// The input and output buffers, the offsets they are bound at and the output slice's length.
type CropBindKey = (wgpu::Buffer, u64, wgpu::Buffer, u64, u64);

/// The kernel a batch's boxes run, and its grid.
struct CropLaunch {
    pipeline: wgpu::ComputePipeline,
    kernel: Kernel,
    workgroups: (u32, u32, u32),
}

/// A reusable crop-and-resize batch: a template spec, the GPU buffers of its boxes' weight
/// tables and parameters, and the kernel its boxes need.
///
/// Made once by [`Resizer::crop_batch`]; each frame's boxes are written with
/// [`Resizer::set_crop_boxes`] (a queue write into the batch's own buffers, which takes effect
/// at the next submission, so record one batch's boxes once per submission) and recorded with
/// [`Resizer::encode_crops`]. Nothing is allocated per frame unless the boxes need more table
/// space than any earlier set (more boxes, or more taps with antialias).
pub struct CropBatch {
    template: ResizeSpec,
    boxes: u32,
    output_bytes: u64,
    tables: wgpu::Buffer,
    params: wgpu::Buffer,
    /// The kernel and grid of the current boxes; `None` until boxes are set.
    launch: Option<CropLaunch>,
    /// Keyed by the input and output buffers, the offsets they are bound at and the output
    /// slice's length.
    bind_groups: Mutex<HashMap<CropBindKey, wgpu::BindGroup>>,
    /// The resizer's [`super::ResizerOptions::bind_group_capacity`].
    bind_group_capacity: usize,
}

impl CropBatch {
    /// The template every box resizes with.
    pub fn template(&self) -> &ResizeSpec {
        &self.template
    }

    /// Boxes set by the last [`Resizer::set_crop_boxes`].
    pub fn boxes(&self) -> u32 {
        self.boxes
    }

    /// Bytes the output buffer needs for the current boxes.
    pub fn output_bytes(&self) -> u64 {
        self.output_bytes
    }

    /// The dispatch [`Resizer::encode_crops`] records for the current boxes, named as
    /// [`Resizer::kernels`] names a resize's: `None` until boxes are set, and while none are.
    pub fn kernel(&self) -> Option<PassKernel> {
        let launch = self.launch.as_ref().filter(|_| self.boxes > 0)?;
        Some(PassKernel {
            kernel: launch.kernel.label(),
            workgroups: launch.workgroups,
        })
    }

    /// Drops the batch's bind groups that bind `buffer`, so that the buffer is freed once the
    /// caller drops it too (as [`Resizer::forget_buffer`] does for the resizer's own).
    pub fn forget_buffer(&self, buffer: &wgpu::Buffer) {
        lock(&self.bind_groups)
            .retain(|(input, _, output, _, _), _| input != buffer && output != buffer);
    }

    /// Bind groups held, each over one input and output buffer.
    pub fn bind_groups_held(&self) -> usize {
        lock(&self.bind_groups).len()
    }
}

impl Resizer {
    /// A crop batch for `template` (see [`crate::crop`] for what the template says), with table
    /// space for `capacity` boxes of the template's filter. A template that normalises
    /// ([`crate::ResizeSpecBuilder::normalize`]) has each crop normalised as it is stored.
    pub fn crop_batch(
        &self,
        template: &ResizeSpec,
        capacity: u32,
    ) -> Result<CropBatch, ResizeError> {
        // Validates the template's mapping kind.
        crop::box_spec(template, &CropBox::new(0, [0.0, 0.0, 1.0, 1.0]))?;
        // The gathers' own 8-bit arithmetics (ONNX Runtime's plain linear on uint8, OpenCV's
        // fixed point) take a sub-image's boxes, their padded tables clamped into each slice
        // by their rows' flags; their rules map coordinates half-pixel, not as boxes.
        if let Some(arithmetic) = template.gather_arithmetic()
            && template.cut().is_none()
        {
            return Err(SpecError::Unsupported(format!(
                "a crop batch in {} takes boxes of a template with a sub-image (cut): slices \
                 resized as images of their own, as that library resizes a slice; resize each \
                 tf_crop_and_resize box with a spec of its own (the onnx preset with its roi), \
                 or the batch in f32",
                arithmetic.name()
            ))
            .into());
        }
        if template.reducing_gap().is_some() || template.reduction().is_some() {
            return Err(SpecError::Unsupported(
                "a crop batch resizes each box in one step; a spec with a reducing gap \
                 (Pillow's two-step resize) or a reduction runs through Resizer::encode, one \
                 image at a time"
                    .into(),
            )
            .into());
        }
        let (wy, wx) = AxisWeights::for_spec(template);
        let slots = table_slots(template, capacity.max(1), wy.taps(), wx.taps());
        let (tables, params) = scope::capture(&self.device, || {
            let tables = self.table_buffer(slots);
            let params = self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("wgpu-resize crop batch parameters"),
                size: size_of::<PassParams>() as u64,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            (tables, params)
        })?;
        self.counters.buffers.fetch_add(2, Ordering::Relaxed);
        Ok(CropBatch {
            template: *template,
            boxes: 0,
            output_bytes: 0,
            tables,
            params,
            launch: None,
            bind_groups: Mutex::default(),
            bind_group_capacity: self.bind_group_capacity,
        })
    }

    /// Writes `boxes`' weight tables and parameters into `batch` (through the queue: they take
    /// effect at the next submission). Every box is checked first; on error the batch keeps
    /// its previous boxes.
    pub fn set_crop_boxes(
        &self,
        batch: &mut CropBatch,
        boxes: &[CropBox],
    ) -> Result<(), ResizeError> {
        let template = batch.template;
        let count = boxes.len() as u32;
        if count == 0 {
            batch.boxes = 0;
            batch.output_bytes = 0;
            return Ok(());
        }
        let out_spec = crop::output_spec(&template, count)?;
        let limits = self.device.limits();
        super::check_tensor_sizes(&limits, template.input_bytes(), out_spec.output_bytes())?;
        let box_specs: Vec<ResizeSpec> = boxes
            .iter()
            .map(|b| crop::box_spec(&template, b))
            .collect::<Result<_, SpecError>>()?;
        // One dispatch rounds its 8-bit passes in one order; Pillow orders each slice's by its
        // own size.
        let vertical_first = box_specs[0].rounds_vertical_first();
        if box_specs
            .iter()
            .any(|spec| spec.rounds_vertical_first() != vertical_first)
        {
            return Err(SpecError::Unsupported(
                "these boxes round Pillow's 8-bit passes in different orders (each slice's by \
                 its own size), which one dispatch cannot: batch the boxes of each order apart"
                    .into(),
            )
            .into());
        }
        let features = KernelFeatures {
            fixed_y_first: vertical_first,
            ..self.kernel_features(&template)
        };
        // Each box's tables as the gathers read them (a slice's moved where it lies).
        let tables: Vec<(AxisWeights, AxisWeights)> =
            box_specs.iter().map(AxisWeights::for_gathers).collect();
        let taps_y = tables.iter().map(|(wy, _)| wy.taps()).max().unwrap_or(1);
        let taps_x = tables.iter().map(|(_, wx)| wx.taps()).max().unwrap_or(1);
        let (out, input) = (template.output(), template.input());
        let y_stride = out.height * (taps_y + 2);
        let x_stride = out.width * (taps_x + 2);
        // The image offset along x that reaches image `i`: src_n is a multiple of src_x.
        let strides = Strides::new(template.layout(), template.channels(), input);
        let image_shift = (strides.n / strides.x) as u32;
        let mut packed = Vec::with_capacity((table_slots(&template, count, taps_y, taps_x)) as _);
        for (wy, _) in &tables {
            pack_table(wy, taps_y, 0, WeightForm::of(&template), &mut packed);
        }
        for ((_, wx), b) in tables.iter().zip(boxes) {
            pack_table(
                wx,
                taps_x,
                b.image * image_shift,
                WeightForm::of(&template),
                &mut packed,
            );
        }

        let shape = PassShape {
            src_size: input,
            dst_size: out,
            y: (0, taps_y),
            x: (count * y_stride, taps_x),
            fused: None,
            color: PassColor::WHOLE,
        };
        let element = template.element();
        let launch = Launch::choose(&out_spec, &shape, element, element, features, &limits);
        if template.premultiplied_alpha() && matches!(launch.variant, KernelVariant::Gather { .. })
        {
            return Err(ResizeError::PathUnavailable {
                path: "gather",
                why: "premultiplied alpha needs the vector kernel, whose grid exceeds this \
                      device's workgroup limits for this many boxes"
                    .into(),
            });
        }
        let kernel = Kernel {
            variant: launch.variant,
            features,
        };
        let pipeline = self.pipeline(kernel)?;
        let mut params = PassParams::new(&out_spec, &shape, launch.row_stride)
            .with_normalization(template.normalization(), &out_spec);
        params.src_n = 0;
        params.y_image_stride = y_stride;
        params.x_image_stride = x_stride;

        let needed = packed.len() as u64 * 4;
        scope::capture(&self.device, || {
            if needed > batch.tables.size() {
                batch.tables = self.table_buffer(packed.len() as u64);
                self.counters.buffers.fetch_add(1, Ordering::Relaxed);
                lock(&batch.bind_groups).clear();
            }
            self.queue
                .write_buffer(&batch.tables, 0, bytemuck::cast_slice(&packed));
            self.queue
                .write_buffer(&batch.params, 0, bytemuck::bytes_of(&params));
        })?;
        batch.boxes = count;
        batch.output_bytes = out_spec.output_bytes();
        batch.launch = Some(CropLaunch {
            pipeline,
            kernel,
            workgroups: launch.workgroups,
        });
        Ok(())
    }

    /// Records `batch`'s crops of `input` (the template's source batch) into `output` (one
    /// image of the template's output size per box, in box order). Both buffers need `STORAGE`
    /// usage and must be distinct. Nothing is submitted.
    pub fn encode_crops(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        batch: &CropBatch,
        input: &wgpu::Buffer,
        output: &wgpu::Buffer,
    ) -> Result<(), ResizeError> {
        self.encode_crops_slices(encoder, batch, input.slice(..), output.slice(..))
    }

    /// [`Resizer::encode_crops`] on parts of buffers, as [`Resizer::encode_slices`] takes
    /// them: offsets multiples of the device's `min_storage_buffer_offset_alignment`, slices at
    /// least the template's input bytes and [`CropBatch::output_bytes`], in different buffers.
    pub fn encode_crops_slices(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        batch: &CropBatch,
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
    ) -> Result<(), ResizeError> {
        if let Some(dispatch) = self.crop_dispatch(batch, input, output)? {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("wgpu-resize crop batch"),
                timestamp_writes: None,
            });
            dispatch.record(&mut pass);
        }
        Ok(())
    }

    /// Records `batch`'s crops into the caller's open compute pass, as
    /// [`Resizer::encode_in_pass`] records a resize: the same buffers and checks as
    /// [`Resizer::encode_crops`], one dispatch appended to the pass. The pass's pipeline and
    /// bind group 0 are the batch's afterwards.
    pub fn encode_crops_in_pass(
        &self,
        pass: &mut wgpu::ComputePass<'_>,
        batch: &CropBatch,
        input: &wgpu::Buffer,
        output: &wgpu::Buffer,
    ) -> Result<(), ResizeError> {
        self.encode_crops_slices_in_pass(pass, batch, input.slice(..), output.slice(..))
    }

    /// [`Resizer::encode_crops_in_pass`] on parts of buffers, with
    /// [`Resizer::encode_crops_slices`]'s conditions on the slices.
    pub fn encode_crops_slices_in_pass(
        &self,
        pass: &mut wgpu::ComputePass<'_>,
        batch: &CropBatch,
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
    ) -> Result<(), ResizeError> {
        if let Some(dispatch) = self.crop_dispatch(batch, input, output)? {
            dispatch.record(pass);
        }
        Ok(())
    }

    /// Checks the slices and looks up (or creates) the batch's bind group over them: `None`
    /// where the batch has no boxes, so there is nothing to record.
    fn crop_dispatch(
        &self,
        batch: &CropBatch,
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
    ) -> Result<Option<CropDispatch>, ResizeError> {
        let Some(launch) = &batch.launch else {
            return Ok(None);
        };
        if batch.boxes == 0 {
            return Ok(None);
        }
        let input_bytes = batch.template.input_bytes();
        self.check_ends(input, input_bytes, output, batch.output_bytes(), "gather")?;
        let key = (
            input.buffer().clone(),
            input.offset(),
            output.buffer().clone(),
            output.offset(),
            output.size(),
        );
        let mut cache = lock(&batch.bind_groups);
        let group = match cache.get(&key) {
            Some(group) => group.clone(),
            None => {
                let group = self.create_crop_bind_group(batch, input, output)?;
                insert_bounded(&mut cache, batch.bind_group_capacity, key, group.clone());
                group
            }
        };
        Ok(Some(CropDispatch {
            pipeline: launch.pipeline.clone(),
            group,
            workgroups: launch.workgroups,
        }))
    }

    /// A new bind group of `batch`'s crop over `input` and `output` (counted).
    fn create_crop_bind_group(
        &self,
        batch: &CropBatch,
        input: wgpu::BufferSlice<'_>,
        output: wgpu::BufferSlice<'_>,
    ) -> Result<wgpu::BindGroup, ResizeError> {
        // The whole output slice (up to the binding limit, in whole words), not the current
        // boxes' bytes: the bind group is kept for later sets of boxes, which may be more, and
        // a binding of fewer bytes left their outputs unwritten. Each call checks that the
        // slice holds the current boxes, and `set_crop_boxes` that they fit a binding.
        let limit = self.device.limits().max_storage_buffer_binding_size;
        let output_bytes = output.size().min(limit) & !3;
        let group = scope::capture(&self.device, || {
            self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("wgpu-resize crop batch"),
                layout: &self.bind_group_layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: batch.params.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: batch.tables.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 2,
                        resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                            buffer: input.buffer(),
                            offset: input.offset(),
                            size: NonZeroU64::new(batch.template.input_bytes()),
                        }),
                    },
                    wgpu::BindGroupEntry {
                        binding: 3,
                        resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                            buffer: output.buffer(),
                            offset: output.offset(),
                            size: NonZeroU64::new(output_bytes),
                        }),
                    },
                ],
            })
        })?;
        self.counters.bind_groups.fetch_add(1, Ordering::Relaxed);
        Ok(group)
    }

    /// Uploads `input`, crops and resizes every box, waits and reads the batch back: for scripts
    /// and tests. Builds a batch each call; frame loops keep one [`CropBatch`].
    pub fn crop_and_resize<T: Element>(
        &self,
        template: &ResizeSpec,
        boxes: &[CropBox],
        input: &[T],
    ) -> Result<Vec<T>, ResizeError> {
        super::blocking::check_host_input(template, input)?;
        let mut batch = self.crop_batch(template, boxes.len() as u32)?;
        self.set_crop_boxes(&mut batch, boxes)?;
        if boxes.is_empty() {
            return Ok(Vec::new());
        }
        let (input_buffer, output_buffer) =
            self.upload_for(template, input, batch.output_bytes())?;
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("wgpu-resize crop batch"),
            });
        self.encode_crops(&mut encoder, &batch, &input_buffer, &output_buffer)?;
        let len = template.output_len() / template.batch() as usize * boxes.len();
        self.submit_and_read(encoder, &output_buffer, len)
    }

    fn table_buffer(&self, slots: u64) -> wgpu::Buffer {
        self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("wgpu-resize crop batch tables"),
            size: slots.max(1) * 4,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }
}

/// f32 slots of `boxes` boxes' tables with these tap counts.
fn table_slots(template: &ResizeSpec, boxes: u32, taps_y: u32, taps_x: u32) -> u64 {
    let out = template.output();
    boxes as u64
        * (out.height as u64 * (taps_y as u64 + 2) + out.width as u64 * (taps_x as u64 + 2))
}

/// A crop batch's dispatch, checked and bound, waiting to be recorded.
struct CropDispatch {
    pipeline: wgpu::ComputePipeline,
    group: wgpu::BindGroup,
    workgroups: (u32, u32, u32),
}

impl CropDispatch {
    fn record(&self, pass: &mut wgpu::ComputePass<'_>) {
        let (x, y, z) = self.workgroups;
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.group, &[]);
        pass.dispatch_workgroups(x, y, z);
    }
}
