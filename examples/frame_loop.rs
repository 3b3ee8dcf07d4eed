//! An engine-like frame loop: the application owns its device and its command encoder, records a
//! resize among its own work each frame, reads nothing back, and after the first frames the
//! resizer creates no GPU objects at all.
//!
//! `cargo run --release --example frame_loop` (exits non-zero if a frame after warm-up allocated).

use wgpu::util::DeviceExt;
use wgpu_resize::{GpuContext, Path, Resizer, ResizerStats, Size2, presets};

const FRAMES: usize = 120;
const WARM_UP: usize = 2;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The engine's own device (an engine would make it with its own settings).
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    println!("frame loop on {}", context.describe());

    // Created once, at start-up: the resizer and the frame's resources.
    let resizer = Resizer::new(device, queue)?;
    let frame = Size2::new(360, 640);
    let preview = Size2::new(90, 160);
    // A half-size bilinear copy of the frame, and a Pillow-style lanczos thumbnail of it.
    let half = presets::pillow(frame, Size2::new(180, 320), presets::PillowFilter::Bilinear)
        .channels(4)
        .build()?;
    let thumbnail = presets::pillow(frame, preview, presets::PillowFilter::Lanczos)
        .channels(4)
        .build()?;
    let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST;
    // Two frames in flight: the loop alternates between two sets of buffers.
    let frames: Vec<[wgpu::Buffer; 3]> = (0..2)
        .map(|k| {
            let pixels = vec![k as f32; half.input_len()];
            [
                device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("frame"),
                    contents: bytemuck::cast_slice(&pixels),
                    usage: storage,
                }),
                device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("half"),
                    size: half.output_bytes(),
                    usage: storage,
                    mapped_at_creation: false,
                }),
                device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("thumbnail"),
                    size: thumbnail.output_bytes(),
                    usage: storage,
                    mapped_at_creation: false,
                }),
            ]
        })
        .collect();

    let mut after_warm_up: Option<ResizerStats> = None;
    for index in 0..FRAMES {
        let [source, half_out, thumb_out] = &frames[index % 2];
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("frame"),
        });
        // The engine's own work before and after the resizes, in the same encoder.
        encoder.clear_buffer(half_out, 0, None);
        resizer.encode(&mut encoder, &half, source, half_out, Path::Auto)?;
        resizer.encode(&mut encoder, &thumbnail, source, thumb_out, Path::Separable)?;
        encoder.clear_buffer(source, 0, Some(256));
        queue.submit([encoder.finish()]);
        device.poll(wgpu::PollType::Poll)?;

        if index + 1 == WARM_UP {
            after_warm_up = Some(resizer.stats());
        }
    }
    device.poll(wgpu::PollType::wait_indefinitely())?;
    let warm = after_warm_up.expect("warm-up frames ran");
    let end = resizer.stats();
    println!("after {WARM_UP} frames: {warm:?}");
    println!("after {FRAMES} frames: {end:?}");
    if warm != end {
        return Err(
            format!("frames after warm-up created GPU objects: {warm:?} -> {end:?}").into(),
        );
    }
    println!(
        "{} frames after warm-up created no pipelines, buffers or bind groups",
        FRAMES - WARM_UP
    );
    Ok(())
}
