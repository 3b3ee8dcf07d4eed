//! Textures into tensors: [`Resizer::encode_texture_to_buffer`] resizes an image of a texture
//! (a camera or video frame, a rendered view) into a tensor in the caller's buffer, as a model's
//! input wants it: NHWC or NCHW, all of the texel's channels or the first of them (RGB of RGBA).
//!
//! Where they can, the resize kernels read an RGBA (or BGRA) texture themselves and write the
//! caller's buffer: RGBA pixels as they are, and, in f32 or in f16 where the device has
//! `shader-f16`, fewer channels or planes through a store that keeps the tensor's channels of
//! the four they sum (`wgsl/dst_tensor.wgsl`). Everything else (u8 tensors of fewer channels or
//! planes, 1- and 2-channel formats, f16 without `shader-f16`) is first copied by a compute
//! shader into a staging tensor of the spec's channels, layout and element type, which the
//! buffer kernels then resize into the caller's buffer; so are u8 RGBA exact doublings, which
//! run faster from the staged copy ([`Resizer::doubles_from_staging`]). Texels are read as
//! stored, as [`Resizer::encode_texture`] reads them: an sRGB texture's encoded values, so that
//! a tensor made from a texture holds what one made from the image file's bytes holds. `auto` is
//! measured on this route itself ([`Resizer::plan_texture_to_buffer`]).

use std::sync::Arc;

use super::checks::check_slice;
use super::planner::Route;
use super::texture::{
    DirectBinding, PreparedStaging, StagingDispatch, check_sampled, check_tensor_image,
};
use super::texture_image::{TextureImage, single_image_texture};
use super::{DirectEnds, PassKernel, ReadyResize, Resizer, TensorTarget, scope, scratch_tensor};
use crate::error::ResizeError;
use crate::normalization::Normalization;
use crate::plan::{Path, Plan};
use crate::spec::{ElementType, Layout, ResizeSpec};
use crate::timing::frames_beyond_cache;
use crate::tune::CandidateTime;

