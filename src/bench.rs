//! The `wgresize bench` suite: fixed shapes, every path timed on the device in hand and checked
//! against the CPU reference. [`frames`]: frames into model inputs, through the texture API.

pub mod frames;

use serde::Serialize;
use wgpu::util::DeviceExt;

use crate::element::Element;
use crate::error::ResizeError;
use crate::gpu::{PassKernel, Resizer, TextureImage, scratch_tensors, single_image_texture};
use crate::normalization::Normalization;
use crate::plan::{Path, Plan};
use crate::readback::{compare, read_buffer};
use crate::reference;
use crate::spec::{ElementType, Layout, ResizeSpec, Size2};
use crate::timing::{
    TimingMethod, pairs_beyond_cache, quantile, time_interleaved, time_resize_in_pass,
};

/// The resampling of a benchmark shape, each as the library a user would name defines it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BenchFilter {
    /// PyTorch's `nearest-exact`: one tap per output, so the time of moving a shape's bytes
    /// through the kernels, to set beside the filters that read more.
    Nearest,
    /// Half-pixel bilinear (PyTorch `bilinear`, `align_corners=False`).
    Bilinear,
    /// PyTorch's bicubic (`a = -0.75`).
    Bicubic,
    /// PyTorch's antialiased bilinear.
    BilinearAntialias,
    /// PyTorch's antialiased bicubic (`a = -0.5`).
    BicubicAntialias,
    /// Pillow's antialiased 3-lobe lanczos.
    Lanczos3Antialias,
    /// OpenCV's `INTER_LINEAR` (on u8, in OpenCV's own fixed point).
    #[serde(rename = "opencv_bilinear")]
    OpenCvBilinear,
    /// Pillow's antialiased bicubic (`a = -0.5`), in one step.
    PillowBicubic,
    /// Pillow's `Image.thumbnail`: its bicubic after reducing by whole factors with a gap of 2
    /// ([`crate::ResizeSpecBuilder::reducing_gap`]), two resizes in all.
    PillowThumbnail,
    /// A detector's letterbox ([`crate::Padding::letterbox`]): PyTorch's bilinear to the
    /// aspect-keeping size inside the output, the bands 114/255 (the detectors' grey in floats).
    Letterbox,
    /// The same letterbox as `cv2.resize` (`INTER_LINEAR`, in OpenCV's fixed point on u8) then
    /// `cv2.copyMakeBorder` make it, the bands 114.
    #[serde(rename = "opencv_letterbox")]
    OpenCvLetterbox,
}

impl BenchFilter {
    fn builder(
        self,
        input: Size2,
        output: Size2,
    ) -> Result<crate::ResizeSpecBuilder, crate::SpecError> {
        use crate::presets::{self, PillowFilter, TorchMode, TorchOutput};
        let torch = |mode, antialias| {
            presets::torch(input, TorchOutput::Size(output), mode, false, antialias)
        };
        match self {
            BenchFilter::Nearest => torch(TorchMode::NearestExact, false),
            BenchFilter::Bilinear => Ok(ResizeSpec::builder(input, output)),
            BenchFilter::Bicubic => torch(TorchMode::Bicubic, false),
            BenchFilter::BilinearAntialias => torch(TorchMode::Bilinear, true),
            BenchFilter::BicubicAntialias => torch(TorchMode::Bicubic, true),
            BenchFilter::Lanczos3Antialias => {
                Ok(presets::pillow(input, output, PillowFilter::Lanczos))
            }
            BenchFilter::OpenCvBilinear => Ok(presets::opencv(
                input,
                output,
                presets::OpenCvInterpolation::Linear,
            )),
            BenchFilter::PillowBicubic => Ok(presets::pillow(input, output, PillowFilter::Bicubic)),
            BenchFilter::PillowThumbnail => {
                Ok(presets::pillow(input, output, PillowFilter::Bicubic)
                    .reducing_gap(Some(presets::PILLOW_THUMBNAIL_GAP)))
            }
            BenchFilter::Letterbox => letterbox(input, output),
            BenchFilter::OpenCvLetterbox => Ok(presets::opencv_letterbox(
                input,
                output,
                presets::OpenCvInterpolation::Linear,
                true,
                114.0,
            )),
        }
    }
}

/// A detector's letterbox of an `input` frame into a `canvas` as a PyTorch program makes it
/// (`F.interpolate` bilinear, no antialiasing, to the aspect-keeping size, then `F.pad` with the
/// grey 114/255): the buffer bench's [`BenchFilter::Letterbox`] and the frames bench's
/// letterbox, beside `scripts/torch_peer.py`'s and `torch_frames_peer.py`'s.
pub(crate) fn letterbox(
    input: Size2,
    canvas: Size2,
) -> Result<crate::ResizeSpecBuilder, crate::SpecError> {
    use crate::presets::{self, TorchMode, TorchOutput};
    let (image, bands) = crate::Padding::letterbox(input, canvas, true);
    Ok(presets::torch(
        input,
        TorchOutput::Size(image),
        TorchMode::Bilinear,
        false,
        false,
    )?
    .padding(bands)
    .extrapolation_value(114.0 / 255.0))
}

