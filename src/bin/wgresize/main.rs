//! `wgresize`: resize `.npy` tensors on the GPU, benchmark the paths, run conformance cases and
//! describe the adapters.

mod files;
mod options;
mod plan;
mod plot;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::json;
use wgpu_resize::bench::{self, BenchSettings};
use wgpu_resize::conformance::{self, Runner};
use wgpu_resize::gpu::ResizerOptions;
use wgpu_resize::timing::TimingMethod;
use wgpu_resize::{ElementType, GpuContext, Path, Resizer, tune};

use options::ResizeFlags;

#[derive(Parser, Debug)]
#[command(
    name = "wgresize",
    version,
    about = "Resize images and tensors on the GPU through wgpu"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PathArg {
    Auto,
    Gather,
    Separable,
    Fused,
}

impl From<PathArg> for Path {
    fn from(p: PathArg) -> Path {
        match p {
            PathArg::Auto => Path::Auto,
            PathArg::Gather => Path::Gather,
            PathArg::Separable => Path::Separable,
            PathArg::Fused => Path::Fused,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ElementArg {
    F32,
    F16,
    U8,
}

impl From<ElementArg> for ElementType {
    fn from(element: ElementArg) -> Self {
        match element {
            ElementArg::F32 => ElementType::F32,
            ElementArg::F16 => ElementType::F16,
            ElementArg::U8 => ElementType::U8,
        }
    }
}

/// Where measured path choices are kept between runs.
#[derive(clap::Args, Debug, Clone)]
struct TuneCacheFlag {
    /// Tuning cache file (default: $XDG_CACHE_HOME/wgpu-resize/tune.json or ~/.cache/...).
    #[arg(long, value_name = "FILE")]
    tune_cache: Option<PathBuf>,
    /// Keep measured choices in memory only.
    #[arg(long, conflicts_with = "tune_cache")]
    no_tune_cache: bool,
}

impl TuneCacheFlag {
    fn options(&self) -> ResizerOptions {
        ResizerOptions {
            tune_cache_file: if self.no_tune_cache {
                None
            } else {
                self.tune_cache.clone().or_else(tune::default_cache_file)
            },
            ..ResizerOptions::default()
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List adapters, and the chosen one's backend, driver, features and key limits.
    Info,
    /// Resize a .npy tensor (f32, f16 or u8) or a PNG, JPEG or WebP image; or every such file of a
    /// folder into another folder.
    Resize {
        /// Input: .npy shaped n,h,w,c (n,c,h,w with --layout nchw), an image, or a folder.
        input: PathBuf,
        /// Output: a file of the same kind, its type by its extension (an image may change
        /// format: .png, .jpg, .jpeg, .webp), or a folder.
        output: PathBuf,
        #[command(flatten)]
        flags: ResizeFlags,
        /// Which GPU path runs.
        #[arg(long, value_enum, default_value = "auto")]
        path: PathArg,
        #[command(flatten)]
        cache: TuneCacheFlag,
    },
    /// Time every path on the standard shapes and check each against the CPU reference.
    Bench {
        /// A smoke run: fewer samples per shape.
        #[arg(long)]
        quick: bool,
        /// Print only JSON on stdout.
        #[arg(long)]
        json: bool,
        /// Instead of the six shapes: 36 shapes of three filters, `auto` against the fastest path.
        #[arg(long)]
        sweep: bool,
        /// After the six shapes, the antialiased, batched, u8 and f16 shapes of the performance targets,
        /// the six again with one tap per output, and one output alone (the fixed cost of a resize).
        #[arg(long, conflicts_with = "sweep")]
        extended: bool,
        /// Only the shapes whose label contains TEXT, ignoring case, or one of several
        /// comma-separated TEXTs (e.g. `nchw`, `u8`, `2160x3840 bilinear,x3 `).
        #[arg(long, value_name = "TEXT", conflicts_with_all = ["sweep", "texture"])]
        only: Option<String>,
        /// Instead of the paths: the six shapes as u8 RGBA, buffer to buffer against texture to
        /// texture (storage, copy and render-pass writes), in wall time per resize.
        #[arg(long, conflicts_with_all = ["sweep", "extended", "plot"])]
        texture: bool,
        /// Instead of the paths: video frames (RGBA8 textures) resized into model inputs (RGB
        /// planes, f32 and f16) through the texture-to-tensor API, in GPU time per frame.
        #[arg(long, conflicts_with_all = ["sweep", "extended", "plot", "texture", "only"])]
        frames: bool,
        /// Seconds of sustained GPU work before measuring, so that clocks leave their idle state
        /// (default: 2, or 0 with --quick; at most 600).
        #[arg(long, value_name = "SECONDS", value_parser = warmup_seconds)]
        warmup: Option<f64>,
        /// Also draw the results as an SVG: per shape, each path's time, the peer's and the floor.
        #[arg(long, value_name = "FILE.svg", conflicts_with = "sweep")]
        plot: Option<PathBuf>,
        /// PyTorch peer JSON (scripts/torch_peer.py) to draw beside the paths.
        // The conflicts are said again here: clap does not ask for `--plot` where an argument
        // that excludes the plot is present, and the flag would be dropped silently.
        #[arg(
            long,
            value_name = "FILE.json",
            requires = "plot",
            conflicts_with_all = ["sweep", "texture", "frames"]
        )]
        peer: Option<PathBuf>,
        /// Device copy rate in bytes/s (read plus write) for the floor bars, e.g. 4.18e12.
        #[arg(
            long,
            value_name = "BYTES_PER_S",
            requires = "plot",
            conflicts_with_all = ["sweep", "texture", "frames"],
            value_parser = copy_rate
        )]
        copy_rate: Option<f64>,
        #[command(flatten)]
        cache: TuneCacheFlag,
    },
    /// Say which path `auto` runs for a shape, where the choice came from, each candidate's time
    /// and, between buffers, each pass's kernel and grid.
    Plan {
        /// Input tensor as NxHxWxC.
        #[arg(long, value_name = "NxHxWxC")]
        input: String,
        #[command(flatten)]
        flags: ResizeFlags,
        /// Element type.
        #[arg(long, value_enum, default_value = "f32")]
        element: ElementArg,
        #[command(flatten)]
        cache: TuneCacheFlag,
        /// Plan the route from a texture of this format into the tensor (batch 1).
        #[arg(
            long,
            value_enum,
            value_name = "FORMAT",
            conflicts_with = "into_texture"
        )]
        from_texture: Option<plan::TextureFormatArg>,
        /// Plan the route from the tensor into a texture of this format (batch 1), made with
        /// every write usage the format allows on the device.
        #[arg(long, value_enum, value_name = "FORMAT")]
        into_texture: Option<plan::TextureFormatArg>,
        /// Print only JSON on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Run every case of DIR/cases.json on the GPU and compare with the expected outputs.
    Conformance {
        /// Folder holding cases.json and the .npy files.
        dir: PathBuf,
        /// Which GPU path runs.
        #[arg(long, value_enum, default_value = "auto")]
        path: PathArg,
        /// Print only JSON on stdout.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Info => info(),
        Command::Resize {
            input,
            output,
            flags,
            path,
            cache,
        } => resize(&input, &output, &flags, path.into(), &cache.options()),
        Command::Bench {
            quick,
            json,
            sweep,
            extended,
            only,
            texture,
            frames,
            warmup,
            plot,
            peer,
            copy_rate,
            cache,
        } => {
            let warmup = warmup.unwrap_or(if quick { 0.0 } else { 2.0 });
            if frames {
                run_frames_bench(quick, json, warmup, &cache.options())
            } else if texture {
                run_texture_bench(quick, json, warmup, &cache.options())
            } else if sweep {
                run_sweep(quick, json, warmup, &cache.options())
            } else {
                // The plot's files are checked before the bench runs, not minutes after.
                plot.map(|file| PlotRequest::new(file, peer.as_deref(), copy_rate))
                    .transpose()
                    .and_then(|plot| {
                        let shapes = bench_shapes(extended, only.as_deref());
                        run_bench(quick, shapes, json, warmup, plot, &cache.options())
                    })
            }
        }
        Command::Plan {
            input,
            flags,
            element,
            cache,
            from_texture,
            into_texture,
            json,
        } => {
            let route = plan::Route::of(from_texture, into_texture);
            plan::run(
                &input,
                &flags,
                element.into(),
                route,
                &cache.options(),
                json,
            )
        }
        Command::Conformance { dir, path, json } => {
            run_conformance(&dir, path.into(), json, &ResizerOptions::default())
        }
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("wgresize: {message}");
            ExitCode::FAILURE
        }
    }
}

