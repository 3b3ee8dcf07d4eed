//! Batched crop-and-resize: ONNX Runtime's own `tf_crop_and_resize` outputs (one `Resize` per
//! box, `tests/data/crop_batch/`, written by `scripts/make_crop_batch_data.py`), random batches
//! against the CPU reference (in whole buffers and at offsets inside larger ones), reuse of one
//! batch across frames, and bad boxes.

mod common;

use std::path::PathBuf;

use common::{Arena, Rng, crop_buffers, gpu, run_crops, run_crops_into};
use wgpu_resize::presets::{self, OnnxCoordinates, OnnxMode, OnnxResize, PillowFilter};
use wgpu_resize::{
    CropBatch, CropBox, Element, Filter, Layout, Normalization, ResizeError, ResizeSpec, Size2,
    compare, crop, npy,
};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/crop_batch")
}

#[test]
fn matches_onnx_runtime_tf_crop_and_resize() {
    let Some(gpu) = gpu("matches_onnx_runtime_tf_crop_and_resize") else {
        return;
    };
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data_dir().join("cases.json")).unwrap())
            .unwrap();
    let cases = meta["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 5);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let source = npy::read::<f32>(&data_dir().join(format!("{name}.in.npy"))).unwrap();
        let expected = npy::read::<f32>(&data_dir().join(format!("{name}.out.npy"))).unwrap();
        let [images, h, w, c] = source.shape;
        let size: Vec<u32> = serde_json::from_value(case["output"].clone()).unwrap();
        let mode = match case["mode"].as_str().unwrap() {
            "linear" => OnnxMode::Linear,
            "nearest" => OnnxMode::Nearest,
            "cubic" => OnnxMode::Cubic,
            other => panic!("mode {other}"),
        };
        let node = OnnxResize {
            mode,
            coordinates: OnnxCoordinates::TfCropAndResize,
            extrapolation_value: case["extrapolation_value"].as_f64().unwrap() as f32,
            ..OnnxResize::default()
        };
        let template = presets::onnx(Size2::new(h, w), Size2::new(size[0], size[1]), &node)
            .unwrap()
            .batch(images)
            .channels(c)
            .build()
            .unwrap();
        let boxes: Vec<CropBox> = case["boxes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                let coords: [f64; 4] = serde_json::from_value(b["box"].clone()).unwrap();
                CropBox::new(b["image"].as_u64().unwrap() as u32, coords)
            })
            .collect();
        assert_eq!(expected.shape[0] as usize, boxes.len());

        let cpu = crop::reference(&template, &boxes, &source.data).unwrap();
        let report = compare(&cpu, &expected.data);
        assert!(
            report.within(1e-5),
            "{name} CPU reference vs ONNX Runtime: {report}"
        );

        let mut batch = gpu.resizer.crop_batch(&template, 4).unwrap();
        gpu.resizer.set_crop_boxes(&mut batch, &boxes).unwrap();
        let out = run_crops(gpu, &batch, &source.data);
        let report = compare(&out, &expected.data);
        assert!(report.within(1e-5), "{name} GPU vs ONNX Runtime: {report}");
    }
}

/// A random template: filter, antialias, layout, channels, element and box kind vary.
fn random_template(rng: &mut Rng) -> (ResizeSpec, bool) {
    let input = Size2::new(rng.range(3, 24), rng.range(3, 24));
    let output = Size2::new(rng.range(1, 12), rng.range(1, 12));
    let images = rng.range(1, 3);
    if rng.range(0, 3) == 0 {
        // Pillow's box semantics in pixels, on u8 RGBA in Pillow's fixed point.
        let filter = [
            PillowFilter::Bilinear,
            PillowFilter::Bicubic,
            PillowFilter::Lanczos,
        ][rng.range(0, 2) as usize];
        let spec = presets::pillow(input, output, filter)
            .crop(0.0, 0.0, 1.0, 1.0)
            .batch(images)
            .channels(4)
            .element(wgpu_resize::ElementType::U8)
            .build()
            .unwrap();
        return (spec, true);
    }
    let filter = [
        Filter::Linear,
        Filter::Cubic { a: -0.5 },
        Filter::Lanczos { lobes: 3 },
        Filter::Nearest(wgpu_resize::NearestRule::RoundPreferCeil),
    ][rng.range(0, 3) as usize];
    let spec = ResizeSpec::builder(input, output)
        .batch(images)
        .channels([1, 3, 4, 8][rng.range(0, 3) as usize])
        .layout(if rng.range(0, 1) == 0 {
            Layout::Nhwc
        } else {
            Layout::Nchw
        })
        .filter(filter)
        .antialias(rng.range(0, 1) == 1)
        .mapping(wgpu_resize::CoordinateMapping::TfCropAndResize {
            start: 0.0,
            end: 1.0,
        })
        .extrapolation_value(rng.unit())
        .build()
        .unwrap();
    (spec, false)
}

