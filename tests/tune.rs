//! `Path::Auto` measures: the fastest candidate wins, decisions persist in a file that a second
//! resizer reads without measuring, a file that is not a cache never fails a resize and is never
//! written over, and a changed candidate set measures again.

mod common;

use wgpu_resize::adapter::ContextOptions;
use wgpu_resize::gpu::ResizerOptions;
use wgpu_resize::{GpuContext, Path, PlanSource, ResizeSpec, Resizer, Size2, compare, reference};

fn resizer(file: Option<&std::path::Path>) -> Option<Resizer> {
    let gpu = common::gpu("tuning")?;
    let options = ResizerOptions {
        tune_cache_file: file.map(|f| f.to_path_buf()),
        ..Default::default()
    };
    Some(Resizer::with_options(&gpu.context.device, &gpu.context.queue, options).unwrap())
}

/// Rewrites every decision in the tuning file with `edit`, as a device where the paths timed
/// otherwise would have saved them.
fn edit_saved_decisions(file: &std::path::Path, mut edit: impl FnMut(&mut serde_json::Value)) {
    let mut saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    for decisions in saved["namespaces"].as_object_mut().unwrap().values_mut() {
        for decision in decisions.as_object_mut().unwrap().values_mut() {
            edit(decision);
        }
    }
    std::fs::write(file, saved.to_string()).unwrap();
}

fn spec() -> ResizeSpec {
    ResizeSpec::builder(Size2::new(48, 64), Size2::new(100, 30))
        .channels(4)
        .build()
        .unwrap()
}

#[test]
fn the_fastest_measured_candidate_is_chosen() {
    let Some(resizer) = resizer(None) else { return };
    let plan = resizer.plan(&spec(), Path::Auto).unwrap();
    assert_eq!(plan.source, PlanSource::Measured);
    assert_eq!(plan.candidates.len(), Path::CONCRETE.len());
    let fastest = plan
        .candidates
        .iter()
        .filter(|c| c.median_us.is_some())
        .min_by(|a, b| a.median_us.unwrap().total_cmp(&b.median_us.unwrap()))
        .unwrap();
    assert_eq!(plan.path, fastest.path, "{plan:?}");
    // Asked again, the same resizer answers from memory with the same numbers.
    let again = resizer.plan(&spec(), Path::Auto).unwrap();
    assert_eq!(
        (again.path, &again.candidates),
        (plan.path, &plan.candidates)
    );
}

/// A spec that keeps one axis at its size runs the same single pass on the gather and the
/// separable path: the separable candidate carries the gather's time, measured once, and the
/// tie never picks the separable path. A spec that resizes both axes still times both.
#[test]
fn a_kept_axis_times_the_shared_pass_once() {
    let Some(resizer) = resizer(None) else { return };
    let kept_width = ResizeSpec::builder(Size2::new(48, 64), Size2::new(100, 64))
        .channels(4)
        .build()
        .unwrap();
    let kept_height = ResizeSpec::builder(Size2::new(48, 64), Size2::new(48, 30))
        .channels(3)
        .build()
        .unwrap();
    for spec in [kept_width, kept_height] {
        let plan = resizer.plan(&spec, Path::Auto).unwrap();
        let time = |path| {
            plan.candidates
                .iter()
                .find(|c| c.path == path)
                .and_then(|c| c.median_us)
                .unwrap_or_else(|| panic!("{path} not timed: {plan:?}"))
        };
        assert_eq!(time(Path::Separable), time(Path::Gather), "{plan:?}");
        assert_ne!(plan.path, Path::Separable, "{plan:?}");
    }
    let plan = resizer.plan(&spec(), Path::Auto).unwrap();
    assert!(
        plan.candidates
            .iter()
            .all(|c| c.median_us.is_some() || c.unavailable),
        "{plan:?}"
    );
}

