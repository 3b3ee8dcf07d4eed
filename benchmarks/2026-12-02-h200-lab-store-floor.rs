//! Lab (tuning log item 125): what writing a buffer takes through wgpu on this device, apart
//! from any resize. Store-only kernels of several forms, `clear_buffer` and a buffer copy, on the
//! output sizes of the targets whose stores alone exceed them, timed as the library times a
//! resize ([`time_recorded`]: pre-roll, GPU timestamps, medians).
//!
//! Built as `examples/lab_store_floor.rs` (copied there from `benchmarks/`):
//! `cargo run --release --example lab_store_floor -- [--rounds 3]`

use clap::Parser;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::timing::{TimingMethod, time_recorded};
use wgpu_resize::{GpuContext, read_buffer};

#[derive(Parser)]
struct Args {
    /// Rounds of every variant per size.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
}

/// A store-only kernel: `per_invocation` vec4 stores per invocation, `workgroup` invocations a
/// workgroup, consecutive lanes on consecutive vec4s; or, with `grid`, that many workgroups
/// striding over the buffer.
struct StoreKernel {
    label: String,
    pipeline: wgpu::ComputePipeline,
    bindings: wgpu::BindGroup,
    workgroups: (u32, u32),
}

const ROW_WORKGROUPS: u32 = 4096;

impl StoreKernel {
    fn new(
        device: &wgpu::Device,
        output: &wgpu::Buffer,
        vec4s: u32,
        workgroup: u32,
        per_invocation: u32,
        grid: Option<u32>,
    ) -> Self {
        let source = match grid {
            None => format!(
                r#"
@group(0) @binding(0) var<storage, read_write> dst: array<vec4<f32>>;
@compute @workgroup_size({workgroup})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) l: u32) {{
    let block = wg.y * {ROW_WORKGROUPS}u + wg.x;
    let base = block * {workgroup}u * {per_invocation}u + l;
    for (var j = 0u; j < {per_invocation}u; j++) {{
        let i = base + j * {workgroup}u;
        if i < {vec4s}u {{ dst[i] = vec4<f32>(f32(i)); }}
    }}
}}"#
            ),
            Some(groups) => format!(
                r#"
@group(0) @binding(0) var<storage, read_write> dst: array<vec4<f32>>;
@compute @workgroup_size({workgroup})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) l: u32) {{
    for (var i = wg.x * {workgroup}u + l; i < {vec4s}u; i += {groups}u * {workgroup}u) {{
        dst[i] = vec4<f32>(f32(i));
    }}
}}"#
            ),
        };
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("store only"),
            source: wgpu::ShaderSource::Wgsl(source.into()),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("store only"),
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let bindings = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("store only"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: output.as_entire_binding(),
            }],
        });
        let (workgroups, label) = match grid {
            None => {
                let blocks = vec4s.div_ceil(workgroup * per_invocation);
                (
                    (blocks.min(ROW_WORKGROUPS), blocks.div_ceil(ROW_WORKGROUPS)),
                    format!("store wg{workgroup} x{per_invocation}"),
                )
            }
            Some(groups) => ((groups, 1), format!("store wg{workgroup} grid{groups}")),
        };
        StoreKernel {
            label,
            pipeline,
            bindings,
            workgroups,
        }
    }

    fn record(&self, encoder: &mut wgpu::CommandEncoder, slots: Option<TimestampSlots<'_>>) {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("store only"),
            timestamp_writes: slots.map(TimestampSlots::whole_pass),
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bindings, &[]);
        pass.dispatch_workgroups(self.workgroups.0, self.workgroups.1, 1);
    }

    /// `count` dispatches back to back: in one compute pass (`one_pass`), or a pass each, the
    /// first pass's beginning and the last's end timestamped.
    fn record_many(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        slots: Option<TimestampSlots<'_>>,
        count: u32,
        one_pass: bool,
    ) {
        let passes = if one_pass { 1 } else { count };
        for p in 0..passes {
            let timed = p == 0 || p == passes - 1;
            let writes = slots
                .filter(|_| timed)
                .map(|s| wgpu::ComputePassTimestampWrites {
                    query_set: s.query_set,
                    beginning_of_pass_write_index: (p == 0).then_some(s.begin),
                    end_of_pass_write_index: (p == passes - 1).then_some(s.begin + 1),
                });
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("store only"),
                timestamp_writes: writes,
            });
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &self.bindings, &[]);
            for _ in 0..count / passes {
                pass.dispatch_workgroups(self.workgroups.0, self.workgroups.1, 1);
            }
        }
    }
}

