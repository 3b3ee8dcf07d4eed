//! After warm-up, recording a resize creates no pipelines, buffers or bind groups: the library's
//! own counters stay still over frames that alternate between buffer sets, two-step resizes
//! (Pillow's reduction, and a slice's copy) included.

mod common;

use wgpu::util::DeviceExt;
use wgpu_resize::{Path, ResizeSpec, Resizer, Size2};

#[test]
fn steady_state_frames_allocate_nothing() {
    let Some(gpu) = common::gpu("steady state") else {
        return;
    };
    let device = &gpu.context.device;
    let resizer = Resizer::new(device, &gpu.context.queue).unwrap();
    let specs = [
        ResizeSpec::builder(Size2::new(30, 40), Size2::new(61, 17))
            .channels(4)
            .build()
            .unwrap(),
        ResizeSpec::builder(Size2::new(30, 40), Size2::new(12, 90))
            .channels(3)
            .build()
            .unwrap(),
        // Pillow's thumbnail of RGBA bytes: two stages through a pooled reduced image.
        wgpu_resize::presets::pillow_thumbnail(
            Size2::new(30, 40),
            Size2::new(8, 8),
            wgpu_resize::presets::PillowFilter::Bicubic,
        )
        .unwrap()
        .channels(4)
        .element(wgpu_resize::ElementType::U8)
        .premultiplied_alpha(true)
        .build()
        .unwrap(),
        // PyTorch's 8-bit bicubic of a slice: two stages through a pooled copy of the slice.
        wgpu_resize::presets::torch(
            Size2::new(21, 13),
            wgpu_resize::presets::TorchOutput::Size(Size2::new(9, 30)),
            wgpu_resize::presets::TorchMode::Bicubic,
            false,
            false,
        )
        .unwrap()
        .sizes(Size2::new(30, 40), Size2::new(9, 30))
        .cut(Some([4, 20, 25, 33]))
        .channels(3)
        .element(wgpu_resize::ElementType::U8)
        .torch_fixed_point(true)
        .build()
        .unwrap(),
    ];
    assert!(specs[2].reduction().is_some());
    assert!(specs[3].cut().is_some());
    let buffer = |size| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        })
    };
    let sets: Vec<(wgpu::Buffer, wgpu::Buffer)> = (0..2)
        .map(|_| {
            (
                buffer(specs[0].input_bytes().max(specs[1].input_bytes())),
                buffer(4 * 61 * 90 * 4),
            )
        })
        .collect();
    let frame = |k: usize| {
        let (input, output) = &sets[k % 2];
        let mut encoder = device.create_command_encoder(&Default::default());
        for spec in &specs {
            for path in [Path::Gather, Path::Separable, Path::Auto] {
                resizer
                    .encode(&mut encoder, spec, input, output, path)
                    .unwrap();
            }
        }
        gpu.context.queue.submit([encoder.finish()]);
    };
    frame(0);
    frame(1);
    let warm = resizer.stats();
    assert!(
        warm.bind_groups_created > 0 && warm.buffers_created > 0,
        "{warm:?}"
    );
    for k in 2..20 {
        frame(k);
    }
    assert_eq!(resizer.stats(), warm);
    // A new pair of buffers costs bind groups, and nothing else.
    let (input, output) = (
        buffer(specs[0].input_bytes().max(specs[1].input_bytes())),
        buffer(4 * 61 * 90 * 4),
    );
    let mut encoder = device.create_command_encoder(&Default::default());
    resizer
        .encode(&mut encoder, &specs[0], &input, &output, Path::Gather)
        .unwrap();
    let after = resizer.stats();
    assert!(after.bind_groups_created > warm.bind_groups_created);
    assert_eq!(
        (after.buffers_created, after.pipelines),
        (warm.buffers_created, warm.pipelines)
    );
}

/// The blocking `resize` uploads into buffers of its own and drops them when it returns: the
/// resizer must not keep them alive through its cache of bind groups (a folder of 4K images
/// resized one by one would hold 64 images' buffers), whether the path was named or `auto`
/// measured it. Where the backend reports its allocations, they must not grow with calls.
#[test]
fn blocking_resizes_keep_no_buffers_of_their_own() {
    // A device of its own: the allocator report counts the whole device.
    let Some(own) = common::own_gpu("blocking resizes") else {
        return;
    };
    let (gpu, resizer) = (&own, &own.resizer);
    let device = &gpu.context.device;
    let spec = ResizeSpec::builder(Size2::new(64, 48), Size2::new(128, 96))
        .channels(4)
        .build()
        .unwrap();
    let data = common::Rng::new(5).f32s(spec.input_len());
    let allocated = || common::allocated_bytes(device);
    for path in [Path::Gather, Path::Separable, Path::Auto] {
        // The first call prepares the spec (tables, parameters, intermediate): kept, as they
        // serve every later call.
        resizer.resize(&spec, &data, path).unwrap();
        let before = allocated();
        for _ in 0..6 {
            resizer.resize(&spec, &data, path).unwrap();
        }
        assert_eq!(resizer.stats().bind_group_sets_held, 0, "{path}");
        if let (Some(before), Some(after)) = (before, allocated()) {
            // Each call's own buffers: 6 calls would hold 6 x this.
            let per_call = spec.input_bytes() + spec.output_bytes();
            assert!(
                after < before + per_call,
                "{path}: {before} -> {after} bytes allocated over 6 calls of {per_call} bytes"
            );
        } else {
            eprintln!("{path}: the backend reports no allocations; the held sets were checked");
        }
    }
}