/// A path that cannot run a spec (the fused kernel, whose first-axis sums would not fit in
/// workgroup memory) is reported as such and not timed; the others are timed and one chosen.
#[test]
fn a_path_that_cannot_run_is_reported_not_timed() {
    let Some(resizer) = resizer(None) else { return };
    // 700 columns of lanczos3 bands for 20 outputs: every fused tile keeps 45 KiB of sums.
    let spec = ResizeSpec::builder(Size2::new(8, 700), Size2::new(4, 20))
        .channels(4)
        .filter(wgpu_resize::Filter::Lanczos { lobes: 3 })
        .antialias(true)
        .build()
        .unwrap();
    let plan = resizer.plan(&spec, Path::Auto).unwrap();
    for c in &plan.candidates {
        if c.path == Path::Fused {
            assert!(c.unavailable && c.median_us.is_none(), "{c:?}");
            assert!(
                c.error.as_deref().unwrap().contains("workgroup memory"),
                "{c:?}"
            );
        } else {
            assert!(!c.unavailable && c.median_us.is_some(), "{c:?}");
        }
    }
    assert_ne!(plan.path, Path::Fused);
    assert!(
        plan.reason.contains("fused cannot run it"),
        "{}",
        plan.reason
    );
}

#[test]
fn a_second_resizer_reads_the_decision_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tune.json");
    let Some(first) = resizer(Some(&file)) else {
        return;
    };
    let measured = first.plan(&spec(), Path::Auto).unwrap();
    assert_eq!(measured.source, PlanSource::Measured);
    assert!(file.exists(), "the decision was saved");

    let second = resizer(Some(&file)).unwrap();
    let cached = second.plan(&spec(), Path::Auto).unwrap();
    assert_eq!(cached.source, PlanSource::Cache);
    assert_eq!(cached.path, measured.path);
    // Identical times: read back, not measured again.
    assert_eq!(cached.candidates, measured.candidates);
    // A nearby shape shares the bucketed key.
    let nearby = ResizeSpec::builder(Size2::new(50, 60), Size2::new(110, 31))
        .channels(4)
        .build()
        .unwrap();
    assert_eq!(
        second.plan(&nearby, Path::Auto).unwrap().source,
        PlanSource::Cache
    );
}

/// A file that is not a tuning cache (a damaged one, or another program's file named by
/// mistake) never fails a resize, and is never written over: the resizer says so and keeps
/// what it measures in memory.
#[test]
fn a_file_that_is_not_a_cache_is_ignored_with_a_warning_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tune.json");
    std::fs::write(&file, "{ this is not json").unwrap();
    let Some(resizer) = resizer(Some(&file)) else {
        return;
    };
    let warnings = resizer.take_warnings();
    assert!(
        warnings.iter().any(|w| w.contains("is not a tuning cache")),
        "{warnings:?}"
    );
    let data = vec![0.25f32; spec().input_len()];
    let out = resizer.resize(&spec(), &data, Path::Auto).unwrap();
    assert!(out.iter().all(|&v| (v - 0.25).abs() < 1e-6));
    assert_eq!(
        resizer.plan(&spec(), Path::Auto).unwrap().source,
        PlanSource::Measured
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "{ this is not json",
        "the file was written over"
    );
}

#[test]
fn a_changed_candidate_set_measures_again() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tune.json");
    let Some(first) = resizer(Some(&file)) else {
        return;
    };
    first.plan(&spec(), Path::Auto).unwrap();
    // Pretend the file was written by a build with other kernels: its checksum differs.
    let text = std::fs::read_to_string(&file).unwrap();
    let checksum = wgpu_resize::tune::candidate_checksum();
    assert!(text.contains(&checksum));
    std::fs::write(&file, text.replace(&checksum, "0123456789abcdef")).unwrap();
    let second = resizer(Some(&file)).unwrap();
    assert_eq!(
        second.plan(&spec(), Path::Auto).unwrap().source,
        PlanSource::Measured
    );
    // Both namespaces are kept in the file.
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("0123456789abcdef") && text.contains(&checksum));
}