fn random_boxes(rng: &mut Rng, template: &ResizeSpec, pixels: bool) -> Vec<CropBox> {
    let input = template.input();
    (0..rng.range(1, 9))
        .map(|_| {
            let image = rng.range(0, template.batch() - 1);
            if pixels {
                let (h, w) = (input.height as f64, input.width as f64);
                let top = (rng.unit() as f64 * 0.5 + 0.5) * h * 0.8;
                let left = (rng.unit() as f64 * 0.5 + 0.5) * w * 0.8;
                let height = 0.5 + (rng.unit() as f64 * 0.5 + 0.5) * (h - top);
                let width = 0.5 + (rng.unit() as f64 * 0.5 + 0.5) * (w - left);
                CropBox::new(image, [top, left, top + height, left + width])
            } else {
                let c = [0; 4].map(|_| rng.unit() as f64 * 0.7 + 0.5);
                CropBox::new(image, c)
            }
        })
        .collect()
}

#[test]
fn random_batches_match_the_cpu_reference() {
    let Some(gpu) = gpu("random_batches_match_the_cpu_reference") else {
        return;
    };
    let alignment = gpu
        .context
        .device
        .limits()
        .min_storage_buffer_offset_alignment as u64;
    for seed in 0..24 {
        let mut rng = Rng::new(7000 + seed);
        let (template, pixels) = random_template(&mut rng);
        // A third of the float templates of at most four channels normalise their crops.
        let channels = template.channels() as usize;
        let normalized = !pixels && channels <= 4 && seed % 3 == 1;
        let template = if normalized {
            let statistics = Normalization::new(
                &[0.25, -0.5, 0.1, 0.3][..channels],
                &[0.5, 2.0, -0.25, 0.75][..channels],
            )
            .unwrap();
            template
                .to_builder()
                .normalize(Some(statistics))
                .build()
                .unwrap()
        } else {
            template
        };
        let boxes = random_boxes(&mut rng, &template, pixels);
        let context = format!("seed {seed}: {template:?}, {} boxes", boxes.len());
        let mut batch = gpu.resizer.crop_batch(&template, 2).unwrap();
        gpu.resizer.set_crop_boxes(&mut batch, &boxes).unwrap();
        // Each batch also runs in slices of larger buffers, offset on one end or the other, so
        // that an offset applied to the wrong end shows; every other seed pair records them
        // into a compute pass of the test's own.
        let offset = alignment * rng.range(1, 3) as u64;
        let offsets = if seed % 2 == 0 {
            (offset, 0)
        } else {
            (0, offset)
        };
        let in_pass = seed % 4 >= 2;
        if pixels {
            let input = rng.u8s(template.input_len());
            let expected = crop::reference(&template, &boxes, &input).unwrap();
            let whole = run_crops(gpu, &batch, &input);
            let sliced = run_in_slices(gpu, &batch, &input, offsets, in_pass, &context);
            // Pillow's fixed point on both sides: the same integers.
            assert_eq!(whole, expected, "{context}");
            assert_eq!(sliced, expected, "{context} in slices");
        } else {
            let input = rng.f32s(template.input_len());
            let expected = crop::reference(&template, &boxes, &input).unwrap();
            let whole = run_crops(gpu, &batch, &input);
            let sliced = run_in_slices(gpu, &batch, &input, offsets, in_pass, &context);
            // A std of 0.25 scales the resize's rounding by 4.
            let tolerance = if normalized { 4e-4 } else { 1e-4 };
            for (out, how) in [(whole, "whole buffers"), (sliced, "slices")] {
                let report = compare(&out, &expected);
                assert!(report.within(tolerance), "{context} in {how}: {report}");
            }
        }
    }
}

