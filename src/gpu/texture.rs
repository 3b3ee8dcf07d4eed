//! Textures in and out: [`Resizer::encode_texture`] resizes a sampleable 2-D texture into
//! another, with every filter, convention and path of the buffer API.
//!
//! RGBA textures are read by the resize kernels themselves (`wgsl/src_vec4_texture.wgsl`: the
//! first pass's source bound as a texture) and, when the target takes storage writes, written
//! by them too (`wgsl/dst_vec4_texture.wgsl`: the last pass's destination a storage texture).
//! Other cases go through staging tensors (NHWC, the format's channels, u8 or f32 as the spec's
//! element type says): 1-3 channel sources are copied into one first, and results bound for a
//! target that takes no storage writes (sRGB formats, BGRA without its storage feature, formats
//! that are renderable but not storage-capable) or a 1-3 channel target reach it from one by a
//! compute shader, a buffer-to-texture copy (where the target's texels are the tensor's bytes)
//! or a render pass. Values are read as stored (encoded) values: the hardware decodes an sRGB
//! texture on load and the kernels encode again; a copy writes the encoded bytes as they are,
//! and the render pass decodes before the hardware encodes on write. So a spec means the same on a texture as on a buffer
//! of the image file's bytes: plain resizing works on encoded values (as Pillow does), and
//! `linear_light` decodes, resizes and encodes, fused in the kernel.
//!
//! The staging buffers are scratch buffers shared by every texture resize of this resizer.
//! A texture resized into the caller's tensor instead of a texture is in `texture_tensor.rs`,
//! the caller's tensor resized into a texture in `tensor_texture.rs`.

use std::collections::HashMap;
use std::num::NonZeroU64;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use wgpu::util::DeviceExt;

use super::checks::{check_limit, max_binding};
use super::params::{check_grid, dispatch_grid};
use super::shaders::StagingShader;
use super::shaders::{TextureSource, wgsl_storage_format};
use super::texture_image::TextureImage;
use super::{
    DirectEnds, End, PREPARED_CAPACITY, PassKernel, Prepared, ReadyResize, Resizer, ScratchRole,
    find_or_build, insert_bounded, lock, scope,
};
use crate::error::ResizeError;
use crate::plan::{Path, Plan};
use crate::spec::{ElementType, Layout, ResizeSpec, Size2};

/// How a resize's result reaches the target texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureWrite {
    /// A compute shader through a storage binding (the target has `STORAGE_BINDING` usage and a
    /// storage-capable format).
    Storage,
    /// A copy of the staged result (the target has `COPY_DST`, and its texels are the staged
    /// tensor's bytes: 8-bit unorm R, RG or RGBA, sRGB included, for a u8 spec; 32-bit float
    /// R, RG or RGBA for an f32 spec). Rows that are not a multiple of 256 bytes are first
    /// padded by a compute dispatch.
    Copy,
    /// A render pass drawing one full-screen triangle (the target has `RENDER_ATTACHMENT`).
    Render,
}

/// `Staging` in `wgsl/texture_common.wgsl`.
#[repr(C)]
#[derive(Clone, Copy, Debug, bytemuck::Pod, bytemuck::Zeroable)]
struct StagingParams {
    width: u32,
    height: u32,
    channels: u32,
    flags: u32,
    row_stride: u32,
    pitch_words: u32,
    pixels_each: u32,
    pad: u32,
}

const STAGING_U8: u32 = 1;
const TEXTURE_SRGB: u32 = 2;
const STAGING_NCHW: u32 = 4;
const STAGING_F16: u32 = 8;

/// The staging pipelines and layouts, built on first use per kind and format.
#[derive(Default)]
pub(crate) struct TextureCaches {
    /// Images other than mip level 0 of layer 0 are refused: wgpu's GL backend cannot bind
    /// one mip level or layer of a texture for sampling (wgpu issue 1574), and on Mesa's
    /// llvmpipe the mip levels it resized into were wrong.
    first_images_only: bool,
    pipelines: Mutex<HashMap<PipelineKey, StagingPipeline>>,
    prepared: Mutex<HashMap<PreparedKey, Arc<PreparedStaging>>>,
    bind_groups: Mutex<HashMap<BindKey, wgpu::BindGroup>>,
    views: Mutex<HashMap<TextureImage, wgpu::TextureView>>,
    /// Bind groups of resizes whose kernels read or write a texture themselves: by prepared
    /// spec, source and target (each an image, or a buffer: the caller's tensor or staging).
    direct_bind_groups: Mutex<DirectBindGroups>,
}

/// What the kernels of a direct texture resize read or write, as a cache key.
#[derive(Clone, PartialEq, Eq, Hash)]
enum DirectEnd {
    Texture(TextureImage),
    /// A buffer from an offset: a staging tensor, or the caller's tensor.
    Buffer(wgpu::Buffer, u64),
}

impl DirectEnd {
    fn binds_buffer(&self, buffer: &wgpu::Buffer) -> bool {
        matches!(self, DirectEnd::Buffer(b, _) if b == buffer)
    }

    fn binds_texture(&self, texture: &wgpu::Texture) -> bool {
        matches!(self, DirectEnd::Texture(image) if image.texture == *texture)
    }
}

/// What the kernels of a direct texture resize read or write: an image, or a buffer slice.
#[derive(Clone, Copy)]
pub(super) enum DirectBinding<'a> {
    Texture(&'a TextureImage),
    Buffer(wgpu::BufferSlice<'a>),
}

impl DirectBinding<'_> {
    fn key(&self) -> DirectEnd {
        match self {
            DirectBinding::Texture(image) => DirectEnd::Texture((*image).clone()),
            DirectBinding::Buffer(slice) => {
                DirectEnd::Buffer(slice.buffer().clone(), slice.offset())
            }
        }
    }
}

type DirectBindGroups = HashMap<(u64, DirectEnd, DirectEnd), Arc<Vec<wgpu::BindGroup>>>;

impl TextureCaches {
    /// Empty caches for a device of `backend`.
    pub(crate) fn new(backend: wgpu::Backend) -> Self {
        TextureCaches {
            first_images_only: backend == wgpu::Backend::Gl,
            ..Default::default()
        }
    }

    /// Whether only mip level 0 of layer 0 can be bound (wgpu's GL backend).
    pub(super) fn first_images_only(&self) -> bool {
        self.first_images_only
    }

    /// Staging pipelines built so far.
    pub(crate) fn pipeline_count(&self) -> usize {
        lock(&self.pipelines).len()
    }

    /// Bind groups, sets of them and views held, each holding a texture or buffer alive.
    pub(crate) fn bindings_held(&self) -> usize {
        lock(&self.bind_groups).len()
            + lock(&self.views).len()
            + lock(&self.direct_bind_groups).len()
    }

