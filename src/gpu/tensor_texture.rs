//! Tensors into textures: [`Resizer::encode_buffer_to_texture`] resizes a tensor in the
//! caller's buffer (a model's output, a decoded image) into an image of a texture, to be shown
//! or sampled: NHWC or NCHW, u8, f16 or f32, 1 to 4 channels, of which the texel's missing
//! ones are 0 and alpha 1 (RGB planes into an RGBA texture).
//!
//! RGBA pixels (NHWC, four channels) into a target that takes storage writes are written by
//! the resize kernels themselves (`wgsl/dst_vec4_texture.wgsl`), as between textures. Otherwise
//! the buffer kernels resize the tensor into a staging tensor of the spec's layout, channels
//! and element type, which reaches the target as [`Resizer::encode_texture`]'s results do: by a
//! compute shader through a storage binding (reading planes and f16 as well as pixels), by a
//! copy where the staged bytes are the texels, or by a render pass. Values are written as
//! stored values, as the texture route writes them: a u8 tensor's bytes are the texels of an
//! 8-bit format (sRGB included, whose encoded bytes they are), and f32 and f16 values are the
//! texels of a float or normalised format. A normalising spec applies its statistics as the
//! last kernel stores, into the texture or the staging tensor: with
//! [`crate::Normalization::inverse`], a model's normalised output becomes values to show.
//!
//! `auto` is measured on the direct route itself, into a texture of the target's format
//! ([`Resizer::plan_buffer_to_texture`]): there the last pass stores texels, and the fastest
//! path need not be the buffers' (H200, f32 1080p x2 into `rgba32float` at d6b1c93: fused 97.7
//! µs, the gather that buffers chose 166.4; with the workgroups of src/gpu/texture_groups.rs
//! the gather takes 47.9 and is chosen, BENCHMARKS.md 0070845). A staged result is resized
//! between buffers and takes the buffers' decision.

use super::checks::check_slice;
use super::planner::Route;
use super::scope;
use super::texture::{DirectBinding, ReadyTexture, TextureWrite, check_tensor_image, target_write};
use super::texture_image::{TextureImage, single_image_texture};
use super::{DirectEnds, PassKernel, ReadyResize, Resizer, scratch_tensor};
#[cfg(doc)]
use crate::Normalization;
use crate::error::ResizeError;
use crate::plan::{Path, Plan};
use crate::spec::{Layout, ResizeSpec};
use crate::tune::CandidateTime;

impl Resizer {
    /// Records `spec`'s resize of the tensor `input` (a slice of the caller's buffer, which
    /// needs `STORAGE` usage and an offset that is a multiple of
    /// `min_storage_buffer_offset_alignment`) into the texture image `target` in the caller's
    /// `encoder`, and says how the target is written.
    ///
    /// The spec has batch 1, the target's size as output, NHWC or NCHW layout (the input
    /// tensor's), 1 to the format's channel count of channels (the texel's others are 0, and
    /// alpha 1), and element type f32 or f16 (any float-sampled format: the values are the
    /// texels) or u8 (8-bit unorm formats: the bytes are the texels). A normalising f32 or f16
    /// spec maps the values before they are stored as texels: [`Normalization::inverse`] of
    /// the statistics a model's output was normalised by gives values to show. The target is
    /// written through a storage binding (`STORAGE_BINDING` and a storage-capable
    /// format), by a copy (`COPY_DST`, an NHWC spec of the format's channels, and 8-bit unorm
    /// R, RG or RGBA texels for a u8 spec or 32-bit float ones for an f32 spec), or by a render
    /// pass (`RENDER_ATTACHMENT`), in that order of preference. [`Path::Auto`] runs what
    /// [`Resizer::plan_buffer_to_texture`] says. Nothing is submitted; after the first call for
    /// a spec, buffer and target, nothing is created. On wgpu's GL backend only
    /// mip level 0 of layer 0 can be written (see [`Resizer::encode_texture_images`]).
    pub fn encode_buffer_to_texture(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        spec: &ResizeSpec,
        input: wgpu::BufferSlice<'_>,
        target: &TextureImage,
        path: Path,
    ) -> Result<(Plan, TextureWrite), ResizeError> {
        let write = check_buffer_to_texture(spec, target, self.textures.first_images_only())?;
        let ready = self.ready_buffer_to_texture(spec, input, target, write, path)?;
        ready.record(encoder);
        Ok((ready.resize.plan.clone(), ready.write))
    }