/// A batch's tables share one tap count, its widest box's, so a narrow box's rows are padded
/// with zero weights. Kernels load those taps too: a padded band near the bottom or right edge
/// must start earlier, not run past the last row or column into the next image (0 x infinity
/// is NaN). Boxes of image 0 in its corner, beside a box of all of it antialiased (four taps
/// each way against the corner boxes' two), with image 1 all infinities; f32 and f16, both
/// layouts.
#[test]
fn padded_bands_stay_inside_the_image() {
    let Some(gpu) = gpu("padded_bands_stay_inside_the_image") else {
        return;
    };
    let boxes = [
        CropBox::new(0, [0.0, 0.0, 6.0, 5.0]),
        CropBox::new(0, [5.0, 4.0, 6.0, 5.0]),
        CropBox::new(0, [4.5, 3.25, 7.5, 6.0]),
    ];
    let mut rng = Rng::new(404);
    for layout in [Layout::Nchw, Layout::Nhwc] {
        let rule = wgpu_resize::AxisResample::default()
            .with_antialias(true)
            .with_border(wgpu_resize::Border::Renormalize)
            .with_mapping(wgpu_resize::CoordinateMapping::Region {
                start: 0.0,
                end: 1.0,
            });
        let template = |element| {
            ResizeSpec::builder(Size2::new(6, 5), Size2::new(2, 2))
                .batch(2)
                .channels(if layout == Layout::Nchw { 1 } else { 3 })
                .layout(layout)
                .element(element)
                .both_axes(rule)
                .build()
                .unwrap()
        };
        // Image 0 random, image 1 infinities.
        let image = |values: Vec<f32>| {
            let mut all = values.clone();
            all.extend(std::iter::repeat_n(f32::INFINITY, values.len()));
            all
        };

        let spec = template(wgpu_resize::ElementType::F32);
        let input = image(rng.f32s(spec.input_len() / 2));
        let mut batch = gpu.resizer.crop_batch(&spec, 3).unwrap();
        gpu.resizer.set_crop_boxes(&mut batch, &boxes).unwrap();
        let expected = crop::reference(&spec, &boxes, &input).unwrap();
        let got = run_crops(gpu, &batch, &input);
        let report = compare(&got, &expected);
        assert!(report.within(1e-5), "{layout:?} f32: {report}");

        let spec = template(wgpu_resize::ElementType::F16);
        let input: Vec<half::f16> = image(rng.f32s(spec.input_len() / 2))
            .into_iter()
            .map(half::f16::from_f32)
            .collect();
        let mut batch = gpu.resizer.crop_batch(&spec, 3).unwrap();
        gpu.resizer.set_crop_boxes(&mut batch, &boxes).unwrap();
        let expected = crop::reference(&spec, &boxes, &input).unwrap();
        let got = run_crops(gpu, &batch, &input);
        let report = compare(&got, &expected);
        assert!(report.within(2e-3), "{layout:?} f16: {report}");
    }
}

/// Records `batch` with its source at `in_offset` of a buffer that is poison elsewhere and its
/// output slice at `out_offset` of a buffer of sentinel bytes, through `encode_crops_slices` or,
/// with `in_pass`, `encode_crops_slices_in_pass` into a compute pass of the test's own; asserts
/// that the bytes around the output slice are unchanged and returns the batch's outputs.
fn run_in_slices<T: Element>(
    gpu: &common::Gpu,
    batch: &CropBatch,
    input: &[T],
    (in_offset, out_offset): (u64, u64),
    in_pass: bool,
    what: &str,
) -> Vec<T> {
    let template = batch.template();
    let (source, target) = Arena::pair(
        gpu,
        input,
        (in_offset, template.input_bytes()),
        (out_offset, batch.output_bytes()),
    );
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    if in_pass {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        gpu.resizer
            .encode_crops_slices_in_pass(&mut pass, batch, source.slice(0), target.slice(0))
            .expect("encode_crops_slices_in_pass");
    } else {
        gpu.resizer
            .encode_crops_slices(&mut encoder, batch, source.slice(0), target.slice(0))
            .expect("encode_crops_slices");
    }
    gpu.context.queue.submit([encoder.finish()]);
    let per_box = template.output_len() / template.batch() as usize;
    let elements = per_box * batch.boxes() as usize;
    let mut slots = target.read_slots::<T>(gpu, &[elements], what);
    slots.remove(0)
}

