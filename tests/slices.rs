//! Tensors inside larger buffers (`Resizer::encode_slices`): each path reads its input at the
//! input slice's offset and writes only the output slice, on seeded random shapes; misaligned
//! offsets, short slices and one buffer on both ends are typed errors.

mod common;

use common::{Arena, Gpu, Rng, gpu, run_in_slices};
use wgpu_resize::{
    Element, Filter, Path, ResizeError, ResizeSpec, Resizer, Size2, compare, reference,
};

/// Where a storage binding may start on this device: slices' offsets are multiples of it.
fn storage_alignment(gpu: &Gpu) -> u64 {
    let limits = gpu.context.device.limits();
    limits.min_storage_buffer_offset_alignment as u64
}

/// Every available path of `spec` through slices at a few offsets, against the CPU reference;
/// returns the paths that ran.
fn check_spec<T: Element + Into<f64>>(
    gpu: &Gpu,
    spec: &ResizeSpec,
    input: &[T],
    tolerance: f64,
    offsets: [(u64, u64); 2],
    what: &str,
) -> Vec<Path> {
    let expected = reference::resize(spec, input).unwrap();
    let mut ran = Vec::new();
    for path in [Path::Gather, Path::Separable, Path::Fused, Path::Auto] {
        if gpu.resizer.availability(spec, path).is_err() {
            continue;
        }
        for (in_offset, out_offset) in offsets {
            let case = format!("{what} {spec:?} {path} offsets {in_offset}/{out_offset}");
            let got = run_in_slices(gpu, spec, input, path, (in_offset, out_offset), &case);
            let report = compare(&got, &expected);
            assert!(report.within(tolerance), "{case}: {report}");
        }
        ran.push(path);
    }
    ran
}

#[test]
fn slices_at_offsets_match_the_reference_on_every_path() {
    let Some(gpu) = gpu("slices at offsets") else {
        return;
    };
    let alignment = storage_alignment(gpu);
    let mut rng = Rng::new(0x511ce);
    let mut fused_ran = 0;
    for case in 0..12u64 {
        let channels = [4, 3, 1, 4][case as usize % 4];
        let input = Size2::new(rng.range(2, 24), rng.range(2, 24));
        let output = Size2::new(rng.range(2, 40), rng.range(2, 40));
        let filter = [
            Filter::Linear,
            Filter::Cubic { a: -0.75 },
            Filter::Lanczos { lobes: 3 },
        ][case as usize % 3];
        let spec = ResizeSpec::builder(input, output)
            .batch(rng.range(1, 2))
            .channels(channels)
            .filter(filter)
            .antialias(case % 2 == 0)
            .build()
            .unwrap();
        // Different offsets on the two ends, one of them 0, so that an offset applied to the
        // wrong end, or to neither, reads poison or writes over the sentinel.
        let offsets = [
            (alignment * rng.range(1, 3) as u64, 0),
            (0, alignment * rng.range(1, 3) as u64),
        ];
        let what = format!("case {case}");
        let data = rng.f32s(spec.input_len());
        let ran = check_spec(gpu, &spec, &data, 1e-5, offsets, &what);
        assert!(ran.contains(&Path::Gather) && ran.contains(&Path::Separable));
        fused_ran += ran.contains(&Path::Fused) as u32;

        let spec_u8 = ResizeSpec::builder(input, output)
            .batch(spec.batch())
            .channels(channels)
            .filter(filter)
            .element(wgpu_resize::ElementType::U8)
            .build()
            .unwrap();
        let bytes = rng.u8s(spec_u8.input_len());
        check_spec(gpu, &spec_u8, &bytes, 1.0, offsets, &format!("{what} u8"));
    }
    assert!(fused_ran > 0, "no case ran the fused path");
}

