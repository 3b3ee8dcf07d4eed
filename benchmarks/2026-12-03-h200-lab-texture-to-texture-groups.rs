//! Lab: workgroup shapes of the vector gather between two textures. RGBA bilinear resizes of an
//! f32 spec, texture to texture (the resize's own pass between two empty timed passes, whose
//! cost every figure carries), the gather path, with `WGR_LAB_TEX_GROUP=GXxGYxROWS` set before
//! each fresh resizer (a lab build reads it where the texture ends' workgroups are shaped;
//! unset: the build's own rule). GPU timestamps, medians.

use wgpu_resize::gpu::single_image_texture;
use wgpu_resize::timing::{TimingMethod, time_recorded};
use wgpu_resize::{ElementType, Filter, GpuContext, Path, ResizeSpec, Resizer, Size2};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("texture-to-texture group lab on {}", context.describe());
    let configs = [
        "", "64x4x4", "64x4x2", "64x4x1", "8x32x1", "8x32x2", "8x32x4", "16x16x2", "16x16x4",
        "4x64x1", "4x64x2", "32x8x4",
    ];
    let shapes = [
        ("1080p x2", Size2::new(1080, 1920), Size2::new(2160, 3840)),
        ("720p x1.5", Size2::new(720, 1280), Size2::new(1080, 1920)),
        ("4K x0.5", Size2::new(2160, 3840), Size2::new(1080, 1920)),
        ("1080p x0.75", Size2::new(1080, 1920), Size2::new(810, 1440)),
    ];
    use wgpu::TextureFormat as F;
    let pairs = [
        (F::Rgba16Float, F::Rgba16Float),
        (F::Rgba32Float, F::Rgba32Float),
        (F::Rgba8Unorm, F::Rgba16Float),
    ];
    let rounds: u32 = std::env::var("LAB_ROUNDS").map_or(1, |v| v.parse().unwrap());
    for round in 1..=rounds {
        for (name, input, output) in shapes {
            for (source_format, target_format) in pairs {
                let spec = ResizeSpec::builder(input, output)
                    .channels(4)
                    .element(ElementType::F32)
                    .filter(Filter::Linear)
                    .build()?;
                let source = single_image_texture(
                    device,
                    "lab source",
                    input,
                    source_format,
                    wgpu::TextureUsages::TEXTURE_BINDING,
                );
                let target = single_image_texture(
                    device,
                    "lab target",
                    output,
                    target_format,
                    wgpu::TextureUsages::STORAGE_BINDING,
                );
                let mut cells = Vec::new();
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
                    let us = time_recorded(
                        device,
                        queue,
                        TimingMethod::Timestamp,
                        0.2,
                        (20, 200),
                        |encoder, slots| {
                            let (begin, end) = match slots {
                                Some(slots) => {
                                    let writes = slots.whole_pass();
                                    (
                                        Some(wgpu::ComputePassTimestampWrites {
                                            end_of_pass_write_index: None,
                                            ..writes.clone()
                                        }),
                                        Some(wgpu::ComputePassTimestampWrites {
                                            beginning_of_pass_write_index: None,
                                            ..writes
                                        }),
                                    )
                                }
                                None => (None, None),
                            };
                            drop(encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                                label: None,
                                timestamp_writes: begin,
                            }));
                            resizer.encode_texture(
                                encoder,
                                &spec,
                                &source,
                                &target,
                                Path::Gather,
                            )?;
                            drop(encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                                label: None,
                                timestamp_writes: end,
                            }));
                            Ok(())
                        },
                    )?
                    .median();
                    let label = if config.is_empty() { "rule" } else { config };
                    cells.push(format!("{label} {us:.1}"));
                }
                println!(
                    "round {round} {name} {source_format:?} -> {target_format:?}: {}",
                    cells.join(" | ")
                );
            }
        }
    }
    Ok(())
}
