//! One `Resizer` shared by several threads, as an engine that records command buffers on worker
//! threads shares it: each thread runs resizes of its own and of specs the others run too (so
//! that they race to build the same pipelines, tables and parameter blocks), on fixed paths and
//! on `Path::Auto`, which measures. Every result must match the CPU reference, no thread may
//! deadlock or panic, and racing threads must prepare each spec once, as one thread would.

mod common;

use common::{Rng, gpu};
use wgpu_resize::{Filter, Path, ResizeSpec, Resizer, Size2, compare, reference};

/// Threads sharing the resizer, and resizes each runs.
const THREADS: u64 = 4;
const RESIZES_PER_THREAD: u64 = 6;

/// A small f32 spec from a seed: sizes, filter, channels and antialias vary with it.
fn spec_from(seed: u64) -> ResizeSpec {
    let mut rng = Rng::new(seed);
    let filter = [
        Filter::Linear,
        Filter::Cubic { a: -0.5 },
        Filter::Lanczos { lobes: 3 },
    ][rng.range(0, 2) as usize];
    ResizeSpec::builder(
        Size2::new(rng.range(2, 24), rng.range(2, 24)),
        Size2::new(rng.range(2, 24), rng.range(2, 24)),
    )
    .channels(rng.range(1, 4))
    .filter(filter)
    .antialias(rng.range(0, 1) == 1)
    .build()
    .unwrap()
}

/// Thread `thread`'s resizes: even ones of specs every thread runs, odd ones of its own.
fn workload(thread: u64) -> Vec<(ResizeSpec, Path, u64)> {
    (0..RESIZES_PER_THREAD)
        .map(|k| {
            let seed = if k % 2 == 0 {
                7000 + k
            } else {
                8000 + 100 * thread + k
            };
            let path = [Path::Auto, Path::Gather, Path::Separable][k as usize % 3];
            (spec_from(seed), path, seed ^ thread)
        })
        .collect()
}

/// Runs `thread`'s workload on `resizer`, each result against the reference.
fn run(resizer: &Resizer, thread: u64) {
    for (k, (spec, path, seed)) in workload(thread).into_iter().enumerate() {
        let data = Rng::new(seed).f32s(spec.input_len());
        let got = resizer.resize(&spec, &data, path).unwrap();
        let report = compare(&got, &reference::resize(&spec, &data).unwrap());
        assert!(
            report.within(2e-5),
            "thread {thread} resize {k} {spec:?} {path}: {report}"
        );
    }
}

#[test]
fn threads_share_one_resizer() {
    let Some(gpu) = gpu("threads_share_one_resizer") else {
        return;
    };
    let (device, queue) = (&gpu.context.device, &gpu.context.queue);
    let shared = Resizer::new(device, queue).unwrap();
    let shared = &shared;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|thread| scope.spawn(move || run(shared, thread)))
            .collect();
        for worker in workers {
            worker.join().expect("a thread panicked");
        }
    });
    // The same work on one thread, on a resizer of its own.
    let alone = Resizer::new(device, queue).unwrap();
    for thread in 0..THREADS {
        run(&alone, thread);
    }
    common::assert_built_once(shared, &alone);
}
