//! NV12 and I420 frames: every plane against the CPU reference through one `encode_video` call
//! into poisoned buffers, and through one `encode_video_slices` call with every plane of each
//! end in one buffer, the chroma siting checked against an independent computation of where
//! each chroma sample stands, and malformed frames.

mod common;

use common::{Arena, Rng, gpu, poison};
use wgpu::util::DeviceExt;
use wgpu_resize::presets::{self, PillowFilter};
use wgpu_resize::{
    ChromaSiting, CoordinateMapping, Element, ElementType, Filter, Path, PlaneFormat, ResizeSpec,
    Size2, VideoSpec, read_buffer, reference,
};

/// How a test frame's planes are laid out in device memory.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Planes {
    /// One buffer per plane, through `encode_video`.
    Separate,
    /// Every plane of each end in one buffer, one after another at aligned offsets, through
    /// `encode_video_slices`; poison between the input planes, sentinel bytes around the
    /// output planes.
    Packed,
}

/// Byte offsets of `sizes` laid one after another, each start rounded up to `alignment`, and
/// the total length with `alignment` bytes more at the end.
fn packed_offsets(sizes: &[u64], alignment: u64) -> (Vec<u64>, u64) {
    let mut offsets = Vec::new();
    let mut at = alignment; // a gap before the first plane too
    for &size in sizes {
        offsets.push(at);
        at = (at + size).next_multiple_of(alignment) + alignment;
    }
    (offsets, at)
}

/// Uploads each plane, records the frame in one call into poisoned outputs, reads them back.
/// Packed, it also asserts that no byte outside the output planes changed.
fn run_frame<T: Element>(
    gpu: &common::Gpu,
    video: &VideoSpec,
    planes: &[Vec<T>],
    layout: Planes,
) -> Vec<Vec<T>> {
    let device = &gpu.context.device;
    let queue = &gpu.context.queue;
    let specs = video.plane_specs().unwrap();
    let storage = wgpu::BufferUsages::STORAGE;
    let readable = storage | wgpu::BufferUsages::COPY_SRC;
    let upload = |contents: &[u8], usage| {
        device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("test frame"),
            contents,
            usage,
        })
    };
    let plane_bytes = |spec: &ResizeSpec, plane: &[T]| {
        let mut bytes = bytemuck::cast_slice::<T, u8>(plane).to_vec();
        bytes.resize(spec.input_bytes() as usize, 0);
        bytes
    };
    let read = |buffer: &wgpu::Buffer, at: u64, spec: &ResizeSpec| -> Vec<T> {
        let bytes: Vec<u8> =
            read_buffer(device, queue, buffer, at..at + spec.output_bytes()).unwrap();
        bytemuck::pod_collect_to_vec(&bytes[..spec.output_len() * size_of::<T>()])
    };
    let mut encoder = device.create_command_encoder(&Default::default());
    if layout == Planes::Separate {
        let inputs: Vec<wgpu::Buffer> = specs
            .iter()
            .zip(planes)
            .map(|(spec, plane)| upload(&plane_bytes(spec, plane), storage))
            .collect();
        let outputs: Vec<wgpu::Buffer> = specs
            .iter()
            .map(|spec| upload(&poison::<T>(spec.output_bytes()), readable))
            .collect();
        let inputs_ref: Vec<&wgpu::Buffer> = inputs.iter().collect();
        let outputs_ref: Vec<&wgpu::Buffer> = outputs.iter().collect();
        gpu.resizer
            .encode_video(&mut encoder, video, &inputs_ref, &outputs_ref, Path::Auto)
            .expect("encode_video");
        queue.submit([encoder.finish()]);
        return specs
            .iter()
            .zip(&outputs)
            .map(|(spec, buffer)| read(buffer, 0, spec))
            .collect();
    }
    let alignment = device.limits().min_storage_buffer_offset_alignment as u64;
    let in_sizes: Vec<u64> = specs.iter().map(ResizeSpec::input_bytes).collect();
    let out_sizes: Vec<u64> = specs.iter().map(ResizeSpec::output_bytes).collect();
    let (in_at, in_len) = packed_offsets(&in_sizes, alignment);
    let (out_at, out_len) = packed_offsets(&out_sizes, alignment);
    let slot = |at: &u64, size: &u64| *at..at + size;
    let tensors: Vec<(std::ops::Range<u64>, &[u8])> = in_at
        .iter()
        .zip(&in_sizes)
        .zip(planes)
        .map(|((at, size), plane)| (slot(at, size), bytemuck::cast_slice(plane)))
        .collect();
    let source = Arena::input::<T>(gpu, in_len, &tensors);
    let out_slots: Vec<_> = out_at
        .iter()
        .zip(&out_sizes)
        .map(|(a, s)| slot(a, s))
        .collect();
    let target = Arena::output::<T>(gpu, out_len, &out_slots);
    let input_planes: Vec<_> = (0..specs.len()).map(|k| source.slice(k)).collect();
    let output_planes: Vec<_> = (0..specs.len()).map(|k| target.slice(k)).collect();
    gpu.resizer
        .encode_video_slices(
            &mut encoder,
            video,
            &input_planes,
            &output_planes,
            Path::Auto,
        )
        .expect("encode_video_slices");
    queue.submit([encoder.finish()]);
    let elements: Vec<usize> = specs.iter().map(ResizeSpec::output_len).collect();
    target.read_slots::<T>(gpu, &elements, &format!("{:?} packed", video.format))
}