fn gpu(options: &ResizerOptions) -> Result<(GpuContext, Resizer), String> {
    let context = GpuContext::from_env().map_err(|e| e.to_string())?;
    let resizer = Resizer::with_options(&context.device, &context.queue, options.clone())
        .map_err(|e| e.to_string())?;
    warn(&resizer);
    Ok((context, resizer))
}

/// Prints a JSON document, alone, on stdout.
fn print_json(doc: &serde_json::Value) -> Result<(), String> {
    let text = serde_json::to_string_pretty(doc).map_err(|e| e.to_string())?;
    println!("{text}");
    Ok(())
}

/// How the kernels read and write f16 tensors on this device, for bench headers and JSON.
fn f16_io(resizer: &Resizer) -> &'static str {
    if resizer.native_f16() {
        "shader-f16"
    } else {
        "unpack2x16float"
    }
}

/// Prints the resizer's warnings (a corrupt tuning file, say) on stderr.
fn warn(resizer: &Resizer) {
    for warning in resizer.take_warnings() {
        eprintln!("wgresize: warning: {warning}");
    }
}

fn info() -> Result<ExitCode, String> {
    let instance = wgpu_resize::adapter::instance_from_env();
    let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()));
    println!("adapters:");
    for adapter in &adapters {
        println!("  {}", wgpu_resize::adapter::describe(&adapter.get_info()));
    }
    let (context, _) = gpu(&ResizerOptions::default())?;
    let limits = context.device.limits();
    println!("chosen: {}", context.describe());
    println!("device features: {:?}", context.device.features());
    println!(
        "timing: {}",
        TimingMethod::for_device(&context.device).name()
    );
    println!("limits:");
    println!("  max_buffer_size: {}", limits.max_buffer_size);
    println!(
        "  max_storage_buffer_binding_size: {}",
        limits.max_storage_buffer_binding_size
    );
    println!(
        "  max_storage_buffers_per_shader_stage: {}",
        limits.max_storage_buffers_per_shader_stage
    );
    println!(
        "  max_compute_workgroups_per_dimension: {}",
        limits.max_compute_workgroups_per_dimension
    );
    println!(
        "  max_compute_invocations_per_workgroup: {}",
        limits.max_compute_invocations_per_workgroup
    );
    println!(
        "  max_compute_workgroup_storage_size: {}",
        limits.max_compute_workgroup_storage_size
    );
    Ok(ExitCode::SUCCESS)
}