    /// Drops what binds `buffer`: staging bind groups over it, and direct resizes that read
    /// or write it.
    pub(crate) fn forget_buffer(&self, buffer: &wgpu::Buffer) {
        lock(&self.bind_groups).retain(|key, _| !key.binds_buffer(buffer));
        lock(&self.direct_bind_groups).retain(|(_, source, end), _| {
            !source.binds_buffer(buffer) && !end.binds_buffer(buffer)
        });
    }

    /// Drops what binds or views any image of `texture`.
    pub(crate) fn forget_texture(&self, texture: &wgpu::Texture) {
        lock(&self.bind_groups).retain(|key, _| !key.binds_texture(texture));
        lock(&self.views).retain(|image, _| image.texture != *texture);
        lock(&self.direct_bind_groups).retain(|(_, source, end), _| {
            !source.binds_texture(texture) && !end.binds_texture(texture)
        });
    }
}

/// A staging pipeline: the unpack of a source's texels into a tensor, or one of the packs
/// that write a staged result into a target.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum PipelineKey {
    Unpack,
    PackStorage(wgpu::TextureFormat),
    PackRender(wgpu::TextureFormat),
    PackRows,
}

impl PipelineKey {
    /// The pipeline's label, which graphics debuggers and [`Resizer::texture_kernels`] show.
    fn label(self) -> String {
        match self {
            PipelineKey::Unpack => "wgpu-resize texture unpack".into(),
            PipelineKey::PackStorage(format) => {
                format!("wgpu-resize texture pack to {format:?} by storage writes")
            }
            PipelineKey::PackRender(format) => {
                format!("wgpu-resize texture pack to {format:?} by a render pass")
            }
            PipelineKey::PackRows => "wgpu-resize texture pack rows padded for a copy".into(),
        }
    }
}

#[derive(Clone)]
enum StagingPipeline {
    Compute(wgpu::ComputePipeline, wgpu::BindGroupLayout),
    Render(wgpu::RenderPipeline, wgpu::BindGroupLayout),
}

/// A spec on a source format (none where the source is the caller's tensor), and on a target
/// format with a way of writing it (none where the result is a tensor in the caller's buffer).
#[derive(Clone, Copy, PartialEq)]
struct PreparedKey {
    spec: ResizeSpec,
    source: Option<wgpu::TextureFormat>,
    target: Option<(wgpu::TextureFormat, TextureWrite)>,
}

impl Eq for PreparedKey {}

impl std::hash::Hash for PreparedKey {
    // The spec holds floats: hash the rest, equality decides.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.source, self.target).hash(state);
    }
}

/// The parameter blocks of one prepared texture resize.
pub(super) struct PreparedStaging {
    id: u64,
    /// The unpack's parameters and grid; none where the source is the caller's tensor.
    unpack: Option<(wgpu::Buffer, (u32, u32))>,
    /// None where the result is a tensor in the caller's buffer.
    pack: Option<wgpu::Buffer>,
}

impl PreparedStaging {
    /// The unpack's parameters and grid, which a resize from a texture has.
    fn unpack(&self) -> &(wgpu::Buffer, (u32, u32)) {
        self.unpack
            .as_ref()
            .expect("a resize from a texture has unpack parameters")
    }
}

#[derive(Clone, PartialEq, Eq, Hash)]
enum BindKey {
    Unpack(u64, TextureImage, wgpu::Buffer),
    PackStorage(u64, TextureImage, wgpu::Buffer),
    PackRender(u64, wgpu::Buffer),
    /// The staged result and the padded rows it is packed into.
    PackRows(u64, wgpu::Buffer, wgpu::Buffer),
}

impl BindKey {
    fn binds_buffer(&self, buffer: &wgpu::Buffer) -> bool {
        match self {
            BindKey::Unpack(_, _, b)
            | BindKey::PackStorage(_, _, b)
            | BindKey::PackRender(_, b) => b == buffer,
            BindKey::PackRows(_, staged, rows) => staged == buffer || rows == buffer,
        }
    }

    fn binds_texture(&self, texture: &wgpu::Texture) -> bool {
        match self {
            BindKey::Unpack(_, image, _) | BindKey::PackStorage(_, image, _) => {
                image.texture == *texture
            }
            BindKey::PackRender(..) | BindKey::PackRows(..) => false,
        }
    }
}

impl Resizer {
    /// Records `spec`'s resize of texture `source` into texture `target` in the caller's
    /// `encoder`, and says how the result is written.
    ///
    /// Both textures are 2-D and single-sampled; mip level 0 and array layer 0 are read and
    /// written. The spec has batch 1, NHWC layout, the formats' channel count (both formats
    /// have the same), input and output sizes equal to the textures' sizes, and element type
    /// f32 (any float-sampled format) or u8 (8-bit unorm formats on both sides, which runs
    /// Pillow's fixed point where the spec asks for it). The source needs `TEXTURE_BINDING`
    /// usage. The target is written, in this order of preference, through a storage binding
    /// (`STORAGE_BINDING` and a storage-capable format), by a copy (`COPY_DST`, and 8-bit unorm
    /// R, RG or RGBA texels, sRGB included, for a u8 spec, or 32-bit float ones for an f32
    /// spec), or by a render pass (`RENDER_ATTACHMENT`). Nothing is submitted; after the first
    /// call for a spec, formats and textures, nothing is created.
    pub fn encode_texture(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        spec: &ResizeSpec,
        source: &wgpu::Texture,
        target: &wgpu::Texture,
        path: Path,
    ) -> Result<(Plan, TextureWrite), ResizeError> {
        self.encode_texture_images(
            encoder,
            spec,
            &TextureImage::first(source),
            &TextureImage::first(target),
            path,
        )
    }

    /// [`Resizer::encode_texture`] between any two images of 2-D textures: a mip level of an
    /// array layer each, whose sizes are the spec's. They may be two images of one texture
    /// (another mip level or layer), not the same one. On wgpu's GL backend, which cannot bind
    /// one mip level or layer of a texture, images other than mip level 0 of layer 0 are a
    /// [`ResizeError::Texture`].
    pub fn encode_texture_images(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        spec: &ResizeSpec,
        source: &TextureImage,
        target: &TextureImage,
        path: Path,
    ) -> Result<(Plan, TextureWrite), ResizeError> {
        let ready = self.ready_texture(spec, source, target, path)?;
        ready.record(encoder);
        Ok((ready.resize.plan.clone(), ready.write))
    }

