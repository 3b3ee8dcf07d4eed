//! Lab (not kept): horizontal shrink passes with 1, 2 or 4 neighbouring output columns per
//! invocation, whose bands' union is loaded once into registers (a window of W pixels), against
//! the library's gather on the same x-only resize, and a "move" kernel that reads two pixels and
//! writes their sum (the bytes alone).
use wgpu::util::DeviceExt;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::timing::{TimingMethod, time_recorded, time_resize};
use wgpu_resize::{AxisWeights, Filter, GpuContext, Path, ResizeSpec, Resizer, Size2, compare, read_buffer};

fn source(cols: usize, window: usize) -> String {
    let mut s = String::new();
    s += "struct Sizes { in_w: u32, in_h: u32, groups: u32, out_w: u32 }\n";
    s += "@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;\n";
    s += "@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;\n";
    s += "@group(0) @binding(2) var<uniform> s: Sizes;\n";
    s += "@group(0) @binding(3) var<storage, read> starts: array<u32>;\n";
    s += "@group(0) @binding(4) var<storage, read> wts: array<f32>;\n";
    s += "override GX: u32 = 64u;\noverride GY: u32 = 4u;\n";
    s += "@compute @workgroup_size(GX, GY, 1)\n";
    s += "fn main(@builtin(global_invocation_id) gid: vec3<u32>) {\n";
    s += "  let g = gid.x;\n  let y = gid.y;\n";
    s += "  if g >= s.groups || y >= s.in_h { return; }\n";
    s += "  let r = y * s.in_w + starts[g];\n";
    for i in 0..window {
        s += &format!("  let v{i} = src[r + {i}u];\n");
    }
    for c in 0..cols {
        s += &format!("  var a{c} = vec4<f32>(0.0);\n");
        s += &format!("  let w{c} = ({c}u + g * {cols}u) * {window}u;\n");
        for i in 0..window {
            s += &format!("  a{c} += wts[w{c} + {i}u] * v{i};\n");
        }
        s += &format!("  if g * {cols}u + {c}u < s.out_w {{ dst[y * s.out_w + g * {cols}u + {c}u] = a{c}; }}\n");
    }
    s += "}\n";
    s
}

