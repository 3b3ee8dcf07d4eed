//! After warm-up, recording a resize creates no pipelines, buffers or bind groups: the library's
//! own counters stay still over frames that alternate between buffer sets.

mod common;

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
    ];
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
    let Some(gpu) = common::gpu("blocking resizes") else {
        return;
    };
    let device = &gpu.context.device;
    let resizer = Resizer::new(device, &gpu.context.queue).unwrap();
    let spec = ResizeSpec::builder(Size2::new(64, 48), Size2::new(128, 96))
        .channels(4)
        .build()
        .unwrap();
    let data = common::Rng::new(5).f32s(spec.input_len());
    let allocated = || {
        device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
        device
            .generate_allocator_report()
            .map(|report| report.total_allocated_bytes)
    };
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