#[test]
fn frames_match_the_reference_plane_by_plane() {
    let Some(gpu) = gpu("frames_match_the_reference_plane_by_plane") else {
        return;
    };
    let sitings = [
        ChromaSiting::Left,
        ChromaSiting::Center,
        ChromaSiting::TopLeft,
    ];
    for seed in 0..12u64 {
        let mut rng = Rng::new(900 + seed);
        let format = if seed % 2 == 0 {
            PlaneFormat::Nv12
        } else {
            PlaneFormat::I420
        };
        // Odd sizes too: chroma planes round up.
        let input = Size2::new(rng.range(4, 31), rng.range(4, 31));
        let output = Size2::new(rng.range(2, 40), rng.range(2, 40));
        let luma = if seed % 3 == 0 {
            // Pillow's fixed point, with a crop of the frame.
            presets::pillow(input, output, PillowFilter::Bicubic)
                .crop(
                    1.0,
                    0.5,
                    input.height as f64 - 2.0,
                    input.width as f64 - 1.5,
                )
                .element(ElementType::U8)
                .build()
                .unwrap()
        } else {
            ResizeSpec::builder(input, output)
                .element(ElementType::U8)
                .filter([Filter::Linear, Filter::Lanczos { lobes: 3 }][rng.range(0, 1) as usize])
                .antialias(rng.range(0, 1) == 1)
                .build()
                .unwrap()
        };
        let video = VideoSpec::new(format, luma, sitings[seed as usize % 3]);
        let specs = video.plane_specs().unwrap();
        assert_eq!(specs.len(), format.planes());
        let planes: Vec<Vec<u8>> = specs.iter().map(|s| rng.u8s(s.input_len())).collect();
        for layout in [Planes::Separate, Planes::Packed] {
            let got = run_frame(gpu, &video, &planes, layout);
            for (i, ((spec, plane), out)) in specs.iter().zip(&planes).zip(&got).enumerate() {
                let expected = reference::resize(spec, plane).unwrap();
                let worst = out
                    .iter()
                    .zip(&expected)
                    .map(|(&a, &b)| (a as i32 - b as i32).abs())
                    .max()
                    .unwrap();
                // Pillow's fixed point is exact; the float path may round a tie either way.
                let allowed = if spec.fixed_point() { 0 } else { 1 };
                assert!(
                    worst <= allowed,
                    "seed {seed} {format:?} {:?} {layout:?} plane {i}: worst {worst}",
                    video.siting
                );
            }
        }
    }
}

/// Input luma edge coordinate of chroma sample `k` on an axis with siting offset `d`.
fn chroma_position(k: f64, d: f64) -> f64 {
    2.0 * k + 1.0 - d
}