    /// The compute dispatches [`Resizer::encode_texture_images`] records for `spec` from
    /// `source` into `target` on `path`, in order, and how the target is written: where the
    /// write is [`TextureWrite::Copy`] or [`TextureWrite::Render`], a copy or a render pass
    /// follows them. The dispatches are the unpack of a staged source's texels, the resize's
    /// own ([`Resizer::kernels`]: texture ends show in their labels), and the pack of a staged
    /// result (storage writes, or rows padded for a copy). `Path::Auto` gives what encoding
    /// runs now and measures nothing. Checks and prepares as the first encode would (pipelines,
    /// parameter blocks, bind groups), so a spec or texture that cannot be resized is the same
    /// [`ResizeError`].
    pub fn texture_kernels(
        &self,
        spec: &ResizeSpec,
        source: &TextureImage,
        target: &TextureImage,
        path: Path,
    ) -> Result<(Vec<PassKernel>, TextureWrite), ResizeError> {
        let ready = self.ready_texture(spec, source, target, path)?;
        Ok((ready.kernels(), ready.write))
    }

    /// Records the mip levels of `texture` after the first, each resized from the one before by
    /// `template` (its filter, convention, element type and channels; the sizes are each
    /// level's), in every array layer. Every level is checked and bound before any is
    /// recorded, so a failure records nothing. Returns each resize's plan and write, level by
    /// level, layer by layer; a level's dispatches are [`Resizer::texture_kernels`] of its spec
    /// from `TextureImage::at(texture, level - 1, layer)` into `TextureImage::at(texture, level,
    /// layer)`. Not on wgpu's GL backend (see [`Resizer::encode_texture_images`]).
    pub fn encode_mipmaps(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        texture: &wgpu::Texture,
        template: &ResizeSpec,
        path: Path,
    ) -> Result<Vec<(Plan, TextureWrite)>, ResizeError> {
        let mut ready = Vec::new();
        for layer in 0..texture.depth_or_array_layers() {
            for level in 1..texture.mip_level_count() {
                let source = TextureImage::at(texture, level - 1, layer);
                let target = TextureImage::at(texture, level, layer);
                let spec = template
                    .to_builder()
                    .sizes(source.size(), target.size())
                    .build()?;
                ready.push(self.ready_texture(&spec, &source, &target, path)?);
            }
        }
        // Levels written by compute dispatches share a compute pass, which costs about 5 µs
        // each on an H200 (tuning log items 125 and 131); a level written by a copy or a render
        // pass ends it.
        let mut levels = ready.iter().peekable();
        while levels.peek().is_some() {
            let mut last = None;
            {
                let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some("wgpu-resize mipmaps"),
                    timestamp_writes: None,
                });
                for level in levels.by_ref() {
                    level.record_dispatches(&mut pass);
                    if level.writes_after_pass() {
                        last = Some(level);
                        break;
                    }
                }
            }
            if let Some(level) = last {
                level.record_after_pass(encoder);
            }
        }
        Ok(ready
            .iter()
            .map(|level| (level.resize.plan.clone(), level.write))
            .collect())
    }

    /// A texture resize checked, planned and bound, nothing recorded.
    fn ready_texture(
        &self,
        spec: &ResizeSpec,
        source: &TextureImage,
        target: &TextureImage,
        path: Path,
    ) -> Result<ReadyTexture, ResizeError> {
        let write = check_textures(spec, source, target, self.textures.first_images_only)?;
        // The result's staging tensor, where the kernels do not write the target themselves.
        let staged_output = || self.staged_result(spec);
        let (source_format, target_format) = (source.texture.format(), target.texture.format());
        let staging =
            || self.prepared_staging(spec, Some(source_format), Some((target_format, write)));
        // RGBA textures are read by the kernels themselves, and written by them too when the
        // target takes storage writes; other channel counts are staged at both ends.
        let rgba = spec.channels() == 4;
        let texture_source = rgba.then_some(TextureSource {
            srgb: source_format.is_srgb(),
        });
        let texture_target = (rgba && write == TextureWrite::Storage).then_some(target_format);
        let plan = self.plan_without_measuring(spec, path);
        // A reduction runs between buffers: staged. (A sub-image's gather reads it in place.)
        let direct = if rgba && !self.reduces(spec) {
            let ends = DirectEnds {
                source: texture_source,
                target: texture_target,
                tensor: None,
            };
            match self.prepared_with(spec, plan.path, ends) {
                Ok(direct) => Some(direct),
                // Not the vector kernels on this device and shape: the staged route runs it.
                Err(ResizeError::PathUnavailable { .. }) => None,
                Err(e) => return Err(e),
            }
        } else {
            None
        };
        let Some(direct) = direct else {
            let staging = staging()?;
            let input = self.staged_source(spec)?;
            let output = staged_output()?;
            // Everything checked and bound before anything is recorded.
            let unpack = self.unpack_dispatch(spec, &staging, source, &input)?;
            let resize = self.ready(spec, input.slice(..), output.slice(..), path)?;
            let pack = self.pack(spec, &staging, target, &output, write)?;
            return Ok(ReadyTexture {
                unpack: Some(unpack),
                resize,
                pack: Some(pack),
                write,
            });
        };
        let output = texture_target.is_none().then(staged_output).transpose()?;
        let groups = match &output {
            None => self.direct_bind_groups(
                spec,
                &direct,
                DirectBinding::Texture(source),
                DirectBinding::Texture(target),
            ),
            Some(buffer) => self.direct_bind_groups(
                spec,
                &direct,
                DirectBinding::Texture(source),
                DirectBinding::Buffer(buffer.slice(..)),
            ),
        }?;
        let pack = match &output {
            Some(output) => Some(self.pack(spec, &*staging()?, target, output, write)?),
            None => None,
        };
        Ok(ReadyTexture {
            unpack: None,
            resize: ReadyResize {
                plan,
                prepared: direct,
                bind_groups: groups,
                before: None,
            },
            pack,
            write,
        })
    }

    /// The bind groups of a resize whose kernels (`direct`) read `source` and write `output`
    /// themselves, one of them a texture image: cached by prepared spec, source and output.
    pub(super) fn direct_bind_groups(
        &self,
        spec: &ResizeSpec,
        direct: &Prepared,
        source: DirectBinding<'_>,
        output: DirectBinding<'_>,
    ) -> Result<Arc<Vec<wgpu::BindGroup>>, ResizeError> {
        let key = (direct.id, source.key(), output.key());
        let find = || lock(&self.textures.direct_bind_groups).get(&key).cloned();
        find_or_build(&self.building.bind_groups, find, || {
            let view = |binding: &DirectBinding<'_>, label| match binding {
                DirectBinding::Texture(image) => Some(image.view(label)),
                DirectBinding::Buffer(_) => None,
            };
            let (source_view, target_view) = scope::capture(&self.device, || {
                (
                    view(&source, "wgpu-resize texture source"),
                    view(&output, "wgpu-resize texture target"),
                )
            })?;
            fn end<'a>(view: &'a Option<wgpu::TextureView>, binding: DirectBinding<'a>) -> End<'a> {
                match (view, binding) {
                    (Some(view), _) => End::Texture(view),
                    (None, DirectBinding::Buffer(slice)) => End::Buffer(slice),
                    (None, DirectBinding::Texture(_)) => unreachable!("an image has a view"),
                }
            }
            let groups = Arc::new(self.create_bind_groups(
                spec,
                direct,
                end(&source_view, source),
                end(&target_view, output),
            )?);
            insert_bounded(
                &mut lock(&self.textures.direct_bind_groups),
                self.bind_group_capacity,
                key.clone(),
                groups.clone(),
            );
            Ok(groups)
        })
    }

    /// A pooled tensor for a texture source's texels, staged for the buffer kernels.
    pub(super) fn staged_source(&self, spec: &ResizeSpec) -> Result<wgpu::Buffer, ResizeError> {
        self.staging_tensor(
            ScratchRole::TextureInput,
            "the staged source",
            spec.input_bytes(),
        )
    }

    /// A pooled tensor for a result the buffer kernels write, staged for its texture.
    pub(super) fn staged_result(&self, spec: &ResizeSpec) -> Result<wgpu::Buffer, ResizeError> {
        self.staging_tensor(
            ScratchRole::TextureOutput,
            "the staged result",
            spec.output_bytes(),
        )
    }

    /// A pooled staging tensor of `bytes` for `role`. The kernels bind it whole, so one beyond
    /// the device's bindings is the typed error that says so (before anything is allocated),
    /// not wgpu's when it is bound.
    fn staging_tensor(
        &self,
        role: ScratchRole,
        what: &'static str,
        bytes: u64,
    ) -> Result<wgpu::Buffer, ResizeError> {
        let limits = self.device.limits();
        check_limit(what, bytes, max_binding(&limits))?;
        Ok(self
            .scratch
            .acquire(&self.device, role, bytes, limits.max_buffer_size))
    }

    /// How the staging tensor `output` will be written into `target`: pipelines, bind groups
    /// and views looked up or made, nothing recorded.
    pub(super) fn pack(
        &self,
        spec: &ResizeSpec,
        prepared: &PreparedStaging,
        target: &TextureImage,
        output: &wgpu::Buffer,
        write: TextureWrite,
    ) -> Result<Pack, ResizeError> {
        let out = spec.output();
        Ok(match write {
            TextureWrite::Storage => {
                let (pack, group) = self.staging_bind_group(
                    PipelineKey::PackStorage(target.texture.format()),
                    BindKey::PackStorage(prepared.id, target.clone(), output.clone()),
                    prepared,
                    spec.output_bytes(),
                )?;
                Pack::Storage(StagingDispatch::new(
                    PipelineKey::PackStorage(target.texture.format()),
                    pack,
                    group,
                    (out.width.div_ceil(16), out.height.div_ceil(16)),
                ))
            }
            TextureWrite::Copy => {
                let rows = copy_rows(spec);
                let (repack, source) = if rows.pitch == rows.bytes {
                    (None, output.clone())
                } else {
                    // Padding narrow rows to 256 bytes can pass a limit the tensor is within.
                    let limits = self.device.limits();
                    let padded_bytes = u64::from(rows.pitch) * u64::from(out.height);
                    check_limit(
                        "the target's rows padded for a copy",
                        padded_bytes,
                        max_binding(&limits),
                    )?;
                    let padded = self.scratch.acquire(
                        &self.device,
                        ScratchRole::TextureRows,
                        padded_bytes,
                        limits.max_buffer_size,
                    );
                    let (pack, group) = self.staging_bind_group(
                        PipelineKey::PackRows,
                        BindKey::PackRows(prepared.id, output.clone(), padded.clone()),
                        prepared,
                        spec.output_bytes(),
                    )?;
                    let workgroups = (rows.bytes.div_ceil(4).div_ceil(64), out.height.div_ceil(4));
                    check_grid(
                        (workgroups.0, workgroups.1, 1),
                        self.device.limits().max_compute_workgroups_per_dimension,
                    )?;
                    (
                        Some(StagingDispatch::new(
                            PipelineKey::PackRows,
                            pack,
                            group,
                            workgroups,
                        )),
                        padded,
                    )
                };
                Pack::Copy(CopyPack {
                    repack,
                    source,
                    bytes_per_row: rows.pitch,
                    target: target.clone(),
                })
            }
            TextureWrite::Render => {
                let (pack, group) = self.staging_bind_group(
                    PipelineKey::PackRender(target.texture.format()),
                    BindKey::PackRender(prepared.id, output.clone()),
                    prepared,
                    spec.output_bytes(),
                )?;
                let StagingPipeline::Render(pipeline, _) = pack else {
                    unreachable!("the render pack pipeline is a render pipeline")
                };
                Pack::Render(RenderPack {
                    pipeline,
                    group,
                    view: self.target_view(target)?,
                })
            }
        })
    }

    /// The copy of `source` into the staging tensor `input`, ready to record.
    pub(super) fn unpack_dispatch(
        &self,
        spec: &ResizeSpec,
        prepared: &PreparedStaging,
        source: &TextureImage,
        input: &wgpu::Buffer,
    ) -> Result<StagingDispatch, ResizeError> {
        let (unpack, group) = self.staging_bind_group(
            PipelineKey::Unpack,
            BindKey::Unpack(prepared.id, source.clone(), input.clone()),
            prepared,
            spec.input_bytes(),
        )?;
        let (_, workgroups) = prepared.unpack();
        Ok(StagingDispatch::new(
            PipelineKey::Unpack,
            unpack,
            group,
            *workgroups,
        ))
    }

    /// The parameter blocks of `spec` on these formats (`source` none where the source is the
    /// caller's tensor): looked up, or made on first use.
    pub(super) fn prepared_staging(
        &self,
        spec: &ResizeSpec,
        source: Option<wgpu::TextureFormat>,
        target: Option<(wgpu::TextureFormat, TextureWrite)>,
    ) -> Result<Arc<PreparedStaging>, ResizeError> {
        let key = PreparedKey {
            spec: *spec,
            source,
            target,
        };
        find_or_build(
            &self.building.prepared,
            || lock(&self.textures.prepared).get(&key).cloned(),
            || self.build_prepared_staging(spec, key),
        )
    }

    /// Builds and caches the parameter blocks of [`Resizer::prepared_staging`]'s `key`.
    fn build_prepared_staging(
        &self,
        spec: &ResizeSpec,
        key: PreparedKey,
    ) -> Result<Arc<PreparedStaging>, ResizeError> {
        let PreparedKey { source, target, .. } = key;
        // f16 and NCHW only for a tensor in the caller's buffer (`check_textures` refuses
        // them between textures).
        let nchw = spec.layout() == Layout::Nchw;
        let tensor_flags = match spec.element() {
            ElementType::U8 => STAGING_U8,
            ElementType::F16 => STAGING_F16,
            _ => 0,
        } | if nchw { STAGING_NCHW } else { 0 };
        // RGBA pixels as one u8 word or four f32 words each. Two u8 pixels an invocation
        // from a frame of a million pixels or more: H200, `rgba8unorm` 1080p -> 2160p staged, GPU
        // µs (tuning log item 147), 1 / 2 / 4 / 8 pixels 28.7 / 26.8 / 26.9 / 27.3, but
        // 384x640 x2 10.4 / 10.6 / 11.4 / 12.5 and 720p x1.5 22.9 / 22.8 / 22.8 / 23.9; f32
        // gained 0.5 at most, on one shape, and lost on others.
        let rgba_pixels = spec.channels() == 4 && !nchw && spec.element() != ElementType::F16;
        let pixels_each = if rgba_pixels
            && spec.element() == ElementType::U8
            && spec.input_len() / 4 >= 1 << 20
        {
            2
        } else {
            1
        };
        let params = |size: Size2, format: wgpu::TextureFormat, row_stride| StagingParams {
            width: size.width,
            height: size.height,
            channels: spec.channels(),
            flags: tensor_flags | if format.is_srgb() { TEXTURE_SRGB } else { 0 },
            row_stride,
            pitch_words: 0,
            pixels_each,
            pad: 0,
        };
        // Unpack invocations: one or two RGBA pixels each, or one u32 word of the staging
        // tensor for other channel counts, for planes and for f16 (as `texture_unpack.wgsl`
        // divides the work), in workgroups of 256.
        let invocations = if rgba_pixels {
            (spec.input_len() as u64 / 4).div_ceil(256 * u64::from(pixels_each)) * 256
        } else {
            spec.input_bytes() / 4
        };
        let max_groups = self.device.limits().max_compute_workgroups_per_dimension;
        let unpack = match source {
            Some(source) => {
                let ((x, y), row_stride) = dispatch_grid(invocations as u32, max_groups);
                check_grid((x, y, 1), max_groups)?;
                Some((params(spec.input(), source, row_stride), (x, y)))
            }
            None => None,
        };
        let pack = target.map(|(target, _)| StagingParams {
            pitch_words: copy_rows(spec).pitch / 4,
            ..params(spec.output(), target, 0)
        });
        let prepared = scope::capture(&self.device, || {
            let buffer = |params: &StagingParams| {
                self.device
                    .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                        label: Some("wgpu-resize texture staging parameters"),
                        contents: bytemuck::bytes_of(params),
                        usage: wgpu::BufferUsages::UNIFORM,
                    })
            };
            PreparedStaging {
                id: self.counters.prepared.fetch_add(1, Ordering::Relaxed) as u64,
                unpack: unpack.map(|(params, grid)| (buffer(&params), grid)),
                pack: pack.as_ref().map(buffer),
            }
        })?;
        let buffers = usize::from(prepared.unpack.is_some()) + usize::from(prepared.pack.is_some());
        self.counters.buffers.fetch_add(buffers, Ordering::Relaxed);
        let prepared = Arc::new(prepared);
        insert_bounded(
            &mut lock(&self.textures.prepared),
            PREPARED_CAPACITY,
            key,
            prepared.clone(),
        );
        Ok(prepared)
    }

    /// The pipeline of `kind` and a bind group of it over the texture and staging buffer in
    /// `key`: cached.
    fn staging_bind_group(
        &self,
        kind: PipelineKey,
        key: BindKey,
        prepared: &PreparedStaging,
        staging_bytes: u64,
    ) -> Result<(StagingPipeline, wgpu::BindGroup), ResizeError> {
        let pipeline = self.staging_pipeline(kind)?;
        let group = find_or_build(
            &self.building.bind_groups,
            || lock(&self.textures.bind_groups).get(&key).cloned(),
            || self.build_staging_bind_group(&pipeline, key.clone(), prepared, staging_bytes),
        )?;
        Ok((pipeline, group))
    }

    /// Builds and caches the bind group of [`Resizer::staging_bind_group`]'s `key`.
    fn build_staging_bind_group(
        &self,
        pipeline: &StagingPipeline,
        key: BindKey,
        prepared: &PreparedStaging,
        staging_bytes: u64,
    ) -> Result<wgpu::BindGroup, ResizeError> {
        let (layout, params) = match &pipeline {
            StagingPipeline::Compute(_, layout) | StagingPipeline::Render(_, layout) => (
                layout,
                match key {
                    BindKey::Unpack(..) => &prepared.unpack().0,
                    _ => prepared
                        .pack
                        .as_ref()
                        .expect("a resize into a texture has pack parameters"),
                },
            ),
        };
        let staged = |buffer| {
            wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer,
                offset: 0,
                size: NonZeroU64::new(staging_bytes),
            })
        };
        let group = scope::capture(&self.device, || {
            // Binding 0 is the parameters; the key's resources follow in binding order.
            let view;
            let resources = match &key {
                BindKey::Unpack(_, image, buffer) | BindKey::PackStorage(_, image, buffer) => {
                    view = image.view("wgpu-resize staging texture");
                    let texture = wgpu::BindingResource::TextureView(&view);
                    match key {
                        BindKey::Unpack(..) => vec![texture, staged(buffer)],
                        _ => vec![staged(buffer), texture],
                    }
                }
                BindKey::PackRows(_, buffer, padded) => {
                    vec![staged(buffer), padded.as_entire_binding()]
                }
                BindKey::PackRender(_, buffer) => vec![staged(buffer)],
            };
            let entries: Vec<wgpu::BindGroupEntry> = std::iter::once(params.as_entire_binding())
                .chain(resources)
                .enumerate()
                .map(|(binding, resource)| wgpu::BindGroupEntry {
                    binding: binding as u32,
                    resource,
                })
                .collect();
            self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("wgpu-resize texture staging"),
                layout,
                entries: &entries,
            })
        })?;
        self.counters.bind_groups.fetch_add(1, Ordering::Relaxed);
        insert_bounded(
            &mut lock(&self.textures.bind_groups),
            self.bind_group_capacity,
            key,
            group.clone(),
        );
        Ok(group)
    }

    /// A render-target view of the image `target`: cached.
    fn target_view(&self, target: &TextureImage) -> Result<wgpu::TextureView, ResizeError> {
        if let Some(view) = lock(&self.textures.views).get(target) {
            return Ok(view.clone());
        }
        let view = scope::capture(&self.device, || target.view("wgpu-resize render target"))?;
        insert_bounded(
            &mut lock(&self.textures.views),
            self.bind_group_capacity,
            target.clone(),
            view.clone(),
        );
        Ok(view)
    }

    fn staging_pipeline(&self, kind: PipelineKey) -> Result<StagingPipeline, ResizeError> {
        find_or_build(
            &self.building.pipelines,
            || lock(&self.textures.pipelines).get(&kind).cloned(),
            || self.build_staging_pipeline(kind),
        )
    }

    /// Builds `kind`'s staging pipeline and caches it.
    fn build_staging_pipeline(&self, kind: PipelineKey) -> Result<StagingPipeline, ResizeError> {
        let entry = |binding, visibility, ty| wgpu::BindGroupLayoutEntry {
            binding,
            visibility,
            ty,
            count: None,
        };
        let uniform = |visibility| {
            entry(
                0,
                visibility,
                wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: NonZeroU64::new(size_of::<StagingParams>() as u64),
                },
            )
        };
        let storage = |binding, visibility, read_only| {
            entry(
                binding,
                visibility,
                wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
            )
        };
        let compute = wgpu::ShaderStages::COMPUTE;
        let fragment = wgpu::ShaderStages::FRAGMENT;
        let (shader, entries) = match kind {
            PipelineKey::Unpack => (
                StagingShader::Unpack,
                vec![
                    uniform(compute),
                    entry(
                        1,
                        compute,
                        wgpu::BindingType::Texture {
                            // Unfilterable accepts every float format, filterable or not.
                            sample_type: wgpu::TextureSampleType::Float { filterable: false },
                            view_dimension: wgpu::TextureViewDimension::D2,
                            multisampled: false,
                        },
                    ),
                    storage(2, compute, false),
                ],
            ),
            PipelineKey::PackStorage(format) => (
                StagingShader::PackStorage(wgsl_storage_format(format).ok_or_else(|| {
                    ResizeError::Texture {
                        which: "target",
                        why: format!("{format:?} has no storage texel format in WGSL"),
                    }
                })?),
                vec![
                    uniform(compute),
                    storage(1, compute, true),
                    entry(
                        2,
                        compute,
                        wgpu::BindingType::StorageTexture {
                            access: wgpu::StorageTextureAccess::WriteOnly,
                            format,
                            view_dimension: wgpu::TextureViewDimension::D2,
                        },
                    ),
                ],
            ),
            PipelineKey::PackRows => (
                StagingShader::PackRows,
                vec![
                    uniform(compute),
                    storage(1, compute, true),
                    storage(2, compute, false),
                ],
            ),
            PipelineKey::PackRender(_) => (
                StagingShader::PackRender,
                vec![uniform(fragment), storage(1, fragment, true)],
            ),
        };
        let pipeline = scope::capture(&self.device, || {
            let layout = self
                .device
                .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: Some("wgpu-resize texture staging"),
                    entries: &entries,
                });
            let pipeline_layout =
                self.device
                    .create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                        label: Some("wgpu-resize texture staging"),
                        bind_group_layouts: &[Some(&layout)],
                        immediate_size: 0,
                    });
            let module = self
                .device
                .create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some("wgpu-resize texture staging"),
                    source: wgpu::ShaderSource::Wgsl(shader.source().into()),
                });
            match kind {
                PipelineKey::PackRender(format) => StagingPipeline::Render(
                    self.device
                        .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                            label: Some(&kind.label()),
                            layout: Some(&pipeline_layout),
                            vertex: wgpu::VertexState {
                                module: &module,
                                entry_point: Some("vertex"),
                                compilation_options: Default::default(),
                                buffers: &[],
                            },
                            primitive: wgpu::PrimitiveState::default(),
                            depth_stencil: None,
                            multisample: wgpu::MultisampleState::default(),
                            fragment: Some(wgpu::FragmentState {
                                module: &module,
                                entry_point: Some("fragment"),
                                compilation_options: Default::default(),
                                targets: &[Some(format.into())],
                            }),
                            multiview_mask: None,
                            cache: None,
                        }),
                    layout,
                ),
                _ => StagingPipeline::Compute(
                    self.device
                        .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                            label: Some(&kind.label()),
                            layout: Some(&pipeline_layout),
                            module: &module,
                            entry_point: Some("main"),
                            compilation_options: Default::default(),
                            cache: None,
                        }),
                    layout,
                ),
            }
        })?;
        lock(&self.textures.pipelines).insert(kind, pipeline.clone());
        Ok(pipeline)
    }
}