fn resize(
    input: &std::path::Path,
    output: &std::path::Path,
    flags: &ResizeFlags,
    path: Path,
    options: &ResizerOptions,
) -> Result<ExitCode, String> {
    let resizer = files::LazyResizer::new(|| gpu(options));
    let code = files::resize_command(&resizer, input, output, flags, path);
    if let Some(resizer) = resizer.made() {
        warn(resizer);
    }
    code
}

/// The device, a warmed-up resizer, the timing method and the sample settings of a bench run.
fn bench_setup(
    quick: bool,
    warmup: f64,
    options: &ResizerOptions,
) -> Result<(GpuContext, Resizer, TimingMethod, BenchSettings), String> {
    let (context, resizer) = gpu(options)?;
    bench::warm_up(&resizer, warmup).map_err(|e| e.to_string())?;
    let method = TimingMethod::for_device(&context.device);
    let settings = if quick {
        BenchSettings::QUICK
    } else {
        BenchSettings::FULL
    };
    Ok((context, resizer, method, settings))
}

/// Where and what to draw after a bench run.
struct PlotRequest {
    file: PathBuf,
    /// The peer's JSON, read and parsed.
    peer: Option<serde_json::Value>,
    copy_rate: Option<f64>,
}

impl PlotRequest {
    /// A plot into `file`, whose folder must exist, beside the peer JSON of `peer` (read now).
    fn new(
        file: PathBuf,
        peer: Option<&std::path::Path>,
        copy_rate: Option<f64>,
    ) -> Result<Self, String> {
        files::existing_folder(&file).map_err(|why| format!("--plot {why}"))?;
        let peer = match peer {
            Some(peer) => Some(
                std::fs::read_to_string(peer)
                    .map_err(|e| format!("--peer {}: {e}", peer.display()))
                    .and_then(|text| {
                        serde_json::from_str::<serde_json::Value>(&text)
                            .map_err(|e| format!("--peer {}: {e}", peer.display()))
                    })?,
            ),
            None => None,
        };
        Ok(PlotRequest {
            file,
            peer,
            copy_rate,
        })
    }
}