/// One benchmark shape: `n` images of `h × w` with `c` channels, stored in `layout`, to
/// `out_h × out_w`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BenchShape {
    /// Images.
    pub n: u32,
    /// Input height.
    pub h: u32,
    /// Input width.
    pub w: u32,
    /// Channels.
    pub c: u32,
    /// Output height.
    pub out_h: u32,
    /// Output width.
    pub out_w: u32,
    /// Resampling.
    pub filter: BenchFilter,
    /// Element type.
    pub element: ElementType,
    /// Memory order of input and output.
    pub layout: Layout,
    /// The output normalised by the ImageNet statistics ([`Normalization::IMAGENET`]; RGB
    /// shapes), which the buffer route applies in one more dispatch after the resize.
    pub normalized: bool,
}

impl BenchShape {
    /// An f32 bilinear shape scaled by `scale` (output rounded).
    pub fn scaled(n: u32, h: u32, w: u32, c: u32, scale: f64) -> Self {
        let scaled = |len: u32| ((len as f64 * scale).round() as u32).max(1);
        BenchShape {
            n,
            h,
            w,
            c,
            out_h: scaled(h),
            out_w: scaled(w),
            filter: BenchFilter::Bilinear,
            element: ElementType::F32,
            layout: Layout::Nhwc,
            normalized: false,
        }
    }

    /// The same shape with its output normalised by the ImageNet statistics (3 channels).
    pub fn normalized(mut self) -> Self {
        self.normalized = true;
        self
    }

    /// The same shape stored in another layout.
    pub fn with_layout(mut self, layout: Layout) -> Self {
        self.layout = layout;
        self
    }

    /// The same shape with another filter.
    pub fn with_filter(mut self, filter: BenchFilter) -> Self {
        self.filter = filter;
        self
    }

    /// The same shape with another element type.
    pub fn with_element(mut self, element: ElementType) -> Self {
        self.element = element;
        self
    }

    /// The same input resized to `out_h × out_w`.
    pub fn to(mut self, out_h: u32, out_w: u32) -> Self {
        self.out_h = out_h;
        self.out_w = out_w;
        self
    }

    /// The spec of this shape.
    pub fn spec(&self) -> Result<ResizeSpec, crate::SpecError> {
        self.filter
            .builder(
                Size2::new(self.h, self.w),
                Size2::new(self.out_h, self.out_w),
            )?
            .batch(self.n)
            .channels(self.c)
            .element(self.element)
            .layout(self.layout)
            .normalize(self.normalized.then_some(Normalization::IMAGENET))
            .build()
    }

    /// The input's dimensions in memory order: `"1x192x320x4"` (NHWC), `"32x3x512x512"` (NCHW).
    pub fn dims(&self) -> String {
        let (n, h, w, c) = (self.n, self.h, self.w, self.c);
        match self.layout {
            Layout::Nchw => format!("{n}x{c}x{h}x{w}"),
            _ => format!("{n}x{h}x{w}x{c}"),
        }
    }

    /// `"1x192x320x4 -> 768x1280 bilinear f32"`; NCHW shapes end in `nchw`, normalised ones
    /// in `imagenet`.
    pub fn label(&self) -> String {
        let layout = match self.layout {
            Layout::Nchw => " nchw",
            _ => "",
        };
        let normalized = if self.normalized { " imagenet" } else { "" };
        format!(
            "{} -> {}x{} {:?} {}{layout}{normalized}",
            self.dims(),
            self.out_h,
            self.out_w,
            self.filter,
            self.element.name()
        )
    }

    /// Largest difference from the CPU reference that still counts as correct
    /// ([`tolerance`] of its element type and normalisation).
    pub fn tolerance(&self) -> f64 {
        tolerance(self.element, self.normalized)
    }
}

/// Largest difference from the CPU reference that still counts as correct for results of
/// `element`s whose magnitudes are at most 1 (the benches' inputs and frames): rounding
/// differences for f32, one half-precision step near 1 for f16, one level for u8. Five times
/// that where the results are `normalized` by the ImageNet statistics: they reach about 9 from
/// inputs in -1..1 (2.64 from frames in 0..1, where f16's step is four times its step near 1),
/// and carry the resize's error over a std of 0.224.
pub fn tolerance(element: ElementType, normalized: bool) -> f64 {
    let unnormalized = match element {
        ElementType::U8 => 1.0,
        ElementType::F16 => 1e-3,
        _ => 1e-5,
    };
    if normalized {
        unnormalized * 5.0
    } else {
        unnormalized
    }
}

