//! The `wgresize bench` suite: fixed shapes, every path timed on the device in hand and checked
//! against the CPU reference.

use serde::Serialize;
use wgpu::util::DeviceExt;

use crate::error::ResizeError;
use crate::gpu::Resizer;
use crate::plan::Path;
use crate::readback::{compare, read_buffer};
use crate::reference;
use crate::spec::{ResizeSpec, Size2};
use crate::timing::{TimingMethod, time_interleaved};

/// One benchmark shape: `n × h × w × c` f32 NHWC, half-pixel bilinear, to `out_h × out_w`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchShape {
    /// Images.
    pub n: u32,
    /// Input height.
    pub h: u32,
    /// Input width.
    pub w: u32,
    /// Channels.
    pub c: u32,
    /// Scale factor (both axes).
    pub scale: f64,
}

impl BenchShape {
    /// The output size: `round(in · scale)`.
    pub fn output(&self) -> Size2 {
        let scaled = |len: u32| ((len as f64 * self.scale).round() as u32).max(1);
        Size2::new(scaled(self.h), scaled(self.w))
    }

    /// The bilinear spec of this shape.
    pub fn spec(&self) -> Result<ResizeSpec, crate::SpecError> {
        ResizeSpec::builder(Size2::new(self.h, self.w), self.output())
            .batch(self.n)
            .channels(self.c)
            .build()
    }

    /// `"1x192x320x4 x4"`.
    pub fn label(&self) -> String {
        format!(
            "{}x{}x{}x{} x{}",
            self.n, self.h, self.w, self.c, self.scale
        )
    }
}

/// The six shapes of the standard suite.
pub const SHAPES: [BenchShape; 6] = [
    BenchShape {
        n: 1,
        h: 192,
        w: 320,
        c: 4,
        scale: 4.0,
    },
    BenchShape {
        n: 1,
        h: 384,
        w: 640,
        c: 4,
        scale: 2.0,
    },
    BenchShape {
        n: 1,
        h: 768,
        w: 1280,
        c: 4,
        scale: 0.25,
    },
    BenchShape {
        n: 1,
        h: 768,
        w: 1280,
        c: 4,
        scale: 0.5,
    },
    BenchShape {
        n: 1,
        h: 1080,
        w: 1920,
        c: 4,
        scale: 2.0,
    },
    BenchShape {
        n: 1,
        h: 2160,
        w: 3840,
        c: 4,
        scale: 0.5,
    },
];

/// One timed path on one shape, as `--json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct BenchResult {
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
    /// `"gather"`, `"separable"` or `"auto"`.
    pub path: String,
    /// For `"auto"`: the concrete path it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chosen: Option<String>,
    /// Median time, µs.
    pub median_us: f64,
    /// Samples taken.
    pub samples: usize,
    /// Bytes that must move: input read once plus output written once.
    pub bytes: u64,
    /// Largest absolute difference from the CPU reference.
    pub max_abs_error: f64,
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
    let spec = shape.spec()?;
    let device = resizer.device();
    let input: Vec<f32> = (0..spec.input_len())
        .map(|i| ((i as u64).wrapping_mul(2654435761) % 2001) as f32 / 1000.0 - 1.0)
        .collect();
    let input_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("bench input"),
        contents: bytemuck::cast_slice(&input),
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
    let expected = reference::resize(&spec, &input)?;
    let out = spec.output();
    // Correctness first: each path once into a poisoned output, read back and compared.
    let mut checked = Vec::new();
    for &path in paths {
        progress(&format!("{} {} check", shape.label(), path));
        // The automatic choice is measured (or read from the tuning cache) before it runs.
        let chosen = match path {
            Path::Auto => Some(resizer.plan(&spec, path)?.path.name().to_string()),
            _ => None,
        };
        let poison = vec![f32::NAN; spec.output_len()];
        resizer
            .queue()
            .write_buffer(&output_buffer, 0, bytemuck::cast_slice(&poison));
        let mut encoder = device.create_command_encoder(&Default::default());
        resizer.encode(&mut encoder, &spec, &input_buffer, &output_buffer, path)?;
        resizer.queue().submit([encoder.finish()]);
        let got: Vec<f32> = read_buffer(
            device,
            resizer.queue(),
            &output_buffer,
            0..spec.output_bytes(),
        )?;
        checked.push((chosen, compare(&got, &expected).max_abs));
    }
    progress(&format!("{} timing", shape.label()));
    let timings = time_interleaved(
        resizer,
        &spec,
        paths,
        &input_buffer,
        &output_buffer,
        method,
        settings.budget_seconds * paths.len() as f64,
        settings.rounds,
    );
    let mut results = Vec::new();
    for ((&path, (chosen, max_abs_error)), timing) in paths.iter().zip(checked).zip(timings) {
        let samples = timing?;
        results.push(BenchResult {
            n: shape.n,
            h: shape.h,
            w: shape.w,
            c: shape.c,
            out_h: out.height,
            out_w: out.width,
            path: path.name().into(),
            chosen,
            median_us: samples.median(),
            samples: samples.micros.len(),
            bytes: spec.input_bytes() + spec.output_bytes(),
            max_abs_error,
        });
    }
    Ok(results)
}

/// Filters of the path-choice sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SweepFilter {
    /// Half-pixel bilinear.
    Bilinear,
    /// PyTorch's bicubic (`a = -0.75`).
    Bicubic,
    /// Pillow's antialiased 3-lobe lanczos.
    Lanczos3Antialias,
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
    pub filter: SweepFilter,
}

impl SweepCase {
    /// The spec: one image of 4 f32 channels, NHWC.
    pub fn spec(&self) -> Result<ResizeSpec, crate::SpecError> {
        let shape = BenchShape {
            n: 1,
            h: self.h,
            w: self.w,
            c: 4,
            scale: self.scale,
        };
        let out = shape.output();
        let input = Size2::new(self.h, self.w);
        let builder = match self.filter {
            SweepFilter::Bilinear => ResizeSpec::builder(input, out),
            SweepFilter::Bicubic => crate::presets::torch(
                input,
                crate::presets::TorchOutput::Size(out),
                crate::presets::TorchMode::Bicubic,
                false,
                false,
            )?,
            SweepFilter::Lanczos3Antialias => {
                crate::presets::pillow(input, out, crate::presets::PillowFilter::Lanczos)
            }
        };
        builder.channels(4).build()
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
        SweepFilter::Bilinear,
        SweepFilter::Bicubic,
        SweepFilter::Lanczos3Antialias,
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
    /// See `gather_us`.
    pub auto_us: f64,
    /// `auto_us` over the faster concrete path.
    pub auto_over_fastest: f64,
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
    let device = resizer.device();
    let buffer = |size| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("sweep"),
            size,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        })
    };
    let (input, output) = (buffer(spec.input_bytes()), buffer(spec.output_bytes()));
    let plan = resizer.plan(&spec, Path::Auto)?;
    let paths = [Path::Gather, Path::Separable, Path::Auto];
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
    let mut medians = [0.0; 3];
    for (median, timing) in medians.iter_mut().zip(times) {
        *median = timing?.median();
    }
    let out = spec.output();
    Ok(SweepResult {
        case: *case,
        out_h: out.height,
        out_w: out.width,
        chosen: plan.path.name().into(),
        source: plan.source.name().into(),
        gather_us: medians[0],
        separable_us: medians[1],
        auto_us: medians[2],
        auto_over_fastest: medians[2] / medians[0].min(medians[1]),
    })
}