/// A texture resize ready to record: its staging dispatches, the resize's, and the pack.
pub(super) struct ReadyTexture {
    pub(super) unpack: Option<StagingDispatch>,
    pub(super) resize: ReadyResize,
    pub(super) pack: Option<Pack>,
    pub(super) write: TextureWrite,
}

impl ReadyTexture {
    /// Records the resize: its compute dispatches as one compute pass, which costs less than
    /// a pass each (tuning log item 125), then the copy or render pass that writes the target.
    pub(super) fn record(&self, encoder: &mut wgpu::CommandEncoder) {
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("wgpu-resize texture"),
                timestamp_writes: None,
            });
            self.record_dispatches(&mut pass);
        }
        self.record_after_pass(encoder);
    }

    /// The compute dispatches: the unpack where the source is staged, the resize's, and the
    /// storage pack or the copy's row padding.
    pub(super) fn record_dispatches(&self, pass: &mut wgpu::ComputePass<'_>) {
        if let Some(unpack) = &self.unpack {
            unpack.record(pass);
        }
        self.resize.record_dispatches(pass);
        if let Some(pack) = self.pack_dispatch() {
            pack.record(pass);
        }
    }

    /// The dispatches [`ReadyTexture::record_dispatches`] records, in order.
    pub(super) fn kernels(&self) -> Vec<PassKernel> {
        let mut kernels: Vec<PassKernel> = self.unpack.iter().map(|u| u.kernel()).collect();
        kernels.extend(self.resize.kernels());
        kernels.extend(self.pack_dispatch().map(StagingDispatch::kernel));
        kernels
    }

    /// The pack's dispatch inside the compute pass, if any: the storage pack, or the padding
    /// of a copy's rows.
    fn pack_dispatch(&self) -> Option<&StagingDispatch> {
        match &self.pack {
            Some(Pack::Storage(pack)) => Some(pack),
            Some(Pack::Copy(CopyPack {
                repack: Some(repack),
                ..
            })) => Some(repack),
            _ => None,
        }
    }

    /// Whether the target is written after the compute pass (a copy or a render pass).
    fn writes_after_pass(&self) -> bool {
        matches!(self.pack, Some(Pack::Copy(_) | Pack::Render(_)))
    }

    /// The copy or render pass that writes the target, if any.
    fn record_after_pass(&self, encoder: &mut wgpu::CommandEncoder) {
        match &self.pack {
            Some(Pack::Copy(copy)) => copy.record(encoder),
            Some(Pack::Render(render)) => render.record(encoder),
            _ => {}
        }
    }
}