    /// [`Resizer::encode_buffer_to_texture`] into a compute pass the caller has open, where the
    /// target takes storage writes (`STORAGE_BINDING` and a storage-capable format): its
    /// dispatches join the caller's, as [`Resizer::encode_in_pass`]'s do. A target written by
    /// a copy or a render pass, which cannot happen inside a compute pass, is a
    /// [`ResizeError::Texture`]. A failure records nothing.
    pub fn encode_buffer_to_texture_in_pass(
        &self,
        pass: &mut wgpu::ComputePass<'_>,
        spec: &ResizeSpec,
        input: wgpu::BufferSlice<'_>,
        target: &TextureImage,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        let write = check_buffer_to_texture(spec, target, self.textures.first_images_only())?;
        if write != TextureWrite::Storage {
            return Err(ResizeError::Texture {
                which: "target",
                why: format!(
                    "would be written by {write:?}, which cannot join a compute pass: inside \
                     one, a target needs STORAGE_BINDING and a storage format \
                     (encode_buffer_to_texture writes the others)"
                ),
            });
        }
        let ready = self.ready_buffer_to_texture(spec, input, target, write, path)?;
        ready.record_dispatches(pass);
        Ok(ready.resize.plan.clone())
    }

    /// The compute dispatches [`Resizer::encode_buffer_to_texture`] records for `spec` from
    /// `input` into `target` on `path`, in order, and how the target is written, as
    /// [`Resizer::texture_kernels`] gives them between textures: the resize's own, then the
    /// pack of a staged result.
    pub fn buffer_to_texture_kernels(
        &self,
        spec: &ResizeSpec,
        input: wgpu::BufferSlice<'_>,
        target: &TextureImage,
        path: Path,
    ) -> Result<(Vec<PassKernel>, TextureWrite), ResizeError> {
        let write = check_buffer_to_texture(spec, target, self.textures.first_images_only())?;
        let ready = self.ready_buffer_to_texture(spec, input, target, write, path)?;
        Ok((ready.kernels(), ready.write))
    }

    /// Which path [`Resizer::encode_buffer_to_texture`] runs for `spec` into `target`, as
    /// [`Resizer::plan`] says it for buffers. Where the kernels write the target themselves
    /// (RGBA pixels into a storage target), [`Path::Auto`] with tuning on measures a shape not
    /// yet decided for this format now (blocking): every candidate path is timed from a scratch
    /// tensor into a scratch texture of the format, since the fastest path into a texture is
    /// not always the fastest between buffers, and the decision kept under a key of its own
    /// (in the tuning file too, if there is one). Until then `encode` runs the heuristic's
    /// choice and queues the shape for [`Resizer::tune_pending`]. A staged result is resized
    /// between buffers, and planned as [`Resizer::plan`] plans it.
    pub fn plan_buffer_to_texture(
        &self,
        spec: &ResizeSpec,
        target: &TextureImage,
        path: Path,
    ) -> Result<Plan, ResizeError> {
        let write = check_buffer_to_texture(spec, target, self.textures.first_images_only())?;
        self.plan_route(spec, route_into(spec, target, write), path)
    }

    /// A resize of the caller's tensor into a texture that [`check_buffer_to_texture`] passed,
    /// written by `write`: planned and bound, nothing recorded.
    fn ready_buffer_to_texture(
        &self,
        spec: &ResizeSpec,
        input: wgpu::BufferSlice<'_>,
        target: &TextureImage,
        write: TextureWrite,
        path: Path,
    ) -> Result<ReadyTexture, ResizeError> {
        if let Some(direct) = self.direct_buffer_to_texture(spec, input, target, write, path)? {
            return Ok(direct);
        }
        let staging = self.prepared_staging(spec, None, Some((target.texture.format(), write)))?;
        let output = self.staged_result(spec)?;
        // Everything checked and bound before anything is recorded.
        let resize = self.ready(spec, input, output.slice(..), path)?;
        let pack = self.pack(spec, &staging, target, &output, write)?;
        Ok(ReadyTexture {
            unpack: None,
            resize,
            pack: Some(pack),
            write,
        })
    }