/// Longest `--warmup`: ten minutes of sustained work brings any GPU's clocks up.
const MOST_WARMUP_SECONDS: f64 = 600.0;

/// `--warmup`'s seconds: a number from 0 to [`MOST_WARMUP_SECONDS`].
fn warmup_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.0..=MOST_WARMUP_SECONDS).contains(&s) => Ok(s),
        _ => Err(format!("{text:?}: seconds from 0 to {MOST_WARMUP_SECONDS}")),
    }
}

/// `--copy-rate`'s bytes per second: a finite number above 0.
fn copy_rate(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(rate) if rate.is_finite() && rate > 0.0 => Ok(rate),
        _ => Err(format!(
            "{text:?}: bytes per second, a finite number above 0 (e.g. 4.18e12)"
        )),
    }
}

/// The standard shapes, then the extended ones if asked, keeping those whose label contains
/// one of `only`'s comma-separated texts (ignoring case).
fn bench_shapes(extended: bool, only: Option<&str>) -> Vec<bench::BenchShape> {
    let mut shapes = bench::standard_shapes();
    if extended {
        shapes.extend(bench::extended_shapes());
    }
    if let Some(only) = only {
        let wanted: Vec<String> = only.split(',').map(str::to_lowercase).collect();
        shapes.retain(|shape| {
            let label = shape.label().to_lowercase();
            wanted.iter().any(|text| label.contains(text.as_str()))
        });
    }
    shapes
}

