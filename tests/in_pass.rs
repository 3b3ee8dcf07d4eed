//! Resizes recorded into the caller's compute pass (`Resizer::encode_in_pass` and
//! `encode_slices_in_pass`): the caller's own dispatches before and after, and one resize
//! reading another's output, all in one pass, on seeded random specs and every available path;
//! a resize that fails its checks records nothing and leaves the pass usable; and generated
//! passes of several resizes (chains, fans, side by side, outputs sharing buffers) and crop
//! batches reading their outputs.

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

/// Generated passes of several resizes and crop batches (`PROPTEST_CASES` sets how many,
/// `PROPTEST_RNG_SEED` replays a run).
mod generated {
    use super::*;
    use common::packed_offsets;
    use common::strategies::{axis, crop_box, crop_mapping, filter};
    use half::f16;
    use proptest::prelude::*;
    use wgpu_resize::{
        AxisResample, Border, CropBatch, CropBox, Element, ElementType, Layout, ResizeSpecBuilder,
        crop,
    };

    /// Where a resize in a generated pass reads its input.
    #[derive(Clone, Copy, Debug)]
    enum Source {
        /// One of the pass's fresh input tensors.
        Fresh(usize),
        /// The output of an earlier resize in the same pass.
        Output(usize),
    }

    /// A crop batch of a generated pass: its boxes cut from a fresh tensor or a resize's output,
    /// each box resized to `output` by one rule on both axes.
    #[derive(Clone, Debug)]
    struct CropStep {
        source: Source,
        input: Size2,
        output: Size2,
        /// Its mapping names the boxes' kind: fractions (`TfCropAndResize`) or pixels (`Region`).
        rule: AxisResample,
        boxes: Vec<CropBox>,
    }

    /// A generated pass: resizes recorded in order into one compute pass, each reading a fresh
    /// tensor or an earlier resize's output, then crop batches reading either; every tensor of
    /// one element type, channel count, batch and layout, so that any output can feed a later
    /// resize.
    #[derive(Clone, Debug)]
    struct PassPlan {
        channels: u32,
        batch: u32,
        layout: Layout,
        element: ElementType,
        linear_light: bool,
        round_intermediate: bool,
        fresh: [Size2; 2],
        /// Each resize: its source, input and output sizes, axis rules and path.
        steps: Vec<(Source, Size2, Size2, AxisResample, AxisResample, Path)>,
        crops: Vec<CropStep>,
    }

    impl PassPlan {
        /// Resize `k`'s spec; a pair of rules that the spec refuses falls back to the default
        /// rule (bilinear, half-pixel), so that every resize runs and chains stay whole.
        fn spec(&self, k: usize) -> ResizeSpec {
            let (_, input, output, y, x, _) = self.steps[k];
            let builder = |y, x| self.builder(input, output).y_axis(y).x_axis(x);
            builder(y, x).build().unwrap_or_else(|_| {
                builder(AxisResample::default(), AxisResample::default())
                    .build()
                    .expect("the default rule")
            })
        }

        /// Crop batch `k`'s template, or `None` where the library refuses it.
        fn crop_template(&self, k: usize) -> Option<ResizeSpec> {
            let step = &self.crops[k];
            self.builder(step.input, step.output)
                .both_axes(step.rule)
                .build()
                .ok()
        }

        /// A spec builder from `input` to `output` of this pass's tensors (element, channels,
        /// batch, layout) and colour options.
        fn builder(&self, input: Size2, output: Size2) -> ResizeSpecBuilder {
            ResizeSpec::builder(input, output)
                .channels(self.channels)
                .batch(self.batch)
                .layout(self.layout)
                .element(self.element)
                .linear_light(self.linear_light)
                .round_intermediate(self.round_intermediate)
        }

        /// The bytes of a tensor of this pass's kind with images of `size`.
        fn bytes(&self, size: Size2) -> u64 {
            self.builder(size, size)
                .build()
                .expect("a plain spec")
                .input_bytes()
        }

        /// How many resizes stand between resize `k` and a fresh tensor.
        fn depth(&self, k: usize) -> usize {
            match self.steps[k].0 {
                Source::Fresh(_) => 0,
                Source::Output(j) => self.depth(j) + 1,
            }
        }
    }

    fn size() -> impl Strategy<Value = Size2> {
        (1u32..=16, 1u32..=16).prop_map(|(h, w)| Size2::new(h, w))
    }

