//! Resizes recorded into the caller's compute pass (`Resizer::encode_in_pass` and
//! `encode_slices_in_pass`): the caller's own dispatches before and after, and one resize
//! reading another's output, all in one pass, on seeded random specs and every available path;
//! a resize that fails its checks records nothing and leaves the pass usable.

mod common;

use common::{Arena, Gpu, Rng, gpu, poison};
use wgpu::util::DeviceExt;
use wgpu_resize::{Filter, Path, ResizeError, ResizeSpec, Size2, compare, read_buffer, reference};

/// The caller's own kernel: multiplies every element of its buffer by `FACTOR` in place.
const SCALE: &str = r#"
@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < arrayLength(&data) { data[id.x] = data[id.x] * FACTOR; }
}
"#;

/// A pipeline of [`SCALE`] by `factor` and its bind group over `buffer`.
fn scale_kernel(
    gpu: &Gpu,
    factor: f32,
    buffer: &wgpu::Buffer,
) -> (wgpu::ComputePipeline, wgpu::BindGroup) {
    let device = &gpu.context.device;
    let source = SCALE.replace("FACTOR", &format!("{factor:?}"));
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("caller's scale"),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("caller's scale"),
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("caller's scale"),
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: buffer.as_entire_binding(),
        }],
    });
    (pipeline, group)
}

fn buffer(gpu: &Gpu, contents: &[u8]) -> wgpu::Buffer {
    let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC;
    gpu.context
        .device
        .create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("test tensor"),
            contents,
            usage,
        })
}

fn read(gpu: &Gpu, buffer: &wgpu::Buffer, len: usize) -> Vec<f32> {
    let bytes: Vec<u8> = read_buffer(
        &gpu.context.device,
        &gpu.context.queue,
        buffer,
        0..buffer.size(),
    )
    .expect("readback");
    bytemuck::pod_collect_to_vec(&bytes[..len * 4])
}

/// A random f32 NHWC spec from `input` to a random size, with a random filter (antialiased
/// where it shrinks, so that some take the two-dispatch separable plan with wide bands).
fn random_spec(rng: &mut Rng, input: Size2, channels: u32) -> ResizeSpec {
    let output = Size2::new(rng.range(3, 40), rng.range(3, 40));
    let filter = [
        Filter::Linear,
        Filter::Cubic { a: -0.5 },
        Filter::Lanczos { lobes: 3 },
    ][rng.range(0, 2) as usize];
    ResizeSpec::builder(input, output)
        .channels(channels)
        .filter(filter)
        .antialias(rng.range(0, 1) == 1)
        .build()
        .unwrap()
}