#[test]
fn encode_runs_the_safe_default_until_tuned() {
    let Some(resizer) = resizer(None) else { return };
    let gpu = common::gpu("tuning").unwrap();
    let s = spec();
    let device = &gpu.context.device;
    let buffer = |size| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        })
    };
    let (input, output) = (buffer(s.input_bytes()), buffer(s.output_bytes()));
    let mut encoder = device.create_command_encoder(&Default::default());
    let plan = resizer
        .encode(&mut encoder, &s, &input, &output, Path::Auto)
        .unwrap();
    assert_eq!(plan.source, PlanSource::Heuristic);
    gpu.context.queue.submit([encoder.finish()]);
    assert_eq!(resizer.tune_pending().unwrap(), 1);
    assert_eq!(resizer.tune_pending().unwrap(), 0);
    let mut encoder = device.create_command_encoder(&Default::default());
    let plan = resizer
        .encode(&mut encoder, &s, &input, &output, Path::Auto)
        .unwrap();
    assert_eq!(plan.source, PlanSource::Measured);
}

#[test]
fn tuning_off_uses_the_heuristic() {
    let Some(gpu) = common::gpu("tuning off") else {
        return;
    };
    let options = ResizerOptions {
        tuning: wgpu_resize::gpu::Tuning::Off,
        ..Default::default()
    };
    let resizer = Resizer::with_options(&gpu.context.device, &gpu.context.queue, options).unwrap();
    let plan = resizer.plan(&spec(), Path::Auto).unwrap();
    assert_eq!(plan.source, PlanSource::Heuristic);
    assert!(plan.candidates.is_empty());
}

/// With tuning off, `auto` runs the unmeasured choice: the fused path for a wide f32 support
/// shrinking by 2 on a device whose workgroup memory holds the kernel's sums, and another path
/// on a device with none; the output matches the reference either way.
#[test]
fn unmeasured_auto_takes_the_fused_path_only_where_it_fits() {
    let Some(gpu) = common::gpu("unmeasured fused choice") else {
        return;
    };
    let spec = common::antialiased_bicubic(Size2::new(40, 56), Size2::new(20, 28));
    let data = common::Rng::new(7).f32s(spec.input_len());
    let expected = reference::resize(&spec, &data).unwrap();
    let adapter_limits = gpu.context.adapter.limits();
    let no_workgroup_memory = wgpu::Limits {
        max_compute_workgroup_storage_size: 0,
        ..wgpu::Limits::downlevel_defaults()
    };
    for (limits, fits) in [(adapter_limits, true), (no_workgroup_memory, false)] {
        let workgroup_bytes = limits.max_compute_workgroup_storage_size;
        let context = pollster::block_on(GpuContext::request(ContextOptions {
            limits: Some(limits),
            ..Default::default()
        }))
        .unwrap();
        let options = ResizerOptions {
            tuning: wgpu_resize::gpu::Tuning::Off,
            ..Default::default()
        };
        let resizer = Resizer::with_options(&context.device, &context.queue, options).unwrap();
        assert_eq!(
            resizer.availability(&spec, Path::Fused).is_ok(),
            fits,
            "fused availability with {workgroup_bytes} bytes of workgroup memory"
        );
        let plan = resizer.plan(&spec, Path::Auto).unwrap();
        assert_eq!(plan.source, PlanSource::Heuristic);
        assert_eq!(plan.path == Path::Fused, fits, "{plan:?}");
        let got = resizer.resize(&spec, &data, Path::Auto).unwrap();
        let report = compare(&got, &expected);
        assert!(report.max_abs <= 2e-5, "{:?}: {report:?}", plan.path);
    }
}

