//! An engine-like frame loop: the application owns its device and its command encoder, records
//! resizes among its own work each frame (buffers and slots of a ring buffer, and a batch of
//! detection crops whose boxes move every frame, all in one compute pass of its own; an sRGB
//! texture into a render-target texture), reads nothing back, and after the first frames the
//! resizer creates no GPU objects at all.
//!
//! `cargo run --release --example frame_loop` (exits non-zero if a frame after warm-up allocated).

use wgpu::util::DeviceExt;
use wgpu_resize::gpu::single_image_texture;
use wgpu_resize::{
    CoordinateMapping, CropBox, ElementType, Filter, GpuContext, Path, ResizeSpec, Resizer,
    ResizerStats, Size2, presets,
};

const FRAMES: usize = 120;
const WARM_UP: usize = 2;

/// Runs the example; an error is printed as its message, not its `Debug` form.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("frame_loop: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
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
    // Two frames in flight: the loop alternates between two sets of buffers, and the half-size
    // copies go to the two slots of one ring buffer (slices at aligned offsets).
    let frames: Vec<[wgpu::Buffer; 2]> = (0..2)
        .map(|k| {
            let pixels = vec![k as f32; half.input_len()];
            [
                device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("frame"),
                    contents: bytemuck::cast_slice(&pixels),
                    usage: storage,
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
    let alignment = device.limits().min_storage_buffer_offset_alignment as u64;
    let slot = half.output_bytes().next_multiple_of(alignment);
    let halves = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("half-size ring"),
        size: 2 * slot,
        usage: storage,
        mapped_at_creation: false,
    });

    // The engine's textures: an sRGB frame it rendered, and a smaller sRGB target it displays
    // (render-attachment only: the library writes it through a render pass).
    let texture = |size: Size2, usage| {
        single_image_texture(
            device,
            "engine texture",
            size,
            wgpu::TextureFormat::Rgba8UnormSrgb,
            usage,
        )
    };
    let rendered = texture(frame, wgpu::TextureUsages::TEXTURE_BINDING);
    let displayed = texture(preview, wgpu::TextureUsages::RENDER_ATTACHMENT);
    let in_linear_light = presets::pillow(frame, preview, presets::PillowFilter::Bicubic)
        .channels(4)
        .element(ElementType::U8)
        .linear_light(true)
        .build()?;

    // Detection crops: 16 boxes of the frame to 64x64 each, the boxes moving every frame.
    let crop_template = ResizeSpec::builder(frame, Size2::new(64, 64))
        .channels(4)
        .filter(Filter::Linear)
        .mapping(CoordinateMapping::TfCropAndResize {
            start: 0.0,
            end: 1.0,
        })
        .build()?;
    let mut crops = resizer.crop_batch(&crop_template, 16)?;
    let crops_out = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("crops"),
        size: crop_template.output_bytes() * 16,
        usage: storage,
        mapped_at_creation: false,
    });

    let mut after_warm_up: Option<ResizerStats> = None;
    for index in 0..FRAMES {
        let [source, thumb_out] = &frames[index % 2];
        let half_at = (index % 2) as u64 * slot;
        let half_out = halves.slice(half_at..half_at + half.output_bytes());
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("frame"),
        });
        // The engine's own work before and after the resizes, in the same encoder.
        encoder.clear_buffer(&halves, half_at, Some(half.output_bytes()));
        // This frame's detection boxes, written before the frame's commands run.
        let t = index as f64 / FRAMES as f64;
        let boxes: Vec<CropBox> = (0..16)
            .map(|i| {
                let top = (i as f64 * 0.05 + t * 0.2) % 0.7;
                CropBox::new(0, [top, 0.05 * i as f64, top + 0.3, 0.05 * i as f64 + 0.2])
            })
            .collect();
        resizer.set_crop_boxes(&mut crops, &boxes)?;
        {
            // The buffer resizes and the crops of the frame in one compute pass (an engine
            // would add them to its own), which costs less than a pass each.
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("frame resizes"),
                timestamp_writes: None,
            });
            let whole = source.slice(..);
            resizer.encode_slices_in_pass(&mut pass, &half, whole, half_out, Path::Auto)?;
            resizer.encode_in_pass(&mut pass, &thumbnail, source, thumb_out, Path::Separable)?;
            resizer.encode_crops_in_pass(&mut pass, &crops, source, &crops_out)?;
        }
        resizer.encode_texture(
            &mut encoder,
            &in_linear_light,
            &rendered,
            &displayed,
            Path::Auto,
        )?;
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
