//! Lab (tuning log item 127): what a resize costs in a stream of resizes recorded through
//! `Resizer::encode` (a compute pass each) against `Resizer::encode_in_pass` (ten to one pass),
//! on the bench's target shapes. Each sample is ten resizes bracketed by two empty timestamped
//! passes (their own cost, timed alone, is printed), timed as the library times a resize
//! (`time_recorded`: pre-roll, GPU timestamps, medians), over ten.
//!
//! Built as `examples/lab_pass_cost.rs` (copied there from `benchmarks/`):
//! `cargo run --release --example lab_pass_cost`

use wgpu::util::DeviceExt;
use wgpu_resize::bench::{BenchShape, extended_shapes, standard_shapes};
use wgpu_resize::gpu::TimestampSlots;
use wgpu_resize::timing::{TimingMethod, time_recorded};
use wgpu_resize::{GpuContext, Path, Resizer};

const PER_SAMPLE: u32 = 10;

/// Two empty passes holding the beginning and end timestamps around what `between` records.
fn bracketed(
    encoder: &mut wgpu::CommandEncoder,
    slots: Option<TimestampSlots<'_>>,
    between: impl FnOnce(&mut wgpu::CommandEncoder),
) {
    let writes = |begin: bool| {
        slots.map(|s| wgpu::ComputePassTimestampWrites {
            query_set: s.query_set,
            beginning_of_pass_write_index: begin.then_some(s.begin),
            end_of_pass_write_index: (!begin).then_some(s.begin + 1),
        })
    };
    drop(encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
        label: Some("begin"),
        timestamp_writes: writes(true),
    }));
    between(encoder);
    drop(encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
        label: Some("end"),
        timestamp_writes: writes(false),
    }));
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = GpuContext::from_env()?;
    let (device, queue) = (&context.device, &context.queue);
    if TimingMethod::for_device(device) != TimingMethod::Timestamp {
        return Err("this device has no timestamp queries".into());
    }
    println!("pass cost on {}", context.describe());
    let resizer = Resizer::new(device, queue)?;
    let time = |record: &mut dyn FnMut(&mut wgpu::CommandEncoder, Option<TimestampSlots<'_>>)| {
        time_recorded(
            device,
            queue,
            TimingMethod::Timestamp,
            0.3,
            (20, 100),
            |encoder, slots| {
                record(encoder, slots);
                Ok(())
            },
        )
        .map(|samples| samples.median())
    };
    let empty = time(&mut |e, s| bracketed(e, s, |_| {}))?;
    println!("two empty passes alone: {empty:.1} µs");
    let shapes: Vec<BenchShape> = standard_shapes()
        .into_iter()
        .chain(extended_shapes().into_iter().take(7))
        .collect();
    for round in 1..=2 {
        for shape in &shapes {
            let spec = shape.spec()?;
            let storage = wgpu::BufferUsages::STORAGE;
            let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents: &vec![0u8; spec.input_bytes() as usize],
                usage: storage,
            });
            let output = device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: spec.output_bytes(),
                usage: storage,
                mapped_at_creation: false,
            });
            let path = resizer.plan(&spec, Path::Auto)?.path;
            let own = time(&mut |e, s| {
                bracketed(e, s, |e| {
                    for _ in 0..PER_SAMPLE {
                        resizer.encode(e, &spec, &input, &output, path).unwrap();
                    }
                })
            })? / f64::from(PER_SAMPLE);
            let shared = time(&mut |e, s| {
                bracketed(e, s, |e| {
                    let mut pass = e.begin_compute_pass(&Default::default());
                    for _ in 0..PER_SAMPLE {
                        resizer
                            .encode_in_pass(&mut pass, &spec, &input, &output, path)
                            .unwrap();
                    }
                })
            })? / f64::from(PER_SAMPLE);
            println!(
                "round {round} | {} ({path}) | encode, a pass each: {own:.1} µs | encode_in_pass, ten to a pass: {shared:.1} µs",
                shape.label()
            );
        }
    }
    Ok(())
}
