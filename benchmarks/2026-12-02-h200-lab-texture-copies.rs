//! Lab: where a texture resize's time goes. Each of the six standard shapes as u8 RGBA
//! (`rgba8unorm`), timed with GPU timestamps around the whole recorded run (an empty compute
//! pass before and after), in alternating rounds:
//! - `buffers`: buffer to buffer, the plan's path;
//! - `texture`: `encode_texture` from a sampled texture to a storage texture (the library);
//! - `copy out`: buffer to buffer, then `copy_buffer_to_texture` into the target;
//! - `copy in`: `copy_texture_to_buffer` from the source, then buffer to buffer;
//! - `copy both`: both copies around the buffer resize;
//! - `copies`: the two copies alone.
//!
//! The targets of `texture` and `copy both` are read back and compared byte for byte.

use clap::Parser;
use wgpu::util::DeviceExt;
use wgpu_resize::bench::{BenchShape, standard_shapes};
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::spec::ElementType;
use wgpu_resize::timing::{TimingMethod, time_recorded};
use wgpu_resize::{GpuContext, Path, ResizeError, Resizer, read_buffer};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    #[arg(long, default_value_t = 0.2)]
    budget: f64,
}

const VARIANTS: [&str; 6] = [
    "buffers",
    "texture",
    "copy out",
    "copy in",
    "copy both",
    "copies",
];

fn bracket(encoder: &mut wgpu::CommandEncoder, slots: Option<TimestampSlots<'_>>, begin: bool) {
    let writes = slots.map(|s| wgpu::ComputePassTimestampWrites {
        query_set: s.query_set,
        beginning_of_pass_write_index: begin.then_some(s.begin),
        end_of_pass_write_index: (!begin).then_some(s.begin + 1),
    });
    drop(encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
        label: Some("lab bracket"),
        timestamp_writes: writes,
    }));
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("texture lab on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let mut failed = false;
    for shape in standard_shapes() {
        let shape: BenchShape = shape.with_element(ElementType::U8);
        let spec = shape.spec()?;
        let (ins, outs) = (spec.input(), spec.output());
        let bytes: Vec<u8> = (0..spec.input_len())
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 7) as u8)
            .collect();
        let buffer_usage = wgpu::BufferUsages::STORAGE
            | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST;
        let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("lab input"),
            contents: &bytes,
            usage: buffer_usage,
        });
        let output = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("lab output"),
            size: spec.output_bytes(),
            usage: buffer_usage,
            mapped_at_creation: false,
        });
        let texture = |size: wgpu_resize::Size2, usage| {
            device.create_texture(&wgpu::TextureDescriptor {
                label: Some("lab texture"),
                size: wgpu::Extent3d {
                    width: size.width,
                    height: size.height,
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: wgpu::TextureFormat::Rgba8Unorm,
                usage,
                view_formats: &[],
            })
        };
        use wgpu::TextureUsages as U;
        let source = texture(ins, U::TEXTURE_BINDING | U::COPY_SRC | U::COPY_DST);
        let target = texture(outs, U::STORAGE_BINDING | U::COPY_DST | U::COPY_SRC);
        let copied_target = texture(outs, U::STORAGE_BINDING | U::COPY_DST | U::COPY_SRC);
        let layout = |size: wgpu_resize::Size2| wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(size.width * 4),
            rows_per_image: Some(size.height),
        };
        let extent = |size: wgpu_resize::Size2| wgpu::Extent3d {
            width: size.width,
            height: size.height,
            depth_or_array_layers: 1,
        };
        queue.write_texture(source.as_image_copy(), &bytes, layout(ins), extent(ins));
        let path = resizer.plan(&spec, Path::Auto)?.path;
        let copy_in = |encoder: &mut wgpu::CommandEncoder| {
            encoder.copy_texture_to_buffer(
                source.as_image_copy(),
                wgpu::TexelCopyBufferInfo {
                    buffer: &input,
                    layout: layout(ins),
                },
                extent(ins),
            );
        };
        let copy_out = |encoder: &mut wgpu::CommandEncoder, target: &wgpu::Texture| {
            encoder.copy_buffer_to_texture(
                wgpu::TexelCopyBufferInfo {
                    buffer: &output,
                    layout: layout(outs),
                },
                target.as_image_copy(),
                extent(outs),
            );
        };
        let run = |variant: &str, encoder: &mut wgpu::CommandEncoder| -> Result<(), ResizeError> {
            let buffers = |encoder: &mut wgpu::CommandEncoder| {
                resizer
                    .encode(encoder, &spec, &input, &output, path)
                    .map(|_| ())
            };
            match variant {
                "buffers" => buffers(encoder)?,
                "texture" => {
                    resizer.encode_texture(encoder, &spec, &source, &target, path)?;
                }
                "copy out" => {
                    buffers(encoder)?;
                    copy_out(encoder, &copied_target);
                }
                "copy in" => {
                    copy_in(encoder);
                    buffers(encoder)?;
                }
                "copy both" => {
                    copy_in(encoder);
                    buffers(encoder)?;
                    copy_out(encoder, &copied_target);
                }
                _ => {
                    copy_in(encoder);
                    copy_out(encoder, &copied_target);
                }
            }
            Ok(())
        };
        let mut medians = vec![Vec::new(); VARIANTS.len()];
        for _ in 0..args.rounds.max(1) {
            for (k, variant) in VARIANTS.iter().enumerate() {
                let samples = time_recorded(
                    device,
                    queue,
                    TimingMethod::Timestamp,
                    args.budget,
                    (20, 200),
                    |encoder, slots| {
                        bracket(encoder, slots, true);
                        run(variant, encoder)?;
                        bracket(encoder, slots, false);
                        Ok(())
                    },
                )?;
                medians[k].push(samples.median());
            }
        }
        // The last variant run in each round left both targets written: compare them.
        let mut encoder = device.create_command_encoder(&Default::default());
        run("texture", &mut encoder)?;
        run("copy both", &mut encoder)?;
        let readback = |t: &wgpu::Texture, encoder: &mut wgpu::CommandEncoder| {
            let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("lab readback"),
                size: spec.output_bytes(),
                usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            encoder.copy_texture_to_buffer(
                t.as_image_copy(),
                wgpu::TexelCopyBufferInfo {
                    buffer: &buffer,
                    layout: layout(outs),
                },
                extent(outs),
            );
            buffer
        };
        let (a, b) = (
            readback(&target, &mut encoder),
            readback(&copied_target, &mut encoder),
        );
        queue.submit([encoder.finish()]);
        let a: Vec<u8> = read_buffer(device, queue, &a, 0..spec.output_bytes())?;
        let b: Vec<u8> = read_buffer(device, queue, &b, 0..spec.output_bytes())?;
        let differing = a.iter().zip(&b).filter(|(x, y)| x != y).count();
        failed |= differing != 0;
        let cells: Vec<String> = VARIANTS
            .iter()
            .zip(&medians)
            .map(|(name, m)| {
                let list: Vec<String> = m.iter().map(|t| format!("{t:.1}")).collect();
                format!("{name} {}", list.join("/"))
            })
            .collect();
        println!(
            "{} ({path}): {} | bytes differing {differing}",
            shape.label(),
            cells.join(" | ")
        );
    }
    if failed {
        return Err("texture and copied outputs differ".into());
    }
    Ok(())
}