/// An engine that resizes into buffers of a frame and then drops them tells the resizer with
/// `forget_buffer`: the cached bind groups over them go, so dropping them frees them, and the
/// held sets do not grow frame by frame. A buffer forgotten and bound again gets new bind
/// groups and still resizes right; a crop batch forgets its own the same way.
#[test]
fn forgotten_buffers_leave_the_caches() {
    // A device of its own: the allocator report counts the whole device.
    let Some(own) = common::own_gpu("forgotten buffers") else {
        return;
    };
    let (gpu, resizer) = (&own, &own.resizer);
    let device = &gpu.context.device;
    let spec = ResizeSpec::builder(Size2::new(40, 64), Size2::new(96, 50))
        .channels(4)
        .build()
        .unwrap();
    let data = common::Rng::new(11).f32s(spec.input_len());
    let expected = wgpu_resize::reference::resize(&spec, &data).unwrap();
    let allocated = || common::allocated_bytes(device);
    let buffers = || {
        let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("frame input"),
            contents: bytemuck::cast_slice(&data),
            usage: wgpu::BufferUsages::STORAGE,
        });
        let output = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("frame output"),
            contents: &common::poison::<f32>(spec.output_bytes()),
            usage: wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST,
        });
        (input, output)
    };
    let run = |input: &wgpu::Buffer, output: &wgpu::Buffer, path: Path| -> Vec<f32> {
        let mut encoder = device.create_command_encoder(&Default::default());
        resizer
            .encode(&mut encoder, &spec, input, output, path)
            .unwrap();
        gpu.context.queue.submit([encoder.finish()]);
        let bytes: Vec<u8> =
            wgpu_resize::read_buffer(device, &gpu.context.queue, output, 0..output.size()).unwrap();
        bytemuck::pod_collect_to_vec(&bytes)
    };
    let check = |got: &[f32], what: &str| {
        let report = wgpu_resize::compare(got, &expected);
        assert!(report.within(1e-5), "{what}: {report}");
    };
    for path in [Path::Gather, Path::Separable] {
        // The first frame prepares the spec; its tables and parameters stay.
        let (input, output) = buffers();
        check(&run(&input, &output, path), "first frame");
        resizer.forget_buffer(&input);
        assert_eq!(resizer.stats().bind_group_sets_held, 0, "{path}");
        drop((input, output));
        let before = allocated();
        for frame in 0..6 {
            let (input, output) = buffers();
            check(
                &run(&input, &output, path),
                &format!("{path} frame {frame}"),
            );
            assert_eq!(resizer.stats().bind_group_sets_held, 1, "{path}");
            // Either buffer of the pair frees the set.
            resizer.forget_buffer(if frame % 2 == 0 { &input } else { &output });
            assert_eq!(resizer.stats().bind_group_sets_held, 0, "{path}");
        }
        if let (Some(before), Some(after)) = (before, allocated()) {
            let per_frame = spec.input_bytes() + spec.output_bytes();
            assert!(
                after < before + per_frame,
                "{path}: {before} -> {after} bytes allocated over 6 frames of {per_frame} bytes"
            );
        } else {
            eprintln!("{path}: the backend reports no allocations; the held sets were checked");
        }
    }

    // Forgotten and bound again: new bind groups, the same right output.
    let (input, output) = buffers();
    check(&run(&input, &output, Path::Gather), "before forgetting");
    let created = resizer.stats().bind_groups_created;
    resizer.forget_buffer(&output);
    gpu.context
        .queue
        .write_buffer(&output, 0, &common::poison::<f32>(spec.output_bytes()));
    check(&run(&input, &output, Path::Gather), "bound again");
    assert!(resizer.stats().bind_groups_created > created);

    // A crop batch's own bind groups.
    let template = ResizeSpec::builder(spec.input(), Size2::new(9, 7))
        .channels(4)
        .mapping(wgpu_resize::CoordinateMapping::TfCropAndResize {
            start: 0.0,
            end: 1.0,
        })
        .build()
        .unwrap();
    let mut batch = resizer.crop_batch(&template, 1).unwrap();
    let boxes = [wgpu_resize::CropBox::new(0, [0.1, 0.2, 0.8, 0.7])];
    resizer.set_crop_boxes(&mut batch, &boxes).unwrap();
    let (crop_in, crop_out) = common::crop_buffers(gpu, &template, &data, batch.output_bytes());
    let got: Vec<f32> = common::run_crops_into(gpu, resizer, &batch, &crop_in, &crop_out);
    let want = wgpu_resize::crop::reference(&template, &boxes, &data).unwrap();
    let report = wgpu_resize::compare(&got, &want);
    assert!(report.within(1e-5), "crop: {report}");
    assert_eq!(batch.bind_groups_held(), 1);
    batch.forget_buffer(&crop_in);
    assert_eq!(batch.bind_groups_held(), 0);
}