#[test]
fn one_batch_serves_many_frames_without_new_buffers() {
    let Some(gpu) = gpu("one_batch_serves_many_frames_without_new_buffers") else {
        return;
    };
    let template = ResizeSpec::builder(Size2::new(20, 30), Size2::new(6, 6))
        .channels(4)
        .filter(Filter::Linear)
        .mapping(wgpu_resize::CoordinateMapping::TfCropAndResize {
            start: 0.0,
            end: 1.0,
        })
        .build()
        .unwrap();
    let mut rng = Rng::new(99);
    let input = rng.f32s(template.input_len());
    // A resizer of its own, so that other tests' work does not move its counters.
    let resizer = wgpu_resize::Resizer::new(&gpu.context.device, &gpu.context.queue).unwrap();
    // Room for the most boxes `random_boxes` makes.
    let mut batch = resizer.crop_batch(&template, 9).unwrap();
    // The frame's own buffers, made once: the output has room for the largest batch below.
    let (input_buffer, output_buffer) =
        crop_buffers(gpu, &template, &input, template.output_bytes() * 40);
    let mut warm = None;
    for frame in 0..4 {
        let boxes = random_boxes(&mut rng, &template, false);
        resizer.set_crop_boxes(&mut batch, &boxes).unwrap();
        let out: Vec<f32> = run_crops_into(gpu, &resizer, &batch, &input_buffer, &output_buffer);
        let expected = crop::reference(&template, &boxes, &input).unwrap();
        let report = compare(&out, &expected);
        assert!(report.within(1e-4), "frame {frame}: {report}");
        let stats = resizer.stats();
        match warm {
            // Frame 0 built the pipeline and the bind group for these buffers.
            None => warm = Some(stats),
            Some(warm) => assert_eq!(stats, warm, "frame {frame} created GPU objects"),
        }
    }
    // Growing past the capacity makes one larger table buffer, and the results stay right.
    let many: Vec<CropBox> = (0..40)
        .map(|i| CropBox::new(0, [0.01 * i as f64, 0.0, 1.0, 1.0 - 0.01 * i as f64]))
        .collect();
    let before = resizer.stats();
    resizer.set_crop_boxes(&mut batch, &many).unwrap();
    assert_eq!(resizer.stats().buffers_created, before.buffers_created + 1);
    let out: Vec<f32> = run_crops_into(gpu, &resizer, &batch, &input_buffer, &output_buffer);
    let expected = crop::reference(&template, &many, &input).unwrap();
    assert!(compare(&out, &expected).within(1e-4));
}