/// One compute staging pipeline over a 2-D grid of workgroups, ready to record.
pub(super) struct StagingDispatch {
    /// Which staging pipeline it runs, which [`StagingDispatch::kernel`] names.
    key: PipelineKey,
    pipeline: wgpu::ComputePipeline,
    group: wgpu::BindGroup,
    workgroups: (u32, u32),
}

impl StagingDispatch {
    fn new(
        key: PipelineKey,
        staging: StagingPipeline,
        group: wgpu::BindGroup,
        workgroups: (u32, u32),
    ) -> Self {
        let StagingPipeline::Compute(pipeline, _) = staging else {
            unreachable!("unpacks and storage packs are compute pipelines")
        };
        StagingDispatch {
            key,
            pipeline,
            group,
            workgroups,
        }
    }

    /// The dispatch as [`Resizer::texture_kernels`] names it.
    pub(super) fn kernel(&self) -> PassKernel {
        PassKernel {
            kernel: self.key.label(),
            workgroups: (self.workgroups.0, self.workgroups.1, 1),
        }
    }

    pub(super) fn record(&self, pass: &mut wgpu::ComputePass<'_>) {
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.group, &[]);
        pass.dispatch_workgroups(self.workgroups.0, self.workgroups.1, 1);
    }
}

/// The staging tensor drawn into a render target: one full-screen triangle.
pub(super) struct RenderPack {
    pipeline: wgpu::RenderPipeline,
    group: wgpu::BindGroup,
    view: wgpu::TextureView,
}

