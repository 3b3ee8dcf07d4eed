//! Timing and the bench suite with each optional feature forced off: without timestamp queries
//! the library falls back to wall-clock timing and still checks every result.

mod common;

use wgpu_resize::adapter::ContextOptions;
use wgpu_resize::bench::{BenchSettings, BenchShape, run_shape};
use wgpu_resize::timing::TimingMethod;
use wgpu_resize::{GpuContext, Path, ResizeError, Resizer};

fn context(withheld: wgpu::Features) -> Option<GpuContext> {
    common::gpu("timing")?;
    Some(
        pollster::block_on(GpuContext::request(ContextOptions {
            withheld_features: withheld,
            ..Default::default()
        }))
        .expect("a second device on the test adapter"),
    )
}

fn bench_small(context: &GpuContext, expected: TimingMethod) {
    let method = TimingMethod::for_device(&context.device);
    assert_eq!(method, expected);
    let resizer = Resizer::new(&context.device, &context.queue).unwrap();
    let shape = BenchShape::scaled(2, 24, 40, 4, 1.5);
    let settings = BenchSettings {
        budget_seconds: 0.01,
        rounds: 2,
    };
    let results = run_shape(
        &resizer,
        &shape,
        &[Path::Gather, Path::Separable, Path::Auto],
        method,
        settings,
        |_| {},
    )
    .unwrap();
    assert_eq!(results.len(), 3);
    for r in &results {
        assert!(r.median_us.is_finite() && r.median_us > 0.0, "{r:?}");
        assert!(r.samples >= 4, "two rounds of at least two samples: {r:?}");
        assert!(r.max_abs_error <= 1e-5, "{r:?}");
        assert_eq!((r.shape.out_h, r.shape.out_w), (36, 60));
    }
    // Auto alone is also timed in one pass.
    assert!(results[..2].iter().all(|r| r.in_one_pass_us.is_none()));
    let in_one_pass = results[2].in_one_pass_us.expect("auto timed in one pass");
    assert!(
        in_one_pass.is_finite() && in_one_pass > 0.0,
        "{in_one_pass}"
    );
    // Auto ran a measured choice: one of the concrete paths.
    let chosen = results[2].chosen.as_deref();
    assert!(
        matches!(chosen, Some("gather" | "separable" | "fused")),
        "{chosen:?}"
    );
}

#[test]
fn timestamps_forced_off_fall_back_to_wall_clock() {
    let Some(context) = context(wgpu::Features::TIMESTAMP_QUERY) else {
        return;
    };
    assert!(!context.has_timestamps());
    bench_small(&context, TimingMethod::Wall);
}

