//! Lab (not kept): vertical passes of wide bands streamed down each column: one invocation per
//! column and C output rows reads each input row of its rows' bands once, in order, and adds it
//! to the K outputs whose bands hold it.
use wgpu::util::DeviceExt;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::presets::{self, TorchMode, TorchOutput};
use wgpu_resize::timing::{TimingMethod, time_recorded, time_resize};
use wgpu_resize::{AxisWeights, GpuContext, Path, Resizer, Size2, compare, read_buffer};

fn source(k: usize, unroll: bool) -> String {
    let mut s = String::new();
    s += "struct Sizes { in_w: u32, in_h: u32, out_h: u32, taps: u32 }\n";
    s += "@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;\n";
    s += "@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;\n";
    s += "@group(0) @binding(2) var<uniform> s: Sizes;\n";
    s += "@group(0) @binding(3) var<storage, read> starts: array<u32>;\n";
    s += "@group(0) @binding(4) var<storage, read> lasts: array<u32>;\n";
    s += "@group(0) @binding(5) var<storage, read> wts: array<f32>;\n";
    s += "override C: u32 = 16u;\noverride WG: u32 = 64u;\n";
    s += "const NONE: u32 = 0xffffffffu;\n";
    s += "@compute @workgroup_size(WG)\n";
    s += "fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {\n";
    s += "  let x = gid.x;\n  if x >= s.in_w { return; }\n";
    s += "  let j0 = wid.y * C;\n  if j0 >= s.out_h { return; }\n  let jend = min(j0 + C, s.out_h);\n";
    s += "  var jb = j0;\n";
    for q in 0..k {
        s += &format!("  var a{q} = vec4<f32>(0.0);\n");
        s += &format!("  var s{q} = select(NONE, starts[min(j0 + {q}u, s.out_h - 1u)], j0 + {q}u < jend);\n");
    }
    s += "  let first = starts[j0];\n  let stop = lasts[jend - 1u];\n";
    let body = |v: &str, i: &str| {
        let mut b = String::new();
        for q in 0..k {
            b += &format!("    {{ let t = {i} - s{q}; if t < s.taps {{ a{q} += wts[(jb + {q}u) * s.taps + t] * {v}; }} }}\n");
        }
        b += &format!("    while jb < jend && {i} == lasts[jb] {{\n");
        b += "      dst[jb * s.in_w + x] = a0;\n";
        for q in 0..k - 1 {
            b += &format!("      a{q} = a{};\n      s{q} = s{};\n", q + 1, q + 1);
        }
        b += &format!("      a{} = vec4<f32>(0.0);\n", k - 1);
        b += &format!("      s{} = select(NONE, starts[min(jb + {k}u, s.out_h - 1u)], jb + {k}u < jend);\n", k - 1);
        b += "      jb += 1u;\n    }\n";
        b
    };
    if unroll {
        s += "  var i = first;\n  loop {\n    if i > stop { break; }\n";
        s += "    let last = s.in_h - 1u;\n";
        for u in 0..4 {
            s += &format!("    let v{u} = src[min(i + {u}u, last) * s.in_w + x];\n");
        }
        for u in 0..4 {
            s += &format!("    if i + {u}u <= stop {{\n    let iu = i + {u}u;\n");
            s += &body(&format!("v{u}"), "iu");
            s += "    }\n";
        }
        s += "    i += 4u;\n  }\n}\n";
    } else {
        s += "  for (var i = first; i <= stop; i++) {\n    let v = src[i * s.in_w + x];\n";
        s += &body("v", "i");
        s += "  }\n}\n";
    }
    s
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("lab stream on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let big = std::env::var("LAB_SMALL").is_err();
    let (in_h, in_w) = if big { (2160u32, 3840u32) } else { (216, 384) };
    let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    for (name, mode, out_h) in [
        ("bicubic aa to 224 rows", TorchMode::Bicubic, if big { 224u32 } else { 22 }),
        ("bilinear aa to 224 rows", TorchMode::Bilinear, if big { 224 } else { 22 }),
        ("bicubic aa to 540 rows", TorchMode::Bicubic, in_h / 4),
        ("bicubic aa to 1080 rows", TorchMode::Bicubic, in_h / 2),
    ] {
        let spec = presets::torch(Size2::new(in_h, in_w), TorchOutput::Size(Size2::new(out_h, in_w)), mode, false, true)?
            .channels(4)
            .build()?;
        let (wy, _) = AxisWeights::for_spec(&spec);
        let taps = wy.taps() as usize;
        let n = wy.output_len() as usize;
        let starts: Vec<u32> = (0..n).map(|j| wy.start(j)).collect();
        let lasts: Vec<u32> = (0..n)
            .map(|j| {
                let row = wy.row(j);
                let last = row.iter().rposition(|w| *w != 0.0).unwrap_or(0);
                wy.start(j) + last as u32
            })
            .collect();
        let wts: Vec<f32> = (0..n).flat_map(|j| wy.row(j).iter().map(|w| *w as f32).collect::<Vec<_>>()).collect();
        // Most outputs whose bands hold one input row.
        let k = (0..in_h)
            .map(|i| (0..n).filter(|&j| starts[j] <= i && i <= lasts[j]).count())
            .max()
            .unwrap();
        assert!(lasts.windows(2).all(|w| w[0] <= w[1]));
        let pixels: Vec<f32> = (0..spec.input_len()).map(|i| (i.wrapping_mul(2_654_435_761) % 1000) as f32 / 999.0).collect();
        let init = |contents: &[u8], usage| device.create_buffer_init(&wgpu::util::BufferInitDescriptor { label: None, contents, usage });
        let input = init(bytemuck::cast_slice(&pixels), storage);
        let make = |size| device.create_buffer(&wgpu::BufferDescriptor { label: None, size, usage: storage, mapped_at_creation: false });
        let output = make(spec.output_bytes());
        let lab_output = make(spec.output_bytes());
        let sizes = init(bytemuck::cast_slice(&[in_w, in_h, out_h, taps as u32]), wgpu::BufferUsages::UNIFORM);
        let (bs, bl, bw) = (
            init(bytemuck::cast_slice(&starts), wgpu::BufferUsages::STORAGE),
            init(bytemuck::cast_slice(&lasts), wgpu::BufferUsages::STORAGE),
            init(bytemuck::cast_slice(&wts), wgpu::BufferUsages::STORAGE),
        );
        let mut kernels = Vec::new();
        for unroll in [false, true] {
            let module = device.create_shader_module(wgpu::ShaderModuleDescriptor { label: None, source: wgpu::ShaderSource::Wgsl(source(k, unroll).into()) });
            for (c, wg) in [(4u32, 64u32), (8, 64), (16, 64), (32, 64), (8, 32), (8, 128), (16, 128)] {
                let constants = [("C", c as f64), ("WG", wg as f64)];
                let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: None,
                    layout: None,
                    module: &module,
                    entry_point: Some("main"),
                    compilation_options: wgpu::PipelineCompilationOptions { constants: &constants, ..Default::default() },
                    cache: None,
                });
                let entries = [&input, &lab_output, &sizes, &bs, &bl, &bw]
                    .iter()
                    .enumerate()
                    .map(|(i, b)| wgpu::BindGroupEntry { binding: i as u32, resource: b.as_entire_binding() })
                    .collect::<Vec<_>>();
                let bindings = device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout: &pipeline.get_bind_group_layout(0), entries: &entries });
                let grid = (in_w.div_ceil(wg), out_h.div_ceil(c));
                kernels.push((format!("stream{} C={c} wg={wg}", if unroll { " unrolled" } else { "" }), pipeline, bindings, grid));
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
            let mut line = format!("{name} ({taps} taps, K={k}) round {round}:");
            for path in [Path::Gather, Path::Separable, Path::Auto] {
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
        println!("{name}: largest difference of any stream kernel from the gather {worst:.1e}");
    }
    Ok(())
}