/// `ResizerOptions::bind_group_capacity` bounds the sets of bind groups a resizer keeps: with
/// 2, binding five buffer pairs keeps at most 2; with 0, none (every call creates its own, and
/// no buffer is held); by default, all five. Every result still matches the reference.
#[test]
fn the_bind_group_capacity_bounds_what_is_held() {
    let Some(gpu) = common::gpu("bind group capacity") else {
        return;
    };
    let device = &gpu.context.device;
    let spec = ResizeSpec::builder(Size2::new(12, 20), Size2::new(30, 7))
        .channels(3)
        .build()
        .unwrap();
    let data = common::Rng::new(21).f32s(spec.input_len());
    let expected = wgpu_resize::reference::resize(&spec, &data).unwrap();
    let pairs: Vec<(wgpu::Buffer, wgpu::Buffer)> = (0..5)
        .map(|_| {
            let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("capacity input"),
                contents: bytemuck::cast_slice(&data),
                usage: wgpu::BufferUsages::STORAGE,
            });
            let output = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("capacity output"),
                size: spec.output_bytes(),
                usage: wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            (input, output)
        })
        .collect();
    for (capacity, held) in [(Some(2), 2), (Some(0), 0), (None, 5)] {
        let mut options = wgpu_resize::gpu::ResizerOptions::default();
        if let Some(capacity) = capacity {
            options.bind_group_capacity = capacity;
        }
        let resizer = Resizer::with_options(device, &gpu.context.queue, options).unwrap();
        for round in 0..2 {
            for (k, (input, output)) in pairs.iter().enumerate() {
                gpu.context.queue.write_buffer(
                    output,
                    0,
                    &common::poison::<f32>(spec.output_bytes()),
                );
                let mut encoder = device.create_command_encoder(&Default::default());
                resizer
                    .encode(&mut encoder, &spec, input, output, Path::Gather)
                    .unwrap();
                gpu.context.queue.submit([encoder.finish()]);
                let bytes: Vec<u8> =
                    wgpu_resize::read_buffer(device, &gpu.context.queue, output, 0..output.size())
                        .unwrap();
                let got: Vec<f32> = bytemuck::pod_collect_to_vec(&bytes);
                let report = wgpu_resize::compare(&got, &expected);
                assert!(
                    report.within(1e-5),
                    "capacity {capacity:?}, round {round}, pair {k}: {report}"
                );
            }
        }
        let stats = resizer.stats();
        assert_eq!(stats.bind_group_sets_held, held, "capacity {capacity:?}");
        // Two rounds over five pairs: kept sets serve the second round.
        let created = match capacity {
            None => 5,
            _ => 10,
        };
        assert_eq!(
            stats.bind_groups_created, created,
            "capacity {capacity:?}: one bind group a gather"
        );

        // A crop batch keeps as many as its resizer.
        let template = ResizeSpec::builder(spec.input(), Size2::new(4, 5))
            .channels(3)
            .mapping(wgpu_resize::CoordinateMapping::TfCropAndResize {
                start: 0.0,
                end: 1.0,
            })
            .build()
            .unwrap();
        let mut batch = resizer.crop_batch(&template, 1).unwrap();
        let boxes = [wgpu_resize::CropBox::new(0, [0.2, 0.1, 0.9, 0.6])];
        resizer.set_crop_boxes(&mut batch, &boxes).unwrap();
        let want = wgpu_resize::crop::reference(&template, &boxes, &data).unwrap();
        for (input, _) in &pairs {
            let (_, output) = common::crop_buffers(gpu, &template, &data, batch.output_bytes());
            let got: Vec<f32> = common::run_crops_into(gpu, &resizer, &batch, input, &output);
            let report = wgpu_resize::compare(&got, &want);
            assert!(report.within(1e-5), "capacity {capacity:?}, crop: {report}");
        }
        // Five new pairs into a cache of 2: emptied at the third and the fifth.
        let crop_held = match capacity {
            Some(2) => 1,
            _ => held,
        };
        assert_eq!(
            batch.bind_groups_held(),
            crop_held,
            "capacity {capacity:?}, crop"
        );
    }
}