#[test]
fn bad_boxes_and_templates_are_typed_errors() {
    let Some(gpu) = gpu("bad_boxes_and_templates_are_typed_errors") else {
        return;
    };
    let whole_axes = ResizeSpec::builder(Size2::new(8, 8), Size2::new(4, 4))
        .build()
        .unwrap();
    let err = gpu.resizer.crop_batch(&whole_axes, 1).err().unwrap();
    assert!(
        err.to_string().contains("TfCropAndResize"),
        "half-pixel template: {err}"
    );
    // ONNX Runtime's plain linear on uint8 reads clamped, padded tables that a batch cannot
    // share; the same template on f32 makes a batch.
    let node = wgpu_resize::presets::OnnxResize {
        mode: wgpu_resize::presets::OnnxMode::Linear,
        coordinates: wgpu_resize::presets::OnnxCoordinates::TfCropAndResize,
        ..Default::default()
    };
    let onnx = wgpu_resize::presets::onnx(Size2::new(8, 8), Size2::new(4, 4), &node).unwrap();
    let bytes = onnx.element(wgpu_resize::ElementType::U8).build().unwrap();
    assert!(bytes.onnx_linear_u8().is_some());
    let err = gpu.resizer.crop_batch(&bytes, 1).err().unwrap();
    assert!(matches!(err, ResizeError::Spec(_)), "{err:?}");
    assert!(
        err.to_string()
            .contains("ONNX Runtime's plain linear on uint8"),
        "{err}"
    );
    assert!(gpu.resizer.crop_batch(&onnx.build().unwrap(), 1).is_ok());

    let template = whole_axes
        .to_builder()
        .batch(2)
        .mapping(wgpu_resize::CoordinateMapping::TfCropAndResize {
            start: 0.0,
            end: 1.0,
        })
        .build()
        .unwrap();
    let mut batch = gpu.resizer.crop_batch(&template, 1).unwrap();
    let good = [CropBox::new(1, [0.0, 0.0, 0.5, 0.5])];
    gpu.resizer.set_crop_boxes(&mut batch, &good).unwrap();
    let out_of_range = [CropBox::new(2, [0.0, 0.0, 1.0, 1.0])];
    let err = gpu
        .resizer
        .set_crop_boxes(&mut batch, &out_of_range)
        .unwrap_err();
    assert!(matches!(err, ResizeError::Spec(_)), "{err:?}");
    assert!(err.to_string().contains("image 2"), "{err}");
    let not_finite = [CropBox::new(0, [0.0, f64::NAN, 1.0, 1.0])];
    assert!(gpu.resizer.set_crop_boxes(&mut batch, &not_finite).is_err());
    // The batch kept its last good boxes.
    assert_eq!(batch.boxes(), 1);

    // The convenience checks the slice against the template.
    let err = gpu
        .resizer
        .crop_and_resize(&template, &good, &[0.0f32; 3])
        .unwrap_err();
    assert!(matches!(err, ResizeError::WrongLength { .. }), "{err:?}");
    let input = vec![0.25f32; template.input_len()];
    let out = gpu
        .resizer
        .crop_and_resize(&template, &good, &input)
        .unwrap();
    assert_eq!(out, vec![0.25f32; 16]);
}

/// Later sets of boxes larger than the first that a batch recorded into the same output buffer
/// are written whole: the bind group made for the first set binds the whole output slice, not
/// the first set's bytes (when it bound those, the boxes past the first set's count stayed
/// unwritten). Plain and normalised templates, into poisoned outputs, with no GPU object
/// created after the first set.
#[test]
fn growing_sets_of_boxes_are_written_whole() {
    let Some(gpu) = gpu("growing_sets_of_boxes_are_written_whole") else {
        return;
    };
    let plain = ResizeSpec::builder(Size2::new(20, 30), Size2::new(6, 6))
        .channels(3)
        .layout(Layout::Nchw)
        .mapping(wgpu_resize::CoordinateMapping::TfCropAndResize {
            start: 0.0,
            end: 1.0,
        })
        .build()
        .unwrap();
    let normalized = plain
        .to_builder()
        .normalize(Some(Normalization::IMAGENET))
        .build()
        .unwrap();
    let mut rng = Rng::new(0x0b_0c5);
    for template in [plain, normalized] {
        let input = rng.f32s(template.input_len());
        let resizer = wgpu_resize::Resizer::new(&gpu.context.device, &gpu.context.queue).unwrap();
        let mut batch = resizer.crop_batch(&template, 9).unwrap();
        let (input_buffer, output_buffer) =
            crop_buffers(gpu, &template, &input, template.output_bytes() * 9);
        let mut warm = None;
        for count in [1usize, 6, 2, 9] {
            let boxes: Vec<CropBox> = (0..count)
                .map(|i| CropBox::new(0, [0.05 * i as f64, 0.0, 1.0, 1.0 - 0.03 * i as f64]))
                .collect();
            resizer.set_crop_boxes(&mut batch, &boxes).unwrap();
            let out: Vec<f32> =
                run_crops_into(gpu, &resizer, &batch, &input_buffer, &output_buffer);
            let expected = crop::reference(&template, &boxes, &input).unwrap();
            let report = compare(&out, &expected);
            let what = format!("{count} boxes, normalised {:?}", template.normalization());
            assert!(report.within(4e-4), "{what}: {report}");
            match warm {
                None => warm = Some(resizer.stats()),
                Some(warm) => assert_eq!(resizer.stats(), warm, "{what}: created GPU objects"),
            }
        }
    }
}