    /// The resize whose kernels write `target` themselves: RGBA pixels into a target that
    /// takes storage writes, where the vector kernels run the spec on this device. `None`
    /// where the staged route runs it.
    fn direct_buffer_to_texture(
        &self,
        spec: &ResizeSpec,
        input: wgpu::BufferSlice<'_>,
        target: &TextureImage,
        write: TextureWrite,
        path: Path,
    ) -> Result<Option<ReadyTexture>, ResizeError> {
        let route = route_into(spec, target, write);
        let Route::TensorToTexture(format) = route else {
            return Ok(None);
        };
        let plan = self.plan_route_without_measuring(spec, route, path);
        // A reduction runs between buffers: staged. (A sub-image's gather reads it in place.)
        if self.reduces(spec) {
            return Ok(None);
        }
        let ends = DirectEnds::into_texture(format);
        let direct = match self.prepared_with(spec, plan.path, ends) {
            Ok(direct) => direct,
            // Not the vector kernels on this device and shape: the staged route runs it.
            Err(ResizeError::PathUnavailable { .. }) => return Ok(None),
            Err(e) => return Err(e),
        };
        let alignment = self.device.limits().min_storage_buffer_offset_alignment;
        check_slice("input", input, spec.input_bytes(), u64::from(alignment))?;
        let bind_groups = self.direct_bind_groups(
            spec,
            &direct,
            DirectBinding::Buffer(input),
            DirectBinding::Texture(target),
        )?;
        Ok(Some(ReadyTexture {
            unpack: None,
            resize: ReadyResize {
                plan,
                prepared: direct,
                bind_groups,
                before: None,
            },
            pack: None,
            write,
        }))
    }

    /// Times every candidate path of `spec` from a scratch tensor into a scratch storage
    /// texture of `format` (never the caller's data), each a compute pass of its own, as the
    /// buffer route's candidates are timed. A candidate that cannot run the spec or fails is
    /// reported so and never chosen. The tensor and texture are freed when the measurement
    /// ends.
    pub(super) fn measure_tensor_to_texture(
        &self,
        spec: &ResizeSpec,
        format: wgpu::TextureFormat,
    ) -> Result<Vec<CandidateTime>, ResizeError> {
        let (input, texture) = scope::capture(&self.device, || {
            let input = scratch_tensor(
                &self.device,
                "wgpu-resize tuning tensor",
                spec.input_bytes(),
            );
            let texture = single_image_texture(
                &self.device,
                "wgpu-resize tuning texture",
                spec.output(),
                format,
                wgpu::TextureUsages::STORAGE_BINDING,
            );
            (input, texture)
        })?;
        let target = TextureImage::first(&texture);
        let route = Route::TensorToTexture(format);
        let candidates = self.time_each_path(spec, route, |pass, path| {
            self.encode_buffer_to_texture_in_pass(pass, spec, input.slice(..), &target, path)
                .map(|_| ())
        });
        // Their cached bind groups would keep the scratch tensor and texture allocated.
        self.forget_texture(&texture);
        self.forget_buffer(&input);
        Ok(candidates)
    }
}

/// The route that plans a resize of `spec` into `target` written by `write`: its own where the
/// kernels write the target (RGBA pixels into a storage target of four channels), else the
/// buffers' (a staged result).
fn route_into(spec: &ResizeSpec, target: &TextureImage, write: TextureWrite) -> Route {
    let format = target.texture.format();
    let rgba = spec.channels() == 4 && spec.layout() == Layout::Nhwc;
    if rgba && format.components() == 4 && write == TextureWrite::Storage {
        Route::TensorToTexture(format)
    } else {
        Route::Buffers
    }
}

/// Checks the spec against the target image and chooses how the target is written.
fn check_buffer_to_texture(
    spec: &ResizeSpec,
    target: &TextureImage,
    first_images_only: bool,
) -> Result<TextureWrite, ResizeError> {
    check_tensor_image("target", spec, target, spec.output(), first_images_only)?;
    target_write(spec, target)
}