    /// The source `pick` chooses, uniformly among the fresh tensors and the outputs of
    /// `steps` so far, and its size.
    fn pick_source(
        pick: prop::sample::Index,
        fresh: &[Size2; 2],
        steps: &[(Source, Size2, Size2, Path)],
    ) -> (Source, Size2) {
        let choice = pick.index(fresh.len() + steps.len());
        match choice.checked_sub(fresh.len()) {
            None => (Source::Fresh(choice), fresh[choice]),
            Some(j) => (Source::Output(j), steps[j].2),
        }
    }

    /// A pass of 2 to 5 resizes: each reads one of two fresh tensors or an earlier resize's
    /// output (chosen uniformly, so chains, fans from one tensor and independent resizes
    /// all occur), with any axis rules and any path; then 0 to 2 crop batches of 1 to 4
    /// generated boxes, each reading a fresh tensor or any resize's output.
    fn pass_plan() -> impl Strategy<Value = PassPlan> {
        let path = prop_oneof![
            Just(Path::Gather),
            Just(Path::Separable),
            Just(Path::Fused),
            Just(Path::Auto)
        ];
        (
            (
                1u32..=5,
                1u32..=2,
                prop_oneof![Just(Layout::Nhwc), Just(Layout::Nchw)],
                prop_oneof![
                    Just(ElementType::F32),
                    Just(ElementType::F16),
                    Just(ElementType::U8)
                ],
                prop_oneof![4 => Just(false), 1 => Just(true)],
                any::<bool>(),
            ),
            [size(), size()],
            prop::collection::vec((any::<prop::sample::Index>(), size(), path), 2..=5),
            prop::collection::vec(
                (
                    any::<prop::sample::Index>(),
                    size(),
                    (
                        filter(),
                        any::<bool>(),
                        prop_oneof![Just(Border::Clamp), Just(Border::Renormalize)],
                        any::<bool>(),
                    ),
                ),
                0..=2,
            ),
        )
            .prop_flat_map(|(tensor, fresh, picks, crop_picks)| {
                let mut steps: Vec<(Source, Size2, Size2, Path)> = Vec::new();
                for (pick, output, path) in picks {
                    let (source, input) = pick_source(pick, &fresh, &steps);
                    steps.push((source, input, output, path));
                }
                let axes: Vec<_> = steps
                    .iter()
                    .map(|&(_, input, output, _)| {
                        (
                            axis(input.height, output.height),
                            axis(input.width, output.width),
                        )
                    })
                    .collect();
                let images = tensor.1;
                let crops: Vec<_> = crop_picks
                    .into_iter()
                    .map(|(pick, output, (filter, antialias, border, pixels))| {
                        let (source, input) = pick_source(pick, &fresh, &steps);
                        let rule = AxisResample::default()
                            .with_filter(filter)
                            .with_mapping(crop_mapping(pixels))
                            .with_antialias(antialias)
                            .with_border(border);
                        let boxes = prop::collection::vec(
                            crop_box(images, input.height, input.width, pixels),
                            1..=4,
                        );
                        (Just((source, input, output, rule)), boxes)
                    })
                    .collect();
                (Just((tensor, fresh, steps)), axes, crops)
            })
            .prop_map(|((tensor, fresh, steps), axes, crops)| {
                let (channels, batch, layout, element, linear_light, round_intermediate) = tensor;
                PassPlan {
                    channels,
                    batch,
                    layout,
                    element,
                    linear_light,
                    round_intermediate: round_intermediate && element == ElementType::U8,
                    fresh,
                    steps: steps
                        .into_iter()
                        .zip(axes)
                        .map(|((source, input, output, path), (y, x))| {
                            (source, input, output, y, x, path)
                        })
                        .collect(),
                    crops: crops
                        .into_iter()
                        .map(|((source, input, output, rule), boxes)| CropStep {
                            source,
                            input,
                            output,
                            rule,
                            boxes,
                        })
                        .collect(),
                }
            })
    }