/// Decisions are kept per key, and specs that share a key need not share what each path can
/// run: a crop and its mirror have one key, but the fused path refuses the mirror (its tiles
/// stage their inputs in order). A cached decision for a path that cannot run the spec in hand
/// gives way to the fastest of its candidates that can, so `Path::Auto` still runs.
#[test]
fn a_cached_path_that_cannot_run_the_spec_gives_way() {
    use wgpu_resize::{AxisResample, CoordinateMapping, tune};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tune.json");
    let crop = |start, end| {
        AxisResample::default().with_mapping(CoordinateMapping::TfCropAndResize { start, end })
    };
    let forward = ResizeSpec::builder(Size2::new(9, 4), Size2::new(18, 12))
        .channels(4)
        .x_axis(crop(0.0, 0.9))
        .build()
        .unwrap();
    let mirrored = forward.to_builder().x_axis(crop(0.9, 0.0)).build().unwrap();
    assert_eq!(tune::spec_key(&forward), tune::spec_key(&mirrored));
    let Some(first) = resizer(Some(&file)) else {
        return;
    };
    assert_eq!(
        first.plan(&forward, Path::Auto).unwrap().source,
        PlanSource::Measured
    );
    // The saved decision made the fused path's, as on a device where it measured fastest.
    edit_saved_decisions(&file, |decision| {
        decision["path"] = serde_json::json!("fused")
    });

    let second = resizer(Some(&file)).unwrap();
    assert_eq!(second.plan(&forward, Path::Auto).unwrap().path, Path::Fused);
    let plan = second.plan(&mirrored, Path::Auto).unwrap();
    assert_ne!(plan.path, Path::Fused, "{}", plan.reason);
    let data: Vec<f32> = (0..mirrored.input_len())
        .map(|i| (i % 13) as f32 / 13.0)
        .collect();
    let out = second.resize(&mirrored, &data, Path::Auto).unwrap();
    let report = compare(&out, &reference::resize(&mirrored, &data).unwrap());
    assert!(report.within(1e-5), "{report}");
}

/// Tuning times the fused path at each of its tile widths and keeps the fastest with the
/// widths it was timed at; the file carries it to a second resizer; a pinned count is the only
/// one timed, and its resize still matches the reference.
#[test]
fn the_fused_tile_columns_are_measured_kept_and_pinned() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tune.json");
    let Some(first) = resizer(Some(&file)) else {
        return;
    };
    // A 2x antialiased shrink whose tiles of 64 lanes fill 61 columns: three counts to time.
    let shrink = common::antialiased_bicubic(Size2::new(6, 488), Size2::new(3, 244));
    let counts = first.fused_column_candidates(&shrink).unwrap();
    assert!(counts.len() >= 2, "{counts:?}");
    let measured = first.plan(&shrink, Path::Auto).unwrap();
    let tile = common::fused_tile(&measured).expect("the fused time names its tile");
    assert!(counts.contains(&tile.columns), "{tile:?} {counts:?}");
    assert_eq!((tile.input_width, tile.output_width), (488, 244));
    assert!(
        measured
            .reason
            .contains(&format!("{} columns a tile", tile.columns)),
        "{}",
        measured.reason
    );
    // No other path names a tile.
    assert!(
        measured
            .candidates
            .iter()
            .all(|c| c.path == Path::Fused || c.tile.is_none())
    );

    let second = resizer(Some(&file)).unwrap();
    let cached = second.plan(&shrink, Path::Auto).unwrap();
    assert_eq!(cached.source, PlanSource::Cache);
    assert_eq!(common::fused_tile(&cached), Some(tile));

    // Pinned: tuning times that count alone (a resizer of its own: nothing decided yet).
    let third = resizer(None).unwrap();
    let pin = *counts.last().unwrap();
    third.pin_fused_columns(&shrink, Some(pin)).unwrap();
    let pinned = third.plan(&shrink, Path::Auto).unwrap();
    assert_eq!(common::fused_tile(&pinned).map(|t| t.columns), Some(pin));
    let data = common::Rng::new(3).f32s(shrink.input_len());
    let got = third.resize(&shrink, &data, Path::Fused).unwrap();
    let report = compare(&got, &reference::resize(&shrink, &data).unwrap());
    assert!(report.within(2e-5), "{report}");
}