/// `time_resize_in_pass` gives one sample per pass of `RESIZES_PER_PASS` resizes (the least
/// count for a budget of 0), each finite, with either timing method, and leaves every pair's
/// output in place; without buffers it is an error.
#[test]
fn resizes_timed_back_to_back_in_one_pass() {
    use wgpu::util::DeviceExt;
    use wgpu_resize::timing::time_resize_in_pass;
    use wgpu_resize::{ResizeSpec, Size2, compare, read_buffer, reference};
    let spec = ResizeSpec::builder(Size2::new(20, 12), Size2::new(33, 7))
        .channels(3)
        .build()
        .unwrap();
    let pixels = common::Rng::new(11).f32s(spec.input_len());
    for withheld in [wgpu::Features::empty(), wgpu::Features::TIMESTAMP_QUERY] {
        let Some(context) = context(withheld) else {
            return;
        };
        let device = &context.device;
        let method = TimingMethod::for_device(device);
        let resizer = Resizer::new(device, &context.queue).unwrap();
        let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: bytemuck::cast_slice(&pixels),
            usage: wgpu::BufferUsages::STORAGE,
        });
        let output = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &common::poison::<f32>(spec.output_bytes()),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        });
        // Two pairs taken in turn: both outputs written.
        let second = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &common::poison::<f32>(spec.output_bytes()),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        });
        let pairs = [
            (input.slice(..), output.slice(..)),
            (input.slice(..), second.slice(..)),
        ];
        let samples = time_resize_in_pass(
            &resizer,
            &spec,
            Path::Separable,
            &pairs,
            method,
            0.0,
            (5, 8),
        )
        .unwrap();
        assert_eq!(samples.method, method);
        assert_eq!(
            samples.micros.len(),
            5,
            "the least samples, for a budget of 0"
        );
        assert!(
            samples.micros.iter().all(|t| t.is_finite() && *t >= 0.0),
            "{samples:?}"
        );
        let expected = reference::resize(&spec, &pixels).unwrap();
        for out in [&output, &second] {
            let got: Vec<f32> =
                read_buffer(device, &context.queue, out, 0..spec.output_bytes()).unwrap();
            let report = compare(&got, &expected);
            assert!(report.within(1e-5), "{method:?}: {report}");
        }
        let none = time_resize_in_pass(&resizer, &spec, Path::Gather, &[], method, 0.0, (5, 8));
        let err = none.expect_err("no buffers is an error");
        assert!(
            matches!(
                err,
                ResizeError::Argument {
                    which: "slices",
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("at least one"), "{err}");
    }
}

/// Pairs enough to stream past the cache: the most for tiny tensors, one for a large one, and
/// for one in between the fewest whose bytes reach `STREAM_BYTES`.
#[test]
fn buffer_pairs_for_a_stream_beyond_the_cache() {
    use wgpu_resize::timing::{MAX_STREAM_PAIRS, STREAM_BYTES, pairs_beyond_cache};
    use wgpu_resize::{ResizeSpec, Size2};
    let spec = |h, w| {
        ResizeSpec::builder(Size2::new(h, w), Size2::new(2 * h, 2 * w))
            .channels(4)
            .build()
            .unwrap()
    };
    assert_eq!(pairs_beyond_cache(&spec(8, 8)), MAX_STREAM_PAIRS);
    assert_eq!(pairs_beyond_cache(&spec(1080, 1920)), 1);
    // 192x320 RGBA f32 -> 384x640: 4.9 MB a resize.
    let seed = spec(192, 320);
    let bytes = seed.input_bytes() + seed.output_bytes();
    let pairs = pairs_beyond_cache(&seed) as u64;
    assert!(
        pairs * bytes >= STREAM_BYTES,
        "{pairs} pairs of {bytes} bytes"
    );
    assert!(
        (pairs - 1) * bytes < STREAM_BYTES,
        "{pairs} pairs of {bytes} bytes"
    );
}

#[test]
fn timestamps_when_the_adapter_has_them() {
    let Some(context) = context(wgpu::Features::empty()) else {
        return;
    };
    if !context
        .adapter
        .features()
        .contains(wgpu::Features::TIMESTAMP_QUERY)
    {
        eprintln!(
            "SKIPPED timestamp timing: {} has no timestamp queries",
            context.describe()
        );
        return;
    }
    bench_small(&context, TimingMethod::Timestamp);
}