    /// Records every resize of `plan` into one compute pass, then the crop batches `crops`
    /// (each with the index of its `plan.crops` step): fresh tensors in one buffer, resize
    /// outputs in two (by the parity of their depth, so that no resize reads and writes one
    /// buffer), crop outputs in a third, each output slot poisoned and surrounded by sentinel
    /// bytes. Returns each resize's output and each crop batch's, after asserting that nothing
    /// outside the slots was written.
    fn run_pass<T: Element>(
        gpu: &Gpu,
        plan: &PassPlan,
        specs: &[ResizeSpec],
        crops: &[(usize, CropBatch)],
        fresh: &[Vec<T>; 2],
    ) -> (Vec<Vec<T>>, Vec<Vec<T>>) {
        let device = &gpu.context.device;
        let alignment = u64::from(device.limits().min_storage_buffer_offset_alignment);
        let fresh_bytes: Vec<u64> = plan.fresh.iter().map(|&size| plan.bytes(size)).collect();
        let (at, len) = packed_offsets(&fresh_bytes, alignment);
        let tensors: Vec<(std::ops::Range<u64>, &[u8])> = at
            .iter()
            .zip(&fresh_bytes)
            .zip(fresh)
            .map(|((&at, &bytes), data)| (at..at + bytes, bytemuck::cast_slice(data)))
            .collect();
        let source_arena = Arena::input::<T>(gpu, len, &tensors);
        // Resize k's output: (arena, slot in it).
        let mut places = Vec::new();
        let mut arenas = Vec::new();
        for parity in 0..2 {
            let members: Vec<usize> = (0..specs.len())
                .filter(|&k| plan.depth(k) % 2 == parity)
                .collect();
            let sizes: Vec<u64> = members.iter().map(|&k| specs[k].output_bytes()).collect();
            let (at, len) = packed_offsets(&sizes, alignment);
            let slots: Vec<_> = at.iter().zip(&sizes).map(|(&a, &s)| a..a + s).collect();
            for (slot, &k) in members.iter().enumerate() {
                places.push((k, (parity, slot)));
            }
            arenas.push(Arena::output::<T>(gpu, len, &slots));
        }
        places.sort_by_key(|&(k, _)| k);
        let place = |k: usize| places[k].1;
        let crop_bytes: Vec<u64> = crops
            .iter()
            .map(|(_, batch)| batch.output_bytes())
            .collect();
        let (at, len) = packed_offsets(&crop_bytes, alignment);
        let slots: Vec<_> = at
            .iter()
            .zip(&crop_bytes)
            .map(|(&a, &s)| a..a + s)
            .collect();
        let crop_arena = Arena::output::<T>(gpu, len, &slots);
        let input_of = |source: Source| match source {
            Source::Fresh(i) => source_arena.slice(i),
            Source::Output(j) => {
                let (arena, slot) = place(j);
                arenas[arena].slice(slot)
            }
        };

        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            for (k, spec) in specs.iter().enumerate() {
                let input = input_of(plan.steps[k].0);
                let (arena, slot) = place(k);
                let path = plan.steps[k].5;
                let path = if gpu.resizer.availability(spec, path).is_ok() {
                    path
                } else {
                    Path::Auto
                };
                gpu.resizer
                    .encode_slices_in_pass(&mut pass, spec, input, arenas[arena].slice(slot), path)
                    .unwrap_or_else(|e| panic!("resize {k} {spec:?} {path}: {e}"));
            }
            for (slot, (k, batch)) in crops.iter().enumerate() {
                let input = input_of(plan.crops[*k].source);
                gpu.resizer
                    .encode_crops_slices_in_pass(&mut pass, batch, input, crop_arena.slice(slot))
                    .unwrap_or_else(|e| panic!("crop batch {k}: {e}"));
            }
        }
        gpu.context.queue.submit([encoder.finish()]);
        let mut read: Vec<Vec<Vec<T>>> = (0..2)
            .map(|parity| {
                let elements: Vec<usize> = (0..specs.len())
                    .filter(|&k| plan.depth(k) % 2 == parity)
                    .map(|k| specs[k].output_len())
                    .collect();
                arenas[parity].read_slots::<T>(gpu, &elements, &format!("{plan:?}"))
            })
            .collect();
        let resized = (0..specs.len())
            .map(|k| {
                let (arena, slot) = place(k);
                std::mem::take(&mut read[arena][slot])
            })
            .collect();
        let elements: Vec<usize> = crops.iter().map(|(_, batch)| crop_len(batch)).collect();
        let cropped = crop_arena.read_slots::<T>(gpu, &elements, &format!("{plan:?}"));
        (resized, cropped)
    }

    /// Elements a crop batch writes: each box's image of the template's output size.
    fn crop_len(batch: &CropBatch) -> usize {
        let template = batch.template();
        template.output_len() / template.batch() as usize * batch.boxes() as usize
    }

    /// Runs `plan` on `fresh` and checks each resize against the CPU reference of the input
    /// it read: a fresh tensor, or the GPU's own output of the resize before it in the chain,
    /// so that each comparison checks one step. `tolerance` takes the spec and the expected
    /// result's largest magnitude (at least 1), since float chains through cubic overshoot
    /// grow.
    fn check<T: Element + Into<f64>>(
        gpu: &Gpu,
        plan: &PassPlan,
        fresh: [Vec<T>; 2],
        tolerance: impl Fn(&ResizeSpec, f64) -> f64,
    ) -> Result<(), TestCaseError> {
        let specs: Vec<ResizeSpec> = (0..plan.steps.len()).map(|k| plan.spec(k)).collect();
        // Crop batches the library takes; a template or boxes it refuses, the reference
        // refuses too.
        let mut crops = Vec::new();
        for (k, step) in plan.crops.iter().enumerate() {
            let Some(template) = plan.crop_template(k) else {
                continue;
            };
            let Ok(mut batch) = gpu.resizer.crop_batch(&template, step.boxes.len() as u32) else {
                continue;
            };
            if let Err(error) = gpu.resizer.set_crop_boxes(&mut batch, &step.boxes) {
                // Whether boxes are refused does not depend on the values.
                let zeros = vec![<T as bytemuck::Zeroable>::zeroed(); template.input_len()];
                prop_assert!(
                    crop::reference(&template, &step.boxes, &zeros).is_err(),
                    "{}",
                    error
                );
                continue;
            }
            crops.push((k, batch));
        }
        let (got, cropped) = run_pass(gpu, plan, &specs, &crops, &fresh);
        let input_of = |source| match source {
            Source::Fresh(i) => &fresh[i],
            Source::Output(j) => &got[j],
        };
        for ((k, batch), out) in crops.iter().zip(&cropped) {
            let step = &plan.crops[*k];
            let want =
                crop::reference(batch.template(), &step.boxes, input_of(step.source)).unwrap();
            let magnitude = want.iter().map(|&v| v.into().abs()).fold(1.0f64, f64::max);
            let report = compare(out, &want);
            prop_assert!(
                report.within(tolerance(batch.template(), magnitude)),
                "crop batch {} of {:?}: {}",
                k,
                plan.crops,
                report
            );
        }
        for (k, spec) in specs.iter().enumerate() {
            let input = input_of(plan.steps[k].0);
            let want = reference::resize(spec, input).unwrap();
            let magnitude = want.iter().map(|&v| v.into().abs()).fold(1.0f64, f64::max);
            let report = compare(&got[k], &want);
            prop_assert!(
                report.within(tolerance(spec, magnitude)),
                "resize {} of {:?} ({:?}): {}",
                k,
                plan.steps,
                spec,
                report
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(common::proptest_config(32))]

        /// Several generated resizes in one compute pass, in chains, fanned out from one
        /// tensor, or side by side, on any path, with outputs in shared buffers, then crop
        /// batches of generated boxes reading any of those: each matches the CPU reference of
        /// what it read, into poisoned slots, and no byte outside the slots changes. wgpu must
        /// order each dispatch after the one whose output it reads.
        #[test]
        fn generated_passes_match_the_reference(plan in pass_plan(), seed in any::<u64>()) {
            let Some(gpu) = gpu("generated passes") else { return Ok(()) };
            let mut rng = common::Rng::new(seed);
            let len = |size: Size2| {
                (size.height * size.width * plan.channels * plan.batch) as usize
            };
            let [a, b] = plan.fresh.map(len);
            match plan.element {
                ElementType::F32 => {
                    check(gpu, &plan, [rng.f32s(a), rng.f32s(b)], |_, m| 2e-5 * m)?
                }
                ElementType::F16 => {
                    let tolerance = if plan.linear_light { 4e-3 } else { 2e-3 };
                    check::<f16>(gpu, &plan, [rng.f16s(a), rng.f16s(b)], |_, m| tolerance * m)?
                }
                ElementType::U8 => check(gpu, &plan, [rng.u8s(a), rng.u8s(b)], |spec, _| {
                    // Pillow's fixed point is exact; float sums may round a tie either way.
                    if spec.fixed_point() { 0.0 } else { 1.0 }
                })?,
                other => unreachable!("no pass of {other:?} is generated"),
            }
        }
    }
}
