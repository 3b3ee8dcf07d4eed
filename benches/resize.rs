//! Criterion benches: the CPU-side costs of a resize (building a spec and its weight tables, the
//! CPU reference, recording into an encoder) and the GPU paths at small sizes.
//!
//! GPU times here come from whatever adapter is present (lavapipe in CI) and include submission
//! and a blocking poll: they say whether the benches run, not how fast a GPU is. GPU figures
//! come from `wgresize bench` on real hardware (BENCHMARKS.md).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use wgpu::util::DeviceExt;
use wgpu_resize::presets::{self, PillowFilter};
use wgpu_resize::{AxisWeights, GpuContext, Path, ResizeSpec, Resizer, Size2, reference};

fn spec(input: Size2, output: Size2) -> ResizeSpec {
    ResizeSpec::builder(input, output)
        .channels(4)
        .build()
        .unwrap()
}

fn cpu_side(c: &mut Criterion) {
    let mut group = c.benchmark_group("cpu");
    group.bench_function("spec bilinear 1080p->2160p", |b| {
        b.iter(|| spec(black_box(Size2::new(1080, 1920)), Size2::new(2160, 3840)))
    });
    let lanczos = presets::pillow(
        Size2::new(2160, 3840),
        Size2::new(224, 224),
        PillowFilter::Lanczos,
    )
    .channels(3)
    .build()
    .unwrap();
    group.bench_function("weights lanczos3 antialias 2160p->224", |b| {
        b.iter(|| AxisWeights::for_spec(black_box(&lanczos)))
    });
    let small = spec(Size2::new(64, 64), Size2::new(128, 96));
    let data: Vec<f32> = (0..small.input_len()).map(|i| (i % 97) as f32).collect();
    group.bench_function("reference bilinear 64x64x4->128x96", |b| {
        b.iter(|| reference::resize(black_box(&small), &data).unwrap())
    });
    group.finish();
}

fn gpu_side(c: &mut Criterion) {
    let context = match GpuContext::from_env() {
        Ok(context) => context,
        Err(e) => {
            eprintln!("SKIPPED GPU benches: {e}");
            return;
        }
    };
    let resizer = Resizer::new(&context.device, &context.queue).unwrap();
    let device = &context.device;
    let mut group = c.benchmark_group("gpu");
    for (input, output) in [
        (Size2::new(64, 96), Size2::new(128, 192)),
        (Size2::new(128, 192), Size2::new(32, 48)),
    ] {
        let s = spec(input, output);
        let input_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &vec![0u8; s.input_bytes() as usize],
            usage: wgpu::BufferUsages::STORAGE,
        });
        let output_buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: s.output_bytes(),
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        let label = format!(
            "{}x{}->{}x{}",
            input.height, input.width, output.height, output.width
        );
        // Steady-state recording: what a frame pays on the CPU after the first call.
        group.bench_function(BenchmarkId::new("encode", &label), |b| {
            b.iter(|| {
                let mut encoder = device.create_command_encoder(&Default::default());
                resizer
                    .encode(&mut encoder, &s, &input_buffer, &output_buffer, Path::Auto)
                    .unwrap();
                encoder.finish()
            })
        });
        // The same for the fused path asked for by name, which looks up its tile's columns
        // on every encode (a lookup that once computed the spec's weight tables: 100 µs).
        if resizer.availability(&s, Path::Fused).is_ok() {
            group.bench_function(BenchmarkId::new("encode fused", &label), |b| {
                b.iter(|| {
                    let mut encoder = device.create_command_encoder(&Default::default());
                    resizer
                        .encode(&mut encoder, &s, &input_buffer, &output_buffer, Path::Fused)
                        .unwrap();
                    encoder.finish()
                })
            });
        }
        for path in [Path::Gather, Path::Separable] {
            group.bench_function(BenchmarkId::new(path.name(), &label), |b| {
                b.iter(|| {
                    let mut encoder = device.create_command_encoder(&Default::default());
                    resizer
                        .encode(&mut encoder, &s, &input_buffer, &output_buffer, path)
                        .unwrap();
                    context.queue.submit([encoder.finish()]);
                    device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, cpu_side, gpu_side);
criterion_main!(benches);