impl RenderPack {
    fn record(&self, encoder: &mut wgpu::CommandEncoder) {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("wgpu-resize texture pack"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &self.view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    // SAFETY (of `LoadOpDontCare::enabled`): the triangle covers the whole
                    // attachment (the default viewport, no culling, no scissor) and the
                    // pipeline writes every channel without blending, so every pixel is
                    // written before the store and nothing reads the old contents. Clearing
                    // first cost a 4K target 610 µs on an H200, whose render passes run on few
                    // of its cores (BENCHMARKS.md tuning log item 129).
                    load: wgpu::LoadOp::DontCare(unsafe { wgpu::LoadOpDontCare::enabled() }),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.group, &[]);
        pass.draw(0..3, 0..1);
    }
}

/// The staged result copied into the target, from padded rows where its own rows are not
/// 256-byte multiples.
pub(super) struct CopyPack {
    repack: Option<StagingDispatch>,
    /// The staged result, or the padded rows.
    source: wgpu::Buffer,
    bytes_per_row: u32,
    target: TextureImage,
}

impl CopyPack {
    fn record(&self, encoder: &mut wgpu::CommandEncoder) {
        encoder.copy_buffer_to_texture(
            wgpu::TexelCopyBufferInfo {
                buffer: &self.source,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(self.bytes_per_row),
                    rows_per_image: None,
                },
            },
            self.target.copy_info(),
            self.target.copy_extent(),
        );
    }
}