/// In one pass: the caller doubles the input, resize A reads it, resize B reads A's output,
/// the caller halves B's output. Every output poisoned beforehand; A's output against the
/// reference of the doubled input, the final output against B's reference of A's GPU output
/// halved, so that each comparison checks one step.
#[test]
fn caller_dispatches_and_chained_resizes_share_one_pass() {
    let Some(gpu) = gpu("caller_dispatches_and_chained_resizes_share_one_pass") else {
        return;
    };
    let device = &gpu.context.device;
    let mut rng = Rng::new(0x1a_9a55);
    let mut paths_ran = std::collections::HashSet::new();
    for case in 0..10 {
        let channels = rng.range(1, 4);
        let input_size = Size2::new(rng.range(4, 48), rng.range(4, 48));
        let a = random_spec(&mut rng, input_size, channels);
        let b = random_spec(&mut rng, a.output(), channels);
        let path_a = [Path::Gather, Path::Separable, Path::Fused, Path::Auto][case % 4];
        let path_b = [Path::Separable, Path::Auto, Path::Gather, Path::Fused][case % 4];
        let path_a = if gpu.resizer.availability(&a, path_a).is_ok() {
            path_a
        } else {
            Path::Separable
        };
        let path_b = if gpu.resizer.availability(&b, path_b).is_ok() {
            path_b
        } else {
            Path::Separable
        };
        paths_ran.extend([path_a, path_b]);
        let pixels = rng.f32s(a.input_len());
        let input = buffer(gpu, bytemuck::cast_slice(&pixels));
        let middle = buffer(gpu, &poison::<f32>(a.output_bytes()));
        let output = buffer(gpu, &poison::<f32>(b.output_bytes()));
        let (double, double_group) = scale_kernel(gpu, 2.0, &input);
        let (halve, halve_group) = scale_kernel(gpu, 0.5, &output);

        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&double);
            pass.set_bind_group(0, &double_group, &[]);
            pass.dispatch_workgroups((a.input_len() as u32).div_ceil(64), 1, 1);
            gpu.resizer
                .encode_in_pass(&mut pass, &a, &input, &middle, path_a)
                .expect("resize A");
            gpu.resizer
                .encode_slices_in_pass(&mut pass, &b, middle.slice(..), output.slice(..), path_b)
                .expect("resize B");
            pass.set_pipeline(&halve);
            pass.set_bind_group(0, &halve_group, &[]);
            pass.dispatch_workgroups((b.output_len() as u32).div_ceil(64), 1, 1);
        }
        gpu.context.queue.submit([encoder.finish()]);

        let doubled: Vec<f32> = pixels.iter().map(|v| v * 2.0).collect();
        let got_a = read(gpu, &middle, a.output_len());
        let report = compare(&got_a, &reference::resize(&a, &doubled).unwrap());
        assert!(
            report.within(2e-5),
            "case {case} A {a:?} {path_a}: {report}"
        );
        let halved: Vec<f32> = reference::resize(&b, &got_a)
            .unwrap()
            .iter()
            .map(|v| v * 0.5)
            .collect();
        let report = compare(&read(gpu, &output, b.output_len()), &halved);
        assert!(
            report.within(2e-5),
            "case {case} B {b:?} {path_b}: {report}"
        );
    }
    // Seeds fixed, so this says which paths the cases above covered.
    assert!(paths_ran.contains(&Path::Separable) && paths_ran.contains(&Path::Gather));
}

/// A resize whose output is too small or whose offset is misaligned returns its typed error
/// from `encode_slices_in_pass` and records nothing: the pass goes on, the next resize in it
/// runs, and the poisoned bytes the failed one would have written stay as they were.
#[test]
fn a_failed_resize_leaves_the_pass_usable() {
    let Some(gpu) = gpu("a_failed_resize_leaves_the_pass_usable") else {
        return;
    };
    let device = &gpu.context.device;
    let spec = ResizeSpec::builder(Size2::new(16, 12), Size2::new(10, 7))
        .channels(4)
        .filter(Filter::Cubic { a: -0.5 })
        .antialias(true)
        .build()
        .unwrap();
    let pixels = Rng::new(7).f32s(spec.input_len());
    let input = buffer(gpu, bytemuck::cast_slice(&pixels));
    let short = buffer(gpu, &poison::<f32>(spec.output_bytes() - 16));
    let output = buffer(gpu, &poison::<f32>(spec.output_bytes()));
    let alignment = u64::from(device.limits().min_storage_buffer_offset_alignment);
    let (_, misaligned) = Arena::pair(
        gpu,
        &pixels,
        (0, spec.input_bytes()),
        (alignment / 2, spec.output_bytes()),
    );

    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        let err = gpu
            .resizer
            .encode_in_pass(&mut pass, &spec, &input, &short, Path::Separable)
            .unwrap_err();
        assert!(
            matches!(
                err,
                ResizeError::BufferTooSmall {
                    which: "output",
                    ..
                }
            ),
            "{err}"
        );
        let err = gpu
            .resizer
            .encode_slices_in_pass(
                &mut pass,
                &spec,
                input.slice(..),
                misaligned.slice(0),
                Path::Gather,
            )
            .unwrap_err();
        assert!(matches!(err, ResizeError::MisalignedOffset { .. }), "{err}");
        gpu.resizer
            .encode_in_pass(&mut pass, &spec, &input, &output, Path::Separable)
            .expect("the resize after the failed ones");
    }
    gpu.context.queue.submit([encoder.finish()]);
    let error = pollster::block_on(scope.pop());
    assert!(error.is_none(), "the pass failed validation: {error:?}");

    let report = compare(
        &read(gpu, &output, spec.output_len()),
        &reference::resize(&spec, &pixels).unwrap(),
    );
    assert!(report.within(2e-5), "{report}");
    let untouched = read(gpu, &short, (spec.output_bytes() / 4 - 4) as usize);
    assert!(
        untouched.iter().all(|v| v.is_nan()),
        "the failed resize wrote"
    );
}