/// `time_recorded` times what its closure records, as `time_resize` times a resize: untimed
/// runs without slots first (the warm-up and the pre-roll), then one run per sample, each given
/// its own pair of timestamp slots in order; the samples are that many finite durations, and an
/// error from the closure is returned.
#[test]
fn time_recorded_gives_each_timed_run_its_slots() {
    use wgpu_resize::ResizeError;
    use wgpu_resize::timing::time_recorded;
    let Some(context) = context(wgpu::Features::empty()) else {
        return;
    };
    let (device, queue) = (&context.device, &context.queue);
    let method = TimingMethod::for_device(device);
    let mut untimed = 0;
    let mut slots_seen = Vec::new();
    let samples = time_recorded(device, queue, method, 0.0, (5, 8), |encoder, slots| {
        match slots {
            Some(slots) => slots_seen.push(slots.begin),
            None => untimed += 1,
        }
        // An empty pass: what is timed is the pass itself.
        encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("timed nothing"),
            timestamp_writes: slots.map(|s| s.whole_pass()),
        });
        Ok(())
    })
    .unwrap();
    assert_eq!(samples.method, method);
    assert_eq!(
        samples.micros.len(),
        5,
        "the least samples, for a budget of 0"
    );
    assert!(samples.micros.iter().all(|t| t.is_finite() && *t >= 0.0));
    match method {
        TimingMethod::Timestamp => {
            assert_eq!(slots_seen, [0, 2, 4, 6, 8]);
            // The warm-up and at least one pre-roll batch of five.
            assert!(untimed > 5, "{untimed} untimed runs");
        }
        TimingMethod::Wall => {
            assert!(slots_seen.is_empty());
            assert_eq!(untimed, 1 + 5);
        }
    }
    let failed = time_recorded(device, queue, method, 0.0, (5, 8), |_, _| {
        Err(ResizeError::Gpu("recording failed".into()))
    });
    assert!(matches!(failed, Err(ResizeError::Gpu(why)) if why == "recording failed"));
}

#[test]
fn median_of_even_and_odd_counts() {
    use wgpu_resize::timing::median;
    assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
    assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    assert!(median(&[]).is_nan());
}

#[test]
fn serial_intervals_start_no_earlier_than_the_previous_end() {
    use wgpu_resize::timing::serial_intervals;
    // Second begin (15) precedes the first end (20): it is counted from 20.
    let ticks = [10, 20, 15, 30, 35, 40];
    assert_eq!(serial_intervals(&ticks, 1000.0), vec![10.0, 10.0, 5.0]);
}

/// The texture bench times a small RGBA shape on every route and names each column's
/// dispatches: the kernels that read or write a texture themselves say so, the copy target's
/// staged result is packed into rows padded for the copy (60 texels of 4 bytes, not a multiple
/// of 256), and the render target's result is the buffer route's own kernels (the render pass
/// is not a dispatch).
#[test]
fn texture_bench_names_the_kernels_of_each_route() {
    use wgpu_resize::bench::run_texture_shape;
    let Some(gpu) = common::gpu("texture_bench_names_the_kernels_of_each_route") else {
        return;
    };
    let shape = BenchShape::scaled(1, 24, 40, 4, 1.5);
    let r = run_texture_shape(&gpu.resizer, &shape, 2).unwrap();
    for us in [
        r.buffer_us,
        r.storage_texture_us,
        r.copy_texture_us,
        r.render_texture_us,
        r.buffer_to_storage_us,
        r.buffer_to_render_us,
        r.texture_to_buffer_us,
    ] {
        assert!(us.is_finite() && us > 0.0, "{r:?}");
    }
    let k = &r.kernels;
    assert!(!k.buffer.is_empty(), "{k:?}");
    // Whichever path `auto` chose: its first pass reads the source, its last writes the
    // target.
    let (first, last) = (&k.storage_texture[0], k.storage_texture.last().unwrap());
    assert!(first.contains("from texture"), "{k:?}");
    assert!(last.contains("to Rgba8Unorm texture"), "{k:?}");
    assert_eq!(
        k.copy_texture.last().map(String::as_str),
        Some("wgpu-resize texture pack rows padded for a copy"),
        "{k:?}"
    );
    assert!(k.copy_texture[0].contains("from sRGB texture"), "{k:?}");
    assert_eq!(k.buffer_to_render, k.buffer, "{k:?}");
    let last = k.buffer_to_storage.last().unwrap();
    assert!(last.contains("to Rgba8Unorm texture"), "{k:?}");
    assert!(
        k.texture_to_buffer
            .iter()
            .any(|name| name.contains("from texture")),
        "{k:?}"
    );
}