/// A decision read from the file whose fused tiles take another count of columns than the
/// kernel's own replaces what the fused path prepared at its own count before: a resize that
/// asked for the fused path by name, then `auto` planned from the file, leaves one set of
/// fused resources held, not two; and the resize at the adopted count is the reference's.
#[test]
fn an_adopted_tile_width_drops_the_kernels_own_resources() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tune.json");
    let Some(first) = resizer(Some(&file)) else {
        return;
    };
    let shrink = common::antialiased_bicubic(Size2::new(6, 488), Size2::new(3, 244));
    let counts = first.fused_column_candidates(&shrink).unwrap();
    assert!(counts.len() >= 2, "{counts:?}");
    first.plan(&shrink, Path::Auto).unwrap();
    // The saved decision's tiles made another count than the kernel's own, as on a device
    // where that count timed fastest.
    let other = counts[1];
    let mut edited = 0;
    edit_saved_decisions(&file, |decision| {
        for candidate in decision["candidates"].as_array_mut().unwrap() {
            if candidate["path"] == "fused" {
                candidate["tile"]["columns"] = serde_json::json!(other);
                edited += 1;
            }
        }
    });
    assert_eq!(edited, 1);

    let second = resizer(Some(&file)).unwrap();
    let data = common::Rng::new(17).f32s(shrink.input_len());
    let expected = reference::resize(&shrink, &data).unwrap();
    let own = second.resize(&shrink, &data, Path::Fused).unwrap();
    assert_eq!(second.stats().prepared_held, 1);
    let plan = second.plan(&shrink, Path::Auto).unwrap();
    assert_eq!(plan.source, PlanSource::Cache, "{}", plan.reason);
    let tile = plan.candidates.iter().find_map(|c| c.tile);
    assert_eq!(tile.map(|t| t.columns), Some(other), "{}", plan.reason);
    assert_eq!(
        second.stats().prepared_held,
        0,
        "the own count's resources are held still"
    );
    let adopted = second.resize(&shrink, &data, Path::Fused).unwrap();
    assert_eq!(second.stats().prepared_held, 1);
    for got in [&own, &adopted] {
        let report = compare(got, &expected);
        assert!(report.within(2e-5), "{report}");
    }
    assert!(
        own.iter()
            .zip(&adopted)
            .all(|(a, b)| a.to_bits() == b.to_bits()),
        "another count gave other bytes"
    );
}

/// `Resizer::kernels` names each dispatch of the path a spec takes, in order, with its grid:
/// the separable path's two passes, the gather's one, a two-step resize's reduction before its
/// resize, ONNX Runtime's uint8 linear in the arithmetic of its layout (NHWC integers on the
/// RGB doubling, NCHW f32 steps) and the path it cannot run as encoding's error.
#[test]
fn kernels_name_each_dispatch_of_the_path() {
    use wgpu_resize::presets::{self, OnnxMode, OnnxResize, PillowFilter};
    use wgpu_resize::{ElementType, Layout, ResizeError};
    let Some(resizer) = resizer(None) else { return };
    let spec = spec();
    let separable = resizer.kernels(&spec, Path::Separable).unwrap();
    let gather = resizer.kernels(&spec, Path::Gather).unwrap();
    assert_eq!(separable.len(), 2, "{separable:?}");
    assert_eq!(gather.len(), 1, "{gather:?}");
    for pass in separable.iter().chain(&gather) {
        assert!(pass.kernel.starts_with("wgpu-resize "), "{pass:?}");
        let (x, y, z) = pass.workgroups;
        assert!(x >= 1 && y >= 1 && z >= 1, "{pass:?}");
    }
    assert!(gather[0].kernel.contains("gather"), "{gather:?}");
    // Auto before tuning: the heuristic's path, whose kernels are that path's.
    let auto = resizer.kernels(&spec, Path::Auto).unwrap();
    let heuristic = resizer.heuristic_plan(&spec).path;
    assert_eq!(auto, resizer.kernels(&spec, heuristic).unwrap());

    let two_steps = presets::pillow(Size2::new(64, 48), Size2::new(11, 8), PillowFilter::Bicubic)
        .reducing_gap(Some(2.0))
        .channels(3)
        .element(ElementType::U8)
        .build()
        .unwrap();
    let stages = resizer.kernels(&two_steps, Path::Gather).unwrap();
    assert_eq!(stages.len(), 2, "{stages:?}");
    assert!(stages[0].kernel.contains("block averages"), "{stages:?}");
    assert!(!stages[1].kernel.contains("block averages"), "{stages:?}");
    let one_step = presets::pillow(Size2::new(64, 48), Size2::new(11, 8), PillowFilter::Bicubic)
        .channels(3)
        .element(ElementType::U8)
        .build()
        .unwrap();
    assert_eq!(resizer.kernels(&one_step, Path::Gather).unwrap().len(), 1);

    let linear = OnnxResize {
        mode: OnnxMode::Linear,
        ..OnnxResize::default()
    };
    let onnx = |layout| {
        presets::onnx(Size2::new(20, 32), Size2::new(40, 64), &linear)
            .unwrap()
            .channels(3)
            .layout(layout)
            .element(ElementType::U8)
            .build()
            .unwrap()
    };
    let nhwc = resizer.kernels(&onnx(Layout::Nhwc), Path::Gather).unwrap();
    assert_eq!(nhwc.len(), 1, "{nhwc:?}");
    assert!(nhwc[0].kernel.contains("doubling"), "{nhwc:?}");
    assert!(nhwc[0].kernel.contains("OnnxLinear(Integer)"), "{nhwc:?}");
    let nchw = resizer.kernels(&onnx(Layout::Nchw), Path::Gather).unwrap();
    assert!(nchw[0].kernel.contains("OnnxLinear(Float)"), "{nchw:?}");
    let refused = resizer.kernels(&onnx(Layout::Nhwc), Path::Separable);
    assert!(
        matches!(refused, Err(ResizeError::PathUnavailable { .. })),
        "{refused:?}"
    );
}