#[test]
fn the_same_buffers_at_new_offsets_get_new_bind_groups() {
    let Some(gpu) = gpu("bind groups per offset") else {
        return;
    };
    let alignment = storage_alignment(gpu);
    let spec = ResizeSpec::builder(Size2::new(6, 10), Size2::new(9, 7))
        .channels(4)
        .build()
        .unwrap();
    let data = Rng::new(7).f32s(spec.input_len());
    let expected = reference::resize(&spec, &data).unwrap();
    // Two copies of the input and two output slots, the second of each at an aligned offset.
    let second_input = spec.input_bytes().next_multiple_of(alignment) + alignment;
    let tensor: &[u8] = bytemuck::cast_slice(&data);
    let in_slots = [
        0..spec.input_bytes(),
        second_input..second_input + spec.input_bytes(),
    ];
    let source = Arena::input::<f32>(
        gpu,
        in_slots[1].end,
        &[(in_slots[0].clone(), tensor), (in_slots[1].clone(), tensor)],
    );
    let second_output = spec.output_bytes().next_multiple_of(alignment);
    let out_slots = [
        0..spec.output_bytes(),
        second_output..second_output + spec.output_bytes(),
    ];
    let target = Arena::output::<f32>(gpu, out_slots[1].end, &out_slots);
    // A resizer of its own: the shared one counts the other tests' bind groups too.
    let device = &gpu.context.device;
    let resizer = Resizer::new(device, &gpu.context.queue).unwrap();
    let mut encoder = device.create_command_encoder(&Default::default());
    for k in [0, 1, 0] {
        resizer
            .encode_slices(
                &mut encoder,
                &spec,
                source.slice(k),
                target.slice(k),
                Path::Gather,
            )
            .unwrap();
    }
    gpu.context.queue.submit([encoder.finish()]);
    assert_eq!(
        resizer.stats().bind_groups_created,
        2,
        "one bind group per pair of offsets, the first pair's reused"
    );
    let len = spec.output_len();
    let slots = target.read_slots::<f32>(gpu, &[len, len], "bind groups per offset");
    for (k, got) in slots.iter().enumerate() {
        let report = compare(got, &expected);
        assert!(report.within(1e-5), "output slot {k}: {report}");
    }
}

#[test]
fn bad_slices_are_typed_errors() {
    let Some(gpu) = gpu("bad slices") else {
        return;
    };
    let device = &gpu.context.device;
    let alignment = storage_alignment(gpu);
    let spec = ResizeSpec::builder(Size2::new(4, 4), Size2::new(8, 8))
        .channels(4)
        .build()
        .unwrap();
    let storage = wgpu::BufferUsages::STORAGE;
    let buffer = |size: u64| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage: storage,
            mapped_at_creation: false,
        })
    };
    let input = buffer(spec.input_bytes() + 2 * alignment);
    let output = buffer(spec.output_bytes() + 2 * alignment);
    let mut encoder = device.create_command_encoder(&Default::default());
    let whole_in = input.slice(..spec.input_bytes());
    let whole_out = output.slice(..spec.output_bytes());
    let mut refused = |input: wgpu::BufferSlice<'_>, output: wgpu::BufferSlice<'_>| {
        gpu.resizer
            .encode_slices(&mut encoder, &spec, input, output, Path::Gather)
            .expect_err("a bad slice was accepted")
    };

    // Half the alignment: a whole number of elements, but not where a storage binding may
    // start. wgpu's default alignment is 256 and lavapipe's 32; a device asking for less than
    // 8 would leave no such offset, so that is checked rather than assumed.
    assert!(alignment >= 8, "storage offset alignment {alignment}");
    let half = alignment / 2;
    let err = refused(input.slice(half..), whole_out);
    assert!(
        matches!(
            err,
            ResizeError::MisalignedOffset { which: "input", offset, alignment: a }
                if offset == half && a == alignment
        ),
        "{err}"
    );
    let err = refused(whole_in, output.slice(half..));
    assert!(
        matches!(
            err,
            ResizeError::MisalignedOffset {
                which: "output",
                ..
            }
        ),
        "{err}"
    );

    // Aligned, but four bytes short of the tensor.
    let err = refused(
        whole_in,
        output.slice(alignment..alignment + spec.output_bytes() - 4),
    );
    assert!(
        matches!(
            err,
            ResizeError::BufferTooSmall { which: "output", needed, got }
                if needed == spec.output_bytes() && got == spec.output_bytes() - 4
        ),
        "{err}"
    );

    // Two slices of one buffer that do not overlap are still one buffer read and written.
    let err = refused(
        output.slice(..spec.input_bytes()),
        output.slice(alignment * 2..),
    );
    assert!(matches!(err, ResizeError::PathUnavailable { .. }), "{err}");

    // The encoder is still usable after refused requests.
    gpu.resizer
        .encode_slices(
            &mut encoder,
            &spec,
            input.slice(alignment..),
            output.slice(alignment..),
            Path::Auto,
        )
        .unwrap();
    gpu.context.queue.submit([encoder.finish()]);
}