/// The six f32 bilinear shapes of the standard suite.
pub fn standard_shapes() -> Vec<BenchShape> {
    vec![
        BenchShape::scaled(1, 192, 320, 4, 4.0),
        BenchShape::scaled(1, 384, 640, 4, 2.0),
        BenchShape::scaled(1, 768, 1280, 4, 0.25),
        BenchShape::scaled(1, 768, 1280, 4, 0.5),
        BenchShape::scaled(1, 1080, 1920, 4, 2.0),
        BenchShape::scaled(1, 2160, 3840, 4, 0.5),
    ]
}

/// The shapes beyond the standard six that the performance targets name: antialiased shrinks
/// of 4K frames, an ML preprocessing batch, u8 and f16 versions of the two large bilinear
/// shapes; then three-channel tensors as ML pipelines and image decoders hold them (NCHW, as
/// PyTorch and ONNX store tensors, and RGB pixels); then the six standard shapes with one tap per
/// output (nearest), which move the same bytes with the least arithmetic; last, one output from
/// a 2x2 input, the fixed cost of a timed resize.
pub fn extended_shapes() -> Vec<BenchShape> {
    let uhd = BenchShape::scaled(1, 2160, 3840, 4, 0.5);
    let one_tap = standard_shapes()
        .into_iter()
        .map(|shape| shape.with_filter(BenchFilter::Nearest));
    let mut shapes = vec![
        uhd.with_filter(BenchFilter::BicubicAntialias),
        uhd.with_filter(BenchFilter::Lanczos3Antialias),
        uhd.to(224, 224).with_filter(BenchFilter::BicubicAntialias),
        uhd.to(224, 224).with_filter(BenchFilter::Lanczos3Antialias),
        BenchShape::scaled(32, 512, 512, 4, 1.0)
            .to(224, 224)
            .with_filter(BenchFilter::BilinearAntialias),
        BenchShape::scaled(1, 1080, 1920, 4, 2.0).with_element(ElementType::U8),
        uhd.with_element(ElementType::U8),
        BenchShape::scaled(1, 1080, 1920, 4, 2.0).with_element(ElementType::F16),
        uhd.with_element(ElementType::F16),
    ];
    shapes.extend(three_channel_shapes());
    shapes.extend(one_tap);
    // One output from a 2x2 input: what a timed resize costs on this device before any bytes
    // count (the dispatch and its timestamps), beside the same for the peer.
    shapes.push(BenchShape::scaled(1, 2, 2, 4, 0.5));
    shapes
}

/// Three-channel shapes: the ML batch, a 2x enlargement and an antialiased 4K shrink as NCHW
/// f32 tensors, the first two also normalised by the ImageNet statistics (the cost of the
/// normalisation beside the same resize without it); a 2x enlargement of RGB pixels (NHWC) as
/// f32 and as u8; and Pillow's lanczos shrink of an RGB u8 4K frame to 1080p (a thumbnailer's
/// resize, in Pillow's fixed point) and to 1366x768, whose rows (4098 bytes) do not start on
/// 32-bit words; OpenCV's bilinear shrink and 2x enlargement of RGB u8 in its fixed point,
/// PyTorch's antialiased bilinear of a uint8 NCHW frame to 224x224 in its own; Pillow's bicubic
/// of an RGB u8 4K frame to 480x270 in one step and as `Image.thumbnail((480, 480))` resizes it
/// (reduced by 4 first, then to scale); and a 1080p frame letterboxed into a detector's 640x640
/// input, as an f32 NCHW tensor (PyTorch's bilinear) and as RGB u8 (`cv2.resize` and
/// `cv2.copyMakeBorder`'s bytes).
pub fn three_channel_shapes() -> Vec<BenchShape> {
    let ml_batch = BenchShape::scaled(32, 512, 512, 3, 1.0)
        .to(224, 224)
        .with_filter(BenchFilter::BilinearAntialias);
    let hd_x2 = BenchShape::scaled(1, 1080, 1920, 3, 2.0);
    let uhd_half =
        BenchShape::scaled(1, 2160, 3840, 3, 0.5).with_filter(BenchFilter::BicubicAntialias);
    vec![
        ml_batch.with_layout(Layout::Nchw),
        ml_batch.with_layout(Layout::Nchw).normalized(),
        hd_x2.with_layout(Layout::Nchw),
        hd_x2.with_layout(Layout::Nchw).normalized(),
        uhd_half.with_layout(Layout::Nchw),
        hd_x2,
        hd_x2.with_element(ElementType::U8),
        BenchShape::scaled(1, 2160, 3840, 3, 0.5)
            .with_filter(BenchFilter::Lanczos3Antialias)
            .with_element(ElementType::U8),
        BenchShape::scaled(1, 2160, 3840, 3, 0.5)
            .to(768, 1366)
            .with_filter(BenchFilter::Lanczos3Antialias)
            .with_element(ElementType::U8),
        // cv2.resize's bytes: OpenCV's fixed point, on the gather path alone (its staged u8
        // kernel shrinking, the RGB doubling enlarging by 2).
        BenchShape::scaled(1, 1080, 1920, 3, 0.5)
            .with_filter(BenchFilter::OpenCvBilinear)
            .with_element(ElementType::U8),
        BenchShape::scaled(1, 1080, 1920, 3, 2.0)
            .with_filter(BenchFilter::OpenCvBilinear)
            .with_element(ElementType::U8),
        // F.interpolate's bytes on a decoded frame as a uint8 NCHW tensor (torchvision's
        // Resize): PyTorch's fixed point.
        BenchShape::scaled(1, 1080, 1920, 3, 1.0)
            .to(224, 224)
            .with_filter(BenchFilter::BilinearAntialias)
            .with_element(ElementType::U8)
            .with_layout(Layout::Nchw),
        BenchShape::scaled(1, 2160, 3840, 3, 0.125)
            .with_filter(BenchFilter::PillowBicubic)
            .with_element(ElementType::U8),
        BenchShape::scaled(1, 2160, 3840, 3, 0.125)
            .with_filter(BenchFilter::PillowThumbnail)
            .with_element(ElementType::U8),
        BenchShape::scaled(1, 1080, 1920, 3, 1.0)
            .to(640, 640)
            .with_filter(BenchFilter::Letterbox)
            .with_layout(Layout::Nchw),
        BenchShape::scaled(1, 1080, 1920, 3, 1.0)
            .to(640, 640)
            .with_filter(BenchFilter::OpenCvLetterbox)
            .with_element(ElementType::U8),
    ]
}

