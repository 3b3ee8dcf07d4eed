//! Lab: workgroup shapes of the kernels at a texture end. RGBA resizes between a tensor and a
//! texture (both directions), the gather path, with `WGR_LAB_TEX_GROUP=GXxGY[xROWS]` set before
//! each fresh resizer (a lab build reads it where the launches are chosen); the same resize
//! between buffers for reference. GPU timestamps around a pass of its own, medians.

use wgpu_resize::gpu::{TimestampSlots, single_image_texture};
use wgpu_resize::timing::{TimingMethod, time_recorded};
use wgpu_resize::{ElementType, Filter, GpuContext, Path, ResizeSpec, Resizer, Size2, TextureImage};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("texture group lab on {}", context.describe());
    let configs = [
        "", "4x64", "4x64x1", "4x64x2", "8x32x1", "8x32x2", "8x32x4", "8x32x8", "16x16x1",
        "16x16x2", "16x16x4", "16x16x8",
    ];
    let shapes = [
        ("1080p x2", Size2::new(1080, 1920), Size2::new(2160, 3840)),
        ("4K x0.5", Size2::new(2160, 3840), Size2::new(1080, 1920)),
        ("384x640 x2", Size2::new(384, 640), Size2::new(768, 1280)),
        ("720p x1.5", Size2::new(720, 1280), Size2::new(1080, 1920)),
        ("1080p x0.75", Size2::new(1080, 1920), Size2::new(810, 1440)),
        ("lab tiny", Size2::new(24, 40), Size2::new(48, 80)),
    ];
    let elements = [
        (ElementType::U8, wgpu::TextureFormat::Rgba8Unorm),
        (ElementType::F16, wgpu::TextureFormat::Rgba16Float),
        (ElementType::F32, wgpu::TextureFormat::Rgba32Float),
    ];
    let rounds: u32 = std::env::var("LAB_ROUNDS").map_or(1, |v| v.parse().unwrap());
    for round in 1..=rounds {
        let only = std::env::var("LAB_ONLY").unwrap_or_default();
        for (name, input, output) in shapes {
            if !name.contains(only.as_str()) {
                continue;
            }
            for (element, format) in elements {
                let spec = ResizeSpec::builder(input, output)
                    .channels(4)
                    .element(element)
                    .filter(Filter::Linear)
                    .build()?;
                let storage = wgpu::BufferUsages::STORAGE;
                let tensor_in = device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: spec.input_bytes(),
                    usage: storage,
                    mapped_at_creation: false,
                });
                let tensor_out = device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: spec.output_bytes(),
                    usage: storage,
                    mapped_at_creation: false,
                });
                let target = TextureImage::first(&single_image_texture(
                    device,
                    "lab target",
                    output,
                    format,
                    wgpu::TextureUsages::STORAGE_BINDING,
                ));
                let source = TextureImage::first(&single_image_texture(
                    device,
                    "lab source",
                    input,
                    format,
                    wgpu::TextureUsages::TEXTURE_BINDING,
                ));
                let mut into = Vec::new();
                let mut from = Vec::new();
                let mut buffers = 0.0;
                for config in configs {
                    // SAFETY: the lab is single-threaded here; no other thread reads the
                    // environment while it is set.
                    unsafe {
                        if config.is_empty() {
                            std::env::remove_var("WGR_LAB_TEX_GROUP");
                        } else {
                            std::env::set_var("WGR_LAB_TEX_GROUP", config);
                        }
                    }
                    let resizer = Resizer::new(device, queue)?;
                    let label = if config.is_empty() { "default" } else { config };
                    let us = time(device, queue, |pass| {
                        resizer
                            .encode_buffer_to_texture_in_pass(
                                pass,
                                &spec,
                                tensor_in.slice(..),
                                &target,
                                Path::Gather,
                            )
                            .map(|_| ())
                    })?;
                    into.push(format!("{label} {us:.1}"));
                    let us = time(device, queue, |pass| {
                        resizer
                            .encode_texture_to_buffer_in_pass(
                                pass,
                                &spec,
                                &source,
                                tensor_out.slice(..),
                                Path::Gather,
                            )
                            .map(|_| ())
                    })?;
                    from.push(format!("{label} {us:.1}"));
                    if config.is_empty() {
                        buffers = time(device, queue, |pass| {
                            resizer
                                .encode_in_pass(pass, &spec, &tensor_in, &tensor_out, Path::Gather)
                                .map(|_| ())
                        })?;
                    }
                }
                let el = element.name();
                println!(
                    "round {round} {name} {el} buffers {buffers:.1}\n  into {format:?}: {}\n  from {format:?}: {}",
                    into.join(" | "),
                    from.join(" | ")
                );
            }
        }
    }
    Ok(())
}

fn time(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    mut record: impl FnMut(&mut wgpu::ComputePass<'_>) -> Result<(), wgpu_resize::ResizeError>,
) -> Result<f64, Box<dyn std::error::Error>> {
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
            record(&mut pass)
        },
    )?;
    Ok(samples.median())
}
