//! `wgresize plan`: which path `auto` runs for a shape, where the choice came from and each
//! candidate's time, between buffers or on a texture route (a texture of a format into the
//! tensor, or the tensor into one), each of which is measured on its own; between buffers,
//! each pass's kernel and grid too.

use std::process::ExitCode;

use clap::ValueEnum;
use serde_json::json;
use wgpu_resize::gpu::single_image_texture;
use wgpu_resize::{
    ElementType, PassKernel, Path, Plan, ResizeError, ResizeSpec, Resizer, Size2, TextureImage,
    TextureWrite,
};

use crate::options::ResizeFlags;
use crate::{gpu, print_json, warn};

/// A texture format of the texture routes, by its WebGPU name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TextureFormatArg {
    #[value(name = "rgba8unorm")]
    Rgba8Unorm,
    #[value(name = "rgba8unorm-srgb")]
    Rgba8UnormSrgb,
    #[value(name = "bgra8unorm")]
    Bgra8Unorm,
    #[value(name = "bgra8unorm-srgb")]
    Bgra8UnormSrgb,
    #[value(name = "rgba16float")]
    Rgba16Float,
    #[value(name = "rgba32float")]
    Rgba32Float,
    #[value(name = "r8unorm")]
    R8Unorm,
    #[value(name = "rg8unorm")]
    Rg8Unorm,
    #[value(name = "r16float")]
    R16Float,
    #[value(name = "r32float")]
    R32Float,
}

impl From<TextureFormatArg> for wgpu::TextureFormat {
    fn from(format: TextureFormatArg) -> Self {
        use wgpu::TextureFormat as F;
        match format {
            TextureFormatArg::Rgba8Unorm => F::Rgba8Unorm,
            TextureFormatArg::Rgba8UnormSrgb => F::Rgba8UnormSrgb,
            TextureFormatArg::Bgra8Unorm => F::Bgra8Unorm,
            TextureFormatArg::Bgra8UnormSrgb => F::Bgra8UnormSrgb,
            TextureFormatArg::Rgba16Float => F::Rgba16Float,
            TextureFormatArg::Rgba32Float => F::Rgba32Float,
            TextureFormatArg::R8Unorm => F::R8Unorm,
            TextureFormatArg::Rg8Unorm => F::Rg8Unorm,
            TextureFormatArg::R16Float => F::R16Float,
            TextureFormatArg::R32Float => F::R32Float,
        }
    }
}

/// What the planned resize reads and writes.
#[derive(Clone, Copy, Debug)]
pub enum Route {
    /// Buffers at both ends ([`Resizer::plan`]).
    Buffers,
    /// A texture of this format into the tensor ([`Resizer::plan_texture_to_buffer`]).
    FromTexture(wgpu::TextureFormat),
    /// The tensor into a texture of this format ([`Resizer::plan_buffer_to_texture`]).
    IntoTexture(wgpu::TextureFormat),
}

impl Route {
    /// The route of `--from-texture` and `--into-texture` (which clap keeps apart).
    pub fn of(from: Option<TextureFormatArg>, into: Option<TextureFormatArg>) -> Self {
        match (from, into) {
            (Some(format), _) => Route::FromTexture(format.into()),
            (None, Some(format)) => Route::IntoTexture(format.into()),
            (None, None) => Route::Buffers,
        }
    }

    /// How the route reads in text and JSON.
    fn describe(self) -> String {
        match self {
            Route::Buffers => "buffers".to_string(),
            Route::FromTexture(format) => format!("from texture {format:?}"),
            Route::IntoTexture(format) => format!("into texture {format:?}"),
        }
    }
}