/// One timed path on one shape, as `--json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct BenchResult {
    /// The shape (its fields appear at the top level of the JSON).
    #[serde(flatten)]
    pub shape: BenchShape,
    /// `"gather"`, `"separable"`, `"fused"` or `"auto"`.
    pub path: String,
    /// For `"auto"`: the concrete path it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chosen: Option<String>,
    /// Where the fused kernel ran (`"fused"`, or `"auto"` choosing it): its tiles' output
    /// columns, as tuning chose them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fused_columns: Option<u32>,
    /// The kernel of each pass the timing ran, as [`crate::gpu::Resizer::kernels`] names it.
    pub kernels: Vec<String>,
    /// Median time, µs.
    pub median_us: f64,
    /// Fastest sample, µs.
    pub min_us: f64,
    /// 90th percentile, µs.
    pub p90_us: f64,
    /// Samples taken.
    pub samples: usize,
    /// Bytes that must move: input read once plus output written once.
    pub bytes: u64,
    /// Largest absolute difference from the CPU reference.
    pub max_abs_error: f64,
    /// For `"auto"`: the median time of one resize recorded back to back with others in one
    /// compute pass, µs ([`crate::timing::time_resize_in_pass`]), on enough inputs and output
    /// slices that none reads the previous one's data from the cache
    /// ([`crate::timing::pairs_beyond_cache`]), each after the one before; beside
    /// `median_us`, a resize in a pass of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_one_pass_us: Option<f64>,
}

/// Settings of a run.
#[derive(Clone, Copy, Debug)]
pub struct BenchSettings {
    /// Seconds of samples to aim for per path and shape.
    pub budget_seconds: f64,
    /// Alternating rounds over the paths.
    pub rounds: usize,
}

impl BenchSettings {
    /// Full run: enough samples for a stable median on a GPU, few on a software rasteriser.
    pub const FULL: BenchSettings = BenchSettings {
        budget_seconds: 0.5,
        rounds: 5,
    };
    /// `--quick`: a smoke run.
    pub const QUICK: BenchSettings = BenchSettings {
        budget_seconds: 0.05,
        rounds: 1,
    };
}

/// Times `paths` on `shape` and checks each output against the CPU reference.
pub fn run_shape(
    resizer: &Resizer,
    shape: &BenchShape,
    paths: &[Path],
    method: TimingMethod,
    settings: BenchSettings,
    mut progress: impl FnMut(&str),
) -> Result<Vec<BenchResult>, ResizeError> {
    let run = match shape.element {
        ElementType::U8 => run_typed::<u8>,
        ElementType::F16 => run_typed::<half::f16>,
        _ => run_typed::<f32>,
    };
    run(resizer, shape, paths, method, settings, &mut progress)
}

/// A deterministic input of `len` elements: bytes spread over 0..=255 for u8, values spread
/// over -1..1 for floats.
fn bench_input<T: Element>(len: usize) -> Vec<T> {
    (0..len)
        .map(|i| {
            let spread = (i as u64).wrapping_mul(2654435761);
            match T::TYPE {
                ElementType::U8 => T::from_f64((spread >> 7) as u8 as f64),
                _ => T::from_f64(((spread % 2001) as f32 / 1000.0 - 1.0) as f64),
            }
        })
        .collect()
}

