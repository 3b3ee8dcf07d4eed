//! Lab: RGBA bilinear resizes on each texture route against the same resize between buffers, the
//! gather path, GPU timestamps, medians: a tensor into a storage texture and a texture into a
//! tensor (each in a compute pass with the timestamps), and texture to texture (its own pass,
//! between two empty timed passes, so it carries their cost too). Built before and after a
//! change, the two binaries run in one command.

use wgpu_resize::gpu::{TimestampSlots, single_image_texture};
use wgpu_resize::timing::{TimingMethod, time_recorded};
use wgpu_resize::{
    ElementType, Filter, GpuContext, Path, ResizeSpec, Resizer, Size2, TextureImage,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    let build = std::env::args().nth(1).unwrap_or_default();
    println!("texture routes lab ({build}) on {}", context.describe());
    let shapes = [
        ("1080p x2", Size2::new(1080, 1920), Size2::new(2160, 3840)),
        ("4K x0.5", Size2::new(2160, 3840), Size2::new(1080, 1920)),
        ("720p x1.5", Size2::new(720, 1280), Size2::new(1080, 1920)),
        ("1080p x0.75", Size2::new(1080, 1920), Size2::new(810, 1440)),
        ("384x640 x2", Size2::new(384, 640), Size2::new(768, 1280)),
        ("lab tiny", Size2::new(24, 40), Size2::new(48, 80)),
    ];
    let elements = [
        (ElementType::U8, wgpu::TextureFormat::Rgba8Unorm),
        (ElementType::F16, wgpu::TextureFormat::Rgba16Float),
        (ElementType::F32, wgpu::TextureFormat::Rgba32Float),
    ];
    let only = std::env::var("LAB_ONLY").unwrap_or_default();
    let resizer = Resizer::new(device, queue)?;
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
            let buffer = |size| {
                device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size,
                    usage: wgpu::BufferUsages::STORAGE,
                    mapped_at_creation: false,
                })
            };
            let (tensor_in, tensor_out) = (buffer(spec.input_bytes()), buffer(spec.output_bytes()));
            let copy_target = device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: u64::from(input.height) * u64::from(input.width * 16).next_multiple_of(256),
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            let texture =
                |label, size, usage| single_image_texture(device, label, size, format, usage);
            let target = texture("lab target", output, wgpu::TextureUsages::STORAGE_BINDING);
            let source = texture("lab source", input, wgpu::TextureUsages::TEXTURE_BINDING);
            let (target_image, source_image) =
                (TextureImage::first(&target), TextureImage::first(&source));
            let buffers = time(device, queue, |pass| {
                resizer
                    .encode_in_pass(pass, &spec, &tensor_in, &tensor_out, Path::Gather)
                    .map(|_| ())
            })?;
            let into = time(device, queue, |pass| {
                resizer
                    .encode_buffer_to_texture_in_pass(
                        pass,
                        &spec,
                        tensor_in.slice(..),
                        &target_image,
                        Path::Gather,
                    )
                    .map(|_| ())
            })?;
            let from = time(device, queue, |pass| {
                resizer
                    .encode_texture_to_buffer_in_pass(
                        pass,
                        &spec,
                        &source_image,
                        tensor_out.slice(..),
                        Path::Gather,
                    )
                    .map(|_| ())
            })?;
            // Textures of f16 texels are resized between textures by f32 specs.
            let between_spec = match element {
                ElementType::F16 => spec.to_builder().element(ElementType::F32).build()?,
                _ => spec,
            };
            let between = time_between(device, queue, |encoder| {
                resizer
                    .encode_texture(encoder, &between_spec, &source, &target, Path::Gather)
                    .map(|_| ())
            })?;
            // LAB: the texture's bytes copied into a buffer, and the two empty passes alone.
            let copied = texture(
                "lab copied",
                input,
                wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_SRC,
            );
            let texel = format.block_copy_size(None).unwrap();
            let copy = time_between(device, queue, |encoder| {
                encoder.copy_texture_to_buffer(
                    copied.as_image_copy(),
                    wgpu::TexelCopyBufferInfo {
                        buffer: &copy_target,
                        layout: wgpu::TexelCopyBufferLayout {
                            offset: 0,
                            bytes_per_row: Some((input.width * texel).next_multiple_of(256)),
                            rows_per_image: None,
                        },
                    },
                    copied.size(),
                );
                Ok(())
            })?;
            let empty = time_between(device, queue, |_| Ok(()))?;
            println!(
                "{build} {name} {} buffers {buffers:.1} into {into:.1} from {from:.1} \
                 texture-to-texture {between:.1} copy {copy:.1} empty {empty:.1}",
                element.name()
            );
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

/// GPU time of what `record` records between two empty timed compute passes (their cost
/// included).
fn time_between(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    mut record: impl FnMut(&mut wgpu::CommandEncoder) -> Result<(), wgpu_resize::ResizeError>,
) -> Result<f64, Box<dyn std::error::Error>> {
    let samples = time_recorded(
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
            record(encoder)?;
            drop(encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: None,
                timestamp_writes: end,
            }));
            Ok(())
        },
    )?;
    Ok(samples.median())
}
