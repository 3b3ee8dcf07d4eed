//! Lab (not kept): exact 2x shrinks with wide bands by a sliding window of horizontal sums.
use wgpu::util::DeviceExt;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::spec::Filter;
use wgpu_resize::timing::{TimingMethod, time_recorded, time_resize};
use wgpu_resize::{
    AxisWeights, GpuContext, Path, ResizeSpec, Resizer, Size2, compare, read_buffer,
};

/// WGSL for taps `t`: invocation per output column and ROWS output rows; a ring of the last
/// `t` input rows' horizontal sums, two new rows per output row.
fn source(t: usize, cols_per: usize) -> String {
    let c = t / 2 - 1;
    let mut s = String::new();
    s += "struct Sizes { in_w: u32, in_h: u32, out_w: u32, out_h: u32 }\n";
    s += "@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;\n";
    s += "@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;\n";
    s += "@group(0) @binding(2) var<uniform> s: Sizes;\n";
    s += "@group(0) @binding(3) var<storage, read> wy: array<f32>;\n";
    s += "@group(0) @binding(4) var<storage, read> wx: array<f32>;\n";
    s += "override ROWS: u32 = 8u;\n";
    s += "override GX: u32 = 64u;\n";
    s += "override GY: u32 = 4u;\n";
    let _ = cols_per;
    s += &format!("const T: u32 = {t}u;\n");
    s += "@compute @workgroup_size(GX, GY, 1)\n";
    s += "fn main(@builtin(global_invocation_id) id: vec3<u32>) {\n";
    s += "  if id.x >= s.out_w || id.y * ROWS >= s.out_h { return; }\n";
    s += "  let x = id.x;\n";
    s += &format!("  let x0 = 2 * i32(x) - {c};\n");
    for k in 0..t {
        s += &format!("  let wx{k} = wx[x * T + {k}u];\n");
        s += &format!("  let c{k} = u32(clamp(x0 + {k}, 0, i32(s.in_w) - 1));\n");
    }
    // hsum as an expression of a row base `rb`.
    let hsum = |rb: &str| {
        (0..t)
            .map(|k| format!("wx{k} * src[{rb} + c{k}]"))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    s += "  let last = i32(s.in_h) - 1;\n";
    s += "  let j0 = id.y * ROWS;\n";
    s += &format!("  let y0 = 2 * i32(j0) - {c};\n");
    for k in 0..t - 2 {
        s += &format!(
            "  var h{k} = {};\n",
            hsum(&format!("u32(clamp(y0 + {k}, 0, last)) * s.in_w"))
        );
    }
    s += "  for (var r = 0u; r < ROWS; r++) {\n";
    s += "    let j = j0 + r;\n    if j >= s.out_h { break; }\n";
    s += &format!("    let ya = y0 + 2 * i32(r) + {};\n", t - 2);
    s += &format!(
        "    let h{} = {};\n",
        t - 2,
        hsum("u32(clamp(ya, 0, last)) * s.in_w")
    );
    s += &format!(
        "    let h{} = {};\n",
        t - 1,
        hsum("u32(clamp(ya + 1, 0, last)) * s.in_w")
    );
    let sum = (0..t)
        .map(|k| format!("wy[j * T + {k}u] * h{k}"))
        .collect::<Vec<_>>()
        .join(" + ");
    s += &format!("    dst[j * s.out_w + x] = {sum};\n");
    for k in 0..t - 2 {
        s += &format!("    h{k} = h{};\n", k + 2);
    }
    s += "  }\n}\n";
    s
}

/// WGSL for taps `t` with subgroups of 32: each subgroup's lanes load 32 neighbouring input
/// columns (one coalesced run per row), slide a window of `t` input rows down them, and its
/// first `o` lanes take their output's horizontal taps from the others by shuffles.
fn source_subgroup(t: usize, prefetch: bool) -> String {
    let c = t / 2 - 1;
    let o = (32 - t) / 2 + 1;
    let mut s = String::new();
    s += "struct Sizes { in_w: u32, in_h: u32, out_w: u32, out_h: u32 }\n";
    s += "@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;\n";
    s += "@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;\n";
    s += "@group(0) @binding(2) var<uniform> s: Sizes;\n";
    s += "@group(0) @binding(3) var<storage, read> wy: array<f32>;\n";
    s += "@group(0) @binding(4) var<storage, read> wx: array<f32>;\n";
    s += "override ROWS: u32 = 8u;\n";
    s += "override GY: u32 = 4u;\n";
    s += &format!("const T: u32 = {t}u;\nconst O: u32 = {o}u;\n");
    s += "override WG: u32 = 128u;\n@compute @workgroup_size(WG)\n";
    s += "fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(subgroup_invocation_id) lane: u32) {\n";
    s += &format!("  let base = i32(wg.x * 2u * O) - {c};\n");
    s += "  let col = u32(clamp(base + i32(lane), 0, i32(s.in_w) - 1));\n";
    s += "  let x = wg.x * O + lane;\n";
    s += "  let writes = lane < O && x < s.out_w;\n";
    s += "  let xr = min(x, s.out_w - 1u);\n";
    for k in 0..t {
        s += &format!("  let wx{k} = wx[xr * T + {k}u];\n");
        s += &format!("  let l{k} = min(2u * lane + {k}u, 31u);\n");
    }
    s += "  let last = i32(s.in_h) - 1;\n";
    s += "  let j0 = (wg.y * GY + lid.x / 32u) * ROWS;\n";
    s += &format!("  let y0 = 2 * i32(j0) - {c};\n");
    for k in 0..t - 2 {
        s += &format!("  var r{k} = src[u32(clamp(y0 + {k}, 0, last)) * s.in_w + col];\n");
    }
    if prefetch {
        s += &format!(
            "  var na = src[u32(clamp(y0 + {}, 0, last)) * s.in_w + col];\n",
            t - 2
        );
        s += &format!(
            "  var nb = src[u32(clamp(y0 + {}, 0, last)) * s.in_w + col];\n",
            t - 1
        );
    }
    s += "  for (var r = 0u; r < ROWS; r++) {\n";
    s += "    let j = j0 + r;\n    if j >= s.out_h { break; }\n";
    s += &format!("    let ya = y0 + 2 * i32(r) + {};\n", t - 2);
    if prefetch {
        s += &format!("    let r{} = na;\n    let r{} = nb;\n", t - 2, t - 1);
        s += "    na = src[u32(clamp(ya + 2, 0, last)) * s.in_w + col];\n";
        s += "    nb = src[u32(clamp(ya + 3, 0, last)) * s.in_w + col];\n";
    } else {
        s += &format!(
            "    let r{} = src[u32(clamp(ya, 0, last)) * s.in_w + col];\n",
            t - 2
        );
        s += &format!(
            "    let r{} = src[u32(clamp(ya + 1, 0, last)) * s.in_w + col];\n",
            t - 1
        );
    }
    let v = (0..t)
        .map(|k| format!("wy[j * T + {k}u] * r{k}"))
        .collect::<Vec<_>>()
        .join(" + ");
    s += &format!("    let v = {v};\n");
    let h = (0..t)
        .map(|k| format!("wx{k} * subgroupShuffle(v, l{k})"))
        .collect::<Vec<_>>()
        .join(" + ");
    s += &format!("    let out = {h};\n");
    s += "    if writes { dst[j * s.out_w + x] = out; }\n";
    for k in 0..t - 2 {
        s += &format!("    r{k} = r{};\n", k + 2);
    }
    s += "  }\n}\n";
    s
}

/// Rows of `weights` re-based to the virtual start `2j - c`, `t` taps each (0 outside the band).
fn virtual_table(weights: &AxisWeights, t: usize) -> Vec<f32> {
    let c = (t / 2 - 1) as i64;
    let mut out = vec![0f32; weights.output_len() as usize * t];
    for j in 0..weights.output_len() as usize {
        let v = 2 * j as i64 - c;
        for (k, w) in weights.row(j).iter().enumerate() {
            let i = weights.start(j) as i64 + k as i64;
            let slot = i - v;
            if *w == 0.0 {
                continue;
            }
            assert!(
                (0..t as i64).contains(&slot),
                "row {j} tap {i} outside the window at {v}"
            );
            out[j * t + slot as usize] += *w as f32;
        }
    }
    out
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::var("LAB_NAGA").is_ok() {
        let src = source_subgroup(8, true);
        let module = naga::front::wgsl::parse_str(&src).map_err(|e| e.emit_to_string(&src))?;
        let mut v = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        );
        v.subgroup_stages(naga::valid::ShaderStages::all());
        v.subgroup_operations(naga::valid::SubgroupOperationSet::all());
        let info = v.validate(&module).map_err(|e| e.emit_to_string(&src))?;
        let (m, i) = naga::back::pipeline_constants::process_overrides(
            &module,
            &info,
            None,
            &[
                ("ROWS".to_string(), 8.0),
                ("GY".to_string(), 4.0),
                ("WG".to_string(), 128.0),
            ]
            .into_iter()
            .collect(),
        )
        .map_err(|e| format!("{e:?}"))?;
        let _ = (m, i);
        println!("valid");
        return Ok(());
    }
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!(
        "lab halving on {} subgroup {}",
        context.describe(),
        device.features().contains(wgpu::Features::SUBGROUP)
    );
    let resizer = Resizer::new(device, queue)?;
    let big = std::env::var("LAB_SMALL").is_err();
    let (in_h, in_w) = if big { (2160u32, 3840u32) } else { (216, 384) };
    let (out_h, out_w) = (in_h / 2, in_w / 2);
    let storage =
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST;
    let sizes = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: None,
        contents: bytemuck::cast_slice(&[in_w, in_h, out_w, out_h]),
        usage: wgpu::BufferUsages::UNIFORM,
    });
    for (name, filter, taps) in [
        ("bicubic aa", Filter::Cubic { a: -0.75 }, 8),
        ("lanczos3 aa", Filter::Lanczos { lobes: 3 }, 12),
    ] {
        let spec = ResizeSpec::builder(Size2::new(in_h, in_w), Size2::new(out_h, out_w))
            .channels(4)
            .filter(filter)
            .antialias(taps > 2)
            .build()?;
        let (wy, wx) = AxisWeights::for_spec(&spec);
        let t: usize = taps.max(wy.taps() as usize);
        let t = t + t % 2;
        let pixels: Vec<f32> = (0..spec.input_len())
            .map(|i| (i.wrapping_mul(2_654_435_761) % 1000) as f32 / 999.0)
            .collect();
        let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: bytemuck::cast_slice(&pixels),
            usage: storage,
        });
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
        let table = |w: &AxisWeights| {
            device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents: bytemuck::cast_slice(&virtual_table(w, t)),
                usage: wgpu::BufferUsages::STORAGE,
            })
        };
        let (ty, tx) = (table(&wy), table(&wx));
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(source(t, 1).into()),
        });
        let mut kernels = Vec::new();
        let o = ((32 - t) / 2 + 1) as u32;
        for (rows, gy, prefetch) in [
            (8u32, 1u32, false),
            (4, 1, false),
            (4, 1, true),
            (8, 1, true),
            (16, 1, true),
            (8, 2, true),
            (8, 4, true),
            (4, 2, true),
        ] {
            let subgroups = device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: None,
                source: wgpu::ShaderSource::Wgsl(source_subgroup(t, prefetch).into()),
            });
            let constants = [
                ("ROWS", rows as f64),
                ("GY", gy as f64),
                ("WG", 32.0 * gy as f64),
            ];
            let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: None,
                layout: None,
                module: &subgroups,
                entry_point: Some("main"),
                compilation_options: wgpu::PipelineCompilationOptions {
                    constants: &constants,
                    ..Default::default()
                },
                cache: None,
            });
            let entries = [&input, &lab_output, &sizes, &ty, &tx]
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
            let grid = (out_w.div_ceil(o), out_h.div_ceil(gy * rows));
            kernels.push((
                format!(
                    "subgroup{} {rows} rows 32x{gy}",
                    if prefetch { " prefetch" } else { "" }
                ),
                pipeline,
                bindings,
                grid,
            ));
        }
        for (rows, gx, gy) in [(8u32, 64u32, 4u32)] {
            let constants = [("ROWS", rows as f64), ("GX", gx as f64), ("GY", gy as f64)];
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
            let entries = [&input, &lab_output, &sizes, &ty, &tx]
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
            let grid = (out_w.div_ceil(gx), out_h.div_ceil(gy * rows));
            kernels.push((
                format!("window {rows} rows {gx}x{gy}"),
                pipeline,
                bindings,
                grid,
            ));
        }
        let time = |k: &(String, wgpu::ComputePipeline, wgpu::BindGroup, (u32, u32))| {
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
                    pass.set_pipeline(&k.1);
                    pass.set_bind_group(0, &k.2, &[]);
                    pass.dispatch_workgroups(k.3.0, k.3.1, 1);
                    Ok(())
                },
            )
            .map(|s| s.median())
        };
        let rounds = if big { 2 } else { 1 };
        for round in 0..rounds {
            let mut line = format!("{name} ({t} taps) round {round}:");
            for path in [Path::Gather, Path::Fused, Path::Separable, Path::Auto] {
                match time_resize(
                    &resizer,
                    &spec,
                    path,
                    &input,
                    &output,
                    TimingMethod::for_device(device),
                    0.2,
                    (20, 100),
                ) {
                    Ok(s) => line += &format!(" {} {:.1} |", path.name(), s.median()),
                    Err(e) => line += &format!(" {} ({e}) |", path.name()),
                }
            }
            for k in &kernels {
                line += &format!(" {} {:.1} |", k.0, time(k)?);
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
        for k in &kernels {
            let mut e = device.create_command_encoder(&Default::default());
            e.clear_buffer(&lab_output, 0, None);
            queue.submit([e.finish()]);
            time(k)?;
            let ours: Vec<f32> = read_buffer(device, queue, &lab_output, 0..spec.output_bytes())?;
            println!(
                "{name} {}: largest difference {:.1e}",
                k.0,
                compare(&ours, &theirs).max_abs
            );
        }
    }
    Ok(())
}
