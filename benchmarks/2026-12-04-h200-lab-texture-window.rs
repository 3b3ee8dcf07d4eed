//! Lab (H200, tuning log item 149): vertical passes that read an RGBA8 frame, where each
//! invocation owns one column and K consecutive output rows, loads the union of their bands (a
//! window of W texel rows) once, and adds each loaded texel to all K sums through a dense K x W
//! weight matrix per group of rows (item 111's form, there between buffers). Against the
//! library's texture-to-tensor gather of the same y-only resize (PyTorch's antialiased
//! bilinear, as the frames bench), GPU timestamps, medians, outputs compared. LAB_SMALL=1 runs a
//! 216x384 frame instead (to LAB_ROWS rows, 22 unless set), LAB_ONE=1 the one-row kernels only
//! (both added for tuning log item 150).
use wgpu::util::DeviceExt;
use wgpu_resize::gpu::{TimestampSlots, single_image_texture};
use wgpu_resize::presets::{self, TorchMode, TorchOutput};
use wgpu_resize::timing::{TimingMethod, time_recorded};
use wgpu_resize::{AxisWeights, GpuContext, Path, Resizer, Size2, TextureImage, compare, read_buffer};

fn source(rows: usize, window: usize) -> String {
    let mut s = String::new();
    s += "struct Sizes { in_w: u32, in_h: u32, groups: u32, out_h: u32 }\n";
    s += "@group(0) @binding(0) var src: texture_2d<f32>;\n";
    s += "@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;\n";
    s += "@group(0) @binding(2) var<uniform> s: Sizes;\n";
    s += "@group(0) @binding(3) var<storage, read> starts: array<u32>;\n";
    s += "@group(0) @binding(4) var<storage, read> wts: array<f32>;\n";
    s += "override GX: u32 = 64u;\noverride GY: u32 = 4u;\n";
    s += "@compute @workgroup_size(GX, GY, 1)\n";
    s += "fn main(@builtin(global_invocation_id) gid: vec3<u32>) {\n";
    s += "  let x = gid.x;\n  let g = gid.y;\n";
    s += "  if x >= s.in_w || g >= s.groups { return; }\n";
    s += "  let r = starts[g];\n";
    s += &format!("  let w = g * {};\n", rows * window);
    for k in 0..rows {
        s += &format!("  var a{k} = vec4<f32>(0.0);\n");
    }
    for i in 0..window {
        s += &format!("  let v{i} = textureLoad(src, vec2<u32>(x, r + {i}u), 0);\n");
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

type Kernel = (String, wgpu::ComputePipeline, wgpu::BindGroup, (u32, u32));

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("lab texture window on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let small = std::env::var("LAB_SMALL").is_ok();
    let storage =
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    let shapes = if small {
        vec![("small", Size2::new(216, 384), std::env::var("LAB_ROWS").map_or(22u32, |r| r.parse().unwrap()))]
    } else {
        vec![
            ("4K to 224 rows", Size2::new(2160, 3840), 224),
            ("1080p to 224 rows", Size2::new(1080, 1920), 224),
        ]
    };
    for (name, input, out_h) in shapes {
        let (in_h, in_w) = (input.height, input.width);
        let output = Size2::new(out_h, in_w);
        let spec = presets::torch(input, TorchOutput::Size(output), TorchMode::Bilinear, false, true)?
            .channels(4)
            .build()?;
        let (wy, _) = AxisWeights::for_spec(&spec);
        let taps = wy.taps() as usize;
        let texels: Vec<u8> = (0..in_h as usize * in_w as usize * 4)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 7) as u8)
            .collect();
        let texture = single_image_texture(
            device,
            "lab frame",
            input,
            wgpu::TextureFormat::Rgba8Unorm,
            wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        );
        queue.write_texture(
            texture.as_image_copy(),
            &texels,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(in_w * 4),
                rows_per_image: None,
            },
            texture.size(),
        );
        let view = texture.create_view(&Default::default());
        let init = |contents: &[u8], usage| {
            device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents,
                usage,
            })
        };
        let make = |size| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size,
                usage: storage,
                mapped_at_creation: false,
            })
        };
        let output_buffer = make(spec.output_bytes());
        let lab_output = make(spec.output_bytes());
        let mut kernels: Vec<Kernel> = Vec::new();
        let all_rows = if std::env::var("LAB_ONE").is_ok() { vec![1usize] } else { vec![1, 2, 4, 8, 16] };
        for rows in all_rows {
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
            for (gx, gy) in [(64u32, 4u32), (256, 1), (32, 8), (16, 16)] {
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
                let bindings = device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout: &pipeline.get_bind_group_layout(0),
                    entries: &[
                        wgpu::BindGroupEntry {
                            binding: 0,
                            resource: wgpu::BindingResource::TextureView(&view),
                        },
                        wgpu::BindGroupEntry {
                            binding: 1,
                            resource: lab_output.as_entire_binding(),
                        },
                        wgpu::BindGroupEntry {
                            binding: 2,
                            resource: sizes.as_entire_binding(),
                        },
                        wgpu::BindGroupEntry {
                            binding: 3,
                            resource: bs.as_entire_binding(),
                        },
                        wgpu::BindGroupEntry {
                            binding: 4,
                            resource: bw.as_entire_binding(),
                        },
                    ],
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
        let time_kernel = |kk: &Kernel| {
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
        let image = TextureImage::first(&texture);
        let time_library = || {
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
                    resizer
                        .encode_texture_to_buffer_in_pass(
                            &mut pass,
                            &spec,
                            &image,
                            output_buffer.slice(..),
                            Path::Gather,
                        )
                        .map(|_| ())
                },
            )
            .map(|s| s.median())
        };
        for round in 0..2 {
            let mut line = format!("{name} ({taps} taps) round {round}: library gather {:.1} |", time_library()?);
            for kk in &kernels {
                line += &format!(" {} {:.1} |", kk.0, time_kernel(kk)?);
            }
            println!("{line}");
        }
        let theirs: Vec<f32> = read_buffer(device, queue, &output_buffer, 0..spec.output_bytes())?;
        let mut worst = 0f64;
        for kk in &kernels {
            let mut e = device.create_command_encoder(&Default::default());
            e.clear_buffer(&lab_output, 0, None);
            queue.submit([e.finish()]);
            time_kernel(kk)?;
            let ours: Vec<f32> = read_buffer(device, queue, &lab_output, 0..spec.output_bytes())?;
            worst = worst.max(compare(&ours, &theirs).max_abs);
        }
        println!("{name}: largest difference of any lab kernel from the library's gather {worst:.1e}");
    }
    Ok(())
}