#[test]
fn chroma_samples_keep_their_siting() {
    let Some(gpu) = gpu("chroma_samples_keep_their_siting") else {
        return;
    };
    // Chroma that is a linear function of where each sample stands on the luma grid: a
    // bilinear resize must return the same function at each output sample's own position.
    let (input, output) = (Size2::new(24, 32), Size2::new(36, 20));
    for siting in [
        ChromaSiting::Left,
        ChromaSiting::Center,
        ChromaSiting::TopLeft,
    ] {
        let (dy, dx) = match siting {
            ChromaSiting::Left => (0.0, 0.5),
            ChromaSiting::Center => (0.0, 0.0),
            ChromaSiting::TopLeft => (0.5, 0.5),
        };
        let luma = ResizeSpec::builder(input, output)
            .filter(Filter::Linear)
            .build()
            .unwrap();
        let video = VideoSpec::new(PlaneFormat::I420, luma, siting);
        let specs = video.plane_specs().unwrap();
        let chroma = specs[1];
        let field = |y: f64, x: f64| 0.01 * y - 0.02 * x + 0.5;
        let plane: Vec<f32> = (0..chroma.input().height)
            .flat_map(|k| {
                (0..chroma.input().width).map(move |j| {
                    field(chroma_position(k as f64, dy), chroma_position(j as f64, dx)) as f32
                })
            })
            .collect();
        let luma_plane = vec![0.0f32; specs[0].input_len()];
        let got = run_frame(
            gpu,
            &video,
            &[luma_plane, plane.clone(), plane],
            Planes::Separate,
        );
        let (ry, rx) = (
            input.height as f64 / output.height as f64,
            input.width as f64 / output.width as f64,
        );
        let (in_h, in_w) = (chroma.input().height as f64, chroma.input().width as f64);
        let mut checked = 0;
        for k in 0..chroma.output().height {
            for j in 0..chroma.output().width {
                // Where the output sample stands, mapped into the input luma grid.
                let y = chroma_position(k as f64, dy) * ry;
                let x = chroma_position(j as f64, dx) * rx;
                // Only samples whose two taps are inside the plane: edges clamp.
                let (cy, cx) = ((y + dy) / 2.0 - 0.5, (x + dx) / 2.0 - 0.5);
                if cy < 0.0 || cx < 0.0 || cy > in_h - 1.0 || cx > in_w - 1.0 {
                    continue;
                }
                let at = (k * chroma.output().width + j) as usize;
                for plane in &got[1..] {
                    let error = (plane[at] as f64 - field(y, x)).abs();
                    assert!(
                        error < 1e-5,
                        "{siting:?} sample ({k}, {j}): {} vs {}",
                        plane[at],
                        field(y, x)
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "{siting:?}: only {checked} interior samples");
    }
}

#[test]
fn malformed_frames_are_typed_errors() {
    let Some(gpu) = gpu("malformed_frames_are_typed_errors") else {
        return;
    };
    let luma = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .element(ElementType::U8)
        .build()
        .unwrap();
    let corners = luma
        .to_builder()
        .mapping(CoordinateMapping::AlignCorners)
        .build()
        .unwrap();
    let err = VideoSpec::new(PlaneFormat::Nv12, corners, ChromaSiting::Left)
        .plane_specs()
        .unwrap_err();
    assert!(err.to_string().contains("half-pixel"), "{err}");
    let rgb = luma.to_builder().channels(3).build().unwrap();
    let err = VideoSpec::new(PlaneFormat::I420, rgb, ChromaSiting::Left)
        .plane_specs()
        .unwrap_err();
    assert!(err.to_string().contains("one channel"), "{err}");

    let video = VideoSpec::new(PlaneFormat::I420, luma, ChromaSiting::Left);
    let buffer = gpu.context.device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    let err = gpu
        .resizer
        .encode_video(&mut encoder, &video, &[&buffer], &[&buffer], Path::Auto)
        .unwrap_err();
    assert!(err.to_string().contains("3 planes"), "{err}");
}

/// A frame whose last output plane is too small is refused before any plane is recorded: the
/// luma plane's output, recorded first when planes were recorded one by one, stays poisoned.
#[test]
fn a_frame_with_a_bad_plane_records_no_plane() {
    let Some(gpu) = gpu("a_frame_with_a_bad_plane_records_no_plane") else {
        return;
    };
    let device = &gpu.context.device;
    let luma = ResizeSpec::builder(Size2::new(32, 16), Size2::new(12, 8))
        .element(ElementType::U8)
        .build()
        .unwrap();
    let video = VideoSpec::new(PlaneFormat::I420, luma, ChromaSiting::Left);
    let specs = video.plane_specs().unwrap();
    let readable = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC;
    let make = |contents: &[u8]| {
        device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("test plane"),
            contents,
            usage: readable,
        })
    };
    let mut rng = Rng::new(3);
    let inputs: Vec<wgpu::Buffer> = specs
        .iter()
        .map(|spec| make(&rng.u8s(spec.input_bytes() as usize)))
        .collect();
    let mut outputs: Vec<wgpu::Buffer> = specs
        .iter()
        .map(|spec| make(&poison::<u8>(spec.output_bytes())))
        .collect();
    outputs[2] = make(&poison::<u8>(specs[2].output_bytes() - 4));
    let mut encoder = device.create_command_encoder(&Default::default());
    let err = gpu
        .resizer
        .encode_video(
            &mut encoder,
            &video,
            &inputs.iter().collect::<Vec<_>>(),
            &outputs.iter().collect::<Vec<_>>(),
            Path::Auto,
        )
        .unwrap_err();
    assert!(err.to_string().contains("output"), "{err}");
    gpu.context.queue.submit([encoder.finish()]);
    let luma_out: Vec<u8> = read_buffer(
        device,
        &gpu.context.queue,
        &outputs[0],
        0..specs[0].output_bytes(),
    )
    .unwrap();
    assert_eq!(
        luma_out,
        poison::<u8>(specs[0].output_bytes()),
        "a plane was recorded"
    );
}