fn run_bench(
    quick: bool,
    shapes: Vec<bench::BenchShape>,
    json: bool,
    warmup: f64,
    plot: Option<PlotRequest>,
    options: &ResizerOptions,
) -> Result<ExitCode, String> {
    let (context, resizer, method, settings) = bench_setup(quick, warmup, options)?;
    let info = context.adapter.get_info();
    let paths = [Path::Gather, Path::Separable, Path::Fused, Path::Auto];
    let interactive = std::io::stderr().is_terminal();
    if shapes.is_empty() {
        return Err(
            "no benchmark shape matches --only (see the labels `wgresize bench \
                    --extended` prints)"
                .into(),
        );
    }
    let total = shapes.len();
    let mut results = Vec::new();
    let mut wrong = Vec::new();
    for (k, shape) in shapes.iter().enumerate() {
        let progress = |what: &str| {
            if interactive {
                eprint!("\r\x1b[2K[{}/{total}] {what}", k + 1);
            } else {
                eprintln!("[{}/{total}] {what}", k + 1);
            }
        };
        let rows = bench::run_shape(&resizer, shape, &paths, method, settings, progress)
            .map_err(|e| e.to_string())?;
        for row in &rows {
            let within = row.max_abs_error <= shape.tolerance();
            if !within {
                wrong.push(format!(
                    "{} {}: {:.3e} > {:.0e}",
                    shape.label(),
                    row.path,
                    row.max_abs_error,
                    shape.tolerance()
                ));
            }
        }
        results.extend(rows);
    }
    if interactive {
        eprint!("\r\x1b[2K");
    }
    if json {
        let doc = json!({
            "adapter": info.name,
            "backend": format!("{:?}", info.backend).to_lowercase(),
            "driver": format!("{} {}", info.driver, info.driver_info),
            "timing": method.name(),
            "f16_io": f16_io(&resizer),
            "results": results,
        });
        print_json(&doc)?;
    } else {
        println!(
            "{} — timing: {}; f16 read and written as {}",
            context.describe(),
            method.name(),
            f16_io(&resizer)
        );
        println!(
            "{:<44} {:>10} {:>10} {:>10} {:>10}  {:>8}  auto",
            "shape", "gather µs", "separ. µs", "fused µs", "fastest", "max err"
        );
        let mut rows = results.iter().peekable();
        for shape in &shapes {
            let mut of_shape = Vec::new();
            while let Some(r) = rows.next_if(|r| r.shape == *shape) {
                of_shape.push(r);
            }
            let time = |name: &str| {
                of_shape
                    .iter()
                    .find(|r| r.path == name)
                    .map_or("-".to_string(), |r| format!("{:.1}", r.median_us))
            };
            let fastest = of_shape
                .iter()
                .filter(|r| r.path != "auto")
                .min_by(|a, b| a.median_us.total_cmp(&b.median_us))
                .map_or("-", |r| r.path.as_str());
            let worst = of_shape.iter().map(|r| r.max_abs_error).fold(0.0, f64::max);
            let auto = of_shape.iter().find(|r| r.path == "auto");
            let in_one_pass = auto
                .and_then(|a| a.in_one_pass_us)
                .map_or(String::new(), |us| format!(" ({us:.1} µs in one pass)"));
            println!(
                "{:<44} {:>10} {:>10} {:>10} {:>10}  {:>8.1e}  {} {} µs{in_one_pass}",
                shape.label(),
                time("gather"),
                time("separable"),
                time("fused"),
                fastest,
                worst,
                auto.and_then(|a| a.chosen.as_deref()).unwrap_or("?"),
                time("auto"),
            );
        }
        if results.iter().any(|r| r.in_one_pass_us.is_some()) {
            println!(
                "(in one pass: auto's resizes recorded ten to a compute pass, each pass's time \
                 over ten; the other times are a resize in a pass of its own)"
            );
        }
        if method == TimingMethod::Wall {
            println!(
                "(wall clock: the adapter has no timestamp queries; times include submission)"
            );
        }
    }
    if let Some(request) = plot {
        let title = format!("{} ({})", info.name, method.name());
        let svg = plot::svg(
            &title,
            &shapes,
            &results,
            request.peer.as_ref(),
            request.copy_rate,
        )
        .map_err(|e| format!("--plot {}: {e}", request.file.display()))?;
        // Through a file that replaces the old plot only once complete, as `resize` writes.
        files::replace_file(&request.file, |out| {
            std::io::Write::write_all(out, svg.as_bytes())
        })
        .map_err(|e| format!("--plot {e}"))?;
        eprintln!("plot written to {}", request.file.display());
    }
    Ok(verdict(&wrong))
}

/// Success, or failure after naming each result in `wrong` that differs from the CPU
/// reference beyond its tolerance.
fn verdict(wrong: &[String]) -> ExitCode {
    if wrong.is_empty() {
        return ExitCode::SUCCESS;
    }
    eprintln!(
        "wgresize: results differ from the CPU reference:\n  {}",
        wrong.join("\n  ")
    );
    ExitCode::FAILURE
}