fn run_typed<T: Element + Into<f64>>(
    resizer: &Resizer,
    shape: &BenchShape,
    paths: &[Path],
    method: TimingMethod,
    settings: BenchSettings,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<BenchResult>, ResizeError> {
    let spec = shape.spec()?;
    let input = &bench_input::<T>(spec.input_len())[..];
    let device = resizer.device();
    let mut bytes = bytemuck::cast_slice::<T, u8>(input).to_vec();
    bytes.resize(spec.input_bytes() as usize, 0);
    let input_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("bench input"),
        contents: &bytes,
        usage: wgpu::BufferUsages::STORAGE,
    });
    let output_buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("bench output"),
        size: spec.output_bytes(),
        usage: wgpu::BufferUsages::STORAGE
            | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    progress(&format!("{} reference", shape.label()));
    let expected = reference::resize(&spec, input)?;
    // Correctness first: each path once into a poisoned output, read back and compared.
    let mut checked = Vec::new();
    let paths: Vec<Path> = paths
        .iter()
        .copied()
        .filter(|&path| resizer.availability(&spec, path).is_ok())
        .collect();
    // The automatic choice is measured (or read from the tuning cache) before anything runs:
    // measuring also settles the fused path's tile columns, which its check and timing then use.
    let auto_plan = if paths.contains(&Path::Auto) {
        Some(resizer.plan(&spec, Path::Auto)?)
    } else {
        None
    };
    let auto_choice = auto_plan.as_ref().map(|plan| plan.path.name().to_string());
    let fused_columns = fused_tile_columns(auto_plan.as_ref());
    for &path in &paths {
        progress(&format!("{} {} check", shape.label(), path));
        let chosen = match path {
            Path::Auto => auto_choice.clone(),
            _ => None,
        };
        // Poison the output so that a path which writes nothing cannot pass on another's.
        let poison = crate::element::poison_bytes(spec.element(), spec.output_bytes());
        resizer.queue().write_buffer(&output_buffer, 0, &poison);
        let mut encoder = device.create_command_encoder(&Default::default());
        resizer.encode(&mut encoder, &spec, &input_buffer, &output_buffer, path)?;
        resizer.queue().submit([encoder.finish()]);
        let mut got: Vec<u8> = read_buffer(
            device,
            resizer.queue(),
            &output_buffer,
            0..spec.output_bytes(),
        )?;
        got.truncate(spec.output_len() * size_of::<T>());
        let got: Vec<T> = bytemuck::pod_collect_to_vec(&got);
        checked.push((chosen, compare(&got, &expected).max_abs));
    }
    progress(&format!("{} timing", shape.label()));
    let timings = time_interleaved(
        resizer,
        &spec,
        &paths,
        &input_buffer,
        &output_buffer,
        method,
        settings.budget_seconds * paths.len() as f64,
        settings.rounds,
    );
    // Auto also as a stream of different frames in one pass: enough inputs that no resize
    // reads what the one before left in the cache, and their outputs in slices of one buffer,
    // so that wgpu orders each resize after the one before (item 128).
    let in_one_pass = if paths.contains(&Path::Auto) {
        let pairs = pairs_beyond_cache(&spec);
        let inputs: Vec<wgpu::Buffer> = (1..pairs)
            .map(|_| {
                device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("bench input"),
                    contents: &bytes,
                    usage: wgpu::BufferUsages::STORAGE,
                })
            })
            .collect();
        let alignment = u64::from(device.limits().min_storage_buffer_offset_alignment);
        let slot = spec.output_bytes().next_multiple_of(alignment);
        let outputs = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("bench outputs"),
            size: slot * pairs as u64,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        let slices: Vec<_> = std::iter::once(&input_buffer)
            .chain(&inputs)
            .enumerate()
            .map(|(k, input)| {
                let at = k as u64 * slot;
                (input.slice(..), outputs.slice(at..at + spec.output_bytes()))
            })
            .collect();
        let samples = time_resize_in_pass(
            resizer,
            &spec,
            Path::Auto,
            &slices,
            method,
            settings.budget_seconds,
            (5, 100),
        )?;
        Some(samples.median())
    } else {
        None
    };
    let mut results = Vec::new();
    for ((&path, (chosen, max_abs_error)), timing) in paths.iter().zip(checked).zip(timings) {
        let samples = timing?;
        let ran_fused = path == Path::Fused
            || (path == Path::Auto && auto_plan.as_ref().is_some_and(|p| p.path == Path::Fused));
        let kernels = names(resizer.kernels(&spec, path)?);
        results.push(BenchResult {
            shape: *shape,
            path: path.name().into(),
            chosen,
            fused_columns: fused_columns.filter(|_| ran_fused),
            kernels,
            median_us: samples.median(),
            min_us: quantile(&samples.micros, 0.0),
            p90_us: quantile(&samples.micros, 0.9),
            samples: samples.micros.len(),
            bytes: spec.input_bytes() + spec.output_bytes(),
            max_abs_error,
            in_one_pass_us: in_one_pass.filter(|_| path == Path::Auto),
        });
    }
    Ok(results)
}