/// Plans `input` (NxHxWxC) resized by `flags` on `route` and prints the plan.
pub fn run(
    input: &str,
    flags: &ResizeFlags,
    element: ElementType,
    route: Route,
    options: &wgpu_resize::gpu::ResizerOptions,
    json: bool,
) -> Result<ExitCode, String> {
    let dims: Vec<u32> = input
        .split(['x', 'X'])
        .map(|d| d.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("--input {input:?} must look like NxHxWxC"))?;
    let [n, h, w, c] = dims[..] else {
        return Err(format!(
            "--input {input:?} must have four dimensions, NxHxWxC"
        ));
    };
    let spec = flags.spec(n, c, Size2::new(h, w), element)?;
    let (context, resizer) = gpu(options)?;
    let Planned {
        plan,
        kernels,
        write,
    } = plan_on(&context, &resizer, &spec, route)?;
    // The heuristic's choice between buffers. A texture route's heuristic is the library's
    // own affair; the JSON says null there.
    let unmeasured = matches!(route, Route::Buffers).then(|| resizer.heuristic_plan(&spec));
    warn(&resizer);
    if json {
        let doc = json!({
            "route": route.describe(),
            "path": plan.path.name(),
            "source": plan.source.name(),
            "reason": plan.reason,
            "candidates": plan.candidates,
            "before_measuring": unmeasured.as_ref().map(|plan| plan.path.name()),
            "kernels": kernels,
            "texture_write": write.map(|write| format!("{write:?}")),
        });
        print_json(&doc)?;
    } else {
        let out = spec.output();
        println!(
            "{n}x{h}x{w}x{c} -> {}x{}{} ({}): {} ({}) — {}",
            out.height,
            out.width,
            crate::files::placement(&spec),
            route.describe(),
            plan.path,
            plan.source.name(),
            plan.reason
        );
        if let Some(unmeasured) = unmeasured {
            println!(
                "before measuring: {} — {}",
                unmeasured.path, unmeasured.reason
            );
        }
        for (i, pass) in kernels.iter().enumerate() {
            let (x, y, z) = pass.workgroups;
            println!("pass {}: {} ({x}x{y}x{z} workgroups)", i + 1, pass.kernel);
        }
        match write {
            Some(TextureWrite::Copy) => println!("then a copy into the texture"),
            Some(TextureWrite::Render) => println!("then a render pass draws the texture"),
            _ => {}
        }
        // Where no candidate ran, the choice above is the heuristic's and runs no better: say
        // what stopped each one (a tensor beyond the device's buffers, for one).
        if plan.candidates.iter().all(|c| c.median_us.is_none()) {
            for candidate in &plan.candidates {
                if let Some(error) = &candidate.error {
                    println!("{} cannot run: {error}", candidate.path);
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What `wgresize plan` says of a route: `auto`'s plan, the chosen path's dispatches, and how
/// a texture target is written.
struct Planned {
    plan: Plan,
    kernels: Vec<PassKernel>,
    /// `None` where the result is a tensor.
    write: Option<TextureWrite>,
}

/// `auto`'s plan for `spec` on `route`, measured there where it is not decided yet, and the
/// dispatches of the path it chose: a texture route plans with a texture of its format and the
/// spec's size, and a tensor of the spec's at its other end, made here.
fn plan_on(
    context: &wgpu_resize::GpuContext,
    resizer: &Resizer,
    spec: &ResizeSpec,
    route: Route,
) -> Result<Planned, String> {
    use wgpu::TextureUsages as U;
    let texture = |size: Size2, format: wgpu::TextureFormat, usage: U| {
        let most = context.device.limits().max_texture_dimension_2d;
        if size.height > most || size.width > most {
            return Err(format!(
                "a texture of {}x{} is beyond this device's {most} texels a side",
                size.height, size.width
            ));
        }
        made_on(
            &context.device,
            || {
                single_image_texture(
                    &context.device,
                    "wgresize plan texture",
                    size,
                    format,
                    usage,
                )
            },
            |error| format!("a {format:?} texture of {usage:?}: {error}"),
        )
    };
    // The tensor at a texture route's other end, which its dispatches bind.
    let tensor = |bytes: u64| {
        made_on(
            &context.device,
            || {
                context.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("wgresize plan tensor"),
                    // Whole words, as the resizer's own tensors.
                    size: bytes.next_multiple_of(4),
                    usage: wgpu::BufferUsages::STORAGE,
                    mapped_at_creation: false,
                })
            },
            |error| format!("a tensor of {bytes} bytes: {error}"),
        )
    };
    let text = |e: ResizeError| e.to_string();
    // The chosen path's dispatches; none where no candidate could run, whose errors the
    // plan's candidates list (a tensor beyond the device's bindings, for one).
    let kernels_or_none = |plan: &Plan, kernels: Result<Vec<PassKernel>, ResizeError>| match kernels
    {
        Ok(kernels) => Ok(kernels),
        Err(_) if plan.candidates.iter().all(|c| c.median_us.is_none()) => Ok(Vec::new()),
        Err(e) => Err(format!("the kernels of {}: {e}", plan.path)),
    };
    Ok(match route {
        Route::Buffers => {
            let plan = resizer.plan(spec, Path::Auto).map_err(text)?;
            let kernels = kernels_or_none(&plan, resizer.kernels(spec, plan.path))?;
            Planned {
                plan,
                kernels,
                write: None,
            }
        }
        Route::FromTexture(format) => {
            let source = texture(spec.input(), format, U::TEXTURE_BINDING)?;
            let source = TextureImage::first(&source);
            let plan = resizer
                .plan_texture_to_buffer(spec, &source, Path::Auto)
                .map_err(text)?;
            let kernels = match tensor(spec.output_bytes()) {
                Ok(output) => {
                    resizer.texture_to_buffer_kernels(spec, &source, output.slice(..), plan.path)
                }
                Err(e) => Err(ResizeError::Gpu(e)),
            };
            let kernels = kernels_or_none(&plan, kernels)?;
            Planned {
                plan,
                kernels,
                write: None,
            }
        }
        Route::IntoTexture(format) => {
            // Every way of writing a target that the format allows on this device, as the
            // resizer prefers them: storage, copy, render.
            let usage = context.texture_usages(format)
                & (U::STORAGE_BINDING | U::COPY_DST | U::RENDER_ATTACHMENT);
            let target = texture(spec.output(), format, usage)?;
            let target = TextureImage::first(&target);
            let plan = resizer
                .plan_buffer_to_texture(spec, &target, Path::Auto)
                .map_err(text)?;
            let asked = match tensor(spec.input_bytes()) {
                Ok(input) => {
                    resizer.buffer_to_texture_kernels(spec, input.slice(..), &target, plan.path)
                }
                Err(e) => Err(ResizeError::Gpu(e)),
            };
            let (kernels, write) = match asked {
                Ok((kernels, write)) => (kernels, Some(write)),
                Err(e) => (kernels_or_none(&plan, Err(e))?, None),
            };
            Planned {
                plan,
                kernels,
                write,
            }
        }
    })
}

/// What `make` makes on `device`, or the validation error it raised in the words of `what`: an
/// object the device refuses is an error to report, not the default handler's panic.
fn made_on<T>(
    device: &wgpu::Device,
    make: impl FnOnce() -> T,
    what: impl FnOnce(wgpu::Error) -> String,
) -> Result<T, String> {
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let made = make();
    match pollster::block_on(scope.pop()) {
        Some(error) => Err(what(error)),
        None => Ok(made),
    }
}
