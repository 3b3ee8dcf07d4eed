//! The bundled conformance cases (outputs produced by PyTorch, Pillow, OpenCV and ONNX Runtime)
//! on the CPU reference and on every GPU path.

mod common;

use wgpu_resize::Path;
use wgpu_resize::conformance::{Runner, bundled_dir, load_cases};

fn run_all(runner: Runner<'_>, label: &str) {
    let dir = bundled_dir();
    let cases = load_cases(&dir).expect("cases.json");
    assert_eq!(cases.len(), 264, "the bundled set has 264 cases");
    let mut failures = Vec::new();
    for case in &cases {
        match case.run(&dir, runner) {
            Ok(outcome) if outcome.passed() => {}
            Ok(outcome) => failures.push(format!(
                "{}: max abs {:.3e} > {:.1e}   {}",
                case.id, outcome.max_abs, outcome.tolerance, case.call
            )),
            Err(e) => failures.push(format!("{}: {e}", case.id)),
        }
    }
    eprintln!(
        "{label}: {} passed, {} failed",
        cases.len() - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{label}: {} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn cpu_reference_matches_every_case() {
    run_all(Runner::Cpu, "cpu reference");
}

#[test]
fn gather_matches_every_case() {
    let Some(gpu) = common::gpu("conformance gather") else {
        return;
    };
    run_all(Runner::Gpu(&gpu.resizer, Path::Gather), "gather");
}

#[test]
fn separable_matches_every_case() {
    let Some(gpu) = common::gpu("conformance separable") else {
        return;
    };
    run_all(Runner::Gpu(&gpu.resizer, Path::Separable), "separable");
}

#[test]
fn auto_matches_every_case() {
    let Some(gpu) = common::gpu("conformance auto") else {
        return;
    };
    run_all(Runner::Gpu(&gpu.resizer, Path::Auto), "auto");
}
