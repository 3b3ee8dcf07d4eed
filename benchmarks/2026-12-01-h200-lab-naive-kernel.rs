//! Lab: a plain one-invocation-per-pixel bilinear gather (coordinates computed, vec4 loads)
//! against the library's gather, same process, alternating rounds.
use std::time::Instant;

use wgpu::util::DeviceExt;
use wgpu_resize::bench::BenchShape;
use wgpu_resize::timing::{TimingMethod, median, serial_intervals, time_resize};
use wgpu_resize::{GpuContext, Path, Resizer, read_buffer};

const NAIVE: &str = r#"
struct P { in_w: u32, in_h: u32, out_w: u32, out_h: u32, sx: f32, sy: f32, pad0: u32, pad1: u32 }
@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;
@group(0) @binding(2) var<uniform> p: P;
override GX: u32 = 64u;
override GY: u32 = 4u;
override FLAT: bool = false;
@compute @workgroup_size(GX, GY, 1)
fn main(@builtin(global_invocation_id) g: vec3<u32>, @builtin(num_workgroups) nw: vec3<u32>) {
    var x = g.x;
    var y = g.y;
    if FLAT {
        let i = g.x + g.y * nw.x * GX;
        x = i % p.out_w;
        y = i / p.out_w;
    }
    if x >= p.out_w || y >= p.out_h { return; }
    let fy = max((f32(y) + 0.5) * p.sy - 0.5, 0.0);
    let fx = max((f32(x) + 0.5) * p.sx - 0.5, 0.0);
    let y0 = min(u32(fy), p.in_h - 1u);
    let x0 = min(u32(fx), p.in_w - 1u);
    let y1 = min(y0 + 1u, p.in_h - 1u);
    let x1 = min(x0 + 1u, p.in_w - 1u);
    let ly = fy - f32(y0);
    let lx = fx - f32(x0);
    let a = src[y0 * p.in_w + x0];
    let b = src[y0 * p.in_w + x1];
    let c = src[y1 * p.in_w + x0];
    let d = src[y1 * p.in_w + x1];
    let top = (1.0 - lx) * a + lx * b;
    let bot = (1.0 - lx) * c + lx * d;
    dst[y * p.out_w + x] = (1.0 - ly) * top + ly * bot;
}
"#;

struct Naive {
    pipeline: wgpu::ComputePipeline,
    bind: wgpu::BindGroup,
    groups: (u32, u32),
}

fn naive(
    device: &wgpu::Device,
    module: &wgpu::ShaderModule,
    (ih, iw, oh, ow): (u32, u32, u32, u32),
    input: &wgpu::Buffer,
    output: &wgpu::Buffer,
    (gx, gy, flat): (u32, u32, bool),
) -> Naive {
    let constants = [
        ("GX", gx as f64),
        ("GY", gy as f64),
        ("FLAT", if flat { 1.0 } else { 0.0 }),
    ];
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("naive"),
        layout: None,
        module,
        entry_point: Some("main"),
        compilation_options: wgpu::PipelineCompilationOptions {
            constants: &constants,
            ..Default::default()
        },
        cache: None,
    });
    let params: [u32; 8] = [
        iw,
        ih,
        ow,
        oh,
        (iw as f32 / ow as f32).to_bits(),
        (ih as f32 / oh as f32).to_bits(),
        0,
        0,
    ];
    let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("naive params"),
        contents: bytemuck::cast_slice(&params),
        usage: wgpu::BufferUsages::UNIFORM,
    });
    let bind = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: input.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: output.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 2,
                resource: uniform.as_entire_binding(),
            },
        ],
    });
    let groups = if flat {
        let total = (ow * oh).div_ceil(gx * gy);
        (total.min(65535), total.div_ceil(65535))
    } else {
        (ow.div_ceil(gx), oh.div_ceil(gy))
    };
    // flat: x groups * GX lanes per row of the grid; y rows of groups of GY... use GY = 1 there.
    Naive {
        pipeline,
        bind,
        groups,
    }
}