/// The fused tiles' output columns that tuning timed fastest in `plan`, if it timed them.
pub(crate) fn fused_tile_columns(plan: Option<&Plan>) -> Option<u32> {
    plan?
        .candidates
        .iter()
        .find(|c| c.path == Path::Fused)?
        .tile
        .map(|tile| tile.columns)
}

/// One shape of the sweep that checks `auto` against the fastest path.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SweepCase {
    /// Input height.
    pub h: u32,
    /// Input width.
    pub w: u32,
    /// Scale factor (both axes).
    pub scale: f64,
    /// Filter.
    pub filter: BenchFilter,
}

impl SweepCase {
    /// The spec: one image of 4 f32 channels, NHWC.
    pub fn spec(&self) -> Result<ResizeSpec, crate::SpecError> {
        BenchShape::scaled(1, self.h, self.w, 4, self.scale)
            .with_filter(self.filter)
            .spec()
    }
}

/// 36 shapes: sizes 64 to 4096, ratios 0.1 to 8, three filters.
pub fn sweep_cases() -> Vec<SweepCase> {
    const SHAPES: [(u32, u32, f64); 12] = [
        (64, 64, 8.0),
        (64, 96, 4.0),
        (128, 128, 6.0),
        (256, 256, 2.0),
        (256, 384, 0.5),
        (512, 768, 1.5),
        (1024, 1024, 0.25),
        (1024, 1536, 0.75),
        (2048, 2048, 0.5),
        (2160, 3840, 0.1),
        (4096, 4096, 0.125),
        (1080, 1920, 3.0),
    ];
    [
        BenchFilter::Bilinear,
        BenchFilter::Bicubic,
        BenchFilter::Lanczos3Antialias,
    ]
    .iter()
    .flat_map(|&filter| {
        SHAPES.iter().map(move |&(h, w, scale)| SweepCase {
            h,
            w,
            scale,
            filter,
        })
    })
    .collect()
}

/// `auto` against every concrete path on one sweep shape.
#[derive(Clone, Debug, Serialize)]
pub struct SweepResult {
    /// The shape.
    #[serde(flatten)]
    pub case: SweepCase,
    /// Output height.
    pub out_h: u32,
    /// Output width.
    pub out_w: u32,
    /// What `auto` chose.
    pub chosen: String,
    /// Where the choice came from.
    pub source: String,
    /// Median µs of gather, separable and auto, timed in alternating rounds.
    pub gather_us: f64,
    /// See `gather_us`.
    pub separable_us: f64,
    /// See `gather_us`; absent where the fused path cannot run the shape.
    pub fused_us: Option<f64>,
    /// The fused tiles' output columns, as tuning chose them; absent as `fused_us` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fused_columns: Option<u32>,
    /// See `gather_us`.
    pub auto_us: f64,
    /// `auto_us` over the faster concrete path.
    pub auto_over_fastest: f64,
    /// The path `auto` takes before measuring ([`Resizer::heuristic_plan`]).
    pub heuristic: String,
    /// That path's median over the fastest concrete path's.
    pub heuristic_over_fastest: f64,
}

/// Plans `case` with `auto` (measuring, unless the tuning cache decides), then times gather,
/// separable and auto against each other.
pub fn run_sweep_case(
    resizer: &Resizer,
    case: &SweepCase,
    method: TimingMethod,
    settings: BenchSettings,
) -> Result<SweepResult, ResizeError> {
    let spec = case.spec()?;
    let (input, output) = scratch_tensors(resizer.device(), &spec, "sweep");
    let plan = resizer.plan(&spec, Path::Auto)?;
    let fused = resizer.availability(&spec, Path::Fused).is_ok();
    let paths: Vec<Path> = [Path::Gather, Path::Separable, Path::Fused, Path::Auto]
        .into_iter()
        .filter(|&p| p != Path::Fused || fused)
        .collect();
    let times = time_interleaved(
        resizer,
        &spec,
        &paths,
        &input,
        &output,
        method,
        settings.budget_seconds * paths.len() as f64,
        settings.rounds,
    );
    let mut medians = Vec::new();
    for timing in times {
        medians.push(timing?.median());
    }
    let auto_us = *medians.last().expect("auto was timed");
    let fastest = medians[..medians.len() - 1]
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min);
    let heuristic = resizer.heuristic_plan(&spec).path;
    let heuristic_us = paths
        .iter()
        .position(|&p| p == heuristic)
        .map_or(f64::NAN, |k| medians[k]);
    let out = spec.output();
    Ok(SweepResult {
        case: *case,
        out_h: out.height,
        out_w: out.width,
        chosen: plan.path.name().into(),
        source: plan.source.name().into(),
        gather_us: medians[0],
        separable_us: medians[1],
        fused_us: fused.then(|| medians[2]),
        fused_columns: fused_tile_columns(Some(&plan)).filter(|_| fused),
        auto_us,
        auto_over_fastest: auto_us / fastest,
        heuristic: heuristic.name().into(),
        heuristic_over_fastest: heuristic_us / fastest,
    })
}