fn run_conformance(
    dir: &std::path::Path,
    path: Path,
    json: bool,
    options: &ResizerOptions,
) -> Result<ExitCode, String> {
    let cases = conformance::load_cases(dir).map_err(|e| e.to_string())?;
    let (context, resizer) = gpu(options)?;
    if !json {
        eprintln!(
            "{} cases on {} ({} path)",
            cases.len(),
            context.describe(),
            path
        );
    }
    let mut rows = Vec::new();
    let (mut failed, mut skipped) = (0, 0);
    for case in &cases {
        // A path that cannot run a case's spec (the fused path needs NHWC, channels a multiple
        // of 4) skips it, saying why; it is not a failure of the path.
        if let Ok(spec) = case.spec()
            && let Err(why) = resizer.availability(&spec, path)
        {
            skipped += 1;
            rows.push(json!({ "id": case.id, "skipped": why }));
            continue;
        }
        let (passed, max_abs, error) = match case.run(dir, Runner::Gpu(&resizer, path)) {
            Ok(outcome) => (outcome.passed(), outcome.max_abs, None),
            Err(e) => (false, f64::NAN, Some(e.to_string())),
        };
        if !passed {
            failed += 1;
            if !json {
                match &error {
                    Some(e) => println!("FAIL {}: {e}", case.id),
                    None => println!(
                        "FAIL {}: max abs {max_abs:.3e} > {:.1e}",
                        case.id, case.tolerance_max_abs
                    ),
                }
            }
        }
        rows.push(json!({
            "id": case.id,
            "passed": passed,
            "max_abs_error": if max_abs.is_finite() { json!(max_abs) } else { json!(null) },
            "tolerance": case.tolerance_max_abs,
            "error": error,
        }));
    }
    let passed = cases.len() - failed - skipped;
    if json {
        let doc = json!({
            "adapter": context.adapter.get_info().name,
            "path": path.name(),
            "passed": passed,
            "failed": failed,
            "skipped": skipped,
            "cases": rows,
        });
        print_json(&doc)?;
    } else if skipped > 0 {
        println!(
            "{passed} passed, {failed} failed, {skipped} skipped (the {path} path cannot run their \
             specs)"
        );
    } else {
        println!("{passed} passed, {failed} failed");
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn run_texture_bench(
    quick: bool,
    json: bool,
    warmup: f64,
    options: &ResizerOptions,
) -> Result<ExitCode, String> {
    let (context, resizer, _, _) = bench_setup(quick, warmup, options)?;
    let iterations = if quick { 3 } else { 50 };
    let shapes = bench::standard_shapes();
    let mut results = Vec::new();
    for (k, shape) in shapes.iter().enumerate() {
        let label = shape.with_element(wgpu_resize::ElementType::U8).label();
        eprintln!("[{}/{}] {label} textures", k + 1, shapes.len());
        results.push(
            bench::run_texture_shape(&resizer, shape, iterations).map_err(|e| e.to_string())?,
        );
    }
    warn(&resizer);
    if json {
        let info = context.adapter.get_info();
        print_json(&json!({
            "adapter": info.name,
            "backend": format!("{:?}", info.backend).to_lowercase(),
            "timing": "wall, back-to-back resizes in one submission",
            "results": results,
        }))?;
    } else {
        println!(
            "{} — wall µs per resize, {iterations} back to back",
            context.describe()
        );
        println!(
            "{:<44} {:>10} {:>16} {:>12} {:>12} {:>18} {:>17} {:>18}",
            "shape (u8 RGBA)",
            "buffers",
            "storage texture",
            "copy sRGB",
            "render sRGB",
            "buffer to storage",
            "buffer to render",
            "texture to buffer"
        );
        for r in &results {
            println!(
                "{:<44} {:>10.1} {:>16.1} {:>12.1} {:>12.1} {:>18.1} {:>17.1} {:>18.1}",
                r.shape.label(),
                r.buffer_us,
                r.storage_texture_us,
                r.copy_texture_us,
                r.render_texture_us,
                r.buffer_to_storage_us,
                r.buffer_to_render_us,
                r.texture_to_buffer_us
            );
        }
        println!("auto between buffers, and from the buffer into the storage target:");
        for r in &results {
            println!(
                "  {}: {}; into the texture {} ({})",
                r.shape.label(),
                r.path,
                r.storage_route_path,
                r.storage_route_reason
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_frames_bench(
    quick: bool,
    json: bool,
    warmup: f64,
    options: &ResizerOptions,
) -> Result<ExitCode, String> {
    let (context, resizer, method, settings) = bench_setup(quick, warmup, options)?;
    let cases = bench::frames::frame_cases(quick);
    let mut results = Vec::new();
    for (k, case) in cases.iter().enumerate() {
        eprintln!("[{}/{}] {}", k + 1, cases.len(), case.label());
        results.push(
            bench::frames::run_frame_case(&resizer, case, method, settings)
                .map_err(|e| e.to_string())?,
        );
    }
    warn(&resizer);
    if json {
        let info = context.adapter.get_info();
        print_json(&json!({
            "adapter": info.name,
            "backend": format!("{:?}", info.backend).to_lowercase(),
            "timing": format!("{}, median, a compute pass a frame", method.name()),
            "f16_io": f16_io(&resizer),
            "results": results,
        }))?;
    } else {
        println!(
            "{} — {} µs per frame, median, a compute pass each (in one pass: auto, frames in turn)",
            context.describe(),
            method.name()
        );
        println!(
            "{:<40} {:>9} {:>8} {:>10} {:>8} {:>8} {:>12} {:>10} {:>10}",
            "frame -> tensor",
            "MB moved",
            "gather",
            "separable",
            "fused",
            "auto",
            "in one pass",
            "path",
            "max error"
        );
        let us = |t: Option<f64>| t.map_or("-".to_string(), |t| format!("{t:.1}"));
        for r in &results {
            println!(
                "{:<40} {:>9.2} {:>8} {:>10} {:>8} {:>8.1} {:>12.1} {:>10} {:>10.1e}",
                r.case.label(),
                r.floor_bytes as f64 / 1e6,
                us(r.gather_us),
                us(r.separable_us),
                us(r.fused_us),
                r.median_us,
                r.in_one_pass_us,
                r.path,
                r.max_abs_err
            );
        }
    }
    let wrong: Vec<String> = results
        .iter()
        .filter(|r| r.max_abs_err > r.case.tolerance())
        .map(|r| {
            format!(
                "{}: {:.3e} > {:.0e}",
                r.case.label(),
                r.max_abs_err,
                r.case.tolerance()
            )
        })
        .collect();
    Ok(verdict(&wrong))
}

fn run_sweep(
    quick: bool,
    json: bool,
    warmup: f64,
    options: &ResizerOptions,
) -> Result<ExitCode, String> {
    let (context, resizer, method, settings) = bench_setup(quick, warmup, options)?;
    let mut cases = bench::sweep_cases();
    if quick {
        // A smoke run on a software rasteriser: the small shapes only.
        cases.retain(|c| {
            let output = (c.h as f64 * c.scale) * (c.w as f64 * c.scale);
            c.h * c.w <= 1 << 20 && output <= (1 << 18) as f64
        });
    }
    let mut results = Vec::new();
    for (k, case) in cases.iter().enumerate() {
        eprintln!(
            "[{}/{}] {}x{} x{} {:?}",
            k + 1,
            cases.len(),
            case.h,
            case.w,
            case.scale,
            case.filter
        );
        results.push(
            bench::run_sweep_case(&resizer, case, method, settings).map_err(|e| e.to_string())?,
        );
    }
    warn(&resizer);
    let within = results
        .iter()
        .filter(|r| r.auto_over_fastest <= 1.05)
        .count();
    let heuristic_within = results
        .iter()
        .filter(|r| r.heuristic_over_fastest <= 1.05)
        .count();
    if json {
        let info = context.adapter.get_info();
        let doc = json!({
            "adapter": info.name,
            "backend": format!("{:?}", info.backend).to_lowercase(),
            "timing": method.name(),
            "within_5_percent": within,
            "heuristic_within_5_percent": heuristic_within,
            "results": results,
        });
        print_json(&doc)?;
    } else {
        println!(
            "{} — timing: {}; f16 read and written as {}",
            context.describe(),
            method.name(),
            f16_io(&resizer)
        );
        println!(
            "{:<24} {:>18} {:>10} {:>10} {:>10} {:>10} {:>10}  chosen (source), unmeasured choice / best",
            "shape", "filter", "gather µs", "separ. µs", "fused µs", "auto µs", "auto/best"
        );
        for r in &results {
            println!(
                "{:<24} {:>18} {:>10.1} {:>10.1} {:>10} {:>10.1} {:>10.3}  {} ({}), {} {:.3}",
                format!("{}x{} ->{}x{}", r.case.h, r.case.w, r.out_h, r.out_w),
                format!("{:?}", r.case.filter),
                r.gather_us,
                r.separable_us,
                r.fused_us.map_or("-".into(), |t| format!("{t:.1}")),
                r.auto_us,
                r.auto_over_fastest,
                r.chosen,
                r.source,
                r.heuristic,
                r.heuristic_over_fastest
            );
        }
        println!(
            "auto within 5% of the fastest path on {within} of {}; its choice before measuring on {heuristic_within}",
            results.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}