fn time_naive(device: &wgpu::Device, queue: &wgpu::Queue, k: &Naive, count: usize) -> Vec<f64> {
    let dispatch = |encoder: &mut wgpu::CommandEncoder, ts: Option<(&wgpu::QuerySet, u32)>| {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: None,
            timestamp_writes: ts.map(|(q, b)| wgpu::ComputePassTimestampWrites {
                query_set: q,
                beginning_of_pass_write_index: Some(b),
                end_of_pass_write_index: Some(b + 1),
            }),
        });
        pass.set_pipeline(&k.pipeline);
        pass.set_bind_group(0, &k.bind, &[]);
        pass.dispatch_workgroups(k.groups.0, k.groups.1, 1);
    };
    let pre = Instant::now();
    loop {
        let mut e = device.create_command_encoder(&Default::default());
        for _ in 0..count {
            dispatch(&mut e, None);
        }
        queue.submit([e.finish()]);
        if pre.elapsed().as_secs_f64() >= 0.03 {
            break;
        }
        device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    }
    let q = count as u32 * 2;
    let qs = device.create_query_set(&wgpu::QuerySetDescriptor {
        label: None,
        ty: wgpu::QueryType::Timestamp,
        count: q,
    });
    let resolve = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: q as u64 * 8,
        usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let mut e = device.create_command_encoder(&Default::default());
    for i in 0..count as u32 {
        dispatch(&mut e, Some((&qs, 2 * i)));
    }
    e.resolve_query_set(&qs, 0..q, &resolve, 0);
    queue.submit([e.finish()]);
    let ticks: Vec<u64> = read_buffer(device, queue, &resolve, 0..q as u64 * 8).unwrap();
    serial_intervals(&ticks, queue.get_timestamp_period() as f64)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("naive lab on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("naive"),
        source: wgpu::ShaderSource::Wgsl(NAIVE.into()),
    });
    let shapes = [
        (192, 320, 768, 1280),
        (384, 640, 768, 1280),
        (768, 1280, 192, 320),
        (768, 1280, 384, 640),
        (1080, 1920, 2160, 3840),
        (2160, 3840, 1080, 1920),
    ];
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    for (ih, iw, oh, ow) in shapes {
        let shape = BenchShape::scaled(1, ih, iw, 4, 1.0).to(oh, ow);
        let spec = shape.spec()?;
        let data: Vec<f32> = (0..spec.input_len())
            .map(|i| ((i * 2654435761usize) % 1000) as f32 / 999.0)
            .collect();
        let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: bytemuck::cast_slice(&data),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        });
        let out = |label| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: spec.output_bytes(),
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            })
        };
        let (lib_out, naive_out) = (out("lib"), out("naive"));
        let variants = [(64, 4, false), (256, 1, true), (16, 16, false)];
        let kernels: Vec<Naive> = variants
            .iter()
            .map(|&v| naive(device, &module, (ih, iw, oh, ow), &input, &naive_out, v))
            .collect();
        // Correctness: the naive output against the library's.
        let mut e = device.create_command_encoder(&Default::default());
        resizer.encode(&mut e, &spec, &input, &lib_out, Path::Gather)?;
        queue.submit([e.finish()]);
        let lib: Vec<f32> = read_buffer(device, queue, &lib_out, 0..spec.output_bytes())?;
        let mut worst = Vec::new();
        for k in &kernels {
            time_naive(device, queue, k, 2);
            let got: Vec<f32> = read_buffer(device, queue, &naive_out, 0..spec.output_bytes())?;
            let d = lib
                .iter()
                .zip(&got)
                .map(|(a, b)| (a - b).abs())
                .fold(0f32, f32::max);
            worst.push(d);
        }
        let mut lib_t = Vec::new();
        let mut naive_t: Vec<Vec<f64>> = vec![Vec::new(); kernels.len()];
        for _ in 0..rounds {
            let s = time_resize(
                &resizer,
                &spec,
                Path::Gather,
                &input,
                &lib_out,
                TimingMethod::Timestamp,
                0.2,
                (20, 100),
            )?;
            lib_t.push(s.median());
            for (k, kern) in kernels.iter().enumerate() {
                naive_t[k].push(median(&time_naive(device, queue, kern, 100)));
            }
        }
        let f = |v: &[f64]| {
            v.iter()
                .map(|x| format!("{x:.1}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!(
            "{ih}x{iw} -> {oh}x{ow}: library gather {} | naive 64x4 {} | flat 256 {} | 16x16 {} | max diff {:?}",
            f(&lib_t),
            f(&naive_t[0]),
            f(&naive_t[1]),
            f(&naive_t[2]),
            worst
        );
    }
    Ok(())
}
