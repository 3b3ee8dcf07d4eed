//! Lab: does the warp's footprint change what storage-texture stores cost? A 3840x2160 target
//! written texel by texel (a value from the position, no loads), by workgroups of several
//! shapes (a warp is 32 consecutive invocations, x first: 64x4 gives warps of 32x1 texels, 8x8
//! of 8x4, 4x64 of 4x8), against the same bytes stored into a buffer. GPU timestamps, medians.

use wgpu_resize::GpuContext;
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::timing::{TimingMethod, time_recorded};

const TEXTURE: &str = r#"
override GX: u32 = 64u;
override GY: u32 = 4u;
@group(0) @binding(0) var dst: texture_storage_2d<FORMAT, write>;
@compute @workgroup_size(GX, GY, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = textureDimensions(dst);
    if id.x >= size.x || id.y >= size.y { return; }
    let v = vec4<f32>(vec4<u32>(id.x, id.y, id.x ^ id.y, 255u) & vec4<u32>(255u)) / 255.0;
    textureStore(dst, id.xy, v);
}
"#;

const BUFFER: &str = r#"
override GX: u32 = 64u;
override GY: u32 = 4u;
struct Size { w: u32, h: u32 }
@group(0) @binding(0) var<storage, read_write> dst: array<u32>;
@group(0) @binding(1) var<uniform> size: Size;
@compute @workgroup_size(GX, GY, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= size.w || id.y >= size.h { return; }
    let v = vec4<u32>(id.x, id.y, id.x ^ id.y, 255u) & vec4<u32>(255u);
    dst[id.y * size.w + id.x] = v.x | (v.y << 8u) | (v.z << 16u) | (v.w << 24u);
}
"#;

