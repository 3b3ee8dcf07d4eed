//! Lab (tuning log item 181): what reading a 4K RGBA f32 frame (132.7 MB) takes through wgpu on
//! this device, apart from any resize: the bound under the antialiased 4K shrinks, whose outputs
//! are small. Read-only kernels of several forms, timed as the library times a resize
//! ([`time_recorded`]: pre-roll, GPU timestamps, medians). Each invocation sums what it reads
//! and stores only where the sum is not what an input of ones gives, so the loads cannot be
//! compiled away; a kernel whose sums came out wrong would have written the flag buffer, which
//! the lab checks after each form's first run.
//!
//! Built as `examples/lab_read_floor.rs` (copied there from `benchmarks/`):
//! `cargo run --release --example lab_read_floor -- [--rounds 3]`

use clap::Parser;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::timing::{TimingMethod, time_recorded};
use wgpu_resize::{GpuContext, read_buffer};

#[derive(Parser)]
struct Args {
    /// Rounds of every form.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
}

const ROWS: u32 = 2160;
const COLUMNS: u32 = 3840;
const ROW_WORKGROUPS: u32 = 4096;

/// How a read-only kernel walks the frame.
#[derive(Clone, Copy)]
enum Form {
    /// `per_invocation` vec4s an invocation, a workgroup's lanes on consecutive vec4s.
    Linear { workgroup: u32, per_invocation: u32 },
    /// `groups` workgroups of 256 striding over the frame.
    Grid { groups: u32 },
    /// One invocation per column and block of `rows` rows, down the column (a streamed
    /// vertical pass's order), workgroups of 64 neighbouring columns.
    Columns { rows: u32 },
}

impl Form {
    fn label(self) -> String {
        match self {
            Form::Linear {
                workgroup,
                per_invocation,
            } => format!("linear wg{workgroup} x{per_invocation}"),
            Form::Grid { groups } => format!("grid {groups}x256"),
            Form::Columns { rows } => format!("columns of {rows} rows"),
        }
    }

    /// WGSL of the form, and its grid.
    fn source(self) -> (String, (u32, u32)) {
        let vec4s = ROWS * COLUMNS;
        let head = "@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;\n\
                    @group(0) @binding(1) var<storage, read_write> flag: array<vec4<f32>>;\n";
        match self {
            Form::Linear {
                workgroup,
                per_invocation,
            } => {
                let blocks = vec4s.div_ceil(workgroup * per_invocation);
                let body = format!(
                    r#"
@compute @workgroup_size({workgroup})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) l: u32) {{
    let block = wg.y * {ROW_WORKGROUPS}u + wg.x;
    let base = block * {workgroup}u * {per_invocation}u + l;
    var acc = vec4<f32>(0.0);
    var count = 0.0;
    for (var j = 0u; j < {per_invocation}u; j++) {{
        let i = base + j * {workgroup}u;
        if i < {vec4s}u {{ acc += src[i]; count += 1.0; }}
    }}
    if any(acc != vec4<f32>(count)) {{ flag[0] = acc; }}
}}"#
                );
                (
                    format!("{head}{body}"),
                    (blocks.min(ROW_WORKGROUPS), blocks.div_ceil(ROW_WORKGROUPS)),
                )
            }
            Form::Grid { groups } => {
                let body = format!(
                    r#"
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) l: u32) {{
    var acc = vec4<f32>(0.0);
    var count = 0.0;
    for (var i = wg.x * 256u + l; i < {vec4s}u; i += {groups}u * 256u) {{
        acc += src[i];
        count += 1.0;
    }}
    if any(acc != vec4<f32>(count)) {{ flag[0] = acc; }}
}}"#
                );
                (format!("{head}{body}"), (groups, 1))
            }
            Form::Columns { rows } => {
                let body = format!(
                    r#"
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
    let x = gid.x;
    let first = gid.y * {rows}u;
    let last = min(first + {rows}u, {ROWS}u);
    var acc = vec4<f32>(0.0);
    for (var r = first; r < last; r++) {{
        acc += src[r * {COLUMNS}u + x];
    }}
    if any(acc != vec4<f32>(f32(last - first))) {{ flag[0] = acc; }}
}}"#
                );
                (
                    format!("{head}{body}"),
                    (COLUMNS / 64, ROWS.div_ceil(rows)),
                )
            }
        }
    }
}

struct ReadKernel {
    label: String,
    pipeline: wgpu::ComputePipeline,
    bindings: wgpu::BindGroup,
    workgroups: (u32, u32),
}

impl ReadKernel {
    fn new(device: &wgpu::Device, input: &wgpu::Buffer, flag: &wgpu::Buffer, form: Form) -> Self {
        let (source, workgroups) = form.source();
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("read only"),
            source: wgpu::ShaderSource::Wgsl(source.into()),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("read only"),
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let bindings = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("read only"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: input.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: flag.as_entire_binding(),
                },
            ],
        });
        ReadKernel {
            label: form.label(),
            pipeline,
            bindings,
            workgroups,
        }
    }

    fn record(&self, encoder: &mut wgpu::CommandEncoder, slots: Option<TimestampSlots<'_>>) {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("read only"),
            timestamp_writes: slots.map(TimestampSlots::whole_pass),
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bindings, &[]);
        pass.dispatch_workgroups(self.workgroups.0, self.workgroups.1, 1);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    if TimingMethod::for_device(device) != TimingMethod::Timestamp {
        return Err("this device has no timestamp queries".into());
    }
    println!("read floor on {}", context.describe());
    let bytes = ROWS as u64 * COLUMNS as u64 * 16;
    let input = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("frame of ones"),
        size: bytes,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(&input, 0, bytemuck::cast_slice(&vec![1.0f32; (bytes / 4) as usize]));
    let flag = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("flag"),
        size: 16,
        usage: wgpu::BufferUsages::STORAGE
            | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut forms = Vec::new();
    for workgroup in [256, 1024] {
        for per_invocation in [1, 2, 4, 8, 16] {
            forms.push(Form::Linear {
                workgroup,
                per_invocation,
            });
        }
    }
    for groups in [264, 528, 1056, 2112, 4224] {
        forms.push(Form::Grid { groups });
    }
    for rows in [4, 9, 39, 108] {
        forms.push(Form::Columns { rows });
    }
    let kernels: Vec<ReadKernel> = forms
        .into_iter()
        .map(|form| ReadKernel::new(device, &input, &flag, form))
        .collect();
    // Every form must have summed every vec4 it owns to the count of ones it read.
    for kernel in &kernels {
        let mut encoder = device.create_command_encoder(&Default::default());
        encoder.clear_buffer(&flag, 0, None);
        kernel.record(&mut encoder, None);
        queue.submit([encoder.finish()]);
        let written: Vec<f32> = read_buffer(device, queue, &flag, 0..16)?;
        if written.iter().any(|&v| v != 0.0) {
            return Err(format!("{}: wrong sums {written:?}", kernel.label).into());
        }
    }
    for round in 1..=args.rounds.max(1) {
        let mut line = Vec::new();
        for kernel in &kernels {
            let us = time_recorded(
                device,
                queue,
                TimingMethod::Timestamp,
                0.2,
                (20, 100),
                |encoder, slots| {
                    kernel.record(encoder, slots);
                    Ok(())
                },
            )?
            .median();
            line.push(format!("{} {us:.1}", kernel.label));
        }
        println!("round {round} | read 2160x3840x4 f32 (132.7 MB) | {}", line.join(" | "));
    }
    Ok(())
}