const MOVE: &str = "
struct Sizes { in_w: u32, in_h: u32, groups: u32, out_w: u32 }
@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;
@group(0) @binding(2) var<uniform> s: Sizes;
override GX: u32 = 64u;
override GY: u32 = 4u;
@compute @workgroup_size(GX, GY, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let x = gid.x;
  let y = gid.y;
  if x >= s.out_w || y >= s.in_h { return; }
  let r = y * s.in_w + 2u * x;
  dst[y * s.out_w + x] = src[r] + src[r + 1u];
}
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("lab horizontal on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let big = std::env::var("LAB_SMALL").is_err();
    let (in_h, in_w) = if big { (2160u32, 3840u32) } else { (216, 384) };
    let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    for (name, filter, aa, out_w) in [
        ("lanczos3 aa x0.5", Filter::Lanczos { lobes: 3 }, true, in_w / 2),
        ("bicubic aa x0.5", Filter::Cubic { a: -0.5 }, true, in_w / 2),
        ("bilinear x0.5", Filter::Linear, false, in_w / 2),
        ("bicubic aa x0.25", Filter::Cubic { a: -0.5 }, true, in_w / 4),
    ] {
        let spec = ResizeSpec::builder(Size2::new(in_h, in_w), Size2::new(in_h, out_w))
            .filter(filter)
            .antialias(aa)
            .channels(4)
            .build()?;
        let (_, wx) = AxisWeights::for_spec(&spec);
        let taps = wx.taps() as usize;
        let pixels: Vec<f32> = (0..spec.input_len()).map(|i| (i.wrapping_mul(2_654_435_761) % 1000) as f32 / 999.0).collect();
        let init = |contents: &[u8], usage| device.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: None, contents, usage });
        let input = init(bytemuck::cast_slice(&pixels), storage);
        let make = |size| device.create_buffer(&wgpu::BufferDescriptor { label: None, size, usage: storage, mapped_at_creation: false });
        let output = make(spec.output_bytes());
        let lab_output = make(spec.output_bytes());
        let mut kernels = Vec::new();
        for cols in [1usize, 2, 4] {
            let groups = (out_w as usize).div_ceil(cols);
            // The window: the widest union of a group's bands, starts clamped into the row.
            let mut window = 0;
            for g in 0..groups {
                let first = wx.start(g * cols) as usize;
                let last = (g * cols + cols - 1).min(out_w as usize - 1);
                window = window.max(wx.start(last) as usize + taps - first);
            }
            let window = window.min(in_w as usize);
            let mut starts = vec![0u32; groups];
            let mut wts = vec![0f32; groups * cols * window];
            for g in 0..groups {
                let st = (wx.start(g * cols) as usize).min(in_w as usize - window);
                starts[g] = st as u32;
                for c in 0..cols {
                    let x = g * cols + c;
                    if x >= out_w as usize {
                        continue;
                    }
                    for (t, w) in wx.row(x).iter().enumerate() {
                        if *w != 0.0 {
                            wts[(g * cols + c) * window + wx.start(x) as usize + t - st] += *w as f32;
                        }
                    }
                }
            }
            let sizes = init(bytemuck::cast_slice(&[in_w, in_h, groups as u32, out_w]), wgpu::BufferUsages::UNIFORM);
            let bs = init(bytemuck::cast_slice(&starts), wgpu::BufferUsages::STORAGE);
            let bw = init(bytemuck::cast_slice(&wts), wgpu::BufferUsages::STORAGE);
            let module = device.create_shader_module(wgpu::ShaderModuleDescriptor { label: None, source: wgpu::ShaderSource::Wgsl(source(cols, window).into()) });
            for (gx, gy) in [(64u32, 4u32), (256, 1)] {
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
                let grid = ((groups as u32).div_ceil(gx), in_h.div_ceil(gy));
                kernels.push((format!("{cols} cols (window {window}) {gx}x{gy}"), pipeline, bindings, grid, true));
            }
        }
        {
            let sizes = init(bytemuck::cast_slice(&[in_w, in_h, out_w, out_w]), wgpu::BufferUsages::UNIFORM);
            let module = device.create_shader_module(wgpu::ShaderModuleDescriptor { label: None, source: wgpu::ShaderSource::Wgsl(MOVE.into()) });
            let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: None,
                layout: None,
                module: &module,
                entry_point: Some("main"),
                compilation_options: Default::default(),
                cache: None,
            });
            let entries = [&input, &lab_output, &sizes]
                .iter()
                .enumerate()
                .map(|(i, b)| wgpu::BindGroupEntry { binding: i as u32, resource: b.as_entire_binding() })
                .collect::<Vec<_>>();
            let bindings = device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout: &pipeline.get_bind_group_layout(0), entries: &entries });
            kernels.push(("move".into(), pipeline, bindings, (out_w.div_ceil(64), in_h.div_ceil(4)), false));
        }
        let time = |kk: &(String, wgpu::ComputePipeline, wgpu::BindGroup, (u32, u32), bool)| {
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
            for path in [Path::Gather, Path::Separable, Path::Fused] {
                if let Ok(t) = time_resize(&resizer, &spec, path, &input, &output, TimingMethod::for_device(device), 0.2, (20, 100)) {
                    line += &format!(" {} {:.1} |", path.name(), t.median());
                }
            }
            for kk in &kernels {
                line += &format!(" {} {:.1} |", kk.0, time(kk)?);
            }
            println!("{line}");
        }
        time_resize(&resizer, &spec, Path::Gather, &input, &output, TimingMethod::for_device(device), 0.01, (1, 1))?;
        let theirs: Vec<f32> = read_buffer(device, queue, &output, 0..spec.output_bytes())?;
        let mut worst = 0f64;
        for kk in kernels.iter().filter(|k| k.4) {
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
