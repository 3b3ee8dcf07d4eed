//! Lab: which part of the sRGB render route costs (wall µs per resize, back to back). Built
//! as `examples/lab_texture_routes.rs`; `LAB_SCALE` 2 (1080p x2) or 0.5 (4K x0.5). Tuning log
//! item 129.
use wgpu_resize::{ElementType, GpuContext, Path, Resizer, Size2, bench::BenchShape};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("{}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let scale: f64 = std::env::var("LAB_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let (h, w) = if scale > 1.0 {
        (1080, 1920)
    } else {
        (2160, 3840)
    };
    let div: u32 = std::env::var("LAB_DIV")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let spec = BenchShape::scaled(1, h / div, w / div, 4, scale)
        .with_element(ElementType::U8)
        .spec()?;
    let iterations = std::env::var("LAB_ITER")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20u32);
    let texture = |size: Size2, format, usage| {
        device.create_texture(&wgpu::TextureDescriptor {
            label: None,
            size: wgpu::Extent3d {
                width: size.width,
                height: size.height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage,
            view_formats: &[],
        })
    };
    use wgpu::{TextureFormat as F, TextureUsages as U};
    let cases = [
        (
            "unorm -> storage unorm",
            F::Rgba8Unorm,
            F::Rgba8Unorm,
            U::STORAGE_BINDING,
        ),
        (
            "srgb -> storage unorm",
            F::Rgba8UnormSrgb,
            F::Rgba8Unorm,
            U::STORAGE_BINDING,
        ),
        (
            "unorm -> render unorm",
            F::Rgba8Unorm,
            F::Rgba8Unorm,
            U::RENDER_ATTACHMENT,
        ),
        (
            "unorm -> render srgb",
            F::Rgba8Unorm,
            F::Rgba8UnormSrgb,
            U::RENDER_ATTACHMENT,
        ),
        (
            "srgb -> render srgb",
            F::Rgba8UnormSrgb,
            F::Rgba8UnormSrgb,
            U::RENDER_ATTACHMENT,
        ),
        (
            "srgb -> render unorm",
            F::Rgba8UnormSrgb,
            F::Rgba8Unorm,
            U::RENDER_ATTACHMENT,
        ),
    ];
    for (name, sf, tf, tu) in cases {
        let source = texture(spec.input(), sf, U::TEXTURE_BINDING);
        let target = texture(spec.output(), tf, tu);
        let run = || {
            let mut encoder = device.create_command_encoder(&Default::default());
            let mut plan = None;
            for _ in 0..iterations {
                plan = Some(
                    resizer
                        .encode_texture(&mut encoder, &spec, &source, &target, Path::Auto)
                        .unwrap(),
                );
            }
            let start = std::time::Instant::now();
            queue.submit([encoder.finish()]);
            device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            (
                start.elapsed().as_secs_f64() * 1e6 / iterations as f64,
                plan.unwrap(),
            )
        };
        run();
        let mut v: Vec<f64> = (0..3).map(|_| run().0).collect();
        v.sort_by(f64::total_cmp);
        let (_, (plan, write)) = run();
        println!("{name:28} {:10.1} µs  {:?} {:?}", v[1], plan.path, write);
    }
    // The same resize into a buffer, then a copy into an sRGB texture; a render pass that only
    // clears the target; and a full-screen triangle of one colour.
    let (input, output) = {
        let make = |bytes: u64, usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: bytes,
                usage,
                mapped_at_creation: false,
            })
        };
        (
            make(spec.input_bytes(), wgpu::BufferUsages::STORAGE),
            make(
                spec.output_bytes(),
                wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            ),
        )
    };
    let out = spec.output();
    let copy_target = texture(out, F::Rgba8UnormSrgb, U::COPY_DST | U::RENDER_ATTACHMENT);
    let view = copy_target.create_view(&Default::default());
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(
            r#"
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let c = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(c * 2.0 - 1.0, 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4<f32> { return vec4<f32>(0.25, 0.5, 0.75, 1.0); }
"#
            .into(),
        ),
    });
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: None,
        layout: None,
        vertex: wgpu::VertexState {
            module: &module,
            entry_point: Some("vs"),
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: Default::default(),
        depth_stencil: None,
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: Some("fs"),
            compilation_options: Default::default(),
            targets: &[Some(F::Rgba8UnormSrgb.into())],
        }),
        multiview_mask: None,
        cache: None,
    });
    let time = |name: &str, record: &dyn Fn(&mut wgpu::CommandEncoder)| {
        let run = || {
            let mut encoder = device.create_command_encoder(&Default::default());
            for _ in 0..iterations {
                record(&mut encoder);
            }
            let start = std::time::Instant::now();
            queue.submit([encoder.finish()]);
            device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            start.elapsed().as_secs_f64() * 1e6 / iterations as f64
        };
        run();
        let mut v: Vec<f64> = (0..3).map(|_| run()).collect();
        v.sort_by(f64::total_cmp);
        println!("{name:28} {:10.1} µs", v[1]);
    };
    let pass_with = |encoder: &mut wgpu::CommandEncoder, draw: bool, load| {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: None,
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load,
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        if draw {
            pass.set_pipeline(&pipeline);
            pass.draw(0..3, 0..1);
        }
    };
    let pass = |encoder: &mut wgpu::CommandEncoder, draw: bool| {
        pass_with(encoder, draw, wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT))
    };
    let copy = |encoder: &mut wgpu::CommandEncoder| {
        encoder.copy_buffer_to_texture(
            wgpu::TexelCopyBufferInfo {
                buffer: &output,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(out.width * 4),
                    rows_per_image: None,
                },
            },
            copy_target.as_image_copy(),
            wgpu::Extent3d {
                width: out.width,
                height: out.height,
                depth_or_array_layers: 1,
            },
        );
    };
    time("buffers", &|e| {
        resizer
            .encode(e, &spec, &input, &output, Path::Auto)
            .unwrap();
    });
    time("buffers, then copy srgb", &|e| {
        resizer
            .encode(e, &spec, &input, &output, Path::Auto)
            .unwrap();
        copy(e);
    });
    time("copy srgb alone", &|e| copy(e));
    time("render pass, clear only", &|e| pass(e, false));
    time("render pass, one colour", &|e| pass(e, true));
    time("one colour, load", &|e| {
        pass_with(e, true, wgpu::LoadOp::Load)
    });
    time("one colour, don't care", &|e| {
        pass_with(
            e,
            true,
            wgpu::LoadOp::DontCare(unsafe { wgpu::LoadOpDontCare::enabled() }),
        )
    });
    Ok(())
}