/// Keeps the GPU busy with resizes for about `seconds` of wall time, so that the clocks have
/// left their idle state before anything is measured. On an H200 that had been idle, the first
/// second of sustained work ran a 1080p x2 enlargement at 177 µs median; after it, 49 µs.
/// `seconds` of 0 or less do nothing; a number that is not finite is a
/// [`ResizeError::Argument`] (an infinite one would never return).
pub fn warm_up(resizer: &Resizer, seconds: f64) -> Result<(), ResizeError> {
    if !seconds.is_finite() {
        return Err(ResizeError::Argument {
            which: "seconds",
            why: format!("is {seconds}; allowed: a finite number"),
        });
    }
    if seconds <= 0.0 {
        return Ok(());
    }
    let spec = BenchShape::scaled(1, 1080, 1920, 4, 2.0).spec()?;
    let device = resizer.device();
    let (input, output) = scratch_tensors(device, &spec, "warm-up");
    let start = std::time::Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        let mut encoder = device.create_command_encoder(&Default::default());
        for _ in 0..50 {
            resizer.encode(&mut encoder, &spec, &input, &output, Path::Gather)?;
        }
        resizer.queue().submit([encoder.finish()]);
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| ResizeError::Gpu(format!("waiting for the device: {e}")))?;
    }
    Ok(())
}

/// One u8 RGBA shape resized buffer to buffer, texture to texture and buffer to texture, timed
/// alike: what the texture path's staging costs on the device in hand.
#[derive(Clone, Debug, Serialize)]
pub struct TextureResult {
    /// The shape (its fields appear at the top level of the JSON).
    #[serde(flatten)]
    pub shape: BenchShape,
    /// Buffer to buffer, µs per resize.
    pub buffer_us: f64,
    /// `rgba8unorm` to `rgba8unorm` written through a storage binding, µs per resize.
    pub storage_texture_us: f64,
    /// `rgba8unorm-srgb` to `rgba8unorm-srgb` written by a copy, µs per resize.
    pub copy_texture_us: f64,
    /// `rgba8unorm-srgb` to `rgba8unorm-srgb` written by a render pass, µs per resize.
    pub render_texture_us: f64,
    /// The buffer into the `rgba8unorm` storage target, written by the kernels themselves
    /// (`encode_buffer_to_texture`), µs per resize.
    pub buffer_to_storage_us: f64,
    /// The buffer into the `rgba8unorm-srgb` render target, staged then drawn, µs per resize.
    pub buffer_to_render_us: f64,
    /// The `rgba8unorm` source into the buffer, read by the kernels themselves
    /// (`encode_texture_to_buffer`), µs per resize.
    pub texture_to_buffer_us: f64,
    /// The path every column ran: `auto`'s measured choice between buffers.
    pub path: Path,
    /// `auto`'s choice from the buffer into the storage target, measured on that route
    /// ([`Resizer::plan_buffer_to_texture`]).
    pub storage_route_path: Path,
    /// Why `auto` took [`TextureResult::storage_route_path`]: each candidate's time.
    pub storage_route_reason: String,
    /// Resizes recorded back to back in each timed submission.
    pub iterations: u32,
    /// The dispatches each column timed, named as [`Resizer::kernels`] and
    /// [`Resizer::texture_kernels`] name them.
    pub kernels: TextureKernels,
}

/// The dispatches of each column of a [`TextureResult`], in order: the unpack of a staged
/// source, the resize's kernels, the pack of a staged result (a copy or a render pass, which
/// writes the copy and render targets after them, is not a dispatch).
#[derive(Clone, Debug, Default, Serialize)]
pub struct TextureKernels {
    /// [`TextureResult::buffer_us`]'s.
    pub buffer: Vec<String>,
    /// [`TextureResult::storage_texture_us`]'s.
    pub storage_texture: Vec<String>,
    /// [`TextureResult::copy_texture_us`]'s.
    pub copy_texture: Vec<String>,
    /// [`TextureResult::render_texture_us`]'s.
    pub render_texture: Vec<String>,
    /// [`TextureResult::buffer_to_storage_us`]'s.
    pub buffer_to_storage: Vec<String>,
    /// [`TextureResult::buffer_to_render_us`]'s.
    pub buffer_to_render: Vec<String>,
    /// [`TextureResult::texture_to_buffer_us`]'s.
    pub texture_to_buffer: Vec<String>,
}

/// The kernels' names alone.
fn names(kernels: Vec<PassKernel>) -> Vec<String> {
    kernels.into_iter().map(|pass| pass.kernel).collect()
}

