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
