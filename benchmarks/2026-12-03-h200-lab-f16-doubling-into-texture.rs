//! Lab: f16 RGBA tensors doubled into `rgba16float` storage targets, the vector gather (the
//! build's rule) against the float exact doubling with `WGR_LAB_TT_DOUBLE=GXxGYxROWS` (a lab
//! build lets the f16 buffer into a texture take it, in that workgroup and rows). A fresh resizer
//! per configuration; GPU timestamps around a pass of its own, medians, two rounds; each
//! configuration's texels compared with the vector gather's, bit for bit.

use wgpu_resize::gpu::{TimestampSlots, single_image_texture};
use wgpu_resize::readback::read_buffer;
use wgpu_resize::timing::{TimingMethod, time_recorded};
use wgpu_resize::{ElementType, Filter, GpuContext, Path, ResizeSpec, Resizer, Size2, TextureImage};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("f16 doubling into rgba16float lab on {}", context.describe());
    let configs = [
        "", "64x4x1", "64x4x2", "64x4x4", "8x32x1", "8x32x2", "8x32x4", "16x16x1", "16x16x2",
        "16x16x4", "4x64x1", "4x64x2",
    ];
    let only = std::env::var("LAB_ONLY").unwrap_or_default();
    let shapes = [
        ("1080p x2", Size2::new(1080, 1920)),
        ("384x640 x2", Size2::new(384, 640)),
        ("lab tiny", Size2::new(24, 40)),
    ];
    for round in 1..=2 {
        for (name, input) in shapes {
            if !name.contains(only.as_str()) {
                continue;
            }
            let output = Size2::new(2 * input.height, 2 * input.width);
            let spec = ResizeSpec::builder(input, output)
                .channels(4)
                .element(ElementType::F16)
                .filter(Filter::Linear)
                .build()?;
            let halves: Vec<u16> = (0..spec.input_len())
                .map(|i| half::f16::from_f32(((i * 7919) % 2001) as f32 / 1000.0 - 1.0).to_bits())
                .collect();
            let tensor = wgpu::util::DeviceExt::create_buffer_init(
                device,
                &wgpu::util::BufferInitDescriptor {
                    label: None,
                    contents: bytemuck::cast_slice(&halves),
                    usage: wgpu::BufferUsages::STORAGE,
                },
            );
            let texture = single_image_texture(
                device,
                "lab target",
                output,
                wgpu::TextureFormat::Rgba16Float,
                wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC,
            );
            let target = TextureImage::first(&texture);
            let row_bytes = (output.width * 8).next_multiple_of(256);
            let readback = device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: (row_bytes * output.height) as u64,
                usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            let mut first: Option<Vec<u8>> = None;
            let mut cells = Vec::new();
            for config in configs {
                // SAFETY: single-threaded here; nothing else reads the environment meanwhile.
                unsafe {
                    if config.is_empty() {
                        std::env::remove_var("WGR_LAB_TT_DOUBLE");
                    } else {
                        std::env::set_var("WGR_LAB_TT_DOUBLE", config);
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
                        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                            label: None,
                            timestamp_writes: slots.map(TimestampSlots::whole_pass),
                        });
                        resizer
                            .encode_buffer_to_texture_in_pass(
                                &mut pass,
                                &spec,
                                tensor.slice(..),
                                &target,
                                Path::Gather,
                            )
                            .map(|_| ())
                    },
                )?
                .median();
                let mut encoder = device.create_command_encoder(&Default::default());
                encoder.copy_texture_to_buffer(
                    texture.as_image_copy(),
                    wgpu::TexelCopyBufferInfo {
                        buffer: &readback,
                        layout: wgpu::TexelCopyBufferLayout {
                            offset: 0,
                            bytes_per_row: Some(row_bytes),
                            rows_per_image: None,
                        },
                    },
                    texture.size(),
                );
                queue.submit([encoder.finish()]);
                let bytes: Vec<u8> = read_buffer(device, queue, &readback, 0..readback.size())?;
                let same = match &first {
                    None => {
                        first = Some(bytes);
                        "ref"
                    }
                    Some(reference) if *reference == bytes => "same",
                    Some(_) => "DIFFERENT",
                };
                let label = if config.is_empty() { "gather" } else { config };
                cells.push(format!("{label} {us:.1} ({same})"));
            }
            println!("round {round} {name}: {}", cells.join(" | "));
        }
    }
    Ok(())
}
