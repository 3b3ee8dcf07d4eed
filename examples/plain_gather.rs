//! The baseline the performance targets were set against: a plain bilinear gather in WGSL, one
//! invocation per output pixel, coordinates computed from the pixel's position, vector loads,
//! no tuning. It runs on the six bilinear shapes of `wgresize bench` beside the library's gather
//! (the path `auto` takes on all six), timed the same way in the same process
//! ([`time_recorded`] and [`time_resize`]: one pre-roll, GPU timestamps, medians) in alternating
//! rounds, and its outputs are checked against the library's.
//!
//! `cargo run --release --example plain_gather -- [--rounds 3] [--json FILE]`
//! (`scripts/gpu-bench.sh` runs it on the GPU machine; a software adapter gives times that say
//! nothing about a GPU). Exits non-zero if an output differs from the library's by more than
//! 1e-5 or the device has no timestamp queries.

use clap::Parser;
use wgpu::util::DeviceExt;
use wgpu_resize::bench::standard_shapes;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::timing::{Samples, TimingMethod, time_recorded, time_resize};
use wgpu_resize::{GpuContext, Path, ResizeError, Resizer, compare, read_buffer};

/// The plain kernel: half-pixel centres clamped at 0, two taps per axis clamped to the last
/// pixel, as PyTorch's bilinear `F.interpolate` without `align_corners`.
const PLAIN_GATHER: &str = r#"
struct Sizes { in_w: u32, in_h: u32, out_w: u32, out_h: u32, scale_x: f32, scale_y: f32 }
@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;
@group(0) @binding(2) var<uniform> sizes: Sizes;

@compute @workgroup_size(64, 4, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let s = sizes;
    if id.x >= s.out_w || id.y >= s.out_h { return; }
    let fx = max((f32(id.x) + 0.5) * s.scale_x - 0.5, 0.0);
    let fy = max((f32(id.y) + 0.5) * s.scale_y - 0.5, 0.0);
    let x0 = min(u32(fx), s.in_w - 1u);
    let y0 = min(u32(fy), s.in_h - 1u);
    let x1 = min(x0 + 1u, s.in_w - 1u);
    let y1 = min(y0 + 1u, s.in_h - 1u);
    let lx = fx - f32(x0);
    let ly = fy - f32(y0);
    let top = (1.0 - lx) * src[y0 * s.in_w + x0] + lx * src[y0 * s.in_w + x1];
    let bottom = (1.0 - lx) * src[y1 * s.in_w + x0] + lx * src[y1 * s.in_w + x1];
    dst[id.y * s.out_w + id.x] = (1.0 - ly) * top + ly * bottom;
}
"#;

#[derive(Parser)]
struct Args {
    /// Alternating rounds of the library and the plain kernel per shape.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Also write the medians as JSON to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
}

/// One shape's medians, µs, one per round.
#[derive(serde::Serialize)]
struct Row {
    shape: String,
    library_gather_us: Vec<f64>,
    plain_kernel_us: Vec<f64>,
    largest_difference: f64,
}

/// The plain kernel's pipeline and bindings for one shape.
struct PlainKernel {
    pipeline: wgpu::ComputePipeline,
    bindings: wgpu::BindGroup,
    workgroups: (u32, u32),
}

