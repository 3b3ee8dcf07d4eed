//! Lab (not kept): vertical passes where each invocation owns one column and K consecutive
//! output rows, loads the union of their bands (a window of W input rows) once, and adds each
//! loaded row to all K sums through a dense K x W weight matrix per group of rows (zeros outside
//! a row's band), so that every index is a constant once the loops unroll. Against the library's
//! gather and separable paths on the same y-only resize.
use wgpu::util::DeviceExt;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::timing::{TimingMethod, time_recorded, time_resize};
use wgpu_resize::{
    AxisWeights, Filter, GpuContext, Path, ResizeSpec, Resizer, Size2, compare, read_buffer,
};

fn source(rows: usize, window: usize) -> String {
    let mut s = String::new();
    s += "struct Sizes { in_w: u32, in_h: u32, groups: u32, out_h: u32 }\n";
    s += "@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;\n";
    s += "@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;\n";
    s += "@group(0) @binding(2) var<uniform> s: Sizes;\n";
    s += "@group(0) @binding(3) var<storage, read> starts: array<u32>;\n";
    s += "@group(0) @binding(4) var<storage, read> wts: array<f32>;\n";
    s += "override GX: u32 = 64u;\noverride GY: u32 = 4u;\n";
    s += "@compute @workgroup_size(GX, GY, 1)\n";
    s += "fn main(@builtin(global_invocation_id) gid: vec3<u32>) {\n";
    s += "  let x = gid.x;\n  let g = gid.y;\n";
    s += "  if x >= s.in_w || g >= s.groups { return; }\n";
    s += "  let r = starts[g] * s.in_w + x;\n";
    s += &format!("  let w = g * {};\n", rows * window);
    for k in 0..rows {
        s += &format!("  var a{k} = vec4<f32>(0.0);\n");
    }
    for i in 0..window {
        s += &format!("  let v{i} = src[r + {i}u * s.in_w];\n");
        for k in 0..rows {
            s += &format!("  a{k} += wts[w + {}u] * v{i};\n", k * window + i);
        }
    }
    for k in 0..rows {
        s += &format!(
            "  if g * {rows}u + {k}u < s.out_h {{ dst[(g * {rows}u + {k}u) * s.in_w + x] = a{k}; }}\n"
        );
    }
    s += "}\n";
    s
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("lab vertical window on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let big = std::env::var("LAB_SMALL").is_err();
    let (in_h, in_w) = if big { (2160u32, 3840u32) } else { (216, 384) };
    let storage =
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    for (name, filter, out_h) in [
        (
            "bicubic aa to 224 rows",
            Filter::Cubic { a: -0.5 },
            if big { 224u32 } else { 22 },
        ),
        (
            "lanczos3 aa to 224 rows",
            Filter::Lanczos { lobes: 3 },
            if big { 224 } else { 22 },
        ),
        (
            "bicubic aa to 1080 rows",
            Filter::Cubic { a: -0.5 },
            in_h / 2,
        ),
    ] {
        let spec = ResizeSpec::builder(Size2::new(in_h, in_w), Size2::new(out_h, in_w))
            .filter(filter)
            .antialias(true)
            .channels(4)
            .build()?;
        let (wy, _) = AxisWeights::for_spec(&spec);
        let taps = wy.taps() as usize;
        let pixels: Vec<f32> = (0..spec.input_len())
            .map(|i| (i.wrapping_mul(2_654_435_761) % 1000) as f32 / 999.0)
            .collect();
        let init = |contents: &[u8], usage| {
            device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents,
                usage,
            })
        };
        let input = init(bytemuck::cast_slice(&pixels), storage);
        let make = |size| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size,
                usage: storage,
                mapped_at_creation: false,
            })
        };
        let output = make(spec.output_bytes());
        let lab_output = make(spec.output_bytes());
        let mut kernels = Vec::new();
        for rows in [1usize, 2, 4, 8] {
            let n = out_h as usize;
            let groups = n.div_ceil(rows);
            let mut window = 0;
            for g in 0..groups {
                let last = (g * rows + rows - 1).min(n - 1);
                window = window.max(wy.start(last) as usize + taps - wy.start(g * rows) as usize);
            }
            let window = window.min(in_h as usize);
            let mut starts = vec![0u32; groups];
            let mut wts = vec![0f32; groups * rows * window];
            for g in 0..groups {
                let st = (wy.start(g * rows) as usize).min(in_h as usize - window);
                starts[g] = st as u32;
                for k in 0..rows {
                    let j = g * rows + k;
                    if j >= n {
                        continue;
                    }
                    for (t, w) in wy.row(j).iter().enumerate() {
                        if *w != 0.0 {
                            wts[(g * rows + k) * window + wy.start(j) as usize + t - st] +=
                                *w as f32;
                        }
                    }
                }
            }
            let sizes = init(
                bytemuck::cast_slice(&[in_w, in_h, groups as u32, out_h]),
                wgpu::BufferUsages::UNIFORM,
            );
            let bs = init(bytemuck::cast_slice(&starts), wgpu::BufferUsages::STORAGE);
            let bw = init(bytemuck::cast_slice(&wts), wgpu::BufferUsages::STORAGE);
            let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: None,
                source: wgpu::ShaderSource::Wgsl(source(rows, window).into()),
            });
            for (gx, gy) in [(64u32, 4u32), (256, 1), (32, 8)] {
                let constants = [("GX", gx as f64), ("GY", gy as f64)];
                let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: None,
                    layout: None,
                    module: &module,
                    entry_point: Some("main"),
                    compilation_options: wgpu::PipelineCompilationOptions {
                        constants: &constants,
                        ..Default::default()
                    },
                    cache: None,
                });
                let entries = [&input, &lab_output, &sizes, &bs, &bw]
                    .iter()
                    .enumerate()
                    .map(|(i, b)| wgpu::BindGroupEntry {
                        binding: i as u32,
                        resource: b.as_entire_binding(),
                    })
                    .collect::<Vec<_>>();
                let bindings = device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout: &pipeline.get_bind_group_layout(0),
                    entries: &entries,
                });
                let grid = (in_w.div_ceil(gx), (groups as u32).div_ceil(gy));
                kernels.push((
                    format!("{rows} rows (window {window}) {gx}x{gy}"),
                    pipeline,
                    bindings,
                    grid,
                ));
            }
        }
        let time = |kk: &(String, wgpu::ComputePipeline, wgpu::BindGroup, (u32, u32))| {
            time_recorded(
                device,
                queue,
                TimingMethod::for_device(device),
                0.2,
                (20, 100),
                |e, slots: Option<TimestampSlots<'_>>| {
                    let mut pass = e.begin_compute_pass(&wgpu::ComputePassDescriptor {
                        label: None,
                        timestamp_writes: slots.map(TimestampSlots::whole_pass),
                    });
                    pass.set_pipeline(&kk.1);
                    pass.set_bind_group(0, &kk.2, &[]);
                    pass.dispatch_workgroups(kk.3.0, kk.3.1, 1);
                    Ok(())
                },
            )
            .map(|s| s.median())
        };
        for round in 0..2 {
            let mut line = format!("{name} ({taps} taps) round {round}:");
            for path in [Path::Gather, Path::Separable] {
                let t = time_resize(
                    &resizer,
                    &spec,
                    path,
                    &input,
                    &output,
                    TimingMethod::for_device(device),
                    0.2,
                    (20, 100),
                )?
                .median();
                line += &format!(" {} {t:.1} |", path.name());
            }
            for kk in &kernels {
                line += &format!(" {} {:.1} |", kk.0, time(kk)?);
            }
            println!("{line}");
        }
        time_resize(
            &resizer,
            &spec,
            Path::Gather,
            &input,
            &output,
            TimingMethod::for_device(device),
            0.01,
            (1, 1),
        )?;
        let theirs: Vec<f32> = read_buffer(device, queue, &output, 0..spec.output_bytes())?;
        let mut worst = 0f64;
        for kk in &kernels {
            let mut e = device.create_command_encoder(&Default::default());
            e.clear_buffer(&lab_output, 0, None);
            queue.submit([e.finish()]);
            time(kk)?;
            let ours: Vec<f32> = read_buffer(device, queue, &lab_output, 0..spec.output_bytes())?;
            worst = worst.max(compare(&ours, &theirs).max_abs);
        }
        println!("{name}: largest difference of any lab kernel from the gather {worst:.1e}");
    }
    Ok(())
}