/// Records `between` bracketed by two empty compute passes that hold the beginning and end
/// timestamps, so that transfer commands are timed on the same clock as the kernels.
fn bracketed(
    encoder: &mut wgpu::CommandEncoder,
    slots: Option<TimestampSlots<'_>>,
    between: impl FnOnce(&mut wgpu::CommandEncoder),
) {
    let writes = |begin: bool| {
        slots.map(|s| wgpu::ComputePassTimestampWrites {
            query_set: s.query_set,
            beginning_of_pass_write_index: begin.then_some(s.begin),
            end_of_pass_write_index: (!begin).then_some(s.begin + 1),
        })
    };
    drop(encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
        label: Some("begin"),
        timestamp_writes: writes(true),
    }));
    between(encoder);
    drop(encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
        label: Some("end"),
        timestamp_writes: writes(false),
    }));
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    if TimingMethod::for_device(device) != TimingMethod::Timestamp {
        return Err("this device has no timestamp queries".into());
    }
    println!("store floor on {}", context.describe());
    // The seeds' enlarged output (768x1280 RGBA f32), u8 1080p x2's and f32 1080p x2's.
    let sizes: [(&str, u64); 3] = [
        ("768x1280x4 f32 (seed x4/x2 output)", 768 * 1280 * 16),
        ("2160x3840x4 u8 (u8 1080p x2 output)", 2160 * 3840 * 4),
        ("2160x3840x4 f32 (f32 1080p x2 output)", 2160 * 3840 * 16),
    ];
    let usage =
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    for (name, bytes) in sizes {
        let buffer = |label| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: bytes,
                usage,
                mapped_at_creation: false,
            })
        };
        let (output, source) = (buffer("output"), buffer("copy source"));
        let vec4s = (bytes / 16) as u32;
        let mut kernels = Vec::new();
        for workgroup in [64, 256, 1024] {
            for per_invocation in [1, 2, 4, 8] {
                kernels.push(StoreKernel::new(
                    device,
                    &output,
                    vec4s,
                    workgroup,
                    per_invocation,
                    None,
                ));
            }
        }
        for groups in [132, 264, 528, 1056, 2112] {
            kernels.push(StoreKernel::new(
                device,
                &output,
                vec4s,
                256,
                1,
                Some(groups),
            ));
        }
        let time = |record: &mut dyn FnMut(
            &mut wgpu::CommandEncoder,
            Option<TimestampSlots<'_>>,
        )|
         -> Result<f64, Box<dyn std::error::Error>> {
            Ok(time_recorded(
                device,
                queue,
                TimingMethod::Timestamp,
                0.2,
                (20, 100),
                |encoder, slots| {
                    record(encoder, slots);
                    Ok(())
                },
            )?
            .median())
        };
        // Every kernel must write every vec4 (its own index), or its time says nothing.
        for kernel in &kernels {
            let mut encoder = device.create_command_encoder(&Default::default());
            encoder.clear_buffer(&output, 0, None);
            kernel.record(&mut encoder, None);
            queue.submit([encoder.finish()]);
            let written: Vec<f32> = read_buffer(device, queue, &output, 0..bytes)?;
            if let Some(i) = (0..vec4s as usize).find(|&i| written[4 * i] != i as f32) {
                return Err(format!("{}: vec4 {i} not written", kernel.label).into());
            }
        }
        for round in 1..=args.rounds.max(1) {
            let mut line = Vec::new();
            for kernel in &kernels {
                let us = time(&mut |e, s| kernel.record(e, s))?;
                line.push(format!("{} {us:.1}", kernel.label));
            }
            let empty = time(&mut |e, s| bracketed(e, s, |_| {}))?;
            let clear = time(&mut |e, s| bracketed(e, s, |e| e.clear_buffer(&output, 0, None)))?;
            let copy = time(&mut |e, s| {
                bracketed(e, s, |e| {
                    e.copy_buffer_to_buffer(&source, 0, &output, 0, bytes)
                })
            })?;
            // wg256 x1, the fastest form above, 50 times in one submission: the time per store.
            let many = &kernels[4];
            for one_pass in [true, false] {
                let us = time(&mut |e, s| many.record_many(e, s, 50, one_pass))? / 50.0;
                let form = if one_pass {
                    "in one pass"
                } else {
                    "a pass each"
                };
                line.push(format!("{} x50 {form}, each {us:.1}", many.label));
            }
            line.push(format!("two empty passes {empty:.1}"));
            line.push(format!("clear_buffer {clear:.1}"));
            line.push(format!("copy {copy:.1}"));
            println!("round {round} | {name} | {}", line.join(" | "));
        }
    }
    Ok(())
}