impl PlainKernel {
    fn new(
        device: &wgpu::Device,
        module: &wgpu::ShaderModule,
        (in_h, in_w, out_h, out_w): (u32, u32, u32, u32),
        input: &wgpu::Buffer,
        output: &wgpu::Buffer,
    ) -> Self {
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("plain gather"),
            layout: None,
            module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        // Six four-byte fields, padded to the 16-byte multiple a uniform block needs.
        let sizes: [u32; 8] = [
            in_w,
            in_h,
            out_w,
            out_h,
            (in_w as f32 / out_w as f32).to_bits(),
            (in_h as f32 / out_h as f32).to_bits(),
            0,
            0,
        ];
        let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("plain gather sizes"),
            contents: bytemuck::cast_slice(&sizes),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let resources = [
            input.as_entire_binding(),
            output.as_entire_binding(),
            uniform.as_entire_binding(),
        ];
        let entries: Vec<wgpu::BindGroupEntry> = resources
            .into_iter()
            .enumerate()
            .map(|(binding, resource)| wgpu::BindGroupEntry {
                binding: binding as u32,
                resource,
            })
            .collect();
        let bindings = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("plain gather"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &entries,
        });
        PlainKernel {
            pipeline,
            bindings,
            workgroups: (out_w.div_ceil(64), out_h.div_ceil(4)),
        }
    }

    fn record(&self, encoder: &mut wgpu::CommandEncoder, slots: Option<TimestampSlots<'_>>) {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("plain gather"),
            timestamp_writes: slots.map(TimestampSlots::whole_pass),
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bindings, &[]);
        pass.dispatch_workgroups(self.workgroups.0, self.workgroups.1, 1);
    }
}

/// Runs the example; an error is printed as its message, not its `Debug` form.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plain_gather: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    if TimingMethod::for_device(device) != TimingMethod::Timestamp {
        return Err("this device has no timestamp queries".into());
    }
    println!("plain gather against the library on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("plain gather"),
        source: wgpu::ShaderSource::Wgsl(PLAIN_GATHER.into()),
    });
    let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC;
    let mut rows = Vec::new();
    for shape in standard_shapes() {
        let spec = shape.spec()?;
        let (input_size, output_size) = (spec.input(), spec.output());
        let pixels: Vec<f32> = (0..spec.input_len())
            .map(|i| (i.wrapping_mul(2_654_435_761) % 1000) as f32 / 999.0)
            .collect();
        let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("plain gather input"),
            contents: bytemuck::cast_slice(&pixels),
            usage: storage,
        });
        let output = |label| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: spec.output_bytes(),
                usage: storage,
                mapped_at_creation: false,
            })
        };
        let (library_output, plain_output) = (output("library output"), output("plain output"));
        let plain = PlainKernel::new(
            device,
            &module,
            (
                input_size.height,
                input_size.width,
                output_size.height,
                output_size.width,
            ),
            &input,
            &plain_output,
        );
        let time_plain = || -> Result<Samples, ResizeError> {
            time_recorded(
                device,
                queue,
                TimingMethod::Timestamp,
                0.2,
                (20, 100),
                |encoder, slots| {
                    plain.record(encoder, slots);
                    Ok(())
                },
            )
        };
        let time_library = || {
            time_resize(
                &resizer,
                &spec,
                Path::Gather,
                &input,
                &library_output,
                TimingMethod::Timestamp,
                0.2,
                (20, 100),
            )
        };
        let (mut library_us, mut plain_us) = (Vec::new(), Vec::new());
        for _ in 0..args.rounds.max(1) {
            library_us.push(time_library()?.median());
            plain_us.push(time_plain()?.median());
        }
        let bytes = 0..spec.output_bytes();
        let library: Vec<f32> = read_buffer(device, queue, &library_output, bytes.clone())?;
        let plain: Vec<f32> = read_buffer(device, queue, &plain_output, bytes)?;
        // NaN on one side only counts as an infinite difference.
        let largest_difference = compare(&plain, &library).max_abs;
        let list = |v: &[f64]| {
            v.iter()
                .map(|t| format!("{t:.1}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!(
            "{}: library gather {} µs | plain kernel {} µs | largest difference {largest_difference:.1e}",
            shape.label(),
            list(&library_us),
            list(&plain_us)
        );
        rows.push(Row {
            shape: shape.label(),
            library_gather_us: library_us,
            plain_kernel_us: plain_us,
            largest_difference,
        });
    }
    if let Some(path) = args.json {
        std::fs::write(path, serde_json::to_string_pretty(&rows)?)?;
    }
    if let Some(row) = rows.iter().find(|r| r.largest_difference > 1e-5) {
        return Err(format!(
            "{}: the outputs differ by {}",
            row.shape, row.largest_difference
        )
        .into());
    }
    Ok(())
}
