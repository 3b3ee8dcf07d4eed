//! Frames into model inputs: a video or camera frame, held as an `rgba8unorm` texture, resized
//! into the tensor a model takes (RGB planes in f32 or f16, as `torchvision`'s antialiased
//! bilinear `Resize` makes them) through [`Resizer::encode_texture_to_buffer`]. Timed as the
//! library's resizes are, each checked against the CPU reference; `scripts/torch_frames_peer.py`
//! times what a PyTorch program writes for the same step, from the frame's bytes on the GPU.

use serde::Serialize;

use super::{BenchSettings, fused_tile_columns};
use crate::gpu::{Resizer, single_image_texture};
use crate::presets::{self, TorchMode, TorchOutput};
use crate::timing::{TimingMethod, frames_beyond_cache, median, time_recorded};
use crate::{
    Element, ElementType, Layout, Normalization, Path, ResizeError, ResizeSpec, Size2, SpecError,
    TextureImage, compare, read_buffer, reference,
};

/// One frame-to-tensor case: an `h × w` RGBA8 frame to a tensor of `out_h × out_w` with the
/// frame's first `c` channels, in `layout`, of `element`s.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FrameCase {
    /// Frame height.
    pub h: u32,
    /// Frame width.
    pub w: u32,
    /// Tensor height.
    pub out_h: u32,
    /// Tensor width.
    pub out_w: u32,
    /// Channels of the tensor: 3 (RGB) or 4 (RGBA).
    pub c: u32,
    /// The tensor's layout.
    pub layout: Layout,
    /// The tensor's element type.
    pub element: ElementType,
    /// Normalised by the ImageNet statistics ([`Normalization::IMAGENET`], RGB), as
    /// torchvision's `Normalize` after `Resize`.
    pub normalized: bool,
    /// A detector's letterbox into the tensor ([`crate::Padding::letterbox`]): bilinear
    /// without antialiasing to the aspect-keeping size, the bands the grey 114/255.
    pub letterbox: bool,
}

impl FrameCase {
    /// PyTorch's antialiased bilinear `F.interpolate` to the tensor's size (what `torchvision`'s
    /// `Resize` runs on tensors), on the frame's first `c` channels.
    /// A letterbox resizes without antialiasing to its image's size and pads the rest.
    pub fn spec(&self) -> Result<ResizeSpec, SpecError> {
        let (frame, tensor) = (
            Size2::new(self.h, self.w),
            Size2::new(self.out_h, self.out_w),
        );
        let builder = if self.letterbox {
            super::letterbox(frame, tensor)?
        } else {
            presets::torch(
                frame,
                TorchOutput::Size(tensor),
                TorchMode::Bilinear,
                false,
                true,
            )?
        };
        builder
            .channels(self.c)
            .layout(self.layout)
            .element(self.element)
            .normalize(self.normalized.then_some(Normalization::IMAGENET))
            .build()
    }

    /// `1080x1920 rgba8 -> 3x224x224 nchw f32`, say.
    pub fn label(&self) -> String {
        let layout = format!("{:?}", self.layout).to_lowercase();
        let element = format!("{:?}", self.element).to_lowercase();
        let shape = match self.layout {
            Layout::Nchw => format!("{}x{}x{}", self.c, self.out_h, self.out_w),
            _ => format!("{}x{}x{}", self.out_h, self.out_w, self.c),
        };
        let normalized = if self.normalized { " imagenet" } else { "" };
        let letterbox = if self.letterbox { " letterbox" } else { "" };
        format!(
            "{}x{} rgba8 -> {shape} {layout} {element}{normalized}{letterbox}",
            self.h, self.w
        )
    }

    /// The largest difference from the CPU reference that passes ([`super::tolerance`] of the
    /// tensor's element type and normalisation).
    pub fn tolerance(&self) -> f64 {
        super::tolerance(self.element, self.normalized)
    }