impl Resizer {
    /// Records `spec`'s resize of the texture image `source` into the tensor `output` (a slice
    /// of the caller's buffer, which needs `STORAGE` usage and an offset that is a multiple of
    /// `min_storage_buffer_offset_alignment`) in the caller's `encoder`, in a compute pass of
    /// its own.
    ///
    /// The spec has batch 1, the source's size as input, and NHWC or NCHW layout: the layout of
    /// the output tensor. Its channels are the first `channels` of each texel (1 to the
    /// format's channel count: RGB of an RGBA or BGRA texture, in RGB order), and its element
    /// type f32 or f16 (any float-sampled format; 8-bit formats give values in 0..1) or u8
    /// (8-bit unorm formats, which runs Pillow's fixed point where the spec asks for it). The
    /// taps accumulate in f32 either way; an f16 tensor that is staged first (a 1- or
    /// 2-channel format, or a device without `shader-f16` and a tensor other than RGBA pixels)
    /// is resized from the texels rounded to f16, as an f16 tensor of them would be. The source
    /// needs `TEXTURE_BINDING` usage. Nothing is submitted; after the first call for a spec,
    /// format and buffer, nothing is created. On wgpu's GL backend only mip level 0 of layer 0
    /// can be read (see [`Resizer::encode_texture_images`]). A spec that normalises
    /// ([`crate::ResizeSpecBuilder::normalize`], f32 and f16) has the last kernel apply it as
    /// it stores the tensor.
    pub fn encode_texture_to_buffer(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        spec: &ResizeSpec,
        source: &TextureImage,
        output: wgpu::BufferSlice<'_>,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        let ready = self.ready_texture_to_tensor(spec, source, output, path)?;
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("wgpu-resize texture to tensor"),
            timestamp_writes: None,
        });
        ready.record_dispatches(&mut pass);
        Ok(ready.resize.plan)
    }

    /// [`Resizer::encode_texture_to_buffer`] into a compute pass the caller has open: its
    /// dispatches join the caller's, as [`Resizer::encode_in_pass`]'s do. A failure records
    /// nothing.
    pub fn encode_texture_to_buffer_in_pass(
        &self,
        pass: &mut wgpu::ComputePass<'_>,
        spec: &ResizeSpec,
        source: &TextureImage,
        output: wgpu::BufferSlice<'_>,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        let ready = self.ready_texture_to_tensor(spec, source, output, path)?;
        ready.record_dispatches(pass);
        Ok(ready.resize.plan)
    }

    /// The compute dispatches [`Resizer::encode_texture_to_buffer`] records for `spec` from
    /// `source` into `output` on `path`, in order, as [`Resizer::texture_kernels`] gives them
    /// between textures: the unpack of a staged source, then the resize's own.
    pub fn texture_to_buffer_kernels(
        &self,
        spec: &ResizeSpec,
        source: &TextureImage,
        output: wgpu::BufferSlice<'_>,
        path: Path,
    ) -> Result<Vec<PassKernel>, ResizeError> {
        Ok(self
            .ready_texture_to_tensor(spec, source, output, path)?
            .kernels())
    }

    /// Which path [`Resizer::encode_texture_to_buffer`] runs for `spec` from `source`, as
    /// [`Resizer::plan`] says it for buffers. With [`Path::Auto`] and tuning on, a shape not yet
    /// decided for this texture format is measured now (blocking): every candidate path is
    /// timed from a scratch texture of the format into a scratch tensor, since the fastest path
    /// from a texture is not always the fastest between buffers, and the decision kept under a
    /// key of its own (in the tuning file too, if there is one). Until then `encode` runs the
    /// heuristic's choice and queues the shape for [`Resizer::tune_pending`].
    pub fn plan_texture_to_buffer(
        &self,
        spec: &ResizeSpec,
        source: &TextureImage,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        check_texture_to_tensor(spec, source, self.textures.first_images_only())?;
        self.plan_route(spec, Route::TextureToTensor(source.texture.format()), path)
    }

    /// A texture-to-tensor resize checked, planned and bound, nothing recorded.
    fn ready_texture_to_tensor(
        &self,
        spec: &ResizeSpec,
        source: &TextureImage,
        output: wgpu::BufferSlice<'_>,
        path: Path,
    ) -> Result<ReadyTensor, ResizeError> {
        check_texture_to_tensor(spec, source, self.textures.first_images_only())?;
        let source_format = source.texture.format();
        let plan =
            self.plan_route_without_measuring(spec, Route::TextureToTensor(source_format), path);
        if let Some(direct) = self.direct_tensor(spec, source, output, &plan)? {
            return Ok(direct);
        }
        let staging: Arc<PreparedStaging> =
            self.prepared_staging(spec, Some(source_format), None)?;
        let input = self.staged_source(spec)?;
        // Everything checked and bound before anything is recorded.
        let unpack = self.unpack_dispatch(spec, &staging, source, &input)?;
        let resize = self.ready(spec, input.slice(..), output, plan.path)?;
        // The plan that chose the path, not the request for it.
        let resize = ReadyResize { plan, ..resize };
        Ok(ReadyTensor {
            unpack: Some(unpack),
            resize,
        })
    }

    /// The spec the kernels run where they can read a texture of `format` themselves, and the
    /// store that keeps the tensor's channels: `spec` itself for RGBA pixels; else the same
    /// resize of four channels as pixels, stored as the tensor's channels or planes (f32, or
    /// f16 where the device has `shader-f16`). `None` where only the staged route can run it.
    pub(super) fn direct_form(
        &self,
        spec: &ResizeSpec,
        format: wgpu::TextureFormat,
    ) -> Option<(ResizeSpec, Option<TensorTarget>)> {
        let rgba = spec.channels() == 4 && spec.layout() == Layout::Nhwc;
        let whole_elements = match spec.element() {
            ElementType::F32 => true,
            ElementType::F16 => self.native_f16(),
            _ => false,
        };
        if format.components() != 4 || !(rgba || whole_elements) {
            return None;
        }
        // RGBA pixels as they are.
        if rgba {
            return Some((*spec, None));
        }
        // The same spec but for four channels as pixels, normalised on store: valid wherever
        // `spec` is.
        let kernel_spec = spec
            .to_builder()
            .channels(4)
            .layout(Layout::Nhwc)
            .normalize(spec.normalization().map(Normalization::widened))
            .extrapolation_widened()
            .build()
            .ok()?;
        let tensor = TensorTarget {
            channels: spec.channels(),
            planar: spec.layout() == Layout::Nchw,
        };
        Some((kernel_spec, Some(tensor)))
    }

    /// The spec whose kernels a texture-to-tensor resize of `spec` from `format` runs: that of
    /// [`Resizer::direct_form`], else `spec` itself (the staged route).
    pub(super) fn texture_to_tensor_kernel_spec(
        &self,
        spec: &ResizeSpec,
        format: wgpu::TextureFormat,
    ) -> ResizeSpec {
        self.direct_form(spec, format)
            .map_or(*spec, |(kernel_spec, _)| kernel_spec)
    }

    /// The resize with kernels that read `source` themselves and write `output`, where they
    /// can: RGBA pixels as they are; fewer channels, or planes, through a store that keeps the
    /// tensor's channels of the four they sum (f32, or f16 where the device has `shader-f16`).
    /// `None` where the staged route must run it, or runs it faster
    /// ([`Resizer::doubles_from_staging`]).
    fn direct_tensor(
        &self,
        spec: &ResizeSpec,
        source: &TextureImage,
        output: wgpu::BufferSlice<'_>,
        plan: &Plan,
    ) -> Result<Option<ReadyTensor>, ResizeError> {
        // A reduction runs between buffers: staged. (A sub-image's gather reads it in place.)
        if self.reduces(spec) {
            return Ok(None);
        }
        let Some((kernel_spec, tensor)) = self.direct_form(spec, source.texture.format()) else {
            return Ok(None);
        };
        if self.doubles_from_staging(spec, plan.path) {
            return Ok(None);
        }
        let alignment = self.device.limits().min_storage_buffer_offset_alignment;
        check_slice("output", output, spec.output_bytes(), u64::from(alignment))?;
        let ends = DirectEnds::from_texture(source.texture.format(), tensor);
        let direct = match self.prepared_with(&kernel_spec, plan.path, ends) {
            Ok(direct) => direct,
            // Not the vector kernels on this device and shape: the staged route runs it.
            Err(ResizeError::PathUnavailable { .. }) => return Ok(None),
            Err(e) => return Err(e),
        };
        // Bound with the caller's spec, whose output is the tensor's bytes.
        let bind_groups = self.direct_bind_groups(
            spec,
            &direct,
            DirectBinding::Texture(source),
            DirectBinding::Buffer(output),
        )?;
        Ok(Some(ReadyTensor {
            unpack: None,
            resize: ReadyResize {
                plan: plan.clone(),
                prepared: direct,
                bind_groups,
                before: None,
            },
        }))
    }

    /// Whether `spec` (RGBA u8 pixels) runs from a staged copy of the texture rather than from
    /// the texture itself: where its buffer kernel on `path` is the exact doubling in integer
    /// lanes. From a texture the doubling reads each texel three times (for its neighbours'
    /// outputs too), and on an H200 those loads bound it (with one a row it took 19.2 µs
    /// where it takes 33.8: tuning log item 146); the staging copy reads each texel once, and
    /// the buffer kernel then reads the copy as any u8 tensor. H200, GPU µs,
    /// from an `rgba8unorm` texture (BENCHMARKS.md tuning log item 147): 1080p -> 2160p 33.7
    /// from the texture, 26.5-26.8 staged (the buffers alone 15.7); 384x640 x2 10.8 -> 10.5;
    /// 24x40 x2 10.2 -> 8.6. Other resizes gained nothing staged or lost: u8 720p x1.5 22.2
    /// against 22.2-22.9, 4K -> 1080p 24.7 against 44.4 at best; f16 1080p x2 30.3 against
    /// 56.7; texture to texture, u8 1080p x2, 54 against 59 with the source alone staged. Where
    /// the buffer kernels cannot run the spec, the kernels read the texture. The spec's form is
    /// checked first (the gather, twice the input along both axes), so that other specs, which
    /// the kernels read from the texture, prepare no buffer kernels here. Pillow's 8-bit fixed
    /// point (PyTorch's, ONNX Runtime's) stages too: its doubling rounds between the axes in
    /// the buffers' lanes alone, and from the texture it takes the vector gather (H100, PyTorch's
    /// bilinear 1080p -> 2160p from `rgba8unorm`, 99.2 -> 30.7 µs; tuning log item 189).
    fn doubles_from_staging(&self, spec: &ResizeSpec, path: Path) -> bool {
        let (input, output) = (spec.input(), spec.output());
        spec.element() == ElementType::U8
            && spec.channels() == 4
            && spec.layout() == Layout::Nhwc
            && path == Path::Gather
            && output.height == 2 * input.height
            && output.width == 2 * input.width
            && self
                .prepared_with(spec, path, DirectEnds::default())
                .is_ok_and(|buffers| buffers.lanes_doubling)
    }

    /// Times every candidate path of `spec` from scratch textures of `format` into a scratch
    /// tensor (never the caller's data), each a compute pass of its own, as the buffer route's
    /// candidates are timed. A candidate that cannot run the spec or fails is reported so and
    /// never chosen.
    ///
    /// The runs take their frames in turn from enough textures that about 128 MiB of others
    /// lie between two reads of one ([`frames_beyond_cache`], as `wgresize bench --frames`
    /// takes them), so that no frame is still in the GPU's cache: a video or camera frame
    /// arrives from memory. From one texture the frame stays in an H200's L2 and the paths
    /// rank otherwise: 1080p RGBA8 -> 3 x 224² f32 took the fused path (23.5 µs a frame from
    /// memory) where the separable one takes 19.6 (BENCHMARKS.md tuning log item 138). The
    /// textures are freed when the measurement ends.
    pub(super) fn measure_texture_to_tensor(
        &self,
        spec: &ResizeSpec,
        format: wgpu::TextureFormat,
    ) -> Result<Vec<CandidateTime>, ResizeError> {
        let input = spec.input();
        let frame_bytes = u64::from(input.height)
            * u64::from(input.width)
            * format.block_copy_size(None).map_or(4, u64::from);
        let frames = frames_beyond_cache(frame_bytes);
        let (textures, output) = scope::capture(&self.device, || {
            let texture = || {
                single_image_texture(
                    &self.device,
                    "wgpu-resize tuning texture",
                    input,
                    format,
                    wgpu::TextureUsages::TEXTURE_BINDING,
                )
            };
            let textures: Vec<wgpu::Texture> = (0..frames).map(|_| texture()).collect();
            let output = scratch_tensor(
                &self.device,
                "wgpu-resize tuning tensor",
                spec.output_bytes(),
            );
            (textures, output)
        })?;
        let images: Vec<TextureImage> = textures.iter().map(TextureImage::first).collect();
        let mut turn = (0..images.len()).cycle();
        let route = Route::TextureToTensor(format);
        let candidates = self.time_each_path(spec, route, |pass, path| {
            let image = &images[turn.next().expect("a cycle never ends")];
            self.encode_texture_to_buffer_in_pass(pass, spec, image, output.slice(..), path)
                .map(|_| ())
        });
        // Their cached bind groups would keep the scratch textures and tensor allocated.
        for texture in &textures {
            self.forget_texture(texture);
        }
        self.forget_buffer(&output);
        Ok(candidates)
    }
}

/// A texture-to-tensor resize ready to record: the staging copy where there is one, then the
/// resize's dispatches.
struct ReadyTensor {
    unpack: Option<StagingDispatch>,
    resize: ReadyResize,
}

impl ReadyTensor {
    fn record_dispatches(&self, pass: &mut wgpu::ComputePass<'_>) {
        if let Some(unpack) = &self.unpack {
            unpack.record(pass);
        }
        self.resize.record_dispatches(pass);
    }

    /// The dispatches [`ReadyTensor::record_dispatches`] records, in order.
    fn kernels(&self) -> Vec<PassKernel> {
        let mut kernels: Vec<PassKernel> = self.unpack.iter().map(|u| u.kernel()).collect();
        kernels.extend(self.resize.kernels());
        kernels
    }
}

/// Checks the spec against the source of a texture-to-tensor resize.
fn check_texture_to_tensor(
    spec: &ResizeSpec,
    source: &TextureImage,
    first_images_only: bool,
) -> Result<(), ResizeError> {
    check_tensor_image("source", spec, source, spec.input(), first_images_only)?;
    check_sampled(source)
}