/// `CropBatch::kernel` names the dispatch of the boxes set last: none before any are set or
/// while none are, and the taps of the widest box's footprint (boxes of the output's size copy
/// their pixels, antialiased boxes of four times its size read more than four inputs an axis).
#[test]
fn a_batch_names_the_kernel_of_its_boxes() {
    let Some(gpu) = gpu("a_batch_names_the_kernel_of_its_boxes") else {
        return;
    };
    let template = ResizeSpec::builder(Size2::new(64, 64), Size2::new(8, 8))
        .channels(4)
        .filter(Filter::Linear)
        .antialias(true)
        .mapping(wgpu_resize::CoordinateMapping::Region {
            start: 0.0,
            end: 64.0,
        })
        .build()
        .unwrap();
    let mut batch = gpu.resizer.crop_batch(&template, 4).unwrap();
    assert_eq!(batch.kernel(), None);
    let kernel_of = |batch: &mut wgpu_resize::CropBatch, side: f64| {
        let boxes = [CropBox::new(0, [0.0, 0.0, side, side]); 3];
        gpu.resizer.set_crop_boxes(batch, &boxes).unwrap();
        let pass = batch.kernel().expect("boxes set");
        assert!(pass.kernel.starts_with("wgpu-resize gather"), "{pass:?}");
        let (x, y, z) = pass.workgroups;
        assert!(x >= 1 && y >= 1 && z >= 1, "{pass:?}");
        pass
    };
    // The label's "taps YxX".
    let taps = |pass: &wgpu_resize::PassKernel| -> (u32, u32) {
        let after = pass
            .kernel
            .split(" taps ")
            .nth(1)
            .expect("taps in the label");
        let taps = after.split(' ').next().unwrap();
        let (y, x) = taps.split_once('x').unwrap();
        (y.parse().unwrap(), x.parse().unwrap())
    };
    // Boxes of the output's size copy their pixels: one tap an axis. Four times as large,
    // antialiased, the footprint of each output spans more than four inputs an axis.
    let same_size = kernel_of(&mut batch, 8.0);
    let shrinking = kernel_of(&mut batch, 32.0);
    assert_eq!(taps(&same_size), (1, 1), "{same_size:?}");
    let (y, x) = taps(&shrinking);
    assert!(y > 4 && x > 4, "{shrinking:?}");
    gpu.resizer.set_crop_boxes(&mut batch, &[]).unwrap();
    assert_eq!(batch.kernel(), None);
}