/// The rows of a spec's output tensor as a buffer-to-texture copy reads them.
struct CopyRows {
    /// Bytes of one row of the tensor.
    bytes: u32,
    /// Bytes from one row to the next in what the copy reads: `bytes` where that is a multiple
    /// of `COPY_BYTES_PER_ROW_ALIGNMENT`, else the next multiple (padded rows).
    pitch: u32,
}

fn copy_rows(spec: &ResizeSpec) -> CopyRows {
    // Checked textures are at most the device's 2-D size limit wide, with at most 4 channels
    // of at most 4 bytes: far from overflowing.
    let bytes = spec.output().width * spec.channels() * spec.element().size() as u32;
    CopyRows {
        bytes,
        pitch: bytes.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT),
    }
}

/// How a staged result reaches the target.
pub(super) enum Pack {
    Storage(StagingDispatch),
    Copy(CopyPack),
    Render(RenderPack),
}

/// Checks the spec against both textures and chooses how the target is written.
fn check_textures(
    spec: &ResizeSpec,
    source: &TextureImage,
    target: &TextureImage,
    first_images_only: bool,
) -> Result<TextureWrite, ResizeError> {
    let fail = |which, why: String| Err(ResizeError::Texture { which, why });
    if source == target {
        return fail(
            "target",
            "must be a different image from the source (another texture, mip level or array \
             layer)"
                .into(),
        );
    }
    check_staged_element(spec)?;
    if spec.normalization().is_some() {
        return fail(
            "target",
            "a texture stores texels, not normalised values: resize into a tensor \
             (encode_texture_to_buffer) to normalise, or build the spec without normalize"
                .into(),
        );
    }
    if spec.batch() != 1 || spec.layout() != Layout::Nhwc {
        return fail(
            "source",
            format!(
                "a texture is one NHWC image: the spec needs batch 1 and NHWC (it has batch {}, \
                 {:?})",
                spec.batch(),
                spec.layout()
            ),
        );
    }
    for (which, image, size) in [
        ("source", source, spec.input()),
        ("target", target, spec.output()),
    ] {
        check_image(which, image, size, spec.element(), first_images_only)?;
        let format = image.texture.format();
        let channels = format.components() as u32;
        if channels != spec.channels() {
            return fail(
                which,
                format!(
                    "{format:?} has {channels} channel(s); the spec has {}",
                    spec.channels()
                ),
            );
        }
    }
    check_sampled(source)?;
    target_write(spec, target)
}

