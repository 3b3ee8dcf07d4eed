//! Shared by the GPU test files: one device per test binary, poisoned output buffers, seeded data.
#![allow(dead_code)]

pub mod strategies;

use std::sync::OnceLock;

use wgpu::util::DeviceExt;
use wgpu_resize::{
    CropBatch, Element, GpuContext, Path, ResizeSpec, Resizer, compare, read_buffer, reference,
};

/// PyTorch's antialiased bicubic of one RGBA f32 image (`F.interpolate(..., mode="bicubic",
/// antialias=True)`): the fused path's and the windowed gather's shrinks.
pub fn antialiased_bicubic(input: wgpu_resize::Size2, output: wgpu_resize::Size2) -> ResizeSpec {
    use wgpu_resize::presets::{self, TorchMode, TorchOutput};
    presets::torch(
        input,
        TorchOutput::Size(output),
        TorchMode::Bicubic,
        false,
        true,
    )
    .unwrap()
    .channels(4)
    .build()
    .unwrap()
}

/// The fused tile's output columns that `plan`'s fused candidate was timed at, if tuning timed
/// the fused path there.
pub fn fused_tile(plan: &wgpu_resize::Plan) -> Option<wgpu_resize::tune::TileColumns> {
    plan.candidates
        .iter()
        .find(|c| c.path == Path::Fused)
        .and_then(|c| c.tile)
}

/// Set to 1 to skip GPU tests on a machine without any adapter; each skipped test says so.
pub const SKIP_SWITCH: &str = "WGPU_RESIZE_SKIP_GPU_TESTS";

pub struct Gpu {
    pub context: GpuContext,
    pub resizer: Resizer,
}

/// The shared GPU, or `None` when the skip switch is set and no adapter exists.
/// Without the switch, a missing adapter fails the test.
pub fn gpu(test: &str) -> Option<&'static Gpu> {
    static GPU: OnceLock<Result<Gpu, String>> = OnceLock::new();
    let gpu = GPU.get_or_init(|| {
        let context = GpuContext::from_env().map_err(|e| e.to_string())?;
        eprintln!("GPU tests run on {}", context.describe());
        let resizer = Resizer::new(&context.device, &context.queue).map_err(|e| e.to_string())?;
        Ok(Gpu { context, resizer })
    });
    match gpu {
        Ok(gpu) => Some(gpu),
        Err(e) if std::env::var(SKIP_SWITCH).as_deref() == Ok("1") => {
            eprintln!("SKIPPED {test}: no GPU adapter ({e}) and {SKIP_SWITCH}=1");
            None
        }
        Err(e) => panic!("no GPU adapter for {test}: {e}. Set {SKIP_SWITCH}=1 to skip GPU tests."),
    }
}

/// A device of the test's own, with a resizer, for tests that read the device's allocator
/// report: the shared device's report counts what the binary's other tests, running beside,
/// allocate too. `None` where [`gpu`] is `None` (no adapter and the skip switch set).
pub fn own_gpu(test: &str) -> Option<Gpu> {
    gpu(test)?;
    let context = GpuContext::from_env().expect("a second device on the adapter the first found");
    let resizer = Resizer::new(&context.device, &context.queue).expect("a resizer");
    Some(Gpu { context, resizer })
}

/// Bytes that no resize writes: a quiet NaN in every float slot, 0xA5 in every u8.
pub fn poison<T: Element>(len_bytes: u64) -> Vec<u8> {
    wgpu_resize::element::poison_bytes(T::TYPE, len_bytes)
}

/// A byte pattern for the bytes around an output slice: a write outside the slice changes it.
pub fn sentinel(len: u64) -> Vec<u8> {
    (0..len).map(|i| (i * 37 + 11) as u8).collect()
}

/// Tensors inside one larger buffer, for the tests of slices (`Resizer::encode_slices` and its
/// kin): each slot a tensor's bytes, everything else bytes that a correct resize never reads
/// into its output or writes.
pub struct Arena {
    pub buffer: wgpu::Buffer,
    /// Each tensor's bytes in the buffer.
    pub slots: Vec<std::ops::Range<u64>>,
}

impl Arena {
    /// A source of `len` bytes of `T`'s poison with each tensor's bytes at the start of its
    /// slot (a slot may be longer: a u8 tensor's is rounded up to a word).
    pub fn input<T: Element>(
        gpu: &Gpu,
        len: u64,
        tensors: &[(std::ops::Range<u64>, &[u8])],
    ) -> Arena {
        let mut bytes = poison::<T>(len);
        for (slot, tensor) in tensors {
            bytes[slot.start as usize..][..tensor.len()].copy_from_slice(tensor);
        }
        Arena {
            buffer: upload(gpu, &bytes, wgpu::BufferUsages::STORAGE),
            slots: tensors.iter().map(|(slot, _)| slot.clone()).collect(),
        }
    }

