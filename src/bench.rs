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
use crate::timing::{TimingMethod, time_resize};

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
    /// Fewest and most samples per path and shape.
    pub samples: (usize, usize),
}

impl BenchSettings {
    /// Full run: enough samples for a stable median on a GPU, few on a software rasteriser.
    pub const FULL: BenchSettings = BenchSettings {
        budget_seconds: 0.5,
        samples: (3, 200),
    };
    /// `--quick`: a smoke run.
    pub const QUICK: BenchSettings = BenchSettings {
        budget_seconds: 0.05,
        samples: (1, 20),
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
    let mut results = Vec::new();
    for &path in paths {
        progress(&format!("{} {}", shape.label(), path));
        // The automatic choice is measured (or read from the tuning cache) before it is timed.
        let chosen = match path {
            Path::Auto => Some(resizer.plan(&spec, path)?.path.name().to_string()),
            _ => None,
        };
        // Poison the output so that a path which writes nothing cannot pass on another's result.
        let poison = vec![f32::NAN; spec.output_len()];
        resizer
            .queue()
            .write_buffer(&output_buffer, 0, bytemuck::cast_slice(&poison));
        let samples = time_resize(
            resizer,
            &spec,
            path,
            &input_buffer,
            &output_buffer,
            method,
            settings.budget_seconds,
            settings.samples,
        )?;
        let got: Vec<f32> = read_buffer(
            device,
            resizer.queue(),
            &output_buffer,
            0..spec.output_bytes(),
        )?;
        let out = spec.output();
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
            max_abs_error: compare(&got, &expected).max_abs,
        });
    }
    Ok(results)
}