/// A template with a sub-image (`cut`) makes a batch of slices, each resized as an image of
/// its own in one dispatch: on seeded random slices of two images (inside, on the edges, one
/// pixel, whole), in PyTorch's 8-bit bicubic, Pillow's 8-bit bilinear, f32 bilinear with
/// aligned corners, OpenCV's 8-bit bilinear and lanczos4 and ONNX Runtime's plain linear on
/// uint8 (their padded tables clamped into each slice), each box's output is the same spec
/// without the cut on the slice cut out on the host (u8 to the byte) and `crop::reference`'s.
/// Pillow's boxes whose slices round their passes in different orders are refused with a typed
/// error.
#[test]
fn batches_of_slices_resize_each_as_an_image_of_its_own() {
    use wgpu_resize::presets::{OpenCvInterpolation, TorchMode, TorchOutput};
    use wgpu_resize::{CoordinateMapping, ElementType, ResizeSpecBuilder};
    let Some(gpu) = gpu("batches_of_slices_resize_each_as_an_image_of_its_own") else {
        return;
    };
    let frame = Size2::new(30, 44);
    let output = Size2::new(12, 9);
    let onnx_linear = OnnxResize {
        mode: OnnxMode::Linear,
        ..OnnxResize::default()
    };
    let mut rng = Rng::new(0xb0c5);
    let (mut ran, mut refused) = (0, 0);
    for case in 0..20 {
        let element = match case % 5 {
            2 => ElementType::F32,
            _ => ElementType::U8,
        };
        let convention = |size: Size2| -> ResizeSpecBuilder {
            match case % 5 {
                3 if case % 2 == 0 => presets::opencv(size, output, OpenCvInterpolation::Linear),
                3 => presets::opencv(size, output, OpenCvInterpolation::Lanczos4),
                4 => presets::onnx(size, output, &onnx_linear).unwrap(),
                1 => presets::pillow(size, output, PillowFilter::Bilinear),
                2 => ResizeSpec::builder(size, output).mapping(CoordinateMapping::AlignCorners),
                _ => presets::torch(
                    size,
                    TorchOutput::Size(output),
                    TorchMode::Bicubic,
                    false,
                    false,
                )
                .unwrap()
                .torch_fixed_point(true),
            }
        };
        let channels = [1, 3, 4][case % 3];
        let layout = if case % 2 == 0 {
            Layout::Nhwc
        } else {
            Layout::Nchw
        };
        let options =
            |builder: ResizeSpecBuilder| builder.channels(channels).layout(layout).element(element);
        let template = options(convention(frame))
            .batch(2)
            .cut(Some([0, 0, frame.height, frame.width]))
            .build()
            .unwrap();
        let boxes: Vec<CropBox> = (0..5)
            .map(|k| {
                let pick = |rng: &mut Rng, len: u32| match k {
                    0 => (0, len),
                    1 => {
                        let at = rng.range(0, len - 1);
                        (at, at + 1)
                    }
                    _ => {
                        let start = rng.range(0, len - 1);
                        (start, rng.range(start + 1, len))
                    }
                };
                let (top, bottom) = pick(&mut rng, frame.height);
                let (left, right) = pick(&mut rng, frame.width);
                let corners = [top, left, bottom, right].map(f64::from);
                CropBox::new(rng.range(0, 1), corners)
            })
            .collect();
        let mut batch = gpu.resizer.crop_batch(&template, 5).unwrap();
        let what = format!("case {case}: {boxes:?}");
        if let Err(err) = gpu.resizer.set_crop_boxes(&mut batch, &boxes) {
            assert!(
                err.to_string().contains("different orders"),
                "{what}: {err}"
            );
            let orders: Vec<bool> = boxes
                .iter()
                .map(|b| {
                    let slice = Size2::new((b.bottom - b.top) as u32, (b.right - b.left) as u32);
                    options(convention(slice))
                        .build()
                        .unwrap()
                        .rounds_vertical_first()
                })
                .collect();
            assert!(orders.iter().any(|&o| o != orders[0]), "{what}: {orders:?}");
            refused += 1;
            continue;
        }
        ran += 1;
        if element == ElementType::U8 {
            let data = rng.u8s(template.input_len());
            let got: Vec<u8> = run_crops(gpu, &batch, &data);
            assert_eq!(
                got,
                crop::reference(&template, &boxes, &data).unwrap(),
                "{what}"
            );
            slices_match(
                &template,
                &boxes,
                &data,
                &got,
                |slice| options(convention(slice)).build().unwrap(),
                &what,
            );
        } else {
            let data = rng.f32s(template.input_len());
            let got: Vec<f32> = run_crops(gpu, &batch, &data);
            let expected = crop::reference(&template, &boxes, &data).unwrap();
            assert!(compare(&got, &expected).within(1e-5), "{what}");
            slices_match(
                &template,
                &boxes,
                &data,
                &got,
                |slice| options(convention(slice)).build().unwrap(),
                &what,
            );
        }
    }
    assert!(ran >= 14, "{ran} batches ran, {refused} refused");

    /// Asserts that each box's part of `got` is the resize of its slice, cut out of `data` on
    /// the host, by `alone(slice size)`.
    fn slices_match<T: Element + Into<f64>>(
        template: &ResizeSpec,
        boxes: &[CropBox],
        data: &[T],
        got: &[T],
        alone: impl Fn(Size2) -> ResizeSpec,
        what: &str,
    ) {
        let per_box = got.len() / boxes.len();
        for (k, b) in boxes.iter().enumerate() {
            let cut = [b.top, b.left, b.bottom, b.right].map(|v| v as u32);
            let spec = alone(Size2::new(cut[2] - cut[0], cut[3] - cut[1]));
            let slice = common::cut_out(data, template, b.image as usize, cut);
            let expected = wgpu_resize::reference::resize(&spec, &slice).unwrap();
            let report = compare(&got[k * per_box..][..per_box], &expected);
            assert!(report.within(1e-5), "{what}: box {k}: {report}");
        }
    }
}