    /// A destination of `len` [`sentinel`] bytes with each slot filled with `T`'s poison, so
    /// that an unwritten output element and a write outside the slots both show.
    pub fn output<T: Element>(gpu: &Gpu, len: u64, slots: &[std::ops::Range<u64>]) -> Arena {
        let mut bytes = sentinel(len);
        for slot in slots {
            let range = slot.start as usize..slot.end as usize;
            bytes[range].copy_from_slice(&poison::<T>(slot.end - slot.start));
        }
        let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC;
        Arena {
            buffer: upload(gpu, &bytes, usage),
            slots: slots.to_vec(),
        }
    }

    /// One tensor of `T` in a source slot of `input_bytes` at `in_offset`, and a destination
    /// with one slot of `output_bytes` at `out_offset`; 256 bytes follow each slot, so that a
    /// read or write past a slot's end lands inside the buffer.
    pub fn pair<T: Element>(
        gpu: &Gpu,
        input: &[T],
        (in_offset, input_bytes): (u64, u64),
        (out_offset, output_bytes): (u64, u64),
    ) -> (Arena, Arena) {
        let tail = 256;
        let in_slot = in_offset..in_offset + input_bytes;
        let tensor = bytemuck::cast_slice(input);
        let source = Arena::input::<T>(gpu, in_slot.end + tail, &[(in_slot, tensor)]);
        let out_slot = out_offset..out_offset + output_bytes;
        let target = Arena::output::<T>(gpu, out_slot.end + tail, &[out_slot]);
        (source, target)
    }

    /// Slot `k` as a slice of the buffer.
    pub fn slice(&self, k: usize) -> wgpu::BufferSlice<'_> {
        self.buffer.slice(self.slots[k].clone())
    }

    /// Reads the buffer back, asserts that every byte outside the slots is still the
    /// [`sentinel`]'s (`what` names the case) and returns the first `elements[k]` elements of
    /// each slot.
    pub fn read_slots<T: Element>(&self, gpu: &Gpu, elements: &[usize], what: &str) -> Vec<Vec<T>> {
        let len = self.buffer.size();
        let all: Vec<u8> = read_buffer(
            &gpu.context.device,
            &gpu.context.queue,
            &self.buffer,
            0..len,
        )
        .expect("readback");
        let pattern = sentinel(len);
        let inside = |i: usize| self.slots.iter().any(|slot| slot.contains(&(i as u64)));
        if let Some(i) = (0..all.len()).find(|&i| !inside(i) && all[i] != pattern[i]) {
            panic!(
                "{what}: byte {i}, outside every slot {:?}, was written",
                self.slots
            );
        }
        self.slots
            .iter()
            .zip(elements)
            .map(|(slot, &count)| {
                let start = slot.start as usize;
                bytemuck::pod_collect_to_vec(&all[start..start + count * size_of::<T>()])
            })
            .collect()
    }
}

/// Byte offsets of `sizes` laid one after another, each start rounded up to `alignment`, and
/// the total length with `alignment` bytes more at the end.
pub fn packed_offsets(sizes: &[u64], alignment: u64) -> (Vec<u64>, u64) {
    let mut offsets = Vec::new();
    let mut at = alignment; // a gap before the first tensor too
    for &size in sizes {
        offsets.push(at);
        at = (at + size).next_multiple_of(alignment) + alignment;
    }
    (offsets, at)
}

fn upload(gpu: &Gpu, contents: &[u8], usage: wgpu::BufferUsages) -> wgpu::Buffer {
    gpu.context
        .device
        .create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("test arena"),
            contents,
            usage,
        })
}

/// Resizes `input` placed at `in_offset` of a buffer whose other bytes are poison, into the
/// poisoned output slice at `out_offset` of a buffer whose other bytes are [`Arena::output`]'s
/// sentinel; asserts that those are unchanged and returns the output slice's elements.
pub fn run_in_slices<T: Element>(
    gpu: &Gpu,
    spec: &ResizeSpec,
    input: &[T],
    path: Path,
    (in_offset, out_offset): (u64, u64),
    what: &str,
) -> Vec<T> {
    let mut slot = run_in_slot(gpu, spec, input, path, (in_offset, out_offset), what);
    slot.truncate(spec.output_len());
    slot
}