    /// Bytes a resize must move at least: the frame read once, the tensor written once.
    pub fn floor_bytes(&self) -> Result<u64, SpecError> {
        let frame = u64::from(self.h) * u64::from(self.w) * 4;
        Ok(frame + self.spec()?.output_bytes())
    }
}

/// The cases: 1080p and 4K frames to a classifier's 224 x 224 RGB planes (f32 and f16), a
/// 1080p frame to a detector's 360 x 640, to 224 x 224 RGBA pixels (the route on which the
/// kernels read the texture themselves), and to 224 x 224 RGB planes normalised by the
/// ImageNet statistics (f32 and f16); and a 1080p frame letterboxed into a detector's 640 x 640
/// RGB planes. `quick`: small frames, for a software rasteriser.
pub fn frame_cases(quick: bool) -> Vec<FrameCase> {
    let case = |(h, w), (out_h, out_w), c, layout, element| FrameCase {
        h,
        w,
        out_h,
        out_w,
        c,
        layout,
        element,
        normalized: false,
        letterbox: false,
    };
    let imagenet = |case: FrameCase| FrameCase {
        normalized: true,
        ..case
    };
    let letterbox = |case: FrameCase| FrameCase {
        letterbox: true,
        ..case
    };
    let (nchw, nhwc) = (Layout::Nchw, Layout::Nhwc);
    let (f32, f16) = (ElementType::F32, ElementType::F16);
    if quick {
        return vec![
            case((90, 160), (24, 24), 3, nchw, f32),
            case((90, 160), (24, 24), 3, nchw, f16),
            case((90, 160), (24, 24), 4, nhwc, f32),
            imagenet(case((90, 160), (24, 24), 3, nchw, f32)),
            letterbox(case((90, 160), (32, 32), 3, nchw, f32)),
        ];
    }
    vec![
        case((1080, 1920), (224, 224), 3, nchw, f32),
        case((2160, 3840), (224, 224), 3, nchw, f32),
        case((1080, 1920), (360, 640), 3, nchw, f32),
        case((1080, 1920), (224, 224), 3, nchw, f16),
        case((1080, 1920), (224, 224), 4, nhwc, f32),
        imagenet(case((1080, 1920), (224, 224), 3, nchw, f32)),
        imagenet(case((1080, 1920), (224, 224), 3, nchw, f16)),
        letterbox(case((1080, 1920), (640, 640), 3, nchw, f32)),
    ]
}

/// A case's timing and check.
#[derive(Clone, Debug, Serialize)]
pub struct FrameResult {
    /// The case (its fields appear at the top level of the JSON).
    #[serde(flatten)]
    pub case: FrameCase,
    /// Bytes a resize must move at least ([`FrameCase::floor_bytes`]).
    pub floor_bytes: u64,
    /// `auto`'s path for the spec from a texture ([`Resizer::plan_texture_to_buffer`]).
    pub path: String,
    /// Each concrete path's median µs, a pass a frame as `median_us` (none where the path
    /// cannot run the spec): what `auto`'s choice, measured on buffers, leaves on the table.
    pub gather_us: Option<f64>,
    /// The separable path's.
    pub separable_us: Option<f64>,
    /// The fused path's.
    pub fused_us: Option<f64>,
    /// The fused tiles' output columns that tuning kept on this route, where it timed the
    /// fused path.
    pub fused_columns: Option<u32>,
    /// Median µs of one frame into its tensor in a compute pass of its own, the frames taken in
    /// turn from enough textures that none is still in the GPU's cache.
    pub median_us: f64,
    /// Samples behind the median.
    pub samples: usize,
    /// Median µs of one frame among `frames` recorded into one compute pass, each frame from
    /// its own texture into its own slice of one buffer (so that wgpu orders each after the
    /// one before): what a frame adds to a stream of them, the peer of a CUDA graph of calls.
    pub in_one_pass_us: f64,
    /// Frames the resizes took in turn.
    pub frames: usize,
    /// Largest difference from the CPU reference of the same texels.
    pub max_abs_err: f64,
}