/// How `spec`'s result is written into `target`, by its usage and format. A copy before a
/// render pass: it writes the staged bytes as they are, and needs no graphics hardware; on an
/// H200 it took a quarter of a render pass's time (BENCHMARKS.md tuning log item 129). A copy
/// needs the result's bytes to be the texels: pixels (NHWC, or one channel in either layout)
/// of the format's channels, and 8-bit unorm texels of a u8 spec or 32-bit float ones of an
/// f32 spec.
pub(super) fn target_write(
    spec: &ResizeSpec,
    target: &TextureImage,
) -> Result<TextureWrite, ResizeError> {
    let (usage, format) = (target.texture.usage(), target.texture.format());
    let pixels = spec.layout() == Layout::Nhwc || spec.channels() == 1;
    let texels_are_bytes = pixels
        && spec.channels() == format.components() as u32
        && texels_are_staged_bytes(format, spec.element());
    if usage.contains(wgpu::TextureUsages::STORAGE_BINDING) && wgsl_storage_format(format).is_some()
    {
        Ok(TextureWrite::Storage)
    } else if usage.contains(wgpu::TextureUsages::COPY_DST) && texels_are_bytes {
        Ok(TextureWrite::Copy)
    } else if usage.contains(wgpu::TextureUsages::RENDER_ATTACHMENT) {
        Ok(TextureWrite::Render)
    } else {
        Err(ResizeError::Texture {
            which: "target",
            why: format!(
                "{:?} with usage {usage:?} on a {:?} {:?} spec of {} channel(s) can be written \
                 neither as a storage texture (STORAGE_BINDING and a storage format), nor by a \
                 copy (COPY_DST, an NHWC spec of the format's channels, and an 8-bit unorm R, \
                 RG or RGBA format for a u8 spec or a 32-bit float one for an f32 spec), nor \
                 as a render target (RENDER_ATTACHMENT)",
                format,
                spec.element(),
                spec.layout(),
                spec.channels()
            ),
        })
    }
}

/// Textures are staged as u8 or f32 tensors: an f16 spec is refused.
fn check_staged_element(spec: &ResizeSpec) -> Result<(), ResizeError> {
    if spec.element() == ElementType::F16 {
        return Err(ResizeError::Texture {
            which: "source",
            why: "textures stage u8 or f32 tensors: use a u8 or f32 spec (any float format, f16 \
                  included, is read and written as f32)"
                .into(),
        });
    }
    Ok(())
}

/// Checks the one texture image (`which` names it, of the spec's `size`) of a resize between a
/// tensor and a texture: a spec of batch 1, the image as [`check_image`] wants it, and no more
/// of the spec's channels than the format has (the tensor holds all of a texel's channels or
/// the first of them).
pub(super) fn check_tensor_image(
    which: &'static str,
    spec: &ResizeSpec,
    image: &TextureImage,
    size: Size2,
    first_images_only: bool,
) -> Result<(), ResizeError> {
    let fail = |why: String| Err(ResizeError::Texture { which, why });
    if spec.batch() != 1 {
        return fail(format!(
            "a texture image is one image: the spec needs batch 1 (it has {})",
            spec.batch()
        ));
    }
    check_image(which, image, size, spec.element(), first_images_only)?;
    let format = image.texture.format();
    let components = format.components() as u32;
    if spec.channels() > components {
        return fail(format!(
            "{format:?} has {components} channel(s); the spec has {}, which is more: a tensor \
             holds all of a texel's channels or the first of them",
            spec.channels()
        ));
    }
    Ok(())
}

/// Checks one image (`which` names it) against the spec's `size` and `element` type: a
/// single-sampled 2-D texture of a float-sampled format, an image it has (on wgpu's GL backend,
/// where `first_images_only`, mip level 0 of layer 0), of that size, and 8-bit unorm for u8.
pub(super) fn check_image(
    which: &'static str,
    image: &TextureImage,
    size: Size2,
    element: ElementType,
    first_images_only: bool,
) -> Result<(), ResizeError> {
    let fail = |why: String| Err(ResizeError::Texture { which, why });
    let texture = &image.texture;
    let format = texture.format();
    if texture.dimension() != wgpu::TextureDimension::D2 || texture.sample_count() != 1 {
        return fail("must be a single-sampled 2-D texture".into());
    }
    if !image.exists() {
        return fail(format!(
            "has {} mip level(s) and {} array layer(s); mip level {} of layer {} asked",
            texture.mip_level_count(),
            texture.depth_or_array_layers(),
            image.mip_level,
            image.layer
        ));
    }
    if first_images_only && (image.mip_level, image.layer) != (0, 0) {
        return fail(format!(
            "mip level {} of layer {}: on wgpu's GL backend only mip level 0 of layer 0 can be \
             read or written (it cannot bind one level or layer of a texture)",
            image.mip_level, image.layer
        ));
    }
    if !matches!(
        format.sample_type(None, None),
        Some(wgpu::TextureSampleType::Float { .. })
    ) {
        return fail(format!(
            "{format:?} is not a float (or normalised) color format"
        ));
    }
    let image_size = image.size();
    if image_size != size {
        return fail(format!(
            "is {}x{} (width x height) at mip level {}; the spec's {which} is {}x{}",
            image_size.width, image_size.height, image.mip_level, size.width, size.height
        ));
    }
    if element == ElementType::U8 && !is_8_bit_unorm(format) {
        return fail(format!(
            "{format:?} is not an 8-bit unorm format, which a u8 spec needs; use an f32 spec"
        ));
    }
    Ok(())
}

/// Checks that the source can be sampled.
pub(super) fn check_sampled(source: &TextureImage) -> Result<(), ResizeError> {
    if !source
        .texture
        .usage()
        .contains(wgpu::TextureUsages::TEXTURE_BINDING)
    {
        return Err(ResizeError::Texture {
            which: "source",
            why: "lacks usage TEXTURE_BINDING".into(),
        });
    }
    Ok(())
}

/// Whether `format`'s texels are the bytes of a staged tensor of `element`s: what a copy needs.
/// BGRA formats are not (the tensor is in RGBA order), nor 16-bit floats (staged as f32).
fn texels_are_staged_bytes(format: wgpu::TextureFormat, element: ElementType) -> bool {
    use wgpu::TextureFormat as F;
    match element {
        ElementType::U8 => matches!(
            format,
            F::R8Unorm | F::Rg8Unorm | F::Rgba8Unorm | F::Rgba8UnormSrgb
        ),
        ElementType::F32 => matches!(format, F::R32Float | F::Rg32Float | F::Rgba32Float),
        ElementType::F16 => false,
    }
}

fn is_8_bit_unorm(format: wgpu::TextureFormat) -> bool {
    use wgpu::TextureFormat as F;
    matches!(
        format,
        F::R8Unorm
            | F::Rg8Unorm
            | F::Rgba8Unorm
            | F::Rgba8UnormSrgb
            | F::Bgra8Unorm
            | F::Bgra8UnormSrgb
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staging_params_match_the_wgsl_struct_size() {
        assert_eq!(size_of::<StagingParams>(), 32);
    }
}