/// [`run_in_slices`], returning every element of the output slot: the tensor's, then those of
/// its padding up to a whole word (an odd count of f16 has one more).
pub fn run_in_slot<T: Element>(
    gpu: &Gpu,
    spec: &ResizeSpec,
    input: &[T],
    path: Path,
    (in_offset, out_offset): (u64, u64),
    what: &str,
) -> Vec<T> {
    let (source, target) = Arena::pair(
        gpu,
        input,
        (in_offset, spec.input_bytes()),
        (out_offset, spec.output_bytes()),
    );
    let mut encoder = gpu
        .context
        .device
        .create_command_encoder(&Default::default());
    gpu.resizer
        .encode_slices(&mut encoder, spec, source.slice(0), target.slice(0), path)
        .expect("encode_slices");
    gpu.context.queue.submit([encoder.finish()]);
    let slot = (spec.output_bytes() / size_of::<T>() as u64) as usize;
    let mut slots = target.read_slots::<T>(gpu, &[slot], what);
    slots.remove(0)
}

/// Runs `spec` through [`Resizer::encode`] into an output buffer filled with poison, submits in
/// the test's own encoder and reads the whole output back.
pub fn run_poisoned<T: Element>(gpu: &Gpu, spec: &ResizeSpec, input: &[T], path: Path) -> Vec<T> {
    let device = &gpu.context.device;
    let mut bytes = bytemuck::cast_slice::<T, u8>(input).to_vec();
    bytes.resize(spec.input_bytes() as usize, 0);
    let input_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("test input"),
        contents: &bytes,
        usage: wgpu::BufferUsages::STORAGE,
    });
    let output_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("test output"),
        contents: &poison::<T>(spec.output_bytes()),
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    gpu.resizer
        .encode(&mut encoder, spec, &input_buffer, &output_buffer, path)
        .expect("encode");
    gpu.context.queue.submit([encoder.finish()]);
    let words: Vec<u8> = read_buffer(
        device,
        &gpu.context.queue,
        &output_buffer,
        0..spec.output_bytes(),
    )
    .expect("readback");
    // The shared resizer need not keep these buffers alive.
    gpu.resizer.forget_buffer(&input_buffer);
    gpu.resizer.forget_buffer(&output_buffer);
    let used = spec.output_len() * size_of::<T>();
    bytemuck::pod_collect_to_vec(&words[..used])
}

/// The pixels of the region `height × width` at (`top`, `left`) of one NHWC image `width_of`
/// pixels wide with `channels` channels, row by row: a crop taken before resizing.
pub fn crop_pixels<T: Copy>(
    image: &[T],
    (width_of, channels): (u32, u32),
    [top, left, height, width]: [u32; 4],
) -> Vec<T> {
    let c = channels as usize;
    (top..top + height)
        .flat_map(|y| {
            let row = (y * width_of + left) as usize * c;
            image[row..row + width as usize * c].iter().copied()
        })
        .collect()
}

/// The slice `[top, left, bottom, right]` of image `image` of `spec`'s input tensor (its
/// layout, channels and size), as a tensor of one image of the slice's size in that layout:
/// `x[image, top:bottom, left:right, :]`, or `x[image, :, top:bottom, left:right]` for NCHW.
pub fn cut_out<T: Copy>(
    data: &[T],
    spec: &ResizeSpec,
    image: usize,
    [top, left, bottom, right]: [u32; 4],
) -> Vec<T> {
    let c = spec.channels() as usize;
    let (h, w) = (spec.input().height as usize, spec.input().width as usize);
    let image = &data[image * c * h * w..][..c * h * w];
    let (rows, columns) = (top as usize..bottom as usize, left as usize..right as usize);
    if spec.layout() == wgpu_resize::Layout::Nchw {
        (0..c)
            .flat_map(|ch| rows.clone().map(move |y| (ch * h + y) * w))
            .flat_map(|row| image[row..][columns.clone()].iter().copied())
            .collect()
    } else {
        rows.flat_map(|y| image[(y * w + columns.start) * c..(y * w + columns.end) * c].iter())
            .copied()
            .collect()
    }
}

/// Runs `spec` on each of `paths` into a poisoned output and asserts that every element is
/// within `tolerance` of the CPU reference; `what` names the case in the failure message.
pub fn assert_paths_match_reference<T: Element + Into<f64>>(
    gpu: &Gpu,
    spec: &ResizeSpec,
    input: &[T],
    paths: &[Path],
    tolerance: f64,
    what: &str,
) {
    let expected = reference::resize(spec, input).unwrap();
    for &path in paths {
        let got = run_poisoned(gpu, spec, input, path);
        let report = compare(&got, &expected);
        assert!(report.within(tolerance), "{what} {spec:?} {path}: {report}");
    }
}

