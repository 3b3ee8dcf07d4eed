//! Shared by the GPU test files: one device per test binary, poisoned output buffers, seeded data.
#![allow(dead_code)]

use std::sync::OnceLock;

use wgpu::util::DeviceExt;
use wgpu_resize::{
    Element, GpuContext, Path, ResizeSpec, Resizer, compare, read_buffer, reference,
};

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

/// Bytes that no resize writes: a quiet NaN in every float slot, 0xA5 in every u8.
pub fn poison<T: Element>(len_bytes: u64) -> Vec<u8> {
    wgpu_resize::element::poison_bytes(T::TYPE, len_bytes)
}

/// A byte pattern for the bytes around an output slice: a write outside the slice changes it.
pub fn sentinel(len: u64) -> Vec<u8> {
    (0..len).map(|i| (i * 37 + 11) as u8).collect()
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
    let used = spec.output_len() * size_of::<T>();
    bytemuck::pod_collect_to_vec(&words[..used])
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