/// Times `shape` (as u8 RGBA) buffer to buffer, through the three texture writes, from the
/// buffer into the storage and render targets, and from the source texture into the buffer,
/// each as the wall time of `iterations` resizes recorded back to back in one submission
/// (median of 5), after one untimed submission.
pub fn run_texture_shape(
    resizer: &Resizer,
    shape: &BenchShape,
    iterations: u32,
) -> Result<TextureResult, ResizeError> {
    let spec = shape.with_element(ElementType::U8).spec()?;
    let device = resizer.device();
    let (input, output) = scratch_tensors(device, &spec, "bench texture tensors");
    let texture = |size: Size2, format, usage| {
        single_image_texture(device, "bench texture", size, format, usage)
    };
    use wgpu::{TextureFormat as F, TextureUsages as U};
    let source = texture(spec.input(), F::Rgba8Unorm, U::TEXTURE_BINDING);
    let storage_target = texture(spec.output(), F::Rgba8Unorm, U::STORAGE_BINDING);
    let srgb_source = texture(spec.input(), F::Rgba8UnormSrgb, U::TEXTURE_BINDING);
    let copy_target = texture(spec.output(), F::Rgba8UnormSrgb, U::COPY_DST);
    let render_target = texture(spec.output(), F::Rgba8UnormSrgb, U::RENDER_ATTACHMENT);
    let path = resizer.plan(&spec, Path::Auto)?.path;
    let buffer_us = per_resize(resizer, iterations, |encoder| {
        resizer
            .encode(encoder, &spec, &input, &output, path)
            .map(|_| ())
    })?;
    let storage_texture_us = per_resize(resizer, iterations, |encoder| {
        resizer
            .encode_texture(encoder, &spec, &source, &storage_target, path)
            .map(|_| ())
    })?;
    let copy_texture_us = per_resize(resizer, iterations, |encoder| {
        resizer
            .encode_texture(encoder, &spec, &srgb_source, &copy_target, path)
            .map(|_| ())
    })?;
    let render_texture_us = per_resize(resizer, iterations, |encoder| {
        resizer
            .encode_texture(encoder, &spec, &srgb_source, &render_target, path)
            .map(|_| ())
    })?;
    let into_texture = |target: &wgpu::Texture| {
        per_resize(resizer, iterations, |encoder| {
            let target = TextureImage::first(target);
            resizer
                .encode_buffer_to_texture(encoder, &spec, input.slice(..), &target, path)
                .map(|_| ())
        })
    };
    let buffer_to_storage_us = into_texture(&storage_target)?;
    let buffer_to_render_us = into_texture(&render_target)?;
    let texture_to_buffer_us = per_resize(resizer, iterations, |encoder| {
        let source = TextureImage::first(&source);
        resizer
            .encode_texture_to_buffer(encoder, &spec, &source, output.slice(..), path)
            .map(|_| ())
    })?;
    let storage_route =
        resizer.plan_buffer_to_texture(&spec, &TextureImage::first(&storage_target), Path::Auto)?;
    let between = |source: &wgpu::Texture, target: &wgpu::Texture| {
        let (source, target) = (TextureImage::first(source), TextureImage::first(target));
        resizer
            .texture_kernels(&spec, &source, &target, path)
            .map(|(kernels, _)| names(kernels))
    };
    let into = |target: &wgpu::Texture| {
        let target = TextureImage::first(target);
        resizer
            .buffer_to_texture_kernels(&spec, input.slice(..), &target, path)
            .map(|(kernels, _)| names(kernels))
    };
    let kernels = TextureKernels {
        buffer: names(resizer.kernels(&spec, path)?),
        storage_texture: between(&source, &storage_target)?,
        copy_texture: between(&srgb_source, &copy_target)?,
        render_texture: between(&srgb_source, &render_target)?,
        buffer_to_storage: into(&storage_target)?,
        buffer_to_render: into(&render_target)?,
        texture_to_buffer: names(resizer.texture_to_buffer_kernels(
            &spec,
            &TextureImage::first(&source),
            output.slice(..),
            path,
        )?),
    };
    Ok(TextureResult {
        shape: shape.with_element(ElementType::U8),
        buffer_us,
        storage_texture_us,
        copy_texture_us,
        render_texture_us,
        buffer_to_storage_us,
        buffer_to_render_us,
        texture_to_buffer_us,
        path,
        storage_route_path: storage_route.path,
        storage_route_reason: storage_route.reason,
        iterations,
        kernels,
    })
}

/// Wall µs per resize of `iterations` recorded by `record` into one submission.
fn per_resize(
    resizer: &Resizer,
    iterations: u32,
    record: impl Fn(&mut wgpu::CommandEncoder) -> Result<(), ResizeError>,
) -> Result<f64, ResizeError> {
    let device = resizer.device();
    let run = || -> Result<f64, ResizeError> {
        let mut encoder = device.create_command_encoder(&Default::default());
        for _ in 0..iterations {
            record(&mut encoder)?;
        }
        let start = std::time::Instant::now();
        resizer.queue().submit([encoder.finish()]);
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| ResizeError::Gpu(e.to_string()))?;
        Ok(start.elapsed().as_secs_f64() * 1e6 / iterations as f64)
    };
    run()?;
    let mut samples = (0..5).map(|_| run()).collect::<Result<Vec<_>, _>>()?;
    samples.sort_by(f64::total_cmp);
    Ok(samples[2])
}