/// Runs `spec` on the gather, separable, fused and `auto` paths (only the fused path may
/// refuse it) into poisoned outputs and asserts that each gives the CPU reference's bytes
/// exactly; counts the paths that ran in `ran`, in that order. `what` names the case.
pub fn exact_on_every_path(
    gpu: &Gpu,
    spec: &ResizeSpec,
    input: &[u8],
    what: &str,
    ran: &mut [usize; 4],
) {
    let expected = reference::resize(spec, input).unwrap();
    for (k, path) in [Path::Gather, Path::Separable, Path::Fused, Path::Auto]
        .into_iter()
        .enumerate()
    {
        if gpu.resizer.availability(spec, path).is_err() {
            assert_eq!(path, Path::Fused, "{what}");
            continue;
        }
        let got = run_poisoned(gpu, spec, input, path);
        let report = compare(&got, &expected);
        assert!(report.within(0.0), "{what} {path}: {report}");
        ran[k] += 1;
    }
}

/// Records a crop batch into a poisoned output buffer and reads every byte of it back.
pub fn run_crops<T: Element>(gpu: &Gpu, batch: &CropBatch, input: &[T]) -> Vec<T> {
    let (input_buffer, output_buffer) =
        crop_buffers(gpu, batch.template(), input, batch.output_bytes());
    run_crops_into(gpu, &gpu.resizer, batch, &input_buffer, &output_buffer)
}

/// A crop batch's source uploaded, and an output buffer of `output_bytes`.
pub fn crop_buffers<T: Element>(
    gpu: &Gpu,
    template: &ResizeSpec,
    input: &[T],
    output_bytes: u64,
) -> (wgpu::Buffer, wgpu::Buffer) {
    let device = &gpu.context.device;
    let mut bytes = bytemuck::cast_slice::<T, u8>(input).to_vec();
    bytes.resize(template.input_bytes() as usize, 0);
    let input_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some("test crop input"),
        contents: &bytes,
        usage: wgpu::BufferUsages::STORAGE,
    });
    let output_buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("test crop output"),
        size: output_bytes,
        usage: wgpu::BufferUsages::STORAGE
            | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    (input_buffer, output_buffer)
}

/// Poisons `output`, records `batch` and reads the batch's outputs back.
pub fn run_crops_into<T: Element>(
    gpu: &Gpu,
    resizer: &wgpu_resize::Resizer,
    batch: &CropBatch,
    input: &wgpu::Buffer,
    output: &wgpu::Buffer,
) -> Vec<T> {
    let device = &gpu.context.device;
    gpu.context
        .queue
        .write_buffer(output, 0, &poison::<T>(output.size()));
    let mut encoder = device.create_command_encoder(&Default::default());
    resizer
        .encode_crops(&mut encoder, batch, input, output)
        .expect("encode_crops");
    gpu.context.queue.submit([encoder.finish()]);
    let words: Vec<u8> =
        read_buffer(device, &gpu.context.queue, output, 0..output.size()).expect("readback");
    let per_box = batch.template().output_len() / batch.template().batch() as usize;
    let used = per_box * batch.boxes() as usize * size_of::<T>();
    bytemuck::pod_collect_to_vec(&words[..used])
}

/// Bytes the device has allocated once its work is done, where the backend reports them
/// (wgpu's allocator report: Vulkan, DX12, Metal); `None` elsewhere. The report covers the
/// whole device, so tests that read it take a device of their own ([`own_gpu`]).
pub fn allocated_bytes(device: &wgpu::Device) -> Option<u64> {
    device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    device
        .generate_allocator_report()
        .map(|report| report.total_allocated_bytes)
}

/// Asserts that `raced`, a resizer that threads shared, built the pipelines, prepared specs and
/// their buffers that `serial`, doing the same work on one thread, built: none twice. Bind
/// groups are left out: their count depends on the buffers each thread binds and on the
/// timings of `Path::Auto`'s measuring.
pub fn assert_built_once(raced: &Resizer, serial: &Resizer) {
    let (raced, serial) = (raced.stats(), serial.stats());
    assert_eq!(
        (raced.pipelines, raced.prepared_specs, raced.buffers_created),
        (
            serial.pipelines,
            serial.prepared_specs,
            serial.buffers_created
        ),
        "threads: {raced:?}; one thread: {serial:?}"
    );
}

/// A small deterministic generator (SplitMix64), so failures reproduce from the printed seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as u32
    }
    /// Uniform in `-1..1`.
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
    }
    pub fn f32s(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.unit()).collect()
    }
    /// `f32s` rounded to half precision.
    pub fn f16s(&mut self, n: usize) -> Vec<half::f16> {
        self.f32s(n).into_iter().map(half::f16::from_f32).collect()
    }
    pub fn u8s(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| (self.next_u64() >> 56) as u8).collect()
    }
}

/// The proptest configuration of the property tests: `cases` a property unless
/// `PROPTEST_CASES` says otherwise, and failures reported with their shrunk input rather than
/// saved to a file beside the sources.
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    proptest::test_runner::Config {
        cases,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}