/// Times `case` and checks its tensor against the CPU reference.
pub fn run_frame_case(
    resizer: &Resizer,
    case: &FrameCase,
    method: TimingMethod,
    settings: BenchSettings,
) -> Result<FrameResult, ResizeError> {
    let spec = case.spec()?;
    let device = resizer.device();
    let frame_bytes = u64::from(case.h) * u64::from(case.w) * 4;
    let texels = frame_texels(frame_bytes as usize);
    let frames = frames_beyond_cache(frame_bytes);
    let textures: Vec<wgpu::Texture> = (0..frames)
        .map(|_| frame_texture(resizer, case, &texels))
        .collect();
    let output = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("bench frame tensor"),
        size: spec.output_bytes(),
        usage: wgpu::BufferUsages::STORAGE
            | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    // The automatic choice measured first, as a caller would at start-up; the timed encodes
    // ask for `auto` and take it.
    let first = TextureImage::first(&textures[0]);
    let plan = resizer.plan_texture_to_buffer(&spec, &first, Path::Auto)?;
    let path = plan.path;
    let max_abs_err = match case.element {
        ElementType::F16 => check::<half::f16>(resizer, &spec, &textures[0], &output, &texels)?,
        ElementType::U8 => check::<u8>(resizer, &spec, &textures[0], &output, &texels)?,
        _ => check::<f32>(resizer, &spec, &textures[0], &output, &texels)?,
    };
    let images: Vec<TextureImage> = textures.iter().map(TextureImage::first).collect();
    // Frames in turn, a compute pass each, on `path`; `None` where it cannot run the spec.
    let time_path = |path: Path, rounds: usize| -> Result<Option<Vec<f64>>, ResizeError> {
        let mut micros = Vec::new();
        for _ in 0..rounds {
            let mut next = 0;
            let samples = time_recorded(
                device,
                resizer.queue(),
                method,
                settings.budget_seconds,
                (20, 2000),
                |encoder, slots| {
                    let image = &images[next % images.len()];
                    next += 1;
                    let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                        label: Some("bench frame to tensor"),
                        timestamp_writes: slots.map(|slots| slots.whole_pass()),
                    });
                    resizer
                        .encode_texture_to_buffer_in_pass(
                            &mut pass,
                            &spec,
                            image,
                            output.slice(..),
                            path,
                        )
                        .map(|_| ())
                },
            );
            match samples {
                Ok(samples) => micros.extend(samples.micros),
                Err(ResizeError::PathUnavailable { .. }) => return Ok(None),
                Err(e) => return Err(e),
            }
        }
        Ok(Some(micros))
    };
    let path_us = |path| -> Result<Option<f64>, ResizeError> {
        Ok(time_path(path, 1)?.map(|micros| median(&micros)))
    };
    let (gather_us, separable_us, fused_us) = (
        path_us(Path::Gather)?,
        path_us(Path::Separable)?,
        path_us(Path::Fused)?,
    );
    let alignment = u64::from(device.limits().min_storage_buffer_offset_alignment);
    let slot = spec.output_bytes().next_multiple_of(alignment);
    let outputs = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("bench frame tensors"),
        size: slot * frames as u64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let micros = time_path(Path::Auto, settings.rounds.max(1))?.unwrap_or_default();
    let mut in_one_pass = Vec::new();
    for _ in 0..settings.rounds.max(1) {
        let samples = time_recorded(
            device,
            resizer.queue(),
            method,
            settings.budget_seconds,
            (5, 500),
            |encoder, slots| {
                let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some("bench frames to tensors"),
                    timestamp_writes: slots.map(|slots| slots.whole_pass()),
                });
                for (k, image) in images.iter().enumerate() {
                    let at = slot * k as u64;
                    let output = outputs.slice(at..at + spec.output_bytes());
                    resizer.encode_texture_to_buffer_in_pass(
                        &mut pass,
                        &spec,
                        image,
                        output,
                        Path::Auto,
                    )?;
                }
                Ok(())
            },
        )?;
        in_one_pass.extend(samples.micros.iter().map(|us| us / frames as f64));
    }
    Ok(FrameResult {
        case: *case,
        floor_bytes: case.floor_bytes()?,
        path: path.name().into(),
        gather_us,
        separable_us,
        fused_us,
        fused_columns: fused_tile_columns(Some(&plan)).filter(|_| fused_us.is_some()),
        median_us: median(&micros),
        samples: micros.len(),
        in_one_pass_us: median(&in_one_pass),
        frames,
        max_abs_err,
    })
}