/// A sub-image is planned as a whole, under a key of its own (not the whole image's resize,
/// nor the slice's alone), its reason saying that the slice is read in place; each path reads
/// it in place, in as many dispatches as the slice's own resize takes.
#[test]
fn a_sub_image_is_measured_in_place_and_keyed_apart() {
    use wgpu_resize::tune;
    let Some(resizer) = resizer(None) else { return };
    let whole = spec();
    let cut = whole
        .to_builder()
        .sizes(Size2::new(48, 64), Size2::new(100, 30))
        .cut(Some([4, 8, 40, 60]))
        .build()
        .unwrap();
    let slice = whole
        .to_builder()
        .sizes(Size2::new(36, 52), Size2::new(100, 30))
        .build()
        .unwrap();
    let keys = [&whole, &cut, &slice].map(tune::spec_key);
    assert!(keys[1] != keys[0] && keys[1] != keys[2], "{keys:?}");

    for (path, dispatches) in [(Path::Gather, 1), (Path::Separable, 2), (Path::Fused, 1)] {
        let in_place = resizer.kernels(&cut, path).unwrap();
        let slice_alone = resizer.kernels(&slice, path).unwrap();
        assert_eq!(in_place.len(), dispatches, "{path}: {in_place:?}");
        assert_eq!(slice_alone.len(), dispatches, "{path}: {slice_alone:?}");
    }

    let plan = resizer.plan(&cut, Path::Auto).unwrap();
    assert_eq!(plan.source, PlanSource::Measured, "{plan:?}");
    let timed: Vec<Path> = plan
        .candidates
        .iter()
        .filter(|c| c.median_us.is_some())
        .map(|c| c.path)
        .collect();
    assert!(
        timed.contains(&Path::Gather) && timed.contains(&Path::Separable),
        "{plan:?}"
    );
    let how = "reading the sub-image [4, 8, 40, 60] in place";
    assert!(plan.reason.ends_with(how), "{plan:?}");
    // The whole image's resize is measured on its own, not decided by the cut's measurement.
    let whole_plan = resizer.plan(&whole, Path::Auto).unwrap();
    assert_eq!(whole_plan.source, PlanSource::Measured);
    assert_ne!(whole_plan.candidates, plan.candidates);
}
