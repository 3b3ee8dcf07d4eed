//! Lab (not kept): wide-band vertical passes with 1, 2 or 4 neighbouring columns per invocation,
//! so that a warp's loads of one input row are 512 B, 1 KiB or 2 KiB runs.
use wgpu::util::DeviceExt;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::presets::{self, TorchMode, TorchOutput};
use wgpu_resize::timing::{TimingMethod, time_recorded, time_resize};
use wgpu_resize::{AxisWeights, GpuContext, Path, Resizer, Size2, compare, read_buffer};

fn source(cols: usize) -> String {
    let mut s = String::new();
    s += "struct Sizes { in_w: u32, in_h: u32, out_h: u32, taps: u32 }\n";
    s += "@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;\n";
    s += "@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;\n";
    s += "@group(0) @binding(2) var<uniform> s: Sizes;\n";
    s += "@group(0) @binding(3) var<storage, read> starts: array<u32>;\n";
    s += "@group(0) @binding(4) var<storage, read> wts: array<f32>;\n";
    s += "override GX: u32 = 64u;\noverride GY: u32 = 4u;\n";
    s += "@compute @workgroup_size(GX, GY, 1)\n";
    s += "fn main(@builtin(global_invocation_id) gid: vec3<u32>) {\n";
    s += &format!("  let x = gid.x * {cols}u;\n  let j = gid.y;\n");
    s += "  if x >= s.in_w || j >= s.out_h { return; }\n";
    s += "  let st = starts[j];\n";
    for c in 0..cols {
        s += &format!("  var a{c} = vec4<f32>(0.0);\n");
    }
    s += "  for (var t = 0u; t < s.taps; t++) {\n    let w = wts[j * s.taps + t];\n    let r = (st + t) * s.in_w + x;\n";
    for c in 0..cols {
        s += &format!("    a{c} += w * src[r + {c}u];\n");
    }
    s += "  }\n";
    for c in 0..cols {
        s += &format!("  dst[j * s.in_w + x + {c}u] = a{c};\n");
    }
    s += "}\n";
    s
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("lab vertical columns on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let big = std::env::var("LAB_SMALL").is_err();
    let (in_h, in_w) = if big { (2160u32, 3840u32) } else { (216, 384) };
    let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    for (name, mode, out_h) in [
        ("bicubic aa to 224 rows", TorchMode::Bicubic, if big { 224u32 } else { 22 }),
        ("bilinear aa to 224 rows", TorchMode::Bilinear, if big { 224 } else { 22 }),
        ("bicubic aa to 1080 rows", TorchMode::Bicubic, in_h / 2),
    ] {
        let spec = presets::torch(Size2::new(in_h, in_w), TorchOutput::Size(Size2::new(out_h, in_w)), mode, false, true)?
            .channels(4)
            .build()?;
        let (wy, _) = AxisWeights::for_spec(&spec);
        let taps = wy.taps();
        let n = wy.output_len() as usize;
        // Bands padded past the last row read the last row with weight 0.
        let starts: Vec<u32> = (0..n).map(|j| wy.start(j).min(in_h - taps)).collect();
        let mut wts = vec![0f32; n * taps as usize];
        for j in 0..n {
            for (k, w) in wy.row(j).iter().enumerate() {
                let i = wy.start(j) as usize + k;
                if *w != 0.0 {
                    wts[j * taps as usize + i - starts[j] as usize] += *w as f32;
                }
            }
        }
        let pixels: Vec<f32> = (0..spec.input_len()).map(|i| (i.wrapping_mul(2_654_435_761) % 1000) as f32 / 999.0).collect();
        let init = |contents: &[u8], usage| device.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: None, contents, usage });
        let input = init(bytemuck::cast_slice(&pixels), storage);
        let make = |size| device.create_buffer(&wgpu::BufferDescriptor { label: None, size, usage: storage, mapped_at_creation: false });
        let output = make(spec.output_bytes());
        let lab_output = make(spec.output_bytes());
        let sizes = init(bytemuck::cast_slice(&[in_w, in_h, out_h, taps]), wgpu::BufferUsages::UNIFORM);
        let bs = init(bytemuck::cast_slice(&starts), wgpu::BufferUsages::STORAGE);
        let bw = init(bytemuck::cast_slice(&wts), wgpu::BufferUsages::STORAGE);
        let mut kernels = Vec::new();
        for cols in [1usize, 2, 4] {
            let module = device.create_shader_module(wgpu::ShaderModuleDescriptor { label: None, source: wgpu::ShaderSource::Wgsl(source(cols).into()) });
            for (gx, gy) in [(64u32, 4u32), (32, 8), (128, 2)] {
                let constants = [("GX", gx as f64), ("GY", gy as f64)];
                let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: None,
                    layout: None,
                    module: &module,
                    entry_point: Some("main"),
                    compilation_options: wgpu::PipelineCompilationOptions { constants: &constants, ..Default::default() },
                    cache: None,
                });
                let entries = [&input, &lab_output, &sizes, &bs, &bw]
                    .iter()
                    .enumerate()
                    .map(|(i, b)| wgpu::BindGroupEntry { binding: i as u32, resource: b.as_entire_binding() })
                    .collect::<Vec<_>>();
                let bindings = device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout: &pipeline.get_bind_group_layout(0), entries: &entries });
                let grid = ((in_w / cols as u32).div_ceil(gx), out_h.div_ceil(gy));
                kernels.push((format!("{cols} cols {gx}x{gy}"), pipeline, bindings, grid));
            }
        }
        let time = |kk: &(String, wgpu::ComputePipeline, wgpu::BindGroup, (u32, u32))| {
            time_recorded(device, queue, TimingMethod::for_device(device), 0.2, (20, 100), |e, slots: Option<TimestampSlots<'_>>| {
                let mut pass = e.begin_compute_pass(&wgpu::ComputePassDescriptor { label: None, timestamp_writes: slots.map(TimestampSlots::whole_pass) });
                pass.set_pipeline(&kk.1);
                pass.set_bind_group(0, &kk.2, &[]);
                pass.dispatch_workgroups(kk.3.0, kk.3.1, 1);
                Ok(())
            })
            .map(|s| s.median())
        };
        for round in 0..2 {
            let mut line = format!("{name} ({taps} taps) round {round}:");
            for path in [Path::Gather, Path::Auto] {
                let t = time_resize(&resizer, &spec, path, &input, &output, TimingMethod::for_device(device), 0.2, (20, 100))?.median();
                line += &format!(" {} {t:.1} |", path.name());
            }
            for kk in &kernels {
                line += &format!(" {} {:.1} |", kk.0, time(kk)?);
            }
            println!("{line}");
        }
        time_resize(&resizer, &spec, Path::Gather, &input, &output, TimingMethod::for_device(device), 0.01, (1, 1))?;
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