/// A frame's bytes: deterministic, spread over 0..=255.
fn frame_texels(len: usize) -> Vec<u8> {
    (0..len as u64)
        .map(|i| (i.wrapping_mul(2654435761) >> 7) as u8)
        .collect()
}

/// An `rgba8unorm` texture of the case's frame size holding `texels`.
fn frame_texture(resizer: &Resizer, case: &FrameCase, texels: &[u8]) -> wgpu::Texture {
    let size = wgpu::Extent3d {
        width: case.w,
        height: case.h,
        depth_or_array_layers: 1,
    };
    let texture = single_image_texture(
        resizer.device(),
        "bench frame",
        Size2::new(case.h, case.w),
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    resizer.queue().write_texture(
        texture.as_image_copy(),
        texels,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(case.w * 4),
            rows_per_image: Some(case.h),
        },
        size,
    );
    texture
}

/// One frame into a poisoned `output`, read back and compared with the reference resize of
/// the tensor the frame's texels make (the spec's first channels, in its layout, as `T`:
/// bytes for u8, bytes over 255 otherwise); the largest difference.
fn check<T: Element + Into<f64>>(
    resizer: &Resizer,
    spec: &ResizeSpec,
    texture: &wgpu::Texture,
    output: &wgpu::Buffer,
    texels: &[u8],
) -> Result<f64, ResizeError> {
    let device = resizer.device();
    let poison = crate::element::poison_bytes(spec.element(), spec.output_bytes());
    resizer.queue().write_buffer(output, 0, &poison);
    let mut encoder = device.create_command_encoder(&Default::default());
    resizer.encode_texture_to_buffer(
        &mut encoder,
        spec,
        &TextureImage::first(texture),
        output.slice(..),
        Path::Auto,
    )?;
    resizer.queue().submit([encoder.finish()]);
    let mut got: Vec<u8> = read_buffer(device, resizer.queue(), output, 0..spec.output_bytes())?;
    got.truncate(spec.output_len() * size_of::<T>());
    let got: Vec<T> = bytemuck::pod_collect_to_vec(&got);
    let input = frame_tensor::<T>(spec, texels);
    let expected = reference::resize(spec, &input)?;
    Ok(compare(&got, &expected).max_abs)
}

/// The tensor a frame's RGBA bytes make for `spec`: its first channels, in its layout.
fn frame_tensor<T: Element>(spec: &ResizeSpec, texels: &[u8]) -> Vec<T> {
    let channels = spec.channels() as usize;
    let pixels = texels.len() / 4;
    let value = |byte: u8| match T::TYPE {
        ElementType::U8 => T::from_f64(f64::from(byte)),
        _ => T::from_f64(f64::from(f32::from(byte) / 255.0)),
    };
    let mut tensor = Vec::with_capacity(pixels * channels);
    match spec.layout() {
        Layout::Nchw => {
            for channel in 0..channels {
                tensor.extend((0..pixels).map(|p| value(texels[4 * p + channel])));
            }
        }
        _ => {
            for p in 0..pixels {
                tensor.extend((0..channels).map(|channel| value(texels[4 * p + channel])));
            }
        }
    }
    tensor
}