// One output per invocation, half-pixel bilinear x2 from a 1920x1080 texture, u8 rounding as
// the library's texture kernels do; into a storage texture or a buffer of words.
const X2: &str = r#"
override GX: u32 = 64u;
override GY: u32 = 4u;
@group(0) @binding(0) var dst: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(2) var src: texture_2d<f32>;
@compute @workgroup_size(GX, GY, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = textureDimensions(dst);
    if id.x >= size.x || id.y >= size.y { return; }
    let last = textureDimensions(src) - vec2<u32>(1u);
    let f = max((vec2<f32>(id.xy) + 0.5) * 0.5 - 0.5, vec2<f32>(0.0));
    let a = min(vec2<u32>(f), last);
    let b = min(a + vec2<u32>(1u), last);
    let t = f - vec2<f32>(a);
    let top = mix(textureLoad(src, a, 0), textureLoad(src, vec2<u32>(b.x, a.y), 0), t.x);
    let bottom = mix(textureLoad(src, vec2<u32>(a.x, b.y), 0), textureLoad(src, b, 0), t.x);
    let v = floor(mix(top, bottom, t.y) * 255.0 + 0.5) / 255.0;
    STORE
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("texture store lab on {}", context.describe());
    let (w, h) = (3840u32, 2160u32);
    let shapes = [(64, 4), (32, 8), (16, 16), (16, 4), (8, 8), (8, 32), (4, 64), (4, 16)];
    for (format, wgsl_format) in [
        (wgpu::TextureFormat::Rgba8Unorm, "rgba8unorm"),
        (wgpu::TextureFormat::Rgba16Float, "rgba16float"),
        (wgpu::TextureFormat::Rgba32Float, "rgba32float"),
    ] {
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("lab target"),
            size: wgpu::Extent3d {
                width: w,
                height: h,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::STORAGE_BINDING,
            view_formats: &[],
        });
        let view = texture.create_view(&Default::default());
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("lab texture stores"),
            source: wgpu::ShaderSource::Wgsl(TEXTURE.replace("FORMAT", wgsl_format).into()),
        });
        let mut cells = Vec::new();
        for (gx, gy) in shapes {
            let us = time_shape(device, queue, &module, (gx, gy), (w, h), |layout| {
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout,
                    entries: &[wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::TextureView(&view),
                    }],
                })
            })?;
            cells.push(format!("{gx}x{gy} {us:.1}"));
        }
        println!("{wgsl_format} texture: {}", cells.join(" | "));
    }
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("lab buffer"),
        size: w as u64 * h as u64 * 4,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let size = wgpu::util::DeviceExt::create_buffer_init(
        device,
        &wgpu::util::BufferInitDescriptor {
            label: None,
            contents: bytemuck::cast_slice(&[w, h]),
            usage: wgpu::BufferUsages::UNIFORM,
        },
    );
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("lab buffer stores"),
        source: wgpu::ShaderSource::Wgsl(BUFFER.into()),
    });
    let mut cells = Vec::new();
    for (gx, gy) in shapes {
        let us = time_shape(device, queue, &module, (gx, gy), (w, h), |layout| {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: buffer.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: size.as_entire_binding(),
                    },
                ],
            })
        })?;
        cells.push(format!("{gx}x{gy} {us:.1}"));
    }
    println!("u32 buffer: {}", cells.join(" | "));
    // Bilinear x2 of a 1080p texture: into the 4K storage texture, and into the buffer.
    let source = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("lab source"),
        size: wgpu::Extent3d {
            width: w / 2,
            height: h / 2,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    });
    let source_view = source.create_view(&Default::default());
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("lab x2 target"),
        size: wgpu::Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::STORAGE_BINDING,
        view_formats: &[],
    });
    let target_view = target.create_view(&Default::default());
    let to_texture = X2.replace("STORE", "textureStore(dst, id.xy, v);");
    let to_buffer = X2
        .replace(
            "@group(0) @binding(0) var dst: texture_storage_2d<rgba8unorm, write>;",
            "@group(0) @binding(0) var<storage, read_write> dst: array<u32>;",
        )
        .replace("let size = textureDimensions(dst);", "let size = vec2<u32>(3840u, 2160u);")
        .replace("STORE", "dst[id.y * size.x + id.x] = pack4x8unorm(v);");
    for (name, source_text, to_tex) in [("texture", to_texture, true), ("buffer", to_buffer, false)] {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("lab x2"),
            source: wgpu::ShaderSource::Wgsl(source_text.into()),
        });
        let mut cells = Vec::new();
        for (gx, gy) in [(64, 4), (16, 16), (8, 32)] {
            let us = time_shape(device, queue, &module, (gx, gy), (w, h), |layout| {
                let end = if to_tex {
                    wgpu::BindingResource::TextureView(&target_view)
                } else {
                    buffer.as_entire_binding()
                };
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout,
                    entries: &[
                        wgpu::BindGroupEntry {
                            binding: 0,
                            resource: end,
                        },
                        wgpu::BindGroupEntry {
                            binding: 2,
                            resource: wgpu::BindingResource::TextureView(&source_view),
                        },
                    ],
                })
            })?;
            cells.push(format!("{gx}x{gy} {us:.1}"));
        }
        println!("bilinear x2 from a 1080p texture into a {name}: {}", cells.join(" | "));
    }
    Ok(())
}

fn time_shape(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    module: &wgpu::ShaderModule,
    (gx, gy): (u32, u32),
    (w, h): (u32, u32),
    bind: impl Fn(&wgpu::BindGroupLayout) -> wgpu::BindGroup,
) -> Result<f64, Box<dyn std::error::Error>> {
    let constants = [("GX", gx as f64), ("GY", gy as f64)];
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: None,
        module,
        entry_point: Some("main"),
        compilation_options: wgpu::PipelineCompilationOptions {
            constants: &constants,
            ..Default::default()
        },
        cache: None,
    });
    let group = bind(&pipeline.get_bind_group_layout(0));
    let samples = time_recorded(
        device,
        queue,
        TimingMethod::Timestamp,
        0.2,
        (20, 200),
        |encoder, slots| {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: None,
                timestamp_writes: slots.map(TimestampSlots::whole_pass),
            });
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(w.div_ceil(gx), h.div_ceil(gy), 1);
            Ok(())
        },
    )?;
    Ok(samples.median())
}
