//! NV12 and I420 frames: every plane against the CPU reference through one `encode_video` call
//! into poisoned buffers, and through one `encode_video_slices` call with every plane of each
//! end in one buffer, the chroma siting checked against an independent computation of where
//! each chroma sample stands, and malformed frames.

mod common;

use common::{Arena, Rng, gpu, packed_offsets, poison};
use wgpu::util::DeviceExt;
use wgpu_resize::presets::{self, PillowFilter};
use wgpu_resize::{
    ChromaSiting, CoordinateMapping, Element, ElementType, Filter, Layout, Path, PlaneFormat,
    ResizeSpec, Size2, VideoSpec, read_buffer, reference,
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

/// A video frame's luma plane refuses linear light: its chroma planes hold colour differences,
/// which no sRGB curve decodes, and a frame whose luma alone were resized in linear light would
/// change colour. The error says why, and `encode_video` returns the same.
#[test]
fn linear_light_frames_are_typed_errors() {
    let luma = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .linear_light(true)
        .build()
        .unwrap();
    refused_in_every_format(luma, "linear-light");
}

/// A luma spec of a sub-image (`cut`) makes no frame: its chroma planes would resize the whole
/// frame beside a luma slice. The error points to a crop region, which they sample sited.
#[test]
fn sub_image_frames_are_typed_errors() {
    let luma = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .cut(Some([2, 2, 6, 6]))
        .build()
        .unwrap();
    refused_in_every_format(luma, "take no sub-image");
}

/// Asserts that `luma` makes no frame in any plane format, with an error that says `why`.
fn refused_in_every_format(luma: ResizeSpec, why: &str) {
    for format in [PlaneFormat::Nv12, PlaneFormat::I420] {
        let err = VideoSpec::new(format, luma, ChromaSiting::Left)
            .plane_specs()
            .unwrap_err();
        assert!(err.to_string().contains(why), "{format:?}: {err}");
    }
}

/// A u8 luma spec in OpenCV's fixed point (the opencv preset's bilinear) cannot make a frame:
/// its chroma planes map shifted regions, and `cv2.resize` whole images. The error says so.
#[test]
fn opencv_fixed_point_frames_are_typed_errors() {
    let luma = wgpu_resize::presets::opencv(
        Size2::new(8, 8),
        Size2::new(4, 4),
        wgpu_resize::presets::OpenCvInterpolation::Linear,
    )
    .element(wgpu_resize::ElementType::U8)
    .build()
    .unwrap();
    refused_in_every_format(luma, "OpenCV's 8-bit fixed point does not take");
}

/// A u8 luma spec of ONNX Runtime's plain linear (the onnx preset) cannot make a frame either:
/// ONNX Runtime resizes whole tensors. The error names it and the setting to leave out.
#[test]
fn onnx_plain_linear_frames_are_typed_errors() {
    let luma = presets::onnx(
        Size2::new(8, 8),
        Size2::new(4, 4),
        &presets::OnnxResize {
            mode: presets::OnnxMode::Linear,
            ..presets::OnnxResize::default()
        },
    )
    .unwrap()
    .element(wgpu_resize::ElementType::U8)
    .build()
    .unwrap();
    assert!(luma.onnx_linear_u8().is_some());
    refused_in_every_format(luma, "ONNX Runtime's plain linear on uint8 does not take");
    refused_in_every_format(luma, "without onnx_fixed_point");
}

/// A u8 luma spec from the torch preset asks for PyTorch's 8-bit fixed point, which maps
/// whole images only: its frame's planes are those of the same spec without it, all in floats
/// rounded once.
#[test]
fn torch_fixed_point_frames_resize_as_without_it() {
    let builder = presets::torch(
        Size2::new(12, 16),
        presets::TorchOutput::Size(Size2::new(6, 10)),
        presets::TorchMode::Bilinear,
        false,
        true,
    )
    .unwrap()
    .element(ElementType::U8);
    let luma = builder.build().unwrap();
    assert!(luma.torch_fixed_point());
    let without = builder.torch_fixed_point(false).build().unwrap();
    for format in [PlaneFormat::Nv12, PlaneFormat::I420] {
        let planes = |luma| {
            VideoSpec::new(format, luma, ChromaSiting::Left)
                .plane_specs()
                .unwrap()
        };
        let specs = planes(luma);
        assert_eq!(specs, planes(without), "{format:?}");
        assert!(specs.iter().all(|spec| !spec.fixed_point()), "{format:?}");
    }
}

/// A one-channel luma spec in NCHW names the same bytes as in NHWC; the NV12 chroma plane it
/// derives still interleaves Cb and Cr, so its spec is two-channel NHWC either way.
#[test]
fn nv12_chroma_interleaves_whatever_the_luma_layout() {
    let luma = ResizeSpec::builder(Size2::new(10, 12), Size2::new(6, 4))
        .layout(Layout::Nchw)
        .build()
        .unwrap();
    let specs = VideoSpec::new(PlaneFormat::Nv12, luma, ChromaSiting::Left)
        .plane_specs()
        .unwrap();
    assert_eq!(specs[1].channels(), 2);
    assert_eq!(specs[1].layout(), Layout::Nhwc);
}

/// Generated frames (`PROPTEST_CASES` sets how many, `PROPTEST_RNG_SEED` replays a run).
mod generated {
    use super::*;
    use common::strategies::filter;
    use proptest::prelude::*;
    use wgpu_resize::{AxisResample, Border, compare};

    /// A video axis over `len` luma pixels: any filter, antialiased or not, either border, and
    /// the whole axis (half-pixel) or a crop region in or around it; one axis in
    /// ten takes a mapping that video planes refuse (aligned corners, asymmetric, a stated
    /// scale), so that the refusal is generated too.
    fn video_axis(len: u32, out: u32) -> impl Strategy<Value = AxisResample> {
        // A stated scale that gives `out`, rounded down or up: one video refuses, not one the
        // spec itself refuses.
        let stated = (-0.999f64..0.999).prop_map(move |f| (out as f64 + f) / len as f64);
        let len = len as f64;
        let taken = prop_oneof![
            Just(CoordinateMapping::HalfPixel),
            (-0.25f64..1.25, -0.25f64..1.25).prop_map(move |(a, b)| CoordinateMapping::Region {
                start: a.min(b) * len,
                end: (a.max(b) * len).max(a.min(b) * len + 0.25),
            }),
        ];
        let refused = prop_oneof![
            Just((CoordinateMapping::AlignCorners, None)),
            Just((CoordinateMapping::Asymmetric, None)),
            stated.prop_map(|s| (CoordinateMapping::HalfPixel, Some(s))),
        ];
        let mapping = prop_oneof![9 => taken.prop_map(|m| (m, None)), 1 => refused];
        (
            filter(),
            mapping,
            any::<bool>(),
            prop_oneof![Just(Border::Clamp), Just(Border::Renormalize)],
        )
            .prop_map(|(filter, (mapping, scale), antialias, border)| {
                AxisResample::default()
                    .with_filter(filter)
                    .with_mapping(mapping)
                    .with_antialias(antialias)
                    .with_border(border)
                    .with_scale(scale)
            })
    }

    /// A frame: its layout, siting and a luma spec of 1 to 24 pixels a side (odd sizes give
    /// chroma planes rounded up), with any axis rule of [`video_axis`], either layout, and u8
    /// ones rounded between passes (Pillow's fixed point) or not.
    fn frame(element: ElementType) -> impl Strategy<Value = Result<VideoSpec, String>> {
        (1u32..=24, 1u32..=24, 1u32..=24, 1u32..=24)
            .prop_flat_map(move |(ih, iw, oh, ow)| {
                (
                    Just((Size2::new(ih, iw), Size2::new(oh, ow))),
                    video_axis(ih, oh),
                    video_axis(iw, ow),
                    prop_oneof![Just(Layout::Nhwc), Just(Layout::Nchw)],
                    any::<bool>(),
                    prop_oneof![Just(PlaneFormat::Nv12), Just(PlaneFormat::I420)],
                    prop_oneof![
                        Just(ChromaSiting::Left),
                        Just(ChromaSiting::Center),
                        Just(ChromaSiting::TopLeft),
                    ],
                )
            })
            .prop_map(
                move |((input, output), y, x, layout, rounded, format, siting)| {
                    let luma = ResizeSpec::builder(input, output)
                        .y_axis(y)
                        .x_axis(x)
                        .layout(layout)
                        .element(element)
                        .round_intermediate(rounded && element == ElementType::U8)
                        .build()
                        .map_err(|e| e.to_string())?;
                    Ok(VideoSpec::new(format, luma, siting))
                },
            )
    }

    /// Why video planes refuse a generated axis, in words their error holds; `None` where
    /// they take it.
    fn refusal(axis: &AxisResample) -> Option<&'static str> {
        let mapping = match axis.mapping {
            CoordinateMapping::HalfPixel => axis.scale.is_some(),
            CoordinateMapping::Region { .. } => false,
            _ => true,
        };
        match axis.filter {
            _ if mapping => Some("half-pixel"),
            Filter::Nearest(rule) if rule.maps_whole_axes_only() => Some("whole axes only"),
            _ => None,
        }
    }

    /// `k` pairs of `a` and `b` as one interleaved run: NV12's chroma from I420's.
    fn interleave(a: &[f32], b: &[f32]) -> Vec<f32> {
        a.iter().zip(b).flat_map(|(&a, &b)| [a, b]).collect()
    }

    /// Input luma edge coordinate where output chroma sample `k` of an axis stands: output
    /// chroma edge coordinate `k + 0.5` is output luma `2k + 1 - d` (`d` the siting offset),
    /// which the luma axis maps into its input region `start..end` of `out` outputs.
    fn stands_at(k: u32, d: f64, (start, end): (f64, f64), out: u32) -> f64 {
        start + chroma_position(k as f64, d) * (end - start) / out as f64
    }

    proptest! {
        #![proptest_config(common::proptest_config(256))]

        /// NV12's chroma plane is I420's two chroma planes interleaved: the same resize of the
        /// same values, whatever the luma spec's layout (`nv12_chroma_interleaves_...`), to the
        /// bit on the CPU reference; and every frame the generator makes is a frame of
        /// planes or, for the mappings video refuses, a typed error that names them.
        #[test]
        fn nv12_chroma_is_i420_chroma_interleaved(
            video in frame(ElementType::F32),
            seed in any::<u64>(),
        ) {
            let Ok(video) = video else { return Ok(()) };
            let [y, x] = [video.luma.y_axis(), video.luma.x_axis()];
            let nv12 = VideoSpec::new(PlaneFormat::Nv12, video.luma, video.siting).plane_specs();
            let i420 = VideoSpec::new(PlaneFormat::I420, video.luma, video.siting).plane_specs();
            if let Some(why) = refusal(y).or(refusal(x)) {
                let (a, b) = (nv12.unwrap_err(), i420.unwrap_err());
                prop_assert!(a.to_string().contains(why), "{}", a);
                prop_assert_eq!(a.to_string(), b.to_string());
                return Ok(());
            }
            let (nv12, i420) = (nv12.unwrap(), i420.unwrap());
            prop_assert_eq!(nv12[0], video.luma);
            prop_assert_eq!(i420[0], video.luma);
            prop_assert_eq!(i420[1], i420[2]);
            let half = |s: Size2| Size2::new(s.height.div_ceil(2), s.width.div_ceil(2));
            prop_assert_eq!(i420[1].input(), half(video.luma.input()));
            prop_assert_eq!(i420[1].output(), half(video.luma.output()));
            prop_assert_eq!((nv12[1].channels(), i420[1].channels()), (2, 1));
            let mut rng = common::Rng::new(seed);
            let (cb, cr) = (rng.f32s(i420[1].input_len()), rng.f32s(i420[1].input_len()));
            let (cb_out, cr_out) = (
                reference::resize(&i420[1], &cb).unwrap(),
                reference::resize(&i420[2], &cr).unwrap(),
            );
            let cbcr_out = reference::resize(&nv12[1], &interleave(&cb, &cr)).unwrap();
            let want = interleave(&cb_out, &cr_out);
            prop_assert_eq!(
                cbcr_out.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
                want.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
            );
        }

        /// Chroma keeps its siting on any frame, crop and siting: chroma that is a linear
        /// function of where each sample stands on the luma grid comes out of a bilinear
        /// resize (reference) as the same function at each output sample's own position,
        /// wherever both taps lie inside the plane.
        #[test]
        fn chroma_keeps_its_siting(
            sizes in (2u32..=40, 2u32..=40, 2u32..=40, 2u32..=40),
            crop in prop::option::of((-0.25f64..1.25, -0.25f64..1.25, -0.25f64..1.25, -0.25f64..1.25)),
            siting in prop_oneof![
                Just(ChromaSiting::Left),
                Just(ChromaSiting::Center),
                Just(ChromaSiting::TopLeft),
            ],
            slopes in (-0.05f64..0.05, -0.05f64..0.05),
        ) {
            let (ih, iw, oh, ow) = sizes;
            let (input, output) = (Size2::new(ih, iw), Size2::new(oh, ow));
            let (region_y, region_x) = match crop {
                None => ((0.0, ih as f64), (0.0, iw as f64)),
                Some((y0, y1, x0, x1)) => {
                    let region = |a: f64, b: f64, len: u32| {
                        let start = a.min(b) * len as f64;
                        (start, (a.max(b) * len as f64).max(start + 0.25))
                    };
                    (region(y0, y1, ih), region(x0, x1, iw))
                }
            };
            let mut builder = ResizeSpec::builder(input, output).filter(Filter::Linear);
            if crop.is_some() {
                let axis = |(start, end)| {
                    AxisResample::default()
                        .with_filter(Filter::Linear)
                        .with_mapping(CoordinateMapping::Region { start, end })
                };
                builder = builder.y_axis(axis(region_y)).x_axis(axis(region_x));
            }
            let Ok(luma) = builder.build() else { return Ok(()) };
            let chroma = VideoSpec::new(PlaneFormat::I420, luma, siting).plane_specs().unwrap()[1];
            let (dy, dx) = match siting {
                ChromaSiting::Left => (0.0, 0.5),
                ChromaSiting::Center => (0.0, 0.0),
                ChromaSiting::TopLeft => (0.5, 0.5),
            };
            let field = |y: f64, x: f64| slopes.0 * y + slopes.1 * x + 0.5;
            let (cin, cout) = (chroma.input(), chroma.output());
            let plane: Vec<f32> = (0..cin.height)
                .flat_map(|k| {
                    (0..cin.width).map(move |j| {
                        field(chroma_position(k as f64, dy), chroma_position(j as f64, dx)) as f32
                    })
                })
                .collect();
            let got = reference::resize(&chroma, &plane).unwrap();
            for k in 0..cout.height {
                for j in 0..cout.width {
                    let y = stands_at(k, dy, region_y, oh);
                    let x = stands_at(j, dx, region_x, ow);
                    // The chroma plane's own pixel-index coordinates: both taps inside it.
                    let (cy, cx) = ((y + dy) / 2.0 - 0.5, (x + dx) / 2.0 - 0.5);
                    let inside = |c: f64, len: u32| c >= 0.0 && c <= len as f64 - 1.0;
                    if !inside(cy, cin.height) || !inside(cx, cin.width) {
                        continue;
                    }
                    let at = (k * cout.width + j) as usize;
                    prop_assert!(
                        (got[at] as f64 - field(y, x)).abs() < 1e-5,
                        "{:?} sample ({}, {}) at ({}, {}): {} against {}",
                        siting, k, j, y, x, got[at], field(y, x)
                    );
                }
            }
        }
    }

    /// Runs `planes` of `video` through [`run_frame`] and checks each plane against the CPU
    /// reference of its spec, within `tolerance(spec)`.
    fn check_frame<T: Element + Into<f64>>(
        gpu: &common::Gpu,
        video: &VideoSpec,
        specs: &[ResizeSpec],
        planes: Vec<Vec<T>>,
        layout: Planes,
        tolerance: impl Fn(&ResizeSpec) -> f64,
    ) -> Result<(), TestCaseError> {
        let got = run_frame(gpu, video, &planes, layout);
        for (i, ((spec, plane), out)) in specs.iter().zip(&planes).zip(&got).enumerate() {
            let report = compare(out, &reference::resize(spec, plane).unwrap());
            prop_assert!(
                report.within(tolerance(spec)),
                "{:?} {:?} plane {}: {}",
                video,
                layout,
                i,
                report
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(common::proptest_config(32))]

        /// Generated frames on the GPU: every plane of one `encode_video` call (each plane in
        /// a buffer of its own) and of one `encode_video_slices` call (each end's planes in
        /// one buffer, sentinel bytes around the output planes) matches the CPU reference of
        /// its plane spec into poisoned outputs, in f32, f16 and u8; a frame video refuses is
        /// the same typed error from `encode_video` as from `plane_specs`, recording nothing.
        #[test]
        fn generated_frames_match_the_reference(
            (element, video) in prop_oneof![
                Just(ElementType::F32), Just(ElementType::F16), Just(ElementType::U8)
            ].prop_flat_map(|element| (Just(element), frame(element))),
            packed in any::<bool>(),
            seed in any::<u64>(),
        ) {
            let Some(gpu) = gpu("generated frames") else { return Ok(()) };
            let Ok(video) = video else { return Ok(()) };
            let layout = if packed { Planes::Packed } else { Planes::Separate };
            let specs = match video.plane_specs() {
                Ok(specs) => specs,
                Err(error) => {
                    let mut encoder = gpu.context.device.create_command_encoder(&Default::default());
                    let buffers: Vec<wgpu::Buffer> = (0..video.format.planes())
                        .map(|_| gpu.context.device.create_buffer(&wgpu::BufferDescriptor {
                            label: None,
                            size: 4096,
                            usage: wgpu::BufferUsages::STORAGE,
                            mapped_at_creation: false,
                        }))
                        .collect();
                    let refs: Vec<&wgpu::Buffer> = buffers.iter().collect();
                    let got = gpu.resizer.encode_video(&mut encoder, &video, &refs, &refs, Path::Auto);
                    prop_assert_eq!(got.unwrap_err().to_string(), error.to_string());
                    return Ok(());
                }
            };
            let mut rng = common::Rng::new(seed);
            let lens: Vec<usize> = specs.iter().map(ResizeSpec::input_len).collect();
            match element {
                ElementType::F32 => {
                    let planes = lens.iter().map(|&n| rng.f32s(n)).collect();
                    check_frame(gpu, &video, &specs, planes, layout, |_| 2e-5)?
                }
                ElementType::F16 => {
                    let planes = lens.iter().map(|&n| rng.f16s(n)).collect();
                    check_frame(gpu, &video, &specs, planes, layout, |_| 2e-3)?
                }
                ElementType::U8 => {
                    let planes = lens.iter().map(|&n| rng.u8s(n)).collect();
                    // Pillow's fixed point is exact; float sums may round a tie either way.
                    check_frame(gpu, &video, &specs, planes, layout, |spec| {
                        if spec.fixed_point() { 0.0 } else { 1.0 }
                    })?
                }
                other => unreachable!("no frame of {other:?} is generated"),
            }
        }
    }
}
